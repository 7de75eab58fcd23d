/*
 * Tabs: any windows grouped in one frame. A group is an ordered list of
 * clients with one current tab and an MRU order that picks the tab shown
 * when the current one leaves. A lone window is a group of one, so the
 * rest of the model has one code path: what the group owns (the floating
 * rectangle, workspace, layer and states) is kept equal on every member by
 * group_sync(), and everything else stays the member's own.
 */
#include "wm/wm.h"

#include <string.h>

static wm_group *group_new(wm_client *c)
{
    static uint32_t next_id;
    wm_group *g = g_new0(wm_group, 1);
    g->id = ++next_id;
    g->clients = g_ptr_array_new();
    g->mru = g_ptr_array_new();
    g_ptr_array_add(g->clients, c);
    g_ptr_array_add(g->mru, c);
    g->current = c;
    return g;
}

static void group_free(wm_group *g)
{
    g_ptr_array_free(g->clients, TRUE);
    g_ptr_array_free(g->mru, TRUE);
    g_free(g);
}

void group_init_client(wm_client *c)
{
    c->group = group_new(c);
}

void group_release_client(wm_client *c)
{
    wm_group *g = c->group;
    g_ptr_array_remove(g->clients, c);
    g_ptr_array_remove(g->mru, c);
    if (g->current == c)
        g->current = g->mru->len ? g->mru->pdata[0] : NULL;
    if (!g->clients->len)
        group_free(g);
    c->group = NULL;
}

bool client_tabbed(const wm_client *c)
{
    return c->group->clients->len > 1;
}

bool client_hidden_tab(const wm_client *c)
{
    return c->group->current != c;
}

bool client_behind_tab(const wm_client *c)
{
    return client_hidden_tab(client_transient_root(c));
}

wm_size_hints client_size_hints(const wm_client *c)
{
    const wm_group *g = c->group;
    wm_size_hints h = g->current->hints;
    for (guint i = 0; i < g->clients->len; i++) {
        const wm_size_hints *o = &((const wm_client *)g->clients->pdata[i])->hints;
        h.min_w = MAX(h.min_w, o->min_w);
        h.min_h = MAX(h.min_h, o->min_h);
        if (o->max_w > 0)
            h.max_w = h.max_w > 0 ? MIN(h.max_w, o->max_w) : o->max_w;
        if (o->max_h > 0)
            h.max_h = h.max_h > 0 ? MIN(h.max_h, o->max_h) : o->max_h;
    }
    return h;
}

/* Would the limits of g's members and c's leave some size? */
static bool limits_meet(const wm_group *g, const wm_client *c)
{
    wm_size_hints h = client_size_hints(g->clients->pdata[0]);
    const wm_size_hints *o = &c->hints;
    int min_w = MAX(h.min_w, o->min_w), min_h = MAX(h.min_h, o->min_h);
    int max_w = h.max_w > 0 && o->max_w > 0 ? MIN(h.max_w, o->max_w) : MAX(h.max_w, o->max_w);
    int max_h = h.max_h > 0 && o->max_h > 0 ? MIN(h.max_h, o->max_h) : MAX(h.max_h, o->max_h);
    return (max_w <= 0 || min_w <= max_w) && (max_h <= 0 || min_h <= max_h);
}

const char *group_member_refusal(const wm_client *c)
{
    if (c->type != WM_TYPE_NORMAL)
        return "only normal windows can be tabs";
    if (c->transient_for || c->transient_for_id || c->group_transient)
        return "a dialog or transient window cannot be a tab";
    if (client_fixed_size(c))
        return "a window of a fixed size cannot be a tab";
    if (client_undecorated(c))
        return "a window without purr's frame (undecorated, or drawing its own) cannot be a tab";
    return NULL;
}

const char *group_refusal(const wm *m, const wm_client *into, const wm_client *c)
{
    (void)m;
    if (!into || !c)
        return "no such window";
    if (into == c)
        return "a window cannot be a tab of itself";
    if (into->group == c->group)
        return "the window is already in that group";
    const char *why = group_member_refusal(c);
    if (!why)
        why = group_member_refusal(into);
    if (why)
        return why;
    if (into->group->clients->len >= WM_GROUP_MAX)
        return "the group is full";
    if (!limits_meet(into->group, c))
        return "no size meets the size limits of every tab";
    return NULL;
}

/* The user's stacking order places a group by its current tab
 * (stack_compute()): the tab shown now takes the place of the one shown
 * before. */
static void show_in_place_of(wm *m, wm_client *now, wm_client *before)
{
    guint at;
    if (!g_ptr_array_find(m->stack, before, &at))
        return;
    g_ptr_array_remove(m->stack, now);
    g_ptr_array_find(m->stack, before, &at);
    g_ptr_array_insert(m->stack, (gint)at + 1, now);
}

/* Mark what a change of group shows: every member's tab bar, and each
 * one's shown or hidden state. */
static void mark_members(wm *m, wm_group *g)
{
    for (guint i = 0; i < g->clients->len; i++)
        client_mark(g->clients->pdata[i], WM_DIRTY_DECOR | WM_DIRTY_STATE | WM_DIRTY_TAB);
    /* The tabs' dialogs show and hide with them. */
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *t = m->clients->pdata[i];
        if (t->transient_for && client_transient_root(t)->group == g)
            client_mark(t, WM_DIRTY_VISIBLE);
    }
    wm_mark(m, WM_DIRTY_STACK);
}

void group_sync(wm *m, wm_client *c)
{
    wm_group *g = c->group;
    for (guint i = 0; i < g->clients->len; i++) {
        wm_client *o = g->clients->pdata[i];
        if (o == c)
            continue;
        unsigned dirty = 0;
        if (o->workspace != c->workspace)
            dirty |= WM_DIRTY_DESKTOP | WM_DIRTY_VISIBLE | WM_DIRTY_STATE;
        if (o->minimized != c->minimized)
            dirty |= WM_DIRTY_VISIBLE | WM_DIRTY_STATE;
        if (o->max_h != c->max_h || o->max_v != c->max_v || o->fullscreen != c->fullscreen ||
            o->tile != c->tile || o->shaded != c->shaded || o->above != c->above ||
            o->below != c->below)
            dirty |= WM_DIRTY_STATE | WM_DIRTY_DECOR | WM_DIRTY_GEOMETRY;
        o->floating = c->floating;
        o->workspace = c->workspace;
        o->minimized = c->minimized;
        o->max_h = c->max_h;
        o->max_v = c->max_v;
        o->fullscreen = c->fullscreen;
        o->tile = c->tile;
        o->shaded = c->shaded;
        o->above = c->above;
        o->below = c->below;
        o->has_fs_monitors = c->has_fs_monitors;
        memcpy(o->fs_monitors, c->fs_monitors, sizeof o->fs_monitors);
        client_mark(o, dirty);
        client_relayout(m, o);
    }
    if (client_tabbed(c))
        wm_mark(m, WM_DIRTY_STACK);
}

bool group_attach(wm *m, wm_client *into, wm_client *c, int index, bool current)
{
    if (group_refusal(m, into, c))
        return false;
    bool had_focus = m->focused == c;
    group_detach(m, c);
    wm_group *g = into->group;
    if (index < 0 || (guint)index > g->clients->len) {
        guint at = 0;
        g_ptr_array_find(g->clients, g->current, &at);
        index = (int)at + 1;
    }
    group_release_client(c);
    c->group = g;
    c->own_floating = c->floating;
    g_ptr_array_insert(g->clients, index, c);
    g_ptr_array_add(g->mru, c);
    /* The group's place and states, from the tab it shows, at a size
     * within every tab's limits. */
    wm_size_hints h = client_size_hints(c);
    constrain_size(&h, &g->current->floating.w, &g->current->floating.h, false);
    client_relayout(m, g->current);
    group_sync(m, g->current);
    if (current || had_focus)
        group_set_current(m, c);
    mark_members(m, g);
    return true;
}

void group_detach(wm *m, wm_client *c)
{
    if (!client_tabbed(c))
        return;
    wm_group *g = c->group;
    bool was_current = g->current == c;
    group_release_client(c);
    c->group = group_new(c);
    /* Where it floated before it joined, as it was: the group's window
     * states were the group's. */
    c->floating = c->own_floating;
    c->max_h = c->max_v = c->fullscreen = c->shaded = c->minimized = false;
    c->tile = WM_TILE_NONE;
    client_mark(c, WM_DIRTY_STATE | WM_DIRTY_DECOR | WM_DIRTY_TAB | WM_DIRTY_VISIBLE);
    client_keep_reachable(m, c);
    /* It keeps the focus it had; the group shows its next tab where this
     * one was. */
    if (was_current)
        show_in_place_of(m, g->current, c);
    mark_members(m, g);
    wm_mark(m, WM_DIRTY_STACK);
}

void group_set_current(wm *m, wm_client *c)
{
    wm_group *g = c->group;
    g_ptr_array_remove(g->mru, c);
    g_ptr_array_insert(g->mru, 0, c);
    if (g->current == c)
        return;
    wm_client *old = g->current;
    g->current = c;
    show_in_place_of(m, c, old);
    /* The focus goes with the tab shown, from the old one or its dialog. */
    if (m->focused && client_transient_root(m->focused) == old)
        focus_set(m, c);
    client_set_demands_attention(c, false);
    mark_members(m, g);
}

wm_client *group_step(const wm_client *c, int delta)
{
    const wm_group *g = c->group;
    guint at = 0, n = g->clients->len;
    g_ptr_array_find(g->clients, g->current, &at);
    int k = ((int)at + delta % (int)n + (int)n) % (int)n;
    return g->clients->pdata[k];
}

void group_move_tab(wm *m, wm_client *c, int delta)
{
    wm_group *g = c->group;
    guint at = 0;
    g_ptr_array_find(g->clients, c, &at);
    int to = CLAMP((int)at + delta, 0, (int)g->clients->len - 1);
    if (to == (int)at)
        return;
    g_ptr_array_remove_index(g->clients, at);
    g_ptr_array_insert(g->clients, to, c);
    mark_members(m, g);
}

wm_client *group_forget(wm *m, wm_client *c)
{
    if (!client_tabbed(c))
        return NULL;
    wm_group *g = c->group;
    bool was_current = g->current == c;
    group_release_client(c);
    c->group = group_new(c);
    mark_members(m, g);
    if (!was_current)
        return NULL;
    show_in_place_of(m, g->current, c);
    return g->current;
}

void wm_settle(wm *m)
{
    /* Each group once, however many of its tabs changed. */
    static unsigned serial;
    serial++;
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *c = m->clients->pdata[i];
        /* A hidden tab's title, icon or attention shows on the tab bar of
         * the frame its group shows. */
        if (client_hidden_tab(c) && (c->dirty & (WM_DIRTY_DECOR | WM_DIRTY_TITLE)))
            client_mark(c->group->current, WM_DIRTY_TITLE);
        if (client_tabbed(c) && c->group->settled != serial &&
            (c->dirty &
             (WM_DIRTY_GEOMETRY | WM_DIRTY_STATE | WM_DIRTY_DESKTOP | WM_DIRTY_VISIBLE))) {
            c->group->settled = serial;
            group_sync(m, c->group->current);
        }
    }
}

static bool rule_matches(const wm_client *c, enum wm_match what, const char *pattern)
{
    const char *v = what == WM_MATCH_CLASS  ? c->wm_class
                    : what == WM_MATCH_ROLE ? c->role
                                            : c->title;
    return v && pattern && g_pattern_match_simple(pattern, v);
}

wm_client *group_rule_target(const wm *m, const wm_client *c, enum wm_match what,
                             const char *pattern, bool focused)
{
    if (!rule_matches(c, what, pattern))
        return NULL;
    uint32_t ws = c->workspace == WM_ALL_WORKSPACES ? m->current_workspace : c->workspace;
    wm_client *into = NULL;
    if (focused) {
        into = m->focused;
    } else {
        for (guint i = 0; i < m->mru->len && !into; i++) {
            wm_client *o = m->mru->pdata[i];
            if (o != c && !o->minimized && client_on_workspace(o, ws) &&
                rule_matches(o, what, pattern))
                into = o;
        }
    }
    return into != c ? into : NULL;
}
