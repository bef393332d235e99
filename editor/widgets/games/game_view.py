"""What a game brings to the editor, and the one interface the arena pane and the setup forms
use for every game (napari's layer → controls map is the model).

A game is a :class:`GameView`: the facts its setup forms show (:class:`GameSpec`) and how its
board is made. The board (a :class:`BoardAdapter`) shows a frame, highlights a seat, reports
clicks on one, keeps its own plots up to date, and brings the actions and exports only it has
(a snake battle's "Continue from here", the kingdoms history), so nothing outside a game's
folder names the game. The games are found in :data:`editor.widgets.games.registry.GAME_VIEWS`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QVBoxLayout, QWidget

from arena.games.descriptor import GameDescriptor
from arena.match import CANCELLED
from editor.widgets.arena.match_runner import Frame, MatchInfo
from editor.widgets.games.board_legend import BoardView
from engines.playout import Chooser
from matcher import Program


@dataclass(frozen=True)
class GameSpec:
    """How the setup forms (a match's, a tournament's) and the pane's texts show a game."""

    title: str
    noun: str
    """What a seat is called: "Snake", "Worm", "Kingdom"."""
    programs: bool = False
    """Seats are snake card programs (file, sample, the editor's); otherwise bot command lines."""
    map_option: str | None = None
    map_title: str = "Map"
    maps: Callable[[], list[tuple[str, str]]] = lambda: []
    """The samples offered for the map: ``(label, option value)``."""
    map_required: bool = False
    """A tournament must name a map: the game has none of its own."""
    tournament_map: bool = True
    """The tournament form offers the map too (a board drawn from each game's seed needs none)."""
    numbers: tuple[tuple[str, str, int, int, str], ...] = ()
    """Whole-number options shown as spin boxes: ``(option, label, low, high, tooltip)``."""
    default_seats: tuple[str, ...] = ()
    time_option: str = "time_limit"
    """The option in seconds the time box sets: a limit per answer, or ITPW's bank."""
    time_title: str = "Time limit"
    flags: tuple[tuple[str, str, str], ...] = ()
    """Yes/no options shown as check boxes: ``(option, label, tooltip)``."""
    round_noun: str = "round"
    """What one round of the match is to people: a step, a move, a turn."""
    round_limit_title: str = "Rounds"
    """The round limit's label on the setup forms."""
    round_limit_tip: str = ""
    """Its tooltip: the option's help, in people's words (never the option's name)."""
    ends: Mapping[str, str] = field(default_factory=dict)
    """The engine's end reasons in words ("the round limit"), by their code."""

    def end_text(self, code: str) -> str:
        """Why a match ended, in words (a code without words shows as it is)."""
        return "stopped" if code == CANCELLED else self.ends.get(code, code.replace("_", " "))

    def map_name(self, value: str) -> str:
        """A map as the chooser names it (an own file: its file name without the suffix)."""
        name = Path(value).name
        found = next((label for label, sample in self.maps() if sample and Path(sample).name == name), None)
        return found if found is not None else Path(value).stem


@dataclass(frozen=True)
class BoardContext:
    """What a board may ask of the pane that shows it."""

    folder: Callable[[str], Path]
    """A fresh folder in the pane's scratch space, named after what it is for (``"what-if"``);
    not created yet."""
    editor_program: Callable[[], Program | None] | None = None
    """The program open in the editor, where there is an editor."""
    settings: QSettings | None = None
    """Where the host remembers its folders (the main window's settings); None: the app's default."""


@dataclass(frozen=True)
class BoardExport:
    """An export only one game's board has, offered in the pane's Export menu."""

    what: str
    """What it is called in messages and in :meth:`ArenaPane.export` (``"history plot"``)."""
    menu_text: str
    file_name: str
    """The suggested file name after the match's ``<game>-<seed>``: ``"-history.png"``."""
    file_filter: str
    write: Callable[[Path], Path]
    """Writes the export to a path and returns it; raises :class:`PlotError` when it cannot."""


@dataclass(frozen=True)
class DemoSeats:
    """Who plays a board's stand-alone demo."""

    names: tuple[str, ...] = ()
    """The seats' names (none: the board's own, "Worm 0"...)."""
    choose: Chooser[Any] | None = None
    """How the seats' moves are chosen; None: the game's random legal moves."""
    programs: tuple[Program, ...] = ()
    """The seats' snake programs, where they choose (the board explains their moves)."""


@dataclass(frozen=True)
class BoardDemo:
    """How a board shows on its own (``python -m editor.widgets.games.<game>.<game>_view [FILE]``,
    :func:`editor.widgets.games.board_demo.run_demo`): a game from a file or from a start, played
    on from a seed. What a game leaves out is done the same for every game."""

    size: tuple[int, int] = (760, 600)
    interval_ms: int = 200
    """How long each step is shown."""
    file: Path | None = None
    """What it opens without a file argument (None: :attr:`start`)."""
    start: Callable[[GameDescriptor, int], Any] | None = None
    """The state without a file, from the game and the seed; None: the conformance suite's start
    (the descriptor's ``playout`` options)."""
    read: Callable[[str, str], Any] | None = None
    """A file's state from its text and its name (a map, a board); None: the engine's state text."""
    errors: tuple[type[Exception], ...] = (KeyError, IndexError, TypeError, ValueError)
    """What :attr:`read` raises for a bad file (an engine's state text from another package may
    not raise a ``ValueError``)."""
    encoding: str = "utf-8"
    seats: Callable[[], DemoSeats] = DemoSeats


class BoardAdapter(QWidget):
    """A game's board as the arena pane uses it: shows a frame, highlights a seat, reports clicks."""

    demo: ClassVar[BoardDemo] = BoardDemo()
    """How the board shows on its own."""

    seatClicked = Signal(int)
    branchRequested = Signal(object, int)
    """A match from a shown turn (a what-if): its :class:`MatchSetup` and the turn it starts at."""
    message = Signal(str)
    """A one-line note for the host's status bar (what went wrong with an action)."""
    cardRequested = Signal(object)
    """"New card from here": a snake's moment to make a card of, for the editor's program
    (:class:`editor.widgets.authoring.moment_source.CardMoment`)."""

    def __init__(self, context: BoardContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        """A new match (or replay) starts."""

    def show_frame(self, frames: Sequence[Frame], index: int) -> None: ...

    def highlight(self, seat: int | None) -> None: ...

    def frame_widget(self) -> QWidget:
        """What "Export frame" grabs."""
        return self

    def refresh_plots(self, frames: Sequence[Frame], index: int) -> None:
        """The board's own live plots catch up (called at most every few 100 ms, and before an
        export)."""

    def board_actions(self) -> Sequence[QAction]:
        """What the pane's header offers while this board is shown."""
        return ()

    def board_exports(self) -> Sequence[BoardExport]:
        """What the pane's Export menu offers beyond the frame and the shared plots."""
        return ()

    def timed(self, info: MatchInfo) -> bool:
        """Whether the seats' think times are known (the scoreboard and the think-time plot)."""
        return True

    def _fill_with(self, widget: QWidget) -> None:
        """``widget`` takes all of the board's room."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(widget)


ViewT = TypeVar("ViewT", bound="BoardView[Any]")


class GridBoard(BoardAdapter, Generic[ViewT]):
    """A board that is one grid view (worms, ITPW, Bio-blots), numbered and navigable; a game
    adds how a frame is shown, which seat a highlight rings and what a click on a piece selects."""

    def __init__(self, context: BoardContext, view: ViewT, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.view = view
        view.set_axes(True)  # tooltips name cells by their coordinates: the axes say which is which
        view.set_navigable(True)  # the wheel zooms, a drag moves the zoomed board
        self._fill_with(view)

    def begin(self, info: MatchInfo, names: Sequence[str]) -> None:
        self.view.set_seat_names(names)
        self.highlight(None)


@dataclass(frozen=True)
class GameView:
    """A game in the editor: its facts and how its board is made."""

    spec: GameSpec
    board: Callable[[BoardContext], BoardAdapter]
