"""The spawn-per-turn bot layer against real bots, hostile ones included (tests/bots/).

Every hostile bot plays a round next to two well-behaved bots (Python and shell): the round
ends within its deadline, the hostile seat gets the status its misbehaviour calls for, the others
answer as usual, and afterwards no process carrying the test's marker is alive and the test
process has no new zombie children. Timings are asserted loosely; the bench measures them.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from arena.bots import (
    AnswerRule,
    BotCommand,
    BotCommandError,
    BotHost,
    BotStatus,
    Limits,
    LimitsError,
    SandboxError,
    SandboxPolicy,
    SpawnBot,
    TurnInput,
    TurnRecord,
    bot_environment,
    run_round,
)
from arena.bots import cgroups
from arena.bots.command import script_argument
from arena.bots.limits import MiB
from arena.bots.sandbox import write_files
from arena.bots.streams import OutputBuffer, Tail, decode_answer
from tests.bots.survivors import BOTS, MARK_VARIABLE, assert_none_left

SLACK = 5.0
"""How late a round may end after its deadline: generous, for a machine whose cores are busy
with other work (the hostile bots here run forever, so "well before forever" is what counts)."""



def good_seats(host: BotHost) -> list[SpawnBot]:
    return [host.spawn_bot(str(BOTS / "echo_args.py")), host.spawn_bot(str(BOTS / "echo_args.sh"))]


def play_next_to_good_bots(
    host: BotHost, marker: str, bot: str, timeout: float, rule: AnswerRule = AnswerRule.FIRST_LINE,
    limits: Limits | None = None, args: tuple[str, ...] = (),
) -> TurnRecord:
    """One round: the hostile ``bot`` in seat 0, two good bots in seats 1 and 2."""
    hostile = host.spawn_bot(str(BOTS / bot), limits=limits)
    seats = [hostile, *good_seats(host)]
    turns = [(seats[0], TurnInput(args=(marker, *args)))] + [(s, TurnInput(args=("ok",))) for s in seats[1:]]
    start = time.monotonic()
    records = run_round(turns, timeout, rule)
    elapsed = time.monotonic() - start
    assert elapsed < timeout + SLACK
    if records[0].status is BotStatus.TIMEOUT:  # a round with a timeout lasts at least its deadline
        assert elapsed >= timeout
    expected_good = ["ok -", "ok"] if rule is AnswerRule.FIRST_LINE else ["o", "o"]
    assert [(r.status, r.answer) for r in records[1:]] == [(BotStatus.OK, a) for a in expected_good]
    assert_none_left(marker)
    return records[0]


# --- pure parts: answers, tails, commands, limits, files -------------------------------------


def test_first_line_is_cut_at_the_newline_and_a_carriage_return_dropped() -> None:
    out = OutputBuffer()
    out.feed(b"l 2\r\nsecond")
    assert out.take(AnswerRule.FIRST_LINE) == b"l 2"
    assert out.take(AnswerRule.FIRST_LINE) is None
    assert out.take_rest() == b"second"
    assert out.take_rest() is None


def test_the_buffered_bytes_are_one_object_holding_what_is_not_taken() -> None:
    # The persistent host keeps a reference to them for the whole match (its emptiness test is
    # on every request's path), so no operation may swap the bytearray for another.
    out = OutputBuffer()
    data = out.data
    out.feed(b"l 2\nsec")
    assert out.take(AnswerRule.FIRST_LINE) == b"l 2"
    assert out.data is data and data == b"sec"
    out.feed(b"ond")
    assert out.take(AnswerRule.FIRST_CHAR) == b"s"
    assert out.data is data and data == b"econd"
    assert out.take_rest() == b"econd"
    assert out.data is data and not data


def test_first_char_is_the_first_byte() -> None:
    out = OutputBuffer()
    assert out.take(AnswerRule.FIRST_CHAR) is None
    out.feed(b"rl")
    assert out.take(AnswerRule.FIRST_CHAR) == b"r"


@pytest.mark.parametrize(
    ("raw", "rule", "answer"),
    [
        (b"r", AnswerRule.FIRST_CHAR, "r"),
        (b"\xc3", AnswerRule.FIRST_CHAR, None),
        (b"\xc3\xa9t\xc3\xa9", AnswerRule.FIRST_LINE, "été"),
        (b"\xff move", AnswerRule.FIRST_LINE, None),
    ],
)
def test_answers_must_be_ascii_or_utf8(raw: bytes, rule: AnswerRule, answer: str | None) -> None:
    decoded, problem = decode_answer(raw, rule)
    assert decoded == answer
    assert (problem == "") == (answer is not None)


def test_tail_keeps_the_last_bytes_and_counts_all() -> None:
    tail = Tail(8)
    tail.feed(b"first line\n")
    tail.feed(b"Error: x\n")
    assert tail.total == 20
    assert tail.text() == "rror: x\n"
    assert tail.last_line() == "rror: x"


def test_python_file_runs_with_this_interpreter_by_absolute_path(tmp_path: Path) -> None:
    (tmp_path / "bot.py").write_text("print('l')\n")
    assert BotCommand.parse("bot.py", tmp_path).argv == (sys.executable, str(tmp_path / "bot.py"))


def test_bare_python_becomes_this_interpreter_and_file_arguments_absolute(tmp_path: Path) -> None:
    (tmp_path / "bot.py").write_text("print('l')\n")
    command = BotCommand.parse("python3 bot.py --fast 'two words'", tmp_path)
    assert command.argv == (sys.executable, str(tmp_path / "bot.py"), "--fast", "two words")


def test_executable_is_found_on_path_or_by_path(tmp_path: Path) -> None:
    assert BotCommand.parse("sh -c 'echo r'", tmp_path).argv == (shutil.which("sh"), "-c", "echo r")
    assert BotCommand.parse(str(BOTS / "echo_args.sh")).argv == (str(BOTS / "echo_args.sh"),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("missing.py", "does not exist"),
        ("./missing", "does not exist"),
        ("no-such-program-anywhere --x", "neither a file in"),
        ("plain.txt", "is not executable"),
        ("sh -c 'unbalanced", "No closing quotation"),
        ("   ", "empty bot command"),
    ],
)
def test_bad_bot_commands_say_what_and_where(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "plain.txt").write_text("not a program\n")
    with pytest.raises(BotCommandError, match=message):
        BotCommand.parse(text, tmp_path)


@pytest.mark.parametrize(
    ("first_line", "message"),
    [
        (b"#!/bin/sh\r\n", r"has Windows line ends \(CRLF\): its #! line asks for '/bin/sh\\r'"),
        (b"#!/usr/bin/env python3\r\n", r"Windows line ends .*'/usr/bin/env python3\\r'"),
        (b"#! /usr/bin/no-such-interpreter -u\n", "its #! line names the interpreter '/usr/bin/no-such-interpreter', "
                                                   "which does not exist"),
    ],
)
def test_a_script_whose_interpreter_cannot_start_is_refused_before_the_match(
        tmp_path: Path, first_line: bytes, message: str) -> None:
    """Else every turn "crashed" with "No such file or directory" naming the script, which exists."""
    script = tmp_path / "bot"
    script.write_bytes(first_line + b"echo r\r\n")
    script.chmod(0o755)
    with pytest.raises(BotCommandError, match=message):
        BotCommand.parse("bot", tmp_path)


def test_a_script_with_a_good_interpreter_or_none_is_accepted(tmp_path: Path) -> None:
    for name, text in (("env", "#!/usr/bin/env python3\n"), ("sh", "#!/bin/sh -e\n"), ("none", "echo r\n")):
        (tmp_path / name).write_text(text)
        (tmp_path / name).chmod(0o755)
        assert BotCommand.parse(name, tmp_path).argv == (str(tmp_path / name),)


def test_a_folder_given_as_the_bot_names_the_programs_in_it(tmp_path: Path) -> None:
    (tmp_path / "mybot").mkdir()
    (tmp_path / "mybot" / "start").write_text("#!/bin/sh\necho r\n")
    (tmp_path / "mybot" / "start").chmod(0o755)
    (tmp_path / "mybot" / "notes.txt").write_text("")
    for text in ("mybot", "./mybot", str(tmp_path / "mybot")):
        with pytest.raises(BotCommandError, match=r"'.*mybot' is a folder: name the program in it that starts the "
                                                  r"bot \(e.g. 'mybot/start'\)"):
            BotCommand.parse(text, tmp_path)
    (tmp_path / "empty").mkdir()
    with pytest.raises(BotCommandError, match="holds no executable file"):
        BotCommand.parse("empty", tmp_path)


@pytest.mark.parametrize(
    "text",
    ["python3 nope.py", "python3 -u -W ignore nope.py", "sh nope.sh", "bash -e -o posix nope.sh", "python3 -- nope.py",
     f"{sys.executable} -I nope.py"],
)
def test_an_interpreter_with_a_missing_script_is_refused(tmp_path: Path, text: str) -> None:
    with pytest.raises(BotCommandError, match=f"bot script '{tmp_path / 'nope'}[.a-z]*' does not exist"):
        BotCommand.parse(text, tmp_path)


def test_an_interpreter_with_code_a_module_or_an_existing_script_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "bot.sh").write_text("echo r\n")
    (tmp_path / "pkg").mkdir()
    for text in ("sh -c 'echo r'", "python3 -c 'print(1)'", "python3 -m json.tool", "bash -e bot.sh", "sh -s",
                 "python3 pkg", "/bin/echo nope.txt"):
        BotCommand.parse(text, tmp_path)
    with pytest.raises(BotCommandError, match="is a folder"):
        BotCommand.parse("sh pkg", tmp_path)


@pytest.mark.parametrize(
    ("argv", "script"),
    [
        (["python3.11", "-X", "dev", "-OO", "bot.py", "x"], 3),
        (["/usr/bin/pypy3", "-m", "bot"], None),
        (["node", "--require", "hook.js", "--max-old-space-size=64", "bot.js"], 3),
        (["node", "-e", "console.log(1)"], None),
        (["perl", "-Ilib", "-w", "bot.pl"], 2),
        (["ruby", "-r", "json", "bot.rb"], 2),
        (["lua5.4", "bot.lua"], None),  # only "lua" itself is known
        (["lua", "-l", "socket", "bot.lua"], 2),
        (["php", "-d", "memory_limit=64M", "-f", "bot.php"], 3),
        (["php", "-r", "echo 1;"], None),
        (["java", "-Xmx64m", "-jar", "bot.jar"], 2),
        (["java", "-cp", ".", "Bot"], None),  # a class, not a file
        (["zsh", "+o", "nomatch", "bot.zsh"], 2),
        (["ocaml", "bot.ml"], None),  # not a known interpreter: unchecked
    ],
)
def test_which_argument_is_an_interpreters_script(argv: list[str], script: int | None) -> None:
    """``script``: the index among the arguments after the program."""
    assert script_argument(argv[0], argv[1:]) == script


def test_limits_must_be_positive() -> None:
    with pytest.raises(LimitsError, match="cpu_seconds"):
        Limits(cpu_seconds=0)
    with pytest.raises(LimitsError, match="stdout_bytes"):
        Limits(stdout_bytes=-1)


def test_limit_plan_cpu_soft_then_hard_no_core_and_no_nproc_for_root(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    monkeypatch.setattr(os, "geteuid", lambda: 0)
    plan = dict(Limits(cpu_seconds=5, address_space=MiB * 256, processes=10).plan(user_tasks=100))
    assert plan[resource.RLIMIT_CPU] == (5, 6)
    assert plan[resource.RLIMIT_CORE] == (0, 0)
    assert plan[resource.RLIMIT_AS] == (256 * MiB, 256 * MiB)
    assert resource.RLIMIT_NPROC not in plan
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    nproc = dict(Limits(processes=10).plan(user_tasks=100))[resource.RLIMIT_NPROC]
    host_hard = resource.getrlimit(resource.RLIMIT_NPROC)[1]
    assert nproc == ((110, 110) if host_hard == resource.RLIM_INFINITY else (min(110, host_hard),) * 2)


def test_environment_is_explicit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONUNBUFFERED", "1")
    monkeypatch.setenv("SECRET_OF_THE_HOST", "x")
    env = bot_environment(tmp_path, {"EXTRA": "1"})
    assert env == {
        "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path), "TMPDIR": str(tmp_path),
        "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", "EXTRA": "1",
    }


def test_input_files_replace_what_the_bot_planted(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("host file\n")
    seat = tmp_path / "seat"
    seat.mkdir()
    (seat / "utok.txt").symlink_to(outside)
    (seat / "obrana.txt").mkdir()
    (seat / "stale.txt").write_text("old\n")
    write_files(seat, {"utok.txt": "cil=1\n", "obrana.txt": b"x\n", "stale.txt": None, "sub/f": "y"})
    assert outside.read_text() == "host file\n"
    assert not (seat / "utok.txt").is_symlink() and (seat / "utok.txt").read_text() == "cil=1\n"
    assert (seat / "obrana.txt").read_bytes() == b"x\n"
    assert not (seat / "stale.txt").exists()
    assert (seat / "sub" / "f").read_text() == "y"


@pytest.mark.parametrize("name", ["../escape.txt", "/etc/passwd", "", "a/../../b"])
def test_input_file_names_stay_inside_the_seat_folder(name: str) -> None:
    with pytest.raises(SandboxError, match="input file name"):
        TurnInput(files={name: "x"})


def test_record_json_round_trip_and_verdicts_keep_the_answer() -> None:
    record = TurnRecord(BotStatus.OK, "", "l", 0.0123456789, 0.01, "warn\n", None)
    assert TurnRecord.from_json(record.to_json()) == TurnRecord(BotStatus.OK, "", "l", 0.012346, 0.01, "warn\n")
    verdict = record.with_status(BotStatus.INVALID_OUTPUT, "not a move")
    assert (verdict.status, verdict.answer, verdict.ok) == (BotStatus.INVALID_OUTPUT, "l", False)
    assert TurnRecord.skipped("dead worm").status is BotStatus.SKIPPED
    assert TurnRecord.from_json({"status": "lost"}).status is BotStatus.UNKNOWN  # a newer version's status


# --- well-behaved bots ----------------------------------------------------------------------


def test_arguments_files_and_working_folder(host: BotHost) -> None:
    bot = host.spawn_bot(str(BOTS / "echo_args.py"))
    record = bot.run(TurnInput(args=("field.txt", "2"), files={"input.txt": "round 7\n"}), 5.0, AnswerRule.FIRST_LINE)
    assert (record.status, record.answer) == (BotStatus.OK, "field.txt 2 round 7")
    assert record.wall_time > 0 and record.cpu_time > 0
    if host.policy.enabled:
        assert str(bot.workdir) == "/seat"  # a tmpfs in its sandbox
    else:
        assert bot.workdir.parent == host.root


IDS = "import os; print(os.getpid(), os.getpgid(0), os.getsid(0), flush=True)"


@pytest.mark.parametrize("before_exec", [False, True])
def test_a_bot_leads_its_own_session_and_process_group(host: BotHost, before_exec: bool) -> None:
    bot = host.spawn_bot([sys.executable, "-c", IDS], limits=Limits(before_exec=before_exec))
    record = bot.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE)
    assert record.answer is not None, record
    pid, pgid, sid = map(int, record.answer.split())
    assert pgid == sid == pid
    assert sid not in (os.getsid(0), os.getpgrp())


def test_bot_sees_only_the_explicit_environment(host: BotHost, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONUNBUFFERED", "1")
    bot = host.spawn_bot(["/bin/sh", "-c", 'echo "[$PYTHONUNBUFFERED]$HOME|$LANG|$(pwd)"'])
    record = bot.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE)
    assert record.answer == f"[]{bot.workdir}|C.UTF-8|{bot.workdir}"


def test_seat_folder_lasts_the_match_and_seats_do_not_share_one(host: BotHost) -> None:
    # The note is written before the answer: the first line ends the turn and kills the bot.
    script = ["/bin/sh", "-c", "a=$(cat note 2>/dev/null || echo none); echo kept > note; echo $a"]
    first, second = host.spawn_bot(script), host.spawn_bot(script)
    assert first.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE).answer == "none"
    assert first.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE).answer == "kept"
    assert second.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE).answer == "none"


def test_folders_are_removed_when_the_host_closes(tmp_path: Path, policy: SandboxPolicy) -> None:
    with BotHost(root=tmp_path, policy=policy) as host:
        bot = host.spawn_bot(["/bin/sh", "-c", "echo x > f; echo done"])
        assert bot.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE).answer == "done"
        # A sandboxed seat's folder is a tmpfs inside its sandbox: the host has none at all.
        assert Path(bot.workdir / "f").exists() is not policy.enabled
    assert list(tmp_path.iterdir()) == []


def test_first_char_ends_the_turn_without_waiting_for_the_bot(host: BotHost) -> None:
    bot = host.spawn_bot(["/bin/sh", "-c", "printf l; exec sleep 30"])
    record = bot.run(TurnInput(), 10.0, AnswerRule.FIRST_CHAR)
    assert (record.status, record.answer) == (BotStatus.OK, "l")
    assert record.wall_time < 5.0


@pytest.mark.parametrize(
    ("script", "status", "reason"),
    [
        ("kill -SEGV $$", BotStatus.CRASHED, "killed by SIGSEGV"),
        ("printf abc; exit 2", BotStatus.CRASHED, "exited with code 2 without answering (after 3 bytes without a newline)"),
        ("printf abc; exit 0", BotStatus.OK, ""),  # the end of the output ends the line
        ("exit 0", BotStatus.CRASHED, "exited with code 0 without answering"),
        ("exec >&-; exec sleep 30", BotStatus.CRASHED, "closed its stdout without answering"),
    ],
)
def test_how_a_bot_ended_without_a_line(host: BotHost, script: str, status: BotStatus, reason: str) -> None:
    record = host.spawn_bot(["/bin/sh", "-c", script]).run(TurnInput(), 10.0, AnswerRule.FIRST_LINE)
    assert (record.status, record.reason) == (status, reason)
    assert record.wall_time < 5.0


# --- hostile bots -----------------------------------------------------------------------------


def test_sleeps_forever_times_out(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "sleep_forever.py", 0.5)
    assert record.status is BotStatus.TIMEOUT
    assert record.reason == "no answer within 0.500 s"
    assert record.wall_time < 0.5 + SLACK


def test_busy_loop_times_out_and_its_cpu_time_is_counted(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "busy_loop.py", 0.6)
    assert record.status is BotStatus.TIMEOUT
    assert record.cpu_time > 0  # how much of the 0.6 s depends on how busy the cores are
    # A bot that answers once it has used 0.2 s of CPU, however long that takes: all of it counts.
    burner = host.spawn_bot([sys.executable, "-c", BURN_CPU])
    burnt = burner.run(TurnInput(), 60.0, AnswerRule.FIRST_LINE)
    assert (burnt.status, burnt.answer) == (BotStatus.OK, "burnt") and burnt.cpu_time >= 0.19, burnt


BURN_CPU = "import time\nwhile time.process_time() < 0.2:\n    pass\nprint('burnt', flush=True)"


def test_child_holding_stdout_does_not_delay_the_answer(host: BotHost, marker: str) -> None:
    # The leader writes "l" without a newline and exits; its child keeps stdout open, so no EOF
    # comes. The leader's exit ends the turn.
    record = play_next_to_good_bots(host, marker, "fork_holds_stdout.py", 5.0, args=("answer",))
    assert (record.status, record.answer) == (BotStatus.OK, "l")
    assert record.wall_time < 2.5


def test_child_holding_stdout_is_killed_at_the_deadline(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "fork_holds_stdout.py", 0.5)
    assert record.status is BotStatus.TIMEOUT


@pytest.mark.parametrize("variant", ["daemon", "zombie"])
def test_setsid_double_fork_escapee_is_found_and_killed(host: BotHost, marker: str, variant: str) -> None:
    # The grandchild is in its own session, has an empty environment and holds stdout. As a
    # classic daemon nothing links it to the bot but the marker rlimit; with the intermediate
    # left a zombie, the session recorded from that zombie finds it too.
    record = play_next_to_good_bots(host, marker, "setsid_escape.py", 5.0, args=(variant,))
    assert (record.status, record.answer) == (BotStatus.OK, "r")


def test_100_mb_on_stdout_is_cut_at_the_cap(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "print_100mb.py", 5.0)
    assert record.status is BotStatus.KILLED
    assert record.reason == f"wrote more than {MiB} bytes to stdout without an answer"
    assert record.wall_time < 2.5


def test_100_mb_on_stdout_first_char_is_the_answer(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "print_100mb.py", 5.0, AnswerRule.FIRST_CHAR)
    assert (record.status, record.answer) == (BotStatus.OK, "x")


def test_stderr_flood_is_cut_and_its_tail_kept(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "flood_stderr.py", 5.0)
    assert record.status is BotStatus.KILLED
    assert record.reason == f"wrote more than {MiB} bytes to stderr"
    assert 0 < len(record.stderr_tail) <= 4096 and "debug debug" in record.stderr_tail


def test_exits_nonzero_at_once(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "exit_nonzero.sh", 5.0)
    assert record.status is BotStatus.CRASHED
    assert record.reason == "exited with code 3 without answering: giving up"
    assert record.exit_code == 3
    assert record.stderr_tail == "giving up\n"


@pytest.mark.parametrize("rule", list(AnswerRule))
def test_non_utf8_output_is_invalid(host: BotHost, marker: str, rule: AnswerRule) -> None:
    record = play_next_to_good_bots(host, marker, "non_utf8.py", 5.0, rule)
    assert record.status is BotStatus.INVALID_OUTPUT
    assert record.answer is None


def test_half_a_line_and_no_newline_times_out(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "no_newline.py", 0.5)
    assert record.status is BotStatus.TIMEOUT
    assert record.reason == "no answer within 0.500 s (3 bytes without a newline)"


def test_allocating_2_gb_fails_under_the_address_space_limit(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "alloc_2gb.py", 5.0)
    assert record.status is BotStatus.CRASHED
    assert record.reason == "exited with code 1 without answering: MemoryError"


def test_a_runtime_reserving_gigabytes_it_never_touches_runs_where_the_seat_cgroup_holds_memory(
        host: BotHost, marker: str) -> None:
    """The JVM reserves gigabytes at start: under a 1 GiB address space it could not start at
    all (and said so on stdout, read as its answer). A seat whose memory a cgroup holds limits
    what a process writes instead, so it runs, while alloc_2gb.py still fails (above)."""
    if not host.policy.enabled or cgroups.availability():
        pytest.skip(f"needs a sandbox with seat cgroups: {cgroups.availability() or 'unsandboxed'}")
    record = play_next_to_good_bots(host, marker, "reserve_4gb.py", 5.0)
    assert (record.status, record.answer) == (BotStatus.OK, f"reserved {4 << 30}")


def test_bounded_fork_bomb_is_killed_whole(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "fork_bomb.py", 0.8)
    assert record.status is BotStatus.TIMEOUT


def test_cpu_limit_kills_a_busy_loop(host: BotHost, marker: str) -> None:
    record = play_next_to_good_bots(host, marker, "busy_loop.py", 5.0, limits=Limits(cpu_seconds=1))
    assert record.status is BotStatus.KILLED
    if host.policy.enabled:  # the launcher adds up the seat's CPU time and kills it all
        assert record.reason == "used up its CPU time limit (1 s, all its processes together)"
        assert record.exit_code == -signal.SIGKILL
    else:
        assert record.reason == "used up its CPU time limit (1 s)"
        assert record.exit_code == -signal.SIGXCPU


@pytest.mark.parametrize("before_exec", [False, True])
def test_file_size_limit_kills_a_big_writer(host: BotHost, before_exec: bool) -> None:
    # Limits set right after the start arrive within about 0.1 ms; a compiled writer that starts
    # at once can beat that, so the default case waits a moment (before_exec has no such window).
    wait = "" if before_exec else "sleep 0.05; "
    limits = Limits(file_size=MiB, before_exec=before_exec)
    bot = host.spawn_bot(["/bin/sh", "-c", f"{wait}exec head -c 2000000 /dev/zero > big"], limits=limits)
    record = bot.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE)
    assert record.status is BotStatus.KILLED
    assert record.reason == f"wrote a file larger than its limit ({MiB} bytes)"


def test_limits_before_exec_are_in_place_when_the_program_starts(host: BotHost) -> None:
    # In a sandbox the launcher sets them on itself before any bot exists (no CPU rlimit: it adds
    # up the whole seat's CPU time instead; the process cap counts the launcher).
    limits = Limits(file_size=MiB, cpu_seconds=7, processes=9, before_exec=True)
    script = "grep -E 'Max (cpu time|file size|processes)' /proc/self/limits | tr -s ' ' | tr '\\n' ,"
    bot = host.spawn_bot(["/bin/sh", "-c", script], limits=limits)
    record = bot.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE)
    if host.policy.enabled:
        assert record.answer == f"Max cpu time unlimited unlimited seconds ,Max file size {MiB} {MiB} bytes ," \
                                "Max processes 10 10 processes ,"
    else:
        assert record.answer is not None and record.answer.startswith(f"Max cpu time 7 8 seconds ,Max file size {MiB} {MiB} bytes ,"), record


def test_program_gone_after_the_command_was_made(host: BotHost, tmp_path: Path) -> None:
    tmp_path.chmod(0o755)  # else a sandboxed seat (its own uid) is shown a copy made at its start
    program = tmp_path / "vanishing.sh"
    program.write_text("#!/bin/sh\necho r\n")
    program.chmod(0o755)
    bot = host.spawn_bot(str(program))
    program.unlink()
    record = bot.run(TurnInput(), 5.0, AnswerRule.FIRST_LINE)
    assert record.status is BotStatus.CRASHED
    assert record.reason.startswith("could not start: [Errno 2]")


def test_ctrl_c_during_a_round_leaves_nothing_running(host: BotHost, marker: str) -> None:
    seats = [host.spawn_bot(str(BOTS / name)) for name in ("sleep_forever.py", "setsid_escape.py", "fork_bomb.py")]
    main = threading.get_ident()
    timer = threading.Timer(0.4, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_round([(s, TurnInput(args=(marker,))) for s in seats], 10.0, AnswerRule.FIRST_LINE)
    finally:
        timer.cancel()
    assert_none_left(marker)


def test_other_children_of_the_host_are_left_alone(host: BotHost, marker: str) -> None:
    # A child the host started itself is neither killed nor reaped by a sweep, so its own
    # Popen still gets its true exit status.
    # (sleep itself, not a shell around it: a killed shell would leave its sleep to this
    # process, the subreaper, and 30 s later a zombie would turn up in another test's check)
    foreign = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        record = play_next_to_good_bots(host, marker, "setsid_escape.py", 5.0)
        assert record.status is BotStatus.OK
        assert foreign.poll() is None
    finally:
        foreign.kill()
    assert foreign.wait() == -signal.SIGKILL


def test_rounds_in_two_threads_keep_their_bots_apart(marker: str, tmp_path: Path, policy: SandboxPolicy) -> None:
    results: dict[str, list[TurnRecord]] = {}

    def play(name: str, bots: list[str]) -> None:
        with BotHost(root=tmp_path, env={MARK_VARIABLE: marker}, policy=policy) as host:
            seats = [host.spawn_bot(str(BOTS / bot)) for bot in bots]
            results[name] = run_round([(s, TurnInput(args=(marker,))) for s in seats], 1.0, AnswerRule.FIRST_LINE)

    threads = [
        threading.Thread(target=play, args=("a", ["setsid_escape.py", "sleep_forever.py"])),
        threading.Thread(target=play, args=("b", ["fork_holds_stdout.py", "echo_args.py"])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r.status for r in results["a"]] == [BotStatus.OK, BotStatus.TIMEOUT]
    assert [(r.status, r.answer) for r in results["b"]] == [(BotStatus.TIMEOUT, None), (BotStatus.OK, f"{marker} -")]
