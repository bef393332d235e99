"""Well-behaved persistent bot: answers every line with ``echo <line>``; exits at end of input."""
import sys

for line in sys.stdin:
    sys.stdout.write("echo " + line)
    sys.stdout.flush()
