/*
 * Monitors, from RandR 1.5's monitor list (which also holds the virtual
 * monitors made with `xrandr --setmonitor`). Any RandR change re-reads it;
 * without RandR 1.5 the whole screen is one monitor.
 */
#include "x11/x11.h"

#include <stdlib.h>
#include <xcb/randr.h>

#include "util/log.h"

void randr_init(x11 *x)
{
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->conn, &xcb_randr_id);
    if (!ext || !ext->present)
        return;
    xcb_randr_query_version_reply_t *v =
        xcb_randr_query_version_reply(x->conn, xcb_randr_query_version(x->conn, 1, 5), NULL);
    bool ok = v && (v->major_version > 1 || v->minor_version >= 5);
    free(v);
    if (!ok) {
        log_info("RandR 1.5 is missing; the whole screen is one monitor");
        return;
    }
    x->randr_base = ext->first_event;
    xcb_randr_select_input(
        x->conn, x->root,
        XCB_RANDR_NOTIFY_MASK_SCREEN_CHANGE | XCB_RANDR_NOTIFY_MASK_OUTPUT_CHANGE |
            XCB_RANDR_NOTIFY_MASK_CRTC_CHANGE | XCB_RANDR_NOTIFY_MASK_OUTPUT_PROPERTY);
}

void randr_update(x11 *x)
{
    wm *m = x->model;
    xcb_get_geometry_reply_t *g =
        xcb_get_geometry_reply(x->conn, xcb_get_geometry(x->conn, x->root), NULL);
    if (g) {
        m->screen = (wm_rect){0, 0, g->width, g->height};
        free(g);
    }
    GArray *rects = g_array_new(FALSE, FALSE, sizeof(wm_rect));
    if (x->randr_base) {
        xcb_randr_get_monitors_reply_t *r = xcb_randr_get_monitors_reply(
            x->conn, xcb_randr_get_monitors(x->conn, x->root, 1), NULL);
        for (xcb_randr_monitor_info_iterator_t it = r ? xcb_randr_get_monitors_monitors_iterator(r)
                                                      : (xcb_randr_monitor_info_iterator_t){0};
             r && it.rem; xcb_randr_monitor_info_next(&it)) {
            wm_rect rect = {it.data->x, it.data->y, it.data->width, it.data->height};
            /* The primary monitor goes first: windows of a monitor that
             * went land there. */
            if (rect.w > 0 && rect.h > 0)
                g_array_insert_val(rects, it.data->primary ? 0 : rects->len, rect);
        }
        free(r);
    }
    bool same = rects->len == m->monitors->len;
    for (guint i = 0; same && i < rects->len; i++)
        same = rect_equal(g_array_index(rects, wm_rect, i),
                          g_array_index(m->monitors, wm_monitor, i).rect);
    if (!same) {
        log_debug("%u monitor(s)", rects->len);
        monitors_set(m, (const wm_rect *)rects->data, rects->len);
        wm_mark(m, WM_DIRTY_DESKTOPS);
        int(*boxes)[4] = g_malloc_n(MAX(rects->len, 1), sizeof *boxes);
        for (guint i = 0; i < rects->len; i++) {
            wm_rect r = g_array_index(rects, wm_rect, i);
            boxes[i][0] = r.x;
            boxes[i][1] = r.y;
            boxes[i][2] = r.w;
            boxes[i][3] = r.h;
        }
        comp_set_monitors(x->comp, (const int(*)[4])boxes, rects->len);
        g_free(boxes);
    }
    g_array_free(rects, TRUE);
}

bool randr_event(x11 *x, uint8_t type)
{
    if (!x->randr_base || (type != x->randr_base + XCB_RANDR_SCREEN_CHANGE_NOTIFY &&
                           type != x->randr_base + XCB_RANDR_NOTIFY))
        return false;
    randr_update(x);
    return true;
}
