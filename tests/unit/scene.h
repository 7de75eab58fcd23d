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
