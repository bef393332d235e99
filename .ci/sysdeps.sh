#!/usr/bin/env bash
# The Debian/Ubuntu packages snakepit needs (listed in editor/system_packages.py: Qt's libraries,
# a C compiler for the sample bots, bubblewrap for the bot sandbox, Xvfb for `make run` without a
# display, python3-venv). As root: installs what is missing. Otherwise: prints the one apt-get
# line that installs it all, every time until it is done, and goes on (what needs a missing
# package is then skipped by the tests, or explained by the app). Elsewhere: does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}

[ -f /etc/debian_version ] || exit 0
missing=$("$python" -m editor.system_packages)
[ -n "$missing" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "snakepit: missing system packages ($missing); installing them needs root:" >&2
    echo "    $("$python" -m editor.system_packages --apt-line)" >&2
    exit 0
fi

echo "snakepit: installing system packages: $missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Resolved again now that apt's lists are fresh (Ubuntu's t64 library names).
read -r -a packages <<< "$("$python" -m editor.system_packages)"
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
