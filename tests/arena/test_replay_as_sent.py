"""Replays as people send them: cut off inside the first line (a snake replay's header holds whole
programs: a long line) is said to be cut off, not "empty"; saved by an editor that writes a
byte-order mark, read (it was "not JSON ... Unexpected UTF-8 BOM"); gzip-compressed, said so (it
was "not UTF-8 text")."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from arena.cli import main

LEGACY = Path(__file__).parent / "legacy" / "battle.jsonl"


def test_a_replay_cut_inside_its_header_is_said_to_be_cut_not_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = LEGACY.read_text().split("\n")[0]
    cut = tmp_path / "cut.jsonl"
    cut.write_text(header[: len(header) // 2])
    assert main(["replay", str(cut)]) == 2
    err = capsys.readouterr().err
    assert f"cut.jsonl:1: the header line is cut off (the file ends inside it, after {len(header[: len(header) // 2].encode())} bytes)" in err, err
    assert "empty" not in err


def test_an_empty_replay_is_still_said_to_be_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["replay", str(empty)]) == 2
    assert "empty.jsonl:1: empty file" in capsys.readouterr().err


def test_a_replay_with_a_byte_order_mark_reads_as_without(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + LEGACY.read_bytes())
    assert main(["replay", str(marked)]) == 0
    assert main(["replay", "--verify", str(marked)]) == 0
    assert "all 60 rounds agree" in capsys.readouterr().out


def test_a_gzipped_replay_is_said_to_be_compressed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    packed = tmp_path / "sent.jsonl.gz"
    packed.write_bytes(gzip.compress(LEGACY.read_bytes()))
    assert main(["replay", str(packed)]) == 2
    assert f"{packed}: a gzip-compressed file, not a replay: uncompress it first (gunzip)" in capsys.readouterr().err


def test_a_newer_snakepits_replay_is_said_to_be_newer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    newer = tmp_path / "newer.jsonl"
    newer.write_text('{"type": "header", "format": "match-replay/2", "game": "itpw"}\n')
    assert main(["replay", str(newer)]) == 2
    assert ("newer.jsonl:1: replay format 'match-replay/2' is a newer snakepit's; this one reads 'match-replay/1': "
            "update snakepit to open it") in capsys.readouterr().err
