"""Reusable widgets, one per module; each opens on its own with ``python -m editor.widgets.<name>``."""

# Before any widget runs: PySide6 6.12.0 on Python 3.11 loses a reference to None per void call.
import editor.qt_compat  # noqa: F401
