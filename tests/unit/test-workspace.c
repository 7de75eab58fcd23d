/*
 * Workspaces: switching, sticky windows, changing the number of workspaces,
 * moving windows between them and "showing the desktop", with what each of
 * them marks dirty and where focus goes.
 */
#include <glib.h>

#include "scene.h"
#include "wm/wm.h"

static void test_switch_marks_visibility_dirty(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add(m, 2, WM_TYPE_NORMAL, 1);
    scene_add(m, 3, WM_TYPE_NORMAL, 3);
    scene_add(m, 4, WM_TYPE_DOCK, WM_ALL_WORKSPACES);
    scene_clear_dirty(m);
    workspace_switch(m, 1);
    g_assert_cmpuint(m->current_workspace, ==, 1);
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *c = m->clients->pdata[i];
        g_assert_true(c->dirty & WM_DIRTY_VISIBLE);
    }
    g_assert_true(m->dirty & WM_DIRTY_DESKTOPS);
    g_assert_true(m->dirty & WM_DIRTY_STACK);
    wm_destroy(m);
}

static void test_switch_changes_visibility(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add(m, 2, WM_TYPE_NORMAL, 1);
    g_assert_true(client_visible(m, a));
    g_assert_false(client_visible(m, b));
    workspace_switch(m, 1);
    g_assert_false(client_visible(m, a));
    g_assert_true(client_visible(m, b));
    wm_destroy(m);
}

static void test_switch_focuses_mru_of_new_workspace(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *c = scene_add(m, 3, WM_TYPE_NORMAL, 1);
    wm_client *d = scene_add(m, 4, WM_TYPE_NORMAL, 1);
    scene_add(m, 5, WM_TYPE_DOCK, 1);
    focus_set(m, d);
    focus_set(m, c);
    focus_set(m, a);
    workspace_switch(m, 1);
    g_assert_true(m->focused == c);
    workspace_switch(m, 0);
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_switch_to_empty_workspace_focuses_nobody(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    scene_add(m, 2, WM_TYPE_DOCK, WM_ALL_WORKSPACES);
    focus_set(m, a);
    workspace_switch(m, 2);
    g_assert_null(m->focused);
    wm_destroy(m);
}

static void test_switch_to_current_or_missing_changes_nothing(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    focus_set(m, a);
    scene_clear_dirty(m);
    workspace_switch(m, 0);
    workspace_switch(m, 4);
    workspace_switch(m, WM_MAX_WORKSPACES);
    workspace_switch(m, WM_ALL_WORKSPACES);
    g_assert_cmpuint(m->current_workspace, ==, 0);
    g_assert_true(m->focused == a);
    g_assert_cmpuint(m->dirty, ==, 0);
    g_assert_cmpuint(a->dirty, ==, 0);
    wm_destroy(m);
}

static void test_sticky_window_stays_visible_and_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *s = scene_add(m, 1, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    scene_add(m, 2, WM_TYPE_NORMAL, 2);
    focus_set(m, s);
    for (uint32_t ws = 1; ws < 4; ws++) {
        workspace_switch(m, ws);
        g_assert_true(client_visible(m, s));
        g_assert_true(client_on_workspace(s, ws));
        g_assert_true(m->focused == s);
    }
    g_assert_cmpuint(s->workspace, ==, WM_ALL_WORKSPACES);
    wm_destroy(m);
}

static void test_docks_visible_on_every_workspace(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *d = scene_add(m, 1, WM_TYPE_DOCK, 0);
    wm_client *k = scene_add(m, 2, WM_TYPE_DESKTOP, 0);
    workspace_switch(m, 3);
    g_assert_true(client_visible(m, d));
    g_assert_true(client_visible(m, k));
    wm_destroy(m);
}

static void test_shrink_moves_windows_to_last_workspace(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *w0 = scene_add(m, 1, WM_TYPE_NORMAL, 0);
    wm_client *w1 = scene_add(m, 2, WM_TYPE_NORMAL, 1);
    wm_client *w2 = scene_add(m, 3, WM_TYPE_NORMAL, 2);
    wm_client *w3 = scene_add(m, 4, WM_TYPE_NORMAL, 3);
    wm_client *s = scene_add(m, 5, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    scene_clear_dirty(m);
    workspace_set_count(m, 2);
    g_assert_cmpuint(m->n_workspaces, ==, 2);
    g_assert_cmpuint(w0->workspace, ==, 0);
    g_assert_cmpuint(w1->workspace, ==, 1);
    g_assert_cmpuint(w2->workspace, ==, 1);
    g_assert_cmpuint(w3->workspace, ==, 1);
    g_assert_cmpuint(s->workspace, ==, WM_ALL_WORKSPACES);
    g_assert_false(w0->dirty & WM_DIRTY_DESKTOP);
    g_assert_false(w1->dirty & WM_DIRTY_DESKTOP);
    g_assert_true(w2->dirty & WM_DIRTY_DESKTOP);
    g_assert_true(w3->dirty & WM_DIRTY_DESKTOP);
    g_assert_false(s->dirty & WM_DIRTY_DESKTOP);
    g_assert_true(m->dirty & WM_DIRTY_DESKTOPS);
    wm_destroy(m);
}

static void test_shrink_clamps_current_workspace(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add(m, 1, WM_TYPE_NORMAL, 3);
    workspace_switch(m, 3);
    focus_set(m, a);
    workspace_set_count(m, 3);
    g_assert_cmpuint(m->current_workspace, ==, 2);
    g_assert_cmpuint(a->workspace, ==, 2);
    g_assert_true(client_visible(m, a));
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_grow_keeps_windows_and_current(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add(m, 1, WM_TYPE_NORMAL, 3);
    workspace_switch(m, 3);
    workspace_set_count(m, 10);
    g_assert_cmpuint(m->n_workspaces, ==, 10);
    g_assert_cmpuint(m->current_workspace, ==, 3);
    g_assert_cmpuint(a->workspace, ==, 3);
    workspace_switch(m, 9);
    g_assert_cmpuint(m->current_workspace, ==, 9);
    wm_destroy(m);
}

static void test_count_clamped_to_bounds(void)
{
    wm *m = wm_create(1280, 1024);
    g_assert_cmpuint(m->n_workspaces, ==, 4);
    workspace_set_count(m, 0);
    g_assert_cmpuint(m->n_workspaces, ==, 1);
    g_assert_cmpuint(m->current_workspace, ==, 0);
    workspace_set_count(m, WM_MAX_WORKSPACES + 1);
    g_assert_cmpuint(m->n_workspaces, ==, WM_MAX_WORKSPACES);
    workspace_set_count(m, 0xFFFFFFFFu);
    g_assert_cmpuint(m->n_workspaces, ==, WM_MAX_WORKSPACES);
    workspace_switch(m, WM_MAX_WORKSPACES - 1);
    g_assert_cmpuint(m->current_workspace, ==, WM_MAX_WORKSPACES - 1);
    workspace_switch(m, WM_MAX_WORKSPACES);
    g_assert_cmpuint(m->current_workspace, ==, WM_MAX_WORKSPACES - 1);
    wm_destroy(m);
}

static void test_same_count_changes_nothing(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_clear_dirty(m);
    workspace_set_count(m, 4);
    g_assert_cmpuint(m->dirty, ==, 0);
    wm_destroy(m);
}

static void test_move_client_bounds(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add(m, 1, WM_TYPE_NORMAL, 1);
    scene_clear_dirty(m);
    workspace_move_client(m, a, 4);
    g_assert_cmpuint(a->workspace, ==, 1);
    g_assert_cmpuint(a->dirty, ==, 0);
    workspace_move_client(m, a, 1);
    g_assert_cmpuint(a->dirty, ==, 0);
    workspace_move_client(m, a, 3);
    g_assert_cmpuint(a->workspace, ==, 3);
    g_assert_cmpuint(a->dirty, ==, WM_DIRTY_DESKTOP | WM_DIRTY_VISIBLE | WM_DIRTY_STATE);
    workspace_move_client(m, a, WM_ALL_WORKSPACES);
    g_assert_cmpuint(a->workspace, ==, WM_ALL_WORKSPACES);
    g_assert_true(client_visible(m, a));
    wm_destroy(m);
}

static void test_move_focused_window_away_moves_focus(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    scene_add_normal(m, 3);
    focus_set(m, b);
    focus_set(m, a);
    workspace_move_client(m, a, 2);
    g_assert_false(client_visible(m, a));
    g_assert_true(m->focused == b);
    g_assert_cmpuint(m->current_workspace, ==, 0);
    wm_destroy(m);
}

static void test_move_last_focused_window_away_focuses_nobody(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    focus_set(m, a);
    workspace_move_client(m, a, 2);
    g_assert_null(m->focused);
    wm_destroy(m);
}

static void test_move_focused_window_to_all_keeps_focus(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    focus_set(m, a);
    workspace_move_client(m, a, WM_ALL_WORKSPACES);
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_move_unfocused_window_keeps_focus(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    focus_set(m, a);
    workspace_move_client(m, b, 3);
    g_assert_true(m->focused == a);
    g_assert_cmpuint(b->workspace, ==, 3);
    wm_destroy(m);
}

static void test_show_desktop_hides_normal_windows_only(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *s = scene_add(m, 2, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    wm_client *d = scene_add(m, 3, WM_TYPE_DOCK, WM_ALL_WORKSPACES);
    wm_client *k = scene_add(m, 4, WM_TYPE_DESKTOP, WM_ALL_WORKSPACES);
    focus_set(m, a);
    scene_clear_dirty(m);
    workspace_show_desktop(m, true);
    g_assert_true(m->showing_desktop);
    g_assert_false(client_visible(m, a));
    g_assert_false(client_visible(m, s));
    g_assert_true(client_visible(m, d));
    g_assert_true(client_visible(m, k));
    g_assert_null(m->focused);
    g_assert_true(a->dirty & WM_DIRTY_VISIBLE);
    g_assert_true(m->dirty & WM_DIRTY_DESKTOPS);
    g_assert_null(focus_next_mru(m, 0, NULL));
    wm_destroy(m);
}

static void test_show_desktop_off_refocuses_mru(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    focus_set(m, b);
    focus_set(m, a);
    workspace_show_desktop(m, true);
    scene_clear_dirty(m);
    workspace_show_desktop(m, true); /* again: nothing to do */
    g_assert_cmpuint(m->dirty, ==, 0);
    workspace_show_desktop(m, false);
    g_assert_false(m->showing_desktop);
    g_assert_true(client_visible(m, a));
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

static void test_switch_leaves_showing_desktop(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *b = scene_add(m, 2, WM_TYPE_NORMAL, 1);
    workspace_show_desktop(m, true);
    workspace_switch(m, 1);
    g_assert_false(m->showing_desktop);
    g_assert_true(client_visible(m, b));
    g_assert_true(m->focused == b);
    wm_destroy(m);
}

static void test_set_names_copies_them(void)
{
    wm *m = wm_create(1280, 1024);
    char one[] = "one";
    char *names[] = {one, NULL, "three"};
    scene_clear_dirty(m);
    workspace_set_names(m, names, 3);
    one[0] = 'X';
    g_assert_cmpstr(m->workspace_names[0], ==, "one");
    g_assert_null(m->workspace_names[1]);
    g_assert_cmpstr(m->workspace_names[2], ==, "three");
    g_assert_null(m->workspace_names[3]);
    g_assert_true(m->dirty & WM_DIRTY_DESKTOPS);
    char *fewer[] = {"only"};
    workspace_set_names(m, fewer, 1);
    g_assert_cmpstr(m->workspace_names[0], ==, "only");
    g_assert_null(m->workspace_names[2]);
    wm_destroy(m);
}

static void test_transient_of_sticky_window_is_sticky(void)
{
    wm *m = wm_create(1280, 1024);
    workspace_set_count(m, 3);
    wm_client *p = scene_add(m, 1, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    wm_client *d = scene_add_transient(m, 2, 1);
    g_assert_cmpuint(d->workspace, ==, WM_ALL_WORKSPACES);
    g_assert_true(d->sticky_by_parent);
    /* The parent unstuck: the dialog goes with it. */
    workspace_move_client(m, p, 2);
    g_assert_cmpuint(d->workspace, ==, 2);
    g_assert_false(d->sticky_by_parent);
    /* Stuck again: so is the dialog. */
    workspace_move_client(m, p, WM_ALL_WORKSPACES);
    g_assert_cmpuint(d->workspace, ==, WM_ALL_WORKSPACES);
    g_assert_true(d->dirty & WM_DIRTY_DESKTOP);
    wm_destroy(m);
}

static void test_sticky_through_parent_ends_with_the_link(void)
{
    wm *m = wm_create(1280, 1024);
    workspace_set_count(m, 3);
    workspace_switch(m, 1);
    wm_client *p = scene_add(m, 1, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    wm_client *d = scene_add_transient(m, 2, 1);
    wm_client *own = scene_add_transient(m, 3, 1);
    g_assert_cmpuint(d->workspace, ==, WM_ALL_WORKSPACES);
    /* One dialog made sticky on its own account stays so. */
    workspace_move_client(m, own, WM_ALL_WORKSPACES);
    g_assert_false(own->sticky_by_parent);
    wm_remove_client(m, p);
    g_assert_cmpuint(d->workspace, ==, 1); /* the workspace shown */
    g_assert_false(d->sticky_by_parent);
    g_assert_cmpuint(own->workspace, ==, WM_ALL_WORKSPACES);
    wm_destroy(m);
}

static void test_dialog_moves_with_its_parent(void)
{
    wm *m = wm_create(1280, 1024);
    workspace_set_count(m, 3);
    wm_client *p = scene_add_normal(m, 1);
    wm_client *d = scene_add_transient(m, 2, 1);
    wm_client *dd = scene_add_transient(m, 3, 2);
    workspace_move_client(m, p, 2);
    g_assert_cmpuint(d->workspace, ==, 2);
    g_assert_cmpuint(dd->workspace, ==, 2);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/workspace/switch-marks-visibility-dirty", test_switch_marks_visibility_dirty);
    g_test_add_func("/workspace/switch-changes-visibility", test_switch_changes_visibility);
    g_test_add_func("/workspace/switch-focuses-mru-of-new-workspace",
                    test_switch_focuses_mru_of_new_workspace);
    g_test_add_func("/workspace/switch-to-empty-workspace-focuses-nobody",
                    test_switch_to_empty_workspace_focuses_nobody);
    g_test_add_func("/workspace/switch-to-current-or-missing-changes-nothing",
                    test_switch_to_current_or_missing_changes_nothing);
    g_test_add_func("/workspace/sticky-window-stays-visible-and-focused",
                    test_sticky_window_stays_visible_and_focused);
    g_test_add_func("/workspace/docks-visible-on-every-workspace",
                    test_docks_visible_on_every_workspace);
    g_test_add_func("/workspace/shrink-moves-windows-to-last-workspace",
                    test_shrink_moves_windows_to_last_workspace);
    g_test_add_func("/workspace/shrink-clamps-current-workspace",
                    test_shrink_clamps_current_workspace);
    g_test_add_func("/workspace/grow-keeps-windows-and-current",
                    test_grow_keeps_windows_and_current);
    g_test_add_func("/workspace/count-clamped-to-bounds", test_count_clamped_to_bounds);
    g_test_add_func("/workspace/same-count-changes-nothing", test_same_count_changes_nothing);
    g_test_add_func("/workspace/move-client-bounds", test_move_client_bounds);
    g_test_add_func("/workspace/move-focused-window-away-moves-focus",
                    test_move_focused_window_away_moves_focus);
    g_test_add_func("/workspace/move-last-focused-window-away-focuses-nobody",
                    test_move_last_focused_window_away_focuses_nobody);
    g_test_add_func("/workspace/move-focused-window-to-all-keeps-focus",
                    test_move_focused_window_to_all_keeps_focus);
    g_test_add_func("/workspace/move-unfocused-window-keeps-focus",
                    test_move_unfocused_window_keeps_focus);
    g_test_add_func("/workspace/show-desktop-hides-normal-windows-only",
                    test_show_desktop_hides_normal_windows_only);
    g_test_add_func("/workspace/show-desktop-off-refocuses-mru",
                    test_show_desktop_off_refocuses_mru);
    g_test_add_func("/workspace/switch-leaves-showing-desktop", test_switch_leaves_showing_desktop);
    g_test_add_func("/workspace/set-names-copies-them", test_set_names_copies_them);
    g_test_add_func("/workspace/transient-of-sticky-window-is-sticky",
                    test_transient_of_sticky_window_is_sticky);
    g_test_add_func("/workspace/sticky-through-parent-ends-with-the-link",
                    test_sticky_through_parent_ends_with_the_link);
    g_test_add_func("/workspace/dialog-moves-with-its-parent", test_dialog_moves_with_its_parent);
    return g_test_run();
}
