"""The shipped snake samples: every one is valid, documented and tested, together they show every
program feature, and they play each other to a proper end, replaying exactly from the seed."""

from __future__ import annotations

import io
import itertools
import json
import re

import pytest

from arena.match import MatchSetup, run_match
from arena.program_battle import BattleResult, BattleSettings, play_battle
from arena.replay import REPLAY_FORMAT
from arena.samples import sample_programs
from engines.snake import Board, EndReason
from engines.snake.battle import ranks_of
from matcher import GroupKind, Program, SetRef, dumps_program, load_program
from matcher.model import MAX_CARDS
from matcher.testing import run_tests
from tests.reference_matcher import reference_decide

SAMPLES = sample_programs()
PROGRAMS: dict[str, Program] = {path.name.removesuffix(".snake.json"): load_program(path) for path in SAMPLES}
REQUIRED = ("tail_biter", "wall_hugger", "head_avoider", "hunter", "or_groups", "and_groups", "nine_cards", "beginner")
END_REASONS = {reason.value for reason in EndReason}
LENGTH = 10
STEPS = 300


def _patterns(program: Program):
    return [pattern for card in program.cards for pattern in card.cells.values()]


# --- every sample on its own ------------------------------------------------------------------


def test_there_are_enough_samples_with_snake_case_names() -> None:
    assert len(SAMPLES) >= 8
    for path in SAMPLES:
        assert re.fullmatch(r"[a-z][a-z0-9_]*\.snake\.json", path.name), path.name
    assert set(REQUIRED) <= set(PROGRAMS), f"missing: {sorted(set(REQUIRED) - set(PROGRAMS))}"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_sample_is_documented_and_its_tests_pass(name: str) -> None:
    program = PROGRAMS[name]
    assert program.name.strip()
    assert program.description.strip()
    for index, card in enumerate(program.cards):
        assert card.description.strip(), f"card {index + 1} has no description"
    assert program.tests, "a sample needs at least one embedded test"
    results = run_tests(program)
    failed = [r.describe() for r in results if not r.passed]
    assert not failed, failed
    # A test only exercises the cards when the snake has a choice...
    for test in program.tests:
        assert len(Board(test.position).possible_moves(test.snake)) >= 2, f"{test.name!r}: fewer than 2 possible moves"
    # ...and at least one test of each sample must be decided by a card, not by the random fallback.
    assert any(r.card is not None for r in results)
    # The literal reference matcher agrees with the embedded expectations.
    for test in program.tests:
        assert frozenset(reference_decide(program, test.position, test.snake).best) == test.expect, test.name


def test_samples_show_every_feature() -> None:
    programs = list(PROGRAMS.values())
    assert any(len(p.cards) == MAX_CARDS for p in programs), "no sample with 9 cards"
    assert any(len(p.cards) == 1 for p in programs), "no one-card sample"
    assert any(p.negate for prog in programs for p in _patterns(prog)), "no sample uses NOT"
    assert any(
        prog.sets and any(isinstance(p.match, SetRef) for p in _patterns(prog)) for prog in programs
    ), "no sample uses a user set"
    assert any(p.group.kind is GroupKind.OR for prog in programs for p in _patterns(prog)), "no sample uses OR groups"
    assert any(
        len({p.group for p in card.cells.values() if p.group.kind is GroupKind.AND}) >= 2
        for prog in programs
        for card in prog.cards
    ), "no sample has a card with two or more AND groups"


def test_the_named_samples_show_their_feature() -> None:
    assert len(PROGRAMS["nine_cards"].cards) == MAX_CARDS
    assert len(PROGRAMS["beginner"].cards) == 1
    assert any(p.negate for p in _patterns(PROGRAMS["head_avoider"]))
    assert any(isinstance(p.match, SetRef) for p in _patterns(PROGRAMS["hunter"]))
    assert any(p.group.kind is GroupKind.OR for p in _patterns(PROGRAMS["or_groups"]))
    assert any(
        len({p.group for p in card.cells.values() if p.group.kind is GroupKind.AND}) >= 2
        for card in PROGRAMS["and_groups"].cards
    )


# --- samples in battle ----------------------------------------------------------------------


def _battle(names: tuple[str, ...], seed: int) -> tuple[BattleResult, str]:
    """The battle as ``snakepit battle --record`` plays it: a snake match, its replay recorded."""
    record = io.StringIO()
    setup = MatchSetup("snake", tuple(dumps_program(PROGRAMS[n]) for n in names), seed,
                       {"length": LENGTH, "steps": STEPS}, names)
    result = BattleResult.of(run_match(setup, record=record))
    assert result == play_battle([PROGRAMS[n] for n in names], BattleSettings(seed=seed, length=LENGTH, max_steps=STEPS))
    return result, record.getvalue()


def _check_battle(names: tuple[str, ...], seed: int) -> None:
    result, replay = _battle(names, seed)
    assert result.end in END_REASONS
    assert 1 <= result.steps <= STEPS
    if result.end == EndReason.STEP_LIMIT.value:
        assert result.steps == STEPS
    assert sum(result.lengths) == LENGTH * len(names)  # a bite moves one cell from victim to biter
    assert result.ranks == ranks_of(result.lengths)
    lines = [json.loads(line) for line in replay.splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["format"] == REPLAY_FORMAT
    assert [s["name"] for s in lines[0]["seats"]] == list(names)
    assert sum(1 for line in lines if line["type"] == "round") == result.steps
    assert (lines[-1]["type"], lines[-1]["rounds"], lines[-1]["end"], lines[-1]["scores"], lines[-1]["ranks"]) == (
        "result", result.steps, result.end, result.lengths, result.ranks)
    if result.end == EndReason.ONE_LEFT.value:
        eaten = [e for line in lines if line["type"] == "round" for e in line["events"] if e[0] == "eaten"]
        assert len(eaten) == len(names) - 1
    again, replay_again = _battle(names, seed)
    assert again == result
    assert replay_again == replay


# Every pair once; every other pair with the seats swapped, so both seats get played.
PAIRS = [pair if i % 2 == 0 else pair[::-1] for i, pair in enumerate(itertools.combinations(sorted(PROGRAMS), 2))]


@pytest.mark.parametrize("names", PAIRS, ids=["-vs-".join(p) for p in PAIRS])
def test_pair_battle_ends_properly_and_replays_exactly(names: tuple[str, str]) -> None:
    _check_battle(names, seed=PAIRS.index(names))


FOURS = [("tail_biter", "wall_hugger", "hunter", "beginner"), ("nine_cards", "head_avoider", "or_groups", "and_groups")]


@pytest.mark.parametrize("names", FOURS, ids=["-".join(f) for f in FOURS])
def test_four_snake_battle_ends_properly_and_replays_exactly(names: tuple[str, str, str, str]) -> None:
    _check_battle(names, seed=7)
