"""ProgramDocument: every edit is one undoable step (paint strokes merge), the undo stack's clean
state is the dirty flag, signals fire when something changed and only then, and the derived
problems / compiled program / test results follow every edit."""

from __future__ import annotations

from pathlib import Path

import pytest

import editor.widgets  # noqa: F401  (applies the PySide6 6.12.0 None-refcount guard first)
from editor.document import Brush, ProgramDocument, new_stroke_id
from engines.snake import Direction, Element, position_from_text
from matcher import ProgramError
from matcher import editing as ed
from matcher.fileformat import load_program, save_program
from matcher.model import AND1, ElementSet, Group, GroupKind, Pattern, Program, ProgramTest, SetRef
from pytestqt.qtbot import QtBot
from collections.abc import Callable, Iterable
from matcher import Card

TAIL = Pattern(Element.ENEMY_TAIL)
EMPTY = Pattern(Element.EMPTY)
OR2 = Group(GroupKind.OR, 2)
RIVALS = frozenset({Element.ENEMY_HEAD, Element.ENEMY_BODY, Element.ENEMY_TAIL})

# Snake a (0) at (3,3) with its body below; snake b's tail sits right above a's head. a may go
# up (bite), right or left. A blank card finds all three equal; a card asking for an enemy
# tail ahead picks up only.
BITE = position_from_text(
    """
    7x7
    .......
    .......
    ...bbB.
    ...A...
    ...a...
    ...a...
    .......
    """
)
BITE_TEST = ProgramTest("bite the tail ahead", BITE, 0, frozenset({Direction.UP}))
AHEAD = (2, 3)


@pytest.fixture
def doc(qtbot: QtBot) -> ProgramDocument:
    return ProgramDocument(Program())


def paint(cells: Iterable[tuple[int, int]], pattern: Pattern = TAIL) -> Callable[[Card], Card]:
    return lambda card: ed.paint(card, cells, pattern)


def cells_of(document: ProgramDocument, card: int | None = None) -> dict[tuple[int, int], Pattern]:
    index = document.current_card if card is None else card
    return dict(document.program.cards[index].cells)


# --- undo / redo of each kind of edit ------------------------------------------------------


def test_one_stroke_over_many_cells_is_one_undo_step(doc: ProgramDocument) -> None:
    stroke = new_stroke_id()
    for cell in [(0, 0), (0, 1), (0, 2), (1, 2)]:
        assert doc.edit_card(paint([cell]), "Paint", merge_key=stroke)
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.text(0) == "Paint"  # the undo history view lists the stroke once
    assert set(cells_of(doc)) == {(0, 0), (0, 1), (0, 2), (1, 2)}
    doc.undo_stack.undo()
    assert cells_of(doc) == {}
    doc.undo_stack.redo()
    assert set(cells_of(doc)) == {(0, 0), (0, 1), (0, 2), (1, 2)}


def test_two_strokes_are_two_undo_steps_and_plain_edits_never_merge(doc: ProgramDocument) -> None:
    first, second = new_stroke_id(), new_stroke_id()
    assert first != second
    doc.edit_card(paint([(0, 0)]), "Paint", merge_key=first)
    doc.edit_card(paint([(0, 1)]), "Paint", merge_key=first)
    doc.edit_card(paint([(5, 5)], EMPTY), "Paint", merge_key=second)
    doc.edit_card(lambda c: ed.turn_head(c), "Turn head")
    doc.edit_card(lambda c: ed.turn_head(c), "Turn head")
    assert doc.undo_stack.count() == 4
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.card.head.facing is Direction.UP
    doc.undo_stack.undo()
    assert set(cells_of(doc)) == {(0, 0), (0, 1)}
    doc.undo_stack.undo()
    assert cells_of(doc) == {}


def test_a_stroke_that_changes_nothing_pushes_nothing(doc: ProgramDocument) -> None:
    doc.edit_card(paint([(0, 0)]), "Paint")
    count = doc.undo_stack.count()
    assert not doc.edit_card(paint([(0, 0)]), "Paint")  # same pattern again
    assert not doc.edit_card(paint([doc.card.head.cell]), "Paint")  # the head's cell is skipped
    assert doc.undo_stack.count() == count


@pytest.mark.parametrize(
    "change, check",
    [
        (lambda c: ed.clear(c, [(2, 2), (4, 4)]), lambda c: c.cells == {}),
        (lambda c: ed.move_head(c, (6, 0)), lambda c: c.head.cell == (6, 0)),
        (lambda c: ed.turn_head(c, -1), lambda c: c.head.facing is Direction.LEFT),
        (lambda c: ed.face_head(c, Direction.DOWN), lambda c: c.head.facing is Direction.DOWN),
        (lambda c: ed.describe_card(c, "bite"), lambda c: c.description == "bite"),
    ],
    ids=["clear", "move_head", "turn_head", "face_head", "describe"],
)
def test_card_edits_undo_and_redo(doc: ProgramDocument, change: Callable[[Card], Card], check: Callable[[Card], bool]) -> None:
    doc.edit_card(paint([(2, 2)]), "Paint")
    before = doc.program
    assert doc.edit_card(change, "Edit")
    after = doc.program
    assert check(doc.card) and after != before
    doc.undo_stack.undo()
    assert doc.program == before
    doc.undo_stack.redo()
    assert doc.program == after


def test_moving_the_head_onto_a_pattern_swaps_them_and_undo_swaps_back(doc: ProgramDocument) -> None:
    doc.edit_card(paint([(2, 3)]), "Paint")
    doc.edit_card(lambda c: ed.move_head(c, (2, 3)), "Move head")
    assert doc.card.head.cell == (2, 3)
    assert cells_of(doc) == {(3, 3): TAIL}
    doc.undo_stack.undo()
    assert doc.card.head.cell == (3, 3)
    assert cells_of(doc) == {(2, 3): TAIL}


def test_card_add_duplicate_remove_move_show_the_card_and_undo_shows_the_one_before(doc: ProgramDocument, qtbot: QtBot) -> None:
    doc.edit_card(paint([(0, 0)]), "Paint")
    with qtbot.waitSignal(doc.currentCardChanged, check_params_cb=lambda i: i == 1):
        doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    assert len(doc.program.cards) == 2 and doc.current_card == 1
    assert doc.card == ed.new_card()

    doc.set_current_card(0)
    doc.edit(lambda p: ed.duplicate_card(p, 0), "Duplicate card", show_card=1)
    assert doc.current_card == 1 and doc.program.cards[1] == doc.program.cards[0]
    assert len(doc.program.cards) == 3

    doc.edit(lambda p: ed.move_card(p, 0, 2), "Move card", show_card=2)
    assert doc.current_card == 2
    assert doc.program.cards[2].cells == {(0, 0): TAIL}
    assert doc.program.cards[1] == ed.new_card()

    doc.edit(lambda p: ed.remove_card(p, 1), "Delete card", show_card=1)
    assert len(doc.program.cards) == 2 and doc.current_card == 1

    doc.undo_stack.undo()  # delete
    assert len(doc.program.cards) == 3 and doc.current_card == 2
    doc.undo_stack.undo()  # move
    assert doc.program.cards[2] == ed.new_card() and doc.current_card == 1
    doc.undo_stack.undo()  # duplicate: shows card 1 of the two that remain (it was current)
    assert len(doc.program.cards) == 2 and doc.current_card == 0
    doc.undo_stack.undo()  # add
    assert len(doc.program.cards) == 1 and doc.current_card == 0
    assert doc.undo_stack.index() == 1
    for _ in range(4):
        doc.undo_stack.redo()
    assert len(doc.program.cards) == 2 and doc.current_card == 1


def test_current_card_is_clamped_when_an_undo_removes_it(doc: ProgramDocument) -> None:
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    doc.edit(lambda p: ed.insert_card(p, 2), "Add card")  # stays on card 2 of 3
    doc.set_current_card(2)  # the user looks at the new last card
    doc.undo_stack.undo()
    assert len(doc.program.cards) == 2
    assert 0 <= doc.current_card < 2
    assert doc.card is doc.program.cards[doc.current_card]
    doc.undo_stack.undo()
    assert doc.current_card == 0 and len(doc.program.cards) == 1


def test_deleting_the_last_card_while_it_is_shown_clamps(doc: ProgramDocument) -> None:
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    doc.edit(lambda p: ed.remove_card(p, 1), "Delete card")  # no show_card: current 1 is gone
    assert doc.current_card == 0
    assert doc.card == doc.program.cards[0]


def test_set_current_card_clamps_out_of_range_indices(doc: ProgramDocument, qtbot: QtBot) -> None:
    with qtbot.assertNotEmitted(doc.currentCardChanged):
        doc.set_current_card(5)  # one card: stays on 0
        doc.set_current_card(-3)
    assert doc.current_card == 0


def test_limits_raise_edit_error_and_push_nothing(doc: ProgramDocument) -> None:
    for _ in range(8):
        doc.edit(lambda p: ed.insert_card(p, len(p.cards)), "Add card")
    count = doc.undo_stack.count()
    with pytest.raises(ed.EditError, match="at most 9 cards"):
        doc.edit(lambda p: ed.insert_card(p, 0), "Add card")
    for _ in range(4):
        doc.edit(lambda p: ed.add_set(p, "", {Element.EMPTY}), "Add set")
    with pytest.raises(ed.EditError, match="at most 4 user sets"):
        doc.edit(lambda p: ed.add_set(p), "Add set")
    assert doc.undo_stack.count() == count + 4
    assert len(doc.program.cards) == 9 and len(doc.program.sets) == 4


def test_set_edits_undo_and_redo(doc: ProgramDocument) -> None:
    doc.edit(lambda p: ed.add_set(p, "rivals", RIVALS), "Add set")
    doc.edit(lambda p: ed.add_set(p, "walls", {Element.BORDER}), "Add set")
    doc.edit_card(paint([(2, 3)], Pattern(SetRef(1))), "Paint")
    doc.edit_card(paint([(1, 3)], Pattern(SetRef(0), negate=True)), "Paint")
    doc.edit(lambda p: ed.replace_set(p, 0, ElementSet("rivals", RIVALS - {Element.ENEMY_HEAD})), "Edit set")
    assert doc.program.sets[0].elements == {Element.ENEMY_BODY, Element.ENEMY_TAIL}
    doc.edit(lambda p: ed.remove_set(p, 0), "Delete set")
    # the set's pattern went with it and set2 became set1
    assert [s.name for s in doc.program.sets] == ["walls"]
    assert cells_of(doc) == {(2, 3): Pattern(SetRef(0))}

    doc.undo_stack.undo()
    assert [s.name for s in doc.program.sets] == ["rivals", "walls"]
    assert cells_of(doc) == {(2, 3): Pattern(SetRef(1)), (1, 3): Pattern(SetRef(0), negate=True)}
    doc.undo_stack.undo()
    assert doc.program.sets[0].elements == RIVALS
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert [s.name for s in doc.program.sets] == ["walls"]


def test_name_description_and_tests_are_undoable_program_edits(doc: ProgramDocument) -> None:
    from dataclasses import replace

    doc.edit(lambda p: replace(p, name="Biter", description="bites"), "Rename")
    doc.edit(lambda p: ed.add_test(p, BITE_TEST), "Add test")
    doc.edit(lambda p: ed.replace_test(p, 0, replace(BITE_TEST, name="renamed")), "Rename test")
    assert doc.program.tests[0].name == "renamed"
    doc.edit(lambda p: ed.remove_test(p, 0), "Delete test")
    assert doc.program.tests == ()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert tuple(doc.program.tests) == (BITE_TEST,)  # tuple(): mypy kept the narrowing to () across the undo
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.program == Program()


# --- the dirty flag is the undo stack's clean state -------------------------------------------


def test_dirty_follows_the_clean_state_through_edit_undo_save_and_redo(doc: ProgramDocument, qtbot: QtBot, tmp_path: Path) -> None:
    seen: list[bool] = []
    doc.dirtyChanged.connect(seen.append)
    assert not doc.dirty
    doc.edit_card(paint([(0, 0)]), "Paint")
    assert doc.dirty
    doc.undo_stack.undo()
    assert not doc.dirty  # back where the file was
    doc.undo_stack.redo()
    assert doc.dirty
    doc.save(tmp_path / "a.snake.json")
    assert not doc.dirty
    doc.edit_card(paint([(0, 1)]), "Paint")
    assert doc.dirty
    doc.undo_stack.undo()
    assert not doc.dirty  # the saved state again
    doc.undo_stack.undo()
    assert doc.dirty  # before the save point is dirty too
    assert seen == [True, False, True, False, True, False, True]


def test_a_merged_stroke_after_save_makes_dirty_once(doc: ProgramDocument, qtbot: QtBot, tmp_path: Path) -> None:
    doc.save(tmp_path / "a.snake.json")
    stroke = new_stroke_id()
    with qtbot.waitSignal(doc.dirtyChanged, check_params_cb=lambda d: d is True):
        doc.edit_card(paint([(0, 0)]), "Paint", merge_key=stroke)
    with qtbot.assertNotEmitted(doc.dirtyChanged):
        doc.edit_card(paint([(0, 1)]), "Paint", merge_key=stroke)
    assert doc.dirty


def test_open_and_new_clear_the_history_and_are_clean(doc: ProgramDocument, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "p.snake.json"
    save_program(path, Program(name="On disk"))
    doc.edit_card(paint([(0, 0)]), "Paint")
    with qtbot.waitSignals([doc.programChanged, doc.pathChanged, doc.currentCardChanged]):
        doc.open(path)
    assert doc.program.name == "On disk"
    assert doc.path == path and doc.display_name() == "p.snake.json"
    assert not doc.dirty and doc.undo_stack.count() == 0
    assert not doc.undo_stack.canUndo()
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    doc.replace_all(Program(), None)
    assert doc.current_card == 0 and doc.path is None and not doc.dirty
    assert doc.display_name() == "Untitled"


def test_new_or_open_announces_that_the_selection_and_the_decided_card_are_gone(doc: ProgramDocument, qtbot: QtBot) -> None:
    """Regression: replace_all dropped the selected cell silently (views kept showing it) and kept
    the decided card of the previous program's explanation."""
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    doc.select_cell((1, 1))
    doc.set_decided_card(1)
    with qtbot.waitSignals(
        [doc.selectedCellChanged, doc.decidedCardChanged],
        check_params_cbs=[lambda c: c is None, lambda c: c is None],
    ):
        doc.replace_all(Program(), None)
    assert doc.selected_cell is None and doc.decided_card is None


def test_a_broken_file_raises_and_leaves_the_document_alone(doc: ProgramDocument, qtbot: QtBot, tmp_path: Path) -> None:
    doc.edit_card(paint([(0, 0)]), "Paint")
    program = doc.program
    bad = tmp_path / "bad.snake.json"
    bad.write_text('{"format": "snake-program/1", "cards": [], "oops": 1}', encoding="utf-8")
    with qtbot.assertNotEmitted(doc.programChanged), pytest.raises(ProgramError, match="bad.snake.json"):
        doc.open(bad)
    assert doc.program is program and doc.dirty and doc.path is None


# --- signals ----------------------------------------------------------------------------------


def test_program_changed_fires_on_edit_undo_redo_and_not_on_a_no_op(doc: ProgramDocument, qtbot: QtBot) -> None:
    with qtbot.waitSignal(doc.programChanged):
        doc.edit_card(paint([(0, 0)]), "Paint")
    with qtbot.assertNotEmitted(doc.programChanged):
        assert not doc.edit_card(paint([(0, 0)]), "Paint")
        assert not doc.edit(lambda p: p, "Nothing")
    with qtbot.waitSignal(doc.programChanged):
        doc.undo_stack.undo()
    with qtbot.waitSignal(doc.programChanged):
        doc.undo_stack.redo()


def test_view_state_is_not_undoable_and_does_not_touch_the_program(doc: ProgramDocument, qtbot: QtBot) -> None:
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card")
    count = doc.undo_stack.count()
    with qtbot.assertNotEmitted(doc.programChanged), qtbot.assertNotEmitted(doc.dirtyChanged):
        doc.set_current_card(1)
        doc.select_cell((1, 1))
        doc.set_brush(Brush(Element.BORDER, True, OR2))
        doc.set_decided_card(1)
    assert doc.undo_stack.count() == count


def test_current_card_changed_only_for_a_different_card(doc: ProgramDocument, qtbot: QtBot) -> None:
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card")
    with qtbot.waitSignal(doc.currentCardChanged, check_params_cb=lambda i: i == 1):
        doc.set_current_card(1)
    with qtbot.assertNotEmitted(doc.currentCardChanged):
        doc.set_current_card(1)


def test_selected_cell_changes_once_and_clears_when_the_card_changes(doc: ProgramDocument, qtbot: QtBot) -> None:
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card")
    with qtbot.waitSignal(doc.selectedCellChanged, check_params_cb=lambda c: c == (1, 2)):
        doc.select_cell((1, 2))
    with qtbot.assertNotEmitted(doc.selectedCellChanged):
        doc.select_cell((1, 2))
    assert doc.selected_cell == (1, 2)
    with qtbot.waitSignal(doc.selectedCellChanged, check_params_cb=lambda c: c is None):
        doc.set_current_card(1)
    assert doc.selected_cell is None


def test_editing_the_selected_cell_keeps_it_selected(doc: ProgramDocument, qtbot: QtBot) -> None:
    """Regression: every edit re-announced the current card and so dropped the selection, so a
    cell clicked "for editing" lost its selection at its first edit (NOT, group, ...)."""
    doc.edit_card(paint([(1, 2)]), "Paint")
    doc.select_cell((1, 2))
    with qtbot.assertNotEmitted(doc.selectedCellChanged):
        doc.edit_card(paint([(1, 2)], Pattern(Element.ENEMY_TAIL, True, OR2)), "Edit pattern")
        doc.edit_card(lambda c: ed.turn_head(c), "Turn head")
        doc.undo_stack.undo()
    assert doc.selected_cell == (1, 2)


def test_an_undo_that_shows_another_card_clears_the_selection(doc: ProgramDocument, qtbot: QtBot) -> None:
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    doc.select_cell((0, 0))
    with qtbot.waitSignal(doc.selectedCellChanged, check_params_cb=lambda c: c is None):
        doc.undo_stack.undo()
    assert doc.current_card == 0 and doc.selected_cell is None


def test_brush_changed_only_when_the_brush_changes(doc: ProgramDocument, qtbot: QtBot) -> None:
    assert doc.brush == Brush() and doc.brush.pattern() == Pattern(Element.EMPTY, False, AND1)
    with qtbot.waitSignal(doc.brushChanged):
        doc.set_brush(Brush(Element.ENEMY_TAIL))
    with qtbot.assertNotEmitted(doc.brushChanged):
        doc.set_brush(Brush(Element.ENEMY_TAIL))
        doc.edit_card(paint([(0, 0)], doc.brush.pattern()), "Paint")
    with qtbot.waitSignal(doc.brushChanged):
        doc.set_brush(Brush(Element.ENEMY_TAIL, negate=True, group=OR2))
    assert doc.brush.pattern() == Pattern(Element.ENEMY_TAIL, True, OR2)


def test_decided_card_changed_only_when_it_changes(doc: ProgramDocument, qtbot: QtBot) -> None:
    with qtbot.waitSignal(doc.decidedCardChanged, check_params_cb=lambda c: c == 0):
        doc.set_decided_card(0)
    with qtbot.assertNotEmitted(doc.decidedCardChanged):
        doc.set_decided_card(0)
    with qtbot.waitSignal(doc.decidedCardChanged, check_params_cb=lambda c: c is None):
        doc.set_decided_card(None)


def test_save_to_the_same_path_does_not_announce_a_path_change(doc: ProgramDocument, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "a.snake.json"
    with qtbot.waitSignal(doc.pathChanged):
        doc.save(path)
    doc.edit_card(paint([(0, 0)]), "Paint")
    with qtbot.assertNotEmitted(doc.pathChanged), qtbot.waitSignal(doc.dirtyChanged):
        doc.save()
    assert doc.path == path


# --- derived state: problems, compiled program, test results -----------------------------


def test_emptying_a_used_set_is_a_problem_at_its_cell_and_nothing_compiles(doc: ProgramDocument) -> None:
    doc.edit(lambda p: ed.add_set(p, "rivals", RIVALS), "Add set")
    doc.edit_card(paint([AHEAD], Pattern(SetRef(0))), "Paint")
    assert doc.problems() == [] and doc.compiled() is not None
    doc.edit(lambda p: ed.replace_set(p, 0, ElementSet("rivals", frozenset())), "Edit set")
    problems = doc.problems()
    at_cell = [p for p in problems if p.cell == AHEAD]
    assert at_cell and at_cell[0].card == 0 and "set1" in at_cell[0].message
    assert any(p.set_index == 0 for p in problems)
    assert doc.compiled() is None
    assert doc.test_results() == []
    doc.undo_stack.undo()
    assert doc.problems() == [] and doc.compiled() is not None


def test_a_program_test_flips_between_fail_and_pass_with_edits(doc: ProgramDocument) -> None:
    doc.edit(lambda p: ed.add_test(p, BITE_TEST), "Add test")
    [result] = doc.test_results()
    assert not result.passed
    assert result.best == {Direction.UP, Direction.RIGHT, Direction.LEFT}
    doc.edit_card(paint([AHEAD]), "Paint")
    [result] = doc.test_results()
    assert result.passed and result.card == 0
    doc.edit_card(paint([AHEAD], Pattern(Element.ENEMY_TAIL, negate=True)), "Edit pattern")
    [result] = doc.test_results()
    assert not result.passed and Direction.UP not in result.best
    doc.undo_stack.undo()
    assert doc.test_results()[0].passed
    doc.undo_stack.undo()
    assert not doc.test_results()[0].passed


def test_derived_state_is_computed_once_per_program(doc: ProgramDocument) -> None:
    doc.edit_card(paint([AHEAD]), "Paint")
    assert doc.compiled() is doc.compiled()
    first = doc.compiled()
    doc.edit_card(lambda c: ed.turn_head(c), "Turn")
    assert doc.compiled() is not first


# --- files ---------------------------------------------------------------------------------


def test_save_then_open_round_trips_and_leaves_no_temporary_files(doc: ProgramDocument, tmp_path: Path) -> None:
    doc.edit(lambda p: ed.add_set(p, "rivals", RIVALS), "Add set")
    doc.edit_card(paint([AHEAD], Pattern(SetRef(0), True, OR2)), "Paint")
    doc.edit_card(lambda c: ed.describe_card(c, "nothing rival ahead"), "Describe")
    doc.edit(lambda p: ed.insert_card(p, 1), "Add card", show_card=1)
    doc.edit_card(lambda c: ed.move_head(c, (6, 3)), "Move head")
    doc.edit(lambda p: ed.add_test(p, BITE_TEST), "Add test")
    program = doc.program
    path = tmp_path / "round.snake.json"
    doc.save(path)
    doc.save()  # overwriting goes through a temporary file too
    assert sorted(p.name for p in tmp_path.iterdir()) == ["round.snake.json"]
    assert load_program(path) == program

    other = ProgramDocument()
    other.open(path)
    assert other.program == program
    assert other.path == path and not other.dirty
    assert other.to_text() == doc.to_text() == path.read_text(encoding="utf-8")


def test_save_without_a_path_refuses(doc: ProgramDocument) -> None:
    with pytest.raises(ValueError, match="no file name"):
        doc.save()


def test_a_failed_save_keeps_the_old_file_and_the_dirty_flag(doc: ProgramDocument, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.snake.json"
    doc.save(path)
    before = path.read_text(encoding="utf-8")
    doc.edit_card(paint([(0, 0)]), "Paint")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("matcher.fileformat.os.replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        doc.save()
    assert doc.dirty
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.snake.json"]


def test_the_document_saves_a_sample_unchanged(qtbot: QtBot, tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[2] / "samples" / "snake" / "tail_biter.snake.json"
    doc = ProgramDocument(load_program(sample), sample)
    assert doc.problems() == [] and all(r.passed for r in doc.test_results())
    doc.save(tmp_path / sample.name)
    assert load_program(tmp_path / sample.name) == load_program(sample)
