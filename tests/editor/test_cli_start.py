"""Ctrl-C while ``snakepit`` starts: the commands' imports take most of a second, and a Ctrl-C
then ended in a KeyboardInterrupt traceback from the console script's import line."""

from __future__ import annotations

import subprocess
import sys

import pytest

import arena.cli
from editor import cli


def test_the_entry_point_module_imports_no_command_until_it_runs() -> None:
    """The console script's ``from editor.cli import main`` must be quick (no handler of ours can
    catch a Ctrl-C before it has returned): the commands load inside :func:`cli.main`."""
    code = "import sys, editor.cli; print(sorted(m for m in ('arena.cli', 'numpy') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_ctrl_c_while_starting_is_one_line_and_130(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena.cli, "build_parser", interrupted)
    assert cli.main(["stats", "."]) == cli.INTERRUPTED == 130
    assert capsys.readouterr().err == "snakepit: stopped by Ctrl-C while starting\n"
