/*
 * The XRender backend: every window's named pixmap as a Picture, painted
 * into a back buffer of the screen's size (clipped to each window's part
 * of the plan), and the damaged region copied from there to the overlay.
 * The back buffer persists, so only damaged pixels are ever touched.
 */
#include <stdlib.h>
#include <string.h>
#include <xcb/render.h>
#include <xcb/xcb_renderutil.h>

#include "comp/comp-private.h"

typedef struct xr {
    const xcb_render_query_pict_formats_reply_t *formats;
    xcb_render_pictformat_t root_format;
    xcb_render_pictformat_t argb_format; /* for shadows; 0: none drawn */
    xcb_render_picture_t overlay;
    xcb_pixmap_t back_pixmap;
    xcb_render_picture_t back;
    xcb_render_picture_t background; /* the root pixmap's picture, or 0 */
    int width, height;
    GArray *rects; /* xcb_rectangle_t, reused */
    /* The clip each of back and overlay has in the server, so that one
     * set twice in a row is sent once. */
    pixman_region32_t back_clip, overlay_clip;
    bool back_clip_set, overlay_clip_set;
} xr;

static xcb_render_pictformat_t visual_format(const xr *r, xcb_visualid_t v)
{
    xcb_render_pictvisual_t *pv = xcb_render_util_find_visual_format(r->formats, v);
    return pv ? pv->format : XCB_NONE;
}

static void set_clip(comp *c, xcb_render_picture_t pict, const pixman_region32_t *region)
{
    xr *r = c->priv;
    bool back = pict == r->back;
    pixman_region32_t *last = back ? &r->back_clip : &r->overlay_clip;
    bool *set = back ? &r->back_clip_set : &r->overlay_clip_set;
    if (*set && pixman_region32_equal(last, (pixman_region32_t *)region))
        return;
    pixman_region32_copy(last, (pixman_region32_t *)region);
    *set = true;
    int n;
    const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)region, &n);
    g_array_set_size(r->rects, 0);
    for (int i = 0; i < n; i++) {
        xcb_rectangle_t rect = {(int16_t)CLAMP(b[i].x1, -32768, 32767),
                                (int16_t)CLAMP(b[i].y1, -32768, 32767),
                                (uint16_t)CLAMP(b[i].x2 - b[i].x1, 0, 65535),
                                (uint16_t)CLAMP(b[i].y2 - b[i].y1, 0, 65535)};
        g_array_append_val(r->rects, rect);
    }
    xcb_render_set_picture_clip_rectangles(c->conn, pict, 0, 0, r->rects->len,
                                           (const xcb_rectangle_t *)r->rects->data);
}

static void free_background(comp *c)
{
    xr *r = c->priv;
    if (r->background)
        xcb_render_free_picture(c->conn, r->background);
    r->background = 0;
}

static void make_back_buffer(comp *c)
{
    xr *r = c->priv;
    if (r->back) {
        xcb_render_free_picture(c->conn, r->back);
        xcb_free_pixmap(c->conn, r->back_pixmap);
    }
    r->width = MAX(c->scene ? c->scene->width : c->screen->width_in_pixels, 1);
    r->height = MAX(c->scene ? c->scene->height : c->screen->height_in_pixels, 1);
    r->back_pixmap = xcb_generate_id(c->conn);
    xcb_create_pixmap(c->conn, c->screen->root_depth, r->back_pixmap, c->root, (uint16_t)r->width,
                      (uint16_t)r->height);
    r->back = xcb_generate_id(c->conn);
    xcb_render_create_picture(c->conn, r->back, r->back_pixmap, r->root_format, 0, NULL);
    r->back_clip_set = false;
}

static bool xr_init(comp *c, char **why)
{
    const xcb_query_extension_reply_t *ext = xcb_get_extension_data(c->conn, &xcb_render_id);
    if (getenv("PURR_XRENDER_FAIL")) {
        *why = g_strdup("refused (PURR_XRENDER_FAIL is set, for tests)");
        return false;
    }
    if (!ext || !ext->present) {
        *why = g_strdup("the X server has no RENDER extension");
        return false;
    }
    xr *r = g_new0(xr, 1);
    c->priv = r;
    r->formats = xcb_render_util_query_formats(c->conn);
    r->root_format = r->formats ? visual_format(r, c->screen->root_visual) : XCB_NONE;
    if (!r->root_format) {
        *why = g_strdup("RENDER has no picture format for the root's visual");
        g_free(r);
        c->priv = NULL;
        return false;
    }
    const xcb_render_pictforminfo_t *argb =
        xcb_render_util_find_standard_format(r->formats, XCB_PICT_STANDARD_ARGB_32);
    r->argb_format = argb ? argb->id : XCB_NONE;
    r->rects = g_array_new(FALSE, FALSE, sizeof(xcb_rectangle_t));
    pixman_region32_init(&r->back_clip);
    pixman_region32_init(&r->overlay_clip);
    r->overlay = xcb_generate_id(c->conn);
    uint32_t subwindows = XCB_SUBWINDOW_MODE_INCLUDE_INFERIORS;
    xcb_render_create_picture(c->conn, r->overlay, c->overlay, r->root_format,
                              XCB_RENDER_CP_SUBWINDOW_MODE, &subwindows);
    make_back_buffer(c);
    return true;
}

static void xr_finish(comp *c)
{
    xr *r = c->priv;
    if (!r)
        return;
    free_background(c);
    xcb_render_free_picture(c->conn, r->back);
    xcb_free_pixmap(c->conn, r->back_pixmap);
    xcb_render_free_picture(c->conn, r->overlay);
    g_array_free(r->rects, TRUE);
    pixman_region32_fini(&r->back_clip);
    pixman_region32_fini(&r->overlay_clip);
    g_free(r);
    c->priv = NULL;
}

static void xr_release(comp *c, comp_node *n)
{
    if (n->priv)
        xcb_render_free_picture(c->conn, GPOINTER_TO_UINT(n->priv));
    n->priv = NULL;
}

static void xr_root_changed(comp *c)
{
    free_background(c);
    make_back_buffer(c);
}

static xcb_render_picture_t node_picture(comp *c, comp_node *n)
{
    xr *r = c->priv;
    if (n->priv)
        return GPOINTER_TO_UINT(n->priv);
    xcb_render_pictformat_t f = visual_format(r, n->visual);
    if (!f)
        return XCB_NONE;
    comp_node_pixmap(c, n);
    xcb_render_picture_t p = xcb_generate_id(c->conn);
    uint32_t subwindows = XCB_SUBWINDOW_MODE_INCLUDE_INFERIORS;
    c->host.expect(c->host.data,
                   xcb_render_create_picture_checked(c->conn, p, n->pixmap, f,
                                                     XCB_RENDER_CP_SUBWINDOW_MODE, &subwindows)
                       .sequence);
    n->priv = GUINT_TO_POINTER(p);
    return p;
}

static void paint_background(comp *c, const pixman_region32_t *region)
{
    xr *r = c->priv;
    if (!pixman_region32_not_empty((pixman_region32_t *)region))
        return;
    set_clip(c, r->back, region);
    if (!r->background && c->root_pixmap) {
        r->background = xcb_generate_id(c->conn);
        uint32_t repeat = XCB_RENDER_REPEAT_NORMAL;
        c->host.expect(c->host.data, xcb_render_create_picture_checked(
                                         c->conn, r->background, c->root_pixmap, r->root_format,
                                         XCB_RENDER_CP_REPEAT, &repeat)
                                         .sequence);
    }
    if (r->background) {
        /* The pixmap may have been freed by the program that set it. */
        c->host.expect(c->host.data,
                       xcb_render_composite_checked(c->conn, XCB_RENDER_PICT_OP_SRC, r->background,
                                                    XCB_NONE, r->back, 0, 0, 0, 0, 0, 0,
                                                    (uint16_t)r->width, (uint16_t)r->height)
                           .sequence);
        return;
    }
    xcb_render_color_t black = {0, 0, 0, 0xffff};
    xcb_rectangle_t all = {0, 0, (uint16_t)r->width, (uint16_t)r->height};
    xcb_render_fill_rectangles(c->conn, XCB_RENDER_PICT_OP_SRC, r->back, black, 1, &all);
}

static void composite_node(comp *c, uint8_t op, xcb_render_picture_t src, xcb_render_picture_t mask,
                           const comp_node *n)
{
    xr *r = c->priv;
    xcb_render_composite(c->conn, op, src, mask, r->back, 0, 0, 0, 0, (int16_t)n->x, (int16_t)n->y,
                         (uint16_t)(n->w + 2 * n->bw), (uint16_t)(n->h + 2 * n->bw));
}

/* A shadow on the server: its image, and its middle column and row
 * apart, repeated, for the stretched pieces. */
typedef struct xr_shadow {
    xcb_render_picture_t image, column, row;
} xr_shadow;

/* A picture of w x h ARGB32 pixels from the shadow's image at (sx, sy). */
static xcb_render_picture_t upload_picture(comp *c, const comp_shadow *s, int sx, int sy, int w,
                                           int h, bool repeat)
{
    xr *r = c->priv;
    xcb_pixmap_t pm = xcb_generate_id(c->conn);
    xcb_create_pixmap(c->conn, 32, pm, c->root, (uint16_t)w, (uint16_t)h);
    xcb_gcontext_t gc = xcb_generate_id(c->conn);
    xcb_create_gc(c->conn, gc, pm, 0, NULL);
    /* Rows of the sub-image, in requests the server takes. */
    uint32_t max = xcb_get_maximum_request_length(c->conn) * 4 - 32;
    int rows = (int)MAX(max / (uint32_t)(w * 4), 1);
    uint32_t *buf = g_new(uint32_t, (gsize)w * (gsize)MIN(rows, h));
    for (int y = 0; y < h; y += rows) {
        int n = MIN(rows, h - y);
        for (int j = 0; j < n; j++)
            memcpy(buf + (size_t)j * w, s->pixels + (size_t)(sy + y + j) * s->geom.width + sx,
                   (size_t)w * 4);
        xcb_put_image(c->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, pm, gc, (uint16_t)w, (uint16_t)n, 0,
                      (int16_t)y, 0, 32, (uint32_t)(n * w * 4), (const uint8_t *)buf);
    }
    g_free(buf);
    xcb_free_gc(c->conn, gc);
    xcb_render_picture_t p = xcb_generate_id(c->conn);
    uint32_t rep = repeat ? XCB_RENDER_REPEAT_NORMAL : XCB_RENDER_REPEAT_NONE;
    xcb_render_create_picture(c->conn, p, pm, r->argb_format, XCB_RENDER_CP_REPEAT, &rep);
    xcb_free_pixmap(c->conn, pm); /* the picture keeps it */
    return p;
}

static void xr_shadow_release(comp *c, comp_shadow *s)
{
    xr_shadow *xs = s->geom.priv;
    xcb_render_free_picture(c->conn, xs->image);
    xcb_render_free_picture(c->conn, xs->column);
    xcb_render_free_picture(c->conn, xs->row);
    g_free(xs);
    s->geom.priv = NULL;
}

static void paint_shadow(comp *c, const comp_paint *it, xcb_render_picture_t mask)
{
    xr *r = c->priv;
    comp_shadow *s = comp_node_shadow(it->node);
    xr_shadow *xs = s->geom.priv;
    if (!xs) {
        const scene_shadow *g = &s->geom;
        int mx = g->left + (g->width - g->left - g->right) / 2;
        int my = g->top + (g->height - g->top - g->bottom) / 2;
        xs = g_new0(xr_shadow, 1);
        xs->image = upload_picture(c, s, 0, 0, g->width, g->height, false);
        xs->column = upload_picture(c, s, mx, 0, 1, g->height, true);
        xs->row = upload_picture(c, s, 0, my, g->width, 1, true);
        s->geom.priv = xs;
    }
    set_clip(c, r->back, &it->shadow);
    scene_shadow_piece pieces[8];
    int n = scene_shadow_pieces(it->node, pieces);
    for (int i = 0; i < n; i++) {
        const scene_shadow_piece *pc = &pieces[i];
        if (pixman_region32_contains_rectangle((pixman_region32_t *)&it->shadow,
                                               (pixman_box32_t *)&pc->dst) == PIXMAN_REGION_OUT)
            continue;
        xcb_render_picture_t src = pc->stretch_x ? xs->column : pc->stretch_y ? xs->row : xs->image;
        xcb_render_composite(c->conn, XCB_RENDER_PICT_OP_OVER, src, mask, r->back,
                             (int16_t)(pc->stretch_x ? 0 : pc->sx),
                             (int16_t)(pc->stretch_y ? 0 : pc->sy), 0, 0, (int16_t)pc->dst.x1,
                             (int16_t)pc->dst.y1, (uint16_t)(pc->dst.x2 - pc->dst.x1),
                             (uint16_t)(pc->dst.y2 - pc->dst.y1));
    }
}

static bool xr_paint(comp *c, const comp_plan *p, char **why)
{
    xr *r = c->priv;
    paint_background(c, &p->background);
    for (guint i = 0; i < p->items->len; i++) {
        const comp_paint *it = &g_array_index(p->items, comp_paint, i);
        comp_node *n = it->node;
        xcb_render_picture_t mask = XCB_NONE;
        if (n->opacity != COMP_OPAQUE &&
            (pixman_region32_not_empty(&it->blend) || pixman_region32_not_empty(&it->shadow))) {
            mask = xcb_generate_id(c->conn);
            xcb_render_color_t a = {0, 0, 0, (uint16_t)(n->opacity >> 16)};
            xcb_render_create_solid_fill(c->conn, mask, a);
        }
        if (r->argb_format && pixman_region32_not_empty(&it->shadow))
            paint_shadow(c, it, mask);
        xcb_render_picture_t src = pixman_region32_not_empty(&it->clip) ? node_picture(c, n) : 0;
        if (!src) {
            if (mask)
                xcb_render_free_picture(c->conn, mask);
            continue;
        }
        /* What the window covers whole is copied; only the rest blends. */
        if (pixman_region32_not_empty(&it->solid)) {
            set_clip(c, r->back, &it->solid);
            composite_node(c, XCB_RENDER_PICT_OP_SRC, src, XCB_NONE, n);
        }
        if (pixman_region32_not_empty(&it->blend)) {
            set_clip(c, r->back, &it->blend);
            composite_node(c, XCB_RENDER_PICT_OP_OVER, src, mask, n);
        }
        if (mask)
            xcb_render_free_picture(c->conn, mask);
    }
    set_clip(c, r->overlay, &p->damage);
    xcb_render_composite(c->conn, XCB_RENDER_PICT_OP_SRC, r->back, XCB_NONE, r->overlay, 0, 0, 0, 0,
                         0, 0, (uint16_t)r->width, (uint16_t)r->height);
    return true;
}

const comp_backend comp_backend_xrender = {
    .name = "xrender",
    .init = xr_init,
    .finish = xr_finish,
    .release = xr_release,
    .paint = xr_paint,
    .root_changed = xr_root_changed,
    .shadow_release = xr_shadow_release,
};
