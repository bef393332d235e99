"""``snakepit tournament`` and ``snakepit duel``: results on stdout, progress on stderr, one line
and exit status 2 for every bad input, Ctrl-C keeps the finished games (exit status 130)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.cli_tournament import _plan, _progress_line, duel_names, main
from arena.tournament import (
    Entrant, GameRecord, Progress, TournamentInterrupted, TournamentRun, TournamentSpec, compute_standings,
)
from arena.tournament.store import FAILED_FILE, GAMES_FILE, RESULTS_FILE

ROOT = Path(__file__).resolve().parents[2]
SMALL = ["--size", "15x15", "--length", "3", "--steps", "200"]
PAIR = ["--entrant", "tb=tail_biter", "--entrant", "ha=head_avoider"]


def standings_part(out: str) -> list[str]:
    """The standings table and its notes: stdout up to its first blank line (the head-to-head
    table follows it)."""
    return out.split("\n\n")[0].splitlines()


def test_a_tournament_prints_the_table_and_writes_the_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["tournament", "snake", *PAIR, "--entrant", "hu=hunter", "--seats", "2", "--seed", "3",
                   "--jobs", "1", "--out", str(tmp_path), *SMALL])
    out, err = capsys.readouterr()
    assert status == 0
    rows = [line.split() for line in standings_part(out)[1:]]
    results = json.loads((tmp_path / RESULTS_FILE).read_text())
    assert [row[1] for row in rows] == [s["name"] for s in results["standings"]]
    assert [row[2] for row in rows] == ["4", "4", "4"]
    heading, columns, *crosstable = out.split("\n\n")[1].splitlines()  # who beat whom, in the standings' order
    assert heading == "Head to head: each row against each column, wins-draws-losses" and columns.split() == ["#", "entrant", "1", "2", "3"]
    names = [row[1] for row in rows]
    meetings = results["head_to_head"]
    assert [line.split() for line in crosstable] == [
        [str(i + 1), a, *("x" if a == b else "{wins}-{draws}-{losses}".format(**meetings[a][b]) for b in names)]
        for i, a in enumerate(names)]
    assert all(meetings[a][b]["games"] == 2 for a in names for b in names if a != b)
    lines = err.splitlines()
    assert lines[0] == "snakepit: 6 games of 2 seats; every entrant plays 4"
    assert len(lines) == 7 and [line[:6] for line in lines[1:]] == [f"[{i}/6] " for i in range(1, 7)]
    assert len((tmp_path / GAMES_FILE).read_text().splitlines()) == 6


def test_a_rerun_says_it_resumes_and_a_broken_folder_prints_no_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["tournament", "snake", *PAIR, "--games-per-pairing", "4", "--jobs", "1", "--out", str(tmp_path), *SMALL]
    lines = (tmp_path / GAMES_FILE)
    assert main(arguments) == 0
    capsys.readouterr()
    lines.write_text("".join(lines.read_text().splitlines(keepends=True)[:3]))  # as if stopped after 3 games
    assert main(arguments) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "snakepit: resuming: 3 of 4 games already played" and err[1].startswith("[4/4] game ")
    assert main(["tournament", "snake", *PAIR, "--out", "/proc/no/such/folder", *SMALL]) == 2
    assert capsys.readouterr().err.splitlines() == ["snakepit: --out /proc/no/such/folder: cannot create it: No such file or directory"]


def test_a_rerun_says_what_is_left_and_a_failed_game_is_retried_once_its_line_is_deleted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rerun with a game recorded as failed said 'resuming: 4 of 4 games already played' (3
    were), and nothing said how to play that game after all."""
    arguments = ["tournament", "snake", *PAIR, "--games-per-pairing", "4", "--seed", "2", "--jobs", "1",
                 "--out", str(tmp_path), *SMALL]
    assert main(arguments) == 0
    whole = (tmp_path / RESULTS_FILE).read_text()
    capsys.readouterr()
    assert main(arguments) == 0
    assert capsys.readouterr().err.splitlines()[0] == "snakepit: nothing left to play: 4 of 4 games already played"
    games = (tmp_path / GAMES_FILE).read_text().splitlines(keepends=True)
    (tmp_path / GAMES_FILE).write_text("".join(line for line in games if '"index":2,' not in line.replace(" ", "")))
    (tmp_path / FAILED_FILE).write_text('{"index": 2, "seed": 1, "seats": ["tb", "ha"], "error": "its worker process died"}\n')
    assert main(arguments) == 0
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == ("snakepit: nothing left to play: 3 of 4 games already played, "
                                   "1 could not be played (not played again)")
    assert standings_part(out)[-1] == (f"(game 3 could not be played and counts in no standing; it is not played again "
                                    f"on resume: delete its line in {tmp_path / FAILED_FILE} to retry)")
    (tmp_path / FAILED_FILE).write_text("")  # the cause mended
    assert main(arguments) == 0
    err_lines = capsys.readouterr().err.splitlines()
    assert err_lines[0] == "snakepit: resuming: 3 of 4 games already played" and err_lines[1].startswith("[4/4] game 3: ")
    assert (tmp_path / RESULTS_FILE).read_text() == whole  # as if it had never failed


def test_three_entrants_in_four_seats_are_explained_and_counted_once_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["tournament", "snake", *PAIR, "--entrant", "hu=hunter", "--seats", "4", "--seed", "3", "--jobs", "1",
                   *SMALL])
    out, err = capsys.readouterr()
    note = ("3 entrants in 4 seats: one entrant takes two seats in each game, in turn; each game counts once per "
            "entrant, placed by its better seat")
    assert status == 0
    assert err.splitlines()[:2] == ["snakepit: 3 games of 4 seats; every entrant plays 3", f"snakepit: {note}"]
    lines = out.splitlines()
    assert [row.split()[2] for row in lines[1:4]] == ["3", "3", "3"] and lines[4] == f"({note})"
    assert out.split("\n\n")[1].splitlines()[0] == "Head to head: each row against each column, finished ahead-level-behind"


def test_a_tournament_stopped_before_its_first_game_prints_no_empty_head_to_head(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A table of dots only (nobody met yet) under a table of zeros said nothing but took a screen."""

    def stopped_at_once(spec: TournamentSpec, *args: object, **kwargs: object) -> TournamentRun:
        raise TournamentInterrupted(TournamentRun(spec, {}, 2, compute_standings(spec.names, [])))

    monkeypatch.setattr("arena.cli_tournament.run_tournament", stopped_at_once)
    assert main(["tournament", "snake", *PAIR, "--seed", "1", "--jobs", "1", *SMALL]) == 130
    out = capsys.readouterr().out
    assert "Head to head" not in out and out.splitlines()[-1].startswith("(standings after 0 of 2 games")


def test_a_game_of_one_seat_count_says_exactly_how_many(capsys: pytest.CaptureFixture[str]) -> None:
    """It said "--seats 2: worms is played by 4..4 players"."""
    assert main(["tournament", "worms", "--entrant", "g=greedy.sh", "--entrant", "r=random_bot", "--map", "meadow", "--seats", "2"]) == 2
    assert capsys.readouterr().err == "snakepit: --seats 2: worms is played by exactly 4 players\n"


@pytest.mark.parametrize("command", ["tournament", "duel"])
def test_a_game_without_its_map_names_the_flag_as_match_does(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "worms needs a map (option map: a playfield file at round 0)": no flag named."""
    arguments = (["worms", "--entrant", "g=greedy.sh", "--entrant", "r=random_bot"] if command == "tournament"
                 else ["greedy.sh", "random_bot", "worms"])
    assert main([command, *arguments]) == 2
    assert capsys.readouterr().err == ("snakepit: worms needs --map FILE (the map: a playfield file at round 0, "
                                       "or a sample map's name (meadow))\n")


def test_a_long_schedule_is_announced_with_its_size_before_it_starts() -> None:
    entrants = [Entrant.parse("snake", f"e{i}=hunter") for i in range(10)]
    spec = TournamentSpec.build("snake", entrants, 1, options={"steps": 10})
    assert spec.seats == 4 and len(spec.schedule()) == 840
    assert _plan(spec, 0, 840) == [
        "snakepit: 840 games of 4 seats; every entrant plays 336",
        "snakepit: a long tournament: every 4 of the 10 entrants meet (210 groups × 4 games); "
        "--seats 2 would make it 90 head-to-head games"]
    two = TournamentSpec.build("snake", entrants, 1, seats=2, options={"steps": 10})
    assert _plan(two, 0, 90) == ["snakepit: 90 games of 2 seats; every entrant plays 18"]


def test_a_bot_that_crashes_in_every_game_is_said_in_its_games_and_below_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its games count as worms scores them (a crashed worm goes straight on), so the table alone
    would rank it without a word: the progress lines, a note and results.json say it."""
    status = main(["tournament", "worms", "--entrant", "rnd=random_bot", "--entrant",
                   f"bad=sh {ROOT / 'tests' / 'bots' / 'exit_nonzero.sh'}", "--map", "pinwheel", "--rounds", "2",
                   "--seed", "1", "--jobs", "1", "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 0
    assert "(bad: crashed in 2 of 2 games)" in out.splitlines() and "rnd:" not in out
    assert [line.count("(1, crashed)") for line in err.splitlines() if line.startswith("[")] == [2, 2]
    standings = {s["name"]: s for s in json.loads((tmp_path / RESULTS_FILE).read_text())["standings"]}
    assert standings["bad"]["faults"] == {"crashed": 2} and standings["rnd"]["faults"] == {}


def test_progress_lines_show_the_eta_as_a_clock_once_it_is_known() -> None:
    record = GameRecord(7, 1, ("a", "b"), (3.0, 1.0), (1, 2), ("ok", "ok"), 40)
    assert _progress_line(Progress(2, 90, 4.0, None, record)) == "[ 2/90] game 8: a #1 (3), b #2 (1)"
    assert _progress_line(Progress(3, 90, 5.0, 75.4, record)).endswith("b #2 (1)  ETA 1:15")
    assert _progress_line(Progress(3, 90, 5.0, 3 * 3600 + 62, record)).endswith("ETA 3:01:02")
    assert "ETA" not in _progress_line(Progress(90, 90, 9.0, 0.0, record))
    # very short games: games remain, so the estimate is never 0:00 (which reads as done)
    assert _progress_line(Progress(3, 90, 0.05, 0.3, record)).endswith("ETA 0:01")
    assert _progress_line(Progress(89, 90, 0.05, 0.0, record)).endswith("ETA 0:01")
    late = GameRecord(7, 1, ("a", "b"), (3.0, 1.0), (1, 2), ("ok", "invalid_output"), 40)
    assert _progress_line(Progress(2, 90, 4.0, None, late)) == "[ 2/90] game 8: a #1 (3), b #2 (1, invalid output)"


def test_without_a_seed_a_fresh_one_is_printed_and_then_reused_from_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "snake", *PAIR, "--jobs", "1", "--out", str(tmp_path), *SMALL]) == 0
    seed = json.loads((tmp_path / RESULTS_FILE).read_text())["seed"]
    assert f"snakepit: seed {seed}" in capsys.readouterr().err
    assert main(["tournament", "snake", *PAIR, "--jobs", "1", "--out", str(tmp_path), *SMALL]) == 0
    assert "seed" not in capsys.readouterr().err


def write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text)
    return str(tmp_path / name)


@pytest.mark.parametrize(("arguments", "message"), [
    (["--entrant", "tb"], "--entrant 'tb': expected NAME=PROGRAM_OR_BOT"),
    (["--entrant", "=tail_biter"], "--entrant '=tail_biter': expected NAME=PROGRAM_OR_BOT"),
    (["--entrant", "x=no_such_program"], "--entrant x: no_such_program: cannot read"),
    (["--entrant", "x={tmp}/bad.snake.json"], "--entrant x: {tmp}/bad.snake.json: line 2, column 1: invalid JSON"),
    (["--entrant", "tb=hunter"], "--entrant tb: two entrants have that name"),
    (["--entrant", "a\nb=hunter"], "--entrant 'a\\nb': a name is printable text on one line"),  # split the table
    (["--games-per-pairing", "3"], "--games-per-pairing 3: must be a positive multiple of 2"),
    (["--seats", "5"], "--seats 5: snake is played by 2..4 players"),
    (["--size", "5x5", "--length", "9"], "options width 5, height 5, length 9: 2 snakes of length 9 do not fit"),
    (["--steps", "0"], "--steps 0: a game has from 1 to 1,000,000 steps"),
    (["--steps", str(10**23)], f"--steps {10**23}: a game has from 1 to 1,000,000 steps"),  # played on and on
    (["--rounds", "1000001"], "--rounds: expected a whole number from 0 to 1,000,000, got 1000001"),
    (["--length", "1"], "--length 1: a snake has at least 2 cells"),
    (["--option", "colour=3"], "snake takes no option 'colour'"),
    (["--jobs", "0"], "--jobs 0: at least 1 job"),
    (["--jobs", "100000"], "--jobs 100000: at least 1 job and at most 256"),  # hung, starting processes
])
def test_bad_tournament_input_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str,
) -> None:
    write(tmp_path, "bad.snake.json", "{\n")
    arguments = [a.replace("{tmp}", str(tmp_path)) for a in arguments]
    status = main(["tournament", "snake", *PAIR, *arguments])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("snakepit: ")
    assert message.replace("{tmp}", str(tmp_path)) in err


@pytest.mark.parametrize(("arguments", "message"), [
    (["tournament", "snake", "--entrant", "tb=tail_biter"], "a tournament needs at least 2 entrants, got 1"),
    (["tournament", "worms", "--entrant", "a=./a", "--entrant", "b=./b", "--size", "9x9"], "--size is a snake option"),
    (["tournament", "chess", "--entrant", "a=./a", "--entrant", "b=./b"], "'chess'"),
    (["duel", "tail_biter", "hunter", "snake", "--elo0", "30"], "--elo0 30.0 --elo1 20.0: elo0 must be below elo1"),
    (["duel", "tail_biter", "no_such_program", "snake"], "B: no_such_program: cannot read"),
    (["duel", "tail_biter", "hunter", "snake", "--jobs", "257"], "--jobs 257: at least 1 job and at most 256"),
])
def test_other_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], arguments: list[str], message: str) -> None:
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_second_tournament_in_the_same_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "snake", *PAIR, "--seed", "1", "--jobs", "1", "--out", str(tmp_path), *SMALL]) == 0
    capsys.readouterr()
    assert main(["tournament", "snake", *PAIR, "--seed", "2", "--jobs", "1", "--out", str(tmp_path), *SMALL]) == 2
    assert capsys.readouterr().err == (f"snakepit: {tmp_path} holds another tournament: seed 2, the folder has 1; "
                                       "use another --out\n")


def test_a_folder_of_other_files_is_refused_and_left_as_it_was(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: ``--out`` a folder of the user's own (with a results.json of theirs) wrote the
    tournament's results over it, and a folder with another games.jsonl was refused only after a
    tournament.json, a lock and a replays folder were put in it."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "results.json").write_text("my notes\n")
    assert main(["tournament", "snake", *PAIR, "--jobs", "1", "--out", str(folder), *SMALL]) == 2
    err = capsys.readouterr().err
    assert err == (f"snakepit: --out {folder} holds other files (results.json) and no tournament (tournament.json); "
                   "use a new or empty folder\n")
    assert [p.name for p in folder.iterdir()] == ["results.json"] and (folder / "results.json").read_text() == "my notes\n"
    file = tmp_path / "a.jsonl"
    file.write_text("x\n")
    assert main(["tournament", "snake", *PAIR, "--jobs", "1", "--out", str(file), *SMALL]) == 2
    assert capsys.readouterr().err == f"snakepit: --out {file} is a file, not a folder; use a new or empty folder\n"


def test_a_first_run_that_could_not_write_its_spec_leaves_a_folder_the_next_run_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The spec is written before anything else of the tournament's: a run stopped in between
    (here: a full disk) left ``replays/`` without ``tournament.json``, a folder of other files the
    next run refused."""
    out = tmp_path / "t"

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("arena.tournament.store.atomic_write_text", full)
        assert main(["tournament", "snake", *PAIR, "--jobs", "1", "--out", str(out), *SMALL]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert main(["tournament", "snake", *PAIR, "--jobs", "1", "--out", str(out), *SMALL]) == 0


def test_a_duel_prints_the_running_score_and_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "nine_cards", "head_avoider", "snake", "--seed", "3", "--jobs", "1", "--max-games", "200", *SMALL]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("A = nine_cards, B = head_avoider, snake; SPRT elo0 0 elo1 20 alpha 0.05 beta 0.05")
    assert [int(line.split()[1]) for line in lines[1:-1]] == list(range(2, 2 * len(lines) - 2, 2))
    assert lines[-1].startswith(f"H1 accepted after {2 * (len(lines) - 2)} games: nine_cards is stronger than head_avoider")


def test_a_duel_refused_after_its_seed_was_drawn_prints_only_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "tail_biter", "hunter", "snake", "--option", "colour=3"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("snakepit: snake takes no option 'colour'")


@pytest.mark.parametrize(("a", "b", "names"), [
    ("nine_cards", "head_avoider", ("nine_cards", "head_avoider")),
    ("hunter", "hunter", ("hunter (A)", "hunter (B)")),
    ("samples/snake/hunter.snake.json", "./mine.snake.json", ("hunter", "mine")),
    ("python3 bots/v2.py", "samples/worms/greedy.sh", ("v2", "greedy")),
])
def test_a_duel_verdict_names_the_programs(a: str, b: str, names: tuple[str, str]) -> None:
    assert duel_names(a, b) == names


def test_ctrl_c_keeps_the_finished_games_and_leaves_no_worker(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "arena.cli_tournament", "tournament", "snake", *PAIR, "--entrant", "hu=hunter",
               "--seats", "2", "--games-per-pairing", "200", "--seed", "1", "--jobs", "2", "--out", str(tmp_path), *SMALL]
    process = subprocess.Popen(command, cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        if (tmp_path / GAMES_FILE).exists() and len((tmp_path / GAMES_FILE).read_bytes().splitlines()) >= 3:
            break
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
    out, err = process.communicate(timeout=20)
    assert process.returncode == 130, err
    finished = len((tmp_path / GAMES_FILE).read_text().splitlines())
    assert 3 <= finished < 600
    *table, note = standings_part(out)  # the partial table, as results.json has it, and what it is
    assert note == (f"(standings after {finished} of 600 games: the tournament is not finished; "
                    f"the same command with --out {tmp_path} resumes)")
    rows = [line.split() for line in table[1:]]
    standings = json.loads((tmp_path / RESULTS_FILE).read_text())["standings"]
    assert [(row[1], int(row[2])) for row in rows] == [(s["name"], s["games"]) for s in standings]
    assert sum(int(row[2]) for row in rows) == 2 * finished
    assert err.splitlines()[-1] == (f"snakepit: interrupted with {finished}/600 games finished; "
                                    f"the same command with --out {tmp_path} resumes")
    assert json.loads((tmp_path / RESULTS_FILE).read_text())["games"] == finished
    deadline = time.monotonic() + 15  # the fork server and resource tracker end on our exit, a moment later
    while living_in_group(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert living_in_group(process.pid) == []  # the pool's workers are gone with it


@pytest.mark.parametrize(("signal_number", "status", "how"), [(signal.SIGINT, 130, "interrupted"),
                                                             (signal.SIGTERM, 143, "stopped by SIGTERM")])
def test_a_stopped_duel_says_it_is_not_decided(signal_number: int, status: int, how: str) -> None:
    """It ended with its last running line and status 130, on stdout and stderr alike no word of
    the stop."""
    command = [sys.executable, "-m", "arena.cli_tournament", "duel", "hunter", "tail_biter", "snake", "--elo0", "0",
               "--elo1", "1", "--max-games", "100000", "--seed", "3", "--jobs", "1", *SMALL]
    process = subprocess.Popen(command, cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None
    while not process.stdout.readline().startswith("games 4 "):  # two pairs played
        assert process.poll() is None
    os.killpg(process.pid, signal_number)
    rest, err = process.communicate(timeout=20)
    assert process.returncode == status, err
    running = [int(line.split()[1]) for line in rest.splitlines() if line.startswith("games ")]
    games = running[-1] if running else 4  # the score so far stays the line above
    assert rest.splitlines()[-1] == f"stopped after {games} games without a decision between hunter and tail_biter"
    assert err.splitlines()[-1] == f"snakepit: {how} after {games} games; the duel is not decided"


def living_in_group(group: int) -> list[str]:
    """Processes of a process group that are still alive (zombies waiting for init do not count)."""
    living = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            living.append(f"{stat.parent.name}: {(stat.parent / 'cmdline').read_bytes().replace(bytes(1), b' ')[:120]!r}")
    return living


@pytest.mark.parametrize(("arguments", "message"), [
    (["--steps", "5", "--option", "steps=7"], "--steps 5 and --option steps=7 both set steps: give one of them"),
    (["--rounds", "5", "--steps", "7"], "--rounds 5 and --steps 7 both set steps: give one of them"),
    (["--rounds", "4", "--option", "steps=5"], "--rounds 4 and --option steps=5 both set steps: give one of them"),
    (["--size", "9x9", "--option", "height=9"], "--size 9x9 and --option height=9 both set height: give one of them"),
    (["--length", "3", "--option", "length=3"], "--length 3 and --option length=3 both set length: give one of them"),
])
@pytest.mark.parametrize("command", ["tournament", "duel"])
def test_a_setting_given_by_a_flag_and_by_option_is_refused_naming_both(
        capsys: pytest.CaptureFixture[str], command: str, arguments: list[str], message: str) -> None:
    """The flag won silently: ``--steps 5 --option steps=7`` played 5 steps."""
    start = ["tournament", "snake", *PAIR] if command == "tournament" else ["duel", "tail_biter", "hunter", "snake"]
    assert main([*start, "--seed", "1", *arguments]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"snakepit: {message}\n"


@pytest.mark.parametrize(("arguments", "message"), [
    (["--map", "meadow", "--option", "map=other"], "--map meadow and --option map=other both set map"),
    (["--time-limit", "2", "--option", "time_limit=1"], "--time-limit 2.0 and --option time_limit=1 both set time_limit"),
    (["--no-sandbox", "--option", "sandbox=true"], "--no-sandbox and --option sandbox=true both set sandbox"),
])
def test_a_bot_games_flag_and_option_for_one_setting_are_refused(
        capsys: pytest.CaptureFixture[str], arguments: list[str], message: str) -> None:
    assert main(["tournament", "worms", "--entrant", "a=./a", "--entrant", "b=./b", "--seed", "1", *arguments]) == 2
    assert capsys.readouterr().err == f"snakepit: {message}: give one of them\n"


@pytest.mark.parametrize(("game", "takes"), [
    ("snake", "--rounds, --size, --length, --steps; --option KEY=VALUE sets width, height, length, start"),
    ("worms", "--rounds, --map, --time-limit, --line-end; --option KEY=VALUE sets map_text, limits, sandbox, network"),
    ("itpw", "--rounds, --bank, --pause-bots; --option KEY=VALUE sets limits, sandbox, network"),
])
def test_a_flag_of_another_game_is_refused_listing_what_the_game_takes(
        capsys: pytest.CaptureFixture[str], game: str, takes: str) -> None:
    """It said '--map is not an option of snake (it takes --rounds)': snake's --size, --length and
    --steps were left out. Every flag the message lists is one the game takes."""
    wrong = "--playfield" if game != "snake" else "--map"
    assert main(["tournament", game, "--entrant", "a=./a", "--entrant", "b=./b", "--seed", "1", wrong, "x"]) == 2
    assert capsys.readouterr().err == f"snakepit: {wrong} is not an option of {game} (it takes {takes})\n"
    for flag in takes.split(";")[0].split(", "):
        value = {"--size": ["9x9"], "--line-end": ["lf"], "--map": ["x"], "--pause-bots": []}.get(flag, ["3"])
        main(["tournament", game, "--entrant", "a=./a", "--entrant", "b=./b", "--seed", "1", "--jobs", "0",
              flag, *value])
        assert "is not an option" not in capsys.readouterr().err
