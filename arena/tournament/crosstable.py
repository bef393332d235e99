"""Head to head (a crosstable): who beat whom, pair by pair, from the recorded games.

For every two entrants A and B, the games they met in and, in those games, how often A finished
*ahead* of B, *level* with B, *behind* B, by the places :func:`~arena.tournament.results.placings`
gives (an entrant in two seats of a game is placed by its better seat, as the standings place
it). In a game of two seats that is A's wins, draws and losses against B; in a game of more
seats every other entrant of the game is met once (a 4-seat game with A first, B and C sharing
second, D last: A is ahead of B, C and D; B is level with C).

The counts do not depend on the games' order, so a tournament's table grows game by game
(:meth:`HeadToHead.add`) and a reopened folder's is counted from ``games.jsonl``, whatever
version wrote it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.tournament.errors import TournamentError
from arena.tournament.results import GameRecord, placings


@dataclass(frozen=True)
class Meeting:
    """A against B over the games they met in: A ahead of B (a win), level (a draw), behind (a
    loss)."""

    ahead: int = 0
    level: int = 0
    behind: int = 0

    @property
    def games(self) -> int:
        return self.ahead + self.level + self.behind

    def reverse(self) -> Meeting:
        """B against A."""
        return Meeting(self.behind, self.level, self.ahead)

    def text(self) -> str:
        """``3-1-0`` (ahead-level-behind, for two seats wins-draws-losses); ``.`` before they met."""
        return f"{self.ahead}-{self.level}-{self.behind}" if self.games else "."

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "wins": self.ahead, "draws": self.level, "losses": self.behind}


class HeadToHead:
    """The crosstable of ``entrants``, counted as games are added (in any order)."""

    def __init__(self, entrants: Sequence[str], records: Iterable[GameRecord] = ()) -> None:
        self.entrants = list(entrants)
        self._known = set(self.entrants)
        self._counts: dict[tuple[str, str], list[int]] = {}  # (A, B) -> [ahead, level, behind], A before B
        self.seats = 0  # the most seats of a game counted: above 2, "won" reads "finished ahead"
        for record in records:
            self.add(record)

    def add(self, record: GameRecord) -> None:
        unknown = sorted(set(record.seats) - self._known)
        if unknown:
            raise TournamentError(f"game {record.index + 1}: unknown entrant {unknown[0]!r}")
        self.seats = max(self.seats, len(record.seats))
        players = placings(record)
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                key, flip = ((a.name, b.name), False) if a.name < b.name else ((b.name, a.name), True)
                counts = self._counts.setdefault(key, [0, 0, 0])
                if a.place == b.place:
                    counts[1] += 1
                else:
                    counts[0 if (a.place < b.place) != flip else 2] += 1

    def meeting(self, a: str, b: str) -> Meeting:
        """``a`` against ``b`` (nothing for an entrant against itself)."""
        if a == b:
            return Meeting()
        key = (a, b) if a < b else (b, a)
        counts = self._counts.get(key)
        if counts is None:
            return Meeting()
        meeting = Meeting(*counts)
        return meeting if key == (a, b) else meeting.reverse()

    def copy(self) -> HeadToHead:
        twin = HeadToHead(self.entrants)
        twin._counts = {key: list(counts) for key, counts in self._counts.items()}
        twin.seats = self.seats
        return twin

    def multi_seat(self) -> bool:
        """A game of more than two seats was counted: a "win" over B is finishing ahead of B."""
        return self.seats > 2

    def to_json(self, order: Sequence[str] | None = None) -> dict[str, dict[str, dict[str, int]]]:
        """``{A: {B: {"games", "wins", "draws", "losses"}}}`` for every two entrants, in ``order``
        (the standings' order; default: the entrants')."""
        names = list(order) if order is not None else self.entrants
        return {a: {b: self.meeting(a, b).to_json() for b in names if b != a} for a in names}


def head_to_head(entrants: Sequence[str], records: Iterable[GameRecord]) -> HeadToHead:
    """The crosstable of ``entrants`` from finished games (an unknown entrant is an error naming
    the game)."""
    return HeadToHead(entrants, records)


LEGEND_TWO = "each row against each column, wins-draws-losses"
LEGEND_MORE = "each row against each column, finished ahead-level-behind"


def legend(table: HeadToHead, seats: int = 2) -> str:
    """How to read a cell, for a tournament of games of ``seats`` seats."""
    return LEGEND_MORE if table.multi_seat() or seats > 2 else LEGEND_TWO


def crosstable_text(table: HeadToHead, order: Sequence[str], width: int = 80, seats: int = 2) -> str:
    """The crosstable for a terminal, at most ``width`` columns: rows ``place name`` in
    ``order`` (the standings', so the numbers are the standings' places), columns by place;
    ``seats``: the tournament's players per game (above 2 a cell is ahead-level-behind). A
    name too long for its row is cut with ``…`` (the standings above have it whole, at the same
    place); with more entrants than fit even so, the columns come in blocks (``against 9-12``)."""
    count = len(order)
    cells = [[table.meeting(a, b).text() if a != b else "x" for b in order] for a in order]
    cell = 2 + max([len(str(count)), 5, *(len(text) for row in cells for text in row)])
    number = max(2, len(str(count)))  # as the standings table numbers its rows
    fixed = number + 4  # "12  " before the name, "  " after it
    longest = max([len("entrant"), *(len(name) for name in order)])
    name_width = min(longest, max(MIN_NAME, width - fixed - cell * count))
    if fixed + name_width + cell * count > width:  # blocks of columns, the rows' names a little longer
        name_width = min(longest, BLOCK_NAME)
    per_block = max(1, (width - fixed - name_width) // cell)
    blocks = [range(start, min(start + per_block, count)) for start in range(0, count, per_block)]
    notes = [*([". not met yet"] if any("." in row for row in cells) else []),
             *(["names cut: the standings above have them whole, by place"] if longest > name_width else [])]
    lines = [f"Head to head: {legend(table, seats)}", *([f"({'; '.join(notes)})"] if notes else [])]
    for block in blocks:
        if len(blocks) > 1:
            lines.append(f"against {block.start + 1}-{block.stop}:" if len(block) > 1 else f"against {block.start + 1}:")
        lines.append(f"{'#':>{number}}  {'entrant':<{name_width}}" + "".join(f"{column + 1:>{cell}}" for column in block))
        for row, name in enumerate(order):
            shown = name if len(name) <= name_width else name[:name_width - 1] + "…"
            lines.append(f"{row + 1:>{number}}  {shown:<{name_width}}" + "".join(f"{cells[row][column]:>{cell}}" for column in block))
    return "\n".join(lines)


MIN_NAME = 8
"""The shortest a row's name is cut to before the columns go to blocks."""
BLOCK_NAME = 16
"""How long a row's name may be once the columns come in blocks."""
