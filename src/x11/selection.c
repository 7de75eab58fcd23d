/*
 * Becoming the window manager (ICCCM 2.8 and 4.3): SubstructureRedirect on
 * the root first, then, once the root's EWMH properties and the windows
 * already there are in place, WM_S0 and the MANAGER message, so that
 * whoever waits for WM_S0 finds a manager that is ready. Taking over from
 * a running manager (--replace only) needs WM_S0 first: that manager
 * leaves when it loses it, and purr waits for its selection window to go.
 */
#include "x11/x11.h"

#include <poll.h>
#include <stdlib.h>

#include "util/log.h"

#define REPLACE_TIMEOUT_MS 15000

static gint64 now_ms(void)
{
    return g_get_monotonic_time() / 1000;
}

/* Wait for the DestroyNotify of the old owner's window, with a deadline.
 * Other events are dropped: nothing is managed yet. */
static bool wait_for_destroy(x11 *x, xcb_window_t old)
{
    gint64 deadline = now_ms() + REPLACE_TIMEOUT_MS;
    struct pollfd pfd = {xcb_get_file_descriptor(x->conn), POLLIN, 0};
    for (;;) {
        xcb_generic_event_t *ev;
        while ((ev = xcb_poll_for_event(x->conn))) {
            bool done = (ev->response_type & 0x7f) == XCB_DESTROY_NOTIFY &&
                        ((xcb_destroy_notify_event_t *)ev)->window == old;
            free(ev);
            if (done)
                return true;
        }
        if (xcb_connection_has_error(x->conn))
            return false;
        gint64 left = deadline - now_ms();
        if (left <= 0)
            return false;
        poll(&pfd, 1, (int)left);
    }
}

static bool redirect_root(x11 *x)
{
    uint32_t mask = XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY |
                    XCB_EVENT_MASK_PROPERTY_CHANGE | XCB_EVENT_MASK_STRUCTURE_NOTIFY |
                    XCB_EVENT_MASK_FOCUS_CHANGE | XCB_EVENT_MASK_ENTER_WINDOW;
    xcb_generic_error_t *err = xcb_request_check(
        x->conn, xcb_change_window_attributes_checked(x->conn, x->root, XCB_CW_EVENT_MASK, &mask));
    free(err);
    return err == NULL;
}

/* Make WM_S0 ours, checked with the server. */
static bool take_selection(x11 *x, xcb_timestamp_t t)
{
    xcb_set_selection_owner(x->conn, x->check, A(WM_S0), t);
    xcb_get_selection_owner_reply_t *r =
        xcb_get_selection_owner_reply(x->conn, xcb_get_selection_owner(x->conn, A(WM_S0)), NULL);
    bool ours = r && r->owner == x->check;
    free(r);
    if (!ours)
        log_info("could not take WM_S0: another window manager holds it");
    return ours;
}

bool selection_acquire(x11 *x, bool replace)
{
    xcb_get_selection_owner_reply_t *r =
        xcb_get_selection_owner_reply(x->conn, xcb_get_selection_owner(x->conn, A(WM_S0)), NULL);
    xcb_window_t old = r ? r->owner : XCB_NONE;
    free(r);
    if (old != XCB_NONE && !replace) {
        log_info("another window manager is running (it owns WM_S0); use --replace to take over");
        return false;
    }
    if (old != XCB_NONE) {
        uint32_t mask = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
        xcb_change_window_attributes(x->conn, old, XCB_CW_EVENT_MASK, &mask);
    }

    x->check = xcb_generate_id(x->conn);
    uint32_t values[] = {1, XCB_EVENT_MASK_PROPERTY_CHANGE};
    xcb_create_window(x->conn, XCB_COPY_FROM_PARENT, x->check, x->root, -100, -100, 1, 1, 0,
                      XCB_WINDOW_CLASS_INPUT_ONLY, XCB_COPY_FROM_PARENT,
                      XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, values);
    /* Mapped (off screen) so that it can hold the focus when no window
     * should have it. */
    xcb_map_window(x->conn, x->check);
    x->wm_s0_time = x11_get_timestamp(x);
    /* The running manager leaves when it loses WM_S0 (ICCCM 2.8): only
     * then can purr redirect the root. Without one, WM_S0 is taken last
     * (selection_announce), once the root says what an EWMH manager says. */
    if (old != XCB_NONE) {
        if (!take_selection(x, x->wm_s0_time))
            return false;
        x->wm_s0_owned = true;
        if (!wait_for_destroy(x, old)) {
            log_info("the running window manager did not let go within %d s; giving up",
                     REPLACE_TIMEOUT_MS / 1000);
            return false;
        }
    }

    /* A manager that ignores WM_S0 may still hold the redirect; one that
     * just gave up WM_S0 may take a moment to release it. */
    bool redirected = redirect_root(x);
    for (int i = 0; !redirected && old != XCB_NONE && i < 50; i++) {
        g_usleep(100 * 1000);
        redirected = redirect_root(x);
    }
    if (!redirected) {
        log_info("another window manager is running (it holds SubstructureRedirect on the root)");
        return false;
    }
    return true;
}

bool selection_announce(x11 *x)
{
    if (!x->wm_s0_owned && !take_selection(x, x->wm_s0_time))
        return false;
    x->wm_s0_owned = true;
    /* ICCCM 2.8: tell everyone there is a new manager. */
    x11_send_message(x, x->root, XCB_EVENT_MASK_STRUCTURE_NOTIFY, x->root, A(MANAGER),
                     x->wm_s0_time, A(WM_S0), x->check, 0, 0);
    xcb_flush(x->conn);
    return true;
}
