"""`make bench`: every benchmark, each printing ratios against a baseline measured in the same run.

Each runs in a Python process of its own, as ``python -m tests.bench.<name>`` does: in one process
for all of them, the GUI benches measured an app whose heap also held the earlier benches' 1000
battles and tournaments (every cycle collection of the GUI thread longer) and whose
QApplication had already shown other windows; no user's app is like that."""

from __future__ import annotations

import subprocess
import sys

BENCHES = ("snake_matcher", "many_battles", "arena_bots", "tournament", "tournament_kill", "editor_paint",
           "tournament_gui", "gui_stall_arena")


def main() -> int:
    failed = []
    for index, name in enumerate(BENCHES):
        if index:
            print(flush=True)
        if subprocess.run([sys.executable, "-m", f"tests.bench.{name}"], check=False).returncode:
            failed.append(name)
    if failed:
        print(f"\nbenchmarks that did not run to their end: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
