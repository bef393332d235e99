/* ITPW sample in plain C99: greedy workers and hunting soldiers.
 *
 * One process for the whole game, numbers on stdin/stdout (specs/itpw.md). It reads with
 * scanf, which does not care where lines end, and keeps its own copy of the board from the
 * start layout, its answers and the broadcasts. Every answer is one line, then fflush(stdout).
 *
 * Each turn, soldiers first, then workers, each on the board as the units before it left it:
 * - a soldier kills an enemy worker next to it, else steps towards the nearest enemy worker
 *   within HUNT_RANGE king moves, else stays;
 * - a worker never steps next to an enemy soldier; it takes the best free field next to it
 *   (an enemy's field before an unowned one), else walks the shortest safe path towards the
 *   nearest field that is not ours and that no other worker is heading for;
 * - a new unit is a soldier when an enemy stands on our corner, a worker otherwise.
 *
 * Build: make bots (cc -O2 -Wall -o build/bots/itpw/greedy samples/itpw/greedy.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 50
#define WORKER 0
#define SOLDIER 1
#define HUNT_RANGE 12

static int who[N][N];   /* the player of the unit on a field, 0 for none */
static int kind[N][N];  /* its kind when who > 0 */
static int owner[N][N]; /* the field's owner, 0 for nobody */
static int me;

static const int DX[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int DY[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

static int steps[N * N][4];
static int nsteps;

static int on_board(int x, int y) { return x >= 0 && x < N && y >= 0 && y < N; }
static int iabs(int v) { return v < 0 ? -v : v; }
static int dist(int x1, int y1, int x2, int y2) {
    int dx = iabs(x1 - x2), dy = iabs(y1 - y2);
    return dx > dy ? dx : dy;
}

static void corner(int p, int *x, int *y) {
    *x = (p == 1 || p == 3) ? 0 : N - 1;
    *y = (p == 1 || p == 2) ? 0 : N - 1;
}

static int may_enter(int p, int k, int x, int y) {
    if (who[y][x] == 0) return 1;
    if (who[y][x] == p) return 0;
    return !(k == WORKER && kind[y][x] == WORKER);
}

/* The meeting rules; sx < 0 for a new unit. A blocked entry changes nothing. */
static void enter(int p, int k, int sx, int sy, int tx, int ty) {
    int other = who[ty][tx];
    if (other != 0 && !may_enter(p, k, tx, ty)) return;
    if (sx >= 0) who[sy][sx] = 0;
    if (other != 0 && kind[ty][tx] == SOLDIER) { /* the entering unit dies, a soldier takes it along */
        if (k == SOLDIER) who[ty][tx] = 0;
        return;
    }
    who[ty][tx] = p;
    kind[ty][tx] = k;
    if (k == WORKER) owner[ty][tx] = p;
}

static void setup(void) {
    static const int WX[3] = {0, 1, 0}, WY[3] = {0, 0, 1}, SX[3] = {1, 2, 0}, SY[3] = {1, 0, 2};
    for (int p = 1; p <= 4; p++) {
        int cx, cy;
        corner(p, &cx, &cy);
        int fx = cx == 0 ? 1 : -1, fy = cy == 0 ? 1 : -1;
        for (int i = 0; i < 3; i++) {
            enter(p, WORKER, -1, -1, cx + fx * WX[i], cy + fy * WY[i]);
            enter(p, SOLDIER, -1, -1, cx + fx * SX[i], cy + fy * SY[i]);
        }
    }
}

static void go(int sx, int sy, int tx, int ty) {
    enter(me, kind[sy][sx], sx, sy, tx, ty);
    steps[nsteps][0] = sx; steps[nsteps][1] = sy; steps[nsteps][2] = tx; steps[nsteps][3] = ty;
    nsteps++;
}

static int gain(int x, int y) {
    if (owner[y][x] == me) return 0;
    return owner[y][x] ? 2 : 1;
}

static void soldier(int x, int y) {
    for (int d = 0; d < 8; d++) { /* an enemy worker next to us */
        int nx = x + DX[d], ny = y + DY[d];
        if (on_board(nx, ny) && who[ny][nx] && who[ny][nx] != me && kind[ny][nx] == WORKER) {
            go(x, y, nx, ny);
            return;
        }
    }
    int gx = -1, gy = -1, best = HUNT_RANGE + 1;
    for (int ty = 0; ty < N; ty++)
        for (int tx = 0; tx < N; tx++)
            if (who[ty][tx] && who[ty][tx] != me && kind[ty][tx] == WORKER && dist(x, y, tx, ty) < best) {
                best = dist(x, y, tx, ty);
                gx = tx; gy = ty;
            }
    if (gx < 0) return;
    for (int d = 0; d < 8; d++) {
        int nx = x + DX[d], ny = y + DY[d];
        if (on_board(nx, ny) && who[ny][nx] == 0 && dist(nx, ny, gx, gy) < best) {
            go(x, y, nx, ny);
            return;
        }
    }
}

static int danger[N][N];
static int heading[N][N];
static int parent[N * N];
static int queue[N * N];

static void mark_danger(void) {
    memset(danger, 0, sizeof danger);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            if (who[y][x] && who[y][x] != me && kind[y][x] == SOLDIER)
                for (int d = -1; d < 8; d++) {
                    int nx = x + (d < 0 ? 0 : DX[d]), ny = y + (d < 0 ? 0 : DY[d]);
                    if (on_board(nx, ny)) danger[ny][nx] = 1;
                }
}

static int free_and_safe(int x, int y) { return on_board(x, y) && who[y][x] == 0 && !danger[y][x]; }

static void worker(int x, int y) {
    int bx = -1, by = -1, bg = -1;
    for (int d = 0; d < 8; d++) {
        int nx = x + DX[d], ny = y + DY[d];
        if (free_and_safe(nx, ny) && gain(nx, ny) > bg) {
            bg = gain(nx, ny);
            bx = nx; by = ny;
        }
    }
    if (bg > 0 || (bx >= 0 && danger[y][x])) {
        go(x, y, bx, by);
        return;
    }
    if (danger[y][x]) return;
    /* breadth-first over free, safe fields to the nearest one that is not ours */
    for (int i = 0; i < N * N; i++) parent[i] = -1;
    int head = 0, tail = 0, start = y * N + x;
    parent[start] = start;
    queue[tail++] = start;
    while (head < tail) {
        int here = queue[head++], hx = here % N, hy = here / N;
        if (here != start && gain(hx, hy) > 0 && !heading[hy][hx]) {
            heading[hy][hx] = 1;
            while (parent[here] != start) here = parent[here];
            go(x, y, here % N, here / N);
            return;
        }
        for (int d = 0; d < 8; d++) {
            int nx = hx + DX[d], ny = hy + DY[d];
            if (free_and_safe(nx, ny) && parent[ny * N + nx] < 0) {
                parent[ny * N + nx] = here;
                queue[tail++] = ny * N + nx;
            }
        }
    }
}

static void move(double seconds_left) {
    static int list[N * N][2];
    int n = 0;
    nsteps = 0;
    if (seconds_left >= 1) {
        for (int pass = SOLDIER; pass >= WORKER; pass--) {
            n = 0;
            for (int y = 0; y < N; y++)
                for (int x = 0; x < N; x++)
                    if (who[y][x] == me && kind[y][x] == pass) { list[n][0] = x; list[n][1] = y; n++; }
            if (pass == WORKER) { mark_danger(); memset(heading, 0, sizeof heading); }
            for (int i = 0; i < n; i++) {
                if (pass == SOLDIER) soldier(list[i][0], list[i][1]);
                else worker(list[i][0], list[i][1]);
            }
        }
    }
    printf("%d", nsteps);
    for (int i = 0; i < nsteps; i++) printf(" %d %d %d %d", steps[i][0], steps[i][1], steps[i][2], steps[i][3]);
    printf("\n");
    fflush(stdout);
}

int main(void) {
    int p, t, c, n, x1, y1, x2, y2;
    double seconds;
    if (scanf("%d", &me) != 1) return 0;
    setup();
    while (scanf("%d %d", &p, &t) == 2) { /* stops when the referee closes stdin */
        if (p == me) {
            if (scanf("%lf", &seconds) != 1) return 1;
            if (t == 0) {
                move(seconds);
            } else {
                int cx, cy;
                corner(me, &cx, &cy);
                c = (who[cy][cx] && who[cy][cx] != me) ? SOLDIER : WORKER;
                printf("%d\n", c);
                fflush(stdout);
                enter(me, c, -1, -1, cx, cy);
            }
        } else if (t == 0) {
            if (scanf("%d", &n) != 1) return 1;
            for (int i = 0; i < n; i++) {
                if (scanf("%d %d %d %d", &x1, &y1, &x2, &y2) != 4) return 1;
                if (on_board(x1, y1) && on_board(x2, y2) && who[y1][x1]) enter(p, kind[y1][x1], x1, y1, x2, y2);
            }
        } else {
            int cx, cy;
            if (scanf("%d", &c) != 1) return 1;
            corner(p, &cx, &cy);
            enter(p, c == SOLDIER ? SOLDIER : WORKER, -1, -1, cx, cy);
        }
    }
    return 0;
}
