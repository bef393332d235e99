"""``--cluster``: a tournament on a Dask LocalCluster of worker processes (so every task and
result is pickled) gives the same results as the local pool, and writes the replays the workers
send back."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.tournament import TournamentError, run_tournament
from arena.tournament import cluster as cluster_executor
from arena.tournament.store import RESULTS_FILE
from tests.arena.test_tournament_results import small_spec

distributed = pytest.importorskip("distributed")


def test_a_local_cluster_gives_the_same_results_as_the_local_pool(tmp_path: Path) -> None:
    spec = small_spec("tail_biter", "hunter", "nine_cards", seats=2, per_pairing=2)
    local = run_tournament(spec, tmp_path / "local", jobs=2)
    # Worker processes: every task and result crosses a pickle, as on a real cluster.
    with distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        remote = run_tournament(spec, tmp_path / "cluster", cluster=cluster.scheduler_address)
    assert remote.complete and remote.records == local.records
    assert (tmp_path / "cluster" / RESULTS_FILE).read_text() == (tmp_path / "local" / RESULTS_FILE).read_text()
    for index in range(len(local.records)):
        replay = f"replays/game-{index:04d}.jsonl"
        assert (tmp_path / "cluster" / replay).read_text() == (tmp_path / "local" / replay).read_text()


def test_an_unreachable_scheduler_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster_executor, "CONNECT_TIMEOUT", "0.5s")
    with pytest.raises(TournamentError, match="--cluster tcp://127.0.0.1:9: cannot reach the Dask scheduler"):
        run_tournament(small_spec("tail_biter", "hunter"), cluster="tcp://127.0.0.1:9")
