/*
 * kiosk: purr for a desktop whose windows are all undecorated and
 * maximized, with a dock that must stay in view (Sugar's case).
 *
 * - The autofullscreen rule is off: a maximized undecorated window stays
 *   a maximized window, under the docks, instead of turning fullscreen.
 * - Windows of dock-class (WM_CLASS class, or instance when it has no
 *   class; several separated by ';') stack above everything, fullscreen
 *   windows included, whatever their type.
 * - No window gets a frame (decorations = false turns that back on).
 * - No window menu opens.
 * - Actions listed in blocked-actions do nothing when their keys are
 *   pressed (say, close;minimize for a kiosk whose applications never
 *   close).
 */
#include <purr/purr.h>
#include <stdlib.h>
#include <string.h>

typedef struct kiosk {
    purr_plugin *self;
    const purr_host *host;
} kiosk;

static const purr_option_desc dock_class = {
    sizeof(purr_option_desc),
    "dock-class",
    PURR_OPTION_STRING,
    "",
    0,
    0,
    NULL,
    "WM_CLASS of the windows that stay above all others (';' between several)"};
static const purr_option_desc decorations = {sizeof(purr_option_desc),
                                             "decorations",
                                             PURR_OPTION_BOOL,
                                             "false",
                                             0,
                                             0,
                                             NULL,
                                             "frames around windows that ask for them"};
static const purr_option_desc blocked = {sizeof(purr_option_desc),
                                         "blocked-actions",
                                         PURR_OPTION_STRING,
                                         "",
                                         0,
                                         0,
                                         NULL,
                                         "key-bound actions that do nothing (';' between several)"};
static const purr_option_desc *const options[] = {&dock_class, &decorations, &blocked, NULL};

/* Is word one of the ';'-separated items of list? */
static int listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    if (!n)
        return 0;
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        while (len && *p == ' ')
            p++, len--;
        while (len && p[len - 1] == ' ')
            len--;
        if (len == n && !strncmp(p, word, n))
            return 1;
        if (!end)
            break;
        p = end + 1;
    }
    return 0;
}

static int kiosk_init(purr_plugin *self, const purr_host *host, void **data)
{
    kiosk *k = calloc(1, sizeof *k);
    if (!k)
        return -1;
    k->self = self;
    k->host = host;
    *data = k;
    return 0;
}

static void kiosk_fini(void *data)
{
    free(data);
}

static purr_answer kiosk_autofullscreen(void *data, purr_window *w, const purr_rect *request)
{
    (void)data, (void)w, (void)request;
    return PURR_NO;
}

static purr_answer kiosk_decorate(void *data, purr_window *w)
{
    kiosk *k = data;
    (void)w;
    return k->host->option_bool(k->self, "decorations") ? PURR_PASS : PURR_NO;
}

static purr_answer kiosk_layer(void *data, purr_window *w, purr_layer *layer)
{
    kiosk *k = data;
    if (!listed(k->host->option_string(k->self, "dock-class"), k->host->window_class(w)))
        return PURR_PASS;
    *layer = PURR_LAYER_TOP;
    return PURR_YES;
}

static purr_answer kiosk_keybinding(void *data, const char *action, purr_window *w)
{
    kiosk *k = data;
    (void)w;
    return listed(k->host->option_string(k->self, "blocked-actions"), action) ? PURR_NO : PURR_PASS;
}

static purr_answer kiosk_window_menu(void *data, purr_window *w, purr_menu *menu)
{
    (void)data, (void)w, (void)menu;
    return PURR_NO;
}

static const purr_plugin_hooks hooks = {
    .struct_size = sizeof(purr_plugin_hooks),
    .autofullscreen = kiosk_autofullscreen,
    .decorate = kiosk_decorate,
    .layer = kiosk_layer,
    .keybinding = kiosk_keybinding,
    .window_menu = kiosk_window_menu,
};

PURR_PLUGIN_DEFINE(.id = "kiosk", .name = "Kiosk",
                   .description = "undecorated maximized windows under a dock that stays "
                                  "in view; no autofullscreen, no window menu",
                   .version = "1.0", .options = options, .init = kiosk_init, .fini = kiosk_fini,
                   .hooks = &hooks);
