"""Running tournaments: the same results for any --jobs, resumable after a kill or a cancel
(finished games are never played again), one replay per game, a checked --out folder."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.replay import verify_replay
from arena.samples import resolve_program
from arena.program_battle import BattleSettings, play_battle
from arena.tournament import Entrant, Progress, TournamentError, TournamentSpec, play_game, run_tournament, runner
from arena.tournament.games import CancelFlag, GameTask
from arena.tournament import pool
from arena.tournament.pool import Executor, OnDone, make_executor
from arena.tournament.store import GAMES_FILE, RESULTS_FILE, refusal
from matcher import load_program
from tests.arena.test_tournament_results import SMALL, small_spec

ROOT = Path(__file__).resolve().parents[2]
FOUR = ("tail_biter", "hunter", "nine_cards", "head_avoider")


def games_file(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (out / GAMES_FILE).read_text().splitlines()]


def by_index(out: Path) -> list[dict[str, object]]:
    return sorted(games_file(out), key=lambda g: int(str(g["index"])))


def test_results_are_identical_for_one_and_two_jobs(tmp_path: Path) -> None:
    spec = small_spec(*FOUR, seats=2, per_pairing=4)
    one, two = run_tournament(spec, tmp_path / "one", jobs=1), run_tournament(spec, tmp_path / "two", jobs=2)
    assert one.complete and two.complete and len(one.records) == 24
    assert (tmp_path / "one" / RESULTS_FILE).read_text() == (tmp_path / "two" / RESULTS_FILE).read_text()
    assert by_index(tmp_path / "one") == by_index(tmp_path / "two")
    for index in (0, 23):
        replay = f"replays/game-{index:04d}.jsonl"
        assert (tmp_path / "one" / replay).read_text() == (tmp_path / "two" / replay).read_text()


def test_four_seat_games_record_every_seat(tmp_path: Path) -> None:
    run = run_tournament(small_spec(*FOUR, "beginner", seats=4), tmp_path, jobs=1)
    assert len(run.records) == 20 and all(len(r.seats) == 4 for r in run.records.values())
    assert {s.games for s in run.standings.table} == {16}
    header = json.loads((tmp_path / "replays" / "game-0007.jsonl").read_text().splitlines()[0])
    assert [seat["name"] for seat in header["seats"]] == list(run.records[7].seats)
    assert header["seed"] == run.records[7].seed


def test_a_game_replays_from_its_record(tmp_path: Path) -> None:
    """The recorded seed and seats replay the game: what a viewer opening it relies on."""
    run = run_tournament(small_spec("tail_biter", "hunter", per_pairing=2), tmp_path, jobs=1)
    game = run.records[1]
    programs = [load_program(resolve_program(name)) for name in game.seats]
    settings = BattleSettings(game.seed, SMALL["width"], SMALL["height"], SMALL["length"], SMALL["steps"])
    result = play_battle(programs, settings)
    assert tuple(result.ranks) == game.ranks and result.steps == game.rounds
    outcome = play_game("snake", list(game.seats), game.seed, tmp_path / "again.jsonl", options=SMALL, names=game.seats)
    assert outcome is not None and outcome.ranks == game.ranks
    assert (tmp_path / "again.jsonl").read_text() == (tmp_path / "replays" / "game-0001.jsonl").read_text()
    assert verify_replay(tmp_path / "replays" / "game-0001.jsonl").ok


def test_resume_after_a_kill_plays_only_the_unfinished_games(tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [sys.executable, "-m", "arena.cli_tournament", "tournament", "snake", "--seed", "5", "--out", str(out),
               "--jobs", "1", "--seats", "2", "--games-per-pairing", "10", "--size", "15x15", "--length", "3",
               "--steps", "200", *(f"--entrant={n}={n}" for n in ("tail_biter", "hunter", "nine_cards", "beginner"))]
    process = subprocess.Popen(command, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and process.poll() is None:
            if (out / GAMES_FILE).exists() and len((out / GAMES_FILE).read_bytes().splitlines()) >= 10:
                break
            time.sleep(0.005)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert process.returncode == -signal.SIGKILL, process.stderr.read() if process.stderr else ""
    first = {int(str(g["index"])): g for g in games_file(out)}
    assert 10 <= len(first) < 60
    replays = {i: (out / "replays" / f"game-{i:04d}.jsonl").stat().st_mtime_ns for i in first}

    played: list[int] = []
    spec = small_spec("tail_biter", "hunter", "nine_cards", "beginner", seats=2, per_pairing=10, seed=5)
    run = run_tournament(spec, out, jobs=2, on_progress=lambda p: played.append(p.record.index))
    assert run.complete and len(games_file(out)) == 60
    assert sorted(played) == sorted(set(range(60)) - set(first))
    assert all(g == first[i] for i, g in ((int(str(g["index"])), g) for g in games_file(out)) if i in first)
    assert replays == {i: (out / "replays" / f"game-{i:04d}.jsonl").stat().st_mtime_ns for i in first}
    run_tournament(spec, tmp_path / "fresh", jobs=1)
    assert (out / RESULTS_FILE).read_text() == (tmp_path / "fresh" / RESULTS_FILE).read_text()
    assert by_index(out) == by_index(tmp_path / "fresh")


@pytest.mark.parametrize("jobs", [1, 2])
def test_cancel_keeps_the_finished_games_and_a_rerun_completes(tmp_path: Path, jobs: int) -> None:
    spec = small_spec(*FOUR, seats=2, per_pairing=4)
    cancel = threading.Event()
    progress: list[Progress] = []

    def stop_after_five(p: Progress) -> None:
        progress.append(p)
        if p.done == 5:
            cancel.set()

    partial = run_tournament(spec, tmp_path, jobs=jobs, on_progress=stop_after_five, cancel=cancel)
    assert not partial.complete and 5 <= len(partial.records) < 24  # stopped, not played to the end
    assert len(games_file(tmp_path)) == len(partial.records)
    assert json.loads((tmp_path / RESULTS_FILE).read_text())["games"] == len(partial.records)
    assert not list((tmp_path / "replays").glob("*.part"))
    assert [p.done for p in progress] == list(range(1, len(progress) + 1)) and progress[-1].total == 24
    assert progress[0].eta is None  # no pace yet: the clock starts at the first finished game
    assert all(p.eta is not None and p.eta >= 0 for p in progress[jobs:])
    assert partial.replay_path(progress[0].record.index) == tmp_path / "replays" / f"game-{progress[0].record.index:04d}.jsonl"
    replay = partial.replay_path(progress[0].record.index)
    assert replay is not None and replay.exists()

    rest = run_tournament(spec, tmp_path, jobs=jobs)
    assert rest.complete and len(games_file(tmp_path)) == 24
    assert rest.standings.table == run_tournament(spec, jobs=1).standings.table


def test_a_partial_last_line_from_a_kill_is_cut_off(tmp_path: Path) -> None:
    spec = small_spec("tail_biter", "hunter", per_pairing=4)
    cancel = threading.Event()
    def on_progress(progress: Progress) -> None:
        if progress.done == 2:
            cancel.set()

    run_tournament(spec, tmp_path, jobs=1, on_progress=on_progress, cancel=cancel)
    text = (tmp_path / GAMES_FILE).read_text()
    assert len(text.splitlines()) == 2
    (tmp_path / GAMES_FILE).write_text(text + '{"index": 3, "se')
    run = run_tournament(spec, tmp_path, jobs=1)
    assert run.complete and sorted(int(str(g["index"])) for g in games_file(tmp_path)) == [0, 1, 2, 3]


@pytest.mark.parametrize(("change", "message"), [
    ({"seed": 2}, "{out} holds another tournament: seed 2, the folder has 1; use another --out"),
    ({"per_pairing": 4}, "{out} holds another tournament: games per pairing 4, the folder has 2; use another --out"),
    ({"programs": ("tail_biter", "hunter", "beginner")},
     "{out} holds another tournament: entrants tail_biter, hunter, beginner, the folder has tail_biter, hunter; "
     "use another --out"),
])
def test_another_tournament_in_the_same_folder_is_refused_naming_what_differs(
    tmp_path: Path, change: dict[str, Any], message: str,
) -> None:
    run_tournament(small_spec("tail_biter", "hunter"), tmp_path, jobs=1)
    programs = change.pop("programs", ("tail_biter", "hunter"))
    with pytest.raises(TournamentError) as refused:
        run_tournament(small_spec(*programs, **change), tmp_path, jobs=1)
    assert str(refused.value) == message.format(out=tmp_path)


def test_a_changed_program_is_refused_on_resume(tmp_path: Path) -> None:
    program = tmp_path / "mine.snake.json"
    program.write_text(resolve_program("hunter").read_text())
    spec = small_spec("tail_biter", str(program))
    run_tournament(spec, tmp_path / "out", jobs=1)
    program.write_text(resolve_program("beginner").read_text())
    with pytest.raises(TournamentError) as refused:
        run_tournament(small_spec("tail_biter", str(program)), tmp_path / "out", jobs=1)
    assert str(refused.value) == (f"entrant {program}'s program changed since the tournament in {tmp_path / 'out'} "
                                  f"started ({program}); use another --out")


def worms_spec(entrants: list[tuple[str, str]], options: dict[str, object], seed: int = 4) -> TournamentSpec:
    return TournamentSpec.build("worms", [Entrant.parse("worms", f"{name}={bot}") for name, bot in entrants], seed,
                                options=options)


def test_a_changed_bot_file_is_refused_on_resume_naming_the_entrant(tmp_path: Path) -> None:
    worms = ROOT / "samples" / "worms"
    bot = tmp_path / "bot.py"
    bot.write_text((worms / "random_bot.py").read_text())
    spec = worms_spec([("greedy", str(worms / "greedy.sh")), ("mine", f"python3 {bot}")], {"map": "meadow", "rounds": 3})
    assert [e["files"] for e in spec.to_json()["entrants"]] == [
        {str(worms / "greedy.sh"): hashlib.sha256((worms / "greedy.sh").read_bytes()).hexdigest()},
        {str(bot): hashlib.sha256(bot.read_bytes()).hexdigest()}]  # the script, not the interpreter
    run_tournament(spec, tmp_path / "out", jobs=1)
    again = worms_spec([("greedy", str(worms / "greedy.sh")), ("mine", f"python3 {bot}")], {"map": "meadow", "rounds": 3})
    assert run_tournament(again, tmp_path / "out", jobs=1).complete  # unchanged: resumes (nothing left to play)
    bot.write_text(bot.read_text() + "# a change\n")
    with pytest.raises(TournamentError) as refused:
        run_tournament(again, tmp_path / "out", jobs=1)
    assert str(refused.value) == (f"entrant mine's program changed since the tournament in {tmp_path / 'out'} "
                                  f"started ({bot}); use another --out")


def test_a_map_option_is_stored_absolute_and_a_changed_map_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    worms = ROOT / "samples" / "worms"
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "mine.txt").write_text((worms / "meadow.txt").read_text())
    monkeypatch.chdir(tmp_path)
    bots = [("greedy", str(worms / "greedy.sh")), ("random", str(worms / "random_bot.py"))]
    spec = worms_spec(bots, {"map": "maps/mine.txt", "rounds": 3})
    assert spec.options["map"] == str(tmp_path / "maps" / "mine.txt")
    run_tournament(spec, tmp_path / "out", jobs=1)
    stored = json.loads((tmp_path / "out" / "tournament.json").read_text())
    assert stored["options"]["map"] == str(tmp_path / "maps" / "mine.txt") and "map" in stored["option_files"]
    monkeypatch.chdir(ROOT)  # the same tournament from elsewhere, by its absolute path
    assert run_tournament(worms_spec(bots, {"map": str(tmp_path / "maps" / "mine.txt"), "rounds": 3}), tmp_path / "out",
                          jobs=1).complete
    (tmp_path / "maps" / "mine.txt").write_text((worms / "pinwheel.txt").read_text())
    with pytest.raises(TournamentError) as refused:
        run_tournament(worms_spec(bots, {"map": str(tmp_path / "maps" / "mine.txt"), "rounds": 3}), tmp_path / "out", jobs=1)
    assert str(refused.value) == (f"the file of option map changed since the tournament in {tmp_path / 'out'} started "
                                  f"({tmp_path / 'maps' / 'mine.txt'}); use another --out")
    with pytest.raises(TournamentError) as refused:
        run_tournament(worms_spec(bots, {"map": str(worms / "pinwheel.txt"), "rounds": 3}), tmp_path / "out", jobs=1)
    assert str(refused.value) == (f"{tmp_path / 'out'} holds another tournament: option map differs: "
                                  f"{worms / 'pinwheel.txt'} vs {tmp_path / 'maps' / 'mine.txt'} in the folder; "
                                  "use another --out")


def test_a_record_that_does_not_match_the_schedule_names_its_line(tmp_path: Path) -> None:
    spec = small_spec("tail_biter", "hunter")
    run_tournament(spec, tmp_path, jobs=1)
    lines = (tmp_path / GAMES_FILE).read_text().splitlines()
    lines[1] = lines[1].replace('"seed":', '"seed":1', 1)
    (tmp_path / GAMES_FILE).write_text("\n".join(lines) + "\n")
    with pytest.raises(TournamentError, match=f"{GAMES_FILE}:2: game \\d does not match the schedule"):
        run_tournament(spec, tmp_path, jobs=1)


def test_a_bot_game_tournament_seats_two_entrants_in_four_seats(tmp_path: Path) -> None:
    worms = ROOT / "samples" / "worms"
    entrants = [Entrant.parse("worms", f"greedy={worms / 'greedy.sh'}"), Entrant.parse("worms", f"random={worms / 'random_bot.py'}")]
    spec = TournamentSpec.build("worms", entrants, 4, options={"map": str(worms / "meadow.txt"), "rounds": 8})
    run = run_tournament(spec, tmp_path, jobs=2)
    assert run.complete and [r.seats for r in run.records.values()] == [
        ("greedy", "random", "greedy", "random"), ("random", "greedy", "random", "greedy")]
    assert all(r.rounds == 8 and set(r.statuses) == {"ok"} for r in run.records.values())
    assert {s.games for s in run.standings.table} == {2}  # each game once, though in two seats
    assert {s.wins + s.draws + s.losses for s in run.standings.table} == {2}
    assert spec.shared_seats_note() == ("2 entrants in 4 seats: each entrant takes two seats in every game; each game "
                                        "counts once per entrant, placed by its better seat")
    assert all(verify_replay(tmp_path / "replays" / f"game-{i:04d}.jsonl").ok for i in range(2))


@pytest.mark.parametrize(("game", "argument", "options", "message"), [
    ("worms", "x=./no_such_bot", {}, "--entrant x: bot program '.*no_such_bot' does not exist"),
    ("worms", f"x={ROOT / 'samples' / 'worms' / 'greedy.sh'}", {"map": "no_such_map.txt"}, "no_such_map.txt"),
    ("worms", f"x={ROOT / 'samples' / 'worms' / 'greedy.sh'}", {"colour": 1}, "worms takes no option 'colour'"),
    ("chess", "x=./a", {}, "unknown game 'chess' \\(known: .*snake.*worms"),
])
def test_bad_entrants_and_options_are_refused_before_any_game(game: str, argument: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        entrant = Entrant.parse(game, argument)
        TournamentSpec.build(game, [entrant, Entrant("y", entrant.seat, entrant.source)], 1, options=options)


class FakeClock:
    """``time`` for the runner: a clock that moves only when the test says (and by 1 ms a
    reading, so that games take a little time), whatever the machine's load."""

    def __init__(self) -> None:
        self.now = 100.0

    def monotonic(self) -> float:
        self.now += 0.001
        return self.now


def test_the_eta_starts_at_the_first_finished_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow start (a pool starting up, the first bots) does not inflate the ETA of the run."""
    real = make_executor
    clock = FakeClock()

    class SlowStart:
        def __init__(self, inner: Executor) -> None:
            self.inner = inner

        def run(self, tasks: Iterator[GameTask], on_done: OnDone, cancel: CancelFlag | None = None) -> None:
            clock.now += 1.5
            self.inner.run(tasks, on_done, cancel)

    monkeypatch.setattr(runner, "time", clock)
    monkeypatch.setattr(runner, "make_executor", lambda *args: SlowStart(real(*args)))
    progress: list[Progress] = []
    run_tournament(small_spec(*FOUR, seats=2, per_pairing=2), jobs=1, on_progress=progress.append)
    assert len(progress) == 12 and progress[0].eta is None and progress[0].elapsed >= 1.5
    # games of about a ms on this clock: from the start, game 2's ETA would be 1.5 s / 2 * 10 games = 7.5 s
    assert all(p.eta is not None and p.eta < 0.1 for p in progress[1:]), [p.eta for p in progress]
    assert progress[-1].eta == 0


SLEEPER = """
import os, runpy, sys, time
sys.path.insert(0, os.path.dirname(sys.argv[1]))  # the bot imports the module beside it
bot = runpy.run_path(sys.argv[1])
namespace = bot["main"].__globals__
choose = namespace["choose"]

def slow(game, rng):
    time.sleep(1.0)
    return choose(game, rng)

namespace["choose"] = slow
bot["main"]()
"""


def test_cancel_stops_long_running_games_at_once_and_keeps_the_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Games of a bot that thinks a second per move (of a 2 s limit) last about a minute:
    cancel must stop them, not wait for them."""
    bioblots = ROOT / "samples" / "bioblots"
    (tmp_path / "sleeper.py").write_text(SLEEPER)
    entrants = [Entrant.parse("bioblots", f"random={bioblots / 'random_bot.py'}"),
                Entrant.parse("bioblots", f"heuristic={bioblots / 'heuristic_bot.py'}"),
                Entrant.parse("bioblots", f"sleeper=python3 {tmp_path / 'sleeper.py'} {bioblots / 'random_bot.py'}")]
    spec = TournamentSpec.build("bioblots", entrants, 3, options={"time_limit": 2.0})
    assert spec.schedule()[0] == (0, 1)  # the one game without the sleeper comes first
    cancel = threading.Event()
    cancelled_at: list[float] = []

    def cancel_soon(p: Progress) -> None:
        def later() -> None:
            time.sleep(1.5)  # the sleeper's games are well under way
            cancelled_at.append(time.monotonic())
            cancel.set()

        threading.Thread(target=later, daemon=True).start()

    monkeypatch.setattr(pool, "STOP_GRACE", 60.0)  # a game ignoring the stop would take a minute
    run = run_tournament(spec, tmp_path / "out", jobs=2, on_progress=cancel_soon, cancel=cancel)
    stopped = time.monotonic() - cancelled_at[0]
    assert stopped < 20.0, f"cancel took {stopped:.1f} s"  # the games saw the stop: well before a minute
    assert list(run.records) == [0] and run.records[0].seats == ("random", "heuristic")
    assert [g["index"] for g in games_file(tmp_path / "out")] == [0]
    assert not list((tmp_path / "out" / "replays").glob("*.part"))
    assert json.loads((tmp_path / "out" / RESULTS_FILE).read_text())["games"] == 1


def test_a_refused_games_per_pairing_says_why_and_offers_head_to_head() -> None:
    with pytest.raises(TournamentError) as refused:
        small_spec("tail_biter", "hunter", "nine_cards", seats=None, per_pairing=2)
    assert str(refused.value) == (
        "--games-per-pairing 2: must be a positive multiple of 3 (3 entrants in games of 3 seats: each entrant sits in "
        "each seat equally often); games of 3 snakes are the default for 3 entrants: use --seats 2 for head-to-head games")
    with pytest.raises(TournamentError) as refused:
        small_spec("tail_biter", "hunter", "nine_cards", seats=3, per_pairing=2)
    assert str(refused.value).endswith("each seat equally often)")  # seats chosen: no advice


def test_a_refusal_names_each_difference_in_one_line() -> None:
    folder = Path("/t/out")
    base = {"format": "f", "game": "worms", "seed": 1, "seats": 4, "games_per_pairing": 2, "options": {"map": "/m.txt"},
            "option_files": {"map": "1"}, "entrants": [{"name": "a", "seat": "/a.sh", "files": {"/a.sh": "1"}},
                                                        {"name": "b", "seat": "/b.sh", "files": {"/b.sh": "1"}}]}

    def changed(**change: Any) -> dict[str, Any]:
        copied: dict[str, Any] = json.loads(json.dumps({**base, **change}))
        return copied

    both = changed(entrants=[{"name": "a", "seat": "/a.sh", "files": {"/a.sh": "2"}},
                             {"name": "b", "seat": "/b.sh", "files": {"/b.sh": "2"}}])
    assert refusal(base, both, folder) == ("entrant a's program (/a.sh), entrant b's program (/b.sh) changed since the "
                                           "tournament in /t/out started")
    assert refusal(base, changed(options={"map": "/m.txt", "rounds": 5}), folder) == (
        "/t/out holds another tournament: option rounds differs: 5 vs not set in the folder")
    older = changed(entrants=[{"name": "a", "seat": "/a.sh"}, {"name": "b", "seat": "/b.sh", "files": {"/b.sh": "1"}}])
    assert refusal(older, base, folder) == ("/t/out holds another tournament: the folder was made by an older snakepit, "
                                            "which did not record entrant a's files")
    assert refusal(base, changed(option_files={"map": "2"}), folder) == (
        "the file of option map changed since the tournament in /t/out started (/m.txt)")
    assert len(refusal(base, changed(seed=2, game="kingdoms"), folder)) < 120
