/*
 * Painting a frame with the theme's CSS: what decor_layout placed, drawn
 * with gtk_render_* from decor_style's contexts. The client area is left
 * alone (X shows the client there).
 */
#pragma once

#include <cairo.h>
#include <stdbool.h>

#include "decor/layout.h"
#include "decor/style.h"

/* One tab of a group (decor_paint_state.tabs). */
typedef struct decor_tab {
    const char *title;     /* any bytes, as for the title; may be NULL */
    cairo_surface_t *icon; /* ARGB32 image, borrowed; NULL: none */
    bool current;          /* the tab shown (:checked) */
    bool attention;        /* its window demands attention (.needs-attention) */
} decor_tab;

typedef struct decor_paint_state {
    unsigned state;            /* enum decor_state bits */
    enum decor_button hover;   /* the button under the pointer (:hover), or NONE */
    enum decor_button pressed; /* the button held down (:active), or NONE */
    /* The title: any bytes, NUL-terminated, may be NULL. Invalid UTF-8 is
     * replaced and only the first 1024 characters are laid out. */
    const char *title;
    /* The window icon for DECOR_BUTTON_ICON: a CAIRO_FORMAT_ARGB32 surface
     * of any size (scaled to the icon's rectangle), borrowed for the call;
     * NULL draws the theme's application-x-executable instead. */
    cairo_surface_t *icon;
    /* The target has no alpha (a frame without compositing): the theme's
     * window background goes under the frame first, so a translucent
     * outline is blended with it instead of with whatever was there. */
    bool opaque;
    /* Room outside the frame the painter may draw into: the decoration's
     * box-shadow (purr-theme's pictures, the compositor's shadow image).
     * 0: none. */
    wm_extents shadow;
    /* One or more: a group's tabs, drawn where the title goes (laid out
     * by decor_tabs_layout() with DECOR_TAB_CLOSE), instead of the title.
     * hover_close is the tab whose close button is under the pointer, -1:
     * none (0 when n_tabs is 0 is fine). */
    const decor_tab *tabs;
    int n_tabs;
    int hover_close;
} decor_paint_state;

/* The widest a shadow may reach out from the frame, per side. */
#define DECOR_MAX_SHADOW 64

/*
 * Paint the frame of frame_w x frame_h laid out as l (decor_layout_compute
 * with decor_style_metrics for the same st->state) into cr, whose origin
 * is the frame's top-left pixel. Only the frame is drawn: pixels of the
 * client area are not touched. Any size, down to 1 x 1, is fine.
 *
 * The decoration node is rendered on the frame less the pixels
 * decor_style_metrics added to reach its 1 px minimum border, so its
 * box-shadow outline (Adwaita: 0 0 0 1px) lands on those pixels; then the
 * title strip (headerbar), the title (label.title: its font, colour,
 * text-shadow and padding; centred on the strip when it fits there, else
 * in its own rectangle, ellipsized at the end; right-to-left text runs
 * right to left) and the buttons (background, frame and their symbolic
 * icon recoloured by the theme).
 */
void decor_paint(decor_style *s, cairo_t *cr, const decor_layout *l, int frame_w, int frame_h,
                 const decor_paint_state *st);

/* The pieces a frame window is painted in, in frame coordinates: the
 * strip with the top border, the left and right sides, the bottom; empty
 * ones left out. strip_only: the first alone. Returns how many. */
#define DECOR_PIECES 4
int decor_pieces(const decor_layout *l, int frame_w, int frame_h, bool strip_only,
                 wm_rect out[DECOR_PIECES]);

/* decor_paint as a frame window wants it (cr's origin is the frame's
 * top-left; a frame window holds no shadow, so st->shadow is not used).
 * Painted in four pieces (the strip with the top border, the left and
 * right sides, the bottom), each through a group, so the target gets
 * every piece whole (on an xcb surface, one server-side copy) and the
 * client area is never touched. strip_only: the first piece alone. */
void decor_paint_pieces(decor_style *s, cairo_t *cr, const decor_layout *l, int frame_w,
                        int frame_h, const decor_paint_state *st, bool strip_only);

/* How far the decoration's box-shadow reaches outside a frame laid out as
 * l (frame_w x frame_h) in this state: painted once off-screen and
 * measured, so it is exactly what decor_paint draws; each side is
 * 0..DECOR_MAX_SHADOW. */
wm_extents decor_shadow_extents(decor_style *s, const decor_layout *l, int frame_w, int frame_h,
                                unsigned state);

/* The decoration's box-shadow alone, for a compositor to draw around
 * frames of any size: painted around a frame laid out as l (frame_w x
 * frame_h, small but with straight edges in the middle) in this state,
 * with what the frame's shape covers (its rectangle less the rounded
 * corners of radius corner_r, as decor_corner_insets has them) cleared,
 * so that the antialiased edge of the corners stays. *margins: how far
 * it reaches out. NULL when the theme draws no shadow there. */
cairo_surface_t *decor_shadow_image(decor_style *s, const decor_layout *l, int frame_w, int frame_h,
                                    unsigned state, int corner_r, wm_extents *margins);

/* Fill the client area of the layout with the theme's window background
 * (window.background), as a sample client for previews (purr-theme). */
void decor_paint_client_sample(decor_style *s, cairo_t *cr, const decor_layout *l, int frame_w,
                               int frame_h, unsigned state);
