/*
 * The Alt+Tab window switcher: an override-redirect GTK popup with one
 * icon per window in rows (a GtkFlowBox) and the selected window's title
 * under them. purr drives it entirely: it holds the keyboard grab on its
 * own connection and calls ui_switcher_select() as Tab is pressed; the
 * popup never takes focus, grabs nothing and ignores the pointer's
 * attempts to change the selection.
 */
#include "ui/ui-private.h"

#include <gdk/gdkx.h>

enum {
    ICON_SIZE = 64,
    MAX_PER_ROW = 8,
    /* Room the stylesheet in ui.c puts around each icon: padding of the
     * flowbox child on both sides plus the flowbox spacing. Used only to
     * choose a layout before building; the real size is measured after. */
    CELL_EXTRA = 2 * 10 + 4,
    SPACING = 4,
};

static struct {
    GtkWidget *window, *flow, *title;
    GPtrArray *children; /* GtkFlowBoxChild, in entry order; owned by flow */
    char **titles;       /* UTF-8, in entry order */
    int n, selected;
    GdkRectangle monitor; /* GTK pixels */
    gulong guard;         /* the selected-children-changed handler */
} sw;

static void forget(void)
{
    g_strfreev(sw.titles);
    if (sw.children)
        g_ptr_array_free(sw.children, TRUE);
    sw.titles = NULL;
    sw.children = NULL;
    sw.window = sw.flow = sw.title = NULL;
    sw.n = 0;
    sw.selected = -1;
}

static char *valid_utf8(const char *s)
{
    return s ? g_utf8_make_valid(s, -1) : g_strdup("");
}

static void select_child(int i)
{
    GtkFlowBoxChild *old =
        sw.selected >= 0 && sw.selected < sw.n ? g_ptr_array_index(sw.children, sw.selected) : NULL;
    GtkFlowBoxChild *child = g_ptr_array_index(sw.children, i);
    sw.selected = i;
    g_signal_handler_block(sw.flow, sw.guard);
    gtk_flow_box_select_child(GTK_FLOW_BOX(sw.flow), child);
    g_signal_handler_unblock(sw.flow, sw.guard);
    gtk_label_set_text(GTK_LABEL(sw.title), sw.titles[i]);

    /* The popup never has the keyboard focus, so screen readers learn of
     * the new entry from the selection and from this focus notice. */
    if (old && old != child)
        atk_object_notify_state_change(gtk_widget_get_accessible(GTK_WIDGET(old)),
                                       ATK_STATE_FOCUSED, FALSE);
    atk_object_notify_state_change(gtk_widget_get_accessible(GTK_WIDGET(child)), ATK_STATE_FOCUSED,
                                   TRUE);
}

/* A click or a hover-and-key can change a GtkFlowBox's selection; purr's
 * model is the only truth, so put its selection back. */
static void on_selection_changed(GtkFlowBox *flow, gpointer data)
{
    (void)flow;
    (void)data;
    if (sw.selected >= 0 && sw.selected < sw.n)
        select_child(sw.selected);
}

static void create_window(void)
{
    GtkWidget *w = gtk_window_new(GTK_WINDOW_POPUP);
    GdkScreen *screen = gtk_widget_get_screen(w);
    GdkVisual *rgba = gdk_screen_get_rgba_visual(screen);
    GtkStyleContext *sc = gtk_widget_get_style_context(w);

    gtk_style_context_add_class(sc, "purr-switcher");
    if (rgba && gdk_screen_is_composited(screen)) {
        gtk_widget_set_visual(w, rgba);
        gtk_widget_set_app_paintable(w, TRUE);
        gtk_style_context_add_class(sc, "rgba");
    }
    gtk_window_set_type_hint(GTK_WINDOW(w), GDK_WINDOW_TYPE_HINT_UTILITY);
    gtk_window_set_accept_focus(GTK_WINDOW(w), FALSE);
    gtk_window_set_focus_on_map(GTK_WINDOW(w), FALSE);
    gtk_window_set_resizable(GTK_WINDOW(w), FALSE);
    gtk_window_set_title(GTK_WINDOW(w), "Window switcher");
    AtkObject *acc = gtk_widget_get_accessible(w);
    atk_object_set_name(acc, "Window switcher");
    atk_object_set_role(acc, ATK_ROLE_WINDOW);

    GtkWidget *frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_style_context_add_class(gtk_widget_get_style_context(frame), "purr-switcher-frame");
    gtk_container_add(GTK_CONTAINER(w), frame);

    GtkWidget *flow = gtk_flow_box_new();
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(flow), GTK_SELECTION_SINGLE);
    gtk_flow_box_set_activate_on_single_click(GTK_FLOW_BOX(flow), FALSE);
    gtk_flow_box_set_homogeneous(GTK_FLOW_BOX(flow), TRUE);
    gtk_flow_box_set_row_spacing(GTK_FLOW_BOX(flow), SPACING);
    gtk_flow_box_set_column_spacing(GTK_FLOW_BOX(flow), SPACING);
    gtk_widget_set_halign(flow, GTK_ALIGN_CENTER);
    gtk_widget_set_can_focus(flow, FALSE);
    atk_object_set_name(gtk_widget_get_accessible(flow), "Windows");
    sw.guard =
        g_signal_connect(flow, "selected-children-changed", G_CALLBACK(on_selection_changed), NULL);
    gtk_box_pack_start(GTK_BOX(frame), flow, TRUE, TRUE, 0);

    GtkWidget *title = gtk_label_new(NULL);
    gtk_style_context_add_class(gtk_widget_get_style_context(title), "purr-switcher-title");
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_MIDDLE);
    gtk_label_set_single_line_mode(GTK_LABEL(title), TRUE);
    /* The natural width would be the whole title; the width is set below
     * from all the titles instead, so the popup keeps its size while the
     * selection moves. */
    gtk_label_set_max_width_chars(GTK_LABEL(title), 1);
    gtk_label_set_xalign(GTK_LABEL(title), 0.5);
    gtk_box_pack_start(GTK_BOX(frame), title, FALSE, FALSE, 0);

    sw.window = w;
    sw.flow = flow;
    sw.title = title;
}

/* Icon size and columns so that n cells fit the monitor: rows of up to
 * MAX_PER_ROW, more per row when the rows would not fit in height, and
 * smaller icons when even a full-width row does not do. */
static void choose_layout(int n, int avail_w, int avail_h, int *size, int *cols)
{
    static const int sizes[] = {ICON_SIZE, 48, 32, 24};
    for (size_t k = 0; k < G_N_ELEMENTS(sizes); k++) {
        int cell = sizes[k] + CELL_EXTRA;
        int max_cols = MAX(1, avail_w / cell), max_rows = MAX(1, avail_h / cell);
        int c = MIN(n, MIN(MAX_PER_ROW, max_cols));
        int rows = (n + c - 1) / c;
        if (rows > max_rows) {
            c = MIN(max_cols, (n + max_rows - 1) / max_rows);
            rows = (n + c - 1) / c;
        }
        *size = sizes[k];
        *cols = c;
        if (rows <= max_rows)
            return;
    }
}

static GtkWidget *make_child(const ui_switcher_entry *e, int size, int scale, char *title)
{
    int icon = e->depth > 0 ? size * 5 / 8 : size;
    cairo_surface_t *s = ui_icon_surface(e->icon, e->icon_w, e->icon_h, e->wm_class, icon, scale);
    GtkWidget *image = gtk_image_new_from_surface(s);
    cairo_surface_destroy(s);
    /* Every cell is size x size, so a smaller (nested) icon sits centred. */
    gtk_widget_set_size_request(image, size, size);

    GtkWidget *child = gtk_flow_box_child_new();
    gtk_widget_set_can_focus(child, FALSE);
    gtk_container_add(GTK_CONTAINER(child), image);
    GtkStyleContext *sc = gtk_widget_get_style_context(child);
    if (e->minimized)
        gtk_style_context_add_class(sc, "minimized");
    if (e->depth > 0)
        gtk_style_context_add_class(sc, "depth-1");
    AtkObject *acc = gtk_widget_get_accessible(child);
    atk_object_set_name(acc, title);
    if (e->minimized)
        atk_object_set_description(acc, "minimized");
    return child;
}

/* The widest title, capped at 60 % of the monitor, is the title's width. */
static int title_width(void)
{
    int widest = 0;
    for (int i = 0; i < sw.n; i++) {
        PangoLayout *l = gtk_widget_create_pango_layout(sw.title, sw.titles[i]);
        int w;
        pango_layout_get_pixel_size(l, &w, NULL);
        g_object_unref(l);
        widest = MAX(widest, w);
    }
    return MIN(widest + 2, sw.monitor.width * 3 / 5);
}

static void place(void)
{
    GtkRequisition nat;
    gtk_widget_get_preferred_size(sw.window, NULL, &nat);
    int x = sw.monitor.x + (sw.monitor.width - nat.width) / 2;
    int y = sw.monitor.y + (sw.monitor.height - nat.height) / 2;
    gtk_window_move(GTK_WINDOW(sw.window), MAX(sw.monitor.x, x), MAX(sw.monitor.y, y));
}

void ui_switcher_show(const ui_switcher_entry *entries, int n, int selected, int mx, int my, int mw,
                      int mh)
{
    if (!ui_available() || n <= 0 || !entries) {
        ui_switcher_hide();
        return;
    }
    int scale = ui_scale();
    if (mw > 0 && mh > 0) {
        sw.monitor = (GdkRectangle){mx / scale, my / scale, mw / scale, mh / scale};
    } else {
        GdkWindow *root = ui_root_window();
        sw.monitor = (GdkRectangle){0, 0, gdk_window_get_width(root), gdk_window_get_height(root)};
    }

    if (!sw.window) {
        create_window();
    } else {
        GList *old = gtk_container_get_children(GTK_CONTAINER(sw.flow));
        for (GList *l = old; l; l = l->next)
            gtk_widget_destroy(l->data);
        g_list_free(old);
        g_strfreev(sw.titles);
        g_ptr_array_free(sw.children, TRUE);
    }
    sw.n = n;
    sw.selected = -1;
    sw.titles = g_new0(char *, n + 1);
    sw.children = g_ptr_array_sized_new(n);

    /* Leave a margin of the monitor around the popup; the frame's padding
     * and the title take about 80 pixels of its height. */
    int avail_w = sw.monitor.width * 9 / 10 - 40;
    int avail_h = sw.monitor.height * 8 / 10 - 80;
    int size, cols;
    choose_layout(n, avail_w, avail_h, &size, &cols);

    g_signal_handler_block(sw.flow, sw.guard);
    for (int i = 0; i < n; i++) {
        sw.titles[i] = valid_utf8(entries[i].title);
        GtkWidget *child = make_child(&entries[i], size, scale, sw.titles[i]);
        gtk_container_add(GTK_CONTAINER(sw.flow), child);
        g_ptr_array_add(sw.children, child);
    }
    g_signal_handler_unblock(sw.flow, sw.guard);

    /* A theme or a user's CSS may make cells wider than guessed. */
    int cell;
    gtk_widget_get_preferred_width(g_ptr_array_index(sw.children, 0), NULL, &cell);
    if (cell > 0)
        cols = MAX(1, MIN(cols, (avail_w + SPACING) / (cell + SPACING)));
    gtk_flow_box_set_min_children_per_line(GTK_FLOW_BOX(sw.flow), cols);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(sw.flow), cols);

    gtk_widget_set_size_request(sw.title, title_width(), -1);
    select_child(CLAMP(selected, 0, n - 1));
    /* Size first, then place, then map: no flash at the old position. */
    gtk_widget_show_all(gtk_bin_get_child(GTK_BIN(sw.window)));
    place();
    gtk_widget_show(sw.window);
}

void ui_switcher_select(int selected)
{
    if (!ui_available() || !sw.window || selected < 0 || selected >= sw.n)
        return;
    select_child(selected);
}

void ui_switcher_hide(void)
{
    /* On a dead connection the widgets are left alone (see ui.c). */
    if (sw.window && ui_connected())
        gtk_widget_destroy(sw.window);
    forget();
}

bool ui_switcher_visible(void)
{
    return ui_available() && sw.window && gtk_widget_get_visible(sw.window);
}

uint32_t ui_switcher_xid(void)
{
    if (!ui_available() || !sw.window || !gtk_widget_get_realized(sw.window))
        return 0;
    return (uint32_t)gdk_x11_window_get_xid(gtk_widget_get_window(sw.window));
}
