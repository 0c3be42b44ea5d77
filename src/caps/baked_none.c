/*
 * The empty set of baked adapters, linked into the baker
 * (tools/bake/bake_adapters.c), which makes the real set by running the
 * profile loader over the built-in profile texts.
 */
#include "caps/adapter.h"

struct caps_adapter caps_baked_adapters[1]; /* C has no empty array: never used */
const unsigned caps_baked_adapter_count = 0;

const char *caps_baked_adapter_id(unsigned i)
{
    (void)i;
    return NULL;
}

void caps_baked_adapter_fill(unsigned i, struct caps_adapter *a)
{
    (void)i;
    (void)a;
}
const unsigned caps_baked_struct_count = 0, caps_baked_field_count = 0;
