/*
 * What one adapter reports, feature by feature: the adapter's true values
 * (the capability step of the walk) and, for an SDK version, what
 * CheckFeatureSupport1 on a real device of that adapter returns (the whole
 * walk, clamping included).
 */
#include <string.h>

#include "cli.h"

/* Inputs the CLI can choose on its own: NodeIndex 0, every feature level, the
 * highest shader model / root signature the runtime knows. Features with other
 * inputs (formats, queue priorities, meta commands...) are not listed. */
static bool choose_inputs(const struct mk_feature *feature, const mockd3d12_runtime *runtime, void *data,
        D3D_FEATURE_LEVEL *levels, UINT *level_count)
{
    const struct mk_struct *s = &mk_structs[feature->struct_index];
    unsigned i;

    for (i = s->first_field; i < s->first_field + s->field_count; ++i)
    {
        const struct mk_field *f = &mk_fields[i];
        int e;

        if (f->dir == MK_DIR_OUT)
            continue;
        if (!strcmp(f->name, "NodeIndex"))
            mk_field_set(data, f, 0);
        else if (!strcmp(f->name, "NumFeatureLevels") || !strcmp(f->name, "pFeatureLevelsRequested"))
        {
            if (!*level_count && (e = mk_enum_find("D3D_FEATURE_LEVEL")) >= 0)
            {
                const struct mk_enum *en = &mk_enums[e];
                unsigned v;

                for (v = en->first_value; v < en->first_value + en->value_count && *level_count < 32; ++v)
                    if (caps_runtime_knows(runtime, mk_enum_values[v].first_retail, mk_enum_values[v].first_preview))
                        levels[(*level_count)++] = (D3D_FEATURE_LEVEL)mk_enum_values[v].value;
            }
            if (f->kind == MK_FIELD_OPAQUE)
                memcpy((char *)data + f->offset, &levels, sizeof(levels));
            else
                mk_field_set(data, f, *level_count);
        }
        else if (!strcmp(f->name, "HighestShaderModel") || !strcmp(f->name, "HighestVersion"))
        {
            const struct mk_enum *en = &mk_enums[f->enum_index];
            uint32_t highest = 0;
            unsigned v;

            for (v = en->first_value; v < en->first_value + en->value_count; ++v)
                if (caps_runtime_knows(runtime, mk_enum_values[v].first_retail, mk_enum_values[v].first_preview)
                        && mk_enum_values[v].value > highest)
                    highest = mk_enum_values[v].value;
            mk_field_set(data, f, highest);
        }
        else
            return false;
    }
    return true;
}

static const struct caps_adapter *find_adapter(const char *name, char *error, size_t size)
{
    return name ? caps_adapter_lookup(name, error, size) : caps_adapter_default(error, size);
}

int cli_report_build(const struct cli_options *options, const char *adapter_name, struct cli_report *report)
{
    D3D_FEATURE_LEVEL levels[32];
    ID3D12Device17 *device17 = NULL;
    ID3D12Device *device = NULL;
    IUnknown *adapter_object = NULL;
    char error[512];
    size_t i;
    int ret = CLI_OK;
    HRESULT hr;

    memset(report, 0, sizeof(*report));
    if (!(report->adapter = find_adapter(adapter_name, error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    mockd3d12_get_runtime(&report->runtime);
    report->clamped_view = options->has_sdk_version;
    report->sdk_version = options->sdk_version;

    if (report->clamped_view)
    {
        if (FAILED(hr = mockd3d12_get_adapter(caps_adapter_id(report->adapter), &adapter_object))
                || FAILED(hr = D3D12CreateDevice(adapter_object, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                        (void **)&device)))
        {
            fprintf(stderr, "mockd3d12: cannot create a device of adapter '%s' (0x%08x)\n",
                    caps_adapter_id(report->adapter), (unsigned)hr);
            ret = CLI_FAILED;
            goto done;
        }
        if (FAILED(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17)))
        {
            fprintf(stderr, "mockd3d12: this runtime (%s %u) has no ID3D12Device17::CheckFeatureSupport1; "
                    "it arrived with SDK %u / preview %u\n",
                    report->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                    mockd3d12_runtime_effective_version(&report->runtime), report->runtime.cutoff_sdk_version,
                    report->runtime.cutoff_preview_sdk_version);
            ret = CLI_FAILED;
            goto done;
        }
    }

    for (i = 0; i < mk_feature_count; ++i)
    {
        const struct mk_feature *feature = &mk_features[i];
        struct cli_feature_report *r = &report->features[report->count];
        UINT size = mk_structs[feature->struct_index].size, level_count = 0;
        bool write_back = false;
        struct caps_fill fill;

        if (!caps_runtime_knows(&report->runtime, feature->first_retail, feature->first_preview))
            continue;
        r->feature = feature;
        ++report->count;
        if (!choose_inputs(feature, &report->runtime, r->truth, levels, &level_count))
            continue;
        memcpy(r->seen, r->truth, size);
        fill.adapter = report->adapter;
        fill.feature = feature;
        fill.runtime = &report->runtime;
        fill.data = r->truth;
        fill.why = error;
        fill.why_size = sizeof(error);
        fill.write_back = &write_back;
        if (FAILED(r->hr = caps_fill_feature(&fill)))
            continue;
        if (device17)
            r->hr = ID3D12Device17_CheckFeatureSupport1(device17, (D3D12_FEATURE)feature->value, r->seen, size,
                    report->sdk_version);
        else
            memcpy(r->seen, r->truth, size);
        if (FAILED(r->hr) && r->hr == E_INVALIDARG && device17)
        {
            fprintf(stderr, "mockd3d12: CheckFeatureSupport1 rejects SDK version %u on this runtime (%s %u)\n",
                    report->sdk_version, report->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                    mockd3d12_runtime_effective_version(&report->runtime));
            ret = CLI_FAILED;
            goto done;
        }
        r->answered = SUCCEEDED(r->hr);
    }

done:
    if (device17)
        ID3D12Device17_Release(device17);
    if (device)
        ID3D12Device_Release(device);
    if (adapter_object)
        IUnknown_Release(adapter_object);
    return ret;
}

void cli_format_field(const struct caps_adapter *adapter, const struct mk_field *field, const void *data,
        char *buffer, size_t size)
{
    unsigned field_index = (unsigned)(field - mk_fields);
    uint64_t value;
    const char *name;

    if (!mk_field_is_scalar(field))
    {
        snprintf(buffer, size, "(%s)", field->type);
        return;
    }
    value = mk_field_get(data, field);
    if (field->kind == MK_FIELD_BOOL)
    {
        snprintf(buffer, size, "%s", value ? "TRUE" : "FALSE");
        return;
    }
    if (field->kind == MK_FIELD_UINT)
    {
        snprintf(buffer, size, "%llu", (unsigned long long)value);
        return;
    }
    if (mk_enums[field->enum_index].category == MK_ENUM_FLAGS && value)
    {
        const struct mk_enum *en = &mk_enums[field->enum_index];
        uint64_t rest = value;
        size_t used = 0;
        unsigned v;

        buffer[0] = 0;
        for (v = en->first_value; v < en->first_value + en->value_count; ++v)
        {
            uint32_t bit = mk_enum_values[v].value;

            if (mk_enum_values[v].is_alias || !bit || (bit & (bit - 1)) || !(rest & bit))
                continue;
            used += snprintf(buffer + used, used < size ? size - used : 0, "%s%s", used ? " | " : "",
                    mk_enum_values[v].name);
            rest &= ~(uint64_t)bit;
        }
        if (rest)
            snprintf(buffer + used, used < size ? size - used : 0, "%s0x%llx", used ? " | " : "",
                    (unsigned long long)rest);
        return;
    }
    if ((name = caps_value_name(adapter, field_index, (uint32_t)value)))
        snprintf(buffer, size, "%s", name);
    else
        snprintf(buffer, size, "%llu", (unsigned long long)value);
}
