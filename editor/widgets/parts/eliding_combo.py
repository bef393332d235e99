"""A choice box whose chosen entry, when longer than the box, ends in "…" instead of being cut
mid-letter (Qt's styles clip a combo box's text at its edge: "Aggressive corner hunter, second v"),
with the whole entry in its tooltip."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget


class ElidingComboBox(QComboBox):
    """A :class:`QComboBox` that draws its current text elided to the room it has. ``tip`` is
    what the box is for; the tooltip is the chosen entry's whole text (and its own tooltip, a
    file's path) over that."""

    def __init__(self, tip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tip = tip
        self.currentIndexChanged.connect(self._retip)
        self._retip()

    def shown_text(self) -> str:
        """The current text as drawn: whole when it fits the text field, else elided with "…"."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self._elided(option)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: ARG002  (the whole box is drawn)
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._elided(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def _elided(self, option: QStyleOptionComboBox) -> str:
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        room = field.width() - 2  # the style draws the text 1 px in from either side
        if not option.currentIcon.isNull():
            room -= option.iconSize.width() + 4  # the icon and its gap come first
        return self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight, max(0, room))

    def _retip(self) -> None:
        own = self.itemData(self.currentIndex(), Qt.ItemDataRole.ToolTipRole) if self.currentIndex() >= 0 else None
        lines = [self.currentText(), str(own) if own else "", self._tip]
        self.setToolTip("\n".join(line for line in lines if line))
