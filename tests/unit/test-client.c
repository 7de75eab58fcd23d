/*
 * Clients: what a new one holds, WM_TRANSIENT_FOR resolved without loops,
 * the win_gravity arithmetic of ICCCM 4.1.2.3 both ways, layers and which
 * window types get a frame.
 */
#include <glib.h>
#include <string.h>

#include "scene.h"
#include "wm/wm.h"

static void test_create_gives_group_of_one(void)
{
    wm_client *c = client_create(0x400001);
    g_assert_cmpuint(c->id, ==, 0x400001);
    g_assert_cmpstr(c->title, ==, "");
    g_assert_null(c->wm_class);
    g_assert_cmpint(c->type, ==, WM_TYPE_NORMAL);
    g_assert_cmpint(c->input, ==, WM_INPUT_PASSIVE);
    g_assert_cmpint(c->gravity, ==, 1);
    g_assert_cmpuint(c->workspace, ==, 0);
    g_assert_null(c->transient_for);
    g_assert_nonnull(c->group);
    g_assert_cmpuint(c->group->clients->len, ==, 1);
    g_assert_true(c->group->clients->pdata[0] == c);
    g_assert_true(c->group->current == c);
    client_destroy(c);
}

static void test_destroy_null_is_harmless(void)
{
    client_destroy(NULL);
    wm_destroy(NULL);
}

static void test_set_title_copies_and_marks_title(void)
{
    wm_client *c = client_create(1);
    char buf[] = "hello";
    client_set_title(c, buf);
    buf[0] = 'j';
    g_assert_cmpstr(c->title, ==, "hello");
    g_assert_cmpuint(c->dirty, ==, WM_DIRTY_TITLE); /* the strip alone */

    c->dirty = 0;
    client_set_title(c, "hello");
    g_assert_cmpuint(c->dirty, ==, 0);

    client_set_title(c, NULL);
    g_assert_cmpstr(c->title, ==, "");
    client_destroy(c);
}

static void test_add_client_registers_everywhere(void)
{
    wm *m = wm_create(1280, 1024);
    scene_clear_dirty(m);
    wm_client *c = scene_add_normal(m, 7);
    g_assert_true(wm_find(m, 7) == c);
    g_assert_null(wm_find(m, 8));
    g_assert_null(wm_find(m, 0));
    scene_assert_ids(scene_ids(m->clients), "7");
    scene_assert_ids(scene_ids(m->stack), "7");
    scene_assert_ids(scene_ids(m->mru), "7");
    g_assert_cmpuint(m->dirty & (WM_DIRTY_CLIENT_LIST | WM_DIRTY_STACK), ==,
                     WM_DIRTY_CLIENT_LIST | WM_DIRTY_STACK);
    g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
    g_assert_true(c->dirty & WM_DIRTY_VISIBLE);
    wm_destroy(m);
}

static void test_add_client_on_missing_workspace_goes_to_current(void)
{
    wm *m = wm_create(1280, 1024);
    workspace_switch(m, 2);
    wm_client *c = scene_add(m, 1, WM_TYPE_NORMAL, 7);
    g_assert_cmpuint(c->workspace, ==, 2);
    wm_client *s = scene_add(m, 2, WM_TYPE_NORMAL, WM_ALL_WORKSPACES);
    g_assert_cmpuint(s->workspace, ==, WM_ALL_WORKSPACES);
    wm_client *o = scene_add(m, 3, WM_TYPE_NORMAL, 3);
    g_assert_cmpuint(o->workspace, ==, 3);
    wm_destroy(m);
}

static void test_remove_client_forgets_it(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    scene_add_normal(m, 3);
    scene_clear_dirty(m);
    wm_remove_client(m, b);
    g_assert_null(wm_find(m, 2));
    scene_assert_ids(scene_ids(m->clients), "1 3");
    scene_assert_ids(scene_ids(m->stack), "1 3");
    scene_assert_ids(scene_ids(m->mru), "1 3");
    g_assert_true(m->dirty & WM_DIRTY_CLIENT_LIST);
    g_assert_true(m->dirty & WM_DIRTY_STACK);
    wm_destroy(m);
}

static void test_resolve_transient_refuses_self(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_transient(m, 1, 1);
    g_assert_null(a->transient_for);
    client_resolve_transient(m, a);
    g_assert_null(a->transient_for);
    wm_destroy(m);
}

static void test_resolve_transient_unknown_parent_is_none(void)
{
    wm *m = wm_create(1280, 1024);
    scene_add_normal(m, 1);
    wm_client *d = scene_add_transient(m, 2, 99);
    g_assert_null(d->transient_for);
    g_assert_cmpuint(d->transient_for_id, ==, 99);
    wm_destroy(m);
}

static void test_resolve_transient_parent_managed_after_child(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *d = scene_add_transient(m, 2, 1);
    wm_client *e = scene_add_transient(m, 3, 1);
    g_assert_null(d->transient_for);
    wm_client *p = scene_add_normal(m, 1);
    g_assert_true(d->transient_for == p);
    g_assert_true(e->transient_for == p);
    g_assert_null(p->transient_for);
    wm_destroy(m);
}

/* How many steps up the transient_for chain from c; fails past limit, which
 * is what a loop would do. */
static int chain_length(const wm_client *c, int limit)
{
    int n = 0;
    for (const wm_client *p = c->transient_for; p; p = p->transient_for) {
        n++;
        g_assert_cmpint(n, <=, limit);
    }
    return n;
}

static void test_resolve_transient_refuses_two_cycle(void)
{
    /* a -> b -> a, managed in both orders. The window managed last closes
     * the cycle: its own parent is taken, the link naming it is refused. */
    for (int order = 0; order < 2; order++) {
        wm *m = wm_create(1280, 1024);
        uint32_t first = order ? 2 : 1, second = order ? 1 : 2;
        wm_client *x = scene_add_transient(m, first, second);
        wm_client *y = scene_add_transient(m, second, first);
        g_assert_true(y->transient_for == x);
        g_assert_null(x->transient_for);
        g_assert_cmpint(chain_length(x, 1), ==, 0);
        g_assert_cmpint(chain_length(y, 1), ==, 1);
        wm_destroy(m);
    }
}

static void test_resolve_transient_refuses_three_cycle(void)
{
    /* a -> b -> c -> a (ids 1 -> 2 -> 3 -> 1), managed in every order. */
    static const uint32_t orders[6][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3},
                                          {2, 3, 1}, {3, 1, 2}, {3, 2, 1}};
    for (int o = 0; o < 6; o++) {
        wm *m = wm_create(1280, 1024);
        for (int i = 0; i < 3; i++) {
            uint32_t id = orders[o][i];
            scene_add_transient(m, id, id % 3 + 1);
        }
        int links = 0;
        for (uint32_t id = 1; id <= 3; id++) {
            wm_client *c = wm_find(m, id);
            chain_length(c, 2);
            if (c->transient_for) {
                g_assert_cmpuint(c->transient_for->id, ==, id % 3 + 1);
                links++;
            }
        }
        g_assert_cmpint(links, ==, 2);
        /* The last one managed keeps its parent; the window naming it not. */
        uint32_t last = orders[o][2];
        uint32_t names_last = (last + 1) % 3 + 1;
        g_assert_nonnull(wm_find(m, last)->transient_for);
        g_assert_null(wm_find(m, names_last)->transient_for);
        wm_destroy(m);
    }
}

static void test_resolve_transient_refuses_loop_on_change(void)
{
    /* A client that rewrites WM_TRANSIENT_FOR to close a loop. */
    wm *m = wm_create(1280, 1024);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_transient(m, 2, 1);
    wm_client *c = scene_add_transient(m, 3, 2);
    a->transient_for_id = 3;
    client_resolve_transient(m, a);
    g_assert_null(a->transient_for);
    g_assert_true(b->transient_for == a);
    g_assert_true(c->transient_for == b);
    /* And a change that makes no loop is taken. */
    c->transient_for_id = 1;
    client_resolve_transient(m, c);
    g_assert_true(c->transient_for == a);
    wm_destroy(m);
}

static const enum wm_type all_types[] = {
    WM_TYPE_NORMAL,  WM_TYPE_DESKTOP, WM_TYPE_DOCK,   WM_TYPE_TOOLBAR,      WM_TYPE_MENU,
    WM_TYPE_UTILITY, WM_TYPE_SPLASH,  WM_TYPE_DIALOG, WM_TYPE_NOTIFICATION,
};

static void test_gravity_place_unplace_is_identity(void)
{
    static const wm_rect reqs[] = {
        {10, 20, 300, 200}, {-50, 7, 1, 1}, {3, 5, 641, 479}, {1279, 1023, 33, 17}};
    static const int borders[] = {0, 3};
    wm *m = wm_create(1280, 1024);
    for (int g = 1; g <= 10; g++)
        for (size_t b = 0; b < G_N_ELEMENTS(borders); b++)
            for (size_t t = 0; t < G_N_ELEMENTS(all_types); t++)
                for (int fs = 0; fs < 2; fs++)
                    for (size_t r = 0; r < G_N_ELEMENTS(reqs); r++) {
                        wm_client *c = client_create(1);
                        c->gravity = g;
                        c->border_width = borders[b];
                        c->type = all_types[t];
                        c->fullscreen = fs;
                        client_place_with_gravity(m, c, reqs[r]);
                        g_assert_cmpint(c->geom.w, ==, reqs[r].w);
                        g_assert_cmpint(c->geom.h, ==, reqs[r].h);
                        wm_rect back = client_unplace_with_gravity(m, c);
                        if (memcmp(&back, &reqs[r], sizeof back) != 0)
                            g_error("gravity %d border %d type %d fullscreen %d: "
                                    "(%d,%d %dx%d) came back as (%d,%d %dx%d)",
                                    g, borders[b], all_types[t], fs, reqs[r].x, reqs[r].y,
                                    reqs[r].w, reqs[r].h, back.x, back.y, back.w, back.h);
                        client_destroy(c);
                    }
    wm_destroy(m);
}

static void test_gravity_northwest_puts_frame_corner_at_request(void)
{
    wm *m = wm_create(1280, 1024);
    for (int bw = 0; bw <= 3; bw += 3) {
        wm_client *c = client_create(1);
        c->border_width = bw;
        client_place_with_gravity(m, c, (wm_rect){40, 60, 300, 200});
        wm_rect f = client_frame_rect(m, c);
        g_assert_cmpint(f.x, ==, 40);
        g_assert_cmpint(f.y, ==, 60);
        /* The client sits inside the frame, below the titlebar. */
        g_assert_cmpint(c->geom.x, ==, 41);
        g_assert_cmpint(c->geom.y, ==, 80);
        g_assert_true(c->dirty & WM_DIRTY_GEOMETRY);
        client_destroy(c);
    }
    wm_destroy(m);
}

static void test_gravity_northwest_undecorated_is_request(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = client_create(1);
    c->type = WM_TYPE_DOCK;
    c->gravity = 1;
    client_place_with_gravity(m, c, (wm_rect){0, 994, 1280, 30});
    g_assert_cmpint(c->geom.x, ==, 0);
    g_assert_cmpint(c->geom.y, ==, 994);
    g_assert_cmpint(c->geom.w, ==, 1280);
    g_assert_cmpint(c->geom.h, ==, 30);
    client_destroy(c);
    wm_destroy(m);
}

static void test_gravity_static_keeps_client_where_it_asked(void)
{
    wm *m = wm_create(1280, 1024);
    for (int bw = 0; bw <= 3; bw += 3) {
        wm_client *c = client_create(1);
        c->gravity = 10;
        c->border_width = bw;
        client_place_with_gravity(m, c, (wm_rect){40, 60, 300, 200});
        /* The inside of the border stays where it was. */
        g_assert_cmpint(c->geom.x, ==, 40 + bw);
        g_assert_cmpint(c->geom.y, ==, 60 + bw);
        g_assert_cmpint(c->geom.w, ==, 300);
        g_assert_cmpint(c->geom.h, ==, 200);
        client_destroy(c);
    }
    wm_destroy(m);
}

static void test_gravity_southeast_keeps_bottom_right_corner(void)
{
    wm *m = wm_create(1280, 1024);
    for (int bw = 0; bw <= 3; bw += 3) {
        wm_client *c = client_create(1);
        c->gravity = 9;
        c->border_width = bw;
        client_place_with_gravity(m, c, (wm_rect){40, 60, 300, 200});
        wm_rect f = client_frame_rect(m, c);
        g_assert_cmpint(f.x + f.w, ==, 40 + 300 + 2 * bw);
        g_assert_cmpint(f.y + f.h, ==, 60 + 200 + 2 * bw);
        g_assert_cmpint(c->geom.x, ==, 40 + 2 * bw - 1);
        g_assert_cmpint(c->geom.y, ==, 60 + 2 * bw - 1);
        client_destroy(c);
    }
    wm_destroy(m);
}

static double distance(double a, double b)
{
    return a > b ? a - b : b - a;
}

static void test_gravity_reference_point_lands_where_asked(void)
{
    /* ICCCM 4.1.2.3: the reference point of the window (border included)
     * as asked is where the frame's reference point goes. Columns and rows
     * are 0 (west, north), 1 (centre) and 2 (east, south), in halves. */
    static const int col[10] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
    static const int row[10] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
    wm *m = wm_create(1280, 1024);
    for (int g = 1; g <= 9; g++)
        for (int bw = 0; bw <= 3; bw += 3)
            for (int w = 300; w <= 301; w++) {
                wm_client *c = client_create(1);
                c->gravity = g;
                c->border_width = bw;
                wm_rect req = {40, 60, w, w - 100};
                client_place_with_gravity(m, c, req);
                wm_rect f = client_frame_rect(m, c);
                double want_x = req.x + col[g - 1] * (req.w + 2.0 * bw) / 2;
                double want_y = req.y + row[g - 1] * (req.h + 2.0 * bw) / 2;
                double got_x = f.x + col[g - 1] * f.w / 2.0;
                double got_y = f.y + row[g - 1] * f.h / 2.0;
                /* Edges exactly; centres within the half pixel that
                 * integer coordinates cannot avoid. */
                double tol_x = col[g - 1] == 1 ? 0.5 : 0;
                double tol_y = row[g - 1] == 1 ? 0.5 : 0;
                if (distance(got_x, want_x) > tol_x || distance(got_y, want_y) > tol_y)
                    g_error("gravity %d border %d width %d: reference point at "
                            "(%.1f,%.1f), asked (%.1f,%.1f)",
                            g, bw, w, got_x, got_y, want_x, want_y);
                client_destroy(c);
            }
    wm_destroy(m);
}

static void test_gravity_out_of_range_acts_as_northwest(void)
{
    wm *m = wm_create(1280, 1024);
    static const int bad[] = {0, 11, -1, 255};
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        wm_client *c = client_create(1);
        c->gravity = bad[i];
        wm_rect req = {40, 60, 300, 200};
        client_place_with_gravity(m, c, req);
        wm_rect f = client_frame_rect(m, c);
        g_assert_cmpint(f.x, ==, 40);
        g_assert_cmpint(f.y, ==, 60);
        wm_rect back = client_unplace_with_gravity(m, c);
        g_assert_cmpint(back.x, ==, 40);
        g_assert_cmpint(back.y, ==, 60);
        client_destroy(c);
    }
    wm_destroy(m);
}

static void test_frame_rect_adds_extents_when_decorated(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = client_create(1);
    c->geom = (wm_rect){100, 100, 200, 150};
    wm_rect f = client_frame_rect(m, c);
    g_assert_cmpint(f.x, ==, 100 - m->frame_extents.left);
    g_assert_cmpint(f.y, ==, 100 - m->frame_extents.top);
    g_assert_cmpint(f.w, ==, 200 + m->frame_extents.left + m->frame_extents.right);
    g_assert_cmpint(f.h, ==, 150 + m->frame_extents.top + m->frame_extents.bottom);
    c->type = WM_TYPE_MENU;
    f = client_frame_rect(m, c);
    g_assert_cmpmem(&f, sizeof f, &c->geom, sizeof c->geom);
    client_destroy(c);
    wm_destroy(m);
}

static void test_fullscreen_has_no_frame_extents(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = client_create(1);
    c->fullscreen = true;
    c->geom = (wm_rect){0, 0, 1280, 1024};
    wm_rect f = client_frame_rect(m, c);
    g_assert_cmpmem(&f, sizeof f, &c->geom, sizeof c->geom);
    /* Placing a fullscreen window puts the client itself at the request. */
    c->gravity = 5;
    client_place_with_gravity(m, c, (wm_rect){0, 0, 1280, 1024});
    g_assert_cmpint(c->geom.x, ==, 0);
    g_assert_cmpint(c->geom.y, ==, 0);
    client_destroy(c);
    wm_destroy(m);
}

static void test_wants_decor_by_type(void)
{
    static const struct {
        enum wm_type type;
        bool decor;
    } cases[] = {
        {WM_TYPE_NORMAL, true},  {WM_TYPE_DIALOG, true},   {WM_TYPE_UTILITY, true},
        {WM_TYPE_TOOLBAR, true}, {WM_TYPE_DESKTOP, false}, {WM_TYPE_DOCK, false},
        {WM_TYPE_MENU, false},   {WM_TYPE_SPLASH, false},  {WM_TYPE_NOTIFICATION, false},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        wm_client *c = client_create(1);
        c->type = cases[i].type;
        if (client_wants_decor(c) != cases[i].decor)
            g_error("type %d: wants decor %d, expected %d", cases[i].type, client_wants_decor(c),
                    cases[i].decor);
        client_destroy(c);
    }
}

static void test_layer_of_each_kind(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *c = scene_add_normal(m, 1);
    g_assert_cmpint(client_layer(m, c), ==, WM_LAYER_NORMAL);
    c->above = true;
    g_assert_cmpint(client_layer(m, c), ==, WM_LAYER_ABOVE);
    c->above = false;
    c->below = true;
    g_assert_cmpint(client_layer(m, c), ==, WM_LAYER_BELOW);
    c->below = false;

    wm_client *d = scene_add(m, 2, WM_TYPE_DOCK, 0);
    g_assert_cmpint(client_layer(m, d), ==, WM_LAYER_DOCK);
    d->below = true;
    g_assert_cmpint(client_layer(m, d), ==, WM_LAYER_BELOW);

    wm_client *k = scene_add(m, 3, WM_TYPE_DESKTOP, 0);
    g_assert_cmpint(client_layer(m, k), ==, WM_LAYER_DESKTOP);
    k->above = true;
    g_assert_cmpint(client_layer(m, k), ==, WM_LAYER_DESKTOP);
    wm_destroy(m);
}

static void test_layer_fullscreen_only_while_focused(void)
{
    wm *m = wm_create(1280, 1024);
    wm_client *f = scene_add_normal(m, 1);
    wm_client *t = scene_add_transient(m, 2, 1);
    wm_client *tt = scene_add_transient(m, 3, 2);
    wm_client *o = scene_add_normal(m, 4);
    f->fullscreen = true;

    g_assert_cmpint(client_layer(m, f), ==, WM_LAYER_NORMAL);
    focus_set(m, f);
    g_assert_cmpint(client_layer(m, f), ==, WM_LAYER_FULLSCREEN);
    focus_set(m, t);
    g_assert_cmpint(client_layer(m, f), ==, WM_LAYER_FULLSCREEN);
    focus_set(m, tt);
    g_assert_cmpint(client_layer(m, f), ==, WM_LAYER_FULLSCREEN);
    focus_set(m, o);
    g_assert_cmpint(client_layer(m, f), ==, WM_LAYER_NORMAL);
    f->above = true;
    g_assert_cmpint(client_layer(m, f), ==, WM_LAYER_ABOVE);
    wm_destroy(m);
}

static void test_demands_attention_marks_only_on_change(void)
{
    wm_client *c = client_create(1);
    client_set_demands_attention(c, true);
    g_assert_true(c->demands_attention);
    g_assert_cmpuint(c->dirty, ==, WM_DIRTY_STATE | WM_DIRTY_DECOR);
    c->dirty = 0;
    client_set_demands_attention(c, true);
    g_assert_cmpuint(c->dirty, ==, 0);
    client_set_demands_attention(c, false);
    g_assert_false(c->demands_attention);
    g_assert_cmpuint(c->dirty, ==, WM_DIRTY_STATE | WM_DIRTY_DECOR);
    client_destroy(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/client/create-gives-group-of-one", test_create_gives_group_of_one);
    g_test_add_func("/client/destroy-null-is-harmless", test_destroy_null_is_harmless);
    g_test_add_func("/client/set-title-copies-and-marks-decor",
                    test_set_title_copies_and_marks_title);
    g_test_add_func("/client/add-client-registers-everywhere",
                    test_add_client_registers_everywhere);
    g_test_add_func("/client/add-client-on-missing-workspace-goes-to-current",
                    test_add_client_on_missing_workspace_goes_to_current);
    g_test_add_func("/client/remove-client-forgets-it", test_remove_client_forgets_it);
    g_test_add_func("/client/resolve-transient-refuses-self", test_resolve_transient_refuses_self);
    g_test_add_func("/client/resolve-transient-unknown-parent-is-none",
                    test_resolve_transient_unknown_parent_is_none);
    g_test_add_func("/client/resolve-transient-parent-managed-after-child",
                    test_resolve_transient_parent_managed_after_child);
    g_test_add_func("/client/resolve-transient-refuses-two-cycle",
                    test_resolve_transient_refuses_two_cycle);
    g_test_add_func("/client/resolve-transient-refuses-three-cycle",
                    test_resolve_transient_refuses_three_cycle);
    g_test_add_func("/client/resolve-transient-refuses-loop-on-change",
                    test_resolve_transient_refuses_loop_on_change);
    g_test_add_func("/client/gravity-place-unplace-is-identity",
                    test_gravity_place_unplace_is_identity);
    g_test_add_func("/client/gravity-northwest-puts-frame-corner-at-request",
                    test_gravity_northwest_puts_frame_corner_at_request);
    g_test_add_func("/client/gravity-northwest-undecorated-is-request",
                    test_gravity_northwest_undecorated_is_request);
    g_test_add_func("/client/gravity-static-keeps-client-where-it-asked",
                    test_gravity_static_keeps_client_where_it_asked);
    g_test_add_func("/client/gravity-southeast-keeps-bottom-right-corner",
                    test_gravity_southeast_keeps_bottom_right_corner);
    g_test_add_func("/client/gravity-reference-point-lands-where-asked",
                    test_gravity_reference_point_lands_where_asked);
    g_test_add_func("/client/gravity-out-of-range-acts-as-northwest",
                    test_gravity_out_of_range_acts_as_northwest);
    g_test_add_func("/client/frame-rect-adds-extents-when-decorated",
                    test_frame_rect_adds_extents_when_decorated);
    g_test_add_func("/client/fullscreen-has-no-frame-extents",
                    test_fullscreen_has_no_frame_extents);
    g_test_add_func("/client/wants-decor-by-type", test_wants_decor_by_type);
    g_test_add_func("/client/layer-of-each-kind", test_layer_of_each_kind);
    g_test_add_func("/client/layer-fullscreen-only-while-focused",
                    test_layer_fullscreen_only_while_focused);
    g_test_add_func("/client/demands-attention-marks-only-on-change",
                    test_demands_attention_marks_only_on_change);
    return g_test_run();
}
