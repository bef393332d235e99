"""Two programs compared card by card, and the comparison applied back.

Cards are matched even when reordered: equal cards first, then the pairing that keeps the most
cells, heads and descriptions in common (ties keep the order). A matched pair lists what
changed (head, description, each cell's pattern before and after); cards left over were removed
(from A) or added (to B). Sets are compared by number (a card refers to them so), tests are
matched like cards (equal first, then by name). :func:`apply_diff` turns A into B and refuses a
diff whose "before" side is not what the program holds, like a patch whose context differs.

The JSON form is in :mod:`matcher.diff_json`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from matcher.model import Card, CardCell, ElementSet, Head, Pattern, Program, ProgramTest

_T = TypeVar("_T")
Kind = Literal["same", "moved", "changed", "added", "removed"]


class DiffError(ValueError):
    """A diff that does not fit the program it is applied to, or a malformed diff file."""


def change_kind(before: int | None, after: int | None, changed: bool) -> Kind:
    """What happened to an item found at ``before`` in A and ``after`` in B (None: not there)."""
    if before is None:
        return "added"
    if after is None:
        return "removed"
    if changed:
        return "changed"
    return "moved" if before != after else "same"


@dataclass(frozen=True)
class CellChange:
    """One card cell before and after (None: blank)."""

    cell: CardCell
    before: Pattern | None
    after: Pattern | None


@dataclass(frozen=True)
class CardChange:
    """One card of A matched to one of B, or removed (``after`` None), or added (``before`` None).
    ``card`` is the whole card for an added (B's) or removed (A's) one."""

    before: int | None
    after: int | None
    head: tuple[Head, Head] | None = None
    description: tuple[str, str] | None = None
    cells: tuple[CellChange, ...] = ()
    card: Card | None = None

    @property
    def kind(self) -> Kind:
        return change_kind(self.before, self.after, bool(self.head or self.description is not None or self.cells))


@dataclass(frozen=True)
class SetChange:
    """User set ``index`` before and after (None: not there)."""

    index: int
    before: ElementSet | None
    after: ElementSet | None


@dataclass(frozen=True)
class TestChange:
    """A test of A matched to one of B, removed or added; ``test`` is B's test when it changed
    or was added, A's when removed."""

    __test__ = False  # not a pytest test class

    before: int | None
    after: int | None
    test: ProgramTest | None = None

    @property
    def kind(self) -> Kind:
        return change_kind(self.before, self.after, self.test is not None)


@dataclass(frozen=True)
class ProgramDiff:
    name: tuple[str, str] | None
    description: tuple[str, str] | None
    sets: tuple[SetChange, ...]
    cards: tuple[CardChange, ...]
    """B's cards in order, then A's removed cards in A's order."""
    tests: tuple[TestChange, ...]

    @property
    def same(self) -> bool:
        return (self.name is None and self.description is None and not self.sets
                and all(c.kind == "same" for c in self.cards) and all(t.kind == "same" for t in self.tests))


# --- comparing ------------------------------------------------------------------------------


def _changed(a: _T, b: _T) -> tuple[_T, _T] | None:
    return None if a == b else (a, b)


def diff_programs(a: Program, b: Program) -> ProgramDiff:
    """What turns ``a`` into ``b`` (see the module docstring)."""
    sets = tuple(
        SetChange(i, a.sets[i] if i < len(a.sets) else None, b.sets[i] if i < len(b.sets) else None)
        for i in range(max(len(a.sets), len(b.sets)))
        if (a.sets[i] if i < len(a.sets) else None) != (b.sets[i] if i < len(b.sets) else None)
    )
    pairs = match_items(a.cards, b.cards, card_similarity)
    cards = [_card_change(a, b, pairs.get(j), j) for j in range(len(b.cards))]
    matched = set(pairs.values())
    cards += [CardChange(i, None, card=card) for i, card in enumerate(a.cards) if i not in matched]
    test_pairs = match_items(a.tests, b.tests, _test_similarity)
    tests = [TestChange(test_pairs.get(j), j, None if test_pairs.get(j) is not None and a.tests[test_pairs[j]] == t else t)
             for j, t in enumerate(b.tests)]
    tests += [TestChange(i, None, t) for i, t in enumerate(a.tests) if i not in set(test_pairs.values())]
    return ProgramDiff(_changed(a.name, b.name), _changed(a.description, b.description), sets, tuple(cards), tuple(tests))


def _card_change(a: Program, b: Program, before: int | None, after: int) -> CardChange:
    new = b.cards[after]
    if before is None:
        return CardChange(None, after, card=new)
    old = a.cards[before]
    cells = tuple(
        CellChange(cell, old.cells.get(cell), new.cells.get(cell))
        for cell in sorted(set(old.cells) | set(new.cells))
        if old.cells.get(cell) != new.cells.get(cell)
    )
    return CardChange(before, after, _changed(old.head, new.head), _changed(old.description, new.description), cells)


def card_similarity(a: Card, b: Card) -> int:
    """How much two cards have in common, for matching. Cards pair only when they keep a pattern
    in the same cell or their description (0 otherwise: one was removed, the other added); then
    cells repainted in place and the same head count too."""
    if a == b:
        return 1000
    kept = 2 * sum(1 for cell, pattern in a.cells.items() if b.cells.get(cell) == pattern)
    kept += 3 * (bool(a.description) and a.description == b.description)
    if not kept:
        return 0
    return kept + sum(1 for cell in a.cells if cell in b.cells and b.cells[cell] != a.cells[cell]) + 2 * (a.head == b.head)


def _test_similarity(a: ProgramTest, b: ProgramTest) -> int:
    return 1000 if a == b else 2 * (a.name == b.name) + (a.position == b.position)


def match_items(a: Sequence[_T], b: Sequence[_T], similarity: Callable[[_T, _T], int]) -> dict[int, int]:
    """The pairing of B's items (keys) with A's (values) of the greatest total similarity, pairs
    of similarity 0 left out; ties go to the pairing that moves items least. Exact for up to
    a dozen items a side (a search over subsets of A); beyond that, greedy."""
    scores = [[similarity(x, y) for x in a] for y in b]
    if len(a) > 12:
        return _greedy(scores)
    best: dict[int, tuple[tuple[int, int], list[int]]] = {0: ((0, 0), [])}
    for j, row in enumerate(scores):
        step: dict[int, tuple[tuple[int, int], list[int]]] = {}
        for used, (value, picks) in best.items():
            options = [(value, picks + [-1], used)]
            for i, score in enumerate(row):
                if score > 0 and not used & (1 << i):
                    options.append(((value[0] + score, value[1] - abs(i - j)), picks + [i], used | (1 << i)))
            for total, chosen, mask in options:
                if mask not in step or total > step[mask][0]:
                    step[mask] = (total, chosen)
        best = step
    _, picks = max(best.values(), key=lambda entry: entry[0])
    return {j: i for j, i in enumerate(picks) if i >= 0}


def _greedy(scores: list[list[int]]) -> dict[int, int]:
    pairs: dict[int, int] = {}
    ranked = sorted(((-s, abs(i - j), j, i) for j, row in enumerate(scores) for i, s in enumerate(row) if s > 0))
    for _, _, j, i in ranked:
        if j not in pairs and i not in pairs.values():
            pairs[j] = i
    return pairs


# --- applying -------------------------------------------------------------------------------


def apply_diff(program: Program, diff: ProgramDiff) -> Program:
    """``program`` (A) changed as ``diff`` says, which gives B; :class:`DiffError` names the
    card, cell, set or test where the diff's "before" is not what ``program`` holds."""
    if diff.name is not None and diff.name[0] != program.name:
        raise DiffError(f"the name is {program.name!r}, the diff changes {diff.name[0]!r}")
    if diff.description is not None and diff.description[0] != program.description:
        raise DiffError("the description is not the one the diff changes")
    return Program(
        diff.name[1] if diff.name else program.name,
        diff.description[1] if diff.description else program.description,
        _apply_sets(program.sets, diff.sets),
        tuple(_apply_card(program, change) for change in _targets(diff.cards, len(program.cards), "card")),
        tuple(_apply_test(program, change) for change in _targets(diff.tests, len(program.tests), "test")),
    )


def _targets(changes: Sequence[CardChange] | Sequence[TestChange], count: int, what: str) -> list[Any]:
    """The changes that give B's items, in B's order, checked to use each of A's items once."""
    seen = sorted(c.before for c in changes if c.before is not None)
    if seen != list(range(count)):
        raise DiffError(f"the diff accounts for {what}s {[i + 1 for i in seen]}, the program has {count} {what}s")
    kept = sorted((c for c in changes if c.after is not None), key=lambda c: c.after or 0)
    if [c.after for c in kept] != list(range(len(kept))):
        raise DiffError(f"the diff's new {what}s are not numbered 1..{len(kept)}")
    return kept


def _apply_sets(sets: tuple[ElementSet, ...], changes: Sequence[SetChange]) -> tuple[ElementSet, ...]:
    result: list[ElementSet | None] = list(sets)
    for change in changes:
        have = sets[change.index] if change.index < len(sets) else None
        if have != change.before:
            raise DiffError(f"set{change.index + 1}: the program has {_set_text(have)}, the diff changes {_set_text(change.before)}")
        result.extend([None] * (change.index + 1 - len(result)))
        result[change.index] = change.after
    while result and result[-1] is None:
        result.pop()
    if any(s is None for s in result):
        raise DiffError("the diff removes a set that later sets follow (sets are numbered, so only the last ones can go)")
    return tuple(s for s in result if s is not None)


def _apply_card(program: Program, change: CardChange) -> Card:
    if change.before is None:
        if change.card is None:
            raise DiffError(f"new card {(change.after or 0) + 1}: the diff does not hold it")
        return change.card
    card = program.cards[change.before]
    where = f"card {change.before + 1}"
    if change.head is not None:
        if card.head != change.head[0]:
            raise DiffError(f"{where}: the head is not where the diff moves it from")
        card = replace(card, head=change.head[1])
    if change.description is not None:
        if card.description != change.description[0]:
            raise DiffError(f"{where}: the description is not the one the diff changes")
        card = replace(card, description=change.description[1])
    cells = dict(card.cells)
    for cell in change.cells:
        if cells.get(cell.cell) != cell.before:
            raise DiffError(f"{where}, cell (row {cell.cell[0]}, col {cell.cell[1]}): the program has "
                            f"{pattern_text(cells.get(cell.cell))}, the diff changes {pattern_text(cell.before)}")
        if cell.after is None:
            del cells[cell.cell]
        else:
            cells[cell.cell] = cell.after
    return replace(card, cells=cells)


def _apply_test(program: Program, change: TestChange) -> ProgramTest:
    if change.test is not None:
        return change.test
    if change.before is None:
        raise DiffError(f"new test {(change.after or 0) + 1}: the diff does not hold it")
    return program.tests[change.before]


# --- text -----------------------------------------------------------------------------------


def pattern_text(pattern: Pattern | None) -> str:
    """``enemy_tail and1``, ``NOT set1 or2``, or ``blank``."""
    if pattern is None:
        return "blank"
    return f"{'NOT ' if pattern.negate else ''}{pattern.match.label} {pattern.group.label}"


def _set_text(element_set: ElementSet | None) -> str:
    if element_set is None:
        return "no set"
    return f"{element_set.name!r} {{{', '.join(e.label for e in sorted(element_set.elements))}}}"
