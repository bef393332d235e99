"""Benchmark: a snake tournament on 1 job against 2 jobs (target speed-up >= 1.8x).

Four sample programs, 2-seat games on the default field (25x25, length 10, up to 1000 steps),
120 games; the 2-job time includes starting the pool (the fork server that makes its workers
starts once per process, before the runs: both costs are reported apart). Runs of the two
alternate, so load from elsewhere falls on both alike, and each is reported by its fastest run.
"""

from __future__ import annotations

import os
import time

from arena.tournament import Entrant, TournamentSpec, run_tournament
from arena.tournament.pool import ProcessExecutor

PROGRAMS = ("tail_biter", "hunter", "nine_cards", "beginner")


def tournament_seconds(jobs: int, spec: TournamentSpec) -> float:
    start = time.perf_counter()
    run = run_tournament(spec, jobs=jobs)
    elapsed = time.perf_counter() - start
    assert run.complete, run
    return elapsed


def pool_start_seconds() -> float:
    """Seconds to start a 2-worker pool and shut it down with no game played."""
    start = time.perf_counter()
    ProcessExecutor(2).run(iter(()), lambda result: True)
    return time.perf_counter() - start


def speed_up(blocks: int = 2, games_per_pairing: int = 20) -> tuple[float, float, int]:
    """``(seconds on 1 job, on 2 jobs, games)``: the fastest of ``blocks`` runs each."""
    entrants = [Entrant.parse("snake", f"{name}={name}") for name in PROGRAMS]
    spec = TournamentSpec.build("snake", entrants, 1, seats=2, games_per_pairing=games_per_pairing)
    best = {1: float("inf"), 2: float("inf")}
    for _ in range(blocks):
        for jobs in best:
            best[jobs] = min(best[jobs], tournament_seconds(jobs, spec))
    return best[1], best[2], len(spec.schedule())


def report() -> None:
    before = os.getloadavg()[0]
    first, later = pool_start_seconds(), pool_start_seconds()  # the first starts the fork server too
    one, two, games = speed_up()
    print(f"tournament: {games} snake games, 1 job {one:.2f} s, 2 jobs {two:.2f} s: speed-up {one / two:.2f}x"
          f" (target >= 1.8x); pool start {first:.2f} s the first time in a process, then {later:.2f} s")
    # Other work on the machine takes cores from the 2-job run first: say so next to the figure.
    print(f"  load average {before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":  # worker processes are spawned: they import this module, not run it
    report()
