"""Setting a match up: the game, its seats, its map, the seed and the limits; the last setup of
every game is remembered.

What differs between games is one :class:`GameSpec` each in :data:`SPECS` (what a seat is, which
option names the map and where its samples are, which whole-number options to show); the rest —
the seat rows, shuffle and rotate, seed, time and resource limits, Start — is shared. A game shows
up in the chooser once its referee is registered in :data:`arena.match.GAMES` and it has a spec."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from arena.bots import Limits
from arena.match import CANCELLED, GAMES, MatchSetup, MatchSetupError
from arena.samples import SAMPLES_DIR, SNAKE_SAMPLES, playable_sample_bots, resolve_program
from editor.typing_guard import install_typing_guard
from editor.widgets.seat_cards import swatch_pixmap
from matcher import Program, ProgramError, load_program, save_program
from matcher.fileformat import PROGRAM_SUFFIX

EDITOR_SEAT = "<editor>"
"""A snake seat that plays the program open in the editor (a snapshot taken at Start)."""
SETTINGS_KEY = "arena/setup/"
GAME_KEY = "arena/game"
SEED_LIMIT = 2**31 - 1
MiB = 1 << 20


@dataclass(frozen=True)
class GameSpec:
    """How the setup form shows a game."""

    title: str
    noun: str
    """What a seat is called: "Snake", "Worm", "Kingdom"."""
    programs: bool = False
    """Seats are snake card programs (file, sample, the editor's); otherwise bot command lines."""
    map_option: str | None = None
    map_title: str = "Map"
    maps: Callable[[], list[tuple[str, str]]] = lambda: []
    """The samples offered for the map: ``(label, option value)``."""
    numbers: tuple[tuple[str, str, int, int], ...] = ()
    """Whole-number options shown as spin boxes: ``(option, label, low, high)``."""
    default_seats: tuple[str, ...] = ()
    time_option: str = "time_limit"
    """The option in seconds the time box sets: a limit per answer, or ITPW's bank."""
    time_title: str = "Time limit"
    flags: tuple[tuple[str, str, str], ...] = ()
    """Yes/no options shown as check boxes: ``(option, label, tooltip)``."""
    round_noun: str = "round"
    """What one round of the match is to people: a step, a move, a turn."""
    ends: Mapping[str, str] = field(default_factory=dict)
    """The engine's end reasons in words ("the round limit"), by their code."""

    def end_text(self, code: str) -> str:
        """Why a match ended, in words (a code without words shows as it is)."""
        return "stopped" if code == CANCELLED else self.ends.get(code, code.replace("_", " "))

    def map_name(self, value: str) -> str:
        """A map as the chooser names it (an own file: its file name without the suffix)."""
        name = Path(value).name
        found = next((label for label, sample in self.maps() if sample and Path(sample).name == name), None)
        return found if found is not None else Path(value).stem


def _worm_maps() -> list[tuple[str, str]]:
    folder = SAMPLES_DIR / "worms"
    own = [(p.stem, str(p)) for p in sorted(folder.glob("*.txt"))]
    original = [(f"{p.stem} (Redbot 2012)", str(p)) for p in sorted((folder / "redbot-2012").glob("*.txt"))]
    return own + original


def _kingdom_playfields() -> list[tuple[str, str]]:
    return [(f"{p.stem.replace('_', ' ')}", str(p)) for p in sorted((SAMPLES_DIR / "kingdoms").glob("*.txt"))]


def _bioblots_boards() -> list[tuple[str, str]]:
    files = [(p.stem, str(p)) for p in sorted((SAMPLES_DIR / "bioblots").glob("*.txt"))]
    return [("generated from the seed", ""), *files]


SPECS: dict[str, GameSpec] = {
    "snake": GameSpec("Snake", "Snake", programs=True,
                      numbers=(("width", "Width", 5, 99), ("height", "Height", 5, 99), ("length", "Length", 2, 49)),
                      default_seats=(EDITOR_SEAT, "hunter", "wall_hugger", "head_avoider"), round_noun="step",
                      ends={"one_left": "only one snake left", "no_moves": "no snake could move",
                            "step_limit": "the step limit"}),
    "worms": GameSpec("Worms", "Worm", map_option="map", map_title="Map", maps=_worm_maps,
                      default_seats=("heuristic_bot.py", "greedy.sh", "random_bot.py", "heuristic_bot.py"),
                      ends={"flowers_eaten": "the flower limit (enough flowers eaten)",
                            "round_limit": "the round limit", "all_dead": "no worm left alive"}),
    "kingdoms": GameSpec("Kingdoms", "Kingdom", map_option="playfield", map_title="Playfield", maps=_kingdom_playfields,
                         default_seats=("heuristic_bot.py", "farmer.sh", "random_bot.py", "heuristic_bot.py"),
                         ends={"rounds": "the round limit", "one_left": "only one kingdom left"}),
    "bioblots": GameSpec("Bio-blots", "Player", map_option="board", map_title="Board", maps=_bioblots_boards,
                         default_seats=("heuristic_bot.py", "random_bot.py"), round_noun="move",
                         ends={"all_neutralised": "every cell neutralised", "locked_in": "a player had no legal move",
                               "move_limit": "the move limit", "fault": "a bot broke a rule"}),
    "itpw": GameSpec("ITPW", "Player", default_seats=("heuristic_bot.py", "random_bot.py", "heuristic_bot.py",
                                                      "random_bot.py"), time_option="bank", time_title="Time bank",
                     round_noun="turn",
                     flags=(("pause_bots", "Pause bots off their turn",
                             "Stop each bot (SIGSTOP) whenever it is not answering, so no bot computes on another's "
                             "time; its CPU time is counted either way"),),
                     ends={"turns": "the turn limit", "all_disqualified": "every player disqualified"}),
}
"""A game shows in the chooser once it has a spec here and its referee is registered."""


def playable_games() -> list[str]:
    return [game for game in SPECS if game in GAMES]


def bot_samples(game: str) -> list[tuple[str, str]]:
    """The sample bots of ``game`` (scripts and the C samples, compiled) as ``(label, program)``."""
    return [(bot.label, str(program)) for bot, program in playable_sample_bots(game)]


def snake_samples() -> list[tuple[str, str]]:
    return [(p.name.removesuffix(PROGRAM_SUFFIX), str(p)) for p in sorted(SNAKE_SAMPLES.glob(f"*{PROGRAM_SUFFIX}"))]


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
            self.combo.setItemData(self.combo.count() - 1, value, Qt.ItemDataRole.ToolTipRole)
        self.combo.setToolTip(tip)
        self.browse.setToolTip(f"Seat {self.index}: choose a file")

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
        self._build()
        games = playable_games()
        last = str(settings.value(GAME_KEY, games[0]))
        self.set_game(last if last in games else games[0])

    # --- our API -----------------------------------------------------------------------------

    def game(self) -> str:
        return self._game

    def spec(self) -> GameSpec:
        return SPECS[self._game]

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
        for name, box in self.number_boxes.items():
            options[name] = box.value()
        for name, check in self.flag_boxes.items():
            options[name] = check.isChecked()
        if self.rounds_box.value() or referee.defaults.get(referee.round_limit) is not None:
            options[referee.round_limit] = self.rounds_box.value() or None
        if spec.time_option in referee.defaults:
            options[spec.time_option] = self.time_box.value()
        if "limits" in referee.defaults:
            options["limits"] = {"address_space": self.memory_box.value() * MiB, "cpu_seconds": self.cpu_box.value()}
        return options

    def setup(self) -> MatchSetup:
        """The match the form describes; :class:`MatchSetupError` names what is missing."""
        seats, names = [], []
        for index, value in enumerate(self.seat_values()):
            if not value:
                raise MatchSetupError(f"seat {index}: choose a {'program' if self.spec().programs else 'bot'}")
            if self.spec().programs:
                value, name = self._program_seat(index, value)
                names.append(name)
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
        for name, value in (data.get("numbers") or {}).items():
            if name in self.number_boxes and isinstance(value, int):
                self.number_boxes[name].setValue(value)
        for name, value in (data.get("flags") or {}).items():
            if name in self.flag_boxes and isinstance(value, bool):
                self.flag_boxes[name].setChecked(value)

    def set_map(self, value: str) -> None:
        """Choose a map (a sample's or any file); a file not offered yet is added to the choices."""
        found = self.map_box.findData(value)
        if found < 0:
            self.map_box.addItem(Path(value).name, value)
            self.map_box.setItemData(self.map_box.count() - 1, value, Qt.ItemDataRole.ToolTipRole)
            found = self.map_box.count() - 1
        self.map_box.setCurrentIndex(found)

    def show_message(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.game_box = QComboBox()
        for game in playable_games():
            self.game_box.addItem(SPECS[game].title, game)
        self.game_box.setToolTip("The game to play")
        self.game_box.activated.connect(lambda _i: self.set_game(str(self.game_box.currentData())))

        self.shuffle_button = _tool("Shuffle", "Seats in a random order (drawn from the seed)", self.shuffle_seats)
        self.rotate_button = _tool("Rotate", "Every seat one place on", self.rotate_seats)
        self.add_button = _tool("+", "One more seat", lambda: self._seat_count(len(self.seats) + 1))
        self.remove_button = _tool("−", "One seat less", lambda: self._seat_count(len(self.seats) - 1))
        seat_tools = QHBoxLayout()
        seat_tools.setSpacing(4)
        seat_tools.addWidget(_heading("Seats"))
        seat_tools.addStretch(1)
        for button in (self.add_button, self.remove_button, self.shuffle_button, self.rotate_button):
            seat_tools.addWidget(button)
        self.seat_box = QVBoxLayout()
        self.seat_box.setSpacing(4)

        self.map_box = QComboBox()
        self.map_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.map_box.setMinimumContentsLength(10)
        self.map_browse = _tool("…", "Choose a file", self._browse_map)
        self._map_row = map_row = QHBoxLayout()
        map_row.setSpacing(6)
        map_row.addWidget(self.map_box, 1)
        map_row.addWidget(self.map_browse)
        self.number_boxes: dict[str, QSpinBox] = {}
        self.flag_boxes: dict[str, QCheckBox] = {}
        self._number_rows: list[QWidget] = []

        self.rounds_box = QSpinBox()
        self.rounds_box.setRange(0, 1_000_000)
        self.rounds_box.setSingleStep(50)
        self.rounds_box.setAccelerated(True)
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, SEED_LIMIT)
        self.seed_box.setToolTip("The match's seed: the same seed and bots play the same match")
        self.seed_button = _tool("New seed", "Draw a new random seed", self.new_seed)
        seed_row = QHBoxLayout()
        seed_row.setSpacing(6)
        seed_row.addWidget(self.seed_box, 1)
        seed_row.addWidget(self.seed_button)

        self.time_box = QDoubleSpinBox()
        self.time_box.setRange(0.05, 600.0)
        self.time_box.setDecimals(2)
        self.time_box.setSingleStep(0.5)
        self.time_box.setSuffix(" s")
        self.time_box.setToolTip("Seconds a bot has for each answer")
        self.memory_box = _spin(16, 64 * 1024, " MiB", "Memory (address space) of each bot process")
        self.cpu_box = _spin(1, 86_400, " s", "CPU seconds a bot may use over the whole match")
        self._limits_row = limits_row = QHBoxLayout()
        limits_row.setSpacing(6)
        limits_row.addWidget(self.memory_box, 1)
        limits_row.addWidget(self.cpu_box, 1)

        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setHorizontalSpacing(8)
        self.form.setVerticalSpacing(6)
        self.map_label, self.rounds_label = QLabel("Map"), QLabel("Rounds")
        self.form.addRow(self.map_label, map_row)
        self.form.addRow(self.rounds_label, self.rounds_box)
        self.form.addRow("Seed", seed_row)
        self.time_label = QLabel("Time limit")
        self.form.addRow(self.time_label, self.time_box)
        self.form.addRow("Memory, CPU", limits_row)

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

        self.message_label = QLabel()
        self.message_label.setObjectName("setupMessage")
        self.message_label.setWordWrap(True)
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_label.setStyleSheet(
            "QLabel#setupMessage { background: rgba(214, 69, 58, 0.14); border: 1px solid rgba(214, 69, 58, 0.55);"
            " border-radius: 4px; padding: 5px 7px; }")
        self.message_label.hide()

        game_row = QFormLayout()
        game_row.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        game_row.addRow(_heading("Game"), self.game_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addLayout(game_row)
        layout.addLayout(seat_tools)
        layout.addLayout(self.seat_box)
        layout.addSpacing(2)
        layout.addLayout(self.form)
        layout.addWidget(self.message_label)
        layout.addStretch(1)
        layout.addLayout(buttons)

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
        for label, value in spec.maps():
            self.map_box.addItem(label, value)
            self.map_box.setItemData(self.map_box.count() - 1, value, Qt.ItemDataRole.ToolTipRole)
        self.form.setRowVisible(self._map_row, spec.map_option is not None)
        self.map_label.setText(spec.map_title)
        for box in self.number_boxes.values():
            self.form.removeRow(box)  # deletes the box and its label
        self.number_boxes = {}
        for row, (name, label, low, high) in enumerate(spec.numbers, 1):
            box = _spin(low, high, "", f"{label} (option {name})")
            self.form.insertRow(row, label, box)
            self.number_boxes[name] = box
        limit = referee.round_limit
        self.rounds_label.setText(limit.replace("_", " ").capitalize())
        self.rounds_box.setSpecialValueText("" if referee.defaults.get(limit) is not None else
                                            f"the {spec.map_title.lower()}'s own")
        self.rounds_box.setMinimum(1 if referee.defaults.get(limit) is not None else 0)
        self.rounds_box.setToolTip(f"Option {limit}: a limit on the number of {limit}")
        for check in self.flag_boxes.values():
            self.form.removeRow(check)
        self.flag_boxes = {}
        for name, label, tip in spec.flags:
            check = QCheckBox(label)
            check.setToolTip(f"{tip} (option {name})")
            self.form.addRow("", check)
            self.flag_boxes[name] = check
        self.form.setRowVisible(self.time_box, spec.time_option in referee.defaults)
        self.time_label.setText(spec.time_title)
        self.time_box.setToolTip("Seconds a bot has in all, over the match" if spec.time_option == "bank"
                                 else "Seconds a bot has for each answer")
        self.form.setRowVisible(self._limits_row, "limits" in referee.defaults)

    def _defaults(self) -> None:
        referee, spec = GAMES[self._game], self.spec()
        self.set_seats(self._default_seats() or [""] * referee.min_seats)
        self.rounds_box.setValue(int(referee.defaults.get(referee.round_limit) or 0))
        for name, box in self.number_boxes.items():
            box.setValue(int(referee.defaults[name]))
        for name, check in self.flag_boxes.items():
            check.setChecked(bool(referee.defaults[name]))
        if spec.time_option in referee.defaults:
            self.time_box.setValue(float(referee.defaults[spec.time_option]))
        limits = Limits()
        self.memory_box.setValue((limits.address_space or 1 << 30) // MiB)
        self.cpu_box.setValue(limits.cpu_seconds or 60)
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
                choices = ([("The program in the editor", EDITOR_SEAT)] if self.editor_program else []) + snake_samples()
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

    def _default_seats(self) -> list[str]:
        fallback = "tail_biter"  # without an editor, its seat plays a sample
        return [fallback if s == EDITOR_SEAT and self.editor_program is None else s for s in self.spec().default_seats]

    def _program_seat(self, index: int, value: str) -> tuple[str, str]:
        """A snake seat's program file and its name; the editor's program is written out first."""
        if value == EDITOR_SEAT:
            program = self.editor_program() if self.editor_program is not None else None
            if program is None:
                raise MatchSetupError(f"seat {index}: there is no program open in the editor")
            self.scratch.mkdir(parents=True, exist_ok=True)
            path = self.scratch / f"editor-seat-{index}{PROGRAM_SUFFIX}"
            save_program(path, program)
            return str(path), program.name
        path = resolve_program(value)
        try:
            return str(path), load_program(path).name
        except ProgramError as error:
            raise MatchSetupError(f"seat {index}: {error}") from None
        except OSError as error:
            raise MatchSetupError(f"seat {index}: {path}: {error.strerror or error}") from None

    def _browse_seat(self, seat: SeatEditor) -> None:
        if self.spec().programs:
            path, _ = QFileDialog.getOpenFileName(self, f"Seat {seat.index}: a program", str(SNAKE_SAMPLES),
                                                  f"Snake programs (*{PROGRAM_SUFFIX});;All files (*)")
        else:
            path, _ = QFileDialog.getOpenFileName(self, f"Seat {seat.index}: a bot", str(SAMPLES_DIR / self._game))
        if path:
            seat.set_value(path)

    def _browse_map(self) -> None:
        title = self.spec().map_title
        path, _ = QFileDialog.getOpenFileName(self, f"Choose a {title.lower()}", str(SAMPLES_DIR / self._game),
                                              f"{title} files (*.txt);;All files (*)")
        if path:
            self.set_map(path)


def numbered(names: Sequence[str]) -> tuple[str, ...]:
    """Repeated names numbered (``hunter``, ``hunter 2``), so every seat can be told apart."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        result.append(name if seen[name] == 1 else f"{name} {seen[name]}")
    return tuple(result)


def _drop(widget: QWidget) -> None:
    """Take ``widget`` off the form now (deleteLater alone leaves it shown until the event loop
    runs again)."""
    widget.hide()
    widget.setParent(None)
    widget.deleteLater()


def _heading(text: str) -> QLabel:
    label = QLabel(text.upper())
    font = QFont(label.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 0.85)
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    label.setFont(font)
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    return label


def _tool(text: str, tip: str, slot: Callable[[], object]) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.clicked.connect(lambda _checked=False: slot())
    return button


def _spin(low: int, high: int, suffix: str, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setSuffix(suffix)
    box.setToolTip(tip)
    box.setAccelerated(True)
    return box
