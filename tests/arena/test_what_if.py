"""Snake what-ifs as matches: the referee's ``start`` option plays a battle on from any position,
so a battle continued from one of its steps with other programs is a replay that verifies, that
tampering shows in, and that `snakepit replay --verify` accepts. Bad ``start`` options are one
line naming the option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena.bots import BotStatus
from arena.cli import main as cli_main
from arena.match import GAMES, MatchSetup, MatchSetupError, RoundInfo, run_match
from arena.program_battle import BattleSettings, SnakeMatch, explain_turn
from arena.replay import read_replay, verify_replay
from arena.samples import resolve_program
from arena.snake_referee import SnakeRound
from engines.snake import Position, position_from_text, position_to_text, start_position
from matcher import load_program
from tests.arena.legacy_battles import write_legacy_battle

SEATS = ("hunter", "tail_biter", "wall_hugger")
OTHERS = ("ouroboros", "hunter", "ouroboros")
FIELD = {"width": 15, "height": 15, "length": 5}
BRANCH = 12
"""The step of the original battle the what-if continues from."""


def states_of(setup: MatchSetup, record: Path | None = None) -> list[RoundInfo]:
    rounds: list[RoundInfo] = []
    run_match(setup, record=record, on_round=rounds.append)
    return rounds


@pytest.fixture(scope="module")
def branch_position() -> Position:
    rounds = states_of(MatchSetup("snake", SEATS, 4, {**FIELD, "steps": 40}))
    position: Position = rounds[BRANCH - 1].state.position
    return position


@pytest.fixture(scope="module")
def what_if(tmp_path_factory: pytest.TempPathFactory, branch_position: Position) -> Path:
    path = tmp_path_factory.mktemp("what-if") / "what-if.jsonl"
    run_match(MatchSetup("snake", OTHERS, 9, {"start": position_to_text(branch_position), "steps": 40 - BRANCH}),
              record=path)
    return path


def test_the_start_layout_given_as_start_plays_the_very_match_of_the_plain_options() -> None:
    plain = states_of(MatchSetup("snake", SEATS, 6, {**FIELD, "steps": 30}))
    layout = position_to_text(start_position(3, 15, 15, 5))
    started = states_of(MatchSetup("snake", SEATS, 6, {"start": layout, "steps": 30}))
    assert [(r.moves, r.events, r.state, r.scores) for r in started] == [(r.moves, r.events, r.state, r.scores)
                                                                           for r in plain]
    assert len(plain) > BRANCH  # a real stretch of battle was compared


def test_a_what_if_replay_starts_at_the_branch_and_verifies(
    what_if: Path, branch_position: Position, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = read_replay(what_if)
    assert replay.options == {"width": 15, "height": 15, "steps": 40 - BRANCH, "start": position_to_text(branch_position)}
    referee = GAMES["snake"]
    assert referee.initial_state(replay.options, 3).position == branch_position
    first = next(iter(referee.replay_rounds(replay)))
    assert first.index == 1 and first.state.position != branch_position  # played on from the branch, not from the layout
    report = verify_replay(what_if)
    assert report.ok and report.finished and len(report.rounds) == len(replay.rounds) > 0, report.summary()
    capsys.readouterr()
    assert cli_main(["replay", str(what_if), "--verify"]) == 0
    assert "rounds agree" in capsys.readouterr().out


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _shift_start(lines: list[dict[str, Any]]) -> None:
    """Another legal position: the start layout of the same field (the snakes elsewhere)."""
    lines[0]["options"]["start"] = position_to_text(start_position(3, 15, 15, 5))


def _change_move(lines: list[dict[str, Any]]) -> None:
    moves = lines[2]["moves"]
    seat = next(i for i, m in enumerate(moves) if m is not None)
    moves[seat] = {"up": "down", "down": "up", "left": "right", "right": "left"}[moves[seat]]


def _set(key: str, value: Any, line: int = 0, inside: str | None = None) -> Any:
    """Set ``key`` of line ``line`` (of its ``inside`` mapping when given) to ``value``."""

    def tamper(lines: list[dict[str, Any]]) -> None:
        (lines[line][inside] if inside else lines[line])[key] = value
    return tamper


TAMPERED = {
    # what changed: (how, what verification says)
    "the start position": (_shift_start, "round 1 disagrees"),
    "a move": (_change_move, "round 2 disagrees: round 2: seat 0: its program moves"),
    "a state digest": (_set("state", "sha256:" + "0" * 32, line=3), "round 3 disagrees: state recorded"),
    "the final scores": (_set("scores", [1, 2, 3], line=-1), "the result line does not: scores recorded [1, 2, 3]"),
    "the field's width": (_set("width", 16, inside="options"), "the header's options: option width: 16, but the start position's field is 15x15"),
    "a start row": (_set("start", "15x15\n" + "." * 15 + "\n", inside="options"), "the header's options: option start: expected 15 rows"),
    "the steps left": (_set("steps", 3, inside="options"), "round 4 after the game's end (step_limit)"),
}


@pytest.mark.parametrize("what", sorted(TAMPERED))
def test_a_tampered_what_if_replay_fails_verification_saying_where(
    what_if: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str
) -> None:
    tamper, said = TAMPERED[what]
    lines = _lines(what_if)
    tamper(lines)
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    report = verify_replay(bad)
    assert not report.ok and said in report.summary() and "\n" not in report.summary()
    capsys.readouterr()
    assert cli_main(["replay", str(bad), "--verify"]) == 1
    assert said in capsys.readouterr().out


def test_a_battle_over_at_its_start_position_ends_at_once_with_the_positions_lengths(tmp_path: Path) -> None:
    """Only one snake left: no round is played, and the result's scores are the start's lengths."""
    path = tmp_path / "over.jsonl"
    result = run_match(MatchSetup("snake", SEATS[:2], 1, {"start": "6x3\nAaaa..\n......\n.b....\n"}), record=path)
    assert (result.rounds, result.end, result.scores, result.ranks) == (0, "one_left", (4, 1), (1, 2))
    assert verify_replay(path).ok


def _two_snakes() -> str:
    return position_to_text(start_position(2, 9, 9, 3))


BAD_STARTS = [
    # options, the error's line
    ({"start": 7}, "option start: expected a position in its text form, got 7"),
    ({"start": "9x9\n" + "." * 9 + "\n"}, "option start: expected 9 rows of the field, got 1"),
    ({"start": "3x2\nAax\n...\n"}, "option start: row 0, column 2: unknown character 'x'"),
    ({"start": "4x2\nAa..\nB...\n"}, "option start: snake 2 (b): a snake that is not eaten needs at least 2 cells"),
    ({"start": "not a size"}, "option start: line 1: expected the field size as WIDTHxHEIGHT, got 'not a size'"),
    ({"start": _two_snakes(), "seats": 3}, "option start: the position holds 2 snakes for 3 seats"),
    ({"start": _two_snakes(), "length": 4}, "options start and length do not go together"),
    ({"start": _two_snakes(), "height": 10}, "option height: 10, but the start position's field is 9x9"),
]


@pytest.mark.parametrize(("options", "said"), BAD_STARTS, ids=[said.split(": ")[-1][:30] for _, said in BAD_STARTS])
def test_a_bad_start_option_is_one_line_naming_it(tmp_path: Path, options: dict[str, Any], said: str) -> None:
    options = dict(options)
    seats = SEATS[: options.pop("seats", 2)]
    record = tmp_path / "never.jsonl"
    with pytest.raises(MatchSetupError) as raised:
        run_match(MatchSetup("snake", seats, 1, options), record=record)
    assert said in str(raised.value) and "\n" not in str(raised.value)
    assert not record.exists()


def test_width_and_height_that_agree_with_the_start_are_taken() -> None:
    text = _two_snakes()
    rounds = states_of(MatchSetup("snake", SEATS[:2], 2, {"start": text, "width": 9, "height": 9, "steps": 3}))
    assert len(rounds) == 3 and rounds[0].state.position.width == 9


def test_battle_settings_start_plays_explains_and_records_legacy_replays_from_the_position(
    tmp_path: Path, branch_position: Position
) -> None:
    programs = [load_program(resolve_program(name)) for name in OTHERS]
    settings = BattleSettings(9, 15, 15, max_steps=40 - BRANCH, start=branch_position)
    match = SnakeMatch(programs, settings)
    assert match.battle.board.position() == branch_position
    explanation = explain_turn(programs, settings, 1, 0)
    assert explanation is not None and explanation.head == branch_position.snakes[0].head
    record = tmp_path / "battle.jsonl"
    with record.open("w") as stream:
        result = write_legacy_battle(programs, settings, stream)
    assert position_from_text(json.loads(record.read_text().splitlines()[0])["start"]) == branch_position
    # The same battle as the arena's match with `start` (the legacy file and the match agree).
    rounds = states_of(MatchSetup("snake", OTHERS, 9, {"start": position_to_text(branch_position), "steps": 40 - BRANCH}))
    assert result.steps == len(rounds) and tuple(result.lengths) == rounds[-1].scores
    report = verify_replay(record)
    assert report.ok and len(report.rounds) == result.steps, report.summary()


def test_live_steps_time_every_programs_decision_and_the_replay_stays_the_same_file(tmp_path: Path) -> None:
    """Snake seats had no think time. Each program's decision is timed now, beside the round
    (``SnakeRound.decisions``), never in it: the same seed still writes the same replay, byte for
    byte, and it verifies."""
    setup = MatchSetup("snake", SEATS, 4, {**FIELD, "steps": 60})
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    rounds = states_of(setup, record=first)
    run_match(setup, record=second)
    assert first.read_bytes() == second.read_bytes() and verify_replay(first).ok
    assert all(t == {"wall": 0.0, "cpu": 0.0} for t in read_replay(first).result["seat_times"])  # type: ignore[index]
    timed = 0
    for info in rounds:
        assert isinstance(info, SnakeRound) and info.records is None and len(info.decisions) == len(SEATS)
        for move, decision in zip(info.moves, info.decisions):
            if move is None:
                assert decision.status is BotStatus.SKIPPED and decision.reason
            else:
                assert decision.ok and decision.answer == move and decision.wall_time > 0 and decision.cpu_time >= 0
                timed += 1
    assert timed >= len(rounds)
