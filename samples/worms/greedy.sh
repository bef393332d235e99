#!/bin/sh
# A greedy worm bot in POSIX sh + awk: among the moves that do not run into a wall or a worm,
# take the one whose new head cell is closest (Manhattan distance) to any flower, ice or bonus.
# Usage: greedy.sh PLAYFIELD_FILE WORM_ID -> prints one of l, r, '.'
# Accepts \n, \r\n and \r line ends (every \r becomes a line break; empty lines are skipped,
# as no line of a playfield is empty).
PATH=${PATH:-/usr/bin:/bin}  # a bot may be started with an empty environment
[ $# -eq 2 ] || { echo "usage: $0 PLAYFIELD_FILE WORM_ID" >&2; exit 2; }
tr '\r' '\n' < "$1" | awk -v me="$2" '
length($0) == 0 { next }
{ n++ }
n == 2 { h = $2 + 0 }
n >= 3 && n <= 6 { hx[n - 3] = $1 + 0; hy[n - 3] = $2 + 0 }
n >= 7 && n < 7 + h { row[n - 7] = $0 }
END {
    letters = substr("abcdhijkopqrwxyz", me * 4 + 1, 4)
    split("0 1 0 -1", dx, " "); split("-1 0 1 0", dy, " ")
    x0 = hx[me]; y0 = hy[me]
    heading = index(letters, substr(row[y0], x0 + 1, 1)) - 1
    items = 0
    for (y = 0; y < h; y++) {
        line = row[y]
        for (x = 1; x <= length(line); x++) {
            c = substr(line, x, 1)
            if (c == "." || c == "*" || c == "+") { ix[items] = x - 1; iy[items] = y; items++ }
        }
    }
    split(". l r", answer, " "); split("0 3 1", quarter, " ")
    choice = "."; best = -1
    for (m = 1; m <= 3; m++) {
        d = (heading + quarter[m]) % 4
        tx = x0 + dx[d + 1]; ty = y0 + dy[d + 1]
        c = substr(row[ty], tx + 1, 1)
        if (c != " " && c != "." && c != "*" && c != "+") continue
        near = 1000000
        for (i = 0; i < items; i++) {
            dist = (ix[i] > tx ? ix[i] - tx : tx - ix[i]) + (iy[i] > ty ? iy[i] - ty : ty - iy[i])
            if (dist < near) near = dist
        }
        if (best < 0 || near < best) { best = near; choice = answer[m] }
    }
    printf "%s", choice
}'
