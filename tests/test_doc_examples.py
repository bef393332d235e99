"""The examples in docs/replays.md and docs/tournaments.md are what the code reads and writes.

Each example is a fenced block after a comment ``<!-- example: WHAT -->``. A header must give
options the game's referee accepts and can start a state from; a round's events, moves and
records must read back through the engines' and the bot layer's readers into the same JSON; a
state text must round-trip through its game's reader and have the digest written in its
comment; the tournament files must parse as the runner parses them. A test also fails when a
game has no example of a kind, so a new game's documentation cannot be forgotten."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.bots import TurnRecord
from arena.match import GAMES
from arena.tournament.results import GameRecord, Standing
from engines import bioblots, itpw, kingdoms, worms
from engines.bioblots.game import fault_from_json
from engines.itpw import Move as ItpwMove
from engines.kingdoms.actions import answer_from_json, answer_to_json

DOCS = Path(__file__).resolve().parent.parent / "docs"
EXAMPLE = re.compile(r"<!-- example: (?P<what>[^>]*?) -->\s*```(?:json|text)\n(?P<body>.*?)```", re.DOTALL)
GAME_NAMES = ("worms", "kingdoms", "bioblots", "itpw", "snake")


def examples(name: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in EXAMPLE.finditer((DOCS / name).read_text(encoding="utf-8")):
        what = match["what"].strip()
        assert what not in found, f"{name}: two examples of {what!r}"
        found[what] = match["body"]
    return found


REPLAYS = examples("replays.md")
TOURNAMENTS = examples("tournaments.md")


def example(kind: str, game: str) -> tuple[str, str]:
    """``(comment words after the kind, body)`` of ``game``'s example of ``kind``."""
    for what, body in REPLAYS.items():
        words = what.split()
        if words[:2] == [game, kind]:
            return " ".join(words[2:]), body
    raise AssertionError(f"docs/replays.md has no {kind} example for {game}")


def snake_event(event: Any) -> Any:
    """Snake events have no reader: check their shape, and give them back unchanged."""
    kind, *rest = event
    shapes = {"move": (int, str), "bite": (int, int, list), "eaten": (int, int), "skip": (int,)}
    assert [type(value) for value in rest] == list(shapes[kind]), event
    if kind == "move":
        assert rest[1] in ("up", "right", "down", "left")
    return event


EVENTS: dict[str, Callable[[Any], Any]] = {
    "worms": lambda e: worms.event_to_json(worms.event_from_json(e)),
    "kingdoms": lambda e: kingdoms.event_to_json(kingdoms.event_from_json(e)),
    "bioblots": lambda e: bioblots.event_to_json(bioblots.event_from_json(e)),
    "itpw": lambda e: itpw.event_to_json(itpw.event_from_json(e)),
    "snake": snake_event,
}


def worms_move(move: Any) -> Any:
    assert move is None or move in ("l", "r", "."), move
    return move


def bioblots_move(move: Any) -> Any:
    if isinstance(move, dict):
        fault = fault_from_json(move)
        return {"fault": fault.kind.value, "rule": None if fault.rule is None else fault.rule.value, "detail": fault.detail}
    assert move is None or isinstance(move, str), move
    return move


def itpw_move(move: Any) -> Any:
    if move is None:
        return None
    if "move" in move:
        assert ItpwMove.from_line(move["move"]).to_line() == move["move"]  # canonical
    assert set(move) <= {"move", "fault", "unit", "unit_fault"} and move.get("unit") in (None, "worker", "soldier"), move
    return move


def snake_move(move: Any) -> Any:
    assert move is None or move in ("up", "right", "down", "left"), move
    return move


MOVES: dict[str, Callable[[Any], Any]] = {
    "worms": worms_move, "kingdoms": lambda m: answer_to_json(answer_from_json(m)), "bioblots": bioblots_move,
    "itpw": itpw_move, "snake": snake_move,
}

STATES: dict[str, Callable[[str], Any]] = {game: GAMES[game].engine.from_text for game in GAMES}
"""Each game's reader of its state text (its engine's)."""


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_round_example_reads_back_the_same(game: str) -> None:
    _, body = example("round", game)
    line = json.loads(body)
    assert list(line) == ["type", "round", "moves", "records", "events", "scores", "state"]
    assert line["type"] == "round" and line["round"] >= 1
    assert [EVENTS[game](event) for event in line["events"]] == line["events"]
    assert [MOVES[game](move) for move in line["moves"]] == line["moves"]
    records = line["records"]
    if game == "snake":
        assert records is None
    else:
        assert [TurnRecord.from_json(r).to_json() for r in records] == records
        assert len(records) == len(line["moves"]) == len(line["scores"])
    assert re.fullmatch(r"sha256:[0-9a-f]{32}", line["state"])


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_state_example_round_trips_and_has_its_digest(game: str) -> None:
    digest, text = example("state", game)
    state = STATES[game](text)
    assert GAMES[game].state_text(state) == text  # the referee's canonical text, read back the same
    assert digest == "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32] == GAMES[game].digest(state)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_round_example_is_the_state_example_after_it(game: str) -> None:
    """Each game's round and state examples come from the same moment (the digest ties them)."""
    digest, _ = example("state", game)
    assert json.loads(example("round", game)[1])["state"] == digest


@pytest.mark.parametrize("game", [g for g in GAME_NAMES if g != "snake"])
def test_the_header_example_starts_a_game(game: str) -> None:
    header = json.loads(example("header", game)[1])
    assert (header["type"], header["format"], header["game"]) == ("header", "match-replay/1", game)
    referee = GAMES[game]
    state = referee.initial_state(header["options"], len(header["seats"]))
    assert state is not None and all(set(seat) == {"name", "command"} for seat in header["seats"])


def test_the_bioblots_fault_example_reads_back() -> None:
    move = json.loads(example("move", "bioblots")[1])
    assert bioblots_move(move) == move


def test_the_tournament_examples_parse_as_the_runner_parses_them() -> None:
    spec = json.loads(TOURNAMENTS["tournament.json"])
    assert spec["format"] == "snakepit-tournament/1" and spec["game"] in GAMES
    assert all({"name", "seat"} <= set(entrant) for entrant in spec["entrants"])
    for number, line in enumerate(TOURNAMENTS["games.jsonl"].splitlines(), 1):
        record = GameRecord.from_json(json.loads(line), f"games.jsonl:{number}")
        assert record.to_json() == json.loads(line) and set(record.seats) <= {e["name"] for e in spec["entrants"]}
    results = json.loads(TOURNAMENTS["results.json"])
    assert results["format"] == "snakepit-tournament-results/1" and results["complete"] == (results["games"] == results["total"])
    for standing in results["standings"]:
        assert standing["ordinal"] == pytest.approx(standing["mu"] - 3 * standing["sigma"])
        assert standing["games"] == standing["wins"] + standing["draws"] + standing["losses"]
        assert set(standing) == set(Standing(standing["name"]).to_json())  # every key the runner writes, none more
    for standing in results["standings"]:  # who beat whom, as two seats count it: every game against the other
        meetings = results["head_to_head"][standing["name"]].values()
        assert [sum(m[key] for m in meetings) for key in ("games", "wins", "draws", "losses")] == \
            [standing[key] for key in ("games", "wins", "draws", "losses")]
    assert list(results["head_to_head"]) == [standing["name"] for standing in results["standings"]]
