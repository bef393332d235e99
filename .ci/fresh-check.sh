#!/usr/bin/env bash
# `make fresh-check`: the README's promise on a brand-new machine. Builds a minimal Debian 12 (or
# Ubuntu 24.04) root with debootstrap, copies a clean clone of this repository's HEAD into it,
# installs only git, make, python3 and python3-venv, and runs the two quick-start commands as root
# there: `make test`, then `make run` with no display, which must start the app on a virtual X
# display; a screenshot of that display shows the window (saved next to the log). Prints how
# long each step took. Needs root, debootstrap (installed when missing) and the mirror.
#
#   .ci/fresh-check.sh [--suite bookworm|noble] [--mirror URL] [--root DIR] [--out DIR]
#                      [--keep] [--host-network] [--skip-test] [--as-user]
#
# --as-user first runs the commands as an ordinary user, before root installs anything: `make
# test` must pass with what needs the missing packages skipped, each run must print the apt-get
# line, and the app must name the missing library in one line (no traceback).
#
# --host-network copies this machine's network setup into the root: its pip configuration (with
# the local package folders it names, mounted read-only) and its extra CA certificates. That is
# how this particular machine reaches PyPI (through a TLS-intercepting proxy); a normal machine
# needs none of it, and the project's own path (the Makefile) never does this.
set -euo pipefail

suite=bookworm
mirror=""
root=""
out=""
keep=0
host_network=0
skip_test=0
as_user=0
while [ $# -gt 0 ]; do
    case "$1" in
        --suite) suite=$2; shift 2 ;;
        --mirror) mirror=$2; shift 2 ;;
        --root) root=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --keep) keep=1; shift ;;
        --host-network) host_network=1; shift ;;
        --skip-test) skip_test=1; shift ;;
        --as-user) as_user=1; shift ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        *) echo "fresh-check: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

repo=$(cd "$(dirname "$0")/.." && pwd)
root=${root:-/var/tmp/snakepit-fresh-$suite}
out=${out:-$repo/build/fresh-check-$suite}
log=$out/log.txt
[ "$(id -u)" -eq 0 ] || { echo "fresh-check: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
case "$suite" in
    bookworm) mirror=${mirror:-$(sed -n 's/^URIs: *\(http[^ ]*debian\/*\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)}
              mirror=${mirror:-http://deb.debian.org/debian}; keyring_package="" ;;
    noble)    mirror=${mirror:-http://archive.ubuntu.com/ubuntu}; keyring_package=ubuntu-keyring ;;
    *) echo "fresh-check: --suite bookworm or noble, not $suite" >&2; exit 2 ;;
esac
mkdir -p "$out"
: > "$log"

now() { date +%s.%N; }
timings=()
step() {  # step NAME COMMAND...: run it, log its output, remember how long it took
    local name=$1 start end
    shift
    echo "== $name" | tee -a "$log"
    start=$(now)
    if ! "$@" >> "$log" 2>&1; then
        echo "fresh-check: step '$name' failed; the end of $log:" >&2
        tail -40 "$log" >&2
        exit 1
    fi
    end=$(now)
    timings+=("$(awk -v n="$name" -v s="$start" -v e="$end" 'BEGIN { printf "%-52s %7.1f s", n, e - s }')")
    awk -v s="$start" -v e="$end" 'BEGIN { printf "   %.1f s\n", e - s }' | tee -a "$log"
}

pip_env=()  # the host's PIP_* variables, with --host-network
in_root() {  # a command in the root as root, with a clean environment (plus the host's pip variables)
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${pip_env[@]}" "$@"
}

in_user() {  # a shell command as the ordinary user ann, in her copy of the clone
    chroot --userspec=ann:ann "$root" /usr/bin/env -i HOME=/home/ann USER=ann TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/bin:/usr/bin:/bin "${pip_env[@]}" bash -c "cd /home/ann/snakepit && $1"
}

no_check_gpg=()
mounted=()
cleanup() {
    local pid
    for pid in $(app_processes); do kill -KILL "$pid" 2>/dev/null || true; done
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
    if [ "$keep" -eq 0 ] && [ -d "$root" ]; then rm -rf --one-file-system "$root"; fi
}
trap cleanup EXIT

mount_in_root() {  # mount_in_root TARGET ARGS...: mount under the root, unmounted at the end
    mkdir -p "$root$1"
    mount "${@:2}" "$root$1"
    mounted+=("$root$1")
}

app_processes() {  # pids of processes whose root is the fresh root (the app, Xvfb, make)
    local pid
    [ -d "$root" ] || return 0
    for pid in /proc/[0-9]*; do
        [ "$(readlink "$pid/root" 2>/dev/null)" = "$root" ] && echo "${pid#/proc/}"
    done
    return 0
}

host_tools() {
    command -v debootstrap >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap; }
    if [ -n "$keyring_package" ] && ! dpkg-query -W -f='${Status}' "$keyring_package" 2>/dev/null | grep -q "ok installed"; then
        # Debian 12 has no Ubuntu keyring: then the bootstrap's packages go unchecked (the root's
        # own apt checks everything after it, with the keyring the bootstrap installs).
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$keyring_package" 2>/dev/null \
            || { echo "no $keyring_package here: debootstrap runs with --no-check-gpg"; no_check_gpg=(--no-check-gpg); }
    fi
    return 0
}

reachable() {
    python3 -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20)" "$mirror/dists/$suite/Release"
}

build_root() {
    rm -rf --one-file-system "$root"
    local components=main
    [ "$suite" = noble ] && components=main,universe  # Ubuntu keeps xvfb and bubblewrap in universe
    local script=()  # an older debootstrap lacks the newest Ubuntu's name: its script is gutsy's
    [ "$suite" = noble ] && [ ! -e "/usr/share/debootstrap/scripts/$suite" ] && script=(/usr/share/debootstrap/scripts/gutsy)
    debootstrap "${no_check_gpg[@]}" --variant=minbase --components="$components" "$suite" "$root" "$mirror" "${script[@]}"
}

mount_system() {
    # The root is made a mount point of its own, as / is on any real machine: the bot sandbox
    # (bubblewrap) makes / a slave mount and pivots to a new root, which fails on a plain folder.
    mount --bind "$root" "$root"
    mounted+=("$root")
    mount_in_root /proc -t proc proc
    mount_in_root /sys -t sysfs sys
    mount_in_root /dev --rbind /dev
    mount --make-rslave "$root/dev"
    mount_in_root /run -t tmpfs tmpfs
    cp /etc/resolv.conf "$root/etc/resolv.conf"
}

copy_clone() {
    rm -rf "$root/root/snakepit"
    git clone --quiet --no-hardlinks "$repo" "$root/root/snakepit"
    git -C "$root/root/snakepit" log --oneline -1
}

install_base() {
    in_root apt-get update -qq
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git make python3 python3-venv
}

host_network_setup() {
    local file path
    while IFS= read -r variable; do pip_env+=("$variable"); done < <(env | grep '^PIP_' || true)
    for file in /etc/pip.conf /root/.config/pip/pip.conf /root/.pip/pip.conf; do
        [ -f "$file" ] && install -D -m 644 "$file" "$root$file"
    done

    # Local package folders the pip configuration names (find-links, file:// indexes).
    for path in $(pip config list 2>/dev/null | grep -o "/[^' ]*" | sed 's|/simple$||' | sort -u); do
        if [ -d "$path" ]; then mount_in_root "$path" --bind -o ro "$path"; fi
    done
    in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ca-certificates
    if [ -d /usr/local/share/ca-certificates ]; then
        mkdir -p "$root/usr/local/share/ca-certificates"
        cp -r /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
        in_root update-ca-certificates
    fi
}

as_ordinary_user() {
    local out_user=$out/user.log
    in_root useradd --create-home --shell /bin/bash ann
    cp -a "$root/root/snakepit" "$root/home/ann/snakepit"
    if [ -f "$root/root/.config/pip/pip.conf" ]; then  # --host-network: her pip reads root's setup too
        install -D -m 644 "$root/root/.config/pip/pip.conf" "$root/home/ann/.config/pip/pip.conf"
    fi
    chroot "$root" chown -R ann:ann /home/ann
    # make test: the packages are missing, so Qt's tests and the C bots' are skipped, the rest runs.
    in_user "make test" > "$out_user" 2>&1 || { tail -40 "$out_user"; echo "make test as ann failed"; return 1; }
    cat "$out_user"
    grep -q "snakepit: missing system packages" "$out_user" || { echo "no apt-get line for ann"; return 1; }
    grep -q "snakepit: skipped tests/editor/ (Qt)" "$out_user" || { echo "Qt tests not skipped with a line"; return 1; }
    ! grep -q "INTERNALERROR\|Traceback" "$out_user" || { echo "a traceback in ann's make test"; return 1; }
    # Again (the venv is there now): the line still shows; the app names the missing library.
    in_user "DISPLAY=:0 make run" > "$out/user-run.log" 2>&1 || true
    cat "$out/user-run.log"
    grep -q "apt-get install" "$out/user-run.log" || { echo "the second run hid the apt-get line"; return 1; }
    grep -q "^snakepit: Qt cannot start: the system library lib.* is missing\. Install what Qt needs: " "$out/user-run.log" \
        || { echo "the app did not name the missing library"; return 1; }
    ! grep -q "Traceback" "$out/user-run.log" || { echo "a traceback in ann's make run"; return 1; }
}

make_test() {
    in_root bash -c 'cd /root/snakepit && make test'
}

# `make run` with no display: started in its own session, it must say it uses a virtual display
# and show the window there; a second Qt client photographs that display (no extra packages).
SHOT='
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(sys.argv[:1])
image = app.primaryScreen().grabWindow(0).toImage()
cells = [(x, y) for y in range(0, image.height(), 8) for x in range(0, image.width(), 8)]
lit = sum(1 for x, y in cells if image.pixelColor(x, y).value() > 40)
image.save(sys.argv[1])
print(lit, len(cells))
'
make_run() {
    local run_log=$out/run.log deadline display auth pid lit=0 cells=0
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin \
        setsid bash -c 'cd /root/snakepit && exec make run' > "$run_log" 2>&1 &
    deadline=$((SECONDS + 300))
    while [ $SECONDS -lt $deadline ]; do
        pid=$(pgrep -f "^Xvfb :[0-9]+ " | while read -r p; do [ "$(readlink "/proc/$p/root")" = "$root" ] && echo "$p"; done | head -1)
        if [ -n "$pid" ]; then
            display=$(tr '\0' ' ' < "/proc/$pid/cmdline" | awk '{print $2}')
            auth=$(tr '\0' '\n' < "/proc/$pid/cmdline" | sed -n '/^-auth$/{n;p}')
            read -r lit cells < <(in_root env DISPLAY="$display" XAUTHORITY="$auth" QT_QPA_PLATFORM=xcb \
                /root/snakepit/.venv/bin/python -c "$SHOT" /root/screenshot.png 2>/dev/null || echo 0 0)
            [ "${lit:-0}" -gt 500 ] && break  # the window covers part of the black screen
        fi
        sleep 2
    done
    cp "$root/root/screenshot.png" "$out/screenshot.png" 2>/dev/null || true
    cat "$run_log"
    for pid in $(app_processes); do kill -TERM "$pid" 2>/dev/null || true; done
    sleep 2
    for pid in $(app_processes); do kill -KILL "$pid" 2>/dev/null || true; done
    grep -q "starting the app on a virtual X display" "$run_log" || { echo "make run did not say it uses Xvfb"; return 1; }
    [ "${lit:-0}" -gt 500 ] || { echo "no window on the virtual display (lit cells: ${lit:-0})"; return 1; }
    echo "window shown: $lit of $cells sampled points of the screen lit; screenshot $out/screenshot.png"
}

step "host tools (debootstrap)" host_tools
step "mirror reachable: $mirror" reachable
step "debootstrap --variant=minbase $suite" build_root
mount_system
step "clean clone of HEAD into the root" copy_clone
step "apt-get install git make python3 python3-venv" install_base
if [ "$host_network" -eq 1 ]; then step "this machine's network setup (optional)" host_network_setup; fi
if [ "$as_user" -eq 1 ]; then step "as an ordinary user: make test, make run (no packages)" as_ordinary_user; fi
if [ "$skip_test" -eq 0 ]; then step "make test (first run: system packages, venv)" make_test; fi
step "make run (no display: Xvfb), until the window shows" make_run

echo
echo "fresh-check $suite: passed. Timings:"
printf '  %s\n' "${timings[@]}"
echo "  (log: $log)"
