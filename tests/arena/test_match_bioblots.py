"""The Bio-blots referee with real bots: hostile persistent bots and faults mid-game (nothing
left behind), boards from the seed or a file, the command line with its replays, cancelling.
What the bots are told, faults with the rule they break and the start grace, exactly and
without processes: tests/arena/test_referee_bioblots.py."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.cli import main
from arena.match import MatchResult, MatchSetup, MatchSetupError, RoundInfo, run_match
from arena.replay import read_replay, verify_replay
from engines.bioblots import board_to_text, generate_board
from tests.arena.test_match_api import ROOT, host  # noqa: F401
from tests.bots.survivors import BOTS, marked, processes_with

SAMPLES = ROOT / "samples" / "bioblots"
RANDOM = str(SAMPLES / "random_bot.py")
CHLORINE = ("2" * 26 + "\n") * 26
SLACK = 5.0
"""How late after its deadline a bot may be stopped: generous, for a machine whose cores are busy
with other work (the bots here never answer, or answer a second late)."""
"""A board of chlorine only: every entered cell is worth 2, nothing grows or paralyses."""

def play(setup: MatchSetup, host: Path, **kwargs: object) -> tuple[list[RoundInfo], MatchResult]:
    rounds: list[RoundInfo] = []
    result = run_match(setup, host_root=host, bot_env=marked(host), on_round=rounds.append, **kwargs)
    return rounds, result


HOSTILE = [  # seat 1's bot; the opponent is the random sample
    ("p_never_answers.py", BotStatus.TIMEOUT, "timeout"),
    ("p_never_reads.py", BotStatus.TIMEOUT, "timeout"),
    ("p_no_newline.py", BotStatus.TIMEOUT, "timeout"),       # "movemove…" never ends a line
    ("p_no_flush.py", BotStatus.TIMEOUT, "timeout"),         # its lines stay in its buffer
    ("p_closes_stdout.py", BotStatus.CRASHED, "exited"),
    ("exit_nonzero.sh", BotStatus.CRASHED, "exited"),
    ("p_floods.py", BotStatus.KILLED, "unreadable"),         # no newline within the stdout cap
    ("non_utf8.py", BotStatus.INVALID_OUTPUT, "unreadable"),
    ("p_echo.py", BotStatus.DISQUALIFIED, "unreadable"),        # answers a board row at once: every line is a move
]


@pytest.mark.parametrize(("bot", "status", "kind"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_bot_loses_technically_and_leaves_nothing_behind(
    bot: str, status: BotStatus, kind: str, host: Path, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    setup = MatchSetup("bioblots", (RANDOM, str(BOTS / bot)), 5, {"start_grace": 0.0})
    rounds, result = play(setup, host, record=record)
    assert len(rounds) == 2  # the random bot's placement, then the hostile bot's first line
    first, second = rounds
    assert second.records[1].status is status and second.moves[1]["fault"] == kind
    assert second.end == "fault" and result.statuses == ("ok", status.label)
    assert result.scores == (first.scores[0], 0) and result.ranks == (1, 2)
    if status is BotStatus.TIMEOUT:
        assert 0.45 < second.records[1].wall_time < 0.5 + SLACK
    assert verify_replay(record).ok


MID_GAME = [  # seat 1 plays 3 legal moves (rounds 2, 4, 6), then misbehaves at its 4th (round 8)
    (f"p_crashes.py --play {RANDOM} 3", BotStatus.CRASHED, "exited", "RuntimeError: lost track of the board"),
    (f"p_answers_late.py --play {RANDOM} 3", BotStatus.TIMEOUT, "timeout", "no answer within 0.500 s"),
]


@pytest.mark.parametrize(("bot", "status", "kind", "reason"), MID_GAME, ids=["crashes", "answers_late"])
def test_a_bot_that_misbehaves_mid_game_loses_technically_and_its_points_go_to_the_winner(
    bot: str, status: BotStatus, kind: str, reason: str, host: Path, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    left: list[int] = []

    def at_the_end(info: RoundInfo) -> None:
        if info.end is not None:  # the referee has ended both bots before telling the round
            left.extend(processes_with(str(host)))

    rounds: list[RoundInfo] = []
    setup = MatchSetup("bioblots", (RANDOM, str(BOTS / bot)), 5)
    result = run_match(setup, host_root=host, bot_env=marked(host), record=record, on_round=lambda info: (rounds.append(info), at_the_end(info)))
    assert left == []
    assert len(rounds) == 8 and [info.records[1].status for info in rounds[1:7:2]] == [BotStatus.OK] * 3
    before, last = rounds[-2], rounds[-1]
    assert all(isinstance(info.moves[1], str) for info in rounds[1:7:2])  # three legal moves
    assert last.records[1].status is status and reason in last.records[1].reason
    assert last.moves[1]["fault"] == kind and reason in last.moves[1]["detail"]
    if status is BotStatus.TIMEOUT:
        assert 0.45 < last.records[1].wall_time < 0.5 + SLACK
    assert before.scores[1] > 0  # the loser had points, and they go to the winner (spec: Faults)
    assert result.scores == (before.scores[0] + before.scores[1], 0) and result.ranks == (1, 2)
    assert (result.end, result.statuses) == ("fault", ("ok", status.label))
    assert verify_replay(record).ok


def test_the_board_comes_from_the_seed_or_a_file(host: Path, tmp_path: Path) -> None:
    def header_board(seed: int, options: dict[str, object]) -> str:
        record = tmp_path / f"{seed}.jsonl"
        run_match(MatchSetup("bioblots", (RANDOM, RANDOM), seed, {"move_limit": 1, **options}), record=record,
                  host_root=host, bot_env=marked(host))
        return str(read_replay(record).options["board_text"])

    assert header_board(4, {}) == board_to_text(generate_board(random.Random(4)))
    assert header_board(4, {}) != header_board(5, {})
    board = tmp_path / "board.txt"
    board.write_text(CHLORINE)
    assert header_board(6, {"board": str(board)}) == CHLORINE


@pytest.mark.parametrize(("text", "message"), [
    ("2" * 26 + "\n", "board.txt:2: the board has 1 rows, expected 26"),
    (("2" * 26 + "\n") * 3 + "22x" + "2" * 23 + "\n", "board.txt:4:3: unknown substance 'x'"),
    (("2" * 25 + "\n") * 26, "board.txt:1:26: row 1 has 25 characters"),
    (("2" * 26 + "\n") * 26 + "\nxyz\n", "board.txt:28:1: unexpected text after the 26 board rows: 'xyz'"),
])
def test_a_bad_board_file_is_one_line_naming_file_line_and_column(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    board = tmp_path / "board.txt"
    board.write_text(text)
    record = tmp_path / "r.jsonl"
    assert main(["match", "bioblots", "--bot", RANDOM, "--bot", RANDOM, "--board", str(board), "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and not record.exists()
    with pytest.raises(MatchSetupError, match="option time_limit"):
        run_match(MatchSetup("bioblots", (RANDOM, RANDOM), 1, {"time_limit": -1}))


def test_the_command_line_plays_a_match_and_its_replay_verifies_until_tampered(
    c_bot: Callable[[str], Path], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    greedy = str(c_bot("bioblots/greedy"))
    record = tmp_path / "m.jsonl"
    assert main(["match", "bioblots", "--bot", RANDOM, "--bot", greedy, "--seed", "9", "--rounds", "30",
                 "--record", str(record)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    replay = read_replay(record)
    assert set(out) == {"game", "rounds", "scores", "ranks", "statuses"}
    assert out["game"] == "bioblots" and out["rounds"] == len(replay.rounds) <= 60
    assert out["scores"] == replay.result["scores"] == replay.rounds[-1]["scores"]
    assert out["ranks"] == ([1, 1] if out["scores"][0] == out["scores"][1] else
                            [1, 2] if out["scores"][0] > out["scores"][1] else [2, 1])
    assert out["statuses"] == ["ok", "ok"]
    assert main(["replay", "--verify", str(record)]) == 0
    assert "all" in capsys.readouterr().out

    lines = record.read_text().splitlines()
    round_5 = json.loads(lines[5])
    round_5["moves"][0] = {"fault": "timeout", "rule": None, "detail": "timeout: made up"}
    lines[5] = json.dumps(round_5)
    tampered = tmp_path / "t.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    report = verify_replay(tampered)
    assert not report.ok and report.first_bad is not None and report.first_bad.round == 5
    assert main(["replay", "--verify", str(tampered)]) == 1


def test_cancel_stops_the_match_and_kills_both_bots(host: Path) -> None:
    cancel = threading.Event()

    def after(info: RoundInfo) -> None:
        if info.index == 3:
            cancel.set()

    result = run_match(MatchSetup("bioblots", (RANDOM, RANDOM), 3), host_root=host, bot_env=marked(host), cancel=cancel, on_round=after)
    assert (result.end, result.rounds) == ("cancelled", 3)


# --- regression: a fault by a player with no points was ranked a draw ---------------------------


@pytest.mark.parametrize("offender", [0, 1])
def test_the_offender_and_the_locked_in_player_rank_last_whatever_the_points(offender: int) -> None:
    """Ranks come from the game's result once it is over: a technical loss or being locked in
    loses (specs/bioblots.md, Game end), with or without points; a cancelled game ranks by points."""
    from engines.bioblots.game import final_ranks
    from engines.bioblots import Fault, FaultKind, board_from_text, start_state

    start = start_state(board_from_text(CHLORINE), 80)
    over, _ = start.forfeit(offender, Fault(FaultKind.TIMEOUT, "no line"))
    assert final_ranks(over) == ((2, 1) if offender == 0 else (1, 2))
    assert final_ranks(start) == (1, 1)  # not over (a cancelled match): equal points share the rank
    placed, _ = start.apply_line("aa ab ba bb")
    locked = placed.forfeit(1, Fault(FaultKind.EXITED, "gone"))[0]
    assert locked.result().scores == (8, 0) and final_ranks(locked) == (1, 2)
