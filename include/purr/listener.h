/* purr's plugin API: listeners, which hear what happened and cannot veto.
 *
 * A plugin embeds a purr_listener in its own struct, sets notify and the
 * signals it wants, and adds it with purr_host.listen; PURR_CONTAINER_OF
 * finds the struct again in notify. Every listener of a signal is called,
 * in no promised order. Window-added and window-removed come as they
 * happen (the window is still valid during window-removed); the others
 * are gathered and delivered once per main-loop iteration, just before
 * purr tells X what changed, so a burst of title changes is one event.
 * A listener may be removed at any time, during a notify too. */
#ifndef PURR_LISTENER_H
#define PURR_LISTENER_H

#include <purr/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum purr_signal {
    PURR_SIGNAL_WINDOW_ADDED = 0,   /* window: purr manages it now */
    PURR_SIGNAL_WINDOW_REMOVED = 1, /* window: purr lets it go after this call */
    PURR_SIGNAL_WINDOW_CHANGED = 2, /* window, changed: what changed */
    PURR_SIGNAL_FOCUS = 3,          /* window (or NULL: none), old_window */
    PURR_SIGNAL_WORKSPACE = 4,      /* workspace, old_workspace */
    PURR_SIGNAL_CONFIG_RELOADED = 5,
} purr_signal;

#define PURR_SIGNAL_BIT(s) (1u << (s))

/* What a window-changed event says changed, as bits. */
enum purr_change {
    PURR_CHANGE_GEOMETRY = 1u << 0,
    PURR_CHANGE_STATE = 1u << 1,
    PURR_CHANGE_WORKSPACE = 1u << 2,
    PURR_CHANGE_TITLE = 1u << 3,
    PURR_CHANGE_VISIBLE = 1u << 4,
};

typedef struct purr_event {
    uint32_t struct_size;
    purr_signal signal;
    purr_window *window;     /* WINDOW_*, FOCUS (NULL: nothing focused) */
    purr_window *old_window; /* FOCUS: the window that had it, or NULL */
    uint32_t changed;        /* WINDOW_CHANGED: purr_change bits */
    uint32_t workspace;      /* WORKSPACE: the current one now */
    uint32_t old_workspace;  /* WORKSPACE: the one before */
} purr_event;

typedef struct purr_listener purr_listener;
struct purr_listener {
    uint32_t struct_size; /* sizeof(purr_listener) */
    uint32_t signals;     /* PURR_SIGNAL_BIT()s it wants */
    void (*notify)(purr_listener *listener, const purr_event *event);
};

#ifdef __cplusplus
}
#endif

#endif
