/*
 * The empty set of baked adapters, linked into the baker
 * (tools/bake/bake_adapters.c), which makes the real set by running the
 * profile loader over the built-in profile texts.
 */
#include "caps/adapter.h"

struct caps_adapter *const caps_baked_adapters = NULL;
const unsigned caps_baked_adapter_count = 0;
const unsigned caps_baked_struct_count = 0, caps_baked_field_count = 0;
