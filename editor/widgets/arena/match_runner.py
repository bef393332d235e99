"""Runs a match, a replay or a snake what-if in a worker thread and reports it round by round.

The worker calls :func:`arena.match.run_match` (or plays a replay's moves through its referee) and
emits a :class:`Frame` per round from its own thread; Qt queues the signals to the receivers in the
GUI thread, so the GUI never waits for a bot. Before every round the worker waits at a
:class:`Gate`: open (full speed), one permit at a time (a tick of the speed slider, a Step), or
closed (Pause). Stop sets the match's cancel event and opens the gate: the running round's bots are
killed within ~0.02 s, and the run's ``close()`` kills whatever else is left before the worker
reports the (cancelled) outcome. While a worker runs, Python's cycle collector runs only on the
GUI thread (:class:`editor.gui_collector.GuiThreadCollector`)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from arena.bots import BotStatus, TurnRecord
from arena.closing import split_note
from arena.match import (
    GAMES,
    SEVERITY,
    BotRun,
    GameRun,
    MatchResult,
    MatchSetup,
    MatchSetupError,
    RoundInfo,
    SeatTally,
    SeatTime,
    run_match,
)
from arena.replay import Replay, ReplayError, read_replay
from arena.snake_referee import SnakeRound
from editor.gui_collector import GuiThreadCollector
from editor.widgets.arena.replay_checks import checked_result, keep_copy, round_disagrees
from editor.widgets.parts.seat_names import seat_label
from editor.widgets.parts.worker_thread import one_line
from engines.snake import ranks_of
from matcher import Program, ProgramError
from matcher.fileformat import program_from_json

LOG = logging.getLogger(__name__)

MATCH, REPLAY, WHAT_IF = "match", "replay", "what-if"
"""What a worker plays: a live match, a replay file, a snake battle continued from a step (a match
whose ``start`` option is the position of that step)."""
FRAMES = "frames"
"""The report that frames are waiting (they travel beside the reports, not in them)."""
YIELD_S = 0.0005
"""How long the worker sleeps after a round while the GUI thread has not taken the rounds before
it: a snake battle or a replay is pure Python in this process, and a thread that computes holds
the GIL for up to 5 ms at a time against every one of the GUI thread's calls into Python (a
paint, a slot), so a match at full speed stalled the GUI for 100-150 ms (issue 16). Asleep, it
lets the GUI thread run at once; a worker ahead of a GUI that keeps up never sleeps."""


@dataclass(frozen=True)
class SeatTotal:
    """A seat's bot over the turns so far: time used, its worst misbehaviour and why."""

    wall: float = 0.0
    cpu: float = 0.0
    worst: BotStatus | None = None
    reason: str = ""
    """The reason of the latest misbehaviour (what a scoreboard's tooltip says)."""
    problems: int = 0
    """Turns that ended in a misbehaviour."""
    note: str = ""
    """How its bot ended after the game when not cleanly (:func:`arena.closing.after_game`):
    the game stands, so the status may stay "ok", but the seat has something to say."""

    @property
    def status(self) -> str:
        return BotStatus.OK.label if self.worst is None else self.worst.label

    def add(self, record: TurnRecord) -> SeatTotal:
        wall, cpu = self.wall + record.wall_time, self.cpu + record.cpu_time
        # Only the after-game part of a reason: an ok record may carry one every turn (Bio-blots'
        # "the opponent's line"), which is no news.
        note = split_note(record.reason)[1] or self.note
        if record.status not in SEVERITY:
            return replace(self, wall=wall, cpu=cpu, note=note)
        worst = self.worst
        if worst is None or SEVERITY.index(record.status) < SEVERITY.index(worst):
            worst = record.status
        reason = record.reason or record.status.label
        return SeatTotal(wall, cpu, worst, reason, self.problems + 1, note)


@dataclass(frozen=True)
class Frame:
    """The match after ``turn`` rounds (0: before the first): what every view shows at a turn."""

    turn: int
    state: Any
    scores: tuple[int, ...]
    records: tuple[TurnRecord, ...] | None = None
    """Per seat how its bot did in this round; a snake step's programs' decisions (their moves and
    times, :class:`arena.snake_referee.SnakeRound`, live or as a replay plays on). None: the start."""
    moves: tuple[Any, ...] = ()
    events: tuple[Any, ...] = ()
    end: str | None = None
    totals: tuple[SeatTotal, ...] = ()
    """Per seat, over rounds 1..turn."""
    measured: bool = False
    """The records are the app's own measure (snake programs deciding in this process, live or
    as a replay plays on), not the referee's: a result or replay does not hold those times."""

    @classmethod
    def start(cls, state: Any, scores: Sequence[int]) -> Frame:
        return cls(0, state, tuple(scores), totals=tuple(SeatTotal() for _ in scores))

    def then(self, info: RoundInfo) -> Frame:
        totals = self.totals
        measured = isinstance(info, SnakeRound)
        records = info.decisions if isinstance(info, SnakeRound) else info.records
        if records is not None:
            totals = tuple(total.add(record) for total, record in zip(totals, records))
        return Frame(info.index, info.state, tuple(info.scores), records, tuple(info.moves), tuple(info.events),
                     info.end, totals, measured)

    def with_times(self, outcome: Outcome) -> Outcome:
        """``outcome`` with the times measured here when the result cannot hold them."""
        if not self.measured:
            return outcome
        return replace(outcome, seat_times=tuple(SeatTime(t.wall, t.cpu) for t in self.totals))

    def ranks(self) -> list[int]:
        """Competition ranks of the scores (what every game ranks by while it runs)."""
        return ranks_of(self.scores)


@dataclass(frozen=True)
class MatchInfo:
    """What a worker plays, known once it has started (the setup was good, the file was read)."""

    kind: str
    game: str
    seed: int
    names: tuple[str, ...]
    options: Mapping[str, Any]
    start: Frame
    record: Path | None = None
    """The replay file: being written (a match, a what-if) or read (a replay)."""
    programs: tuple[Program, ...] = ()
    """Snake: each seat's program (explanations and what-ifs need them)."""
    branch: int = 0
    """A what-if: the step of the battle it continues from."""
    sandboxed: bool | None = None
    """Whether the bots run (or ran) sandboxed; None when there are no bots (snake programs)."""
    sandbox: tuple[tuple[str, ...], ...] = ()
    """Per seat what held for its bot (namespaces, uid, limits), as the bot layer says it."""
    kept: Path | None = None
    """A replay: a copy of its file as it was read, what "Save replay" copies. The file itself may
    be written over or deleted while it is shown (a download of the same name, a tidied folder)."""

    @property
    def replay_file(self) -> Path | None:
        """The file that holds what is shown: the copy kept of a replay, or the record."""
        return self.kept or self.record


@dataclass(frozen=True)
class Outcome:
    """How a match ended: from :class:`MatchResult`, or a replay's result line."""

    end: str
    rounds: int
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    statuses: tuple[str, ...]
    seat_times: tuple[SeatTime, ...] = ()

    @property
    def cancelled(self) -> bool:
        return self.end == "cancelled"

    @classmethod
    def of(cls, result: MatchResult) -> Outcome:
        return cls(result.end, result.rounds, result.scores, result.ranks, result.statuses, result.seat_times)

    @classmethod
    def of_replay(cls, result: Mapping[str, Any]) -> Outcome:
        times = tuple(SeatTime(float(t.get("wall", 0.0)), float(t.get("cpu", 0.0)))
                      for t in result.get("seat_times") or () if isinstance(t, dict))
        return cls(str(result.get("end") or "?"), int(result["rounds"]), tuple(result["scores"]),
                   tuple(result["ranks"]), tuple(str(s) for s in result["statuses"]), times)


class Gate:
    """How many rounds the worker may still play: all (open), one per :meth:`permit`, or none.
    Permits do not pile up: a tick that comes while a slow round runs is not owed later."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._open = False
        self._permits = 0
        self._waiting = False

    def set_open(self, value: bool) -> None:
        with self._condition:
            self._open = value
            self._condition.notify_all()

    def is_open(self) -> bool:
        return self._open

    def permit(self) -> None:
        with self._condition:
            self._permits = 1
            self._condition.notify_all()

    def hold(self) -> None:
        with self._condition:
            self._open, self._permits = False, 0

    def wake(self) -> None:
        with self._condition:
            self._condition.notify_all()

    def wait(self, cancel: threading.Event) -> None:
        """Return when a round may be played, or at once when ``cancel`` is set."""
        with self._condition:
            while not (self._open or self._permits or cancel.is_set()):
                self._waiting = True
                self._condition.wait(0.25)
            self._waiting = False
            if not self._open and self._permits:
                self._permits -= 1

    @property
    def waiting(self) -> bool:
        """The worker is held here: nothing is being played (every round it played has been
        reported before it came to wait)."""
        return self._waiting


class MatchRunner(QObject):
    """One worker at a time. Signals arrive in the GUI thread, in this order: ``started`` (or
    ``failed``), ``frames`` (every round, in batches), then ``finished``; ``failed`` may also come mid-way (a replay
    whose round N does not re-simulate), followed by ``finished`` with what was played."""

    started = Signal(object)
    """:class:`MatchInfo`."""
    frames = Signal(object)
    """A list of :class:`Frame`, one after each round, in order: the rounds that arrived since the
    GUI thread last had time (one at a time while paced; hundreds at once from a replay being
    read or a match at full speed, which then costs the views one update, not hundreds)."""
    finished = Signal(object)
    """:class:`Outcome`, or None when a replay has no result line (the match was killed)."""
    failed = Signal(str)
    """One line: why the match could not start or the replay could not be played on."""
    done = Signal()
    """The worker has ended, however it ended (after ``finished`` or ``failed``)."""
    _report = Signal(int, str, object)
    """From the worker: (job, signal name, value); only the current job's reach the public signals."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.gate = Gate()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._job = 0
        self._frames_lock = threading.Lock()
        self._pending: list[tuple[int, Frame]] = []
        """Frames the worker played that the GUI thread has not taken yet, with their job."""
        self._report.connect(self._deliver)

    # --- our API -----------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start_match(self, setup: MatchSetup, *, record: Path | None = None, bot_env: Mapping[str, str] | None = None,
                    host_root: Path | None = None) -> None:
        """Play ``setup`` (writing its replay to ``record``); ``bot_env`` goes to every bot."""
        self._launch(lambda cancel: self._play_match(setup, record, bot_env, host_root, cancel))

    def start_replay(self, path: Path | str, keep: Path | None = None) -> None:
        """Play a replay file's moves through its game's engine (at the gate's pace); with ``keep``
        the file as read is copied there (:attr:`MatchInfo.kept`)."""
        self._launch(lambda cancel: self._play_replay(Path(path), cancel, keep))

    def start_what_if(self, setup: MatchSetup, branch: int, *, record: Path | None = None) -> None:
        """Continue a snake battle: ``setup`` plays on from the position its ``start`` option holds,
        which the battle shown reached at step ``branch``; the replay goes to ``record``."""
        self._launch(lambda cancel: self._play_match(setup, record, None, None, cancel, WHAT_IF, branch))

    def stop(self) -> None:
        """Cancel the running worker: every bot process dies at once; ``finished`` follows."""
        self._cancel.set()
        self.gate.wake()

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait for the worker to end (tests, closing the app); True when it has."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.is_running()

    # --- the worker --------------------------------------------------------------------------

    def _launch(self, work: Callable[[threading.Event], None]) -> None:
        if self.is_running():
            self.stop()
            self.wait()
        self._job += 1
        self._cancel = cancel = threading.Event()
        self._thread = threading.Thread(target=self._guarded, args=(work, cancel, self._job), name="snakepit-match",
                                        daemon=True)
        GuiThreadCollector.watch(self._thread)
        self._thread.start()

    def _guarded(self, work: Callable[[threading.Event], None], cancel: threading.Event, job: int) -> None:
        self._local.job = job
        try:
            work(cancel)
        except MatchSetupError as error:  # a seat as the form counts it (the match counts from 0)
            self._emit("failed", str(error) if error.seat is None else f"{seat_label(error.seat).lower()}: {error.detail}")
        except (ReplayError, ProgramError) as error:
            self._emit("failed", str(error))
        except OSError as error:  # a file the match reads or writes (its replay record: a folder gone)
            self._emit("failed", f"{error.filename or 'the match'}: {error.strerror or error}")
        except Exception as error:  # noqa: BLE001  (a bug must not end the thread unsaid)
            LOG.error("The match stopped unexpectedly", exc_info=error)  # the traceback, for a bug report
            self._emit("failed", f"The match stopped unexpectedly: {one_line(error) or type(error).__name__}")
        finally:
            self._emit("done", None)

    _local = threading.local()

    def _emit(self, name: str, value: object) -> None:
        try:
            self._report.emit(self._local.job, name, value)
        except RuntimeError:  # the runner is gone while the worker runs on (the app is closing)
            self._cancel.set()

    def _deliver(self, job: int, name: str, value: object) -> None:
        if job != self._job:  # a stopped worker's last words do not mix into the next match
            return
        # Every frame played before what follows it (finished after the last round); none is
        # played before ``started``, and those queued after it belong after it.
        frames = self._take_frames() if name != "started" else []
        if frames:
            self.frames.emit(frames)
        if name != FRAMES:
            signal = getattr(self, name)
            signal.emit() if name == "done" else signal.emit(value)

    def _post_frame(self, frame: Frame) -> None:
        """From the worker: ``frame`` joins those the GUI thread has not taken yet; only the first
        of them queues a report, so a flood of rounds costs the event loop one event, not one each.
        While the GUI thread is behind, the worker sleeps a moment (:data:`YIELD_S`)."""
        job = self._local.job
        with self._frames_lock:
            first = not self._pending
            self._pending.append((job, frame))
        if first:
            self._emit(FRAMES, None)
        else:
            give_way()

    def _take_frames(self) -> list[Frame]:
        with self._frames_lock:
            pending, self._pending = self._pending, []
        return [frame for job, frame in pending if job == self._job]

    def _play_match(self, setup: MatchSetup, record: Path | None, bot_env: Mapping[str, str] | None,
                    host_root: Path | None, cancel: threading.Event, kind: str = MATCH, branch: int = 0) -> None:
        last: list[Frame] = []

        def on_start(run: GameRun) -> None:
            last.append(Frame.start(run.state, run.scores()))
            programs = tuple(getattr(getattr(run, "match", None), "programs", ()))
            host = run.host if isinstance(run, BotRun) else None
            sandboxed = host.policy.enabled if host is not None else None
            sandbox = tuple(tuple(lines) for lines in host.describe()) if host is not None else ()
            self._emit("started", MatchInfo(kind, setup.game, setup.seed, _names(run.seats), dict(run.options),
                                               last[0], record, programs, branch, sandboxed, sandbox))
            self.gate.wait(cancel)

        def on_round(info: RoundInfo) -> None:
            last[0] = last[0].then(info)
            self._post_frame(last[0])
            if info.end is None:
                self.gate.wait(cancel)

        result = run_match(setup, record=record, on_round=on_round, cancel=cancel, host_root=host_root,
                           bot_env=bot_env, on_start=on_start)
        outcome = Outcome.of(result)
        self._emit("finished", last[0].with_times(outcome) if last else outcome)

    def _play_replay(self, path: Path, cancel: threading.Event, keep: Path | None = None) -> None:
        kept = keep_copy(path, keep)
        replay = _read_as(path, kept)
        referee = GAMES.get(replay.game)
        if referee is None:
            raise ReplayError(f"{path}:1: unknown game {replay.game!r} (known: {', '.join(sorted(GAMES))})")
        try:
            state = referee.initial_state(replay.options, len(replay.seats))
            scores = referee.start_scores(replay)
        except (MatchSetupError, KeyError, ValueError) as error:
            # A KeyError's text is only the quoted key.
            detail = f"no {error.args[0]!r} among its options" if isinstance(error, KeyError) else str(error)
            raise ReplayError(f"{path}:1: the header of a {replay.game} replay: {detail}") from None
        frame = Frame.start(state, scores)
        sandboxed = bool(replay.options.get("sandbox", True)) if "sandbox" in referee.defaults else None
        self._emit("started", MatchInfo(REPLAY, replay.game, replay.seed, _names(replay.seats), replay.options,
                                           frame, path, _replay_programs(replay), sandboxed=sandboxed, kept=kept))
        tally, last, edited = SeatTally(len(replay.seats)), None, ""
        try:
            for info in referee.replay_rounds(replay):
                self.gate.wait(cancel)
                if cancel.is_set():
                    break
                frame = frame.then(info)
                tally.add(info.records)
                last = info
                if not edited and (edited := round_disagrees(referee, replay, info)):
                    self._emit("failed", edited)  # said once, above the board
                self._post_frame(frame)
        except ReplayError as error:
            self._emit("failed", str(error))
        finished = replay.result is not None and frame.turn == len(replay.rounds) and not cancel.is_set()
        if not finished:
            self._emit("finished", None)
            return
        result, wrong = checked_result(referee, replay, last, tally)
        if wrong:  # a hand-edited result line: the board showed one winner, the scoreboard another
            self._emit("failed", wrong)
        self._emit("finished", frame.with_times(Outcome.of_replay(result)))


def give_way() -> None:
    """From the worker: let the GUI thread have the GIL (see :data:`YIELD_S`)."""
    time.sleep(YIELD_S)


def _names(seats: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    return tuple(str(seat.get("name", "")) for seat in seats)


def _replay_programs(replay: Replay) -> tuple[Program, ...]:
    if replay.game != "snake":
        return ()
    try:
        return tuple(program_from_json(seat["program"], f"seat {i}") for i, seat in enumerate(replay.seats))
    except (ProgramError, KeyError):
        return ()


def _read_as(path: Path, kept: Path | None) -> Replay:
    """The replay ``path``, read from ``kept``, its copy, when one was made: the rounds are read
    from the file again while they play (:class:`arena.replay_lines.RoundLines`), so the file
    the user may write over or delete is not read after this. Messages name ``path``."""
    if kept is None:
        return read_replay(path)  # a file gone since it was chosen is a ReplayError naming it, too
    try:
        return replace(read_replay(kept), path=str(path))
    except ReplayError as error:
        raise ReplayError(str(error).replace(str(kept), str(path))) from None
