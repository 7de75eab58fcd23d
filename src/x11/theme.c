/*
 * The borders' look, kept live: which GTK theme (decor/source.c decides),
 * the user's theme.css over it, the button layout, and the sizes that make
 * the model's frame extents. Anything that changes one of them (the GTK
 * theme through XSETTINGS or GSettings, theme.css on disk, purr.conf)
 * schedules one restyle, which reads the sizes again, lays every window out
 * for them and repaints every frame.
 */
#include "x11/x11.h"

#include <gtk/gtk.h>
#include <string.h>
#include <xcb/shape.h>
#include <xcb/xfixes.h>

#include "config.h"
#include "decor/paint.h"
#include "decor/source.h"
#include "decor/style.h"
#include "ui/ui.h"
#include "util/log.h"
#include "util/watch.h"

/* GNOME's settings, when their schemas are installed, watched for changes. */
static GSettings *interface_settings, *wm_settings;
static gulong settings_handlers[2];

static char *css_path_for(const purr_config *cfg)
{
    if (cfg->theme_css && *cfg->theme_css)
        return g_strdup(cfg->theme_css);
    return g_build_filename(g_get_user_config_dir(), "purr", "theme.css", NULL);
}

/* The atom of a per-screen manager selection (_XSETTINGS_S0, _NET_WM_CM_S0),
 * made when create, else NONE when nobody ever named it. */
static xcb_atom_t screen_selection(x11 *x, const char *prefix, bool create)
{
    g_autofree char *name = g_strdup_printf("%s%d", prefix, x->screen_number);
    xcb_intern_atom_reply_t *a = xcb_intern_atom_reply(
        x->conn, xcb_intern_atom(x->conn, !create, (uint16_t)strlen(name), name), NULL);
    xcb_atom_t atom = a ? a->atom : XCB_ATOM_NONE;
    free(a);
    return atom;
}

static bool selection_owned(x11 *x, xcb_atom_t atom)
{
    if (atom == XCB_ATOM_NONE)
        return false;
    xcb_get_selection_owner_reply_t *o =
        xcb_get_selection_owner_reply(x->conn, xcb_get_selection_owner(x->conn, atom), NULL);
    bool owned = o && o->owner != XCB_WINDOW_NONE;
    free(o);
    return owned;
}

static bool xsettings_running(x11 *x)
{
    return selection_owned(x, screen_selection(x, "_XSETTINGS_S", false));
}

static void free_shadows(x11 *x)
{
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 2; b++) {
            comp_shadow_free(x->comp, x->shadows[i][b]);
            x->shadows[i][b] = NULL;
        }
}

/* The theme's box-shadow for purr's compositor to draw around frames:
 * normal, maximized and tiled, each focused and in backdrop, painted once
 * around a small frame whose edges are straight in the middle. */
static void make_shadows(x11 *x, unsigned base)
{
    free_shadows(x);
    if (!(base & DECOR_STATE_COMPOSITED) || !comp_active(x->comp))
        return;
    static const unsigned kinds[3] = {0, DECOR_STATE_MAXIMIZED, DECOR_STATE_TILED};
    for (int i = 0; i < 3; i++) {
        for (int b = 0; b < 2; b++) {
            unsigned state = base | kinds[i] | (b ? DECOR_STATE_BACKDROP : 0);
            decor_layout l;
            decor_layout_compute(&x->metrics[i == 1], &x->button_layout, 200, ~0u, x->rtl, &l);
            int r = frame_corner_radius(x, state, &l);
            int fw = 2 * (MIN(r, DECOR_MAX_CORNER) + DECOR_MAX_SHADOW) + 1;
            decor_layout_compute(&x->metrics[i == 1], &x->button_layout, fw, ~0u, x->rtl, &l);
            int fh = fw + l.extents.top;
            wm_extents m;
            cairo_surface_t *img = decor_shadow_image(x->style, &l, fw, fh, state, r, &m);
            if (!img)
                continue;
            x->shadows[i][b] = comp_shadow_new(
                x->comp, cairo_image_surface_get_data(img), cairo_image_surface_get_stride(img),
                cairo_image_surface_get_width(img), cairo_image_surface_get_height(img), m.left,
                m.top, m.right, m.bottom);
            cairo_surface_destroy(img);
        }
    }
}

/* Read the sizes, give the model its extents and mark every frame. */
static void restyle(x11 *x)
{
    if (!x->style)
        return;
    decor_style_forget_icons(x->style); /* the GTK theme may have changed */
    unsigned base = (x->rtl ? DECOR_STATE_RTL : 0) |
                    (x->composited && x->argb_visual ? DECOR_STATE_COMPOSITED : 0);
    bool capped = decor_style_metrics(x->style, base, &x->metrics[0]);
    capped |= decor_style_metrics(x->style, base | DECOR_STATE_MAXIMIZED, &x->metrics[1]);
    if (capped)
        log_warn("theme: a border is wider than %d px or the title strip taller than %d px; "
                 "capped",
                 DECOR_MAX_BORDER, DECOR_MAX_STRIP);
    wm_extents e[2];
    for (int i = 0; i < 2; i++) {
        decor_layout l;
        decor_layout_compute(&x->metrics[i], &x->button_layout, 200, ~0u, x->rtl, &l);
        e[i] = l.extents;
    }
    make_shadows(x, base);
    wm *m = x->model;
    wm_set_frame_extents(m, e[0], e[1]);
    /* The geometry too: the extents may differ. */
    for (guint i = 0; i < m->clients->len; i++)
        client_mark(m->clients->pdata[i], WM_DIRTY_DECOR | WM_DIRTY_GEOMETRY);
    GHashTableIter it;
    gpointer v;
    g_hash_table_iter_init(&it, x->clients);
    while (g_hash_table_iter_next(&it, NULL, &v)) {
        ((xclient *)v)->shape_w = -1;  /* the corner radius may differ */
        ((xclient *)v)->shadow = NULL; /* freed; told again at the repaint */
    }
}

static gboolean on_restyle_idle(gpointer data)
{
    x11 *x = data;
    x->restyle_idle = 0;
    restyle(x);
    return G_SOURCE_REMOVE;
}

/* GTK applies a theme change in its own notify handler; the sizes are read
 * after it, once for a burst of changes. */
static void schedule_restyle(x11 *x)
{
    if (!x->restyle_idle)
        x->restyle_idle = g_idle_add(on_restyle_idle, x);
}

static void load_css(x11 *x)
{
    decor_style_load_user_css(x->style, x->css_path);
    schedule_restyle(x);
}

static void on_css_changed(void *data)
{
    x11 *x = data;
    log_info("%s changed; restyling the borders", x->css_path);
    load_css(x);
}

static void watch_css(x11 *x)
{
    g_autofree char *want = css_path_for(x->config);
    if (x->css_watch && g_strcmp0(want, x->css_path) == 0)
        return;
    file_watch_destroy(x->css_watch);
    g_free(x->css_path);
    x->css_path = g_steal_pointer(&want);
    x->css_watch = file_watch_new(x->css_path, on_css_changed, x);
}

static void read_button_layout(x11 *x)
{
    g_autofree char *text = decor_choose_button_layout(x->config->button_layout);
    if (!decor_parse_button_layout(text, &x->button_layout))
        log_warn("button layout \"%s\": unknown names are left out", text);
}

/* Pick the GTK theme and make the style for it; NULL theme names follow
 * GtkSettings. */
static decor_style *choose_style(x11 *x)
{
    decor_theme_choice ch;
    decor_choose_theme(xsettings_running(x), x->config->theme, &ch);
    decor_style *s = decor_style_new(ch.name, ch.dark);
    if (!s && ch.name) {
        log_warn("borders: falling back to Adwaita");
        s = decor_style_new("Adwaita", ch.dark);
    }
    if (s)
        log_debug("borders: GTK theme %s (from %s)", ch.name ? ch.name : "of XSETTINGS", ch.from);
    decor_theme_choice_finish(&ch);
    return s;
}

static void on_gtk_theme_changed(GObject *settings, GParamSpec *p, gpointer data)
{
    (void)settings, (void)p;
    log_debug("borders: GTK theme changed");
    schedule_restyle(data);
}

/* GNOME's settings changed while purr runs: choose again. */
static void on_gsettings_changed(GSettings *s, const char *key, gpointer data)
{
    (void)s;
    x11 *x = data;
    if (strcmp(key, "gtk-theme") == 0 || strcmp(key, "color-scheme") == 0) {
        decor_style *fresh = choose_style(x);
        if (fresh) {
            decor_style_destroy(x->style);
            x->style = fresh;
            load_css(x);
        }
    } else if (strcmp(key, "button-layout") == 0) {
        read_button_layout(x);
        schedule_restyle(x);
    }
}

static GSettings *settings_if_installed(const char *id)
{
    GSettingsSchemaSource *src = g_settings_schema_source_get_default();
    g_autoptr(GSettingsSchema) schema = src ? g_settings_schema_source_lookup(src, id, TRUE) : NULL;
    return schema ? g_settings_new_full(schema, NULL, NULL) : NULL;
}

/* A 32-bit TrueColor visual, for frames a compositor blends. */
static void find_argb_visual(x11 *x)
{
    xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(x->screen);
    for (; d.rem && !x->argb_visual; xcb_depth_next(&d)) {
        if (d.data->depth != 32)
            continue;
        xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
        for (; v.rem; xcb_visualtype_next(&v)) {
            if (v.data->_class == XCB_VISUAL_CLASS_TRUE_COLOR) {
                x->argb_visual = v.data;
                break;
            }
        }
    }
    if (!x->argb_visual)
        return;
    x->argb_colormap = xcb_generate_id(x->conn);
    xcb_create_colormap(x->conn, XCB_COLORMAP_ALLOC_NONE, x->argb_colormap, x->root,
                        x->argb_visual->visual_id);
}

/* Follow the compositing manager's selection: XFixes tells when it
 * changes hands. Without XFixes purr looks once, at start. */
static void watch_compositor(x11 *x)
{
    x->cm_selection = screen_selection(x, "_NET_WM_CM_S", true);
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->conn, &xcb_xfixes_id);
    if (ext && ext->present) {
        free(
            xcb_xfixes_query_version_reply(x->conn, xcb_xfixes_query_version(x->conn, 5, 0), NULL));
        x->xfixes_base = ext->first_event;
        xcb_xfixes_select_selection_input(
            x->conn, x->root, x->cm_selection,
            XCB_XFIXES_SELECTION_EVENT_MASK_SET_SELECTION_OWNER |
                XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_WINDOW_DESTROY |
                XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_CLIENT_CLOSE);
    }
    x->composited = selection_owned(x, x->cm_selection);
}

bool theme_event(x11 *x, const xcb_generic_event_t *ev)
{
    if (!x->xfixes_base ||
        (ev->response_type & 0x7f) != x->xfixes_base + XCB_XFIXES_SELECTION_NOTIFY)
        return false;
    const xcb_xfixes_selection_notify_event_t *n = (const void *)ev;
    if (n->selection != x->cm_selection)
        return true;
    bool on = n->owner != XCB_WINDOW_NONE;
    /* Whether purr itself composites may have changed too. */
    root_write_supported(x);
    if (on == x->composited)
        return true;
    x->composited = on;
    log_info("a compositing manager %s",
             on ? "started: frames are styled as composited" : "stopped");
    /* The extents and shadows may differ: new sizes, every frame again. */
    restyle(x);
    return true;
}

void theme_init(x11 *x)
{
    const xcb_query_extension_reply_t *shape = xcb_get_extension_data(x->conn, &xcb_shape_id);
    x->have_shape = shape && shape->present;
    find_argb_visual(x);
    watch_compositor(x);
    if (!ui_init(x->display_name))
        return; /* the plain frame: logged by ui */
    x->rtl = gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL;
    x->style = choose_style(x);
    if (!x->style)
        return;
    read_button_layout(x);
    watch_css(x);
    decor_style_load_user_css(x->style, x->css_path);
    restyle(x);

    GtkSettings *gs = gtk_settings_get_default();
    g_signal_connect(gs, "notify::gtk-theme-name", G_CALLBACK(on_gtk_theme_changed), x);
    g_signal_connect(gs, "notify::gtk-application-prefer-dark-theme",
                     G_CALLBACK(on_gtk_theme_changed), x);
    interface_settings = settings_if_installed("org.gnome.desktop.interface");
    wm_settings = settings_if_installed("org.gnome.desktop.wm.preferences");
    if (interface_settings)
        settings_handlers[0] =
            g_signal_connect(interface_settings, "changed", G_CALLBACK(on_gsettings_changed), x);
    if (wm_settings)
        settings_handlers[1] =
            g_signal_connect(wm_settings, "changed", G_CALLBACK(on_gsettings_changed), x);
}

void theme_config_changed(x11 *x)
{
    if (!x->style)
        return;
    decor_style *fresh = choose_style(x);
    if (fresh) {
        decor_style_destroy(x->style);
        x->style = fresh;
    }
    read_button_layout(x);
    watch_css(x);
    load_css(x);
}

void theme_finish(x11 *x)
{
    if (interface_settings)
        g_signal_handler_disconnect(interface_settings, settings_handlers[0]);
    if (wm_settings)
        g_signal_handler_disconnect(wm_settings, settings_handlers[1]);
    g_clear_object(&interface_settings);
    g_clear_object(&wm_settings);
    GtkSettings *gs = gtk_settings_get_default();
    if (gs)
        g_signal_handlers_disconnect_by_data(gs, x);
    if (x->restyle_idle)
        g_source_remove(x->restyle_idle);
    x->restyle_idle = 0;
    file_watch_destroy(x->css_watch);
    x->css_watch = NULL;
    free_shadows(x);
    g_clear_pointer(&x->css_path, g_free);
    decor_style_destroy(x->style);
    x->style = NULL;
}
