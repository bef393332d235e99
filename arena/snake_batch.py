"""Many snake battles at once, in lock-step, with the matcher's batched path.

Within one battle the snakes move one after another and each sees the moves before it, so one
battle cannot batch its decisions. Many battles can: at each turn of a step, every battle's
current snake is decided in one :func:`matcher.decide_many` call per program. Each battle keeps
its own generator and draws from it in the same order as :func:`arena.snake_battle.play_battle`,
so the results are identical to playing the battles one by one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from arena.snake_battle import BattleResult, BattleSettings
from engines.snake import PAD, Battle, Board, Direction, Policy, start_position
from matcher import CompiledProgram, Program, compile_program, decide_many
from matcher.compiled import possible_mask


@dataclass
class _Game:
    index: int  # which slice of the shared code stack the board lives in
    battle: Battle
    seats: list[CompiledProgram]
    order: list[int]


def play_battles(battles: Sequence[tuple[Sequence[Program], BattleSettings]]) -> list[BattleResult]:
    """Play every ``(programs, settings)`` battle; results in the same order."""
    results: list[BattleResult | None] = [None] * len(battles)
    by_size: dict[tuple[int, int], list[int]] = {}
    for index, (_, settings) in enumerate(battles):
        by_size.setdefault((settings.width, settings.height), []).append(index)
    compiled: dict[int, CompiledProgram] = {}
    for (width, height), indices in by_size.items():
        for index, result in zip(indices, _play_same_size([battles[i] for i in indices], width, height, compiled)):
            results[index] = result
    return [r for r in results if r is not None]


def _play_same_size(
    battles: Sequence[tuple[Sequence[Program], BattleSettings]], width: int, height: int,
    compiled: dict[int, CompiledProgram],
) -> list[BattleResult]:
    codes = np.empty((len(battles), height + 2 * PAD, width + 2 * PAD), dtype=np.uint8)
    games = []
    for index, (programs, settings) in enumerate(battles):
        position = start_position(len(programs), width, height, settings.length)
        battle = Battle(position, random.Random(settings.seed), settings.max_steps, codes=codes[index])
        for program in programs:
            if id(program) not in compiled:
                compiled[id(program)] = compile_program(program)
        games.append(_Game(index, battle, [compiled[id(p)] for p in programs], []))
    running = [g for g in games if not g.battle.over]
    while running:
        for game in running:
            game.order = game.battle.begin_step()
        for turn in range(max(len(g.order) for g in running)):
            _play_turn(running, turn, codes)
        for game in running:
            game.battle.finish_step()
        running = [g for g in running if not g.battle.over]
    return [
        BattleResult(g.battle.steps, g.battle.end.value if g.battle.end else "unfinished", g.battle.lengths(), g.battle.ranks())
        for g in games
    ]


def _play_turn(running: list[_Game], turn: int, codes: npt.NDArray[np.uint8]) -> None:
    """Every battle plays the ``turn``-th snake of its step order; decisions batched per program."""
    pending: dict[int, list[tuple[int, _Game, int, list[Direction]]]] = {}
    forced: list[tuple[_Game, int]] = []
    for game in running:
        if turn >= len(game.order):
            continue
        snake = game.order[turn]
        board = game.battle.board
        if game.battle.end is not None or board.eaten[snake]:
            continue
        moves = board.possible_moves(snake)
        if len(moves) < 2:
            forced.append((game, snake))
        else:
            pending.setdefault(id(game.seats[snake]), []).append((game.index, game, snake, moves))
    for game, snake in forced:
        game.battle.turn(snake, _first)
    for views in pending.values():
        compiled = views[0][1].seats[views[0][2]]
        choice = decide_many(
            compiled, codes,
            [v[0] for v in views],
            [v[1].battle.board.head(v[2]) for v in views],
            [v[2] for v in views],
            np.array([possible_mask(v[3]) for v in views]),
        )
        for row, (_, game, snake, _moves) in enumerate(views):
            best = [d for d in Direction if choice.best[row, d]]
            move = best[0] if len(best) == 1 else best[game.battle.rng.randrange(len(best))]
            game.battle.turn(snake, _given(move))


def _given(move: Direction) -> Policy:
    def choose(board: Board, snake: int, moves: Sequence[Direction]) -> Direction:
        return move

    return choose


def _first(board: Board, snake: int, moves: Sequence[Direction]) -> Direction:
    return moves[0]
