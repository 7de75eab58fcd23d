/*
 * The root window's side of the EWMH: the supporting-WM check window, the
 * list of what purr supports, and the drawing resources frames share.
 */
#include "x11/x11.h"

#include <stdlib.h>
#include <string.h>
#include <xcb/xcb_cursor.h>

#include "util/log.h"

/* Exactly what works: a hint listed here is honoured. */
static const enum atom_id supported[] = {
    ATOM__NET_SUPPORTED,
    ATOM__NET_SUPPORTING_WM_CHECK,
    ATOM__NET_WM_NAME,
    ATOM__NET_WM_VISIBLE_NAME,
    ATOM__NET_CLIENT_LIST,
    ATOM__NET_CLIENT_LIST_STACKING,
    ATOM__NET_ACTIVE_WINDOW,
    ATOM__NET_CLOSE_WINDOW,
    ATOM__NET_NUMBER_OF_DESKTOPS,
    ATOM__NET_CURRENT_DESKTOP,
    ATOM__NET_DESKTOP_NAMES,
    ATOM__NET_DESKTOP_GEOMETRY,
    ATOM__NET_DESKTOP_VIEWPORT,
    ATOM__NET_SHOWING_DESKTOP,
    ATOM__NET_WM_DESKTOP,
    ATOM__NET_FRAME_EXTENTS,
    ATOM__NET_REQUEST_FRAME_EXTENTS,
    ATOM__NET_RESTACK_WINDOW,
    ATOM__NET_WM_PING,
    ATOM__NET_WM_SYNC_REQUEST,
    ATOM__NET_WM_SYNC_REQUEST_COUNTER,
    ATOM__NET_WM_WINDOW_OPACITY,
    ATOM__NET_WM_BYPASS_COMPOSITOR,
    ATOM__NET_WM_USER_TIME,
    ATOM__NET_WM_USER_TIME_WINDOW,
    ATOM__NET_WM_ALLOWED_ACTIONS,
    ATOM__NET_WM_ACTION_CLOSE,
    ATOM__NET_WM_ACTION_CHANGE_DESKTOP,
    ATOM__NET_WM_ACTION_ABOVE,
    ATOM__NET_WM_ACTION_BELOW,
    ATOM__NET_WM_ACTION_FULLSCREEN,
    ATOM__NET_WM_ACTION_MOVE,
    ATOM__NET_WM_ACTION_RESIZE,
    ATOM__NET_WM_ACTION_MINIMIZE,
    ATOM__NET_WM_ACTION_SHADE,
    ATOM__NET_WM_ACTION_STICK,
    ATOM__NET_WM_ACTION_MAXIMIZE_HORZ,
    ATOM__NET_WM_ACTION_MAXIMIZE_VERT,
    ATOM__NET_WM_STATE_MAXIMIZED_VERT,
    ATOM__NET_WM_STATE_MAXIMIZED_HORZ,
    ATOM__NET_WM_STATE_SHADED,
    ATOM__NET_WM_STATE_HIDDEN,
    ATOM__NET_WM_STATE_MODAL,
    ATOM__NET_WM_FULLSCREEN_MONITORS,
    ATOM__NET_WM_STRUT,
    ATOM__NET_WM_STRUT_PARTIAL,
    ATOM__NET_WORKAREA,
    ATOM__NET_MOVERESIZE_WINDOW,
    ATOM__NET_WM_MOVERESIZE,
    ATOM__NET_WM_STATE,
    ATOM__NET_WM_STATE_DEMANDS_ATTENTION,
    ATOM__NET_WM_STATE_FOCUSED,
    ATOM__NET_WM_STATE_ABOVE,
    ATOM__NET_WM_STATE_BELOW,
    ATOM__NET_WM_STATE_FULLSCREEN,
    ATOM__NET_WM_STATE_SKIP_TASKBAR,
    ATOM__NET_WM_STATE_SKIP_PAGER,
    ATOM__NET_WM_STATE_STICKY,
    ATOM__NET_WM_WINDOW_TYPE,
    ATOM__NET_WM_WINDOW_TYPE_DESKTOP,
    ATOM__NET_WM_WINDOW_TYPE_DOCK,
    ATOM__NET_WM_WINDOW_TYPE_TOOLBAR,
    ATOM__NET_WM_WINDOW_TYPE_MENU,
    ATOM__NET_WM_WINDOW_TYPE_UTILITY,
    ATOM__NET_WM_WINDOW_TYPE_SPLASH,
    ATOM__NET_WM_WINDOW_TYPE_DIALOG,
    ATOM__NET_WM_WINDOW_TYPE_NOTIFICATION,
    ATOM__NET_WM_WINDOW_TYPE_NORMAL,
    /* GTK 3 draws client-side shadows (and sets _GTK_FRAME_EXTENTS) only
     * when the manager lists this; without it, CSD windows are solid. */
    ATOM__GTK_FRAME_EXTENTS,
};

static void open_font(x11 *x)
{
    /* An ISO 10646 font draws any title in the Basic Multilingual Plane;
     * without one, titles are left out and the frame still works. */
    static const char *const names[] = {
        "-misc-fixed-medium-r-semicondensed--13-*-*-*-*-*-iso10646-1",
        "-misc-fixed-medium-r-normal--13-*-*-*-*-*-iso10646-1",
        "fixed",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        xcb_font_t f = xcb_generate_id(x->conn);
        xcb_generic_error_t *err = xcb_request_check(
            x->conn, xcb_open_font_checked(x->conn, f, (uint16_t)strlen(names[i]), names[i]));
        if (!err) {
            x->font = f;
            return;
        }
        free(err);
    }
    log_info("no core font found; frames will have no titles");
}

void root_write_supported(x11 *x)
{
    xcb_atom_t list[G_N_ELEMENTS(supported) + 2];
    size_t count = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(supported); i++)
        list[count++] = atoms[supported[i]];
    /* Applications pace their frames to a compositor that answers. */
    if (comp_active(x->comp)) {
        list[count++] = A(_NET_WM_FRAME_DRAWN);
        list[count++] = A(_NET_WM_FRAME_TIMINGS);
    }
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_SUPPORTED), XCB_ATOM_ATOM,
                        32, (uint32_t)count, list);
}

void root_setup(x11 *x)
{
    xcb_window_t check = x->check;
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->root, A(_NET_SUPPORTING_WM_CHECK),
                        XCB_ATOM_WINDOW, 32, 1, &check);
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, check, A(_NET_SUPPORTING_WM_CHECK),
                        XCB_ATOM_WINDOW, 32, 1, &check);
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, check, A(_NET_WM_NAME), A(UTF8_STRING), 8,
                        4, "purr");
    root_write_supported(x);

    xcb_cursor_context_t *cctx;
    if (xcb_cursor_context_new(x->conn, x->screen, &cctx) >= 0) {
        x->cursor = xcb_cursor_load_cursor(cctx, "left_ptr");
        xcb_change_window_attributes(x->conn, x->root, XCB_CW_CURSOR, &x->cursor);
        xcb_cursor_context_free(cctx);
    }
    open_font(x);
    /* Values go in the order of their mask bits: foreground, font,
     * graphics exposures. */
    x->gc = xcb_generate_id(x->conn);
    uint32_t gcv[3], n = 0;
    gcv[n++] = x->screen->black_pixel;
    if (x->font)
        gcv[n++] = x->font;
    gcv[n++] = 0;
    xcb_create_gc(x->conn, x->gc, x->root,
                  XCB_GC_FOREGROUND | (x->font ? XCB_GC_FONT : 0) | XCB_GC_GRAPHICS_EXPOSURES, gcv);
}

void root_teardown(x11 *x)
{
    static const enum atom_id gone[] = {
        ATOM__NET_SUPPORTING_WM_CHECK,  ATOM__NET_SUPPORTED,
        ATOM__NET_ACTIVE_WINDOW,        ATOM__NET_CLIENT_LIST,
        ATOM__NET_CLIENT_LIST_STACKING,
    };
    for (size_t i = 0; i < G_N_ELEMENTS(gone); i++)
        xcb_delete_property(x->conn, x->root, atoms[gone[i]]);
    /* Let go of SubstructureRedirect before the successor sees our
     * selection window go, so it can take it at once. */
    uint32_t none = 0;
    xcb_change_window_attributes(x->conn, x->root, XCB_CW_EVENT_MASK, &none);
    xcb_set_input_focus(x->conn, XCB_INPUT_FOCUS_POINTER_ROOT, XCB_INPUT_FOCUS_POINTER_ROOT,
                        XCB_CURRENT_TIME);
    if (x->font)
        xcb_close_font(x->conn, x->font);
    xcb_free_gc(x->conn, x->gc);
    if (x->gc32)
        xcb_free_gc(x->conn, x->gc32);
    if (x->cursor)
        xcb_free_cursor(x->conn, x->cursor);
    xcb_destroy_window(x->conn, x->check);
    xcb_flush(x->conn);
}

void root_read_desktop_names(x11 *x)
{
    /* A pager renamed the workspaces (EWMH lets it write the property):
     * the model takes the names, unless they are what purr wrote. */
    xcb_get_property_reply_t *r = xcb_get_property_reply(
        x->conn,
        xcb_get_property(x->conn, 0, x->root, A(_NET_DESKTOP_NAMES), A(UTF8_STRING), 0, 4096),
        NULL);
    if (!r)
        return;
    const char *data = xcb_get_property_value(r);
    int len = r->format == 8 ? xcb_get_property_value_length(r) : 0;
    if (x->pushed_names && (gsize)len == x->pushed_names->len &&
        memcmp(data, x->pushed_names->str, (size_t)len) == 0) {
        free(r);
        return;
    }
    char *names[WM_MAX_WORKSPACES] = {0};
    size_t n = 0;
    for (int i = 0; i < len && n < WM_MAX_WORKSPACES;) {
        const char *end = memchr(data + i, '\0', (size_t)(len - i));
        int l = end ? (int)(end - (data + i)) : len - i;
        names[n++] = g_utf8_make_valid(data + i, l);
        i += l + 1;
    }
    workspace_set_names(x->model, names, n);
    for (size_t i = 0; i < n; i++)
        g_free(names[i]);
    if (!x->pushed_names)
        x->pushed_names = g_string_new(NULL);
    g_string_overwrite_len(g_string_truncate(x->pushed_names, 0), 0, data, len);
    free(r);
}
