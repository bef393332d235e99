"""The five information files a strategy finds in its working directory, describing the
previous round from its own point of view (itself id 0, the others (j − k) mod 4).

A file whose event did not happen is absent; the referee removes the previous round's files
(all of :data:`~engines.kingdoms.types.INFO_FILES`) and writes those returned here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.kingdoms.events import Battle, Event, Revealed, Robbery
from engines.kingdoms.state import relative_id


def info_files(kingdom: int, events: Sequence[Event]) -> dict[str, str]:
    """``{filename: text}`` for ``kingdom`` after a round with these events (absolute ids)."""
    files: dict[str, str] = {}
    for event in events:
        if isinstance(event, Battle) and kingdom in event.attackers:
            files["utok.txt"] = _my_attack(kingdom, event)
        elif isinstance(event, Battle) and event.target == kingdom:
            files["obrana.txt"] = _my_defence(kingdom, event)
        elif isinstance(event, Revealed) and event.spy == kingdom:
            files["informace.txt"] = "".join(
                f"{relative_id(kingdom, j)}: {' '.join(map(str, numbers.command_line_numbers()))}\n"
                for j, numbers in sorted(event.kingdoms, key=lambda item: relative_id(kingdom, item[0]))
            )
    robberies = [e for e in events if isinstance(e, Robbery)]
    mine = [r for r in robberies if r.robber == kingdom]
    if mine:
        files["loupez_utok.txt"] = _my_robbery(kingdom, mine[0])
    on_me = [r for r in robberies if r.target == kingdom]
    if on_me:
        files["loupez_obrana.txt"] = _lines(
            ("utocnici", _ids(kingdom, (r.robber for r in on_me))),
            ("ztraty_ja_zbrojeni", sum(r.arms_destroyed for r in on_me)),
            ("ztraty_ja_farmareni", sum(r.farming_destroyed for r in on_me)),
        )
    return files


def _my_attack(kingdom: int, battle: Battle) -> str:
    i = battle.attackers.index(kingdom)
    return _lines(
        ("cil", relative_id(kingdom, battle.target)),
        ("utocnici", _ids(kingdom, battle.attackers)),
        ("ztraty_ja_vojaci", battle.attackers_lost[i]),
        ("ztraty_cile_vojaci", battle.defenders_lost),
        ("ztraty_cile_rolnici", battle.peasants_killed),
        ("zisk_ja_uzemi", battle.territory_won[i]),
    )


def _my_defence(kingdom: int, battle: Battle) -> str:
    return _lines(
        ("utocnici", _ids(kingdom, battle.attackers)),
        ("ztraty_utoku_vojaci", sum(battle.attackers_lost)),
        ("ztraty_ja_vojaci", battle.defenders_lost),
        ("ztraty_ja_rolnici", battle.peasants_killed),
        ("ztraty_ja_uzemi", battle.territory_taken),
    )


def _my_robbery(kingdom: int, robbery: Robbery) -> str:
    return _lines(
        ("cil", relative_id(kingdom, robbery.target)),
        ("zisk_ja_zbrojeni", robbery.arms_gained),
        ("ztraty_cile_zbrojeni", robbery.arms_destroyed),
        ("zisk_ja_farmareni", robbery.farming_gained),
        ("ztraty_cile_farmareni", robbery.farming_destroyed),
    )


def _ids(viewer: int, kingdoms: Iterable[int]) -> str:
    """Comma-separated ids as ``viewer`` sees them, ascending."""
    return ",".join(str(j) for j in sorted(relative_id(viewer, k) for k in kingdoms))


def _lines(*pairs: tuple[str, int | str]) -> str:
    return "".join(f"{key}={value}\n" for key, value in pairs)
