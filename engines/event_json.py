"""Reading back a game's events from their JSON form, as every engine's ``event_from_json``
does it. (The engines are independent of each other; this is no game's, like engines.grid.)"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

E = TypeVar("E")


def read_event(data: Any, readers: Mapping[str, Callable[[dict[str, Any]], E]], what: str,
               error: type[Exception], fields: Mapping[str, tuple[str, ...]] | None = None) -> E:
    """The event ``data`` (a JSON object with a ``type``) stands for, read by ``readers[type]``.
    ``error`` (the engine's own) says what is wrong: not one of ``what`` ("a worm event"), the
    wrong fields (where ``fields`` names each type's), or a reader's complaint."""
    if not isinstance(data, dict) or data.get("type") not in readers:
        raise error(f"not {what}: {data!r}")
    kind = data["type"]
    if fields is not None and set(data) != {"type", *fields[kind]}:
        given = sorted(k for k in data if k != "type")
        raise error(f"{kind} event needs the fields {list(fields[kind])}, got {given}")
    try:
        return readers[kind](data)
    except (KeyError, TypeError, ValueError) as exc:
        raise error(f"bad {kind} event {data!r}: {exc}") from None


def read_events(data: Any, read: Callable[[Any], E], error: type[Exception]) -> tuple[E, ...]:
    """A JSON list of events, each read by ``read`` (the engine's ``event_from_json``)."""
    if not isinstance(data, list):
        raise error(f"events must be a JSON list, not {data!r}")
    return tuple(read(d) for d in data)
