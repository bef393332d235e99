"""`make bench`: every benchmark, each printing ratios against a baseline measured in the same run."""

from tests.bench import (arena_bots, editor_paint, gui_stall_arena, many_battles, snake_matcher, tournament, tournament_gui,
                         tournament_kill)

snake_matcher.report()
print()
many_battles.report()
print()
arena_bots.report()
print()
tournament.report()
print()
tournament_kill.report()
print()
editor_paint.report()
print()
tournament_gui.report()
print()
gui_stall_arena.report()
