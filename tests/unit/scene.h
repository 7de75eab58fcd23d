/*
 * What the model's unit tests share: building a scene of clients without X,
 * and reading the model's lists back as short strings of window ids ("1 2 3")
 * so that an assertion shows the whole order when it fails.
 */
#pragma once

#include <glib.h>

#include "wm/wm.h"

/* A managed client of the given type on workspace ws, its window at
 * (100, 100) sized 200x150. */
static inline wm_client *scene_add(wm *m, uint32_t id, enum wm_type type, uint32_t ws)
{
    wm_client *c = client_create(id);
    c->type = type;
    c->workspace = ws;
    c->geom = (wm_rect){100, 100, 200, 150};
    wm_add_client(m, c);
    return c;
}

static inline wm_client *scene_add_normal(wm *m, uint32_t id)
{
    return scene_add(m, id, WM_TYPE_NORMAL, 0);
}

/* A dialog that names parent (which may not be managed yet) in
 * WM_TRANSIENT_FOR. */
static inline wm_client *scene_add_transient(wm *m, uint32_t id, uint32_t parent)
{
    wm_client *c = client_create(id);
    c->type = WM_TYPE_DIALOG;
    c->transient_for_id = parent;
    c->geom = (wm_rect){100, 100, 200, 150};
    wm_add_client(m, c);
    return c;
}

/* A transient for the whole window group led by leader. */
static inline wm_client *scene_add_group_transient(wm *m, uint32_t id, uint32_t leader)
{
    wm_client *c = client_create(id);
    c->type = WM_TYPE_DIALOG;
    c->group_transient = true;
    c->leader = leader;
    c->geom = (wm_rect){100, 100, 200, 150};
    wm_add_client(m, c);
    return c;
}

/* The ids of a list of clients, separated by spaces; g_free it. */
static inline char *scene_ids(const GPtrArray *a)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < a->len; i++) {
        const wm_client *c = a->pdata[i];
        g_string_append_printf(s, "%s%u", i ? " " : "", c->id);
    }
    return g_string_free(s, FALSE);
}

/* The computed stacking order, bottom to top. Every managed client must
 * appear in it exactly once. */
static inline char *scene_stack(const wm *m)
{
    GPtrArray *out = g_ptr_array_new();
    g_ptr_array_add(out, NULL); /* stack_compute must clear what it is given */
    stack_compute(m, out);
    g_assert_cmpuint(out->len, ==, m->clients->len);
    for (guint i = 0; i < out->len; i++) {
        g_assert_nonnull(out->pdata[i]);
        for (guint j = i + 1; j < out->len; j++)
            g_assert_true(out->pdata[i] != out->pdata[j]);
    }
    char *s = scene_ids(out);
    g_ptr_array_free(out, TRUE);
    return s;
}

/* Compare a list with the expected ids, showing both when they differ. */
#define scene_assert_ids(list_expr, expected)                                                      \
    do {                                                                                           \
        g_autofree char *scene_got_ = (list_expr);                                                 \
        g_assert_cmpstr(scene_got_, ==, (expected));                                               \
    } while (0)

/* Forget every dirty bit, so a test can see what one call marks. */
static inline void scene_clear_dirty(wm *m)
{
    m->dirty = 0;
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *c = m->clients->pdata[i];
        c->dirty = 0;
    }
}

/* A managed client of the given type whose window floats, and shows, at r:
 * c->floating and c->geom both r, as after manage. */
static inline wm_client *scene_add_at(wm *m, uint32_t id, enum wm_type type, wm_rect r)
{
    wm_client *c = client_create(id);
    c->type = type;
    c->geom = r;
    c->floating = r;
    wm_add_client(m, c);
    return c;
}

/* Replace the monitors as the X layer does after a RandR change: the root
 * window grows or shrinks to hold them all, then monitors_set(). */
static inline void scene_monitors(wm *m, const wm_rect *rects, size_t n)
{
    int w = 0, h = 0;
    for (size_t i = 0; i < n; i++) {
        w = MAX(w, rects[i].x + rects[i].w);
        h = MAX(h, rects[i].y + rects[i].h);
    }
    if (n)
        m->screen = (wm_rect){0, 0, w, h};
    monitors_set(m, rects, n);
}

/* A dock that reserves s (_NET_WM_STRUT_PARTIAL), managed as the X layer
 * does: added, then the work areas recomputed. */
static inline wm_client *scene_add_dock(wm *m, uint32_t id, wm_strut s)
{
    wm_client *c = client_create(id);
    c->type = WM_TYPE_DOCK;
    c->workspace = WM_ALL_WORKSPACES;
    c->has_strut = true;
    c->strut = s;
    wm_add_client(m, c);
    workarea_update(m);
    return c;
}

/* A rectangle as "x,y wxh"; g_free it. */
static inline char *scene_rect(wm_rect r)
{
    return g_strdup_printf("%d,%d %dx%d", r.x, r.y, r.w, r.h);
}

/* Compare a rectangle with the expected one, showing both when they differ. */
#define scene_assert_rect(rect_expr, ex, ey, ew, eh)                                               \
    do {                                                                                           \
        g_autofree char *scene_got_ = scene_rect(rect_expr);                                       \
        g_autofree char *scene_want_ = scene_rect((wm_rect){(ex), (ey), (ew), (eh)});              \
        g_assert_cmpstr(scene_got_, ==, scene_want_);                                              \
    } while (0)
