#!/usr/bin/env bash
# Install the Debian/Ubuntu system libraries Qt (PySide6) needs, and python3-venv, when missing.
# Only acts on Debian-like systems; elsewhere, or without root, it says what to install instead.
set -euo pipefail

[ -f /etc/debian_version ] || exit 0

# Offscreen Qt (tests) plus the xcb plugin's libraries (a real window for `make run`).
packages=(libgl1 libegl1 libglib2.0-0 libxkbcommon0 libfontconfig1 libdbus-1-3
          libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0
          libxcb-render-util0 libxcb-shape0 libxcb-randr0 libxcb-xfixes0 libxcb-xkb1 libx11-xcb1)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=()
for pkg in "${packages[@]}"; do
    # Ubuntu 24.04 renamed some libraries with a t64 suffix.
    installed "$pkg" || installed "${pkg}t64" || missing+=("$pkg")
done
python3 -c "import ensurepip" 2>/dev/null || missing+=(python3-venv)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "snakepit: Qt needs these system packages, and installing them needs root:" >&2
    echo "    sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    echo "snakepit: continuing; Qt will fail to start until they are installed." >&2
    exit 0
fi

echo "snakepit: installing system libraries for Qt: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
resolved=()
for pkg in "${missing[@]}"; do
    if apt-cache show "$pkg" >/dev/null 2>&1 && [ -n "$(apt-cache policy "$pkg" | grep Candidate | grep -v none)" ]; then
        resolved+=("$pkg")
    else
        resolved+=("${pkg}t64")
    fi
done
apt-get install -y -qq --no-install-recommends "${resolved[@]}"
