"""Per-game seeds: each game's seed is a pure function of the tournament (or duel) seed and the
game's index, so a game plays the same whichever worker runs it, in whatever order, after
whatever was interrupted."""

from __future__ import annotations

import secrets

import numpy as np

SEED_BITS = 63  # fits a signed 64-bit integer: safe in JSON readers that use int64


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of the tournament seeded ``seed``: NumPy's
    ``SeedSequence`` child ``index``, so neighbouring indices (and seeds) give unrelated streams.
    A seed is less than 2**64 and not negative (:mod:`arena.seed`); one a tournament stored before
    that rule is taken modulo 2**64, as it was then."""
    if index < 0:
        raise ValueError(f"game index {index!r} is negative")
    state = np.random.SeedSequence(seed % 2**64, spawn_key=(index,)).generate_state(1, np.uint64)
    return int(state[0]) >> (64 - SEED_BITS)


def fresh_seed() -> int:
    """A new tournament seed when the user gave none (printed and stored, so the run repeats)."""
    return secrets.randbits(32)
