"""The vectorised random streams draw exactly what each seed's own ``random.Random`` draws."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.snake.streams import MAX_BELOW, N, RandomStreams


@settings(max_examples=15, derandomize=True, database=None, deadline=None)
@given(st.lists(st.integers(min_value=-(2**70), max_value=2**70), min_size=1, max_size=6, unique=True),
       st.integers(min_value=0, max_value=2**32))
def test_orders_and_ties_match_random_random(seeds: list[int], calls: int) -> None:
    """Interleaved sample(range(n), n) and randrange(k) calls on some of the streams, through
    more than two blocks of outputs (so every stream twists and moves on its buffer)."""
    rnd = random.Random(calls)  # which calls, on which streams
    streams = RandomStreams(seeds)
    alone = [random.Random(seed) for seed in seeds]
    drawn = 0
    while drawn < 3 * N:
        rows = np.array(sorted(rnd.sample(range(len(seeds)), rnd.randint(1, len(seeds)))), dtype=np.intp)
        if rnd.random() < 0.5:
            n = rnd.randint(1, 4)
            got = streams.sample_orders(rows, n)
            assert [list(order) for order in got] == [alone[r].sample(range(n), n) for r in rows]
        else:
            k = np.array([rnd.randint(1, MAX_BELOW) for _ in rows], dtype=np.intp)
            got = streams.below(rows, k)
            assert list(got) == [alone[r].randrange(int(kk)) for r, kk in zip(rows, k)]
        drawn += 4
    # The streams really went through their buffers, and still agree past that.
    probe = np.arange(len(seeds), dtype=np.intp)
    assert [list(o) for o in streams.sample_orders(probe, 4)] == [a.sample(range(4), 4) for a in alone]


def test_out_of_range_draws_are_refused() -> None:
    streams = RandomStreams([1])
    with pytest.raises(ValueError, match="1..7"):
        streams.below(np.array([0]), np.array([8]))
    with pytest.raises(ValueError, match="1..4"):
        streams.sample_orders(np.array([0]), 5)
