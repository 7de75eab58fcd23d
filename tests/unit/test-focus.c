/*
 * Focus: the most-recently-used order, which windows may take focus, where
 * focus goes when a window closes, and focus-stealing prevention with X
 * server times that wrap around.
 */
#include <glib.h>

#include "scene.h"
#include "wm/wm.h"

static wm_client *add_with_time(wm *m, uint32_t id, uint32_t time)
{
    wm_client *c = scene_add_normal(m, id);
    c->has_user_time = true;
    c->user_time = time;
    return c;
}

static void test_set_moves_to_mru_front(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    wm_client *c = scene_add_normal(m, 3);
    scene_assert_ids(scene_ids(m->mru), "1 2 3");
    focus_set(m, c);
    g_assert_true(m->focused == c);
    scene_assert_ids(scene_ids(m->mru), "3 1 2");
    scene_clear_dirty(m);
    focus_set(m, a);
    g_assert_true(m->focused == a);
    scene_assert_ids(scene_ids(m->mru), "1 3 2");
    g_assert_true(m->dirty & WM_DIRTY_FOCUS);
    g_assert_true(m->dirty & WM_DIRTY_STACK);
    g_assert_true(a->dirty & WM_DIRTY_DECOR);
    g_assert_true(c->dirty & WM_DIRTY_DECOR);
    wm_destroy(m);
}

static void test_set_clears_demands_attention(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    client_set_demands_attention(a, true);
    scene_clear_dirty(m);
    focus_set(m, a);
    g_assert_false(a->demands_attention);
    g_assert_true(a->dirty & WM_DIRTY_STATE);
    wm_destroy(m);
}

static void test_set_null_unfocuses_and_keeps_mru(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    focus_set(m, b);
    scene_clear_dirty(m);
    focus_set(m, NULL);
    g_assert_null(m->focused);
    scene_assert_ids(scene_ids(m->mru), "2 1");
    g_assert_true(m->dirty & WM_DIRTY_FOCUS);
    g_assert_true(b->dirty & WM_DIRTY_DECOR);
    wm_destroy(m);
}

static void test_set_focused_again_marks_nothing(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    focus_set(m, a);
    scene_clear_dirty(m);
    focus_set(m, a);
    g_assert_true(m->focused == a);
    g_assert_cmpuint(m->dirty, ==, 0);
    g_assert_cmpuint(a->dirty, ==, 0);
    wm_destroy(m);
}

static void test_no_input_window_never_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *n = scene_add_normal(m, 2);
    n->input = WM_INPUT_NONE;
    focus_set(m, a);
    g_assert_false(focus_can_take(n));
    focus_set(m, n);
    g_assert_true(m->focused != n);
    scene_assert_ids(scene_ids(m->mru), "1 2");
    focus_activate(m, n);
    g_assert_true(m->focused != n);
    g_assert_false(focus_allow_new(m, n));
    g_assert_true(focus_next_mru(m, 0, a) != n);
    wm_destroy(m);
}

static void test_take_focus_models_can_be_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *g = scene_add_normal(m, 1);
    g->input = WM_INPUT_GLOBAL;
    wm_client *l = scene_add_normal(m, 2);
    l->input = WM_INPUT_LOCAL;
    g_assert_true(focus_can_take(g));
    g_assert_true(focus_can_take(l));
    focus_set(m, g);
    g_assert_true(m->focused == g);
    focus_set(m, l);
    g_assert_true(m->focused == l);
    wm_destroy(m);
}

static void test_docks_and_desktops_never_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *d = scene_add(m, 2, WM_TYPE_DOCK, WM_ALL_WORKSPACES);
    wm_client *k = scene_add(m, 3, WM_TYPE_DESKTOP, WM_ALL_WORKSPACES);
    focus_set(m, a);
    g_assert_false(focus_can_take(d));
    g_assert_false(focus_can_take(k));
    focus_set(m, d);
    g_assert_true(m->focused != d);
    focus_set(m, k);
    g_assert_true(m->focused != k);
    scene_assert_ids(scene_ids(m->mru), "1 2 3");

    focus_set(m, a);
    focus_activate(m, d);
    g_assert_true(m->focused == a);
    focus_activate(m, k);
    g_assert_true(m->focused == a);
    g_assert_false(focus_allow_new(m, d));
    g_assert_false(focus_allow_new(m, k));
    g_assert_null(focus_next_mru(m, 0, a));
    wm_destroy(m);
}

static void test_next_mru_skips_other_workspaces_and_except(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add(m, 2, WM_TYPE_NORMAL, 1);
    wm_client *s = scene_add(m, 3, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    focus_set(m, a);
    focus_set(m, b);
    scene_assert_ids(scene_ids(m->mru), "2 1 3");
    g_assert_true(focus_next_mru(m, 0, NULL) == a);
    g_assert_true(focus_next_mru(m, 0, a) == s);
    g_assert_true(focus_next_mru(m, 1, NULL) == b);
    g_assert_true(focus_next_mru(m, 1, b) == s);
    g_assert_true(focus_next_mru(m, 2, NULL) == s);
    focus_set(m, s);
    g_assert_true(focus_next_mru(m, 0, NULL) == s);
    wm_destroy(m);
}

static void test_close_focuses_mru_of_current_workspace(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    wm_client *c = scene_add_normal(m, 3);
    wm_client *o = scene_add(m, 4, WM_TYPE_NORMAL, 1);
    scene_add(m, 5, WM_TYPE_DOCK, 0);
    focus_set(m, a);
    focus_set(m, b);
    focus_set(m, o); /* more recent than b, but on workspace 1 */
    focus_set(m, c);
    scene_clear_dirty(m);
    wm_remove_client(m, c);
    g_assert_true(m->focused == b);
    g_assert_true(m->dirty & WM_DIRTY_FOCUS);
    wm_remove_client(m, b);
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_close_dialog_focuses_its_parent(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *p = scene_add_normal(m, 1);
    wm_client *x = scene_add_normal(m, 2);
    wm_client *d = scene_add_transient(m, 3, 1);
    focus_set(m, p);
    focus_set(m, x);
    focus_set(m, d);
    wm_remove_client(m, d);
    g_assert_true(m->focused == p);
    scene_assert_ids(scene_ids(m->mru), "1 2");
    wm_destroy(m);
}

static void test_close_dialog_of_unfocusable_parent_focuses_mru(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *p = scene_add_normal(m, 1);
    wm_client *x = scene_add_normal(m, 2);
    wm_client *d = scene_add_transient(m, 3, 1);
    p->input = WM_INPUT_NONE;
    focus_set(m, x);
    focus_set(m, d);
    wm_remove_client(m, d);
    g_assert_true(m->focused == x);
    wm_destroy(m);
}

static void test_close_dialog_of_hidden_parent_focuses_mru(void)
{
    wm *m = wm_create(1280, 1024);
    /* Hidden: minimized (a dialog goes to its parent's workspace, so
     * it cannot be on another one). */
    wm_client *p = scene_add_normal(m, 1);
    wm_client *x = scene_add_normal(m, 2);
    wm_client *d = scene_add_transient(m, 3, 1);
    focus_set(m, p);
    focus_set(m, x);
    focus_set(m, d);
    p->minimized = true;
    wm_remove_client(m, d);
    g_assert_true(m->focused == x);
    g_assert_cmpuint(m->current_workspace, ==, 0);
    wm_destroy(m);
}

static void test_close_dialog_skips_parents_that_take_no_focus(void)
{
    /* Mutter's closed-transient-no-input-parents: 1 <- 2 (no input) <- 3
     * (no input) <- 5; closing 5 focuses 1, and the stacking stays. */
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 9);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_transient(m, 2, 1);
    wm_client *c = scene_add_transient(m, 3, 2);
    b->input = WM_INPUT_NONE;
    c->input = WM_INPUT_NONE;
    wm_client *d = scene_add_transient(m, 5, 3);
    focus_set(m, d);
    wm_remove_client(m, d);
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_close_dialog_offers_globally_active_parent(void)
{
    /* Mutter's closed-transient-only-take-focus-parents: a parent with
     * input=False but WM_TAKE_FOCUS is offered the focus (nobody has it
     * meanwhile); taking it ends the offers. */
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 9);
    wm_client *a = scene_add_normal(m, 1);
    a->input = WM_INPUT_GLOBAL;
    wm_client *b = scene_add_transient(m, 2, 1);
    b->input = WM_INPUT_GLOBAL;
    wm_client *c = scene_add_transient(m, 3, 2);
    focus_set(m, c);
    wm_remove_client(m, c);
    g_assert_null(m->focused);
    g_assert_true(focus_offered(m) == b);
    focus_set(m, b); /* its FocusIn */
    g_assert_true(m->focused == b);
    g_assert_null(focus_offered(m));
    wm_destroy(m);
}

/* Mutter's closed-transient-no-input-parents, with GTK's parents that do
 * not accept the focus (input False, WM_TAKE_FOCUS ignored): 1 <- 2 <- 3
 * <- 4 and 3 <- 5, each mapped and focused in turn. */
static wm *offer_chain(wm_client **w)
{
    wm *m = wm_create(1280, 1024);
    focus_set(m, scene_add_normal(m, 100));
    w[1] = scene_add_normal(m, 1);
    focus_set(m, w[1]);
    uint32_t parent[] = {0, 0, 1, 2, 3, 3};
    for (uint32_t i = 2; i <= 5; i++) {
        w[i] = scene_add_transient(m, i, parent[i]);
        w[i]->input = i == 5 ? WM_INPUT_PASSIVE : WM_INPUT_GLOBAL;
        focus_set(m, w[i]);
    }
    return m;
}

static void test_close_dialog_offers_focus_up_to_one_that_accepts_it(void)
{
    wm_client *w[6];
    wm *m = offer_chain(w);
    wm_remove_client(m, w[5]);
    g_assert_null(m->focused);
    g_assert_true(focus_offered(m) == w[3]); /* its parent first */
    focus_offer_next(m);
    g_assert_true(focus_offered(m) == w[4]); /* then by MRU */
    focus_offer_next(m);
    g_assert_true(focus_offered(m) == w[2]);
    g_assert_null(m->focused);
    focus_offer_next(m);
    g_assert_true(m->focused == w[1]); /* accepts it: given it */
    g_assert_null(focus_offered(m));
    focus_offer_next(m); /* nothing left to offer: no change */
    g_assert_true(m->focused == w[1]);
    wm_destroy(m);
}

static void test_offered_windows_destroyed_meanwhile_are_skipped(void)
{
    /* Mutter's closed-transient-no-input-parents-queued-default-focus-
     * destroyed: a window in the queue, then the one being offered the
     * focus, go before their turn. */
    wm_client *w[6];
    wm *m = offer_chain(w);
    wm_remove_client(m, w[5]);
    wm_remove_client(m, w[2]);
    g_assert_true(focus_offered(m) == w[3]);
    wm_remove_client(m, w[3]);
    g_assert_true(focus_offered(m) == w[4]);
    g_assert_null(m->focused);
    wm_remove_client(m, w[4]);
    g_assert_true(m->focused == w[1]);
    wm_destroy(m);
}

static void test_focus_given_meanwhile_cancels_the_offers(void)
{
    /* Mutter's closed-transient-no-input-parent-delayed-focus-default-
     * cancelled: the user activates another window before the offers end. */
    wm_client *w[6];
    wm *m = offer_chain(w);
    wm_client *other = wm_find(m, 100);
    wm_remove_client(m, w[5]);
    g_assert_nonnull(focus_offered(m));
    focus_activate(m, other);
    g_assert_true(m->focused == other);
    g_assert_null(focus_offered(m));
    focus_offer_next(m);
    g_assert_true(m->focused == other);
    wm_destroy(m);
}

static void test_close_unfocused_window_keeps_focus(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    focus_set(m, b);
    focus_set(m, a);
    scene_clear_dirty(m);
    wm_remove_client(m, b);
    g_assert_true(m->focused == a);
    g_assert_false(m->dirty & WM_DIRTY_FOCUS);
    wm_destroy(m);
}

static void test_close_last_window_focuses_nobody(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    scene_add(m, 2, WM_TYPE_DOCK, 0);
    scene_add(m, 3, WM_TYPE_NORMAL, 1);
    focus_set(m, a);
    scene_clear_dirty(m);
    wm_remove_client(m, a);
    g_assert_null(m->focused);
    g_assert_true(m->dirty & WM_DIRTY_FOCUS);
    wm_destroy(m);
}

static void test_allow_new_refuses_user_time_zero(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_with_time(m, 1, 0);
    g_assert_null(m->focused);
    g_assert_false(focus_allow_new(m, c));
    wm_destroy(m);
}

static void test_allow_new_refuses_older_than_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    focus_set(m, f);
    g_assert_true(m->has_user_time);
    g_assert_cmpuint(m->last_user_time, ==, 1000);
    g_assert_false(focus_allow_new(m, add_with_time(m, 2, 999)));
    g_assert_false(focus_allow_new(m, add_with_time(m, 3, 1)));
    g_assert_true(focus_allow_new(m, add_with_time(m, 4, 1000)));
    g_assert_true(focus_allow_new(m, add_with_time(m, 5, 1001)));
    wm_destroy(m);
}

static void test_allow_new_allows_transient_of_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    f->leader = 1;
    focus_set(m, f);
    wm_client *d = scene_add_transient(m, 2, 1);
    d->has_user_time = true;
    d->user_time = 5;
    g_assert_true(focus_allow_new(m, d));

    /* Focus on the dialog: its own dialog, and its parent's, may come up. */
    focus_set(m, d);
    wm_client *dd = scene_add_transient(m, 3, 2);
    dd->has_user_time = true;
    dd->user_time = 5;
    g_assert_true(focus_allow_new(m, dd));
    focus_set(m, dd);
    wm_client *sib = scene_add_transient(m, 4, 2);
    sib->has_user_time = true;
    sib->user_time = 5;
    g_assert_false(focus_allow_new(m, sib));
    wm_destroy(m);
}

static void test_allow_new_allows_group_transient_of_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    f->leader = 100;
    focus_set(m, f);
    wm_client *g = scene_add_group_transient(m, 2, 100);
    g->has_user_time = true;
    g->user_time = 5;
    g_assert_true(focus_allow_new(m, g));
    wm_client *other = scene_add_group_transient(m, 3, 200);
    other->has_user_time = true;
    other->user_time = 5;
    g_assert_false(focus_allow_new(m, other));
    wm_destroy(m);
}

static void test_allow_new_allows_when_nothing_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    focus_set(m, f);
    focus_set(m, NULL);
    g_assert_true(focus_allow_new(m, add_with_time(m, 2, 5)));
    wm_destroy(m);
}

static void test_allow_new_allows_legacy_without_user_time(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    focus_set(m, f);
    wm_client *c = scene_add_normal(m, 2);
    g_assert_false(c->has_user_time);
    g_assert_true(focus_allow_new(m, c));
    wm_destroy(m);
}

static void test_allow_new_compares_times_across_wrap(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 0xFFFFFF00u);
    focus_set(m, f);
    /* 0x10 is 0x110 ms after 0xFFFFFF00 once the server clock wrapped. */
    g_assert_true(focus_allow_new(m, add_with_time(m, 2, 0x10)));
    g_assert_false(focus_allow_new(m, add_with_time(m, 3, 0xFFFFFE00u)));
    wm_destroy(m);
}

static void test_allow_activate_pager_always(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    wm_client *c = scene_add_normal(m, 2);
    focus_set(m, f);
    g_assert_true(focus_allow_activate(m, c, 2, 999));
    g_assert_true(focus_allow_activate(m, c, 2, 1));
    wm_destroy(m);
}

static void test_allow_activate_refuses_older_app_request(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    wm_client *c = scene_add_normal(m, 2);
    focus_set(m, f);
    g_assert_false(focus_allow_activate(m, c, 1, 999));
    g_assert_true(focus_allow_activate(m, c, 1, 1000));
    g_assert_true(focus_allow_activate(m, c, 1, 1001));
    wm_destroy(m);
}

static void test_allow_activate_compares_times_across_wrap(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 0xFFFFFFF0u);
    wm_client *c = scene_add_normal(m, 2);
    focus_set(m, f);
    g_assert_cmpuint(m->last_user_time, ==, 0xFFFFFFF0u);
    g_assert_true(focus_allow_activate(m, c, 1, 0x20));
    g_assert_false(focus_allow_activate(m, c, 1, 0xFFFFFF00u));
    wm_destroy(m);
}

static void test_allow_activate_without_focus_or_time(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    wm_client *c = scene_add_normal(m, 2);
    g_assert_true(focus_allow_activate(m, c, 1, 5)); /* nothing focused */
    focus_set(m, f);
    g_assert_true(focus_allow_activate(m, f, 1, 5)); /* already focused */
    g_assert_true(focus_allow_activate(m, c, 1, 0)); /* no time given */
    wm_destroy(m);
}

static void test_time_before_wraps_around(void)
{
    g_assert_true(wm_time_before(1, 2));
    g_assert_false(wm_time_before(2, 1));
    g_assert_false(wm_time_before(7, 7));
    g_assert_true(wm_time_before(0xFFFFFFFFu, 0));
    g_assert_false(wm_time_before(0, 0xFFFFFFFFu));
    g_assert_true(wm_time_before(0xFFFFFFF0u, 0x10));
    g_assert_false(wm_time_before(0x10, 0xFFFFFFF0u));
    g_assert_true(wm_time_before(0x7FFFFFFFu, 0x80000000u));
    g_assert_true(wm_time_before(0, 0x7FFFFFFFu));
    g_assert_false(wm_time_before(0x7FFFFFFFu, 0));
}

static void test_note_user_time_raises_bar_for_focused_only(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = add_with_time(m, 1, 1000);
    wm_client *o = scene_add_normal(m, 2);
    focus_set(m, f);
    focus_note_user_time(m, o, 5000);
    g_assert_true(o->has_user_time);
    g_assert_cmpuint(o->user_time, ==, 5000);
    g_assert_cmpuint(m->last_user_time, ==, 1000);
    focus_note_user_time(m, f, 2000);
    g_assert_cmpuint(f->user_time, ==, 2000);
    g_assert_cmpuint(m->last_user_time, ==, 2000);
    focus_note_user_time(m, f, 1500); /* never backwards */
    g_assert_cmpuint(m->last_user_time, ==, 2000);
    focus_note_user_time(m, f, 0);
    g_assert_cmpuint(m->last_user_time, ==, 2000);
    wm_destroy(m);
}

static void test_set_raises_bar_forward_only(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add_with_time(m, 1, 1000);
    wm_client *b = add_with_time(m, 2, 500);
    wm_client *c = add_with_time(m, 3, 2000);
    wm_client *z = add_with_time(m, 4, 0);
    g_assert_false(m->has_user_time);
    focus_set(m, a);
    g_assert_cmpuint(m->last_user_time, ==, 1000);
    focus_set(m, b);
    g_assert_cmpuint(m->last_user_time, ==, 1000);
    focus_set(m, z);
    g_assert_cmpuint(m->last_user_time, ==, 1000);
    focus_set(m, c);
    g_assert_cmpuint(m->last_user_time, ==, 2000);
    wm_destroy(m);
}

static void test_activate_switches_workspace(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *c = scene_add(m, 2, WM_TYPE_NORMAL, 2);
    scene_add(m, 3, WM_TYPE_NORMAL, 2);
    focus_set(m, a);
    client_set_demands_attention(c, true);
    focus_activate(m, c);
    g_assert_cmpuint(m->current_workspace, ==, 2);
    g_assert_true(m->focused == c);
    g_assert_false(c->demands_attention);
    scene_assert_ids(scene_ids(m->stack), "1 3 2");
    scene_assert_ids(scene_ids(m->mru), "2 1 3");
    wm_destroy(m);
}

static void test_activate_clears_showing_desktop(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    focus_set(m, a);
    workspace_show_desktop(m, true);
    g_assert_null(m->focused);
    focus_activate(m, b);
    g_assert_false(m->showing_desktop);
    g_assert_true(m->focused == b);
    g_assert_true(client_visible(m, a));
    wm_destroy(m);
}

static void test_activate_on_other_workspace_while_showing_desktop(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *c = scene_add(m, 2, WM_TYPE_NORMAL, 3);
    workspace_show_desktop(m, true);
    focus_activate(m, c);
    g_assert_false(m->showing_desktop);
    g_assert_cmpuint(m->current_workspace, ==, 3);
    g_assert_true(m->focused == c);
    wm_destroy(m);
}

static void test_group_modal_dialogs_do_not_hand_focus_to_each_other(void)
{
    /* Two modal dialogs for one group: activating either keeps the focus
     * on it; activating the group's window gives it to a dialog. */
    wm *m = wm_create(1280, 1024);
    wm_client *p = scene_add_normal(m, 1);
    p->leader = 100;
    wm_client *d1 = scene_add_group_transient(m, 2, 100);
    wm_client *d2 = scene_add_group_transient(m, 3, 100);
    d1->modal = d2->modal = true;
    focus_activate(m, d1);
    g_assert_true(m->focused == d1);
    focus_activate(m, d2);
    g_assert_true(m->focused == d2);
    focus_activate(m, p);
    g_assert_true(m->focused == d1 || m->focused == d2);
    wm_destroy(m);
}

static void test_new_window_mostly_under_always_on_top_is_not_focused(void)
{
    /* Mutter's always-on-top-map-new-maximized: a window that maps with
     * 40% or less of itself showing past always-on-top windows is not
     * focused; one that shows more is. */
    wm *m = wm_create(400, 400);
    wm_client *a = scene_add_normal(m, 1);
    a->geom = (wm_rect){25, 25, 350, 350};
    a->above = true;
    focus_set(m, a);
    wm_client *big = client_create(2);
    big->geom = (wm_rect){0, 0, 400, 400};
    g_assert_false(focus_allow_new(m, big));
    a->geom = (wm_rect){0, 0, 200, 200}; /* covers a quarter */
    g_assert_true(focus_allow_new(m, big));
    a->above = false; /* an ordinary window above counts for nothing */
    a->geom = (wm_rect){0, 0, 400, 400};
    g_assert_true(focus_allow_new(m, big));
    client_destroy(big);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/focus/set-moves-to-mru-front", test_set_moves_to_mru_front);
    g_test_add_func("/focus/set-clears-demands-attention", test_set_clears_demands_attention);
    g_test_add_func("/focus/set-null-unfocuses-and-keeps-mru",
                    test_set_null_unfocuses_and_keeps_mru);
    g_test_add_func("/focus/set-focused-again-marks-nothing", test_set_focused_again_marks_nothing);
    g_test_add_func("/focus/no-input-window-never-focused", test_no_input_window_never_focused);
    g_test_add_func("/focus/take-focus-models-can-be-focused",
                    test_take_focus_models_can_be_focused);
    g_test_add_func("/focus/docks-and-desktops-never-focused",
                    test_docks_and_desktops_never_focused);
    g_test_add_func("/focus/next-mru-skips-other-workspaces-and-except",
                    test_next_mru_skips_other_workspaces_and_except);
    g_test_add_func("/focus/close-focuses-mru-of-current-workspace",
                    test_close_focuses_mru_of_current_workspace);
    g_test_add_func("/focus/close-dialog-focuses-its-parent", test_close_dialog_focuses_its_parent);
    g_test_add_func("/focus/close-dialog-skips-parents-that-take-no-focus",
                    test_close_dialog_skips_parents_that_take_no_focus);
    g_test_add_func("/focus/close-dialog-offers-globally-active-parent",
                    test_close_dialog_offers_globally_active_parent);
    g_test_add_func("/focus/close-dialog-offers-focus-up-to-one-that-accepts-it",
                    test_close_dialog_offers_focus_up_to_one_that_accepts_it);
    g_test_add_func("/focus/offered-windows-destroyed-meanwhile-are-skipped",
                    test_offered_windows_destroyed_meanwhile_are_skipped);
    g_test_add_func("/focus/focus-given-meanwhile-cancels-the-offers",
                    test_focus_given_meanwhile_cancels_the_offers);
    g_test_add_func("/focus/close-dialog-of-unfocusable-parent-focuses-mru",
                    test_close_dialog_of_unfocusable_parent_focuses_mru);
    g_test_add_func("/focus/close-dialog-of-hidden-parent-focuses-mru",
                    test_close_dialog_of_hidden_parent_focuses_mru);
    g_test_add_func("/focus/close-unfocused-window-keeps-focus",
                    test_close_unfocused_window_keeps_focus);
    g_test_add_func("/focus/close-last-window-focuses-nobody",
                    test_close_last_window_focuses_nobody);
    g_test_add_func("/focus/allow-new-refuses-user-time-zero",
                    test_allow_new_refuses_user_time_zero);
    g_test_add_func("/focus/allow-new-refuses-older-than-focused",
                    test_allow_new_refuses_older_than_focused);
    g_test_add_func("/focus/allow-new-allows-transient-of-focused",
                    test_allow_new_allows_transient_of_focused);
    g_test_add_func("/focus/allow-new-allows-group-transient-of-focused",
                    test_allow_new_allows_group_transient_of_focused);
    g_test_add_func("/focus/allow-new-allows-when-nothing-focused",
                    test_allow_new_allows_when_nothing_focused);
    g_test_add_func("/focus/allow-new-allows-legacy-without-user-time",
                    test_allow_new_allows_legacy_without_user_time);
    g_test_add_func("/focus/allow-new-compares-times-across-wrap",
                    test_allow_new_compares_times_across_wrap);
    g_test_add_func("/focus/allow-activate-pager-always", test_allow_activate_pager_always);
    g_test_add_func("/focus/allow-activate-refuses-older-app-request",
                    test_allow_activate_refuses_older_app_request);
    g_test_add_func("/focus/allow-activate-compares-times-across-wrap",
                    test_allow_activate_compares_times_across_wrap);
    g_test_add_func("/focus/allow-activate-without-focus-or-time",
                    test_allow_activate_without_focus_or_time);
    g_test_add_func("/focus/time-before-wraps-around", test_time_before_wraps_around);
    g_test_add_func("/focus/note-user-time-raises-bar-for-focused-only",
                    test_note_user_time_raises_bar_for_focused_only);
    g_test_add_func("/focus/set-raises-bar-forward-only", test_set_raises_bar_forward_only);
    g_test_add_func("/focus/activate-switches-workspace", test_activate_switches_workspace);
    g_test_add_func("/focus/activate-clears-showing-desktop", test_activate_clears_showing_desktop);
    g_test_add_func("/focus/activate-on-other-workspace-while-showing-desktop",
                    test_activate_on_other_workspace_while_showing_desktop);
    g_test_add_func("/focus/group-modal-dialogs-do-not-hand-focus-to-each-other",
                    test_group_modal_dialogs_do_not_hand_focus_to_each_other);
    g_test_add_func("/focus/new-window-mostly-under-always-on-top-is-not-focused",
                    test_new_window_mostly_under_always_on_top_is_not_focused);
    return g_test_run();
}
