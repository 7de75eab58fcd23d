/* purr's plugin API: the descriptor a plugin exports and its hooks.
 *
 * A plugin defines its descriptor with PURR_PLUGIN_DEFINE; that is the
 * only symbol it needs to export. purr checks the descriptor (major,
 * minor, size, id) before calling anything in the plugin; a plugin of
 * another major is refused with one log line.
 *
 * Hooks are decisions: each may be NULL; the plugins are asked in the
 * order of [plugins] enabled=, and the first answer other than PURR_PASS
 * wins (purr's own rule decides when all pass). A hook must return fast:
 * one that takes over 100 ms is logged, and one that has not returned
 * after 5 s stops purr, which leaves that plugin out when it starts
 * again. */
#ifndef PURR_PLUGIN_H
#define PURR_PLUGIN_H

#include <purr/host.h>
#include <purr/options.h>
#include <purr/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define PURR_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define PURR_PLUGIN_EXPORT
#endif

#define PURR_PLUGIN_CONCAT_(a, b) a##b
#define PURR_PLUGIN_CONCAT(a, b)  PURR_PLUGIN_CONCAT_(a, b)
/* purr_plugin_v1: the major is in the name, so a purr of another major
 * finds nothing it could misread. */
#define PURR_PLUGIN_SYMBOL      PURR_PLUGIN_CONCAT(purr_plugin_v, PURR_PLUGIN_ABI_MAJOR)
#define PURR_PLUGIN_SYMBOL_NAME "purr_plugin_v1"

typedef struct purr_plugin_hooks {
    uint32_t struct_size; /* sizeof(purr_plugin_hooks) */

    /* After every plugin's init and the windows already there are
     * managed. */
    void (*start)(void *data);
    /* purr.conf changed one of the plugin's options. */
    void (*option_changed)(void *data, const char *key);

    /* Should a window asking for request (a monitor's exact size, while
     * undecorated: Metacity's rule for legacy applications) be made
     * fullscreen? purr's own answer is [general] autofullscreen. */
    purr_answer (*autofullscreen)(void *data, purr_window *window, const purr_rect *request);
    /* Does purr draw a frame around a new window? purr's own rule is the
     * window's _MOTIF_WM_HINTS; NO leaves every window without one, YES
     * frames one that asked for none (never one that draws its own). */
    purr_answer (*decorate)(void *data, purr_window *window);
    /* Where a new window goes: *frame comes in as purr's choice; YES
     * moves the frame to *frame's x and y (its size stays; the title
     * strip is kept reachable), NO keeps purr's. */
    purr_answer (*place)(void *data, purr_window *window, purr_rect *frame);
    /* Does a new window take the focus? purr's own rule is focus-stealing
     * prevention. */
    purr_answer (*focus_on_map)(void *data, purr_window *window);
    /* The layer a window stacks in: *layer comes in as purr's choice; YES
     * takes *layer, NO keeps purr's. Asked whenever purr restacks, so it
     * must not change its mind without cause. */
    purr_answer (*layer)(void *data, purr_window *window, purr_layer *layer);
    /* A key bound to action (its purr.conf name) was pressed, for window
     * (the focused one, or NULL). YES: the plugin did it; NO: nothing is
     * done. Either way purr does not run the action. */
    purr_answer (*keybinding)(void *data, const char *action, purr_window *window);
    /* The window menu of window is about to open: add items with
     * purr_host.menu_add. PASS: purr's items follow; YES: only the items
     * the plugins added show; NO: no menu opens. */
    purr_answer (*window_menu)(void *data, purr_window *window, purr_menu *menu);
} purr_plugin_hooks;

typedef struct purr_plugin_desc {
    uint32_t struct_size; /* sizeof(purr_plugin_desc) */
    uint32_t abi_major;   /* PURR_PLUGIN_ABI_MAJOR */
    uint32_t abi_minor;   /* PURR_PLUGIN_ABI_MINOR: purr refuses a newer one */
    /* [a-z0-9-]+, at most 64 bytes: the name in [plugins] enabled= and in
     * the [plugin ID] group of its options. */
    const char *id;
    const char *name;        /* for people */
    const char *description; /* one line */
    const char *version;
    uint32_t flags; /* none yet: 0 */
    /* The options it reads, NULL-terminated (or NULL). */
    const purr_option_desc *const *options;
    /* Called once; store host and self. *data is handed to every hook.
     * Nonzero: the plugin does not start (and is unloaded). */
    int (*init)(purr_plugin *self, const purr_host *host, void **data);
    void (*fini)(void *data);
    const purr_plugin_hooks *hooks; /* may be NULL */
} purr_plugin_desc;

/* Defines the exported descriptor; give the members after struct_size
 * and the ABI version as designated initializers:
 *     PURR_PLUGIN_DEFINE(.id = "tiny", .name = "Tiny", .init = tiny_init);
 */
#define PURR_PLUGIN_DEFINE(...)                                                                    \
    PURR_PLUGIN_EXPORT extern const purr_plugin_desc PURR_PLUGIN_SYMBOL;                           \
    const purr_plugin_desc PURR_PLUGIN_SYMBOL = {.struct_size = sizeof(purr_plugin_desc),          \
                                                 .abi_major = PURR_PLUGIN_ABI_MAJOR,               \
                                                 .abi_minor = PURR_PLUGIN_ABI_MINOR,               \
                                                 __VA_ARGS__}

#ifdef __cplusplus
}
#endif

#endif
