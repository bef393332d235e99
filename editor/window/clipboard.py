"""Copy and paste of cards and of a card's cells, within a program and between programs (and
between two snakepit windows, through the system clipboard).

The clipboard holds the same JSON twice: as :data:`MIME_TYPE` (what a paste reads first) and as
plain text (a text editor shows it; pasted back as text it still works). A payload carries the
user sets its patterns use, so a card pasted into another program keeps its meaning: each set
is matched to a target set with the same elements (the same name first), else added (a fifth set
is refused with the reason). A paste is one undo step.

What is copied (decisions where the issue was silent):
* Copy (Ctrl+C) copies the painted cells of the selection (the selected cell, or the rectangle
  Shift+click spans from it), or every painted cell of the card when no cell is selected.
* Paste (Ctrl+V) puts copied cells with the selection's top left corner on the selected cell, or,
  with no cell selected, where they were on their card (cards are 7×7 maps around the head, so
  the same places mean the same thing). Cells that would fall off the card refuse the paste; the
  head's cell is left alone.
* Copy Card (Ctrl+Shift+C) copies the current card; Paste (or Paste Card) inserts copied cards
  after the current one."""

from __future__ import annotations

import atexit
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QClipboard
from PySide6.QtWidgets import QApplication

from editor.document import ProgramDocument
from matcher import ProgramError
from matcher.editing import EditError, insert_card, paint, replace_card
from matcher.fileformat import card_from_json, card_to_json, cell_from_json, cell_to_json, set_from_json, set_to_json
from matcher.model import CARD_SIZE, MAX_CARDS, MAX_SETS, Card, CardCell, ElementSet, Pattern, Program, SetRef

MIME_TYPE = "application/x-snakepit-clip+json"
FORMAT = "snakepit-clipboard/1"
CARDS, CELLS = "cards", "cells"


class ClipboardError(ValueError):
    """What is on the clipboard cannot be pasted here (not ours, broken, too many sets)."""


@dataclass(frozen=True)
class Clip:
    """Copied cards or cells, and the sets (of the program they came from) their patterns use."""

    kind: str
    cards: tuple[Card, ...] = ()
    cells: tuple[tuple[CardCell, Pattern], ...] = ()
    sets: tuple[ElementSet, ...] = ()
    origin: CardCell = (0, 0)
    """The copied selection's top left cell: a paste puts it on the selected cell."""

    def describe(self) -> str:
        count = len(self.cards) if self.kind == CARDS else len(self.cells)
        noun = ("card" if self.kind == CARDS else "cell") + ("" if count == 1 else "s")
        return f"{count} {noun}"


# --- copying -----------------------------------------------------------------------------------


def clip_of_card(program: Program, index: int) -> Clip:
    return Clip(CARDS, cards=(program.cards[index],), sets=program.sets)


def clip_of_cells(program: Program, card: Card, selection: list[CardCell]) -> Clip:
    """The painted cells of ``selection``, or of the whole card when it is empty."""
    if not selection:
        return Clip(CELLS, cells=tuple(card.sorted_cells()), sets=program.sets)
    origin = (min(r for r, _c in selection), min(c for _r, c in selection))
    cells = tuple(sorted((cell, card.cells[cell]) for cell in selection if cell in card.cells))
    return Clip(CELLS, cells=cells, sets=program.sets, origin=origin)


def to_json(clip: Clip) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "kind": clip.kind, "sets": [set_to_json(s) for s in clip.sets]}
    if clip.kind == CARDS:
        data["cards"] = [card_to_json(card) for card in clip.cards]
    else:
        data["cells"] = [cell_to_json(cell, pattern) for cell, pattern in clip.cells]
        data["origin"] = {"row": clip.origin[0], "col": clip.origin[1]}
    return data


def mime_data(clip: Clip) -> QMimeData:
    text = json.dumps(to_json(clip), indent=2, ensure_ascii=False) + "\n"
    mime = QMimeData()
    mime.setData(MIME_TYPE, text.encode("utf-8"))
    mime.setText(text)
    return mime


def put(clip: Clip, clipboard: QClipboard | None = None) -> None:
    (clipboard or QApplication.clipboard()).setMimeData(mime_data(clip))
    _hand_over_at_exit()


def _hand_over_at_exit() -> None:
    """At exit, leave the clipboard the copy's text (what stays useful once snakepit is gone).
    A QMimeData made in Python and still on the clipboard when the process ends crashes it
    (PySide6 6.12, measured: exit code 139) as Qt deletes it after Python has finalized."""
    global _exit_hook
    if not _exit_hook:
        _exit_hook = True
        atexit.register(_leave_text)


def _leave_text() -> None:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        clipboard = app.clipboard()
        mime = clipboard.mimeData()
        if mime is not None and mime.hasFormat(MIME_TYPE):
            clipboard.setText(mime.text())


_exit_hook = False


# --- pasting -----------------------------------------------------------------------------------


def from_mime(mime: QMimeData | None) -> Clip | None:
    """Our payload from the MIME type, else from text that is one; None when there is none
    (text of any other kind). A payload of ours that is broken raises :class:`ClipboardError`."""
    if mime is None:
        return None
    if mime.hasFormat(MIME_TYPE):
        text = bytes(mime.data(MIME_TYPE).data()).decode("utf-8", errors="replace")
    elif mime.hasText() and FORMAT in mime.text():
        text = mime.text()
    else:
        return None
    try:
        data = json.loads(text)
    except ValueError as err:
        raise ClipboardError(f"the clipboard's snakepit data is not JSON: {err}") from None
    return from_json(data)


def from_json(data: object) -> Clip:
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("kind") not in (CARDS, CELLS):
        raise ClipboardError(f"the clipboard holds no {FORMAT} cards or cells")
    try:
        sets = tuple(set_from_json(raw, i, "clipboard") for i, raw in enumerate(_list(data, "sets")))
        if data["kind"] == CARDS:
            cards = tuple(card_from_json(raw, i, "clipboard") for i, raw in enumerate(_list(data, "cards")))
            return Clip(CARDS, cards=cards, sets=sets)
        cells = tuple(cell_from_json(raw, i, "clipboard") for i, raw in enumerate(_list(data, "cells")))
    except ProgramError as err:
        raise ClipboardError(str(err)) from None
    return Clip(CELLS, cells=cells, sets=sets, origin=_origin(data.get("origin", {"row": 0, "col": 0})))


def _origin(raw: object) -> CardCell:
    if not (isinstance(raw, dict) and all(type(raw.get(k)) is int and 0 <= raw[k] < CARD_SIZE for k in ("row", "col"))):
        raise ClipboardError(f"clipboard: 'origin' must be {{\"row\": 0-{CARD_SIZE - 1}, \"col\": 0-{CARD_SIZE - 1}}}, "
                             f"got {raw!r}")
    return (raw["row"], raw["col"])


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ClipboardError(f"clipboard: {key!r} must be a list, got {type(value).__name__}")
    return value


def adopt_sets(program: Program, clip: Clip) -> tuple[Program, dict[int, int]]:
    """``program`` with the sets ``clip`` uses (existing ones reused, missing ones added), and
    the clip's set indices mapped to the program's."""
    used = sorted({p.match.index for p in _patterns(clip) if isinstance(p.match, SetRef)})
    mapping: dict[int, int] = {}
    sets = list(program.sets)
    for index in used:
        if index >= len(clip.sets):
            raise ClipboardError(f"the copied patterns use set{index + 1}, which the clipboard does not hold")
        wanted = clip.sets[index]
        same = [i for i, s in enumerate(sets) if s.elements == wanted.elements]
        named = [i for i in same if sets[i].name == wanted.name]
        if named or same:
            mapping[index] = (named or same)[0]
            continue
        if len(sets) >= MAX_SETS:
            raise ClipboardError(f"the copied patterns use the set “{wanted.name}”, and this program already has "
                                 f"{MAX_SETS} user sets: remove one, or make one of them hold the same elements")
        taken = {s.name for s in sets}
        name = wanted.name if wanted.name not in taken else f"{wanted.name} (pasted)"
        sets.append(ElementSet(name, wanted.elements))
        mapping[index] = len(sets) - 1
    return replace(program, sets=tuple(sets)), mapping


def _patterns(clip: Clip) -> list[Pattern]:
    if clip.kind == CARDS:
        return [p for card in clip.cards for p in card.cells.values()]
    return [p for _cell, p in clip.cells]


def _remap(pattern: Pattern, mapping: dict[int, int]) -> Pattern:
    if isinstance(pattern.match, SetRef):
        return replace(pattern, match=SetRef(mapping[pattern.match.index]))
    return pattern


def _remap_card(card: Card, mapping: dict[int, int]) -> Card:
    return replace(card, cells={cell: _remap(p, mapping) for cell, p in card.cells.items()})


def paste_cards(program: Program, clip: Clip, after: int) -> Program:
    """The copied cards inserted after card ``after``."""
    if len(program.cards) + len(clip.cards) > MAX_CARDS:
        raise ClipboardError(f"a program has at most {MAX_CARDS} cards; this one has {len(program.cards)}, "
                             f"and {clip.describe()} would not fit")
    program, mapping = adopt_sets(program, clip)
    for offset, card in enumerate(clip.cards):
        program = insert_card(program, after + 1 + offset, _remap_card(card, mapping))
    return program


def paste_cells(program: Program, clip: Clip, index: int, selected: CardCell | None) -> Program:
    """The copied cells painted on card ``index``, their origin on ``selected`` when given; the
    head's cell is left alone."""
    program, mapping = adopt_sets(program, clip)
    card = program.cards[index]
    cells = list(clip.cells)
    if selected is not None:
        d_row, d_col = selected[0] - clip.origin[0], selected[1] - clip.origin[1]
        cells = [((row + d_row, col + d_col), pattern) for (row, col), pattern in cells]
        off = sum(1 for (row, col), _p in cells if not (0 <= row < CARD_SIZE and 0 <= col < CARD_SIZE))
        if off:
            raise ClipboardError(f"{off} of the {clip.describe()} would fall off the card from row {selected[0]} "
                                 f"col {selected[1]}; select a cell further up or left")
    for cell, pattern in cells:
        if cell != card.head.cell:
            card = paint(card, [cell], _remap(pattern, mapping))
    return replace_card(program, index, card)


class ClipboardActions:
    """Copy and paste for ``document`` through the system clipboard; ``say`` shows a line."""

    def __init__(self, document: ProgramDocument, say: Callable[[str], None],
                 selection: Callable[[], list[CardCell]]) -> None:
        self.document = document
        self.say = say
        self.selection = selection

    def copy_cells(self) -> None:
        doc = self.document
        clip = clip_of_cells(doc.program, doc.card, self.selection())
        if not clip.cells:
            self.say(f"Card {doc.current_card + 1} has no painted cells to copy.")
            return
        put(clip)
        self.say(f"Copied {clip.describe()} of card {doc.current_card + 1}.")

    def copy_card(self) -> None:
        doc = self.document
        put(clip_of_card(doc.program, doc.current_card))
        self.say(f"Copied card {doc.current_card + 1}.")

    def paste(self, only: str | None = None) -> bool:
        """Paste what the clipboard holds (``only`` cards or cells); False with the reason said."""
        doc = self.document
        try:
            clip = from_mime(QApplication.clipboard().mimeData())
            if clip is None or (only is not None and clip.kind != only):
                what = "cards" if only == CARDS else "snakepit cards or cells"
                raise ClipboardError(f"the clipboard holds no {what}; copy some first")
            index, selected = doc.current_card, doc.selected_cell
            if clip.kind == CARDS:
                done = doc.edit(lambda p: paste_cards(p, clip, index), f"Paste {clip.describe()}",
                                show_card=index + 1)
            else:
                done = doc.edit(lambda p: paste_cells(p, clip, index, selected),
                                f"Paste {clip.describe()} on card {index + 1}")
        except (ClipboardError, EditError) as err:
            self.say(f"Cannot paste: {err}.")
            return False
        self.say(f"Pasted {clip.describe()}." if done else "Pasting changed nothing.")
        return done
