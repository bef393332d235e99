"""One round of the kingdoms game, in the order of the spec:

0. answers → actions (invalid ones are ignored, with the reason as an event);
1. recruit, train, improve levels, harvest;
2. attacks — every target's attackers summed into one battle, every battle judged on the state
   after step 1, all results applied together;
3. robberies (third consecutive ``l`` on one target); then kingdoms whose territory reached 0
   die (after the robberies, as in the original server); then intelligence (second consecutive
   ``i``);
4. upkeep: every soldier and peasant eats one food; who cannot be fed starves, soldiers first;
then the round is counted and the end checked. Intelligence reveals the numbers at the end of
the round, so its event comes last.

Pure and deterministic: the game has no randomness.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.kingdoms.actions import Action, Answer, InvalidAnswer, action_problem
from engines.kingdoms.events import Battle, Died, Event, Ignored, Revealed, Robbery, Starved
from engines.kingdoms.state import DEAD, PLAYERS, Kingdom, Robbing, State, absolute_id
from engines.kingdoms.types import GAME_INFO, ActionCode, EndReason, KingdomsError

Kingdoms = tuple[Kingdom, ...]
Actions = list[Action | None]


class GameOverError(KingdomsError):
    """A round was asked of a game that is over (programmer misuse)."""


@dataclass(frozen=True)
class RoundReport:
    """What one round did: its number (1-based), the state after it, the events in step order
    and the end if it came."""

    round: int
    state: State
    events: tuple[Event, ...]
    end: EndReason | None


def play_round(state: State, answers: Sequence[Answer]) -> RoundReport:
    """Play one round given each kingdom's answer (an :class:`Action`, an :class:`InvalidAnswer`
    or None for no answer), indexed by absolute id. Answers of dead kingdoms are ignored."""
    if state.end is not None:
        raise GameOverError(f"the game is over ({state.end.value}) after round {state.round}")
    if len(answers) != PLAYERS:
        raise KingdomsError(f"a round needs {PLAYERS} answers (None for no answer), got {len(answers)}")
    actions, ignored = _valid_actions(state, answers)
    kingdoms = _improve(state.kingdoms, actions)                                # 1
    kingdoms, battles = _attacks(kingdoms, actions)                             # 2
    robbing, spying, robberies, spies = _count_streaks(state, kingdoms, actions)
    kingdoms, robbed = _rob(kingdoms, robberies)                                # 3a
    kingdoms, deaths = _bury(state.kingdoms, kingdoms, battles)
    revealed_ids = _intelligence(kingdoms, spies)                               # 3b
    kingdoms, starved = _upkeep(kingdoms)                                       # 4
    reveals = [Revealed(spy, tuple((j, kingdoms[j]) for j in ids)) for spy, ids in revealed_ids]
    after = State(state.round + 1, state.total_rounds, kingdoms, robbing, spying)
    events: list[Event] = [*ignored, *battles, *deaths, *robbed, *starved, *reveals]
    return RoundReport(after.round, after, tuple(events), after.end)


def _valid_actions(state: State, answers: Sequence[Answer]) -> tuple[Actions, list[Ignored]]:
    """Keep the valid actions of living kingdoms; an invalid answer means no action."""
    actions: Actions = []
    ignored: list[Ignored] = []
    for k, answer in enumerate(answers):
        if not state.kingdoms[k].alive:
            answer = None  # a dead kingdom's strategy is no longer run
        if isinstance(answer, InvalidAnswer):
            ignored.append(Ignored(k, answer.answer, answer.reason))
            answer = None
        if answer is not None:
            problem = action_problem(state, k, answer)
            if problem is not None:
                ignored.append(Ignored(k, answer.to_line(), problem))
                answer = None
        actions.append(answer)
    return actions, ignored


# --- step 1 ------------------------------------------------------------------------------------


def _improve(kingdoms: Kingdoms, actions: Actions) -> Kingdoms:
    return tuple(_improve_one(kingdom, action) for kingdom, action in zip(kingdoms, actions))


def _improve_one(k: Kingdom, action: Action | None) -> Kingdom:
    code = action.code if action is not None else None
    if code is ActionCode.RECRUIT:
        return replace(k, soldiers=k.soldiers + 1)
    if code is ActionCode.TRAIN:
        return replace(k, peasants=k.peasants + 1)
    if code is ActionCode.IMPROVE_ARMS:
        return replace(k, arms=k.arms + 1)
    if code is ActionCode.IMPROVE_FARMING:
        return replace(k, farming=k.farming + 1)
    if code is ActionCode.IMPROVE_SPY:
        return replace(k, spy=k.spy + 1)
    if code is ActionCode.HARVEST:
        return replace(k, food=k.food + harvest(k))
    return k


def harvest(kingdom: Kingdom) -> int:
    """Food a harvest brings: 3 × peasants × (farming DIV 3) (the rules text; the original server
    code gave 3 × peasants × (1 + farming DIV 3))."""
    return 3 * kingdom.peasants * (kingdom.farming // 3)


# --- step 2 ------------------------------------------------------------------------------------


def attack_strength(soldiers: int, arms: int) -> int:
    return soldiers * (arms // 3)


def defence_strength(soldiers: int, arms: int) -> int:
    """soldiers × (arms DIV 3) × 1.5, rounded down (in integers, so no float rounding)."""
    return soldiers * (arms // 3) * 3 // 2


def _attacks(kingdoms: Kingdoms, actions: Actions) -> tuple[Kingdoms, list[Battle]]:
    sent = [0] * PLAYERS
    attackers_of: dict[int, list[int]] = {}
    for k, action in enumerate(actions):
        if action is not None and action.code is ActionCode.ATTACK and action.target is not None:
            sent[k] = action.soldiers or 0
            attackers_of.setdefault(absolute_id(k, action.target), []).append(k)
    battles = [_battle(kingdoms, target, attackers_of[target], sent) for target in sorted(attackers_of)]
    # Every battle was judged on the same numbers; now apply all of them together.
    soldiers = [k.soldiers for k in kingdoms]
    peasants = [k.peasants for k in kingdoms]
    territory = [k.territory for k in kingdoms]
    for b in battles:
        soldiers[b.target] -= b.defenders_lost
        peasants[b.target] -= b.peasants_killed
        territory[b.target] -= b.territory_taken
        for i, attacker in enumerate(b.attackers):
            soldiers[attacker] -= b.attackers_lost[i]
            territory[attacker] += b.territory_won[i]
    after = tuple(
        replace(k, soldiers=soldiers[i], peasants=peasants[i], territory=territory[i]) for i, k in enumerate(kingdoms)
    )
    return after, battles


def _battle(kingdoms: Kingdoms, target: int, attackers: list[int], sent: list[int]) -> Battle:
    ids = tuple(sorted(attackers))
    soldiers_sent = tuple(sent[i] for i in ids)
    strengths = tuple(attack_strength(sent[i], kingdoms[i].arms) for i in ids)
    attack = sum(strengths)
    defender = kingdoms[target]
    defenders = defender.soldiers - sent[target]  # its own attackers are away
    defence = defence_strength(defenders, defender.arms)
    if attack > defence:
        margin = attack - defence
        return Battle(
            target, ids, soldiers_sent, strengths, defenders, defence,
            attackers_lost=tuple(n * defence // attack for n in soldiers_sent),
            defenders_lost=defenders,
            peasants_killed=min(margin, defender.peasants),
            territory_won=share(min(margin, defender.territory), strengths),
        )
    return Battle(
        target, ids, soldiers_sent, strengths, defenders, defence,
        attackers_lost=soldiers_sent,
        defenders_lost=defenders * attack // defence if defence else 0,
        peasants_killed=0,
        territory_won=(0,) * len(ids),
    )


def share(total: int, strengths: Sequence[int]) -> tuple[int, ...]:
    """Split ``total`` in proportion to ``strengths``, each share rounded down; the leftover goes
    to the largest strength, the first of equals (attackers are listed by ascending id)."""
    attack = sum(strengths)
    if attack == 0:
        return (0,) * len(strengths)
    shares = [total * s // attack for s in strengths]
    strongest = max(range(len(strengths)), key=lambda i: (strengths[i], -i))
    shares[strongest] += total - sum(shares)
    return tuple(shares)


def _bury(before: Kingdoms, kingdoms: Kingdoms, battles: list[Battle]) -> tuple[Kingdoms, list[Died]]:
    """Kingdoms alive before the round whose territory is now 0 die; the numbers of every kingdom
    without territory drop to 0. This comes after the robberies, as in the original server: a
    robbery of a kingdom conquered in the same round still takes from it (spec, Robbery). A
    kingdom that a playfield starts with territory 0 is dead from the start: its numbers are
    0 from the first round on (spec, Robbery), with no :class:`Died` event (it did not die then)."""
    attackers_of = {b.target: b.attackers for b in battles}
    deaths = [Died(k, attackers_of.get(k, ())) for k in range(PLAYERS) if before[k].alive and not kingdoms[k].alive]
    return tuple(kingdom if kingdom.alive else DEAD for kingdom in kingdoms), deaths


# --- step 3 ------------------------------------------------------------------------------------


def _count_streaks(
    state: State, kingdoms: Kingdoms, actions: Actions
) -> tuple[tuple[Robbing | None, ...], tuple[int, ...], list[tuple[int, int]], list[int]]:
    """Advance the consecutive-round counters. Any other action (or none, or death) breaks a
    streak; a completed streak fires and starts again from 0."""
    robbing: list[Robbing | None] = []
    spying: list[int] = []
    robberies: list[tuple[int, int]] = []
    spies: list[int] = []
    for k in range(PLAYERS):
        action = actions[k] if kingdoms[k].alive else None
        code = action.code if action is not None else None
        streak: Robbing | None = None
        if action is not None and code is ActionCode.ROB and action.target is not None:
            target = absolute_id(k, action.target)
            previous = state.robbing[k]
            rounds = previous.rounds + 1 if previous is not None and previous.target == target else 1
            if rounds == GAME_INFO.robbery_rounds:
                robberies.append((k, target))
            else:
                streak = Robbing(target, rounds)
        robbing.append(streak)
        spy_rounds = state.spying[k] + 1 if code is ActionCode.INTELLIGENCE else 0
        if spy_rounds == GAME_INFO.intelligence_rounds:
            spies.append(k)
            spy_rounds = 0
        spying.append(spy_rounds)
    return tuple(robbing), tuple(spying), robberies, spies


def _rob(kingdoms: Kingdoms, robberies: list[tuple[int, int]]) -> tuple[Kingdoms, list[Robbery]]:
    """Judge every robbery on the levels before this round's robberies, apply all together.

    A level never goes below 0 and a robber gains exactly what its victim loses (spec, Robbery,
    as the original server computes it): a victim at level 1 gives up 1, and when several
    robberies hit one target they take in robber id order, each what the ones before it left."""
    arms_lost, farming_lost = [0] * PLAYERS, [0] * PLAYERS
    arms_won, farming_won = [0] * PLAYERS, [0] * PLAYERS
    events = []
    for robber, target in robberies:
        a_gain, a_loss = _take(kingdoms[target].arms - arms_lost[target], kingdoms[target].arms, kingdoms[robber].arms)
        f_gain, f_loss = _take(kingdoms[target].farming - farming_lost[target], kingdoms[target].farming,
                               kingdoms[robber].farming)
        arms_lost[target] += a_loss
        farming_lost[target] += f_loss
        arms_won[robber] += a_gain
        farming_won[robber] += f_gain
        events.append(Robbery(robber, target, a_gain, a_loss, f_gain, f_loss))
    after = tuple(
        replace(k, arms=k.arms - arms_lost[i] + arms_won[i], farming=k.farming - farming_lost[i] + farming_won[i])
        for i, k in enumerate(kingdoms)
    )
    return after, events


def _take(left: int, defender_level: int, robber_level: int) -> tuple[int, int]:
    """(robber's gain, defender's loss) for one level, judged on the levels before the robberies:
    steal two levels from a better library, otherwise destroy one scroll; never more than the
    ``left`` levels the earlier robberies of this round left the library."""
    if defender_level > robber_level:
        stolen = min(2, left)
        return stolen, stolen
    return 0, min(1, left)


def _intelligence(kingdoms: Kingdoms, spies: list[int]) -> list[tuple[int, list[int]]]:
    """For each spy, the kingdoms whose spy level is lower than its own."""
    return [(spy, [j for j in range(PLAYERS) if j != spy and kingdoms[j].spy < kingdoms[spy].spy]) for spy in spies]


# --- step 4 ------------------------------------------------------------------------------------


def _upkeep(kingdoms: Kingdoms) -> tuple[Kingdoms, list[Starved]]:
    after: list[Kingdom] = []
    starved: list[Starved] = []
    for k, kingdom in enumerate(kingdoms):
        if not kingdom.alive:
            after.append(kingdom)
            continue
        hungry = kingdom.soldiers + kingdom.peasants - kingdom.food
        if hungry <= 0:
            after.append(replace(kingdom, food=-hungry))
            continue
        soldiers = min(kingdom.soldiers, hungry)  # soldiers starve first
        peasants = hungry - soldiers
        starved.append(Starved(k, soldiers, peasants))
        after.append(
            replace(kingdom, food=0, soldiers=kingdom.soldiers - soldiers, peasants=kingdom.peasants - peasants)
        )
    return tuple(after), starved
