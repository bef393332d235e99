"""Playfield files: the original maps load and play, texts round-trip with every line end, and
bad maps are rejected with the line and column of the problem."""

from __future__ import annotations

import random
from pathlib import Path
from textwrap import dedent

import pytest

from engines.worms import (
    Direction,
    Item,
    LineEnd,
    PlayfieldError,
    StateError,
    Turn,
    Worm,
    WormsState,
    play_round,
    playfield_from_text,
    playfield_to_text,
)

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "samples" / "worms" / "redbot-2012"
SHARED_MAPS = ROOT.parent / "shared" / "data" / "worms-maps"
ORIGINALS = ["chess-horse", "city-plan", "stripes", "versailes"]
UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT


def original(name: str) -> str:
    return (MAPS / f"{name}.txt").read_text(encoding="ascii")


VALID = dedent("""\
    0 10 5
    8 6
    3 1 2 1 0 0 0
    5 3 5 4 4 1 2
    1 4 1 3 999999999 0 3
    6 4 6 3 0 0 0
    ########
    # bb . #
    # *  + #
    #q   hy#
    #q   hy#
    ########
    """)


# --- the original contest's maps -----------------------------------------------------------------


@pytest.mark.parametrize("name", ORIGINALS)
def test_the_copies_of_the_original_maps_are_unchanged(name: str) -> None:
    shared = SHARED_MAPS / f"{name}.txt"
    if not shared.exists():
        pytest.skip(f"no shared data folder next to the project ({SHARED_MAPS})")
    assert original(name) == shared.read_text(encoding="ascii")


@pytest.mark.parametrize("name", ORIGINALS)
def test_original_maps_round_trip_byte_for_byte(name: str) -> None:
    text = original(name)
    assert playfield_to_text(playfield_from_text(text)) == text


@pytest.mark.parametrize(
    ("name", "header", "size", "worms"),
    [
        ("chess-horse", (0, 2000, 150), (40, 40),
         [((1, 2), (1, 1), DOWN), ((37, 1), (38, 1), LEFT), ((38, 37), (38, 38), UP), ((2, 38), (1, 38), RIGHT)]),
        ("city-plan", (0, 1000, 100), (41, 41),
         [((20, 6), (20, 7), UP), ((34, 20), (33, 20), RIGHT), ((20, 34), (20, 33), DOWN), ((6, 20), (7, 20), LEFT)]),
        ("stripes", (0, 1000, 150), (37, 37),
         [((18, 16), (18, 17), UP), ((20, 18), (19, 18), RIGHT), ((18, 20), (18, 19), DOWN), ((16, 18), (17, 18), LEFT)]),
        ("versailes", (0, 500, 50), (30, 30),
         [((2, 1), (1, 1), RIGHT), ((28, 2), (28, 1), DOWN), ((27, 28), (28, 28), LEFT), ((1, 27), (1, 28), UP)]),
    ],
)
def test_original_maps_read_as_written(name: str, header: tuple[int, int, int], size: tuple[int, int],
                                       worms: list[tuple[tuple[int, int], tuple[int, int], Direction]]) -> None:
    state = playfield_from_text(original(name))
    assert (state.round, state.max_rounds, state.flowers_left) == header
    assert (state.width, state.height) == size
    for worm, (head, tail, direction) in zip(state.worms, worms):
        assert worm.cells == (head, tail)
        assert worm.direction is direction
        assert (worm.frozen, worm.bonus, worm.points, worm.alive) == (0, 0, 0, True)


def test_versailes_items_counted_by_hand() -> None:
    items = list(playfield_from_text(original("versailes")).items.values())
    assert (items.count(Item.FLOWER), items.count(Item.ICE), items.count(Item.BONUS)) == (20, 4, 4)


def _careful_random(state: WormsState, worm: int, rng: random.Random) -> Turn:
    """A random move that does not run straight into something, when there is one."""
    w = state.worms[worm]
    safe = [t for t in Turn if state.owner(c := w.direction.turned(t.quarters).step(w.head)) is None and c not in state.walls]
    return rng.choice(safe) if safe else Turn.STRAIGHT


def _play(text: str, seed: int, rounds: int) -> tuple[WormsState, list[str]]:
    state = playfield_from_text(text)
    rules_rng, bots_rng = random.Random(seed), random.Random(seed + 1)
    texts = []
    while not state.over and state.round < rounds:
        moves = [_careful_random(state, i, bots_rng) for i in range(4)]
        state = play_round(state, moves, rules_rng).state
        texts.append(playfield_to_text(state))
    return state, texts


@pytest.mark.parametrize("name", ORIGINALS)
def test_original_maps_play_hundreds_of_rounds(name: str) -> None:
    state, texts = _play(original(name), seed=7, rounds=300)
    assert state.round >= 150 or state.over
    for text in texts[::25]:  # every written playfield reads back as the same state
        assert playfield_to_text(playfield_from_text(text)) == text
    eaten = playfield_from_text(original(name)).flowers_left - state.flowers_left
    assert eaten > 0
    again, texts_again = _play(original(name), seed=7, rounds=300)
    assert texts_again == texts  # the seed and the moves decide everything


# --- line ends -----------------------------------------------------------------------------------


@pytest.mark.parametrize("line_end", list(LineEnd))
def test_every_line_end_writes_and_reads_back(line_end: LineEnd) -> None:
    state = playfield_from_text(VALID)
    text = playfield_to_text(state, line_end)
    assert text.count(line_end.value) == 12
    assert text == VALID.replace("\n", line_end.value)
    assert playfield_from_text(text) == state


def test_mixed_line_ends_and_no_final_line_end_are_read() -> None:
    lines = VALID.splitlines()
    mixed = "\r\n".join(lines[:4]) + "\r" + "\r".join(lines[4:8]) + "\n" + "\n".join(lines[8:])
    assert playfield_from_text(mixed) == playfield_from_text(VALID)


def test_dead_worms_are_written_with_the_dead_marker() -> None:
    state = playfield_from_text(VALID)
    assert [w.alive for w in state.worms] == [True, True, False, True]
    assert state.worms[2].frozen == 0
    assert playfield_to_text(state).splitlines()[4] == "1 4 1 3 999999999 0 3"


def test_reading_gives_the_whole_state() -> None:
    state = playfield_from_text(VALID)
    assert state.worms[1] == Worm(((5, 3), (5, 4)), UP, frozen=4, bonus=1, points=2)
    assert state.items == {(5, 1): Item.FLOWER, (2, 2): Item.ICE, (5, 2): Item.BONUS}
    assert len(state.walls) == 2 * 8 + 2 * 4
    assert state.movers() == (0, 3)


# --- bad maps ------------------------------------------------------------------------------------


def _edit(line: int, new: str) -> str:
    lines = VALID.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


BAD = [
    ("empty file", "", 1, None, "expected 3 whole numbers"),
    ("two numbers on line 1", _edit(1, "0 10"), 1, None, "expected 3 whole numbers"),
    ("a word for a number", _edit(1, "0 ten 5"), 1, None, "'0 ten 5'"),
    ("a negative number", _edit(3, "3 1 2 1 -1 0 0"), 3, None, "worm 0"),
    ("a board too narrow", _edit(2, "2 6"), 2, None, "width 2 is out of range"),
    ("six numbers for a worm", _edit(4, "5 3 5 4 4 1"), 4, None, "expected 7 whole numbers"),
    ("a head outside the board", _edit(3, "9 1 2 1 0 0 0"), 3, None, "worm 0's head [9, 1] is outside the 8x6 board"),
    ("a row too short", _edit(8, "# bb . "), 8, None, "board row y=1 has 7 characters, expected 8"),
    ("a row too long", _edit(9, "# *  +  #"), 9, None, "board row y=2 has 9 characters, expected 8"),
    ("missing rows", "\n".join(VALID.split("\n")[:10]) + "\n", 11, None, "the board has 4 rows, expected 6"),
    ("text after the board", VALID + "trailing\n", 13, None, "unexpected text after the 6 board rows"),
    ("an unknown character", _edit(9, "# *Q + #"), 9, 4, "unknown character 'Q' at cell [3, 2]"),
    ("a tab", _edit(9, "# *\t + #"), 9, 4, "unknown character '\\t'"),
    ("an open border", _edit(9, "  *  + #"), 9, 1, "the border is open at cell [0, 2]"),
    ("a worm on the border", _edit(12, "#####y##"), 12, 6, "the border is open at cell [5, 5]"),
    ("a head on an empty cell", _edit(3, "4 1 2 1 0 0 0"), 8, 5, "worm 0's head [4, 1] (line 3) holds ' '"),
    ("a tail on another worm", _edit(3, "3 1 1 3 0 0 0"), 10, 2, "worm 0's tail [1, 3] (line 3) holds 'q'"),
    ("a letter pointing off the worm", _edit(8, "# ab . #"), 8, 3,
     "segment 'a' at [2, 1] points up to [2, 0], which holds '#'"),
    ("a head facing back into its neck", _edit(8, "# bd . #"), 8, 4,
     "worm 0's head [3, 1] (line 3) faces left, back into its own neck [2, 1]"),
    ("a stray segment", _edit(9, "# *  +b#"), 9, 7, "segment 'b' of worm 0 at [6, 2] is not on the chain"),
    ("a letter of another worm in the chain", _edit(3, "4 1 2 1 0 0 0").replace("# bb . #", "# bhb. #"), 8, 3,
     "points right to [3, 1], which holds 'h', not a segment of worm 0"),
]


@pytest.mark.parametrize(("name", "text", "line", "column", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_maps_say_where(name: str, text: str, line: int, column: int | None, message: str) -> None:
    with pytest.raises(PlayfieldError) as info:
        playfield_from_text(text)
    error = info.value
    assert (error.line, error.column) == (line, column)
    assert message in str(error)
    assert str(error).startswith(f"line {line}, column {column}: " if column else f"line {line}: ")


def test_a_chain_that_loops_never_reaching_its_head() -> None:
    text = dedent("""\
        0 10 5
        8 6
        5 1 2 1 0 0 0
        5 3 5 4 0 0 0
        1 4 1 3 999999999 0 0
        6 4 6 3 999999999 0 0
        ########
        # bc b #
        # ad   #
        #q   hy#
        #q   hy#
        ########
        """)
    with pytest.raises(PlayfieldError, match=r"line 9, column 3: worm 0: segment 'a' at \[2, 2\] points up back into its own chain"):
        playfield_from_text(text)


def test_a_one_cell_worm_is_read_as_head_and_tail_in_one() -> None:
    state = playfield_from_text(_edit(3, "3 1 3 1 0 0 0").replace("# bb . #", "#  b . #"))
    assert state.worms[0].cells == ((3, 1),)


def test_states_check_themselves() -> None:
    state = playfield_from_text(VALID)
    with pytest.raises(StateError, match=r"worm 1: segment \[3, 1\] overlaps worm 0"):
        WormsState(8, 6, state.walls, {}, (state.worms[0], Worm(((3, 1), (3, 2)), UP), *state.worms[2:]))
    with pytest.raises(StateError, match=r"border cell \[0, 0\] is not a wall"):
        WormsState(8, 6, state.walls - {(0, 0)}, {}, state.worms)
    with pytest.raises(StateError, match=r"worm 0: its head \[3, 1\] faces left, back into its own neck"):
        WormsState(8, 6, state.walls, {}, (Worm(((3, 1), (2, 1)), LEFT), *state.worms[1:]))
    with pytest.raises(StateError, match=r"not edge neighbours"):
        WormsState(8, 6, state.walls, {}, (Worm(((3, 1), (2, 2)), UP), *state.worms[1:]))
    with pytest.raises(StateError, match=r"worm 0: segment \[3, 1\] is on an item"):
        WormsState(8, 6, state.walls, {(3, 1): Item.ICE}, state.worms)
    with pytest.raises(StateError, match=r"item at \[0, 0\] is on a wall"):
        WormsState(8, 6, state.walls, {(0, 0): Item.ICE}, state.worms)
