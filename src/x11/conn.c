/*
 * The X connection and its GSource. Before the main loop sleeps, prepare()
 * runs the push step (model -> X) and flushes; dispatch() drains every
 * event XCB has, so nothing sits in XCB's queue while we wait on the fd.
 */
#include "x11/x11.h"

#include <stdlib.h>

#include "util/log.h"

typedef struct xsource {
    GSource base;
    x11 *x;
    gpointer fd_tag;
} xsource;

bool x11_connect(x11 *x, const char *display)
{
    x->conn = xcb_connect(display, &x->screen_number);
    if (xcb_connection_has_error(x->conn)) {
        log_info("cannot open display %s", display ? display : g_getenv("DISPLAY") ?: "(unset)");
        xcb_disconnect(x->conn);
        x->conn = NULL;
        return false;
    }
    xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(x->conn));
    for (int i = 0; i < x->screen_number && it.rem; i++)
        xcb_screen_next(&it);
    x->screen = it.data;
    x->root = x->screen->root;
    return atoms_intern(x->conn);
}

void x11_disconnect(x11 *x)
{
    if (x->source_id)
        g_source_remove(x->source_id);
    x->source_id = 0;
    if (x->offer_timer)
        g_source_remove(x->offer_timer);
    x->offer_timer = 0;
    free(x->held);
    x->held = NULL;
    if (x->conn)
        xcb_disconnect(x->conn);
    x->conn = NULL;
}

static bool connection_lost(x11 *x)
{
    if (!xcb_connection_has_error(x->conn))
        return false;
    if (!x->quit)
        log_info("lost the connection to the X server");
    x->quit = true;
    x->exit_status = 1;
    if (x->loop)
        g_main_loop_quit(x->loop);
    return true;
}

static gboolean src_prepare(GSource *s, gint *timeout)
{
    x11 *x = ((xsource *)s)->x;
    *timeout = -1;
    if (x->quit)
        return FALSE;
    if (!x->held)
        x->held = xcb_poll_for_queued_event(x->conn);
    if (x->held)
        return TRUE;
    /* Nothing left to read: tell X what changed, then sleep (windows
     * queued by events handled outside a dispatch go in first). */
    manage_flush(x);
    unmanage_flush(x);
    push(x);
    comp_flush(x->comp);
    xcb_flush(x->conn);
    if (!x->held)
        x->held = xcb_poll_for_queued_event(x->conn);
    return x->held != NULL;
}

static gboolean src_check(GSource *s)
{
    xsource *xs = (xsource *)s;
    return xs->x->held || (g_source_query_unix_fd(s, xs->fd_tag) & (G_IO_IN | G_IO_HUP | G_IO_ERR));
}

static gboolean src_dispatch(GSource *s, GSourceFunc cb, gpointer data)
{
    x11 *x = ((xsource *)s)->x;
    xcb_generic_event_t *ev = x->held;
    x->held = NULL;
    if (!ev)
        ev = xcb_poll_for_event(x->conn);
    while (ev && !x->quit) {
        event_handle(x, ev);
        free(ev);
        ev = xcb_poll_for_event(x->conn);
    }
    free(ev);
    if (!x->quit) {
        manage_flush(x);
        unmanage_flush(x);
    }
    if (connection_lost(x)) {
        x->source_id = 0; /* GLib drops the source as we return */
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

static GSourceFuncs xsource_funcs = {
    .prepare = src_prepare,
    .check = src_check,
    .dispatch = src_dispatch,
};

void x11_attach(x11 *x, GMainContext *ctx)
{
    GSource *s = g_source_new(&xsource_funcs, sizeof(xsource));
    xsource *xs = (xsource *)s;
    xs->x = x;
    xs->fd_tag = g_source_add_unix_fd(s, xcb_get_file_descriptor(x->conn), G_IO_IN);
    g_source_set_name(s, "purr-xcb");
    x->source_id = g_source_attach(s, ctx);
    g_source_unref(s);
}

void x11_expect(x11 *x, unsigned int sequence)
{
    unsigned last = (x->expected_next + 63) % 64;
    /* Extend the newest range when the request follows closely on it. */
    if (x->expected[last].last != 0 && sequence - x->expected[last].last <= 32) {
        x->expected[last].last = sequence;
        return;
    }
    x->expected[x->expected_next].first = sequence;
    x->expected[x->expected_next].last = sequence;
    x->expected_next = (x->expected_next + 1) % 64;
}

bool x11_error_expected(const x11 *x, uint32_t sequence)
{
    for (int i = 0; i < 64; i++) {
        if (x->expected[i].last == 0)
            continue;
        if (sequence - x->expected[i].first <= x->expected[i].last - x->expected[i].first)
            return true;
    }
    return false;
}

void x11_note_time(x11 *x, xcb_timestamp_t t)
{
    if (t != XCB_CURRENT_TIME && (x->last_time == 0 || wm_time_before(x->last_time, t)))
        x->last_time = t;
}

xcb_timestamp_t x11_client_time(const x11 *x, uint32_t t)
{
    if (t != 0 && x->last_time != 0 && wm_time_before(x->last_time, t))
        return x->last_time;
    return t;
}

xcb_timestamp_t x11_get_timestamp(x11 *x)
{
    /* A zero-length append changes nothing but yields a PropertyNotify
     * carrying the server's time. */
    xcb_change_property(x->conn, XCB_PROP_MODE_APPEND, x->check, A(_NET_WM_NAME), A(UTF8_STRING), 8,
                        0, "");
    xcb_flush(x->conn);
    xcb_generic_event_t *ev;
    GPtrArray *other = g_ptr_array_new();
    xcb_timestamp_t t = XCB_CURRENT_TIME;
    while ((ev = xcb_wait_for_event(x->conn))) {
        if ((ev->response_type & 0x7f) == XCB_PROPERTY_NOTIFY &&
            ((xcb_property_notify_event_t *)ev)->window == x->check) {
            t = ((xcb_property_notify_event_t *)ev)->time;
            free(ev);
            break;
        }
        g_ptr_array_add(other, ev);
    }
    /* Events that arrived meanwhile are handled in order afterwards. */
    for (guint i = 0; i < other->len; i++) {
        event_handle(x, other->pdata[i]);
        free(other->pdata[i]);
    }
    g_ptr_array_free(other, TRUE);
    x11_note_time(x, t);
    return t;
}

xcb_void_cookie_t x11_send_message(x11 *x, xcb_window_t dest, uint32_t mask, xcb_window_t win,
                                   xcb_atom_t type, uint32_t d0, uint32_t d1, uint32_t d2,
                                   uint32_t d3, uint32_t d4)
{
    xcb_client_message_event_t ev = {0};
    ev.response_type = XCB_CLIENT_MESSAGE;
    ev.format = 32;
    ev.window = win;
    ev.type = type;
    ev.data.data32[0] = d0;
    ev.data.data32[1] = d1;
    ev.data.data32[2] = d2;
    ev.data.data32[3] = d3;
    ev.data.data32[4] = d4;
    xcb_void_cookie_t ck = xcb_send_event(x->conn, 0, dest, mask, (const char *)&ev);
    x11_expect(x, ck.sequence);
    return ck;
}

static void expect_for_comp(void *data, unsigned sequence)
{
    x11_expect(data, sequence);
}

/* purr's frames and grips as the compositor would find them. */
static bool describe_for_comp(void *data, xcb_window_t w, comp_own *out)
{
    x11 *x = data;
    const xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(w));
    if (xc && xc->frame == w) {
        *out = (comp_own){
            .visual = xc->argb ? x->argb_visual->visual_id : x->screen->root_visual,
            .shadow = xc->shadow,
            .has_opacity = xc->has_opacity,
            .opacity = xc->opacity,
            .bypass = xc->bypass,
        };
        out->n_shape = frame_shape_rects(xc, out->shape);
        return true;
    }
    xc = g_hash_table_lookup(x->grips, GUINT_TO_POINTER(w));
    if (xc && xc->grip == w) {
        *out = (comp_own){.input_only = true};
        return true;
    }
    return false;
}

void x11_start_compositor(x11 *x, enum comp_mode mode, bool replace)
{
    comp_host h = {
        .conn = x->conn,
        .screen = x->screen,
        .screen_number = x->screen_number,
        .display_name = x->display_name,
        .replace = replace,
        .expect = expect_for_comp,
        .describe = describe_for_comp,
        .data = x,
    };
    x->comp = comp_start(&h, mode, x11_get_timestamp(x));
}
