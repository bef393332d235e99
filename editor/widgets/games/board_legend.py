"""What the arena's board views (worms, Bio-blots, ITPW) share: the legend under the board and the
widget around a grid of square cells.

The legend is a list of chips, each an optional icon and a text, flowed into lines no wider than
the widget: the seats as they are now, then a key to what the board's marks mean, then the
game's counters. :class:`BoardView` is the plumbing every board view repeated: the hovered cell,
tooltips, clicks on a cell and on a seat's piece, and the legend's cache, layout and painting.
A view adds only its game: where the board lies, what a cell holds, how it is painted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from editor.widgets.games.cell_hover import SeatBoard
from editor.widgets.games.zoomable_board import MARGIN

LEGEND_GAP = 10
"""Pixels between the board and the legend."""
CHIP_GAP, ICON_GAP = 20, 6
"""Pixels between two chips of a line, and between a chip's icon and its text."""

IconPainter = Callable[[QPainter, QRectF, QPalette], None]
"""Paints a chip's icon into the rectangle it is given, in the widget's palette."""


@dataclass(frozen=True)
class Chip:
    """One entry of a legend: ``paint`` draws its ``icon_w`` × ``icon_h`` icon (``None``: text
    only, drawn muted, as for the counters), ``text`` follows it."""

    paint: IconPainter | None
    text: str
    icon_w: int
    icon_h: int

    def width(self, metrics: QFontMetrics) -> int:
        """Its width without the gap that follows it."""
        return (self.icon_w + ICON_GAP if self.paint is not None else 0) + metrics.horizontalAdvance(self.text)


def line_width(line: Sequence[Chip], metrics: QFontMetrics) -> int:
    return sum(chip.width(metrics) for chip in line) + CHIP_GAP * (len(line) - 1)


def flow_chips(chips: Sequence[Chip], width: int, metrics: QFontMetrics) -> list[list[Chip]]:
    """``chips`` in order, a new line whenever the next would not fit ``width``; a chip wider than
    ``width`` gets a line of its own (see :func:`elided`)."""
    lines: list[list[Chip]] = [[]]
    for chip in chips:
        if lines[-1] and line_width([*lines[-1], chip], metrics) > width:
            lines.append([])
        lines[-1].append(chip)
    return lines


LEGEND_LETTERS = 24
"""The most letters of a seat's name in a legend (see :func:`legend_name`)."""


def legend_name(name: str, letters: int = LEGEND_LETTERS) -> str:
    """``name`` cut in its middle to ``letters`` for a legend (a plot's, a board's): a bot's long
    file name took half a 1024 px plot and was cut at its edge, and pushed a board legend's points
    out of its line; the end is kept, as two seats of one bot differ there (``…player.py 2``).
    The scoreboard and the tooltips show it whole."""
    if len(name) <= letters:
        return name
    tail = (letters - 1) // 2
    return f"{name[: letters - 1 - tail]}…{name[-tail:]}"


def elided(chip: Chip, width: int, metrics: QFontMetrics) -> Chip:
    """``chip`` with its text cut to fit ``width``; an ellipsis marks the cut (the board's tooltips
    and the scoreboard say it all)."""
    room = width - (chip.icon_w + ICON_GAP if chip.paint is not None else 0)
    return Chip(chip.paint, metrics.elidedText(chip.text, Qt.TextElideMode.ElideRight, max(room, 0)), chip.icon_w, chip.icon_h)


def paint_legend_lines(painter: QPainter, palette: QPalette, lines: Sequence[Sequence[Chip]], rect: QRectF,
                       line_height: int, font: QFont) -> None:
    """``lines`` from the top left of ``rect``, ``line_height`` pixels apart, in ``font``: each
    icon centred on its line, texts in the window's text colour, icon-less chips muted."""
    metrics = QFontMetrics(font)
    text = palette.color(QPalette.ColorRole.WindowText)
    muted = palette.color(QPalette.ColorRole.PlaceholderText)
    painter.setFont(font)
    for row, line in enumerate(lines):
        x, top = rect.left(), rect.top() + row * line_height
        for chip in line:
            if chip.paint is not None:
                chip.paint(painter, QRectF(x, top + (line_height - chip.icon_h) / 2, chip.icon_w, chip.icon_h), palette)
                x += chip.icon_w + ICON_GAP
            painter.setPen(text if chip.paint is not None else muted)
            painter.drawText(QRectF(x, top, metrics.horizontalAdvance(chip.text) + 2, line_height),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, chip.text)
            x += metrics.horizontalAdvance(chip.text) + CHIP_GAP


def paint_hover(painter: QPainter, palette: QPalette, rect: QRectF) -> None:
    """The cell under the mouse: a faint highlight-coloured tile with a firmer outline."""
    color = QColor(palette.color(QPalette.ColorRole.Highlight))
    painter.setPen(QPen(color, 1.5))
    color.setAlphaF(0.12)
    painter.setBrush(color)
    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 2, 2)


def plural(n: int, noun: str) -> str:
    """``"1 pt"``, ``"3 pts"``: ``n`` with ``noun``, which takes an s unless ``n`` is 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# --- the widget ------------------------------------------------------------------------------

StateT = TypeVar("StateT")
Cell = tuple[int, int]


class BoardView(SeatBoard, Generic[StateT]):
    """A game's board of square cells scaled to the widget, with a legend below.

    A view says how large its board is (:meth:`_grid`; cells are ``(x, y)`` and the board is
    centred above the legend, or the view overrides the four methods that place cells), what a
    cell holds (:meth:`describe_cell`, :meth:`_owner_at`), how the board is painted
    (:meth:`_paint_board`), what its legend says (:meth:`_flow_legend`, :meth:`_legend_key`) and
    which signal a click on a seat's piece emits (:meth:`_owner_clicked`). This class keeps the
    state and the seat names, shows tooltips, and lays out, caches and paints the legend; clicks,
    the hovered cell and the highlighted seat are :class:`SeatBoard`'s."""

    EMPTY_TEXT = "No game"
    """What the view says without a state."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state: StateT | None = None
        self._names: list[str] = []
        self._legend = True
        self._legend_cache: tuple[tuple[object, ...], list[list[Chip]]] | None = None
        self._painting: tuple[int, QRectF] | None = None
        """While a paint runs: the cell size and the field's rectangle, worked out once for it
        (a board asks for hundreds of cell rectangles per paint; each asked the legend again)."""

    # --- what a view supplies ------------------------------------------------------------------

    def _grid(self, state: StateT) -> tuple[int, int]:
        """The board's width and height in cells as painted (a view whose cells are not ``(x, y)``
        overrides :meth:`cell_rect` and :meth:`cell_at`)."""
        raise NotImplementedError

    def _grid_shape(self) -> tuple[int, int] | None:
        return None if self._state is None else self._grid(self._state)

    def _space_below(self) -> int:
        return self._legend_space()

    def describe_cell(self, cell: Cell) -> str:
        """What the tooltip over ``cell`` says ("": no tooltip)."""
        raise NotImplementedError

    def _paint_board(self, painter: QPainter, palette: QPalette, state: StateT) -> None:
        """The board and everything on it; the hovered cell and the legend go on top."""
        raise NotImplementedError

    def _legend_key(self, state: StateT) -> object:
        """What of the shown game the legend depends on, compared to reuse it (the widget's
        size, the seat names and the font are added)."""
        raise NotImplementedError

    def _flow_legend(self, state: StateT) -> list[list[Chip]]:
        """The legend's chips flowed into lines (see :meth:`_flow_groups`)."""
        raise NotImplementedError

    # --- our API -------------------------------------------------------------------------------

    def state(self) -> StateT | None:
        return self._state

    def cell_size(self) -> int:
        """Pixels per cell at the current size and zoom; whole pixels keep the grid crisp."""
        return self._painting[0] if self._painting is not None else super().cell_size()

    def field_rect(self) -> QRectF:
        """The board's rectangle in widget coordinates: fitted, the axes, board and legend are
        centred as one block; zoomed, the board covers the room above the legend."""
        return QRectF(self._painting[1]) if self._painting is not None else super().field_rect()

    def cell_rect(self, x: int, y: int) -> QRectF:
        field, size = (self._painting[1], self._painting[0]) if self._painting is not None else \
            (self.field_rect(), self.cell_size())
        return QRectF(field.left() + x * size, field.top() + y * size, size, size)

    def cell_at(self, point: QPointF) -> Cell | None:
        """The cell ``(x, y)`` under widget point ``point``, or ``None`` outside the board (or,
        zoomed, outside the part in view)."""
        return self.spot_at(point)

    def set_seat_names(self, names: Sequence[str]) -> None:
        """Names for the legend and tooltips, in seat order; see ``seat_name`` for a seat without one."""
        self._names = list(names)
        self.update()

    def legend_visible(self) -> bool:
        return self._legend

    def set_legend_visible(self, visible: bool) -> None:
        """Hide the legend where a scoreboard beside the board already names the seats."""
        self._legend = visible
        self.update()

    def legend_texts(self) -> list[str]:
        """The legend's words, line by line (chips joined by " | "): what a reader of it sees."""
        return [" | ".join(chip.text for chip in line) for line in self._legend_lines()] if self._legend else []

    def legend_rect(self) -> QRectF:
        """Where the legend is painted, just under the board (empty when hidden or without a state)."""
        height = self._legend_height()
        if not height:
            return QRectF()
        field = self.fitted_rect()  # zoomed, the legend stays where it was
        widest = max(line_width(line, QFontMetrics(self.font())) for line in self._legend_lines())
        left = field.left() if widest <= field.width() else max(MARGIN, (self.width() - widest) // 2)
        width = min(self.width() - MARGIN - left, max(widest, field.width()))
        return QRectF(left, field.bottom() + LEGEND_GAP, width, height)

    # --- Qt overrides --------------------------------------------------------------------------

    def _hover_text(self, point: QPointF) -> str:
        cell = self.cell_at(point)
        return self.describe_cell(cell) if cell is not None else ""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        state = self._state
        if state is None:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.EMPTY_TEXT)
            return
        self._painting = (self.cell_size(), self.field_rect())
        try:
            painter.save()
            self.clip_to_viewport(painter)
            self._paint_board(painter, palette, state)
            if self._hovered is not None:
                paint_hover(painter, palette, self.cell_rect(*self._hovered))
            painter.restore()
            self.paint_axes(painter, palette)
            if self._legend:
                paint_legend_lines(painter, palette, self._legend_lines(), self.legend_rect(),
                                   self._legend_line_height(), self.font())
            self.paint_focus(painter, palette)
        finally:
            self._painting = None

    # --- the legend ----------------------------------------------------------------------------

    def _legend_lines(self) -> list[list[Chip]]:
        """The legend's lines for the current state and size. Cached: every cell's rectangle
        depends on the legend's height, so layout asks for them far more often than they change."""
        state = self._state
        if state is None:
            return []
        key = (self._legend_key(state), self.width(), self.height(), tuple(self._names), self.font().key())
        if self._legend_cache is None or self._legend_cache[0] != key:
            self._legend_cache = (key, self._flow_legend(state))
        return self._legend_cache[1]

    def _flow_groups(self, groups: Sequence[Sequence[Chip]], compact: Sequence[Sequence[Chip]] | None = None
                     ) -> list[list[Chip]]:
        """Each of ``groups`` flowed onto lines of its own within the widget's width. With
        ``compact``, a legend taller than a third of the widget is flowed from those groups
        instead: a small widget keeps the board (the tooltips still explain every field)."""
        metrics, width = QFontMetrics(self.font()), self.width() - 2 * MARGIN
        lines = [line for group in groups for line in flow_chips(group, width, metrics)]
        if compact is not None and len(lines) * self._legend_line_height() > (self.height() - 2 * MARGIN) // 3:
            lines = [line for group in compact for line in flow_chips(group, width, metrics)]
        return lines

    def _legend_height(self) -> int:
        if not self._legend or self._state is None:
            return 0
        return len(self._legend_lines()) * self._legend_line_height() + 2

    def _legend_space(self) -> int:
        """The height the legend takes from the board, gap included (0 when hidden)."""
        height = self._legend_height()
        return height + LEGEND_GAP if height else 0

    def _legend_line_height(self) -> int:
        return QFontMetrics(self.font()).height() + 8
