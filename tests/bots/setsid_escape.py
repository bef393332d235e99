"""Hostile: escapes its process group: double fork and setsid; the grandchild replaces itself with
a fresh interpreter that has an empty environment (so /proc/PID/environ no longer shows where it
came from) and sleeps with stdout open. The leader answers ``r`` and exits 0.

By default the leader reaps its first child, like a classic daemon, so nothing of the escape is
left in the leader's tree; with the argument ``zombie`` it does not, and the first child stays a
zombie until the leader dies. With ``hang`` the leader never answers: it sleeps until killed."""
import os
import sys
import time

marker = sys.argv[1] if len(sys.argv) > 1 else "none"
child = os.fork()
if child == 0:
    os.setsid()
    if os.fork() == 0:
        os.execve(sys.executable, [sys.executable, "-c", "import time\nwhile True: time.sleep(60)", marker], {})
    os._exit(0)
if "zombie" not in sys.argv[2:]:
    os.waitpid(child, 0)
time.sleep(0.2)  # let the escape finish before the turn ends
while "hang" in sys.argv[2:]:
    time.sleep(60)
sys.stdout.write("r\n")
sys.stdout.flush()
