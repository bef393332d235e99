"""What a seat can play, as the setup forms offer it: the shipped snake programs, a game's sample
bots (scripts in ``samples/<game>/`` and the C samples ``make bots`` compiles), and the program
open in the editor."""

from __future__ import annotations

import functools
import os
from pathlib import Path

from arena.samples import SAMPLES_DIR, SNAKE_SAMPLES, sample_programs
from matcher import ProgramError, load_program
from matcher.fileformat import PROGRAM_SUFFIX

BUILD_BOTS = SAMPLES_DIR.parent / "build" / "bots"
EDITOR_SEAT = "<editor>"
"""A seat that plays the program open in the editor (a snapshot taken at Start)."""


def sample_bots(game: str) -> list[tuple[Path, bool]]:
    """The sample bots of ``game`` and whether each is compiled (C): the scripts of
    ``samples/<game>/`` first, then what ``make bots`` built."""
    found = []
    for path in sorted((SAMPLES_DIR / game).glob("*")):
        if path.is_file() and (path.suffix in (".py", ".sh") or (not path.suffix and os.access(path, os.X_OK))):
            found.append((path, False))
    for path in sorted((BUILD_BOTS / game).glob("*")):
        if path.is_file() and os.access(path, os.X_OK):
            found.append((path, True))
    return found


def bot_samples(game: str) -> list[tuple[str, str]]:
    """``(label, path)`` of ``game``'s sample bots, labelled by file name."""
    return [(f"{path.name} (C)" if compiled else path.name, str(path)) for path, compiled in sample_bots(game)]


def program_samples() -> list[tuple[str, str]]:
    """``(label, path)`` of the shipped snake programs, labelled by file name."""
    return [(p.name.removesuffix(PROGRAM_SUFFIX), str(p)) for p in sorted(SNAKE_SAMPLES.glob(f"*{PROGRAM_SUFFIX}"))]


@functools.lru_cache(maxsize=1)
def named_programs() -> tuple[tuple[str, Path], ...]:
    """The shipped snake programs by their program names (read once: they do not change while the
    app runs); a broken sample is simply not offered."""
    samples = []
    for path in sample_programs():
        try:
            samples.append((load_program(path).name, path))
        except ProgramError:
            continue
    return tuple(samples)
