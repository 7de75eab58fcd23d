/*
 * tinyplugin: a sample purr plugin that answers every hook, each as its
 * options say, and logs what its listeners hear. It is built against the
 * headers of the last ABI release (tests/abi/headers-1.0), to show that a
 * plugin built then still loads, and the integration tests drive purr's
 * plugin layer through it.
 *
 * Build it alone with: cc -shared -fPIC -I<purr>/include tinyplugin.c -o tiny.so
 * and enable it in purr.conf:
 *     [plugins]
 *     enabled = tiny
 *     [plugin tiny]
 *     focus-on-map = no
 */
#define _POSIX_C_SOURCE 200809L
#include <purr/purr.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef TINY_ID
#define TINY_ID "tiny"
#endif

typedef struct tiny {
    purr_plugin *self;
    const purr_host *host;
    purr_listener listener; /* embedded: PURR_CONTAINER_OF finds tiny */
    int menu_picks;
} tiny;

static const char *const answers[] = {"pass", "yes", "no", NULL};
static const char *const layers[] = {"desktop", "below",      "normal", "above",
                                     "dock",    "fullscreen", "top",    NULL};
static const char *const traps[] = {"none", "crash", "hang", "slow", NULL};

#define OPTION(name, k, t, def, lo, hi, ch, sum)                                                   \
    static const purr_option_desc opt_##name = {                                                   \
        sizeof(purr_option_desc), k, t, def, lo, hi, ch, sum}
OPTION(autofullscreen, "autofullscreen", PURR_OPTION_ENUM, "pass", 0, 0, answers,
       "answer to the autofullscreen rule");
OPTION(decorate, "decorate", PURR_OPTION_ENUM, "pass", 0, 0, answers, "answer to decorate");
OPTION(focus_on_map, "focus-on-map", PURR_OPTION_ENUM, "pass", 0, 0, answers,
       "answer to focus-on-map");
OPTION(place_at, "place-at", PURR_OPTION_STRING, "", 0, 0, NULL,
       "\"X,Y\": put new windows' frames there");
OPTION(layer_class, "layer-class", PURR_OPTION_STRING, "", 0, 0, NULL,
       "WM_CLASS whose windows get layer");
OPTION(layer, "layer", PURR_OPTION_ENUM, "above", 0, 0, layers,
       "the layer of layer-class's windows");
OPTION(take_action, "take-action", PURR_OPTION_STRING, "", 0, 0, NULL,
       "a keybinding action the plugin takes");
OPTION(menu, "menu", PURR_OPTION_ENUM, "pass", 0, 0, answers, "answer to the window menu");
OPTION(menu_item, "menu-item", PURR_OPTION_STRING, "", 0, 0, NULL,
       "an item (toggles Always on Top)");
OPTION(trap, "trap", PURR_OPTION_ENUM, "none", 0, 0, traps, "misbehave in focus-on-map");
OPTION(count, "count", PURR_OPTION_INT, "3", 0, 10, NULL, "a number, to test range checks");

static const purr_option_desc *const options[] = {
    &opt_autofullscreen, &opt_decorate, &opt_focus_on_map, &opt_place_at,
    &opt_layer_class,    &opt_layer,    &opt_take_action,  &opt_menu,
    &opt_menu_item,      &opt_trap,     &opt_count,        NULL,
};
static purr_answer answer_of(tiny *t, const char *option)
{
    const char *a = t->host->option_string(t->self, option);
    return !strcmp(a, "yes") ? PURR_YES : !strcmp(a, "no") ? PURR_NO : PURR_PASS;
}

static void say(tiny *t, const char *what, purr_window *w)
{
    t->host->log(t->self, PURR_LOG_INFO, "%s 0x%x '%s'", what, t->host->window_xid(w),
                 w ? t->host->window_title(w) : "");
}

static void notify(purr_listener *l, const purr_event *e)
{
    tiny *t = PURR_CONTAINER_OF(l, tiny, listener);
    switch (e->signal) {
    case PURR_SIGNAL_WINDOW_ADDED:
        say(t, "added", e->window);
        break;
    case PURR_SIGNAL_WINDOW_REMOVED:
        say(t, "removed", e->window);
        break;
    case PURR_SIGNAL_WINDOW_CHANGED:
        if (e->changed & PURR_CHANGE_TITLE)
            say(t, "title", e->window);
        break;
    case PURR_SIGNAL_FOCUS:
        t->host->log(t->self, PURR_LOG_INFO, "focus 0x%x from 0x%x",
                     e->window ? t->host->window_xid(e->window) : 0,
                     e->old_window ? t->host->window_xid(e->old_window) : 0);
        break;
    case PURR_SIGNAL_WORKSPACE:
        t->host->log(t->self, PURR_LOG_INFO, "workspace %u from %u", e->workspace,
                     e->old_workspace);
        break;
    case PURR_SIGNAL_CONFIG_RELOADED:
        t->host->log(t->self, PURR_LOG_INFO, "config reloaded");
        break;
    }
}

static int tiny_init(purr_plugin *self, const purr_host *host, void **data)
{
    tiny *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    t->self = self;
    t->host = host;
    t->listener.struct_size = sizeof t->listener;
    t->listener.signals =
        PURR_SIGNAL_BIT(PURR_SIGNAL_WINDOW_ADDED) | PURR_SIGNAL_BIT(PURR_SIGNAL_WINDOW_REMOVED) |
        PURR_SIGNAL_BIT(PURR_SIGNAL_WINDOW_CHANGED) | PURR_SIGNAL_BIT(PURR_SIGNAL_FOCUS) |
        PURR_SIGNAL_BIT(PURR_SIGNAL_WORKSPACE) | PURR_SIGNAL_BIT(PURR_SIGNAL_CONFIG_RELOADED);
    t->listener.notify = notify;
    host->listen(self, &t->listener);
    host->log(self, PURR_LOG_INFO, "init on purr %s (ABI %u.%u), count %lld", host->version,
              host->abi_major, host->abi_minor, (long long)host->option_int(self, "count"));
    *data = t;
    return 0;
}

static void tiny_fini(void *data)
{
    tiny *t = data;
    t->host->unlisten(t->self, &t->listener);
    free(t);
}

static void tiny_start(void *data)
{
    tiny *t = data;
    int n = 0;
    for (purr_window *w = t->host->window_first(); w; w = t->host->window_next(w))
        n++;
    t->host->log(t->self, PURR_LOG_INFO, "start with %d windows on %u workspaces", n,
                 t->host->workspace_count());
}

static void tiny_option_changed(void *data, const char *option)
{
    tiny *t = data;
    t->host->log(t->self, PURR_LOG_INFO, "option %s is now '%s'", option,
                 !strcmp(option, "count") ? "(int)" : t->host->option_string(t->self, option));
}

static purr_answer tiny_autofullscreen(void *data, purr_window *w, const purr_rect *request)
{
    tiny *t = data;
    purr_answer a = answer_of(t, "autofullscreen");
    if (a != PURR_PASS)
        t->host->log(t->self, PURR_LOG_INFO, "autofullscreen %s for 0x%x at %dx%d",
                     a == PURR_YES ? "yes" : "no", t->host->window_xid(w), request->width,
                     request->height);
    return a;
}

static purr_answer tiny_decorate(void *data, purr_window *w)
{
    (void)w;
    return answer_of(data, "decorate");
}

static purr_answer tiny_place(void *data, purr_window *w, purr_rect *frame)
{
    tiny *t = data;
    int x, y;
    if (sscanf(t->host->option_string(t->self, "place-at"), "%d,%d", &x, &y) != 2)
        return PURR_PASS;
    frame->x = x;
    frame->y = y;
    return PURR_YES;
}

static purr_answer tiny_focus_on_map(void *data, purr_window *w)
{
    tiny *t = data;
    const char *trap = t->host->option_string(t->self, "trap");
    if (!strcmp(trap, "crash"))
        raise(SIGSEGV);
    else if (!strcmp(trap, "hang"))
        for (volatile int spin = 1; spin;)
            ;
    else if (!strcmp(trap, "slow")) {
        struct timespec ts = {0, 150 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    return answer_of(t, "focus-on-map");
}

static purr_answer tiny_layer(void *data, purr_window *w, purr_layer *layer)
{
    tiny *t = data;
    const char *cls = t->host->option_string(t->self, "layer-class");
    if (!*cls || strcmp(cls, t->host->window_class(w)))
        return PURR_PASS;
    const char *want = t->host->option_string(t->self, "layer");
    for (int i = 0; layers[i]; i++)
        if (!strcmp(layers[i], want))
            *layer = (purr_layer)i;
    return PURR_YES;
}

static purr_answer tiny_keybinding(void *data, const char *action, purr_window *w)
{
    tiny *t = data;
    if (strcmp(action, t->host->option_string(t->self, "take-action")))
        return PURR_PASS;
    t->host->log(t->self, PURR_LOG_INFO, "took %s", action);
    return PURR_YES;
}

static void on_item(void *data, purr_window *w)
{
    tiny *t = data;
    t->menu_picks++;
    say(t, "menu item picked on", w);
    t->host->run_action("toggle-above", w);
}

static purr_answer tiny_window_menu(void *data, purr_window *w, purr_menu *menu)
{
    tiny *t = data;
    const char *label = t->host->option_string(t->self, "menu-item");
    if (*label)
        t->host->menu_add(menu, label, on_item, t);
    return answer_of(t, "menu");
}

static const purr_plugin_hooks hooks = {
    .struct_size = sizeof(purr_plugin_hooks),
    .start = tiny_start,
    .option_changed = tiny_option_changed,
    .autofullscreen = tiny_autofullscreen,
    .decorate = tiny_decorate,
    .place = tiny_place,
    .focus_on_map = tiny_focus_on_map,
    .layer = tiny_layer,
    .keybinding = tiny_keybinding,
    .window_menu = tiny_window_menu,
};

PURR_PLUGIN_DEFINE(.id = TINY_ID, .name = "Tiny sample plugin",
                   .description = "answers every hook as its options say", .version = "1.0",
                   .options = options, .init = tiny_init, .fini = tiny_fini, .hooks = &hooks);
