/*
 * Alt+Tab. The key press that starts it (a passive grab from keys.c) turns
 * into an active keyboard grab held until the modifiers are let go; while
 * it lasts, Tab and Shift+Tab move the selection, Escape cancels, and the
 * release of the last held modifier activates the selected window. The
 * popup (src/ui) shows only after a short delay, so a quick Alt+Tab
 * switches to the previous window without anything flashing on screen.
 * The popup never grabs or takes focus: every key comes here.
 */
#include "x11/x11.h"

#include <stdlib.h>
#include <xkbcommon/xkbcommon.h>

#include "ui/ui.h"
#include "util/log.h"
#include "x11/prop.h"

#define SHOW_DELAY_MS 150
#define ICON_SIZE     64

/* Who the switcher lists: what a taskbar would show on this workspace. */
static bool listed(const wm *m, const wm_client *c, const char *app)
{
    if (!client_on_workspace(c, m->current_workspace) || c->skip_taskbar)
        return false;
    if (c->type == WM_TYPE_DOCK || c->type == WM_TYPE_DESKTOP || c->type == WM_TYPE_SPLASH ||
        c->type == WM_TYPE_MENU || c->type == WM_TYPE_NOTIFICATION || c->type == WM_TYPE_TOOLBAR)
        return false;
    if (!focus_can_take(c))
        return false;
    return !app || g_strcmp0(c->wm_class, app) == 0;
}

static void collect(x11 *x, bool same_app)
{
    const wm *m = x->model;
    const char *app = same_app && m->focused ? m->focused->wm_class : NULL;
    if (same_app && !app)
        app = ""; /* the focused window has no class: match none */
    g_array_set_size(x->sw.ids, 0);
    g_array_set_size(x->sw.depths, 0);
    /* Most recently used first; windows never focused follow, newest
     * first. A group is listed where its shown tab is, its other tabs
     * under it in tab order, so a tab can be chosen straight away. */
    for (guint i = 0; i < m->mru->len; i++) {
        const wm_client *c = m->mru->pdata[i];
        if (client_behind_tab(c) || !listed(m, c, app))
            continue;
        uint8_t depth = 0;
        g_array_append_val(x->sw.ids, c->id);
        g_array_append_val(x->sw.depths, depth);
        depth = 1;
        for (guint k = 0; client_tabbed(c) && k < c->group->clients->len; k++) {
            const wm_client *t = c->group->clients->pdata[k];
            if (t != c && listed(m, t, app)) {
                g_array_append_val(x->sw.ids, t->id);
                g_array_append_val(x->sw.depths, depth);
            }
        }
    }
}

static void show_popup(x11 *x)
{
    xswitch *sw = &x->sw;
    if (!ui_init(x->display_name))
        return;
    const wm *m = x->model;
    guint n = sw->ids->len;
    ui_switcher_entry *entries = g_new0(ui_switcher_entry, n);
    xcb_get_property_cookie_t *ck = g_new(xcb_get_property_cookie_t, n);
    for (guint i = 0; i < n; i++) {
        xcb_window_t w = g_array_index(sw->ids, uint32_t, i);
        ck[i] = xcb_get_property(x->conn, 0, w, A(_NET_WM_ICON), XCB_ATOM_CARDINAL, 0, 1 << 18);
        x11_expect(x, ck[i].sequence);
    }
    xcb_get_property_reply_t **replies = g_new0(xcb_get_property_reply_t *, n);
    for (guint i = 0; i < n; i++) {
        uint32_t id = g_array_index(sw->ids, uint32_t, i);
        const wm_client *c = wm_find(m, id);
        replies[i] = xcb_get_property_reply(x->conn, ck[i], NULL);
        entries[i].id = id;
        entries[i].title = c ? c->title : "";
        entries[i].wm_class = c ? c->wm_class : NULL;
        entries[i].minimized = c && c->minimized;
        entries[i].depth = g_array_index(sw->depths, uint8_t, i);
        if (replies[i]) {
            prop_value v = prop_from_bytes(replies[i]->type, replies[i]->format,
                                           (size_t)xcb_get_property_value_length(replies[i]),
                                           xcb_get_property_value(replies[i]));
            prop_pick_icon(&v, ICON_SIZE, &entries[i].icon, &entries[i].icon_w, &entries[i].icon_h);
        }
    }
    xcb_query_pointer_reply_t *p =
        xcb_query_pointer_reply(x->conn, xcb_query_pointer(x->conn, x->root), NULL);
    int mon = p ? monitor_at_point(m, p->root_x, p->root_y) : 0;
    free(p);
    wm_rect r = monitor_get(m, mon)->rect;
    ui_switcher_show(entries, (int)n, sw->selected, r.x, r.y, r.w, r.h);
    sw->shown = true;
    for (guint i = 0; i < n; i++)
        free(replies[i]);
    g_free(replies);
    g_free(ck);
    g_free(entries);
}

static gboolean on_show_timer(gpointer data)
{
    x11 *x = data;
    x->sw.show_timer = 0;
    if (x->sw.active)
        show_popup(x);
    return G_SOURCE_REMOVE;
}

static void step(x11 *x, int delta)
{
    xswitch *sw = &x->sw;
    int n = (int)sw->ids->len;
    if (n == 0)
        return;
    sw->selected = ((sw->selected + delta) % n + n) % n;
    if (sw->shown)
        ui_switcher_select(sw->selected);
}

void switch_begin(x11 *x, enum purr_action a, const xcb_key_press_event_t *ev)
{
    xswitch *sw = &x->sw;
    if (x->drag.active)
        return;
    if (!sw->ids)
        sw->ids = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    if (!sw->depths)
        sw->depths = g_array_new(FALSE, FALSE, sizeof(uint8_t));
    bool backward = a == ACTION_SWITCH_WINDOWS_BACKWARD || a == ACTION_SWITCH_GROUP_BACKWARD;
    sw->same_app = a == ACTION_SWITCH_GROUP || a == ACTION_SWITCH_GROUP_BACKWARD;
    collect(x, sw->same_app);
    if (sw->ids->len == 0)
        return;
    const wm_client *f = x->model->focused;
    bool first_focused = f && g_array_index(sw->ids, uint32_t, 0) == f->id;
    /* Forward from the focused window: the next window, past the other
     * tabs of the focused one's group (they are there to be chosen). */
    int n = (int)sw->ids->len, next = 1;
    while (next < n && g_array_index(sw->depths, uint8_t, next) > 0)
        next++;
    if (next >= n)
        next = n > 1 ? 1 : 0;
    sw->selected = backward ? n - 1 : (first_focused ? next : 0);

    /* The modifiers held with the key keep the switcher open; Shift only
     * picks the direction. */
    sw->hold = keys_clean(x, ev->state) & (uint16_t)~x->keys.shift;
    xcb_grab_keyboard_reply_t *g = xcb_grab_keyboard_reply(
        x->conn,
        xcb_grab_keyboard(x->conn, 0, x->root, ev->time, XCB_GRAB_MODE_ASYNC, XCB_GRAB_MODE_ASYNC),
        NULL);
    bool grabbed = g && g->status == XCB_GRAB_STATUS_SUCCESS;
    free(g);
    if (!grabbed) {
        log_info("another program holds the keyboard: the window switcher did not start");
        return;
    }
    sw->active = true;
    sw->shown = false;
    /* The keys may have been let go before the grab took hold (a quick
     * Alt+Tab): then switch at once. */
    xcb_query_pointer_reply_t *p =
        xcb_query_pointer_reply(x->conn, xcb_query_pointer(x->conn, x->root), NULL);
    bool held = p && (keys_clean(x, p->mask) & sw->hold);
    free(p);
    if (!sw->hold || !held) {
        switch_end(x, true, ev->time);
        return;
    }
    sw->show_timer = g_timeout_add(SHOW_DELAY_MS, on_show_timer, x);
}

bool switch_key(x11 *x, const xcb_key_press_event_t *ev, bool press)
{
    xswitch *sw = &x->sw;
    if (!sw->active)
        return false;
    x11_note_time(x, ev->time);
    if (!press) {
        uint16_t released = x->keys.keycode_mods[ev->detail];
        if ((released & sw->hold) && !(keys_clean(x, ev->state) & sw->hold & (uint16_t)~released))
            switch_end(x, true, ev->time);
        return true;
    }
    int a = keys_lookup(x, ev->detail, ev->state);
    bool shift = ev->state & x->keys.shift;
    uint32_t sym = keys_keysym(x, ev->detail);
    if (a == ACTION_SWITCH_WINDOWS || a == ACTION_SWITCH_GROUP)
        step(x, shift ? -1 : 1);
    else if (a == ACTION_SWITCH_WINDOWS_BACKWARD || a == ACTION_SWITCH_GROUP_BACKWARD)
        step(x, -1);
    else if (sym == XKB_KEY_Tab || sym == XKB_KEY_grave)
        step(x, shift ? -1 : 1);
    else if (sym == XKB_KEY_ISO_Left_Tab || sym == XKB_KEY_Left || sym == XKB_KEY_Up)
        step(x, -1);
    else if (sym == XKB_KEY_Right || sym == XKB_KEY_Down)
        step(x, 1);
    else if (sym == XKB_KEY_Escape)
        switch_end(x, false, ev->time);
    else if (sym == XKB_KEY_Return || sym == XKB_KEY_KP_Enter || sym == XKB_KEY_space)
        switch_end(x, true, ev->time);
    return true;
}

void switch_end(x11 *x, bool commit, xcb_timestamp_t time)
{
    xswitch *sw = &x->sw;
    if (!sw->active)
        return;
    sw->active = false;
    xcb_ungrab_keyboard(x->conn, time);
    if (sw->show_timer)
        g_source_remove(sw->show_timer);
    sw->show_timer = 0;
    if (sw->shown)
        ui_switcher_hide();
    sw->shown = false;
    if (!commit || sw->selected < 0 || (guint)sw->selected >= sw->ids->len)
        return;
    wm_client *c = wm_find(x->model, g_array_index(sw->ids, uint32_t, sw->selected));
    if (!c)
        return;
    /* The user chose it: that beats any focus-stealing rule. */
    focus_activate(x->model, c);
    focus_note_user_time(x->model, c, time);
    perform_user_focused(x, c);
    x->pushed_focus = XCB_WINDOW_NONE;
    wm_mark(x->model, WM_DIRTY_FOCUS);
}

void switch_forget(x11 *x, uint32_t id)
{
    xswitch *sw = &x->sw;
    if (!sw->active)
        return;
    for (guint i = 0; i < sw->ids->len; i++) {
        if (g_array_index(sw->ids, uint32_t, i) != id)
            continue;
        g_array_remove_index(sw->ids, i);
        g_array_remove_index(sw->depths, i);
        if ((int)i < sw->selected || sw->selected >= (int)sw->ids->len)
            sw->selected = MAX(sw->selected - 1, 0);
        break;
    }
    if (sw->ids->len == 0) {
        switch_end(x, false, x->last_time);
        return;
    }
    if (sw->shown)
        show_popup(x);
}
