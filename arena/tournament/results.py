"""Tournament results: one record per finished game, and the standings computed from them.

Standings are always recomputed from the records in schedule (index) order, never in order of
completion, so the same finished games give the same table and ratings for any ``--jobs``, on a
cluster, or after a resume.

Every game counts once for each entrant in it. An entrant's *place* in a game is the rank of its
best-placed seat among the entrants of that game; with one entrant per seat (the usual case)
that is simply its seat's rank.

- W/D/L: an entrant *wins* when it alone has place 1, *draws* when it shares place 1, else it
  loses.
- Ranking points: place ``p`` of ``k`` entrants in the game is worth ``k - p`` (4 players: 3/2/1/0,
  as ITPW scores; 2 players: 1/0); entrants that share a place share the points of the places
  they span.
- Mean score: of the entrant's seats in each game, then over its games.
- Rating: OpenSkill's Plackett-Luce model, one team per entrant ranked by its place, updated
  game by game.

With fewer entrants than seats (3 entrants in a 4-seat game) one entrant fills two seats of a
game, in turn (see :func:`arena.tournament.schedule.shared_seats_note`): it is still one player of
that game, never its own opponent, and its better seat decides its place."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from arena.tournament.errors import TournamentError

if TYPE_CHECKING:  # the crosstable counts placings, from here
    from arena.tournament.crosstable import HeadToHead

RESULTS_FORMAT = "snakepit-tournament-results/1"
_MODEL = PlackettLuce()  # stateless between calls: ratings are passed in and out


@dataclass(frozen=True)
class GameRecord:
    """A finished game as ``games.jsonl`` stores it: seat by seat, entrants by name; ``map`` is
    the name of its map in a tournament of several maps (None in one of a single map, which
    ``tournament.json`` names, so that its lines stay as they always were)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    statuses: tuple[str, ...]
    rounds: int
    map: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {"index": self.index, "seed": self.seed, "seats": list(self.seats), "scores": list(self.scores),
                "ranks": list(self.ranks), "statuses": list(self.statuses), "rounds": self.rounds}
        if self.map is not None:
            data["map"] = self.map
        return data

    @classmethod
    def from_json(cls, data: object, where: str) -> GameRecord:
        """Parse one stored record; ``where`` (``file:line``) starts every error message."""
        if not isinstance(data, dict):
            raise TournamentError(f"{where}: expected a JSON object, got {type(data).__name__}")
        missing = sorted({"index", "seed", "seats", "scores", "ranks", "statuses", "rounds"} - set(data))
        if missing:
            raise TournamentError(f"{where}: missing key {missing[0]!r}")
        record = cls(_whole(data, "index", where), _whole(data, "seed", where), _texts(data, "seats", where),
                     tuple(float(s) for s in _list_of(data, "scores", where, _is_number)),
                     tuple(_list_of(data, "ranks", where, _is_whole)), _texts(data, "statuses", where),
                     _whole(data, "rounds", where), _map_name(data, where))
        if not len(record.seats) == len(record.scores) == len(record.ranks) == len(record.statuses):
            raise TournamentError(f"{where}: seats, scores, ranks and statuses differ in length")
        return record


def _map_name(data: dict[str, Any], where: str) -> str | None:
    value = data.get("map")
    if value is not None and not isinstance(value, str):
        raise TournamentError(f"{where}: 'map' must be a map's name, got {value!r:.60}")
    return value


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _whole(data: dict[str, Any], key: str, where: str) -> int:
    value = data[key]
    if not _is_whole(value):
        raise TournamentError(f"{where}: {key!r} must be a whole number, got {value!r:.60}")
    return int(value)


def _list_of(data: dict[str, Any], key: str, where: str, good: Callable[[object], bool]) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or not all(good(item) for item in value):
        kind = "whole numbers" if good is _is_whole else "numbers" if good is _is_number else "strings"
        raise TournamentError(f"{where}: {key!r} must be a list of {kind}, got {value!r:.60}")
    return value


def _texts(data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    return tuple(_list_of(data, key, where, lambda item: isinstance(item, str)))


def place_points(ranks: Sequence[int]) -> list[float]:
    """Ranking points per player: ``k - place``, tied players sharing their places' points."""
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
    faults: dict[str, int] = field(default_factory=dict)  # bot status other than ok -> games with it

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
                "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal, "faults": dict(sorted(self.faults.items()))}

    def fault_text(self) -> str | None:
        """How often its bot misbehaved, for a person: ``crashed in 16 of 16 games``, or None."""
        return fault_words(self.faults, self.games)


def fault_words(faults: Mapping[str, int], games: int) -> str | None:
    """``crashed in 16 of 16 games, timeout in 2 of 16 games`` (most frequent first), or None."""
    if not faults:
        return None
    return ", ".join(f"{status.replace('_', ' ')} in {count} of {games} games"
                     for status, count in sorted(faults.items(), key=lambda item: (-item[1], item[0])))


def count_faults(faults: dict[str, int], statuses: Iterable[str]) -> None:
    """Count one game's bot statuses other than ok into ``faults``, each once (a bot in two
    seats of a game that crashed in both crashed in one game)."""
    for status in set(statuses) - {"ok"}:
        faults[status] = faults.get(status, 0) + 1


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
    counted: list[int] = []
    for record in sorted(records, key=lambda r: r.index):
        count_record(record, standing, history, counted)
    return Standings(ranked(standing.values()), history, counted)


def count_record(record: GameRecord, standing: Mapping[str, Standing], history: list[dict[str, float]],
                 counted: list[int]) -> None:
    """Count one game (the next in schedule order) into ``standing``, its ratings' step into
    ``history`` and its index into ``counted``."""
    unknown = [name for name in record.seats if name not in standing]
    if unknown:
        raise TournamentError(f"game {record.index + 1}: unknown entrant {unknown[0]!r}")
    _count(record, standing)
    _rate(record, standing)
    history.append({name: s.ordinal for name, s in standing.items()})
    counted.append(record.index)


def ranked(standings: Iterable[Standing]) -> list[Standing]:
    """Best first: by points, then rating ordinal, then name."""
    return sorted(standings, key=lambda s: (-s.points, -s.ordinal, s.name))


@dataclass(frozen=True)
class Placing:
    """One entrant's part in one game: its place among the game's entrants (1 = best, shared
    places allowed) and the mean score of its seats."""

    name: str
    place: int
    score: float


def placings(record: GameRecord) -> list[Placing]:
    """The game's entrants in order of first seat, each once: its best seat's rank among the
    entrants (``1 +`` the number of entrants with a better best seat) and its seats' mean score."""
    best: dict[str, int] = {}
    scores: dict[str, list[float]] = {}
    for name, rank, score in zip(record.seats, record.ranks, record.scores):
        best[name] = min(rank, best.get(name, rank))
        scores.setdefault(name, []).append(score)
    return [Placing(name, 1 + sum(1 for other in best.values() if other < rank), sum(scores[name]) / len(scores[name]))
            for name, rank in best.items()]


def _count(record: GameRecord, standing: Mapping[str, Standing]) -> None:
    players = placings(record)
    points = place_points([p.place for p in players])
    sharing_first = sum(1 for p in players if p.place == 1)
    for player, earned in zip(players, points):
        entry = standing[player.name]
        entry.games += 1
        count_faults(entry.faults, (status for name, status in zip(record.seats, record.statuses) if name == player.name))
        entry.score_total += player.score
        entry.points += earned
        if player.place != 1:
            entry.losses += 1
        elif sharing_first == 1:
            entry.wins += 1
        else:
            entry.draws += 1


def _rate(record: GameRecord, standing: Mapping[str, Standing]) -> None:
    players = placings(record)
    if len(players) < 2:  # not a contest (no schedule does this; a hand-made record might)
        return
    teams = [[_MODEL.rating(mu=standing[p.name].mu, sigma=standing[p.name].sigma)] for p in players]
    rated = _MODEL.rate(teams, ranks=[float(p.place) for p in players])
    for player, team in zip(players, rated):
        standing[player.name].mu = float(team[0].mu)
        standing[player.name].sigma = float(team[0].sigma)


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


def fault_notes(standings: Standings) -> list[str]:
    """One line per entrant whose bot misbehaved (crashed, timed out, answered wrongly) in some
    of its games, in table order: its games still count, as the game's rules scored them."""
    return [f"{s.name}: {text}" for s in standings.table if (text := s.fault_text()) is not None]


def results_json(standings: Standings, *, game: str, seed: int, total: int,
                 failed: Mapping[int, str] | None = None, head_to_head: HeadToHead | None = None,
                 per_map: Mapping[str, Standings] | None = None) -> str:
    """``results.json``: the table plus what it was computed from, the games that could not
    be played (``failed``: game index -> why; they count in no standing), after the standings
    who beat whom (``head_to_head``, in the table's order) and, for a tournament of several
    maps, each map's own standings (``per_map``: map name -> the standings of its games)."""
    done = len(standings.counted)
    failures = dict(sorted((failed or {}).items()))
    data: dict[str, Any] = {"format": RESULTS_FORMAT, "game": game, "seed": seed, "games": done, "total": total,
                            "complete": done + len(failures) == total, "standings": [s.to_json() for s in standings.table]}
    if failures:
        data["failed"] = [{"index": index, "error": error} for index, error in failures.items()]
    if head_to_head is not None:
        data["head_to_head"] = head_to_head.to_json([s.name for s in standings.table])
    if per_map:
        data["per_map"] = [{"map": name, "games": len(table.counted), "standings": [s.to_json() for s in table.table]}
                           for name, table in per_map.items()]
    return json.dumps(data, indent=2) + "\n"
