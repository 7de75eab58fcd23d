/*
 * What comp.c shares with its backends: the compositor's state and the
 * table of functions each backend fills.
 */
#pragma once

#include <glib.h>
#include <xcb/xcb.h>
#include <xcb/xfixes.h>

#include "comp/comp.h"
#include "comp/scene.h"

typedef struct comp_backend {
    const char *name;
    /* Set up painting on c->overlay; false with *why (g_strdup'd) set. */
    bool (*init)(comp *c, char **why);
    void (*finish)(comp *c);
    /* n's pixmap is about to be freed: drop what was made from it. */
    void (*release)(comp *c, comp_node *n);
    /* Before planning a frame: grow the damage where the backend's buffer
     * is out of date (NULL: it never is). */
    void (*prepare)(comp *c, pixman_region32_t *damage);
    /* Paint the plan's damage and show it; never waits for the GPU.
     * false: the backend cannot go on (*why set), the compositor falls
     * back to the next one. */
    bool (*paint)(comp *c, const comp_plan *p, char **why);
    /* The root's size or its background pixmap changed. */
    void (*root_changed)(comp *c);
    /* Drop what the backend made of a shadow (shadow->geom.priv). */
    void (*shadow_release)(comp *c, comp_shadow *s);
} comp_backend;

/* A shadow (comp.h): its geometry for the scene and its pixels. */
struct comp_shadow {
    scene_shadow geom; /* first: a node's shadow is its comp_shadow */
    uint32_t *pixels;  /* geom.width x geom.height, rows packed */
};

/* The shadow drawn around n (the scene knows only its geometry). */
static inline comp_shadow *comp_node_shadow(const comp_node *n)
{
    return (comp_shadow *)n->shadow;
}

extern const comp_backend comp_backend_xrender;
extern const comp_backend comp_backend_null;
extern const comp_backend comp_backend_gl;

struct comp {
    comp_host host;
    enum comp_mode mode; /* as asked for: COMP_GL forces GL on a software renderer */
    xcb_connection_t *conn;
    xcb_screen_t *screen;
    xcb_window_t root;
    const comp_backend *backend; /* NULL once stopped */
    void *priv;                  /* the backend's */
    bool stopped;                /* nothing works any more: a plain window manager */
    bool exiting;                /* comp_stop: purr is about to exit */

    comp_scene *scene;
    comp_plan plan;
    xcb_window_t overlay;
    xcb_window_t cm_owner; /* owns _NET_WM_CM_Sn */
    xcb_atom_t cm_atom;
    xcb_pixmap_t root_pixmap;    /* the desktop's background (_XROOTPMAP_ID), or 0 */
    uint32_t own_base, own_mask; /* purr's own resource ids */

    uint8_t damage_event;   /* XDamageNotify */
    uint8_t shape_event;    /* ShapeNotify, 0 without Shape */
    uint8_t present_opcode; /* 0 without Present */
    uint32_t present_eid;
    uint32_t msc_serial;
    bool frame_pending;        /* painted; waiting for the next vblank */
    guint frame_timer;         /* pacing without Present */
    guint hold_timer;          /* shows held windows that never finish a frame */
    guint freeze_timer;        /* thaws resized windows that never draw their new size */
    GArray *pending;           /* xcb_window_t nodes with damage to take */
    GArray *monitors;          /* pixman_box32_t; empty: the screen */
    comp_node *unredirected;   /* the fullscreen window X shows directly */
    GHashTable *opaque_hints;  /* window -> pixman_box32_t, for windows not yet seen */
    GHashTable *covered_hints; /* windows comp_set_covered() named before they were seen */
    GPtrArray *shadows;        /* comp_shadow *, owned */

    /* Frame sync (frames.c part of comp.c): one per client with an
     * extended counter, by alarm and by top-level window. */
    uint8_t sync_event; /* XSync's first event, 0 without XSync */
    GHashTable *syncs_by_alarm;
    GHashTable *syncs_by_window;
    GPtrArray *drawn;   /* frame_sync * whose FRAME_DRAWN goes out after the next paint */
    GPtrArray *timings; /* frame_sync * waiting for the frame's presentation */
    int64_t last_ust;   /* Present's time of the last vblank, µs */
    uint64_t last_msc;  /* and its count */
    int64_t refresh_us; /* between vblanks, as measured */
    struct {
        uint64_t frames, vblanks, damage; /* logged at exit */
    } stats;
};

/* Make sure n has its named pixmap (painting needs it); when the window
 * went away meanwhile, X's error is expected and the pixmap stays empty. */
void comp_node_pixmap(comp *c, comp_node *n);
