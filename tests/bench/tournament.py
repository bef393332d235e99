"""Benchmark: a snake tournament on 1 job against 2 jobs (target speed-up >= 1.8x).

Four sample programs, 2-seat games on the default field (25x25, length 10, up to 1000 steps),
120 games of about 60 ms each on one job. Starting a pool is not what is measured: the fork
server that makes its workers starts once per process, before the runs, and each 2-job run then
starts its pool in about 15 ms, well under 1% of a run (both costs are reported apart, and the
per-game time with them, so a workload too small for the figure to mean anything shows). Runs of
the two alternate, so load from elsewhere falls on both alike, and each is reported by its
fastest run.

``python -m tests.bench.tournament --games-per-pairing 2 --blocks 1`` runs a tiny version (to
check the code path, not to read the figure).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence

from arena.tournament import Entrant, TournamentSpec, run_tournament
from arena.tournament.workers import WorkerPool

PROGRAMS = ("tail_biter", "hunter", "nine_cards", "beginner")
TARGET = 1.8  # speed-up from 1 to 2 jobs
GAMES_PER_PAIRING = 20  # 4 programs, 2 seats: 6 pairs x 20 = 120 games
MIN_GAME_SECONDS = 0.02  # below this a game is too short for the pool's overhead not to show


def tournament_seconds(jobs: int, spec: TournamentSpec) -> float:
    start = time.perf_counter()
    run = run_tournament(spec, jobs=jobs)
    elapsed = time.perf_counter() - start
    assert run.complete, run
    return elapsed


def pool_start_seconds() -> float:
    """Seconds to start a 2-worker pool and shut it down with no game played."""
    start = time.perf_counter()
    pool = WorkerPool(2)
    pool.start_workers(2)
    pool.close(clean=True)
    return time.perf_counter() - start


def speed_up(blocks: int = 2, games_per_pairing: int = GAMES_PER_PAIRING) -> tuple[float, float, int]:
    """``(seconds on 1 job, on 2 jobs, games)``: the fastest of ``blocks`` runs each."""
    entrants = [Entrant.parse("snake", f"{name}={name}") for name in PROGRAMS]
    spec = TournamentSpec.build("snake", entrants, 1, seats=2, games_per_pairing=games_per_pairing)
    best = {1: float("inf"), 2: float("inf")}
    for _ in range(blocks):
        for jobs in best:
            best[jobs] = min(best[jobs], tournament_seconds(jobs, spec))
    return best[1], best[2], len(spec.schedule())


def verdict(ratio: float) -> str:
    """The speed-up against its target: a mark to read at a glance."""
    return f"met (>= {TARGET}x)" if ratio >= TARGET else f"MISSED (target >= {TARGET}x)"


def report(blocks: int = 2, games_per_pairing: int = GAMES_PER_PAIRING) -> None:
    before = os.getloadavg()[0]
    first, later = pool_start_seconds(), pool_start_seconds()  # the first starts the fork server too
    one, two, games = speed_up(blocks, games_per_pairing)
    ratio = one / two
    per_game = one / games
    print(f"tournament: {games} snake games, 1 job {one:.2f} s, 2 jobs {two:.2f} s: speed-up {ratio:.2f}x"
          f"  {verdict(ratio)}")
    print(f"  {per_game * 1000:.0f} ms per game on 1 job; pool start {first:.2f} s the first time in a process,"
          f" then {later:.3f} s ({later / two:.1%} of the 2-job run)")
    if per_game < MIN_GAME_SECONDS:
        print(f"  games shorter than {MIN_GAME_SECONDS * 1000:.0f} ms: the speed-up measures the pool's overhead,"
              " not the games")
    # Other work on the machine takes cores from the 2-job run first: say so next to the figure.
    print(f"  load average {before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.tournament", description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-pairing", type=int, default=GAMES_PER_PAIRING, metavar="N")
    parser.add_argument("--blocks", type=int, default=2, metavar="B", help="runs of each, the fastest counts")
    args = parser.parse_args(argv)
    report(args.blocks, args.games_per_pairing)


if __name__ == "__main__":  # worker processes are spawned: they import this module, not run it
    main()
