"""The program's analysis as the editor shows it (:mod:`matcher.analysis`): the proved warnings,
redone once edits pause; and, when the user asks ("Sample battles"), the weaker "never decided"
warnings observed in short battles against the samples, counted in a worker thread.

Sampled warnings belong to the program they were counted for: an edit drops them (their numbers
would be about another program) until the user samples again. Sampling is on demand, not after
every pause: it plays some twenty battles, a second or more of both cores on a busy machine."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from arena.analysis_samples import sample_situations
from editor.document import ProgramDocument
from editor.widgets.parts.worker_thread import FunctionJob
from matcher.analysis import ProgramWarning, analyse_program
from matcher.model import Program

PAUSE_MS = 300
"""The proved analysis runs this long after the last edit (a paint stroke is many edits)."""


def sampled_warnings(program: Program) -> tuple[Program, list[ProgramWarning]]:
    """Every warning about ``program``, with those observed in the sampled battles."""
    samples = sample_situations(program)
    return program, analyse_program(program, samples.situations, samples.note)


class ProgramAnalysis(QObject):
    """The warnings about ``document``'s program (see the module docstring)."""

    warningsChanged = Signal()
    samplingChanged = Signal(bool)
    """Sampling started (True) or ended (False)."""
    message = Signal(str)

    def __init__(self, document: ProgramDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._warnings: list[ProgramWarning] = []
        self._sampled_for: Program | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self.refresh)
        self.worker = FunctionJob("battle sampling", parent=self)
        self.worker.finished.connect(self._sampled)
        self.worker.failed.connect(self.message)
        document.programChanged.connect(self._timer.start)
        self.refresh()

    # --- our API -----------------------------------------------------------------------------

    def warnings(self) -> list[ProgramWarning]:
        return list(self._warnings)

    def sampled(self) -> bool:
        """The warnings include those observed in sampled battles (for the program shown)."""
        return self._sampled_for is not None and self._sampled_for == self.document.program

    def refresh(self) -> None:
        """The proved warnings of the program as it is now (sampled ones only if still its own)."""
        self._timer.stop()
        if self.sampled():
            return
        self._sampled_for = None
        self._set(analyse_program(self.document.program))

    def sample(self) -> bool:
        """Start sampling battles in the worker; False when it already runs or there are errors."""
        if self.worker.is_running():
            return False
        if self.document.problems():
            self.message.emit("Fix the program's problems first: a program that cannot run plays no battles.")
            return False
        self.samplingChanged.emit(True)
        program = self.document.program
        self.worker.start(lambda _control: sampled_warnings(program))
        return True

    def is_sampling(self) -> bool:
        return self.worker.is_running()

    def shutdown(self) -> None:
        self.worker.wait(10.0)

    # --- details -----------------------------------------------------------------------------

    def _sampled(self, result: object) -> None:
        self.samplingChanged.emit(False)
        if not isinstance(result, tuple):
            return  # failed: said by ``message``
        program, warnings = result
        if program != self.document.program:
            self.message.emit("The program changed while its battles were sampled: sample again to see what they find.")
            return
        self._sampled_for = program
        self._timer.stop()
        self._set(warnings)

    def _set(self, warnings: list[ProgramWarning]) -> None:
        if warnings != self._warnings:
            self._warnings = warnings
            self.warningsChanged.emit()
