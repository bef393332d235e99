"""Which programs the app plays until the full editor exists: the shipped samples, a file the
user names, and a small built-in program for when no sample is installed."""

from __future__ import annotations

from collections.abc import Sequence

from arena.samples import resolve_program, sample_programs
from engines.snake import Direction, Element
from matcher import Card, Group, GroupKind, Head, Pattern, Program, load_program

Seat = tuple[str, Program]
"""A seat of a battle as the widgets show it: a display name and the program that plays it."""

BATTLE_SEATS = 4


def builtin_program() -> Program:
    """A small program built in code: bite a tail straight ahead, else go where it is free."""
    ahead = (2, 3)  # the cell in front of the head (row 3, col 3) when facing up
    bite = Card(Head(3, 3, Direction.UP), {ahead: Pattern(Element.ENEMY_TAIL)}, "a tail ahead: bite it")
    # The move scores the weight of "not next to a rival head", so the snake shies away from heads.
    roam = Card(
        Head(3, 3, Direction.UP),
        {
            ahead: Pattern(Element.EMPTY),
            (1, 3): Pattern(Element.ENEMY_HEAD, negate=True, group=Group(GroupKind.OR, 1)),
        },
        "free ahead and no head beyond it: go",
    )
    return Program("Built-in biter", "Bites a tail in front of it, otherwise roams.", (), (bite, roam, Card()))


def sample_seats(count: int = BATTLE_SEATS) -> list[Seat]:
    """The first ``count`` samples, topped up with the built-in program when fewer are installed."""
    programs = [load_program(path) for path in sample_programs()[:count]]
    while len(programs) < count:
        programs.append(builtin_program())
    return unique_names([(p.name, p) for p in programs])


def seats_for_file(argument: str, rivals: int = BATTLE_SEATS - 1) -> list[Seat]:
    """The program in ``argument`` (a path or a sample name) against ``rivals`` samples.

    Raises :class:`matcher.ProgramError` when the file cannot be read or is not a valid program."""
    program = load_program(resolve_program(argument))
    return unique_names([(program.name, program), *sample_seats(rivals)])


def unique_names(seats: Sequence[Seat]) -> list[Seat]:
    """Number repeated names (``Tail biter``, ``Tail biter 2``) so every seat can be told apart."""
    seen: dict[str, int] = {}
    result = []
    for name, program in seats:
        seen[name] = seen.get(name, 0) + 1
        result.append((name if seen[name] == 1 else f"{name} {seen[name]}", program))
    return result
