/*
 * The plugin ABI as a binary, for abidw and abidiff: one exported function
 * whose parameters point to every public struct and enum of include/purr/,
 * so that the debug information describes them all (the opaque handles,
 * the function types and the typedefs come along through purr_host and the
 * hooks). Built with -g -Og and without sanitizers (tests/abi/meson.build).
 *
 * Each type is a parameter of its own, not only reached through another:
 * append-only.abignore lets a struct grow, and abidiff then says nothing
 * either of a type it reaches only through that struct.
 *
 * The parameters never change once released: a later minor that adds a
 * public type adds a function of its own (purr_abi_probe_1_1(), ...), which
 * append-only.abignore accepts as an added function.
 */
#include <purr/purr.h>

PURR_PLUGIN_EXPORT void purr_abi_probe_1_0(purr_rect *rect, purr_option_desc *option_desc,
                                           purr_event *event, purr_listener *listener,
                                           purr_host *host, purr_plugin_hooks *plugin_hooks,
                                           purr_plugin_desc *plugin_desc, purr_answer *answer,
                                           purr_layer *layer, purr_window_type *window_type,
                                           purr_option_type *option_type, purr_signal *signal,
                                           purr_log_level *log_level, enum purr_state *state,
                                           enum purr_change *change);

void purr_abi_probe_1_0(purr_rect *rect, purr_option_desc *option_desc, purr_event *event,
                        purr_listener *listener, purr_host *host, purr_plugin_hooks *plugin_hooks,
                        purr_plugin_desc *plugin_desc, purr_answer *answer, purr_layer *layer,
                        purr_window_type *window_type, purr_option_type *option_type,
                        purr_signal *signal, purr_log_level *log_level, enum purr_state *state,
                        enum purr_change *change)
{
    (void)rect, (void)option_desc, (void)event, (void)listener, (void)host, (void)plugin_hooks;
    (void)plugin_desc, (void)answer, (void)layer, (void)window_type, (void)option_type;
    (void)signal, (void)log_level, (void)state, (void)change;
}
