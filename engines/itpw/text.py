"""The canonical text form of a state, for tests, goldens and bug reports; it round-trips::

    itpw turn 12/500 move 3
    kills 0 1 0 2
    out 2 7 timeout: no answer within the bank
    11.........  aA.........
    ...

A header (turn played/total, then ``move P``, ``unit P``, ``turn_end`` or ``over``), the kills
per player, one ``out PLAYER TURN REASON`` line per disqualified player, then the 50 rows of
the board from the top. Each row is the territory (``.`` nobody, ``1``–``4`` the owner), a
space, and the units (``.`` none, workers ``a``–``d`` and soldiers ``A``–``D`` of players
1–4). Blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

import re

from engines.itpw.state import Disqualification, State, Unit
from engines.itpw.types import GAME_INFO, PLAYERS, SIDE, Cell, Kind, Phase, StateError

_HEADER = re.compile(r"^itpw turn ([0-9]{1,9})/([0-9]{1,9}) (move|unit|turn_end|over)(?: ([0-9]))?$")
_KILLS = re.compile(r"^kills((?: [0-9]{1,9}){%d})$" % GAME_INFO.players)
_OUT = re.compile(r"^out ([0-9]) ([0-9]{1,9}) (.*)$")
_OWNERS = "." + "".join(str(p) for p in PLAYERS)
_UNITS = {Unit(p, kind).letter: Unit(p, kind) for p in PLAYERS for kind in Kind}


def state_to_text(state: State) -> str:
    phase = state.phase.value + (f" {state.to_move}" if state.to_move is not None else "")
    lines = [f"itpw turn {state.turn}/{state.total_turns} {phase}", "kills " + " ".join(map(str, state.kills))]
    lines += [f"out {p} {d.turn} {d.reason}" for p, d in zip(PLAYERS, state.disqualified) if d is not None]
    for y in range(SIDE):
        owners = "".join(_OWNERS[b] for b in state.territory[y * SIDE : (y + 1) * SIDE])
        units = "".join(u.letter if (u := state.units.get((x, y))) else "." for x in range(SIDE))
        lines.append(f"{owners} {units}")
    return "\n".join(lines) + "\n"


def state_from_text(text: str, where: str = "state") -> State:
    """Read :func:`state_to_text`'s form; errors name ``where``, the line and the column."""
    lines = [(n, line.rstrip("\r")) for n, line in enumerate(text.split("\n"), 1)]
    lines = [(n, line) for n, line in lines if line.strip() and not line.startswith("#")]
    if len(lines) < 2:
        last = lines[0][0] if lines else 1
        raise StateError(f"{where} line {last}: expected a header 'itpw turn T/TOTAL PHASE', a 'kills' line and {SIDE} rows")
    (n, header), (k, kills) = lines[0], lines[1]
    header_line = n
    head = _HEADER.match(header)
    if head is None:
        raise StateError(f"{where} line {n}: expected 'itpw turn T/TOTAL move|unit P' or '... turn_end|over', "
                         f"got {header[:60]!r}")
    killed = _KILLS.match(kills)
    if killed is None:
        raise StateError(f"{where} line {k}: expected 'kills' and {GAME_INFO.players} whole numbers, got {kills[:60]!r}")
    disqualified: list[Disqualification | None] = [None] * GAME_INFO.players
    rest = lines[2:]
    while rest and (out := _OUT.match(rest[0][1])):
        n = rest[0][0]
        player = int(out.group(1))
        if player not in PLAYERS or disqualified[player - 1] is not None:
            raise StateError(f"{where} line {n}: player {player} is not a player 1..4 out for the first time")
        disqualified[player - 1] = _disqualification(where, n, out)
        rest = rest[1:]
    if len(rest) != SIDE:
        line = rest[SIDE][0] if len(rest) > SIDE else (rest or lines)[-1][0]
        raise StateError(f"{where} line {line}: expected {SIDE} board rows after the header lines, got {len(rest)}")
    units, territory = _board(where, rest)
    to_move = int(head.group(4)) if head.group(4) is not None else None
    try:
        return State(units, territory, int(head.group(1)), int(head.group(2)), Phase(head.group(3)), to_move,
                     tuple(int(w) for w in killed.group(1).split()), tuple(disqualified))
    except StateError as error:  # a rule of the state as a whole: said at its header line
        raise StateError(f"{where} line {header_line}: {error}") from None


def _disqualification(where: str, n: int, out: re.Match[str]) -> Disqualification:
    try:
        return Disqualification(int(out.group(2)), out.group(3))
    except StateError as error:
        raise StateError(f"{where} line {n}: {error}") from None


def _board(where: str, rows: list[tuple[int, str]]) -> tuple[dict[Cell, Unit], bytes]:
    units: dict[Cell, Unit] = {}
    territory = bytearray()
    for y, (n, row) in enumerate(rows):
        if len(row) != 2 * SIDE + 1 or row[SIDE] != " ":
            raise StateError(f"{where} line {n}: a board row is {SIDE} owners, a space and {SIDE} units "
                             f"({2 * SIDE + 1} characters), got {len(row)}")
        for x, char in enumerate(row[:SIDE]):
            if char not in _OWNERS:
                raise StateError(f"{where} line {n}, column {x + 1}: {char!r} is not an owner ('.' or 1-4)")
            territory.append(_OWNERS.index(char))
        for x, char in enumerate(row[SIDE + 1 :]):
            if char != ".":
                if char not in _UNITS:
                    raise StateError(f"{where} line {n}, column {SIDE + 2 + x}: {char!r} is not a unit "
                                     f"('.', workers a-d, soldiers A-D)")
                units[x, y] = _UNITS[char]
    return units, bytes(territory)
