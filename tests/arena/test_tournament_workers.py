"""The fork server that makes tournament (and improve, and card-statistics) workers."""

from __future__ import annotations

import multiprocessing

import pytest

from arena.games.registry import BUILT_IN
from arena.tournament import Entrant, TournamentSpec, run_tournament
from arena.tournament.workers import WorkerPool, worker_context
from tests.arena import worker_probe


@pytest.mark.skipif("forkserver" not in multiprocessing.get_all_start_methods(), reason="no fork server here")
def test_workers_imported_every_game_on_their_first_game_now_the_fork_server_has_them_loaded() -> None:
    # Each worker of every pool imported the five games' referees on its first game (0.11-0.14 s
    # of CPU): most of what kept the 2-job tournament bench below 1.8x.
    context = worker_context()
    parent, child = context.Pipe()
    process = context.Process(target=worker_probe.loaded, args=(list(BUILT_IN), child))
    process.start()
    child.close()
    try:
        assert parent.poll(60), "the worker sent nothing"
        assert parent.recv() == list(BUILT_IN)
    finally:
        process.join(60)
    assert process.exitcode == 0


def test_a_pool_starts_a_worker_per_game_in_flight_not_one_per_job(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the pool started all ``--jobs`` workers at once (2 games with ``--jobs 64``
    started 64 processes; ``--jobs 100000`` hung starting them)."""
    started = []
    start = WorkerPool._start

    def counted(pool: WorkerPool) -> object:
        started.append(pool)
        return start(pool)

    monkeypatch.setattr(WorkerPool, "_start", counted)
    entrants = [Entrant.parse("snake", f"{name}={name}") for name in ("hunter", "tail_biter")]
    spec = TournamentSpec.build("snake", entrants, 1, options={"width": 9, "height": 9, "length": 3, "steps": 3})
    run = run_tournament(spec, jobs=64)
    assert run.complete and len(run.records) == 2
    assert len(started) == 2
