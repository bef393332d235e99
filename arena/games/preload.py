"""Imported for its effect: every game loaded (:func:`~arena.games.registry.games`).

The fork server that makes worker processes (:func:`arena.tournament.workers.worker_context`)
imports this module when it starts, so every worker is forked with the games' referees loaded.
Left to the workers, each imported all five on its first game, in every pool: 0.11-0.14 s of a
worker's CPU (the same again in every worker), most of what kept the 2-job tournament bench short
of 2x. Nothing else imports it: a process that needs one game need not load them all at import."""

from arena.games.registry import games

games()
