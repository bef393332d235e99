"""Where the search's battles are played: in this process, a local pool or a Dask cluster, the
same battles give the same ranks (every chunk and result crossing a pickle in the latter two)."""

from __future__ import annotations

import pytest

from arena.improve.evaluate import Field, score_units
from arena.improve.runners import BattleChunk, DaskRunner, InlineRunner, PoolRunner, make_runner, play_chunk
from arena.samples import resolve_program
from arena.program_battle import BattleSettings, play_battle
from arena.tournament import TournamentError
from arena.tournament import cluster as cluster_executor
from matcher import dumps_program, load_program


def chunks() -> list[BattleChunk]:
    texts = tuple(dumps_program(load_program(resolve_program(n))) for n in ("beginner", "hunter", "tail_biter"))
    battles = tuple(((s % 3, (s + 1) % 3), s, 9, 9, 3, 60) for s in range(10))
    return [BattleChunk(texts, battles[:6]), BattleChunk(texts, battles[6:])]


def test_a_chunk_plays_exactly_the_battles_alone() -> None:
    chunk = chunks()[0]
    programs = [load_program(resolve_program(n)) for n in ("beginner", "hunter", "tail_biter")]
    alone = [tuple(play_battle([programs[i] for i in seats], BattleSettings(seed, w, h, length, steps)).ranks)
             for seats, seed, w, h, length, steps in chunk.battles]
    assert play_chunk(chunk) == alone


def test_the_pool_gives_what_this_process_gives() -> None:
    runner = PoolRunner(2)
    try:
        assert runner.run(chunks()) == InlineRunner().run(chunks())
    finally:
        runner.close()


def test_make_runner_takes_jobs() -> None:
    assert isinstance(make_runner(1), InlineRunner)
    with pytest.raises(TournamentError, match="--jobs 0: at least 1 job"):
        make_runner(0)


def test_a_local_cluster_gives_what_this_process_gives() -> None:
    distributed = pytest.importorskip("distributed")
    field = Field((("hunter", load_program(resolve_program("hunter"))),), ((9, 9),), 2, 3, 60, seed=4)
    beginner = load_program(resolve_program("beginner"))
    here = score_units(field, InlineRunner(), [beginner], list(range(6)))
    with distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        runner = DaskRunner(cluster.scheduler_address)
        try:
            assert runner.jobs == 2
            assert score_units(field, runner, [beginner], list(range(6))) == here
        finally:
            runner.close()


def test_an_unreachable_scheduler_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster_executor, "CONNECT_TIMEOUT", "0.5s")
    with pytest.raises(TournamentError, match="--cluster tcp://127.0.0.1:9: cannot reach the Dask scheduler"):
        DaskRunner("tcp://127.0.0.1:9")
