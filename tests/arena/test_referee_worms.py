"""The worm referee against scripted bots (arena/bots/scripted.py): what each living worm's bot
is given, how its answer (or garbage, a timeout, a crash) becomes its move and its record, and
which worms' bots run; no process and no clock. With real and hostile bots and the original maps:
tests/arena/test_match_worms.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.bots.scripted import Reply, Script, Turn, answer, crash, silent
from arena.match import seat_seed
from engines.worms import LineEnd, playfield_to_text
from engines.worms.game import GAME
from tests.arena import scripted_match
from tests.arena.scripted_match import Played, first_turn
from typing import Any

MEADOW = (Path(__file__).parents[2] / "samples" / "worms" / "meadow.txt").read_text()


def play(scripts: list[Script], seed: int = 1, map_text: str = MEADOW, **options: Any) -> Played:
    return scripted_match.play("worms", scripts, seed, map_text=map_text, **options)


def straight() -> Script:
    return Script(then=answer("."))


@pytest.mark.parametrize(("line_end", "end"), [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")])
def test_each_worms_bot_gets_the_playfield_before_the_round_its_id_and_its_seed(line_end: str, end: str) -> None:
    scripts = [straight() for _ in range(4)]
    _, rounds, _ = play(scripts, seed=21, rounds=2, time_limit=1.5, line_end=line_end)
    before = [GAME.start({"map_text": MEADOW, "rounds": 2}, 4), rounds[0].state]
    for worm, script in enumerate(scripts):
        assert script.turns == [Turn((f"/scripted/worm-{worm}/playfield.txt", str(worm)),
                                     {"playfield.txt": playfield_to_text(state, LineEnd(end))}, 1.5)
                                for state in before]
        assert script.env["BOT_SEED"] == str(seat_seed(21, worm))


NOT_A_MOVE = "not l, r or '.' (only the first character written counts: debug output goes to stderr): straight on"
ANSWERS = {
    "l": (answer("l"), BotStatus.OK, "l", ""),
    "R": (answer("R"), BotStatus.OK, "r", ""),
    "first character": (answer(b".then more"), BotStatus.OK, ".", ""),
    "x": (answer("x"), BotStatus.INVALID_OUTPUT, ".", f"answered 'x', {NOT_A_MOVE}"),
    "newline": (answer(""), BotStatus.INVALID_OUTPUT, ".", f"answered '\\n', {NOT_A_MOVE}"),
    "not ASCII": (answer("é"), BotStatus.INVALID_OUTPUT, ".", "first byte b'\\xc3' is not an ASCII character"),
    "just in time": (answer("l", wall=2.999), BotStatus.OK, "l", ""),
    "at the limit": (answer("l", wall=3.0), BotStatus.TIMEOUT, ".", "no answer within 3.000 s"),
    "silent": (silent(), BotStatus.TIMEOUT, ".", "no answer within 3.000 s"),
    "crash": (crash(139, stderr="Segmentation fault\n"), BotStatus.CRASHED, ".",
              "exited with code 139 without answering: Segmentation fault"),
}


@pytest.mark.parametrize(("reply", "status", "move", "reason"), ANSWERS.values(), ids=ANSWERS.keys())
def test_an_answer_is_its_first_character_and_anything_else_goes_straight(
    reply: Reply, status: BotStatus, move: str, reason: str, tmp_path: Path,
) -> None:
    record, played, label = first_turn("worms", reply, straight, tmp_path, map_text=MEADOW)
    assert (record.status, record.reason, played, label) == (status, reason, move, status.label)


def test_dead_and_frozen_worms_bots_are_not_run() -> None:
    lines = MEADOW.splitlines(keepends=True)
    lines[4] = "30 17 31 17 3 0 0\n"          # worm 2 frozen for 3 rounds
    lines[5] = "3 17 2 17 999999999 0 0\n"    # worm 3 dead
    scripts = [straight() for _ in range(4)]
    _, rounds, _ = play(scripts, map_text="".join(lines), rounds=4)
    assert [len(script.turns) for script in scripts] == [4, 4, 1, 0]  # worm 2 thawed for round 4
    statuses = [[r.status for r in info.records or ()] for info in rounds]
    assert [s[3] for s in statuses] == [BotStatus.SKIPPED] * 4
    assert [s[2] for s in statuses] == [BotStatus.SKIPPED] * 3 + [BotStatus.OK]
    assert [info.moves[2] for info in rounds] == [None, None, None, "."]
    assert (rounds[0].bot_records[3].reason, rounds[0].bot_records[2].reason) == ("dead", "frozen for 3 more rounds")
