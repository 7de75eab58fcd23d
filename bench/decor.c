/*
 * purr-bench-decor: what purr's window borders cost, measured with purr's own
 * src/decor code (bench/decor-run drives it and prints the table).
 *
 * Modes:
 *   paint     paint one frame, as purr does, into a cairo-xcb surface on a
 *             pixmap of the root depth: the four pieces (strip, left, right,
 *             bottom), each clipped, painted into a group and copied with
 *             CAIRO_OPERATOR_SOURCE (src/x11/frame.c, paint_css); then
 *             cairo_surface_flush and one round trip (GetInputFocus), so the
 *             server's drawing is inside the time. For each width (1920 x
 *             1080 and 800 x 600) and state (focused, backdrop): --frames
 *             timed frames after --warmup untimed ones; prints the mean and
 *             the median microseconds per frame. --png FILE saves the
 *             focused 1920 px frame, to see what was painted.
 *   restyle   a theme change with 100 frames of 800 x 600 open (one focused,
 *             the rest backdrop, each on its own pixmap): load a user CSS
 *             (decor_style_load_user_css), read the metrics of both states
 *             again, lay every frame out and repaint it, flush, one round
 *             trip. Two small CSS files take turns, so every run is a change;
 *             --runs runs after one untimed; prints each run and the median
 *             milliseconds.
 *   title     the client of the title-change workload (no GTK): maps one
 *             window, prints "ready 1" once it is mapped (by the window
 *             manager), waits for a line on stdin, then sets _NET_WM_NAME
 *             --changes times, --pause-ms apart, prints "done 1" and waits
 *             for a line on stdin again before it exits, so that the driver
 *             can count what the manager did in between.
 *
 * Output: one "key value" per line on stdout; diagnostics on stderr. The
 * paint and restyle modes need an X display and GTK; nothing else (no window
 * manager) should run on it. Nothing is asserted: the exit status is 0
 * whenever the measurement could be made.
 */
#include <cairo-xcb.h>
#include <errno.h>
#include <gtk/gtk.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xcb/xcb.h>

#include "decor/layout.h"
#include "decor/paint.h"
#include "decor/style.h"

#define TITLE "purr-bench-decor — a window title of an ordinary length.txt (~/src/purr) - Editor"

/* Two user CSS files for the restyle mode: each changes the title strip's
 * colours, padding and the buttons' size, as a real theme.css edit does. */
static const char *const restyle_css[2] = {
    "headerbar.titlebar { background: #3c6e8f; color: white; padding: 2px 8px;"
    " min-height: 40px; }\n"
    "headerbar.titlebar:backdrop { background: #5a7d94; }\n"
    "button.titlebutton { min-width: 26px; min-height: 26px; border-radius: 50%; }\n"
    "decoration { border-radius: 6px 6px 0 0; }\n",
    "headerbar.titlebar { background: #8f3c5a; color: #fafafa; padding: 4px 10px;"
    " min-height: 34px; }\n"
    "headerbar.titlebar:backdrop { background: #946070; }\n"
    "button.titlebutton { min-width: 22px; min-height: 22px; border-radius: 4px; }\n"
    "decoration { border-radius: 10px 10px 0 0; }\n",
};

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- the X side: one connection of our own for cairo ---- */

typedef struct bench_x {
    xcb_connection_t *conn;
    xcb_screen_t *screen;
    xcb_visualtype_t *visual;
} bench_x;

static bool bench_x_open(bench_x *x)
{
    x->conn = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(x->conn)) {
        fprintf(stderr, "purr-bench-decor: cannot connect to X display %s\n",
                getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
        return false;
    }
    x->screen = xcb_setup_roots_iterator(xcb_get_setup(x->conn)).data;
    x->visual = NULL;
    xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(x->screen);
    for (; d.rem && !x->visual; xcb_depth_next(&d)) {
        xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
        for (; v.rem; xcb_visualtype_next(&v))
            if (v.data->visual_id == x->screen->root_visual)
                x->visual = v.data;
    }
    if (!x->visual) {
        fprintf(stderr, "purr-bench-decor: no root visual\n");
        return false;
    }
    return true;
}

static void round_trip(bench_x *x)
{
    free(xcb_get_input_focus_reply(x->conn, xcb_get_input_focus(x->conn), NULL));
}

typedef struct frame {
    xcb_pixmap_t pixmap;
    cairo_surface_t *surface;
    int w, h;
    unsigned state;
    decor_layout l;
} frame;

static void frame_open(bench_x *x, frame *f, int w, int h, unsigned state)
{
    f->w = w;
    f->h = h;
    f->state = state;
    f->pixmap = xcb_generate_id(x->conn);
    xcb_create_pixmap(x->conn, x->screen->root_depth, f->pixmap, x->screen->root, (uint16_t)w,
                      (uint16_t)h);
    f->surface = cairo_xcb_surface_create(x->conn, f->pixmap, x->visual, w, h);
}

static void frame_close(bench_x *x, frame *f)
{
    cairo_surface_finish(f->surface);
    cairo_surface_destroy(f->surface);
    xcb_free_pixmap(x->conn, f->pixmap);
}

static void frame_layout(decor_style *s, const decor_button_layout *bl, frame *f)
{
    decor_metrics m;
    decor_style_metrics(s, f->state, &m);
    decor_layout_compute(&m, bl, f->w, ~0u, false, &f->l);
}

/* As src/x11/frame.c paints a frame without compositing. */
static void frame_paint(decor_style *s, frame *f)
{
    decor_paint_state ps = {
        .state = f->state,
        .hover = DECOR_BUTTON_NONE,
        .pressed = DECOR_BUTTON_NONE,
        .title = TITLE,
        .icon = NULL,
        .opaque = true,
    };
    cairo_t *cr = cairo_create(f->surface);
    decor_paint_pieces(s, cr, &f->l, f->w, f->h, &ps, false);
    cairo_destroy(cr);
    cairo_surface_flush(f->surface);
}

static decor_style *start_style(const char *theme)
{
    gdk_set_allowed_backends("x11");
    if (!gtk_init_check(NULL, NULL)) {
        fprintf(stderr, "purr-bench-decor: GTK cannot open display %s\n",
                getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
        return NULL;
    }
    decor_style *s = decor_style_new(theme, false);
    if (!s)
        fprintf(stderr, "purr-bench-decor: no style for theme %s\n", theme ? theme : "(default)");
    return s;
}

/* ---- paint ---- */

/* A copy of what a frame's pixmap holds, as PNG: to see that something was
 * painted at all. */
static void frame_png(frame *f, const char *path)
{
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, f->w, f->h);
    cairo_t *cr = cairo_create(img);
    cairo_set_source_surface(cr, f->surface, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_status_t st = cairo_surface_write_to_png(img, path);
    if (st != CAIRO_STATUS_SUCCESS)
        fprintf(stderr, "purr-bench-decor: %s: %s\n", path, cairo_status_to_string(st));
    cairo_surface_destroy(img);
}

static int mode_paint(const char *theme, int frames, int warmup, const char *png)
{
    bench_x x;
    decor_style *s = start_style(theme);
    if (!s || !bench_x_open(&x))
        return 1;
    decor_button_layout bl;
    decor_parse_button_layout(NULL, &bl);
    static const struct {
        int w, h;
    } sizes[] = {{1920, 1080}, {800, 600}};
    static const struct {
        const char *name;
        unsigned state;
    } states[] = {{"focused", 0}, {"backdrop", DECOR_STATE_BACKDROP}};
    double *t = g_new(double, frames);
    for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++) {
        for (size_t j = 0; j < G_N_ELEMENTS(states); j++) {
            frame f;
            frame_open(&x, &f, sizes[i].w, sizes[i].h, states[j].state);
            frame_layout(s, &bl, &f);
            for (int k = 0; k < warmup; k++)
                frame_paint(s, &f);
            round_trip(&x);
            double sum = 0;
            for (int k = 0; k < frames; k++) {
                double t0 = now_us();
                frame_paint(s, &f);
                round_trip(&x);
                t[k] = now_us() - t0;
                sum += t[k];
            }
            printf("paint_%d_%s_mean_us %.1f\n", f.w, states[j].name, sum / frames);
            printf("paint_%d_%s_median_us %.1f\n", f.w, states[j].name, median(t, frames));
            fflush(stdout);
            if (png && i == 0 && j == 0)
                frame_png(&f, png);
            frame_close(&x, &f);
        }
    }
    g_free(t);
    printf("paint_frames %d\n", frames);
    decor_style_destroy(s);
    xcb_disconnect(x.conn);
    return 0;
}

/* ---- restyle ---- */

#define RESTYLE_FRAMES 100

static char *write_css(int i)
{
    char *path = NULL;
    GError *err = NULL;
    int fd = g_file_open_tmp("purr-bench-decor-XXXXXX.css", &path, &err);
    if (fd < 0) {
        fprintf(stderr, "purr-bench-decor: %s\n", err->message);
        g_error_free(err);
        return NULL;
    }
    size_t len = strlen(restyle_css[i]);
    bool ok = write(fd, restyle_css[i], len) == (ssize_t)len;
    close(fd);
    if (!ok) {
        fprintf(stderr, "purr-bench-decor: %s: %s\n", path, strerror(errno));
        unlink(path);
        g_free(path);
        return NULL;
    }
    return path;
}

static int mode_restyle(const char *theme, int runs, const char *css_a, const char *css_b)
{
    bench_x x;
    decor_style *s = start_style(theme);
    if (!s || !bench_x_open(&x))
        return 1;
    char *own[2] = {css_a ? NULL : write_css(0), css_b ? NULL : write_css(1)};
    const char *css[2] = {css_a ? css_a : own[0], css_b ? css_b : own[1]};
    if (!css[0] || !css[1])
        return 1;
    decor_button_layout bl;
    decor_parse_button_layout(NULL, &bl);
    frame *frames = g_new(frame, RESTYLE_FRAMES);
    for (int i = 0; i < RESTYLE_FRAMES; i++) {
        frame_open(&x, &frames[i], 800, 600, i == 0 ? 0 : DECOR_STATE_BACKDROP);
        frame_layout(s, &bl, &frames[i]);
        frame_paint(s, &frames[i]);
    }
    round_trip(&x);

    double *t = g_new(double, runs);
    int errors = 0;
    for (int r = -1; r < runs; r++) { /* run -1: untimed */
        double t0 = now_us();
        int n = decor_style_load_user_css(s, css[(r + 2) % 2]);
        if (n != 0)
            errors++;
        decor_metrics m[2];
        decor_style_metrics(s, 0, &m[0]);
        decor_style_metrics(s, DECOR_STATE_BACKDROP, &m[1]);
        for (int i = 0; i < RESTYLE_FRAMES; i++) {
            frame *f = &frames[i];
            decor_layout_compute(&m[f->state ? 1 : 0], &bl, f->w, ~0u, false, &f->l);
            frame_paint(s, f);
        }
        round_trip(&x);
        double ms = (now_us() - t0) / 1e3;
        if (r >= 0) {
            t[r] = ms;
            printf("restyle_run_ms %.2f\n", ms);
        }
    }
    if (errors)
        fprintf(stderr, "purr-bench-decor: the CSS had errors in %d loads\n", errors);
    printf("restyle_frames %d\n", RESTYLE_FRAMES);
    printf("restyle_median_ms %.2f\n", median(t, runs));
    fflush(stdout);
    g_free(t);
    for (int i = 0; i < RESTYLE_FRAMES; i++)
        frame_close(&x, &frames[i]);
    g_free(frames);
    for (int i = 0; i < 2; i++) {
        if (own[i])
            unlink(own[i]);
        g_free(own[i]);
    }
    decor_style_destroy(s);
    xcb_disconnect(x.conn);
    return 0;
}

/* ---- title ---- */

static xcb_atom_t intern(xcb_connection_t *c, const char *name)
{
    xcb_intern_atom_reply_t *r =
        xcb_intern_atom_reply(c, xcb_intern_atom(c, 0, (uint16_t)strlen(name), name), NULL);
    xcb_atom_t a = r ? r->atom : XCB_ATOM_NONE;
    free(r);
    return a;
}

static void set_string(xcb_connection_t *c, xcb_window_t w, xcb_atom_t prop, xcb_atom_t type,
                       const char *s, size_t len)
{
    xcb_change_property(c, XCB_PROP_MODE_REPLACE, w, prop, type, 8, (uint32_t)len, s);
}

static bool wait_line(void)
{
    char buf[64];
    return fgets(buf, sizeof buf, stdin) != NULL;
}

static int mode_title(int changes, int pause_ms, double timeout)
{
    bench_x x;
    if (!bench_x_open(&x))
        return 1;
    xcb_connection_t *c = x.conn;
    xcb_atom_t net_wm_name = intern(c, "_NET_WM_NAME");
    xcb_atom_t utf8 = intern(c, "UTF8_STRING");
    xcb_window_t w = xcb_generate_id(c);
    uint32_t mask = XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK;
    uint32_t values[] = {x.screen->white_pixel, XCB_EVENT_MASK_STRUCTURE_NOTIFY};
    xcb_create_window(c, XCB_COPY_FROM_PARENT, w, x.screen->root, 100, 100, 800, 600, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, x.screen->root_visual, mask, values);
    set_string(c, w, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, "title 0", 7);
    set_string(c, w, net_wm_name, utf8, "title 0", 7);
    static const char wm_class[] = "purr-bench-decor\0PurrBenchDecor";
    set_string(c, w, XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, wm_class, sizeof wm_class);
    xcb_map_window(c, w);
    xcb_flush(c);

    /* Mapped means the manager handled the MapRequest. */
    double deadline = now_us() + timeout * 1e6;
    bool mapped = false;
    while (!mapped && now_us() < deadline) {
        xcb_generic_event_t *ev = xcb_poll_for_event(c);
        if (!ev) {
            if (xcb_connection_has_error(c))
                break;
            g_usleep(2000);
            continue;
        }
        if ((ev->response_type & 0x7f) == XCB_MAP_NOTIFY)
            mapped = true;
        free(ev);
    }
    printf("ready %d\n", mapped ? 1 : 0);
    fflush(stdout);
    if (!mapped || !wait_line())
        return 1;

    double t0 = now_us();
    for (int i = 1; i <= changes; i++) {
        char title[128];
        int n =
            snprintf(title, sizeof title, "purr-bench-decor — title change %d of %d", i, changes);
        set_string(c, w, net_wm_name, utf8, title, (size_t)n);
        xcb_flush(c);
        g_usleep((gulong)pause_ms * 1000);
        free(xcb_poll_for_event(c)); /* keep the queue short; nothing to wait for */
    }
    round_trip(&x);
    printf("title_changes %d\n", changes);
    printf("title_ms %.1f\n", (now_us() - t0) / 1e3);
    printf("done 1\n");
    fflush(stdout);
    wait_line();
    xcb_disconnect(c);
    return 0;
}

/* ---- main ---- */

static int usage(void)
{
    fprintf(stderr,
            "usage: purr-bench-decor paint [--frames N] [--warmup N] [--theme NAME] [--png FILE]\n"
            "       purr-bench-decor restyle [--runs N] [--css A.css B.css] [--theme NAME]\n"
            "       purr-bench-decor title [--changes N] [--pause-ms MS] [--timeout S]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const char *mode = argv[1];
    const char *theme = NULL, *css_a = NULL, *css_b = NULL, *png = NULL;
    int frames = 500, warmup = 20, runs = 7, changes = 200, pause_ms = 20;
    double timeout = 20;
    for (int i = 2; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "--frames") == 0 && more)
            frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--warmup") == 0 && more)
            warmup = atoi(argv[++i]);
        else if (strcmp(argv[i], "--png") == 0 && more)
            png = argv[++i];
        else if (strcmp(argv[i], "--theme") == 0 && more)
            theme = argv[++i];
        else if (strcmp(argv[i], "--runs") == 0 && more)
            runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--css") == 0 && i + 2 < argc) {
            css_a = argv[++i];
            css_b = argv[++i];
        } else if (strcmp(argv[i], "--changes") == 0 && more)
            changes = atoi(argv[++i]);
        else if (strcmp(argv[i], "--pause-ms") == 0 && more)
            pause_ms = atoi(argv[++i]);
        else if (strcmp(argv[i], "--timeout") == 0 && more)
            timeout = atof(argv[++i]);
        else
            return usage();
    }
    if (frames < 1 || warmup < 0 || runs < 1 || changes < 1 || pause_ms < 0)
        return usage();
    if (strcmp(mode, "paint") == 0)
        return mode_paint(theme, frames, warmup, png);
    if (strcmp(mode, "restyle") == 0)
        return mode_restyle(theme, runs, css_a, css_b);
    if (strcmp(mode, "title") == 0)
        return mode_title(changes, pause_ms, timeout);
    return usage();
}
