/* purr's plugin API: what purr offers a plugin, as one table of functions.
 *
 * The table is purr's; a plugin keeps the pointer init() is given. Before
 * calling a member added after ABI 1.0, check PURR_HAS(purr_host, host,
 * member). The functions are called on purr's main thread only, from a
 * hook, a listener or a menu item's callback. */
#ifndef PURR_HOST_H
#define PURR_HOST_H

#include <purr/listener.h>
#include <purr/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define PURR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PURR_PRINTF(f, a)
#endif

typedef void (*purr_menu_callback)(void *data, purr_window *window);

typedef struct purr_host {
    uint32_t struct_size;
    uint32_t abi_major, abi_minor; /* purr's, which may be newer than the plugin's */
    const char *version;           /* purr's release, "0.1.0" */

    /* One line on purr's log, prefixed with the plugin's id. */
    void (*log)(purr_plugin *self, purr_log_level level, const char *format, ...) PURR_PRINTF(3, 4);

    /* Options, as declared in the descriptor and checked by purr: the
     * value in purr.conf, else the declared default. Asking for a key the
     * plugin did not declare, or with the wrong type, logs and gives 0,
     * 0.0 or "". */
    int (*option_bool)(purr_plugin *self, const char *key);
    int64_t (*option_int)(purr_plugin *self, const char *key); /* INT, DURATION */
    double (*option_double)(purr_plugin *self, const char *key);
    const char *(*option_string)(purr_plugin *self, const char *key); /* STRING, ENUM */

    /* Listeners (listener.h). listen() twice with the same listener is
     * a no-op; unlisten() of one not added is too. */
    void (*listen)(purr_plugin *self, purr_listener *listener);
    void (*unlisten)(purr_plugin *self, purr_listener *listener);

    /* Windows. Strings are valid until the next main-loop iteration. */
    purr_window *(*window_first)(void);                     /* in managed order */
    purr_window *(*window_next)(const purr_window *window); /* NULL after the last */
    purr_window *(*window_focused)(void);                   /* NULL: none */
    purr_window *(*window_by_xid)(uint32_t xid);            /* NULL: not managed */
    uint32_t (*window_xid)(const purr_window *window);
    const char *(*window_title)(const purr_window *window);
    const char *(*window_class)(const purr_window *window); /* WM_CLASS class, or "" */
    const char *(*window_role)(const purr_window *window);  /* WM_WINDOW_ROLE, or "" */
    purr_window_type (*window_type)(const purr_window *window);
    uint32_t (*window_states)(const purr_window *window); /* purr_state bits */
    uint32_t (*window_workspace)(const purr_window *window);
    purr_window *(*window_transient_for)(const purr_window *window);
    /* The frame (or the window, when it has none) as shown. */
    void (*window_frame)(const purr_window *window, purr_rect *out);

    /* Actions on a window (NULL: the focused one). run_action() takes the
     * names purr.conf binds keys to ("close", "toggle-maximized", ...)
     * and returns 0, or -1 for a name purr does not know. */
    int (*run_action)(const char *action, purr_window *window);
    void (*window_activate)(purr_window *window);
    void (*window_close)(purr_window *window);
    void (*window_move_to_workspace)(purr_window *window, uint32_t workspace);

    /* Workspaces and monitors. */
    uint32_t (*workspace_count)(void);
    uint32_t (*workspace_current)(void);
    void (*workspace_switch)(uint32_t workspace);
    uint32_t (*monitor_count)(void);
    /* Monitor index's rectangle and its work area (less the docks'
     * struts); 0, or -1 when there is no such monitor. */
    int (*monitor_rects)(uint32_t index, purr_rect *rect, purr_rect *work);

    /* In the window_menu hook: add an item at the end of the menu; label
     * is copied, activate is called with data when the user picks it. */
    void (*menu_add)(purr_menu *menu, const char *label, purr_menu_callback activate, void *data);
} purr_host;

#ifdef __cplusplus
}
#endif

#endif
