import os
import signal
from pathlib import Path

import pytest

from arena.samples import SampleError, compiled_bot
from editor.system_packages import qt_problem

# Qt needs a platform even when no test opens a window; offscreen works on machines without X.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Started in the background by a script (`make test &`: a shell without job control ignores
# SIGINT in what it starts), Python would never turn Ctrl-C into KeyboardInterrupt, here or in
# the commands the tests start, and the tests of Ctrl-C would fail. They test the code, not how
# the suite was started.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent.parent

QT_PROBLEM = qt_problem()
"""Why Qt cannot load on this machine (a missing system library, and the fix), or None."""
QT_TESTS = ("editor",)
"""The test folders that need Qt: not collected when it cannot load."""
_skipped_for: dict[str, int] = {}
"""Per reason, how many tests (or folders) were skipped for a missing piece of the system."""


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    parser.addoption(
        "--update-golden", action="store_true", default=False,
        help="rewrite the golden playthroughs (tests/engines/golden/, tests/arena/golden/) from this run instead "
             "of comparing; the same as SNAKEPIT_UPDATE_GOLDEN=1",
    )
    if QT_PROBLEM is not None:
        # pytest-qt imports Qt when pytest starts: without Qt's libraries that is an INTERNALERROR
        # before any test runs. Blocked, the tests that do not need Qt still run.
        pluginmanager.set_blocked("pytest-qt")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if QT_PROBLEM is not None and collection_path.parent == ROOT / "tests" and collection_path.name in QT_TESTS:
        _skipped_for[f"tests/{collection_path.name}/ (Qt): {QT_PROBLEM}"] = 1
        return True
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line per missing piece of the system, with the fix, after the usual summary."""
    reasons = [str(report.longrepr[2]) for report in terminalreporter.stats.get("skipped", [])
               if isinstance(report.longrepr, tuple)]
    for reason in sorted(set(reasons)):
        if reason.startswith("Skipped: needs "):
            _skipped_for[f"{reasons.count(reason)} tests: {reason.removeprefix('Skipped: ')}"] = 1
    for line in _skipped_for:
        terminalreporter.write_line(f"snakepit: skipped {line}", yellow=True)


def skip_without(reason: str) -> None:
    """Skip the test for a missing piece of the system; ``reason`` names it and the fix."""
    pytest.skip(f"needs {reason}")


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether golden files are to be rewritten: ``--update-golden`` or ``SNAKEPIT_UPDATE_GOLDEN=1``."""
    return bool(request.config.getoption("--update-golden")) or os.environ.get("SNAKEPIT_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="session")
def c_bot():
    """``c_bot("itpw/greedy")``: the sample C bot ``samples/itpw/greedy.c`` compiled, as a match
    compiles a C sample (arena/samples.py). Skips the test, saying why, when this machine has
    no C compiler."""

    def build(name: str) -> Path:
        try:
            return compiled_bot(ROOT / "samples" / f"{name}.c")
        except SampleError as error:
            skip_without(f"a C compiler: {error}")
            raise

    return build
