"""What a tournament is: the game, its options, the entrants, the seat count, the games per
pairing and the seed. Everything else (the schedule, each game's seed) derives from it, so the
same spec always means the same games; ``tournament.json`` stores it to check a resume."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.tournament.errors import TournamentError
from arena.tournament.games import GameTask, check_setup, resolve_entrant, seat_range
from arena.tournament.schedule import Seating, rotation_length, round_robin
from arena.tournament.seeds import game_seed

SPEC_FORMAT = "snakepit-tournament/1"


@dataclass(frozen=True)
class Entrant:
    """A named player: ``seat`` is the resolved program path or bot command; ``source`` the
    snake program's text (what is actually played, and what a resume checks)."""

    name: str
    seat: str
    source: str | None = None

    @classmethod
    def parse(cls, game: str, argument: str) -> Entrant:
        """``NAME=PROGRAM_OR_BOT`` as given to ``--entrant``."""
        name, sep, target = argument.partition("=")
        name, target = name.strip(), target.strip()
        if not sep or not name or not target:
            raise TournamentError(f"--entrant {argument!r}: expected NAME=PROGRAM_OR_BOT")
        seat, source = resolve_entrant(game, target, f"--entrant {name}")
        return cls(name, seat, source)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "seat": self.seat}
        if self.source is not None:
            data["sha256"] = hashlib.sha256(self.source.encode("utf-8")).hexdigest()
        return data


@dataclass(frozen=True)
class TournamentSpec:
    game: str
    entrants: tuple[Entrant, ...]
    seed: int
    seats: int
    games_per_pairing: int
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def build(
        cls, game: str, entrants: Sequence[Entrant], seed: int, *, seats: int | None = None,
        games_per_pairing: int | None = None, options: Mapping[str, Any] | None = None,
    ) -> TournamentSpec:
        """A checked spec; defaults: as many seats as entrants within the game's range, one
        seat rotation per pairing."""
        low, high = seat_range(game)
        count = seats if seats is not None else min(high, max(low, len(entrants)))
        if not low <= count <= high:
            raise TournamentError(f"--seats {count}: {game} is played by {low}..{high} players")
        names = [e.name for e in entrants]
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice is not None:
            raise TournamentError(f"--entrant {twice}: two entrants have that name")
        per_pairing = games_per_pairing if games_per_pairing is not None else rotation_length(len(entrants), count)
        round_robin(len(entrants), count, per_pairing)  # checks the counts
        check_setup(game, [(e.name, e.seat) for e in entrants], count, options or {})
        return cls(game, tuple(entrants), seed, count, per_pairing, dict(options or {}))

    @property
    def names(self) -> list[str]:
        return [e.name for e in self.entrants]

    def schedule(self) -> list[Seating]:
        return round_robin(len(self.entrants), self.seats, self.games_per_pairing)

    def task(self, index: int, seating: Seating, replay: str | None = None) -> GameTask:
        players = [self.entrants[i] for i in seating]
        sources = tuple(p.source for p in players if p.source is not None)
        return GameTask(index, self.game, tuple(p.seat for p in players), tuple(p.name for p in players),
                        game_seed(self.seed, index), self.options,
                        sources if len(sources) == len(players) else None, replay)

    def to_json(self) -> dict[str, Any]:
        return {"format": SPEC_FORMAT, "game": self.game, "seed": self.seed, "seats": self.seats,
                "games_per_pairing": self.games_per_pairing, "options": dict(self.options),
                "entrants": [e.to_json() for e in self.entrants]}
