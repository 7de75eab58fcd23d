/*
 * Decoders for ICCCM and EWMH window properties. They take the raw bytes of
 * a GetProperty reply and never trust them: type, format and length are all
 * checked, strings are made valid UTF-8 and cut to a sane length. They need
 * no X connection, so tests and the fuzzer call them directly.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Predefined atoms of the core protocol, fixed by the X11 specification. */
enum {
    PROP_ATOM_ATOM = 4,
    PROP_ATOM_CARDINAL = 6,
    PROP_ATOM_STRING = 31,
    PROP_ATOM_WINDOW = 33,
    PROP_ATOM_WM_HINTS = 35,
    PROP_ATOM_WM_SIZE_HINTS = 41,
};

/* Titles longer than this are cut (at a character boundary). */
#define PROP_TEXT_MAX 512

typedef struct prop_value {
    uint32_t type;   /* 0 (None): the property does not exist */
    uint8_t format;  /* 8, 16 or 32 */
    uint32_t length; /* in units of format */
    const void *data;
} prop_value;

/* Build a value from a reply's fields; a format other than 8/16/32 or bytes
 * that don't fill whole units give an empty value. */
prop_value prop_from_bytes(uint32_t type, uint8_t format, size_t nbytes, const void *data);

/* Text (UTF8_STRING; STRING and any other 8-bit type read as Latin-1):
 * a newly allocated valid UTF-8 string, or NULL when not 8-bit data. */
char *prop_text(const prop_value *v, uint32_t utf8_atom);

/* A 32-bit value of the given type (CARDINAL, WINDOW, ...). */
bool prop_card32(const prop_value *v, uint32_t type, uint32_t *out);

/* Up to max 32-bit values of the given type; returns how many were read. */
size_t prop_card32_list(const prop_value *v, uint32_t type, uint32_t *out, size_t max);

/* WM_CLASS: instance and class, newly allocated (either may be NULL). */
bool prop_wm_class(const prop_value *v, char **instance, char **klass);

enum {
    PROP_HINT_INPUT = 1 << 0,
    PROP_HINT_STATE = 1 << 1,
    PROP_HINT_WINDOW_GROUP = 1 << 6,
    PROP_HINT_URGENCY = 1 << 8,
};

typedef struct prop_wm_hints {
    uint32_t flags;
    bool input;
    uint32_t initial_state;
    uint32_t window_group;
} prop_wm_hints;

bool prop_decode_wm_hints(const prop_value *v, prop_wm_hints *out);

enum {
    PROP_SIZE_US_POSITION = 1 << 0,
    PROP_SIZE_US_SIZE = 1 << 1,
    PROP_SIZE_P_POSITION = 1 << 2,
    PROP_SIZE_P_SIZE = 1 << 3,
    PROP_SIZE_P_MIN_SIZE = 1 << 4,
    PROP_SIZE_P_MAX_SIZE = 1 << 5,
    PROP_SIZE_P_RESIZE_INC = 1 << 6,
    PROP_SIZE_P_ASPECT = 1 << 7,
    PROP_SIZE_P_BASE_SIZE = 1 << 8,
    PROP_SIZE_P_WIN_GRAVITY = 1 << 9,
};

/* WM_NORMAL_HINTS. Fields whose flag is not set hold 0; sizes are clamped
 * to 0..32767, gravity to 1..10 (1 when absent or out of range). */
typedef struct prop_size_hints {
    uint32_t flags;
    int min_w, min_h, max_w, max_h, inc_w, inc_h, base_w, base_h;
    int min_aspect_num, min_aspect_den, max_aspect_num, max_aspect_den;
    int win_gravity;
} prop_size_hints;

bool prop_decode_size_hints(const prop_value *v, prop_size_hints *out);

/* _NET_WM_STRUT_PARTIAL (12 values) or _NET_WM_STRUT (4, full-length):
 * out gets left, right, top, bottom, then the start and end of each side
 * (left_start_y, left_end_y, right_start_y, right_end_y, top_start_x,
 * top_end_x, bottom_start_x, bottom_end_x). Negative or huge values are
 * clamped to 0..32767; a partial end before its start covers nothing. */
bool prop_decode_strut(const prop_value *v, bool partial, int out[12]);

/* _MOTIF_WM_HINTS: does it ask for no decoration at all? */
bool prop_decode_motif_undecorated(const prop_value *v, bool *undecorated);

/* The widest shadow margin taken from _GTK_FRAME_EXTENTS; GTK's are tens of
 * pixels. */
#define PROP_FRAME_EXTENTS_MAX 1024

/* _GTK_FRAME_EXTENTS: the invisible margins a client-side decorated window
 * draws its shadow in; out gets left, right, top, bottom, each clamped to
 * 0..PROP_FRAME_EXTENTS_MAX. False (out zeroed) unless CARDINAL, format 32
 * and exactly 4 values. */
bool prop_decode_frame_extents(const prop_value *v, int out[4]);

/* _NET_WM_ICON: the icon closest to want pixels wide (the smallest one at
 * least that big, else the biggest), each entry checked against the
 * property's length; *pixels points into v's data (ARGB32, w x h). */
bool prop_pick_icon(const prop_value *v, int want, const uint32_t **pixels, int *w, int *h);
