"""What a snake can see around its head when a card is asked about a move, as constraints, and a
small solver that decides whether cells can show given elements together.

Everything is in the field frame of the move *up* (a card variant turned to ask for up): an
offset ``(dx, dy)`` from the head, the cell the head moves to is ``(0, -1)``. The model holds
only what is true of **every** real view, so it admits more views than the game can produce
(an over-approximation). That makes both kinds of proof sound: if no view of the model fits,
no position does; if every view of the model fits, every position does. What the model knows:

* the cell ahead is empty or a tail (the move is possible);
* of the three other neighbours of the head, one is the snake's own body or tail (the segment
  after the head) and another is empty or a tail (a card is only asked with two or more
  possible moves);
* the snake has one tail; there are at most three rivals, so at most three rival heads and
  three rival tails;
* the field is a rectangle holding the head: a ``border`` cell lies outside the smallest box
  around the head and every cell that is not border;
* every body segment lies between two cells of its own snake, a tail next to one, a rival's
  head next to its body or tail (the viewer's head counts as its own cell).

Cells no requirement names are free: they may show whatever a neighbour needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from engines.snake import GAME_INFO, Element

Offset = tuple[int, int]
Mask = int
"""A set of elements as a bitmask: bit ``e`` for element ``e``."""


def mask(*elements: Element) -> Mask:
    return sum(1 << int(e) for e in set(elements))


def elements_of(m: Mask) -> list[Element]:
    return [e for e in Element if m >> int(e) & 1]


ALL: Mask = mask(*Element)
PASSABLE = mask(Element.EMPTY, Element.OWN_TAIL, Element.ENEMY_TAIL)
OWN = mask(Element.OWN_BODY, Element.OWN_TAIL)
RIVAL = mask(Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL)
ORIGIN: Offset = (0, 0)
AHEAD: Offset = (0, -1)
OTHER_NEIGHBOURS: tuple[Offset, ...] = ((1, 0), (0, 1), (-1, 0))
NEIGHBOURS: tuple[Offset, ...] = (AHEAD, *OTHER_NEIGHBOURS)
RIVALS = GAME_INFO.max_snakes - 1
COUNT_LIMITS = {Element.OWN_TAIL: 1, Element.ENEMY_HEAD: RIVALS, Element.ENEMY_TAIL: RIVALS}

# (friends, how many) each element needs among its neighbours; the head counts for own parts.
NEEDS: dict[Element, tuple[Mask, int, bool]] = {
    Element.OWN_BODY: (OWN, 2, True),
    Element.OWN_TAIL: (OWN, 1, True),
    Element.ENEMY_HEAD: (mask(Element.ENEMY_BODY, Element.ENEMY_TAIL), 1, False),
    Element.ENEMY_BODY: (RIVAL, 2, False),
}
# The order values are tried in: those that ask least of their neighbours first.
VALUE_ORDER = (Element.EMPTY, Element.ENEMY_TAIL, Element.BORDER, Element.OWN_BODY, Element.ENEMY_BODY,
               Element.OWN_TAIL, Element.ENEMY_HEAD)
NODE_BUDGET = 20_000


def base(offset: Offset) -> Mask:
    """What a cell can show at all: the cell ahead only empty or a tail."""
    return PASSABLE if offset == AHEAD else ALL


def around(offset: Offset) -> tuple[Offset, ...]:
    x, y = offset
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def describe(m: Mask) -> str:
    """``enemy_tail``, ``empty or own_tail``: the elements of a mask, for messages."""
    names = [e.label for e in elements_of(m)]
    return " or ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " or " + names[-1]


Label = Callable[[Offset], str]
"""Names an offset for a message (as the card cell it came from)."""


@dataclass(frozen=True)
class Verdict:
    """Whether cells can show what they must together: True (some view of the model fits),
    False (none does: ``reason`` says why) or None (the search gave up: no claim)."""

    fits: bool | None
    reason: str = ""


class _Search:
    """Backtracking over the required cells, most constrained first, checking the model's
    rules as cells are filled."""

    def __init__(self, domains: dict[Offset, Mask]) -> None:
        self.domains = domains
        self.order = sorted(domains, key=lambda o: (bin(domains[o]).count("1"), abs(o[0]) + abs(o[1]), o))
        self.value: dict[Offset, Element] = {}
        self.nodes = 0

    def run(self) -> bool | None:
        try:
            return self._fill(0)
        except _GiveUp:
            return None

    def _fill(self, depth: int) -> bool:
        if depth == len(self.order):
            return self._neighbours_ok()
        cell = self.order[depth]
        for element in VALUE_ORDER:
            if not self.domains[cell] >> int(element) & 1:
                continue
            self.nodes += 1
            if self.nodes > NODE_BUDGET:
                raise _GiveUp
            self.value[cell] = element
            if self._consistent(cell) and self._fill(depth + 1):
                return True
            del self.value[cell]
        return False

    def _could_be(self, cell: Offset, friends: Mask) -> bool:
        if cell in self.value:
            return bool(friends >> int(self.value[cell]) & 1)
        return bool(self.domains.get(cell, base(cell)) & friends)

    def _needs_ok(self, cell: Offset) -> bool:
        need = NEEDS.get(self.value[cell])
        if need is None:
            return True
        friends, count, head_counts = need
        found = sum(1 for n in around(cell) if (n == ORIGIN and head_counts) or (n != ORIGIN and self._could_be(n, friends)))
        return found >= count

    def _consistent(self, cell: Offset) -> bool:
        value = self.value
        for element, limit in COUNT_LIMITS.items():
            if value[cell] is element and sum(1 for v in value.values() if v is element) > limit:
                return False
        if not _border_ok(value):
            return False
        if not all(self._needs_ok(c) for c in (cell, *around(cell)) if c in value):
            return False
        return self._neighbours_ok()

    def _neighbours_ok(self) -> bool:
        """Two different cells beside or behind the head: one can be the snake's own, one passable."""
        own = [c for c in OTHER_NEIGHBOURS if self._could_be(c, OWN)]
        passable = [c for c in OTHER_NEIGHBOURS if self._could_be(c, PASSABLE)]
        return any(a != b for a in own for b in passable)


class _GiveUp(Exception):
    pass


def _border_ok(value: Mapping[Offset, Element]) -> bool:
    inside = [ORIGIN, AHEAD] + [c for c, e in value.items() if e is not Element.BORDER]
    outside = [c for c, e in value.items() if e is Element.BORDER]
    if not outside:
        return True
    x0, x1 = min(c[0] for c in inside), max(c[0] for c in inside)
    y0, y1 = min(c[1] for c in inside), max(c[1] for c in inside)
    return not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in outside)


def domains_of(required: Mapping[Offset, Mask]) -> dict[Offset, Mask]:
    return {cell: m & base(cell) for cell, m in required.items()}


def fits(required: Mapping[Offset, Mask], label: Label) -> Verdict:
    """Whether some view shows, in every ``required`` cell, one of its elements."""
    domains = domains_of(required)
    reason = local_reason(required, domains, label)
    if reason:
        return Verdict(False, reason)
    found = _Search(domains).run()
    if found is False:
        return Verdict(False, "no position shows all of these together")
    return Verdict(found)


def local_reason(required: Mapping[Offset, Mask], domains: Mapping[Offset, Mask], label: Label) -> str:
    """The first rule of the model that the requirements break on their own, in words ('' if none)."""
    for check in (_empty_domain, _too_many, _border_conflict, _lonely, _no_neck):
        reason = check(required, domains, label)
        if reason:
            return reason
    return ""


def _empty_domain(required: Mapping[Offset, Mask], domains: Mapping[Offset, Mask], label: Label) -> str:
    for cell, m in sorted(domains.items(), key=lambda item: label(item[0])):
        if not m:
            return (f"{label(cell)} must be {describe(required[cell])}, but the cell the head moves to is always "
                    "empty or a tail")
    return ""


def _too_many(required: Mapping[Offset, Mask], domains: Mapping[Offset, Mask], label: Label) -> str:
    for element, limit in COUNT_LIMITS.items():
        forced = sorted((c for c, m in domains.items() if m == mask(element)), key=label)
        if len(forced) > limit:
            cells = _cells(forced, label)
            if element is Element.OWN_TAIL:
                return f"{cells} must all be the snake's own tail, and it has one"
            what = "rival heads" if element is Element.ENEMY_HEAD else "rival tails"
            return f"{cells} must all be {what}, and there are at most {RIVALS} rivals"
    return ""


def _border_conflict(required: Mapping[Offset, Mask], domains: Mapping[Offset, Mask], label: Label) -> str:
    outside = sorted((c for c, m in domains.items() if m == mask(Element.BORDER)), key=label)
    inside = sorted((c for c, m in domains.items() if not m & mask(Element.BORDER)), key=label)
    anchors = [ORIGIN, AHEAD] + inside
    for cell in outside:
        for a, b in combinations(anchors, 2):
            if min(a[0], b[0]) <= cell[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= cell[1] <= max(a[1], b[1]):
                named = [label(c) for c in (a, b) if c not in (ORIGIN, AHEAD)]
                if not named:
                    continue
                return (f"{label(cell)} must be outside the field, but the field reaches {' and '.join(named)} "
                        "around it (a field is a rectangle)")
    return ""


def _lonely(required: Mapping[Offset, Mask], domains: Mapping[Offset, Mask], label: Label) -> str:
    for cell, m in sorted(domains.items(), key=lambda item: label(item[0])):
        if bin(m).count("1") != 1:
            continue
        element = elements_of(m)[0]
        need = NEEDS.get(element)
        if need is None:
            continue
        friends, count, head_counts = need
        found = sum(1 for n in around(cell) if (n == ORIGIN and head_counts)
                    or (n != ORIGIN and domains.get(n, base(n)) & friends))
        if found < count:
            return f"{label(cell)} must be {element.label}, but {_need_text(element)}"
    return ""


def _need_text(element: Element) -> str:
    return {
        Element.OWN_BODY: "a body segment lies between two cells of its own snake and at most one neighbour can be one",
        Element.OWN_TAIL: "a tail lies next to its own snake and no neighbour can be one",
        Element.ENEMY_HEAD: "a rival's head lies next to its body or tail and no neighbour can be one",
        Element.ENEMY_BODY: "a body segment lies between two cells of its snake and at most one neighbour can be a rival's",
    }[element]


def _no_neck(required: Mapping[Offset, Mask], domains: Mapping[Offset, Mask], label: Label) -> str:
    if not all(c in domains for c in OTHER_NEIGHBOURS):
        return ""
    cells = _cells(OTHER_NEIGHBOURS, label)
    if not any(domains[c] & OWN for c in OTHER_NEIGHBOURS):
        return f"one of {cells} (beside and behind the head) is always the snake's own body or tail, and none can be"
    if not any(domains[c] & PASSABLE for c in OTHER_NEIGHBOURS):
        return (f"a card is only asked when the snake has a second possible move, so one of {cells} is empty or a "
                "tail, and none can be")
    return ""


def _cells(cells: Iterable[Offset], label: Label) -> str:
    names = [label(c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
