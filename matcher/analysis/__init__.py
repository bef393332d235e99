"""Program analysis: warnings about cards that cannot do what they seem to (see
:class:`WarningKind`), proved where the model of :mod:`matcher.analysis.views` allows and
otherwise observed in sampled positions, said so in each warning.

``analyse_program(program)`` gives the proved warnings; with ``samples`` (positions to decide,
e.g. from battles: :func:`arena.analysis_samples.sample_situations`) it adds "never decided"
warnings for cards that no proof covers. A program with errors (see
:func:`matcher.validate.validate_program`) gets no warnings until they are mended."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.snake import Board, Position
from matcher.analysis.cards import CardFacts, analyse_card, cell_text
from matcher.analysis.shadow import SampleCounts, equal_to, sample_counts, shadowed_by
from matcher.analysis.warnings import ProgramWarning, WarningKind
from matcher.model import GroupKind, Program
from matcher.validate import validate_program

__all__ = ["ProgramWarning", "WarningKind", "analyse_program", "cards_text"]

Situation = tuple[Position | Board, int]


def cards_text(cards: Sequence[int]) -> str:
    """``card 3``, ``cards 3 and 4``, ``cards 2, 3 and 5`` (0-based in, counted from 1 out)."""
    names = [str(c + 1) for c in cards]
    if len(names) == 1:
        return f"card {names[0]}"
    return f"cards {', '.join(names[:-1])} and {names[-1]}"


def _cells_text(cells: Sequence[tuple[int, int]]) -> str:
    names = [cell_text(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def analyse_program(program: Program, samples: Sequence[Situation] = (), sample_note: str = "") -> list[ProgramWarning]:
    """Every warning about ``program``, card by card. ``samples``: ``(position, snake)`` pairs
    in which to watch which card decides, besides the program's tests; ``sample_note`` says where
    they come from (``"from 12 battles against the samples"``)."""
    if validate_program(program):
        return []  # errors first: a program that cannot run has nothing to warn about yet
    facts = [analyse_card(program, i) for i in range(len(program.cards))]
    warnings: list[ProgramWarning] = []
    unreachable_from: int | None = None
    counts = _counts(program, samples)
    tests = _asked(program)
    for card in facts:
        warnings.extend(_own_warnings(program, card))
        if card.never_valid or unreachable_from is not None:
            continue
        if card.always_valid and card.index + 1 < len(facts):
            unreachable_from = card.index
            later = list(range(card.index + 1, len(facts)))
            what = "it has no patterns" if not card.plain.slots else "its patterns match in every such position"
            warnings.append(ProgramWarning(
                WarningKind.ALWAYS_VALID,
                f"valid for every possible move in every position ({what}): it decides every choice, so "
                f"{cards_text(later)} can never decide", card.index, cards=tuple(later)))
            continue
        warnings.extend(_order_warnings(program, card, facts[: card.index], counts, tests, sample_note))
    return warnings


def _counts(program: Program, samples: Sequence[Situation]) -> SampleCounts | None:
    """Decisions in the samples and the tests; None without samples (a few tests alone say
    too little about which cards ever decide)."""
    if not samples:
        return None
    return sample_counts(program, list(samples) + [(t.position, t.snake) for t in program.tests])


def _asked(program: Program) -> int:
    """How many of the program's tests ask it to choose (two or more possible moves)."""
    asked = 0
    for test in program.tests:
        board = Board(test.position)
        asked += not board.eaten[test.snake] and len(board.possible_moves(test.snake)) >= 2
    return asked


def _own_warnings(program: Program, card: CardFacts) -> list[ProgramWarning]:
    """What the card is on its own: never valid, dead AND groups, idle weights."""
    plain = card.plain
    if card.never_valid:
        return [ProgramWarning(WarningKind.NEVER_VALID, f"can never be valid: {card.never_valid}", card.index,
                               tuple(s.cell for s in plain.slots))]
    warnings = []
    for group, reason in card.dead_groups.items():
        if group.kind is GroupKind.AND:
            cells = tuple(s.cell for s in plain.and_groups[group])
            live = ", ".join(g.label for g in card.live_and)
            warnings.append(ProgramWarning(
                WarningKind.DEAD_GROUP, f"{group.label} can never match ({reason}); the card only works through {live}",
                card.index, cells))
    never = [cell for cell, matched in card.constant.items() if not matched]
    always = [cell for cell, matched in card.constant.items() if matched]
    if len(always) == len(plain.slots):
        always = []  # every weight is constant: the card's valid moves always tie, which is no slip
    if never:
        its = "its weight never counts" if len(never) == 1 else "their weights never count"
        warnings.append(ProgramWarning(
            WarningKind.IDLE_WEIGHT, f"{_cells_text(never)} can never match in a valid variant, so {its}",
            card.index, tuple(never)))
    if always:
        them = "it" if len(always) == 1 else "them"
        weight = "the weight of" if len(always) == 1 else "the weights of"
        warnings.append(ProgramWarning(
            WarningKind.IDLE_WEIGHT,
            f"{weight} {_cells_text(always)} never change{'s' if len(always) == 1 else ''} the choice: every valid "
            f"variant matches {them}, so every valid move scores {them} alike", card.index, tuple(always)))
    return warnings


def _order_warnings(program: Program, card: CardFacts, earlier: Sequence[CardFacts], counts: SampleCounts | None,
                    tests: int, note: str) -> list[ProgramWarning]:
    """How the card fares behind the earlier ones: equal to one, shadowed, never decided."""
    same = equal_to(card, earlier)
    if same is not None:
        mine, theirs = program.cards[card.index], program.cards[same.index]
        how = "again" if (mine.head, mine.cells) == (theirs.head, theirs.cells) else "turned or mirrored"
        return [ProgramWarning(
            WarningKind.EQUAL, f"is card {same.index + 1} {how}: its eight variants are card {same.index + 1}'s, so "
            "it never decides", card.index, cards=(same.index,))]
    covering = shadowed_by(card, earlier)
    if covering is not None:
        were = "is" if len(covering) == 1 else "are"
        return [ProgramWarning(
            WarningKind.SHADOWED, f"never decides (proved): wherever it is valid, {cards_text(covering)} before it "
            f"{were} valid for the same move", card.index, cards=tuple(covering))]
    if counts is None or counts.decided[card.index]:
        return []
    return [_never_decided(card.index, counts, tests, note)]


def _never_decided(index: int, counts: SampleCounts, tests: int, note: str) -> ProgramWarning:
    sampled = counts.positions - tests
    where = f"{sampled} sampled positions{' ' + note if note else ''}"
    where += f" and the program's {tests} test{'s' * (tests != 1)}" if tests else " (no test of the program asks it to choose)"
    valid = counts.valid[index]
    if valid:
        first = list(counts.preempted.get(index, Counter()))
        detail = f"it was valid in {valid} of them, but {cards_text(sorted(first))} decided first"
    else:
        detail = "it was valid in none of them"
    earlier = tuple(sorted(counts.preempted.get(index, Counter())))
    return ProgramWarning(WarningKind.NEVER_DECIDED, f"never decided in {where} (observed, not proved): {detail}",
                          index, cards=earlier, proved=False)
