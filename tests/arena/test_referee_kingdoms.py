"""The kingdoms referee against scripted strategies (arena/bots/scripted.py): the 8 numbers and
the information files each living kingdom's strategy gets, how its first line (or garbage, a
timeout, an exit) becomes its action and its record, and dead kingdoms; no process and no clock.
With real and hostile strategies, the files in the seat's folder and the history file:
tests/arena/test_match_kingdoms.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.bots.scripted import Reply, Script, ScriptedHost, Turn, answer, crash, silent
from arena.kingdoms_referee import NO_INFO
from arena.match import MatchSetup, run_match, seat_seed
from tests.arena import scripted_match
from tests.arena.scripted_match import ANY_PROGRAM, Played, first_turn
from typing import Any

START = "25 10 1 1 3 3 0"


def play(scripts: list[Script], seed: int = 1, **options: Any) -> Played:
    return scripted_match.play("kingdoms", scripts, seed, **options)


def recruits() -> Script:
    return Script(then=answer("v"))


def test_strategies_get_the_numbers_and_the_information_files_of_the_round_before() -> None:
    scripts = [Script(answer("u 1 1"), then=answer("v")), recruits(), recruits(), recruits()]
    play(scripts, seed=8, rounds=3)
    # ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY; no files in round 1.
    assert scripts[0].turns[0] == Turn(("3", "25", "1", "1", "3", "3", "10", "0"), {**NO_INFO}, 2.0)
    # Kingdom 0's attack on 1 failed (1 soldier × (3 DIV 3) against 2 × 1 × 1.5): both sides learn
    # it, each from its side, and every other file is removed.
    attack = "cil=1\nutocnici=0\nztraty_ja_vojaci=1\nztraty_cile_vojaci=0\nztraty_cile_rolnici=0\nzisk_ja_uzemi=0\n"
    defence = "utocnici=3\nztraty_utoku_vojaci=1\nztraty_ja_vojaci=0\nztraty_ja_rolnici=0\nztraty_ja_uzemi=0\n"
    assert scripts[0].turns[1].files == {**NO_INFO, "utok.txt": attack}
    assert scripts[1].turns[1].files == {**NO_INFO, "obrana.txt": defence}
    assert scripts[2].turns[1].files == scripts[3].turns[1].files == NO_INFO
    assert all(script.turns[2].files == NO_INFO for script in scripts)  # nothing happened in round 2
    assert [script.turns[2].args[0] for script in scripts] == ["1"] * 4
    assert [script.env["BOT_SEED"] for script in scripts] == [str(seat_seed(8, k)) for k in range(4)]


ANSWERS = {
    "an action": (answer("z"), BotStatus.OK, "z", ""),
    "the first line only": (answer("u 2 1\nv"), BotStatus.OK, "u 2 1", ""),
    "a last line without newline": (answer(b"r", exit_code=0), BotStatus.OK, "r", ""),
    "not an action": (answer("attack!"), BotStatus.INVALID_OUTPUT,
                      {"invalid": "attack!", "reason": "unknown action code 'attack!' (expected one of v r z f s u t i l)"},
                      "unknown action code 'attack!' (expected one of v r z f s u t i l): no action"),
    "no such kingdom": (answer("u 5 1"), BotStatus.INVALID_OUTPUT,
                        {"invalid": "u 5 1", "reason": "target 5 is not another kingdom's id (1..3)"},
                        "target 5 is not another kingdom's id (1..3): no action"),
    "just in time": (answer("z", wall=1.999), BotStatus.OK, "z", ""),
    "at the limit": (answer("z", wall=2.0), BotStatus.TIMEOUT, None, "no answer within 2.000 s"),
    "silent": (silent(), BotStatus.TIMEOUT, None, "no answer within 2.000 s"),
    "exits without a line": (crash(0), BotStatus.CRASHED, None, "exited with code 0 without answering"),
}


@pytest.mark.parametrize(("reply", "status", "move", "reason"), ANSWERS.values(), ids=ANSWERS.keys())
def test_an_answer_is_its_first_line_and_anything_invalid_is_no_action(
    reply: Reply, status: BotStatus, move: object, reason: str, tmp_path: Path,
) -> None:
    record, played, label = first_turn("kingdoms", reply, recruits, tmp_path)
    assert (record.status, record.reason, played, label) == (status, reason, move, status.label)


def test_a_dead_kingdoms_strategy_is_not_run() -> None:
    scripts = [recruits() for _ in range(4)]
    _, rounds, _ = play(scripts, playfield_text=f"0/4: {START} {START} {START} 0 0 0 0 0 0 0\n")
    assert len(rounds) == 4 and [len(script.turns) for script in scripts] == [4, 4, 4, 0]
    for info in rounds:
        assert [r.status for r in info.records or ()] == [BotStatus.OK] * 3 + [BotStatus.SKIPPED]
        assert info.moves[3] is None and info.bot_records[3].reason == "dead"


def test_a_history_file_that_cannot_be_written_names_itself_and_the_round_and_ends_the_bots() -> None:
    """Regression: a full disk said only 'snakepit: No space left on device' (and the bots'
    host was left open when it happened before round 1)."""
    host = ScriptedHost([recruits() for _ in range(4)])
    setup = MatchSetup("kingdoms", (ANY_PROGRAM,) * 4, 1, {"rounds": 3, "history": "/dev/full"})
    with pytest.raises(OSError) as error:
        run_match(setup, host_factory=host)
    assert (error.value.filename, error.value.strerror) == (
        "/dev/full", "cannot write round 0 to the history: No space left on device")
    assert host.closed
