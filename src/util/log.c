/*
 * Logging. Every message is one line on stderr so tests and users can grep
 * it; nothing here allocates on the hot path when debug output is off.
 */
#include "util/log.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static bool debug_on;

void log_init(void)
{
    debug_on = getenv("PURR_DEBUG") != NULL;
}

static void emit(const char *level, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    fprintf(stderr, "purr: %s%s\n", level, buf);
}

void log_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit("warning: ", fmt, ap);
    va_end(ap);
}

void log_info(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit("", fmt, ap);
    va_end(ap);
}

void log_debug(const char *fmt, ...)
{
    if (!debug_on)
        return;
    va_list ap;
    va_start(ap, fmt);
    emit("debug: ", fmt, ap);
    va_end(ap);
}
