"""Plain-text forms of card statistics, program diffs and warnings, for the command line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from arena.card_stats import HORIZON, CardTally, ProgramStats
from engines.snake import Direction
from matcher.analysis import ProgramWarning, cards_text
from matcher.diff import CardChange, Kind, ProgramDiff, TestChange, pattern_text
from matcher.model import CARD_SIZE, ElementSet, Head, Program

_T = TypeVar("_T")
HEAT_SHADES = ":-=+*#%@"
"""Heat map cells with decisions, from few to most (``.`` for none)."""
ARROWS = {Direction.UP: "^", Direction.RIGHT: ">", Direction.DOWN: "v", Direction.LEFT: "<"}


# --- statistics -------------------------------------------------------------------------------


def stats_text(stats: Sequence[ProgramStats], sources: int, heat: bool = False) -> str:
    lines = []
    for entry in stats:
        lines.extend(_program_stats_lines(entry, heat))
        lines.append("")
    lines.append(f"{sources} replay{'s' * (sources != 1)}; bites and lost: from each decision to the end of "
                 f"the {HORIZON}th step after it")
    return "\n".join(lines)


def _program_stats_lines(entry: ProgramStats, heat: bool) -> list[str]:
    seats = ", ".join(entry.names)
    lines = [f"{entry.program.name} (as {seats}; {entry.battles} battle{'s' * (entry.battles != 1)}): "
             f"{entry.turns} turns, {entry.choices} choices"]
    lines.append(" card  decided  share  ties    up right  down  left  bites  lost  description")
    rows: list[tuple[str, CardTally, str]] = [
        (str(i + 1), tally, card.description) for i, (card, tally) in enumerate(zip(entry.program.cards, entry.cards))
    ]
    rows.append(("-", entry.undecided, "no card: a random pick among the possible moves"))
    for label, tally, description in rows:
        moves = "".join(f"{tally.moves[d]:>6}" for d in Direction)
        lines.append(f"{label:>5}{tally.decided:>9}{entry.share(tally):>7.1%}{tally.ties:>6}{moves}"
                     f"{tally.bites:>7}{tally.lost:>6}  {description}")
    if entry.never:
        lines.append(f"never decided: {cards_text(entry.never)}")
    if heat:
        for label, tally, _ in rows:
            for (width, height), counts in sorted(tally.heat.items()):
                lines.append(f"card {label}, where it decided on the {width}x{height} field:")
                lines.extend(heat_lines(counts))
    return lines


def heat_lines(counts: npt.NDArray[np.int64]) -> list[str]:
    """A heat map as text: ``.`` no decision, then :data:`HEAT_SHADES` from few to most."""
    top = int(counts.max()) if counts.size else 0
    lines = []
    for row in counts.tolist():
        cells = ["." if n == 0 else HEAT_SHADES[min(len(HEAT_SHADES) - 1, (n * len(HEAT_SHADES) - 1) // top)] for n in row]
        lines.append("  |" + "".join(cells) + "|")
    return lines


# --- diffs ------------------------------------------------------------------------------------


def diff_text(a: Program, b: Program, diff: ProgramDiff, names: tuple[str, str] = ("A", "B")) -> str:
    """What changed from ``a`` to ``b``, card numbers counted from 1, each changed card's cells
    marked on its 7×7 map."""
    if diff.same:
        return f"{names[0]} and {names[1]} are the same program"
    lines = [f"--- {names[0]}", f"+++ {names[1]}"]
    if diff.name:
        lines.append(_became("name:", diff.name))
    if diff.description:
        lines.append(_became("description:", diff.description))
    for change in diff.sets:
        lines.append(_became(f"set{change.index + 1}:", (change.before, change.after), _set))
    for card in diff.cards:
        lines.extend(_card_lines(a, b, card))
    for test in diff.tests:
        line = _test_line(a, b, test)
        if line:
            lines.append(line)
    return "\n".join(lines)


def _became(what: str, pair: tuple[_T, _T], show: Callable[[_T], str] = repr) -> str:
    """``what old -> new``."""
    return f"{what} {show(pair[0])} -> {show(pair[1])}"


def _set(element_set: ElementSet | None) -> str:
    if element_set is None:
        return "none"
    return f"{element_set.name!r} {{{', '.join(e.label for e in sorted(element_set.elements))}}}"


def _head(head: Head) -> str:
    return f"(row {head.row}, col {head.col}) facing {head.facing.label}"


def _headline(what: str, kind: Kind, before: int | None, after: int | None, label: str) -> str:
    """``card 2: added 'x'``, ``card 3 -> card 1: moved, unchanged``, ``… changed``; '' if the same.
    Added items are numbered as in B, removed ones as in A."""
    if kind == "added":
        return f"{what} {(after or 0) + 1}: added {label}"
    if kind == "removed":
        return f"{what} {(before or 0) + 1}: removed {label}"
    if kind == "same":
        return ""
    return f"{what} {(before or 0) + 1} -> {what} {(after or 0) + 1}: {'changed' if kind == 'changed' else 'moved, unchanged'}"


def _card_lines(a: Program, b: Program, change: CardChange) -> list[str]:
    whole = change.card or b.cards[change.after or 0]
    size = f" ({len(whole.cells)} cells)" if change.kind == "added" else ""
    line = _headline("card", change.kind, change.before, change.after, f"{whole.description!r}{size}")
    if change.kind != "changed":
        return [line] if line else []
    lines = [line]
    if change.head:
        lines.append(_became("  head", change.head, _head))
    if change.description:
        lines.append(_became("  description", change.description))
    for cell in change.cells:
        lines.append(_became(f"  (row {cell.cell[0]}, col {cell.cell[1]}):", (cell.before, cell.after), pattern_text))
    if change.cells:
        lines.extend(_change_map(b, change))
    return lines


def _change_map(b: Program, change: CardChange) -> list[str]:
    """B's card as a 7×7 map: ``+`` added, ``-`` removed, ``*`` changed, ``o`` kept, the head
    as an arrow, ``.`` blank."""
    card = b.cards[change.after or 0]
    marks = {c.cell: "+" if c.before is None else "-" if c.after is None else "*" for c in change.cells}
    rows = []
    for row in range(CARD_SIZE):
        cells = []
        for col in range(CARD_SIZE):
            if (row, col) == card.head.cell:
                cells.append(ARROWS[card.head.facing])
            else:
                cells.append(marks.get((row, col), "o" if (row, col) in card.cells else "."))
        rows.append("    " + " ".join(cells))
    return rows


def _test_line(a: Program, b: Program, change: TestChange) -> str:
    test = change.test if change.test is not None else a.tests[change.before or 0]
    line = _headline("test", change.kind, change.before, change.after, repr(test.name))
    if change.kind != "changed":
        return line
    old, new = a.tests[change.before or 0], b.tests[change.after or 0]
    parts = [f"name {old.name!r} -> {new.name!r}"] if old.name != new.name else []
    if old.expect != new.expect:
        parts.append(f"expects {_moves(old.expect)} -> {_moves(new.expect)}")
    if old.snake != new.snake:
        parts.append(f"snake {old.snake} -> {new.snake}")
    if old.position != new.position:
        parts.append("position changed")
    return f"{line}: {'; '.join(parts)}"


def _moves(moves: frozenset[Direction]) -> str:
    return ", ".join(d.label for d in sorted(moves))


# --- warnings ---------------------------------------------------------------------------------


def warning_lines(warnings: Sequence[ProgramWarning]) -> list[str]:
    """``  warning: card 3: ...`` per warning; "observed, not proved" ones say so themselves."""
    return [f"  warning: {w}" for w in warnings]
