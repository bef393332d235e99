"""The tournament setup between sessions, and a recorded tournament put back into the form.

:func:`remember_setup` keeps the form (game, entrants, schedule, seed, jobs, the game's
options, the output folder when the user chose one, and the tournament last shown) in the app's
settings; :func:`restore_setup` puts it back at the next start. :func:`show_spec` fills the form
from a tournament folder's ``tournament.json`` so that Start resumes it.

One thing is never remembered: playing bots without the sandbox. It is ticked again for a
recorded tournament that was played so (resuming must play the same games, and the box says so
where the user sees it), but never carried over from an earlier session."""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox

from arena.match import GAMES
from arena.tournament import TournamentSpec
from arena.tournament.games import SNAKE
from arena.tournament.schedule import rotation_length
from editor.widgets.games.registry import GAME_VIEWS, playable_games
from editor.widgets.tournament.tournament_entrants import EntrantRow, sample_entrants
from editor.widgets.tournament.tournament_setup import TournamentSetup

SETUP_KEY = "tournament/setup"
FOLDER_KEY = "tournament/folder"
"""The tournament last played or opened, shown again at the next start."""
OPEN_DIR_KEY = "tournament/openDir"
"""Where the Open tournament dialog starts: the folder that held the last tournament opened."""


def remember_setup(settings: QSettings, setup: TournamentSetup) -> None:
    data = {"game": setup.game(), "entrants": [[row.name, row.target] for row in setup.entrants.rows()],
            "seed": setup.seed_box.value(), "seats": setup.seats_box.value(),
            "per_pairing": setup.per_pairing_box.value(), "jobs": setup.jobs_box.value(),
            "options": {key: value for key, value in setup.options().items() if key != "sandbox"},
            "out": None if setup.out_is_default() else str(setup.out_folder())}
    settings.setValue(SETUP_KEY, json.dumps(data))


def restore_setup(settings: QSettings, setup: TournamentSetup) -> bool:
    """The remembered setup in the form; False (the form untouched) when there is none or it
    cannot be read (an older or damaged entry is skipped, never an error at start)."""
    try:
        data = json.loads(str(settings.value(SETUP_KEY, "")))
    except ValueError:
        return False
    if not isinstance(data, dict) or data.get("game") not in playable_games():
        return False
    setup.set_game(str(data["game"]))
    entrants = data.get("entrants")
    if isinstance(entrants, list):
        setup.entrants.set_rows([EntrantRow(str(name), str(target)) for name, target in _pairs(entrants)])
    for key, box in (("seed", setup.seed_box), ("seats", setup.seats_box), ("per_pairing", setup.per_pairing_box),
                     ("jobs", setup.jobs_box)):
        if isinstance(data.get(key), int) and not isinstance(data.get(key), bool):
            box.setValue(int(data[key]))
    if isinstance(data.get("options"), dict):
        show_options(setup, data["options"])
    if isinstance(data.get("out"), str) and data["out"]:
        setup.set_out_folder(data["out"])
    return True


def _pairs(values: list[Any]) -> list[tuple[object, object]]:
    return [(item[0], item[1]) for item in values if isinstance(item, list) and len(item) == 2
            and all(isinstance(part, str) and part for part in item)]


def remembered_folder(settings: QSettings) -> Path | None:
    value = settings.value(FOLDER_KEY, "")
    return Path(str(value)) if value else None


def remember_folder(settings: QSettings, folder: Path | None) -> None:
    settings.setValue(FOLDER_KEY, str(folder) if folder is not None else "")


def show_spec(setup: TournamentSetup, spec: TournamentSpec, folder: Path) -> None:
    """Fill the form with the recorded tournament ``spec`` and its ``folder``: Start resumes it
    (or says what changed since, when a program did)."""
    setup.set_game(spec.game)
    setup.entrants.set_rows([EntrantRow(e.name, _target(spec.game, e.seat)) for e in spec.entrants])
    referee = GAMES[spec.game]
    low, high = referee.min_seats, referee.max_seats
    natural = min(high, max(low, len(spec.entrants)))  # what "one per entrant" means for them
    setup.seats_box.setValue(setup.seats_box.minimum() if low != high and spec.seats == natural else spec.seats)
    rotation = rotation_length(len(spec.entrants), spec.seats)
    setup.per_pairing_box.setValue(0 if spec.games_per_pairing == rotation else spec.games_per_pairing)
    setup.seed_box.setValue(spec.seed)
    show_options(setup, spec.options)
    setup.show_maps(spec.maps)
    setup.unsandboxed_box.setChecked(spec.options.get("sandbox") is False)
    setup.set_out_folder(folder)


def show_options(setup: TournamentSetup, options: Mapping[str, Any]) -> None:
    """The game's options in the form; those not given keep their defaults."""
    referee, form = GAMES[setup.game()], GAME_VIEWS[setup.game()].spec
    for name, box in setup.number_boxes.items() if setup.game() == SNAKE else ():
        if _whole(options.get(name)):
            box.setValue(int(options[name]))
    limit = referee.round_limit
    if limit is not None and _whole(options.get(limit)):
        setup.limit_box.setValue(int(options[limit]))
    setup.option_rows.set_values(options)  # a game's own labelled options (ITPW's pause flag...)
    time = form.time_option
    if isinstance(options.get(time), (int, float)) and time in referee.defaults:  # a time limit, or a bank
        setup.time_box.setValue(float(options[time]))
    if form.map_option is not None and isinstance(options.get(form.map_option), str):
        _choose(setup.map_box, str(options[form.map_option]))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _choose(box: QComboBox, value: str) -> None:
    """Choose ``value`` (a map file) in ``box``, adding it when it is not offered."""
    found = box.findData(value)
    if found < 0:
        box.addItem(Path(value).name, value)
        found = box.count() - 1
    box.setCurrentIndex(found)


def _target(game: str, seat: str) -> str:
    """What the entrant list offers for a recorded seat: the sample it was, when it was one (a
    sample bot is recorded as its command line), else the seat itself."""
    try:
        last = shlex.split(seat)[-1:]
    except ValueError:
        last = []
    for _name, target in sample_entrants(game):
        if seat == target or last == [target]:
            return target
    return seat
