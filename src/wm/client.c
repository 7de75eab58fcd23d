/*
 * A client: one application window and what the model knows about it.
 * The gravity arithmetic of ICCCM 4.1.2.3 lives here, both ways, so that a
 * window that leaves purr lands where the next manager expects it.
 */
#include "wm/wm.h"

#include <string.h>

#include "util/log.h"

wm_client *client_create(uint32_t id)
{
    wm_client *c = g_new0(wm_client, 1);
    c->id = id;
    c->title = g_strdup("");
    c->input = WM_INPUT_PASSIVE;
    c->gravity = 1;
    group_init_client(c);
    return c;
}

void client_destroy(wm_client *c)
{
    if (!c)
        return;
    group_release_client(c);
    g_free(c->title);
    g_free(c->wm_class);
    g_free(c->role);
    g_free(c);
}

void client_mark(wm_client *c, unsigned dirty)
{
    c->dirty |= dirty;
}

void client_set_title(wm_client *c, const char *utf8)
{
    if (g_strcmp0(c->title, utf8) == 0)
        return;
    g_free(c->title);
    c->title = g_strdup(utf8 ? utf8 : "");
    client_mark(c, WM_DIRTY_TITLE);
}

wm_client *client_transient_root(const wm_client *c)
{
    while (c->transient_for)
        c = c->transient_for; /* loop-free: client_resolve_transient() */
    return (wm_client *)c;
}

void client_resolve_transient(wm *m, wm_client *c)
{
    c->transient_for = NULL;
    wm_client *p = wm_find(m, c->transient_for_id);
    if (!p || p == c)
        return;
    /* Refuse a loop: walk up from the would-be parent; if we meet c, the
     * client lied (a -> b -> a) and keeps no parent. */
    for (wm_client *q = p; q; q = q->transient_for) {
        if (q == c) {
            log_info("window 0x%x: WM_TRANSIENT_FOR 0x%x would make a loop; ignored", c->id,
                     c->transient_for_id);
            return;
        }
    }
    c->transient_for = p;
}

wm_rect client_frame_rect(const wm *m, const wm_client *c)
{
    wm_rect f = rect_grow(c->geom, client_extents(m, c));
    if (c->shaded)
        f.h = client_extents(m, c).top + client_extents(m, c).bottom;
    return f;
}

wm_rect client_visible_rect(const wm *m, const wm_client *c)
{
    return rect_shrink(client_frame_rect(m, c), client_csd_margins(c));
}

/* 0 for the west (north) column of gravities, 1 for the centre, 2 for east
 * (south); -1 for static gravity. */
static int gravity_col(int g)
{
    static const int col[11] = {0, 0, 1, 2, 0, 1, 2, 0, 1, 2, -1};
    return g >= 1 && g <= 10 ? col[g] : 0;
}

static int gravity_row(int g)
{
    static const int row[11] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 2, -1};
    return g >= 1 && g <= 10 ? row[g] : 0;
}

static wm_rect gravity_apply(const wm_client *c, wm_extents e, wm_rect req)
{
    int bw = c->border_width;
    int col = gravity_col(c->gravity), row = gravity_row(c->gravity);
    int fx, fy;
    if (col < 0) {
        fx = req.x + bw - e.left;
        fy = req.y + bw - e.top;
    } else {
        int fw = req.w + e.left + e.right, fh = req.h + e.top + e.bottom;
        fx = req.x + (req.w + 2 * bw - fw) * col / 2;
        fy = req.y + (req.h + 2 * bw - fh) * row / 2;
    }
    return (wm_rect){fx + e.left, fy + e.top, req.w, req.h};
}

static wm_rect gravity_reverse(const wm_client *c, wm_extents e, wm_rect r)
{
    int bw = c->border_width;
    int col = gravity_col(c->gravity), row = gravity_row(c->gravity);
    wm_rect f = rect_grow(r, e);
    if (col < 0)
        return (wm_rect){r.x - bw, r.y - bw, r.w, r.h};
    return (wm_rect){f.x - (r.w + 2 * bw - f.w) * col / 2, f.y - (r.h + 2 * bw - f.h) * row / 2,
                     r.w, r.h};
}

wm_rect client_gravity_apply(const wm *m, const wm_client *c, wm_rect req)
{
    return gravity_apply(c, client_floating_extents(m, c), req);
}

wm_rect client_gravity_reverse(const wm *m, const wm_client *c, wm_rect floating)
{
    return gravity_reverse(c, client_floating_extents(m, c), floating);
}

void client_place_with_gravity(const wm *m, wm_client *c, wm_rect req)
{
    c->geom = client_gravity_apply(m, c, req);
    c->floating = c->geom;
    client_mark(c, WM_DIRTY_GEOMETRY);
}

wm_rect client_unplace_with_gravity(const wm *m, const wm_client *c)
{
    return gravity_reverse(c, client_extents(m, c), c->geom);
}

bool client_on_workspace(const wm_client *c, uint32_t ws)
{
    return c->workspace == WM_ALL_WORKSPACES || c->workspace == ws;
}

bool client_visible(const wm *m, const wm_client *c)
{
    if (c->minimized)
        return false;
    if (c->type == WM_TYPE_DESKTOP || c->type == WM_TYPE_DOCK)
        return true;
    /* A hidden tab stays mapped; its dialogs do not show. */
    if (m->showing_desktop || (c->transient_for && client_behind_tab(c)))
        return false;
    return client_on_workspace(c, m->current_workspace);
}

static enum wm_layer own_layer(const wm *m, const wm_client *c)
{
    if (c->type == WM_TYPE_DESKTOP)
        return WM_LAYER_DESKTOP;
    if (c->type == WM_TYPE_DOCK)
        return c->below ? WM_LAYER_BELOW : WM_LAYER_DOCK;
    if (c->fullscreen) {
        /* Fullscreen sits above docks only while it (or its dialog) has focus. */
        for (const wm_client *f = m->focused; f; f = f->transient_for)
            if (f == c)
                return WM_LAYER_FULLSCREEN;
    }
    if (c->above || c->type == WM_TYPE_NOTIFICATION)
        return WM_LAYER_ABOVE;
    if (c->below)
        return WM_LAYER_BELOW;
    return WM_LAYER_NORMAL;
}

enum wm_layer client_layer(const wm *m, const wm_client *c)
{
    enum wm_layer own = own_layer(m, c), layer = own;
    if (!m->policy || !m->policy->layer ||
        m->policy->layer(m->policy->data, c, &layer) != WM_POLICY_YES)
        return own;
    return (unsigned)layer < WM_LAYER_COUNT ? layer : own;
}

bool client_wants_decor(const wm_client *c)
{
    switch (c->type) {
    case WM_TYPE_NORMAL:
    case WM_TYPE_DIALOG:
    case WM_TYPE_UTILITY:
    case WM_TYPE_TOOLBAR:
        return true;
    default:
        return false;
    }
}

void client_set_demands_attention(wm_client *c, bool on)
{
    if (c->demands_attention == on)
        return;
    c->demands_attention = on;
    client_mark(c, WM_DIRTY_STATE | WM_DIRTY_DECOR);
}
