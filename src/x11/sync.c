/*
 * _NET_WM_SYNC_REQUEST (EWMH "Synchronising resizes"): during an
 * interactive resize, each new size is preceded by a sync request with a
 * fresh value of the client's basic counter, and the next size waits until
 * the client has set its counter to that value (an XSync alarm says so),
 * so the frame never runs ahead of what the application has drawn. A client
 * that takes too long is not waited for again during that resize.
 *
 * The extended counter (the second one) paces the client's frames against
 * the compositor: src/comp follows it.
 */
#include <xcb/sync.h>

#include "util/log.h"
#include "x11/prop.h"
#include "x11/x11.h"

/* How long a resize waits for a client's new frame. */
enum { SYNC_TIMEOUT_MS = 500 };

void sync_init(x11 *x)
{
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->conn, &xcb_sync_id);
    if (!ext || !ext->present)
        return;
    free(xcb_sync_initialize_reply(x->conn, xcb_sync_initialize(x->conn, 3, 1), NULL));
    x->sync_base = ext->first_event;
}

void sync_read_counters(x11 *x, xclient *xc, const prop_value *v)
{
    uint32_t counters[2] = {0, 0};
    size_t n = prop_card32_list(v, PROP_ATOM_CARDINAL, counters, 2);
    xc->sync_counter = n >= 1 ? counters[0] : 0;
    xc->frame_counter = n >= 2 ? counters[1] : 0;
    comp_set_frame_counter(x->comp, xc->frame, xc->id, xc->frame_counter);
}

static void stop_timer(xdrag *d)
{
    if (d->sync_timer)
        g_source_remove(d->sync_timer);
    d->sync_timer = 0;
}

/* The client answered (or will not in time): carry on with the latest
 * pointer position. */
static void resume(x11 *x)
{
    xdrag *d = &x->drag;
    d->sync_wait = false;
    stop_timer(d);
    if (d->sync_pending) {
        d->sync_pending = false;
        moveresize_motion(x, d->sync_px, d->sync_py, x->last_time);
    }
}

static gboolean on_timeout(gpointer data)
{
    x11 *x = data;
    x->drag.sync_timer = 0;
    x->drag.sync_off = true;
    log_debug("window 0x%x did not answer a sync request within %d ms: not waiting for it "
              "again during this resize",
              x->drag.mr.id, SYNC_TIMEOUT_MS);
    resume(x);
    return G_SOURCE_REMOVE;
}

bool sync_before_resize(x11 *x, wm_client *c, xclient *xc)
{
    xdrag *d = &x->drag;
    if (!x->sync_base || !d->active || d->mr.id != c->id || d->mr.dir == WM_MR_MOVE ||
        !c->sync_request || !xc->sync_counter || d->sync_off)
        return false;
    uint64_t value = ++d->sync_value;
    x11_expect(x, x11_send_message(x, xc->id, XCB_EVENT_MASK_NO_EVENT, xc->id, A(WM_PROTOCOLS),
                                   A(_NET_WM_SYNC_REQUEST), x->last_time, (uint32_t)value,
                                   (uint32_t)(value >> 32), 0)
                      .sequence);
    xcb_sync_create_alarm_value_list_t a = {
        .counter = xc->sync_counter,
        .valueType = XCB_SYNC_VALUETYPE_ABSOLUTE,
        .value = {(int32_t)(value >> 32), (uint32_t)value},
        .testType = XCB_SYNC_TESTTYPE_POSITIVE_COMPARISON,
        .delta = {0, 1},
        .events = 1,
    };
    uint32_t mask = XCB_SYNC_CA_COUNTER | XCB_SYNC_CA_VALUE_TYPE | XCB_SYNC_CA_VALUE |
                    XCB_SYNC_CA_TEST_TYPE | XCB_SYNC_CA_DELTA | XCB_SYNC_CA_EVENTS;
    if (!d->sync_alarm) {
        d->sync_alarm = xcb_generate_id(x->conn);
        x11_expect(x, xcb_sync_create_alarm_aux(x->conn, d->sync_alarm, mask, &a).sequence);
    } else {
        xcb_sync_change_alarm_value_list_t ch = {
            .counter = a.counter,
            .valueType = a.valueType,
            .value = a.value,
            .testType = a.testType,
            .delta = a.delta,
            .events = a.events,
        };
        x11_expect(x, xcb_sync_change_alarm_aux(x->conn, d->sync_alarm, mask, &ch).sequence);
    }
    d->sync_wait = true;
    d->sync_frames++;
    stop_timer(d);
    d->sync_timer = g_timeout_add(SYNC_TIMEOUT_MS, on_timeout, x);
    return true;
}

bool sync_event(x11 *x, const xcb_generic_event_t *ev)
{
    if (!x->sync_base || (ev->response_type & 0x7f) != x->sync_base + XCB_SYNC_ALARM_NOTIFY)
        return false;
    const xcb_sync_alarm_notify_event_t *e = (const void *)ev;
    xdrag *d = &x->drag;
    /* Only the server's own notifications count. */
    if ((ev->response_type & 0x80) || !d->sync_alarm || e->alarm != d->sync_alarm)
        return true;
    uint64_t reached = ((uint64_t)(uint32_t)e->counter_value.hi << 32) | e->counter_value.lo;
    if (d->sync_wait && reached >= d->sync_value)
        resume(x);
    return true;
}

void sync_end_drag(x11 *x)
{
    xdrag *d = &x->drag;
    stop_timer(d);
    if (d->sync_alarm)
        x11_expect(x, xcb_sync_destroy_alarm(x->conn, d->sync_alarm).sequence);
    if (d->sync_frames)
        log_debug("interactive resize of 0x%x: %u sizes, each after the client's frame", d->mr.id,
                  d->sync_frames);
    d->sync_alarm = 0;
    d->sync_wait = d->sync_pending = d->sync_off = false;
    d->sync_frames = 0;
}
