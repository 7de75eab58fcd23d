/*
 * Painting a frame: the decoration node, the title strip, the title and
 * the buttons, in the order GTK paints its own window decorations, each
 * with the context decor_style keeps for it. Geometry comes only from the
 * decor_layout, so what is drawn is what the input code hit-tests.
 */
#include "decor/paint.h"

#include <gtk/gtk.h>
#include <string.h>

/* Titles are cut before Pango sees them: a megabyte of text would take
 * seconds to shape, and no title bar shows more than this. */
#define TITLE_MAX_CHARS 1024
#define ICON_SIZE       16

static bool rect_ok(double w, double h)
{
    return w > 0 && h > 0;
}

static void render_box(GtkStyleContext *ctx, cairo_t *cr, double x, double y, double w, double h)
{
    if (!rect_ok(w, h))
        return;
    gtk_render_background(ctx, cr, x, y, w, h);
    gtk_render_frame(ctx, cr, x, y, w, h);
}

static GtkBorder margin_of(GtkStyleContext *ctx)
{
    GtkBorder m;
    gtk_style_context_get_margin(ctx, gtk_style_context_get_state(ctx), &m);
    return m;
}

/* A path around x, y, w, h with round top corners of radius r. */
static void top_rounded(cairo_t *cr, double x, double y, double w, double h, double r)
{
    r = MIN(r, MIN(w / 2, h));
    if (r <= 0) {
        cairo_rectangle(cr, x, y, w, h);
        return;
    }
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + r, y + r, r, G_PI, 1.5 * G_PI);
    cairo_arc(cr, x + w - r, y + r, r, 1.5 * G_PI, 2 * G_PI);
    cairo_line_to(cr, x + w, y + h);
    cairo_line_to(cr, x, y + h);
    cairo_close_path(cr);
}

static wm_rect client_rect(const decor_layout *l, int fw, int fh)
{
    return (wm_rect){l->extents.left, l->extents.top, fw - l->extents.left - l->extents.right,
                     fh - l->extents.top - l->extents.bottom};
}

/* Valid UTF-8, at most TITLE_MAX_CHARS, control characters as spaces
 * (a newline would make a second line). */
static char *clean_title(const char *title)
{
    if (!title)
        return g_strdup("");
    size_t n = strnlen(title, 4 * TITLE_MAX_CHARS + 4);
    char *t = g_utf8_make_valid(title, (gssize)n);
    if (g_utf8_strlen(t, -1) > TITLE_MAX_CHARS)
        *g_utf8_offset_to_pointer(t, TITLE_MAX_CHARS) = '\0';
    for (char *p = t; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = ' ';
    return t;
}

/* One line of text in ctx's font; unref it when done. */
static PangoLayout *text_layout(GtkStyleContext *ctx, const char *text)
{
    PangoFontDescription *font = NULL;
    gtk_style_context_get(ctx, gtk_style_context_get_state(ctx), "font", &font, NULL);
    PangoContext *pc = gdk_pango_context_get_for_screen(gdk_screen_get_default());
    PangoLayout *pl = pango_layout_new(pc);
    g_object_unref(pc);
    pango_layout_set_font_description(pl, font); /* copied */
    pango_layout_set_single_paragraph_mode(pl, TRUE);
    pango_layout_set_text(pl, text, -1);
    if (font)
        pango_font_description_free(font);
    return pl;
}

static void paint_title(decor_style *s, cairo_t *cr, const decor_layout *l,
                        const decor_paint_state *st)
{
    GtkStyleContext *ctx = decor_style_context(s, st->state, DECOR_NODE_TITLE);
    GtkBorder margin = margin_of(ctx);
    GtkBorder box = decor_style_box(ctx, false);
    int avail = l->title.w - margin.left - margin.right - box.left - box.right;
    if (avail <= 0 || l->title.h <= 0)
        return;

    g_autofree char *text = clean_title(st->title);
    if (!*text)
        return;
    PangoLayout *pl = text_layout(ctx, text);

    int nw, nh;
    pango_layout_get_pixel_size(pl, &nw, &nh);
    int tx = l->title.x + margin.left + box.left;
    int x;
    if (nw <= avail) {
        /* Centred on the whole strip as GTK does, unless that would run
         * into the buttons. */
        x = l->strip.x + (l->strip.w - nw) / 2;
        x = CLAMP(x, tx, tx + avail - nw);
    } else {
        pango_layout_set_width(pl, avail * PANGO_SCALE);
        pango_layout_set_ellipsize(pl, PANGO_ELLIPSIZE_END);
        pango_layout_get_pixel_size(pl, &nw, &nh);
        x = tx;
    }
    int inner_top = l->title.y + margin.top + box.top;
    int inner_h = l->title.h - margin.top - margin.bottom - box.top - box.bottom;
    int y = inner_top + (inner_h - nh) / 2;

    cairo_save(cr);
    cairo_rectangle(cr, l->title.x, l->title.y, l->title.w, l->title.h);
    cairo_clip(cr);
    render_box(ctx, cr, x - box.left, y - box.top, nw + box.left + box.right,
               nh + box.top + box.bottom);
    gtk_render_layout(ctx, cr, x, y, pl);
    cairo_restore(cr);
    g_object_unref(pl);
}

/* An icon of size px centred in the content box of ctx at r. */
static void content_box(GtkStyleContext *ctx, const wm_rect *r, double *x, double *y, double *w,
                        double *h)
{
    GtkBorder b = decor_style_box(ctx, false);
    *x = r->x + b.left;
    *y = r->y + b.top;
    *w = r->w - b.left - b.right;
    *h = r->h - b.top - b.bottom;
}

/* ctx's content box at r, less its margin. */
static wm_rect inside(GtkStyleContext *ctx, wm_rect r)
{
    GtkBorder m = margin_of(ctx);
    return (wm_rect){r.x + m.left, r.y + m.top, r.w - m.left - m.right, r.h - m.top - m.bottom};
}

/* One line of text in ctx's font and colour, ellipsized into r, centred
 * vertically. */
static void paint_label(GtkStyleContext *ctx, cairo_t *cr, const char *raw, wm_rect r)
{
    if (r.w <= 0 || r.h <= 0)
        return;
    g_autofree char *text = clean_title(raw);
    PangoLayout *pl = text_layout(ctx, text);
    pango_layout_set_width(pl, r.w * PANGO_SCALE);
    pango_layout_set_ellipsize(pl, PANGO_ELLIPSIZE_END);
    int nw, nh;
    pango_layout_get_pixel_size(pl, &nw, &nh);
    cairo_save(cr);
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    cairo_clip(cr);
    gtk_render_layout(ctx, cr, r.x, r.y + (r.h - nh) / 2, pl);
    cairo_restore(cr);
    g_object_unref(pl);
}

static void paint_icon_surface(cairo_t *cr, cairo_surface_t *icon, double x, double y, int size)
{
    if (!icon || cairo_surface_status(icon) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_get_type(icon) != CAIRO_SURFACE_TYPE_IMAGE)
        return;
    int iw = cairo_image_surface_get_width(icon), ih = cairo_image_surface_get_height(icon);
    if (iw <= 0 || ih <= 0 || size <= 0)
        return;
    double scale = (double)size / MAX(iw, ih);
    cairo_save(cr);
    cairo_translate(cr, x + (size - iw * scale) / 2, y + (size - ih * scale) / 2);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, icon, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_restore(cr);
}

/* A group's tabs where the title goes, as GTK draws a notebook's. */
static void paint_tabs(decor_style *s, cairo_t *cr, const decor_layout *l,
                       const decor_paint_state *st)
{
    decor_tab_rect r[DECOR_MAX_TABS];
    int n = decor_tabs_layout(l, st->n_tabs, DECOR_TAB_CLOSE, st->state & DECOR_STATE_RTL, r);
    cairo_save(cr);
    cairo_rectangle(cr, l->title.x, l->title.y, l->title.w, l->title.h);
    cairo_clip(cr);
    GtkStyleContext *header = decor_style_context(s, st->state, DECOR_NODE_TAB_HEADER);
    wm_rect hb = inside(header, l->title);
    render_box(header, cr, hb.x, hb.y, hb.w, hb.h);
    for (int i = 0; i < n; i++) {
        const decor_tab *t = &st->tabs[i];
        GtkStateFlags extra = t->current ? GTK_STATE_FLAG_CHECKED : 0;
        GtkStyleContext *tc = decor_style_context(s, st->state, DECOR_NODE_TAB);
        GtkStyleContext *lc = decor_style_context(s, st->state, DECOR_NODE_TAB_LABEL);
        gtk_style_context_set_state(tc, gtk_style_context_get_state(tc) | extra);
        gtk_style_context_set_state(lc, gtk_style_context_get_state(lc) | extra);
        if (t->attention) {
            /* On the label too: its path does not follow the tab's
             * classes. */
            gtk_style_context_add_class(tc, "needs-attention");
            gtk_style_context_add_class(lc, "needs-attention");
        }
        wm_rect box = inside(tc, r[i].tab);
        render_box(tc, cr, box.x, box.y, box.w, box.h);
        double cx, cy, cw, ch;
        content_box(tc, &box, &cx, &cy, &cw, &ch);
        wm_rect text = {(int)cx, (int)cy, (int)cw, (int)ch};
        if (r[i].close.w > 0) {
            /* The text stops short of the close button. */
            if (st->state & DECOR_STATE_RTL) {
                int right = text.x + text.w;
                text.x = MAX(text.x, r[i].close.x + r[i].close.w);
                text.w = right - text.x;
            } else {
                text.w = MIN(text.x + text.w, r[i].close.x) - text.x;
            }
        }
        int isz = MIN(ICON_SIZE, text.h);
        if (t->icon && text.w > 2 * isz) {
            int ix = st->state & DECOR_STATE_RTL ? text.x + text.w - isz : text.x;
            paint_icon_surface(cr, t->icon, ix, text.y + (text.h - isz) / 2.0, isz);
            text.w -= isz + 4;
            if (!(st->state & DECOR_STATE_RTL))
                text.x += isz + 4;
        }
        paint_label(lc, cr, t->title, text);
        if (r[i].close.w > 0) {
            GtkStateFlags hover = st->hover_close == i ? GTK_STATE_FLAG_PRELIGHT : 0;
            GtkStyleContext *bc = decor_style_context(s, st->state, DECOR_NODE_TAB_CLOSE);
            GtkStyleContext *ic = decor_style_context(s, st->state, DECOR_NODE_TAB_CLOSE_IMAGE);
            gtk_style_context_set_state(bc, gtk_style_context_get_state(bc) | hover);
            gtk_style_context_set_state(ic, gtk_style_context_get_state(ic) | hover);
            render_box(bc, cr, r[i].close.x, r[i].close.y, r[i].close.w, r[i].close.h);
            cairo_surface_t *pic =
                decor_style_icon(s, ic, "window-close-symbolic", ICON_SIZE, cairo_get_target(cr));
            if (pic)
                gtk_render_icon_surface(ic, cr, pic, r[i].close.x + (r[i].close.w - ICON_SIZE) / 2,
                                        r[i].close.y + (r[i].close.h - ICON_SIZE) / 2);
        }
        if (t->attention) {
            gtk_style_context_remove_class(tc, "needs-attention");
            gtk_style_context_remove_class(lc, "needs-attention");
        }
    }
    cairo_restore(cr);
}

static void paint_window_icon(decor_style *s, cairo_t *cr, const wm_rect *r,
                              const decor_paint_state *st)
{
    GtkStyleContext *ctx = decor_style_context(s, st->state, DECOR_NODE_ICON);
    GtkBorder m = margin_of(ctx);
    wm_rect box = {r->x + m.left, r->y + m.top, r->w - m.left - m.right, r->h - m.top - m.bottom};
    render_box(ctx, cr, box.x, box.y, box.w, box.h);
    double x, y, w, h;
    content_box(ctx, &box, &x, &y, &w, &h);
    int size = (int)MIN(w, h);
    if (size <= 0)
        return;

    cairo_surface_t *icon = st->icon;
    cairo_surface_t *owned = NULL;
    if (!icon || cairo_surface_status(icon) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_get_type(icon) != CAIRO_SURFACE_TYPE_IMAGE) {
        GdkPixbuf *pb =
            gtk_icon_theme_load_icon(gtk_icon_theme_get_default(), "application-x-executable", size,
                                     GTK_ICON_LOOKUP_FORCE_SIZE, NULL);
        if (!pb)
            return;
        owned = gdk_cairo_surface_create_from_pixbuf(pb, 1, NULL);
        g_object_unref(pb);
        icon = owned;
    }
    paint_icon_surface(cr, icon, x + (w - size) / 2, y + (h - size) / 2, size);
    if (owned)
        cairo_surface_destroy(owned);
}

static void paint_button(decor_style *s, cairo_t *cr, const decor_rect_button *b,
                         const decor_paint_state *st)
{
    enum decor_node node, image;
    const char *icon;
    switch (b->kind) {
    case DECOR_BUTTON_CLOSE:
        node = DECOR_NODE_BUTTON_CLOSE, image = DECOR_NODE_IMAGE_CLOSE;
        icon = "window-close-symbolic";
        break;
    case DECOR_BUTTON_MAXIMIZE:
        node = DECOR_NODE_BUTTON_MAXIMIZE, image = DECOR_NODE_IMAGE_MAXIMIZE;
        icon = (st->state & DECOR_STATE_MAXIMIZED) ? "window-restore-symbolic"
                                                   : "window-maximize-symbolic";
        break;
    case DECOR_BUTTON_MINIMIZE:
        node = DECOR_NODE_BUTTON_MINIMIZE, image = DECOR_NODE_IMAGE_MINIMIZE;
        icon = "window-minimize-symbolic";
        break;
    case DECOR_BUTTON_MENU:
        node = DECOR_NODE_BUTTON_MENU, image = DECOR_NODE_IMAGE_MENU;
        icon = "open-menu-symbolic";
        break;
    case DECOR_BUTTON_ICON:
        paint_window_icon(s, cr, &b->rect, st);
        return;
    default:
        return;
    }

    /* GTK passes :hover and :active on to a button's children. */
    GtkStateFlags extra = 0;
    if (st->hover == b->kind)
        extra |= GTK_STATE_FLAG_PRELIGHT;
    if (st->pressed == b->kind)
        extra |= GTK_STATE_FLAG_ACTIVE;
    GtkStyleContext *bc = decor_style_context(s, st->state, node);
    gtk_style_context_set_state(bc, gtk_style_context_get_state(bc) | extra);
    GtkStyleContext *ic = decor_style_context(s, st->state, image);
    gtk_style_context_set_state(ic, gtk_style_context_get_state(ic) | extra);

    GtkBorder m = margin_of(bc);
    wm_rect box = {b->rect.x + m.left, b->rect.y + m.top, b->rect.w - m.left - m.right,
                   b->rect.h - m.top - m.bottom};
    render_box(bc, cr, box.x, box.y, box.w, box.h);

    double x, y, w, h;
    content_box(bc, &box, &x, &y, &w, &h);
    cairo_surface_t *pic = decor_style_icon(s, ic, icon, ICON_SIZE, cairo_get_target(cr));
    if (pic) {
        int pw = ICON_SIZE, ph = ICON_SIZE; /* GTK_ICON_LOOKUP_FORCE_SIZE */
        cairo_save(cr);
        cairo_rectangle(cr, box.x, box.y, box.w, box.h);
        cairo_clip(cr);
        gtk_render_icon_surface(ic, cr, pic, (int)(x + (w - pw) / 2), (int)(y + (h - ph) / 2));
        cairo_restore(cr);
    }
    /* The next decor_style_context() takes :hover/:active off again. */
}

void decor_paint(decor_style *s, cairo_t *cr, const decor_layout *l, int fw, int fh,
                 const decor_paint_state *st)
{
    if (!s || !cr || !l || !st || fw <= 0 || fh <= 0)
        return;
    unsigned state = st->state;
    GtkStyleContext *win = decor_style_context(s, state, DECOR_NODE_WINDOW);
    GtkStyleContext *deco = decor_style_context(s, state, DECOR_NODE_DECORATION);
    GtkStyleContext *bar = decor_style_context(s, state, DECOR_NODE_HEADERBAR);

    cairo_save(cr);
    /* Everything but the client area, and the shadow's room around. */
    wm_extents sh = st->shadow;
    cairo_rectangle(cr, -sh.left, -sh.top, fw + sh.left + sh.right, fh + sh.top + sh.bottom);
    wm_rect client = client_rect(l, fw, fh);
    if (rect_ok(client.w, client.h)) {
        cairo_rectangle(cr, client.x, client.y, client.w, client.h);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    }
    cairo_clip(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);

    if (st->opaque)
        render_box(win, cr, 0, 0, fw, fh);

    /* The decoration box: the frame less the pixels decor_style_metrics
     * added for its minimum border, where the outline (box-shadow) goes. */
    GtkBorder db = decor_style_box(deco, false);
    double in_l = MAX(l->extents.left - db.left, 0);
    double in_r = MAX(l->extents.right - db.right, 0);
    double in_t = MAX(l->strip.y - db.top, 0);
    double in_b = MAX(l->extents.bottom - db.bottom, 0);
    double dx = in_l, dy = in_t, dw = fw - in_l - in_r, dh = fh - in_t - in_b;
    if (rect_ok(dw, dh)) {
        render_box(deco, cr, dx, dy, dw, dh);
        /* The window's background under the title strip, in the
         * decoration's shape, as GTK has it under its header bar. */
        double r = decor_style_corner_radius(s, state);
        double wx = dx + db.left, wy = dy + db.top;
        double ww = dw - db.left - db.right, wh = dh - db.top - db.bottom;
        if (rect_ok(ww, wh)) {
            cairo_save(cr);
            top_rounded(cr, wx, wy, ww, wh, r);
            cairo_clip(cr);
            gtk_render_background(win, cr, wx, wy, ww, wh);
            cairo_restore(cr);
        }
    }

    /* Painted a piece at a time (purr paints the sides alone): the title
     * and buttons only when the strip is in the clip. */
    double cx1, cy1, cx2, cy2;
    cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2);
    bool strip_shows = cx1 < l->strip.x + l->strip.w && cx2 > l->strip.x &&
                       cy1 < l->strip.y + l->strip.h && cy2 > l->strip.y;
    if (!strip_shows) {
        cairo_restore(cr);
        return;
    }
    GtkBorder bm = margin_of(bar);
    render_box(bar, cr, l->strip.x + bm.left, l->strip.y + bm.top, l->strip.w - bm.left - bm.right,
               l->strip.h - bm.top - bm.bottom);
    if (st->n_tabs >= 1 && st->tabs)
        paint_tabs(s, cr, l, st);
    else
        paint_title(s, cr, l, st);
    for (int i = 0; i < l->n_buttons; i++)
        paint_button(s, cr, &l->buttons[i], st);
    cairo_restore(cr);
}

cairo_surface_t *decor_shadow_image(decor_style *s, const decor_layout *l, int fw, int fh,
                                    unsigned state, int corner_r, wm_extents *margins)
{
    wm_extents m = decor_shadow_extents(s, l, fw, fh, state);
    *margins = m;
    if (m.left + m.right + m.top + m.bottom == 0)
        return NULL;
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, fw + m.left + m.right,
                                                      fh + m.top + m.bottom);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img);
        return NULL;
    }
    cairo_t *cr = cairo_create(img);
    cairo_translate(cr, m.left, m.top);
    decor_paint_state ps = {.state = state, .shadow = m};
    decor_paint(s, cr, l, fw, fh, &ps);
    /* What the frame window shows itself goes: its shape. */
    int inset[DECOR_MAX_CORNER];
    int rows = decor_corner_insets(fw, corner_r, inset);
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    for (int y = 0; y < rows; y++)
        cairo_rectangle(cr, inset[y], y, fw - 2 * inset[y], 1);
    cairo_rectangle(cr, 0, rows, fw, fh - rows);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_flush(img);
    return img;
}

void decor_paint_client_sample(decor_style *s, cairo_t *cr, const decor_layout *l, int fw, int fh,
                               unsigned state)
{
    if (!s || !cr || !l)
        return;
    wm_rect c = client_rect(l, fw, fh);
    if (!rect_ok(c.w, c.h))
        return;
    GtkStyleContext *win = decor_style_context(s, state, DECOR_NODE_WINDOW);
    cairo_save(cr);
    cairo_rectangle(cr, c.x, c.y, c.w, c.h);
    cairo_clip(cr);
    gtk_render_background(win, cr, c.x, c.y, c.w, c.h);
    cairo_restore(cr);
}

int decor_pieces(const decor_layout *l, int fw, int fh, bool strip_only, wm_rect out[DECOR_PIECES])
{
    wm_extents e = l->extents;
    int mid = MAX(fh - e.top - e.bottom, 0);
    const wm_rect all[DECOR_PIECES] = {
        {0, 0, fw, MIN(e.top, fh)},
        {0, e.top, e.left, mid},
        {fw - e.right, e.top, e.right, mid},
        {0, fh - e.bottom, fw, e.bottom},
    };
    int n = 0;
    for (int i = 0; i < (strip_only ? 1 : DECOR_PIECES); i++)
        if (all[i].w > 0 && all[i].h > 0)
            out[n++] = all[i];
    return n;
}

void decor_paint_pieces(decor_style *s, cairo_t *cr, const decor_layout *l, int fw, int fh,
                        const decor_paint_state *st, bool strip_only)
{
    if (!s || !cr || !l || !st || fw <= 0 || fh <= 0)
        return;
    decor_paint_state ps = *st;
    ps.shadow = (wm_extents){0, 0, 0, 0};
    wm_rect pieces[DECOR_PIECES];
    int n = decor_pieces(l, fw, fh, strip_only, pieces);
    for (int i = 0; i < n; i++) {
        wm_rect p = pieces[i];
        cairo_save(cr);
        cairo_rectangle(cr, p.x, p.y, p.w, p.h);
        cairo_clip(cr);
        cairo_push_group(cr);
        decor_paint(s, cr, l, fw, fh, &ps);
        cairo_pop_group_to_source(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_paint(cr);
        cairo_restore(cr);
    }
}

wm_extents decor_shadow_extents(decor_style *s, const decor_layout *l, int fw, int fh,
                                unsigned state)
{
    wm_extents out = {0, 0, 0, 0};
    const int m = DECOR_MAX_SHADOW;
    int w = fw + 2 * m, h = fh + 2 * m;
    if (!s || !l || fw <= 0 || fh <= 0)
        return out;
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img);
        return out;
    }
    cairo_t *cr = cairo_create(img);
    cairo_translate(cr, m, m);
    decor_paint_state ps = {.state = state, .shadow = {m, m, m, m}};
    decor_paint(s, cr, l, fw, fh, &ps);
    cairo_destroy(cr);
    cairo_surface_flush(img);

    const uint8_t *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    /* The outermost painted pixel on each side; alpha is the top byte of
     * a native-endian ARGB32 word. */
    int x0 = w, x1 = -1, y0 = h, y1 = -1;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < w; x++) {
            if (row[x] >> 24) {
                x0 = MIN(x0, x);
                x1 = MAX(x1, x);
                y0 = MIN(y0, y);
                y1 = MAX(y1, y);
            }
        }
    }
    cairo_surface_destroy(img);
    if (x1 < 0)
        return out;
    out.left = MAX(m - x0, 0);
    out.top = MAX(m - y0, 0);
    out.right = MAX(x1 - (m + fw - 1), 0);
    out.bottom = MAX(y1 - (m + fh - 1), 0);
    return out;
}
