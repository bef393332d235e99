"""A game's board on its own, as ``python -m editor.widgets.games.<game>.<game>_view [FILE]`` opens
it: the registered game's board (the one the arena pane shows), a game read from ``FILE`` or
started, played on step by step through the engine protocol with moves chosen as the conformance
suite chooses them (:class:`engines.playout.SeededPlay`), to look at a board while working on it.
A click on a seat's piece highlights it, a second click on it clears the highlight.

What differs between games (the file it opens by default, how a map or board file is read, the
window's size, who plays) is the board's :attr:`~editor.widgets.games.game_view.BoardAdapter.demo`.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.games import registry
from arena.games.descriptor import GameDescriptor
from editor.widgets.arena.match_runner import MATCH, Frame, MatchInfo
from editor.widgets.games.game_view import BoardAdapter, BoardContext, BoardDemo
from editor.widgets.games.registry import board_of
from editor.widgets.parts.standalone import play_on, read_file, run_alone
from engines.playout import SeededPlay

SEED = 1
"""The seed a demo plays from: the same game every time it is opened."""


class BoardDemoPlay:
    """A game shown on a board as it is played, a step at a time (:meth:`step`)."""

    def __init__(self, descriptor: GameDescriptor, board: BoardAdapter, state: Any, seed: int = SEED) -> None:
        seats = board.demo.seats()
        self.descriptor, self.board = descriptor, board
        self.play = SeededPlay(descriptor.engine, state, seed, seats.choose)
        self.frames = [Frame.start(state, descriptor.engine.scores(state))]
        self.highlighted: int | None = None
        board.begin(MatchInfo(MATCH, descriptor.name, seed, seats.names, {}, self.frames[0], programs=seats.programs),
                    seats.names)
        self._show()
        board.seatClicked.connect(self.toggle_highlight)
        # What the arena pane would do: there is no pane to say it or play it in.
        board.message.connect(lambda text: print(f"{descriptor.name} demo: {text}", file=sys.stderr))
        board.branchRequested.connect(lambda setup, turn: print(
            f"{descriptor.name} demo: a match from round {turn} plays in the app's arena, not here", file=sys.stderr))

    @property
    def over(self) -> bool:
        return self.play.over

    def step(self) -> bool:
        """Play one step and show it; False when the game is over."""
        if self.over:
            return False
        step = self.play.step()
        info = self.descriptor.referee.round_info(len(self.frames), step.state, step.moves, step.events, None,
                                                  self.play.rng)
        self.frames.append(self.frames[-1].then(info))
        self._show()
        return True

    def toggle_highlight(self, seat: int) -> None:
        """A click on a seat's piece: that seat highlighted, or none when it was."""
        self.highlighted = None if seat == self.highlighted else seat
        self.board.highlight(self.highlighted)

    def _show(self) -> None:
        last = len(self.frames) - 1
        self.board.show_frame(self.frames, last)
        self.board.refresh_plots(self.frames, last)


def start_state(descriptor: GameDescriptor, demo: BoardDemo, path: Path | None, seed: int = SEED) -> Any | None:
    """The state a demo starts from: read from ``path`` (None, with the reason on stderr, for a
    file that cannot be read or is no good), or the game's start."""
    engine = descriptor.engine
    if path is not None:
        read = demo.read
        parse = (lambda text: read(text, str(path))) if read is not None else engine.from_text
        return read_file(path, parse, demo.errors, f"{descriptor.name} demo", demo.encoding)
    if demo.start is not None:
        return demo.start(descriptor, seed)
    return engine.start(descriptor.playout_options(seed), descriptor.playout_seats)


@dataclass(frozen=True)
class DemoGame:
    """A demo's game, read or started, before its board is made (a widget wants the application)."""

    descriptor: GameDescriptor
    board: type[BoardAdapter]
    state: Any
    seed: int
    title: str

    def show(self) -> BoardDemoPlay:
        """Its board, showing the game's start."""
        scratch = Path(tempfile.gettempdir()) / "snakepit-demo"
        board = self.board(BoardContext(folder=lambda what: scratch / what))
        return BoardDemoPlay(self.descriptor, board, self.state, self.seed)


def open_demo(game: str, argv: Sequence[str], seed: int = SEED) -> DemoGame | None:
    """The game of ``argv`` (``[FILE]``) for the board of ``game``; None when the file is no good
    (said on stderr)."""
    descriptor = registry.game(game)
    board = board_of(descriptor)
    path = Path(argv[0]) if argv else board.demo.file
    state = start_state(descriptor, board.demo, path, seed)
    if state is None:
        return None
    return DemoGame(descriptor, board, state, seed, f"{board.__name__} — {path.name if path else 'a new game'}")


def run_demo(game: str, argv: Sequence[str] | None = None) -> int:
    """``python -m editor.widgets.games.<game>.<game>_view [FILE]``: the board of ``game`` on its
    own, playing on until the game is over or the window is closed; 2 for a bad file."""
    opened = open_demo(game, list(sys.argv[1:] if argv is None else argv))
    if opened is None:
        return 2
    demo = opened.board.demo

    def make() -> BoardAdapter:
        played = opened.show()
        play_on(played.board, lambda: played, BoardDemoPlay.step, demo.interval_ms)
        return played.board

    return run_alone(make, opened.title, demo.size)
