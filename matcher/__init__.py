"""Snake card programs: the model, the file format, validation, the compiled matcher, explain."""

from matcher.batched import decide_many
from matcher.compiled import CompiledProgram, compile_program
from matcher.single import best_moves
from matcher.fileformat import (
    PROGRAM_FORMAT,
    dumps_program,
    load_program,
    loads_program,
    program_from_json,
    program_to_json,
    save_program,
)
from matcher.model import (
    Card,
    ElementSet,
    Group,
    GroupKind,
    Head,
    Pattern,
    Program,
    ProgramTest,
    SetRef,
    Variant,
)
from matcher.validate import Problem, ProgramError, validate_program

__all__ = [
    "Card", "CompiledProgram", "ElementSet", "Group", "GroupKind", "Head", "PROGRAM_FORMAT", "Pattern",
    "Problem", "Program", "ProgramError", "ProgramTest", "SetRef", "Variant", "best_moves",
    "compile_program", "decide_many", "dumps_program", "load_program", "loads_program",
    "program_from_json", "program_to_json", "save_program", "validate_program",
]
