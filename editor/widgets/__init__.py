"""The editor's widgets, one per module, in folders by what they are for: ``cards`` (editing the
program), ``bench`` (the test bench), ``battle`` (the editor's Battle tab), ``arena`` (the arena pane),
``games`` (one folder per game: its board, plots and facts, found through
``games.registry.GAME_VIEWS``), ``tournament``, and ``parts`` that several of them share. Each
widget opens on its own with ``python -m editor.widgets.<folder>.<module>``."""

# Before any widget runs: PySide6 6.12.0 on Python 3.11 loses a reference to None per void call.
import editor.qt_compat  # noqa: F401
