"""What the kingdoms sample strategies share: reading the command line and writing the action.

Not a bot (the leading underscore keeps it out of the sample bot lists): ``random_bot.py`` and
``heuristic_bot.py`` import it from their own folder, which is all a bot may read in the sandbox.
Any Python 3, no imports from the project (specs/kingdoms.md is the contract).
"""

import os
import sys

FIELDS = "ROUNDS_LEFT TERRITORY SOLDIERS PEASANTS ARMS FARMING FOOD SPY"
"""The eight numbers a strategy is started with, in order."""


def arguments():
    """The eight numbers of the command line, or None (with a usage line on stderr) when the
    command line does not hold eight whole numbers."""
    try:
        numbers = [int(a) for a in sys.argv[1:9]]
    except ValueError:
        numbers = []
    if len(numbers) != len(FIELDS.split()):
        sys.stderr.write("usage: %s %s\n" % (os.path.basename(sys.argv[0]), FIELDS))
        return None
    return numbers


def say(action):
    """Print the action line (flushed: the referee reads the first line)."""
    sys.stdout.write(action + "\n")
    sys.stdout.flush()
