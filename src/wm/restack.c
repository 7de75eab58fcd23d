/*
 * The fewest restacks from the order X has to the order wanted. The
 * windows that stay are a longest subsequence of X's order that is
 * already in the wanted order (found in O(n log n)); every other window
 * is put right below the one wanted above it, from the top down, or on
 * top of the rest. A raise costs one request whatever the number of
 * windows, and nothing here walks the list once per window; a raise or
 * a lower is found by comparing the two lists, without building anything.
 */
#include <string.h>

#include "wm/wm.h"

/* The positions in seq[] of a longest strictly increasing subsequence,
 * marked in keep[] by value: patience sorting with back links. */
static void longest_increasing(const guint *seq, guint n, bool *keep)
{
    if (n == 0)
        return;
    guint *tails = g_new(guint, n); /* per length, the position ending it */
    guint *back = g_new(guint, n);  /* per position, the one before it */
    guint len = 0;
    for (guint i = 0; i < n; i++) {
        guint lo = 0, hi = len;
        while (lo < hi) {
            guint mid = (lo + hi) / 2;
            if (seq[tails[mid]] < seq[i])
                lo = mid + 1;
            else
                hi = mid;
        }
        back[i] = lo > 0 ? tails[lo - 1] : G_MAXUINT;
        tails[lo] = i;
        if (lo == len)
            len++;
    }
    for (guint i = tails[len - 1]; i != G_MAXUINT; i = back[i])
        keep[seq[i]] = true;
    g_free(tails);
    g_free(back);
}

/* The common case, a raise or a lower: past the ends the two orders share,
 * want is the middle of have turned round, one block moved past the rest.
 * The smaller of the two is moved, which is the fewest moves, found
 * without the hash table below. False (nothing done) for any other case. */
static bool plan_rotation(GArray *have, const GArray *want, GArray *moves)
{
    guint n = want->len;
    if (have->len != n)
        return false;
    const uint32_t *h = (const uint32_t *)have->data, *w = (const uint32_t *)want->data;
    guint lo = 0, hi = n;
    while (lo < hi && h[lo] == w[lo])
        lo++;
    while (hi > lo && h[hi - 1] == w[hi - 1])
        hi--;
    if (lo == hi)
        return true; /* in order already */
    /* have's lowest changed window, and the block it heads, now at the top. */
    guint at = lo + 1;
    while (at < hi && w[at] != h[lo])
        at++;
    guint up = hi - at;
    if (at == hi || memcmp(w + at, h + lo, up * sizeof *w) != 0 ||
        memcmp(w + lo, h + lo + up, (at - lo) * sizeof *w) != 0)
        return false;
    /* Moved: that block up, or the rest (want's [lo, at)) down under it. */
    guint from = up <= at - lo ? at : lo, to = up <= at - lo ? hi : at;
    for (guint k = to; k-- > from;) {
        wm_restack_move mv = {
            .win = w[k], .sibling = k + 1 < n ? w[k + 1] : w[from - 1], .above = k + 1 == n};
        g_array_append_val(moves, mv);
    }
    memcpy(have->data, w, n * sizeof *w);
    return true;
}

void wm_restack_plan(GArray *have, const GArray *want, GArray *moves)
{
    guint nw = want->len;
    if (nw == 0 || plan_rotation(have, want, moves))
        return;
    const uint32_t *w = (const uint32_t *)want->data;
    /* Where each wanted window is wanted, plus one (0: not wanted). */
    GHashTable *at = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint k = 0; k < nw; k++)
        g_hash_table_insert(at, GUINT_TO_POINTER(w[k]), GUINT_TO_POINTER(k + 1));

    guint *seq = g_new(guint, MAX(have->len, 1));
    guint ns = 0;
    for (guint i = 0; i < have->len; i++) {
        guint k = GPOINTER_TO_UINT(
            g_hash_table_lookup(at, GUINT_TO_POINTER(g_array_index(have, uint32_t, i))));
        if (k)
            seq[ns++] = k - 1;
    }
    bool *keep = g_new0(bool, nw);
    longest_increasing(seq, ns, keep);
    g_free(seq);

    /* What stays, in X's order: windows kept and windows not wanted (they
     * are left where they are). */
    GArray *rest = g_array_sized_new(FALSE, FALSE, sizeof(uint32_t), have->len);
    for (guint i = 0; i < have->len; i++) {
        uint32_t v = g_array_index(have, uint32_t, i);
        guint k = GPOINTER_TO_UINT(g_hash_table_lookup(at, GUINT_TO_POINTER(v)));
        if (!k || keep[k - 1])
            g_array_append_val(rest, v);
    }
    if (rest->len == 0)
        keep[nw - 1] = true; /* nothing to stack against: the top stays */

    for (guint k = nw; k-- > 0;) {
        if (keep[k])
            continue;
        wm_restack_move mv;
        mv.win = w[k];
        if (k == nw - 1) {
            mv.sibling = g_array_index(rest, uint32_t, rest->len - 1);
            mv.above = true;
        } else {
            mv.sibling = w[k + 1];
            mv.above = false;
        }
        g_array_append_val(moves, mv);
    }

    /* The order X has after the moves, top down: each window that was
     * moved sits right below the one wanted above it, so the windows
     * moved follow, in the wanted order, the window they were put under. */
    GArray *after = g_array_sized_new(FALSE, FALSE, sizeof(uint32_t), have->len + nw);
    guint k = nw;
    if (!keep[nw - 1])
        do
            g_array_append_val(after, w[--k]);
        while (k > 0 && !keep[k - 1]);
    for (guint i = rest->len; i-- > 0;) {
        uint32_t v = g_array_index(rest, uint32_t, i);
        g_array_append_val(after, v);
        guint j = GPOINTER_TO_UINT(g_hash_table_lookup(at, GUINT_TO_POINTER(v)));
        if (!j)
            continue;
        for (j--; j > 0 && !keep[j - 1]; j--)
            g_array_append_val(after, w[j - 1]);
    }
    g_array_set_size(have, 0);
    for (guint i = after->len; i-- > 0;)
        g_array_append_val(have, g_array_index(after, uint32_t, i));

    g_array_free(after, TRUE);
    g_array_free(rest, TRUE);
    g_free(keep);
    g_hash_table_destroy(at);
}
