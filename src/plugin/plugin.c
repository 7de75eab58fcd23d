/*
 * Loading plugins and calling them.
 *
 * A plugin is a shared object exporting one descriptor (include/purr/
 * plugin.h). It is opened with RTLD_LOCAL, so plugins never see each
 * other's symbols, and its descriptor is checked (symbol, size, major,
 * minor, id, options) before any function of it runs. purr's side of
 * every struct is its own copy, zero-filled past what the plugin's size
 * covers, so a hook a plugin built against older headers does not have
 * reads as NULL.
 *
 * Every call into a plugin goes through CALL(): it names the plugin and
 * the hook for the crash handler (a plugin that crashes purr is left out
 * when purr starts again, until its file changes), times the call (over
 * 100 ms is logged) and arms a timer that stops purr when a call has not
 * returned after 5 s. The hooks are asked in [plugins] enabled= order;
 * the first answer that is not PURR_PASS decides.
 */
#include "plugin/plugin.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <purr/purr.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "actions.h"
#include "util/log.h"
#include "version.h"
#include "wm/wm.h"
#include "x11/x11.h"

#define SLOW_CALL_US   (100 * 1000)
#define HUNG_CALL_S    5
#define VALUE_MAX      4096 /* bytes of one option's text */
#define MENU_ITEMS_MAX 32

_Static_assert((int)PURR_LAYER_TOP == (int)WM_LAYER_TOP &&
                   (int)PURR_LAYER_FULLSCREEN == (int)WM_LAYER_FULLSCREEN &&
                   (int)PURR_LAYER_DESKTOP == (int)WM_LAYER_DESKTOP &&
                   (int)PURR_LAYER_DOCK == (int)WM_LAYER_DOCK,
               "purr_layer follows wm_layer");
_Static_assert((int)PURR_TYPE_NOTIFICATION == (int)WM_TYPE_NOTIFICATION &&
                   (int)PURR_TYPE_DIALOG == (int)WM_TYPE_DIALOG,
               "purr_window_type follows wm_type");

/* The smallest descriptor and option declaration purr accepts: ABI 1.0's. */
#define DESC_MIN_SIZE   (offsetof(purr_plugin_desc, hooks) + sizeof(void *))
#define OPTION_MIN_SIZE (offsetof(purr_option_desc, summary) + sizeof(void *))

typedef struct option_value {
    const purr_option_desc *desc;
    char *text;  /* the value in force, as text */
    int64_t i;   /* BOOL, INT, DURATION */
    double d;    /* DOUBLE */
    bool warned; /* asked for with the wrong type, told once */
} option_value;

typedef struct listener_slot {
    purr_listener *l;
    bool alive; /* false: removed during an emission, dropped after it */
} listener_slot;

struct purr_plugin {
    char *id, *path;
    void *handle;
    const purr_plugin_desc *desc;
    purr_plugin_hooks hooks; /* the plugin's, zero past its size */
    void *data;
    GPtrArray *options; /* option_value *, in declaration order */
    GArray *listeners;  /* listener_slot */
    bool started;
};

struct purr_menu {
    purr_plugin *owner; /* whose hook is adding items */
};

typedef struct menu_item {
    char *label;
    purr_menu_callback activate;
    void *data;
    purr_plugin *owner;
} menu_item;

static struct {
    x11 *x;
    GPtrArray *loaded; /* purr_plugin *, in enabled= order */
    wm_policy policy;
    char *blame_path;
    int emitting; /* nesting of listener emissions */
    /* What the listeners last heard. */
    wm_client *focused;
    uint32_t workspace;
    GHashTable *live;  /* wm_client * of managed windows: handles checked */
    GHashTable *fresh; /* added since the last flush: no changed event yet */
    GArray *menu;      /* menu_item of the menu last opened */
    GPtrArray *menu_labels;
    timer_t hang_timer;
    bool have_timer;
} P;

/* The call in progress, for the crash handler: async-signal-safe reads. */
static const char *volatile current_plugin;
static const char *volatile current_hook;
static volatile sig_atomic_t call_depth;

/* --- crash and hang blame ------------------------------------------- */

static void write_str(int fd, const char *s)
{
    if (s && write(fd, s, strlen(s)) < 0)
        return;
}

static void blame(int sig)
{
    const char *id = current_plugin;
    if (!id || !P.blame_path)
        return;
    int fd = open(P.blame_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd >= 0) {
        write_str(fd, id);
        write_str(fd, "\n");
        write_str(fd, current_hook);
        write_str(fd, "\n");
        close(fd);
    }
    write_str(2, "purr: plugin ");
    write_str(2, id);
    write_str(2, sig == SIGALRM ? " has not returned from " : " crashed purr in ");
    write_str(2, current_hook);
    write_str(2, "; it is left out when purr starts again\n");
}

static void on_fatal_signal(int sig)
{
    blame(sig);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The hang timer: only armed during a call into a plugin. */
static void on_hang(int sig)
{
    if (!call_depth)
        return;
    blame(sig);
    current_plugin = NULL; /* blamed once, not again by abort() */
    abort();
}

static void install_crash_handler(void)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    struct sigaction sa = {0};
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < G_N_ELEMENTS(sigs); i++)
        sigaction(sigs[i], &sa, NULL);
    sa.sa_handler = on_hang;
    sa.sa_flags = 0;
    sigaction(SIGALRM, &sa, NULL);
    struct sigevent sev = {0};
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGALRM;
    P.have_timer = timer_create(CLOCK_MONOTONIC, &sev, &P.hang_timer) == 0;
}

static void arm(bool on)
{
    if (!P.have_timer)
        return;
    struct itimerspec t = {{0, 0}, {on ? HUNG_CALL_S : 0, 0}};
    timer_settime(P.hang_timer, 0, &t, NULL);
}

/* The file naming the plugin that crashed purr: one per display, in the
 * user's runtime directory. */
static char *blame_file(const char *display)
{
    const char *d = display ? display : g_getenv("DISPLAY");
    g_autofree char *name = g_strdup_printf("plugin-blame-%s", d ? d : "");
    g_strdelimit(name, "/", '_');
    g_autofree char *dir = g_build_filename(g_get_user_runtime_dir(), "purr", NULL);
    g_mkdir_with_parents(dir, 0700);
    return g_build_filename(dir, name, NULL);
}

typedef struct call_state {
    const char *plugin, *hook;
    gint64 t0;
} call_state;

static call_state call_begin(purr_plugin *p, const char *hook)
{
    call_state s = {current_plugin, current_hook, g_get_monotonic_time()};
    current_plugin = p->id;
    current_hook = hook;
    if (call_depth++ == 0)
        arm(true);
    return s;
}

static void call_end(purr_plugin *p, const char *hook, call_state s)
{
    if (--call_depth == 0)
        arm(false);
    current_plugin = s.plugin;
    current_hook = s.hook;
    gint64 us = g_get_monotonic_time() - s.t0;
    if (us > SLOW_CALL_US)
        log_warn("plugin %s: %s took %" G_GINT64_FORMAT " ms", p->id, hook, us / 1000);
}

#define CALL(p, hook, expr)                                                                        \
    do {                                                                                           \
        call_state cs_ = call_begin(p, hook);                                                      \
        expr;                                                                                      \
        call_end(p, hook, cs_);                                                                    \
    } while (0)

/* --- options ---------------------------------------------------------- */

static const char *const type_names[] = {"bool", "int", "double", "string", "enum", "duration"};

/* text as a value of o, or the reason it is not one. */
static const char *parse_value(const purr_option_desc *o, const char *text, option_value *v)
{
    char *end = NULL;
    bool ranged = o->min != 0 || o->max != 0;
    if (strlen(text) > VALUE_MAX)
        return "is too long";
    switch (o->type) {
    case PURR_OPTION_BOOL:
        if (!strcmp(text, "true"))
            v->i = 1;
        else if (!strcmp(text, "false"))
            v->i = 0;
        else
            return "is not true or false";
        return NULL;
    case PURR_OPTION_INT:
    case PURR_OPTION_DURATION:
        errno = 0;
        v->i = g_ascii_strtoll(text, &end, 10);
        if (!*text || *end || errno)
            return "is not an integer";
        if (ranged && (v->i < o->min || v->i > o->max))
            return "is out of range";
        return NULL;
    case PURR_OPTION_DOUBLE:
        errno = 0;
        v->d = g_ascii_strtod(text, &end);
        if (!*text || *end || errno || v->d != v->d)
            return "is not a number";
        if (ranged && (v->d < o->min || v->d > o->max))
            return "is out of range";
        return NULL;
    case PURR_OPTION_STRING:
        return g_utf8_validate(text, -1, NULL) ? NULL : "is not UTF-8";
    case PURR_OPTION_ENUM:
        for (int i = 0; o->choices && o->choices[i]; i++)
            if (!strcmp(o->choices[i], text))
                return NULL;
        return "is not one of the choices";
    }
    return "has an unknown type";
}

static void set_value(option_value *v, const char *text)
{
    g_free(v->text);
    v->text = g_strdup(text);
}

/* Why the plugin's declarations cannot be used, or NULL. */
static const char *check_options(const purr_plugin_desc *d, char **detail)
{
    for (int i = 0; d->options && d->options[i]; i++) {
        const purr_option_desc *o = d->options[i];
        if (i >= 256)
            return "declares more than 256 options";
        if (o->struct_size < OPTION_MIN_SIZE)
            return "declares an option smaller than ABI 1.0's";
        if (!o->key || !config_plugin_id_valid(o->key))
            return "declares an option whose key is not [a-z0-9-]";
        if ((unsigned)o->type >= G_N_ELEMENTS(type_names)) {
            *detail = g_strdup(o->key);
            return "declares an option of an unknown type";
        }
        option_value v = {0};
        if (!o->default_value || parse_value(o, o->default_value, &v)) {
            *detail = g_strdup(o->key);
            return "declares an option whose default is not a value of it";
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(d->options[j]->key, o->key)) {
                *detail = g_strdup(o->key);
                return "declares an option twice";
            }
    }
    return NULL;
}

static option_value *find_option(purr_plugin *p, const char *key)
{
    for (guint i = 0; key && i < p->options->len; i++) {
        option_value *v = p->options->pdata[i];
        if (!strcmp(v->desc->key, key))
            return v;
    }
    return NULL;
}

static void option_value_free(void *p)
{
    option_value *v = p;
    g_free(v->text);
    g_free(v);
}

/* The plugin's options from cfg, each checked; a wrong one is reported
 * with its line and keeps its default (or, on reload, its last value).
 * Returns the keys whose value changed. */
static GPtrArray *apply_options(purr_plugin *p, const purr_config *cfg, bool reload)
{
    GPtrArray *changed = g_ptr_array_new();
    const char *file = cfg->path ? cfg->path : "purr.conf";
    for (guint i = 0; i < p->options->len; i++) {
        option_value *v = p->options->pdata[i];
        const char *text = v->desc->default_value;
        for (guint j = 0; cfg->plugin_values && j < cfg->plugin_values->len; j++) {
            const purr_plugin_value *pv = &g_array_index(cfg->plugin_values, purr_plugin_value, j);
            if (strcmp(pv->plugin, p->id) || strcmp(pv->key, v->desc->key))
                continue;
            option_value probe = {0};
            const char *why = parse_value(v->desc, pv->value, &probe);
            if (why) {
                g_autofree char *range =
                    v->desc->min != 0 || v->desc->max != 0
                        ? g_strdup_printf(" (%g to %g)", v->desc->min, v->desc->max)
                        : g_strdup("");
                log_warn("%s:%d: [plugin %s] %s: '%s' %s%s; %s", file, pv->line, p->id, pv->key,
                         pv->value, why, range,
                         reload ? "keeping the last value" : "using the default");
                if (reload)
                    text = v->text;
            } else {
                text = pv->value;
            }
        }
        if (g_strcmp0(v->text, text) == 0)
            continue;
        g_autofree char *copy = g_strdup(text);
        parse_value(v->desc, copy, v);
        set_value(v, copy);
        if (reload)
            g_ptr_array_add(changed, (char *)v->desc->key);
    }
    for (guint j = 0; cfg->plugin_values && j < cfg->plugin_values->len; j++) {
        const purr_plugin_value *pv = &g_array_index(cfg->plugin_values, purr_plugin_value, j);
        if (!strcmp(pv->plugin, p->id) && !find_option(p, pv->key))
            log_warn("%s:%d: [plugin %s] has no option '%s'; ignoring it", file, pv->line, p->id,
                     pv->key);
    }
    return changed;
}

/* --- handles ---------------------------------------------------------- */

static wm_client *win(const purr_window *w)
{
    wm_client *c = (wm_client *)w;
    if (!w || !g_hash_table_contains(P.live, c)) {
        if (w)
            log_warn("plugin %s handed purr a window it does not manage",
                     current_plugin ? current_plugin : "?");
        return NULL;
    }
    return c;
}

static purr_window *handle(wm_client *c)
{
    return (purr_window *)c;
}

/* --- the host table --------------------------------------------------- */

static purr_plugin *plugin_of(purr_plugin *self)
{
    return self && g_ptr_array_find(P.loaded, self, NULL) ? self : NULL;
}

static void host_log(purr_plugin *self, purr_log_level level, const char *fmt, ...)
{
    purr_plugin *p = plugin_of(self);
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_autofree char *valid = g_utf8_make_valid(text, MIN(strlen(text), 1024));
    const char *id = p ? p->id : "?";
    if (level >= PURR_LOG_WARNING)
        log_warn("plugin %s: %s", id, valid);
    else if (level == PURR_LOG_INFO)
        log_info("plugin %s: %s", id, valid);
    else
        log_debug("plugin %s: %s", id, valid);
}

static option_value *typed_option(purr_plugin *self, const char *key, unsigned types)
{
    purr_plugin *p = plugin_of(self);
    option_value *v = p ? find_option(p, key) : NULL;
    if (!v) {
        if (p)
            log_warn("plugin %s asked for option '%s', which it does not declare", p->id,
                     key ? key : "(null)");
        return NULL;
    }
    if (!(types & (1u << v->desc->type))) {
        if (!v->warned)
            log_warn("plugin %s asked for option '%s' as another type than its own (%s)", p->id,
                     key, type_names[v->desc->type]);
        v->warned = true;
        return NULL;
    }
    return v;
}

static int host_option_bool(purr_plugin *self, const char *key)
{
    option_value *v = typed_option(self, key, 1u << PURR_OPTION_BOOL);
    return v ? (int)v->i : 0;
}

static int64_t host_option_int(purr_plugin *self, const char *key)
{
    option_value *v =
        typed_option(self, key, (1u << PURR_OPTION_INT) | (1u << PURR_OPTION_DURATION));
    return v ? v->i : 0;
}

static double host_option_double(purr_plugin *self, const char *key)
{
    option_value *v = typed_option(self, key, 1u << PURR_OPTION_DOUBLE);
    return v ? v->d : 0.0;
}

static const char *host_option_string(purr_plugin *self, const char *key)
{
    option_value *v =
        typed_option(self, key, (1u << PURR_OPTION_STRING) | (1u << PURR_OPTION_ENUM));
    return v ? v->text : "";
}

static void host_listen(purr_plugin *self, purr_listener *l)
{
    purr_plugin *p = plugin_of(self);
    if (!p || !l || l->struct_size < sizeof(purr_listener) || !l->notify)
        return;
    for (guint i = 0; i < p->listeners->len; i++) {
        listener_slot *s = &g_array_index(p->listeners, listener_slot, i);
        if (s->l == l) {
            s->alive = true;
            return;
        }
    }
    listener_slot s = {l, true};
    g_array_append_val(p->listeners, s);
}

static void drop_dead(purr_plugin *p)
{
    for (guint i = p->listeners->len; i-- > 0;)
        if (!g_array_index(p->listeners, listener_slot, i).alive)
            g_array_remove_index(p->listeners, i);
}

static void host_unlisten(purr_plugin *self, purr_listener *l)
{
    purr_plugin *p = plugin_of(self);
    for (guint i = 0; p && i < p->listeners->len; i++) {
        listener_slot *s = &g_array_index(p->listeners, listener_slot, i);
        if (s->l == l)
            s->alive = false;
    }
    if (p && !P.emitting)
        drop_dead(p);
}

static purr_window *host_window_first(void)
{
    wm *m = P.x->model;
    return m->clients->len ? handle(m->clients->pdata[0]) : NULL;
}

static purr_window *host_window_next(const purr_window *w)
{
    wm_client *c = win(w);
    guint i;
    wm *m = P.x->model;
    if (!c || !g_ptr_array_find(m->clients, c, &i) || i + 1 >= m->clients->len)
        return NULL;
    return handle(m->clients->pdata[i + 1]);
}

static purr_window *host_window_focused(void)
{
    return handle(P.x->model->focused);
}

static purr_window *host_window_by_xid(uint32_t xid)
{
    return handle(wm_find(P.x->model, xid));
}

static uint32_t host_window_xid(const purr_window *w)
{
    wm_client *c = win(w);
    return c ? c->id : 0;
}

static const char *host_window_title(const purr_window *w)
{
    wm_client *c = win(w);
    return c ? c->title : "";
}

static const char *host_window_class(const purr_window *w)
{
    wm_client *c = win(w);
    return c && c->wm_class ? c->wm_class : "";
}

static const char *host_window_role(const purr_window *w)
{
    wm_client *c = win(w);
    return c && c->role ? c->role : "";
}

static purr_window_type host_window_type(const purr_window *w)
{
    wm_client *c = win(w);
    return c ? (purr_window_type)c->type : PURR_TYPE_NORMAL;
}

static uint32_t host_window_states(const purr_window *w)
{
    wm_client *c = win(w);
    if (!c)
        return 0;
    const wm *m = P.x->model;
    return (c->max_h ? PURR_STATE_MAXIMIZED_HORZ : 0) | (c->max_v ? PURR_STATE_MAXIMIZED_VERT : 0) |
           (c->fullscreen ? PURR_STATE_FULLSCREEN : 0) | (c->minimized ? PURR_STATE_MINIMIZED : 0) |
           (c->shaded ? PURR_STATE_SHADED : 0) | (c->above ? PURR_STATE_ABOVE : 0) |
           (c->below ? PURR_STATE_BELOW : 0) |
           (c->workspace == WM_ALL_WORKSPACES ? PURR_STATE_STICKY : 0) |
           (m->focused == c ? PURR_STATE_FOCUSED : 0) |
           (c->demands_attention ? PURR_STATE_DEMANDS_ATTENTION : 0) |
           (!client_undecorated(c) ? PURR_STATE_DECORATED : 0) |
           (c->tile != WM_TILE_NONE ? PURR_STATE_TILED : 0) |
           (client_visible(m, c) ? PURR_STATE_VISIBLE : 0);
}

static uint32_t host_window_workspace(const purr_window *w)
{
    wm_client *c = win(w);
    return c ? c->workspace : 0;
}

static purr_window *host_window_transient_for(const purr_window *w)
{
    wm_client *c = win(w);
    return c ? handle(c->transient_for) : NULL;
}

static purr_rect to_rect(wm_rect r)
{
    return (purr_rect){r.x, r.y, r.w, r.h};
}

static void host_window_frame(const purr_window *w, purr_rect *out)
{
    wm_client *c = win(w);
    if (out)
        *out = c ? to_rect(client_frame_rect(P.x->model, c)) : (purr_rect){0, 0, 0, 0};
}

static wm_client *target(purr_window *w)
{
    return w ? win(w) : P.x->model->focused;
}

static int host_run_action(const char *action, purr_window *w)
{
    int a = action ? action_by_name(action) : -1;
    if (a < 0)
        return -1;
    wm_client *c = target(w);
    if (w && !c)
        return 0;
    perform(P.x, (enum purr_action)a, c, P.x->last_time);
    return 0;
}

static void host_window_activate(purr_window *w)
{
    wm_client *c = win(w);
    if (c)
        focus_activate(P.x->model, c);
}

static void host_window_close(purr_window *w)
{
    wm_client *c = target(w);
    if (c)
        perform(P.x, ACTION_CLOSE, c, P.x->last_time);
}

static void host_window_move_to_workspace(purr_window *w, uint32_t ws)
{
    wm_client *c = target(w);
    if (c && (ws == PURR_ALL_WORKSPACES || ws < P.x->model->n_workspaces))
        workspace_move_client(P.x->model, c, ws);
}

static uint32_t host_workspace_count(void)
{
    return P.x->model->n_workspaces;
}

static uint32_t host_workspace_current(void)
{
    return P.x->model->current_workspace;
}

static void host_workspace_switch(uint32_t ws)
{
    if (ws < P.x->model->n_workspaces)
        workspace_switch(P.x->model, ws);
}

static uint32_t host_monitor_count(void)
{
    return P.x->model->monitors->len;
}

static int host_monitor_rects(uint32_t i, purr_rect *rect, purr_rect *work)
{
    const wm *m = P.x->model;
    if (i >= m->monitors->len)
        return -1;
    const wm_monitor *mon = monitor_get(m, (int)i);
    if (rect)
        *rect = to_rect(mon->rect);
    if (work)
        *work = to_rect(mon->work);
    return 0;
}

static void host_menu_add(purr_menu *menu, const char *label, purr_menu_callback activate,
                          void *data)
{
    if (!menu || !P.menu || !label || !activate || menu->owner == NULL)
        return;
    if (P.menu->len >= MENU_ITEMS_MAX) {
        log_warn("plugin %s: more than %d window menu items; leaving the rest out", menu->owner->id,
                 MENU_ITEMS_MAX);
        return;
    }
    menu_item it = {g_utf8_make_valid(label, MIN(strlen(label), 256)), activate, data, menu->owner};
    g_array_append_val(P.menu, it);
}

static const purr_host host = {
    .struct_size = sizeof(purr_host),
    .abi_major = PURR_PLUGIN_ABI_MAJOR,
    .abi_minor = PURR_PLUGIN_ABI_MINOR,
    .version = PURR_VERSION,
    .log = host_log,
    .option_bool = host_option_bool,
    .option_int = host_option_int,
    .option_double = host_option_double,
    .option_string = host_option_string,
    .listen = host_listen,
    .unlisten = host_unlisten,
    .window_first = host_window_first,
    .window_next = host_window_next,
    .window_focused = host_window_focused,
    .window_by_xid = host_window_by_xid,
    .window_xid = host_window_xid,
    .window_title = host_window_title,
    .window_class = host_window_class,
    .window_role = host_window_role,
    .window_type = host_window_type,
    .window_states = host_window_states,
    .window_workspace = host_window_workspace,
    .window_transient_for = host_window_transient_for,
    .window_frame = host_window_frame,
    .run_action = host_run_action,
    .window_activate = host_window_activate,
    .window_close = host_window_close,
    .window_move_to_workspace = host_window_move_to_workspace,
    .workspace_count = host_workspace_count,
    .workspace_current = host_workspace_current,
    .workspace_switch = host_workspace_switch,
    .monitor_count = host_monitor_count,
    .monitor_rects = host_monitor_rects,
    .menu_add = host_menu_add,
};

/* --- listeners -------------------------------------------------------- */

static void emit(purr_event *e)
{
    e->struct_size = sizeof *e;
    P.emitting++;
    for (guint i = 0; P.loaded && i < P.loaded->len; i++) {
        purr_plugin *p = P.loaded->pdata[i];
        /* Listeners added during this emission hear the next one. */
        guint n = p->listeners->len;
        for (guint j = 0; j < n; j++) {
            listener_slot s = g_array_index(p->listeners, listener_slot, j);
            if (s.alive && (s.l->signals & PURR_SIGNAL_BIT(e->signal)))
                CALL(p, "a listener", s.l->notify(s.l, e));
        }
    }
    if (--P.emitting == 0)
        for (guint i = 0; i < P.loaded->len; i++)
            drop_dead(P.loaded->pdata[i]);
}

static void on_added(void *data, wm_client *c)
{
    g_hash_table_add(P.live, c);
    g_hash_table_add(P.fresh, c);
    emit(&(purr_event){.signal = PURR_SIGNAL_WINDOW_ADDED, .window = handle(c)});
}

static void on_removed(void *data, wm_client *c)
{
    emit(&(purr_event){.signal = PURR_SIGNAL_WINDOW_REMOVED, .window = handle(c)});
    g_hash_table_remove(P.live, c);
    g_hash_table_remove(P.fresh, c);
    if (P.focused == c)
        P.focused = NULL;
}

static uint32_t changes(unsigned dirty)
{
    return (dirty & WM_DIRTY_GEOMETRY ? PURR_CHANGE_GEOMETRY : 0) |
           (dirty & WM_DIRTY_STATE ? PURR_CHANGE_STATE : 0) |
           (dirty & WM_DIRTY_DESKTOP ? PURR_CHANGE_WORKSPACE : 0) |
           (dirty & WM_DIRTY_TITLE ? PURR_CHANGE_TITLE : 0) |
           (dirty & WM_DIRTY_VISIBLE ? PURR_CHANGE_VISIBLE : 0);
}

static bool anyone_listens(void)
{
    for (guint i = 0; P.loaded && i < P.loaded->len; i++)
        if (((purr_plugin *)P.loaded->pdata[i])->listeners->len)
            return true;
    return false;
}

void plugins_flush(void)
{
    if (!P.x || !P.loaded || !P.loaded->len)
        return;
    wm *m = P.x->model;
    if (anyone_listens()) {
        for (guint i = 0; i < m->clients->len; i++) {
            wm_client *c = m->clients->pdata[i];
            uint32_t what = changes(c->dirty);
            if (what && !g_hash_table_contains(P.fresh, c))
                emit(&(purr_event){
                    .signal = PURR_SIGNAL_WINDOW_CHANGED, .window = handle(c), .changed = what});
        }
        if (m->focused != P.focused) {
            wm_client *old = P.focused;
            P.focused = m->focused;
            emit(&(purr_event){.signal = PURR_SIGNAL_FOCUS,
                               .window = handle(m->focused),
                               .old_window = handle(old)});
        }
        if (m->current_workspace != P.workspace) {
            uint32_t old = P.workspace;
            P.workspace = m->current_workspace;
            emit(&(purr_event){.signal = PURR_SIGNAL_WORKSPACE,
                               .workspace = m->current_workspace,
                               .old_workspace = old});
        }
    } else {
        P.focused = m->focused;
        P.workspace = m->current_workspace;
    }
    g_hash_table_remove_all(P.fresh);
}

/* --- policy hooks ----------------------------------------------------- */

/* An answer the plugin could not mean is told and taken as a pass. */
static purr_answer checked(purr_plugin *p, const char *hook, purr_answer a)
{
    if (a == PURR_PASS || a == PURR_YES || a == PURR_NO)
        return a;
    log_warn("plugin %s: %s answered %d, which is not PASS, YES or NO; taking it as PASS", p->id,
             hook, (int)a);
    return PURR_PASS;
}

static enum wm_policy_answer answer(purr_answer a)
{
    return a == PURR_YES ? WM_POLICY_YES : a == PURR_NO ? WM_POLICY_NO : WM_POLICY_PASS;
}

/* Ask hook of each plugin that has it, in order, until one answers. */
#define ASK(name, ...)                                                                             \
    for (guint i_ = 0; i_ < P.loaded->len; i_++) {                                                 \
        purr_plugin *p_ = P.loaded->pdata[i_];                                                     \
        if (!p_->hooks.name)                                                                       \
            continue;                                                                              \
        purr_answer a_ = PURR_PASS;                                                                \
        CALL(p_, #name, a_ = p_->hooks.name(p_->data, __VA_ARGS__));                               \
        a_ = checked(p_, #name, a_);                                                               \
        if (a_ != PURR_PASS) {                                                                     \
            result_ = a_;                                                                          \
            break;                                                                                 \
        }                                                                                          \
    }

static enum wm_policy_answer policy_autofullscreen_hook(void *data, const wm_client *c, wm_rect req)
{
    purr_rect r = to_rect(req);
    purr_answer result_ = PURR_PASS;
    ASK(autofullscreen, handle((wm_client *)c), &r);
    return answer(result_);
}

static enum wm_policy_answer policy_decorate_hook(void *data, const wm_client *c)
{
    purr_answer result_ = PURR_PASS;
    ASK(decorate, handle((wm_client *)c));
    return answer(result_);
}

static enum wm_policy_answer policy_place_hook(void *data, const wm_client *c, wm_rect *frame)
{
    purr_answer result_ = PURR_PASS;
    purr_rect r = to_rect(*frame);
    ASK(place, handle((wm_client *)c), &r);
    if (result_ == PURR_YES) {
        frame->x = r.x;
        frame->y = r.y;
    }
    return answer(result_);
}

static enum wm_policy_answer policy_focus_hook(void *data, const wm_client *c)
{
    purr_answer result_ = PURR_PASS;
    ASK(focus_on_map, handle((wm_client *)c));
    return answer(result_);
}

static enum wm_policy_answer policy_layer_hook(void *data, const wm_client *c, enum wm_layer *layer)
{
    purr_answer result_ = PURR_PASS;
    purr_layer l = (purr_layer)*layer;
    ASK(layer, handle((wm_client *)c), &l);
    if (result_ == PURR_YES) {
        if ((unsigned)l > PURR_LAYER_TOP)
            return WM_POLICY_PASS;
        *layer = (enum wm_layer)l;
    }
    return answer(result_);
}

bool plugins_keybinding(const char *action, wm_client *c)
{
    if (!P.loaded || !P.loaded->len)
        return false;
    purr_answer result_ = PURR_PASS;
    ASK(keybinding, action, handle(c));
    return result_ != PURR_PASS;
}

static void menu_clear(void)
{
    for (guint i = 0; i < P.menu->len; i++)
        g_free(g_array_index(P.menu, menu_item, i).label);
    g_array_set_size(P.menu, 0);
    g_ptr_array_set_size(P.menu_labels, 0);
}

int plugins_window_menu(wm_client *c, const char *const **labels, int *n)
{
    *labels = NULL;
    *n = 0;
    if (!P.loaded || !P.loaded->len)
        return 0;
    menu_clear();
    purr_answer result_ = PURR_PASS;
    for (guint i = 0; i < P.loaded->len && result_ == PURR_PASS; i++) {
        purr_plugin *p = P.loaded->pdata[i];
        if (!p->hooks.window_menu)
            continue;
        purr_menu menu = {p};
        purr_answer a = PURR_PASS;
        CALL(p, "window_menu", a = p->hooks.window_menu(p->data, handle(c), &menu));
        result_ = checked(p, "window_menu", a);
    }
    for (guint i = 0; i < P.menu->len; i++)
        g_ptr_array_add(P.menu_labels, g_array_index(P.menu, menu_item, i).label);
    *labels = (const char *const *)P.menu_labels->pdata;
    *n = (int)P.menu_labels->len;
    return result_ == PURR_NO ? -1 : result_ == PURR_YES ? 1 : 0;
}

void plugins_menu_activate(wm_client *c, int index)
{
    if (!P.menu || index < 0 || (guint)index >= P.menu->len || !g_hash_table_contains(P.live, c))
        return;
    menu_item it = g_array_index(P.menu, menu_item, index);
    if (g_ptr_array_find(P.loaded, it.owner, NULL))
        CALL(it.owner, "a window menu item", it.activate(it.data, handle(c)));
}

/* --- loading ---------------------------------------------------------- */

/* Where plugins are looked for, first match wins: $PURR_PLUGIN_PATH
 * (':'-separated), ~/.local/lib/purr/plugins, then purr's own. */
static GPtrArray *search_dirs(void)
{
    GPtrArray *dirs = g_ptr_array_new_with_free_func(g_free);
    const char *env = g_getenv("PURR_PLUGIN_PATH");
    if (env) {
        g_auto(GStrv) parts = g_strsplit(env, ":", -1);
        for (int i = 0; parts[i]; i++)
            if (*parts[i])
                g_ptr_array_add(dirs, g_strdup(parts[i]));
    }
    g_ptr_array_add(dirs,
                    g_build_filename(g_get_home_dir(), ".local", "lib", "purr", "plugins", NULL));
    g_ptr_array_add(dirs, g_strdup(PURR_PLUGIN_DIR));
    return dirs;
}

static char *find_plugin(const char *id)
{
    g_autoptr(GPtrArray) dirs = search_dirs();
    g_autofree char *name = g_strconcat(id, ".so", NULL);
    for (guint i = 0; i < dirs->len; i++) {
        char *path = g_build_filename(dirs->pdata[i], name, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
            return path;
        g_free(path);
    }
    return NULL;
}

/* The descriptor of the plugin in handle, or NULL with why set. */
static const purr_plugin_desc *check_desc(void *handle, const char *id, char **why)
{
    const purr_plugin_desc *d = dlsym(handle, PURR_PLUGIN_SYMBOL_NAME);
    if (!d) {
        for (int major = 0; major < 10; major++) {
            g_autofree char *sym = g_strdup_printf("purr_plugin_v%d", major);
            if (major != PURR_PLUGIN_ABI_MAJOR && dlsym(handle, sym)) {
                *why = g_strdup_printf("it is built for plugin ABI %d; purr has ABI %d", major,
                                       PURR_PLUGIN_ABI_MAJOR);
                return NULL;
            }
        }
        *why = g_strdup("it exports no " PURR_PLUGIN_SYMBOL_NAME " descriptor");
        return NULL;
    }
    if (d->struct_size < DESC_MIN_SIZE) {
        *why = g_strdup_printf("its descriptor has %u bytes, fewer than ABI 1.0's %zu",
                               d->struct_size, (size_t)DESC_MIN_SIZE);
        return NULL;
    }
    if (d->abi_major != PURR_PLUGIN_ABI_MAJOR) {
        *why = g_strdup_printf("it says plugin ABI %u; purr has ABI %d", d->abi_major,
                               PURR_PLUGIN_ABI_MAJOR);
        return NULL;
    }
    if (d->abi_minor > PURR_PLUGIN_ABI_MINOR) {
        *why = g_strdup_printf("it needs plugin ABI %u.%u; purr has %d.%d", d->abi_major,
                               d->abi_minor, PURR_PLUGIN_ABI_MAJOR, PURR_PLUGIN_ABI_MINOR);
        return NULL;
    }
    if (!d->id || strnlen(d->id, CONFIG_PLUGIN_ID_MAX + 1) > CONFIG_PLUGIN_ID_MAX ||
        !config_plugin_id_valid(d->id)) {
        *why = g_strdup("its id is not [a-z0-9-]{1,64}");
        return NULL;
    }
    if (id && strcmp(d->id, id)) {
        *why = g_strdup_printf("its id is '%s', not its file's name", d->id);
        return NULL;
    }
    if (d->hooks && d->hooks->struct_size < sizeof(uint32_t)) {
        *why = g_strdup("its hook table has no size");
        return NULL;
    }
    g_autofree char *detail = NULL;
    const char *bad = check_options(d, &detail);
    if (bad) {
        *why =
            detail ? g_strdup_printf("it %s ('%s')", bad, detail) : g_strdup_printf("it %s", bad);
        return NULL;
    }
    return d;
}

static void plugin_free(purr_plugin *p)
{
    if (p->options)
        g_ptr_array_free(p->options, TRUE);
    if (p->listeners)
        g_array_free(p->listeners, TRUE);
    if (p->handle)
        dlclose(p->handle);
    g_free(p->id);
    g_free(p->path);
    g_free(p);
}

/* path's plugin, opened and checked but not started; NULL with why. */
static purr_plugin *open_plugin(const char *path, const char *id, char **why)
{
    void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    if (!h) {
        *why = g_strdup(dlerror());
        return NULL;
    }
    const purr_plugin_desc *d = check_desc(h, id, why);
    if (!d) {
        dlclose(h);
        return NULL;
    }
    purr_plugin *p = g_new0(purr_plugin, 1);
    p->id = g_strdup(d->id);
    p->path = g_strdup(path);
    p->handle = h;
    p->desc = d;
    if (d->hooks)
        memcpy(&p->hooks, d->hooks, MIN(d->hooks->struct_size, sizeof p->hooks));
    p->hooks.struct_size = sizeof p->hooks;
    p->options = g_ptr_array_new_with_free_func(option_value_free);
    for (int i = 0; d->options && d->options[i]; i++) {
        option_value *v = g_new0(option_value, 1);
        v->desc = d->options[i];
        g_ptr_array_add(p->options, v);
    }
    p->listeners = g_array_new(FALSE, FALSE, sizeof(listener_slot));
    return p;
}

static char *file_stamp(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return g_strdup("");
    return g_strdup_printf("%s %lld.%09ld", path, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
}

/* The plugin the last crash was blamed on, if its file is unchanged
 * since; the blame stays until then. */
static char *blamed(char **hook)
{
    g_autofree char *text = NULL;
    if (!g_file_get_contents(P.blame_path, &text, NULL, NULL))
        return NULL;
    g_auto(GStrv) lines = g_strsplit(text, "\n", 4);
    if (!lines[0] || !config_plugin_id_valid(lines[0])) {
        g_unlink(P.blame_path);
        return NULL;
    }
    g_autofree char *path = find_plugin(lines[0]);
    g_autofree char *stamp = path ? file_stamp(path) : NULL;
    if (lines[1] && lines[2] && *lines[2] && g_strcmp0(lines[2], stamp) != 0) {
        g_unlink(P.blame_path); /* the plugin changed: try it again */
        return NULL;
    }
    if (!lines[2] || !*lines[2]) {
        /* Written by the crash handler, which cannot stat: note the file. */
        g_autofree char *again =
            g_strdup_printf("%s\n%s\n%s\n", lines[0], lines[1] ? lines[1] : "", stamp ? stamp : "");
        g_file_set_contents(P.blame_path, again, -1, NULL);
    }
    *hook = g_strdup(lines[1] ? lines[1] : "");
    return g_strdup(lines[0]);
}

void plugins_load(x11 *x, const purr_config *cfg, bool safe_mode)
{
    P.x = x;
    P.loaded = g_ptr_array_new();
    P.live = g_hash_table_new(g_direct_hash, g_direct_equal);
    P.fresh = g_hash_table_new(g_direct_hash, g_direct_equal);
    P.menu = g_array_new(FALSE, FALSE, sizeof(menu_item));
    P.menu_labels = g_ptr_array_new();
    P.workspace = x->model->current_workspace;
    if (!cfg->plugins || !cfg->plugins[0])
        return;
    if (safe_mode) {
        log_info("safe mode: no plugins");
        return;
    }
    P.blame_path = blame_file(x->display_name);
    g_autofree char *hook = NULL;
    g_autofree char *culprit = blamed(&hook);
    for (int i = 0; cfg->plugins[i]; i++) {
        const char *id = cfg->plugins[i];
        if (culprit && !strcmp(culprit, id)) {
            log_warn("plugin %s is left out: it crashed purr in %s last time (it is tried again "
                     "when its file changes, or remove %s)",
                     id, *hook ? hook : "a hook", P.blame_path);
            continue;
        }
        g_autofree char *path = find_plugin(id);
        if (!path) {
            log_warn("plugin %s is not installed (looked in $PURR_PLUGIN_PATH, "
                     "~/.local/lib/purr/plugins and " PURR_PLUGIN_DIR ")",
                     id);
            continue;
        }
        g_autofree char *why = NULL;
        purr_plugin *p = open_plugin(path, id, &why);
        if (!p) {
            log_warn("plugin %s (%s) not loaded: %s", id, path, why);
            continue;
        }
        g_ptr_array_unref(apply_options(p, cfg, false));
        g_ptr_array_add(P.loaded, p);
        if (P.loaded->len == 1)
            install_crash_handler();
        int rc = 0;
        if (p->desc->init)
            CALL(p, "init", rc = p->desc->init(p, &host, &p->data));
        if (rc != 0) {
            log_warn("plugin %s did not start (its init returned %d)", id, rc);
            g_ptr_array_remove(P.loaded, p);
            plugin_free(p);
            continue;
        }
        log_info("plugin %s %s loaded from %s", id, p->desc->version ? p->desc->version : "", path);
    }
    if (!P.loaded->len)
        return;
    P.policy = (wm_policy){
        .decorate = policy_decorate_hook,
        .autofullscreen = policy_autofullscreen_hook,
        .place = policy_place_hook,
        .focus_on_map = policy_focus_hook,
        .layer = policy_layer_hook,
        .added = on_added,
        .removed = on_removed,
    };
    /* Only the hooks someone has are installed: the model's paths stay as
     * they are for the rest. */
    bool decorate = false, autofs = false, place = false, focus = false, layer = false;
    for (guint i = 0; i < P.loaded->len; i++) {
        purr_plugin *p = P.loaded->pdata[i];
        decorate |= p->hooks.decorate != NULL;
        autofs |= p->hooks.autofullscreen != NULL;
        place |= p->hooks.place != NULL;
        focus |= p->hooks.focus_on_map != NULL;
        layer |= p->hooks.layer != NULL;
    }
    if (!decorate)
        P.policy.decorate = NULL;
    if (!autofs)
        P.policy.autofullscreen = NULL;
    if (!place)
        P.policy.place = NULL;
    if (!focus)
        P.policy.focus_on_map = NULL;
    if (!layer)
        P.policy.layer = NULL;
    x->model->policy = &P.policy;
}

void plugins_start(void)
{
    for (guint i = 0; P.loaded && i < P.loaded->len; i++) {
        purr_plugin *p = P.loaded->pdata[i];
        if (!p->started && p->hooks.start)
            CALL(p, "start", p->hooks.start(p->data));
        p->started = true;
    }
    /* The windows found at start-up were added before start: they are
     * not news. */
    if (P.fresh)
        g_hash_table_remove_all(P.fresh);
}

void plugins_config_changed(const purr_config *cfg)
{
    for (guint i = 0; P.loaded && i < P.loaded->len; i++) {
        purr_plugin *p = P.loaded->pdata[i];
        g_autoptr(GPtrArray) changed = apply_options(p, cfg, true);
        for (guint j = 0; j < changed->len && p->hooks.option_changed; j++)
            CALL(p, "option_changed", p->hooks.option_changed(p->data, changed->pdata[j]));
    }
    bool same = true;
    guint n = cfg->plugins ? g_strv_length(cfg->plugins) : 0;
    if (P.loaded && n == P.loaded->len)
        for (guint i = 0; i < n && same; i++)
            same = !strcmp(cfg->plugins[i], ((purr_plugin *)P.loaded->pdata[i])->id);
    else
        same = n == 0 && (!P.loaded || !P.loaded->len);
    if (!same)
        log_info("[plugins] enabled takes effect when purr starts again");
    if (P.loaded)
        emit(&(purr_event){.signal = PURR_SIGNAL_CONFIG_RELOADED});
}

void plugins_unload(void)
{
    if (!P.loaded)
        return;
    if (P.x && P.x->model)
        P.x->model->policy = NULL;
    for (guint i = P.loaded->len; i-- > 0;) {
        purr_plugin *p = P.loaded->pdata[i];
        if (p->desc->fini)
            CALL(p, "fini", p->desc->fini(p->data));
    }
    for (guint i = 0; i < P.loaded->len; i++)
        plugin_free(P.loaded->pdata[i]);
    g_ptr_array_free(P.loaded, TRUE);
    menu_clear();
    g_array_free(P.menu, TRUE);
    g_ptr_array_free(P.menu_labels, TRUE);
    g_hash_table_destroy(P.live);
    g_hash_table_destroy(P.fresh);
    if (P.have_timer)
        timer_delete(P.hang_timer);
    g_free(P.blame_path);
    memset(&P, 0, sizeof P);
}

/* --- --list-plugins --------------------------------------------------- */

static void list_one(FILE *out, const purr_plugin *p, const char *state)
{
    const purr_plugin_desc *d = p->desc;
    fprintf(out, "%s %s (ABI %u.%u) %s\n  %s: %s\n  %s\n", d->id, d->version ? d->version : "",
            d->abi_major, d->abi_minor, state, d->name ? d->name : d->id,
            d->description ? d->description : "", p->path);
    for (int i = 0; d->options && d->options[i]; i++) {
        const purr_option_desc *o = d->options[i];
        fprintf(out, "    %s (%s, default %s", o->key, type_names[o->type],
                *o->default_value ? o->default_value : "\"\"");
        if ((o->type == PURR_OPTION_INT || o->type == PURR_OPTION_DOUBLE ||
             o->type == PURR_OPTION_DURATION) &&
            (o->min != 0 || o->max != 0))
            fprintf(out, ", %g to %g", o->min, o->max);
        if (o->type == PURR_OPTION_ENUM) {
            fprintf(out, ", one of");
            for (int j = 0; o->choices && o->choices[j]; j++)
                fprintf(out, " %s", o->choices[j]);
        }
        fprintf(out, ")%s%s\n", o->summary ? ": " : "", o->summary ? o->summary : "");
    }
}

static gint by_name(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int plugins_list(const purr_config *cfg, FILE *out)
{
    g_autoptr(GPtrArray) dirs = search_dirs();
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    int found = 0;
    for (guint i = 0; i < dirs->len; i++) {
        g_autoptr(GDir) dir = g_dir_open(dirs->pdata[i], 0, NULL);
        const char *name;
        g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
        while (dir && (name = g_dir_read_name(dir)))
            if (g_str_has_suffix(name, ".so"))
                g_ptr_array_add(names, g_strdup(name));
        g_ptr_array_sort(names, by_name);
        for (guint j = 0; j < names->len; j++) {
            g_autofree char *id = g_strndup(names->pdata[j], strlen(names->pdata[j]) - 3);
            if (g_hash_table_contains(seen, id))
                continue;
            g_hash_table_add(seen, g_strdup(id));
            g_autofree char *path = g_build_filename(dirs->pdata[i], names->pdata[j], NULL);
            g_autofree char *why = NULL;
            purr_plugin *p = open_plugin(path, id, &why);
            if (!p) {
                fprintf(out, "%s: not loadable: %s\n  %s\n", id, why, path);
                continue;
            }
            bool on = cfg->plugins && g_strv_contains((const char *const *)cfg->plugins, id);
            list_one(out, p, on ? "enabled" : "available");
            plugin_free(p);
            found++;
        }
    }
    if (!found)
        fprintf(out, "no plugins found\n");
    for (int i = 0; cfg->plugins && cfg->plugins[i]; i++)
        if (!g_hash_table_contains(seen, cfg->plugins[i]))
            fprintf(out, "%s: enabled in purr.conf but not installed\n", cfg->plugins[i]);
    return 0;
}
