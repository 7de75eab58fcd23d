/*
 * A client that speaks the frame-sync protocols the way GTK does, for the
 * compositor's tests (python-xlib has no XSync).
 *
 *   framesync-client frames N [iconic]
 *     draws N frames on its extended _NET_WM_SYNC_REQUEST_COUNTER (odd
 *     while drawing, even when done) and waits after each for
 *     _NET_WM_FRAME_DRAWN with that value (2 s at most); prints
 *     "frames N drawn D timings T refresh R" and exits 0 when every frame
 *     was answered, 1 otherwise.
 *   framesync-client first MS
 *     maps itself in the middle of its first frame (counter odd, as GTK
 *     does), draws it red MS milliseconds later, then waits for SIGTERM.
 *   framesync-client resize [silent]
 *     answers each _NET_WM_SYNC_REQUEST by setting its basic counter once
 *     it has redrawn at the new size (silent: never answers); on SIGTERM
 *     prints "requests N configures C" and exits 0.
 *   framesync-client slow MS
 *     red once exposed, on a black background (what X shows where it
 *     grows); after each new size, a frame on the extended counter that
 *     takes MS milliseconds and paints it all green.
 */
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xcb/sync.h>
#include <xcb/xcb.h>

static xcb_connection_t *conn;
static volatile sig_atomic_t stop;

static xcb_atom_t atom(const char *name)
{
    xcb_intern_atom_reply_t *r =
        xcb_intern_atom_reply(conn, xcb_intern_atom(conn, 0, (uint16_t)strlen(name), name), NULL);
    xcb_atom_t a = r ? r->atom : XCB_NONE;
    free(r);
    return a;
}

static void set_counter(xcb_sync_counter_t c, uint64_t v)
{
    xcb_sync_int64_t value = {(int32_t)(v >> 32), (uint32_t)v};
    xcb_sync_set_counter(conn, c, value);
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The next event, waiting at most ms (-1: forever); NULL on timeout. */
static xcb_generic_event_t *next_event(int ms)
{
    int64_t end = now_ms() + ms;
    for (;;) {
        xcb_generic_event_t *ev = xcb_poll_for_event(conn);
        if (ev || xcb_connection_has_error(conn) || stop)
            return ev;
        int left = ms < 0 ? 200 : (int)(end - now_ms());
        if (ms >= 0 && left <= 0)
            return NULL;
        struct pollfd p = {xcb_get_file_descriptor(conn), POLLIN, 0};
        poll(&p, 1, left > 200 ? 200 : left);
    }
}

static void on_term(int sig)
{
    stop = 1;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    bool frames_mode = strcmp(argv[1], "frames") == 0;
    int first_ms = strcmp(argv[1], "first") == 0 && argc > 2 ? atoi(argv[2]) : -1;
    int slow_ms = strcmp(argv[1], "slow") == 0 && argc > 2 ? atoi(argv[2]) : -1;
    int want = frames_mode && argc > 2 ? atoi(argv[2]) : 0;
    bool iconic = argc > 3 && strcmp(argv[3], "iconic") == 0;
    bool silent = !frames_mode && argc > 2 && strcmp(argv[2], "silent") == 0;
    signal(SIGTERM, on_term);

    conn = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(conn))
        return 2;
    free(xcb_sync_initialize_reply(conn, xcb_sync_initialize(conn, 3, 1), NULL));
    xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(conn)).data;
    xcb_window_t win = xcb_generate_id(conn);
    uint32_t values[] = {slow_ms >= 0 ? screen->black_pixel : screen->white_pixel,
                         XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_EXPOSURE};
    xcb_create_window(conn, XCB_COPY_FROM_PARENT, win, screen->root, 100, 100, 300, 200, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, XCB_COPY_FROM_PARENT,
                      XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
    xcb_atom_t protocols[] = {atom("WM_DELETE_WINDOW"), atom("_NET_WM_SYNC_REQUEST")};
    xcb_atom_t wm_protocols = atom("WM_PROTOCOLS");
    xcb_change_property(conn, XCB_PROP_MODE_REPLACE, win, wm_protocols, XCB_ATOM_ATOM, 32, 2,
                        protocols);
    const char *title = frames_mode     ? "framesync frames"
                        : slow_ms >= 0  ? "framesync slow"
                        : first_ms >= 0 ? "framesync first"
                                        : "framesync resize";
    xcb_change_property(conn, XCB_PROP_MODE_REPLACE, win, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 8,
                        (uint32_t)strlen(title), title);
    if (iconic) {
        uint32_t hints[9] = {2 /* StateHint */, 0, 3 /* IconicState */};
        xcb_change_property(conn, XCB_PROP_MODE_REPLACE, win, XCB_ATOM_WM_HINTS, XCB_ATOM_WM_HINTS,
                            32, 9, hints);
    }
    xcb_sync_counter_t counters[2] = {xcb_generate_id(conn), xcb_generate_id(conn)};
    xcb_sync_int64_t zero = {0, 0};
    xcb_sync_create_counter(conn, counters[0], zero);
    xcb_sync_create_counter(conn, counters[1], zero);
    xcb_change_property(conn, XCB_PROP_MODE_REPLACE, win, atom("_NET_WM_SYNC_REQUEST_COUNTER"),
                        XCB_ATOM_CARDINAL, 32, 2, counters);
    xcb_gcontext_t gc = xcb_generate_id(conn);
    xcb_create_gc(conn, gc, win, 0, NULL);
    xcb_atom_t drawn_atom = atom("_NET_WM_FRAME_DRAWN");
    xcb_atom_t timings_atom = atom("_NET_WM_FRAME_TIMINGS");
    xcb_atom_t sync_atom = protocols[1];
    if (first_ms >= 0)
        set_counter(counters[1], 1); /* the first frame is being drawn */
    xcb_map_window(conn, win);
    xcb_flush(conn);
    if (first_ms >= 0) {
        struct timespec ts = {first_ms / 1000, (first_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        uint32_t red = 0xff0000;
        xcb_change_gc(conn, gc, XCB_GC_FOREGROUND, &red);
        xcb_rectangle_t all = {0, 0, 300, 200};
        xcb_poly_fill_rectangle(conn, win, gc, 1, &all);
        set_counter(counters[1], 2);
        xcb_flush(conn);
        while (!stop && !xcb_connection_has_error(conn))
            free(next_event(-1));
        xcb_disconnect(conn);
        return 0;
    }
    if (slow_ms >= 0) {
        uint64_t v = 0;
        uint16_t w = 300, h = 200;
        while (!stop && !xcb_connection_has_error(conn)) {
            xcb_generic_event_t *ev = next_event(-1);
            xcb_configure_notify_event_t *c = (void *)ev;
            uint8_t type = ev ? ev->response_type & 0x7f : 0;
            if (type == XCB_EXPOSE && v == 0) {
                uint32_t red = 0xff0000;
                xcb_change_gc(conn, gc, XCB_GC_FOREGROUND, &red);
                xcb_rectangle_t whole = {0, 0, w, h};
                set_counter(counters[1], ++v);
                xcb_poly_fill_rectangle(conn, win, gc, 1, &whole);
                set_counter(counters[1], ++v);
                xcb_flush(conn);
            } else if (type == XCB_CONFIGURE_NOTIFY && c->window == win &&
                       (c->width != w || c->height != h)) {
                w = c->width;
                h = c->height;
                set_counter(counters[1], ++v);
                xcb_flush(conn);
                struct timespec slow = {slow_ms / 1000, (slow_ms % 1000) * 1000000L};
                nanosleep(&slow, NULL);
                uint32_t green = 0x00ff00;
                xcb_change_gc(conn, gc, XCB_GC_FOREGROUND, &green);
                xcb_rectangle_t whole = {0, 0, w, h};
                xcb_poly_fill_rectangle(conn, win, gc, 1, &whole);
                set_counter(counters[1], ++v);
                xcb_flush(conn);
            }
            free(ev);
        }
        xcb_disconnect(conn);
        return 0;
    }

    int drawn = 0, timings = 0, requests = 0, configures = 0;
    uint32_t refresh = 0;
    uint64_t value = 0, sync_value = 0;
    bool answer_pending = false;
    uint16_t width = 300, height = 200;
    int frame = 0;
    bool waiting = false;
    while (!stop && !xcb_connection_has_error(conn)) {
        if (frames_mode && !waiting) {
            if (frame == want)
                break;
            /* One frame: odd while drawing, even when done. */
            set_counter(counters[1], ++value);
            uint32_t colour = frame % 2 ? 0xff0000 : 0x0000ff;
            xcb_change_gc(conn, gc, XCB_GC_FOREGROUND, &colour);
            xcb_rectangle_t all = {0, 0, width, height};
            xcb_poly_fill_rectangle(conn, win, gc, 1, &all);
            set_counter(counters[1], ++value);
            xcb_flush(conn);
            waiting = true;
            frame++;
        }
        xcb_generic_event_t *ev = next_event(frames_mode ? 2000 : -1);
        if (!ev) {
            if (frames_mode) {
                fprintf(stderr, "no _NET_WM_FRAME_DRAWN for frame %d (value %llu) in 2 s\n", frame,
                        (unsigned long long)value);
                break;
            }
            continue;
        }
        uint8_t type = ev->response_type & 0x7f;
        if (type == XCB_CLIENT_MESSAGE) {
            xcb_client_message_event_t *m = (void *)ev;
            uint64_t v = m->data.data32[0] | ((uint64_t)m->data.data32[1] << 32);
            if (m->type == drawn_atom && v == value && waiting) {
                drawn++;
                waiting = false;
            } else if (m->type == timings_atom) {
                timings++;
                refresh = m->data.data32[3];
            } else if (m->type == wm_protocols && m->data.data32[0] == sync_atom) {
                requests++;
                sync_value = m->data.data32[2] | ((uint64_t)m->data.data32[3] << 32);
                answer_pending = !silent;
            }
        } else if (type == XCB_CONFIGURE_NOTIFY) {
            xcb_configure_notify_event_t *c = (void *)ev;
            if (c->window == win && (c->width != width || c->height != height)) {
                width = c->width;
                height = c->height;
                configures++;
                uint32_t colour = 0x00ff00;
                xcb_change_gc(conn, gc, XCB_GC_FOREGROUND, &colour);
                xcb_rectangle_t all = {0, 0, width, height};
                xcb_poly_fill_rectangle(conn, win, gc, 1, &all);
                if (answer_pending) {
                    set_counter(counters[0], sync_value);
                    answer_pending = false;
                }
                xcb_flush(conn);
            }
        }
        free(ev);
    }
    if (frames_mode)
        printf("frames %d drawn %d timings %d refresh %u\n", want, drawn, timings, refresh);
    else
        printf("requests %d configures %d\n", requests, configures);
    fflush(stdout);
    xcb_disconnect(conn);
    return frames_mode && drawn != want ? 1 : 0;
}
