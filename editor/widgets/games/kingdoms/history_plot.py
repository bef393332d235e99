"""The kingdoms history: the original contest's gnuplot history in the app, with pyqtgraph.

Territory per kingdom per round, updated live, and any of the other six numbers on demand; in the
seat colours, following the light or dark palette, exported as PNG or as the original server's
history file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.seat_names import default_names
from editor.widgets.parts.seat_plots import PlotError, SeatPlot, SeriesPlot
from editor.widgets.parts.standalone import run_alone
from engines.kingdoms import GAME_INFO, KINGDOM_FIELDS, State, history_to_text

QUANTITY_TITLES = {
    "territory": "Territory", "food": "Food", "soldiers": "Soldiers", "peasants": "Peasants",
    "arms": "Arms level", "farming": "Farming level", "spy": "Spy level",
}


class KingdomsHistoryPlot(SeatPlot):
    """Territory (or another of the seven numbers) of each kingdom per round, live.

    Feed it the start state and then the state after every round (:meth:`append_state`), or a
    whole history at once (:meth:`set_history`, e.g. a replay or a ``.lastplay`` file)."""

    quantityChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Kingdom", "round", "", None, parent, legend_beside=True)
        self._states: list[State] = []
        self._numbers = np.zeros((0, GAME_INFO.players, len(KINGDOM_FIELDS)), dtype=np.int64)
        self.quantity_box = QComboBox()
        for name in KINGDOM_FIELDS:
            self.quantity_box.addItem(QUANTITY_TITLES[name], name)
        self.quantity_box.setToolTip("Which of the kingdoms' seven numbers to plot")
        self.quantity_box.currentIndexChanged.connect(self._quantity_picked)
        label = QLabel("Show")
        label.setBuddy(self.quantity_box)
        controls = row(label, self.quantity_box, STRETCH, spacing=4, margins=(8, 6, 8, 0))
        column(controls, (self.plot_widget, 1), parent=self, spacing=4)
        self._quantity_picked()

    # --- our API -----------------------------------------------------------------------------

    def quantity(self) -> str:
        """The number plotted: one of :data:`engines.kingdoms.KINGDOM_FIELDS`."""
        return str(self.quantity_box.currentData())

    def set_quantity(self, name: str) -> None:
        index = self.quantity_box.findData(name)
        if index < 0:
            raise PlotError(f"unknown kingdom number {name!r} (expected one of {', '.join(KINGDOM_FIELDS)})")
        self.quantity_box.setCurrentIndex(index)

    def states(self) -> list[State]:
        return list(self._states)

    def clear(self) -> None:
        self.set_history([])

    def set_history(self, states: Sequence[State]) -> None:
        """Plot exactly ``states``, one point per state at its round (e.g. a whole replay)."""
        self._states = list(states)
        rows = [[k.numbers() for k in s.kingdoms] for s in self._states]
        self._numbers = np.array(rows, dtype=np.int64).reshape(len(rows), GAME_INFO.players, len(KINGDOM_FIELDS))
        self._redraw()

    def append_state(self, state: State) -> None:
        """Add the state after a round. A state at or before the last plotted round replaces the
        history from that round on (a replay scrubbed back and played again stays consistent)."""
        if self._states and state.round <= self._states[-1].round:
            keep = [s for s in self._states if s.round < state.round]
            self.set_history([*keep, state])
            return
        self._states.append(state)
        row = np.array([[k.numbers() for k in state.kingdoms]], dtype=np.int64)
        self._numbers = np.concatenate([self._numbers, row])
        self._redraw()

    def history_text(self) -> str:
        """The plotted states in the original server's history format (``<playfield>.lastplay``)."""
        return history_to_text(self._states)

    def export_history(self, path: str | Path) -> Path:
        """Write :meth:`history_text` to ``path``."""
        target = Path(path)
        if not self._states:
            raise PlotError(f"{target}: no rounds to write yet")
        try:
            target.write_text(self.history_text(), encoding="utf-8")
        except OSError as error:
            raise PlotError(f"{target}: {error.strerror}") from None
        return target

    # --- details -----------------------------------------------------------------------------

    def _quantity_picked(self) -> None:
        name = self.quantity()
        self.plot_widget.getPlotItem().setLabel("left", QUANTITY_TITLES[name].lower())
        self._set_title(f"{QUANTITY_TITLES[name]} per round")
        self._redraw()
        self.plot_widget.getPlotItem().enableAutoRange()
        self.quantityChanged.emit(name)

    def _redraw(self) -> None:
        column = KINGDOM_FIELDS.index(self.quantity())
        x = np.array([s.round for s in self._states], dtype=float)
        values = self._numbers[:, :, column].astype(float)
        self._show_curves(x, [values[:, k] for k in range(GAME_INFO.players)])


# --- on its own ------------------------------------------------------------------------------


def main() -> int:
    """``python -m editor.widgets.games.kingdoms.history_plot``: a kingdoms game of the dashboard's
    trivial policy, its history, the territory as a score series and made-up think times."""
    import random

    from PySide6.QtWidgets import QTabWidget

    from editor.widgets.games.kingdoms.kingdoms_view import simple_actions
    from engines.kingdoms import start_state
    from engines.kingdoms.game import GAME
    from engines.playout import SeededPlay

    def make() -> QTabWidget:
        rng = random.Random(1)
        history, scores = KingdomsHistoryPlot(), SeriesPlot("Score per turn", "territory", noun="Kingdom")
        times = SeriesPlot("Think time per turn", "think time", "s", noun="Kingdom")
        play = SeededPlay(GAME, start_state(200), 1, simple_actions)
        history.append_state(play.state)
        while not play.over:
            state = play.step().state
            history.append_state(state)
            scores.append(state.round, state.scores())
            times.append(state.round, [rng.uniform(0.01, 0.05) if k.alive else None for k in state.kingdoms])
        tabs = QTabWidget()
        for plot, title in ((history, "History"), (scores, "Scores"), (times, "Think time")):
            plot.set_seat_names(default_names(GAME_INFO.players, "Kingdom"))
            tabs.addTab(plot, title)
        return tabs

    return run_alone(make, "Match plots", (820, 520))


if __name__ == "__main__":
    raise SystemExit(main())
