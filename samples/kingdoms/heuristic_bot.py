#!/usr/bin/env python3
"""Kingdoms sample: a sensible economy with opportunistic attacks.

Started as ``heuristic_bot.py ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY`` in
its own working directory; prints one action line. It reads the information files the server
writes there (utok.txt, obrana.txt, informace.txt, ...) and keeps its memory between rounds in
``heuristic_bot.memory`` (key=value lines). Reads its command line with ``_kingdoms.py`` beside
it. Runs on any Python 3, no imports from the project.

The plan, in order of priority:
1. finish an intelligence (i i) or robbery (l X ×3) already started — a break wastes it;
2. never let food run low: harvest when the granary holds less than three rounds of upkeep;
3. strike a kingdom that is known to be weak: one whose defenders just died in our won attack,
   or one whose numbers fresh intelligence revealed, when we win clearly with soldiers to spare;
   now and then probe a kingdom with a single soldier to find such a one;
4. grow: peasants and farming feed everything; soldiers as a guard that grows when we are
   attacked; arms to make soldiers count; one spy level and intelligence now and then;
   rob a library that is ahead of us in both arms and farming;
5. in the last rounds stop investing in the far future and turn food into soldiers and land.
"""

from _kingdoms import arguments, say

MEMORY = "heuristic_bot.memory"
INTEL_EVERY = 25
"""Rounds between two intelligence gatherings."""
UNKNOWN = 10 ** 9
"""Stands for a number we do not know and assume large (a target's territory, an age)."""
PROBE_EVERY = 7
"""Rounds between two one-soldier probes when nothing better is known."""
LATE = 15
"""Rounds before the end when peasants and farming no longer pay back."""


def read_pairs(name):
    """A key=value information file as a dict of ints (empty when absent or unreadable)."""
    pairs = {}
    try:
        with open(name) as f:
            for line in f:
                key, sep, value = line.strip().partition("=")
                if sep:
                    pairs[key] = value
    except (OSError, ValueError):
        return {}
    return pairs


def read_intel():
    """informace.txt as {id: [territory, soldiers, peasants, arms, farming, food, spy]}, or None
    when there is no such file (an empty file is an intelligence that revealed nobody)."""
    intel = {}
    try:
        with open("informace.txt") as f:
            for line in f:
                head, sep, rest = line.partition(":")
                numbers = rest.split()
                if sep and head.strip().isdigit() and len(numbers) == 7:
                    intel[int(head)] = [int(n) for n in numbers]
    except (OSError, ValueError):
        return None
    return intel


def save_memory(memory):
    try:
        with open(MEMORY, "w") as f:
            for key in sorted(memory):
                f.write("%s=%s\n" % (key, memory[key]))
    except OSError:
        pass  # a read-only directory only costs us our memory


def as_int(value, default=0):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def defence(soldiers, arms):
    return soldiers * (arms // 3) * 3 // 2


class Bot(object):
    def __init__(self, numbers, memory):
        self.left, self.territory, self.soldiers, self.peasants, self.arms, self.farming, self.food, self.spy = numbers
        self.memory = memory
        self.need = self.soldiers + self.peasants
        self.crop = 3 * self.peasants * (self.farming // 3)
        # Was our previous action in the round just before this one? (a dead round breaks streaks)
        self.consecutive = as_int(memory.get("left"), -1) == self.left + 1
        self.previous = memory.get("action", "") if self.consecutive else ""
        self.streak = as_int(memory.get("streak")) if self.consecutive else 0

    # --- what the information files tell ----------------------------------------------------

    def update_knowledge(self):
        memory = self.memory
        guard = as_int(memory.get("guard"), 1)
        attacked = read_pairs("obrana.txt")
        if attacked:
            # Attacked: the guard grows by what we lost, so the next attack costs more.
            guard += 1 + as_int(attacked.get("ztraty_ja_uzemi")) // 3
        elif self.left % 10 == 0 and guard > 1:
            guard -= 1  # peace slowly lowers the guard
        memory["guard"] = str(min(guard, 60))
        intel = read_intel()
        if intel is not None:
            memory["intel_left"] = str(self.left)
            memory["intel"] = ";".join("%d:%s" % (j, ",".join(map(str, v))) for j, v in sorted(intel.items()))
        attack = read_pairs("utok.txt")
        won = as_int(attack.get("zisk_ja_uzemi")) > 0  # so all the target's defenders died
        memory["weak"] = attack.get("cil", "") if won else ""

    def known(self):
        """Fresh intelligence: {id: numbers} if it is at most 2 rounds old."""
        if as_int(self.memory.get("intel_left"), -100) - self.left > 2:
            return {}
        known = {}
        for item in self.memory.get("intel", "").split(";"):
            head, sep, rest = item.partition(":")
            if sep:
                known[int(head)] = [int(n) for n in rest.split(",")]
        return known

    # --- decisions -----------------------------------------------------------------------------

    def decide(self):
        return (
            self.finish_streak()
            or self.feed()
            or self.strike()
            or (self.late_game() if self.left <= LATE else self.grow())
        )

    def finish_streak(self):
        if self.previous == "i" and self.streak == 1 and self.spy > 0:
            return "i"
        if self.previous.startswith("l ") and self.streak in (1, 2) and self.food >= self.need:
            return self.previous
        return None

    def feed(self):
        if self.crop > 0 and self.food < 3 * self.need:
            return "s"
        if self.crop == 0:
            return "f" if self.farming < 3 else "r"
        return None

    def strike(self):
        factor = self.arms // 3
        if factor == 0 or self.soldiers == 0:
            return None
        # Losses do not grow with the army sent (about defence / (arms DIV 3) soldiers), the land
        # won does: send every soldier not needed as the home guard.
        keep = 0 if self.left <= 2 else min(self.soldiers // 3, as_int(self.memory.get("guard"), 1))
        free = self.soldiers - keep
        targets = []
        weak = self.memory.get("weak", "")
        if weak.isdigit() and 1 <= int(weak) <= 3:
            # Its defenders died in our won attack; a few may be back or recruited since.
            targets.append((int(weak), defence(2, 9), UNKNOWN))
        for j, numbers in self.known().items():
            territory, soldiers, arms = numbers[0], numbers[1], numbers[3]
            if territory > 0:
                targets.append((j, defence(soldiers + 2, arms + 1), territory))
        best = None
        for j, guess, territory in targets:
            margin = free * factor - guess
            gain = min(margin, territory)
            if margin >= 3 and gain >= 2 and (best is None or gain > best[0]):
                best = (gain, j)
        if best is not None:
            return "u %d %d" % (best[1], free)
        if self.left % PROBE_EVERY == 0 and free >= 3:
            # A one-soldier probe: if it wins, the target has (almost) no defence and the won
            # attack killed its defenders, so next round it is "weak" and we strike in force.
            return "u %d 1" % (1 + (self.left // PROBE_EVERY) % 3)
        return None

    def grow(self):
        guard = max(as_int(self.memory.get("guard"), 1), self.peasants // 4)
        if self.peasants < 3:
            return "r"
        if self.soldiers < guard:
            return "v"
        if self.arms < 6 and self.soldiers >= 3:
            return "z"
        if self.farming < 6:
            return "f"
        if self.spy < 1:
            return "t"
        intel_age = as_int(self.memory.get("intel_left"), UNKNOWN) - self.left  # huge if never
        if self.spy > 0 and intel_age >= INTEL_EVERY and self.food >= 4 * self.need:
            return "i"
        rob = self.robbery_target()
        if rob is not None and self.food >= 5 * self.need:
            return "l %d" % rob
        if self.farming // 3 < 4 and self.peasants >= 8 * (self.farming // 3):
            return "f"
        if self.arms // 3 < self.farming // 3 and self.soldiers >= 6:
            return "z"
        if self.crop >= 2 * self.need + 6:
            return "r" if self.peasants < 3 * self.soldiers + 6 else "v"
        return "r"

    def robbery_target(self):
        for j, numbers in sorted(self.known().items()):
            arms, farming = numbers[3], numbers[4]
            if numbers[0] > 0 and arms > self.arms + 1 and farming > self.farming + 1:
                return j
        return None

    def late_game(self):
        # Food is handled by feed(); what is left becomes soldiers for the last strikes.
        return "z" if self.arms // 3 == 0 else "v"


def main():
    numbers = arguments()
    if numbers is None:
        say("s")
        return
    bot = Bot(numbers, read_pairs(MEMORY))
    bot.update_knowledge()
    action = bot.decide()
    memory = bot.memory
    memory["streak"] = str(bot.streak + 1 if action == bot.previous else 1)
    if action == "i" and bot.streak + 1 >= 2 and action == bot.previous:
        memory["streak"] = "0"  # the intelligence fires now; a next i starts again
    if action.startswith("l ") and action == bot.previous and bot.streak + 1 >= 3:
        memory["streak"] = "0"
    memory["action"] = action
    memory["left"] = str(bot.left)
    save_memory(memory)
    say(action)


if __name__ == "__main__":
    main()
