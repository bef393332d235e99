/* Bio-blots sample: a greedy bot in plain C99 (no libraries beyond the standard one).
 *
 * Each move it takes the most points it can right now. For every cell of its organism as a root
 * it builds a breadth-first spanning tree: the tree's inner cells stay (they are connected and
 * every leaf touches them), the leaves may move to any free cell next to the inner cells, and
 * the best of those cells are taken, one per leaf. Single-cell moves are tried too. Mercury is
 * avoided unless the points it brings outweigh the skipped move it costs (counted as 10 points).
 * It places on the richest free 2 x 2 square without mercury.
 *
 * Persistent (specs/bioblots.md): reads 26 board rows and its turn (0 or 1), then writes a move
 * per line and reads the opponent's, flushing after every line; exits when its input ends.
 * Build: make bots (-> build/bots/bioblots/greedy), or cc -O2 -o greedy greedy.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 26
#define CARBON 1
#define MERCURY 8
#define SKIP_COST 10

static int value[N][N];   /* points still in the cell, 0 once neutralised */
static int owner[N][N];   /* -1 free, else the player whose cell is there */
static int me, paralysed;
static const int DR[4] = {-1, 0, 1, 0}, DC[4] = {0, 1, 0, -1};

static int inside(int r, int c) { return r >= 0 && r < N && c >= 0 && c < N; }

static int cell_of(const char *s, int *r, int *c) {
    if (s[0] < 'a' || s[0] > 'z' || s[1] < 'a' || s[1] > 'z') return 0;
    *r = s[0] - 'a';
    *c = s[1] - 'a';
    return 1;
}

/* Apply a move line of `player` the way the referee does. */
static void play(int player, char *line) {
    int er[700], ec[700], entered = 0, r, c, r2, c2, i;
    char *word = strtok(line, " \t\r\n");
    if (word == NULL || strcmp(word, "0") == 0) {
        if (player == me) paralysed = 0;
        return;
    }
    if (word[0] < '0' || word[0] > '9') {               /* placement: four cells */
        for (; word != NULL; word = strtok(NULL, " \t\r\n"))
            if (cell_of(word, &r, &c) && entered < 700) {
                owner[r][c] = player;
                er[entered] = r; ec[entered++] = c;
            }
    } else {
        while ((word = strtok(NULL, " \t\r\n")) != NULL) {
            if (strlen(word) != 4 || !cell_of(word, &r, &c) || !cell_of(word + 2, &r2, &c2)) continue;
            if (value[r2][c2] != CARBON) owner[r][c] = -1;  /* carbon divides: a daughter stays */
            owner[r2][c2] = player;
            if (entered < 700) { er[entered] = r2; ec[entered++] = c2; }
        }
    }
    for (i = 0; i < entered; i++)
        if (player == me && value[er[i]][ec[i]] == MERCURY) paralysed = 1;
    for (i = 0; i < entered; i++) value[er[i]][ec[i]] = 0;
}

static void place(char *out) {
    int r, c, best = -1, br = 0, bc = 0;
    for (r = 0; r + 1 < N; r++)
        for (c = 0; c + 1 < N; c++) {
            int free = owner[r][c] < 0 && owner[r][c + 1] < 0 && owner[r + 1][c] < 0 && owner[r + 1][c + 1] < 0;
            int sum = value[r][c] + value[r][c + 1] + value[r + 1][c] + value[r + 1][c + 1];
            int merc = value[r][c] == MERCURY || value[r][c + 1] == MERCURY || value[r + 1][c] == MERCURY
                       || value[r + 1][c + 1] == MERCURY;
            if (!free) continue;
            if (merc) sum -= 100;
            if (sum > best) { best = sum; br = r; bc = c; }
        }
    sprintf(out, "%c%c %c%c %c%c %c%c\n", 'a' + br, 'a' + bc, 'a' + br, 'a' + bc + 1, 'a' + br + 1, 'a' + bc,
            'a' + br + 1, 'a' + bc + 1);
}

/* The best targets for up to `count` movers around the cells marked in `stay`; returns the
 * score and fills tr/tc with the chosen targets (*chosen of them). */
static int best_targets(int stay[N][N], int count, int *tr, int *tc, int *chosen) {
    static int seen[N][N];
    int cr[700], cv[700], n = 0, r, c, d, i, j, k, sum_plain = 0, sum_all = 0, np = 0, na = 0, merc = 0;
    memset(seen, 0, sizeof seen);
    for (r = 0; r < N; r++)
        for (c = 0; c < N; c++) {
            if (!stay[r][c]) continue;
            for (d = 0; d < 4; d++) {
                int nr = r + DR[d], nc = c + DC[d];
                if (inside(nr, nc) && owner[nr][nc] < 0 && !seen[nr][nc] && value[nr][nc] > 0) {
                    seen[nr][nc] = 1;
                    cr[n] = nr * N + nc; cv[n++] = value[nr][nc];
                }
            }
        }
    for (i = 1; i < n; i++)                              /* insertion sort, best first */
        for (j = i; j > 0 && cv[j] > cv[j - 1]; j--) {
            k = cv[j]; cv[j] = cv[j - 1]; cv[j - 1] = k;
            k = cr[j]; cr[j] = cr[j - 1]; cr[j - 1] = k;
        }
    for (i = 0; i < n && na < count; i++, na++) { sum_all += cv[i]; if (cv[i] == MERCURY) merc = 1; }
    for (i = 0; i < n && np < count; i++)
        if (cv[i] != MERCURY) { sum_plain += cv[i]; np++; }
    if (merc && sum_all - SKIP_COST > sum_plain) {
        for (i = 0; i < na; i++) { tr[i] = cr[i] / N; tc[i] = cr[i] % N; }
        *chosen = na;
        return sum_all - SKIP_COST;
    }
    for (i = 0, j = 0; i < n && j < np; i++)
        if (cv[i] != MERCURY) { tr[j] = cr[i] / N; tc[j] = cr[i] % N; j++; }
    *chosen = np;
    return sum_plain;
}

/* Whether the organism minus (r, c) is still connected. */
static int connected_without(int r0, int c0, int total) {
    static int seen[N][N];
    int qr[700], qc[700], head = 0, tail = 0, r, c, d, found = 0;
    memset(seen, 0, sizeof seen);
    for (r = 0; r < N && !tail; r++)
        for (c = 0; c < N && !tail; c++)
            if (owner[r][c] == me && (r != r0 || c != c0)) { seen[r][c] = 1; qr[tail] = r; qc[tail++] = c; }
    while (head < tail) {
        r = qr[head]; c = qc[head++]; found++;
        for (d = 0; d < 4; d++) {
            int nr = r + DR[d], nc = c + DC[d];
            if (inside(nr, nc) && owner[nr][nc] == me && !seen[nr][nc] && (nr != r0 || nc != c0)) {
                seen[nr][nc] = 1; qr[tail] = nr; qc[tail++] = nc;
            }
        }
    }
    return found == total - 1;
}

static void move(char *out) {
    static int stay[N][N], parent[N][N];
    int qr[700], qc[700], lr[700], lc[700], tr[700], tc[700];
    int br[700], bc[700], btr[700], btc[700], best = -1, bn = 0, total = 0;
    int r0, c0, r, c, d, i, chosen, score;
    for (r = 0; r < N; r++) for (c = 0; c < N; c++) total += owner[r][c] == me;
    for (r0 = 0; r0 < N; r0++)
        for (c0 = 0; c0 < N; c0++) {
            int head = 0, tail = 0, leaves = 0;
            if (owner[r0][c0] != me) continue;
            /* spanning tree from (r0, c0): inner cells stay, leaves move */
            for (r = 0; r < N; r++) for (c = 0; c < N; c++) { stay[r][c] = 0; parent[r][c] = -2; }
            parent[r0][c0] = -1; qr[tail] = r0; qc[tail++] = c0; stay[r0][c0] = 1;
            while (head < tail) {
                r = qr[head]; c = qc[head++];
                for (d = 0; d < 4; d++) {
                    int nr = r + DR[d], nc = c + DC[d];
                    if (inside(nr, nc) && owner[nr][nc] == me && parent[nr][nc] == -2) {
                        parent[nr][nc] = r * N + c; stay[r][c] = 1; qr[tail] = nr; qc[tail++] = nc;
                    }
                }
            }
            for (i = 0; i < tail; i++)
                if (!stay[qr[i]][qc[i]]) { lr[leaves] = qr[i]; lc[leaves++] = qc[i]; }
            if (leaves > 0) {
                score = best_targets(stay, leaves, tr, tc, &chosen);
                if (chosen > 0 && score > best) {
                    best = score; bn = chosen;
                    for (i = 0; i < chosen; i++) { br[i] = lr[i]; bc[i] = lc[i]; btr[i] = tr[i]; btc[i] = tc[i]; }
                }
            }
            /* the root alone moves, if the rest stays connected */
            if (total > 1 && connected_without(r0, c0, total)) {
                for (r = 0; r < N; r++) for (c = 0; c < N; c++) stay[r][c] = owner[r][c] == me;
                stay[r0][c0] = 0;
                score = best_targets(stay, 1, tr, tc, &chosen);
                if (chosen > 0 && score > best) {
                    best = score; bn = 1; br[0] = r0; bc[0] = c0; btr[0] = tr[0]; btc[0] = tc[0];
                }
                if (bn == 0) {                               /* nothing scores: any legal shift */
                    for (r = 0; r < N && bn == 0; r++)
                        for (c = 0; c < N && bn == 0; c++)
                            for (d = 0; d < 4 && bn == 0; d++) {
                                int nr = r + DR[d], nc = c + DC[d];
                                if (stay[r][c] && inside(nr, nc) && owner[nr][nc] < 0) {
                                    bn = 1; br[0] = r0; bc[0] = c0; btr[0] = nr; btc[0] = nc;
                                }
                            }
                }
            }
        }
    if (bn == 0) { strcpy(out, "0\n"); return; }          /* locked in: the game is already over */
    out += sprintf(out, "%d", bn);
    for (i = 0; i < bn; i++) out += sprintf(out, " %c%c%c%c", 'a' + br[i], 'a' + bc[i], 'a' + btr[i], 'a' + btc[i]);
    strcpy(out, "\n");
}

int main(void) {
    static char line[8192];
    char out[8192];
    int r, c, turn;
    memset(owner, -1, sizeof owner);
    for (r = 0; r < N; r++) {
        if (!fgets(line, sizeof line, stdin)) return 0;
        for (c = 0; c < N; c++) {
            char ch = line[c];
            value[r][c] = ch == 'D' ? 13 : (ch >= '1' && ch <= '9' ? ch - '0' : 0);
        }
    }
    if (!fgets(line, sizeof line, stdin)) return 0;
    me = atoi(line);
    turn = 0;
    if (me == 1) {
        if (!fgets(line, sizeof line, stdin)) return 0;
        play(0, line);
    }
    for (;;) {
        if (turn == 0) place(out);
        else if (paralysed) strcpy(out, "0\n");
        else move(out);
        fputs(out, stdout);
        fflush(stdout);
        play(me, out);                               /* our own move, applied to our own view */
        turn++;
        if (!fgets(line, sizeof line, stdin)) return 0;
        play(1 - me, line);
    }
}
