/*
 * The GL backend: GLX through libepoxy, every window's named pixmap bound
 * as a texture with GLX_EXT_texture_from_pixmap (no copy where the driver
 * shares the pixmap; a copy at bind time on llvmpipe, which the start-up
 * self-test detects so that damaged textures are bound again).
 *
 * Only damaged pixels are painted. The window's back buffer is kept between
 * frames: with GLX_MESA_copy_sub_buffer the damaged rectangles are copied
 * to the screen and the rest of the back buffer stays valid; with
 * GLX_EXT_buffer_age the damage of the frames the buffer missed is painted
 * again before a swap; with neither, every frame is painted whole.
 *
 * GLX needs an Xlib Display: the backend opens its own connection to the
 * same server. X resources are shared between connections, so pixmaps
 * named on purr's connection are used here once the server has seen them
 * (one round trip on purr's connection when a frame names new ones).
 */
#include <X11/Xlib.h>
#include <epoxy/gl.h>
#include <epoxy/glx.h>
#include <glib.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "comp/comp-private.h"
#include "util/log.h"
#include "wm/wm.h"

enum { AGE_FRAMES = 4 };

typedef struct gl_pixmap {
    GLXPixmap glx;
    GLuint tex;
    bool y_inverted;
    bool bound;
    bool too_large; /* not drawn (said once) */
    bool gone;      /* the window went before its pixmap could be named */
} gl_pixmap;

typedef struct gl {
    Display *dpy;
    GLXFBConfig window_config;
    GLXFBConfig pixmap_config[2]; /* depth 24 (RGB), depth 32 (RGBA) */
    bool y_inverted[2];
    GLXWindow win;
    GLXContext ctx;
    bool rebind;          /* texture_from_pixmap copies at bind time */
    bool copy_sub_buffer; /* GLX_MESA_copy_sub_buffer */
    bool buffer_age;      /* GLX_EXT_buffer_age */
    int width, height;
    pixman_region32_t past[AGE_FRAMES]; /* damage of the last frames, newest first */
    gl_pixmap background;
    int bg_w, bg_h;
    unsigned frames;
    bool robust;     /* GL_ARB_robustness: resets can be asked about */
    int max_texture; /* GL_MAX_TEXTURE_SIZE */
} gl;

static int gl_errors;

static int on_xlib_error(Display *d, XErrorEvent *e)
{
    /* A window that went away between damage and paint: its texture is
     * dropped with the window. */
    gl_errors++;
    return 0;
}

static bool has_ext(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; p && (p = strstr(p, name)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

static int config_attrib(gl *g, GLXFBConfig cfg, int attr)
{
    int v = 0;
    glXGetFBConfigAttrib(g->dpy, cfg, attr, &v);
    return v;
}

/* A config that binds pixmaps of this depth to textures. */
static bool find_pixmap_config(gl *g, int screen, int depth, GLXFBConfig *out, bool *y_inverted)
{
    int rgba = depth == 32;
    int attrs[] = {GLX_DRAWABLE_TYPE,
                   GLX_PIXMAP_BIT,
                   rgba ? GLX_BIND_TO_TEXTURE_RGBA_EXT : GLX_BIND_TO_TEXTURE_RGB_EXT,
                   True,
                   GLX_BIND_TO_TEXTURE_TARGETS_EXT,
                   GLX_TEXTURE_2D_BIT_EXT,
                   GLX_RENDER_TYPE,
                   GLX_RGBA_BIT,
                   GLX_DOUBLEBUFFER,
                   False,
                   None};
    int n = 0;
    GLXFBConfig *cfgs = glXChooseFBConfig(g->dpy, screen, attrs, &n);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        XVisualInfo *vi = glXGetVisualFromFBConfig(g->dpy, cfgs[i]);
        int vdepth = vi ? vi->depth : 0;
        XFree(vi);
        if (vdepth != depth)
            continue;
        if (getenv("PURR_GL_NO_ARGB_CONFIG") && depth == 32)
            continue; /* tests: a driver without one */
        *out = cfgs[i];
        *y_inverted = config_attrib(g, cfgs[i], GLX_Y_INVERTED_EXT);
        found = true;
    }
    XFree(cfgs);
    return found;
}

/* A double-buffered config for the overlay window's visual. */
static bool find_window_config(gl *g, int screen, VisualID visual)
{
    int attrs[] = {GLX_DRAWABLE_TYPE,
                   GLX_WINDOW_BIT,
                   GLX_DOUBLEBUFFER,
                   True,
                   GLX_RENDER_TYPE,
                   GLX_RGBA_BIT,
                   None};
    int n = 0;
    GLXFBConfig *cfgs = glXChooseFBConfig(g->dpy, screen, attrs, &n);
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        if ((VisualID)config_attrib(g, cfgs[i], GLX_VISUAL_ID) == visual) {
            g->window_config = cfgs[i];
            found = true;
        }
    XFree(cfgs);
    return found;
}

static void release_pixmap(gl *g, gl_pixmap *p)
{
    if (!p->glx)
        return;
    if (p->bound)
        glXReleaseTexImageEXT(g->dpy, p->glx, GLX_FRONT_LEFT_EXT);
    glXDestroyPixmap(g->dpy, p->glx);
    glDeleteTextures(1, &p->tex);
    memset(p, 0, sizeof *p);
}

static bool bind_pixmap(gl *g, gl_pixmap *p, Pixmap pixmap, int depth)
{
    int i = depth == 32;
    if (!p->glx) {
        int attrs[] = {GLX_TEXTURE_TARGET_EXT, GLX_TEXTURE_2D_EXT, GLX_TEXTURE_FORMAT_EXT,
                       i ? GLX_TEXTURE_FORMAT_RGBA_EXT : GLX_TEXTURE_FORMAT_RGB_EXT, None};
        /* A pixmap that is not there (its window went meanwhile) must not
         * reach the driver: llvmpipe crashes binding it. */
        int errors = gl_errors;
        p->glx = glXCreatePixmap(g->dpy, g->pixmap_config[i], pixmap, attrs);
        XSync(g->dpy, False);
        if (gl_errors != errors) {
            p->glx = 0;
            p->gone = true;
            return false;
        }
        p->y_inverted = g->y_inverted[i];
        glGenTextures(1, &p->tex);
        glBindTexture(GL_TEXTURE_2D, p->tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    }
    glBindTexture(GL_TEXTURE_2D, p->tex);
    if (p->bound && g->rebind) {
        glXReleaseTexImageEXT(g->dpy, p->glx, GLX_FRONT_LEFT_EXT);
        p->bound = false;
    }
    if (!p->bound) {
        glXBindTexImageEXT(g->dpy, p->glx, GLX_FRONT_LEFT_EXT, NULL);
        p->bound = true;
    }
    return true;
}

/* Does a bound texture follow later drawing into its pixmap? llvmpipe's
 * does not: it copied the pixmap at bind time. */
static bool texture_goes_stale(gl *g, int screen)
{
    Window root = RootWindow(g->dpy, screen);
    Pixmap pm = XCreatePixmap(g->dpy, root, 4, 4, (unsigned)DefaultDepth(g->dpy, screen));
    GC gc = XCreateGC(g->dpy, pm, 0, NULL);
    XSetForeground(g->dpy, gc, 0xff0000);
    XFillRectangle(g->dpy, pm, gc, 0, 0, 4, 4);
    XSync(g->dpy, False);
    gl_pixmap p = {0};
    bind_pixmap(g, &p, pm, 24);
    XSetForeground(g->dpy, gc, 0x00ff00);
    XFillRectangle(g->dpy, pm, gc, 0, 0, 4, 4);
    XSync(g->dpy, False);
    uint8_t px[4 * 4 * 4] = {0};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    bool stale = px[1] < 128; /* still red, not green */
    release_pixmap(g, &p);
    XFreeGC(g->dpy, gc);
    XFreePixmap(g->dpy, pm);
    return stale;
}

static bool software_renderer(const char *renderer)
{
    return renderer && (strstr(renderer, "llvmpipe") || strstr(renderer, "softpipe") ||
                        strstr(renderer, "Software Rasterizer") || strstr(renderer, "swrast"));
}

static char *software_why(const char *renderer)
{
    return g_strdup_printf("%s is a software renderer, where XRender costs far less CPU "
                           "(--compositor=gl uses it anyway)",
                           renderer);
}

static void gl_finish(comp *c);

/* ---- which renderer, asked in a child ---- */

/* Once a process has made a GL context current, Mesa's libraries stay in
 * it for good (with llvmpipe, LLVM: some 50 MiB resident), even when auto
 * then composites with XRender. So auto asks a short-lived child, purr
 * itself run as `purr --gl-probe DISPLAY`, which renderer GL would use;
 * GL is loaded here only when that is not a software one. */
int comp_gl_probe_main(const char *display)
{
    /* Any failure is told by gl_init, which tries GL here next. */
    Display *dpy = XOpenDisplay(display[0] ? display : NULL);
    int err_base, ev_base, n = 0;
    if (!dpy || !glXQueryExtension(dpy, &err_base, &ev_base))
        return 1;
    int screen = DefaultScreen(dpy);
    const int want[] = {GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT, GLX_RENDER_TYPE, GLX_RGBA_BIT, None};
    GLXFBConfig *configs = glXChooseFBConfig(dpy, screen, want, &n);
    XVisualInfo *vi = n > 0 ? glXGetVisualFromFBConfig(dpy, configs[0]) : NULL;
    if (!vi)
        return 1;
    Window root = RootWindow(dpy, screen);
    XSetWindowAttributes wa = {.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone)};
    Window w = XCreateWindow(dpy, root, 0, 0, 1, 1, 0, vi->depth, InputOutput, vi->visual,
                             CWColormap, &wa);
    GLXContext ctx = glXCreateNewContext(dpy, configs[0], GLX_RGBA_TYPE, NULL, True);
    GLXWindow gw = glXCreateWindow(dpy, configs[0], w, NULL);
    if (!ctx || !glXMakeContextCurrent(dpy, gw, gw, ctx))
        return 1;
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    printf("%s\n", renderer ? renderer : "");
    return 0; /* the server frees the rest with the connection */
}

/* The renderer the child names, or NULL when it could not be run, failed
 * or gave no answer within five seconds. */
static char *probe_renderer(const char *display)
{
    g_autofree char *self = g_file_read_link("/proc/self/exe", NULL);
    char *argv[] = {self, (char *)"--gl-probe", (char *)(display ? display : ""), NULL};
    GPid pid;
    int out = -1;
    if (!self || !g_spawn_async_with_pipes(NULL, argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                           NULL, NULL, &pid, NULL, &out, NULL, NULL))
        return NULL;
    char buf[512];
    size_t len = 0;
    gint64 deadline = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
    while (len < sizeof buf - 1 && !memchr(buf, '\n', len)) {
        int left_ms = (int)((deadline - g_get_monotonic_time()) / 1000);
        struct pollfd p = {out, POLLIN, 0};
        if (left_ms <= 0 || poll(&p, 1, left_ms) <= 0)
            break;
        ssize_t r = read(out, buf + len, sizeof buf - 1 - len);
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    close(out);
    kill(pid, SIGKILL); /* done or stuck: it has nothing more to say */
    waitpid(pid, NULL, 0);
    char *nl = memchr(buf, '\n', len);
    return nl ? g_strndup(buf, (gsize)(nl - buf)) : NULL;
}

static bool fail(comp *c, char **why, char *reason)
{
    *why = reason;
    gl_finish(c);
    return false;
}

static void set_viewport(gl *g)
{
    glViewport(0, 0, g->width, g->height);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, g->width, g->height, 0, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

static bool gl_init(comp *c, char **why)
{
    if (c->mode == COMP_AUTO) {
        g_autofree char *renderer = probe_renderer(c->host.display_name);
        if (renderer && software_renderer(renderer)) {
            *why = software_why(renderer);
            return false;
        }
        /* A hardware renderer, or no answer: GL is tried here. */
    }
    gl *g = g_new0(gl, 1);
    c->priv = g;
    for (int i = 0; i < AGE_FRAMES; i++)
        pixman_region32_init(&g->past[i]);
    XSetErrorHandler(on_xlib_error);
    g->dpy = XOpenDisplay(c->host.display_name);
    if (!g->dpy)
        return fail(c, why, g_strdup("cannot open a second connection for GLX"));
    int screen = c->host.screen_number;
    int err_base, ev_base;
    if (!glXQueryExtension(g->dpy, &err_base, &ev_base))
        return fail(c, why, g_strdup("the X server has no GLX extension"));
    const char *exts = glXQueryExtensionsString(g->dpy, screen);
    if (!has_ext(exts, "GLX_EXT_texture_from_pixmap"))
        return fail(c, why, g_strdup("GLX_EXT_texture_from_pixmap is missing"));
    g->copy_sub_buffer = has_ext(exts, "GLX_MESA_copy_sub_buffer");
    g->buffer_age = has_ext(exts, "GLX_EXT_buffer_age");
    if (!find_window_config(g, screen, c->screen->root_visual))
        return fail(c, why, g_strdup("no double-buffered GLX config for the screen's visual"));
    if (!find_pixmap_config(g, screen, c->screen->root_depth, &g->pixmap_config[0],
                            &g->y_inverted[0]))
        return fail(c, why, g_strdup("no GLX config binds depth-24 pixmaps to textures"));
    if (!find_pixmap_config(g, screen, 32, &g->pixmap_config[1], &g->y_inverted[1]))
        return fail(c, why, g_strdup("no GLX config binds depth-32 (ARGB) pixmaps to textures"));
    g->ctx = glXCreateNewContext(g->dpy, g->window_config, GLX_RGBA_TYPE, NULL, True);
    if (!g->ctx)
        return fail(c, why, g_strdup("cannot create a GLX context"));
    g->win = glXCreateWindow(g->dpy, g->window_config, c->overlay, NULL);
    if (!glXMakeContextCurrent(g->dpy, g->win, g->win, g->ctx))
        return fail(c, why, g_strdup("cannot make the GLX context current"));
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    if (c->mode != COMP_GL && software_renderer(renderer))
        return fail(c, why, software_why(renderer));
    g->rebind = texture_goes_stale(g, screen);
    g->robust = epoxy_has_gl_extension("GL_ARB_robustness");
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &g->max_texture);
    g->width = c->screen->width_in_pixels;
    g->height = c->screen->height_in_pixels;
    set_viewport(g);
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_TEXTURE_2D);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); /* premultiplied */
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glDrawBuffer(GL_BACK);
    log_info("GL: %s; %s; textures %s after damage", renderer ? renderer : "unknown renderer",
             g->copy_sub_buffer ? "damaged rectangles copied to the screen"
             : g->buffer_age    ? "buffer age"
                                : "whole frames",
             g->rebind ? "bound again" : "follow their pixmaps");
    return true;
}

static void gl_release(comp *c, comp_node *n)
{
    gl *g = c->priv;
    if (!n->priv)
        return;
    release_pixmap(g, n->priv);
    g_free(n->priv);
    n->priv = NULL;
}

static void gl_finish(comp *c)
{
    gl *g = c->priv;
    if (!g)
        return;
    if (c->scene)
        for (guint i = 0; i < c->scene->stack->len; i++)
            gl_release(c, c->scene->stack->pdata[i]);
    if (g->ctx) {
        release_pixmap(g, &g->background);
        glXMakeContextCurrent(g->dpy, None, None, NULL);
        glXDestroyContext(g->dpy, g->ctx);
    }
    if (g->win)
        glXDestroyWindow(g->dpy, g->win);
    if (g->dpy) {
        /* At exit the process's end closes it: closing it here unloads
         * Mesa's driver, whose own leftovers then show up as leaks of an
         * unknown module. */
        if (!c->exiting)
            XCloseDisplay(g->dpy);
    }
    for (int i = 0; i < AGE_FRAMES; i++)
        pixman_region32_fini(&g->past[i]);
    g_free(g);
    c->priv = NULL;
}

/* A lost context (a GPU reset, a driver that gave up) or GL out of
 * memory: GL cannot go on. PURR_GL_FAIL_AFTER=N plays a loss after N
 * frames, for tests. */
static bool gl_healthy(gl *g, char **why)
{
    g->frames++;
    const char *fail_after = getenv("PURR_GL_FAIL_AFTER");
    if (fail_after && g->frames > (unsigned)atoi(fail_after)) {
        *why = g_strdup("the GL context was lost (simulated)");
        return false;
    }
    if (g->robust && glGetGraphicsResetStatusARB() != GL_NO_ERROR) {
        *why = g_strdup("the GL context was lost (a GPU reset)");
        return false;
    }
    GLenum e = glGetError();
    if (e == GL_OUT_OF_MEMORY) {
        *why = g_strdup("GL ran out of memory");
        return false;
    }
    return true;
}

static void gl_root_changed(comp *c)
{
    gl *g = c->priv;
    release_pixmap(g, &g->background);
    g->bg_w = g->bg_h = 0;
    g->width = c->scene->width;
    g->height = c->scene->height;
    set_viewport(g);
}

/* One rectangle of the screen as a quad, with its corners' texture
 * coordinates (inside glBegin(GL_QUADS)). */
static void quad(const pixman_box32_t *b, float s1, float t1, float s2, float t2)
{
    glTexCoord2f(s1, t1);
    glVertex2i(b->x1, b->y1);
    glTexCoord2f(s2, t1);
    glVertex2i(b->x2, b->y1);
    glTexCoord2f(s2, t2);
    glVertex2i(b->x2, b->y2);
    glTexCoord2f(s1, t2);
    glVertex2i(b->x1, b->y2);
}

/* Draw the texture bound now over region, its top left corner at (x, y)
 * of the screen, repeated past its size tw, th. Each rectangle is a quad
 * of its own with its corners' texture coordinates: axis-aligned
 * rectangles are llvmpipe's fast path, which a whole quad cut down by a
 * scissor box is not. */
static void draw_clipped(const pixman_region32_t *region, int x, int y, int tw, int th,
                         bool y_inverted)
{
    int n;
    const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)region, &n);
    if (!n)
        return;
    float sx = 1.0f / (float)tw, sy = (y_inverted ? 1.0f : -1.0f) / (float)th;
    float t0 = y_inverted ? 0.0f : 1.0f;
    glBegin(GL_QUADS);
    for (int i = 0; i < n; i++) {
        float s1 = (float)(b[i].x1 - x) * sx, s2 = (float)(b[i].x2 - x) * sx;
        float u1 = t0 + (float)(b[i].y1 - y) * sy, u2 = t0 + (float)(b[i].y2 - y) * sy;
        quad(&b[i], s1, u1, s2, u2);
    }
    glEnd();
}

/* A shadow's image as a texture, made on first use. */
static GLuint shadow_texture(comp_shadow *s)
{
    if (s->geom.priv)
        return GPOINTER_TO_UINT(s->geom.priv);
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    /* Native-endian ARGB words, premultiplied, as cairo has them. */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, s->geom.width, s->geom.height, 0, GL_BGRA,
                 GL_UNSIGNED_INT_8_8_8_8_REV, s->pixels);
    s->geom.priv = GUINT_TO_POINTER(tex);
    return tex;
}

static void gl_shadow_release(comp *c, comp_shadow *s)
{
    GLuint tex = GPOINTER_TO_UINT(s->geom.priv);
    glDeleteTextures(1, &tex);
    s->geom.priv = NULL;
}

/* The shadow's pieces over the part of the plan it shows in, blended. */
static void paint_shadow(const comp_paint *it)
{
    comp_shadow *s = comp_node_shadow(it->node);
    glBindTexture(GL_TEXTURE_2D, shadow_texture(s));
    const scene_shadow *g = &s->geom;
    float sx = 1.0f / (float)g->width, sy = 1.0f / (float)g->height;
    float mid_s = ((float)(g->left + (g->width - g->left - g->right) / 2) + 0.5f) * sx;
    float mid_t = ((float)(g->top + (g->height - g->top - g->bottom) / 2) + 0.5f) * sy;
    scene_shadow_piece pieces[8];
    int count = scene_shadow_pieces(it->node, pieces);
    pixman_region32_t r;
    pixman_region32_init(&r);
    glBegin(GL_QUADS);
    for (int i = 0; i < count; i++) {
        const scene_shadow_piece *pc = &pieces[i];
        pixman_region32_intersect_rect(&r, (pixman_region32_t *)&it->shadow, pc->dst.x1, pc->dst.y1,
                                       (unsigned)(pc->dst.x2 - pc->dst.x1),
                                       (unsigned)(pc->dst.y2 - pc->dst.y1));
        int n;
        const pixman_box32_t *b = pixman_region32_rectangles(&r, &n);
        for (int k = 0; k < n; k++) {
            float s1 = pc->stretch_x ? mid_s : (float)(pc->sx + b[k].x1 - pc->dst.x1) * sx;
            float s2 = pc->stretch_x ? mid_s : (float)(pc->sx + b[k].x2 - pc->dst.x1) * sx;
            float t1 = pc->stretch_y ? mid_t : (float)(pc->sy + b[k].y1 - pc->dst.y1) * sy;
            float t2 = pc->stretch_y ? mid_t : (float)(pc->sy + b[k].y2 - pc->dst.y1) * sy;
            quad(&b[k], s1, t1, s2, t2);
        }
    }
    glEnd();
    pixman_region32_fini(&r);
}

static void paint_background(comp *c, gl *g, const pixman_region32_t *region)
{
    if (!pixman_region32_not_empty((pixman_region32_t *)region))
        return;
    glDisable(GL_BLEND);
    if (c->root_pixmap && !g->bg_w) {
        xcb_get_geometry_reply_t *r =
            xcb_get_geometry_reply(c->conn, xcb_get_geometry(c->conn, c->root_pixmap), NULL);
        if (r && r->depth == c->screen->root_depth) {
            g->bg_w = r->width;
            g->bg_h = r->height;
        }
        free(r);
    }
    if (g->bg_w > 0 && g->bg_h > 0 && bind_pixmap(g, &g->background, c->root_pixmap, 24)) {
        draw_clipped(region, 0, 0, g->bg_w, g->bg_h, g->background.y_inverted);
        return;
    }
    glClearColor(0, 0, 0, 1);
    int n;
    const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)region, &n);
    glEnable(GL_SCISSOR_TEST);
    for (int i = 0; i < n; i++) {
        glScissor(b[i].x1, g->height - b[i].y2, b[i].x2 - b[i].x1, b[i].y2 - b[i].y1);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
}

/* A buffer that missed frames (buffer age) needs their damage too; one
 * of unknown age, or a swap without buffer age, needs everything. */
static void gl_prepare(comp *c, pixman_region32_t *damage)
{
    gl *g = c->priv;
    if (g->copy_sub_buffer || !pixman_region32_not_empty(damage))
        return;
    int age = 0;
    if (g->buffer_age) {
        unsigned int a = 0;
        glXQueryDrawable(g->dpy, g->win, GLX_BACK_BUFFER_AGE_EXT, &a);
        age = (int)a;
    }
    if (age <= 0 || age > AGE_FRAMES) {
        pixman_region32_union_rect(damage, damage, 0, 0, (unsigned)g->width, (unsigned)g->height);
        return;
    }
    for (int i = 0; i < age - 1; i++)
        pixman_region32_union(damage, damage, &g->past[i]);
}

/* A window larger than a texture can be, or larger than purr lets a
 * managed window grow (constrain_max_side, with room for a frame) — an
 * override-redirect window of 16384x16384, whose binding (a copy of the
 * whole pixmap on llvmpipe) would stall the compositor for seconds — is
 * not drawn; its place shows what is below. */
static bool too_large(comp *c, gl *g, const comp_node *n, gl_pixmap *gp)
{
    int w = n->w + 2 * n->bw, h = n->h + 2 * n->bw;
    bool large = w > g->max_texture || h > g->max_texture ||
                 w > constrain_max_side(g->width) + 256 || h > constrain_max_side(g->height) + 256;
    if (large && !gp->too_large)
        log_info("window 0x%x (%dx%d) is too large to draw with GL: not shown", n->id, w, h);
    gp->too_large = large;
    return large;
}

static bool gl_paint(comp *c, const comp_plan *p, char **why)
{
    gl *g = c->priv;
    /* Pixmaps named for this frame must exist before GLX uses them: one
     * round trip says which do (a window may go between its damage and
     * this frame). */
    GArray *checks = g_array_new(FALSE, FALSE, sizeof(xcb_get_geometry_cookie_t));
    for (guint i = 0; i < p->items->len; i++) {
        comp_node *n = g_array_index(p->items, comp_paint, i).node;
        xcb_get_geometry_cookie_t ck = {0};
        if (!n->pixmap) {
            comp_node_pixmap(c, n);
            ck = xcb_get_geometry(c->conn, n->pixmap);
        }
        g_array_append_val(checks, ck);
    }
    for (guint i = 0; i < p->items->len; i++) {
        xcb_get_geometry_cookie_t ck = g_array_index(checks, xcb_get_geometry_cookie_t, i);
        if (!ck.sequence)
            continue;
        comp_node *n = g_array_index(p->items, comp_paint, i).node;
        xcb_generic_error_t *err = NULL;
        free(xcb_get_geometry_reply(c->conn, ck, &err));
        if (!n->priv)
            n->priv = g_new0(gl_pixmap, 1);
        ((gl_pixmap *)n->priv)->gone = err != NULL;
        free(err);
    }
    g_array_free(checks, TRUE);

    paint_background(c, g, &p->background);
    for (guint i = 0; i < p->items->len; i++) {
        const comp_paint *it = &g_array_index(p->items, comp_paint, i);
        comp_node *n = it->node;
        if (!n->priv)
            n->priv = g_new0(gl_pixmap, 1);
        gl_pixmap *gp = n->priv;
        if (gp->gone || too_large(c, g, n, gp))
            continue;
        bool translucent = n->opacity != COMP_OPAQUE;
        if (translucent) {
            float a = (float)n->opacity / (float)COMP_OPAQUE;
            glColor4f(a, a, a, a);
            glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
        }
        if (pixman_region32_not_empty((pixman_region32_t *)&it->shadow)) {
            glEnable(GL_BLEND);
            paint_shadow(it);
        }
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
        if (!pixman_region32_not_empty((pixman_region32_t *)&it->clip))
            continue;
        if (!gp->bound || (n->content_damaged && g->rebind)) {
            if (!bind_pixmap(g, gp, n->pixmap, n->argb ? 32 : 24))
                continue;
        } else {
            glBindTexture(GL_TEXTURE_2D, gp->tex);
        }
        n->content_damaged = false;
        int w = n->w + 2 * n->bw, h = n->h + 2 * n->bw;
        /* What the window covers whole is copied; only the rest blends
         * (blending reads the screen back: on llvmpipe most of a frame's
         * cost), and only a translucent window's texture is multiplied by
         * its opacity. */
        glDisable(GL_BLEND);
        draw_clipped(&it->solid, n->x, n->y, w, h, gp->y_inverted);
        glEnable(GL_BLEND);
        if (translucent)
            glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
        draw_clipped(&it->blend, n->x, n->y, w, h, gp->y_inverted);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    }

    if (g->copy_sub_buffer) {
        glFlush();
        int n;
        const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)&p->damage, &n);
        for (int i = 0; i < n; i++)
            glXCopySubBufferMESA(g->dpy, g->win, b[i].x1, g->height - b[i].y2, b[i].x2 - b[i].x1,
                                 b[i].y2 - b[i].y1);
    } else {
        glXSwapBuffers(g->dpy, g->win);
        for (int i = AGE_FRAMES - 1; i > 0; i--)
            pixman_region32_copy(&g->past[i], &g->past[i - 1]);
        pixman_region32_copy(&g->past[0], (pixman_region32_t *)&p->damage);
    }
    XFlush(g->dpy);
    return gl_healthy(g, why);
}

const comp_backend comp_backend_gl = {
    .name = "gl",
    .init = gl_init,
    .finish = gl_finish,
    .release = gl_release,
    .prepare = gl_prepare,
    .paint = gl_paint,
    .root_changed = gl_root_changed,
    .shadow_release = gl_shadow_release,
};
