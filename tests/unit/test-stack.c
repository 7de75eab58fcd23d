/*
 * Stacking: the layers, the order the user gives within a layer, transients
 * right above their parents, and the X stack modes of ConfigureRequest and
 * _NET_RESTACK_WINDOW. Scenes are checked through stack_compute(), the order
 * X is given, bottom to top.
 */
#include <glib.h>

#include "scene.h"
#include "wm/wm.h"

static void test_layers_bottom_to_top(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *fs = scene_add_normal(m, 6);
    fs->fullscreen = true;
    scene_add(m, 1, WM_TYPE_DOCK, 0);
    scene_add_normal(m, 2)->above = true;
    scene_add_normal(m, 3);
    scene_add_normal(m, 4)->below = true;
    scene_add(m, 5, WM_TYPE_DESKTOP, 0);
    focus_set(m, fs);
    /* desktop < below < normal < above < dock < focused fullscreen */
    scene_assert_ids(scene_stack(m), "5 4 3 2 1 6");
    wm_destroy(m);
}

static void test_dock_asking_below_is_in_below_layer(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add(m, 2, WM_TYPE_DOCK, 0)->below = true;
    scene_add_normal(m, 3)->below = true;
    scene_add(m, 4, WM_TYPE_DESKTOP, 0);
    scene_assert_ids(scene_stack(m), "4 2 3 1");
    wm_destroy(m);
}

static void test_fullscreen_above_docks_only_while_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = scene_add_normal(m, 1);
    f->fullscreen = true;
    scene_add(m, 2, WM_TYPE_DOCK, 0);
    wm_client *n = scene_add_normal(m, 3);

    focus_set(m, n);
    scene_assert_ids(scene_stack(m), "1 3 2");
    focus_set(m, f);
    scene_assert_ids(scene_stack(m), "3 2 1");
    focus_set(m, NULL);
    scene_assert_ids(scene_stack(m), "1 3 2");
    wm_destroy(m);
}

static void test_fullscreen_above_docks_while_its_transient_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = scene_add_normal(m, 1);
    f->fullscreen = true;
    scene_add(m, 2, WM_TYPE_DOCK, 0);
    wm_client *t = scene_add_transient(m, 3, 1);
    wm_client *n = scene_add_normal(m, 4);
    wm_client *t2 = scene_add_transient(m, 5, 3);

    focus_set(m, t);
    scene_assert_ids(scene_stack(m), "4 2 1 3 5");
    focus_set(m, t2);
    scene_assert_ids(scene_stack(m), "4 2 1 3 5");
    focus_set(m, n);
    scene_assert_ids(scene_stack(m), "1 3 5 4 2");
    wm_destroy(m);
}

static void test_stable_order_within_layer(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add(m, 2, WM_TYPE_DOCK, 0);
    scene_add_normal(m, 3);
    scene_add(m, 4, WM_TYPE_DOCK, 0);
    scene_add_normal(m, 5);
    scene_add_normal(m, 6)->above = true;
    scene_add_normal(m, 7)->above = true;
    scene_assert_ids(scene_stack(m), "1 3 5 6 7 2 4");
    wm_destroy(m);
}

static void test_raise_tops_its_layer_only(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    scene_add_normal(m, 3);
    scene_add(m, 4, WM_TYPE_DOCK, 0);
    scene_clear_dirty(m);
    stack_raise(m, a);
    scene_assert_ids(scene_ids(m->stack), "2 3 4 1");
    scene_assert_ids(scene_stack(m), "2 3 1 4");
    g_assert_true(m->dirty & WM_DIRTY_STACK);
    wm_destroy(m);
}

static void test_lower_bottoms_its_layer_only(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1)->below = true;
    scene_add_normal(m, 2);
    scene_add_normal(m, 3);
    wm_client *c = scene_add_normal(m, 4);
    scene_clear_dirty(m);
    stack_lower(m, c);
    scene_assert_ids(scene_ids(m->stack), "4 1 2 3");
    scene_assert_ids(scene_stack(m), "1 4 2 3");
    g_assert_true(m->dirty & WM_DIRTY_STACK);
    wm_destroy(m);
}

static void test_raise_transient_raises_parent_chain(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add_transient(m, 2, 1);
    wm_client *d2 = scene_add_transient(m, 3, 2);
    scene_add_normal(m, 4);
    scene_add_normal(m, 5);
    scene_assert_ids(scene_stack(m), "1 2 3 4 5");
    stack_raise(m, d2);
    scene_assert_ids(scene_ids(m->stack), "4 5 1 2 3");
    scene_assert_ids(scene_stack(m), "4 5 1 2 3");
    wm_destroy(m);
}

static void test_raise_transient_above_its_sibling_transient(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *d = scene_add_transient(m, 2, 1);
    scene_add_transient(m, 3, 1);
    scene_add_normal(m, 4);
    scene_assert_ids(scene_stack(m), "1 2 3 4");
    stack_raise(m, d);
    scene_assert_ids(scene_stack(m), "4 1 3 2");
    wm_destroy(m);
}

static void test_transient_right_above_parent(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    scene_add_transient(m, 3, 1);
    scene_assert_ids(scene_stack(m), "1 3 2");
    wm_destroy(m);
}

static void test_transient_managed_before_parent_goes_above_it(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *d = scene_add_transient(m, 3, 1);
    g_assert_null(d->transient_for);
    wm_client *p = scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    g_assert_true(d->transient_for == p);
    scene_assert_ids(scene_stack(m), "1 3 2");
    wm_destroy(m);
}

static void test_transient_follows_raised_parent(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *p = scene_add_normal(m, 1);
    scene_add_transient(m, 2, 1);
    scene_add_normal(m, 3);
    stack_raise(m, p);
    scene_assert_ids(scene_stack(m), "3 1 2");
    stack_lower(m, p);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_nested_transients_above_their_parents(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_transient(m, 4, 3); /* grandchild first */
    scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    scene_add_transient(m, 3, 1);
    scene_add_transient(m, 5, 1);
    /* 1's transients in user order: 4 is 3's, so 3's subtree (3 4), then 5 */
    scene_assert_ids(scene_stack(m), "1 3 4 5 2");
    wm_destroy(m);
}

static void test_transient_of_above_window_in_above_layer(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1)->above = true;
    scene_add_normal(m, 2);
    scene_add_transient(m, 3, 1);
    scene_add_normal(m, 4);
    scene_assert_ids(scene_stack(m), "2 4 1 3");
    wm_destroy(m);
}

static void test_transient_stays_with_parent_not_own_layer(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    scene_add_transient(m, 3, 1)->above = true;
    scene_add_normal(m, 4)->above = true;
    scene_assert_ids(scene_stack(m), "1 3 2 4");
    wm_destroy(m);
}

static void test_group_transient_above_topmost_window_of_group(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    a->leader = 100;
    scene_add_normal(m, 2);
    scene_add_normal(m, 3)->leader = 100;
    scene_add_normal(m, 4);
    scene_add_group_transient(m, 5, 100);
    scene_assert_ids(scene_stack(m), "1 2 3 5 4");
    stack_raise(m, a);
    scene_assert_ids(scene_stack(m), "2 3 4 1 5");
    wm_destroy(m);
}

static void test_group_transient_managed_first_goes_above_group(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_group_transient(m, 5, 100);
    scene_add_normal(m, 1)->leader = 100;
    scene_add_normal(m, 2);
    scene_assert_ids(scene_stack(m), "1 5 2");
    wm_destroy(m);
}

static void test_group_transient_without_group_tops_its_layer(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    scene_add_group_transient(m, 2, 100);
    scene_add_normal(m, 3);
    scene_add(m, 4, WM_TYPE_DOCK, 0);
    scene_assert_ids(scene_stack(m), "1 3 2 4");
    wm_destroy(m);
}

static void test_group_transient_keeps_its_transients_above_it(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1)->leader = 100;
    scene_add_normal(m, 2);
    scene_add_group_transient(m, 3, 100);
    scene_add_transient(m, 4, 3);
    scene_assert_ids(scene_stack(m), "1 3 4 2");
    wm_destroy(m);
}

static void test_group_transients_keep_user_order(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1)->leader = 100;
    wm_client *g1 = scene_add_group_transient(m, 2, 100);
    scene_add_group_transient(m, 3, 100);
    scene_add_normal(m, 4);
    /* Two dialogs of one group: the one managed later is on top, and
     * raising the other puts it on top, as for any two windows. Raising a
     * group's dialog brings its group up too (above 4), or the dialog,
     * shown right above its group, could stay hidden. */
    scene_assert_ids(scene_stack(m), "1 2 3 4");
    stack_raise(m, g1);
    scene_assert_ids(scene_stack(m), "4 1 3 2");
    wm_destroy(m);
}

static void test_transient_of_removed_parent_stays_stacked(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *p = scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    wm_client *d = scene_add_transient(m, 3, 1);
    scene_add_normal(m, 4);
    scene_assert_ids(scene_stack(m), "1 3 2 4");
    wm_remove_client(m, p);
    g_assert_null(d->transient_for);
    g_assert_cmpuint(d->transient_for_id, ==, 1);
    scene_assert_ids(scene_stack(m), "2 3 4");
    stack_raise(m, d);
    scene_assert_ids(scene_stack(m), "2 4 3");
    wm_destroy(m);
}

static void test_nested_transient_of_removed_middle_stays_stacked(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *d = scene_add_transient(m, 2, 1);
    wm_client *e = scene_add_transient(m, 3, 2);
    scene_add_normal(m, 4);
    wm_remove_client(m, d);
    g_assert_null(e->transient_for);
    scene_assert_ids(scene_stack(m), "1 3 4");
    wm_destroy(m);
}

/* Restacking. The windows of these scenes sit where overlap decides:
 * 1 and 2 overlap, 3 overlaps neither. */
static wm *restack_scene(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1)->geom = (wm_rect){0, 0, 100, 100};
    scene_add_normal(m, 2)->geom = (wm_rect){50, 50, 100, 100};
    scene_add_normal(m, 3)->geom = (wm_rect){600, 600, 100, 100};
    scene_clear_dirty(m);
    return m;
}

static void test_restack_above_sibling(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 3), wm_find(m, 1), WM_ABOVE);
    scene_assert_ids(scene_stack(m), "1 3 2");
    g_assert_true(m->dirty & WM_DIRTY_STACK);
    wm_destroy(m);
}

static void test_restack_above_sibling_from_below(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), wm_find(m, 2), WM_ABOVE);
    scene_assert_ids(scene_stack(m), "2 1 3");
    wm_destroy(m);
}

static void test_restack_below_sibling(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 3), wm_find(m, 1), WM_BELOW);
    scene_assert_ids(scene_stack(m), "3 1 2");
    wm_destroy(m);
}

static void test_restack_below_sibling_from_below(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), wm_find(m, 3), WM_BELOW);
    scene_assert_ids(scene_stack(m), "2 1 3");
    wm_destroy(m);
}

static void test_restack_below_sibling_right_above_is_no_change(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), wm_find(m, 2), WM_BELOW);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_above_without_sibling_raises(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), NULL, WM_ABOVE);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_above_without_sibling_raises_parent_chain(void)
{
    wm *m = restack_scene();
    wm_client *d = scene_add_transient(m, 4, 1);
    scene_assert_ids(scene_stack(m), "1 4 2 3");
    stack_restack(m, d, NULL, WM_ABOVE);
    scene_assert_ids(scene_stack(m), "2 3 1 4");
    wm_destroy(m);
}

static void test_restack_below_without_sibling_lowers(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 3), NULL, WM_BELOW);
    scene_assert_ids(scene_stack(m), "3 1 2");
    wm_destroy(m);
}

static void test_restack_sibling_itself_is_no_sibling(void)
{
    wm *m = restack_scene();
    wm_client *a = wm_find(m, 1);
    stack_restack(m, a, a, WM_ABOVE);
    scene_assert_ids(scene_stack(m), "2 3 1");
    stack_restack(m, a, a, WM_BELOW);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_top_if_raises_occluded(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_top_if_keeps_unoccluded(void)
{
    wm *m = restack_scene();
    /* 2 overlaps 1, but 1 is below it; 3 is above but far away. */
    stack_restack(m, wm_find(m, 2), NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_top_if_sibling_only(void)
{
    wm *m = restack_scene();
    wm_client *a = wm_find(m, 1);
    /* 2 occludes 1, but the sibling named is 3, which does not. */
    stack_restack(m, a, wm_find(m, 3), WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "1 2 3");
    stack_restack(m, a, wm_find(m, 2), WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_top_if_ignores_hidden_windows(void)
{
    wm *m = restack_scene();
    wm_find(m, 2)->workspace = 1;
    stack_restack(m, wm_find(m, 1), NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_touching_frames_do_not_overlap(void)
{
    wm *m = wm_create(1280, 1024);
    /* Frame of 1: x -1..100, y -20..100 (extents 1 1 20 1). */
    scene_add_normal(m, 1)->geom = (wm_rect){0, 0, 100, 100};
    wm_client *right = scene_add_normal(m, 2);
    right->geom = (wm_rect){102, 0, 100, 100}; /* frame starts at x 101 */
    wm_client *under = scene_add_normal(m, 3);
    under->geom = (wm_rect){0, 121, 100, 100}; /* frame starts at y 101 */
    stack_restack(m, wm_find(m, 1), NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "1 2 3");

    right->geom.x = 101; /* one pixel of overlap */
    stack_restack(m, wm_find(m, 1), NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_bottom_if_lowers_occluding(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 2), NULL, WM_BOTTOM_IF);
    scene_assert_ids(scene_stack(m), "2 1 3");
    wm_destroy(m);
}

static void test_restack_bottom_if_keeps_non_occluding(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 3), NULL, WM_BOTTOM_IF);
    scene_assert_ids(scene_stack(m), "1 2 3");
    /* 1 overlaps 2 but is below it, so it occludes nothing. */
    stack_restack(m, wm_find(m, 1), NULL, WM_BOTTOM_IF);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_bottom_if_sibling_only(void)
{
    wm *m = restack_scene();
    wm_client *b = wm_find(m, 2);
    stack_lower(m, wm_find(m, 3)); /* 3 1 2 */
    stack_restack(m, b, wm_find(m, 3), WM_BOTTOM_IF);
    scene_assert_ids(scene_stack(m), "3 1 2");
    stack_restack(m, b, wm_find(m, 1), WM_BOTTOM_IF);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_opposite_raises_occluded(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), NULL, WM_OPPOSITE);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_opposite_lowers_occluding(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 2), NULL, WM_OPPOSITE);
    scene_assert_ids(scene_stack(m), "2 1 3");
    wm_destroy(m);
}

static void test_restack_opposite_keeps_non_overlapping(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 3), NULL, WM_OPPOSITE);
    scene_assert_ids(scene_stack(m), "1 2 3");
    stack_restack(m, wm_find(m, 1), wm_find(m, 3), WM_OPPOSITE);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_opposite_sibling(void)
{
    wm *m = restack_scene();
    stack_restack(m, wm_find(m, 1), wm_find(m, 2), WM_OPPOSITE);
    scene_assert_ids(scene_stack(m), "2 3 1");
    stack_restack(m, wm_find(m, 1), wm_find(m, 2), WM_OPPOSITE);
    scene_assert_ids(scene_stack(m), "1 2 3");
    wm_destroy(m);
}

static void test_restack_bottom_if_judges_by_real_stacking(void)
{
    wm *m = wm_create(1280, 1024);
    /* A dock managed first over window 3: the dock is above 3 on screen,
     * so 3 occludes nothing and BottomIf must leave it. */
    scene_add(m, 1, WM_TYPE_DOCK, 0)->geom = (wm_rect){50, 50, 100, 100};
    scene_add_normal(m, 2)->geom = (wm_rect){600, 600, 100, 100};
    wm_client *c = scene_add_normal(m, 3);
    c->geom = (wm_rect){0, 0, 100, 100};
    scene_assert_ids(scene_stack(m), "2 3 1");
    stack_restack(m, c, NULL, WM_BOTTOM_IF);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_restack_top_if_judges_by_real_stacking(void)
{
    wm *m = wm_create(1280, 1024);
    /* Window 2 is in the below layer, under 1 on screen though managed
     * later: 1 is not occluded and TopIf must leave it. */
    wm_client *c = scene_add_normal(m, 1);
    c->geom = (wm_rect){0, 0, 100, 100};
    wm_client *b = scene_add_normal(m, 2);
    b->geom = (wm_rect){50, 50, 100, 100};
    b->below = true;
    scene_add_normal(m, 3)->geom = (wm_rect){600, 600, 100, 100};
    scene_assert_ids(scene_stack(m), "2 1 3");
    stack_restack(m, c, NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "2 1 3");
    wm_destroy(m);
}

static void test_restack_top_if_sees_window_above_transient(void)
{
    wm *m = wm_create(1280, 1024);
    /* The dialog 3 of window 1 is managed after 2 but shown right above 1,
     * so 2 is above it on screen and overlaps it: TopIf must raise it. */
    scene_add_normal(m, 1)->geom = (wm_rect){0, 0, 100, 100};
    scene_add_normal(m, 2)->geom = (wm_rect){50, 50, 100, 100};
    wm_client *d = scene_add_transient(m, 3, 1);
    d->geom = (wm_rect){60, 60, 50, 50};
    scene_assert_ids(scene_stack(m), "1 3 2");
    stack_restack(m, d, NULL, WM_TOP_IF);
    scene_assert_ids(scene_stack(m), "2 1 3");
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/stack/layers-bottom-to-top", test_layers_bottom_to_top);
    g_test_add_func("/stack/dock-asking-below-is-in-below-layer",
                    test_dock_asking_below_is_in_below_layer);
    g_test_add_func("/stack/fullscreen-above-docks-only-while-focused",
                    test_fullscreen_above_docks_only_while_focused);
    g_test_add_func("/stack/fullscreen-above-docks-while-its-transient-focused",
                    test_fullscreen_above_docks_while_its_transient_focused);
    g_test_add_func("/stack/stable-order-within-layer", test_stable_order_within_layer);
    g_test_add_func("/stack/raise-tops-its-layer-only", test_raise_tops_its_layer_only);
    g_test_add_func("/stack/lower-bottoms-its-layer-only", test_lower_bottoms_its_layer_only);
    g_test_add_func("/stack/raise-transient-raises-parent-chain",
                    test_raise_transient_raises_parent_chain);
    g_test_add_func("/stack/raise-transient-above-its-sibling-transient",
                    test_raise_transient_above_its_sibling_transient);
    g_test_add_func("/stack/transient-right-above-parent", test_transient_right_above_parent);
    g_test_add_func("/stack/transient-managed-before-parent-goes-above-it",
                    test_transient_managed_before_parent_goes_above_it);
    g_test_add_func("/stack/transient-follows-raised-parent", test_transient_follows_raised_parent);
    g_test_add_func("/stack/nested-transients-above-their-parents",
                    test_nested_transients_above_their_parents);
    g_test_add_func("/stack/transient-of-above-window-in-above-layer",
                    test_transient_of_above_window_in_above_layer);
    g_test_add_func("/stack/transient-stays-with-parent-not-own-layer",
                    test_transient_stays_with_parent_not_own_layer);
    g_test_add_func("/stack/group-transient-above-topmost-window-of-group",
                    test_group_transient_above_topmost_window_of_group);
    g_test_add_func("/stack/group-transient-managed-first-goes-above-group",
                    test_group_transient_managed_first_goes_above_group);
    g_test_add_func("/stack/group-transient-without-group-tops-its-layer",
                    test_group_transient_without_group_tops_its_layer);
    g_test_add_func("/stack/group-transient-keeps-its-transients-above-it",
                    test_group_transient_keeps_its_transients_above_it);
    g_test_add_func("/stack/group-transients-keep-user-order",
                    test_group_transients_keep_user_order);
    g_test_add_func("/stack/transient-of-removed-parent-stays-stacked",
                    test_transient_of_removed_parent_stays_stacked);
    g_test_add_func("/stack/nested-transient-of-removed-middle-stays-stacked",
                    test_nested_transient_of_removed_middle_stays_stacked);
    g_test_add_func("/stack/restack-above-sibling", test_restack_above_sibling);
    g_test_add_func("/stack/restack-above-sibling-from-below",
                    test_restack_above_sibling_from_below);
    g_test_add_func("/stack/restack-below-sibling", test_restack_below_sibling);
    g_test_add_func("/stack/restack-below-sibling-from-below",
                    test_restack_below_sibling_from_below);
    g_test_add_func("/stack/restack-below-sibling-right-above-is-no-change",
                    test_restack_below_sibling_right_above_is_no_change);
    g_test_add_func("/stack/restack-above-without-sibling-raises",
                    test_restack_above_without_sibling_raises);
    g_test_add_func("/stack/restack-above-without-sibling-raises-parent-chain",
                    test_restack_above_without_sibling_raises_parent_chain);
    g_test_add_func("/stack/restack-below-without-sibling-lowers",
                    test_restack_below_without_sibling_lowers);
    g_test_add_func("/stack/restack-sibling-itself-is-no-sibling",
                    test_restack_sibling_itself_is_no_sibling);
    g_test_add_func("/stack/restack-top-if-raises-occluded", test_restack_top_if_raises_occluded);
    g_test_add_func("/stack/restack-top-if-keeps-unoccluded", test_restack_top_if_keeps_unoccluded);
    g_test_add_func("/stack/restack-top-if-sibling-only", test_restack_top_if_sibling_only);
    g_test_add_func("/stack/restack-top-if-ignores-hidden-windows",
                    test_restack_top_if_ignores_hidden_windows);
    g_test_add_func("/stack/restack-touching-frames-do-not-overlap",
                    test_restack_touching_frames_do_not_overlap);
    g_test_add_func("/stack/restack-bottom-if-lowers-occluding",
                    test_restack_bottom_if_lowers_occluding);
    g_test_add_func("/stack/restack-bottom-if-keeps-non-occluding",
                    test_restack_bottom_if_keeps_non_occluding);
    g_test_add_func("/stack/restack-bottom-if-sibling-only", test_restack_bottom_if_sibling_only);
    g_test_add_func("/stack/restack-opposite-raises-occluded",
                    test_restack_opposite_raises_occluded);
    g_test_add_func("/stack/restack-opposite-lowers-occluding",
                    test_restack_opposite_lowers_occluding);
    g_test_add_func("/stack/restack-opposite-keeps-non-overlapping",
                    test_restack_opposite_keeps_non_overlapping);
    g_test_add_func("/stack/restack-opposite-sibling", test_restack_opposite_sibling);
    g_test_add_func("/stack/restack-bottom-if-judges-by-real-stacking",
                    test_restack_bottom_if_judges_by_real_stacking);
    g_test_add_func("/stack/restack-top-if-judges-by-real-stacking",
                    test_restack_top_if_judges_by_real_stacking);
    g_test_add_func("/stack/restack-top-if-sees-window-above-transient",
                    test_restack_top_if_sees_window_above_transient);
    return g_test_run();
}
