"""Tournament results: one record per finished game, and the standings computed from them.

Standings are always recomputed from the records in schedule (index) order, never in order of
completion, so the same finished games give the same table and ratings for any ``--jobs``, on a
cluster, or after a resume.

- W/D/L: a seat *wins* when it alone has rank 1, *draws* when it shares rank 1, else it loses.
- Ranking points: place ``p`` of ``k`` seats is worth ``k - p`` (4 seats: 3/2/1/0, as ITPW
  scores; 2 seats: 1/0); seats that share a rank share the points of the places they span.
- Rating: OpenSkill's Plackett-Luce model, one team per seat, updated game by game.
- An entrant that fills several seats of one game (fewer entrants than seats) counts once per
  seat for W/D/L, points and mean score; its rating becomes the mean of its seats' updates."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from arena.tournament.errors import TournamentError

RESULTS_FORMAT = "snakepit-tournament-results/1"
_MODEL = PlackettLuce()  # stateless between calls: ratings are passed in and out


@dataclass(frozen=True)
class GameRecord:
    """A finished game as ``games.jsonl`` stores it: seat by seat, entrants by name."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    statuses: tuple[str, ...]
    rounds: int

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "seats": list(self.seats), "scores": list(self.scores),
                "ranks": list(self.ranks), "statuses": list(self.statuses), "rounds": self.rounds}

    @classmethod
    def from_json(cls, data: object, where: str) -> GameRecord:
        """Parse one stored record; ``where`` (``file:line``) starts every error message."""
        if not isinstance(data, dict):
            raise TournamentError(f"{where}: expected a JSON object, got {type(data).__name__}")
        missing = sorted({"index", "seed", "seats", "scores", "ranks", "statuses", "rounds"} - set(data))
        if missing:
            raise TournamentError(f"{where}: missing key {missing[0]!r}")
        try:
            record = cls(int(data["index"]), int(data["seed"]), tuple(str(s) for s in data["seats"]),
                         tuple(float(s) for s in data["scores"]), tuple(int(r) for r in data["ranks"]),
                         tuple(str(s) for s in data["statuses"]), int(data["rounds"]))
        except (TypeError, ValueError) as err:
            raise TournamentError(f"{where}: bad value: {err}") from None
        if not len(record.seats) == len(record.scores) == len(record.ranks) == len(record.statuses):
            raise TournamentError(f"{where}: seats, scores, ranks and statuses differ in length")
        return record


def place_points(ranks: Sequence[int]) -> list[float]:
    """Ranking points per seat: ``k - place``, tied seats sharing their places' points."""
    seats = len(ranks)
    points = []
    for rank in ranks:
        tied = sum(1 for r in ranks if r == rank)
        points.append(seats - rank - (tied - 1) / 2)
    return points


@dataclass
class Standing:
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_total: float = 0.0
    points: float = 0.0
    mu: float = field(default_factory=lambda: float(_MODEL.mu))
    sigma: float = field(default_factory=lambda: float(_MODEL.sigma))

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and plotted: ``mu - 3 sigma`` (OpenSkill's default)."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "mean_score": self.mean_score, "points": self.points,
                "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass(frozen=True)
class Standings:
    """The table (best first: points, then rating ordinal, then name) and the rating history
    (each entrant's ordinal after each counted game, in schedule order) for the rating plot."""

    table: list[Standing]
    history: list[dict[str, float]]
    counted: list[int]  # the game indices counted, in order

    def by_name(self) -> dict[str, Standing]:
        return {s.name: s for s in self.table}


def compute_standings(entrants: Sequence[str], records: Iterable[GameRecord]) -> Standings:
    """Standings of ``entrants`` from finished games, processed in index order."""
    standing = {name: Standing(name) for name in entrants}
    history: list[dict[str, float]] = []
    counted = []
    for record in sorted(records, key=lambda r: r.index):
        unknown = [name for name in record.seats if name not in standing]
        if unknown:
            raise TournamentError(f"game {record.index}: unknown entrant {unknown[0]!r}")
        _count(record, standing)
        _rate(record, standing)
        history.append({name: s.ordinal for name, s in standing.items()})
        counted.append(record.index)
    table = sorted(standing.values(), key=lambda s: (-s.points, -s.ordinal, s.name))
    return Standings(table, history, counted)


def _count(record: GameRecord, standing: Mapping[str, Standing]) -> None:
    points = place_points(record.ranks)
    for seat, name in enumerate(record.seats):
        entry = standing[name]
        entry.games += 1
        entry.score_total += record.scores[seat]
        entry.points += points[seat]
        sharing_first = sum(1 for r in record.ranks if r == 1)
        if record.ranks[seat] != 1:
            entry.losses += 1
        elif sharing_first == 1:
            entry.wins += 1
        else:
            entry.draws += 1


def _rate(record: GameRecord, standing: Mapping[str, Standing]) -> None:
    teams = [[_MODEL.rating(mu=standing[name].mu, sigma=standing[name].sigma)] for name in record.seats]
    rated = _MODEL.rate(teams, ranks=[float(r) for r in record.ranks])
    updates: dict[str, list[tuple[float, float]]] = {}
    for name, team in zip(record.seats, rated):
        updates.setdefault(name, []).append((float(team[0].mu), float(team[0].sigma)))
    for name, values in updates.items():
        standing[name].mu = sum(mu for mu, _ in values) / len(values)
        standing[name].sigma = sum(sigma for _, sigma in values) / len(values)


def table_text(standings: Standings) -> str:
    """The results table for a terminal, one line per entrant, best first."""
    width = max([len("entrant")] + [len(s.name) for s in standings.table])
    lines = [f"{'#':>2}  {'entrant':<{width}}  games     W     D     L  mean score  points      mu  sigma  ordinal"]
    for place, s in enumerate(standings.table, 1):
        lines.append(
            f"{place:>2}  {s.name:<{width}}  {s.games:>5} {s.wins:>5} {s.draws:>5} {s.losses:>5}"
            f"  {s.mean_score:>10.2f}  {s.points:>6.1f}  {s.mu:>6.2f}  {s.sigma:>5.2f}  {s.ordinal:>7.2f}"
        )
    return "\n".join(lines)


def results_json(standings: Standings, *, game: str, seed: int, total: int) -> str:
    """``results.json``: the table plus what it was computed from."""
    done = len(standings.counted)
    data = {"format": RESULTS_FORMAT, "game": game, "seed": seed, "games": done, "total": total,
            "complete": done == total, "standings": [s.to_json() for s in standings.table]}
    return json.dumps(data, indent=2) + "\n"
