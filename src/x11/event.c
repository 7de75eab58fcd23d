/*
 * Event dispatch: a table of handlers indexed by response type, and one of
 * client-message handlers by atom. Handlers decode, check what a client
 * merely claims against the server where it matters, and change the model;
 * they never configure windows themselves (push.c does).
 */
#include "x11/x11.h"

#include <stdlib.h>

#include "config.h"
#include "plugin/plugin.h"
#include "util/log.h"

typedef void (*handler)(x11 *x, xcb_generic_event_t *ev);

static wm_client *client_of(x11 *x, xcb_window_t w)
{
    return wm_find(x->model, w);
}

/* Sent by a client with SendEvent rather than by the server: anyone can
 * send any event to any window, so such events prove nothing. */
static bool synthetic(const xcb_generic_event_t *e)
{
    return (e->response_type & 0x80) != 0;
}

static void on_error(x11 *x, xcb_generic_event_t *e)
{
    xcb_generic_error_t *err = (xcb_generic_error_t *)e;
    if (x11_error_expected(x, err->full_sequence)) {
        log_debug("dropped X error %d (request %d.%d, resource 0x%x): a window went away",
                  err->error_code, err->major_code, err->minor_code, err->resource_id);
        return;
    }
    log_warn("X error %d on request %d.%d (resource 0x%x, sequence %u)", err->error_code,
             err->major_code, err->minor_code, err->resource_id, err->full_sequence);
}

static void on_map_request(x11 *x, xcb_generic_event_t *e)
{
    xcb_map_request_event_t *ev = (xcb_map_request_event_t *)e;
    if (synthetic(e))
        return;
    wm_client *c = client_of(x, ev->window);
    /* ICCCM 4.1.4: mapping an iconic window asks to restore it (after
     * the new windows mapped before it are in). */
    if (c) {
        manage_flush(x);
        focus_activate(x->model, c);
    } else
        manage_queue(x, ev->window);
}

static void on_unmap_notify(x11 *x, xcb_generic_event_t *e)
{
    xcb_unmap_notify_event_t *ev = (xcb_unmap_notify_event_t *)e;
    xclient *xc = xclient_find(x, ev->window);
    if (!xc)
        return;
    if (synthetic(e)) {
        /* ICCCM 4.1.4: a withdrawal is announced by a synthetic UnmapNotify
         * on the root. Anyone can send one about anyone's window, so ask
         * the server whether the window really is unmapped. */
        if (ev->event != x->root)
            return;
        unmanage_flush(x); /* the real unmap before it may have ended it */
        xc = xclient_find(x, ev->window);
        if (!xc)
            return;
        xcb_get_window_attributes_reply_t *a = xcb_get_window_attributes_reply(
            x->conn, xcb_get_window_attributes(x->conn, ev->window), NULL);
        bool unmapped = a && a->map_state == XCB_MAP_STATE_UNMAPPED;
        bool gone = !a;
        free(a);
        if (!unmapped && !gone) {
            log_info("ignored a synthetic UnmapNotify for 0x%x, which is still mapped", ev->window);
            return;
        }
        unmanage_window(x, xc, gone ? UNMANAGE_DESTROYED : UNMANAGE_WITHDRAWN);
        return;
    }
    /* Only the frame's report counts: the unmap that reparenting an adopted
     * window causes is reported on the root and ends here. */
    if (ev->event != xc->frame)
        return;
    if (xc->ignore_unmaps > 0) {
        xc->ignore_unmaps--; /* purr minimized it */
        return;
    }
    unmanage_queue(x, xc);
}

static void on_reparent_notify(x11 *x, xcb_generic_event_t *e)
{
    /* A client moved its window out of our frame into another window (a
     * minimized one, which gave no UnmapNotify): it is no longer ours. */
    xcb_reparent_notify_event_t *ev = (xcb_reparent_notify_event_t *)e;
    xclient *xc = synthetic(e) ? NULL : xclient_find(x, ev->window);
    if (xc && ev->event == xc->frame && ev->parent != xc->frame)
        unmanage_window(x, xc, UNMANAGE_LEFT);
}

static void on_focus_out(x11 *x, xcb_generic_event_t *e)
{
    /* The focused window lost the keyboard to a window purr did not
     * choose (a popup that takes focus): its clicks are caught again, so
     * that clicking it brings the keyboard back. */
    xcb_focus_out_event_t *ev = (xcb_focus_out_event_t *)e;
    if (synthetic(e) || ev->event != x->ungrabbed || ev->mode != XCB_NOTIFY_MODE_NORMAL ||
        ev->detail == XCB_NOTIFY_DETAIL_INFERIOR || ev->detail == XCB_NOTIFY_DETAIL_POINTER)
        return;
    if ((int32_t)(e->full_sequence - x->focus_sequence) <= 0)
        return; /* our own doing */
    if (xclient_find(x, x->ungrabbed))
        manage_grab_clicks(x, x->ungrabbed, true);
    x->ungrabbed = XCB_WINDOW_NONE;
    x->pushed_focus = XCB_WINDOW_NONE;
}

static void on_destroy_notify(x11 *x, xcb_generic_event_t *e)
{
    xcb_destroy_notify_event_t *ev = (xcb_destroy_notify_event_t *)e;
    if (synthetic(e))
        return;
    xclient *xc = xclient_find(x, ev->window);
    if (xc)
        unmanage_window(x, xc, UNMANAGE_DESTROYED);
}

static enum wm_stack_mode stack_mode(uint8_t m)
{
    switch (m) {
    case XCB_STACK_MODE_BELOW:
        return WM_BELOW;
    case XCB_STACK_MODE_TOP_IF:
        return WM_TOP_IF;
    case XCB_STACK_MODE_BOTTOM_IF:
        return WM_BOTTOM_IF;
    case XCB_STACK_MODE_OPPOSITE:
        return WM_OPPOSITE;
    default:
        return WM_ABOVE;
    }
}

/* A client asks for a new rectangle (ConfigureRequest or
 * _NET_MOVERESIZE_WINDOW): the fields in mask, through its gravity (or the
 * one given), the autofullscreen rule and the constraints. */
static void request_geometry(x11 *x, wm_client *c, uint16_t mask, int rx, int ry, int rw, int rh,
                             int gravity)
{
    wm *m = x->model;
    if (c->fullscreen) {
        client_mark(c, WM_DIRTY_SYNTHETIC); /* fullscreen keeps its place */
        return;
    }
    /* Positions far outside any screen are nonsense (and overflow). */
    rx = CLAMP(rx, -2 * WM_MAX_SIZE, 2 * WM_MAX_SIZE);
    ry = CLAMP(ry, -2 * WM_MAX_SIZE, 2 * WM_MAX_SIZE);
    /* Sizes no one can use: a 1x1 window cannot even be found again. Docks
     * may shrink to a sliver (auto-hiding panels do). */
    int min = c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP ? 1 : WM_MIN_REQUEST;
    bool bad_w = (mask & XCB_CONFIG_WINDOW_WIDTH) && (rw < min || rw > WM_MAX_SIZE);
    bool bad_h = (mask & XCB_CONFIG_WINDOW_HEIGHT) && (rh < min || rh > WM_MAX_SIZE);
    if (bad_w || bad_h)
        log_info("window 0x%x asked for a size of %dx%d; clamped to %d..%d", c->id,
                 (mask & XCB_CONFIG_WINDOW_WIDTH) ? rw : c->floating.w,
                 (mask & XCB_CONFIG_WINDOW_HEIGHT) ? rh : c->floating.h, min, WM_MAX_SIZE);
    rw = CLAMP(rw, min, WM_MAX_SIZE);
    rh = CLAMP(rh, min, WM_MAX_SIZE);
    int saved_gravity = c->gravity;
    if (gravity >= 1 && gravity <= 10)
        c->gravity = gravity;
    wm_rect cur = c->floating;
    wm_rect req = client_gravity_reverse(m, c, cur);
    if (mask & XCB_CONFIG_WINDOW_X)
        req.x = rx;
    if (mask & XCB_CONFIG_WINDOW_Y)
        req.y = ry;
    if (mask & XCB_CONFIG_WINDOW_WIDTH)
        req.w = rw;
    if (mask & XCB_CONFIG_WINDOW_HEIGHT)
        req.h = rh;
    wm_rect want = client_gravity_apply(m, c, req);
    c->gravity = saved_gravity;
    if (policy_autofullscreen(m, c, want)) {
        c->floating = want;
        client_set_fullscreen(m, c, true);
        return;
    }
    client_request_geometry(m, c, want);
}

static void on_configure_request(x11 *x, xcb_generic_event_t *e)
{
    xcb_configure_request_event_t *ev = (xcb_configure_request_event_t *)e;
    wm_client *c = client_of(x, ev->window);
    if (!c) {
        /* Not ours (yet): do what it asks, in the order X wants values. */
        uint32_t v[7];
        int n = 0;
        uint16_t mask =
            ev->value_mask & (XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y | XCB_CONFIG_WINDOW_WIDTH |
                              XCB_CONFIG_WINDOW_HEIGHT | XCB_CONFIG_WINDOW_BORDER_WIDTH);
        if (mask & XCB_CONFIG_WINDOW_X)
            v[n++] = (uint32_t)ev->x;
        if (mask & XCB_CONFIG_WINDOW_Y)
            v[n++] = (uint32_t)ev->y;
        if (mask & XCB_CONFIG_WINDOW_WIDTH)
            v[n++] = ev->width;
        if (mask & XCB_CONFIG_WINDOW_HEIGHT)
            v[n++] = ev->height;
        if (mask & XCB_CONFIG_WINDOW_BORDER_WIDTH)
            v[n++] = ev->border_width;
        x11_expect(x, xcb_configure_window(x->conn, ev->window, mask, v).sequence);
        return;
    }
    if (ev->value_mask & XCB_CONFIG_WINDOW_BORDER_WIDTH)
        c->border_width = ev->border_width; /* restored when it leaves */
    uint16_t geom_mask = XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y | XCB_CONFIG_WINDOW_WIDTH |
                         XCB_CONFIG_WINDOW_HEIGHT;
    if (ev->value_mask & geom_mask)
        request_geometry(x, c, ev->value_mask, ev->x, ev->y, ev->width, ev->height, 0);
    else
        client_mark(c, WM_DIRTY_SYNTHETIC); /* ICCCM 4.1.5: always an answer */
    if (ev->value_mask & XCB_CONFIG_WINDOW_STACK_MODE) {
        wm_client *sib =
            (ev->value_mask & XCB_CONFIG_WINDOW_SIBLING) ? client_of(x, ev->sibling) : NULL;
        stack_restack(x->model, c, sib, stack_mode(ev->stack_mode));
    }
}

static void on_configure_notify(x11 *x, xcb_generic_event_t *e)
{
    /* The root is reconfigured when the screen changes size and also when
     * RandR monitors are added or removed (xrandr --setmonitor), which
     * sends no RandR event of its own. */
    xcb_configure_notify_event_t *ev = (xcb_configure_notify_event_t *)e;
    if (ev->window == x->root && !synthetic(e))
        randr_update(x);
}

static void on_property_notify(x11 *x, xcb_generic_event_t *e)
{
    xcb_property_notify_event_t *ev = (xcb_property_notify_event_t *)e;
    if (synthetic(e))
        return; /* the server tells us of property changes, nobody else */
    x11_note_time(x, ev->time);
    if (ev->window == x->root) {
        if (ev->atom == A(_NET_DESKTOP_NAMES) && ev->state == XCB_PROPERTY_NEW_VALUE)
            root_read_desktop_names(x);
        else if (ev->atom == A(_NET_CLIENT_LIST) || ev->atom == A(_NET_CLIENT_LIST_STACKING))
            push_root_list_changed(x, ev->atom);
        return;
    }
    xclient *xc = xclient_find(x, ev->window);
    if (xc) {
        manage_property_changed(x, xc, ev->atom);
        return;
    }
    xc = g_hash_table_lookup(x->user_time_windows, GUINT_TO_POINTER(ev->window));
    if (xc && ev->atom == A(_NET_WM_USER_TIME))
        manage_user_time_changed(x, xc);
}

static void on_expose(x11 *x, xcb_generic_event_t *e)
{
    xcb_expose_event_t *ev = (xcb_expose_event_t *)e;
    if (ev->count != 0)
        return;
    xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(ev->window));
    wm_client *c = xc ? client_of(x, xc->id) : NULL;
    if (c)
        client_mark(c, WM_DIRTY_DECOR);
}

#define DOUBLE_CLICK_MS 400
#define CORNER_MARGIN   16 /* how far along an edge a corner reaches */

/* Alt+middle or right drag: the corner or edge nearest the pointer, by
 * thirds of the frame. */
static enum wm_mr_dir nearest_part(wm_rect f, int fx, int fy)
{
    int col = fx < f.w / 3 ? 0 : fx < 2 * f.w / 3 ? 1 : 2;
    int row = fy < f.h / 3 ? 0 : fy < 2 * f.h / 3 ? 1 : 2;
    static const enum wm_mr_dir grid[3][3] = {
        {WM_MR_TOPLEFT, WM_MR_TOP, WM_MR_TOPRIGHT},
        {WM_MR_LEFT, WM_MR_BOTTOMRIGHT, WM_MR_RIGHT},
        {WM_MR_BOTTOMLEFT, WM_MR_BOTTOM, WM_MR_BOTTOMRIGHT},
    };
    return grid[row][col];
}

/* The part of c's frame at frame coordinates (fx, fy): a wm_mr_dir, or -1. */
static int frame_part(x11 *x, const wm_client *c, int fx, int fy)
{
    wm_rect f = client_frame_rect(x->model, c);
    return mr_frame_part(f.w, f.h, client_extents(x->model, c), fx, fy, CORNER_MARGIN);
}

/* The part of the grip around c's frame at grip coordinates (gx, gy): the
 * frame itself covers the grip's middle, so only the edges get here. */
static int grip_part(x11 *x, const wm_client *c, int gx, int gy)
{
    wm_rect g = frame_grip_rect(x, c);
    int m = frame_grip_margin(x, c);
    return mr_frame_part(g.w, g.h, (wm_extents){m, m, m, m}, gx, gy, CORNER_MARGIN + m);
}

/* The title button of c's frame at frame point (fx, fy), or NONE. */
static enum decor_button button_at(x11 *x, const wm_client *c, int fx, int fy)
{
    decor_layout l;
    if (!frame_layout(x, c, &l))
        return DECOR_BUTTON_NONE;
    const decor_rect_button *b = decor_button_at(&l, fx, fy);
    return b ? b->kind : DECOR_BUTTON_NONE;
}

static void set_hover(xclient *xc, wm_client *c, enum decor_button b)
{
    if (xc->hover == b)
        return;
    xc->hover = b;
    client_mark(c, WM_DIRTY_TITLE);
}

/* The tab whose close button is under the pointer (-1: none) lights up. */
static void set_tab_hover(xclient *xc, wm_client *c, int tab)
{
    if (xc->hover_tab_close == tab)
        return;
    xc->hover_tab_close = tab;
    client_mark(c, WM_DIRTY_TITLE);
}

/* A title button was clicked (pressed and released inside it). */
static void button_clicked(x11 *x, wm_client *c, enum decor_button b, xcb_timestamp_t time)
{
    switch (b) {
    case DECOR_BUTTON_CLOSE:
        perform(x, ACTION_CLOSE, c, time);
        break;
    case DECOR_BUTTON_MAXIMIZE:
        perform(x, ACTION_TOGGLE_MAXIMIZED, c, time);
        break;
    case DECOR_BUTTON_MINIMIZE:
        perform(x, ACTION_MINIMIZE, c, time);
        break;
    default:
        break;
    }
}

/* The menu and the icon open the window menu under themselves on press,
 * as GTK's menu buttons do. */
static void open_menu_under(x11 *x, wm_client *c, xclient *xc, xcb_timestamp_t time)
{
    decor_layout l;
    if (!frame_layout(x, c, &l))
        return;
    wm_rect f = client_frame_rect(x->model, c);
    for (int i = 0; i < l.n_buttons; i++) {
        const decor_rect_button *b = &l.buttons[i];
        if (b->kind == xc->hover) {
            perform_window_menu(x, c, f.x + b->rect.x, f.y + b->rect.y + b->rect.h, false, time);
            return;
        }
    }
}

static bool double_click(x11 *x, const xcb_button_press_event_t *ev)
{
    bool dbl = ev->event == x->last_click_win && ev->time - x->last_click_time < DOUBLE_CLICK_MS &&
               abs(ev->root_x - x->last_click_x) <= WM_DRAG_THRESHOLD &&
               abs(ev->root_y - x->last_click_y) <= WM_DRAG_THRESHOLD;
    /* A third click starts over. */
    x->last_click_win = dbl ? XCB_WINDOW_NONE : ev->event;
    x->last_click_time = ev->time;
    x->last_click_x = ev->root_x;
    x->last_click_y = ev->root_y;
    return dbl;
}

/* A click is the user's choice: focus c (and raise it when asked), and it
 * sets the time other windows must beat to take focus. Focus is sent
 * again even to the window the model has focused: X may have moved it.
 * Docks and desktop windows take the click themselves: no workspace
 * switch, no end of "show desktop". */
static void click_focus(x11 *x, wm_client *c, bool raise, xcb_timestamp_t time)
{
    if (!focus_can_take(c))
        return;
    if (raise)
        focus_activate(x->model, c);
    else
        focus_set(x->model, c);
    focus_note_user_time(x->model, c, time);
    perform_user_focused(x, c);
    x->pushed_focus = XCB_WINDOW_NONE;
    wm_mark(x->model, WM_DIRTY_FOCUS);
}

/* A press on a frame: its decoration (buttons, tabs), or anywhere with the
 * mouse modifier. */
static void frame_press(x11 *x, wm_client *c, xclient *xc, const xcb_button_press_event_t *ev,
                        bool modded)
{
    wm_rect f = client_frame_rect(x->model, c);
    int fx = ev->event_x, fy = ev->event_y;
    if (modded) {
        if (ev->detail == 1)
            moveresize_begin(x, c, WM_MR_MOVE, ev->root_x, ev->root_y, 1, ev->time);
        else if (ev->detail == 2 || ev->detail == 3)
            moveresize_begin(x, c, nearest_part(f, fx, fy), ev->root_x, ev->root_y, ev->detail,
                             ev->time);
        return;
    }
    int part = frame_part(x, c, fx, fy);
    if (part < 0)
        return;
    enum decor_button b = button_at(x, c, fx, fy);
    bool on_close = false;
    int tab = b == DECOR_BUTTON_NONE ? frame_tab_at(x, c, fx, fy, &on_close, NULL) : -1;
    wm_client *t = tab >= 0 ? c->group->clients->pdata[tab] : c;
    if (ev->detail == 1 && tab >= 0 && on_close) {
        /* Closes on release over the same close button. */
        x->pressed_tab_close = t->id;
        return;
    }
    if (ev->detail == 1 && tab >= 0 && t != c->group->current) {
        /* A click on a tab shows it; a drag from it moves the tab. */
        click_focus(x, t, true, ev->time);
        c = t;
    }
    if (ev->detail == 1 && b != DECOR_BUTTON_NONE && xc) {
        xc->hover = b;
        if (b == DECOR_BUTTON_MENU || b == DECOR_BUTTON_ICON) {
            open_menu_under(x, c, xc, ev->time);
            return;
        }
        /* It acts on release inside it; the frame has the pointer until
         * then (the press's automatic grab). */
        xc->pressed = b;
        x->pressed_frame = xc->frame;
        client_mark(c, WM_DIRTY_TITLE);
        return;
    }
    if (ev->detail == 3) {
        perform_window_menu(x, c, ev->root_x, ev->root_y, false, ev->time);
    } else if (ev->detail == 2 && part == WM_MR_MOVE) {
        moveresize_begin_tabbing(x, c, t, ev->root_x, ev->root_y, 2, ev->time);
    } else if (ev->detail == 1 && part == WM_MR_MOVE && double_click(x, ev)) {
        perform(x, ACTION_TOGGLE_MAXIMIZED, c, ev->time);
    } else if (ev->detail == 1 && part == WM_MR_MOVE && tab >= 0) {
        moveresize_begin_tabbing(x, c, t, ev->root_x, ev->root_y, 1, ev->time);
    } else if (ev->detail == 1) {
        /* A move starts only when the pointer goes past the threshold. */
        moveresize_begin(x, c, (enum wm_mr_dir)part, ev->root_x, ev->root_y, 1, ev->time);
    }
}

static void on_button_press(x11 *x, xcb_generic_event_t *e)
{
    xcb_button_press_event_t *ev = (xcb_button_press_event_t *)e;
    if (synthetic(e))
        return; /* only a real click is the user's choice */
    x11_note_time(x, ev->time);
    if (x->drag.active) {
        moveresize_release(x, ev->detail, ev->time); /* a click ends a keyboard move */
        return;
    }
    xclient *gx = g_hash_table_lookup(x->grips, GUINT_TO_POINTER(ev->event));
    wm_client *gc = gx ? client_of(x, gx->id) : NULL;
    if (gc) {
        /* The invisible edge around a thin border: focus, raise, resize. */
        click_focus(x, gc, true, ev->time);
        int part = grip_part(x, gc, ev->event_x, ev->event_y);
        if (ev->detail == 1 && part >= 0 && part != WM_MR_MOVE)
            moveresize_begin(x, gc, (enum wm_mr_dir)part, ev->root_x, ev->root_y, 1, ev->time);
        return;
    }
    xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(ev->event));
    bool on_frame = xc != NULL;
    uint16_t mouse = keys_real_mods(x, x->config->mouse_mods);
    bool modded = mouse && (keys_clean(x, ev->state) & mouse) == mouse;
    if (on_frame && modded && ev->detail > 3) {
        /* The mouse modifier's grab takes every button: the wheel and
         * the side buttons go on to the client. */
        xcb_allow_events(x->conn, XCB_ALLOW_REPLAY_POINTER, ev->time);
        return;
    }
    if (on_frame && ev->child != XCB_WINDOW_NONE && !modded) {
        /* A click inside the client that the client does not listen for
         * comes up to the frame: the click-to-focus grab has handled it. */
        return;
    }
    if (!xc)
        xc = xclient_find(x, ev->event);
    wm_client *c = xc ? client_of(x, xc->id) : NULL;
    /* Raised too, unless the user said not to for clicks inside windows. */
    if (c)
        click_focus(x, c, on_frame || x->config->raise_on_click, ev->time);
    if (c && on_frame)
        frame_press(x, c, xc, ev, modded);
    /* The click-to-focus grab holds the pointer until told: the click goes
     * on to the client. The mouse modifier's grab holds it too: that click
     * is purr's, and the grab goes on. */
    xcb_allow_events(
        x->conn, on_frame && modded ? XCB_ALLOW_ASYNC_POINTER : XCB_ALLOW_REPLAY_POINTER, ev->time);
}

static void on_button_release(x11 *x, xcb_generic_event_t *e)
{
    xcb_button_release_event_t *ev = (xcb_button_release_event_t *)e;
    if (synthetic(e))
        return;
    x11_note_time(x, ev->time);
    if (x->pressed_tab_close && ev->detail == 1) {
        /* Released over the close button of the tab it was pressed on. */
        wm_client *t = wm_find(x->model, x->pressed_tab_close);
        x->pressed_tab_close = 0;
        wm_client *c = t ? t->group->current : NULL;
        xclient *xc = c ? xclient_find(x, c->id) : NULL;
        if (xc && ev->event == xc->frame && ev->same_screen) {
            int fx = ev->event_x, fy = ev->event_y;
            bool on_close = false;
            int k = frame_tab_at(x, c, fx, fy, &on_close, NULL);
            if (on_close && k >= 0 && c->group->clients->pdata[k] == t)
                perform(x, ACTION_CLOSE, t, ev->time);
        }
        return;
    }
    if (x->pressed_frame && ev->detail == 1) {
        xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(x->pressed_frame));
        wm_client *c = xc ? client_of(x, xc->id) : NULL;
        x->pressed_frame = 0;
        if (c) {
            enum decor_button b = xc->pressed;
            xc->pressed = DECOR_BUTTON_NONE;
            client_mark(c, WM_DIRTY_TITLE);
            /* Released inside the button it was pressed on. */
            int fx = ev->event_x, fy = ev->event_y;
            if (ev->event == xc->frame && ev->same_screen && button_at(x, c, fx, fy) == b)
                button_clicked(x, c, b, ev->time);
        }
        return;
    }
    moveresize_release(x, ev->detail, ev->time);
}

static void on_motion_notify(x11 *x, xcb_generic_event_t *e)
{
    xcb_motion_notify_event_t *ev = (xcb_motion_notify_event_t *)e;
    if (synthetic(e))
        return;
    x11_note_time(x, ev->time);
    if (x->drag.active) {
        moveresize_motion(x, ev->root_x, ev->root_y, ev->time);
        return;
    }
    xclient *gx = g_hash_table_lookup(x->grips, GUINT_TO_POINTER(ev->event));
    wm_client *gc = gx ? client_of(x, gx->id) : NULL;
    if (gc) {
        int part = grip_part(x, gc, ev->event_x, ev->event_y);
        if (part == gx->grip_part)
            return;
        gx->grip_part = part;
        xcb_cursor_t cur = moveresize_cursor(x, part == WM_MR_MOVE ? -1 : part);
        x11_expect(x,
                   xcb_change_window_attributes(x->conn, gx->grip, XCB_CW_CURSOR, &cur).sequence);
        return;
    }
    /* Over a frame: show the resize cursor of the part under the pointer,
     * and light up the title button under it. */
    xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(ev->event));
    wm_client *c = xc ? client_of(x, xc->id) : NULL;
    if (!c)
        return;
    bool inside = ev->child == XCB_WINDOW_NONE && ev->same_screen;
    int fx = ev->event_x, fy = ev->event_y;
    set_hover(xc, c, inside ? button_at(x, c, fx, fy) : DECOR_BUTTON_NONE);
    bool on_close = false;
    int tab = inside ? frame_tab_at(x, c, fx, fy, &on_close, NULL) : -1;
    set_tab_hover(xc, c, on_close ? tab : -1);
    int part = inside ? frame_part(x, c, fx, fy) : -1;
    if (xc->hover != DECOR_BUTTON_NONE)
        part = -1; /* buttons show the normal arrow */
    if (part == xc->cursor_part)
        return;
    xc->cursor_part = part;
    xcb_cursor_t cur = moveresize_cursor(x, part);
    x11_expect(x, xcb_change_window_attributes(x->conn, xc->frame, XCB_CW_CURSOR, &cur).sequence);
}

static void on_key_press(x11 *x, xcb_generic_event_t *e)
{
    xcb_key_press_event_t *ev = (xcb_key_press_event_t *)e;
    if (synthetic(e))
        return; /* a key a program sent is not the user's */
    x11_note_time(x, ev->time);
    if (switch_key(x, ev, true))
        return;
    if (x->drag.active) {
        moveresize_key(x, ev);
        return;
    }
    int a = keys_lookup(x, ev->detail, ev->state);
    if (a < 0 || plugins_keybinding(action_name((enum purr_action)a), x->model->focused))
        return;
    if (a == ACTION_SWITCH_WINDOWS || a == ACTION_SWITCH_WINDOWS_BACKWARD ||
        a == ACTION_SWITCH_GROUP || a == ACTION_SWITCH_GROUP_BACKWARD)
        switch_begin(x, (enum purr_action)a, ev);
    else
        perform(x, (enum purr_action)a, NULL, ev->time);
}

static void on_key_release(x11 *x, xcb_generic_event_t *e)
{
    xcb_key_release_event_t *ev = (xcb_key_release_event_t *)e;
    if (!synthetic(e))
        switch_key(x, ev, false);
}

static void on_enter_notify(x11 *x, xcb_generic_event_t *e)
{
    /* Focus follows the pointer (focus-mode sloppy or mouse). A window
     * that moved or appeared under a still pointer also sends this; only
     * a pointer that moved since the last crossing is the user's doing. */
    xcb_enter_notify_event_t *ev = (xcb_enter_notify_event_t *)e;
    if (synthetic(e) || x->config->focus_mode == FOCUS_CLICK)
        return;
    bool moved = ev->root_x != x->last_enter_x || ev->root_y != x->last_enter_y;
    x->last_enter_x = ev->root_x;
    x->last_enter_y = ev->root_y;
    if (!moved || ev->mode != XCB_NOTIFY_MODE_NORMAL || x->drag.active || x->sw.active)
        return;
    x11_note_time(x, ev->time);
    if (ev->event == x->root) {
        /* Back on the desktop from a window: the root hears it as an
         * Enter from an inferior. */
        if (x->config->focus_mode == FOCUS_MOUSE && x->model->focused)
            focus_set(x->model, NULL);
        return;
    }
    if (ev->detail == XCB_NOTIFY_DETAIL_INFERIOR)
        return; /* from the client into its own frame */
    xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(ev->event));
    wm_client *c = xc ? client_of(x, xc->id) : NULL;
    if (c && c != x->model->focused && focus_can_take(c) && client_visible(x->model, c)) {
        focus_set(x->model, c);
        focus_note_user_time(x->model, c, ev->time);
    }
}

static void on_leave_notify(x11 *x, xcb_generic_event_t *e)
{
    /* Out of a frame (or into its client): no button is under the pointer. */
    xcb_leave_notify_event_t *ev = (xcb_leave_notify_event_t *)e;
    if (synthetic(e))
        return;
    xclient *xc = g_hash_table_lookup(x->frames, GUINT_TO_POINTER(ev->event));
    wm_client *c = xc ? client_of(x, xc->id) : NULL;
    if (c) {
        set_hover(xc, c, DECOR_BUTTON_NONE);
        set_tab_hover(xc, c, -1);
    }
}

static void on_focus_in(x11 *x, xcb_generic_event_t *e)
{
    /* A client may take the focus itself (globally active ones are meant
     * to); the model follows where X says it went. Grab noise and events
     * caused by our own earlier focus changes are ignored. */
    xcb_focus_in_event_t *ev = (xcb_focus_in_event_t *)e;
    if (synthetic(e))
        return;
    if (ev->event == x->root) {
        /* Someone sent the focus to PointerRoot or None behind our back:
         * the focused window's clicks are caught again, so that clicking
         * it gives it the keyboard back. */
        bool ours = (int32_t)(e->full_sequence - x->focus_sequence) <= 0;
        if (!ours && (ev->detail == XCB_NOTIFY_DETAIL_POINTER_ROOT ||
                      ev->detail == XCB_NOTIFY_DETAIL_NONE)) {
            x->pushed_focus = XCB_WINDOW_NONE;
            if (x->ungrabbed && xclient_find(x, x->ungrabbed))
                manage_grab_clicks(x, x->ungrabbed, true);
            x->ungrabbed = XCB_WINDOW_NONE;
        }
        return;
    }
    if (ev->mode == XCB_NOTIFY_MODE_GRAB || ev->mode == XCB_NOTIFY_MODE_UNGRAB ||
        ev->detail == XCB_NOTIFY_DETAIL_POINTER || ev->detail == XCB_NOTIFY_DETAIL_VIRTUAL ||
        ev->detail == XCB_NOTIFY_DETAIL_NONLINEAR_VIRTUAL)
        return;
    if ((int32_t)(e->full_sequence - x->focus_sequence) < 0)
        return;
    /* X confirming the focus purr itself gave last: the model may have
     * moved on since (several windows managed in one batch), and the next
     * push says so. */
    if (ev->event == x->pushed_focus)
        return;
    wm_client *c = client_of(x, ev->event);
    if (!c || c == x->model->focused || !focus_can_take(c) || !client_visible(x->model, c))
        return;
    focus_set(x->model, c);
    x->pushed_focus = c->id; /* X has it already */
}

static void on_selection_clear(x11 *x, xcb_generic_event_t *e)
{
    xcb_selection_clear_event_t *ev = (xcb_selection_clear_event_t *)e;
    if (synthetic(e) || ev->selection != A(WM_S0) || ev->owner != x->check)
        return;
    log_info("another window manager is taking over; giving the windows back");
    x->quit = true;
    x->exit_status = 0;
    if (x->loop)
        g_main_loop_quit(x->loop);
}

/* Client messages, each checked for format and for a window purr knows. */

static void msg_active_window(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    if (!c) {
        log_info("_NET_ACTIVE_WINDOW for 0x%x, which is not a managed window; ignored", ev->window);
        return;
    }
    uint32_t source = ev->data.data32[0], time = x11_client_time(x, ev->data.data32[1]);
    if (focus_allow_activate(x->model, c, (int)source, time)) {
        focus_activate(x->model, c);
        if (time)
            focus_note_user_time(x->model, c, time);
        if (source == 2) /* a pager or taskbar: the user's choice */
            perform_user_focused(x, c);
    } else {
        log_debug("_NET_ACTIVE_WINDOW for 0x%x refused (focus-stealing prevention)", c->id);
        client_set_demands_attention(c, true);
    }
}

static void msg_close_window(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    xclient *xc = c ? xclient_find(x, c->id) : NULL;
    if (xc)
        ping_close(x, xc, x11_client_time(x, ev->data.data32[0]) ?: x->last_time);
}

static bool apply_action(uint32_t action, bool current)
{
    return action == 2 ? !current : action == 1;
}

/* A hidden tab asks to be maximized or fullscreen: that asks to be shown,
 * through focus-stealing prevention. True when it is shown now (and the
 * request applies); refused, the tab demands attention instead. The
 * other states a hidden tab asks for are its group's, undone when the
 * group is synced, or its own (demands attention, skip taskbar). */
static bool show_hidden_tab(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    bool shows = false;
    for (int i = 1; i <= 2; i++) {
        xcb_atom_t a = ev->data.data32[i];
        shows |= a == A(_NET_WM_STATE_FULLSCREEN) || a == A(_NET_WM_STATE_MAXIMIZED_HORZ) ||
                 a == A(_NET_WM_STATE_MAXIMIZED_VERT);
    }
    if (!shows)
        return true;
    /* The message has no time: the tab's last user time stands in, and
     * a tab the user never used is shown only by a pager's request or
     * before the user did anything. */
    const wm *m = x->model;
    int source = (int)ev->data.data32[3];
    uint32_t t = c->has_user_time ? c->user_time : 0;
    if (source == 2 || (t ? focus_allow_activate(m, c, source, t) : !m->has_user_time)) {
        focus_activate(x->model, c);
        return true;
    }
    log_debug("window 0x%x, a hidden tab, asked for a state: marked as demanding attention", c->id);
    client_set_demands_attention(c, true);
    return false;
}

static void msg_wm_state(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    if (!c)
        return;
    wm *m = x->model;
    uint32_t action = ev->data.data32[0];
    if (action > 2)
        return;
    if (client_hidden_tab(c) && !show_hidden_tab(x, c, ev))
        return;
    /* Both maximize atoms usually come in one message: one change. */
    bool max_h = c->max_h, max_v = c->max_v;
    for (int i = 1; i <= 2; i++) {
        xcb_atom_t a = ev->data.data32[i];
        if (a == XCB_NONE)
            continue;
        if (a == A(_NET_WM_STATE_ABOVE)) {
            bool on = apply_action(action, c->above);
            client_set_above_below(m, c, on, c->below);
        } else if (a == A(_NET_WM_STATE_BELOW)) {
            bool on = apply_action(action, c->below);
            client_set_above_below(m, c, on ? false : c->above, on);
        } else if (a == A(_NET_WM_STATE_FULLSCREEN)) {
            client_set_fullscreen(m, c, apply_action(action, c->fullscreen));
        } else if (a == A(_NET_WM_STATE_MAXIMIZED_HORZ)) {
            max_h = apply_action(action, c->max_h);
        } else if (a == A(_NET_WM_STATE_MAXIMIZED_VERT)) {
            max_v = apply_action(action, c->max_v);
        } else if (a == A(_NET_WM_STATE_SHADED)) {
            client_set_shaded(m, c, apply_action(action, c->shaded));
        } else if (a == A(_NET_WM_STATE_HIDDEN)) {
            /* EWMH: the manager alone sets HIDDEN; minimize with
             * WM_CHANGE_STATE. */
        } else if (a == A(_NET_WM_STATE_MODAL)) {
            c->modal = apply_action(action, c->modal);
        } else if (a == A(_NET_WM_STATE_SKIP_TASKBAR)) {
            c->skip_taskbar = apply_action(action, c->skip_taskbar);
        } else if (a == A(_NET_WM_STATE_SKIP_PAGER)) {
            c->skip_pager = apply_action(action, c->skip_pager);
        } else if (a == A(_NET_WM_STATE_DEMANDS_ATTENTION)) {
            client_set_demands_attention(c, apply_action(action, c->demands_attention));
        } else if (a == A(_NET_WM_STATE_STICKY)) {
            bool sticky = apply_action(action, c->workspace == WM_ALL_WORKSPACES);
            workspace_move_client(m, c, sticky ? WM_ALL_WORKSPACES : m->current_workspace);
        }
    }
    client_set_maximized(m, c, max_h, max_v);
    client_mark(c, WM_DIRTY_STATE);
    wm_mark(m, WM_DIRTY_STACK);
}

static void msg_change_state(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    /* ICCCM 4.1.4: IconicState asks to be minimized; a hidden tab's
     * group is not its to minimize. */
    if (c && client_hidden_tab(c)) {
        log_debug("window 0x%x, a hidden tab, asked to be minimized; ignored", c->id);
        return;
    }
    if (c && ev->data.data32[0] == 3 && (client_allowed_actions(c) & WM_ACTION_MINIMIZE))
        client_set_minimized(x->model, c, true);
}

static void msg_moveresize_window(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    if (!c)
        return;
    uint32_t flags = ev->data.data32[0];
    /* Bits 8..11 say which of x, y, width, height are given; they line up
     * with ConfigureWindow's mask bits. */
    uint16_t mask = (uint16_t)((flags >> 8) & 0xf);
    const int32_t *d = (const int32_t *)ev->data.data32;
    request_geometry(x, c, mask, d[1], d[2], d[3], d[4], (int)(flags & 0xff));
}

static void msg_wm_moveresize(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    /* EWMH: a client with its own title bar asks purr to take over a drag
     * it saw start (data: root x, y, direction, button, source). */
    uint32_t dir = ev->data.data32[2], button = ev->data.data32[3];
    if (!c) {
        log_info("_NET_WM_MOVERESIZE for 0x%x, which is not a managed window; ignored", ev->window);
        return;
    }
    if (dir > 11) {
        log_info("window 0x%x: _NET_WM_MOVERESIZE with unknown direction %u; ignored", c->id, dir);
        return;
    }
    if (dir == 11) { /* _NET_WM_MOVERESIZE_CANCEL */
        if (x->drag.active && x->drag.mr.id == c->id)
            moveresize_end(x, true, x->last_time);
        return;
    }
    if (dir == 9 || dir == 10) { /* keyboard size, keyboard move */
        perform(x, dir == 10 ? ACTION_BEGIN_MOVE : ACTION_BEGIN_RESIZE, c, x->last_time);
        return;
    }
    /* A drag by the pointer: only while a button is really held (the
     * message may come after the release), from where the pointer is. */
    xcb_query_pointer_reply_t *p =
        xcb_query_pointer_reply(x->conn, xcb_query_pointer(x->conn, x->root), NULL);
    uint16_t buttons = p ? p->mask & 0x1f00 : 0;
    bool held = button >= 1 && button <= 5 ? (buttons & (0x80 << button)) : buttons != 0;
    int px = p ? p->root_x : 0, py = p ? p->root_y : 0;
    free(p);
    if (!held) {
        log_debug("window 0x%x: _NET_WM_MOVERESIZE after the button was released", c->id);
        return;
    }
    uint8_t b = button >= 1 && button <= 5 ? (uint8_t)button : 1;
    if (button == 0)
        for (uint8_t i = 1; i <= 5; i++)
            if (buttons & (0x80 << i)) {
                b = i;
                break;
            }
    /* The drag started where the client saw the press (it waited for its
     * own drag threshold, and the pointer may have gone far on since):
     * believed if it is on the window, which is where that press was. */
    int sx = (int32_t)ev->data.data32[0], sy = (int32_t)ev->data.data32[1];
    wm_rect f = client_frame_rect(x->model, c);
    if (sx < f.x || sy < f.y || sx >= f.x + f.w || sy >= f.y + f.h) {
        log_debug("window 0x%x: _NET_WM_MOVERESIZE from (%d, %d), off the window; "
                  "the drag starts from the pointer",
                  c->id, sx, sy);
        sx = px, sy = py;
    }
    if (!moveresize_begin(x, c, (enum wm_mr_dir)dir, sx, sy, b, x->last_time))
        return;
    /* The pointer went on moving, and may have been let go, between the
     * query above and the grab: ask again now that the grab holds it. */
    p = xcb_query_pointer_reply(x->conn, xcb_query_pointer(x->conn, x->root), NULL);
    if (p) {
        px = p->root_x, py = p->root_y;
        held = p->mask & (0x80 << b);
        free(p);
    }
    moveresize_motion(x, px, py, x->last_time);
    if (!held)
        moveresize_release(x, b, x->last_time);
}

static void msg_fullscreen_monitors(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    if (!c)
        return;
    guint n = x->model->monitors->len;
    for (int i = 0; i < 4; i++) {
        if (ev->data.data32[i] >= n) {
            log_info("window 0x%x: _NET_WM_FULLSCREEN_MONITORS names monitor %u of %u; ignored",
                     c->id, ev->data.data32[i], n);
            return;
        }
    }
    c->has_fs_monitors = true;
    for (int i = 0; i < 4; i++)
        c->fs_monitors[i] = ev->data.data32[i];
    client_relayout(x->model, c);
    client_mark(c, WM_DIRTY_STATE);
}

static void msg_wm_desktop(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    /* A tab's workspace is its group's: the whole group goes. */
    if (c)
        workspace_move_client(x->model, c->group->current, ev->data.data32[0]);
}

static void msg_current_desktop(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    workspace_switch(x->model, ev->data.data32[0]);
}

static void msg_number_of_desktops(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    workspace_set_count(x->model, ev->data.data32[0]);
}

static void msg_showing_desktop(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    workspace_show_desktop(x->model, ev->data.data32[0] != 0);
}

static void msg_restack_window(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    if (!c)
        return;
    wm_client *sib = client_of(x, ev->data.data32[1]);
    uint32_t detail = ev->data.data32[2];
    if (detail > XCB_STACK_MODE_OPPOSITE)
        return;
    stack_restack(x->model, c, sib, stack_mode((uint8_t)detail));
}

static void msg_request_frame_extents(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    /* EWMH: answered before the window is mapped, with our best guess.
     * A managed window already has the real ones. */
    if (c || ev->window == x->root || ev->window == x->check ||
        g_hash_table_contains(x->frames, GUINT_TO_POINTER(ev->window)))
        return;
    wm_extents e = x->model->frame_extents;
    uint32_t ext[4] = {(uint32_t)e.left, (uint32_t)e.right, (uint32_t)e.top, (uint32_t)e.bottom};
    x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, ev->window,
                                      A(_NET_FRAME_EXTENTS), XCB_ATOM_CARDINAL, 32, 4, ext)
                      .sequence);
}

static void msg_protocols(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    /* _NET_WM_PING comes back to the root with the client in data[2]. */
    if (ev->window == x->root && ev->data.data32[0] == A(_NET_WM_PING))
        ping_reply(x, ev->data.data32[2], ev->data.data32[1]);
}

static void msg_sync(x11 *x, wm_client *c, const xcb_client_message_event_t *ev)
{
    /* The answer goes to the window's creator: never to purr's own
     * windows, or purr would answer itself for ever. */
    xcb_window_t w = ev->data.data32[0];
    if (w == XCB_WINDOW_NONE || w == x->root || w == x->check ||
        g_hash_table_contains(x->frames, GUINT_TO_POINTER(w)))
        return;
    push_queue_sync(x, w, ev->data.data32[1]);
}

typedef void (*msg_handler)(x11 *x, wm_client *c, const xcb_client_message_event_t *ev);

static void on_client_message(x11 *x, xcb_generic_event_t *e)
{
    const xcb_client_message_event_t *ev = (const xcb_client_message_event_t *)e;
    static const struct {
        enum atom_id type;
        msg_handler fn;
    } table[] = {
        {ATOM__NET_ACTIVE_WINDOW, msg_active_window},
        {ATOM__NET_CLOSE_WINDOW, msg_close_window},
        {ATOM__NET_WM_STATE, msg_wm_state},
        {ATOM__NET_WM_DESKTOP, msg_wm_desktop},
        {ATOM__NET_CURRENT_DESKTOP, msg_current_desktop},
        {ATOM__NET_NUMBER_OF_DESKTOPS, msg_number_of_desktops},
        {ATOM__NET_SHOWING_DESKTOP, msg_showing_desktop},
        {ATOM__NET_RESTACK_WINDOW, msg_restack_window},
        {ATOM__NET_REQUEST_FRAME_EXTENTS, msg_request_frame_extents},
        {ATOM_WM_PROTOCOLS, msg_protocols},
        {ATOM__PURR_SYNC, msg_sync},
        {ATOM_WM_CHANGE_STATE, msg_change_state},
        {ATOM__NET_MOVERESIZE_WINDOW, msg_moveresize_window},
        {ATOM__NET_WM_FULLSCREEN_MONITORS, msg_fullscreen_monitors},
        {ATOM__NET_WM_MOVERESIZE, msg_wm_moveresize},
    };
    if (ev->format != 32)
        return;
    for (size_t i = 0; i < G_N_ELEMENTS(table); i++) {
        if (ev->type == atoms[table[i].type]) {
            table[i].fn(x, client_of(x, ev->window), ev);
            return;
        }
    }
}

static const handler handlers[XCB_GE_GENERIC] = {
    [0] = on_error,
    [XCB_MAP_REQUEST] = on_map_request,
    [XCB_UNMAP_NOTIFY] = on_unmap_notify,
    [XCB_DESTROY_NOTIFY] = on_destroy_notify,
    [XCB_CONFIGURE_REQUEST] = on_configure_request,
    [XCB_CONFIGURE_NOTIFY] = on_configure_notify,
    [XCB_PROPERTY_NOTIFY] = on_property_notify,
    [XCB_EXPOSE] = on_expose,
    [XCB_BUTTON_PRESS] = on_button_press,
    [XCB_BUTTON_RELEASE] = on_button_release,
    [XCB_MOTION_NOTIFY] = on_motion_notify,
    [XCB_KEY_PRESS] = on_key_press,
    [XCB_KEY_RELEASE] = on_key_release,
    [XCB_ENTER_NOTIFY] = on_enter_notify,
    [XCB_LEAVE_NOTIFY] = on_leave_notify,
    [XCB_FOCUS_IN] = on_focus_in,
    [XCB_FOCUS_OUT] = on_focus_out,
    [XCB_REPARENT_NOTIFY] = on_reparent_notify,
    [XCB_SELECTION_CLEAR] = on_selection_clear,
    [XCB_CLIENT_MESSAGE] = on_client_message,
};

void event_handle(x11 *x, xcb_generic_event_t *ev)
{
    uint8_t type = ev->response_type & 0x7f;
    /* New windows mapped one after another are managed together, and
     * windows unmapped or destroyed one after another unmanaged together
     * (with the Expose of the frame a client leaves, which comes between
     * its UnmapNotify and its DestroyNotify, and only marks the frame);
     * any other event is handled after them, in the order X sent it. */
    if (type != XCB_MAP_REQUEST)
        manage_flush(x);
    if (type != XCB_UNMAP_NOTIFY && type != XCB_DESTROY_NOTIFY && type != XCB_EXPOSE)
        unmanage_flush(x);
    if (comp_event(x->comp, ev))
        return;
    if (type < G_N_ELEMENTS(handlers) && handlers[type])
        handlers[type](x, ev);
    else if (!keys_event(x, ev) && !theme_event(x, ev) && !sync_event(x, ev))
        randr_event(x, type);
}
