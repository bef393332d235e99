"""What a keyboard and screen-reader user needs of a pane that Qt does not do on its own: Tab in
reading order across the pane's parts (:func:`step_focus`), and changes away from the focus said
aloud (:func:`announce`, :class:`AnnouncingStatusBar`).

**Tab in reading order.** Qt's Tab chain follows the order widgets were made in, and a widget
made later and put into a layout (a board built when its game is chosen, a scoreboard's rows at a
match's start) joins the chain at the window's end: Tab then reaches it after everything else.
``QWidget.setTabOrder`` cannot mend that for whole parts: on a container it moves the container
alone, not its children, and moving the children one by one leaves a container that hands its
focus to a child (a tab widget) behind the last of them, where Tab comes round to the first child
again. So a pane steps the focus itself (:func:`step_focus`, from its ``focusNextPrevChild``):
through its parts in their order, each part's stops in the order its own chain has them.

**Announcements** (a saved file, a finished match, an error): a reader speaks what has the keys;
a status line that changes elsewhere stays silent unless it is announced. Only meaningful changes
are announced (a host decides which): a reader speaks each one whole, and a line that changes
every round of a 500-round match would bury everything else."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QTextDocumentFragment
from PySide6.QtWidgets import QApplication, QStatusBar, QWidget

ZERO_WIDTH = "\u200b"
"""Places to wrap a long name (:func:`~editor.widgets.arena.scoreboard.breakable_name`): no words."""


# --- announcements ----------------------------------------------------------------------------


def plain_words(text: str, rich: bool = False) -> str:
    """``text`` as a reader should say it: one line; ``rich`` (a label's rich text): its words,
    not its tags (plain text keeps its "<": a seat may be called "<h1>")."""
    plain = QTextDocumentFragment.fromHtml(text).toPlainText() if rich else text
    return " ".join(plain.replace(ZERO_WIDTH, "").split())


def announce(source: QWidget, text: str) -> None:
    """Have a screen reader say ``text`` (plain: see :func:`plain_words`), from ``source`` (the
    widget that shows it); nothing when there are no words."""
    words = plain_words(text)
    if words:
        deliver(source, words)


def deliver(source: QWidget, words: str) -> None:
    """The seam to the platform (tests replace it to hear what is said). Qt 6.8 and later have an
    announcement event; before it, ``source``'s accessible name becomes the words, and a reader
    hears the name change."""
    announcement = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
    if announcement is not None:
        QAccessible.updateAccessibility(announcement(source, words))
        return
    source.setAccessibleName(words)
    QAccessible.updateAccessibility(QAccessibleEvent(source, QAccessible.Event.NameChanged))


class AnnouncingStatusBar(QStatusBar):
    """A status bar whose messages a screen reader is told. Only the app's own: the status tips of
    menu items, which Qt shows from C++ (this override never sees them), a reader already says
    as the item itself."""

    def showMessage(self, text: str, timeout: int | None = 0) -> None:
        super().showMessage(text, timeout or 0)
        announce(self, text)


# --- Tab in reading order ------------------------------------------------------------------------


def tab_stops(part: QWidget) -> list[QWidget]:
    """The widgets inside ``part`` (``part`` too) that take Tab, in the chain's order, shown or
    not; a widget whose focus goes to another (a spin box's line edit) is left to that one."""
    stops: list[QWidget] = []
    widget: QWidget | None = part
    while widget is not None:
        if (part is widget or part.isAncestorOf(widget)) and takes_tab(widget) and widget.focusProxy() is None:
            stops.append(widget)
        widget = widget.nextInFocusChain()
        if widget is part:
            break
    return stops


def takes_tab(widget: QWidget) -> bool:
    return bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)


def reachable(widget: QWidget) -> bool:
    """Tab can land on ``widget`` now: it takes Tab, is shown and enabled."""
    return takes_tab(widget) and widget.isVisible() and widget.isEnabled() and widget.focusProxy() is None


def step_focus(host: QWidget, parts: Sequence[QWidget], forward: bool) -> bool:
    """Tab (``forward``) or Shift+Tab from the focused widget inside ``host``: to the next stop
    through ``parts`` in their order; past the last (before the first) to the window's next widget
    outside ``host``, or round to the first (the last) when there is none; from ``host`` itself to
    the first (the last) stop. False (Qt's own order) when the focus is on none of these."""
    focus = QApplication.focusWidget()
    window = host.window()  # (a part shown in a window of its own, a popped-out board, is not on the way)
    stops = [stop for part in parts for stop in tab_stops(part) if reachable(stop) and stop.window() is window]
    if focus is host and stops:  # (the host holds the keys after Start hid the setup)
        target = stops[0 if forward else -1]
    else:
        here = next((i for i, stop in enumerate(stops) if stop is focus), None)
        if focus is None or here is None:
            return False
        there = here + (1 if forward else -1)
        target = stops[there] if 0 <= there < len(stops) else _outside(host, focus, forward) or stops[0 if forward else -1]
    target.setFocus(Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason)
    return True


def _outside(host: QWidget, start: QWidget, forward: bool) -> QWidget | None:
    """The first widget Tab can land on after (before) ``start`` in the window's chain that is
    not inside ``host``."""
    widget = start.nextInFocusChain() if forward else start.previousInFocusChain()
    while widget is not None and widget is not start:
        if widget is not host and not host.isAncestorOf(widget) and reachable(widget):
            return widget
        widget = widget.nextInFocusChain() if forward else widget.previousInFocusChain()
    return None
