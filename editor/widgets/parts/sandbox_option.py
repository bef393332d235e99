"""The explicit way to run bots without their sandbox in the app: a box to tick, never remembered,
red while ticked (the match setup and the tournament setup both have one)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QCheckBox

from arena.bots import Limits

MiB = 1 << 20

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
