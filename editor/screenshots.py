"""Render the README's screenshots into a folder: ``python -m editor.screenshots [OUT_DIR]``.

Works without a display (Qt's offscreen platform is chosen when there is none) and under
``xvfb-run``; ``QWidget.grab()`` renders the same pixels either way. Settings and recovery files
go to a temporary folder, so taking screenshots never touches the user's. Everything shown is
deterministic: fixed samples, fixed seeds, fixed sizes."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

import editor.qt_compat  # noqa: F401  (before any widget)
from arena.games import registry
from arena.samples import SAMPLES_DIR, SNAKE_SAMPLES, resolve_program
from editor.app import display_problem
from editor.document import ProgramDocument
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from editor.widgets.arena.arena_pane import ArenaPane
from editor.widgets.arena.match_transport import FULL_SPEED
from editor.widgets.bench.position_bench import TestBench
from editor.widgets.games.snake.snake_game import SnakeBoard
from editor.widgets.improve.improve_dialog import ImproveDialog
from editor.widgets.tournament.tournament_tab import TournamentTab
from engines.snake import Bite, Element
from matcher import load_program
from matcher.editing import move_card, paint
from matcher.model import AND1, Pattern

WINDOW_SIZE = (1440, 900)
SMALL_SIZE = (1024, 700)
NEW_CARD_SIZE = (940, 660)
PANE_SIZE = (1280, 820)
SHOWN_PROGRAM = "hunter"
SHOWN_CARD = 1
BATTLE_PROGRAM = "tail_biter"
BATTLE_OPPONENTS = ("hunter", "wall_hugger", "head_avoider")
BATTLE_SEED = 11
BATTLE_STEPS = 36
WORMS, KINGDOMS = SAMPLES_DIR / "worms", SAMPLES_DIR / "kingdoms"
BIOBLOTS, ITPW = SAMPLES_DIR / "bioblots", SAMPLES_DIR / "itpw"


@dataclass(frozen=True)
class ArenaShot:
    """A sample match played to its end for an arena screenshot, and what the shot shows of it."""

    seats: tuple[str, ...]
    seed: int
    rounds: int
    map: str | None = None
    show: int = -1
    """The turn shown (negative: from the end)."""
    tab: int = 0
    """The side tab: seat log, scores, think time."""
    seat: int | None = None
    """A seat clicked (a snake: why it moved, at the first step on where a card chose)."""


ARENA_MATCHES = {
    "snake": ArenaShot(("tail_biter", "hunter", "wall_hugger", "head_avoider"), BATTLE_SEED, 400, show=64, tab=1, seat=0),
    "worms": ArenaShot((str(WORMS / "heuristic_bot.py"), str(WORMS / "greedy.sh"), str(WORMS / "random_bot.py"),
                        str(WORMS / "heuristic_bot.py")), 3, 90, map=str(WORMS / "meadow.txt")),
    "kingdoms": ArenaShot((str(KINGDOMS / "heuristic_bot.py"), str(KINGDOMS / "random_bot.py"),
                           str(KINGDOMS / "heuristic_bot.py"), str(KINGDOMS / "farmer.sh")), 3, 90, tab=2),
    "bioblots": ArenaShot((str(BIOBLOTS / "heuristic_bot.py"), str(BIOBLOTS / "random_bot.py")), 3, 80, show=110, tab=1),
    # ITPW runs 500 turns; 120 keep the shot quick and already show the territories grown apart.
    "itpw": ArenaShot((str(ITPW / "heuristic_bot.py"), str(ITPW / "random_bot.py"), str(ITPW / "heuristic_bot.py"),
                       str(ITPW / "random_bot.py")), 3, 120, tab=1),
}
"""How the arena screenshots show the built-in games (a sample match each, played at full speed
before the shot); any other registered game gets :func:`arena_shot`'s plain one."""


def arena_shot(game: str) -> ArenaShot:
    """The screenshot match of ``game``: its own above, or its descriptor's sample seats."""
    if game in ARENA_MATCHES:
        return ARENA_MATCHES[game]
    descriptor = registry.game(game)
    folder = descriptor.samples
    seats = tuple(str(folder / seat) if folder is not None and (folder / seat).exists() else seat
                  for seat in descriptor.default_seats)
    return ArenaShot(seats, 3, 60)
ARENA_TIMEOUT = 180.0


@dataclass(frozen=True)
class TournamentShot:
    """The small snake tournament played for the tournament tab's screenshot."""

    entrants: tuple[str, ...] = ("Tail biter", "Hunter", "Wall hugger", "Head avoider")
    """As the tab's sample chooser names them."""
    seed: int = 5
    seats: int = 2
    per_pairing: int = 4
    options: tuple[tuple[str, int], ...] = (("width", 15), ("height", 15), ("length", 4), ("steps", 120))
    folder: str = "tournaments/snake-samples"


TOURNAMENT = TournamentShot()


@dataclass(frozen=True)
class ImproveShot:
    """The short search shown in the Improve window's screenshot: it ends after ``generations``
    (whatever the machine's speed), so the plot and the diff are the same on every run; only the
    measured battles/s and times differ."""

    program: str = "beginner"
    opponents: tuple[str, ...] = ("tail_biter", "hunter", "wall_hugger", "head_avoider")
    seed: int = 7
    size: str = "15x15"
    length: int = 4
    steps: int = 150
    generations: int = 12
    check: int = 40


IMPROVE = ImproveShot()


def dark_palette() -> QPalette:
    """A dark Fusion palette (the usual one: grey surfaces, light text, blue highlight)."""
    palette = QPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    colors = {
        role.Window: "#2b2d30", role.WindowText: "#dfe1e5", role.Base: "#1e1f22", role.AlternateBase: "#2b2d30",
        role.ToolTipBase: "#3c3f41", role.ToolTipText: "#dfe1e5", role.Text: "#dfe1e5", role.Button: "#393b40",
        role.ButtonText: "#dfe1e5", role.BrightText: "#ff6b68", role.Link: "#589df6", role.Highlight: "#2f65ca",
        role.HighlightedText: "#ffffff", role.PlaceholderText: "#8c8f94", role.Mid: "#4e5157", role.Dark: "#1b1c1f",
        role.Light: "#4a4d52", role.Midlight: "#3e4146", role.Shadow: "#101012",
    }
    for r, value in colors.items():
        palette.setColor(r, QColor(value))
    for r in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, r, QColor("#6f737a"))
    return palette


def _sample(name: str) -> Path:
    return resolve_program(name)


def _settle(widget: QWidget, rounds: int = 5) -> None:
    for _ in range(rounds):
        QApplication.processEvents()


def _main_window(workdir: Path, program: str = SHOWN_PROGRAM) -> MainWindow:
    path = _sample(program)
    document = ProgramDocument(load_program(path), path)
    window = MainWindow(document, settings=QSettings(str(workdir / "settings.ini"), QSettings.Format.IniFormat),
                        recovery=RecoveryStore(workdir / "recovery"))
    window.resize(*WINDOW_SIZE)
    window.show()
    _settle(window)
    window.resize(*WINDOW_SIZE)  # again: some panes only report their true minimum once shown
    document.set_current_card(SHOWN_CARD)
    cells = document.card.sorted_cells()
    if cells:
        document.select_cell(cells[len(cells) // 2][0])
    return window


def shoot_main_window(out: Path, workdir: Path, name: str = "main_window.png") -> Path:
    window = _main_window(workdir)
    _settle(window)
    target = out / name
    window.grab().save(str(target))
    window.document.undo_stack.setClean()
    window.close()
    return target


def shoot_test_bench(out: Path) -> Path:
    path = _sample("tail_biter")
    document = ProgramDocument(load_program(path), path)
    bench = TestBench(document)
    bench.setWindowTitle("Test bench")
    bench.resize(*PANE_SIZE)
    bench.show()
    if document.program.tests:
        bench.load_test(len(document.program.tests) - 1)
    bench.decide()
    _settle(bench)
    target = out / "test_bench.png"
    bench.grab().save(str(target))
    bench.close()
    return target


def _played_battle(workdir: Path) -> MainWindow:
    """The main window after the Battle tab played :data:`BATTLE_PROGRAM` against the
    screenshot opponents to the end."""
    window = _main_window(workdir, BATTLE_PROGRAM)
    window.show_battle()
    tab = window.battle_tab
    tab.setup.set_opponents([SNAKE_SAMPLES / f"{name}.snake.json" for name in BATTLE_OPPONENTS])
    tab.setup.seed_box.setValue(BATTLE_SEED)
    tab.playback.set_speed(FULL_SPEED)
    if not tab.start():
        raise RuntimeError(f"the battle screenshot does not start: {tab.message_label.text()}")
    _wait_for(lambda: tab.runner.is_running() or tab.playback.live)
    return window


def shoot_battle(out: Path, workdir: Path) -> Path:
    """The main window's Battle tab mid-way through a battle of the edited program, the move of
    its snake explained (at the first step on where a card chose among several moves)."""
    window = _played_battle(workdir)
    tab = window.battle_tab
    tab.playback.seek(BATTLE_STEPS)
    tab.select_seat(0)
    while tab.playback.index < tab.playback.last():
        explanation = tab.explanation
        if explanation is not None and explanation.card is not None and len(explanation.possible) > 1:
            break
        tab.playback.seek(tab.playback.index + 1)
    _settle(tab, 10)
    target = out / "battle.png"
    window.grab().save(str(target))
    tab.shutdown()
    window.document.undo_stack.setClean()
    window.close()
    return target


def _finished_battle(workdir: Path) -> MainWindow:
    """:func:`_played_battle`, its cards' shares counted."""
    window = _played_battle(workdir)
    _wait_for(lambda: window.authoring.stats.last_stats is None)
    return window


def shoot_new_card(out: Path, workdir: Path, size: tuple[int, int] = NEW_CARD_SIZE, name: str = "new_card.png") -> Path:
    """"New card from here" at the first step of the battle where a snake lost its tail: the
    move it made, trimmed to the non-empty cells within 2 steps, first in the program, with what it
    would decide among the tests and the battle's steps."""
    window = _finished_battle(workdir)
    tab = window.battle_tab
    frames = tab.playback.frames
    index, victim = next((i, e.victim) for i in range(1, len(frames)) for e in frames[i].events
                         if isinstance(e, Bite) and e.victim != 0)
    tab.playback.seek(index)
    tab.select_seat(victim)
    if not tab.board.request_card() or window.authoring.card_dialog is None:
        raise RuntimeError("the new-card screenshot found no moment to make a card of")
    dialog = window.authoring.card_dialog
    dialog.set_keep(2, True)
    dialog.test_box.setChecked(True)
    dialog.resize(*size)
    _settle(dialog, 10)
    target = out / name
    dialog.grab().save(str(target))
    dialog.reject()
    tab.shutdown()
    window.document.undo_stack.setClean()
    window.close()
    return target


def shoot_analysis(out: Path, workdir: Path, size: tuple[int, int] = WINDOW_SIZE, name: str = "analysis.png") -> Path:
    """The editor after a battle: each card's share of the choices in the card list, and the
    program's analysis in the Problems pane, with the battles sampled."""
    window = _finished_battle(workdir)
    window.resize(*size)
    window.show_test_bench()
    window.authoring.analysis.sample()
    _wait_for(window.authoring.analysis.is_sampling)
    _settle(window, 10)
    target = out / name
    window.grab().save(str(target))
    window.battle_tab.shutdown()
    window.document.undo_stack.setClean()
    window.close()
    return target


def shoot_compare(out: Path, workdir: Path, size: tuple[int, int] = NEW_CARD_SIZE, name: str = "compare.png") -> Path:
    """File → Compare with Last Saved after a few edits: a card moved, one repainted, the
    description rewritten."""
    window = _main_window(workdir)
    document = window.document
    document.edit(lambda p: move_card(p, 3, 0), "Move card")
    document.set_current_card(2)
    document.edit_card(lambda c: paint(c, [(1, 3), (0, 3)], Pattern(Element.ENEMY_HEAD, group=AND1)), "Paint")
    document.edit(lambda p: replace(p, description=p.description + " Now it watches for heads ahead."), "Describe")
    dialog = window.authoring.compare_with_saved()
    if dialog is None:
        raise RuntimeError("the compare screenshot has no saved program to compare with")
    dialog.resize(*size)
    _settle(dialog, 10)
    target = out / name
    dialog.grab().save(str(target))
    dialog.close()
    document.undo_stack.setClean()
    window.close()
    return target


def _wait_for(busy: Callable[[], bool]) -> None:
    """Let a worker play on (the events flowing) while ``busy()``, for at most ARENA_TIMEOUT."""
    deadline = time.monotonic() + ARENA_TIMEOUT
    while busy() and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def _play(pane: ArenaPane, game: str) -> None:
    """Set up and play ``game``'s sample match to its end."""
    match = arena_shot(game)
    panel = pane.setup_panel
    panel.set_game(game)
    panel.set_seats(match.seats)
    panel.seed_box.setValue(match.seed)
    panel.rounds_box.setValue(match.rounds)
    if match.map is not None:
        panel.set_map(match.map)
    pane.playback.set_speed(FULL_SPEED)
    if not pane.start():
        raise RuntimeError(f"the {game} screenshot match does not start: {panel.message_label.text()}")
    _wait_for(lambda: pane.runner.is_running() or pane.playback.live)
    _settle(pane, 20)


def shoot_arena(out: Path, workdir: Path, game: str, suffix: str = "") -> Path:
    """The main window's arena after ``game``'s sample match: the board at a telling turn."""
    window = _main_window(workdir)
    window.show_arena()
    pane = window.arena_pane
    _play(pane, game)
    match = arena_shot(game)
    pane.playback.seek(match.show if match.show >= 0 else len(pane.playback.frames) + match.show)
    pane.tabs.setCurrentIndex(match.tab)
    if match.seat is not None:
        pane.select_seat(match.seat)
        board = pane.board
        # On to a step where a card chose among several moves: that explanation shows the most.
        while isinstance(board, SnakeBoard) and pane.playback.index < pane.playback.last():
            explanation = board.explanation
            if explanation is not None and explanation.card is not None and len(explanation.possible) > 1:
                break
            pane.playback.seek(pane.playback.index + 1)
    _settle(pane, 10)
    target = out / f"arena_{game}{suffix}.png"
    window.grab().save(str(target))
    window.document.undo_stack.setClean()
    window.close()
    return target


def shoot_tournament(out: Path, workdir: Path) -> list[Path]:
    """The tournament tab (View → Tournament) after a small snake tournament of samples: the
    standings, the rating plot over the games, the games list; then the card statistics of its
    first entrant."""
    docs = out.absolute()  # before the tournament's folder is made relative to the scratch folder
    window = _main_window(workdir)
    window.show_tournament()
    tab = window.tournament_tab
    setup = tab.setup
    setup.set_game("snake")
    entrants = setup.entrants
    for name in TOURNAMENT.entrants:
        index = entrants.sample_box.findText(name)
        if index < 0:
            raise RuntimeError(f"the tournament screenshot's entrant {name!r} is no snake sample")
        entrants.sample_box.setCurrentIndex(index)
        entrants.add_sample_button.click()
    for option, value in TOURNAMENT.options:
        (setup.limit_box if option == "steps" else setup.number_boxes[option]).setValue(value)
    setup.seats_box.setValue(TOURNAMENT.seats)
    setup.per_pairing_box.setValue(TOURNAMENT.per_pairing)
    setup.seed_box.setValue(TOURNAMENT.seed)
    setup.jobs_box.setValue(1)  # the same games in any case; one job keeps the machine free
    entrants.table.clearSelection()
    # Never the user's data folder; a relative folder in the scratch one, so the shot shows a
    # short path that is the same on every run.
    with contextlib.chdir(workdir):
        setup.set_out_folder(TOURNAMENT.folder)
        if not tab.start():
            raise RuntimeError(f"the screenshot tournament does not start: {tab.error_label.text()}")
        _wait_for(tab.is_running)
        _settle(tab, 20)
        target = docs / "tournament.png"
        window.grab().save(str(target))
        stats = shoot_card_stats(docs, tab, TOURNAMENT.entrants[0])  # its replays are in the relative folder
    window.document.undo_stack.setClean()
    # Back to the editor first: a window closed on the tournament tab saves its docks hidden, and
    # the next shot's window (same settings) would open without them.
    window.show_editor()
    window.close()
    return [target, stats]


def shoot_card_stats(out: Path, tab: TournamentTab, entrant: str) -> Path:
    """The card statistics window of ``entrant`` over its games in the tournament ``tab`` shows."""
    dialog = tab.show_card_stats(entrant)
    if dialog is None:
        raise RuntimeError(f"no card statistics of {entrant!r} in the screenshot tournament")
    _wait_for(dialog.is_counting)
    _settle(dialog, 20)
    target = out / "card_stats.png"
    dialog.grab().save(str(target))
    dialog.close()
    return target


class _GenerationBudget:
    """A search clock that reads the real time until :meth:`end` makes the budget spent: called
    in the search's thread right after a generation is published, the search ends there, before
    another one starts."""

    def __init__(self) -> None:
        self._offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self._offset

    def end(self) -> None:
        self._offset = 1e9


def shoot_improve(out: Path) -> Path:
    """The Improve window (Battle → Improve Program…) after a short search from Beginner against
    four samples, checked on fresh seeds."""
    path = _sample(IMPROVE.program)
    document = ProgramDocument(load_program(path), path)
    budget = _GenerationBudget()
    dialog = ImproveDialog(document, clock=budget)
    dialog.worker.progressed.connect(lambda progress, _best: budget.end() if progress.generation >= IMPROVE.generations
                                     else None, Qt.ConnectionType.DirectConnection)
    setup = dialog.setup
    setup.set_opponents(IMPROVE.opponents)
    setup.sizes_edit.setText(IMPROVE.size)
    setup.length_box.setValue(IMPROVE.length)
    setup.steps_box.setValue(IMPROVE.steps)
    setup.seed_box.setValue(IMPROVE.seed)
    setup.budget_box.setValue(60)  # ended by the clock after the generations shown
    setup.jobs_box.setValue(1)  # the same search in any case; one job keeps the machine free
    setup.check_box.setValue(IMPROVE.check)
    dialog.resize(*PANE_SIZE)
    dialog.show()
    ended: list[object] = []
    dialog.runFinished.connect(ended.append)
    if not dialog.start():
        raise RuntimeError(f"the Improve screenshot's search does not start: {dialog.error_label.text()}")
    deadline = time.monotonic() + ARENA_TIMEOUT
    while not ended and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    if not ended:
        dialog.shutdown()
        raise RuntimeError(f"the Improve screenshot's search did not end in {ARENA_TIMEOUT:.0f} s")
    _settle(dialog, 20)
    target = out / "improve.png"
    dialog.grab().save(str(target))
    dialog.close()
    return target


def authoring_shots(out: Path, workdir: Path) -> list[Path]:
    """The views of issue 17: a card from a moment, the analysis and card shares, the diff."""
    return [shoot_new_card(out, workdir), shoot_analysis(out, workdir), shoot_compare(out, workdir)]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0] if args else "docs")
    out.mkdir(parents=True, exist_ok=True)
    if display_problem() is not None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # read when the QApplication is created

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("snakepit-screenshots")
    app.setStyle("Fusion")
    light = app.palette()
    with tempfile.TemporaryDirectory(prefix="snakepit-shots-") as tmp:
        workdir = Path(tmp)
        shots = [shoot_main_window(out, workdir), shoot_test_bench(out), shoot_battle(out, workdir)]
        shots += [shoot_arena(out, workdir, game) for game in registry.games()]
        shots += shoot_tournament(out, workdir)
        shots.append(shoot_improve(out))
        shots += authoring_shots(out, workdir)
        app.setPalette(dark_palette())
        shots.append(shoot_main_window(out, workdir, "main_window_dark.png"))
        app.setPalette(light)
    for shot in shots:
        print(shot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
