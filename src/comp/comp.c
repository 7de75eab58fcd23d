/*
 * The compositor's X side: _NET_WM_CM_Sn, manual redirection of the root's
 * children, the Composite overlay window, and the scene kept in step with
 * X's events (the stacking order is X's own, override-redirect menus and
 * tooltips included). Damage comes as bounding boxes in DamageNotify
 * events and is reset with one XDamageSubtract per damaged window and
 * frame, with no reply to wait for; it is painted by the backend, and the next frame waits for
 * Present's vblank notification: at most one frame per vblank, no timer while idle.
 */
#include "comp/comp.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/composite.h>
#include <xcb/damage.h>
#include <xcb/present.h>
#include <xcb/shape.h>
#include <xcb/sync.h>
#include <xcb/xfixes.h>

#include "comp/comp-private.h"
#include "util/log.h"
#include "x11/atoms.h"
#include "x11/prop.h"

static const char *const mode_names[] = {
    [COMP_AUTO] = "auto", [COMP_GL] = "gl",     [COMP_XRENDER] = "xrender",
    [COMP_NULL] = "null", [COMP_NONE] = "none",
};

bool comp_parse_mode(const char *s, enum comp_mode *out)
{
    for (size_t i = 0; i < G_N_ELEMENTS(mode_names); i++)
        if (s && strcmp(s, mode_names[i]) == 0) {
            *out = (enum comp_mode)i;
            return true;
        }
    return false;
}

bool comp_active(const comp *c)
{
    return c && !c->stopped;
}

static void expect(comp *c, xcb_void_cookie_t cookie)
{
    c->host.expect(c->host.data, cookie.sequence);
}

static bool own_window(const comp *c, xcb_window_t w)
{
    return (w & ~c->own_mask) == c->own_base;
}

static uint8_t visual_depth(const comp *c, xcb_visualid_t v)
{
    for (xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(c->screen); d.rem;
         xcb_depth_next(&d))
        for (xcb_visualtype_iterator_t t = xcb_depth_visuals_iterator(d.data); t.rem;
             xcb_visualtype_next(&t))
            if (t.data->visual_id == v)
                return d.data->depth;
    return 0;
}

/* -- frame sync with applications ----------------------------------------- */

/* A client that paces its frames to ours (the extended sync counter): it
 * sets the counter odd while drawing a frame and even when done, then
 * waits for _NET_WM_FRAME_DRAWN with that value. Missing one freezes it, so
 * every finished frame is answered: after the next paint when its window
 * shows, at once when nothing is to be painted. */
typedef struct frame_sync {
    xcb_window_t toplevel, client;
    uint32_t counter, alarm;
    uint64_t done;      /* the last even value */
    int64_t drawn_time; /* when FRAME_DRAWN went out, µs */
    bool in_drawn, in_timings;
    bool drawing; /* the counter is odd: a frame is being drawn */
    /* Frozen by a resize (comp_freeze): what X says of the window meanwhile
     * waits here. */
    bool frozen, seen_odd;
    bool have_next, have_next_opaque;
    int nx, ny, nw, nh, nbw;
    pixman_box32_t next_opaque;
} frame_sync;

static void thaw(comp *c, frame_sync *f);

static void send_frame_message(comp *c, frame_sync *f, xcb_atom_t type, uint32_t d2, uint32_t d3,
                               uint32_t d4)
{
    xcb_client_message_event_t ev = {
        .response_type = XCB_CLIENT_MESSAGE,
        .format = 32,
        .window = f->client,
        .type = type,
        .data.data32 = {(uint32_t)f->done, (uint32_t)(f->done >> 32), d2, d3, d4},
    };
    expect(c, xcb_send_event_checked(c->conn, 0, f->client, XCB_EVENT_MASK_NO_EVENT,
                                     (const char *)&ev));
}

static void forget_sync(comp *c, frame_sync *f)
{
    thaw(c, f);
    g_ptr_array_remove(c->drawn, f);
    g_ptr_array_remove(c->timings, f);
    if (f->alarm)
        expect(c, xcb_sync_destroy_alarm_checked(c->conn, f->alarm));
    g_hash_table_remove(c->syncs_by_alarm, GUINT_TO_POINTER(f->alarm));
    g_hash_table_remove(c->syncs_by_window, GUINT_TO_POINTER(f->toplevel));
    g_free(f);
}

void comp_set_frame_counter(comp *c, xcb_window_t toplevel, xcb_window_t client, uint32_t counter)
{
    if (!c || c->stopped || !c->sync_event)
        return;
    frame_sync *old = g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(toplevel));
    if (old && old->counter == counter && old->client == client)
        return;
    if (old)
        forget_sync(c, old);
    if (!counter)
        return;
    frame_sync *f = g_new0(frame_sync, 1);
    f->toplevel = toplevel;
    f->client = client;
    f->counter = counter;
    f->alarm = xcb_generate_id(c->conn);
    /* Every change upwards: the alarm fires at counter + 1 and moves on. */
    xcb_sync_create_alarm_value_list_t a = {
        .counter = counter,
        .valueType = XCB_SYNC_VALUETYPE_RELATIVE,
        .value = {0, 1},
        .testType = XCB_SYNC_TESTTYPE_POSITIVE_COMPARISON,
        .delta = {0, 1},
        .events = 1,
    };
    expect(c, xcb_sync_create_alarm_aux_checked(c->conn, f->alarm,
                                                XCB_SYNC_CA_COUNTER | XCB_SYNC_CA_VALUE_TYPE |
                                                    XCB_SYNC_CA_VALUE | XCB_SYNC_CA_TEST_TYPE |
                                                    XCB_SYNC_CA_DELTA | XCB_SYNC_CA_EVENTS,
                                                &a));
    g_hash_table_insert(c->syncs_by_alarm, GUINT_TO_POINTER(f->alarm), f);
    g_hash_table_insert(c->syncs_by_window, GUINT_TO_POINTER(toplevel), f);
    /* A frame finished before the alarm existed is waiting for its answer
     * too (a client that drew its first frame before being managed). */
    xcb_sync_query_counter_reply_t *q =
        xcb_sync_query_counter_reply(c->conn, xcb_sync_query_counter(c->conn, counter), NULL);
    uint64_t v = q ? ((uint64_t)(uint32_t)q->counter_value.hi << 32) | q->counter_value.lo : 0;
    free(q);
    f->drawing = v % 2 != 0;
    if (v && v % 2 == 0) {
        f->done = v;
        f->in_drawn = true;
        g_ptr_array_add(c->drawn, f);
    }
}

/* -- holding a new window until its first frame ---------------------------- */

/* A client that says it is drawing its first frame (GTK sets its counter
 * odd before mapping) is not shown until that frame is done: no flash of
 * an empty or garbage window. A second at most, for clients that never
 * finish. */
enum { HOLD_MS = 1000 };

static void release_hold(comp *c, comp_node *n)
{
    if (!n->held)
        return;
    n->held = false;
    scene_damage_rect(c->scene, n->x, n->y, n->w + 2 * n->bw, n->h + 2 * n->bw);
}

static gboolean on_hold_timeout(gpointer data)
{
    comp *c = data;
    c->hold_timer = 0;
    for (guint i = 0; i < c->scene->stack->len; i++) {
        comp_node *n = c->scene->stack->pdata[i];
        if (n->held)
            log_debug("window 0x%x shown before its first frame was done", n->id);
        release_hold(c, n);
    }
    return G_SOURCE_REMOVE;
}

static void hold_if_drawing(comp *c, comp_node *n)
{
    frame_sync *f = g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(n->id));
    if (!f || !f->drawing)
        return;
    n->held = true;
    if (!c->hold_timer)
        c->hold_timer = g_timeout_add(HOLD_MS, on_hold_timeout, c);
}

static void on_alarm(comp *c, const xcb_sync_alarm_notify_event_t *e)
{
    frame_sync *f = g_hash_table_lookup(c->syncs_by_alarm, GUINT_TO_POINTER(e->alarm));
    if (!f)
        return;
    if (e->state == XCB_SYNC_ALARMSTATE_DESTROYED) {
        f->alarm = 0; /* the counter went, and the alarm with it */
        forget_sync(c, f);
        return;
    }
    uint64_t v = ((uint64_t)(uint32_t)e->counter_value.hi << 32) | e->counter_value.lo;
    f->drawing = v % 2 != 0;
    if (f->drawing)
        f->seen_odd = f->frozen;
    else if (f->frozen && f->seen_odd)
        thaw(c, f); /* a frame begun after the resize is done */
    if (v % 2 != 0 || v == f->done)
        return; /* odd: still drawing */
    comp_node *n = scene_find(c->scene, f->toplevel);
    if (n)
        release_hold(c, n);
    f->done = v;
    if (!f->in_drawn) {
        f->in_drawn = true;
        g_ptr_array_add(c->drawn, f);
    }
}

/* After a paint (or when there is nothing to paint): FRAME_DRAWN to every
 * client that finished a frame; presented: whether a vblank will report
 * when it shows (FRAME_TIMINGS then), else they go at once. */
static void send_frames_drawn(comp *c, bool presented)
{
    int64_t now = g_get_monotonic_time();
    for (guint i = 0; i < c->drawn->len; i++) {
        frame_sync *f = c->drawn->pdata[i];
        f->in_drawn = false;
        f->drawn_time = now;
        send_frame_message(c, f, A(_NET_WM_FRAME_DRAWN), (uint32_t)now, (uint32_t)(now >> 32), 0);
        if (!presented) {
            send_frame_message(c, f, A(_NET_WM_FRAME_TIMINGS), 0, (uint32_t)c->refresh_us, 0);
        } else if (!f->in_timings) {
            f->in_timings = true;
            g_ptr_array_add(c->timings, f);
        }
    }
    g_ptr_array_set_size(c->drawn, 0);
}

/* The frame reached the screen at ust (µs). */
static void send_frame_timings(comp *c, int64_t ust)
{
    for (guint i = 0; i < c->timings->len; i++) {
        frame_sync *f = c->timings->pdata[i];
        f->in_timings = false;
        int64_t offset = CLAMP(ust - f->drawn_time, 0, G_MAXINT32);
        send_frame_message(c, f, A(_NET_WM_FRAME_TIMINGS), (uint32_t)offset,
                           (uint32_t)c->refresh_us, 0);
    }
    g_ptr_array_set_size(c->timings, 0);
}

/* -- the nodes' X side ---------------------------------------------------- */

static void free_pixmap(comp *c, comp_node *n)
{
    if (!n->pixmap)
        return;
    if (c->backend && c->backend->release)
        c->backend->release(c, n);
    xcb_free_pixmap(c->conn, n->pixmap);
    n->pixmap = 0;
}

void comp_node_pixmap(comp *c, comp_node *n)
{
    if (n->pixmap)
        return;
    n->pixmap = xcb_generate_id(c->conn);
    /* The window may be gone already: its DestroyNotify is on the way. */
    expect(c, xcb_composite_name_window_pixmap_checked(c->conn, n->id, n->pixmap));
}

static uint32_t read_card32(comp *c, xcb_get_property_cookie_t ck, uint32_t fallback)
{
    xcb_get_property_reply_t *r = xcb_get_property_reply(c->conn, ck, NULL);
    uint32_t v = fallback;
    if (r) {
        prop_value pv =
            prop_from_bytes(r->type, r->format, (size_t)xcb_get_property_value_length(r),
                            xcb_get_property_value(r));
        if (!prop_card32(&pv, XCB_ATOM_CARDINAL, &v))
            v = fallback;
        free(r);
    }
    return v;
}

/* _NET_WM_WINDOW_OPACITY and _NET_WM_BYPASS_COMPOSITOR of a top-level
 * window (on a frame, purr put its client's there). */
static void read_properties(comp *c, comp_node *n)
{
    xcb_get_property_cookie_t o =
        xcb_get_property(c->conn, 0, n->id, A(_NET_WM_WINDOW_OPACITY), XCB_ATOM_CARDINAL, 0, 1);
    xcb_get_property_cookie_t b =
        xcb_get_property(c->conn, 0, n->id, A(_NET_WM_BYPASS_COMPOSITOR), XCB_ATOM_CARDINAL, 0, 1);
    scene_set_opacity(c->scene, n, read_card32(c, o, COMP_OPAQUE));
    n->bypass = read_card32(c, b, 0);
}

/* What purr says of one of its own windows: its shape and its shadow. */
static void apply_own(comp *c, comp_node *n, const comp_own *own)
{
    if (own->n_shape < 0) {
        if (n->shaped)
            scene_set_shape(c->scene, n, NULL, -1);
    } else {
        pixman_box32_t boxes[COMP_OWN_SHAPE];
        int count = MIN(own->n_shape, COMP_OWN_SHAPE);
        for (int i = 0; i < count; i++) {
            const xcb_rectangle_t *r = &own->shape[i];
            boxes[i] = (pixman_box32_t){r->x + n->bw, r->y + n->bw, r->x + n->bw + r->width,
                                        r->y + n->bw + r->height};
        }
        scene_set_shape(c->scene, n, boxes, count);
    }
    scene_set_shadow(c->scene, n, own->shadow ? &own->shadow->geom : NULL);
}

static void read_shape(comp *c, comp_node *n)
{
    comp_own own;
    if (n->described && c->host.describe(c->host.data, n->id, &own)) {
        apply_own(c, n, &own); /* no need to ask the server */
        return;
    }
    if (!c->shape_event)
        return;
    xcb_shape_query_extents_reply_t *e =
        xcb_shape_query_extents_reply(c->conn, xcb_shape_query_extents(c->conn, n->id), NULL);
    bool shaped = e && e->bounding_shaped;
    free(e);
    if (!shaped) {
        if (n->shaped)
            scene_set_shape(c->scene, n, NULL, -1);
        return;
    }
    xcb_shape_get_rectangles_reply_t *r = xcb_shape_get_rectangles_reply(
        c->conn, xcb_shape_get_rectangles(c->conn, n->id, XCB_SHAPE_SK_BOUNDING), NULL);
    if (!r)
        return;
    int count = xcb_shape_get_rectangles_rectangles_length(r);
    const xcb_rectangle_t *rects = xcb_shape_get_rectangles_rectangles(r);
    pixman_box32_t *boxes = g_new(pixman_box32_t, MAX(count, 1));
    /* Shapes are relative to the inside corner; the node's origin is the
     * border's corner. */
    for (int i = 0; i < count; i++)
        boxes[i] = (pixman_box32_t){rects[i].x + n->bw, rects[i].y + n->bw,
                                    rects[i].x + n->bw + rects[i].width,
                                    rects[i].y + n->bw + rects[i].height};
    scene_set_shape(c->scene, n, boxes, count);
    g_free(boxes);
    free(r);
}

static void set_geometry(comp *c, comp_node *n, int x, int y, int w, int h, int bw)
{
    bool resized = n->w != w || n->h != h || n->bw != bw;
    if (resized)
        free_pixmap(c, n);
    scene_set_geometry(c->scene, n, x, y, w, h, bw);
    if (resized && n->shaped)
        read_shape(c, n);
}

/* -- keeping a resized window's last frame --------------------------------- */

/* Right after a resize, a window's new pixmap is black or stale until its
 * client has drawn at the new size. A client that paces its frames (the
 * extended counter) says when it has: until then its node keeps the old
 * pixmap, place, size and opaque box, FREEZE_MS at most. No flash of black
 * while resizing. */
enum { FREEZE_MS = 1000 };

static void thaw(comp *c, frame_sync *f)
{
    if (!f->frozen)
        return;
    f->frozen = false;
    comp_node *n = scene_find(c->scene, f->toplevel);
    if (!n)
        return;
    n->frozen = false;
    if (f->have_next)
        set_geometry(c, n, f->nx, f->ny, f->nw, f->nh, f->nbw);
    if (f->have_next_opaque)
        scene_set_opaque_box(c->scene, n, f->next_opaque.x1, f->next_opaque.y1,
                             f->next_opaque.x2 - f->next_opaque.x1,
                             f->next_opaque.y2 - f->next_opaque.y1);
    f->have_next = f->have_next_opaque = false;
    n->content_damaged = true;
    scene_damage_rect(c->scene, n->x, n->y, n->w + 2 * n->bw, n->h + 2 * n->bw);
}

static gboolean on_freeze_timeout(gpointer data)
{
    comp *c = data;
    c->freeze_timer = 0;
    GList *all = g_hash_table_get_values(c->syncs_by_window);
    for (GList *l = all; l; l = l->next) {
        frame_sync *f = l->data;
        if (f->frozen)
            log_debug("window 0x%x shown before it drew its new size", f->toplevel);
        thaw(c, f);
    }
    g_list_free(all);
    return G_SOURCE_REMOVE;
}

void comp_freeze(comp *c, xcb_window_t toplevel)
{
    if (!c || c->stopped)
        return;
    frame_sync *f = g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(toplevel));
    comp_node *n = scene_find(c->scene, toplevel);
    /* Only a picture already shown can be kept. */
    if (!f || !n || !n->mapped || n->held || n->unredirected || !n->pixmap)
        return;
    f->frozen = n->frozen = true;
    f->seen_odd = false; /* a frame begun before this resize does not count */
    if (!c->freeze_timer)
        c->freeze_timer = g_timeout_add(FREEZE_MS, on_freeze_timeout, c);
}

/* The window's attributes, asked for when it was created; what it is. */
static void resolve_attributes(comp *c, comp_node *n)
{
    if (!n->attr_sequence)
        return;
    xcb_get_window_attributes_cookie_t ck = {n->attr_sequence};
    n->attr_sequence = 0;
    xcb_generic_error_t *err = NULL;
    xcb_get_window_attributes_reply_t *a = xcb_get_window_attributes_reply(c->conn, ck, &err);
    free(err);
    if (!a) {
        n->input_only = true; /* gone: its DestroyNotify follows */
        return;
    }
    n->input_only = a->_class == XCB_WINDOW_CLASS_INPUT_ONLY;
    n->visual = a->visual;
    n->argb = visual_depth(c, a->visual) == 32;
    /* Shape events are selected apart from the core event mask: purr's own
     * frames too (their rounded corners without a compositor's ARGB). */
    if (!n->input_only && c->shape_event)
        expect(c, xcb_shape_select_input_checked(c->conn, n->id, 1));
    if (!n->input_only && !own_window(c, n->id)) {
        /* Override-redirect windows set their own opacity; for frames,
         * purr passes on the client's (comp_properties_changed). */
        if (a->override_redirect) {
            uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE;
            expect(c,
                   xcb_change_window_attributes_checked(c->conn, n->id, XCB_CW_EVENT_MASK, &mask));
        }
    }
    free(a);
}

static comp_node *add_node(comp *c, xcb_window_t w, int x, int y, int wd, int ht, int bw)
{
    comp_node *n = scene_add(c->scene, w, x, y, wd, ht, bw);
    pixman_box32_t *hint = g_hash_table_lookup(c->opaque_hints, GUINT_TO_POINTER(w));
    if (hint) {
        n->opaque_box = *hint;
        g_hash_table_remove(c->opaque_hints, GUINT_TO_POINTER(w));
    }
    n->covered = g_hash_table_remove(c->covered_hints, GUINT_TO_POINTER(w));
    comp_own own;
    if (own_window(c, w) && c->host.describe && c->host.describe(c->host.data, w, &own)) {
        n->described = true;
        n->input_only = own.input_only;
        n->visual = own.visual;
        n->argb = visual_depth(c, own.visual) == 32;
        if (!n->input_only && c->shape_event)
            expect(c, xcb_shape_select_input_checked(c->conn, n->id, 1));
    } else {
        n->attr_sequence = xcb_get_window_attributes(c->conn, w).sequence;
    }
    return n;
}

static void map_node(comp *c, comp_node *n)
{
    resolve_attributes(c, n);
    if (n->input_only) {
        n->mapped = true;
        return;
    }
    if (!n->damage) {
        n->damage = xcb_generate_id(c->conn);
        expect(c, xcb_damage_create_checked(c->conn, n->damage, n->id,
                                            XCB_DAMAGE_REPORT_LEVEL_BOUNDING_BOX));
    }
    comp_own own;
    if (n->described && c->host.describe(c->host.data, n->id, &own)) {
        /* purr's own window: it says what the server would. */
        apply_own(c, n, &own);
        scene_set_opacity(c->scene, n, own.has_opacity ? own.opacity : COMP_OPAQUE);
        n->bypass = own.bypass;
    } else {
        read_shape(c, n);
        read_properties(c, n);
    }
    hold_if_drawing(c, n);
    scene_set_mapped(c->scene, n, true);
}

/* destroyed: X has freed the Damage object with the window. */
static void redirect_back(comp *c, bool gone);

static void unmap_node(comp *c, comp_node *n, bool destroyed)
{
    if (n->frozen)
        thaw(c, g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(n->id)));
    if (c->unredirected == n)
        redirect_back(c, destroyed);
    n->held = false;
    free_pixmap(c, n);
    if (n->damage && !destroyed)
        expect(c, xcb_damage_destroy_checked(c->conn, n->damage));
    n->damage = 0;
    n->damage_pending = false;
    scene_set_mapped(c->scene, n, false);
}

static void remove_node(comp *c, comp_node *n, bool destroyed)
{
    frame_sync *f = g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(n->id));
    if (f)
        forget_sync(c, f);
    unmap_node(c, n, destroyed);
    if (n->attr_sequence)
        xcb_discard_reply(c->conn, n->attr_sequence);
    scene_remove(c->scene, n);
}

/* -- the desktop's background --------------------------------------------- */

static void read_root_pixmap(comp *c)
{
    xcb_atom_t names[] = {A(_XROOTPMAP_ID), A(_XSETROOT_ID)};
    c->root_pixmap = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(names) && !c->root_pixmap; i++) {
        xcb_get_property_reply_t *r = xcb_get_property_reply(
            c->conn, xcb_get_property(c->conn, 0, c->root, names[i], XCB_ATOM_PIXMAP, 0, 1), NULL);
        if (!r)
            continue;
        prop_value pv =
            prop_from_bytes(r->type, r->format, (size_t)xcb_get_property_value_length(r),
                            xcb_get_property_value(r));
        uint32_t p;
        if (prop_card32(&pv, XCB_ATOM_PIXMAP, &p))
            c->root_pixmap = p;
        free(r);
    }
    /* Anyone can write the property: only a pixmap of the screen's depth
     * will do. */
    if (!c->root_pixmap)
        return;
    xcb_get_geometry_cookie_t gc = xcb_get_geometry(c->conn, c->root_pixmap);
    xcb_get_window_attributes_cookie_t wc = xcb_get_window_attributes(c->conn, c->root_pixmap);
    xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(c->conn, gc, NULL);
    xcb_get_window_attributes_reply_t *is_window =
        xcb_get_window_attributes_reply(c->conn, wc, NULL);
    free(is_window);
    if (!g || is_window || g->depth != c->screen->root_depth || g->root != c->root) {
        log_info("the desktop background 0x%x is not a pixmap of the screen's depth: not used",
                 c->root_pixmap);
        c->root_pixmap = 0;
    }
    free(g);
}

/* -- events --------------------------------------------------------------- */

static void on_damage(comp *c, const xcb_damage_notify_event_t *e)
{
    c->stats.damage++;
    comp_node *n = scene_find(c->scene, e->drawable);
    if (!n || n->damage != e->damage)
        return;
    /* BoundingBox level: area is the box of all the damage since the last
     * subtract, sent whenever it grows. */
    pixman_box32_t b = {e->area.x, e->area.y, e->area.x + e->area.width,
                        e->area.y + e->area.height};
    if (n->damage_pending) {
        n->damage_box.x1 = MIN(n->damage_box.x1, b.x1);
        n->damage_box.y1 = MIN(n->damage_box.y1, b.y1);
        n->damage_box.x2 = MAX(n->damage_box.x2, b.x2);
        n->damage_box.y2 = MAX(n->damage_box.y2, b.y2);
        return;
    }
    n->damage_box = b;
    n->damage_pending = true;
    g_array_append_val(c->pending, n->id);
}

static void on_configure(comp *c, const xcb_configure_notify_event_t *e)
{
    if (e->window == c->root) {
        scene_resize(c->scene, e->width, e->height);
        if (c->backend->root_changed)
            c->backend->root_changed(c);
        return;
    }
    comp_node *n = scene_find(c->scene, e->window);
    if (!n)
        return;
    frame_sync *f =
        n->frozen ? g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(n->id)) : NULL;
    if (f) {
        f->have_next = true;
        f->nx = e->x, f->ny = e->y, f->nw = e->width, f->nh = e->height, f->nbw = e->border_width;
    } else {
        set_geometry(c, n, e->x, e->y, e->width, e->height, e->border_width);
    }
    scene_restack(c->scene, n, e->above_sibling);
}

static void on_reparent(comp *c, const xcb_reparent_notify_event_t *e)
{
    comp_node *n = scene_find(c->scene, e->window);
    if (e->parent != c->root) {
        if (n && c->unredirected == n)
            redirect_back(c, true); /* a child now: the parent's pixmap has it */
        if (n)
            remove_node(c, n, false);
        return;
    }
    if (n)
        return;
    xcb_get_geometry_reply_t *g =
        xcb_get_geometry_reply(c->conn, xcb_get_geometry(c->conn, e->window), NULL);
    if (!g)
        return;
    add_node(c, e->window, g->x, g->y, g->width, g->height, g->border_width);
    free(g);
}

static void on_present(comp *c, const xcb_ge_generic_event_t *ge)
{
    if (ge->event_type != XCB_PRESENT_EVENT_COMPLETE_NOTIFY)
        return;
    const xcb_present_complete_notify_event_t *e = (const void *)ge;
    if (e->event != c->present_eid || e->serial != c->msc_serial)
        return;
    c->stats.vblanks++;
    c->frame_pending = false;
    int64_t ust = (int64_t)e->ust;
    /* The refresh interval, from two vblanks' times and counts (RandR may
     * say 0 Hz). */
    if (c->last_ust && e->msc > c->last_msc && e->msc - c->last_msc < 120) {
        int64_t r = (ust - c->last_ust) / (int64_t)(e->msc - c->last_msc);
        if (r > 2000 && r < 100000)
            c->refresh_us = r;
    }
    c->last_ust = ust;
    c->last_msc = e->msc;
    send_frame_timings(c, ust);
}

static void stop_compositing(comp *c);

/* The root's child a DestroyNotify, MapNotify, UnmapNotify or
 * CirculateNotify is about (they share their first fields), if the scene
 * has it; never for one a client sent (SendEvent to the root reaches
 * everyone who selected SubstructureNotify on it). */
static comp_node *root_child(comp *c, const xcb_generic_event_t *ev)
{
    const xcb_map_notify_event_t *e = (const void *)ev;
    if ((ev->response_type & 0x80) || e->event != c->root)
        return NULL;
    return scene_find(c->scene, e->window);
}

bool comp_event(comp *c, const xcb_generic_event_t *ev)
{
    if (!c || c->stopped)
        return false;
    bool synthetic = (ev->response_type & 0x80) != 0;
    comp_node *n;
    uint8_t type = ev->response_type & 0x7f;
    if (type == c->damage_event + XCB_DAMAGE_NOTIFY) {
        on_damage(c, (const void *)ev);
        return true;
    }
    if (c->sync_event && type == c->sync_event + XCB_SYNC_ALARM_NOTIFY && !synthetic &&
        g_hash_table_contains(
            c->syncs_by_alarm,
            GUINT_TO_POINTER(((const xcb_sync_alarm_notify_event_t *)ev)->alarm))) {
        on_alarm(c, (const void *)ev);
        return true;
    }
    if (c->shape_event && type == c->shape_event + XCB_SHAPE_NOTIFY) {
        const xcb_shape_notify_event_t *e = (const void *)ev;
        n = scene_find(c->scene, e->affected_window);
        if (n && e->shape_kind == XCB_SHAPE_SK_BOUNDING && n->mapped)
            read_shape(c, n);
        return false;
    }
    switch (type) {
    case XCB_GE_GENERIC: {
        const xcb_ge_generic_event_t *ge = (const void *)ev;
        if (c->present_opcode && ge->extension == c->present_opcode) {
            on_present(c, ge);
            return true;
        }
        return false;
    }
    case XCB_CREATE_NOTIFY: {
        const xcb_create_notify_event_t *e = (const void *)ev;
        if (!synthetic && e->parent == c->root && e->window != c->overlay)
            add_node(c, e->window, e->x, e->y, e->width, e->height, e->border_width);
        return false;
    }
    case XCB_DESTROY_NOTIFY:
        if ((n = root_child(c, ev)))
            remove_node(c, n, true);
        return false;
    case XCB_MAP_NOTIFY:
        if ((n = root_child(c, ev)))
            map_node(c, n);
        return false;
    case XCB_UNMAP_NOTIFY:
        if ((n = root_child(c, ev)))
            unmap_node(c, n, false);
        return false;
    case XCB_CIRCULATE_NOTIFY:
        if ((n = root_child(c, ev)))
            scene_circulate(c->scene, n,
                            ((const xcb_circulate_notify_event_t *)ev)->place == XCB_PLACE_ON_TOP);
        return false;
    case XCB_CONFIGURE_NOTIFY: {
        const xcb_configure_notify_event_t *e = (const void *)ev;
        if (!synthetic && e->event == c->root)
            on_configure(c, e);
        return false;
    }
    case XCB_REPARENT_NOTIFY: {
        const xcb_reparent_notify_event_t *e = (const void *)ev;
        if (!synthetic && (e->event == c->root || e->parent == c->root))
            on_reparent(c, e);
        return false;
    }
    case XCB_PROPERTY_NOTIFY: {
        const xcb_property_notify_event_t *e = (const void *)ev;
        if (e->window == c->root && (e->atom == A(_XROOTPMAP_ID) || e->atom == A(_XSETROOT_ID))) {
            read_root_pixmap(c);
            if (c->backend->root_changed)
                c->backend->root_changed(c);
            scene_damage_all(c->scene);
        } else if (e->atom == A(_NET_WM_WINDOW_OPACITY) ||
                   e->atom == A(_NET_WM_BYPASS_COMPOSITOR)) {
            n = scene_find(c->scene, e->window);
            if (n && !own_window(c, n->id) && n->mapped)
                read_properties(c, n);
        }
        return false;
    }
    case XCB_SELECTION_CLEAR: {
        const xcb_selection_clear_event_t *e = (const void *)ev;
        if (synthetic || e->owner != c->cm_owner || e->selection != c->cm_atom)
            return false;
        /* ICCCM manager selections: the new owner takes over. */
        log_warn("another compositing manager took _NET_WM_CM_S%d: not compositing any more",
                 c->host.screen_number);
        stop_compositing(c);
        return true;
    }
    case XCB_EXPOSE: {
        const xcb_expose_event_t *e = (const void *)ev;
        if (e->window != c->overlay)
            return false;
        scene_damage_rect(c->scene, e->x, e->y, e->width, e->height);
        return true;
    }
    default:
        return false;
    }
}

void comp_properties_changed(comp *c, xcb_window_t toplevel)
{
    comp_node *n = c && !c->stopped ? scene_find(c->scene, toplevel) : NULL;
    if (n && n->mapped)
        read_properties(c, n);
}

/* -- frames --------------------------------------------------------------- */

/* Frames in a row in which a window damaged (nearly) all of itself: a
 * video or a game, worth unredirecting when fullscreen. */
static void count_full_damage(comp_node *n, const pixman_box32_t *boxes, int count)
{
    pixman_region32_t r;
    pixman_region32_init_rects(&r, boxes, count);
    pixman_region32_intersect_rect(&r, &r, 0, 0, (unsigned)(n->w + 2 * n->bw),
                                   (unsigned)(n->h + 2 * n->bw));
    int nb;
    const pixman_box32_t *b = pixman_region32_rectangles(&r, &nb);
    int64_t area = 0;
    for (int i = 0; i < nb; i++)
        area += (int64_t)(b[i].x2 - b[i].x1) * (b[i].y2 - b[i].y1);
    pixman_region32_fini(&r);
    int64_t whole = (int64_t)(n->w + 2 * n->bw) * (n->h + 2 * n->bw);
    if (whole > 0 && area * 10 >= whole * 9)
        n->full_frames = MIN(n->full_frames + 1, 1000);
    else
        n->full_frames = 0;
}

/* -- unredirected fullscreen windows -------------------------------------- */

/* How many frames of full damage before a fullscreen window is handed to
 * X: half a second at 60 Hz, so a window that flashes up once stays. */
enum { UNREDIRECT_FRAMES = 30 };

static bool node_is_box(const comp_node *n, const pixman_box32_t *b)
{
    return n->x == b->x1 && n->y == b->y1 && n->x + n->w + 2 * n->bw == b->x2 &&
           n->y + n->h + 2 * n->bw == b->y2;
}

/* The window that could be unredirected: the one on top of a monitor,
 * covering it exactly, opaque and not shaped, not forbidding it. The walk
 * ends once a window has touched every monitor: none below can be on top. */
static comp_node *fullscreen_candidate(comp *c)
{
    pixman_box32_t screen = {0, 0, c->scene->width, c->scene->height};
    const pixman_box32_t *mons = c->monitors->len ? (const void *)c->monitors->data : &screen;
    unsigned nmons = c->monitors->len ? c->monitors->len : 1, left = nmons;
    bool *touched = g_new0(bool, nmons);
    pixman_region32_t r;
    pixman_region32_init(&r);
    comp_node *found = NULL;
    for (guint i = c->scene->stack->len; i-- > 0 && !found && left > 0;) {
        comp_node *n = c->scene->stack->pdata[i];
        if (!scene_node_visible(n) || n->frozen)
            continue;
        for (unsigned m = 0; m < nmons && !found; m++) {
            if (touched[m] || !node_is_box(n, &mons[m]) || n->shaped || n->bypass == 2)
                continue;
            scene_node_opaque_region(n, &r);
            const pixman_box32_t *e = pixman_region32_extents(&r);
            if (pixman_region32_n_rects(&r) == 1 && e->x1 == mons[m].x1 && e->y1 == mons[m].y1 &&
                e->x2 == mons[m].x2 && e->y2 == mons[m].y2)
                found = n;
        }
        scene_node_region(n, &r);
        for (unsigned m = 0; m < nmons; m++)
            if (!touched[m] && pixman_region32_contains_rectangle(&r, (pixman_box32_t *)&mons[m]) !=
                                   PIXMAN_REGION_OUT) {
                touched[m] = true;
                left--;
            }
    }
    pixman_region32_fini(&r);
    g_free(touched);
    return found;
}

/* The overlay gets a hole where the unredirected window is, or none. */
static void shape_overlay(comp *c, const comp_node *hole)
{
    if (!c->shape_event)
        return;
    if (!hole) {
        xcb_xfixes_set_window_shape_region(c->conn, c->overlay, XCB_SHAPE_SK_BOUNDING, 0, 0,
                                           XCB_NONE);
        return;
    }
    pixman_region32_t r;
    pixman_region32_init_rect(&r, 0, 0, (unsigned)c->scene->width, (unsigned)c->scene->height);
    pixman_region32_t h;
    pixman_region32_init(&h);
    scene_node_region(hole, &h);
    pixman_region32_subtract(&r, &r, &h);
    int nb;
    const pixman_box32_t *b = pixman_region32_rectangles(&r, &nb);
    xcb_rectangle_t *rects = g_new(xcb_rectangle_t, MAX(nb, 1));
    for (int i = 0; i < nb; i++)
        rects[i] = (xcb_rectangle_t){(int16_t)b[i].x1, (int16_t)b[i].y1,
                                     (uint16_t)(b[i].x2 - b[i].x1), (uint16_t)(b[i].y2 - b[i].y1)};
    xcb_xfixes_region_t region = xcb_generate_id(c->conn);
    xcb_xfixes_create_region(c->conn, region, (uint32_t)nb, rects);
    xcb_xfixes_set_window_shape_region(c->conn, c->overlay, XCB_SHAPE_SK_BOUNDING, 0, 0, region);
    xcb_xfixes_destroy_region(c->conn, region);
    g_free(rects);
    pixman_region32_fini(&r);
    pixman_region32_fini(&h);
}

static void unredirect(comp *c, comp_node *n)
{
    free_pixmap(c, n);
    if (n->damage)
        expect(c, xcb_damage_destroy_checked(c->conn, n->damage));
    n->damage = 0;
    n->damage_pending = false;
    expect(c,
           xcb_composite_unredirect_window_checked(c->conn, n->id, XCB_COMPOSITE_REDIRECT_MANUAL));
    n->unredirected = true;
    c->unredirected = n;
    shape_overlay(c, n);
    log_debug("window 0x%x unredirected (%s)", n->id,
              n->bypass == 1 ? "_NET_WM_BYPASS_COMPOSITOR" : "fullscreen and busy");
}

/* Composite it again; gone: only forget it. */
static void redirect_back(comp *c, bool gone)
{
    comp_node *n = c->unredirected;
    c->unredirected = NULL;
    n->unredirected = false;
    n->full_frames = 0;
    if (!gone) {
        expect(c, xcb_composite_redirect_window_checked(c->conn, n->id,
                                                        XCB_COMPOSITE_REDIRECT_MANUAL));
        if (n->mapped) {
            n->damage = xcb_generate_id(c->conn);
            expect(c, xcb_damage_create_checked(c->conn, n->damage, n->id,
                                                XCB_DAMAGE_REPORT_LEVEL_BOUNDING_BOX));
        }
        n->content_damaged = true;
        log_debug("window 0x%x composited again", n->id);
    }
    shape_overlay(c, NULL);
    scene_damage_all(c->scene);
}

static void update_unredirect(comp *c)
{
    comp_node *cand = fullscreen_candidate(c);
    if (c->unredirected && c->unredirected != cand)
        redirect_back(c, false);
    if (cand && !c->unredirected && (cand->bypass == 1 || cand->full_frames >= UNREDIRECT_FRAMES))
        unredirect(c, cand);
}

comp_shadow *comp_shadow_new(comp *c, const uint8_t *pixels, int stride, int width, int height,
                             int left, int top, int right, int bottom)
{
    if (!c || c->stopped || !pixels || width <= left + right || height <= top + bottom ||
        left < 0 || top < 0 || right < 0 || bottom < 0 || stride < width * 4 || width > 4096 ||
        height > 4096)
        return NULL;
    comp_shadow *s = g_new0(comp_shadow, 1);
    s->geom = (scene_shadow){width, height, left, top, right, bottom, NULL};
    s->pixels = g_new(uint32_t, (gsize)width * (gsize)height);
    for (int y = 0; y < height; y++)
        memcpy(s->pixels + (size_t)y * width, pixels + (size_t)y * stride, (size_t)width * 4);
    g_ptr_array_add(c->shadows, s);
    return s;
}

static void shadow_release(comp *c, comp_shadow *s)
{
    if (s->geom.priv && c->backend && c->backend->shadow_release)
        c->backend->shadow_release(c, s);
    s->geom.priv = NULL;
}

static void shadow_destroy(comp *c, comp_shadow *s)
{
    for (guint i = 0; c->scene && i < c->scene->stack->len; i++) {
        comp_node *n = c->scene->stack->pdata[i];
        if (n->shadow == &s->geom)
            scene_set_shadow(c->scene, n, NULL);
    }
    shadow_release(c, s);
    g_free(s->pixels);
    g_free(s);
}

void comp_shadow_free(comp *c, comp_shadow *s)
{
    if (!c || !s || !g_ptr_array_remove(c->shadows, s))
        return;
    shadow_destroy(c, s);
}

void comp_own_changed(comp *c, xcb_window_t toplevel)
{
    if (!c || c->stopped)
        return;
    comp_node *n = scene_find(c->scene, toplevel);
    if (n && n->described)
        read_shape(c, n);
}

void comp_set_covered(comp *c, xcb_window_t toplevel, bool covered)
{
    if (!c || c->stopped)
        return;
    comp_node *n = scene_find(c->scene, toplevel);
    if (!n) {
        /* Not heard of yet: its CreateNotify is still on the way. */
        if (covered)
            g_hash_table_add(c->covered_hints, GUINT_TO_POINTER(toplevel));
        else
            g_hash_table_remove(c->covered_hints, GUINT_TO_POINTER(toplevel));
        return;
    }
    if (n->covered == covered)
        return;
    n->covered = covered;
    scene_damage_rect(c->scene, n->x, n->y, n->w + 2 * n->bw, n->h + 2 * n->bw);
}

void comp_set_opaque(comp *c, xcb_window_t toplevel, int x, int y, int w, int h)
{
    if (!c || c->stopped)
        return;
    comp_node *n = scene_find(c->scene, toplevel);
    frame_sync *f =
        n && n->frozen ? g_hash_table_lookup(c->syncs_by_window, GUINT_TO_POINTER(toplevel)) : NULL;
    if (f) {
        f->next_opaque = (pixman_box32_t){x, y, x + MAX(w, 0), y + MAX(h, 0)};
        f->have_next_opaque = true;
        return;
    }
    if (n) {
        if (n->opaque_box.x1 == x && n->opaque_box.y1 == y && n->opaque_box.x2 == x + w &&
            n->opaque_box.y2 == y + h)
            return;
        scene_set_opaque_box(c->scene, n, x, y, w, h);
        scene_damage_rect(c->scene, n->x, n->y, n->w + 2 * n->bw, n->h + 2 * n->bw);
        return;
    }
    /* Not heard of yet: its CreateNotify is still on the way. */
    pixman_box32_t *b = g_new(pixman_box32_t, 1);
    *b = (pixman_box32_t){x, y, x + MAX(w, 0), y + MAX(h, 0)};
    g_hash_table_insert(c->opaque_hints, GUINT_TO_POINTER(toplevel), b);
}

void comp_set_monitors(comp *c, const int (*rects)[4], unsigned count)
{
    if (!c || c->stopped)
        return;
    g_array_set_size(c->monitors, 0);
    for (unsigned i = 0; i < count; i++) {
        pixman_box32_t b = {rects[i][0], rects[i][1], rects[i][0] + rects[i][2],
                            rects[i][1] + rects[i][3]};
        g_array_append_val(c->monitors, b);
    }
}

/* The damage reported since the last frame into the scene, and each
 * window's Damage object emptied (so that it reports again): a request per
 * damaged window, no reply. What is drawn after the subtract reaches purr
 * as a new DamageNotify; what was drawn before it lies inside the box
 * reported, and is painted by requests the server handles after it. */
static void take_damage(comp *c)
{
    for (guint i = 0; i < c->pending->len; i++) {
        comp_node *n = scene_find(c->scene, g_array_index(c->pending, xcb_window_t, i));
        if (!n || !n->damage_pending || !n->damage)
            continue;
        n->damage_pending = false;
        expect(c, xcb_damage_subtract_checked(c->conn, n->damage, XCB_NONE, XCB_NONE));
        if (n->frozen)
            continue; /* a frozen window's picture does not change */
        scene_damage_node(c->scene, n, &n->damage_box, 1);
        count_full_damage(n, &n->damage_box, 1);
    }
    g_array_set_size(c->pending, 0);
}

static gboolean on_frame_timer(gpointer data)
{
    comp *c = data;
    c->frame_timer = 0;
    c->frame_pending = false;
    comp_flush(c);
    return G_SOURCE_REMOVE;
}

/* Wait for the next vblank before painting again. */
static void schedule_next(comp *c)
{
    c->frame_pending = true;
    if (c->present_opcode) {
        xcb_present_notify_msc(c->conn, c->overlay, ++c->msc_serial, 0, 1, 0);
        return;
    }
    c->frame_timer = g_timeout_add(16, on_frame_timer, c);
}

static void fall_back(comp *c, const char *why);

void comp_flush(comp *c)
{
    if (!c || c->stopped || c->frame_pending)
        return;
    if (c->pending->len)
        take_damage(c);
    update_unredirect(c);
    if (!scene_has_damage(c->scene)) {
        if (c->drawn->len)
            send_frames_drawn(c, false);
        return;
    }
    if (c->backend->prepare)
        c->backend->prepare(c, &c->scene->damage);
    scene_plan(c->scene, &c->plan);
    g_autofree char *why = NULL;
    if (!c->backend->paint(c, &c->plan, &why)) {
        fall_back(c, why);
        return;
    }
    c->stats.frames++;
    schedule_next(c);
    send_frames_drawn(c, c->present_opcode != 0);
    xcb_flush(c->conn);
}

/* -- start and stop ------------------------------------------------------- */

static bool have_extension(comp *c, xcb_extension_t *ext, const char *name, char **why)
{
    const xcb_query_extension_reply_t *r = xcb_get_extension_data(c->conn, ext);
    if (r && r->present)
        return true;
    *why = g_strdup_printf("the X server has no %s extension", name);
    return false;
}

static bool check_extensions(comp *c, char **why)
{
    if (!have_extension(c, &xcb_composite_id, "Composite", why) ||
        !have_extension(c, &xcb_damage_id, "DAMAGE", why) ||
        !have_extension(c, &xcb_xfixes_id, "XFIXES", why))
        return false;
    xcb_composite_query_version_reply_t *cv = xcb_composite_query_version_reply(
        c->conn, xcb_composite_query_version(c->conn, 0, 4), NULL);
    bool ok = cv && (cv->major_version > 0 || cv->minor_version >= 3);
    free(cv);
    if (!ok) {
        *why = g_strdup("Composite 0.3 (the overlay window) is missing");
        return false;
    }
    free(xcb_damage_query_version_reply(c->conn, xcb_damage_query_version(c->conn, 1, 1), NULL));
    free(xcb_xfixes_query_version_reply(c->conn, xcb_xfixes_query_version(c->conn, 5, 0), NULL));
    c->damage_event = xcb_get_extension_data(c->conn, &xcb_damage_id)->first_event;
    const xcb_query_extension_reply_t *shape = xcb_get_extension_data(c->conn, &xcb_shape_id);
    if (shape && shape->present)
        c->shape_event = shape->first_event;
    const xcb_query_extension_reply_t *sync = xcb_get_extension_data(c->conn, &xcb_sync_id);
    if (sync && sync->present)
        c->sync_event = sync->first_event;
    const xcb_query_extension_reply_t *present = xcb_get_extension_data(c->conn, &xcb_present_id);
    if (present && present->present) {
        free(xcb_present_query_version_reply(c->conn, xcb_present_query_version(c->conn, 1, 2),
                                             NULL));
        c->present_opcode = present->major_opcode;
    }
    return true;
}

static xcb_window_t selection_owner(comp *c)
{
    xcb_get_selection_owner_reply_t *o =
        xcb_get_selection_owner_reply(c->conn, xcb_get_selection_owner(c->conn, c->cm_atom), NULL);
    xcb_window_t w = o ? o->owner : XCB_NONE;
    free(o);
    return w;
}

static bool window_exists(comp *c, xcb_window_t w)
{
    xcb_get_geometry_reply_t *g =
        xcb_get_geometry_reply(c->conn, xcb_get_geometry(c->conn, w), NULL);
    free(g);
    return g != NULL;
}

/* _NET_WM_CM_Sn: whoever holds it composites the screen. */
static bool take_selection(comp *c, xcb_timestamp_t time, char **why)
{
    g_autofree char *name = g_strdup_printf("_NET_WM_CM_S%d", c->host.screen_number);
    xcb_intern_atom_reply_t *a = xcb_intern_atom_reply(
        c->conn, xcb_intern_atom(c->conn, 0, (uint16_t)strlen(name), name), NULL);
    c->cm_atom = a ? a->atom : XCB_NONE;
    free(a);
    xcb_window_t old = selection_owner(c);
    if (old && !c->host.replace) {
        *why = g_strdup_printf("another compositing manager holds %s (window 0x%x); "
                               "start purr with --replace to take over",
                               name, old);
        return false;
    }
    c->cm_owner = xcb_generate_id(c->conn);
    uint32_t or = 1;
    xcb_create_window(c->conn, XCB_COPY_FROM_PARENT, c->cm_owner, c->root, -1, -1, 1, 1, 0,
                      XCB_WINDOW_CLASS_INPUT_ONLY, XCB_COPY_FROM_PARENT, XCB_CW_OVERRIDE_REDIRECT,
                      & or);
    const char wm_name[] = "purr";
    xcb_change_property(c->conn, XCB_PROP_MODE_REPLACE, c->cm_owner, A(_NET_WM_NAME),
                        A(UTF8_STRING), 8, sizeof wm_name - 1, wm_name);
    xcb_set_selection_owner(c->conn, c->cm_owner, c->cm_atom, time);
    if (selection_owner(c) != c->cm_owner) {
        *why = g_strdup_printf("could not take %s", name);
        return false;
    }
    /* The old compositor should now let go of the windows. */
    for (int i = 0; old && i < 40 && window_exists(c, old); i++)
        g_usleep(50000);
    return true;
}

/* Redirect the root's children; a compositor that ignored the selection
 * may still hold them, so try for a moment. */
static bool redirect(comp *c, char **why)
{
    for (int i = 0; i < 40; i++) {
        xcb_generic_error_t *e =
            xcb_request_check(c->conn, xcb_composite_redirect_subwindows_checked(
                                           c->conn, c->root, XCB_COMPOSITE_REDIRECT_MANUAL));
        if (!e)
            return true;
        free(e);
        if (!c->host.replace)
            break;
        g_usleep(50000);
    }
    *why = g_strdup("another program redirects the windows already (a compositor that "
                    "does not own _NET_WM_CM_S0?)");
    return false;
}

static void setup_overlay(comp *c)
{
    xcb_composite_get_overlay_window_reply_t *o = xcb_composite_get_overlay_window_reply(
        c->conn, xcb_composite_get_overlay_window(c->conn, c->root), NULL);
    c->overlay = o ? o->overlay_win : XCB_NONE;
    free(o);
    /* Clicks go through it to the windows below. */
    xcb_xfixes_region_t empty = xcb_generate_id(c->conn);
    xcb_xfixes_create_region(c->conn, empty, 0, NULL);
    xcb_xfixes_set_window_shape_region(c->conn, c->overlay, XCB_SHAPE_SK_INPUT, 0, 0, empty);
    xcb_xfixes_destroy_region(c->conn, empty);
    uint32_t mask = XCB_EVENT_MASK_EXPOSURE;
    xcb_change_window_attributes(c->conn, c->overlay, XCB_CW_EVENT_MASK, &mask);
    if (c->present_opcode) {
        c->present_eid = xcb_generate_id(c->conn);
        xcb_present_select_input(c->conn, c->present_eid, c->overlay,
                                 XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY);
    }
}

/* The windows already there, bottom to top. */
static void read_tree(comp *c)
{
    xcb_query_tree_reply_t *t =
        xcb_query_tree_reply(c->conn, xcb_query_tree(c->conn, c->root), NULL);
    if (!t)
        return;
    int count = xcb_query_tree_children_length(t);
    xcb_window_t *kids = xcb_query_tree_children(t);
    xcb_get_geometry_cookie_t *geo = g_new(xcb_get_geometry_cookie_t, MAX(count, 1));
    xcb_get_window_attributes_cookie_t *attr =
        g_new(xcb_get_window_attributes_cookie_t, MAX(count, 1));
    for (int i = 0; i < count; i++) {
        geo[i] = xcb_get_geometry(c->conn, kids[i]);
        attr[i] = xcb_get_window_attributes(c->conn, kids[i]);
    }
    for (int i = 0; i < count; i++) {
        xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(c->conn, geo[i], NULL);
        xcb_get_window_attributes_reply_t *a =
            xcb_get_window_attributes_reply(c->conn, attr[i], NULL);
        if (g && a && kids[i] != c->overlay) {
            comp_node *n = add_node(c, kids[i], g->x, g->y, g->width, g->height, g->border_width);
            if (a->map_state != XCB_MAP_STATE_UNMAPPED)
                map_node(c, n);
        }
        free(g);
        free(a);
    }
    g_free(geo);
    g_free(attr);
    free(t);
}

/* Whether to try GL: forced, or chosen by auto (which refuses software
 * renderers; the backend tells). */
static const comp_backend *const gl_chain[] = {&comp_backend_gl, &comp_backend_xrender, NULL};
static const comp_backend *const xrender_chain[] = {&comp_backend_xrender, NULL};
static const comp_backend *const null_chain[] = {&comp_backend_null, NULL};

static void release_all(comp *c)
{
    for (guint i = 0; i < c->scene->stack->len; i++) {
        comp_node *n = c->scene->stack->pdata[i];
        free_pixmap(c, n);
        if (n->damage)
            expect(c, xcb_damage_destroy_checked(c->conn, n->damage));
        n->damage = 0;
        if (n->attr_sequence)
            xcb_discard_reply(c->conn, n->attr_sequence);
        n->attr_sequence = 0;
    }
}

/* The backend's share of every node, then the backend itself. */
static void release_backend(comp *c)
{
    for (guint i = 0; c->scene && i < c->scene->stack->len; i++) {
        comp_node *n = c->scene->stack->pdata[i];
        if (n->priv && c->backend->release)
            c->backend->release(c, n);
        n->priv = NULL;
    }
    for (guint i = 0; c->shadows && i < c->shadows->len; i++)
        shadow_release(c, c->shadows->pdata[i]);
    if (c->backend->finish)
        c->backend->finish(c);
    c->backend = NULL;
}

/* Give everything back to X: the windows are drawn by the server again
 * and another compositor may start. */
static void stop_compositing(comp *c)
{
    if (c->scene)
        release_all(c);
    if (c->backend)
        release_backend(c);
    if (c->overlay) {
        xcb_composite_unredirect_subwindows(c->conn, c->root, XCB_COMPOSITE_REDIRECT_MANUAL);
        xcb_composite_release_overlay_window(c->conn, c->root);
    }
    c->overlay = 0;
    if (c->cm_owner)
        xcb_destroy_window(c->conn, c->cm_owner);
    c->cm_owner = 0;
    if (c->frame_timer)
        g_source_remove(c->frame_timer);
    c->frame_timer = 0;
    if (c->hold_timer)
        g_source_remove(c->hold_timer);
    c->hold_timer = 0;
    if (c->freeze_timer)
        g_source_remove(c->freeze_timer);
    c->freeze_timer = 0;
    if (c->syncs_by_window) {
        GList *all = g_hash_table_get_values(c->syncs_by_window);
        for (GList *l = all; l; l = l->next)
            forget_sync(c, l->data);
        g_list_free(all);
    }
    c->stopped = true;
    xcb_flush(c->conn);
}

/* The backend failed while running (a lost GL context): XRender takes
 * over with everything painted again; when nothing can draw, compositing
 * stops and purr goes on as a plain window manager. */
static void fall_back(comp *c, const char *why)
{
    const comp_backend *next = c->backend == &comp_backend_gl ? &comp_backend_xrender : NULL;
    log_warn("compositor: the %s backend failed: %s", c->backend->name, why);
    release_backend(c);
    g_autofree char *reason = NULL;
    if (next && next->init(c, &reason)) {
        c->backend = next;
        log_info("compositing with the %s backend", next->name);
        scene_damage_all(c->scene);
        return;
    }
    if (next)
        log_warn("compositor: %s cannot start either: %s", next->name, reason);
    log_warn("not compositing any more");
    stop_compositing(c);
}

/* Undo what start did so far. */
static void teardown(comp *c)
{
    stop_compositing(c);
    scene_free(c->scene);
    scene_plan_clear(&c->plan);
    if (c->pending)
        g_array_free(c->pending, TRUE);
    if (c->monitors)
        g_array_free(c->monitors, TRUE);
    if (c->opaque_hints)
        g_hash_table_destroy(c->opaque_hints);
    if (c->covered_hints)
        g_hash_table_destroy(c->covered_hints);
    if (c->shadows) {
        /* Their owner let go of them before (theme_finish); any left go
         * now (the backend let go of its part in stop_compositing). */
        for (guint i = 0; i < c->shadows->len; i++) {
            comp_shadow *sh = c->shadows->pdata[i];
            g_free(sh->pixels);
            g_free(sh);
        }
        g_ptr_array_free(c->shadows, TRUE);
    }
    if (c->syncs_by_window) {
        g_hash_table_destroy(c->syncs_by_alarm);
        g_hash_table_destroy(c->syncs_by_window);
        g_ptr_array_free(c->drawn, TRUE);
        g_ptr_array_free(c->timings, TRUE);
    }
    xcb_flush(c->conn);
    g_free(c);
}

comp *comp_start(const comp_host *h, enum comp_mode mode, xcb_timestamp_t time)
{
    if (mode == COMP_NONE) {
        log_info("compositing is off (--compositor=none)");
        return NULL;
    }
    comp *c = g_new0(comp, 1);
    c->host = *h;
    c->mode = mode;
    c->conn = h->conn;
    c->screen = h->screen;
    c->root = h->screen->root;
    const xcb_setup_t *setup = xcb_get_setup(c->conn);
    c->own_base = setup->resource_id_base;
    c->own_mask = setup->resource_id_mask;
    c->pending = g_array_new(FALSE, FALSE, sizeof(xcb_window_t));
    c->monitors = g_array_new(FALSE, FALSE, sizeof(pixman_box32_t));
    c->opaque_hints = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    c->covered_hints = g_hash_table_new(g_direct_hash, g_direct_equal);
    c->shadows = g_ptr_array_new();
    c->syncs_by_alarm = g_hash_table_new(g_direct_hash, g_direct_equal);
    c->syncs_by_window = g_hash_table_new(g_direct_hash, g_direct_equal);
    c->drawn = g_ptr_array_new();
    c->timings = g_ptr_array_new();
    c->refresh_us = 16667;
    scene_plan_init(&c->plan);
    g_autofree char *why = NULL;
    if (!check_extensions(c, &why) || !take_selection(c, time, &why) || !redirect(c, &why)) {
        log_warn("not compositing: %s", why);
        teardown(c);
        return NULL;
    }
    c->scene = scene_new(c->screen->width_in_pixels, c->screen->height_in_pixels);
    setup_overlay(c);
    read_root_pixmap(c);

    const comp_backend *const *chain = mode == COMP_NULL      ? null_chain
                                       : mode == COMP_XRENDER ? xrender_chain
                                                              : gl_chain;
    for (; *chain; chain++) {
        g_clear_pointer(&why, g_free);
        c->backend = *chain;
        if (c->backend->init(c, &why))
            break;
        log_info("compositor: %s backend not used: %s", c->backend->name, why);
        c->backend = NULL;
    }
    if (!c->backend) {
        log_warn("not compositing: no backend works");
        teardown(c);
        return NULL;
    }
    read_tree(c);
    scene_damage_all(c->scene);
    log_info("compositing with the %s backend", c->backend->name);
    return c;
}

void comp_stop(comp *c)
{
    if (!c)
        return;
    log_info("compositor: %" G_GUINT64_FORMAT " frames, %" G_GUINT64_FORMAT
             " vblanks, %" G_GUINT64_FORMAT " damage events",
             c->stats.frames, c->stats.vblanks, c->stats.damage);
    c->exiting = true;
    teardown(c);
}
