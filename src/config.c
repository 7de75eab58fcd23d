/*
 * Reading purr.conf. GKeyFile parses; this file checks each group and key
 * against what purr knows and reports the line of anything it does not.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "util/log.h"

static const char *const known[][2] = {
    {"general", "autofullscreen"},
    {"workspaces", "count"},
    {"workspaces", "names"},
};

/* The line of "key" in [group], for messages; 0 if not found. */
static int line_of(const char *text, const char *group, const char *key)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    bool in_group = false;
    for (int i = 0; lines[i]; i++) {
        g_strstrip(lines[i]);
        if (lines[i][0] == '[') {
            in_group = g_str_has_prefix(lines[i] + 1, group) && lines[i][1 + strlen(group)] == ']';
            if (!key && in_group)
                return i + 1;
        } else if (key && in_group && g_str_has_prefix(lines[i], key)) {
            const char *rest = lines[i] + strlen(key);
            while (*rest == ' ')
                rest++;
            if (*rest == '=')
                return i + 1;
        }
    }
    return 0;
}

static bool is_known(const char *group, const char *key)
{
    for (size_t i = 0; i < G_N_ELEMENTS(known); i++)
        if (!strcmp(known[i][0], group) && (!key || !strcmp(known[i][1], key)))
            return true;
    return false;
}

void config_load(purr_config *cfg, const char *path, const purr_config *last)
{
    /* Defaults for what the file leaves out; the last good values (the
     * defaults at start-up) for what it gets wrong, or for all of it when
     * it cannot be read or parsed. */
    purr_config defaults = {.workspaces = 4, .autofullscreen = true};
    const purr_config *good = last ? last : &defaults;
    memset(cfg, 0, sizeof *cfg);
    cfg->workspaces = good->workspaces;
    cfg->autofullscreen = good->autofullscreen;
    for (int i = 0; i < CONFIG_MAX_NAMES; i++)
        cfg->workspace_names[i] = g_strdup(good->workspace_names[i]);
    const char *keeping = last ? "keeping the last good values" : "using defaults";

    g_autofree char *def = g_build_filename(g_get_user_config_dir(), "purr", "purr.conf", NULL);
    const char *file = path ? path : def;
    g_autofree char *text = NULL;
    g_autoptr(GError) err = NULL;
    if (!g_file_get_contents(file, &text, NULL, &err)) {
        if (path)
            log_warn("%s: %s; %s", file, err->message, keeping);
        return;
    }
    g_autoptr(GKeyFile) kf = g_key_file_new();
    if (!g_key_file_load_from_data(kf, text, (gsize)-1, G_KEY_FILE_NONE, &err)) {
        log_warn("%s: %s; %s", file, err->message, keeping);
        return;
    }
    cfg->path = g_strdup(file);
    /* The file is read: what it leaves out takes the default. */
    if (!g_key_file_has_key(kf, "workspaces", "count", NULL))
        cfg->workspaces = defaults.workspaces;
    if (!g_key_file_has_key(kf, "general", "autofullscreen", NULL))
        cfg->autofullscreen = defaults.autofullscreen;
    if (!g_key_file_has_key(kf, "workspaces", "names", NULL))
        for (int i = 0; i < CONFIG_MAX_NAMES; i++)
            g_clear_pointer(&cfg->workspace_names[i], g_free);

    g_auto(GStrv) groups = g_key_file_get_groups(kf, NULL);
    for (int g = 0; groups[g]; g++) {
        if (!is_known(groups[g], NULL)) {
            log_warn("%s:%d: unknown group [%s]", file, line_of(text, groups[g], NULL), groups[g]);
            continue;
        }
        g_auto(GStrv) keys = g_key_file_get_keys(kf, groups[g], NULL, NULL);
        for (int k = 0; keys && keys[k]; k++)
            if (!is_known(groups[g], keys[k]))
                log_warn("%s:%d: unknown key '%s' in [%s]", file, line_of(text, groups[g], keys[k]),
                         keys[k], groups[g]);
    }

    if (g_key_file_has_key(kf, "workspaces", "count", NULL)) {
        g_clear_error(&err);
        gint n = g_key_file_get_integer(kf, "workspaces", "count", &err);
        if (err || n < 1 || n > CONFIG_MAX_NAMES)
            log_warn("%s:%d: [workspaces] count must be a number from 1 to %d", file,
                     line_of(text, "workspaces", "count"), CONFIG_MAX_NAMES);
        else
            cfg->workspaces = (uint32_t)n;
    }
    if (g_key_file_has_key(kf, "general", "autofullscreen", NULL)) {
        g_clear_error(&err);
        gboolean on = g_key_file_get_boolean(kf, "general", "autofullscreen", &err);
        if (err)
            log_warn("%s:%d: [general] autofullscreen must be true or false", file,
                     line_of(text, "general", "autofullscreen"));
        else
            cfg->autofullscreen = on;
    }
    gsize n = 0;
    g_auto(GStrv) names = g_key_file_get_string_list(kf, "workspaces", "names", &n, NULL);
    for (gsize i = 0; names && i < CONFIG_MAX_NAMES; i++) {
        g_free(cfg->workspace_names[i]);
        cfg->workspace_names[i] = i < n ? g_strdup(names[i]) : NULL;
    }
}

void config_finish(purr_config *cfg)
{
    g_free(cfg->path);
    for (int i = 0; i < CONFIG_MAX_NAMES; i++)
        g_free(cfg->workspace_names[i]);
    memset(cfg, 0, sizeof *cfg);
}
