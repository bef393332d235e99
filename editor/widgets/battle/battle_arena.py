"""A battle player's parts laid out for a side pane: board and seat column side by side, the
playback controls under both, so the whole fits in about 380 pixels of width.

The :class:`BattlePlayer` keeps its own layout for a full window; here its widgets move into a
new container and the player stays on as their (hidden) controller."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QHBoxLayout, QLabel, QLayout, QVBoxLayout, QWidget

from editor.widgets.battle.battle_player import SIDE_WIDTH, BattlePlayer
from editor.widgets.parts.form_widgets import heading
from editor.widgets.parts.standalone import run_alone

SIDE_MIN_WIDTH = 200
NARROW_SIDE_WIDTH = 230
LOG_MIN_HEIGHT = 40
ONE_ROW_WIDTH = 600
"""From this width on the playback buttons and the speed share one row; below, two rows."""


class BattleArena(QWidget):
    """The container :func:`arrange_player` returns: board and seat column side by side, the
    playback controls under both. A wide arena has them in one row (buttons, speed, step); a
    narrow one moves the speed to a second row, so the arena fits a side pane of a small screen."""

    def __init__(self, player: BattlePlayer) -> None:
        super().__init__()
        self.player = player
        self.setObjectName("battleArena")
        self.speed_text = QLabel("Speed")
        self._speed_parts: list[QWidget] = [self.speed_text, player.speed_slider, player.speed_label]
        self.top_row = QHBoxLayout()
        self.top_row.setSpacing(6)
        for button in (player.play_button, player.step_button, player.restart_button):
            button.setMinimumWidth(0)
            self.top_row.addWidget(button)
        self.top_row.addSpacing(12)
        self.top_row.addStretch(1)
        self.top_row.addWidget(player.step_label)
        self.speed_row = QWidget()
        row = QHBoxLayout(self.speed_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        row.addStretch(1)
        player.speed_slider.setMinimumWidth(60)
        player.speed_slider.setMaximumWidth(130)
        self.controls = QVBoxLayout()
        self.controls.setSpacing(6)
        self.controls.addLayout(self.top_row)
        self.controls.addWidget(self.speed_row)
        self.side: QWidget | None = None
        self._one_row: bool | None = None
        self._place_speed(one_row=True)

    def controls_in_one_row(self) -> bool:
        return bool(self._one_row)

    def minimumSizeHint(self) -> QSize:
        """The two-row arrangement's minimum: the arena never asks for the room of one row."""
        layout = self.layout()
        if layout is None:
            return super().minimumSizeHint()
        grid = layout.minimumSize()
        if not self._one_row:
            return grid
        speed = sum(w.minimumSizeHint().width() for w in self._speed_parts) + 6 * len(self._speed_parts) + 12
        second_row = self.controls.spacing() + max(w.minimumSizeHint().height() for w in self._speed_parts)
        return QSize(grid.width() - speed, grid.height() + second_row)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_speed(event.size().width() >= ONE_ROW_WIDTH)

    def _place_speed(self, one_row: bool) -> None:
        if one_row == self._one_row:
            return
        self._one_row = one_row
        row = self.speed_row.layout()
        assert isinstance(row, QBoxLayout)  # the row _build made
        for index, part in enumerate(self._speed_parts):
            (row if one_row else self.top_row).removeWidget(part)
            if one_row:
                self.top_row.insertWidget(4 + index, part, 1 if part is self.player.speed_slider else 0)
            else:
                row.insertWidget(index, part, 1 if part is self.player.speed_slider else 0)
            part.show()
        self.speed_row.setVisible(not one_row)
        if self.side is not None:  # narrow: the board gets the width the seat column can spare
            self.side.setMaximumWidth(SIDE_WIDTH if one_row else NARROW_SIDE_WIDTH)


def arrange_player(player: BattlePlayer) -> BattleArena:
    """The player's parts laid out for a side tab: board and seat column side by side, the
    playback controls under both. The player itself stays the (hidden) controller; its
    shortcuts (Space, Right, Ctrl+R) work while the focus is in the arena. The seed is set
    above, so the player's own seed box is left out."""
    parts = [player.view, player.seat_panel, player.status_label, player.log, player.field_label,
             player.play_button, player.step_button, player.restart_button, player.speed_slider,
             player.speed_label, player.step_label]
    for part in parts:
        _take_out(player.layout(), part)
    arena = BattleArena(player)

    side = QVBoxLayout()
    side.setContentsMargins(0, 0, 0, 0)
    side.setSpacing(6)
    side.addWidget(heading("Seats"))
    side.addWidget(player.seat_panel)
    side.addWidget(heading("Battle"))
    side.addWidget(player.status_label)
    side.addWidget(heading("Bites"))
    player.log.setMinimumHeight(LOG_MIN_HEIGHT)
    side.addWidget(player.log, 1)
    side.addWidget(player.field_label)
    side_widget = QWidget()
    side_widget.setLayout(side)
    side_widget.setMinimumWidth(SIDE_MIN_WIDTH)
    side_widget.setMaximumWidth(SIDE_WIDTH)
    arena.side = side_widget

    grid = QGridLayout(arena)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setHorizontalSpacing(12)
    grid.setVerticalSpacing(8)
    # The arrangement in use must not set the arena's minimum: narrowing it is what wraps the controls.
    grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
    grid.addWidget(player.view, 0, 0)
    grid.addWidget(side_widget, 0, 1)
    grid.addLayout(arena.controls, 1, 0, 1, 2)
    grid.setColumnStretch(0, 1)
    grid.setRowStretch(0, 1)
    arena.addActions(player.actions())
    return arena


def _take_out(layout: QLayout | None, widget: QWidget) -> bool:
    """Remove ``widget`` from ``layout`` or one of its nested layouts."""
    if layout is None:
        return False
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item is None:
            continue
        if item.widget() is widget:
            layout.takeAt(i)
            return True
        if _take_out(item.layout(), widget):
            return True
    return False


def main() -> int:
    """Play the samples in a side-pane-sized arena."""
    from arena.snake_battle import BattleSettings
    from editor.seats import sample_seats

    def make() -> BattleArena:
        player = BattlePlayer(sample_seats(), BattleSettings(seed=1))
        arena = arrange_player(player)
        player.setParent(arena)
        player.hide()
        player.play()
        return arena

    return run_alone(make, "Battle arena (side pane layout)", (620, 640))


if __name__ == "__main__":
    raise SystemExit(main())
