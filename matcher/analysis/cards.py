"""What can be proved about one card on its own: groups that can never match, a card that can
never be valid, a card valid for every possible move everywhere, patterns whose weight never
changes the choice. All in the frame of :mod:`matcher.analysis.views` (the card's variant for
the move up). The model is the same for every move and for a variant's mirror image, so what
holds for one variant holds for all eight.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import product

from engines.snake import Direction, Element
from matcher.analysis.views import (
    AHEAD,
    ALL,
    COUNT_LIMITS,
    RIVALS,
    NEIGHBOURS,
    OTHER_NEIGHBOURS,
    OWN,
    PASSABLE,
    Mask,
    Offset,
    Verdict,
    base,
    elements_of,
    fits,
    mask,
)
from matcher.model import Card, CardCell, Group, GroupKind, Program, Variant, variant_offset

SEARCH_BUDGET = 4_000
"""The most requirement sets tried when combining a card's groups in one question (then: no claim)."""
CARD_BUDGET = 20_000
"""The most tried for all the questions about one card (then the rest get no claim)."""


def cell_text(cell: CardCell) -> str:
    return f"(row {cell[0]}, col {cell[1]})"


@dataclass(frozen=True)
class Slot:
    """One pattern of a card, placed in the frame."""

    cell: CardCell
    offset: Offset
    mask: Mask
    group: Group


@dataclass(frozen=True)
class Frame:
    """One variant of a card for the move up: its patterns by group."""

    slots: tuple[Slot, ...]
    and_groups: dict[Group, tuple[Slot, ...]]
    or_groups: dict[Group, tuple[Slot, ...]]

    def label(self, offset: Offset) -> str:
        for slot in self.slots:
            if slot.offset == offset:
                return f"cell {cell_text(slot.cell)}"
        return f"the cell at {offset}"

    def canonical(self) -> tuple[frozenset[frozenset[tuple[Offset, Mask]]], frozenset[frozenset[tuple[Offset, Mask]]]]:
        """The groups as sets of (offset, elements), group numbers forgotten: equal for equal cards."""
        def groups(by_group: dict[Group, tuple[Slot, ...]]) -> frozenset[frozenset[tuple[Offset, Mask]]]:
            return frozenset(frozenset((s.offset, s.mask) for s in slots) for slots in by_group.values())

        return groups(self.and_groups), groups(self.or_groups)


def frame(program: Program, card: Card, mirrored: bool = False) -> Frame:
    variant = Variant(Direction.UP, mirrored)
    slots = tuple(
        Slot(cell, variant_offset(card, cell, variant), mask(*program.allowed(pattern)), pattern.group)
        for cell, pattern in card.sorted_cells()
    )
    and_groups: dict[Group, tuple[Slot, ...]] = {}
    or_groups: dict[Group, tuple[Slot, ...]] = {}
    for slot in slots:
        groups = and_groups if slot.group.kind is GroupKind.AND else or_groups
        groups[slot.group] = groups.get(slot.group, ()) + (slot,)
    return Frame(slots, dict(sorted(and_groups.items())), dict(sorted(or_groups.items())))


@dataclass
class CardFacts:
    """What the analysis proved about one card."""

    index: int
    plain: Frame
    mirror: Frame
    live_and: list[Group] = field(default_factory=list)
    """AND groups some position can match (all of them, if none is proved dead)."""
    live_or: dict[Group, tuple[Slot, ...]] = field(default_factory=dict)
    """Per OR group the patterns some position can match."""
    dead_groups: dict[Group, str] = field(default_factory=dict)
    never_valid: str = ""
    """Why the card can never be valid ('' when that is not proved)."""
    valid: bool | None = None
    """Whether some view of the model makes the card valid (None: not known)."""
    always_valid: bool = False
    """Proved valid for every possible move in every position."""
    constant: dict[CardCell, bool] = field(default_factory=dict)
    """Patterns whose match is the same in every valid variant: True always matched, False never."""
    budget: list[int] = field(default_factory=lambda: [CARD_BUDGET])
    """What is left of :data:`CARD_BUDGET` (a list: shared by every question about the card)."""


class _Budget:
    def __init__(self, card: list[int]) -> None:
        self.left = SEARCH_BUDGET
        self.card = card

    def spend(self) -> bool:
        self.left -= 1
        self.card[0] -= 1
        return self.left >= 0 and self.card[0] >= 0


def _merge(required: Mapping[Offset, Mask], extra: Mapping[Offset, Mask]) -> dict[Offset, Mask]:
    merged = dict(required)
    for offset, m in extra.items():
        merged[offset] = merged.get(offset, ALL) & m
    return merged


def can_be_valid(facts: CardFacts, extra: Mapping[Offset, Mask] | None = None) -> bool | None:
    """Whether some view makes the card's (plain) variant valid with ``extra`` cells showing
    their elements too: True, False (proved) or None (gave up)."""
    plain = facts.plain
    if plain.and_groups and not facts.live_and:
        return False
    choices = [plain.and_groups[g] for g in facts.live_and] if plain.and_groups else [()]
    budget = _Budget(facts.budget)
    unknown = False
    for chosen in choices:
        required = _merge({s.offset: s.mask for s in chosen}, extra or {})
        found = _pick_or(required, list(facts.live_or.values()), plain, budget)
        if found:
            return True
        unknown = unknown or found is None
    return None if unknown else False


def _pick_or(required: dict[Offset, Mask], groups: list[tuple[Slot, ...]], plain: Frame, budget: _Budget) -> bool | None:
    """Depth-first: one pattern of each OR group on top of ``required``."""
    if not budget.spend():
        return None
    verdict = fits(required, plain.label)
    if not verdict.fits:
        return verdict.fits
    if not groups:
        return True
    unknown = False
    for slot in groups[0]:
        found = _pick_or(_merge(required, {slot.offset: slot.mask}), groups[1:], plain, budget)
        if found:
            return True
        unknown = unknown or found is None
    return None if unknown else False


def analyse_card(program: Program, index: int) -> CardFacts:
    card = program.cards[index]
    facts = CardFacts(index, frame(program, card), frame(program, card, mirrored=True))
    plain = facts.plain
    for group, slots in plain.or_groups.items():
        live = tuple(s for s in slots if fits({s.offset: s.mask}, plain.label).fits is not False)
        facts.live_or[group] = live
        if not live:
            facts.dead_groups[group] = _dead_or_reason(plain, slots)
    for group, slots in plain.and_groups.items():
        verdict = fits({s.offset: s.mask for s in slots}, plain.label)
        if verdict.fits is False:
            facts.dead_groups[group] = verdict.reason
        else:
            facts.live_and.append(group)
    facts.never_valid = _never_valid_reason(facts)
    if facts.never_valid:
        return facts
    facts.always_valid = always_valid(facts.plain, facts.mirror)
    if facts.valid:  # when even that was beyond the search, claims about valid variants are too
        facts.constant = _constant_patterns(facts)
    return facts


def _dead_or_reason(plain: Frame, slots: tuple[Slot, ...]) -> str:
    reasons = [fits({s.offset: s.mask}, plain.label).reason for s in slots]
    return reasons[0] if len(reasons) == 1 else "none of its cells can ever match: " + "; ".join(reasons)


def _never_valid_reason(facts: CardFacts) -> str:
    plain = facts.plain
    dead_or = [g for g in plain.or_groups if g in facts.dead_groups]
    if dead_or:
        group = dead_or[0]
        return f"{group.label} can never match: {facts.dead_groups[group]}"
    if plain.and_groups and not facts.live_and:
        if len(plain.and_groups) == 1:
            group = next(iter(plain.and_groups))
            return f"{group.label} can never match: {facts.dead_groups[group]}"
        return "no AND group can ever match: " + "; ".join(f"{g.label}: {facts.dead_groups[g]}" for g in plain.and_groups)
    counted = _too_many_groups(facts)
    if counted:
        return counted
    facts.valid = can_be_valid(facts)
    if facts.valid is False:
        groups = [g.label for g in plain.and_groups] + [g.label for g in plain.or_groups]
        return f"no position satisfies {_and_list(groups)} together"
    return ""


def _too_many_groups(facts: CardFacts) -> str:
    """Groups that each need an own tail, a rival head or a rival tail somewhere (every pattern
    they can match with allows only that), more of them than there can be: each sits on its own
    cells, so each needs its own."""
    plain = facts.plain
    and_groups = {g: plain.and_groups[g] for g in facts.live_and}
    for element, limit in COUNT_LIMITS.items():
        only = mask(element)
        needy = [g.label for g, live in facts.live_or.items() if live and all(s.mask & base(s.offset) == only for s in live)]
        forced = {g: [s for s in slots if s.mask & base(s.offset) == only] for g, slots in and_groups.items()}
        fewest = min((len(f) for f in forced.values()), default=0)
        if not needy or len(needy) + fewest <= limit:
            continue
        if fewest:
            group, cells = next((g, f) for g, f in forced.items() if len(f) == fewest)
            where = f"{group.label} at {_and_list([f'(row {s.cell[0]}, col {s.cell[1]})' for s in cells])}"
            needy.insert(0, where if len(and_groups) == 1 else f"every AND group ({where}, …)")
        what = {Element.OWN_TAIL: "the snake's own tail, and it has one",
                Element.ENEMY_HEAD: f"a rival head, and there are at most {RIVALS} rivals",
                Element.ENEMY_TAIL: f"a rival tail, and there are at most {RIVALS} rivals"}[element]
        return f"{_and_list(needy)} each need {what}"
    return ""


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# --- valid everywhere -------------------------------------------------------------------------


def _neighbour_views() -> list[dict[Offset, Element]]:
    """Every way the four neighbours of the head can look when the card is asked about up."""
    views = []
    for ahead in elements_of(PASSABLE):
        for others in product(list(Element), repeat=len(OTHER_NEIGHBOURS)):
            view = dict(zip(NEIGHBOURS, (ahead, *others)))
            if sum(1 for e in view.values() if e is Element.OWN_TAIL) > 1:
                continue
            own = [c for c in OTHER_NEIGHBOURS if OWN >> int(view[c]) & 1]
            passable = [c for c in OTHER_NEIGHBOURS if PASSABLE >> int(view[c]) & 1]
            if any(a != b for a in own for b in passable):
                views.append(view)
    return views


NEIGHBOUR_VIEWS = _neighbour_views()


def _surely_valid(plain: Frame, view: Mapping[Offset, Element]) -> bool:
    """Valid whatever the cells beyond the neighbours show (those may always fail a pattern)."""
    def matches(slot: Slot) -> bool:
        return slot.offset in view and bool(slot.mask >> int(view[slot.offset]) & 1)

    if not all(any(matches(s) for s in slots) for slots in plain.or_groups.values()):
        return False
    return not plain.and_groups or any(all(matches(s) for s in slots) for slots in plain.and_groups.values())


def always_valid(plain: Frame, mirror: Frame) -> bool:
    """Proved: in every position, every possible move has a valid variant (so the card decides
    every choice it is asked and no later card ever does)."""
    return all(_surely_valid(plain, view) or _surely_valid(mirror, view) for view in NEIGHBOUR_VIEWS)


# --- weights that never matter ----------------------------------------------------------------


def _constant_patterns(facts: CardFacts) -> dict[CardCell, bool]:
    """Patterns matched in every valid variant (True) or in none (False), proved."""
    plain = facts.plain
    result: dict[CardCell, bool] = {}
    for slot in plain.slots:
        if slot.group.kind is GroupKind.AND and facts.live_and == [slot.group]:
            result[slot.cell] = True  # the only AND group that can pass: valid means all of it matched
            continue
        live = facts.live_or.get(slot.group)
        if live is not None and [s.cell for s in live] == [slot.cell]:
            result[slot.cell] = True  # the OR group's only pattern that can match
            continue
        if can_be_valid(facts, {slot.offset: ALL & ~slot.mask}) is False:
            result[slot.cell] = True
        elif can_be_valid(facts, {slot.offset: slot.mask}) is False:
            result[slot.cell] = False
    return result


__all__ = ["AHEAD", "CardFacts", "Frame", "Slot", "Verdict", "always_valid", "analyse_card", "can_be_valid",
           "cell_text", "frame"]
