/*
 * purr.conf: defaults, every key, every kind of error with its line and
 * the value that stays, key bindings, reloads, and the example file and
 * man page shipped in doc/. Warnings go to stderr (util/log.c), so each
 * load here captures stderr and compares it whole.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xkbcommon/xkbcommon.h>

#include "actions.h"
#include "config.h"

static char *tmp_dir;

/* A file named name in the test's directory holding text; free the path. */
static char *write_conf(const char *name, const char *text)
{
    char *path = g_build_filename(tmp_dir, name, NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    return path;
}

/* config_load, returning what it wrote on stderr. */
static char *load(purr_config *cfg, const char *path, const purr_config *last)
{
    fflush(stderr);
    int saved = dup(2);
    FILE *out = tmpfile();
    g_assert_nonnull(out);
    dup2(fileno(out), 2);
    config_load(cfg, path, last);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    GString *s = g_string_new(NULL);
    char buf[512];
    size_t n;
    rewind(out);
    while ((n = fread(buf, 1, sizeof buf, out)) > 0)
        g_string_append_len(s, buf, (gssize)n);
    fclose(out);
    return g_string_free(s, FALSE);
}

/* got must be expected with each "{}" replaced by path. */
static void assert_log(const char *got, const char *expected, const char *path)
{
    GString *want = g_string_new(expected);
    g_string_replace(want, "{}", path, 0);
    g_assert_cmpstr(got, ==, want->str);
    g_string_free(want, TRUE);
}

static guint count_bindings(const purr_config *cfg, enum purr_action a)
{
    guint n = 0;
    for (guint i = 0; i < cfg->bindings->len; i++)
        n += g_array_index(cfg->bindings, purr_binding, i).action == a;
    return n;
}

/* The index-th binding of a, or NULL. */
static const purr_binding *binding_of(const purr_config *cfg, enum purr_action a, guint index)
{
    for (guint i = 0; i < cfg->bindings->len; i++) {
        const purr_binding *b = &g_array_index(cfg->bindings, purr_binding, i);
        if (b->action == a && index-- == 0)
            return b;
    }
    return NULL;
}

static void assert_binding(const purr_config *cfg, enum purr_action a, guint index, uint32_t mods,
                           uint32_t keysym, int line)
{
    const purr_binding *b = binding_of(cfg, a, index);
    g_assert_nonnull(b);
    g_assert_cmpuint(b->mods, ==, mods);
    g_assert_cmpuint(b->keysym, ==, keysym);
    if (line >= 0)
        g_assert_cmpint(b->line, ==, line);
}

/* The default bindings, from the defaults (line 0) or a file (line -1:
 * any). */
#define N_DEFAULT_BINDINGS 33

static void assert_default_bindings(const purr_config *cfg, int line)
{
    /* 18 for windows and workspaces, 15 for tabs. */
    g_assert_cmpuint(cfg->bindings->len, ==, N_DEFAULT_BINDINGS);
    assert_binding(cfg, ACTION_NEXT_TAB, 0, PURR_MOD_SUPER, XKB_KEY_Next, line);
    assert_binding(cfg, ACTION_MOVE_TAB_LEFT, 0, PURR_MOD_SUPER | PURR_MOD_SHIFT, XKB_KEY_Prior,
                   line);
    assert_binding(cfg, ACTION_TAB_9, 0, PURR_MOD_SUPER, XKB_KEY_9, line);
    assert_binding(cfg, ACTION_SWITCH_WINDOWS, 0, PURR_MOD_ALT, XKB_KEY_Tab, line);
    assert_binding(cfg, ACTION_SWITCH_WINDOWS_BACKWARD, 0, PURR_MOD_ALT | PURR_MOD_SHIFT,
                   XKB_KEY_Tab, line);
    assert_binding(cfg, ACTION_SWITCH_GROUP, 0, PURR_MOD_ALT, XKB_KEY_grave, line);
    assert_binding(cfg, ACTION_CLOSE, 0, PURR_MOD_ALT, XKB_KEY_F4, line);
    assert_binding(cfg, ACTION_WINDOW_MENU, 0, PURR_MOD_ALT, XKB_KEY_space, line);
    assert_binding(cfg, ACTION_MOVE_TO_WORKSPACE_RIGHT, 0,
                   PURR_MOD_SHIFT | PURR_MOD_CTRL | PURR_MOD_ALT, XKB_KEY_Right, line);
    assert_binding(cfg, ACTION_SHOW_DESKTOP, 0, PURR_MOD_SUPER, XKB_KEY_d, line);
    g_assert_cmpuint(count_bindings(cfg, ACTION_MINIMIZE), ==, 0);
    g_assert_cmpuint(count_bindings(cfg, ACTION_WORKSPACE_1), ==, 0);
}

static void assert_general_defaults(const purr_config *cfg)
{
    g_assert_cmpint(cfg->focus_mode, ==, FOCUS_CLICK);
    g_assert_true(cfg->raise_on_click);
    g_assert_true(cfg->autofullscreen);
    g_assert_cmpuint(cfg->mouse_mods, ==, PURR_MOD_ALT);
    g_assert_true(cfg->edge_tiling);
    g_assert_cmpint(cfg->snap_distance, ==, 10);
    g_assert_null(cfg->button_layout);
    g_assert_cmpstr(cfg->compositor, ==, "auto");
    g_assert_null(cfg->theme);
    g_assert_null(cfg->theme_css);
    g_assert_cmpuint(cfg->workspaces, ==, 4);
    for (int i = 0; i < CONFIG_MAX_NAMES; i++)
        g_assert_null(cfg->workspace_names[i]);
    g_assert_cmpint(cfg->tab_bar, ==, TAB_BAR_AUTO);
    g_assert_cmpuint(cfg->tab_rules->len, ==, 0);
}

static void assert_defaults(const purr_config *cfg)
{
    assert_general_defaults(cfg);
    assert_default_bindings(cfg, 0);
}

static void assert_defaults_but_lines(const purr_config *cfg)
{
    assert_general_defaults(cfg);
    assert_default_bindings(cfg, -1);
}

static void test_defaults_without_file(void)
{
    /* main() pointed XDG_CONFIG_HOME at an empty directory. */
    g_autofree char *want = g_build_filename(tmp_dir, "xdg", "purr", "purr.conf", NULL);
    g_autofree char *def = config_file_path(NULL);
    g_assert_cmpstr(def, ==, want);
    g_autofree char *given = config_file_path("/some/where.conf");
    g_assert_cmpstr(given, ==, "/some/where.conf");

    purr_config cfg;
    g_autofree char *log = load(&cfg, NULL, NULL);
    g_assert_cmpstr(log, ==, ""); /* no file at the default place is no error */
    g_assert_null(cfg.path);
    g_assert_null(cfg.text);
    assert_defaults(&cfg);
    config_finish(&cfg);
}

static void test_missing_given_file(void)
{
    g_autofree char *path = g_build_filename(tmp_dir, "nowhere.conf", NULL);
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log, "purr: warning: {}: No such file or directory; using the defaults\n", path);
    assert_defaults(&cfg);
    config_finish(&cfg);
}

static void test_every_key(void)
{
    g_autofree char *path =
        write_conf("every.conf", "# every key\n"
                                 "[general]\n"
                                 "focus-mode = sloppy\n"
                                 "raise-on-click = false\n"
                                 "autofullscreen = false\n"
                                 "mouse-modifier = Super\n"
                                 "edge-tiling = false\n"
                                 "snap-distance = 0\n"
                                 "button-layout = appmenu:minimize,maximize,close\n"
                                 "compositor = xrender\n"
                                 "theme = Adwaita-dark\n"
                                 "theme-css = ~/purr/my.css\n"
                                 "\n"
                                 "[workspaces]\n"
                                 "count = 6\n"
                                 "names = Mail;Web;Code\n"
                                 "[keybindings]\n"
                                 "close = Ctrl+q;Alt+F4\n"
                                 "minimize = <Super>h\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    g_assert_cmpstr(log, ==, "");
    g_assert_cmpstr(cfg.path, ==, path);
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_assert_cmpstr(cfg.text, ==, text);
    g_assert_cmpint(cfg.focus_mode, ==, FOCUS_SLOPPY);
    g_assert_false(cfg.raise_on_click);
    g_assert_false(cfg.autofullscreen);
    g_assert_cmpuint(cfg.mouse_mods, ==, PURR_MOD_SUPER);
    g_assert_false(cfg.edge_tiling);
    g_assert_cmpint(cfg.snap_distance, ==, 0);
    g_assert_cmpstr(cfg.button_layout, ==, "appmenu:minimize,maximize,close");
    g_assert_cmpstr(cfg.compositor, ==, "xrender");
    g_assert_cmpstr(cfg.theme, ==, "Adwaita-dark");
    g_autofree char *css = g_build_filename(g_get_home_dir(), "purr", "my.css", NULL);
    g_assert_cmpstr(cfg.theme_css, ==, css);
    g_assert_cmpuint(cfg.workspaces, ==, 6);
    g_assert_cmpstr(cfg.workspace_names[0], ==, "Mail");
    g_assert_cmpstr(cfg.workspace_names[2], ==, "Code");
    g_assert_null(cfg.workspace_names[3]);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_CLOSE), ==, 2);
    assert_binding(&cfg, ACTION_CLOSE, 0, PURR_MOD_CTRL, XKB_KEY_q, 18);
    assert_binding(&cfg, ACTION_CLOSE, 1, PURR_MOD_ALT, XKB_KEY_F4, 18);
    assert_binding(&cfg, ACTION_MINIMIZE, 0, PURR_MOD_SUPER, XKB_KEY_h, 19);
    assert_binding(&cfg, ACTION_SWITCH_WINDOWS, 0, PURR_MOD_ALT, XKB_KEY_Tab, 0);
    g_assert_cmpuint(cfg.bindings->len, ==, N_DEFAULT_BINDINGS + 2);
    config_finish(&cfg);
}

static void test_other_values(void)
{
    /* The other spellings each key takes. */
    g_autofree char *path = write_conf("other.conf", "[general]\n"
                                                     "focus-mode=mouse\n"
                                                     "raise-on-click=0\n"
                                                     "autofullscreen=True\n"
                                                     "mouse-modifier=ctrl+shift\n"
                                                     "snap-distance=100\n"
                                                     "button-layout=:close\n"
                                                     "compositor=none\n"
                                                     "theme=\n"
                                                     "theme-css=/etc/purr.css\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    g_assert_cmpstr(log, ==, "");
    g_assert_cmpint(cfg.focus_mode, ==, FOCUS_MOUSE);
    g_assert_false(cfg.raise_on_click);
    g_assert_true(cfg.autofullscreen);
    g_assert_cmpuint(cfg.mouse_mods, ==, PURR_MOD_CTRL | PURR_MOD_SHIFT);
    g_assert_cmpint(cfg.snap_distance, ==, 100);
    g_assert_cmpstr(cfg.button_layout, ==, ":close");
    g_assert_cmpstr(cfg.compositor, ==, "none");
    g_assert_null(cfg.theme); /* empty: the desktop's */
    g_assert_cmpstr(cfg.theme_css, ==, "/etc/purr.css");
    config_finish(&cfg);
}

static const char bad_general[] = "[general]\n"
                                  "focus-mode = fast\n"
                                  "raise-on-click = maybe\n"
                                  "mouse-modifier = Hyper\n"
                                  "snap-distance = 101\n"
                                  "button-layout = menu:close:minimize\n"
                                  "compositor = vulkan\n"
                                  "colour = red\n"
                                  "edge-tiling = false\n"
                                  "[workspaces]\n"
                                  "count = 0\n"
                                  "[colours]\n"
                                  "x = 1\n"
                                  "[general]\n"
                                  "theme = Yaru\n"
                                  "autofullscreen = sometimes\n"
                                  "button-layout = menu,kebab:close\n";

static void test_bad_values_at_start(void)
{
    g_autofree char *path = write_conf("bad.conf", bad_general);
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log,
               "purr: warning: {}:2: [general] focus-mode must be click, sloppy or mouse, not "
               "'fast'; using the default, click\n"
               "purr: warning: {}:3: [general] raise-on-click must be true or false, not "
               "'maybe'; using the default, true\n"
               "purr: warning: {}:4: [general] mouse-modifier must be a modifier (Alt, Super, "
               "Ctrl or Shift), not 'Hyper'; using the default, Alt\n"
               "purr: warning: {}:5: [general] snap-distance must be a number from 0 to 100, "
               "not '101'; using the default, 10\n"
               "purr: warning: {}:7: [general] compositor must be auto, gl, xrender or none, "
               "not 'vulkan'; using the default, auto\n"
               "purr: warning: {}:8: [general] has no key 'colour'; ignoring it\n"
               "purr: warning: {}:11: [workspaces] count must be a number from 1 to 36, not "
               "'0'; using the default, 4\n"
               "purr: warning: {}:12: unknown group [colours]; ignoring it\n"
               "purr: warning: {}:16: [general] autofullscreen must be true or false, not "
               "'sometimes'; using the default, true\n"
               "purr: warning: {}:17: [general] button-layout 'menu,kebab:close' has 'kebab' "
               "where a button name (appmenu, menu, icon, minimize, maximize, close or spacer) "
               "belongs; using the default, the desktop's layout\n",
               path);
    /* The good values in the same file still count. */
    g_assert_false(cfg.edge_tiling);
    g_assert_cmpstr(cfg.theme, ==, "Yaru");
    g_assert_cmpint(cfg.focus_mode, ==, FOCUS_CLICK);
    g_assert_true(cfg.autofullscreen);
    g_assert_cmpint(cfg.snap_distance, ==, 10);
    g_assert_null(cfg.button_layout);
    g_assert_cmpstr(cfg.compositor, ==, "auto");
    g_assert_cmpuint(cfg.workspaces, ==, 4);
    config_finish(&cfg);
}

static void test_bad_values_keep_last(void)
{
    g_autofree char *first = write_conf("first.conf", "[general]\n"
                                                      "focus-mode = sloppy\n"
                                                      "mouse-modifier = Super\n"
                                                      "snap-distance = 20\n"
                                                      "button-layout = close:\n"
                                                      "compositor = gl\n"
                                                      "theme = Yaru\n"
                                                      "[workspaces]\n"
                                                      "count = 3\n");
    purr_config last;
    g_autofree char *log1 = load(&last, first, NULL);
    g_assert_cmpstr(log1, ==, "");

    g_autofree char *path = write_conf("second.conf", "[general]\n"
                                                      "focus-mode = fast\n"
                                                      "mouse-modifier = Hyper\n"
                                                      "snap-distance = near\n"
                                                      "button-layout = a:b:c\n"
                                                      "compositor = vulkan\n"
                                                      "[workspaces]\n"
                                                      "count = 99\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, &last);
    assert_log(log,
               "purr: warning: {}:2: [general] focus-mode must be click, sloppy or mouse, not "
               "'fast'; keeping sloppy\n"
               "purr: warning: {}:3: [general] mouse-modifier must be a modifier (Alt, Super, "
               "Ctrl or Shift), not 'Hyper'; keeping Super\n"
               "purr: warning: {}:4: [general] snap-distance must be a number from 0 to 100, "
               "not 'near'; keeping 20\n"
               "purr: warning: {}:5: [general] button-layout 'a:b:c' has more than one ':'; "
               "keeping 'close:'\n"
               "purr: warning: {}:6: [general] compositor must be auto, gl, xrender or none, "
               "not 'vulkan'; keeping gl\n"
               "purr: warning: {}:8: [workspaces] count must be a number from 1 to 36, not "
               "'99'; keeping 3\n",
               path);
    g_assert_cmpint(cfg.focus_mode, ==, FOCUS_SLOPPY);
    g_assert_cmpuint(cfg.mouse_mods, ==, PURR_MOD_SUPER);
    g_assert_cmpint(cfg.snap_distance, ==, 20);
    g_assert_cmpstr(cfg.button_layout, ==, "close:");
    g_assert_cmpstr(cfg.compositor, ==, "gl");
    g_assert_cmpuint(cfg.workspaces, ==, 3);
    /* What the new file leaves out is the default again, not the last. */
    g_assert_null(cfg.theme);
    config_finish(&cfg);
    config_finish(&last);
}

static void test_repeated_key_uses_last_line(void)
{
    g_autofree char *path = write_conf("repeat.conf", "[general]\n"
                                                      "snap-distance = 5\n"
                                                      "snap-distance = far\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log,
               "purr: warning: {}:3: [general] snap-distance must be a number from 0 to 100, "
               "not 'far'; using the default, 10\n",
               path);
    g_assert_cmpint(cfg.snap_distance, ==, 10);
    config_finish(&cfg);
}

static void test_undecodable_values(void)
{
    /* GKeyFile refuses an unknown escape in a list only when the list is
     * read. */
    g_autofree char *path = write_conf("escape.conf", "[general]\n"
                                                      "theme = Yaru\n"
                                                      "[workspaces]\n"
                                                      "names = A;B\\q\n"
                                                      "[keybindings]\n"
                                                      "close = Ctrl+\\q\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log,
               "purr: warning: {}:4: [workspaces] names: Key file contains key “names” which has "
               "a value that cannot be interpreted; numbering the workspaces\n"
               "purr: warning: {}:6: [keybindings] close: Key file contains key “close” which "
               "has a value that cannot be interpreted; using the default, Alt+F4\n",
               path);
    g_assert_cmpstr(cfg.theme, ==, "Yaru");
    g_assert_null(cfg.workspace_names[0]);
    assert_binding(&cfg, ACTION_CLOSE, 0, PURR_MOD_ALT, XKB_KEY_F4, 6);
    config_finish(&cfg);
}

static void test_unparseable_file(void)
{
    g_autofree char *path = write_conf("broken.conf", "# fine\n"
                                                      "[general]\n"
                                                      "snap-distance = 3\n"
                                                      "this is not a key\n"
                                                      "[workspaces]\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log,
               "purr: warning: {}:4: Key file contains line “this is not a key” which is not "
               "a key-value pair, group, or comment; using the defaults\n",
               path);
    assert_defaults(&cfg);
    config_finish(&cfg);

    /* On reload, everything stays as it was. */
    g_autofree char *good = write_conf("good.conf", "[general]\nsnap-distance = 3\n"
                                                    "[keybindings]\nclose = Ctrl+w\n");
    purr_config last;
    g_autofree char *log1 = load(&last, good, NULL);
    g_assert_cmpstr(log1, ==, "");
    g_autofree char *nogroup = write_conf("nogroup.conf", "\n# a comment\nsnap-distance = 4\n");
    g_autofree char *log2 = load(&cfg, nogroup, &last);
    assert_log(log2,
               "purr: warning: {}:3: Key file does not start with a group; keeping the last "
               "good configuration\n",
               nogroup);
    g_assert_cmpint(cfg.snap_distance, ==, 3);
    assert_binding(&cfg, ACTION_CLOSE, 0, PURR_MOD_CTRL, XKB_KEY_w, 4);
    config_finish(&cfg);

    /* A file that cannot be read at all: the same. */
    g_autofree char *log3 = load(&cfg, tmp_dir, &last);
    assert_log(log3, "purr: warning: {}: Is a directory; keeping the last good configuration\n",
               tmp_dir);
    g_assert_cmpint(cfg.snap_distance, ==, 3);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_CLOSE), ==, 1);
    config_finish(&cfg);
    config_finish(&last);
}

static void test_byte_order_mark(void)
{
    g_autofree char *path = write_conf("bom.conf", "\xef\xbb\xbf[general]\nsnap-distance = 7\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    g_assert_cmpstr(log, ==, "");
    g_assert_cmpint(cfg.snap_distance, ==, 7);
    config_finish(&cfg);
}

static void test_keybindings(void)
{
    g_autofree char *path = write_conf("keys.conf", "[keybindings]\n"
                                                    "switch-windows = Super+Tab\n"
                                                    "begin-move =\n"
                                                    "toggle-fullscreen = Super+f;Super+F11\n"
                                                    "switch-to-workspace-1 = Super+1\n"
                                                    "# the default Alt+F10 moves to minimize\n"
                                                    "minimize = Alt+F10\n"
                                                    "show-desktop = <Super>d ; Ctrl+Alt+d;\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    g_assert_cmpstr(log, ==, "");
    g_assert_cmpuint(count_bindings(&cfg, ACTION_SWITCH_WINDOWS), ==, 1);
    assert_binding(&cfg, ACTION_SWITCH_WINDOWS, 0, PURR_MOD_SUPER, XKB_KEY_Tab, 2);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_BEGIN_MOVE), ==, 0); /* unbound */
    assert_binding(&cfg, ACTION_TOGGLE_FULLSCREEN, 0, PURR_MOD_SUPER, XKB_KEY_f, 4);
    assert_binding(&cfg, ACTION_TOGGLE_FULLSCREEN, 1, PURR_MOD_SUPER, XKB_KEY_F11, 4);
    assert_binding(&cfg, ACTION_WORKSPACE_1, 0, PURR_MOD_SUPER, XKB_KEY_1, 5);
    /* The file's word beats a default, without a message. */
    assert_binding(&cfg, ACTION_MINIMIZE, 0, PURR_MOD_ALT, XKB_KEY_F10, 7);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_TOGGLE_MAXIMIZED), ==, 0);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_SHOW_DESKTOP), ==, 2);
    assert_binding(&cfg, ACTION_SHOW_DESKTOP, 0, PURR_MOD_SUPER, XKB_KEY_d, 8);
    assert_binding(&cfg, ACTION_SHOW_DESKTOP, 1, PURR_MOD_CTRL | PURR_MOD_ALT, XKB_KEY_d, 8);
    /* Untouched actions keep their defaults. */
    assert_binding(&cfg, ACTION_SWITCH_WINDOWS_BACKWARD, 0, PURR_MOD_ALT | PURR_MOD_SHIFT,
                   XKB_KEY_Tab, 0);
    assert_binding(&cfg, ACTION_CLOSE, 0, PURR_MOD_ALT, XKB_KEY_F4, 0);
    /* In action order. */
    for (guint i = 1; i < cfg.bindings->len; i++)
        g_assert_cmpint(g_array_index(cfg.bindings, purr_binding, i - 1).action, <=,
                        g_array_index(cfg.bindings, purr_binding, i).action);
    config_finish(&cfg);
}

static void test_keybinding_errors(void)
{
    g_autofree char *path = write_conf("badkeys.conf", "[keybindings]\n"
                                                       "switch-windowz = Alt+Tab\n"
                                                       "close = Hyperr+q;Ctrl+q\n"
                                                       "maximize = Super+Upp\n"
                                                       "minimize = Ctrl+q;Super+n\n"
                                                       "toggle-above = Shift\n"
                                                       "toggle-shaded = Super+n;Super+s\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(
        log,
        "purr: warning: {}:2: [keybindings] no action is called 'switch-windowz'; ignoring it\n"
        "purr: warning: {}:3: [keybindings] close: unknown modifier 'Hyperr'; ignoring that "
        "combination\n"
        "purr: warning: {}:4: [keybindings] maximize: no key is called 'Upp'; using the "
        "default, Super+Up\n"
        "purr: warning: {}:5: [keybindings] Ctrl+q is already bound to close on line 3; "
        "minimize does not get it\n"
        "purr: warning: {}:6: [keybindings] toggle-above: 'Shift' is a modifier; a combination "
        "needs a key too; using the default, no binding\n"
        "purr: warning: {}:7: [keybindings] Super+n is already bound to minimize on line 5; "
        "toggle-shaded does not get it\n",
        path);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_CLOSE), ==, 1);
    assert_binding(&cfg, ACTION_CLOSE, 0, PURR_MOD_CTRL, XKB_KEY_q, 3);
    /* All of maximize's combinations were bad: it keeps what it had. */
    assert_binding(&cfg, ACTION_MAXIMIZE, 0, PURR_MOD_SUPER, XKB_KEY_Up, 4);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_MINIMIZE), ==, 1);
    assert_binding(&cfg, ACTION_MINIMIZE, 0, PURR_MOD_SUPER, XKB_KEY_n, 5);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_TOGGLE_ABOVE), ==, 0);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_TOGGLE_SHADED), ==, 1);
    assert_binding(&cfg, ACTION_TOGGLE_SHADED, 0, PURR_MOD_SUPER, XKB_KEY_s, 7);
    /* The misspelt action binds nothing; the real one keeps its default. */
    assert_binding(&cfg, ACTION_SWITCH_WINDOWS, 0, PURR_MOD_ALT, XKB_KEY_Tab, 0);
    config_finish(&cfg);
}

static void test_keybinding_errors_keep_last(void)
{
    g_autofree char *first = write_conf("keys1.conf", "[keybindings]\n"
                                                      "close = Ctrl+w;Ctrl+q\n");
    purr_config last;
    g_autofree char *log1 = load(&last, first, NULL);
    g_assert_cmpstr(log1, ==, "");
    g_autofree char *path = write_conf("keys2.conf", "[keybindings]\n"
                                                     "close = Ctrl+Foo\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, &last);
    assert_log(log,
               "purr: warning: {}:2: [keybindings] close: no key is called 'Foo'; keeping "
               "Ctrl+w;Ctrl+q\n",
               path);
    g_assert_cmpuint(count_bindings(&cfg, ACTION_CLOSE), ==, 2);
    assert_binding(&cfg, ACTION_CLOSE, 0, PURR_MOD_CTRL, XKB_KEY_w, 2);
    assert_binding(&cfg, ACTION_CLOSE, 1, PURR_MOD_CTRL, XKB_KEY_q, 2);
    config_finish(&cfg);
    config_finish(&last);
}

static void test_same_text_logs_nothing_again(void)
{
    g_autofree char *path = write_conf("reload.conf", "[general]\n"
                                                      "snap-distance = 500\n"
                                                      "focus-mode = mouse\n"
                                                      "[keybindings]\n"
                                                      "close = Ctrl+q\n");
    purr_config first;
    g_autofree char *log1 = load(&first, path, NULL);
    assert_log(log1,
               "purr: warning: {}:2: [general] snap-distance must be a number from 0 to 100, "
               "not '500'; using the default, 10\n",
               path);

    /* A file monitor fires again for the same save. */
    purr_config again;
    g_autofree char *log2 = load(&again, path, &first);
    g_assert_cmpstr(log2, ==, "");
    g_assert_cmpint(again.focus_mode, ==, FOCUS_MOUSE);
    g_assert_cmpint(again.snap_distance, ==, 10);
    g_assert_cmpstr(again.text, ==, first.text);
    g_assert_true(again.text != first.text); /* a copy: each is freed on its own */
    g_assert_true(again.compositor != first.compositor);
    g_assert_true(again.bindings != first.bindings);
    g_assert_cmpuint(again.bindings->len, ==, first.bindings->len);
    assert_binding(&again, ACTION_CLOSE, 0, PURR_MOD_CTRL, XKB_KEY_q, 5);
    config_finish(&first);

    /* A change is read and reported again. */
    g_autofree char *path2 = write_conf("reload.conf", "[general]\n"
                                                       "snap-distance = 500\n");
    purr_config changed;
    g_autofree char *log3 = load(&changed, path2, &again);
    assert_log(log3,
               "purr: warning: {}:2: [general] snap-distance must be a number from 0 to 100, "
               "not '500'; keeping 10\n",
               path);
    g_assert_cmpint(changed.focus_mode, ==, FOCUS_CLICK);

    /* The same broken text twice: one message. */
    g_free(write_conf("reload.conf", "[general\n"));
    purr_config broken, broken2;
    g_autofree char *log4 = load(&broken, path, &changed);
    assert_log(log4,
               "purr: warning: {}:1: Key file contains line “[general” which is not a "
               "key-value pair, group, or comment; keeping the last good configuration\n",
               path);
    g_autofree char *log5 = load(&broken2, path, &broken);
    g_assert_cmpstr(log5, ==, "");
    g_assert_cmpint(broken2.snap_distance, ==, 10);

    /* The same text at another path is another file. */
    g_autofree char *other = write_conf("other-reload.conf", "[general\n");
    purr_config moved;
    g_autofree char *log6 = load(&moved, other, &broken2);
    g_assert_cmpstr(log6, !=, "");
    config_finish(&moved);
    config_finish(&broken2);
    config_finish(&broken);
    config_finish(&changed);
    config_finish(&again);
}

static void assert_parses(const char *text, uint32_t mods, uint32_t keysym)
{
    uint32_t m = 99, k = 99;
    char why[128] = "";
    if (!binding_parse(text, &m, &k, why, sizeof why))
        g_error("'%s' did not parse: %s", text, why);
    g_assert_cmpuint(m, ==, mods);
    g_assert_cmpuint(k, ==, keysym);
}

static void assert_refused(const char *text, const char *reason)
{
    uint32_t m = 99, k = 99;
    char why[128] = "";
    g_assert_false(binding_parse(text, &m, &k, why, sizeof why));
    g_assert_cmpstr(why, ==, reason);
    g_assert_cmpuint(m, ==, 99);
    g_assert_cmpuint(k, ==, 99);
}

static void test_binding_parse(void)
{
    assert_parses("Alt+Shift+Tab", PURR_MOD_ALT | PURR_MOD_SHIFT, XKB_KEY_Tab);
    assert_parses("Ctrl+Alt+Left", PURR_MOD_CTRL | PURR_MOD_ALT, XKB_KEY_Left);
    assert_parses("Super+d", PURR_MOD_SUPER, XKB_KEY_d);
    assert_parses("Super+D", PURR_MOD_SUPER, XKB_KEY_d);
    assert_parses("<Alt><Shift>Tab", PURR_MOD_ALT | PURR_MOD_SHIFT, XKB_KEY_Tab);
    assert_parses("<Primary>x", PURR_MOD_CTRL, XKB_KEY_x);
    assert_parses("<Control><Mod1>F4", PURR_MOD_CTRL | PURR_MOD_ALT, XKB_KEY_F4);
    assert_parses("control+mod1+f4", PURR_MOD_CTRL | PURR_MOD_ALT, XKB_KEY_F4);
    assert_parses("SHIFT+Mod4+a", PURR_MOD_SHIFT | PURR_MOD_SUPER, XKB_KEY_a);
    assert_parses("Logo+Up", PURR_MOD_SUPER, XKB_KEY_Up);
    assert_parses("ctrl+tab", PURR_MOD_CTRL, XKB_KEY_Tab);
    assert_parses(" Alt + space ", PURR_MOD_ALT, XKB_KEY_space);
    assert_parses("Ctrl++", PURR_MOD_CTRL, XKB_KEY_plus);
    assert_parses("Super+plus", PURR_MOD_SUPER, XKB_KEY_plus);
    assert_parses("Print", 0, XKB_KEY_Print);
    assert_parses("Alt+grave", PURR_MOD_ALT, XKB_KEY_grave);

    assert_refused("", "'' names no key");
    assert_refused("Alt+", "'Alt+' names no key");
    assert_refused("<Alt>", "'<Alt>' names no key");
    assert_refused("Hyperr+Tab", "unknown modifier 'Hyperr'");
    assert_refused("<Hyper>x", "unknown modifier 'Hyper'");
    assert_refused("Alt+Tabb", "no key is called 'Tabb'");
    assert_refused("Shift", "'Shift' is a modifier; a combination needs a key too");
    assert_refused("Ctrl+Super", "'Super' is a modifier; a combination needs a key too");
    assert_refused("Alt+Shift_L", "'Shift_L' is a modifier; a combination needs a key too");
    assert_refused("<Alt", "'<Alt' has a '<' without its '>'");

    /* A small why is cut, never overrun; NULL is fine. */
    uint32_t m, k;
    char small[8];
    g_assert_false(binding_parse("Alt+Tabb", &m, &k, small, sizeof small));
    g_assert_cmpstr(small, ==, "no key ");
    g_assert_false(binding_parse("Alt+Tabb", &m, &k, NULL, 0));

    g_autofree char *s = binding_to_string(
        PURR_MOD_SUPER | PURR_MOD_CTRL | PURR_MOD_ALT | PURR_MOD_SHIFT, XKB_KEY_Left);
    g_assert_cmpstr(s, ==, "Shift+Ctrl+Alt+Super+Left");
}

static void test_action_table(void)
{
    g_assert_cmpint(action_by_name("switch-windows"), ==, ACTION_SWITCH_WINDOWS);
    g_assert_cmpint(action_by_name("show-desktop"), ==, ACTION_SHOW_DESKTOP);
    g_assert_cmpint(action_by_name("Show-Desktop"), ==, -1);
    g_assert_cmpint(action_by_name("nope"), ==, -1);
    g_assert_cmpint(action_by_name(NULL), ==, -1);
    g_assert_cmpstr(action_name(ACTION_TILE_LEFT), ==, "toggle-tiled-left");
    g_assert_null(action_name(ACTION_COUNT));
    g_assert_cmpstr(action_default_keys(ACTION_CLOSE), ==, "Alt+F4");
    g_assert_cmpstr(action_default_keys(ACTION_MINIMIZE), ==, "");
    /* Every name finds itself and every default parses. */
    for (int a = 0; a < ACTION_COUNT; a++) {
        g_assert_cmpint(action_by_name(action_name((enum purr_action)a)), ==, a);
        g_auto(GStrv) keys = g_strsplit(action_default_keys((enum purr_action)a), ";", -1);
        for (int i = 0; keys[i]; i++) {
            uint32_t m, k;
            if (*keys[i])
                g_assert_true(binding_parse(keys[i], &m, &k, NULL, 0));
        }
    }
    uint32_t mod = 0;
    g_assert_true(modifier_by_name("logo", 4, &mod));
    g_assert_cmpuint(mod, ==, PURR_MOD_SUPER);
    g_assert_true(modifier_by_name("Altogether", 3, &mod));
    g_assert_cmpuint(mod, ==, PURR_MOD_ALT);
    g_assert_false(modifier_by_name("Hyper", 5, &mod));
}

/* A file in the source tree's doc/, or NULL (the test is skipped). Meson
 * sets no G_TEST_SRCDIR, but it compiles from the build directory, so a
 * relative __FILE__ leads back to the source from the build directory,
 * two levels above this program. */
static char *doc_file(const char *name)
{
    const char *root = g_getenv("PURR_SOURCE_ROOT");
    g_autofree char *from_file =
        g_path_is_absolute(__FILE__)
            ? g_build_filename(__FILE__, "..", "..", "..", "doc", name, NULL)
            : g_build_filename(g_test_get_dir(G_TEST_BUILT), "..", "..", __FILE__, "..", "..", "..",
                               "doc", name, NULL);
    char *tries[] = {
        g_test_build_filename(G_TEST_DIST, "..", "..", "doc", name, NULL),
        root ? g_build_filename(root, "doc", name, NULL) : NULL,
        g_canonicalize_filename(from_file, NULL),
    };
    char *found = NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(tries); i++) {
        if (!found && tries[i] && g_file_test(tries[i], G_FILE_TEST_IS_REGULAR))
            found = g_steal_pointer(&tries[i]);
        g_free(tries[i]);
    }
    if (!found)
        g_test_skip("doc/ not found: set G_TEST_SRCDIR or PURR_SOURCE_ROOT");
    return found;
}

static void test_example_is_the_defaults(void)
{
    g_autofree char *path = doc_file("purr.conf");
    if (!path)
        return;
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    g_assert_cmpstr(log, ==, "");
    assert_defaults(&cfg);
    /* Every action is shown with its default keys. */
    g_auto(GStrv) lines = g_strsplit(cfg.text, "\n", -1);
    for (int i = 0; lines[i]; i++)
        g_strchomp(lines[i]);
    for (int a = 0; a < ACTION_COUNT; a++) {
        g_autofree char *line = g_strdup_printf("#%s = %s", action_name((enum purr_action)a),
                                                action_default_keys((enum purr_action)a));
        g_strchomp(line);
        if (!g_strv_contains((const char *const *)lines, line))
            g_error("doc/purr.conf lacks the line '%s'", line);
    }
    config_finish(&cfg);

    /* Uncommented, it still loads without a word and changes nothing. */
    GString *all = g_string_new(NULL);
    for (int i = 0; lines[i]; i++) {
        /* "#key = value" sets something; "# words" explains it. */
        bool setting =
            lines[i][0] == '#' && lines[i][1] && lines[i][1] != ' ' && lines[i][1] != '#';
        g_string_append_printf(all, "%s\n", setting ? lines[i] + 1 : lines[i]);
    }
    g_autofree char *open = write_conf("example-uncommented.conf", all->str);
    g_string_free(all, TRUE);
    g_autofree char *log2 = load(&cfg, open, NULL);
    g_assert_cmpstr(log2, ==, "");
    assert_defaults_but_lines(&cfg);
    g_assert_cmpint(binding_of(&cfg, ACTION_CLOSE, 0)->line, >, 0); /* it did set them */
    config_finish(&cfg);
}

static void test_man_page_lists_every_action(void)
{
    g_autofree char *path = doc_file("purr.conf.5");
    if (!path)
        return;
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    GString *plain = g_string_new(text);
    g_string_replace(plain, "\\-", "-", 0);
    for (int a = 0; a < ACTION_COUNT; a++) {
        const char *keys = action_default_keys((enum purr_action)a);
        g_autofree char *row =
            g_strdup_printf("\n%s\t%s\t", action_name((enum purr_action)a), *keys ? keys : "none");
        if (!strstr(plain->str, row))
            g_error("doc/purr.conf.5 has no table row '%s'", row + 1);
    }
    const char *const keys[] = {"focus-mode",  "raise-on-click", "autofullscreen", "mouse-modifier",
                                "edge-tiling", "snap-distance",  "button-layout",  "compositor",
                                "theme",       "theme-css",      "count",          "names"};
    for (size_t i = 0; i < G_N_ELEMENTS(keys); i++) {
        g_autofree char *item = g_strdup_printf("\n\\fB%s\\fR = ", keys[i]);
        if (!strstr(plain->str, item))
            g_error("doc/purr.conf.5 does not document %s", keys[i]);
    }
    g_string_free(plain, TRUE);
}

static void test_tabs(void)
{
    g_autofree char *path = write_conf("tabs.conf", "[tabs]\n"
                                                    "bar = always\n"
                                                    "join-same = XTerm; class:Gimp* ;role:browser\n"
                                                    "join-focused = title:*Mail*;title:;\n"
                                                    "tabs = yes\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log,
               "purr: warning: {}:4: [tabs] join-focused: 'title:' has no pattern; ignoring it\n"
               "purr: warning: {}:5: [tabs] has no key 'tabs'; ignoring it\n",
               path);
    g_assert_cmpint(cfg.tab_bar, ==, TAB_BAR_ALWAYS);
    g_assert_cmpuint(cfg.tab_rules->len, ==, 4);
    static const struct {
        enum purr_match what;
        const char *pattern;
        bool focused;
    } want[] = {{MATCH_CLASS, "XTerm", false},
                {MATCH_CLASS, "Gimp*", false},
                {MATCH_ROLE, "browser", false},
                {MATCH_TITLE, "*Mail*", true}};
    for (guint i = 0; i < G_N_ELEMENTS(want); i++) {
        const purr_tab_rule *r = &g_array_index(cfg.tab_rules, purr_tab_rule, i);
        g_assert_cmpint(r->what, ==, want[i].what);
        g_assert_cmpstr(r->pattern, ==, want[i].pattern);
        g_assert_true(r->focused == want[i].focused);
    }

    /* A wrong bar keeps the last good one on reload; rules are replaced. */
    g_autofree char *path2 =
        write_conf("tabs2.conf", "[tabs]\nbar = sometimes\njoin-focused = URxvt\n");
    purr_config next;
    g_autofree char *log2 = load(&next, path2, &cfg);
    assert_log(log2,
               "purr: warning: {}:2: [tabs] bar must be auto, always or never, not 'sometimes'; "
               "keeping always\n",
               path2);
    g_assert_cmpint(next.tab_bar, ==, TAB_BAR_ALWAYS);
    g_assert_cmpuint(next.tab_rules->len, ==, 1);
    g_assert_true(g_array_index(next.tab_rules, purr_tab_rule, 0).focused);
    config_finish(&next);
    config_finish(&cfg);
}

static void test_plugins(void)
{
    g_autofree char *path = write_conf("plugins.conf", "[plugins]\n"
                                                       "enabled = kiosk; Bad!;tiny;kiosk;\n"
                                                       "order = 1\n"
                                                       "[plugin kiosk]\n"
                                                       "dock-class = Sugar;Frame\n"
                                                       "[plugin NOPE]\n"
                                                       "x = 1\n"
                                                       "[plugin tiny]\n"
                                                       "count=99\n");
    purr_config cfg;
    g_autofree char *log = load(&cfg, path, NULL);
    assert_log(log,
               "purr: warning: {}:2: [plugins] enabled: 'Bad!' is not a plugin id (a-z, 0-9 "
               "and '-'); leaving it out\n"
               "purr: warning: {}:2: [plugins] enabled: 'kiosk' is listed twice; loading it "
               "once\n"
               "purr: warning: {}:3: [plugins] has no key 'order'; ignoring it\n"
               "purr: warning: {}:6: [plugin NOPE]: a plugin id is made of a-z, 0-9 and '-'; "
               "ignoring it\n",
               path);
    g_assert_cmpuint(g_strv_length(cfg.plugins), ==, 2);
    g_assert_cmpstr(cfg.plugins[0], ==, "kiosk");
    g_assert_cmpstr(cfg.plugins[1], ==, "tiny");
    /* Options stay text, with their lines, for the plugin layer to check. */
    g_assert_cmpuint(cfg.plugin_values->len, ==, 2);
    const purr_plugin_value *v = &g_array_index(cfg.plugin_values, purr_plugin_value, 0);
    g_assert_cmpstr(v->plugin, ==, "kiosk");
    g_assert_cmpstr(v->key, ==, "dock-class");
    g_assert_cmpstr(v->value, ==, "Sugar;Frame");
    g_assert_cmpint(v->line, ==, 5);
    v = &g_array_index(cfg.plugin_values, purr_plugin_value, 1);
    g_assert_cmpstr(v->value, ==, "99");
    g_assert_cmpint(v->line, ==, 9);
    /* A reload copies them; a file without [plugins] has none enabled. */
    purr_config again;
    g_autofree char *path2 = write_conf("plugins2.conf", "[general]\nedge-tiling=false\n");
    g_autofree char *log2 = load(&again, path2, &cfg);
    g_assert_cmpstr(log2, ==, "");
    g_assert_cmpuint(g_strv_length(again.plugins), ==, 0);
    g_assert_cmpuint(again.plugin_values->len, ==, 0);
    config_finish(&again);
    config_finish(&cfg);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmp_dir = g_dir_make_tmp("purr-test-config-XXXXXX", NULL);
    g_assert_nonnull(tmp_dir);
    /* Before GLib caches it: no file at the default place. */
    g_autofree char *xdg = g_build_filename(tmp_dir, "xdg", NULL);
    g_setenv("XDG_CONFIG_HOME", xdg, TRUE);

    g_test_add_func("/config/defaults-without-file", test_defaults_without_file);
    g_test_add_func("/config/missing-given-file", test_missing_given_file);
    g_test_add_func("/config/every-key", test_every_key);
    g_test_add_func("/config/other-values", test_other_values);
    g_test_add_func("/config/bad-values-at-start", test_bad_values_at_start);
    g_test_add_func("/config/bad-values-keep-last", test_bad_values_keep_last);
    g_test_add_func("/config/repeated-key-uses-last-line", test_repeated_key_uses_last_line);
    g_test_add_func("/config/undecodable-values", test_undecodable_values);
    g_test_add_func("/config/unparseable-file", test_unparseable_file);
    g_test_add_func("/config/byte-order-mark", test_byte_order_mark);
    g_test_add_func("/config/keybindings", test_keybindings);
    g_test_add_func("/config/keybinding-errors", test_keybinding_errors);
    g_test_add_func("/config/keybinding-errors-keep-last", test_keybinding_errors_keep_last);
    g_test_add_func("/config/same-text-logs-nothing-again", test_same_text_logs_nothing_again);
    g_test_add_func("/config/binding-parse", test_binding_parse);
    g_test_add_func("/config/action-table", test_action_table);
    g_test_add_func("/config/tabs", test_tabs);
    g_test_add_func("/config/plugins", test_plugins);
    g_test_add_func("/config/example-is-the-defaults", test_example_is_the_defaults);
    g_test_add_func("/config/man-page-lists-every-action", test_man_page_lists_every_action);
    int ret = g_test_run();

    g_autoptr(GDir) dir = g_dir_open(tmp_dir, 0, NULL);
    const char *name;
    while (dir && (name = g_dir_read_name(dir))) {
        g_autofree char *p = g_build_filename(tmp_dir, name, NULL);
        g_remove(p);
    }
    g_rmdir(tmp_dir);
    g_free(tmp_dir);
    return ret;
}
