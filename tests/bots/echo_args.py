"""Well-behaved: answers with its arguments and the contents of input.txt, if there is one."""
import os
import sys

text = open("input.txt").read().strip() if os.path.exists("input.txt") else "-"
print(" ".join(sys.argv[1:]), text, flush=True)
