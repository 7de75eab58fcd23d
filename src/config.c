/*
 * Reading purr.conf. GKeyFile parses; this file checks each group, key and
 * value against what purr knows and reports the line of anything it does
 * not. GKeyFile keeps no line numbers, so the text is scanned once more
 * (scan()) with GKeyFile's own line rules to find them.
 *
 * Every value has three sources, in this order: the file; the last good
 * value when the file's is wrong (the default at start-up); the default
 * when the file leaves the key out.
 */
#include "config.h"

#include <errno.h>
#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/log.h"

static const char *const general_keys[] = {
    "focus-mode",    "raise-on-click", "autofullscreen", "mouse-modifier", "edge-tiling",
    "snap-distance", "button-layout",  "compositor",     "theme",          "theme-css",
};
static const char *const workspaces_keys[] = {"count", "names"};
static const char *const tabs_keys[] = {"bar", "join-same", "join-focused"};
static const char *const plugins_keys[] = {"enabled"};
static const char *const tab_bars[] = {
    [TAB_BAR_AUTO] = "auto", [TAB_BAR_ALWAYS] = "always", [TAB_BAR_NEVER] = "never", NULL};

static const char *const focus_modes[] = {
    [FOCUS_CLICK] = "click", [FOCUS_SLOPPY] = "sloppy", [FOCUS_MOUSE] = "mouse", NULL};
static const char *const compositors[] = {"auto", "gl", "xrender", "none", NULL};
static const char *const layout_buttons[] = {"appmenu",  "menu",  "icon",   "minimize",
                                             "maximize", "close", "spacer", NULL};

enum { SNAP_MAX = 100 };

/* Where each key of the file is; see scan(). */
typedef struct entry {
    char *group, *key; /* key NULL: the group's header */
    int line;
} entry;

/* One load in progress. */
typedef struct reader {
    const char *file;
    GKeyFile *kf;
    GArray *entries;         /* entry, in file order */
    GHashTable *lines;       /* "group\nkey" and "group" -> line */
    const purr_config *good; /* last, or the defaults */
    const purr_config *defaults;
    bool reload;
    GArray *messages; /* message, told in line order at the end */
} reader;

typedef struct message {
    int line;
    char *text;
} message;

static void entry_clear(void *p)
{
    entry *e = p;
    g_free(e->group);
    g_free(e->key);
}

/* GKeyFile's line rules (leading blanks skipped, '#' comments, "[group]"
 * up to the last ']', "key = value" split at the first '='), kept only to
 * learn lines: the text has already parsed. A repeated key's line is the
 * last one, whose value GKeyFile keeps; a repeated group's is the first. */
static void scan(reader *r, const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    g_autofree char *group = NULL;
    for (int i = 0; lines[i]; i++) {
        char *l = g_strstrip(lines[i]);
        char *eq;
        entry e = {NULL, NULL, i + 1};
        if (l[0] == '[' && strrchr(l, ']')) {
            *strrchr(l, ']') = '\0';
            g_free(group);
            group = g_strdup(l + 1);
            if (g_hash_table_contains(r->lines, group))
                continue;
            e.group = g_strdup(group);
            g_hash_table_insert(r->lines, g_strdup(group), GINT_TO_POINTER(i + 1));
        } else if (group && l[0] != '#' && (eq = strchr(l, '='))) {
            *eq = '\0';
            e.group = g_strdup(group);
            e.key = g_strdup(g_strchomp(l));
            g_hash_table_insert(r->lines, g_strconcat(group, "\n", e.key, NULL),
                                GINT_TO_POINTER(i + 1));
        } else {
            continue;
        }
        g_array_append_val(r->entries, e);
    }
}

static int line_of(const reader *r, const char *group, const char *key)
{
    g_autofree char *k = key ? g_strconcat(group, "\n", key, NULL) : g_strdup(group);
    return GPOINTER_TO_INT(g_hash_table_lookup(r->lines, k));
}

/* The line a parse error is on: the shortest run of first lines GKeyFile
 * refuses. It stops at the first bad line, so a longer run fails too and
 * a binary search finds it. */
static int error_line(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    int lo = 1, hi = (int)g_strv_length(lines);
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        char *cut = lines[mid];
        lines[mid] = NULL;
        g_autofree char *head = g_strjoinv("\n", lines);
        lines[mid] = cut;
        g_autoptr(GKeyFile) kf = g_key_file_new();
        if (g_key_file_load_from_data(kf, head, (gsize)-1, G_KEY_FILE_NONE, NULL))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* "<file>:<line>: <problem>; <what purr does instead>", told in line
 * order once the whole file is read. */
G_GNUC_PRINTF(3, 4)
static void tell(const reader *r, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message m = {line, g_strdup_vprintf(fmt, ap)};
    va_end(ap);
    g_array_append_val(r->messages, m);
}

G_GNUC_PRINTF(5, 6)
static void report(const reader *r, int line, const char *group, const char *instead,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    tell(r, line, "[%s] %s; %s", group, what, instead);
}

static gint by_line(gconstpointer a, gconstpointer b)
{
    return ((const message *)a)->line - ((const message *)b)->line;
}

/* Sorting is stable: messages for one line keep their order. */
static void tell_all(const reader *r)
{
    g_array_sort(r->messages, by_line);
    for (guint i = 0; i < r->messages->len; i++) {
        message *m = &g_array_index(r->messages, message, i);
        log_warn("%s:%d: %s", r->file, m->line, m->text);
        g_free(m->text);
    }
}

/* GKeyFile's message without its closing full stop, which would come
 * before our ';'; free it. */
static char *gerror_text(const GError *err)
{
    char *text = g_strdup(err->message);
    size_t n = strlen(text);
    if (n && text[n - 1] == '.')
        text[n - 1] = '\0';
    return text;
}

/* "keeping X" on reload, "using the default, X" at start-up. */
static char *kept(const reader *r, const char *value)
{
    return r->reload ? g_strdup_printf("keeping %s", value)
                     : g_strdup_printf("using the default, %s", value);
}

/* The value of group/key as a string, or NULL when the file leaves it out
 * or GKeyFile cannot decode it (reported, with shown as what stays). */
static char *get_string(const reader *r, const char *group, const char *key, const char *shown)
{
    if (!g_key_file_has_key(r->kf, group, key, NULL))
        return NULL;
    g_autoptr(GError) err = NULL;
    char *v = g_key_file_get_string(r->kf, group, key, &err);
    if (!v) {
        g_autofree char *instead = kept(r, shown);
        g_autofree char *why = gerror_text(err);
        report(r, line_of(r, group, key), group, instead, "%s: %s", key, why);
    }
    return v;
}

static void read_bool(const reader *r, const char *key, bool *field, bool def)
{
    if (!g_key_file_has_key(r->kf, "general", key, NULL)) {
        *field = def;
        return;
    }
    g_autofree char *v = get_string(r, "general", key, *field ? "true" : "false");
    if (!v)
        return;
    g_strstrip(v);
    if (!g_ascii_strcasecmp(v, "true") || !strcmp(v, "1"))
        *field = true;
    else if (!g_ascii_strcasecmp(v, "false") || !strcmp(v, "0"))
        *field = false;
    else {
        g_autofree char *instead = kept(r, *field ? "true" : "false");
        report(r, line_of(r, "general", key), "general", instead,
               "%s must be true or false, not '%s'", key, v);
    }
}

static void read_int(const reader *r, const char *group, const char *key, int *field, int def,
                     int min, int max)
{
    if (!g_key_file_has_key(r->kf, group, key, NULL)) {
        *field = def;
        return;
    }
    g_autofree char *shown = g_strdup_printf("%d", *field);
    g_autofree char *v = get_string(r, group, key, shown);
    if (!v)
        return;
    g_strstrip(v);
    gint64 n;
    if (g_ascii_string_to_signed(v, 10, min, max, &n, NULL)) {
        *field = (int)n;
    } else {
        g_autofree char *instead = kept(r, shown);
        report(r, line_of(r, group, key), group, instead,
               "%s must be a number from %d to %d, not '%s'", key, min, max, v);
    }
}

static int choice_index(const char *const *choices, const char *v)
{
    for (int i = 0; v && choices[i]; i++)
        if (!strcmp(choices[i], v))
            return i;
    return -1;
}

/* "a, b or c" */
static char *choice_list(const char *const *choices)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; choices[i]; i++)
        g_string_append_printf(s, "%s%s", i == 0 ? "" : choices[i + 1] ? ", " : " or ", choices[i]);
    return g_string_free(s, FALSE);
}

static void read_choice(const reader *r, const char *group, const char *key,
                        const char *const *choices, int *field, int def)
{
    if (!g_key_file_has_key(r->kf, group, key, NULL)) {
        *field = def;
        return;
    }
    g_autofree char *v = get_string(r, group, key, choices[*field]);
    if (!v)
        return;
    g_strstrip(v);
    int i = choice_index(choices, v);
    if (i >= 0) {
        *field = i;
    } else {
        g_autofree char *all = choice_list(choices);
        g_autofree char *instead = kept(r, choices[*field]);
        report(r, line_of(r, group, key), group, instead, "%s must be %s, not '%s'", key, all, v);
    }
}

static char *mods_to_string(uint32_t mods)
{
    static const char *const names[] = {"Shift", "Ctrl", "Alt", "Super"};
    GString *s = g_string_new(NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(names); i++)
        if (mods & (1u << i))
            g_string_append_printf(s, "%s%s", s->len ? "+" : "", names[i]);
    return g_string_free(s, FALSE);
}

/* "Alt", or several joined by '+'. */
static bool parse_mods(const char *v, uint32_t *mods)
{
    g_auto(GStrv) parts = g_strsplit(v, "+", -1);
    uint32_t m = 0, one;
    for (int i = 0; parts[i]; i++) {
        g_strstrip(parts[i]);
        if (!modifier_by_name(parts[i], strlen(parts[i]), &one))
            return false;
        m |= one;
    }
    *mods = m;
    return m != 0;
}

static void read_mods(const reader *r, const char *key, uint32_t *field, uint32_t def)
{
    if (!g_key_file_has_key(r->kf, "general", key, NULL)) {
        *field = def;
        return;
    }
    g_autofree char *shown = mods_to_string(*field);
    g_autofree char *v = get_string(r, "general", key, shown);
    if (v && !parse_mods(v, field)) {
        g_autofree char *instead = kept(r, shown);
        report(r, line_of(r, "general", key), "general", instead,
               "%s must be a modifier (Alt, Super, Ctrl or Shift), not '%s'", key, v);
    }
}

/* GNOME's button layout: names from layout_buttons separated by ',', the
 * left side from the right by at most one ':'. NULL if it is one, else
 * the problem. */
static char *layout_problem(const char *v)
{
    if (strchr(v, ':') != strrchr(v, ':'))
        return g_strdup("has more than one ':'");
    g_auto(GStrv) sides = g_strsplit(v, ":", 2);
    for (int s = 0; sides[s]; s++) {
        if (!*g_strstrip(sides[s]))
            continue;
        g_auto(GStrv) names = g_strsplit(sides[s], ",", -1);
        for (int i = 0; names[i]; i++) {
            g_strstrip(names[i]);
            if (choice_index(layout_buttons, names[i]) < 0) {
                g_autofree char *all = choice_list(layout_buttons);
                return g_strdup_printf("has '%s' where a button name (%s) belongs", names[i], all);
            }
        }
    }
    return NULL;
}

enum text_kind {
    TEXT_NAME,   /* taken as it is */
    TEXT_LAYOUT, /* checked by layout_problem() */
    TEXT_PATH,   /* a leading ~/ is the home directory */
};

/* A string key; an empty value means the same as leaving it out. unset
 * says what NULL means, for messages. */
static void read_string(const reader *r, const char *key, enum text_kind kind, char **field,
                        const char *def, const char *unset)
{
    if (!g_key_file_has_key(r->kf, "general", key, NULL)) {
        g_free(*field);
        *field = g_strdup(def);
        return;
    }
    g_autofree char *shown = *field ? g_strdup_printf("'%s'", *field) : g_strdup(unset);
    g_autofree char *v = get_string(r, "general", key, shown);
    if (!v)
        return;
    g_strstrip(v);
    g_autofree char *problem = NULL;
    if (kind == TEXT_LAYOUT && (problem = layout_problem(v))) {
        g_autofree char *instead = kept(r, shown);
        report(r, line_of(r, "general", key), "general", instead, "%s '%s' %s", key, v, problem);
        return;
    }
    g_free(*field);
    if (!*v)
        *field = g_strdup(def);
    else if (kind == TEXT_PATH && g_str_has_prefix(v, "~/"))
        *field = g_build_filename(g_get_home_dir(), v + 2, NULL);
    else
        *field = g_steal_pointer(&v);
}

static void read_general(const reader *r, purr_config *cfg)
{
    const purr_config *d = r->defaults;
    int mode = (int)cfg->focus_mode;
    read_choice(r, "general", "focus-mode", focus_modes, &mode, (int)d->focus_mode);
    cfg->focus_mode = (enum purr_focus_mode)mode;
    read_bool(r, "raise-on-click", &cfg->raise_on_click, d->raise_on_click);
    read_bool(r, "autofullscreen", &cfg->autofullscreen, d->autofullscreen);
    read_mods(r, "mouse-modifier", &cfg->mouse_mods, d->mouse_mods);
    read_bool(r, "edge-tiling", &cfg->edge_tiling, d->edge_tiling);
    read_int(r, "general", "snap-distance", &cfg->snap_distance, d->snap_distance, 0, SNAP_MAX);
    read_string(r, "button-layout", TEXT_LAYOUT, &cfg->button_layout, d->button_layout,
                "the desktop's layout");
    int comp = MAX(choice_index(compositors, cfg->compositor), 0);
    read_choice(r, "general", "compositor", compositors, &comp,
                choice_index(compositors, d->compositor));
    g_free(cfg->compositor);
    cfg->compositor = g_strdup(compositors[comp]);
    read_string(r, "theme", TEXT_NAME, &cfg->theme, d->theme, "the desktop's theme");
    read_string(r, "theme-css", TEXT_PATH, &cfg->theme_css, d->theme_css,
                "~/.config/purr/theme.css");
}

static void read_workspaces(const reader *r, purr_config *cfg)
{
    int count = (int)cfg->workspaces;
    read_int(r, "workspaces", "count", &count, (int)r->defaults->workspaces, 1, CONFIG_MAX_NAMES);
    cfg->workspaces = (uint32_t)count;

    if (!g_key_file_has_key(r->kf, "workspaces", "names", NULL)) {
        for (int i = 0; i < CONFIG_MAX_NAMES; i++)
            g_clear_pointer(&cfg->workspace_names[i], g_free);
        return;
    }
    g_autoptr(GError) err = NULL;
    gsize n = 0;
    g_auto(GStrv) names = g_key_file_get_string_list(r->kf, "workspaces", "names", &n, &err);
    if (!names) {
        g_autofree char *why = gerror_text(err);
        report(r, line_of(r, "workspaces", "names"), "workspaces",
               r->reload ? "keeping the names it had" : "numbering the workspaces", "names: %s",
               why);
        return;
    }
    if (n > CONFIG_MAX_NAMES)
        report(r, line_of(r, "workspaces", "names"), "workspaces", "ignoring the rest",
               "names has %zu names, more than the %d workspaces purr can have", (size_t)n,
               CONFIG_MAX_NAMES);
    for (gsize i = 0; i < CONFIG_MAX_NAMES; i++) {
        g_free(cfg->workspace_names[i]);
        cfg->workspace_names[i] = i < n ? g_strdup(g_strstrip(names[i])) : NULL;
    }
}

static void free_rule(void *p)
{
    g_free(((purr_tab_rule *)p)->pattern);
}

static GArray *new_rules(void)
{
    GArray *a = g_array_new(FALSE, FALSE, sizeof(purr_tab_rule));
    g_array_set_clear_func(a, free_rule);
    return a;
}

static void copy_rules(GArray *to, const GArray *from)
{
    for (guint i = 0; from && i < from->len; i++) {
        purr_tab_rule r = g_array_index(from, purr_tab_rule, i);
        r.pattern = g_strdup(r.pattern);
        g_array_append_val(to, r);
    }
}

/* join-same or join-focused: "class:X;role:Y;title:Z;X". A wrong item is
 * reported and skipped; the key keeps its last good rules when it cannot
 * be read at all. */
static void read_rules(const reader *r, const char *key, bool focused, GArray *to)
{
    if (!g_key_file_has_key(r->kf, "tabs", key, NULL))
        return;
    g_autoptr(GError) err = NULL;
    gsize n = 0;
    g_auto(GStrv) items = g_key_file_get_string_list(r->kf, "tabs", key, &n, &err);
    int line = line_of(r, "tabs", key);
    if (!items) {
        g_autofree char *why = gerror_text(err);
        report(r, line, "tabs", r->reload ? "keeping its last rules" : "no such rules", "%s: %s",
               key, why);
        for (guint i = 0; r->good->tab_rules && i < r->good->tab_rules->len; i++) {
            purr_tab_rule t = g_array_index(r->good->tab_rules, purr_tab_rule, i);
            if (t.focused == focused) {
                t.pattern = g_strdup(t.pattern);
                g_array_append_val(to, t);
            }
        }
        return;
    }
    static const char *const kinds[] = {
        [MATCH_CLASS] = "class:", [MATCH_ROLE] = "role:", [MATCH_TITLE] = "title:"};
    for (gsize i = 0; i < n; i++) {
        char *item = g_strstrip(items[i]);
        if (!*item)
            continue;
        purr_tab_rule t = {MATCH_CLASS, NULL, focused};
        const char *pattern = item;
        for (int k = 0; k < (int)G_N_ELEMENTS(kinds); k++)
            if (g_str_has_prefix(item, kinds[k])) {
                t.what = (enum purr_match)k;
                pattern = item + strlen(kinds[k]);
            }
        if (!*pattern || !g_utf8_validate(pattern, -1, NULL)) {
            report(r, line, "tabs", "ignoring it", "%s: '%s' has no pattern", key, item);
            continue;
        }
        t.pattern = g_strdup(pattern);
        g_array_append_val(to, t);
    }
}

static void read_tabs(const reader *r, purr_config *cfg)
{
    int bar = (int)cfg->tab_bar;
    read_choice(r, "tabs", "bar", tab_bars, &bar, TAB_BAR_AUTO);
    cfg->tab_bar = (enum purr_tab_bar)bar;
    g_array_set_size(cfg->tab_rules, 0);
    read_rules(r, "join-same", false, cfg->tab_rules);
    read_rules(r, "join-focused", true, cfg->tab_rules);
}

/* The default bindings of every action, in action order. */
static GArray *default_bindings(void)
{
    GArray *out = g_array_new(FALSE, FALSE, sizeof(purr_binding));
    for (int a = 0; a < ACTION_COUNT; a++) {
        g_auto(GStrv) keys = g_strsplit(action_default_keys((enum purr_action)a), ";", -1);
        for (int i = 0; keys[i]; i++) {
            purr_binding b = {(enum purr_action)a, 0, 0, 0};
            char why[128];
            if (!*keys[i])
                continue;
            if (binding_parse(keys[i], &b.mods, &b.keysym, why, sizeof why))
                g_array_append_val(out, b);
            else
                log_warn("the default key of %s, %s: %s", action_name(b.action), keys[i], why);
        }
    }
    return out;
}

/* What from has for action a, each given line (they are the file's now). */
static void append_action(GArray *to, const GArray *from, enum purr_action a, int line)
{
    for (guint i = 0; from && i < from->len; i++) {
        purr_binding b = g_array_index(from, purr_binding, i);
        if (b.action == a) {
            b.line = line;
            g_array_append_val(to, b);
        }
    }
}

/* "Alt+Tab;Alt+F4", or "no binding". */
static char *bindings_to_string(const GArray *from, enum purr_action a)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; from && i < from->len; i++) {
        const purr_binding *b = &g_array_index(from, purr_binding, i);
        if (b->action != a)
            continue;
        g_autofree char *one = binding_to_string(b->mods, b->keysym);
        g_string_append_printf(s, "%s%s", s->len ? ";" : "", one);
    }
    if (!s->len)
        g_string_append(s, "no binding");
    return g_string_free(s, FALSE);
}

/* The bindings one [keybindings] line asks for, into to. A combination
 * that does not parse is dropped; if none does, the action keeps what it
 * had. */
static void read_action(const reader *r, const entry *e, enum purr_action a, GArray *to)
{
    g_autofree char *shown = bindings_to_string(r->good->bindings, a);
    g_autoptr(GError) err = NULL;
    gsize n = 0;
    g_auto(GStrv) combos = g_key_file_get_string_list(r->kf, "keybindings", e->key, &n, &err);
    if (!combos) {
        g_autofree char *instead = kept(r, shown);
        g_autofree char *why = gerror_text(err);
        report(r, e->line, "keybindings", instead, "%s: %s", e->key, why);
        append_action(to, r->good->bindings, a, e->line);
        return;
    }
    GPtrArray *bad = g_ptr_array_new_with_free_func(g_free);
    guint added = 0;
    for (gsize i = 0; i < n; i++) {
        purr_binding b = {a, 0, 0, e->line};
        char why[160];
        if (!*g_strstrip(combos[i]))
            continue;
        if (binding_parse(combos[i], &b.mods, &b.keysym, why, sizeof why)) {
            g_array_append_val(to, b);
            added++;
        } else {
            g_ptr_array_add(bad, g_strdup(why));
        }
    }
    g_autofree char *instead = added ? g_strdup("ignoring that combination") : kept(r, shown);
    for (guint i = 0; i < bad->len; i++)
        report(r, e->line, "keybindings", instead, "%s: %s", e->key, (char *)bad->pdata[i]);
    if (!added && bad->len)
        append_action(to, r->good->bindings, a, e->line);
    g_ptr_array_free(bad, TRUE);
}

static bool same_keys(const purr_binding *a, const purr_binding *b)
{
    return a->mods == b->mods && a->keysym == b->keysym;
}

/* cfg->bindings: the file's bindings for the actions it names, the
 * defaults for the others. A combination already taken is dropped: by a
 * file binding, reported (the first line wins); by a default, silently,
 * since the file's own word beats a default. */
static void read_keybindings(const reader *r, purr_config *cfg)
{
    g_autoptr(GArray) wanted = g_array_new(FALSE, FALSE, sizeof(purr_binding));
    bool named[ACTION_COUNT] = {false};
    for (guint i = 0; i < r->entries->len; i++) {
        const entry *e = &g_array_index(r->entries, entry, i);
        if (!e->key || strcmp(e->group, "keybindings") ||
            line_of(r, "keybindings", e->key) != e->line)
            continue; /* not a binding, or set again further down */
        int a = action_by_name(e->key);
        if (a < 0)
            continue; /* reported with the unknown keys */
        named[a] = true;
        read_action(r, e, (enum purr_action)a, wanted);
    }
    for (int a = 0; a < ACTION_COUNT; a++)
        if (!named[a])
            append_action(wanted, r->defaults->bindings, (enum purr_action)a, 0);

    /* wanted is in file order, then the defaults: the first holder of a
     * combination keeps it. */
    g_autofree bool *keep = g_new0(bool, wanted->len ? wanted->len : 1);
    for (guint i = 0; i < wanted->len; i++) {
        const purr_binding *b = &g_array_index(wanted, purr_binding, i);
        guint j = 0;
        while (j < i && !(keep[j] && same_keys(&g_array_index(wanted, purr_binding, j), b)))
            j++;
        keep[i] = j == i;
        const purr_binding *holder = &g_array_index(wanted, purr_binding, j);
        if (keep[i] || !b->line || holder->action == b->action)
            continue;
        /* A file binding comes before every default, so its holder is
         * from the file too. */
        g_autofree char *combo = binding_to_string(b->mods, b->keysym);
        g_autofree char *instead = g_strdup_printf("%s does not get it", action_name(b->action));
        report(r, b->line, "keybindings", instead, "%s is already bound to %s on line %d", combo,
               action_name(holder->action), holder->line);
    }
    g_array_set_size(cfg->bindings, 0);
    for (int a = 0; a < ACTION_COUNT; a++)
        for (guint i = 0; i < wanted->len; i++)
            if (keep[i] && g_array_index(wanted, purr_binding, i).action == (enum purr_action)a)
                g_array_append_val(cfg->bindings, g_array_index(wanted, purr_binding, i));
}

static bool in_list(const char *const *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i], name))
            return true;
    return false;
}

static void report_unknown(const reader *r)
{
    for (guint i = 0; i < r->entries->len; i++) {
        const entry *e = &g_array_index(r->entries, entry, i);
        bool general = !strcmp(e->group, "general"), workspaces = !strcmp(e->group, "workspaces");
        bool keybindings = !strcmp(e->group, "keybindings"), tabs = !strcmp(e->group, "tabs");
        bool plugins = !strcmp(e->group, "plugins");
        bool plugin = g_str_has_prefix(e->group, "plugin ");
        if (!e->key) {
            if (!general && !workspaces && !keybindings && !tabs && !plugins && !plugin)
                tell(r, e->line, "unknown group [%s]; ignoring it", e->group);
            else if (plugin && !config_plugin_id_valid(e->group + 7))
                tell(r, e->line, "[%s]: a plugin id is made of a-z, 0-9 and '-'; ignoring it",
                     e->group);
        } else if (plugins) {
            if (!in_list(plugins_keys, G_N_ELEMENTS(plugins_keys), e->key))
                report(r, e->line, "plugins", "ignoring it", "has no key '%s'", e->key);
        } else if (tabs) {
            if (!in_list(tabs_keys, G_N_ELEMENTS(tabs_keys), e->key))
                report(r, e->line, "tabs", "ignoring it", "has no key '%s'", e->key);
        } else if (general) {
            if (!in_list(general_keys, G_N_ELEMENTS(general_keys), e->key))
                report(r, e->line, "general", "ignoring it", "has no key '%s'", e->key);
        } else if (workspaces) {
            if (!in_list(workspaces_keys, G_N_ELEMENTS(workspaces_keys), e->key))
                report(r, e->line, "workspaces", "ignoring it", "has no key '%s'", e->key);
        } else if (keybindings && action_by_name(e->key) < 0) {
            report(r, e->line, "keybindings", "ignoring it", "no action is called '%s'", e->key);
        }
    }
}

bool config_plugin_id_valid(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > CONFIG_PLUGIN_ID_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!g_ascii_islower(id[i]) && !g_ascii_isdigit(id[i]) && id[i] != '-')
            return false;
    return true;
}

static void free_value(void *p)
{
    purr_plugin_value *v = p;
    g_free(v->plugin);
    g_free(v->key);
    g_free(v->value);
}

static GArray *new_values(void)
{
    GArray *a = g_array_new(FALSE, FALSE, sizeof(purr_plugin_value));
    g_array_set_clear_func(a, free_value);
    return a;
}

/* [plugins] enabled: ids, each once; a wrong one is reported and left
 * out. The [plugin ID] groups' keys are kept as text for src/plugin. */
static void read_plugins(const reader *r, purr_config *cfg)
{
    if (g_key_file_has_key(r->kf, "plugins", "enabled", NULL)) {
        int line = line_of(r, "plugins", "enabled");
        g_auto(GStrv) ids = g_key_file_get_string_list(r->kf, "plugins", "enabled", NULL, NULL);
        GPtrArray *keep = g_ptr_array_new();
        for (int i = 0; ids && ids[i]; i++) {
            char *id = g_strstrip(ids[i]);
            if (!*id)
                continue;
            if (!config_plugin_id_valid(id))
                report(r, line, "plugins", "leaving it out",
                       "enabled: '%s' is not a plugin id (a-z, 0-9 and '-')", id);
            else if (g_ptr_array_find_with_equal_func(keep, id, g_str_equal, NULL))
                report(r, line, "plugins", "loading it once", "enabled: '%s' is listed twice", id);
            else
                g_ptr_array_add(keep, g_strdup(id));
        }
        g_ptr_array_add(keep, NULL);
        g_strfreev(cfg->plugins);
        cfg->plugins = (char **)g_ptr_array_free(keep, FALSE);
    } else {
        g_strfreev(cfg->plugins);
        cfg->plugins = g_strdupv(r->defaults->plugins);
    }
    g_array_set_size(cfg->plugin_values, 0);
    for (guint i = 0; i < r->entries->len; i++) {
        const entry *e = &g_array_index(r->entries, entry, i);
        if (!e->key || !g_str_has_prefix(e->group, "plugin ") ||
            !config_plugin_id_valid(e->group + 7))
            continue;
        g_autofree char *raw = g_key_file_get_value(r->kf, e->group, e->key, NULL);
        if (!raw)
            continue;
        purr_plugin_value v = {g_strdup(e->group + 7), g_strdup(e->key), g_strdup(raw), e->line};
        g_array_append_val(cfg->plugin_values, v);
    }
}

static void set_defaults(purr_config *d)
{
    memset(d, 0, sizeof *d);
    d->focus_mode = FOCUS_CLICK;
    d->raise_on_click = true;
    d->autofullscreen = true;
    d->mouse_mods = PURR_MOD_ALT;
    d->edge_tiling = true;
    d->snap_distance = 10;
    d->compositor = g_strdup("auto");
    d->workspaces = 4;
    d->tab_rules = new_rules();
    d->bindings = default_bindings();
    d->plugins = g_new0(char *, 1);
    d->plugin_values = new_values();
}

/* A deep copy of from into to. */
static void copy(purr_config *to, const purr_config *from)
{
    *to = *from;
    to->path = g_strdup(from->path);
    to->text = g_strdup(from->text);
    to->button_layout = g_strdup(from->button_layout);
    to->compositor = g_strdup(from->compositor);
    to->theme = g_strdup(from->theme);
    to->theme_css = g_strdup(from->theme_css);
    for (int i = 0; i < CONFIG_MAX_NAMES; i++)
        to->workspace_names[i] = g_strdup(from->workspace_names[i]);
    to->tab_rules = new_rules();
    copy_rules(to->tab_rules, from->tab_rules);
    to->plugins = g_strdupv(from->plugins);
    to->plugin_values = new_values();
    for (guint i = 0; from->plugin_values && i < from->plugin_values->len; i++) {
        purr_plugin_value v = g_array_index(from->plugin_values, purr_plugin_value, i);
        v.plugin = g_strdup(v.plugin);
        v.key = g_strdup(v.key);
        v.value = g_strdup(v.value);
        g_array_append_val(to->plugin_values, v);
    }
    to->bindings = g_array_new(FALSE, FALSE, sizeof(purr_binding));
    if (from->bindings)
        g_array_append_vals(to->bindings, from->bindings->data, from->bindings->len);
}

/* The whole file, or NULL with the errno value in *error. */
static char *read_file(const char *file, int *error)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        *error = errno;
        return NULL;
    }
    GString *s = g_string_new(NULL);
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        g_string_append_len(s, buf, (gssize)got);
    int failed = ferror(f) ? errno : 0;
    fclose(f);
    if (failed) {
        *error = failed;
        g_string_free(s, TRUE);
        return NULL;
    }
    return g_string_free(s, FALSE);
}

char *config_file_path(const char *path)
{
    return path ? g_strdup(path)
                : g_build_filename(g_get_user_config_dir(), "purr", "purr.conf", NULL);
}

/* cfg from text, the file's contents, over r's good values. */
static void read_contents(purr_config *cfg, reader *r, const char *text, const char *whole)
{
    copy(cfg, r->good);
    g_free(cfg->path);
    cfg->path = g_strdup(r->file);
    g_free(cfg->text);
    cfg->text = g_strdup(text);

    /* A byte-order mark is not GKeyFile's business, but editors write it. */
    const char *body = g_str_has_prefix(text, "\xef\xbb\xbf") ? text + 3 : text;
    g_autoptr(GKeyFile) kf = g_key_file_new();
    g_autoptr(GError) err = NULL;
    if (!g_key_file_load_from_data(kf, body, (gsize)-1, G_KEY_FILE_NONE, &err)) {
        g_autofree char *why = gerror_text(err);
        log_warn("%s:%d: %s; %s", r->file, error_line(body), why, whole);
        return;
    }
    r->kf = kf;
    r->entries = g_array_new(FALSE, FALSE, sizeof(entry));
    g_array_set_clear_func(r->entries, entry_clear);
    r->messages = g_array_new(FALSE, FALSE, sizeof(message));
    r->lines = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    scan(r, body);
    report_unknown(r);
    read_general(r, cfg);
    read_workspaces(r, cfg);
    read_tabs(r, cfg);
    read_keybindings(r, cfg);
    read_plugins(r, cfg);
    tell_all(r);
    g_array_free(r->messages, TRUE);
    g_array_free(r->entries, TRUE);
    g_hash_table_destroy(r->lines);
}

void config_load(purr_config *cfg, const char *path, const purr_config *last)
{
    purr_config defaults;
    set_defaults(&defaults);
    g_autofree char *file = config_file_path(path);
    reader r = {.file = file,
                .good = last ? last : &defaults,
                .defaults = &defaults,
                .reload = last != NULL};
    const char *whole = last ? "keeping the last good configuration" : "using the defaults";
    int error = 0;
    g_autofree char *text = read_file(file, &error);

    if (!text) {
        /* path and text stay last's too, so the same text coming back
         * after the file was briefly away (saved by rename) says nothing. */
        if (path || error != ENOENT)
            log_warn("%s: %s; %s", file, g_strerror(error), whole);
        copy(cfg, r.good);
    } else if (last && last->path && last->text && !strcmp(last->path, file) &&
               !strcmp(last->text, text)) {
        copy(cfg, last); /* a file monitor firing again for one save */
    } else {
        read_contents(cfg, &r, text, whole);
    }
    config_finish(&defaults);
}

void config_finish(purr_config *cfg)
{
    g_free(cfg->path);
    g_free(cfg->text);
    g_free(cfg->button_layout);
    g_free(cfg->compositor);
    g_free(cfg->theme);
    g_free(cfg->theme_css);
    for (int i = 0; i < CONFIG_MAX_NAMES; i++)
        g_free(cfg->workspace_names[i]);
    if (cfg->bindings)
        g_array_free(cfg->bindings, TRUE);
    if (cfg->tab_rules)
        g_array_free(cfg->tab_rules, TRUE);
    g_strfreev(cfg->plugins);
    if (cfg->plugin_values)
        g_array_free(cfg->plugin_values, TRUE);
    memset(cfg, 0, sizeof *cfg);
}
