"""Program diffs: cards matched across reorderings, cells, heads, sets, descriptions and tests;
applying the diff to A gives B (also through its JSON), for the samples and for random pairs."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.samples import SNAKE_SAMPLES, sample_programs
from engines.snake import Direction, Element
from matcher.diff import DiffError, apply_diff, diff_programs
from matcher.diff_json import diff_from_json, diff_to_json
from matcher.editing import move_card, paint, remove_card, turn_head
from matcher.fileformat import load_program
from matcher.model import OR_GROUPS, Card, ElementSet, Group, GroupKind, Head, Pattern, Program, ProgramTest, SetRef
from tests.strategies import REPLAYABLE, random_position, random_program

SAMPLES = [load_program(p) for p in sample_programs()]
OR2 = Group(GroupKind.OR, 2)


def round_trip(a: Program, b: Program) -> None:
    diff = diff_programs(a, b)
    assert apply_diff(a, diff) == b
    again = diff_from_json(json.loads(json.dumps(diff_to_json(diff))))
    assert again == diff and apply_diff(a, again) == b
    assert diff.same == (a == b)


@pytest.mark.parametrize(("i", "j"), list(product(range(len(SAMPLES)), repeat=2)))
def test_every_pair_of_samples_round_trips(i: int, j: int) -> None:
    round_trip(SAMPLES[i], SAMPLES[j])


def mutate(program: Program, rnd: random.Random) -> Program:
    """A few edits an author makes: paint, clear, turn, move and drop cards, rename, retest."""
    for _ in range(rnd.randint(1, 6)):
        kind = rnd.randrange(7)
        index = rnd.randrange(len(program.cards))
        if kind == 0:
            cell = (rnd.randrange(7), rnd.randrange(7))
            program = replace(program, cards=tuple(paint(c, [cell], Pattern(rnd.choice(list(Element)), rnd.random() < 0.3,
                                                                              Group(GroupKind.OR, rnd.randint(1, OR_GROUPS))))
                                                   if k == index else c for k, c in enumerate(program.cards)))
        elif kind == 1 and program.cards[index].cells:
            gone = rnd.choice(sorted(program.cards[index].cells))
            cells = {c: p for c, p in program.cards[index].cells.items() if c != gone}
            program = replace(program, cards=tuple(replace(c, cells=cells) if k == index else c
                                                   for k, c in enumerate(program.cards)))
        elif kind == 2:
            program = replace(program, cards=tuple(turn_head(c) if k == index else c for k, c in enumerate(program.cards)))
        elif kind == 3:
            program = move_card(program, index, rnd.randrange(len(program.cards)))
        elif kind == 4 and len(program.cards) > 1:
            program = remove_card(program, index)
        elif kind == 5:
            program = replace(program, name=program.name + "'", description=f"take {rnd.randrange(9)}")
        else:
            test = ProgramTest(f"t{rnd.randrange(3)}", random_position(rnd), 0, frozenset({Direction.UP}))
            program = replace(program, tests=(*program.tests[: rnd.randrange(3)], test))
    return program


@settings(REPLAYABLE, max_examples=300)
@given(st.randoms(use_true_random=False))
def test_random_programs_and_their_edits_round_trip(rnd: random.Random) -> None:
    a = random_program(rnd)
    round_trip(a, mutate(a, rnd))
    round_trip(a, random_program(rnd))  # unrelated programs too


def test_cards_are_matched_when_reordered_and_changes_are_itemised() -> None:
    tail = load_program(SNAKE_SAMPLES / "tail_biter.snake.json")
    assert tail.name == "Tail biter"
    b = move_card(tail, 0, 3)
    painted = paint(b.cards[1], [(0, 0)], Pattern(Element.BORDER, group=OR2))
    b = replace(b, cards=(b.cards[0], replace(painted, description="changed"), *b.cards[2:]),
                sets=(ElementSet("walls", frozenset({Element.BORDER})),))
    diff = diff_programs(tail, b)
    assert [(c.before, c.after, c.kind) for c in diff.cards] == [(1, 0, "moved"), (2, 1, "changed"), (3, 2, "moved"),
                                                                 (0, 3, "moved")]
    changed = diff.cards[1]
    assert changed.description == (tail.cards[2].description, "changed")
    assert [(c.cell, c.before, c.after) for c in changed.cells] == [((0, 0), tail.cards[2].cells[(0, 0)],
                                                                     Pattern(Element.BORDER, group=OR2))]
    assert [(s.index, s.before, s.after) for s in diff.sets] == [(0, None, b.sets[0])]
    assert diff_to_json(diff)["cards"][1]["cells"] == [
        {"row": 0, "col": 0, "a": {"match": "enemy_tail", "group": "or1"}, "b": {"match": "border", "group": "or2"}}]


def test_added_and_removed_cards_are_whole() -> None:
    a = Program("a", "", (), (Card(Head(3, 3, Direction.UP), {(2, 3): Pattern(Element.ENEMY_TAIL)}, "bite"),))
    new = Card(Head(6, 0, Direction.LEFT), {(5, 0): Pattern(SetRef(0), True)}, "new")
    b = Program("a", "", (ElementSet("x", frozenset({Element.EMPTY})),), (new,))
    diff = diff_programs(a, b)
    assert [(c.before, c.after, c.kind, c.card) for c in diff.cards] == [(None, 0, "added", new),
                                                                         (0, None, "removed", a.cards[0])]
    round_trip(a, b)


def test_a_diff_applied_to_another_program_names_the_mismatch() -> None:
    a, b = SAMPLES[0], SAMPLES[1]
    diff = diff_programs(a, b)
    with pytest.raises(DiffError):
        apply_diff(b, diff)
    painted = replace(a, cards=(paint(a.cards[0], [(0, 0)], Pattern(Element.EMPTY)), *a.cards[1:]))
    with pytest.raises(DiffError, match=r"card 1, cell \(row 0, col 0\): the program has empty and1, the diff changes blank"):
        apply_diff(painted, diff_programs(a, replace(a, cards=(paint(a.cards[0], [(0, 0)], Pattern(Element.BORDER)),
                                                                *a.cards[1:]))))


def test_a_malformed_diff_file_is_one_error() -> None:
    for bad in ({}, {"format": "snake-program-diff/1"}, {"format": "snake-program-diff/1", "sets": [], "tests": [],
                                                           "cards": [{"a": -1, "b": 0}]}):
        with pytest.raises(DiffError, match="^d.json: "):
            diff_from_json(bad, "d.json")
