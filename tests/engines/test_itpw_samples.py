"""The ITPW sample bots, run as real persistent processes the way the referee runs them: the
player number first, then requests and the other players' broadcasts, one line each. Every
answer they give must be legal (checked by the engine as the referee checks it), through new
units and meetings, which they only know of from the broadcasts.

The bots get an explicit minimal environment without PYTHONUNBUFFERED, so a bot that forgot to
flush would hang here (and fail at the deadline) as it would on any normal machine."""

from __future__ import annotations

import os
import random
import selectors
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engines.itpw import (
    PLAYERS,
    Died,
    Kind,
    LineType,
    Move,
    Phase,
    Spawned,
    State,
    Step,
    apply_move,
    corner,
    end_turn,
    move_broadcast,
    place_unit,
    player_line,
    read_move,
    read_unit,
    request_line,
    start_state,
    targets,
    unit_broadcast,
)
from tests.engines.sample_bots import BOT_ENV, SAMPLES as SAMPLE_FOLDERS, end_bot

SAMPLES = SAMPLE_FOLDERS / "itpw"
ENV = BOT_ENV
DEADLINE = 10.0  # seconds for one answer: generous, only there so a broken bot fails instead of hanging


class Bot:
    """One sample bot process, spoken to line by line."""

    def __init__(self, argv: list[str], stderr: Path) -> None:
        self.stderr_path = stderr
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr.open("wb"),
                                     env=ENV, cwd=stderr.parent)
        assert self.proc.stdout is not None
        self.stdout = self.proc.stdout
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.answers = 0
        self.waited = 0.0
        """Seconds from requests sent to answers read, as the referee's time bank counts them."""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def ask(self, line: str) -> str:
        self.send(line)
        sent = time.monotonic()
        deadline = sent + DEADLINE
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise AssertionError(f"no answer to {line!r} within {DEADLINE} s; stderr: {self.stderr()}")
            chunk = os.read(self.stdout.fileno(), 65536)
            if not chunk:
                raise AssertionError(f"the bot closed its output after {line!r}; stderr: {self.stderr()}")
            self.buffer += chunk
        answer, self.buffer = self.buffer.split(b"\n", 1)
        self.answers += 1
        self.waited += time.monotonic() - sent
        return answer.decode()

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")[-2000:]

    def close(self) -> int:
        """Close stdin (the end of the game) and return the exit code."""
        try:
            return end_bot(self.proc)
        finally:
            self.proc.wait()
            self.selector.close()
            self.stdout.close()


def start(name: str, tmp_path: Path, c_bot: Callable[[str], Path], seat: int) -> Bot:
    argv = [str(c_bot("itpw/greedy"))] if name == "greedy" else [sys.executable, str(SAMPLES / f"{name}.py")]
    return Bot(argv, tmp_path / f"{name}-{seat}.stderr")


Policy = Callable[[State, int], Move]


def rush_towards(goal: tuple[int, int]) -> Policy:
    """A scripted player that marches every unit one field nearer ``goal`` each turn, so that the
    bot there meets enemies early (the bots only learn of meetings from the broadcasts)."""

    def policy(state: State, player: int) -> Move:
        steps, taken = [], set()
        for cell, _ in state.units_of(player):
            options = [t for t in targets(state, player, cell) if t not in taken]
            near = min(options, key=lambda t: max(abs(t[0] - goal[0]), abs(t[1] - goal[1])), default=None)
            if near is not None and max(abs(near[0] - goal[0]), abs(near[1] - goal[1])) < \
                    max(abs(cell[0] - goal[0]), abs(cell[1] - goal[1])):
                steps.append(Step(cell, near))
                taken.add(near)
        return Move(tuple(steps))

    return policy


def play(seats: dict[int, Bot | Policy], turns: int, seed: int) -> tuple[State, list[object]]:
    """Run a game the way the referee does; every bot answer must pass the engine's checks."""
    state = start_state(total_turns=turns)
    bots = {p: s for p, s in seats.items() if isinstance(s, Bot)}
    for p, bot in bots.items():
        bot.send(player_line(p))
    rng, kinds = random.Random(seed), random.Random(seed + 1)
    events: list[object] = []
    while not state.over:
        if state.phase is Phase.TURN_END:
            state, new = end_turn(state, rng)
            events += new
            continue
        p = state.mover
        seat = seats[p]
        if state.phase is Phase.MOVE:
            if isinstance(seat, Bot):
                answer = seat.ask(request_line(p, LineType.MOVE, 30 - state.turn / 100))
                move = read_move(state, p, answer)  # a MoveError here fails the test with the fault
            else:
                move = seat(state, p)
            state, new = apply_move(state, p, move)
            line = move_broadcast(p, move)
        else:
            kind = read_unit(seat.ask(request_line(p, LineType.UNIT, 29.5))) if isinstance(seat, Bot) \
                else Kind(kinds.randrange(2))
            state, new = place_unit(state, p, kind)
            line = unit_broadcast(p, kind)
        events += new
        for q, bot in bots.items():
            if q != p:
                bot.send(line)
    return state, events


@pytest.mark.parametrize("name", ["random_bot", "heuristic_bot", "greedy"])
@pytest.mark.parametrize("seat", [1, 4])
def test_a_sample_bot_stays_legal_through_meetings_and_new_units(name: str, seat: int, tmp_path: Path,
                                                                 c_bot: Callable[[str], Path]) -> None:
    bot = start(name, tmp_path, c_bot, seat)
    rush = rush_towards(corner(seat))
    seats: dict[int, Bot | Policy] = {p: (bot if p == seat else rush) for p in PLAYERS}
    try:
        state, events = play(seats, turns=70, seed=seat)
    finally:
        assert bot.close() == 0, bot.stderr()
    assert bot.answers >= 70
    died = [e for e in events if isinstance(e, Died)]
    assert any(e.player == seat for e in died), "the game never tested the bot's losses"
    assert any(isinstance(e, Spawned) for e in events)


def test_a_game_of_sample_bots_against_each_other(tmp_path: Path, c_bot: Callable[[str], Path]) -> None:
    names = {1: "heuristic_bot", 2: "random_bot", 3: "greedy", 4: "heuristic_bot"}
    bots = {p: start(name, tmp_path, c_bot, p) for p, name in names.items()}
    try:
        state, events = play(dict(bots), turns=60, seed=5)
    finally:
        codes = {p: bot.close() for p, bot in bots.items()}
    assert codes == {1: 0, 2: 0, 3: 0, 4: 0}
    assert all(bot.answers >= 60 for bot in bots.values())
    # the sensible bots spread out; the random one mostly shuffles about its corner
    assert min(state.territory_of(1), state.territory_of(3), state.territory_of(4)) > 2 * state.territory_of(2)


@pytest.mark.parametrize("name", ["heuristic_bot", "greedy"])
def test_a_bot_with_no_time_left_sends_the_empty_move(name: str, tmp_path: Path, c_bot: Callable[[str], Path]) -> None:
    bot = start(name, tmp_path, c_bot, 1)
    try:
        bot.send(player_line(1))
        assert bot.ask(request_line(1, LineType.MOVE, 0.4)) == "0"
        assert Move.from_line(bot.ask(request_line(1, LineType.MOVE, 30))).steps  # with time it moves
    finally:
        assert bot.close() == 0


@pytest.mark.parametrize("name", ["random_bot", "heuristic_bot", "greedy"])
def test_a_bot_exits_when_its_input_closes(name: str, tmp_path: Path, c_bot: Callable[[str], Path]) -> None:
    bot = start(name, tmp_path, c_bot, 2)
    bot.send(player_line(2))
    bot.send(move_broadcast(1, Move()))
    assert bot.close() == 0  # by itself, within the close's 5 s wait: not killed
