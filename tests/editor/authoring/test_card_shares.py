"""Card shares in the card list after a battle (issue 17): each card's share of the program's
choices, counted from the battle's replay once it ends; a share stays with its card when cards are
reordered and goes when the card is edited."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.card_stats import ProgramStats, replay_files, stats_of_battle, stats_of_replays
from arena.program_battle import BattleSettings
from arena.samples import SNAKE_SAMPLES, resolve_program
from editor.widgets.arena.match_transport import FULL_SPEED
from editor.widgets.authoring.card_shares import ShareCounter, share_text
from editor.widgets.cards.card_list import CardListModel, ShareRole
from editor.widgets.parts.worker_thread import JobControl
from editor.widgets.stats.stats_count import CountedStats
from engines.snake import Element
from matcher import load_program
from matcher.editing import move_card, paint
from matcher.model import AND1, Pattern
from editor.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
WAIT = 30_000
"""Milliseconds to wait for the battle and its count: a deadline for a hang, not a timing window."""


def shares(model: CardListModel) -> list[str | None]:
    texts: list[str | None] = []
    for row in range(model.rowCount()):
        share = model.data(model.index(row), ShareRole)
        assert share is None or isinstance(share, str), f"row {row}'s share is {share!r}"
        texts.append(share)
    return texts


def test_after_a_battle_each_card_shows_its_share_of_the_choices(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    path = resolve_program("tail_biter")
    program = load_program(path)
    window.document.replace_all(program, path)
    tab = window.battle_tab
    tab.setup.set_opponents([SNAKE_SAMPLES / "hunter.snake.json"])
    tab.setup.seed_box.setValue(7)
    model = window.program_panel.cards.model
    assert shares(model) == [None] * len(program.cards)
    tab.playback.set_speed(FULL_SPEED)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: window.authoring.stats.last_stats is not None, timeout=WAIT)
    # Counted again, independently, by playing the battle from its seed.
    (ours, _theirs) = stats_of_battle([program, load_program(SNAKE_SAMPLES / "hunter.snake.json")],
                                      BattleSettings(seed=7), ["Tail biter", "Hunter"])
    expected = [share_text(t.decided, ours.choices) for t in ours.cards]
    assert shares(model) == expected and any(s != "0%" for s in expected)
    tip = model.data(model.index(0), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str)
    assert f"It decided {ours.cards[0].decided} of the program's {ours.choices} choices in the last battle (seed 7)." in tip
    # Reordered, the shares go with their cards; an edited card loses its share.
    window.document.edit(lambda p: move_card(p, 0, 1), "move")
    assert shares(model) == [expected[1], expected[0], *expected[2:]]
    window.document.set_current_card(0)
    window.document.edit_card(lambda c: paint(c, [(0, 0)], Pattern(Element.BORDER, group=AND1)), "paint")
    assert shares(model) == [None, expected[0], *expected[2:]]


def test_battle_card_statistics_opens_the_statistics_view_of_the_last_battle(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    path = resolve_program("hunter")
    window.document.replace_all(load_program(path), path)
    stats = window.authoring.stats
    assert not stats.action.isEnabled()
    said: list[str] = []
    stats.message.connect(said.append)
    assert stats.show_stats() is None and "No battle counted yet" in said[0]
    tab = window.battle_tab
    tab.setup.set_opponents([SNAKE_SAMPLES / "wall_hugger.snake.json"])
    tab.setup.seed_box.setValue(3)
    tab.playback.set_speed(FULL_SPEED)
    qtbot.mouseClick(tab.start_button, LEFT)
    qtbot.waitUntil(lambda: stats.last_stats is not None, timeout=WAIT)
    assert stats.action.isEnabled()
    stats.action.trigger()
    dialog = stats.dialog
    assert dialog is not None and dialog.isVisible() and dialog.windowTitle() == "Card statistics: Hunter"
    assert "the last battle (seed 3)" in dialog.title_label.text()
    (ours, _theirs) = stats_of_battle([window.document.program, load_program(SNAKE_SAMPLES / "wall_hugger.snake.json")],
                                      BattleSettings(seed=3), ["Hunter", "Wall hugger"])
    assert dialog.view.column_texts("Decided") == [str(t.decided) for t in [*ours.cards, ours.undecided]]


def test_after_a_tournament_the_editors_program_shows_its_shares(qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path) -> None:
    window = make_window()
    path = resolve_program("tail_biter")
    window.document.replace_all(load_program(path), path)
    window.show_tournament()
    tab = window.tournament_tab
    setup = tab.setup
    setup.set_game("snake")
    qtbot.mouseClick(setup.entrants.add_editor_button, LEFT)
    setup.entrants.sample_box.setCurrentIndex(setup.entrants.sample_box.findText("Hunter"))
    qtbot.mouseClick(setup.entrants.add_sample_button, LEFT)
    for option, value in {"width": 15, "height": 15, "length": 3}.items():
        setup.number_boxes[option].setValue(value)
    setup.limit_box.setValue(100)
    setup.jobs_box.setValue(1)
    setup.set_out_folder(str(tmp_path / "tournament"))
    with qtbot.waitSignal(tab.runFinished, timeout=WAIT):
        qtbot.mouseClick(tab.start_button, LEFT)
    stats = window.authoring.stats
    qtbot.waitUntil(lambda: stats.last_stats is not None, timeout=WAIT)
    (expected,) = [s for s in stats_of_replays(replay_files([str(tmp_path / "tournament")]))
                   if s.program.cards == window.document.program.cards]
    assert stats.last_source == "the last tournament (tournament)"
    assert shares(window.program_panel.cards.model) == [share_text(t.decided, expected.choices) for t in expected.cards]


def test_a_later_count_replaces_the_one_under_way_which_is_never_heard_of(qtbot: QtBot) -> None:
    """A battle ends while the last one is still counted: the older count stops (its child process
    with it) and its shares never reach the list, also when it returns a result after all."""
    older, newer = load_program(resolve_program("hunter")), load_program(resolve_program("tail_biter"))
    counting, release = threading.Event(), threading.Event()
    saw_cancel: list[bool] = []

    def counter(files: Sequence[Path], control: JobControl) -> CountedStats:
        program = newer if files == [Path("newer.jsonl")] else older
        if program is older:
            counting.set()
            release.wait(10.0)  # the test's hold; the GUI thread never waits for it
            saw_cancel.append(control.cancelled())
        return CountedStats([ProgramStats(program, ["Seat"])], len(files))

    shares = ShareCounter(counter=counter)
    heard: list[tuple[str, str]] = []
    shares.counted.connect(lambda _counted, stats, source: heard.append((stats.program.name, source)))
    shares.count([Path("older.jsonl")], older, "the older battle")
    qtbot.waitUntil(counting.is_set, timeout=10_000)
    shares.count([Path("newer.jsonl")], newer, "the newer battle")
    qtbot.waitUntil(lambda: bool(heard), timeout=10_000)
    assert heard == [(newer.name, "the newer battle")] and not shares.is_counting()
    release.set()
    assert shares.job.wait(10.0)
    QCoreApplication.sendPostedEvents()
    assert heard == [(newer.name, "the newer battle")] and saw_cancel == [True]
