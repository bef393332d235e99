"""The sandbox's parts: what a bot sees, readable copies, the uid pool, cgroups, the refusal to
run unsandboxed without being told, what the app and the replay say, and how a seat survives
the death of its sandbox. The attacks themselves are in test_sandbox_hostile.py."""

from __future__ import annotations

import json
import re
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.bots import (
    UNSANDBOXED,
    AnswerRule,
    BotHost,
    BotStatus,
    SandboxPolicy,
    SandboxUnavailable,
    SpawnBot,
    TurnInput,
    bwrap,
    cgroups,
    run_round,
    uids,
)
from arena.bots.jail import SeatSandbox
from arena.bots.mirror import MAX_COPY, Mirror, MirrorError
from arena.match import MatchSetup, MatchSetupError, run_match
from arena.replay import read_replay, verify_replay
from tests.bots.survivors import BOTS, MARK_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
GREEDY = str(ROOT / "samples" / "worms" / "greedy.sh")


@pytest.fixture
def no_bwrap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """SNAKEPIT_BWRAP naming a bwrap that is not there."""
    missing = tmp_path / "no-bwrap"
    monkeypatch.setenv(bwrap.BWRAP_VARIABLE, str(missing))
    monkeypatch.delenv(bwrap.BWRAP_ORIGIN_VARIABLE, raising=False)
    return missing


# --- refusing to run unsandboxed unless told ----------------------------------------------------


def test_without_bubblewrap_a_match_refuses_to_start_naming_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(bwrap.BWRAP_VARIABLE, raising=False)
    monkeypatch.setattr(shutil, "which", lambda *args, **kwargs: None)  # a machine without bubblewrap
    setup = MatchSetup("worms", (GREEDY,) * 4, 1, {"map": "meadow", "rounds": 1})
    with pytest.raises(MatchSetupError) as raised:
        run_match(setup)
    assert str(raised.value) == ("cannot sandbox bots: bubblewrap (bwrap) is not installed; install it "
                                 "(apt-get install bubblewrap) or pass --no-sandbox to run bots unsandboxed")
    with pytest.raises(SandboxUnavailable):
        BotHost()


@pytest.mark.parametrize("kind", ["missing", "folder", "not executable", "dangling link"])
def test_a_chosen_bwrap_that_cannot_run_is_named_with_why_and_where_it_was_chosen(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kind: str) -> None:
    """Not "bubblewrap is not installed; pass --no-sandbox": it is, the choice is what is wrong."""
    (tmp_path / "bwrap.txt").write_text("not a program")
    (tmp_path / "link").symlink_to(tmp_path / "gone")
    bad = {"missing": tmp_path / "no" / "bwrap", "folder": tmp_path, "not executable": tmp_path / "bwrap.txt",
           "dangling link": tmp_path / "link"}[kind]
    why = {"missing": "does not exist", "folder": "is a folder, not a program",
           "not executable": "is not executable (no x permission for you)",
           "dangling link": f"is a link to {str(tmp_path / 'gone')!r}, which does not exist"}[kind]
    monkeypatch.setenv(bwrap.BWRAP_VARIABLE, str(bad))
    monkeypatch.delenv(bwrap.BWRAP_ORIGIN_VARIABLE, raising=False)
    with pytest.raises(SandboxUnavailable) as raised:
        BotHost()
    assert str(raised.value) == (
        f"cannot sandbox bots: the bwrap program {str(bad)!r} set by the environment variable SNAKEPIT_BWRAP {why}; "
        "give the path of bubblewrap's bwrap there, or clear it to use the system's")
    # The app hands its preference over in the same variable, and says where it comes from.
    monkeypatch.setenv(bwrap.BWRAP_ORIGIN_VARIABLE, "the bwrap program in Preferences")
    with pytest.raises(SandboxUnavailable) as raised:
        BotHost()
    assert f"{str(bad)!r} set by the bwrap program in Preferences {why};" in str(raised.value)
    # Cleared, the system's bwrap sandboxes (what was said is not kept).
    monkeypatch.delenv(bwrap.BWRAP_VARIABLE)
    BotHost().close()


def test_a_bubblewrap_that_fails_is_said_with_its_own_words(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv(bwrap.BWRAP_VARIABLE, str(fake))
    with pytest.raises(SandboxUnavailable) as raised:
        BotHost()
    message = str(raised.value)
    assert message.startswith("cannot sandbox bots: bubblewrap failed: bwrap: No permissions to creating new namespace;")
    assert message.endswith("or pass --no-sandbox to run bots unsandboxed") and "\n" not in message


def test_the_cli_refuses_in_one_line_and_runs_with_no_sandbox(no_bwrap: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "editor.cli", "match", "worms", "--map", "meadow", "--rounds", "2", "--seed", "1",
               *[arg for _ in range(4) for arg in ("--bot", GREEDY)]]
    env = {**os.environ, bwrap.BWRAP_VARIABLE: str(no_bwrap)}
    refused = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        f"snakepit: cannot sandbox bots: the bwrap program {str(no_bwrap)!r} set by the environment variable "
        "SNAKEPIT_BWRAP does not exist; give the path of bubblewrap's bwrap there, or clear it to use the system's"]
    record = tmp_path / "unsandboxed.jsonl"
    ran = subprocess.run([*command, "--no-sandbox", "--record", str(record)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines()[0].startswith("snakepit: WARNING: --no-sandbox: the bots run as you")
    assert json.loads(ran.stdout.splitlines()[-1])["statuses"] == ["ok"] * 4
    replay = read_replay(record)
    assert replay.options["sandbox"] is False  # the replay says so
    assert verify_replay(record).ok


def test_a_sandboxed_replay_header_reads_as_before_and_network_seats_are_said(tmp_path: Path) -> None:
    setup = MatchSetup("worms", (GREEDY,) * 4, 1, {"map": "meadow", "rounds": 1, "network": [2]})
    run_match(setup, record=tmp_path / "r.jsonl")
    options = read_replay(tmp_path / "r.jsonl").options
    assert "sandbox" not in options and options["network"] == [2]


@pytest.mark.parametrize(("options", "message"), [
    ({"sandbox": "no"}, "option sandbox: expected true or false, got 'no'"),
    ({"network": [4]}, "option network: seat 4 is not a seat of this match (0..3)"),
    ({"network": "0"}, "option network: expected a list of seats, got '0'"),
])
def test_bad_sandbox_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(MatchSetupError, match=re.escape(message)):
        run_match(MatchSetup("worms", (GREEDY,) * 4, 1, {"map": "meadow", "rounds": 1, **options}))


def test_the_snake_game_has_no_sandbox_flags(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "editor.cli", "match", "snake", "--bot", "tail_biter", "--bot", "hunter",
                           "--seed", "1", "--no-sandbox"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "snakepit: match snake: --no-sandbox and --allow-network are for bots; this game has none"


# --- what a bot sees ----------------------------------------------------------------------------


def test_a_bot_sees_its_own_folder_and_the_interpreter_but_not_the_project(tmp_path: Path) -> None:
    shown = bwrap.shown_paths(bwrap.reads_for([sys.executable, str(BOTS / "echo_args.py")]))
    assert str(BOTS) in shown and str(ROOT) not in shown
    assert os.path.realpath(sys.prefix) in shown or sys.prefix in shown  # the interpreter's prefix
    assert all(not path.startswith(("/usr/", "/etc/")) for path in shown)  # the system view has them


@pytest.mark.parametrize("folder", ["/tmp", "/home", "/root", "/"])
def test_a_folder_too_broad_to_show_is_replaced_by_the_file(folder: str) -> None:
    program = os.path.join(folder, "bot.py")
    assert bwrap._needs(program, program=False) == [program]


def test_paths_inside_another_shown_path_are_shown_once() -> None:
    assert bwrap.shown_paths([str(BOTS), str(BOTS / "hostile.py"), str(ROOT / "samples" / "worms")]) == \
        sorted([str(ROOT / "samples" / "worms"), str(BOTS)])


def test_a_path_only_its_owner_may_read_is_shown_from_a_readable_copy(tmp_path: Path) -> None:
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    (private / "bot.sh").write_text("#!/bin/sh\necho hi\n")
    (private / "bot.sh").chmod(0o700)
    (private / "data.txt").write_text("beside it\n")
    (private / "data.txt").chmod(0o600)
    mirror = Mirror()
    try:
        copy = Path(mirror.source_for(str(private), [str(private / "bot.sh")]))
        assert copy != private and copy.name == "private"
        assert stat.S_IMODE(copy.stat().st_mode) & 0o005 == 0o005
        assert stat.S_IMODE((copy / "bot.sh").stat().st_mode) & 0o005 == 0o005
        assert (copy / "data.txt").read_text() == "beside it\n" and (copy / "data.txt").stat().st_mode & 0o004
        assert mirror.source_for(str(private)) == str(copy)  # once per match
        (private / "open").mkdir(mode=0o755)
        assert mirror.source_for(str(private / "open")) == str(private / "open")  # readable: no copy
    finally:
        mirror.close()
    assert not copy.exists()


def test_a_private_folder_too_big_to_copy_says_how_to_fix_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private = tmp_path / "big"
    private.mkdir(mode=0o700)
    (private / "weights.bin").write_bytes(b"0" * 1024)
    monkeypatch.setattr("arena.bots.mirror.MAX_COPY", 100)
    with pytest.raises(MirrorError, match=r"chmod -R o\+rX"):
        Mirror().source_for(str(private))
    assert MAX_COPY >= 64 << 20


# --- uids and cgroups ---------------------------------------------------------------------------


def test_the_uid_pool_never_gives_one_uid_twice_at_once(tmp_path: Path) -> None:
    first = uids.lease(tmp_path, first=70000, size=2)
    second = uids.lease(tmp_path, first=70000, size=2)
    assert {first.uid, second.uid} == {70000, 70001}
    with pytest.raises(uids.UidPoolError, match="all 2 sandbox user ids"):
        uids.lease(tmp_path, first=70000, size=2)
    first.release()
    assert uids.lease(tmp_path, first=70000, size=2).uid == first.uid


def test_cgroup_v2_seat_groups_go_beside_our_own_with_their_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake unified hierarchy: this process in /app/main; seat groups go into /app."""
    (tmp_path / "cgroup.controllers").write_text("cpu memory pids\n")
    app = tmp_path / "app"
    (app / "main").mkdir(parents=True)
    (app / "cgroup.subtree_control").write_text("cpu\n")
    monkeypatch.setattr(cgroups, "ROOT", tmp_path)
    monkeypatch.setattr(cgroups, "_own_groups", lambda: {"": "/app/main"})
    monkeypatch.setattr(cgroups, "_probe", None)
    write_limits = cgroups._write_limits

    def with_control_files(folder: Path, *args: object) -> None:  # a plain folder has none: make them
        for name in ("memory.max", "memory.swap.max", "pids.max"):
            (folder / name).touch()
        write_limits(folder, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(cgroups, "_write_limits", with_control_files)
    assert cgroups.availability() == ""
    assert (app / "cgroup.subtree_control").read_text() == "+pids +memory"
    groups = cgroups.create(256 << 20, 10)
    assert groups is not None and groups.version == 2 and groups.folders[0].parent == app
    assert (groups.folders[0] / "memory.max").read_text() == str(256 << 20)
    assert (groups.folders[0] / "pids.max").read_text() == "10"
    assert list(cgroups.describe(groups)) == ["at most 10 processes for the whole seat (cgroup v2)",
                                              "256 MiB of memory for the whole seat (cgroup v2)"]


def test_without_delegation_cgroup_v2_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cgroup.controllers").write_text("memory pids\n")
    app = tmp_path / "user.slice"
    (app / "session").mkdir(parents=True)
    (app / "cgroup.subtree_control").write_text("")
    app.chmod(0o555)
    monkeypatch.setattr(cgroups, "ROOT", tmp_path)
    monkeypatch.setattr(cgroups, "_own_groups", lambda: {"": "/user.slice/session"})
    monkeypatch.setattr(cgroups, "_probe", None)
    try:
        if os.access(app, os.W_OK):
            pytest.skip("root may write anywhere")
        assert "is not delegated to this user" in cgroups.availability()
        assert cgroups.create(1 << 30, 64) is None
    finally:
        app.chmod(0o755)


# --- what the app and the CLI are told ----------------------------------------------------------


def test_every_seat_says_what_holds_for_it(marker: str) -> None:
    with BotHost(env={MARK_VARIABLE: marker}, policy=SandboxPolicy(network=frozenset({1}))) as host:
        host.spawn_bot(GREEDY)
        host.spawn_bot(GREEDY)
        first, second = host.describe()
    assert first[:2] == ["own PID, mount, IPC and UTS namespaces", "no network (own network namespace)"]
    assert second[1] == "host network"
    assert "writable: /seat, /tmp and /dev/shm (64 MiB each)" in first
    if os.geteuid() == 0:
        assert any(line.startswith("runs as uid ") for line in first)
    if not cgroups.availability():
        assert "at most 65 processes for the whole seat (cgroup v1)" in first or \
            "at most 65 processes for the whole seat (cgroup v2)" in first
    with BotHost(policy=UNSANDBOXED) as host:
        host.spawn_bot(GREEDY)
        assert host.describe()[0][0].startswith("NOT SANDBOXED")


# --- a seat outlives the death of its sandbox, a script without #! runs ---------------------------


def test_a_seat_whose_sandbox_died_gets_a_new_one_for_its_next_round(marker: str) -> None:
    with BotHost(env={MARK_VARIABLE: marker}) as host:
        bot = host.spawn_bot(["/bin/sh", "-c", "echo hi"])
        assert bot.run(TurnInput(), 10.0, AnswerRule.FIRST_LINE).answer == "hi"
        sandbox = bot.seat
        assert isinstance(sandbox, SeatSandbox) and sandbox.launcher_pid is not None
        launcher = sandbox.launcher_pid
        os.kill(launcher, signal.SIGKILL)  # the namespace's init: all in it dies with it
        while sandbox.launcher_pid == launcher:  # gone in microseconds (bwrap reaps it)
            time.sleep(0.001)
        record = bot.run(TurnInput(), 10.0, AnswerRule.FIRST_LINE)
        assert record.answer == "hi" and sandbox.starts == 2


def test_a_bot_whose_sandbox_dies_mid_turn_crashes_saying_so(marker: str) -> None:
    with BotHost(env={MARK_VARIABLE: marker}) as host:
        bot = host.start_bot(["/bin/sh", "-c", "read line; sleep 60"])
        sandbox = bot.seat
        assert isinstance(sandbox, SeatSandbox) and sandbox.launcher_pid is not None
        os.kill(sandbox.launcher_pid, signal.SIGKILL)
        record = bot.request("x", 10.0)
    assert record.status is BotStatus.CRASHED and record.reason.startswith("its sandbox ended ("), record


@pytest.mark.parametrize("policy", [SandboxPolicy(), UNSANDBOXED], ids=["sandboxed", "unsandboxed"])
def test_a_script_without_a_shebang_runs_with_the_shell_said_once(policy: SandboxPolicy, tmp_path: Path,
                                                                  marker: str) -> None:
    tmp_path.chmod(0o755)
    script = tmp_path / "random_strategy"  # as the original worms sample: no #! line
    script.write_text('echo "l"\n')
    script.chmod(0o755)
    with BotHost(root=tmp_path, env={MARK_VARIABLE: marker}, policy=policy) as host:
        bot = host.spawn_bot(str(script))
        first = bot.run(TurnInput(), 10.0, AnswerRule.FIRST_CHAR)
        second = bot.run(TurnInput(), 10.0, AnswerRule.FIRST_CHAR)
    assert (first.status, first.answer, second.answer) == (BotStatus.OK, "l", "l")
    assert first.reason == "its program has no #! line, so it runs with /bin/sh"
    assert second.reason == ""


class _SlowStart:
    """A seat that takes ``delay`` seconds to start its bot, as on a machine whose cores are busy."""

    def __init__(self, seat: object, delay: float) -> None:
        self.seat, self.delay = seat, delay

    def __getattr__(self, name: str) -> object:
        return getattr(self.seat, name)

    def request(self, *args: object, **kwargs: object) -> object:
        time.sleep(self.delay)
        return self.seat.request(*args, **kwargs)  # type: ignore[attr-defined]


@pytest.mark.parametrize("policy", [SandboxPolicy(), UNSANDBOXED], ids=["sandboxed", "unsandboxed"])
def test_every_bot_gets_the_whole_time_limit_from_its_own_start(policy: SandboxPolicy, marker: str) -> None:
    # The second seat starts 2.5 s into the round; its limit is 2 s. With one deadline for the
    # round it was timed out before it started; its own deadline gives it its 2 s.
    with BotHost(env={MARK_VARIABLE: marker}, policy=policy) as host:
        seats: list[SpawnBot] = [host.spawn_bot(["/bin/echo", "l"]) for _ in range(2)]
        seats[1].seat = _SlowStart(seats[1].seat, 2.5)  # type: ignore[assignment]
        records = run_round([(seat, TurnInput()) for seat in seats], 2.0, AnswerRule.FIRST_CHAR)
    assert [(r.status, r.answer) for r in records] == [(BotStatus.OK, "l")] * 2
