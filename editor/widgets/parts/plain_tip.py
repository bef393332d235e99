"""Tooltips that show their text letter for letter: Qt renders a tooltip as rich text when it
merely looks like markup, and a seat's name comes from a replay someone sent ("<h1>x</h1>")."""

from __future__ import annotations

import html

from PySide6.QtGui import Qt


def plain_tip(text: str) -> str:
    """``text`` for ``setToolTip`` (or a model's tooltip role) so that it shows as written: as it
    is when Qt would take it for plain text, else escaped in a paragraph that keeps its lines and
    spaces (a tooltip has no text format of its own to set)."""
    if not Qt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre'>{html.escape(text)}</p>"
