"""Improving a snake program automatically: a search over edits of the user's program, every
change judged on common battles by a sequential test, run on the many-battle engine; a report on
fresh seeds and a card diff at the end. Qt-free: ``snakepit improve`` drives it, and a GUI can
from a worker thread (progress callbacks, pause/resume/stop, the best so far at any time)."""

from arena.improve.evaluate import Estimate, Field
from arena.improve.report import ImproveReport, card_diff, fresh_report
from arena.improve.runners import Runner, make_runner
from arena.improve.search import Best, Progress, Search, SearchSettings, with_descriptions

__all__ = [
    "Best", "Estimate", "Field", "ImproveReport", "Progress", "Runner", "Search", "SearchSettings", "card_diff",
    "fresh_report", "make_runner", "with_descriptions",
]
