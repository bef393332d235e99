"""The program analysis finds each kind of warning on programs built for it, says why in words,
and stays quiet at the boundary (where a real position shows the card is fine)."""

from __future__ import annotations

from engines.snake import Direction, Element, Position, position_from_text
from matcher.analysis import ProgramWarning, WarningKind, analyse_program
from matcher.model import Card, ElementSet, Group, GroupKind, Head, Pattern, Program, SetRef
from tests.matcher.analysis_oracle import variant_checks
from tests.positions import TAIL_ABOVE

UP, RIGHT = Direction.UP, Direction.RIGHT
AND1, AND2 = Group(GroupKind.AND, 1), Group(GroupKind.AND, 2)
OR1 = Group(GroupKind.OR, 1)
E = Element
PASSABLE = ElementSet("passable", frozenset({E.EMPTY, E.OWN_TAIL, E.ENEMY_TAIL}))
MINE = ElementSet("mine", frozenset({E.OWN_BODY, E.OWN_TAIL}))


def card(cells: dict[tuple[int, int], Pattern], facing: Direction = UP, description: str = "") -> Card:
    return Card(Head(3, 3, facing), cells, description)


def p(match: Element | SetRef, group: Group = AND1, negate: bool = False) -> Pattern:
    return Pattern(match, negate, group)


def program(*cards: Card, sets: tuple[ElementSet, ...] = ()) -> Program:
    return Program("test", "", sets, tuple(cards))


def kinds(warnings: list[ProgramWarning]) -> list[tuple[WarningKind, int]]:
    return [(w.kind, w.card) for w in warnings]


TAIL_AHEAD = card({(2, 3): p(E.ENEMY_TAIL)}, description="bite")

OPEN = TAIL_ABOVE  # A (0) at (3,3) moves up, right or left; B's tail is right above it



# --- valid everywhere ---------------------------------------------------------------------------


def test_a_blank_card_makes_every_later_card_unreachable_and_names_them() -> None:
    warnings = analyse_program(program(TAIL_AHEAD, Card(), TAIL_AHEAD, card({(1, 3): p(E.EMPTY)})))
    (always,) = [w for w in warnings if w.kind is WarningKind.ALWAYS_VALID]
    assert (always.card, always.cards) == (1, (2, 3))
    assert str(always) == ("card 2: valid for every possible move in every position (it has no patterns): it decides "
                           "every choice, so cards 3 and 4 can never decide")
    assert not [w for w in warnings if w.card > 1 and w.kind in (WarningKind.EQUAL, WarningKind.SHADOWED)]


def test_a_blank_last_card_is_a_fallback_not_a_warning() -> None:
    assert analyse_program(program(TAIL_AHEAD, Card())) == []


def test_patterns_that_always_match_make_a_card_valid_everywhere() -> None:
    ahead_passable = card({(2, 3): p(SetRef(0))})  # the cell moved to is always empty or a tail
    neck = card({(3, 2): p(SetRef(1), OR1), (4, 3): p(SetRef(1), OR1), (3, 4): p(SetRef(1), OR1)})
    for first in (ahead_passable, neck):
        warnings = analyse_program(program(first, TAIL_AHEAD, sets=(PASSABLE, MINE)))
        assert kinds(warnings) == [(WarningKind.ALWAYS_VALID, 0)], warnings
        assert "its patterns match in every such position" in warnings[0].message


def test_two_of_the_neck_cells_still_cover_every_neck_through_the_mirror_image() -> None:
    beside_and_behind = card({(3, 2): p(SetRef(0), OR1), (4, 3): p(SetRef(0), OR1)})
    assert kinds(analyse_program(program(beside_and_behind, TAIL_AHEAD, sets=(MINE,)))) == [(WarningKind.ALWAYS_VALID, 0)]


def test_the_cell_behind_alone_does_not_cover_a_neck_beside_the_head() -> None:
    behind = card({(4, 3): p(SetRef(0), OR1)})
    prog = program(behind, TAIL_AHEAD, sets=(MINE,))
    assert WarningKind.ALWAYS_VALID not in [w.kind for w in analyse_program(prog)]
    # A's neck to the right of its head: moving up, neither variant sees A's own cell behind.
    bent = position_from_text("7x7\n.......\n.......\n.......\n...Aa..\n....a..\n.......\n.......\n")
    assert not any(c.valid for c in variant_checks(prog, behind, bent, 0) if c.direction is UP)


# --- never valid --------------------------------------------------------------------------------


def _never(cells: dict[tuple[int, int], Pattern], sets: tuple[ElementSet, ...] = ()) -> ProgramWarning:
    warnings = analyse_program(program(card(cells), TAIL_AHEAD, sets=sets))
    (never,) = [w for w in warnings if w.kind is WarningKind.NEVER_VALID]
    assert never.card == 0 and never.proved
    return never


def test_two_cells_that_must_both_be_the_own_tail() -> None:
    never = _never({(1, 3): p(E.OWN_TAIL), (3, 1): p(E.OWN_TAIL)})
    assert str(never) == ("card 1: can never be valid: and1 can never match: cell (row 1, col 3) and cell (row 3, col 1) "
                          "must all be the snake's own tail, and it has one")


def test_more_rival_heads_than_there_can_be_rivals() -> None:
    never = _never({cell: p(E.ENEMY_HEAD) for cell in ((0, 0), (0, 6), (6, 0), (6, 6))})
    assert "must all be rival heads, and there are at most 3 rivals" in never.message


def test_a_not_that_leaves_nothing_the_cell_can_show() -> None:
    never = _never({(2, 3): p(SetRef(0), negate=True)}, sets=(PASSABLE,))
    assert ("cell (row 2, col 3) must be border, own_body, enemy_head or enemy_body, but the cell the head moves to is "
            "always empty or a tail") in never.message


def test_own_body_cells_that_cannot_belong_to_the_snakes_body() -> None:
    never = _never({(1, 1): p(E.OWN_BODY), (0, 1): p(E.EMPTY), (1, 0): p(E.EMPTY), (1, 2): p(E.ENEMY_BODY)})
    assert "cell (row 1, col 1) must be own_body, but a body segment lies between two cells of its own snake" in never.message


def test_a_border_cell_between_the_head_and_a_cell_inside_the_field() -> None:
    never = _never({(1, 3): p(E.BORDER), (0, 3): p(E.EMPTY)})
    assert ("cell (row 1, col 3) must be outside the field, but the field reaches cell (row 0, col 3) around it"
            in never.message)


def test_no_neck_beside_or_behind_the_head() -> None:
    never = _never({(3, 2): p(E.EMPTY), (4, 3): p(E.ENEMY_BODY), (3, 4): p(E.BORDER)})
    assert "is always the snake's own body or tail, and none can be" in never.message


def test_an_or_group_none_of_whose_cells_can_match() -> None:
    never = _never({(2, 3): p(E.OWN_BODY, OR1), (1, 3): p(E.EMPTY)})
    assert never.message.startswith("can never be valid: or1 can never match: cell (row 2, col 3) must be own_body")


def test_and_and_or_groups_that_can_match_only_apart() -> None:
    never = _never({(1, 3): p(E.OWN_TAIL), (5, 5): p(E.OWN_TAIL, OR1), (5, 6): p(E.OWN_TAIL, OR1)})
    assert never.message == ("can never be valid: and1 at (row 1, col 3) and or1 each need the snake's own tail, "
                             "and it has one")
    never = _never({(1, 3): p(E.BORDER), (0, 3): p(E.EMPTY, OR1), (0, 2): p(E.EMPTY, OR1)})
    assert never.message == "can never be valid: no position satisfies and1 and or1 together"


def test_or_groups_that_each_need_a_rival_head() -> None:
    groups = [Group(GroupKind.OR, n) for n in (1, 2, 3, 4)]
    cells = {(row, col): p(E.ENEMY_HEAD, groups[col % 4]) for row in (0, 6) for col in range(7)}
    never = _never(cells)
    assert never.message == ("can never be valid: or1, or2, or3 and or4 each need a rival head, and there are at "
                             "most 3 rivals")


# A coiled round to the left of its head: head (3,3), tail (3,1) two cells above it.
COILED = position_from_text("6x6\n......\n.aaa..\n.a....\n.a.A..\n.aaa..\n......\n")
THREE_HEADS = position_from_text("7x7\nBb...cC\n.......\n.......\n...A...\n...a...\n.......\nDd.....\n")
TOP_EDGE = position_from_text("5x4\n.....\n..A..\n..a..\n.....\n")


def test_the_same_rules_at_their_limits_claim_nothing_and_a_position_bears_them_out() -> None:
    fine = [
        ({(1, 3): p(E.OWN_TAIL), (3, 1): p(E.OWN_BODY)}, COILED),
        ({cell: p(E.ENEMY_HEAD) for cell in ((0, 0), (0, 6), (6, 0))}, THREE_HEADS),
        ({(1, 1): p(E.OWN_BODY), (0, 1): p(E.EMPTY), (1, 0): p(E.EMPTY)}, COILED),
        ({(1, 3): p(E.BORDER), (2, 2): p(E.EMPTY)}, TOP_EDGE),
    ]
    for cells, position in fine:
        prog = program(card(cells), TAIL_AHEAD)
        assert analyse_program(prog) == [], cells
        assert any(c.valid for c in variant_checks(prog, prog.cards[0], position, 0)), cells


# --- a dead AND group ---------------------------------------------------------------------------


def test_an_and_group_that_can_never_match_while_another_can() -> None:
    cells = {(2, 3): p(E.ENEMY_TAIL), (1, 1): p(E.OWN_TAIL, AND2), (1, 5): p(E.OWN_TAIL, AND2)}
    warnings = analyse_program(program(card(cells), card({(1, 3): p(E.EMPTY)})))
    (dead,) = [w for w in warnings if w.kind is WarningKind.DEAD_GROUP]
    assert dead.card == 0 and dead.cells == ((1, 1), (1, 5))
    assert dead.message.startswith("and2 can never match (")
    assert dead.message.endswith("); the card only works through and1")


# --- equal, shadowed ----------------------------------------------------------------------------


def test_a_card_equal_to_an_earlier_one_up_to_its_variants() -> None:
    front_left = card({(2, 2): p(E.ENEMY_TAIL)})
    front_left_facing_right = card({(2, 4): p(E.ENEMY_TAIL)}, facing=RIGHT)
    front_right = card({(2, 4): p(E.ENEMY_TAIL)})
    warnings = analyse_program(program(front_left, front_left_facing_right, front_right, front_left, Card()))
    equal = [w for w in warnings if w.kind is WarningKind.EQUAL]
    assert [(w.card, w.cards) for w in equal] == [(1, (0,)), (2, (0,)), (3, (0,))]
    assert "is card 1 turned or mirrored" in equal[0].message and "is card 1 again" in equal[2].message
    assert "is card 1 turned or mirrored" in equal[1].message


def test_a_card_shadowed_by_earlier_cards_is_proved_so() -> None:
    tail_ahead_or_beyond = card({(2, 3): p(E.ENEMY_TAIL, OR1), (1, 3): p(E.ENEMY_TAIL, OR1)})
    head_beside = card({(2, 2): p(E.ENEMY_HEAD)})
    narrower = card({(2, 3): p(E.ENEMY_TAIL), (1, 2): p(E.EMPTY),  # implies card 1
                     (2, 4): p(E.ENEMY_HEAD, AND2), (0, 0): p(E.BORDER, AND2)})  # implies card 2 (mirrored)
    warnings = analyse_program(program(tail_ahead_or_beyond, head_beside, narrower, Card()))
    (shadowed,) = [w for w in warnings if w.kind is WarningKind.SHADOWED]
    assert (shadowed.card, shadowed.cards, shadowed.proved) == (2, (0, 1), True)
    assert str(shadowed) == ("card 3: never decides (proved): wherever it is valid, cards 1 and 2 before it are valid "
                             "for the same move")


def test_a_card_valid_where_the_earlier_one_is_not_is_not_shadowed() -> None:
    wider = card({(2, 3): p(E.ENEMY_TAIL, OR1), (2, 2): p(E.ENEMY_TAIL, OR1)})
    assert analyse_program(program(TAIL_AHEAD, wider, Card())) == []


def test_a_card_never_decided_in_the_samples_is_a_weaker_warning_saying_so() -> None:
    empty_ahead = card({(2, 3): p(E.EMPTY, OR1)})
    tail_ahead = card({(2, 3): p(E.ENEMY_TAIL, OR1)})
    prog = program(empty_ahead, tail_ahead)
    # A's head (3,3): B's tail above it, empty cells left and right: both cards valid, card 1 first.
    samples: list[tuple[Position, int]] = [(OPEN, 0)] * 3
    warnings = analyse_program(prog, samples, "from the test's positions")
    (weak,) = [w for w in warnings if w.kind is WarningKind.NEVER_DECIDED]
    assert (weak.card, weak.cards, weak.proved) == (1, (0,), False)
    assert str(weak) == ("card 2: never decided in 3 sampled positions from the test's positions (no test of the program "
                         "asks it to choose) (observed, not proved): it was valid in 3 of them, but card 1 decided first")
    assert analyse_program(prog) == []  # without samples there is nothing to observe


# --- weights that never change the choice ---------------------------------------------------------


def test_weights_every_valid_variant_matches_never_change_the_choice() -> None:
    mixed = card({(1, 3): p(E.EMPTY), (0, 2): p(E.ENEMY_TAIL, OR1), (0, 4): p(E.ENEMY_TAIL, OR1)})
    warnings = analyse_program(program(mixed, Card()))
    (idle,) = [w for w in warnings if w.kind is WarningKind.IDLE_WEIGHT]
    assert (idle.card, idle.cells) == (0, ((1, 3),))
    assert str(idle) == ("card 1: the weight of (row 1, col 3) never changes the choice: every valid variant matches it, "
                         "so every valid move scores it alike")


def test_a_pattern_that_never_matches_in_a_valid_variant() -> None:
    cells = {(2, 3): p(E.OWN_BODY, OR1), (1, 3): p(E.ENEMY_TAIL, OR1), (0, 0): p(E.EMPTY, OR1)}
    warnings = analyse_program(program(card(cells), Card()))
    (idle,) = [w for w in warnings if w.kind is WarningKind.IDLE_WEIGHT]
    assert idle.cells == ((2, 3),)
    assert idle.message == "(row 2, col 3) can never match in a valid variant, so its weight never counts"


def test_a_card_whose_weights_are_all_constant_is_not_flagged() -> None:
    # One AND group: every valid move scores the same, so its choice is a draw; that is by design.
    assert analyse_program(program(card({(2, 3): p(E.ENEMY_TAIL), (1, 3): p(E.EMPTY)}), Card())) == []


def test_a_program_with_errors_gets_no_warnings_until_they_are_mended() -> None:
    broken = program(Card(), card({(2, 3): p(SetRef(2))}))  # set3 does not exist
    assert analyse_program(broken) == []
