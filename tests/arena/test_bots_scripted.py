"""The scripted bots (arena/bots/scripted.py) that the referees' unit tests play against.

First that a script gives the records a real bot doing the same gives (the same statuses,
reasons, answers, exit codes and stderr; only the times differ, which a script sets): each case
runs once as a real process and once as a script. Then what only a script can do: exact wall
times against the deadline, what a bot was sent and asked in order, a script that is not
followed failing the test with a message naming the seat and the request.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.bots import UNSANDBOXED, AnswerRule, BotHost, BotStatus, Limits, TurnInput, TurnRecord
from arena.bots.scripted import Reply, Request, Script, ScriptedHost, ScriptError, Turn, answer, crash, silent, stop
from arena.match import MatchSetup, MatchSetupError, run_match

SHORT, LONG = 1.0, 10.0
"""Deadlines of the equivalence cases: short where the bot stays silent (both time out), long
where it answers or exits (a busy machine must not turn a real bot's answer into a timeout).
Short is still long enough that a silent Python bot's start (some 20 ms of CPU) reads as the
waiting it is (under a tenth of the deadline), as the script's silence does."""


def untimed(record: TurnRecord) -> TurnRecord:
    return record._replace(wall_time=0.0, cpu_time=0.0)


@pytest.fixture
def real_host(tmp_path: Path) -> Iterator[BotHost]:
    with BotHost(Limits(), root=tmp_path, policy=UNSANDBOXED) as host:
        yield host


def python(code: str) -> list[str]:
    return [sys.executable, "-c", "import os, sys, time\n" + code]


# What a persistent bot does when asked for a line: as a program, and as a script.
LINE_CASES = {
    "answers": ("sys.stdin.readline(); print('hello', flush=True); sys.stdin.read()", answer("hello")),
    "answers not UTF-8": ("sys.stdin.readline(); sys.stdout.buffer.write(b'\\xff\\xfe\\n'); sys.stdout.flush(); "
                          "sys.stdin.read()", answer(b"\xff\xfe\n")),
    "crashes": ("sys.stdin.readline(); sys.stderr.write('Traceback\\nValueError: boom\\n'); sys.exit(3)",
                crash(3, stderr="Traceback\nValueError: boom\n")),
    "killed by a signal": ("import signal; sys.stdin.readline(); os.kill(os.getpid(), signal.SIGSEGV)", crash(-11)),
    "a last line without newline, then exits": ("sys.stdin.readline(); sys.stdout.write('last'); sys.exit(0)",
                                                answer(b"last", exit_code=0)),
    "silent": ("sys.stdin.read()", silent()),
    "half a line": ("sys.stdin.readline(); sys.stdout.write('abc'); sys.stdout.flush(); sys.stdin.read()",
                    Reply(output=b"abc")),
}


@pytest.mark.parametrize("case", list(LINE_CASES))
def test_a_scripted_line_bot_records_what_a_real_bot_doing_the_same_records(case: str, real_host: BotHost) -> None:
    code, reply = LINE_CASES[case]
    timeout = SHORT if case in ("silent", "half a line") else LONG
    real = real_host.start_bot(python(code))
    scripted = ScriptedHost([Script(reply)]).start_bot("true")
    got = [untimed(bot.request("ask", timeout)) for bot in (real, scripted)]
    assert got[1] == got[0]
    assert scripted.running == real.running == (got[0].status in (BotStatus.OK, BotStatus.INVALID_OUTPUT))
    if not real.running:  # every later request says why it is gone
        assert untimed(scripted.request("again", timeout)) == untimed(real.request("again", timeout))


def test_answering_then_exiting_shows_at_the_next_request_as_with_a_real_bot(real_host: BotHost) -> None:
    real = real_host.start_bot(python("sys.stdin.readline(); print('bye', flush=True); sys.exit(1)"))
    scripted = ScriptedHost([Script(answer("bye", exit_code=1))]).start_bot("true")
    for bot in (real, scripted):
        assert untimed(bot.request("ask", 5.0)) == TurnRecord(BotStatus.OK, "", "bye")
    second = [untimed(bot.request("again", 5.0)) for bot in (real, scripted)]
    assert second[1] == second[0] == TurnRecord(BotStatus.CRASHED, "exited with code 1 without answering", exit_code=1)


@pytest.mark.parametrize(("code", "exit_after", "grace"), [
    ("sys.stdin.read()", 0.001, 5.0),          # exits at the end of its input
    ("sys.stdin.read(); sys.exit(2)", 0.001, 5.0),
    ("sys.stdin.read(); time.sleep(60)", None, 0.2),  # ignores it: killed after the grace
])
def test_closing_a_scripted_bot_ends_it_as_a_real_one_ends(code: str, exit_after: float | None, grace: float,
                                                            real_host: BotHost) -> None:
    real = real_host.start_bot(python(code))
    exit_code = 2 if "exit(2)" in code else 0
    scripted = ScriptedHost([Script(exit_after=exit_after, exit_code=exit_code)]).start_bot("true")
    assert untimed(scripted.close(grace)) == untimed(real.close(grace))


# What a spawned bot writes, under each answer rule: as a program, and as a script.
TURN_CASES = [
    ("sys.stdout.write('lthen more')", answer(b"lthen more"), AnswerRule.FIRST_CHAR),
    ("sys.stdout.buffer.write('é'.encode())", answer("é"), AnswerRule.FIRST_CHAR),
    ("sys.exit(2)", crash(2), AnswerRule.FIRST_CHAR),
    ("print('u 2 1'); print('v')", answer("u 2 1\nv"), AnswerRule.FIRST_LINE),
    ("sys.stdout.write('r 1')", answer(b"r 1", exit_code=0), AnswerRule.FIRST_LINE),
    ("sys.stderr.write('no idea\\n'); sys.exit(0)", crash(0, stderr="no idea\n"), AnswerRule.FIRST_LINE),
    ("time.sleep(60)", silent(), AnswerRule.FIRST_LINE),
]


@pytest.mark.parametrize(("code", "reply", "rule"), TURN_CASES, ids=[c for c, _, _ in TURN_CASES])
def test_a_scripted_spawned_turn_records_what_a_real_turn_records(code: str, reply: Reply, rule: AnswerRule,
                                                                   real_host: BotHost) -> None:
    real = real_host.spawn_bot(python(code))
    scripted_host = ScriptedHost([Script(reply)])
    scripted = scripted_host.spawn_bot("true")
    timeout = SHORT if reply == silent() else LONG
    expected = untimed(real_host.run_round([(real, TurnInput())], timeout, rule)[0])
    assert untimed(scripted_host.run_round([(scripted, TurnInput())], timeout, rule)[0]) == expected


# --- what only a script does ----------------------------------------------------------------------


def test_the_deadline_is_exact_an_answer_at_it_is_too_late_and_the_bot_is_killed() -> None:
    bot = ScriptedHost([Script(answer("a", wall=0.999, cpu=0.5), answer("b", wall=1.0, cpu=0.9))]).start_bot("true")
    assert bot.request("1", 1.0) == TurnRecord(BotStatus.OK, "", "a", 0.999, 0.5)
    assert bot.request("2", 1.0) == TurnRecord(BotStatus.TIMEOUT, "no answer within 1.000 s", None, 1.0, 0.9)
    assert not bot.running and bot.request("3", 1.0).reason == "not running: no answer within 1.000 s"


def test_a_line_written_early_answers_the_next_request_at_once() -> None:
    bot = ScriptedHost([Script(answer("a\nb", wall=0.2))]).start_bot("true")
    assert [(r.answer, r.wall_time) for r in (bot.request("1", 1.0), bot.read_line(1.0))] == [("a", 0.2), ("b", 0.0)]


def test_everything_sent_and_asked_is_recorded_in_order_and_nothing_after_the_end() -> None:
    script = Script(answer("ok"), crash(1))
    host = ScriptedHost([script])
    bot = host.start_bot("true", name="player-1", env={"BOT_SEED": "7"}, pause_between_requests=True)
    bot.send("1")
    bot.request("1 0 30", 30.0)
    bot.send("2 0 0")
    bot.request("1 1 29", 29.0)
    bot.send("3 0 0")  # it is gone: nobody reads this
    assert script.received == ["1", "1 0 30", "2 0 0", "1 1 29"]
    assert script.requests == [Request("1 0 30", 30.0), Request("1 1 29", 29.0)]
    assert (script.name, script.env["BOT_SEED"]) == ("player-1", "7")
    assert [what for _, what in host.log] == [
        "started", "sent '1'", "sent '1 0 30'", "ok 'ok' after 0.000 s", "paused", "sent '2 0 0'", "resumed",
        "sent '1 1 29'", "ended: crashed: exited with code 1 without answering", "crashed None after 0.000 s"]


def test_a_spawned_turn_records_its_arguments_files_and_deadline() -> None:
    script = Script(answer("l"))
    host = ScriptedHost([script])
    bot = host.spawn_bot("true", name="worm-0")
    host.run_round([(bot, TurnInput((f"{bot.workdir}/playfield.txt", "0"), {"playfield.txt": "map"}))], 3.0,
                   AnswerRule.FIRST_CHAR)
    assert script.turns == [Turn(("/scripted/worm-0/playfield.txt", "0"), {"playfield.txt": "map"}, 3.0)]


def test_a_request_the_script_does_not_expect_fails_naming_the_seat_and_the_request() -> None:
    host = ScriptedHost([Script(answer("0", to="1 0 30"))])
    bot = host.start_bot("true", name="player-1")
    with pytest.raises(ScriptError, match=r"seat 0 \(player-1\): request 1 was '1 0 29', the script expects '1 0 30'"):
        bot.request("1 0 29", 29.0)


def test_a_request_beyond_the_script_fails_and_unused_replies_are_reported() -> None:
    host = ScriptedHost([Script(answer("0")), Script(answer("0"), answer("1"))])
    first, second = host.start_bot("true", name="a"), host.start_bot("true", name="b")
    first.request("x", 1.0)
    with pytest.raises(ScriptError, match=r"seat 0 \(a\): no reply left in the script for request 2 \('y'\)"):
        first.request("y", 1.0)
    second.request("x", 1.0)
    with pytest.raises(ScriptError, match=r"seat 1 \(b\): 1 of 2 replies"):
        host.assert_done()


def test_then_answers_every_later_request_and_may_depend_on_it() -> None:
    bot = ScriptedHost([Script(then=lambda line: answer("1" if str(line).split()[1] == "1" else "0"))]).start_bot("true")
    assert [bot.request(line, 1.0).answer for line in ("1 0 30", "1 1 30", "1 0 30")] == ["0", "1", "0"]


def test_stopping_the_match_while_a_bot_thinks_sets_the_cancel_event() -> None:
    cancel = threading.Event()
    bot = ScriptedHost([Script(stop(wall=0.5))]).start_bot("true")
    record = bot.request("1", 5.0, cancel)
    assert cancel.is_set() and record.status is BotStatus.KILLED and record.reason == "the match was cancelled"


def test_a_bot_that_cannot_start_is_crashed_and_never_asked() -> None:
    script = Script(start_error="[Errno 2] No such file or directory")
    bot = ScriptedHost([script]).start_bot("true")
    assert bot.ended == TurnRecord(BotStatus.CRASHED, "could not start: [Errno 2] No such file or directory")
    assert bot.request("1", 1.0).status is BotStatus.CRASHED and script.requests == []


def test_a_match_given_a_scripted_host_starts_no_process_and_the_normal_path_is_unchanged(tmp_path: Path) -> None:
    scripts = [Script(then=answer(".")) for _ in range(4)]
    host = ScriptedHost(scripts)
    map_text = (Path(__file__).parents[2] / "samples" / "worms" / "meadow.txt").read_text()
    setup = MatchSetup("worms", ("true",) * 4, 1, {"map_text": map_text, "rounds": 2, "sandbox": False})
    result = run_match(setup, host_factory=host, host_root=tmp_path, bot_env={"EXTRA": "1"})
    assert result.rounds == 2 and host.closed and host.policy == UNSANDBOXED and host.env == {"EXTRA": "1"}
    assert list(tmp_path.iterdir()) == []  # no seat folder: nothing ran
    assert [len(s.turns) for s in scripts] == [2, 2, 2, 2]
    with pytest.raises(MatchSetupError):  # the factory is gone with the match: the next one is checked as ever
        run_match(MatchSetup("worms", ("no-such-bot",) * 4, 1, {"map_text": map_text}))
