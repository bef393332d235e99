"""What the game board view tests check alike, as the user sees it: the colour at a point of a
cell and how far apart two colours are, where a click on a cell lands, and a board that fits
its view with square cells."""

from __future__ import annotations

from typing import Protocol, TypeVar

from PySide6.QtCore import QPoint, QRectF, Qt, SignalInstance
from PySide6.QtGui import QColor, QPixmap
from pytestqt.qtbot import QtBot

from editor.widgets.games.board_legend import BoardView

S = TypeVar("S")


class CellView(Protocol):
    """A board view with square cells (``BoardView`` and its games)."""

    def cell_rect(self, a: int, b: int, /) -> QRectF: ...

    def cell_size(self) -> int: ...

    def grab(self) -> QPixmap: ...


def point(view: CellView, cell: tuple[int, int], dx: float = 0.0, dy: float = 0.0) -> QPoint:
    """A point in ``cell``, offset by fractions of a cell from its centre."""
    centre, size = view.cell_rect(*cell).center(), view.cell_size()
    return QPoint(round(centre.x() + dx * size), round(centre.y() + dy * size))


def color_at(view: CellView, cell: tuple[int, int], dx: float = 0.0, dy: float = 0.0) -> QColor:
    """The colour painted at :func:`point` of ``cell``."""
    return QColor(view.grab().toImage().pixel(point(view, cell, dx, dy)))


def distance(a: QColor, b: QColor) -> int:
    """How different two colours look: the sum of their red, green and blue differences."""
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def chroma(color: QColor) -> int:
    """How far from grey: 0 for any grey, whatever its lightness (unlike HSV saturation, which
    makes near-black greys look coloured)."""
    rgb = (color.red(), color.green(), color.blue())
    return max(rgb) - min(rgb)


def click_cell(qtbot: QtBot, view: BoardView[S], cell: tuple[int, int], seat_signal: SignalInstance,
               seat: int | None) -> None:
    """Click the middle of ``cell`` as a user does: the view says the cell (``cellClicked``) and,
    on ``seat_signal``, ``seat``, whose piece is there; where ``seat`` is None, nothing on it."""
    if seat is None:
        with qtbot.assertNotEmitted(seat_signal), qtbot.waitSignal(view.cellClicked) as where:
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point(view, cell))
    else:
        with qtbot.waitSignal(seat_signal) as clicked, qtbot.waitSignal(view.cellClicked) as where:
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point(view, cell))
        assert clicked.args == [seat]
    assert where.args == list(cell)


def assert_fits_with_square_cells(view: BoardView[S]) -> None:
    """The view paints at its size; its cells are square, of ``cell_size`` pixels; the board and
    the legend below it lie within the view."""
    assert not view.grab().toImage().isNull()
    field, cell, legend = view.field_rect(), view.cell_rect(5, 5), view.legend_rect()
    assert cell.width() == cell.height() == view.cell_size()
    assert 0 <= field.left() and field.right() <= view.width()
    assert 0 <= field.top() and field.bottom() < legend.top() and legend.bottom() <= view.height()
