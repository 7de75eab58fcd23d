/*
 * Every atom purr uses, interned in one batch at start-up. ATOM_LIST is an
 * X-macro over the names: one list, no chance of the enum and the strings
 * drifting apart.
 */
#pragma once

#include <stdbool.h>
#include <xcb/xcb.h>

#define ATOM_LIST(X)                                                                               \
    X(UTF8_STRING)                                                                                 \
    X(COMPOUND_TEXT)                                                                               \
    X(MANAGER)                                                                                     \
    X(WM_S0)                                                                                       \
    X(WM_STATE)                                                                                    \
    X(WM_PROTOCOLS)                                                                                \
    X(WM_DELETE_WINDOW)                                                                            \
    X(WM_TAKE_FOCUS)                                                                               \
    X(WM_CHANGE_STATE)                                                                             \
    X(WM_CLIENT_MACHINE)                                                                           \
    X(_NET_SUPPORTED)                                                                              \
    X(_NET_SUPPORTING_WM_CHECK)                                                                    \
    X(_NET_WM_NAME)                                                                                \
    X(_NET_WM_VISIBLE_NAME)                                                                        \
    X(_NET_CLIENT_LIST)                                                                            \
    X(_NET_CLIENT_LIST_STACKING)                                                                   \
    X(_NET_ACTIVE_WINDOW)                                                                          \
    X(_NET_CLOSE_WINDOW)                                                                           \
    X(_NET_NUMBER_OF_DESKTOPS)                                                                     \
    X(_NET_CURRENT_DESKTOP)                                                                        \
    X(_NET_DESKTOP_NAMES)                                                                          \
    X(_NET_DESKTOP_GEOMETRY)                                                                       \
    X(_NET_DESKTOP_VIEWPORT)                                                                       \
    X(_NET_WORKAREA)                                                                               \
    X(_NET_WM_STRUT)                                                                               \
    X(_NET_WM_STRUT_PARTIAL)                                                                       \
    X(_NET_WM_FULLSCREEN_MONITORS)                                                                 \
    X(_NET_MOVERESIZE_WINDOW)                                                                      \
    X(_NET_WM_MOVERESIZE)                                                                          \
    X(_NET_WM_ICON)                                                                                \
    X(_MOTIF_WM_HINTS)                                                                             \
    X(_GTK_FRAME_EXTENTS)                                                                          \
    X(_NET_SHOWING_DESKTOP)                                                                        \
    X(_NET_WM_DESKTOP)                                                                             \
    X(_NET_FRAME_EXTENTS)                                                                          \
    X(_NET_REQUEST_FRAME_EXTENTS)                                                                  \
    X(_NET_RESTACK_WINDOW)                                                                         \
    X(_NET_WM_PID)                                                                                 \
    X(_NET_WM_PING)                                                                                \
    X(_NET_WM_USER_TIME)                                                                           \
    X(_NET_WM_USER_TIME_WINDOW)                                                                    \
    X(_NET_WM_ALLOWED_ACTIONS)                                                                     \
    X(_NET_WM_ACTION_CLOSE)                                                                        \
    X(_NET_WM_ACTION_CHANGE_DESKTOP)                                                               \
    X(_NET_WM_ACTION_ABOVE)                                                                        \
    X(_NET_WM_ACTION_BELOW)                                                                        \
    X(_NET_WM_ACTION_FULLSCREEN)                                                                   \
    X(_NET_WM_ACTION_MOVE)                                                                         \
    X(_NET_WM_ACTION_RESIZE)                                                                       \
    X(_NET_WM_ACTION_MINIMIZE)                                                                     \
    X(_NET_WM_ACTION_SHADE)                                                                        \
    X(_NET_WM_ACTION_STICK)                                                                        \
    X(_NET_WM_ACTION_MAXIMIZE_HORZ)                                                                \
    X(_NET_WM_ACTION_MAXIMIZE_VERT)                                                                \
    X(_NET_WM_STATE)                                                                               \
    X(_NET_WM_STATE_DEMANDS_ATTENTION)                                                             \
    X(_NET_WM_STATE_FOCUSED)                                                                       \
    X(_NET_WM_STATE_ABOVE)                                                                         \
    X(_NET_WM_STATE_BELOW)                                                                         \
    X(_NET_WM_STATE_HIDDEN)                                                                        \
    X(_NET_WM_STATE_FULLSCREEN)                                                                    \
    X(_NET_WM_STATE_SKIP_TASKBAR)                                                                  \
    X(_NET_WM_STATE_SKIP_PAGER)                                                                    \
    X(_NET_WM_STATE_MODAL)                                                                         \
    X(_NET_WM_STATE_STICKY)                                                                        \
    X(_NET_WM_STATE_MAXIMIZED_VERT)                                                                \
    X(_NET_WM_STATE_MAXIMIZED_HORZ)                                                                \
    X(_NET_WM_STATE_SHADED)                                                                        \
    X(_NET_WM_WINDOW_TYPE)                                                                         \
    X(_NET_WM_WINDOW_TYPE_DESKTOP)                                                                 \
    X(_NET_WM_WINDOW_TYPE_DOCK)                                                                    \
    X(_NET_WM_WINDOW_TYPE_TOOLBAR)                                                                 \
    X(_NET_WM_WINDOW_TYPE_MENU)                                                                    \
    X(_NET_WM_WINDOW_TYPE_UTILITY)                                                                 \
    X(_NET_WM_WINDOW_TYPE_SPLASH)                                                                  \
    X(_NET_WM_WINDOW_TYPE_DIALOG)                                                                  \
    X(_NET_WM_WINDOW_TYPE_NOTIFICATION)                                                            \
    X(_NET_WM_WINDOW_TYPE_NORMAL)                                                                  \
    X(_NET_WM_WINDOW_OPACITY)                                                                      \
    X(_NET_WM_BYPASS_COMPOSITOR)                                                                   \
    X(_XROOTPMAP_ID)                                                                               \
    X(_XSETROOT_ID)                                                                                \
    X(_NET_WM_SYNC_REQUEST)                                                                        \
    X(_NET_WM_SYNC_REQUEST_COUNTER)                                                                \
    X(WM_WINDOW_ROLE)                                                                              \
    X(_NET_WM_FRAME_DRAWN)                                                                         \
    X(_NET_WM_FRAME_TIMINGS)                                                                       \
    X(_PURR_SYNC)                                                                                  \
    X(_PURR_TAB_GROUP)

enum atom_id {
#define ATOM_ENUM(name) ATOM_##name,
    ATOM_LIST(ATOM_ENUM)
#undef ATOM_ENUM
        ATOM_COUNT
};

/* Interned values, indexed by enum atom_id; filled by atoms_intern(). */
extern xcb_atom_t atoms[ATOM_COUNT];
#define A(name) (atoms[ATOM_##name])

bool atoms_intern(xcb_connection_t *conn);
const char *atoms_name(enum atom_id id);
