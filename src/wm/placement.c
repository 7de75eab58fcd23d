/*
 * Where a new window goes. A position the user gave (USPosition) is kept;
 * one the program gave is kept when it is sane (the window's title strip
 * shows on a monitor); dialogs are centred on their parent and splash
 * screens on their monitor; anything else goes where it overlaps least on
 * the monitor with the pointer (or the focused window's monitor).
 *
 * Everything here is in visible rectangles (client_visible_rect()): a
 * client-side decorated window's shadow may overlap others and the edge
 * of the work area.
 */
#include "wm/wm.h"

static long overlap_with_others(const wm *m, const wm_client *c, wm_rect f)
{
    long sum = 0;
    for (guint i = 0; i < m->clients->len; i++) {
        const wm_client *o = m->clients->pdata[i];
        if (o == c || !client_visible(m, o) || !client_on_workspace(o, c->workspace) ||
            o->type == WM_TYPE_DESKTOP)
            continue;
        sum += rect_overlap_area(f, client_visible_rect(m, o));
    }
    return sum;
}

/* Candidates: centred, the work area's corner, and beside each window. The
 * first with the least overlap wins, so an empty monitor gets a centred
 * window and a busy one the first free spot. */
static wm_rect least_overlap(const wm *m, const wm_client *c, wm_rect work, wm_rect f)
{
    GArray *cand = g_array_new(FALSE, FALSE, sizeof(wm_rect));
    wm_rect centred = rect_centre_on(work, f);
    g_array_append_val(cand, centred);
    wm_rect corner = {work.x, work.y, f.w, f.h};
    g_array_append_val(cand, corner);
    for (guint i = 0; i < m->clients->len; i++) {
        const wm_client *o = m->clients->pdata[i];
        if (o == c || !client_visible(m, o) || !client_on_workspace(o, c->workspace))
            continue;
        wm_rect of = client_visible_rect(m, o);
        if (!rect_intersects(of, work))
            continue;
        wm_rect beside[] = {
            {of.x + of.w, of.y, f.w, f.h},   {of.x, of.y + of.h, f.w, f.h},
            {of.x - f.w, of.y, f.w, f.h},    {of.x, of.y - f.h, f.w, f.h},
            {of.x + of.w, work.y, f.w, f.h}, {work.x, of.y + of.h, f.w, f.h},
        };
        g_array_append_vals(cand, beside, G_N_ELEMENTS(beside));
    }
    wm_rect best = centred;
    long best_overlap = -1;
    for (guint i = 0; i < cand->len && best_overlap != 0; i++) {
        wm_rect r = constrain_inside(work, g_array_index(cand, wm_rect, i));
        long o = overlap_with_others(m, c, r);
        if (best_overlap < 0 || o < best_overlap) {
            best_overlap = o;
            best = r;
        }
    }
    g_array_free(cand, TRUE);
    return best;
}

static bool sane(const wm *m, wm_rect f, int title)
{
    return rect_equal(constrain_reachable(m, f, title), f);
}

void place_new_client(wm *m, wm_client *c, bool have_pointer, int px, int py)
{
    wm_extents e = client_visible_extents(m, c);
    wm_rect f = rect_grow(c->floating, e);
    int mon;
    if (have_pointer)
        mon = monitor_at_point(m, px, py);
    else if (m->focused)
        mon = client_monitor(m, m->focused);
    else
        mon = 0;
    wm_rect work = monitor_get(m, mon)->work;

    if (c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP)
        return; /* they know where they go */

    /* A new window larger than the work area is made to fit, as far as
     * its minimum size allows. */
    if (f.w > work.w || f.h > work.h) {
        int w = MIN(f.w, work.w) - e.left - e.right, h = MIN(f.h, work.h) - e.top - e.bottom;
        constrain_size(&c->hints, &w, &h, true);
        c->floating.w = w;
        c->floating.h = h;
        f = rect_grow(c->floating, e);
    }

    if (c->transient_for && !c->hints.user_position) {
        wm_rect parent = client_visible_rect(m, c->transient_for);
        wm_rect pwork = monitor_get(m, monitor_for_rect(m, parent))->work;
        f = constrain_inside(pwork, rect_centre_on(parent, f));
    } else if (c->type == WM_TYPE_SPLASH) {
        f = rect_centre_on(monitor_get(m, mon)->rect, f);
    } else if (c->hints.user_position) {
        /* the user said so */
    } else if (c->hints.program_position && sane(m, f, MAX(e.top, 1))) {
        /* the program's choice is on screen */
    } else {
        f = least_overlap(m, c, work, f);
    }
    /* A plugin may choose instead; the title strip stays reachable. */
    wm_rect asked = f;
    if (m->policy && m->policy->place &&
        m->policy->place(m->policy->data, c, &asked) == WM_POLICY_YES)
        f.x = asked.x, f.y = asked.y;
    f = constrain_reachable(m, f, MAX(e.top, 1));
    c->floating.x = f.x + e.left;
    c->floating.y = f.y + e.top;
    c->keep_onscreen = client_fully_onscreen(m, c);
    client_relayout(m, c);
}
