/*
 * The action table and key combinations as purr.conf writes them. Pure
 * text and keysyms: which key makes a keysym on this keyboard is the X
 * layer's business.
 */
#include "actions.h"

#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <xkbcommon/xkbcommon.h>

static const struct {
    const char *name;
    const char *keys;
} table[ACTION_COUNT] = {
#define PURR_ACTION_ROW(id, name, keys) [ACTION_##id] = {name, keys},
    PURR_ACTIONS(PURR_ACTION_ROW)
#undef PURR_ACTION_ROW
};

/* Every spelling of a modifier that GTK, GNOME or X users write. */
static const struct {
    const char *name;
    uint32_t mod;
} mod_names[] = {
    {"Shift", PURR_MOD_SHIFT}, {"Ctrl", PURR_MOD_CTRL},    {"Control", PURR_MOD_CTRL},
    {"Ctl", PURR_MOD_CTRL},    {"Primary", PURR_MOD_CTRL}, {"Alt", PURR_MOD_ALT},
    {"Mod1", PURR_MOD_ALT},    {"Super", PURR_MOD_SUPER},  {"Mod4", PURR_MOD_SUPER},
    {"Logo", PURR_MOD_SUPER},
};

int action_by_name(const char *name)
{
    for (int a = 0; name && a < ACTION_COUNT; a++)
        if (!strcmp(table[a].name, name))
            return a;
    return -1;
}

const char *action_name(enum purr_action a)
{
    return (unsigned)a < ACTION_COUNT ? table[a].name : NULL;
}

const char *action_default_keys(enum purr_action a)
{
    return (unsigned)a < ACTION_COUNT ? table[a].keys : NULL;
}

bool modifier_by_name(const char *name, size_t len, uint32_t *mod)
{
    for (size_t i = 0; i < G_N_ELEMENTS(mod_names); i++)
        if (strlen(mod_names[i].name) == len &&
            !g_ascii_strncasecmp(mod_names[i].name, name, len)) {
            *mod = mod_names[i].mod;
            return true;
        }
    return false;
}

/* Keysyms that only modify other keys: binding one alone makes no sense,
 * and X would deliver it while the user types a different combination. */
static bool is_modifier_keysym(xkb_keysym_t sym)
{
    return (sym >= XKB_KEY_Shift_L && sym <= XKB_KEY_Hyper_R) ||
           (sym >= XKB_KEY_ISO_Lock && sym <= XKB_KEY_ISO_Level5_Lock) ||
           sym == XKB_KEY_Mode_switch;
}

/* A key name as xkbcommon knows it, in any case; a lone character also
 * stands for its own keysym ("+" for plus). */
static xkb_keysym_t key_by_name(const char *name)
{
    xkb_keysym_t sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS);
    if (sym == XKB_KEY_NoSymbol)
        sym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE);
    if (sym == XKB_KEY_NoSymbol && g_utf8_validate(name, -1, NULL) && name[0] &&
        !*g_utf8_next_char(name))
        sym = xkb_utf32_to_keysym(g_utf8_get_char(name));
    return sym;
}

G_GNUC_PRINTF(3, 4)
static bool fail(char *why, size_t why_size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (why && why_size)
        vsnprintf(why, why_size, fmt, ap);
    va_end(ap);
    return false;
}

bool binding_parse(const char *text, uint32_t *mods, uint32_t *keysym, char *why, size_t why_size)
{
    g_autofree char *whole = g_strstrip(g_strdup(text ? text : ""));
    g_autofree char *copy = g_strdup(whole); /* cut into pieces below */
    uint32_t m = 0, mod;
    char *p = copy;

    /* GTK's accelerator form: <Mod><Mod>key, then the same key rules. */
    while (*p == '<') {
        char *end = strchr(p, '>');
        if (!end)
            return fail(why, why_size, "'%s' has a '<' without its '>'", whole);
        *end = '\0';
        if (!modifier_by_name(p + 1, strlen(p + 1), &mod))
            return fail(why, why_size, "unknown modifier '%s'", p + 1);
        m |= mod;
        p = end + 1;
        while (*p == ' ')
            p++;
    }
    /* Mod+Mod+key. The search starts one past p so that a '+' in first
     * place is a key: "Ctrl++" binds plus. */
    char *plus;
    while (*p && (plus = strchr(p + 1, '+'))) {
        *plus = '\0';
        g_strstrip(p);
        if (!modifier_by_name(p, strlen(p), &mod))
            return fail(why, why_size, "unknown modifier '%s'", p);
        m |= mod;
        p = plus + 1;
        while (*p == ' ')
            p++;
    }
    g_strstrip(p);
    if (!*p)
        return fail(why, why_size, "'%s' names no key", whole);
    if (modifier_by_name(p, strlen(p), &mod))
        return fail(why, why_size, "'%s' is a modifier; a combination needs a key too", p);
    xkb_keysym_t sym = key_by_name(p);
    if (sym == XKB_KEY_NoSymbol)
        return fail(why, why_size, "no key is called '%s'", p);
    if (is_modifier_keysym(sym))
        return fail(why, why_size, "'%s' is a modifier; a combination needs a key too", p);
    *mods = m;
    *keysym = xkb_keysym_to_lower(sym);
    return true;
}

char *binding_to_string(uint32_t mods, uint32_t keysym)
{
    GString *s = g_string_new(NULL);
    if (mods & PURR_MOD_SHIFT)
        g_string_append(s, "Shift+");
    if (mods & PURR_MOD_CTRL)
        g_string_append(s, "Ctrl+");
    if (mods & PURR_MOD_ALT)
        g_string_append(s, "Alt+");
    if (mods & PURR_MOD_SUPER)
        g_string_append(s, "Super+");
    char name[64];
    if (xkb_keysym_get_name(keysym, name, sizeof name) < 0)
        snprintf(name, sizeof name, "0x%x", keysym);
    g_string_append(s, name);
    return g_string_free(s, FALSE);
}
