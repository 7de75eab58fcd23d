/*
 * The compositor, as the rest of purr sees it. It speaks X on purr's
 * connection: it redirects the root's children, owns _NET_WM_CM_Sn, follows
 * the top-level windows from X's events into its scene and paints the
 * damaged part of the screen through one backend, at most once per vblank.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <xcb/xcb.h>

typedef struct comp comp;

enum comp_mode {
    COMP_AUTO,    /* GL, then XRender; XRender on a software renderer */
    COMP_GL,      /* GLX texture-from-pixmap */
    COMP_XRENDER, /* the Render extension */
    COMP_NULL,    /* the whole pipeline, nothing drawn: for tests */
    COMP_NONE,    /* no redirection at all */
};

/* "auto", "gl", "xrender", "null", "none"; false for anything else. */
bool comp_parse_mode(const char *s, enum comp_mode *out);

typedef struct comp_shadow comp_shadow;

#define COMP_OWN_SHAPE 65

/* What purr knows of one of its own windows, so the compositor need not
 * ask the server when it maps. */
typedef struct comp_own {
    bool input_only;
    xcb_visualid_t visual;
    /* Its bounding shape, window coordinates (a frame's rounded corners):
     * n_shape rectangles (up to COMP_OWN_SHAPE), or n_shape < 0: none. */
    int n_shape;
    xcb_rectangle_t shape[COMP_OWN_SHAPE];
    const comp_shadow *shadow; /* drawn around it, NULL: none */
    bool has_opacity;          /* _NET_WM_WINDOW_OPACITY is on the window, as opacity */
    uint32_t opacity;
    uint32_t bypass; /* _NET_WM_BYPASS_COMPOSITOR as on the window, 0: none */
} comp_own;

typedef struct comp_host {
    xcb_connection_t *conn;
    xcb_screen_t *screen;
    int screen_number;
    const char *display_name; /* for GLX, which needs its own Xlib handle */
    bool replace;             /* take _NET_WM_CM_Sn from another compositor */
    /* Errors for this request are races (a window went away): drop them. */
    void (*expect)(void *data, unsigned sequence);
    /* One of purr's own windows (a frame, a grip) described; false: not
     * known, ask the server. */
    bool (*describe)(void *data, xcb_window_t w, comp_own *out);
    void *data;
} comp_host;

/* purr --gl-probe DISPLAY: prints which renderer GL would use on DISPLAY
 * ("" for $DISPLAY) and returns 0, or returns 1 when GL cannot start. */
int comp_gl_probe_main(const char *display);

/* Start compositing, or NULL when mode is NONE or nothing works (each
 * refusal logged with its reason; purr then manages windows uncomposited).
 * time: a server timestamp, for the selection. */
comp *comp_start(const comp_host *h, enum comp_mode mode, xcb_timestamp_t time);
/* Give the windows back to X and the selection up. */
void comp_stop(comp *c);
/* Compositing now (false once a failure made it stop). */
bool comp_active(const comp *c);

/* Every event from the server, before purr handles it; true when it was
 * the compositor's alone (Damage, Present). */
bool comp_event(comp *c, const xcb_generic_event_t *ev);
/* Before the main loop sleeps: paint if there is damage and the last
 * frame has been shown. */
void comp_flush(comp *c);
/* purr changed _NET_WM_WINDOW_OPACITY or _NET_WM_BYPASS_COMPOSITOR on a
 * frame (copied from its client): read them again. */
void comp_properties_changed(comp *c, xcb_window_t toplevel);
/* The part of a top-level window with alpha known to be opaque (a
 * frame's client area), window coordinates; w 0: none. */
void comp_set_opaque(comp *c, xcb_window_t toplevel, int x, int y, int w, int h);
/* The client's extended _NET_WM_SYNC_REQUEST_COUNTER (0: none): each
 * frame it finishes is answered with _NET_WM_FRAME_DRAWN once on the
 * screen, and _NET_WM_FRAME_TIMINGS once presented. */
void comp_set_frame_counter(comp *c, xcb_window_t toplevel, xcb_window_t client, uint32_t counter);
/* purr is about to resize the client in this top-level window: if the
 * client paces its frames, its last frame stays on the screen, where it
 * was, until it has drawn one at the new size (a second at most). */
void comp_freeze(comp *c, xcb_window_t toplevel);

/* This top-level window is a hidden tab, exactly under the frame of the
 * tab its group shows: not painted (its shadow would darken the shown
 * one's), and painted again when covered is false. */
void comp_set_covered(comp *c, xcb_window_t toplevel, bool covered);
/* A shadow for purr's frames, drawn by the compositor around and under
 * a top-level window of any size: an image (premultiplied ARGB32 in
 * native-endian words, rows `stride` bytes apart, copied) of the shadow
 * around a box `left`, `top`, `right` and `bottom` in from its edges.
 * Around a window the image's corners are kept and its middle row and
 * column stretched; nothing is drawn where the window's shape is. NULL
 * when c is NULL or the image is no use. */
comp_shadow *comp_shadow_new(comp *c, const uint8_t *pixels, int stride, int width, int height,
                             int left, int top, int right, int bottom);
/* Free it; the windows it was drawn around have none until told again. */
void comp_shadow_free(comp *c, comp_shadow *s);
/* The shadow of this one of purr's own top-level windows has changed to
 * what comp_own now says (as has its shape after a ShapeNotify). */
void comp_own_changed(comp *c, xcb_window_t toplevel);

/* The monitors (x, y, width, height each), where a fullscreen window may
 * be unredirected; none: the screen. */
void comp_set_monitors(comp *c, const int (*rects)[4], unsigned count);
