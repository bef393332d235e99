"""The snake battle: rules, positions, their text form and JSON codec."""

from engines.snake.battle import Battle, Policy, StepReport, board_at_turn, ranks_of
from engines.snake.board import (
    CODE_COUNT,
    ELEMENT_LUT,
    PAD,
    Bite,
    Board,
    Eaten,
    Event,
    IllegalMoveError,
    Moved,
    Skipped,
)
from engines.snake.position import (
    POSITION_FORMAT,
    Position,
    PositionError,
    SnakeBody,
    json_snake_label,
    position_from_json,
    position_to_json,
    snake_label,
    start_position,
)
from engines.snake.text import position_from_text, position_to_text
from engines.snake.types import ELEMENT_COUNT, GAME_INFO, Cell, Direction, Element, EndReason

__all__ = [
    "Battle", "Bite", "Board", "CODE_COUNT", "Cell", "Direction", "ELEMENT_COUNT", "ELEMENT_LUT",
    "Eaten", "Element", "EndReason", "Event", "GAME_INFO", "IllegalMoveError", "Moved", "PAD",
    "POSITION_FORMAT", "Policy", "Position", "PositionError", "Skipped", "SnakeBody", "StepReport",
    "board_at_turn", "json_snake_label", "position_from_json", "position_from_text", "position_to_json", "position_to_text",
    "ranks_of", "snake_label", "start_position",
]
