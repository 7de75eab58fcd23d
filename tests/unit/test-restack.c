/*
 * wm_restack_plan(): the moves are replayed on a simulated X stack (a
 * ConfigureWindow with a sibling and a stack mode does exactly this), which
 * must end in the wanted order, without moving the windows not wanted,
 * and equal to the order the plan says X has; the number of moves is
 * the fewest possible (the windows outside a longest run already in
 * order), computed here the slow way.
 */
#include <glib.h>

#include "wm/wm.h"

static GArray *ids(const char *s)
{
    GArray *a = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    g_auto(GStrv) parts = g_strsplit(s, " ", -1);
    for (int i = 0; parts[i]; i++)
        if (*parts[i]) {
            uint32_t v = (uint32_t)g_ascii_strtoull(parts[i], NULL, 10);
            g_array_append_val(a, v);
        }
    return a;
}

static guint find(const GArray *a, uint32_t v)
{
    for (guint i = 0; i < a->len; i++)
        if (g_array_index(a, uint32_t, i) == v)
            return i;
    g_assert_not_reached();
}

/* What X does with each move. */
static void replay(GArray *x, const GArray *moves)
{
    for (guint i = 0; i < moves->len; i++) {
        const wm_restack_move *mv = &g_array_index(moves, wm_restack_move, i);
        g_array_remove_index(x, find(x, mv->win));
        guint s = find(x, mv->sibling);
        g_array_insert_val(x, mv->above ? s + 1 : s, mv->win);
    }
}

/* The fewest moves, O(n^2): n minus a longest increasing run of the
 * wanted windows' places, in X's order. */
static guint fewest(const GArray *have, const GArray *want)
{
    GArray *seq = g_array_new(FALSE, FALSE, sizeof(guint));
    for (guint i = 0; i < have->len; i++)
        for (guint k = 0; k < want->len; k++)
            if (g_array_index(want, uint32_t, k) == g_array_index(have, uint32_t, i))
                g_array_append_val(seq, k);
    guint best = 0;
    guint *len = g_new0(guint, MAX(seq->len, 1));
    for (guint i = 0; i < seq->len; i++) {
        len[i] = 1;
        for (guint j = 0; j < i; j++)
            if (g_array_index(seq, guint, j) < g_array_index(seq, guint, i))
                len[i] = MAX(len[i], len[j] + 1);
        best = MAX(best, len[i]);
    }
    g_free(len);
    g_array_free(seq, TRUE);
    return want->len - best;
}

/* Plan, replay, compare; returns the number of moves. */
static guint check(const GArray *have0, const GArray *want)
{
    GArray *have = g_array_copy((GArray *)have0);
    GArray *x = g_array_copy((GArray *)have0);
    GArray *moves = g_array_new(FALSE, FALSE, sizeof(wm_restack_move));
    wm_restack_plan(have, want, moves);
    replay(x, moves);
    /* X ends where the plan says it does. */
    g_assert_cmpuint(x->len, ==, have0->len);
    g_assert_cmpmem(x->data, x->len * 4, have->data, have->len * 4);
    /* The wanted windows in the wanted order. */
    GArray *got = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    for (guint i = 0; i < x->len; i++) {
        uint32_t v = g_array_index(x, uint32_t, i);
        for (guint k = 0; k < want->len; k++)
            if (g_array_index(want, uint32_t, k) == v)
                g_array_append_val(got, v);
    }
    g_assert_cmpmem(got->data, got->len * 4, want->data, want->len * 4);
    /* The others are not restacked. */
    for (guint i = 0; i < moves->len; i++) {
        uint32_t v = g_array_index(moves, wm_restack_move, i).win;
        bool wanted = false;
        for (guint k = 0; k < want->len; k++)
            wanted |= g_array_index(want, uint32_t, k) == v;
        g_assert_true(wanted);
    }
    g_assert_cmpuint(moves->len, ==, fewest(have0, want));
    guint n = moves->len;
    g_array_free(got, TRUE);
    g_array_free(moves, TRUE);
    g_array_free(x, TRUE);
    g_array_free(have, TRUE);
    return n;
}

static guint check_s(const char *have, const char *want)
{
    GArray *h = ids(have), *w = ids(want);
    guint n = check(h, w);
    g_array_free(h, TRUE);
    g_array_free(w, TRUE);
    return n;
}

static void test_in_order_costs_nothing(void)
{
    g_assert_cmpuint(check_s("1 2 3 4 5", "1 2 3 4 5"), ==, 0);
    g_assert_cmpuint(check_s("", ""), ==, 0);
}

static void test_raise_and_lower_cost_one(void)
{
    g_assert_cmpuint(check_s("1 2 3 4 5", "2 3 4 5 1"), ==, 1); /* raise the bottom one */
    g_assert_cmpuint(check_s("1 2 3 4 5", "5 1 2 3 4"), ==, 1); /* lower the top one */
    g_assert_cmpuint(check_s("1 2 3 4 5", "1 2 4 3 5"), ==, 1);
}

static void test_raise_with_its_grip_costs_two(void)
{
    /* A frame and the grip right below it, raised together. */
    g_assert_cmpuint(check_s("10 11 20 21 30 31", "20 21 30 31 10 11"), ==, 2);
}

static void test_reversed(void)
{
    g_assert_cmpuint(check_s("1 2 3 4 5 6", "6 5 4 3 2 1"), ==, 5);
}

static void test_windows_not_wanted_stay(void)
{
    /* 9 is a hidden tab's frame: it is left where it is. */
    check_s("1 9 2 3", "3 1 2");
    check_s("9 1 2 3", "2 3 1");
    check_s("1 2 3 9", "3 2 1");
    check_s("9", "");
}

/* The windows 1 to n, bottom to top. */
static GArray *count_up(guint n)
{
    GArray *a = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    for (uint32_t i = 1; i <= n; i++)
        g_array_append_val(a, i);
    return a;
}

static void test_random_orders(void)
{
    GRand *r = g_rand_new_with_seed(15);
    for (int round = 0; round < 400; round++) {
        guint n = (guint)g_rand_int_range(r, 1, 40);
        GArray *have = count_up(n);
        /* A shuffled copy, with a few windows left out of want. */
        GArray *want = g_array_copy(have);
        for (guint i = want->len; i > 1; i--) {
            guint j = (guint)g_rand_int_range(r, 0, (gint32)i);
            uint32_t t = g_array_index(want, uint32_t, i - 1);
            g_array_index(want, uint32_t, i - 1) = g_array_index(want, uint32_t, j);
            g_array_index(want, uint32_t, j) = t;
        }
        if (round % 2)
            for (int d = g_rand_int_range(r, 0, 4); d > 0 && want->len > 1; d--)
                g_array_remove_index(want, (guint)g_rand_int_range(r, 0, (gint32)want->len));
        check(have, want);
        g_array_free(have, TRUE);
        g_array_free(want, TRUE);
    }
    g_rand_free(r);
}

/* One block moved up or down past others, as a raise or a lower does
 * (with the grips, a block of two): found without the general plan, and
 * still the fewest moves, the smaller side moved. */
static void test_block_moves(void)
{
    GRand *r = g_rand_new_with_seed(16);
    for (int round = 0; round < 400; round++) {
        guint n = (guint)g_rand_int_range(r, 2, 40);
        GArray *have = count_up(n);
        guint lo = (guint)g_rand_int_range(r, 0, (gint32)n - 1);
        guint hi = (guint)g_rand_int_range(r, (gint32)lo + 2, (gint32)n + 1);
        guint cut = (guint)g_rand_int_range(r, (gint32)lo + 1, (gint32)hi);
        GArray *want = g_array_new(FALSE, FALSE, sizeof(uint32_t));
        g_array_append_vals(want, have->data, lo);
        g_array_append_vals(want, &g_array_index(have, uint32_t, cut), hi - cut);
        g_array_append_vals(want, &g_array_index(have, uint32_t, lo), cut - lo);
        g_array_append_vals(want, &g_array_index(have, uint32_t, hi), n - hi);
        g_assert_cmpuint(check(have, want), ==, MIN(cut - lo, hi - cut));
        g_array_free(have, TRUE);
        g_array_free(want, TRUE);
    }
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/restack/in-order-costs-nothing", test_in_order_costs_nothing);
    g_test_add_func("/restack/raise-and-lower-cost-one", test_raise_and_lower_cost_one);
    g_test_add_func("/restack/raise-with-its-grip-costs-two", test_raise_with_its_grip_costs_two);
    g_test_add_func("/restack/reversed", test_reversed);
    g_test_add_func("/restack/windows-not-wanted-stay", test_windows_not_wanted_stay);
    g_test_add_func("/restack/random-orders", test_random_orders);
    g_test_add_func("/restack/block-moves", test_block_moves);
    return g_test_run();
}
