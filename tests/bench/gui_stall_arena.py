"""Benchmark: how long the GUI thread stops answering while the arena pane works (issue 16: never
more than 50 ms).

A :class:`GapProbe` (a 5 ms timer on the GUI thread) records the longest gap between two of its
firings while
- a live match of each game plays in the arena pane at full speed (the sample bots, a few hundred
  rounds; the pane shows every round as it comes: board, scoreboard, seat log, plots), and
- a 1000-step snake replay loads (read, re-simulated in the worker, its frames handed to the
  views) and is then played to its end at full speed.
The baseline, measured in the same run, is the same probe over an idle event loop for 2 s: what
the machine alone costs (other people's work on the shared cores). Each line prints the longest
gap, its ratio to the baseline and pass/MISS against the 50 ms target.

The probe has the shape of ``tests/bench/stall_probe.py`` (``start()``, ``stop()``,
``longest_ms``) so the two can become one."""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

TARGET_MS = 50.0
PROBE_MS = 5
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


class GapProbe(QObject):
    """The longest gap (ms) between two firings of a :data:`PROBE_MS` timer on the GUI thread, and
    the most CPU the GUI thread itself spent within one gap (``busiest_ms``): a long gap with
    little CPU is the thread waiting for a core (a busy machine), not the app working."""

    def __init__(self) -> None:
        super().__init__()
        self.longest_ms = 0.0
        self.busiest_ms = 0.0
        self.ticks = 0
        self._last = self._last_cpu = 0.0
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(PROBE_MS)
        self._timer.timeout.connect(self._fire)

    def start(self) -> None:
        self.longest_ms, self.busiest_ms, self.ticks = 0.0, 0.0, 0
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._timer.start()

    def stop(self) -> None:
        self._fire()
        self._timer.stop()

    def _fire(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.longest_ms = max(self.longest_ms, (now - self._last) * 1000)
        self.busiest_ms = max(self.busiest_ms, (cpu - self._last_cpu) * 1000)
        self._last, self._last_cpu = now, cpu
        self.ticks += 1


def run_until(app: QApplication, done: Callable[[], bool], limit: float = 300.0) -> GapProbe:
    """Run the event loop (as the app does) until ``done()``; the probe that watched it."""
    probe = GapProbe()
    probe.start()
    deadline = time.monotonic() + limit
    while not done() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.001)  # the loop waits for events as exec() would, not spinning
    probe.stop()
    if not done():
        raise RuntimeError(f"not done within {limit:g} s")
    return probe


def idle_baseline(app: QApplication, seconds: float = 2.0) -> float:
    end = time.monotonic() + seconds
    return run_until(app, lambda: time.monotonic() >= end).longest_ms


def _pane(folder: Path):  # noqa: ANN202  (ArenaPane; imported late, after the QApplication)
    from editor.widgets.arena.arena_pane import ArenaPane

    pane = ArenaPane(QSettings(str(folder / "bench.ini"), QSettings.Format.IniFormat), host_root=folder)
    pane.resize(1440, 900)
    pane.show()
    return pane


def _full_speed(pane) -> None:  # noqa: ANN001
    from editor.widgets.arena.match_transport import FULL_SPEED

    pane.playback.set_speed(FULL_SPEED)


def live_match(app: QApplication, folder: Path, game: str) -> tuple[GapProbe, int]:
    """The longest gap while ``game`` plays live at full speed, and its rounds."""
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
        _full_speed(pane)
        panel.start_button.click()
        gap = run_until(app, lambda: pane.info is not None and not pane.runner.is_running() and not pane.playback.live)
        return gap, pane.playback.frames[-1].turn
    finally:
        pane.shutdown()
        pane.deleteLater()


def replay_load(app: QApplication, folder: Path) -> tuple[GapProbe, GapProbe, int]:
    """A recorded snake battle of :data:`REPLAY_STEPS` steps: the longest gap while it loads, and
    while it then plays to its end at full speed; its frames."""
    from arena.match import MatchSetup, run_match

    path = folder / "battle.jsonl"
    run_match(MatchSetup("snake", ("hunter", "tail_biter", "wall_hugger", "head_avoider"), 7,
                         {"steps": REPLAY_STEPS, "width": 40, "height": 40, "length": 4}), record=path)
    pane = _pane(folder)
    try:
        _full_speed(pane)
        pane.open_replay(path)
        loading = run_until(app, lambda: pane.info is not None and not pane.runner.is_running())
        pane.playback.seek(0)
        pane.playback.play()
        playing = run_until(app, lambda: not pane.playback.playing)
        return loading, playing, len(pane.playback.frames)
    finally:
        pane.shutdown()
        pane.deleteLater()


def _line(what: str, probe: GapProbe, baseline: float) -> str:
    gap, work = probe.longest_ms, probe.busiest_ms
    verdict, work_verdict = ("pass" if gap <= TARGET_MS else "MISS"), ("pass" if work <= TARGET_MS else "MISS")
    return (f"  {what:<38} longest gap {gap:6.1f} ms ({gap / max(baseline, 0.1):4.1f}x idle) {verdict:4}"
            f"  GUI work in a gap {work:5.1f} ms {work_verdict}")


def report() -> None:
    import editor.widgets  # noqa: F401  (the PySide6 guard before any widget)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    print(f"GUI stalls in the arena (target: no gap over {TARGET_MS:g} ms; probe every {PROBE_MS} ms)")
    with tempfile.TemporaryDirectory(prefix="snakepit-bench-stall-") as name:
        folder = Path(name)
        baseline = idle_baseline(app)
        print(f"  {'idle event loop (baseline)':<38} longest gap {baseline:6.1f} ms")
        for game in MATCHES:
            gap, rounds = live_match(app, folder, game)
            print(_line(f"live {game}, {rounds} rounds, full speed", gap, baseline))
        loading, playing, frames = replay_load(app, folder)
        print(_line(f"a {frames - 1}-step replay loading", loading, baseline))
        print(_line("  then playing at full speed", playing, baseline))


if __name__ == "__main__":
    report()
