/*
 * Every action purr can bind to a key or offer in a menu: one X-macro list
 * of (identifier, name in purr.conf, default keys). The configuration reads
 * bindings against it; src/x11/perform.c runs them. Names follow GNOME's
 * keybinding names where GNOME has one, so a GNOME user's words work.
 * Default keys are separated by ';' like a purr.conf list.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PURR_ACTIONS(X)                                                                            \
    X(SWITCH_WINDOWS, "switch-windows", "Alt+Tab")                                                 \
    X(SWITCH_WINDOWS_BACKWARD, "switch-windows-backward", "Alt+Shift+Tab")                         \
    X(SWITCH_GROUP, "switch-group", "Alt+grave")                                                   \
    X(SWITCH_GROUP_BACKWARD, "switch-group-backward", "Alt+Shift+grave")                           \
    X(CLOSE, "close", "Alt+F4")                                                                    \
    X(BEGIN_MOVE, "begin-move", "Alt+F7")                                                          \
    X(BEGIN_RESIZE, "begin-resize", "Alt+F8")                                                      \
    X(TOGGLE_MAXIMIZED, "toggle-maximized", "Alt+F10")                                             \
    X(MAXIMIZE, "maximize", "Super+Up")                                                            \
    X(UNMAXIMIZE, "unmaximize", "Super+Down")                                                      \
    X(TILE_LEFT, "toggle-tiled-left", "Super+Left")                                                \
    X(TILE_RIGHT, "toggle-tiled-right", "Super+Right")                                             \
    X(WINDOW_MENU, "activate-window-menu", "Alt+space")                                            \
    X(MINIMIZE, "minimize", "")                                                                    \
    X(TOGGLE_FULLSCREEN, "toggle-fullscreen", "")                                                  \
    X(TOGGLE_ABOVE, "toggle-above", "")                                                            \
    X(TOGGLE_STICKY, "toggle-on-all-workspaces", "")                                               \
    X(TOGGLE_SHADED, "toggle-shaded", "")                                                          \
    X(WORKSPACE_LEFT, "switch-to-workspace-left", "Ctrl+Alt+Left")                                 \
    X(WORKSPACE_RIGHT, "switch-to-workspace-right", "Ctrl+Alt+Right")                              \
    X(MOVE_TO_WORKSPACE_LEFT, "move-to-workspace-left", "Shift+Ctrl+Alt+Left")                     \
    X(MOVE_TO_WORKSPACE_RIGHT, "move-to-workspace-right", "Shift+Ctrl+Alt+Right")                  \
    X(WORKSPACE_1, "switch-to-workspace-1", "")                                                    \
    X(WORKSPACE_2, "switch-to-workspace-2", "")                                                    \
    X(WORKSPACE_3, "switch-to-workspace-3", "")                                                    \
    X(WORKSPACE_4, "switch-to-workspace-4", "")                                                    \
    X(MOVE_TO_WORKSPACE_1, "move-to-workspace-1", "")                                              \
    X(MOVE_TO_WORKSPACE_2, "move-to-workspace-2", "")                                              \
    X(MOVE_TO_WORKSPACE_3, "move-to-workspace-3", "")                                              \
    X(MOVE_TO_WORKSPACE_4, "move-to-workspace-4", "")                                              \
    X(SHOW_DESKTOP, "show-desktop", "Super+d")                                                     \
    X(NEXT_TAB, "next-tab", "Super+Page_Down")                                                     \
    X(PREVIOUS_TAB, "previous-tab", "Super+Page_Up")                                               \
    X(MOVE_TAB_LEFT, "move-tab-left", "Super+Shift+Page_Up")                                       \
    X(MOVE_TAB_RIGHT, "move-tab-right", "Super+Shift+Page_Down")                                   \
    X(DETACH_TAB, "detach-tab", "Super+Shift+t")                                                   \
    X(ATTACH_NEXT_FOCUSED, "attach-next-focused", "Super+t")                                       \
    X(TAB_1, "switch-to-tab-1", "Super+1")                                                         \
    X(TAB_2, "switch-to-tab-2", "Super+2")                                                         \
    X(TAB_3, "switch-to-tab-3", "Super+3")                                                         \
    X(TAB_4, "switch-to-tab-4", "Super+4")                                                         \
    X(TAB_5, "switch-to-tab-5", "Super+5")                                                         \
    X(TAB_6, "switch-to-tab-6", "Super+6")                                                         \
    X(TAB_7, "switch-to-tab-7", "Super+7")                                                         \
    X(TAB_8, "switch-to-tab-8", "Super+8")                                                         \
    X(TAB_9, "switch-to-tab-9", "Super+9")

enum purr_action {
#define PURR_ACTION_ENUM(id, name, keys) ACTION_##id,
    PURR_ACTIONS(PURR_ACTION_ENUM)
#undef PURR_ACTION_ENUM
        ACTION_COUNT
};

/* Modifiers as purr.conf names them; the X layer maps them to the real
 * modifier bits of the keyboard in use. */
enum purr_mod {
    PURR_MOD_SHIFT = 1 << 0,
    PURR_MOD_CTRL = 1 << 1,
    PURR_MOD_ALT = 1 << 2,
    PURR_MOD_SUPER = 1 << 3,
};

/* One key combination bound to an action. */
typedef struct purr_binding {
    enum purr_action action;
    uint32_t mods;   /* enum purr_mod */
    uint32_t keysym; /* xkbcommon keysym, lower case for letters */
    int line;        /* in purr.conf, 0 for a default */
} purr_binding;

/* The action called name, or -1. */
int action_by_name(const char *name);
const char *action_name(enum purr_action a);
const char *action_default_keys(enum purr_action a);
/* Parse "Alt+Shift+Tab" (GTK's "<Alt><Shift>Tab" too) into enum purr_mod
 * bits and a keysym (lower case for letters). Modifier names are matched
 * without case: Shift, Ctrl, Control, Ctl, Primary, Alt, Mod1, Super, Mod4,
 * Logo. False, with a one-line reason written into why (why_size bytes,
 * may be NULL), when it names no key, an unknown modifier or a modifier
 * key alone; mods and keysym are then untouched. */
bool binding_parse(const char *text, uint32_t *mods, uint32_t *keysym, char *why, size_t why_size);
/* The modifier whose name is the len bytes at name, case ignored, into
 * *mod; false if there is none. */
bool modifier_by_name(const char *name, size_t len, uint32_t *mod);
/* "Shift+Ctrl+Alt+Super+key" for a binding, modifiers in that order; the
 * caller frees it (g_free). */
char *binding_to_string(uint32_t mods, uint32_t keysym);
