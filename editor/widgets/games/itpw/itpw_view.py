"""A painted ITPW board (specs/itpw.md): the 50 × 50 fields tinted by their owner, workers as
discs and soldiers as diamonds in the players' colours, the four home corners bracketed, and a
legend of territory, kills and units per player below; crisp at any size, the board centred.

The view only reads a :class:`engines.itpw.State` and the events of the step that led to it: a
live match, a replay and the arena pane call :meth:`ItpwView.set_state` after every move. Players
keep the engine's numbers 1–4 (what bots see); player ``p`` has seat colour ``p - 1``. A
disqualified player's units stay on the board, greyed and crossed out: its fields still count."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QImage,
    QPainter,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from editor.widgets.games.board_legend import BoardView, Chip, IconPainter, elided, legend_name, plural
from editor.widgets.games.zoomable_board import MARGIN
from editor.widgets.parts.seat_colors import blend, is_dark, out_color, seat_color
from engines.itpw import (
    GAME_INFO,
    NOBODY,
    PLAYERS,
    Cell,
    Died,
    EndReason,
    Event,
    Kind,
    Moved,
    Phase,
    Spawned,
    State,
    corner,
)

SIDE = GAME_INFO.board
DETAIL_MIN_CELL = 8
"""Below this many pixels per cell, outlines, crosses and grid lines would be noise."""
WORKER_RADIUS, SOLDIER_REACH = 0.3, 0.45
"""A worker's disc radius and a soldier's diamond half-diagonal, in cells: the diamond reaches
the cell's edges where the disc does not, so the two differ even at a few pixels per cell."""
BRACKET = 3
"""How many cells along each edge a home corner's bracket runs."""
DEATH = QColor("#e5342b")

TERRITORY_TINT = (0.2, 0.26)
"""How strongly owned fields take their owner's colour on a light and a dark field: light enough
that every unit on them still stands out."""
END_TEXT = {EndReason.TURNS: "every turn played", EndReason.ALL_DISQUALIFIED: "every player is out"}


def territory_color(player: int, palette: QPalette) -> QColor:
    """The field colour of ``player``'s territory (``NOBODY``: the plain field)."""
    base = palette.color(QPalette.ColorRole.Base)
    if player == NOBODY:
        return base
    return blend(base, seat_color(player - 1), TERRITORY_TINT[is_dark(palette)])


@dataclass(frozen=True)
class UnitLook:
    """How a unit is painted: its fill, its outline, and whether it is crossed out."""

    fill: QColor
    ink: QColor
    out: bool = False


def unit_look(player: int, palette: QPalette, out: bool = False) -> UnitLook:
    if out:
        grey = out_color(player - 1, palette)
        return UnitLook(grey, grey.lighter(140) if is_dark(palette) else grey.darker(150), out=True)
    color = seat_color(player - 1)
    return UnitLook(color, color.lighter(150) if is_dark(palette) else color.darker(155))


class ItpwView(BoardView[State]):
    """Paints an ITPW state scaled to the widget, with a legend of the players below. Fields are
    ``(x, y)``, as the protocol numbers them; ``cellClicked`` emits them so."""

    playerClicked = Signal(int)
    """A unit of player ``p`` (1–4) was clicked."""
    EMPTY_TEXT = "No ITPW game"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._events: tuple[Event, ...] = ()
        self._shown = 0
        """Counts the states shown: the legend's cache key (a state's unit dict is slow to compare)."""
        self._territory_cache: tuple[tuple[object, ...], QImage] | None = None

    # --- our API -----------------------------------------------------------------------------

    def set_state(self, state: State | None, events: Iterable[Event] = ()) -> None:
        """Show ``state`` (or nothing) after the step whose ``events`` are given: their moves are
        traced and their deaths crossed (none: nothing traced, e.g. after a seek)."""
        self._state = state
        self._events = tuple(events) if state is not None else ()
        self._shown += 1
        if state is None:
            self._hovered = None
        self.update()

    def seat_name(self, player: int) -> str:
        """The name given for player ``p`` (``names[p - 1]``, the seats in order), or "Player p"."""
        index = player - 1
        if 0 <= index < len(self._names) and self._names[index].strip():
            return self._names[index]
        return f"Player {player}"

    def highlighted_player(self) -> int | None:
        return self._highlighted

    def set_highlighted_player(self, player: int | None) -> None:
        """Ring every unit of ``player`` (1–4; ``None`` for none)."""
        self._highlight(player)

    def player_at(self, cell: Cell) -> int | None:
        """The player whose unit stands on ``cell``."""
        unit = None if self._state is None else self._state.unit(cell)
        return None if unit is None else unit.player

    def describe_cell(self, cell: Cell) -> str:
        """What the tooltip over ``cell`` says: the field, its owner and the unit on it."""
        state = self._state
        if state is None or not (0 <= cell[0] < SIDE and 0 <= cell[1] < SIDE):
            return ""
        lines = [f"({cell[0]}, {cell[1]})"]
        owner = state.owner(cell)
        lines[0] += f" owned by {self.seat_name(owner)} (player {owner})" if owner != NOBODY else " nobody's field"
        home = next((p for p in PLAYERS if corner(p) == cell), None)
        if home is not None:
            lines[0] += f" · home corner of player {home}"
        unit = state.unit(cell)
        if unit is not None:
            gone = state.disqualified[unit.player - 1]
            out = "" if gone is None else f"\ndisqualified in turn {gone.turn}: {gone.reason}; its units stay and never move again"
            lines.append(f"{self.seat_name(unit.player)}'s {unit.kind.label} (player {unit.player}){out}")
        for event in self._events:
            if isinstance(event, Died) and event.cell == cell:
                lines.append(f"player {event.player}'s {event.kind.label} died here, killed by player {event.killer}")
            elif isinstance(event, Moved) and event.target == cell:
                lines.append(f"came from ({event.source[0]}, {event.source[1]}) in the last move")
        return "\n".join(lines)

    # --- Qt overrides --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(620, 700)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, 240)

    # --- BoardView's hooks ---------------------------------------------------------------------

    def _grid(self, state: State) -> tuple[int, int]:
        return SIDE, SIDE

    def _owner_at(self, cell: Cell) -> int | None:
        return self.player_at(cell)

    def _owner_clicked(self, owner: int) -> None:
        self.playerClicked.emit(owner)

    def _paint_board(self, painter: QPainter, palette: QPalette, state: State) -> None:
        field, size = self.field_rect(), self.cell_size()
        # One pixel per field, scaled without smoothing: 2,500 crisp squares in one call.
        painter.drawImage(field, self._territory_image(state, palette))
        if size >= DETAIL_MIN_CELL:
            self._paint_grid(painter, palette, field, size)
        self._paint_corners(painter, palette, field, size, state)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for event in self._events:
            if isinstance(event, Moved):
                _paint_trail(painter, self.cell_rect(*event.source).center(), self.cell_rect(*event.target).center(),
                             unit_look(event.player, palette).fill, size)
        if self._highlighted is not None:
            for cell, _ in state.units_of(self._highlighted):
                _paint_ring(painter, self.cell_rect(*cell), seat_color(self._highlighted - 1), size)
        looks = {p: unit_look(p, palette, not state.active(p)) for p in PLAYERS}  # once a paint, not once a unit
        for cell, unit in state.units.items():
            paint_unit(painter, self.cell_rect(*cell), unit.kind, looks[unit.player])
        for event in self._events:
            if isinstance(event, Died):
                _paint_death(painter, self.cell_rect(*event.cell), size)

    def _legend_key(self, state: State) -> object:
        return self._shown

    def _flow_legend(self, state: State) -> list[list[Chip]]:
        """The players as they stand, then what the marks mean, then the turn."""
        metrics = QFontMetrics(self.font())
        icon = metrics.height() + 2
        players = [Chip(_player_icon(p, not state.active(p)), self._player_text(state, p), 2 * icon, icon) for p in PLAYERS]
        keys = [Chip(_unit_icon(Kind.WORKER), "worker · takes fields", icon, icon),
                Chip(_unit_icon(Kind.SOLDIER), "soldier · kills", icon, icon),
                Chip(_unit_icon(Kind.WORKER, out=True), "out", icon, icon),
                Chip(_death_icon, "died", icon, icon),
                Chip(_corner_icon, "home corner", icon, icon)]
        counters = [Chip(None, self._counter_text(state), 0, 0)]
        players = [elided(chip, self.width() - 2 * MARGIN, metrics) for chip in players]
        return self._flow_groups((players, keys + counters), compact=(players, counters))

    # --- painting ----------------------------------------------------------------------------

    def _territory_image(self, state: State, palette: QPalette) -> QImage:
        key = (state.territory, palette.color(QPalette.ColorRole.Base).rgba())
        if self._territory_cache is None or self._territory_cache[0] != key:
            # One pixel per field through numpy: 2,500 setPixel calls took ~5 ms a turn.
            colors = numpy.array([territory_color(p, palette).rgb() for p in (NOBODY, *PLAYERS)], dtype=numpy.uint32)
            pixels = numpy.ascontiguousarray(colors[numpy.frombuffer(bytes(state.territory), dtype=numpy.uint8)])
            image = QImage(pixels.data, SIDE, SIDE, SIDE * 4, QImage.Format.Format_RGB32).copy()
            self._territory_cache = (key, image)
        return self._territory_cache[1]

    def _paint_grid(self, painter: QPainter, palette: QPalette, field: QRectF, size: int) -> None:
        pen = QPen(blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.07), 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        left, top = round(field.left()), round(field.top())
        for i in range(1, SIDE):
            painter.drawLine(left + i * size, top, left + i * size, top + SIDE * size - 1)
            painter.drawLine(left, top + i * size, left + SIDE * size - 1, top + i * size)

    def _paint_corners(self, painter: QPainter, palette: QPalette, field: QRectF, size: int, state: State) -> None:
        """Each home corner: an L in the player's colour hugging the board from outside, and the
        corner field framed inside, where new units appear."""
        width = max(2.0, min(4.0, size * 0.35))
        length = BRACKET * size
        for player in PLAYERS:
            x, y = corner(player)
            color = seat_color(player - 1) if state.active(player) else out_color(player - 1, palette)
            rect = self.cell_rect(x, y)
            edge_x = field.left() - width / 2 - 1 if x == 0 else field.right() + width / 2 + 1
            edge_y = field.top() - width / 2 - 1 if y == 0 else field.bottom() + width / 2 + 1
            along_x = 1 if x == 0 else -1
            along_y = 1 if y == 0 else -1
            painter.setPen(QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap, Qt.PenJoinStyle.MiterJoin))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolyline(QPolygonF([QPointF(edge_x + along_x * length, edge_y), QPointF(edge_x, edge_y),
                                            QPointF(edge_x, edge_y + along_y * length)]))
            if size >= DETAIL_MIN_CELL:
                painter.setPen(QPen(color, 1.5))
                painter.drawRect(rect.adjusted(1, 1, -1.5, -1.5))

    def _player_text(self, state: State, player: int) -> str:
        units = state.units_of(player)
        soldiers = sum(1 for _, unit in units if unit.kind is Kind.SOLDIER)
        fields, kills = state.territory_of(player), state.kills[player - 1]
        name = legend_name(self.seat_name(player))
        parts = [name if name == f"Player {player}" else f"{name} (player {player})", plural(fields + kills, "pt"),
                 f"{plural(fields, 'field')} + {plural(kills, 'kill')}",
                 f"{plural(len(units) - soldiers, 'worker')}, {plural(soldiers, 'soldier')}"]
        out = state.disqualified[player - 1]
        if out is not None:
            parts.append(f"out in turn {out.turn}: {out.reason}")
        elif state.to_move == player:
            parts.append("choosing a unit" if state.phase is Phase.UNIT else "to move")
        return " · ".join(parts)

    def _counter_text(self, state: State) -> str:
        end = state.end
        turn = f"turn {min(state.turn + 1, state.total_turns)} / {state.total_turns}"
        if end is not None:
            # A turn cut short by the last player's disqualification counts, as the match's rounds
            # (the transport, the summary) do: "over after 0 turns" stood beside "Turn 1 / 1".
            played = max([state.turn, *(out.turn for out in state.disqualified if out is not None)])
            return f"over after {plural(played, 'turn')}: {END_TEXT[end]}"
        spawned = next((e for e in self._events if isinstance(e, Spawned)), None)
        if spawned is not None:
            return f"{turn} · new {spawned.kind.label} of player {spawned.player}: {spawned.arrival.value.replace('_', ' ')}"
        return turn

# --- units and marks -------------------------------------------------------------------------


def paint_unit(painter: QPainter, rect: QRectF, kind: Kind, look: UnitLook) -> None:
    """A worker as a disc, a soldier as a diamond reaching the field's edges; an out unit greyed
    and crossed."""
    c, s = rect.center(), rect.width()
    painter.save()
    painter.setPen(QPen(look.ink, max(1.0, s * 0.08)) if s >= DETAIL_MIN_CELL else Qt.PenStyle.NoPen)
    painter.setBrush(look.fill)
    if kind is Kind.WORKER:
        painter.drawEllipse(c, s * WORKER_RADIUS, s * WORKER_RADIUS)
    else:
        r = s * SOLDIER_REACH
        painter.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                       QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())]))
    if look.out and s >= DETAIL_MIN_CELL:
        arm = s * 0.22
        painter.setPen(QPen(look.ink, max(1.2, s * 0.12), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QPointF(c.x() - arm, c.y() - arm), QPointF(c.x() + arm, c.y() + arm))
        painter.drawLine(QPointF(c.x() - arm, c.y() + arm), QPointF(c.x() + arm, c.y() - arm))
    painter.restore()


def _paint_trail(painter: QPainter, start: QPointF, end: QPointF, color: QColor, size: float) -> None:
    """Where a unit came from in the last move: a fading line from its old field."""
    trail = QColor(color)
    trail.setAlphaF(0.55)
    painter.save()
    painter.setPen(QPen(trail, max(1.5, size * 0.22), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(start, end)
    painter.restore()


def _paint_ring(painter: QPainter, rect: QRectF, color: QColor, size: float) -> None:
    glow = QColor(color)
    glow.setAlphaF(0.35)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(glow)
    painter.drawEllipse(rect.center(), size * 0.75, size * 0.75)
    painter.restore()


def _paint_death(painter: QPainter, rect: QRectF, size: float) -> None:
    """A red cross where a unit died in the last step."""
    c, arm = rect.center(), max(2.0, size * 0.32)
    painter.save()
    painter.setPen(QPen(DEATH, max(1.5, size * 0.14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(c.x() - arm, c.y() - arm), QPointF(c.x() + arm, c.y() + arm))
    painter.drawLine(QPointF(c.x() - arm, c.y() + arm), QPointF(c.x() + arm, c.y() - arm))
    painter.restore()


def _unit_icon(kind: Kind, out: bool = False) -> IconPainter:
    def paint(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        grey = blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.5)
        look = unit_look(1, palette, out=True) if out else UnitLook(grey, grey.darker(140) if not is_dark(palette) else grey.lighter(140))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_unit(painter, rect, kind, look)

    return paint


def _player_icon(player: int, out: bool) -> IconPainter:
    """The player's territory tint with a worker and a soldier on it."""

    def paint(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(seat_color(player - 1), 1))
        painter.setBrush(territory_color(player, palette))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        half = rect.width() / 2
        look = unit_look(player, palette, out)
        paint_unit(painter, QRectF(rect.left(), rect.top(), half, rect.height()), Kind.WORKER, look)
        paint_unit(painter, QRectF(rect.left() + half, rect.top(), half, rect.height()), Kind.SOLDIER, look)
        painter.restore()

    return paint


def _death_icon(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _paint_death(painter, rect, rect.height() * 0.8)


def _corner_icon(painter: QPainter, rect: QRectF, palette: QPalette) -> None:
    color = blend(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text), 0.5)
    r = rect.adjusted(rect.width() * 0.2, rect.height() * 0.2, -rect.width() * 0.15, -rect.height() * 0.15)
    painter.save()
    painter.setPen(QPen(color, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap, Qt.PenJoinStyle.MiterJoin))
    painter.drawPolyline(QPolygonF([r.topRight(), r.topLeft(), r.bottomLeft()]))
    painter.restore()


# --- on its own ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.games.itpw.itpw_view [STATE]``: a state text (or the start) played on by
    four random players."""
    from editor.widgets.games.board_demo import run_demo

    return run_demo("itpw", argv)


if __name__ == "__main__":
    raise SystemExit(main())
