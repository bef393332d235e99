"""How many of a replay's moments are alive at once while a reader consumes them: the tests that
a long replay is read in bounded memory (card statistics, ``snakepit card --step``)."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

from arena.moments import Moment, replay_moments


class AliveMoments:
    """Stands in for :func:`arena.moments.replay_moments` (monkeypatch it in), noting the most
    moments alive at once (weak references: a moment the reader let go is freed at once)."""

    def __init__(self) -> None:
        self.refs: list[weakref.ref[Moment]] = []
        self.most = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Iterator[Moment]:
        for moment in replay_moments(*args, **kwargs):
            self.refs.append(weakref.ref(moment))
            self.most = max(self.most, sum(ref() is not None for ref in self.refs))
            yield moment
