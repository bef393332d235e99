"""Types of the editor tests' fixtures (tests/editor/conftest.py) that a plain ``Callable``
cannot say, for the tests' annotations."""

from __future__ import annotations

from typing import Protocol, TypeVar

from PySide6.QtWidgets import QWidget

W = TypeVar("W", bound=QWidget)


class Shown(Protocol):
    """The ``shown`` fixture: ``shown(widget, (width, height))`` registers ``widget`` with qtbot,
    sizes, shows and exposes it, and gives it back as it came (its own type)."""

    def __call__(self, widget: W, size: tuple[int, int]) -> W: ...
