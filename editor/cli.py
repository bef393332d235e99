"""The ``snakepit`` entry point: the headless commands of :mod:`arena.cli`, plus the app.

``snakepit`` with no command (or ``snakepit edit FILE``) starts the desktop app; Qt is imported
only then, so headless commands work on machines without Qt's system libraries."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from arena import cli as arena_cli


def build_parser() -> argparse.ArgumentParser:
    parser = arena_cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    p = sub.add_parser("edit", help="open a snake program in the app")
    p.add_argument("file", metavar="FILE", nargs="?")
    p.set_defaults(handler=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in (None, "edit"):
        from editor.app import run_app

        return run_app(getattr(args, "file", None))
    return arena_cli.run(args)


if __name__ == "__main__":
    sys.exit(main())
