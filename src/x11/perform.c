/*
 * What each action does. One function per action, found through a table
 * indexed by the action (src/actions.h names them); key bindings, the window
 * menu and buttons all come through perform(). Actions change the model and
 * let the push step tell X; only the interactive ones (switcher, move,
 * resize, menu) start something of their own.
 */
#include "x11/x11.h"

#include <stdlib.h>

#include "plugin/plugin.h"
#include "ui/ui.h"
#include "util/log.h"

/* At most this many groups in "Move to Group". */
enum { MENU_GROUPS_MAX = 32 };

typedef void (*action_fn)(x11 *x, wm_client *c, xcb_timestamp_t time);

static bool allowed(const wm_client *c, unsigned action)
{
    return c && (client_allowed_actions(c) & action) == action;
}

static void act_close(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    xclient *xc = c ? xclient_find(x, c->id) : NULL;
    if (xc && allowed(c, WM_ACTION_CLOSE))
        ping_close(x, xc, time);
}

static void begin_keyboard(x11 *x, wm_client *c, enum wm_mr_dir dir, xcb_timestamp_t time)
{
    if (!c)
        return;
    /* The virtual pointer starts at the frame's centre for a move and at
     * its bottom-right corner for a resize; the arrows move it. */
    wm_rect f = client_frame_rect(x->model, c);
    int px = dir == WM_MR_MOVE ? f.x + f.w / 2 : f.x + f.w - 1;
    int py = dir == WM_MR_MOVE ? f.y + f.h / 2 : f.y + f.h - 1;
    moveresize_begin(x, c, dir, px, py, 0, time);
}

static void act_begin_move(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    begin_keyboard(x, c, WM_MR_MOVE, time);
}

static void act_begin_resize(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    begin_keyboard(x, c, WM_MR_BOTTOMRIGHT, time);
}

static void act_toggle_maximized(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (!c)
        return;
    bool on = !(c->max_h && c->max_v) && c->tile == WM_TILE_NONE;
    if (on && !allowed(c, WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT))
        return;
    client_set_tile(x->model, c, WM_TILE_NONE);
    client_set_maximized(x->model, c, on, on);
}

static void act_maximize(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (allowed(c, WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT)) {
        client_set_tile(x->model, c, WM_TILE_NONE);
        client_set_maximized(x->model, c, true, true);
    }
}

static void act_unmaximize(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (!c)
        return;
    client_set_tile(x->model, c, WM_TILE_NONE);
    client_set_maximized(x->model, c, false, false);
}

static void tile(x11 *x, wm_client *c, enum wm_tile side)
{
    if (allowed(c, WM_ACTION_RESIZE | WM_ACTION_MOVE))
        client_set_tile(x->model, c, c->tile == side ? WM_TILE_NONE : side);
}

static void act_tile_left(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    tile(x, c, WM_TILE_LEFT);
}

static void act_tile_right(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    tile(x, c, WM_TILE_RIGHT);
}

static void act_window_menu(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (!c)
        return;
    /* From the keyboard: under the title strip's left end, like GNOME. */
    wm_rect f = client_frame_rect(x->model, c);
    wm_extents e = client_extents(x->model, c);
    perform_window_menu(x, c, f.x + e.left, f.y + e.top, true, time);
}

static void act_minimize(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (allowed(c, WM_ACTION_MINIMIZE))
        client_set_minimized(x->model, c, true);
}

static void act_toggle_fullscreen(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (c && (c->fullscreen || allowed(c, WM_ACTION_FULLSCREEN)))
        client_set_fullscreen(x->model, c, !c->fullscreen);
}

static void act_toggle_above(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (!c)
        return;
    client_set_above_below(x->model, c, !c->above, false);
}

static void act_toggle_sticky(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (!allowed(c, WM_ACTION_STICK))
        return;
    bool sticky = c->workspace == WM_ALL_WORKSPACES;
    workspace_move_client(x->model, c, sticky ? x->model->current_workspace : WM_ALL_WORKSPACES);
}

static void act_toggle_shaded(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (c && (c->shaded || allowed(c, WM_ACTION_SHADE)))
        client_set_shaded(x->model, c, !c->shaded);
}

/* The workspace delta steps away from the current one; no wrapping, as
 * in GNOME. -1 when there is none that way. */
static int64_t neighbour(const wm *m, int delta)
{
    int64_t ws = (int64_t)m->current_workspace + delta;
    return ws >= 0 && ws < (int64_t)m->n_workspaces ? ws : -1;
}

static void switch_to(x11 *x, int64_t ws)
{
    if (ws >= 0)
        workspace_switch(x->model, (uint32_t)ws);
}

/* Take c to workspace ws and follow it there. */
static void move_to(x11 *x, wm_client *c, int64_t ws)
{
    if (ws < 0 || !allowed(c, WM_ACTION_CHANGE_DESKTOP))
        return;
    if (c->workspace != WM_ALL_WORKSPACES)
        workspace_move_client(x->model, c, (uint32_t)ws);
    workspace_switch(x->model, (uint32_t)ws);
    focus_activate(x->model, c);
}

static void act_workspace_left(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    switch_to(x, neighbour(x->model, -1));
}

static void act_workspace_right(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    switch_to(x, neighbour(x->model, 1));
}

static void act_move_left(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    move_to(x, c, neighbour(x->model, -1));
}

static void act_move_right(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    move_to(x, c, neighbour(x->model, 1));
}

static int64_t nth(const wm *m, uint32_t n)
{
    return n < m->n_workspaces ? (int64_t)n : -1;
}

static void act_workspace_1(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    switch_to(x, nth(x->model, 0));
}
static void act_workspace_2(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    switch_to(x, nth(x->model, 1));
}
static void act_workspace_3(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    switch_to(x, nth(x->model, 2));
}
static void act_workspace_4(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    switch_to(x, nth(x->model, 3));
}
static void act_move_1(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    move_to(x, c, nth(x->model, 0));
}
static void act_move_2(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    move_to(x, c, nth(x->model, 1));
}
static void act_move_3(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    move_to(x, c, nth(x->model, 2));
}
static void act_move_4(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    move_to(x, c, nth(x->model, 3));
}

static void act_show_desktop(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    workspace_show_desktop(x->model, !x->model->showing_desktop);
}

/* ---- tabs ---- */

/* The tab a key acts on: the focused window's, or its dialog's. */
static wm_client *tab_of(wm_client *c)
{
    return c ? client_transient_root(c) : NULL;
}

static void show_tab(x11 *x, wm_client *t)
{
    if (t && t != t->group->current)
        focus_activate(x->model, t);
}

static void act_next_tab(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if ((c = tab_of(c)))
        show_tab(x, group_step(c, 1));
}

static void act_previous_tab(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if ((c = tab_of(c)))
        show_tab(x, group_step(c, -1));
}

static void tab_n(x11 *x, wm_client *c, guint n)
{
    if ((c = tab_of(c)) && n < c->group->clients->len)
        show_tab(x, c->group->clients->pdata[n]);
}

static void act_tab_1(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 0);
}
static void act_tab_2(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 1);
}
static void act_tab_3(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 2);
}
static void act_tab_4(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 3);
}
static void act_tab_5(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 4);
}
static void act_tab_6(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 5);
}
static void act_tab_7(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 6);
}
static void act_tab_8(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 7);
}
static void act_tab_9(x11 *x, wm_client *c, xcb_timestamp_t t)
{
    tab_n(x, c, 8);
}

static void act_move_tab_left(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if ((c = tab_of(c)))
        group_move_tab(x->model, c, -1);
}

static void act_move_tab_right(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if ((c = tab_of(c)))
        group_move_tab(x->model, c, 1);
}

static void act_detach_tab(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if ((c = tab_of(c)) && client_tabbed(c)) {
        group_detach(x->model, c);
        focus_activate(x->model, c);
    }
}

static void act_attach_next_focused(x11 *x, wm_client *c, xcb_timestamp_t time)
{
    if (!(c = tab_of(c)))
        return;
    const char *why = group_member_refusal(c);
    if (why) {
        log_info("window 0x%x cannot take tabs: %s", c->id, why);
        return;
    }
    x->attach_to = x->attach_to == c->id ? 0 : c->id;
    log_info(x->attach_to ? "the next window focused becomes a tab of 0x%x"
                          : "no longer adding a tab to 0x%x",
             c->id);
}

void perform_user_focused(x11 *x, wm_client *c)
{
    if (!x->attach_to || !c)
        return;
    wm_client *into = wm_find(x->model, x->attach_to);
    x->attach_to = 0;
    if (!into || into->group == c->group)
        return;
    const char *why = group_refusal(x->model, into, c);
    if (why) {
        log_info("window 0x%x not made a tab of 0x%x: %s", c->id, into->id, why);
        return;
    }
    group_attach(x->model, into, c, -1, true);
    focus_activate(x->model, c);
}

/* The switcher's actions start from the key press; see switch.c. */
static void act_none(x11 *x, wm_client *c, xcb_timestamp_t time)
{
}

static const action_fn actions[ACTION_COUNT] = {
    [ACTION_SWITCH_WINDOWS] = act_none,
    [ACTION_SWITCH_WINDOWS_BACKWARD] = act_none,
    [ACTION_SWITCH_GROUP] = act_none,
    [ACTION_SWITCH_GROUP_BACKWARD] = act_none,
    [ACTION_CLOSE] = act_close,
    [ACTION_BEGIN_MOVE] = act_begin_move,
    [ACTION_BEGIN_RESIZE] = act_begin_resize,
    [ACTION_TOGGLE_MAXIMIZED] = act_toggle_maximized,
    [ACTION_MAXIMIZE] = act_maximize,
    [ACTION_UNMAXIMIZE] = act_unmaximize,
    [ACTION_TILE_LEFT] = act_tile_left,
    [ACTION_TILE_RIGHT] = act_tile_right,
    [ACTION_WINDOW_MENU] = act_window_menu,
    [ACTION_MINIMIZE] = act_minimize,
    [ACTION_TOGGLE_FULLSCREEN] = act_toggle_fullscreen,
    [ACTION_TOGGLE_ABOVE] = act_toggle_above,
    [ACTION_TOGGLE_STICKY] = act_toggle_sticky,
    [ACTION_TOGGLE_SHADED] = act_toggle_shaded,
    [ACTION_WORKSPACE_LEFT] = act_workspace_left,
    [ACTION_WORKSPACE_RIGHT] = act_workspace_right,
    [ACTION_MOVE_TO_WORKSPACE_LEFT] = act_move_left,
    [ACTION_MOVE_TO_WORKSPACE_RIGHT] = act_move_right,
    [ACTION_WORKSPACE_1] = act_workspace_1,
    [ACTION_WORKSPACE_2] = act_workspace_2,
    [ACTION_WORKSPACE_3] = act_workspace_3,
    [ACTION_WORKSPACE_4] = act_workspace_4,
    [ACTION_MOVE_TO_WORKSPACE_1] = act_move_1,
    [ACTION_MOVE_TO_WORKSPACE_2] = act_move_2,
    [ACTION_MOVE_TO_WORKSPACE_3] = act_move_3,
    [ACTION_MOVE_TO_WORKSPACE_4] = act_move_4,
    [ACTION_SHOW_DESKTOP] = act_show_desktop,
    [ACTION_NEXT_TAB] = act_next_tab,
    [ACTION_PREVIOUS_TAB] = act_previous_tab,
    [ACTION_MOVE_TAB_LEFT] = act_move_tab_left,
    [ACTION_MOVE_TAB_RIGHT] = act_move_tab_right,
    [ACTION_DETACH_TAB] = act_detach_tab,
    [ACTION_ATTACH_NEXT_FOCUSED] = act_attach_next_focused,
    [ACTION_TAB_1] = act_tab_1,
    [ACTION_TAB_2] = act_tab_2,
    [ACTION_TAB_3] = act_tab_3,
    [ACTION_TAB_4] = act_tab_4,
    [ACTION_TAB_5] = act_tab_5,
    [ACTION_TAB_6] = act_tab_6,
    [ACTION_TAB_7] = act_tab_7,
    [ACTION_TAB_8] = act_tab_8,
    [ACTION_TAB_9] = act_tab_9,
};

void perform(x11 *x, enum purr_action a, wm_client *c, xcb_timestamp_t time)
{
    if ((unsigned)a >= ACTION_COUNT || !actions[a])
        return;
    if (!c)
        c = x->model->focused;
    log_debug("action %s on 0x%x", action_name(a), c ? c->id : 0);
    actions[a](x, c, time);
}

void x11_ungrab_all(x11 *x, xcb_timestamp_t time)
{
    xcb_ungrab_pointer(x->conn, time);
    xcb_ungrab_keyboard(x->conn, time);
    /* GTK grabs on its own connection: ours must be gone at the server
     * before its request arrives. */
    free(xcb_get_input_focus_reply(x->conn, xcb_get_input_focus(x->conn), NULL));
}

static void on_menu_item(uint32_t id, enum ui_menu_item item, uint32_t arg, void *data)
{
    x11 *x = data;
    wm_client *c = wm_find(x->model, id);
    if (!c)
        return; /* it closed while the menu was open */
    xcb_timestamp_t t = x->last_time;
    /* The menu's grab, on GTK's connection, must be gone before purr grabs
     * for a move or resize. */
    ui_sync();
    switch (item) {
    case UI_MENU_MINIMIZE:
        perform(x, ACTION_MINIMIZE, c, t);
        break;
    case UI_MENU_MAXIMIZE:
        perform(x, ACTION_TOGGLE_MAXIMIZED, c, t);
        break;
    /* GTK's grab for the menu is newer than any time purr has seen, and a
     * grab older than the last one fails: these grab at CurrentTime. */
    case UI_MENU_MOVE:
        perform(x, ACTION_BEGIN_MOVE, c, XCB_CURRENT_TIME);
        break;
    case UI_MENU_RESIZE:
        perform(x, ACTION_BEGIN_RESIZE, c, XCB_CURRENT_TIME);
        break;
    case UI_MENU_ABOVE:
        if (c->above != (arg != 0))
            perform(x, ACTION_TOGGLE_ABOVE, c, t);
        break;
    case UI_MENU_STICKY:
        if ((c->workspace == WM_ALL_WORKSPACES) != (arg != 0))
            perform(x, ACTION_TOGGLE_STICKY, c, t);
        break;
    case UI_MENU_WORKSPACE:
        if (arg < x->model->n_workspaces && allowed(c, WM_ACTION_CHANGE_DESKTOP))
            workspace_move_client(x->model, c, arg);
        break;
    case UI_MENU_GROUP: {
        wm_client *into = wm_find(x->model, arg);
        const char *why = into ? group_refusal(x->model, into, c) : "that window is gone";
        if (why)
            log_info("window 0x%x not made a tab of 0x%x: %s", c->id, arg, why);
        else if (group_attach(x->model, into, c, -1, true))
            focus_activate(x->model, c);
        break;
    }
    case UI_MENU_DETACH:
        perform(x, ACTION_DETACH_TAB, c, t);
        break;
    case UI_MENU_CLOSE:
        perform(x, ACTION_CLOSE, c, t);
        break;
    case UI_MENU_PLUGIN:
        plugins_menu_activate(c, (int)arg);
        break;
    }
    /* The next main-loop iteration pushes the change (conn.c's prepare). */
}

void perform_window_menu(x11 *x, wm_client *c, int px, int py, bool from_keyboard,
                         xcb_timestamp_t time)
{
    const char *const *extra;
    int n_extra;
    int plugins = c ? plugins_window_menu(c, &extra, &n_extra) : -1;
    if (plugins < 0 || (plugins == 1 && n_extra == 0) || !ui_init(x->display_name))
        return;
    x11_ungrab_all(x, time);
    const wm *m = x->model;
    unsigned a = client_allowed_actions(c);
    /* The groups on this workspace it could join, by their shown tab. */
    GArray *groups = g_array_new(FALSE, FALSE, sizeof(ui_menu_group));
    for (guint i = 0; i < m->mru->len && groups->len < MENU_GROUPS_MAX; i++) {
        const wm_client *o = m->mru->pdata[i];
        if (!client_hidden_tab(o) && client_visible(m, o) && !group_refusal(m, o, c)) {
            ui_menu_group g = {o->id, o->title};
            g_array_append_val(groups, g);
        }
    }
    ui_menu_request req = {
        .id = c->id,
        .can_minimize = a & WM_ACTION_MINIMIZE,
        .can_maximize = (a & WM_ACTION_MAXIMIZE_HORZ) || (c->max_h && c->max_v),
        .can_move = a & WM_ACTION_MOVE,
        .can_resize = a & WM_ACTION_RESIZE,
        .can_above = a & WM_ACTION_ABOVE,
        .can_stick = a & WM_ACTION_STICK,
        .can_change_desktop = a & WM_ACTION_CHANGE_DESKTOP,
        .can_close = a & WM_ACTION_CLOSE,
        .maximized = (c->max_h && c->max_v) || c->tile != WM_TILE_NONE,
        .above = c->above,
        .sticky = c->workspace == WM_ALL_WORKSPACES,
        .workspace = c->workspace,
        .n_workspaces = m->n_workspaces,
        .workspace_names = (const char *const *)m->workspace_names,
        .x = px,
        .y = py,
        .from_keyboard = from_keyboard,
        .groups = (const ui_menu_group *)groups->data,
        .n_groups = (int)groups->len,
        .tabbed = client_tabbed(c),
        .plugin_items = extra,
        .n_plugin_items = n_extra,
        .only_plugin_items = plugins == 1,
    };
    ui_window_menu(&req, on_menu_item, x);
    g_array_free(groups, TRUE);
}
