/*
 * Helpers shared by the fill functions (src/caps/fill*.c).
 */
#ifndef MOCKD3D12_CAPS_FILL_PRIVATE_H
#define MOCKD3D12_CAPS_FILL_PRIVATE_H

#include <stdarg.h>
#include <stdatomic.h>

#include "caps/caps_handlers.h"
#include "printf_format.h"

/* Writes a one-line reason to fill->why and returns `hr`. */
HRESULT caps_fill_fail(const struct caps_fill *fill, HRESULT hr, const char *format, ...)
        MK_PRINTF_FORMAT(3, 4);

/* The adapter's true values for another feature's struct (NULL if none). */
const void *caps_fill_values_of(const struct caps_adapter *adapter, D3D12_FEATURE feature);


/* Is `value` a member (not an alias) of the enum that this runtime knows? */
bool caps_fill_enum_known(const mockd3d12_runtime *runtime, enum mk_enum_id enum_index, uint32_t value);
/* Is `value` one the adapter declares ("newValues") for the feature's first
 * field, and does the runtime know it? (A requested shader model or root
 * signature version the profile declares is a valid question.) */
bool caps_fill_declared_known(const struct caps_fill *fill, uint32_t value);

/* Checks a NodeIndex input against the adapter's node count. */
HRESULT caps_fill_check_node(const struct caps_fill *fill, UINT node_index);

#endif
