"""Keyboard shortcuts as the platform has them, with our own keys where it has none.

One way for every action: the platform's bindings for a :class:`QKeySequence.StandardKey` (Ctrl+Q
on Linux desktops, none for Quit on Windows), then our alternates that are not among them. An
action never lists the same key twice: Qt treats a key bound twice as ambiguous and ignores it
(issue 16: Quit had both ``StandardKey.Quit`` and ``"Ctrl+Q"``, so Ctrl+Q did nothing on Linux)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

StandardKey = QKeySequence.StandardKey


def standard_keys(standard: StandardKey | None, *alternates: str) -> list[QKeySequence]:
    """The platform's keys for ``standard`` followed by each of ``alternates`` it lacks, each key
    once, in that order (the first is the one menus show)."""
    keys: list[QKeySequence] = []
    candidates = list(QKeySequence.keyBindings(standard)) if standard is not None else []
    for key in candidates + [QKeySequence(text) for text in alternates]:
        if not key.isEmpty() and all(key != seen for seen in keys):
            keys.append(key)
    return keys


def key_text(keys: list[QKeySequence]) -> str:
    """The first key as the platform writes it (``Ctrl+Shift+S``), or "" without one."""
    return keys[0].toString(QKeySequence.SequenceFormat.NativeText) if keys else ""
