"""What the arena's replay worker checks as it reads a replay someone sent: it keeps a copy of the
file as read (it may be written over or deleted while shown), and says where the file disagrees
with its game's rules (a round or the result line edited by hand) — the board shows what the
rules make of the moves, so the file's other claims would be contradicted without a word."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

from arena.match import RoundInfo, SeatTally
from arena.referee import GameReferee
from arena.replay import Replay
from arena.verify import differences, expected_result

LOG = logging.getLogger(__name__)
RESULT_KEYS = ("rounds", "end", "scores", "ranks", "statuses")
"""What the arena shows of a result line (its seat times are the records' sums anyway)."""


def keep_copy(path: Path, keep: Path | None) -> Path | None:
    """``keep``, a copy of ``path`` just read; None when not asked for or it could not be made
    (then "Save replay" copies the file itself, as before)."""
    if keep is None:
        return None
    try:
        shutil.copyfile(path, keep)
    except OSError as error:
        LOG.warning("Could not keep a copy of %s: %s", path, error)
        return None
    return keep


def round_disagrees(referee: GameReferee[Any, Any, Any], replay: Replay, info: RoundInfo[Any, Any, Any]) -> str:
    """What is wrong with round ``info``'s line as the engine plays it (a hand-edited score or
    state), as one line naming the file and line; "" when it agrees."""
    problems = differences(replay.rounds[info.index - 1], referee.checked(info)) + referee.record_problems(info)
    if not problems:
        return ""
    return (f"{replay.where(info.index)}: round {info.index} does not agree with its game's rules, so what is "
            f"shown is the rules': {'; '.join(problems)}")


def checked_result(referee: GameReferee[Any, Any, Any], replay: Replay, last: RoundInfo[Any, Any, Any] | None,
                   tally: SeatTally) -> tuple[dict[str, Any], str]:
    """The result to show of a finished replay: its result line, or where that disagrees with the
    rounds, the rounds' result; and what disagreed ("" when nothing did)."""
    result = dict(replay.result or {})
    played = expected_result(referee, replay, last, tally)
    wrong = [problem for problem in differences(result, played) if not problem.startswith("seat_times")]
    if not wrong:
        return result, ""
    said = (f"{replay.path}:{replay.result_line}: its result line does not agree with its rounds, so the result "
            f"shown is the rounds': {'; '.join(wrong)}")
    return {**result, **{key: played[key] for key in RESULT_KEYS}}, said
