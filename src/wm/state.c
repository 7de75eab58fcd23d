/*
 * Window states and where they put a window. A client keeps the rectangle
 * it floats at (c->floating); what it is shown at (c->geom) is always
 * derived from that and its states by client_relayout(), so unmaximize,
 * untile and unfullscreen restore the floating place however many changes
 * came in between, and a strut that comes or goes resizes maximized
 * windows by the same path.
 *
 * A client-side decorated window (GTK's headerbar windows) draws a shadow
 * inside its own window, around what it shows, and says how wide it is in
 * _GTK_FRAME_EXTENTS. Every rule about where a window shows works on what
 * the user sees (client_visible_extents()), so a maximized CSD window's
 * visible part fills the work area and its shadow reaches past it.
 */
#include "wm/wm.h"

#include <string.h>

#include "util/log.h"

bool client_undecorated(const wm_client *c)
{
    return c->csd || (c->decor_policy ? c->decor_policy < 0 : c->undecorated);
}

void client_ask_decoration(const wm *m, wm_client *c)
{
    enum wm_policy_answer a = WM_POLICY_PASS;
    if (m->policy && m->policy->decorate)
        a = m->policy->decorate(m->policy->data, c);
    c->decor_policy = a == WM_POLICY_YES ? 1 : a == WM_POLICY_NO ? -1 : 0;
}

wm_extents client_extents(const wm *m, const wm_client *c)
{
    if (!client_wants_decor(c) || client_undecorated(c) || c->fullscreen)
        return (wm_extents){0, 0, 0, 0};
    return c->max_h && c->max_v ? m->frame_extents_max : m->frame_extents;
}

wm_extents client_floating_extents(const wm *m, const wm_client *c)
{
    if (!client_wants_decor(c) || client_undecorated(c) || c->fullscreen)
        return (wm_extents){0, 0, 0, 0};
    return m->frame_extents;
}

static bool extents_equal(wm_extents a, wm_extents b)
{
    return a.left == b.left && a.right == b.right && a.top == b.top && a.bottom == b.bottom;
}

void wm_set_frame_extents(wm *m, wm_extents normal, wm_extents maximized)
{
    if (extents_equal(normal, m->frame_extents) && extents_equal(maximized, m->frame_extents_max))
        return;
    m->frame_extents = normal;
    m->frame_extents_max = maximized;
    for (guint i = 0; i < m->clients->len; i++) {
        wm_client *c = m->clients->pdata[i];
        client_keep_reachable(m, c);
        /* The frame changes, if not the client. */
        client_mark(c, WM_DIRTY_GEOMETRY | WM_DIRTY_DECOR);
    }
}

/* Do margins e leave at least a pixel of a w x h window? */
static bool margins_fit(wm_extents e, int w, int h)
{
    return e.left >= 0 && e.right >= 0 && e.top >= 0 && e.bottom >= 0 &&
           (long)e.left + e.right < w && (long)e.top + e.bottom < h;
}

wm_extents client_csd_margins(const wm_client *c)
{
    /* GTK draws no shadow while fullscreen; until it says so, the
     * margins it had must not shrink the monitor. A window that shrank
     * below its margins since they were set shows as a whole. */
    if (!c->csd || c->fullscreen || !margins_fit(c->csd_margins, c->floating.w, c->floating.h))
        return (wm_extents){0, 0, 0, 0};
    return c->csd_margins;
}

wm_extents client_visible_extents(const wm *m, const wm_client *c)
{
    wm_extents e = client_extents(m, c), s = client_csd_margins(c);
    return (wm_extents){e.left - s.left, e.right - s.right, e.top - s.top, e.bottom - s.bottom};
}

int client_monitor(const wm *m, const wm_client *c)
{
    return monitor_for_rect(m, rect_grow(c->floating, client_visible_extents(m, c)));
}

bool client_fixed_size(const wm_client *c)
{
    const wm_size_hints *h = &c->hints;
    return h->min_w > 0 && h->min_h > 0 && h->min_w == h->max_w && h->min_h == h->max_h;
}

static wm_rect fullscreen_rect(const wm *m, const wm_client *c)
{
    if (c->has_fs_monitors) {
        const uint32_t *fm = c->fs_monitors;
        guint n = m->monitors->len;
        if (fm[0] < n && fm[1] < n && fm[2] < n && fm[3] < n) {
            wm_rect t = monitor_get(m, (int)fm[0])->rect, b = monitor_get(m, (int)fm[1])->rect;
            wm_rect l = monitor_get(m, (int)fm[2])->rect, r = monitor_get(m, (int)fm[3])->rect;
            wm_rect span = {l.x, t.y, r.x + r.w - l.x, b.y + b.h - t.y};
            if (span.w > 0 && span.h > 0)
                return span;
        }
    }
    return monitor_get(m, client_monitor(m, c))->rect;
}

void client_relayout(wm *m, wm_client *c)
{
    wm_extents e = client_visible_extents(m, c);
    wm_rect g;
    if (c->fullscreen) {
        g = fullscreen_rect(m, c);
    } else if (c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP) {
        g = c->floating;
    } else if (c->tile != WM_TILE_NONE || c->max_h || c->max_v) {
        /* f is what shows: the work area (or half of it) is filled by the
         * frame, or by a CSD window's visible part, its shadow past it. */
        wm_rect work = monitor_get(m, client_monitor(m, c))->work;
        wm_rect f = c->tile != WM_TILE_NONE
                        ? constrain_tile(work, c->tile)
                        : constrain_maximize(work, rect_grow(c->floating, e), c->max_h, c->max_v);
        g = rect_shrink(f, e);
        /* Filling an area ignores increments, as users expect. */
        wm_size_hints h = client_size_hints(c);
        constrain_size(&h, &g.w, &g.h, false);
    } else {
        g = c->floating;
    }
    if (!rect_equal(g, c->geom)) {
        /* The frame's look follows its size, not its place: a move
         * repaints nothing (callers that change a state mark the rest). */
        if (g.w != c->geom.w || g.h != c->geom.h)
            client_mark(c, WM_DIRTY_DECOR);
        c->geom = g;
        client_mark(c, WM_DIRTY_GEOMETRY);
    }
}

void client_keep_reachable(wm *m, wm_client *c)
{
    /* Docks and desktop windows know where they go. */
    if (c->type != WM_TYPE_DOCK && c->type != WM_TYPE_DESKTOP) {
        wm_extents e = client_visible_extents(m, c);
        wm_rect f = constrain_reachable(m, rect_grow(c->floating, e), e.top);
        c->floating.x = f.x + e.left;
        c->floating.y = f.y + e.top;
    }
    client_relayout(m, c);
}

/* c's floating frame, and the work area of the monitor it is on. */
static wm_rect floating_frame(const wm *m, const wm_client *c, wm_rect *work)
{
    wm_rect f = rect_grow(c->floating, client_visible_extents(m, c));
    *work = monitor_get(m, monitor_for_rect(m, f))->work;
    return f;
}

bool client_fully_onscreen(const wm *m, const wm_client *c)
{
    wm_rect w;
    wm_rect f = floating_frame(m, c, &w);
    return f.x >= w.x && f.y >= w.y && f.x + f.w <= w.x + w.w && f.y + f.h <= w.y + w.h;
}

/* A window kept on screen that grows past its work area's edge moves back
 * in, when it fits (Mutter's client-resize-respect-constraints). */
static void keep_onscreen(const wm *m, wm_client *c)
{
    if (!c->keep_onscreen || c->max_h || c->max_v || c->fullscreen || c->tile != WM_TILE_NONE ||
        c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP)
        return;
    wm_rect work;
    wm_rect f = floating_frame(m, c, &work);
    if (f.w > work.w || f.h > work.h)
        return;
    wm_rect in = constrain_inside(work, f);
    c->floating.x += in.x - f.x;
    c->floating.y += in.y - f.y;
}

void client_request_geometry(wm *m, wm_client *c, wm_rect req)
{
    wm_rect before = c->geom;
    wm_size_hints h = client_size_hints(c);
    if (c->type != WM_TYPE_DOCK && c->type != WM_TYPE_DESKTOP)
        constrain_size(&h, &req.w, &req.h, true);
    if (client_hidden_tab(c)) {
        /* A hidden tab has the group's size; it gets what it asked for
         * when it leaves, and is told its real size now. */
        constrain_size(&c->hints, &req.w, &req.h, true);
        c->own_floating = req;
        client_mark(c, WM_DIRTY_SYNTHETIC);
        return;
    }
    /* A resize in place; a move is the client's to make, and one out of
     * the work area lets it grow there too. */
    bool resize_only = req.x == c->floating.x && req.y == c->floating.y &&
                       (req.w != c->floating.w || req.h != c->floating.h);
    c->floating = req;
    if (resize_only)
        keep_onscreen(m, c);
    else
        c->keep_onscreen = client_fully_onscreen(m, c);
    client_keep_reachable(m, c);
    /* ICCCM 4.1.5: a request that changes nothing still gets an answer. */
    if (rect_equal(before, c->geom))
        client_mark(c, WM_DIRTY_SYNTHETIC);
}

/* The frame comes or goes with these decoration settings: the reference
 * point of the window's gravity stays where it is (ICCCM 4.1.2.3). */
static void set_decoration(wm *m, wm_client *c, bool motif_off, bool csd, wm_extents margins)
{
    bool was = client_undecorated(c);
    wm_rect ref = client_gravity_reverse(m, c, c->floating);
    c->undecorated = motif_off;
    c->csd = csd;
    c->csd_margins = margins;
    if (client_undecorated(c) != was) {
        if (client_undecorated(c))
            c->shaded = false; /* nothing would be left to see */
        c->floating = client_gravity_apply(m, c, ref);
        client_mark(c, WM_DIRTY_GEOMETRY | WM_DIRTY_STATE);
    }
    client_mark(c, WM_DIRTY_DECOR);
    client_relayout(m, c);
}

void client_set_undecorated(wm *m, wm_client *c, bool on)
{
    if (on != c->undecorated)
        set_decoration(m, c, on, c->csd, c->csd_margins);
}

bool client_set_csd(wm *m, wm_client *c, bool csd, wm_extents margins)
{
    bool ok = true;
    if (!csd) {
        margins = (wm_extents){0, 0, 0, 0};
    } else if (!margins_fit(margins, c->floating.w, c->floating.h)) {
        log_info("window 0x%x: _GTK_FRAME_EXTENTS %d,%d,%d,%d leave nothing of its %dx%d "
                 "window; ignored",
                 c->id, margins.left, margins.right, margins.top, margins.bottom, c->floating.w,
                 c->floating.h);
        csd = false;
        margins = (wm_extents){0, 0, 0, 0};
        ok = false;
    }
    if (csd != c->csd || memcmp(&margins, &c->csd_margins, sizeof margins) != 0)
        set_decoration(m, c, c->undecorated, csd, margins);
    return ok;
}

static void changed_state(wm *m, wm_client *c)
{
    client_relayout(m, c);
    client_mark(c, WM_DIRTY_STATE | WM_DIRTY_DECOR);
    wm_mark(m, WM_DIRTY_STACK);
}

void client_set_maximized(wm *m, wm_client *c, bool h, bool v)
{
    if (client_fixed_size(c) && (h || v)) {
        log_debug("window 0x%x has a fixed size; not maximized", c->id);
        return;
    }
    if (c->max_h == h && c->max_v == v)
        return;
    c->max_h = h;
    c->max_v = v;
    c->tile = WM_TILE_NONE;
    changed_state(m, c);
}

void client_set_fullscreen(wm *m, wm_client *c, bool on)
{
    if (c->fullscreen == on)
        return;
    c->fullscreen = on;
    changed_state(m, c);
}

void client_set_above_below(wm *m, wm_client *c, bool above, bool below)
{
    if (above)
        below = false; /* both asked: above wins */
    if (c->above == above && c->below == below)
        return;
    enum wm_layer was = client_layer(m, c);
    c->above = above;
    c->below = below;
    /* As in Mutter: a window that changes layer goes on top of its new one. */
    if (client_layer(m, c) != was)
        stack_raise(m, c);
    client_mark(c, WM_DIRTY_STATE);
    wm_mark(m, WM_DIRTY_STACK);
}

void client_set_tile(wm *m, wm_client *c, enum wm_tile side)
{
    if (c->tile == side || (side != WM_TILE_NONE && client_fixed_size(c)))
        return;
    c->tile = side;
    if (side != WM_TILE_NONE)
        c->max_h = c->max_v = false; /* a tile replaces maximization */
    changed_state(m, c);
}

void client_set_shaded(wm *m, wm_client *c, bool on)
{
    if (c->shaded == on || (on && client_extents(m, c).top == 0))
        return;
    c->shaded = on;
    client_mark(c, WM_DIRTY_GEOMETRY | WM_DIRTY_STATE | WM_DIRTY_DECOR);
}

void client_set_minimized(wm *m, wm_client *c, bool on)
{
    if (c->minimized == on)
        return;
    c->minimized = on;
    client_mark(c, WM_DIRTY_VISIBLE | WM_DIRTY_STATE);
    wm_mark(m, WM_DIRTY_STACK);
    if (on && m->focused == c) {
        m->focused = NULL;
        focus_hand_over(m, focus_next_mru(m, m->current_workspace, c), m->current_workspace);
        wm_mark(m, WM_DIRTY_FOCUS);
    }
}

unsigned client_allowed_actions(const wm_client *c)
{
    if (c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP)
        return WM_ACTION_CLOSE | WM_ACTION_CHANGE_DESKTOP | WM_ACTION_STICK;
    unsigned a = WM_ACTION_MOVE | WM_ACTION_CLOSE | WM_ACTION_CHANGE_DESKTOP | WM_ACTION_STICK |
                 WM_ACTION_ABOVE | WM_ACTION_BELOW;
    if (client_wants_decor(c) && !client_undecorated(c))
        a |= WM_ACTION_SHADE;
    if (c->type == WM_TYPE_NORMAL || c->type == WM_TYPE_DIALOG || c->type == WM_TYPE_UTILITY ||
        c->type == WM_TYPE_TOOLBAR)
        a |= WM_ACTION_MINIMIZE;
    if (!client_fixed_size(c))
        a |= WM_ACTION_RESIZE | WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT |
             WM_ACTION_FULLSCREEN;
    return a;
}

bool policy_autofullscreen(const wm *m, const wm_client *c, wm_rect req)
{
    /* Metacity's rule for legacy applications: an undecorated window that
     * asks for exactly its monitor wants to be fullscreen. A distribution
     * whose windows are all undecorated turns it off (in purr.conf, or
     * with the kiosk plugin), so that its docks stay above maximized
     * windows. */
    if (!client_undecorated(c) || c->type != WM_TYPE_NORMAL)
        return false;
    bool exact = false;
    for (guint i = 0; i < m->monitors->len && !exact; i++)
        exact = rect_equal(req, g_array_index(m->monitors, wm_monitor, i).rect);
    if (!exact)
        return false;
    if (m->policy && m->policy->autofullscreen) {
        enum wm_policy_answer a = m->policy->autofullscreen(m->policy->data, c, req);
        if (a != WM_POLICY_PASS)
            return a == WM_POLICY_YES;
    }
    return m->autofullscreen;
}
