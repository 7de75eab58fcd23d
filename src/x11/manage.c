/*
 * Managing and unmanaging windows. On the manage path requests go out in
 * two batches, each read after it is sent whole: what the window is and
 * which properties it has, then the ones purr reads; two waits, never a
 * round trip per property. The frame is created and the client reparented
 * here; where the frame goes, whether it shows and what the properties say
 * is left to the push step.
 */
#include "x11/x11.h"

#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "util/log.h"
#include "x11/prop.h"

/* The properties read when a window is managed, in one batch. */
enum fetch {
    F_WM_NAME,
    F_NET_WM_NAME,
    F_WM_CLASS,
    F_WM_HINTS,
    F_WM_NORMAL_HINTS,
    F_WM_PROTOCOLS,
    F_WM_TRANSIENT_FOR,
    F_WINDOW_TYPE,
    F_NET_WM_STATE,
    F_NET_WM_DESKTOP,
    F_USER_TIME,
    F_USER_TIME_WINDOW,
    F_PID,
    F_CLIENT_MACHINE,
    F_STRUT_PARTIAL,
    F_STRUT,
    F_MOTIF_HINTS,
    F_GTK_FRAME_EXTENTS,
    F_OPACITY,
    F_BYPASS,
    F_SYNC_COUNTER,
    F_ROLE,
    F_TAB_GROUP,
    F_COUNT
};

/* Longest property read, in 32-bit units: enough for any sane title or
 * list; a client's 1 MB WM_NAME costs us 8 KB. */
#define FETCH_MAX_LONGS 2048

/* What each property must look like to be used: its type (0: any),
 * format, how many items at least and at most (0: no limit). */
typedef struct fetch_spec {
    xcb_atom_t atom, type;
    uint8_t format;
    uint32_t min_items;
    const char *name;
    uint32_t max_items;
} fetch_spec;

static fetch_spec fetch_spec_of(enum fetch f)
{
    /* Filled on first use: the atoms are interned by then. */
    static fetch_spec table[F_COUNT];
    if (table[f].atom)
        return table[f];
    const fetch_spec init[F_COUNT] = {
        [F_WM_NAME] = {XCB_ATOM_WM_NAME, 0, 8, 0, "WM_NAME"},
        [F_NET_WM_NAME] = {A(_NET_WM_NAME), A(UTF8_STRING), 8, 0, "_NET_WM_NAME"},
        [F_WM_CLASS] = {XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 8, 0, "WM_CLASS"},
        [F_WM_HINTS] = {XCB_ATOM_WM_HINTS, XCB_ATOM_WM_HINTS, 32, 1, "WM_HINTS"},
        [F_WM_NORMAL_HINTS] = {XCB_ATOM_WM_NORMAL_HINTS, XCB_ATOM_WM_SIZE_HINTS, 32, 15,
                               "WM_NORMAL_HINTS"},
        [F_WM_PROTOCOLS] = {A(WM_PROTOCOLS), XCB_ATOM_ATOM, 32, 0, "WM_PROTOCOLS"},
        [F_WM_TRANSIENT_FOR] = {XCB_ATOM_WM_TRANSIENT_FOR, XCB_ATOM_WINDOW, 32, 1,
                                "WM_TRANSIENT_FOR"},
        [F_WINDOW_TYPE] = {A(_NET_WM_WINDOW_TYPE), XCB_ATOM_ATOM, 32, 0, "_NET_WM_WINDOW_TYPE"},
        [F_NET_WM_STATE] = {A(_NET_WM_STATE), XCB_ATOM_ATOM, 32, 0, "_NET_WM_STATE"},
        [F_NET_WM_DESKTOP] = {A(_NET_WM_DESKTOP), XCB_ATOM_CARDINAL, 32, 1, "_NET_WM_DESKTOP"},
        [F_USER_TIME] = {A(_NET_WM_USER_TIME), XCB_ATOM_CARDINAL, 32, 1, "_NET_WM_USER_TIME"},
        [F_USER_TIME_WINDOW] = {A(_NET_WM_USER_TIME_WINDOW), XCB_ATOM_WINDOW, 32, 1,
                                "_NET_WM_USER_TIME_WINDOW"},
        [F_PID] = {A(_NET_WM_PID), XCB_ATOM_CARDINAL, 32, 1, "_NET_WM_PID"},
        [F_CLIENT_MACHINE] = {A(WM_CLIENT_MACHINE), 0, 8, 0, "WM_CLIENT_MACHINE"},
        [F_STRUT_PARTIAL] = {A(_NET_WM_STRUT_PARTIAL), XCB_ATOM_CARDINAL, 32, 12,
                             "_NET_WM_STRUT_PARTIAL"},
        [F_STRUT] = {A(_NET_WM_STRUT), XCB_ATOM_CARDINAL, 32, 4, "_NET_WM_STRUT"},
        [F_MOTIF_HINTS] = {A(_MOTIF_WM_HINTS), 0, 32, 3, "_MOTIF_WM_HINTS"},
        [F_GTK_FRAME_EXTENTS] = {A(_GTK_FRAME_EXTENTS), XCB_ATOM_CARDINAL, 32, 4,
                                 "_GTK_FRAME_EXTENTS", 4},
        [F_OPACITY] = {A(_NET_WM_WINDOW_OPACITY), XCB_ATOM_CARDINAL, 32, 1,
                       "_NET_WM_WINDOW_OPACITY", 1},
        [F_BYPASS] = {A(_NET_WM_BYPASS_COMPOSITOR), XCB_ATOM_CARDINAL, 32, 1,
                      "_NET_WM_BYPASS_COMPOSITOR", 1},
        [F_SYNC_COUNTER] = {A(_NET_WM_SYNC_REQUEST_COUNTER), XCB_ATOM_CARDINAL, 32, 1,
                            "_NET_WM_SYNC_REQUEST_COUNTER", 2},
        [F_ROLE] = {A(WM_WINDOW_ROLE), XCB_ATOM_STRING, 8, 0, "WM_WINDOW_ROLE"},
        [F_TAB_GROUP] = {A(_PURR_TAB_GROUP), XCB_ATOM_CARDINAL, 32, 3, "_PURR_TAB_GROUP", 3},
    };
    memcpy(table, init, sizeof table);
    return table[f];
}

static xcb_atom_t fetch_atom(enum fetch f)
{
    return fetch_spec_of(f).atom;
}

/* Say once per window and property that a client wrote something purr
 * cannot use, or something cut short because it was too long; reported
 * holds a bit per property already reported. */
static void check_property(xcb_window_t win, enum fetch f, const xcb_get_property_reply_t *r,
                           uint32_t *reported)
{
    if (!r || r->type == XCB_ATOM_NONE || (*reported & (1u << f)))
        return;
    fetch_spec spec = fetch_spec_of(f);
    if ((spec.type && r->type != spec.type) || r->format != spec.format ||
        r->value_len < spec.min_items || (spec.max_items && r->value_len > spec.max_items))
        log_info("window 0x%x: %s has type %u, format %u and %u items; ignored", win, spec.name,
                 r->type, r->format, r->value_len);
    else if (r->bytes_after > 0)
        log_info("window 0x%x: %s is longer than %d bytes; the rest is ignored", win, spec.name,
                 FETCH_MAX_LONGS * 4);
    else
        return;
    *reported |= 1u << f;
}

static xcb_get_property_cookie_t request(x11 *x, xcb_window_t w, xcb_atom_t atom)
{
    xcb_get_property_cookie_t ck =
        xcb_get_property(x->conn, 0, w, atom, XCB_GET_PROPERTY_TYPE_ANY, 0, FETCH_MAX_LONGS);
    x11_expect(x, ck.sequence);
    return ck;
}

static prop_value value_of(const xcb_get_property_reply_t *r)
{
    if (!r)
        return (prop_value){0};
    return prop_from_bytes(r->type, r->format, (size_t)xcb_get_property_value_length(r),
                           xcb_get_property_value(r));
}

void manage_grab_clicks(x11 *x, xcb_window_t win, bool on)
{
    /* Click to focus: a passive grab on unfocused windows, the click
     * replayed to the client after. The focused window needs none, so its
     * clicks never wait for purr. */
    if (on)
        x11_expect(x, xcb_grab_button(x->conn, 0, win, XCB_EVENT_MASK_BUTTON_PRESS,
                                      XCB_GRAB_MODE_SYNC, XCB_GRAB_MODE_ASYNC, XCB_NONE, XCB_NONE,
                                      XCB_BUTTON_INDEX_ANY, XCB_MOD_MASK_ANY)
                          .sequence);
    else
        x11_expect(
            x, xcb_ungrab_button(x->conn, XCB_BUTTON_INDEX_ANY, win, XCB_MOD_MASK_ANY).sequence);
}

xclient *xclient_find(const x11 *x, xcb_window_t win)
{
    return g_hash_table_lookup(x->clients, GUINT_TO_POINTER(win));
}

static bool is_ours_or_managed(const x11 *x, xcb_window_t w)
{
    return w == x->root || w == x->check || xclient_find(x, w) ||
           g_hash_table_contains(x->frames, GUINT_TO_POINTER(w));
}

/* Each apply_* takes one decoded property into the model. They serve both
 * the manage batch and PropertyNotify. */

static void apply_title(x11 *x, wm_client *c, const prop_value *net, const prop_value *icccm)
{
    g_autofree char *t = prop_text(net, A(UTF8_STRING));
    bool from_net = t && *t;
    if (!from_net) {
        g_free(t);
        t = prop_text(icccm, A(UTF8_STRING));
    }
    c->title_is_net_name = from_net;
    client_set_title(c, t ? t : "");
    client_mark(c, WM_DIRTY_TITLE); /* the visible name may change alone */
}

/* ICCCM 4.1.7: the input model follows from WM_HINTS.input and whether
 * WM_TAKE_FOCUS is among the protocols. */
static void update_input_model(wm_client *c)
{
    c->input = c->input_hint ? (c->take_focus ? WM_INPUT_LOCAL : WM_INPUT_PASSIVE)
                             : (c->take_focus ? WM_INPUT_GLOBAL : WM_INPUT_NONE);
}

static void apply_hints(x11 *x, wm_client *c, const prop_value *v)
{
    prop_wm_hints h;
    prop_decode_wm_hints(v, &h);
    c->leader = (h.flags & PROP_HINT_WINDOW_GROUP) ? h.window_group : 0;
    bool urgent = (h.flags & PROP_HINT_URGENCY) != 0;
    if (urgent != c->urgent) {
        c->urgent = urgent;
        /* Urgency shows as _NET_WM_STATE_DEMANDS_ATTENTION (EWMH). */
        if (urgent && x->model->focused != c)
            client_set_demands_attention(c, true);
        else if (!urgent)
            client_set_demands_attention(c, false);
    }
    c->input_hint = h.input;
    update_input_model(c);
}

static void apply_protocols(wm_client *c, const prop_value *v)
{
    uint32_t list[32];
    size_t n = prop_card32_list(v, PROP_ATOM_ATOM, list, 32);
    c->take_focus = c->delete_window = c->ping = c->sync_request = false;
    for (size_t i = 0; i < n; i++) {
        if (list[i] == A(WM_TAKE_FOCUS))
            c->take_focus = true;
        else if (list[i] == A(WM_DELETE_WINDOW))
            c->delete_window = true;
        else if (list[i] == A(_NET_WM_PING))
            c->ping = true;
        else if (list[i] == A(_NET_WM_SYNC_REQUEST))
            c->sync_request = true;
    }
    update_input_model(c);
}

/* WM_NORMAL_HINTS into the model, saying once what was wrong with them.
 * No window may be much larger than the screen, whatever it asks
 * (constrain_max_side). */
static void apply_size_hints(x11 *x, wm_client *c, const prop_value *v)
{
    prop_size_hints sh;
    prop_decode_size_hints(v, &sh);
    wm_size_hints *h = &c->hints;
    *h = (wm_size_hints){sh.min_w,
                         sh.min_h,
                         sh.max_w,
                         sh.max_h,
                         sh.base_w,
                         sh.base_h,
                         sh.inc_w,
                         sh.inc_h,
                         sh.min_aspect_num,
                         sh.min_aspect_den,
                         sh.max_aspect_num,
                         sh.max_aspect_den,
                         (sh.flags & PROP_SIZE_US_POSITION) != 0,
                         (sh.flags & PROP_SIZE_P_POSITION) != 0};
    c->gravity = sh.win_gravity;
    if ((h->max_w && h->max_w < h->min_w) || (h->max_h && h->max_h < h->min_h)) {
        log_info("window 0x%x: WM_NORMAL_HINTS minimum %dx%d exceeds maximum %dx%d; the "
                 "minimum wins",
                 c->id, h->min_w, h->min_h, h->max_w, h->max_h);
        h->max_w = h->max_w ? MAX(h->max_w, h->min_w) : 0;
        h->max_h = h->max_h ? MAX(h->max_h, h->min_h) : 0;
    }
    if ((sh.flags & PROP_SIZE_P_RESIZE_INC) && (h->inc_w <= 0 || h->inc_h <= 0)) {
        log_info("window 0x%x: WM_NORMAL_HINTS increments %dx%d; taken as 1", c->id, h->inc_w,
                 h->inc_h);
        h->inc_w = MAX(h->inc_w, 1);
        h->inc_h = MAX(h->inc_h, 1);
    }
    if ((sh.flags & PROP_SIZE_P_ASPECT) &&
        (!h->min_aspect_num || !h->min_aspect_den || !h->max_aspect_num || !h->max_aspect_den)) {
        log_info("window 0x%x: WM_NORMAL_HINTS aspect with a zero term; ignored", c->id);
        h->min_aspect_num = h->min_aspect_den = h->max_aspect_num = h->max_aspect_den = 0;
    }
    wm_rect screen = x->model->screen;
    int limit_w = constrain_max_side(screen.w), limit_h = constrain_max_side(screen.h);
    h->min_w = MIN(h->min_w, limit_w);
    h->min_h = MIN(h->min_h, limit_h);
    h->max_w = h->max_w ? MIN(h->max_w, limit_w) : limit_w;
    h->max_h = h->max_h ? MIN(h->max_h, limit_h) : limit_h;
}

static void apply_strut(x11 *x, wm_client *c, const prop_value *partial, const prop_value *full)
{
    int v[12];
    bool has = prop_decode_strut(partial, true, v) || prop_decode_strut(full, false, v);
    wm_strut st = {0};
    if (has)
        st = (wm_strut){v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11]};
    if (has == c->has_strut && memcmp(&st, &c->strut, sizeof st) == 0)
        return;
    c->has_strut = has;
    c->strut = st;
    if (has && !strut_fits(x->model, c))
        log_info("window 0x%x: its strut takes more than half of its monitor; that side is "
                 "ignored",
                 c->id);
    workarea_update(x->model);
}

static void apply_motif(wm *m, wm_client *c, const prop_value *v)
{
    bool undecorated = false;
    prop_decode_motif_undecorated(v, &undecorated);
    client_set_undecorated(m, c, undecorated);
}

/* _GTK_FRAME_EXTENTS: the window draws its own decorations, with a shadow
 * this wide. GTK sets it only while a compositor runs, and zeroes it while
 * maximized or fullscreen; a wrong type or length was logged by
 * check_property() and counts as absent. */
static void apply_frame_extents(wm *m, wm_client *c, const prop_value *v)
{
    int e[4];
    bool csd = prop_decode_frame_extents(v, e);
    client_set_csd(m, c, csd, (wm_extents){e[0], e[1], e[2], e[3]});
}

static void apply_transient(x11 *x, wm_client *c, const prop_value *v)
{
    uint32_t t = 0;
    bool has = prop_card32(v, PROP_ATOM_WINDOW, &t);
    /* ICCCM: transient for None or the root means "for the whole group". */
    c->group_transient = has && (t == 0 || t == x->root);
    c->transient_for_id = has && t != x->root && t != c->id ? t : 0;
    if (has && t == c->id)
        log_info("window 0x%x says it is transient for itself; ignored", c->id);
    client_resolve_transient(x->model, c);
    if (wm_find(x->model, c->id) == c) /* managed already: a change */
        workspace_follow_parent(x->model, c);
    wm_mark(x->model, WM_DIRTY_STACK);
}

static enum wm_type type_from_atoms(const prop_value *v)
{
    uint32_t list[16];
    size_t n = prop_card32_list(v, PROP_ATOM_ATOM, list, 16);
    /* The first type we know wins (EWMH: in order of preference). */
    for (size_t i = 0; i < n; i++) {
        xcb_atom_t a = list[i];
        if (a == A(_NET_WM_WINDOW_TYPE_NORMAL))
            return WM_TYPE_NORMAL;
        if (a == A(_NET_WM_WINDOW_TYPE_DESKTOP))
            return WM_TYPE_DESKTOP;
        if (a == A(_NET_WM_WINDOW_TYPE_DOCK))
            return WM_TYPE_DOCK;
        if (a == A(_NET_WM_WINDOW_TYPE_TOOLBAR))
            return WM_TYPE_TOOLBAR;
        if (a == A(_NET_WM_WINDOW_TYPE_MENU))
            return WM_TYPE_MENU;
        if (a == A(_NET_WM_WINDOW_TYPE_UTILITY))
            return WM_TYPE_UTILITY;
        if (a == A(_NET_WM_WINDOW_TYPE_SPLASH))
            return WM_TYPE_SPLASH;
        if (a == A(_NET_WM_WINDOW_TYPE_DIALOG))
            return WM_TYPE_DIALOG;
        if (a == A(_NET_WM_WINDOW_TYPE_NOTIFICATION))
            return WM_TYPE_NOTIFICATION;
    }
    return WM_TYPE_NORMAL;
}

/* The states a client asks for before it is mapped; returns whether it
 * asked to be shaded, which needs the frame to be known first. */
static bool apply_net_state(wm_client *c, const prop_value *v)
{
    bool shaded = false;
    uint32_t list[32];
    size_t n = prop_card32_list(v, PROP_ATOM_ATOM, list, 32);
    for (size_t i = 0; i < n; i++) {
        xcb_atom_t a = list[i];
        if (a == A(_NET_WM_STATE_ABOVE))
            c->above = true;
        else if (a == A(_NET_WM_STATE_BELOW))
            c->below = true;
        else if (a == A(_NET_WM_STATE_STICKY))
            c->workspace = WM_ALL_WORKSPACES;
        else if (a == A(_NET_WM_STATE_FULLSCREEN))
            c->fullscreen = true;
        else if (a == A(_NET_WM_STATE_SKIP_TASKBAR))
            c->skip_taskbar = true;
        else if (a == A(_NET_WM_STATE_SKIP_PAGER))
            c->skip_pager = true;
        else if (a == A(_NET_WM_STATE_DEMANDS_ATTENTION))
            c->demands_attention = true;
        else if (a == A(_NET_WM_STATE_MAXIMIZED_HORZ))
            c->max_h = true;
        else if (a == A(_NET_WM_STATE_MAXIMIZED_VERT))
            c->max_v = true;
        else if (a == A(_NET_WM_STATE_MODAL))
            c->modal = true;
        else if (a == A(_NET_WM_STATE_SHADED))
            shaded = true;
    }
    return shaded;
}

/* The user time a client keeps on another window (GTK does), read when
 * the window is managed and whenever it changes. */
static void read_user_time(x11 *x, wm_client *c, xcb_window_t utw)
{
    xcb_get_property_reply_t *r =
        xcb_get_property_reply(x->conn, request(x, utw, A(_NET_WM_USER_TIME)), NULL);
    prop_value v = value_of(r);
    uint32_t t;
    if (prop_card32(&v, PROP_ATOM_CARDINAL, &t))
        focus_note_user_time(x->model, c, x11_client_time(x, t));
    free(r);
}

/* _NET_WM_WINDOW_OPACITY and _NET_WM_BYPASS_COMPOSITOR go on the frame,
 * where compositors (purr's own, or another) look for them. */
static void copy_to_frame(x11 *x, xclient *xc, xcb_atom_t atom, const prop_value *v)
{
    uint32_t value;
    bool has = prop_card32(v, PROP_ATOM_CARDINAL, &value);
    if (atom == A(_NET_WM_WINDOW_OPACITY)) {
        xc->has_opacity = has;
        xc->opacity = value;
    } else {
        xc->bypass = has ? value : 0;
    }
    if (has)
        x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->frame, atom,
                                          XCB_ATOM_CARDINAL, 32, 1, &value)
                          .sequence);
    else
        x11_expect(x, xcb_delete_property(x->conn, xc->frame, atom).sequence);
    comp_properties_changed(x->comp, xc->frame);
}

/* [tabs] join-same and join-focused: the first rule that finds a group
 * for c puts it there, shown when it may take the focus. */
static void apply_tab_rules(x11 *x, wm_client *c, bool shown)
{
    const GArray *rules = x->config ? x->config->tab_rules : NULL;
    for (guint i = 0; rules && i < rules->len; i++) {
        const purr_tab_rule *r = &g_array_index(rules, purr_tab_rule, i);
        enum wm_match what = r->what == MATCH_ROLE    ? WM_MATCH_ROLE
                             : r->what == MATCH_TITLE ? WM_MATCH_TITLE
                                                      : WM_MATCH_CLASS;
        wm_client *into = group_rule_target(x->model, c, what, r->pattern, r->focused);
        if (!into)
            continue;
        const char *why = group_refusal(x->model, into, c);
        if (why) {
            log_info("window 0x%x not made a tab of 0x%x by the rule %s: %s", c->id, into->id,
                     r->pattern, why);
            return;
        }
        group_attach(x->model, into, c, -1, shown);
        log_debug("window 0x%x joined the group of 0x%x by the rule %s", c->id, into->id,
                  r->pattern);
        return;
    }
}

/* The groups of the windows adopted at start-up, as _PURR_TAB_GROUP had
 * them: same order, same tab shown. A group's tabs all floated at one
 * place; a window claiming a group elsewhere, or alone, is left alone. */
static int by_group_then_index(gconstpointer a, gconstpointer b)
{
    const adopted_tab *p = a, *q = b;
    if (p->group != q->group)
        return p->group < q->group ? -1 : 1;
    return p->index < q->index ? -1 : p->index > q->index;
}

static void rebuild_groups(x11 *x)
{
    wm *m = x->model;
    GArray *a = x->adopted_tabs;
    g_array_sort(a, by_group_then_index);
    for (guint i = 0; i < a->len;) {
        guint j = i;
        while (j < a->len &&
               g_array_index(a, adopted_tab, j).group == g_array_index(a, adopted_tab, i).group)
            j++;
        wm_client *first = wm_find(m, g_array_index(a, adopted_tab, i).id), *shown = NULL;
        if (j - i < 2)
            log_info("window 0x%x: _PURR_TAB_GROUP names group %u, which no other window is in; "
                     "ignored",
                     g_array_index(a, adopted_tab, i).id, g_array_index(a, adopted_tab, i).group);
        for (guint k = i; k < j && first; k++) {
            const adopted_tab *t = &g_array_index(a, adopted_tab, k);
            wm_client *c = wm_find(m, t->id);
            if (!c)
                continue;
            if (c != first && j - i >= 2) {
                const char *why = !rect_equal(c->floating, first->floating)
                                      ? "it is not where the group's other tabs are"
                                      : group_refusal(m, first, c);
                if (why || !group_attach(m, first, c, (int)first->group->clients->len, false)) {
                    log_info("window 0x%x: _PURR_TAB_GROUP names group %u: %s; ignored", c->id,
                             t->group, why ? why : "refused");
                    continue;
                }
            }
            if (t->current)
                shown = c;
        }
        if (shown && client_tabbed(shown))
            group_set_current(m, shown);
        i = j;
    }
    g_array_set_size(a, 0);
}

/* One window on its way to being managed: what was asked of the server
 * about it, then what it answered. */
typedef struct manage_job {
    xcb_window_t win;
    bool adopt, iconic; /* see manage_existing() */
    bool skip;          /* ours, managed already, or twice in one batch */
    xcb_get_window_attributes_cookie_t ack;
    xcb_get_geometry_cookie_t gck;
    xcb_list_properties_cookie_t lck;
    xcb_get_window_attributes_reply_t *attr;
    xcb_get_geometry_reply_t *geo;
    bool present[F_COUNT];
    xcb_get_property_cookie_t pck[F_COUNT];
} manage_job;

/* First wait: what the window is and which properties it has. */
static void job_ask(x11 *x, manage_job *j, const manage_job *earlier, guint n_earlier)
{
    j->skip = is_ours_or_managed(x, j->win);
    for (guint i = 0; i < n_earlier && !j->skip; i++)
        j->skip = earlier[i].win == j->win;
    if (j->skip)
        return;
    /* Listen first, then read, so that no change falls in between (a
     * client may set a property again right after mapping); a window that
     * turns out not to be managed sends nothing purr acts on. */
    uint32_t listen = XCB_EVENT_MASK_PROPERTY_CHANGE | XCB_EVENT_MASK_FOCUS_CHANGE;
    x11_expect(x,
               xcb_change_window_attributes(x->conn, j->win, XCB_CW_EVENT_MASK, &listen).sequence);
    j->ack = xcb_get_window_attributes(x->conn, j->win);
    x11_expect(x, j->ack.sequence);
    j->gck = xcb_get_geometry(x->conn, j->win);
    x11_expect(x, j->gck.sequence);
    j->lck = xcb_list_properties(x->conn, j->win);
    x11_expect(x, j->lck.sequence);
}

/* Second wait: those of its properties purr reads (a window has a third
 * of them or so). A property set after the list was made reaches purr as
 * a PropertyNotify: purr listens already. */
static void job_read_list(x11 *x, manage_job *j)
{
    if (j->skip)
        return;
    j->attr = xcb_get_window_attributes_reply(x->conn, j->ack, NULL);
    j->geo = xcb_get_geometry_reply(x->conn, j->gck, NULL);
    xcb_list_properties_reply_t *list = xcb_list_properties_reply(x->conn, j->lck, NULL);
    if (list) {
        const xcb_atom_t *have = xcb_list_properties_atoms(list);
        int n = xcb_list_properties_atoms_length(list);
        for (int i = 0; i < F_COUNT; i++)
            for (int k = 0; k < n && !j->present[i]; k++)
                j->present[i] = have[k] == fetch_atom(i);
        free(list);
    }
    for (int i = 0; i < F_COUNT; i++)
        if (j->present[i])
            j->pck[i] = request(x, j->win, fetch_atom(i));
}

/* The window into the model and into its frame. */
static void job_finish(x11 *x, manage_job *j, const xcb_query_pointer_reply_t *ptr)
{
    if (j->skip)
        return;
    xcb_window_t win = j->win;
    bool adopt = j->adopt, iconic = j->iconic;
    const bool *present = j->present;
    xcb_get_window_attributes_reply_t *attr = j->attr;
    xcb_get_geometry_reply_t *geo = j->geo;
    xcb_get_property_reply_t *pr[F_COUNT];
    prop_value pv[F_COUNT];
    for (int i = 0; i < F_COUNT; i++) {
        pr[i] = present[i] ? xcb_get_property_reply(x->conn, j->pck[i], NULL) : NULL;
        pv[i] = value_of(pr[i]);
    }
    if (!attr || !geo) {
        log_info("window 0x%x is gone before it could be managed", win);
        goto out;
    }
    if (attr->override_redirect)
        goto out;
    uint32_t reported = 0;
    for (int i = 0; i < F_COUNT; i++)
        check_property(win, i, pr[i], &reported);

    wm *m = x->model;
    wm_client *c = client_create(win);
    apply_title(x, c, &pv[F_NET_WM_NAME], &pv[F_WM_NAME]);
    char *inst = NULL, *klass = NULL;
    if (prop_wm_class(&pv[F_WM_CLASS], &inst, &klass)) {
        c->wm_class = klass ? klass : inst;
        if (klass)
            g_free(inst);
    }
    c->role = prop_text(&pv[F_ROLE], A(UTF8_STRING));
    c->input_hint = true;
    apply_hints(x, c, &pv[F_WM_HINTS]);
    apply_protocols(c, &pv[F_WM_PROTOCOLS]);
    apply_transient(x, c, &pv[F_WM_TRANSIENT_FOR]);
    c->type = type_from_atoms(&pv[F_WINDOW_TYPE]);
    if (c->type == WM_TYPE_NORMAL && pv[F_WM_TRANSIENT_FOR].type != 0 &&
        pv[F_WINDOW_TYPE].type == 0)
        c->type = WM_TYPE_DIALOG; /* EWMH: untyped transients are dialogs */
    uint32_t desktop = 0;
    c->workspace = prop_card32(&pv[F_NET_WM_DESKTOP], PROP_ATOM_CARDINAL, &desktop)
                       ? desktop
                       : m->current_workspace;
    bool shaded = apply_net_state(c, &pv[F_NET_WM_STATE]);
    apply_size_hints(x, c, &pv[F_WM_NORMAL_HINTS]);
    /* The shadow margins are checked against the size asked for; where
     * the window goes is decided below, once the frame is known. */
    wm_rect req = {geo->x, geo->y, geo->width, geo->height};
    c->floating = req;
    apply_motif(m, c, &pv[F_MOTIF_HINTS]);
    apply_frame_extents(m, c, &pv[F_GTK_FRAME_EXTENTS]);
    c->border_width = geo->border_width;

    /* Start iconic when the client asks (WM_HINTS); an adopted window that
     * is not mapped was minimized by the previous manager. */
    prop_wm_hints wh;
    prop_decode_wm_hints(&pv[F_WM_HINTS], &wh);
    if (adopt)
        c->minimized = iconic || attr->map_state == XCB_MAP_STATE_UNMAPPED;
    else
        c->minimized = (wh.flags & PROP_HINT_STATE) && wh.initial_state == 3;

    uint32_t t = 0, utw = 0;
    xclient *xc = g_new0(xclient, 1);
    xc->id = win;
    xc->reported = reported;
    /* The user time may live on another window (GTK does this). Listening
     * there replaces our event mask on it, so a client never gets to name
     * the root, our own windows or another client's. */
    if (prop_card32(&pv[F_USER_TIME_WINDOW], PROP_ATOM_WINDOW, &utw) && utw != win && utw != 0 &&
        !is_ours_or_managed(x, utw)) {
        /* Listen first, then read, so no change falls in between. One
         * more request, only for such clients. */
        xc->user_time_window = utw;
        uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE;
        x11_expect(x,
                   xcb_change_window_attributes(x->conn, utw, XCB_CW_EVENT_MASK, &mask).sequence);
        g_hash_table_insert(x->user_time_windows, GUINT_TO_POINTER(utw), xc);
        read_user_time(x, c, utw);
    } else if (prop_card32(&pv[F_USER_TIME], PROP_ATOM_CARDINAL, &t)) {
        focus_note_user_time(m, c, x11_client_time(x, t));
    }
    prop_card32(&pv[F_PID], PROP_ATOM_CARDINAL, &xc->pid);
    xc->machine = prop_text(&pv[F_CLIENT_MACHINE], A(UTF8_STRING));

    /* Where it goes: as asked, through its gravity and size hints; a new
     * window is then placed, an adopted one stays, and an undecorated one
     * asking for its whole monitor may be taken as fullscreen. */
    client_ask_decoration(m, c);
    client_place_with_gravity(m, c, req);
    constrain_size(&c->hints, &c->floating.w, &c->floating.h, true);
    if (policy_autofullscreen(m, c, c->floating))
        c->fullscreen = true;
    if (adopt) {
        client_keep_reachable(m, c);
    } else {
        place_new_client(m, c, ptr != NULL, ptr ? ptr->root_x : 0, ptr ? ptr->root_y : 0);
    }

    if (shaded)
        client_set_shaded(m, c, true);

    /* The frame, and the client inside it. */
    xc->client_argb = geo->depth == 32;
    frame_create(x, c, xc);
    if (!present[F_TAB_GROUP])
        memset(xc->pushed_tab, 0, sizeof xc->pushed_tab); /* none to delete */
    xc->pushed_frame = client_frame_rect(x->model, c);
    xc->pushed_geom = (wm_rect){c->geom.x, c->geom.y, geo->width, geo->height};
    if (xc->argb)
        comp_set_opaque(x->comp, xc->frame, c->geom.x - xc->pushed_frame.x,
                        c->geom.y - xc->pushed_frame.y, xc->client_argb ? 0 : geo->width,
                        geo->height);
    g_hash_table_insert(x->clients, GUINT_TO_POINTER(win), xc);
    g_hash_table_insert(x->frames, GUINT_TO_POINTER(xc->frame), xc);
    if (pv[F_OPACITY].type)
        copy_to_frame(x, xc, A(_NET_WM_WINDOW_OPACITY), &pv[F_OPACITY]);
    if (pv[F_BYPASS].type)
        copy_to_frame(x, xc, A(_NET_WM_BYPASS_COMPOSITOR), &pv[F_BYPASS]);
    if (pv[F_SYNC_COUNTER].type)
        sync_read_counters(x, xc, &pv[F_SYNC_COUNTER]);

    x11_expect(x, xcb_change_save_set(x->conn, XCB_SET_MODE_INSERT, win).sequence);
    uint32_t bw = 0;
    if (geo->border_width)
        x11_expect(
            x, xcb_configure_window(x->conn, win, XCB_CONFIG_WINDOW_BORDER_WIDTH, &bw).sequence);
    x11_expect(x, xcb_reparent_window(x->conn, win, xc->frame,
                                      (int16_t)(c->geom.x - xc->pushed_frame.x),
                                      (int16_t)(c->geom.y - xc->pushed_frame.y))
                      .sequence);
    manage_grab_clicks(x, win, true);
    /* The push step maps it unless it is iconic. */
    xc->client_mapped = attr->map_state != XCB_MAP_STATE_UNMAPPED;

    wm_add_client(m, c);
    apply_strut(x, c, &pv[F_STRUT_PARTIAL], &pv[F_STRUT]);
    /* A tab before a restart: its group is rebuilt once every window is
     * adopted. Anyone can write the property: it counts only then, and
     * the first push rewrites or removes it. */
    uint32_t tab[3];
    if (adopt && prop_card32_list(&pv[F_TAB_GROUP], PROP_ATOM_CARDINAL, tab, 3) == 3 && tab[0]) {
        adopted_tab at = {win, tab[0], tab[1], tab[2]};
        g_array_append_val(x->adopted_tabs, at);
    }
    if (adopt || c->minimized)
        goto out;
    /* A dialog of a hidden tab asks for that tab to be shown. */
    wm_client *owner = client_transient_root(c);
    bool behind = owner != c && client_hidden_tab(owner);
    bool allowed = client_visible(m, behind ? owner->group->current : c) && focus_allow_new(m, c);
    apply_tab_rules(x, c, allowed);
    if (behind) {
        if (allowed)
            group_set_current(m, owner);
        else
            client_set_demands_attention(owner, true);
    }
    if (allowed) {
        stack_raise(m, c);
        focus_set(m, c);
    } else if (focus_can_take(c) && client_visible(m, c)) {
        /* Not allowed to take focus: below the focused window, flagged. */
        if (m->focused)
            stack_restack(m, c, m->focused, WM_BELOW);
        client_set_demands_attention(c, true);
        log_debug("window 0x%x mapped without focus (focus-stealing prevention)", win);
    }

out:
    free(attr);
    free(geo);
    for (int i = 0; i < F_COUNT; i++)
        free(pr[i]);
}

/* Windows managed together, in the order given, in two waits for them
 * all: a storm of 100 maps costs a few round trips, not 200. One
 * QueryPointer places them all (the pointer is where it is). */
static void manage_jobs(x11 *x, manage_job *jobs, guint n)
{
    for (guint i = 0; i < n; i++)
        job_ask(x, &jobs[i], jobs, i);
    xcb_query_pointer_cookie_t qck = xcb_query_pointer(x->conn, x->root);
    for (guint i = 0; i < n; i++)
        job_read_list(x, &jobs[i]);
    xcb_flush(x->conn);
    xcb_query_pointer_reply_t *ptr = xcb_query_pointer_reply(x->conn, qck, NULL);
    for (guint i = 0; i < n; i++)
        job_finish(x, &jobs[i], ptr);
    free(ptr);
}

void manage_queue(x11 *x, xcb_window_t win)
{
    g_array_append_val(x->map_queue, win);
}

void manage_flush(x11 *x)
{
    guint n = x->map_queue->len;
    if (!n)
        return;
    manage_job *jobs = g_new0(manage_job, n);
    for (guint i = 0; i < n; i++)
        jobs[i].win = g_array_index(x->map_queue, xcb_window_t, i);
    g_array_set_size(x->map_queue, 0);
    manage_jobs(x, jobs, n);
    g_free(jobs);
}

typedef struct existing {
    xcb_window_t win;
    bool iconic;
} existing;

struct manage_found {
    GArray *windows; /* existing, in stacking order */
    xcb_window_t focus;
};

manage_found *manage_scan(x11 *x)
{
    xcb_query_tree_cookie_t tck = xcb_query_tree(x->conn, x->root);
    xcb_get_input_focus_cookie_t fck = xcb_get_input_focus(x->conn);
    xcb_query_tree_reply_t *tree = xcb_query_tree_reply(x->conn, tck, NULL);
    xcb_get_input_focus_reply_t *focus = xcb_get_input_focus_reply(x->conn, fck, NULL);
    int n = tree ? xcb_query_tree_children_length(tree) : 0;
    xcb_window_t *kids = tree ? xcb_query_tree_children(tree) : NULL;
    xcb_get_window_attributes_cookie_t *ack = g_new(xcb_get_window_attributes_cookie_t, n);
    xcb_get_property_cookie_t *sck = g_new(xcb_get_property_cookie_t, n);
    for (int i = 0; i < n; i++) {
        ack[i] = xcb_get_window_attributes(x->conn, kids[i]);
        sck[i] = xcb_get_property(x->conn, 0, kids[i], A(WM_STATE), A(WM_STATE), 0, 2);
    }
    manage_found *found = g_new0(manage_found, 1);
    found->windows = g_array_new(FALSE, FALSE, sizeof(existing));
    found->focus = focus ? focus->focus : XCB_NONE;
    for (int i = 0; i < n; i++) {
        xcb_get_window_attributes_reply_t *a =
            xcb_get_window_attributes_reply(x->conn, ack[i], NULL);
        xcb_get_property_reply_t *s = xcb_get_property_reply(x->conn, sck[i], NULL);
        prop_value v = value_of(s);
        uint32_t state = 0;
        bool iconic = prop_card32(&v, A(WM_STATE), &state) && state == 3;
        /* Windows the previous manager had minimized are adopted too, so
         * that no window is lost across a change of manager. */
        if (a && !a->override_redirect && (a->map_state == XCB_MAP_STATE_VIEWABLE || iconic)) {
            existing e = {kids[i], iconic};
            g_array_append_val(found->windows, e);
        }
        free(a);
        free(s);
    }
    g_free(ack);
    g_free(sck);
    free(focus);
    free(tree);
    return found;
}

bool manage_found_any(const manage_found *found)
{
    return found->windows->len > 0;
}

void manage_existing(x11 *x, manage_found *found)
{
    guint n = found->windows->len;
    manage_job *jobs = g_new0(manage_job, MAX(n, 1));
    for (guint i = 0; i < n; i++) {
        const existing *e = &g_array_index(found->windows, existing, i);
        jobs[i] = (manage_job){.win = e->win, .adopt = true, .iconic = e->iconic};
    }
    manage_jobs(x, jobs, n);
    g_free(jobs);
    rebuild_groups(x);

    /* Keep the focus where it was; otherwise the topmost window gets it. */
    wm *m = x->model;
    wm_client *c = wm_find(m, found->focus);
    if (c)
        c = c->group->current; /* a hidden tab with the focus is not shown */
    for (guint i = m->stack->len; !c && i-- > 0;) {
        wm_client *o = m->stack->pdata[i];
        if (client_visible(m, o) && focus_can_take(o) && !client_hidden_tab(o))
            c = o;
    }
    focus_set(m, c);
    g_array_free(found->windows, TRUE);
    g_free(found);
}

void unmanage_window(x11 *x, xclient *xc, enum unmanage_how how)
{
    wm *m = x->model;
    wm_client *c = wm_find(m, xc->id);
    xcb_window_t win = xc->id;

    moveresize_forget(x, win); /* no grab may outlive the window */
    switch_forget(x, win);
    if (how == UNMANAGE_LEFT)
        x11_expect(x, xcb_change_save_set(x->conn, XCB_SET_MODE_DELETE, win).sequence);
    if ((how == UNMANAGE_WITHDRAWN || how == UNMANAGE_SHUTDOWN) && c) {
        wm_rect r = client_unplace_with_gravity(m, c);
        if (c->fullscreen && how == UNMANAGE_SHUTDOWN)
            r = c->geom; /* the next manager keeps it fullscreen */
        uint32_t none = 0;
        x11_expect(x,
                   xcb_change_window_attributes(x->conn, win, XCB_CW_EVENT_MASK, &none).sequence);
        manage_grab_clicks(x, win, false);
        x11_expect(x,
                   xcb_reparent_window(x->conn, win, x->root, (int16_t)r.x, (int16_t)r.y).sequence);
        uint32_t bw = (uint32_t)c->border_width;
        x11_expect(
            x, xcb_configure_window(x->conn, win, XCB_CONFIG_WINDOW_BORDER_WIDTH, &bw).sequence);
        x11_expect(x, xcb_change_save_set(x->conn, XCB_SET_MODE_DELETE, win).sequence);
        /* Leaving for good, even a minimized window shows again. */
        if (how == UNMANAGE_SHUTDOWN && !xc->client_mapped)
            x11_expect(x, xcb_map_window(x->conn, win).sequence);
        if (how == UNMANAGE_WITHDRAWN) {
            /* ICCCM 4.1.4 and EWMH: a withdrawn window loses these. */
            uint32_t st[2] = {0 /* WithdrawnState */, XCB_NONE};
            x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, win, A(WM_STATE),
                                              A(WM_STATE), 32, 2, st)
                              .sequence);
            x11_expect(x, xcb_delete_property(x->conn, win, A(_NET_WM_STATE)).sequence);
            x11_expect(x, xcb_delete_property(x->conn, win, A(_NET_WM_DESKTOP)).sequence);
            x11_expect(x, xcb_delete_property(x->conn, win, A(_PURR_TAB_GROUP)).sequence);
        }
    }
    if (xc->user_time_window &&
        g_hash_table_lookup(x->user_time_windows, GUINT_TO_POINTER(xc->user_time_window)) == xc)
        g_hash_table_remove(x->user_time_windows, GUINT_TO_POINTER(xc->user_time_window));
    ping_forget(xc);
    frame_destroy(x, xc);
    g_hash_table_remove(x->clients, GUINT_TO_POINTER(win)); /* frees xc */
    if (c)
        wm_remove_client(m, c);
}

void unmanage_queue(x11 *x, xclient *xc)
{
    g_array_append_val(x->unmap_queue, xc->id);
}

void unmanage_flush(x11 *x)
{
    GArray *q = x->unmap_queue;
    guint n = q->len;
    if (!n)
        return;
    /* An unmap also comes before a client moves its window into another
     * (XEmbed hosts, tabbing programs): then it is no longer ours to give
     * back, and the tree tells. A window destroyed meanwhile (its
     * DestroyNotify came with the unmap) is forgotten already: nothing to
     * ask. Unmanaging sends requests but reads no events, so nothing joins
     * the queue meanwhile. */
    xcb_window_t *w = (xcb_window_t *)(void *)q->data;
    xcb_query_tree_cookie_t *ck = g_new(xcb_query_tree_cookie_t, n);
    for (guint i = 0; i < n; i++) {
        if (!xclient_find(x, w[i]))
            w[i] = XCB_WINDOW_NONE;
        else
            ck[i] = xcb_query_tree(x->conn, w[i]);
    }
    for (guint i = 0; i < n; i++) {
        if (w[i] == XCB_WINDOW_NONE)
            continue;
        xcb_query_tree_reply_t *t = xcb_query_tree_reply(x->conn, ck[i], NULL);
        xclient *xc = xclient_find(x, w[i]);
        if (xc) {
            bool gone = !t, elsewhere = t && t->parent != xc->frame;
            unmanage_window(x, xc,
                            gone        ? UNMANAGE_DESTROYED
                            : elsewhere ? UNMANAGE_LEFT
                                        : UNMANAGE_WITHDRAWN);
        }
        free(t);
    }
    g_free(ck);
    g_array_set_size(q, 0);
}

void unmanage_all(x11 *x)
{
    unmanage_flush(x); /* a window its client withdrew stays withdrawn */
    /* Bottom to top, so that reparenting to the root keeps the stacking. */
    GPtrArray *order = g_ptr_array_new();
    stack_compute(x->model, order);
    for (guint i = 0; i < order->len; i++) {
        wm_client *c = order->pdata[i];
        xclient *xc = xclient_find(x, c->id);
        if (xc)
            unmanage_window(x, xc, UNMANAGE_SHUTDOWN);
    }
    g_ptr_array_free(order, TRUE);
}

/* One title property read again, checked and decoded; *r keeps the reply
 * the value points into. */
static prop_value read_title(x11 *x, xclient *xc, enum fetch f, xcb_get_property_reply_t **r)
{
    *r = xcb_get_property_reply(x->conn, request(x, xc->id, fetch_atom(f)), NULL);
    check_property(xc->id, f, *r, &xc->reported);
    return value_of(*r);
}

/* _NET_WM_NAME wins while it has text: WM_NAME is read only when it has
 * none, and a change of WM_NAME alone then costs nothing. */
static void title_changed(x11 *x, xclient *xc, wm_client *c, xcb_atom_t atom)
{
    if (atom == XCB_ATOM_WM_NAME && c->title_is_net_name)
        return;
    xcb_get_property_reply_t *rn = NULL, *ri = NULL;
    prop_value net = {0}, icccm = {0};
    if (atom == A(_NET_WM_NAME))
        net = read_title(x, xc, F_NET_WM_NAME, &rn);
    g_autofree char *t = prop_text(&net, A(UTF8_STRING));
    if (!t || !*t)
        icccm = read_title(x, xc, F_WM_NAME, &ri);
    apply_title(x, c, &net, &icccm);
    free(rn);
    free(ri);
}

void manage_property_changed(x11 *x, xclient *xc, xcb_atom_t atom)
{
    wm *m = x->model;
    wm_client *c = wm_find(m, xc->id);
    if (!c)
        return;
    if (atom == A(_NET_WM_ICON)) {
        frame_icon_changed(xc);
        client_mark(c, WM_DIRTY_TITLE);
        return;
    }
    if (atom == XCB_ATOM_WM_NAME || atom == A(_NET_WM_NAME)) {
        title_changed(x, xc, c, atom);
        return;
    }
    /* Struts come in pairs, the newer one first: both are read. */
    bool strut = atom == A(_NET_WM_STRUT) || atom == A(_NET_WM_STRUT_PARTIAL);
    bool known = strut || atom == XCB_ATOM_WM_HINTS || atom == A(WM_PROTOCOLS) ||
                 atom == XCB_ATOM_WM_TRANSIENT_FOR || atom == A(_NET_WM_USER_TIME) ||
                 atom == XCB_ATOM_WM_NORMAL_HINTS || atom == A(_MOTIF_WM_HINTS) ||
                 atom == A(_GTK_FRAME_EXTENTS) || atom == A(_NET_WM_WINDOW_OPACITY) ||
                 atom == A(_NET_WM_BYPASS_COMPOSITOR) || atom == A(_NET_WM_SYNC_REQUEST_COUNTER);
    if (!known)
        return;
    xcb_atom_t first = strut ? A(_NET_WM_STRUT_PARTIAL) : atom;
    xcb_atom_t second = strut ? A(_NET_WM_STRUT) : XCB_ATOM_NONE;
    xcb_get_property_cookie_t a = request(x, xc->id, first);
    xcb_get_property_cookie_t b = {0};
    if (second)
        b = request(x, xc->id, second);
    xcb_get_property_reply_t *ra = xcb_get_property_reply(x->conn, a, NULL);
    xcb_get_property_reply_t *rb = second ? xcb_get_property_reply(x->conn, b, NULL) : NULL;
    for (int f = 0; f < F_COUNT; f++) {
        if (fetch_atom(f) == first)
            check_property(xc->id, f, ra, &xc->reported);
        else if (second && fetch_atom(f) == second)
            check_property(xc->id, f, rb, &xc->reported);
    }
    prop_value va = value_of(ra), vb = value_of(rb);
    uint32_t t;

    if (atom == A(_NET_WM_WINDOW_OPACITY) || atom == A(_NET_WM_BYPASS_COMPOSITOR)) {
        copy_to_frame(x, xc, atom, &va);
    } else if (atom == A(_NET_WM_SYNC_REQUEST_COUNTER)) {
        sync_read_counters(x, xc, &va);
    } else if (strut) {
        apply_strut(x, c, &va, &vb);
    } else if (atom == XCB_ATOM_WM_HINTS) {
        apply_hints(x, c, &va);
    } else if (atom == A(WM_PROTOCOLS)) {
        apply_protocols(c, &va);
    } else if (atom == XCB_ATOM_WM_TRANSIENT_FOR) {
        apply_transient(x, c, &va);
    } else if (atom == A(_NET_WM_USER_TIME)) {
        if (prop_card32(&va, PROP_ATOM_CARDINAL, &t))
            focus_note_user_time(m, c, x11_client_time(x, t));
    } else if (atom == XCB_ATOM_WM_NORMAL_HINTS) {
        apply_size_hints(x, c, &va);
        /* New limits apply to where it is now. */
        constrain_size(&c->hints, &c->floating.w, &c->floating.h, true);
        client_relayout(m, c);
        /* The allowed actions may change, and with them the buttons. */
        client_mark(c, WM_DIRTY_STATE | WM_DIRTY_DECOR);
    } else if (atom == A(_MOTIF_WM_HINTS)) {
        apply_motif(m, c, &va);
    } else if (atom == A(_GTK_FRAME_EXTENTS)) {
        apply_frame_extents(m, c, &va);
    }
    free(ra);
    free(rb);
}

void manage_user_time_changed(x11 *x, xclient *xc)
{
    wm_client *c = wm_find(x->model, xc->id);
    if (c)
        read_user_time(x, c, xc->user_time_window);
}

void xclient_free(gpointer p)
{
    xclient *xc = p;
    g_free(xc->machine);
    g_free(xc->pushed_visible_name);
    g_free(xc);
}
