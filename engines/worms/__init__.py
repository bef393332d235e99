"""The Redbot worm game (specs/worms.md): state, the round as steps 4-11, playfield files, events."""

from engines.worms.errors import GameOverError, PlayfieldError, StateError, WormsError
from engines.worms.events import (
    Ate,
    Died,
    Event,
    EventJsonError,
    Frozen,
    Moved,
    Respawned,
    Scored,
    event_from_json,
    event_to_json,
    events_from_json,
    events_to_json,
    turns_from_json,
    turns_to_json,
)
from engines.worms.playfield import LineEnd, playfield_from_text, playfield_to_text
from engines.worms.rules import ROUND_STEPS, Move, RoundResult, play_round
from engines.worms.state import Worm, WormsState, ranks_of
from engines.worms.types import (
    GAME_INFO,
    RESPAWN_ORDER,
    Cell,
    DeathCause,
    Direction,
    EndReason,
    GameInfo,
    Item,
    Turn,
    segment_letter,
)

__all__ = [
    "Ate", "Cell", "DeathCause", "Died", "Direction", "EndReason", "Event", "EventJsonError", "Frozen",
    "GAME_INFO", "GameInfo", "GameOverError", "Item", "LineEnd", "Move", "Moved", "PlayfieldError",
    "RESPAWN_ORDER", "ROUND_STEPS", "Respawned", "RoundResult", "Scored", "StateError", "Turn", "Worm",
    "WormsError", "WormsState", "event_from_json", "event_to_json", "events_from_json", "events_to_json",
    "play_round", "playfield_from_text", "playfield_to_text", "ranks_of", "segment_letter", "turns_from_json",
    "turns_to_json",
]
