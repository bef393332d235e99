"""Saves (matcher/atomic.py): never a torn file, nothing else about the file changed, no temporary
file outliving its save. Regressions of issue 14: a save left ``.NAME.*.tmp`` files when killed
(66 after 100 kills; autosave uses it too), turned a 0664 file into 0600, replaced a symbolic link
with a regular file, and did not flush the folder after the rename."""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from matcher.atomic import LEGACY_AGE, atomic_write_text, remove_stale_temps

ROOT = Path(__file__).resolve().parents[2]


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_save_turned_a_0664_file_into_0600_now_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "p.snake.json"
    path.write_text("old")
    path.chmod(0o664)
    atomic_write_text(path, "new")
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == 0o664
    path.chmod(0o640)
    atomic_write_text(path, "newer")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_file_gets_the_mode_a_plain_open_gives_not_0600(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640


def test_a_save_through_a_symlink_replaced_the_link_now_writes_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "p.snake.json"
    target.write_text("old")
    link = tmp_path / "link.snake.json"
    link.symlink_to(target)
    atomic_write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new" and temps(tmp_path) == [] and temps(tmp_path / "real") == []


def test_a_save_did_not_flush_the_folder_now_flushes_file_and_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A power cut right after the rename could undo it: the folder's entry must reach the disk."""
    flushed: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        flushed.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    atomic_write_text(tmp_path / "f.txt", "x")
    assert flushed == ["file", "folder"]


# A child that saves FILE in a loop, printing "saved" after its first save; with "--stall" it
# stops between writing its temporary file and the rename (as a kill there would find it).
SAVER = textwrap.dedent("""\
    import os, sys, time
    sys.path.insert(0, {root!r})
    from matcher import atomic
    path, stall = sys.argv[1], "--stall" in sys.argv
    if stall:
        def stuck(*args):
            print("written", flush=True)
            time.sleep(600)
        atomic.os.replace = stuck
    else:
        atomic.atomic_write_text(path, "0" * 200_000 + "\\n")
        print("saved", flush=True)
    for i in range(1, 10**9):
        atomic.atomic_write_text(path, str(i % 10) * 200_000 + "\\n")
""")


def start_saver(tmp_path: Path, path: Path, *flags: str) -> subprocess.Popen[str]:
    script = tmp_path / "saver.py"
    script.write_text(SAVER.format(root=str(ROOT)))
    child = subprocess.Popen([sys.executable, str(script), str(path), *flags], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() in ("saved\n", "written\n")
    return child


def kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.stdout is not None
    child.stdout.close()


def test_a_save_killed_before_its_rename_left_its_temp_file_now_the_next_save_removes_it(tmp_path: Path) -> None:
    path = tmp_path / "p.snake.json"
    path.write_text("old\n")
    kill(start_saver(tmp_path, path, "--stall"))
    left = temps(tmp_path)
    assert len(left) == 1 and left[0].startswith(".p.snake.json.")  # what the kill left
    assert path.read_text() == "old\n"
    atomic_write_text(path, "new\n")
    assert temps(tmp_path) == [] and path.read_text() == "new\n"


def test_saves_killed_at_random_moments_never_tear_the_file_and_leave_no_temp_after_the_next_save(
    tmp_path: Path,
) -> None:
    path = tmp_path / "auto.recovery.json"
    rng = random.Random(14)
    for _ in range(12):
        child = start_saver(tmp_path, path)
        time.sleep(rng.uniform(0, 0.03))
        kill(child)
        text = path.read_text()
        assert len(text) == 200_001 and len(set(text[:-1])) == 1  # one whole save, never a mix
    atomic_write_text(path, "last\n")
    assert temps(tmp_path) == [] and path.read_text() == "last\n"


def test_remove_stale_temps_keeps_live_saves_and_other_files(tmp_path: Path) -> None:
    """At start-up (the recovery folder): the temp files of dead processes go, a live process's
    and files that are not ours stay; an older snakepit's (no pid) go once a minute old."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    names = {
        f".a.json.{dead_pid}-abcd1234.tmp": True,          # a killed save
        f".b.json.{os.getpid()}-abcd1234.tmp": False,      # a save of this (live) process
        ".c.json.abcd1234.tmp": True,                      # an older snakepit's, old enough
        ".d.json.efgh5678.tmp": False,                     # an older snakepit's, just written
        "notes.tmp": False,                                # not ours
    }
    for name in names:
        (tmp_path / name).write_text("x")
    old = time.time() - LEGACY_AGE - 5
    os.utime(tmp_path / ".c.json.abcd1234.tmp", (old, old))
    removed = {p.name for p in remove_stale_temps(tmp_path)}
    assert removed == {name for name, stale in names.items() if stale}
    assert remove_stale_temps(tmp_path, "b.json") == []
