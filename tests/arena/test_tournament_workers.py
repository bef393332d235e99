"""The fork server that makes tournament (and improve, and card-statistics) workers."""

from __future__ import annotations

import multiprocessing

import pytest

from arena.games.registry import BUILT_IN
from arena.tournament.workers import worker_context
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
