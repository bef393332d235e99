"""``snakepit match``: the final JSON line, progress on stderr, the replay it records, the seed it
picks, bad inputs (exit 2, one line naming the place), and a match killed mid-way."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.bots import BotStatus, TurnRecord
from arena import cli_progress
from arena.cli_progress import STATUS_LINE_LIMIT, status_lines
from arena.match import RoundInfo
from arena.replay import read_replay, verify_replay
from editor.cli import main
from tests.arena.test_match_api import FARMER, GREEDY, KINGDOMS, MEADOW, ROOT, WORMS, host  # noqa: F401
from tests.arena.test_bots_warden import _cgroups_of
from tests.bots.survivors import (
    BOTS,
    describe,
    new_marker,
    processes_with,
    still_alive,
    tree,
    wardens_of,
    zombie_children,
)

HEURISTIC = str(WORMS / "heuristic_bot.py")


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def bots(*commands: str) -> list[str]:
    return [part for command in commands for part in ("--bot", command)]


@pytest.mark.parametrize(("game", "args", "rounds"), [
    ("worms", ["--map", MEADOW, *bots(HEURISTIC, GREEDY, str(WORMS / "random_bot.py"), GREEDY)], 8),
    ("kingdoms", bots(FARMER, str(KINGDOMS / "heuristic_bot.py"), FARMER, f"python3 {KINGDOMS / 'random_bot.py'}"), 8),
    ("snake", ["--bot", "hunter", "--bot", "tail_biter"], 20),
])
def test_a_match_ends_with_its_result_as_json(
    game: str, args: list[str], rounds: int, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: 0.0))  # no round is due
    record = tmp_path / "r.jsonl"
    code, out, err = run(capsys, "match", game, *args, "--seed", 5, "--rounds", rounds, "--record", record)
    assert code == 0, err
    final = json.loads(out.splitlines()[-1])
    replay = read_replay(record)
    assert replay.result is not None
    assert final == {"game": game, **{k: replay.result[k] for k in ("rounds", "scores", "ranks", "statuses")}}
    assert final["rounds"] == len(replay.rounds) == rounds
    assert final["statuses"] == ["ok"] * len(replay.seats)
    progress = err.splitlines()
    if game != "snake":  # card programs run inside snakepit: no sandbox to speak of
        said = progress.pop(0)
        assert said.startswith("snakepit: each bot in a sandbox of its own: own PID, mount, IPC and UTS namespaces;")
    assert progress == [f"round {rounds}: scores {' '.join(map(str, replay.result['scores']))}; "
                        f"end: {replay.result['end']}"]  # the last round's line, always
    assert replay.seed == 5
    assert verify_replay(record).ok


def test_progress_says_why_the_first_time_a_seat_gets_each_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli_progress.ProgressEvery, "clock", staticmethod(lambda: 0.0))  # no round is due
    seats = bots(GREEDY, str(BOTS / "exit_nonzero.sh"), str(BOTS / "sleep_forever.py"), GREEDY)
    code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *seats, "--seed", 5, "--rounds", 3,
                       "--time-limit", 0.3)
    assert code == 0, err
    lines = err.splitlines()[1:]  # after the sandbox's line
    assert lines[0].startswith("round 1: scores ") and lines[0].endswith("; seat 1 crashed; seat 2 timeout")
    assert lines[1:3] == [
        "round 1: seat 1 (exit_nonzero.sh) crashed: exited with code 3 without answering: giving up",
        "round 1: seat 2 (sleep_forever.py) timeout: no answer within 0.300 s",
    ]
    # A later round with nothing new is not due (the clock stands still); the last one repeats the
    # status in the round's line, not the reason.
    [last] = lines[3:]
    assert last.startswith("round 3: scores ") and last.endswith("; seat 1 crashed; seat 2 timeout; end: round_limit")


def test_a_status_line_is_one_line_of_limited_length() -> None:
    record = TurnRecord(BotStatus.CRASHED, "exited with code 1 without answering: " + "x" * 400 + "\nsecond line")
    info = RoundInfo(4, None, (TurnRecord(BotStatus.OK), record), (), (), (0, 0))
    seen: set[tuple[int, BotStatus]] = set()
    [line] = status_lines(info, ["a.py", "b.py"], seen)
    assert line.startswith("round 4: seat 1 (b.py) crashed: exited with code 1 without answering: xxx")
    assert len(line) == STATUS_LINE_LIMIT and line.endswith("…") and "\n" not in line
    assert status_lines(info, ["a.py", "b.py"], seen) == []  # said once per seat and status


def test_without_a_seed_one_is_chosen_said_and_recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seeds = []
    for name in ("a", "b"):
        record = tmp_path / f"{name}.jsonl"
        code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *bots(*(GREEDY,) * 4), "--rounds", 1,
                           "--record", record)
        assert code == 0
        said = err.splitlines()[0]
        assert said.startswith("snakepit: seed ") and said.endswith(" (chosen at random)")
        seeds.append(int(said.split()[2]))
        assert read_replay(record).seed == seeds[-1]
    assert seeds[0] != seeds[1]


def _map_with(tmp_path: Path, line: int, old: str, new: str) -> Path:
    """meadow.txt with ``old`` replaced by ``new`` on its (1-based) ``line``."""
    lines = Path(MEADOW).read_text().splitlines(keepends=True)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path = tmp_path / "bad_map.txt"
    path.write_text("".join(lines))
    return path


BAD_MAPS = [
    ("unknown character", 8, "#    ", "#  Q ", ":8:4: unknown character 'Q' at cell [3, 1]"),
    ("row too short", 10, "   #\n", "  #\n", ":10: board row y=3 has 33 characters, expected 34"),
    ("open border", 9, "#", " ", ":9:1: the border is open at cell [0, 2]"),
    ("worm line not on its worm", 3, "3 2 2 2", "5 2 2 2", ":9:6: worm 0's head [5, 2] (line 3) holds '.'"),
    ("too few rows", 2, "34 20", "34 21", ":27: the board has 20 rows, expected 21"),
    ("bad header", 1, "0 1000 100", "0 1000", ":1: expected 3 whole numbers"),
    ("not a start", 1, "0 1000 100", "5 1000 100", ":1: a map is a playfield at round 0"),
]


@pytest.mark.parametrize(("what", "line", "old", "new", "message"), BAD_MAPS, ids=[m[0] for m in BAD_MAPS])
def test_a_bad_map_is_exit_2_and_one_line_naming_file_line_and_column(
    what: str, line: int, old: str, new: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = _map_with(tmp_path, line, old, new)
    record = tmp_path / "r.jsonl"
    code, out, err = run(capsys, "match", "worms", "--map", path, *bots(*(GREEDY,) * 4), "--record", record)
    assert_one_line_error(code, out, err, f"{path}{message}")
    assert not record.exists()


BAD_ARGS = [
    (["worms", "--map", MEADOW, *bots(GREEDY, GREEDY, "no/such/bot.py", GREEDY)], ["seat 2: bot program", "does not exist"]),
    (["worms", "--map", MEADOW, *bots(GREEDY, GREEDY, "no-such-program", GREEDY)], ["seat 2: bot program 'no-such-program'"]),
    (["worms", "--map", MEADOW, *bots(GREEDY, GREEDY, str(WORMS / "README.md"), GREEDY)], ["seat 2:", "is not executable"]),
    (["worms", "--map", MEADOW, *bots(GREEDY, GREEDY, GREEDY, "python3 nope.py")], ["seat 3: bot script", "nope.py' does not exist"]),
    (["worms", "--map", MEADOW, *bots("sh nope.sh", GREEDY, GREEDY, GREEDY)], ["seat 0: bot script", "nope.sh' does not exist"]),
    (["worms", "--map", MEADOW, *bots(GREEDY, GREEDY, GREEDY)], ["match worms: 3 --bot given; worms is played by 4 seats: one --bot CMD each, seat 0 first"]),
    # the option's help says what the map is; it read "(the map: the map: a playfield file ..."
    (["worms", *bots(*(GREEDY,) * 4)], ["match worms needs --map FILE (the map: a playfield file at round 0, "]),
    (["worms", "--map", "no/such/map.txt", *bots(*(GREEDY,) * 4)], ["no/such/map.txt: cannot read it: No such file or directory"]),
    # a sample's name mistyped: it said "medow: cannot read it: No such file or directory", no word of the samples
    (["worms", "--map", "medow", *bots(*(GREEDY,) * 4)], ["medow: no such file, nor one of the worms samples (meadow, pinwheel, "]),
    (["kingdoms", "--playfield", "defualt", *bots(*(FARMER,) * 4)], ["defualt: no such file, nor one of the kingdoms samples (default_playfield)"]),
    (["kingdoms", "--map", MEADOW, *bots(*(FARMER,) * 4)], ["--map is not an option of kingdoms"]),
    (["kingdoms", "--playfield", "{playfield}", *bots(*(FARMER,) * 4)], ["bad_playfield.txt line 1: kingdom 2 farming"]),
    (["kingdoms", *bots(*(FARMER,) * 4), "--time-limit", "0"], ["match kingdoms: --time-limit: expected a positive number of seconds, got 0.0"]),
    # poll() cannot wait that long: an OverflowError's traceback at the first request
    (["bioblots", *bots(GREEDY, GREEDY), "--time-limit", "1e9"], ["match bioblots: --time-limit: at most 86400 seconds"]),
    (["itpw", *bots(*(GREEDY,) * 4), "--bank", "1e300"], ["match itpw: --bank: at most 86400 seconds"]),
    (["snake", "--bot", "hunter", "--bot", "nothing_like_it"], ["seat 1:", "nothing_like_it"]),
    (["chess", "--bot", "a"], ["invalid choice: 'chess'"]),
]


@pytest.mark.parametrize(("args", "parts"), BAD_ARGS)
def test_a_bad_argument_is_exit_2_and_one_line_naming_it(
    args: list[str], parts: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    playfield = tmp_path / "bad_playfield.txt"
    playfield.write_text("0/500: " + " ".join(["25 10 1 1 3 3 0"] * 2 + ["25 10 1 1 3 x 0", "25 10 1 1 3 3 0"]) + "\n")
    record = tmp_path / "r.jsonl"
    argv = [a.replace("{playfield}", str(playfield)) for a in ["match", *args, "--seed", "1", "--record", str(record)]]
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own usage errors
        code = int(exit_.code or 0)
    captured = capsys.readouterr()
    assert_one_line_error(code, captured.out, captured.err, *parts)
    assert not record.exists()


def assert_one_line_error(code: int, out: str, err: str, *parts: str) -> None:
    assert (code, out) == (2, ""), (code, out, err)
    assert "Traceback" not in err and err.startswith("snakepit") and err.endswith("\n")
    assert len(err.splitlines()) == 1, err
    for part in parts:
        assert part in err, f"{part!r} not in {err!r}"


# --- a killed match -----------------------------------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_match_keeps_its_finished_rounds(signum: int, tmp_path: Path) -> None:
    """The CLI is killed while round 4 or later runs. The replay has every round it finished,
    reads and verifies, and has no result line. SIGTERM also ends the bots and says so on one
    line; after SIGKILL the runner's warden kills them (see the next test)."""
    zombies = zombie_children()
    scratch = tmp_path / "scratch"  # the seats' folders: in every bot's environment
    scratch.mkdir()
    record = tmp_path / "r.jsonl"
    command = [sys.executable, "-m", "editor.cli", "match", "worms", "--map", MEADOW, *bots(*(GREEDY,) * 4),
               "--seed", "3", "--record", str(record)]
    env = {**os.environ, "TMPDIR": str(scratch)}
    cli = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and cli.poll() is None:
            if record.exists() and record.read_text().count('"type":"round"') >= 4:
                break
            time.sleep(0.01)
        assert cli.poll() is None, f"the match ended before it could be killed: {cli.communicate()}"
        cli.send_signal(signum)
        out, err = cli.communicate(timeout=10)
    finally:
        if cli.poll() is None:
            cli.kill()
            cli.wait()
    assert cli.returncode == -signum if signum == signal.SIGKILL else cli.returncode == 128 + signum
    if signum == signal.SIGTERM:
        assert out == "" and err.splitlines()[-1] == f"snakepit: match stopped by SIGTERM; {record} keeps the finished rounds"
    replay = read_replay(record)
    assert replay.result is None and len(replay.rounds) >= 4
    assert verify_replay(record).ok
    _no_bots_left(scratch, zombies)


def _no_bots_left(scratch: Path, zombies_before: set[int]) -> None:
    """Wait for the bots (greedy.sh ends in milliseconds, but a loaded machine may starve it for
    a while); reap those orphaned to this process, which the bot layer makes a child subreaper
    when a test here has run bots in-process."""
    deadline = time.monotonic() + 10.0
    while processes_with(str(scratch)) and time.monotonic() < deadline:
        time.sleep(0.01)
    left = processes_with(str(scratch))
    assert left == [], describe(left)
    for pid in zombie_children() - zombies_before:
        os.waitpid(pid, 0)


@pytest.mark.parametrize("sandbox", ["sandboxed", "unsandboxed"])
def test_a_sigkilled_match_leaves_no_bot_and_no_scratch_folder(tmp_path: Path, sandbox: str) -> None:
    """SIGKILL gives the CLI no chance to clean up. Its bots (a sleeper, a leader whose daemon
    escaped with setsid, a fork bomb's 64 processes) must still be gone within a few seconds:
    sandboxed, their sandboxes die with the CLI (bubblewrap's --die-with-parent, and each
    launcher sees its socket close); unsandboxed, the CLI's warden kills them by their markers.
    Either way no scratch folder and no seat cgroup is left, and the warden is gone too."""
    zombies = zombie_children()
    mark = new_marker()
    scratch = tmp_path / mark  # unsandboxed seats' folders are made here: the mark is in their environment
    scratch.mkdir()
    seats = [str(BOTS / "sleep_forever.py"), f"{BOTS / 'setsid_escape.py'} {mark} hang", str(BOTS / "fork_bomb.py"), GREEDY]
    command = [sys.executable, "-m", "editor.cli", "match", "worms", "--map", MEADOW, *bots(*seats), "--seed", "3",
               "--time-limit", "8", *(["--no-sandbox"] if sandbox == "unsandboxed" else [])]
    env = {**os.environ, "TMPDIR": str(scratch)}
    cli = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seen: set[tuple[int, int]] = set()
    try:
        # Mid-round 1: 1 sleeper + the escaping leader and its daemon + 64 of the fork bomb. Run
        # by another user than root and unsandboxed, the fork bomb stops earlier, at the process
        # limit the bot layer sets for the match (the user's tasks + 64): wait until the count
        # stops growing.
        wanted = 67 if os.geteuid() == 0 or sandbox == "sandboxed" else 4
        deadline, count, steady_since = time.monotonic() + 30, 0, time.monotonic()
        while time.monotonic() < deadline and cli.poll() is None:
            seen |= tree(cli.pid)
            if len(seen) != count:
                count, steady_since = len(seen), time.monotonic()
            if processes_with(mark) and (count >= 67 or (count >= wanted and time.monotonic() - steady_since > 1.0)):
                break
            time.sleep(0.02)
        seen |= tree(cli.pid)
        assert cli.poll() is None, f"the match ended before it could be killed: {cli.communicate()}"
        assert len(processes_with(mark)) >= 2 and len(seen) >= wanted, describe(still_alive(seen))
        cli.kill()
        cli.communicate(timeout=10)
        deadline = time.monotonic() + 20  # seconds, not the bots' minutes
        while time.monotonic() < deadline and (still_alive(seen) or processes_with(mark) or any(scratch.iterdir())):
            time.sleep(0.02)
        left = sorted(set(still_alive(seen)) | set(processes_with(mark)))
        assert left == [], describe(left)
        assert list(scratch.iterdir()) == []
        while time.monotonic() < deadline and (wardens_of(cli.pid) or _cgroups_of(cli.pid)):
            time.sleep(0.02)
        assert wardens_of(cli.pid) == []  # its work done, the warden is gone too
        assert _cgroups_of(cli.pid) == []
    finally:
        if cli.poll() is None:
            cli.kill()
            cli.wait()
        for pid in set(processes_with(mark)) | set(still_alive(seen)):  # a failed test must not leave them running
            os.kill(pid, signal.SIGKILL)
    # The orphans come to this process if an in-process bot test made it a child subreaper.
    for pid in zombie_children() - zombies:
        os.waitpid(pid, 0)


def test_a_bot_whose_folder_the_sandbox_cannot_show_is_said_with_its_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot straight in /tmp (or a home folder) is shown alone, its folder not: its helper
    module beside it is not there, and it crashed with a bare ModuleNotFoundError."""
    name = f"snakepit_alone_{os.getpid()}"
    bot, helper = Path("/tmp") / f"{name}.py", Path("/tmp") / f"{name}_helper.py"
    try:
        helper.write_text("MOVE = 'l'\n")
        bot.write_text(f"import {name}_helper\nprint({name}_helper.MOVE)\n")
        code, _, err = run(capsys, "match", "worms", "--map", MEADOW, *bots(GREEDY, str(bot), GREEDY, GREEDY),
                           "--seed", 5, "--rounds", 1)
    finally:
        bot.unlink(missing_ok=True)
        helper.unlink(missing_ok=True)
    assert code == 0, err
    lines = err.splitlines()
    assert lines[1] == (f"snakepit: seat 1: shown without their folder: {bot}: a home or shared folder is not shown, "
                        "so the bot sees no file beside these; keep a bot's files in a folder of its own")
    assert "shown without" not in lines[0] and not any(line.startswith("snakepit: seat 0") for line in lines)
    assert f"ModuleNotFoundError: No module named '{name}_helper'" in err
