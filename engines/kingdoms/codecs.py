"""The original server's file formats and the strategy command line, as pure functions.

Playfield (one line) and history (one such line per round)::

    ROUND/TOTAL: t f s p a fa sp  t f s p a fa sp  t f s p a fa sp  t f s p a fa sp

four kingdoms from id 0, each as territory food soldiers peasants arms farming spy. A strategy's
command line is ``ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY`` — another order.
The playfield holds no robbery/intelligence counters: a state read from it has none running.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engines.kingdoms.state import PLAYERS, Kingdom, State, StateError
from engines.kingdoms.types import KINGDOM_FIELDS, MAX_DIGITS, KingdomsError

_HEADER = re.compile(r"^\s*(\S+?)\s*/\s*(\S+?)\s*:(.*)$")
_NUMBER = re.compile(r"[0-9]+")


class PlayfieldError(KingdomsError):
    """A playfield or history file that cannot be read; the message names the line and field."""


def playfield_line(state: State) -> str:
    """The state as one playfield/history line, without the newline."""
    numbers = " ".join(str(n) for kingdom in state.kingdoms for n in kingdom.numbers())
    return f"{state.round}/{state.total_rounds}: {numbers}"


def playfield_to_text(state: State) -> str:
    return playfield_line(state) + "\n"


def playfield_from_text(text: str, where: str = "playfield") -> State:
    """Read a playfield file; errors start with ``where`` (give the file name) and the line."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise PlayfieldError(
            f"{where} line 1: empty, expected one line 'ROUND/TOTAL: ' and {PLAYERS} × {len(KINGDOM_FIELDS)} numbers"
        )
    if len(lines) > 1:
        raise PlayfieldError(f"{where} line {lines[1][0]}: a playfield is one line (is this a history file?)")
    number, line = lines[0]
    return parse_playfield_line(line, f"{where} line {number}")


def parse_playfield_line(line: str, where: str = "playfield line 1") -> State:
    """Read one ``ROUND/TOTAL: ...`` line; errors start with ``where``."""
    header = _HEADER.match(line)
    if header is None:
        raise PlayfieldError(f"{where}: expected 'ROUND/TOTAL: ' at the start, got {_cut(line)!r}")
    played = _natural(header.group(1), f"{where}: round")
    total = _natural(header.group(2), f"{where}: total rounds")
    if total < 1:
        raise PlayfieldError(f"{where}: total rounds must be at least 1, got {total}")
    if played > total:
        raise PlayfieldError(f"{where}: round {played} is past the total {total}")
    words = header.group(3).split()
    expected = PLAYERS * len(KINGDOM_FIELDS)
    if len(words) != expected:
        raise PlayfieldError(
            f"{where}: expected {expected} numbers ({PLAYERS} kingdoms × {len(KINGDOM_FIELDS)}), got {len(words)}"
        )
    kingdoms = []
    for k in range(PLAYERS):
        chunk = words[k * len(KINGDOM_FIELDS) : (k + 1) * len(KINGDOM_FIELDS)]
        numbers = [_natural(word, f"{where}: kingdom {k} {name}") for word, name in zip(chunk, KINGDOM_FIELDS)]
        kingdoms.append(Kingdom.from_numbers(numbers))
    try:
        return State(played, total, tuple(kingdoms))
    except StateError as error:  # pragma: no cover - the checks above cover every invariant
        raise PlayfieldError(f"{where}: {error}") from None


def history_to_text(states: Iterable[State]) -> str:
    """The history file: one playfield line per state given (the referee writes the start and
    then one line after every round)."""
    return "".join(playfield_line(state) + "\n" for state in states)


def history_from_text(text: str, where: str = "history") -> list[State]:
    """Read a history file: every non-blank line a playfield line, all with the same total and
    rising round numbers."""
    states: list[State] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        place = f"{where} line {number}"
        state = parse_playfield_line(line, place)
        if states and state.total_rounds != states[-1].total_rounds:
            raise PlayfieldError(
                f"{place}: total rounds {state.total_rounds} differs from {states[-1].total_rounds} above"
            )
        if states and state.round <= states[-1].round:
            raise PlayfieldError(f"{place}: round {state.round} does not follow round {states[-1].round}")
        states.append(state)
    return states


def command_line_numbers(state: State, kingdom: int) -> tuple[int, ...]:
    """The 8 numbers a strategy is started with: rounds left (counting the coming round),
    territory, soldiers, peasants, arms, farming, food, spy."""
    return (state.rounds_left, *state.kingdoms[kingdom].command_line_numbers())


def command_line_args(state: State, kingdom: int) -> list[str]:
    """:func:`command_line_numbers` as argv strings."""
    return [str(n) for n in command_line_numbers(state, kingdom)]


def _natural(word: str, where: str) -> int:
    if not _NUMBER.fullmatch(word):
        raise PlayfieldError(f"{where}: expected a non-negative whole number, got {_cut(word)!r}")
    if len(word) > MAX_DIGITS:
        raise PlayfieldError(f"{where}: {_cut(word)!r} has more than {MAX_DIGITS} digits")
    return int(word)


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
