/*
 * The model of purr: clients, groups, stacking, focus and workspaces.
 *
 * Nothing here includes an X header. Window ids are opaque 32-bit handles the
 * X layer hands in; times are X server timestamps (32-bit, wrapping). Every
 * change marks what it touched dirty; src/x11/push.c reads the model once per
 * main-loop iteration and tells X only what differs from what X last saw.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define WM_ALL_WORKSPACES 0xFFFFFFFFu
#define WM_MAX_WORKSPACES 36
#define WM_MAX_SIZE       32767 /* X's limit for a window's width or height */
#define WM_REACHABLE_MIN  64    /* pixels of a title strip that must show */
#define WM_MIN_REQUEST    8     /* smaller client size requests are clamped */

typedef struct wm_rect {
    int x, y, w, h;
} wm_rect;

/* Frame extents: how far the frame reaches beyond the client on each side. */
typedef struct wm_extents {
    int left, right, top, bottom;
} wm_extents;

/* Stacking layers, bottom to top. */
enum wm_layer {
    WM_LAYER_DESKTOP,
    WM_LAYER_BELOW,
    WM_LAYER_NORMAL,
    WM_LAYER_ABOVE,
    WM_LAYER_DOCK,
    WM_LAYER_FULLSCREEN,
    WM_LAYER_TOP, /* only a plugin puts windows here: above even fullscreen */
    WM_LAYER_COUNT
};

enum wm_type {
    WM_TYPE_NORMAL,
    WM_TYPE_DESKTOP,
    WM_TYPE_DOCK,
    WM_TYPE_TOOLBAR,
    WM_TYPE_MENU,
    WM_TYPE_UTILITY,
    WM_TYPE_SPLASH,
    WM_TYPE_DIALOG,
    WM_TYPE_NOTIFICATION,
};

/* ICCCM 4.1.7 input models, from WM_HINTS.input and WM_TAKE_FOCUS. */
enum wm_input_model {
    WM_INPUT_NONE,    /* input False, no WM_TAKE_FOCUS: never focused */
    WM_INPUT_PASSIVE, /* input True: SetInputFocus */
    WM_INPUT_LOCAL,   /* input True + WM_TAKE_FOCUS: both */
    WM_INPUT_GLOBAL,  /* input False + WM_TAKE_FOCUS: only the message */
};

/* Per-client dirty bits, read and cleared by the push step. */
enum wm_client_dirty {
    WM_DIRTY_GEOMETRY = 1 << 0,  /* frame or client rectangle */
    WM_DIRTY_STATE = 1 << 1,     /* _NET_WM_STATE */
    WM_DIRTY_DESKTOP = 1 << 2,   /* _NET_WM_DESKTOP */
    WM_DIRTY_DECOR = 1 << 3,     /* the frame must be repainted */
    WM_DIRTY_VISIBLE = 1 << 4,   /* frame mapped or not */
    WM_DIRTY_SYNTHETIC = 1 << 5, /* client owes a synthetic ConfigureNotify */
    WM_DIRTY_TITLE = 1 << 6,     /* only the title strip: title, buttons, icon */
    WM_DIRTY_TAB = 1 << 7        /* its place in its group: shown or hidden tab */
};

/* _NET_WM_ALLOWED_ACTIONS, as bits. */
enum wm_action {
    WM_ACTION_MOVE = 1 << 0,
    WM_ACTION_RESIZE = 1 << 1,
    WM_ACTION_MINIMIZE = 1 << 2,
    WM_ACTION_SHADE = 1 << 3,
    WM_ACTION_STICK = 1 << 4,
    WM_ACTION_MAXIMIZE_HORZ = 1 << 5,
    WM_ACTION_MAXIMIZE_VERT = 1 << 6,
    WM_ACTION_FULLSCREEN = 1 << 7,
    WM_ACTION_CHANGE_DESKTOP = 1 << 8,
    WM_ACTION_CLOSE = 1 << 9,
    WM_ACTION_ABOVE = 1 << 10,
    WM_ACTION_BELOW = 1 << 11,
};

/* Model-wide dirty bits. */
enum wm_dirty {
    WM_DIRTY_CLIENT_LIST = 1 << 0,
    WM_DIRTY_STACK = 1 << 1,
    WM_DIRTY_FOCUS = 1 << 2,
    WM_DIRTY_DESKTOPS = 1 << 3, /* number, names, current, showing desktop */
};

/* ICCCM WM_NORMAL_HINTS as the model uses them. A maximum of 0 means
 * unbounded; increments of 0 mean 1; an aspect with a 0 term is unset. */
typedef struct wm_size_hints {
    int min_w, min_h, max_w, max_h, base_w, base_h, inc_w, inc_h;
    int min_aspect_num, min_aspect_den, max_aspect_num, max_aspect_den;
    bool user_position, program_position;
} wm_size_hints;

/* _NET_WM_STRUT_PARTIAL: space reserved at the root window's edges; each
 * side covers [start, end] along its edge. */
typedef struct wm_strut {
    int left, right, top, bottom;
    int left_start, left_end, right_start, right_end;
    int top_start, top_end, bottom_start, bottom_end;
} wm_strut;

typedef struct wm_monitor {
    wm_rect rect;
    wm_rect work; /* rect less the struts that sit on it */
} wm_monitor;

enum wm_tile { WM_TILE_NONE, WM_TILE_LEFT, WM_TILE_RIGHT };

typedef struct wm_group wm_group;
typedef struct wm_client wm_client;

struct wm_client {
    uint32_t id; /* the client's X window */
    wm_group *group;
    char *title;            /* UTF-8, owned, never NULL */
    bool title_is_net_name; /* it came from _NET_WM_NAME (not WM_NAME) */
    char *wm_class;         /* WM_CLASS class (the instance when no class), owned, may be NULL */
    char *role;             /* WM_WINDOW_ROLE, owned, may be NULL */
    enum wm_type type;
    enum wm_input_model input;
    bool input_hint;    /* WM_HINTS input field (True when absent) */
    bool take_focus;    /* WM_TAKE_FOCUS in WM_PROTOCOLS */
    bool delete_window; /* WM_DELETE_WINDOW in WM_PROTOCOLS */
    bool ping;          /* _NET_WM_PING in WM_PROTOCOLS */
    bool sync_request;  /* _NET_WM_SYNC_REQUEST in WM_PROTOCOLS */
    bool not_responding;

    uint32_t transient_for_id; /* as the client said; 0 none */
    wm_client *transient_for;  /* resolved, loop-free; NULL if none */
    bool group_transient;      /* transient for its whole window group */
    bool sticky_by_parent;     /* on all workspaces only because its parent is */
    /* Placed wholly inside its monitor's work area, and not moved out of
     * it by the user since: a resize the client asks for keeps it inside
     * (Mutter's require_fully_onscreen). */
    bool keep_onscreen;
    uint32_t leader; /* WM_HINTS window group, 0 if none */

    bool urgent;            /* WM_HINTS urgency */
    bool demands_attention; /* _NET_WM_STATE_DEMANDS_ATTENTION */
    bool above, below, skip_taskbar, skip_pager, fullscreen, modal;
    bool max_h, max_v; /* maximized horizontally, vertically */
    bool shaded;       /* only the title strip shows */
    bool minimized;    /* iconic: frame and client unmapped */
    enum wm_tile tile;
    bool undecorated; /* _MOTIF_WM_HINTS asked for no decoration; whether the
                       * window gets a frame is client_undecorated() */
    int decor_policy; /* a plugin's word when it was managed: 1 framed, -1 not, 0 none */
    /* The client draws its own decorations (GTK's client-side ones): it set
     * _GTK_FRAME_EXTENTS, so it gets no frame, even with zero margins. */
    bool csd;
    /* Its invisible shadow margins, left, right, top and bottom: the part of
     * the client window around what it shows (0 when none, and while
     * fullscreen GTK draws none). Always leave at least 1 pixel of the
     * window showing (client_set_csd()). Every rule about where a window
     * shows goes through client_visible_rect() and friends. */
    wm_extents csd_margins;
    bool has_fs_monitors;
    uint32_t fs_monitors[4]; /* _NET_WM_FULLSCREEN_MONITORS: top bottom left right */
    bool has_strut;
    wm_strut strut;
    wm_size_hints hints;

    bool has_user_time;
    uint32_t user_time;

    /* Where it floated before it joined a group of tabs (the group's
     * rectangle replaced it), and what a hidden tab asked for since:
     * restored when it leaves the group. */
    wm_rect own_floating;

    wm_rect geom;       /* the client window in root coordinates, as shown */
    wm_rect floating;   /* where it goes when neither maximized, tiled nor
                         * fullscreen: restored by unmaximize and friends */
    int border_width;   /* the client's own border, restored on unmanage */
    int gravity;        /* ICCCM win_gravity, 1..10 */
    uint32_t workspace; /* or WM_ALL_WORKSPACES */

    unsigned dirty;
};

/* A frame and the clients that share it as tabs; a lone window is a group
 * of one. The group owns what the frame shows: every member has the
 * current member's floating rectangle, workspace, layer and window states
 * (group_sync()); each keeps its own title, icon, urgency, protocols and
 * transients. */
struct wm_group {
    GPtrArray *clients; /* wm_client *, borrowed, in tab order */
    GPtrArray *mru;     /* the same, the most recently current first */
    wm_client *current; /* the tab shown; the others are under it */
    uint32_t id;        /* for _PURR_TAB_GROUP: unique while purr runs */
    unsigned settled;   /* wm_settle()'s pass that last synced it */
};

#define WM_GROUP_MAX 64 /* tabs in one group */

/* The rules plugins may answer instead of the model (src/plugin). Each
 * hook may be NULL; WM_POLICY_PASS leaves the decision to the model's own
 * rule, WM_POLICY_YES and WM_POLICY_NO decide it (for place and layer,
 * YES takes the value the hook wrote, NO the model's). The model also
 * tells it when a client comes and goes. */
enum wm_policy_answer { WM_POLICY_PASS, WM_POLICY_YES, WM_POLICY_NO };
typedef struct wm_policy {
    void *data;
    enum wm_policy_answer (*decorate)(void *data, const wm_client *c);
    enum wm_policy_answer (*autofullscreen)(void *data, const wm_client *c, wm_rect req);
    enum wm_policy_answer (*place)(void *data, const wm_client *c, wm_rect *frame);
    enum wm_policy_answer (*focus_on_map)(void *data, const wm_client *c);
    enum wm_policy_answer (*layer)(void *data, const wm_client *c, enum wm_layer *layer);
    void (*added)(void *data, wm_client *c);   /* after wm_add_client() took it */
    void (*removed)(void *data, wm_client *c); /* before wm_remove_client() frees it */
} wm_policy;

typedef struct wm {
    GPtrArray *clients; /* wm_client *, owned, in the order they were managed */
    GHashTable *by_id;  /* window id -> wm_client *, borrowed */
    GPtrArray *stack;   /* wm_client *, borrowed, bottom to top as the user ordered them */
    GPtrArray *mru;     /* wm_client *, borrowed, most recently focused first */
    wm_client *focused; /* NULL: focus on the root/check window */
    /* The focus handed on to windows that take it only when they want to
     * (input False with WM_TAKE_FOCUS), with nobody focused meanwhile: the
     * first is being offered it; the last may be one that accepts it. */
    GPtrArray *focus_offers; /* wm_client *, borrowed */

    uint32_t n_workspaces;
    uint32_t current_workspace;
    char *workspace_names[WM_MAX_WORKSPACES]; /* owned, may be NULL */
    bool showing_desktop;

    wm_rect screen;
    GArray *monitors;             /* wm_monitor; never empty (the screen) */
    wm_rect workarea;             /* _NET_WORKAREA: the screen less all struts */
    wm_extents frame_extents;     /* what a decorated frame adds */
    wm_extents frame_extents_max; /* the same for a window maximized both ways */
    bool autofullscreen;          /* the legacy fullscreen rule, on by default */
    const wm_policy *policy;      /* NULL: the model's own rules only */

    /* The latest time we know the user interacted with the focused window. */
    bool has_user_time;
    uint32_t last_user_time;

    unsigned dirty;
} wm;

/* wm.c */
wm *wm_create(int screen_w, int screen_h);
void wm_destroy(wm *m);
wm_client *wm_find(const wm *m, uint32_t id);
/* Takes ownership of c and adds it on top of its layer. */
void wm_add_client(wm *m, wm_client *c);
/* Removes and frees c; focus moves to the MRU window of the workspace. */
void wm_remove_client(wm *m, wm_client *c);
void wm_mark(wm *m, unsigned dirty);

/* X server time comparison, wrap-around aware: is a earlier than b? */
bool wm_time_before(uint32_t a, uint32_t b);

/* client.c */
wm_client *client_create(uint32_t id);
void client_destroy(wm_client *c);
void client_set_title(wm_client *c, const char *utf8);
void client_mark(wm_client *c, unsigned dirty);
/* The window at the top of c's transient chain (c when it has no parent). */
wm_client *client_transient_root(const wm_client *c);
/* Resolve transient_for_id against the model, refusing loops and self. */
void client_resolve_transient(wm *m, wm_client *c);
/* The frame rectangle around c (c->geom grown by the extents). */
wm_rect client_frame_rect(const wm *m, const wm_client *c);
/* What the user sees of c: its frame less the shadow margins a client-side
 * decorated window draws around itself. Placement, maximize, tiling,
 * snapping, reachability and monitor choice use this rectangle. */
wm_rect client_visible_rect(const wm *m, const wm_client *c);
/* Place the client from a requested rectangle, applying win_gravity so that
 * the reference point of the frame lands where the client asked. */
void client_place_with_gravity(const wm *m, wm_client *c, wm_rect req);
/* The inverse: the rectangle the client should get back when it leaves. */
wm_rect client_unplace_with_gravity(const wm *m, const wm_client *c);
/* The same two rules as pure functions on the floating rectangle (with the
 * frame a floating window has, maximized or not): where a client asking
 * for req (its reference point per win_gravity) is placed, and back. */
wm_rect client_gravity_apply(const wm *m, const wm_client *c, wm_rect req);
wm_rect client_gravity_reverse(const wm *m, const wm_client *c, wm_rect floating);
bool client_visible(const wm *m, const wm_client *c);
bool client_on_workspace(const wm_client *c, uint32_t ws);
enum wm_layer client_layer(const wm *m, const wm_client *c);
bool client_wants_decor(const wm_client *c);
void client_set_demands_attention(wm_client *c, bool on);

/* group.c: tabs. Every member of a group shows at the same place; the
 * current one on top, the others hidden under it. */
/* More than one member: c is a tab. */
bool client_tabbed(const wm_client *c);
/* c is a tab under its group's current one. */
bool client_hidden_tab(const wm_client *c);
/* c is a hidden tab, or a dialog (transient, at any depth) of one: it is
 * not shown, nor given the focus, until its tab is. */
bool client_behind_tab(const wm_client *c);
/* The size hints c's frame follows: its own alone; in a group, the largest
 * of the members' minimums and the smallest of the maximums that are set,
 * with the current member's base, increments and aspect. */
wm_size_hints client_size_hints(const wm_client *c);
/* Why c cannot join into's group, or NULL when it can: the same window or
 * group, a type other than normal, a transient, a fixed size, no frame of
 * purr's (undecorated or drawing its own), a full group, or size limits
 * that no size meets together. Static strings. */
const char *group_refusal(const wm *m, const wm_client *into, const wm_client *c);
/* Why c cannot be a tab at all (its type, a transient, a fixed size, no
 * frame of purr's), or NULL. */
const char *group_member_refusal(const wm_client *c);
/* c leaves its group (if any) and joins into's at index (past the end, or
 * negative: after into's current tab), taking the group's place and
 * states; it becomes the current tab when current is true. False, with
 * nothing changed, when group_refusal() says no (the caller logs it). */
bool group_attach(wm *m, wm_client *into, wm_client *c, int index, bool current);
/* c leaves its group and floats where it did before it joined, on the
 * same workspace; the group's most recently current remaining tab is
 * shown. No-op for a lone window. */
void group_detach(wm *m, wm_client *c);
/* Show c's tab; it takes the focus if its group had it. */
void group_set_current(wm *m, wm_client *c);
/* The tab delta places from the current one, wrapping (next: 1). */
wm_client *group_step(const wm_client *c, int delta);
/* Move c's tab by delta places, not wrapping. */
void group_move_tab(wm *m, wm_client *c, int delta);
/* What the group owns changed on c (its rectangle or states): every other
 * member takes the same and is laid out again. */
void group_sync(wm *m, wm_client *c);
/* Before the model is pushed: every group whose current tab changed what
 * the group owns is synced from it. So a state set on the tab shown (by
 * any path) is the group's; one set on a hidden tab is undone. */
void wm_settle(wm *m);
/* Tab rules: what a rule matches a window by, and the window whose group
 * a new window c joins by the rule "pattern" (a GLib pattern, * and ?):
 * when c matches it, the window used most recently on c's workspace that
 * matches it too, or with focused, the focused window. NULL when the rule
 * does not apply; whether the group takes c is group_refusal()'s. */
enum wm_match { WM_MATCH_CLASS, WM_MATCH_ROLE, WM_MATCH_TITLE };
wm_client *group_rule_target(const wm *m, const wm_client *c, enum wm_match what,
                             const char *pattern, bool focused);
/* c goes away (wm_remove_client): out of its group, the group's next tab
 * shown. Returns that tab, or NULL when c was alone or not shown. */
wm_client *group_forget(wm *m, wm_client *c);
/* A new client's group of one, and a destroyed client's way out of its
 * group (client_create(), client_destroy()). */
void group_init_client(wm_client *c);
void group_release_client(wm_client *c);

/* constraints.c: pure rules, each testable alone */
bool rect_intersects(wm_rect a, wm_rect b);
long rect_overlap_area(wm_rect a, wm_rect b);
bool rect_equal(wm_rect a, wm_rect b);
wm_rect rect_grow(wm_rect r, wm_extents e);   /* client rect -> frame rect */
wm_rect rect_shrink(wm_rect r, wm_extents e); /* frame rect -> client rect */
wm_rect rect_centre_on(wm_rect over, wm_rect r);
/* ICCCM size hints: min, max (0: unbounded), base, increments (when
 * increments is true) and aspect; the result is always 1..WM_MAX_SIZE. */
void constrain_size(const wm_size_hints *h, int *w, int *hh, bool increments);
/* The largest width (or height) a managed window may take on a screen
 * screen_side wide (or high): twice that, at least 2048, at most X's
 * limit. A compositor keeps a pixmap of each window's whole area, which
 * the server allocates and clears on every resize: 32767x32767 would cost
 * it 4 GB and seconds, during which no client is served. */
int constrain_max_side(int screen_side);
/* Move frame just enough that `title` rows at its top show, at least
 * WM_REACHABLE_MIN pixels wide, on some monitor. */
wm_rect constrain_reachable(const wm *m, wm_rect frame, int title);
/* Move frame inside area; when too big, its top-left corner is kept in. */
wm_rect constrain_inside(wm_rect area, wm_rect frame);
wm_rect constrain_maximize(wm_rect work, wm_rect frame, bool h, bool v);
wm_rect constrain_tile(wm_rect work, enum wm_tile side);
/* The monitor r overlaps most; with no overlap, the nearest. */
int monitor_for_rect(const wm *m, wm_rect r);
int monitor_at_point(const wm *m, int x, int y);

/* monitor.c */
/* Replace the monitors (n 0: the whole screen); windows on a monitor that
 * went move to the first one, keeping their relative place. */
void monitors_set(wm *m, const wm_rect *rects, size_t n);
/* Recompute work areas from the struts; relayout windows if they changed.
 * A strut side shrinks the monitor its inner edge lies on (and that the
 * dock sits on), never by more than half. */
void workarea_update(wm *m);
/* False when a side of c's strut shrinks no monitor (it reaches past the
 * dock's monitor, or would take more than half of it): it is ignored. */
bool strut_fits(const wm *m, const wm_client *c);
/* Monitor i, or the first one when i is out of range. */
const wm_monitor *monitor_get(const wm *m, int i);

/* state.c */
/* What the frame adds around c: 0 when it has none (undecorated, CSD,
 * fullscreen, or not a type that is decorated). */
wm_extents client_extents(const wm *m, const wm_client *c);
/* The same for c's floating rectangle: the extents of a frame that is not
 * maximized (a theme may draw maximized frames thinner). */
wm_extents client_floating_extents(const wm *m, const wm_client *c);
/* The theme's frame sizes changed: every client is laid out again, each
 * client window staying where it is and its frame growing or shrinking
 * around it (then kept reachable). */
void wm_set_frame_extents(wm *m, wm_extents normal, wm_extents maximized);
/* No frame: _MOTIF_WM_HINTS asked for none or the client draws its own. */
bool client_undecorated(const wm_client *c);
/* A new window: ask the policy whether it gets a frame (decor_policy). */
void client_ask_decoration(const wm *m, wm_client *c);
/* The shadow margins in effect: c->csd_margins, but 0 while fullscreen or
 * when they would leave nothing of c->floating. */
wm_extents client_csd_margins(const wm_client *c);
/* How far what the user sees of c reaches beyond its client window on each
 * side: the frame extents less the shadow margins (negative when what
 * shows lies inside the window). rect_grow(c->floating, e) is where the
 * floating window shows, rect_shrink(visible, e) the window that shows so. */
wm_extents client_visible_extents(const wm *m, const wm_client *c);
/* The client draws its own decorations (csd) with these shadow margins.
 * Margins that would leave less than 1 pixel of the window showing are
 * refused: logged, and taken as no _GTK_FRAME_EXTENTS at all (false). The
 * window keeps its gravity's reference point if its frame comes or goes,
 * and is laid out again (a maximized one grows by the new margins). */
bool client_set_csd(wm *m, wm_client *c, bool csd, wm_extents margins);
/* _MOTIF_WM_HINTS asked for no decoration (or no longer does). */
void client_set_undecorated(wm *m, wm_client *c, bool on);
int client_monitor(const wm *m, const wm_client *c);
bool client_fixed_size(const wm_client *c);
/* Derive c->geom from c->floating and the states. */
void client_relayout(wm *m, wm_client *c);
/* Move c->floating just enough that the title strip shows (docks and
 * desktop windows are left where they are), then relayout. */
void client_keep_reachable(wm *m, wm_client *c);
/* A client asked for this rectangle (ConfigureRequest): through the size
 * hints and reachability into c->floating. */
void client_request_geometry(wm *m, wm_client *c, wm_rect req);
/* Is c's floating frame wholly inside its monitor's work area? */
bool client_fully_onscreen(const wm *m, const wm_client *c);
void client_set_maximized(wm *m, wm_client *c, bool h, bool v);
void client_set_fullscreen(wm *m, wm_client *c, bool on);
/* Always on top, always below (above wins when both are asked); a
 * window that changes layer goes on top of its new one. */
void client_set_above_below(wm *m, wm_client *c, bool above, bool below);
void client_set_tile(wm *m, wm_client *c, enum wm_tile side);
void client_set_shaded(wm *m, wm_client *c, bool on);
void client_set_minimized(wm *m, wm_client *c, bool on);
unsigned client_allowed_actions(const wm_client *c);
/* The autofullscreen rule: should a request for req be taken as a request
 * to be fullscreen? The one place this is decided. */
bool policy_autofullscreen(const wm *m, const wm_client *c, wm_rect req);

/* placement.c */
/* Choose c->floating's position for a newly mapped window. */
void place_new_client(wm *m, wm_client *c, bool have_pointer, int px, int py);

/* stack.c */
void stack_raise(wm *m, wm_client *c);
void stack_lower(wm *m, wm_client *c);
/* ConfigureRequest / _NET_RESTACK_WINDOW: X stack modes, sibling may be NULL. */
enum wm_stack_mode { WM_ABOVE, WM_BELOW, WM_TOP_IF, WM_BOTTOM_IF, WM_OPPOSITE };
void stack_restack(wm *m, wm_client *c, wm_client *sibling, enum wm_stack_mode mode);
/* The effective order, bottom to top: layers, then transients right above
 * their parents. Fills out (cleared first) with borrowed wm_client *. */
void stack_compute(const wm *m, GPtrArray *out);

/* restack.c */
/* One restack: win right above (or below) sibling. */
typedef struct wm_restack_move {
    uint32_t win, sibling;
    bool above;
} wm_restack_move;
/* The fewest moves that put the windows of want (uint32_t, bottom to top)
 * in that order, given have, the order X has them in (uint32_t, bottom to
 * top; windows not in want stay where they are): appended to moves
 * (wm_restack_move), and have rewritten to the order after them. */
void wm_restack_plan(GArray *have, const GArray *want, GArray *moves);

/* focus.c */
/* Focus c (NULL: nobody) and move it to the front of the MRU list; a
 * window that cannot take focus leaves it unchanged. */
void focus_set(wm *m, wm_client *c);
/* The window that should get focus on workspace ws, skipping except. */
wm_client *focus_next_mru(const wm *m, uint32_t ws, const wm_client *except);
bool focus_can_take(const wm_client *c);
/* Hand the focus to target, which takes the place of a window that went
 * (on workspace ws). A window that takes the focus only when it wants to
 * is offered it, with nobody focused; then, each in turn, the windows of
 * the MRU list that take it so, up to the first that accepts it (Mutter's
 * queued default focus). */
void focus_hand_over(wm *m, wm_client *target, uint32_t ws);
/* The window being offered the focus, or NULL. */
wm_client *focus_offered(const wm *m);
/* The offer went unanswered: the next window is offered the focus, or
 * given it if it accepts it. */
void focus_offer_next(wm *m);
/* Focus-stealing prevention for a newly mapped window. */
bool focus_allow_new(const wm *m, const wm_client *c);
/* Focus-stealing prevention for _NET_ACTIVE_WINDOW from an application. */
bool focus_allow_activate(const wm *m, const wm_client *c, int source, uint32_t time);
void focus_note_user_time(wm *m, wm_client *c, uint32_t time);
/* Raise, switch workspace if needed, focus, clear demands-attention. */
void focus_activate(wm *m, wm_client *c);

/* workspace.c */
void workspace_set_count(wm *m, uint32_t n);
void workspace_set_names(wm *m, char **names, size_t n);
void workspace_switch(wm *m, uint32_t ws);
/* c to workspace ws (WM_ALL_WORKSPACES: sticky), its transients with it,
 * as Mutter does: a dialog stays with its parent. */
void workspace_move_client(wm *m, wm_client *c, uint32_t ws);
/* After c's parent changed (mapped, gone, another WM_TRANSIENT_FOR): a
 * transient of a sticky window is sticky with it; one that was sticky only
 * through its parent stops being sticky when the link goes, and stays on
 * the workspace shown. */
void workspace_follow_parent(wm *m, wm_client *c);
void workspace_show_desktop(wm *m, bool on);

/* moveresize.c: interactive moves and resizes, by pointer or keyboard, as
 * pure rules over the model. Directions are _NET_WM_MOVERESIZE's. The
 * caller decides what starts a drag and pushes the result; these functions
 * only change the client (c->floating and its states) and mark it dirty.
 * A client that went away mid-drag (wm_find(m, mr->id) is NULL) makes
 * every function a no-op. */
enum wm_mr_dir {
    WM_MR_TOPLEFT,
    WM_MR_TOP,
    WM_MR_TOPRIGHT,
    WM_MR_RIGHT,
    WM_MR_BOTTOMRIGHT,
    WM_MR_BOTTOM,
    WM_MR_BOTTOMLEFT,
    WM_MR_LEFT,
    WM_MR_MOVE,
};

/* Where a move would drop a window when released at a monitor edge. */
enum wm_mr_zone { WM_ZONE_NONE, WM_ZONE_LEFT, WM_ZONE_RIGHT, WM_ZONE_MAXIMIZE };

typedef struct wm_moveresize {
    uint32_t id; /* the client being moved or resized */
    enum wm_mr_dir dir;
    int start_px, start_py; /* pointer at the start, root coordinates */
    int px, py;             /* pointer now (the keyboard moves a virtual one) */
    wm_rect start_frame;    /* what showed at the start (client_visible_rect:
                             * the frame less any client-drawn shadow); a move
                             * re-bases it when it restores a maximized or
                             * tiled window to its floating size */
    wm_rect start_geom;     /* the client rectangle shown at the start */
    /* What cancel restores. */
    wm_rect saved_floating;
    bool saved_max_h, saved_max_v;
    enum wm_tile saved_tile;
    bool moved;     /* a move: the pointer went past the drag threshold;
                     * a resize: the pointer left its starting point */
    int snap;       /* snap distance in pixels, 0: none (set by the caller) */
    bool edge_tile; /* a move to a monitor edge tiles (set by the caller) */
    enum wm_mr_zone zone;
} wm_moveresize;

#define WM_DRAG_THRESHOLD 6 /* pixels before a press becomes a drag */
#define WM_EDGE_ZONE      2 /* pixels from a monitor edge that tile */

/* Start moving or resizing c; the pointer is at (px, py). Zeroes *mr first,
 * so the caller sets mr->snap and mr->edge_tile after it. False (and *mr
 * left zeroed) for a fullscreen window, a dock or desktop window, an
 * unknown dir, or a dir whose action (WM_ACTION_MOVE, WM_ACTION_RESIZE)
 * the client does not allow. c may be NULL (false). */
bool mr_begin(wm *m, wm_moveresize *mr, wm_client *c, enum wm_mr_dir dir, int px, int py);
/* The pointer is at (px, py): update c->floating (and states). A move
 * waits for WM_DRAG_THRESHOLD, restores a maximized or tiled window under
 * the pointer, snaps, keeps the title strip reachable and finds the zone.
 * A resize moves the edges dir names; the opposite ones stay fixed, even
 * when the size hints refuse the size. A shaded window only resizes
 * sideways. */
void mr_motion(wm *m, wm_moveresize *mr, int px, int py);
/* The rectangle the current zone would show the window at (its frame, less
 * any client-drawn shadow: client_visible_rect()), or a 0x0 rect. */
wm_rect mr_zone_rect(const wm *m, const wm_moveresize *mr);
/* Released: apply the zone, if any (tile or maximize on the monitor under
 * the pointer). */
void mr_end(wm *m, wm_moveresize *mr);
/* Escape: put everything back as it was at mr_begin. */
void mr_cancel(wm *m, wm_moveresize *mr);
/* Which part of a frame (w x h, extents e) the point (x, y) in frame
 * coordinates is on: a resize direction, WM_MR_MOVE for the title strip,
 * -1 for the client area and outside the frame. Corners reach margin
 * pixels along both edges they join (and into the title strip); the top
 * e.bottom rows of the title strip are its top edge (all of it when
 * e.top <= e.bottom). */
int mr_frame_part(int w, int h, wm_extents e, int x, int y, int margin);
/* Snap frame (what shows of c: client_visible_rect()) to the monitors'
 * work-area edges and the visible rectangles of other windows shown (not
 * c's, nor desktop windows'; c may be NULL) within distance (0: none).
 * An edge snaps only to an edge it faces, and only where the two overlap
 * along it: a left edge to a work area's left edge or to another frame's
 * right edge, and so on. A move (WM_MR_MOVE)
 * shifts the frame by the nearest snap on each axis; a resize moves only
 * the edges dir names. Pure. */
wm_rect snap_frame(const wm *m, const wm_client *c, wm_rect frame, enum wm_mr_dir dir,
                   int distance);
