/*
 * Frame geometry: the button-layout parser and where each part of a frame
 * goes for a width. Everything is integer arithmetic on the theme's sizes;
 * the contract, including what happens when things do not fit, is in
 * layout.h. The layout is computed left to right and mirrored at the end
 * for right-to-left, so there is one packing path.
 */
#include "decor/layout.h"

#include <glib.h>
#include <math.h>
#include <string.h>

static const struct {
    const char *name;
    enum decor_button kind;
} names[] = {
    {"close", DECOR_BUTTON_CLOSE},       {"maximize", DECOR_BUTTON_MAXIMIZE},
    {"minimize", DECOR_BUTTON_MINIMIZE}, {"menu", DECOR_BUTTON_MENU},
    {"appmenu", DECOR_BUTTON_MENU},      {"icon", DECOR_BUTTON_ICON},
    {"spacer", DECOR_BUTTON_SPACER},
};

const char *decor_button_name(enum decor_button b)
{
    /* The first name of a kind is its own ("menu", not "appmenu"). */
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
        if (names[i].kind == b)
            return names[i].name;
    return NULL;
}

static enum decor_button button_from_name(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
        if (strcmp(names[i].name, name) == 0)
            return names[i].kind;
    return DECOR_BUTTON_NONE;
}

static bool clamp(int *v, int max)
{
    int was = *v;
    *v = CLAMP(was, 0, max);
    return *v != was;
}

bool decor_metrics_clamp(decor_metrics *m)
{
    int *borders[] = {&m->border.left, &m->border.right, &m->border.top, &m->border.bottom,
                      &m->pad_left,    &m->pad_right,    &m->pad_top,    &m->pad_bottom};
    int *strip[] = {&m->title_height, &m->button_w,  &m->button_h,
                    &m->spacing,      &m->icon_size, &m->tab_height};
    bool clamped = false;
    for (size_t i = 0; i < G_N_ELEMENTS(borders); i++)
        clamped |= clamp(borders[i], DECOR_MAX_BORDER);
    for (size_t i = 0; i < G_N_ELEMENTS(strip); i++)
        clamped |= clamp(strip[i], DECOR_MAX_STRIP);
    return clamped;
}

static bool parse_side(char *text, enum decor_button *side, int *n)
{
    bool ok = true;
    g_auto(GStrv) parts = g_strsplit(text, ",", -1);
    for (char **p = parts; *p; p++) {
        const char *name = g_strstrip(*p);
        if (!*name)
            continue;
        enum decor_button b = button_from_name(name);
        if (b == DECOR_BUTTON_NONE || *n == DECOR_MAX_BUTTONS) {
            ok = false;
            continue;
        }
        side[(*n)++] = b;
    }
    return ok;
}

bool decor_parse_button_layout(const char *text, decor_button_layout *out)
{
    memset(out, 0, sizeof *out);
    g_autofree char *copy = g_strdup(text ? text : DECOR_DEFAULT_BUTTON_LAYOUT);
    /* Only the first ':' splits: another one is part of a (bad) name. */
    char *colon = strchr(copy, ':');
    if (colon)
        *colon = '\0';
    bool ok = parse_side(copy, out->left, &out->n_left);
    if (colon && !parse_side(colon + 1, out->right, &out->n_right))
        ok = false;
    return ok;
}

/* A button of a group while it is being packed. */
typedef struct item {
    enum decor_button kind;
    int w, h;
    int rank; /* lower is dropped first */
    int dist; /* from the title, in places: lower is dropped first */
    bool kept;
} item;

typedef struct group {
    item items[DECOR_MAX_BUTTONS];
    int n;
} group;

static int drop_rank(enum decor_button b)
{
    switch (b) {
    case DECOR_BUTTON_MENU:
    case DECOR_BUTTON_ICON:
        return 1;
    case DECOR_BUTTON_MINIMIZE:
        return 2;
    case DECOR_BUTTON_MAXIMIZE:
        return 3;
    case DECOR_BUTTON_CLOSE:
        return 4;
    default: /* spacers */
        return 0;
    }
}

static bool shows(enum decor_button b, unsigned allowed)
{
    switch (b) {
    case DECOR_BUTTON_CLOSE:
        return allowed & WM_ACTION_CLOSE;
    case DECOR_BUTTON_MAXIMIZE:
        return allowed & (WM_ACTION_MAXIMIZE_HORZ | WM_ACTION_MAXIMIZE_VERT);
    case DECOR_BUTTON_MINIMIZE:
        return allowed & WM_ACTION_MINIMIZE;
    case DECOR_BUTTON_MENU:
    case DECOR_BUTTON_ICON:
    case DECOR_BUTTON_SPACER:
        return true;
    default:
        return false;
    }
}

/* The group's buttons that show, sized. left says which end of the list
 * is nearest the title. */
static void group_fill(group *g, const enum decor_button *kinds, int n, bool left,
                       const decor_metrics *m, unsigned allowed)
{
    g->n = 0;
    n = CLAMP(n, 0, DECOR_MAX_BUTTONS);
    for (int i = 0; i < n; i++) {
        if (!shows(kinds[i], allowed))
            continue;
        item *it = &g->items[g->n++];
        it->kind = kinds[i];
        it->rank = drop_rank(kinds[i]);
        it->dist = left ? n - 1 - i : i;
        it->kept = true;
        if (it->kind == DECOR_BUTTON_SPACER) {
            it->w = m->button_w / 2;
            it->h = 0;
        } else if (it->kind == DECOR_BUTTON_ICON) {
            it->w = it->h = MIN(m->icon_size, m->title_height);
        } else {
            it->w = m->button_w;
            it->h = MIN(m->button_h, m->title_height);
        }
    }
}

/* Width of the kept buttons with the spacing between them, and how many. */
static int group_width(const group *g, int spacing, int *count)
{
    int wsum = 0, k = 0;
    for (int i = 0; i < g->n; i++) {
        if (!g->items[i].kept)
            continue;
        wsum += g->items[i].w + (k ? spacing : 0);
        k++;
    }
    *count = k;
    return wsum;
}

/* What both groups need, with the spacing each puts against the title. */
static int needed_width(const group *l, const group *r, int spacing)
{
    int nl, nr;
    int wl = group_width(l, spacing, &nl);
    int wr = group_width(r, spacing, &nr);
    return wl + wr + (nl ? spacing : 0) + (nr ? spacing : 0);
}

/* The kept button to drop next, or NULL when none is left. */
static item *next_to_drop(group *l, group *r)
{
    item *victim = NULL;
    group *groups[] = {l, r};
    for (size_t gi = 0; gi < G_N_ELEMENTS(groups); gi++) {
        for (int i = 0; i < groups[gi]->n; i++) {
            item *it = &groups[gi]->items[i];
            if (!it->kept)
                continue;
            if (!victim || it->rank < victim->rank ||
                (it->rank == victim->rank && it->dist < victim->dist))
                victim = it;
        }
    }
    return victim;
}

static int clamp0(int v)
{
    return MAX(v, 0);
}

static wm_rect mirror(wm_rect r, wm_rect strip)
{
    r.x = 2 * strip.x + strip.w - r.x - r.w;
    return r;
}

void decor_layout_compute(const decor_metrics *metrics, const decor_button_layout *bl, int w,
                          unsigned allowed, bool rtl, decor_layout *out)
{
    memset(out, 0, sizeof *out);
    decor_metrics m = *metrics;
    m.border.left = clamp0(m.border.left);
    m.border.right = clamp0(m.border.right);
    m.border.top = clamp0(m.border.top);
    m.border.bottom = clamp0(m.border.bottom);
    m.title_height = clamp0(m.title_height);
    m.pad_left = clamp0(m.pad_left);
    m.pad_right = clamp0(m.pad_right);
    m.pad_top = clamp0(m.pad_top);
    m.pad_bottom = clamp0(m.pad_bottom);
    m.button_w = clamp0(m.button_w);
    m.button_h = clamp0(m.button_h);
    m.spacing = clamp0(m.spacing);
    m.icon_size = clamp0(m.icon_size);
    m.tab_height = clamp0(m.tab_height);
    w = clamp0(w);

    out->extents = (wm_extents){m.border.left, m.border.right,
                                m.border.top + m.title_height + m.tab_height, m.border.bottom};
    /* A frame narrower than its borders still keeps the strip inside it. */
    wm_rect strip = {MIN(m.border.left, w), m.border.top,
                     clamp0(w - m.border.left - m.border.right), m.title_height};
    out->strip = strip;
    if (m.tab_height > 0)
        out->tabs = (wm_rect){strip.x, strip.y + strip.h, strip.w, m.tab_height};

    int inner_x = strip.x + m.pad_left;
    int inner_w = strip.w - m.pad_left - m.pad_right; /* may be negative */
    int inner_y = strip.y + MIN(m.pad_top, strip.h);
    int inner_h = clamp0(strip.h - m.pad_top - m.pad_bottom);

    group left = {0}, right = {0};
    if (strip.h > 0) {
        group_fill(&left, bl->left, bl->n_left, true, &m, allowed);
        group_fill(&right, bl->right, bl->n_right, false, &m, allowed);
    }
    while (needed_width(&left, &right, m.spacing) > inner_w) {
        item *victim = next_to_drop(&left, &right);
        if (!victim)
            break;
        victim->kept = false;
    }

    int x = inner_x;
    for (int i = 0; i < left.n; i++) {
        const item *it = &left.items[i];
        if (!it->kept)
            continue;
        if (it->kind != DECOR_BUTTON_SPACER)
            out->buttons[out->n_buttons++] = (decor_rect_button){it->kind, {x, 0, it->w, it->h}};
        x += it->w + m.spacing;
    }
    int title_x = x;

    /* The right group is packed from the right edge, so its buttons are
     * placed last to first and then put in layout order. */
    int first_right = out->n_buttons;
    x = inner_x + inner_w;
    for (int i = right.n - 1; i >= 0; i--) {
        const item *it = &right.items[i];
        if (!it->kept)
            continue;
        x -= it->w;
        if (it->kind != DECOR_BUTTON_SPACER)
            out->buttons[out->n_buttons++] = (decor_rect_button){it->kind, {x, 0, it->w, it->h}};
        x -= m.spacing;
    }
    int title_end = x;
    for (int i = first_right, j = out->n_buttons - 1; i < j; i++, j--) {
        decor_rect_button t = out->buttons[i];
        out->buttons[i] = out->buttons[j];
        out->buttons[j] = t;
    }

    for (int i = 0; i < out->n_buttons; i++) {
        wm_rect *r = &out->buttons[i].rect;
        /* Centred in the padded area; a button taller than that area
         * reaches into the padding, never out of the strip. */
        r->y = inner_y + (inner_h - r->h) / 2;
        r->y = CLAMP(r->y, strip.y, strip.y + strip.h - r->h);
    }

    /* With buttons, title_x <= title_end by the fit; without, a strip
     * narrower than its padding leaves a title 0 wide at its edge. */
    int strip_end = strip.x + strip.w;
    title_x = CLAMP(title_x, strip.x, strip_end);
    title_end = CLAMP(title_end, title_x, strip_end);
    out->title = (wm_rect){title_x, inner_y, title_end - title_x, inner_h};

    if (rtl) {
        out->title = mirror(out->title, strip);
        for (int i = 0; i < out->n_buttons; i++)
            out->buttons[i].rect = mirror(out->buttons[i].rect, strip);
    }
}

const decor_rect_button *decor_button_at(const decor_layout *l, int x, int y)
{
    if (!l)
        return NULL;
    for (int i = 0; i < l->n_buttons; i++) {
        const wm_rect *r = &l->buttons[i].rect;
        if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
            return &l->buttons[i];
    }
    return NULL;
}

static bool in_rect(const wm_rect *r, int x, int y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

int decor_tabs_layout(const decor_layout *l, int n, int close_size, bool rtl, decor_tab_rect *out)
{
    n = n < 0 ? 0 : n > DECOR_MAX_TABS ? DECOR_MAX_TABS : n;
    if (!l || !out)
        return 0;
    wm_rect a = l->title;
    close_size = close_size < 0 ? 0 : close_size > a.h ? a.h : close_size;
    int room = n > 0 && a.w / n > DECOR_TAB_MAX_ASPECT * a.h ? n * DECOR_TAB_MAX_ASPECT * a.h : a.w;
    int x = rtl ? a.x + a.w - room : a.x;
    for (int i = 0; i < n; i++) {
        int w = room / n + (i < room % n ? 1 : 0);
        int k = rtl ? n - 1 - i : i;
        out[k].tab = (wm_rect){x, a.y, w, a.h};
        out[k].close = (wm_rect){0, 0, 0, 0};
        if (close_size > 0 && w >= 2 * close_size) {
            int pad = (a.h - close_size) / 2;
            int cx = rtl ? x + pad : x + w - pad - close_size;
            out[k].close = (wm_rect){cx, a.y + pad, close_size, close_size};
        }
        x += w;
    }
    return n;
}

int decor_tab_at(const decor_tab_rect *tabs, int n, int x, int y, bool *on_close)
{
    for (int i = 0; tabs && i < n; i++) {
        if (!in_rect(&tabs[i].tab, x, y))
            continue;
        if (on_close)
            *on_close = in_rect(&tabs[i].close, x, y);
        return i;
    }
    return -1;
}

int decor_corner_insets(int w, int r, int inset[DECOR_MAX_CORNER])
{
    r = MIN(r, MIN(w / 2, DECOR_MAX_CORNER));
    for (int y = 0; y < r; y++) {
        double dy = r - y - 0.5;
        inset[y] = (int)lround(r - sqrt((double)r * r - dy * dy));
    }
    return MAX(r, 0);
}
