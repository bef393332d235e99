"""The ``snakepit`` entry point: the headless commands of :mod:`arena.cli`, plus the app.

``snakepit`` with no command (or ``snakepit edit FILE``) starts the desktop app; Qt is imported
only then, so headless commands work on machines without Qt's system libraries.
``snakepit-gui [FILE]`` starts the app too (the desktop file runs it: no terminal);
``snakepit install-desktop`` puts the app in the user's menus (see :mod:`editor.desktop`).

The commands are imported inside :func:`main`, not here: their imports take most of a second
(numpy, the engines), and a Ctrl-C pressed then ended in a KeyboardInterrupt's traceback from
the console script's own import line, before any handler of snakepit's could run."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as every command returns it."""


def cmd_install_desktop(args: argparse.Namespace) -> int:
    from editor import desktop

    for line in desktop.remove() if args.remove else desktop.install():
        print(line)
    if not args.remove:
        print("snakepit is in the applications menu; *.snake.json files open in it")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from arena import cli as arena_cli

    parser = arena_cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    p = sub.add_parser("edit", help="open a snake program in the app")
    p.add_argument("file", metavar="FILE", nargs="?")
    p.set_defaults(handler=None)
    p = sub.add_parser("install-desktop", help="add the app to your desktop's menus and *.snake.json files to it "
                                               "(for you only, under ~/.local/share)")
    p.add_argument("--remove", action="store_true", help="take it out again")
    p.set_defaults(handler=cmd_install_desktop)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        from arena import cli as arena_cli

        args = build_parser().parse_args(argv)
    except KeyboardInterrupt:  # while starting; a command says itself what Ctrl-C stopped
        print("snakepit: stopped by Ctrl-C while starting", file=sys.stderr)
        return INTERRUPTED
    if args.command in (None, "edit"):
        from editor.app import run_app

        return run_app(getattr(args, "file", None))
    return arena_cli.run(args)


def gui_main(argv: Sequence[str] | None = None) -> int:
    """``snakepit-gui [FILE]``: the app on FILE (what a desktop file or a file manager passes)."""
    args = sys.argv[1:] if argv is None else list(argv)
    from editor.app import run_app

    return run_app(args[0] if args else None)


if __name__ == "__main__":
    sys.exit(main())
