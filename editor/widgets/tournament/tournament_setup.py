"""Setting a tournament up: the game and its options (its maps: the one chosen, and more in a
:class:`MapList`), the entrants (an :class:`EntrantList`), the schedule's shape, the seed, the
jobs and the output folder.

Nothing here plays: :meth:`TournamentSetup.build` turns the form into a checked
:class:`~arena.tournament.TournamentSpec` and the folder to record it in, or raises a
:class:`~arena.tournament.TournamentError` whose one line names the entrant or setting in the
form's words (the headless side speaks of ``--entrant`` and ``--out``)."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QSignalBlocker, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QWidget,
)

from arena.games.options import MAX_ROUNDS
from arena.match import GAMES
from arena.tournament import Entrant, TournamentError, TournamentSpec, round_robin
from arena.tournament.games import SNAKE, resolve_entrant
from arena.tournament.pool import default_jobs
from arena.tournament.schedule import games_played, large_schedule, shared_seats_note
from arena.tournament.spec import long_schedule_note, seats_hint
from arena.tournament.store import differences, stored_spec
from editor.widgets.games.registry import GAME_VIEWS, playable_games
from editor.widgets.parts.boxes import column, row
from editor.widgets.parts.dialog_folders import MAPS, game_start_folder, remember_file
from editor.widgets.parts.form_widgets import (
    SEED_LIMIT,
    OptionRows,
    buddy_label,
    option_tip,
    choice_box,
    file_choice,
    fill_choices,
    game_row,
    heading,
    setup_form,
    spin_box,
    tool_button,
)
from editor.widgets.parts.seat_choices import unsandboxed_checkbox
from editor.widgets.tournament.tournament_entrants import EDITOR, EntrantList, EntrantRow
from editor.widgets.tournament.tournament_maps import MapList
from matcher.fileformat import PROGRAM_SUFFIX

WARNING_STYLE = ("QLabel { background: rgba(230, 160, 30, 0.16); border: 1px solid rgba(230, 160, 30, 0.6);"
                 " border-radius: 4px; padding: 5px 7px; }")
"""The summary line when the schedule cannot be played as set, or is very long."""


def plain_words(message: str) -> str:
    """A headless error in the form's words: ``--entrant x:`` reads ``Entrant x:`` and so on."""
    for flag, words in (("use --seats 2 ", "set Seats to 2 "), ("--seats 2 would", "2 seats would"),
                        ("--entrant ", "Entrant "), ("--games-per-pairing ", "Games per pairing "),
                        ("--seats ", "Seats "), ("--jobs ", "Jobs "), ("another --out", "another output folder")):
        message = message.replace(flag, words)
    return message[:1].upper() + message[1:]


class TournamentSetup(QWidget):
    """The game, the entrants and the settings. ``data_dir`` is where fresh output folders (and
    snapshots of the editor's program) go."""

    changed = Signal()

    def __init__(self, data_dir: Path, parent: QWidget | None = None, *, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.data_dir = data_dir
        self.settings = settings if settings is not None else QSettings()  # the choosers' last folders
        self._game = ""
        self._rows: dict[str, list[EntrantRow]] = {}
        self._editor_path: Path | None = None
        self._editor_text: str | None = None
        self._out_is_default = True
        self._build()
        self.set_game(playable_games()[0])

    # --- our API -----------------------------------------------------------------------------

    def game(self) -> str:
        return self._game

    def set_game(self, game: str) -> None:
        """Show ``game``'s samples, options and the entrants last chosen for it."""
        if game == self._game:
            return
        if game not in playable_games():
            raise TournamentError(f"unknown game {game!r} (known: {', '.join(playable_games())})")
        if self._game:
            self._rows[self._game] = self.entrants.rows()
        self._game = game
        with QSignalBlocker(self.game_box):
            self.game_box.setCurrentIndex(self.game_box.findData(game))
        self.entrants.set_game(game)
        self._show_options()
        self.entrants.set_rows(self._rows.get(game, []))
        if self._out_is_default:
            self.new_out_folder()
        self._refresh()

    def set_editor_program(self, path: Path | None, text: str | None) -> None:
        """The program open in the editor (its file, None when unsaved; its text, None when
        there is none): what the "editor's program" entrant plays from the next Start on."""
        self._editor_path, self._editor_text = path, text
        self.entrants.set_editor_text(text)

    def new_seed(self) -> None:
        self.seed_box.setValue(secrets.randbelow(1_000_000))

    def jobs(self) -> int:
        return self.jobs_box.value()

    def out_folder(self) -> Path:
        return Path(self.out_edit.text().strip()).expanduser()

    def set_out_folder(self, path: Path | str) -> None:
        """Record in ``path`` (an earlier run of the same tournament there is resumed)."""
        self.out_edit.setText(str(path))
        self._out_is_default = False
        self.out_edit.setToolTip(str(path))

    def new_out_folder(self) -> Path:
        """A fresh folder under the data folder, named after the game and the time."""
        base = self.data_dir / "tournaments" / f"{self._game}-{time.strftime('%Y%m%d-%H%M%S')}"
        folder, number = base, 1
        while folder.exists():
            number += 1
            folder = base.with_name(f"{base.name}-{number}")
        self.out_edit.setText(str(folder))
        self.out_edit.setToolTip(str(folder))
        self._out_is_default = True
        return folder

    def out_is_default(self) -> bool:
        return self._out_is_default

    def options(self) -> dict[str, Any]:
        """The game's options as the form sets them (those left out take the game's defaults)."""
        referee, form = GAMES[self._game], GAME_VIEWS[self._game].spec
        options: dict[str, Any] = {}
        if self._game == SNAKE:
            options.update((name, box.value()) for name, box in self.number_boxes.items())
        options.update(self.option_rows.values())  # a game's own labelled options (none for a snake battle's field)
        if self._offers_map() and self.map_box.currentData():
            options[str(form.map_option)] = str(self.map_box.currentData())
        if self.limit_box.value() and referee.round_limit is not None:
            options[referee.round_limit] = self.limit_box.value()
        if form.time_option in referee.defaults:
            options[form.time_option] = self.time_box.value()
        if "sandbox" in referee.defaults and self.unsandboxed_box.isChecked():
            options["sandbox"] = False
        return options

    def maps(self) -> list[str]:
        """The maps the tournament plays: the one chosen (unless it is the game's own) and the
        further ones listed below it; empty for a game the form offers no map for."""
        if not self._offers_map():
            return []
        chosen = self.map_box.currentData()
        return [str(chosen)] * bool(chosen) + self.more_maps.maps()

    def show_maps(self, maps: Sequence[str]) -> None:
        """Show a recorded tournament's several maps: the first chosen, the others listed (none:
        the list emptied, the chosen map left as the options set it)."""
        if maps:
            found = self.map_box.findData(maps[0])
            if found < 0:
                self.map_box.addItem(Path(maps[0]).name, maps[0])
                found = self.map_box.count() - 1
            self.map_box.setCurrentIndex(found)
        self.more_maps.set_maps(list(maps[1:]))

    def build(self) -> tuple[TournamentSpec, Path]:
        """The tournament the form describes and the folder to record it in; a folder that holds
        another tournament is swapped for a fresh one when it was the default, else refused."""
        rows = self.entrants.rows()
        if len(rows) < 2:
            raise TournamentError(f"A tournament needs at least 2 entrants, got {len(rows)}: add some above")
        entrants = [self._entrant(row) for row in rows]
        seats = self.seats_box.value() if self.seats_box.value() >= GAMES[self._game].min_seats else None
        per_pairing = self.per_pairing_box.value() or None
        options, maps, form = self.options(), self.maps(), GAME_VIEWS[self._game].spec
        if len(maps) > 1:  # played in turn: no one map among the options
            options.pop(str(form.map_option), None)
        try:
            spec = TournamentSpec.build(self._game, entrants, self.seed_box.value(), seats=seats,
                                        games_per_pairing=per_pairing, options=options,
                                        maps=maps, map_flag=form.map_title)
        except TournamentError as err:
            raise TournamentError(plain_words(str(err))) from None
        out = self.out_folder()
        if not self.out_edit.text().strip():
            raise TournamentError("Output folder: choose one")
        held = stored_spec(out) if out.is_dir() else None
        if held is not None:
            spec = spec.like(held)  # a tournament the command line started states fewer options
        new = spec.to_json() if held is not None else None
        if held is not None and held != new:
            if not self._out_is_default:
                assert new is not None
                settings, changed = differences(held, new)
                what = ("; ".join(settings) if settings else
                        ", ".join(f"{thing} changed since it started ({detail})" for thing, detail in changed))
                raise TournamentError(plain_words(f"Output folder {out} holds another tournament: {what}; choose another "
                                                  "folder (or the same settings to resume it)"))
            out = self.new_out_folder()
        try:
            out.mkdir(parents=True, exist_ok=True)
            probe = out / ".snakepit-write-test"
            probe.write_text("", encoding="utf-8")
            probe.unlink()
        except OSError as err:
            raise TournamentError(f"Output folder {out}: {err.strerror or err}") from None
        return spec, out

    def set_editable(self, editable: bool) -> None:
        """Lock the form while a tournament runs (what runs is what the form says)."""
        self.entrants.set_editable(editable)
        for widget in (*self._settings, *self.option_rows.widgets()):
            widget.setEnabled(editable)
        self.more_maps.set_editable(editable)
        referee = GAMES[self._game]
        self.seats_box.setEnabled(editable and referee.min_seats != referee.max_seats)

    # --- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.game_box = choice_box([(GAME_VIEWS[game].spec.title, game) for game in playable_games()],
                                   "The game of the tournament", lambda game: self.set_game(str(game)))

        self.entrants = EntrantList(settings=self.settings)
        self.entrants.changed.connect(self._refresh)

        self.per_pairing_box = spin_box(0, 10_000, "Games each pairing (each table of entrants) plays; a multiple of the "
                                     "seat rotation, so every entrant sits in every seat equally often")
        self.per_pairing_box.setSpecialValueText("one seat rotation")
        self.per_pairing_box.valueChanged.connect(self._refresh)
        self.seats_box = spin_box(2, 4, "Players per game")
        self.seats_box.valueChanged.connect(self._refresh)
        self.seed_box = spin_box(0, SEED_LIMIT, "The tournament's seed: every game's seed derives from it")
        self.seed_box.setValue(secrets.randbelow(1_000_000))
        self.new_seed_button = tool_button("New seed", "Draw a new random seed", self.new_seed)
        seed_row = row((self.seed_box, 1), self.new_seed_button)
        self.jobs_box = spin_box(1, max(64, 4 * default_jobs()), "Games played at the same time on this machine")
        self.jobs_box.setValue(default_jobs())
        self.jobs_box.setSuffix(f" of {default_jobs()} cores")

        self.number_boxes = {"width": spin_box(5, 99, "Field width in cells"),
                             "height": spin_box(5, 99, "Field height in cells"),
                             "length": spin_box(2, 49, "Length of every snake at the start")}
        # A reader hears each box by its own name ("Field" alone would name the width only).
        for name, box in self.number_boxes.items():
            box.setAccessibleName(f"Field {name}" if name != "length" else "Snake length")
        self._length_label = buddy_label("length", self.number_boxes["length"])
        field = row((self.number_boxes["width"], 1), buddy_label("×", self.number_boxes["height"]),
                    (self.number_boxes["height"], 1), self._length_label, (self.number_boxes["length"], 1))
        self._field_row = field
        self.limit_box = spin_box(0, MAX_ROUNDS, "")
        self.limit_box.setSingleStep(100)
        self.map_box, self.map_browse, self._map_row = file_choice(self._browse_map)
        map_row = self._map_row
        self.map_box.activated.connect(lambda _index: self._refresh())  # the game's own map or one: the count
        self.more_maps = MapList(self._pick_map_file)
        self.more_maps.changed.connect(self._refresh)
        self.time_box = QDoubleSpinBox()
        self.time_box.setRange(0.01, 600.0)
        self.time_box.setDecimals(2)
        self.time_box.setSuffix(" s")
        self.time_box.setToolTip("How long a bot may think per move")

        self.out_edit = QLineEdit()
        self.out_edit.textEdited.connect(self._out_typed)
        self.out_browse = tool_button("…", "Choose the output folder", self._browse_out)
        self.out_browse.setAccessibleName("Choose the output folder")
        self.out_label = buddy_label("&Output", self.out_edit)
        self.out_label.setToolTip("results.json, games.jsonl and one replay per game go here; a folder that holds "
                                  "the same tournament is resumed")
        out_row = row((self.out_edit, 1), self.out_browse)

        self.form = setup_form()
        # Alt+letter reaches each field (letters the menu bar does not use: F E V C T B H)
        self.form.addRow("Games &per pairing", self.per_pairing_box)
        self.form.addRow("Se&ats", self.seats_box)
        self.form.addRow(buddy_label("See&d", self.seed_box), seed_row)
        self.form.addRow("&Jobs", self.jobs_box)
        self.field_label, self.map_label, self.limit_label = (
            buddy_label("Fie&ld", self.number_boxes["width"]), buddy_label("Map", self.map_box),
            buddy_label("Steps", self.limit_box))
        self.form.addRow(self.field_label, field)
        self.form.addRow(self.map_label, map_row)
        self.more_maps_label = buddy_label("More maps", self.more_maps.list)
        self.form.addRow(self.more_maps_label, self.more_maps)
        self.form.addRow(self.limit_label, self.limit_box)
        self.time_label = buddy_label("T&ime limit", self.time_box)
        self.form.addRow(self.time_label, self.time_box)
        self.unsandboxed_box = unsandboxed_checkbox("in every game's replay")
        self.form.addRow("Sa&ndbox", self.unsandboxed_box)
        self.form.addRow(self.out_label, out_row)
        self.option_rows = OptionRows(self.form)  # a game's own labelled options: remade for each game

        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.summary_label.setProperty("warning", False)

        game = game_row(self.game_box)
        game_label = game.labelForField(self.game_box)
        if isinstance(game_label, QLabel):  # game_row's heading: the box's name to a reader, and Alt+G
            game_label.setText(f"&{game_label.text()}")
            game_label.setBuddy(self.game_box)
        entrants_label = heading("Ent&rants")
        entrants_label.setBuddy(self.entrants.table)
        column(game, entrants_label, (self.entrants, 1), 2, heading("Settings"), self.form,
               self.summary_label, parent=self, spacing=8)
        self._settings: list[QWidget] = [
            self.game_box, self.per_pairing_box, self.seats_box, self.seed_box, self.new_seed_button, self.jobs_box,
            *self.number_boxes.values(), self.limit_box, self.map_box, self.map_browse, self.time_box,
            self.unsandboxed_box, self.out_edit, self.out_browse]

    def _show_options(self) -> None:
        referee, form = GAMES[self._game], GAME_VIEWS[self._game].spec
        low, high = referee.min_seats, referee.max_seats
        with QSignalBlocker(self.seats_box):
            self.seats_box.setRange(low - 1 if low != high else low, high)
            self.seats_box.setSpecialValueText("one per entrant" if low != high else "")
            self.seats_box.setValue(self.seats_box.minimum())
        self.seats_box.setEnabled(low != high)
        snake = self._game == SNAKE
        self.form.setRowVisible(self._field_row, snake)
        for name, box in self.number_boxes.items():
            box.setVisible(snake)
            if snake:
                box.setValue(int(referee.defaults[name]))
        offers_map = self._offers_map()
        self.form.setRowVisible(self._map_row, offers_map)
        self.map_label.setText(form.map_title)
        self.map_browse.setAccessibleName(f"Choose a {form.map_title.lower()} file")
        self.map_box.clear()
        if offers_map and not form.map_required:
            self.map_box.addItem("the game's own", None)
        fill_choices(self.map_box, form.maps() if offers_map else [])
        self.form.setRowVisible(self.more_maps, offers_map)
        self.more_maps_label.setText(f"More {form.map_title.lower()}s")
        self.more_maps.set_choices(form.map_title, form.maps() if offers_map else [])
        limit = referee.round_limit
        self.form.setRowVisible(self.limit_box, limit is not None)
        if limit is not None:
            default = referee.defaults.get(limit)
            self.limit_label.setText(form.round_limit_title)
            self.limit_box.setMinimum(1 if default is not None else 0)
            self.limit_box.setSpecialValueText("" if default is not None else f"the {form.map_title.lower()}'s own")
            self.limit_box.setValue(int(default or 0))
            self.limit_box.setToolTip(form.round_limit_tip)
        # The snake battle's field has its own compact row above; another game's labelled options
        # (ITPW's pause flag, a game from another package) come from its descriptor, as in the arena.
        field_row = self.form.getLayoutPosition(self._field_row)[0]
        self.option_rows.show(() if snake else form.numbers, form.flags, numbers_at=field_row + 1,
                              flags_before=self.out_label)
        self.option_rows.set_values({name: referee.defaults[name] for name in self.option_rows.values()})
        for widget in self.option_rows.widgets():
            widget.setEnabled(self.game_box.isEnabled())  # locked while a tournament runs
        time = form.time_option in referee.defaults
        self.form.setRowVisible(self.time_box, time)
        self.time_label.setText(_mnemonic(form.time_title))
        self.time_box.setToolTip(option_tip(self._game, form.time_option))  # a limit per answer, or a bank
        self.form.setRowVisible(self.unsandboxed_box, "sandbox" in referee.defaults)
        self.unsandboxed_box.setChecked(False)
        if time:
            self.time_box.setValue(float(referee.defaults[form.time_option]))

    def _offers_map(self) -> bool:
        spec = GAME_VIEWS[self._game].spec
        return spec.map_option is not None and spec.tournament_map

    def _entrant(self, row: EntrantRow) -> Entrant:
        where = f"Entrant {row.name}"
        if not row.name:
            raise TournamentError("An entrant has no name: double-click its name to give it one")
        target = row.target
        if target == EDITOR:
            target = str(self._editor_snapshot(where))
        try:
            seat, source = resolve_entrant(self._game, target, where)
        except OSError as err:
            raise TournamentError(f"{where}: {target}: {err.strerror or err}") from None
        return Entrant(row.name, seat, source)

    def _editor_snapshot(self, where: str) -> Path:
        """The editor's program written where a resume finds it again: named after its text."""
        if self._editor_text is None:
            raise TournamentError(f"{where}: there is no program open in the editor")
        digest = hashlib.sha256(self._editor_text.encode("utf-8")).hexdigest()[:16]
        stem = re.sub(r"[^\w-]+", "-", self._editor_path.name.removesuffix(PROGRAM_SUFFIX)) if self._editor_path else "editor"
        path = self.data_dir / "programs" / f"{stem}-{digest}{PROGRAM_SUFFIX}"
        try:
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(self._editor_text, encoding="utf-8")
        except OSError as err:
            raise TournamentError(f"{where}: cannot keep a copy in {path.parent}: {err.strerror or err}") from None
        return path

    def _refresh(self) -> None:
        """The summary line: how many games, how many each entrant plays."""
        count = len(self.entrants.rows())
        referee = GAMES[self._game]
        seats = self.seats_box.value()
        if seats < referee.min_seats:
            seats = min(referee.max_seats, max(referee.min_seats, count))
        period = min(count, seats) if count else 1
        self.per_pairing_box.setSingleStep(max(1, period))
        text, warning = "Add two or more entrants.", False
        if count >= 2:
            per_pairing = self.per_pairing_box.value() or None
            maps = max(1, len(self.maps()))
            try:
                schedule = round_robin(count, seats, per_pairing, maps)
            except TournamentError as err:
                hint = seats_hint(self._game, count, seats, self.seats_box.value() >= referee.min_seats)
                text, warning = plain_words(f"{err}{hint}."), True
            else:
                played = games_played(schedule, count)
                on = f" on {maps} {GAME_VIEWS[self._game].spec.map_title.lower()}s, each pairing on each" if maps > 1 else ""
                text = (f"{len(schedule)} games of {seats} seats{on}; every entrant plays {played[0]}, "
                        f"in every seat equally often.")
                note = shared_seats_note(count, seats)
                if note is not None:
                    text += f" {note[:1].upper()}{note[1:]}."
                if large_schedule(len(schedule)):
                    long = long_schedule_note(self._game, count, seats, per_pairing or period, len(schedule))
                    text, warning = f"{text} {plain_words(long or '')}.", True
        self.summary_label.setText(text)
        self.summary_label.setVisible(True)
        self.summary_label.setProperty("warning", warning)
        self.summary_label.setStyleSheet(WARNING_STYLE if warning else "")
        self.summary_label.setForegroundRole(QPalette.ColorRole.WindowText if warning else QPalette.ColorRole.PlaceholderText)
        self.changed.emit()

    def yield_summary_to(self, error: str) -> None:
        """Hide the summary while the error shown below it says the same (a Start refused for
        what the summary already warns about), until the form changes."""
        same = bool(error) and self.summary_warns() and error.rstrip(".") == self.summary_label.text().rstrip(".")
        self.summary_label.setVisible(not same)

    def summary_warns(self) -> bool:
        """Whether the summary line is shown as a warning (a schedule that cannot be played as
        set, or a very long one)."""
        return bool(self.summary_label.property("warning"))

    def _out_typed(self, _text: str) -> None:
        self._out_is_default = False

    def _browse_out(self) -> None:
        start = self.out_edit.text() or str(self.data_dir)
        path = QFileDialog.getExistingDirectory(self, "Output folder", start)
        if path:
            self.set_out_folder(path)

    def _pick_map_file(self) -> str | None:
        """A map file the user chose (None: cancelled), its folder remembered."""
        title = GAME_VIEWS[self._game].spec.map_title
        settings = self.settings  # the folder of the last map chosen, here or in the arena
        path, _ = QFileDialog.getOpenFileName(self, f"Choose a {title.lower()}",
                                              str(game_start_folder(settings, MAPS, self._game)),
                                              f"{title} files (*.txt);;All files (*)")
        if not path:
            return None
        remember_file(settings, MAPS, path)
        return path

    def _browse_map(self) -> None:
        path = self._pick_map_file()
        if path:
            self.map_box.addItem(Path(path).name, path)
            self.map_box.setCurrentIndex(self.map_box.count() - 1)


def _mnemonic(title: str) -> str:
    """The time row's label with Alt+I (the letter the form keeps for it), where the title has an i."""
    at = title.lower().find("i")
    return title if at < 0 else f"{title[:at]}&{title[at:]}"
