/*
 * What one adapter reports, feature by feature: the adapter's true values
 * (the capability step of the walk) and, for an SDK version, what
 * CheckFeatureSupport1 on a real device of that adapter returns (the whole
 * walk, clamping included).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const mockd3d12_field_desc *cli_field(unsigned index)
{
    static mockd3d12_field_desc *fields;
    static unsigned count;

    if (!fields)
    {
        unsigned i;

        count = mockd3d12_field_count();
        if (!(fields = calloc(count ? count : 1, sizeof(*fields))))
        {
            fprintf(stderr, "mockd3d12: out of memory\n");
            exit(CLI_FAILED);
        }
        for (i = 0; i < count; ++i)
            mockd3d12_get_field_desc(i, &fields[i]);
    }
    return index < count ? &fields[index] : NULL;
}

uint64_t cli_field_get(unsigned index, const void *data)
{
    UINT64 value = 0;

    mockd3d12_field_value(index, data, &value);
    return value;
}

/* Writes a number into a field (the inputs the CLI chooses), little-endian
 * of the field's size, as the runtime reads it. */
static void field_set(void *data, const mockd3d12_field_desc *f, uint64_t value)
{
    unsigned char *p = (unsigned char *)data + f->offset;
    uint8_t v8 = (uint8_t)value; uint16_t v16 = (uint16_t)value; uint32_t v32 = (uint32_t)value;

    switch (f->size)
    {
        case 1: memcpy(p, &v8, 1); break;
        case 2: memcpy(p, &v16, 2); break;
        case 4: memcpy(p, &v32, 4); break;
        case 8: memcpy(p, &value, 8); break;
    }
}

/* The members of an enum (mockd3d12_get_enum_values), allocated; NULL with
 * *count 0 for an unknown enum. */
mockd3d12_enum_value_desc *cli_enum_values(const char *enum_name, UINT *count)
{
    mockd3d12_enum_value_desc *values;

    *count = 0;
    if (!enum_name || FAILED(mockd3d12_get_enum_values(enum_name, NULL, 0, count)))
        return NULL;
    if (!(values = calloc(*count ? *count : 1, sizeof(*values))))
    {
        fprintf(stderr, "mockd3d12: out of memory\n");
        exit(CLI_FAILED);
    }
    mockd3d12_get_enum_values(enum_name, values, *count, count);
    return values;
}

const char *cli_enum_value_name(const char *enum_name, uint32_t value)
{
    mockd3d12_enum_value_desc *values;
    const char *name = NULL;
    UINT count, i;

    values = cli_enum_values(enum_name, &count);
    for (i = 0; i < count && !name; ++i)
        if (values[i].value == value && !values[i].is_alias)
            name = values[i].name;
    free(values);
    return name;
}

/* Inputs the CLI can choose on its own: NodeIndex 0, every feature level, the
 * highest shader model / root signature the runtime knows. Features with other
 * inputs (formats, queue priorities, meta commands...) are not listed. */
static bool choose_inputs(const mockd3d12_feature_desc *feature, const mockd3d12_runtime *runtime, void *data,
        D3D_FEATURE_LEVEL *levels, UINT *level_count)
{
    unsigned i;

    for (i = feature->first_field; i < feature->first_field + feature->field_count; ++i)
    {
        const mockd3d12_field_desc *f = cli_field(i);

        if (f->direction == MOCKD3D12_FIELD_OUT)
            continue;
        if (!strcmp(f->name, "NodeIndex"))
            field_set(data, f, 0);
        else if (!strcmp(f->name, "NumFeatureLevels") || !strcmp(f->name, "pFeatureLevelsRequested"))
        {
            if (!*level_count)
            {
                mockd3d12_enum_value_desc *values;
                UINT count, v;

                values = cli_enum_values("D3D_FEATURE_LEVEL", &count);
                for (v = 0; v < count && *level_count < 32; ++v)
                    if (mockd3d12_runtime_knows_until(runtime, values[v].first_retail_sdk,
                            values[v].first_preview_sdk, values[v].last_preview_sdk))
                        levels[(*level_count)++] = (D3D_FEATURE_LEVEL)values[v].value;
                free(values);
            }
            if (f->kind == MOCKD3D12_FIELD_OPAQUE)
                memcpy((char *)data + f->offset, &levels, sizeof(levels));
            else
                field_set(data, f, *level_count);
        }
        else if (!strcmp(f->name, "HighestShaderModel") || !strcmp(f->name, "HighestVersion"))
        {
            mockd3d12_enum_value_desc *values;
            uint32_t highest = 0;
            UINT count, v;

            values = cli_enum_values(f->enum_name, &count);
            for (v = 0; v < count; ++v)
                if (mockd3d12_runtime_knows_until(runtime, values[v].first_retail_sdk, values[v].first_preview_sdk,
                        values[v].last_preview_sdk)
                        && values[v].value > highest)
                    highest = values[v].value;
            free(values);
            field_set(data, f, highest);
        }
        else
            return false;
    }
    return true;
}

int cli_report_build(const struct cli_options *options, const char *adapter_name, struct cli_report *report)
{
    D3D_FEATURE_LEVEL levels[32];
    ID3D12Device17 *device17 = NULL;
    ID3D12Device *device = NULL;
    IUnknown *adapter_object = NULL;
    const char *id;
    char error[512];
    size_t i, feature_count = mockd3d12_feature_count();
    int ret = CLI_OK;
    HRESULT hr;

    memset(report, 0, sizeof(*report));
    if (FAILED(mockd3d12_resolve_adapter(adapter_name, &id, error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    /* The adapter as named (a file stays the file it was loaded from), the
     * default by its id. */
    report->adapter = adapter_name ? adapter_name : id;
    mockd3d12_get_adapter_info(report->adapter, &report->info);
    mockd3d12_get_adapter_feature_level(report->adapter, &report->max_feature_level);
    mockd3d12_get_runtime(&report->runtime);
    report->clamped_view = options->has_sdk_version;
    report->sdk_version = options->sdk_version;

    if (report->clamped_view)
    {
        if (FAILED(hr = mockd3d12_get_adapter(report->info.id, &adapter_object))
                || FAILED(hr = D3D12CreateDevice(adapter_object, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                        (void **)&device)))
        {
            fprintf(stderr, "mockd3d12: cannot create a device of adapter '%s' (0x%08x)\n",
                    report->info.id, (unsigned)hr);
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

    for (i = 0; i < feature_count && report->count < CLI_MAX_FEATURES; ++i)
    {
        struct cli_feature_report *r = &report->features[report->count];
        UINT level_count = 0, size;

        mockd3d12_get_feature_desc((UINT)i, &r->feature);
        if (!mockd3d12_runtime_knows_until(&report->runtime, r->feature.first_retail_sdk, r->feature.first_preview_sdk,
                r->feature.last_preview_sdk))
            continue;
        ++report->count;
        size = r->feature.size;
        if (size > sizeof(r->truth) || !choose_inputs(&r->feature, &report->runtime, r->truth, levels, &level_count))
            continue;
        memcpy(r->seen, r->truth, size);
        /* The adapter's true values: the capability step of the walk alone. */
        if (FAILED(r->hr = mockd3d12_get_adapter_feature(report->adapter, r->feature.value, r->truth, size)))
            continue;
        if (device17)
            r->hr = ID3D12Device17_CheckFeatureSupport1(device17, r->feature.value, r->seen, size,
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

const char *cli_enum_tail(const char *name)
{
    static const char *const tails[] = {"_TIER_", "_SHADER_MODEL_", "_VERSION_", "_FEATURE_LEVEL_"};
    const char *tail;
    size_t k;

    for (k = 0; k < sizeof(tails) / sizeof(tails[0]); ++k)
        if ((tail = strstr(name, tails[k])))
            return tail + strlen(tails[k]);
    return name;
}

void cli_format_field(const char *adapter, unsigned field_index, const void *data, char *buffer, size_t size)
{
    const mockd3d12_field_desc *field = cli_field(field_index);
    uint64_t value;
    const char *name;

    if (!field->scalar)
    {
        snprintf(buffer, size, "(%s)", field->type);
        return;
    }
    value = cli_field_get(field_index, data);
    if (field->kind == MOCKD3D12_FIELD_BOOL)
    {
        snprintf(buffer, size, "%s", value ? "TRUE" : "FALSE");
        return;
    }
    if (field->kind == MOCKD3D12_FIELD_UINT)
    {
        snprintf(buffer, size, "%llu", (unsigned long long)value);
        return;
    }
    if (field->enum_is_flags && value)
    {
        mockd3d12_enum_value_desc *values;
        uint64_t rest = value;
        size_t used = 0;
        UINT count, v;

        buffer[0] = 0;
        values = cli_enum_values(field->enum_name, &count);
        for (v = 0; v < count; ++v)
        {
            uint32_t bit = values[v].value;

            if (values[v].is_alias || !bit || (bit & (bit - 1)) || !(rest & bit))
                continue;
            used += snprintf(buffer + used, used < size ? size - used : 0, "%s%s", used ? " | " : "",
                    values[v].name);
            rest &= ~(uint64_t)bit;
        }
        free(values);
        if (rest)
            snprintf(buffer + used, used < size ? size - used : 0, "%s0x%llx", used ? " | " : "",
                    (unsigned long long)rest);
        return;
    }
    if (mockd3d12_adapter_value_name(adapter, field_index, (UINT)value, &name) == S_OK)
        snprintf(buffer, size, "%s", name);
    else
        snprintf(buffer, size, "%llu", (unsigned long long)value);
}
