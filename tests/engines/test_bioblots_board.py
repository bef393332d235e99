"""The Bio-blots board: generation from a seed with the spec's proportions, and the board file
(the lines a bot reads first, and the ``--board FILE`` format) with FILE:LINE:COLUMN errors."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.bioblots import (
    NEUTRALISED,
    SIZE,
    Board,
    Substance,
    TextError,
    board_from_text,
    board_lines,
    board_to_text,
    generate_board,
    opening_lines,
    substance_counts,
)

ROW = "3822228825522381D23DD5D3DD"  # the original's first row


def counts(board: Board) -> Counter[int]:
    return Counter(board.values)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3])
def test_generated_board_has_five_percent_uranium_and_the_rest_shared_evenly(seed: int) -> None:
    found = counts(generate_board(random.Random(seed)))
    assert found[Substance.URANIUM] == 34  # round(0.05 * 676) = round(33.8)
    others = [found[s] for s in Substance if s is not Substance.URANIUM]
    assert sorted(others) == [128, 128, 128, 129, 129]  # 676 - 34 = 642 = 5 × 128 + 2
    assert NEUTRALISED not in found


def test_generation_is_deterministic_per_seed_and_differs_between_seeds() -> None:
    a, b, c = (generate_board(random.Random(s)) for s in (5, 5, 6))
    assert a == b
    assert a != c
    assert substance_counts(random.Random(5)) == substance_counts(random.Random(5))


def test_generation_uses_only_the_given_generator() -> None:
    random.seed(1)
    first = generate_board(random.Random(9))
    random.seed(2)  # the global generator must not matter
    assert generate_board(random.Random(9)) == first


def test_board_text_round_trips_and_is_what_the_bot_reads() -> None:
    board = generate_board(random.Random(3))
    text = board_to_text(board)
    assert board_from_text(text) == board
    lines = text.splitlines()
    assert len(lines) == SIZE and all(len(line) == SIZE for line in lines)
    assert set("".join(lines)) <= set("12358D")
    assert opening_lines(board, 1) == [*lines, "1"]
    assert opening_lines(board, 0)[-1] == "0"
    assert board_lines(board) == lines


def test_reader_accepts_crlf_and_blank_lines_at_the_end() -> None:
    board = generate_board(random.Random(4))
    assert board_from_text(board_to_text(board).replace("\n", "\r\n") + "\r\n\r\n") == board
    assert board_from_text(board_to_text(board).rstrip("\n")) == board


def test_board_values_and_neutralise() -> None:
    board = board_from_text((ROW + "\n") * SIZE)
    assert board.at((0, 16)) == 13 and board.substance((0, 16)) is Substance.URANIUM
    assert board.at((5, 1)) == 8
    after = board.neutralise({(0, 16), (5, 1)})
    assert after.at((0, 16)) == NEUTRALISED and after.substance((5, 1)) is None
    assert after.remaining() == SIZE * SIZE - 2 and board.remaining() == SIZE * SIZE
    assert after.row_text(0) == ROW[:16] + "." + ROW[17:]


def _rows(**changes: str) -> str:
    rows = [ROW] * SIZE
    for key, row in changes.items():
        rows[int(key[1:]) - 1] = row
    return "\n".join(rows) + "\n"


BAD_BOARDS = [
    # name, text, message fragment with the place
    ("empty", "", "b.txt:1: the file is empty"),
    ("unknown substance", _rows(r3=ROW[:6] + "4" + ROW[7:]), "b.txt:3:7: unknown substance '4' (expected one of 1 2 3 5 8 D)"),
    ("lowercase uranium", _rows(r26="d" + ROW[1:]), "b.txt:26:1: unknown substance 'd'"),
    ("short row", _rows(r2=ROW[:25]), "b.txt:2:26: row 2 has 25 characters, expected 26"),
    ("long row", _rows(r4=ROW + "1"), "b.txt:4:27: row 4 has 27 characters, expected 26"),
    ("trailing space", _rows(r5=ROW + " "), "b.txt:5:27: row 5 has 27 characters"),
    ("blank line inside", _rows(r9=""), "b.txt:9:1: row 9 has 0 characters"),
    ("too few rows", "\n".join([ROW] * 25) + "\n", "b.txt:26: the board has 25 rows, expected 26: the file ends early"),
    ("too many rows", "\n".join([ROW] * 27) + "\n", "b.txt:27:1: unexpected text after the 26 board rows"),
    # the first line with text is named, not the blank ones before it
    ("text after a blank line", "\n".join([ROW] * 26) + "\n\nxyz\n", "b.txt:28:1: unexpected text after the 26 board rows: 'xyz'"),
    ("indented text after blank lines", "\n".join([ROW] * 26) + "\n\r\n \n  xyz \n\n",
     "b.txt:29:3: unexpected text after the 26 board rows: 'xyz'"),
    ("only spaces after the rows", "\n".join([ROW] * 26) + "\n  \n", "b.txt:27:1: unexpected text after the 26 board rows: '  '"),
]


@pytest.mark.parametrize(("name", "text", "message"), BAD_BOARDS, ids=[c[0] for c in BAD_BOARDS])
def test_bad_board_files_name_file_line_and_column(name: str, text: str, message: str) -> None:
    with pytest.raises(TextError) as caught:
        board_from_text(text, where="b.txt")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_board_rejects_bad_values() -> None:
    with pytest.raises(ValueError, match="676 cells"):
        Board((1,) * 10)
    with pytest.raises(ValueError, match="holds 4"):
        Board((4,) * (SIZE * SIZE))
