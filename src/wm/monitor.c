/*
 * Monitors and work areas. The X layer reports the monitors (RandR 1.5);
 * docks' struts shrink the work area of each monitor they sit on, and the
 * screen-wide work area that _NET_WORKAREA publishes. When a monitor goes,
 * its windows move to one that is left, keeping their relative place.
 */
#include "wm/wm.h"

#include "util/log.h"

/* One side of a strut as a rectangle in root coordinates. */
static wm_rect strut_rect(const wm *m, const wm_strut *s, int side)
{
    int sw = m->screen.w, sh = m->screen.h;
    switch (side) {
    case 0:
        return (wm_rect){0, s->left_start, s->left, s->left_end - s->left_start + 1};
    case 1:
        return (wm_rect){sw - s->right, s->right_start, s->right,
                         s->right_end - s->right_start + 1};
    case 2:
        return (wm_rect){s->top_start, 0, s->top_end - s->top_start + 1, s->top};
    default:
        return (wm_rect){s->bottom_start, sh - s->bottom, s->bottom_end - s->bottom_start + 1,
                         s->bottom};
    }
}

/* Does monitor mon hold the inner edge of strut side r (the edge away from
 * the root's border)? Only that monitor gives the strut room. */
static bool holds_inner_edge(wm_rect mon, wm_rect r, int side)
{
    if (r.w <= 0 || r.h <= 0 || !rect_intersects(r, mon))
        return false;
    switch (side) {
    case 0:
        return mon.x < r.x + r.w && r.x + r.w <= mon.x + mon.w;
    case 1:
        return mon.x <= r.x && r.x < mon.x + mon.w;
    case 2:
        return mon.y < r.y + r.h && r.y + r.h <= mon.y + mon.h;
    default:
        return mon.y <= r.y && r.y < mon.y + mon.h;
    }
}

/* Shrink work (inside mon) by one strut side, unless that would take more
 * than half of the monitor: such a strut is a client's mistake. */
static bool cut(wm_rect *work, wm_rect mon, wm_rect r, int side)
{
    int x0 = work->x, y0 = work->y, x1 = work->x + work->w, y1 = work->y + work->h;
    switch (side) {
    case 0:
        x0 = MAX(x0, r.x + r.w);
        break;
    case 1:
        x1 = MIN(x1, r.x);
        break;
    case 2:
        y0 = MAX(y0, r.y + r.h);
        break;
    default:
        y1 = MIN(y1, r.y);
        break;
    }
    if ((x1 - x0) * 2 < mon.w || (y1 - y0) * 2 < mon.h)
        return false;
    *work = (wm_rect){x0, y0, x1 - x0, y1 - y0};
    return true;
}

/* May side of c's strut shrink monitor i? It must end on that monitor and,
 * when the dock has a place, that is the monitor the dock sits on. */
static bool strut_applies(const wm *m, const wm_client *c, int side, guint i)
{
    const wm_monitor *mon = monitor_get(m, (int)i);
    if (!holds_inner_edge(mon->rect, strut_rect(m, &c->strut, side), side))
        return false;
    if (c->floating.w > 0 && c->floating.h > 0 && !rect_intersects(c->floating, mon->rect))
        return false;
    return true;
}

bool strut_fits(const wm *m, const wm_client *c)
{
    for (int side = 0; side < 4; side++) {
        wm_rect r = strut_rect(m, &c->strut, side);
        if (r.w <= 0 || r.h <= 0)
            continue;
        bool somewhere = false;
        for (guint i = 0; i < m->monitors->len && !somewhere; i++) {
            wm_rect mon = monitor_get(m, (int)i)->rect, work = mon;
            somewhere = strut_applies(m, c, side, i) && cut(&work, mon, r, side);
        }
        if (!somewhere)
            return false;
    }
    return true;
}

static void relayout_all(wm *m)
{
    for (guint i = 0; i < m->clients->len; i++)
        client_relayout(m, m->clients->pdata[i]);
}

void workarea_update(wm *m)
{
    wm_rect old_all = m->workarea;
    bool changed = false;
    m->workarea = m->screen;
    wm_monitor *mons = (wm_monitor *)m->monitors->data;
    for (guint i = 0; i < m->monitors->len; i++) {
        wm_rect work = mons[i].rect;
        for (guint k = 0; k < m->clients->len; k++) {
            const wm_client *c = m->clients->pdata[k];
            for (int side = 0; c->has_strut && side < 4; side++)
                if (strut_applies(m, c, side, i))
                    cut(&work, mons[i].rect, strut_rect(m, &c->strut, side), side);
        }
        changed |= !rect_equal(work, mons[i].work);
        mons[i].work = work;
    }
    for (guint k = 0; k < m->clients->len; k++) {
        const wm_client *c = m->clients->pdata[k];
        if (!c->has_strut)
            continue;
        for (int side = 0; side < 4; side++) {
            wm_rect r = strut_rect(m, &c->strut, side);
            if (r.w > 0 && r.h > 0 && rect_intersects(r, m->screen))
                cut(&m->workarea, m->screen, r, side);
        }
    }
    if (changed || !rect_equal(old_all, m->workarea)) {
        wm_mark(m, WM_DIRTY_DESKTOPS);
        relayout_all(m);
    }
}

void monitors_set(wm *m, const wm_rect *rects, size_t n)
{
    wm_rect screen_only = m->screen;
    if (n == 0) {
        rects = &screen_only;
        n = 1;
    }
    GArray *old = m->monitors;
    m->monitors = g_array_sized_new(FALSE, TRUE, sizeof(wm_monitor), (guint)n);
    for (size_t i = 0; i < n; i++) {
        wm_monitor mon = {rects[i], rects[i]};
        g_array_append_val(m->monitors, mon);
    }

    /* A window whose monitor went moves to the first one left, at the same
     * place relative to the monitor's size. */
    for (guint k = 0; old && k < m->clients->len; k++) {
        wm_client *c = m->clients->pdata[k];
        wm_rect f = rect_grow(c->floating, client_visible_extents(m, c));
        bool on_some = false;
        for (guint i = 0; i < m->monitors->len; i++)
            on_some |= rect_intersects(f, g_array_index(m->monitors, wm_monitor, i).rect);
        if (on_some || c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP)
            continue;
        wm_rect was = ((wm_monitor *)old->data)[0].rect;
        for (guint i = 0; i < old->len; i++)
            if (rect_intersects(f, g_array_index(old, wm_monitor, i).rect))
                was = g_array_index(old, wm_monitor, i).rect;
        wm_rect to = g_array_index(m->monitors, wm_monitor, 0).rect;
        double rx = was.w ? (double)(f.x - was.x) / was.w : 0;
        double ry = was.h ? (double)(f.y - was.y) / was.h : 0;
        int dx = to.x + (int)(rx * to.w) - f.x, dy = to.y + (int)(ry * to.h) - f.y;
        c->floating.x += dx;
        c->floating.y += dy;
        log_debug("window 0x%x moves to a remaining monitor", c->id);
    }
    if (old)
        g_array_free(old, TRUE);
    /* Work areas of new monitors start as their rectangles. */
    for (guint i = 0; i < m->monitors->len; i++)
        g_array_index(m->monitors, wm_monitor, i).work.w = -1;
    workarea_update(m);

    /* Whatever moved or went, every title strip stays reachable. */
    for (guint k = 0; k < m->clients->len; k++) {
        client_keep_reachable(m, m->clients->pdata[k]);
        client_mark(m->clients->pdata[k], WM_DIRTY_GEOMETRY);
    }
}

const wm_monitor *monitor_get(const wm *m, int i)
{
    if (i < 0 || (guint)i >= m->monitors->len)
        i = 0;
    return &g_array_index(m->monitors, wm_monitor, i);
}
