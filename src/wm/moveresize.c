/*
 * Interactive moves and resizes as rules over the model: where a frame goes
 * as the pointer moves, snapping to monitor and window edges, the edge
 * zones that tile or maximize on release, and which part of a frame a
 * pointer is on. The X side (src/x11/moveresize.c) grabs the pointer and
 * keyboard, feeds positions in, and pushes what changed; nothing here
 * knows about X.
 *
 * Everything works on what the user sees (client_visible_rect(): the frame,
 * less the shadow a client-side decorated window draws) and goes back to
 * c->floating at the end, so that client_relayout() stays the one place
 * c->geom comes from. The rectangles named f here are those.
 */
#include "wm/wm.h"

#include <stdlib.h>
#include <string.h>

enum { EDGE_LEFT = 1, EDGE_RIGHT = 2, EDGE_TOP = 4, EDGE_BOTTOM = 8 };

/* The edges a resize direction moves; a move moves them all. */
static unsigned dir_edges(enum wm_mr_dir dir)
{
    static const unsigned edges[] = {
        [WM_MR_TOPLEFT] = EDGE_TOP | EDGE_LEFT,
        [WM_MR_TOP] = EDGE_TOP,
        [WM_MR_TOPRIGHT] = EDGE_TOP | EDGE_RIGHT,
        [WM_MR_RIGHT] = EDGE_RIGHT,
        [WM_MR_BOTTOMRIGHT] = EDGE_BOTTOM | EDGE_RIGHT,
        [WM_MR_BOTTOM] = EDGE_BOTTOM,
        [WM_MR_BOTTOMLEFT] = EDGE_BOTTOM | EDGE_LEFT,
        [WM_MR_LEFT] = EDGE_LEFT,
        [WM_MR_MOVE] = EDGE_LEFT | EDGE_RIGHT | EDGE_TOP | EDGE_BOTTOM,
    };
    return (unsigned)dir <= WM_MR_MOVE ? edges[dir] : 0;
}

/* What shows of client rectangle r (e: client_visible_extents()), as
 * client_visible_rect() says. */
static wm_rect frame_of(const wm_client *c, wm_rect r, wm_extents e)
{
    wm_rect f = rect_grow(r, e);
    if (c->shaded)
        f.h = e.top + e.bottom;
    return f;
}

static bool in_rect(wm_rect r, int x, int y)
{
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

/* Do [a, a + al) and [b, b + bl) share a pixel? */
static bool spans_overlap(int a, int al, int b, int bl)
{
    return a < b + bl && b < a + al;
}

/* ---- snapping ---- */

/* The nearest correction found so far for one edge (or one axis). */
typedef struct snap {
    bool found;
    int delta;
} snap;

static void snap_try(snap *s, int edge, int target, int distance)
{
    int d = target - edge;
    if (abs(d) <= distance && (!s->found || abs(d) < abs(s->delta))) {
        s->found = true;
        s->delta = d;
    }
}

/* An obstacle's four edges; the frame's edges snap to the ones they face:
 * its left edge to an obstacle's right edge, and so on. A work area is an
 * obstacle turned inside out (its left edge stops a frame's left edge). */
typedef struct edges {
    int left, right, top, bottom;
} edges;

static void snap_to(snap s[4], wm_rect f, wm_rect span, edges to, int distance)
{
    if (spans_overlap(f.y, f.h, span.y, span.h)) {
        snap_try(&s[0], f.x, to.left, distance);
        snap_try(&s[1], f.x + f.w, to.right, distance);
    }
    if (spans_overlap(f.x, f.w, span.x, span.w)) {
        snap_try(&s[2], f.y, to.top, distance);
        snap_try(&s[3], f.y + f.h, to.bottom, distance);
    }
}

static wm_rect snap_edges(const wm *m, const wm_client *c, wm_rect f, unsigned moving, bool move,
                          int distance)
{
    if (distance <= 0 || !moving)
        return f;
    snap s[4] = {{0}}; /* left, right, top, bottom */
    for (guint i = 0; i < m->monitors->len; i++) {
        wm_rect w = g_array_index(m->monitors, wm_monitor, i).work;
        snap_to(s, f, w, (edges){w.x, w.x + w.w, w.y, w.y + w.h}, distance);
    }
    for (guint i = 0; i < m->clients->len; i++) {
        const wm_client *o = m->clients->pdata[i];
        if (o == c || o->type == WM_TYPE_DESKTOP || !client_visible(m, o))
            continue;
        wm_rect r = client_visible_rect(m, o);
        snap_to(s, f, r, (edges){r.x + r.w, r.x, r.y + r.h, r.y}, distance);
    }
    if (move) {
        /* One shift per axis: the nearer of the two edges' snaps. */
        snap x = s[0], y = s[2];
        if (s[1].found && (!x.found || abs(s[1].delta) < abs(x.delta)))
            x = s[1];
        if (s[3].found && (!y.found || abs(s[3].delta) < abs(y.delta)))
            y = s[3];
        f.x += x.delta;
        f.y += y.delta;
        return f;
    }
    int x0 = f.x, x1 = f.x + f.w, y0 = f.y, y1 = f.y + f.h;
    if (moving & EDGE_LEFT)
        x0 += s[0].delta;
    if (moving & EDGE_RIGHT)
        x1 += s[1].delta;
    if (moving & EDGE_TOP)
        y0 += s[2].delta;
    if (moving & EDGE_BOTTOM)
        y1 += s[3].delta;
    return (wm_rect){x0, y0, x1 - x0, y1 - y0};
}

wm_rect snap_frame(const wm *m, const wm_client *c, wm_rect frame, enum wm_mr_dir dir, int distance)
{
    return snap_edges(m, c, frame, dir_edges(dir), dir == WM_MR_MOVE, distance);
}

/* ---- begin, cancel ---- */

bool mr_begin(wm *m, wm_moveresize *mr, wm_client *c, enum wm_mr_dir dir, int px, int py)
{
    memset(mr, 0, sizeof *mr);
    if (!c || !dir_edges(dir) || c->fullscreen || c->type == WM_TYPE_DOCK ||
        c->type == WM_TYPE_DESKTOP)
        return false;
    unsigned need = dir == WM_MR_MOVE ? WM_ACTION_MOVE : WM_ACTION_RESIZE;
    if (!(client_allowed_actions(c) & need))
        return false;
    mr->id = c->id;
    mr->dir = dir;
    mr->start_px = mr->px = px;
    mr->start_py = mr->py = py;
    mr->start_frame = client_visible_rect(m, c);
    mr->start_geom = c->geom;
    mr->saved_floating = c->floating;
    mr->saved_max_h = c->max_h;
    mr->saved_max_v = c->max_v;
    mr->saved_tile = c->tile;
    return true;
}

void mr_cancel(wm *m, wm_moveresize *mr)
{
    wm_client *c = wm_find(m, mr->id);
    if (!c)
        return;
    mr->zone = WM_ZONE_NONE;
    /* Straight back to the saved flags: the setters would refuse some
     * (a window whose hints became fixed meanwhile stays maximized). */
    c->floating = mr->saved_floating;
    if (c->max_h != mr->saved_max_h || c->max_v != mr->saved_max_v || c->tile != mr->saved_tile) {
        c->max_h = mr->saved_max_h;
        c->max_v = mr->saved_max_v;
        c->tile = mr->saved_tile;
        client_mark(c, WM_DIRTY_STATE | WM_DIRTY_DECOR);
        wm_mark(m, WM_DIRTY_STACK);
    }
    client_relayout(m, c);
}

/* ---- moves ---- */

static bool has_monitor_at(const wm *m, int x, int y)
{
    for (guint i = 0; i < m->monitors->len; i++)
        if (in_rect(g_array_index(m->monitors, wm_monitor, i).rect, x, y))
            return true;
    return false;
}

/* A monitor edge with no monitor across it is a zone; one shared with
 * another monitor is not, so that the pointer can cross it. */
static enum wm_mr_zone edge_zone(const wm *m, const wm_client *c, int px, int py)
{
    wm_rect r = monitor_get(m, monitor_at_point(m, px, py))->rect;
    if (!in_rect(r, px, py))
        return WM_ZONE_NONE;
    unsigned a = client_allowed_actions(c);
    bool can_tile =
        (a & (WM_ACTION_MOVE | WM_ACTION_RESIZE)) == (WM_ACTION_MOVE | WM_ACTION_RESIZE);
    bool can_max = (a & (WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT)) ==
                   (WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT);
    if (can_tile && px < r.x + WM_EDGE_ZONE && !has_monitor_at(m, r.x - 1, py))
        return WM_ZONE_LEFT;
    if (can_tile && px >= r.x + r.w - WM_EDGE_ZONE && !has_monitor_at(m, r.x + r.w, py))
        return WM_ZONE_RIGHT;
    if (can_max && py < r.y + WM_EDGE_ZONE && !has_monitor_at(m, px, r.y - 1))
        return WM_ZONE_MAXIMIZE;
    return WM_ZONE_NONE;
}

/* A maximized or tiled window dragged away goes back to its floating size
 * under the pointer: the pointer keeps its relative place along the title
 * strip (as GNOME does) and stays on the strip. start_frame is re-based so
 * that the pointer's delta from the start keeps working. */
static void restore_under_pointer(wm *m, wm_moveresize *mr, wm_client *c)
{
    wm_rect shown = mr->start_frame;
    client_set_tile(m, c, WM_TILE_NONE);
    client_set_maximized(m, c, false, false);
    wm_extents e = client_visible_extents(m, c);
    wm_rect f = frame_of(c, c->floating, e);
    int gx = mr->start_px - shown.x, gy = mr->start_py - shown.y;
    int ox = shown.w > 0 ? (int)((long)gx * f.w / shown.w) : 0;
    ox = CLAMP(ox, 0, f.w - 1);
    /* Grabbed on the strip: the same row; elsewhere (Alt-drag, the
     * keyboard's centre): the middle of the strip. */
    int strip = e.top > 0 ? e.top : f.h;
    int oy = gy >= 0 && gy < strip ? gy : strip / 2;
    mr->start_frame = (wm_rect){mr->start_px - ox, mr->start_py - oy, f.w, f.h};
}

static void move_motion(wm *m, wm_moveresize *mr, wm_client *c)
{
    int dx = mr->px - mr->start_px, dy = mr->py - mr->start_py;
    if (!mr->moved) {
        if (abs(dx) <= WM_DRAG_THRESHOLD && abs(dy) <= WM_DRAG_THRESHOLD)
            return;
        mr->moved = true;
        if (c->tile != WM_TILE_NONE || c->max_h || c->max_v)
            restore_under_pointer(m, mr, c);
    }
    wm_extents e = client_visible_extents(m, c);
    wm_rect f = mr->start_frame;
    f.x += dx;
    f.y += dy;
    f = snap_frame(m, c, f, WM_MR_MOVE, mr->snap);
    f = constrain_reachable(m, f, e.top);
    /* Only the position: a shaded frame's height is not the client's. */
    c->floating.x = f.x + e.left;
    c->floating.y = f.y + e.top;
    client_relayout(m, c);
    mr->zone = mr->edge_tile ? edge_zone(m, c, mr->px, mr->py) : WM_ZONE_NONE;
}

/* ---- resizes ---- */

static void resize_motion(wm *m, wm_moveresize *mr, wm_client *c)
{
    unsigned moving = dir_edges(mr->dir);
    if (c->shaded)
        moving &= EDGE_LEFT | EDGE_RIGHT; /* it has no height to change */
    if (!moving)
        return;
    if (!mr->moved) {
        /* A click on a maximized window's border that goes nowhere must
         * leave it maximized. */
        if (mr->px == mr->start_px && mr->py == mr->start_py)
            return;
        mr->moved = true;
        /* Out of maximized or tiled: the new floating rectangle comes
         * from start_geom, what the user saw. */
        client_set_tile(m, c, WM_TILE_NONE);
        client_set_maximized(m, c, false, false);
    }
    wm_extents e = client_visible_extents(m, c);
    wm_rect f0 = rect_grow(mr->start_geom, e);
    int dx = mr->px - mr->start_px, dy = mr->py - mr->start_py;
    int x0 = f0.x, x1 = f0.x + f0.w, y0 = f0.y, y1 = f0.y + f0.h;
    if (moving & EDGE_LEFT)
        x0 += dx;
    if (moving & EDGE_RIGHT)
        x1 += dx;
    if (moving & EDGE_TOP)
        y0 += dy;
    if (moving & EDGE_BOTTOM)
        y1 += dy;
    wm_rect f = snap_edges(m, c, (wm_rect){x0, y0, x1 - x0, y1 - y0}, moving, false, mr->snap);
    /* The size hints have the last word; whatever size they give, the
     * edges that do not move stay where they were. Past the opposite
     * edge the size bottoms out at 1 (or the minimum) instead of
     * inverting. */
    int w = f.w - e.left - e.right, h = f.h - e.top - e.bottom;
    wm_size_hints hints = client_size_hints(c);
    constrain_size(&hints, &w, &h, true);
    int fw = w + e.left + e.right, fh = h + e.top + e.bottom;
    int fx = moving & EDGE_LEFT ? f0.x + f0.w - fw : f0.x;
    int fy = moving & EDGE_TOP ? f0.y + f0.h - fh : f0.y;
    c->floating = (wm_rect){fx + e.left, fy + e.top, w, h};
    client_relayout(m, c);
}

void mr_motion(wm *m, wm_moveresize *mr, int px, int py)
{
    wm_client *c = wm_find(m, mr->id);
    if (!c)
        return;
    mr->px = px;
    mr->py = py;
    /* It went fullscreen meanwhile: that wins. */
    if (c->fullscreen)
        return;
    if (mr->dir == WM_MR_MOVE)
        move_motion(m, mr, c);
    else
        resize_motion(m, mr, c);
}

/* ---- zones, end ---- */

wm_rect mr_zone_rect(const wm *m, const wm_moveresize *mr)
{
    const wm_client *c = wm_find(m, mr->id);
    if (!c || mr->zone == WM_ZONE_NONE)
        return (wm_rect){0, 0, 0, 0};
    wm_rect work = monitor_get(m, monitor_at_point(m, mr->px, mr->py))->work;
    wm_extents e = client_visible_extents(m, c);
    wm_rect f = mr->zone == WM_ZONE_MAXIMIZE
                    ? work
                    : constrain_tile(work, mr->zone == WM_ZONE_LEFT ? WM_TILE_LEFT : WM_TILE_RIGHT);
    /* What client_relayout() will show: the maximum size may hold it back. */
    wm_rect g = rect_shrink(f, e);
    wm_size_hints h = client_size_hints(c);
    constrain_size(&h, &g.w, &g.h, false);
    return rect_grow(g, e);
}

void mr_end(wm *m, wm_moveresize *mr)
{
    wm_client *c = wm_find(m, mr->id);
    if (!c)
        return;
    if (mr->zone == WM_ZONE_NONE) {
        /* Moved (or sized) partly off screen by the user: it may stay so. */
        c->keep_onscreen = client_fully_onscreen(m, c);
        return;
    }
    /* Maximized or tiled by the drag: it comes back where it was before
     * the drag (Mutter's drag-restore-initial and drag-maximized-then-
     * remaximize), on the monitor the zone was shown on: states fill the
     * monitor the floating frame is on. */
    c->floating = mr->saved_floating;
    int mon = monitor_at_point(m, mr->px, mr->py);
    if (client_monitor(m, c) != mon) {
        wm_extents e = client_visible_extents(m, c);
        wm_rect f = constrain_inside(monitor_get(m, mon)->work, rect_grow(c->floating, e));
        c->floating.x = f.x + e.left;
        c->floating.y = f.y + e.top;
    }
    if (mr->zone == WM_ZONE_MAXIMIZE)
        client_set_maximized(m, c, true, true);
    else
        client_set_tile(m, c, mr->zone == WM_ZONE_LEFT ? WM_TILE_LEFT : WM_TILE_RIGHT);
}

/* ---- hit testing ---- */

int mr_frame_part(int w, int h, wm_extents e, int x, int y, int margin)
{
    if (x < 0 || y < 0 || x >= w || y >= h)
        return -1;
    if (x >= e.left && x < w - e.right && y >= e.top && y < h - e.bottom)
        return -1; /* the client's own */
    /* Which end of each axis the point is within margin of; on a frame
     * narrower than two margins, the nearer end. */
    bool left = x < margin, right = x >= w - margin;
    if (left && right) {
        left = x < w - 1 - x;
        right = !left;
    }
    bool top = y < margin, bottom = y >= h - margin;
    if (top && bottom) {
        top = y < h - 1 - y;
        bottom = !top;
    }
    if (top && left)
        return WM_MR_TOPLEFT;
    if (top && right)
        return WM_MR_TOPRIGHT;
    if (bottom && left)
        return WM_MR_BOTTOMLEFT;
    if (bottom && right)
        return WM_MR_BOTTOMRIGHT;
    if (x < e.left)
        return WM_MR_LEFT;
    if (x >= w - e.right)
        return WM_MR_RIGHT;
    if (y >= h - e.bottom)
        return WM_MR_BOTTOM;
    /* The title strip; its top rows are the frame's top border, as thick
     * as the bottom one (all of it when there is no more). */
    if (y < e.bottom)
        return WM_MR_TOP;
    return WM_MR_MOVE;
}
