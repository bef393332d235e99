"""The tournament tab's tests share: a tab made as a user would set it up (samples added by
clicks, a small field), its settings in a file of the test's own, and a run clicked and waited
for."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.tournament import CancelFlag, Entrant, TournamentRun, TournamentSpec, open_tournament
from editor.widgets.tournament.tournament_entrants import sample_entrants
from editor.widgets.tournament.tournament_tab import TournamentTab

LEFT = Qt.MouseButton.LeftButton
SMALL = {"width": 15, "height": 15, "length": 3, "steps": 100}
RUN_TIMEOUT_MS = 20_000
SAMPLE_NAMES = sample_entrants("snake")


class MakeTab(Protocol):
    """The ``make_tab`` fixture: a shown tab with those samples as entrants on a small field;
    ``clock`` default: the tab's own, ``settings`` default: the test's own file, ``read`` (a
    folder read back) default: the tab's own."""

    def __call__(self, *samples: str, seed: int = 5, jobs: int = 1, per_pairing: int = 0, seats: int | None = None,
                 clock: Callable[[], float] | None = None, settings: QSettings | None = None,
                 read: Callable[[Path, CancelFlag], TournamentRun] = open_tournament) -> TournamentTab: ...


@pytest.fixture
def make_tab(qtbot: QtBot, tmp_path: Path) -> MakeTab:
    """``make_tab(*samples, seed=, jobs=, per_pairing=, seats=, clock=, settings=, read=)``: see
    :class:`MakeTab`."""

    def make(*samples: str, seed: int = 5, jobs: int = 1, per_pairing: int = 0, seats: int | None = None,
             clock: Callable[[], float] | None = None, settings: QSettings | None = None,
             read: Callable[[Path, CancelFlag], TournamentRun] = open_tournament) -> TournamentTab:
        settings = settings or isolated_settings(tmp_path)
        if clock is None:
            tab = TournamentTab(data_dir=tmp_path / "data", settings=settings, read=read)
        else:
            tab = TournamentTab(data_dir=tmp_path / "data", settings=settings, clock=clock, read=read)
        qtbot.addWidget(tab)
        tab.resize(1280, 760)
        tab.show()
        qtbot.waitExposed(tab)
        for name in samples:
            add_sample(qtbot, tab, name)
        setup = tab.setup
        for option, value in SMALL.items():
            (setup.limit_box if option == "steps" else setup.number_boxes[option]).setValue(value)
        setup.seed_box.setValue(seed)
        setup.jobs_box.setValue(jobs)
        setup.per_pairing_box.setValue(per_pairing)
        if seats is not None:
            setup.seats_box.setValue(seats)
        return tab

    return make


def isolated_settings(tmp_path: Path) -> QSettings:
    """The tab's settings in a file of the test's own (never the user's)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def add_sample(qtbot: QtBot, tab: TournamentTab, name: str) -> None:
    entrants = tab.setup.entrants
    entrants.sample_box.setCurrentIndex(entrants.sample_box.findText(name))
    qtbot.mouseClick(entrants.add_sample_button, LEFT)


def play(qtbot: QtBot, tab: TournamentTab) -> None:
    """Click Start and wait (the GUI stays live) until the run has ended."""
    with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tab.start_button, LEFT)
        assert tab.is_running() and not tab.start_button.isEnabled() and tab.cancel_button.isEnabled()


def cancel_if_running(qtbot: QtBot, tab: TournamentTab) -> None:
    """Click Cancel while the tournament still runs and wait for the run to end."""
    if tab.is_running():
        with qtbot.waitSignal(tab.runFinished, timeout=RUN_TIMEOUT_MS):
            qtbot.mouseClick(tab.cancel_button, LEFT)


def out_of(tab: TournamentTab) -> Path:
    """The folder of the tab's tournament (one was started)."""
    assert tab.out is not None, "no tournament started"
    return tab.out


def spec_of(tab: TournamentTab) -> TournamentSpec:
    """The spec of the tab's tournament (one was started)."""
    assert tab.spec is not None, "no tournament started"
    return tab.spec


def reference_spec(names_and_samples: list[tuple[str, str]], seed: int, *, seats: int | None = None,
                   games_per_pairing: int | None = None) -> TournamentSpec:
    """The spec a tab set up by :func:`make_tab` with those samples should build."""
    entrants = [Entrant.parse("snake", f"{name}={sample}") for name, sample in names_and_samples]
    return TournamentSpec.build("snake", entrants, seed, seats=seats, games_per_pairing=games_per_pairing,
                                options=SMALL)
