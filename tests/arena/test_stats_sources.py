"""``snakepit stats`` counts each replay once, however often it is named: a folder and a file in
it, or one file under two spellings, were counted twice ("3 battles" of one)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena.card_stats import replay_files


def test_a_replay_named_twice_is_counted_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text("")
    monkeypatch.chdir(tmp_path)
    found = replay_files([str(tmp_path / "b.jsonl"), str(tmp_path), "a.jsonl", os.path.join(".", "a.jsonl")])
    assert found == [tmp_path / "b.jsonl", tmp_path / "a.jsonl"]  # in the order first named
