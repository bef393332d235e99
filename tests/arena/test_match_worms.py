"""The worm referee with real bots: what a bot finds in its sandbox (the playfield file, its id,
its seed, the line ends), the original maps, and hostile bots in a real match next to sample
bots. How answers become moves and statuses and which worms' bots run, without processes:
tests/arena/test_referee_worms.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.bots import BotStatus
from arena.match import MatchSetup, RoundInfo, run_match, seat_seed
from arena.replay import verify_replay
from arena.worms_referee import resolve_map
from engines.worms import playfield_from_text
from tests.arena.test_match_api import GREEDY, WORMS, host, worms_setup, write_bot  # noqa: F401
from tests.bots.survivors import BOTS, marked

RANDOM = str(WORMS / "random_bot.py")
ORIGINAL_MAPS = sorted((WORMS / "redbot-2012").glob("*.txt"))


def play(setup: MatchSetup, host: Path, **kwargs: object) -> list[RoundInfo]:
    rounds: list[RoundInfo] = []
    run_match(setup, host_root=host, bot_env=marked(host), on_round=rounds.append, **kwargs)  # type: ignore[arg-type]
    return rounds


def test_each_bot_gets_its_playfield_file_and_worm_id(host: Path, tmp_path: Path) -> None:
    """The bot reports on stderr what it was given: ``PLAYFIELD_FILE WORM_ID``, the file's first
    line (round, round limit, flowers left) and its seed."""
    bot = write_bot(tmp_path, "report.sh", 'echo "$1|$2|$(head -n 1 "$1")|$BOT_SEED|$(pwd)" >&2\nprintf .\n')
    rounds = play(worms_setup(*(bot,) * 4, seed=21, rounds=2), host)
    for index, info in enumerate(rounds):
        for worm, record in enumerate(info.records or ()):
            path, worm_id, first_line, bot_seed, cwd = record.stderr_tail.strip().split("|")
            assert Path(path).is_absolute() and Path(path).parent == Path(cwd) == Path("/seat")  # in its sandbox
            assert (worm_id, bot_seed) == (str(worm), str(seat_seed(21, worm)))
            assert first_line == f"{index} 2 100"  # the state before the round
            assert record.answer == "."


@pytest.mark.parametrize(("line_end", "shown"), [("lf", ["\\n", "\\n"]), ("crlf", ["\\r", "\\n"]), ("cr", ["\\r", "\\r"])])
def test_the_playfield_is_written_with_the_chosen_line_end(line_end: str, shown: list[str], host: Path, tmp_path: Path) -> None:
    bot = write_bot(tmp_path, "ends.sh", "tr -d -c '\\r\\n' < \"$1\" | od -An -c | head -n 1 >&2\nprintf .\n")
    rounds = play(worms_setup(*(bot,) * 4, rounds=1, line_end=line_end), host)
    assert rounds[0].records[0].stderr_tail.split()[:2] == shown  # type: ignore[index]


@pytest.mark.parametrize("map_path", ORIGINAL_MAPS, ids=lambda p: p.stem)
def test_the_original_maps_load_and_play(map_path: Path, host: Path, tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    result = run_match(MatchSetup("worms", (GREEDY,) * 4, 3, {"map": str(map_path), "rounds": 3}), record=record,
                       host_root=host, bot_env=marked(host))
    assert (result.rounds, result.statuses) == (3, ("ok",) * 4)
    assert verify_replay(record).ok


def test_the_original_maps_are_the_contest_files() -> None:
    assert len(ORIGINAL_MAPS) == 4
    shared = Path("/work/shared/data/worms-maps")
    for path in ORIGINAL_MAPS:
        state = playfield_from_text(path.read_text())
        assert state.round == 0 and all(w.length == 2 for w in state.worms)
        if (shared / path.name).exists():
            assert path.read_bytes() == (shared / path.name).read_bytes()


def test_a_map_is_found_by_its_sample_name() -> None:
    assert resolve_map("meadow") == WORMS / "meadow.txt"
    assert resolve_map("stripes") == WORMS / "redbot-2012" / "stripes.txt"
    assert resolve_map("no-such-map") == Path("no-such-map")


# --- hostile bots -------------------------------------------------------------------------------

SHORT, LONG = 0.4, 3.0
"""Time limits: short for bots that never answer (the match waits it out twice); the default for
bots that answer or die at once, so a loaded machine cannot turn their neighbours' turns into
timeouts."""
HOSTILE = [
    ("sleep_forever.py", BotStatus.TIMEOUT, SHORT),
    ("busy_loop.py", BotStatus.TIMEOUT, SHORT),
    ("fork_holds_stdout.py", BotStatus.TIMEOUT, SHORT),
    ("fork_bomb.py", BotStatus.TIMEOUT, SHORT),
    ("setsid_escape.py", BotStatus.OK, LONG),            # answers 'r'; its escaped grandchild must not survive
    ("print_100mb.py", BotStatus.INVALID_OUTPUT, LONG),  # the first character is 'x'
    ("flood_stderr.py", BotStatus.KILLED, LONG),
    ("exit_nonzero.sh", BotStatus.CRASHED, LONG),
    ("non_utf8.py", BotStatus.INVALID_OUTPUT, LONG),
    ("no_newline.py", BotStatus.INVALID_OUTPUT, LONG),   # 'a' is no move
    ("alloc_2gb.py", BotStatus.CRASHED, LONG),
]


@pytest.mark.parametrize(("bot", "status", "time_limit"), HOSTILE, ids=[b for b, _, _ in HOSTILE])
def test_a_hostile_bot_gets_its_status_and_spoils_nothing(
    bot: str, status: BotStatus, time_limit: float, host: Path, tmp_path: Path,
) -> None:
    record = tmp_path / "r.jsonl"
    others = (GREEDY, GREEDY, GREEDY) if time_limit == SHORT else (GREEDY, RANDOM, GREEDY)
    setup = worms_setup(str(BOTS / bot), *others, rounds=2, time_limit=time_limit)
    rounds = play(setup, host, record=record)
    assert len(rounds) == 2
    hostile = [info.records[0] for info in rounds if info.records[0].status is not BotStatus.SKIPPED]  # type: ignore[index]
    assert hostile and all(r.status is status for r in hostile), [(r.status, r.reason) for r in hostile]
    for info in rounds:
        assert [r.status for r in info.records[1:]] == [BotStatus.OK] * 3, info.records  # type: ignore[index]
    assert verify_replay(record).ok
