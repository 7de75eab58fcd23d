/*
 * Monitors and work areas (src/wm/monitor.c): struts shrink the work area
 * of the monitors they sit on and the screen-wide _NET_WORKAREA, a strut
 * that cannot be meant is ignored, maximized windows follow the work area
 * as struts come, move and go; and hot-plug: a monitor that goes takes its
 * windows to a remaining one at the same relative place.
 *
 * Frames add the model's default extents: 1 pixel left, right and bottom,
 * 20 at the top.
 */
#include <glib.h>

#include "scene.h"
#include "wm/wm.h"

static const wm_monitor *mon(const wm *m, guint i)
{
    g_assert_cmpuint(i, <, m->monitors->len);
    return &g_array_index(m->monitors, wm_monitor, i);
}

/* ---- work areas ---- */

static void test_single_monitor_is_the_screen(void)
{
    wm *m = wm_create(1280, 1024);
    g_assert_cmpuint(m->monitors->len, ==, 1);
    scene_assert_rect(mon(m, 0)->rect, 0, 0, 1280, 1024);
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(m->workarea, 0, 0, 1280, 1024);
    wm_destroy(m);
}

static void test_no_monitors_is_the_screen(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect two[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, two, 2);
    monitors_set(m, NULL, 0);
    g_assert_cmpuint(m->monitors->len, ==, 1);
    scene_assert_rect(mon(m, 0)->rect, 0, 0, 2560, 1024);
    scene_assert_rect(mon(m, 0)->work, 0, 0, 2560, 1024);
    wm_destroy(m);
}

static void test_top_panel_strut(void)
{
    wm *m = wm_create(1280, 1024);
    scene_clear_dirty(m);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    scene_assert_rect(mon(m, 0)->work, 0, 30, 1280, 994);
    scene_assert_rect(m->workarea, 0, 30, 1280, 994);
    scene_assert_rect(mon(m, 0)->rect, 0, 0, 1280, 1024);
    g_assert_true(m->dirty & WM_DIRTY_DESKTOPS);
    wm_destroy(m);
}

static void test_partial_left_strut_on_lower_of_two_stacked(void)
{
    wm *m = wm_create(1280, 2048);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {0, 1024, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.left = 48, .left_start = 1024, .left_end = 2047});
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(mon(m, 1)->work, 48, 1024, 1232, 1024);
    scene_assert_rect(m->workarea, 48, 0, 1232, 2048);
    wm_destroy(m);
}

static void test_left_strut_on_left_of_two_side_by_side(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.left = 48, .left_start = 0, .left_end = 1023});
    scene_assert_rect(mon(m, 0)->work, 48, 0, 1232, 1024);
    scene_assert_rect(mon(m, 1)->work, 1280, 0, 1280, 1024);
    scene_assert_rect(m->workarea, 48, 0, 2512, 1024);
    wm_destroy(m);
}

static void test_partial_top_strut_on_right_of_two_side_by_side(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 1280, .top_end = 2559});
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(mon(m, 1)->work, 1280, 30, 1280, 994);
    wm_destroy(m);
}

static void test_bottom_strut_on_shorter_monitor(void)
{
    /* The shorter monitor's bottom is 56 pixels above the root window's:
     * its 40-pixel panel reserves 96 from the root's bottom edge. */
    wm *m = wm_create(3200, 1080);
    const wm_rect mons[] = {{0, 0, 1920, 1080}, {1920, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.bottom = 96, .bottom_start = 1920, .bottom_end = 3199});
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1920, 1080);
    scene_assert_rect(mon(m, 1)->work, 1920, 0, 1280, 984);
    scene_assert_rect(m->workarea, 0, 0, 3200, 984);
    wm_destroy(m);
}

static void test_full_strut_covers_its_edge_of_every_monitor(void)
{
    /* _NET_WM_STRUT (no ranges) is decoded as a range over the whole edge. */
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 32767});
    scene_assert_rect(mon(m, 0)->work, 0, 30, 1280, 994);
    scene_assert_rect(mon(m, 1)->work, 1280, 30, 1280, 994);
    scene_assert_rect(m->workarea, 0, 30, 2560, 994);
    wm_destroy(m);
}

static void test_strut_larger_than_monitor_is_ignored(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_dock(m, 9, (wm_strut){.top = 2000, .top_start = 0, .top_end = 1279});
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(m->workarea, 0, 0, 1280, 1024);
    scene_add_dock(m, 10, (wm_strut){.left = 5000, .left_start = 0, .left_end = 1023});
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(m->workarea, 0, 0, 1280, 1024);
    /* A sane panel beside them still counts. */
    scene_add_dock(m, 11, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    scene_assert_rect(mon(m, 0)->work, 0, 30, 1280, 994);
    scene_assert_rect(m->workarea, 0, 30, 1280, 994);
    wm_destroy(m);
}

static void test_strut_reaching_past_first_monitor_shrinks_only_the_second(void)
{
    /* A dock on the inner edge of the right monitor can only say so as a
     * left strut from the root's edge: all of the left monitor plus its
     * own 48 pixels. The left monitor keeps its work area. */
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.left = 1328, .left_start = 0, .left_end = 1023});
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(mon(m, 1)->work, 1328, 0, 1232, 1024);
    wm_destroy(m);
}

static void test_workarea_is_screen_less_all_struts(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    scene_add_dock(m, 10, (wm_strut){.bottom = 40, .bottom_start = 1280, .bottom_end = 2559});
    scene_assert_rect(mon(m, 0)->work, 0, 30, 1280, 994);
    scene_assert_rect(mon(m, 1)->work, 1280, 0, 1280, 984);
    scene_assert_rect(m->workarea, 0, 30, 2560, 954);
    wm_destroy(m);
}

static void test_maximized_resizes_when_strut_appears(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    client_set_maximized(m, c, true, true);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    scene_clear_dirty(m);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    scene_assert_rect(c->geom, 1, 50, 1278, 973);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    wm_destroy(m);
}

static void test_maximized_resizes_when_strut_moves(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    client_set_maximized(m, c, true, true);
    wm_client *d = scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    scene_assert_rect(c->geom, 1, 50, 1278, 973);
    d->strut = (wm_strut){.left = 48, .left_start = 0, .left_end = 1023};
    workarea_update(m);
    scene_assert_rect(c->geom, 49, 20, 1230, 1003);
    d->strut = (wm_strut){.top = 60, .top_start = 0, .top_end = 1279};
    workarea_update(m);
    scene_assert_rect(c->geom, 1, 80, 1278, 943);
    wm_destroy(m);
}

static void test_maximized_resizes_when_strut_goes(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    client_set_maximized(m, c, true, true);
    wm_client *d = scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    scene_assert_rect(c->geom, 1, 50, 1278, 973);
    /* The dock drops its strut property... */
    d->has_strut = false;
    workarea_update(m);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    scene_assert_rect(m->workarea, 0, 0, 1280, 1024);
    /* ...or takes it back and then goes away. */
    d->has_strut = true;
    workarea_update(m);
    scene_assert_rect(c->geom, 1, 50, 1278, 973);
    wm_remove_client(m, d);
    workarea_update(m);
    scene_assert_rect(c->geom, 1, 20, 1278, 1003);
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(m->workarea, 0, 0, 1280, 1024);
    wm_destroy(m);
}

static void test_removing_dock_gives_space_back(void)
{
    /* Without a workarea_update() of the caller's: the model does it. */
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    client_set_maximized(m, c, true, false);
    wm_client *d = scene_add_dock(m, 9, (wm_strut){.left = 48, .left_start = 0, .left_end = 1023});
    scene_assert_rect(c->geom, 49, 100, 1230, 200);
    wm_remove_client(m, d);
    scene_assert_rect(mon(m, 0)->work, 0, 0, 1280, 1024);
    scene_assert_rect(c->geom, 1, 100, 1278, 200);
    wm_destroy(m);
}

static void test_tiled_resizes_when_strut_appears(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    client_set_tile(m, c, WM_TILE_RIGHT);
    scene_assert_rect(c->geom, 641, 20, 638, 1003);
    scene_add_dock(m, 9, (wm_strut){.left = 48, .left_start = 0, .left_end = 1023});
    /* The work area is 1232 wide from x 48: the right half is 616. */
    scene_assert_rect(c->geom, 665, 20, 614, 1003);
    wm_destroy(m);
}

static void test_maximized_follows_strut_of_its_own_monitor_only(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    wm_client *a = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    wm_client *b = scene_add_at(m, 2, WM_TYPE_NORMAL, (wm_rect){1400, 100, 300, 200});
    client_set_maximized(m, a, true, true);
    client_set_maximized(m, b, true, true);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 1280, .top_end = 2559});
    scene_assert_rect(a->geom, 1, 20, 1278, 1003);
    scene_assert_rect(b->geom, 1281, 50, 1278, 973);
    wm_destroy(m);
}

/* ---- hot-plug ---- */

/* A 1000x800 monitor and a 2000x1000 one to its right. */
static const wm_rect small_and_large[] = {{0, 0, 1000, 800}, {1000, 0, 2000, 1000}};

static void test_hotplug_removed_monitor_moves_windows_keeping_relative_place(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    /* Its frame a quarter of the way across and down the large monitor. */
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1501, 270, 300, 200});
    wm_client *stay = scene_add_at(m, 2, WM_TYPE_NORMAL, (wm_rect){101, 120, 300, 200});
    scene_clear_dirty(m);
    scene_monitors(m, small_and_large, 1);
    g_assert_cmpuint(m->monitors->len, ==, 1);
    scene_assert_rect(c->floating, 251, 220, 300, 200);
    scene_assert_rect(c->geom, 251, 220, 300, 200);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    scene_assert_rect(stay->floating, 101, 120, 300, 200);
    scene_assert_rect(stay->geom, 101, 120, 300, 200);
    wm_destroy(m);
}

static void test_hotplug_removed_first_monitor_moves_windows_to_the_other(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    /* Frame at a quarter of the small monitor: (250, 200). */
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){251, 220, 300, 200});
    scene_monitors(m, &small_and_large[1], 1);
    scene_assert_rect(c->geom, 1501, 270, 300, 200);
    wm_destroy(m);
}

static void test_hotplug_adding_back_leaves_windows_where_they_are(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1501, 270, 300, 200});
    scene_monitors(m, small_and_large, 1);
    scene_assert_rect(c->geom, 251, 220, 300, 200);
    scene_monitors(m, small_and_large, 2);
    g_assert_cmpuint(m->monitors->len, ==, 2);
    scene_assert_rect(c->floating, 251, 220, 300, 200);
    scene_assert_rect(c->geom, 251, 220, 300, 200);
    wm_destroy(m);
}

static void test_hotplug_window_partly_on_remaining_monitor_stays(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){901, 120, 300, 200});
    scene_monitors(m, small_and_large, 1);
    scene_assert_rect(c->geom, 901, 120, 300, 200);
    wm_destroy(m);
}

static void test_hotplug_maximized_follows_work_area_of_new_monitor(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 999});
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1501, 270, 300, 200});
    client_set_maximized(m, c, true, true);
    scene_assert_rect(c->geom, 1001, 20, 1998, 979);
    scene_monitors(m, small_and_large, 1);
    scene_assert_rect(mon(m, 0)->work, 0, 30, 1000, 770);
    scene_assert_rect(c->geom, 1, 50, 998, 749);
    scene_monitors(m, small_and_large, 2);
    scene_assert_rect(c->geom, 1, 50, 998, 749);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, 251, 220, 300, 200);
    wm_destroy(m);
}

static void test_hotplug_fullscreen_follows_to_remaining_monitor(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    wm_client *c = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1500, 250, 300, 200});
    client_set_fullscreen(m, c, true);
    scene_assert_rect(c->geom, 1000, 0, 2000, 1000);
    scene_monitors(m, small_and_large, 1);
    scene_assert_rect(c->geom, 0, 0, 1000, 800);
    client_set_fullscreen(m, c, false);
    scene_assert_rect(c->geom, 250, 200, 300, 200);
    wm_destroy(m);
}

static void test_hotplug_docks_do_not_move(void)
{
    wm *m = wm_create(3000, 1000);
    scene_monitors(m, small_and_large, 2);
    wm_client *d = scene_add_at(m, 9, WM_TYPE_DOCK, (wm_rect){1000, 0, 2000, 30});
    scene_monitors(m, small_and_large, 1);
    scene_assert_rect(d->floating, 1000, 0, 2000, 30);
    scene_assert_rect(d->geom, 1000, 0, 2000, 30);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* A failed rule fails its test; the other rules are still checked. */
    g_test_set_nonfatal_assertions();
    g_test_add_func("/monitor/single-monitor-is-the-screen", test_single_monitor_is_the_screen);
    g_test_add_func("/monitor/no-monitors-is-the-screen", test_no_monitors_is_the_screen);
    g_test_add_func("/monitor/workarea/top-panel-strut", test_top_panel_strut);
    g_test_add_func("/monitor/workarea/partial-left-strut-on-lower-of-two-stacked",
                    test_partial_left_strut_on_lower_of_two_stacked);
    g_test_add_func("/monitor/workarea/left-strut-on-left-of-two-side-by-side",
                    test_left_strut_on_left_of_two_side_by_side);
    g_test_add_func("/monitor/workarea/partial-top-strut-on-right-of-two-side-by-side",
                    test_partial_top_strut_on_right_of_two_side_by_side);
    g_test_add_func("/monitor/workarea/bottom-strut-on-shorter-monitor",
                    test_bottom_strut_on_shorter_monitor);
    g_test_add_func("/monitor/workarea/full-strut-covers-its-edge-of-every-monitor",
                    test_full_strut_covers_its_edge_of_every_monitor);
    g_test_add_func("/monitor/workarea/strut-larger-than-monitor-is-ignored",
                    test_strut_larger_than_monitor_is_ignored);
    g_test_add_func("/monitor/workarea/strut-reaching-past-first-monitor-shrinks-only-the-second",
                    test_strut_reaching_past_first_monitor_shrinks_only_the_second);
    g_test_add_func("/monitor/workarea/net-workarea-is-screen-less-all-struts",
                    test_workarea_is_screen_less_all_struts);
    g_test_add_func("/monitor/workarea/maximized-resizes-when-strut-appears",
                    test_maximized_resizes_when_strut_appears);
    g_test_add_func("/monitor/workarea/maximized-resizes-when-strut-moves",
                    test_maximized_resizes_when_strut_moves);
    g_test_add_func("/monitor/workarea/maximized-resizes-when-strut-goes",
                    test_maximized_resizes_when_strut_goes);
    g_test_add_func("/monitor/workarea/removing-dock-gives-space-back",
                    test_removing_dock_gives_space_back);
    g_test_add_func("/monitor/workarea/tiled-resizes-when-strut-appears",
                    test_tiled_resizes_when_strut_appears);
    g_test_add_func("/monitor/workarea/maximized-follows-strut-of-its-own-monitor-only",
                    test_maximized_follows_strut_of_its_own_monitor_only);
    g_test_add_func("/monitor/hotplug/removed-monitor-moves-windows-keeping-relative-place",
                    test_hotplug_removed_monitor_moves_windows_keeping_relative_place);
    g_test_add_func("/monitor/hotplug/removed-first-monitor-moves-windows-to-the-other",
                    test_hotplug_removed_first_monitor_moves_windows_to_the_other);
    g_test_add_func("/monitor/hotplug/adding-back-leaves-windows-where-they-are",
                    test_hotplug_adding_back_leaves_windows_where_they_are);
    g_test_add_func("/monitor/hotplug/window-partly-on-remaining-monitor-stays",
                    test_hotplug_window_partly_on_remaining_monitor_stays);
    g_test_add_func("/monitor/hotplug/maximized-follows-work-area-of-new-monitor",
                    test_hotplug_maximized_follows_work_area_of_new_monitor);
    g_test_add_func("/monitor/hotplug/fullscreen-follows-to-remaining-monitor",
                    test_hotplug_fullscreen_follows_to_remaining_monitor);
    g_test_add_func("/monitor/hotplug/docks-do-not-move", test_hotplug_docks_do_not_move);
    return g_test_run();
}
