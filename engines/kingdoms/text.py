"""A readable text form of a whole state that round-trips, counters included::

    round 3/500
    #  territory food soldiers peasants arms farming spy
    0: 25 10 1 1 3 3 0
    1: 25 10 1 1 3 3 0
    2: 25 10 1 1 3 3 0
    3: 25 10 1 1 3 3 0
    rob 0->2 x2
    spy 1 x1

One line per kingdom in playfield order of the numbers; ``rob K->T xN``: kingdom K has robbed
kingdom T (absolute ids) in the last N rounds; ``spy K xN``: K has gathered intelligence in the
last N rounds. ``#`` starts a comment line. Used by tests, bug reports and goldens.
"""

from __future__ import annotations

import re

from engines.kingdoms.state import PLAYERS, Kingdom, Robbing, State, StateError
from engines.kingdoms.types import KINGDOM_FIELDS, MAX_DIGITS

_ROUND = re.compile(r"^round\s+([0-9]{1,18})\s*/\s*([0-9]{1,18})$")
_KINGDOM = re.compile(r"^([0-9]{1,18})\s*:\s*(.*)$")
_ROB = re.compile(r"^rob\s+([0-9]{1,18})\s*->\s*([0-9]{1,18})\s+x([0-9]{1,18})$")
_SPY = re.compile(r"^spy\s+([0-9]{1,18})\s+x([0-9]{1,18})$")
_NUMBER = re.compile(r"[0-9]{1,%d}" % MAX_DIGITS)


def state_to_text(state: State) -> str:
    lines = [f"round {state.round}/{state.total_rounds}", "#  " + " ".join(KINGDOM_FIELDS)]
    lines += [f"{k}: {' '.join(map(str, kingdom.numbers()))}" for k, kingdom in enumerate(state.kingdoms)]
    lines += [f"rob {k}->{r.target} x{r.rounds}" for k, r in enumerate(state.robbing) if r is not None]
    lines += [f"spy {k} x{n}" for k, n in enumerate(state.spying) if n]
    return "\n".join(lines) + "\n"


def state_from_text(text: str) -> State:
    """Read :func:`state_to_text`'s form; raise :class:`StateError` naming the line."""
    lines = [
        (n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1) if ln.strip() and not ln.lstrip().startswith("#")
    ]
    if not lines:
        raise StateError("empty state text")
    number, first = lines[0]
    header = _ROUND.match(first)
    if header is None:
        raise StateError(f"line {number}: expected 'round ROUND/TOTAL', got {first!r}")
    kingdoms: list[Kingdom] = []
    robbing: list[Robbing | None] = [None] * PLAYERS
    spying = [0] * PLAYERS
    for number, line in lines[1:]:
        if match := _KINGDOM.match(line):
            kingdoms.append(_kingdom(number, len(kingdoms), match))
        elif match := _ROB.match(line):
            k = _id(number, match.group(1))
            robbing[k] = Robbing(_id(number, match.group(2)), int(match.group(3)))
        elif match := _SPY.match(line):
            spying[_id(number, match.group(1))] = int(match.group(2))
        else:
            raise StateError(f"line {number}: expected 'K: numbers', 'rob K->T xN' or 'spy K xN', got {line!r}")
    if len(kingdoms) != PLAYERS:
        raise StateError(f"expected {PLAYERS} kingdom lines, got {len(kingdoms)}")
    return State(int(header.group(1)), int(header.group(2)), tuple(kingdoms), tuple(robbing), tuple(spying))


def _kingdom(number: int, expected: int, match: re.Match[str]) -> Kingdom:
    if int(match.group(1)) != expected:
        raise StateError(f"line {number}: expected kingdom {expected}, got {match.group(1)!r}")
    words = match.group(2).split()
    if len(words) != len(KINGDOM_FIELDS) or not all(_NUMBER.fullmatch(w) for w in words):
        names = " ".join(KINGDOM_FIELDS)
        raise StateError(f"line {number}: expected {len(KINGDOM_FIELDS)} whole numbers ({names}), got {match.group(2)!r}")
    return Kingdom.from_numbers([int(w) for w in words])


def _id(number: int, word: str) -> int:
    k = int(word)
    if not 0 <= k < PLAYERS:
        raise StateError(f"line {number}: kingdom id {k} is outside 0..{PLAYERS - 1}")
    return k
