"""A tournament folder read back as it was set up (``open_tournament``), the tournament's clock
kept over its runs (``clock.json``), and each game announced as it starts (``on_game_start``).
Bad folders are one line naming the file and the line, never a traceback."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.tournament import GameStart, Progress, ReadCancelled, TournamentError, open_tournament, read_tournament, run_tournament, runner
from arena.tournament.store import CLOCK_FILE, CLOCK_FORMAT, GAMES_FILE, SPEC_FILE, TournamentStore
from tests.arena.test_tournament_results import small_spec
from tests.arena.test_tournament_runner import FOUR, FakeClock


def test_an_opened_folder_holds_the_setup_and_the_results_of_its_games(tmp_path: Path) -> None:
    spec = small_spec(*FOUR[:3], seats=2, per_pairing=4, seed=7)
    played = run_tournament(spec, tmp_path, jobs=1)
    opened = open_tournament(tmp_path)
    assert (opened.spec.game, opened.spec.seed, opened.spec.seats, opened.spec.games_per_pairing) == ("snake", 7, 2, 4)
    assert opened.spec.options == spec.options
    assert [(e.name, e.seat) for e in opened.spec.entrants] == [(e.name, e.seat) for e in spec.entrants]
    assert opened.spec.schedule() == spec.schedule()
    assert opened.records == played.records and opened.total == 12 and opened.complete
    assert opened.standings.table == played.standings.table and opened.out == tmp_path


def test_a_folder_read_without_counting_has_its_games_and_empty_standings(tmp_path: Path) -> None:
    spec = small_spec(*FOUR[:3], seats=2, per_pairing=2, seed=3)
    played = run_tournament(spec, tmp_path, jobs=1)
    uncounted = read_tournament(spec, tmp_path, count=False)
    assert uncounted.records == played.records and uncounted.total == played.total
    assert [s.games for s in uncounted.standings.table] == [0, 0, 0] and uncounted.standings.history == []
    assert read_tournament(spec, tmp_path).standings.table == played.standings.table


class SetAfter:
    """A cancel flag set once it was polled ``polls`` times (as the app's is when the user opens
    another folder meanwhile); ``polls_seen`` counts the polls."""

    def __init__(self, polls: int) -> None:
        self.polls = polls
        self.polls_seen = 0

    def is_set(self) -> bool:
        self.polls_seen += 1
        return self.polls_seen > self.polls


def test_a_read_stops_at_the_next_game_once_cancelled_and_reads_as_before_if_never(tmp_path: Path) -> None:
    """A superseded read in the app kept reading to its end: it polls ``cancel`` per game now."""
    spec = small_spec(*FOUR[:3], seats=2, per_pairing=4, seed=7)
    played = run_tournament(spec, tmp_path, jobs=1)
    never = SetAfter(10**9)
    opened = open_tournament(tmp_path, never)
    assert opened.records == played.records and opened.standings.table == played.standings.table
    assert never.polls_seen >= 2 * opened.total  # the seeds and the games, each polled
    for polls in (0, opened.total, opened.total + 5):  # before the seeds; before the first game; at the sixth
        flag = SetAfter(polls)
        with pytest.raises(ReadCancelled):
            open_tournament(tmp_path, flag)
        assert flag.polls_seen == polls + 1  # stopped at the first poll once set, nothing read after it


def test_an_opened_folder_does_not_need_its_programs_any_more(tmp_path: Path) -> None:
    """The results of a tournament whose program files moved away are still shown."""
    (tmp_path / "mine.snake.json").write_text((Path(small_spec("hunter", "tail_biter").entrants[0].seat)).read_text())
    spec = small_spec("tail_biter", str(tmp_path / "mine.snake.json"))
    run_tournament(spec, tmp_path / "out", jobs=1)
    (tmp_path / "mine.snake.json").unlink()
    opened = open_tournament(tmp_path / "out")
    assert len(opened.records) == 2 and opened.spec.entrants[1].seat == str(tmp_path / "mine.snake.json")


def _write(folder: Path, name: str, text: str) -> Path:
    """The file ``name`` in ``folder`` (made if missing), holding ``text``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder / name


def _stored(tmp_path: Path) -> dict[str, Any]:
    """The tournament.json of a played tournament, as JSON: the tests damage any part of it."""
    run_tournament(small_spec("tail_biter", "hunter"), tmp_path / "t", jobs=1)
    data: dict[str, Any] = json.loads((tmp_path / "t" / SPEC_FILE).read_text())
    return data


@pytest.mark.parametrize(("arrange", "message"), [
    (lambda tmp: tmp / "nowhere", "{tmp}/nowhere: no such folder"),
    (lambda tmp: _write(tmp, "plain", "x"), "{tmp}/plain: not a folder"),
    (lambda tmp: _write(tmp / "empty", "notes.txt", "").parent,
     "{tmp}/empty is not a tournament folder: it has no tournament.json"),
    (lambda tmp: _write(tmp / "t", SPEC_FILE, '{\n  "format": "snakepit-tournament/1",\n  "game": \n}\n').parent,
     "{tmp}/t/tournament.json: line 4, column 1: invalid JSON"),
    (lambda tmp: _write(tmp / "t", SPEC_FILE, "[1, 2]\n").parent,
     "{tmp}/t/tournament.json: line 1: expected a JSON object, got list"),
])
def test_a_folder_that_is_no_tournament_says_which_file(tmp_path: Path, arrange: Callable[[Path], Path],
                                                         message: str) -> None:
    folder = arrange(tmp_path)
    with pytest.raises(TournamentError) as caught:
        open_tournament(folder)
    assert str(caught.value).startswith(message.replace("{tmp}", str(tmp_path)))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="snakepit-tournament/9"), "line 2: not a tournament of this snakepit: format"),
    (lambda d: d.update(game="chess"), "line 3: unknown game 'chess'"),
    (lambda d: d.update(seed="five"), "line 4: 'seed' must be a whole number, got 'five'"),
    (lambda d: d.pop("seats"), "missing 'seats'"),
    (lambda d: d.update(games_per_pairing=3), "line 6: 3: must be a positive multiple of 2"),
    (lambda d: d["entrants"][1].pop("seat"), "missing 'entrants[1].seat'"),
    (lambda d: d["entrants"].__setitem__(1, "hunter"), "'entrants[1]' must be an object, got 'hunter'"),
    (lambda d: d["entrants"][1].update(name="tail_biter"), "two entrants are named 'tail_biter'"),
])
def test_a_damaged_tournament_json_names_the_line_and_the_key(tmp_path: Path, change: Callable[[dict[str, Any]], object],
                                                              message: str) -> None:
    data = _stored(tmp_path)
    change(data)
    (tmp_path / "t" / SPEC_FILE).write_text(json.dumps(data, indent=2) + "\n")
    with pytest.raises(TournamentError) as caught:
        open_tournament(tmp_path / "t")
    text = str(caught.value)
    assert text.startswith(f"{tmp_path}/t/tournament.json: ") and message in text and "\n" not in text


def test_a_damaged_games_file_names_its_line(tmp_path: Path) -> None:
    _stored(tmp_path)
    games = tmp_path / "t" / GAMES_FILE
    games.write_text(games.read_text().splitlines()[0] + "\n{broken\n")
    with pytest.raises(TournamentError, match=rf"^{tmp_path}/t/games.jsonl:2: invalid JSON"):
        open_tournament(tmp_path / "t")
    games.write_text(games.read_text().splitlines()[0] + '\n{"bad\n')  # said "... starting at at column 2"
    with pytest.raises(TournamentError) as error:
        open_tournament(tmp_path / "t")
    assert str(error.value) == f"{games}:2: invalid JSON at column 2: Unterminated string starting at"


def test_the_clock_goes_on_over_runs_and_old_folders_start_at_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(runner, "time", clock)
    spec = small_spec(*FOUR, seats=2, per_pairing=2)
    cancel = threading.Event()

    def slow_then_stop(progress: Progress) -> None:
        clock.now += 10.0  # each game "takes" ten seconds on this clock
        if progress.done == 3:
            cancel.set()

    first = run_tournament(spec, tmp_path, jobs=1, on_progress=slow_then_stop, cancel=cancel)
    assert len(first.records) == 3 and 30 <= first.seconds < 31
    assert json.loads((tmp_path / CLOCK_FILE).read_text()) == {"format": CLOCK_FORMAT, "seconds": round(first.seconds, 3)}
    assert read_tournament(spec, tmp_path).seconds == round(first.seconds, 3)

    seen: list[Progress] = []

    def seen_then_slow(progress: Progress) -> None:
        seen.append(progress)
        slow_then_stop(progress)

    second = run_tournament(spec, tmp_path, jobs=1, on_progress=seen_then_slow)
    assert second.complete and {p.played_before for p in seen} == {round(first.seconds, 3)}
    # the last game's ten seconds pass after its progress was reported
    assert seen[-1].played_before + seen[-1].elapsed + 10 == pytest.approx(second.seconds, abs=0.01)
    assert 120 <= second.seconds < 121  # 12 games of ten seconds, over two runs

    (tmp_path / CLOCK_FILE).unlink()  # a folder from before the clock
    assert read_tournament(spec, tmp_path).seconds == 0.0
    for damaged in ("{", '{"format": "snakepit-tournament-clock/1", "seconds": -4}', '{"seconds": 4}', "[]"):
        (tmp_path / CLOCK_FILE).write_text(damaged)
        assert TournamentStore(tmp_path).played_seconds() == 0.0, damaged


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_game_is_announced_as_it_starts_and_before_it_finishes(tmp_path: Path, jobs: int) -> None:
    spec = small_spec(*FOUR[:3], seats=2, per_pairing=2)
    heard: list[tuple[str, int]] = []

    def started(game: GameStart) -> None:
        assert game.seats == tuple(spec.names[i] for i in spec.schedule()[game.index])
        heard.append(("start", game.index))

    run_tournament(spec, tmp_path, jobs=jobs, on_game_start=started,
                   on_progress=lambda p: heard.append(("done", p.record.index)))
    starts = [index for what, index in heard if what == "start"]
    assert starts == list(range(6))  # handed out in schedule order, each once
    for index in range(6):
        assert heard.index(("start", index)) < heard.index(("done", index))
    assert heard[0] == ("start", 0)
