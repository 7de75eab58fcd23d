/*
 * Property decoders: every one with well-formed input, and with the wrong
 * type, wrong format, too few units and hostile text a client can set.
 * Words are in the machine's byte order, as XCB hands them over.
 */
#include <glib.h>
#include <string.h>

#include "scene.h"
#include "x11/prop.h"

#define UTF8_STRING   300 /* an atom number the server could give UTF8_STRING */
#define COMPOUND_TEXT 301

static prop_value words(uint32_t type, const uint32_t *w, size_t n)
{
    return prop_from_bytes(type, 32, n * 4, w);
}

static prop_value text(uint32_t type, const char *s, size_t n)
{
    return prop_from_bytes(type, 8, n, s);
}

static void assert_empty(prop_value v)
{
    g_assert_cmpuint(v.type, ==, 0);
    g_assert_cmpuint(v.format, ==, 0);
    g_assert_cmpuint(v.length, ==, 0);
    g_assert_null(v.data);
}

static void test_from_bytes_counts_units(void)
{
    static const uint8_t data[12] = {0};
    prop_value v = prop_from_bytes(PROP_ATOM_CARDINAL, 8, 12, data);
    g_assert_cmpuint(v.type, ==, PROP_ATOM_CARDINAL);
    g_assert_cmpuint(v.format, ==, 8);
    g_assert_cmpuint(v.length, ==, 12);
    g_assert_true(v.data == data);
    v = prop_from_bytes(PROP_ATOM_CARDINAL, 16, 12, data);
    g_assert_cmpuint(v.format, ==, 16);
    g_assert_cmpuint(v.length, ==, 6);
    v = prop_from_bytes(PROP_ATOM_CARDINAL, 32, 12, data);
    g_assert_cmpuint(v.format, ==, 32);
    g_assert_cmpuint(v.length, ==, 3);
}

static void test_from_bytes_refuses_partial_units(void)
{
    static const uint8_t data[8] = {0};
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 32, 5, data));
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 32, 6, data));
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 32, 7, data));
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 16, 3, data));
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 16, 1, data));
}

static void test_from_bytes_refuses_bad_format(void)
{
    static const uint8_t data[8] = {0};
    static const uint8_t formats[] = {0, 1, 7, 24, 64, 255};
    for (size_t i = 0; i < G_N_ELEMENTS(formats); i++)
        assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, formats[i], 8, data));
}

static void test_from_bytes_refuses_none_and_null(void)
{
    static const uint8_t data[4] = {0};
    assert_empty(prop_from_bytes(0, 32, 4, data));
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 32, 4, NULL));
}

static void test_from_bytes_refuses_too_many_units(void)
{
    if (sizeof(size_t) <= 4) {
        g_test_skip("size_t cannot hold more than 2^32 units");
        return;
    }
    /* Only the count is looked at; the bytes are never read. */
    static const uint8_t data[4] = {0};
    size_t units = (size_t)UINT32_MAX + 1;
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 8, units, data));
    assert_empty(prop_from_bytes(PROP_ATOM_CARDINAL, 32, units * 4, data));
    prop_value v = prop_from_bytes(PROP_ATOM_CARDINAL, 8, UINT32_MAX, data);
    g_assert_cmpuint(v.length, ==, UINT32_MAX);
}

static void test_from_bytes_empty_property(void)
{
    static const char data[1] = "";
    prop_value v = text(UTF8_STRING, data, 0);
    g_assert_cmpuint(v.type, ==, UTF8_STRING);
    g_assert_cmpuint(v.length, ==, 0);
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_cmpstr(t, ==, "");
}

static void test_text_utf8_exact(void)
{
    static const char s[] = "h\xc3\xa9llo w\xc3\xb6rld \xe2\x82\xac";
    prop_value v = text(UTF8_STRING, s, strlen(s));
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_cmpstr(t, ==, s);
}

static void test_text_stops_at_nul(void)
{
    static const char s[] = "first\0second";
    prop_value v = text(UTF8_STRING, s, sizeof s - 1);
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_cmpstr(t, ==, "first");
    prop_value l = text(PROP_ATOM_STRING, s, sizeof s - 1);
    g_autofree char *u = prop_text(&l, UTF8_STRING);
    g_assert_cmpstr(u, ==, "first");
}

static void test_text_refuses_wrong_format(void)
{
    static const char s[8] = "abcdefg";
    prop_value v16 = prop_from_bytes(UTF8_STRING, 16, 8, s);
    prop_value v32 = prop_from_bytes(UTF8_STRING, 32, 8, s);
    prop_value none = {0};
    g_assert_null(prop_text(&v16, UTF8_STRING));
    g_assert_null(prop_text(&v32, UTF8_STRING));
    g_assert_null(prop_text(&none, UTF8_STRING));
}

static void test_text_invalid_utf8_made_valid(void)
{
    static const char s[] = "a\xff"
                            "b\xc3"
                            "c\xe2\x82";
    prop_value v = text(UTF8_STRING, s, strlen(s));
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_true(g_utf8_validate(t, -1, NULL));
    /* One U+FFFD for each byte that is not part of a character, so two for
     * the cut-off euro sign. */
    g_assert_cmpstr(t, ==,
                    "a\xef\xbf\xbd"
                    "b\xef\xbf\xbd"
                    "c\xef\xbf\xbd\xef\xbf\xbd");
}

static void test_text_latin1_converted(void)
{
    static const char s[] = "caf\xe9 \xa9 \xff";
    prop_value v = text(PROP_ATOM_STRING, s, strlen(s));
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_cmpstr(t, ==, "caf\xc3\xa9 \xc2\xa9 \xc3\xbf");
    /* Other 8-bit types read the same way. */
    prop_value c = text(COMPOUND_TEXT, s, strlen(s));
    g_autofree char *u = prop_text(&c, UTF8_STRING);
    g_assert_cmpstr(u, ==, t);
}

static void test_text_string_type_is_never_utf8(void)
{
    static const char s[] = "\xc3\xa9";
    prop_value v = text(PROP_ATOM_STRING, s, 2);
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_cmpstr(t, ==, "\xc3\x83\xc2\xa9");
    /* With no UTF8_STRING atom known, nothing is UTF-8 either. */
    prop_value u = text(UTF8_STRING, s, 2);
    g_autofree char *w = prop_text(&u, 0);
    g_assert_cmpstr(w, ==, "\xc3\x83\xc2\xa9");
}

/* A megabyte of text: prefix, then unit repeated, then a NUL. */
static char *megabyte(const char *prefix, const char *unit)
{
    size_t size = 1 << 20, p = strlen(prefix), u = strlen(unit);
    char *s = g_malloc(size + 1);
    memcpy(s, prefix, p);
    size_t n = p;
    while (n + u <= size) {
        memcpy(s + n, unit, u);
        n += u;
    }
    memset(s + n, 'z', size - n);
    s[size] = '\0';
    return s;
}

static char *long_text(uint32_t type, const char *prefix, const char *unit)
{
    g_autofree char *s = megabyte(prefix, unit);
    prop_value v = text(type, s, 1 << 20);
    char *t = prop_text(&v, UTF8_STRING);
    g_assert_nonnull(t);
    g_assert_true(g_utf8_validate(t, -1, NULL));
    g_assert_cmpuint(strlen(t), <=, PROP_TEXT_MAX);
    return t;
}

static void test_text_megabyte_title_cut_to_max(void)
{
    g_autofree char *t = long_text(UTF8_STRING, "", "a");
    g_assert_cmpuint(strlen(t), ==, PROP_TEXT_MAX);
    g_assert_cmpint(t[PROP_TEXT_MAX - 1], ==, 'a');
}

static void test_text_megabyte_title_cut_at_utf8_boundary(void)
{
    static const struct {
        const char *prefix, *unit;
        size_t len;
    } cases[] = {
        {"", "\xe2\x82\xac", 510},         /* 170 euro signs */
        {"a", "\xe2\x82\xac", 511},        /* 1 + 170 * 3 */
        {"ab", "\xe2\x82\xac", 512},       /* 2 + 170 * 3 */
        {"", "\xc3\xa9", 512},             /* 256 e-acute */
        {"a", "\xc3\xa9", 511},            /* 1 + 255 * 2 */
        {"", "\xf0\x9d\x84\x9e", 512},     /* 128 four-byte characters */
        {"a", "\xf0\x9d\x84\x9e", 509},    /* 1 + 127 * 4 */
        {"abc", "\xf0\x9d\x84\x9e", 511},  /* 3 + 127 * 4 */
        {"abcd", "\xf0\x9d\x84\x9e", 512}, /* 4 + 127 * 4 */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *t = long_text(UTF8_STRING, cases[i].prefix, cases[i].unit);
        if (strlen(t) != cases[i].len)
            g_error("prefix \"%s\", %zu-byte characters: cut to %zu bytes, expected %zu",
                    cases[i].prefix, strlen(cases[i].unit), strlen(t), cases[i].len);
        size_t u = strlen(cases[i].unit);
        g_assert_cmpmem(t + strlen(t) - u, u, cases[i].unit, u);
    }
}

static void test_text_megabyte_latin1_title_cut(void)
{
    g_autofree char *t = long_text(PROP_ATOM_STRING, "", "\xe9");
    g_assert_cmpuint(strlen(t), ==, 512);
    g_autofree char *u = long_text(PROP_ATOM_STRING, "a", "\xe9");
    g_assert_cmpuint(strlen(u), ==, 511);
}

static void test_text_megabyte_invalid_title_cut(void)
{
    g_autofree char *t = long_text(UTF8_STRING, "", "\xff");
    /* Each bad byte is one U+FFFD, three bytes: 170 of them fit. */
    g_assert_cmpuint(strlen(t), ==, 510);
}

static void test_text_at_max_kept_whole(void)
{
    char s[PROP_TEXT_MAX + 1];
    memset(s, 'x', sizeof s);
    prop_value v = text(UTF8_STRING, s, PROP_TEXT_MAX);
    g_autofree char *t = prop_text(&v, UTF8_STRING);
    g_assert_cmpuint(strlen(t), ==, PROP_TEXT_MAX);
    prop_value w = text(UTF8_STRING, s, PROP_TEXT_MAX + 1);
    g_autofree char *u = prop_text(&w, UTF8_STRING);
    g_assert_cmpuint(strlen(u), ==, PROP_TEXT_MAX);
}

static void test_card32_reads_first_word(void)
{
    static const uint32_t w[] = {42, 7};
    prop_value one = words(PROP_ATOM_CARDINAL, w, 1);
    prop_value two = words(PROP_ATOM_CARDINAL, w, 2);
    uint32_t out = 0;
    g_assert_true(prop_card32(&one, PROP_ATOM_CARDINAL, &out));
    g_assert_cmpuint(out, ==, 42);
    out = 0;
    g_assert_true(prop_card32(&two, PROP_ATOM_CARDINAL, &out));
    g_assert_cmpuint(out, ==, 42);
    static const uint32_t win[] = {0x1400007};
    prop_value v = words(PROP_ATOM_WINDOW, win, 1);
    g_assert_true(prop_card32(&v, PROP_ATOM_WINDOW, &out));
    g_assert_cmpuint(out, ==, 0x1400007);
}

static void test_card32_refuses_wrong_type_format_length(void)
{
    static const uint32_t w[] = {42};
    uint32_t out = 0;
    prop_value v = words(PROP_ATOM_WINDOW, w, 1);
    g_assert_false(prop_card32(&v, PROP_ATOM_CARDINAL, &out));
    prop_value f8 = prop_from_bytes(PROP_ATOM_CARDINAL, 8, 4, w);
    g_assert_false(prop_card32(&f8, PROP_ATOM_CARDINAL, &out));
    prop_value f16 = prop_from_bytes(PROP_ATOM_CARDINAL, 16, 4, w);
    g_assert_false(prop_card32(&f16, PROP_ATOM_CARDINAL, &out));
    prop_value empty = words(PROP_ATOM_CARDINAL, w, 0);
    g_assert_false(prop_card32(&empty, PROP_ATOM_CARDINAL, &out));
    prop_value none = {0};
    g_assert_false(prop_card32(&none, PROP_ATOM_CARDINAL, &out));
    g_assert_cmpuint(out, ==, 0);
}

static void test_card32_list_reads_up_to_max(void)
{
    static const uint32_t w[] = {1, 2, 3, 4, 5};
    prop_value v = words(PROP_ATOM_ATOM, w, 5);
    uint32_t out[8] = {0};
    g_assert_cmpuint(prop_card32_list(&v, PROP_ATOM_ATOM, out, 3), ==, 3);
    g_assert_cmpuint(out[2], ==, 3);
    g_assert_cmpuint(out[3], ==, 0);
    g_assert_cmpuint(prop_card32_list(&v, PROP_ATOM_ATOM, out, 8), ==, 5);
    g_assert_cmpmem(out, 5 * sizeof *out, w, sizeof w);
    g_assert_cmpuint(out[5], ==, 0);
    g_assert_cmpuint(prop_card32_list(&v, PROP_ATOM_ATOM, out, 0), ==, 0);
}

static void test_card32_list_refuses_wrong_type_format(void)
{
    static const uint32_t w[] = {1, 2};
    uint32_t out[2] = {0};
    prop_value v = words(PROP_ATOM_ATOM, w, 2);
    g_assert_cmpuint(prop_card32_list(&v, PROP_ATOM_CARDINAL, out, 2), ==, 0);
    prop_value f8 = prop_from_bytes(PROP_ATOM_ATOM, 8, 8, w);
    g_assert_cmpuint(prop_card32_list(&f8, PROP_ATOM_ATOM, out, 2), ==, 0);
    prop_value f16 = prop_from_bytes(PROP_ATOM_ATOM, 16, 8, w);
    g_assert_cmpuint(prop_card32_list(&f16, PROP_ATOM_ATOM, out, 2), ==, 0);
    g_assert_cmpuint(out[0], ==, 0);
}

static void check_class(const char *data, size_t n, const char *want_instance,
                        const char *want_class)
{
    prop_value v = text(PROP_ATOM_STRING, data, n);
    char *instance = (char *)"unset", *klass = (char *)"unset";
    g_assert_true(prop_wm_class(&v, &instance, &klass));
    g_assert_cmpstr(instance, ==, want_instance);
    g_assert_cmpstr(klass, ==, want_class);
    g_free(instance);
    g_free(klass);
}

static void test_wm_class_both_strings(void)
{
    static const char s[] = "xterm\0XTerm\0";
    check_class(s, sizeof s - 1, "xterm", "XTerm");
}

static void test_wm_class_without_final_nul(void)
{
    static const char s[] = "xterm\0XTerm";
    check_class(s, sizeof s - 1, "xterm", "XTerm");
}

static void test_wm_class_without_second_string(void)
{
    static const char s[] = "xterm\0";
    check_class(s, 5, "xterm", NULL);
    check_class(s, 6, "xterm", NULL);
}

static void test_wm_class_ignores_further_strings(void)
{
    static const char s[] = "a\0b\0c\0";
    check_class(s, sizeof s - 1, "a", "b");
}

static void test_wm_class_empty_instance(void)
{
    static const char s[] = "\0XTerm\0";
    check_class(s, sizeof s - 1, "", "XTerm");
}

static void test_wm_class_latin1_converted(void)
{
    static const char s[] = "caf\xe9\0Caf\xe9\0";
    check_class(s, sizeof s - 1, "caf\xc3\xa9", "Caf\xc3\xa9");
}

static void test_wm_class_refuses_wrong_type_format_length(void)
{
    static const char s[] = "xterm\0XTerm\0";
    char *instance = (char *)"unset", *klass = (char *)"unset";
    prop_value u = text(UTF8_STRING, s, sizeof s - 1);
    g_assert_false(prop_wm_class(&u, &instance, &klass));
    g_assert_null(instance);
    g_assert_null(klass);
    prop_value f32 = prop_from_bytes(PROP_ATOM_STRING, 32, 12, s);
    g_assert_false(prop_wm_class(&f32, &instance, &klass));
    prop_value empty = text(PROP_ATOM_STRING, s, 0);
    g_assert_false(prop_wm_class(&empty, &instance, &klass));
    prop_value none = {0};
    g_assert_false(prop_wm_class(&none, &instance, &klass));
    g_assert_null(instance);
    g_assert_null(klass);
}

static void assert_hints_default(const prop_wm_hints *h)
{
    g_assert_cmpuint(h->flags, ==, 0);
    g_assert_true(h->input);
    g_assert_cmpuint(h->initial_state, ==, 0);
    g_assert_cmpuint(h->window_group, ==, 0);
}

static void test_wm_hints_full(void)
{
    const uint32_t flags =
        PROP_HINT_INPUT | PROP_HINT_STATE | PROP_HINT_WINDOW_GROUP | PROP_HINT_URGENCY;
    const uint32_t w[9] = {flags, 0, 3, 11, 12, 13, 14, 15, 0x1400001};
    prop_value v = words(PROP_ATOM_WM_HINTS, w, 9);
    prop_wm_hints h;
    g_assert_true(prop_decode_wm_hints(&v, &h));
    g_assert_cmpuint(h.flags, ==, flags);
    g_assert_false(h.input);
    g_assert_cmpuint(h.initial_state, ==, 3);
    g_assert_cmpuint(h.window_group, ==, 0x1400001);
}

static void test_wm_hints_fields_without_flags_ignored(void)
{
    const uint32_t w[9] = {0, 0, 3, 0, 0, 0, 0, 0, 0x1400001};
    prop_value v = words(PROP_ATOM_WM_HINTS, w, 9);
    prop_wm_hints h;
    g_assert_true(prop_decode_wm_hints(&v, &h));
    assert_hints_default(&h);
}

static void test_wm_hints_refuses_wrong_type_format(void)
{
    const uint32_t w[9] = {PROP_HINT_INPUT | PROP_HINT_STATE, 0, 3};
    prop_wm_hints h;
    prop_value t = words(PROP_ATOM_CARDINAL, w, 9);
    g_assert_false(prop_decode_wm_hints(&t, &h));
    assert_hints_default(&h);
    prop_value f8 = prop_from_bytes(PROP_ATOM_WM_HINTS, 8, sizeof w, w);
    g_assert_false(prop_decode_wm_hints(&f8, &h));
    assert_hints_default(&h);
    prop_value f16 = prop_from_bytes(PROP_ATOM_WM_HINTS, 16, sizeof w, w);
    g_assert_false(prop_decode_wm_hints(&f16, &h));
    assert_hints_default(&h);
    prop_value empty = words(PROP_ATOM_WM_HINTS, w, 0);
    g_assert_false(prop_decode_wm_hints(&empty, &h));
    assert_hints_default(&h);
}

static void test_wm_hints_one_word(void)
{
    const uint32_t w[1] = {PROP_HINT_INPUT | PROP_HINT_WINDOW_GROUP | PROP_HINT_URGENCY};
    prop_value v = words(PROP_ATOM_WM_HINTS, w, 1);
    prop_wm_hints h;
    g_assert_true(prop_decode_wm_hints(&v, &h));
    g_assert_true(h.input);
    g_assert_cmpuint(h.initial_state, ==, 0);
    g_assert_cmpuint(h.window_group, ==, 0);
    g_assert_true(h.flags & PROP_HINT_URGENCY);
    g_assert_false(h.flags & PROP_HINT_WINDOW_GROUP);
}

static void test_wm_hints_eight_words_have_no_group(void)
{
    const uint32_t w[9] = {PROP_HINT_WINDOW_GROUP | PROP_HINT_INPUT, 0, 0, 0, 0, 0, 0, 0, 77};
    prop_value v = words(PROP_ATOM_WM_HINTS, w, 8);
    prop_wm_hints h;
    g_assert_true(prop_decode_wm_hints(&v, &h));
    g_assert_false(h.input);
    g_assert_cmpuint(h.window_group, ==, 0);
    g_assert_cmpuint(h.flags, ==, PROP_HINT_INPUT);
}

static void test_wm_hints_short_drops_flags_of_missing_fields(void)
{
    /* A 1-word WM_HINTS claiming input and initial state carries neither:
     * the flags must not promise fields the decoder could not read, as
     * they already do not for the window group. */
    const uint32_t w[1] = {PROP_HINT_INPUT | PROP_HINT_STATE | PROP_HINT_URGENCY};
    prop_value v = words(PROP_ATOM_WM_HINTS, w, 1);
    prop_wm_hints h;
    g_assert_true(prop_decode_wm_hints(&v, &h));
    g_assert_cmphex(h.flags, ==, PROP_HINT_URGENCY);
}

static void fill_size_hints(uint32_t w[18], uint32_t flags)
{
    /* flags; x y w h (obsolete); min; max; inc; min and max aspect; base;
     * gravity (Center) */
    const uint32_t v[18] = {flags, 1, 2, 3, 4, 10, 20, 800, 600, 8, 16, 1, 2, 3, 4, 5, 6, 5};
    memcpy(w, v, sizeof v);
}

static const uint32_t all_size_flags =
    PROP_SIZE_US_POSITION | PROP_SIZE_US_SIZE | PROP_SIZE_P_POSITION | PROP_SIZE_P_SIZE |
    PROP_SIZE_P_MIN_SIZE | PROP_SIZE_P_MAX_SIZE | PROP_SIZE_P_RESIZE_INC | PROP_SIZE_P_ASPECT |
    PROP_SIZE_P_BASE_SIZE | PROP_SIZE_P_WIN_GRAVITY;

static void assert_size_hints_default(const prop_size_hints *h)
{
    prop_size_hints zero;
    memset(&zero, 0, sizeof zero);
    zero.win_gravity = 1;
    g_assert_cmpmem(h, sizeof *h, &zero, sizeof zero);
}

static void test_size_hints_full(void)
{
    uint32_t w[18];
    fill_size_hints(w, all_size_flags);
    prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, 18);
    prop_size_hints h;
    g_assert_true(prop_decode_size_hints(&v, &h));
    g_assert_cmpuint(h.flags, ==, all_size_flags);
    g_assert_cmpint(h.min_w, ==, 10);
    g_assert_cmpint(h.min_h, ==, 20);
    g_assert_cmpint(h.max_w, ==, 800);
    g_assert_cmpint(h.max_h, ==, 600);
    g_assert_cmpint(h.inc_w, ==, 8);
    g_assert_cmpint(h.inc_h, ==, 16);
    g_assert_cmpint(h.min_aspect_num, ==, 1);
    g_assert_cmpint(h.min_aspect_den, ==, 2);
    g_assert_cmpint(h.max_aspect_num, ==, 3);
    g_assert_cmpint(h.max_aspect_den, ==, 4);
    g_assert_cmpint(h.base_w, ==, 5);
    g_assert_cmpint(h.base_h, ==, 6);
    g_assert_cmpint(h.win_gravity, ==, 5);
}

static void test_size_hints_fields_without_flags_are_zero(void)
{
    uint32_t w[18];
    fill_size_hints(w, PROP_SIZE_P_MAX_SIZE);
    prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, 18);
    prop_size_hints h;
    g_assert_true(prop_decode_size_hints(&v, &h));
    g_assert_cmpuint(h.flags, ==, PROP_SIZE_P_MAX_SIZE);
    g_assert_cmpint(h.max_w, ==, 800);
    g_assert_cmpint(h.max_h, ==, 600);
    g_assert_cmpint(h.min_w, ==, 0);
    g_assert_cmpint(h.inc_w, ==, 0);
    g_assert_cmpint(h.min_aspect_num, ==, 0);
    g_assert_cmpint(h.base_w, ==, 0);
    g_assert_cmpint(h.win_gravity, ==, 1);
}

static void test_size_hints_pre_icccm_fifteen_words(void)
{
    uint32_t w[18];
    fill_size_hints(w, all_size_flags);
    for (size_t n = 15; n <= 17; n++) {
        prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, n);
        prop_size_hints h;
        g_assert_true(prop_decode_size_hints(&v, &h));
        g_assert_cmpuint(h.flags, ==,
                         all_size_flags &
                             ~(uint32_t)(PROP_SIZE_P_BASE_SIZE | PROP_SIZE_P_WIN_GRAVITY));
        g_assert_cmpint(h.min_w, ==, 10);
        g_assert_cmpint(h.max_h, ==, 600);
        g_assert_cmpint(h.inc_h, ==, 16);
        g_assert_cmpint(h.max_aspect_den, ==, 4);
        g_assert_cmpint(h.base_w, ==, 0);
        g_assert_cmpint(h.base_h, ==, 0);
        g_assert_cmpint(h.win_gravity, ==, 1);
    }
}

static void test_size_hints_refuses_fewer_than_fifteen_words(void)
{
    uint32_t w[18];
    fill_size_hints(w, all_size_flags);
    /* Down to the 10-word and 1-word ones some clients write. */
    for (size_t n = 0; n < 15; n++) {
        prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, n);
        prop_size_hints h;
        g_assert_false(prop_decode_size_hints(&v, &h));
        assert_size_hints_default(&h);
    }
}

static void test_size_hints_refuses_wrong_type_format(void)
{
    uint32_t w[18];
    fill_size_hints(w, all_size_flags);
    prop_size_hints h;
    prop_value t = words(PROP_ATOM_CARDINAL, w, 18);
    g_assert_false(prop_decode_size_hints(&t, &h));
    assert_size_hints_default(&h);
    prop_value f8 = prop_from_bytes(PROP_ATOM_WM_SIZE_HINTS, 8, sizeof w, w);
    g_assert_false(prop_decode_size_hints(&f8, &h));
    assert_size_hints_default(&h);
    prop_value f16 = prop_from_bytes(PROP_ATOM_WM_SIZE_HINTS, 16, sizeof w, w);
    g_assert_false(prop_decode_size_hints(&f16, &h));
    assert_size_hints_default(&h);
}

static void test_size_hints_gravity_out_of_range_is_northwest(void)
{
    static const uint32_t bad[] = {0, 11, 12, 0x7FFFFFFFu, 0xFFFFFFFFu};
    uint32_t w[18];
    fill_size_hints(w, PROP_SIZE_P_WIN_GRAVITY);
    prop_size_hints h;
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        w[17] = bad[i];
        prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, 18);
        g_assert_true(prop_decode_size_hints(&v, &h));
        g_assert_cmpint(h.win_gravity, ==, 1);
    }
    for (uint32_t g = 1; g <= 10; g++) {
        w[17] = g;
        prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, 18);
        g_assert_true(prop_decode_size_hints(&v, &h));
        g_assert_cmpint(h.win_gravity, ==, (int)g);
    }
}

static void test_size_hints_sizes_clamped(void)
{
    uint32_t w[18];
    fill_size_hints(w, PROP_SIZE_P_MIN_SIZE | PROP_SIZE_P_MAX_SIZE | PROP_SIZE_P_RESIZE_INC |
                           PROP_SIZE_P_BASE_SIZE | PROP_SIZE_P_ASPECT);
    w[5] = (uint32_t)-5;      /* min_w */
    w[6] = 0x80000000u;       /* min_h: INT32_MIN */
    w[7] = 100000;            /* max_w */
    w[8] = 0x7FFFFFFFu;       /* max_h */
    w[9] = (uint32_t)-1;      /* inc_w */
    w[10] = 32767;            /* inc_h: the largest kept */
    w[11] = (uint32_t)-3;     /* min_aspect_num */
    w[14] = 32768;            /* max_aspect_den */
    w[15] = (uint32_t)-32768; /* base_w */
    w[16] = 0;                /* base_h */
    prop_value v = words(PROP_ATOM_WM_SIZE_HINTS, w, 18);
    prop_size_hints h;
    g_assert_true(prop_decode_size_hints(&v, &h));
    g_assert_cmpint(h.min_w, ==, 0);
    g_assert_cmpint(h.min_h, ==, 0);
    g_assert_cmpint(h.max_w, ==, 32767);
    g_assert_cmpint(h.max_h, ==, 32767);
    g_assert_cmpint(h.inc_w, ==, 0);
    g_assert_cmpint(h.inc_h, ==, 32767);
    g_assert_cmpint(h.min_aspect_num, ==, 0);
    g_assert_cmpint(h.min_aspect_den, ==, 2);
    g_assert_cmpint(h.max_aspect_den, ==, 32767);
    g_assert_cmpint(h.base_w, ==, 0);
    g_assert_cmpint(h.base_h, ==, 0);
}

/* ---- _GTK_FRAME_EXTENTS ---- */

static void test_frame_extents_well_formed(void)
{
    static const uint32_t w[] = {20, 21, 15, 25};
    prop_value v = words(PROP_ATOM_CARDINAL, w, 4);
    int e[4];
    g_assert_true(prop_decode_frame_extents(&v, e));
    g_assert_cmpint(e[0], ==, 20);
    g_assert_cmpint(e[1], ==, 21);
    g_assert_cmpint(e[2], ==, 15);
    g_assert_cmpint(e[3], ==, 25);
}

static void test_frame_extents_clamped(void)
{
    static const uint32_t w[] = {100000, 0xFFFFFFFFu, 1024, 1025};
    prop_value v = words(PROP_ATOM_CARDINAL, w, 4);
    int e[4];
    g_assert_true(prop_decode_frame_extents(&v, e));
    for (int i = 0; i < 4; i++)
        g_assert_cmpint(e[i], ==, PROP_FRAME_EXTENTS_MAX);
}

static void test_frame_extents_malformed(void)
{
    static const uint32_t w[] = {1, 2, 3, 4, 5};
    int e[4] = {7, 7, 7, 7};
    prop_value v = words(PROP_ATOM_CARDINAL, w, 3);
    g_assert_false(prop_decode_frame_extents(&v, e));
    g_assert_cmpint(e[0] | e[1] | e[2] | e[3], ==, 0);
    v = words(PROP_ATOM_CARDINAL, w, 5);
    g_assert_false(prop_decode_frame_extents(&v, e));
    v = words(PROP_ATOM_ATOM, w, 4);
    g_assert_false(prop_decode_frame_extents(&v, e));
    v = prop_from_bytes(PROP_ATOM_CARDINAL, 16, 8, w);
    g_assert_false(prop_decode_frame_extents(&v, e));
    v = prop_from_bytes(PROP_ATOM_CARDINAL, 8, 16, w);
    g_assert_false(prop_decode_frame_extents(&v, e));
    prop_value none = {0};
    g_assert_false(prop_decode_frame_extents(&none, e));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/prop/from-bytes-counts-units", test_from_bytes_counts_units);
    g_test_add_func("/prop/from-bytes-refuses-partial-units",
                    test_from_bytes_refuses_partial_units);
    g_test_add_func("/prop/from-bytes-refuses-bad-format", test_from_bytes_refuses_bad_format);
    g_test_add_func("/prop/from-bytes-refuses-none-and-null",
                    test_from_bytes_refuses_none_and_null);
    g_test_add_func("/prop/from-bytes-refuses-too-many-units",
                    test_from_bytes_refuses_too_many_units);
    g_test_add_func("/prop/from-bytes-empty-property", test_from_bytes_empty_property);
    g_test_add_func("/prop/text-utf8-exact", test_text_utf8_exact);
    g_test_add_func("/prop/text-stops-at-nul", test_text_stops_at_nul);
    g_test_add_func("/prop/text-refuses-wrong-format", test_text_refuses_wrong_format);
    g_test_add_func("/prop/text-invalid-utf8-made-valid", test_text_invalid_utf8_made_valid);
    g_test_add_func("/prop/text-latin1-converted", test_text_latin1_converted);
    g_test_add_func("/prop/text-string-type-is-never-utf8", test_text_string_type_is_never_utf8);
    g_test_add_func("/prop/text-megabyte-title-cut-to-max", test_text_megabyte_title_cut_to_max);
    g_test_add_func("/prop/text-megabyte-title-cut-at-utf8-boundary",
                    test_text_megabyte_title_cut_at_utf8_boundary);
    g_test_add_func("/prop/text-megabyte-latin1-title-cut", test_text_megabyte_latin1_title_cut);
    g_test_add_func("/prop/text-megabyte-invalid-title-cut", test_text_megabyte_invalid_title_cut);
    g_test_add_func("/prop/text-at-max-kept-whole", test_text_at_max_kept_whole);
    g_test_add_func("/prop/card32-reads-first-word", test_card32_reads_first_word);
    g_test_add_func("/prop/card32-refuses-wrong-type-format-length",
                    test_card32_refuses_wrong_type_format_length);
    g_test_add_func("/prop/card32-list-reads-up-to-max", test_card32_list_reads_up_to_max);
    g_test_add_func("/prop/card32-list-refuses-wrong-type-format",
                    test_card32_list_refuses_wrong_type_format);
    g_test_add_func("/prop/wm-class-both-strings", test_wm_class_both_strings);
    g_test_add_func("/prop/wm-class-without-final-nul", test_wm_class_without_final_nul);
    g_test_add_func("/prop/wm-class-without-second-string", test_wm_class_without_second_string);
    g_test_add_func("/prop/wm-class-ignores-further-strings",
                    test_wm_class_ignores_further_strings);
    g_test_add_func("/prop/wm-class-empty-instance", test_wm_class_empty_instance);
    g_test_add_func("/prop/wm-class-latin1-converted", test_wm_class_latin1_converted);
    g_test_add_func("/prop/wm-class-refuses-wrong-type-format-length",
                    test_wm_class_refuses_wrong_type_format_length);
    g_test_add_func("/prop/wm-hints-full", test_wm_hints_full);
    g_test_add_func("/prop/wm-hints-fields-without-flags-ignored",
                    test_wm_hints_fields_without_flags_ignored);
    g_test_add_func("/prop/wm-hints-refuses-wrong-type-format",
                    test_wm_hints_refuses_wrong_type_format);
    g_test_add_func("/prop/wm-hints-one-word", test_wm_hints_one_word);
    g_test_add_func("/prop/wm-hints-eight-words-have-no-group",
                    test_wm_hints_eight_words_have_no_group);
    g_test_add_func("/prop/wm-hints-short-drops-flags-of-missing-fields",
                    test_wm_hints_short_drops_flags_of_missing_fields);
    g_test_add_func("/prop/size-hints-full", test_size_hints_full);
    g_test_add_func("/prop/size-hints-fields-without-flags-are-zero",
                    test_size_hints_fields_without_flags_are_zero);
    g_test_add_func("/prop/size-hints-pre-icccm-fifteen-words",
                    test_size_hints_pre_icccm_fifteen_words);
    g_test_add_func("/prop/size-hints-refuses-fewer-than-fifteen-words",
                    test_size_hints_refuses_fewer_than_fifteen_words);
    g_test_add_func("/prop/size-hints-refuses-wrong-type-format",
                    test_size_hints_refuses_wrong_type_format);
    g_test_add_func("/prop/size-hints-gravity-out-of-range-is-northwest",
                    test_size_hints_gravity_out_of_range_is_northwest);
    g_test_add_func("/prop/size-hints-sizes-clamped", test_size_hints_sizes_clamped);
    g_test_add_func("/prop/frame-extents/well-formed", test_frame_extents_well_formed);
    g_test_add_func("/prop/frame-extents/clamped", test_frame_extents_clamped);
    g_test_add_func("/prop/frame-extents/malformed", test_frame_extents_malformed);
    return g_test_run();
}
