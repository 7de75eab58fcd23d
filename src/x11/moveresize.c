/*
 * Interactive moves and resizes: the pointer (and keyboard) grabs, the
 * cursors, and the outline that previews edge tiling. The geometry itself is
 * the model's (src/wm/moveresize.c): every motion changes the client's
 * floating rectangle there, and the push step moves the windows, so many
 * motion events between two main-loop iterations cost one configure.
 *
 * Grabs are the risk here: a grab that outlives its drag freezes the
 * desktop. Every way a drag ends (release, Escape, Return, the window
 * going away, the switcher or a menu starting) goes through
 * moveresize_end(), which drops both grabs.
 */
#include "x11/x11.h"

#include <stdlib.h>
#include <xcb/shape.h>
#include <xcb/xcb_cursor.h>
#include <xkbcommon/xkbcommon.h>

#include "config.h"
#include "util/log.h"

#define PREVIEW_COLOUR 0x3c6ea8
#define PREVIEW_WIDTH  4
#define KEY_STEP       10
#define TAB_TEAR_OFF   24 /* pixels off its strip that tear a left-dragged tab off */

void moveresize_init(x11 *x)
{
    static const char *const names[CURSOR_PARTS] = {
        "top_left_corner",
        "top_side",
        "top_right_corner",
        "right_side",
        "bottom_right_corner",
        "bottom_side",
        "bottom_left_corner",
        "left_side",
        "fleur",
    };
    xcb_cursor_context_t *cctx;
    if (xcb_cursor_context_new(x->conn, x->screen, &cctx) < 0)
        return;
    for (int i = 0; i < CURSOR_PARTS; i++)
        x->part_cursors[i] = xcb_cursor_load_cursor(cctx, names[i]);
    xcb_cursor_context_free(cctx);
}

void moveresize_finish(x11 *x)
{
    if (x->drag.active)
        moveresize_end(x, true, XCB_CURRENT_TIME);
    for (int i = 0; i < CURSOR_PARTS; i++)
        if (x->part_cursors[i])
            xcb_free_cursor(x->conn, x->part_cursors[i]);
    if (x->drag.preview)
        xcb_destroy_window(x->conn, x->drag.preview);
    x->drag.preview = 0;
}

xcb_cursor_t moveresize_cursor(const x11 *x, int part)
{
    /* The title strip keeps the ordinary arrow until it is dragged. */
    if (part < 0 || part >= WM_MR_MOVE)
        return x->cursor;
    return x->part_cursors[part] ? x->part_cursors[part] : x->cursor;
}

void moveresize_grab_buttons(x11 *x, xcb_window_t frame, bool fresh)
{
    if (!fresh)
        x11_expect(
            x, xcb_ungrab_button(x->conn, XCB_BUTTON_INDEX_ANY, frame, XCB_MOD_MASK_ANY).sequence);
    uint16_t mods = keys_real_mods(x, x->config ? x->config->mouse_mods : PURR_MOD_ALT);
    if (!mods)
        return; /* no such key on this keyboard: no drag from anywhere */
    /* Every button at once, one grab per lock combination: the pointer
     * waits for purr, which goes on with buttons 1 to 3 and gives the
     * others (the wheel) back to the client (event.c). */
    uint16_t locks[8];
    int n = keys_lock_combinations(x, locks);
    for (int l = 0; l < n; l++)
        x11_expect(x, xcb_grab_button(x->conn, 0, frame,
                                      XCB_EVENT_MASK_BUTTON_PRESS | XCB_EVENT_MASK_BUTTON_RELEASE |
                                          XCB_EVENT_MASK_POINTER_MOTION,
                                      XCB_GRAB_MODE_SYNC, XCB_GRAB_MODE_ASYNC, XCB_NONE, XCB_NONE,
                                      XCB_BUTTON_INDEX_ANY, mods | locks[l])
                          .sequence);
}

/* The outline showing where a window released now would be tiled: one
 * window shaped to a hollow rectangle, taking no input. */
static void show_preview(x11 *x, wm_rect r)
{
    xdrag *d = &x->drag;
    if (r.w <= 2 * PREVIEW_WIDTH || r.h <= 2 * PREVIEW_WIDTH) {
        if (d->preview_mapped)
            xcb_unmap_window(x->conn, d->preview);
        d->preview_mapped = false;
        return;
    }
    if (!d->preview) {
        d->preview = xcb_generate_id(x->conn);
        uint32_t v[] = {PREVIEW_COLOUR, 1};
        xcb_create_window(x->conn, XCB_COPY_FROM_PARENT, d->preview, x->root, 0, 0, 1, 1, 0,
                          XCB_WINDOW_CLASS_INPUT_OUTPUT, XCB_COPY_FROM_PARENT,
                          XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT, v);
        xcb_shape_rectangles(x->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_INPUT,
                             XCB_CLIP_ORDERING_UNSORTED, d->preview, 0, 0, 0, NULL);
    }
    if (!d->preview_mapped || !rect_equal(r, d->preview_rect)) {
        uint32_t g[] = {(uint32_t)r.x, (uint32_t)r.y, (uint32_t)r.w, (uint32_t)r.h,
                        XCB_STACK_MODE_ABOVE};
        xcb_configure_window(x->conn, d->preview,
                             XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y | XCB_CONFIG_WINDOW_WIDTH |
                                 XCB_CONFIG_WINDOW_HEIGHT | XCB_CONFIG_WINDOW_STACK_MODE,
                             g);
        int16_t t = PREVIEW_WIDTH;
        xcb_rectangle_t rs[4] = {
            {0, 0, (uint16_t)r.w, (uint16_t)t},
            {0, (int16_t)(r.h - t), (uint16_t)r.w, (uint16_t)t},
            {0, 0, (uint16_t)t, (uint16_t)r.h},
            {(int16_t)(r.w - t), 0, (uint16_t)t, (uint16_t)r.h},
        };
        xcb_shape_rectangles(x->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_BOUNDING,
                             XCB_CLIP_ORDERING_UNSORTED, d->preview, 0, 0, 4, rs);
        d->preview_rect = r;
    }
    if (!d->preview_mapped)
        xcb_map_window(x->conn, d->preview);
    d->preview_mapped = true;
}

static void update_preview(x11 *x)
{
    wm_rect z = mr_zone_rect(x->model, &x->drag.mr);
    show_preview(x, z);
}

static bool grab_pointer(x11 *x, xcb_cursor_t cursor, xcb_timestamp_t time)
{
    xcb_grab_pointer_reply_t *g = xcb_grab_pointer_reply(
        x->conn,
        xcb_grab_pointer(x->conn, 0, x->root,
                         XCB_EVENT_MASK_BUTTON_PRESS | XCB_EVENT_MASK_BUTTON_RELEASE |
                             XCB_EVENT_MASK_POINTER_MOTION,
                         XCB_GRAB_MODE_ASYNC, XCB_GRAB_MODE_ASYNC, XCB_NONE, cursor, time),
        NULL);
    bool ok = g && g->status == XCB_GRAB_STATUS_SUCCESS;
    free(g);
    return ok;
}

static bool grab_keyboard(x11 *x, xcb_timestamp_t time)
{
    xcb_grab_keyboard_reply_t *g = xcb_grab_keyboard_reply(
        x->conn,
        xcb_grab_keyboard(x->conn, 0, x->root, time, XCB_GRAB_MODE_ASYNC, XCB_GRAB_MODE_ASYNC),
        NULL);
    bool ok = g && g->status == XCB_GRAB_STATUS_SUCCESS;
    free(g);
    return ok;
}

bool moveresize_begin(x11 *x, wm_client *c, enum wm_mr_dir dir, int px, int py, uint8_t button,
                      xcb_timestamp_t time)
{
    xdrag *d = &x->drag;
    if (d->active || x->sw.active || !c)
        return false;
    if (!mr_begin(x->model, &d->mr, c, dir, px, py)) {
        log_debug("window 0x%x cannot be %s now", c->id, dir == WM_MR_MOVE ? "moved" : "resized");
        return false;
    }
    d->mr.snap = x->config ? x->config->snap_distance : 0;
    d->mr.edge_tile = dir == WM_MR_MOVE && (!x->config || x->config->edge_tiling);
    if (!grab_pointer(x, moveresize_cursor(x, dir == WM_MR_MOVE ? CURSOR_PARTS - 1 : (int)dir),
                      time)) {
        log_info("the pointer is grabbed by another program: cannot %s window 0x%x",
                 dir == WM_MR_MOVE ? "move" : "resize", c->id);
        return false;
    }
    /* The keyboard too, so that Escape cancels a drag; from a key the drag
     * cannot work without it. */
    bool kbd = grab_keyboard(x, time);
    if (!kbd && button == 0) {
        xcb_ungrab_pointer(x->conn, time);
        log_info("the keyboard is grabbed by another program: cannot move window 0x%x", c->id);
        return false;
    }
    d->active = true;
    d->keyboard = button == 0;
    d->button = button;
    if (d->keyboard) {
        /* The pointer goes where the virtual one starts, so that moving
         * the mouse carries on from there. */
        xcb_warp_pointer(x->conn, XCB_NONE, x->root, 0, 0, 0, 0, (int16_t)px, (int16_t)py);
        d->mr.moved = true; /* no drag threshold for the keyboard */
    }
    focus_activate(x->model, c);
    return true;
}

static int tab_index(const wm_client *t)
{
    guint at = 0;
    g_ptr_array_find(t->group->clients, t, &at);
    return (int)at;
}

/* Tabbing: the tab dragged leaves its group, where the group is, and is
 * the window the drag moves from now on. */
static void tab_out(x11 *x)
{
    xdrag *d = &x->drag;
    wm *m = x->model;
    wm_client *t = wm_find(m, d->tab);
    if (!t || !client_tabbed(t))
        return;
    int at = tab_index(t);
    wm_client *stay = t->group->clients->pdata[at == 0 ? 1 : 0]; /* names the group left */
    wm_rect where = t->floating;
    d->tab_from = stay->id;
    group_detach(m, t);
    t->floating = where;
    client_relayout(m, t);
    int snap = d->mr.snap;
    bool edge_tile = d->mr.edge_tile;
    int sx = d->mr.start_px, sy = d->mr.start_py;
    if (!mr_begin(m, &d->mr, t, WM_MR_MOVE, sx, sy)) {
        moveresize_end(x, true, x->last_time);
        return;
    }
    d->mr.snap = snap;
    d->mr.edge_tile = edge_tile;
    focus_activate(m, t);
}

/* A left-dragged tab with the pointer at (px, py): near its group's title
 * strip it takes the place of the tab under the pointer (true); further
 * off, it is torn off (false). */
static bool tab_slide(x11 *x, int px, int py)
{
    xdrag *d = &x->drag;
    wm *m = x->model;
    wm_client *t = wm_find(m, d->tab);
    if (!t || !client_tabbed(t))
        return false;
    const wm_client *shown = t->group->current;
    wm_rect f = client_frame_rect(m, shown);
    int top = client_extents(m, shown).top;
    if (px < f.x - TAB_TEAR_OFF || px >= f.x + f.w + TAB_TEAR_OFF || py < f.y - TAB_TEAR_OFF ||
        py >= f.y + top + TAB_TEAR_OFF)
        return false;
    int k = frame_tab_column(x, shown, px - f.x);
    if (k >= 0)
        group_move_tab(m, t, k - tab_index(t));
    d->mr.px = px;
    d->mr.py = py;
    return true;
}

/* The frame whose title strip is at (px, py), other than skip's, and the
 * place a tab dropped there goes to. */
static wm_client *tab_target(x11 *x, const wm_client *skip, int px, int py, int *index)
{
    wm *m = x->model;
    GPtrArray *order = g_ptr_array_new();
    stack_compute(m, order);
    wm_client *found = NULL;
    for (guint i = order->len; i-- > 0 && !found;) {
        wm_client *o = order->pdata[i];
        if (o == skip || client_hidden_tab(o) || !client_visible(m, o))
            continue;
        wm_rect f = client_frame_rect(m, o);
        if (px < f.x || py < f.y || px >= f.x + f.w || py >= f.y + f.h)
            continue;
        /* The topmost frame there: its title strip, or nothing. */
        if (py < f.y + client_extents(m, o).top)
            found = o;
        break;
    }
    g_ptr_array_free(order, TRUE);
    if (!found)
        return NULL;
    wm_rect f = client_frame_rect(m, found);
    bool before = false;
    int k = frame_tab_at(x, found, px - f.x, py - f.y, NULL, &before);
    *index = k < 0 ? (int)found->group->clients->len : before ? k : k + 1;
    return found;
}

/* The end of a tabbing drag: onto a title strip, the tab joins that
 * group there; anywhere else it stays a window of its own. Cancelled, it
 * goes back. Not moved, it was a click. */
static void tab_drop(x11 *x, bool cancel, bool moved)
{
    xdrag *d = &x->drag;
    wm *m = x->model;
    wm_client *t = wm_find(m, d->tab);
    wm_client *from = wm_find(m, d->tab_from);
    bool sliding = d->tab_sliding;
    d->tab = d->tab_from = 0;
    d->tab_sliding = false;
    if (!t || !moved)
        return;
    if (sliding) {
        /* It never left its strip: where it slid to, or back. */
        if (cancel && client_tabbed(t))
            group_move_tab(m, t, d->tab_from_index - tab_index(t));
        return;
    }
    if (cancel) {
        if (from && !group_attach(m, from, t, d->tab_from_index, true))
            log_debug("window 0x%x could not go back to its group", t->id);
        return;
    }
    if (d->mr.zone != WM_ZONE_NONE)
        return; /* tiled or maximized where it was dropped */
    int index = 0;
    wm_client *into = tab_target(x, t, d->mr.px, d->mr.py, &index);
    if (!into)
        return;
    const char *why = group_refusal(m, into, t);
    if (why) {
        log_info("window 0x%x not made a tab of 0x%x: %s", t->id, into->id, why);
        return;
    }
    group_attach(m, into, t, index, true);
    focus_activate(m, t);
}

void moveresize_motion(x11 *x, int px, int py, xcb_timestamp_t time)
{
    xdrag *d = &x->drag;
    if (!d->active)
        return;
    if (d->sync_wait) {
        /* The client has not drawn the last size yet. */
        d->sync_pending = true;
        d->sync_px = px;
        d->sync_py = py;
        return;
    }
    bool past = abs(px - d->mr.start_px) > WM_DRAG_THRESHOLD ||
                abs(py - d->mr.start_py) > WM_DRAG_THRESHOLD;
    if (d->tab_sliding) {
        if (!d->mr.moved && !past)
            return;
        d->mr.moved = true;
        if (tab_slide(x, px, py))
            return;
        d->tab_sliding = false;
        tab_out(x);
    } else if (d->tab && d->button == 2 && !d->mr.moved && !d->tab_from && past) {
        tab_out(x);
    }
    if (!d->active)
        return;
    mr_motion(x->model, &d->mr, px, py);
    update_preview(x);
}

void moveresize_release(x11 *x, uint8_t button, xcb_timestamp_t time)
{
    xdrag *d = &x->drag;
    /* A keyboard move ends on any click; a drag when its button is let go. */
    if (d->active && (d->keyboard || button == d->button))
        moveresize_end(x, false, time);
}

void moveresize_key(x11 *x, const xcb_key_press_event_t *ev)
{
    xdrag *d = &x->drag;
    if (!d->active)
        return;
    uint32_t sym = keys_keysym(x, ev->detail);
    int step = (ev->state & x->keys.ctrl) ? 1 : KEY_STEP;
    int dx = 0, dy = 0;
    switch (sym) {
    case XKB_KEY_Escape:
        moveresize_end(x, true, ev->time);
        return;
    case XKB_KEY_Return:
    case XKB_KEY_KP_Enter:
    case XKB_KEY_space:
        moveresize_end(x, false, ev->time);
        return;
    case XKB_KEY_Left:
    case XKB_KEY_KP_Left:
        dx = -step;
        break;
    case XKB_KEY_Right:
    case XKB_KEY_KP_Right:
        dx = step;
        break;
    case XKB_KEY_Up:
    case XKB_KEY_KP_Up:
        dy = -step;
        break;
    case XKB_KEY_Down:
    case XKB_KEY_KP_Down:
        dy = step;
        break;
    default:
        return;
    }
    int px = d->mr.px + dx, py = d->mr.py + dy;
    xcb_warp_pointer(x->conn, XCB_NONE, x->root, 0, 0, 0, 0, (int16_t)px, (int16_t)py);
    moveresize_motion(x, px, py, ev->time);
}

void moveresize_end(x11 *x, bool cancel, xcb_timestamp_t time)
{
    xdrag *d = &x->drag;
    if (!d->active)
        return;
    if (d->sync_pending && !cancel) {
        d->sync_pending = false;
        mr_motion(x->model, &d->mr, d->sync_px, d->sync_py);
    }
    sync_end_drag(x);
    d->active = false;
    /* The hidden tabs of a group resized get their size now. */
    wm_client *dragged = wm_find(x->model, d->mr.id);
    for (guint i = 0; dragged && d->mr.dir != WM_MR_MOVE && i < dragged->group->clients->len; i++)
        client_mark(dragged->group->clients->pdata[i], WM_DIRTY_GEOMETRY);
    bool tabbing = d->tab != 0, moved = d->mr.moved;
    if (cancel)
        mr_cancel(x->model, &d->mr);
    else if (!d->tab_sliding)
        mr_end(x->model, &d->mr);
    if (tabbing && !moved && !cancel && d->button == 2) {
        /* A middle click, not a drag: the window goes under the others. */
        wm_client *c = wm_find(x->model, d->mr.id);
        if (c)
            stack_lower(x->model, c);
    }
    if (tabbing)
        tab_drop(x, cancel, moved);
    xcb_ungrab_pointer(x->conn, time);
    xcb_ungrab_keyboard(x->conn, time);
    if (d->preview_mapped)
        xcb_unmap_window(x->conn, d->preview);
    d->preview_mapped = false;
}

void moveresize_forget(x11 *x, uint32_t id)
{
    /* A tab dragged out that goes away is not put back in its group. */
    if (x->drag.tab == id)
        x->drag.tab_from = 0;
    if (x->drag.active && x->drag.mr.id == id)
        moveresize_end(x, true, x->last_time);
}

bool moveresize_begin_tabbing(x11 *x, wm_client *c, wm_client *tab, int px, int py, uint8_t button,
                              xcb_timestamp_t time)
{
    if (!moveresize_begin(x, c, WM_MR_MOVE, px, py, button, time))
        return false;
    xdrag *d = &x->drag;
    d->tab = tab->id;
    d->tab_from = 0;
    d->tab_from_index = tab_index(tab);
    d->tab_sliding = button == 1 && client_tabbed(tab);
    if (button != 1)
        d->mr.edge_tile = false; /* a tab dropped at an edge is not tiled */
    return true;
}
