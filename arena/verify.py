"""Verifying a replay: play its recorded moves through the engine again from the header and
compare everything the file claims, the first disagreement named by round (or result) and field.

Each round: the moves the engine applied, its events, the scores and the state digest, and that
the seats' records agree with the moves (a seat the referee did not run has no move; a seat whose
bot gave no answer has no ordinary move; what each game adds, in its referee's
:meth:`~arena.match.GameReferee.record_problems`). The result line: the number of rounds, the end
(the game's own, or ``cancelled`` for a match stopped before its end), the scores, the ranks
(each game's rule: :meth:`~arena.match.GameReferee.replayed_ranks`), the statuses (tallied from
the records as the match did) and the seats' times (summed from the records)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from arena.bots import BotStatus
from arena.replay import Replay, ReplayError, RoundCheck, RoundChecks, VerifyReport

if TYPE_CHECKING:
    from arena.match import RoundInfo
    from arena.referee import GameReferee

TIME_SLACK = 1e-6
"""Per round, how far a seat's summed record times may stray from the result's (both are
rounded to microseconds when written)."""


def verify_rounds(referee: GameReferee, replay: Replay, on_round: Callable[[int], None] | None = None) -> VerifyReport:
    """Re-simulate ``replay`` with ``referee`` and compare it round by round, then its result
    (``on_round``: told each round's number once checked)."""
    from arena.match import SeatTally

    checks = RoundChecks(replay.round_lines)
    tally = SeatTally(len(replay.seats))
    last: RoundInfo | None = None
    try:
        for info in referee.replay_rounds(replay):
            recorded = replay.rounds[info.index - 1]
            problems = differences(recorded, referee.checked(info)) + (
                unknown_status_problems(info) or referee.record_problems(info))
            checks.add(RoundCheck(info.index, tuple(problems), replay.round_lines[info.index - 1]))
            tally.add(info.records)
            last = info
            if on_round is not None:
                on_round(info.index)
    except ReplayError as error:
        index = len(checks) + 1
        line = replay.round_lines[index - 1] if index <= len(replay.round_lines) else None
        checks.add(RoundCheck(index, (_without_place(str(error), replay.path),), line))
        return VerifyReport(replay.path, replay.game, checks, (), replay.result is not None,
                            replay.result_line)
    result_problems: list[str] = []
    if replay.result is not None:
        result_problems = differences(replay.result, expected_result(referee, replay, last, tally))
    return VerifyReport(replay.path, replay.game, checks, tuple(result_problems), replay.result is not None,
                        replay.result_line)


def expected_result(referee: GameReferee, replay: Replay, last: RoundInfo | None, tally: Any) -> dict[str, Any]:
    """The result line the re-simulated match must have (the keys a recording has are compared)."""
    from arena.match import CANCELLED

    scores = list(last.scores) if last is not None else list(referee.start_scores(replay))
    end = last.end if last is not None else referee.start_end(replay)
    end = CANCELLED if end is None else end
    expected: dict[str, Any] = {
        "rounds": len(replay.rounds), "end": end, "scores": scores,
        "ranks": list(referee.replayed_ranks(replay, last)), "statuses": list(tally.statuses()),
    }
    times = replay.result.get("seat_times") if replay.result is not None else None
    if isinstance(times, list) and not _times_agree(times, tally, len(replay.rounds)):
        expected["seat_times"] = [{"wall": round(t.wall, 6), "cpu": round(t.cpu, 6)} for t in tally.times()]
    return expected


def _times_agree(recorded: list[Any], tally: Any, rounds: int) -> bool:
    summed = tally.times()
    if len(recorded) != len(summed):
        return False
    slack = TIME_SLACK * (rounds + 1)
    for entry, total in zip(recorded, summed):
        if not isinstance(entry, Mapping):
            return False
        for key, value in (("wall", total.wall), ("cpu", total.cpu)):
            number = entry.get(key)
            if isinstance(number, bool) or not isinstance(number, (int, float)) or abs(number - value) > slack:
                return False
    return True


def unknown_status_problems(info: RoundInfo) -> list[str]:
    """A line per record whose status this version does not know (a newer snakepit wrote the
    replay): the game's checks of a round's records cannot judge it, and said "its record says
    unknown ..., which is the move None" instead."""
    return [f"seat {seat}: {record.reason.split(':')[0]}, written by a newer snakepit?: "
            "this version cannot check the round's records"
            for seat, record in enumerate(info.records or ()) if record.status is BotStatus.UNKNOWN]


def skipped_seat_problems(info: RoundInfo) -> list[str]:
    """What every game's records must agree on: a seat the referee did not run has no move."""
    problems = []
    for seat, (move, record) in enumerate(zip(info.moves, info.records or ())):
        if record.status is BotStatus.SKIPPED and move is not None:
            problems.append(f"seat {seat}: a move is recorded ({move!r:.60}), but its record says it was not run"
                            + (f" ({record.reason})" if record.reason else ""))
    return problems


NO_ANSWER = (BotStatus.TIMEOUT, BotStatus.CRASHED, BotStatus.KILLED)
"""Statuses of a spawned bot's turn that gave no answer."""


def unanswered_problems(info: RoundInfo) -> list[str]:
    """For games that spawn a bot per round: a record saying it gave no answer holds none."""
    return [f"seat {seat}: its record says {record.status.label}, but holds an answer ({record.answer!r:.40})"
            for seat, record in enumerate(info.records or ())
            if record.status in NO_ANSWER and record.answer is not None]


def differences(recorded: Mapping[str, Any], computed: Mapping[str, Any]) -> list[str]:
    """A short line per key whose recorded value is not the re-simulated one (keys the recording
    lacks are not compared: legacy replays have no scores or states)."""
    problems = []
    for key, value in computed.items():
        if key in recorded and recorded[key] != value:
            problems.append(f"{key} recorded {_short(recorded[key])}, re-simulated {_short(value)}")
    return problems


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _without_place(message: str, path: str) -> str:
    """A replay error's message without its leading ``file:line:`` (the report adds the place)."""
    prefix = f"{path}:"
    if message.startswith(prefix):
        rest = message[len(prefix):]
        number, sep, after = rest.partition(": ")
        if sep and number.isdigit():
            return after
    return message
