"""Telling a screen reader what changed away from the focus: a saved file, a finished match, an
error. A reader speaks what has the keys; a status line that changes elsewhere stays silent
unless it is announced.

Only meaningful changes are announced (a host decides which): a reader speaks each one whole,
and a line that changes every round of a 500-round match would bury everything else."""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtGui import QAccessible, QAccessibleEvent, QTextDocumentFragment
from PySide6.QtWidgets import QStatusBar, QWidget

ZERO_WIDTH = "\u200b"
"""Places to wrap a long name (:func:`~editor.widgets.arena.scoreboard.breakable_name`): no words."""


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
