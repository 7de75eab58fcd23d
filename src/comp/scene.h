/*
 * The compositor's scene: the root's children as X stacks them, with what
 * each shows (geometry, shape, opacity, whether it has alpha), and the
 * damage waiting to be painted. No X here: comp.c feeds it from X's events,
 * and the unit tests feed it by hand.
 *
 * A frame is painted by scene_plan(): the damaged region, each window's
 * part of it that is not hidden under opaque windows above it, and the part
 * where only the desktop shows. Backends paint exactly that.
 */
#pragma once

#include <glib.h>
#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

#define COMP_OPAQUE 0xffffffffu

/* A shadow drawn around windows of any size (a nine-slice): an image of
 * width x height that is the shadow around a box, `left`, `top`, `right`
 * and `bottom` in from its edges. Around a window its corners are kept
 * and its middle row and column stretched. The backends keep what they
 * made of it in priv. */
typedef struct scene_shadow {
    int width, height;
    int left, top, right, bottom;
    void *priv;
} scene_shadow;

/* One of the up to eight pieces of a shadow around a window: where it
 * goes (root coordinates), the image's pixel at its top-left corner, and
 * whether one column (stretch_x) or one row (stretch_y) of the image is
 * drawn across it. */
typedef struct scene_shadow_piece {
    pixman_box32_t dst;
    int sx, sy;
    bool stretch_x, stretch_y;
} scene_shadow_piece;

typedef struct comp_node {
    uint32_t id; /* the X window */
    int x, y;    /* outer top-left corner (the border's), root coordinates */
    int w, h;    /* inside size */
    int bw;      /* border width */
    bool mapped;
    bool input_only; /* never painted */
    bool argb;       /* the visual has alpha */
    uint32_t visual;
    uint32_t opacity;
    bool shaped;             /* shape holds the bounding shape */
    pixman_region32_t shape; /* window coordinates, border included */
    bool unredirected;       /* X draws it straight to the screen */
    bool held;               /* mapped, not shown before its first frame */
    bool frozen;             /* resized: its last frame shows until the next */
    bool covered;            /* a hidden tab, exactly under the tab shown: never painted */
    uint32_t bypass;         /* _NET_WM_BYPASS_COMPOSITOR: 1 asks, 2 forbids */
    int full_frames;         /* frames in a row that damaged all of it */
    /* The part known to be opaque although the visual has alpha (a
     * frame's client area), window coordinates; empty: none. */
    pixman_box32_t opaque_box;
    const scene_shadow *shadow; /* drawn around it and under it, NULL: none */
    bool content_damaged;       /* damaged since the backend last saw its pixmap */
    bool damage_pending;        /* X reported damage not yet taken into the scene... */
    pixman_box32_t damage_box;  /* ...its bounding box, window coordinates */
    uint32_t pixmap;            /* the named pixmap, 0 until needed */
    void *priv;                 /* the backend's picture or texture */
    /* X resources comp.c keeps for it. */
    uint32_t damage;
    uint32_t attr_sequence; /* GetWindowAttributes not yet answered, 0: answered */
    bool described;         /* one of purr's own, described by purr (comp_own) */
} comp_node;

typedef struct comp_paint {
    comp_node *node;
    pixman_region32_t clip;   /* root coordinates */
    pixman_region32_t solid;  /* the part of clip the window covers whole,
                               * drawn without blending... */
    pixman_region32_t blend;  /* ...and the rest, blended */
    pixman_region32_t shadow; /* where its shadow shows (around clip), blended first */
} comp_paint;

typedef struct comp_plan {
    pixman_region32_t damage;     /* everything to update on the screen */
    pixman_region32_t background; /* where the desktop shows */
    GArray *items;                /* comp_paint, bottom to top */
} comp_plan;

typedef struct comp_scene {
    int width, height; /* the screen */
    GPtrArray *stack;  /* comp_node *, bottom to top, owned */
    GHashTable *nodes; /* id -> comp_node * */
    pixman_region32_t damage;
} comp_scene;

comp_scene *scene_new(int width, int height);
void scene_free(comp_scene *s);
void scene_resize(comp_scene *s, int width, int height);

comp_node *scene_find(const comp_scene *s, uint32_t id);
/* A new window, on top of its siblings (where X creates one). */
comp_node *scene_add(comp_scene *s, uint32_t id, int x, int y, int w, int h, int bw);
/* Forget it; what it covered is damaged. The caller frees its X side
 * first. */
void scene_remove(comp_scene *s, comp_node *n);
/* New geometry and place: above `above` (0: at the bottom). */
void scene_configure(comp_scene *s, comp_node *n, int x, int y, int w, int h, int bw,
                     uint32_t above);
/* The two halves of it. */
void scene_set_geometry(comp_scene *s, comp_node *n, int x, int y, int w, int h, int bw);
void scene_restack(comp_scene *s, comp_node *n, uint32_t above);
/* To the top (CirculateNotify PlaceOnTop) or the bottom. */
void scene_circulate(comp_scene *s, comp_node *n, bool top);
void scene_set_mapped(comp_scene *s, comp_node *n, bool mapped);
void scene_set_opacity(comp_scene *s, comp_node *n, uint32_t opacity);
/* The bounding shape as rectangles in window coordinates; count < 0:
 * not shaped. */
void scene_set_shape(comp_scene *s, comp_node *n, const pixman_box32_t *boxes, int count);

/* Damage in root coordinates, or in n's window coordinates. */
void scene_damage_rect(comp_scene *s, int x, int y, int w, int h);
void scene_damage_all(comp_scene *s);
void scene_damage_node(comp_scene *s, comp_node *n, const pixman_box32_t *boxes, int count);
bool scene_has_damage(const comp_scene *s);

/* Whether n is painted at all, and whether it hides all that is below it. */
bool scene_node_visible(const comp_node *n);
bool scene_node_opaque(const comp_node *n);
/* What of n hides what is below it (root coordinates). */
void scene_node_opaque_region(const comp_node *n, pixman_region32_t *out);
void scene_set_opaque_box(comp_scene *s, comp_node *n, int x, int y, int w, int h);
/* What n covers on the screen (root coordinates, shape applied). */
void scene_node_region(const comp_node *n, pixman_region32_t *out);
/* That and its shadow: all a change to n damages. */
void scene_node_extents(const comp_node *n, pixman_region32_t *out);
/* The shadow drawn around n (NULL: none); the scene borrows it. */
void scene_set_shadow(comp_scene *s, comp_node *n, const scene_shadow *shadow);
/* The pieces of n's shadow, empty ones left out; returns how many. */
int scene_shadow_pieces(const comp_node *n, scene_shadow_piece out[8]);

/* Take the damage: fill plan (scene_plan_init first) and clear the
 * scene's damage. */
void scene_plan_init(comp_plan *p);
void scene_plan(comp_scene *s, comp_plan *p);
void scene_plan_clear(comp_plan *p);
