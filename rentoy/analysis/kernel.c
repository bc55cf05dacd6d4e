/* The double-dummy search of many worlds, compiled: rentoy/analysis/kernel.py builds
 * this file with the system's C compiler when one is there, and the pure-Python solver
 * (rentoy/analysis/solver.py) is used when not. It knows no rule of the game: which
 * cards a seat may play (tiers), whether a card takes the trick over (takes) and when
 * the hand is settled (settle) are tables the engine's own functions filled (see
 * rentoy/analysis/batch.py, duty_tiers). tests/test_batch_solver.py holds it to the
 * pure-Python solver on every configuration the conformance tests play.
 *
 * A plain alpha-beta search with a window of one (the value is which team takes the
 * hand): at a seat's turn its team wins if one of its legal cards wins. */

#include <stdint.h>
#include <stdlib.h>

/* What a search remembers, at the start of each trick with two cards or more in every
 * hand: the cards still in the hands, the leader and the tricks won, within one world
 * (``stamp`` tells the worlds apart, so that nothing is cleared between them). Only
 * the same tricks played in another order come back to a position, so it pays from
 * four cards a hand up (a five-card hand reaches its last two tricks by many orders). */
#define MEMO_BITS 14
#define MEMO_SIZE (1 << MEMO_BITS)
#define MEMO_PROBES 8

typedef struct {
    uint64_t key[MEMO_SIZE];
    uint32_t stamp[MEMO_SIZE];
    int8_t value[MEMO_SIZE];
} Memo;

typedef struct {
    const int8_t *tier;      /* [(led * 40 + best) * 40 + card]: the card's tier */
    const uint8_t *takes;    /* same index: 1 when the card takes the trick over */
    const int8_t *settle;    /* [(a * 8 + b) * 8 + done]: the winner when settled, else -1 */
    int n, hmax;
    int size;                /* cards in a hand when it was dealt */
    const int8_t *hand;      /* n * hmax cards, -1 where a seat holds fewer */
    unsigned used[8];        /* per seat, the slots played */
    uint64_t rem;            /* the cards still in the hands */
    Memo *memo;              /* null: remember nothing */
    uint32_t stamp;
    uint64_t out;            /* the cards of the trick being played */
    const uint64_t *between; /* [p * 40 + c]: the cards ranked strictly between p and c */
    const int8_t *klass;     /* a card's suit and whether it wins whatever is led */
} Search;

static uint32_t slot_of(uint64_t key)
{
    key ^= key >> 29;
    key *= 0xBF58476D1CE4E5B9ULL;
    key ^= key >> 32;
    return (uint32_t)key & (MEMO_SIZE - 1);
}

static int search(Search *s, int at, int leader, int led, int best, int bseat, int ta,
                  int tb, int done)
{
    int n = s->n, hmax = s->hmax;
    int mover = (leader + at) % n;
    int team = mover & 1;
    const int8_t *mine = s->hand + mover * hmax;
    int base = (led * 40 + best) * 40;
    int low = 127;
    uint64_t key = 0;
    uint32_t at_memo = 0;
    int remember = 0;
    if (!at && s->size - done == 1) {
        /* The last trick: every hand holds one card, which it must play (a single card
         * is always of a hand's lowest tier), so the trick is played out, not searched.
         * The tables say which card takes it and who then wins the hand. */
        int nb = -1, ns = leader, nl = -1;
        for (int i = 0; i < n; i++) {
            int seat = (leader + i) % n;
            const int8_t *cards = s->hand + seat * hmax;
            int c = -1;
            for (int k = 0; k < hmax; k++)
                if (cards[k] >= 0 && !(s->used[seat] >> k & 1)) {
                    c = cards[k];
                    break;
                }
            if (c < 0)
                break;
            if (i == 0) {
                nl = nb = c;
            } else if (s->takes[(nl * 40 + nb) * 40 + c]) {
                nb = c;
                ns = seat;
            }
            if (i == n - 1) {
                int r = s->settle[((ta + !(ns & 1)) * 8 + tb + (ns & 1)) * 8 + done + 1];
                if (r >= 0)
                    return r;
            }
        }
    }
    if (at) {
        for (int k = 0; k < hmax; k++) {
            int c = mine[k];
            if (c >= 0 && !(s->used[mover] >> k & 1) && s->tier[base + c] < low)
                low = s->tier[base + c];
        }
    } else if (s->memo) {
        int held = 0;
        for (int k = 0; k < hmax; k++)
            if (mine[k] >= 0 && !(s->used[mover] >> k & 1))
                held++;
        if (held >= 2) {
            key = s->rem | (uint64_t)leader << 40 | (uint64_t)ta << 44 | (uint64_t)tb << 50;
            at_memo = slot_of(key);
            for (int p = 0; p < MEMO_PROBES; p++) {
                uint32_t i = (at_memo + p) & (MEMO_SIZE - 1);
                if (s->memo->stamp[i] == s->stamp && s->memo->key[i] == key)
                    return s->memo->value[i];
            }
            remember = 1;
        }
    }
    int result = 1 - team;
    int tried[16], ntried = 0;
    for (int k = 0; k < hmax; k++) {
        int c = mine[k];
        if (c < 0 || (s->used[mover] >> k & 1))
            continue;
        if (at && s->tier[base + c] != low)
            continue;
        /* A card of the same kind as one already searched here, with no card still in
         * play ranked between them, does just what that one did (as the Python solver
         * reasons): no duty and no trick can tell the two apart. */
        int same = 0;
        for (int t = 0; t < ntried && !same; t++) {
            int p = tried[t];
            if (s->klass[p] == s->klass[c] && !(s->between[p * 40 + c] & (s->rem | s->out)))
                same = 1;
        }
        if (same)
            continue;
        tried[ntried++] = c;
        int nl, nb, ns, r;
        if (!at) {
            nl = c; nb = c; ns = mover;
        } else if (s->takes[base + c]) {
            nl = led; nb = c; ns = mover;
        } else {
            nl = led; nb = best; ns = bseat;
        }
        s->used[mover] |= 1u << k;
        s->rem &= ~(1ULL << c);
        if (at + 1 == n) {
            int wa = ta + !(ns & 1), wb = tb + (ns & 1);
            r = s->settle[(wa * 8 + wb) * 8 + done + 1];
            if (r < 0) {
                uint64_t trick = s->out;
                s->out = 0;
                r = search(s, 0, ns, 0, 0, 0, wa, wb, done + 1);
                s->out = trick;
            }
        } else {
            s->out |= 1ULL << c;
            r = search(s, at + 1, leader, nl, nb, ns, ta, tb, done);
            s->out &= ~(1ULL << c);
        }
        s->used[mover] &= ~(1u << k);
        s->rem |= 1ULL << c;
        if (r == team) {
            result = team;
            break;
        }
    }
    if (remember) {
        for (int p = 0; p < MEMO_PROBES; p++) {
            uint32_t i = (at_memo + p) & (MEMO_SIZE - 1);
            if (s->memo->stamp[i] != s->stamp || p == MEMO_PROBES - 1) {
                s->memo->stamp[i] = s->stamp;
                s->memo->key[i] = key;
                s->memo->value[i] = (int8_t)result;
                break;
            }
        }
    }
    return result;
}

/* Solve ``count`` worlds of one position: ``hands`` holds each world's n * hmax cards
 * (-1 where a seat holds fewer), the trick has ``at`` cards led by ``leader`` (``led``
 * the first, ``best`` the one winning it, held by ``bseat``), ``ta`` and ``tb`` tricks
 * won, ``done`` finished. Writes each world's winner to ``winners`` and, when
 * ``moves`` is not null, the winner after each slot of the seat to play (-1 where the
 * card may not be played) to ``moves`` (count * hmax). */
int rentoy_solve(const int8_t *tier, const uint8_t *takes, const int8_t *settle,
                 const uint64_t *between, const int8_t *klass, int n,
                 int hmax, int count, const int8_t *hands, int leader, int at, int led,
                 int best, int bseat, int ta, int tb, int done, int8_t *winners,
                 int8_t *moves, uint64_t out)
{
    if (n < 2 || n > 8 || hmax < 1 || hmax > 16)
        return -1;
    Search s;
    s.tier = tier; s.takes = takes; s.settle = settle; s.n = n; s.hmax = hmax;
    /* With three cards a hand no position comes back (see Memo): the memo would cost
     * and never help. */
    s.memo = hmax >= 4 ? (Memo *)calloc(1, sizeof(Memo)) : NULL;   /* null: search on */
    s.stamp = 0;
    s.between = between; s.klass = klass;
    s.size = 0;
    int mover = (leader + at) % n;
    int team = mover & 1;
    for (int w = 0; w < count; w++) {
        s.hand = hands + (long)w * n * hmax;
        for (int i = 0; i < 8; i++)
            s.used[i] = 0;
        s.rem = 0;
        for (int i = 0; i < n * hmax; i++)
            if (s.hand[i] >= 0)
                s.rem |= 1ULL << s.hand[i];
        s.stamp++;
        s.out = out;
        /* The hand size, from the cards the leader holds (and has played to the trick). */
        s.size = done + (at > 0);
        for (int k = 0; k < hmax; k++)
            s.size += s.hand[leader * hmax + k] >= 0;
        int settled = settle[(ta * 8 + tb) * 8 + done];
        if (!moves) {
            winners[w] = (int8_t)(settled >= 0 ? settled
                                  : search(&s, at, leader, led, best, bseat, ta, tb, done));
            continue;
        }
        const int8_t *mine = s.hand + mover * hmax;
        int base = (led * 40 + best) * 40;
        int low = 127;
        if (at) {
            for (int k = 0; k < hmax; k++)
                if (mine[k] >= 0 && tier[base + mine[k]] < low)
                    low = tier[base + mine[k]];
        }
        int any = 0;
        int done_slots[16], ndone = 0;
        for (int k = 0; k < hmax; k++) {
            int c = mine[k];
            moves[w * hmax + k] = -1;
            if (c < 0 || (at && tier[base + c] != low))
                continue;
            int r = -1;
            /* A card alike to one already answered (as search() reads cards alike)
             * has its answer. */
            for (int t = 0; t < ndone && r < 0; t++) {
                int p = mine[done_slots[t]];
                if (klass[p] == klass[c] && !(between[p * 40 + c] & (s.rem | out)))
                    r = moves[w * hmax + done_slots[t]];
            }
            done_slots[ndone++] = k;
            if (r < 0 && settled >= 0) {
                r = settled;
            } else if (r < 0) {
                int nl, nb, ns;
                if (!at) {
                    nl = c; nb = c; ns = mover;
                } else if (takes[base + c]) {
                    nl = led; nb = c; ns = mover;
                } else {
                    nl = led; nb = best; ns = bseat;
                }
                s.used[mover] = 1u << k;
                s.rem &= ~(1ULL << c);
                if (at + 1 == n) {
                    int wa = ta + !(ns & 1), wb = tb + (ns & 1);
                    r = settle[(wa * 8 + wb) * 8 + done + 1];
                    if (r < 0) {
                        s.out = 0;
                        r = search(&s, 0, ns, 0, 0, 0, wa, wb, done + 1);
                        s.out = out;
                    }
                } else {
                    s.out = out | 1ULL << c;
                    r = search(&s, at + 1, leader, nl, nb, ns, ta, tb, done);
                    s.out = out;
                }
                s.used[mover] = 0;
                s.rem |= 1ULL << c;
            }
            moves[w * hmax + k] = (int8_t)r;
            if (r == team)
                any = 1;
        }
        winners[w] = (int8_t)(any ? team : 1 - team);
    }
    free(s.memo);
    return 0;
}

/* Sampling worlds, as rentoy.analysis.worlds.sample_worlds does (deal the hidden cards
 * uniformly, keep the deal if no seat holds a card its plays ruled out, at most 64
 * tries a world), from a generator of its own (splitmix64, seeded by the caller).
 * ``own`` are the observer's cards (``owned`` of them, at seat ``me``); the others get
 * ``counts[s]`` cards of the ``size`` cards of ``pool``, none of ``excluded[s]`` (a
 * bitmask of cards). Writes ``count`` worlds into ``hands`` in the layout rentoy_solve
 * reads, and into ``failed[w]`` 1 for a world whose tries all failed (the caller draws
 * it another way). */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int below(uint64_t *state, int n)    /* uniform in 0..n-1, without bias */
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t r;
    do {
        r = next_random(state);
    } while (r >= limit);
    return (int)(r % (uint64_t)n);
}

int rentoy_sample(uint64_t seed, int n, int hmax, int me, const int8_t *own, int owned,
                  const int8_t *pool, int size, const int8_t *counts,
                  const uint64_t *excluded, int count, int8_t *hands, int8_t *failed)
{
    int8_t deck[40];
    uint64_t state = seed;
    int need = 0;
    if (n < 2 || n > 8 || size > 40 || hmax > 16)
        return -1;
    for (int s = 0; s < n; s++)
        if (s != me)
            need += counts[s];
    if (need > size)
        return -1;
    for (int w = 0; w < count; w++) {
        int8_t *world = hands + (long)w * n * hmax;
        int ok = 0;
        for (int tries = 0; tries < 64 && !ok; tries++) {
            for (int i = 0; i < size; i++)
                deck[i] = pool[i];
            for (int i = 0; i < need; i++) {        /* a partial Fisher-Yates shuffle */
                int j = i + below(&state, size - i);
                int8_t t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
            ok = 1;
            int at = 0;
            for (int s = 0; s < n && ok; s++) {
                int8_t *mine = world + s * hmax;
                for (int k = 0; k < hmax; k++)
                    mine[k] = -1;
                if (s == me) {
                    for (int k = 0; k < owned; k++)
                        mine[k] = own[k];
                    continue;
                }
                for (int k = 0; k < counts[s]; k++) {
                    int c = deck[at++];
                    if (excluded[s] >> c & 1) {
                        ok = 0;
                        break;
                    }
                    mine[k] = (int8_t)c;
                }
            }
        }
        failed[w] = (int8_t)!ok;
    }
    return 0;
}

/* Sampling and solving in one call, as rentoy_sample then rentoy_solve would (the same
 * worlds from the same seed, the same answers), for a search bot's decision: it saves
 * the caller handing the worlds back and forth. Returns how many worlds failed to be
 * drawn (the answers are then not written: the caller draws those worlds another way
 * and solves them with rentoy_solve), or -1 for arguments out of range. */
int rentoy_tally(const int8_t *tier, const uint8_t *takes, const int8_t *settle,
                 const uint64_t *between, const int8_t *klass, int n, int hmax, int count,
                 uint64_t seed, int me, const int8_t *own, int owned, const int8_t *pool,
                 int size, const int8_t *counts, const uint64_t *excluded, int leader,
                 int at, int led, int best, int bseat, int ta, int tb, int done,
                 uint64_t out, int8_t *winners, int8_t *moves)
{
    if (n < 2 || n > 8 || hmax < 1 || hmax > 16 || count < 1 || count > 1 << 20)
        return -1;
    int8_t *hands = (int8_t *)malloc((size_t)count * n * hmax);
    int8_t *failed = (int8_t *)malloc((size_t)count);
    if (!hands || !failed) {
        free(hands);
        free(failed);
        return -1;
    }
    int status = rentoy_sample(seed, n, hmax, me, own, owned, pool, size, counts, excluded,
                               count, hands, failed);
    if (status == 0) {
        for (int w = 0; w < count; w++)
            status += failed[w];
        if (status == 0)
            status = rentoy_solve(tier, takes, settle, between, klass, n, hmax, count, hands,
                                  leader, at, led, best, bseat, ta, tb, done, winners, moves,
                                  out);
    }
    free(hands);
    free(failed);
    return status;
}
