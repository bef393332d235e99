"""Issue 17: "The tournament tab offers it [card statistics] for any entrant." A snake entrant's
row in the standings opens the card statistics of its program over its finished games (the
button, or the row's context menu); entrants playing the same program are counted together, as
``snakepit stats`` counts them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from arena.card_stats import replay_files, stats_of_replays
from editor.widgets.tournament.tournament_tab import TournamentTab
from tests.editor.qt_items import table_item
from tests.editor.tournament.conftest import LEFT, MakeTab, out_of, play


def select_entrant(qtbot: QtBot, tab: TournamentTab, name: str) -> None:
    table = tab.results
    item = table_item(table, table.row_of(name), 1)
    qtbot.mouseClick(table.viewport(), LEFT, pos=table.visualItemRect(item).center())


def test_card_statistics_of_an_entrant_from_the_standings(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Hunter", "Hunter", "Tail biter", seats=2)
    play(qtbot, tab)
    assert not tab.stats_button.isEnabled()  # no entrant chosen yet
    select_entrant(qtbot, tab, "Hunter 2")
    assert tab.stats_button.isEnabled()
    qtbot.mouseClick(tab.stats_button, LEFT)
    dialog = tab.stats_dialog
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Card statistics: Hunter 2"
    qtbot.waitUntil(lambda: not dialog.is_counting() and dialog.view.stats() is not None, timeout=30_000)
    (expected,) = [s for s in stats_of_replays(replay_files([str(out_of(tab) / "replays")])) if "Hunter 2" in s.names]
    shown = dialog.view.stats()
    assert shown is not None
    assert sorted(shown.names) == sorted(expected.names) == ["Hunter", "Hunter 2"]  # one program, counted together
    assert (shown.battles, shown.turns, shown.choices) == (expected.battles, expected.turns, expected.choices)
    assert dialog.view.column_texts("Decided") == [str(t.decided) for t in [*expected.cards, expected.undecided]]
    assert "<b>Hunter 2</b> and Hunter (the same program) in the tournament in " in dialog.title_label.text()
    assert dialog.title_label.text().endswith(": 6 finished games")  # every game of either


def test_the_context_menu_of_a_standings_row_offers_card_statistics(qtbot: QtBot, make_tab: MakeTab) -> None:
    tab = make_tab("Tail biter", "Wall hugger")
    play(qtbot, tab)
    table = tab.results
    row = table.row_of("Wall hugger")
    where = table.visualItemRect(table_item(table, row, 0)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.RightButton, pos=where)
    # the context menu event a right click makes on a real display (QTest clicks do not make it)
    global_where = table.viewport().mapToGlobal(where)
    QApplication.sendEvent(table.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, global_where))
    menus = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible()]
    assert len(menus) == 1
    (action,) = [a for a in menus[0].actions() if a.text() == "Card statistics…"]
    assert action.isEnabled()
    action.trigger()
    menus[0].close()
    dialog = tab.stats_dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: not dialog.is_counting() and dialog.view.stats() is not None, timeout=30_000)
    shown = dialog.view.stats()
    assert shown is not None and shown.names == ["Wall hugger"]
