"""``--cluster``: a tournament on a Dask LocalCluster of worker processes (so every task and
result is pickled) gives the same results as the local pool, and writes the replays the workers
send back; a scheduler that goes away, a cluster without workers, a bad address and a killed
worker are each said in a line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from arena.tournament import Entrant, TournamentError, TournamentSpec, run_tournament
from arena.tournament import cluster as cluster_executor
from arena.tournament.store import GAMES_FILE, RESULTS_FILE
from tests.arena.test_match_api import FARMER, ROOT
from tests.arena.test_tournament_results import small_spec
from tests.arena.test_tournament_survival import MARGIN, hung_bot, sleeper, wait_for, worker_of
from tests.bots.survivors import new_marker, processes_with

distributed = pytest.importorskip("distributed")
dask_config = pytest.importorskip("dask").config


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


# --- a cluster that fails under the run (issue 14) -------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def dask(*arguments: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", *arguments], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def test_a_killed_scheduler_ended_in_tracebacks_and_exit_1_now_one_line_exit_2_and_the_resume_command(
    tmp_path: Path,
) -> None:
    """About 80 lines of FuturesCancelledError tracebacks (Dask's reconnection attempts among
    them) and exit status 1 (a failed test's), with no word on resuming."""
    address = f"tcp://127.0.0.1:{free_port()}"
    scheduler = dask("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                     "--no-dashboard")
    worker = dask("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-dashboard")
    out = tmp_path / "out"
    bot = sleeper(tmp_path, new_marker())
    command = [sys.executable, "-m", "arena.cli_tournament", "tournament", "kingdoms", "--entrant", f"a={bot} slow",
               "--entrant", f"b={FARMER}", "--games-per-pairing", "8", "--seed", "2", "--option", "rounds=8",
               "--cluster", address, "--out", str(out)]
    try:
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: (out / GAMES_FILE).exists() and (out / GAMES_FILE).read_text(), "a finished game")
        scheduler.kill()
        _, err = process.communicate(timeout=MARGIN)
    finally:
        for server in (scheduler, worker):
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    finished = len((out / GAMES_FILE).read_text().splitlines())
    assert process.returncode == 2, err
    assert "Traceback" not in err and all(line.startswith(("snakepit: ", "[")) for line in err.splitlines()), err
    last = err.splitlines()[-1]
    assert last.startswith(f"snakepit: --cluster {address}: the Dask scheduler is gone (")
    assert last.endswith(f"with {finished}/8 games finished; the same command with --out {out} resumes")


def test_without_any_worker_the_run_waited_silently_now_it_says_so_and_when_one_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Decision: the run keeps waiting (a cluster's workers may be restarted or scaled up); it says
    so once after NO_WORKERS_NOTE seconds, and again when a worker is back."""
    monkeypatch.setattr(cluster_executor, "NO_WORKERS_NOTE", 0.3)
    monkeypatch.setattr(cluster_executor, "WORKER_CHECK", 0.05)
    notes: list[str] = []
    with distributed.LocalCluster(processes=False, n_workers=0, dashboard_address=None) as cluster:
        runs: list[Any] = []
        thread = threading.Thread(target=lambda: runs.append(run_tournament(
            small_spec("tail_biter", "hunter"), tmp_path, cluster=cluster.scheduler_address, on_note=notes.append)))
        thread.start()
        wait_for(lambda: notes, "the note that the run waits")
        cluster.scale(1)
        thread.join(MARGIN)
    assert runs and runs[0].complete
    address = cluster.scheduler_address
    assert notes == [f"--cluster {address}: no Dask worker for 0 s; waiting for one (Ctrl-C stops, and the same "
                     "command resumes)", f"--cluster {address}: a Dask worker is back; the games go on"]


def test_a_nonsense_cluster_address_printed_an_exception_from_client_del_now_one_line() -> None:
    command = [sys.executable, "-m", "arena.cli_tournament", "tournament", "snake", "--entrant", "a=hunter",
               "--entrant", "b=tail_biter", "--cluster", "nonsense://x"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=MARGIN)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("snakepit: --cluster nonsense://x: not a Dask scheduler address: unknown address "
                                  "scheme 'nonsense'")


def test_a_dask_worker_killed_mid_game_ended_the_run_with_killed_worker_now_that_game_fails(tmp_path: Path) -> None:
    marker = new_marker()
    entrants = [Entrant.parse("kingdoms", f"a={sleeper(tmp_path, marker)}"), Entrant.parse("kingdoms", f"b={FARMER}")]
    spec = TournamentSpec.build("kingdoms", entrants, 4, games_per_pairing=4,
                                options={"rounds": 3, "time_limit": 100, "sandbox": False})  # see UNSANDBOXED
    runs: list[Any] = []
    # No retry of a task whose worker died: the scheduler's allowed-failures is Dask's own setting.
    with dask_config.set({"distributed.scheduler.allowed-failures": 0}), distributed.LocalCluster(
            processes=True, n_workers=1, threads_per_worker=1, dashboard_address=None) as cluster:
        thread = threading.Thread(target=lambda: runs.append(run_tournament(spec, tmp_path / "out",
                                                                            cluster=cluster.scheduler_address)))
        thread.start()
        bot = wait_for(lambda: hung_bot(marker), "the hanging strategy")
        worker = worker_of(bot)
        assert worker is not None
        os.kill(worker, signal.SIGKILL)
        thread.join(MARGIN)
    run = runs[0]
    # The hanging game fails; so may the next one Dask had queued on that worker (it retries no
    # task here); the others are played by the worker its nanny started again.
    assert run.complete and 1 <= len(run.failed) <= 2 and len(run.records) == 4 - len(run.failed)
    assert all("its Dask worker died" in error for error in run.failed.values())
    wait_for(lambda: not processes_with(marker), "no bot left")
