"""The one error of tournaments and duels that reaches the user: a bad entrant, option, schedule
or ``--out`` folder, or a cluster that cannot be reached. The message is one line naming the
place (``--entrant``, the file and line, the game index)."""

from __future__ import annotations


class TournamentError(ValueError):
    """Bad tournament input; the message says where."""


class ReadCancelled(Exception):
    """A tournament folder's read was cancelled before its end (the app opened another folder
    meanwhile): nothing was read, and nothing is wrong with the folder."""
