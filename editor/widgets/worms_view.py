"""A painted worm board (specs/worms.md): walls, flowers, ice, bonuses and the four worms in seat
colours, with a legend below; crisp at any size, cells square, the board centred.

The view only reads a :class:`engines.worms.WormsState`: a live match, a replay and the arena pane
all call :meth:`WormsView.set_state` with the state after a round. A worm's look says what it can
do next round: a live worm has open eyes, a frozen one is iced over with closed eyes and its
remaining rounds on a badge, a dead one is grey with crossed eyes and a spark where it crashed."""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from editor.widgets.game_colors import blend, is_dark, out_color, seat_color, seat_name
from engines.worms import Cell, Direction, EndReason, Item, Worm, WormsState

MARGIN = 10
"""Pixels kept free around the board so outlines and frost are never clipped."""
DETAIL_MIN_CELL = 8
"""Below this many pixels per cell, icons, eyes and grid lines would be noise: plain shapes only."""
BADGE_MIN_CELL = 12
BODY_WIDTH, TAIL_WIDTH, HEAD_SIZE = 0.64, 0.42, 0.86
FROST_WIDTH = 0.2
"""How far the ice around a frozen worm reaches beyond its body, in cells."""

FLOWER, FLOWER_HEART = QColor("#f2577e"), QColor("#ffd23f")
ICE, ICE_EDGE = QColor("#bfe8fb"), QColor("#2f93cc")
BONUS, BONUS_EDGE = QColor("#f5b700"), QColor("#a87500")
SPARK = QColor("#ff5a1f")
WALL_LIGHT, WALL_DARK = QColor("#77808e"), QColor("#5a606b")

END_TEXT = {
    EndReason.FLOWERS_EATEN: "over: every flower eaten",
    EndReason.ROUND_LIMIT: "over: the round limit",
    EndReason.ALL_DEAD: "over: no worm is alive",
}
ITEM_TEXT = {
    Item.FLOWER: "flower: 2^bonus points, the worm grows",
    Item.ICE: "ice: freezes every other worm for (bonus + 1) × 5 rounds",
    Item.BONUS: "bonus: +1 to the eater's bonus",
}


@dataclass(frozen=True)
class WormLook:
    """The colours a worm is painted with; ``frozen`` adds frost, ``dead`` crossed eyes."""

    body: QColor
    head: QColor
    tail: QColor
    frozen: bool = False
    dead: bool = False


def worm_look(index: int, worm: Worm, palette: QPalette) -> WormLook:
    field = palette.color(QPalette.ColorRole.Base)
    if not worm.alive:
        grey = out_color(index, palette)
        head = grey.lighter(112) if is_dark(palette) else grey.darker(125)
        return WormLook(grey, head, blend(grey, field, 0.3), dead=True)
    color = seat_color(index)
    if worm.frozen:
        # Iced over: the seat's hue stays recognisable under a pale blue, never as saturated as a mover.
        iced = blend(color, ICE, 0.55)
        return WormLook(iced, blend(color, ICE, 0.35), blend(iced, field, 0.3), frozen=True)
    head = color.lighter(118) if is_dark(palette) else color.darker(130)
    return WormLook(color, head, blend(color, field, 0.4))


class WormsView(QWidget):
    """Paints a worm game state scaled to the widget, with a legend of worms and items below."""

    cellClicked = Signal(int, int)
    """A board cell was clicked: ``(x, y)``."""
    wormClicked = Signal(int)
    """A segment of worm ``index`` (dead worms too) was clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state: WormsState | None = None
        self._names: list[str] = []
        self._highlighted: int | None = None
        self._hovered: Cell | None = None
        self._legend = True
        self._walls_cache: tuple[tuple[object, ...], QPixmap] | None = None
        self._legend_cache: tuple[tuple[object, ...], list[list[_Chip]]] | None = None
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    # --- our API -----------------------------------------------------------------------------

    def state(self) -> WormsState | None:
        return self._state

    def set_state(self, state: WormsState | None) -> None:
        """Show ``state`` (or nothing): call it with the state after every round."""
        self._state = state
        if state is None or (self._hovered is not None and not state.in_board(self._hovered)):
            self._hovered = None
        self.update()

    def set_seat_names(self, names: Sequence[str]) -> None:
        """Names for the legend and tooltips; a seat without one is "Worm <id>"."""
        self._names = list(names)
        self.update()

    def seat_name(self, index: int) -> str:
        return seat_name(self._names, index, "Worm")

    def highlighted_worm(self) -> int | None:
        return self._highlighted

    def set_highlighted_worm(self, index: int | None) -> None:
        """Draw a halo around worm ``index`` (``None`` for none)."""
        if index != self._highlighted:
            self._highlighted = index
            self.update()

    def legend_visible(self) -> bool:
        return self._legend

    def set_legend_visible(self, visible: bool) -> None:
        """Hide the legend where a scoreboard beside the board already names the worms."""
        self._legend = visible
        self.update()

    def legend_rect(self) -> QRectF:
        """Where the legend is painted, just under the board (empty when hidden or without a state)."""
        height = self._legend_height()
        if not height:
            return QRectF()
        field = self.field_rect()
        widest = max(_line_width(line, QFontMetrics(self.font())) for line in self._legend_lines())
        left = field.left() if widest <= field.width() else max(MARGIN, (self.width() - widest) // 2)
        width = min(self.width() - MARGIN - left, max(widest, field.width()))
        return QRectF(left, field.bottom() + LEGEND_GAP, width, height)

    def cell_size(self) -> int:
        """Pixels per cell at the current size; whole pixels keep walls and grid crisp."""
        if self._state is None:
            return 0
        free_w = self.width() - 2 * MARGIN
        free_h = self.height() - 2 * MARGIN - self._legend_space()
        return max(2, min(free_w // self._state.width, free_h // self._state.height))

    def field_rect(self) -> QRectF:
        """The board's rectangle in widget coordinates; board and legend are centred as one block."""
        if self._state is None:
            return QRectF()
        size = self.cell_size()
        w, h = size * self._state.width, size * self._state.height
        top = max(MARGIN, (self.height() - h - self._legend_space()) // 2)
        return QRectF((self.width() - w) // 2, top, w, h)

    def cell_rect(self, x: int, y: int) -> QRectF:
        field, size = self.field_rect(), self.cell_size()
        return QRectF(field.left() + x * size, field.top() + y * size, size, size)

    def cell_at(self, point: QPointF) -> Cell | None:
        """The board cell under widget point ``point``, or ``None`` outside the board."""
        field = self.field_rect()
        if self._state is None or not field.contains(point):
            return None
        size = self.cell_size()
        cell = (int((point.x() - field.left()) // size), int((point.y() - field.top()) // size))
        return cell if self._state.in_board(cell) else None

    def worm_at(self, cell: Cell) -> int | None:
        return None if self._state is None else self._state.owner(cell)

    def describe_cell(self, cell: Cell) -> str:
        """What the tooltip over ``cell`` says: the coordinates and what is there."""
        state = self._state
        if state is None or not state.in_board(cell):
            return ""
        where = f"[{cell[0]}, {cell[1]}]"
        index = state.owner(cell)
        if index is not None:
            worm = state.worms[index]
            part = "head" if cell == worm.head else "tail" if cell == worm.tail else "body"
            return f"{where} {self.seat_name(index)} (worm {index}), {part}\n{_worm_status(worm)}"
        if cell in state.walls:
            return f"{where} wall"
        item = state.items.get(cell)
        return f"{where} {ITEM_TEXT[item]}" if item is not None else where

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(640, 520)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, 180)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        cell = self.cell_at(event.position())
        if cell is None:
            return
        self.cellClicked.emit(*cell)
        index = self.worm_at(cell)
        if index is not None:
            self.wormClicked.emit(index)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell != self._hovered:
            self._hovered = cell
            on_worm = cell is not None and self.worm_at(cell) is not None
            self.setCursor(Qt.CursorShape.PointingHandCursor if on_worm else Qt.CursorShape.ArrowCursor)
            self.update()

    def leaveEvent(self, event: QEvent) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.update()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            cell = self.cell_at(event.position())
            text = self.describe_cell(cell) if cell is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        state = self._state
        if state is None:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No worm game")
            return
        field, size = self.field_rect(), self.cell_size()
        painter.drawPixmap(field.topLeft(), self._walls_layer(state, palette))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)

        def rect(cell: Cell) -> QRectF:
            return QRectF(field.left() + cell[0] * size, field.top() + cell[1] * size, size, size)

        for cell, item in state.items.items():
            paint_item(painter, rect(cell), item)
        # The dead lie under the frozen, the frozen under the movers: what still moves stays on top.
        for rank in (lambda w: not w.alive, lambda w: w.alive and w.frozen > 0, lambda w: w.moving):
            for index, worm in enumerate(state.worms):
                if rank(worm):
                    centres = [rect(cell).center() for cell in worm.cells]
                    if index == self._highlighted:
                        _paint_halo(painter, centres, seat_color(index), size, palette)
                    paint_worm(painter, centres, worm.direction, worm_look(index, worm, palette), size, worm.frozen)
        if self._hovered is not None:
            _paint_hover(painter, palette, self.cell_rect(*self._hovered))
        if self._legend:
            self._paint_legend(painter, palette, state)

    # --- painting ----------------------------------------------------------------------------

    def _walls_layer(self, state: WormsState, palette: QPalette) -> QPixmap:
        """Field, grid and walls, painted once per board and size: walls never change in a game,
        and a 94 × 29 board has thousands of them."""
        size, ratio = self.cell_size(), self.devicePixelRatioF()
        key = (state.walls, state.width, state.height, size, ratio, palette.color(QPalette.ColorRole.Base).rgba(),
               palette.color(QPalette.ColorRole.Text).rgba())
        if self._walls_cache is not None and self._walls_cache[0] == key:
            return self._walls_cache[1]
        pixmap = QPixmap(round(state.width * size * ratio), round(state.height * size * ratio))
        pixmap.setDevicePixelRatio(ratio)
        base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
        pixmap.fill(base)
        painter = QPainter(pixmap)
        if size >= DETAIL_MIN_CELL:
            pen = QPen(blend(base, text, 0.06), 1)
            pen.setCosmetic(True)
            painter.setPen(pen)
            for x in range(1, state.width):
                painter.drawLine(x * size, 0, x * size, state.height * size)
            for y in range(1, state.height):
                painter.drawLine(0, y * size, state.width * size, y * size)
        wall = WALL_DARK if is_dark(palette) else WALL_LIGHT
        edge = wall.lighter(135) if is_dark(palette) else wall.darker(150)
        for x, y in state.walls:
            painter.fillRect(x * size, y * size, size, size, wall)
        if size >= 4:
            # Outline the wall blocks, not each cell: a maze reads as shapes, not as tiles.
            painter.setPen(QPen(edge, 1))
            for x, y in state.walls:
                left, top, right, bottom = x * size, y * size, (x + 1) * size - 1, (y + 1) * size - 1
                for neighbour, line in (((x, y - 1), (left, top, right, top)), ((x, y + 1), (left, bottom, right, bottom)),
                                        ((x - 1, y), (left, top, left, bottom)), ((x + 1, y), (right, top, right, bottom))):
                    if neighbour not in state.walls and state.in_board(neighbour):
                        painter.drawLine(*line)
        painter.end()
        self._walls_cache = (key, pixmap)
        return pixmap

    def _legend_height(self) -> int:
        if not self._legend or self._state is None:
            return 0
        return len(self._legend_lines()) * self._legend_line_height() + 2

    def _legend_space(self) -> int:
        height = self._legend_height()
        return height + LEGEND_GAP if height else 0

    def _legend_line_height(self) -> int:
        return QFontMetrics(self.font()).height() + 8

    def _legend_lines(self) -> list[list[_Chip]]:
        """The legend's chips flowed into lines no wider than the widget: the worms as they are
        now, then what the board's pieces mean, then the game's counters. Cached: every cell's
        rectangle depends on the legend's height."""
        state = self._state
        if state is None:
            return []
        key = (state, self.width(), tuple(self._names), self.font().key())
        if self._legend_cache is None or self._legend_cache[0] != key:
            self._legend_cache = (key, self._flow_legend(state))
        return self._legend_cache[1]

    def _flow_legend(self, state: WormsState) -> list[list[_Chip]]:
        metrics = QFontMetrics(self.font())
        icon = metrics.height() + 2
        worms = [_Chip(_worm_icon(i, worm), f"{self.seat_name(i)} · {_points(worm.points)}{_worm_tag(worm)}", 2 * icon, icon)
                 for i, worm in enumerate(state.worms)]
        keys = [_Chip(_item_icon(item), item.label, icon, icon) for item in Item]
        keys.append(_Chip(_wall_icon, "wall", icon, icon))
        for word, sample in (("frozen", _FROZEN_SAMPLE), ("dead", _DEAD_SAMPLE)):
            keys.append(_Chip(_worm_icon(None, sample), word, 2 * icon, icon))
        end = state.end_reason()
        counters = [_Chip(None, f"round {state.round} / {state.max_rounds} · " +
                          (END_TEXT[end] if end is not None else f"{state.flowers_left} flowers to go"), 0, 0)]
        width = self.width() - 2 * MARGIN
        return [line for group in (worms, keys + counters) for line in _flow(group, width, metrics)]

    def _paint_legend(self, painter: QPainter, palette: QPalette, state: WormsState) -> None:
        rect = self.legend_rect()
        metrics = QFontMetrics(self.font())
        line_height = self._legend_line_height()
        text = palette.color(QPalette.ColorRole.WindowText)
        muted = palette.color(QPalette.ColorRole.PlaceholderText)
        for row, line in enumerate(self._legend_lines()):
            x, top = rect.left(), rect.top() + row * line_height
            for chip in line:
                if chip.paint is not None:
                    chip.paint(painter, QRectF(x, top + (line_height - chip.icon_h) / 2, chip.icon_w, chip.icon_h), palette)
                    x += chip.icon_w + ICON_GAP
                painter.setPen(text if chip.paint is not None else muted)
                painter.drawText(QRectF(x, top, metrics.horizontalAdvance(chip.text) + 2, line_height),
                                 Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, chip.text)
                x += metrics.horizontalAdvance(chip.text) + CHIP_GAP


# --- the legend ------------------------------------------------------------------------------

LEGEND_GAP = 10
CHIP_GAP, ICON_GAP = 20, 6
IconPainter = Callable[[QPainter, QRectF, QPalette], None]


@dataclass(frozen=True)
class _Chip:
    paint: IconPainter | None
    text: str
    icon_w: int
    icon_h: int

    def width(self, metrics: QFontMetrics) -> int:
        """Its width without the gap that follows it."""
        return (self.icon_w + ICON_GAP if self.paint is not None else 0) + metrics.horizontalAdvance(self.text)


def _line_width(line: Sequence[_Chip], metrics: QFontMetrics) -> int:
    return sum(chip.width(metrics) for chip in line) + CHIP_GAP * (len(line) - 1)


def _flow(chips: list[_Chip], width: int, metrics: QFontMetrics) -> list[list[_Chip]]:
    lines: list[list[_Chip]] = [[]]
    for chip in chips:
        if lines[-1] and _line_width([*lines[-1], chip], metrics) > width:
            lines.append([])
        lines[-1].append(chip)
    return lines


def _points(points: int) -> str:
    return f"{points} pt" if points == 1 else f"{points} pts"


def _worm_tag(worm: Worm) -> str:
    if not worm.alive:
        return " · dead"
    if worm.frozen:
        return f" · frozen {worm.frozen}"
    return f" · bonus {worm.bonus}" if worm.bonus else ""


def _worm_status(worm: Worm) -> str:
    parts = [_points(worm.points), f"length {worm.length}"]
    if not worm.alive:
        parts.insert(0, "dead")
    elif worm.frozen:
        parts.insert(0, f"frozen for {worm.frozen} more round{'s' if worm.frozen != 1 else ''}")
    else:
        parts.insert(0, f"moving {worm.direction.label}")
    if worm.alive:
        parts.append(f"bonus {worm.bonus}")
    return ", ".join(parts)


_FROZEN_SAMPLE = Worm(((1, 0), (0, 0)), Direction.RIGHT, frozen=1)
_DEAD_SAMPLE = Worm(((1, 0), (0, 0)), Direction.RIGHT, alive=False)


def _worm_icon(index: int | None, worm: Worm) -> IconPainter:
    """A two-cell worm across the icon's rect, head on the right, looking as ``worm`` does now;
    ``index`` None paints the neutral sample of the legend's key."""

    def paint(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        size = rect.height()
        y = rect.center().y()
        centres = [QPointF(rect.right() - size * 0.5, y), QPointF(rect.right() - size * 1.5, y)]
        look = worm_look(index, worm, palette) if index is not None else _neutral_look(worm, palette)
        paint_worm(painter, centres, Direction.RIGHT, look, size * 0.8, 0, spark=False)

    return paint


def _neutral_look(worm: Worm, palette: QPalette) -> WormLook:
    """A seat-less worm for the legend's key: the text colour's grey, iced or dead like the rest."""
    grey = blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.55)
    if worm.frozen:
        return WormLook(blend(grey, ICE, 0.55), blend(grey, ICE, 0.35), blend(grey, ICE, 0.7), frozen=True)
    faded = blend(grey, palette.color(QPalette.ColorRole.Base), 0.35)
    return WormLook(faded, faded, faded, dead=True)


def _item_icon(item: Item) -> IconPainter:
    return lambda painter, rect, palette: paint_item(painter, rect, item)


def _wall_icon(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
    wall = WALL_DARK if is_dark(palette) else WALL_LIGHT
    r = rect.adjusted(rect.width() * 0.15, rect.height() * 0.15, -rect.width() * 0.15, -rect.height() * 0.15)
    painter.fillRect(r, wall)
    painter.setPen(QPen(wall.lighter(135) if is_dark(palette) else wall.darker(150), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(r)


# --- items and worms -------------------------------------------------------------------------


def paint_item(painter: QPainter, rect: QRectF, item: Item) -> None:
    """``item`` in the cell ``rect``: a flower, an ice crystal or a gold plus; plain dots when tiny."""
    c, s = rect.center(), rect.width()
    painter.save()
    if s < DETAIL_MIN_CELL:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush({Item.FLOWER: FLOWER, Item.ICE: ICE_EDGE, Item.BONUS: BONUS}[item])
        painter.drawEllipse(c, s * 0.38, s * 0.38)
    elif item is Item.FLOWER:
        painter.setPen(QPen(FLOWER.darker(135), max(1.0, s / 24)))
        painter.setBrush(FLOWER)
        for k in range(5):
            angle = -math.pi / 2 + k * 2 * math.pi / 5
            petal = QPointF(c.x() + math.cos(angle) * s * 0.2, c.y() + math.sin(angle) * s * 0.2)
            painter.drawEllipse(petal, s * 0.16, s * 0.16)
        painter.setPen(QPen(FLOWER_HEART.darker(150), max(1.0, s / 28)))
        painter.setBrush(FLOWER_HEART)
        painter.drawEllipse(c, s * 0.12, s * 0.12)
    elif item is Item.ICE:
        hexagon = QPolygonF([QPointF(c.x() + math.cos(a) * s * 0.36, c.y() + math.sin(a) * s * 0.36)
                             for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))])
        painter.setPen(QPen(ICE_EDGE, max(1.0, s / 18)))
        painter.setBrush(ICE)
        painter.drawPolygon(hexagon)
        painter.setPen(QPen(ICE_EDGE, max(1.0, s / 22), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for k in range(3):
            a = math.pi / 2 + k * math.pi / 3
            dx, dy = math.cos(a) * s * 0.22, math.sin(a) * s * 0.22
            painter.drawLine(QPointF(c.x() - dx, c.y() - dy), QPointF(c.x() + dx, c.y() + dy))
    else:
        painter.setPen(QPen(BONUS_EDGE, max(1.0, s / 18)))
        painter.setBrush(BONUS)
        painter.drawEllipse(c, s * 0.36, s * 0.36)
        painter.setPen(QPen(QColor("white"), max(1.5, s * 0.11), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        arm = s * 0.17
        painter.drawLine(QPointF(c.x() - arm, c.y()), QPointF(c.x() + arm, c.y()))
        painter.drawLine(QPointF(c.x(), c.y() - arm), QPointF(c.x(), c.y() + arm))
    painter.restore()


def paint_worm(painter: QPainter, centres: Sequence[QPointF], direction: Direction, look: WormLook, size: float,
               frozen_rounds: int, *, spark: bool = True) -> None:
    """A worm through the cell centres ``centres`` (head first), heading ``direction``.

    The body tapers from head to tail so the end that retracts is visible; ice spreads around a
    frozen worm; a dead worm gets a spark where its head hit (``spark``)."""
    last = len(centres) - 1
    widths = [size * (BODY_WIDTH + (TAIL_WIDTH - BODY_WIDTH) * i / max(1, last)) for i in range(last + 1)]
    painter.save()
    if look.frozen:
        frost = QColor(ICE)
        frost.setAlphaF(0.85)
        for i in range(last, 0, -1):
            width = widths[i - 1] + 2 * FROST_WIDTH * size
            painter.setPen(QPen(frost, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(centres[i], centres[i - 1])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(frost)
        r = size * (HEAD_SIZE / 2 + FROST_WIDTH)
        painter.drawEllipse(centres[0], r, r)
    # Tail to head, so the parts nearer the head lie on top.
    for i in range(last, 0, -1):
        color = blend(look.body, look.tail, i / last)
        painter.setPen(QPen(color, widths[i], Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(centres[i], centres[i - 1])
    head = centres[0]
    radius = size * HEAD_SIZE / 2
    outline = look.head.darker(140)
    painter.setPen(QPen(outline, max(1.0, size * 0.05)))
    painter.setBrush(look.head)
    painter.drawEllipse(head, radius, radius)
    if look.dead and spark:
        _paint_spark(painter, QPointF(head.x() + direction.dx * size * 0.55, head.y() + direction.dy * size * 0.55), size)
    if size >= DETAIL_MIN_CELL:
        _paint_eyes(painter, head, direction, look, size)
    if look.frozen and frozen_rounds and size >= BADGE_MIN_CELL:
        _paint_badge(painter, head, size, str(frozen_rounds))
    painter.restore()


def _paint_eyes(painter: QPainter, head: QPointF, direction: Direction, look: WormLook, size: float) -> None:
    dx, dy = direction.dx, direction.dy
    px, py = -dy, dx
    for side in (-1, 1):
        eye = QPointF(head.x() + (dx * 0.14 + px * 0.19 * side) * size, head.y() + (dy * 0.14 + py * 0.19 * side) * size)
        r = size * 0.12
        if look.dead:
            painter.setPen(QPen(QColor("#26272b"), max(1.0, size * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(QPointF(eye.x() - r, eye.y() - r), QPointF(eye.x() + r, eye.y() + r))
            painter.drawLine(QPointF(eye.x() - r, eye.y() + r), QPointF(eye.x() + r, eye.y() - r))
        elif look.frozen:
            # Closed eyes: a short lid across the look direction — asleep in the ice, not dead.
            painter.setPen(QPen(QColor("#1d3b57"), max(1.0, size * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(QPointF(eye.x() - px * r, eye.y() - py * r), QPointF(eye.x() + px * r, eye.y() + py * r))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("white"))
            painter.drawEllipse(eye, r, r)
            painter.setBrush(QColor("#1b1b1f"))
            painter.drawEllipse(QPointF(eye.x() + dx * size * 0.045, eye.y() + dy * size * 0.045), r * 0.55, r * 0.55)


def _paint_spark(painter: QPainter, centre: QPointF, size: float) -> None:
    """A small star where a dead worm's head crashed."""
    points = []
    for k in range(16):
        r = size * (0.3 if k % 2 == 0 else 0.13)
        a = k * math.pi / 8
        points.append(QPointF(centre.x() + math.cos(a) * r, centre.y() + math.sin(a) * r))
    painter.setPen(QPen(SPARK.darker(140), max(1.0, size * 0.04)))
    painter.setBrush(SPARK)
    painter.drawPolygon(QPolygonF(points))


def _paint_badge(painter: QPainter, head: QPointF, size: float, text: str) -> None:
    """The rounds a frozen worm still waits, on a chip at the head's upper right."""
    font = painter.font()
    font.setPixelSize(max(7, round(size * 0.42)))
    font.setBold(True)
    painter.setFont(font)
    metrics = QFontMetrics(font)
    w, h = max(metrics.horizontalAdvance(text) + 6, metrics.height()), metrics.height()
    rect = QRectF(head.x() + size * 0.18, head.y() - size * 0.5 - h * 0.2, w, h)
    painter.setPen(QPen(ICE_EDGE.darker(130), 1))
    painter.setBrush(ICE_EDGE)
    painter.drawRoundedRect(rect, h / 2, h / 2)
    painter.setPen(QColor("white"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _paint_halo(painter: QPainter, centres: Sequence[QPointF], color: QColor, size: float, palette: QPalette) -> None:
    halo = QColor(color)
    halo.setAlphaF(0.4 if is_dark(palette) else 0.28)
    painter.save()
    painter.setPen(QPen(halo, size * 1.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for a, b in zip(centres, centres[1:]):
        painter.drawLine(a, b)
    painter.drawPoint(centres[0])
    painter.restore()


def _paint_hover(painter: QPainter, palette: QPalette, rect: QRectF) -> None:
    color = QColor(palette.color(QPalette.ColorRole.Highlight))
    painter.setPen(QPen(color, 1.5))
    color.setAlphaF(0.12)
    painter.setBrush(color)
    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 2, 2)


# --- on its own ------------------------------------------------------------------------------


def safe_turn(state: WormsState, index: int, rng: random.Random) -> str:
    """A trivial policy for the demo: a random turn among those that do not hit a wall or a worm."""
    worm = state.worms[index]
    safe = []
    for answer, quarter in ((".", 0), ("l", -1), ("r", 1)):
        cell = Direction((worm.direction + quarter) % 4).step(worm.head)
        if cell not in state.walls and state.owner(cell) is None:
            safe.append(answer)
    # Straight on twice as often: worms that wiggle less look like they mean it.
    return rng.choice(safe + ["."] if "." in safe else safe) if safe else "."


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.worms_view [MAP]``: a sample map played by a random policy."""
    from pathlib import Path

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from engines.worms import PlayfieldError, StateError, play_round, playfield_from_text

    args = list(sys.argv[1:] if argv is None else argv)
    path = Path(args[0]) if args else Path(__file__).resolve().parents[2] / "samples" / "worms" / "meadow.txt"
    try:
        state = playfield_from_text(path.read_text(encoding="latin-1"))
    except (OSError, PlayfieldError, StateError) as error:
        print(f"worms_view: {path}: {getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(sys.argv[:1])
    rng = random.Random(1)
    view = WormsView()
    view.set_state(state)
    view.wormClicked.connect(lambda i: view.set_highlighted_worm(None if view.highlighted_worm() == i else i))

    def play() -> None:
        current = view.state()
        if current is None or current.over:
            timer.stop()
            return
        view.set_state(play_round(current, [safe_turn(current, i, rng) for i in range(4)], rng).state)

    timer = QTimer(view)
    timer.timeout.connect(play)
    timer.start(120)
    view.setWindowTitle(f"WormsView — {path.name}")
    view.resize(760, 560)
    view.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
