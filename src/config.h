/*
 * purr's configuration file (GKeyFile). A broken file never stops purr:
 * each problem is reported once with file and line, and the default (or
 * the last good value) stays.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "actions.h"

#define CONFIG_MAX_NAMES 36

enum purr_focus_mode {
    FOCUS_CLICK,  /* focus follows clicks */
    FOCUS_SLOPPY, /* focus follows the pointer into windows, stays on the desktop */
    FOCUS_MOUSE,  /* focus follows the pointer; the desktop takes it away */
};

/* [tabs] bar: when the title strip shows tabs. */
enum purr_tab_bar { TAB_BAR_AUTO, TAB_BAR_ALWAYS, TAB_BAR_NEVER };

/* What a tab rule matches a window by. */
enum purr_match { MATCH_CLASS, MATCH_ROLE, MATCH_TITLE };

/* One item of [tabs] join-same or join-focused. */
typedef struct purr_tab_rule {
    enum purr_match what;
    char *pattern; /* a GLib pattern: * and ? */
    bool focused;  /* join-focused: the focused window's group */
} purr_tab_rule;

/* One key of a [plugin ID] group, as written: the plugin declares what
 * its options are, so src/plugin checks the value when it loads it. */
typedef struct purr_plugin_value {
    char *plugin, *key, *value;
    int line;
} purr_plugin_value;

typedef struct purr_config {
    char *path; /* the file read, or NULL when none was found */
    char *text; /* its contents as last read, or NULL */

    /* [general] */
    enum purr_focus_mode focus_mode; /* focus-mode = click|sloppy|mouse */
    bool raise_on_click;             /* raise-on-click */
    bool autofullscreen;             /* autofullscreen */
    uint32_t mouse_mods;             /* mouse-modifier: held to drag windows anywhere */
    bool edge_tiling;                /* edge-tiling */
    int snap_distance;               /* snap-distance, pixels; 0 turns snapping off */
    char *button_layout;             /* button-layout, GNOME syntax; NULL: the desktop's */
    char *compositor;                /* compositor = auto|gl|xrender|none */
    char *theme;                     /* theme: a GTK theme name; NULL: the desktop's */
    char *theme_css;                 /* theme-css: a CSS file; NULL: ~/.config/purr/theme.css */

    /* [workspaces] */
    uint32_t workspaces;
    char *workspace_names[CONFIG_MAX_NAMES];

    /* [tabs] */
    enum purr_tab_bar tab_bar; /* bar = auto|always|never */
    GArray *tab_rules;         /* purr_tab_rule: join-same's, then join-focused's */

    /* [plugins] enabled = id;id;...: loaded in this order, which is the
     * order their hooks are asked in. NULL-terminated. */
    char **plugins;
    GArray *plugin_values; /* purr_plugin_value, in file order */

    /* [keybindings]: action = combination;combination;... */
    GArray *bindings; /* purr_binding */
} purr_config;

/* The file at path (NULL: $XDG_CONFIG_HOME/purr/purr.conf) over last (the
 * values in force, NULL at start-up: the defaults). */
void config_load(purr_config *cfg, const char *path, const purr_config *last);
void config_finish(purr_config *cfg);
#define CONFIG_PLUGIN_ID_MAX 64
/* [a-z0-9-]{1,64}: a plugin's id, its file's name and its group's. */
bool config_plugin_id_valid(const char *id);
/* The path config_load reads for path (NULL: the XDG default); free it. */
char *config_file_path(const char *path);
