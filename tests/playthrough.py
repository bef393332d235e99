"""Golden playthroughs as text you can read and diff (OpenSpiel's
``integration_tests/playthroughs/*.txt`` are the model): a game's start, then round by round what
was played, what happened, the scores and the state's canonical text (the engine's ``to_text``)
with one line of the state on one line of the file. A change of the rules or of a bot then shows
in ``git diff`` as the cells, events and moves of the rounds it changed, and a failing test names
the first round that differs and what differs in it (:func:`first_difference`).

The format, a section per ``# `` line::

    # any comment lines
    game: "worms"                      # header: ``key: JSON value``
    seed: 11
    seats: 4
    option rounds: 60                  # a start option, as the replay header holds it ...
    option map_text:                   # ... a text of several lines as a block:
    | 0 1000 100                       #     each of its lines after "| " ("|" for an empty one;
    | 34 20                            #     "\\ no newline at end" when the text has none)

    # State 0
    | ...                              # the state before round 1

    # Round 1
    record 0: {"status": "ok", "answer": "l"}   # a bot's record, without its timings (bot matches)
    moves: ["l", ".", null, "r"]                 # every seat's move as applied, in replay form
    event: {"type": "died", "worm": 2, ...}      # each event, in order (the engine's JSON form)
    scores: [1, 0, 0, 2]
    | ...                                        # the state after the round

    # End
    end: "flowers_eaten"
    ranks: [1, 3, 4, 2]

Every value is JSON, so a playthrough reads back (:func:`parse`): the engine-only goldens replay
the moves they hold.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BLOCK = "|"
NO_NEWLINE = "\\ no newline at end"
"""After a block whose text does not end with a newline (the mark ``diff`` uses)."""
DIFF_LINES = 60
"""At most this many lines of a differing round's diff go into a failure message."""


class PlaythroughError(ValueError):
    """A playthrough file that cannot be read: the message names the file and line."""


@dataclass(frozen=True)
class Round:
    """One round as a playthrough shows it (every value in its JSON form)."""

    moves: Sequence[Any]
    events: Sequence[Any]
    scores: Sequence[int]
    state: str
    records: Sequence[Mapping[str, Any] | None] | None = None
    """Per seat its record without timings (bot matches); None for games without bots."""


@dataclass
class Playthrough:
    """What :func:`parse` reads back: the header, the start options and every round's moves."""

    header: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[list[Any]] = field(default_factory=list)


# --- writing -------------------------------------------------------------------------------------


def render(comment: str, header: Mapping[str, Any], options: Mapping[str, Any], start: str,
           rounds: Iterable[Round], end: Mapping[str, Any]) -> str:
    """The playthrough's text: ``comment`` (lines put after ``# ``), the header's values, the
    start options, the state before round 1, every round, and the end's values."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines += [f"{key}: {_json(value)}" for key, value in header.items()]
    for name, value in options.items():
        if isinstance(value, str) and "\n" in value:
            lines += [f"option {name}:", *block(value)]
        else:
            lines.append(f"option {name}: {_json(value)}")
    lines += ["", "# State 0", *block(start)]
    for index, played in enumerate(rounds, 1):
        lines += ["", f"# Round {index}"]
        for seat, record in enumerate(played.records or ()):
            lines.append(f"record {seat}: {_json(record)}")
        lines.append(f"moves: {_json(list(played.moves))}")
        lines += [f"event: {_json(event)}" for event in played.events]
        lines.append(f"scores: {_json(list(played.scores))}")
        lines += block(played.state)
    lines += ["", "# End", *(f"{key}: {_json(value)}" for key, value in end.items())]
    return "\n".join(lines) + "\n"


def block(text: str) -> list[str]:
    """A text's lines as a block: exact, so that :func:`unblock` gives the text back."""
    ended = text.endswith("\n")
    body = text[:-1] if ended else text
    lines = [f"{BLOCK} {line}" if line else BLOCK for line in body.split("\n")]
    return lines if ended else [*lines, NO_NEWLINE]


def unblock(lines: Sequence[str]) -> str:
    if lines and lines[-1] == NO_NEWLINE:
        return "\n".join(line[2:] for line in lines[:-1])
    return "".join(line[2:] + "\n" for line in lines)


def without_timings(record: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A record's JSON form without what depends on the machine's speed."""
    return None if record is None else {k: v for k, v in record.items() if k not in ("wall", "cpu")}


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# --- reading -------------------------------------------------------------------------------------


def parse(path: Path) -> Playthrough:
    """A playthrough's header, start options and moves; errors name the file and line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    read = Playthrough()
    number = 0

    def value(text: str) -> Any:
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise PlaythroughError(f"{path}:{number}: not a JSON value ({error.msg}): {text!r:.80}") from None

    section = "header"
    while number < len(lines):
        line = lines[number]
        number += 1
        if _opens_section(lines, number - 1):
            section = line[2:]
        elif line.startswith("#") or not line:
            continue
        elif section == "header" and line.startswith("option ") and line.endswith(":"):
            start = number
            while number < len(lines) and (lines[number].startswith(BLOCK) or lines[number] == NO_NEWLINE):
                number += 1
            read.options[line[len("option "):-1]] = unblock(lines[start:number])
        elif section == "header" and line.startswith("option ") and ": " in line:
            name, text = line[len("option "):].split(": ", 1)
            read.options[name] = value(text)
        elif section == "header" and ": " in line:
            key, text = line.split(": ", 1)
            read.header[key] = value(text)
        elif section.startswith("Round ") and line.startswith("moves: "):
            moves = value(line[len("moves: "):])
            if not isinstance(moves, list):
                raise PlaythroughError(f"{path}:{number}: a round's moves are a list, got {moves!r:.80}")
            read.moves.append(moves)
    return read


# --- comparing -----------------------------------------------------------------------------------


def sections(text: str) -> list[tuple[str, list[str]]]:
    """``(title, lines)`` of each part of a playthrough: the header, then a part per ``# `` line
    after a blank line (``State 0``, ``Round 1``, ..., ``End``)."""
    parts: list[tuple[str, list[str]]] = [("the header", [])]
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if _opens_section(lines, index):
            parts.append((line[2:], []))
        parts[-1][1].append(line)
    return parts


def _opens_section(lines: Sequence[str], index: int) -> bool:
    """A ``# `` line after a blank line opens a part (those at the top are the comment)."""
    return lines[index].startswith("# ") and index > 0 and lines[index - 1] == ""


def first_difference(name: str, expected: str, got: str) -> str | None:
    """None when the two playthroughs are the same; else what a person needs to see: the first
    part (round) that differs, what differs in it (moves, events, records, scores, state lines),
    and the diff of that part."""
    if expected == got:
        return None
    want, have = sections(expected), sections(got)
    for (title, old), (_, new) in zip(want, have):
        if old != new:
            later = sum(a != b for a, b in zip(want, have)) - 1
            also = f"; {later} later part{'s' if later != 1 else ''} differ too" if later > 0 else ""
            diff = list(difflib.unified_diff(old, new, "expected", "got", n=2, lineterm=""))
            cut = diff[:DIFF_LINES] + ([f"... ({len(diff) - DIFF_LINES} more diff lines)"] if len(diff) > DIFF_LINES else [])
            return (f"{name}: {title} differs in {', '.join(what_differs(old, new))}{also}\n" + "\n".join(cut))
    rounds = [sum(t.startswith("Round ") for t, _ in parts) for parts in (want, have)]
    return f"{name}: the first {min(len(want), len(have))} parts agree, but {rounds[0]} rounds are expected and {rounds[1]} played"


def what_differs(old: Sequence[str], new: Sequence[str]) -> list[str]:
    """The kinds of lines that differ between two versions of a part, in words: ``moves``,
    ``events``, ``the record of seat 2``, ``scores``, ``state lines 4, 9``."""
    said: list[str] = []
    state_lines: set[int] = set()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for whole, low, high in ((old, i1, i2), (new, j1, j2)):
            for index in range(low, high):
                if not _in_block(whole[index]):
                    _say(said, _kind(whole[index]))
                    continue
                start = index
                while start > 0 and _in_block(whole[start - 1]):
                    start -= 1
                if start > 0 and whole[start - 1].startswith("option "):
                    _say(said, _kind(whole[start - 1]))
                else:
                    state_lines.add(index - start + 1)
    if state_lines:
        numbers = sorted(state_lines)
        shown = ", ".join(map(str, numbers[:8])) + (", ..." if len(numbers) > 8 else "")
        _say(said, f"state line{'s' if len(numbers) > 1 else ''} {shown}")
    return said or ["its lines"]


def _in_block(line: str) -> bool:
    return line.startswith(BLOCK) or line == NO_NEWLINE


def _kind(line: str) -> str:
    key = line.split(":", 1)[0]
    if key.startswith("record "):
        return f"the record of seat {key.split()[1]}"
    if key == "event":
        return "events"
    if key.startswith("option "):
        return f"the option {key.split()[1]}"
    return key or "a blank line"


def _say(said: list[str], what: str) -> None:
    if what not in said:
        said.append(what)
