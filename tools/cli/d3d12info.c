/*
 * `mockd3d12 import-d3d12info` and `mockd3d12 export-d3d12info`
 * (docs/d3d12info.md): a D3d12info JSON report to a profile, and the
 * configured machine to a report in D3d12info's layout.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

int cli_cmd_import_d3d12info(const struct cli_options *options)
{
    char error[1024], *report, *profile;
    size_t size;
    UINT count = 0;
    HRESULT hr;

    if (FAILED(mockd3d12_read_file(options->adapter, &report, &size, error, sizeof(error))))
    {
        fprintf(stderr, "mockd3d12 import-d3d12info: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    hr = mockd3d12_import_d3d12info(report, size, options->adapter, options->adapter_index, options->id, &profile,
            &count, error, sizeof(error));
    mockd3d12_free(report);
    if (FAILED(hr))
    {
        fprintf(stderr, "mockd3d12 import-d3d12info: %s\n", error);
        return CLI_NO_ADAPTER;
    }
    printf("%s\n", profile);
    mockd3d12_free(profile);
    return CLI_OK;
}

/* ---- export ---- */

static json_t *u64_text(UINT64 value)
{
    return json_sprintf("%" PRIu64, (uint64_t)value);
}

/* One feature's struct as D3d12info writes it: BOOLs as booleans, 64-bit
 * values as strings, enums and flags as numbers; inputs left out. */
static json_t *feature_section(const struct cli_feature_report *f, const unsigned char *data)
{
    json_t *section = json_object();
    UINT i;

    for (i = 0; i < f->feature.field_count; ++i)
    {
        const mockd3d12_field_desc *field = cli_field(f->feature.first_field + i);
        uint64_t value;

        /* Inputs are left out, but for the node index D3d12info prints of ARCHITECTURE1. */
        if (!field || !field->scalar || (field->direction == MOCKD3D12_FIELD_IN
                && !(!strcmp(field->name, "NodeIndex") && !strcmp(f->feature.name, "ARCHITECTURE1"))))
            continue;
        value = cli_field_get(f->feature.first_field + i, data);
        if (field->kind == MOCKD3D12_FIELD_BOOL)
            json_object_set_new(section, field->name, json_boolean(value != 0));
        else if (field->size == 8)
            json_object_set_new(section, field->name, u64_text(value));
        else if (field->kind == MOCKD3D12_FIELD_ENUM && field->size == 4)
            json_object_set_new(section, field->name, json_integer((json_int_t)(int32_t)(uint32_t)value));
        else
            json_object_set_new(section, field->name, json_integer((json_int_t)value));
    }
    return section;
}

/* The sections of features the runtime answers with another layout
 * (mockd3d12_get_feature_layout): D3d12info's preview builds of 1.5.0 to
 * 3.5.1, built with 1.711.3-preview, printed D3D12_OPTIONS_EXPERIMENTAL's
 * WorkGraphsTier (PrintEnum: a number), after CROSS_NODE (Src/Main.cpp at
 * those tags). */
static void layout_sections(const char *adapter, json_t *out)
{
    UINT count = mockd3d12_feature_count(), i, k;

    for (i = 0; i < count; ++i)
    {
        mockd3d12_layout_field_desc fields[8];
        mockd3d12_feature_layout layout;
        mockd3d12_feature_desc feature;
        unsigned char data[256];
        json_t *section;

        if (FAILED(mockd3d12_get_feature_desc(i, &feature))
                || mockd3d12_get_feature_layout(NULL, feature.value, &layout, fields, 8) != S_OK
                || layout.size > sizeof(data) || layout.field_count > 8
                || FAILED(mockd3d12_get_adapter_feature(adapter, feature.value, data, layout.size)))
            continue;
        section = json_object();
        for (k = 0; k < layout.field_count; ++k)
        {
            uint64_t value = 0;

            memcpy(&value, data + fields[k].offset, fields[k].size <= 8 ? fields[k].size : 0);
            if (fields[k].kind == MOCKD3D12_FIELD_BOOL)
                json_object_set_new(section, fields[k].name, json_boolean(value != 0));
            else if (fields[k].kind == MOCKD3D12_FIELD_ENUM && fields[k].size == 4)
                json_object_set_new(section, fields[k].name, json_integer((json_int_t)(int32_t)(uint32_t)value));
            else if (fields[k].size == 8)
                json_object_set_new(section, fields[k].name, u64_text(value));
            else
                json_object_set_new(section, fields[k].name, json_integer((json_int_t)value));
        }
        json_object_set_new(out, layout.struct_name, section);
    }
}

/* The queue types D3d12info asks COMMAND_QUEUE_PRIORITY of: DIRECT, COMPUTE
 * and COPY from 3.0.0 (which added the section) to 3.15.1, the three video
 * types too from 3.16.0 (sawickiap/D3d12info Src/Main.cpp at each tag). The
 * D3d12info of a simulated runtime is the one built with its SDK: 3.16.0 was
 * the first built with 1.619.0 / 1.719.0-preview, 3.15.1 was built with
 * 1.618.3 / 1.717.1-preview (its CHANGELOG.md). */
#define D3D12INFO_VIDEO_PRIORITIES_RETAIL 619
#define D3D12INFO_VIDEO_PRIORITIES_PREVIEW 719

static json_t *queue_priorities(const char *adapter)
{
    static const struct { const char *name; D3D12_COMMAND_LIST_TYPE type; } types[] = {
        {"DIRECT", D3D12_COMMAND_LIST_TYPE_DIRECT}, {"COMPUTE", D3D12_COMMAND_LIST_TYPE_COMPUTE},
        {"COPY", D3D12_COMMAND_LIST_TYPE_COPY}, {"VIDEO_DECODE", D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE},
        {"VIDEO_PROCESS", D3D12_COMMAND_LIST_TYPE_VIDEO_PROCESS}, {"VIDEO_ENCODE", D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE},
    };
    mockd3d12_runtime runtime;
    size_t type_count = 3; /* the video types only where that D3d12info asked them */
    static const struct { const char *name; UINT priority; } priorities[] = {
        {"NORMAL", D3D12_COMMAND_QUEUE_PRIORITY_NORMAL}, {"HIGH", D3D12_COMMAND_QUEUE_PRIORITY_HIGH},
        {"GLOBAL_REALTIME", D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME},
    };
    json_t *section = json_object();
    size_t t, p;

    if (SUCCEEDED(mockd3d12_get_runtime(&runtime)) && (runtime.kind == MOCKD3D12_RUNTIME_PREVIEW
            ? runtime.preview_sdk_version >= D3D12INFO_VIDEO_PRIORITIES_PREVIEW
            : runtime.sdk_version >= D3D12INFO_VIDEO_PRIORITIES_RETAIL))
        type_count = sizeof(types) / sizeof(types[0]);
    for (t = 0; t < type_count; ++t)
        for (p = 0; p < sizeof(priorities) / sizeof(priorities[0]); ++p)
        {
            D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY d = {types[t].type, priorities[p].priority, FALSE};
            char key[96];

            if (FAILED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &d, sizeof(d))))
                continue;
            snprintf(key, sizeof(key), "TYPE_%s.PRIORITY_%s.PriorityForTypeIsSupported", types[t].name,
                    priorities[p].name);
            json_object_set_new(section, key, json_boolean(d.PriorityForTypeIsSupported));
        }
    return section;
}

/* "D3D12_FEATURE_DATA_BARRIER_LAYOUT": per queue type, every layout this
 * runtime knows (no UNDEFINED; one name per value), as D3d12info prints it. */
static json_t *barrier_layouts(const char *adapter)
{
    static const struct { const char *name; D3D12_COMMAND_LIST_TYPE type; } types[] = {
        {"D3D12_COMMAND_LIST_TYPE_DIRECT", D3D12_COMMAND_LIST_TYPE_DIRECT},
        {"D3D12_COMMAND_LIST_TYPE_COMPUTE", D3D12_COMMAND_LIST_TYPE_COMPUTE},
        {"D3D12_COMMAND_LIST_TYPE_COPY", D3D12_COMMAND_LIST_TYPE_COPY},
        {"D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE", D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE},
        {"D3D12_COMMAND_LIST_TYPE_VIDEO_PROCESS", D3D12_COMMAND_LIST_TYPE_VIDEO_PROCESS},
        {"D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE", D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE},
    };
    mockd3d12_enum_value_desc *layouts;
    json_t *section = json_object();
    UINT count, i;
    size_t t;

    layouts = cli_enum_values("D3D12_BARRIER_LAYOUT", &count);
    for (t = 0; t < sizeof(types) / sizeof(types[0]); ++t)
    {
        json_t *per_type = json_object();

        for (i = 0; i < count; ++i)
        {
            D3D12_FEATURE_DATA_BARRIER_LAYOUT d = {types[t].type, (D3D12_BARRIER_LAYOUT)layouts[i].value, FALSE};

            UINT k;

            /* One name per value: the first (COMMON, not PRESENT). */
            for (k = 0; k < i && layouts[k].value != layouts[i].value; ++k)
                ;
            if (k < i || layouts[i].is_alias || layouts[i].value == (UINT)D3D12_BARRIER_LAYOUT_UNDEFINED
                    || !mockd3d12_runtime_knows(NULL, layouts[i].first_retail_sdk, layouts[i].first_preview_sdk)
                    || FAILED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_BARRIER_LAYOUT, &d, sizeof(d))))
                continue;
            json_object_set_new(per_type, layouts[i].name, json_boolean(d.Supported));
        }
        if (json_object_size(per_type))
            json_object_set_new(section, types[t].name, per_type);
        else
            json_decref(per_type);
    }
    free(layouts);
    return section;
}

/* "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR" (previews 717-719), as D3d12info
 * prints it: the three property arrays, asked for as an application does (the
 * counts first, then the arrays); NULL where the runtime does not answer it. */
static json_t *cooperative_vector(const char *adapter)
{
    static const char *const mul_fields[] = {"InputType", "InputInterpretation", "MatrixInterpretation",
            "BiasInterpretation", "OutputType"};
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR d;
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL *mul = NULL;
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE *accumulate[2] = {NULL, NULL};
    static const char *const accumulate_keys[2] = {"pOuterProductAccumulateProperties", "pVectorAccumulateProperties"};
    json_t *section = NULL, *list;
    UINT i, k;

    memset(&d, 0, sizeof(d));
    if (FAILED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_COOPERATIVE_VECTOR, &d, sizeof(d))))
        return NULL;
    mul = calloc(d.MatrixVectorMulAddPropCount + 1, sizeof(*mul));
    accumulate[0] = calloc(d.OuterProductAccumulatePropCount + 1, sizeof(*accumulate[0]));
    accumulate[1] = calloc(d.VectorAccumulatePropCount + 1, sizeof(*accumulate[1]));
    d.pMatrixVectorMulAddProperties = mul;
    d.pOuterProductAccumulateProperties = accumulate[0];
    d.pVectorAccumulateProperties = accumulate[1];
    if (mul && accumulate[0] && accumulate[1]
            && SUCCEEDED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_COOPERATIVE_VECTOR, &d, sizeof(d))))
    {
        section = json_object();
        list = json_array();
        for (i = 0; i < d.MatrixVectorMulAddPropCount; ++i)
        {
            const UINT values[5] = {(UINT)mul[i].InputType, (UINT)mul[i].InputInterpretation,
                    (UINT)mul[i].MatrixInterpretation, (UINT)mul[i].BiasInterpretation, (UINT)mul[i].OutputType};
            json_t *entry = json_object();

            for (k = 0; k < 5; ++k)
                json_object_set_new(entry, mul_fields[k], json_integer(values[k]));
            json_object_set_new(entry, "TransposeSupported", json_boolean(mul[i].TransposeSupported));
            json_array_append_new(list, entry);
        }
        json_object_set_new(section, "pMatrixVectorMulAddProperties", list);
        for (k = 0; k < 2; ++k)
        {
            UINT n = k ? d.VectorAccumulatePropCount : d.OuterProductAccumulatePropCount;

            list = json_array();
            for (i = 0; i < n; ++i)
            {
                json_t *entry = json_object();

                json_object_set_new(entry, "InputType", json_integer((UINT)accumulate[k][i].InputType));
                json_object_set_new(entry, "AccumulationType", json_integer((UINT)accumulate[k][i].AccumulationType));
                json_array_append_new(list, entry);
            }
            json_object_set_new(section, accumulate_keys[k], list);
        }
    }
    free(mul);
    free(accumulate[0]);
    free(accumulate[1]);
    return section;
}

/* Features D3d12info does not print (ARCHITECTURE only when ARCHITECTURE1
 * fails, which it never does here; the others it does not query). */
static bool d3d12info_prints(const char *feature)
{
    static const char *const skipped[] = {"ARCHITECTURE", "DISPLAYABLE", "PROTECTED_RESOURCE_SESSION_SUPPORT",
            "PROTECTED_RESOURCE_SESSION_TYPE_COUNT"};
    size_t i;

    for (i = 0; i < sizeof(skipped) / sizeof(skipped[0]); ++i)
        if (!strcmp(feature, skipped[i]))
            return false;
    return true;
}

/* "Formats": every format the runtime knows and FORMAT_SUPPORT does not
 * refuse as unknown, keyed by its number as D3d12info writes them. */
static json_t *formats_section(const char *adapter)
{
    json_t *formats = json_object();
    mockd3d12_enum_value_desc *values;
    UINT count, i;

    values = cli_enum_values("DXGI_FORMAT", &count);
    for (i = 0; i < count; ++i)
    {
        D3D12_FEATURE_DATA_FORMAT_SUPPORT support = {(DXGI_FORMAT)values[i].value, 0, 0};
        D3D12_FEATURE_DATA_FORMAT_INFO info = {(DXGI_FORMAT)values[i].value, 0};
        json_t *entry, *levels;
        HRESULT hr;
        char key[16];
        UINT samples;

        hr = mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support));
        if (hr == E_INVALIDARG)
            continue;
        entry = json_object();
        if (SUCCEEDED(hr))
        {
            json_object_set_new(entry, "Support1", json_integer(support.Support1));
            json_object_set_new(entry, "Support2", json_integer(support.Support2));
            levels = json_object();
            for (samples = 1; samples <= 32; samples *= 2)
            {
                D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS q = {(DXGI_FORMAT)values[i].value, samples,
                        D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, 0};
                json_t *level;

                if (FAILED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &q,
                        sizeof(q))) || !q.NumQualityLevels)
                    continue;
                level = json_object();
                json_object_set_new(level, "NumQualityLevels", json_integer(q.NumQualityLevels));
                json_object_set_new(level, "Flags", json_integer(q.Flags));
                snprintf(key, sizeof(key), "%u", samples);
                json_object_set_new(levels, key, level);
            }
            if (json_object_size(levels))
                json_object_set_new(entry, "MultisampleQualityLevels", levels);
            else
                json_decref(levels);
        }
        if (SUCCEEDED(mockd3d12_get_adapter_feature(adapter, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info))))
            json_object_set_new(entry, "PlaneCount", json_integer(info.PlaneCount));
        snprintf(key, sizeof(key), "%u", values[i].value);
        if (json_object_size(entry))
            json_object_set_new(formats, key, entry);
        else
            json_decref(entry);
    }
    free(values);
    return formats;
}

static json_t *desc3(const mockd3d12_adapter_info *info, const mockd3d12_adapter_details *details)
{
    json_t *desc = json_object();

    json_object_set_new(desc, "Description", json_string(info->description));
    json_object_set_new(desc, "VendorId", json_integer(info->vendor_id));
    json_object_set_new(desc, "DeviceId", json_integer(info->device_id));
    json_object_set_new(desc, "SubSysId", json_integer(info->subsys_id));
    json_object_set_new(desc, "Revision", json_integer(info->revision));
    json_object_set_new(desc, "DedicatedVideoMemory", u64_text(info->dedicated_video_memory));
    json_object_set_new(desc, "DedicatedSystemMemory", u64_text(info->dedicated_system_memory));
    json_object_set_new(desc, "SharedSystemMemory", u64_text(info->shared_system_memory));
    json_object_set_new(desc, "AdapterLuid", json_sprintf("%08X-%08X", (unsigned)(uint32_t)info->luid.HighPart,
            (unsigned)info->luid.LowPart));
    json_object_set_new(desc, "Flags", json_integer(details->dxgi_flags));
    json_object_set_new(desc, "GraphicsPreemptionGranularity", json_integer(details->graphics_preemption_granularity));
    json_object_set_new(desc, "ComputePreemptionGranularity", json_integer(details->compute_preemption_granularity));
    return desc;
}

static int export_adapter(const struct cli_options *options, const char *id, UINT index, json_t *adapters)
{
    static const char *const heap_types[] = {"CBV_SRV_UAV", "SAMPLER", "RTV", "DSV"};
    static const char *const groups[] = {"LOCAL", "NON_LOCAL"};
    struct cli_report *report = malloc(sizeof(*report));
    mockd3d12_adapter_details details;
    json_t *adapter, *sizes, *section;
    size_t f;
    int status;
    UINT i;

    if (!report)
        return CLI_FAILED;
    if ((status = cli_report_build(options, id, report)) != CLI_OK)
    {
        free(report);
        return status;
    }
    if (FAILED(mockd3d12_get_adapter_details(id, &details)))
    {
        fprintf(stderr, "mockd3d12 export-d3d12info: %s\n", mockd3d12_last_error());
        free(report);
        return CLI_NO_ADAPTER;
    }
    adapter = json_object();
    json_object_set_new(adapter, "AdapterIndex", json_integer(index));
    json_object_set_new(adapter, "DXGI_ADAPTER_DESC3", desc3(&report->info, &details));
    for (i = 0; details.has_video_memory_info && i < 2; ++i)
    {
        json_t *memory = json_object();
        char key[96];

        /* What D3d12info prints of DXGI_QUERY_VIDEO_MEMORY_INFO. */
        json_object_set_new(memory, "Budget", u64_text(details.budget[i]));
        json_object_set_new(memory, "AvailableForReservation", u64_text(details.available_for_reservation[i]));
        snprintf(key, sizeof(key), "DXGI_QUERY_VIDEO_MEMORY_INFO[DXGI_MEMORY_SEGMENT_GROUP_%s]", groups[i]);
        json_object_set_new(adapter, key, memory);
    }
    if (details.has_umd_version)
    {
        json_t *check = json_object();

        json_object_set_new(check, "UMDVersion", u64_text(details.umd_version));
        json_object_set_new(adapter, "CheckInterfaceSupport", check);
    }
    for (f = 0; f < report->count; ++f)
    {
        const struct cli_feature_report *r = &report->features[f];

        if (!r->answered || FAILED(r->hr) || !d3d12info_prints(r->feature.name))
            continue;
        json_object_set_new(adapter, r->feature.struct_name,
                feature_section(r, report->clamped_view ? r->seen : r->truth));
    }
    layout_sections(id, adapter);
    json_object_set_new(adapter, "D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY", queue_priorities(id));
    /* BARRIER_LAYOUT only where the runtime knows it (D3d12info of a 717
     * preview prints none). */
    if (json_object_size(section = barrier_layouts(id)))
        json_object_set_new(adapter, "D3D12_FEATURE_DATA_BARRIER_LAYOUT", section);
    else
        json_decref(section);
    if ((section = cooperative_vector(id)))
        json_object_set_new(adapter, "D3D12_FEATURE_DATA_COOPERATIVE_VECTOR", section);
    sizes = json_object();
    for (i = 0; i < 4; ++i)
    {
        char key[64];

        snprintf(key, sizeof(key), "D3D12_DESCRIPTOR_HEAP_TYPE_%s", heap_types[i]);
        json_object_set_new(sizes, key, json_integer(details.descriptor_handle_increment_size[i]));
    }
    json_object_set_new(adapter, "GetDescriptorHandleIncrementSize", sizes);
    if (options->formats)
        json_object_set_new(adapter, "Formats", formats_section(id));
    json_array_append_new(adapters, adapter);
    free(report);
    return CLI_OK;
}

int cli_cmd_export_d3d12info(const struct cli_options *options)
{
    const char *ids[CLI_MAX_MACHINE];
    mockd3d12_adapter_details first, details;
    mockd3d12_runtime runtime;
    json_t *root, *header, *system, *feature, *adapters;
    UINT count, i;
    char *text;
    int status = CLI_OK;

    if (!(count = mockd3d12_machine_adapters(ids, CLI_MAX_MACHINE)) || count > CLI_MAX_MACHINE)
    {
        fprintf(stderr, "mockd3d12 export-d3d12info: %s\n", mockd3d12_last_error());
        return CLI_NO_ADAPTER;
    }
    if (FAILED(mockd3d12_get_runtime(&runtime)) || FAILED(mockd3d12_get_adapter_details(ids[0], &first)))
    {
        fprintf(stderr, "mockd3d12 export-d3d12info: %s\n", mockd3d12_last_error());
        return CLI_FAILED;
    }
    root = json_object();
    header = json_object();
    json_object_set_new(header, "Program", json_string("mockd3d12 export-d3d12info"));
    json_object_set_new(header, "Version", json_string(mockd3d12_version()));
    json_object_set_new(header, "Simulated runtime", json_string(runtime.kind == MOCKD3D12_RUNTIME_PREVIEW
            ? "preview" : "retail"));
    json_object_set_new(header, "Using preview Agility SDK", json_boolean(runtime.kind == MOCKD3D12_RUNTIME_PREVIEW));
    json_object_set_new(header, runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "D3D12_PREVIEW_SDK_VERSION"
            : "D3D12_SDK_VERSION", json_integer(runtime.kind == MOCKD3D12_RUNTIME_PREVIEW
            ? runtime.preview_sdk_version : runtime.sdk_version));
    json_object_set_new(root, "Header", header);
    system = json_object();
    feature = json_object();
    json_object_set_new(feature, "DXGI_FEATURE_PRESENT_ALLOW_TEARING", json_boolean(first.allow_tearing));
    json_object_set_new(system, "DXGI_FEATURE", feature);
    json_object_set_new(root, "SystemInfo", system);
    adapters = json_array();
    json_object_set_new(root, "Adapters", adapters);
    for (i = 0; i < count && status == CLI_OK; ++i)
    {
        /* D3d12info's choice of adapters: the hardware ones (software skipped),
         * --WARP the software one only, --AllAdapters every one; AdapterIndex
         * stays the DXGI index. */
        if (!options->all_adapters && FAILED(mockd3d12_get_adapter_details(ids[i], &details)))
            status = CLI_FAILED;
        else if (options->all_adapters || !(details.dxgi_flags & 0x2u) == !options->warp)
            status = export_adapter(options, ids[i], i, adapters);
    }
    if (status == CLI_OK && !json_array_size(adapters))
    {
        fprintf(stderr, "mockd3d12 export-d3d12info: the machine has no %s adapter\n",
                options->warp ? "software" : "hardware");
        status = CLI_NO_ADAPTER;
    }
    if (status == CLI_OK)
    {
        if (!(text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII)))
            status = CLI_FAILED;
        else
        {
            printf("%s\n", text);
            free(text);
        }
    }
    json_decref(root);
    return status;
}
