/*
 * Interactive moves and resizes (src/wm/moveresize.c): the drag threshold,
 * frames following the pointer, snapping, resizing from each edge and
 * corner under the size hints, dragging maximized and tiled windows out,
 * the edge zones, cancel, and which part of a frame a point is on.
 *
 * The screen is 1280x800; frames add the model's default extents (1 pixel
 * left, right and bottom, 20 at the top). The window floats at (100,100)
 * 300x200, so its frame is at (99,80) 302x221: left edge 99, right edge
 * 401, top 80, bottom 301.
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

static wm_client *add_at(wm *m, uint32_t id, int x, int y, int w, int h)
{
    return scene_add_at(m, id, WM_TYPE_NORMAL, (wm_rect){x, y, w, h});
}

#define assert_frame(m, c, x, y, w, h) scene_assert_rect(client_frame_rect((m), (c)), x, y, w, h)

/* The client shows where it floats: no state got in the way. */
#define assert_shown_floating(c)                                                                   \
    scene_assert_rect((c)->geom, (c)->floating.x, (c)->floating.y, (c)->floating.w, (c)->floating.h)

static void begin(wm *m, wm_moveresize *mr, wm_client *c, enum wm_mr_dir dir, int px, int py,
                  int snap)
{
    g_assert_true(mr_begin(m, mr, c, dir, px, py));
    mr->snap = snap;
}

/* ---- moves ---- */

static void test_move_waits_for_threshold(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 0);
    scene_clear_dirty(m);
    mr_motion(m, &mr, 200 + WM_DRAG_THRESHOLD, 90);
    mr_motion(m, &mr, 200, 90 - WM_DRAG_THRESHOLD);
    mr_motion(m, &mr, 200 - WM_DRAG_THRESHOLD, 90 + WM_DRAG_THRESHOLD);
    g_assert_false(mr.moved);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    scene_assert_rect(c->geom, 100, 100, 300, 200);
    g_assert_cmphex(c->dirty & WM_DIRTY_GEOMETRY, ==, 0);
    /* One more pixel and it is a drag, by the whole delta. */
    mr_motion(m, &mr, 200, 90 + WM_DRAG_THRESHOLD + 1);
    g_assert_true(mr.moved);
    scene_assert_rect(c->geom, 100, 107, 300, 200);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    /* Once a drag, back within the threshold still moves. */
    mr_motion(m, &mr, 202, 91);
    scene_assert_rect(c->geom, 102, 101, 300, 200);
    wm_destroy(m);
}

static void test_move_follows_pointer(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 0);
    mr_motion(m, &mr, 250, 140);
    scene_assert_rect(c->floating, 150, 150, 300, 200);
    assert_shown_floating(c);
    mr_motion(m, &mr, 120, 300);
    scene_assert_rect(c->floating, 20, 310, 300, 200);
    assert_frame(m, c, 19, 290, 302, 221);
    g_assert_cmpint(mr.px, ==, 120);
    g_assert_cmpint(mr.py, ==, 300);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_NONE);
    wm_destroy(m);
}

static void test_move_keyboard_steps(void)
{
    /* The keyboard moves a virtual pointer from the frame's centre by 10
     * pixels an arrow. */
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 190, 0);
    mr_motion(m, &mr, 260, 190);
    scene_assert_rect(c->floating, 110, 100, 300, 200);
    mr_motion(m, &mr, 260, 180);
    scene_assert_rect(c->floating, 110, 90, 300, 200);
    wm_destroy(m);
}

static void test_move_keeps_title_reachable(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 0);
    /* Above the screen: the title strip stays on it. */
    mr_motion(m, &mr, 200, -300);
    scene_assert_rect(c->floating, 100, 20, 300, 200);
    /* Off the right: 64 pixels of the strip show. */
    mr_motion(m, &mr, 3000, 90);
    assert_frame(m, c, 1280 - WM_REACHABLE_MIN, 80, 302, 221);
    /* Below the bottom: the strip's 20 rows show. */
    mr_motion(m, &mr, 200, 2000);
    assert_frame(m, c, 99, 780, 302, 221);
    wm_destroy(m);
}

/* ---- snapping ---- */

static void test_snap_to_monitor_edges(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 10);
    /* Left edge 10 pixels from the screen's: snaps. */
    mr_motion(m, &mr, 200 - 89, 200);
    assert_frame(m, c, 0, 190, 302, 221);
    /* 11 pixels: does not. */
    mr_motion(m, &mr, 200 - 88, 200);
    assert_frame(m, c, 11, 190, 302, 221);
    /* Right edge 6 pixels short of 1280, bottom 5 short of 800. */
    mr_motion(m, &mr, 200 + 873, 90 + 494);
    assert_frame(m, c, 978, 579, 302, 221);
    /* Right edge 6 pixels past it. */
    mr_motion(m, &mr, 200 + 885, 300);
    assert_frame(m, c, 978, 290, 302, 221);
    /* Top 4 pixels below the top. */
    mr_motion(m, &mr, 300, 90 - 76);
    assert_frame(m, c, 199, 0, 302, 221);
    wm_destroy(m);
}

static void test_snap_to_work_area_not_screen(void)
{
    wm *m = wm_create(1280, 800);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 10);
    /* Frame top at 34: the work area starts at 30. */
    mr_motion(m, &mr, 300, 90 - 46);
    assert_frame(m, c, 199, 30, 302, 221);
    wm_destroy(m);
}

static void test_snap_to_other_window(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    add_at(m, 2, 500, 100, 300, 200); /* frame (499,80) 302x221 */
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 10);
    /* Right edge at 493, 6 short of the other's left edge. */
    mr_motion(m, &mr, 292, 90);
    assert_frame(m, c, 197, 80, 302, 221);
    /* At 488, 11 short: no snap. */
    mr_motion(m, &mr, 287, 90);
    assert_frame(m, c, 186, 80, 302, 221);
    /* Right edge 4 past the other's left edge (overlapping it): snaps
     * back to touch it. */
    mr_motion(m, &mr, 303, 90);
    assert_frame(m, c, 197, 80, 302, 221);
    /* Left edge 5 right of the other's left edge: they do not face each
     * other, so no snap. */
    mr_motion(m, &mr, 605, 90);
    assert_frame(m, c, 504, 80, 302, 221);
    /* Left edge 7 from the other's right edge (801): snaps. */
    mr_motion(m, &mr, 200 + 709, 90);
    assert_frame(m, c, 801, 80, 302, 221);
    wm_destroy(m);
}

static void test_snap_needs_overlap_along_the_edge(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    add_at(m, 2, 500, 100, 300, 200); /* frame rows 80..300 */
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 10);
    /* Right edge 6 short of the other's left edge, but entirely below
     * it: nothing to snap to. */
    mr_motion(m, &mr, 292, 90 + 221);
    assert_frame(m, c, 191, 301, 302, 221);
    /* One row of overlap is enough. */
    mr_motion(m, &mr, 292, 90 + 220);
    assert_frame(m, c, 197, 300, 302, 221);
    wm_destroy(m);
}

static void test_snap_top_to_bottom_of_other(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    add_at(m, 2, 100, 400, 300, 200); /* frame (99,380) 302x221 */
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 10);
    /* Bottom edge 8 above the other's top edge: snaps down onto it. */
    mr_motion(m, &mr, 200, 90 + 71);
    assert_frame(m, c, 99, 159, 302, 221);
    wm_destroy(m);
}

static void test_snap_ignores_hidden_windows(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_client *other = add_at(m, 2, 500, 100, 300, 200);
    wm_client *elsewhere = add_at(m, 3, 500, 100, 300, 200);
    elsewhere->workspace = 1;
    client_set_minimized(m, other, true);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 10);
    mr_motion(m, &mr, 292, 90);
    assert_frame(m, c, 191, 80, 302, 221);
    /* Shown again, it snaps. */
    client_set_minimized(m, other, false);
    mr_motion(m, &mr, 292, 91);
    assert_frame(m, c, 197, 81, 302, 221);
    wm_destroy(m);
}

static void test_snap_distance_zero_never_snaps(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    add_at(m, 2, 500, 100, 300, 200);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 90, 0);
    mr_motion(m, &mr, 292, 90);
    assert_frame(m, c, 191, 80, 302, 221);
    mr_motion(m, &mr, 200 - 98, 90);
    assert_frame(m, c, 1, 80, 302, 221);
    /* The pure rule: distance 0 gives back what it was given. */
    wm_rect f = {1, 1, 302, 221};
    scene_assert_rect(snap_frame(m, c, f, WM_MR_MOVE, 0), 1, 1, 302, 221);
    scene_assert_rect(snap_frame(m, c, f, WM_MR_MOVE, 1), 0, 0, 302, 221);
    wm_destroy(m);
}

static void test_snap_frame_resize_moves_only_named_edges(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    /* Every edge within 5 of a screen edge. */
    wm_rect f = {3, 4, 1274, 793};
    scene_assert_rect(snap_frame(m, c, f, WM_MR_RIGHT, 5), 3, 4, 1277, 793);
    scene_assert_rect(snap_frame(m, c, f, WM_MR_LEFT, 5), 0, 4, 1277, 793);
    scene_assert_rect(snap_frame(m, c, f, WM_MR_TOP, 5), 3, 0, 1274, 797);
    scene_assert_rect(snap_frame(m, c, f, WM_MR_BOTTOM, 5), 3, 4, 1274, 796);
    scene_assert_rect(snap_frame(m, c, f, WM_MR_TOPLEFT, 5), 0, 0, 1277, 797);
    scene_assert_rect(snap_frame(m, c, f, WM_MR_BOTTOMRIGHT, 5), 3, 4, 1277, 796);
    /* A move shifts by the nearer of the two snaps on each axis (a tie
     * goes to the left or top edge). */
    scene_assert_rect(snap_frame(m, c, f, WM_MR_MOVE, 5), 0, 7, 1274, 793);
    wm_destroy(m);
}

static void test_snap_resize_edge(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_at(m, 1, 4, 100, 300, 200); /* frame (3,80) 302x221 */
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_RIGHT, 304, 200, 10);
    /* The right edge to 1273, 7 short of the screen's: snaps; the left
     * edge, 3 from the screen's, does not move. */
    mr_motion(m, &mr, 304 + 968, 200);
    assert_frame(m, c, 3, 80, 1277, 221);
    wm_destroy(m);
}

/* ---- resizes ---- */

typedef struct resize_case {
    enum wm_mr_dir dir;
    int dx, dy;
    wm_rect frame;
} resize_case;

static const resize_case resize_cases[] = {
    {WM_MR_TOPLEFT, 25, 35, {124, 115, 277, 186}},     {WM_MR_TOP, 25, 35, {99, 115, 302, 186}},
    {WM_MR_TOPRIGHT, 25, 35, {99, 115, 327, 186}},     {WM_MR_RIGHT, 25, 35, {99, 80, 327, 221}},
    {WM_MR_BOTTOMRIGHT, 25, 35, {99, 80, 327, 256}},   {WM_MR_BOTTOM, 25, 35, {99, 80, 302, 256}},
    {WM_MR_BOTTOMLEFT, 25, 35, {124, 80, 277, 256}},   {WM_MR_LEFT, 25, 35, {124, 80, 277, 221}},
    {WM_MR_TOPLEFT, -25, -35, {74, 45, 327, 256}},     {WM_MR_TOP, -25, -35, {99, 45, 302, 256}},
    {WM_MR_TOPRIGHT, -25, -35, {99, 45, 277, 256}},    {WM_MR_RIGHT, -25, -35, {99, 80, 277, 221}},
    {WM_MR_BOTTOMRIGHT, -25, -35, {99, 80, 277, 186}}, {WM_MR_BOTTOM, -25, -35, {99, 80, 302, 186}},
    {WM_MR_BOTTOMLEFT, -25, -35, {74, 80, 327, 186}},  {WM_MR_LEFT, -25, -35, {74, 80, 327, 221}},
};

static void test_resize_each_direction(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(resize_cases); i++) {
        const resize_case *t = &resize_cases[i];
        g_test_message("direction %d by (%d, %d)", t->dir, t->dx, t->dy);
        wm *m = wm_create(1280, 800);
        wm_client *c = add_floating(m, 1);
        wm_moveresize mr;
        begin(m, &mr, c, t->dir, 500, 500, 0);
        mr_motion(m, &mr, 500 + t->dx, 500 + t->dy);
        assert_frame(m, c, t->frame.x, t->frame.y, t->frame.w, t->frame.h);
        wm_rect want = rect_shrink(t->frame, m->frame_extents);
        scene_assert_rect(c->floating, want.x, want.y, want.w, want.h);
        assert_shown_floating(c);
        wm_destroy(m);
    }
}

static void test_resize_needs_no_threshold(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_RIGHT, 401, 200, 0);
    mr_motion(m, &mr, 402, 200);
    g_assert_true(mr.moved);
    scene_assert_rect(c->floating, 100, 100, 301, 200);
    wm_destroy(m);
}

static void test_resize_min_size_keeps_fixed_edge(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.min_w = 250, .min_h = 180};
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_TOPLEFT, 99, 80, 0);
    mr_motion(m, &mr, 199, 180);
    /* Right edge 401 and bottom 301 stay. */
    assert_frame(m, c, 149, 100, 252, 201);
    scene_assert_rect(c->floating, 150, 120, 250, 180);
    wm_destroy(m);
}

static void test_resize_max_size_keeps_fixed_edge(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.max_w = 350, .max_h = 260};
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_BOTTOMLEFT, 99, 301, 0);
    mr_motion(m, &mr, -1, 401);
    /* Right edge 401 and top 80 stay. */
    assert_frame(m, c, 49, 80, 352, 281);
    scene_assert_rect(c->floating, 50, 100, 350, 260);
    wm_destroy(m);
}

static void test_resize_increments_keep_fixed_edge(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.base_w = 2, .base_h = 4, .inc_w = 10, .inc_h = 16};
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_TOPLEFT, 99, 80, 0);
    mr_motion(m, &mr, 76, 57);
    /* 323x223 asked: 2 + 32 * 10 = 322 wide, 4 + 13 * 16 = 212 high. */
    scene_assert_rect(c->floating, 78, 88, 322, 212);
    assert_frame(m, c, 77, 68, 324, 233);
    /* The other way round, the right and bottom edges move. */
    mr_cancel(m, &mr);
    begin(m, &mr, c, WM_MR_BOTTOMRIGHT, 401, 301, 0);
    mr_motion(m, &mr, 424, 324);
    scene_assert_rect(c->floating, 100, 100, 322, 212);
    wm_destroy(m);
}

static void test_resize_past_opposite_edge_does_not_invert(void)
{
    static const struct {
        enum wm_mr_dir dir;
        int dx, dy;
        wm_rect frame;
    } cases[] = {
        {WM_MR_LEFT, 1000, 0, {398, 80, 3, 221}},
        {WM_MR_RIGHT, -1000, 0, {99, 80, 3, 221}},
        {WM_MR_TOP, 0, 1000, {99, 279, 302, 22}},
        {WM_MR_BOTTOM, 0, -1000, {99, 80, 302, 22}},
        {WM_MR_TOPLEFT, 1000, 1000, {398, 279, 3, 22}},
        {WM_MR_BOTTOMRIGHT, -1000, -1000, {99, 80, 3, 22}},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_test_message("case %zu", i);
        wm *m = wm_create(1280, 800);
        wm_client *c = add_floating(m, 1);
        wm_moveresize mr;
        begin(m, &mr, c, cases[i].dir, 500, 500, 0);
        mr_motion(m, &mr, 500 + cases[i].dx, 500 + cases[i].dy);
        wm_rect f = cases[i].frame;
        assert_frame(m, c, f.x, f.y, f.w, f.h);
        g_assert_cmpint(c->geom.w, >=, 1);
        g_assert_cmpint(c->geom.h, >=, 1);
        wm_destroy(m);
    }
}

static void test_resize_past_opposite_edge_with_minimum(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.min_w = 50, .min_h = 40};
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_TOPLEFT, 99, 80, 0);
    mr_motion(m, &mr, 900, 700);
    assert_frame(m, c, 349, 240, 52, 61);
    wm_destroy(m);
}

static void test_resize_maximized_starts_from_what_shows(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    assert_frame(m, c, 0, 0, 1280, 800);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_BOTTOMRIGHT, 1279, 799, 0);
    /* A click that goes nowhere leaves it maximized. */
    mr_motion(m, &mr, 1279, 799);
    g_assert_true(c->max_h && c->max_v);
    scene_clear_dirty(m);
    mr_motion(m, &mr, 1179, 699);
    g_assert_false(c->max_h || c->max_v);
    g_assert_true(c->dirty & WM_DIRTY_STATE);
    assert_frame(m, c, 0, 0, 1180, 700);
    scene_assert_rect(c->floating, 1, 20, 1178, 679);
    wm_destroy(m);
}

static void test_resize_tiled_starts_from_what_shows(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_tile(m, c, WM_TILE_RIGHT);
    assert_frame(m, c, 640, 0, 640, 800);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_LEFT, 640, 400, 0);
    mr_motion(m, &mr, 740, 300);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    assert_frame(m, c, 740, 0, 540, 800);
    wm_destroy(m);
}

static void test_resize_shaded_only_sideways(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_shaded(m, c, true);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_BOTTOM, 200, 100, 0);
    mr_motion(m, &mr, 200, 300);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    begin(m, &mr, c, WM_MR_BOTTOMRIGHT, 401, 100, 0);
    mr_motion(m, &mr, 451, 300);
    scene_assert_rect(c->floating, 100, 100, 350, 200);
    assert_frame(m, c, 99, 80, 352, 21);
    wm_destroy(m);
}

/* ---- dragging maximized and tiled windows out ---- */

static void test_drag_maximized_restores_under_pointer(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    wm_moveresize mr;
    /* Grabbed at the middle of the title strip, 10 rows down. */
    begin(m, &mr, c, WM_MR_MOVE, 640, 10, 0);
    mr_motion(m, &mr, 643, 12);
    g_assert_true(c->max_h && c->max_v);
    scene_clear_dirty(m);
    mr_motion(m, &mr, 700, 50);
    g_assert_false(c->max_h || c->max_v);
    g_assert_true(c->dirty & WM_DIRTY_STATE);
    /* The floating size again; the pointer at the middle of the strip
     * (151 of 302) and 10 rows down. */
    scene_assert_rect(c->floating, 550, 60, 300, 200);
    assert_shown_floating(c);
    /* From then on it follows the pointer. */
    mr_motion(m, &mr, 710, 70);
    assert_frame(m, c, 559, 60, 302, 221);
    wm_destroy(m);
}

static void test_drag_maximized_keeps_relative_position(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    wm_moveresize mr;
    /* A quarter along the strip. */
    begin(m, &mr, c, WM_MR_MOVE, 320, 5, 0);
    mr_motion(m, &mr, 320, 400);
    wm_rect f = client_frame_rect(m, c);
    scene_assert_rect(f, 245, 395, 302, 221);
    /* The pointer is on the title strip, a quarter along it. */
    g_assert_cmpint(400 - f.y, <, m->frame_extents.top);
    g_assert_cmpint((320 - f.x) * 4, <=, f.w);
    g_assert_cmpint((320 - f.x + 1) * 4, >, f.w);
    wm_destroy(m);
}

static void test_drag_maximized_from_below_strip(void)
{
    /* Alt-drag in the client area, and the keyboard's virtual pointer at
     * the frame's centre: the window comes back with the pointer in the
     * middle of its strip. */
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 640, 400, 0);
    mr_motion(m, &mr, 650, 400);
    assert_frame(m, c, 499, 390, 302, 221);
    mr_motion(m, &mr, 650, 410);
    assert_frame(m, c, 499, 400, 302, 221);
    wm_destroy(m);
}

static void test_drag_shaded_maximized_keeps_shaded_frame(void)
{
    /* Restored, a shaded window's frame is still its strip: that is
     * what snaps to the bottom of the screen. */
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    client_set_shaded(m, c, true);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 640, 10, 10);
    mr_motion(m, &mr, 700, 784);
    assert_frame(m, c, 549, 779, 302, 21);
    scene_assert_rect(c->floating, 550, 799, 300, 200);
    wm_destroy(m);
}

static void test_drag_tiled_restores_under_pointer(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_tile(m, c, WM_TILE_LEFT);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 320, 10, 0);
    mr_motion(m, &mr, 400, 100);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    scene_assert_rect(c->floating, 250, 110, 300, 200);
    assert_shown_floating(c);
    wm_destroy(m);
}

/* ---- zones ---- */

static enum wm_mr_zone zone_at(wm *m, wm_client *c, int px, int py)
{
    wm_moveresize mr;
    wm_rect f = client_frame_rect(m, c);
    int sx = f.x + f.w / 2, sy = f.y + 5;
    g_assert_true(mr_begin(m, &mr, c, WM_MR_MOVE, sx, sy));
    mr.edge_tile = true;
    mr_motion(m, &mr, px, py);
    enum wm_mr_zone z = mr.zone;
    mr_cancel(m, &mr);
    return z;
}

static void test_zones_single_monitor(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    g_assert_cmpint(zone_at(m, c, 0, 400), ==, WM_ZONE_LEFT);
    g_assert_cmpint(zone_at(m, c, WM_EDGE_ZONE - 1, 400), ==, WM_ZONE_LEFT);
    g_assert_cmpint(zone_at(m, c, WM_EDGE_ZONE, 400), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 1279, 400), ==, WM_ZONE_RIGHT);
    g_assert_cmpint(zone_at(m, c, 1280 - WM_EDGE_ZONE, 400), ==, WM_ZONE_RIGHT);
    g_assert_cmpint(zone_at(m, c, 1279 - WM_EDGE_ZONE, 400), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 640, 0), ==, WM_ZONE_MAXIMIZE);
    g_assert_cmpint(zone_at(m, c, 640, WM_EDGE_ZONE - 1), ==, WM_ZONE_MAXIMIZE);
    g_assert_cmpint(zone_at(m, c, 640, WM_EDGE_ZONE), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 640, 799), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 640, 400), ==, WM_ZONE_NONE);
    wm_destroy(m);
}

static void test_zones_off_without_edge_tile(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr_motion(m, &mr, 0, 400);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_NONE);
    mr.edge_tile = true;
    mr_motion(m, &mr, 0, 401);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_LEFT);
    /* Away from the edge again. */
    mr_motion(m, &mr, 100, 401);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_NONE);
    wm_destroy(m);
}

static void test_zones_need_allowed_actions(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    c->hints = (wm_size_hints){.min_w = 300, .min_h = 200, .max_w = 300, .max_h = 200};
    g_assert_cmpint(zone_at(m, c, 0, 400), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 1279, 400), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 640, 0), ==, WM_ZONE_NONE);
    c->hints = (wm_size_hints){0};
    g_assert_cmpint(zone_at(m, c, 640, 0), ==, WM_ZONE_MAXIMIZE);
    wm_destroy(m);
}

static void test_zones_not_at_shared_edges(void)
{
    wm *m = wm_create(1, 1);
    const wm_rect two[] = {{0, 0, 1280, 800}, {1280, 0, 1280, 800}};
    scene_monitors(m, two, 2);
    wm_client *c = add_floating(m, 1);
    g_assert_cmpint(zone_at(m, c, 1279, 400), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 1280, 400), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 0, 400), ==, WM_ZONE_LEFT);
    g_assert_cmpint(zone_at(m, c, 2559, 400), ==, WM_ZONE_RIGHT);
    g_assert_cmpint(zone_at(m, c, 1500, 0), ==, WM_ZONE_MAXIMIZE);
    wm_destroy(m);
}

static void test_zones_where_offset_monitors_leave_an_edge(void)
{
    /* The right monitor starts 200 rows lower: above that, the left
     * monitor's right edge has nothing across it. */
    wm *m = wm_create(1, 1);
    const wm_rect offset[] = {{0, 0, 1280, 800}, {1280, 200, 1280, 800}};
    scene_monitors(m, offset, 2);
    wm_client *c = add_floating(m, 1);
    g_assert_cmpint(zone_at(m, c, 1279, 100), ==, WM_ZONE_RIGHT);
    g_assert_cmpint(zone_at(m, c, 1279, 300), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 2000, 200), ==, WM_ZONE_MAXIMIZE);
    wm_destroy(m);
}

static void test_zones_not_at_shared_top_edge(void)
{
    wm *m = wm_create(1, 1);
    const wm_rect stacked[] = {{0, 0, 1280, 800}, {0, 800, 1280, 800}};
    scene_monitors(m, stacked, 2);
    wm_client *c = add_floating(m, 1);
    g_assert_cmpint(zone_at(m, c, 640, 800), ==, WM_ZONE_NONE);
    g_assert_cmpint(zone_at(m, c, 640, 0), ==, WM_ZONE_MAXIMIZE);
    g_assert_cmpint(zone_at(m, c, 0, 1200), ==, WM_ZONE_LEFT);
    wm_destroy(m);
}

static void test_zone_rects(void)
{
    wm *m = wm_create(1280, 800);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 0, 0, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 0, 400);
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 30, 640, 770);
    mr_motion(m, &mr, 1279, 400);
    scene_assert_rect(mr_zone_rect(m, &mr), 640, 30, 640, 770);
    mr_motion(m, &mr, 640, 0);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_MAXIMIZE);
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 30, 1280, 770);
    /* A maximum size holds the maximized frame back, as it will show. */
    c->hints = (wm_size_hints){.max_w = 500, .max_h = 400};
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 30, 502, 421);
    mr_motion(m, &mr, 640, 400);
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 0, 0, 0);
    wm_destroy(m);
}

static void test_zone_rect_on_second_monitor(void)
{
    wm *m = wm_create(1, 1);
    const wm_rect two[] = {{0, 0, 1280, 800}, {1280, 0, 1920, 1080}};
    scene_monitors(m, two, 2);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 3199, 500);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_RIGHT);
    scene_assert_rect(mr_zone_rect(m, &mr), 2240, 0, 960, 1080);
    mr_motion(m, &mr, 2000, 0);
    scene_assert_rect(mr_zone_rect(m, &mr), 1280, 0, 1920, 1080);
    wm_destroy(m);
}

/* ---- end, cancel ---- */

static void test_end_tiles_and_maximizes(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;

    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 0, 400);
    mr_end(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_LEFT);
    assert_frame(m, c, 0, 0, 640, 800);
    /* Untiled, it goes where it was before the drag, as in Mutter. */
    client_set_tile(m, c, WM_TILE_NONE);
    scene_assert_rect(c->geom, floating.x, floating.y, floating.w, floating.h);

    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 1279, 400);
    mr_end(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_RIGHT);
    assert_frame(m, c, 640, 0, 640, 800);
    client_set_tile(m, c, WM_TILE_NONE);

    wm_rect f = client_frame_rect(m, c);
    begin(m, &mr, c, WM_MR_MOVE, f.x + 10, f.y + 5, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 640, 0);
    mr_end(m, &mr);
    g_assert_true(c->max_h && c->max_v);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    assert_frame(m, c, 0, 0, 1280, 800);
    /* Mutter's drag-restore-initial: unmaximized, it goes back too. */
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, floating.x, floating.y, floating.w, floating.h);
    wm_destroy(m);
}

static void test_end_in_a_zone_restores_to_before_the_drag(void)
{
    /* Mutter's drag-maximized-then-remaximize: dragged out of maximized
     * (it floats under the pointer), then back to the top edge. */
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    client_set_maximized(m, c, true, true);
    begin(m, &mr, c, WM_MR_MOVE, 640, 10, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 640, 300);
    g_assert_false(c->max_h || c->max_v);
    g_assert_cmpint(c->floating.w, ==, floating.w);
    mr_motion(m, &mr, 640, 0);
    mr_end(m, &mr);
    g_assert_true(c->max_h && c->max_v);
    assert_frame(m, c, 0, 0, 1280, 800);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, floating.x, floating.y, floating.w, floating.h);
    wm_destroy(m);
}

static void test_end_without_zone_changes_nothing(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 300, 400);
    mr_end(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    g_assert_false(c->max_h || c->max_v);
    scene_assert_rect(c->floating, 150, 410, 300, 200);
    assert_shown_floating(c);
    wm_destroy(m);
}

static void test_end_tiles_on_the_monitor_of_the_zone(void)
{
    /* Dropped at the left monitor's free right edge, the window mostly
     * over the right monitor: it tiles where the zone showed. */
    wm *m = wm_create(1, 1);
    const wm_rect offset[] = {{0, 0, 1280, 800}, {1280, 200, 1280, 800}};
    scene_monitors(m, offset, 2);
    wm_client *c = add_at(m, 1, 100, 100, 800, 600);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 110, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 1279, 100);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_RIGHT);
    g_assert_cmpint(client_monitor(m, c), ==, 1);
    wm_rect want = mr_zone_rect(m, &mr);
    scene_assert_rect(want, 640, 0, 640, 800);
    mr_end(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_RIGHT);
    assert_frame(m, c, want.x, want.y, want.w, want.h);
    wm_destroy(m);
}

static void test_cancel_restores_move(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 0, 500);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_LEFT);
    mr_cancel(m, &mr);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_NONE);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    scene_assert_rect(c->geom, 100, 100, 300, 200);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    /* A cancelled drag's end does nothing. */
    mr_end(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    wm_destroy(m);
}

static void test_cancel_restores_resize(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_TOPLEFT, 99, 80, 0);
    mr_motion(m, &mr, 20, 30);
    scene_assert_rect(c->floating, 21, 50, 379, 250);
    mr_cancel(m, &mr);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    scene_assert_rect(c->geom, 100, 100, 300, 200);
    wm_destroy(m);
}

static void test_cancel_after_maximized_drag(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, true, true);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 640, 10, 0);
    mr_motion(m, &mr, 900, 300);
    g_assert_false(c->max_h || c->max_v);
    scene_clear_dirty(m);
    mr_cancel(m, &mr);
    g_assert_true(c->max_h && c->max_v);
    g_assert_true(c->dirty & WM_DIRTY_STATE);
    scene_assert_rect(c->geom, 1, 20, 1278, 779);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    client_set_maximized(m, c, false, false);
    scene_assert_rect(c->geom, 100, 100, 300, 200);
    wm_destroy(m);
}

static void test_cancel_after_tiled_resize(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_tile(m, c, WM_TILE_LEFT);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_RIGHT, 639, 400, 0);
    mr_motion(m, &mr, 500, 400);
    g_assert_cmpint(c->tile, ==, WM_TILE_NONE);
    mr_cancel(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_LEFT);
    assert_frame(m, c, 0, 0, 640, 800);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    wm_destroy(m);
}

static void test_cancel_half_maximized(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_maximized(m, c, false, true);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 10, 0);
    mr_motion(m, &mr, 300, 300);
    g_assert_false(c->max_v);
    mr_cancel(m, &mr);
    g_assert_false(c->max_h);
    g_assert_true(c->max_v);
    scene_assert_rect(c->geom, 100, 20, 300, 779);
    wm_destroy(m);
}

/* ---- begin ---- */

static void test_begin_refuses(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_client *dock = scene_add_at(m, 2, WM_TYPE_DOCK, (wm_rect){0, 0, 1280, 30});
    wm_client *desk = scene_add_at(m, 3, WM_TYPE_DESKTOP, (wm_rect){0, 0, 1280, 800});
    wm_moveresize mr;

    client_set_fullscreen(m, c, true);
    memset(&mr, 0xff, sizeof mr);
    g_assert_false(mr_begin(m, &mr, c, WM_MR_MOVE, 10, 10));
    g_assert_cmpuint(mr.id, ==, 0);
    g_assert_false(mr_begin(m, &mr, c, WM_MR_BOTTOMRIGHT, 10, 10));
    /* Nothing happens to it either way. */
    mr_motion(m, &mr, 500, 500);
    scene_assert_rect(c->geom, 0, 0, 1280, 800);
    client_set_fullscreen(m, c, false);

    g_assert_false(mr_begin(m, &mr, dock, WM_MR_MOVE, 10, 10));
    g_assert_false(mr_begin(m, &mr, dock, WM_MR_BOTTOM, 10, 10));
    g_assert_false(mr_begin(m, &mr, desk, WM_MR_MOVE, 10, 10));
    g_assert_false(mr_begin(m, &mr, NULL, WM_MR_MOVE, 10, 10));
    g_assert_false(mr_begin(m, &mr, c, (enum wm_mr_dir)(WM_MR_MOVE + 1), 10, 10));

    /* A fixed size moves but does not resize. */
    c->hints = (wm_size_hints){.min_w = 300, .min_h = 200, .max_w = 300, .max_h = 200};
    g_assert_true(mr_begin(m, &mr, c, WM_MR_MOVE, 10, 10));
    for (enum wm_mr_dir d = WM_MR_TOPLEFT; d < WM_MR_MOVE; d++)
        g_assert_false(mr_begin(m, &mr, c, d, 10, 10));
    wm_destroy(m);
}

static void test_begin_records_and_zeroes(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    client_set_tile(m, c, WM_TILE_RIGHT);
    wm_moveresize mr;
    memset(&mr, 0xff, sizeof mr);
    g_assert_true(mr_begin(m, &mr, c, WM_MR_LEFT, 700, 300));
    g_assert_cmpuint(mr.id, ==, 1);
    g_assert_cmpint(mr.dir, ==, WM_MR_LEFT);
    g_assert_cmpint(mr.start_px, ==, 700);
    g_assert_cmpint(mr.start_py, ==, 300);
    g_assert_cmpint(mr.px, ==, 700);
    g_assert_cmpint(mr.py, ==, 300);
    scene_assert_rect(mr.start_frame, 640, 0, 640, 800);
    scene_assert_rect(mr.saved_floating, 100, 100, 300, 200);
    g_assert_cmpint(mr.saved_tile, ==, WM_TILE_RIGHT);
    g_assert_false(mr.saved_max_h || mr.saved_max_v);
    g_assert_false(mr.moved);
    g_assert_cmpint(mr.snap, ==, 0);
    g_assert_false(mr.edge_tile);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_NONE);
    wm_destroy(m);
}

static void test_vanished_client_is_harmless(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_client *other = add_floating(m, 2);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 0, 400);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_LEFT);
    wm_remove_client(m, c);
    mr_motion(m, &mr, 500, 500);
    g_assert_cmpint(mr.px, ==, 0);
    g_assert_cmpint(mr.py, ==, 400);
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 0, 0, 0);
    mr_end(m, &mr);
    mr_cancel(m, &mr);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_LEFT);
    g_assert_cmpuint(m->clients->len, ==, 1);
    scene_assert_rect(other->geom, 100, 100, 300, 200);
    g_assert_cmpint(other->tile, ==, WM_TILE_NONE);
    wm_destroy(m);
}

static void test_client_gone_fullscreen_mid_drag_stays(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 250, 90, 0);
    client_set_fullscreen(m, c, true);
    mr_motion(m, &mr, 500, 500);
    scene_assert_rect(c->floating, 100, 100, 300, 200);
    scene_assert_rect(c->geom, 0, 0, 1280, 800);
    wm_destroy(m);
}

/* ---- frame parts ---- */

typedef struct part_case {
    int x, y, part;
} part_case;

static void check_parts(int w, int h, wm_extents e, int margin, const part_case *cases, size_t n)
{
    /* "(x, y) part", so that a failure names the point. */
    for (size_t i = 0; i < n; i++) {
        int x = cases[i].x, y = cases[i].y;
        g_autofree char *got =
            g_strdup_printf("(%d, %d) %d", x, y, mr_frame_part(w, h, e, x, y, margin));
        g_autofree char *want = g_strdup_printf("(%d, %d) %d", x, y, cases[i].part);
        g_assert_cmpstr(got, ==, want);
    }
}

static void test_frame_part_thin_borders(void)
{
    /* The default frame around 300x200, 8-pixel corners. */
    static const part_case cases[] = {
        {-1, 5, -1},
        {302, 5, -1},
        {5, 221, -1},
        {5, -1, -1},
        {0, 0, WM_MR_TOPLEFT},
        {7, 7, WM_MR_TOPLEFT},
        {0, 7, WM_MR_TOPLEFT},
        {7, 0, WM_MR_TOPLEFT},
        {301, 0, WM_MR_TOPRIGHT},
        {294, 7, WM_MR_TOPRIGHT},
        {150, 0, WM_MR_TOP},
        {8, 0, WM_MR_TOP},
        {150, 1, WM_MR_MOVE},
        {150, 19, WM_MR_MOVE},
        {7, 10, WM_MR_MOVE},
        {293, 5, WM_MR_MOVE},
        {0, 10, WM_MR_LEFT},
        {0, 100, WM_MR_LEFT},
        {0, 212, WM_MR_LEFT},
        {301, 100, WM_MR_RIGHT},
        {150, 220, WM_MR_BOTTOM},
        {8, 220, WM_MR_BOTTOM},
        {293, 220, WM_MR_BOTTOM},
        /* Corners reach 8 pixels along 1-pixel borders. */
        {0, 220, WM_MR_BOTTOMLEFT},
        {7, 220, WM_MR_BOTTOMLEFT},
        {0, 213, WM_MR_BOTTOMLEFT},
        {301, 220, WM_MR_BOTTOMRIGHT},
        {294, 220, WM_MR_BOTTOMRIGHT},
        {301, 213, WM_MR_BOTTOMRIGHT},
        /* The client's own, even in a corner's square. */
        {3, 215, -1},
        {1, 20, -1},
        {300, 219, -1},
        {150, 100, -1},
    };
    check_parts(302, 221, (wm_extents){1, 1, 20, 1}, 8, cases, G_N_ELEMENTS(cases));
}

static void test_frame_part_thick_borders(void)
{
    static const part_case cases[] = {
        {2, 100, WM_MR_LEFT},
        {3, 100, WM_MR_LEFT},
        {4, 100, -1},
        {296, 100, WM_MR_RIGHT},
        {295, 100, -1},
        {150, 196, WM_MR_BOTTOM},
        {150, 195, -1},
        {150, 3, WM_MR_TOP},
        {150, 4, WM_MR_MOVE},
        {150, 23, WM_MR_MOVE},
        {150, 24, -1},
        {9, 9, WM_MR_TOPLEFT},
        {9, 15, WM_MR_MOVE},
        {3, 15, WM_MR_LEFT},
        {290, 9, WM_MR_TOPRIGHT},
        {289, 9, WM_MR_MOVE},
        {9, 199, WM_MR_BOTTOMLEFT},
        {10, 199, WM_MR_BOTTOM},
        {3, 190, WM_MR_BOTTOMLEFT},
        {3, 189, WM_MR_LEFT},
        {299, 199, WM_MR_BOTTOMRIGHT},
        {296, 190, WM_MR_BOTTOMRIGHT},
        {296, 189, WM_MR_RIGHT},
    };
    check_parts(300, 200, (wm_extents){4, 4, 24, 4}, 10, cases, G_N_ELEMENTS(cases));
}

static void test_frame_part_without_title(void)
{
    /* Borders only: the whole top border is the top edge. */
    static const part_case cases[] = {
        {150, 0, WM_MR_TOP},
        {150, 1, WM_MR_TOP},
        {150, 2, -1},
        {0, 0, WM_MR_TOPLEFT},
    };
    check_parts(300, 200, (wm_extents){2, 2, 2, 2}, 8, cases, G_N_ELEMENTS(cases));
}

static void test_frame_part_small_frame(void)
{
    /* Narrower than two corners: the nearer corner wins. */
    static const part_case cases[] = {
        {2, 0, WM_MR_TOPLEFT},
        {7, 0, WM_MR_TOPRIGHT},
        {0, 9, WM_MR_BOTTOMLEFT},
        {9, 9, WM_MR_BOTTOMRIGHT},
        {5, 5, -1},
    };
    check_parts(10, 10, (wm_extents){1, 1, 1, 1}, 8, cases, G_N_ELEMENTS(cases));
}

/* ---- property ---- */

static int rand_range(int lo, int hi) /* [lo, hi] */
{
    return g_test_rand_int_range(lo, hi + 1);
}

static bool dir_moves_left(enum wm_mr_dir d)
{
    return d == WM_MR_TOPLEFT || d == WM_MR_LEFT || d == WM_MR_BOTTOMLEFT;
}

static bool dir_moves_top(enum wm_mr_dir d)
{
    return d == WM_MR_TOPLEFT || d == WM_MR_TOP || d == WM_MR_TOPRIGHT;
}

static bool dir_moves_horizontally(enum wm_mr_dir d)
{
    return d != WM_MR_TOP && d != WM_MR_BOTTOM;
}

static bool dir_moves_vertically(enum wm_mr_dir d)
{
    return d != WM_MR_LEFT && d != WM_MR_RIGHT;
}

static void test_random_resizes_respect_hints(void)
{
    /* Replay a failure with --seed. */
    wm *m = wm_create(1280, 800);
    wm_client *c = add_floating(m, 1);
    add_at(m, 2, 600, 300, 300, 200);
    wm_moveresize mr = {0};
    bool active = false;
    int motions = 0, drags = 0;
    while (motions < 2000) {
        if (!active || rand_range(0, 9) == 0) {
            /* A new drag with new hints, from a random state. */
            if (active)
                mr_cancel(m, &mr);
            wm_size_hints h = {0};
            if (rand_range(0, 2)) {
                h.min_w = rand_range(0, 300);
                h.min_h = rand_range(0, 300);
            }
            if (rand_range(0, 1)) {
                h.base_w = rand_range(0, 40);
                h.base_h = rand_range(0, 40);
                h.inc_w = rand_range(0, 25);
                h.inc_h = rand_range(0, 25);
            }
            if (rand_range(0, 2)) {
                /* Consistent hints: a maximum not below the minimum (ICCCM:
                 * the base size when no minimum is given). A client that
                 * contradicts itself gets its minimum, as constraints.c
                 * tests. */
                h.max_w = rand_range(MAX(MAX(h.min_w, h.base_w), 1), 900);
                h.max_h = rand_range(MAX(MAX(h.min_h, h.base_h), 1), 700);
            }
            if (rand_range(0, 3) == 0) {
                h.min_aspect_num = rand_range(1, 4);
                h.min_aspect_den = rand_range(1, 4);
                h.max_aspect_num = rand_range(1, 4) * 4;
                h.max_aspect_den = rand_range(1, 4);
            }
            c->hints = h;
            client_set_tile(m, c, WM_TILE_NONE);
            client_set_maximized(m, c, false, false);
            c->floating = (wm_rect){rand_range(0, 900), rand_range(20, 600), rand_range(1, 500),
                                    rand_range(1, 500)};
            client_relayout(m, c);
            int state = rand_range(0, 3);
            if (state == 1)
                client_set_maximized(m, c, true, true);
            else if (state == 2)
                client_set_tile(m, c, WM_TILE_LEFT);
            enum wm_mr_dir dir = (enum wm_mr_dir)rand_range(WM_MR_TOPLEFT, WM_MR_LEFT);
            wm_rect f = client_frame_rect(m, c);
            active = mr_begin(m, &mr, c, dir, f.x + rand_range(0, f.w - 1),
                              f.y + rand_range(0, f.h - 1));
            if (!active) {
                /* Only a fixed size refuses a resize. */
                g_assert_true(client_fixed_size(c));
                continue;
            }
            mr.snap = rand_range(0, 20);
            drags++;
        }
        mr_motion(m, &mr, rand_range(-500, 2000), rand_range(-500, 1500));
        motions++;
        const wm_size_hints *h = &c->hints;
        int w = c->geom.w, hh = c->geom.h;
        g_assert_cmpint(w, >=, 1);
        g_assert_cmpint(hh, >=, 1);
        g_assert_cmpint(w, >=, h->min_w ? h->min_w : h->base_w);
        g_assert_cmpint(hh, >=, h->min_h ? h->min_h : h->base_h);
        if (h->max_w > 0)
            g_assert_cmpint(w, <=, h->max_w);
        if (h->max_h > 0)
            g_assert_cmpint(hh, <=, h->max_h);
        if (mr.moved)
            assert_shown_floating(c);
        /* The edges the direction does not name stay where they were. */
        wm_rect s = mr.start_frame, f = client_frame_rect(m, c);
        if (dir_moves_horizontally(mr.dir) && dir_moves_left(mr.dir))
            g_assert_cmpint(f.x + f.w, ==, s.x + s.w);
        else
            g_assert_cmpint(f.x, ==, s.x);
        if (dir_moves_vertically(mr.dir) && dir_moves_top(mr.dir))
            g_assert_cmpint(f.y + f.h, ==, s.y + s.h);
        else
            g_assert_cmpint(f.y, ==, s.y);
    }
    g_test_message("%d motions over %d drags", motions, drags);
    g_assert_cmpint(drags, >, 100);
    wm_destroy(m);
}

/* ---- client-side decorations ---- */

/* GTK's shadow: 20 left and right, 15 at the top, 25 at the bottom. A CSD
 * window of 340x240 shows 300x200. */
static const wm_extents shadow = {20, 20, 15, 25};

static wm_client *add_csd(wm *m, uint32_t id, int x, int y)
{
    wm_client *c = add_at(m, id, x, y, 340, 240);
    g_assert_true(client_set_csd(m, c, true, shadow));
    /* Back where the test wants it (losing the frame moved it). */
    c->floating = (wm_rect){x, y, 340, 240};
    client_relayout(m, c);
    return c;
}

#define assert_visible(m, c, x, y, w, h)                                                           \
    scene_assert_rect(client_visible_rect((m), (c)), x, y, w, h)

static void test_csd_snaps_at_visible_edges(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_csd(m, 1, 100, 100); /* shows at (120,115) */
    add_csd(m, 2, 500, 100);                /* shows at (520,115) */
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 150, 10);
    /* What shows 6 pixels from the screen's left edge: snaps to it, the
     * shadow off the screen. */
    mr_motion(m, &mr, 200 - 114, 150);
    assert_visible(m, c, 0, 115, 300, 200);
    g_assert_cmpint(c->geom.x, ==, -20);
    /* Its visible right edge 6 short of the other's visible left edge,
     * though their shadows overlap: snaps to touch. */
    mr_motion(m, &mr, 200 + 94, 150);
    assert_visible(m, c, 220, 115, 300, 200);
    /* The corner: visible left 3 and top 5 from the screen's. */
    mr_motion(m, &mr, 200 - 117, 150 - 110);
    assert_visible(m, c, 0, 0, 300, 200);
    wm_destroy(m);
}

static void test_csd_resize_snaps_visible_edge(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_csd(m, 1, 100, 100); /* shows (120,115) to (420,315) */
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_RIGHT, 420, 200, 10);
    /* The visible right edge 7 short of the screen's: snaps, and the X
     * window reaches 20 past it. */
    mr_motion(m, &mr, 420 + 853, 200);
    assert_visible(m, c, 120, 115, 1160, 200);
    scene_assert_rect(c->geom, 100, 100, 1200, 240);
    wm_destroy(m);
}

static void test_csd_edge_zones_fill_by_visible_part(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_csd(m, 1, 100, 100);
    wm_moveresize mr;
    begin(m, &mr, c, WM_MR_MOVE, 200, 150, 0);
    mr.edge_tile = true;
    mr_motion(m, &mr, 0, 400);
    g_assert_cmpint(mr.zone, ==, WM_ZONE_LEFT);
    scene_assert_rect(mr_zone_rect(m, &mr), 0, 0, 640, 800);
    mr_end(m, &mr);
    g_assert_cmpint(c->tile, ==, WM_TILE_LEFT);
    assert_visible(m, c, 0, 0, 640, 800);
    scene_assert_rect(c->geom, -20, -15, 680, 840);
    wm_destroy(m);
}

static void test_csd_drag_maximized_restores_under_pointer(void)
{
    wm *m = wm_create(1280, 800);
    wm_client *c = add_csd(m, 1, 100, 100);
    client_set_maximized(m, c, true, true);
    wm_moveresize mr;
    /* Grabbed 10 pixels into what shows, at its middle. */
    begin(m, &mr, c, WM_MR_MOVE, 640, 10, 0);
    mr_motion(m, &mr, 640, 100);
    g_assert_false(c->max_h || c->max_v);
    /* Restored to 300x200 showing, the pointer still 10 pixels into it
     * and half way along. */
    assert_visible(m, c, 640 - 150, 100 - 10, 300, 200);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* A failed rule fails its test; the other rules are still checked. */
    g_test_set_nonfatal_assertions();
    g_test_add_func("/moveresize/move/waits-for-threshold", test_move_waits_for_threshold);
    g_test_add_func("/moveresize/move/follows-pointer", test_move_follows_pointer);
    g_test_add_func("/moveresize/move/keyboard-steps", test_move_keyboard_steps);
    g_test_add_func("/moveresize/move/keeps-title-reachable", test_move_keeps_title_reachable);
    g_test_add_func("/moveresize/snap/to-monitor-edges", test_snap_to_monitor_edges);
    g_test_add_func("/moveresize/snap/to-work-area-not-screen", test_snap_to_work_area_not_screen);
    g_test_add_func("/moveresize/snap/to-other-window", test_snap_to_other_window);
    g_test_add_func("/moveresize/snap/needs-overlap-along-the-edge",
                    test_snap_needs_overlap_along_the_edge);
    g_test_add_func("/moveresize/snap/top-to-bottom-of-other", test_snap_top_to_bottom_of_other);
    g_test_add_func("/moveresize/snap/ignores-hidden-windows", test_snap_ignores_hidden_windows);
    g_test_add_func("/moveresize/snap/distance-zero-never-snaps",
                    test_snap_distance_zero_never_snaps);
    g_test_add_func("/moveresize/snap/resize-moves-only-named-edges",
                    test_snap_frame_resize_moves_only_named_edges);
    g_test_add_func("/moveresize/snap/resize-edge", test_snap_resize_edge);
    g_test_add_func("/moveresize/resize/each-direction", test_resize_each_direction);
    g_test_add_func("/moveresize/resize/needs-no-threshold", test_resize_needs_no_threshold);
    g_test_add_func("/moveresize/resize/min-size-keeps-fixed-edge",
                    test_resize_min_size_keeps_fixed_edge);
    g_test_add_func("/moveresize/resize/max-size-keeps-fixed-edge",
                    test_resize_max_size_keeps_fixed_edge);
    g_test_add_func("/moveresize/resize/increments-keep-fixed-edge",
                    test_resize_increments_keep_fixed_edge);
    g_test_add_func("/moveresize/resize/past-opposite-edge-does-not-invert",
                    test_resize_past_opposite_edge_does_not_invert);
    g_test_add_func("/moveresize/resize/past-opposite-edge-with-minimum",
                    test_resize_past_opposite_edge_with_minimum);
    g_test_add_func("/moveresize/resize/maximized-starts-from-what-shows",
                    test_resize_maximized_starts_from_what_shows);
    g_test_add_func("/moveresize/resize/tiled-starts-from-what-shows",
                    test_resize_tiled_starts_from_what_shows);
    g_test_add_func("/moveresize/resize/shaded-only-sideways", test_resize_shaded_only_sideways);
    g_test_add_func("/moveresize/drag/maximized-restores-under-pointer",
                    test_drag_maximized_restores_under_pointer);
    g_test_add_func("/moveresize/drag/maximized-keeps-relative-position",
                    test_drag_maximized_keeps_relative_position);
    g_test_add_func("/moveresize/drag/maximized-from-below-strip",
                    test_drag_maximized_from_below_strip);
    g_test_add_func("/moveresize/drag/shaded-maximized-keeps-shaded-frame",
                    test_drag_shaded_maximized_keeps_shaded_frame);
    g_test_add_func("/moveresize/drag/tiled-restores-under-pointer",
                    test_drag_tiled_restores_under_pointer);
    g_test_add_func("/moveresize/zone/single-monitor", test_zones_single_monitor);
    g_test_add_func("/moveresize/zone/off-without-edge-tile", test_zones_off_without_edge_tile);
    g_test_add_func("/moveresize/zone/need-allowed-actions", test_zones_need_allowed_actions);
    g_test_add_func("/moveresize/zone/not-at-shared-edges", test_zones_not_at_shared_edges);
    g_test_add_func("/moveresize/zone/where-offset-monitors-leave-an-edge",
                    test_zones_where_offset_monitors_leave_an_edge);
    g_test_add_func("/moveresize/zone/not-at-shared-top-edge", test_zones_not_at_shared_top_edge);
    g_test_add_func("/moveresize/zone/rects", test_zone_rects);
    g_test_add_func("/moveresize/zone/rect-on-second-monitor", test_zone_rect_on_second_monitor);
    g_test_add_func("/moveresize/end/tiles-and-maximizes", test_end_tiles_and_maximizes);
    g_test_add_func("/moveresize/end/in-a-zone-restores-to-before-the-drag",
                    test_end_in_a_zone_restores_to_before_the_drag);
    g_test_add_func("/moveresize/end/without-zone-changes-nothing",
                    test_end_without_zone_changes_nothing);
    g_test_add_func("/moveresize/end/tiles-on-the-monitor-of-the-zone",
                    test_end_tiles_on_the_monitor_of_the_zone);
    g_test_add_func("/moveresize/cancel/restores-move", test_cancel_restores_move);
    g_test_add_func("/moveresize/cancel/restores-resize", test_cancel_restores_resize);
    g_test_add_func("/moveresize/cancel/after-maximized-drag", test_cancel_after_maximized_drag);
    g_test_add_func("/moveresize/cancel/after-tiled-resize", test_cancel_after_tiled_resize);
    g_test_add_func("/moveresize/cancel/half-maximized", test_cancel_half_maximized);
    g_test_add_func("/moveresize/begin/refuses", test_begin_refuses);
    g_test_add_func("/moveresize/begin/records-and-zeroes", test_begin_records_and_zeroes);
    g_test_add_func("/moveresize/vanished-client-is-harmless", test_vanished_client_is_harmless);
    g_test_add_func("/moveresize/fullscreen-mid-drag-wins",
                    test_client_gone_fullscreen_mid_drag_stays);
    g_test_add_func("/moveresize/frame-part/thin-borders", test_frame_part_thin_borders);
    g_test_add_func("/moveresize/frame-part/thick-borders", test_frame_part_thick_borders);
    g_test_add_func("/moveresize/frame-part/without-title", test_frame_part_without_title);
    g_test_add_func("/moveresize/frame-part/small-frame", test_frame_part_small_frame);
    g_test_add_func("/moveresize/property/random-resizes-respect-hints",
                    test_random_resizes_respect_hints);
    g_test_add_func("/moveresize/csd/snaps-at-visible-edges", test_csd_snaps_at_visible_edges);
    g_test_add_func("/moveresize/csd/resize-snaps-visible-edge",
                    test_csd_resize_snaps_visible_edge);
    g_test_add_func("/moveresize/csd/edge-zones-fill-by-visible-part",
                    test_csd_edge_zones_fill_by_visible_part);
    g_test_add_func("/moveresize/csd/drag-maximized-restores-under-pointer",
                    test_csd_drag_maximized_restores_under_pointer);
    return g_test_run();
}
