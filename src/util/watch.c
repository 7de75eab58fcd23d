/*
 * See watch.h. GLib's file monitor, asked to watch a path whose directory
 * does not exist, polls it every few seconds; an idle window manager must
 * not wake, so the monitor is put on the deepest directory that exists and
 * moved closer when a directory on the way appears.
 */
#include "util/watch.h"

#include <stdbool.h>
#include <string.h>

#include "util/log.h"

struct file_watch {
    char *path;
    file_watch_fn fn;
    void *data;
    GFileMonitor *monitor;
    guint timer;
};

static void watch_closest(file_watch *w);

static gboolean on_timer(gpointer data)
{
    file_watch *w = data;
    w->timer = 0;
    w->fn(w->data);
    return G_SOURCE_REMOVE;
}

/* 1: f is the watched file; 2: a directory on the way to it; 0: other. */
static int relation(const char *path, GFile *f)
{
    g_autofree char *p = f ? g_file_get_path(f) : NULL;
    if (!p)
        return 0;
    if (!strcmp(p, path))
        return 1;
    size_t n = strlen(p);
    return !strncmp(p, path, n) && path[n] == '/' ? 2 : 0;
}

static void on_changed(GFileMonitor *mon, GFile *file, GFile *other, GFileMonitorEvent event,
                       gpointer data)
{
    file_watch *w = data;
    if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED)
        return;
    int rel = MAX(relation(w->path, file), relation(w->path, other));
    if (rel == 0)
        return; /* another file in the same directory */
    if (rel == 2)
        watch_closest(w); /* a directory on the way came or went */
    if (w->timer)
        g_source_remove(w->timer);
    w->timer = g_timeout_add(50, on_timer, w);
}

static void stop(file_watch *w)
{
    if (!w->monitor)
        return;
    g_signal_handlers_disconnect_by_data(w->monitor, w);
    g_clear_object(&w->monitor);
}

static void watch_closest(file_watch *w)
{
    stop(w);
    g_autofree char *dir = g_path_get_dirname(w->path);
    while (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
        char *up = g_path_get_dirname(dir);
        bool top = !strcmp(up, dir);
        g_free(dir);
        dir = up;
        if (top)
            return;
    }
    g_autoptr(GFile) f = g_file_new_for_path(dir);
    g_autoptr(GError) err = NULL;
    w->monitor = g_file_monitor_directory(f, G_FILE_MONITOR_WATCH_MOVES, NULL, &err);
    if (!w->monitor) {
        log_info("%s: not watched for changes (%s)", w->path, err->message);
        return;
    }
    g_signal_connect(w->monitor, "changed", G_CALLBACK(on_changed), w);
}

file_watch *file_watch_new(const char *path, file_watch_fn fn, void *data)
{
    file_watch *w = g_new0(file_watch, 1);
    w->path = g_strdup(path);
    w->fn = fn;
    w->data = data;
    watch_closest(w);
    return w;
}

void file_watch_destroy(file_watch *w)
{
    if (!w)
        return;
    stop(w);
    if (w->timer)
        g_source_remove(w->timer);
    g_free(w->path);
    g_free(w);
}
