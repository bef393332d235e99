"""The meeting rules on a scratch copy of a state: one unit trying to enter one field.

Moves and new units share them (a new unit "counts as an attempt to enter" its corner). The
rules work on a :class:`Scratch` so that a move line can be played unit by unit and thrown away
when a later unit breaks a rule: nothing of an invalid line reaches the state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engines.itpw.events import Arrival, Claimed, Died, Event, Moved
from engines.itpw.state import State, Unit
from engines.itpw.types import SIDE, Cell, Kind


@dataclass
class Scratch:
    """Mutable copies of what moves change; :meth:`freeze` makes the next state."""

    units: dict[Cell, Unit]
    territory: bytearray
    kills: list[int]
    events: list[Event]

    @classmethod
    def of(cls, state: State) -> Scratch:
        return cls(dict(state.units), bytearray(state.territory), list(state.kills), [])

    def freeze(self, state: State, **changes: Any) -> State:
        """``state`` with this board, territory and kills, and ``changes`` to the other fields."""
        return replace(state, units=self.units, territory=bytes(self.territory), kills=tuple(self.kills), **changes)

    def entry_problem(self, player: int, kind: Kind, target: Cell) -> str | None:
        """Why a unit of ``player`` may not enter ``target`` (None when it may): no unit enters
        its own player's unit, and no worker enters another worker."""
        occupant = self.units.get(target)
        if occupant is None:
            return None
        if occupant.player == player:
            return f"your own {occupant.kind.label} is there"
        if kind is Kind.WORKER and occupant.kind is Kind.WORKER:
            return f"a worker cannot enter player {occupant.player}'s worker"
        return None

    def enter(self, player: int, kind: Kind, source: Cell | None, target: Cell) -> Arrival:
        """Resolve ``player``'s ``kind`` entering ``target`` from ``source`` (None for a new unit)
        by the meeting rules; the caller has checked :meth:`entry_problem` for moves."""
        occupant = self.units.get(target)
        if occupant is None:
            self._arrive(player, kind, source, target)
            return Arrival.APPEARED
        if occupant.player == player or (kind is Kind.WORKER and occupant.kind is Kind.WORKER):
            return Arrival.BLOCKED
        if occupant.kind is Kind.WORKER:  # a soldier enters an enemy worker: the worker dies
            self._die(occupant, target, player)
            self._arrive(player, kind, source, target)
            return Arrival.KILLED_WORKER
        # An enemy soldier is there: the entering unit dies and does not take the field, and an
        # entering soldier takes the defender with it.
        self._die(Unit(player, kind), target if source is None else source, occupant.player, placed=source is not None)
        if kind is Kind.SOLDIER:
            self._die(occupant, target, player)
            return Arrival.BOTH_DIED
        return Arrival.DIED

    def _arrive(self, player: int, kind: Kind, source: Cell | None, target: Cell) -> None:
        unit = Unit(player, kind)
        if source is not None:
            del self.units[source]
            self.events.append(Moved(player, kind, source, target))
        self.units[target] = unit
        if kind is Kind.WORKER:
            index = target[1] * SIDE + target[0]
            previous = self.territory[index]
            if previous != player:
                self.territory[index] = player
                self.events.append(Claimed(player, target, previous))

    def _die(self, unit: Unit, cell: Cell, killer: int, placed: bool = True) -> None:
        """``unit`` dies at ``cell`` (a new unit was never ``placed``); ``killer`` scores."""
        if placed:
            del self.units[cell]
        self.kills[killer - 1] += 1
        self.events.append(Died(unit.player, unit.kind, cell, killer))
