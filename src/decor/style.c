/*
 * Style contexts for window borders, built from GtkWidgetPaths that copy
 * the nodes of GTK's own window decorations (the tree is in style.h), the
 * theme they are styled by, the user's CSS on top, and the sizes read from
 * them.
 *
 * Contexts are made lazily, one set per enum decor_state combination,
 * because :backdrop must be on every ancestor of a path for selectors like
 * `headerbar:backdrop label` to match, and a path cannot be changed
 * cheaply. GTK invalidates the contexts itself when the theme or a
 * provider changes, so nothing here has to listen for that.
 */
#include "decor/style.h"

#include "util/log.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <unistd.h>

#define N_STATES 64 /* every combination of enum decor_state bits */

typedef struct node_set {
    GtkStyleContext *ctx[DECOR_NODE_COUNT];
} node_set;

struct decor_style {
    node_set *sets[N_STATES];
    GtkCssProvider *own;  /* purr's few rules for nodes no theme knows */
    GtkCssProvider *user; /* theme.css, or NULL */
    /* "context/flags/size/name" -> cairo_surface_t (NULL: not in the icon
     * theme), made by decor_style_icon. */
    GHashTable *icons;
};

/* GtkHeaderBar's default spacing; GTK 3 has no CSS property for it. */
enum { HEADERBAR_SPACING = 6, ICON_SIZE = 16 };

static void split_theme(const char *gtk_theme, char **name, char **variant)
{
    const char *colon = strchr(gtk_theme, ':');
    *name = colon ? g_strndup(gtk_theme, colon - gtk_theme) : g_strdup(gtk_theme);
    *variant = colon && colon[1] ? g_strdup(colon + 1) : NULL;
}

static bool theme_dir_has(const char *dir, const char *name, const char *file)
{
    /* GTK looks in gtk-3.N for even N from its own minor version down. */
    for (int minor = (int)gtk_get_minor_version() & ~1; minor >= 0; minor -= 2) {
        g_autofree char *sub = g_strdup_printf("gtk-3.%d", minor);
        g_autofree char *path = g_build_filename(dir, name, sub, file, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
            return true;
    }
    return false;
}

bool decor_style_theme_exists(const char *gtk_theme)
{
    if (!gtk_theme || !*gtk_theme)
        return false;
    g_autofree char *name = NULL, *variant = NULL;
    split_theme(gtk_theme, &name, &variant);
    if (strchr(name, '/') || strcmp(name, "..") == 0)
        return false;
    g_autofree char *file = variant ? g_strdup_printf("gtk-%s.css", variant) : g_strdup("gtk.css");

    g_autofree char *res = g_strdup_printf("/org/gtk/libgtk/theme/%s/%s", name, file);
    if (g_resources_get_info(res, 0, NULL, NULL, NULL))
        return true;

    g_autofree char *user_data = g_build_filename(g_get_user_data_dir(), "themes", NULL);
    g_autofree char *home = g_build_filename(g_get_home_dir(), ".themes", NULL);
    if (theme_dir_has(user_data, name, file) || theme_dir_has(home, name, file))
        return true;
    for (const char *const *d = g_get_system_data_dirs(); *d; d++) {
        g_autofree char *dir = g_build_filename(*d, "themes", NULL);
        if (theme_dir_has(dir, name, file))
            return true;
    }
    return false;
}

decor_style *decor_style_new(const char *gtk_theme, bool prefer_dark)
{
    GdkScreen *screen = gdk_screen_get_default();
    if (!screen) {
        log_warn("window borders: GTK has no display");
        return NULL;
    }
    GtkSettings *settings = gtk_settings_get_for_screen(screen);
    if (gtk_theme && *gtk_theme) {
        if (!decor_style_theme_exists(gtk_theme)) {
            log_warn("GTK theme %s is not installed", gtk_theme);
            return NULL;
        }
        g_autofree char *name = NULL, *variant = NULL;
        split_theme(gtk_theme, &name, &variant);
        if (variant && strcmp(variant, "dark") == 0)
            prefer_dark = true;
        g_object_set(settings, "gtk-theme-name", name, NULL);
    }
    if (prefer_dark)
        g_object_set(settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
    decor_style *s = g_new0(decor_style, 1);
    /* A tab whose window demands attention: GTK's themes style no such
     * notebook tab. Above the theme, under the user's theme.css. */
    s->own = gtk_css_provider_new();
    gtk_css_provider_load_from_data(s->own,
                                    "tab.purr-tab > label.needs-attention {"
                                    " color: @theme_selected_bg_color; font-weight: bold; }",
                                    -1, NULL);
    s->icons = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                     (GDestroyNotify)cairo_surface_destroy);
    return s;
}

void decor_style_destroy(decor_style *s)
{
    if (!s)
        return;
    for (int i = 0; i < N_STATES; i++) {
        if (!s->sets[i])
            continue;
        /* Children first: a context keeps a reference to its parent. */
        for (int n = DECOR_NODE_COUNT - 1; n >= 0; n--)
            g_clear_object(&s->sets[i]->ctx[n]);
        g_free(s->sets[i]);
    }
    g_clear_object(&s->user);
    g_clear_object(&s->own);
    g_hash_table_destroy(s->icons);
    g_free(s);
}

static GtkStateFlags base_flags(unsigned state)
{
    GtkStateFlags f = (state & DECOR_STATE_RTL) ? GTK_STATE_FLAG_DIR_RTL : GTK_STATE_FLAG_DIR_LTR;
    if (state & DECOR_STATE_BACKDROP)
        f |= GTK_STATE_FLAG_BACKDROP;
    return f;
}

/* Append a node to path: its type, CSS name, state and classes (NULL-
 * terminated). */
static void append(GtkWidgetPath *path, GType type, const char *name, GtkStateFlags flags, ...)
{
    int pos = gtk_widget_path_append_type(path, type);
    gtk_widget_path_iter_set_object_name(path, pos, name);
    gtk_widget_path_iter_set_state(path, pos, flags);
    va_list ap;
    va_start(ap, flags);
    for (const char *c = va_arg(ap, const char *); c; c = va_arg(ap, const char *))
        gtk_widget_path_iter_add_class(path, pos, c);
    va_end(ap);
}

static GtkStyleContext *make_context(decor_style *s, GtkWidgetPath *path, GtkStyleContext *parent,
                                     GtkStateFlags flags)
{
    GtkStyleContext *ctx = gtk_style_context_new();
    gtk_style_context_set_path(ctx, path);
    if (parent)
        gtk_style_context_set_parent(ctx, parent);
    gtk_style_context_set_state(ctx, flags);
    gtk_style_context_add_provider(ctx, GTK_STYLE_PROVIDER(s->own),
                                   GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    if (s->user)
        gtk_style_context_add_provider(ctx, GTK_STYLE_PROVIDER(s->user),
                                       GTK_STYLE_PROVIDER_PRIORITY_USER);
    return ctx;
}

static const struct {
    const char *cls;
    enum decor_node button, image;
} buttons[] = {
    {"close", DECOR_NODE_BUTTON_CLOSE, DECOR_NODE_IMAGE_CLOSE},
    {"maximize", DECOR_NODE_BUTTON_MAXIMIZE, DECOR_NODE_IMAGE_MAXIMIZE},
    {"minimize", DECOR_NODE_BUTTON_MINIMIZE, DECOR_NODE_IMAGE_MINIMIZE},
    {"menu", DECOR_NODE_BUTTON_MENU, DECOR_NODE_IMAGE_MENU},
};

static node_set *build_set(decor_style *s, unsigned state)
{
    node_set *set = g_new0(node_set, 1);
    GtkStateFlags f = base_flags(state);
    GtkStyleContext **c = set->ctx;

    GtkWidgetPath *win = gtk_widget_path_new();
    append(win, GTK_TYPE_WINDOW, "window", f, GTK_STYLE_CLASS_BACKGROUND,
           (state & DECOR_STATE_COMPOSITED) ? "csd" : "ssd", "purr", NULL);
    int top = 0;
    if (state & DECOR_STATE_MAXIMIZED)
        gtk_widget_path_iter_add_class(win, top, "maximized");
    if (state & DECOR_STATE_TILED)
        gtk_widget_path_iter_add_class(win, top, "tiled");
    if (state & DECOR_STATE_FULLSCREEN)
        gtk_widget_path_iter_add_class(win, top, "fullscreen");
    c[DECOR_NODE_WINDOW] = make_context(s, win, NULL, f);

    GtkWidgetPath *deco = gtk_widget_path_copy(win);
    append(deco, G_TYPE_NONE, "decoration", f, NULL);
    c[DECOR_NODE_DECORATION] = make_context(s, deco, c[DECOR_NODE_WINDOW], f);

    GtkWidgetPath *bar = gtk_widget_path_copy(win);
    append(bar, GTK_TYPE_HEADER_BAR, "headerbar", f, GTK_STYLE_CLASS_TITLEBAR, "default-decoration",
           NULL);
    c[DECOR_NODE_HEADERBAR] = make_context(s, bar, c[DECOR_NODE_WINDOW], f);

    GtkWidgetPath *title = gtk_widget_path_copy(bar);
    append(title, GTK_TYPE_BOX, "box", f, GTK_STYLE_CLASS_VERTICAL, NULL);
    append(title, GTK_TYPE_LABEL, "label", f, GTK_STYLE_CLASS_TITLE, NULL);
    c[DECOR_NODE_TITLE] = make_context(s, title, c[DECOR_NODE_HEADERBAR], f);

    /* Which box a button is in (.left or .right) depends on the layout,
     * not on the style; themes do not tell them apart, so .right it is. */
    GtkWidgetPath *box = gtk_widget_path_copy(bar);
    append(box, GTK_TYPE_BOX, "box", f, GTK_STYLE_CLASS_HORIZONTAL, GTK_STYLE_CLASS_RIGHT, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(buttons); i++) {
        GtkWidgetPath *b = gtk_widget_path_copy(box);
        append(b, GTK_TYPE_BUTTON, "button", f, "titlebutton", buttons[i].cls, NULL);
        c[buttons[i].button] = make_context(s, b, c[DECOR_NODE_HEADERBAR], f);
        GtkWidgetPath *img = gtk_widget_path_copy(b);
        append(img, GTK_TYPE_IMAGE, "image", f, NULL);
        c[buttons[i].image] = make_context(s, img, c[buttons[i].button], f);
        gtk_widget_path_unref(img);
        gtk_widget_path_unref(b);
    }
    GtkWidgetPath *icon = gtk_widget_path_copy(box);
    append(icon, GTK_TYPE_IMAGE, "image", f, "titlebutton", "icon", NULL);
    c[DECOR_NODE_ICON] = make_context(s, icon, c[DECOR_NODE_HEADERBAR], f);

    GtkWidgetPath *header = gtk_widget_path_copy(bar);
    append(header, GTK_TYPE_NOTEBOOK, "notebook", f, "purr-tabs", NULL);
    append(header, G_TYPE_NONE, "header", f, GTK_STYLE_CLASS_TOP, NULL);
    c[DECOR_NODE_TAB_HEADER] = make_context(s, header, c[DECOR_NODE_HEADERBAR], f);
    GtkWidgetPath *tab = gtk_widget_path_copy(header);
    append(tab, G_TYPE_NONE, "tabs", f, NULL);
    append(tab, G_TYPE_NONE, "tab", f, "purr-tab", NULL);
    c[DECOR_NODE_TAB] = make_context(s, tab, c[DECOR_NODE_TAB_HEADER], f);
    GtkWidgetPath *tab_label = gtk_widget_path_copy(tab);
    append(tab_label, GTK_TYPE_LABEL, "label", f, NULL);
    c[DECOR_NODE_TAB_LABEL] = make_context(s, tab_label, c[DECOR_NODE_TAB], f);
    GtkWidgetPath *tab_close = gtk_widget_path_copy(tab);
    append(tab_close, GTK_TYPE_BUTTON, "button", f, "flat", "small-button", "close",
           "purr-tab-close", NULL);
    c[DECOR_NODE_TAB_CLOSE] = make_context(s, tab_close, c[DECOR_NODE_TAB], f);
    GtkWidgetPath *tab_close_img = gtk_widget_path_copy(tab_close);
    append(tab_close_img, GTK_TYPE_IMAGE, "image", f, NULL);
    c[DECOR_NODE_TAB_CLOSE_IMAGE] = make_context(s, tab_close_img, c[DECOR_NODE_TAB_CLOSE], f);
    gtk_widget_path_unref(tab_close_img);
    gtk_widget_path_unref(tab_close);
    gtk_widget_path_unref(tab_label);
    gtk_widget_path_unref(tab);
    gtk_widget_path_unref(header);

    gtk_widget_path_unref(icon);
    gtk_widget_path_unref(box);
    gtk_widget_path_unref(title);
    gtk_widget_path_unref(bar);
    gtk_widget_path_unref(deco);
    gtk_widget_path_unref(win);
    return set;
}

GtkStyleContext *decor_style_context(decor_style *s, unsigned state, enum decor_node node)
{
    state &= N_STATES - 1;
    if (!s->sets[state])
        s->sets[state] = build_set(s, state);
    GtkStyleContext *ctx = s->sets[state]->ctx[node];
    /* paint.c adds :hover/:active to buttons; take them off again. */
    gtk_style_context_set_state(ctx, base_flags(state));
    return ctx;
}

/* ---- the user's CSS ---- */

typedef struct css_load {
    const char *path;
    GHashTable *seen; /* the lines already logged */
    int errors;
} css_load;

static void on_parsing_error(GtkCssProvider *provider, GtkCssSection *section, GError *error,
                             gpointer data)
{
    css_load *ld = data;
    GFile *file = section ? gtk_css_section_get_file(section) : NULL;
    g_autofree char *file_path = file ? g_file_get_path(file) : NULL;
    const char *where = file_path ? file_path : ld->path;
    char *line;
    if (section)
        line = g_strdup_printf("%s:%u:%u: %s", where, gtk_css_section_get_start_line(section) + 1,
                               gtk_css_section_get_start_position(section) + 1,
                               error ? error->message : "error");
    else
        line = g_strdup_printf("%s: %s", where, error ? error->message : "error");
    /* The message may quote the file's own bytes; keep the log UTF-8. */
    g_autofree char *valid = g_utf8_make_valid(line, -1);
    if (g_hash_table_add(ld->seen, line)) {
        log_warn("%s", valid);
        ld->errors++;
    }
}

static void set_user_provider(decor_style *s, GtkCssProvider *p)
{
    for (int i = 0; i < N_STATES; i++) {
        if (!s->sets[i])
            continue;
        for (int n = 0; n < DECOR_NODE_COUNT; n++) {
            GtkStyleContext *ctx = s->sets[i]->ctx[n];
            if (s->user)
                gtk_style_context_remove_provider(ctx, GTK_STYLE_PROVIDER(s->user));
            if (p)
                gtk_style_context_add_provider(ctx, GTK_STYLE_PROVIDER(p),
                                               GTK_STYLE_PROVIDER_PRIORITY_USER);
        }
    }
    g_clear_object(&s->user);
    s->user = p;
    decor_style_forget_icons(s); /* their colours may differ */
}

cairo_surface_t *decor_style_icon(decor_style *s, GtkStyleContext *ctx, const char *name, int size,
                                  cairo_surface_t *like)
{
    g_autofree char *key =
        g_strdup_printf("%p/%x/%d/%d/%s", (void *)ctx, (unsigned)gtk_style_context_get_state(ctx),
                        (int)cairo_surface_get_type(like), size, name);
    gpointer found;
    if (g_hash_table_lookup_extended(s->icons, key, NULL, &found))
        return found;
    GtkIconInfo *info = gtk_icon_theme_lookup_icon_for_scale(gtk_icon_theme_get_default(), name,
                                                             size, 1, GTK_ICON_LOOKUP_FORCE_SIZE);
    GdkPixbuf *pb = info ? gtk_icon_info_load_symbolic_for_context(info, ctx, NULL, NULL) : NULL;
    cairo_surface_t *icon = NULL;
    if (pb) {
        int w = gdk_pixbuf_get_width(pb), h = gdk_pixbuf_get_height(pb);
        icon = cairo_surface_create_similar(like, CAIRO_CONTENT_COLOR_ALPHA, w, h);
        cairo_t *cr = cairo_create(icon);
        gdk_cairo_set_source_pixbuf(cr, pb, 0, 0);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_paint(cr);
        cairo_destroy(cr);
        if (cairo_surface_status(icon) != CAIRO_STATUS_SUCCESS)
            g_clear_pointer(&icon, cairo_surface_destroy);
    }
    g_clear_object(&pb);
    g_clear_object(&info);
    g_hash_table_insert(s->icons, g_steal_pointer(&key), icon);
    return icon;
}

void decor_style_forget_icons(decor_style *s)
{
    if (s)
        g_hash_table_remove_all(s->icons);
}

/*
 * GTK 3 builds its selector tree in time and memory that grow with the
 * square of the number of distinct selectors: 12000 one-class rules take
 * 28 s and 4 GB. A whole theme (Adwaita: 170 KB, under 1000 rules) loads in
 * a fraction of a second; a border theme is far smaller. Larger files are
 * refused rather than let them stall or exhaust the window manager.
 */
#define CSS_MAX_BYTES (1024 * 1024)
#define CSS_MAX_RULES 2000

static bool css_too_big(const char *path)
{
    g_autofree char *data = NULL;
    gsize len = 0;
    g_autoptr(GError) err = NULL;
    GStatBuf st;
    if (g_stat(path, &st) == 0 && st.st_size > CSS_MAX_BYTES) {
        log_warn("%s: %lld bytes; CSS files over %d are ignored", path, (long long)st.st_size,
                 CSS_MAX_BYTES);
        return true;
    }
    if (!g_file_get_contents(path, &data, &len, &err)) {
        log_warn("%s: %s", path, err->message);
        return true;
    }
    size_t rules = 0;
    for (gsize i = 0; i < len; i++)
        rules += data[i] == '{';
    if (rules > CSS_MAX_RULES) {
        log_warn("%s: %zu rules; CSS files over %d are ignored", path, rules, CSS_MAX_RULES);
        return true;
    }
    return false;
}

int decor_style_load_user_css(decor_style *s, const char *path)
{
    if (!s || !path)
        return 0;
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        set_user_provider(s, NULL);
        return 0;
    }
    if (!g_file_test(path, G_FILE_TEST_IS_REGULAR) || access(path, R_OK) != 0) {
        log_warn("%s: cannot read this CSS file", path);
        return -1;
    }
    if (css_too_big(path))
        return -1;
    css_load ld = {path, g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL), 0};
    GtkCssProvider *p = gtk_css_provider_new();
    gulong id = g_signal_connect(p, "parsing-error", G_CALLBACK(on_parsing_error), &ld);
    /* The return value only repeats the first parsing error. */
    gtk_css_provider_load_from_path(p, path, NULL);
    g_signal_handler_disconnect(p, id);
    g_hash_table_destroy(ld.seen);
    set_user_provider(s, p);
    return ld.errors;
}

/* ---- sizes ---- */

static GtkBorder add(GtkBorder a, GtkBorder b)
{
    return (GtkBorder){a.left + b.left, a.right + b.right, a.top + b.top, a.bottom + b.bottom};
}

GtkBorder decor_style_box(GtkStyleContext *ctx, bool margin)
{
    GtkStateFlags f = gtk_style_context_get_state(ctx);
    GtkBorder b, p, m = {0};
    gtk_style_context_get_border(ctx, f, &b);
    gtk_style_context_get_padding(ctx, f, &p);
    if (margin)
        gtk_style_context_get_margin(ctx, f, &m);
    return add(add(b, p), m);
}

static int int_property(GtkStyleContext *ctx, const char *name)
{
    int v = 0;
    gtk_style_context_get(ctx, gtk_style_context_get_state(ctx), name, &v, NULL);
    return MAX(v, 0);
}

/* The height of one line of the title in its font. */
static int title_line_height(GtkStyleContext *ctx)
{
    PangoFontDescription *font = NULL;
    gtk_style_context_get(ctx, gtk_style_context_get_state(ctx), "font", &font, NULL);
    PangoContext *pc = gdk_pango_context_get_for_screen(gdk_screen_get_default());
    PangoLayout *layout = pango_layout_new(pc);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_text(layout, "Ag", -1);
    int h = 0;
    pango_layout_get_pixel_size(layout, NULL, &h);
    g_object_unref(layout);
    g_object_unref(pc);
    if (font)
        pango_font_description_free(font);
    return h;
}

bool decor_style_metrics(decor_style *s, unsigned state, decor_metrics *out)
{
    memset(out, 0, sizeof *out);
    GtkBorder deco = decor_style_box(decor_style_context(s, state, DECOR_NODE_DECORATION), false);
    int min_side = (state & (DECOR_STATE_MAXIMIZED | DECOR_STATE_FULLSCREEN)) ? 0 : 1;
    out->border.left = MAX(deco.left, min_side);
    out->border.right = MAX(deco.right, min_side);
    out->border.bottom = MAX(deco.bottom, min_side);
    out->border.top = MAX(deco.top, 0);

    GtkStyleContext *btn = decor_style_context(s, state, DECOR_NODE_BUTTON_CLOSE);
    GtkBorder bb = decor_style_box(btn, true);
    out->button_w = bb.left + bb.right + MAX(int_property(btn, "min-width"), ICON_SIZE);
    out->button_h = bb.top + bb.bottom + MAX(int_property(btn, "min-height"), ICON_SIZE);

    GtkStyleContext *title = decor_style_context(s, state, DECOR_NODE_TITLE);
    GtkBorder tb = decor_style_box(title, true);
    int text_h = title_line_height(title) + tb.top + tb.bottom;

    GtkStyleContext *bar = decor_style_context(s, state, DECOR_NODE_HEADERBAR);
    GtkBorder hb = decor_style_box(bar, false);
    int content = MAX(int_property(bar, "min-height"), MAX(out->button_h, text_h));
    out->title_height = hb.top + hb.bottom + content;
    out->pad_left = hb.left;
    out->pad_right = hb.right;
    out->pad_top = hb.top;
    out->pad_bottom = hb.bottom;

    out->spacing = HEADERBAR_SPACING;
    out->icon_size = ICON_SIZE;
    out->tab_height = 0;
    return decor_metrics_clamp(out);
}

int decor_style_corner_radius(decor_style *s, unsigned state)
{
    /* GTK 3 answers only the shorthand, with the top-left corner. */
    return int_property(decor_style_context(s, state, DECOR_NODE_DECORATION), "border-radius");
}
