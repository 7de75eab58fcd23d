/*
 * The null backend: the whole pipeline (redirection, damage, plans, named
 * pixmaps) with nothing drawn, so integration tests exercise the
 * compositor without pixels and without a GPU.
 */
#include "comp/comp-private.h"

static bool null_init(comp *c, char **why)
{
    return true;
}

static bool null_paint(comp *c, const comp_plan *p, char **why)
{
    for (guint i = 0; i < p->items->len; i++)
        comp_node_pixmap(c, g_array_index(p->items, comp_paint, i).node);
    return true;
}

const comp_backend comp_backend_null = {
    .name = "null",
    .init = null_init,
    .paint = null_paint,
};
