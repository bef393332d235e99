from collections.abc import Callable
from PySide6.QtWidgets import QApplication, QWidget
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from editor.widgets.arena.arena_pane import ArenaPane
from tests.editor.arena.pane_driver import set_up, start, wait_finished, full_speed

def desc(w):
    if w is None: return None
    t = getattr(w, "text", None)
    t = t() if callable(t) else ""
    return f"{type(w).__name__}:{w.objectName()}:{w.accessibleName()}:{str(t)[:20]}"

def tour(qtbot, pane, n=45):
    out = []
    for _ in range(n):
        w = QApplication.focusWidget()
        out.append(desc(w))
        qtbot.keyClick(w if w is not None else pane, Qt.Key.Key_Tab)
    return out

def test_probe(qtbot: QtBot, make_pane: Callable[..., ArenaPane]) -> None:
    pane = make_pane()
    pane.show(); pane.resize(1440, 900)
    qtbot.waitExposed(pane)
    pane.activateWindow(); qtbot.waitActive(pane); pane.setup_panel.game_box.setFocus()
    print("SETUP"); print("\n".join(map(str, tour(qtbot, pane))))
    set_up(pane, "snake", ("hunter", "tail_biter", "wall_hugger"), {"rounds": 30})
    full_speed(qtbot, pane)
    start(qtbot, pane)
    wait_finished(qtbot, pane)
    print("MATCH focus", desc(QApplication.focusWidget()))
    print("\n".join(map(str, tour(qtbot, pane))))
    pane.grab().save("/tmp/a11y/match.png")
    assert False
