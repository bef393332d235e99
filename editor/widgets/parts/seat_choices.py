"""What a seat can play, as the setup forms offer it: the shipped snake programs, a game's sample
bots (its scripts, and its C samples compiled on first use), and the program open in the editor."""

from __future__ import annotations

import functools
from pathlib import Path

from arena.samples import SNAKE_SAMPLES, playable_sample_bots, sample_programs
from matcher import ProgramError, load_program
from matcher.fileformat import PROGRAM_SUFFIX

EDITOR_SEAT = "<editor>"
"""A seat that plays the program open in the editor (a snapshot taken at Start)."""


def sample_bots(game: str) -> list[tuple[Path, bool]]:
    """The sample bots of ``game`` as the programs they run, and whether each is compiled (C):
    the scripts first, then the C samples (compiled now if need be; left out without a compiler)."""
    return [(program, bot.compiled) for bot, program in playable_sample_bots(game)]


def bot_samples(game: str) -> list[tuple[str, str]]:
    """``(label, path)`` of ``game``'s sample bots: a script's file name, ``greedy (C)``."""
    return [(bot.label, str(program)) for bot, program in playable_sample_bots(game)]


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
