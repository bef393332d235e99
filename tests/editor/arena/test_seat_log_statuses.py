"""The seat log's Status column was sized for "crashed": "disqualified" (the referee's verdict)
read "disqua…" and "invalid output" "invalid…", at 1024 px and at 1440 px alike."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.seat_log import COLUMNS, NOTE, STATUS

GOLDEN = Path(__file__).resolve().parents[2] / "arena" / "golden"


def misbehaving(tmp_path: Path) -> Path:
    """The golden Kingdoms replay with seat 0 disqualified and seat 1's output invalid in round 1."""
    lines = (GOLDEN / "kingdoms.jsonl").read_text().splitlines()[:-1]  # less its test-only last line
    value = json.loads(lines[1])
    value["records"][0].update(status="disqualified", reason="an illegal move")
    value["records"][1].update(status="invalid_output", reason="not a move")
    lines[1] = json.dumps(value)
    replay = tmp_path / "misbehaving.jsonl"
    replay.write_text("\n".join(lines) + "\n")
    return replay


@pytest.mark.parametrize("size", [(1440, 900), (1024, 700)])
def test_every_status_reads_whole_in_the_seat_log(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                  tmp_path: Path, size: tuple[int, int]) -> None:
    pane = make_pane()
    pane.resize(*size)
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(misbehaving(tmp_path))
    pane.playback.seek(2)
    table = pane.seat_log.table
    model = table.model()
    qtbot.waitUntil(lambda: model.rowCount() >= 4)
    statuses = [model.data(model.index(row, STATUS, QModelIndex())) for row in range(4)]
    assert statuses[:2] == ["disqualified", "invalid output"]
    metrics, header = table.fontMetrics(), table.horizontalHeader()
    for status in statuses:
        assert metrics.horizontalAdvance(status) + 6 <= header.sectionSize(STATUS), (status, header.sectionSize(STATUS))
    shown = sum(header.sectionSize(c) for c in range(len(COLUMNS)) if not table.isColumnHidden(c))
    assert shown <= table.viewport().width() and header.sectionSize(NOTE) >= 110  # and the note keeps its room
    assert header.sectionSize(NOTE) >= header.fontMetrics().horizontalAdvance(str(model.headerData(NOTE, Qt.Orientation.Horizontal)))
