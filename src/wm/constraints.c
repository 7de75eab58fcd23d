/*
 * The constraint engine: pure functions from a requested rectangle to an
 * allowed one, one rule each, so every rule can be tested alone. The rules:
 * size hints (ICCCM 4.1.2.3), the title strip stays reachable, fit inside
 * an area (work areas, for dialogs), maximize, fullscreen, tile, centre on
 * a parent. state.c strings them together for a client.
 */
#include "wm/wm.h"

bool rect_intersects(wm_rect a, wm_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

long rect_overlap_area(wm_rect a, wm_rect b)
{
    int x0 = MAX(a.x, b.x), y0 = MAX(a.y, b.y);
    int x1 = MIN(a.x + a.w, b.x + b.w), y1 = MIN(a.y + a.h, b.y + b.h);
    return x1 > x0 && y1 > y0 ? (long)(x1 - x0) * (y1 - y0) : 0;
}

bool rect_equal(wm_rect a, wm_rect b)
{
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

wm_rect rect_grow(wm_rect r, wm_extents e)
{
    return (wm_rect){r.x - e.left, r.y - e.top, r.w + e.left + e.right, r.h + e.top + e.bottom};
}

wm_rect rect_shrink(wm_rect r, wm_extents e)
{
    return (wm_rect){r.x + e.left, r.y + e.top, MAX(r.w - e.left - e.right, 1),
                     MAX(r.h - e.top - e.bottom, 1)};
}

/* Aspect limits compare dw/dh with num/den without dividing. */
static void apply_aspect(const wm_size_hints *h, int *w, int *hh)
{
    int bw = h->base_w, bh = h->base_h;
    int dw = *w - bw, dh = *hh - bh;
    if (dw <= 0 || dh <= 0)
        return;
    if (h->min_aspect_num > 0 && h->min_aspect_den > 0 &&
        (long)dw * h->min_aspect_den < (long)dh * h->min_aspect_num) {
        /* Too tall for the minimum aspect: take height away. */
        dh = (int)((long)dw * h->min_aspect_den / h->min_aspect_num);
    }
    if (h->max_aspect_num > 0 && h->max_aspect_den > 0 &&
        (long)dw * h->max_aspect_den > (long)dh * h->max_aspect_num) {
        /* Too wide for the maximum aspect: take width away. */
        dw = (int)((long)dh * h->max_aspect_num / h->max_aspect_den);
    }
    *w = bw + MAX(dw, 1);
    *hh = bh + MAX(dh, 1);
}

static int apply_limits(int v, int min, int max, int base, int inc, bool increments)
{
    if (max > 0 && max < min)
        max = min; /* a client that asks for min > max gets min */
    int lo = MAX(min, 1), hi = max > 0 ? max : WM_MAX_SIZE;
    v = CLAMP(v, lo, hi);
    if (increments && inc > 1) {
        /* The largest base + k * inc not above v, or else the smallest
         * one not below the minimum; when no such size fits between the
         * limits, the increments give way to the limits. */
        int k = v > base ? (v - base) / inc : 0;
        int snapped = base + k * inc;
        if (snapped < lo)
            snapped = base + (lo - base + inc - 1) / inc * inc;
        if (snapped <= hi)
            v = snapped;
    }
    return CLAMP(v, 1, WM_MAX_SIZE);
}

void constrain_size(const wm_size_hints *h, int *w, int *hh, bool increments)
{
    /* ICCCM: a missing minimum is the base size, a missing base the
     * minimum. */
    int min_w = h->min_w ? h->min_w : h->base_w, min_h = h->min_h ? h->min_h : h->base_h;
    int base_w = h->base_w ? h->base_w : h->min_w, base_h = h->base_h ? h->base_h : h->min_h;
    int nw = CLAMP(*w, 1, WM_MAX_SIZE), nh = CLAMP(*hh, 1, WM_MAX_SIZE);
    if (increments)
        apply_aspect(h, &nw, &nh);
    nw = apply_limits(nw, min_w, h->max_w, base_w, h->inc_w, increments);
    nh = apply_limits(nh, min_h, h->max_h, base_h, h->inc_h, increments);
    *w = nw;
    *hh = nh;
}

int constrain_max_side(int screen_side)
{
    return MIN(WM_MAX_SIZE, MAX(2 * screen_side, 2048));
}

/* Does enough of the title strip (the top `title` rows of frame) show
 * inside r? */
static bool title_reachable_on(wm_rect frame, int title, wm_rect r)
{
    int need = MIN(frame.w, WM_REACHABLE_MIN);
    int x0 = MAX(frame.x, r.x), x1 = MIN(frame.x + frame.w, r.x + r.w);
    return frame.y >= r.y && frame.y + title <= r.y + r.h && x1 - x0 >= need;
}

wm_rect constrain_reachable(const wm *m, wm_rect frame, int title)
{
    title = MAX(title, 1);
    /* Work areas, not monitors: a title strip under a dock is as lost as
     * one off the screen. */
    const wm_monitor *mons = (const wm_monitor *)m->monitors->data;
    for (guint i = 0; i < m->monitors->len; i++)
        if (title_reachable_on(frame, title, mons[i].work))
            return frame;
    /* Move it onto the monitor it overlaps most (the nearest one when it
     * overlaps none), just enough for the title strip to show. */
    wm_rect r = mons[monitor_for_rect(m, frame)].work;
    int need = MIN(frame.w, WM_REACHABLE_MIN);
    if (frame.y < r.y)
        frame.y = r.y;
    if (frame.y + title > r.y + r.h)
        frame.y = r.y + r.h - title;
    if (frame.x + need > r.x + r.w)
        frame.x = r.x + r.w - need;
    if (frame.x + frame.w < r.x + need)
        frame.x = r.x + need - frame.w;
    return frame;
}

wm_rect constrain_inside(wm_rect area, wm_rect frame)
{
    if (frame.x + frame.w > area.x + area.w)
        frame.x = area.x + area.w - frame.w;
    if (frame.y + frame.h > area.y + area.h)
        frame.y = area.y + area.h - frame.h;
    /* Too big to fit: the top-left corner (and the title) win. */
    if (frame.x < area.x)
        frame.x = area.x;
    if (frame.y < area.y)
        frame.y = area.y;
    return frame;
}

wm_rect rect_centre_on(wm_rect over, wm_rect r)
{
    r.x = over.x + (over.w - r.w) / 2;
    r.y = over.y + (over.h - r.h) / 2;
    return r;
}

wm_rect constrain_maximize(wm_rect work, wm_rect frame, bool h, bool v)
{
    if (h) {
        frame.x = work.x;
        frame.w = work.w;
    }
    if (v) {
        frame.y = work.y;
        frame.h = work.h;
    }
    return frame;
}

wm_rect constrain_tile(wm_rect work, enum wm_tile side)
{
    int half = work.w / 2;
    if (side == WM_TILE_LEFT)
        return (wm_rect){work.x, work.y, half, work.h};
    if (side == WM_TILE_RIGHT)
        return (wm_rect){work.x + half, work.y, work.w - half, work.h};
    return work;
}

int monitor_for_rect(const wm *m, wm_rect r)
{
    const wm_monitor *mons = (const wm_monitor *)m->monitors->data;
    int best = 0;
    long best_area = -1;
    for (guint i = 0; i < m->monitors->len; i++) {
        long a = rect_overlap_area(r, mons[i].rect);
        if (a > best_area) {
            best_area = a;
            best = (int)i;
        }
    }
    if (best_area > 0)
        return best;
    /* Overlapping none: the monitor whose nearest edge is closest. */
    long best_d = -1;
    for (guint i = 0; i < m->monitors->len; i++) {
        wm_rect mr = mons[i].rect;
        long dx = MAX(0, MAX(mr.x - (r.x + r.w), r.x - (mr.x + mr.w)));
        long dy = MAX(0, MAX(mr.y - (r.y + r.h), r.y - (mr.y + mr.h)));
        long d = dx * dx + dy * dy;
        if (best_d < 0 || d < best_d) {
            best_d = d;
            best = (int)i;
        }
    }
    return best;
}

int monitor_at_point(const wm *m, int x, int y)
{
    return monitor_for_rect(m, (wm_rect){x, y, 1, 1});
}
