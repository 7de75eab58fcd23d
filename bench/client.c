/*
 * purr-bench-client: the workload half of the side-by-side benchmark.
 *
 * This program owns one X connection to whatever window manager runs on
 * $DISPLAY, the top-level windows it creates there, and the clock that times
 * what the manager does with them. It knows nothing about which manager that
 * is; bench/run starts the managers, measures their processes and prints the
 * table. Results go to stdout, one "key value" per line; diagnostics go to
 * stderr.
 *
 * Modes:
 *   wait-wm        wait until a manager owns WM_S0 and has set
 *                  _NET_SUPPORTING_WM_CHECK, print its name, exit
 *   run            the workload: map storm, activations, resizes, maximize
 *                  toggles, destroy (see the phase functions below)
 *   idle           map some windows, print "ready 1", then stay connected
 *                  and idle until killed
 * and the hostile clients of bench/abuse-run:
 *   storm          map N windows, wait until listed, destroy them, wait
 *                  until gone (phases storm_begin, storm_end, destroy_end)
 *   churn          one window mapped and withdrawn --rate times a second
 *                  for --seconds, never waiting for the manager; then
 *                  destroyed, done when the manager lists it no more
 *   deaf           map N windows that take WM_TAKE_FOCUS and _NET_WM_PING,
 *                  print "ready 1", then for --seconds ask the manager to
 *                  activate and retitle them (and once to close each)
 *                  without ever reading an event again; stays until killed
 *
 * Options:
 *   --windows N    windows to create (run: 100, idle: 20)
 *   --timeout S    deadline in seconds for each step (default 10); a step
 *                  that misses it makes its figure "timeout"
 *   --sync         after each "phase NAME" line, wait for a line on stdin,
 *                  so that the driver can sample the manager between phases
 *   --rate HZ      churn: cycles a second (1000); deaf: requests (500)
 *   --seconds S    churn and deaf: how long (5)
 *
 * Every wait is event-driven (StructureNotify on our windows, PropertyNotify
 * on the root and on our windows) and has a deadline; properties are re-read
 * only after an event says they changed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xcb/xcb.h>
#include <xcb/xcb_icccm.h>

#define ACTIVATIONS      200
#define RESIZES          200
#define MAXIMIZE_TOGGLES 50

#define NET_WM_STATE_TOGGLE 2
#define SOURCE_PAGER        2

/* Every atom the client uses, interned in one round of requests. */
#define ATOM_LIST(X)                                                                               \
    X(WM_S0)                                                                                       \
    X(WM_PROTOCOLS)                                                                                \
    X(WM_DELETE_WINDOW)                                                                            \
    X(UTF8_STRING)                                                                                 \
    X(_NET_SUPPORTED)                                                                              \
    X(_NET_SUPPORTING_WM_CHECK)                                                                    \
    X(_NET_WM_NAME)                                                                                \
    X(_NET_WM_PID)                                                                                 \
    X(_NET_CLIENT_LIST)                                                                            \
    X(_NET_ACTIVE_WINDOW)                                                                          \
    X(_NET_WM_STATE)                                                                               \
    X(_NET_WM_STATE_MAXIMIZED_VERT)                                                                \
    X(_NET_WM_STATE_MAXIMIZED_HORZ)                                                                \
    X(_NET_CLOSE_WINDOW)                                                                           \
    X(_NET_WM_PING)                                                                                \
    X(WM_TAKE_FOCUS)                                                                               \
    X(_PURR_BENCH_TIMESTAMP)

enum atom_id {
#define ATOM_ENUM(name) ATOM_##name,
    ATOM_LIST(ATOM_ENUM)
#undef ATOM_ENUM
        ATOM_COUNT
};

static const char *const atom_names[ATOM_COUNT] = {
#define ATOM_NAME(name) #name,
    ATOM_LIST(ATOM_NAME)
#undef ATOM_NAME
};

struct bench {
    xcb_connection_t *conn;
    xcb_screen_t *screen;
    xcb_window_t root;
    xcb_atom_t atom[ATOM_COUNT];
    int64_t step_ns; /* deadline of one step */
    bool sync;

    /* A never-mapped window of ours: property changes on it give timestamps. */
    xcb_window_t stamp_win;
    bool stamp_seen;
    xcb_timestamp_t stamp;

    /* Our top-level windows and what we know about them. */
    int count;
    xcb_window_t *win;
    bool *mapped;
    bool *listed;
    int n_mapped;
    int n_listed;

    /* Root properties, re-read when a PropertyNotify marks them dirty. */
    bool client_list_dirty;
    bool active_dirty;
    xcb_window_t active;

    /* The window whose _NET_WM_STATE and size a phase is watching. */
    xcb_window_t watch_win;
    bool state_dirty;
    bool maximized; /* both MAXIMIZED_VERT and _HORZ set */
    bool any_maximized;
    uint16_t want_width, want_height;
    bool configure_seen;
};

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void print_ms(const char *key, int64_t ns)
{
    printf("%s %.3f\n", key, (double)ns / 1e6);
}

/* Announce a phase boundary; with --sync, wait for the driver's go-ahead. */
static void phase(struct bench *b, const char *name)
{
    printf("phase %s\n", name);
    fflush(stdout);
    if (b->sync) {
        char line[64];
        if (!fgets(line, sizeof line, stdin))
            b->sync = false; /* driver went away: carry on unsynchronised */
    }
}

static int window_index(const struct bench *b, xcb_window_t w)
{
    for (int i = 0; i < b->count; i++)
        if (b->win[i] == w)
            return i;
    return -1;
}

/* ---- reading properties ------------------------------------------------- */

/* Fetch a 32-bit-format property as a malloc'd array; NULL and *n = 0 if absent. */
static uint32_t *get_u32_list(struct bench *b, xcb_window_t w, xcb_atom_t prop, xcb_atom_t type,
                              int *n)
{
    *n = 0;
    xcb_get_property_cookie_t ck = xcb_get_property(b->conn, 0, w, prop, type, 0, 1 << 16);
    xcb_get_property_reply_t *r = xcb_get_property_reply(b->conn, ck, NULL);
    if (!r)
        return NULL;
    if (r->format != 32 || r->type != type) {
        free(r);
        return NULL;
    }
    int len = xcb_get_property_value_length(r) / 4;
    uint32_t *out = malloc(sizeof *out * (len > 0 ? len : 1));
    if (!out) {
        free(r);
        return NULL;
    }
    memcpy(out, xcb_get_property_value(r), sizeof *out * len);
    free(r);
    *n = len;
    return out;
}

static xcb_window_t get_window_prop(struct bench *b, xcb_window_t w, xcb_atom_t prop)
{
    int n;
    uint32_t *v = get_u32_list(b, w, prop, XCB_ATOM_WINDOW, &n);
    xcb_window_t out = (v && n > 0) ? v[0] : XCB_NONE;
    free(v);
    return out;
}

static void read_client_list(struct bench *b)
{
    int n;
    uint32_t *list = get_u32_list(b, b->root, b->atom[ATOM__NET_CLIENT_LIST], XCB_ATOM_WINDOW, &n);
    memset(b->listed, 0, sizeof *b->listed * b->count);
    b->n_listed = 0;
    for (int i = 0; i < n; i++) {
        int k = window_index(b, list[i]);
        if (k >= 0 && !b->listed[k]) {
            b->listed[k] = true;
            b->n_listed++;
        }
    }
    free(list);
}

static void read_state(struct bench *b)
{
    int n;
    uint32_t *st = get_u32_list(b, b->watch_win, b->atom[ATOM__NET_WM_STATE], XCB_ATOM_ATOM, &n);
    bool vert = false, horz = false;
    for (int i = 0; i < n; i++) {
        vert |= st[i] == b->atom[ATOM__NET_WM_STATE_MAXIMIZED_VERT];
        horz |= st[i] == b->atom[ATOM__NET_WM_STATE_MAXIMIZED_HORZ];
    }
    free(st);
    b->maximized = vert && horz;
    b->any_maximized = vert || horz;
}

/* Re-read whatever an event has marked as changed: one round trip each. */
static void refresh(struct bench *b)
{
    if (b->client_list_dirty) {
        b->client_list_dirty = false;
        read_client_list(b);
    }
    if (b->active_dirty) {
        b->active_dirty = false;
        b->active = get_window_prop(b, b->root, b->atom[ATOM__NET_ACTIVE_WINDOW]);
    }
    if (b->state_dirty && b->watch_win != XCB_NONE) {
        b->state_dirty = false;
        read_state(b);
    }
}

/* ---- events ------------------------------------------------------------- */

/* Next event, or NULL once the deadline passes or the connection breaks. */
static xcb_generic_event_t *next_event(struct bench *b, int64_t deadline)
{
    for (;;) {
        xcb_generic_event_t *ev = xcb_poll_for_event(b->conn);
        if (ev)
            return ev;
        if (xcb_connection_has_error(b->conn))
            return NULL;
        int64_t left = deadline - now_ns();
        if (left <= 0)
            return NULL;
        struct pollfd pfd = {.fd = xcb_get_file_descriptor(b->conn), .events = POLLIN};
        int ms = (int)((left + 999999) / 1000000);
        if (poll(&pfd, 1, ms) < 0 && errno != EINTR)
            return NULL;
    }
}

static void dispatch(struct bench *b, xcb_generic_event_t *ev)
{
    int k;
    switch (ev->response_type & 0x7f) {
    case 0: {
        xcb_generic_error_t *e = (xcb_generic_error_t *)ev;
        fprintf(stderr, "purr-bench-client: X error %u (request %u.%u, resource 0x%x)\n",
                e->error_code, e->major_code, e->minor_code, e->resource_id);
        break;
    }
    case XCB_MAP_NOTIFY: {
        xcb_map_notify_event_t *e = (xcb_map_notify_event_t *)ev;
        k = window_index(b, e->window);
        if (k >= 0 && !b->mapped[k]) {
            b->mapped[k] = true;
            b->n_mapped++;
        }
        break;
    }
    case XCB_UNMAP_NOTIFY: {
        xcb_unmap_notify_event_t *e = (xcb_unmap_notify_event_t *)ev;
        k = window_index(b, e->window);
        if (k >= 0 && b->mapped[k]) {
            b->mapped[k] = false;
            b->n_mapped--;
        }
        break;
    }
    case XCB_CONFIGURE_NOTIFY: {
        xcb_configure_notify_event_t *e = (xcb_configure_notify_event_t *)ev;
        if (e->window == b->watch_win && e->width == b->want_width && e->height == b->want_height)
            b->configure_seen = true;
        break;
    }
    case XCB_PROPERTY_NOTIFY: {
        xcb_property_notify_event_t *e = (xcb_property_notify_event_t *)ev;
        if (e->window == b->root) {
            if (e->atom == b->atom[ATOM__NET_CLIENT_LIST])
                b->client_list_dirty = true;
            else if (e->atom == b->atom[ATOM__NET_ACTIVE_WINDOW])
                b->active_dirty = true;
        } else if (e->window == b->stamp_win) {
            b->stamp_seen = true;
            b->stamp = e->time;
        } else if (e->window == b->watch_win && e->atom == b->atom[ATOM__NET_WM_STATE]) {
            b->state_dirty = true;
        }
        break;
    }
    default:
        break; /* ClientMessage (WM_DELETE_WINDOW), ReparentNotify, ...: not ours to act on */
    }
}

typedef bool (*done_fn)(struct bench *b, const void *arg);

/*
 * Dispatch events until done() holds or the deadline passes. All queued events
 * are handled before dirty properties are re-read, so a burst of notifications
 * costs one read.
 */
static bool wait_until(struct bench *b, done_fn done, const void *arg, int64_t deadline)
{
    for (;;) {
        refresh(b);
        if (done(b, arg))
            return true;
        xcb_flush(b->conn);
        xcb_generic_event_t *ev = next_event(b, deadline);
        if (!ev)
            return false;
        do {
            dispatch(b, ev);
            free(ev);
        } while ((ev = xcb_poll_for_event(b->conn)));
    }
}

static bool stamp_arrived(struct bench *b, const void *arg)
{
    (void)arg;
    return b->stamp_seen;
}

/* A current server timestamp, from a PropertyNotify on our own window. */
static bool get_timestamp(struct bench *b, xcb_timestamp_t *out)
{
    b->stamp_seen = false;
    xcb_change_property(b->conn, XCB_PROP_MODE_APPEND, b->stamp_win,
                        b->atom[ATOM__PURR_BENCH_TIMESTAMP], XCB_ATOM_INTEGER, 32, 0, NULL);
    if (!wait_until(b, stamp_arrived, NULL, now_ns() + b->step_ns))
        return false;
    *out = b->stamp;
    return true;
}

static void send_root_message(struct bench *b, xcb_window_t w, xcb_atom_t type, const uint32_t d[5])
{
    xcb_client_message_event_t ev;
    memset(&ev, 0, sizeof ev);
    ev.response_type = XCB_CLIENT_MESSAGE;
    ev.format = 32;
    ev.window = w;
    ev.type = type;
    memcpy(ev.data.data32, d, sizeof ev.data.data32);
    xcb_send_event(b->conn, 0, b->root,
                   XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY,
                   (const char *)&ev);
}

/* ---- setup -------------------------------------------------------------- */

static bool intern_atoms(struct bench *b)
{
    xcb_intern_atom_cookie_t ck[ATOM_COUNT];
    for (int i = 0; i < ATOM_COUNT; i++)
        ck[i] = xcb_intern_atom(b->conn, 0, strlen(atom_names[i]), atom_names[i]);
    bool ok = true;
    for (int i = 0; i < ATOM_COUNT; i++) {
        xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(b->conn, ck[i], NULL);
        if (!r) {
            ok = false;
            continue;
        }
        b->atom[i] = r->atom;
        free(r);
    }
    return ok;
}

static bool connect_display(struct bench *b)
{
    int screen_no;
    b->conn = xcb_connect(NULL, &screen_no);
    if (!b->conn || xcb_connection_has_error(b->conn)) {
        fprintf(stderr, "purr-bench-client: cannot open display %s\n",
                getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
        return false;
    }
    xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(b->conn));
    for (int i = 0; i < screen_no && it.rem; i++)
        xcb_screen_next(&it);
    if (!it.rem)
        return false;
    b->screen = it.data;
    b->root = b->screen->root;
    if (!intern_atoms(b))
        return false;

    uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE;
    xcb_change_window_attributes(b->conn, b->root, XCB_CW_EVENT_MASK, &mask);

    uint32_t values[] = {1, XCB_EVENT_MASK_PROPERTY_CHANGE};
    b->stamp_win = xcb_generate_id(b->conn);
    xcb_create_window(b->conn, 0, b->stamp_win, b->root, -10, -10, 1, 1, 0,
                      XCB_WINDOW_CLASS_INPUT_ONLY, XCB_COPY_FROM_PARENT,
                      XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, values);
    return true;
}

static bool alloc_windows(struct bench *b, int count)
{
    b->count = count;
    b->win = calloc(count, sizeof *b->win);
    b->mapped = calloc(count, sizeof *b->mapped);
    b->listed = calloc(count, sizeof *b->listed);
    return b->win && b->mapped && b->listed;
}

/* Create one top-level window with the properties a well-behaved client sets. */
static xcb_window_t create_client(struct bench *b, int i, const char *host)
{
    xcb_connection_t *c = b->conn;
    xcb_window_t w = xcb_generate_id(c);
    uint32_t values[] = {b->screen->white_pixel,
                         XCB_EVENT_MASK_STRUCTURE_NOTIFY | XCB_EVENT_MASK_PROPERTY_CHANGE};
    int16_t x = (int16_t)(40 + (i % 10) * 60), y = (int16_t)(40 + (i / 10 % 10) * 40);
    xcb_create_window(c, XCB_COPY_FROM_PARENT, w, b->root, x, y, 400, 300, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, b->screen->root_visual,
                      XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);

    char name[64];
    int len = snprintf(name, sizeof name, "purr bench window %d", i);
    xcb_icccm_set_wm_name(c, w, XCB_ATOM_STRING, 8, len, name);
    xcb_change_property(c, XCB_PROP_MODE_REPLACE, w, b->atom[ATOM__NET_WM_NAME],
                        b->atom[ATOM_UTF8_STRING], 8, len, name);
    static const char wm_class[] = "purr-bench-client\0PurrBench";
    xcb_icccm_set_wm_class(c, w, sizeof wm_class, wm_class);
    xcb_icccm_set_wm_client_machine(c, w, XCB_ATOM_STRING, 8, strlen(host), host);

    xcb_size_hints_t hints;
    memset(&hints, 0, sizeof hints);
    xcb_icccm_size_hints_set_position(&hints, 0, x, y);
    xcb_icccm_size_hints_set_size(&hints, 0, 400, 300);
    xcb_icccm_size_hints_set_min_size(&hints, 100, 80);
    xcb_icccm_set_wm_normal_hints(c, w, &hints);

    xcb_icccm_wm_hints_t wm_hints;
    memset(&wm_hints, 0, sizeof wm_hints);
    xcb_icccm_wm_hints_set_input(&wm_hints, 1);
    xcb_icccm_wm_hints_set_normal(&wm_hints);
    xcb_icccm_set_wm_hints(c, w, &wm_hints);

    xcb_atom_t protocols[] = {b->atom[ATOM_WM_DELETE_WINDOW]};
    xcb_icccm_set_wm_protocols(c, w, b->atom[ATOM_WM_PROTOCOLS], 1, protocols);
    uint32_t pid = (uint32_t)getpid();
    xcb_change_property(c, XCB_PROP_MODE_REPLACE, w, b->atom[ATOM__NET_WM_PID], XCB_ATOM_CARDINAL,
                        32, 1, &pid);
    return w;
}

static void create_clients(struct bench *b)
{
    char host[256] = "localhost";
    if (gethostname(host, sizeof host - 1) != 0)
        strcpy(host, "localhost");
    host[sizeof host - 1] = '\0';
    for (int i = 0; i < b->count; i++)
        b->win[i] = create_client(b, i, host);
    /* A round trip, so that creation is finished before anything is timed. */
    free(xcb_get_input_focus_reply(b->conn, xcb_get_input_focus(b->conn), NULL));
}

/* ---- the phases --------------------------------------------------------- */

static bool all_managed(struct bench *b, const void *arg)
{
    (void)arg;
    return b->n_mapped == b->count && b->n_listed == b->count;
}

static bool none_listed(struct bench *b, const void *arg)
{
    (void)arg;
    return b->n_listed == 0;
}

/* Map every window at once; done when each is mapped and in _NET_CLIENT_LIST. */
static bool map_storm(struct bench *b, int64_t *elapsed)
{
    int64_t t0 = now_ns();
    for (int i = 0; i < b->count; i++)
        xcb_map_window(b->conn, b->win[i]);
    xcb_flush(b->conn);
    /* The whole storm gets one step's deadline per ten windows, at least one. */
    int64_t budget = b->step_ns * (b->count / 10 > 1 ? b->count / 10 : 1);
    b->client_list_dirty = true;
    bool ok = wait_until(b, all_managed, NULL, t0 + budget);
    *elapsed = now_ns() - t0;
    if (!ok)
        fprintf(stderr, "purr-bench-client: map storm: %d mapped, %d listed of %d\n", b->n_mapped,
                b->n_listed, b->count);
    return ok;
}

static bool active_is(struct bench *b, const void *arg)
{
    return b->active == *(const xcb_window_t *)arg;
}

/* Ask for each managed window in turn to be activated, as a pager would. */
static bool activations(struct bench *b, int rounds, int64_t *elapsed)
{
    *elapsed = 0;
    b->active_dirty = true;
    refresh(b);
    int i = 0;
    for (int done = 0; done < rounds; i++) {
        if (i >= b->count * (rounds + 1))
            return false; /* no managed window other than the active one */
        int k = i % b->count;
        xcb_window_t w = b->win[k];
        if (!b->listed[k] || w == b->active)
            continue;
        xcb_timestamp_t ts;
        if (!get_timestamp(b, &ts))
            return false;
        int64_t t0 = now_ns();
        uint32_t d[5] = {SOURCE_PAGER, ts, XCB_NONE, 0, 0};
        send_root_message(b, w, b->atom[ATOM__NET_ACTIVE_WINDOW], d);
        bool ok = wait_until(b, active_is, &w, t0 + b->step_ns);
        *elapsed += now_ns() - t0;
        if (!ok) {
            fprintf(stderr, "purr-bench-client: activation %d of 0x%x timed out (active 0x%x)\n",
                    done, w, b->active);
            return false;
        }
        done++;
    }
    return true;
}

static bool configure_arrived(struct bench *b, const void *arg)
{
    (void)arg;
    return b->configure_seen;
}

/* Resize one managed window as its application would, many times over. */
static bool resizes(struct bench *b, xcb_window_t w, int rounds, int64_t *elapsed)
{
    *elapsed = 0;
    b->watch_win = w;
    for (int i = 0; i < rounds; i++) {
        b->want_width = (uint16_t)(300 + (i % 20) * 10);
        b->want_height = (uint16_t)(200 + (i % 20) * 8);
        b->configure_seen = false;
        int64_t t0 = now_ns();
        uint32_t size[] = {b->want_width, b->want_height};
        xcb_configure_window(b->conn, w, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, size);
        bool ok = wait_until(b, configure_arrived, NULL, t0 + b->step_ns);
        *elapsed += now_ns() - t0;
        if (!ok) {
            fprintf(stderr, "purr-bench-client: resize %d to %ux%u timed out\n", i, b->want_width,
                    b->want_height);
            return false;
        }
    }
    return true;
}

static bool supports(struct bench *b, xcb_atom_t atom)
{
    int n;
    uint32_t *list = get_u32_list(b, b->root, b->atom[ATOM__NET_SUPPORTED], XCB_ATOM_ATOM, &n);
    bool found = false;
    for (int i = 0; i < n; i++)
        found |= list[i] == atom;
    free(list);
    return found;
}

static bool state_is(struct bench *b, const void *arg)
{
    bool want = *(const bool *)arg;
    return want ? b->maximized : !b->any_maximized;
}

/* Toggle maximization both ways through _NET_WM_STATE, as a pager would. */
static bool maximize_toggles(struct bench *b, xcb_window_t w, int rounds, int64_t *elapsed)
{
    *elapsed = 0;
    b->watch_win = w;
    b->state_dirty = true;
    refresh(b);
    for (int i = 0; i < rounds; i++) {
        bool want = !b->maximized;
        int64_t t0 = now_ns();
        uint32_t d[5] = {NET_WM_STATE_TOGGLE, b->atom[ATOM__NET_WM_STATE_MAXIMIZED_VERT],
                         b->atom[ATOM__NET_WM_STATE_MAXIMIZED_HORZ], SOURCE_PAGER, 0};
        send_root_message(b, w, b->atom[ATOM__NET_WM_STATE], d);
        bool ok = wait_until(b, state_is, &want, t0 + b->step_ns);
        *elapsed += now_ns() - t0;
        if (!ok) {
            fprintf(stderr, "purr-bench-client: maximize toggle %d timed out\n", i);
            return false;
        }
    }
    return true;
}

/* Destroy every window; done when none of them is left in _NET_CLIENT_LIST. */
static bool destroy_all(struct bench *b, int64_t *elapsed)
{
    int64_t t0 = now_ns();
    for (int i = 0; i < b->count; i++)
        xcb_destroy_window(b->conn, b->win[i]);
    xcb_flush(b->conn);
    int64_t budget = b->step_ns * (b->count / 10 > 1 ? b->count / 10 : 1);
    b->client_list_dirty = true;
    bool ok = wait_until(b, none_listed, NULL, t0 + budget);
    *elapsed = now_ns() - t0;
    return ok;
}

/* ---- modes -------------------------------------------------------------- */

static char *get_wm_name(struct bench *b, xcb_window_t check)
{
    xcb_get_property_cookie_t ck = xcb_get_property(b->conn, 0, check, b->atom[ATOM__NET_WM_NAME],
                                                    XCB_GET_PROPERTY_TYPE_ANY, 0, 256);
    xcb_get_property_reply_t *r = xcb_get_property_reply(b->conn, ck, NULL);
    if (!r)
        return NULL;
    int len = xcb_get_property_value_length(r);
    char *name = NULL;
    if (r->format == 8 && len > 0 && (name = malloc(len + 1))) {
        memcpy(name, xcb_get_property_value(r), len);
        name[len] = '\0';
        for (char *p = name; *p; p++)
            if (*p == ' ' || *p == '\n')
                *p = '_';
    }
    free(r);
    return name;
}

/*
 * Some managers announce themselves (WM_S0, _NET_SUPPORTING_WM_CHECK) before
 * they handle MapRequests, and drop the ones that come too early. So map one
 * probe window, re-mapping it every half second, until the manager lists it;
 * then destroy it and wait until it is gone from _NET_CLIENT_LIST.
 */
static bool probe_manager(struct bench *b, int64_t deadline)
{
    if (!alloc_windows(b, 1))
        return false;
    create_clients(b);
    bool ok = false;
    while (!ok && now_ns() < deadline) {
        xcb_map_window(b->conn, b->win[0]);
        b->client_list_dirty = true;
        int64_t retry = now_ns() + 500000000;
        ok = wait_until(b, all_managed, NULL, retry < deadline ? retry : deadline);
        if (!ok) {
            xcb_unmap_window(b->conn, b->win[0]);
            xcb_flush(b->conn);
        }
    }
    xcb_destroy_window(b->conn, b->win[0]);
    b->client_list_dirty = true;
    return wait_until(b, none_listed, NULL, deadline) && ok;
}

/*
 * Poll (every 20 ms) until a manager owns WM_S0 and its check window is valid,
 * then make sure it manages windows.
 */
static int mode_wait_wm(struct bench *b, double seconds)
{
    int64_t deadline = now_ns() + (int64_t)(seconds * 1e9);
    for (;;) {
        xcb_get_selection_owner_reply_t *own = xcb_get_selection_owner_reply(
            b->conn, xcb_get_selection_owner(b->conn, b->atom[ATOM_WM_S0]), NULL);
        xcb_window_t owner = own ? own->owner : XCB_NONE;
        free(own);
        xcb_window_t check = get_window_prop(b, b->root, b->atom[ATOM__NET_SUPPORTING_WM_CHECK]);
        /* The check window must point at itself, or it is a stale leftover. */
        if (owner != XCB_NONE && check != XCB_NONE &&
            get_window_prop(b, check, b->atom[ATOM__NET_SUPPORTING_WM_CHECK]) == check) {
            char *name = get_wm_name(b, check);
            printf("wm_name %s\n", name ? name : "unknown");
            free(name);
            bool ok = probe_manager(b, deadline);
            printf("wm_ready %s\n", ok ? "1" : "timeout");
            return ok ? 0 : 1;
        }
        if (xcb_connection_has_error(b->conn) || now_ns() > deadline) {
            printf("wm_name timeout\n");
            return 1;
        }
        struct timespec ts = {0, 20 * 1000000};
        nanosleep(&ts, NULL);
    }
}

static void print_figure(const char *key, bool ok, int64_t ns)
{
    if (ok)
        print_ms(key, ns);
    else
        printf("%s timeout\n", key);
}

/* The storm that starts run and storm: count windows created and mapped,
 * between the phases storm_begin and storm_end. False when they could not
 * be allocated. */
static bool storm_phase(struct bench *b, int count)
{
    if (!alloc_windows(b, count))
        return false;
    printf("windows %d\n", count);
    phase(b, "storm_begin");
    create_clients(b);
    int64_t ns;
    bool ok = map_storm(b, &ns);
    print_figure("map_storm_ms", ok, ns);
    phase(b, "storm_end");
    return true;
}

static int mode_run(struct bench *b, int count)
{
    if (!storm_phase(b, count))
        return 1;
    int64_t ns;
    bool ok = activations(b, ACTIVATIONS, &ns);
    printf("activate_count %d\n", ACTIVATIONS);
    print_figure("activate_ms", ok, ns);
    phase(b, "activate_end");

    /* Resize and maximize the first window the manager lists. */
    xcb_window_t target = XCB_NONE;
    for (int i = 0; i < b->count && target == XCB_NONE; i++)
        if (b->listed[i])
            target = b->win[i];

    ok = target != XCB_NONE && resizes(b, target, RESIZES, &ns);
    printf("resize_count %d\n", RESIZES);
    print_figure("resize_ms", ok, ns);
    phase(b, "resize_end");

    printf("maximize_count %d\n", MAXIMIZE_TOGGLES);
    if (!supports(b, b->atom[ATOM__NET_WM_STATE_MAXIMIZED_VERT]) ||
        !supports(b, b->atom[ATOM__NET_WM_STATE_MAXIMIZED_HORZ])) {
        printf("maximize_ms n/a\n");
    } else {
        ok = target != XCB_NONE && maximize_toggles(b, target, MAXIMIZE_TOGGLES, &ns);
        print_figure("maximize_ms", ok, ns);
    }
    phase(b, "maximize_end");

    b->watch_win = XCB_NONE;
    ok = destroy_all(b, &ns);
    print_figure("destroy_ms", ok, ns);
    phase(b, "destroy_end");
    fflush(stdout);
    return 0;
}

static int mode_idle(struct bench *b, int count)
{
    if (!alloc_windows(b, count))
        return 1;
    create_clients(b);
    int64_t ns;
    bool ok = map_storm(b, &ns);
    print_figure("idle_map_ms", ok, ns);
    printf("ready 1\n");
    fflush(stdout);
    /* Stay connected, consuming whatever arrives, until killed. */
    xcb_generic_event_t *ev;
    while ((ev = xcb_wait_for_event(b->conn)))
        free(ev);
    return 0;
}

/* ---- hostile clients ---------------------------------------------------- */

static int mode_storm(struct bench *b, int count)
{
    if (!storm_phase(b, count))
        return 1;
    int64_t ns;
    bool ok = destroy_all(b, &ns);
    print_figure("destroy_ms", ok, ns);
    phase(b, "destroy_end");
    return ok ? 0 : 1;
}

static void sleep_until(int64_t t)
{
    int64_t left = t - now_ns();
    if (left > 0) {
        struct timespec ts = {left / 1000000000, left % 1000000000};
        nanosleep(&ts, NULL);
    }
}

/* Map, then withdraw as ICCCM says (unmap, and a synthetic UnmapNotify to
 * the root), rate times a second; whatever arrives meanwhile is dropped. */
static int mode_churn(struct bench *b, double rate, double seconds)
{
    if (!alloc_windows(b, 1))
        return 1;
    create_clients(b);
    xcb_window_t w = b->win[0];
    xcb_unmap_notify_event_t un;
    memset(&un, 0, sizeof un);
    un.response_type = XCB_UNMAP_NOTIFY;
    un.event = b->root;
    un.window = w;
    int64_t period = (int64_t)(1e9 / rate), t0 = now_ns();
    int64_t end = t0 + (int64_t)(seconds * 1e9);
    long cycles = 0;
    for (int64_t next = t0; next < end; next += period) {
        xcb_map_window(b->conn, w);
        xcb_unmap_window(b->conn, w);
        xcb_send_event(b->conn, 0, b->root,
                       XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY,
                       (const char *)&un);
        xcb_flush(b->conn);
        cycles++;
        xcb_generic_event_t *ev;
        while ((ev = xcb_poll_for_event(b->conn)))
            free(ev);
        if (xcb_connection_has_error(b->conn))
            break;
        sleep_until(next + period);
    }
    printf("churn_cycles %ld\n", cycles);
    print_ms("churn_ms", now_ns() - t0);
    int64_t ns;
    b->client_list_dirty = true;
    bool ok = destroy_all(b, &ns);
    print_figure("churn_settle_ms", ok, ns);
    return ok ? 0 : 1;
}

static int mode_deaf(struct bench *b, int count, double rate, double seconds)
{
    if (!alloc_windows(b, count))
        return 1;
    create_clients(b);
    xcb_atom_t protocols[] = {b->atom[ATOM_WM_DELETE_WINDOW], b->atom[ATOM_WM_TAKE_FOCUS],
                              b->atom[ATOM__NET_WM_PING]};
    for (int i = 0; i < count; i++)
        xcb_icccm_set_wm_protocols(b->conn, b->win[i], b->atom[ATOM_WM_PROTOCOLS], 3, protocols);
    int64_t ns;
    if (!map_storm(b, &ns)) {
        printf("ready timeout\n");
        return 1;
    }
    xcb_timestamp_t stamp = XCB_CURRENT_TIME;
    get_timestamp(b, &stamp);
    printf("ready 1\n");
    fflush(stdout);
    /* From here on nothing is read. */
    for (int i = 0; i < count; i++) {
        uint32_t d[5] = {0, XCB_CURRENT_TIME, SOURCE_PAGER, 0, 0};
        send_root_message(b, b->win[i], b->atom[ATOM__NET_CLOSE_WINDOW], d);
    }
    int64_t period = (int64_t)(1e9 / rate), t0 = now_ns();
    int64_t end = t0 + (int64_t)(seconds * 1e9);
    long sent = 0;
    for (int64_t next = t0; next < end; next += period, sent++) {
        xcb_window_t w = b->win[sent % count];
        uint32_t d[5] = {SOURCE_PAGER, stamp, XCB_NONE, 0, 0};
        send_root_message(b, w, b->atom[ATOM__NET_ACTIVE_WINDOW], d);
        char name[64];
        int len = snprintf(name, sizeof name, "deaf window %ld", sent);
        xcb_change_property(b->conn, XCB_PROP_MODE_REPLACE, w, b->atom[ATOM__NET_WM_NAME],
                            b->atom[ATOM_UTF8_STRING], 8, len, name);
        xcb_flush(b->conn);
        sleep_until(next + period);
    }
    printf("deaf_requests %ld\n", sent);
    fflush(stdout);
    for (;;)
        pause();
}

static void usage(void)
{
    fprintf(stderr, "usage: purr-bench-client wait-wm|run|idle|storm|churn|deaf [--windows N] "
                    "[--timeout S] [--sync] [--rate HZ] [--seconds S]\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage();
        return 2;
    }
    const char *mode = argv[1];
    int count = strcmp(mode, "idle") == 0 ? 20 : 100;
    double timeout = 10.0, rate = strcmp(mode, "deaf") == 0 ? 500 : 1000, seconds = 5;
    struct bench b;
    memset(&b, 0, sizeof b);

    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--windows") == 0 && i + 1 < argc) {
            count = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) {
            timeout = atof(argv[++i]);
        } else if (strcmp(argv[i], "--sync") == 0) {
            b.sync = true;
        } else if (strcmp(argv[i], "--rate") == 0 && i + 1 < argc) {
            rate = atof(argv[++i]);
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = atof(argv[++i]);
        } else {
            usage();
            return 2;
        }
    }
    if (count < 1 || timeout <= 0 || rate <= 0 || seconds <= 0) {
        usage();
        return 2;
    }
    b.step_ns = (int64_t)(timeout * 1e9);

    if (!connect_display(&b))
        return 1;

    int rc;
    if (strcmp(mode, "wait-wm") == 0)
        rc = mode_wait_wm(&b, timeout);
    else if (strcmp(mode, "run") == 0)
        rc = mode_run(&b, count);
    else if (strcmp(mode, "idle") == 0)
        rc = mode_idle(&b, count);
    else if (strcmp(mode, "storm") == 0)
        rc = mode_storm(&b, count);
    else if (strcmp(mode, "churn") == 0)
        rc = mode_churn(&b, rate, seconds);
    else if (strcmp(mode, "deaf") == 0)
        rc = mode_deaf(&b, count, rate, seconds);
    else {
        usage();
        rc = 2;
    }
    fflush(stdout);
    xcb_disconnect(b.conn);
    free(b.win);
    free(b.mapped);
    free(b.listed);
    return rc;
}
