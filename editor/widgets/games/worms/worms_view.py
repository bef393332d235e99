"""A painted worm board (specs/worms.md): walls, flowers, ice, bonuses and the four worms in seat
colours, with a legend below; crisp at any size, cells square, the board centred.

The view only reads a :class:`engines.worms.WormsState`: a live match, a replay and the arena pane
all call :meth:`WormsView.set_state` with the state after a round. How the pieces look is
:mod:`editor.widgets.games.worms.worms_paint`; the legend and the widget's plumbing are
:mod:`editor.widgets.games.board_legend`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QWidget

from editor.widgets.games.board_legend import (
    CHIP_GAP,
    ICON_GAP,
    LEGEND_GAP,
    BoardView,
    Chip,
    IconPainter,
    legend_name,
    plural,
)
from editor.widgets.games.worms.worms_paint import (
    DEAD_SAMPLE,
    FROZEN_SAMPLE,
    WormLook,
    item_icon,
    paint_field,
    paint_halo,
    paint_item,
    paint_worm,
    wall_icon,
    worm_icon,
    worm_look,
)
from editor.widgets.games.zoomable_board import MARGIN
from editor.widgets.parts.seat_colors import seat_color
from editor.widgets.parts.seat_names import seat_name
from engines.worms import Cell, Direction, EndReason, Item, Worm, WormsState

__all__ = ["END_TEXT", "ITEM_TEXT", "WormsView", "main", "safe_turn", "safe_turns"]
# Re-exported: these lived here before worms_paint and board_legend took them; code may still import them from here.
__all__ += ["CHIP_GAP", "ICON_GAP", "LEGEND_GAP", "MARGIN", "IconPainter", "WormLook", "paint_item", "paint_worm",
            "worm_look"]

END_TEXT = {
    # Eaten flowers grow again elsewhere: the game ends at a count of flowers eaten, with flowers
    # still on the board, so "every flower eaten" would contradict the picture beside it.
    EndReason.FLOWERS_EATEN: "over: the flower limit reached",
    EndReason.ROUND_LIMIT: "over: the round limit",
    EndReason.ALL_DEAD: "over: no worm is alive",
}
ITEM_TEXT = {
    Item.FLOWER: "flower: 2^bonus points, the worm grows",
    Item.ICE: "ice: freezes every other worm for (bonus + 1) × 5 rounds",
    Item.BONUS: "bonus: +1 to the eater's bonus",
}


class WormsView(BoardView[WormsState]):
    """Paints a worm game state scaled to the widget, with a legend of worms and items below.
    Cells are ``(x, y)``, as the engine's; ``cellClicked`` emits them so."""

    wormClicked = Signal(int)
    """A segment of worm ``index`` (dead worms too) was clicked."""
    EMPTY_TEXT = "No worm game"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._walls_cache: tuple[tuple[object, ...], QPixmap] | None = None
        self._item_tiles: dict[tuple[Item, int, float], QPixmap] = {}
        """Each kind of item painted once per cell size (see :meth:`_item_tile`)."""

    # --- our API -----------------------------------------------------------------------------

    def set_state(self, state: WormsState | None) -> None:
        """Show ``state`` (or nothing): call it with the state after every round."""
        self._state = state
        if state is None or (self._hovered is not None and not state.in_board(self._hovered)):
            self._hovered = None
        self.update()

    def seat_name(self, index: int) -> str:
        """The name given for seat ``index``, or "Worm <id>"."""
        return seat_name(self._names, index, "Worm")

    def highlighted_worm(self) -> int | None:
        return self._highlighted

    def set_highlighted_worm(self, index: int | None) -> None:
        """Draw a halo around worm ``index`` (``None`` for none)."""
        self._highlight(index)

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

    # --- BoardView's hooks ---------------------------------------------------------------------

    def _grid(self, state: WormsState) -> tuple[int, int]:
        return state.width, state.height

    def _owner_at(self, cell: Cell) -> int | None:
        return self.worm_at(cell)

    def _owner_clicked(self, owner: int) -> None:
        self.wormClicked.emit(owner)

    def _paint_board(self, painter: QPainter, palette: QPalette, state: WormsState) -> None:
        field, size = self.field_rect(), self.cell_size()
        if self.zoom() > 1:  # a layer of the whole zoomed field would take a hundred megabytes
            painter.save()
            painter.translate(field.topLeft())
            painter.fillRect(QRectF(0, 0, field.width(), field.height()), palette.color(QPalette.ColorRole.Base))
            paint_field(painter, state, size, palette)
            painter.restore()
        else:
            painter.drawPixmap(field.topLeft(), self._walls_layer(state, palette))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)

        def rect(cell: Cell) -> QRectF:
            return QRectF(field.left() + cell[0] * size, field.top() + cell[1] * size, size, size)

        for cell, item in state.items.items():
            painter.drawPixmap(rect(cell).topLeft(), self._item_tile(item, size))
        # The dead lie under the frozen, the frozen under the movers: what still moves stays on top.
        for rank in (lambda w: not w.alive, lambda w: w.alive and w.frozen > 0, lambda w: w.moving):
            for index, worm in enumerate(state.worms):
                if rank(worm):
                    centres = [rect(cell).center() for cell in worm.cells]
                    if index == self._highlighted:
                        paint_halo(painter, centres, seat_color(index), size, palette)
                    paint_worm(painter, centres, worm.direction, worm_look(index, worm, palette), size, worm.frozen)

    def _legend_key(self, state: WormsState) -> object:
        return state

    def _flow_legend(self, state: WormsState) -> list[list[Chip]]:
        """The worms as they are now, then what the board's pieces mean, then the game's counters."""
        metrics = QFontMetrics(self.font())
        icon = metrics.height() + 2
        worms = [Chip(worm_icon(i, worm), f"{legend_name(self.seat_name(i))} · {plural(worm.points, 'pt')}{_worm_tag(worm)}",
                      2 * icon, icon) for i, worm in enumerate(state.worms)]
        keys = [Chip(item_icon(item), item.label, icon, icon) for item in Item]
        keys.append(Chip(wall_icon, "wall", icon, icon))
        for word, sample in (("frozen", FROZEN_SAMPLE), ("dead", DEAD_SAMPLE)):
            keys.append(Chip(worm_icon(None, sample), word, 2 * icon, icon))
        end = state.end_reason()
        counters = [Chip(None, f"round {state.round} / {state.max_rounds} · " +
                         (END_TEXT[end] if end is not None else f"{state.flowers_left} flowers to go"), 0, 0)]
        return self._flow_groups((worms, keys + counters))

    # --- painting ----------------------------------------------------------------------------

    def _item_tile(self, item: Item, size: int) -> QPixmap:
        """``item`` in a cell of ``size`` pixels, painted once per size and screen: a board shows
        dozens of items, a flower is six antialiased discs, and every round repainted them all
        (a third of a worms frame at full speed, issue 16)."""
        ratio = self.devicePixelRatioF()
        key = (item, size, ratio)
        tile = self._item_tiles.get(key)
        if tile is None:
            if len(self._item_tiles) >= 3 * len(Item):
                self._item_tiles.clear()  # sizes the board no longer has
            tile = QPixmap(round(size * ratio), round(size * ratio))
            tile.setDevicePixelRatio(ratio)
            tile.fill(Qt.GlobalColor.transparent)
            painter = QPainter(tile)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            paint_item(painter, QRectF(0, 0, size, size), item)
            painter.end()
            self._item_tiles[key] = tile
        return tile

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
        pixmap.fill(palette.color(QPalette.ColorRole.Base))
        painter = QPainter(pixmap)
        paint_field(painter, state, size, palette)
        painter.end()
        self._walls_cache = (key, pixmap)
        return pixmap


# --- texts -----------------------------------------------------------------------------------


def _worm_tag(worm: Worm) -> str:
    if not worm.alive:
        return " · dead"
    if worm.frozen:
        return f" · frozen {worm.frozen}"
    return f" · bonus {worm.bonus}" if worm.bonus else ""


def _worm_status(worm: Worm) -> str:
    parts = [plural(worm.points, "pt"), f"length {worm.length}"]
    if not worm.alive:
        parts.insert(0, "dead")
    elif worm.frozen:
        parts.insert(0, f"frozen for {worm.frozen} more round{'s' if worm.frozen != 1 else ''}")
    else:
        parts.insert(0, f"moving {worm.direction.label}")
    if worm.alive:
        parts.append(f"bonus {worm.bonus}")
    return ", ".join(parts)


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


def safe_turns(state: WormsState, choices: random.Random, match_rng: random.Random) -> list[str | None]:
    """Who plays the demo: every moving worm by :func:`safe_turn`."""
    return [safe_turn(state, i, choices) if worm.moving else None for i, worm in enumerate(state.worms)]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.games.worms.worms_view [MAP]``: a sample map played by a random policy."""
    from editor.widgets.games.board_demo import run_demo

    return run_demo("worms", argv)


if __name__ == "__main__":
    raise SystemExit(main())
