"""The main window, for now a battle player: File (Open Program, Quit) and Help (About).

The full editor (card canvas, test bench, arena pane) replaces the central widget later; the window
only wires widgets together."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QMessageBox, QWidget

from arena.samples import SNAKE_SAMPLES
from arena.snake_battle import BattleSettings
from editor.seats import Seat, seats_for_file
from editor.widgets.battle_player import BattlePlayer
from matcher import ProgramError
from matcher.fileformat import PROGRAM_SUFFIX

ABOUT = """<h3>snakepit</h3>
<p>A desktop studio for programming games.</p>
<p>Snake programs are decks of 7&times;7 pattern cards: each step, a snake takes the move of the
first card whose patterns match the field around its head. Snakes win by biting their rivals'
tails.</p>
<p>This window plays a battle of sample programs; the card editor is on its way.</p>"""


class MainWindow(QMainWindow):
    def __init__(self, seats: Sequence[Seat], settings: BattleSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("snakepit")
        self.player = BattlePlayer(seats, settings)
        self.setCentralWidget(self.player)
        self._build_menus()
        self._show_seats()
        self.resize(1200, 800)
        self._restore_geometry()

    def open_program(self, path: str) -> bool:
        """Play the program in ``path`` against three samples; a bad file is reported, not raised."""
        try:
            seats = seats_for_file(path)
        except ProgramError as err:
            show_load_error(self, f"Could not open the program {path!r}.", err)
            return False
        self.player.deleteLater()
        self.player = BattlePlayer(seats, self.player.settings)
        self.setCentralWidget(self.player)
        self._show_seats()
        self.player.play()
        return True

    # --- building ----------------------------------------------------------------------------

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open Program…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.setStatusTip("Play a program file against three samples")
        self.open_action.triggered.connect(self._ask_program)
        file_menu.addAction(self.open_action)
        file_menu.addSeparator()
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = QAction("&About snakepit", self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(lambda: QMessageBox.about(self, "About snakepit", ABOUT))
        help_menu.addAction(self.about_action)
        about_qt = QAction("About &Qt", self)
        about_qt.setMenuRole(QAction.MenuRole.AboutQtRole)
        about_qt.triggered.connect(QApplication.aboutQt)
        help_menu.addAction(about_qt)

    def _show_seats(self) -> None:
        self.statusBar().showMessage("Battle: " + " vs ".join(self.player.names))

    def _ask_program(self) -> None:
        start = str(SNAKE_SAMPLES) if SNAKE_SAMPLES.is_dir() else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, "Open Program", start, f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
        if path:
            self.open_program(path)

    # --- window state ------------------------------------------------------------------------

    def _restore_geometry(self) -> None:
        geometry = QSettings().value("main_window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.player.pause()
        QSettings().setValue("main_window/geometry", self.saveGeometry())
        super().closeEvent(event)


def show_load_error(parent: QWidget | None, headline: str, error: Exception) -> None:
    """A modal error box: ``headline`` on top, the error's own message below it."""
    box = QMessageBox(QMessageBox.Icon.Critical, "snakepit", headline, parent=parent)
    box.setInformativeText(str(error))
    box.exec()
