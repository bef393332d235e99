"""The program's cards 1–9 as a list of thumbnails: select, add, duplicate, delete, reorder.

The list is a thin model over the document (:class:`CardListModel`) drawn by a delegate; every
change goes through ``document.edit`` so it is one undo step. Reordering is a drag inside the
list done by the view itself (press, move, release) rather than with ``QDrag``: a card only ever
moves within its own list, the drop line is drawn exactly where the card will land, and the
gesture is plain mouse events that work on every platform, offscreen tests included."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontMetrics,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QTextLayout,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QWidget,
)

from editor.document import ProgramDocument
from editor.widgets.authoring.card_shares import CardShares, share_text
from editor.widgets.cards.pattern_paint import card_thumbnail
from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.form_widgets import bold_label
from editor.widgets.parts.icon_paint import painted_icon
from editor.widgets.parts.seat_colors import is_dark
from editor.widgets.parts.standalone import run_alone, sample_document
from matcher.editing import EditError, duplicate_card, insert_card, move_card, remove_card
from matcher.model import MAX_CARDS, Card, Program

THUMB = 64
PAD = 6
NUMBER_WIDTH = 22
ROW_HEIGHT = THUMB + 2 * PAD
SUMMARY_GAP = 8
BADGE_GAP = 6
FOCUS_RING = 2
"""Width of the ring round the current card while the list has the keyboard focus."""
"""Pixels after a row's pattern count and after each of its badges."""
DECIDED_COLOR = QColor("#f2b705")  # the head's arrow colour: "this card moved the head"
PROBLEM_COLOR = QColor("#d32f2f")
PROBLEM_COLOR_ON_DARK = QColor("#ff6b6b")

DescriptionRole = Qt.ItemDataRole.UserRole + 1
PatternCountRole = Qt.ItemDataRole.UserRole + 2
ProblemCountRole = Qt.ItemDataRole.UserRole + 3
DecidedRole = Qt.ItemDataRole.UserRole + 4
ShareRole = Qt.ItemDataRole.UserRole + 5
"""The card's share of the program's decisions in the last battle, as text (``23%``), or None."""
SHARE_COLOR = QColor("#3d7cc9")


def problem_color(palette: QPalette) -> QColor:
    """Red for problem texts, lighter on a dark palette so it stays legible."""
    return QColor(PROBLEM_COLOR_ON_DARK if is_dark(palette) else PROBLEM_COLOR)


def problem_style(palette: QPalette) -> str:
    """A style sheet that colours a label's text as a problem."""
    return f"color: {problem_color(palette).name()};"


def restyle(widget: QWidget, sheet: str) -> None:
    """Set ``widget``'s style sheet when it differs: setting one, even the same, re-polishes the
    widget and lays out and repaints the whole window (on every edit, a frame's worth)."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# --- icons ----------------------------------------------------------------------------------


def tool_icon(kind: str, color: QColor, size: int = 16) -> QIcon:
    """A small line icon for tool buttons: ``add``, ``duplicate``, ``delete``, ``up``, ``down``.

    Drawn in ``color`` (the palette's button text) so it reads on light and dark palettes; Qt
    derives the greyed disabled look from it."""

    def paint(p: QPainter, s: float) -> None:
        pen = QPen(color, 1.8)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        if kind == "add":
            p.drawLine(QPointF(s / 2, 3), QPointF(s / 2, s - 3))
            p.drawLine(QPointF(3, s / 2), QPointF(s - 3, s / 2))
        elif kind == "duplicate":
            p.drawRoundedRect(QRectF(2.5, 2.5, s * 0.55, s * 0.55), 1.5, 1.5)
            p.setBrush(color)
            p.drawRoundedRect(QRectF(s * 0.4, s * 0.4, s * 0.55 - 1, s * 0.55 - 1), 1.5, 1.5)
        elif kind == "delete":
            p.drawLine(QPointF(4, 4), QPointF(s - 4, s - 4))
            p.drawLine(QPointF(s - 4, 4), QPointF(4, s - 4))
        elif kind in ("up", "down"):
            sign = -1 if kind == "up" else 1
            c = s / 2
            p.setBrush(color)
            p.drawPolygon(QPolygonF([QPointF(c, c + sign * 4.5), QPointF(c - 5, c - sign * 2.5), QPointF(c + 5, c - sign * 2.5)]))

    return painted_icon(size, paint)


# --- the model ------------------------------------------------------------------------------


class CardListModel(QAbstractListModel):
    """The document's cards as rows; thumbnails are cached per card and redrawn when it changes."""

    def __init__(self, document: ProgramDocument, palette: Callable[[], QPalette], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._palette = palette
        self._thumbs: list[tuple[Card, QPixmap]] = []
        self._cards: tuple[Card, ...] = document.program.cards
        self._sets = document.program.sets
        self._shares: CardShares | None = None
        document.programChanged.connect(self._program_changed)
        document.decidedCardChanged.connect(self._decided_changed)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cards)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._cards):
            return None
        row = index.row()
        card = self._cards[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"Card {row + 1}" + (f": {card.description}" if card.description else "")
        if role == Qt.ItemDataRole.DecorationRole:
            return self.thumbnail(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, card)
        if role == DescriptionRole:
            return card.description
        if role == PatternCountRole:
            return len(card.cells)
        if role == ProblemCountRole:
            return self.problem_count(row)
        if role == DecidedRole:
            return self.document.decided_card == row
        if role == ShareRole:
            share = self._shares.of(card) if self._shares is not None else None
            return share_text(*share) if share is not None else None
        return None

    def set_shares(self, shares: CardShares | None) -> None:
        """Each card's share of the decisions in a battle (issue 17), or none."""
        self._shares = shares
        if self._cards:
            self.dataChanged.emit(self.index(0), self.index(len(self._cards) - 1), [ShareRole])

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def thumbnail(self, row: int) -> QPixmap:
        card = self._cards[row]
        while len(self._thumbs) <= row:
            self._thumbs.append((Card(), QPixmap()))
        cached, pixmap = self._thumbs[row]
        if pixmap.isNull() or cached != card:
            ratio = QApplication.instance().devicePixelRatio() if QApplication.instance() else 1.0  # type: ignore[union-attr]
            pixmap = card_thumbnail(card, int(THUMB * ratio), self._palette())
            pixmap.setDevicePixelRatio(ratio)
            self._thumbs[row] = (card, pixmap)
        return pixmap

    def problem_count(self, row: int) -> int:
        return sum(1 for problem in self.document.problems() if problem.card == row)

    def redraw_thumbnails(self) -> None:
        """Forget every thumbnail (the palette changed) and repaint."""
        self._thumbs.clear()
        if self._cards:
            self.dataChanged.emit(self.index(0), self.index(len(self._cards) - 1))

    def _tooltip(self, row: int, card: Card) -> str:
        lines = [f"Card {row + 1}: {card.description or 'no description'}", plural(len(card.cells), "pattern")]
        problems = self.problem_count(row)
        if problems:
            lines.append(plural(problems, "problem") + " (see the problems list)")
        if self.document.decided_card == row:
            lines.append("This card decided the test bench's last move.")
        share = self._shares.of(card) if self._shares is not None else None
        if share is not None and self._shares is not None:
            lines.append(f"It decided {share[0]} of the program's {share[1]} choices in {self._shares.source}.")
        lines.append("Drag to reorder: the first card with a valid move decides.")
        return "\n".join(lines)

    def _program_changed(self) -> None:
        cards = self.document.program.cards
        if len(cards) != len(self._cards):
            self.beginResetModel()
            self._cards, self._sets = cards, self.document.program.sets
            self._thumbs.clear()
            self.endResetModel()
        else:
            # Only the rows whose card changed (a paint stroke changes one): every row's repaint
            # on every edit cost a few milliseconds of each stroke's frame. A card's problems
            # depend on it and the sets alone.
            sets = self.document.program.sets
            changed = [row for row, (old, new) in enumerate(zip(self._cards, cards)) if old is not new or sets != self._sets]
            self._cards, self._sets = cards, sets
            if changed:
                self.dataChanged.emit(self.index(changed[0]), self.index(changed[-1]))

    def _decided_changed(self, _card: object) -> None:
        if self._cards:
            self.dataChanged.emit(self.index(0), self.index(len(self._cards) - 1), [DecidedRole])


# --- drawing one row ------------------------------------------------------------------------


def elide_lines(text: str, font: QFont, width: int, lines: int) -> list[str]:
    """``text`` wrapped into at most ``lines`` lines of ``width`` pixels, the last one elided."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    out: list[str] = []
    while len(out) < lines:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        start, length = line.textStart(), line.textLength()
        out.append(text[start : start + length].rstrip())
        if len(out) == lines and start + length < len(text):
            out[-1] = QFontMetrics(font).elidedText(text[start:], Qt.TextElideMode.ElideRight, width)
    layout.endLayout()
    return out


class CardDelegate(QStyledItemDelegate):
    """One card row: its number, the thumbnail, the description over a muted summary line, and
    badges for "decided" and problems."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        return QSize(max(200, option.rect.width()), ROW_HEIGHT)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        opt.icon = QIcon()
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, widget)

        rect: QRect = option.rect
        palette: QPalette = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        text_role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        text_color = palette.color(text_role)
        muted = QColor(text_color)
        muted.setAlphaF(0.62)
        decided = bool(index.data(DecidedRole))

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if decided:
            painter.fillRect(QRect(rect.left(), rect.top() + 2, 4, rect.height() - 4), DECIDED_COLOR)

        number_font = QFont(opt.font)
        number_font.setBold(True)
        number_font.setPointSizeF(number_font.pointSizeF() * 1.3)
        painter.setFont(number_font)
        painter.setPen(text_color)
        number_rect = QRect(rect.left() + 4, rect.top(), NUMBER_WIDTH, rect.height())
        painter.drawText(number_rect, Qt.AlignmentFlag.AlignCenter, str(index.row() + 1))

        thumb = index.data(Qt.ItemDataRole.DecorationRole)
        thumb_rect = QRect(number_rect.right() + 4, rect.top() + PAD, THUMB, THUMB)
        if isinstance(thumb, QPixmap) and not thumb.isNull():
            painter.drawPixmap(thumb_rect, thumb)

        text_left = thumb_rect.right() + 10
        # A row is at least 200 px wide (sizeHint) and the list does not scroll sideways: in a
        # narrower list what passes its viewport's edge is cut, so text and badges fit within it.
        right = rect.right()
        if isinstance(widget, QAbstractItemView):
            right = min(right, widget.viewport().rect().right())
        text_width = max(20, right - PAD - text_left)
        body = QFont(opt.font)
        metrics = QFontMetrics(body)
        description = str(index.data(DescriptionRole) or "")
        y = rect.top() + PAD
        if description:
            painter.setFont(body)
            painter.setPen(text_color)
            for line in elide_lines(description, body, text_width, 2):
                painter.drawText(QRect(text_left, y, text_width, metrics.height()), Qt.AlignmentFlag.AlignLeft, line)
                y += metrics.height()
        else:
            italic = QFont(body)
            italic.setItalic(True)
            painter.setFont(italic)
            painter.setPen(muted)
            painter.drawText(QRect(text_left, y, text_width, metrics.height()), Qt.AlignmentFlag.AlignLeft, "no description")

        small = QFont(body)
        small.setPointSizeF(body.pointSizeF() * 0.9)
        small_metrics = QFontMetrics(small)
        painter.setFont(small)
        base = rect.bottom() - PAD - small_metrics.height() + 1
        x = text_left
        summary, problems, decided_text, share = _bottom_line(
            int(index.data(PatternCountRole) or 0), int(index.data(ProblemCountRole) or 0), decided,
            index.data(ShareRole), small, text_width)
        painter.setPen(muted)
        painter.drawText(QRect(x, base, text_width, small_metrics.height()), Qt.AlignmentFlag.AlignLeft, summary)
        x += small_metrics.horizontalAdvance(summary) + SUMMARY_GAP
        if problems:
            x = self._badge(painter, x, base, small, problems, PROBLEM_COLOR, QColor("white"))
        if decided_text:
            x = self._badge(painter, x, base, small, decided_text, DECIDED_COLOR, QColor("#1d1d1d"))
        if share:
            self._badge(painter, x, base, small, share, SHARE_COLOR, QColor("white"))
        if option.state & QStyle.StateFlag.State_HasFocus:
            # The current row while the list has the keys: the selection alone looks the same
            # with the focus elsewhere, so Tab landed here unseen. Right of the decided bar.
            painter.setPen(QPen(text_color, FOCUS_RING))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect.left() + 6, rect.top() + 2, rect.width() - 8, rect.height() - 4))
        painter.restore()

    @staticmethod
    def _badge(painter: QPainter, x: int, y: int, font: QFont, text: str, fill: QColor, ink: QColor) -> int:
        """A rounded pill with ``text`` at ``(x, y)``; returns the x after it."""
        metrics = QFontMetrics(font)
        bold = QFont(font)
        bold.setBold(True)
        width = _badge_width(text, font)
        pill = QRectF(x, y - 1, width, metrics.height() + 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
        painter.setFont(bold)
        painter.setPen(ink)
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
        painter.setFont(font)
        return x + width + BADGE_GAP


def _badge_width(text: str, font: QFont) -> int:
    bold = QFont(font)
    bold.setBold(True)
    return QFontMetrics(bold).horizontalAdvance(text) + 12


def _bottom_line(patterns: int, problems: int, decided: bool, share: object, font: QFont,
                 room: int) -> tuple[str, str, str, str]:
    """The texts of a row's bottom line — the pattern count, then the badges for problems,
    "decided" and the share of choices ("" for one left out) — the longest that fit in ``room``
    pixels. A narrow row (the program pane of a 1024 px wide window) shortens them, least
    telling first: the share to its number, then gone; "decided" gone (the bar at the row's
    edge still says it); "41 patterns" to "41"; "⚠ 2 problems" to "⚠ 2", which stays."""
    forms = [
        [plural(patterns, "pattern"), str(patterns)],
        ["⚠ " + plural(problems, "problem"), f"⚠ {problems}"] if problems else [""],
        ["decided", ""] if decided else [""],
        [f"{share} of choices", str(share), ""] if share is not None else [""],
    ]
    metrics = QFontMetrics(font)

    def width(texts: list[str]) -> int:
        summary, *badges = texts
        pills = [_badge_width(text, font) for text in badges if text]
        return metrics.horizontalAdvance(summary) + (SUMMARY_GAP + sum(pills) + BADGE_GAP * (len(pills) - 1)
                                                     if pills else 0)

    chosen = [0, 0, 0, 0]
    for piece in (3, 3, 2, 0, 1):  # the order of shortening
        if width([f[c] for f, c in zip(forms, chosen)]) <= room:
            break
        chosen[piece] = min(chosen[piece] + 1, len(forms[piece]) - 1)
    summary, problem_badge, decided_badge, share_badge = (f[c] for f, c in zip(forms, chosen))
    return summary, problem_badge, decided_badge, share_badge


# --- the view: selection and drag-to-reorder ------------------------------------------------


class CardListView(QListView):
    """The card rows. Dragging a card and releasing it over another place asks to move it."""

    moveRequested = Signal(int, int)
    """``(source, target)``: move card ``source`` so it ends up at index ``target``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setUniformItemSizes(True)
        self.setDragEnabled(False)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setItemDelegate(CardDelegate(self))
        self.setAccessibleName("Cards")
        self._press_row: int | None = None
        self._press_pos = QPoint()
        self._drop_gap: int | None = None

    @property
    def dragging(self) -> bool:
        return self._drop_gap is not None

    def drop_gap(self) -> int | None:
        """Where a dragged card would land: before row ``gap`` (``rowCount`` is after the last)."""
        return self._drop_gap

    def gap_at(self, pos: QPoint) -> int:
        count = self.model().rowCount() if self.model() else 0
        index = self.indexAt(QPoint(1, pos.y()))
        if not index.isValid():
            return 0 if pos.y() < 0 or count == 0 or pos.y() < self.visualRect(self.model().index(0, 0)).top() else count
        rect = self.visualRect(index)
        return index.row() if pos.y() < rect.center().y() else index.row() + 1

    @staticmethod
    def target_for(source: int, gap: int) -> int:
        """The index a card from ``source`` ends up at when dropped into ``gap``."""
        return gap if gap <= source else gap - 1

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._drop_gap = None
        self._press_row = None
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.indexAt(event.position().toPoint())
            if index.isValid():
                self._press_row = index.row()
                self._press_pos = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press_row is None or not event.buttons() & Qt.MouseButton.LeftButton:
            super().mouseMoveEvent(event)
            return
        pos = event.position().toPoint()
        if self._drop_gap is None and (pos - self._press_pos).manhattanLength() < QApplication.startDragDistance():
            return
        self._auto_scroll(pos)
        self._drop_gap = self.gap_at(pos)
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        self.viewport().update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        source, gap = self._press_row, self._drop_gap
        self._end_drag()
        if gap is not None and source is not None and event.button() == Qt.MouseButton.LeftButton:
            event.accept()
            target = self.target_for(source, gap)
            if target != source:
                self.moveRequested.emit(source, target)
            return
        super().mouseReleaseEvent(event)

    def keyboardSearch(self, search: str) -> None:
        """No type-to-search: letters belong to the card editor (R, the palette's N and G); a
        search would jump to another card on a stray key."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.dragging and event.key() == Qt.Key.Key_Escape:
            self._end_drag()
            self._press_row = None
            return
        super().keyPressEvent(event)

    def _end_drag(self) -> None:
        if self._drop_gap is not None:
            self._drop_gap = None
            self.viewport().unsetCursor()
            self.viewport().update()

    def _auto_scroll(self, pos: QPoint) -> None:
        bar = self.verticalScrollBar()
        margin = ROW_HEIGHT // 3
        if pos.y() < margin:
            bar.setValue(bar.value() - 8)
        elif pos.y() > self.viewport().height() - margin:
            bar.setValue(bar.value() + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._drop_gap is None or self.model() is None:
            return
        count = self.model().rowCount()
        if count == 0:
            return
        if self._drop_gap < count:
            y = self.visualRect(self.model().index(self._drop_gap, 0)).top()
        else:
            y = self.visualRect(self.model().index(count - 1, 0)).bottom() + 1
        y = max(2, min(y, self.viewport().height() - 2))
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        color = self.palette().color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(color, 3))
        painter.drawLine(QPointF(8, y), QPointF(self.viewport().width() - 8, y))
        painter.setBrush(color)
        painter.drawEllipse(QPointF(6, y), 4, 4)
        painter.drawEllipse(QPointF(self.viewport().width() - 6, y), 4, 4)
        painter.end()


# --- the widget -----------------------------------------------------------------------------


class CardList(QWidget):
    """The program's cards with Add / Duplicate / Delete / Move buttons; the selected row is the
    document's current card."""

    cardClicked = Signal(int)
    """The author clicked card ``index`` (and did not drag it): a host may hand the keyboard to
    the card's canvas."""

    def __init__(self, document: ProgramDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._syncing = False

        self.view = CardListView()
        self.model = CardListModel(document, self.view.palette, self)
        self.view.setModel(self.model)
        self.view.setMinimumHeight(ROW_HEIGHT * 2 + 4)
        self.view.moveRequested.connect(self.move_card)
        self.view.clicked.connect(lambda index: self.cardClicked.emit(index.row()))
        self.view.selectionModel().currentRowChanged.connect(self._row_changed)

        self.add_action = self._action("Add", "Add a blank card after the current one", QKeySequence("Ctrl+Shift+N"),
                                       self.add_card, Qt.ShortcutContext.WindowShortcut)
        self.duplicate_action = self._action("Duplicate", "Insert a copy of the current card after it",
                                             QKeySequence("Ctrl+Shift+D"), self.duplicate_card, Qt.ShortcutContext.WindowShortcut)
        self.delete_action = self._action("Delete", "Delete the current card", QKeySequence(Qt.Key.Key_Delete),
                                          self.delete_card, Qt.ShortcutContext.WidgetWithChildrenShortcut)
        # Window-wide: after a click on a card the keyboard is the canvas's, and these still work.
        self.move_up_action = self._action("Move up", "Move the current card one place up (it is tried earlier)",
                                           QKeySequence("Ctrl+Shift+Up"), lambda: self.move_current(-1),
                                           Qt.ShortcutContext.WindowShortcut)
        self.move_down_action = self._action("Move down", "Move the current card one place down (it is tried later)",
                                             QKeySequence("Ctrl+Shift+Down"), lambda: self.move_current(1),
                                             Qt.ShortcutContext.WindowShortcut)
        self.add_button = self._button(self.add_action, text_beside=True)
        self.duplicate_button = self._button(self.duplicate_action, text_beside=True)
        self.delete_button = self._button(self.delete_action, text_beside=True)
        self.move_up_button = self._button(self.move_up_action, text_beside=False)
        self._words_width = 0
        """How wide the buttons are with their words (measured while they show them)."""
        self.move_down_button = self._button(self.move_down_action, text_beside=False)

        self.title = bold_label("Cards")
        self.count_label = QLabel()
        self.count_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.count_label.setToolTip(f"A program has 1 to {MAX_CARDS} cards, tried in order")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()

        # Moving sits with the title, so Add, Duplicate and Delete keep their words in a
        # narrow pane.
        header = row(self.title, STRETCH, self.move_up_button, self.move_down_button, 6, self.count_label, spacing=2)
        buttons = row(self.add_button, self.duplicate_button, self.delete_button, STRETCH, spacing=2)
        column(header, (self.view, 1), buttons, self.message, parent=self, spacing=4)

        document.programChanged.connect(self._program_changed)
        document.currentCardChanged.connect(self._current_card_changed)
        self._refresh_icons()
        self._program_changed()
        self._current_card_changed(document.current_card)

    # --- our API -----------------------------------------------------------------------------

    def card_actions(self) -> list[QAction]:
        """Add, Duplicate, Delete, Move up, Move down — for a Card menu."""
        return [self.add_action, self.duplicate_action, self.delete_action, self.move_up_action, self.move_down_action]

    def card_rect(self, index: int) -> QRect:
        """Where card ``index`` is drawn, in the view's viewport coordinates."""
        return self.view.visualRect(self.model.index(index, 0))

    def add_card(self) -> None:
        """Insert a blank card (head in the centre, facing up) after the current one and show it."""
        at = self.document.current_card + 1
        self._edit(lambda p: insert_card(p, at), "Add card", at)

    def duplicate_card(self) -> None:
        """Insert a copy of the current card after it and show the copy."""
        index = self.document.current_card
        self._edit(lambda p: duplicate_card(p, index), f"Duplicate card {index + 1}", index + 1)

    def delete_card(self) -> None:
        index = self.document.current_card
        after = min(index, len(self.document.program.cards) - 2)
        self._edit(lambda p: remove_card(p, index), f"Delete card {index + 1}", after)

    def move_card(self, source: int, target: int) -> None:
        """Move card ``source`` to index ``target`` as one undo step; the moved card stays selected."""
        count = len(self.document.program.cards)
        if source == target or not (0 <= source < count and 0 <= target < count):
            return
        self._edit(lambda p: move_card(p, source, target), f"Move card {source + 1} to {target + 1}", target)

    def move_current(self, delta: int) -> None:
        index = self.document.current_card
        self.move_card(index, index + delta)

    # --- internals ---------------------------------------------------------------------------

    def _edit(self, change: Callable[[Program], Program], text: str, show_card: int) -> None:
        try:
            self.document.edit(change, text, show_card=show_card)
        except EditError as error:
            self.message.setText(str(error).capitalize() + ".")
            restyle(self.message, problem_style(self.palette()))
            self.message.show()
        else:
            self.message.hide()

    def _action(self, text: str, tip: str, shortcut: QKeySequence, slot: Callable[[], None],
                context: Qt.ShortcutContext) -> QAction:
        action = QAction(text, self)
        action.setShortcut(shortcut)
        action.setShortcutContext(context)
        action.setToolTip(f"{tip} ({shortcut.toString(QKeySequence.SequenceFormat.NativeText)})")
        action.setStatusTip(tip)
        action.setProperty("base_tip", action.toolTip())
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _button(self, action: QAction, text_beside: bool) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(action)
        button.setAutoRaise(True)
        button.setToolButtonStyle(
            Qt.ToolButtonStyle.ToolButtonTextBesideIcon if text_beside else Qt.ToolButtonStyle.ToolButtonIconOnly
        )
        return button

    def _refresh_icons(self) -> None:
        color = self.palette().color(QPalette.ColorRole.ButtonText)
        for action, kind in ((self.add_action, "add"), (self.duplicate_action, "duplicate"), (self.delete_action, "delete"),
                             (self.move_up_action, "up"), (self.move_down_action, "down")):
            action.setIcon(tool_icon(kind, color))

    def _update_actions(self) -> None:
        count = len(self.document.program.cards)
        current = self.document.current_card
        full = count >= MAX_CARDS
        self._enable(self.add_action, not full, f"A program has at most {MAX_CARDS} cards: delete one first.")
        self._enable(self.duplicate_action, not full, f"A program has at most {MAX_CARDS} cards: delete one first.")
        self._enable(self.delete_action, count > 1, "A program needs at least one card.")
        self._enable(self.move_up_action, current > 0, "The first card cannot move up.")
        self._enable(self.move_down_action, current < count - 1, "The last card cannot move down.")
        self.count_label.setText(f"{count} / {MAX_CARDS}")

    @staticmethod
    def _enable(action: QAction, enabled: bool, why_not: str) -> None:
        action.setEnabled(enabled)
        action.setToolTip(str(action.property("base_tip")) if enabled else why_not)

    def _program_changed(self) -> None:
        self._update_actions()
        self._select(self.document.current_card)

    def _current_card_changed(self, index: int) -> None:
        self._select(index)
        self._update_actions()

    def _select(self, index: int) -> None:
        if not 0 <= index < self.model.rowCount():
            return
        self._syncing = True
        try:
            model_index = self.model.index(index, 0)
            self.view.setCurrentIndex(model_index)
            self.view.scrollTo(model_index)
        finally:
            self._syncing = False

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._syncing and current.isValid():
            self.document.set_current_card(current.row())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._refresh_icons()
            self.model.redraw_thumbnails()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(300, ROW_HEIGHT * 4 + 80)

    def minimumSizeHint(self) -> QSize:
        """Narrow enough for a 1024-wide window: Add, Duplicate and Delete lose their words
        (their icons and tooltips stay) rather than widen the program pane."""
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self._compact_buttons_width()), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_buttons(event.size().width())

    # --- narrow -----------------------------------------------------------------------------

    def _text_buttons(self) -> tuple[QToolButton, ...]:
        return (self.add_button, self.duplicate_button, self.delete_button)

    def _compact_buttons_width(self) -> int:
        side = max(self.move_up_button.sizeHint().width(), self.move_up_button.sizeHint().height())
        return max(3 * side + 4, self.title.sizeHint().width() + 2 * side + 6 + self.count_label.sizeHint().width() + 4)

    def _fit_buttons(self, width: int) -> None:
        if self.add_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon:
            self._words_width = sum(b.sizeHint().width() for b in self._text_buttons()) + 4
        style = (Qt.ToolButtonStyle.ToolButtonTextBesideIcon if width >= self._words_width
                 else Qt.ToolButtonStyle.ToolButtonIconOnly)
        for button in self._text_buttons():
            button.setToolButtonStyle(style)


def main() -> int:
    """Open the card list on a sample program."""
    return run_alone(lambda: CardList(sample_document("tail_biter")), "CardList", (340, 520))


if __name__ == "__main__":
    raise SystemExit(main())
