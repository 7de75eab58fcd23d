/*
 * Closing windows, and _NET_WM_PING. A close asks politely (WM_DELETE_WINDOW)
 * and pings; a client that has not answered within five seconds is marked
 * not responding, and closing it again ends it. Before a process is killed
 * purr asks the server (X-Resource) which process owns the window, and acts
 * only if that agrees with _NET_WM_PID and the client runs on this machine.
 */
#include "x11/x11.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <xcb/res.h>

#include "util/log.h"

#define PING_TIMEOUT_S 5

typedef struct ping_timeout {
    x11 *x;
    xcb_window_t win;
} ping_timeout;

static gboolean on_timeout(gpointer data)
{
    ping_timeout *pt = data;
    xclient *xc = xclient_find(pt->x, pt->win);
    wm_client *c = wm_find(pt->x->model, pt->win);
    if (xc && c) {
        xc->ping_timer = 0;
        c->not_responding = true;
        client_mark(c, WM_DIRTY_TITLE);
        log_info("window 0x%x (%s) is not responding", c->id, c->title);
    }
    return G_SOURCE_REMOVE;
}

void ping_send(x11 *x, xclient *xc)
{
    if (xc->ping_timer)
        return; /* one outstanding ping is enough */
    xc->ping_time = x->last_time ? x->last_time : 1;
    x11_send_message(x, xc->id, XCB_EVENT_MASK_NO_EVENT, xc->id, A(WM_PROTOCOLS), A(_NET_WM_PING),
                     xc->ping_time, xc->id, 0, 0);
    ping_timeout *pt = g_new(ping_timeout, 1);
    pt->x = x;
    pt->win = xc->id;
    /* Millisecond timer: the whole-second kind may fire a second late. */
    xc->ping_timer =
        g_timeout_add_full(G_PRIORITY_DEFAULT, PING_TIMEOUT_S * 1000, on_timeout, pt, g_free);
}

void ping_reply(x11 *x, xcb_window_t win, uint32_t time)
{
    xclient *xc = xclient_find(x, win);
    wm_client *c = wm_find(x->model, win);
    if (!xc || !c || time != xc->ping_time)
        return;
    ping_forget(xc);
    if (c->not_responding) {
        c->not_responding = false;
        client_mark(c, WM_DIRTY_TITLE);
    }
}

void ping_forget(xclient *xc)
{
    if (xc->ping_timer)
        g_source_remove(xc->ping_timer);
    xc->ping_timer = 0;
}

/* The PID the server knows for the connection that created win, or 0. */
static uint32_t server_pid(x11 *x, xcb_window_t win)
{
    xcb_res_client_id_spec_t spec = {win, XCB_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID};
    xcb_res_query_client_ids_reply_t *r =
        xcb_res_query_client_ids_reply(x->conn, xcb_res_query_client_ids(x->conn, 1, &spec), NULL);
    uint32_t pid = 0;
    if (r) {
        xcb_res_client_id_value_iterator_t it = xcb_res_query_client_ids_ids_iterator(r);
        for (; it.rem; xcb_res_client_id_value_next(&it)) {
            if ((it.data->spec.mask & XCB_RES_CLIENT_ID_MASK_LOCAL_CLIENT_PID) &&
                xcb_res_client_id_value_value_length(it.data) >= 1)
                pid = *xcb_res_client_id_value_value(it.data);
        }
        free(r);
    }
    return pid;
}

static void force_quit(x11 *x, xclient *xc, wm_client *c)
{
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    uint32_t pid = server_pid(x, xc->id);
    bool local = xc->machine && g_strcmp0(xc->machine, host) == 0;
    if (pid > 1 && pid == xc->pid && local && (pid_t)pid != getpid()) {
        log_info("killing process %u, owner of unresponsive window 0x%x (%s)", pid, c->id,
                 c->title);
        kill((pid_t)pid, SIGKILL);
    } else {
        log_info("closing the connection of unresponsive window 0x%x (%s)", c->id, c->title);
    }
    x11_expect(x, xcb_kill_client(x->conn, xc->id).sequence);
}

void ping_close(x11 *x, xclient *xc, xcb_timestamp_t time)
{
    wm_client *c = wm_find(x->model, xc->id);
    if (!c)
        return;
    if (c->not_responding) {
        force_quit(x, xc, c);
        return;
    }
    if (!c->delete_window) {
        /* ICCCM: a client that does not take part in WM_DELETE_WINDOW is
         * closed by ending its connection. */
        x11_expect(x, xcb_kill_client(x->conn, xc->id).sequence);
        return;
    }
    x11_send_message(x, xc->id, XCB_EVENT_MASK_NO_EVENT, xc->id, A(WM_PROTOCOLS),
                     A(WM_DELETE_WINDOW), time, 0, 0, 0);
    if (c->ping)
        ping_send(x, xc);
}
