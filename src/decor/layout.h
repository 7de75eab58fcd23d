/*
 * The parts of a frame, placed by pure geometry from sizes the CSS theme
 * gives (style.c reads them) and the button layout. No GTK, no X: unit-
 * tested without a display. The painter (paint.c) and the input code use
 * the same rectangles, so what is drawn is what is clicked.
 */
#pragma once

#include <stdbool.h>

#include "wm/wm.h"

#define DECOR_MAX_BUTTONS 8

/* purr's layout when there is none (not GNOME's "appmenu:close"). */
#define DECOR_DEFAULT_BUTTON_LAYOUT "menu:minimize,maximize,close"

enum decor_button {
    DECOR_BUTTON_NONE,
    DECOR_BUTTON_CLOSE,
    DECOR_BUTTON_MAXIMIZE,
    DECOR_BUTTON_MINIMIZE,
    DECOR_BUTTON_MENU, /* "menu" and "appmenu": the window menu */
    DECOR_BUTTON_ICON, /* "icon": the window's icon, which opens the menu */
    DECOR_BUTTON_SPACER,
};

/* GNOME's button-layout (org.gnome.desktop.wm.preferences), e.g.
 * "menu:minimize,maximize,close": the names before the first ':' go left
 * of the title, the names after it right, each group in reading order.
 * Without a ':' every name goes left (as in GNOME). Names are "close",
 * "maximize", "minimize", "menu", "appmenu" (both DECOR_BUTTON_MENU),
 * "icon" and "spacer"; whitespace around a name is ignored and empty names
 * are skipped. text NULL gives DECOR_DEFAULT_BUTTON_LAYOUT.
 *
 * Returns false when a name was unknown or a side had more than
 * DECOR_MAX_BUTTONS names; those are skipped and everything else is still
 * filled in, so the result is usable either way. Nothing is logged: the
 * caller knows where the text came from and says so. out must not be NULL. */
typedef struct decor_button_layout {
    enum decor_button left[DECOR_MAX_BUTTONS], right[DECOR_MAX_BUTTONS];
    int n_left, n_right;
} decor_button_layout;
bool decor_parse_button_layout(const char *text, decor_button_layout *out);

/* The name of a button in button-layout syntax ("menu" for MENU), or NULL
 * for NONE and values outside the enum. Static, never freed. */
const char *decor_button_name(enum decor_button b);

/* Sizes from the theme, in pixels. A negative size counts as 0. */
typedef struct decor_metrics {
    wm_extents border; /* around the whole frame (top: above the title strip) */
    int title_height;  /* the title strip, its padding included */
    int pad_left, pad_right, pad_top, pad_bottom; /* title strip padding */
    int button_w, button_h;                       /* a title button, margins included */
    int spacing;    /* between buttons, and between buttons and title */
    int icon_size;  /* the window icon in the strip */
    int tab_height; /* the tab bar under the title strip; 0: none */
} decor_metrics;

/* The largest sizes a theme may ask for. X sizes are 16-bit and a frame
 * must leave room for its client: a border beyond DECOR_MAX_BORDER or a
 * title strip, button, padding or icon beyond DECOR_MAX_STRIP is a typo. */
#define DECOR_MAX_BORDER 256
#define DECOR_MAX_STRIP  512

/* Cap m's sizes to 0..DECOR_MAX_BORDER (borders, paddings) and
 * 0..DECOR_MAX_STRIP (strip, buttons, spacing, icon, tab bar). True when
 * something was out of range. */
bool decor_metrics_clamp(decor_metrics *m);

typedef struct decor_rect_button {
    enum decor_button kind; /* never NONE or SPACER */
    wm_rect rect;           /* frame coordinates */
} decor_rect_button;

typedef struct decor_layout {
    wm_extents extents; /* what the frame adds around the client */
    wm_rect strip;      /* the title strip */
    wm_rect title;      /* the title text; w 0 when nothing fits */
    wm_rect tabs;       /* the tab bar; all 0 when tab_height is 0 */
    /* The buttons shown, in layout order: the left group, then the right
     * one. Spacers take room but are not listed. */
    decor_rect_button buttons[2 * DECOR_MAX_BUTTONS];
    int n_buttons;
} decor_layout;

/* Lay out a frame w pixels wide, in frame coordinates (origin top-left).
 * m, bl and out must not be NULL; out is overwritten.
 *
 * extents = {border.left, border.right, border.top + title_height +
 * tab_height, border.bottom}. The strip is the title_height rows under
 * border.top between the side borders; the tab bar (when tab_height > 0)
 * the tab_height rows under it, as wide.
 *
 * Inside the strip's padding the left group is packed from the left edge
 * and the right group against the right edge, `spacing` apart; the title
 * gets what is left between them, less `spacing` on a side that has
 * buttons. A button is button_w x button_h, a spacer button_w / 2 wide,
 * the icon icon_size square. Each is centred vertically between the top
 * and bottom padding; one taller than that reaches into the padding, and
 * one taller than the strip is cut to the strip's height (the icon stays
 * square). A strip 0 high has no buttons.
 *
 * Which buttons may show: `allowed` holds enum wm_action bits
 * (_NET_WM_ALLOWED_ACTIONS). Close needs WM_ACTION_CLOSE, maximize either
 * WM_ACTION_MAXIMIZE_HORZ or _VERT, minimize WM_ACTION_MINIMIZE; the menu
 * and the icon always show. A button not allowed takes no room.
 *
 * When the buttons do not fit, they are dropped until they do: spacers
 * first, then the menu and the icon, minimize, maximize, and close last;
 * among equals, the one nearest the title first. When even close does not
 * fit there are no buttons and the title has the strip (its width may be 0).
 *
 * rtl mirrors the buttons and the title inside the strip (x' = 2 strip.x +
 * strip.w - x - width, which is w - x - width when the side borders are
 * equal): the left group goes right, in reverse order, as in a GTK header
 * bar. The extents, the strip and the tab bar stay where they are: CSS
 * borders are physical, so the client does not move.
 *
 * Every rectangle has w, h >= 0 and lies inside the frame, however small
 * w (even below the side borders) and whatever the metrics. */
void decor_layout_compute(const decor_metrics *m, const decor_button_layout *bl, int w,
                          unsigned allowed, bool rtl, decor_layout *out);

/* The button at frame point (x, y), or NULL: a rect holds x..x+w-1 and
 * y..y+h-1. Never a spacer. l may be NULL (no button). */
const decor_rect_button *decor_button_at(const decor_layout *l, int x, int y);

/* Tabs: a group of windows shows one tab per member where the title goes
 * (l->title), side by side, equally wide (the first ones a pixel wider
 * when the width does not divide), each with a close button of close_size
 * square at its end when the tab is at least twice as wide as that, and
 * the rest for the icon and title. */
#define DECOR_MAX_TABS  64
#define DECOR_TAB_CLOSE 20 /* the close button's size the painter and purr use */
/* A tab is at most this many times as wide as it is high: as in a browser,
 * a few tabs leave the rest of the strip free, to drag the frame by. */
#define DECOR_TAB_MAX_ASPECT 8
typedef struct decor_tab_rect {
    wm_rect tab;   /* frame coordinates */
    wm_rect close; /* w 0: no close button */
} decor_tab_rect;

/* Fills out[0..n-1] (n clamped to 0..DECOR_MAX_TABS) and returns how many;
 * the tabs start at the title room's reading start, share it and are no
 * wider than DECOR_TAB_MAX_ASPECT heights each; tabs narrower than a
 * pixel get w 0. rtl puts the first tab on the right and each close
 * button at its tab's left end. */
int decor_tabs_layout(const decor_layout *l, int n, int close_size, bool rtl, decor_tab_rect *out);

/* The tab at frame point (x, y), or -1; *on_close (may be NULL) tells
 * whether the point is on its close button. */
int decor_tab_at(const decor_tab_rect *tabs, int n, int x, int y, bool *on_close);

/* A frame's rounded top corners as pixels: for each of the top rows, how
 * many pixels the arc of radius r leaves out at each end of a frame w
 * wide (the row's middle decides). r is capped at w / 2 and at
 * DECOR_MAX_CORNER; returns the rows, 0 for square corners. */
#define DECOR_MAX_CORNER 64
int decor_corner_insets(int w, int r, int inset[DECOR_MAX_CORNER]);
