"""The score badge of an explained move sits beyond the cell the move enters, never on it (issue
16: on the test bench it covered the tail a snake was about to bite)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF
from pytestqt.qtbot import QtBot

from editor.widgets.games.snake.explanation_overlay import badge_font, score_badge_rect
from engines.snake import Direction


@pytest.mark.parametrize("direction", list(Direction))
@pytest.mark.parametrize("cell_size", [10, 18, 24, 40, 64])
@pytest.mark.parametrize("score", ["0", "-7", "1000"])
def test_the_badge_leaves_the_entered_cell_free(qtbot: QtBot, direction: Direction, cell_size: int, score: str) -> None:
    head = QPointF(300, 300)  # the head cell's centre
    entered = QRectF(head.x() + direction.dx * cell_size - cell_size / 2,
                     head.y() + direction.dy * cell_size - cell_size / 2, cell_size, cell_size)
    badge = score_badge_rect(head, direction, cell_size, score, QFontMetricsF(badge_font(QFont(), cell_size)))
    assert not badge.intersects(entered), (badge, entered)
    offset = badge.center() - head
    along = offset.x() * direction.dx + offset.y() * direction.dy
    assert along > cell_size * 1.5  # beyond the entered cell, in the move's direction
    assert abs(offset.x() * direction.dy) + abs(offset.y() * direction.dx) < 0.01  # on the move's line
    assert along < cell_size * 1.5 + max(badge.width(), badge.height()) + 2  # and right next to it
