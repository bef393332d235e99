"""A painted Bio-blots board (specs/bioblots.md): the 26 × 26 substances with their values, the
neutralised cells greyed, both organisms as blobs in seat colours, and the last move drawn over
them; a legend below. Crisp at any size: cells are whole pixels, the board centred.

The view only reads a :class:`engines.bioblots.State` and the events of the line that led to it:
a live match, a replay and the arena pane call :meth:`BioblotsView.set_state` after every line.
The last move reads at a glance: the cells that moved are lighter than the stationary part, an
arrow runs from each source to its target (with a dot at the start when carbon split the cell and
a daughter stayed), a vacated source keeps a dashed outline, and a paralysed organism is hatched
until it has skipped its move."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from editor.widgets.games.board_legend import BoardView, Chip, IconPainter, elided, legend_name, plural
from editor.widgets.games.zoomable_board import MARGIN
from editor.widgets.parts.seat_colors import blend, is_dark, seat_color
from editor.widgets.parts.seat_names import seat_name
from engines.bioblots import (
    NEUTRALISED,
    SIZE,
    Board,
    Cell,
    EndReason,
    Event,
    Moved,
    Paralysed,
    Placed,
    Skipped,
    State,
    Substance,
    cell_name,
)

DETAIL_MIN_CELL = 9
"""Below this many pixels per cell the values, arrows and hatching would be noise."""
LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""The rows' and the columns' letters, as moves name cells (specs/bioblots.md)."""

SUBSTANCE_HUE = {
    Substance.CARBON: QColor("#34a853"),
    Substance.CHLORINE: QColor("#b5b800"),
    Substance.ARSENIC: QColor("#8b5ccf"),
    Substance.LEAD: QColor("#2f96a8"),
    Substance.MERCURY: QColor("#e0405e"),
    Substance.URANIUM: QColor("#f2c200"),
}
"""Hues far from the two seats' blue and orange; a cell is a pale tint of its substance's hue, so
the saturated organisms stand out on any board."""
SUBSTANCE_TEXT = {
    Substance.CARBON: "carbon: 1 pt; a cell entering it divides, the organism grows",
    Substance.CHLORINE: "chlorine: 2 pts",
    Substance.ARSENIC: "arsenic: 3 pts",
    Substance.LEAD: "lead: 5 pts",
    Substance.MERCURY: "mercury: 8 pts; entering it paralyses the organism for a move",
    Substance.URANIUM: "uranium: 13 pts",
}
SUBSTANCE_KEY = {Substance.CARBON: "carbon · grows", Substance.MERCURY: "mercury · paralyses"}
END_TEXT = {
    EndReason.ALL_NEUTRALISED: "every cell neutralised",
    EndReason.MOVE_LIMIT: "each player's move limit",
    EndReason.LOCKED_IN: "{loser} is locked in; its points go to {winner}",
    EndReason.FAULT: "{loser} lost technically ({fault}); its points go to {winner}",
}


@dataclass(frozen=True)
class LastMove:
    """What the last line did, from its events: who wrote it, the cells it placed, each moved
    cell ``(source, target, divided)``, whether it was a skip and whether it paralysed."""

    player: int
    placed: tuple[Cell, ...] = ()
    moves: tuple[tuple[Cell, Cell, bool], ...] = ()
    skipped: bool = False
    paralysed: bool = False

    @property
    def entered(self) -> frozenset[Cell]:
        """The cells the organism moved into (or was placed on) with this line."""
        return frozenset(self.placed) | frozenset(target for _, target, _ in self.moves)


def last_move(events: Iterable[Event]) -> LastMove | None:
    """The move the events of one line describe (None: no move among them, e.g. a forfeit)."""
    player: int | None = None
    placed: tuple[Cell, ...] = ()
    moves: list[tuple[Cell, Cell, bool]] = []
    skipped = paralysed = False
    for event in events:
        match event:
            case Placed(p, cells):
                player, placed = p, cells
            case Moved(p, source, target, divided):
                player = p
                moves.append((source, target, divided))
            case Skipped(p):
                player, skipped = p, True
            case Paralysed(p):
                player, paralysed = p, True
    return None if player is None else LastMove(player, placed, tuple(moves), skipped, paralysed)


def substance_fill(substance: Substance, palette: QPalette) -> QColor:
    """The tile of a live cell: its hue faint on the field, uranium (the prize) stronger."""
    strength = 0.5 if substance is Substance.URANIUM else 0.2
    return blend(palette.color(QPalette.ColorRole.Base), SUBSTANCE_HUE[substance], strength * (1.3 if is_dark(palette) else 1))


def substance_ink(substance: Substance, palette: QPalette) -> QColor:
    hue = SUBSTANCE_HUE[substance]
    return hue.lighter(150) if is_dark(palette) else hue.darker(175 if substance is Substance.URANIUM else 150)


def neutral_fill(palette: QPalette) -> QColor:
    """A neutralised cell: the text colour's grey, no hue at all."""
    return blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.1 if is_dark(palette) else 0.085)


def organism_ink(player: int, palette: QPalette) -> QColor:
    """The blob's outline: the seat colour, darker on a light field and lighter on a dark one."""
    color = seat_color(player)
    return color.lighter(135) if is_dark(palette) else color.darker(140)


class BioblotsView(BoardView[State]):
    """Paints a Bio-blots state scaled to the widget, with a legend of players and substances.
    Cells are ``(row, column)``, as the engine's (``(9, 3)`` is ``jd``); ``cellClicked`` emits them so."""

    organismClicked = Signal(int)
    """A cell of player ``index``'s organism (0 or 1) was clicked."""
    EMPTY_TEXT = "No Bio-blots game"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._last: LastMove | None = None
        self._origin: dict[Cell, int] = {}
        self._board_cache: tuple[tuple[object, ...], QPixmap, tuple[int, ...], tuple[int, ...]] | None = None
        """The board layer: its looks (size, colours, font), the pixmap, and the tile values and
        former values it shows (a move repaints only the tiles that changed)."""
        self.set_axes(True)  # the rows' and columns' letters: moves and tooltips name cells by them

    # --- our API -----------------------------------------------------------------------------

    def last_move(self) -> LastMove | None:
        return self._last

    def set_state(self, state: State | None, events: Iterable[Event] = (), origin: Board | None = None) -> None:
        """Show ``state`` (or nothing) after the line whose ``events`` are given (none: no last
        move is drawn, e.g. after a seek). ``origin`` is the game's fresh board, so neutralised
        cells can still show what they held; without it the view remembers the values it has
        seen, and forgets them at a new game (turn 0, or a live cell that disagrees)."""
        self._state = state
        self._last = last_move(events) if state is not None else None
        if state is not None:
            self._remember(state, origin)
        if state is None:
            self._hovered = None
        self.update()

    def seat_name(self, index: int) -> str:
        """The name given for seat ``index``, or "Player <id>" (0 or 1)."""
        return seat_name(self._names, index, "Player")

    def highlighted_player(self) -> int | None:
        return self._highlighted

    def set_highlighted_player(self, index: int | None) -> None:
        """Draw a halo around player ``index``'s organism (``None`` for none)."""
        self._highlight(index)

    def former_value(self, cell: Cell) -> int | None:
        """What a neutralised ``cell`` held, when the view knows it."""
        return self._origin.get(cell)

    def cell_rect(self, row: int, column: int) -> QRectF:
        return super().cell_rect(column, row)

    def cell_at(self, point: QPointF) -> Cell | None:
        """The board cell ``(row, column)`` under widget point ``point``, or ``None`` outside."""
        spot = self.spot_at(point)
        return None if spot is None else (spot[1], spot[0])

    def player_at(self, cell: Cell) -> int | None:
        return None if self._state is None else self._state.owner(cell)

    def describe_cell(self, cell: Cell) -> str:
        """What the tooltip over ``cell`` says: its name and what is there."""
        state = self._state
        if state is None or cell not in _ALL_CELLS:
            return ""
        where = f"{cell_name(cell)} (row {cell[0] + 1}, column {cell[1] + 1})"
        player = state.owner(cell)
        if player is not None:
            return f"{where}: {self.seat_name(player)} (player {player})\n{self._cell_role(state, player, cell)}"
        substance = state.board.substance(cell)
        if substance is not None:
            return f"{where}: {SUBSTANCE_TEXT[substance]}"
        former = self._origin.get(cell)
        was = f" (was {Substance(former).name.lower()}, {former})" if former else ""
        left = " — vacated by the last move" if self._last is not None and any(
            source == cell and not divided for source, _, divided in self._last.moves) else ""
        return f"{where}: neutralised{was}, worth nothing now{left}"

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(600, 660)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, 240)

    # --- BoardView's hooks ---------------------------------------------------------------------

    def _grid(self, state: State) -> tuple[int, int]:
        return SIZE, SIZE

    def _axis_label(self, vertical: bool, index: int) -> str:
        return LETTERS[index]  # moves name a cell by its row's letter, then its column's: "jd"

    def _owner_at(self, cell: Cell) -> int | None:
        return self.player_at(cell)

    def _owner_clicked(self, owner: int) -> None:
        self.organismClicked.emit(owner)

    def _paint_board(self, painter: QPainter, palette: QPalette, state: State) -> None:
        field, size = self.field_rect(), self.cell_size()
        if self.zoom() > 1:  # a layer of the whole zoomed board would take hundreds of megabytes
            painter.save()
            painter.translate(field.topLeft())
            self._paint_tiles(painter, state, palette, size)
            painter.restore()
        else:
            painter.drawPixmap(field.topLeft(), self._board_layer(state, palette))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        last = self._last
        if last is not None and size >= DETAIL_MIN_CELL:
            for source, _, divided in last.moves:
                if not divided and state.owner(source) is None:
                    _paint_vacated(painter, self.cell_rect(*source), seat_color(last.player), size)
        for player in (0, 1):
            cells = state.organisms[player]
            if not cells:
                continue
            entered = last.entered if last is not None and last.player == player else frozenset()
            paint_organism(painter, self.cell_rect, cells, player, palette, size, entered=entered,
                           paralysed=state.paralysed[player], halo=player == self._highlighted)
        if last is not None and size >= DETAIL_MIN_CELL:
            for source, target, divided in last.moves:
                _paint_arrow(painter, self.cell_rect(*source).center(), self.cell_rect(*target).center(), size, divided)

    def _legend_key(self, state: State) -> object:
        return state, self._last

    def _flow_legend(self, state: State) -> list[list[Chip]]:
        """The players as they are now, then what the tiles and marks mean, then the counters."""
        metrics = QFontMetrics(self.font())
        icon = metrics.height() + 2
        players = [Chip(_organism_icon(p, paralysed=state.paralysed[p]), self._player_text(state, p), 2 * icon, icon)
                   for p in (0, 1)]
        keys = [Chip(_tile_icon(s), SUBSTANCE_KEY.get(s, s.name.lower()), icon, icon) for s in Substance]
        keys += [Chip(_tile_icon(None), "neutralised", icon, icon),
                 Chip(_organism_icon(None, moved=True), "moved last", 2 * icon, icon),
                 Chip(_organism_icon(None, paralysed=True), "paralysed", 2 * icon, icon)]
        counters = [Chip(None, self._counter_text(state), 0, 0)]
        players = [elided(chip, self.width() - 2 * MARGIN, metrics) for chip in players]
        return self._flow_groups((players, keys, counters), compact=(players, counters))

    # --- layout ------------------------------------------------------------------------------

    def _remember(self, state: State, origin: Board | None) -> None:
        if origin is not None or state.turn == 0:
            board = origin if origin is not None else state.board
            self._origin = {cell: board.at(cell) for cell in _ALL_CELLS if board.at(cell) != NEUTRALISED}
            return
        live = {cell: value for cell in _ALL_CELLS if (value := state.board.at(cell)) != NEUTRALISED}
        if any(self._origin.get(cell, value) != value for cell, value in live.items()):
            self._origin = {}  # another game's board: what was remembered is wrong here
        self._origin.update(live)

    def _cell_role(self, state: State, player: int, cell: Cell) -> str:
        last = self._last
        parts = []
        if last is not None and last.player == player and cell in last.entered:
            source = next((s for s, t, _ in last.moves if t == cell), None)
            parts.append("placed by the last move" if source is None else f"moved here from {cell_name(source)} by the last move")
        elif last is not None and last.player == player and any(s == cell for s, _, divided in last.moves if divided):
            parts.append("a daughter cell: it split on entering carbon and stayed")
        elif last is not None and last.player == player and last.moves:
            parts.append("stationary in the last move")
        parts.append(f"{len(state.organisms[player])} cells, {plural(state.scores[player], 'pt')}")
        if state.paralysed[player]:
            parts.append("paralysed by mercury: skips its next move")
        return "; ".join(parts)

    # --- painting ----------------------------------------------------------------------------

    def _board_layer(self, state: State, palette: QPalette) -> QPixmap:
        """The tiles with their values, painted once per board and size: hovering and the legend
        repaint far more often than the board changes, and a move changes a few tiles of 256,
        so only those are painted again (painting all of them took half a frame, issue 16)."""
        size, ratio = self.cell_size(), self.devicePixelRatioF()
        known = tuple(self._origin.get(cell, 0) for cell in _ALL_CELLS)
        looks = (size, ratio, palette.color(QPalette.ColorRole.Base).rgba(),
                 palette.color(QPalette.ColorRole.Text).rgba(), self.font().key())
        values, cache = state.board.values, self._board_cache
        if cache is not None and cache[0] == looks:
            pixmap, shown, shown_known = cache[1], cache[2], cache[3]
            changed = {i for i, (value, former, was, was_known) in enumerate(zip(values, known, shown, shown_known))
                       if value != was or former != was_known}
            if not changed:
                return pixmap
            painter = QPainter(pixmap)
            self._paint_tiles(painter, state, palette, size, changed)
        else:
            side = SIZE * size
            pixmap = QPixmap(round(side * ratio), round(side * ratio))
            pixmap.setDevicePixelRatio(ratio)
            painter = QPainter(pixmap)
            self._paint_tiles(painter, state, palette, size)
        painter.end()
        self._board_cache = (looks, pixmap, values, known)
        return pixmap

    def _paint_tiles(self, painter: QPainter, state: State, palette: QPalette, size: int,
                     only: set[int] | None = None) -> None:
        """The tiles with their values, the board's top left at (0, 0); ``only``: just the tiles of
        these indices (reading order) over a board painted before, the grid between them kept."""
        base, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
        grid = blend(base, text, 0.16 if is_dark(palette) else 0.13)
        if only is None:
            painter.fillRect(QRectF(0, 0, SIZE * size, SIZE * size), grid if size >= 6 else base)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        gap = 1 if size >= 6 else 0
        font = QFont(self.font())
        font.setPixelSize(max(6, round(size * 0.5)))
        bold = QFont(font)
        bold.setBold(True)
        # Each substance's colours and font once, not per tile (a board has 256 tiles).
        looks = {s.value: (substance_fill(s, palette), substance_ink(s, palette),
                           bold if s in (Substance.URANIUM, Substance.MERCURY) else font) for s in Substance}
        neutral = neutral_fill(palette)
        faded = blend(neutral, text, 0.22)
        detail, former_detail = size >= DETAIL_MIN_CELL, size >= DETAIL_MIN_CELL + 3
        values, origin = state.board.values, self._origin
        for index, ((row, column), value) in enumerate(zip(_ALL_CELLS, values)):
            if only is not None and index not in only:
                continue
            tile = QRectF(column * size, row * size, size - gap, size - gap)
            if value == NEUTRALISED:
                painter.fillRect(tile, neutral)
                former = origin.get((row, column))
                if former and former_detail:
                    painter.setFont(font)
                    painter.setPen(faded)
                    painter.drawText(tile, Qt.AlignmentFlag.AlignCenter, str(former))
                continue
            fill, ink, face = looks[value]
            painter.fillRect(tile, fill)
            if detail:
                painter.setFont(face)
                painter.setPen(ink)
                # The value as players count it: uranium is 13 here, though board files write D.
                painter.drawText(tile, Qt.AlignmentFlag.AlignCenter, str(value))

    def _player_text(self, state: State, player: int) -> str:
        parts = [legend_name(self.seat_name(player)), plural(state.scores[player], "pt")]
        if state.placed(player):
            parts.append(f"{len(state.organisms[player])} cells")
        if state.over:
            result = state.result()
            parts.append("draw" if result.winner is None else "won" if result.winner == player else "lost")
        elif state.paralysed[player]:
            parts.append("paralysed, skips")
        elif state.to_move == player:
            parts.append("to move" if state.placed(player) else "to place")
        return " · ".join(parts)

    def _counter_text(self, state: State) -> str:
        ending = state.ending
        if ending is not None:
            result = state.result()
            loser = "" if result.loser is None else self.seat_name(result.loser)
            winner = "" if result.winner is None else self.seat_name(result.winner)
            fault = "" if ending.fault is None else ending.fault.kind.value.replace("_", " ")
            return f"over: {END_TEXT[ending.reason].format(loser=loser, winner=winner, fault=fault)} · " \
                   f"{result.scores[0]} : {result.scores[1]}"
        moves = f"moves {state.moves[0]} and {state.moves[1]} of {state.move_limit}"
        skipped = ""
        if self._last is not None and self._last.skipped:
            skipped = f" · {self.seat_name(self._last.player)} skipped"
        return f"{moves} · {state.board.remaining()} cells left{skipped}"

_ALL_CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))


# --- organisms and marks ---------------------------------------------------------------------


def organism_pieces(rect_of: Callable[[int, int], QRectF], cells: Iterable[Cell], size: float,
                    grow: float = 0.0) -> list[tuple[QRectF, float]]:
    """Rounded tiles joined across shared sides (and filled where four meet), as ``(rect,
    corner radius)``, each grown by ``grow`` pixels: together one blot, not loose squares. Painted
    piece by piece with one opaque brush, they need no path union (whose winding rules would
    punch holes where rounded and plain rectangles overlap)."""
    cells = frozenset(cells)
    pad, radius = max(1.0, size * 0.1) - grow, size * 0.24 + grow
    pieces: list[tuple[QRectF, float]] = []
    for r, c in cells:
        rect = rect_of(r, c)
        pieces.append((rect.adjusted(pad, pad, -pad, -pad), radius))
        if (r, c + 1) in cells:
            pieces.append((QRectF(rect.center().x(), rect.top() + pad, size, size - 2 * pad), 0.0))
        if (r + 1, c) in cells:
            pieces.append((QRectF(rect.left() + pad, rect.center().y(), size - 2 * pad, size), 0.0))
        if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= cells:
            pieces.append((QRectF(rect.center().x(), rect.center().y(), size, size), 0.0))
    return pieces


def _fill_pieces(painter: QPainter, pieces: Iterable[tuple[QRectF, float]], color: QColor) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    for rect, radius in pieces:
        painter.drawRoundedRect(rect, radius, radius)


def paint_organism(painter: QPainter, rect_of: Callable[[int, int], QRectF], cells: Iterable[Cell], player: int | None,
                   palette: QPalette, size: float, *, entered: Iterable[Cell] = (), paralysed: bool = False,
                   halo: bool = False) -> None:
    """Player ``player``'s organism (``None``: a neutral sample for the legend). The ``entered``
    cells (the last move's targets) are lighter than the stationary part; ``paralysed`` hatches
    the whole blot; ``halo`` rings it. Layers: halo, outline, body, each the blot's pieces grown
    a little less, so every edge follows the union of the cells."""
    cells = frozenset(cells)
    base = palette.color(QPalette.ColorRole.Base)
    color = seat_color(player) if player is not None else blend(base, palette.color(QPalette.ColorRole.Text), 0.5)
    ink = organism_ink(player, palette) if player is not None else color.darker(130)
    line = max(1.0, size * 0.07)
    painter.save()
    if halo:
        _fill_pieces(painter, organism_pieces(rect_of, cells, size, max(2.5, size * 0.24)), blend(base, color, 0.4))
    _fill_pieces(painter, organism_pieces(rect_of, cells, size, line), ink)
    body = organism_pieces(rect_of, cells, size)
    _fill_pieces(painter, body, color)
    if paralysed and size >= 5:
        # Opaque stripes, clipped piece by piece: overlapping pieces repaint them identically.
        stripe = blend(color, QColor("white"), 0.5)
        painter.setPen(QPen(stripe, max(1.0, size * 0.09)))
        step = max(3.0, size * 0.3)
        for rect, radius in body:
            clip = QPainterPath()
            clip.addRoundedRect(rect, radius, radius)
            painter.setClipPath(clip)
            # Lines x + y = k·step, in widget coordinates so the stripes run on across pieces.
            k = math.floor((rect.left() + rect.top()) / step)
            while k * step < rect.right() + rect.bottom():
                c = k * step
                painter.drawLine(QPointF(c - rect.bottom(), rect.bottom()), QPointF(c - rect.top(), rect.top()))
                k += 1
        painter.setClipping(False)
    inset = max(1.0, size * 0.22)
    _fill_pieces(painter, ((rect_of(r, c).adjusted(inset, inset, -inset, -inset), size * 0.16) for r, c in entered),
                 blend(color, QColor("white"), 0.5))
    painter.restore()


def _paint_vacated(painter: QPainter, rect: QRectF, color: QColor, size: float) -> None:
    """A dashed outline where a cell left: the organism was here before the last move."""
    pad = size * 0.14
    painter.save()
    pen = QPen(color, max(1.0, size * 0.07), Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(pad, pad, -pad, -pad), size * 0.2, size * 0.2)
    painter.restore()


def _paint_arrow(painter: QPainter, start: QPointF, end: QPointF, size: float, divided: bool) -> None:
    """An arrow from a source to its target, white on a dark casing so it reads on any colour; a
    dot at its start when the cell divided (a daughter stayed behind)."""
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length == 0:
        return
    ux, uy = dx / length, dy / length
    head = size * 0.32
    tip = QPointF(end.x() - ux * size * 0.12, end.y() - uy * size * 0.12)
    base = QPointF(tip.x() - ux * head, tip.y() - uy * head)
    wing = QPointF(-uy * head * 0.6, ux * head * 0.6)
    triangle = QPolygonF([tip, QPointF(base.x() + wing.x(), base.y() + wing.y()),
                          QPointF(base.x() - wing.x(), base.y() - wing.y())])
    shaft_start = QPointF(start.x() + ux * size * 0.12, start.y() + uy * size * 0.12)
    casing, ink = QColor(0, 0, 0, 120), QColor("white")
    painter.save()
    for color, width in ((casing, size * 0.15), (ink, size * 0.07)):
        painter.setPen(QPen(color, max(1.0, width), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(color)
        painter.drawLine(shaft_start, base)
        painter.drawPolygon(triangle)
        if divided:
            painter.drawEllipse(shaft_start, size * 0.1, size * 0.1)
    painter.restore()


def _tile_icon(substance: Substance | None) -> IconPainter:
    """A board tile as the legend's key: the substance's tint and value, or a neutralised grey."""

    def paint(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(neutral_fill(palette) if substance is None else substance_fill(substance, palette))
        painter.drawRoundedRect(rect, 3, 3)
        if substance is not None:
            font = painter.font()
            font.setPixelSize(max(7, round(rect.height() * 0.6)))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(substance_ink(substance, palette))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(substance.value))
        painter.restore()

    return paint


def _organism_icon(player: int | None, *, moved: bool = False, paralysed: bool = False) -> IconPainter:
    """A two-cell blot across the icon: the player's colour, or a neutral sample with a moved
    cell or hatching for the key."""

    def paint(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        size = rect.height()

        def rect_of(r: int, c: int) -> QRectF:
            return QRectF(rect.left() + c * size, rect.top() + r * size, size, size)

        paint_organism(painter, rect_of, ((0, 0), (0, 1)), player, palette, size,
                       entered=((0, 1),) if moved else (), paralysed=paralysed)

    return paint


# --- on its own ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.games.bioblots.bioblots_view [BOARD]``: a board file (or a generated
    board) played by two random movers."""
    from editor.widgets.games.board_demo import run_demo

    return run_demo("bioblots", argv)


if __name__ == "__main__":
    raise SystemExit(main())
