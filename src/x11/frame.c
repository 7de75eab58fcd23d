/*
 * Frames: purr's parent window around each client, and the invisible grip
 * below it that widens thin borders for resizing. The frame is painted by
 * src/decor (the GTK theme's CSS, through cairo on purr's own connection);
 * when GTK could not start, a plain painter with the core protocol stands
 * in, so purr still manages windows on a display without GTK.
 *
 * A frame is painted in four pieces (decor_pieces: title strip, left,
 * right, bottom), each into a client-side image of the piece's size that
 * one PutImage sends whole: no half-painted frame ever shows, no pixmap of
 * the whole window is kept, and a frame costs four requests instead of the
 * hundreds cairo's XRender drawing takes (which stays for a server whose
 * image byte order is not ours).
 * A frame has its client's depth (an ARGB client's gets the ARGB visual
 * while a compositing manager runs), so that the server never has to
 * redirect a client inside its frame; its rounded top corners are a
 * bounding shape. The theme's box-shadow around it is drawn by purr's
 * compositor (frame_shadow(), made in theme.c).
 */
#include "x11/x11.h"

#include <cairo-xcb.h>
#include <string.h>
#include <xcb/shape.h>

#include "config.h"
#include "decor/paint.h"
#include "util/log.h"
#include "x11/prop.h"

/* Colours of the plain frame, 0xRRGGBB, for a TrueColor root visual. */
enum {
    COLOUR_BORDER_FOCUSED = 0x2a4a73,
    COLOUR_BORDER = 0x8a8a8a,
    COLOUR_TITLE_FOCUSED = 0x3c6ea8,
    COLOUR_TITLE = 0xc8c8c8,
    COLOUR_TITLE_URGENT = 0xd9822b,
    COLOUR_TEXT_FOCUSED = 0xffffff,
    COLOUR_TEXT = 0x303030,
};

/* The resize area reaches this far out from the visible frame's edge,
 * through the grip where the border itself is thinner. */
#define GRIP_WIDTH 8

wm_extents frame_plain_extents(void)
{
    /* Borders wide enough to grab for a resize, and a 20 px title strip. */
    return (wm_extents){4, 4, 24, 4};
}

static xcb_visualtype_t *root_visual_type(x11 *x)
{
    xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(x->screen);
    for (; d.rem; xcb_depth_next(&d)) {
        xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
        for (; v.rem; xcb_visualtype_next(&v))
            if (v.data->visual_id == x->screen->root_visual)
                return v.data;
    }
    return NULL;
}

int frame_grip_margin(const x11 *x, const wm_client *c)
{
    wm_extents e = client_extents(x->model, c);
    int thinnest = MIN(MIN(e.left, e.right), e.bottom);
    return MAX(GRIP_WIDTH - thinnest, 0);
}

wm_rect frame_grip_rect(const x11 *x, const wm_client *c)
{
    int g = frame_grip_margin(x, c);
    return rect_grow(client_frame_rect(x->model, c), (wm_extents){g, g, g, g});
}

bool frame_grip_wanted(const x11 *x, const wm_client *c)
{
    return client_extents(x->model, c).top > 0 && !(c->max_h && c->max_v) && !c->shaded &&
           !client_hidden_tab(c) && frame_grip_margin(x, c) > 0 &&
           (client_allowed_actions(c) & WM_ACTION_RESIZE);
}

const comp_shadow *frame_shadow(const x11 *x, const wm_client *c)
{
    if (!x->style || client_extents(x->model, c).top == 0)
        return NULL;
    int kind = c->max_h && c->max_v ? 1 : c->tile != WM_TILE_NONE ? 2 : 0;
    return x->shadows[kind][x->model->focused != c];
}

/* The compositor draws the shadow c's state calls for. */
static void update_shadow(x11 *x, const wm_client *c, xclient *xc)
{
    const comp_shadow *sh = frame_shadow(x, c);
    if (sh == xc->shadow)
        return;
    xc->shadow = sh;
    comp_own_changed(x->comp, xc->frame);
}

void frame_create(x11 *x, const wm_client *c, xclient *xc)
{
    /* The grip first: it sits right below its frame. */
    xcb_window_t g = xcb_generate_id(x->conn);
    wm_rect gr = frame_grip_rect(x, c);
    uint32_t gv[] = {1, XCB_EVENT_MASK_BUTTON_PRESS | XCB_EVENT_MASK_BUTTON_RELEASE |
                            XCB_EVENT_MASK_POINTER_MOTION | XCB_EVENT_MASK_LEAVE_WINDOW};
    xcb_create_window(x->conn, 0, g, x->root, (int16_t)gr.x, (int16_t)gr.y, (uint16_t)MAX(gr.w, 1),
                      (uint16_t)MAX(gr.h, 1), 0, XCB_WINDOW_CLASS_INPUT_ONLY, XCB_COPY_FROM_PARENT,
                      XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK, gv);
    xc->grip = g;
    xc->pushed_grip = gr;
    g_array_append_val(x->pushed_stack, g);

    /* The client's depth: a client of another depth inside it would be
     * redirected by the server (a second pixmap, and a copy into the
     * frame's after every change). An ARGB client's frame is ARGB only
     * while a compositor blends it; without one the server would have to
     * redirect the client anyway. */
    xc->argb = x->argb_visual && x->composited && xc->client_argb;
    xc->shadow = frame_shadow(x, c);
    xcb_window_t f = xcb_generate_id(x->conn);
    wm_rect r = client_frame_rect(x->model, c);
    xcb_create_window_value_list_t v = {
        .background_pixmap = XCB_BACK_PIXMAP_NONE,
        .background_pixel = COLOUR_BORDER,
        .border_pixel = 0,
        .bit_gravity = XCB_GRAVITY_NORTH_WEST,
        .override_redirect = 1, /* nobody manages our frames */
        .event_mask = XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY |
                      XCB_EVENT_MASK_BUTTON_PRESS | XCB_EVENT_MASK_BUTTON_RELEASE |
                      XCB_EVENT_MASK_POINTER_MOTION | XCB_EVENT_MASK_ENTER_WINDOW |
                      XCB_EVENT_MASK_LEAVE_WINDOW | XCB_EVENT_MASK_EXPOSURE,
        .colormap = x->argb_colormap,
        .cursor = x->cursor,
    };
    uint32_t mask = (x->style ? XCB_CW_BACK_PIXMAP : XCB_CW_BACK_PIXEL) | XCB_CW_BIT_GRAVITY |
                    XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK | XCB_CW_CURSOR;
    if (xc->argb)
        mask |= XCB_CW_BORDER_PIXEL | XCB_CW_COLORMAP; /* a depth other than the root's */
    xcb_create_window_aux(x->conn, xc->argb ? 32 : x->screen->root_depth, f, x->root, (int16_t)r.x,
                          (int16_t)r.y, (uint16_t)MAX(r.w, 1), (uint16_t)MAX(r.h, 1), 0,
                          XCB_WINDOW_CLASS_INPUT_OUTPUT,
                          xc->argb ? x->argb_visual->visual_id : x->screen->root_visual, mask, &v);
    xc->frame = f;
    xc->border_colour = COLOUR_BORDER;
    xc->cursor_part = -1;
    xc->grip_part = -1;
    xc->hover_tab_close = -1;
    xc->pushed_tab[0] = UINT32_MAX; /* the first push writes or deletes it */
    moveresize_grab_buttons(x, f, true);
    /* A new window is on top of its siblings: that is where X has it. */
    g_array_append_val(x->pushed_stack, f);
    g_hash_table_insert(x->grips, GUINT_TO_POINTER(g), xc);
}

/* Let go of the cairo surface on the frame (its requests are sent now). */
static void drop_surface(xclient *xc)
{
    if (!xc->surface)
        return;
    cairo_surface_finish(xc->surface);
    cairo_surface_destroy(xc->surface);
    xc->surface = NULL;
}

/* A window destroyed leaves the order X has. */
static void forget_stacked(x11 *x, xcb_window_t w)
{
    GArray *a = x->pushed_stack;
    for (guint i = a->len; i-- > 0;)
        if (g_array_index(a, uint32_t, i) == w) {
            g_array_remove_index(a, i);
            return;
        }
}

void frame_destroy(x11 *x, xclient *xc)
{
    drop_surface(xc);
    if (xc->icon) {
        cairo_surface_destroy(xc->icon);
        xc->icon = NULL;
    }
    if (xc->grip) {
        xcb_destroy_window(x->conn, xc->grip);
        g_hash_table_remove(x->grips, GUINT_TO_POINTER(xc->grip));
        forget_stacked(x, xc->grip);
        xc->grip = 0;
    }
    if (!xc->frame)
        return;
    xcb_destroy_window(x->conn, xc->frame);
    g_hash_table_remove(x->frames, GUINT_TO_POINTER(xc->frame));
    forget_stacked(x, xc->frame);
    xc->frame = 0;
}

/* ---- the theme's frame ---- */

unsigned frame_decor_state(const x11 *x, const wm_client *c)
{
    unsigned s = 0;
    if (x->model->focused != c)
        s |= DECOR_STATE_BACKDROP;
    if (c->max_h && c->max_v)
        s |= DECOR_STATE_MAXIMIZED;
    else if (c->tile != WM_TILE_NONE)
        s |= DECOR_STATE_TILED;
    if (x->rtl)
        s |= DECOR_STATE_RTL;
    if (x->composited && x->argb_visual)
        s |= DECOR_STATE_COMPOSITED; /* as theme.c measured the sizes */
    return s;
}

bool frame_layout(const x11 *x, const wm_client *c, decor_layout *out)
{
    if (!x->style || client_extents(x->model, c).top == 0)
        return false;
    const decor_metrics *m = &x->metrics[c->max_h && c->max_v ? 1 : 0];
    wm_rect f = client_frame_rect(x->model, c);
    decor_layout_compute(m, &x->button_layout, f.w, client_allowed_actions(c), x->rtl, out);
    return true;
}

/* The window's icon for the title strip, read once and kept until
 * _NET_WM_ICON changes: the size nearest the strip's icon. */
static cairo_surface_t *window_icon(x11 *x, xclient *xc)
{
    if (xc->icon_read)
        return xc->icon;
    xc->icon_read = true;
    xcb_get_property_cookie_t ck =
        xcb_get_property(x->conn, 0, xc->id, A(_NET_WM_ICON), XCB_ATOM_CARDINAL, 0, 1 << 18);
    x11_expect(x, ck.sequence);
    xcb_get_property_reply_t *r = xcb_get_property_reply(x->conn, ck, NULL);
    if (!r)
        return NULL;
    prop_value v = prop_from_bytes(r->type, r->format, (size_t)xcb_get_property_value_length(r),
                                   xcb_get_property_value(r));
    const uint32_t *px;
    int w, h;
    if (prop_pick_icon(&v, x->metrics[0].icon_size, &px, &w, &h)) {
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
        if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
            /* _NET_WM_ICON is straight alpha; cairo wants it premultiplied. */
            uint32_t *dst = (uint32_t *)cairo_image_surface_get_data(s);
            int stride = cairo_image_surface_get_stride(s) / 4;
            for (int j = 0; j < h; j++) {
                for (int i = 0; i < w; i++) {
                    uint32_t p = px[(size_t)j * w + i], a = p >> 24;
                    uint32_t rr = ((p >> 16) & 0xff) * a / 255, gg = ((p >> 8) & 0xff) * a / 255,
                             bb = (p & 0xff) * a / 255;
                    dst[(size_t)j * stride + i] = a << 24 | rr << 16 | gg << 8 | bb;
                }
            }
            cairo_surface_mark_dirty(s);
            xc->icon = s;
        } else {
            cairo_surface_destroy(s);
        }
    }
    free(r);
    return xc->icon;
}

void frame_icon_changed(xclient *xc)
{
    if (xc->icon)
        cairo_surface_destroy(xc->icon);
    xc->icon = NULL;
    xc->icon_read = false;
}

int frame_corner_radius(const x11 *x, unsigned state, const decor_layout *l)
{
    return decor_style_corner_radius(x->style, state) + MIN(l->extents.left, 1);
}

static bool layout_has_icon(const decor_layout *l)
{
    for (int i = 0; i < l->n_buttons; i++)
        if (l->buttons[i].kind == DECOR_BUTTON_ICON)
            return true;
    return false;
}

int frame_shape_rects(const xclient *xc, xcb_rectangle_t out[COMP_OWN_SHAPE])
{
    if (xc->shape_r <= 0 || xc->shape_w <= 0)
        return -1;
    int inset[DECOR_MAX_CORNER];
    int rows = decor_corner_insets(xc->shape_w, xc->shape_r, inset);
    int w = xc->shape_w;
    for (int y = 0; y < rows; y++)
        out[y] =
            (xcb_rectangle_t){(int16_t)inset[y], (int16_t)y, (uint16_t)MAX(w - 2 * inset[y], 1), 1};
    /* Everything under the arcs, tall enough for any frame. */
    out[rows] = (xcb_rectangle_t){0, (int16_t)rows, (uint16_t)w, (uint16_t)(32767 - rows)};
    return rows + 1;
}

/* Rounded top corners: the frame's bounding shape leaves out what lies
 * outside the arcs (the compositor draws the antialiased edge with the
 * shadow). A hidden tab takes no clicks: its input shape is empty. Each
 * shape is sent only when it changed. */
static void shape_frame(x11 *x, xclient *xc, int w, int r)
{
    if (!x->have_shape)
        return;
    if (xc->tab_hidden != xc->shape_no_input) {
        xc->shape_no_input = xc->tab_hidden;
        x11_expect(x,
                   (xc->tab_hidden
                        ? xcb_shape_rectangles(x->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_INPUT,
                                               XCB_CLIP_ORDERING_UNSORTED, xc->frame, 0, 0, 0, NULL)
                        : xcb_shape_mask(x->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_INPUT, xc->frame,
                                         0, 0, XCB_PIXMAP_NONE))
                       .sequence);
    }
    if ((w == xc->shape_w || (r <= 0 && xc->shape_w == 0)) && r == xc->shape_r)
        return; /* as sent, or a new frame that wants no bounding shape */
    xc->shape_w = w;
    xc->shape_r = r;
    xcb_rectangle_t rects[COMP_OWN_SHAPE];
    int n = frame_shape_rects(xc, rects);
    if (n < 0) {
        x11_expect(x, xcb_shape_mask(x->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_BOUNDING, xc->frame, 0,
                                     0, XCB_PIXMAP_NONE)
                          .sequence);
        return;
    }
    x11_expect(x, xcb_shape_rectangles(x->conn, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_BOUNDING,
                                       XCB_CLIP_ORDERING_YX_BANDED, xc->frame, 0, 0, (uint32_t)n,
                                       rects)
                      .sequence);
}

/* How many tabs c's title strip shows ([tabs] bar): 0 for its title. */
static int tabs_shown(const x11 *x, const wm_client *c)
{
    int n = (int)MIN(c->group->clients->len, DECOR_MAX_TABS);
    enum purr_tab_bar bar = x->config ? x->config->tab_bar : TAB_BAR_AUTO;
    return bar == TAB_BAR_NEVER || (n < 2 && bar == TAB_BAR_AUTO) ? 0 : n;
}

/* Whether the server reads 32-bit ZPixmap images in this machine's byte
 * order at depth 24 and 32: then cairo's image pixels go to it as they are. */
static bool images_native(x11 *x)
{
    const xcb_setup_t *setup = xcb_get_setup(x->conn);
    bool lsb = G_BYTE_ORDER == G_LITTLE_ENDIAN;
    if (setup->image_byte_order != (lsb ? XCB_IMAGE_ORDER_LSB_FIRST : XCB_IMAGE_ORDER_MSB_FIRST))
        return false;
    int found = 0;
    xcb_format_iterator_t f = xcb_setup_pixmap_formats_iterator(setup);
    for (; f.rem; xcb_format_next(&f))
        if ((f.data->depth == 24 || f.data->depth == 32) && f.data->bits_per_pixel == 32 &&
            f.data->scanline_pad == 32)
            found++;
    return found == 2 && x->screen->root_depth == 24;
}

/* One piece painted client-side and sent in as few PutImage requests as
 * the server's request size allows (usually one). */
static void upload_piece(x11 *x, xclient *xc, const wm_client *c, const decor_layout *l,
                         const decor_paint_state *ps, wm_rect p)
{
    wm_rect f = client_frame_rect(x->model, c);
    cairo_surface_t *img =
        cairo_image_surface_create(xc->argb ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, p.w, p.h);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img);
        return;
    }
    cairo_t *cr = cairo_create(img);
    cairo_translate(cr, -p.x, -p.y);
    decor_paint(x->style, cr, l, f.w, f.h, ps);
    cairo_destroy(cr);
    cairo_surface_flush(img);

    if (xc->argb && !x->gc32) {
        x->gc32 = xcb_generate_id(x->conn);
        uint32_t no_exposures = 0;
        xcb_create_gc(x->conn, x->gc32, xc->frame, XCB_GC_GRAPHICS_EXPOSURES, &no_exposures);
    }
    if (!x->max_request_bytes)
        x->max_request_bytes = xcb_get_maximum_request_length(x->conn) * 4;
    int stride = cairo_image_surface_get_stride(img);
    const uint8_t *data = cairo_image_surface_get_data(img);
    int rows = (int)MAX((x->max_request_bytes - 32) / (uint32_t)stride, 1);
    for (int y = 0; y < p.h; y += rows) {
        int n = MIN(rows, p.h - y);
        x11_expect(x, xcb_put_image(x->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, xc->frame,
                                    xc->argb ? x->gc32 : x->gc, (uint16_t)p.w, (uint16_t)n,
                                    (int16_t)p.x, (int16_t)(p.y + y), 0, xc->argb ? 32 : 24,
                                    (uint32_t)(n * stride), data + (size_t)y * stride)
                          .sequence);
    }
    cairo_surface_destroy(img);
}

/* The pieces through a cairo-xcb surface on the frame: cairo draws with
 * XRender on the server (hundreds of requests a frame). Only for a server
 * whose image format is not ours. */
static void paint_xcb(x11 *x, const wm_client *c, xclient *xc, const decor_layout *l,
                      const decor_paint_state *ps, bool strip_only)
{
    wm_rect f = client_frame_rect(x->model, c);
    int ww = f.w, wh = f.h;
    if (!xc->surface) {
        xcb_visualtype_t *vt = xc->argb ? x->argb_visual : root_visual_type(x);
        if (!vt)
            return;
        xc->surface = cairo_xcb_surface_create(x->conn, xc->frame, vt, MAX(ww, 1), MAX(wh, 1));
        if (!x->cairo_device)
            x->cairo_device = cairo_device_reference(cairo_surface_get_device(xc->surface));
    } else {
        cairo_xcb_surface_set_size(xc->surface, MAX(ww, 1), MAX(wh, 1));
    }
    cairo_t *cr = cairo_create(xc->surface);
    decor_paint_pieces(x->style, cr, l, f.w, f.h, ps, strip_only);
    cairo_destroy(cr);
    cairo_surface_flush(xc->surface);
}

static void paint_css(x11 *x, const wm_client *c, xclient *xc, bool strip_only)
{
    decor_layout l;
    if (!frame_layout(x, c, &l))
        return;
    wm_rect f = client_frame_rect(x->model, c);
    unsigned state = frame_decor_state(x, c);
    shape_frame(x, xc, f.w, frame_corner_radius(x, state, &l));

    g_autofree char *title =
        c->not_responding ? g_strdup_printf("%s (not responding: close again to end it)", c->title)
                          : NULL;
    decor_paint_state ps = {
        .state = state,
        .hover = xc->hover,
        .pressed = xc->pressed == xc->hover ? xc->pressed : DECOR_BUTTON_NONE,
        .title = title ? title : c->title,
        .icon = layout_has_icon(&l) ? window_icon(x, xc) : NULL,
        /* Without alpha, blend onto the theme's window background, not
         * onto black. */
        .opaque = !xc->argb,
    };
    /* A group's tabs, each with its own window's title and icon. */
    decor_tab tabs[DECOR_MAX_TABS];
    const wm_group *g = c->group;
    if (tabs_shown(x, c)) {
        ps.n_tabs = tabs_shown(x, c);
        ps.tabs = tabs;
        ps.hover_close = xc->hover_tab_close;
        for (int i = 0; i < ps.n_tabs; i++) {
            const wm_client *t = g->clients->pdata[i];
            xclient *txc = xclient_find(x, t->id);
            tabs[i] = (decor_tab){
                .title = t->title,
                .icon = txc ? window_icon(x, txc) : NULL,
                .current = t == g->current,
                .attention = t->demands_attention || t->urgent,
            };
        }
    }
    if (!images_native(x)) {
        paint_xcb(x, c, xc, &l, &ps, strip_only);
        return;
    }
    wm_rect pieces[DECOR_PIECES];
    int n = decor_pieces(&l, f.w, f.h, strip_only, pieces);
    for (int i = 0; i < n; i++)
        upload_piece(x, xc, c, &l, &ps, pieces[i]);
}

/* ---- the plain frame, when GTK could not start ---- */

/* UTF-8 to the 16-bit big-endian code units of an ISO 10646 core font;
 * characters outside the Basic Multilingual Plane become '?'. */
static int to_char2b(const char *s, xcb_char2b_t *out, int max)
{
    int n = 0;
    for (const char *p = s; *p && n < max; p = g_utf8_next_char(p)) {
        gunichar u = g_utf8_get_char(p);
        if (u > 0xffff)
            u = '?';
        out[n].byte1 = (uint8_t)(u >> 8);
        out[n].byte2 = (uint8_t)(u & 0xff);
        n++;
    }
    return n;
}

static void paint_plain(x11 *x, const wm_client *c, xclient *xc)
{
    const wm *m = x->model;
    wm_extents e = client_extents(m, c);
    bool focused = m->focused == c;
    wm_rect f = client_frame_rect(m, c);
    uint32_t border = focused ? COLOUR_BORDER_FOCUSED : COLOUR_BORDER;
    uint32_t strip = c->demands_attention || c->urgent ? COLOUR_TITLE_URGENT
                     : focused                         ? COLOUR_TITLE_FOCUSED
                                                       : COLOUR_TITLE;
    uint32_t text = focused ? COLOUR_TEXT_FOCUSED : COLOUR_TEXT;

    if (border != xc->border_colour) {
        xcb_change_window_attributes(x->conn, xc->frame, XCB_CW_BACK_PIXEL, &border);
        xcb_clear_area(x->conn, 0, xc->frame, 0, 0, 0, 0);
        xc->border_colour = border;
    }
    xcb_change_gc(x->conn, x->gc, XCB_GC_FOREGROUND, &strip);
    xcb_rectangle_t r = {(int16_t)e.left, (int16_t)e.left, (uint16_t)MAX(f.w - e.left - e.right, 1),
                         (uint16_t)MAX(e.top - e.left, 1)};
    xcb_poly_fill_rectangle(x->conn, xc->frame, x->gc, 1, &r);
    if (!x->font)
        return;

    g_autofree char *title =
        c->not_responding ? g_strdup_printf("%s (not responding: close again to end it)", c->title)
                          : g_strdup(c->title);
    xcb_char2b_t chars[255];
    int n = to_char2b(title, chars, 255);
    uint32_t fg_bg[] = {text, strip};
    xcb_change_gc(x->conn, x->gc, XCB_GC_FOREGROUND | XCB_GC_BACKGROUND, fg_bg);
    xcb_image_text_16(x->conn, (uint8_t)n, xc->frame, x->gc, (int16_t)(e.left + 6),
                      (int16_t)(e.top - 6), chars);
}

void frame_paint(x11 *x, const wm_client *c, xclient *xc, bool strip_only)
{
    if (!xc->frame)
        return;
    update_shadow(x, c, xc);
    if (client_extents(x->model, c).top == 0) {
        /* Nothing to draw, and no shape left from when it had borders:
         * all of the window is the client's. */
        shape_frame(x, xc, client_frame_rect(x->model, c).w, 0);
        return;
    }
    if (x->style)
        paint_css(x, c, xc, strip_only);
    else
        paint_plain(x, c, xc);
}

void frame_finish(x11 *x)
{
    GHashTableIter it;
    gpointer xc;
    g_hash_table_iter_init(&it, x->clients);
    while (g_hash_table_iter_next(&it, NULL, &xc))
        drop_surface(xc);
    /* cairo keeps the connection in its device: let go before it closes. */
    if (x->cairo_device) {
        cairo_device_finish(x->cairo_device);
        cairo_device_destroy(x->cairo_device);
        x->cairo_device = NULL;
    }
}

void frame_set_tab(x11 *x, const wm_client *c, xclient *xc)
{
    bool hidden = client_hidden_tab(c);
    if (hidden != xc->tab_hidden) {
        xc->tab_hidden = hidden;
        shape_frame(x, xc, client_frame_rect(x->model, c).w, xc->shape_w < 0 ? 0 : xc->shape_r);
        comp_set_covered(x->comp, xc->frame, hidden);
    }
    /* _PURR_TAB_GROUP: group id, index, shown; none for a lone window. */
    uint32_t v[3] = {0, 0, 0};
    if (client_tabbed(c)) {
        guint at = 0;
        g_ptr_array_find(c->group->clients, c, &at);
        v[0] = c->group->id;
        v[1] = at;
        v[2] = !hidden;
    }
    if (memcmp(v, xc->pushed_tab, sizeof v) == 0)
        return;
    if (v[0])
        x11_expect(x, xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, xc->id,
                                          A(_PURR_TAB_GROUP), XCB_ATOM_CARDINAL, 32, 3, v)
                          .sequence);
    else
        x11_expect(x, xcb_delete_property(x->conn, xc->id, A(_PURR_TAB_GROUP)).sequence);
    memcpy(xc->pushed_tab, v, sizeof v);
}

int frame_tab_at(const x11 *x, const wm_client *c, int fx, int fy, bool *on_close, bool *before)
{
    decor_layout l;
    if (!tabs_shown(x, c) || !frame_layout(x, c, &l))
        return -1;
    decor_tab_rect r[DECOR_MAX_TABS];
    int n = decor_tabs_layout(&l, tabs_shown(x, c), DECOR_TAB_CLOSE, x->rtl, r);
    int k = decor_tab_at(r, n, fx, fy, on_close);
    if (k >= 0 && before) {
        /* In its first half, in reading order. */
        int mid = r[k].tab.x + r[k].tab.w / 2;
        *before = x->rtl ? fx >= mid : fx < mid;
    }
    return k;
}

int frame_tab_column(const x11 *x, const wm_client *c, int fx)
{
    decor_layout l;
    if (!tabs_shown(x, c) || !frame_layout(x, c, &l))
        return -1;
    decor_tab_rect r[DECOR_MAX_TABS];
    int n = decor_tabs_layout(&l, tabs_shown(x, c), DECOR_TAB_CLOSE, x->rtl, r);
    int best = -1, far = 0;
    for (int k = 0; k < n; k++) {
        int d = fx < r[k].tab.x ? r[k].tab.x - fx : MAX(0, fx - (r[k].tab.x + r[k].tab.w - 1));
        if (best < 0 || d < far) {
            best = k;
            far = d;
        }
    }
    return best;
}
