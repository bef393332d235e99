"""Benchmark: the GUI thread while the tournament tab works (issue 16: it never stalls more than
50 ms). A probe timer (:mod:`tests.bench.stall_probe`) measures the longest gap on the GUI thread
while the tab, shown at 1440 x 900 (offscreen), plays a snake tournament of four sample
programs on 2 jobs (120 games of 2 seats on the default 25 x 25 field), then opens the
finished folder again, then counts an entrant's card statistics over its 60 games. The same
probe on an idle event loop, first, is the baseline: what the machine alone costs.

Two verdicts per line: the longest gap (the issue's target, wall-clock time: on a machine whose
cores are busy with other work it includes waiting for a core) and the most CPU time the GUI
thread itself spent in one gap (what the app costs, whatever the machine's load).

``python -m tests.bench.tournament_gui --games-per-pairing 2`` runs a small version."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import editor.widgets  # noqa: E402,F401  (the PySide6 guard before any widget)
from editor.widgets.tournament.tournament_tab import TournamentTab  # noqa: E402
from tests.bench.stall_probe import StallProbe, Stalls, idle_baseline, line, worst_gaps  # noqa: E402

SAMPLES = ("Tail biter", "Hunter", "Alternatives", "Beginner")
GAMES_PER_PAIRING = 20  # 4 entrants, 2 seats: 6 pairs x 20 = 120 games
WINDOW = (1440, 900)


def run(games_per_pairing: int = GAMES_PER_PAIRING) -> dict[str, Stalls]:
    app = QApplication.instance() or QApplication([])
    results = {"idle": idle_baseline(app)}
    with tempfile.TemporaryDirectory(prefix="snakepit-bench-") as scratch:
        folder = Path(scratch)
        tab = TournamentTab(data_dir=folder / "data", settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
        tab.resize(*WINDOW)
        tab.show()
        entrants = tab.setup.entrants
        for name in SAMPLES:
            entrants.add_sample(name)
        tab.setup.seats_box.setValue(2)
        tab.setup.per_pairing_box.setValue(games_per_pairing)
        tab.setup.jobs_box.setValue(int(os.environ.get("BENCH_JOBS", "2")))
        ended: list[object] = []
        tab.runFinished.connect(ended.append)
        if not tab.start():
            raise RuntimeError(f"the tournament did not start: {tab.error_label.text()}")

        def playing() -> str:
            return f"{len(tab.records())} games done, playing {[i + 1 for i in tab.games.playing()]}"

        results["run"] = StallProbe(note=playing).run_until(app, lambda: bool(ended))
        opened: list[object] = []
        tab.folderOpened.connect(opened.append)
        tab.open_folder(tab.out or folder)
        results["open"] = StallProbe().run_until(app, lambda: bool(opened))
        dialog = tab.show_card_stats(SAMPLES[0])
        if dialog is None:
            raise RuntimeError("no card statistics for the tournament")
        counted: list[object] = []
        dialog.ended.connect(lambda: counted.append(True))
        results["stats"] = StallProbe().run_until(app, lambda: bool(counted))
        results["games"] = Stalls(ticks=len(tab.records()))
        dialog.close()
        tab.shutdown()
        tab.close()
    return results


def report(games_per_pairing: int = GAMES_PER_PAIRING) -> None:
    before = os.getloadavg()[0]
    r = run(games_per_pairing)
    idle = r["idle"]
    print(f"tournament tab, GUI thread: a probe every 5 ms; idle event loop {idle.longest_ms:.1f} ms at the longest")
    games = r["games"].ticks
    print(line(f"a tournament of {games} snake games, 2 jobs", r["run"], idle))
    print(line("opening its folder again", r["open"], idle))
    print(line(f"card statistics of {SAMPLES[0]}", r["stats"], idle))
    for worst in worst_gaps(r["run"]):
        print(worst)
    print(f"  load average {before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.tournament_gui", description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-pairing", type=int, default=GAMES_PER_PAIRING, metavar="N")
    args = parser.parse_args(argv)
    report(args.games_per_pairing)


if __name__ == "__main__":  # worker processes are spawned: they import this module, not run it
    main()
