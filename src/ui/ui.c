/*
 * GTK for purr's own popups: starting it on a second X connection, keeping
 * purr alive when that connection dies, the stylesheet the popups share and
 * the icon lookup. The widgets themselves are in switcher.c and menu.c.
 *
 * GTK (GDK's X11 backend) talks to the server through Xlib, not through
 * purr's XCB connection, in the same thread and the same GLib main context:
 * GDK adds its own event source there, so purr's loop runs GTK too.
 */
#include "ui/ui-private.h"

#include "util/log.h"

#include <X11/Xlib.h>
#include <gdk/gdkx.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* UI_STOPPED: after ui_shutdown(); GTK stays initialised on its display. */
static enum { UI_UNTRIED, UI_RUNNING, UI_STOPPED, UI_FAILED, UI_DEAD } state;
static Display *gtk_xdpy;
static GtkCssProvider *css;

/*
 * The popups' look, in the colours every GTK theme defines, so a dark
 * theme gives a dark switcher; a user's gtk.css (higher priority)
 * overrides any of it. Rounded corners need an ARGB visual and a
 * compositor: without one the window is opaque (no .rgba class) and the
 * frame keeps square corners.
 */
/* clang-format off */
static const char stylesheet[] =
    ".purr-switcher { background-color: @theme_bg_color; }\n"
    ".purr-switcher.rgba { background-color: transparent; }\n"
    ".purr-switcher-frame {\n"
    "  background-color: @theme_bg_color;\n"
    "  color: @theme_fg_color;\n"
    "  border: 1px solid mix(@theme_fg_color, @theme_bg_color, 0.8);\n"
    "  padding: 18px 18px 14px 18px;\n"
    "}\n"
    ".purr-switcher.rgba .purr-switcher-frame {\n"
    "  border-radius: 14px;\n"
    "  margin: 1px;\n"
    "}\n"
    ".purr-switcher flowbox { background: none; }\n"
    ".purr-switcher flowboxchild {\n"
    "  padding: 10px;\n"
    "  border-radius: 10px;\n"
    "  outline-style: none;\n"
    "  background: none;\n"
    "}\n"
    ".purr-switcher flowboxchild:selected {\n"
    "  background-color: alpha(@theme_selected_bg_color, 0.28);\n"
    "  box-shadow: inset 0 0 0 2px @theme_selected_bg_color;\n"
    "  color: @theme_fg_color;\n"
    "}\n"
    ".purr-switcher flowboxchild.minimized image { opacity: 0.45; }\n"
    ".purr-switcher-title {\n"
    "  font-weight: bold;\n"
    "  margin-top: 12px;\n"
    "}\n";
/* clang-format on */

/*
 * GDK's Xlib handlers end the process when its connection breaks: the
 * I/O error handler calls _exit(1), and so does the per-display "exit
 * handler" libX11 calls after it. A window manager must not die because
 * its popups lost their connection (xkill on the switcher does it), so
 * both are replaced. The I/O error handler is process-wide: for any other
 * Xlib display it only logs, and that display's own exit handler (exit(1)
 * by default) still ends the process as before.
 *
 * Once the connection is broken Xlib turns every call on it into a no-op,
 * but the socket stays in GDK's poll set and, closed by the server, would
 * wake the main loop on every iteration. Putting an eventfd that is never
 * written on that descriptor number keeps the loop idle; nothing reads the
 * descriptor again. The widgets on the dead display are leaked, not
 * destroyed: that would only run more GTK code on a dead connection.
 *
 * GDK's protocol error handler also exits on an untrapped X error. That
 * one is left alone, because GDK's error traps work through it.
 */
static int on_io_error(Display *dpy)
{
    if (dpy == gtk_xdpy) {
        if (state != UI_DEAD)
            log_warn("lost GTK's X connection; no switcher or window menu from now on");
        state = UI_DEAD;
    } else {
        log_warn("X connection lost (Xlib)");
    }
    return 0;
}

static void on_io_exit(Display *dpy, void *data)
{
    (void)data;
    int fd = ConnectionNumber(dpy);
    int quiet = eventfd(0, EFD_CLOEXEC);
    if (quiet >= 0 && fd >= 0) {
        dup2(quiet, fd);
        close(quiet);
    }
}

static void survive_io_errors(void)
{
    XSetIOErrorHandler(on_io_error);
    XSetIOErrorExitHandler(gtk_xdpy, on_io_exit, NULL); /* libX11 1.7 and later */
}

static void add_stylesheet(void)
{
    css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, stylesheet, -1, NULL);
    gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

bool ui_init(const char *display)
{
    if (state == UI_STOPPED) {
        add_stylesheet();
        state = UI_RUNNING;
    }
    if (state != UI_UNTRIED)
        return state == UI_RUNNING;
    state = UI_FAILED;
    const char *name = display ? display : "$DISPLAY";

    /* purr may have been started from a Wayland session's terminal, and
     * our popups must be on the X server purr manages. */
    gdk_set_allowed_backends("x11");
    /* GTK would call setlocale(LC_ALL, "") at a moment nobody chose;
     * whether purr runs localised is main's decision. */
    gtk_disable_setlocale();
    if (!g_get_prgname())
        g_set_prgname("purr");

    /* purr's own widgets never draw with GL. Without this, GDK loads
     * OpenGL (with Mesa's llvmpipe, 60 MB of LLVM) to choose visuals on
     * the first GTK start on a display, which is usually purr's. GDK reads
     * GDK_GL while parsing; the variable is put back for purr's children. */
    g_autofree char *gdk_gl = g_strdup(g_getenv("GDK_GL"));
    g_autofree char *without = gdk_gl ? g_strconcat(gdk_gl, ",disable", NULL) : NULL;
    g_setenv("GDK_GL", without ? without : "disable", TRUE);
    /* Parsing no arguments initialises GTK without opening a display;
     * opening ours by name then leaves $DISPLAY alone. */
    bool parsed = gtk_parse_args(NULL, NULL);
    if (gdk_gl)
        g_setenv("GDK_GL", gdk_gl, TRUE);
    else
        g_unsetenv("GDK_GL");
    if (!parsed) {
        log_warn("GTK does not start; no switcher or window menu");
        return false;
    }
    GdkDisplay *gd = gdk_display_open(display);
    if (!gd) {
        log_warn("GTK cannot open display %s; no switcher or window menu", name);
        return false;
    }
    gdk_display_manager_set_default_display(gdk_display_manager_get(), gd);
    if (!GDK_IS_X11_DISPLAY(gd) || !gtk_init_check(NULL, NULL)) {
        log_warn("GTK does not start on %s; no switcher or window menu", name);
        return false;
    }
    gtk_xdpy = gdk_x11_display_get_xdisplay(gd);
    survive_io_errors();
    add_stylesheet();
    state = UI_RUNNING;
    return true;
}

bool ui_available(void)
{
    return state == UI_RUNNING;
}

void ui_shutdown(void)
{
    /* While the connection is alive these destroy the widgets; when it is
     * dead they only forget them. */
    ui_switcher_hide();
    ui_menu_destroy_all();
    if (state != UI_RUNNING)
        return;
    gtk_style_context_remove_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(css));
    g_clear_object(&css);
    state = UI_STOPPED;
}

bool ui_connected(void)
{
    return state == UI_RUNNING || state == UI_STOPPED;
}

int ui_scale(void)
{
    return gdk_window_get_scale_factor(ui_root_window());
}

GdkWindow *ui_root_window(void)
{
    return gdk_screen_get_root_window(gdk_screen_get_default());
}

/* _NET_WM_ICON holds host-order 32-bit cardinals 0xAARRGGBB, alpha not
 * premultiplied; GdkPixbuf wants R, G, B, A bytes, not premultiplied
 * either, so only the byte order changes. */
static GdkPixbuf *pixbuf_from_argb(const uint32_t *argb, int w, int h)
{
    GdkPixbuf *pb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, TRUE, 8, w, h);
    if (!pb)
        return NULL;
    guchar *pixels = gdk_pixbuf_get_pixels(pb);
    int stride = gdk_pixbuf_get_rowstride(pb);
    for (int y = 0; y < h; y++) {
        guchar *row = pixels + (size_t)y * stride;
        for (int x = 0; x < w; x++) {
            uint32_t p = argb[(size_t)y * w + x];
            row[4 * x + 0] = (p >> 16) & 0xff;
            row[4 * x + 1] = (p >> 8) & 0xff;
            row[4 * x + 2] = p & 0xff;
            row[4 * x + 3] = p >> 24;
        }
    }
    return pb;
}

/* Fit into px x px, aspect kept. gdk-pixbuf's bilinear filter averages
 * every source pixel when shrinking, and weighs colours by alpha. */
static GdkPixbuf *fit(GdkPixbuf *pb, int px)
{
    int w = gdk_pixbuf_get_width(pb), h = gdk_pixbuf_get_height(pb);
    if (w == px && h <= px)
        return g_object_ref(pb);
    if (h == px && w <= px)
        return g_object_ref(pb);
    int sw = w >= h ? px : MAX(1, (int)((gint64)w * px / h));
    int sh = w >= h ? MAX(1, (int)((gint64)h * px / w)) : px;
    return gdk_pixbuf_scale_simple(pb, sw, sh, GDK_INTERP_BILINEAR);
}

static GdkPixbuf *theme_icon(const char *name, int size, int scale)
{
    if (!name || !*name || !g_utf8_validate(name, -1, NULL))
        return NULL;
    GtkIconInfo *info = gtk_icon_theme_lookup_icon_for_scale(
        gtk_icon_theme_get_default(), name, size, scale, GTK_ICON_LOOKUP_FORCE_SIZE);
    if (!info)
        return NULL;
    GdkPixbuf *pb = gtk_icon_info_load_icon(info, NULL);
    g_object_unref(info);
    return pb;
}

static GdkPixbuf *class_icon(const char *wm_class, int size, int scale)
{
    if (!wm_class || !*wm_class)
        return NULL;
    g_autofree char *lower = g_utf8_strdown(wm_class, -1);
    GdkPixbuf *pb = theme_icon(lower, size, scale);
    if (!pb && strcmp(lower, wm_class) != 0)
        pb = theme_icon(wm_class, size, scale);
    return pb;
}

cairo_surface_t *ui_icon_surface(const uint32_t *argb, int w, int h, const char *wm_class, int size,
                                 int scale)
{
    int px = size * scale;
    /* Bad sizes from a client are ignored, not trusted. */
    bool have_argb = argb && w > 0 && h > 0 && w <= 1024 && h <= 1024;
    g_autoptr(GdkPixbuf) src = have_argb ? pixbuf_from_argb(argb, w, h) : NULL;
    g_autoptr(GdkPixbuf) pb = NULL;

    /* A 16-pixel icon blown up to 64 looks worse than the theme's. */
    if (src && MAX(w, h) * 2 >= px)
        pb = fit(src, px);
    if (!pb)
        pb = class_icon(wm_class, size, scale);
    if (!pb && src)
        pb = fit(src, px);
    if (!pb)
        pb = theme_icon("application-x-executable", size, scale);
    if (!pb) {
        cairo_surface_t *blank = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, px, px);
        cairo_surface_set_device_scale(blank, scale, scale);
        return blank;
    }
    return gdk_cairo_surface_create_from_pixbuf(pb, scale, NULL);
}

void ui_sync(void)
{
    if (state == UI_RUNNING || state == UI_STOPPED)
        gdk_display_sync(gdk_display_get_default());
}
