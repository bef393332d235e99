"""The seat log as a CSV file (the arena's Export menu): every row the log lists, with all of its
reason and stderr, for a spreadsheet or a bug report — the table cuts them to its columns and the
command line's ``snakepit replay --stderr`` gives stderr only."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from editor.widgets.arena.seat_log import LogRow
from editor.widgets.parts.seat_plots import PlotError

CSV_FILTER = "CSV files (*.csv);;All files (*)"


def write_seat_log(path: str | Path, rows: Sequence[LogRow], names: Sequence[str], noun: str) -> Path:
    """Write ``rows`` (of seats called ``names``; the round called ``noun``) to ``path``: a heading
    row, then one row each; times in milliseconds, empty where none was measured. A file that
    cannot be written is a :class:`PlotError` naming it (the Export menu's error)."""
    target = Path(path)
    if not rows:
        raise PlotError(f"{target}: the seat log lists no rows to write")
    try:
        with target.open("w", encoding="utf-8", newline="") as file:
            out = csv.writer(file)
            out.writerow([noun.lower(), "seat", "name", "status", "answer", "wall ms", "cpu ms", "reason", "stderr"])
            for row in rows:
                name = names[row.seat] if row.seat < len(names) else ""
                out.writerow([row.turn, row.seat, name, row.status, row.answer, _ms(row.wall), _ms(row.cpu),
                              row.reason, row.stderr])
    except OSError as error:
        raise PlotError(f"{target}: {error.strerror or error}") from None
    return target


def _ms(seconds: float | None) -> str:
    return "" if seconds is None else f"{seconds * 1000:.3f}"
