"""Hostile persistent bot: answers the first request at once, later ones after a second.

``p_answers_late.py --play BOT N [SECONDS]`` plays like the Python bot ``BOT`` (e.g. a random
sample, so its moves are legal) and writes its first ``N`` answers at once, every later one
``SECONDS`` (1) late.
"""
import sys
import time

if sys.argv[1:2] == ["--play"]:
    sys.path.insert(0, __file__.rpartition("/")[0])
    from playing import play  # type: ignore[import-not-found]  # tests/bots/playing.py, found at run time through sys.path

    answers = int(sys.argv[3])
    delay = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0

    def before_answer(written: int) -> None:
        if written >= answers:
            time.sleep(delay)

    play(sys.argv[2], before_answer=before_answer)
    sys.exit(0)

first = True
for line in sys.stdin:
    if not first:
        time.sleep(1.0)
    first = False
    print("late " + line.strip(), flush=True)
