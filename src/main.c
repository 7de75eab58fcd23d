/*
 * purr: a compositing window manager for X11.
 *
 * main() starts the subsystems in one visible order (configuration, X
 * connection, the root's redirection, the compositor, the model, GTK and
 * the borders' theme, root properties, existing windows, WM_S0, the main
 * loop) and stops them in reverse.
 * See HACKING.md for the map of the code.
 */
#include <gio/gio.h>
#include <glib-unix.h>
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h" /* purr.conf */
#include "plugin/plugin.h"
#include "ui/ui.h"
#include "util/log.h"
#include "util/watch.h"
#include "version.h"
#include "x11/x11.h"

static gboolean on_quit_signal(gpointer data)
{
    x11 *x = data;
    x->quit = true;
    g_main_loop_quit(x->loop);
    return G_SOURCE_CONTINUE;
}

typedef struct reload {
    x11 *x;
    purr_config *cfg;
    const char *path;
    bool no_autofullscreen; /* the command line wins over the file */
    file_watch *watch;
} reload;

static void apply_config(wm *m, const purr_config *cfg)
{
    m->autofullscreen = cfg->autofullscreen;
    workspace_set_count(m, cfg->workspaces);
    workspace_set_names(m, (char **)cfg->workspace_names, CONFIG_MAX_NAMES);
}

static void reload_config(reload *r)
{
    purr_config fresh;
    config_load(&fresh, r->path, r->cfg);
    g_autofree char *fresh_compositor = g_strdup(r->cfg->compositor);
    bool same =
        g_strcmp0(fresh.text, r->cfg->text) == 0 && g_strcmp0(fresh.path, r->cfg->path) == 0;
    config_finish(r->cfg);
    *r->cfg = fresh;
    if (r->no_autofullscreen)
        r->cfg->autofullscreen = false;
    if (same)
        return;
    apply_config(r->x->model, r->cfg);
    plugins_config_changed(r->cfg);
    /* [tabs] bar may have changed what the title strips show. */
    for (guint i = 0; i < r->x->model->clients->len; i++)
        client_mark(r->x->model->clients->pdata[i], WM_DIRTY_DECOR);
    if (g_strcmp0(fresh_compositor, r->cfg->compositor) != 0)
        log_info("compositor = %s takes effect when purr starts again", r->cfg->compositor);
    keys_grab(r->x);
    theme_config_changed(r->x);
    GHashTableIter it;
    gpointer frame;
    g_hash_table_iter_init(&it, r->x->frames);
    while (g_hash_table_iter_next(&it, &frame, NULL))
        moveresize_grab_buttons(r->x, GPOINTER_TO_UINT(frame), false);
    log_info("configuration reloaded");
}

static gboolean on_hup(gpointer data)
{
    reload_config(data);
    return G_SOURCE_CONTINUE;
}

static void on_config_changed(void *data)
{
    reload_config(data);
}

/* The compositor, then GTK for the borders' theme (frames made while
 * compositing get shadows), then what the root says about both. */
static void start_look(x11 *x, enum comp_mode mode, bool replace)
{
    x11_start_compositor(x, mode, replace);
    theme_init(x);
    root_write_supported(x);
    randr_update(x); /* the compositor's monitors */
}

int main(int argc, char **argv)
{
    /* The compositor's own child (see comp/gl.c), before anything loads. */
    if (argc == 3 && strcmp(argv[1], "--gl-probe") == 0)
        return comp_gl_probe_main(argv[2]);
    g_autofree char *display = NULL;
    g_autofree char *config_path = NULL;
    g_autofree char *compositor = NULL;
    gboolean replace = FALSE, version = FALSE, no_autofullscreen = FALSE, safe_mode = FALSE,
             list_plugins = FALSE;
    GOptionEntry entries[] = {
        {"display", 'd', 0, G_OPTION_ARG_STRING, &display, "X display to manage", "DISPLAY"},
        {"replace", 'r', 0, G_OPTION_ARG_NONE, &replace,
         "Replace the running window manager (ICCCM WM_S0 handover)", NULL},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config_path,
         "Read this configuration file instead of ~/.config/purr/purr.conf", "FILE"},
        {"compositor", 0, 0, G_OPTION_ARG_STRING, &compositor,
         "Composite with gl, xrender, null (draws nothing: for tests) or none; auto (the "
         "default) picks GL, or XRender on a software renderer",
         "MODE"},
        {"no-autofullscreen", 0, 0, G_OPTION_ARG_NONE, &no_autofullscreen,
         "Never take an undecorated window of its monitor's size as fullscreen", NULL},
        {"safe-mode", 0, 0, G_OPTION_ARG_NONE, &safe_mode,
         "Start without plugins (as PURR_SAFE_MODE=1 does)", NULL},
        {"list-plugins", 0, 0, G_OPTION_ARG_NONE, &list_plugins,
         "List the plugins found, their state and their options, and exit", NULL},
        {"version", 'v', 0, G_OPTION_ARG_NONE, &version, "Print the version and exit", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    g_autoptr(GOptionContext) opts = g_option_context_new("- a window manager for X11");
    g_option_context_add_main_entries(opts, entries, NULL);
    g_autoptr(GError) err = NULL;
    if (!g_option_context_parse(opts, &argc, &argv, &err)) {
        fprintf(stderr, "purr: %s (try --help)\n", err->message);
        return 2;
    }
    if (version) {
        printf("purr %s\n", PURR_VERSION);
        return 0;
    }
    enum comp_mode comp_mode = COMP_AUTO;
    if (compositor && !comp_parse_mode(compositor, &comp_mode)) {
        fprintf(stderr, "purr: --compositor=%s: use auto, gl, xrender, null or none\n", compositor);
        return 2;
    }
    log_init();
    signal(SIGPIPE, SIG_IGN);

    purr_config cfg;
    config_load(&cfg, config_path, NULL);
    if (list_plugins) {
        int rc = plugins_list(&cfg, stdout);
        config_finish(&cfg);
        return rc;
    }
    if (g_strcmp0(g_getenv("PURR_SAFE_MODE"), "1") == 0)
        safe_mode = TRUE;
    if (no_autofullscreen)
        cfg.autofullscreen = false;
    /* The command line wins over purr.conf (which config_load checked). */
    if (!compositor)
        comp_parse_mode(cfg.compositor, &comp_mode);

    x11 x = {0};
    x.config = &cfg;
    x.clients = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, xclient_free);
    x.frames = g_hash_table_new(g_direct_hash, g_direct_equal);
    x.user_time_windows = g_hash_table_new(g_direct_hash, g_direct_equal);
    x.grips = g_hash_table_new(g_direct_hash, g_direct_equal);
    x.pushed_stack = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    x.pending_syncs = g_array_new(FALSE, FALSE, sizeof(pending_sync));
    x.adopted_tabs = g_array_new(FALSE, FALSE, sizeof(adopted_tab));
    x.map_queue = g_array_new(FALSE, FALSE, sizeof(xcb_window_t));
    x.unmap_queue = g_array_new(FALSE, FALSE, sizeof(xcb_window_t));
    int status = 1;

    if (!x11_connect(&x, display))
        goto out;
    if (!selection_acquire(&x, replace))
        goto out;
    x.display_name = display;
    x.model = wm_create(x.screen->width_in_pixels, x.screen->height_in_pixels);
    wm_set_frame_extents(x.model, frame_plain_extents(), frame_plain_extents());
    apply_config(x.model, &cfg);
    plugins_load(&x, &cfg, safe_mode);
    root_setup(&x);
    keys_init(&x);
    keys_grab(&x);
    moveresize_init(&x);
    sync_init(&x);
    randr_init(&x);
    randr_update(&x);
    /* Windows already there are framed as they are adopted, with the
     * theme and (while compositing) shadows: then the compositor and GTK
     * start first. Usually there are none, and WM_S0 comes first: a
     * window mapped meanwhile waits in X's queue for the theme. */
    manage_found *found = manage_scan(&x);
    bool look_first = manage_found_any(found);
    if (look_first)
        start_look(&x, comp_mode, replace);
    manage_existing(&x, found);
    plugins_start();
    /* What the root and the adopted windows say goes out before WM_S0 is
     * taken: whoever waits for WM_S0 finds an EWMH manager, ready. */
    push(&x);
    if (!selection_announce(&x)) {
        x.quit = true;
        x.exit_status = 1;
    } else if (!look_first) {
        start_look(&x, comp_mode, replace);
    }

    x.loop = g_main_loop_new(NULL, FALSE);
    x11_attach(&x, NULL);
    guint sigs[3];
    sigs[0] = g_unix_signal_add(SIGTERM, on_quit_signal, &x);
    sigs[1] = g_unix_signal_add(SIGINT, on_quit_signal, &x);
    reload rl = {&x, &cfg, config_path, no_autofullscreen, NULL};
    sigs[2] = g_unix_signal_add(SIGHUP, on_hup, &rl);
    char *watched = config_file_path(config_path);
    rl.watch = file_watch_new(watched, on_config_changed, &rl);
    g_free(watched);
    log_debug("managing display %s", display ? display : g_getenv("DISPLAY"));
    if (!x.quit)
        g_main_loop_run(x.loop);
    for (int i = 0; i < 3; i++)
        g_source_remove(sigs[i]);
    file_watch_destroy(rl.watch);
    status = x.exit_status;

    /* Every window goes back to the root, mapped, where it belongs. */
    if (!xcb_connection_has_error(x.conn)) {
        switch_end(&x, false, XCB_CURRENT_TIME);
        moveresize_finish(&x);
        ui_shutdown();
        unmanage_all(&x);
        plugins_unload();
        theme_finish(&x);
        comp_stop(x.comp);
        x.comp = NULL;
        root_teardown(&x);
        free(xcb_get_input_focus_reply(x.conn, xcb_get_input_focus(x.conn), NULL));
    }
    g_main_loop_unref(x.loop);

out:
    plugins_unload();
    keys_finish(&x);
    frame_finish(&x);
    if (x.sw.ids)
        g_array_free(x.sw.ids, TRUE);
    if (x.sw.depths)
        g_array_free(x.sw.depths, TRUE);
    x11_disconnect(&x);
    wm_destroy(x.model);
    g_hash_table_destroy(x.clients);
    g_hash_table_destroy(x.frames);
    g_hash_table_destroy(x.user_time_windows);
    g_hash_table_destroy(x.grips);
    g_array_free(x.pushed_stack, TRUE);
    g_array_free(x.pending_syncs, TRUE);
    g_array_free(x.adopted_tabs, TRUE);
    g_array_free(x.map_queue, TRUE);
    g_array_free(x.unmap_queue, TRUE);
    if (x.pushed_names)
        g_string_free(x.pushed_names, TRUE);
    if (x.stacking_list.pushed)
        g_array_free(x.stacking_list.pushed, TRUE);
    if (x.client_list.pushed)
        g_array_free(x.client_list.pushed, TRUE);
    config_finish(&cfg);
    return status;
}
