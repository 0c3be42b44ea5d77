/*
 * Answering one CheckFeatureSupport query: the dispatch to the feature's fill
 * function (named in data/feature-handlers.tsv), the generic copy of the
 * adapter's true values, and the helpers every fill shares.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "caps/adapter.h"
#include "caps/fill_private.h"

bool caps_runtime_knows(const mockd3d12_runtime *runtime, uint16_t first_retail, uint16_t first_preview)
{
    if (runtime->kind == MOCKD3D12_RUNTIME_PREVIEW)
        return first_preview != MK_NEVER && first_preview <= runtime->preview_sdk_version;
    return first_retail != MK_NEVER && first_retail <= runtime->sdk_version;
}

HRESULT caps_fill_feature(const struct caps_fill *fill)
{
    if (fill->why && fill->why_size)
        fill->why[0] = 0;
    if (fill->write_back)
        *fill->write_back = false;
    if (!fill->feature->fill)
        return caps_fill_copy(fill);
    return fill->feature->fill(fill);
}

HRESULT caps_fill_fail(const struct caps_fill *fill, HRESULT hr, const char *format, ...)
{
    va_list args;

    if (fill->why && fill->why_size)
    {
        va_start(args, format);
        vsnprintf(fill->why, fill->why_size, format, args);
        va_end(args);
    }
    return hr;
}

const void *caps_fill_values_of(const struct caps_adapter *adapter, D3D12_FEATURE feature)
{
    const struct mk_feature *f = mk_feature_from_value((uint32_t)feature);

    return f ? caps_adapter_values(adapter, f->struct_index) : NULL;
}

bool caps_fill_enum_known(const mockd3d12_runtime *runtime, const char *enum_name, uint32_t value)
{
    size_t i, j;

    for (i = 0; i < mk_enum_count; ++i)
    {
        const struct mk_enum *e = &mk_enums[i];

        if (strcmp(e->name, enum_name))
            continue;
        for (j = e->first_value; j < (size_t)e->first_value + e->value_count; ++j)
        {
            const struct mk_enum_value *v = &mk_enum_values[j];

            if (v->value == value && !v->is_alias && caps_runtime_knows(runtime, v->first_retail, v->first_preview))
                return true;
        }
        return false;
    }
    return false;
}

HRESULT caps_fill_check_node(const struct caps_fill *fill, UINT node_index)
{
    UINT count = caps_adapter_node_count(fill->adapter);

    if (node_index >= count)
        return caps_fill_fail(fill, E_INVALIDARG, "NodeIndex %u is not below the node count %u.", node_index, count);
    return S_OK;
}

bool caps_adapter_has_new_values_in(const struct caps_adapter *a, unsigned struct_index)
{
    unsigned i;

    for (i = 0; i < a->new_value_count; ++i)
    {
        if (a->new_values[i].field_index < mk_field_count
                && mk_fields[a->new_values[i].field_index].struct_index == struct_index)
            return true;
    }
    return false;
}

/* Structs whose fields are all outputs and cover every byte (no input, no
 * padding): the generic copy is then one memcpy of the whole struct, which
 * writes exactly the bytes the per-field copy writes. Decided once per
 * struct; racing threads store the same answer. */
enum dense_state
{
    DENSE_UNKNOWN = 0,
    DENSE_YES,
    DENSE_NO,
};

#define CAPS_DENSE_CACHE_SIZE 256
static _Atomic unsigned char dense_cache[CAPS_DENSE_CACHE_SIZE];

static bool struct_is_dense(unsigned struct_index)
{
    const struct mk_struct *desc = &mk_structs[struct_index];
    unsigned char state = struct_index < CAPS_DENSE_CACHE_SIZE
            ? atomic_load_explicit(&dense_cache[struct_index], memory_order_relaxed) : DENSE_UNKNOWN;
    unsigned i, covered = 0;

    if (state != DENSE_UNKNOWN)
        return state == DENSE_YES;
    state = DENSE_YES;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        if (mk_fields[i].dir != MK_DIR_OUT)
            state = DENSE_NO;
        covered += mk_fields[i].size;
    }
    /* Fields never overlap, so covering `size` bytes means no padding. */
    if (covered != desc->size)
        state = DENSE_NO;
    if (struct_index < CAPS_DENSE_CACHE_SIZE)
        atomic_store_explicit(&dense_cache[struct_index], state, memory_order_relaxed);
    return state == DENSE_YES;
}

/* Every output field gets the adapter's true value; inputs stay as given. */
HRESULT caps_fill_copy(const struct caps_fill *fill)
{
    const struct mk_struct *desc = &mk_structs[fill->feature->struct_index];
    const unsigned char *values = caps_adapter_values(fill->adapter, fill->feature->struct_index);
    unsigned char *data = fill->data;
    unsigned i;

    if (struct_is_dense(fill->feature->struct_index))
    {
        if (values)
            memcpy(data, values, desc->size);
        else
            memset(data, 0, desc->size);
        return S_OK;
    }
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *field = &mk_fields[i];

        if (field->dir != MK_DIR_OUT)
            continue;
        if (values)
            memcpy(data + field->offset, values + field->offset, field->size);
        else
            memset(data + field->offset, 0, field->size);
    }
    return S_OK;
}

HRESULT caps_fill_not_implemented(const struct caps_fill *fill)
{
    return caps_fill_fail(fill, E_NOTIMPL, "D3D12_FEATURE_%s is not implemented by the runtime.", fill->feature->name);
}

/* ARCHITECTURE, ARCHITECTURE1, PROTECTED_RESOURCE_SESSION_SUPPORT / _TYPE_COUNT
 * and SERIALIZATION: a NodeIndex input, then the adapter's values (which
 * are the same for every node of a linked-node adapter). */
HRESULT caps_fill_node_indexed(const struct caps_fill *fill)
{
    const struct mk_struct *desc = &mk_structs[fill->feature->struct_index];
    unsigned i;
    HRESULT hr;

    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        if (!strcmp(mk_fields[i].name, "NodeIndex"))
        {
            if (FAILED(hr = caps_fill_check_node(fill, (UINT)mk_field_get(fill->data, &mk_fields[i]))))
                return hr;
            break;
        }
    }
    return caps_fill_copy(fill);
}
