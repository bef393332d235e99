"""Many seeded random streams drawn from together: a vectorised copy of CPython's
``random.Random`` (MT19937), so that many battles stepped as arrays draw exactly the numbers
that each battle's own ``random.Random(seed)`` would.

A battle played alone draws its move order with ``rng.sample(range(n), n)`` and breaks ties with
``rng.randrange(k)``. Both come down to CPython's ``_randbelow(k)``: take the top
``k.bit_length()`` bits of the next 32-bit output until they are below ``k``; ``sample`` (for
``n <= 21``, its small-population branch) draws ``_randbelow(n - i)`` for its ``i``-th pick from a
pool. With ``k <= 7`` a draw looks at no more than the top 3 bits of an output, its **symbol**.

So each stream keeps, instead of its outputs, their symbols, and for every position the **key**
of the four symbols from there (12 bits). A sequence of draws is a small finite automaton over
keys (:class:`_Automaton`): one table look-up per four outputs gives the state after them and how
many of them were consumed. Drawing for a thousand streams is then a few gathers per four
outputs, the same for every stream, however often each one's draws were rejected.

The state of each stream is seeded by ``random.Random(seed)`` itself (``getstate``), so seeding
is CPython's by construction; the twist and the tempering are redone here, for all streams at
once. A stream's buffer holds two blocks of 624 outputs, the current and the next twist's, and
streams move on a block all together when one of them nears the end of its buffer.

Dtype policy: MT words ``uint32``, symbols ``uint8``, keys ``uint16``, positions and draws
``intp``.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

N = 624
M = 397
_MATRIX_A = np.uint32(0x9908B0DF)
_UPPER = np.uint32(0x80000000)
_LOWER = np.uint32(0x7FFFFFFF)

U32Array = npt.NDArray[np.uint32]
IntArray = npt.NDArray[np.intp]


def twist(mt: U32Array) -> U32Array:
    """The next MT19937 state of every row of ``mt`` (R, 624): CPython's ``genrand_uint32``
    regeneration, in the four stretches where each word's inputs are all old or all new."""
    new = np.empty_like(mt)
    scratch = np.empty_like(mt)

    def run(first: int, stop: int, nxt: U32Array, far: U32Array) -> None:
        y, out = scratch[:, first:stop], new[:, first:stop]
        np.bitwise_and(nxt, _LOWER, out=y)
        np.bitwise_or(y, mt[:, first:stop] & _UPPER, out=y)
        np.right_shift(y, np.uint32(1), out=out)
        np.bitwise_xor(out, far, out=out)
        np.bitwise_and(y, np.uint32(1), out=y)
        np.multiply(y, _MATRIX_A, out=y)
        np.bitwise_xor(out, y, out=out)

    run(0, N - M, mt[:, 1 : N - M + 1], mt[:, M:N])
    run(N - M, 2 * (N - M), mt[:, N - M + 1 : 2 * (N - M) + 1], new[:, 0 : N - M])
    run(2 * (N - M), N - 1, mt[:, 2 * (N - M) + 1 : N], new[:, N - M : M - 1])
    run(N - 1, N, new[:, 0:1], new[:, M - 1 : M])
    return new


def temper(mt: U32Array) -> U32Array:
    """The outputs of a state block (MT19937 tempering)."""
    y = mt >> np.uint32(11)
    y ^= mt
    t = y << np.uint32(7)
    t &= np.uint32(0x9D2C5680)
    y ^= t
    np.left_shift(y, np.uint32(15), out=t)
    t &= np.uint32(0xEFC60000)
    y ^= t
    np.right_shift(y, np.uint32(18), out=t)
    y ^= t
    return y


SYMBOL_BITS = 3
"""Top bits of an output kept: enough for ``_randbelow(k)`` with k up to 7."""
MAX_BELOW = (1 << SYMBOL_BITS) - 1
KEY_SYMBOLS = 4
KEY_SPACE = 1 << (SYMBOL_BITS * KEY_SYMBOLS)
MAX_SAMPLE = 4
"""The largest population :meth:`RandomStreams.sample_orders` draws (a battle's snakes)."""
_SAMPLE_ROUNDS = 3  # keys read for every stream of a sample (96% are done after 12 outputs)


@dataclass(frozen=True)
class _Automaton:
    """Sequences of ``_randbelow`` draws as a finite automaton over keys. A **program** is the
    list of ``k`` of its draws; a state is a program and the draws accepted so far.

    ``step[state * KEY_SPACE + key]`` is the state after the four outputs of ``key`` and
    ``used[...]`` how many of them were consumed (a finished program consumes no more and stays
    where it is); ``start[p]`` is program ``p``'s first state; ``draws[state]`` the accepted draws
    (the whole list once ``done[state]``)."""

    start: IntArray
    step: IntArray
    used: IntArray
    done: npt.NDArray[np.bool_]
    draws: IntArray

    @classmethod
    @functools.cache
    def build(cls, programs: tuple[tuple[int, ...], ...]) -> _Automaton:
        if not all(1 <= k <= MAX_BELOW for program in programs for k in program):
            raise ValueError(f"draws of _randbelow(k) need 1 <= k <= {MAX_BELOW}: {programs!r}")
        states: dict[tuple[int, tuple[int, ...]], int] = {(p, ()): p for p in range(len(programs))}
        walk: list[tuple[int, tuple[int, ...]]] = list(states)
        table = []
        for program, drawn in walk:  # grows while it is walked: a breadth-first search
            row = []
            for symbol in range(1 << SYMBOL_BITS):
                ks = programs[program]
                after = drawn
                if len(drawn) < len(ks):
                    k = ks[len(drawn)]
                    value = symbol >> (SYMBOL_BITS - k.bit_length())
                    after = drawn + (value,) if value < k else drawn
                row.append(states.setdefault((program, after), len(walk)))
                if len(walk) < len(states):
                    walk.append((program, after))
            table.append(row)
        one = np.array(table, dtype=np.intp)
        done = np.array([len(d) == len(programs[p]) for p, d in walk])
        # Four symbols at once: the one-symbol table composed with itself, first symbol highest.
        symbols = np.indices((1 << SYMBOL_BITS,) * KEY_SYMBOLS).reshape(KEY_SYMBOLS, -1)
        state = np.repeat(np.arange(len(walk), dtype=np.intp)[:, None], KEY_SPACE, axis=1)
        used = np.zeros_like(state)
        for column in symbols:
            used += ~done[state]
            state = one[state, column]
        longest = max(len(program) for program in programs)
        draws = np.array([d + (0,) * (longest - len(d)) for _, d in walk], dtype=np.intp)
        return cls(np.arange(len(programs), dtype=np.intp), state.reshape(-1), used.reshape(-1), done, draws)


def _sample(n: int, picks: IntArray) -> IntArray:
    """(R, n) ``random.sample(range(n), n)`` given each row's draws: the pool algorithm."""
    pool = np.tile(np.arange(n, dtype=np.intp), (len(picks), 1))
    result = np.empty_like(pool)
    rows = np.arange(len(picks))
    for i in range(n):
        j = picks[:, i]
        result[:, i] = pool[rows, j]
        pool[rows, j] = pool[:, n - i - 1]
    return result


@functools.cache
def _below() -> _Automaton:
    """The automaton of one ``_randbelow(k)``, program ``k - 1`` for k = 1..7."""
    return _Automaton.build(tuple((k,) for k in range(1, MAX_BELOW + 1)))


@functools.cache
def _orders(n: int) -> tuple[_Automaton, IntArray]:
    """The automaton of ``sample(range(n), n)`` and the order of each of its states."""
    automaton = _Automaton.build((tuple(range(n, 0, -1)),))
    return automaton, _sample(n, automaton.draws)


class RandomStreams:
    """One ``random.Random(seed)`` stream per seed, drawn from by row index (the rows of one
    call must be distinct)."""

    def __init__(self, seeds: Sequence[int]) -> None:
        words = np.empty((len(seeds), N), dtype=np.uint32)
        self.position = np.empty(len(seeds), dtype=np.intp)
        for row, seed in enumerate(seeds):
            state = random.Random(seed).getstate()[1]
            words[row] = state[:N]
            self.position[row] = state[N]
        # A freshly seeded generator is at position N: its first draw twists, so its current
        # block is the twisted state's.
        fresh = self.position >= N
        words[fresh] = twist(words[fresh])
        self.position[fresh] = 0
        self._state = twist(words)  # the state of block 1
        self._symbols = np.empty((len(seeds), 2 * N), dtype=np.uint8)
        self._symbols[:, :N] = _symbols(words)
        self._symbols[:, N:] = _symbols(self._state)
        self._keys = np.zeros((len(seeds), 2 * N), dtype=np.uint16)
        self._fill_keys(np.arange(len(seeds)))
        self._flat_keys = self._keys.reshape(-1)
        self._row_start = np.arange(len(seeds), dtype=np.intp) * (2 * N)

    def __len__(self) -> int:
        return len(self.position)

    def _fill_keys(self, rows: IntArray, first: int = 0) -> None:
        """The keys of ``rows`` from position ``first`` on (those whose symbols are all there)."""
        s = self._symbols[rows, first:].astype(np.uint16)
        last = s.shape[1] - KEY_SYMBOLS + 1
        keys = s[:, :last] << (SYMBOL_BITS * (KEY_SYMBOLS - 1))
        for i in range(1, KEY_SYMBOLS):
            keys |= s[:, i : last + i] << (SYMBOL_BITS * (KEY_SYMBOLS - 1 - i))
        self._keys[rows, first : first + last] = keys

    def _advance(self) -> None:
        """Every stream past block 0 moves on a block: block 1 becomes block 0 and the next
        twist block 1. Done for all such streams at once, when one of them nears the end."""
        rows = (self.position >= N).nonzero()[0]
        self._symbols[rows, :N] = self._symbols[rows, N:]
        self._keys[rows, : N - KEY_SYMBOLS + 1] = self._keys[rows, N : 2 * N - KEY_SYMBOLS + 1]
        self._state[rows] = twist(self._state[rows])
        self._symbols[rows, N:] = _symbols(self._state[rows])
        self._fill_keys(rows, N - KEY_SYMBOLS + 1)
        self.position[rows] -= N

    def _run(self, rows: IntArray, automaton: _Automaton, state: IntArray, first_rounds: int = 1) -> IntArray:
        """Run ``automaton`` from ``state`` on each stream of ``rows`` to a finished state,
        consuming what each one's draws consume; the finished states. The first
        ``first_rounds`` keys are read for every stream (unfinished or not: cheaper than picking
        the unfinished ones out when most are), then only for the unfinished ones."""
        todo = np.arange(len(rows))
        for round_ in itertools.count():
            if round_ >= first_rounds:  # only the unfinished streams go on
                todo = todo[~automaton.done[state[todo]]]
                if not todo.size:
                    return state
            streams = rows[todo] if round_ >= first_rounds else rows
            if self.position.max() > 2 * N - KEY_SYMBOLS:
                self._advance()
            at = self._flat_keys[self._row_start[streams] + self.position[streams]]
            key = (state[todo] if round_ >= first_rounds else state) * KEY_SPACE + at
            self.position[streams] += automaton.used[key]
            state[todo] = automaton.step[key]
        raise AssertionError("unreachable")  # pragma: no cover

    def below(self, rows: IntArray, k: IntArray) -> IntArray:
        """``random.Random.randrange(k[i])`` (``_randbelow``) drawn from stream ``rows[i]``,
        each ``k`` in 1..7 (a tie among at most four moves)."""
        automaton = _below()
        if ((k - 1).astype(np.uintp) >= MAX_BELOW).any():  # below 1 wraps round to a huge number
            raise ValueError(f"below draws below 1..{MAX_BELOW}, not {k.min()}..{k.max()}")
        state = self._run(rows, automaton, automaton.start.take(k - 1))
        drawn: IntArray = automaton.draws[state, 0]
        return drawn

    def sample_orders(self, rows: IntArray, n: int) -> IntArray:
        """(R, n): ``random.Random.sample(range(n), n)`` drawn from each stream in ``rows``
        (1 <= n <= :data:`MAX_SAMPLE`)."""
        if not 1 <= n <= MAX_SAMPLE:
            raise ValueError(f"sample_orders draws orders of 1..{MAX_SAMPLE} items, not {n}")
        automaton, orders = _orders(n)
        state = self._run(rows, automaton, np.zeros(len(rows), dtype=np.intp), _SAMPLE_ROUNDS)
        order: IntArray = orders[state]
        return order


def _symbols(mt: U32Array) -> npt.NDArray[np.uint8]:
    """The symbols of a state block's outputs."""
    outputs = temper(mt)
    outputs >>= np.uint32(32 - SYMBOL_BITS)
    symbols: npt.NDArray[np.uint8] = outputs.astype(np.uint8)
    return symbols
