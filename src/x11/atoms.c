/*
 * Atoms: all InternAtom requests go out before the first reply is read.
 * This is the one global table of the X layer: atoms are constants for
 * the life of the connection.
 */
#include "x11/atoms.h"

#include <string.h>

#include "util/log.h"

xcb_atom_t atoms[ATOM_COUNT];

static const char *const names[ATOM_COUNT] = {
#define ATOM_NAME(name) #name,
    ATOM_LIST(ATOM_NAME)
#undef ATOM_NAME
};

const char *atoms_name(enum atom_id id)
{
    return names[id];
}

bool atoms_intern(xcb_connection_t *conn)
{
    xcb_intern_atom_cookie_t cookies[ATOM_COUNT];
    for (int i = 0; i < ATOM_COUNT; i++)
        cookies[i] = xcb_intern_atom(conn, 0, (uint16_t)strlen(names[i]), names[i]);
    bool ok = true;
    for (int i = 0; i < ATOM_COUNT; i++) {
        xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(conn, cookies[i], NULL);
        if (!r) {
            log_warn("cannot intern atom %s", names[i]);
            ok = false;
            continue;
        }
        atoms[i] = r->atom;
        free(r);
    }
    return ok;
}
