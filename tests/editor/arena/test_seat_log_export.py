"""Export → "Seat log as CSV": the rows the seat log lists, with their whole reason and stderr
(the table cuts them to its columns; nothing but a picture could be exported before)."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane

GOLDEN = Path(__file__).resolve().parents[2] / "arena" / "golden" / "kingdoms.jsonl"
STDERR = "thinking hard\nTraceback: a, b and \"c\"\n"


def kingdoms_replay(tmp_path: Path) -> Path:
    """The golden Kingdoms replay, seat 1 writing two lines of stderr with a comma and quotes in round 3."""
    lines = GOLDEN.read_text().splitlines()[:-1]  # less its test-only last line
    third = json.loads(lines[3])
    third["records"][1]["stderr"] = STDERR
    lines[3] = json.dumps(third)
    path = tmp_path / "kingdoms.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def export_via_menu(qtbot: QtBot, pane: ArenaPane, monkeypatch: pytest.MonkeyPatch, answer: Path) -> list[str]:
    """Choose Export → Seat log as CSV, answering the file dialog with ``answer``; what it offered."""
    offered: list[str] = []

    def dialog(_parent: QWidget | None, _title: str, start: str, filter_: str, *_rest: object) -> tuple[str, str]:
        offered.extend((start, filter_))
        return str(answer), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    pane.export_log_action.trigger()
    return offered


def test_the_seat_log_exports_the_rows_listed_whole(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pane = make_pane()
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(kingdoms_replay(tmp_path))
    said: list[str] = []
    pane.message.connect(said.append)
    target = tmp_path / "log.csv"
    start, filter_ = export_via_menu(qtbot, pane, monkeypatch, target)
    assert start.endswith("-seat-log.csv") and "*.csv" in filter_
    assert said[-1] == f"Exported the seat log to {target}"
    with target.open(newline="", encoding="utf-8") as file:
        table = list(csv.reader(file))
    assert table[0] == ["round", "seat", "name", "status", "answer", "wall ms", "cpu ms", "reason", "stderr"]
    assert len(table) - 1 == len(pane.seat_log.shown_rows())
    noisy = [row for row in table[1:] if row[0] == "3" and row[1] == "1"]
    assert len(noisy) == 1 and noisy[0][8] == STDERR and noisy[0][2] == pane.names[1]

    pane.seat_log.seat_box.setCurrentIndex(2)  # seat 1 only: the rows listed
    export_via_menu(qtbot, pane, monkeypatch, target)
    with target.open(newline="", encoding="utf-8") as file:
        assert {row[1] for row in list(csv.reader(file))[1:]} == {"1"}

    export_via_menu(qtbot, pane, monkeypatch, tmp_path)  # a folder: said, nothing raised
    assert said[-1].startswith(f"{tmp_path}: ") and "Exported" not in said[-1]
