/*
 * Stacking. m->stack keeps the order the user (and clients) asked for; the
 * order X gets is computed from it: windows sorted by layer, stable, and
 * every transient placed right above its parent (a group transient right
 * above the topmost window of its group), recursively.
 */
#include "wm/wm.h"

static void move_to(GPtrArray *a, wm_client *c, guint index)
{
    g_ptr_array_remove(a, c);
    if (index > a->len)
        index = a->len;
    g_ptr_array_insert(a, (gint)index, c);
}

static guint index_of(GPtrArray *a, const wm_client *c)
{
    guint i = 0;
    return g_ptr_array_find(a, c, &i) ? i : a->len;
}

static bool is_group_transient(const wm_client *c);

void stack_raise(wm *m, wm_client *c)
{
    /* A dialog for a whole group comes up with its group, since it is
     * shown right above the group's topmost window. */
    if (is_group_transient(c)) {
        GPtrArray *group = g_ptr_array_new();
        for (guint i = 0; i < m->stack->len; i++) {
            wm_client *o = m->stack->pdata[i];
            if (o != c && o->leader == c->leader && !is_group_transient(o))
                g_ptr_array_add(group, o);
        }
        for (guint i = 0; i < group->len; i++)
            move_to(m->stack, group->pdata[i], m->stack->len);
        g_ptr_array_free(group, TRUE);
    }
    /* Raise the whole chain from the topmost ancestor down, so a dialog
     * comes up with its parent (chains are loop-free: client.c). */
    GPtrArray *chain = g_ptr_array_new();
    for (wm_client *p = c; p; p = p->transient_for)
        g_ptr_array_add(chain, p);
    for (guint i = chain->len; i-- > 0;)
        move_to(m->stack, chain->pdata[i], m->stack->len);
    g_ptr_array_free(chain, TRUE);
    wm_mark(m, WM_DIRTY_STACK);
}

void stack_lower(wm *m, wm_client *c)
{
    move_to(m->stack, c, 0);
    wm_mark(m, WM_DIRTY_STACK);
}

/* Is a visible window that overlaps c shown above it (below it, with
 * above false)? With sibling, only that window counts. Judged by the
 * order X shows, not the user's order. */
static bool occluded_by(const wm *m, const wm_client *c, const wm_client *sibling, bool above)
{
    GPtrArray *shown = g_ptr_array_new();
    stack_compute(m, shown);
    guint ci = index_of(shown, c);
    bool hit = false;
    for (guint i = 0; i < shown->len && !hit; i++) {
        wm_client *o = shown->pdata[i];
        if (o == c || (sibling && o != sibling) || !client_visible(m, o))
            continue;
        hit = (above ? i > ci : i < ci) &&
              rect_intersects(client_frame_rect(m, c), client_frame_rect(m, o));
    }
    g_ptr_array_free(shown, TRUE);
    return hit;
}

/* Put c right above (or below) sibling in the user's order. */
static void place_next_to(GPtrArray *a, wm_client *c, wm_client *sibling, bool above)
{
    g_ptr_array_remove(a, c);
    g_ptr_array_insert(a, (gint)(index_of(a, sibling) + (above ? 1 : 0)), c);
}

void stack_restack(wm *m, wm_client *c, wm_client *sibling, enum wm_stack_mode mode)
{
    if (sibling == c)
        sibling = NULL;
    switch (mode) {
    case WM_ABOVE:
        if (sibling)
            place_next_to(m->stack, c, sibling, true);
        else
            stack_raise(m, c);
        break;
    case WM_BELOW:
        if (sibling)
            place_next_to(m->stack, c, sibling, false);
        else
            stack_lower(m, c);
        break;
    case WM_TOP_IF:
        if (occluded_by(m, c, sibling, true))
            stack_raise(m, c);
        break;
    case WM_BOTTOM_IF:
        if (occluded_by(m, c, sibling, false))
            stack_lower(m, c);
        break;
    case WM_OPPOSITE:
        if (occluded_by(m, c, sibling, true))
            stack_raise(m, c);
        else if (occluded_by(m, c, sibling, false))
            stack_lower(m, c);
        break;
    }
    wm_mark(m, WM_DIRTY_STACK);
}

static bool is_group_transient(const wm_client *c)
{
    return c->group_transient && c->leader != 0 && !c->transient_for;
}

/* The transients of each group's windows, in the user's order, so that
 * placing a window with its transients costs what it places, not a walk
 * of the whole stack. */
typedef struct stack_walk {
    GHashTable *kids; /* wm_group * (of transient_for) -> GPtrArray of wm_client *; or NULL */
} stack_walk;

static void stack_walk_init(stack_walk *w, const wm *m)
{
    w->kids = NULL;
    for (guint i = 0; i < m->stack->len; i++) {
        wm_client *t = m->stack->pdata[i];
        if (!t->transient_for)
            continue;
        if (!w->kids)
            w->kids = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify)g_ptr_array_unref);
        GPtrArray *list = g_hash_table_lookup(w->kids, t->transient_for->group);
        if (!list) {
            list = g_ptr_array_new();
            g_hash_table_insert(w->kids, t->transient_for->group, list);
        }
        g_ptr_array_add(list, t);
    }
}

static void stack_walk_clear(stack_walk *w)
{
    if (w->kids)
        g_hash_table_destroy(w->kids);
}

/* c, then its transients right above it, recursively; transient chains
 * are loop-free (client_resolve_transient), so this ends. The tab a group
 * shows carries the transients of all its tabs. */
static void place_with_transients(const stack_walk *w, wm_client *c, GPtrArray *out)
{
    /* A group's hidden tabs right under the tab it shows, in tab order. */
    const wm_group *g = c->group;
    if (g->current == c)
        for (guint i = 0; i < g->clients->len; i++)
            if (g->clients->pdata[i] != c)
                g_ptr_array_add(out, g->clients->pdata[i]);
    g_ptr_array_add(out, c);
    GPtrArray *kids = w->kids ? g_hash_table_lookup(w->kids, g) : NULL;
    for (guint i = 0; kids && i < kids->len; i++) {
        wm_client *t = kids->pdata[i];
        if (t->transient_for == c || g->current == c)
            place_with_transients(w, t, out);
    }
}

void stack_compute(const wm *m, GPtrArray *out)
{
    g_ptr_array_set_size(out, 0);
    stack_walk w;
    stack_walk_init(&w, m);
    /* Each window's layer once (the rest are placed with their parent or
     * group), then the layers bottom to top, each in the user's order. */
    guint8 *layer = g_new(guint8, m->stack->len ? m->stack->len : 1);
    for (guint i = 0; i < m->stack->len; i++) {
        wm_client *c = m->stack->pdata[i];
        bool placed_by_other = c->transient_for || is_group_transient(c) || client_hidden_tab(c);
        layer[i] = placed_by_other ? WM_LAYER_COUNT : (guint8)client_layer(m, c);
    }
    for (guint8 l = 0; l < WM_LAYER_COUNT; l++)
        for (guint i = 0; i < m->stack->len; i++)
            if (layer[i] == l)
                place_with_transients(&w, m->stack->pdata[i], out);
    g_free(layer);
    /* Group transients: above the topmost window of their group, or on top
     * of their own layer when the group has no other window. */
    for (guint i = 0; i < m->stack->len; i++) {
        wm_client *g = m->stack->pdata[i];
        if (!is_group_transient(g))
            continue;
        guint at = 0;
        bool found = false;
        /* Above the group's topmost window, and above the group
         * transients (with their dialogs) placed before this one. */
        for (guint j = 0; j < out->len; j++) {
            const wm_client *o = out->pdata[j];
            while (o->transient_for)
                o = o->transient_for;
            if (o->leader == g->leader) {
                at = j + 1;
                found = true;
            }
        }
        if (!found) {
            at = out->len;
            for (guint j = 0; j < out->len; j++)
                if (client_layer(m, out->pdata[j]) > client_layer(m, g)) {
                    at = j;
                    break;
                }
        }
        /* Keep the group transient's own transients right above it. */
        GPtrArray *sub = g_ptr_array_new();
        place_with_transients(&w, g, sub);
        for (guint k = 0; k < sub->len; k++) {
            g_ptr_array_remove(out, sub->pdata[k]);
            if (at > out->len)
                at = out->len;
            g_ptr_array_insert(out, (gint)at++, sub->pdata[k]);
        }
        g_ptr_array_free(sub, TRUE);
    }
    stack_walk_clear(&w);
}
