import os
import shutil
import subprocess
from pathlib import Path

import pytest

# Qt needs a platform even when no test opens a window; offscreen works on machines without X.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", default=False,
        help="rewrite the golden playthroughs (tests/engines/golden/, tests/arena/golden/) from this run instead "
             "of comparing; the same as SNAKEPIT_UPDATE_GOLDEN=1",
    )


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether golden files are to be rewritten: ``--update-golden`` or ``SNAKEPIT_UPDATE_GOLDEN=1``."""
    return bool(request.config.getoption("--update-golden")) or os.environ.get("SNAKEPIT_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="session")
def c_bot():
    """``c_bot("itpw/greedy")``: the sample C bot ``samples/itpw/greedy.c`` compiled, as ``make bots``
    puts it in ``build/bots/itpw/greedy``; compiled here when missing or stale (pytest run without
    make). Skips the test when the machine has no C compiler."""

    def build(name: str) -> Path:
        source = ROOT / "samples" / f"{name}.c"
        binary = ROOT / "build" / "bots" / name
        if binary.exists() and binary.stat().st_mtime >= source.stat().st_mtime:
            return binary
        compiler = shutil.which("cc") or shutil.which("gcc")
        if compiler is None:
            pytest.skip("no C compiler on this machine")
        binary.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([compiler, "-O2", "-Wall", "-o", str(binary), str(source)], check=True)
        return binary

    return build
