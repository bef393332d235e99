"""Ending the persistent bots of a finished game together.

At a game's end every bot still playing has its stdin closed and a grace to exit. Closed one
after another, four bots that ignore the end of their input would take four graces; here every
bot's input is closed at (nearly) the same moment and they share one deadline, so the end takes
one grace, whatever the number of bots.

:meth:`arena.bots.PersistentBot.close_input` closes every input first; then each bot's
:meth:`~arena.bots.PersistentBot.close` waits only for what is left of its grace from the moment
its input was closed.

How a bot ended after the game does not change its game (its status, the ranks): a bot that did
not exit cleanly has it said in the reason of its seat's last record (:func:`after_game`).
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.bots import BotStatus, Limits, PersistentBot, TurnRecord

AFTER_GAME = "after the game"
"""How the reason of a seat's last record starts the note on a bot that did not exit cleanly."""
STDERR_KEPT = Limits().stderr_tail
"""The most of a seat's last record's stderr kept, its own and its bot's after the game together."""


def close_together(bots: Sequence[PersistentBot], graces: Sequence[float]) -> list[TurnRecord | None]:
    """Close every running bot, ``bots[i]`` with ``graces[i]`` seconds to exit, all from one
    start: the whole takes the longest grace, not their sum. Per bot how it ended (see
    :meth:`PersistentBot.close`); None for a bot that was not running any more."""
    if len(graces) != len(bots):
        raise ValueError(f"{len(graces)} graces for {len(bots)} bots")
    running = [i for i, bot in enumerate(bots) if bot.running]
    for i in running:  # every bot learns the end at once ...
        bots[i].close_input()
    ended: list[TurnRecord | None] = [None] * len(bots)
    for i in sorted(running, key=lambda i: graces[i]):  # ... and each waits only for what is left of its grace
        ended[i] = bots[i].close(grace=graces[i])
    return ended


def after_game(record: TurnRecord, ended: TurnRecord | None) -> TurnRecord:
    """A seat's last record, with what its bot wrote to stderr once its input was closed (a
    summary, a traceback) added to the record's, and why it did not exit cleanly (killed for
    ignoring the end of its input, or an error exit) added to the reason; the status stays
    (the game was over). Unchanged for a bot that was not running any more."""
    if ended is None:
        return record
    if ended.stderr_tail:
        record = record._replace(stderr_tail=(record.stderr_tail + ended.stderr_tail)[-STDERR_KEPT:])
    if ended.status is BotStatus.OK:
        return record
    note = f"{AFTER_GAME}: {ended.status.label}: {ended.reason}"
    if ended.stderr_tail.strip():
        note += f" ({ended.stderr_tail.strip().splitlines()[-1][:200]})"
    return record._replace(reason=f"{record.reason}; {note}" if record.reason else note)
