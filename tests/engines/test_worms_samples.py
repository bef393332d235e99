"""The worm samples: the project's own maps are valid and symmetric, and every sample bot, run as
a real process the way the referee runs it (``PROGRAM PLAYFIELD_FILE WORM_ID``), answers one
character that avoids death and heads for items."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from textwrap import dedent

import pytest

from engines.worms import Cell, Direction, LineEnd, WormsState, play_round, playfield_from_text, playfield_to_text
from tests.engines.sample_bots import BOT_ENV, SAMPLES as SAMPLE_FOLDERS

SAMPLES = SAMPLE_FOLDERS / "worms"
BOTS = {
    "random_bot.py": [sys.executable, str(SAMPLES / "random_bot.py")],
    "heuristic_bot.py": [sys.executable, str(SAMPLES / "heuristic_bot.py")],
    "greedy.sh": [str(SAMPLES / "greedy.sh")],  # an executable: started directly, its #! line decides
}
ENV = BOT_ENV


def load(name: str) -> WormsState:
    return playfield_from_text((SAMPLES / name).read_text(encoding="ascii"))


# --- maps ----------------------------------------------------------------------------------------

Symmetry = Callable[[Cell, WormsState], Cell]


def _rotate(cell: Cell, s: WormsState) -> Cell:  # a quarter turn clockwise
    return s.width - 1 - cell[1], cell[0]


def _mirror_x(cell: Cell, s: WormsState) -> Cell:
    return s.width - 1 - cell[0], cell[1]


def _mirror_y(cell: Cell, s: WormsState) -> Cell:
    return cell[0], s.height - 1 - cell[1]


def _turn(d: Direction) -> Direction:
    return Direction((d + 1) % 4)


def _flip_x(d: Direction) -> Direction:
    return {Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}.get(d, d)


def _flip_y(d: Direction) -> Direction:
    return {Direction.UP: Direction.DOWN, Direction.DOWN: Direction.UP}.get(d, d)


SYMMETRIES = [
    # map, cell map, direction map, worm i becomes worm ...
    ("pinwheel.txt", _rotate, _turn, (1, 2, 3, 0)),
    ("meadow.txt", _mirror_x, _flip_x, (1, 0, 3, 2)),
    ("meadow.txt", _mirror_y, _flip_y, (3, 2, 1, 0)),
]


@pytest.mark.parametrize(("name", "cells", "directions", "seats"), SYMMETRIES)
def test_sample_maps_are_fair_to_every_seat(name: str, cells: Symmetry, directions: Callable[[Direction], Direction],
                                           seats: tuple[int, ...]) -> None:
    s = load(name)
    if cells is _rotate:
        assert s.width == s.height
    assert {cells(c, s) for c in s.walls} == set(s.walls)
    assert {cells(c, s): item for c, item in s.items.items()} == dict(s.items)
    for i, worm in enumerate(s.worms):
        image = s.worms[seats[i]]
        assert tuple(cells(c, s) for c in worm.cells) == image.cells
        assert directions(worm.direction) is image.direction


@pytest.mark.parametrize("name", ["pinwheel.txt", "meadow.txt"])
def test_sample_maps_are_fresh_starts(name: str) -> None:
    s = load(name)
    assert s.round == 0 and s.flowers_left > 0 and s.max_rounds > 0
    assert all(w.length == 2 and w.alive and w.frozen == 0 and w.points == 0 and w.bonus == 0 for w in s.worms)
    assert playfield_to_text(s) == (SAMPLES / name).read_text(encoding="ascii")
    for worm in s.worms:  # nobody starts facing a wall or a worm
        ahead = worm.direction.step(worm.head)
        assert ahead not in s.walls and s.owner(ahead) is None


# --- bots ----------------------------------------------------------------------------------------


def ask(bot: str, state: WormsState, worm: int, tmp_path: Path, line_end: LineEnd = LineEnd.LF) -> bytes:
    playfield = tmp_path / "playfield.txt"
    playfield.write_bytes(playfield_to_text(state, line_end).encode("ascii"))
    done = subprocess.run([*BOTS[bot], str(playfield), str(worm)], cwd=tmp_path, env=ENV, capture_output=True,
                          timeout=10, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout


ONLY_RIGHT_IS_SAFE = dedent("""\
    0 10 5
    8 6
    6 1 5 1 0 0 0
    5 3 5 4 999999999 0 0
    1 4 1 3 999999999 0 0
    6 4 6 3 999999999 0 0
    ########
    #    bb#
    #.     #
    #q   hy#
    #q   hy#
    ########
    """)

FLOWER_ON_THE_LEFT = dedent("""\
    0 10 5
    8 6
    3 2 3 3 0 0 0
    5 3 5 4 999999999 0 0
    1 4 1 3 999999999 0 0
    6 4 6 3 999999999 0 0
    ########
    #      #
    #. a   #
    #q a hy#
    #q   hy#
    ########
    """)

HEAD_ON_AHEAD = dedent("""\
    0 10 5
    8 6
    3 2 2 2 0 0 0
    5 2 6 2 0 0 0
    1 4 1 3 999999999 0 0
    6 4 6 3 999999999 0 0
    ########
    #      #
    # bb kk#
    #q    y#
    #q    y#
    ########
    """)


@pytest.mark.parametrize("bot", BOTS)
def test_every_bot_turns_away_from_certain_death(bot: str, tmp_path: Path) -> None:
    assert ask(bot, playfield_from_text(ONLY_RIGHT_IS_SAFE), 0, tmp_path) == b"r"


@pytest.mark.parametrize("bot", ["heuristic_bot.py", "greedy.sh"])
@pytest.mark.parametrize("line_end", list(LineEnd))
def test_item_seekers_turn_towards_the_flower_whatever_the_line_ends(bot: str, line_end: LineEnd, tmp_path: Path) -> None:
    assert ask(bot, playfield_from_text(FLOWER_ON_THE_LEFT), 0, tmp_path, line_end) == b"l"


def test_heuristic_bot_keeps_out_of_a_head_on_collision(tmp_path: Path) -> None:
    assert ask("heuristic_bot.py", playfield_from_text(HEAD_ON_AHEAD), 0, tmp_path) in (b"l", b"r")


def test_random_bot_answers_the_same_for_the_same_playfield(tmp_path: Path) -> None:
    state = load("meadow.txt")
    answers = {ask("random_bot.py", state, 2, tmp_path) for _ in range(3)}
    assert len(answers) == 1 and answers <= {b".", b"l", b"r"}


def test_a_short_match_of_sample_bots(tmp_path: Path) -> None:
    """Four bots (one of each, the heuristic twice) play 12 rounds on a sample map, started in
    parallel each round as the referee does; every answer is one valid character."""
    seats = ["heuristic_bot.py", "random_bot.py", "greedy.sh", "heuristic_bot.py"]
    state = load("pinwheel.txt")
    rng = random.Random(4)
    playfield = tmp_path / "playfield.txt"
    for _ in range(12):
        playfield.write_text(playfield_to_text(state), encoding="ascii")
        procs = {i: subprocess.Popen([*BOTS[seats[i]], str(playfield), str(i)], cwd=tmp_path, env=ENV,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) for i in state.movers()}
        moves: list[bytes | None] = [None] * 4
        try:
            for i, proc in procs.items():
                moves[i] = proc.communicate(timeout=10)[0]
        finally:
            for proc in procs.values():
                proc.kill()
                proc.wait()
        assert all(m is None or m in (b".", b"l", b"r") for m in moves)
        state = play_round(state, moves, rng).state
    assert state.round == 12
    assert state.worms[0].alive and state.worms[3].alive
