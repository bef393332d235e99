"""Tab in reading order across the parts of a pane.

Qt's Tab chain follows the order widgets were made in, and a widget made later and put into a
layout (a board built when its game is chosen, a scoreboard's rows at a match's start) joins the
chain at the window's end: Tab then reaches it after everything else. ``QWidget.setTabOrder``
cannot mend that for whole parts: on a container it moves the container alone, not its children,
and moving the children one by one leaves a container that hands its focus to a child (a tab
widget) behind the last of them, where Tab comes round to the first child again. So a pane steps
the focus itself (:func:`step_focus`, from its ``focusNextPrevChild``): through its parts in
their order, each part's stops in the order its own chain has them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget


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
