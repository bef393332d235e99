"""Actions: parsing a strategy's answer, the paste-back line form, and the checks that need the
state (an attack with more soldiers than the kingdom has)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.kingdoms.state import PLAYERS, State
from engines.kingdoms.types import MAX_DIGITS, ActionCode, KingdomsError

MAX_SHOWN = 60
"""Characters of a bad answer quoted in a reason; the rest is cut (answers may be huge)."""

_NUMBER = re.compile(r"[0-9]+")
_CODES = {code.value: code for code in ActionCode}


class ActionError(KingdomsError):
    """An action line or value that is not a valid action."""


@dataclass(frozen=True)
class Action:
    """One kingdom's action. ``target`` is the id as the acting kingdom sees it (1–3, see
    :func:`~engines.kingdoms.state.relative_id`); ``soldiers`` is set for attacks only."""

    code: ActionCode
    target: int | None = None
    soldiers: int | None = None

    def __post_init__(self) -> None:
        code = self.code
        if not isinstance(code, ActionCode):
            raise ActionError(f"unknown action code {code!r}")
        needs_target = code in (ActionCode.ATTACK, ActionCode.ROB)
        if needs_target != (self.target is not None):
            verb = "needs" if needs_target else "takes no"
            raise ActionError(f"{code.value!r} {verb} target, got {self.target!r}")
        if (code is ActionCode.ATTACK) != (self.soldiers is not None):
            verb = "needs" if code is ActionCode.ATTACK else "takes no"
            raise ActionError(f"{code.value!r} {verb} soldiers, got {self.soldiers!r}")
        if self.target is not None and not (isinstance(self.target, int) and 1 <= self.target < PLAYERS):
            raise ActionError(f"target {self.target!r} is not another kingdom's id (1..{PLAYERS - 1})")
        if self.soldiers is not None and not (isinstance(self.soldiers, int) and self.soldiers >= 1):
            raise ActionError(f"an attack needs at least 1 soldier, got {self.soldiers!r}")

    def to_line(self) -> str:
        """The answer line a strategy prints for this action (``"u 2 5"``)."""
        parts = [self.code.value]
        if self.target is not None:
            parts.append(str(self.target))
        if self.soldiers is not None:
            parts.append(str(self.soldiers))
        return " ".join(parts)

    @classmethod
    def from_line(cls, line: str) -> Action:
        """Parse one answer line (surrounding blanks allowed); raise :class:`ActionError`."""
        words = line.split()
        if not words:
            raise ActionError("empty answer")
        code = _CODES.get(words[0])
        if code is None:
            raise ActionError(f"unknown action code {_shown(words[0])} (expected one of {' '.join(_CODES)})")
        args = words[1:]
        if len(args) != code.arguments:
            raise ActionError(
                f"{code.value!r} takes {code.arguments} number(s), got {len(args)} in {_shown(line.strip())}"
            )
        for arg in args:
            if not _NUMBER.fullmatch(arg):
                raise ActionError(f"{code.value!r}: {_shown(arg)} is not a non-negative whole number")
            if len(arg) > MAX_DIGITS:
                raise ActionError(f"{code.value!r}: {_shown(arg)} has more than {MAX_DIGITS} digits")
        numbers = [int(arg) for arg in args]
        if code is ActionCode.ATTACK:
            return cls(code, numbers[0], numbers[1])
        if code is ActionCode.ROB:
            return cls(code, numbers[0])
        return cls(code)

    def __str__(self) -> str:
        return self.to_line()


@dataclass(frozen=True)
class InvalidAnswer:
    """An answer that is no action, with the reason; the kingdom does nothing that round."""

    answer: str
    """The first line of the answer, cut to :data:`MAX_SHOWN` characters."""
    reason: str


Answer = Action | InvalidAnswer | None
"""What a kingdom did in a round as far as the rules care; None means no answer at all."""


def parse_answer(output: str | bytes) -> Action | InvalidAnswer:
    """Read a strategy's standard output: only the first line counts."""
    if isinstance(output, bytes):
        first = output.split(b"\n", 1)[0].rstrip(b"\r")
        try:
            line = first.decode("utf-8")
        except UnicodeDecodeError as error:
            shown = _cut(first.decode("utf-8", "replace"))
            return InvalidAnswer(shown, f"not UTF-8 ({error.reason} at byte {error.start} of the first line)")
    else:
        line = output.split("\n", 1)[0].rstrip("\r")
    try:
        return Action.from_line(line)
    except ActionError as error:
        return InvalidAnswer(_cut(line), str(error))


def action_problem(state: State, kingdom: int, action: Action) -> str | None:
    """Why ``action`` is invalid for ``kingdom`` in ``state`` (None when it is valid)."""
    if not state.kingdoms[kingdom].alive:
        return f"kingdom {kingdom} is dead"
    have = state.kingdoms[kingdom].soldiers
    if action.code is ActionCode.ATTACK and action.soldiers is not None and action.soldiers > have:
        return f"attack with {action.soldiers} soldiers, but the kingdom has {have}"
    return None


def answer_to_json(answer: Answer) -> str | dict[str, str] | None:
    """A JSON value for a replay: the action line, ``{"invalid": line, "reason": ...}``, or null."""
    if answer is None:
        return None
    if isinstance(answer, InvalidAnswer):
        return {"invalid": answer.answer, "reason": answer.reason}
    return answer.to_line()


def answer_from_json(value: object) -> Answer:
    """The inverse of :func:`answer_to_json`; raise :class:`ActionError` on anything else."""
    if value is None:
        return None
    if isinstance(value, str):
        return Action.from_line(value)
    if isinstance(value, dict) and set(value) == {"invalid", "reason"}:
        answer, reason = value["invalid"], value["reason"]
        if isinstance(answer, str) and isinstance(reason, str):
            return InvalidAnswer(answer, reason)
    raise ActionError(f"not a kingdoms answer: {value!r}")


def _cut(text: str) -> str:
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


def _shown(text: str) -> str:
    return repr(_cut(text))
