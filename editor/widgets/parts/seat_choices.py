"""What a seat can play, and how, as the setup forms offer it: the shipped snake programs, a game's
sample bots (its scripts, and its C samples compiled on first use), the program open in the
editor; the limits a bot's form starts with (:class:`BotDefaults`, from Preferences), and the
explicit way to run bots without their sandbox (:func:`unsandboxed_checkbox`: a box to tick, never
remembered, red while ticked; the match setup and the tournament setup both have one)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QCheckBox

from arena.bots import Limits
from arena.samples import SNAKE_SAMPLES, playable_sample_bots, sample_programs
from matcher import ProgramError, load_program
from matcher.fileformat import PROGRAM_SUFFIX

MiB = 1 << 20

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


TIP = ("Every bot normally runs in a sandbox of its own: it sees only its folder and the system, has no network, "
       "and cannot touch the other seats or your files. Without it a bot runs as you. Only for bots you trust; "
       "never remembered, and said {where}.")


def unsandboxed_checkbox(where: str) -> QCheckBox:
    """A box whose ticking turns the sandbox off; ``where`` says where that is shown."""
    box = QCheckBox("Off: bots run as you")
    box.setObjectName("unsandboxedBox")
    box.setToolTip(TIP.format(where=where))
    box.toggled.connect(lambda off: box.setStyleSheet(
        "QCheckBox#unsandboxedBox { color: rgb(214, 69, 58); font-weight: bold; }" if off else ""))
    return box


@dataclass(frozen=True)
class BotDefaults:
    """What the user's preferences say for bots (Edit → Preferences): the limits a match or
    tournament form starts with and the 0-based seats whose bots may use the network."""

    memory_mib: int = (Limits().address_space or 1 << 30) // MiB
    cpu_seconds: int = Limits().cpu_seconds or 60
    network_seats: tuple[int, ...] = ()
