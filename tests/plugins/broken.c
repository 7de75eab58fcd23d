/*
 * Plugins that purr must refuse, one per BROKEN_* define: a descriptor of
 * another major, one shorter than ABI 1.0's, one that needs a newer minor,
 * one whose id is not its file's name, one with a bad option declaration,
 * and one whose init fails. Each would crash purr if purr ran its code.
 */
#include <purr/purr.h>
#include <stdlib.h>

static int crash_init(purr_plugin *self, const purr_host *host, void **data)
{
    (void)self, (void)host, (void)data;
#ifdef BROKEN_INIT_FAILS
    return 7;
#else
    abort(); /* purr must never get this far */
#endif
}

#if defined(BROKEN_MAJOR)
PURR_PLUGIN_EXPORT extern const purr_plugin_desc purr_plugin_v2;
const purr_plugin_desc purr_plugin_v2 = {
    sizeof(purr_plugin_desc), 2, 0, "bad-major", 0, 0, 0, 0, NULL, crash_init, NULL, NULL};
#elif defined(BROKEN_TRUNCATED)
PURR_PLUGIN_EXPORT extern const purr_plugin_desc purr_plugin_v1;
const purr_plugin_desc purr_plugin_v1 = {12, 1, 0,    "truncated", 0,    0,
                                         0,  0, NULL, crash_init,  NULL, NULL};
#elif defined(BROKEN_MINOR)
PURR_PLUGIN_EXPORT extern const purr_plugin_desc purr_plugin_v1;
const purr_plugin_desc purr_plugin_v1 = {
    sizeof(purr_plugin_desc), 1, 99, "newer-minor", 0, 0, 0, 0, NULL, crash_init, NULL, NULL};
#elif defined(BROKEN_ID)
PURR_PLUGIN_DEFINE(.id = "somebody-else", .init = crash_init);
#elif defined(BROKEN_OPTION)
static const purr_option_desc bad = {
    sizeof(purr_option_desc),          "size", PURR_OPTION_INT, "big", 0, 10, NULL,
    "a default that is not an integer"};
static const purr_option_desc *const options[] = {&bad, NULL};
PURR_PLUGIN_DEFINE(.id = "bad-option", .options = options, .init = crash_init);
#elif defined(BROKEN_INIT_FAILS)
PURR_PLUGIN_DEFINE(.id = "init-fails", .init = crash_init);
#endif
