/*
 * purr's configuration file (GKeyFile). A broken file never stops purr:
 * each problem is reported once with file and line, and the default (or
 * the last good value) stays.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define CONFIG_MAX_NAMES 36

typedef struct purr_config {
    char *path; /* the file read, or NULL when none was found */
    uint32_t workspaces;
    bool autofullscreen; /* [general] autofullscreen */
    char *workspace_names[CONFIG_MAX_NAMES];
} purr_config;

/* The file at path (NULL: $XDG_CONFIG_HOME/purr/purr.conf) over last (the
 * values in force, NULL at start-up: the defaults). */
void config_load(purr_config *cfg, const char *path, const purr_config *last);
void config_finish(purr_config *cfg);
