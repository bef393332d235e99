"""What a new card would decide, said for people: the moment it comes from, the program's tests
and the battle's steps, each with the program's answer before and after the card goes in (as
:func:`matcher.moment.preview_card` has them, the answers before worked out once per dialog).
Qt-free: the new-card dialog shows these rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from editor.widgets.authoring.moment_source import CardMoment, Evidence
from engines.snake import Board, Direction, Position
from matcher.model import Card, Program
from matcher.moment import Decision, Preview, decide, insert_moment_card

Kind = Literal["moment", "test", "step"]


@dataclass(frozen=True)
class EvidenceRow:
    label: str
    kind: Kind
    index: int
    """Which test or step (0-based) of its kind it is."""
    preview: Preview
    expect: frozenset[Direction] | None = None
    """A test's expected moves (None for the moment and the steps)."""

    @property
    def breaks(self) -> bool:
        """A test that passes now and would fail with the new card."""
        return self.expect is not None and self.preview.before.best == self.expect != self.preview.after.best

    @property
    def mends(self) -> bool:
        """A test that fails now and would pass with the new card."""
        return self.expect is not None and self.preview.before.best != self.expect == self.preview.after.best


def moves_text(moves: frozenset[Direction]) -> str:
    return ", ".join(d.label for d in sorted(moves)) or "none"


def decision_text(decision: Decision, new_card: int | None = None) -> str:
    """``left (card 3)``, ``left, up (new card)``, ``up (no card: random)``."""
    if decision.card is None:
        who = "no card: random"
    elif decision.card == new_card:
        who = "new card"
    else:
        who = f"card {decision.card + 1}"
    return f"{moves_text(decision.best)} ({who})"


def test_evidence(program: Program) -> list[tuple[Evidence, frozenset[Direction]]]:
    """The program's tests as evidence, with their expected moves."""
    return [(Evidence(f"test {i + 1} “{t.name}”", Board(t.position), t.snake), t.expect)
            for i, t in enumerate(program.tests)]


class EvidenceSet:
    """The positions a new card is checked on, for one program and moment: the moment, the
    tests, the battle's steps. The program's decisions before the card are worked out once; each
    :meth:`rows` call (a trim, a move, a place) decides only with the card in."""

    def __init__(self, program: Program, moment: CardMoment) -> None:
        self.program = program
        labelled: list[tuple[Evidence, Kind, int, frozenset[Direction] | None]] = [
            (Evidence("this moment", moment.board, moment.snake), "moment", 0, None)]
        labelled += [(evidence, "test", i, expect) for i, (evidence, expect) in enumerate(test_evidence(program))]
        labelled += [(evidence, "step", i, None) for i, evidence in enumerate(moment.steps)]
        self._labelled = labelled
        self._situations: list[tuple[Position | Board, int]] = [(e.board, e.snake) for e, _, _, _ in labelled]
        self._before = decide(program, self._situations)

    def rows(self, card: Card, at: int) -> list[EvidenceRow]:
        """Every position with the program's decision before and after ``card`` goes in at ``at``."""
        after = decide(insert_moment_card(self.program, card, at), self._situations)
        return [EvidenceRow(e.label, kind, index, Preview(i, before, decision, at), expect)
                for i, ((e, kind, index, expect), before, decision) in enumerate(zip(self._labelled, self._before, after))]


def summary_text(rows: Sequence[EvidenceRow], at: int) -> str:
    """In a few sentences: does the card decide its own moment, which tests and steps it would
    decide, which tests it would break or mend."""
    moment = next(r for r in rows if r.kind == "moment")
    if moment.preview.decided:
        first = f"As card {at + 1} it decides this moment: {moves_text(moment.preview.after.best)}."
    elif moment.preview.after.card is not None and moment.preview.after.card < at:
        first = (f"As card {at + 1} it does not decide this moment: card {moment.preview.after.card + 1} "
                 "decides first (move the new card up).")
    else:
        first = f"As card {at + 1} it does not decide this moment."
    parts = [first]
    for kind, noun in (("test", "tests"), ("step", "steps of this battle")):
        of_kind = [r for r in rows if r.kind == kind]
        if not of_kind:
            continue
        decided = [r for r in of_kind if r.preview.decided]
        changed = [r for r in decided if r.preview.changed]
        text = f"It would decide {len(decided)} of {len(of_kind)} {noun}"
        text += f" ({len(changed)} with another answer)." if changed else "."
        parts.append(text)
    broken = [r.label for r in rows if r.breaks]
    mended = [r.label for r in rows if r.mends]
    if broken:
        parts.append(f"It would make {', '.join(broken)} fail.")
    if mended:
        parts.append(f"It would make {', '.join(mended)} pass.")
    return " ".join(parts)


__all__ = ["EvidenceRow", "EvidenceSet", "decision_text", "moves_text", "summary_text", "test_evidence"]
