"""The end of a search: the user's program and the best one scored against each opponent on fresh
seeds (units never used by the search), and a card-by-card diff.

The diff is deliberately small (cards matched in order, cells compared one by one); issue 17's
``snakepit diff`` will replace it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arena.improve.describe import what, where
from arena.improve.evaluate import CHANGE, REPORT_BASE, Estimate, Field, score_units
from arena.improve.runners import Runner
from matcher import Program
from matcher.model import Card


@dataclass(frozen=True)
class OpponentReport:
    name: str
    before: Estimate
    after: Estimate
    change: Estimate
    """After minus before, unit by unit (the same battles): a tighter interval than the two apart."""


@dataclass(frozen=True)
class ImproveReport:
    opponents: tuple[OpponentReport, ...]
    overall_before: Estimate
    overall_after: Estimate
    overall_change: Estimate
    units: int
    """Units (pairs of battles) per program per opponent."""

    def lines(self) -> list[str]:
        width = max(len("all opponents"), *(len(o.name) for o in self.opponents))
        out = [f"score on fresh seeds ({self.units} pairs of battles per opponent, seats swapped; mean game score "
               "with 95% interval):",
               f"  {'against':<{width}}  {'before':>22}  {'after':>22}  {'change':>24}"]
        rows = [(o.name, o.before, o.after, o.change) for o in self.opponents]
        rows.append(("all opponents", self.overall_before, self.overall_after, self.overall_change))
        for name, before, after, change in rows:
            out.append(f"  {name:<{width}}  {before.text():>22}  {after.text():>22}  {change.text(signed=True):>24}")
        return out


def fresh_report(start: Program, best: Program, field: Field, runner: Runner, units: int = 200) -> ImproveReport:
    """Score ``start`` and ``best`` on ``units`` fresh units per opponent (the same ones for both)."""
    count = len(field.opponents)
    indices = [REPORT_BASE + i for i in range(units * count)]
    before, after = score_units(field, runner, [start, best], indices)
    reports = []
    for opponent, (name, _) in enumerate(field.opponents):
        mine = [i for i, index in enumerate(indices) if field.unit(index)[0] == opponent]
        b, a = [before[i] for i in mine], [after[i] for i in mine]
        reports.append(OpponentReport(name, Estimate.of(b), Estimate.of(a), Estimate.of([y - x for x, y in zip(b, a)], CHANGE)))
    return ImproveReport(tuple(reports), Estimate.of(before), Estimate.of(after),
                         Estimate.of([y - x for x, y in zip(before, after)], CHANGE), units)


def _content(card: Card) -> tuple[object, ...]:
    """What a card checks, hashable (descriptions aside)."""
    return (card.head, tuple(card.sorted_cells()))


def card_diff(before: Program, after: Program) -> list[str]:
    """What changed from ``before`` to ``after``, card by card (cards numbered from 1): cards that
    check the same are matched wherever they are (unchanged, or moved); the others are paired in
    order (changed, with their cell changes), and what is left over was dropped or is new."""
    old, new = [_content(c) for c in before.cards], [_content(c) for c in after.cards]
    matched: dict[int, int] = {}
    for j, key in enumerate(new):
        i = next((i for i, k in enumerate(old) if k == key and i not in matched), None)
        if i is not None:
            matched[i] = j
    lines = [f"card {i + 1} -> card {j + 1}: unchanged, moved" for i, j in sorted(matched.items()) if i != j]
    rest_old = [i for i in range(len(old)) if i not in matched]
    rest_new = [j for j in range(len(new)) if j not in matched.values()]
    for i, j in zip(rest_old, rest_new):
        lines.append(f"card {i + 1} -> card {j + 1}: changed")
        lines += [f"    {change}" for change in _cell_changes(before, before.cards[i], after, after.cards[j])]
    lines += [f"card {i + 1}: dropped ({before.cards[i].description or 'no description'})"
              for i in rest_old[len(rest_new):]]
    lines += [f"card {j + 1}: new" for j in rest_new[len(rest_old):]]
    if not lines:
        return ["no change"]
    return lines + ["the cards now:"] + [f"  card {j + 1}: {card.description}" for j, card in enumerate(after.cards)]


def _cell_changes(a_program: Program, a: Card, b_program: Program, b: Card) -> Sequence[str]:
    changes = []
    if a.head != b.head:
        changes.append(f"head (row {a.head.row}, col {a.head.col}) facing {a.head.facing.label} -> "
                       f"(row {b.head.row}, col {b.head.col}) facing {b.head.facing.label}")
    for cell in sorted(set(a.cells) | set(b.cells)):
        old, new = a.cells.get(cell), b.cells.get(cell)
        if old == new:
            continue
        at = f"(row {cell[0]}, col {cell[1]})"
        if old is None and new is not None:
            changes.append(f"+ {at} {where(b, cell)}: {what(b_program, new)} [{new.group.label}]")
        elif new is None and old is not None:
            changes.append(f"- {at} {where(a, cell)}: {what(a_program, old)} [{old.group.label}]")
        elif old is not None and new is not None:
            changes.append(f"~ {at}: {what(a_program, old)} [{old.group.label}] -> {what(b_program, new)} [{new.group.label}]")
    return changes
