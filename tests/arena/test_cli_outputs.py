"""What a command writes (``--record``, kingdoms' ``--history``) never takes the place of what the
user had: a file that holds something is refused before anything runs (exit 2, one line), a
match refused for its bots leaves the history file as it was, and a tournament, whose games
would all write the one history file, refuses it.

Regressions: ``snakepit battle mine.snake.json hunter --record mine.snake.json`` replaced the
program with the replay, ``--history`` the playfield being played, a kingdoms match with a
missing bot emptied its ``--history`` file, and ``snakepit tournament kingdoms --history FILE``
emptied FILE while checking the entrants, then had every game write over it; ``card --out`` and
``improve --out`` wrote over any file (the position the card was made from, an earlier result)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from arena.match import MatchSetup, MatchSetupError, run_match
from editor.cli import main
from engines.snake import position_to_json, start_position
from matcher import load_program
from tests.arena.test_match_api import FARMER, ROOT

PLAYFIELD = ROOT / "samples" / "kingdoms" / "default_playfield.txt"
HUNTER = ROOT / "samples" / "snake" / "hunter.snake.json"
NO_BOT = "/nonexistent/bot"
KINGDOMS = ["match", "kingdoms", *["--bot", FARMER] * 4, "--rounds", "2", "--seed", "1"]
FLAGS = ["--seed", "1", "--steps", "3", "--size", "11x11", "--length", "3"]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.err


def assert_refused(code: int, err: str, *parts: str) -> None:
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith("snakepit: "), (code, err)
    for part in parts:
        assert part in err, err


def test_a_battle_never_records_over_the_program_it_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.snake.json"
    shutil.copy(HUNTER, mine)
    code, err = run(capsys, ["battle", str(mine), "tail_biter", *FLAGS, "--record", str(mine)])
    assert_refused(code, err, f"--record {mine}: the file exists")
    assert mine.read_bytes() == HUNTER.read_bytes()


def test_a_match_never_writes_its_history_over_the_playfield_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    playfield = tmp_path / "mine.txt"
    shutil.copy(PLAYFIELD, playfield)
    code, err = run(capsys, [*KINGDOMS, "--playfield", str(playfield), "--history", str(playfield)])
    assert_refused(code, err, f"--history {playfield}: the file exists")
    assert playfield.read_bytes() == PLAYFIELD.read_bytes()


def test_a_kept_replay_is_refused_and_an_empty_file_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "kept.jsonl"
    kept.write_text("an earlier replay\n")
    code, err = run(capsys, ["battle", "hunter", "tail_biter", *FLAGS, "--record", str(kept)])
    assert_refused(code, err, "remove it, or choose another name")
    assert kept.read_text() == "an earlier replay\n"
    empty = tmp_path / "from_mktemp.jsonl"
    empty.touch()
    assert run(capsys, ["battle", "hunter", "tail_biter", *FLAGS, "--record", str(empty)])[0] == 0
    assert empty.read_text().startswith('{"type":"header"')


def test_two_outputs_naming_one_file_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    both = tmp_path / "both.txt"
    code, err = run(capsys, [*KINGDOMS, "--record", str(both), "--history", str(both)])
    assert_refused(code, err, f"--history {both}: --record writes to that file too")
    assert not both.exists()


def test_a_match_refused_for_its_bots_leaves_the_history_file_as_it_was(tmp_path: Path) -> None:
    """Through the match API (the app's way), which writes over a file it is told to."""
    history = tmp_path / "history.txt"
    history.write_text("last week's match\n")
    with pytest.raises(MatchSetupError, match="seat 0"):
        run_match(MatchSetup("kingdoms", (NO_BOT,) * 4, 1, {"history": str(history)}), host_root=tmp_path)
    assert history.read_text() == "last week's match\n"


def test_a_tournament_refuses_a_history_file_and_leaves_it_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    history = tmp_path / "history.txt"
    history.write_text("last week's match\n")
    code, err = run(capsys, ["tournament", "kingdoms", "--entrant", f"a={FARMER}", "--entrant", f"b={FARMER}",
                             "--rounds", "2", "--seed", "1", "--jobs", "1", "--history", str(history)])
    assert_refused(code, err, "--history", "every game of a tournament would write over that one file")
    assert history.read_text() == "last week's match\n"


def test_card_writes_over_its_own_program_but_not_over_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    mine = tmp_path / "mine.snake.json"
    shutil.copy(HUNTER, mine)
    position = tmp_path / "p.position.json"
    position.write_text(json.dumps(position_to_json(start_position(2, 11, 11, 3))))
    kept = position.read_text()
    card = ["card", str(mine), str(position), "--snake", "0", "--move", "up"]
    code, err = run(capsys, [*card, "--out", str(position)])
    assert_refused(code, err, f"--out {position}: the file exists")
    assert position.read_text() == kept
    assert run(capsys, [*card, "--out", str(mine)])[0] == 0  # the edit asked for: the program gets the card
    assert len(load_program(mine).cards) == len(load_program(HUNTER).cards) + 1


def test_improve_never_writes_over_an_earlier_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    earlier = tmp_path / "hunter.improved.snake.json"
    earlier.write_text("an earlier run's program, edited since\n")
    code, err = run(capsys, ["improve", "hunter", "--against", "tail_biter", "--budget", "1", "--jobs", "1",
                             "--out", str(earlier)])
    assert_refused(code, err, f"--out {earlier}: the file exists")
    assert earlier.read_text() == "an earlier run's program, edited since\n"
