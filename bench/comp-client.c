/*
 * purr-bench-comp-client: the workload half of the compositor benchmark.
 *
 * This program owns one X connection to whatever window manager and
 * compositor run on $DISPLAY, the top-level windows it creates there, and
 * what it draws into them. It knows nothing about which manager or
 * compositor that is; bench/comp-run starts them, reads their CPU time and
 * memory from /proc and prints the tables. Results go to stdout, one
 * "key value" per line; diagnostics go to stderr.
 *
 * Every workload mode first sets its windows up and waits until the manager
 * has mapped them and lists them in _NET_CLIENT_LIST, then prints "ready 1"
 * and waits for a line on stdin; then it runs the timed part, prints its
 * figures and "done 1", and waits for another line on stdin before it exits
 * (so that the driver reads CPU times before the windows go away).
 *
 * Modes:
 *   wait-cm        wait until someone owns _NET_WM_CM_S0; print "cm 1" (or
 *                  "cm 0" at the deadline, at once with --timeout 0)
 *   moves          one 400x300 window moved --count times by 4 px, paced at
 *                  --rate Hz; each move waits for the manager's
 *                  ConfigureNotify (at most 50 ms)
 *   term           a terminal-like window: --lines lines of text, each one
 *                  scrolled in like a terminal does (CopyArea of the text
 *                  area one line up, the last line cleared, PolyText8 with
 *                  the core font "fixed"), paced at --rate lines per second;
 *                  --state normal (80x24 cells, 484x316 px), maximized or
 *                  fullscreen (asked for with _NET_WM_STATE before mapping);
 *                  --bypass N sets _NET_WM_BYPASS_COMPOSITOR to N (1 asks
 *                  for unredirection, 2 forbids it)
 *   damage         one 400x300 window; --count 16x16 fills at --rate Hz, each
 *                  flushed on its own (one damage event each)
 *   frames         --windows windows of --size WxH, laid out by --layout:
 *                  grid (side by side, not overlapping, 20 per row),
 *                  cascade (each one 12 px right and 8 px down of the one
 *                  before, so they overlap), stack (all at the same place);
 *                  one of them is filled whole --updates times at --rate Hz:
 *                  the first one mapped for grid and cascade (the bottom of
 *                  the stack), the last one, activated through
 *                  _NET_ACTIVE_WINDOW, for stack (the top); --dry paces
 *                  without drawing
 *   cycles         --cycles times: map --windows 300x200 windows, wait until
 *                  all are managed, destroy them, wait until none is listed
 *   idle           map --windows windows, print "ready 1", then do nothing
 *                  until stdin closes
 *
 * After the timed part of term and frames, the window's top-level ancestor
 * is probed with Composite's NameWindowPixmap: "redirected 1" means a
 * compositor still redirects it, "redirected 0" that it was unredirected
 * (BadMatch), "redirected n/a" without Composite.
 *
 * Every wait is event-driven and has a deadline (--timeout, 10 s, per step;
 * mapping or destroying many windows gets one step per ten windows).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xcb/composite.h>
#include <xcb/xcb.h>

#define SOURCE_PAGER 2

#define ATOM_LIST(X)                                                                               \
    X(WM_PROTOCOLS)                                                                                \
    X(WM_DELETE_WINDOW)                                                                            \
    X(WM_CLASS)                                                                                    \
    X(WM_NORMAL_HINTS)                                                                             \
    X(WM_HINTS)                                                                                    \
    X(UTF8_STRING)                                                                                 \
    X(_NET_WM_NAME)                                                                                \
    X(_NET_WM_PID)                                                                                 \
    X(_NET_CLIENT_LIST)                                                                            \
    X(_NET_CLIENT_LIST_STACKING)                                                                   \
    X(_NET_ACTIVE_WINDOW)                                                                          \
    X(_NET_WM_STATE)                                                                               \
    X(_NET_WM_STATE_FULLSCREEN)                                                                    \
    X(_NET_WM_STATE_MAXIMIZED_VERT)                                                                \
    X(_NET_WM_STATE_MAXIMIZED_HORZ)                                                                \
    X(_NET_WM_BYPASS_COMPOSITOR)                                                                   \
    X(_NET_WM_CM_S0)                                                                               \
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

/* States a window can ask for before it is mapped. */
enum { WANT_MAXIMIZED = 1, WANT_FULLSCREEN = 2 };

struct win {
    xcb_window_t id;
    bool mapped, listed;
};

struct cc {
    xcb_connection_t *conn;
    xcb_screen_t *screen;
    xcb_window_t root;
    xcb_atom_t atom[ATOM_COUNT];
    int64_t step_ns;
    char host[256];

    /* A never-mapped window of ours: property changes on it give timestamps. */
    xcb_window_t stamp_win;
    bool stamp_seen;
    xcb_timestamp_t stamp;

    struct win *win;
    int count, cap;
    int n_mapped, n_listed;
    bool client_list_dirty, stacking_dirty;
    xcb_window_t *stacking;
    int n_stacking;

    /* The window a workload watches: its ConfigureNotify and _NET_WM_STATE. */
    xcb_window_t watch;
    uint64_t configures;
    bool state_dirty;
    unsigned state; /* WANT_* bits the manager has set */

    xcb_gcontext_t gc;
};

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- the driver's go-ahead ------------------------------------------------ */

static void say(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", key);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

static void wait_driver(void)
{
    char line[64];
    if (!fgets(line, sizeof line, stdin))
        return; /* the driver went away: carry on */
}

/* ---- properties ------------------------------------------------------------ */

static uint32_t *get_u32_list(struct cc *c, xcb_window_t w, xcb_atom_t prop, xcb_atom_t type,
                              int *n)
{
    *n = 0;
    xcb_get_property_reply_t *r = xcb_get_property_reply(
        c->conn, xcb_get_property(c->conn, 0, w, prop, type, 0, 1 << 16), NULL);
    if (!r)
        return NULL;
    if (r->format != 32 || r->type != type) {
        free(r);
        return NULL;
    }
    int len = xcb_get_property_value_length(r) / 4;
    uint32_t *out = malloc(sizeof *out * (len > 0 ? len : 1));
    if (out) {
        memcpy(out, xcb_get_property_value(r), sizeof *out * len);
        *n = len;
    }
    free(r);
    return out;
}

static int win_index(const struct cc *c, xcb_window_t w)
{
    for (int i = c->count; i-- > 0;)
        if (c->win[i].id == w)
            return i;
    return -1;
}

static void read_client_list(struct cc *c)
{
    int n;
    uint32_t *list = get_u32_list(c, c->root, c->atom[ATOM__NET_CLIENT_LIST], XCB_ATOM_WINDOW, &n);
    for (int i = 0; i < c->count; i++)
        c->win[i].listed = false;
    c->n_listed = 0;
    for (int i = 0; i < n; i++) {
        int k = win_index(c, list[i]);
        if (k >= 0 && !c->win[k].listed) {
            c->win[k].listed = true;
            c->n_listed++;
        }
    }
    free(list);
}

static void read_state(struct cc *c)
{
    int n;
    uint32_t *st = get_u32_list(c, c->watch, c->atom[ATOM__NET_WM_STATE], XCB_ATOM_ATOM, &n);
    bool vert = false, horz = false, full = false;
    for (int i = 0; i < n; i++) {
        vert |= st[i] == c->atom[ATOM__NET_WM_STATE_MAXIMIZED_VERT];
        horz |= st[i] == c->atom[ATOM__NET_WM_STATE_MAXIMIZED_HORZ];
        full |= st[i] == c->atom[ATOM__NET_WM_STATE_FULLSCREEN];
    }
    free(st);
    c->state = (vert && horz ? WANT_MAXIMIZED : 0) | (full ? WANT_FULLSCREEN : 0);
}

static void refresh(struct cc *c)
{
    if (c->client_list_dirty) {
        c->client_list_dirty = false;
        read_client_list(c);
    }
    if (c->stacking_dirty) {
        c->stacking_dirty = false;
        free(c->stacking);
        c->stacking = get_u32_list(c, c->root, c->atom[ATOM__NET_CLIENT_LIST_STACKING],
                                   XCB_ATOM_WINDOW, &c->n_stacking);
    }
    if (c->state_dirty && c->watch != XCB_NONE) {
        c->state_dirty = false;
        read_state(c);
    }
}

/* ---- events ------------------------------------------------------------------ */

static void dispatch(struct cc *c, xcb_generic_event_t *ev)
{
    int k;
    switch (ev->response_type & 0x7f) {
    case 0: {
        xcb_generic_error_t *e = (xcb_generic_error_t *)ev;
        fprintf(stderr, "purr-bench-comp-client: X error %u (request %u.%u, resource 0x%x)\n",
                e->error_code, e->major_code, e->minor_code, e->resource_id);
        break;
    }
    case XCB_MAP_NOTIFY: {
        xcb_map_notify_event_t *e = (xcb_map_notify_event_t *)ev;
        if ((k = win_index(c, e->window)) >= 0 && !c->win[k].mapped) {
            c->win[k].mapped = true;
            c->n_mapped++;
        }
        break;
    }
    case XCB_UNMAP_NOTIFY: {
        xcb_unmap_notify_event_t *e = (xcb_unmap_notify_event_t *)ev;
        if ((k = win_index(c, e->window)) >= 0 && c->win[k].mapped) {
            c->win[k].mapped = false;
            c->n_mapped--;
        }
        break;
    }
    case XCB_CONFIGURE_NOTIFY: {
        xcb_configure_notify_event_t *e = (xcb_configure_notify_event_t *)ev;
        if (e->window == c->watch)
            c->configures++;
        break;
    }
    case XCB_PROPERTY_NOTIFY: {
        xcb_property_notify_event_t *e = (xcb_property_notify_event_t *)ev;
        if (e->window == c->root) {
            if (e->atom == c->atom[ATOM__NET_CLIENT_LIST])
                c->client_list_dirty = true;
            else if (e->atom == c->atom[ATOM__NET_CLIENT_LIST_STACKING])
                c->stacking_dirty = true;
        } else if (e->window == c->stamp_win) {
            c->stamp_seen = true;
            c->stamp = e->time;
        } else if (e->window == c->watch && e->atom == c->atom[ATOM__NET_WM_STATE]) {
            c->state_dirty = true;
        }
        break;
    }
    default:
        break; /* Expose, ReparentNotify, ClientMessage...: nothing to do */
    }
}

/* Handle every event that arrives until the deadline; false if the
 * connection broke. */
static bool pump_until(struct cc *c, int64_t deadline)
{
    xcb_flush(c->conn);
    for (;;) {
        xcb_generic_event_t *ev;
        while ((ev = xcb_poll_for_event(c->conn))) {
            dispatch(c, ev);
            free(ev);
        }
        if (xcb_connection_has_error(c->conn))
            return false;
        int64_t left = deadline - now_ns();
        if (left <= 0)
            return true;
        struct pollfd pfd = {.fd = xcb_get_file_descriptor(c->conn), .events = POLLIN};
        int ms = (int)((left + 999999) / 1000000);
        if (left < 2000000) {
            /* Under 2 ms: sleep exactly, then look once more. */
            struct timespec ts = {deadline / 1000000000, deadline % 1000000000};
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
            continue;
        }
        if (poll(&pfd, 1, ms - 1) < 0 && errno != EINTR)
            return false;
    }
}

typedef bool (*done_fn)(struct cc *c, const void *arg);

static bool wait_until(struct cc *c, done_fn done, const void *arg, int64_t deadline)
{
    for (;;) {
        refresh(c);
        if (done(c, arg))
            return true;
        xcb_flush(c->conn);
        xcb_generic_event_t *ev = NULL;
        while (!(ev = xcb_poll_for_event(c->conn))) {
            if (xcb_connection_has_error(c->conn))
                return false;
            int64_t left = deadline - now_ns();
            if (left <= 0)
                return false;
            struct pollfd pfd = {.fd = xcb_get_file_descriptor(c->conn), .events = POLLIN};
            if (poll(&pfd, 1, (int)((left + 999999) / 1000000)) < 0 && errno != EINTR)
                return false;
        }
        do {
            dispatch(c, ev);
            free(ev);
        } while ((ev = xcb_poll_for_event(c->conn)));
    }
}

static bool all_managed(struct cc *c, const void *arg)
{
    (void)arg;
    return c->n_mapped == c->count && c->n_listed == c->count;
}

static bool none_listed(struct cc *c, const void *arg)
{
    (void)arg;
    return c->n_listed == 0;
}

static bool configured_since(struct cc *c, const void *arg)
{
    return c->configures > *(const uint64_t *)arg;
}

static bool state_has(struct cc *c, const void *arg)
{
    unsigned want = *(const unsigned *)arg;
    return (c->state & want) == want;
}

static bool on_top(struct cc *c, const void *arg)
{
    return c->n_stacking > 0 && c->stacking[c->n_stacking - 1] == *(const xcb_window_t *)arg;
}

static bool got_stamp(struct cc *c, const void *arg)
{
    (void)arg;
    return c->stamp_seen;
}

/* ---- set-up -------------------------------------------------------------------- */

static bool connect_display(struct cc *c)
{
    c->conn = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(c->conn)) {
        fprintf(stderr, "purr-bench-comp-client: cannot connect to $DISPLAY\n");
        return false;
    }
    c->screen = xcb_setup_roots_iterator(xcb_get_setup(c->conn)).data;
    c->root = c->screen->root;
    xcb_intern_atom_cookie_t ck[ATOM_COUNT];
    for (int i = 0; i < ATOM_COUNT; i++)
        ck[i] = xcb_intern_atom(c->conn, 0, (uint16_t)strlen(atom_names[i]), atom_names[i]);
    for (int i = 0; i < ATOM_COUNT; i++) {
        xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(c->conn, ck[i], NULL);
        if (!r)
            return false;
        c->atom[i] = r->atom;
        free(r);
    }
    uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE;
    xcb_change_window_attributes(c->conn, c->root, XCB_CW_EVENT_MASK, &mask);
    uint32_t values[] = {1, XCB_EVENT_MASK_PROPERTY_CHANGE};
    c->stamp_win = xcb_generate_id(c->conn);
    xcb_create_window(c->conn, 0, c->stamp_win, c->root, -10, -10, 1, 1, 0,
                      XCB_WINDOW_CLASS_INPUT_ONLY, XCB_COPY_FROM_PARENT,
                      XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, values);
    if (gethostname(c->host, sizeof c->host - 1) != 0)
        strcpy(c->host, "localhost");
    c->gc = xcb_generate_id(c->conn);
    uint32_t gcv[] = {c->screen->black_pixel, 0};
    xcb_create_gc(c->conn, c->gc, c->root, XCB_GC_FOREGROUND | XCB_GC_GRAPHICS_EXPOSURES, gcv);
    c->client_list_dirty = c->stacking_dirty = true;
    return true;
}

static void set_cardinal(struct cc *c, xcb_window_t w, xcb_atom_t prop, uint32_t v)
{
    xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, w, prop, XCB_ATOM_CARDINAL, 32, 1, &v);
}

/* One top-level window with the properties a well-behaved client sets; its
 * position and size are user-specified, so every manager keeps them. */
static xcb_window_t create_window(struct cc *c, int16_t x, int16_t y, uint16_t w, uint16_t h,
                                  unsigned want, uint32_t bypass, uint32_t background)
{
    xcb_connection_t *k = c->conn;
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 16;
        c->win = realloc(c->win, sizeof *c->win * c->cap);
        if (!c->win)
            abort();
    }
    xcb_window_t id = xcb_generate_id(k);
    uint32_t values[] = {background, XCB_EVENT_MASK_STRUCTURE_NOTIFY |
                                         XCB_EVENT_MASK_PROPERTY_CHANGE | XCB_EVENT_MASK_EXPOSURE};
    xcb_create_window(k, XCB_COPY_FROM_PARENT, id, c->root, x, y, w, h, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, c->screen->root_visual,
                      XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
    char name[64];
    int len = snprintf(name, sizeof name, "purr comp bench %d", c->count);
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 8,
                        (uint32_t)len, name);
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, c->atom[ATOM__NET_WM_NAME],
                        c->atom[ATOM_UTF8_STRING], 8, (uint32_t)len, name);
    static const char wm_class[] = "purr-bench-comp-client\0PurrBench";
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8,
                        sizeof wm_class, wm_class);
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, XCB_ATOM_WM_CLIENT_MACHINE, XCB_ATOM_STRING,
                        8, (uint32_t)strlen(c->host), c->host);
    /* WM_NORMAL_HINTS: USPosition | USSize | PMinSize; x, y, w, h; min 40x30. */
    uint32_t hints[18] = {1 | 2 | 16, (uint32_t)x, (uint32_t)y, w, h, 40, 30};
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, XCB_ATOM_WM_NORMAL_HINTS,
                        XCB_ATOM_WM_SIZE_HINTS, 32, 18, hints);
    /* WM_HINTS: InputHint | StateHint; input, NormalState. */
    uint32_t wmh[9] = {1 | 2, 1, 1};
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, XCB_ATOM_WM_HINTS, XCB_ATOM_WM_HINTS, 32, 9,
                        wmh);
    xcb_atom_t protocols[] = {c->atom[ATOM_WM_DELETE_WINDOW]};
    xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, c->atom[ATOM_WM_PROTOCOLS], XCB_ATOM_ATOM, 32,
                        1, protocols);
    set_cardinal(c, id, c->atom[ATOM__NET_WM_PID], (uint32_t)getpid());
    xcb_atom_t states[3];
    uint32_t ns = 0;
    if (want & WANT_MAXIMIZED) {
        states[ns++] = c->atom[ATOM__NET_WM_STATE_MAXIMIZED_VERT];
        states[ns++] = c->atom[ATOM__NET_WM_STATE_MAXIMIZED_HORZ];
    }
    if (want & WANT_FULLSCREEN)
        states[ns++] = c->atom[ATOM__NET_WM_STATE_FULLSCREEN];
    if (ns)
        xcb_change_property(k, XCB_PROP_MODE_REPLACE, id, c->atom[ATOM__NET_WM_STATE],
                            XCB_ATOM_ATOM, 32, ns, states);
    if (bypass)
        set_cardinal(c, id, c->atom[ATOM__NET_WM_BYPASS_COMPOSITOR], bypass);
    c->win[c->count++] = (struct win){.id = id};
    return id;
}

/* Map every window not yet mapped, at once; wait until each is mapped and
 * listed. The wait gets one step per ten windows, at least one. */
static bool map_all(struct cc *c)
{
    for (int i = 0; i < c->count; i++)
        if (!c->win[i].mapped)
            xcb_map_window(c->conn, c->win[i].id);
    c->client_list_dirty = true;
    int64_t budget = c->step_ns * (c->count / 10 > 1 ? c->count / 10 : 1);
    bool ok = wait_until(c, all_managed, NULL, now_ns() + budget);
    if (!ok)
        fprintf(stderr, "purr-bench-comp-client: %d mapped, %d listed of %d\n", c->n_mapped,
                c->n_listed, c->count);
    return ok;
}

static bool destroy_all(struct cc *c)
{
    for (int i = 0; i < c->count; i++)
        xcb_destroy_window(c->conn, c->win[i].id);
    c->client_list_dirty = true;
    int64_t budget = c->step_ns * (c->count / 10 > 1 ? c->count / 10 : 1);
    bool ok = wait_until(c, none_listed, NULL, now_ns() + budget);
    c->count = c->n_mapped = 0;
    return ok;
}

static void fill(struct cc *c, xcb_window_t w, uint32_t pixel, int16_t x, int16_t y, uint16_t wd,
                 uint16_t ht)
{
    xcb_change_gc(c->conn, c->gc, XCB_GC_FOREGROUND, &pixel);
    xcb_rectangle_t r = {x, y, wd, ht};
    xcb_poly_fill_rectangle(c->conn, w, c->gc, 1, &r);
}

static bool geometry(struct cc *c, xcb_window_t w, uint16_t *wd, uint16_t *ht)
{
    xcb_get_geometry_reply_t *g =
        xcb_get_geometry_reply(c->conn, xcb_get_geometry(c->conn, w), NULL);
    if (!g)
        return false;
    *wd = g->width;
    *ht = g->height;
    free(g);
    return true;
}

/* Is the window's top-level ancestor redirected? 1, 0, or -1 (unknown). */
static int redirected(struct cc *c, xcb_window_t w)
{
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c->conn, &xcb_composite_id);
    if (!ext || !ext->present)
        return -1;
    for (;;) {
        xcb_query_tree_reply_t *t = xcb_query_tree_reply(c->conn, xcb_query_tree(c->conn, w), NULL);
        if (!t)
            return -1;
        xcb_window_t parent = t->parent;
        free(t);
        if (parent == c->root || parent == XCB_NONE)
            break;
        w = parent;
    }
    xcb_pixmap_t p = xcb_generate_id(c->conn);
    xcb_generic_error_t *e =
        xcb_request_check(c->conn, xcb_composite_name_window_pixmap_checked(c->conn, w, p));
    if (e) {
        int code = e->error_code;
        free(e);
        return code == XCB_MATCH ? 0 : -1;
    }
    xcb_free_pixmap(c->conn, p);
    return 1;
}

static void say_redirected(struct cc *c, xcb_window_t w)
{
    int r = redirected(c, w);
    say("redirected", "%s", r < 0 ? "n/a" : r ? "1" : "0");
}

static bool activate(struct cc *c, xcb_window_t w)
{
    c->stamp_seen = false;
    xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, c->stamp_win,
                        c->atom[ATOM__PURR_BENCH_TIMESTAMP], XCB_ATOM_CARDINAL, 32, 0, NULL);
    if (!wait_until(c, got_stamp, NULL, now_ns() + c->step_ns))
        return false;
    xcb_client_message_event_t ev = {
        .response_type = XCB_CLIENT_MESSAGE,
        .format = 32,
        .window = w,
        .type = c->atom[ATOM__NET_ACTIVE_WINDOW],
        .data.data32 = {SOURCE_PAGER, c->stamp, XCB_NONE, 0, 0},
    };
    xcb_send_event(c->conn, 0, c->root,
                   XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY,
                   (const char *)&ev);
    c->stacking_dirty = true;
    return wait_until(c, on_top, &w, now_ns() + c->step_ns);
}

static void say_stack_position(struct cc *c, xcb_window_t w)
{
    c->stacking_dirty = true;
    refresh(c);
    for (int i = 0; i < c->n_stacking; i++)
        if (c->stacking[i] == w) {
            say("stack_pos", "%d", i);
            say("stack_len", "%d", c->n_stacking);
            return;
        }
    say("stack_pos", "n/a");
}

/* Pacing: the time of tick i at rate hz from t0. */
static int64_t tick(int64_t t0, int i, double hz)
{
    return t0 + (int64_t)((double)i * 1e9 / hz);
}

/* ---- modes ----------------------------------------------------------------------- */

struct opts {
    int count, lines, windows, updates, cycles;
    double rate;
    const char *state, *layout;
    uint32_t bypass;
    int size_w, size_h;
    bool dry;
};

static int mode_wait_cm(struct cc *c, double seconds)
{
    int64_t deadline = now_ns() + (int64_t)(seconds * 1e9);
    for (;;) {
        xcb_get_selection_owner_reply_t *o = xcb_get_selection_owner_reply(
            c->conn, xcb_get_selection_owner(c->conn, c->atom[ATOM__NET_WM_CM_S0]), NULL);
        bool owned = o && o->owner != XCB_NONE;
        free(o);
        if (owned || now_ns() >= deadline) {
            say("cm", "%d", owned);
            return 0;
        }
        struct timespec ts = {0, 20 * 1000000};
        nanosleep(&ts, NULL);
    }
}

static int mode_moves(struct cc *c, const struct opts *o)
{
    xcb_window_t w = create_window(c, 300, 200, 400, 300, 0, 0, 0xd0d8e0);
    if (!map_all(c))
        return 1;
    c->watch = w;
    say("ready", "1");
    wait_driver();
    int late = 0;
    int16_t x = 300, y = 200;
    int dir = 1;
    int64_t t0 = now_ns();
    for (int i = 0; i < o->count; i++) {
        if (!pump_until(c, tick(t0, i, o->rate)))
            return 1;
        if (i % 100 == 0 && i)
            dir = -dir;
        x = (int16_t)(x + 4 * dir);
        y = (int16_t)(y + 2 * dir);
        uint32_t pos[] = {(uint32_t)x, (uint32_t)y};
        uint64_t before = c->configures;
        xcb_configure_window(c->conn, w, XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y, pos);
        if (!wait_until(c, configured_since, &before, now_ns() + 50000000))
            late++;
    }
    int64_t t1 = now_ns();
    say("wall_ms", "%.1f", (double)(t1 - t0) / 1e6);
    say("moves", "%d", o->count);
    say("moves_unanswered", "%d", late);
    say("configure_notifies", "%llu", (unsigned long long)c->configures);
    say("done", "1");
    wait_driver();
    return 0;
}

struct term {
    xcb_window_t win;
    uint16_t w;
    int rows, cols, lh, ascent;
};

/* One line, as a terminal scrolls: the text area one line up (CopyArea),
 * the last line cleared, the new line's text drawn (PolyText8). */
static void term_line(struct cc *c, const struct term *t, int n)
{
    static const char pattern[] = "the quick brown fox jumps over the lazy dog 0123456789 "
                                  "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG ";
    uint8_t item[2 + 254];
    char *text = (char *)item + 2;
    int len = snprintf(text, 254, "%6d  ", n);
    for (int k = 0; len < t->cols && len < 254; k++)
        text[len++] = pattern[(unsigned)(n + k) % (sizeof pattern - 1)];
    item[0] = (uint8_t)len;
    item[1] = 0; /* delta */
    int16_t last = (int16_t)(2 + (t->rows - 1) * t->lh);
    xcb_copy_area(c->conn, t->win, t->win, c->gc, 2, (int16_t)(2 + t->lh), 2, 2,
                  (uint16_t)(t->w - 4), (uint16_t)((t->rows - 1) * t->lh));
    fill(c, t->win, 0xffffff, 2, last, (uint16_t)(t->w - 4), (uint16_t)t->lh);
    uint32_t black = 0x000000;
    xcb_change_gc(c->conn, c->gc, XCB_GC_FOREGROUND, &black);
    xcb_poly_text_8(c->conn, t->win, c->gc, 2, (int16_t)(last + t->ascent), (uint32_t)(2 + len),
                    item);
}

static int mode_term(struct cc *c, const struct opts *o)
{
    unsigned want = strcmp(o->state, "maximized") == 0    ? WANT_MAXIMIZED
                    : strcmp(o->state, "fullscreen") == 0 ? WANT_FULLSCREEN
                                                          : 0;
    xcb_font_t font = xcb_generate_id(c->conn);
    xcb_open_font(c->conn, font, 5, "fixed");
    xcb_query_font_reply_t *q = xcb_query_font_reply(c->conn, xcb_query_font(c->conn, font), NULL);
    if (!q) {
        fprintf(stderr, "purr-bench-comp-client: no font \"fixed\"\n");
        return 1;
    }
    int ascent = q->font_ascent, lh = q->font_ascent + q->font_descent;
    int cw = q->max_bounds.character_width > 0 ? q->max_bounds.character_width : 6;
    free(q);
    xcb_change_gc(c->conn, c->gc, XCB_GC_FONT, &font);

    uint16_t w = (uint16_t)(80 * cw + 4), h = (uint16_t)(24 * lh + 4);
    xcb_window_t win = create_window(c, 200, 150, w, h, want, o->bypass, 0xffffff);
    c->watch = win;
    c->state_dirty = true;
    if (!map_all(c))
        return 1;
    /* The state asked for before mapping; a manager that does not take it
     * from there (or not within 2 s) is asked again with a client message,
     * as a pager would. */
    if (want && wait_until(c, state_has, &want, now_ns() + 2000000000)) {
        say("state", "initial");
    } else if (want) {
        xcb_client_message_event_t ev = {
            .response_type = XCB_CLIENT_MESSAGE,
            .format = 32,
            .window = win,
            .type = c->atom[ATOM__NET_WM_STATE],
            .data.data32 = {1 /* add */,
                            want == WANT_FULLSCREEN ? c->atom[ATOM__NET_WM_STATE_FULLSCREEN]
                                                    : c->atom[ATOM__NET_WM_STATE_MAXIMIZED_VERT],
                            want == WANT_FULLSCREEN ? XCB_NONE
                                                    : c->atom[ATOM__NET_WM_STATE_MAXIMIZED_HORZ],
                            SOURCE_PAGER, 0},
        };
        xcb_send_event(c->conn, 0, c->root,
                       XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY,
                       (const char *)&ev);
        c->state_dirty = true;
        if (wait_until(c, state_has, &want, now_ns() + c->step_ns)) {
            say("state", "message");
        } else {
            fprintf(stderr, "purr-bench-comp-client: the manager did not set the %s state\n",
                    o->state);
            say("state", "refused");
        }
    }
    /* Let the manager finish resizing, then draw at the size we got. */
    pump_until(c, now_ns() + 300000000);
    if (!geometry(c, win, &w, &h))
        return 1;
    say("size", "%ux%u", w, h);
    int rows = (h - 4) / lh, cols = (w - 4) / cw;
    if (rows < 2 || cols < 1) {
        fprintf(stderr, "purr-bench-comp-client: window too small (%ux%u)\n", w, h);
        return 1;
    }
    say("rows", "%d", rows);
    say("cols", "%d", cols);
    struct term t = {win, w, rows, cols, lh, ascent};

    /* A full screen of text before the timed part, as a terminal has. */
    for (int i = 0; i < rows; i++)
        term_line(c, &t, i - rows);
    xcb_flush(c->conn);
    say("ready", "1");
    wait_driver();
    int64_t t0 = now_ns();
    for (int i = 0; i < o->lines; i++) {
        if (!pump_until(c, tick(t0, i, o->rate)))
            return 1;
        term_line(c, &t, i);
        xcb_flush(c->conn);
    }
    free(xcb_get_input_focus_reply(c->conn, xcb_get_input_focus(c->conn), NULL));
    say("wall_ms", "%.1f", (double)(now_ns() - t0) / 1e6);
    say("lines", "%d", o->lines);
    say_redirected(c, win);
    say("done", "1");
    wait_driver();
    return 0;
}

static int mode_damage(struct cc *c, const struct opts *o)
{
    xcb_window_t w = create_window(c, 300, 200, 400, 300, 0, 0, 0xffffff);
    if (!map_all(c))
        return 1;
    say("ready", "1");
    wait_driver();
    int per_row = 400 / 16 - 1;
    int64_t t0 = now_ns();
    for (int i = 0; i < o->count; i++) {
        if (!pump_until(c, tick(t0, i, o->rate)))
            return 1;
        int k = i % (per_row * 17);
        fill(c, w, (i / (per_row * 17)) % 2 ? 0xffffff : 0x3060c0, (int16_t)(8 + k % per_row * 16),
             (int16_t)(8 + k / per_row * 16), 16, 16);
        xcb_flush(c->conn);
    }
    free(xcb_get_input_focus_reply(c->conn, xcb_get_input_focus(c->conn), NULL));
    say("wall_ms", "%.1f", (double)(now_ns() - t0) / 1e6);
    say("fills", "%d", o->count);
    say("done", "1");
    wait_driver();
    return 0;
}

static int mode_frames(struct cc *c, const struct opts *o)
{
    bool stack = strcmp(o->layout, "stack") == 0, grid = strcmp(o->layout, "grid") == 0;
    uint16_t w = (uint16_t)o->size_w, h = (uint16_t)o->size_h;
    for (int i = 0; i < o->windows; i++) {
        int16_t x, y;
        if (stack) {
            x = 400;
            y = 300;
        } else if (grid) {
            x = (int16_t)(8 + (i % 20) * 96);
            y = (int16_t)(8 + (i / 20) * 106);
        } else {
            x = (int16_t)(100 + (i % 60) * 12 + (i / 60) * 40);
            y = (int16_t)(80 + (i % 60) * 8 + (i / 60) * 30);
        }
        create_window(c, x, y, w, h, 0, 0, 0xc0c0c0 + (uint32_t)(i * 0x10101 % 0x3f3f3f));
    }
    if (!map_all(c))
        return 1;
    xcb_window_t target = stack ? c->win[c->count - 1].id : c->win[0].id;
    if (stack && !activate(c, target))
        fprintf(stderr, "purr-bench-comp-client: the last window is not on top\n");
    say_stack_position(c, target);
    say("ready", "1");
    wait_driver();
    int64_t t0 = now_ns();
    for (int i = 0; i < o->updates; i++) {
        if (!pump_until(c, tick(t0, i, o->rate)))
            return 1;
        if (!o->dry) {
            fill(c, target, i % 2 ? 0x208040 : 0xe0a020, 0, 0, w, h);
            xcb_flush(c->conn);
        }
    }
    free(xcb_get_input_focus_reply(c->conn, xcb_get_input_focus(c->conn), NULL));
    say("wall_ms", "%.1f", (double)(now_ns() - t0) / 1e6);
    say("updates", "%d", o->dry ? 0 : o->updates);
    say_redirected(c, target);
    say("done", "1");
    wait_driver();
    return 0;
}

static int mode_cycles(struct cc *c, const struct opts *o)
{
    say("ready", "1");
    wait_driver();
    int64_t t0 = now_ns();
    int failed = 0;
    for (int k = 0; k < o->cycles; k++) {
        for (int i = 0; i < o->windows; i++)
            create_window(c, (int16_t)(20 + (i % 40) * 35), (int16_t)(20 + (i % 25) * 30), 300, 200,
                          0, 0, 0xe0e0e0);
        if (!map_all(c))
            failed++;
        if (!destroy_all(c))
            failed++;
    }
    say("wall_ms", "%.1f", (double)(now_ns() - t0) / 1e6);
    say("cycles", "%d", o->cycles);
    say("failed_waits", "%d", failed);
    say("done", "1");
    wait_driver();
    return 0;
}

static int mode_idle(struct cc *c, const struct opts *o)
{
    for (int i = 0; i < o->windows; i++)
        create_window(c, (int16_t)(40 + (i % 10) * 150), (int16_t)(40 + (i / 10) * 350), 300, 200,
                      0, 0, 0xe0e0e0);
    if (!map_all(c))
        return 1;
    say("ready", "1");
    /* Nothing more: sleep in read() until the driver closes stdin. */
    char buf[64];
    while (read(0, buf, sizeof buf) > 0)
        ;
    return 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: purr-bench-comp-client MODE [options]\n"
            "  wait-cm [--timeout S]\n"
            "  moves  [--count N] [--rate HZ]\n"
            "  term   [--lines N] [--rate HZ] [--state normal|maximized|fullscreen] [--bypass N]\n"
            "  damage [--count N] [--rate HZ]\n"
            "  frames [--windows N] [--layout grid|cascade|stack] [--size WxH] [--updates N]\n"
            "         [--rate HZ] [--dry]\n"
            "  cycles [--windows N] [--cycles N]\n"
            "  idle   [--windows N]\n"
            "common: --timeout S (deadline of one step, default 10)\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage();
        return 2;
    }
    const char *mode = argv[1];
    struct opts o = {.count = 1000,
                     .lines = 1000,
                     .windows = 1,
                     .updates = 180,
                     .cycles = 10,
                     .rate = 0,
                     .state = "normal",
                     .layout = "grid",
                     .size_w = 80,
                     .size_h = 60};
    double timeout = 10.0;
    bool timeout_set = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--dry") == 0) {
            o.dry = true;
            continue;
        }
        if (!v) {
            usage();
            return 2;
        }
        i++;
        if (strcmp(a, "--count") == 0)
            o.count = atoi(v);
        else if (strcmp(a, "--lines") == 0)
            o.lines = atoi(v);
        else if (strcmp(a, "--windows") == 0)
            o.windows = atoi(v);
        else if (strcmp(a, "--updates") == 0)
            o.updates = atoi(v);
        else if (strcmp(a, "--cycles") == 0)
            o.cycles = atoi(v);
        else if (strcmp(a, "--rate") == 0)
            o.rate = atof(v);
        else if (strcmp(a, "--state") == 0)
            o.state = v;
        else if (strcmp(a, "--layout") == 0)
            o.layout = v;
        else if (strcmp(a, "--bypass") == 0)
            o.bypass = (uint32_t)atoi(v);
        else if (strcmp(a, "--size") == 0) {
            if (sscanf(v, "%dx%d", &o.size_w, &o.size_h) != 2) {
                usage();
                return 2;
            }
        } else if (strcmp(a, "--timeout") == 0) {
            timeout = atof(v);
            timeout_set = true;
        } else {
            usage();
            return 2;
        }
    }
    if (o.rate <= 0)
        o.rate = strcmp(mode, "frames") == 0 ? 60 : strcmp(mode, "damage") == 0 ? 100 : 200;
    if (o.count < 0 || o.lines < 0 || o.windows < 1 || o.updates < 0 || o.cycles < 1 ||
        o.size_w < 1 || o.size_h < 1 || timeout < 0) {
        usage();
        return 2;
    }
    struct cc c;
    memset(&c, 0, sizeof c);
    c.step_ns = (int64_t)((timeout > 0 ? timeout : 10.0) * 1e9);
    if (!connect_display(&c))
        return 1;

    int rc;
    if (strcmp(mode, "wait-cm") == 0)
        rc = mode_wait_cm(&c, timeout_set ? timeout : 10.0);
    else if (strcmp(mode, "moves") == 0)
        rc = mode_moves(&c, &o);
    else if (strcmp(mode, "term") == 0)
        rc = mode_term(&c, &o);
    else if (strcmp(mode, "damage") == 0)
        rc = mode_damage(&c, &o);
    else if (strcmp(mode, "frames") == 0)
        rc = mode_frames(&c, &o);
    else if (strcmp(mode, "cycles") == 0)
        rc = mode_cycles(&c, &o);
    else if (strcmp(mode, "idle") == 0)
        rc = mode_idle(&c, &o);
    else {
        usage();
        rc = 2;
    }
    fflush(stdout);
    xcb_disconnect(c.conn);
    free(c.win);
    free(c.stacking);
    return rc;
}
