/*
 * Watching one file for changes without ever polling: through the deepest
 * directory on the way to it that exists, so that a file (or its
 * directory) made later is seen, and editors that save by renaming a new
 * file over the old one are too. A burst of events (one save) calls back
 * once, 50 ms after the last.
 */
#pragma once

#include <gio/gio.h>

typedef struct file_watch file_watch;
typedef void (*file_watch_fn)(void *data);

/* NULL (logged) when even the top directory cannot be watched. */
file_watch *file_watch_new(const char *path, file_watch_fn fn, void *data);
void file_watch_destroy(file_watch *w);
