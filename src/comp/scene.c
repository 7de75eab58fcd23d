/*
 * The compositor's scene: see scene.h. Regions are pixman's.
 */
#include "comp/scene.h"

#include <limits.h>

comp_scene *scene_new(int width, int height)
{
    comp_scene *s = g_new0(comp_scene, 1);
    s->stack = g_ptr_array_new();
    s->nodes = g_hash_table_new(g_direct_hash, g_direct_equal);
    pixman_region32_init(&s->damage);
    scene_resize(s, width, height);
    return s;
}

static void node_free(comp_node *n)
{
    pixman_region32_fini(&n->shape);
    g_free(n);
}

void scene_free(comp_scene *s)
{
    if (!s)
        return;
    for (guint i = 0; i < s->stack->len; i++)
        node_free(s->stack->pdata[i]);
    g_ptr_array_free(s->stack, TRUE);
    g_hash_table_destroy(s->nodes);
    pixman_region32_fini(&s->damage);
    g_free(s);
}

void scene_resize(comp_scene *s, int width, int height)
{
    s->width = width;
    s->height = height;
    scene_damage_all(s);
}

comp_node *scene_find(const comp_scene *s, uint32_t id)
{
    return g_hash_table_lookup(s->nodes, GUINT_TO_POINTER(id));
}

static int clamp_size(int v)
{
    return CLAMP(v, 0, 32767);
}

comp_node *scene_add(comp_scene *s, uint32_t id, int x, int y, int w, int h, int bw)
{
    comp_node *n = scene_find(s, id);
    if (n)
        return n;
    n = g_new0(comp_node, 1);
    n->id = id;
    n->x = x;
    n->y = y;
    n->w = clamp_size(w);
    n->h = clamp_size(h);
    n->bw = clamp_size(bw);
    n->opacity = COMP_OPAQUE;
    pixman_region32_init(&n->shape);
    g_ptr_array_add(s->stack, n);
    g_hash_table_insert(s->nodes, GUINT_TO_POINTER(id), n);
    return n;
}

bool scene_node_visible(const comp_node *n)
{
    return n->mapped && !n->input_only && !n->held && !n->covered && n->opacity > 0 &&
           n->w + 2 * n->bw > 0 && n->h + 2 * n->bw > 0;
}

bool scene_node_opaque(const comp_node *n)
{
    return !n->argb && n->opacity == COMP_OPAQUE;
}

void scene_node_region(const comp_node *n, pixman_region32_t *out)
{
    int w = n->w + 2 * n->bw, h = n->h + 2 * n->bw;
    if (n->shaped) {
        pixman_region32_copy(out, (pixman_region32_t *)&n->shape);
        pixman_region32_intersect_rect(out, out, 0, 0, (unsigned)w, (unsigned)h);
        pixman_region32_translate(out, n->x, n->y);
    } else {
        pixman_region32_fini(out);
        pixman_region32_init_rect(out, n->x, n->y, (unsigned)w, (unsigned)h);
    }
}

static void damage_node_extents(comp_scene *s, const comp_node *n);

void scene_node_extents(const comp_node *n, pixman_region32_t *out)
{
    scene_node_region(n, out);
    const scene_shadow *sh = n->shadow;
    if (!sh)
        return;
    int w = n->w + 2 * n->bw, h = n->h + 2 * n->bw;
    pixman_region32_union_rect(out, out, n->x - sh->left, n->y - sh->top,
                               (unsigned)(w + sh->left + sh->right),
                               (unsigned)(h + sh->top + sh->bottom));
}

void scene_set_shadow(comp_scene *s, comp_node *n, const scene_shadow *shadow)
{
    if (n->shadow == shadow)
        return;
    damage_node_extents(s, n);
    n->shadow = shadow;
    damage_node_extents(s, n);
}

/* One axis of a nine-slice: the window's size along it, the image's, and
 * the margins; the three segments (before, middle, after) as start and
 * end in window coordinates and the image's coordinate at the start. */
static void shadow_axis(int size, int image, int before, int after, int seg[3][3])
{
    int box = MAX(image - before - after, 1);
    int keep_a = MIN(box / 2, (size + 1) / 2), keep_b = MIN(box - box / 2 - 1, size / 2);
    seg[0][0] = -before;
    seg[0][1] = keep_a;
    seg[0][2] = 0;
    seg[1][0] = keep_a;
    seg[1][1] = size - keep_b;
    seg[1][2] = before + box / 2;
    seg[2][0] = size - keep_b;
    seg[2][1] = size + after;
    seg[2][2] = image - after - keep_b;
}

int scene_shadow_pieces(const comp_node *n, scene_shadow_piece out[8])
{
    const scene_shadow *sh = n->shadow;
    if (!sh)
        return 0;
    int cols[3][3], rows[3][3];
    shadow_axis(n->w + 2 * n->bw, sh->width, sh->left, sh->right, cols);
    shadow_axis(n->h + 2 * n->bw, sh->height, sh->top, sh->bottom, rows);
    int count = 0;
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 3; i++) {
            if ((i == 1 && j == 1) || cols[i][1] <= cols[i][0] || rows[j][1] <= rows[j][0])
                continue; /* the middle is under the window */
            out[count++] = (scene_shadow_piece){
                .dst = {n->x + cols[i][0], n->y + rows[j][0], n->x + cols[i][1], n->y + rows[j][1]},
                .sx = cols[i][2],
                .sy = rows[j][2],
                .stretch_x = i == 1,
                .stretch_y = j == 1,
            };
        }
    }
    return count;
}

void scene_node_opaque_region(const comp_node *n, pixman_region32_t *out)
{
    if (n->opacity != COMP_OPAQUE) {
        pixman_region32_clear(out);
        return;
    }
    scene_node_region(n, out);
    if (!n->argb)
        return;
    pixman_box32_t b = n->opaque_box;
    pixman_region32_intersect_rect(out, out, n->x + b.x1, n->y + b.y1,
                                   (unsigned)MAX(b.x2 - b.x1, 0), (unsigned)MAX(b.y2 - b.y1, 0));
}

void scene_set_opaque_box(comp_scene *s, comp_node *n, int x, int y, int w, int h)
{
    pixman_box32_t b = {x, y, x + MAX(w, 0), y + MAX(h, 0)};
    n->opaque_box = b;
}

/* What a visible node shows is damaged (before a change to it). */
static void damage_node_extents(comp_scene *s, const comp_node *n)
{
    if (!scene_node_visible(n))
        return;
    pixman_region32_t r;
    pixman_region32_init(&r);
    scene_node_extents(n, &r);
    pixman_region32_union(&s->damage, &s->damage, &r);
    pixman_region32_fini(&r);
}

static guint index_of(const comp_scene *s, const comp_node *n)
{
    guint i;
    g_ptr_array_find(s->stack, n, &i);
    return i;
}

void scene_remove(comp_scene *s, comp_node *n)
{
    damage_node_extents(s, n);
    g_ptr_array_remove_index(s->stack, index_of(s, n));
    g_hash_table_remove(s->nodes, GUINT_TO_POINTER(n->id));
    node_free(n);
}

/* Move n right above `above` (0 or unknown: to the bottom). */
static void restack(comp_scene *s, comp_node *n, uint32_t above)
{
    guint from = index_of(s, n);
    g_ptr_array_remove_index(s->stack, from);
    comp_node *a = above ? scene_find(s, above) : NULL;
    guint to = a ? index_of(s, a) + 1 : 0;
    g_ptr_array_insert(s->stack, (gint)to, n);
    if (to != from)
        damage_node_extents(s, n);
}

void scene_configure(comp_scene *s, comp_node *n, int x, int y, int w, int h, int bw,
                     uint32_t above)
{
    scene_set_geometry(s, n, x, y, w, h, bw);
    restack(s, n, above);
}

void scene_restack(comp_scene *s, comp_node *n, uint32_t above)
{
    restack(s, n, above);
}

void scene_set_geometry(comp_scene *s, comp_node *n, int x, int y, int w, int h, int bw)
{
    w = clamp_size(w);
    h = clamp_size(h);
    bw = clamp_size(bw);
    if (n->x != x || n->y != y || n->w != w || n->h != h || n->bw != bw) {
        damage_node_extents(s, n);
        if (n->w != w || n->h != h || n->bw != bw)
            n->content_damaged = true; /* a new pixmap */
        n->x = x;
        n->y = y;
        n->w = w;
        n->h = h;
        n->bw = bw;
        damage_node_extents(s, n);
    }
}

void scene_circulate(comp_scene *s, comp_node *n, bool top)
{
    guint from = index_of(s, n);
    g_ptr_array_remove_index(s->stack, from);
    if (top)
        g_ptr_array_add(s->stack, n);
    else
        g_ptr_array_insert(s->stack, 0, n);
    if (index_of(s, n) != from)
        damage_node_extents(s, n);
}

void scene_set_mapped(comp_scene *s, comp_node *n, bool mapped)
{
    if (n->mapped == mapped)
        return;
    damage_node_extents(s, n);
    n->mapped = mapped;
    n->content_damaged = true;
    damage_node_extents(s, n);
}

void scene_set_opacity(comp_scene *s, comp_node *n, uint32_t opacity)
{
    if (n->opacity == opacity)
        return;
    damage_node_extents(s, n);
    n->opacity = opacity;
    damage_node_extents(s, n);
}

void scene_set_shape(comp_scene *s, comp_node *n, const pixman_box32_t *boxes, int count)
{
    if (n->shaped && count > 0) {
        pixman_region32_t r;
        pixman_region32_init_rects(&r, boxes, count);
        bool same = pixman_region32_equal(&r, &n->shape);
        pixman_region32_fini(&r);
        if (same)
            return;
    }
    damage_node_extents(s, n);
    n->shaped = count >= 0;
    pixman_region32_fini(&n->shape);
    if (count > 0)
        pixman_region32_init_rects(&n->shape, boxes, count);
    else
        pixman_region32_init(&n->shape);
    damage_node_extents(s, n);
}

void scene_damage_rect(comp_scene *s, int x, int y, int w, int h)
{
    if (w <= 0 || h <= 0)
        return;
    pixman_region32_union_rect(&s->damage, &s->damage, x, y, (unsigned)w, (unsigned)h);
}

void scene_damage_all(comp_scene *s)
{
    scene_damage_rect(s, 0, 0, s->width, s->height);
}

void scene_damage_node(comp_scene *s, comp_node *n, const pixman_box32_t *boxes, int count)
{
    n->content_damaged = true;
    if (!scene_node_visible(n) || count <= 0)
        return;
    pixman_region32_t r, extents;
    pixman_region32_init_rects(&r, boxes, count);
    pixman_region32_translate(&r, n->x, n->y);
    pixman_region32_init(&extents);
    scene_node_region(n, &extents);
    pixman_region32_intersect(&r, &r, &extents);
    pixman_region32_union(&s->damage, &s->damage, &r);
    pixman_region32_fini(&extents);
    pixman_region32_fini(&r);
}

bool scene_has_damage(const comp_scene *s)
{
    return pixman_region32_not_empty((pixman_region32_t *)&s->damage);
}

void scene_plan_init(comp_plan *p)
{
    pixman_region32_init(&p->damage);
    pixman_region32_init(&p->background);
    p->items = g_array_new(FALSE, FALSE, sizeof(comp_paint));
}

static void plan_reset(comp_plan *p)
{
    for (guint i = 0; i < p->items->len; i++) {
        pixman_region32_fini(&g_array_index(p->items, comp_paint, i).clip);
        pixman_region32_fini(&g_array_index(p->items, comp_paint, i).solid);
        pixman_region32_fini(&g_array_index(p->items, comp_paint, i).blend);
        pixman_region32_fini(&g_array_index(p->items, comp_paint, i).shadow);
    }
    g_array_set_size(p->items, 0);
}

void scene_plan_clear(comp_plan *p)
{
    plan_reset(p);
    g_array_free(p->items, TRUE);
    pixman_region32_fini(&p->damage);
    pixman_region32_fini(&p->background);
}

void scene_plan(comp_scene *s, comp_plan *p)
{
    plan_reset(p);
    pixman_region32_intersect_rect(&p->damage, &s->damage, 0, 0, (unsigned)MAX(s->width, 0),
                                   (unsigned)MAX(s->height, 0));
    pixman_region32_clear(&s->damage);

    /* Top down: each window gets what is damaged and not yet hidden by an
     * opaque window above it; an opaque window then hides its own area. */
    pixman_region32_t left, r, all;
    pixman_region32_init(&left);
    pixman_region32_copy(&left, &p->damage);
    pixman_region32_init(&r);
    pixman_region32_init(&all);
    guint first = p->items->len;
    for (guint i = s->stack->len; i-- > 0;) {
        if (!pixman_region32_not_empty(&left))
            break; /* all hidden below here */
        comp_node *n = s->stack->pdata[i];
        if (!scene_node_visible(n))
            continue;
        scene_node_region(n, &r);
        pixman_region32_intersect(&r, &r, &left);
        if (n->unredirected) {
            /* X shows it through a hole in the overlay. */
            pixman_region32_subtract(&left, &left, &r);
            continue;
        }
        comp_paint item = {.node = n};
        /* The shadow shows where the window does not, and blends. */
        pixman_region32_init(&item.shadow);
        if (n->shadow) {
            scene_node_extents(n, &all);
            pixman_region32_intersect(&all, &all, &left);
            pixman_region32_subtract(&item.shadow, &all, &r);
        }
        if (!pixman_region32_not_empty(&r) && !pixman_region32_not_empty(&item.shadow)) {
            pixman_region32_fini(&item.shadow);
            continue;
        }
        pixman_region32_init(&item.clip);
        pixman_region32_copy(&item.clip, &r);
        pixman_region32_init(&item.solid);
        if (scene_node_opaque(n)) {
            pixman_region32_copy(&item.solid, &r);
        } else if (n->argb) {
            scene_node_opaque_region(n, &item.solid);
            pixman_region32_intersect(&item.solid, &item.solid, &r);
        }
        pixman_region32_init(&item.blend);
        pixman_region32_subtract(&item.blend, &r, &item.solid);
        pixman_region32_subtract(&left, &left, &item.solid);
        g_array_append_val(p->items, item);
    }
    pixman_region32_copy(&p->background, &left);
    pixman_region32_fini(&left);
    pixman_region32_fini(&r);
    pixman_region32_fini(&all);
    /* Backends paint bottom to top. */
    for (guint a = first, b = p->items->len; a + 1 < b; a++, b--) {
        comp_paint t = g_array_index(p->items, comp_paint, a);
        g_array_index(p->items, comp_paint, a) = g_array_index(p->items, comp_paint, b - 1);
        g_array_index(p->items, comp_paint, b - 1) = t;
    }
}
