"""Benchmark: how long the GUI thread stops answering while the arena pane works (issue 16: never
more than 50 ms).

The probe of :mod:`tests.bench.stall_probe` (a 5 ms timer on the GUI thread) records the longest
gap between two of its firings, and the most CPU the GUI thread itself spent in one gap, while
- a live match of each game plays in the arena pane at full speed (the sample bots, a few hundred
  rounds; the pane shows every round as it comes: board, scoreboard, seat log, plots), and
- a 1000-step snake replay loads (read, re-simulated in the worker, its frames handed to the
  views) and is then played to its end at full speed.
The baseline, measured in the same run, is the same probe over an idle event loop for 2 s: what
the machine alone costs (other people's work on the shared cores). Each line prints the longest
gap, its ratio to the baseline, and the GUI thread's own work in a gap, each with pass/MISS
against the 50 ms target; under it, the gaps over the target in which the thread worked most,
with the round shown then.

``python -m tests.bench.gui_stall_arena`` runs it alone."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tests.bench.stall_probe import TARGET_MS, PROBE_MS, StallProbe, Stalls, idle_baseline, line, worst_gaps  # noqa: E402

if TYPE_CHECKING:
    from editor.widgets.arena.arena_pane import ArenaPane

PROJECT = Path(__file__).resolve().parents[2]
SAMPLES = PROJECT / "samples"
MATCHES: dict[str, tuple[tuple[str, ...], dict[str, float]]] = {
    # game: (seats, the setup form's {rounds, time}) — a match of a few hundred rounds
    "snake": (("hunter", "tail_biter", "wall_hugger", "head_avoider"), {"rounds": 400}),
    "worms": ((str(SAMPLES / "worms" / "greedy.sh"), str(SAMPLES / "worms" / "heuristic_bot.py"),
               str(SAMPLES / "worms" / "greedy.sh"), str(SAMPLES / "worms" / "random_bot.py")),
              {"rounds": 200, "time": 2.0}),
    "kingdoms": ((str(SAMPLES / "kingdoms" / "farmer.sh"), str(SAMPLES / "kingdoms" / "heuristic_bot.py"),
                  str(SAMPLES / "kingdoms" / "random_bot.py"), str(SAMPLES / "kingdoms" / "farmer.sh")),
                 {"rounds": 200, "time": 2.0}),
    "bioblots": ((str(SAMPLES / "bioblots" / "heuristic_bot.py"), str(SAMPLES / "bioblots" / "random_bot.py")),
                 {"rounds": 80, "time": 2.0}),
    "itpw": ((str(SAMPLES / "itpw" / "heuristic_bot.py"), str(SAMPLES / "itpw" / "random_bot.py"),
              str(SAMPLES / "itpw" / "random_bot.py"), str(SAMPLES / "itpw" / "heuristic_bot.py")), {"rounds": 200}),
}
REPLAY_STEPS = 1000
IDLE_SECONDS = 2.0
LIMIT_S = 300.0
"""A run that is not done by then is an error, not a figure."""


def run_until(app: QApplication, done: Callable[[], bool], note: Callable[[], str] | None = None) -> Stalls:
    """Run the event loop (as the app does) until ``done()``, probing; what the probe saw."""
    stalls = StallProbe(note=note).run_until(app, done, timeout=LIMIT_S)
    if not done():
        raise RuntimeError(f"not done within {LIMIT_S:g} s")
    return stalls


def _round(pane: ArenaPane) -> Callable[[], str]:
    """What the pane shows now, for the gaps over the target."""
    def note() -> str:
        frames = pane.playback.frames
        return f"round {frames[pane.playback.index].turn} of {frames[-1].turn} shown" if frames else "no round yet"
    return note


def _pane(folder: Path) -> ArenaPane:
    from editor.widgets.arena.arena_pane import ArenaPane  # late: after the QApplication and the PySide6 guard
    from editor.widgets.arena.match_transport import FULL_SPEED

    pane = ArenaPane(QSettings(str(folder / "bench.ini"), QSettings.Format.IniFormat), host_root=folder)
    pane.resize(1440, 900)
    pane.show()
    pane.playback.set_speed(FULL_SPEED)
    return pane


def live_match(app: QApplication, folder: Path, game: str) -> tuple[Stalls, int]:
    """What the probe saw while ``game`` played live at full speed, and its rounds."""
    seats, options = MATCHES[game]
    pane = _pane(folder)
    try:
        panel = pane.setup_panel
        panel.set_game(game)
        panel.set_seats(seats)
        panel.seed_box.setValue(7)
        panel.rounds_box.setValue(int(options["rounds"]))
        if "time" in options:
            panel.time_box.setValue(options["time"])
        app.processEvents()  # what the pane does on the game's choice, while the user fills the form, is not the match's
        panel.start_button.click()
        stalls = run_until(app, lambda: pane.info is not None and not pane.runner.is_running() and not pane.playback.live,
                           _round(pane))
        return stalls, pane.playback.frames[-1].turn
    finally:
        pane.shutdown()
        pane.deleteLater()


def replay_load(app: QApplication, folder: Path) -> tuple[Stalls, Stalls, int]:
    """A recorded snake battle of :data:`REPLAY_STEPS` steps: what the probe saw while it loaded,
    and while it then played to its end at full speed; its frames."""
    from arena.match import MatchSetup, run_match

    path = folder / "battle.jsonl"
    run_match(MatchSetup("snake", ("hunter", "tail_biter", "wall_hugger", "head_avoider"), 7,
                         {"steps": REPLAY_STEPS, "width": 40, "height": 40, "length": 4}), record=path)
    pane = _pane(folder)
    try:
        pane.open_replay(path)
        loading = run_until(app, lambda: pane.info is not None and not pane.runner.is_running(), _round(pane))
        pane.playback.seek(0)
        pane.playback.play()
        playing = run_until(app, lambda: not pane.playback.playing, _round(pane))
        return loading, playing, len(pane.playback.frames)
    finally:
        pane.shutdown()
        pane.deleteLater()


def _print(what: str, stalls: Stalls, idle: Stalls) -> None:
    print(line(what, stalls, idle))
    for worst in worst_gaps(stalls, 3):
        print(worst)


def report() -> None:
    import editor.widgets  # noqa: F401  (the PySide6 guard before any widget)

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    before = os.getloadavg()[0]
    print(f"GUI stalls in the arena pane, 1440 x 900 offscreen (target: no gap over {TARGET_MS:g} ms; "
          f"a probe every {PROBE_MS} ms)")
    with tempfile.TemporaryDirectory(prefix="snakepit-bench-stall-") as name:
        folder = Path(name)
        idle = idle_baseline(app, IDLE_SECONDS)
        print(f"  {'idle event loop (baseline)':<38} longest stall {idle.longest_ms:6.1f} ms")
        for game in MATCHES:
            stalls, rounds = live_match(app, folder, game)
            _print(f"live {game}, {rounds} rounds, full speed", stalls, idle)
        loading, playing, frames = replay_load(app, folder)
        _print(f"a {frames - 1}-step replay loading", loading, idle)
        _print("  then playing at full speed", playing, idle)
    print(f"  load average {before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":
    report()
