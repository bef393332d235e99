"""What the new-card preview says (Qt-free): whether the card decides its own moment where it
stands, how many tests and steps it would decide, which tests it would break or mend; the rows
agree with deciding each position with the card inserted."""

from __future__ import annotations

from dataclasses import replace

from arena.samples import resolve_program
from editor.widgets.authoring.card_evidence import EvidenceSet, summary_text
from editor.widgets.authoring.moment_source import CardMoment, Evidence
from engines.snake import Board
from matcher import load_program
from matcher.model import Program
from matcher.moment import KEEP_ALL, card_from_moment, decide, insert_moment_card


def program_and_moment() -> tuple[Program, CardMoment]:
    program = load_program(resolve_program("tail_biter"))
    test = program.tests[0]
    board = Board(test.position)
    steps = tuple(Evidence(f"step {i + 1}", Board(t.position), t.snake) for i, t in enumerate(program.tests))
    return program, CardMoment(board, test.snake, None, "the test bench", "Snake 1", steps)


def test_rows_agree_with_deciding_every_position_with_the_card_in() -> None:
    program, moment = program_and_moment()
    other = next(d for d in moment.possible if d not in decide(program, [(moment.board, moment.snake)])[0].best)
    card = card_from_moment(moment.board, moment.snake, other, KEEP_ALL)
    evidence = EvidenceSet(program, moment)
    for at in (0, len(program.cards)):
        rows = evidence.rows(card, at)
        situations = [(moment.board, moment.snake)] + [(Board(t.position), t.snake) for t in program.tests] * 2
        after = decide(insert_moment_card(program, card, at), situations)
        assert [r.preview.after for r in rows] == after
        assert [r.kind for r in rows] == ["moment"] + ["test"] * len(program.tests) + ["step"] * len(program.tests)
    first = evidence.rows(card, 0)
    # First, the card decides its moment with the other move: the test of that position now fails.
    assert first[0].preview.decided and first[0].preview.after.best >= {other}
    assert first[1].breaks and not first[1].mends
    text = summary_text(first, 0)
    assert text.startswith("As card 1 it decides this moment: ")
    assert f"It would make {first[1].label} fail." in text
    # Last, an earlier card decides the moment first: the summary says to move the card up.
    last = evidence.rows(card, len(program.cards))
    decider = last[0].preview.after.card
    assert not last[0].preview.decided and decider is not None
    assert f"card {decider + 1} decides first (move the new card up)" in summary_text(last, len(program.cards))


def test_a_failing_test_the_card_mends_is_said() -> None:
    program, moment = program_and_moment()
    other = next(d for d in moment.possible if d not in decide(program, [(moment.board, moment.snake)])[0].best)
    wanting = replace(program, tests=(replace(program.tests[0], expect=frozenset({other})),) + program.tests[1:])
    card = card_from_moment(moment.board, moment.snake, other, KEEP_ALL)
    rows = EvidenceSet(wanting, moment).rows(card, 0)
    assert rows[1].preview.before.best != frozenset({other}) == rows[1].preview.after.best
    assert rows[1].mends and not rows[1].breaks
    assert f"It would make {rows[1].label} pass." in summary_text(rows, 0)
