"""What the analysis finds on the shipped samples, and that it is really there: the proved
warnings hold in battles (see tests/matcher/test_analysis_soundness.py), and every "never
decided" card really decided nothing when the same battles are counted card by card."""

from __future__ import annotations

from collections import Counter

import pytest

from arena.analysis_samples import FIELDS, program_warnings, sample_situations
from arena.samples import SNAKE_SAMPLES, sample_programs
from engines.snake import Board
from matcher import best_moves, compile_program, load_program
from matcher.analysis import WarningKind

IDLE, NEVER = WarningKind.IDLE_WEIGHT, WarningKind.NEVER_DECIDED

# Per sample: (kind, card counted from 1, cells) of every warning `snakepit check` prints.
FOUND: dict[str, list[tuple[WarningKind, int, list[tuple[int, int]]]]] = {
    "and_groups": [],
    "beginner": [],
    "head_avoider": [(IDLE, 2, [(2, 3)]), (IDLE, 3, [(1, 3), (2, 2), (2, 4)]), (NEVER, 4, [])],
    "hunter": [(IDLE, 2, [(2, 3)])],
    "nine_cards": [(IDLE, 2, [(2, 3)]), (IDLE, 4, [(2, 2), (2, 4)]), (IDLE, 5, [(1, 3), (2, 2), (2, 4)]),
                   (NEVER, 8, []), (NEVER, 9, [])],
    "or_groups": [(NEVER, 4, [])],
    "ouroboros": [(IDLE, 2, [(2, 3)])],
    "tail_biter": [(IDLE, 2, [(2, 3)]), (IDLE, 4, [(1, 3), (2, 2), (2, 4)])],
    "wall_hugger": [],
}


def test_every_sample_is_listed() -> None:
    assert sorted(FOUND) == sorted(p.name.removesuffix(".snake.json") for p in sample_programs())


@pytest.mark.parametrize("name", sorted(FOUND))
def test_what_the_analysis_finds_on_each_sample(name: str) -> None:
    warnings = program_warnings(load_program(SNAKE_SAMPLES / f"{name}.snake.json"))
    assert [(w.kind, w.card + 1, list(w.cells)) for w in warnings] == FOUND[name]
    assert all(w.proved == (w.kind is not NEVER) for w in warnings)


@pytest.mark.parametrize("name", sorted(n for n, found in FOUND.items() if any(k is NEVER for k, _, _ in found)))
def test_cards_never_decided_in_the_samples_really_never_decided(name: str) -> None:
    """Decided again one by one with the single-decision matcher (the analysis counts with the
    batched evaluation), in every sampled position (every choice of both snakes) and test."""
    program = load_program(SNAKE_SAMPLES / f"{name}.snake.json")
    samples = sample_situations(program)
    assert samples.battles == (len(sample_programs()) + 1) * len(FIELDS)
    compiled = compile_program(program)
    situations = samples.situations + [(t.position, t.snake) for t in program.tests]
    decided = Counter(best_moves(compiled, Board(position), snake)[1] for position, snake in situations)
    never = [card - 1 for kind, card, _ in FOUND[name] if kind is NEVER]
    assert len(samples.situations) > 4000 and all(decided[c] == 0 for c in never), decided
    assert all(decided[c] > 0 for c in range(len(program.cards)) if c not in never)  # the others did
