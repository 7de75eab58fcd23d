/*
 * Focus: who has it, the most-recently-used order that decides who gets it
 * next, and focus-stealing prevention (a window the user did not ask for
 * must not take the keyboard from the window the user is typing into).
 */
#include <stdlib.h>

#include "wm/wm.h"

bool focus_can_take(const wm_client *c)
{
    if (c->input == WM_INPUT_NONE)
        return false;
    return c->type != WM_TYPE_DOCK && c->type != WM_TYPE_DESKTOP;
}

void focus_set(wm *m, wm_client *c)
{
    wm_client *old = m->focused;
    if (c && !focus_can_take(c))
        return; /* a dock or a no-input window leaves focus where it is */
    g_ptr_array_set_size(m->focus_offers, 0); /* decided: no more offers */
    if (c && client_hidden_tab(c))
        group_set_current(m, c); /* a tab is shown to be focused */
    if (c) {
        g_ptr_array_remove(m->mru, c);
        g_ptr_array_insert(m->mru, 0, c);
        client_set_demands_attention(c, false);
        /* The user time of the newly focused window is the bar other
         * windows must clear to take focus from it. */
        if (c->has_user_time && c->user_time != 0 &&
            (!m->has_user_time || wm_time_before(m->last_user_time, c->user_time))) {
            m->last_user_time = c->user_time;
            m->has_user_time = true;
        }
    }
    if (old == c)
        return;
    m->focused = c;
    if (old)
        client_mark(old, WM_DIRTY_DECOR | WM_DIRTY_STATE);
    if (c)
        client_mark(c, WM_DIRTY_DECOR | WM_DIRTY_STATE);
    /* A fullscreen window changes layer with focus. */
    wm_mark(m, WM_DIRTY_FOCUS | WM_DIRTY_STACK);
}

static bool mru_candidate(const wm *m, const wm_client *c, uint32_t ws)
{
    return !c->minimized && focus_can_take(c) && client_on_workspace(c, ws) &&
           !client_behind_tab(c) && !m->showing_desktop;
}

wm_client *focus_next_mru(const wm *m, uint32_t ws, const wm_client *except)
{
    for (guint i = 0; i < m->mru->len; i++) {
        wm_client *c = m->mru->pdata[i];
        if (c != except && mru_candidate(m, c, ws))
            return c;
    }
    return NULL;
}

/* The head of the offers went, or was not answered: drop the windows that
 * can no longer be focused; one that accepts the focus gets it. */
static void offers_settle(wm *m)
{
    GPtrArray *o = m->focus_offers;
    while (o->len) {
        wm_client *c = o->pdata[0];
        if (!client_visible(m, c) || !focus_can_take(c)) {
            g_ptr_array_remove_index(o, 0);
            continue;
        }
        if (c->input != WM_INPUT_GLOBAL)
            focus_set(m, c); /* and the offers end */
        break;
    }
    wm_mark(m, WM_DIRTY_FOCUS);
}

void focus_hand_over(wm *m, wm_client *target, uint32_t ws)
{
    if (!target || target->input != WM_INPUT_GLOBAL) {
        focus_set(m, target);
        return;
    }
    focus_set(m, NULL);
    g_ptr_array_add(m->focus_offers, target);
    for (guint i = 0; i < m->mru->len; i++) {
        wm_client *c = m->mru->pdata[i];
        if (c == target || !mru_candidate(m, c, ws))
            continue;
        g_ptr_array_add(m->focus_offers, c);
        if (c->input != WM_INPUT_GLOBAL)
            break;
    }
    wm_mark(m, WM_DIRTY_FOCUS);
}

wm_client *focus_offered(const wm *m)
{
    return m->focus_offers->len ? m->focus_offers->pdata[0] : NULL;
}

void focus_offer_next(wm *m)
{
    if (!m->focus_offers->len)
        return;
    g_ptr_array_remove_index(m->focus_offers, 0);
    offers_settle(m);
}

static bool transient_of(const wm_client *c, const wm_client *parent)
{
    for (const wm_client *p = c->transient_for; p; p = p->transient_for)
        if (p == parent)
            return true;
    return c->group_transient && parent->leader != 0 && c->leader == parent->leader;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* How much of r the rects cover (their union, clipped to r): over the
 * grid their edges make, the cells some rect covers. At most
 * COVER_MAX rects count: a hundred always-on-top windows over one new
 * window cost no more than that. */
enum { COVER_MAX = 64 };
static int64_t covered_area(wm_rect r, const wm_rect *rects, int n)
{
    int xs[2 * COVER_MAX + 2], ys[2 * COVER_MAX + 2], nx = 0, ny = 0;
    xs[nx++] = r.x, xs[nx++] = r.x + r.w, ys[ny++] = r.y, ys[ny++] = r.y + r.h;
    for (int i = 0; i < n; i++) {
        xs[nx++] = CLAMP(rects[i].x, r.x, r.x + r.w);
        xs[nx++] = CLAMP(rects[i].x + rects[i].w, r.x, r.x + r.w);
        ys[ny++] = CLAMP(rects[i].y, r.y, r.y + r.h);
        ys[ny++] = CLAMP(rects[i].y + rects[i].h, r.y, r.y + r.h);
    }
    qsort(xs, (size_t)nx, sizeof xs[0], cmp_int);
    qsort(ys, (size_t)ny, sizeof ys[0], cmp_int);
    int64_t area = 0;
    for (int a = 0; a + 1 < nx; a++)
        for (int b = 0; b + 1 < ny; b++) {
            int cx = xs[a], cy = ys[b];
            if (xs[a + 1] == cx || ys[b + 1] == cy)
                continue;
            for (int i = 0; i < n; i++)
                if (cx >= rects[i].x && cx < rects[i].x + rects[i].w && cy >= rects[i].y &&
                    cy < rects[i].y + rects[i].h) {
                    area += (int64_t)(xs[a + 1] - cx) * (ys[b + 1] - cy);
                    break;
                }
        }
    return area;
}

/* Mutter's rule: a new window that always-on-top windows would leave 40%
 * or less of in view is not focused (it would take keys while hidden). */
static bool mostly_covered_by_above(const wm *m, const wm_client *c)
{
    wm_rect r = client_frame_rect(m, c);
    if (r.w <= 0 || r.h <= 0)
        return false;
    uint32_t ws = c->workspace == WM_ALL_WORKSPACES ? m->current_workspace : c->workspace;
    wm_rect above[COVER_MAX];
    int n = 0;
    for (guint i = 0; i < m->clients->len && n < COVER_MAX; i++) {
        const wm_client *o = m->clients->pdata[i];
        if (o != c && o->above && client_visible(m, o) && client_on_workspace(o, ws) &&
            rect_intersects(client_frame_rect(m, o), r))
            above[n++] = client_frame_rect(m, o);
    }
    if (n == 0)
        return false;
    int64_t whole = (int64_t)r.w * r.h;
    return (whole - covered_area(r, above, n)) * 100 <= whole * 40;
}

bool focus_allow_new(const wm *m, const wm_client *c)
{
    /* Notifications and splash screens show, but are not typed into. */
    if (!focus_can_take(c) || c->type == WM_TYPE_NOTIFICATION || c->type == WM_TYPE_SPLASH)
        return false;
    /* EWMH: a user time of 0 means "do not focus me when mapped". */
    if (c->has_user_time && c->user_time == 0)
        return false;
    if (m->policy && m->policy->focus_on_map) {
        enum wm_policy_answer a = m->policy->focus_on_map(m->policy->data, c);
        if (a != WM_POLICY_PASS)
            return a == WM_POLICY_YES;
    }
    if (!m->focused)
        return true;
    if (transient_of(c, m->focused))
        return true;
    if (c->has_user_time && m->has_user_time && wm_time_before(c->user_time, m->last_user_time))
        return false;
    return !mostly_covered_by_above(m, c);
}

bool focus_allow_activate(const wm *m, const wm_client *c, int source, uint32_t time)
{
    /* Pagers and taskbars act for the user (source indication 2). */
    if (source == 2)
        return true;
    if (!m->focused || m->focused == c || time == 0)
        return true;
    if (m->has_user_time && wm_time_before(time, m->last_user_time))
        return false;
    return true;
}

void focus_note_user_time(wm *m, wm_client *c, uint32_t time)
{
    c->has_user_time = true;
    c->user_time = time;
    if (c != m->focused || time == 0)
        return;
    if (!m->has_user_time || wm_time_before(m->last_user_time, time)) {
        m->last_user_time = time;
        m->has_user_time = true;
    }
}

void focus_activate(wm *m, wm_client *c)
{
    if (m->showing_desktop)
        workspace_show_desktop(m, false);
    if (client_hidden_tab(c))
        group_set_current(m, c);
    client_set_minimized(m, c, false);
    if (!client_on_workspace(c, m->current_workspace))
        workspace_switch(m, c->workspace);
    stack_raise(m, c);
    client_set_demands_attention(c, false);
    /* A window with a modal dialog open (for it, or for its whole group)
     * hands the focus to the dialog, and that one to its own, and so on. */
    for (int depth = 0; depth < 64; depth++) {
        wm_client *next = NULL;
        for (guint i = 0; i < m->stack->len && !next; i++) {
            wm_client *d = m->stack->pdata[i];
            /* A group's modal dialog blocks the group's windows, not the
             * group's other dialogs. */
            bool for_c = d->transient_for == c || (d->group_transient && !c->group_transient &&
                                                   d->leader && d->leader == c->leader);
            if (d->modal && for_c && client_visible(m, d) && focus_can_take(d))
                next = d;
        }
        if (!next)
            break;
        stack_raise(m, next);
        c = next;
    }
    if (focus_can_take(c))
        focus_set(m, c);
}
