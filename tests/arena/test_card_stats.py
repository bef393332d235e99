"""Card statistics agree with counting the explanations step by step, for both replay formats;
the moments of a replay are checked against its programs; folders and filters work."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arena.card_stats import HORIZON, ProgramStats, StatsError, replay_files, stats_of_battle, stats_of_replays
from arena.match import MatchSetup, run_match
from arena.moments import battle_moments, replay_moments
from arena.program_battle import BattleSettings, SnakeMatch
from arena.replay import ReplayError, read_replay
from arena.samples import SNAKE_SAMPLES
from collections.abc import Sequence

from engines.snake import Bite, Board, Direction, Moved
from matcher import load_program
from matcher.explain import explain
from tests.arena.alive_moments import AliveMoments
from tests.arena.legacy_battles import write_legacy_battle

NAMES = ("tail_biter", "hunter", "wall_hugger")
PROGRAMS = [load_program(SNAKE_SAMPLES / f"{n}.snake.json") for n in NAMES]
SETTINGS = BattleSettings(seed=11, width=13, height=13, length=6, max_steps=120)


def explained_counts() -> dict[str, Any]:
    """Play the battle and count, per seat, what :func:`matcher.explain.explain` says at every
    turn, and the bites made and suffered after each decision: the long way, one turn at a time."""
    match = SnakeMatch(PROGRAMS, SETTINGS)
    turns: list[dict[str, Any]] = []  # every turn in order: step, snake, explanation, move, bites in it
    step = [0]
    policy = match.policy

    def explaining(board: Board, snake: int, moves: Sequence[Direction]) -> Direction:
        why = explain(match.compiled[snake], board, snake)
        move = policy(board, snake, moves)
        turns.append({"step": step[0], "snake": snake, "why": why, "move": move, "bites": []})
        return move

    while not match.battle.over:
        step[0] = match.battle.steps + 1
        report = match.battle.step(explaining)
        movers = [t for t in turns if t["step"] == step[0]]
        mover = iter(movers)
        current = None
        for event in report.events:
            if isinstance(event, Moved):
                current = next(mover)
            elif isinstance(event, Bite):
                assert current is not None
                current["bites"].append((event.biter, event.victim))
    counts: dict[str, Any] = {}
    for seat in range(len(PROGRAMS)):
        mine = [(i, t) for i, t in enumerate(turns) if t["snake"] == seat and len(t["why"].possible) >= 2]
        per_card: dict[int | None, Counter[str]] = {}
        for i, t in mine:
            card = t["why"].card
            c = per_card.setdefault(card, Counter())
            c["decided"] += 1
            c[t["move"].label] += 1
            c["ties"] += card is not None and len(t["why"].best) > 1
            window = [u for u in turns[i:] if u["step"] <= t["step"] + 5]
            c["bites"] += sum(1 for u in window for biter, _ in u["bites"] if biter == seat)
            c["lost"] += sum(1 for u in window for _, victim in u["bites"] if victim == seat)
            c[f"heat {t['why'].head}"] += 1
        counts[NAMES[seat]] = {"choices": len(mine), "cards": per_card}
    return counts


def _as_counts(stats: ProgramStats) -> dict[str, Any]:
    per_card: dict[int | None, Counter[str]] = {}
    for card, tally in [*enumerate(stats.cards), (None, stats.undecided)]:
        if not tally.decided:
            continue
        c = Counter({"decided": tally.decided, "ties": tally.ties, "bites": tally.bites, "lost": tally.lost})
        c.update({d.label: n for d, n in tally.moves.items()})
        for counts in tally.heat.values():
            for y, row in enumerate(counts.tolist()):
                c.update({f"heat {(x, y)}": n for x, n in enumerate(row)})
        per_card[card] = +c
    return {"choices": stats.choices, "cards": per_card}


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("replays")
    legacy, match = folder / "battle.jsonl", folder / "match.jsonl"
    with open(legacy, "w", encoding="utf-8") as record:
        write_legacy_battle(PROGRAMS, SETTINGS, record, names=list(NAMES))
    options = {"width": 13, "height": 13, "length": 6, "steps": 120}
    run_match(MatchSetup("snake", tuple(str(SNAKE_SAMPLES / f"{n}.snake.json") for n in NAMES), 11, options, NAMES),
              record=match)
    return {"legacy": legacy, "match": match}


@pytest.mark.parametrize("kind", ["legacy", "match"])
def test_statistics_agree_with_the_explanations_step_by_step(replays: dict[str, Path], kind: str) -> None:
    expected = explained_counts()
    stats = {s.names[0]: s for s in stats_of_replays([replays[kind]])}
    assert sorted(stats) == sorted(NAMES)
    for name in NAMES:
        assert _as_counts(stats[name]) == expected[name], name
    decided = sum(t.decided for s in stats.values() for t in s.cards)
    assert decided > 100  # the battle is long enough to say something
    assert any(t.ties for s in stats.values() for t in s.cards) and any(t.bites for s in stats.values() for t in s.cards)


def test_the_same_program_in_several_replays_and_seats_pools(replays: dict[str, Path]) -> None:
    both = stats_of_replays([replays["legacy"], replays["match"]], "hunter")
    (hunter,) = both
    single = stats_of_replays([replays["legacy"]], "Hunter")[0]  # the program's name works too
    assert (hunter.battles, hunter.seats) == (2, 2)
    assert [t.decided for t in hunter.cards] == [2 * t.decided for t in single.cards]
    assert hunter.never == single.never
    data = hunter.to_json()
    assert data["seats"] == ["hunter"] and len(data["cards"]) == 4
    assert sum(sum(map(sum, h["counts"])) for card in data["cards"] for h in card["heat"]) == sum(
        t.decided for t in hunter.cards)
    json.dumps(data)


def test_battle_moments_are_the_moments_of_its_replay(replays: dict[str, Path]) -> None:
    from_replay = list(replay_moments(read_replay(replays["legacy"])))
    played = list(battle_moments(PROGRAMS, SETTINGS, NAMES))
    assert played == from_replay
    assert all(m.position is not None for m in played)


def test_a_replay_whose_moves_its_programs_would_not_make_is_refused(replays: dict[str, Path], tmp_path: Path) -> None:
    lines = replays["legacy"].read_text().splitlines()
    header = json.loads(lines[0])
    header["seats"][0]["program"]["cards"] = header["seats"][0]["program"]["cards"][::-1]  # another program
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(ReplayError, match=r"tampered\.jsonl:\d+: step \d+: seat 0 \(tail_biter\) moved \w+, but its "
                                          r"program picks from .*: the replay does not come from the programs"):
        stats_of_replays([tampered])


def test_folders_filters_and_other_games(replays: dict[str, Path], tmp_path: Path) -> None:
    assert replay_files([str(replays["legacy"].parent)]) == sorted(replays.values())
    with pytest.raises(StatsError, match="no replays"):
        replay_files([str(tmp_path)])
    with pytest.raises(StatsError, match="no seat plays 'nobody'"):
        stats_of_replays([replays["legacy"]], "nobody")
    other = tmp_path / "worms.jsonl"
    other.write_text(json.dumps({"type": "header", "format": "match-replay/1", "game": "worms", "seed": 1,
                                 "seats": [{"name": "w"}], "options": {}}) + "\n")
    with pytest.raises(ReplayError, match="a worms replay; card moments are for snake battles"):
        stats_of_replays([other])


def test_the_statistics_of_a_battle_played_here_are_those_of_its_replay(replays: dict[str, Path]) -> None:
    played = {s.names[0]: s.to_json() for s in stats_of_battle(PROGRAMS, SETTINGS, NAMES)}
    recorded = {s.names[0]: s.to_json() for s in stats_of_replays([replays["legacy"]])}
    assert played == recorded


def test_a_tournament_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from editor.cli import main

    out = tmp_path / "tour"
    code = main(["tournament", "snake", "--entrant", "a=tail_biter", "--entrant", "b=hunter", "--games-per-pairing",
                 "2", "--steps", "40", "--seed", "3", "--jobs", "1", "--out", str(out)])
    assert code == 0
    capsys.readouterr()
    stats = stats_of_replays(replay_files([str(out)]))
    assert sorted((s.names[0], s.battles) for s in stats) == [("a", 2), ("b", 2)]
    (a,) = stats_of_replays(replay_files([str(out)]), "a")
    assert a.program.name == "Tail biter" and a.turns == 80


def test_a_replay_is_counted_holding_only_its_last_steps_moments(
    replays: dict[str, Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: every moment of a battle was held until it was counted (160 MB for a replay
    of 100,000 steps). Now only the moments of the last HORIZON steps are alive at once."""
    alive = AliveMoments()
    monkeypatch.setattr("arena.card_stats.replay_moments", alive)
    expected = {s.names[0]: _as_counts(s) for s in stats_of_battle(PROGRAMS, SETTINGS, NAMES)}
    assert {s.names[0]: _as_counts(s) for s in stats_of_replays([replays["match"]])} == expected
    assert len(alive.refs) > 200 and alive.most <= len(NAMES) * (HORIZON + 2), alive.most
