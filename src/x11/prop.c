/*
 * Property decoding. Why not xcb-icccm's decoders: they take a reply
 * struct, check the type but not the length for every field, and decode
 * only ICCCM; here one small set of functions over plain bytes serves
 * ICCCM and EWMH alike and is what the fuzzer exercises.
 */
#include "x11/prop.h"

/* The end of an edge for struts that reserve all of it. */
#define PROP_EDGE_END 32767

#include <glib.h>
#include <stdint.h>
#include <string.h>

prop_value prop_from_bytes(uint32_t type, uint8_t format, size_t nbytes, const void *data)
{
    prop_value v = {0};
    if (type == 0 || !data || (format != 8 && format != 16 && format != 32))
        return v;
    size_t unit = format / 8;
    if (nbytes % unit != 0 || nbytes / unit > UINT32_MAX)
        return v;
    v.type = type;
    v.format = format;
    v.length = (uint32_t)(nbytes / unit);
    v.data = data;
    return v;
}

static char *cut_utf8(char *s)
{
    if (strlen(s) <= PROP_TEXT_MAX)
        return s;
    const char *end = g_utf8_find_prev_char(s, s + PROP_TEXT_MAX + 1);
    s[end ? end - s : PROP_TEXT_MAX] = '\0';
    return s;
}

/* The parts of COMPOUND_TEXT (ICCCM's ISO 2022 profile) that clients
 * write: ASCII, ISO 8859 right halves designated with ESC - F, and UTF-8
 * segments in ESC % G ... ESC % @. Characters of other sets become '?'. */
static char *compound_text(const char *p, size_t n)
{
    GString *out = g_string_sized_new(n);
    const char *gr = "ISO-8859-1"; /* NULL: a set we cannot decode */
    bool gl_ascii = true, utf8 = false;
    int width = 1; /* bytes per character of the current set */
    for (size_t i = 0; i < n;) {
        unsigned char b = (unsigned char)p[i];
        if (b == 0x1b) {
            size_t j = i + 1;
            while (j < n && p[j] >= 0x20 && p[j] <= 0x2f)
                j++;
            if (j >= n)
                break;
            char f = p[j];
            size_t inter = j - i - 1;
            if (inter == 1 && p[i + 1] == '%') {
                utf8 = f == 'G';
            } else if (inter == 1 && p[i + 1] == '(') {
                gl_ascii = f == 'B' || f == 'J';
                width = 1;
            } else if (inter == 1 && p[i + 1] == '-') {
                static const char sets[][2] = {{'A', '1'}, {'B', '2'}, {'C', '3'}, {'D', '4'},
                                               {'F', '7'}, {'G', '8'}, {'L', '5'}, {'M', '9'}};
                static const char *const names[] = {"ISO-8859-1", "ISO-8859-2", "ISO-8859-3",
                                                    "ISO-8859-4", "ISO-8859-7", "ISO-8859-8",
                                                    "ISO-8859-5", "ISO-8859-9"};
                gr = NULL;
                for (size_t k = 0; k < G_N_ELEMENTS(sets); k++)
                    if (sets[k][0] == f)
                        gr = names[k];
                width = 1;
            } else if (inter >= 1 && p[i + 1] == '$') {
                /* A two-byte set (Chinese, Japanese, Korean). */
                gl_ascii = false;
                gr = NULL;
                width = 2;
            }
            i = j + 1;
            continue;
        }
        if (utf8) {
            const char *end = memchr(p + i, 0x1b, n - i);
            size_t len = end ? (size_t)(end - (p + i)) : n - i;
            g_autofree char *valid = g_utf8_make_valid(p + i, (gssize)len);
            g_string_append(out, valid);
            i += len;
            continue;
        }
        if (b < 0x20 || b == 0x7f || (b >= 0x80 && b < 0xa0)) {
            if (b == '\t' || b == '\n')
                g_string_append_c(out, (char)b);
            i++;
        } else if (b < 0x80 && gl_ascii) {
            g_string_append_c(out, (char)b);
            i++;
        } else if (b >= 0xa0 && gr && width == 1) {
            g_autofree char *u = g_convert((const char *)&b, 1, "UTF-8", gr, NULL, NULL, NULL);
            g_string_append(out, u ? u : "?");
            i++;
        } else {
            g_string_append_c(out, '?');
            i += (size_t)width;
        }
    }
    return g_string_free(out, FALSE);
}

char *prop_text(const prop_value *v, uint32_t utf8_atom)
{
    if (v->format != 8 || v->type == 0)
        return NULL;
    /* Stop at the first NUL (lists of strings keep their first). */
    const char *p = v->data;
    size_t n = v->length;
    const char *nul = memchr(p, '\0', n);
    if (nul)
        n = (size_t)(nul - p);
    /* Take no more than we could ever show, in bytes of the worst case. */
    if (n > PROP_TEXT_MAX * 4)
        n = PROP_TEXT_MAX * 4;
    if (v->type == utf8_atom && utf8_atom != 0)
        return cut_utf8(g_utf8_make_valid(p, (gssize)n));
    /* STRING is Latin-1, which maps one to one onto the first 256 code
     * points. STRING may not contain ESC, so text that does is
     * COMPOUND_TEXT (xterm writes its non-Latin-1 titles so). */
    if (memchr(p, 0x1b, n))
        return cut_utf8(compound_text(p, n));
    GString *s = g_string_sized_new(n);
    for (size_t i = 0; i < n; i++)
        g_string_append_unichar(s, (unsigned char)p[i]);
    return cut_utf8(g_string_free(s, FALSE));
}

static uint32_t word(const prop_value *v, size_t i)
{
    uint32_t w;
    memcpy(&w, (const char *)v->data + 4 * i, 4);
    return w;
}

bool prop_card32(const prop_value *v, uint32_t type, uint32_t *out)
{
    if (v->type != type || v->format != 32 || v->length < 1)
        return false;
    *out = word(v, 0);
    return true;
}

size_t prop_card32_list(const prop_value *v, uint32_t type, uint32_t *out, size_t max)
{
    if (v->type != type || v->format != 32)
        return 0;
    size_t n = v->length < max ? v->length : max;
    for (size_t i = 0; i < n; i++)
        out[i] = word(v, i);
    return n;
}

bool prop_wm_class(const prop_value *v, char **instance, char **klass)
{
    *instance = *klass = NULL;
    if (v->format != 8 || v->type != PROP_ATOM_STRING || v->length == 0)
        return false;
    const char *p = v->data;
    size_t n = v->length;
    const char *nul = memchr(p, '\0', n);
    size_t first = nul ? (size_t)(nul - p) : n;
    prop_value a = {PROP_ATOM_STRING, 8, (uint32_t)first, p};
    *instance = prop_text(&a, 0);
    if (nul && first + 1 < n) {
        prop_value b = {PROP_ATOM_STRING, 8, (uint32_t)(n - first - 1), p + first + 1};
        *klass = prop_text(&b, 0);
    }
    return true;
}

bool prop_decode_wm_hints(const prop_value *v, prop_wm_hints *out)
{
    memset(out, 0, sizeof *out);
    out->input = true;
    if (v->type != PROP_ATOM_WM_HINTS || v->format != 32 || v->length < 1)
        return false;
    /* A flag whose field is missing is dropped, as if never set. */
    uint32_t flags = word(v, 0);
    if (v->length <= 1)
        flags &= ~(uint32_t)PROP_HINT_INPUT;
    if (v->length <= 2)
        flags &= ~(uint32_t)PROP_HINT_STATE;
    if (v->length <= 8)
        flags &= ~(uint32_t)PROP_HINT_WINDOW_GROUP;
    if (flags & PROP_HINT_INPUT)
        out->input = word(v, 1) != 0;
    if (flags & PROP_HINT_STATE)
        out->initial_state = word(v, 2);
    if (flags & PROP_HINT_WINDOW_GROUP)
        out->window_group = word(v, 8);
    out->flags = flags;
    return true;
}

static int clamp_size(uint32_t w)
{
    int32_t s = (int32_t)w;
    return s < 0 ? 0 : s > 32767 ? 32767 : s;
}

bool prop_decode_size_hints(const prop_value *v, prop_size_hints *out)
{
    memset(out, 0, sizeof *out);
    out->win_gravity = 1;
    /* ICCCM's WM_SIZE_HINTS has 18 words; pre-ICCCM clients wrote 15. */
    if (v->type != PROP_ATOM_WM_SIZE_HINTS || v->format != 32 || v->length < 15)
        return false;
    uint32_t f = word(v, 0);
    if (f & PROP_SIZE_P_MIN_SIZE) {
        out->min_w = clamp_size(word(v, 5));
        out->min_h = clamp_size(word(v, 6));
    }
    if (f & PROP_SIZE_P_MAX_SIZE) {
        out->max_w = clamp_size(word(v, 7));
        out->max_h = clamp_size(word(v, 8));
    }
    if (f & PROP_SIZE_P_RESIZE_INC) {
        out->inc_w = clamp_size(word(v, 9));
        out->inc_h = clamp_size(word(v, 10));
    }
    if (f & PROP_SIZE_P_ASPECT) {
        out->min_aspect_num = clamp_size(word(v, 11));
        out->min_aspect_den = clamp_size(word(v, 12));
        out->max_aspect_num = clamp_size(word(v, 13));
        out->max_aspect_den = clamp_size(word(v, 14));
    }
    if (v->length >= 18) {
        if (f & PROP_SIZE_P_BASE_SIZE) {
            out->base_w = clamp_size(word(v, 15));
            out->base_h = clamp_size(word(v, 16));
        }
        if (f & PROP_SIZE_P_WIN_GRAVITY) {
            uint32_t g = word(v, 17);
            out->win_gravity = g >= 1 && g <= 10 ? (int)g : 1;
        }
    } else {
        f &= ~(uint32_t)(PROP_SIZE_P_BASE_SIZE | PROP_SIZE_P_WIN_GRAVITY);
    }
    out->flags = f;
    return true;
}

bool prop_decode_strut(const prop_value *v, bool partial, int out[12])
{
    size_t need = partial ? 12 : 4;
    if (v->type != PROP_ATOM_CARDINAL || v->format != 32 || v->length < need)
        return false;
    for (size_t i = 0; i < 12; i++)
        out[i] = i < need ? clamp_size(word(v, i)) : 0;
    if (!partial) {
        /* The old form reserves whole edges. */
        for (size_t i = 4; i < 12; i += 2)
            out[i + 1] = PROP_EDGE_END;
    }
    return true;
}

bool prop_decode_motif_undecorated(const prop_value *v, bool *undecorated)
{
    /* flags, functions, decorations, input mode, status; bit 1 of flags
     * says the decorations field is meant. Its type is whatever the client
     * wrote (usually _MOTIF_WM_HINTS itself). */
    *undecorated = false;
    if (v->format != 32 || v->length < 3)
        return false;
    if (word(v, 0) & 2)
        *undecorated = word(v, 2) == 0;
    return true;
}

bool prop_decode_frame_extents(const prop_value *v, int out[4])
{
    memset(out, 0, 4 * sizeof *out);
    if (v->type != PROP_ATOM_CARDINAL || v->format != 32 || v->length != 4)
        return false;
    /* CARDINALs: a "negative" value is a huge one. */
    for (size_t i = 0; i < 4; i++) {
        uint32_t w = word(v, i);
        out[i] = w > PROP_FRAME_EXTENTS_MAX ? PROP_FRAME_EXTENTS_MAX : (int)w;
    }
    return true;
}

bool prop_pick_icon(const prop_value *v, int want, const uint32_t **pixels, int *w, int *h)
{
    if (v->type != PROP_ATOM_CARDINAL || v->format != 32 || !v->data)
        return false;
    const uint32_t *d = v->data;
    size_t n = v->length, best = SIZE_MAX;
    uint32_t best_w = 0, best_h = 0;
    /* Entries: width, height, then width * height pixels. */
    for (size_t i = 0; i + 2 <= n;) {
        uint32_t iw = d[i], ih = d[i + 1];
        if (iw == 0 || ih == 0 || iw > 1024 || ih > 1024 || (uint64_t)iw * ih > n - i - 2)
            break; /* a lie about the size ends the list */
        bool better = best == SIZE_MAX ||
                      (best_w < (uint32_t)want ? iw > best_w : iw >= (uint32_t)want && iw < best_w);
        if (better) {
            best = i + 2;
            best_w = iw;
            best_h = ih;
        }
        i += 2 + (size_t)iw * ih;
    }
    if (best == SIZE_MAX)
        return false;
    *pixels = d + best;
    *w = (int)best_w;
    *h = (int)best_h;
    return true;
}
