"""How patterns look everywhere in the editor: elements, user sets, NOT, groups and the head.

One module so the card canvas, the palette, card thumbnails, the variant strip and the test
bench's overlay draw a pattern the same way. Everything is painted with QPainter into a given
rectangle and scales with it; colours are chosen to read on light and dark palettes alike."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPalette, QPen, QPixmap, QPolygonF

from engines.snake import Direction, Element
from matcher.model import ALL_GROUPS, CARD_SIZE, Card, Group, GroupKind, Match, Pattern, Program, SetRef


@dataclass(frozen=True)
class ElementLook:
    label: str
    color: QColor
    key: str  # the number key that picks it in the palette
    description: str


OWN = QColor("#2f7fd8")
ENEMY = QColor("#d8453a")

ELEMENT_LOOK: dict[Element, ElementLook] = {
    Element.EMPTY: ElementLook("empty", QColor("#8fb98a"), "1", "a free cell"),
    # Mid grey: the icon fills with it and hatches darker, so it reads on light and dark bases.
    Element.BORDER: ElementLook("border", QColor("#9a9a9a"), "2", "a cell outside the field"),
    Element.OWN_BODY: ElementLook("own body", OWN, "3", "a body segment of this snake"),
    Element.OWN_TAIL: ElementLook("own tail", OWN.lighter(135), "4", "the tail of this snake"),
    Element.ENEMY_HEAD: ElementLook("enemy head", ENEMY.darker(125), "5", "the head of any rival"),
    Element.ENEMY_BODY: ElementLook("enemy body", ENEMY, "6", "a body segment of any rival"),
    Element.ENEMY_TAIL: ElementLook("enemy tail", ENEMY.lighter(135), "7", "the tail of any rival (eaten rivals' too)"),
}

SET_COLORS = (QColor("#8e5cc7"), QColor("#c7892c"), QColor("#2aa198"), QColor("#c2549d"))
SET_KEYS = ("8", "9", "0", "-")

GROUP_COLORS: dict[Group, QColor] = dict(
    zip(
        ALL_GROUPS,
        (
            QColor("#1f6fd1"), QColor("#1b9e5a"), QColor("#d17a00"), QColor("#8a3fd1"),  # and1-4
            QColor("#0096a8"), QColor("#c23b7a"), QColor("#7a8a00"), QColor("#5b5bd6"),  # or1-4
        ),
    )
)


def group_color(group: Group) -> QColor:
    return QColor(GROUP_COLORS[group])


def group_pen(group: Group, width: float) -> QPen:
    """AND groups are framed with a solid line, OR groups with a dashed one."""
    pen = QPen(group_color(group), width)
    pen.setStyle(Qt.PenStyle.SolidLine if group.kind is GroupKind.AND else Qt.PenStyle.DashLine)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen


def group_title(group: Group) -> str:
    kind = "AND" if group.kind is GroupKind.AND else "OR"
    return f"{kind} {group.number}"


def match_color(match: Match) -> QColor:
    if isinstance(match, SetRef):
        return QColor(SET_COLORS[match.index % len(SET_COLORS)])
    return QColor(ELEMENT_LOOK[match].color)


def match_name(program: Program | None, match: Match) -> str:
    if isinstance(match, SetRef):
        if program is not None and match.index < len(program.sets):
            return f"{match.label} “{program.sets[match.index].name}”"
        return match.label
    return ELEMENT_LOOK[match].label


def pattern_text(program: Program | None, pattern: Pattern) -> str:
    """``NOT enemy tail`` / ``set1 “rival”`` — how a pattern reads in tooltips and lists."""
    return ("NOT " if pattern.negate else "") + match_name(program, pattern.match)


def pattern_tooltip(program: Program, pattern: Pattern) -> str:
    weight = program.weight(pattern) if _set_exists(program, pattern.match) else "?"
    return f"{pattern_text(program, pattern)}\ngroup: {group_title(pattern.group)}\nweight: {weight}"


def _set_exists(program: Program, match: Match) -> bool:
    return not isinstance(match, SetRef) or match.index < len(program.sets)


# --- contrast ---------------------------------------------------------------------------------


def luminance(color: QColor) -> float:
    """The relative luminance of ``color`` (WCAG 2), 0 for black to 1 for white."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())


def contrast_ratio(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_for(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    black, white = QColor("#111111"), QColor("white")
    return black if contrast_ratio(black, fill) >= contrast_ratio(white, fill) else white


def group_label(group: Group) -> str:
    """The short label a pattern cell carries: ``A1`` … ``A4``, ``O1`` … ``O4``."""
    return ("A" if group.kind is GroupKind.AND else "O") + str(group.number)


def group_label_colors(group: Group) -> tuple[QColor, QColor]:
    """(fill, ink) of a cell's group label: a chip of the group's colour, so the label reads the
    same on light and dark palettes."""
    fill = group_color(group)
    return fill, ink_for(fill)


# --- painting -------------------------------------------------------------------------------


def paint_match_icon(painter: QPainter, rect: QRectF, match: Match) -> None:
    """The icon of an element or user set, filling ``rect``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = rect.adjusted(rect.width() * 0.12, rect.height() * 0.12, -rect.width() * 0.12, -rect.height() * 0.12)
    color = match_color(match)
    outline = QPen(color.darker(150), max(1.0, rect.width() / 24))
    if isinstance(match, SetRef):
        _paint_set_badge(painter, r, match, color)
    elif match is Element.EMPTY:
        pen = QPen(color.darker(120), max(1.0, rect.width() / 14))
        pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(r, r.width() * 0.15, r.height() * 0.15)
    elif match is Element.BORDER:
        # A solid wall with dark hatching: the light fill shows on dark bases, the dark hatch and
        # outline on light ones (a hatch alone vanishes on a dark base).
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawRect(r)
        hatch = QPen(color.darker(190), max(1.0, rect.width() / 20))
        hatch.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.save()
        painter.setClipRect(r, Qt.ClipOperation.IntersectClip)  # within any clip of the caller
        painter.setPen(hatch)
        step = max(3.0, r.width() / 4)
        offset = 0.0
        while offset < 2 * r.width():
            painter.drawLine(QPointF(r.left() + offset, r.bottom()), QPointF(r.left() + offset - r.height(), r.top()))
            offset += step
        painter.restore()
        painter.setPen(QPen(color.darker(230), max(1.0, rect.width() / 20)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(r)
    elif match in (Element.OWN_BODY, Element.ENEMY_BODY):
        painter.setPen(outline)
        painter.setBrush(color)
        painter.drawRoundedRect(r.adjusted(0, r.height() * 0.18, 0, -r.height() * 0.18), r.height() * 0.2, r.height() * 0.2)
    elif match in (Element.OWN_TAIL, Element.ENEMY_TAIL):
        painter.setPen(outline)
        painter.setBrush(color)
        tail = QPolygonF(
            [QPointF(r.left(), r.top() + r.height() * 0.25), QPointF(r.right(), r.center().y()),
             QPointF(r.left(), r.bottom() - r.height() * 0.25)]
        )
        painter.drawPolygon(tail)
    elif match is Element.ENEMY_HEAD:
        painter.setPen(outline)
        painter.setBrush(color)
        painter.drawEllipse(r)
        _paint_eyes(painter, r, Direction.UP)
    painter.restore()


def _paint_set_badge(painter: QPainter, r: QRectF, match: SetRef, color: QColor) -> None:
    path = QPainterPath()
    c = r.center()
    path.moveTo(c.x(), r.top())
    path.lineTo(r.right(), c.y())
    path.lineTo(c.x(), r.bottom())
    path.lineTo(r.left(), c.y())
    path.closeSubpath()
    painter.setPen(QPen(color.darker(150), max(1.0, r.width() / 20)))
    painter.setBrush(color)
    painter.drawPath(path)
    paint_badge_text(painter, r, str(match.index + 1), max(6, int(r.height() * 0.42)))


def paint_badge_text(painter: QPainter, rect: QRectF, text: str, pixels: int, font: QFont | None = None) -> None:
    """``text`` in bold white, ``pixels`` high, centred on a badge (a set's number, a problem's "!")."""
    bold = QFont(font if font is not None else painter.font())
    bold.setBold(True)
    bold.setPixelSize(pixels)
    painter.setFont(bold)
    painter.setPen(QColor("white"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _paint_eyes(painter: QPainter, r: QRectF, facing: Direction) -> None:
    c = r.center()
    radius = r.width() * 0.11
    forward = QPointF(facing.dx, facing.dy) * (r.width() * 0.18)
    side = QPointF(-facing.dy, facing.dx) * (r.width() * 0.2)
    painter.setPen(Qt.PenStyle.NoPen)
    for sign in (-1, 1):
        eye = c + forward + side * sign
        painter.setBrush(QColor("white"))
        painter.drawEllipse(eye, radius, radius)
        painter.setBrush(QColor("#202020"))
        painter.drawEllipse(eye + QPointF(facing.dx, facing.dy) * radius * 0.4, radius * 0.5, radius * 0.5)


def paint_not_mark(painter: QPainter, rect: QRectF) -> None:
    """A 'no' sign over the icon: the pattern matches everything but its element or set."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    size = rect.width() * 0.42
    mark = QRectF(rect.right() - size - rect.width() * 0.04, rect.top() + rect.height() * 0.04, size, size)
    pen = QPen(QColor("#c62828"), max(1.5, rect.width() / 16))
    painter.setPen(pen)
    painter.setBrush(QColor(255, 255, 255, 220))
    painter.drawEllipse(mark)
    inset = size * 0.2
    painter.drawLine(QPointF(mark.left() + inset, mark.bottom() - inset), QPointF(mark.right() - inset, mark.top() + inset))
    painter.restore()


def paint_pattern(painter: QPainter, rect: QRectF, pattern: Pattern, show_group_label: bool = True) -> None:
    """A pattern cell: a tint of the group's colour, the icon, the NOT mark and the group frame
    (solid for AND, dashed for OR) with its short label."""
    painter.save()
    color = group_color(pattern.group)
    tint = QColor(color)
    tint.setAlpha(40)
    painter.fillRect(rect, tint)
    icon = rect.adjusted(rect.width() * 0.1, rect.height() * 0.1, -rect.width() * 0.1, -rect.height() * 0.1)
    paint_match_icon(painter, icon, pattern.match)
    if pattern.negate:
        paint_not_mark(painter, rect)
    frame_width = max(1.5, rect.width() / 14)
    painter.setPen(group_pen(pattern.group, frame_width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = frame_width / 2
    painter.drawRect(rect.adjusted(half, half, -half, -half))
    if show_group_label and rect.width() >= 28:
        paint_group_label(painter, rect, pattern.group, frame_width)
    painter.restore()


def group_label_rect(rect: QRectF, frame_width: float | None = None) -> QRectF:
    """Where a pattern cell of ``rect`` carries its group label: a chip in the bottom-left corner,
    inside the group frame."""
    if frame_width is None:
        frame_width = max(1.5, rect.width() / 14)
    height = max(9.0, round(rect.height() * 0.26))
    width = max(14.0, round(rect.width() * 0.36))
    return QRectF(rect.left() + frame_width, rect.bottom() - frame_width - height, width, height)


def paint_group_label(painter: QPainter, rect: QRectF, group: Group, frame_width: float) -> None:
    """``A1`` / ``O2`` in ink that contrasts with a chip of the group's colour."""
    fill, ink = group_label_colors(group)
    chip = group_label_rect(rect, frame_width)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawRect(chip)
    font = QFont(painter.font())
    font.setPixelSize(max(7, int(chip.height() * 0.78)))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(ink)
    painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, group_label(group))
    painter.restore()


def paint_head(painter: QPainter, rect: QRectF, facing: Direction, color: QColor = OWN) -> None:
    """The card's own head: a disc with eyes and an arrow pointing where the card sends the snake."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = rect.adjusted(rect.width() * 0.14, rect.height() * 0.14, -rect.width() * 0.14, -rect.height() * 0.14)
    painter.setPen(QPen(color.darker(160), max(1.0, rect.width() / 22)))
    painter.setBrush(color.darker(115))
    painter.drawEllipse(r)
    _paint_eyes(painter, r, facing)
    # The arrow just outside the disc, towards the move.
    c = r.center()
    d = QPointF(facing.dx, facing.dy)
    n = QPointF(-facing.dy, facing.dx)
    tip = c + d * (rect.width() * 0.49)
    base = c + d * (rect.width() * 0.33)
    arrow = QPolygonF([tip, base + n * (rect.width() * 0.12), base - n * (rect.width() * 0.12)])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f2b705"))
    painter.drawPolygon(arrow)
    painter.restore()


def paint_card(painter: QPainter, rect: QRectF, card: Card, palette: QPalette, grid: bool = True) -> None:
    """A whole card in the square ``rect``."""
    cell = rect.width() / CARD_SIZE
    painter.save()
    painter.fillRect(rect, palette.color(QPalette.ColorRole.Base))
    for (row, col), pattern in card.cells.items():
        paint_pattern(painter, QRectF(rect.left() + col * cell, rect.top() + row * cell, cell, cell), pattern,
                      show_group_label=cell >= 28)
    head = card.head
    paint_head(painter, QRectF(rect.left() + head.col * cell, rect.top() + head.row * cell, cell, cell), head.facing)
    if grid:
        paint_grid(painter, rect, CARD_SIZE, CARD_SIZE, palette)
    painter.restore()


def paint_grid(painter: QPainter, rect: QRectF, columns: int, rows: int, palette: QPalette) -> None:
    """Faint 1-pixel grid lines. Filled as 1-pixel rectangles: Qt draws a translucent line
    without antialiasing about ten times slower than it fills the same pixels, and the card
    editor draws a few hundred of them for every edit."""
    line = QColor(palette.color(QPalette.ColorRole.Text))
    line.setAlpha(45)
    top, bottom = round(rect.top()), round(rect.bottom())
    left, right = round(rect.left()), round(rect.right())
    cw, ch = rect.width() / columns, rect.height() / rows
    for i in range(columns + 1):
        painter.fillRect(QRect(round(rect.left() + i * cw), top, 1, bottom - top + 1), line)
    for j in range(rows + 1):
        painter.fillRect(QRect(left, round(rect.top() + j * ch), right - left + 1, 1), line)


def card_thumbnail(card: Card, size: int, palette: QPalette) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(palette.color(QPalette.ColorRole.Base))
    painter = QPainter(pixmap)
    paint_card(painter, QRectF(0, 0, size, size), card, palette, grid=size >= 56)
    painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
    painter.drawRect(QRectF(0.5, 0.5, size - 1, size - 1))
    painter.end()
    return pixmap


def match_pixmap(match: Match, size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_match_icon(painter, QRectF(0, 0, size, size), match)
    painter.end()
    return pixmap
