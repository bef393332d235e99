"""The explicit way to run bots without their sandbox in the app: a box to tick, never remembered,
red while ticked (the match setup and the tournament setup both have one)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox

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
