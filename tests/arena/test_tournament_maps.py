"""Tournaments on several maps (``--map A --map B``): every pairing plays its whole rotation on
every map, in a fixed order, each game's seed from its index; the folder names the maps and each
game's map; a bad or repeated map is refused naming it before a game runs; and a folder of one
map, written before there were several, opens, resumes and shows as it did."""

from __future__ import annotations

import itertools
import json
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from arena.cli_tournament import main
from arena.tournament import TournamentError, game_seed, open_tournament, round_robin, seat_counts
from arena.tournament.schedule import MOST_GAMES, map_number, rotation_length, tables
from arena.tournament.spec import MAPS_FORMAT, SPEC_FORMAT, TournamentSpec, map_names
from arena.tournament.store import GAMES_FILE, RESULTS_FILE, SPEC_FILE, differences

ROOT = Path(__file__).resolve().parents[2]
OLD_FOLDER = Path(__file__).parent / "data" / "tournament_one_map"
WORMS = ROOT / "samples" / "worms"
BOTS = ["--entrant", "g=greedy.sh", "--entrant", "h=heuristic_bot"]


# --- the schedule ---------------------------------------------------------------------------


@pytest.mark.parametrize(("entrants", "seats", "passes", "maps"),
                         [(2, 2, 1, 2), (3, 2, 2, 3), (5, 2, 1, 2), (4, 4, 1, 2), (5, 4, 1, 3), (2, 4, 2, 2), (3, 4, 1, 4)])
def test_every_table_plays_its_whole_rotation_on_every_map(entrants: int, seats: int, passes: int, maps: int) -> None:
    per_pairing = passes * rotation_length(entrants, seats)
    schedule = round_robin(entrants, seats, per_pairing, maps)
    one_map = round_robin(entrants, seats, per_pairing)
    assert len(schedule) == maps * len(one_map) == maps * per_pairing * len(tables(entrants, seats))
    on_map = [[s for i, s in enumerate(schedule) if map_number(i, entrants, seats, maps) == m] for m in range(maps)]
    for games in on_map:  # each map: the one-map schedule, seat for seat, in its order
        assert games == one_map
        counts = seat_counts(games, entrants, seats)
        assert len({c for row in counts for c in row}) == 1, counts
    assert Counter(map_number(i, entrants, seats, maps) for i in range(len(schedule))) == {
        m: len(one_map) for m in range(maps)}


def test_maps_take_turns_pass_by_pass_so_a_stopped_tournament_stays_balanced() -> None:
    """3 entrants, 2 seats: 3 tables; a pass (one rotation step of every table) on map 0, the
    same pass on map 1, then the next step: every run of 3 games gives everyone 2 games."""
    schedule = round_robin(3, 2, 2, 2)
    assert [map_number(i, 3, 2, 2) for i in range(len(schedule))] == [0, 0, 0, 1, 1, 1] * 2
    assert schedule[:6] == [(0, 1), (0, 2), (1, 2)] * 2 and schedule[6:] == [(1, 0), (2, 0), (2, 1)] * 2
    for start in range(0, len(schedule), 3):
        assert Counter(e for seating in schedule[start:start + 3] for e in seating) == {0: 2, 1: 2, 2: 2}


def test_one_map_is_the_schedule_as_it_always_was_and_maps_count_towards_the_longest() -> None:
    assert round_robin(4, 2, 2, 1) == round_robin(4, 2, 2) and map_number(5, 4, 2, 1) == 0
    assert len(round_robin(1000, 2, 2, 1)) <= MOST_GAMES  # 999,000 games: played on one map...
    with pytest.raises(TournamentError, match="more than a tournament plays .* or maps"):
        round_robin(1000, 2, 2, 2)  # ...but not on two
    with pytest.raises(TournamentError, match="at least 1 map"):
        round_robin(2, 2, 2, 0)


def test_a_games_seed_is_its_index_s_whatever_the_maps() -> None:
    spec = TournamentSpec("worms", (), 42, 4, 2, {"rounds": 3}, (str(WORMS / "meadow.txt"), str(WORMS / "pinwheel.txt")))
    assert [spec.map_name(i) for i in range(4)] == ["meadow.txt", "pinwheel.txt", "meadow.txt", "pinwheel.txt"]
    assert [game_seed(42, i) for i in range(4)] == [spec.task(i, ()).seed for i in range(4)]
    assert spec.task(1, ()).options == {"rounds": 3, "map": str(WORMS / "pinwheel.txt")}


def test_maps_of_the_same_file_name_are_told_apart_by_their_folders() -> None:
    assert map_names(["/m/a/meadow.txt", "/m/b/meadow.txt", "/m/b/x.txt"]) == ["a/meadow.txt", "b/meadow.txt", "x.txt"]
    assert map_names(["/m/meadow.txt", "/m/pinwheel.txt"]) == ["meadow.txt", "pinwheel.txt"]


# --- a real tournament on two shipped maps -------------------------------------------------------


def worms(out: Path, *more: str) -> list[str]:
    return ["tournament", "worms", *BOTS, "--map", "meadow", "--map", str(WORMS / "pinwheel.txt"), "--rounds", "3",
            "--seed", "7", "--jobs", "1", "--out", str(out), *more]


def test_a_tournament_on_two_maps_plays_each_pairing_on_each_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(worms(tmp_path)) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert lines[0] == ("snakepit: 4 games of 4 seats on 2 maps (meadow.txt, pinwheel.txt), each pairing on each; "
                        "every entrant plays 4")
    assert [line.split(":")[0] for line in lines if line.startswith("[")] == [
        "[1/4] game 1 on meadow.txt", "[2/4] game 2 on pinwheel.txt", "[3/4] game 3 on meadow.txt",
        "[4/4] game 4 on pinwheel.txt"]
    stored = json.loads((tmp_path / SPEC_FILE).read_text())
    assert stored["format"] == MAPS_FORMAT and "map" not in stored["options"]
    assert [m["path"] for m in stored["maps"]] == [str(WORMS / "meadow.txt"), str(WORMS / "pinwheel.txt")]
    assert all(len(m["sha256"]) == 64 for m in stored["maps"])
    games = [json.loads(line) for line in (tmp_path / GAMES_FILE).read_text().splitlines()]
    assert [g["map"] for g in games] == ["meadow.txt", "pinwheel.txt"] * 2
    assert [g["seats"] for g in games] == [["g", "h", "g", "h"]] * 2 + [["h", "g", "h", "g"]] * 2
    for game in games:  # each replay names its map, as a one-map game's does
        header = json.loads((tmp_path / "replays" / f"game-{game['index']:04d}.jsonl").read_text().splitlines()[0])
        assert header["options"]["map"] == str(WORMS / game["map"]) and header["seed"] == game["seed"]
    results = json.loads((tmp_path / RESULTS_FILE).read_text())
    assert [(m["map"], m["games"]) for m in results["per_map"]] == [("meadow.txt", 2), ("pinwheel.txt", 2)]
    for name in ("g", "h"):  # the overall standings are of every game; each map's of its own
        assert sum(next(s for s in m["standings"] if s["name"] == name)["points"] for m in results["per_map"]) == \
            next(s for s in results["standings"] if s["name"] == name)["points"]
    per_map = out.split("\nPer map\n")[1]
    assert "meadow.txt: 2 games" in per_map and "pinwheel.txt: 2 games" in per_map
    opened = open_tournament(tmp_path)
    assert opened.spec.maps == (str(WORMS / "meadow.txt"), str(WORMS / "pinwheel.txt")) and opened.complete
    assert [r.map for r in opened.records.values()] == ["meadow.txt", "pinwheel.txt"] * 2


def test_a_stopped_tournament_of_two_maps_resumes_with_the_same_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(worms(tmp_path)) == 0
    played = (tmp_path / GAMES_FILE).read_text().splitlines()
    (tmp_path / GAMES_FILE).write_text("\n".join(played[:1]) + "\n")  # stopped after its first game
    capsys.readouterr()
    arguments = worms(tmp_path)
    seed = arguments.index("--seed")
    assert main(arguments[:seed] + arguments[seed + 2:]) == 0  # the seed from the folder
    err = capsys.readouterr().err
    assert err.splitlines()[0] == "snakepit: resuming: 1 of 4 games already played"
    resumed = (tmp_path / GAMES_FILE).read_text().splitlines()
    assert sorted(json.loads(line)["index"] for line in resumed) == [0, 1, 2, 3]
    assert {json.loads(line)["index"]: (json.loads(line)["seed"], json.loads(line)["map"]) for line in resumed} == {
        json.loads(line)["index"]: (json.loads(line)["seed"], json.loads(line)["map"]) for line in played}


def test_other_maps_or_the_maps_in_another_order_are_another_tournament(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(worms(tmp_path)) == 0
    capsys.readouterr()
    swapped = ["tournament", "worms", *BOTS, "--map", "pinwheel", "--map", "meadow", "--rounds", "3", "--jobs", "1",
               "--out", str(tmp_path)]
    assert main(swapped) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"snakepit: {tmp_path} holds another tournament: maps {WORMS / 'pinwheel.txt'}, ")
    assert err.count("\n") == 1
    one_map = swapped[:swapped.index("--map")] + ["--map", "meadow"] + swapped[swapped.index("--rounds"):]
    assert main(one_map) == 2
    assert capsys.readouterr().err.startswith(
        f"snakepit: {tmp_path} holds another tournament: a single map, the folder has maps {WORMS / 'meadow.txt'}, ")


def test_a_changed_map_file_is_named_on_resume(tmp_path: Path) -> None:
    maps = [tmp_path / "a.txt", tmp_path / "b.txt"]
    for path, source in zip(maps, ("meadow", "pinwheel")):
        shutil.copy(WORMS / f"{source}.txt", path)
    spec = TournamentSpec("worms", (), 1, 4, 2, {}, tuple(map(str, maps)))
    before = spec.to_json()
    maps[1].write_text(maps[1].read_text() + "\n")
    settings, changed = differences(before, spec.to_json())
    assert settings == [] and changed == [("map 2", str(maps[1]))]


# --- bad maps ------------------------------------------------------------------------------


@pytest.mark.parametrize(("maps", "message"), [
    (["meadow", "maps/x.txt"], "--map 2 (maps/x.txt): {cwd}/maps/x.txt: cannot read it: No such file or directory"),
    (["meadow", "BAD"], "--map 2 ({bad}): {bad}:1: expected 3 whole numbers (round, round limit and flowers left), "
                        "got 'xx'"),
    (["meadow", "pinwheel", "meadow.txt"], "--map 3 (meadow.txt): the same file as --map 1 (meadow); every map is "
                                           "played by every pairing: give each map once (--games-per-pairing plays more)"),
    (["meadow", "COPY"], "--map 2 ({copy}): the same contents as --map 1 (meadow); every map is played by every "
                         "pairing: give each map once (--games-per-pairing plays more)"),
])
def test_a_bad_or_repeated_map_among_several_is_named_before_a_game_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], maps: list[str],
        message: str) -> None:
    monkeypatch.chdir(tmp_path)
    bad, copy = tmp_path / "bad.txt", tmp_path / "copy.txt"
    bad.write_text("xx\n")
    shutil.copy(WORMS / "meadow.txt", copy)
    given = [str(bad) if m == "BAD" else str(copy) if m == "COPY" else m for m in maps]
    out = tmp_path / "out"
    assert main(["tournament", "worms", *BOTS, *itertools.chain(*(("--map", m) for m in given)), "--rounds", "3",
                 "--seed", "1", "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"snakepit: {message.format(cwd=tmp_path, bad=bad, copy=copy)}\n"
    assert not (out / GAMES_FILE).exists()


def test_several_maps_for_a_game_without_maps_or_with_option_map_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "itpw", "--entrant", "a=python3 x.py", "--entrant", "b=python3 y.py", "--map", "a",
                 "--map", "b"]) == 2
    assert capsys.readouterr().err.startswith("snakepit: --map is not an option of itpw")
    assert main(["tournament", "worms", *BOTS, "--map", "meadow", "--map", "pinwheel", "--option", "map=meadow"]) == 2
    assert capsys.readouterr().err == ("snakepit: --map meadow and --option map=meadow both set map: give one of them\n")


def test_a_duel_refuses_a_second_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "greedy.sh", "heuristic_bot", "worms", "--map", "meadow", "--map", "pinwheel"]) == 2
    assert capsys.readouterr().err == ("snakepit: --map given 2 times: a duel plays one map; run a duel per map, or a "
                                       "tournament of the two (snakepit tournament ... --map A --map B)\n")


# --- a folder of one map, as snakepit wrote it before ------------------------------------------


def old_folder(tmp_path: Path) -> Path:
    """The stored one-map folder with its checkout and Python put back."""
    folder = tmp_path / "old"
    for source in OLD_FOLDER.rglob("*"):
        if source.is_file() and source.name != "README.md":
            target = folder / source.relative_to(OLD_FOLDER)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source.read_text().replace("@PYTHON@", sys.executable).replace("@ROOT@", str(ROOT)))
    return folder


def test_an_old_one_map_folder_opens_as_it_was_written(tmp_path: Path) -> None:
    folder = old_folder(tmp_path)
    opened = open_tournament(folder)
    assert json.loads((folder / SPEC_FILE).read_text())["format"] == SPEC_FORMAT
    assert opened.spec.maps == () and opened.spec.options == {"rounds": 4, "map": "meadow"}
    assert opened.spec.map_names() == [] and opened.per_map() == {}
    assert opened.complete and [r.map for r in opened.records.values()] == [None, None]
    stored = json.loads((folder / RESULTS_FILE).read_text())
    assert [s.to_json() for s in opened.standings.table] == stored["standings"]
    assert json.loads(opened.results_json()) == {**stored}  # no per-map part, nothing else changed


def test_an_old_one_map_folder_resumes_and_plays_its_games_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = old_folder(tmp_path)
    spec_text = (folder / SPEC_FILE).read_text()
    lines = (folder / GAMES_FILE).read_text().splitlines()
    (folder / GAMES_FILE).write_text(lines[0] + "\n")  # as if stopped after its first game
    arguments = ["tournament", "worms", *BOTS, "--map", "meadow", "--rounds", "4", "--jobs", "1", "--out", str(folder)]
    assert main(arguments) == 0
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == "snakepit: resuming: 1 of 2 games already played"
    assert (folder / GAMES_FILE).read_text().splitlines() == lines  # the same game again, its line as it was
    assert (folder / SPEC_FILE).read_text() == spec_text and "Per map" not in out
    assert "per_map" not in json.loads((folder / RESULTS_FILE).read_text())


@pytest.mark.parametrize(("maps", "message"), [
    ("none", "missing 'maps'"),
    ([{"path": "/m/a.txt"}], "expected two maps or more, each once, got 1: /m/a.txt"),
    ([{"path": "/m/a.txt"}, {"path": "/m/a.txt"}], "expected two maps or more, each once, got 2"),
    ([{"path": "/m/a.txt"}, {"sha256": "x"}], "missing 'maps[1].path'"),
    ([{"path": "/m/a.txt"}, {"path": 3}], "'maps[1].path' must be a map's path, got 3"),
])
def test_a_damaged_list_of_maps_is_named_by_its_line(tmp_path: Path, maps: object, message: str) -> None:
    spec = TournamentSpec("worms", (), 1, 4, 2, {}, (str(WORMS / "meadow.txt"), str(WORMS / "pinwheel.txt"))).to_json()
    spec["entrants"] = [{"name": "a", "seat": "a"}, {"name": "b", "seat": "b"}]
    if maps == "none":
        del spec["maps"]
    else:
        spec["maps"] = maps
    (tmp_path / SPEC_FILE).write_text(json.dumps(spec, indent=2) + "\n")
    with pytest.raises(TournamentError) as raised:
        open_tournament(tmp_path)
    assert str(raised.value).startswith(f"{tmp_path / SPEC_FILE}: line ") and message in str(raised.value)


def test_a_game_line_of_another_map_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(worms(tmp_path)) == 0
    games = tmp_path / GAMES_FILE
    games.write_text(games.read_text().replace('"map":"pinwheel.txt"', '"map":"meadow.txt"', 1))
    with pytest.raises(TournamentError, match=r"games.jsonl:2: game 1 was played on map 'meadow.txt', the schedule "
                                              r"plays it on 'pinwheel.txt'$"):
        open_tournament(tmp_path)
