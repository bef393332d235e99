"""Issue 16: "The window cannot be made 1024×700". The tournament tab fits a 1024×700 window:
its minimum is within what the window gives it, and every control is on screen (those of the
setup column, which scrolls, once scrolled to)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from editor.main_window import MainWindow
from tests.editor.tournament.conftest import add_sample


def _on_screen(widget: QWidget, window: QWidget) -> bool:
    """Whether ``widget`` is shown whole: not hidden, not cut off by any parent (a scroll area's
    viewport, a splitter) nor by the window."""
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    shown = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown = shown.intersected(QRect(parent.mapTo(window, parent.rect().topLeft()), parent.size()))
        parent = parent.parentWidget()
    return shown.intersected(window.rect()).size() == widget.size()


@pytest.mark.parametrize("size", [(1024, 700), (1440, 900)])
def test_every_control_of_the_tab_is_reachable_in_a_window_of(qtbot: QtBot, make_window: Callable[[], MainWindow], size: tuple[int, int]) -> None:
    window = make_window()
    window.show_tournament()
    window.resize(*size)
    tab = window.tournament_tab
    for name in ("Tail biter", "Hunter", "Wall hugger", "Head avoider", "Beginner"):
        add_sample(qtbot, tab, name)
    tab.setup.set_game("kingdoms")  # the longest form (a map, a time limit, the sandbox box)
    tab.setup.set_game("snake")
    scroll = tab.findChild(QScrollArea)
    assert scroll is not None
    form = scroll.widget()
    assert form is not None
    # laid out at the new size: the tab as wide as the window, the setup as wide as its column
    qtbot.waitUntil(lambda: tab.isVisible() and tab.width() == size[0]
                    and form.width() == scroll.viewport().width(), timeout=2_000)
    assert window.width() <= size[0] and window.height() <= size[1]
    assert tab.minimumSizeHint().width() <= tab.width() and tab.minimumSizeHint().height() <= tab.height()
    for widget in (tab.progress_bar, tab.eta_label, tab.status_label, tab.results, tab.stats_button, tab.rating_plot,
                   tab.games, tab.open_button):
        assert _on_screen(widget, window), widget
    setup = tab.setup
    for control in (setup.game_box, setup.entrants.table, setup.entrants.add_sample_button, setup.entrants.remove_button,
                    setup.per_pairing_box, setup.seed_box, setup.jobs_box, setup.out_edit, setup.out_browse,
                    tab.open_folder_button, tab.cancel_button, tab.start_button):
        scroll.ensureWidgetVisible(control)
        assert _on_screen(control, window), control
    assert scroll.horizontalScrollBar().maximum() == 0  # nothing hides sideways


@pytest.mark.parametrize("size", [(1024, 700), (1440, 900)])
def test_start_cancel_and_open_are_in_sight_without_scrolling_in_a_window_of(
        qtbot: QtBot, make_window: Callable[[], MainWindow], size: tuple[int, int]) -> None:
    """QA: at 1024 x 700 the worms form (a map, a time limit, the sandbox box) with four entrants
    put Start tournament below the fold of the setup column: a user could not see how to start."""
    window = make_window()
    qtbot.wait(20)  # the first start's sizing, which happens once the window shows
    window.show_tournament()
    window.resize(*size)
    tab = window.tournament_tab
    tab.setup.set_game("worms")
    samples = tab.setup.entrants.sample_box
    for index in range(4):
        add_sample(qtbot, tab, samples.itemText(index % samples.count()))
    scroll = tab.findChild(QScrollArea)
    assert scroll is not None
    qtbot.waitUntil(lambda: tab.isVisible() and tab.width() == size[0], timeout=2_000)
    QApplication.processEvents()  # laid out again for the entrants added
    assert (window.width(), window.height()) == size
    scroll.verticalScrollBar().setValue(0)  # as the tab first shows
    for button in (tab.start_button, tab.cancel_button, tab.open_folder_button):
        assert _on_screen(button, window), (button.text(), _window_rect(button, window))
    # and the form's last line, scrolled to, is whole: not squeezed under the buttons
    summary = tab.setup.summary_label
    scroll.ensureWidgetVisible(summary)
    QApplication.processEvents()
    assert _on_screen(summary, window), (summary.geometry(), scroll.viewport().size())
    assert summary.height() >= summary.heightForWidth(summary.width())
    assert not _window_rect(summary, window).intersects(_window_rect(tab.start_button, window))


def _window_rect(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
