"""A card's description generated from what it checks, for cards the search made or changed.

Cells are named from the snake's point of view (the head's facing is "ahead"), patterns by what
they match, groups by how they combine: "Move ahead when the cell ahead is a rival tail; and one
of: the cell left is empty, the cell right is empty". Readable, not clever: it says what the card checks, in the order the
card lists it, so an author can check it against the card."""

from __future__ import annotations

from engines.snake import Element
from matcher.model import Card, CardCell, GroupKind, Pattern, Program, SetRef

_ELEMENT_WORDS = {
    Element.EMPTY: "empty",
    Element.BORDER: "a wall",
    Element.OWN_BODY: "its own body",
    Element.OWN_TAIL: "its own tail",
    Element.ENEMY_HEAD: "a rival head",
    Element.ENEMY_BODY: "a rival body",
    Element.ENEMY_TAIL: "a rival tail",
}


def where(card: Card, cell: CardCell) -> str:
    """A card cell relative to the head as the snake sees it: "the cell ahead", "the cell
    ahead-left", "the cell 2 ahead, 1 right", "the cell behind"..."""
    rows, cols = cell[0] - card.head.row, cell[1] - card.head.col
    # Turn the map so that the head faces up: then up is ahead and right is right.
    for _ in range(int(card.head.facing)):
        rows, cols = -cols, rows
    ahead, right = -rows, cols
    along = "ahead" if ahead > 0 else "behind"
    side = "right" if right > 0 else "left"
    if abs(ahead) <= 1 and abs(right) <= 1:
        name = "-".join(word for word, count in ((along, ahead), (side, right)) if count)
    else:
        name = ", ".join(_steps(abs(count), word) for word, count in ((along, ahead), (side, right)) if count)
    return f"the cell {name}"


def _steps(count: int, word: str) -> str:
    return f"{count} {word}"


def what(program: Program, pattern: Pattern) -> str:
    """What a pattern matches, in words."""
    if isinstance(pattern.match, SetRef):
        sets = program.sets
        name = sets[pattern.match.index].name if pattern.match.index < len(sets) else pattern.match.label
        words = f"one of {name!r}"
    else:
        words = _ELEMENT_WORDS[pattern.match]
    return f"not {words}" if pattern.negate else words


def describe_card(program: Program, card: Card) -> str:
    """The sentence for ``card`` (a card without patterns moves ahead whenever it can)."""
    clauses: dict[tuple[GroupKind, int], list[str]] = {}
    for cell, pattern in card.sorted_cells():
        clauses.setdefault((pattern.group.kind, pattern.group.number), []).append(
            f"{where(card, cell)} is {what(program, pattern)}")
    and_groups = [" and ".join(v) for (kind, _), v in sorted(clauses.items(), key=_order) if kind is GroupKind.AND]
    or_groups = [", ".join(v) for (kind, _), v in sorted(clauses.items(), key=_order) if kind is GroupKind.OR]
    if not and_groups and not or_groups:
        return "Move ahead whenever that is possible (no conditions)"
    text = "Move ahead when "
    if and_groups:
        text += " or when ".join(and_groups) if len(and_groups) > 1 else and_groups[0]
    for index, group in enumerate(or_groups):
        if and_groups or index:
            text += "; and "
        text += f"one of: {group}" if "," in group else group
    return text


def _order(item: tuple[tuple[GroupKind, int], list[str]]) -> tuple[int, int]:
    (kind, number), _ = item
    return (0 if kind is GroupKind.AND else 1, number)
