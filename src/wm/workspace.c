/*
 * Workspaces (EWMH desktops): how many, their names, which one shows, and
 * "showing the desktop". Hiding and showing windows is only a change of
 * client_visible(); the push step maps and unmaps frames to match.
 */
#include "wm/wm.h"

static void mark_all_visibility(wm *m)
{
    for (guint i = 0; i < m->clients->len; i++)
        client_mark(m->clients->pdata[i], WM_DIRTY_VISIBLE);
    wm_mark(m, WM_DIRTY_DESKTOPS | WM_DIRTY_STACK);
}

void workspace_set_count(wm *m, uint32_t n)
{
    if (n < 1)
        n = 1;
    if (n > WM_MAX_WORKSPACES)
        n = WM_MAX_WORKSPACES;
    if (n == m->n_workspaces)
        return;
    m->n_workspaces = n;
    /* Windows on a workspace that went away move to the last one left. */
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *c = m->clients->pdata[i];
        if (c->workspace != WM_ALL_WORKSPACES && c->workspace >= n) {
            c->workspace = n - 1;
            client_mark(c, WM_DIRTY_DESKTOP);
        }
    }
    if (m->current_workspace >= n)
        workspace_switch(m, n - 1);
    mark_all_visibility(m);
}

void workspace_set_names(wm *m, char **names, size_t n)
{
    for (size_t i = 0; i < WM_MAX_WORKSPACES; i++) {
        g_free(m->workspace_names[i]);
        m->workspace_names[i] = i < n && names[i] ? g_strdup(names[i]) : NULL;
    }
    wm_mark(m, WM_DIRTY_DESKTOPS);
}

void workspace_switch(wm *m, uint32_t ws)
{
    if (ws >= m->n_workspaces || ws == m->current_workspace)
        return;
    m->current_workspace = ws;
    if (m->showing_desktop)
        m->showing_desktop = false;
    mark_all_visibility(m);
    if (!m->focused || !client_on_workspace(m->focused, ws))
        focus_hand_over(m, focus_next_mru(m, ws, NULL), ws);
}

static void move_client(wm *m, wm_client *c, uint32_t ws, bool by_parent)
{
    c->sticky_by_parent = by_parent && ws == WM_ALL_WORKSPACES;
    /* Its transients come along (a dialog is where its parent is). */
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *t = m->clients->pdata[i];
        if (t->transient_for == c && t->workspace != ws &&
            (t->workspace != WM_ALL_WORKSPACES || t->sticky_by_parent))
            move_client(m, t, ws, true);
    }
    if (c->workspace == ws)
        return;
    c->workspace = ws;
    client_mark(c, WM_DIRTY_DESKTOP | WM_DIRTY_VISIBLE | WM_DIRTY_STATE);
    wm_mark(m, WM_DIRTY_STACK);
    if (m->focused == c && !client_visible(m, c))
        focus_hand_over(m, focus_next_mru(m, m->current_workspace, c), m->current_workspace);
}

void workspace_move_client(wm *m, wm_client *c, uint32_t ws)
{
    if (ws != WM_ALL_WORKSPACES && ws >= m->n_workspaces)
        return;
    move_client(m, c, ws, false);
}

void workspace_follow_parent(wm *m, wm_client *c)
{
    const wm_client *p = c->transient_for;
    if (p && p->workspace != c->workspace &&
        (p->workspace == WM_ALL_WORKSPACES || c->sticky_by_parent ||
         c->workspace != WM_ALL_WORKSPACES))
        move_client(m, c, p->workspace, true);
    else if (!p && c->sticky_by_parent)
        move_client(m, c, m->current_workspace, false);
}

void workspace_show_desktop(wm *m, bool on)
{
    if (m->showing_desktop == on)
        return;
    m->showing_desktop = on;
    mark_all_visibility(m);
    if (on)
        focus_set(m, NULL);
    else
        focus_hand_over(m, focus_next_mru(m, m->current_workspace, NULL), m->current_workspace);
}
