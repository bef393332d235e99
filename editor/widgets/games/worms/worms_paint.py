"""How a worm game is painted (specs/worms.md): the field's grid and walls, the items, the worms,
and the legend's icons made of them, so a worm looks the same on the board and in its legend.

A worm's look says what it can do next round: a live worm has open eyes, a frozen one is iced
over with closed eyes and its remaining rounds on a badge, a dead one is grey with crossed eyes
and a spark where it crashed."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPalette, QPen, QPolygonF

from editor.widgets.games.board_legend import IconPainter
from editor.widgets.parts.seat_colors import blend, is_dark, out_color, seat_color
from engines.worms import Direction, Item, Worm, WormsState

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


@dataclass(frozen=True)
class WormLook:
    """The colours a worm is painted with; ``frozen`` adds frost, ``dead`` crossed eyes."""

    body: QColor
    head: QColor
    tail: QColor
    frozen: bool = False
    dead: bool = False


def worm_look(index: int, worm: Worm, palette: QPalette) -> WormLook:
    """Seat ``index``'s colours for ``worm`` as it is now: moving, iced over or dead."""
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


def paint_halo(painter: QPainter, centres: Sequence[QPointF], color: QColor, size: float, palette: QPalette) -> None:
    """A translucent band of ``color`` along the worm through ``centres``: the highlighted seat."""
    halo = QColor(color)
    halo.setAlphaF(0.4 if is_dark(palette) else 0.28)
    painter.save()
    painter.setPen(QPen(halo, size * 1.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for a, b in zip(centres, centres[1:]):
        painter.drawLine(a, b)
    painter.drawPoint(centres[0])
    painter.restore()


# --- the legend's icons ----------------------------------------------------------------------

FROZEN_SAMPLE = Worm(((1, 0), (0, 0)), Direction.RIGHT, frozen=1)
DEAD_SAMPLE = Worm(((1, 0), (0, 0)), Direction.RIGHT, alive=False)
"""Seat-less worms for the legend's key: what frozen and dead look like."""


def worm_icon(index: int | None, worm: Worm) -> IconPainter:
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


def item_icon(item: Item) -> IconPainter:
    """``item`` as it lies on the board."""
    return lambda painter, rect, palette: paint_item(painter, rect, item)


def wall_icon(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
    """One wall block, outlined as the board outlines its mazes."""
    wall, edge = wall_colors(palette)
    r = rect.adjusted(rect.width() * 0.15, rect.height() * 0.15, -rect.width() * 0.15, -rect.height() * 0.15)
    painter.fillRect(r, wall)
    painter.setPen(QPen(edge, 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(r)


# --- the field -------------------------------------------------------------------------------


def wall_colors(palette: QPalette) -> tuple[QColor, QColor]:
    """A wall's fill and the outline of a wall block: darker than a light field, lighter than a dark one."""
    wall = WALL_DARK if is_dark(palette) else WALL_LIGHT
    return wall, wall.lighter(135) if is_dark(palette) else wall.darker(150)


def paint_field(painter: QPainter, state: WormsState, size: int, palette: QPalette) -> None:
    """The grid and the walls of ``state`` at ``size`` pixels a cell, the board's top left at
    (0, 0), on a field already filled with the palette's base colour."""
    if size >= DETAIL_MIN_CELL:
        pen = QPen(blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.06), 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        for x in range(1, state.width):
            painter.drawLine(x * size, 0, x * size, state.height * size)
        for y in range(1, state.height):
            painter.drawLine(0, y * size, state.width * size, y * size)
    wall, edge = wall_colors(palette)
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
