/*
 * The constraint rules of src/wm/constraints.c, one test per rule: ICCCM
 * size hints, the title strip that must stay reachable, fitting inside an
 * area, maximize, tile, centring, the monitor a rectangle is on; then two
 * property tests that throw thousands of random requests, size hints and
 * monitor layouts at client_request_geometry(). Their seed is printed and
 * PURR_TEST_SEED replays one.
 */
#include <glib.h>
#include <stdlib.h>

#include "scene.h"
#include "wm/wm.h"

/* constrain_size() on a copy, the result as "wxh". */
static char *sized(wm_size_hints h, int w, int hh, bool increments)
{
    constrain_size(&h, &w, &hh, increments);
    return g_strdup_printf("%dx%d", w, hh);
}

#define assert_sized(hints, w, h, increments, expected)                                            \
    do {                                                                                           \
        g_autofree char *sized_got_ = sized((hints), (w), (h), (increments));                      \
        g_assert_cmpstr(sized_got_, ==, (expected));                                               \
    } while (0)

/* ---- size hints ---- */

static void test_size_no_hints_keeps_request(void)
{
    wm_size_hints h = {0};
    assert_sized(h, 300, 200, true, "300x200");
    assert_sized(h, 1, 1, true, "1x1");
}

static void test_size_minimum_raises(void)
{
    wm_size_hints h = {.min_w = 400, .min_h = 300};
    assert_sized(h, 100, 50, true, "400x300");
    assert_sized(h, 100, 500, false, "400x500");
    assert_sized(h, 401, 301, true, "401x301");
}

static void test_size_maximum_lowers(void)
{
    wm_size_hints h = {.max_w = 500, .max_h = 400};
    assert_sized(h, 800, 600, true, "500x400");
    assert_sized(h, 499, 600, false, "499x400");
}

static void test_size_absent_maximum_is_unbounded(void)
{
    wm_size_hints h = {.min_w = 10, .min_h = 10};
    assert_sized(h, 5000, 3000, true, "5000x3000");
    /* One maximum given, the other absent: only the given one bounds. */
    h.max_h = 300;
    assert_sized(h, 5000, 5000, true, "5000x300");
    h = (wm_size_hints){.max_w = 300};
    assert_sized(h, 5000, 5000, true, "300x5000");
}

static void test_size_minimum_above_maximum_gives_minimum(void)
{
    wm_size_hints h = {.min_w = 400, .min_h = 300, .max_w = 200, .max_h = 100};
    assert_sized(h, 250, 150, true, "400x300");
    assert_sized(h, 50, 50, true, "400x300");
    assert_sized(h, 1000, 1000, true, "400x300");
    assert_sized(h, 1000, 1000, false, "400x300");
}

static void test_size_base_stands_in_for_absent_minimum(void)
{
    wm_size_hints h = {.base_w = 100, .base_h = 80};
    assert_sized(h, 50, 50, true, "100x80");
    assert_sized(h, 150, 90, true, "150x90");
}

static void test_size_increments_round_down_from_base(void)
{
    wm_size_hints h = {.base_w = 4, .base_h = 6, .inc_w = 10, .inc_h = 20};
    assert_sized(h, 127, 99, true, "124x86");
    assert_sized(h, 124, 86, true, "124x86");
    assert_sized(h, 133, 105, true, "124x86");
}

static void test_size_increments_from_minimum_when_no_base(void)
{
    /* ICCCM: a missing base size is the minimum size. */
    wm_size_hints h = {.min_w = 20, .min_h = 30, .inc_w = 8, .inc_h = 16};
    assert_sized(h, 99, 100, true, "92x94");
}

static void test_size_increments_respect_minimum(void)
{
    wm_size_hints h = {
        .base_w = 4, .base_h = 6, .min_w = 30, .min_h = 50, .inc_w = 10, .inc_h = 20};
    assert_sized(h, 31, 51, true, "34x66");
    assert_sized(h, 1, 1, true, "34x66");
}

static void test_size_increments_respect_maximum(void)
{
    wm_size_hints h = {
        .base_w = 5, .base_h = 5, .max_w = 100, .max_h = 100, .inc_w = 10, .inc_h = 10};
    assert_sized(h, 200, 200, true, "95x95");
    assert_sized(h, 95, 95, true, "95x95");
}

static void test_size_increments_only_when_asked(void)
{
    /* Filling an area (maximize, tile) passes increments = false. */
    wm_size_hints h = {.base_w = 4, .base_h = 6, .inc_w = 10, .inc_h = 20};
    assert_sized(h, 127, 99, false, "127x99");
}

static void test_size_increment_zero_or_one_is_one_pixel(void)
{
    wm_size_hints h = {.base_w = 4, .base_h = 6, .inc_w = 0, .inc_h = 0};
    assert_sized(h, 127, 99, true, "127x99");
    h.inc_w = h.inc_h = 1;
    assert_sized(h, 127, 99, true, "127x99");
    h.inc_w = 1;
    h.inc_h = 0;
    assert_sized(h, 127, 99, true, "127x99");
}

static void test_size_increments_without_base_or_minimum_never_give_1(void)
{
    /* No base, no minimum: the sizes are 1, 2, 3... times the increment.
     * Rounding 5 down gives 0, which is no size; the smallest step is. */
    wm_size_hints h = {.inc_w = 10, .inc_h = 10};
    assert_sized(h, 5, 5, true, "10x10");
    assert_sized(h, 25, 25, true, "20x20");
}

static void test_size_fixed_size_with_increments_keeps_its_size(void)
{
    /* min == max, with increments that do not divide it from the base:
     * the only size allowed is the fixed one. */
    wm_size_hints h = {.base_w = 4,
                       .base_h = 4,
                       .min_w = 300,
                       .min_h = 200,
                       .max_w = 300,
                       .max_h = 200,
                       .inc_w = 7,
                       .inc_h = 13};
    assert_sized(h, 300, 200, true, "300x200");
    assert_sized(h, 640, 480, true, "300x200");
}

static void test_size_unmeetable_increments_keep_min_and_max(void)
{
    /* From base 1 in steps of 50 (1, 51, 101, 151) none lies in 105..110:
     * the limits win over the increments. */
    wm_size_hints h = {.base_w = 1,
                       .base_h = 1,
                       .min_w = 105,
                       .min_h = 105,
                       .max_w = 110,
                       .max_h = 110,
                       .inc_w = 50,
                       .inc_h = 50};
    int w = 108, hh = 108;
    constrain_size(&h, &w, &hh, true);
    g_assert_cmpint(w, >=, 105);
    g_assert_cmpint(w, <=, 110);
    g_assert_cmpint(hh, >=, 105);
    g_assert_cmpint(hh, <=, 110);
}

static void test_max_side_is_twice_the_screen(void)
{
    g_assert_cmpint(constrain_max_side(1920), ==, 3840);
    g_assert_cmpint(constrain_max_side(3584), ==, 7168);
    g_assert_cmpint(constrain_max_side(600), ==, 2048); /* small screens still allow 2048 */
    g_assert_cmpint(constrain_max_side(20000), ==, WM_MAX_SIZE); /* never beyond X's limit */
    g_assert_cmpint(constrain_max_side(0), ==, 2048);
}

static void test_size_aspect_too_wide_is_narrowed(void)
{
    wm_size_hints h = {.max_aspect_num = 4, .max_aspect_den = 3};
    assert_sized(h, 800, 300, true, "400x300");
    assert_sized(h, 400, 300, true, "400x300");
    assert_sized(h, 300, 300, true, "300x300");
}

static void test_size_aspect_too_tall_is_shortened(void)
{
    wm_size_hints h = {.min_aspect_num = 4, .min_aspect_den = 3};
    assert_sized(h, 400, 600, true, "400x300");
    assert_sized(h, 800, 300, true, "800x300");
}

static void test_size_aspect_exact_ratio(void)
{
    wm_size_hints h = {
        .min_aspect_num = 16, .min_aspect_den = 9, .max_aspect_num = 16, .max_aspect_den = 9};
    assert_sized(h, 1600, 1600, true, "1600x900");
    assert_sized(h, 3200, 900, true, "1600x900");
}

static void test_size_aspect_subtracts_base(void)
{
    /* ICCCM: the base size comes off before the ratio is checked. */
    wm_size_hints h = {.base_w = 100,
                       .base_h = 50,
                       .min_aspect_num = 1,
                       .min_aspect_den = 1,
                       .max_aspect_num = 1,
                       .max_aspect_den = 1};
    assert_sized(h, 400, 500, true, "400x350");
    assert_sized(h, 600, 250, true, "300x250");
}

static void test_size_aspect_with_a_zero_term_is_ignored(void)
{
    static const int terms[][4] = {{0, 0, 0, 0}, {4, 0, 4, 0}, {0, 3, 0, 3}, {0, 0, 1, 0}};
    for (size_t i = 0; i < G_N_ELEMENTS(terms); i++) {
        wm_size_hints h = {.min_aspect_num = terms[i][0],
                           .min_aspect_den = terms[i][1],
                           .max_aspect_num = terms[i][2],
                           .max_aspect_den = terms[i][3]};
        assert_sized(h, 800, 300, true, "800x300");
        assert_sized(h, 300, 800, true, "300x800");
    }
}

static void test_size_result_within_1_and_max_size(void)
{
    wm_size_hints h = {0};
    assert_sized(h, 0, -5, true, "1x1");
    assert_sized(h, -100000, 0, false, "1x1");
    assert_sized(h, 40000, 99999, true, "32767x32767");
    h = (wm_size_hints){.min_w = 40000, .min_h = 40000};
    assert_sized(h, 100, 100, true, "32767x32767");
    h = (wm_size_hints){.max_w = 40000, .max_h = 40000};
    assert_sized(h, 50000, 50000, true, "32767x32767");
    h = (wm_size_hints){.base_w = 7, .inc_w = 40000};
    assert_sized(h, 50000, 10, true, "7x10");
}

/* ---- the title strip stays reachable ---- */

#define TITLE 20

static void test_reachable_visible_window_unchanged(void)
{
    wm *m = wm_create(1280, 1024);
    /* Partly off every edge, but 64 pixels of its title strip show. */
    static const wm_rect ok[] = {
        {100, 100, 300, 200}, {-236, 100, 300, 200}, {1216, 100, 300, 200},
        {0, 1004, 300, 200},  {-100, 0, 1480, 2000}, {1240, 500, 40, 10},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(ok); i++) {
        wm_rect r = constrain_reachable(m, ok[i], TITLE);
        scene_assert_rect(r, ok[i].x, ok[i].y, ok[i].w, ok[i].h);
    }
    wm_destroy(m);
}

static void test_reachable_off_left_shows_minimum(void)
{
    wm *m = wm_create(1280, 1024);
    scene_assert_rect(constrain_reachable(m, (wm_rect){-500, 100, 300, 200}, TITLE), -236, 100, 300,
                      200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){-237, 100, 300, 200}, TITLE), -236, 100, 300,
                      200);
    wm_destroy(m);
}

static void test_reachable_off_right_shows_minimum(void)
{
    wm *m = wm_create(1280, 1024);
    scene_assert_rect(constrain_reachable(m, (wm_rect){1300, 100, 300, 200}, TITLE), 1216, 100, 300,
                      200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){1217, 100, 300, 200}, TITLE), 1216, 100, 300,
                      200);
    wm_destroy(m);
}

static void test_reachable_above_top_comes_down(void)
{
    wm *m = wm_create(1280, 1024);
    scene_assert_rect(constrain_reachable(m, (wm_rect){100, -50, 300, 200}, TITLE), 100, 0, 300,
                      200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){100, -1, 300, 200}, TITLE), 100, 0, 300,
                      200);
    wm_destroy(m);
}

static void test_reachable_only_title_rows_count_at_bottom(void)
{
    wm *m = wm_create(1280, 1024);
    /* The title strip must show whole; the body may hang below. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){100, 1100, 300, 200}, TITLE), 100, 1004, 300,
                      200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){100, 1005, 300, 200}, TITLE), 100, 1004, 300,
                      200);
    /* Undecorated: one row is its title strip. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){100, 1100, 300, 200}, 0), 100, 1023, 300,
                      200);
    wm_destroy(m);
}

static void test_reachable_narrow_window_shows_whole_width(void)
{
    wm *m = wm_create(1280, 1024);
    scene_assert_rect(constrain_reachable(m, (wm_rect){-100, 100, 40, 30}, TITLE), 0, 100, 40, 30);
    scene_assert_rect(constrain_reachable(m, (wm_rect){1250, 100, 40, 30}, TITLE), 1240, 100, 40,
                      30);
    wm_destroy(m);
}

static void test_reachable_far_corner_comes_back(void)
{
    wm *m = wm_create(1280, 1024);
    scene_assert_rect(constrain_reachable(m, (wm_rect){-30000, -30000, 300, 200}, TITLE), -236, 0,
                      300, 200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){30000, 30000, 300, 200}, TITLE), 1216, 1004,
                      300, 200);
    wm_destroy(m);
}

static void test_reachable_two_side_by_side(void)
{
    wm *m = wm_create(1280, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1920, 1080}};
    scene_monitors(m, mons, 2);
    /* On the second monitor, or across both: left alone. */
    static const wm_rect ok[] = {
        {2000, 1050, 300, 200}, /* below the first monitor's bottom, on the second */
        {1200, 100, 300, 200},  /* across the seam */
        {3136, 100, 300, 200},  /* 64 pixels on the second's right edge */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(ok); i++)
        scene_assert_rect(constrain_reachable(m, ok[i], TITLE), ok[i].x, ok[i].y, ok[i].w, ok[i].h);
    /* Off the right of the second: back onto the second, not the first. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){3300, 100, 300, 200}, TITLE), 3136, 100, 300,
                      200);
    /* Below the first (whose bottom is higher): up onto the first. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){100, 1100, 300, 200}, TITLE), 100, 1004, 300,
                      200);
    /* Its title strip below the first's bottom, on no monitor, while its
     * body overlaps the first: onto the first. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){900, 1010, 300, 200}, TITLE), 900, 1004, 300,
                      200);
    wm_destroy(m);
}

static void test_reachable_two_stacked(void)
{
    wm *m = wm_create(1280, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {0, 1024, 1920, 1080}};
    scene_monitors(m, mons, 2);
    /* Right of the top monitor, beside the wider bottom one: no monitor
     * shows it; its nearest is the top one. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){1400, 100, 300, 200}, TITLE), 1216, 100, 300,
                      200);
    /* Below the bottom monitor: up onto it. */
    scene_assert_rect(constrain_reachable(m, (wm_rect){1500, 2200, 300, 200}, TITLE), 1500, 2084,
                      300, 200);
    wm_destroy(m);
}

static void test_reachable_off_every_monitor_comes_back_to_nearest(void)
{
    /* Two equal monitors: a window far beyond each comes back to it. */
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_assert_rect(constrain_reachable(m, (wm_rect){-900, 3000, 300, 200}, TITLE), -236, 1004,
                      300, 200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){4000, -3000, 300, 200}, TITLE), 2496, 0, 300,
                      200);
    scene_assert_rect(constrain_reachable(m, (wm_rect){1400, 2000, 300, 200}, TITLE), 1400, 1004,
                      300, 200);
    wm_destroy(m);
}

static void test_reachable_off_every_monitor_goes_to_nearest_edge(void)
{
    /* A large monitor and a small laptop panel to its right, tops aligned:
     * below the panel lies a corner of the screen no monitor shows. A
     * window there, 10 pixels right of the large monitor and 532 below
     * the panel, comes back onto the large monitor: 64 pixels of its title
     * strip move in over the edge it nearly touches. */
    wm *m = wm_create(3926, 1440);
    const wm_rect mons[] = {{0, 0, 2560, 1440}, {2560, 0, 1366, 768}};
    scene_monitors(m, mons, 2);
    scene_assert_rect(constrain_reachable(m, (wm_rect){2570, 1300, 100, 50}, TITLE), 2496, 1300,
                      100, 50);
    wm_destroy(m);
}

/* ---- inside an area, centring, maximize, tile ---- */

static void test_inside_fitting_frame_unchanged(void)
{
    wm_rect area = {0, 30, 1280, 994};
    scene_assert_rect(constrain_inside(area, (wm_rect){100, 100, 300, 200}), 100, 100, 300, 200);
    scene_assert_rect(constrain_inside(area, (wm_rect){0, 30, 1280, 994}), 0, 30, 1280, 994);
}

static void test_inside_moves_frame_back_in(void)
{
    wm_rect area = {0, 30, 1280, 994};
    scene_assert_rect(constrain_inside(area, (wm_rect){1100, 900, 300, 200}), 980, 824, 300, 200);
    scene_assert_rect(constrain_inside(area, (wm_rect){-50, 0, 300, 200}), 0, 30, 300, 200);
    scene_assert_rect(constrain_inside(area, (wm_rect){-5000, 5000, 300, 200}), 0, 824, 300, 200);
}

static void test_inside_too_big_keeps_top_left_in(void)
{
    wm_rect area = {100, 30, 800, 600};
    scene_assert_rect(constrain_inside(area, (wm_rect){500, 500, 1000, 700}), 100, 30, 1000, 700);
    scene_assert_rect(constrain_inside(area, (wm_rect){-500, -500, 1000, 700}), 100, 30, 1000, 700);
}

static void test_centre_on(void)
{
    scene_assert_rect(rect_centre_on((wm_rect){100, 100, 800, 600}, (wm_rect){0, 0, 200, 100}), 400,
                      350, 200, 100);
    /* Larger than what it is centred on: it overhangs evenly. */
    scene_assert_rect(rect_centre_on((wm_rect){100, 100, 200, 100}, (wm_rect){7, 7, 400, 300}), 0,
                      0, 400, 300);
    scene_assert_rect(rect_centre_on((wm_rect){1280, 0, 1920, 1080}, (wm_rect){0, 0, 301, 201}),
                      2089, 439, 301, 201);
}

static void test_maximize_both(void)
{
    wm_rect work = {0, 30, 1280, 994};
    scene_assert_rect(constrain_maximize(work, (wm_rect){100, 100, 300, 200}, true, true), 0, 30,
                      1280, 994);
}

static void test_maximize_horizontally(void)
{
    wm_rect work = {0, 30, 1280, 994};
    scene_assert_rect(constrain_maximize(work, (wm_rect){100, 100, 300, 200}, true, false), 0, 100,
                      1280, 200);
}

static void test_maximize_vertically(void)
{
    wm_rect work = {0, 30, 1280, 994};
    scene_assert_rect(constrain_maximize(work, (wm_rect){100, 100, 300, 200}, false, true), 100, 30,
                      300, 994);
}

static void test_maximize_neither_is_unchanged(void)
{
    wm_rect work = {0, 30, 1280, 994};
    scene_assert_rect(constrain_maximize(work, (wm_rect){100, 100, 300, 200}, false, false), 100,
                      100, 300, 200);
}

static void test_tile_halves(void)
{
    wm_rect work = {1280, 30, 1920, 1050};
    scene_assert_rect(constrain_tile(work, WM_TILE_LEFT), 1280, 30, 960, 1050);
    scene_assert_rect(constrain_tile(work, WM_TILE_RIGHT), 2240, 30, 960, 1050);
    scene_assert_rect(constrain_tile(work, WM_TILE_NONE), 1280, 30, 1920, 1050);
}

static void test_tile_odd_width_leaves_no_gap(void)
{
    wm_rect work = {0, 0, 1281, 1000};
    wm_rect l = constrain_tile(work, WM_TILE_LEFT), r = constrain_tile(work, WM_TILE_RIGHT);
    scene_assert_rect(l, 0, 0, 640, 1000);
    scene_assert_rect(r, 640, 0, 641, 1000);
}

/* ---- which monitor ---- */

static void test_monitor_for_rect_most_overlap(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    g_assert_cmpint(monitor_for_rect(m, (wm_rect){100, 100, 300, 200}), ==, 0);
    g_assert_cmpint(monitor_for_rect(m, (wm_rect){1100, 100, 300, 200}), ==, 0);
    g_assert_cmpint(monitor_for_rect(m, (wm_rect){1200, 100, 300, 200}), ==, 1);
    g_assert_cmpint(monitor_for_rect(m, (wm_rect){1000, 100, 300, 200}), ==, 0);
    g_assert_cmpint(monitor_at_point(m, 1279, 500), ==, 0);
    g_assert_cmpint(monitor_at_point(m, 1280, 500), ==, 1);
    g_assert_cmpint(monitor_at_point(m, 5000, 500), ==, 1);
    g_assert_cmpint(monitor_at_point(m, -5000, 500), ==, 0);
    wm_destroy(m);
}

static void test_monitor_get_out_of_range_is_first(void)
{
    wm *m = wm_create(2560, 1024);
    const wm_rect mons[] = {{0, 0, 1280, 1024}, {1280, 0, 1280, 1024}};
    scene_monitors(m, mons, 2);
    scene_assert_rect(monitor_get(m, 1)->rect, 1280, 0, 1280, 1024);
    scene_assert_rect(monitor_get(m, 2)->rect, 0, 0, 1280, 1024);
    scene_assert_rect(monitor_get(m, -1)->rect, 0, 0, 1280, 1024);
    wm_destroy(m);
}

/* ---- properties ---- */

#define PROPERTY_LAYOUTS  300
#define PROPERTY_REQUESTS 20

static guint32 property_seed(void)
{
    const char *s = g_getenv("PURR_TEST_SEED");
    guint32 seed = s ? (guint32)strtoul(s, NULL, 0) : 20260611u;
    g_test_message("seed %u (PURR_TEST_SEED=%u reproduces this run)", seed, seed);
    return seed;
}

static int rand_in(GRand *r, int lo, int hi)
{
    return g_rand_int_range(r, lo, hi + 1);
}

/* 1 to 3 monitors of different sizes, side by side or stacked, aligned at
 * random along the other axis. */
static size_t random_layout(GRand *r, wm_rect *mons)
{
    size_t n = (size_t)rand_in(r, 1, 3);
    bool stacked = g_rand_boolean(r);
    int across = 0;
    for (size_t i = 0; i < n; i++) {
        mons[i] = (wm_rect){0, 0, rand_in(r, 640, 2560), rand_in(r, 480, 1600)};
        across = MAX(across, stacked ? mons[i].w : mons[i].h);
    }
    int at = 0;
    for (size_t i = 0; i < n; i++) {
        if (stacked) {
            mons[i].y = at;
            mons[i].x = rand_in(r, 0, across - mons[i].w);
            at += mons[i].h;
        } else {
            mons[i].x = at;
            mons[i].y = rand_in(r, 0, across - mons[i].h);
            at += mons[i].w;
        }
    }
    return n;
}

/* Size hints as clients set them: each field present or not, minimum at
 * or above the base, now and then a maximum below the minimum, and
 * increments wider than the room between minimum and maximum. */
static wm_size_hints random_hints(GRand *r)
{
    wm_size_hints h = {0};
    if (g_rand_boolean(r)) {
        h.base_w = rand_in(r, 0, 200);
        h.base_h = rand_in(r, 0, 200);
    }
    if (g_rand_boolean(r)) {
        h.min_w = h.base_w + rand_in(r, 0, 400);
        h.min_h = h.base_h + rand_in(r, 0, 400);
    }
    int roll = rand_in(r, 0, 9);
    if (roll < 4) {
        h.max_w = MAX(h.min_w, 1) + rand_in(r, 0, roll < 2 ? 60 : 1500);
        h.max_h = MAX(h.min_h, 1) + rand_in(r, 0, roll < 2 ? 60 : 1500);
    } else if (roll == 4) {
        h.max_w = rand_in(r, 1, MAX(h.min_w, 1));
        h.max_h = rand_in(r, 1, MAX(h.min_h, 1));
    }
    if (g_rand_boolean(r)) {
        h.inc_w = rand_in(r, 0, 40);
        h.inc_h = rand_in(r, 0, 40);
    }
    if (rand_in(r, 0, 3) == 0) {
        h.min_aspect_num = rand_in(r, 0, 20);
        h.min_aspect_den = rand_in(r, 0, 20);
        h.max_aspect_num = rand_in(r, 0, 20);
        h.max_aspect_den = rand_in(r, 0, 20);
    }
    return h;
}

static wm_rect random_request(GRand *r, wm_rect screen)
{
    int w = rand_in(r, 0, 9) == 0 ? rand_in(r, -50, 40000) : rand_in(r, 1, 3000);
    int h = rand_in(r, 0, 9) == 0 ? rand_in(r, -50, 40000) : rand_in(r, 1, 2000);
    return (wm_rect){rand_in(r, -2 * screen.w, 3 * screen.w),
                     rand_in(r, -2 * screen.h, 3 * screen.h), w, h};
}

/* One dimension against its hints, the ICCCM way: an absent minimum is the
 * base and the other way round, an absent maximum unbounded, a maximum
 * below the minimum the minimum; increments must hold when some size
 * base + k * inc lies between the limits. NULL when it holds, else why. */
static const char *check_dimension(int v, int base, int min, int max, int inc)
{
    int eff_min = min ? min : base, eff_base = base ? base : min;
    int lo = CLAMP(eff_min, 1, WM_MAX_SIZE);
    int hi = max ? CLAMP(MAX(max, eff_min), 1, WM_MAX_SIZE) : WM_MAX_SIZE;
    if (v < lo)
        return "below the minimum";
    if (v > hi)
        return "above the maximum";
    if (inc <= 1)
        return NULL;
    long first = eff_base >= lo ? eff_base : eff_base + ((long)lo - eff_base + inc - 1) / inc * inc;
    if (first < 1)
        first += inc;
    if (first > hi)
        return NULL; /* no size meets both */
    if (v < eff_base || (v - eff_base) % inc != 0)
        return "not a whole number of increments from the base";
    return NULL;
}

/* Do at least min(WM_REACHABLE_MIN, width) pixels of the top `title` rows
 * of frame show on some monitor? */
static bool title_strip_reachable(const wm *m, wm_rect frame, int title)
{
    int need = MIN(frame.w, WM_REACHABLE_MIN);
    for (guint i = 0; i < m->monitors->len; i++) {
        wm_rect r = g_array_index(m->monitors, wm_monitor, i).rect;
        int x0 = MAX(frame.x, r.x), x1 = MIN(frame.x + frame.w, r.x + r.w);
        if (frame.y >= r.y && frame.y + title <= r.y + r.h && x1 - x0 >= need)
            return true;
    }
    return false;
}

static char *describe_case(const wm *m, const wm_client *c, wm_rect req)
{
    GString *s = g_string_new("monitors");
    for (guint i = 0; i < m->monitors->len; i++) {
        g_autofree char *r = scene_rect(g_array_index(m->monitors, wm_monitor, i).rect);
        g_string_append_printf(s, " [%s]", r);
    }
    const wm_size_hints *h = &c->hints;
    g_autofree char *rq = scene_rect(req), *got = scene_rect(c->geom);
    g_string_append_printf(s,
                           "; type %d undecorated %d; hints min %dx%d max %dx%d base %dx%d "
                           "inc %dx%d aspect %d/%d..%d/%d; request %s; got %s",
                           c->type, c->undecorated, h->min_w, h->min_h, h->max_w, h->max_h,
                           h->base_w, h->base_h, h->inc_w, h->inc_h, h->min_aspect_num,
                           h->min_aspect_den, h->max_aspect_num, h->max_aspect_den, rq, got);
    return g_string_free(s, FALSE);
}

typedef const char *(*property_check)(const wm *m, const wm_client *c);

/* Run check on the result of every random request; fail with the seed,
 * how many requests broke the rule and the first of them. */
static void run_property(property_check check)
{
    static const enum wm_type types[] = {WM_TYPE_NORMAL, WM_TYPE_DIALOG, WM_TYPE_UTILITY,
                                         WM_TYPE_SPLASH};
    guint32 seed = property_seed();
    GRand *r = g_rand_new_with_seed(seed);
    int n_cases = 0, n_failed = 0;
    char *first = NULL;
    for (int l = 0; l < PROPERTY_LAYOUTS; l++) {
        wm_rect mons[3];
        size_t n = random_layout(r, mons);
        wm *m = wm_create(1, 1);
        scene_monitors(m, mons, n);
        for (int k = 0; k < PROPERTY_REQUESTS; k++, n_cases++) {
            wm_client *c = client_create((uint32_t)k + 1);
            c->type = types[rand_in(r, 0, (int)G_N_ELEMENTS(types) - 1)];
            c->undecorated = rand_in(r, 0, 3) == 0;
            c->hints = random_hints(r);
            c->floating = c->geom = (wm_rect){0, 0, 100, 100};
            wm_add_client(m, c);
            wm_rect req = random_request(r, m->screen);
            client_request_geometry(m, c, req);
            const char *why =
                rect_equal(c->geom, c->floating) ? check(m, c) : "shown elsewhere than it floats";
            if (why && n_failed++ == 0) {
                g_autofree char *d = describe_case(m, c, req);
                first = g_strdup_printf("case %d: %s: %s", n_cases, why, d);
            }
            wm_remove_client(m, c);
        }
        wm_destroy(m);
    }
    g_rand_free(r);
    g_assert_cmpint(n_cases, ==, PROPERTY_LAYOUTS * PROPERTY_REQUESTS);
    if (n_failed)
        g_test_fail_printf("seed %u: %d of %d requests break the rule; the first, %s", seed,
                           n_failed, n_cases, first);
    g_free(first);
}

static const char *check_size_hints(const wm *m, const wm_client *c)
{
    (void)m;
    const wm_size_hints *h = &c->hints;
    const char *w = check_dimension(c->geom.w, h->base_w, h->min_w, h->max_w, h->inc_w);
    if (w)
        return w;
    return check_dimension(c->geom.h, h->base_h, h->min_h, h->max_h, h->inc_h);
}

static const char *check_reachable(const wm *m, const wm_client *c)
{
    wm_extents e = client_extents(m, c);
    if (!title_strip_reachable(m, rect_grow(c->geom, e), MAX(e.top, 1)))
        return "title strip on no monitor";
    return NULL;
}

static void test_property_request_keeps_size_hints(void)
{
    run_property(check_size_hints);
}

static void test_property_request_keeps_title_reachable(void)
{
    run_property(check_reachable);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* A failed rule fails its test; the other rules are still checked. */
    g_test_set_nonfatal_assertions();
    g_test_add_func("/constraints/size/no-hints-keeps-request", test_size_no_hints_keeps_request);
    g_test_add_func("/constraints/size/max-side-is-twice-the-screen",
                    test_max_side_is_twice_the_screen);
    g_test_add_func("/constraints/size/minimum-raises", test_size_minimum_raises);
    g_test_add_func("/constraints/size/maximum-lowers", test_size_maximum_lowers);
    g_test_add_func("/constraints/size/absent-maximum-is-unbounded",
                    test_size_absent_maximum_is_unbounded);
    g_test_add_func("/constraints/size/minimum-above-maximum-gives-minimum",
                    test_size_minimum_above_maximum_gives_minimum);
    g_test_add_func("/constraints/size/base-stands-in-for-absent-minimum",
                    test_size_base_stands_in_for_absent_minimum);
    g_test_add_func("/constraints/size/increments-round-down-from-base",
                    test_size_increments_round_down_from_base);
    g_test_add_func("/constraints/size/increments-from-minimum-when-no-base",
                    test_size_increments_from_minimum_when_no_base);
    g_test_add_func("/constraints/size/increments-respect-minimum",
                    test_size_increments_respect_minimum);
    g_test_add_func("/constraints/size/increments-respect-maximum",
                    test_size_increments_respect_maximum);
    g_test_add_func("/constraints/size/increments-only-when-asked",
                    test_size_increments_only_when_asked);
    g_test_add_func("/constraints/size/increment-zero-or-one-is-one-pixel",
                    test_size_increment_zero_or_one_is_one_pixel);
    g_test_add_func("/constraints/size/increments-without-base-or-minimum-never-give-1",
                    test_size_increments_without_base_or_minimum_never_give_1);
    g_test_add_func("/constraints/size/fixed-size-with-increments-keeps-its-size",
                    test_size_fixed_size_with_increments_keeps_its_size);
    g_test_add_func("/constraints/size/unmeetable-increments-keep-min-and-max",
                    test_size_unmeetable_increments_keep_min_and_max);
    g_test_add_func("/constraints/size/aspect-too-wide-is-narrowed",
                    test_size_aspect_too_wide_is_narrowed);
    g_test_add_func("/constraints/size/aspect-too-tall-is-shortened",
                    test_size_aspect_too_tall_is_shortened);
    g_test_add_func("/constraints/size/aspect-exact-ratio", test_size_aspect_exact_ratio);
    g_test_add_func("/constraints/size/aspect-subtracts-base", test_size_aspect_subtracts_base);
    g_test_add_func("/constraints/size/aspect-with-a-zero-term-is-ignored",
                    test_size_aspect_with_a_zero_term_is_ignored);
    g_test_add_func("/constraints/size/result-within-1-and-max-size",
                    test_size_result_within_1_and_max_size);
    g_test_add_func("/constraints/reachable/visible-window-unchanged",
                    test_reachable_visible_window_unchanged);
    g_test_add_func("/constraints/reachable/off-left-shows-minimum",
                    test_reachable_off_left_shows_minimum);
    g_test_add_func("/constraints/reachable/off-right-shows-minimum",
                    test_reachable_off_right_shows_minimum);
    g_test_add_func("/constraints/reachable/above-top-comes-down",
                    test_reachable_above_top_comes_down);
    g_test_add_func("/constraints/reachable/only-title-rows-count-at-bottom",
                    test_reachable_only_title_rows_count_at_bottom);
    g_test_add_func("/constraints/reachable/narrow-window-shows-whole-width",
                    test_reachable_narrow_window_shows_whole_width);
    g_test_add_func("/constraints/reachable/far-corner-comes-back",
                    test_reachable_far_corner_comes_back);
    g_test_add_func("/constraints/reachable/two-side-by-side", test_reachable_two_side_by_side);
    g_test_add_func("/constraints/reachable/two-stacked", test_reachable_two_stacked);
    g_test_add_func("/constraints/reachable/off-every-monitor-comes-back-to-nearest",
                    test_reachable_off_every_monitor_comes_back_to_nearest);
    g_test_add_func("/constraints/reachable/off-every-monitor-goes-to-nearest-edge",
                    test_reachable_off_every_monitor_goes_to_nearest_edge);
    g_test_add_func("/constraints/inside/fitting-frame-unchanged",
                    test_inside_fitting_frame_unchanged);
    g_test_add_func("/constraints/inside/moves-frame-back-in", test_inside_moves_frame_back_in);
    g_test_add_func("/constraints/inside/too-big-keeps-top-left-in",
                    test_inside_too_big_keeps_top_left_in);
    g_test_add_func("/constraints/centre-on", test_centre_on);
    g_test_add_func("/constraints/maximize/both", test_maximize_both);
    g_test_add_func("/constraints/maximize/horizontally", test_maximize_horizontally);
    g_test_add_func("/constraints/maximize/vertically", test_maximize_vertically);
    g_test_add_func("/constraints/maximize/neither-is-unchanged",
                    test_maximize_neither_is_unchanged);
    g_test_add_func("/constraints/tile/halves", test_tile_halves);
    g_test_add_func("/constraints/tile/odd-width-leaves-no-gap", test_tile_odd_width_leaves_no_gap);
    g_test_add_func("/constraints/monitor-for-rect/most-overlap",
                    test_monitor_for_rect_most_overlap);
    g_test_add_func("/constraints/monitor-get/out-of-range-is-first",
                    test_monitor_get_out_of_range_is_first);
    g_test_add_func("/constraints/property/request-keeps-size-hints",
                    test_property_request_keeps_size_hints);
    g_test_add_func("/constraints/property/request-keeps-title-reachable",
                    test_property_request_keeps_title_reachable);
    return g_test_run();
}
