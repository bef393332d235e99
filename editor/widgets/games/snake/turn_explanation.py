"""Why a snake moved in a battle, for people: the board it saw at its turn and a few lines of
text about the matcher's explanation. Qt-free; the quick battle (and later the arena pane)
shows both."""

from __future__ import annotations

import html
from collections.abc import Sequence

from arena.snake_battle import BattleSettings, SnakeMatch
from engines.snake import Board, Direction
from matcher import Program
from matcher.explain import Explanation


def board_at_turn(programs: Sequence[Program], settings: BattleSettings, step: int, snake: int) -> Board | None:
    """The board ``snake`` saw when it chose its move in ``step`` (1-based): the battle replayed
    from its seed exactly as :func:`arena.snake_battle.explain_turn` replays it. None when the
    snake had no turn in that step."""
    match = SnakeMatch(programs, settings)
    battle = match.battle
    while battle.steps < step - 1 and not battle.over:
        match.step()
    if battle.over or step < 1:
        return None
    for mover in battle.begin_step():
        if battle.end is not None:
            return None
        if mover == snake:
            return None if battle.board.eaten[snake] else battle.board
        battle.turn(mover, match.policy)
    return None


def explanation_html(explanation: Explanation, name: str, program: Program, step: int, upcoming: bool) -> str:
    """A few lines saying what the snake could do, which card decided and how each move scored."""
    who = f"<b>{html.escape(name)}</b>"
    when = f"step {step}" + (" (its next move)" if upcoming else "")
    possible = ", ".join(d.label for d in explanation.possible) or "none"
    lines = [f"{who}, {when} — possible moves: {possible}."]
    if not explanation.possible:
        lines.append("No free cell or tail next to the head: it skips this move.")
    elif len(explanation.possible) == 1:
        lines.append(f"Only one move is possible: <b>{explanation.possible[0].label}</b>; no card is consulted.")
    elif explanation.card is None:
        lines.append("No card has a valid move: it picks one of the possible moves at random.")
    else:
        card = program.cards[explanation.card]
        about = f" “{html.escape(card.description)}”" if card.description else ""
        lines.append(f"<b>Card {explanation.card + 1}</b>{about} decided.")
        scores = []
        for direction in Direction:
            move = explanation.moves.get(direction)
            if move is not None:
                mark = "✓" if move.valid else "✗"
                scores.append(f"{direction.label} {mark} {move.score}")
        lines.append("Scores: " + " · ".join(scores) + ".")
    best = ", ".join(d.label for d in explanation.best)
    if len(explanation.best) > 1:
        lines.append(f"Best: <b>{best}</b> (one is drawn at random).")
    elif explanation.best:
        lines.append(f"Best: <b>{best}</b>.")
    return "<br>".join(lines)
