"""Hostile persistent bot: answers two requests, then crashes with a traceback.

``p_crashes.py --play BOT N`` plays like the Python bot ``BOT`` (e.g. a random sample, so its
moves are legal) for ``N`` answers, then crashes the same way when it reads its next line: in a
game where others move in between, it dies while they move.
"""
import sys

if sys.argv[1:2] == ["--play"]:
    sys.path.insert(0, __file__.rpartition("/")[0])
    from playing import play  # type: ignore[import-not-found]  # tests/bots/playing.py, found at run time through sys.path

    answers = int(sys.argv[3])

    def before_read(written: int) -> None:
        if written >= answers:
            raise RuntimeError("lost track of the board")

    play(sys.argv[2], before_read=before_read)
    sys.exit(0)

for count, line in enumerate(sys.stdin):
    if count == 2:
        raise RuntimeError("lost track of the board")
    print("ok " + line.strip(), flush=True)
