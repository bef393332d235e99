"""What one bot did in one turn: a status with a reason, the answer, timings, the stderr tail.

A misbehaving bot never raises: whatever it does becomes a :class:`TurnRecord`. The process layer
sets every status but :attr:`BotStatus.DISQUALIFIED` and :attr:`BotStatus.SKIPPED`, which are the
referee's verdicts (:meth:`TurnRecord.with_status`, :meth:`TurnRecord.skipped`).
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple


class BotStatus(enum.Enum):
    """How a bot's turn ended."""

    OK = "ok"
    """It answered in time (the answer is in the record)."""
    TIMEOUT = "timeout"
    """No complete answer before the deadline; its processes were killed."""
    CRASHED = "crashed"
    """It ended before answering: exited (any code), died of a signal, closed its output, or could
    not be started at all."""
    INVALID_OUTPUT = "invalid_output"
    """The answer could not be read (not UTF-8, not ASCII where one character is expected), or the
    referee found it malformed."""
    KILLED = "killed"
    """Stopped for breaking a limit: the stdout/stderr/stdin caps (killed by the host), the CPU
    time or file size rlimit (killed by the kernel)."""
    DISQUALIFIED = "disqualified"
    """The referee's verdict (e.g. an illegal move that ends the bot's game); never set here."""
    SKIPPED = "skipped"
    """The referee did not run the bot this turn (a dead or frozen worm, a bot already out)."""
    UNKNOWN = "unknown"
    """Read from a replay written by a newer snakepit with a status this version does not know;
    never set by a match. The record's reason names the status as written (:meth:`TurnRecord.from_json`)."""

    @property
    def label(self) -> str:
        """The lowercase name used in replays and JSON output (``"timeout"``)."""
        return self.value

    @classmethod
    def from_label(cls, label: str) -> BotStatus:
        try:
            return cls(label)
        except ValueError:
            raise ValueError(f"unknown bot status {label!r}") from None


class TurnRecord(NamedTuple):
    """One bot, one turn (spawn mode) or one request (persistent mode).

    Immutable, and a tuple because it is made on the hot path of persistent games (a frozen
    dataclass costs a microsecond more per record, a tenth of a whole request/answer round trip).
    """

    status: BotStatus
    reason: str = ""
    """Free text for people: why the status is not OK, or what was notable."""
    answer: str | None = None
    """What the bot answered (its first character, or its first line without the line end); None
    when it gave no complete, readable answer. A referee's verdict keeps it, so the record shows
    the move that was rejected."""
    wall_time: float = 0.0
    """Seconds from the start (spawn) or from sending the request (persistent) to the answer or to
    the end of the turn."""
    cpu_time: float = 0.0
    """User + system CPU seconds of the bot's processes in this turn. Persistent mode: of the
    leader process (threads included, children not) since its previous answer."""
    stderr_tail: str = ""
    """The last bytes the bot wrote to stderr in this turn, decoded leniently."""
    exit_code: int | None = None
    """The leader's exit code if it ended in this turn; negative: killed by that signal."""

    @property
    def ok(self) -> bool:
        return self.status is BotStatus.OK

    def with_status(self, status: BotStatus, reason: str) -> TurnRecord:
        """The same turn with the referee's verdict, e.g. ``INVALID_OUTPUT`` for a malformed move;
        the answer is kept."""
        return self._replace(status=status, reason=reason)

    @classmethod
    def skipped(cls, reason: str) -> TurnRecord:
        return cls(BotStatus.SKIPPED, reason)

    def to_json(self) -> dict[str, Any]:
        """A JSON object for replays; times rounded to microseconds."""
        data: dict[str, Any] = {"status": self.status.label}
        if self.reason:
            data["reason"] = self.reason
        if self.answer is not None:
            data["answer"] = self.answer
        data["wall"] = round(self.wall_time, 6)
        data["cpu"] = round(self.cpu_time, 6)
        if self.stderr_tail:
            data["stderr"] = self.stderr_tail
        if self.exit_code is not None:
            data["exit_code"] = self.exit_code
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnRecord:
        try:
            status, reason = _status_of(str(data["status"]), str(data.get("reason", "")))
            return cls(
                status=status,
                reason=reason,
                answer=None if data.get("answer") is None else str(data["answer"]),
                wall_time=float(data.get("wall", 0.0)),
                cpu_time=float(data.get("cpu", 0.0)),
                stderr_tail=str(data.get("stderr", "")),
                exit_code=None if data.get("exit_code") is None else int(data["exit_code"]),
            )
        except KeyError as error:
            raise ValueError(f"turn record {data!r} lacks {error.args[0]!r}") from None
        except (TypeError, ValueError) as error:
            raise ValueError(f"bad turn record {data!r}: {error}") from None


def _status_of(label: str, reason: str) -> tuple[BotStatus, str]:
    """A replay's status and reason as read: a status this version does not know (a newer snakepit
    added it) is read as :attr:`BotStatus.UNKNOWN`, its label kept in front of the reason so that a
    replay from a newer version still plays and shows what it says."""
    try:
        return BotStatus(label), reason
    except ValueError:
        said = f"status {label!r} (unknown to this version)"
        return BotStatus.UNKNOWN, f"{said}: {reason}" if reason else said
