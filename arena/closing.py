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

from arena.bots import BotStatus, PersistentBot, TurnRecord

AFTER_GAME = "after the game"
"""How the note on a bot that did not exit cleanly starts. Part of the replay format: replays
written by any version hold the note in this wording, so it must not change (see :func:`split_note`)."""
NOTE_SEPARATOR = "; "
"""Between a record's own reason and the note appended to it."""
_NOTE_STATUSES = tuple(status.label for status in BotStatus if status is not BotStatus.OK)


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


def after_game(record: TurnRecord, ended: TurnRecord | None, stderr_kept: int) -> TurnRecord:
    """A seat's last record, with what its bot wrote to stderr once its input was closed (a
    summary, a traceback) added to the record's, the whole cut to the last ``stderr_kept``
    characters (the match's stderr-tail limit, :attr:`arena.bots.Limits.stderr_tail`), and why it
    did not exit cleanly (killed for ignoring the end of its input, or an error exit) added to the
    reason as a note (:func:`split_note` finds it again); the status stays (the game was over).
    Unchanged for a bot that was not running any more."""
    if ended is None:
        return record
    if ended.stderr_tail:
        kept = (record.stderr_tail + ended.stderr_tail)[-stderr_kept:] if stderr_kept > 0 else ""
        record = record._replace(stderr_tail=kept)
    if ended.status is BotStatus.OK:
        return record
    note = f"{AFTER_GAME}: {ended.status.label}: {ended.reason}"
    if ended.stderr_tail.strip():  # the bot's own words, kept from looking like the start of a note
        last = ended.stderr_tail.strip().splitlines()[-1][:200].replace(AFTER_GAME, AFTER_GAME.replace(" ", "\u00a0"))
        note += f" ({last})"
    return record._replace(reason=f"{record.reason}{NOTE_SEPARATOR}{note}" if record.reason else note)


def split_note(reason: str) -> tuple[str, str]:
    """``(own reason, note)`` of a record's reason: the note :func:`after_game` appended on how the
    seat's bot ended after the game ("" when there is none), and the reason the record had before.

    The note is the reason's last part that starts, at the reason's start or after
    :data:`NOTE_SEPARATOR`, with ``after the game: <status>: `` for a status other than ok; the
    words "after the game" elsewhere (a bot's line quoted in a reason) are no note. Replays of
    every version write the note so, which keeps old replays' notes showing."""
    at = reason.rfind(AFTER_GAME)
    while at >= 0:  # the last such start: the note is appended at the end, after the reason's own words
        bounded = at == 0 or reason.startswith(NOTE_SEPARATOR, at - len(NOTE_SEPARATOR))
        rest = reason[at + len(AFTER_GAME):]
        if bounded and any(rest.startswith(f": {label}: ") for label in _NOTE_STATUSES):
            return reason[: max(at - len(NOTE_SEPARATOR), 0)], reason[at:]
        at = reason.rfind(AFTER_GAME, 0, at)
    return reason, ""
