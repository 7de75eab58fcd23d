/*
 * Frames: purr's parent window around each client, with a plain border and
 * a title strip drawn with the core protocol. (Borders themed with CSS
 * replace this painter later; the geometry comes from the model's extents.)
 */
#include "x11/x11.h"

#include <string.h>

#include "util/log.h"

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

wm_extents frame_plain_extents(void)
{
    /* Borders wide enough to grab for a resize, and a 20 px title strip. */
    return (wm_extents){4, 4, 24, 4};
}

void frame_create(x11 *x, const wm_client *c, xclient *xc)
{
    xcb_window_t f = xcb_generate_id(x->conn);
    wm_rect r = client_frame_rect(x->model, c);
    uint32_t values[] = {
        COLOUR_BORDER,
        1, /* override-redirect: nobody manages our frames */
        XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY |
            XCB_EVENT_MASK_BUTTON_PRESS | XCB_EVENT_MASK_BUTTON_RELEASE |
            XCB_EVENT_MASK_POINTER_MOTION | XCB_EVENT_MASK_ENTER_WINDOW | XCB_EVENT_MASK_EXPOSURE,
        x->cursor,
    };
    xcb_create_window(
        x->conn, x->screen->root_depth, f, x->root, (int16_t)r.x, (int16_t)r.y,
        (uint16_t)MAX(r.w, 1), (uint16_t)MAX(r.h, 1), 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
        x->screen->root_visual,
        XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT | XCB_CW_EVENT_MASK | XCB_CW_CURSOR, values);
    xc->frame = f;
    xc->border_colour = COLOUR_BORDER;
    xc->cursor_part = -1;
    moveresize_grab_buttons(x, f);
    /* A new window is on top of its siblings: that is where X has it. */
    g_ptr_array_add(x->pushed_stack, GUINT_TO_POINTER(f));
}

void frame_destroy(x11 *x, xclient *xc)
{
    if (!xc->frame)
        return;
    xcb_destroy_window(x->conn, xc->frame);
    g_hash_table_remove(x->frames, GUINT_TO_POINTER(xc->frame));
    g_ptr_array_remove(x->pushed_stack, GUINT_TO_POINTER(xc->frame));
    xc->frame = 0;
}

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

void frame_paint(x11 *x, const wm_client *c, xclient *xc)
{
    const wm *m = x->model;
    wm_extents e = client_extents(m, c);
    if (!xc->frame || e.top == 0)
        return;
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
