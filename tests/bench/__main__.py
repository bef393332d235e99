"""`make bench`: every benchmark, each printing ratios against a baseline measured in the same run."""

from tests.bench import arena_bots, snake_matcher, tournament, tournament_kill

snake_matcher.report()
print()
arena_bots.report()
print()
tournament.report()
print()
tournament_kill.report()
