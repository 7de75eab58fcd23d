/*
 * The GTK CSS side of window borders: style contexts for the nodes GTK
 * uses for its own decorations, the GTK theme they come from, the user's
 * theme.css on top, and the sizes the layout needs.
 *
 * The node tree (each context's GtkWidgetPath) is
 *
 *   window.background.ssd|.csd.purr[.maximized|.tiled|.fullscreen]
 *   ├── decoration
 *   └── headerbar.titlebar.default-decoration
 *       ├── box.vertical > label.title
 *       ├── box.horizontal.left / .right
 *       │   ├── button.titlebutton.close|.maximize|.minimize|.menu > image
 *       │   └── image.titlebutton.icon (the window icon)
 *       └── notebook.purr-tabs > header.top > tabs > tab.purr-tab[:checked]
 *           ├── label
 *           └── button.flat.small-button.close.purr-tab-close > image
 *
 * The notebook holds a group's tabs, in place of the title, as GTK draws a
 * notebook's tabs along its top; :checked marks the tab shown, and
 * .needs-attention the tab and the label of one whose window demands
 * attention (purr's own rule, above the theme's, colours that label).
 *
 * with :backdrop on every node of an unfocused frame, and :hover / :active
 * on a button under the pointer / pressed. This is the tree GTK 3 builds
 * for a window with its default title bar, except that the menu button is
 * `.menu` (GTK's is `.appmenu`, which Adwaita draws square) and `.purr`
 * marks the top node, so a theme or theme.css can target purr alone.
 * `.ssd` rather than `.csd` because the window manager draws this frame:
 * themes then give the decoration a 1 px outline instead of a large
 * shadow with margins. On an ARGB frame that a compositor blends
 * (DECOR_STATE_COMPOSITED) the top node is `.csd`, as GTK has it for its
 * own decorations under a compositor, and the theme's box-shadow shows.
 *
 * GTK must be initialised on a display before decor_style_new (ui_init
 * does it in purr; purr-theme does it itself). Everything here runs on
 * GTK's thread, which is purr's only thread.
 */
#pragma once

#include <stdbool.h>

#include "decor/layout.h"

typedef struct _GtkStyleContext GtkStyleContext;
typedef struct _GtkBorder GtkBorder;

/* What a frame looks like now: bits, combined freely. */
enum decor_state {
    DECOR_STATE_BACKDROP = 1 << 0,   /* the window is not focused */
    DECOR_STATE_MAXIMIZED = 1 << 1,  /* .maximized */
    DECOR_STATE_TILED = 1 << 2,      /* .tiled */
    DECOR_STATE_FULLSCREEN = 1 << 3, /* .fullscreen */
    DECOR_STATE_RTL = 1 << 4,        /* :dir(rtl) on every node */
    DECOR_STATE_COMPOSITED = 1 << 5, /* .csd for .ssd: the theme's shadows */
};

/* The nodes of one frame, for one enum decor_state combination. */
enum decor_node {
    DECOR_NODE_WINDOW,
    DECOR_NODE_DECORATION,
    DECOR_NODE_HEADERBAR,
    DECOR_NODE_TITLE,
    DECOR_NODE_BUTTON_CLOSE,
    DECOR_NODE_BUTTON_MAXIMIZE,
    DECOR_NODE_BUTTON_MINIMIZE,
    DECOR_NODE_BUTTON_MENU,
    DECOR_NODE_ICON,        /* image.titlebutton.icon: no button around it */
    DECOR_NODE_IMAGE_CLOSE, /* the image inside each button, same order */
    DECOR_NODE_IMAGE_MAXIMIZE,
    DECOR_NODE_IMAGE_MINIMIZE,
    DECOR_NODE_IMAGE_MENU,
    DECOR_NODE_TAB_HEADER, /* notebook > header.top: under all the tabs */
    DECOR_NODE_TAB,
    DECOR_NODE_TAB_LABEL,
    DECOR_NODE_TAB_CLOSE,
    DECOR_NODE_TAB_CLOSE_IMAGE,
    DECOR_NODE_COUNT
};

typedef struct decor_style decor_style;

/*
 * Style from a GTK theme. gtk_theme NULL follows GtkSettings (XSETTINGS
 * Net/ThemeName, or GTK's default, Adwaita), and keeps following it when it
 * changes. A name ("Arc", or "Adwaita:dark" with a variant) sets
 * gtk-theme-name on the default GtkSettings: GTK has one theme per screen,
 * so purr's own popups take the same theme, which is what we want. A
 * second theme loaded with gtk_css_provider_get_named() at THEME priority
 * would mix its rules with the settings' theme instead of replacing it.
 * prefer_dark (or a ":dark" variant) sets gtk-application-prefer-dark-theme;
 * false leaves the setting as it is. The GTK_THEME environment variable,
 * when set, beats both (GTK's rule).
 *
 * Returns NULL, with one line logged, when GTK has no display or the named
 * theme is not installed (GTK would silently fall back to Adwaita).
 * Free with decor_style_destroy (NULL is fine).
 */
decor_style *decor_style_new(const char *gtk_theme, bool prefer_dark);
void decor_style_destroy(decor_style *s);

/* Whether a GTK 3 theme of that name (":variant" allowed) is installed or
 * built into GTK. */
bool decor_style_theme_exists(const char *gtk_theme);

/*
 * Load the user's CSS (theme.css) at GTK_STYLE_PROVIDER_PRIORITY_USER, so
 * any rule in it that matches beats every theme rule whatever their
 * selectors' specificity. It replaces the CSS loaded before and applies to
 * border contexts only, not to purr's popups.
 *
 * Each CSS error (unknown property, bad value, unclosed block) is logged
 * once as "FILE:LINE:COL: message" (1-based); GTK skips the bad rule or
 * declaration and the rest of the file still applies. Returns the number
 * of errors logged: 0 also for a missing file (which just drops the user
 * CSS), -1 when the file exists but cannot be read or is over 1 MiB or
 * 2000 rules (GTK 3 would take minutes and gigabytes on such a file; see
 * style.c) — logged, and the CSS loaded before stays.
 */
int decor_style_load_user_css(decor_style *s, const char *path);

/*
 * The sizes of a frame in the given enum decor_state bits, from CSS:
 *
 * - border.left/right/bottom: the decoration node's border + padding, but
 *   at least 1 px (0 when maximized or fullscreen), so that there is a
 *   visible outline (themes draw it with the decoration's box-shadow, which
 *   decor_paint lands on that pixel) and something to grab. The invisible
 *   resize margin beyond a thin border is the input code's job.
 *   border.top: the decoration's border + padding, no minimum: the title
 *   strip is the top edge.
 * - title_height: headerbar border + padding + max(min-height, a button,
 *   the title text's line height + its padding).
 * - pad_*: the headerbar's border + padding per side.
 * - button_w/h: button margin + border + padding + max(min-width/height,
 *   the 16 px icon), per the close button (all title buttons share it in
 *   every theme we know).
 * - spacing: 6, GtkHeaderBar's default, which CSS cannot change in GTK 3.
 * - icon_size: 16; tab_height: 0 (no tab bar yet).
 * Sizes beyond layout.h's limits are capped (decor_metrics_clamp); the
 * return value is true when one was.
 */
bool decor_style_metrics(decor_style *s, unsigned state, decor_metrics *out);

/* Border + padding (+ margin when asked) of a context in its own state. */
GtkBorder decor_style_box(GtkStyleContext *ctx, bool margin);

/* The radius of the frame's top corners (the decoration node's), in
 * pixels, for a Shape mask when there is no compositing. */
int decor_style_corner_radius(decor_style *s, unsigned state);

/* The context of a node in a state, with its own state flags set (no
 * :hover/:active). Owned by s; valid until s is destroyed. */
GtkStyleContext *decor_style_context(decor_style *s, unsigned state, enum decor_node node);

/* The symbolic icon `name` (size x size) recoloured for ctx (a context of
 * s) in its current state flags, as a surface similar to `like` (on an X
 * server: a pixmap there, uploaded once), or NULL when the icon theme lacks
 * it. Kept in s and handed out again while nothing changed; owned by s. */
typedef struct _cairo_surface cairo_surface_t;
cairo_surface_t *decor_style_icon(decor_style *s, GtkStyleContext *ctx, const char *name, int size,
                                  cairo_surface_t *like);

/* Drop the kept icons: the GTK theme or the icon theme changed. (Loading
 * the user CSS drops them itself.) */
void decor_style_forget_icons(decor_style *s);
