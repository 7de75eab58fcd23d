/* purr's plugin API: the types every other header uses. */
#ifndef PURR_TYPES_H
#define PURR_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes. A plugin built against major M exports
 * purr_plugin_v<M>; the minor grows with every addition and never breaks
 * what an older minor had. */
#define PURR_PLUGIN_ABI_MAJOR 1
#define PURR_PLUGIN_ABI_MINOR 0

/* Does the struct at ptr (of type type, starting with uint32_t
 * struct_size) reach to the end of member? Use it before reading any
 * member added after the first version of a struct. */
#define PURR_HAS(type, ptr, member)                                                                \
    ((ptr) != NULL && (ptr)->struct_size >= offsetof(type, member) + sizeof(((type *)0)->member))

/* The struct that embeds member from a pointer to that member (listeners
 * are embedded in the plugin's own structs). */
#define PURR_CONTAINER_OF(ptr, type, member)                                                       \
    ((type *)(void *)((char *)(ptr)-offsetof(type, member)))

/* Opaque handles. A purr_window is valid from the window-added event (or
 * from when a hook or query hands it out) until the window-removed event
 * for it has returned; never keep one past that. */
typedef struct purr_window purr_window;
typedef struct purr_plugin purr_plugin; /* purr's record of one loaded plugin */
typedef struct purr_menu purr_menu;     /* a window menu being built */

/* A rectangle in root-window pixels. */
typedef struct purr_rect {
    int32_t x, y, width, height;
} purr_rect;

/* What a policy hook answers. The plugins are asked in the order
 * [plugins] enabled= gives; the first that does not PASS decides. */
typedef enum purr_answer {
    PURR_PASS = 0, /* no opinion: ask the next plugin, then purr's own rule */
    PURR_YES = 1,
    PURR_NO = 2,
} purr_answer;

/* Stacking layers, bottom to top. */
typedef enum purr_layer {
    PURR_LAYER_DESKTOP = 0,
    PURR_LAYER_BELOW = 1,
    PURR_LAYER_NORMAL = 2,
    PURR_LAYER_ABOVE = 3,
    PURR_LAYER_DOCK = 4,
    PURR_LAYER_FULLSCREEN = 5, /* a focused fullscreen window */
    PURR_LAYER_TOP = 6,        /* above everything, fullscreen windows too */
} purr_layer;

/* _NET_WM_WINDOW_TYPE, as purr reads it. */
typedef enum purr_window_type {
    PURR_TYPE_NORMAL = 0,
    PURR_TYPE_DESKTOP = 1,
    PURR_TYPE_DOCK = 2,
    PURR_TYPE_TOOLBAR = 3,
    PURR_TYPE_MENU = 4,
    PURR_TYPE_UTILITY = 5,
    PURR_TYPE_SPLASH = 6,
    PURR_TYPE_DIALOG = 7,
    PURR_TYPE_NOTIFICATION = 8,
} purr_window_type;

/* A window's states, as bits (purr_host.window_states). */
enum purr_state {
    PURR_STATE_MAXIMIZED_HORZ = 1u << 0,
    PURR_STATE_MAXIMIZED_VERT = 1u << 1,
    PURR_STATE_FULLSCREEN = 1u << 2,
    PURR_STATE_MINIMIZED = 1u << 3,
    PURR_STATE_SHADED = 1u << 4,
    PURR_STATE_ABOVE = 1u << 5,
    PURR_STATE_BELOW = 1u << 6,
    PURR_STATE_STICKY = 1u << 7, /* on all workspaces */
    PURR_STATE_FOCUSED = 1u << 8,
    PURR_STATE_DEMANDS_ATTENTION = 1u << 9,
    PURR_STATE_DECORATED = 1u << 10, /* purr draws a frame around it */
    PURR_STATE_TILED = 1u << 11,
    PURR_STATE_VISIBLE = 1u << 12, /* shown on the current workspace */
};

/* The workspace of a window on all of them. */
#define PURR_ALL_WORKSPACES 0xFFFFFFFFu

typedef enum purr_log_level {
    PURR_LOG_DEBUG = 0,
    PURR_LOG_INFO = 1,
    PURR_LOG_WARNING = 2,
} purr_log_level;

#ifdef __cplusplus
}
#endif

#endif
