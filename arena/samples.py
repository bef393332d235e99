"""Where the shipped samples live, and resolving a program argument to a file."""

from __future__ import annotations

from pathlib import Path

from matcher.fileformat import PROGRAM_SUFFIX

SAMPLES_DIR = Path(__file__).resolve().parent.parent / "samples"
SNAKE_SAMPLES = SAMPLES_DIR / "snake"


def sample_programs() -> list[Path]:
    return sorted(SNAKE_SAMPLES.glob(f"*{PROGRAM_SUFFIX}"))


def resolve_program(argument: str) -> Path:
    """A path as given, or, when no such file exists, the sample of that name
    (``tail_biter`` or ``tail_biter.snake.json``)."""
    path = Path(argument)
    if path.exists():
        return path
    name = argument if argument.endswith(PROGRAM_SUFFIX) else argument + PROGRAM_SUFFIX
    sample = SNAKE_SAMPLES / name
    return sample if sample.exists() else path
