"""``snakepit improve`` whose program cannot be written at the end (a disk full after hours of
search): the program was lost with a one-line error; now it is printed, with exit status 1."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from arena import cli_improve
from arena.cli import main
from matcher import Program, loads_program
from tests.arena.test_improve_cli import SMALL


def test_a_program_that_cannot_be_written_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full_disk(path: Path | str, program: Program) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(cli_improve, "save_program", full_disk)
    out = tmp_path / "better.snake.json"
    status = main(["improve", "beginner", "--against", "wall_hugger", "--budget", "0.001", "--seed", "9",
                   "--out", str(out), *SMALL])
    stdout, stderr = capsys.readouterr()
    assert status == 1
    assert stderr.splitlines()[-1] == f"snakepit: {out}: cannot write it: No space left on device; the improved program follows"
    assert loads_program(stdout).cards  # the program itself, whole
