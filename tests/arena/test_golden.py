"""Golden matches: a fixed seed and the sample bots give the stored transcripts, round by round.

This checks the referees and the sample bots together; the rules alone have their goldens in
tests/engines/test_golden.py. Each game has ``golden/<game>.setup.json`` (seats, seed, options;
paths relative to the project) and two transcripts of the match:

- ``golden/<game>.playthrough.txt``, to read and diff (:mod:`tests.playthrough`): per round every
  bot's record, the moves, the events, the scores and the state's canonical text;
- ``golden/<game>.jsonl``: the match's replay, the states as digests, as replays store them.

Both leave out what depends on the machine (timings, the project's folder, the Python running the
bots). A difference names the first round that differs and what differs in it. Every registered
game must have them: a new game adds its setup file and generates the transcripts. After an
intended change of rules or samples, regenerate and review the diff::

    pytest tests/arena/test_golden.py --update-golden

(``SNAKEPIT_UPDATE_GOLDEN=1 pytest tests/arena/test_golden.py`` does the same.)

Only deterministic samples belong here: the random ones draw from the playfield (worms) or from
BOT_SEED (kingdoms), which the match derives from its seed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.games.registry import built_in_games
from arena.match import GAMES, GameRun, MatchSetup, RoundInfo, run_match
from arena.referee import GameReferee
from arena.replay import verify_replay
from tests.playthrough import Round, first_difference, render, without_timings

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"


def load_setup(game: str) -> MatchSetup:
    """The game's golden setup; a seat or option naming a project file becomes its absolute path."""
    data = json.loads((GOLDEN / f"{game}.setup.json").read_text())

    def absolute(value: Any) -> Any:
        return str(ROOT / value) if isinstance(value, str) and (ROOT / value).is_file() else value

    options = {key: absolute(value) for key, value in data["options"].items()}
    return MatchSetup(game, tuple(absolute(seat) for seat in data["seats"]), data["seed"], options)


def replay_lines(replay: Path) -> list[dict[str, Any]]:
    """The replay's lines, machine-specific parts replaced or dropped."""
    lines = []
    for text in replay.read_text().splitlines():
        value = json.loads(text.replace(sys.executable, "<python>").replace(str(ROOT), "<root>"))
        if value["type"] == "round" and value["records"] is not None:
            value["records"] = [without_timings(r) for r in value["records"]]
        if value["type"] == "result":
            value.pop("seat_times", None)
        lines.append(value)
    return lines


def transcript(replay: Path, final_state: str) -> str:
    """The replay as stored: machine-specific parts replaced or dropped, plus the final state's text."""
    lines = [*replay_lines(replay), {"type": "final_state", "text": final_state}]
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def playthrough(referee: GameReferee, replay: Path, start: Any, rounds: list[RoundInfo]) -> str:
    """The match as a readable playthrough: the replay's lines with every state's text."""
    lines = replay_lines(replay)
    header, result = lines[0], lines[-1]
    played = [Round(line["moves"], line["events"], line["scores"], referee.state_text(info.state), line["records"])
              for line, info in zip(lines[1:-1], rounds, strict=True)]
    seats = {f"seat {i}": seat for i, seat in enumerate(header["seats"])}
    comment = (f"Golden match of {referee.name}: the sample bots of {referee.name}.setup.json (tests/arena/test_golden.py).\n"
               "After an intended change of the rules, referee or samples: pytest --update-golden, review the diff.")
    end = {key: result[key] for key in ("rounds", "end", "scores", "ranks", "statuses")}
    return render(comment, {"game": header["game"], "seed": header["seed"], **seats}, header["options"],
                  referee.state_text(start), played, end)


def transcript_difference(name: str, expected: str, got: str) -> str | None:
    """The first line of two transcripts that differs, which round it is and what differs in it."""
    want, have = expected.splitlines(), got.splitlines()
    for number, (old, new) in enumerate(zip(want, have), 1):
        if old == new:
            continue
        before, after = json.loads(old), json.loads(new)
        where = f"round {before['round']}" if before.get("type") == "round" else f"the {before.get('type')} line"
        keys = [key for key in sorted(set(before) | set(after)) if before.get(key) != after.get(key)]
        said = "; ".join(f"{key}: expected {before.get(key)!r:.300}, got {after.get(key)!r:.300}" for key in keys)
        return f"{name} line {number} ({where}) differs in {', '.join(keys)}: {said}"
    return None if want == have else f"{name}: {len(want)} lines expected, {len(have)} written"


@pytest.mark.parametrize("game", sorted(built_in_games()))  # an installed package's game brings its own
def test_every_registered_game_has_a_golden_playthrough(game: str, update_golden: bool) -> None:
    assert (GOLDEN / f"{game}.setup.json").is_file(), f"add tests/arena/golden/{game}.setup.json and generate"
    for suffix in (".jsonl", ".playthrough.txt"):
        assert (GOLDEN / f"{game}{suffix}").is_file() or update_golden, f"generate {game}{suffix}: pytest --update-golden"


@pytest.mark.parametrize("game", sorted(path.name.split(".")[0] for path in GOLDEN.glob("*.setup.json")))
def test_golden_playthrough(game: str, tmp_path: Path, update_golden: bool) -> None:
    setup = load_setup(game)
    referee = GAMES[game]
    record = tmp_path / f"{game}.jsonl"
    starts: list[Any] = []
    rounds: list[RoundInfo] = []

    def started(run: GameRun) -> None:
        starts.append(run.state)

    result = run_match(setup, record=record, host_root=tmp_path, on_start=started, on_round=rounds.append)
    assert result.statuses == ("ok",) * len(setup.seats)
    assert verify_replay(record).ok
    readable = GOLDEN / f"{game}.playthrough.txt"
    digests = GOLDEN / f"{game}.jsonl"
    got_readable = playthrough(referee, record, starts[0], rounds)
    got_digests = transcript(record, referee.state_text(rounds[-1].state))
    if update_golden:
        readable.write_text(got_readable, encoding="utf-8")
        digests.write_text(got_digests, encoding="utf-8")
    problem = first_difference(readable.name, readable.read_text(encoding="utf-8"), got_readable)
    assert problem is None, f"{problem}\n(after an intended change: pytest --update-golden)"
    problem = transcript_difference(digests.name, digests.read_text(encoding="utf-8"), got_digests)
    assert problem is None, f"{problem}\n(after an intended change: pytest --update-golden)"


def test_a_transcript_difference_names_the_round_and_what_differs() -> None:
    expected = (GOLDEN / "kingdoms.jsonl").read_text()
    lines = expected.splitlines()
    third = json.loads(lines[3])
    third["moves"][1], third["state"] = "z", "sha256:0"
    lines[3] = json.dumps(third)
    problem = transcript_difference("kingdoms.jsonl", expected, "\n".join(lines) + "\n")
    assert problem is not None and problem.startswith("kingdoms.jsonl line 4 (round 3) differs in moves, state: moves: expected [")
    assert "got 'sha256:0'" in problem
    assert transcript_difference("kingdoms.jsonl", expected, expected) is None
