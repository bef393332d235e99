"""The JSON form of a program diff, ``snake-program-diff/1`` (printed by ``snakepit diff --json``,
described in docs/formats.md): cards, sets and tests numbered from 0, as ``snakepit explain``
does; read back with errors that name the entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from matcher.diff import CardChange, CellChange, DiffError, ProgramDiff, SetChange, TestChange
from matcher.fileformat import (
    card_from_json,
    card_to_json,
    cell_from_json,
    cell_to_json,
    head_from_json,
    head_to_json,
    program_test_from_json,
    program_test_to_json,
    set_from_json,
    set_to_json,
)
from matcher.model import CardCell, Pattern
from matcher.validate import ProgramError

DIFF_FORMAT = "snake-program-diff/1"
_T = TypeVar("_T")


def _pair_json(pair: tuple[Any, Any] | None, convert: Callable[[Any], Any] = lambda v: v) -> dict[str, Any] | None:
    return None if pair is None else {"a": convert(pair[0]), "b": convert(pair[1])}


def diff_to_json(diff: ProgramDiff) -> dict[str, Any]:
    """The ``snake-program-diff/1`` JSON value (see docs/formats.md)."""
    data: dict[str, Any] = {"format": DIFF_FORMAT, "same": diff.same}
    if diff.name is not None:
        data["name"] = _pair_json(diff.name)
    if diff.description is not None:
        data["description"] = _pair_json(diff.description)
    data["sets"] = [{"set": s.index, "a": _maybe(s.before, set_to_json), "b": _maybe(s.after, set_to_json)}
                    for s in diff.sets]
    data["cards"] = [_card_change_json(c) for c in diff.cards]
    data["tests"] = [{"a": t.before, "b": t.after, "change": t.kind, **({"test": program_test_to_json(t.test)} if t.test else {})}
                     for t in diff.tests]
    return data


def _maybe(value: _T | None, convert: Callable[[_T], Any]) -> Any:
    return None if value is None else convert(value)


def _card_change_json(change: CardChange) -> dict[str, Any]:
    data: dict[str, Any] = {"a": change.before, "b": change.after, "change": change.kind}
    if change.card is not None:
        data["card"] = card_to_json(change.card)
    if change.head is not None:
        data["head"] = _pair_json(change.head, head_to_json)
    if change.description is not None:
        data["description"] = _pair_json(change.description)
    if change.cells:
        data["cells"] = [
            {"row": c.cell[0], "col": c.cell[1], "a": _maybe(c.before, lambda p: _pattern_json(c.cell, p)),
             "b": _maybe(c.after, lambda p: _pattern_json(c.cell, p))}
            for c in change.cells
        ]
    return data


def _pattern_json(cell: CardCell, pattern: Pattern) -> dict[str, Any]:
    data = cell_to_json(cell, pattern)
    del data["row"], data["col"]
    return data


def diff_from_json(data: Any, source: str = "<diff>") -> ProgramDiff:
    """Read back what :func:`diff_to_json` wrote; :class:`DiffError` names the entry."""
    try:
        if not isinstance(data, dict) or data.get("format") != DIFF_FORMAT:
            raise DiffError(f"not a {DIFF_FORMAT} value")
        return ProgramDiff(
            _pair_from(data.get("name"), str, "name"),
            _pair_from(data.get("description"), str, "description"),
            tuple(SetChange(_index(s["set"]), _maybe(s["a"], set_from_json), _maybe(s["b"], set_from_json))
                  for s in data["sets"]),
            tuple(_card_change_from(c, n) for n, c in enumerate(data["cards"], 1)),
            tuple(TestChange(_opt_index(t["a"]), _opt_index(t["b"]), _maybe(t.get("test"), program_test_from_json))
                  for t in data["tests"]),
        )
    except (KeyError, TypeError, ValueError, ProgramError) as error:
        if isinstance(error, DiffError):
            raise DiffError(f"{source}: {error}") from None
        raise DiffError(f"{source}: malformed diff: {error!r:.120}") from None


def _index(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DiffError(f"expected an index (0, 1, ...), got {value!r:.40}")
    return value


def _opt_index(value: Any) -> int | None:
    return None if value is None else _index(value)


def _pair_from(value: Any, kind: type[_T], what: str) -> tuple[_T, _T] | None:
    if value is None:
        return None
    a, b = value["a"], value["b"]
    if not isinstance(a, kind) or not isinstance(b, kind):
        raise DiffError(f"{what}: expected {{'a': ..., 'b': ...}} of {kind.__name__}")
    return a, b


def _card_change_from(data: dict[str, Any], number: int) -> CardChange:
    where = f"cards entry {number}"
    heads = data.get("head")
    head = None if heads is None else (head_from_json(heads["a"], source=where), head_from_json(heads["b"], source=where))
    cells = []
    for entry in data.get("cells", []):
        cell = (entry["row"], entry["col"])
        before = _maybe(entry["a"], lambda p: cell_from_json({"row": cell[0], "col": cell[1], **p}, source=where)[1])
        after = _maybe(entry["b"], lambda p: cell_from_json({"row": cell[0], "col": cell[1], **p}, source=where)[1])
        cells.append(CellChange(cell, before, after))
    card = _maybe(data.get("card"), lambda c: card_from_json(c, source=where))
    return CardChange(_opt_index(data["a"]), _opt_index(data["b"]), head, _pair_from(data.get("description"), str, where),
                      tuple(cells), card)
