/*
 * Window states (src/wm/state.c): where maximize, fullscreen (with
 * _NET_WM_FULLSCREEN_MONITORS) and tile put a window, that leaving them
 * restores the floating place however many changes came in between,
 * fixed-size windows, shading, minimizing, the allowed actions, requests
 * from the client, and the autofullscreen rule.
 *
 * Frames add the model's default extents: 1 pixel left, right and bottom,
 * 20 at the top. A window floating at (100,100) 300x200 has its frame at
 * (99,80) 302x221.
 */
#include <glib.h>
#include <string.h>

#include "scene.h"
#include "wm/wm.h"

static const wm_rect floating = {100, 100, 300, 200};

static wm_client *add_floating(wm *m, uint32_t id)
{
    return scene_add_at(m, id, WM_TYPE_NORMAL, floating);
}

#define assert_floating_shown(c) scene_assert_rect((c)->geom, 100, 100, 300, 200)

/* Three monitors side by side; the middle one wider and taller. */
static const wm_rect three[] = {{0, 0, 1280, 1024}, {1280, 0, 1920, 1080}, {3200, 0, 1280, 1024}};

/* ---- maximize ---- */

static void test_maximize_both_fills_work_area(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    scene_clear_dirty(m);
    client_set_maximized(m, c, true, true);
    g_assert_true(c->max_h && c->max_v);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    scene_assert_rect(client_frame_rect(m, c), 0, 0, 1280, 1024);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    g_assert_true(c->dirty & WM_DIRTY_STATE);
    wm_destroy(m);
}

static void test_maximize_horizontally_keeps_height(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, false);
    scene_assert_rect(c->geom, 1, 100, 1278, 200);
    wm_destroy(m);
}

static void test_maximize_vertically_keeps_width(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, false, true);
    scene_assert_rect(c->geom, 100, 20, 300, 1003);
    wm_destroy(m);
}

static void test_maximize_on_the_window_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){3300, 100, 300, 200});
    client_set_maximized(m, c, true, true);
    scene_assert_rect(c->geom, 3201, 20, 1278, 1003);
    wm_destroy(m);
}

static void test_maximize_respects_maximum_size(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.max_w = 800, .max_h = 600};
    client_set_maximized(m, c, true, true);
    g_assert_true(c->max_h && c->max_v);
    scene_assert_rect(c->geom, 1, 20, 800, 600);
    wm_destroy(m);
}

static void test_maximize_ignores_increments(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.base_w = 4, .base_h = 4, .inc_w = 7, .inc_h = 13};
    client_set_maximized(m, c, true, true);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    wm_destroy(m);
}

/* ---- fullscreen ---- */

static void test_fullscreen_covers_the_window_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1500, 100, 300, 200});
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 1280, 0, 1920, 1080);
    scene_assert_rect(client_frame_rect(m, c), 1280, 0, 1920, 1080);
    wm_destroy(m);
}

static void test_fullscreen_covers_struts(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    wm_client *c = add_floating(m, 1);
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    wm_destroy(m);
}

static void test_fullscreen_spans_fullscreen_monitors(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    c->has_fs_monitors = true;
    /* top, bottom, left, right */
    const uint32_t all[4] = {1, 1, 0, 2};
    memcpy(c->fs_monitors, all, sizeof all);
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 0, 0, 4480, 1080);
    const uint32_t right_two[4] = {1, 1, 1, 2};
    memcpy(c->fs_monitors, right_two, sizeof right_two);
    client_relayout(m, c);
    scene_assert_rect(c->geom, 1280, 0, 3200, 1080);
    const uint32_t one[4] = {2, 2, 2, 2};
    memcpy(c->fs_monitors, one, sizeof one);
    client_relayout(m, c);
    scene_assert_rect(c->geom, 3200, 0, 1280, 1024);
    wm_destroy(m);
}

static void test_fullscreen_spans_stacked_monitors(void)
{
    wm *m = wm_create(1, 1);
    const wm_rect stacked[] = {{0, 0, 1280, 1024}, {0, 1024, 1280, 1024}};
    scene_monitors(m, stacked, 2);
    wm_client *c = add_floating(m, 1);
    c->has_fs_monitors = true;
    const uint32_t both[4] = {0, 1, 0, 0};
    memcpy(c->fs_monitors, both, sizeof both);
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 0, 0, 1280, 2048);
    wm_destroy(m);
}

static void test_fullscreen_out_of_range_monitors_fall_back(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1500, 100, 300, 200});
    c->has_fs_monitors = true;
    const uint32_t bad[4] = {0, 0, 0, 3};
    memcpy(c->fs_monitors, bad, sizeof bad);
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 1280, 0, 1920, 1080);
    const uint32_t huge[4] = {0xFFFFFFFFu, 0, 0, 0};
    memcpy(c->fs_monitors, huge, sizeof huge);
    client_relayout(m, c);
    scene_assert_rect(c->geom, 1280, 0, 1920, 1080);
    /* Left of the span to the right of its right end: no span either. */
    const uint32_t inverted[4] = {0, 0, 2, 0};
    memcpy(c->fs_monitors, inverted, sizeof inverted);
    client_relayout(m, c);
    scene_assert_rect(c->geom, 1280, 0, 1920, 1080);
    wm_destroy(m);
}

/* ---- tile ---- */

static void test_tile_left_half_of_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1500, 100, 300, 200});
    client_set_tile(m, c, WM_TILE_LEFT);
    g_assert_cmpint(c->tile, ==, WM_TILE_LEFT);
    scene_assert_rect(client_frame_rect(m, c), 1280, 0, 960, 1080);
    scene_assert_rect(c->geom, 1281, 20, 958, 1059);
    wm_destroy(m);
}

static void test_tile_right_half_of_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1500, 100, 300, 200});
    client_set_tile(m, c, WM_TILE_RIGHT);
    scene_assert_rect(client_frame_rect(m, c), 2240, 0, 960, 1080);
    scene_assert_rect(c->geom, 2241, 20, 958, 1059);
    wm_destroy(m);
}

/* ---- leaving a state restores the floating place ---- */

static void test_unmaximize_restores_floating(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    client_set_maximized(m, c, false, false);
    g_assert_false(c->max_h || c->max_v);
    assert_floating_shown(c);
    client_set_maximized(m, c, true, false);
    client_set_maximized(m, c, false, false);
    assert_floating_shown(c);
    wm_destroy(m);
}

static void test_unfullscreen_restores_floating(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    client_set_fullscreen(m, c, false);
    g_assert_false(c->fullscreen);
    assert_floating_shown(c);
    scene_assert_rect(client_frame_rect(m, c), 99, 80, 302, 221);
    wm_destroy(m);
}

static void test_untile_restores_floating(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_tile(m, c, WM_TILE_LEFT);
    scene_assert_rect(c->geom, 1, 20, 638, 1003);
    client_set_tile(m, c, WM_TILE_RIGHT);
    scene_assert_rect(c->geom, 641, 20, 638, 1003);
    client_set_tile(m, c, WM_TILE_NONE);
    assert_floating_shown(c);
    wm_destroy(m);
}

static void test_restore_across_several_changes(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);

    client_set_maximized(m, c, true, true);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    client_set_fullscreen(m, c, false);
    assert_floating_shown(c);

    client_set_fullscreen(m, c, true);
    client_set_maximized(m, c, true, true);
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    client_set_fullscreen(m, c, false);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    client_set_maximized(m, c, true, false);
    scene_assert_rect(c->geom, 1, 100, 1278, 200);
    client_set_maximized(m, c, false, true);
    scene_assert_rect(c->geom, 100, 20, 300, 1003);
    client_set_maximized(m, c, false, false);
    assert_floating_shown(c);

    client_set_tile(m, c, WM_TILE_LEFT);
    client_set_maximized(m, c, true, true);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    client_set_fullscreen(m, c, true);
    client_set_fullscreen(m, c, false);
    client_set_maximized(m, c, false, false);
    assert_floating_shown(c);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    wm_destroy(m);
}

static void test_tile_replaces_maximize(void)
{
    /* Maximize and tile exclude each other: maximizing a tiled window
     * untiles it, and tiling a maximized one unmaximizes it, so that
     * _NET_WM_STATE never says maximized while it shows half the monitor,
     * and untiling brings back the floating place. */
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    client_set_tile(m, c, WM_TILE_LEFT);
    scene_assert_rect(c->geom, 1, 20, 638, 1003);
    g_assert_false(c->max_h);
    g_assert_false(c->max_v);
    client_set_tile(m, c, WM_TILE_NONE);
    assert_floating_shown(c);
    wm_destroy(m);
}

/* ---- fixed size, allowed actions ---- */

static void make_fixed(wm_client *c)
{
    c->hints = (wm_size_hints){.min_w = 300, .min_h = 200, .max_w = 300, .max_h = 200};
}

static void test_fixed_size_cannot_be_maximized(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    make_fixed(c);
    g_assert_true(client_fixed_size(c));
    client_set_maximized(m, c, true, true);
    client_set_maximized(m, c, true, false);
    client_set_maximized(m, c, false, true);
    g_assert_false(c->max_h || c->max_v);
    assert_floating_shown(c);
    client_set_tile(m, c, WM_TILE_LEFT);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    assert_floating_shown(c);
    wm_destroy(m);
}

static void test_fixed_size_needs_both_dimensions(void)
{
    wm_client *c = client_create(1);
    c->hints = (wm_size_hints){.min_w = 300, .min_h = 200, .max_w = 300, .max_h = 0};
    g_assert_false(client_fixed_size(c));
    c->hints = (wm_size_hints){.min_w = 300, .min_h = 200, .max_w = 300, .max_h = 201};
    g_assert_false(client_fixed_size(c));
    c->hints = (wm_size_hints){0};
    g_assert_false(client_fixed_size(c));
    client_destroy(c);
}

#define ALL_ACTIONS 0xFFFu
#define SIZE_ACTIONS                                                                               \
    (WM_ACTION_RESIZE | WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT | WM_ACTION_FULLSCREEN)

static void test_allowed_actions_of_normal_window(void)
{
    wm_client *c = client_create(1);
    g_assert_cmphex(client_allowed_actions(c), ==, ALL_ACTIONS);
    client_destroy(c);
}

static void test_allowed_actions_of_fixed_size_window(void)
{
    wm_client *c = client_create(1);
    make_fixed(c);
    g_assert_cmphex(client_allowed_actions(c), ==, ALL_ACTIONS & ~SIZE_ACTIONS);
    client_destroy(c);
}

static void test_allowed_actions_of_docks_and_undecorated(void)
{
    wm_client *c = client_create(1);
    c->type = WM_TYPE_DOCK;
    g_assert_cmphex(client_allowed_actions(c), ==,
                    WM_ACTION_CLOSE | WM_ACTION_CHANGE_DESKTOP | WM_ACTION_STICK);
    c->type = WM_TYPE_NORMAL;
    c->undecorated = true;
    g_assert_cmphex(client_allowed_actions(c), ==, ALL_ACTIONS & ~WM_ACTION_SHADE);
    client_destroy(c);
}

/* ---- shade, minimize ---- */

static void test_shaded_frame_is_only_the_title(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    scene_clear_dirty(m);
    client_set_shaded(m, c, true);
    g_assert_true(c->shaded);
    /* The title strip and the frame's bottom edge under it. */
    scene_assert_rect(client_frame_rect(m, c), 99, 80, 302, 21);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    g_assert_true(c->dirty & WM_DIRTY_STATE);
    assert_floating_shown(c);
    client_set_shaded(m, c, false);
    scene_assert_rect(client_frame_rect(m, c), 99, 80, 302, 221);
    wm_destroy(m);
}

static void test_undecorated_cannot_be_shaded(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    c->undecorated = true;
    client_set_shaded(m, c, true);
    g_assert_false(c->shaded);
    scene_assert_rect(client_frame_rect(m, c), 100, 100, 300, 200);
    wm_destroy(m);
}

static void test_minimize_moves_focus_to_next_mru(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add_floating(m, 1);
    wm_client *b = add_floating(m, 2);
    wm_client *c = add_floating(m, 3);
    focus_set(m, b);
    focus_set(m, a);
    focus_set(m, c);
    scene_assert_ids(scene_ids(m->mru), "3 1 2");
    scene_clear_dirty(m);
    client_set_minimized(m, c, true);
    g_assert_true(c->minimized);
    g_assert_true(m->focused == a);
    g_assert_true(c->dirty & WM_DIRTY_VISIBLE);
    g_assert_true(c->dirty & WM_DIRTY_STATE);
    g_assert_true(m->dirty & WM_DIRTY_FOCUS);
    wm_destroy(m);
}

static void test_minimize_never_focuses_a_minimized_window(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add_floating(m, 1);
    wm_client *b = add_floating(m, 2);
    wm_client *c = add_floating(m, 3);
    focus_set(m, b);
    focus_set(m, c);
    focus_set(m, a);
    /* c goes, then a: the next in MRU order is c, minimized; b follows. */
    client_set_minimized(m, c, true);
    g_assert_true(m->focused == a);
    client_set_minimized(m, a, true);
    g_assert_cmpuint(m->focused ? m->focused->id : 0, ==, 2);
    client_set_minimized(m, b, true);
    g_assert_null(m->focused);
    wm_destroy(m);
}

static void test_minimize_unfocused_keeps_focus(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = add_floating(m, 1);
    wm_client *b = add_floating(m, 2);
    focus_set(m, a);
    client_set_minimized(m, b, true);
    g_assert_true(m->focused == a);
    client_set_minimized(m, b, false);
    g_assert_false(b->minimized);
    g_assert_true(m->focused == a);
    wm_destroy(m);
}

/* ---- requests ---- */

static void test_request_applies_size_hints_and_reachability(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.min_w = 400, .min_h = 300};
    client_request_geometry(m, c, (wm_rect){-1000, 100, 100, 100});
    /* Frame (-1001,80) 402x321 off the left edge: 64 pixels come back. */
    scene_assert_rect(c->floating, -337, 100, 400, 300);
    scene_assert_rect(c->geom, -337, 100, 400, 300);
    wm_destroy(m);
}

static void test_move_repaints_no_frame(void)
{
    /* The frame's look depends on its size and states, not its place: a
     * window moved 1000 times must not have its frame drawn 1000 times. */
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    c->dirty = 0;
    client_request_geometry(m, c, (wm_rect){140, 120, 300, 200});
    g_assert_cmpuint(c->dirty, ==, WM_DIRTY_GEOMETRY);
    c->dirty = 0;
    client_request_geometry(m, c, (wm_rect){140, 120, 310, 200});
    g_assert_cmpuint(c->dirty & (WM_DIRTY_GEOMETRY | WM_DIRTY_DECOR), ==,
                     WM_DIRTY_GEOMETRY | WM_DIRTY_DECOR);
    c->dirty = 0;
    client_set_maximized(m, c, true, true);
    g_assert_cmpuint(c->dirty & WM_DIRTY_DECOR, ==, WM_DIRTY_DECOR);
    wm_destroy(m);
}

static void test_request_while_maximized_sets_where_unmaximize_goes(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    client_request_geometry(m, c, (wm_rect){200, 300, 400, 250});
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, 200, 300, 400, 250);
    wm_destroy(m);
}

static void test_request_changing_nothing_owes_synthetic_configure(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    scene_clear_dirty(m);
    client_request_geometry(m, c, floating);
    g_assert_true(c->dirty & WM_DIRTY_SYNTHETIC);
    assert_floating_shown(c);
    wm_destroy(m);
}

static void test_request_of_dock_is_taken_as_is(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *d = scene_add_at(m, 9, WM_TYPE_DOCK, (wm_rect){0, 0, 1280, 30});
    d->hints = (wm_size_hints){.min_w = 2000};
    client_request_geometry(m, d, (wm_rect){-5000, 994, 1280, 30});
    scene_assert_rect(d->geom, -5000, 994, 1280, 30);
    wm_destroy(m);
}

/* ---- autofullscreen ---- */

static wm_client *legacy_window(wm *m)
{
    wm_client *c = add_floating(m, 1);
    c->undecorated = true;
    return c;
}

static void test_autofullscreen_undecorated_exact_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = legacy_window(m);
    for (size_t i = 0; i < G_N_ELEMENTS(three); i++)
        g_assert_true(policy_autofullscreen(m, c, three[i]));
    wm_destroy(m);
}

static void test_autofullscreen_off_when_switched_off(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = legacy_window(m);
    g_assert_true(m->autofullscreen);
    g_assert_true(policy_autofullscreen(m, c, (wm_rect){0, 0, 1280, 1024}));
    m->autofullscreen = false;
    g_assert_false(policy_autofullscreen(m, c, (wm_rect){0, 0, 1280, 1024}));
    wm_destroy(m);
}

static void test_autofullscreen_never_for_decorated(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    g_assert_false(policy_autofullscreen(m, c, (wm_rect){0, 0, 1280, 1024}));
    wm_destroy(m);
}

static void test_autofullscreen_never_for_other_rects(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, three, 3);
    wm_client *c = legacy_window(m);
    static const wm_rect others[] = {
        {0, 0, 1279, 1024},    {1, 0, 1280, 1024},   {0, 0, 1280, 1023},
        {0, 1, 1280, 1024},    {0, 0, 4480, 1080},   {0, 0, 3200, 1080},
        {1280, 0, 1920, 1024}, {100, 100, 300, 200}, {3200, 0, 1280, 1080},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(others); i++)
        g_assert_false(policy_autofullscreen(m, c, others[i]));
    wm_destroy(m);
}

/* ---- client-side decorations (_GTK_FRAME_EXTENTS) ---- */

/* A GTK-like CSD window: an X window of 340x240 with a shadow of 20 left
 * and right, 15 at the top and 25 at the bottom, so 300x200 of it shows.
 * Managed at (100,100) with a frame, it loses the frame and keeps its
 * northwest corner: its window goes to (99,80). */
static const wm_extents shadow = {20, 20, 15, 25};

static wm_client *add_csd(wm *m, uint32_t id)
{
    wm_client *c = scene_add_at(m, id, WM_TYPE_NORMAL, (wm_rect){100, 100, 340, 240});
    g_assert_true(client_set_csd(m, c, true, shadow));
    return c;
}

static void test_csd_gets_no_frame(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_csd(m, 1);
    g_assert_true(client_undecorated(c));
    g_assert_false(c->undecorated); /* _MOTIF_WM_HINTS said nothing */
    wm_extents e = client_extents(m, c);
    g_assert_cmpint(e.left + e.right + e.top + e.bottom, ==, 0);
    g_assert_false(client_allowed_actions(c) & WM_ACTION_SHADE);
    /* The frame went and, with northwest gravity, the window took the
     * frame's corner, (99,80), as ICCCM asks; what shows is inside it. */
    scene_assert_rect(c->floating, 99, 80, 340, 240);
    scene_assert_rect(client_visible_rect(m, c), 119, 95, 300, 200);
    /* Zero margins (GTK while maximized) still mean no frame. */
    g_assert_true(client_set_csd(m, c, true, (wm_extents){0, 0, 0, 0}));
    g_assert_true(client_undecorated(c));
    wm_destroy(m);
}

static void test_csd_maximized_visible_part_fills_work_area(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    wm_client *c = add_csd(m, 1);
    wm_rect was = c->floating;
    client_set_maximized(m, c, true, true);
    scene_assert_rect(client_visible_rect(m, c), 0, 30, 1280, 994);
    /* The X window is bigger by the shadow, past the work area. */
    scene_assert_rect(c->geom, -20, 15, 1320, 1034);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, was.x, was.y, was.w, was.h);
    wm_destroy(m);
}

static void test_csd_maximized_one_way_keeps_the_other(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_csd(m, 1);
    wm_rect v = client_visible_rect(m, c);
    client_set_maximized(m, c, true, false);
    scene_assert_rect(client_visible_rect(m, c), 0, v.y, 1280, v.h);
    wm_destroy(m);
}

static void test_csd_tiled_visible_part_fills_half(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_csd(m, 1);
    client_set_tile(m, c, WM_TILE_LEFT);
    scene_assert_rect(client_visible_rect(m, c), 0, 0, 640, 1024);
    scene_assert_rect(c->geom, -20, -15, 680, 1064);
    client_set_tile(m, c, WM_TILE_RIGHT);
    scene_assert_rect(client_visible_rect(m, c), 640, 0, 640, 1024);
    wm_destroy(m);
}

static void test_csd_margins_change_while_maximized_relayouts(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_csd(m, 1);
    client_set_maximized(m, c, true, true);
    scene_clear_dirty(m);
    /* GTK takes its shadow away once it sees it is maximized. */
    g_assert_true(client_set_csd(m, c, true, (wm_extents){0, 0, 0, 0}));
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    g_assert_true(client_set_csd(m, c, true, shadow));
    scene_assert_rect(c->geom, -20, -15, 1320, 1064);
    scene_assert_rect(client_visible_rect(m, c), 0, 0, 1280, 1024);
    wm_destroy(m);
}

static void test_csd_fullscreen_ignores_margins(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    wm_client *c = add_csd(m, 1);
    client_set_fullscreen(m, c, true);
    /* GTK drops the shadow when fullscreen; before it says so, the old
     * margins must not shrink the monitor. */
    scene_assert_rect(c->geom, 0, 0, 1280, 1024);
    scene_assert_rect(client_visible_rect(m, c), 0, 0, 1280, 1024);
    client_set_fullscreen(m, c, false);
    scene_assert_rect(c->geom, c->floating.x, c->floating.y, 340, 240);
    wm_destroy(m);
}

static void test_csd_margins_larger_than_window_are_ignored(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 340, 240});
    /* The decoder clamps 100000 to 1024: still more than the window. */
    g_assert_false(client_set_csd(m, c, true, (wm_extents){1024, 1024, 1024, 1024}));
    g_assert_false(c->csd);
    g_assert_false(client_undecorated(c));
    scene_assert_rect(client_visible_rect(m, c), 99, 80, 342, 261);
    /* Exactly nothing left: refused; one pixel left: taken. */
    g_assert_false(client_set_csd(m, c, true, (wm_extents){170, 170, 0, 0}));
    g_assert_false(client_set_csd(m, c, true, (wm_extents){0, 0, 0, 240}));
    g_assert_true(client_set_csd(m, c, true, (wm_extents){170, 169, 0, 239}));
    scene_assert_rect(client_visible_rect(m, c), c->floating.x + 170, c->floating.y, 1, 1);
    /* A hostile change after a good one drops the property. */
    g_assert_false(client_set_csd(m, c, true, (wm_extents){0, 0, 1024, 1024}));
    g_assert_false(c->csd);
    client_set_maximized(m, c, true, true);
    scene_assert_rect(client_frame_rect(m, c), 0, 0, 1280, 1024);
    wm_destroy(m);
}

static void test_csd_window_shrunk_below_margins_shows_whole(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_csd(m, 1);
    client_request_geometry(m, c, (wm_rect){100, 100, 30, 30});
    wm_extents s = client_csd_margins(c);
    g_assert_cmpint(s.left + s.right + s.top + s.bottom, ==, 0);
    scene_assert_rect(client_visible_rect(m, c), 100, 100, 30, 30);
    wm_destroy(m);
}

static void test_csd_reachable_by_visible_top(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_csd(m, 1);
    /* Only the shadow is above the screen: left alone. */
    client_request_geometry(m, c, (wm_rect){100, -10, 340, 240});
    scene_assert_rect(c->geom, 100, -10, 340, 240);
    /* What shows starts above it: moved down just enough. */
    client_request_geometry(m, c, (wm_rect){100, -40, 340, 240});
    scene_assert_rect(client_visible_rect(m, c), 120, 0, 300, 200);
    wm_destroy(m);
}

/* ---- the theme's frame sizes ---- */

static void test_maximized_frame_uses_its_own_extents(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    wm_set_frame_extents(m, (wm_extents){1, 1, 38, 1}, (wm_extents){0, 0, 37, 0});
    scene_assert_rect(client_frame_rect(m, c), 99, 62, 302, 239);
    client_set_maximized(m, c, true, true);
    /* No side borders: the client fills the width under a 37 px strip. */
    scene_assert_rect(c->geom, 0, 37, 1280, 987);
    scene_assert_rect(client_frame_rect(m, c), 0, 0, 1280, 1024);
    client_set_maximized(m, c, true, false);
    /* Maximized one way only keeps the normal borders. */
    wm_extents e = client_extents(m, c);
    g_assert_cmpint(e.left, ==, 1);
    g_assert_cmpint(e.top, ==, 38);
    wm_destroy(m);
}

static void test_maximized_at_map_restores_to_the_requested_frame(void)
{
    /* A window mapped maximized asks for its frame at (100, 80)
     * (NorthWest gravity): the floating place is figured with the normal
     * frame, so restoring puts the frame there, not a border off. */
    wm *m = wm_create(1280, 1024);
    wm_set_frame_extents(m, (wm_extents){1, 1, 38, 1}, (wm_extents){0, 0, 37, 0});
    wm_client *c = client_create(1);
    c->max_h = c->max_v = true;
    client_place_with_gravity(m, c, (wm_rect){100, 80, 400, 300});
    wm_add_client(m, c);
    client_relayout(m, c);
    scene_assert_rect(client_frame_rect(m, c), 0, 0, 1280, 1024);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(client_frame_rect(m, c), 100, 80, 402, 339);
    /* And back to the client it asks for when it leaves. */
    wm_rect back = client_unplace_with_gravity(m, c);
    scene_assert_rect(back, 100, 80, 400, 300);
    wm_destroy(m);
}

static void test_new_theme_keeps_client_in_place(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = add_floating(m, 1);
    wm_client *mx = add_floating(m, 2);
    client_set_maximized(m, mx, true, true);
    scene_clear_dirty(m);
    wm_set_frame_extents(m, (wm_extents){3, 3, 40, 3}, (wm_extents){0, 0, 40, 0});
    assert_floating_shown(c);
    scene_assert_rect(client_frame_rect(m, c), 97, 60, 306, 243);
    g_assert_true(c->dirty & WM_DIRTY_DECOR);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY); /* its frame changed */
    /* The maximized one is laid out again for the new strip. */
    scene_assert_rect(mx->geom, 0, 40, 1280, 984);
    g_assert_true(mx->dirty & WM_DIRTY_GEOMETRY);
    /* The same sizes again change nothing. */
    scene_clear_dirty(m);
    wm_set_frame_extents(m, (wm_extents){3, 3, 40, 3}, (wm_extents){0, 0, 40, 0});
    g_assert_cmpuint(c->dirty, ==, 0);
    wm_destroy(m);
}

static void test_taller_strip_keeps_title_reachable(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 20, 300, 200});
    wm_set_frame_extents(m, (wm_extents){1, 1, 60, 1}, (wm_extents){0, 0, 60, 0});
    /* The frame would start above the screen: it comes down. */
    g_assert_cmpint(client_frame_rect(m, c).y, >=, 0);
    wm_destroy(m);
}

static void test_layer_change_goes_on_top_of_the_new_layer(void)
{
    /* Mutter's always-on-top.metatest: 3 made always on top and back
     * ends on top of the normal windows, whatever was raised meanwhile. */
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    wm_client *c = scene_add_normal(m, 3);
    stack_raise(m, a);
    scene_assert_ids(scene_stack(m), "2 3 1");
    client_set_above_below(m, c, true, false);
    scene_assert_ids(scene_stack(m), "2 1 3");
    stack_raise(m, b);
    scene_assert_ids(scene_stack(m), "1 2 3");
    client_set_above_below(m, c, false, false);
    scene_assert_ids(scene_stack(m), "1 2 3");
    stack_raise(m, a);
    scene_assert_ids(scene_stack(m), "2 3 1");
    client_set_above_below(m, a, true, true); /* both: above wins */
    g_assert_true(a->above);
    g_assert_false(a->below);
    client_set_above_below(m, b, false, true);
    scene_assert_ids(scene_stack(m), "2 3 1");
    wm_destroy(m);
}

static void test_client_resize_keeps_an_onscreen_window_onscreen(void)
{
    wm *m = wm_create(800, 600);
    wm_client *c = scene_add_normal(m, 1);
    c->floating = (wm_rect){300, 200, 500, 400};
    client_relayout(m, c);
    c->keep_onscreen = client_fully_onscreen(m, c);
    g_assert_false(c->keep_onscreen); /* 800 + borders: past the edge */
    c->floating = (wm_rect){100, 100, 300, 200};
    client_relayout(m, c);
    c->keep_onscreen = client_fully_onscreen(m, c);
    g_assert_true(c->keep_onscreen);
    client_request_geometry(m, c, (wm_rect){100, 100, 750, 550});
    wm_rect f = rect_grow(c->floating, client_visible_extents(m, c));
    g_assert_cmpint(f.x + f.w, <=, 800);
    g_assert_cmpint(f.y + f.h, <=, 600);
    g_assert_cmpint(c->floating.w, ==, 750);
    /* Too big to fit: left where it is. */
    client_request_geometry(m, c, (wm_rect){c->floating.x, c->floating.y, 900, 550});
    g_assert_cmpint(c->floating.w, ==, 900);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* A failed rule fails its test; the other rules are still checked. */
    g_test_set_nonfatal_assertions();
    g_test_add_func("/state/maximize/both-fills-work-area", test_maximize_both_fills_work_area);
    g_test_add_func("/state/maximize/horizontally-keeps-height",
                    test_maximize_horizontally_keeps_height);
    g_test_add_func("/state/maximize/vertically-keeps-width", test_maximize_vertically_keeps_width);
    g_test_add_func("/state/maximize/on-the-window-monitor", test_maximize_on_the_window_monitor);
    g_test_add_func("/state/maximize/respects-maximum-size", test_maximize_respects_maximum_size);
    g_test_add_func("/state/maximize/ignores-increments", test_maximize_ignores_increments);
    g_test_add_func("/state/fullscreen/covers-the-window-monitor",
                    test_fullscreen_covers_the_window_monitor);
    g_test_add_func("/state/fullscreen/covers-struts", test_fullscreen_covers_struts);
    g_test_add_func("/state/fullscreen/spans-fullscreen-monitors",
                    test_fullscreen_spans_fullscreen_monitors);
    g_test_add_func("/state/fullscreen/spans-stacked-monitors",
                    test_fullscreen_spans_stacked_monitors);
    g_test_add_func("/state/fullscreen/out-of-range-monitors-fall-back",
                    test_fullscreen_out_of_range_monitors_fall_back);
    g_test_add_func("/state/tile/left-half-of-monitor", test_tile_left_half_of_monitor);
    g_test_add_func("/state/tile/right-half-of-monitor", test_tile_right_half_of_monitor);
    g_test_add_func("/state/restore/unmaximize-restores-floating",
                    test_unmaximize_restores_floating);
    g_test_add_func("/state/restore/unfullscreen-restores-floating",
                    test_unfullscreen_restores_floating);
    g_test_add_func("/state/restore/untile-restores-floating", test_untile_restores_floating);
    g_test_add_func("/state/restore/across-several-changes", test_restore_across_several_changes);
    g_test_add_func("/state/restore/tile-replaces-maximize", test_tile_replaces_maximize);
    g_test_add_func("/state/fixed-size/cannot-be-maximized", test_fixed_size_cannot_be_maximized);
    g_test_add_func("/state/fixed-size/needs-both-dimensions",
                    test_fixed_size_needs_both_dimensions);
    g_test_add_func("/state/allowed-actions/normal-window", test_allowed_actions_of_normal_window);
    g_test_add_func("/state/allowed-actions/fixed-size-window",
                    test_allowed_actions_of_fixed_size_window);
    g_test_add_func("/state/allowed-actions/docks-and-undecorated",
                    test_allowed_actions_of_docks_and_undecorated);
    g_test_add_func("/state/shade/frame-is-only-the-title", test_shaded_frame_is_only_the_title);
    g_test_add_func("/state/shade/undecorated-cannot-be-shaded", test_undecorated_cannot_be_shaded);
    g_test_add_func("/state/minimize/moves-focus-to-next-mru",
                    test_minimize_moves_focus_to_next_mru);
    g_test_add_func("/state/minimize/never-focuses-a-minimized-window",
                    test_minimize_never_focuses_a_minimized_window);
    g_test_add_func("/state/minimize/unfocused-keeps-focus", test_minimize_unfocused_keeps_focus);
    g_test_add_func("/state/request/applies-size-hints-and-reachability",
                    test_request_applies_size_hints_and_reachability);
    g_test_add_func("/state/request/while-maximized-sets-where-unmaximize-goes",
                    test_request_while_maximized_sets_where_unmaximize_goes);
    g_test_add_func("/state/request/changing-nothing-owes-synthetic-configure",
                    test_request_changing_nothing_owes_synthetic_configure);
    g_test_add_func("/state/request/of-dock-is-taken-as-is", test_request_of_dock_is_taken_as_is);
    g_test_add_func("/state/autofullscreen/undecorated-exact-monitor",
                    test_autofullscreen_undecorated_exact_monitor);
    g_test_add_func("/state/autofullscreen/off-when-switched-off",
                    test_autofullscreen_off_when_switched_off);
    g_test_add_func("/state/autofullscreen/never-for-decorated",
                    test_autofullscreen_never_for_decorated);
    g_test_add_func("/state/autofullscreen/never-for-other-rects",
                    test_autofullscreen_never_for_other_rects);
    g_test_add_func("/state/csd/gets-no-frame", test_csd_gets_no_frame);
    g_test_add_func("/state/csd/maximized-visible-part-fills-work-area",
                    test_csd_maximized_visible_part_fills_work_area);
    g_test_add_func("/state/csd/maximized-one-way-keeps-the-other",
                    test_csd_maximized_one_way_keeps_the_other);
    g_test_add_func("/state/csd/tiled-visible-part-fills-half",
                    test_csd_tiled_visible_part_fills_half);
    g_test_add_func("/state/csd/margins-change-while-maximized-relayouts",
                    test_csd_margins_change_while_maximized_relayouts);
    g_test_add_func("/state/csd/fullscreen-ignores-margins", test_csd_fullscreen_ignores_margins);
    g_test_add_func("/state/csd/margins-larger-than-window-are-ignored",
                    test_csd_margins_larger_than_window_are_ignored);
    g_test_add_func("/state/csd/window-shrunk-below-margins-shows-whole",
                    test_csd_window_shrunk_below_margins_shows_whole);
    g_test_add_func("/state/csd/reachable-by-visible-top", test_csd_reachable_by_visible_top);
    g_test_add_func("/state/theme/maximized-frame-uses-its-own-extents",
                    test_maximized_frame_uses_its_own_extents);
    g_test_add_func("/state/request/move-repaints-no-frame", test_move_repaints_no_frame);
    g_test_add_func("/state/theme/maximized-at-map-restores-to-the-requested-frame",
                    test_maximized_at_map_restores_to_the_requested_frame);
    g_test_add_func("/state/theme/new-theme-keeps-client-in-place",
                    test_new_theme_keeps_client_in_place);
    g_test_add_func("/state/theme/taller-strip-keeps-title-reachable",
                    test_taller_strip_keeps_title_reachable);
    g_test_add_func("/state/client-resize-keeps-an-onscreen-window-onscreen",
                    test_client_resize_keeps_an_onscreen_window_onscreen);
    g_test_add_func("/state/layer-change-goes-on-top-of-the-new-layer",
                    test_layer_change_goes_on_top_of_the_new_layer);
    return g_test_run();
}
