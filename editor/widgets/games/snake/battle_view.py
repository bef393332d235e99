"""A painted snake battle board: grid, snakes in seat colours, clicks mapped to cells and snakes.

The view only reads a :class:`engines.snake.Board`; whoever steps the battle calls
:meth:`BattleView.set_board` (again) when it changed. Used by the battle player now, later by the
card editor's test bench, the arena pane and the editor's Battle tab."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from editor.widgets.games.cell_hover import SeatBoard
from editor.widgets.games.snake.explanation_overlay import overlay_tooltip, paint_explanation, shown_move
from editor.widgets.parts.seat_colors import blend, is_dark, seat_color
from engines.snake import Board, Cell, Direction
from matcher.explain import Explanation
from matcher.model import Card

# Sizes relative to one cell.
HEAD_SIZE = 0.9
NECK_WIDTH = 0.7
TAIL_WIDTH = 0.42
LEFTOVER_SIZE = 0.56
HALO_ALPHA, HALO_ALPHA_DARK = 0.28, 0.4
EYES_MIN_CELL = 9
"""Below this many pixels per cell, eyes would be noise; the head's position alone tells."""



def snake_name(names: Sequence[str], index: int) -> str:
    """``names[index]``, or "Snake 1" for snake 0 without one: people count snakes from 1, as the
    bench and the scoreboard do (bots and replays count from 0)."""
    return names[index] if index < len(names) else f"Snake {index + 1}"

class BattleView(SeatBoard):
    """Paints a battle board scaled to the widget, cells square and the field centred; cells are
    ``(x, y)`` and ``cellClicked`` emits them so."""

    snakeClicked = Signal(int)
    """A cell of snake ``index`` (an eaten snake's leftover tail included) was clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._board: Board | None = None
        self._names: list[str] = []
        self._explanation: Explanation | None = None
        self._explained_move: Direction | None = None
        self._explained_card: Card | None = None

    # --- our API -----------------------------------------------------------------------------

    def board(self) -> Board | None:
        return self._board

    def set_board(self, board: Board | None) -> None:
        """Show ``board`` (or nothing). Call again after the board changed to repaint it."""
        self._board = board
        if board is None or (self._hovered is not None and not _in_field(board, self._hovered)):
            self._hovered = None
        self.update()

    def set_seat_names(self, names: Sequence[str]) -> None:
        """Names used in tooltips; seats without one are called "Snake 1", "Snake 2", …"""
        self._names = list(names)

    def seat_name(self, index: int) -> str:
        return snake_name(self._names, index)

    def highlighted_snake(self) -> int | None:
        return self._highlighted

    def set_highlighted_snake(self, index: int | None) -> None:
        """Draw a halo around snake ``index`` (``None`` for none)."""
        self._highlight(index)

    def explanation(self) -> Explanation | None:
        return self._explanation

    def explained_move(self) -> Direction | None:
        """The move whose variant the explanation overlay shows (None without one)."""
        return shown_move(self._explanation, self._explained_move) if self._explanation is not None else None

    def set_explanation(
        self, explanation: Explanation | None, shown_move: Direction | None = None, card: Card | None = None
    ) -> None:
        """Overlay why a snake moves (``None`` removes it): arrows with scores for its possible
        moves and the patterns of the variant of ``shown_move`` (default: the first best move),
        ticked or crossed. ``card``, the deciding card, adds its outline over the field."""
        self._explanation = explanation
        self._explained_move = shown_move
        self._explained_card = card
        self.update()

    def cell_rect(self, x: int, y: int) -> QRectF:
        """The rectangle of field cell ``(x, y)`` in widget coordinates."""
        return self.spot_rect(x, y)

    def cell_at(self, point: QPointF) -> Cell | None:
        """The field cell under widget point ``point``, or ``None`` outside the field (or, zoomed,
        outside the part in view)."""
        return self.spot_at(point)

    def snake_at(self, cell: Cell) -> int | None:
        """The snake with a segment on ``cell`` (an eaten snake's leftover counts), or ``None``."""
        if self._board is None:
            return None
        return next((i for i, body in enumerate(self._board.bodies) if cell in body), None)

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)

    def _owner_at(self, cell: Cell) -> int | None:
        return self.snake_at(cell)

    def _owner_clicked(self, owner: int) -> None:
        self.snakeClicked.emit(owner)

    def _hover_text(self, point: QPointF) -> str:
        return self._tooltip(point)

    def paintEvent(self, event: QEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        if self._board is None:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No battle")
            return
        board = self._board
        self.clip_to_viewport(painter)
        self._paint_field(painter, palette, board)
        # Leftovers first: live snakes may crawl next to them and should stay on top.
        for index, body in enumerate(board.bodies):
            if board.eaten[index] and body:
                self._paint_leftover(painter, palette, index, body[0])
        for index, body in enumerate(board.bodies):
            if not board.eaten[index] and body:
                self._paint_snake(painter, palette, index, list(body))
        if self._explanation is not None:
            paint_explanation(painter, self._explanation, self.cell_rect, self.cell_size(), palette,
                              self._explained_move, self._explained_card, (board.width, board.height))
        if self._hovered is not None:
            self._paint_hover(painter, palette, self._hovered)
        self.paint_axes(painter, palette)
        self.paint_focus(painter, palette)

    def _grid_shape(self) -> tuple[int, int] | None:
        return None if self._board is None else (self._board.width, self._board.height)

    # --- painting ----------------------------------------------------------------------------

    def _field_color(self, palette: QPalette) -> QColor:
        return palette.color(QPalette.ColorRole.Base)

    def _paint_field(self, painter: QPainter, palette: QPalette, board: Board) -> None:
        field, size = self.field_rect(), self.cell_size()
        base, text = self._field_color(palette), palette.color(QPalette.ColorRole.Text)
        painter.fillRect(field, base)
        if size >= 5:
            minor = QPen(blend(base, text, 0.07), 1)
            major = QPen(blend(base, text, 0.15), 1)
            minor.setCosmetic(True)
            major.setCosmetic(True)
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            for x in range(1, board.width):
                painter.setPen(major if x % 5 == 0 else minor)
                left = field.left() + x * size
                painter.drawLine(QPointF(left, field.top()), QPointF(left, field.bottom()))
            for y in range(1, board.height):
                painter.setPen(major if y % 5 == 0 else minor)
                top = field.top() + y * size
                painter.drawLine(QPointF(field.left(), top), QPointF(field.right(), top))
            painter.restore()
        painter.setPen(QPen(blend(base, text, 0.45), 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(field.adjusted(-0.75, -0.75, 0.75, 0.75))

    def _centre(self, cell: Cell) -> QPointF:
        return self.cell_rect(*cell).center()

    def _paint_snake(self, painter: QPainter, palette: QPalette, index: int, body: list[Cell]) -> None:
        size = self.cell_size()
        field = self._field_color(palette)
        color = seat_color(index)
        dark = is_dark(palette)
        head_color = color.lighter(115) if dark else color.darker(135)
        tail_color = blend(color, field, 0.3 if dark else 0.42)
        centres = [self._centre(cell) for cell in body]
        if index == self._highlighted:
            halo = QColor(color)
            halo.setAlphaF(HALO_ALPHA_DARK if is_dark(palette) else HALO_ALPHA)
            pen = QPen(halo, size * 1.15, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            path = QPainterPath(centres[0])
            for point in centres[1:]:
                path.lineTo(point)
            painter.drawPath(path)
        last = len(body) - 1
        radii = [size * (NECK_WIDTH + (TAIL_WIDTH - NECK_WIDTH) * i / last) / 2 for i in range(last + 1)]
        colors = [blend(color, tail_color, i / last) for i in range(last + 1)]
        painter.setPen(Qt.PenStyle.NoPen)
        # Tail to neck, so nearer-the-head parts lie on top; a tapered quad per segment plus a disc
        # per joint gives a smooth body whose thin, faded end shows which end can be bitten.
        for i in range(last - 1, -1, -1):
            gradient = QLinearGradient(centres[i + 1], centres[i])
            gradient.setColorAt(0.0, colors[i + 1])
            gradient.setColorAt(1.0, colors[i])
            painter.setBrush(QBrush(gradient))
            painter.drawPolygon(_tapered_segment(centres[i + 1], radii[i + 1], centres[i], radii[i]))
            painter.setBrush(colors[i])
            painter.drawEllipse(centres[i], radii[i], radii[i])
        self._paint_tail_tip(painter, centres[last], color, field, size)
        self._paint_head(painter, centres[0], _facing(body), head_color, field, size)

    def _paint_tail_tip(self, painter: QPainter, centre: QPointF, color: QColor, field: QColor, size: int) -> None:
        # A ring on the tail cell: tails are what the game is about, so they get a mark of their own.
        radius = size * TAIL_WIDTH * 0.5
        painter.setPen(QPen(blend(color, field, 0.15), max(1.0, size * 0.07)))
        painter.setBrush(field)
        painter.drawEllipse(centre, radius, radius)

    def _paint_head(
        self, painter: QPainter, centre: QPointF, facing: tuple[float, float], color: QColor, field: QColor, size: int
    ) -> None:
        radius = size * HEAD_SIZE / 2
        painter.setPen(QPen(blend(color, QColor(Qt.GlobalColor.black), 0.25), max(1.0, size * 0.05)))
        painter.setBrush(color)
        painter.drawEllipse(centre, radius, radius)
        if size < EYES_MIN_CELL:
            return
        dx, dy = facing
        px, py = -dy, dx  # perpendicular to the facing
        for side in (-1, 1):
            eye = QPointF(centre.x() + (dx * 0.16 + px * 0.2 * side) * size, centre.y() + (dy * 0.16 + py * 0.2 * side) * size)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(Qt.GlobalColor.white))
            painter.drawEllipse(eye, size * 0.13, size * 0.13)
            pupil = QPointF(eye.x() + dx * size * 0.05, eye.y() + dy * size * 0.05)
            painter.setBrush(QColor("#1b1b1f"))
            painter.drawEllipse(pupil, size * 0.07, size * 0.07)

    def _paint_leftover(self, painter: QPainter, palette: QPalette, index: int, cell: Cell) -> None:
        size = self.cell_size()
        field = self._field_color(palette)
        color = seat_color(index)
        centre = self._centre(cell)
        radius = size * LEFTOVER_SIZE / 2
        if index == self._highlighted:
            halo = QColor(color)
            halo.setAlphaF(HALO_ALPHA_DARK if is_dark(palette) else HALO_ALPHA)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(halo)
            painter.drawEllipse(centre, size * 0.55, size * 0.55)
        pen = QPen(blend(color, field, 0.35), max(1.0, size * 0.07), Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(blend(color, field, 0.72)))
        painter.drawEllipse(centre, radius, radius)
        # A small cross: eaten, but still a tail anyone may bite.
        arm = radius * 0.45
        painter.setPen(QPen(blend(color, field, 0.3), max(1.0, size * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QPointF(centre.x() - arm, centre.y() - arm), QPointF(centre.x() + arm, centre.y() + arm))
        painter.drawLine(QPointF(centre.x() - arm, centre.y() + arm), QPointF(centre.x() + arm, centre.y() - arm))

    def _paint_hover(self, painter: QPainter, palette: QPalette, cell: Cell) -> None:
        color = QColor(palette.color(QPalette.ColorRole.Highlight))
        painter.setPen(QPen(color, 1.5))
        color.setAlphaF(0.12)
        painter.setBrush(color)
        painter.drawRoundedRect(self.cell_rect(*cell).adjusted(1, 1, -1, -1), 2, 2)

    def _tooltip(self, point: QPointF) -> str:
        text, cell = self._board_tooltip(point), self.cell_at(point)
        if text and cell is not None and self._explanation is not None:
            explained = overlay_tooltip(self._explanation, cell, self.explained_move())
            if explained:
                text = f"{text}\n{explained}"
        return text

    def _board_tooltip(self, point: QPointF) -> str:
        cell = self.cell_at(point)
        if cell is None or self._board is None:
            return ""
        where = f"({cell[0]}, {cell[1]})"
        snake = self.snake_at(cell)
        if snake is None:
            return where
        body = self._board.bodies[snake]
        if self._board.eaten[snake]:
            part = "leftover tail (eaten)"
        elif cell == body[0]:
            part = "head"
        elif cell == body[-1]:
            part = "tail"
        else:
            part = "body"
        return f"{where} {self.seat_name(snake)}: {part}"


def _in_field(board: Board, cell: Cell) -> bool:
    return 0 <= cell[0] < board.width and 0 <= cell[1] < board.height


def _tapered_segment(a: QPointF, radius_a: float, b: QPointF, radius_b: float) -> QPolygonF:
    """The quad joining a disc of ``radius_a`` at ``a`` to one of ``radius_b`` at ``b`` (cells are
    neighbours, so the segment is axis-aligned and the sides are simply offset perpendicular)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    return QPolygonF(
        [
            QPointF(a.x() + px * radius_a, a.y() + py * radius_a),
            QPointF(b.x() + px * radius_b, b.y() + py * radius_b),
            QPointF(b.x() - px * radius_b, b.y() - py * radius_b),
            QPointF(a.x() - px * radius_a, a.y() - py * radius_a),
        ]
    )


def _facing(body: Sequence[Cell]) -> tuple[float, float]:
    """The unit vector from neck to head: where the snake last moved."""
    (hx, hy), (nx, ny) = body[0], body[1]
    dx, dy = hx - nx, hy - ny
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.games.snake.battle_view [POSITION]``: a battle of the sample programs
    (from a position's text, or the start); click a snake to highlight it."""
    from editor.widgets.games.board_demo import run_demo

    return run_demo("snake", argv)


if __name__ == "__main__":
    raise SystemExit(main())
