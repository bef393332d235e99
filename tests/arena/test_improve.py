"""The improve search's parts: edits that never touch pinned cards, generated descriptions, the
sequential test, the search's control (pause, stop, best so far), the report and the card diff."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import replace

import pytest

from arena.improve import Field, Progress, Search, SearchSettings, card_diff, fresh_report, with_descriptions
from arena.improve.describe import describe_card, where
from arena.improve.edits import EDIT_KINDS, Pins, mutate
from arena.improve.evaluate import CHANGE, REPORT_BASE, Estimate, score_units
from arena.improve.runners import BattleChunk, InlineRunner, Ranks
from arena.improve import search as search_module
from arena.improve.search import paired_llr, without_dead_cards
from arena.samples import resolve_program
from engines.snake import Battle, Direction, Element, start_position
from matcher import Card, Head, Pattern, Program, compile_program, load_program, loads_program
from matcher.analysis import WarningKind, analyse_program
from matcher.explain import explain
from matcher.model import AND1, Group, GroupKind
from matcher.validate import validate_program
from tests.strategies import random_program

OR1 = Group(GroupKind.OR, 1)


def sample(name: str) -> Program:
    return load_program(resolve_program(name))


# --- edits -------------------------------------------------------------------------------------


def test_edits_never_touch_pinned_cards_and_give_valid_programs() -> None:
    rnd = random.Random(5)
    for trial in range(150):
        program = random_program(rnd)
        pinned = frozenset(i for i in range(len(program.cards)) if rnd.random() < 0.4)
        result = mutate(program, pinned, rnd, rnd.randint(1, 3))
        if result is None:
            continue
        edited, what = result
        assert what and edited != program
        assert not validate_program(edited), (trial, what)
        # Every pinned card is still there, unchanged, in the same order among the pinned.
        places = []
        for index in sorted(pinned):
            later = [j for j, card in enumerate(edited.cards) if card == program.cards[index] and j not in places]
            assert later, (trial, what, index)
            places.append(later[0])
        assert places == sorted(places)


def test_every_edit_kind_applies_to_a_sample() -> None:
    rnd = random.Random(1)
    program = sample("hunter")
    for kind, _ in EDIT_KINDS:
        made = [kind(program, frozenset(), rnd) for _ in range(30)]
        assert any(m is not None and m[0] != program for m in made), kind.__name__


def test_pins_are_card_numbers_from_one() -> None:
    assert Pins.parse("1, 3", 4).indices == frozenset({0, 2})
    assert Pins.parse("", 4).indices == frozenset()
    with pytest.raises(ValueError, match="'5' is not a card number 1..4"):
        Pins.parse("1,5", 4)
    with pytest.raises(ValueError, match="'x'"):
        Pins.parse("x", 4)


# --- descriptions ------------------------------------------------------------------------------


@pytest.mark.parametrize("facing, cell, expected", [
    (Direction.UP, (2, 3), "the cell ahead"),
    (Direction.UP, (3, 2), "the cell left"),
    (Direction.UP, (2, 4), "the cell ahead-right"),
    (Direction.RIGHT, (3, 4), "the cell ahead"),
    (Direction.RIGHT, (4, 3), "the cell right"),
    (Direction.DOWN, (5, 3), "the cell 2 ahead"),
    (Direction.LEFT, (2, 1), "the cell 2 ahead, 1 right"),
    (Direction.UP, (4, 3), "the cell behind"),
])
def test_cells_are_named_from_the_snakes_point_of_view(facing: Direction, cell: tuple[int, int], expected: str) -> None:
    assert where(Card(Head(3, 3, facing), {}), cell) == expected


def test_a_description_says_what_the_card_checks() -> None:
    program = Program()
    card = Card(Head(3, 3, Direction.UP), {
        (2, 3): Pattern(Element.ENEMY_TAIL, False, AND1),
        (1, 3): Pattern(Element.OWN_BODY, True, AND1),
        (3, 2): Pattern(Element.EMPTY, False, OR1),
        (3, 4): Pattern(Element.EMPTY, False, OR1),
    })
    assert describe_card(program, card) == (
        "Move ahead when the cell 2 ahead is not its own body and the cell ahead is a rival tail; "
        "and one of: the cell left is empty, the cell right is empty")
    assert describe_card(program, Card()) == "Move ahead whenever that is possible (no conditions)"


def test_only_cards_without_a_description_get_one() -> None:
    program = sample("beginner")
    blank = Card(Head(), {(2, 3): Pattern(Element.EMPTY)})
    described = with_descriptions(Program(program.name, "", (), (program.cards[0], blank)))
    assert described.cards[0].description == program.cards[0].description
    assert described.cards[1].description == "Move ahead when the cell ahead is empty"


# --- the sequential test -----------------------------------------------------------------------


def test_the_sequential_test_needs_evidence_both_ways() -> None:
    assert paired_llr([], 0.04) == 0
    assert paired_llr([0.0] * 64, 0.04) < -3  # no difference at all: H0 soon
    assert paired_llr([0.0, 0.5] * 40, 0.04) > 5  # clearly better
    assert abs(paired_llr([0.5], 0.04)) < 1  # one lucky unit decides nothing


# --- the search, on a stand-in for the battles ------------------------------------------------


class PatternCountRunner:
    """Battles decided by the number of patterns each seat's program has (more wins; a tie is a
    draw): the search must keep edits that add patterns and never one that removes them."""

    jobs = 1

    def __init__(self) -> None:
        self.chunks = 0

    def run(self, chunks: Sequence[BattleChunk]) -> list[list[Ranks]]:
        self.chunks += len(chunks)
        counts = [sum(len(c.cells) for c in loads_program(text).cards) for text in chunks[0].programs]
        results = []
        for chunk in chunks:
            ranks = []
            for seats, seed, *_ in chunk.battles:
                scores = [counts[s] + (seed % 3 == 0) * (i == 0) for i, s in enumerate(seats)]  # a little noise
                ranks.append(tuple(1 + sum(o > s for o in scores) for s in scores))
            results.append(ranks)
        return results

    def close(self) -> None:
        pass


def _field() -> Field:
    return Field((("beginner", sample("beginner")),), seed=3)  # one pattern: more win, as many draw


def test_the_search_keeps_only_changes_the_test_calls_better() -> None:
    start = sample("beginner")
    seen = []
    stop_after = 25

    def progress(p: Progress) -> None:
        seen.append(p)
        if len(seen) >= stop_after:
            search.stop()

    search = Search(start, _field(), PatternCountRunner(), SearchSettings(budget=1e9, seed=2), on_progress=progress)
    best = search.run()
    assert len(seen) == stop_after and best.generation == stop_after
    patterns = sum(len(c.cells) for c in best.program.cards)
    assert best.changes and patterns > 1  # more patterns than the start's one
    assert all(card.description for card in best.program.cards)
    assert seen[-1].accepted == len([p for p in seen if p.kept])


def test_pinned_cards_survive_the_search() -> None:
    start = sample("hunter")

    def progress(p: Progress) -> None:
        if p.generation >= 15:
            search.stop()

    behind = Field((("tail_biter", sample("tail_biter")),), seed=3)  # 58 patterns to hunter's 52
    search = Search(start, behind, PatternCountRunner(), SearchSettings(budget=1e9, seed=4, pinned=frozenset({0, 2})),
                    on_progress=progress)
    best = search.run()
    assert best.changes
    content = [(c.head, c.cells) for c in best.program.cards]
    assert (start.cards[0].head, start.cards[0].cells) in content
    assert (start.cards[2].head, start.cards[2].cells) in content


def test_keep_tests_never_keeps_a_change_that_breaks_a_passing_test() -> None:
    """beginner's first test expects one move where a rival tail is beside the head; with this
    seed the search, left alone, keeps a change that breaks it. With keep_tests it must not."""
    from matcher.testing import run_tests

    start = sample("beginner")
    assert all(r.passed for r in run_tests(start))
    outcomes = {}
    for keep in (False, True):
        def progress(p: Progress) -> None:
            if p.generation >= 15:
                search.stop()

        search = Search(start, _field(), PatternCountRunner(), SearchSettings(budget=1e9, seed=2, keep_tests=keep),
                        on_progress=progress)
        best = search.run()
        assert best.changes
        outcomes[keep] = [r.passed for r in run_tests(best.program)]
    assert outcomes == {False: [False, True], True: [True, True]}


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_budget_ends_the_search_with_an_injected_clock() -> None:
    clock = Clock()
    runner = PatternCountRunner()

    def progress(p: Progress) -> None:
        clock.now += 10  # every generation "takes" ten seconds

    search = Search(sample("beginner"), _field(), runner, SearchSettings(budget=35, seed=1), on_progress=progress, clock=clock)
    best = search.run(reserve=lambda rate: 10.0)  # keep ten seconds for a report
    assert best.generation == 3  # 0, 10, 20 started; at 30 only 5 s are left but 10 are reserved


def test_time_paused_is_not_spent_from_the_budget() -> None:
    class PausingClock(Clock):
        """Read while the search is paused, it lets 1000 s pass and resumes the search."""

        def __call__(self) -> float:
            now = self.now
            if search.paused:
                self.now += 1000
                search.resume()
            return now

    clock = PausingClock()

    def progress(p: Progress) -> None:
        clock.now += 10
        if p.generation == 1:
            search.pause()

    search = Search(sample("beginner"), _field(), PatternCountRunner(), SearchSettings(budget=35, seed=1),
                    on_progress=progress, clock=clock)
    worker = threading.Thread(target=search.run)
    worker.start()
    worker.join(60)
    if worker.is_alive():  # a search that never reads its clock while paused never resumes here
        search.resume()
        search.stop()
        worker.join()
        pytest.fail("the paused search did not read its clock")
    assert search.best().generation == 4  # 1000 s paused after the first: still 0, 10, 20, 30 start


def test_pause_holds_the_search_between_generations_and_stop_ends_it() -> None:
    runner = PatternCountRunner()
    paused = threading.Event()

    def progress(p: Progress) -> None:
        if p.generation == 2:
            search.pause()
            paused.set()

    search = Search(sample("beginner"), _field(), runner, SearchSettings(budget=1e9, seed=1), on_progress=progress)
    worker = threading.Thread(target=search.run)
    worker.start()
    assert paused.wait(60)
    assert search.paused
    generation = search.best().generation
    worker.join(0.3)
    assert worker.is_alive() and search.best().generation == generation  # held, not searching
    search.resume()
    search.stop()
    worker.join(60)
    assert not worker.is_alive()
    assert search.best().generation >= generation


# --- real battles: units, the report, the diff -------------------------------------------------


def test_units_pair_the_seats_and_the_report_uses_fresh_seeds() -> None:
    field = Field((("tail_biter", sample("tail_biter")), ("hunter", sample("hunter"))), sizes=((9, 9), (11, 11)),
                  length=3, max_steps=60, seed=7)
    assert [field.unit(u)[:2] for u in range(4)] == [(0, (9, 9)), (1, (9, 9)), (0, (11, 11)), (1, (11, 11))]
    assert field.unit(0)[2] != field.unit(REPORT_BASE)[2]
    beginner = sample("beginner")
    # The same program on the same units scores the same; a pair's two battles swap the seats.
    twice = score_units(field, InlineRunner(), [beginner, beginner], list(range(8)))
    assert twice[0] == twice[1]
    report = fresh_report(beginner, beginner, field, InlineRunner(), units=6)
    assert [o.name for o in report.opponents] == ["tail_biter", "hunter"]
    assert all(o.change.mean == 0 and o.before == o.after for o in report.opponents)
    assert report.opponents[0].before.count == 6
    text = "\n".join(report.lines())
    assert "tail_biter" in text and "all opponents" in text


def test_an_interval_never_reaches_past_the_values_range() -> None:
    """``snakepit improve`` reported "16.7% [-4.0, 37.3]" for a score over 6 pairs: a score below
    0%. The interval is cut to the range (0..1 for scores, -1..1 for their differences)."""
    few = [0.0, 0.0, 0.0, 0.0, 0.5, 0.5]  # the report's figures, by hand: mean 1/6, half-width 0.2066
    score = Estimate.of(few)
    assert score.mean == pytest.approx(1 / 6) and score.low == 0.0 and score.high == pytest.approx(0.3733, abs=1e-4)
    assert score.text() == "16.7% [0.0, 37.3]"
    high = Estimate.of([1 - v for v in few])
    assert high.high == 1.0 and high.low == pytest.approx(0.6267, abs=1e-4)
    change = Estimate.of([-1.0, -1.0, -1.0, -0.5, -1.0, 0.0], CHANGE)
    assert change.low == -1.0 and change.high < 0 and change.text(signed=True).startswith("-75.0% [-100.0, ")
    wide = Estimate.of([0.25, 0.75] * 50)  # plenty of units: nothing to cut
    assert 0 < wide.low < wide.mean < wide.high < 1


def test_the_card_diff_names_changed_new_dropped_and_moved_cards() -> None:
    start = sample("hunter")
    cards = list(start.cards)
    changed = Card(cards[1].head, {**cards[1].cells, (0, 0): Pattern(Element.BORDER)})
    after = Program(start.name, start.description, start.sets, (cards[2], changed, cards[0], Card(description="new one")))
    lines = card_diff(start, after)
    assert lines[:2] == ["card 1 -> card 3: unchanged, moved", "card 3 -> card 1: unchanged, moved"]
    assert lines[2] == "card 2 -> card 2: changed"
    assert lines[3].startswith("    + (row 0, col 0) the cell") and lines[3].endswith(": a wall [and1]")
    # Cards left over on both sides are paired in order: the old 4th against the new one.
    assert lines[4] == "card 4 -> card 4: changed"
    assert len(lines) > 9 and all(line.startswith("    - ") for line in lines[5:-5])  # its patterns, all gone
    assert lines[-5:] == ["the cards now:"] + [f"  card {i + 1}: {c.description}" for i, c in enumerate(after.cards)]
    assert card_diff(start, start) == ["no change"]


# --- dropping cards that can never be valid ---------------------------------------------------


def _with_dead_card(program: Program, at: int = 1) -> Program:
    """``program`` with a card that can never be valid at ``at``: it wants a border on the cell
    the head moves to (and four more patterns, so a search stand-in that counts patterns likes it)."""
    cells = {(2, 3): Pattern(Element.BORDER), **{(0, c): Pattern(Element.EMPTY) for c in range(4)}}
    dead = Card(Head(3, 3, Direction.UP), cells)
    return replace(program, cards=(*program.cards[:at], dead, *program.cards[at:]))


def test_cards_that_can_never_be_valid_are_dropped_and_the_program_plays_the_same() -> None:
    start = sample("hunter")
    program = _with_dead_card(start)
    assert [w.card for w in analyse_program(program) if w.kind is WarningKind.NEVER_VALID] == [1]
    pruned, dropped = without_dead_cards(program)
    assert pruned.cards == start.cards and dropped == ("card 2: dropped, it can never be valid",)
    assert without_dead_cards(program, keep=frozenset({1})) == (program, ())
    alone = replace(program, cards=(program.cards[1],))
    assert without_dead_cards(alone) == (alone, ())  # a program keeps a card
    # It plays the same: the same best moves in every position of a few random battles.
    compiled, plain = compile_program(program), compile_program(pruned)
    rng, asked = random.Random(5), 0
    for _ in range(4):
        battle = Battle(start_position(4), random.Random(rng.randrange(1 << 30)), 120)
        while not battle.over:
            position = battle.board.position()
            for snake in range(len(position.snakes)):
                if not battle.board.eaten[snake]:
                    assert explain(compiled, position, snake).best == explain(plain, position, snake).best
                    asked += 1
            battle.step(lambda b, s, moves: moves[rng.randrange(len(moves))])
    assert asked > 100


def test_the_search_drops_a_card_its_edit_left_never_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    start = sample("beginner")
    better = _with_dead_card(start)  # five more patterns: the stand-in calls it better

    def edit(program: Program, *_args: object) -> tuple[Program, list[str]] | None:
        return (better, ["card 2: new"]) if program == start else None

    monkeypatch.setattr(search_module, "mutate", edit)
    seen: list[Progress] = []

    def progress(p: Progress) -> None:
        seen.append(p)
        if p.kept or len(seen) >= 40:
            search.stop()

    search = Search(start, _field(), PatternCountRunner(), SearchSettings(budget=1e9, seed=2), on_progress=progress)
    best = search.run()
    assert seen[-1].kept == best.changes == ("card 2: new", "card 2: dropped, it can never be valid")  # the edit won
    assert [(c.head, c.cells) for c in best.program.cards] == [(c.head, c.cells) for c in start.cards]
