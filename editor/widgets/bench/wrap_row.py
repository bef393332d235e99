"""A row of control groups that stacks them when it is narrower than the row needs.

With a large application font (14 pt and a 1.25 scale) the bench's one-line rows (the field's
size and "me", the expected moves) were wider than the bench dock of a 1024-wide window, which
cut their texts ("dowr"). Stacked, each group keeps its words; wide enough, nothing changes."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QSizePolicy, QWidget

GROWING = (QSizePolicy.Policy.Expanding, QSizePolicy.Policy.MinimumExpanding)
Part = QWidget | int
"""A widget, or an int: that many pixels of space."""


class WrapRow(QWidget):
    """``groups`` side by side when they fit the width, else one under the other. Its minimum
    width is the widest group's, so the row never sets the width of what holds it."""

    def __init__(self, *groups: Sequence[Part], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups: list[QWidget] = []
        self._grows: list[bool] = []
        self._box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._box.setContentsMargins(0, 0, 0, 0)
        for parts in groups:
            group = QWidget()
            row = QHBoxLayout(group)
            row.setContentsMargins(0, 0, 0, 0)
            for part in parts:
                if isinstance(part, int):
                    row.addSpacing(part)
                else:
                    row.addWidget(part)
            grows = any(isinstance(p, QWidget) and p.sizePolicy().horizontalPolicy() in GROWING for p in parts)
            if not grows:
                row.addStretch(1)  # a group of fixed parts keeps them together at its left
            self.groups.append(group)
            self._grows.append(grows)
            self._box.addWidget(group, 1 if grows else 0)
        if not any(self._box.stretch(i) for i in range(len(self.groups))):
            self._box.setStretch(len(self.groups) - 1, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def stacked(self) -> bool:
        return self._box.direction() == QBoxLayout.Direction.TopToBottom

    def one_row_width(self) -> int:
        """The width the groups need side by side: a group that grows (a name box) may shrink
        to its minimum, the others keep their whole texts."""
        spacing = max(0, self._box.spacing())
        return sum((g.minimumSizeHint() if grows else g.sizeHint()).width() for g, grows in zip(self.groups, self._grows)) \
            + spacing * (len(self.groups) - 1)

    def minimumSizeHint(self) -> QSize:
        height = super().minimumSizeHint().height()
        return QSize(max(g.minimumSizeHint().width() for g in self.groups), height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        direction = QBoxLayout.Direction.TopToBottom if event.size().width() < self.one_row_width() \
            else QBoxLayout.Direction.LeftToRight
        if direction != self._box.direction():
            self._box.setDirection(direction)
            self.updateGeometry()  # taller or shorter: the layout above must make room
