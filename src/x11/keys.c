/*
 * Key bindings. xkbcommon reads the keyboard's keymap from the server; each
 * binding (modifiers + keysym) becomes a passive grab on the root for every
 * key that produces the keysym, once for each combination of the lock
 * modifiers, so that Num Lock or Caps Lock never break a shortcut. A keymap
 * change (setxkbmap: XKB NewKeyboardNotify or MapNotify; xmodmap: core
 * MappingNotify) reloads the keymap and grabs again.
 *
 * Which real modifier (Mod1..Mod5) is Alt, Super, Num Lock or Scroll Lock
 * is read from the core modifier mapping, as the keysyms of the keys that
 * hold each modifier: xkbcommon does not expose the virtual-to-real map.
 */
#include "x11/x11.h"

#include <stdlib.h>
#include <string.h>
#include <xcb/xkb.h>
#include <xkbcommon/xkbcommon-x11.h>

#include "config.h"
#include "util/log.h"

static void read_modifier_mapping(x11 *x)
{
    xkeys *k = &x->keys;
    k->shift = XCB_MOD_MASK_SHIFT;
    k->ctrl = XCB_MOD_MASK_CONTROL;
    k->alt = k->super = k->numlock = k->scrolllock = 0;
    memset(k->keycode_mods, 0, sizeof k->keycode_mods);
    xcb_get_modifier_mapping_reply_t *r =
        xcb_get_modifier_mapping_reply(x->conn, xcb_get_modifier_mapping(x->conn), NULL);
    if (!r)
        return;
    xcb_keycode_t *codes = xcb_get_modifier_mapping_keycodes(r);
    int per = r->keycodes_per_modifier;
    int n = xcb_get_modifier_mapping_keycodes_length(r);
    for (int mod = 0; mod < 8 && (mod + 1) * per <= n; mod++) {
        uint16_t bit = (uint16_t)(1u << mod);
        for (int i = 0; i < per; i++) {
            xcb_keycode_t kc = codes[mod * per + i];
            if (!kc)
                continue;
            k->keycode_mods[kc] |= bit;
            uint32_t sym = keys_keysym(x, kc);
            if (mod < 3)
                continue; /* Shift, Lock, Control are what they say */
            if (sym == XKB_KEY_Alt_L || sym == XKB_KEY_Alt_R || sym == XKB_KEY_Meta_L ||
                sym == XKB_KEY_Meta_R)
                k->alt |= bit;
            else if (sym == XKB_KEY_Super_L || sym == XKB_KEY_Super_R)
                k->super |= bit;
            else if (sym == XKB_KEY_Num_Lock)
                k->numlock |= bit;
            else if (sym == XKB_KEY_Scroll_Lock)
                k->scrolllock |= bit;
        }
    }
    free(r);
    /* Alt and Super sharing a bit would make every Alt binding a Super
     * one too; keep Alt. */
    k->super &= (uint16_t)~k->alt;
}

static bool load_keymap(x11 *x)
{
    xkeys *k = &x->keys;
    struct xkb_keymap *km = xkb_x11_keymap_new_from_device(k->ctx, x->conn, k->device, 0);
    if (!km) {
        log_warn("could not read the keyboard's keymap; key bindings stay as they were");
        return false;
    }
    if (k->keymap)
        xkb_keymap_unref(k->keymap);
    k->keymap = km;
    read_modifier_mapping(x);
    return true;
}

void keys_init(x11 *x)
{
    xkeys *k = &x->keys;
    k->grabs = g_array_new(FALSE, FALSE, sizeof(key_grab));
    uint8_t base = 0;
    if (!xkb_x11_setup_xkb_extension(
            x->conn, XKB_X11_MIN_MAJOR_XKB_VERSION, XKB_X11_MIN_MINOR_XKB_VERSION,
            XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, NULL, NULL, &base, NULL)) {
        log_warn("the X server has no XKB extension: no key bindings");
        return;
    }
    k->event_base = base;
    k->ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    k->device = xkb_x11_get_core_keyboard_device_id(x->conn);
    if (!k->ctx || k->device < 0) {
        log_warn("no core keyboard: no key bindings");
        return;
    }
    uint16_t events = XCB_XKB_EVENT_TYPE_NEW_KEYBOARD_NOTIFY | XCB_XKB_EVENT_TYPE_MAP_NOTIFY;
    uint16_t map_parts = XCB_XKB_MAP_PART_KEY_TYPES | XCB_XKB_MAP_PART_KEY_SYMS |
                         XCB_XKB_MAP_PART_MODIFIER_MAP | XCB_XKB_MAP_PART_VIRTUAL_MODS |
                         XCB_XKB_MAP_PART_VIRTUAL_MOD_MAP;
    xcb_xkb_select_events_details_t details = {
        .affectNewKeyboard = XCB_XKB_NKN_DETAIL_KEYCODES,
        .newKeyboardDetails = XCB_XKB_NKN_DETAIL_KEYCODES,
    };
    xcb_xkb_select_events_aux(x->conn, (xcb_xkb_device_spec_t)k->device, events, 0, 0, map_parts,
                              map_parts, &details);
    load_keymap(x);
}

void keys_finish(x11 *x)
{
    xkeys *k = &x->keys;
    if (k->keymap)
        xkb_keymap_unref(k->keymap);
    if (k->ctx)
        xkb_context_unref(k->ctx);
    if (k->grabs)
        g_array_free(k->grabs, TRUE);
    memset(k, 0, sizeof *k);
}

uint32_t keys_keysym(const x11 *x, uint8_t keycode)
{
    const xkb_keysym_t *syms;
    if (!x->keys.keymap ||
        xkb_keymap_key_get_syms_by_level(x->keys.keymap, keycode, 0, 0, &syms) < 1)
        return XKB_KEY_NoSymbol;
    return syms[0];
}

uint16_t keys_real_mods(const x11 *x, uint32_t purr_mods)
{
    const xkeys *k = &x->keys;
    uint16_t m = 0;
    if (purr_mods & PURR_MOD_SHIFT)
        m |= k->shift;
    if (purr_mods & PURR_MOD_CTRL)
        m |= k->ctrl;
    if (purr_mods & PURR_MOD_ALT)
        m |= k->alt;
    if (purr_mods & PURR_MOD_SUPER)
        m |= k->super;
    return m;
}

int keys_lock_combinations(const x11 *x, uint16_t out[8])
{
    uint16_t locks[3] = {XCB_MOD_MASK_LOCK, x->keys.numlock, x->keys.scrolllock};
    int n = 0;
    out[n++] = 0;
    for (int i = 0; i < 3; i++) {
        if (!locks[i])
            continue;
        for (int j = 0, have = n; j < have; j++)
            out[n++] = out[j] | locks[i];
    }
    return n;
}

uint16_t keys_clean(const x11 *x, uint16_t state)
{
    uint16_t locks = XCB_MOD_MASK_LOCK | x->keys.numlock | x->keys.scrolllock;
    return state & 0xff & (uint16_t)~locks;
}

/* Does a missing modifier make this binding impossible here? */
static bool mods_exist(const x11 *x, uint32_t mods)
{
    return (!(mods & PURR_MOD_ALT) || x->keys.alt) && (!(mods & PURR_MOD_SUPER) || x->keys.super);
}

static const char *where(const x11 *x)
{
    return x->config && x->config->path ? x->config->path : "purr.conf";
}

void keys_grab(x11 *x)
{
    xkeys *k = &x->keys;
    if (!k->keymap || !x->config || !x->config->bindings)
        return;
    xcb_ungrab_key(x->conn, XCB_GRAB_ANY, x->root, XCB_MOD_MASK_ANY);
    g_array_set_size(k->grabs, 0);
    uint16_t locks[8];
    int n_locks = keys_lock_combinations(x, locks);
    xkb_keycode_t lo = xkb_keymap_min_keycode(k->keymap), hi = xkb_keymap_max_keycode(k->keymap);
    bool missing = false;

    /* The first grab of each binding is checked (another program may hold
     * the combination); all are sent before the first check waits. */
    typedef struct {
        xcb_void_cookie_t cookie;
        const purr_binding *b;
    } pending;
    GArray *checks = g_array_new(FALSE, FALSE, sizeof(pending));
    const GArray *bindings = x->config->bindings;
    for (guint i = 0; i < bindings->len; i++) {
        const purr_binding *b = &g_array_index(bindings, purr_binding, i);
        if (!mods_exist(x, b->mods)) {
            /* Said once, and again only after the key came back. */
            if (!k->told_missing && !missing)
                log_warn("this keyboard has no %s key: bindings that need it are not grabbed",
                         (b->mods & PURR_MOD_SUPER) && !k->super ? "Super" : "Alt");
            missing = true;
            continue;
        }
        bool found = false;
        for (xkb_keycode_t kc = lo; kc <= hi && kc < 256; kc++) {
            for (xkb_level_index_t level = 0; level < 2; level++) {
                const xkb_keysym_t *syms;
                int ns = xkb_keymap_key_get_syms_by_level(k->keymap, kc, 0, level, &syms);
                if (ns < 1 || xkb_keysym_to_lower(syms[0]) != b->keysym)
                    continue;
                /* A keysym on the shifted level needs Shift held. */
                uint16_t mods = keys_real_mods(x, b->mods | (level ? PURR_MOD_SHIFT : 0));
                key_grab g = {(uint8_t)kc, mods, b->action};
                g_array_append_val(k->grabs, g);
                for (int l = 0; l < n_locks; l++) {
                    xcb_void_cookie_t ck =
                        l == 0
                            ? xcb_grab_key_checked(x->conn, 1, x->root, mods | locks[l],
                                                   (xcb_keycode_t)kc, XCB_GRAB_MODE_ASYNC,
                                                   XCB_GRAB_MODE_ASYNC)
                            : xcb_grab_key(x->conn, 1, x->root, mods | locks[l], (xcb_keycode_t)kc,
                                           XCB_GRAB_MODE_ASYNC, XCB_GRAB_MODE_ASYNC);
                    if (l == 0) {
                        pending p = {ck, b};
                        g_array_append_val(checks, p);
                    } else {
                        x11_expect(x, ck.sequence);
                    }
                }
                found = true;
                break; /* the first level that has it */
            }
        }
        if (!found) {
            char name[64];
            xkb_keysym_get_name(b->keysym, name, sizeof name);
            if (b->line)
                log_warn("%s:%d: no key on this keyboard makes '%s'; %s is not bound", where(x),
                         b->line, name, action_name(b->action));
            else
                log_info("no key on this keyboard makes '%s'; %s has no default key", name,
                         action_name(b->action));
        }
    }
    k->told_missing = missing;
    const purr_binding *last = NULL;
    for (guint i = 0; i < checks->len; i++) {
        pending *p = &g_array_index(checks, pending, i);
        xcb_generic_error_t *err = xcb_request_check(x->conn, p->cookie);
        if (err && p->b != last) {
            char name[64];
            xkb_keysym_get_name(p->b->keysym, name, sizeof name);
            log_warn("another program holds the key '%s' with those modifiers; %s is not bound "
                     "to it",
                     name, action_name(p->b->action));
            last = p->b;
        }
        free(err);
    }
    g_array_free(checks, TRUE);
}

int keys_lookup(const x11 *x, uint8_t keycode, uint16_t state)
{
    uint16_t mods = keys_clean(x, state);
    const GArray *g = x->keys.grabs;
    for (guint i = 0; g && i < g->len; i++) {
        const key_grab *k = &g_array_index(g, key_grab, i);
        if (k->keycode == keycode && k->mods == mods)
            return (int)k->action;
    }
    return -1;
}

bool keys_event(x11 *x, xcb_generic_event_t *ev)
{
    uint8_t type = ev->response_type & 0x7f;
    if (type == XCB_MAPPING_NOTIFY) {
        xcb_mapping_notify_event_t *m = (xcb_mapping_notify_event_t *)ev;
        if (m->request == XCB_MAPPING_POINTER)
            return true;
    } else if (!x->keys.event_base || type != x->keys.event_base) {
        return false;
    } else {
        /* All XKB events share one type; the kind is in the next byte. */
        uint8_t kind = ((const uint8_t *)ev)[1];
        if (kind != XCB_XKB_NEW_KEYBOARD_NOTIFY && kind != XCB_XKB_MAP_NOTIFY)
            return true;
        if (kind == XCB_XKB_NEW_KEYBOARD_NOTIFY &&
            ((xcb_xkb_new_keyboard_notify_event_t *)ev)->deviceID != x->keys.device)
            return true;
    }
    /* One keyboard change sends several events: reload once, before the
     * next push. */
    x->keys.stale = true;
    return true;
}

void keys_refresh(x11 *x)
{
    if (!x->keys.stale)
        return;
    x->keys.stale = false;
    if (load_keymap(x)) {
        log_debug("keymap changed: grabbing the key bindings again");
        keys_grab(x);
    }
}
