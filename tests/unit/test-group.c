/*
 * Tabs (src/wm/group.c): joining and leaving a group, what the group owns
 * and what each tab keeps, combined size limits, the refusals, the tab
 * shown after the current one closes, and where a group stacks.
 */
#include <glib.h>
#include <string.h>

#include "scene.h"
#include "wm/wm.h"

static wm_client *add(wm *m, uint32_t id, wm_rect r)
{
    return scene_add_at(m, id, WM_TYPE_NORMAL, r);
}

static const wm_rect ra = {100, 100, 400, 300}, rb = {600, 200, 300, 250}, rc = {50, 500, 200, 200};

/* Three windows; b and c joined into a's group, c shown. */
static wm *three_tabs(wm_client **a, wm_client **b, wm_client **c)
{
    wm *m = wm_create(1280, 1024);
    *a = add(m, 1, ra);
    *b = add(m, 2, rb);
    *c = add(m, 3, rc);
    g_assert_true(group_attach(m, *a, *b, -1, false));
    g_assert_true(group_attach(m, *a, *c, -1, true));
    wm_settle(m);
    return m;
}

static char *tab_ids(const wm_client *c)
{
    return scene_ids(c->group->clients);
}

static void test_attach_orders_and_shares(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    g_assert_true(a->group == b->group && b->group == c->group);
    /* After the current tab each time: a, then b after a, then c after a. */
    scene_assert_ids(tab_ids(a), "1 3 2");
    g_assert_true(a->group->current == c);
    g_assert_true(client_hidden_tab(a) && client_hidden_tab(b) && !client_hidden_tab(c));
    g_assert_true(client_tabbed(a));
    /* The group's place is where a floated; each keeps its own. */
    scene_assert_rect(b->geom, 100, 100, 400, 300);
    scene_assert_rect(c->geom, 100, 100, 400, 300);
    scene_assert_rect(b->own_floating, 600, 200, 300, 250);
    scene_assert_rect(c->own_floating, 50, 500, 200, 200);
    wm_destroy(m);
}

static void test_lone_window_is_a_group_of_one(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add(m, 1, ra);
    g_assert_false(client_tabbed(a));
    g_assert_false(client_hidden_tab(a));
    g_assert_true(group_step(a, 1) == a);
    group_detach(m, a); /* nothing to leave */
    scene_assert_rect(a->geom, 100, 100, 400, 300);
    wm_destroy(m);
}

static void test_detach_restores_own_place_and_shows_mru_tab(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    group_set_current(m, b);
    group_set_current(m, c); /* MRU: c, b, a */
    client_set_maximized(m, c, true, true);
    wm_settle(m);
    g_assert_true(b->max_h && b->max_v && a->max_h);
    group_detach(m, c);
    wm_settle(m);
    g_assert_false(client_tabbed(c));
    g_assert_false(c->max_h || c->max_v);
    scene_assert_rect(c->geom, 50, 500, 200, 200);
    g_assert_true(a->group->current == b);
    scene_assert_ids(tab_ids(a), "1 2");
    /* The rest stays maximized. */
    g_assert_true(a->max_h && b->max_v);
    group_detach(m, a);
    g_assert_false(client_tabbed(b));
    g_assert_true(b->group->current == b);
    wm_destroy(m);
}

static void test_current_follows_focus_and_closing(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    focus_set(m, a); /* a hidden tab focused is shown */
    g_assert_true(a->group->current == a);
    g_assert_true(m->focused == a);
    focus_set(m, b);
    focus_set(m, c);
    /* The MRU tab, b, is shown and focused when c closes, not a. */
    wm_remove_client(m, c);
    g_assert_true(a->group->current == b);
    g_assert_true(m->focused == b);
    scene_assert_ids(tab_ids(a), "1 2");
    /* The last one alone: a group of one again. */
    wm_remove_client(m, b);
    g_assert_false(client_tabbed(a));
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_switching_moves_focus_with_the_tab(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    focus_set(m, c);
    group_set_current(m, group_step(c, 1)); /* wraps from the end: 1 3 2 -> 2 */
    g_assert_true(a->group->current == b);
    g_assert_true(m->focused == b);
    g_assert_true(group_step(b, 1) == a);
    g_assert_true(group_step(b, -1) == c);
    g_assert_true(group_step(b, -4) == c);
    /* The MRU order skips hidden tabs. */
    wm_client *d = add(m, 4, rc);
    focus_set(m, d);
    g_assert_true(focus_next_mru(m, 0, d) == b);
    wm_destroy(m);
}

static void test_move_tab_clamps(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    group_move_tab(m, c, 5);
    scene_assert_ids(tab_ids(a), "1 2 3");
    group_move_tab(m, c, -1);
    scene_assert_ids(tab_ids(a), "1 3 2");
    group_move_tab(m, a, -1);
    scene_assert_ids(tab_ids(a), "1 3 2");
    wm_destroy(m);
}

static void test_hidden_tabs_stack_under_the_shown_one(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    wm_client *d = add(m, 4, rc);
    /* d on top; the group under it, its hidden tabs under c. */
    scene_assert_ids(scene_stack(m), "1 2 3 4");
    stack_raise(m, c);
    scene_assert_ids(scene_stack(m), "4 1 2 3");
    /* Showing a tab keeps the group's place. */
    stack_raise(m, d);
    group_set_current(m, a);
    scene_assert_ids(scene_stack(m), "3 2 1 4");
    /* Raising a hidden tab raises its group, showing it. */
    focus_activate(m, b);
    scene_assert_ids(scene_stack(m), "4 1 3 2");
    wm_destroy(m);
}

static void test_group_owns_states_and_place(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    client_set_fullscreen(m, c, true);
    workspace_move_client(m, c, 2);
    wm_settle(m);
    g_assert_true(a->fullscreen && b->fullscreen);
    g_assert_cmpuint(a->workspace, ==, 2);
    g_assert_cmpuint(b->workspace, ==, 2);
    g_assert_true(b->dirty & WM_DIRTY_DESKTOP);
    client_set_fullscreen(m, c, false);
    /* A state set on a hidden tab is not the group's: undone. */
    client_set_maximized(m, a, true, false);
    wm_settle(m);
    g_assert_false(a->max_h);
    g_assert_false(b->fullscreen);
    /* Each tab keeps its own title and urgency; the tab bar on the frame
     * shown (c's) is repainted for a hidden tab's. */
    scene_clear_dirty(m);
    client_set_title(b, "bee");
    b->urgent = true;
    wm_settle(m);
    g_assert_cmpstr(a->title, ==, "");
    g_assert_false(a->urgent);
    g_assert_true(c->dirty & WM_DIRTY_TITLE);
    wm_destroy(m);
}

static void test_resize_requests(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    scene_clear_dirty(m);
    /* From the tab shown: the group resizes. */
    client_request_geometry(m, c, (wm_rect){100, 100, 500, 350});
    wm_settle(m);
    scene_assert_rect(a->geom, 100, 100, 500, 350);
    scene_assert_rect(b->geom, 100, 100, 500, 350);
    /* From a hidden tab: answered with its real size, kept for later. */
    scene_clear_dirty(m);
    client_request_geometry(m, b, (wm_rect){10, 40, 250, 150});
    wm_settle(m);
    g_assert_true(b->dirty & WM_DIRTY_SYNTHETIC);
    scene_assert_rect(b->geom, 100, 100, 500, 350);
    scene_assert_rect(c->geom, 100, 100, 500, 350);
    group_detach(m, b);
    scene_assert_rect(b->geom, 10, 40, 250, 150);
    wm_destroy(m);
}

static void test_size_hints_merge(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add(m, 1, ra), *b = add(m, 2, rb);
    /* No maximum on either: unbounded; the largest minimum. */
    a->hints.min_w = 100, a->hints.min_h = 50;
    b->hints.min_w = 200, b->hints.min_h = 20;
    /* Increments from the tab shown only. */
    a->hints.inc_w = 7, a->hints.inc_h = 13;
    b->hints.inc_w = 1, b->hints.inc_h = 1;
    g_assert_true(group_attach(m, a, b, -1, false));
    wm_size_hints h = client_size_hints(b);
    g_assert_cmpint(h.min_w, ==, 200);
    g_assert_cmpint(h.min_h, ==, 50);
    g_assert_cmpint(h.max_w, ==, 0);
    g_assert_cmpint(h.max_h, ==, 0);
    g_assert_cmpint(h.inc_w, ==, 7);
    group_set_current(m, b);
    g_assert_cmpint(client_size_hints(a).inc_w, ==, 1);
    /* One maximum set: it holds, the other side stays unbounded. */
    b->hints.max_w = 500;
    h = client_size_hints(a);
    g_assert_cmpint(h.max_w, ==, 500);
    g_assert_cmpint(h.max_h, ==, 0);
    /* Two maximums: the smallest. */
    a->hints.max_w = 450;
    g_assert_cmpint(client_size_hints(a).max_w, ==, 450);
    /* A window whose minimum passes the group's maximum is refused. */
    wm_client *big = add(m, 3, rc);
    big->hints.min_w = 600;
    g_assert_nonnull(group_refusal(m, a, big));
    g_assert_false(group_attach(m, a, big, -1, true));
    g_assert_false(client_tabbed(big));
    /* A joining window's limits shrink the group to fit. */
    wm_client *small = add(m, 4, rc);
    small->hints.max_w = 300;
    small->hints.max_h = 280;
    g_assert_true(group_attach(m, a, small, -1, false));
    wm_settle(m);
    g_assert_cmpint(a->geom.w, <=, 300);
    g_assert_cmpint(a->geom.h, <=, 280);
    g_assert_cmpint(small->geom.w, ==, a->geom.w);
    wm_destroy(m);
}

static void test_refusals(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add(m, 1, ra), *b = add(m, 2, rb);
    g_assert_nonnull(group_refusal(m, a, a));
    g_assert_false(group_attach(m, a, a, -1, true));
    g_assert_false(client_tabbed(a));
    wm_client *dlg = scene_add_at(m, 3, WM_TYPE_DIALOG, rc);
    g_assert_nonnull(group_refusal(m, a, dlg));
    g_assert_nonnull(group_refusal(m, dlg, a));
    wm_client *t = scene_add_transient(m, 4, 1);
    g_assert_nonnull(group_refusal(m, b, t));
    wm_client *fixed = add(m, 5, rc);
    fixed->hints.min_w = fixed->hints.max_w = 200;
    fixed->hints.min_h = fixed->hints.max_h = 100;
    g_assert_nonnull(group_refusal(m, a, fixed));
    wm_client *csd = add(m, 6, rc);
    csd->csd = true;
    g_assert_nonnull(group_refusal(m, a, csd));
    /* Already together, either way round: no loop. */
    g_assert_true(group_attach(m, a, b, -1, false));
    g_assert_nonnull(group_refusal(m, b, a));
    g_assert_false(group_attach(m, b, a, -1, true));
    scene_assert_ids(tab_ids(a), "1 2");
    wm_destroy(m);
}

static void test_group_is_capped(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add(m, 1, ra);
    for (uint32_t i = 2; i < 600; i++) {
        wm_client *c = add(m, i, rb);
        bool ok = group_attach(m, a, c, -1, false);
        g_assert_true(ok == (i <= WM_GROUP_MAX));
    }
    g_assert_cmpuint(a->group->clients->len, ==, WM_GROUP_MAX);
    wm_settle(m);
    g_assert_cmpuint(m->clients->len, ==, 599);
    g_free(scene_stack(m)); /* every window stacked once */
    wm_destroy(m);
}

static void test_moving_to_another_group(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    wm_client *d = add(m, 4, rc), *e = add(m, 5, rb);
    g_assert_true(group_attach(m, d, e, -1, false));
    /* c leaves a's group for d's: a's shows its next tab. */
    g_assert_true(group_attach(m, d, c, 0, true));
    scene_assert_ids(tab_ids(a), "1 2");
    scene_assert_ids(tab_ids(d), "3 4 5");
    g_assert_true(d->group->current == c);
    wm_settle(m);
    scene_assert_rect(c->geom, 50, 500, 200, 200);
    g_assert_false(client_hidden_tab(a) && client_hidden_tab(b));
    wm_destroy(m);
}

static void test_rules(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add(m, 1, ra), *b = add(m, 2, rb), *other = add(m, 3, rc);
    a->wm_class = g_strdup("XTerm");
    b->wm_class = g_strdup("XTerm");
    other->wm_class = g_strdup("Firefox");
    other->role = g_strdup("browser");
    client_set_title(other, "Inbox - Mail");
    focus_set(m, a);
    focus_set(m, b);
    focus_set(m, other);
    /* The most recently used xterm: b. */
    wm_client *n = client_create(4);
    n->type = WM_TYPE_NORMAL;
    n->wm_class = g_strdup("XTerm");
    n->floating = rc;
    wm_add_client(m, n);
    g_assert_true(group_rule_target(m, n, WM_MATCH_CLASS, "XTerm", false) == b);
    g_assert_true(group_rule_target(m, n, WM_MATCH_CLASS, "X*", false) == b);
    g_assert_null(group_rule_target(m, n, WM_MATCH_CLASS, "Firefox", false));
    /* join-focused: the focused window, whatever it is, if n matches. */
    g_assert_true(group_rule_target(m, n, WM_MATCH_CLASS, "XTerm", true) == other);
    g_assert_null(group_rule_target(m, n, WM_MATCH_TITLE, "*Mail*", true));
    g_assert_null(group_rule_target(m, n, WM_MATCH_ROLE, "browser", false));
    /* Another workspace's xterms do not count. */
    workspace_move_client(m, a, 1);
    workspace_move_client(m, b, 2);
    g_assert_null(group_rule_target(m, n, WM_MATCH_CLASS, "XTerm", false));
    /* A dialog matches, but the group refuses it. */
    n->type = WM_TYPE_DIALOG;
    g_assert_true(group_rule_target(m, n, WM_MATCH_CLASS, "XTerm", true) == other);
    g_assert_nonnull(group_refusal(m, other, n));
    /* The focused window itself: no target. */
    focus_set(m, n);
    g_assert_null(group_rule_target(m, n, WM_MATCH_CLASS, "XTerm", true));
    wm_destroy(m);
}

static void test_dialogs_go_with_their_tab(void)
{
    wm_client *a, *b, *c;
    wm *m = three_tabs(&a, &b, &c);
    wm_client *d = scene_add_transient(m, 10, 1); /* a's dialog, a hidden */
    g_assert_true(client_behind_tab(d));
    g_assert_false(client_visible(m, d));
    g_assert_true(client_visible(m, a)); /* the hidden tab itself stays mapped */
    focus_set(m, c);
    g_assert_true(focus_next_mru(m, 0, c) != d);
    /* a shown: its dialog shows, above the group. */
    scene_clear_dirty(m);
    group_set_current(m, a);
    g_assert_true(d->dirty & WM_DIRTY_VISIBLE);
    g_assert_true(client_visible(m, d));
    scene_assert_ids(scene_stack(m), "3 2 1 10"); /* hidden tabs in tab order */
    /* Focus on the dialog goes to the tab shown next. */
    focus_set(m, d);
    group_set_current(m, b);
    g_assert_true(m->focused == b);
    g_assert_false(client_visible(m, d));
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/group/attach-orders-and-shares", test_attach_orders_and_shares);
    g_test_add_func("/group/lone-window", test_lone_window_is_a_group_of_one);
    g_test_add_func("/group/detach-restores", test_detach_restores_own_place_and_shows_mru_tab);
    g_test_add_func("/group/current-follows-focus-and-closing",
                    test_current_follows_focus_and_closing);
    g_test_add_func("/group/switching-moves-focus", test_switching_moves_focus_with_the_tab);
    g_test_add_func("/group/move-tab-clamps", test_move_tab_clamps);
    g_test_add_func("/group/stacking", test_hidden_tabs_stack_under_the_shown_one);
    g_test_add_func("/group/owns-states-and-place", test_group_owns_states_and_place);
    g_test_add_func("/group/resize-requests", test_resize_requests);
    g_test_add_func("/group/size-hints-merge", test_size_hints_merge);
    g_test_add_func("/group/refusals", test_refusals);
    g_test_add_func("/group/capped", test_group_is_capped);
    g_test_add_func("/group/moving-to-another-group", test_moving_to_another_group);
    g_test_add_func("/group/rules", test_rules);
    g_test_add_func("/group/dialogs-go-with-their-tab", test_dialogs_go_with_their_tab);
    return g_test_run();
}
