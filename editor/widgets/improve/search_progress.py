"""What the Improve window says about a search in numbers: the budget spent with the time left, the
best score with its interval and the gain over the user's program, battles per second
(:class:`SearchProgress`), and at the end the before/after table on fresh seeds
(:class:`ReportTable`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from arena.improve import ImproveReport, Progress
from arena.tournament import clock
from editor.widgets.parts.boxes import column, row, status_line
from editor.widgets.parts.form_widgets import run_bar

STEPS = 1000
"""The progress bar's resolution."""
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'s' if count != 1 else ''}"


class SearchProgress(QWidget):
    """The budget bar with the time left and run, and two lines: the scores, and the pace."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._budget = 1.0
        self.progress_bar, self.eta_label = run_bar("The budget spent")
        self.eta_label.setToolTip("The budget left · the time searched (paused time not counted)")
        self.score_label = status_line()
        self.score_label.setToolTip("Mean game score (1 per rival beaten, ½ per tie) with its 95% interval, on the "
                                    "battles played since the best program became best; yours on the same battles")
        self.rate_label = QLabel()
        column(row((self.progress_bar, 1), self.eta_label, spacing=8), self.score_label, self.rate_label, parent=self)

    def begin(self, budget: float) -> None:
        """A new search of ``budget`` seconds."""
        self._budget = max(budget, 1e-9)
        self.progress_bar.setRange(0, STEPS)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat(f"%p% of {clock(budget)}")
        for label in (self.eta_label, self.score_label, self.rate_label):
            label.setText("")

    def show_progress(self, progress: Progress) -> None:
        self.progress_bar.setValue(round(STEPS * min(1.0, progress.elapsed / self._budget)))
        self.eta_label.setText(f"ETA {clock(progress.remaining)} · {clock(progress.elapsed)}")
        self.score_label.setText(
            f"Generation {progress.generation}: best <b>{progress.best.text()}</b> · yours {progress.start.text()} · "
            f"gain <b>{progress.gain.text(signed=True)}</b>")
        self.rate_label.setText(f"{plural(progress.accepted, 'improvement')} kept · {progress.racing} candidates racing · "
                                f"{progress.battles_per_second:,.0f} battles/s · {plural(progress.battles, 'battle')}")

    def end(self, spent: bool) -> None:
        """The search ended (``spent``: its whole budget, not stopped): no ETA, the time it ran."""
        if spent:
            self.progress_bar.setValue(self.progress_bar.maximum())
        self.eta_label.setText(self.eta_label.text().split(" · ")[-1])


class ReportTable(QTableWidget):
    """Against each opponent and all of them: the user's program, the improved one and the change
    (battle by battle), each with its 95% interval, as tall as its rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self.setHorizontalHeaderLabels(["Against", "Yours", "Improved", "Change"])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.setToolTip("Mean game score with 95% intervals on fresh seeds (never used by the search); the change is "
                        "measured battle by battle")

    def show_report(self, report: ImproveReport) -> int:
        """Fill the table; the height it needs to show every row."""
        rows = [(o.name, o.before, o.after, o.change) for o in report.opponents]
        rows.append(("All opponents", report.overall_before, report.overall_after, report.overall_change))
        self.setRowCount(len(rows))
        for row, (name, before, after, change) in enumerate(rows):
            for column, text in enumerate((name, before.text(), after.text(), change.text(signed=True))):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(_RIGHT)
                self.setItem(row, column, item)
        self.resizeRowsToContents()
        header = self.horizontalHeader().sizeHint().height()
        height = header + sum(self.rowHeight(r) for r in range(len(rows))) + 4
        self.setMaximumHeight(height)
        self.setMinimumHeight(min(height, header + 2 * self.rowHeight(0) + 4))
        return height

    def texts(self) -> list[list[str]]:
        """Every row's cells as shown."""
        return [[item.text() if (item := self.item(r, c)) is not None else "" for c in range(self.columnCount())]
                for r in range(self.rowCount())]
