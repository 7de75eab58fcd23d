/*
 * The window menu: a GtkMenu popped up at a root position, built afresh
 * for every request from the flags purr sends, and destroyed when it
 * closes. GTK grabs pointer and keyboard for it on its own connection and
 * does the keyboard navigation; a chosen entry reaches purr through the
 * request's callback, with the window id the request named.
 */
#include "ui/ui-private.h"

#include "util/log.h"

#include <gdk/gdkx.h>

enum { MAX_WORKSPACES = 256 };

/* What an entry's activation reports; owned by the menu (object data). */
typedef struct request {
    uint32_t id;
    ui_menu_callback cb;
    void *data;
} request;

static GtkWidget *open_menu; /* the menu on screen (or about to be), if any */
static GSList *dying;        /* closed menus waiting for the idle destroy */
static guint dying_idle;
static bool activating; /* inside a callback */
static struct {
    guint idle;
    int x, y;
    bool keyboard;
} pending; /* a popup requested from inside a callback */

static void on_activate(GtkMenuItem *item, gpointer data)
{
    const request *req = data;
    enum ui_menu_item what = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(item), "purr-item"));
    uint32_t arg = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(item), "purr-arg"));
    if (GTK_IS_CHECK_MENU_ITEM(item))
        arg = gtk_check_menu_item_get_active(GTK_CHECK_MENU_ITEM(item));
    activating = true;
    if (req->cb)
        req->cb(req->id, what, arg, req->data);
    activating = false;
}

static gboolean destroy_dying(gpointer data)
{
    (void)data;
    dying_idle = 0;
    GSList *list = dying;
    dying = NULL;
    for (GSList *l = list; l; l = l->next)
        if (ui_connected())
            gtk_widget_destroy(l->data);
    g_slist_free(list);
    return G_SOURCE_REMOVE;
}

/* GTK deactivates the menu before it emits the chosen item's "activate",
 * so the menu (and the request the item points to) must live until the
 * main loop is idle again. */
static void on_deactivate(GtkMenuShell *shell, gpointer data)
{
    (void)data;
    if (open_menu == GTK_WIDGET(shell))
        open_menu = NULL;
    dying = g_slist_prepend(dying, shell);
    if (!dying_idle)
        dying_idle = g_idle_add(destroy_dying, NULL);
}

static GtkWidget *add(GtkWidget *menu, GtkWidget *item, enum ui_menu_item what, uint32_t arg,
                      bool sensitive, request *req)
{
    g_object_set_data(G_OBJECT(item), "purr-item", GUINT_TO_POINTER(what));
    g_object_set_data(G_OBJECT(item), "purr-arg", GUINT_TO_POINTER(arg));
    gtk_widget_set_sensitive(item, sensitive);
    /* Connected after a check item got its state: setting it emits
     * "activate" too, and that is not the user's choice. */
    if (req)
        g_signal_connect(item, "activate", G_CALLBACK(on_activate), req);
    gtk_menu_shell_append(GTK_MENU_SHELL(menu), item);
    return item;
}

static void add_check(GtkWidget *menu, const char *label, enum ui_menu_item what, bool active,
                      bool sensitive, request *req)
{
    GtkWidget *item = gtk_check_menu_item_new_with_mnemonic(label);
    gtk_check_menu_item_set_active(GTK_CHECK_MENU_ITEM(item), active);
    add(menu, item, what, 0, sensitive, req);
}

static void add_separator(GtkWidget *menu)
{
    gtk_menu_shell_append(GTK_MENU_SHELL(menu), gtk_separator_menu_item_new());
}

/* "Workspace 3" with its digit as mnemonic, or the workspace's own name,
 * taken literally (an underscore in it is no mnemonic). */
static GtkWidget *workspace_item(const ui_menu_request *r, uint32_t i)
{
    const char *name = r->workspace_names ? r->workspace_names[i] : NULL;
    if (name && *name) {
        g_autofree char *valid = g_utf8_make_valid(name, -1);
        return gtk_menu_item_new_with_label(valid);
    }
    g_autofree char *label =
        i < 9 ? g_strdup_printf("Workspace _%u", i + 1) : g_strdup_printf("Workspace %u", i + 1);
    return gtk_menu_item_new_with_mnemonic(label);
}

static void add_workspaces(GtkWidget *menu, const ui_menu_request *r, request *req)
{
    uint32_t n = MIN(r->n_workspaces, (uint32_t)MAX_WORKSPACES);
    GtkWidget *sub = gtk_menu_new();
    for (uint32_t i = 0; i < n; i++)
        add(sub, workspace_item(r, i), UI_MENU_WORKSPACE, i, i != r->workspace, req);
    GtkWidget *item = gtk_menu_item_new_with_mnemonic("Move to _Workspace");
    gtk_menu_item_set_submenu(GTK_MENU_ITEM(item), sub);
    add(menu, item, UI_MENU_WORKSPACE, 0, r->can_change_desktop, NULL);
}

/* "Move to Group": the groups this window can join, each by what it
 * shows; "Detach Tab" when it is a tab. */
static void add_groups(GtkWidget *menu, const ui_menu_request *r, request *req)
{
    GtkWidget *sub = gtk_menu_new();
    for (int i = 0; i < r->n_groups; i++) {
        g_autofree char *valid =
            g_utf8_make_valid(r->groups[i].title ? r->groups[i].title : "", -1);
        add(sub, gtk_menu_item_new_with_label(valid), UI_MENU_GROUP, r->groups[i].id, true, req);
    }
    GtkWidget *item = gtk_menu_item_new_with_mnemonic("Move to _Group");
    gtk_menu_item_set_submenu(GTK_MENU_ITEM(item), sub);
    add(menu, item, UI_MENU_GROUP, 0, r->n_groups > 0, NULL);
    add(menu, gtk_menu_item_new_with_mnemonic("_Detach Tab"), UI_MENU_DETACH, 0, r->tabbed, req);
}

/* The plugins' items, by label (no mnemonics: a plugin's underscore is
 * shown as it is). */
static void add_plugin_items(GtkWidget *menu, const ui_menu_request *r, request *req)
{
    for (int i = 0; i < r->n_plugin_items; i++)
        add(menu, gtk_menu_item_new_with_label(r->plugin_items[i]), UI_MENU_PLUGIN, (uint32_t)i,
            true, req);
}

static GtkWidget *build(const ui_menu_request *r, request *req)
{
    GtkWidget *menu = gtk_menu_new();
    g_object_set_data_full(G_OBJECT(menu), "purr-request", req, g_free);

    if (r->only_plugin_items) {
        add_plugin_items(menu, r, req);
        return menu;
    }
    /* Mi_nimize, not _Minimize: M is _Move's. */
    add(menu, gtk_menu_item_new_with_mnemonic("Mi_nimize"), UI_MENU_MINIMIZE, 0, r->can_minimize,
        req);
    add(menu, gtk_menu_item_new_with_mnemonic(r->maximized ? "Re_store" : "Ma_ximize"),
        UI_MENU_MAXIMIZE, 0, r->can_maximize, req);
    add(menu, gtk_menu_item_new_with_mnemonic("_Move"), UI_MENU_MOVE, 0, r->can_move, req);
    add(menu, gtk_menu_item_new_with_mnemonic("_Resize"), UI_MENU_RESIZE, 0, r->can_resize, req);
    add_separator(menu);
    add_check(menu, "Always on _Top", UI_MENU_ABOVE, r->above, r->can_above, req);
    add_check(menu, "_Always on Visible Workspace", UI_MENU_STICKY, r->sticky, r->can_stick, req);
    add_separator(menu);
    if (r->n_workspaces > 1) {
        add_workspaces(menu, r, req);
        add_separator(menu);
    }
    if (r->n_groups > 0 || r->tabbed) {
        add_groups(menu, r, req);
        add_separator(menu);
    }
    add(menu, gtk_menu_item_new_with_mnemonic("_Close"), UI_MENU_CLOSE, 0, r->can_close, req);
    if (r->n_plugin_items > 0) {
        add_separator(menu);
        add_plugin_items(menu, r, req);
    }
    return menu;
}

static GdkEvent *make_trigger(bool keyboard)
{
    GdkEvent *ev = gdk_event_new(keyboard ? GDK_KEY_PRESS : GDK_BUTTON_PRESS);
    GdkSeat *seat = gdk_display_get_default_seat(gdk_display_get_default());
    ev->any.window = g_object_ref(ui_root_window()); /* gdk_event_free() drops it */
    ev->any.send_event = TRUE;
    gdk_event_set_device(ev, keyboard ? gdk_seat_get_keyboard(seat) : gdk_seat_get_pointer(seat));
    return ev; /* time GDK_CURRENT_TIME, button 0: no press to release */
}

static void popup(GtkWidget *menu, int x, int y, bool keyboard)
{
    /* purr's key or button event happened on its own connection; GTK
     * warns without one and only takes the time and button from it. */
    GdkEvent *trigger = make_trigger(keyboard);
    int scale = ui_scale();
    GdkRectangle at = {x / scale, y / scale, 1, 1};
    gtk_menu_popup_at_rect(GTK_MENU(menu), ui_root_window(), &at, GDK_GRAVITY_NORTH_WEST,
                           GDK_GRAVITY_NORTH_WEST, trigger);
    gdk_event_free(trigger);
    /* GTK gives up when its grab fails (someone else holds the pointer or
     * the keyboard) and never shows the menu; it then sends no
     * "deactivate" either. */
    if (!gtk_widget_get_visible(menu)) {
        log_warn("window menu not shown: GTK could not grab pointer and keyboard");
        open_menu = NULL;
        gtk_widget_destroy(menu);
        return;
    }
    if (keyboard)
        gtk_menu_shell_select_first(GTK_MENU_SHELL(menu), FALSE);
}

/* The menu an entry belonged to is still finishing its own activation,
 * and what it does after the callback (releasing its grab) would undo
 * the new menu's selection; so a menu asked for from a callback pops up
 * once that is over. */
static gboolean popup_later(gpointer data)
{
    (void)data;
    pending.idle = 0;
    if (open_menu && ui_available())
        popup(open_menu, pending.x, pending.y, pending.keyboard);
    return G_SOURCE_REMOVE;
}

void ui_window_menu(const ui_menu_request *r, ui_menu_callback cb, void *data)
{
    if (!ui_available() || !r)
        return;
    ui_menu_close();

    request *req = g_new0(request, 1);
    *req = (request){r->id, cb, data};
    GtkWidget *menu = build(r, req);
    g_signal_connect(menu, "deactivate", G_CALLBACK(on_deactivate), NULL);
    gtk_widget_show_all(menu);
    open_menu = menu;
    if (activating) {
        pending.x = r->x;
        pending.y = r->y;
        pending.keyboard = r->from_keyboard;
        pending.idle = g_idle_add(popup_later, NULL);
        return;
    }
    popup(menu, r->x, r->y, r->from_keyboard);
}

void ui_menu_close(void)
{
    GtkWidget *menu = open_menu;
    if (pending.idle)
        g_source_remove(pending.idle);
    pending.idle = 0;
    if (!menu)
        return;
    if (!ui_connected()) {
        open_menu = NULL; /* left alone on a dead connection (see ui.c) */
        return;
    }
    /* Deactivating hides it, releases GTK's grabs and queues the destroy;
     * a menu that never popped up is not active and is destroyed here. */
    gtk_menu_shell_deactivate(GTK_MENU_SHELL(menu));
    if (open_menu == menu) {
        open_menu = NULL;
        gtk_widget_destroy(menu);
    }
}

void ui_menu_destroy_all(void)
{
    ui_menu_close();
    if (dying_idle)
        g_source_remove(dying_idle);
    destroy_dying(NULL);
}

bool ui_menu_visible(void)
{
    return ui_available() && open_menu && gtk_widget_get_visible(open_menu);
}

uint32_t ui_menu_xid(void)
{
    if (!ui_menu_visible())
        return 0;
    GdkWindow *w = gtk_widget_get_window(gtk_widget_get_toplevel(open_menu));
    return w ? (uint32_t)gdk_x11_window_get_xid(w) : 0;
}
