/*
 * The push step: once per main-loop iteration, just before the loop
 * sleeps, compare the model with what X last saw and send the difference:
 * frame and client geometry, stacking, mapping, focus, and the EWMH and
 * ICCCM properties that describe them. Handlers only change the model.
 * (Creating frames and reparenting into and out of them is manage.c's.)
 */
#include "x11/x11.h"

#include <string.h>

#include "plugin/plugin.h"
#include "util/log.h"

void push_send_configure_notify(x11 *x, xclient *xc)
{
    /* ICCCM 4.1.5: a synthetic ConfigureNotify in root coordinates. */
    xcb_configure_notify_event_t ev = {0};
    ev.response_type = XCB_CONFIGURE_NOTIFY;
    ev.event = xc->id;
    ev.window = xc->id;
    ev.above_sibling = XCB_NONE;
    ev.x = (int16_t)xc->pushed_geom.x;
    ev.y = (int16_t)xc->pushed_geom.y;
    ev.width = (uint16_t)xc->pushed_geom.w;
    ev.height = (uint16_t)xc->pushed_geom.h;
    ev.border_width = 0;
    ev.override_redirect = 0;
    x11_expect(
        x, xcb_send_event(x->conn, 0, xc->id, XCB_EVENT_MASK_STRUCTURE_NOTIFY, (const char *)&ev)
               .sequence);
}

static void configure(x11 *x, xcb_window_t w, wm_rect r)
{
    uint32_t v[] = {(uint32_t)r.x, (uint32_t)r.y, (uint32_t)MAX(r.w, 1), (uint32_t)MAX(r.h, 1)};
    x11_expect(x, xcb_configure_window(x->conn, w,
                                       XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y |
                                           XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT,
                                       v)
                      .sequence);
}

/* c is a hidden tab of the group being resized by the user: its frame
 * follows, the client gets its size once, at the end (moveresize_end()). */
static bool resized_later(const x11 *x, const wm_client *c)
{
    const xdrag *d = &x->drag;
    if (!d->active || d->mr.dir == WM_MR_MOVE || !client_hidden_tab(c))
        return false;
    const wm_client *r = wm_find(x->model, d->mr.id);
    return r && r->group == c->group;
}

static void push_geometry(x11 *x, wm_client *c, xclient *xc)
{
    wm_rect f = client_frame_rect(x->model, c);
    wm_rect geom = c->geom;
    if (resized_later(x, c)) {
        geom.w = xc->pushed_geom.w;
        geom.h = xc->pushed_geom.h;
    }
    wm_rect inner = {geom.x - f.x, geom.y - f.y, geom.w, geom.h};
    wm_rect old_inner = {xc->pushed_geom.x - xc->pushed_frame.x,
                         xc->pushed_geom.y - xc->pushed_frame.y, xc->pushed_geom.w,
                         xc->pushed_geom.h};
    bool resized = geom.w != xc->pushed_geom.w || geom.h != xc->pushed_geom.h;
    bool moved = geom.x != xc->pushed_geom.x || geom.y != xc->pushed_geom.y;

    /* A client that paces its frames shows its last one until it has
     * drawn the new size. */
    if (resized && xc->frame_counter)
        comp_freeze(x->comp, xc->frame);
    /* Growing: the frame first, so the client never pokes out of it. */
    if (!rect_equal(f, xc->pushed_frame))
        configure(x, xc->frame, f);
    if (!rect_equal(inner, old_inner)) {
        if (resized)
            sync_before_resize(x, c, xc);
        configure(x, xc->id, inner);
    }
    /* The compositor may hide what is under an opaque client. */
    if (xc->argb && (!rect_equal(inner, old_inner) || !xc->pushed_once))
        comp_set_opaque(x->comp, xc->frame, inner.x, inner.y,
                        xc->client_argb || c->shaded ? 0 : inner.w, inner.h);
    xc->pushed_frame = f;
    xc->pushed_geom = geom;
    wm_rect g = frame_grip_rect(x, c);
    if (!rect_equal(g, xc->pushed_grip)) {
        configure(x, xc->grip, g);
        xc->pushed_grip = g;
    }

    /* A real ConfigureNotify from a resize carries frame-relative
     * coordinates; a move alone gives the client none at all. */
    if ((moved && !resized) || (c->dirty & WM_DIRTY_SYNTHETIC))
        push_send_configure_notify(x, xc);

    /* _NET_FRAME_EXTENTS always says what is drawn now. */
    wm_extents e = client_extents(x->model, c);
    if (xc->extents_pushed && memcmp(&e, &xc->pushed_extents, sizeof e) == 0)
        return;
    xc->pushed_extents = e;
    xc->extents_pushed = true;
    uint32_t ext[4] = {(uint32_t)e.left, (uint32_t)e.right, (uint32_t)e.top, (uint32_t)e.bottom};
    x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id, A(_NET_FRAME_EXTENTS),
                                      XCB_ATOM_CARDINAL, 32, 4, ext)
                      .sequence);
}

static void push_state(x11 *x, wm_client *c, xclient *xc)
{
    xcb_atom_t st[16];
    int n = 0;
    if (c->demands_attention)
        st[n++] = A(_NET_WM_STATE_DEMANDS_ATTENTION);
    if (x->model->focused == c)
        st[n++] = A(_NET_WM_STATE_FOCUSED);
    if (c->above)
        st[n++] = A(_NET_WM_STATE_ABOVE);
    if (c->below)
        st[n++] = A(_NET_WM_STATE_BELOW);
    if (c->fullscreen)
        st[n++] = A(_NET_WM_STATE_FULLSCREEN);
    if (c->skip_taskbar)
        st[n++] = A(_NET_WM_STATE_SKIP_TASKBAR);
    if (c->skip_pager)
        st[n++] = A(_NET_WM_STATE_SKIP_PAGER);
    if (c->workspace == WM_ALL_WORKSPACES)
        st[n++] = A(_NET_WM_STATE_STICKY);
    if (c->max_h)
        st[n++] = A(_NET_WM_STATE_MAXIMIZED_HORZ);
    if (c->max_v)
        st[n++] = A(_NET_WM_STATE_MAXIMIZED_VERT);
    if (c->shaded)
        st[n++] = A(_NET_WM_STATE_SHADED);
    /* Minimized, or a tab under the one its group shows. */
    if (c->minimized || client_hidden_tab(c))
        st[n++] = A(_NET_WM_STATE_HIDDEN);
    if (c->modal)
        st[n++] = A(_NET_WM_STATE_MODAL);
    x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id, A(_NET_WM_STATE),
                                      XCB_ATOM_ATOM, 32, (uint32_t)n, st)
                      .sequence);
    if (c->has_fs_monitors)
        x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id,
                                          A(_NET_WM_FULLSCREEN_MONITORS), XCB_ATOM_CARDINAL, 32, 4,
                                          c->fs_monitors)
                          .sequence);

    unsigned actions = client_allowed_actions(c);
    if (actions == xc->pushed_actions)
        return;
    static const struct {
        unsigned bit;
        enum atom_id atom;
    } names[] = {
        {WM_ACTION_MOVE, ATOM__NET_WM_ACTION_MOVE},
        {WM_ACTION_RESIZE, ATOM__NET_WM_ACTION_RESIZE},
        {WM_ACTION_MINIMIZE, ATOM__NET_WM_ACTION_MINIMIZE},
        {WM_ACTION_SHADE, ATOM__NET_WM_ACTION_SHADE},
        {WM_ACTION_STICK, ATOM__NET_WM_ACTION_STICK},
        {WM_ACTION_MAXIMIZE_HORZ, ATOM__NET_WM_ACTION_MAXIMIZE_HORZ},
        {WM_ACTION_MAXIMIZE_VERT, ATOM__NET_WM_ACTION_MAXIMIZE_VERT},
        {WM_ACTION_FULLSCREEN, ATOM__NET_WM_ACTION_FULLSCREEN},
        {WM_ACTION_CHANGE_DESKTOP, ATOM__NET_WM_ACTION_CHANGE_DESKTOP},
        {WM_ACTION_CLOSE, ATOM__NET_WM_ACTION_CLOSE},
        {WM_ACTION_ABOVE, ATOM__NET_WM_ACTION_ABOVE},
        {WM_ACTION_BELOW, ATOM__NET_WM_ACTION_BELOW},
    };
    xcb_atom_t list[G_N_ELEMENTS(names)];
    uint32_t k = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
        if (actions & names[i].bit)
            list[k++] = atoms[names[i].atom];
    x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id,
                                      A(_NET_WM_ALLOWED_ACTIONS), XCB_ATOM_ATOM, 32, k, list)
                      .sequence);
    xc->pushed_actions = actions;
}

/* EWMH: a title shown otherwise than _NET_WM_NAME says (decoded from
 * WM_NAME, or marked not responding) goes to _NET_WM_VISIBLE_NAME, so that
 * taskbars show the same. */
static void push_visible_name(x11 *x, wm_client *c, xclient *xc)
{
    g_autofree char *want = NULL;
    if (c->not_responding)
        want = g_strdup_printf("%s (not responding)", c->title);
    else if (!c->title_is_net_name && *c->title)
        want = g_strdup(c->title);
    if (g_strcmp0(want, xc->pushed_visible_name) == 0)
        return;
    if (want)
        x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id,
                                          A(_NET_WM_VISIBLE_NAME), A(UTF8_STRING), 8,
                                          (uint32_t)strlen(want), want)
                          .sequence);
    else
        x11_expect(x, xcb_delete_property(x->conn, xc->id, A(_NET_WM_VISIBLE_NAME)).sequence);
    g_free(xc->pushed_visible_name);
    xc->pushed_visible_name = g_steal_pointer(&want);
}

static void push_client(x11 *x, wm_client *c)
{
    if (!c->dirty)
        return; /* no lookup for each of 1000 windows */
    xclient *xc = xclient_find(x, c->id);
    if (!xc)
        return;
    unsigned d = c->dirty;
    if (d & (WM_DIRTY_GEOMETRY | WM_DIRTY_SYNTHETIC))
        push_geometry(x, c, xc);
    if (d & WM_DIRTY_STATE)
        push_state(x, c, xc);
    if (d & WM_DIRTY_TAB)
        frame_set_tab(x, c, xc);
    if (d & (WM_DIRTY_DECOR | WM_DIRTY_TITLE))
        push_visible_name(x, c, xc);
    if (d & WM_DIRTY_DESKTOP) {
        uint32_t ws = c->workspace;
        x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id,
                                          A(_NET_WM_DESKTOP), XCB_ATOM_CARDINAL, 32, 1, &ws)
                          .sequence);
    }
    c->dirty &= ~(WM_DIRTY_GEOMETRY | WM_DIRTY_SYNTHETIC | WM_DIRTY_STATE | WM_DIRTY_DESKTOP |
                  WM_DIRTY_TAB);
}

static void set_wm_state(x11 *x, xclient *xc, uint32_t state)
{
    /* ICCCM 4.1.3.1: NormalState (1) or IconicState (3). */
    uint32_t v[2] = {state, XCB_NONE};
    x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id, A(WM_STATE),
                                      A(WM_STATE), 32, 2, v)
                      .sequence);
}

/* Map and paint after the stacking is right, so nothing flashes. */
static void push_visibility(x11 *x, wm_client *c)
{
    if (!c->dirty)
        return; /* nothing changed; and no lookup for each of 1000 windows */
    xclient *xc = xclient_find(x, c->id);
    if (!xc)
        return;
    bool visible = client_visible(x->model, c);
    bool just_mapped = false;
    if (c->dirty & WM_DIRTY_VISIBLE) {
        /* An iconic client is unmapped too, so that mapping it again
         * (ICCCM 4.1.4) reaches us as a request to restore it. */
        if (c->minimized && xc->client_mapped) {
            xc->ignore_unmaps++;
            x11_expect(x, xcb_unmap_window(x->conn, xc->id).sequence);
            xc->client_mapped = false;
        } else if (!c->minimized && !xc->client_mapped) {
            x11_expect(x, xcb_map_window(x->conn, xc->id).sequence);
            xc->client_mapped = true;
        }
        if (c->minimized != xc->pushed_iconic || !xc->pushed_once) {
            set_wm_state(x, xc, c->minimized ? 3 : 1);
            xc->pushed_iconic = c->minimized;
            xc->pushed_once = true;
        }
        if (visible != xc->frame_mapped) {
            if (visible)
                xcb_map_window(x->conn, xc->frame);
            else
                xcb_unmap_window(x->conn, xc->frame);
            xc->frame_mapped = visible;
            just_mapped = visible;
        }
    }
    bool grip = visible && frame_grip_wanted(x, c);
    if ((c->dirty & (WM_DIRTY_VISIBLE | WM_DIRTY_DECOR)) && grip != xc->grip_mapped) {
        if (grip)
            xcb_map_window(x->conn, xc->grip);
        else
            xcb_unmap_window(x->conn, xc->grip);
        xc->grip_mapped = grip;
    }
    /* A frame mapped just now is painted at once, so that it is whole by
     * the time anyone hears back from this push. (Its Expose paints it
     * again: skipping that one would be wrong when the frame was mapped
     * hidden and no Expose came until later.) */
    if (xc->frame_mapped && (just_mapped || (c->dirty & WM_DIRTY_DECOR)))
        frame_paint(x, c, xc, false);
    else if (xc->frame_mapped && (c->dirty & WM_DIRTY_TITLE))
        frame_paint(x, c, xc, true);
    c->dirty = 0;
}

/* A root window list (ids, taken) written only when it changed, and only
 * its new end when it just grew: a window mapped costs four bytes, not
 * the whole list again. */
static void publish_list(x11 *x, xcb_atom_t atom, root_list *l, GArray *ids)
{
    const GArray *old = l->pushed;
    bool grew = old && ids->len >= old->len &&
                (old->len == 0 || memcmp(old->data, ids->data, old->len * sizeof(uint32_t)) == 0);
    if (!grew) {
        xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, atom, XCB_ATOM_WINDOW, 32,
                            ids->len, ids->data);
        l->writes++;
    } else if (ids->len > old->len) {
        xcb_change_property(x->conn, XCB_PROP_MODE_APPEND, x->root, atom, XCB_ATOM_WINDOW, 32,
                            ids->len - old->len, &g_array_index(ids, uint32_t, old->len));
        l->writes++;
    }
    if (l->pushed)
        g_array_free(l->pushed, TRUE);
    l->pushed = ids;
}

void push_root_list_changed(x11 *x, xcb_atom_t atom)
{
    bool stacking = atom == A(_NET_CLIENT_LIST_STACKING);
    root_list *l = stacking ? &x->stacking_list : &x->client_list;
    if (l->writes > 0) {
        l->writes--;
        return;
    }
    /* Not purr's: an append would build on it. */
    if (l->pushed)
        g_array_free(l->pushed, TRUE);
    l->pushed = NULL;
    wm_mark(x->model, stacking ? WM_DIRTY_STACK : WM_DIRTY_CLIENT_LIST);
}

static void push_stack(x11 *x)
{
    GPtrArray *order = g_ptr_array_new();
    stack_compute(x->model, order);
    GArray *want = g_array_sized_new(FALSE, FALSE, sizeof(uint32_t), 2 * order->len);
    for (guint i = 0; i < order->len; i++) {
        xclient *xc = xclient_find(x, ((wm_client *)order->pdata[i])->id);
        if (xc) {
            /* Each grip right below its frame. */
            g_array_append_val(want, xc->grip);
            g_array_append_val(want, xc->frame);
        }
    }
    /* pushed_stack: the order X has now (frame_create and frame_destroy
     * keep it); only the frames out of place are restacked. */
    GArray *moves = g_array_new(FALSE, FALSE, sizeof(wm_restack_move));
    wm_restack_plan(x->pushed_stack, want, moves);
    for (guint i = 0; i < moves->len; i++) {
        const wm_restack_move *mv = &g_array_index(moves, wm_restack_move, i);
        uint32_t v[2] = {mv->sibling, mv->above ? XCB_STACK_MODE_ABOVE : XCB_STACK_MODE_BELOW};
        xcb_configure_window(x->conn, mv->win,
                             XCB_CONFIG_WINDOW_SIBLING | XCB_CONFIG_WINDOW_STACK_MODE, v);
    }
    g_array_free(moves, TRUE);
    g_array_free(want, TRUE);

    GArray *ids = g_array_sized_new(FALSE, FALSE, sizeof(uint32_t), order->len);
    for (guint i = 0; i < order->len; i++)
        g_array_append_val(ids, ((wm_client *)order->pdata[i])->id);
    publish_list(x, A(_NET_CLIENT_LIST_STACKING), &x->stacking_list, ids);
    g_ptr_array_free(order, TRUE);
}

static void push_client_list(x11 *x)
{
    const wm *m = x->model;
    GArray *ids = g_array_sized_new(FALSE, FALSE, sizeof(uint32_t), m->clients->len);
    for (guint i = 0; i < m->clients->len; i++)
        g_array_append_val(ids, ((wm_client *)m->clients->pdata[i])->id);
    publish_list(x, A(_NET_CLIENT_LIST), &x->client_list, ids);
}

/* How long a window offered the focus has to take it before the next is
 * (Mutter waits about as long). */
#define FOCUS_OFFER_MS 100

static gboolean on_offer_timeout(gpointer data)
{
    x11 *x = data;
    x->offer_timer = 0;
    focus_offer_next(x->model);
    return G_SOURCE_REMOVE;
}

/* While nobody is focused, the window focus_offered() names is sent
 * WM_TAKE_FOCUS, once, and given FOCUS_OFFER_MS to take it. */
static void push_offer(x11 *x)
{
    wm_client *o = x->model->focused ? NULL : focus_offered(x->model);
    xcb_window_t want = o ? o->id : XCB_NONE;
    if (want == x->offered)
        return;
    if (x->offer_timer)
        g_source_remove(x->offer_timer);
    x->offer_timer = 0;
    x->offered = want;
    if (!o)
        return;
    x11_send_message(x, o->id, XCB_EVENT_MASK_NO_EVENT, o->id, A(WM_PROTOCOLS), A(WM_TAKE_FOCUS),
                     x->last_time, 0, 0, 0);
    x->offer_timer = g_timeout_add(FOCUS_OFFER_MS, on_offer_timeout, x);
}

static void push_focus(x11 *x)
{
    wm_client *c = x->model->focused;
    xcb_window_t want = c ? c->id : XCB_NONE;
    if (!x->pushed_once || want != x->pushed_focus) {
        xcb_void_cookie_t ck = {0};
        if (!c) {
            /* Nobody: the keyboard goes to our own off-screen window. */
            ck = xcb_set_input_focus(x->conn, XCB_INPUT_FOCUS_POINTER_ROOT, x->check,
                                     XCB_CURRENT_TIME);
        } else {
            /* ICCCM 4.1.7: passive and locally active get SetInputFocus;
             * locally and globally active get WM_TAKE_FOCUS. */
            if (c->input != WM_INPUT_GLOBAL) {
                ck = xcb_set_input_focus(x->conn, XCB_INPUT_FOCUS_POINTER_ROOT, c->id,
                                         XCB_CURRENT_TIME);
                x11_expect(x, ck.sequence);
            }
            if (c->input == WM_INPUT_LOCAL || c->input == WM_INPUT_GLOBAL)
                ck = x11_send_message(x, c->id, XCB_EVENT_MASK_NO_EVENT, c->id, A(WM_PROTOCOLS),
                                      A(WM_TAKE_FOCUS), x->last_time, 0, 0, 0);
        }
        /* FocusIn events from before this request are stale. */
        x->focus_sequence = ck.sequence;
        x->pushed_focus = want;
    }
    push_offer(x);
    if (want != x->ungrabbed) {
        if (x->ungrabbed && xclient_find(x, x->ungrabbed))
            manage_grab_clicks(x, x->ungrabbed, true);
        if (c)
            manage_grab_clicks(x, c->id, false);
        x->ungrabbed = want;
    }
    if (!x->pushed_once || want != x->pushed_active) {
        xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_ACTIVE_WINDOW),
                            XCB_ATOM_WINDOW, 32, 1, &want);
        x->pushed_active = want;
    }
}

static void push_desktops(x11 *x)
{
    const wm *m = x->model;
    uint32_t n = m->n_workspaces, cur = m->current_workspace, showing = m->showing_desktop;
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_NUMBER_OF_DESKTOPS),
                        XCB_ATOM_CARDINAL, 32, 1, &n);
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_CURRENT_DESKTOP),
                        XCB_ATOM_CARDINAL, 32, 1, &cur);
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_SHOWING_DESKTOP),
                        XCB_ATOM_CARDINAL, 32, 1, &showing);
    uint32_t geom[2] = {(uint32_t)m->screen.w, (uint32_t)m->screen.h};
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_DESKTOP_GEOMETRY),
                        XCB_ATOM_CARDINAL, 32, 2, geom);
    uint32_t *vp = g_new0(uint32_t, 2 * n);
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_DESKTOP_VIEWPORT),
                        XCB_ATOM_CARDINAL, 32, 2 * n, vp);
    g_free(vp);
    wm_rect wa = m->workarea;
    uint32_t *area = g_new(uint32_t, 4 * n);
    for (uint32_t i = 0; i < n; i++) {
        area[4 * i] = (uint32_t)wa.x;
        area[4 * i + 1] = (uint32_t)wa.y;
        area[4 * i + 2] = (uint32_t)wa.w;
        area[4 * i + 3] = (uint32_t)wa.h;
    }
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_WORKAREA),
                        XCB_ATOM_CARDINAL, 32, 4 * n, area);
    g_free(area);
    GString *names = g_string_new(NULL);
    for (uint32_t i = 0; i < n; i++) {
        const char *name = m->workspace_names[i];
        if (name)
            g_string_append(names, name);
        else
            g_string_append_printf(names, "Workspace %u", i + 1);
        g_string_append_c(names, '\0');
    }
    /* Rewritten only when they differ, so a pager's names are not
     * written back over and over. */
    if (!x->pushed_names || !g_string_equal(names, x->pushed_names)) {
        xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_DESKTOP_NAMES),
                            A(UTF8_STRING), 8, (uint32_t)names->len, names->str);
        if (x->pushed_names)
            g_string_free(x->pushed_names, TRUE);
        x->pushed_names = names;
    } else {
        g_string_free(names, TRUE);
    }
}

void push(x11 *x)
{
    keys_refresh(x);
    wm *m = x->model;
    if (!m)
        return;
    wm_settle(m);
    plugins_flush();
    for (guint i = 0; i < m->clients->len; i++)
        push_client(x, m->clients->pdata[i]);
    if (m->dirty & WM_DIRTY_STACK)
        push_stack(x);
    for (guint i = 0; i < m->clients->len; i++)
        push_visibility(x, m->clients->pdata[i]);
    if (m->dirty & WM_DIRTY_CLIENT_LIST)
        push_client_list(x);
    if (m->dirty & WM_DIRTY_FOCUS)
        push_focus(x);
    if (m->dirty & WM_DIRTY_DESKTOPS)
        push_desktops(x);
    m->dirty = 0;
    x->pushed_once = true;

    /* Everything handled before a _PURR_SYNC is now on its way to X: answer
     * it. The reply goes to the window's creator (empty event mask). */
    for (guint i = 0; i < x->pending_syncs->len; i++) {
        pending_sync *s = &g_array_index(x->pending_syncs, pending_sync, i);
        x11_send_message(x, s->win, XCB_EVENT_MASK_NO_EVENT, s->win, A(_PURR_SYNC), s->win,
                         s->cookie, 0, 0, 0);
    }
    g_array_set_size(x->pending_syncs, 0);
}

void push_queue_sync(x11 *x, xcb_window_t win, uint32_t cookie)
{
    pending_sync s = {win, cookie};
    g_array_append_val(x->pending_syncs, s);
}
