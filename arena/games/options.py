"""A game's options, typed: what each is, its default and range, its help, how it reads from a
form, a command line or a replay header, and the one error a bad value gets.

Every game declares its options once (:class:`Option`, in its descriptor); the command line's
flags, the referee's validation and the app's setup forms are made from them.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


class OptionError(ValueError):
    """A value an option cannot take; the message names the option (``option time_limit: ...``)."""


class OptionKind(enum.Enum):
    """What an option's value is."""

    COUNT = "a positive whole number"
    NUMBER = "a whole number"
    SECONDS = "a positive number of seconds"
    FLAG = "true or false"
    TEXT = "a text"
    FILE = "a file"
    SEATS = "a list of seats"
    LIMITS = "a mapping of limits"


MAX_SECONDS = 86400.0
"""The most seconds any time option takes (a day) unless it says less: a bot's deadline is waited
for with ``poll``, which takes at most about 24 days (``--time-limit 1e9`` and ``--bank 1e300``
ended in an OverflowError's traceback mid-match)."""

MAX_ROUNDS = 1_000_000
"""The most rounds (steps, turns, moves) any game's round limit takes: 2000 times the specs'
500 (kingdoms, ITPW) and 1000 times snake's default 1000 steps, well inside the 32-bit numbers
the original bots read it into, and as many as the tournament form's limit and a tournament's
games (``MOST_GAMES``). ``--rounds 10**23`` was taken and played on effectively forever."""


@dataclass(frozen=True)
class Option:
    """One option of a game."""

    name: str
    kind: OptionKind
    default: Any
    help: str
    low: float | None = None
    """The least value (inclusive) of a number; seconds may be 0 only if this is 0."""
    high: float | None = None
    none_means: str = ""
    """What None stands for (``"the map's own"``); empty when None is no value of this option."""
    flag: str | None = ""
    """The command line's flag: "" for ``--name-with-dashes``, None for none."""
    label: str = ""
    """The setup forms' label; empty: not on the forms as a field of its own."""
    file_kind: str = ""
    """A file's kind, for choosers and messages (``"worms map"``)."""
    choices: tuple[str, ...] = ()
    """The values a text option may take (empty: any text)."""
    expects: str = ""
    """What a value is, in a message about a bad one (default: the kind's words)."""
    writes: bool = False
    """A file the match writes (kingdoms' history), not one it reads: the command line never
    writes over a file there, and a tournament, whose games would all write it, refuses it."""

    @property
    def cli_flag(self) -> str | None:
        return None if self.flag is None else self.flag or "--" + self.name.replace("_", "-")

    def parse(self, value: Any, seats: int | None = None) -> Any:
        """``value`` checked and in its own type; raises :class:`OptionError`."""
        if value is None:
            if self.none_means or self.default is None:
                return None
            raise self._error(value)
        kind = self.kind
        if kind in (OptionKind.COUNT, OptionKind.NUMBER):
            return self._whole(value)
        if kind is OptionKind.SECONDS:
            return self._seconds(value)
        if kind is OptionKind.FLAG:
            if not isinstance(value, bool):
                raise self._error(value)
            return value
        if kind in (OptionKind.TEXT, OptionKind.FILE):
            if not isinstance(value, str):
                raise self._error(value)
            if self.choices and value not in self.choices:
                wanted = ", ".join(self.choices[:-1]) + f" or {self.choices[-1]}"
                raise OptionError(f"option {self.name}: expected {wanted}, got {value!r}")
            return value
        if kind is OptionKind.SEATS:
            return self._seats(value, seats)
        return value  # LIMITS: the referee reads them (arena.match.limits_option)

    def _whole(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._error(value)
        low = 1 if self.kind is OptionKind.COUNT and self.low is None else self.low
        if (low is not None and value < low) or (self.high is not None and value > self.high):
            raise self._error(value, self._range() if self.low is not None or self.high is not None else "")
        return value

    def _seconds(self, value: Any) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError, OverflowError):
            seconds = math.nan
        zero = self.low == 0
        if isinstance(value, bool) or not math.isfinite(seconds) or seconds < 0 or (seconds == 0 and not zero):
            raise OptionError(f"option {self.name}: expected {'a non-negative' if zero else 'a positive'} number "
                              f"of seconds, got {value!r}")
        high = MAX_SECONDS if self.high is None else self.high
        if seconds > high:
            raise OptionError(f"option {self.name}: at most {high:g} seconds, got {value!r}")
        return seconds

    def _seats(self, value: Any, seats: int | None) -> list[int]:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, set, frozenset)):
            raise OptionError(f"option {self.name}: expected a list of seats, got {value!r}")
        for seat in value:
            if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0 or (seats is not None and seat >= seats):
                top = f" (0..{seats - 1})" if seats is not None else ""
                raise OptionError(f"option {self.name}: seat {seat!r} is not a seat of this match{top}")
        return sorted(set(value))

    def _range(self) -> str:
        low = 1 if self.kind is OptionKind.COUNT and self.low is None else self.low
        if low is not None and self.high is not None:
            return f"from {_number(low)} to {_number(self.high)}"
        return f"at least {_number(low)}" if low is not None else f"at most {_number(self.high)}"

    def _error(self, value: Any, detail: str = "") -> OptionError:
        kind = "a whole number" if self.kind is OptionKind.COUNT and self.low == 0 else self.kind.value  # 0 is no positive
        wanted = (self.expects or kind) + (f" {detail}" if detail else "")
        if self.none_means:
            wanted += f", or null for {self.none_means}"
        return OptionError(f"option {self.name}: expected {wanted}, got {value!r}")


def _number(value: float | None) -> str:
    """A bound as people write it: 1,000,000, not 1e+06."""
    return f"{value:,.0f}" if value is not None and value == int(value) else f"{value:g}"


def parse_options(options: Sequence[Option], given: Mapping[str, Any], game: str,
                  seats: int | None = None) -> dict[str, Any]:
    """``given`` over the defaults, every value checked; an unknown option is an error."""
    known = {option.name: option for option in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(f"{game} takes no option {unknown[0]!r} (its options: {', '.join(known)})")
    return {name: option.parse(given.get(name, option.default), seats) for name, option in known.items()}


def setup_file_options(name: str, help: str, file_kind: str) -> tuple[Option, Option]:
    """The two options of a file a match starts from (a map, a playfield, a board): ``name``, the
    file, and ``name_text``, its text itself instead of a file (what a replay header keeps, the
    file's name aside)."""
    return (Option(name, OptionKind.FILE, None, help, file_kind=file_kind),
            Option(f"{name}_text", OptionKind.TEXT, None, f"the {name} itself, instead of a file", flag=None))


SANDBOX_OPTIONS = (
    Option("sandbox", OptionKind.FLAG, True, "run every bot in a sandbox of its own (false: unsandboxed, as you; "
           "only for bots you trust)", flag=None),
    Option("network", OptionKind.SEATS, (), "the seats (0-based) allowed the host's network; the others have none",
           flag=None),
)
"""The options of every game whose players are bots (``--no-sandbox`` and ``--allow-network``
set them on the command line)."""
LIMITS_OPTION = Option("limits", OptionKind.LIMITS, None, "the bots' limits (arena.bots.Limits or its fields)", flag=None)
