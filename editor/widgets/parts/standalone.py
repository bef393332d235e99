"""One widget on its own, as ``python -m editor.widgets.<role>.<module>`` opens it: a window of its
own on a sample, to look at it and try it while working on it (every widget can be shown so)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from arena.samples import SNAKE_SAMPLES
from editor.document import ProgramDocument
from matcher import load_program
from matcher.fileformat import PROGRAM_SUFFIX

W = TypeVar("W", bound=QWidget)
T = TypeVar("T")


class _Game(Protocol):
    @property
    def over(self) -> bool: ...


G = TypeVar("G", bound=_Game)


def application() -> QApplication:
    """The running application, made first when there is none (before any widget)."""
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication(sys.argv[:1])


def run_alone(make: Callable[[], W], title: str, size: tuple[int, int],
              then: Callable[[W], object] | None = None) -> int:
    """Show what ``make`` builds as a window titled ``title`` of ``size``, call ``then`` with it
    (start playing, open a file), and run until the window is closed."""
    app = application()
    widget = make()
    widget.setWindowTitle(title)
    widget.resize(*size)
    widget.show()
    if then is not None:
        then(widget)
    return app.exec()


def sample_document(name: str, card: int = 0) -> ProgramDocument:
    """A shipped snake program (``"hunter"``) as an open document, on card ``card`` (from 0)."""
    path = SNAKE_SAMPLES / f"{name}{PROGRAM_SUFFIX}"
    document = ProgramDocument(load_program(path), path)
    document.set_current_card(card)
    return document


def play_on(parent: QObject, shown: Callable[[], G | None], advance: Callable[[G], bool], interval_ms: int) -> QTimer:
    """Every ``interval_ms``, ``advance`` the game ``shown()`` gives by a round (it shows the
    result), until the game is over or ``advance`` says no round is left to play."""
    timer = QTimer(parent)

    def tick() -> None:
        state = shown()
        if state is None or state.over or not advance(state):
            timer.stop()

    timer.timeout.connect(tick)
    timer.start(interval_ms)
    return timer


def read_file(path: Path, parse: Callable[[str], T], errors: tuple[type[Exception], ...], program: str,
              encoding: str = "utf-8") -> T | None:
    """``parse`` of the text of ``path``; None, with the reason on stderr, when the file cannot be
    read or is no good (``errors``: what ``parse`` raises for bad text)."""
    try:
        return parse(path.read_text(encoding=encoding))
    except OSError as error:
        print(f"{program}: {path}: {error.strerror or error}", file=sys.stderr)
    except UnicodeDecodeError:
        print(f"{program}: {path}: not a text file", file=sys.stderr)
    except errors as error:
        where = "" if str(error).startswith(str(path)) else f"{path}: "
        print(f"{program}: {where}{error}", file=sys.stderr)
    return None
