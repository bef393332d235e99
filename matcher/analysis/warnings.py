"""Warnings about a program: things that run but are probably not what the author meant.

Distinct from :class:`matcher.validate.Problem` (an error: the program cannot run). A warning is
either proved (:attr:`ProgramWarning.proved`) or only observed in sampled positions."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from matcher.model import CardCell


class WarningKind(enum.Enum):
    ALWAYS_VALID = "always-valid"
    """Valid for every possible move in every position: every later card is unreachable."""
    NEVER_VALID = "never-valid"
    """No position makes any variant valid."""
    DEAD_GROUP = "dead-group"
    """An AND group no position can satisfy (the card still works through another)."""
    EQUAL = "equal"
    """The card equals an earlier one up to its eight variants."""
    SHADOWED = "shadowed"
    """Proved: wherever the card would decide, an earlier card already decides."""
    NEVER_DECIDED = "never-decided"
    """Observed only: the card decided none of the sampled positions and tests."""
    IDLE_WEIGHT = "idle-weight"
    """Patterns matched by every valid variant (or by none): their weight never changes the choice."""


@dataclass(frozen=True)
class ProgramWarning:
    """One warning. ``card`` is 0-based (messages count from 1, as the card list does);
    ``cells`` the card cells it is about; ``cards`` other cards it names (the earlier cards that
    shadow it, the later ones it makes unreachable)."""

    kind: WarningKind
    message: str
    card: int
    cells: tuple[CardCell, ...] = ()
    cards: tuple[int, ...] = ()
    proved: bool = True

    @property
    def where(self) -> str:
        return f"card {self.card + 1}"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "card": self.card,
            "cells": [{"row": r, "col": c} for r, c in self.cells],
            "cards": list(self.cards),
            "proved": self.proved,
            "message": self.message,
        }
