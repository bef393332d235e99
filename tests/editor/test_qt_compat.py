import sys

from PySide6.QtCore import QObject

from editor import qt_compat


def test_void_qt_calls_cannot_deallocate_none() -> None:
    """Regression: PySide6 6.12.0 on Python 3.11 drops a reference to None on every void method
    call, and the app aborted with "none_dealloc" a few seconds into a battle."""
    probe = QObject()
    for _ in range(20_000):
        probe.setObjectName("probe")
    assert qt_compat.none_refs_lost_per_void_call() < 0.5 or sys.getrefcount(None) > 2**59
