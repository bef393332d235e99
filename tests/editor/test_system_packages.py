"""The system packages snakepit needs (editor/system_packages.py), and what happens on a machine
that lacks them: one apt-get line; the app names the missing library instead of a traceback; the
tests that need Qt are skipped with one line instead of an INTERNALERROR.

dpkg-query and apt-cache are replaced by small scripts on PATH that answer like them; a missing
Qt library by a PySide6 that fails to import with the loader's message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor import system_packages
from editor.system_packages import GROUPS, apt_line, installable_names, missing_packages

ROOT = Path(__file__).resolve().parents[2]
LOADER_ERROR = "libglib-2.0.so.0: cannot open shared object file: No such file or directory"


def fake_tool(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(0o755)


@pytest.fixture
def debian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Debian whose dpkg knows only libgl1 and gcc, and whose apt has libglib2.0-0 only under its
    Ubuntu 24.04 name (libglib2.0-0t64). Returns the folder of the fake tools (first on PATH)."""
    tools = tmp_path / "tools"
    tools.mkdir()
    fake_tool(tools, "dpkg-query", 'for p in "$@"; do case "$p" in libgl1|gcc) echo "$p install ok installed";; '
                                   'libegl1t64) echo "$p install ok installed";; esac; done\n')
    fake_tool(tools, "apt-cache", 'for p in "$@"; do echo "$p:"; case "$p" in libglib2.0-0) echo "  Candidate: (none)";; '
                                  '*) echo "  Candidate: 1.0";; esac; done\n')
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(system_packages, "is_debian", lambda: True)
    return tools


def test_missing_packages_counts_ubuntus_t64_names_as_installed(debian: Path) -> None:
    missing = missing_packages(("qt", "compiler"))
    assert "libgl1" not in missing and "libegl1" not in missing and "gcc" not in missing
    assert missing[:2] == ["libglib2.0-0", "libxkbcommon0"] and missing[-1] == "libc6-dev"
    assert len(missing) == len(GROUPS["qt"]) + len(GROUPS["compiler"]) - 3


def test_the_apt_line_uses_the_names_apt_can_install(debian: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert installable_names(["libglib2.0-0", "gcc"]) == ["libglib2.0-0t64", "gcc"]
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert apt_line(["libglib2.0-0", "xvfb"]) == "apt-get install -y --no-install-recommends libglib2.0-0t64 xvfb"


def test_the_apt_line_for_a_user_goes_through_sudo_or_root(debian: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    fake_tool(debian, "sudo", "exit 0\n")
    assert apt_line(["gcc"]) == "sudo apt-get install -y --no-install-recommends gcc"
    (debian / "sudo").unlink()
    monkeypatch.setenv("PATH", str(debian))  # a minimal system: no sudo anywhere
    assert apt_line(["gcc"]) == "su -c 'apt-get install -y --no-install-recommends gcc' (as root)"


def test_the_command_line_prints_what_sysdeps_installs(debian: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert system_packages.main(["compiler", "sandbox"]) == 0
    assert capsys.readouterr().out == "libc6-dev bubblewrap\n"
    assert system_packages.main(["--apt-line", "compiler"]) == 0
    assert capsys.readouterr().out == "apt-get install -y --no-install-recommends libc6-dev\n"
    assert system_packages.main(["nothing"]) == 2
    assert "unknown group 'nothing'" in capsys.readouterr().err


def test_off_debian_nothing_is_reported_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_packages, "is_debian", lambda: False)
    assert missing_packages() == []


def broken_qt(tmp_path: Path) -> dict[str, str]:
    """An environment whose PySide6 fails to import as it does without libglib."""
    fake = tmp_path / "fake" / "PySide6"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(f"raise ImportError({LOADER_ERROR!r})\n")
    return {**os.environ, "PYTHONPATH": str(fake.parent), "DISPLAY": ":99"}


def test_the_app_names_a_missing_qt_library_and_the_fix_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "editor.cli"], cwd=ROOT, env=broken_qt(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith("snakepit: Qt cannot start: the system library libglib-2.0.so.0 is missing. ")


def test_without_qt_the_tests_that_do_not_need_it_run_and_the_others_are_skipped_in_one_line(tmp_path: Path) -> None:
    """Regression: without Qt's libraries `make test` ended in INTERNALERROR (pytest-qt imports
    Qt at start-up) before any test ran."""
    command = [sys.executable, "-m", "pytest", "tests", "-k",
               "test_first_line_is_cut_at_the_newline or test_the_icon_is_a_valid"]
    done = subprocess.run(command, cwd=ROOT, env=broken_qt(tmp_path), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "INTERNALERROR" not in done.stdout + done.stderr
    assert "1 passed" in done.stdout  # the arena test ran; the editor one was not collected
    skipped = [line for line in done.stdout.splitlines() if line.startswith("snakepit: skipped")]
    assert skipped == [f"snakepit: skipped tests/editor/ (Qt): Qt cannot start: the system library libglib-2.0.so.0 "
                       f"is missing. {system_packages.qt_fix()}"]
