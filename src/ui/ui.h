/*
 * purr's own GTK3 widgets: the window switcher and the window menu. They
 * are GTK widgets so that screen readers see them (ATK/AT-SPI). GTK opens
 * its own X connection; these popups are override-redirect, so purr never
 * manages them. Nothing here knows purr's X layer: entries come in as plain
 * data, choices go out through callbacks with window ids.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Start GTK on display (NULL: $DISPLAY) the first time it is needed;
 * false (logged once) when it cannot start: purr goes on without popups.
 * Later calls return the first answer. GTK gets its own Xlib connection;
 * the process locale is left alone (main decides). If that connection
 * dies, purr lives on: the popups are dropped and ui_available() turns
 * false for good. */
bool ui_init(const char *display);
/* GTK started and its connection is alive. Every other function here is a
 * harmless no-op when it is false. */
bool ui_available(void);
/* Wait until the server has handled every request GTK sent (a menu's
 * ungrab, before purr grabs on its own connection). */
void ui_sync(void);
/* Destroy the popups. GTK itself cannot be finalised: its connection stays
 * open until exit, and a later ui_init() reuses it. */
void ui_shutdown(void);

/* One line of the switcher. Later issues add nested entries (tabs of a
 * group, an application's own tabs) with depth 1. */
typedef struct ui_switcher_entry {
    uint32_t id;          /* what the choice names: a client window */
    const char *title;    /* UTF-8 */
    const char *wm_class; /* icon theme name when no icon is big enough; may be NULL */
    const uint32_t *icon; /* ARGB32 pixels, icon_w x icon_h, or NULL: best the
                           * _NET_WM_ICON size nearest 64 (x the scale); wider
                           * or taller than 1024 is ignored */
    int icon_w, icon_h;
    int depth;      /* 0: a window */
    bool minimized; /* shown dimmed */
} ui_switcher_entry;

/* Show the switcher (centred on the monitor rectangle mx,my,mw,mh, root
 * pixels) with entries copied from the array, entry selected highlighted.
 * Showing it again while visible replaces the content. It never takes
 * focus or grabs anything: the caller holds the keyboard and moves the
 * selection. Themes and the user's gtk.css can style it through the
 * classes .purr-switcher (the popup), .purr-switcher-frame (its rounded
 * background), .purr-switcher-title, .minimized and .depth-1 (entries). */
void ui_switcher_show(const ui_switcher_entry *entries, int n, int selected, int mx, int my, int mw,
                      int mh);
void ui_switcher_select(int selected);
void ui_switcher_hide(void);
bool ui_switcher_visible(void);
/* The popup's X window, 0 when there is none: override-redirect, so purr
 * never manages it, but its stacking code may want to keep it on top. */
uint32_t ui_switcher_xid(void);

/* The window menu's entries; each one's id is what the callback gets. */
enum ui_menu_item {
    UI_MENU_MINIMIZE,
    UI_MENU_MAXIMIZE, /* "Restore" when maximized */
    UI_MENU_MOVE,
    UI_MENU_RESIZE,
    UI_MENU_ABOVE,     /* check item; arg: the new state, 1 checked */
    UI_MENU_STICKY,    /* check item: always on visible workspace; arg as above */
    UI_MENU_WORKSPACE, /* arg: the workspace index */
    UI_MENU_GROUP,     /* arg: a window of the group to join as a tab */
    UI_MENU_DETACH,    /* out of its group of tabs */
    UI_MENU_CLOSE,
    UI_MENU_PLUGIN, /* arg: the index of a plugin's item */
};

/* A group "Move to Group" offers: a window of it and what it shows. */
typedef struct ui_menu_group {
    uint32_t id;
    const char *title; /* UTF-8 */
} ui_menu_group;

typedef struct ui_menu_request {
    uint32_t id; /* the client window */
    bool can_minimize, can_maximize, can_move, can_resize, can_above, can_stick, can_change_desktop,
        can_close;
    bool maximized, above, sticky;
    uint32_t workspace; /* current workspace of the window */
    uint32_t n_workspaces;
    const char *const *workspace_names; /* n_workspaces entries, may be NULL each */
    const ui_menu_group *groups;        /* groups it may join as a tab */
    int n_groups;
    bool tabbed;                     /* a tab: "Detach Tab" */
    int x, y;                        /* root coordinates for the menu's corner */
    bool from_keyboard;              /* select the first entry, as key-opened menus do */
    const char *const *plugin_items; /* labels the plugins added, after purr's */
    int n_plugin_items;
    bool only_plugin_items; /* none of purr's own */
} ui_menu_request;

typedef void (*ui_menu_callback)(uint32_t id, enum ui_menu_item item, uint32_t arg, void *data);
/* Pop the menu up; the callback runs when an entry is chosen, never when
 * the menu closes without a choice. Any open menu is closed first. The
 * menu grabs pointer and keyboard through GTK's connection, so the caller
 * must have released its own grabs and made sure the server saw that
 * (a round trip, not only a flush: the two connections are not ordered),
 * or GTK's grab fails and the menu does not show. */
void ui_window_menu(const ui_menu_request *req, ui_menu_callback cb, void *data);
void ui_menu_close(void);
bool ui_menu_visible(void);
/* The open menu's X window (override-redirect), 0 when none is open. */
uint32_t ui_menu_xid(void);
