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

bool caps_runtime_knows_until(const mockd3d12_runtime *runtime, uint16_t first_retail, uint16_t first_preview,
        uint16_t last_preview)
{
    /* A valid runtime's retail number is below 700 and its preview number at
     * or above (clamp_runtime_validate). */
    return mk_version_knows_until(runtime->kind == MOCKD3D12_RUNTIME_PREVIEW ? runtime->preview_sdk_version
            : runtime->sdk_version, first_retail, first_preview, last_preview);
}

bool caps_runtime_knows(const mockd3d12_runtime *runtime, uint16_t first_retail, uint16_t first_preview)
{
    return caps_runtime_knows_until(runtime, first_retail, first_preview, 0);
}

const struct mk_layout *caps_runtime_layout(const mockd3d12_runtime *runtime, uint32_t value)
{
    return mk_layout_at(value, runtime->kind == MOCKD3D12_RUNTIME_PREVIEW ? runtime->preview_sdk_version : 0);
}

void caps_fill_layout(const struct caps_adapter *adapter, const struct mk_layout *layout, void *data)
{
    unsigned i;

    memset(data, 0, layout->size);
    for (i = layout->first_field; i < (unsigned)layout->first_field + layout->field_count; ++i)
    {
        const struct mk_layout_field *field = &mk_layout_fields[i];
        const struct mk_field *source = &mk_fields[field->source];
        const void *values = caps_adapter_values(adapter, source->struct_index);
        const struct mk_field at = {field->name, field->type, field->offset, field->size, source->kind,
                MK_DIR_OUT, source->enum_index, source->struct_index, 0, 0, 0};

        mk_field_set(data, &at, values ? mk_field_get(values, source) : 0);
    }
}

HRESULT caps_fill_feature(const struct caps_fill *fill)
{
    if (fill->why && fill->why_size)
        fill->why[0] = 0;
    if (fill->write_back)
        *fill->write_back = false;
    return caps_fills[fill->feature->fill](fill);
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

bool caps_fill_enum_known(const mockd3d12_runtime *runtime, enum mk_enum_id enum_index, uint32_t value)
{
    unsigned i, end;

    for (mk_enum_value_range(enum_index, value, &i, &end); i < end; ++i)
    {
        const struct mk_enum_value *v = &mk_enum_values[mk_enum_value_order[i]];

        if (!v->is_alias && caps_runtime_knows_until(runtime, v->first_retail, v->first_preview, v->last_preview))
            return true;
    }
    return false;
}

bool caps_fill_declared_known(const struct caps_fill *fill, uint32_t value)
{
    unsigned count, i, field = mk_structs[fill->feature->struct_index].first_field;
    const struct mk_declared_value *declared = caps_adapter_declared_values(fill->adapter, &count);

    for (i = 0; i < count; ++i)
    {
        const struct mk_enum_value *v = &declared[i].value;

        if (declared[i].field_index == field && v->value == value && !v->is_alias
                && caps_runtime_knows_until(fill->runtime, v->first_retail, v->first_preview, v->last_preview))
            return true;
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

const struct mk_declared_value *caps_adapter_declared_values(const struct caps_adapter *a, unsigned *count)
{
    *count = a->new_value_count;
    return a->new_values;
}

/* How the generic copy writes a struct's outputs, decided once per struct
 * (racing threads store the same plan): when the output fields are one run
 * of bytes with no input and no padding inside it (the whole struct when it
 * has no input, or everything after a NodeIndex), one memcpy of that run
 * writes exactly the bytes the per-field copy writes; otherwise field by
 * field. A plan is one word: 0 not decided yet; bit 0 set, bit 1 "one run",
 * the run's first byte from bit 8 and its end from bit 20. */
#define CAPS_COPY_PLAN_CACHE_SIZE 256
static _Atomic uint32_t copy_plan_cache[CAPS_COPY_PLAN_CACHE_SIZE];

static uint32_t copy_plan(unsigned struct_index)
{
    const struct mk_struct *desc = &mk_structs[struct_index];
    uint32_t plan = struct_index < CAPS_COPY_PLAN_CACHE_SIZE
            ? atomic_load_explicit(&copy_plan_cache[struct_index], memory_order_relaxed) : 0;
    unsigned i, begin = desc->size, end = 0, covered = 0;
    bool run = true;

    if (plan)
        return plan;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *field = &mk_fields[i];

        if (field->dir != MK_DIR_OUT)
            continue;
        begin = field->offset < begin ? field->offset : begin;
        end = field->offset + field->size > end ? field->offset + field->size : end;
        covered += field->size;
    }
    /* Fields never overlap: outputs covering [begin, end) exactly leave no
     * room for an input or padding inside it. */
    if (!covered || covered != end - begin)
        run = false;
    plan = 1u | (run ? 2u : 0u) | (uint32_t)begin << 8 | (uint32_t)end << 20;
    if (struct_index < CAPS_COPY_PLAN_CACHE_SIZE)
        atomic_store_explicit(&copy_plan_cache[struct_index], plan, memory_order_relaxed);
    return plan;
}

/* Every output field gets the adapter's true value; inputs and padding stay
 * as given. */
HRESULT caps_fill_copy(const struct caps_fill *fill)
{
    const struct mk_struct *desc = &mk_structs[fill->feature->struct_index];
    const unsigned char *values = caps_adapter_values(fill->adapter, fill->feature->struct_index);
    uint32_t plan = copy_plan(fill->feature->struct_index);
    unsigned char *data = fill->data;
    unsigned i;

    if (plan & 2u)
    {
        unsigned begin = (plan >> 8) & 0xfff, end = plan >> 20;

        if (values)
            memcpy(data + begin, values + begin, end - begin);
        else
            memset(data + begin, 0, end - begin);
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

/* A feature the runtime passes to the driver, which may not answer it
 * (PREDICATION and HARDWARE_COPY are absent from AMD's reports): the
 * profile's values where it gives them, else E_NOTIMPL as the runtime
 * answers for a driver without it. */
HRESULT caps_fill_driver_optional(const struct caps_fill *fill)
{
    if (!caps_adapter_answers(fill->adapter, fill->feature))
        return caps_fill_fail(fill, E_NOTIMPL, "D3D12_FEATURE_%s is not answered by this adapter's driver "
                "(its profile gives no value of it).", mk_feature_name(fill->feature));
    return caps_fill_copy(fill);
}

HRESULT caps_fill_not_implemented(const struct caps_fill *fill)
{
    return caps_fill_fail(fill, E_NOTIMPL, "D3D12_FEATURE_%s is not implemented by the runtime.",
            mk_feature_name(fill->feature));
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
        /* Outputs are never the node index: no string compare for them. */
        if (mk_fields[i].dir != MK_DIR_OUT && !strcmp(mk_field_name(&mk_fields[i]), "NodeIndex"))
        {
            if (FAILED(hr = caps_fill_check_node(fill, (UINT)mk_field_get(fill->data, &mk_fields[i]))))
                return hr;
            break;
        }
    }
    return caps_fill_copy(fill);
}
