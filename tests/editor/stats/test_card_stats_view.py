"""Issue 17's card statistics in the app: the numbers the view shows are those
:mod:`arena.card_stats` counts on real replays, a click on a card shows where it decided, a
program whose cards never decide says so plainly, a damaged replay is named and skipped, and
Cancel stops a count (which runs off the GUI thread). The dialog counts in a child process
(issue 16: the counting's GIL is not the GUI thread's to wait for): the numbers are checked
against counting here, and Cancel, closing the dialog or a new count end that process, also
one stuck in a replay; its errors read as they did when the counting ran in the app's process."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from arena.card_stats import ProgramStats, replay_files, stats_of_replays
from arena.tournament import Entrant, TournamentSpec, run_tournament
from arena.stats_process import Count
from editor.widgets.parts.worker_thread import JobControl
from editor.widgets.stats.card_stats_dialog import CardStatsDialog
from editor.widgets.stats.card_stats_view import RANDOM, CardStatsView
from editor.widgets.stats.stats_count import CountedStats, count_in_child_process, count_stats
from engines.snake import Direction
from tests.arena.stats_children import MISSING, descendants, fail_missing, fail_value, pids, stuck_replay
from tests.bots.survivors import still_alive
from tests.editor.fixture_types import Shown
from tests.editor.qt_items import table_item

LEFT = Qt.MouseButton.LeftButton
SMALL = {"width": 15, "height": 15, "length": 3, "steps": 120}
DREAMER = {
    "format": "snake-program/1", "name": "Dreamer", "description": "waits for its own tail in two places at once",
    "cards": [{"description": "two own tails: never", "head": {"row": 3, "col": 3, "facing": "up"},
               "cells": [{"row": 1, "col": 3, "match": "own_tail", "group": "and1"},
                         {"row": 3, "col": 1, "match": "own_tail", "group": "and1"}]}],
}


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished snake tournament: three samples and a program whose card can never match."""
    folder = tmp_path_factory.mktemp("stats")
    (folder / "dreamer.snake.json").write_text(json.dumps(DREAMER))
    entrants = [Entrant.parse("snake", f"{name}={target}") for name, target in (
        ("Veteran", "nine_cards"), ("Hunter", "hunter"), ("Tail biter", "tail_biter"),
        ("Dreamer", str(folder / "dreamer.snake.json")))]
    run_tournament(TournamentSpec.build("snake", entrants, 4, seats=2, options=SMALL), folder / "out", jobs=1)
    return folder / "out"


def reference(folder: Path, seat: str) -> ProgramStats:
    return reference_of(replay_files([str(folder / "replays")]), seat)


def reference_of(files: list[Path], seat: str) -> ProgramStats:
    """The statistics of ``seat`` counted here, in this process."""
    (stats,) = [s for s in stats_of_replays(files) if seat in s.names]
    return stats


def counted(qtbot: QtBot, dialog: CardStatsDialog, files: list[Path], seat: str | None = None) -> None:
    with qtbot.waitSignal(dialog.ended, timeout=30_000):
        dialog.count(files, seat=seat)


def test_the_table_shows_what_card_stats_counts(qtbot: QtBot, shown: Shown, tournament: Path) -> None:
    dialog = shown(CardStatsDialog(), (1000, 600))
    counted(qtbot, dialog, replay_files([str(tournament / "replays")]), seat="Veteran")
    expected = reference(tournament, "Veteran")
    view = dialog.view
    rows = [*expected.cards, expected.undecided]
    assert view.column_texts("Card") == [str(i + 1) for i in range(len(expected.cards))] + ["–"]
    assert view.column_texts("Decided") == [str(t.decided) for t in rows]
    assert view.column_texts("Share") == [f"{expected.share(t):.1%}" for t in rows]
    for column, direction in zip(("↑", "→", "↓", "←"), Direction):
        assert view.column_texts(column) == [str(t.moves[direction]) for t in rows], column
    assert view.column_texts("Ties") == [str(t.ties) for t in rows]
    assert view.column_texts("Bites") == [str(t.bites) for t in rows]
    assert view.column_texts("Lost") == [str(t.lost) for t in rows]
    assert sum(int(text) for text in view.column_texts("Decided")) == expected.choices > 0
    assert f"{expected.turns} turns, {expected.choices} choices" in view.summary_label.text()
    never = [i + 1 for i in expected.never]
    assert view.never_label.text() == (f"Never decided: card{'s' if len(never) > 1 else ''} "
                                       f"{', '.join(map(str, never[:-1])) + ' and ' if len(never) > 1 else ''}"
                                       f"{never[-1]}." if never else "Every card decided at least once.")


def test_clicking_a_card_row_shows_where_it_decided(qtbot: QtBot, shown: Shown, tournament: Path) -> None:
    dialog = shown(CardStatsDialog(), (1000, 600))
    counted(qtbot, dialog, replay_files([str(tournament / "replays")]), seat="Veteran")
    expected = reference(tournament, "Veteran")
    view = dialog.view
    busiest = max(range(len(expected.cards)), key=lambda i: expected.cards[i].decided)
    assert view.chosen_card() == busiest  # shown first
    other = next(i for i, t in enumerate(expected.cards) if t.decided and i != busiest)
    table = view.table
    qtbot.mouseClick(table.viewport(), LEFT, pos=table.visualItemRect(table_item(table, other, 0)).center())
    assert view.chosen_card() == other
    heat = expected.cards[other].heat[(15, 15)]
    assert (view.heat_map.counts() == heat).all() and heat.sum() == expected.cards[other].decided
    assert view.heat_title.text() == f"WHERE CARD {other + 1} DECIDED"
    assert view.heat_caption.text().startswith(f"{expected.cards[other].decided} decision")
    y, x = (int(v) for v in divmod(int(heat.argmax()), 15))
    hit = view.heat_map.cell_rect(x, y).center()
    assert view.heat_map.cell_at(hit) == (x, y)
    assert view.heat_map.cell_text(x, y) == f"({x}, {y}): {int(heat[y, x])} time{'s' * (int(heat[y, x]) != 1)}"
    never = expected.never[0] if expected.never else None
    if never is not None:  # a card that never decided has no map, and says so
        qtbot.mouseClick(table.viewport(), LEFT, pos=table.visualItemRect(table_item(table, never, 0)).center())
        assert view.heat_map.counts().size == 0
        assert view.heat_caption.text() == f"Card {never + 1} never decided: no map."


def test_a_program_whose_cards_never_decide_says_so(qtbot: QtBot, shown: Shown, tournament: Path) -> None:
    dialog = shown(CardStatsDialog(), (1000, 600))
    counted(qtbot, dialog, replay_files([str(tournament / "replays")]), seat="Dreamer")
    expected = reference(tournament, "Dreamer")
    view = dialog.view
    assert expected.choices > 0 and all(t.decided == 0 for t in expected.cards)
    assert view.never_label.text() == (f"No card decided: all {expected.choices} choices were random picks among the "
                                       "possible moves (no card matched).")
    assert view.never_label.isVisible() and view.never_label.styleSheet()  # set off as a warning
    assert view.column_texts("Decided") == ["0", str(expected.choices)]
    assert view.chosen_card() == RANDOM and view.heat_title.text() == "WHERE THE RANDOM PICKS DECIDED"


def test_a_damaged_replay_is_named_and_the_others_still_count(qtbot: QtBot, shown: Shown, tournament: Path, tmp_path: Path) -> None:
    files = replay_files([str(tournament / "replays")])[:3]
    broken = tmp_path / "broken.jsonl"
    lines = files[1].read_text().splitlines(keepends=True)
    broken.write_text("".join(lines[:3]) + "{not json\n")
    dialog = shown(CardStatsDialog(), (1000, 600))
    counted(qtbot, dialog, [files[0], broken, files[2]])
    assert dialog.notes_label.isVisible()
    assert dialog.notes_label.text().startswith(f"1 replay could not be read and is not counted: {broken}:4: ")
    good = {tuple(s.names): s for s in stats_of_replays([files[0], files[2]])}
    shown_stats = dialog.view.stats()
    assert shown_stats is not None and good[tuple(shown_stats.names)].choices == shown_stats.choices
    assert dialog.program_row.isVisible() == (len(good) > 1)


def test_cancel_stops_the_count_off_the_gui_thread_and_shows_no_part(qtbot: QtBot, shown: Shown, tournament: Path) -> None:
    files = replay_files([str(tournament / "replays")])[:4]
    gate, first = threading.Event(), threading.Event()
    threads: list[threading.Thread] = []

    def gated(paths: Sequence[Path], control: JobControl) -> CountedStats:
        def held(done: int, total: int) -> None:
            threads.append(threading.current_thread())
            control.step(done, total)
            if done == 1:
                first.set()
                gate.wait(10)  # the test clicks Cancel meanwhile

        return count_stats(paths, held)

    dialog = shown(CardStatsDialog(counter=gated), (1000, 600))
    dialog.count(files, seat="Hunter")
    # (Not qtbot.waitSignal on the job's progressed: it comes from the worker thread again and
    # again, and a call queued for a finished blocker can reach it after it was freed.)
    qtbot.waitUntil(first.is_set, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.view.message_label.text().startswith("Counting"), timeout=10_000)
    assert dialog.is_counting() and dialog.progress_row.isVisible()
    assert dialog.view.message_label.text() == "Counting what each card did in 4 replays…"
    with qtbot.waitSignal(dialog.ended, timeout=10_000):
        qtbot.mouseClick(dialog.cancel_button, LEFT)
        gate.set()
    assert dialog.view.message_label.text() == "Cancelled after 1 of 4 replays; nothing is shown of a part."
    assert dialog.view.stats() is None and not dialog.progress_row.isVisible()
    assert threading.main_thread() not in threads


def test_a_new_count_is_not_overwritten_by_how_the_one_it_replaced_ended(qtbot: QtBot, shown: Shown,
                                                                         tournament: Path) -> None:
    files = replay_files([str(tournament / "replays")])[:4]
    reached = [threading.Event(), threading.Event()]
    second_goes_on = threading.Event()

    def gated(paths: Sequence[Path], control: JobControl) -> CountedStats:
        run = sum(event.is_set() for event in reached)

        def held(done: int, total: int) -> None:
            control.step(done, total)
            if done == 1:
                reached[run].set()
                # The first count waits to be cancelled by the second; the second for the test.
                (control.event if run == 0 else second_goes_on).wait(10)

        return count_stats(paths, held)

    dialog = shown(CardStatsDialog(counter=gated), (1000, 600))
    ended: list[str] = []
    dialog.ended.connect(lambda: ended.append(dialog.view.message_label.text()))
    dialog.count(files, seat="Hunter")
    qtbot.waitUntil(reached[0].is_set, timeout=10_000)
    dialog.count(files[:2], seat="Hunter")  # replaces the count under way, without waiting for it
    assert dialog.view.message_label.text() == "Counting what each card did in 2 replays…"
    qtbot.waitUntil(reached[1].is_set, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.progress_bar.value() == 1, timeout=10_000)
    assert dialog.view.message_label.text() == "Counting what each card did in 2 replays…"
    assert dialog.progress_row.isVisible() and dialog.progress_bar.text() == "1 / 2 replays"
    second_goes_on.set()
    qtbot.waitUntil(lambda: bool(ended), timeout=30_000)
    stats = dialog.view.stats()
    assert stats is not None and not dialog.progress_row.isVisible()
    assert dialog.wait(10.0)  # the replaced count has ended too: whatever it said has been queued
    QCoreApplication.sendPostedEvents()
    assert len(ended) == 1 and not ended[0].startswith("Cancelled")
    assert dialog.view.stats() is stats and not dialog.view.message_label.text().startswith("Cancelled")


@pytest.mark.parametrize("how", ["Cancel", "closing the dialog", "a new count"])
def test_the_counting_process_ends_when_the_count_does_even_stuck_in_a_replay(qtbot: QtBot, shown: Shown, tournament: Path,
                                                                              tmp_path: Path, how: str) -> None:
    files = replay_files([str(tournament / "replays")])[:2]
    dialog = shown(CardStatsDialog(), (1000, 600))
    counted(qtbot, dialog, files[:1])  # the fork server runs from here on: a new process is the count's
    before = descendants()
    with stuck_replay(tmp_path) as stuck:
        dialog.count([*files, stuck], seat="Hunter")
        qtbot.waitUntil(lambda: dialog.progress_bar.value() == 2, timeout=10_000)  # next: the stuck replay
        child = descendants() - before
        assert len(child) == 1 and dialog.is_counting()
        assert dialog.progress_bar.text() == "2 / 3 replays" and dialog.cancel_button.isEnabled()
        if how == "Cancel":
            with qtbot.waitSignal(dialog.ended, timeout=10_000):
                qtbot.mouseClick(dialog.cancel_button, LEFT)
            assert dialog.view.message_label.text() == "Cancelled after 2 of 3 replays; nothing is shown of a part."
        elif how == "closing the dialog":
            dialog.close()
            qtbot.waitUntil(lambda: not dialog.is_counting(), timeout=10_000)
        else:
            dialog.count(files, seat="Hunter")
            qtbot.waitUntil(lambda: dialog.view.stats() is not None and not dialog.is_counting(), timeout=30_000)
            assert dialog.wait(10.0)  # the replaced count ended in the background
            expected = reference_of(files, "Hunter")
            assert dialog.view.column_texts("Decided") == [str(t.decided) for t in [*expected.cards, expected.undecided]]
    assert not pids(child) & pids(descendants()), "the counting process is left (or its zombie)"
    assert still_alive(child) == []


@pytest.mark.parametrize(("count", "text"), [(fail_missing, f"{MISSING}: No such file or directory"),
                                             (fail_value, f"{MISSING}:3: not a snake battle")])
def test_an_error_of_the_counting_process_reads_as_if_counted_here(qtbot: QtBot, shown: Shown, tournament: Path,
                                                                   count: Count, text: str) -> None:
    files = replay_files([str(tournament / "replays")])[:2]
    apart = shown(CardStatsDialog(counter=functools.partial(count_in_child_process, count=count)), (1000, 600))
    here = shown(CardStatsDialog(counter=lambda paths, control: count(paths, control.step)), (1000, 600))
    for dialog in (apart, here):
        counted(qtbot, dialog, files)
    assert apart.view.message_label.text() == here.view.message_label.text()
    assert apart.view.message_label.text() == f"The statistics could not be counted: {text}"


def test_the_view_alone_shows_nothing_until_given_statistics(qtbot: QtBot, shown: Shown) -> None:
    view = shown(CardStatsView(), (700, 400))
    assert view.stats() is None and view.message_label.text() == "No statistics yet." and not view.body.isVisible()
