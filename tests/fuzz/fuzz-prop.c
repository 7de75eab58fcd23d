/*
 * Fuzz target for the property decoders: the first bytes choose the type
 * and format a hostile client could claim, the rest is the property's data.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "x11/prop.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static const uint32_t types[] = {
        PROP_ATOM_ATOM,     PROP_ATOM_CARDINAL,      PROP_ATOM_STRING,      PROP_ATOM_WINDOW,
        PROP_ATOM_WM_HINTS, PROP_ATOM_WM_SIZE_HINTS, 300 /* UTF8_STRING */, 0};
    uint32_t type = types[data[0] % 8];
    uint8_t format = (uint8_t)(data[1] & 0x38); /* 0, 8, 16, 24, 32, ... */
    /* Copy so the decoders see exactly size bytes and nothing after. */
    size -= 2;
    uint8_t *copy = malloc(size ? size : 1);
    memcpy(copy, data + 2, size);
    prop_value v = prop_from_bytes(type, format, size, copy);

    free(prop_text(&v, 300));
    uint32_t one, list[64];
    prop_card32(&v, type, &one);
    prop_card32_list(&v, type, list, 64);
    char *inst, *klass;
    prop_wm_class(&v, &inst, &klass);
    free(inst);
    free(klass);
    prop_wm_hints h;
    prop_decode_wm_hints(&v, &h);
    prop_size_hints s;
    prop_decode_size_hints(&v, &s);
    if (v.type == PROP_ATOM_WM_SIZE_HINTS && (s.win_gravity < 1 || s.win_gravity > 10))
        abort();
    if (s.min_w < 0 || s.max_w > 32767)
        abort();
    int fe[4];
    if (prop_decode_frame_extents(&v, fe))
        for (int i = 0; i < 4; i++)
            if (fe[i] < 0 || fe[i] > PROP_FRAME_EXTENTS_MAX)
                abort();
    const uint32_t *px;
    int iw, ih;
    if (prop_pick_icon(&v, 64, &px, &iw, &ih)) {
        /* The whole icon lies inside the data. */
        const uint8_t *end = (const uint8_t *)(px + (size_t)iw * (size_t)ih);
        if (iw < 1 || ih < 1 || end > copy + size)
            abort();
    }
    free(copy);
    return 0;
}
