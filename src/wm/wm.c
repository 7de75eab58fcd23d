/*
 * The model's root object: owns the clients and keeps the lists that the
 * EWMH publishes (managed order, stacking, most-recently-used focus).
 */
#include "wm/wm.h"

#include <string.h>

wm *wm_create(int screen_w, int screen_h)
{
    wm *m = g_new0(wm, 1);
    m->clients = g_ptr_array_new();
    m->by_id = g_hash_table_new(g_direct_hash, g_direct_equal);
    m->stack = g_ptr_array_new();
    m->mru = g_ptr_array_new();
    m->focus_offers = g_ptr_array_new();
    m->screen = (wm_rect){0, 0, screen_w, screen_h};
    m->frame_extents = (wm_extents){1, 1, 20, 1};
    m->frame_extents_max = m->frame_extents;
    m->n_workspaces = 4;
    m->autofullscreen = true;
    monitors_set(m, NULL, 0);
    m->dirty = ~0u;
    return m;
}

void wm_destroy(wm *m)
{
    if (!m)
        return;
    for (guint i = 0; i < m->clients->len; i++)
        client_destroy(m->clients->pdata[i]);
    g_ptr_array_free(m->clients, TRUE);
    g_hash_table_destroy(m->by_id);
    g_ptr_array_free(m->stack, TRUE);
    g_ptr_array_free(m->mru, TRUE);
    g_ptr_array_free(m->focus_offers, TRUE);
    g_array_free(m->monitors, TRUE);
    for (int i = 0; i < WM_MAX_WORKSPACES; i++)
        g_free(m->workspace_names[i]);
    g_free(m);
}

wm_client *wm_find(const wm *m, uint32_t id)
{
    return id ? g_hash_table_lookup(m->by_id, GUINT_TO_POINTER(id)) : NULL;
}

void wm_mark(wm *m, unsigned dirty)
{
    m->dirty |= dirty;
}

void wm_add_client(wm *m, wm_client *c)
{
    g_ptr_array_add(m->clients, c);
    g_hash_table_insert(m->by_id, GUINT_TO_POINTER(c->id), c);
    g_ptr_array_add(m->stack, c);
    /* New windows go to the end of the MRU list until they are focused. */
    g_ptr_array_add(m->mru, c);
    if (c->workspace != WM_ALL_WORKSPACES && c->workspace >= m->n_workspaces)
        c->workspace = m->current_workspace;

    /* Transients name their parent by id; resolve both directions now that
     * this window exists, since a parent may be managed after its child. */
    client_resolve_transient(m, c);
    workspace_follow_parent(m, c);
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *o = m->clients->pdata[i];
        if (o != c && o->transient_for_id == c->id) {
            client_resolve_transient(m, o);
            workspace_follow_parent(m, o);
        }
    }
    client_mark(c, ~0u);
    wm_mark(m, WM_DIRTY_CLIENT_LIST | WM_DIRTY_STACK);
    if (m->policy && m->policy->added)
        m->policy->added(m->policy->data, c);
}

void wm_remove_client(wm *m, wm_client *c)
{
    if (m->policy && m->policy->removed)
        m->policy->removed(m->policy->data, c);
    bool had_focus = m->focused == c;
    if (focus_offered(m) == c)
        focus_offer_next(m); /* it was offered the focus: the next is */
    uint32_t ws = c->workspace == WM_ALL_WORKSPACES ? m->current_workspace : c->workspace;
    /* A tab that goes leaves its group showing the tab used before it. */
    wm_client *next_tab = group_forget(m, c);

    g_ptr_array_remove(m->clients, c);
    g_hash_table_remove(m->by_id, GUINT_TO_POINTER(c->id));
    g_ptr_array_remove(m->stack, c);
    g_ptr_array_remove(m->mru, c);
    g_ptr_array_remove(m->focus_offers, c);
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *o = m->clients->pdata[i];
        if (o->transient_for == c) {
            o->transient_for = NULL;
            workspace_follow_parent(m, o);
        }
    }
    if (had_focus) {
        m->focused = NULL;
        if (ws == m->current_workspace) {
            wm_client *next = focus_next_mru(m, ws, NULL);
            /* A closing dialog hands the focus to its parent, or (as in
             * Mutter) past parents that take no focus to the nearest
             * ancestor that does. */
            wm_client *up = c->transient_for;
            while (up && !(client_visible(m, up) && focus_can_take(up)))
                up = up->transient_for;
            if (up)
                next = up;
            else if (next_tab && focus_can_take(next_tab))
                next = next_tab;
            focus_hand_over(m, next, ws);
        }
        wm_mark(m, WM_DIRTY_FOCUS);
    }
    bool had_strut = c->has_strut;
    client_destroy(c);
    if (had_strut)
        workarea_update(m); /* the dock went: its space comes back */
    wm_mark(m, WM_DIRTY_CLIENT_LIST | WM_DIRTY_STACK);
}

bool wm_time_before(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) < 0;
}
