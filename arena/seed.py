"""What a seed is, wherever one is given: a whole number ``0 <= seed < 2**64``.

A match, battle, tournament, duel or improvement run is played again exactly from its seed, so
two different seeds must never play the same games. Python's ``random.Random`` takes a negative
seed's absolute value (``--seed -5`` played ``--seed 5``'s match) while a tournament took seeds
modulo 2**64 (``-1`` was ``2**64 - 1``): rather than two readings, neither is accepted. Where a
new seed is given it is checked here: the command line's ``--seed`` (match, battle, tournament,
duel, improve), the match API's setup (:meth:`arena.referee.GameReferee.check_setup`) and
:func:`arena.tournament.duel.run_duel`; the app's seed boxes take 0 to 2**31 - 1. What files
written before this rule hold (a replay header, a tournament's ``tournament.json``, which a
resumed tournament takes its seed from) is read as it was written, so it replays, verifies and
resumes as before (a tournament's stored negative seed still counts modulo 2**64).
"""

from __future__ import annotations

import argparse

SEED_LIMIT = 2**64
"""One more than the largest seed."""
SEED_RANGE = f"a whole number from 0 to {SEED_LIMIT - 1}"


def seed_problem(value: object) -> str | None:
    """Why ``value`` is no seed (``expected a whole number from 0 to ..., got -5``), or None."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEED_LIMIT:
        return f"expected {SEED_RANGE}, got {value!r:.60}"
    return None


def seed_argument(text: str) -> int:
    """The command line's ``--seed``: "-5" is refused, not read as 5."""
    try:
        value: object = int(text)
    except ValueError:  # not a number, or more digits than Python reads
        value = text
    problem = seed_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return int(text)


def check_seed(seed: object, error: type[Exception]) -> None:
    """Raise ``error("seed: ...")`` unless ``seed`` is a seed: an API's setup check."""
    problem = seed_problem(seed)
    if problem is not None:
        raise error(f"seed: {problem}")
