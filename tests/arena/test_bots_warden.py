"""The warden (arena/bots/warden.py, warden_script.py): when its runner is gone it kills every
process in the runner's marker range and removes the announced scratch folders; no bot holds the
pipe that tells it the runner is gone; a forked child gets a warden and markers of its own.

tests/arena/test_match_cli.py SIGKILLs a whole ``snakepit match`` with hostile bots.
"""

from __future__ import annotations

import json
import os
import resource
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.bots import AnswerRule, BotHost, Limits, TurnInput, cgroups, reaper, warden
from arena.bots.reaper import MARKER_RESOURCE, MARKER_SPAN
from arena.bots.warden_script import Folders
from tests.bots.survivors import BOTS, MARK_VARIABLE, describe, new_marker, processes_with, zombie_children

ROOT = Path(__file__).resolve().parents[2]


def wait_until(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return bool(condition())  # type: ignore[operator]


def marked_sleeper(marker: int | None) -> subprocess.Popen[bytes]:
    """``sleep 60`` in its own session, its RLIMIT_LOCKS set to ``marker`` before it runs."""

    def mark() -> None:
        if marker is not None:
            resource.setrlimit(MARKER_RESOURCE, (marker, marker))

    return subprocess.Popen(["sleep", "60"], preexec_fn=mark, start_new_session=True)


def test_folder_lines_are_cut_at_newlines_even_across_reads() -> None:
    folders = Folders()
    folders.feed(b"+ /tmp/snakepit-a\n+ /tmp/snake")
    folders.feed(b"pit-b\n- /tmp/snakepit-a\n+ /tmp/snakepit-c")  # the last line is incomplete
    assert list(folders.live) == [b"/tmp/snakepit-b"]


def test_at_eof_the_warden_kills_its_range_and_removes_the_announced_folders(tmp_path: Path) -> None:
    base = (1 + secrets.randbelow((1 << 30) - 1)) * MARKER_SPAN  # not this process's range
    inside = [marked_sleeper(base), marked_sleeper(base + MARKER_SPAN - 1)]
    outside = [marked_sleeper(base + MARKER_SPAN), marked_sleeper(base - 1), marked_sleeper(None)]
    doomed, removed, foreign = tmp_path / "snakepit-match-a", tmp_path / "snakepit-match-b", tmp_path / "other"
    for folder in (doomed, removed, foreign):
        folder.mkdir()
    (doomed / "locked").mkdir()
    (doomed / "locked" / "file").write_text("x")
    (doomed / "locked").chmod(0o500)  # a bot may leave a read-only folder
    command = [sys.executable, "-I", "-S", str(warden.SCRIPT), str(os.getpid()), str(base), str(MARKER_SPAN)]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, start_new_session=True)
    try:
        assert process.stdin is not None
        for line in (f"+ {doomed}", f"+ {removed}", f"+ {foreign}", f"- {removed}"):
            process.stdin.write(line.encode() + b"\n")
        process.stdin.flush()
        time.sleep(0.3)
        assert process.poll() is None, "the warden must wait while its runner holds the pipe"
        assert all(p.poll() is None for p in inside + outside)
        process.stdin.close()
        assert process.wait(5.0) == 0
        # The victims are this test's children: killed, they wait as zombies, which the warden skips.
        assert [p.wait(1.0) for p in inside] == [-signal.SIGKILL] * 2
        assert all(p.poll() is None for p in outside)
        assert not doomed.exists()
        assert removed.is_dir() and foreign.is_dir()  # told it was removed; not a snakepit folder
    finally:
        for victim in inside + outside:
            victim.kill()
            victim.wait()
        if process.poll() is None:
            process.kill()
            process.wait()


RUNNER = """
import os, subprocess, sys, time
from pathlib import Path
from arena.bots import UNSANDBOXED, BotHost, SandboxPolicy, warden
root, bots, mark, how, sandboxed = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
policy = SandboxPolicy() if sandboxed == "sandboxed" else UNSANDBOXED
host = BotHost(root=root, env={"SNAKEPIT_TEST_MARK": mark}, policy=policy)
host.start_bot(str(bots / "setsid_escape.py"), args=(mark, "hang"))
host.start_bot(str(bots / "fork_bomb.py"), args=(mark,))
time.sleep(0.5)  # the escape done, the fork bomb grown
leak = None
if how == "leak":  # something else holds the write end: the runner's death must still count
    leak = subprocess.Popen(["sleep", "30"], pass_fds=[warden.write_end()], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(warden.warden_pid() or 0, leak.pid if leak else 0, os.getpid(), flush=True)
if how == "normal":
    host.close()
    sys.exit(0)
os._exit(0)  # no cleanup at all, as after a SIGKILL
"""


@pytest.mark.parametrize(("how", "sandboxed"), [
    ("crash", "unsandboxed"), ("leak", "unsandboxed"), ("normal", "unsandboxed"),
    ("crash", "sandboxed"), ("normal", "sandboxed"),
])
def test_a_runner_that_ends_leaves_neither_bots_nor_folders_nor_a_warden(how: str, sandboxed: str,
                                                                          tmp_path: Path) -> None:
    zombies = zombie_children()
    mark = new_marker()
    root = tmp_path / "root"
    root.mkdir()
    runner = subprocess.run([sys.executable, "-c", RUNNER, str(root), str(BOTS), mark, how, sandboxed], cwd=ROOT,
                            capture_output=True, text=True, timeout=30)
    assert runner.returncode == 0, runner.stderr
    warden_pid, leak, runner_pid = map(int, runner.stdout.split())
    try:
        # Sandboxes die with their runner (bubblewrap's --die-with-parent, and the launcher sees
        # its socket close); the warden removes the seats' cgroups (made only as root).
        assert warden_pid > 0 or (sandboxed == "sandboxed" and cgroups.availability())
        assert wait_until(lambda: not processes_with(mark) and not list(root.iterdir())
                          and not _cgroups_of(runner_pid), 15.0), describe(processes_with(mark))
        # After a normal exit it finds nothing to do: gone at once (seconds on a busy machine).
        if warden_pid:
            assert wait_until(lambda: not _alive(warden_pid), 15.0)
    finally:
        if leak:
            os.kill(leak, signal.SIGKILL)
            _reap_orphan(leak)
        for pid in processes_with(mark):
            os.kill(pid, signal.SIGKILL)
    for pid in zombie_children() - zombies:  # orphans come here if this process is a subreaper
        os.waitpid(pid, 0)


def _cgroups_of(runner: int) -> list[Path]:
    """The seat cgroups a runner made that still exist."""
    return [folder for parent in cgroups.parents() for folder in parent.glob(f"{cgroups.PREFIX}{runner}-*")]


def _reap_orphan(pid: int) -> None:
    """Wait for a killed orphan of the dead runner: reparented to this process when it is a
    subreaper (left unreaped, it would turn up as a zombie in a later test's check), to init
    otherwise."""
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        wait_until(lambda: not _alive(pid), 5.0)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return False
    return text[text.rfind(b")") + 2 :][:1] not in (b"Z", b"X")


FDS = ("import os\nout = []\nfor f in os.listdir('/proc/self/fd'):\n    try: out.append(f + '=' + "
       "os.readlink('/proc/self/fd/' + f))\n    except OSError: pass\nprint(' '.join(out), flush=True)\n"
       "import sys\nsys.stdin.read() if len(sys.argv) > 1 else None\n")


@pytest.mark.parametrize("mode", ["spawn", "spawn before exec", "persistent"])
def test_bots_do_not_inherit_the_pipe_to_the_warden(mode: str, tmp_path: Path) -> None:
    marker = new_marker()
    with BotHost(root=tmp_path, env={MARK_VARIABLE: marker}) as host:
        bot_file = tmp_path / "fds.py"
        bot_file.write_text(FDS)
        if mode == "persistent":
            record = host.start_bot(str(bot_file), args=("wait",)).read_line(5.0)
        else:
            limits = Limits(before_exec=mode == "spawn before exec")
            record = host.spawn_bot(str(bot_file), limits=limits).run(TurnInput(), 5.0, AnswerRule.FIRST_LINE)
        assert record.answer is not None, record
        pipe = os.fstat(warden.write_end()).st_ino
        fds = dict(item.split("=", 1) for item in record.answer.split())
        assert f"pipe:[{pipe}]" not in fds.values()
        assert set(fds) - {"0", "1", "2"} <= {"3"}  # 3: the listing's own, gone before readlink
    assert processes_with(marker) == []


def test_a_forked_child_drops_the_parent_pipe_and_gets_its_own_warden_and_markers() -> None:
    parent_warden = warden.ensure()
    assert parent_warden is not None and warden.warden_pid() == parent_warden
    parent_pipe = os.fstat(warden.write_end())
    parent_base = reaper.marker_range()[0]
    zombies = zombie_children()
    read_fd, write_fd = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (runs in the child)
        try:
            os.close(read_fd)
            try:
                inherited = os.fstat(warden.write_end()) if warden.write_end() >= 0 else None
            except OSError:
                inherited = None
            keeps = inherited is not None and inherited.st_ino == parent_pipe.st_ino
            kept_any = any(_is_pipe(fd, parent_pipe.st_ino) for fd in range(3, 256))
            report = {"keeps": keeps or kept_any, "warden": warden.ensure(), "base": reaper.marker_range()[0],
                      "marker": reaper.new_marker()}
            os.write(write_fd, json.dumps(report).encode())
        finally:
            os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        report = json.loads(pipe.read())
    assert os.waitpid(child, 0)[1] == 0
    assert report["keeps"] is False
    assert report["warden"] not in (None, parent_warden)
    assert report["base"] != parent_base and report["base"] <= report["marker"] < report["base"] + MARKER_SPAN
    # The child ended, so its warden does too; the parent's goes on.
    assert wait_until(lambda: not _alive(report["warden"]), 5.0)
    assert warden.warden_pid() == parent_warden
    for pid in zombie_children() - zombies:
        os.waitpid(pid, 0)


def _is_pipe(fd: int, inode: int) -> bool:
    try:
        return os.fstat(fd).st_ino == inode and os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:")
    except OSError:
        return False


def test_markers_stay_in_the_range_and_wrap_around(monkeypatch: pytest.MonkeyPatch) -> None:
    base, span = reaper.marker_range()
    assert span == MARKER_SPAN and base >= MARKER_SPAN
    monkeypatch.setattr(reaper._markers, "issued", MARKER_SPAN - 1)
    assert [reaper.new_marker(), reaper.new_marker()] == [base + MARKER_SPAN - 1, base]
