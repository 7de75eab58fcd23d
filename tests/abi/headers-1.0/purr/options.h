/* purr's plugin API: options a plugin declares and purr checks.
 *
 * A plugin never parses purr.conf. It lists its options in its descriptor;
 * purr reads the [plugin ID] group, checks each value against the
 * declaration (reporting file and line, keeping the default), shows the
 * options in `purr --list-plugins`, and hands the plugin typed values
 * (purr_host.option_*). */
#ifndef PURR_OPTIONS_H
#define PURR_OPTIONS_H

#include <purr/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum purr_option_type {
    PURR_OPTION_BOOL = 0,     /* true or false */
    PURR_OPTION_INT = 1,      /* an integer in [min, max] */
    PURR_OPTION_DOUBLE = 2,   /* a number in [min, max] */
    PURR_OPTION_STRING = 3,   /* any UTF-8 text */
    PURR_OPTION_ENUM = 4,     /* one of choices */
    PURR_OPTION_DURATION = 5, /* milliseconds, an integer in [min, max] */
} purr_option_type;

typedef struct purr_option_desc {
    uint32_t struct_size; /* sizeof(purr_option_desc) */
    const char *key;      /* [a-z0-9-]+, unique in the plugin */
    purr_option_type type;
    const char *default_value;  /* as it would be written in purr.conf */
    double min, max;            /* INT, DOUBLE, DURATION: the range (both 0: any) */
    const char *const *choices; /* ENUM: the names, NULL-terminated */
    const char *summary;        /* one line for --list-plugins */
} purr_option_desc;

#ifdef __cplusplus
}
#endif

#endif
