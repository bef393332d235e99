"""Every pure edit of :mod:`matcher.editing`: what it changes, what it leaves alone, and the
format limits it enforces with :class:`EditError`. The editor's undo commands are built on these."""

from __future__ import annotations

import pytest

from engines.snake import Direction, Element, start_position
from matcher.editing import (
    EditError,
    add_set,
    add_test,
    clear,
    describe_card,
    duplicate_card,
    face_head,
    insert_card,
    move_card,
    move_head,
    new_card,
    paint,
    remove_card,
    remove_set,
    remove_test,
    replace_card,
    replace_set,
    replace_test,
    set_uses,
    turn_head,
)
from matcher.model import (
    CARD_SIZE,
    MAX_CARDS,
    MAX_SETS,
    Card,
    ElementSet,
    Group,
    GroupKind,
    Head,
    Pattern,
    Program,
    ProgramTest,
    SetRef,
)
from matcher.validate import validate_program

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
TAIL = Pattern(Element.ENEMY_TAIL)
NOT_EMPTY_OR1 = Pattern(Element.EMPTY, negate=True, group=Group(GroupKind.OR, 1))
RIVALS = ElementSet("rival", frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL}))
WALLS = ElementSet("walls", frozenset({Element.BORDER, Element.OWN_BODY}))
MINE = ElementSet("mine", frozenset({Element.OWN_BODY, Element.OWN_TAIL}))


def card(description: str = "", **cells: Pattern) -> Card:
    """A centre-head card; cells given as ``r2c3=pattern``."""
    return Card(Head(3, 3, UP), {(int(k[1]), int(k[3])): p for k, p in cells.items()}, description)


def program_of(*cards: Card, sets: tuple[ElementSet, ...] = ()) -> Program:
    return Program("p", "", sets, tuple(cards))


def descriptions(program: Program) -> list[str]:
    return [c.description for c in program.cards]


def labelled(n: int) -> Program:
    return program_of(*(card(str(i)) for i in range(n)))


# --- cards ----------------------------------------------------------------------------------


def test_new_card_is_blank_with_the_head_in_the_centre_facing_up() -> None:
    fresh = new_card()
    assert fresh.head == Head(CARD_SIZE // 2, CARD_SIZE // 2, UP) == Head(3, 3, UP)
    assert dict(fresh.cells) == {}
    assert fresh.description == ""


def test_paint_puts_the_pattern_into_every_cell_and_keeps_the_others() -> None:
    before = card(r0c0=TAIL)
    after = paint(before, [(1, 1), (2, 3)], NOT_EMPTY_OR1)
    assert dict(after.cells) == {(0, 0): TAIL, (1, 1): NOT_EMPTY_OR1, (2, 3): NOT_EMPTY_OR1}
    assert dict(before.cells) == {(0, 0): TAIL}, "the original card is not changed"


def test_paint_replaces_a_painted_cell() -> None:
    assert dict(paint(card(r2c3=TAIL), [(2, 3)], NOT_EMPTY_OR1).cells) == {(2, 3): NOT_EMPTY_OR1}


def test_paint_skips_the_head_and_cells_off_the_map() -> None:
    after = paint(card(), [(3, 3), (-1, 0), (0, CARD_SIZE), (CARD_SIZE, 2), (6, 6)], TAIL)
    assert dict(after.cells) == {(6, 6): TAIL}
    assert validate_program(program_of(after)) == []


def test_clear_removes_the_cells_and_ignores_blank_ones() -> None:
    before = card(r0c0=TAIL, r1c1=TAIL, r2c2=TAIL)
    assert dict(clear(before, [(0, 0), (2, 2), (5, 5)]).cells) == {(1, 1): TAIL}


def test_move_head_to_a_blank_cell() -> None:
    moved = move_head(card(r2c3=TAIL), (0, 6))
    assert moved.head == Head(0, 6, UP)
    assert dict(moved.cells) == {(2, 3): TAIL}


def test_move_head_onto_a_pattern_swaps_them_so_nothing_is_lost() -> None:
    moved = move_head(card(r2c3=TAIL, r0c0=NOT_EMPTY_OR1), (2, 3))
    assert moved.head == Head(2, 3, UP)
    assert dict(moved.cells) == {(3, 3): TAIL, (0, 0): NOT_EMPTY_OR1}


def test_move_head_to_its_own_cell_changes_nothing() -> None:
    before = card(r2c3=TAIL)
    assert move_head(before, (3, 3)) == before


@pytest.mark.parametrize("cell", [(-1, 3), (3, -1), (CARD_SIZE, 3), (3, CARD_SIZE)])
def test_move_head_off_the_map_is_an_edit_error(cell: tuple[int, int]) -> None:
    with pytest.raises(EditError, match="7x7"):
        move_head(card(), cell)


@pytest.mark.parametrize(
    ("turns", "facing"), [(1, RIGHT), (2, DOWN), (3, LEFT), (4, UP), (-1, LEFT), (5, RIGHT)]
)
def test_turn_head_turns_clockwise_by_quarter_turns(turns: int, facing: Direction) -> None:
    turned = turn_head(card(r2c3=TAIL), turns)
    assert turned.head == Head(3, 3, facing)
    assert dict(turned.cells) == {(2, 3): TAIL}


def test_turn_head_defaults_to_one_quarter_turn() -> None:
    assert turn_head(card()).head.facing is RIGHT


@pytest.mark.parametrize("facing", list(Direction))
def test_face_head_sets_the_direction(facing: Direction) -> None:
    assert face_head(card(), facing).head == Head(3, 3, facing)


def test_describe_card_sets_only_the_description() -> None:
    before = card("old", r2c3=TAIL)
    after = describe_card(before, "bite it")
    assert after == Card(before.head, before.cells, "bite it")


# --- the card list --------------------------------------------------------------------------


def test_replace_card_replaces_one_card() -> None:
    program = labelled(3)
    after = replace_card(program, 1, card("new"))
    assert descriptions(after) == ["0", "new", "2"]
    assert descriptions(program) == ["0", "1", "2"]


@pytest.mark.parametrize(("index", "expected"), [(0, ["x", "0", "1"]), (1, ["0", "x", "1"]), (2, ["0", "1", "x"])])
def test_insert_card_at_an_index(index: int, expected: list[str]) -> None:
    assert descriptions(insert_card(labelled(2), index, card("x"))) == expected


def test_insert_card_without_a_card_inserts_a_new_blank_one() -> None:
    after = insert_card(labelled(1), 1)
    assert after.cards[1] == new_card()


def test_insert_card_stops_at_the_card_limit() -> None:
    full = labelled(MAX_CARDS)
    with pytest.raises(EditError, match=f"at most {MAX_CARDS} cards"):
        insert_card(full, 0)
    assert len(insert_card(labelled(MAX_CARDS - 1), 0).cards) == MAX_CARDS


def test_duplicate_card_inserts_a_copy_right_after_it() -> None:
    program = program_of(card("a", r2c3=TAIL), card("b"))
    after = duplicate_card(program, 0)
    assert descriptions(after) == ["a", "a", "b"]
    assert after.cards[1] == program.cards[0]


def test_duplicate_card_stops_at_the_card_limit() -> None:
    with pytest.raises(EditError, match=f"at most {MAX_CARDS} cards"):
        duplicate_card(labelled(MAX_CARDS), 4)


def test_remove_card() -> None:
    assert descriptions(remove_card(labelled(3), 1)) == ["0", "2"]


def test_remove_card_keeps_at_least_one_card() -> None:
    with pytest.raises(EditError, match="at least one card"):
        remove_card(labelled(1), 0)


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        (0, 3, ["1", "2", "3", "0"]),
        (3, 0, ["3", "0", "1", "2"]),
        (1, 2, ["0", "2", "1", "3"]),
        (2, 1, ["0", "2", "1", "3"]),
        (2, 2, ["0", "1", "2", "3"]),
    ],
)
def test_move_card_puts_the_card_at_the_target_index(source: int, target: int, expected: list[str]) -> None:
    assert descriptions(move_card(labelled(4), source, target)) == expected


# --- user sets ------------------------------------------------------------------------------


def test_add_set_appends_with_a_default_name() -> None:
    after = add_set(program_of(card(), sets=(RIVALS,)))
    assert after.sets == (RIVALS, ElementSet("set 2", frozenset()))


def test_add_set_with_a_name_and_elements() -> None:
    after = add_set(program_of(card()), "walls", [Element.BORDER, Element.OWN_BODY])
    assert after.sets == (WALLS,)


def test_add_set_stops_at_the_set_limit() -> None:
    full = program_of(card(), sets=(RIVALS,) * MAX_SETS)
    with pytest.raises(EditError, match=f"at most {MAX_SETS} user sets"):
        add_set(full)


def test_replace_set() -> None:
    after = replace_set(program_of(card(), sets=(RIVALS, WALLS)), 1, MINE)
    assert after.sets == (RIVALS, MINE)


def test_set_uses_lists_card_and_cell_in_order() -> None:
    uses_set1 = Pattern(SetRef(0))
    uses_set2 = Pattern(SetRef(1), negate=True)
    program = program_of(
        card(r0c0=uses_set1, r1c1=uses_set2),
        card(r5c5=uses_set1, r0c6=uses_set1, r2c3=TAIL),
        sets=(RIVALS, WALLS),
    )
    assert set_uses(program, 0) == [(0, (0, 0)), (1, (0, 6)), (1, (5, 5))]
    assert set_uses(program, 1) == [(0, (1, 1))]
    assert set_uses(program_of(card(r2c3=TAIL), sets=(RIVALS,)), 0) == []


def test_remove_set_removes_its_patterns_and_renumbers_later_sets() -> None:
    set1, set2, set3 = Pattern(SetRef(0)), Pattern(SetRef(1), negate=True), Pattern(SetRef(2), group=Group(GroupKind.OR, 2))
    program = program_of(
        card("a", r0c0=set1, r0c1=set2, r0c2=set3, r2c3=TAIL),
        card("b", r1c1=set2),
        sets=(RIVALS, WALLS, MINE),
    )
    after = remove_set(program, 1)
    assert after.sets == (RIVALS, MINE)
    assert dict(after.cards[0].cells) == {(0, 0): set1, (0, 2): Pattern(SetRef(1), group=Group(GroupKind.OR, 2)), (2, 3): TAIL}
    assert dict(after.cards[1].cells) == {}
    assert descriptions(after) == ["a", "b"]
    assert validate_program(after) == []


def test_remove_the_last_set_leaves_earlier_references_alone() -> None:
    program = program_of(card(r0c0=Pattern(SetRef(0)), r0c1=Pattern(SetRef(1))), sets=(RIVALS, WALLS))
    after = remove_set(program, 1)
    assert after.sets == (RIVALS,)
    assert dict(after.cards[0].cells) == {(0, 0): Pattern(SetRef(0))}


# --- tests ----------------------------------------------------------------------------------


def a_test(name: str) -> ProgramTest:
    return ProgramTest(name, start_position(2), 0, frozenset({RIGHT}))


def test_add_replace_and_remove_tests() -> None:
    program = add_test(add_test(program_of(card()), a_test("one")), a_test("two"))
    assert [t.name for t in program.tests] == ["one", "two"]
    program = replace_test(program, 0, a_test("uno"))
    assert [t.name for t in program.tests] == ["uno", "two"]
    assert [t.name for t in remove_test(program, 0).tests] == ["two"]
    assert [t.name for t in remove_test(program, 1).tests] == ["uno"]


def test_edits_leave_name_description_and_other_parts_alone() -> None:
    program = Program("name", "about", (RIVALS,), (card("a"), card("b")), (a_test("t"),))
    for after in (
        insert_card(program, 1),
        duplicate_card(program, 0),
        remove_card(program, 0),
        move_card(program, 0, 1),
        replace_card(program, 0, card("z")),
        add_set(program),
        replace_set(program, 0, WALLS),
        remove_set(program, 0),
        add_test(program, a_test("u")),
        remove_test(program, 0),
    ):
        assert (after.name, after.description) == ("name", "about")
