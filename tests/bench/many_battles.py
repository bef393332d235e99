"""Benchmark: the many-battle engine (:mod:`arena.snake_batch`) against one battle after another
(:func:`arena.program_battle.play_battle`), per core, on the standard battle: 25x25, 4 snakes of the
9-card sample ``nine_cards``, up to 1000 steps, seeds 0, 1, 2, ...

Targets from issue 18: >= 10x the one-by-one battles/s at 1000 battles, >= 3x at 50 battles.

Both run the same battles and the results are asserted identical: the 50 battles (seeds 0-49)
are played both ways; the 1000 battles (seeds 0-999) start with those 50, which must come out the
same. Playing 1000 battles one by one takes a minute, so the one-by-one rate for them is the
rate measured on the 50, per step, times the 1000 battles' mean length (the cost of a battle
played alone is its steps times a per-step cost; the figure says both). Rounds of the three
alternate, so that load from elsewhere on a shared machine falls on all of them alike; each is
reported by its best round.

``python -m tests.bench.many_battles --battles 200 --rounds 1`` runs a smaller version.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence

from arena.samples import SNAKE_SAMPLES
from arena.snake_batch import play_battles
from arena.program_battle import BattleResult, BattleSettings, play_battle
from matcher import Program, load_program

SMALL, LARGE = 50, 1000
SMALL_TARGET, LARGE_TARGET = 3.0, 10.0


def standard_battles(count: int, program: Program) -> list[tuple[list[Program], BattleSettings]]:
    return [([program] * 4, BattleSettings(seed=seed)) for seed in range(count)]


def best_time(work: Callable[[], list[BattleResult]], best: dict[str, float], name: str) -> list[BattleResult]:
    start = time.process_time()
    results = work()
    best[name] = min(best.get(name, float("inf")), time.process_time() - start)
    return results


def mean_steps(results: Sequence[BattleResult]) -> float:
    return sum(r.steps for r in results) / len(results)


def run(large: int = LARGE, rounds: int = 2) -> dict[str, float]:
    program = load_program(SNAKE_SAMPLES / "nine_cards.snake.json")
    small_battles, large_battles = standard_battles(SMALL, program), standard_battles(large, program)
    best: dict[str, float] = {}
    for _ in range(rounds):
        alone = best_time(lambda: [play_battle(p, s) for p, s in small_battles], best, "alone")
        small = best_time(lambda: play_battles(small_battles), best, "small")
        many = best_time(lambda: play_battles(large_battles), best, "large")
        if small != alone or many[:SMALL] != alone:
            raise AssertionError("the many-battle engine's results differ from one-by-one play")
    alone_per_step = best["alone"] / (SMALL * mean_steps(alone))
    return {
        "alone_small": SMALL / best["alone"],
        "alone_large": 1 / (alone_per_step * mean_steps(many)),
        "small": SMALL / best["small"],
        "large": large / best["large"],
        "steps_small": mean_steps(alone),
        "steps_large": mean_steps(many),
        "large_count": large,
    }


def mark(ok: bool) -> str:
    return "pass" if ok else "MISS"


def report(large: int = LARGE, rounds: int = 2) -> None:
    before = os.getloadavg()[0]
    r = run(large, rounds)
    small_ratio, large_ratio = r["small"] / r["alone_small"], r["large"] / r["alone_large"]
    print("many battles: the standard battle (25x25, 4 x nine_cards, <= 1000 steps), one core, results identical "
          "to one-by-one play (asserted)")
    print(f"  {SMALL:>5} battles: one by one {r['alone_small']:7.1f}/s, many-battle engine {r['small']:7.1f}/s  "
          f"{small_ratio:5.1f}x  target >= {SMALL_TARGET:.0f}x: {mark(small_ratio >= SMALL_TARGET)}"
          f"  (mean {r['steps_small']:.0f} steps)")
    print(f"  {r['large_count']:>5.0f} battles: one by one {r['alone_large']:7.1f}/s, many-battle engine {r['large']:7.1f}/s  "
          f"{large_ratio:5.1f}x  target >= {LARGE_TARGET:.0f}x: {mark(large_ratio >= LARGE_TARGET)}"
          f"  (mean {r['steps_large']:.0f} steps; one by one: the {SMALL} battles' time per step)")
    print(f"  load average {before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.many_battles", description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=LARGE, metavar="N", help="the large batch (default 1000)")
    parser.add_argument("--rounds", type=int, default=2, metavar="R", help="rounds of each, the fastest counts")
    args = parser.parse_args(argv)
    report(args.battles, args.rounds)


if __name__ == "__main__":
    main()
