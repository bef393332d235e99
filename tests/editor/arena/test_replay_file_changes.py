"""A replay someone sent stays what is shown while its file changes: "Save replay" keeps the
match shown, even when the file was written over (a second download of the same name) or deleted
(a tidied Downloads folder) after it opened; it copied the file as it was then — another match,
silently — or said there was no replay to save."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

import editor.widgets  # noqa: F401  (the PySide6 6.12.0 guard before any widget)
from editor.widgets.arena.arena_pane import ArenaPane

LEGACY = Path(__file__).resolve().parents[2] / "arena" / "legacy" / "battle.jsonl"


def open_copy(qtbot: QtBot, pane: ArenaPane, path: Path) -> None:
    with qtbot.waitSignal(pane.runner.finished, timeout=10_000):
        pane.open_replay(path)


def test_save_replay_saves_the_match_shown_though_its_file_changed_or_vanished(
        qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    sent = tmp_path / "sent.jsonl"
    shutil.copyfile(LEGACY, sent)
    pane = make_pane()
    open_copy(qtbot, pane, sent)
    shown = LEGACY.read_bytes()
    sent.write_text("something else\n")  # written over while shown
    assert pane.save_replay(tmp_path / "saved.jsonl")
    assert (tmp_path / "saved.jsonl").read_bytes() == shown
    sent.unlink()  # deleted while shown
    assert pane.save_replay(tmp_path / "saved-again.jsonl")
    assert (tmp_path / "saved-again.jsonl").read_bytes() == shown
    assert "replay sent.jsonl" in pane.title_label.plain_text()  # still named as the user knows it


def test_only_the_copy_of_the_replay_shown_is_kept(qtbot: QtBot, make_pane: Callable[..., ArenaPane], tmp_path: Path) -> None:
    pane = make_pane()
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    for path in (first, second):
        shutil.copyfile(LEGACY, path)
    open_copy(qtbot, pane, first)
    assert pane.info is not None and pane.info.kept is not None
    kept = pane.info.kept
    open_copy(qtbot, pane, second)
    assert not kept.exists() and pane.info.kept is not None and pane.info.kept.exists()


def test_the_titles_tooltip_names_the_replays_whole_path(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                        tmp_path: Path) -> None:
    """Two tournaments' game-0001.jsonl read alike in the title; its tooltip says which file it is,
    cut or not."""
    folder = tmp_path / "from a friend"
    folder.mkdir()
    sent = folder / "game-0001.jsonl"
    shutil.copyfile(LEGACY, sent)
    pane = make_pane()
    pane.resize(1440, 900)  # room for the whole title
    open_copy(qtbot, pane, sent)
    title = pane.title_label
    assert "replay game-0001.jsonl" in title.text() and "…" not in title.text()
    assert title.toolTip() == f"Replay file: {sent}"


def test_stop_says_it_stops_reading_a_replay_not_killing_bots(qtbot: QtBot, make_pane: Callable[..., ArenaPane],
                                                             tmp_path: Path) -> None:
    pane = make_pane()
    stop = pane.transport.stop_action
    assert stop.toolTip().startswith("Stop the match: every bot is killed")
    sent = tmp_path / "sent.jsonl"
    shutil.copyfile(LEGACY, sent)
    open_copy(qtbot, pane, sent)
    assert stop.toolTip().startswith("Stop reading the replay: the steps read so far stay"), stop.toolTip()


def test_a_replay_plays_on_from_its_copy_though_its_file_is_written_over_while_it_plays(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A match replay's rounds are read from the file again as they play (arena.replay_lines), so
    they come from the copy kept when it opened: the file written over mid-play changes nothing
    and is not named as changed; messages still name the user's file."""
    from arena.match import MatchSetup, run_match
    from editor.widgets.arena.match_runner import MatchRunner

    sent = tmp_path / "sent.jsonl"
    run_match(MatchSetup("snake", ("hunter", "wall_hugger"), 5, {"steps": 30}), record=sent)
    rounds = sum('"type": "round"' in line or '"type":"round"' in line for line in sent.read_text().splitlines())
    runner = MatchRunner()
    frames: list[int] = []
    failures: list[str] = []
    runner.frames.connect(lambda batch: frames.extend(frame.turn for frame in batch))
    runner.failed.connect(failures.append)
    with qtbot.waitSignal(runner.started, timeout=10_000):  # the gate is closed: no round played yet
        runner.start_replay(sent, keep=tmp_path / "kept.jsonl")
    sent.write_text("something else\n")  # written over while it plays
    with qtbot.waitSignal(runner.done, timeout=20_000):
        runner.gate.set_open(True)
    assert failures == []
    assert rounds > 5 and frames == list(range(1, rounds + 1))
