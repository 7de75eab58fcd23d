/*
 * purr-theme: tools around purr's CSS-themed window borders. `render`
 * draws one frame with a sample client area to a PNG through exactly the
 * code purr uses (decor_style -> decor_metrics -> decor_layout_compute ->
 * decor_paint), so a theme can be checked without running purr.
 *
 * GTK needs an X display even to draw into an image. Without a usable
 * $DISPLAY the tool starts a private Xvfb, learns its display number from
 * -displayfd (Xvfb writes it once it accepts connections, so there is no
 * guessing a free number and no waiting on a socket) and stops it at exit.
 */
#include "decor/paint.h"
#include "decor/style.h"

#include <errno.h>
#include <fcntl.h>
#include <gtk/gtk.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* clang-format off */
static const char usage[] =
"Usage: purr-theme render [OPTION...] --out FILE.png\n"
"       purr-theme --help\n"
"\n"
"Render a window border as purr draws it, with a sample client area, to a\n"
"PNG (ARGB, transparent outside the frame).\n"
"\n"
"  --css FILE          the user CSS (purr reads ~/.config/purr/theme.css)\n"
"  --gtk-theme NAME    a GTK 3 theme, e.g. Adwaita, Adwaita:dark, Arc-Dark\n"
"                      (default: the display's GTK settings, else Adwaita)\n"
"  --state LIST        focused (default), backdrop, maximized, tiled, rtl;\n"
"                      comma-separated, e.g. backdrop,tiled\n"
"  --title TEXT        the window title (default: \"purr-theme\")\n"
"  --title-file FILE   the title from a file's bytes (any bytes, any size)\n"
"  --buttons LAYOUT    button layout (default: " DECOR_DEFAULT_BUTTON_LAYOUT ")\n"
"  --hover BUTTON      close, maximize, minimize or menu under the pointer\n"
"  --pressed BUTTON    the button held down\n"
"  --width W           frame width in pixels (default 480)\n"
"  --height H          frame height in pixels (default 300)\n"
"  --shadow            draw the theme's box-shadow around the frame, as on a\n"
"                      composited screen (the picture grows by its reach)\n"
"  --out FILE.png      where to write the picture\n"
"\n"
"theme.css is loaded above the GTK theme, so a rule in it beats the theme's\n"
"rules whatever their specificity. The frame is the node tree GTK uses for\n"
"its own window decorations, with .purr on the top node:\n"
"\n"
"  window.background.ssd.purr              .backdrop etc: see below\n"
"    decoration                            the frame's border (box-shadow:\n"
"                                          the 1px outline)\n"
"    headerbar.titlebar.default-decoration the title strip\n"
"      label.title                         the title\n"
"      button.titlebutton.close            also .maximize .minimize .menu\n"
"        image                             the symbolic icon (color)\n"
"      image.titlebutton.icon              the window icon\n"
"\n"
"States: :backdrop (unfocused, on every node), :hover and :active (on a\n"
"button), .maximized .tiled .fullscreen (on the top node). For example:\n"
"\n"
"  .purr .titlebar { background: #ff0000; }           red title strip\n"
"  .purr .titlebar:backdrop { background: #884444; }  unfocused\n"
"  .purr .titlebar .title { color: white; }\n"
"  .purr button.titlebutton.close:hover { background: #e01b24; }\n"
"\n"
"Use the `background` shorthand: themes draw title strips with a\n"
"background-image gradient that `background-color` alone leaves on top.\n"
"CSS errors are reported as FILE:LINE:COLUMN and the rest still applies.\n";
/* clang-format on */

static pid_t xvfb_pid;

static int fail(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("purr-theme: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

static void stop_xvfb(void)
{
    if (xvfb_pid <= 0)
        return;
    kill(xvfb_pid, SIGTERM);
    waitpid(xvfb_pid, NULL, 0);
    xvfb_pid = 0;
}

/* Start Xvfb and set DISPLAY to it. */
static bool start_xvfb(void)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        /* Xvfb ends with us, even if we are killed. */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(1);
        close(fds[0]);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
        }
        char fd[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        execlp("Xvfb", "Xvfb", "-displayfd", fd, "-nolisten", "tcp", "-screen", "0", "640x480x24",
               (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    xvfb_pid = pid;

    char buf[32];
    size_t len = 0;
    gint64 deadline = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
    while (len < sizeof buf - 1 && !memchr(buf, '\n', len)) {
        int left = (int)((deadline - g_get_monotonic_time()) / 1000);
        struct pollfd p = {fds[0], POLLIN, 0};
        if (left <= 0 || poll(&p, 1, left) <= 0)
            break;
        ssize_t n = read(fds[0], buf + len, sizeof buf - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        len += (size_t)n;
    }
    close(fds[0]);
    buf[len] = '\0';
    char *end;
    long num = strtol(buf, &end, 10);
    if (len == 0 || end == buf || *end != '\n' || num < 0) {
        stop_xvfb();
        return false;
    }
    char display[32];
    snprintf(display, sizeof display, ":%ld", num);
    g_setenv("DISPLAY", display, TRUE);
    return true;
}

static bool display_usable(void)
{
    const char *d = g_getenv("DISPLAY");
    if (!d || !*d)
        return false;
    GdkDisplay *gd = gdk_display_open(d);
    if (!gd)
        return false;
    gdk_display_close(gd);
    return true;
}

static bool start_gtk(void)
{
    gdk_set_allowed_backends("x11");
    /* Frames are drawn with cairo: GDK need not load OpenGL (and Mesa's
     * driver, which leaves allocations behind when it is unloaded). */
    g_setenv("GDK_GL", "disable", TRUE);
    if (!gtk_parse_args(NULL, NULL))
        return false;
    if (!display_usable() && !start_xvfb()) {
        fail("no X display and cannot start Xvfb");
        return false;
    }
    if (!gtk_init_check(NULL, NULL)) {
        fail("GTK cannot open display %s", g_getenv("DISPLAY"));
        return false;
    }
    return true;
}

typedef struct options {
    const char *css, *gtk_theme, *title, *out, *buttons;
    char *title_data; /* from --title-file */
    unsigned state;
    enum decor_button hover, pressed;
    int width, height;
    bool shadow; /* draw the box-shadow around, as on a composited screen */
} options;

static bool parse_state(const char *text, unsigned *state)
{
    *state = 0;
    g_auto(GStrv) parts = g_strsplit(text, ",", -1);
    for (char **p = parts; *p; p++) {
        const char *s = g_strstrip(*p);
        if (strcmp(s, "focused") == 0)
            continue;
        else if (strcmp(s, "backdrop") == 0)
            *state |= DECOR_STATE_BACKDROP;
        else if (strcmp(s, "maximized") == 0)
            *state |= DECOR_STATE_MAXIMIZED;
        else if (strcmp(s, "tiled") == 0)
            *state |= DECOR_STATE_TILED;
        else if (strcmp(s, "rtl") == 0)
            *state |= DECOR_STATE_RTL;
        else
            return false;
    }
    return true;
}

static bool parse_button(const char *text, enum decor_button *b)
{
    decor_button_layout bl;
    if (!decor_parse_button_layout(text, &bl) || bl.n_left != 1 || bl.n_right != 0)
        return false;
    *b = bl.left[0];
    return *b != DECOR_BUTTON_SPACER;
}

static bool parse_size(const char *text, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < 1 || v > 16384)
        return false;
    *out = (int)v;
    return true;
}

static bool read_title(const char *path, options *o)
{
    g_autoptr(GError) err = NULL;
    g_free(o->title_data);
    o->title_data = NULL;
    if (!g_file_get_contents(path, &o->title_data, NULL, &err)) {
        fail("%s", err->message);
        exit(1);
    }
    o->title = o->title_data; /* up to its first NUL, like a window title */
    return true;
}

/* Returns 0 when parsed, else the exit status (2 on bad usage). */
static int parse_render_args(int argc, char **argv, options *o)
{
    *o = (options){.title = "purr-theme", .width = 480, .height = 300};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            exit(0);
        }
        if (strcmp(a, "--shadow") == 0) {
            o->shadow = true;
            continue;
        }
        if (strncmp(a, "--", 2) != 0 || i + 1 >= argc) {
            fail("%s: %s; see purr-theme --help",
                 strncmp(a, "--", 2) ? "unexpected argument" : "missing value", a);
            return 2;
        }
        const char *v = argv[++i];
        bool ok = true;
        if (strcmp(a, "--css") == 0)
            o->css = v;
        else if (strcmp(a, "--gtk-theme") == 0)
            o->gtk_theme = v;
        else if (strcmp(a, "--title") == 0)
            o->title = v;
        else if (strcmp(a, "--title-file") == 0)
            ok = read_title(v, o);
        else if (strcmp(a, "--out") == 0)
            o->out = v;
        else if (strcmp(a, "--buttons") == 0)
            o->buttons = v;
        else if (strcmp(a, "--state") == 0)
            ok = parse_state(v, &o->state);
        else if (strcmp(a, "--hover") == 0)
            ok = parse_button(v, &o->hover);
        else if (strcmp(a, "--pressed") == 0)
            ok = parse_button(v, &o->pressed);
        else if (strcmp(a, "--width") == 0)
            ok = parse_size(v, &o->width);
        else if (strcmp(a, "--height") == 0)
            ok = parse_size(v, &o->height);
        else {
            fail("unknown option %s; see purr-theme --help", a);
            return 2;
        }
        if (!ok) {
            fail("bad value for %s: %s", a, v);
            return 2;
        }
    }
    if (!o->out) {
        fail("--out FILE.png is required; see purr-theme --help");
        return 2;
    }
    if (o->css && !g_file_test(o->css, G_FILE_TEST_EXISTS)) {
        fail("%s: no such file", o->css);
        return 1;
    }
    return 0;
}

static int render(const options *o)
{
    decor_button_layout bl;
    if (!decor_parse_button_layout(o->buttons, &bl))
        return fail("bad button layout: %s", o->buttons);
    if (o->gtk_theme && !decor_style_theme_exists(o->gtk_theme))
        return fail("GTK theme %s is not installed", o->gtk_theme);
    if (o->gtk_theme)
        g_unsetenv("GTK_THEME"); /* it would beat the setting */

    decor_style *style = decor_style_new(o->gtk_theme, false);
    if (!style)
        return 1;
    /* CSS errors are logged as FILE:LINE:COL; the picture is drawn anyway. */
    if (o->css && decor_style_load_user_css(style, o->css) < 0) {
        decor_style_destroy(style);
        return 1;
    }

    unsigned state = o->state | (o->shadow ? DECOR_STATE_COMPOSITED : 0);
    decor_metrics m;
    decor_style_metrics(style, state, &m);
    decor_layout l;
    unsigned allowed =
        WM_ACTION_CLOSE | WM_ACTION_MINIMIZE | WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT;
    decor_layout_compute(&m, &bl, o->width, allowed, o->state & DECOR_STATE_RTL, &l);

    wm_extents sh = {0, 0, 0, 0};
    if (o->shadow)
        sh = decor_shadow_extents(style, &l, o->width, o->height, state);
    cairo_surface_t *surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, o->width + sh.left + sh.right, o->height + sh.top + sh.bottom);
    cairo_t *cr = cairo_create(surface);
    cairo_translate(cr, sh.left, sh.top);
    decor_paint_client_sample(style, cr, &l, o->width, o->height, state);
    decor_paint_state st = {
        .state = state, .hover = o->hover, .pressed = o->pressed, .title = o->title, .shadow = sh};
    decor_paint(style, cr, &l, o->width, o->height, &st);
    cairo_destroy(cr);

    int rc = 0;
    cairo_status_t status = cairo_surface_write_to_png(surface, o->out);
    if (status != CAIRO_STATUS_SUCCESS)
        rc = fail("%s: %s", o->out, cairo_status_to_string(status));
    cairo_surface_destroy(surface);
    decor_style_destroy(style);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "render") != 0)
        return fail("unknown command %s; see purr-theme --help", argv[1]) + 1;

    options o;
    int rc = parse_render_args(argc - 2, argv + 2, &o);
    if (rc)
        return rc;
    g_set_prgname("purr-theme");
    if (!start_gtk()) {
        stop_xvfb();
        return 1;
    }
    rc = render(&o);
    g_free(o.title_data);
    /* GDK must not see its server go away under it. */
    gdk_display_close(gdk_display_get_default());
    stop_xvfb();
    return rc;
}
