"""Bio-blots (specs/bioblots.md): two organisms on a 26 × 26 board of substances, alternate lines.

A referee's game, in short::

    board = generate_board(random.Random(seed))          # or board_from_text(text, where=path)
    state = start_state(board)
    for player in (0, 1):
        send(player, opening_lines(board, player))        # 26 rows, then 0 or 1
    while not state.over:
        player = state.to_move
        line = read(player)                               # or state.forfeit(player, Fault(TIMEOUT, ...))
        state, events = state.apply_line(line)            # a bad line is a technical loss, rule recorded
        if not state.over:
            send(1 - player, [format_move(parse_move(line))])   # relayed in canonical form, a skip as 0
    state.result()                                        # Result(reason, scores, winner, loser, fault)

``check_move(state, move)`` says which rule a move breaks; ``legal_moves``, ``single_cell_moves``
and ``random_move`` generate legal moves; ``state_to_text`` is the canonical text form.
"""

from engines.bioblots.board import (
    NEUTRALISED,
    Board,
    board_from_text,
    board_lines,
    board_to_text,
    generate_board,
    substance_counts,
)
from engines.bioblots.errors import (
    BioblotsError,
    GameOverError,
    IllegalMoveError,
    MoveSyntaxError,
    StateError,
    TextError,
)
from engines.bioblots.events import (
    Ended,
    Event,
    EventJsonError,
    Forfeited,
    Moved,
    Neutralised,
    Paralysed,
    Placed,
    Scored,
    Skipped,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
)
from engines.bioblots.moves import (
    check_move,
    frontier,
    has_legal_move,
    is_square,
    legal_moves,
    placements,
    random_move,
    single_cell_moves,
)
from engines.bioblots.protocol import cell_name, format_move, opening_lines, parse_cell, parse_move
from engines.bioblots.rules import MOVE_STAGES, apply, apply_line, forfeit
from engines.bioblots.state import Ending, Result, State, is_connected, start_state
from engines.bioblots.text import state_from_text, state_to_text
from engines.bioblots.types import (
    CELLS,
    GAME_INFO,
    NEIGHBOURS,
    SIZE,
    Cell,
    EndReason,
    Fault,
    FaultKind,
    GameInfo,
    Illegal,
    Move,
    Placement,
    Rule,
    Shift,
    Skip,
    Substance,
)

__all__ = [
    "Board", "BioblotsError", "CELLS", "Cell", "EndReason", "Ended", "Ending", "Event", "EventJsonError", "Fault",
    "FaultKind", "Forfeited", "GAME_INFO", "GameInfo", "GameOverError", "Illegal", "IllegalMoveError", "MOVE_STAGES",
    "Move", "MoveSyntaxError", "Moved", "NEIGHBOURS", "NEUTRALISED", "Neutralised", "Paralysed", "Placed",
    "Placement", "Result", "Rule", "SIZE", "Scored", "Shift", "Skip", "Skipped", "State", "StateError", "Substance",
    "TextError", "apply", "apply_line", "board_from_text", "board_lines", "board_to_text", "cell_name", "check_move",
    "event_from_json", "event_to_json", "events_from_json", "events_to_json", "forfeit", "format_move", "frontier",
    "generate_board", "has_legal_move", "is_connected", "is_square", "legal_moves", "opening_lines", "parse_cell",
    "parse_move", "placements", "random_move", "single_cell_moves", "start_state", "state_from_text",
    "state_to_text", "substance_counts",
]
