"""A decision's explanation painted over a field: the possible moves as arrows from the head with
their scores, and the shown variant's patterns on the cells they looked at, ticked or crossed.

Not a widget: painting helpers for any view that knows where a field cell lies (the test bench's
position editor and the battle view share them). Cells outside the field are painted too, hatched
as the border they are, wherever the view has room for them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPalette, QPen, QPolygonF

from editor.widgets.cards.pattern_paint import group_pen, group_title, paint_match_icon, paint_not_mark, pattern_text
from editor.widgets.parts.seat_colors import blend, is_dark
from engines.snake import Cell, Direction
from matcher.explain import Explanation, MoveExplanation, PatternMatch
from matcher.model import CARD_SIZE, Card, Program, variant_offset

CellRect = Callable[[int, int], QRectF]
"""Where field cell ``(x, y)`` lies in widget coordinates (cells outside the field included)."""

BEST = QColor("#e0a100")
VALID = QColor("#2e9d4f")
INVALID = QColor("#8a8a8a")
MATCHED = QColor("#2e9d4f")
UNMATCHED = QColor("#d23c32")
MARK_SIZE = 0.38
"""A pattern mark's icon (top left) and tick or cross (bottom right), relative to the cell: the
middle stays free for the move arrows that pass through."""
MARK_MIN_CELL = 7
"""Below this many pixels per cell a tick or cross would be a dot; the frame alone shows it."""


# --- what to show ---------------------------------------------------------------------------


def shown_move(explanation: Explanation, requested: Direction | None = None) -> Direction | None:
    """The move whose variant the overlay shows: ``requested`` when the deciding card scored it,
    otherwise the first best move, otherwise None (no card decided)."""
    if requested is not None and requested in explanation.moves:
        return requested
    return next((d for d in explanation.best if d in explanation.moves), None)


def is_best(explanation: Explanation, direction: Direction) -> bool:
    return direction in explanation.best


def move_verdict(explanation: Explanation, direction: Direction) -> str:
    """``best`` / ``valid`` / ``invalid`` for a possible move; ``best`` for every possible move
    when no card decided (the snake picks among them all)."""
    if direction in explanation.best:
        return "best"
    move = explanation.moves.get(direction)
    return "valid" if move is not None and move.valid else "invalid"


def variant_text(move: MoveExplanation, card: Card | None = None) -> str:
    """How a variant reads: ``turned right``, ``as drawn, mirrored``."""
    turn = ""
    if card is not None:
        quarter = (move.variant.direction - card.head.facing) % 4
        turn = ("as drawn", "turned right", "turned round", "turned left")[quarter]
    else:
        turn = f"facing {move.variant.direction.label}"
    return turn + (", mirrored" if move.variant.mirrored else "")


def card_footprint(card: Card, explanation: Explanation, direction: Direction) -> tuple[Cell, Cell] | None:
    """The field cells of two opposite corners of the card laid over the field for the shown
    variant of ``direction``, or None without a shown variant."""
    move = explanation.moves.get(direction)
    if move is None:
        return None
    hx, hy = explanation.head
    corners = [variant_offset(card, corner, move.variant) for corner in ((0, 0), (CARD_SIZE - 1, CARD_SIZE - 1))]
    (ax, ay), (bx, by) = corners
    return (hx + min(ax, bx), hy + min(ay, by)), (hx + max(ax, bx), hy + max(ay, by))


def patterns_at(explanation: Explanation, cell: Cell, direction: Direction | None) -> list[PatternMatch]:
    move = explanation.moves.get(direction) if direction is not None else None
    return [p for p in move.patterns if p.field_cell == cell] if move is not None else []


def overlay_tooltip(explanation: Explanation, cell: Cell, shown: Direction | None, program: Program | None = None) -> str:
    """Tooltip lines for the overlay at ``cell``: each pattern of the shown variant on it."""
    lines = []
    for p in patterns_at(explanation, cell, shown):
        verdict = "matched ✓" if p.matched else "not matched ✗"
        lines.append(
            f"card cell ({p.card_cell[0]}, {p.card_cell[1]}): {pattern_text(program, p.pattern)}, "
            f"{group_title(p.pattern.group)}, weight {p.weight}\nsees {p.element.label.replace('_', ' ')}: {verdict}"
        )
    return "\n".join(lines)


# --- painting -------------------------------------------------------------------------------


def paint_explanation(
    painter: QPainter,
    explanation: Explanation,
    cell_rect: CellRect,
    cell_size: float,
    palette: QPalette,
    shown: Direction | None = None,
    card: Card | None = None,
    field: tuple[int, int] | None = None,
) -> None:
    """Paint ``explanation`` over a field: the shown move's variant (see :func:`shown_move`), then
    the move arrows. ``card`` (the deciding card) adds the card's outline laid over the field;
    ``field`` (width, height) hatches the shown patterns that lie outside it."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    direction = shown_move(explanation, shown)
    if direction is not None and card is not None:
        _paint_footprint(painter, card, explanation, direction, cell_rect, palette)
    # Arrows under the patterns (a tick must stay readable), score badges over everything.
    for move in explanation.possible:
        _paint_arrow(painter, explanation, move, cell_rect, cell_size, palette)
    if direction is not None:
        for pattern in explanation.moves[direction].patterns:
            outside = field is not None and not (0 <= pattern.field_cell[0] < field[0] and 0 <= pattern.field_cell[1] < field[1])
            paint_pattern_mark(painter, cell_rect(*pattern.field_cell), pattern, palette, outside)
    for move in explanation.possible:
        _paint_score(painter, explanation, move, cell_rect, cell_size, palette, move == direction)
    painter.restore()


def paint_pattern_mark(painter: QPainter, rect: QRectF, pattern: PatternMatch, palette: QPalette, outside: bool = False) -> None:
    """One pattern of the shown variant on its field cell: the group's frame (solid AND, dashed
    OR), the pattern's icon in the corner and a tick (matched) or a cross (not matched)."""
    size = rect.width()
    painter.save()
    verdict = MATCHED if pattern.matched else UNMATCHED
    tint = QColor(verdict)
    tint.setAlphaF(0.16 if pattern.matched else 0.2)
    if outside:
        painter.fillRect(rect, QBrush(blend(palette.color(QPalette.ColorRole.Window), palette.color(QPalette.ColorRole.Text), 0.25), Qt.BrushStyle.BDiagPattern))
    painter.fillRect(rect, tint)
    frame = max(1.2, size / 11)
    painter.setPen(group_pen(pattern.pattern.group, frame))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(frame / 2, frame / 2, -frame / 2, -frame / 2))
    if size >= MARK_MIN_CELL:
        icon = QRectF(rect.left() + frame, rect.top() + frame, size * MARK_SIZE, size * MARK_SIZE)
        backdrop = QColor(palette.color(QPalette.ColorRole.Base))
        backdrop.setAlphaF(0.75)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(backdrop)
        painter.drawRoundedRect(icon, icon.width() * 0.2, icon.width() * 0.2)
        paint_match_icon(painter, icon, pattern.pattern.match)
        if pattern.pattern.negate:
            paint_not_mark(painter, icon)
        mark = QRectF(rect.right() - frame - size * MARK_SIZE, rect.bottom() - frame - size * MARK_SIZE, size * MARK_SIZE, size * MARK_SIZE)
        paint_verdict(painter, mark, pattern.matched)
    painter.restore()


def paint_verdict(painter: QPainter, rect: QRectF, matched: bool) -> None:
    """A tick in a green disc or a cross in a red one, filling ``rect``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = MATCHED if matched else UNMATCHED
    painter.setPen(QPen(color.darker(140), max(1.0, rect.width() / 14)))
    painter.setBrush(color)
    painter.drawEllipse(rect)
    pen = QPen(QColor("white"), max(1.2, rect.width() / 6.5), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    w, h, left, top = rect.width(), rect.height(), rect.left(), rect.top()
    if matched:
        path = QPainterPath(QPointF(left + w * 0.27, top + h * 0.53))
        path.lineTo(QPointF(left + w * 0.44, top + h * 0.7))
        path.lineTo(QPointF(left + w * 0.74, top + h * 0.33))
        painter.drawPath(path)
    else:
        a, b = 0.32, 0.68
        painter.drawLine(QPointF(left + w * a, top + h * a), QPointF(left + w * b, top + h * b))
        painter.drawLine(QPointF(left + w * a, top + h * b), QPointF(left + w * b, top + h * a))
    painter.restore()


def _paint_footprint(painter: QPainter, card: Card, explanation: Explanation, direction: Direction,
                     cell_rect: CellRect, palette: QPalette) -> None:
    corners = card_footprint(card, explanation, direction)
    if corners is None:
        return
    (ax, ay), (bx, by) = corners
    area = cell_rect(ax, ay).united(cell_rect(bx, by))
    color = blend(palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base), 0.35)
    pen = QPen(color, 1.2, Qt.PenStyle.DashDotLine)
    pen.setCosmetic(True)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(area)


def arrow_color(explanation: Explanation, direction: Direction) -> QColor:
    return {"best": BEST, "valid": VALID, "invalid": INVALID}[move_verdict(explanation, direction)]


def _paint_arrow(painter: QPainter, explanation: Explanation, direction: Direction, cell_rect: CellRect,
                 cell_size: float, palette: QPalette) -> None:
    """An arrow from the head into the neighbour cell: gold for a best move, green for another
    valid one, grey and dashed for an invalid one."""
    hx, hy = explanation.head
    start = cell_rect(hx, hy).center()
    d = QPointF(direction.dx, direction.dy)
    n = QPointF(-direction.dy, direction.dx)
    verdict = move_verdict(explanation, direction)
    color = arrow_color(explanation, direction)
    outline = QColor("#1b1b1f") if not is_dark(palette) else QColor("#f4f4f4")
    outline.setAlphaF(0.6)
    tail = start + d * (cell_size * 0.4)
    tip = start + d * (cell_size * 1.18)
    base = start + d * (cell_size * 0.86)
    shaft = cell_size * (0.2 if verdict == "best" else 0.14)
    head = cell_size * (0.36 if verdict == "best" else 0.28)
    polygon = QPolygonF([
        tail + n * shaft / 2, base + n * shaft / 2, base + n * head, tip,
        base - n * head, base - n * shaft / 2, tail - n * shaft / 2,
    ])
    pen = QPen(outline, max(1.0, cell_size / 20))
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    if verdict == "invalid":
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    fill = QColor(color)
    fill.setAlphaF(0.6 if verdict == "invalid" else 0.92)
    painter.setBrush(fill)
    painter.drawPolygon(polygon)


def _paint_score(painter: QPainter, explanation: Explanation, direction: Direction, cell_rect: CellRect,
                 cell_size: float, palette: QPalette, shown: bool) -> None:
    """The move's score in a badge just past the cell the move goes to (none when no card decided)."""
    move = explanation.moves.get(direction)
    if move is None:
        return
    font = badge_font(painter.font(), cell_size)
    painter.setFont(font)
    badge = score_badge_rect(cell_rect(*explanation.head).center(), direction, cell_size, str(move.score),
                             QFontMetricsF(font))
    _paint_score_badge(painter, badge, str(move.score), arrow_color(explanation, direction), shown, palette)


def badge_font(base: QFont, cell_size: float) -> QFont:
    font = QFont(base)
    font.setBold(True)
    font.setPixelSize(max(8, min(16, int(cell_size * 0.5))))
    return font


def score_badge_rect(head: QPointF, direction: Direction, cell_size: float, text: str, metrics: QFontMetricsF) -> QRectF:
    """Where a move's score badge goes: beyond the cell the move enters, touching it but not on
    it, so what is there (the tail being bitten, food) stays in sight (issue 16: the badge
    covered the bitten tail)."""
    pixels = metrics.height() / 1.17  # the font's pixel size, near enough
    width = max(metrics.horizontalAdvance(text) + pixels * 0.7, pixels * 1.5)
    height = pixels * 1.45
    extent = width / 2 if direction.dx else height / 2  # half the badge, along the move
    reach = cell_size * 1.5 + extent + max(1.0, cell_size * 0.04)  # past the entered cell's far edge
    centre = head + QPointF(direction.dx, direction.dy) * reach
    return QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)


def _paint_score_badge(painter: QPainter, badge: QRectF, text: str, color: QColor, shown: bool,
                       palette: QPalette) -> None:
    height = badge.height()
    painter.setPen(QPen(color.darker(150) if not shown else palette.color(QPalette.ColorRole.Text), 1.6 if shown else 1.0))
    painter.setBrush(color)
    painter.drawRoundedRect(badge, height / 2, height / 2)
    painter.setPen(QColor("white") if color.lightnessF() < 0.62 else QColor("#1b1b1f"))
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)
