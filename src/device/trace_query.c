/*
 * The capability trace's records of the device's queries (docs/trace.md):
 * CheckFeatureSupport and CheckFeatureSupport1 with their answer field by
 * field, and the fields whose answer differs from the adapter's true value
 * (clamped, or pinned by the legacy entry point).
 */
#include <string.h>

#include "caps/caps.h"
#include "device.h"
#include "mk_tables.h"
#include "trace.h"
#include "trace_query.h"

/* A field's value as the record shows it: BOOL true/false, an enum's name
 * (a number where the value has none), a flags field in hex, a number. */
static void put_value(struct mk_trace_record *r, const struct caps_adapter *adapter, const char *key,
        const struct mk_field *field, uint64_t value)
{
    const char *name;

    if (field->kind == MK_FIELD_BOOL)
        mk_trace_bool(r, key, value != 0);
    else if (field->kind == MK_FIELD_ENUM && mk_enums[field->enum_index].category == MK_ENUM_FLAGS)
        mk_trace_hex(r, key, value);
    else if (field->kind == MK_FIELD_ENUM && (name = caps_value_name(adapter, (unsigned)(field - mk_fields), (uint32_t)value)))
        mk_trace_string(r, key, name);
    else
        mk_trace_uint(r, key, value);
}

static bool has_inputs(const struct mk_struct *s)
{
    unsigned i;

    for (i = s->first_field; i < (unsigned)s->first_field + s->field_count; ++i)
    {
        if (mk_fields[i].dir != MK_DIR_OUT)
            return true;
    }
    return false;
}

void mk_trace_feature_query(struct mk_device *device, bool legacy, D3D12_FEATURE value, const void *data,
        UINT data_size, UINT sdk_version, HRESULT hr)
{
    const struct mk_feature *feature = mk_feature_from_value((uint32_t)value);
    const struct mk_layout *layout = caps_runtime_layout(&device->runtime, (uint32_t)value);
    const struct mk_struct *s = feature && !layout ? &mk_structs[feature->struct_index] : NULL;
    const unsigned char *truth;
    struct mk_trace_record r;
    unsigned i;

    mk_trace_begin(&r, legacy ? "CheckFeatureSupport" : "CheckFeatureSupport1");
    mk_trace_string(&r, "adapter", caps_adapter_id(device->adapter));
    if (feature)
        mk_trace_string(&r, "feature", mk_feature_name(feature));
    else
        mk_trace_uint(&r, "feature", (uint32_t)value);
    mk_trace_uint(&r, "size", data_size);
    if (!legacy)
        mk_trace_uint(&r, "sdkVersion", sdk_version);
    else /* deprecated only where its successor, ID3D12Device17, exists */
        mk_trace_bool(&r, "deprecated", device->has_device17);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr) && layout)
    {
        /* Another layout at this runtime (mk_layouts[]): its fields, each
         * named by its source field's values; never clamped. */
        mk_trace_object(&r, "answer");
        for (i = layout->first_field; i < (unsigned)layout->first_field + layout->field_count; ++i)
        {
            const struct mk_layout_field *lf = &mk_layout_fields[i];
            const struct mk_field at = {lf->name, lf->type, lf->offset, lf->size, mk_fields[lf->source].kind,
                    MK_DIR_OUT, -1, 0, 0, 0, 0};

            put_value(&r, device->adapter, mk_layout_field_name(lf), &mk_fields[lf->source], mk_field_get(data, &at));
        }
        mk_trace_close(&r);
        mk_trace_object(&r, "clamped");
        mk_trace_close(&r);
    }
    /* The answer: only a call that succeeded wrote one. */
    if (SUCCEEDED(hr) && s)
    {
        mk_trace_object(&r, "answer");
        for (i = s->first_field; i < (unsigned)s->first_field + s->field_count; ++i)
        {
            if (mk_field_is_scalar(&mk_fields[i]))
                put_value(&r, device->adapter, mk_field_name(&mk_fields[i]), &mk_fields[i],
                        mk_field_get(data, &mk_fields[i]));
        }
        mk_trace_close(&r);
        /* What the adapter has and the caller was not shown: features without
         * inputs only (the true values of the others depend on them); an
         * empty object when nothing was held back. */
        if (!has_inputs(s))
        {
            mk_trace_object(&r, "clamped");
            truth = caps_adapter_values(device->adapter, feature->struct_index);
            for (i = s->first_field; i < (unsigned)s->first_field + s->field_count; ++i)
            {
                uint64_t shown, true_value;

                if (!mk_field_is_scalar(&mk_fields[i])
                        || (shown = mk_field_get(data, &mk_fields[i])) == (true_value = mk_field_get(truth, &mk_fields[i])))
                    continue;
                mk_trace_object(&r, mk_field_name(&mk_fields[i]));
                put_value(&r, device->adapter, "adapter", &mk_fields[i], true_value);
                put_value(&r, device->adapter, "answer", &mk_fields[i], shown);
                mk_trace_close(&r);
            }
            mk_trace_close(&r);
        }
    }
    mk_trace_end(&r);
}

void mk_trace_create_device(const char *adapter_id, D3D_FEATURE_LEVEL minimum_level, UINT sdk_version,
        HRESULT hr)
{
    struct mk_trace_record r;

    mk_trace_begin(&r, "D3D12CreateDevice");
    if (adapter_id)
        mk_trace_string(&r, "adapter", adapter_id);
    mk_trace_hex(&r, "minimumFeatureLevel", (uint32_t)minimum_level);
    mk_trace_uint(&r, "runtimeSdkVersion", sdk_version);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    mk_trace_end(&r);
}
