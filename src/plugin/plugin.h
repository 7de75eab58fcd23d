/*
 * Plugins as the rest of purr sees them: loading the ones purr.conf
 * enables, asking their hooks, telling their listeners. The API plugins
 * see is include/purr/; this header is purr's side of it.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

#include "config.h"

typedef struct x11 x11;
typedef struct wm_client wm_client;

/* Load [plugins] enabled= in its order, with their [plugin ID] options,
 * and install their policy in the model; none with safe_mode. Each that
 * cannot load says why in one line and is left out. */
void plugins_load(x11 *x, const purr_config *cfg, bool safe_mode);
/* After the windows already there are managed: the plugins' start hook. */
void plugins_start(void);
void plugins_unload(void);
/* purr.conf was read again: new option values (a changed list of plugins
 * takes effect when purr starts again). */
void plugins_config_changed(const purr_config *cfg);
/* --list-plugins: every plugin found on the search path, with its state
 * and options; the exit status. */
int plugins_list(const purr_config *cfg, FILE *out);

/* The push step, before X is told: window-changed, focus and workspace
 * events gathered since the last push go to the listeners. */
void plugins_flush(void);

/* A key bound to action was pressed: true when a plugin took it. */
bool plugins_keybinding(const char *action, wm_client *c);

/* The window menu of c opens: the plugins' items are in *labels (owned
 * here, valid until the next call). 0: purr's items, then theirs; 1:
 * only theirs; -1: no menu. */
int plugins_window_menu(wm_client *c, const char *const **labels, int *n);
/* The user picked item index of that menu for c. */
void plugins_menu_activate(wm_client *c, int index);
