"""Setting a match up: the game, its seats, its map, the seed and the limits; the last setup of
every game is remembered.

What differs between games is each game's :class:`~editor.widgets.games.game_view.GameSpec` (what
a seat is, which option names the map and where its samples are, which whole-number options to
show), found through :data:`editor.widgets.games.registry.GAME_VIEWS`; the rest — the seat rows,
shuffle and rotate, seed, time and resource limits, Start — is shared. A game shows up in the
chooser once it is there and its referee is registered in :data:`arena.match.GAMES`."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayoutItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.bots import BotCommand, BotCommandError
from arena.games.registry import load_problems
from arena.match import GAMES, MatchSetup, MatchSetupError
from arena.samples import find_sample_bot, resolve_program
from editor.typing_guard import install_typing_guard
from editor.widgets.games.game_view import GameSpec
from editor.widgets.games.registry import GAME_VIEWS, playable_games
from editor.widgets.parts.boxes import STRETCH, column, row
from editor.widgets.parts.form_widgets import (
    SEED_LIMIT,
    OptionRows,
    buddy_label,
    option_tip,
    choice_box,
    error_line,
    file_choice,
    fill_choices,
    game_row,
    heading,
    setup_form,
    spin_box,
    tool_button,
)
from editor.widgets.parts.seat_cards import swatch_pixmap
from editor.widgets.parts.seat_choices import (
    EDITOR_SEAT,
    BotDefaults,
    bot_samples,
    program_samples,
    unsandboxed_checkbox,
)
from editor.widgets.parts.dialog_folders import BOTS, MAPS, PROGRAMS, game_start_folder, remember_file
from editor.widgets.parts.seat_names import numbered, plain_tip, seat_label
from matcher import Program, ProgramError, load_program, save_program
from matcher.fileformat import PROGRAM_SUFFIX

SETTINGS_KEY = "arena/setup/"
GAME_KEY = "arena/game"
MiB = 1 << 20


class SeatEditor(QWidget):
    """One seat: its colour, a combo of samples that also takes a typed path or command line, and
    a file picker."""

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.swatch = QLabel()
        self.swatch.setPixmap(swatch_pixmap(index))
        self.combo = QComboBox()
        self.combo.setEditable(True)
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(10)
        self.combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.browse = QToolButton()
        self.browse.setText("…")
        self.browse.setAccessibleName(f"{seat_label(index)}: choose a file")  # "…" says nothing to a reader
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        row.addWidget(self.swatch)
        row.addWidget(self.combo, 1)
        row.addWidget(self.browse)

    def fill(self, choices: Sequence[tuple[str, str]], tip: str) -> None:
        self.combo.clear()
        for label, value in choices:
            self.combo.addItem(label, value)
            self.combo.setItemData(self.combo.count() - 1, plain_tip(value), Qt.ItemDataRole.ToolTipRole)
        self.combo.setToolTip(tip)
        self.browse.setToolTip(f"{seat_label(self.index)}: choose a file")

    def value(self) -> str:
        """The chosen sample's path, or what was typed."""
        text = self.combo.currentText().strip()
        found = self.combo.findText(text)
        return str(self.combo.itemData(found)) if found >= 0 else text

    def set_value(self, value: str) -> None:
        found = self.combo.findData(value)
        if found < 0:  # a sample named by its file name, as the defaults do
            found = next((i for i in range(self.combo.count())
                          if Path(str(self.combo.itemData(i))).name in (value, value + PROGRAM_SUFFIX)), -1)
        if found >= 0:
            self.combo.setCurrentIndex(found)
        else:
            self.combo.setEditText(value)


class MatchSetupPanel(QWidget):
    """The setup form. ``editor_program`` gives the program open in the editor (snake seats can
    play it); ``scratch`` is where its snapshot is written at Start."""

    startRequested = Signal()
    openReplayRequested = Signal()
    gameChanged = Signal(str)

    def __init__(self, settings: QSettings, *, scratch: Path, editor_program: Callable[[], Program | None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        install_typing_guard()  # Space and the arrows type into the seat fields, not the transport
        self.settings = settings
        self.scratch = scratch
        self.editor_program = editor_program
        self._game = ""
        self._shuffles = 0
        self.seats: list[SeatEditor] = []
        self.bot_defaults = BotDefaults()
        self._build()
        games = playable_games()
        last = str(settings.value(GAME_KEY, games[0]))
        self.set_game(last if last in games else games[0])
        self.show_message("\n".join(load_problems()))  # a game another package adds that cannot load: whose, and why

    # --- our API -----------------------------------------------------------------------------

    def set_bot_defaults(self, defaults: BotDefaults) -> None:
        """The user's preferences for bots: the limits a game's form starts with (a remembered
        setup keeps its own) and the seats allowed the network in every match."""
        self.bot_defaults = defaults

    def game(self) -> str:
        return self._game

    def spec(self) -> GameSpec:
        return GAME_VIEWS[self._game].spec

    def set_game(self, game: str) -> None:
        """Show ``game``'s form with its last setup (or its defaults)."""
        if game == self._game:
            return
        if self._game:
            self.remember()
        self._game = game
        self.game_box.setCurrentIndex(self.game_box.findData(game))
        self._show_game()
        self.restore()
        self.gameChanged.emit(game)

    def seat_values(self) -> list[str]:
        return [seat.value() for seat in self.seats]

    def set_seats(self, values: Sequence[str]) -> None:
        referee = GAMES[self._game]
        count = max(referee.min_seats, min(referee.max_seats, len(values)))
        self._seat_count(count)
        for seat, value in zip(self.seats, values):
            seat.set_value(value)

    def shuffle_seats(self) -> None:
        """Seats in a new order, drawn from the seed (and how often it was shuffled); never the
        order they had (a click that changes nothing looks broken), unless all seats are alike."""
        before = self.seat_values()
        self._shuffles += 1
        rng = random.Random(f"{self.seed_box.value()}/shuffle/{self._shuffles}")
        values = list(before)
        while len(set(before)) > 1 and values == before:
            rng.shuffle(values)
        self.set_seats(values)

    def rotate_seats(self) -> None:
        """Every seat one place on; the last takes the first."""
        values = self.seat_values()
        self.set_seats(values[-1:] + values[:-1])

    def new_seed(self) -> None:
        self.seed_box.setValue(secrets.randbelow(1_000_000))

    def options(self) -> dict[str, Any]:
        """The game's options as the form sets them (left-out options take the game's defaults)."""
        referee, spec = GAMES[self._game], self.spec()
        options: dict[str, Any] = {}
        if spec.map_option is not None and self.map_box.currentData():
            options[spec.map_option] = str(self.map_box.currentData())
        options.update(self.option_rows.values())
        limit = referee.round_limit
        if limit is not None and (self.rounds_box.value() or referee.defaults.get(limit) is not None):
            options[limit] = self.rounds_box.value() or None
        if spec.time_option in referee.defaults:
            options[spec.time_option] = self.time_box.value()
        if "limits" in referee.defaults:
            memory = self.memory_box.value() * MiB
            options["limits"] = {"memory": memory, "address_space": memory, "cpu_seconds": self.cpu_box.value()}
        if "sandbox" in referee.defaults and self.unsandboxed_box.isChecked():
            options["sandbox"] = False
        elif "network" in referee.defaults and self.bot_defaults.network_seats:
            options["network"] = [seat for seat in self.bot_defaults.network_seats if seat < len(self.seats)]
        return options

    def setup(self) -> MatchSetup:
        """The match the form describes; :class:`MatchSetupError` names what is missing."""
        seats, names = [], []
        for index, value in enumerate(self.seat_values()):
            if not value:
                raise MatchSetupError(f"{seat_label(index).lower()}: choose a {'program' if self.spec().programs else 'bot'}")
            if self.spec().programs:
                value, name = self._program_seat(index, value)
                names.append(name)
            else:
                self._check_bot(index, value)
            seats.append(value)
        return MatchSetup(self._game, tuple(seats), self.seed_box.value(), self.options(), numbered(names))

    def remember(self) -> None:
        """Keep the form's setup of the current game for the next time it is chosen."""
        data = {"seats": self.seat_values(), "seed": self.seed_box.value(), "rounds": self.rounds_box.value(),
                "time_limit": self.time_box.value(), "memory": self.memory_box.value(), "cpu": self.cpu_box.value(),
                "map": self.map_box.currentData() if self.spec().map_option else None,
                "numbers": {name: box.value() for name, box in self.number_boxes.items()},
                "flags": {name: check.isChecked() for name, check in self.flag_boxes.items()}}
        self.settings.setValue(SETTINGS_KEY + self._game, json.dumps(data))
        self.settings.setValue(GAME_KEY, self._game)

    def restore(self) -> None:
        """The remembered setup of the current game, or its defaults."""
        self._defaults()
        try:
            data = json.loads(str(self.settings.value(SETTINGS_KEY + self._game, "")))
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        seats = data.get("seats")
        if isinstance(seats, list) and all(isinstance(s, str) for s in seats):
            self.set_seats(seats)
        for key, box in (("seed", self.seed_box), ("rounds", self.rounds_box), ("memory", self.memory_box),
                         ("cpu", self.cpu_box)):
            if isinstance(data.get(key), int):
                box.setValue(data[key])
        if isinstance(data.get("time_limit"), (int, float)):
            self.time_box.setValue(float(data["time_limit"]))
        if isinstance(data.get("map"), str):
            self.set_map(data["map"])
        for key in ("numbers", "flags"):
            if isinstance(data.get(key), dict):
                self.option_rows.set_values(data[key])

    @property
    def number_boxes(self) -> dict[str, QSpinBox]:
        """The game's whole-number options' boxes, by option."""
        return self.option_rows.numbers

    @property
    def flag_boxes(self) -> dict[str, QCheckBox]:
        """The game's yes/no options' boxes, by option."""
        return self.option_rows.flags

    def set_map(self, value: str) -> None:
        """Choose a map (a sample's or any file); a file not offered yet is added to the choices."""
        found = self.map_box.findData(value)
        if found < 0:
            self.map_box.addItem(Path(value).name, value)
            self.map_box.setItemData(self.map_box.count() - 1, plain_tip(value), Qt.ItemDataRole.ToolTipRole)
            found = self.map_box.count() - 1
        self.map_box.setCurrentIndex(found)

    def show_message(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.game_box = choice_box([(GAME_VIEWS[game].spec.title, game) for game in playable_games()], "The game to play",
                                   lambda game: self.set_game(str(game)))

        self.shuffle_button = tool_button("Shuffle", "Seats in a random order (drawn from the seed)", self.shuffle_seats)
        self.rotate_button = tool_button("Rotate", "Every seat one place on", self.rotate_seats)
        self.add_button = tool_button("+", "One more seat", lambda: self._seat_count(len(self.seats) + 1))
        self.remove_button = tool_button("−", "One seat less", lambda: self._seat_count(len(self.seats) - 1))
        self.add_button.setAccessibleName("One more seat")  # a reader does not read a tooltip as the name
        self.remove_button.setAccessibleName("One seat less")
        seat_tools = QHBoxLayout()
        seat_tools.setSpacing(4)
        seat_tools.addWidget(heading("Seats"))
        seat_tools.addStretch(1)
        for button in (self.add_button, self.remove_button, self.shuffle_button, self.rotate_button):
            seat_tools.addWidget(button)
        self.seat_box = QVBoxLayout()
        self.seat_box.setSpacing(4)

        self.map_box, self.map_browse, self._map_row = file_choice(self._browse_map)
        map_row = self._map_row

        self.rounds_box = QSpinBox()
        self.rounds_box.setRange(0, 1_000_000)
        self.rounds_box.setSingleStep(50)
        self.rounds_box.setAccelerated(True)
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_LIMIT)
        self.seed_box.setToolTip("The match's seed: the same seed and bots play the same match")
        self.seed_button = tool_button("New seed", "Draw a new random seed", self.new_seed)
        seed_row = row((self.seed_box, 1), self.seed_button)

        self.time_box = QDoubleSpinBox()
        self.time_box.setRange(0.05, 600.0)
        self.time_box.setDecimals(2)
        self.time_box.setSingleStep(0.5)
        self.time_box.setSuffix(" s")
        self.time_box.setToolTip("Seconds a bot has for each answer")
        self.memory_box = spin_box(16, 64 * 1024, suffix=" MiB", tip="Memory of each seat: all the processes of its bot together "
                                "(unsandboxed, or where the sandbox cannot make cgroups: of each process)")
        self.cpu_box = spin_box(1, 86_400, "CPU seconds a bot may use over the whole match", suffix=" s")
        self._limits_row = limits_row = QHBoxLayout()
        limits_row.setSpacing(6)
        limits_row.addWidget(self.memory_box, 1)
        limits_row.addWidget(self.cpu_box, 1)

        self.form = setup_form()
        self.option_rows = OptionRows(self.form)  # the game's own labelled options: remade for each game
        # Each label is its field's buddy: a screen reader announces the field by it.
        self.map_label, self.rounds_label = buddy_label("Map", self.map_box), buddy_label("Rounds", self.rounds_box)
        self.form.addRow(self.map_label, map_row)
        self.form.addRow(self.rounds_label, self.rounds_box)
        self.form.addRow(buddy_label("Seed", self.seed_box), seed_row)
        self.time_label = buddy_label("Time limit", self.time_box)
        self.form.addRow(self.time_label, self.time_box)
        self.form.addRow(buddy_label("Memory, CPU", self.memory_box), limits_row)
        self.unsandboxed_box = unsandboxed_checkbox("on the scoreboard and in the replay")
        self.unsandboxed_box.toggled.connect(self._sandbox_toggled)
        self.sandbox_label = buddy_label("Sandbox", self.unsandboxed_box)
        self.form.addRow(self.sandbox_label, self.unsandboxed_box)

        self.start_button = QPushButton("Start match")
        self.start_button.setDefault(True)
        self.start_button.setToolTip("Play this setup (Ctrl+Return)")
        self.start_button.clicked.connect(self.startRequested)
        self.replay_button = QPushButton("Open replay…")
        self.replay_button.setToolTip("Watch a saved match (a .jsonl replay of the app or the command line)")
        self.replay_button.clicked.connect(self.openReplayRequested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.replay_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)

        self.message_label = error_line("setupMessage")

        games = game_row(self.game_box)
        game_label = games.labelForField(self.game_box)
        if isinstance(game_label, QLabel):
            game_label.setBuddy(self.game_box)
        column(games, seat_tools, self.seat_box, 2, self.form, self.message_label, STRETCH, buttons,
               parent=self, spacing=8)

    def _sandbox_toggled(self, unsandboxed: bool) -> None:
        self.start_button.setText("Start unsandboxed" if unsandboxed else "Start match")

    def _show_game(self) -> None:
        referee, spec = GAMES[self._game], self.spec()
        for seat in self.seats:
            _drop(seat)
        self.seats = []
        self._seat_count(len(spec.default_seats) or referee.min_seats)
        variable = referee.min_seats != referee.max_seats
        self.add_button.setVisible(variable)
        self.remove_button.setVisible(variable)
        self.map_box.clear()
        fill_choices(self.map_box, spec.maps())
        self.form.setRowVisible(self._map_row, spec.map_option is not None)
        self.map_label.setText(spec.map_title)
        self.map_browse.setAccessibleName(f"{spec.map_title}: choose a file")
        self.option_rows.show(spec.numbers, spec.flags, numbers_at=1)
        limit = referee.round_limit
        self.form.setRowVisible(self.rounds_box, limit is not None)
        if limit is not None:
            self.rounds_label.setText(spec.round_limit_title)
            self.rounds_box.setSpecialValueText("" if referee.defaults.get(limit) is not None else
                                                f"the {spec.map_title.lower()}'s own")
            self.rounds_box.setMinimum(1 if referee.defaults.get(limit) is not None else 0)
            self.rounds_box.setToolTip(spec.round_limit_tip)
        self.form.setRowVisible(self.time_box, spec.time_option in referee.defaults)
        self.time_label.setText(spec.time_title)
        self.time_box.setToolTip(option_tip(self._game, spec.time_option))  # a limit per answer, or a bank
        self.form.setRowVisible(self._limits_row, "limits" in referee.defaults)
        self.form.setRowVisible(self.unsandboxed_box, "sandbox" in referee.defaults)
        self.unsandboxed_box.setChecked(False)  # explicit every time: never carried over from another game
        self._order_tabs()

    def _defaults(self) -> None:
        referee, spec = GAMES[self._game], self.spec()
        self.set_seats(self._default_seats() or [""] * referee.min_seats)
        limit = referee.round_limit
        self.rounds_box.setValue(int(referee.defaults.get(limit) or 0) if limit is not None else 0)
        self.option_rows.set_values(referee.defaults)
        if spec.time_option in referee.defaults:
            self.time_box.setValue(float(referee.defaults[spec.time_option]))
        self.memory_box.setValue(self.bot_defaults.memory_mib)
        self.cpu_box.setValue(self.bot_defaults.cpu_seconds)
        if self.map_box.count():
            self.map_box.setCurrentIndex(0)
        self.seed_box.setValue(secrets.randbelow(1_000_000))

    def _seat_count(self, count: int) -> None:
        referee, spec = GAMES[self._game], self.spec()
        count = max(referee.min_seats, min(referee.max_seats, count))
        while len(self.seats) > count:
            _drop(self.seats.pop())
        while len(self.seats) < count:
            seat = SeatEditor(len(self.seats))
            if spec.programs:
                choices = ([("The program in the editor", EDITOR_SEAT)] if self.editor_program else []) + program_samples()
                seat.fill(choices, "A sample program, the program open in the editor, or a program file")
            else:
                seat.fill(bot_samples(self._game), "A sample bot, a bot program, or a command line (no shell)")
            seat.browse.clicked.connect(lambda _c=False, s=seat: self._browse_seat(s))
            defaults = self._default_seats()
            seat.set_value(defaults[len(self.seats) % len(defaults)] if defaults else "")
            self.seats.append(seat)
            self.seat_box.addWidget(seat)
        self.add_button.setEnabled(count < referee.max_seats)
        self.remove_button.setEnabled(count > referee.min_seats)
        self._order_tabs()

    def _order_tabs(self) -> None:
        """Tab goes down the setup as it reads: seats and a game's own rows are made after Start,
        and would otherwise come after it."""
        chain: list[QWidget] = [self.game_box, self.add_button, self.remove_button, self.shuffle_button, self.rotate_button]
        for seat in self.seats:
            chain += [seat.combo, seat.browse]
        for row in range(self.form.rowCount()):
            for role in (QFormLayout.ItemRole.LabelRole, QFormLayout.ItemRole.FieldRole, QFormLayout.ItemRole.SpanningRole):
                chain += _widgets(self.form.itemAt(row, role))
        chain += [self.replay_button, self.start_button]
        stops = [widget for widget in chain if widget.focusPolicy() & Qt.FocusPolicy.TabFocus]
        for before, after in zip(stops, stops[1:]):
            QWidget.setTabOrder(before, after)

    def _default_seats(self) -> list[str]:
        fallback = "tail_biter"  # without an editor, its seat plays a sample
        return [fallback if s == EDITOR_SEAT and self.editor_program is None else s for s in self.spec().default_seats]

    def _program_seat(self, index: int, value: str) -> tuple[str, str]:
        """A snake seat's program file and its name; the editor's program is written out first."""
        if value == EDITOR_SEAT:
            program = self.editor_program() if self.editor_program is not None else None
            if program is None:
                raise MatchSetupError(f"{seat_label(index).lower()}: there is no program open in the editor")
            self.scratch.mkdir(parents=True, exist_ok=True)
            path = self.scratch / f"editor-seat-{index}{PROGRAM_SUFFIX}"
            save_program(path, program)
            return str(path), program.name
        path = resolve_program(value)
        try:
            return str(path), load_program(path).name
        except ProgramError as error:
            raise MatchSetupError(f"{seat_label(index).lower()}: {error}") from None
        except OSError as error:
            raise MatchSetupError(f"{seat_label(index).lower()}: {path}: {error.strerror or error}") from None

    def _check_bot(self, index: int, value: str) -> None:
        """A bot seat that cannot start is named here, counted as the form counts its seats:
        the match's own check names seats as bots and replays do, from 0 ("seat 1" for the
        second row)."""
        if find_sample_bot(self._game, value) is not None:
            return  # a sample's name: the match finds (and compiles) it off the GUI thread
        try:
            BotCommand.parse(value)
        except BotCommandError as error:
            raise MatchSetupError(f"{seat_label(index).lower()}: {error}") from None

    def _browse_seat(self, seat: SeatEditor) -> None:
        kind = PROGRAMS if self.spec().programs else BOTS
        start = str(game_start_folder(self.settings, kind, self._game))
        if kind == PROGRAMS:
            path, _ = QFileDialog.getOpenFileName(self, f"{seat_label(seat.index)}: a program", start,
                                                  f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
        else:
            path, _ = QFileDialog.getOpenFileName(self, f"{seat_label(seat.index)}: a bot", start)
        if path:
            remember_file(self.settings, kind, path)
            seat.set_value(path)

    def _browse_map(self) -> None:
        title = self.spec().map_title
        start = str(game_start_folder(self.settings, MAPS, self._game))
        path, _ = QFileDialog.getOpenFileName(self, f"Choose a {title.lower()}", start,
                                              f"{title} files (*.txt);;All files (*)")
        if path:
            remember_file(self.settings, MAPS, path)
            self.set_map(path)


def _drop(widget: QWidget) -> None:
    """Take ``widget`` off the form now (deleteLater alone leaves it shown until the event loop
    runs again)."""
    widget.hide()
    widget.setParent(None)
    widget.deleteLater()


def _widgets(item: QLayoutItem | None) -> list[QWidget]:
    """The widgets in a layout item, a row's nested layouts included, in their order."""
    if item is None:
        return []
    widget, layout = item.widget(), item.layout()
    if widget is not None:
        return [widget]
    if layout is None:
        return []
    return [found for i in range(layout.count()) for found in _widgets(layout.itemAt(i))]
