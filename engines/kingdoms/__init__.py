"""The Redbot kingdoms game: rules of a round, actions, events, the original file formats
(playfield, history, command line, information files) and a readable state text form.

A referee's round, in short (ids are absolute 0–3; strategies see relative ids)::

    state = playfield_from_text(text, where=path)          # or start_state()
    while not state.over:
        answers = []
        for k in range(4):
            if not state.kingdoms[k].alive:                 # a dead kingdom is not run
                answers.append(None)
                continue
            argv = program + command_line_args(state, k)    # run in seat k's directory
            answers.append(parse_answer(stdout) if answered else None)
        report = play_round(state, answers)                 # RoundReport(round, state, events, end)
        for k in range(4):                                  # before the next run:
            files = info_files(k, report.events)            #   remove INFO_FILES, write these
        state = report.state
    state.scores(), state.ranks(), state.end
"""

from engines.kingdoms.actions import (
    Action,
    ActionError,
    Answer,
    InvalidAnswer,
    action_problem,
    answer_from_json,
    answer_to_json,
    parse_answer,
)
from engines.kingdoms.codecs import (
    PlayfieldError,
    command_line_args,
    command_line_numbers,
    history_from_text,
    history_to_text,
    parse_playfield_line,
    playfield_from_text,
    playfield_line,
    playfield_to_text,
)
from engines.kingdoms.events import (
    Battle,
    Died,
    Event,
    EventError,
    Ignored,
    Revealed,
    Robbery,
    Starved,
    event_from_json,
    event_to_json,
)
from engines.kingdoms.info import info_files
from engines.kingdoms.rules import (
    GameOverError,
    RoundReport,
    attack_strength,
    defence_strength,
    harvest,
    play_round,
    share,
)
from engines.kingdoms.state import (
    DEAD,
    Kingdom,
    Robbing,
    State,
    StateError,
    absolute_id,
    ranks_of,
    relative_id,
    start_state,
)
from engines.kingdoms.text import state_from_text, state_to_text
from engines.kingdoms.types import (
    COMMAND_LINE_FIELDS,
    GAME_INFO,
    INFO_FILES,
    KINGDOM_FIELDS,
    ActionCode,
    EndReason,
    GameInfo,
    KingdomsError,
)

__all__ = [
    "Action", "ActionCode", "ActionError", "Answer", "Battle", "COMMAND_LINE_FIELDS", "DEAD", "Died",
    "EndReason", "Event", "EventError", "GAME_INFO", "GameInfo", "GameOverError", "INFO_FILES", "Ignored",
    "InvalidAnswer", "KINGDOM_FIELDS", "Kingdom", "KingdomsError", "PlayfieldError", "Revealed",
    "Robbery", "Robbing", "RoundReport", "Starved", "State", "StateError", "absolute_id", "action_problem",
    "answer_from_json", "answer_to_json", "attack_strength", "command_line_args", "command_line_numbers",
    "defence_strength", "event_from_json", "event_to_json", "harvest", "history_from_text", "history_to_text",
    "info_files", "parse_answer", "parse_playfield_line", "play_round", "playfield_from_text", "playfield_line",
    "playfield_to_text", "ranks_of", "relative_id", "share", "start_state", "state_from_text", "state_to_text",
]
