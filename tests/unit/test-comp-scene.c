/*
 * The compositor's scene without X: stacking from X's events, damage from
 * changes, and the paint plan (what each window paints, what hidden
 * windows are spared, where the desktop shows).
 */
#include <glib.h>

#include "comp/scene.h"

static comp_node *mapped(comp_scene *s, uint32_t id, int x, int y, int w, int h)
{
    comp_node *n = scene_add(s, id, x, y, w, h, 0);
    scene_set_mapped(s, n, true);
    return n;
}

static comp_plan plan_of(comp_scene *s)
{
    comp_plan p;
    scene_plan_init(&p);
    scene_plan(s, &p);
    return p;
}

static long area(pixman_region32_t *r)
{
    int n;
    const pixman_box32_t *b = pixman_region32_rectangles(r, &n);
    long a = 0;
    for (int i = 0; i < n; i++)
        a += (long)(b[i].x2 - b[i].x1) * (b[i].y2 - b[i].y1);
    return a;
}

static GString *ids_of(const comp_plan *p)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < p->items->len; i++)
        g_string_append_printf(s, "%s%u", i ? " " : "",
                               g_array_index(p->items, comp_paint, i).node->id);
    return s;
}

static void assert_order(const comp_scene *s, const char *want)
{
    GString *got = g_string_new(NULL);
    for (guint i = 0; i < s->stack->len; i++)
        g_string_append_printf(got, "%s%u", i ? " " : "", ((comp_node *)s->stack->pdata[i])->id);
    g_assert_cmpstr(got->str, ==, want);
    g_string_free(got, TRUE);
}

static void test_stacking_follows_x(void)
{
    comp_scene *s = scene_new(800, 600);
    for (uint32_t id = 1; id <= 4; id++)
        scene_add(s, id, 0, 0, 10, 10, 0);
    assert_order(s, "1 2 3 4"); /* a new window is on top */
    scene_configure(s, scene_find(s, 1), 0, 0, 10, 10, 0, 3);
    assert_order(s, "2 3 1 4");
    scene_configure(s, scene_find(s, 4), 0, 0, 10, 10, 0, 0);
    assert_order(s, "4 2 3 1");
    scene_circulate(s, scene_find(s, 4), true);
    assert_order(s, "2 3 1 4");
    scene_circulate(s, scene_find(s, 1), false);
    assert_order(s, "1 2 3 4");
    /* Above a window the scene never heard of: the bottom. */
    scene_configure(s, scene_find(s, 3), 0, 0, 10, 10, 0, 99);
    assert_order(s, "3 1 2 4");
    scene_remove(s, scene_find(s, 1));
    assert_order(s, "3 2 4");
    g_assert_null(scene_find(s, 1));
    scene_free(s);
}

static void test_first_frame_paints_everything(void)
{
    comp_scene *s = scene_new(800, 600);
    comp_plan p = plan_of(s);
    g_assert_cmpint(area(&p.damage), ==, 800 * 600);
    g_assert_cmpint(area(&p.background), ==, 800 * 600);
    g_assert_cmpuint(p.items->len, ==, 0);
    /* And then nothing: no damage, no frame. */
    g_assert_false(scene_has_damage(s));
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_hidden_windows_cost_nothing(void)
{
    comp_scene *s = scene_new(800, 600);
    /* 50 windows stacked exactly, the top one damaged. */
    for (uint32_t id = 1; id <= 50; id++)
        mapped(s, id, 100, 100, 200, 200);
    comp_plan p = plan_of(s);
    scene_plan_clear(&p);
    pixman_box32_t box = {10, 10, 20, 20};
    scene_damage_node(s, scene_find(s, 50), &box, 1);
    p = plan_of(s);
    g_assert_cmpint(area(&p.damage), ==, 100);
    g_assert_cmpuint(p.items->len, ==, 1);
    g_assert_cmpuint(g_array_index(p.items, comp_paint, 0).node->id, ==, 50);
    g_assert_cmpint(area(&p.background), ==, 0);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_transparent_windows_show_what_is_below(void)
{
    comp_scene *s = scene_new(800, 600);
    mapped(s, 1, 0, 0, 100, 100);
    comp_node *argb = mapped(s, 2, 50, 0, 100, 100);
    argb->argb = true;
    comp_node *faded = mapped(s, 3, 0, 50, 100, 100);
    scene_set_opacity(s, faded, COMP_OPAQUE / 2);
    comp_plan p = plan_of(s);
    g_autoptr(GString) ids = ids_of(&p);
    g_assert_cmpstr(ids->str, ==, "1 2 3"); /* bottom to top */
    /* Window 1 paints all of itself: nothing opaque covers it. */
    g_assert_cmpint(area(&g_array_index(p.items, comp_paint, 0).clip), ==, 100 * 100);
    /* The desktop shows through wherever no opaque window is. */
    g_assert_cmpint(area(&p.background), ==, 800 * 600 - 100 * 100);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_opaque_window_hides_below(void)
{
    comp_scene *s = scene_new(800, 600);
    mapped(s, 1, 0, 0, 100, 100);
    mapped(s, 2, 50, 0, 100, 100);
    comp_plan p = plan_of(s);
    g_assert_cmpuint(p.items->len, ==, 2);
    g_assert_cmpint(area(&g_array_index(p.items, comp_paint, 0).clip), ==, 50 * 100);
    g_assert_cmpint(area(&g_array_index(p.items, comp_paint, 1).clip), ==, 100 * 100);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_only_what_may_show_through_blends(void)
{
    /* An opaque window is copied whole; an ARGB frame blends its shadow
     * and border but copies its opaque client area; a translucent window
     * blends everywhere. */
    comp_scene *s = scene_new(800, 600);
    comp_node *opaque = mapped(s, 1, 0, 0, 100, 100);
    comp_node *frame = mapped(s, 2, 200, 0, 140, 130);
    frame->argb = true;
    scene_set_opaque_box(s, frame, 20, 30, 100, 80);
    comp_node *faded = mapped(s, 3, 400, 0, 100, 100);
    scene_set_opacity(s, faded, COMP_OPAQUE / 2);
    comp_plan p = plan_of(s);
    g_assert_cmpuint(p.items->len, ==, 3);
    const comp_paint *i0 = &g_array_index(p.items, comp_paint, 0);
    const comp_paint *i1 = &g_array_index(p.items, comp_paint, 1);
    const comp_paint *i2 = &g_array_index(p.items, comp_paint, 2);
    g_assert_true(i0->node == opaque && i1->node == frame && i2->node == faded);
    g_assert_cmpint(area((pixman_region32_t *)&i0->solid), ==, 100 * 100);
    g_assert_cmpint(area((pixman_region32_t *)&i0->blend), ==, 0);
    g_assert_cmpint(area((pixman_region32_t *)&i1->solid), ==, 100 * 80);
    g_assert_cmpint(area((pixman_region32_t *)&i1->blend), ==, 140 * 130 - 100 * 80);
    g_assert_cmpint(area((pixman_region32_t *)&i2->solid), ==, 0);
    g_assert_cmpint(area((pixman_region32_t *)&i2->blend), ==, 100 * 100);
    /* Only the damaged part of each, and nothing drawn twice. */
    scene_damage_rect(s, 250, 60, 20, 20);
    scene_plan(s, &p);
    g_assert_cmpuint(p.items->len, ==, 1);
    i1 = &g_array_index(p.items, comp_paint, 0);
    g_assert_cmpint(area((pixman_region32_t *)&i1->solid), ==, 20 * 20);
    g_assert_cmpint(area((pixman_region32_t *)&i1->blend), ==, 0);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_changes_damage_old_and_new_places(void)
{
    comp_scene *s = scene_new(800, 600);
    comp_node *n = mapped(s, 1, 0, 0, 100, 100);
    comp_plan p = plan_of(s);
    /* A move: where it was and where it is. */
    scene_configure(s, n, 200, 0, 100, 100, 0, 0);
    scene_plan(s, &p);
    g_assert_cmpint(area(&p.damage), ==, 2 * 100 * 100);
    /* An unmapped window's changes cost nothing. */
    scene_set_mapped(s, n, false);
    scene_plan(s, &p);
    g_assert_cmpint(area(&p.damage), ==, 100 * 100);
    scene_configure(s, n, 300, 300, 50, 50, 0, 0);
    scene_set_opacity(s, n, 5);
    pixman_box32_t box = {0, 0, 10, 10};
    scene_damage_node(s, n, &box, 1);
    g_assert_false(scene_has_damage(s));
    /* Damage past the screen's edge is cut off. */
    scene_damage_rect(s, 700, 500, 500, 500);
    scene_plan(s, &p);
    g_assert_cmpint(area(&p.damage), ==, 100 * 100);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_damage_is_clipped_to_the_window(void)
{
    comp_scene *s = scene_new(800, 600);
    comp_node *n = mapped(s, 1, 100, 100, 50, 50);
    comp_plan p = plan_of(s);
    /* Damage reported past the window's size (a lying or racing client). */
    pixman_box32_t box = {-100, -100, 16384, 16384};
    scene_damage_node(s, n, &box, 1);
    scene_plan(s, &p);
    g_assert_cmpint(area(&p.damage), ==, 50 * 50);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_shaped_window(void)
{
    comp_scene *s = scene_new(800, 600);
    mapped(s, 1, 0, 0, 100, 100);
    comp_node *round = mapped(s, 2, 0, 0, 100, 100);
    pixman_box32_t half = {0, 0, 100, 50};
    scene_set_shape(s, round, &half, 1);
    comp_plan p = plan_of(s);
    /* The lower half of window 1 shows; its upper half is hidden. */
    g_assert_cmpint(area(&g_array_index(p.items, comp_paint, 0).clip), ==, 100 * 50);
    g_assert_cmpint(area(&g_array_index(p.items, comp_paint, 1).clip), ==, 100 * 50);
    /* A shape that is empty shows nothing. */
    scene_set_shape(s, round, NULL, 0);
    scene_plan(s, &p);
    g_assert_cmpuint(p.items->len, ==, 1);
    scene_plan_clear(&p);
    scene_free(s);
}

/* A 41 x 41 image of the shadow around a 19 x 19 box. */
static const scene_shadow SHADOW = {
    .width = 41, .height = 41, .left = 10, .top = 8, .right = 12, .bottom = 14};

static void test_shadow_around_and_under(void)
{
    comp_scene *s = scene_new(800, 600);
    comp_node *below = mapped(s, 1, 150, 150, 300, 300);
    comp_node *n = mapped(s, 2, 200, 200, 100, 80);
    scene_set_shadow(s, n, &SHADOW);
    comp_plan p = plan_of(s);
    g_assert_cmpuint(p.items->len, ==, 2);
    const comp_paint *top = &g_array_index(p.items, comp_paint, 1);
    g_assert_true(top->node == n);
    /* The window paints itself; its shadow shows around it and blends
     * over the window below, which is painted there too. */
    g_assert_cmpint(area((pixman_region32_t *)&top->clip), ==, 100 * 80);
    g_assert_cmpint(area((pixman_region32_t *)&top->shadow), ==, 122 * 102 - 100 * 80);
    const comp_paint *bottom = &g_array_index(p.items, comp_paint, 0);
    g_assert_true(bottom->node == below);
    g_assert_cmpint(area((pixman_region32_t *)&bottom->clip), ==, 300 * 300 - 100 * 80);
    g_assert_cmpint(area((pixman_region32_t *)&bottom->shadow), ==, 0);

    /* Moving it damages where the shadow was and where it goes. */
    scene_set_geometry(s, n, 400, 300, 100, 80, 0);
    scene_plan(s, &p);
    g_assert_cmpint(area(&p.damage), ==, 2 * 122 * 102);
    /* So does taking the shadow away. */
    scene_set_shadow(s, n, NULL);
    scene_plan(s, &p);
    g_assert_cmpint(area(&p.damage), ==, 122 * 102);
    scene_plan_clear(&p);
    scene_free(s);
}

static void test_shadow_pieces(void)
{
    comp_scene *s = scene_new(800, 600);
    comp_node *n = mapped(s, 1, 200, 200, 100, 80);
    scene_set_shadow(s, n, &SHADOW);
    scene_shadow_piece pc[8];
    g_assert_cmpint(scene_shadow_pieces(n, pc), ==, 8);
    /* They tile the shadow's whole rectangle but the window's middle. */
    pixman_region32_t all;
    pixman_region32_init(&all);
    long sum = 0;
    for (int i = 0; i < 8; i++) {
        pixman_region32_union_rect(&all, &all, pc[i].dst.x1, pc[i].dst.y1,
                                   (unsigned)(pc[i].dst.x2 - pc[i].dst.x1),
                                   (unsigned)(pc[i].dst.y2 - pc[i].dst.y1));
        sum += (long)(pc[i].dst.x2 - pc[i].dst.x1) * (pc[i].dst.y2 - pc[i].dst.y1);
    }
    g_assert_cmpint(area(&all), ==, sum); /* no overlap */
    pixman_box32_t *e = pixman_region32_extents(&all);
    g_assert_cmpint(e->x1, ==, 190);
    g_assert_cmpint(e->y1, ==, 192);
    g_assert_cmpint(e->x2, ==, 312);
    g_assert_cmpint(e->y2, ==, 294);
    pixman_region32_fini(&all);
    /* The top-left corner is the image's; the bottom-right one ends on
     * the image's last pixel; the top edge stretches one column. */
    g_assert_cmpint(pc[0].dst.x1, ==, 190);
    g_assert_cmpint(pc[0].sx, ==, 0);
    g_assert_cmpint(pc[0].sy, ==, 0);
    g_assert_false(pc[0].stretch_x || pc[0].stretch_y);
    g_assert_true(pc[1].stretch_x && !pc[1].stretch_y);
    const scene_shadow_piece *br = &pc[7];
    g_assert_cmpint(br->sx + (br->dst.x2 - br->dst.x1), ==, SHADOW.width);
    g_assert_cmpint(br->sy + (br->dst.y2 - br->dst.y1), ==, SHADOW.height);

    /* A window narrower than the image's corners: no middle column, and
     * the two halves still end on the image's edges. */
    scene_set_geometry(s, n, 200, 200, 4, 80, 0);
    int count = scene_shadow_pieces(n, pc);
    g_assert_cmpint(count, ==, 6);
    for (int i = 0; i < count; i++)
        g_assert_false(pc[i].stretch_x);
    g_assert_cmpint(pc[count - 1].dst.x2, ==, 200 + 4 + 12);
    g_assert_cmpint(pc[count - 1].sx + (pc[count - 1].dst.x2 - pc[count - 1].dst.x1), ==,
                    SHADOW.width);
    scene_free(s);
}

static void test_sizes_are_clamped(void)
{
    comp_scene *s = scene_new(800, 600);
    comp_node *n = mapped(s, 1, -5, -5, 1, 1);
    comp_node *huge = mapped(s, 2, 0, 0, 16384, 16384);
    scene_configure(s, huge, 0, 0, 100000, -3, 0, 1);
    g_assert_cmpint(huge->w, ==, 32767);
    g_assert_cmpint(huge->h, ==, 0);
    g_assert_false(scene_node_visible(huge));
    g_assert_true(scene_node_visible(n));
    comp_plan p = plan_of(s);
    g_assert_cmpint(area(&p.damage), ==, 800 * 600);
    scene_plan_clear(&p);
    scene_free(s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/comp/scene/stacking-follows-x", test_stacking_follows_x);
    g_test_add_func("/comp/scene/first-frame", test_first_frame_paints_everything);
    g_test_add_func("/comp/scene/hidden-cost-nothing", test_hidden_windows_cost_nothing);
    g_test_add_func("/comp/scene/transparent", test_transparent_windows_show_what_is_below);
    g_test_add_func("/comp/scene/opaque-hides", test_opaque_window_hides_below);
    g_test_add_func("/comp/scene/solid-and-blend", test_only_what_may_show_through_blends);
    g_test_add_func("/comp/scene/change-damage", test_changes_damage_old_and_new_places);
    g_test_add_func("/comp/scene/damage-clipped", test_damage_is_clipped_to_the_window);
    g_test_add_func("/comp/scene/shaped", test_shaped_window);
    g_test_add_func("/comp/scene/clamped", test_sizes_are_clamped);
    g_test_add_func("/comp/scene/shadow", test_shadow_around_and_under);
    g_test_add_func("/comp/scene/shadow-pieces", test_shadow_pieces);
    return g_test_run();
}
