/*
 * The X layer's context: the connection, what purr last told X about each
 * client (so push.c can send only the difference), and the bookkeeping for
 * requests that may race with clients going away.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <xcb/xcb.h>

#include "actions.h"
#include "comp/comp.h"
#include "decor/layout.h"
#include "wm/wm.h"
#include "x11/atoms.h"

typedef struct purr_config purr_config;
struct prop_value;
typedef struct decor_style decor_style;
typedef struct file_watch file_watch;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_device cairo_device_t;

/* A _PURR_SYNC to answer after the next push. */
typedef struct pending_sync {
    xcb_window_t win;
    uint32_t cookie;
} pending_sync;

/* What X has been told about one managed client. */
typedef struct xclient {
    uint32_t id;
    xcb_window_t frame;
    bool frame_mapped;
    bool client_mapped;
    int ignore_unmaps; /* UnmapNotify events purr caused (minimizing) */
    unsigned pushed_actions;
    wm_extents pushed_extents; /* _NET_FRAME_EXTENTS as written */
    bool extents_pushed;
    bool pushed_iconic; /* WM_STATE as last written */
    bool pushed_once;
    uint32_t border_colour; /* the frame's background pixel, as X has it */
    wm_rect pushed_geom;    /* client rectangle, root coordinates */
    wm_rect pushed_frame;   /* frame window, root coordinates */
    xcb_window_t user_time_window;
    uint32_t reported;         /* properties already logged as unusable, a bit each */
    char *pushed_visible_name; /* _NET_WM_VISIBLE_NAME as written, or NULL */

    /* _NET_WM_PING */
    uint32_t ping_time;
    guint ping_timer; /* GLib source id, 0 when no ping is outstanding */
    uint32_t pid;
    char *machine; /* WM_CLIENT_MACHINE, may be NULL */

    int cursor_part; /* the frame part whose cursor the frame shows, -1: none */

    /* The grip: an InputOnly window right below the frame and wider than
     * it, so that thin borders are easy to grab for a resize. */
    xcb_window_t grip;
    wm_rect pushed_grip; /* root coordinates */
    bool grip_mapped;
    int grip_part; /* the part whose cursor the grip shows, -1: none */

    /* The theme's frame (frame.c). */
    bool argb;        /* the frame has the ARGB visual (an ARGB client, composited) */
    bool client_argb; /* the client has an alpha channel (depth 32) */
    /* _NET_WM_WINDOW_OPACITY and _NET_WM_BYPASS_COMPOSITOR as copied onto
     * the frame (copy_to_frame), for the compositor (comp_own). */
    bool has_opacity;
    uint32_t opacity, bypass;
    cairo_surface_t *surface;  /* cairo on the frame window, NULL until painted */
    cairo_surface_t *icon;     /* _NET_WM_ICON for the title strip, or NULL */
    bool icon_read;            /* icon is what _NET_WM_ICON holds now */
    enum decor_button hover;   /* the title button under the pointer */
    enum decor_button pressed; /* the title button held down */
    /* The frame's shapes as sent: width and corner radius of the bounding
     * shape (shape_w -1: send again, 0: none sent yet, a new window has
     * no bounding shape), and whether the input shape is empty (a hidden
     * tab). */
    int shape_w, shape_r;
    bool shape_no_input;
    const comp_shadow *shadow; /* the one the compositor was told of */
    bool tab_hidden;           /* a hidden tab, as pushed: no input, not painted */
    int hover_tab_close;       /* the tab whose close button is under the pointer, -1: none */
    uint32_t pushed_tab[3];    /* _PURR_TAB_GROUP as written; group id 0: none */

    /* _NET_WM_SYNC_REQUEST_COUNTER: the basic counter (resizes) and the
     * extended one (frames, for the compositor); 0: none. */
    uint32_t sync_counter, frame_counter;
} xclient;

/* Keys (keys.c): the keymap from xkbcommon and the grabs made from it. */
typedef struct key_grab {
    uint8_t keycode;
    uint16_t mods; /* real modifiers, locks left out */
    enum purr_action action;
} key_grab;

typedef struct xkeys {
    struct xkb_context *ctx;
    struct xkb_keymap *keymap;
    int32_t device;
    uint8_t event_base; /* the XKB extension's event, 0 without XKB */
    /* Real modifier bits of the named modifiers on this keyboard; 0 when
     * no key gives it (a keyboard without Super). */
    uint16_t shift, ctrl, alt, super, numlock, scrolllock;
    uint16_t keycode_mods[256]; /* the modifier bits each key holds */
    GArray *grabs;              /* key_grab */
    bool stale;                 /* the keymap changed: reload before the next push */
    bool told_missing;          /* the missing-modifier line was logged */
} xkeys;

/* The switcher (switch.c) while Alt is held. */
typedef struct xswitch {
    bool active;
    bool same_app;
    GArray *ids;    /* uint32_t client windows, most recently used first */
    GArray *depths; /* uint8_t per id: 1 for a group's other tabs, listed under it */
    int selected;
    uint16_t hold; /* real modifiers whose release commits */
    guint show_timer;
    bool shown;
} xswitch;

/* An interactive move or resize (moveresize.c). */
typedef struct xdrag {
    bool active;
    bool keyboard;  /* started from a key: arrows move, Return ends */
    uint8_t button; /* the button held, 0 for the keyboard */
    wm_moveresize mr;
    xcb_window_t preview; /* the edge-tiling outline, 0 until first used */
    bool preview_mapped;
    wm_rect preview_rect;
    /* _NET_WM_SYNC_REQUEST (sync.c): the next size waits for the client. */
    bool sync_wait;    /* a request is out, its answer not in */
    bool sync_pending; /* the pointer moved meanwhile, to sync_px, sync_py */
    bool sync_off;     /* the client was too slow: not waited for again */
    int sync_px, sync_py;
    uint64_t sync_value;
    uint32_t sync_alarm;
    guint sync_timer;
    unsigned sync_frames;
    /* Tabbing (moveresize_begin_tabbing): the window dragged, taken out of
     * its group once the pointer goes past the threshold (the middle
     * button) or away from the strip (the left button: till then it
     * slides along it), and put back where it was (group and place) on
     * Escape. */
    uint32_t tab;
    uint32_t tab_from;  /* a window of the group it came out of, 0: none */
    int tab_from_index; /* its place there when the drag began */
    bool tab_sliding;   /* left button, still in its group's strip */
} xdrag;

enum { CURSOR_PARTS = 9 }; /* one per wm_mr_dir */

/* A window found at start-up that was a tab of the manager before. */
typedef struct adopted_tab {
    uint32_t id, group, index, current;
} adopted_tab;

/* A window list on the root as purr wrote it: NULL until written, and
 * again when someone else wrote it (purr then writes it whole). writes:
 * PropertyNotify events still to come for purr's own writes. */
typedef struct root_list {
    GArray *pushed;
    unsigned writes;
} root_list;

typedef struct x11 {
    xcb_connection_t *conn;
    xcb_screen_t *screen;
    xcb_window_t root;
    xcb_window_t check;         /* _NET_SUPPORTING_WM_CHECK and WM_S0 owner */
    xcb_timestamp_t wm_s0_time; /* when purr took (or takes) WM_S0 */
    bool wm_s0_owned;
    int screen_number;
    wm *model;
    const purr_config *config;

    GHashTable *clients;           /* client id -> xclient *, owned */
    GHashTable *frames;            /* frame id -> xclient *, borrowed */
    GHashTable *user_time_windows; /* id -> xclient *, borrowed */
    GHashTable *grips;             /* grip id -> xclient *, borrowed */

    GArray *pushed_stack;       /* xcb_window_t frames and grips, bottom to top, as X has them */
    GString *pushed_names;      /* _NET_DESKTOP_NAMES as on the root, or NULL */
    root_list stacking_list;    /* _NET_CLIENT_LIST_STACKING */
    root_list client_list;      /* _NET_CLIENT_LIST */
    xcb_window_t pushed_focus;  /* where X has the input focus, as far as we know */
    xcb_window_t pushed_active; /* _NET_ACTIVE_WINDOW as written */
    uint32_t focus_sequence;    /* our latest SetInputFocus */
    xcb_window_t offered;       /* focus_offered() as last sent WM_TAKE_FOCUS */
    guint offer_timer;          /* how long it has to take the focus */
    xcb_window_t ungrabbed;     /* the client whose clicks are not grabbed */
    bool pushed_once;

    /* Sequence numbers whose errors are expected: requests to windows that
     * a client may destroy at any moment. A ring of [first, last] ranges. */
    struct {
        uint32_t first, last;
    } expected[64];
    unsigned expected_next;

    GArray *pending_syncs; /* pending_sync */
    /* Windows adopted at start-up and the _PURR_TAB_GROUP they carried
     * (adopted_tab), until manage_existing() has rebuilt their groups. */
    GArray *adopted_tabs;
    GArray *map_queue;   /* xcb_window_t: new windows mapped, for manage_flush() */
    GArray *unmap_queue; /* xcb_window_t: client windows unmapped, for unmanage_flush() */

    uint8_t randr_base;        /* first RandR event, 0 without RandR 1.5 */
    uint8_t sync_base;         /* first XSync event, 0 without XSync */
    xcb_timestamp_t last_time; /* latest server time seen in an event */
    xcb_font_t font;
    xcb_gcontext_t gc;
    xcb_cursor_t cursor;
    xcb_cursor_t part_cursors[CURSOR_PARTS]; /* resize cursors, then the move cursor */

    /* The borders' look (theme.c); style NULL: plain frames. */
    decor_style *style;
    decor_button_layout button_layout;
    decor_metrics metrics[2]; /* normal, maximized both ways */
    bool rtl;                 /* the locale writes right to left */
    bool have_shape;
    /* ARGB frames (theme.c): a 32-bit TrueColor visual and its colormap,
     * for CSS frames made while a compositing manager runs; NULL: none. */
    xcb_visualtype_t *argb_visual;
    xcb_colormap_t argb_colormap;
    /* A compositing manager owns _NET_WM_CM_Sn: frames are styled as
     * GTK styles client-side decorations (.csd). */
    bool composited;
    xcb_atom_t cm_selection;
    uint8_t xfixes_base; /* first XFixes event, 0 without XFixes */
    /* The theme's box-shadow, which purr's own compositor draws around
     * frames: normal, maximized, tiled, each focused and in backdrop. */
    comp_shadow *shadows[3][2];
    char *css_path; /* the user's theme.css, as watched */
    file_watch *css_watch;
    guint restyle_idle;
    xcb_window_t pressed_frame; /* the frame whose title button is held, or 0 */
    uint32_t pressed_tab_close; /* the tab whose close button is held, or 0 */
    uint32_t attach_to;         /* attach-next-focused: the window whose group the next
                                 * window the user focuses joins, or 0 */
    cairo_device_t *cairo_device;
    /* Frames are painted into client-side images and sent with PutImage
     * (frame.c) when the server takes our pixels as they are: a GC for
     * 32-bit frames (made with the first), and the largest request. */
    xcb_gcontext_t gc32;
    uint32_t max_request_bytes;

    comp *comp; /* NULL: not compositing */

    xkeys keys;
    xswitch sw;
    xdrag drag;
    const char *display_name; /* for GTK, which opens its own connection */
    /* Double clicks on title strips. */
    xcb_window_t last_click_win;
    xcb_timestamp_t last_click_time;
    int16_t last_click_x, last_click_y;
    int16_t last_enter_x, last_enter_y; /* root position of the last crossing */

    xcb_generic_event_t *held; /* read ahead by the GSource's prepare */
    bool quit;
    int exit_status;
    GMainLoop *loop;
    guint source_id;
} x11;

/* conn.c */
bool x11_connect(x11 *x, const char *display);
void x11_disconnect(x11 *x);
/* Attach the connection to the GLib main loop. */
void x11_attach(x11 *x, GMainContext *ctx);
/* An error for the request with this sequence number is a race (a client
 * vanished while we spoke to its window) and is dropped quietly. */
void x11_expect(x11 *x, unsigned int sequence);
bool x11_error_expected(const x11 *x, uint32_t sequence);
/* A fresh server timestamp (one round trip: for start-up only). */
xcb_timestamp_t x11_get_timestamp(x11 *x);
/* Remember the newest server time carried by an event from the server
 * (never by one a client sent). */
void x11_note_time(x11 *x, xcb_timestamp_t t);
/* A time a client claims, never later than the newest server time seen:
 * a time from the future would beat every real one for weeks. */
xcb_timestamp_t x11_client_time(const x11 *x, uint32_t t);

/* randr.c */
void randr_init(x11 *x);
/* Re-read the monitors and hand them to the model when they changed. */
void randr_update(x11 *x);
/* Handle a RandR event; false when type is not one. */
bool randr_event(x11 *x, uint8_t type);

/* Start the compositor (main.c's --compositor) on purr's connection. */
void x11_start_compositor(x11 *x, enum comp_mode mode, bool replace);

/* selection.c */
/* Become the window manager: SubstructureRedirect on the root (and WM_S0
 * first when --replace takes over from a running manager). */
bool selection_acquire(x11 *x, bool replace);
/* Own WM_S0 (unless taken over from another manager already) and say so
 * with the ICCCM MANAGER message: the last step of start-up. */
bool selection_announce(x11 *x);

/* root.c */
void root_setup(x11 *x);
void root_teardown(x11 *x);
/* _NET_SUPPORTED, which lists frame timings only while purr composites. */
void root_write_supported(x11 *x);
/* A PropertyNotify for _NET_DESKTOP_NAMES on the root. */
void root_read_desktop_names(x11 *x);

/* manage.c */
/* The windows already on the screen at start-up, and the focus: found
 * first, so that start-up can tell whether there are any; adopted (and
 * the list freed) by manage_existing(). */
typedef struct manage_found manage_found;
manage_found *manage_scan(x11 *x);
bool manage_found_any(const manage_found *found);
void manage_existing(x11 *x, manage_found *found);
/* A MapRequest of a window purr does not manage yet: managed by
 * manage_flush() with the ones that come right after it, in two waits for
 * them all. Adopted windows (there before purr) keep their place and stay
 * minimized when iconic (WM_STATE IconicState). */
void manage_queue(x11 *x, xcb_window_t win);
/* Manage the queued windows, in the order their MapRequests came: before
 * any other event is handled, and before a push. */
void manage_flush(x11 *x);
enum unmanage_how {
    UNMANAGE_WITHDRAWN, /* the client unmapped it: WM_STATE Withdrawn */
    UNMANAGE_DESTROYED, /* it is gone: send nothing about it */
    UNMANAGE_SHUTDOWN,  /* purr exits: keep its state for the next manager */
    UNMANAGE_LEFT,      /* its client put it into another window: let it be */
};
/* Give the window back to the root and forget it. */
void unmanage_window(x11 *x, xclient *xc, enum unmanage_how how);
/* A client unmapped its window: unmanaged by unmanage_flush() with the
 * windows unmapped or destroyed right after it. */
void unmanage_queue(x11 *x, xclient *xc);
/* Unmanage the queued windows in order, those not destroyed meanwhile, in
 * one wait for them all: before any event other than an UnmapNotify or a
 * DestroyNotify is handled, and before a push. */
void unmanage_flush(x11 *x);
void unmanage_all(x11 *x);
xclient *xclient_find(const x11 *x, xcb_window_t win);
/* Catch clicks on win for click-to-focus (on), or stop (off). */
void manage_grab_clicks(x11 *x, xcb_window_t win, bool on);
/* Re-read one property after a PropertyNotify. */
void manage_property_changed(x11 *x, xclient *xc, xcb_atom_t atom);
void manage_user_time_changed(x11 *x, xclient *xc);
void xclient_free(gpointer xc);

/* event.c */
void event_handle(x11 *x, xcb_generic_event_t *ev);

/* push.c */
void push(x11 *x);
/* A PropertyNotify for one of the root's window lists: purr's own write,
 * or someone else's, which the next push writes over. */
void push_root_list_changed(x11 *x, xcb_atom_t atom);
void push_send_configure_notify(x11 *x, xclient *xc);
/* Answer a _PURR_SYNC after the next push. */
void push_queue_sync(x11 *x, xcb_window_t win, uint32_t cookie);

/* frame.c */
/* What the plain frame adds around a client. */
wm_extents frame_plain_extents(void);
/* Create xc's frame and grip, unmapped, around c. */
void frame_create(x11 *x, const wm_client *c, xclient *xc);
void frame_destroy(x11 *x, xclient *xc);
/* Paint c's frame; strip_only: the title strip alone (a title, hover or
 * icon change), not the borders. */
void frame_paint(x11 *x, const wm_client *c, xclient *xc, bool strip_only);
/* The frame as a tab: a hidden one takes no input and is not composited;
 * _PURR_TAB_GROUP says where it is in its group. */
void frame_set_tab(x11 *x, const wm_client *c, xclient *xc);
/* The tab of c's group at frame point (fx, fy), or -1 (a lone window has
 * none); *on_close says whether it is on its close button, *before
 * whether it is in the tab's first half in reading order (either may be
 * NULL). */
int frame_tab_at(const x11 *x, const wm_client *c, int fx, int fy, bool *on_close, bool *before);
/* The tab whose column holds frame x coordinate fx, or the nearest one;
 * -1 when c shows no tabs. */
int frame_tab_column(const x11 *x, const wm_client *c, int fx);
/* The theme's layout of c's frame (frame coordinates); false for the plain
 * frame or no frame. */
bool frame_layout(const x11 *x, const wm_client *c, decor_layout *out);
/* enum decor_state bits for c now. */
unsigned frame_decor_state(const x11 *x, const wm_client *c);
/* The radius of a frame's rounded top corners in this state and layout. */
int frame_corner_radius(const x11 *x, unsigned state, const decor_layout *l);
/* The shadow purr's compositor draws around c's frame now, NULL: none. */
const comp_shadow *frame_shadow(const x11 *x, const wm_client *c);
/* The bounding shape of xc's frame as sent (rounded top corners), in
 * window coordinates; < 0: none. */
int frame_shape_rects(const xclient *xc, xcb_rectangle_t out[COMP_OWN_SHAPE]);
/* _NET_WM_ICON changed: read it again at the next paint. */
void frame_icon_changed(xclient *xc);
/* The grip: how far it reaches past the frame, its rectangle, and whether
 * it is mapped (a resizable framed window neither maximized nor shaded). */
int frame_grip_margin(const x11 *x, const wm_client *c);
wm_rect frame_grip_rect(const x11 *x, const wm_client *c);
bool frame_grip_wanted(const x11 *x, const wm_client *c);
/* Let go of cairo's hold on the connection (before it closes). */
void frame_finish(x11 *x);

/* theme.c: the borders' look. */
/* Choose the GTK theme, load it and theme.css, read the button layout and
 * the sizes, and follow changes to any of them. GTK must be running (else
 * the plain frame stays). */
void theme_init(x11 *x);
void theme_finish(x11 *x);
/* purr.conf was reloaded: theme, theme-css and button-layout may differ. */
void theme_config_changed(x11 *x);
/* An XFixes event (the compositing manager's selection changed hands);
 * false when type is not one. */
bool theme_event(x11 *x, const xcb_generic_event_t *ev);

/* sync.c: _NET_WM_SYNC_REQUEST during interactive resizes. */
void sync_init(x11 *x);
/* _NET_WM_SYNC_REQUEST_COUNTER changed (or was read at manage). */
void sync_read_counters(x11 *x, xclient *xc, const struct prop_value *v);
/* Before a new size goes to c during its interactive resize: ask for a
 * sync; true when the next size must wait for the answer. */
bool sync_before_resize(x11 *x, wm_client *c, xclient *xc);
/* An XSync alarm event; false when ev is not one. */
bool sync_event(x11 *x, const xcb_generic_event_t *ev);
/* The drag ended: drop the alarm and the timer. */
void sync_end_drag(x11 *x);

/* ping.c */
void ping_send(x11 *x, xclient *xc);
void ping_reply(x11 *x, xcb_window_t win, uint32_t time);
void ping_forget(xclient *xc);
/* Close c politely; if it was already found not responding, kill it. */
void ping_close(x11 *x, xclient *xc, xcb_timestamp_t time);

/* keys.c */
void keys_init(x11 *x);
void keys_finish(x11 *x);
/* Ungrab everything and grab the configured bindings on the root again
 * (start-up, keymap change, configuration reload). */
void keys_grab(x11 *x);
/* An XKB event (keymap changed) or a core MappingNotify: marks the keymap
 * stale. */
bool keys_event(x11 *x, xcb_generic_event_t *ev);
/* Reload a stale keymap and grab again (once per burst of changes). */
void keys_refresh(x11 *x);
/* The action bound to this key press, or -1. */
int keys_lookup(const x11 *x, uint8_t keycode, uint16_t state);
/* The key's keysym at its first level (Tab, Escape, Left...). */
uint32_t keys_keysym(const x11 *x, uint8_t keycode);
/* purr_mod bits to this keyboard's real modifier bits. */
uint16_t keys_real_mods(const x11 *x, uint32_t purr_mods);
/* Every combination of the lock modifiers (Caps, Num, Scroll Lock): a
 * grab must be made for each. Fills out (8 entries) and returns the count. */
int keys_lock_combinations(const x11 *x, uint16_t out[8]);
/* state without the lock modifiers and the pointer buttons. */
uint16_t keys_clean(const x11 *x, uint16_t state);

/* perform.c: run an action on a client (NULL: the focused one). */
/* The user focused c (a click, the switcher, a pager): with
 * attach-next-focused pending, c joins that group. */
void perform_user_focused(x11 *x, wm_client *c);
void perform(x11 *x, enum purr_action a, wm_client *c, xcb_timestamp_t time);
/* The window menu for c at root (px, py). */
void perform_window_menu(x11 *x, wm_client *c, int px, int py, bool from_keyboard,
                         xcb_timestamp_t time);
/* Give up purr's own pointer and keyboard grabs, and wait until the
 * server has (before GTK, on its own connection, grabs for a menu). */
void x11_ungrab_all(x11 *x, xcb_timestamp_t time);

/* switch.c: Alt+Tab. */
void switch_begin(x11 *x, enum purr_action a, const xcb_key_press_event_t *ev);
/* A key event while the switcher is up; true when it took it. */
bool switch_key(x11 *x, const xcb_key_press_event_t *ev, bool press);
void switch_end(x11 *x, bool commit, xcb_timestamp_t time);
void switch_forget(x11 *x, uint32_t id);

/* moveresize.c: dragging windows. */
void moveresize_init(x11 *x);
void moveresize_finish(x11 *x);
/* Start moving or resizing c: from a button (held) or the keyboard
 * (button 0). false when it cannot (not allowed, grab refused). */
bool moveresize_begin(x11 *x, wm_client *c, enum wm_mr_dir dir, int px, int py, uint8_t button,
                      xcb_timestamp_t time);
/* A drag of tab, c's or one of its group's, from c's title strip: it goes
 * where it is dropped, on a title strip into that group at the tab under
 * the pointer, elsewhere as a window of its own. With the middle button
 * (Fluxbox's and PekWM's way) it leaves its group past the drag threshold
 * and follows the pointer (dropped on its own group's strip, the tabs are
 * reordered); a click lowers c. With the left button (a browser's way) it
 * slides among its group's tabs while the pointer stays near the strip
 * and is torn off into its own window past that; a lone window moves, and
 * may be tiled at a monitor's edge. */
bool moveresize_begin_tabbing(x11 *x, wm_client *c, wm_client *tab, int px, int py, uint8_t button,
                              xcb_timestamp_t time);
void moveresize_motion(x11 *x, int px, int py, xcb_timestamp_t time);
void moveresize_release(x11 *x, uint8_t button, xcb_timestamp_t time);
void moveresize_key(x11 *x, const xcb_key_press_event_t *ev);
void moveresize_end(x11 *x, bool cancel, xcb_timestamp_t time);
/* The client is going away: end any drag of it and drop the grabs. */
void moveresize_forget(x11 *x, uint32_t id);
/* The cursor for a part of a frame (wm_mr_dir or -1). */
xcb_cursor_t moveresize_cursor(const x11 *x, int part);
/* Grab the mouse-modifier buttons on a frame; fresh: a new frame, with no
 * grabs to drop first (else again, after a reload). */
void moveresize_grab_buttons(x11 *x, xcb_window_t frame, bool fresh);

/* Send a 32-bit ClientMessage. */
xcb_void_cookie_t x11_send_message(x11 *x, xcb_window_t dest, uint32_t mask, xcb_window_t win,
                                   xcb_atom_t type, uint32_t d0, uint32_t d1, uint32_t d2,
                                   uint32_t d3, uint32_t d4);
