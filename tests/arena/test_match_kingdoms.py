"""The kingdoms referee with real strategies: the 8 numbers, the information files in each
seat's folder, BOT_SEED, the history file, and hostile strategies in a real match. Invalid
answers, timeouts and dead kingdoms, without processes: tests/arena/test_referee_kingdoms.py."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.match import MatchSetup, RoundInfo, run_match, seat_seed
from arena.replay import verify_replay
from engines.kingdoms import history_from_text
from tests.arena.test_match_api import FARMER, KINGDOMS, host, write_bot  # noqa: F401
from tests.bots.survivors import BOTS, marked

RANDOM = str(KINGDOMS / "random_bot.py")
START = "25 10 1 1 3 3 0"

# Reports the information files it finds, its arguments and seed on stderr; with the argument
# "attack" (before the 8 numbers) it attacks kingdom 1 with one soldier, otherwise it recruits.
# Everything goes to stderr before the answer: the turn ends (and the bot is killed) at its first line.
REPORTER = """for f in utok.txt obrana.txt loupez_utok.txt loupez_obrana.txt informace.txt; do
  [ -f "$f" ] && { echo "== $f"; cat "$f"; } >&2
done
echo "seed $BOT_SEED" >&2
if [ "$1" = attack ]; then shift; echo "args $*" >&2; echo "u 1 1"; else echo "args $*" >&2; echo v; fi
"""


def play(setup: MatchSetup, host: Path, **kwargs: object) -> list[RoundInfo]:
    rounds: list[RoundInfo] = []
    run_match(setup, host_root=host, bot_env=marked(host), on_round=rounds.append, **kwargs)  # type: ignore[arg-type]
    return rounds


def stderr(info: RoundInfo, seat: int) -> str:
    return info.records[seat].stderr_tail  # type: ignore[index]


def test_strategies_get_the_numbers_the_info_files_and_their_seed(host: Path, tmp_path: Path) -> None:
    bot = write_bot(tmp_path, "reporter.sh", REPORTER)
    seats = (f"{bot} attack", bot, bot, bot)
    rounds = play(MatchSetup("kingdoms", seats, 8, {"rounds": 3}), host)
    first, second, third = rounds
    # Round 1: no files yet; ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY.
    assert all("==" not in stderr(first, k) for k in range(4))
    assert "args 3 25 1 1 3 3 10 0\n" in stderr(first, 0)
    assert [f"seed {seat_seed(8, k)}\n" in stderr(first, k) for k in range(4)] == [True] * 4
    # Kingdom 0's attack on 1 failed (1 soldier × (3 DIV 3) against 2 × 1 × 1.5): both sides see it, from their side.
    assert "== utok.txt\ncil=1\nutocnici=0\nztraty_ja_vojaci=1\n" in stderr(second, 0)
    assert "== obrana.txt\nutocnici=3\nztraty_utoku_vojaci=1\nztraty_ja_vojaci=0\n" in stderr(second, 1)
    assert "==" not in stderr(second, 2) and "==" not in stderr(second, 3)
    # Round 2: kingdom 0 has no soldier left, so its attack is invalid: no action, and said so.
    assert second.moves[0] == "u 1 1" and second.records[0].status is BotStatus.INVALID_OUTPUT  # type: ignore[index]
    assert "the kingdom has 0" in second.records[0].reason  # type: ignore[index]
    # Round 3: last round's files are gone (nothing happened in round 2).
    assert all("==" not in stderr(third, k) for k in range(4))
    assert "args 1 " in stderr(third, 1)


def test_a_kingdom_with_territory_0_at_the_start_showed_its_numbers_in_the_history_now_zeros_from_round_1(
    host: Path, tmp_path: Path,
) -> None:
    """specs/kingdoms.md, Robbery: "A kingdom that starts the match with territory 0 is dead from
    the start: its numbers are 0 in the first history line"."""
    history = tmp_path / "match.lastplay"
    text = f"0/3: {START} {START} {START} 0 9 4 2 6 6 1\n"
    play(MatchSetup("kingdoms", (FARMER,) * 4, 1, {"playfield_text": text, "history": str(history)}), host)
    lines = history.read_text().splitlines()
    assert lines[0].endswith(" 0 9 4 2 6 6 1") and len(lines) == 4
    assert all(line.endswith(" 0 0 0 0 0 0 0") for line in lines[1:])


def test_the_history_file_has_the_start_and_a_line_per_round(host: Path, tmp_path: Path) -> None:
    history = tmp_path / "match.lastplay"
    rounds = play(MatchSetup("kingdoms", (FARMER,) * 4, 1, {"rounds": 5, "history": str(history)}), host)
    states = history_from_text(history.read_text(), str(history))
    assert [s.round for s in states] == [0, 1, 2, 3, 4, 5]
    assert states[1:] == [info.state for info in rounds]


# --- hostile strategies -------------------------------------------------------------------------

SHORT, LONG = 0.4, 2.0
"""As for worms: a short limit for strategies that never answer, the default for the others."""
HOSTILE = [
    ("no_newline.py", BotStatus.TIMEOUT, SHORT),          # half a line, never a newline
    ("sleep_forever.py", BotStatus.TIMEOUT, SHORT),
    ("print_100mb.py", BotStatus.KILLED, LONG),           # no line within the stdout cap
    ("non_utf8.py", BotStatus.INVALID_OUTPUT, LONG),
    ("exit_nonzero.sh", BotStatus.CRASHED, LONG),
    ("echo_args.sh", BotStatus.INVALID_OUTPUT, LONG),     # answers "2": not an action
    ("setsid_escape.py", BotStatus.OK, LONG),             # a daemon escapes, killed; the leader answers "r"
    ("fork_bomb.py", BotStatus.TIMEOUT, SHORT),           # 64 processes, all killed at the deadline
    ("busy_loop.py", BotStatus.TIMEOUT, SHORT),
    ("flood_stderr.py", BotStatus.KILLED, LONG),          # past the stderr cap
    ("alloc_2gb.py", BotStatus.CRASHED, LONG),            # MemoryError under the address space limit
]
MARKED = {"setsid_escape.py"}
"""Bots that take a marker argument: given the host folder, so that the ``host`` fixture sees a
leftover daemon (it has neither the bot's environment nor its command line otherwise)."""


@pytest.mark.parametrize(("bot", "status", "time_limit"), HOSTILE, ids=[b for b, _, _ in HOSTILE])
def test_a_hostile_strategy_gets_its_status_and_spoils_nothing(
    bot: str, status: BotStatus, time_limit: float, host: Path, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    others = (FARMER, FARMER, FARMER) if time_limit == SHORT else (FARMER, RANDOM, FARMER)
    command = f"{shlex.quote(str(BOTS / bot))} {shlex.quote(str(host))}" if bot in MARKED else str(BOTS / bot)
    setup = MatchSetup("kingdoms", (command, *others), 4, {"rounds": 2, "time_limit": time_limit})
    rounds = play(setup, host, record=record)
    assert len(rounds) == 2
    for info in rounds:
        assert info.records[0].status is status, info.records[0]  # type: ignore[index]
        if status is BotStatus.OK:
            assert info.moves[0] == "r"
        else:
            assert info.moves[0] is None or isinstance(info.moves[0], dict)  # no action
        assert [r.status for r in info.records[1:]] == [BotStatus.OK] * 3, info.records  # type: ignore[index]
    assert verify_replay(record).ok


def test_a_match_from_a_playfield_in_mid_game_counts_its_own_rounds(host: Path, tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    text = f"12/15: {START} 30 4 2 3 6 3 1 {START} {START}\n"
    rounds = play(MatchSetup("kingdoms", (FARMER,) * 4, 1, {"playfield_text": text}), host, record=record)
    assert [(info.index, info.state.round) for info in rounds] == [(1, 13), (2, 14), (3, 15)]
    assert verify_replay(record).ok
