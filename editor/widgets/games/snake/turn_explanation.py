"""Why a snake moved in a battle, for people: a few lines of text about the matcher's explanation
(the board it saw at its turn is :func:`engines.snake.board_at_turn`'s). Qt-free; the snake board
shows both, in the arena pane and the editor's Battle tab."""

from __future__ import annotations

import html

from engines.snake import Direction
from matcher import Program
from matcher.explain import Explanation


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
