"""Work around PySide6 6.12.0's lost ``None`` references on Python 3.11.

Bug: with PySide6/shiboken6 6.12.0 on CPython 3.11, every call of a Qt method that returns
``void`` (``label.setText(...)``, ``painter.setBrush(...)``, ``obj.setObjectName(...)``) gives back
``None`` without taking a reference to it. ``None`` starts with a few thousand references, so after
a few thousand such calls — seconds of painting a battle — the interpreter aborts with "Fatal
Python error: none_dealloc: deallocating None". 6.11.3 does not have the bug, and on Python 3.12+
``None`` is immortal (PEP 683), so it cannot happen there.

The real fix is a PySide6 version without the bug (keep 6.12.0 out of the dependencies). Until then
:func:`guard_none_refcount` detects the leak at run time and, only when it is present, gives
``None`` enough references that it can never reach zero — what Python 3.12 does for every
interpreter. It is a no-op everywhere else.
"""

from __future__ import annotations

import ctypes
import platform
import sys

from PySide6.QtCore import QObject

PROBE_CALLS = 64
RESERVE = 1 << 60
"""References added to ``None``: at a billion lost references a second, 36 years of headroom."""


def none_refs_lost_per_void_call() -> float:
    """How many references ``None`` loses per call of a void Qt method (0 when PySide6 is sound)."""
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        probe.setObjectName("probe")
    return (before - sys.getrefcount(None)) / PROBE_CALLS


def guard_none_refcount() -> bool:
    """Make ``None`` unkillable when this PySide6 leaks its references; return whether it did."""
    if sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return False
    if none_refs_lost_per_void_call() < 0.5:
        return False
    # CPython 3.11 keeps ob_refcnt (a Py_ssize_t) first in every object, at the address id() gives.
    ctypes.c_ssize_t.from_address(id(None)).value += RESERVE
    return True


NONE_GUARDED = guard_none_refcount()
"""Applied once, on first import, before any widget makes void calls."""
