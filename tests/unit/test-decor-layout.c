/*
 * Frame layout (src/decor/layout.c): GNOME's button-layout syntax, where
 * the title strip, the title, the buttons and the tab bar go for a frame
 * width, which buttons the allowed actions hide, the order buttons are
 * dropped in when a frame is narrow, right-to-left mirroring, hit testing,
 * and a property test over random metrics and widths.
 *
 * The default metrics are a border of 4 on every side, a title strip 24
 * high with 4 of padding all round, buttons 20x20, 4 apart, a 16 pixel
 * icon. A frame 300 wide then has its strip at (4,4) 292x24, the padded
 * area inside it at (8,8) 284x16, and 20-high buttons reach 2 pixels into
 * the padding: y 6.
 */
#include <glib.h>
#include <string.h>

#include "decor/layout.h"
#include "scene.h"
#include "wm/wm.h"

#define ALL_ACTIONS 0xFFFu

static const decor_metrics defaults = {
    .border = {4, 4, 4, 4},
    .title_height = 24,
    .pad_left = 4,
    .pad_right = 4,
    .pad_top = 4,
    .pad_bottom = 4,
    .button_w = 20,
    .button_h = 20,
    .spacing = 4,
    .icon_size = 16,
    .tab_height = 0,
};

/* A parsed layout written back in its own syntax ("menu:close"), the
 * right side after the ':' even when empty; g_free it. */
static char *layout_string(const decor_button_layout *bl)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < bl->n_left; i++)
        g_string_append_printf(s, "%s%s", i ? "," : "", decor_button_name(bl->left[i]));
    g_string_append_c(s, ':');
    for (int i = 0; i < bl->n_right; i++)
        g_string_append_printf(s, "%s%s", i ? "," : "", decor_button_name(bl->right[i]));
    return g_string_free(s, FALSE);
}

/* Parse text; the result must be ok and read back as expected. */
static void assert_parse(const char *text, bool ok, const char *expected)
{
    decor_button_layout bl;
    memset(&bl, 0x55, sizeof bl); /* the parser must clear what it is given */
    g_assert_cmpint(decor_parse_button_layout(text, &bl), ==, ok);
    g_autofree char *got = layout_string(&bl);
    g_assert_cmpstr(got, ==, expected);
}

static decor_button_layout parse(const char *text)
{
    decor_button_layout bl;
    g_assert_true(decor_parse_button_layout(text, &bl));
    return bl;
}

/* The buttons of a layout, "kind x,y wxh" joined by " | "; g_free it. */
static char *buttons_string(const decor_layout *l)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < l->n_buttons; i++) {
        const decor_rect_button *b = &l->buttons[i];
        g_autofree char *r = scene_rect(b->rect);
        g_string_append_printf(s, "%s%s %s", i ? " | " : "", decor_button_name(b->kind), r);
    }
    return g_string_free(s, FALSE);
}

#define assert_buttons(layout, expected)                                                           \
    do {                                                                                           \
        g_autofree char *got_ = buttons_string(layout);                                            \
        g_assert_cmpstr(got_, ==, (expected));                                                     \
    } while (0)

/* The default layout with the default metrics in a frame w wide. */
static decor_layout default_layout(int w, unsigned allowed, bool rtl)
{
    decor_button_layout bl = parse(NULL);
    decor_layout l;
    memset(&l, 0x55, sizeof l); /* compute must clear what it is given */
    decor_layout_compute(&defaults, &bl, w, allowed, rtl, &l);
    return l;
}

static decor_layout compute(const decor_metrics *m, const char *layout, int w, bool rtl)
{
    decor_button_layout bl = parse(layout);
    decor_layout l;
    decor_layout_compute(m, &bl, w, ALL_ACTIONS, rtl, &l);
    return l;
}

/* ---- parsing ---- */

static void test_parse_gnome_default(void)
{
    assert_parse("appmenu:close", true, "menu:close");
}

static void test_parse_purr_default(void)
{
    assert_parse("menu:minimize,maximize,close", true, "menu:minimize,maximize,close");
    assert_parse("icon,spacer:spacer,close", true, "icon,spacer:spacer,close");
}

static void test_parse_null_is_purr_default(void)
{
    assert_parse(NULL, true, "menu:minimize,maximize,close");
    assert_parse(NULL, true, DECOR_DEFAULT_BUTTON_LAYOUT);
}

static void test_parse_no_colon_is_all_left(void)
{
    assert_parse("close,minimize", true, "close,minimize:");
    assert_parse("", true, ":");
    assert_parse(":", true, ":");
    assert_parse(":close", true, ":close");
}

static void test_parse_unknown_name_is_skipped_and_reported(void)
{
    assert_parse("menu:foo,close", false, "menu:close");
    assert_parse("Close:", false, ":");
    assert_parse("menu,bar:minimize", false, "menu:minimize");
}

static void test_parse_whitespace_and_empty_names(void)
{
    assert_parse(" menu , close : minimize ,\tmaximize \n", true, "menu,close:minimize,maximize");
    assert_parse(",,close,,:,", true, "close:");
    assert_parse("  :  ", true, ":");
}

static void test_parse_too_many_buttons_are_dropped(void)
{
    assert_parse("close,close,close,close,close,close,close,close", true,
                 "close,close,close,close,close,close,close,close:");
    assert_parse("menu,menu,menu,menu,menu,menu,menu,menu,icon,close:minimize", false,
                 "menu,menu,menu,menu,menu,menu,menu,menu:minimize");
    assert_parse(":spacer,spacer,spacer,spacer,spacer,spacer,spacer,spacer,close", false,
                 ":spacer,spacer,spacer,spacer,spacer,spacer,spacer,spacer");
}

static void test_parse_only_the_first_colon_splits(void)
{
    /* "close:menu" after the first ':' is one unknown name. */
    assert_parse("icon:close:menu,minimize", false, "icon:minimize");
}

static void test_button_names(void)
{
    g_assert_cmpstr(decor_button_name(DECOR_BUTTON_CLOSE), ==, "close");
    g_assert_cmpstr(decor_button_name(DECOR_BUTTON_MAXIMIZE), ==, "maximize");
    g_assert_cmpstr(decor_button_name(DECOR_BUTTON_MINIMIZE), ==, "minimize");
    g_assert_cmpstr(decor_button_name(DECOR_BUTTON_MENU), ==, "menu");
    g_assert_cmpstr(decor_button_name(DECOR_BUTTON_ICON), ==, "icon");
    g_assert_cmpstr(decor_button_name(DECOR_BUTTON_SPACER), ==, "spacer");
    g_assert_null(decor_button_name(DECOR_BUTTON_NONE));
    g_assert_null(decor_button_name((enum decor_button)99));
}

/* ---- geometry ---- */

static void test_layout_default_metrics(void)
{
    decor_layout l = default_layout(300, ALL_ACTIONS, false);
    g_assert_cmpint(l.extents.left, ==, 4);
    g_assert_cmpint(l.extents.right, ==, 4);
    g_assert_cmpint(l.extents.top, ==, 28);
    g_assert_cmpint(l.extents.bottom, ==, 4);
    scene_assert_rect(l.strip, 4, 4, 292, 24);
    /* close against the padding at 292; the title between menu's end + 4
     * and minimize's start - 4. */
    assert_buttons(&l, "menu 8,6 20x20 | minimize 224,6 20x20 | maximize 248,6 20x20 | "
                       "close 272,6 20x20");
    scene_assert_rect(l.title, 32, 8, 188, 16);
    scene_assert_rect(l.tabs, 0, 0, 0, 0);
}

static void test_layout_tab_bar(void)
{
    decor_metrics m = defaults;
    m.tab_height = 22;
    decor_layout l = compute(&m, NULL, 300, false);
    g_assert_cmpint(l.extents.top, ==, 50);
    g_assert_cmpint(l.extents.bottom, ==, 4);
    scene_assert_rect(l.tabs, 4, 28, 292, 22);
    /* The tab bar changes nothing above it. */
    scene_assert_rect(l.strip, 4, 4, 292, 24);
    scene_assert_rect(l.title, 32, 8, 188, 16);
    l = compute(&m, NULL, 300, true);
    scene_assert_rect(l.tabs, 4, 28, 292, 22);
}

static void test_layout_spacer_and_icon(void)
{
    /* icon 16 square centred in the 16 rows of padded area; the spacer
     * takes 10 (half a button) and is not listed. */
    decor_layout l = compute(&defaults, "icon,spacer,close:", 300, false);
    assert_buttons(&l, "icon 8,8 16x16 | close 42,6 20x20");
    scene_assert_rect(l.title, 66, 8, 226, 16);
}

static void test_layout_title_without_buttons_has_the_padded_strip(void)
{
    decor_layout l = compute(&defaults, ":", 300, false);
    g_assert_cmpint(l.n_buttons, ==, 0);
    scene_assert_rect(l.title, 8, 8, 284, 16);
}

static void test_layout_allowed_actions_hide_buttons(void)
{
    decor_layout l = default_layout(300, WM_ACTION_CLOSE, false);
    /* close keeps its place at the edge; the title takes the room. */
    assert_buttons(&l, "menu 8,6 20x20 | close 272,6 20x20");
    scene_assert_rect(l.title, 32, 8, 236, 16);
    l = default_layout(300, WM_ACTION_MINIMIZE | WM_ACTION_MOVE, false);
    assert_buttons(&l, "menu 8,6 20x20 | minimize 272,6 20x20");
    l = default_layout(300, 0, false);
    assert_buttons(&l, "menu 8,6 20x20");
    scene_assert_rect(l.title, 32, 8, 260, 16);
    l = default_layout(300, ALL_ACTIONS & ~WM_ACTION_CLOSE, false);
    assert_buttons(&l, "menu 8,6 20x20 | minimize 248,6 20x20 | maximize 272,6 20x20");
}

static void test_layout_maximize_needs_either_direction(void)
{
    decor_layout l = default_layout(300, WM_ACTION_MAXIMIZE_HORZ, false);
    assert_buttons(&l, "menu 8,6 20x20 | maximize 272,6 20x20");
    l = default_layout(300, WM_ACTION_MAXIMIZE_VERT, false);
    assert_buttons(&l, "menu 8,6 20x20 | maximize 272,6 20x20");
    l = default_layout(300, ALL_ACTIONS & ~(WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT),
                       false);
    assert_buttons(&l, "menu 8,6 20x20 | minimize 248,6 20x20 | close 272,6 20x20");
}

/* The default layout needs 20 + 4 on the left, 68 + 4 on the right: 96 of
 * padded area, a frame 112 wide. Each step down drops one button. */
static void test_layout_narrow_frames_drop_buttons_in_order(void)
{
    static const struct {
        int w;
        const char *buttons;
        int title_x, title_w;
    } steps[] = {
        {112, "menu 8,6 20x20 | minimize 36,6 20x20 | maximize 60,6 20x20 | close 84,6 20x20", 32,
         0},
        {111, "minimize 35,6 20x20 | maximize 59,6 20x20 | close 83,6 20x20", 8, 23},
        {88, "minimize 12,6 20x20 | maximize 36,6 20x20 | close 60,6 20x20", 8, 0},
        {87, "maximize 35,6 20x20 | close 59,6 20x20", 8, 23},
        {64, "maximize 12,6 20x20 | close 36,6 20x20", 8, 0},
        {63, "close 35,6 20x20", 8, 23},
        {40, "close 12,6 20x20", 8, 0},
        {39, "", 8, 23},
        {16, "", 8, 0},
        {15, "", 8, 0},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(steps); i++) {
        g_test_message("frame %d wide", steps[i].w);
        decor_layout l = default_layout(steps[i].w, ALL_ACTIONS, false);
        assert_buttons(&l, steps[i].buttons);
        scene_assert_rect(l.title, steps[i].title_x, 8, steps[i].title_w, 16);
    }
}

static void test_layout_spacers_drop_before_buttons(void)
{
    /* All of it needs 62 of padded area (a frame 78 wide). */
    decor_layout l = compute(&defaults, "menu,spacer:close", 78, false);
    assert_buttons(&l, "menu 8,6 20x20 | close 50,6 20x20");
    scene_assert_rect(l.title, 46, 8, 0, 16);
    l = compute(&defaults, "menu,spacer:close", 77, false);
    assert_buttons(&l, "menu 8,6 20x20 | close 49,6 20x20");
    scene_assert_rect(l.title, 32, 8, 13, 16);
}

static void test_layout_equals_drop_nearest_the_title_first(void)
{
    /* menu and icon rank alike; the icon sits nearer the title. */
    decor_layout l = compute(&defaults, "menu,icon:close", 84, false);
    assert_buttons(&l, "menu 8,6 20x20 | icon 32,8 16x16 | close 56,6 20x20");
    l = compute(&defaults, "menu,icon:close", 83, false);
    assert_buttons(&l, "menu 8,6 20x20 | close 55,6 20x20");
    /* On the right the nearest is the first. */
    l = compute(&defaults, ":icon,menu,close", 84, false);
    assert_buttons(&l, "icon 12,8 16x16 | menu 32,6 20x20 | close 56,6 20x20");
    l = compute(&defaults, ":icon,menu,close", 83, false);
    assert_buttons(&l, "menu 31,6 20x20 | close 55,6 20x20");
}

static void assert_empty_strip(const decor_layout *l, int x)
{
    g_assert_cmpint(l->n_buttons, ==, 0);
    scene_assert_rect(l->strip, x, 4, 0, 24);
    scene_assert_rect(l->title, x, 8, 0, 16);
}

static void test_layout_one_pixel_frame(void)
{
    decor_metrics m = defaults;
    m.tab_height = 20;
    for (int rtl = 0; rtl <= 1; rtl++) {
        decor_layout l = compute(&m, NULL, 1, rtl);
        assert_empty_strip(&l, 1);
        scene_assert_rect(l.tabs, 1, 28, 0, 20);
        g_assert_cmpint(l.extents.top, ==, 48);
    }
}

static void test_layout_frames_narrower_than_their_borders(void)
{
    static const struct {
        int w, strip_x;
    } cases[] = {{0, 0}, {-7, 0}, {3, 3}, {4, 4}, {6, 4}, {8, 4}, {9, 4}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_test_message("frame %d wide", cases[i].w);
        for (int rtl = 0; rtl <= 1; rtl++) {
            decor_layout l = compute(&defaults, NULL, cases[i].w, rtl);
            if (cases[i].w < 9) {
                assert_empty_strip(&l, cases[i].strip_x);
            } else {
                /* One pixel of strip inside the padding: the title is 0
                 * wide at the strip's end (its start in RTL). */
                scene_assert_rect(l.strip, 4, 4, 1, 24);
                scene_assert_rect(l.title, rtl ? 4 : 5, 8, 0, 16);
                g_assert_cmpint(l.n_buttons, ==, 0);
            }
        }
    }
}

static void test_layout_zero_height_strip_has_no_buttons(void)
{
    decor_metrics m = defaults;
    m.title_height = 0;
    decor_layout l = compute(&m, NULL, 300, false);
    g_assert_cmpint(l.n_buttons, ==, 0);
    g_assert_cmpint(l.extents.top, ==, 4);
    scene_assert_rect(l.strip, 4, 4, 292, 0);
    scene_assert_rect(l.title, 8, 4, 284, 0);
}

static void test_layout_tall_buttons_stay_in_the_strip(void)
{
    decor_metrics m = defaults;
    m.button_h = 40;
    m.icon_size = 30;
    decor_layout l = compute(&m, "icon:close", 300, false);
    assert_buttons(&l, "icon 8,4 24x24 | close 272,4 20x24");
    /* An odd remainder leaves the extra row below. */
    m.button_h = 13;
    l = compute(&m, ":close", 300, false);
    assert_buttons(&l, "close 272,9 20x13");
}

static void test_layout_negative_metrics_count_as_zero(void)
{
    decor_metrics m = defaults;
    m.border.left = -5;
    m.spacing = -3;
    m.tab_height = -10;
    decor_layout l = compute(&m, NULL, 300, false);
    g_assert_cmpint(l.extents.left, ==, 0);
    g_assert_cmpint(l.extents.top, ==, 28);
    scene_assert_rect(l.strip, 0, 4, 296, 24);
    assert_buttons(&l, "menu 4,6 20x20 | minimize 232,6 20x20 | maximize 252,6 20x20 | "
                       "close 272,6 20x20");
    scene_assert_rect(l.title, 24, 8, 208, 16);
    scene_assert_rect(l.tabs, 0, 0, 0, 0);
}

/* ---- right to left ---- */

static void test_layout_rtl_mirrors(void)
{
    decor_layout l = default_layout(300, ALL_ACTIONS, true);
    /* x' = 300 - x - w: close at the far left, the menu at the far right. */
    assert_buttons(&l, "menu 272,6 20x20 | minimize 56,6 20x20 | maximize 32,6 20x20 | "
                       "close 8,6 20x20");
    scene_assert_rect(l.title, 80, 8, 188, 16);
    scene_assert_rect(l.strip, 4, 4, 292, 24);
    g_assert_cmpint(l.extents.left, ==, 4);
    g_assert_cmpint(l.extents.top, ==, 28);
}

static void test_layout_rtl_with_unequal_borders_stays_in_the_strip(void)
{
    /* The strip keeps its place over the client; the buttons mirror inside
     * it: x' = 2 * 2 + 288 - x - w. */
    decor_metrics m = defaults;
    m.border.left = 2;
    m.border.right = 10;
    decor_layout l = compute(&m, NULL, 300, false);
    assert_buttons(&l, "menu 6,6 20x20 | minimize 218,6 20x20 | maximize 242,6 20x20 | "
                       "close 266,6 20x20");
    scene_assert_rect(l.title, 30, 8, 184, 16);
    l = compute(&m, NULL, 300, true);
    scene_assert_rect(l.strip, 2, 4, 288, 24);
    g_assert_cmpint(l.extents.left, ==, 2);
    g_assert_cmpint(l.extents.right, ==, 10);
    assert_buttons(&l, "menu 266,6 20x20 | minimize 54,6 20x20 | maximize 30,6 20x20 | "
                       "close 6,6 20x20");
    scene_assert_rect(l.title, 78, 8, 184, 16);
}

/* ---- hit testing ---- */

static enum decor_button kind_at(const decor_layout *l, int x, int y)
{
    const decor_rect_button *b = decor_button_at(l, x, y);
    return b ? b->kind : DECOR_BUTTON_NONE;
}

static void test_hit_edges(void)
{
    decor_layout l = default_layout(300, ALL_ACTIONS, false);
    /* close is 272..291 x 6..25, maximize 248..267. */
    g_assert_cmpint(kind_at(&l, 272, 6), ==, DECOR_BUTTON_CLOSE);
    g_assert_cmpint(kind_at(&l, 291, 25), ==, DECOR_BUTTON_CLOSE);
    g_assert_cmpint(kind_at(&l, 291, 6), ==, DECOR_BUTTON_CLOSE);
    g_assert_cmpint(kind_at(&l, 272, 25), ==, DECOR_BUTTON_CLOSE);
    g_assert_cmpint(kind_at(&l, 292, 6), ==, DECOR_BUTTON_NONE);
    g_assert_cmpint(kind_at(&l, 271, 6), ==, DECOR_BUTTON_NONE);
    g_assert_cmpint(kind_at(&l, 272, 5), ==, DECOR_BUTTON_NONE);
    g_assert_cmpint(kind_at(&l, 272, 26), ==, DECOR_BUTTON_NONE);
    g_assert_cmpint(kind_at(&l, 267, 10), ==, DECOR_BUTTON_MAXIMIZE);
    g_assert_cmpint(kind_at(&l, 268, 10), ==, DECOR_BUTTON_NONE);
    g_assert_cmpint(kind_at(&l, 8, 6), ==, DECOR_BUTTON_MENU);
    g_assert_cmpint(kind_at(&l, 7, 6), ==, DECOR_BUTTON_NONE);
    /* The title is not a button. */
    g_assert_cmpint(kind_at(&l, 100, 12), ==, DECOR_BUTTON_NONE);
    /* The pointer returned is the layout's own entry. */
    g_assert_true(decor_button_at(&l, 272, 6) == &l.buttons[3]);
}

static void test_hit_spacer_is_not_a_button(void)
{
    /* close 8..27, spacer 32..41, minimize from 46. */
    decor_layout l = compute(&defaults, "close,spacer,minimize:", 300, false);
    g_assert_cmpint(kind_at(&l, 27, 10), ==, DECOR_BUTTON_CLOSE);
    for (int x = 28; x < 46; x++)
        g_assert_cmpint(kind_at(&l, x, 10), ==, DECOR_BUTTON_NONE);
    g_assert_cmpint(kind_at(&l, 46, 10), ==, DECOR_BUTTON_MINIMIZE);
    g_assert_null(decor_button_at(NULL, 46, 10));
}

static void test_hit_rtl(void)
{
    decor_layout l = default_layout(300, ALL_ACTIONS, true);
    g_assert_cmpint(kind_at(&l, 8, 6), ==, DECOR_BUTTON_CLOSE);
    g_assert_cmpint(kind_at(&l, 291, 25), ==, DECOR_BUTTON_MENU);
    g_assert_cmpint(kind_at(&l, 292, 25), ==, DECOR_BUTTON_NONE);
}

/* ---- properties ---- */

static bool overlap(wm_rect a, wm_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h && a.w > 0 &&
           a.h > 0 && b.w > 0 && b.h > 0;
}

static bool inside(wm_rect r, wm_rect outer)
{
    return r.x >= outer.x && r.y >= outer.y && r.x + r.w <= outer.x + outer.w &&
           r.y + r.h <= outer.y + outer.h;
}

static int rank_of(enum decor_button b)
{
    static const int ranks[] = {
        [DECOR_BUTTON_MENU] = 1,     [DECOR_BUTTON_ICON] = 1,  [DECOR_BUTTON_MINIMIZE] = 2,
        [DECOR_BUTTON_MAXIMIZE] = 3, [DECOR_BUTTON_CLOSE] = 4,
    };
    return ranks[b];
}

static bool action_allows(enum decor_button b, unsigned allowed)
{
    switch (b) {
    case DECOR_BUTTON_CLOSE:
        return allowed & WM_ACTION_CLOSE;
    case DECOR_BUTTON_MAXIMIZE:
        return allowed & (WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT);
    case DECOR_BUTTON_MINIMIZE:
        return allowed & WM_ACTION_MINIMIZE;
    default:
        return true;
    }
}

static int rnd(int lo, int hi)
{
    return g_test_rand_int_range(lo, hi + 1);
}

static void check_random_layout(const decor_metrics *m, const decor_button_layout *bl, int w,
                                unsigned allowed, bool rtl)
{
    decor_layout l, other;
    decor_layout_compute(m, bl, w, allowed, rtl, &l);
    decor_layout_compute(m, bl, w, allowed, !rtl, &other);

    g_assert_cmpint(l.extents.left, ==, m->border.left);
    g_assert_cmpint(l.extents.right, ==, m->border.right);
    g_assert_cmpint(l.extents.top, ==, m->border.top + m->title_height + m->tab_height);
    g_assert_cmpint(l.extents.bottom, ==, m->border.bottom);

    /* The strip lies in the frame, the title and buttons in the strip. */
    g_assert_cmpint(l.strip.w, >=, 0);
    g_assert_cmpint(l.strip.h, ==, m->title_height);
    g_assert_cmpint(l.strip.x, >=, 0);
    g_assert_cmpint(l.strip.x + l.strip.w, <=, MAX(w, 0));
    g_assert_cmpint(l.title.w, >=, 0);
    g_assert_cmpint(l.title.h, >=, 0);
    g_assert_true(inside(l.title, l.strip));
    if (m->tab_height > 0) {
        g_assert_cmpint(l.tabs.x, ==, l.strip.x);
        g_assert_cmpint(l.tabs.y, ==, l.strip.y + l.strip.h);
        g_assert_cmpint(l.tabs.w, ==, l.strip.w);
        g_assert_cmpint(l.tabs.h, ==, m->tab_height);
    } else {
        g_assert_true(rect_equal(l.tabs, (wm_rect){0, 0, 0, 0}));
    }

    int wanted[DECOR_BUTTON_SPACER + 1] = {0}, shown[DECOR_BUTTON_SPACER + 1] = {0};
    for (int i = 0; i < bl->n_left; i++)
        wanted[bl->left[i]] += action_allows(bl->left[i], allowed);
    for (int i = 0; i < bl->n_right; i++)
        wanted[bl->right[i]] += action_allows(bl->right[i], allowed);

    g_assert_cmpint(l.n_buttons, >=, 0);
    g_assert_cmpint(l.n_buttons, <=, 2 * DECOR_MAX_BUTTONS);
    for (int i = 0; i < l.n_buttons; i++) {
        const decor_rect_button *b = &l.buttons[i];
        g_assert_cmpint(b->kind, !=, DECOR_BUTTON_NONE);
        g_assert_cmpint(b->kind, !=, DECOR_BUTTON_SPACER);
        g_assert_cmpint(b->kind, <=, DECOR_BUTTON_SPACER);
        g_assert_true(action_allows(b->kind, allowed));
        shown[b->kind]++;
        g_assert_cmpint(b->rect.w, >=, 0);
        g_assert_cmpint(b->rect.h, >=, 0);
        g_assert_true(inside(b->rect, l.strip));
        g_assert_false(overlap(b->rect, l.title));
        /* Layout order is screen order, reversed in RTL. */
        if (i > 0) {
            const wm_rect *prev = &l.buttons[i - 1].rect;
            if (rtl)
                g_assert_cmpint(b->rect.x + b->rect.w, <=, prev->x);
            else
                g_assert_cmpint(prev->x + prev->w, <=, b->rect.x);
        }
        for (int j = i + 1; j < l.n_buttons; j++)
            g_assert_false(overlap(b->rect, l.buttons[j].rect));
        if (b->rect.w > 0 && b->rect.h > 0)
            g_assert_true(
                decor_button_at(&l, b->rect.x + b->rect.w / 2, b->rect.y + b->rect.h / 2) == b);

        /* The other direction is the mirror image inside the strip. */
        const wm_rect *o = &other.buttons[i].rect;
        g_assert_cmpint(other.buttons[i].kind, ==, b->kind);
        g_assert_cmpint(o->x, ==, 2 * l.strip.x + l.strip.w - b->rect.x - b->rect.w);
        g_assert_cmpint(o->y, ==, b->rect.y);
        g_assert_cmpint(o->w, ==, b->rect.w);
        g_assert_cmpint(o->h, ==, b->rect.h);
    }
    g_assert_cmpint(other.n_buttons, ==, l.n_buttons);
    g_assert_cmpint(other.title.x, ==, 2 * l.strip.x + l.strip.w - l.title.x - l.title.w);
    g_assert_cmpint(other.title.w, ==, l.title.w);

    /* Nothing that shows is dropped before something of a lower rank. */
    int lowest_kept = G_MAXINT, highest_dropped = 0;
    for (int k = DECOR_BUTTON_CLOSE; k < DECOR_BUTTON_SPACER; k++) {
        g_assert_cmpint(shown[k], <=, wanted[k]);
        if (shown[k] > 0)
            lowest_kept = MIN(lowest_kept, rank_of(k));
        if (shown[k] < wanted[k])
            highest_dropped = MAX(highest_dropped, rank_of(k));
    }
    g_assert_cmpint(highest_dropped, <=, lowest_kept);
    /* A wide enough strip shows every button. */
    int need = m->pad_left + m->pad_right + 2 * m->spacing;
    for (int i = 0; i < bl->n_left + bl->n_right; i++)
        need += MAX(m->button_w, m->icon_size) + m->spacing;
    if (m->title_height > 0 && l.strip.w >= need)
        for (int k = DECOR_BUTTON_CLOSE; k < DECOR_BUTTON_SPACER; k++)
            g_assert_cmpint(shown[k], ==, wanted[k]);
}

static void test_clamp_caps_typos_and_keeps_the_rest(void)
{
    decor_metrics m = defaults;
    g_assert_false(decor_metrics_clamp(&m));
    g_assert_cmpmem(&m, sizeof m, &defaults, sizeof defaults);

    m.title_height = 70000;
    m.border.left = -4;
    m.border.bottom = DECOR_MAX_BORDER;
    m.button_w = DECOR_MAX_STRIP + 1;
    g_assert_true(decor_metrics_clamp(&m));
    g_assert_cmpint(m.title_height, ==, DECOR_MAX_STRIP);
    g_assert_cmpint(m.border.left, ==, 0);
    g_assert_cmpint(m.border.bottom, ==, DECOR_MAX_BORDER);
    g_assert_cmpint(m.button_w, ==, DECOR_MAX_STRIP);
    g_assert_cmpint(m.border.right, ==, defaults.border.right);

    /* The largest frame a theme can make still fits X's 16-bit sizes. */
    decor_layout l = compute(&m, NULL, 200, false);
    g_assert_cmpint(l.extents.top, <=, DECOR_MAX_BORDER + DECOR_MAX_STRIP);
}

static void test_property_random_layouts(void)
{
    for (int iter = 0; iter < 5000; iter++) {
        decor_metrics m = {
            .border = {rnd(0, 20), rnd(0, 20), rnd(0, 20), rnd(0, 20)},
            .title_height = rnd(0, 48),
            .pad_left = rnd(0, 12),
            .pad_right = rnd(0, 12),
            .pad_top = rnd(0, 12),
            .pad_bottom = rnd(0, 12),
            .button_w = rnd(0, 40),
            .button_h = rnd(0, 40),
            .spacing = rnd(0, 10),
            .icon_size = rnd(0, 40),
            .tab_height = rnd(0, 1) ? rnd(1, 30) : 0,
        };
        decor_button_layout bl = {.n_left = rnd(0, DECOR_MAX_BUTTONS),
                                  .n_right = rnd(0, DECOR_MAX_BUTTONS)};
        for (int i = 0; i < bl.n_left; i++)
            bl.left[i] = rnd(DECOR_BUTTON_CLOSE, DECOR_BUTTON_SPACER);
        for (int i = 0; i < bl.n_right; i++)
            bl.right[i] = rnd(DECOR_BUTTON_CLOSE, DECOR_BUTTON_SPACER);
        unsigned allowed = g_test_rand_int() & ALL_ACTIONS;
        bool rtl = rnd(0, 1);
        int w = rnd(0, 3) ? rnd(0, 400) : rnd(-10, 40);

        check_random_layout(&m, &bl, w, allowed, rtl);
        if (g_test_failed()) {
            g_autofree char *layout = layout_string(&bl);
            g_test_message("case %d: w %d rtl %d allowed 0x%x layout %s border %d/%d/%d/%d "
                           "title %d pad %d/%d/%d/%d button %dx%d spacing %d icon %d tab %d",
                           iter, w, rtl, allowed, layout, m.border.left, m.border.right,
                           m.border.top, m.border.bottom, m.title_height, m.pad_left, m.pad_right,
                           m.pad_top, m.pad_bottom, m.button_w, m.button_h, m.spacing, m.icon_size,
                           m.tab_height);
            return;
        }
    }
}

static void test_tabs_share_the_title_room(void)
{
    decor_layout l = {0};
    l.title = (wm_rect){30, 5, 301, 24};
    decor_tab_rect t[DECOR_MAX_TABS];
    g_assert_cmpint(decor_tabs_layout(&l, 3, 16, false, t), ==, 3);
    /* 301 = 101 + 100 + 100, left to right, edge to edge. */
    g_assert_cmpint(t[0].tab.x, ==, 30);
    g_assert_cmpint(t[0].tab.w, ==, 101);
    g_assert_cmpint(t[1].tab.x, ==, 131);
    g_assert_cmpint(t[2].tab.x + t[2].tab.w, ==, 331);
    /* The close button at each tab's end, centred vertically. */
    g_assert_cmpint(t[1].close.w, ==, 16);
    g_assert_cmpint(t[1].close.x + t[1].close.w, ==, 131 + 100 - 4);
    g_assert_cmpint(t[1].close.y, ==, 9);
    bool on_close = true;
    g_assert_cmpint(decor_tab_at(t, 3, 140, 10, &on_close), ==, 1);
    g_assert_false(on_close);
    g_assert_cmpint(decor_tab_at(t, 3, t[2].close.x, t[2].close.y, &on_close), ==, 2);
    g_assert_true(on_close);
    g_assert_cmpint(decor_tab_at(t, 3, 29, 10, NULL), ==, -1);
    g_assert_cmpint(decor_tab_at(t, 3, 100, 4, NULL), ==, -1);
    /* Right to left: the first tab on the right, close buttons on the left. */
    decor_tabs_layout(&l, 3, 16, true, t);
    g_assert_cmpint(t[0].tab.x + t[0].tab.w, ==, 331);
    g_assert_cmpint(t[0].close.x, ==, t[0].tab.x + 4);
    /* A wide strip: each tab 8 heights wide, the rest free at the end. */
    l.title.w = 1000;
    decor_tabs_layout(&l, 2, 16, false, t);
    g_assert_cmpint(t[0].tab.x, ==, 30);
    g_assert_cmpint(t[1].tab.x, ==, 30 + 192);
    g_assert_cmpint(t[1].tab.w, ==, 192);
    g_assert_cmpint(decor_tab_at(t, 2, 30 + 2 * 192, 10, NULL), ==, -1);
    decor_tabs_layout(&l, 2, 16, true, t);
    g_assert_cmpint(t[0].tab.x + t[0].tab.w, ==, 1030);
    g_assert_cmpint(t[1].tab.x, ==, 1030 - 2 * 192);
    /* Too narrow for a close button: none; too many tabs: capped. */
    l.title.w = 40;
    decor_tabs_layout(&l, 2, 16, false, t);
    g_assert_cmpint(t[0].close.w, ==, 0);
    g_assert_cmpint(decor_tabs_layout(&l, 500, 16, false, t), ==, DECOR_MAX_TABS);
    g_assert_cmpint(t[DECOR_MAX_TABS - 1].tab.w, ==, 0);
    g_assert_cmpint(decor_tabs_layout(&l, -3, 16, false, t), ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_set_nonfatal_assertions();
    g_test_add_func("/decor-layout/parse/gnome-default", test_parse_gnome_default);
    g_test_add_func("/decor-layout/parse/purr-default", test_parse_purr_default);
    g_test_add_func("/decor-layout/parse/null-is-purr-default", test_parse_null_is_purr_default);
    g_test_add_func("/decor-layout/parse/no-colon-is-all-left", test_parse_no_colon_is_all_left);
    g_test_add_func("/decor-layout/parse/unknown-name-is-skipped-and-reported",
                    test_parse_unknown_name_is_skipped_and_reported);
    g_test_add_func("/decor-layout/parse/whitespace-and-empty-names",
                    test_parse_whitespace_and_empty_names);
    g_test_add_func("/decor-layout/parse/too-many-buttons-are-dropped",
                    test_parse_too_many_buttons_are_dropped);
    g_test_add_func("/decor-layout/parse/only-the-first-colon-splits",
                    test_parse_only_the_first_colon_splits);
    g_test_add_func("/decor-layout/parse/button-names", test_button_names);
    g_test_add_func("/decor-layout/layout/default-metrics", test_layout_default_metrics);
    g_test_add_func("/decor-layout/layout/tab-bar", test_layout_tab_bar);
    g_test_add_func("/decor-layout/layout/spacer-and-icon", test_layout_spacer_and_icon);
    g_test_add_func("/decor-layout/layout/title-without-buttons-has-the-padded-strip",
                    test_layout_title_without_buttons_has_the_padded_strip);
    g_test_add_func("/decor-layout/layout/allowed-actions-hide-buttons",
                    test_layout_allowed_actions_hide_buttons);
    g_test_add_func("/decor-layout/layout/maximize-needs-either-direction",
                    test_layout_maximize_needs_either_direction);
    g_test_add_func("/decor-layout/layout/narrow-frames-drop-buttons-in-order",
                    test_layout_narrow_frames_drop_buttons_in_order);
    g_test_add_func("/decor-layout/layout/spacers-drop-before-buttons",
                    test_layout_spacers_drop_before_buttons);
    g_test_add_func("/decor-layout/layout/equals-drop-nearest-the-title-first",
                    test_layout_equals_drop_nearest_the_title_first);
    g_test_add_func("/decor-layout/layout/one-pixel-frame", test_layout_one_pixel_frame);
    g_test_add_func("/decor-layout/layout/frames-narrower-than-their-borders",
                    test_layout_frames_narrower_than_their_borders);
    g_test_add_func("/decor-layout/layout/zero-height-strip-has-no-buttons",
                    test_layout_zero_height_strip_has_no_buttons);
    g_test_add_func("/decor-layout/layout/tall-buttons-stay-in-the-strip",
                    test_layout_tall_buttons_stay_in_the_strip);
    g_test_add_func("/decor-layout/layout/negative-metrics-count-as-zero",
                    test_layout_negative_metrics_count_as_zero);
    g_test_add_func("/decor-layout/rtl/mirrors", test_layout_rtl_mirrors);
    g_test_add_func("/decor-layout/rtl/unequal-borders-stay-in-the-strip",
                    test_layout_rtl_with_unequal_borders_stays_in_the_strip);
    g_test_add_func("/decor-layout/hit/edges", test_hit_edges);
    g_test_add_func("/decor-layout/hit/spacer-is-not-a-button", test_hit_spacer_is_not_a_button);
    g_test_add_func("/decor-layout/hit/rtl", test_hit_rtl);
    g_test_add_func("/decor-layout/clamp", test_clamp_caps_typos_and_keeps_the_rest);
    g_test_add_func("/decor-layout/tabs", test_tabs_share_the_title_room);
    g_test_add_func("/decor-layout/property/random-layouts", test_property_random_layouts);
    return g_test_run();
}
