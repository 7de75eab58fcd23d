/*
 * One-line log messages on stderr, prefixed "purr: ". Debug lines show only
 * when PURR_DEBUG is set in the environment.
 */
#pragma once

#include <glib.h>

void log_init(void);
void log_warn(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
void log_info(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
void log_debug(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
