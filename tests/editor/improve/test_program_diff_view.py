"""The best program as a card diff against the document: a row per card that differs (moved,
changed, described, new, dropped), in words from the snake's point of view, with the changed
cells outlined in their colour on the card pictures."""

from __future__ import annotations
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.parts.program_diff_view import ADDED, CHANGED, THUMB, ProgramDiffView, change_lines, outlined_card
from engines.snake import Direction, Element
from matcher import Card, Head, Pattern, Program
from matcher.diff import diff_programs
from matcher.model import CARD_SIZE

AHEAD, LEFT, TWO_AHEAD = (2, 3), (3, 2), (1, 3)
bite = Card(Head(), {AHEAD: Pattern(Element.ENEMY_TAIL)}, "bite")
roam = Card(Head(), {AHEAD: Pattern(Element.EMPTY), LEFT: Pattern(Element.BORDER, negate=True)}, "roam")
plain = Card(Head(), {TWO_AHEAD: Pattern(Element.ENEMY_HEAD)}, "")
gone = Card(Head(), {(0, 0): Pattern(Element.OWN_BODY), (6, 6): Pattern(Element.OWN_TAIL)}, "gone")
new = Card(Head(), {(3, 4): Pattern(Element.ENEMY_BODY)}, "new")
# roam repainted: ahead now a rival tail, the border check gone, a rival head two ahead; head turned.
roam_after = Card(Head(3, 3, Direction.RIGHT), {AHEAD: Pattern(Element.ENEMY_TAIL), TWO_AHEAD: Pattern(Element.ENEMY_HEAD)},
                  "roam")
BEFORE = Program("p", "", (), (bite, roam, plain, gone))
AFTER = Program("p", "", (), (roam_after, bite, Card(plain.head, plain.cells, "Watch for heads"), new))


def test_every_card_that_differs_has_a_row_saying_how(qtbot: QtBot) -> None:
    view = ProgramDiffView()
    qtbot.addWidget(view)
    view.show_diff(BEFORE, AFTER, ("card 2: move a pattern",))
    assert view.headlines() == ["Card 2 → 1: changed", "Card 1 → 2: moved, unchanged", "Card 3: description added",
                                "Card 4: new", "Card 4: dropped"]
    assert view.summary_label.text().startswith("1 edit kept: card 2: move a pattern. 5 cards differ")
    assert view.diff is not None
    change = next(c for c in view.diff.cards if c.after == 0)
    assert change_lines(BEFORE, AFTER, change) == [
        "head: row 3, col 3 facing up → row 3, col 3 facing right",
        # Seen from the head of the card that has the cell: the new one faces right.
        "the cell 2 left (row 1, col 3): blank → a rival head [and1]",
        "the cell left (row 2, col 3): empty [and1] → a rival tail [and1]",
        "the cell left (row 3, col 2): not a wall [and1] → blank",
    ]
    # The same pair again changes nothing; the same program shows no rows.
    view.show_diff(BEFORE, AFTER)
    assert len(view.headlines()) == 5
    view.show_diff(BEFORE, BEFORE, ("x",))
    assert view.headlines() == [] and "is the one in the editor" in view.summary_label.text()


def test_changed_cells_are_outlined_in_their_colour(qtbot: QtBot) -> None:
    view = ProgramDiffView()
    qtbot.addWidget(view)
    diff = diff_programs(BEFORE, AFTER)
    change = next(c for c in diff.cards if c.after == 0)
    image = outlined_card(roam_after, change.cells, view.palette()).toImage()
    step = THUMB / CARD_SIZE

    def edge(cell: tuple[int, int]) -> tuple[int, int, int]:
        """The colour on the outline's left edge, halfway down the cell."""
        color = image.pixelColor(int(cell[1] * step) + 1, int(cell[0] * step + step / 2))
        return color.red(), color.green(), color.blue()

    assert edge(TWO_AHEAD) == (ADDED.red(), ADDED.green(), ADDED.blue())
    assert edge(AHEAD) == (CHANGED.red(), CHANGED.green(), CHANGED.blue())
    image = outlined_card(roam_after, [], view.palette()).toImage()
    assert edge(TWO_AHEAD) != (ADDED.red(), ADDED.green(), ADDED.blue())  # no change, no outline
