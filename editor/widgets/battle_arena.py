"""A battle player's parts laid out for a side pane: board and seat column side by side, the
playback controls under both, so the whole fits in about 560 pixels of width.

The :class:`BattlePlayer` keeps its own layout for a full window; here its widgets move into a
new container and the player stays on as their (hidden) controller."""

from __future__ import annotations

from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLayout, QVBoxLayout, QWidget

from editor.widgets.battle_player import SIDE_WIDTH, BattlePlayer

SIDE_MIN_WIDTH = 200


def arrange_player(player: BattlePlayer) -> QWidget:
    """The player's parts laid out for a side tab: board and seat column side by side, the
    playback controls under both. The player itself stays the (hidden) controller; its
    shortcuts (Space, Right, Ctrl+R) work while the focus is in the arena. The seed is set
    above, so the player's own seed box is left out."""
    arena = QWidget()
    arena.setObjectName("battleArena")
    parts = [player.view, player.seat_panel, player.status_label, player.log, player.field_label,
             player.play_button, player.step_button, player.restart_button, player.speed_slider,
             player.speed_label, player.step_label]
    for part in parts:
        _take_out(player.layout(), part)

    side = QVBoxLayout()
    side.setContentsMargins(0, 0, 0, 0)
    side.setSpacing(6)
    side.addWidget(_heading("Seats"))
    side.addWidget(player.seat_panel)
    side.addSpacing(6)
    side.addWidget(_heading("Battle"))
    side.addWidget(player.status_label)
    side.addSpacing(6)
    side.addWidget(_heading("Bites"))
    side.addWidget(player.log, 1)
    side.addWidget(player.field_label)
    side_widget = QWidget()
    side_widget.setLayout(side)
    side_widget.setMinimumWidth(SIDE_MIN_WIDTH)
    side_widget.setMaximumWidth(SIDE_WIDTH)

    controls = QHBoxLayout()
    controls.setSpacing(6)
    for button in (player.play_button, player.step_button, player.restart_button):
        button.setMinimumWidth(0)
        controls.addWidget(button)
    controls.addSpacing(12)
    controls.addWidget(QLabel("Speed"))
    player.speed_slider.setMinimumWidth(60)
    player.speed_slider.setMaximumWidth(130)
    controls.addWidget(player.speed_slider, 1)
    controls.addWidget(player.speed_label)
    controls.addStretch(1)
    controls.addWidget(player.step_label)

    grid = QGridLayout(arena)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setHorizontalSpacing(12)
    grid.setVerticalSpacing(8)
    grid.addWidget(player.view, 0, 0)
    grid.addWidget(side_widget, 0, 1)
    grid.addLayout(controls, 1, 0, 1, 2)
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


def _heading(text: str) -> QLabel:
    """A small caps section heading, as the battle player's own."""
    label = QLabel(text.upper())
    font = QFont(label.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 0.85)
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    label.setFont(font)
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def main() -> int:
    """Play the samples in a side-pane-sized arena."""
    import sys

    from PySide6.QtWidgets import QApplication

    from arena.snake_battle import BattleSettings
    from editor.seats import sample_seats

    app = QApplication.instance() or QApplication(sys.argv)
    player = BattlePlayer(sample_seats(), BattleSettings(seed=1))
    arena = arrange_player(player)
    player.setParent(arena)
    player.hide()
    arena.setWindowTitle("Battle arena (side pane layout)")
    arena.resize(620, 640)
    arena.show()
    player.play()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
