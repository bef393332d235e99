"""One reader for every file a user names (programs, positions, maps, playfields, boards,
tournament files, replays): each problem is one line that starts with the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from matcher.bounded import read_text_file


class Refused(ValueError):
    pass


def refusal(path: Path, limit: int | None = None) -> str:
    with pytest.raises(Refused) as refused:
        read_text_file(path, Refused, limit)
    return str(refused.value)


def test_a_file_that_cannot_be_read_is_named_with_the_reason(tmp_path: Path) -> None:
    assert refusal(tmp_path / "gone.txt") == f"{tmp_path / 'gone.txt'}: cannot read it: No such file or directory"
    assert refusal(tmp_path) == f"{tmp_path}: cannot read it: Is a directory"


def test_a_byte_that_is_not_utf8_is_placed_by_line_and_column(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"first\nna\xefve\n")
    assert refusal(latin) == f"{latin}: line 2, column 3: not UTF-8 text (invalid continuation byte)"


def test_more_than_the_limit_is_refused_and_the_limit_itself_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("x" * (2 << 20))
    assert refusal(big, limit=1 << 20) == f"{big}: larger than 1 MiB: not a file snakepit reads"
    assert read_text_file(big, Refused, limit=2 << 20) == "x" * (2 << 20)


def test_line_ends_are_translated_unless_kept_as_written(tmp_path: Path) -> None:
    crlf = tmp_path / "map.txt"
    crlf.write_bytes(b"##\r\n#.\r\n")
    assert read_text_file(crlf, Refused) == "##\n#.\n"
    assert read_text_file(crlf, Refused, newline="") == "##\r\n#.\r\n"
