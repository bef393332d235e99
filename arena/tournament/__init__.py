"""Tournaments and version duels for every game: fair round-robin schedules with seat rotation,
per-game seeds, standings with OpenSkill ratings, resumable runs on a local process pool or a
Dask cluster, and an SPRT duel between two programs. The CLI is :mod:`arena.cli_tournament`;
the app's tournament tab builds on :func:`run_tournament` and :func:`run_duel`."""

from arena.tournament.duel import DuelResult, DuelState, SprtSettings, Verdict, run_duel
from arena.tournament.errors import ReadCancelled, TournamentError
from arena.tournament.games import CancelFlag, GameOutcome, play_game
from arena.tournament.results import GameRecord, Standing, Standings, compute_standings, fault_notes, table_text
from arena.tournament.runner import (
    GameStart,
    Progress,
    TournamentInterrupted,
    TournamentRun,
    clock,
    eta_clock,
    open_tournament,
    read_tournament,
    run_tournament,
)
from arena.tournament.schedule import round_robin, seat_counts
from arena.tournament.seeds import game_seed
from arena.tournament.spec import Entrant, TournamentSpec

__all__ = [
    "CancelFlag", "DuelResult", "DuelState", "Entrant", "GameOutcome", "GameRecord", "GameStart", "Progress",
    "ReadCancelled", "SprtSettings", "Standing", "Standings", "TournamentError", "TournamentInterrupted", "TournamentRun", "TournamentSpec", "Verdict", "clock", "eta_clock",
    "compute_standings", "game_seed", "open_tournament", "play_game", "read_tournament", "round_robin", "run_duel", "run_tournament",
    "seat_counts", "table_text", "fault_notes",
]
