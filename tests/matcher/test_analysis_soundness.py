"""Every proof of the program analysis holds on real positions: random programs (some built to
provoke the proofs) against random positions and the positions of sample battles, checked with
the literal reference matcher. A wrong proof fails here with the position that refutes it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.moments import battle_moments
from arena.samples import sample_programs
from arena.program_battle import BattleSettings
from engines.snake import Position
from matcher.analysis.cards import CardFacts, analyse_card
from matcher.analysis.shadow import equal_to, shadowed_by
from matcher.fileformat import load_program
from matcher.model import Program
from tests.matcher.analysis_oracle import asked, crowded_position, deciding_card, tricky_program, variant_checks
from tests.strategies import REPLAYABLE, random_position, random_program
from pathlib import Path

PROOF_COUNTS: Counter[str] = Counter()


def _facts(program: Program) -> list[CardFacts]:
    facts: list[CardFacts] = []
    for index in range(len(program.cards)):
        facts.append(analyse_card(program, index))
    return facts


def _refute(program: Program, facts: list[CardFacts], position: Position, me: int) -> str:
    """'' when every proof holds for snake ``me`` in ``position``, else what failed."""
    if not asked(position, me):
        return ""
    decided = deciding_card(program, position, me)
    for card in facts:
        checks = list(variant_checks(program, program.cards[card.index], position, me))
        if card.never_valid and any(c.valid for c in checks):
            return f"card {card.index + 1} is valid, but 'can never be valid: {card.never_valid}'"
        if card.always_valid and not all(any(c.valid for c in checks if c.direction == d) for d in {c.direction for c in checks}):
            return f"card {card.index + 1} has an invalid possible move, but was proved valid everywhere"
        for group in card.dead_groups:
            if any(c.groups.get(group) for c in checks):
                return f"card {card.index + 1} {group.label} matched, but was proved dead"
        for cell, always in card.constant.items():
            if any(c.matched[cell] != always for c in checks if c.valid):
                return f"card {card.index + 1} cell {cell} is not {'always' if always else 'never'} matched in valid variants"
        earlier = facts[: card.index]
        if decided == card.index and (equal_to(card, earlier) is not None or shadowed_by(card, earlier) is not None):
            return f"card {card.index + 1} decided, but was proved shadowed or equal to an earlier card"
        if decided == card.index and any(f.always_valid for f in earlier):
            return f"card {card.index + 1} decided after a card proved valid everywhere"
    return ""


def _count(facts: list[CardFacts]) -> None:
    for card in facts:
        PROOF_COUNTS["never"] += bool(card.never_valid)
        PROOF_COUNTS["always"] += card.always_valid
        PROOF_COUNTS["dead"] += len(card.dead_groups)
        PROOF_COUNTS["constant"] += len(card.constant)
        earlier = facts[: card.index]
        PROOF_COUNTS["shadowed"] += shadowed_by(card, earlier) is not None and not card.never_valid


def _check(program: Program, seed: int, positions: int = 40) -> None:
    facts = _facts(program)
    _count(facts)
    rnd = random.Random(seed)
    for _ in range(positions):
        position = crowded_position(rnd) if rnd.random() < 0.7 else random_position(rnd)
        for me in range(len(position.snakes)):
            failure = _refute(program, facts, position, me)
            assert not failure, f"{failure}\nin snake {me}'s view of {position}"


@settings(REPLAYABLE, max_examples=200)
@given(st.randoms(use_true_random=False), st.integers(0, 2**32 - 1))
def test_proofs_hold_on_tricky_programs(rnd: random.Random, seed: int) -> None:
    _check(tricky_program(rnd), seed)


@settings(REPLAYABLE, max_examples=50)
@given(st.randoms(use_true_random=False), st.integers(0, 2**32 - 1))
def test_proofs_hold_on_random_programs(rnd: random.Random, seed: int) -> None:
    _check(random_program(rnd), seed, positions=15)


def test_the_tricky_programs_provoke_every_kind_of_proof() -> None:
    """The property tests above can only fail if the proofs they test are made: they are."""
    PROOF_COUNTS.clear()
    rnd = random.Random(5)
    for _ in range(200):
        _count(_facts(tricky_program(rnd)))
    assert all(PROOF_COUNTS[kind] > 0 for kind in ("never", "always", "dead", "constant", "shadowed")), PROOF_COUNTS


@pytest.mark.parametrize("path", sample_programs(), ids=lambda p: p.name)
def test_proofs_about_the_samples_hold_in_their_battles(path: Path) -> None:
    program = load_program(path)
    facts = _facts(program)
    rival = load_program(sample_programs()[0])
    for seed in range(3):
        for moment in battle_moments([program, rival], BattleSettings(seed, 13, 13, 6, 120)):
            assert moment.position is not None
            failure = _refute(program, facts, moment.position, moment.snake)
            assert not failure, f"{failure}\nin snake {moment.snake}'s view at step {moment.step}"
