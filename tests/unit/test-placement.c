/*
 * Where a new window goes (src/wm/placement.c): a user's position is kept,
 * a program's when its title strip shows, dialogs are centred on their
 * parent inside the parent's monitor's work area, splash screens on the
 * pointer's monitor, anything else where it overlaps least on the monitor
 * with the pointer (or the focused window), centred when that is empty.
 *
 * Windows are placed as manage does it: before wm_add_client(). Frames add
 * the model's default extents: 1 pixel left, right and bottom, 20 at the
 * top, so a 300x200 window has a 302x221 frame.
 */
#include <glib.h>

#include "scene.h"
#include "wm/wm.h"

/* A window about to be managed that asked for r. */
static wm_client *new_window(uint32_t id, enum wm_type type, wm_rect r)
{
    wm_client *c = client_create(id);
    c->type = type;
    c->geom = r;
    c->floating = r;
    return c;
}

static wm_client *new_dialog(uint32_t id, uint32_t parent, wm_rect r)
{
    wm_client *c = new_window(id, WM_TYPE_DIALOG, r);
    c->transient_for_id = parent;
    return c;
}

/* Place c with the pointer at (px, py), or with no pointer when px < 0,
 * and manage it. */
static void map(wm *m, wm_client *c, int px, int py)
{
    client_resolve_transient(m, c);
    place_new_client(m, c, px >= 0, MAX(px, 0), MAX(py, 0));
    wm_add_client(m, c);
    g_assert_true(rect_equal(c->geom, c->floating));
}

#define NO_POINTER -1, -1

/* A 1280x1024 monitor and a 1920x1080 one to its right. */
static const wm_rect two[] = {{0, 0, 1280, 1024}, {1280, 0, 1920, 1080}};

static bool frame_inside(wm_rect f, wm_rect area)
{
    return f.x >= area.x && f.y >= area.y && f.x + f.w <= area.x + area.w &&
           f.y + f.h <= area.y + area.h;
}

/* ---- positions given ---- */

static void test_user_position_kept(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    wm_client *c = new_window(2, WM_TYPE_NORMAL, (wm_rect){150, 150, 300, 200});
    c->hints.user_position = true;
    map(m, c, 640, 512);
    scene_assert_rect(c->geom, 150, 150, 300, 200);
    wm_destroy(m);
}

static void test_user_position_kept_for_dialog(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 800, 600});
    wm_client *d = new_dialog(2, 1, (wm_rect){950, 700, 200, 100});
    d->hints.user_position = true;
    map(m, d, 640, 512);
    g_assert_nonnull(d->transient_for);
    scene_assert_rect(d->geom, 950, 700, 200, 100);
    wm_destroy(m);
}

static void test_sane_program_position_kept(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 300, 200});
    wm_client *c = new_window(2, WM_TYPE_NORMAL, (wm_rect){150, 150, 300, 200});
    c->hints.program_position = true;
    map(m, c, 640, 512);
    scene_assert_rect(c->geom, 150, 150, 300, 200);
    wm_destroy(m);
}

static void test_program_position_on_other_monitor_kept(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){2000, 600, 300, 200});
    c->hints.program_position = true;
    map(m, c, 100, 100);
    scene_assert_rect(c->geom, 2000, 600, 300, 200);
    wm_destroy(m);
}

static void test_program_position_partly_off_kept_while_title_shows(void)
{
    wm *m = wm_create(1280, 1024);
    /* Frame (-201,280) 302x221: 101 pixels of its title strip show. */
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){-200, 300, 300, 200});
    c->hints.program_position = true;
    map(m, c, 640, 512);
    scene_assert_rect(c->geom, -200, 300, 300, 200);
    wm_destroy(m);
}

static void test_insane_program_position_replaced(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){5000, 5000, 300, 200});
    c->hints.program_position = true;
    map(m, c, 640, 512);
    /* Placed as if it had given none: centred on the empty monitor. */
    scene_assert_rect(c->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

static void test_title_strip_above_screen_is_insane(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){490, 10, 300, 200});
    c->hints.program_position = true;
    map(m, c, 640, 512);
    /* Its frame would start at y -10: not where the program said. */
    scene_assert_rect(c->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

/* ---- dialogs and splash screens ---- */

static void test_dialog_centred_on_parent(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 800, 600});
    wm_client *d = new_dialog(2, 1, (wm_rect){0, 0, 300, 200});
    /* The pointer on the other monitor does not matter. */
    map(m, d, 2000, 500);
    /* Parent frame (99,80) 802x621, dialog frame 302x221. */
    scene_assert_rect(client_frame_rect(m, d), 349, 280, 302, 221);
    scene_assert_rect(d->geom, 350, 300, 300, 200);
    wm_destroy(m);
}

static void test_dialog_centred_on_parent_ignores_program_position(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 800, 600});
    wm_client *d = new_dialog(2, 1, (wm_rect){0, 0, 300, 200});
    d->hints.program_position = true;
    map(m, d, 640, 512);
    scene_assert_rect(d->geom, 350, 300, 300, 200);
    wm_destroy(m);
}

static void test_dialog_inside_parent_monitor_work_area(void)
{
    /* Two 1000x800 monitors; a 40-pixel panel on the right one. The
     * parent sits high on the right one; its dialog, larger than the
     * parent, would overhang the top of the monitor and its right edge. */
    wm *m = wm_create(1, 1);
    const wm_rect mons[] = {{0, 0, 1000, 800}, {1000, 0, 1000, 800}};
    scene_monitors(m, mons, 2);
    scene_add_dock(m, 9, (wm_strut){.top = 40, .top_start = 1000, .top_end = 1999});
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1601, 60, 300, 100});
    wm_client *d = new_dialog(2, 1, (wm_rect){0, 0, 500, 400});
    map(m, d, 100, 100);
    wm_rect f = client_frame_rect(m, d);
    wm_rect work = monitor_get(m, 1)->work;
    scene_assert_rect(work, 1000, 40, 1000, 760);
    g_assert_true(frame_inside(f, work));
    scene_assert_rect(f, 1498, 40, 502, 421);
    scene_assert_rect(d->geom, 1499, 60, 500, 400);
    wm_destroy(m);
}

static void test_splash_centred_on_pointer_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    wm_client *s = new_window(1, WM_TYPE_SPLASH, (wm_rect){0, 0, 400, 300});
    map(m, s, 2000, 500);
    scene_assert_rect(s->geom, 2040, 390, 400, 300);
    wm_client *t = new_window(2, WM_TYPE_SPLASH, (wm_rect){3000, 900, 400, 300});
    t->hints.program_position = true;
    map(m, t, 10, 10);
    scene_assert_rect(t->geom, 440, 362, 400, 300);
    wm_destroy(m);
}

/* ---- the least overlap ---- */

static void test_new_window_on_empty_monitor_centred(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, 640, 512);
    scene_assert_rect(client_frame_rect(m, c), 489, 401, 302, 221);
    scene_assert_rect(c->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

static void test_new_window_centred_in_work_area(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_dock(m, 9, (wm_strut){.top = 30, .top_start = 0, .top_end = 1279});
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, 640, 512);
    scene_assert_rect(c->geom, 490, 436, 300, 200);
    wm_destroy(m);
}

static void test_windows_on_other_monitor_leave_it_empty(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1400, 100, 1600, 900});
    wm_client *c = new_window(2, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, 640, 512);
    scene_assert_rect(c->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

static void test_second_window_does_not_overlap_when_there_is_room(void)
{
    wm *m = wm_create(1280, 1024);
    wm_rect work = monitor_get(m, 0)->work;
    wm_client *placed[3];
    for (uint32_t i = 0; i < G_N_ELEMENTS(placed); i++) {
        placed[i] = new_window(i + 1, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
        map(m, placed[i], 640, 512);
        wm_rect f = client_frame_rect(m, placed[i]);
        g_assert_true(frame_inside(f, work));
        for (uint32_t k = 0; k < i; k++) {
            g_autofree char *a = scene_rect(f);
            g_autofree char *b = scene_rect(client_frame_rect(m, placed[k]));
            g_test_message("window %u at %s, window %u at %s", i + 1, a, k + 1, b);
            g_assert_cmpint(rect_overlap_area(f, client_frame_rect(m, placed[k])), ==, 0);
        }
    }
    scene_assert_rect(placed[0]->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

static void test_hidden_windows_do_not_count_as_overlap(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *other_ws = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){490, 421, 300, 200});
    workspace_move_client(m, other_ws, 1);
    wm_client *minimized = scene_add_at(m, 2, WM_TYPE_NORMAL, (wm_rect){490, 421, 300, 200});
    client_set_minimized(m, minimized, true);
    wm_client *c = new_window(3, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, 640, 512);
    scene_assert_rect(c->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

/* With one window on the monitor, a new one fits beside it without overlap
 * when one of the four strips around it is wide or tall enough: then
 * placement must find such a spot. Random windows, a fixed seed. */
static void test_second_window_finds_room_whenever_there_is_some(void)
{
    const char *env = g_getenv("PURR_TEST_SEED");
    guint32 seed = env ? (guint32)g_ascii_strtoull(env, NULL, 0) : 20260611u;
    g_test_message("seed %u (PURR_TEST_SEED=%u reproduces this run)", seed, seed);
    GRand *r = g_rand_new_with_seed(seed);
    int with_room = 0;
    for (int n = 0; n < 3000; n++) {
        wm *m = wm_create(1280, 1024);
        int panel = g_rand_int_range(r, 0, 2) ? g_rand_int_range(r, 1, 60) : 0;
        if (panel)
            scene_add_dock(m, 9, (wm_strut){.top = panel, .top_start = 0, .top_end = 1279});
        wm_rect g = {g_rand_int_range(r, -200, 1280), g_rand_int_range(r, 0, 1024),
                     g_rand_int_range(r, 50, 1200), g_rand_int_range(r, 50, 900)};
        wm_client *o = scene_add_at(m, 1, WM_TYPE_NORMAL, g);
        wm_client *c =
            new_window(2, WM_TYPE_NORMAL,
                       (wm_rect){0, 0, g_rand_int_range(r, 50, 900), g_rand_int_range(r, 50, 700)});
        wm_rect work = monitor_get(m, 0)->work, of = client_frame_rect(m, o);
        wm_rect want = rect_grow(c->floating, m->frame_extents);
        bool fits = want.w <= work.w && want.h <= work.h;
        bool room = fits && (!rect_intersects(of, work) || of.x - work.x >= want.w ||
                             work.x + work.w - (of.x + of.w) >= want.w || of.y - work.y >= want.h ||
                             work.y + work.h - (of.y + of.h) >= want.h);
        map(m, c, 640, 512);
        wm_rect f = client_frame_rect(m, c);
        if (room) {
            with_room++;
            if (rect_overlap_area(f, of) != 0 || !frame_inside(f, work)) {
                g_autofree char *a = scene_rect(of), *b = scene_rect(f), *w = scene_rect(work);
                g_test_fail_printf("seed %u, case %d: work %s, window at %s; new frame at %s "
                                   "overlaps it or leaves the work area",
                                   seed, n, w, a, b);
                wm_destroy(m);
                break;
            }
        }
        wm_destroy(m);
    }
    g_rand_free(r);
    g_assert_cmpint(with_room, >, 1000);
}

/* ---- which monitor ---- */

static void test_placed_on_pointer_monitor(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, 2000, 500);
    scene_assert_rect(c->geom, 2090, 449, 300, 200);
    wm_client *d = new_window(2, WM_TYPE_NORMAL, (wm_rect){2000, 500, 300, 200});
    map(m, d, 10, 1000);
    scene_assert_rect(d->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

static void test_placed_on_focused_window_monitor_without_pointer(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    wm_client *f = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1400, 100, 300, 200});
    focus_set(m, f);
    wm_client *c = new_window(2, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, NO_POINTER);
    scene_assert_rect(c->geom, 2090, 449, 300, 200);
    wm_destroy(m);
}

static void test_placed_on_first_monitor_without_pointer_or_focus(void)
{
    wm *m = wm_create(1, 1);
    scene_monitors(m, two, 2);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){2000, 500, 300, 200});
    map(m, c, NO_POINTER);
    scene_assert_rect(c->geom, 490, 421, 300, 200);
    wm_destroy(m);
}

static void test_docks_keep_their_position(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *d = new_window(1, WM_TYPE_DOCK, (wm_rect){0, 994, 1280, 30});
    map(m, d, 640, 512);
    scene_assert_rect(d->geom, 0, 994, 1280, 30);
    wm_client *k = new_window(2, WM_TYPE_DESKTOP, (wm_rect){0, 0, 1280, 1024});
    map(m, k, 640, 512);
    scene_assert_rect(k->geom, 0, 0, 1280, 1024);
    wm_destroy(m);
}

/* ---- client-side decorations ---- */

/* GTK's shadow: 20 left and right, 15 at the top, 25 at the bottom. */
static const wm_extents shadow = {20, 20, 15, 25};

static void test_csd_placed_by_visible_rect(void)
{
    wm *m = wm_create(1280, 1024);
    /* A window whose frame fills the left half. */
    scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){1, 20, 638, 1003});
    /* A CSD window of 340x240, 300x200 of which shows. */
    wm_client *c = new_window(2, WM_TYPE_NORMAL, (wm_rect){0, 0, 340, 240});
    g_assert_true(client_set_csd(m, c, true, shadow));
    map(m, c, NO_POINTER);
    /* What shows goes right beside the frame, in the work area's top
     * corner; its shadow overlaps the frame and leaves the screen. */
    scene_assert_rect(client_visible_rect(m, c), 640, 0, 300, 200);
    scene_assert_rect(c->geom, 620, -15, 340, 240);
    wm_destroy(m);
}

static void test_csd_shadow_of_others_is_no_overlap(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *o = scene_add_at(m, 1, WM_TYPE_NORMAL, (wm_rect){100, 100, 340, 240});
    g_assert_true(client_set_csd(m, o, true, shadow));
    client_set_tile(m, o, WM_TILE_LEFT); /* shows on 0..640, its window reaches 660 */
    wm_client *c = new_window(2, WM_TYPE_NORMAL, (wm_rect){0, 0, 300, 200});
    map(m, c, NO_POINTER);
    scene_assert_rect(client_frame_rect(m, c), 640, 0, 302, 221);
    wm_destroy(m);
}

static void test_csd_larger_than_work_area_fits_by_visible_part(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = new_window(1, WM_TYPE_NORMAL, (wm_rect){0, 0, 1500, 1200});
    g_assert_true(client_set_csd(m, c, true, shadow));
    map(m, c, NO_POINTER);
    scene_assert_rect(client_visible_rect(m, c), 0, 0, 1280, 1024);
    scene_assert_rect(c->geom, -20, -15, 1320, 1064);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* A failed rule fails its test; the other rules are still checked. */
    g_test_set_nonfatal_assertions();
    g_test_add_func("/placement/user-position-kept", test_user_position_kept);
    g_test_add_func("/placement/user-position-kept-for-dialog", test_user_position_kept_for_dialog);
    g_test_add_func("/placement/sane-program-position-kept", test_sane_program_position_kept);
    g_test_add_func("/placement/program-position-on-other-monitor-kept",
                    test_program_position_on_other_monitor_kept);
    g_test_add_func("/placement/program-position-partly-off-kept-while-title-shows",
                    test_program_position_partly_off_kept_while_title_shows);
    g_test_add_func("/placement/insane-program-position-replaced",
                    test_insane_program_position_replaced);
    g_test_add_func("/placement/title-strip-above-screen-is-insane",
                    test_title_strip_above_screen_is_insane);
    g_test_add_func("/placement/dialog-centred-on-parent", test_dialog_centred_on_parent);
    g_test_add_func("/placement/dialog-centred-on-parent-ignores-program-position",
                    test_dialog_centred_on_parent_ignores_program_position);
    g_test_add_func("/placement/dialog-inside-parent-monitor-work-area",
                    test_dialog_inside_parent_monitor_work_area);
    g_test_add_func("/placement/splash-centred-on-pointer-monitor",
                    test_splash_centred_on_pointer_monitor);
    g_test_add_func("/placement/new-window-on-empty-monitor-centred",
                    test_new_window_on_empty_monitor_centred);
    g_test_add_func("/placement/new-window-centred-in-work-area",
                    test_new_window_centred_in_work_area);
    g_test_add_func("/placement/windows-on-other-monitor-leave-it-empty",
                    test_windows_on_other_monitor_leave_it_empty);
    g_test_add_func("/placement/second-window-does-not-overlap-when-there-is-room",
                    test_second_window_does_not_overlap_when_there_is_room);
    g_test_add_func("/placement/second-window-finds-room-whenever-there-is-some",
                    test_second_window_finds_room_whenever_there_is_some);
    g_test_add_func("/placement/hidden-windows-do-not-count-as-overlap",
                    test_hidden_windows_do_not_count_as_overlap);
    g_test_add_func("/placement/placed-on-pointer-monitor", test_placed_on_pointer_monitor);
    g_test_add_func("/placement/placed-on-focused-window-monitor-without-pointer",
                    test_placed_on_focused_window_monitor_without_pointer);
    g_test_add_func("/placement/placed-on-first-monitor-without-pointer-or-focus",
                    test_placed_on_first_monitor_without_pointer_or_focus);
    g_test_add_func("/placement/docks-keep-their-position", test_docks_keep_their_position);
    g_test_add_func("/placement/csd/placed-by-visible-rect", test_csd_placed_by_visible_rect);
    g_test_add_func("/placement/csd/shadow-of-others-is-no-overlap",
                    test_csd_shadow_of_others_is_no_overlap);
    g_test_add_func("/placement/csd/larger-than-work-area-fits-by-visible-part",
                    test_csd_larger_than_work_area_fits_by_visible_part);
    return g_test_run();
}
