"""Reading a tournament folder back for the tournament tab (in a worker thread, a newer read
dropping an older one unseen), and what the tab says about a run: opened, finished, stopped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject

from arena.tournament import CancelFlag, ReadCancelled, TournamentError, TournamentRun
from arena.tournament.store import failed_note
from editor.widgets.parts.worker_thread import FunctionJob, JobCancelled, JobControl


class FolderReader(FunctionJob):
    """Reads one tournament folder at a time with ``read(folder, cancel)`` (which stops with
    :class:`~arena.tournament.ReadCancelled` once ``cancel`` is set): ``finished`` with the
    :class:`TournamentRun`, or ``failed`` with why. ``apply`` says whether the folder being read
    is the user's Open (it sets the form and is said in the host's status bar) rather than one
    restored in the background."""

    def __init__(self, read: Callable[[Path, CancelFlag], TournamentRun], parent: QObject | None = None) -> None:
        super().__init__("tournament reader", (TournamentError, OSError), parent)
        self._read = read
        self.apply = False

    def read_folder(self, folder: Path, apply: bool) -> None:
        """Read ``folder`` in the background; a folder still being read is dropped unseen, and
        its read stops at its next game (the GUI never waits for it)."""
        self.apply = apply
        read = self._read

        def work(control: JobControl) -> TournamentRun:
            try:
                return read(folder, control.event)
            except ReadCancelled:
                raise JobCancelled from None  # superseded: nothing to say

        self.replace(work)


def opened_text(run: TournamentRun) -> str:
    """What a folder read back holds, and what Start would do with it."""
    done, total = len(run.records), run.total
    rest = ("nothing left to play" if run.failed else "all played") if run.complete else \
        f"Start resumes the other {total - done - len(run.failed)}"
    return f"The tournament in {run.out}: {done} of {total} games finished ({rest}){unplayed(run)}."


def ended_text(run: TournamentRun, cancelled: bool) -> str:
    """How a run ended (``cancelled``: by the user), and where its results are."""
    done, total = len(run.records), run.total
    if run.complete:
        played = f"{done} of {total} games{unplayed(run)}" if run.failed else f"all {total} games"
        return f"Finished: {played}. The results, games and replays are in {run.out}"
    verb = "Cancelled" if cancelled else "Stopped"
    return (f"{verb}: {done} of {total} games finished and kept in {run.out}{unplayed(run)}. "
            f"Start again with the same settings to play the other {total - done - len(run.failed)}.")


def unplayed(run: TournamentRun) -> str:
    """``; game 6 could not be played and counts in no standing; it is not played again…``: a
    reopened folder and a finished run said 'all played' over a game that never was."""
    note = failed_note(list(run.failed), run.out)
    return "" if note is None else f"; {note}"
