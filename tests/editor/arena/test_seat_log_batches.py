"""The seat log while a match plays at full speed (issue 16): rows that arrive while a follow of
the shown turn is due go into the table with that follow, a few insertions a second instead of
one per round (each insertion lays the table out and repaints all of it); none is lost or
reordered, and whoever reads the log gets every row at once."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from editor.widgets.arena.match_runner import Frame
from editor.widgets.arena.seat_log import SeatLog

SEATS = ("left", "right")


def frame(turn: int) -> Frame:
    """A round in which both seats moved (no bot records: the log's words for moves)."""
    return Frame(turn, None, (0, 0), moves=("up", "down"))


def new_log(qtbot: QtBot) -> tuple[SeatLog, list[int]]:
    """A log of a new two-seat match, and a list that grows by the rows of each insertion."""
    log = SeatLog()
    qtbot.addWidget(log)
    log.resize(400, 500)
    log.show()
    log.reset(SEATS, "round")
    inserted: list[int] = []
    log.model.rowsInserted.connect(lambda _parent, first, last: inserted.append(last - first + 1))
    return log, inserted


def test_rounds_played_at_full_speed_reach_the_table_in_few_insertions(qtbot: QtBot) -> None:
    log, inserted = new_log(qtbot)
    for turn in range(1, 61):  # what the arena pane does with each round: the board shows it, the log follows
        log.follow(turn, playing=True)
        log.add_frames([frame(turn)])
    assert len(inserted) <= 1  # at most the first round went in at once; the rest wait for the follow
    qtbot.waitUntil(lambda: len(log.model.rows) == 2 * 60)
    assert len(inserted) <= 2 and sum(inserted) == 2 * 60
    assert [(row.turn, row.seat) for row in log.model.rows] == [(t, s) for t in range(1, 61) for s in (0, 1)]
    current = log.table.currentIndex()  # the follow marked the last turn shown
    assert current.isValid() and log.shown_rows()[current.row()].turn == 60


def test_a_reader_of_the_log_never_misses_a_held_row(qtbot: QtBot) -> None:
    log, inserted = new_log(qtbot)
    log.follow(1, playing=True)
    log.add_frames([frame(1), frame(2)])
    assert [row.turn for row in log.shown_rows()] == [1, 1, 2, 2]  # read at once, before the follow came
    log.add_frames([frame(3)])
    log.follow(3, playing=False)  # paused or stepped: the log shows the turn at once, rows and all
    assert [row.turn for row in log.model.rows] == [1, 1, 2, 2, 3, 3]
    assert log.shown_rows()[log.table.currentIndex().row()].turn == 3


def test_rounds_that_come_one_at_a_time_go_in_at_once(qtbot: QtBot) -> None:
    """Stepping, or a paced match: no follow is due, so each round's rows are in the table as it comes."""
    log, inserted = new_log(qtbot)
    for turn in (1, 2, 3):
        log.follow(turn, playing=False)
        log.add_frames([frame(turn)])
        assert len(log.model.rows) == 2 * turn
    assert inserted == [2, 2, 2]


def test_a_new_match_drops_the_rows_held_for_the_old_one(qtbot: QtBot) -> None:
    log, _ = new_log(qtbot)
    log.follow(1, playing=True)
    log.add_frames([frame(1)])
    log.reset(SEATS, "round")
    log.add_frames([frame(1)])
    assert [row.turn for row in log.shown_rows()] == [1, 1]
