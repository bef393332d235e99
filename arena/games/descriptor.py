"""A game as the whole app knows it, in one place (OpenSpiel's ``_GAME_TYPE`` and
``parameter_specification`` are the model): its name and words, its seats, how its players
run, its typed options, its end reasons, its samples and maps, its engine and its referee, and
which board view the app shows it on.

Everything else is made from it: the command line's flags, the referee's option checks, the
setup forms, the end-reason texts, the conformance suite's games. A game registers its
descriptor (:mod:`arena.games.registry`); one from another package does so through the
``snakepit.games`` entry-point group.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.games.options import Option, parse_options
from engines.protocol import Game

if TYPE_CHECKING:
    from arena.referee import GameReferee

CANCELLED = "cancelled"


class Hosting(enum.Enum):
    """How a game's players run."""

    SPAWN = "a bot process per round"
    PERSISTENT = "one bot process for the game"
    PROGRAMS = "snake card programs, inside snakepit"

    @property
    def bots(self) -> bool:
        return self is not Hosting.PROGRAMS


def no_maps() -> list[tuple[str, str]]:
    return []


def text_files(folder: Path, tag: str = "") -> list[tuple[str, str]]:
    """``(label, path)`` of the ``.txt`` files in ``folder`` (maps, playfields, boards), labelled
    by their names with spaces for underscores and ``tag`` after."""
    return [(f"{p.stem.replace('_', ' ')}{tag}", str(p)) for p in sorted(folder.glob("*.txt"))]


@dataclass(frozen=True)
class GameDescriptor:
    name: str
    """The name on the command line and in replays (``"worms"``)."""
    title: str
    """The name people read (``"Worms"``)."""
    seat_noun: str
    """What a seat is called (``"Worm"``, ``"Kingdom"``, ``"Player"``)."""
    min_seats: int
    max_seats: int
    hosting: Hosting
    options: tuple[Option, ...]
    engine: Game[Any]
    referee: GameReferee
    end_reasons: Mapping[str, str]
    """The engine's end reasons, in words (``"the round limit"``), by their code."""
    round_limit: str | None
    """The option ``--rounds`` sets (a game's turns, moves or steps); None: the game has none."""
    round_noun: str = "round"
    """What one round of the match is to people: a step, a move, a turn."""
    round_limit_title: str = ""
    """What the setup forms call the round limit ("" : the round noun's plural, "Rounds"); a game
    whose limit is not the match's count of rounds says so ("Moves per player")."""
    score_noun: str = "points"
    time_option: str | None = "time_limit"
    """The option in seconds the setup's time box sets: a limit per answer, or a bank."""
    time_title: str = "Time limit"
    map_option: str | None = None
    """The option naming the game's map, playfield or board, if it has one."""
    map_title: str = "Map"
    maps: Callable[[], list[tuple[str, str]]] = no_maps
    """The samples offered for the map: ``(label, option value)``."""
    map_required: bool = False
    """A match must name a map: the game has none of its own."""
    tournament_map: bool = True
    """The tournament form offers the map too (a board drawn from each game's seed needs none)."""
    samples: Path | None = None
    """The folder of the game's sample bots (or programs), and below it its maps: a seat or a map
    named by a sample's name is found there (:func:`arena.samples.resolve_bot`,
    :func:`arena.samples.resolve_sample_file`)."""
    rules: Path | None = None
    """Its rules and bot protocol, a Markdown file: what ``snakepit rules GAME`` prints and the
    app's Game Rules show (None: a shipped game's ``docs/rules/<name>.md``, or none)."""
    default_seats: tuple[str, ...] = ()
    """What the setup form starts with: sample names."""
    view: str | None = None
    """The app's board for the game, as ``"module:attribute"`` (the editor imports it); None:
    the generic board, which shows the state's text."""
    playout: Callable[[int], dict[str, Any]] | None = None
    """Start options for the conformance suite's random games with a seed (small, quick ones)."""
    playout_seats: int = 0
    flags_help: Mapping[str, str] = field(default_factory=dict)

    @property
    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(f"{self.name} has no option {name!r}")

    def parse_options(self, given: Mapping[str, Any], seats: int | None = None) -> dict[str, Any]:
        """The options over their defaults, each checked (:class:`~arena.games.options.OptionError`)."""
        return parse_options(self.options, given, self.name, seats)

    def end_text(self, code: str) -> str:
        """Why a match ended, in words (a code without words shows as it is)."""
        return "stopped" if code == CANCELLED else self.end_reasons.get(code, code.replace("_", " "))

    def playout_options(self, seed: int) -> dict[str, Any]:
        if self.playout is None:
            raise ValueError(f"{self.name} gives no playout options")
        return self.playout(seed)

    def map_samples(self) -> list[tuple[str, str]]:
        """:attr:`maps`, or none when listing them raises (a game's own code, perhaps another
        package's: said on stderr, and the forms go on with a map chosen from a file)."""
        try:
            return list(self.maps())
        except Exception as error:  # noqa: BLE001  (another package's bug must not stop the app)
            print(f"snakepit: the maps of {self.name!r} cannot be listed: {type(error).__name__}: {error}",
                  file=sys.stderr)
            return []

    def form_options(self) -> Sequence[Option]:
        """The options the setup forms show as fields of their own (those with a label)."""
        return [option for option in self.options if option.label]
