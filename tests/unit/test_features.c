/*
 * CheckFeatureSupport for every feature of every built-in adapter, through a
 * real device (mk_device_create + ID3D12Device::CheckFeatureSupport), and
 * every input-validation rule of the fills (src/caps/fill*.c); then its
 * refusals through D3D12CreateDevice with the debug layer on, SDK versions
 * past 1023, and the fills on adapters no built-in profile describes.
 *
 * Where the Windows runtime's behaviour is asserted, the row names its record:
 *   [vkd3d]  ValveSoftware/vkd3d tests/d3d12.c test_check_feature_support,
 *            test_multisample_quality_levels
 *   [proton] HansKristian-Work/vkd3d-proton tests/d3d12_device.c
 *            test_check_feature_support (root signature 0 / 0xdeadbeef rows)
 *   [dump]   D3d12info reports of WARP (Windows 11 24H2) and AMD Granite Ridge
 *            (data/adapters/README-upstream.md): barrier layouts, formats
 * Other rows follow docs/features.md.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/caps.h"
#include "caps/caps_handlers.h"
#include "device.h"
#include "mk_tables.h"

#define CANARY 0xa5

static const mockd3d12_runtime runtime_retail_620 = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_preview_721 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retail_610 = {MOCKD3D12_RUNTIME_RETAIL, 610, 710, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retail_613 = {MOCKD3D12_RUNTIME_RETAIL, 613, 714, 620, 721, FALSE};

/* "retail 620", "preview 721": rows name their runtime. */
static const char *runtime_name(const mockd3d12_runtime *runtime)
{
    static char text[32];

    snprintf(text, sizeof(text), "%s %u", runtime->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
            runtime->kind == MOCKD3D12_RUNTIME_PREVIEW ? runtime->preview_sdk_version : runtime->sdk_version);
    return text;
}

static ID3D12Device *create_device_with(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime)
{
    struct mk_device *device;
    HRESULT hr = mk_device_create(adapter, runtime, D3D_FEATURE_LEVEL_11_0, &device);

    if (FAILED(hr))
        fail_msg("mk_device_create(%s) failed, hr %#x.", caps_adapter_id(adapter), (unsigned)hr);
    return (ID3D12Device *)&device->ID3D12Device17_iface;
}

static HRESULT check(ID3D12Device *device, D3D12_FEATURE feature, void *data, UINT size)
{
    return ID3D12Device_CheckFeatureSupport(device, feature, data, size);
}

/* Inputs every feature accepts, so the right-size query answers S_OK (or its
 * documented error). The buffers live as long as the query. */
struct valid_inputs
{
    D3D_FEATURE_LEVEL levels[4];
    GUID types[8];
    D3D12_RESOURCE_DESC2 desc;
    GUID mlir_requested[1];
    BOOL mlir_supported[1];
    SIZE_T mlir_output_size;
};

static void prepare_inputs(const struct caps_adapter *adapter, const struct mk_feature *feature, void *data,
        struct valid_inputs *in)
{
    memset(in, 0, sizeof(*in));
    switch (feature->value)
    {
        case D3D12_FEATURE_FEATURE_LEVELS:
        {
            D3D12_FEATURE_DATA_FEATURE_LEVELS *d = data;
            in->levels[0] = D3D_FEATURE_LEVEL_11_0;
            in->levels[1] = D3D_FEATURE_LEVEL_12_0;
            d->NumFeatureLevels = 2;
            d->pFeatureLevelsRequested = in->levels;
            break;
        }
        case D3D12_FEATURE_FORMAT_SUPPORT:
            ((D3D12_FEATURE_DATA_FORMAT_SUPPORT *)data)->Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            break;
        case D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS:
            ((D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS *)data)->Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            ((D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS *)data)->SampleCount = 1;
            break;
        case D3D12_FEATURE_FORMAT_INFO:
            ((D3D12_FEATURE_DATA_FORMAT_INFO *)data)->Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            break;
        case D3D12_FEATURE_SHADER_MODEL:
            ((D3D12_FEATURE_DATA_SHADER_MODEL *)data)->HighestShaderModel = D3D_SHADER_MODEL_5_1;
            break;
        case D3D12_FEATURE_ROOT_SIGNATURE:
            ((D3D12_FEATURE_DATA_ROOT_SIGNATURE *)data)->HighestVersion = D3D_ROOT_SIGNATURE_VERSION_1_0;
            break;
        case D3D12_FEATURE_COMMAND_QUEUE_PRIORITY:
            ((D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY *)data)->CommandListType = D3D12_COMMAND_LIST_TYPE_DIRECT;
            ((D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY *)data)->Priority = D3D12_COMMAND_QUEUE_PRIORITY_NORMAL;
            break;
        case D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES:
        {
            D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPES *d = data;
            const D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT *count = caps_adapter_values(adapter,
                    mk_feature_from_value(D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT)->struct_index);
            d->Count = count ? count->Count : 0;
            assert_true(d->Count <= ARRAY_SIZE(in->types));
            d->pTypes = in->types;
            break;
        }
        case D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO:
        {
            D3D12_FEATURE_DATA_PLACED_RESOURCE_SUPPORT_INFO *d = data;
            d->Format = DXGI_FORMAT_UNKNOWN;
            d->Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
            d->DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
            break;
        }
        case D3D12_FEATURE_BARRIER_LAYOUT:
            ((D3D12_FEATURE_DATA_BARRIER_LAYOUT *)data)->CommandListType = D3D12_COMMAND_LIST_TYPE_DIRECT;
            ((D3D12_FEATURE_DATA_BARRIER_LAYOUT *)data)->Layout = D3D12_BARRIER_LAYOUT_COMMON;
            break;
        case D3D12_FEATURE_FENCE_BARRIERS:
            ((D3D12_FEATURE_DATA_FENCE_BARRIERS *)data)->CommandListType = D3D12_COMMAND_LIST_TYPE_DIRECT;
            break;
        case D3D12_FEATURE_GUID_TEXTURE_LAYOUT:
            in->desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            in->desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
            ((D3D12_FEATURE_DATA_GUID_TEXTURE_LAYOUT *)data)->pDesc = &in->desc;
            break;
        case D3D12_FEATURE_MLIR_INTERFACE_SUPPORT:
            ((D3D12_FEATURE_DATA_MLIR_INTERFACE_SUPPORT *)data)->NumMlirInterfaces = 1;
            ((D3D12_FEATURE_DATA_MLIR_INTERFACE_SUPPORT *)data)->pMlirInterfacesRequested = in->mlir_requested;
            ((D3D12_FEATURE_DATA_MLIR_INTERFACE_SUPPORT *)data)->pMlirInterfacesSupported = in->mlir_supported;
            break;
        case D3D12_FEATURE_MLIR_EXCHANGE:
            ((D3D12_FEATURE_DATA_MLIR_EXCHANGE *)data)->OutputDataSizeInBytes = &in->mlir_output_size;
            break;
        default:
            break;
    }
}

/* Does the adapter's profile give a value of the feature (explicitly or
 * inherited)? A driver-optional feature is answered only then. */
static bool profile_states(const struct caps_adapter *adapter, const struct mk_feature *feature)
{
    const struct mk_struct *s = &mk_structs[feature->struct_index];
    unsigned f;

    for (f = s->first_field; f < (unsigned)s->first_field + s->field_count; ++f)
        if (caps_adapter_value_origin(adapter, f) != CAPS_VALUE_DEFAULT)
            return true;
    return false;
}

/* The answer of a right-size query with valid inputs: S_OK but for these. */
static HRESULT expected_valid_hr(const struct caps_adapter *adapter, const struct mk_feature *feature)
{
    switch (feature->value)
    {
        case D3D12_FEATURE_PREDICATION:
        case D3D12_FEATURE_HARDWARE_COPY:
        case D3D12_FEATURE_SHADER_CACHE_ABI_SUPPORT:
            /* Answered by the driver when its report has it (the AMD reports
             * do not), E_NOTIMPL otherwise. */
            return profile_states(adapter, feature) ? S_OK : E_NOTIMPL;
        case D3D12_FEATURE_QUERY_META_COMMAND:
            return E_INVALIDARG;                /* no meta command exists on a mock adapter */
        case D3D12_FEATURE_MLIR_EXCHANGE:
            return DXGI_ERROR_UNSUPPORTED;      /* no MLIR interface exists on a mock adapter */
        default:
            return S_OK;
    }
}

static bool all_bytes(const unsigned char *p, size_t size, unsigned char value)
{
    size_t i;

    for (i = 0; i < size; ++i)
        if (p[i] != value)
            return false;
    return true;
}

static void test_every_feature_every_adapter(void **state)
{
    static const mockd3d12_runtime *const runtimes[] = {&runtime_retail_620, &runtime_preview_721};
    struct row_failures failures = {0};
    unsigned char data[1100], copy[1100];
    char name[160];
    unsigned a, r;
    size_t f;

    (void)state;
    assert_true(caps_adapter_count() > 0);
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);

        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            ID3D12Device *device = create_device_with(adapter, runtimes[r]);

            for (f = 0; f < mk_feature_count; ++f)
            {
                const struct mk_feature *feature = &mk_features[f];
                UINT size = mk_structs[feature->struct_index].size, bad_sizes[] = {size - 1, size + 1, 0};
                struct valid_inputs in;
                unsigned i;
                HRESULT hr, expected;

                assert_true(size + 1 <= sizeof(data));
                snprintf(name, sizeof(name), "%s, %s, %s", caps_adapter_id(adapter), runtime_name(runtimes[r]),
                        mk_feature_name(feature));
                expected = caps_runtime_knows_until(runtimes[r], feature->first_retail, feature->first_preview,
                        feature->last_preview)
                        ? expected_valid_hr(adapter, feature) : E_INVALIDARG;

                memset(data, 0, sizeof(data));
                prepare_inputs(adapter, feature, data, &in);
                memcpy(copy, data, sizeof(data));
                hr = check(device, (D3D12_FEATURE)feature->value, data, size);
                if (hr != expected)
                    row_fail(&failures, (unsigned)f, name, "right size: hr %#x, expected %#x.", (unsigned)hr,
                            (unsigned)expected);
                /* Inputs come back as given; a failure writes nothing. */
                for (i = mk_structs[feature->struct_index].first_field;
                        i < (unsigned)mk_structs[feature->struct_index].first_field
                        + mk_structs[feature->struct_index].field_count; ++i)
                {
                    const struct mk_field *field = &mk_fields[i];

                    if ((field->dir == MK_DIR_IN || FAILED(hr))
                            && memcmp(data + field->offset, copy + field->offset, field->size))
                        row_fail(&failures, (unsigned)f, name, "%s was written (hr %#x).", mk_field_name(field),
                                (unsigned)hr);
                }

                for (i = 0; i < ARRAY_SIZE(bad_sizes); ++i)
                {
                    memset(data, CANARY, sizeof(data));
                    prepare_inputs(adapter, feature, data, &in);
                    memcpy(copy, data, sizeof(data));
                    hr = check(device, (D3D12_FEATURE)feature->value, data, bad_sizes[i]);
                    if (hr != E_INVALIDARG)
                        row_fail(&failures, (unsigned)f, name, "size %u: hr %#x.", bad_sizes[i], (unsigned)hr);
                    if (memcmp(copy, data, sizeof(data)))
                        row_fail(&failures, (unsigned)f, name, "size %u: the buffer was written.", bad_sizes[i]);
                }
                hr = check(device, (D3D12_FEATURE)feature->value, NULL, size);
                if (hr != E_INVALIDARG)
                    row_fail(&failures, (unsigned)f, name, "NULL data: hr %#x.", (unsigned)hr);
            }
            ID3D12Device_Release(device);
        }
    }
    rows_done(&failures);
}

/* Features without inputs answer exactly the adapter's true values on a
 * runtime that clamps nothing (preview 721 knows every value). */
static void test_outputs_are_adapter_values(void **state)
{
    struct row_failures failures = {0};
    unsigned char data[1100];
    char name[160];
    unsigned a;
    size_t f;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);

        for (f = 0; f < mk_feature_count; ++f)
        {
            const struct mk_feature *feature = &mk_features[f];
            const struct mk_struct *desc = &mk_structs[feature->struct_index];
            const unsigned char *values = caps_adapter_values(adapter, feature->struct_index);
            struct caps_fill fill;
            bool write_back = false;
            char why[256];
            unsigned i;

            if (!caps_fill_is_copy(feature) || !values)
                continue;
            memset(data, CANARY, sizeof(data));
            fill.adapter = adapter;
            fill.feature = feature;
            fill.runtime = &runtime_preview_721;
            fill.data = data;
            fill.why = why;
            fill.why_size = sizeof(why);
            fill.write_back = &write_back;
            snprintf(name, sizeof(name), "%s, %s", caps_adapter_id(adapter), mk_feature_name(feature));
            if (caps_fill_feature(&fill) != S_OK)
            {
                row_fail(&failures, (unsigned)f, name, "the fill failed (%s).", why);
                continue;
            }
            for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
            {
                const struct mk_field *field = &mk_fields[i];

                if (field->dir == MK_DIR_OUT && memcmp(data + field->offset, values + field->offset, field->size))
                    row_fail(&failures, (unsigned)f, name, "%s differs from the adapter's value.",
                            mk_field_name(field));
                if (field->dir != MK_DIR_OUT && !all_bytes(data + field->offset, field->size, CANARY))
                    row_fail(&failures, (unsigned)f, name, "input %s was written.", mk_field_name(field));
            }
            if (write_back)
                row_fail(&failures, (unsigned)f, name, "write_back set.");
        }
    }
    rows_done(&failures);
}

static void test_unknown_features(void **state)
{
    static const struct
    {
        const mockd3d12_runtime *runtime;
        UINT feature;
        HRESULT expected;
    }
    rows[] =
    {
        {&runtime_retail_620, 14, E_INVALIDARG},
        {&runtime_retail_620, 15, E_INVALIDARG},
        {&runtime_retail_620, 17, E_INVALIDARG},
        {&runtime_retail_620, 26, E_INVALIDARG},
        {&runtime_retail_620, 999, E_INVALIDARG},
        {&runtime_retail_620, 0x7fffffff, E_INVALIDARG},
        {&runtime_preview_721, 26, E_INVALIDARG},
        /* A 1.610 runtime does not know OPTIONS21 (1.613); 1.613 does. */
        {&runtime_retail_610, D3D12_FEATURE_D3D12_OPTIONS21, E_INVALIDARG},
        {&runtime_retail_613, D3D12_FEATURE_D3D12_OPTIONS21, S_OK},
        /* Preview-only features are unknown to every retail runtime. */
        {&runtime_retail_620, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, E_INVALIDARG},
        /* The RTX 4090's report answers both. */
        {&runtime_retail_620, D3D12_FEATURE_PREDICATION, S_OK},
        {&runtime_retail_620, D3D12_FEATURE_HARDWARE_COPY, S_OK},
        {&runtime_retail_610, D3D12_FEATURE_PREDICATION, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    unsigned char data[1100];
    char name[160];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12Device *device = create_device_with(caps_adapter_at(0), rows[i].runtime);
        const struct mk_feature *feature = mk_feature_from_value(rows[i].feature);
        UINT size = feature ? mk_structs[feature->struct_index].size : 16;
        HRESULT hr;

        snprintf(name, sizeof(name), "%s, feature %u%s%s", runtime_name(rows[i].runtime), rows[i].feature,
                feature ? " " : "", feature ? mk_feature_name(feature) : "");
        memset(data, CANARY, sizeof(data));
        hr = check(device, (D3D12_FEATURE)rows[i].feature, data, size);
        if (hr != rows[i].expected)
            row_fail(&failures, i, name, "hr %#x, expected %#x.", (unsigned)hr, (unsigned)rows[i].expected);
        if (FAILED(hr) && !all_bytes(data, sizeof(data), CANARY))
            row_fail(&failures, i, name, "the buffer was written.");
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

static void test_runtime_knows(void **state)
{
    static const struct
    {
        const mockd3d12_runtime *runtime;
        uint16_t first_retail, first_preview;
        bool expected;
    }
    rows[] =
    {
        {&runtime_retail_610, 610, 710, true},
        {&runtime_retail_610, 611, 710, false},
        {&runtime_retail_610, MK_NEVER, 700, false},
        {&runtime_retail_620, 4, 700, true},
        {&runtime_preview_721, MK_NEVER, 721, true},
        {&runtime_preview_721, 4, MK_NEVER, false},
        {&runtime_preview_721, 600, 722, false},
    };
    struct row_failures failures = {0};
    char name[64];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        snprintf(name, sizeof(name), "%s, first %u / %u", runtime_name(rows[i].runtime), rows[i].first_retail,
                rows[i].first_preview);
        if (caps_runtime_knows(rows[i].runtime, rows[i].first_retail, rows[i].first_preview) != rows[i].expected)
            row_fail(&failures, i, name, "caps_runtime_knows is %s, expected %s.", rows[i].expected ? "false" : "true",
                    rows[i].expected ? "true" : "false");
    }
    rows_done(&failures);
}

/* One fill called directly, so the reason for the debug layer is visible. */
static HRESULT fill_direct(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime, D3D12_FEATURE value,
        void *data, char *why, size_t why_size, bool *write_back)
{
    struct caps_fill fill;

    fill.adapter = adapter;
    fill.feature = mk_feature_from_value(value);
    fill.runtime = runtime;
    fill.data = data;
    fill.why = why;
    fill.why_size = why_size;
    fill.write_back = write_back;
    assert_non_null(fill.feature);
    return caps_fill_feature(&fill);
}

static const void *values_of(const struct caps_adapter *adapter, D3D12_FEATURE value)
{
    return caps_adapter_values(adapter, mk_feature_from_value(value)->struct_index);
}

/* Calls a fill for every adapter and checks HRESULT and reason: a failure
 * names its cause, a success has none. A mismatch is reported as row `row`
 * (`name`) of `failures`, on the adapter. */
#define CHECK_FILL(failures, adapter, runtime, feature, data, expected, row, name) \
    do { \
        char why_[256]; bool wb_ = false; \
        HRESULT hr_ = fill_direct(adapter, runtime, feature, data, why_, sizeof(why_), &wb_); \
        if (hr_ != (expected)) \
            row_fail(failures, (unsigned)(row), name, "%s: hr %#x, expected %#x (%s).", caps_adapter_id(adapter), \
                    (unsigned)hr_, (unsigned)(expected), why_); \
        if (FAILED(hr_) && !why_[0]) \
            row_fail(failures, (unsigned)(row), name, "%s: failure without a reason.", caps_adapter_id(adapter)); \
    } while (0)

static void test_feature_levels(void **state)
{
    static const D3D_FEATURE_LEVEL all[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0,
            D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_9_1};
    static const D3D_FEATURE_LEVEL d3d9[] = {D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1};
    static const D3D_FEATURE_LEVEL invalid[] = {(D3D_FEATURE_LEVEL)0, (D3D_FEATURE_LEVEL)0x3000};
    static const D3D_FEATURE_LEVEL too_high[] = {(D3D_FEATURE_LEVEL)0xf000, (D3D_FEATURE_LEVEL)0xc300};
    static const D3D_FEATURE_LEVEL only_11_0[] = {D3D_FEATURE_LEVEL_11_0};
    static const struct
    {
        const char *name;
        UINT count;
        const D3D_FEATURE_LEVEL *levels;
        HRESULT expected;
        D3D_FEATURE_LEVEL expected_level; /* 0: the adapter's max */
    }
    rows[] =
    {
        {"count 0", 0, all, E_INVALIDARG, 0},                                 /* [vkd3d] */
        {"NULL levels", ARRAY_SIZE(all), NULL, E_INVALIDARG, 0},
        {"all", ARRAY_SIZE(all), all, S_OK, 0},                               /* [vkd3d] */
        {"d3d9", ARRAY_SIZE(d3d9), d3d9, S_OK, D3D_FEATURE_LEVEL_9_3},        /* [vkd3d] */
        {"invalid", ARRAY_SIZE(invalid), invalid, S_OK, (D3D_FEATURE_LEVEL)0x3000}, /* [vkd3d] unknown values kept */
        {"too high", ARRAY_SIZE(too_high), too_high, DXGI_ERROR_UNSUPPORTED, 0},
        {"only 11_0", ARRAY_SIZE(only_11_0), only_11_0, S_OK, D3D_FEATURE_LEVEL_11_0},
    };
    struct row_failures failures = {0};
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);

        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_FEATURE_LEVELS d = {rows[i].count, rows[i].levels, (D3D_FEATURE_LEVEL)0xdead};

            CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_FEATURE_LEVELS, &d, rows[i].expected, i,
                    rows[i].name);
            if (SUCCEEDED(rows[i].expected))
            {
                D3D_FEATURE_LEVEL want = rows[i].expected_level ? rows[i].expected_level
                        : caps_adapter_max_feature_level(adapter);
                if (d.MaxSupportedFeatureLevel != want)
                    row_fail(&failures, i, rows[i].name, "%s: level %#x, expected %#x.", caps_adapter_id(adapter),
                            (unsigned)d.MaxSupportedFeatureLevel, (unsigned)want);
            }
        }
    }
    rows_done(&failures);
}

/* A shader model an adapter profile declares (nextgen's D3D_SHADER_MODEL_6_11,
 * 622 / 723) is a valid question on a runtime that knows it, and its answer
 * is clamped for a caller that does not; an adapter that declares nothing
 * refuses it as unknown. 0 is the legacy entry point. */
static void test_declared_shader_model(void **state)
{
    static const mockd3d12_runtime preview_723 = {MOCKD3D12_RUNTIME_PREVIEW, 622, 723, 620, 721, FALSE};
    static const mockd3d12_runtime retail_622 = {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE};
    static const struct
    {
        const char *adapter;
        const mockd3d12_runtime *runtime;
        UINT version;
        HRESULT hr;
        UINT expected;
    }
    rows[] =
    {
        {"nextgen", &preview_723, 723, S_OK, 0x6b},
        {"nextgen", &preview_723, 622, S_OK, 0x6b},
        {"nextgen", &preview_723, 721, S_OK, D3D_SHADER_MODEL_6_10}, /* a caller that does not know 6_11 */
        {"nextgen", &preview_723, 620, S_OK, D3D_SHADER_MODEL_6_10},
        {"nextgen", &preview_723, 0, S_OK, D3D_SHADER_MODEL_6_10},   /* pinned below the cutoff */
        {"nextgen", &retail_622, 622, S_OK, 0x6b},
        {"nextgen", &retail_622, 0, S_OK, D3D_SHADER_MODEL_6_10},
        {"warp", &preview_723, 723, E_INVALIDARG, 0x6b},           /* not a shader model it knows: untouched */
        {"warp", &retail_622, 0, E_INVALIDARG, 0x6b},
    };
    struct row_failures failures = {0};
    unsigned i;
    char name[96];

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *adapter = caps_adapter_lookup(rows[i].adapter, NULL, 0);
        D3D12_FEATURE_DATA_SHADER_MODEL data = {(D3D_SHADER_MODEL)0x6b};
        ID3D12Device *device;
        ID3D12Device17 *device17;
        HRESULT hr;

        snprintf(name, sizeof(name), "%s, %s, %s %u", rows[i].adapter, runtime_name(rows[i].runtime),
                rows[i].version ? "SDKVersion" : "legacy", rows[i].version);
        assert_non_null(adapter);
        device = create_device_with(adapter, rows[i].runtime);
        if (rows[i].version)
        {
            assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
            hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_SHADER_MODEL, &data, sizeof(data),
                    rows[i].version);
            ID3D12Device17_Release(device17);
        }
        else
            hr = check(device, D3D12_FEATURE_SHADER_MODEL, &data, sizeof(data));
        if (hr != rows[i].hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if ((UINT)data.HighestShaderModel != rows[i].expected)
            row_fail(&failures, i, name, "HighestShaderModel %#x, expected %#x", (unsigned)data.HighestShaderModel,
                    rows[i].expected);
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

static void test_shader_model_and_root_signature(void **state)
{
    static const struct
    {
        const mockd3d12_runtime *runtime;
        UINT requested;
        HRESULT expected;
    }
    sm_rows[] =
    {
        {&runtime_retail_620, D3D_SHADER_MODEL_5_1, S_OK},
        {&runtime_retail_620, D3D_SHADER_MODEL_6_0, S_OK},
        {&runtime_retail_620, D3D_SHADER_MODEL_6_9, S_OK},
        {&runtime_retail_620, 106 /* 6_10, SDK 619 */, S_OK},
        {&runtime_retail_610, 105 /* 6_9, SDK 613 */, E_INVALIDARG},
        {&runtime_retail_613, 105, S_OK},
        {&runtime_retail_620, 107, E_INVALIDARG},
        {&runtime_retail_620, 0, E_INVALIDARG},                 /* D3D_SHADER_MODEL_NONE */
        {&runtime_retail_620, 0x50, E_INVALIDARG},
        {&runtime_retail_620, 0x5f, E_INVALIDARG},
        {&runtime_retail_620, 0xffffffff, E_INVALIDARG},
    };
    static const struct
    {
        const mockd3d12_runtime *runtime;
        UINT requested;
        HRESULT expected;
    }
    rs_rows[] =
    {
        {&runtime_retail_620, D3D_ROOT_SIGNATURE_VERSION_1_0, S_OK},   /* [vkd3d] */
        {&runtime_retail_620, D3D_ROOT_SIGNATURE_VERSION_1_1, S_OK},   /* [vkd3d] */
        {&runtime_retail_620, 3 /* 1_2, SDK 610 */, S_OK},
        {&runtime_retail_610, 3, S_OK},
        {&runtime_retail_620, 0, E_INVALIDARG},                        /* [proton] untouched */
        {&runtime_retail_620, 0xdeadbeef, E_INVALIDARG},               /* [proton] untouched */
        {&runtime_retail_620, 4, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    char name[64];
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        const D3D12_FEATURE_DATA_SHADER_MODEL *sm = values_of(adapter, D3D12_FEATURE_SHADER_MODEL);
        const D3D12_FEATURE_DATA_ROOT_SIGNATURE *rs = values_of(adapter, D3D12_FEATURE_ROOT_SIGNATURE);

        for (i = 0; i < ARRAY_SIZE(sm_rows); ++i)
        {
            D3D12_FEATURE_DATA_SHADER_MODEL d = {(D3D_SHADER_MODEL)sm_rows[i].requested};

            snprintf(name, sizeof(name), "shader model %#x, %s", sm_rows[i].requested,
                    runtime_name(sm_rows[i].runtime));
            CHECK_FILL(&failures, adapter, sm_rows[i].runtime, D3D12_FEATURE_SHADER_MODEL, &d, sm_rows[i].expected, i,
                    name);
            if (SUCCEEDED(sm_rows[i].expected)
                    && (UINT)d.HighestShaderModel != (sm_rows[i].requested < (UINT)sm->HighestShaderModel
                    ? sm_rows[i].requested : (UINT)sm->HighestShaderModel))
                row_fail(&failures, i, name, "%s: got %#x.", caps_adapter_id(adapter), (unsigned)d.HighestShaderModel);
        }
        for (i = 0; i < ARRAY_SIZE(rs_rows); ++i)
        {
            D3D12_FEATURE_DATA_ROOT_SIGNATURE d = {(D3D_ROOT_SIGNATURE_VERSION)rs_rows[i].requested};
            ID3D12Device *device = create_device_with(adapter, rs_rows[i].runtime);
            HRESULT hr = check(device, D3D12_FEATURE_ROOT_SIGNATURE, &d, sizeof(d));

            ID3D12Device_Release(device);
            snprintf(name, sizeof(name), "root signature %#x, %s", rs_rows[i].requested,
                    runtime_name(rs_rows[i].runtime));
            if (hr != rs_rows[i].expected)
                row_fail(&failures, i, name, "%s: hr %#x.", caps_adapter_id(adapter), (unsigned)hr);
            if (FAILED(hr) && (UINT)d.HighestVersion != rs_rows[i].requested)
                row_fail(&failures, i, name, "%s: the field was written.", caps_adapter_id(adapter));
            if (SUCCEEDED(hr) && (UINT)d.HighestVersion != (rs_rows[i].requested < (UINT)rs->HighestVersion
                    ? rs_rows[i].requested : (UINT)rs->HighestVersion))
                row_fail(&failures, i, name, "%s: got %#x.", caps_adapter_id(adapter), (unsigned)d.HighestVersion);
        }
    }
    rows_done(&failures);
}

static void test_node_index(void **state)
{
    static const D3D12_FEATURE features[] =
    {
        D3D12_FEATURE_ARCHITECTURE, D3D12_FEATURE_ARCHITECTURE1, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT,
        D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT, D3D12_FEATURE_SERIALIZATION, D3D12_FEATURE_FENCE_BARRIERS,
        D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES,
    };
    struct row_failures failures = {0};
    char name[128];
    unsigned a, i, k;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        UINT nodes = caps_adapter_node_count(adapter);
        const UINT indices[] = {0, nodes - 1, nodes, nodes + 1, 0xffffffff};

        assert_true(nodes >= 1);
        for (i = 0; i < ARRAY_SIZE(features); ++i)
        {
            for (k = 0; k < ARRAY_SIZE(indices); ++k)
            {
                unsigned char data[256];
                struct valid_inputs in;

                memset(data, 0, sizeof(data));
                prepare_inputs(adapter, mk_feature_from_value(features[i]), data, &in);
                /* NodeIndex is the first field of all of these structs. */
                memcpy(data, &indices[k], sizeof(UINT));
                snprintf(name, sizeof(name), "%s, NodeIndex %#x", mk_feature_name(mk_feature_from_value(features[i])),
                        indices[k]);
                CHECK_FILL(&failures, adapter, &runtime_preview_721, features[i], data,
                        indices[k] < nodes ? S_OK : E_INVALIDARG, i, name);
            }
        }
    }
    rows_done(&failures);
}

static void test_command_queue_priority(void **state)
{
    static const struct
    {
        UINT type, priority;
        HRESULT expected;
        BOOL supported;
    }
    rows[] =
    {
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_HIGH, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_QUEUE_PRIORITY_HIGH, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, E_INVALIDARG, FALSE},
        {0xffffffff /* NONE */, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, E_INVALIDARG, FALSE},
        {7, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, E_INVALIDARG, FALSE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, 1, E_INVALIDARG, FALSE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, 50, E_INVALIDARG, FALSE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, 0xffffffff, E_INVALIDARG, FALSE},
    };
    struct row_failures failures = {0};
    char name[64];
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY d = {(D3D12_COMMAND_LIST_TYPE)rows[i].type, rows[i].priority, 0x55};

            snprintf(name, sizeof(name), "type %#x, priority %#x", rows[i].type, rows[i].priority);
            CHECK_FILL(&failures, caps_adapter_at(a), &runtime_retail_620, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &d,
                    rows[i].expected, i, name);
            if (SUCCEEDED(rows[i].expected) && d.PriorityForTypeIsSupported != rows[i].supported)
                row_fail(&failures, i, name, "%s: supported %d.", caps_adapter_id(caps_adapter_at(a)),
                        d.PriorityForTypeIsSupported);
        }
    }
    /* GLOBAL_REALTIME is the driver's (the reports'), FALSE where nothing says. */
    {
        static const struct
        {
            const char *adapter;
            UINT type;
            BOOL supported;
        }
        realtime[] =
        {
            {"nvidia-rtx-5070-ti", D3D12_COMMAND_LIST_TYPE_DIRECT, TRUE},
            {"nvidia-rtx-5070-ti", D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE, TRUE},
            {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_COPY, TRUE},
            {"intel-arc-a770", D3D12_COMMAND_LIST_TYPE_DIRECT, TRUE},
            {"amd-radeon-granite-ridge", D3D12_COMMAND_LIST_TYPE_DIRECT, FALSE},
            {"amd-radeon-granite-ridge", D3D12_COMMAND_LIST_TYPE_COMPUTE, TRUE},
            {"amd-radeon-680m", D3D12_COMMAND_LIST_TYPE_COPY, TRUE},
            {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, TRUE},
            {"warp-nuget-1-0-19", D3D12_COMMAND_LIST_TYPE_DIRECT, TRUE}, /* inherits warp's */
            {"amd-rx-7900-xtx", D3D12_COMMAND_LIST_TYPE_DIRECT, FALSE},  /* inferred: no report */
        };

        for (i = 0; i < ARRAY_SIZE(realtime); ++i)
        {
            D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY d = {(D3D12_COMMAND_LIST_TYPE)realtime[i].type,
                    D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME, 0x55};
            const struct caps_adapter *adapter = caps_adapter_lookup(realtime[i].adapter, NULL, 0);

            snprintf(name, sizeof(name), "%s, type %u, GLOBAL_REALTIME", realtime[i].adapter, realtime[i].type);
            if (!adapter)
            {
                row_fail(&failures, i, name, "no such adapter");
                continue;
            }
            CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &d, S_OK, i, name);
            if (d.PriorityForTypeIsSupported != realtime[i].supported)
                row_fail(&failures, i, name, "supported %d.", d.PriorityForTypeIsSupported);
        }
    }
    rows_done(&failures);
}

static void test_barrier_layout(void **state)
{
    static const struct
    {
        UINT type, layout;
        HRESULT expected;
        BOOL supported; /* with enhanced barriers; [dump] */
    }
    rows[] =
    {
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_BARRIER_LAYOUT_RENDER_TARGET, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_BARRIER_LAYOUT_RENDER_TARGET, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_COPY, D3D12_BARRIER_LAYOUT_COMMON, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_COPY, D3D12_BARRIER_LAYOUT_COPY_DEST, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE, D3D12_BARRIER_LAYOUT_VIDEO_DECODE_WRITE, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE, D3D12_BARRIER_LAYOUT_VIDEO_ENCODE_WRITE, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_COMMON, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_COMPUTE, 31 /* DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE */, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_BARRIER_LAYOUT_UNDEFINED, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_DIRECT, 32, E_INVALIDARG, FALSE},
        /* A type with no layouts is a question with the answer FALSE, not an error. */
        {D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_BARRIER_LAYOUT_COMMON, S_OK, FALSE},
        {7, D3D12_BARRIER_LAYOUT_COMMON, S_OK, FALSE},
        {9, D3D12_BARRIER_LAYOUT_COMMON, S_OK, FALSE},
        {(UINT)D3D12_COMMAND_LIST_TYPE_NONE, D3D12_BARRIER_LAYOUT_COMMON, S_OK, FALSE},
        {0xdeadbeef, D3D12_BARRIER_LAYOUT_COMMON, S_OK, FALSE},
        /* The video layouts answer for every type. */
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_BARRIER_LAYOUT_VIDEO_DECODE_READ, S_OK, FALSE},
        {D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE, D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON, S_OK, TRUE},
        {D3D12_COMMAND_LIST_TYPE_VIDEO_PROCESS, D3D12_BARRIER_LAYOUT_VIDEO_PROCESS_WRITE, S_OK, TRUE},
    };
    struct row_failures failures = {0};
    char name[64];
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        const D3D12_FEATURE_DATA_D3D12_OPTIONS12 *o12 = values_of(adapter, D3D12_FEATURE_D3D12_OPTIONS12);

        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_BARRIER_LAYOUT d = {(D3D12_COMMAND_LIST_TYPE)rows[i].type,
                    (D3D12_BARRIER_LAYOUT)rows[i].layout, 0x55};

            snprintf(name, sizeof(name), "type %#x, layout %#x", rows[i].type, rows[i].layout);
            CHECK_FILL(&failures, adapter, &runtime_preview_721, D3D12_FEATURE_BARRIER_LAYOUT, &d, rows[i].expected, i,
                    name);
            if (SUCCEEDED(rows[i].expected) && d.Supported != (o12->EnhancedBarriersSupported && rows[i].supported))
                row_fail(&failures, i, name, "%s: supported %d.", caps_adapter_id(adapter), d.Supported);
        }
    }
    rows_done(&failures);
}

static void test_other_inputs(void **state)
{
    struct row_failures failures = {0};
    unsigned a;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        const D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT *count
                = values_of(adapter, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT);
        D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPES types;
        D3D12_FEATURE_DATA_QUERY_META_COMMAND meta;
        D3D12_FEATURE_DATA_PLACED_RESOURCE_SUPPORT_INFO placed;
        D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT la;
        D3D12_FEATURE_DATA_MLIR_INTERFACE_SUPPORT mlir;
        D3D12_FEATURE_DATA_FENCE_BARRIERS fence;
        GUID guids[8], requested[2] = {{0}};
        BOOL supported[2] = {TRUE, TRUE};

        /* PROTECTED_RESOURCE_SESSION_TYPES: Count must be TYPE_COUNT's. */
        memset(&types, 0, sizeof(types));
        types.Count = count->Count + 1;
        types.pTypes = guids;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types,
                E_INVALIDARG, 0, "TYPES Count too large");
        if (count->Count)
        {
            types.Count = count->Count;
            types.pTypes = NULL;
            CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES,
                    &types, E_INVALIDARG, 1, "TYPES NULL pTypes");
            memset(guids, 0, sizeof(guids));
            types.pTypes = guids;
            CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES,
                    &types, S_OK, 2, "TYPES");
            assert_int_equal(guids[0].Data1, 0x62b0084e); /* D3D12_PROTECTED_RESOURCES_SESSION_HARDWARE_PROTECTED */
        }

        /* QUERY_META_COMMAND: no meta command, whatever the inputs. */
        memset(&meta, 0, sizeof(meta));
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, E_INVALIDARG, 3,
                "META_COMMAND zeroed");
        meta.NodeMask = 3;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, E_INVALIDARG, 4,
                "META_COMMAND NodeMask 3");
        meta.NodeMask = 0;
        meta.QueryOutputDataSizeInBytes = 4;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, E_INVALIDARG, 5,
                "META_COMMAND output size 4");

        /* PLACED_RESOURCE_SUPPORT_INFO */
        memset(&placed, 0, sizeof(placed));
        placed.Format = DXGI_FORMAT_UNKNOWN;
        placed.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
        placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_UPLOAD;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, S_OK,
                6, "PLACED buffer UPLOAD");
        assert_true(placed.Supported);
        placed.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        placed.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, S_OK,
                7, "PLACED texture UPLOAD");
        assert_false(placed.Supported);
        placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, S_OK,
                8, "PLACED texture DEFAULT");
        assert_true(placed.Supported);
        placed.Dimension = D3D12_RESOURCE_DIMENSION_UNKNOWN;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed,
                E_INVALIDARG, 9, "PLACED dimension UNKNOWN");
        placed.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
        placed.DestHeapProperties.Type = (D3D12_HEAP_TYPE)0;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed,
                E_INVALIDARG, 10, "PLACED heap type 0");
        placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
        placed.Format = (DXGI_FORMAT)120;
        CHECK_FILL(&failures, adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed,
                E_INVALIDARG, 11, "PLACED format 120");

        /* LINEAR_ALGEBRA_..._MATRIX_OPERATION_SUPPORT: OperationType 0..5. */
        memset(&la, 0, sizeof(la));
        la.OperationType = (D3D12_LINEAR_ALGEBRA_OPERATION_TYPE)6;
        CHECK_FILL(&failures, adapter, &runtime_preview_721,
                D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
                &la, E_INVALIDARG, 12, "LINEAR_ALGEBRA operation 6");
        la.OperationType = (D3D12_LINEAR_ALGEBRA_OPERATION_TYPE)5;
        CHECK_FILL(&failures, adapter, &runtime_preview_721,
                D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
                &la, S_OK, 13, "LINEAR_ALGEBRA operation 5");

        /* MLIR_INTERFACE_SUPPORT: every interface unsupported. */
        mlir.NumMlirInterfaces = 2;
        mlir.pMlirInterfacesRequested = requested;
        mlir.pMlirInterfacesSupported = supported;
        CHECK_FILL(&failures, adapter, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir, S_OK, 14,
                "MLIR two interfaces");
        assert_false(supported[0] || supported[1]);
        mlir.NumMlirInterfaces = 0;
        CHECK_FILL(&failures, adapter, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir,
                E_INVALIDARG, 15, "MLIR none");
        mlir.NumMlirInterfaces = 1;
        mlir.pMlirInterfacesSupported = NULL;
        CHECK_FILL(&failures, adapter, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir,
                E_INVALIDARG, 16, "MLIR NULL supported");

        /* FENCE_BARRIERS: a queue type. */
        memset(&fence, 0, sizeof(fence));
        fence.CommandListType = D3D12_COMMAND_LIST_TYPE_BUNDLE;
        CHECK_FILL(&failures, adapter, &runtime_preview_721, D3D12_FEATURE_FENCE_BARRIERS, &fence, E_INVALIDARG, 17,
                "FENCE_BARRIERS bundle");

        /* GUID_TEXTURE_LAYOUT: pDesc required. */
        {
            D3D12_FEATURE_DATA_GUID_TEXTURE_LAYOUT g;
            memset(&g, 0, sizeof(g));
            CHECK_FILL(&failures, adapter, &runtime_preview_721, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, &g, E_INVALIDARG,
                    18, "GUID_TEXTURE_LAYOUT NULL pDesc");
        }
    }
    rows_done(&failures);
}

/* ---- Coverage rows: refusals with the debug layer, SDK versions past 1023 ---- */

/*
 * CheckFeatureSupport's refusals with the debug layer on, the ones
 * test_debug_layer.c's message rows do not reach through a device: a known
 * feature with no data, a feature the device's runtime is too old to know,
 * a feature value past every table. Each row: the HRESULT, the one message
 * and its text, and that the caller's buffer was not touched. Then SDK
 * versions past 1023 on a runtime numbered that high.
 */

/* A device of a factory for SDK `sdk_version` (its runtime knows that SDK). */
static ID3D12Device *factory_device(UINT sdk_version)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *device = NULL;

    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
            (void **)&config), S_OK);
    assert_int_equal(ID3D12SDKConfiguration1_CreateDeviceFactory(config, sdk_version, ".\\D3D12\\",
            &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    assert_int_equal(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    ID3D12DeviceFactory_Release(factory);
    ID3D12SDKConfiguration1_Release(config);
    return device;
}

static void test_refusals_with_debug_layer(void **state)
{
    static const struct
    {
        const char *name;
        UINT sdk_version; /* the factory's */
        D3D12_FEATURE feature;
        bool data;
        UINT size;
        D3D12_MESSAGE_ID id;
        const char *message;
    }
    rows[] =
    {
        {"OPTIONS, no data", 614, D3D12_FEATURE_D3D12_OPTIONS, false, sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS),
                D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT,
                "ID3D12Device::CheckFeatureSupport: D3D12_FEATURE_D3D12_OPTIONS: pFeatureSupportData is NULL."},
        {"OPTIONS21 on SDK 606", 606, D3D12_FEATURE_D3D12_OPTIONS21, true, sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS21),
                D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE,
                "ID3D12Device::CheckFeatureSupport: D3D12_FEATURE_D3D12_OPTIONS21 (53) is not a feature this runtime "
                "(retail 606) knows; returning E_INVALIDARG."},
        {"feature 4096", 614, (D3D12_FEATURE)4096, true, 4, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE,
                "ID3D12Device::CheckFeatureSupport: Feature 4096 is not a feature this runtime (retail 614) knows; "
                "returning E_INVALIDARG."},
    };
    struct row_failures failures = {0};
    unsigned char data[256], canary[256];
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE *m;
    UINT64 last;
    unsigned i;
    SIZE_T size;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    memset(canary, 0xa5, sizeof(canary));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = factory_device(rows[i].sdk_version);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
        ID3D12InfoQueue_ClearStoredMessages(info);
        memcpy(data, canary, sizeof(data));
        hr = ID3D12Device_CheckFeatureSupport(device, rows[i].feature, rows[i].data ? data : NULL, rows[i].size);
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        if (memcmp(data, canary, sizeof(data)))
            row_fail(&failures, i, rows[i].name, "the data was written");
        /* The deprecation warning of the legacy entry point may come first: the last message is the refusal. */
        size = 0;
        last = ID3D12InfoQueue_GetNumStoredMessages(info);
        if (!last-- || FAILED(ID3D12InfoQueue_GetMessage(info, last, NULL, &size)))
        {
            row_fail(&failures, i, rows[i].name, "no message");
        }
        else
        {
            assert_non_null(m = malloc(size));
            assert_int_equal(ID3D12InfoQueue_GetMessage(info, last, m, &size), S_OK);
            if (m->ID != rows[i].id || strcmp(m->pDescription, rows[i].message))
                row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)m->ID, m->pDescription);
            free(m);
        }
        ID3D12InfoQueue_Release(info);
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

/* A preview runtime numbered past 1023 (valid up to 65534): versions from
 * 1024 up are found among the sheet's buckets by search, not by the table
 * of small versions, and give the same answers as the bucket they fall in.
 * nextgen declares RaytracingTier 1_3 from preview 723: 722 sees it
 * clamped, 1023, 1024, 1500 and 2000 see it. */
static void test_versions_past_1023(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 620, 2000, 620, 721, FALSE};
    static const struct
    {
        UINT version;
        HRESULT hr;
        bool tier_1_3;
    }
    rows[] =
    {
        {722, S_OK, false},
        {1023, S_OK, true},
        {1024, S_OK, true},
        {1500, S_OK, true},
        {2000, S_OK, true},
        {2001, E_INVALIDARG, false},
    };
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 data;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    IUnknown *adapter;
    unsigned i;
    HRESULT hr;

    (void)state;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_get_adapter("nextgen", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&data, 0xa5, sizeof(data));
        hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &data, sizeof(data),
                rows[i].version);
        if (hr != rows[i].hr)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: hr %#x", rows[i].version, (unsigned)hr);
        else if (SUCCEEDED(hr) && (data.RaytracingTier == (D3D12_RAYTRACING_TIER)13) != rows[i].tier_1_3)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: RaytracingTier %d", rows[i].version,
                    (int)data.RaytracingTier);
    }
    rows_done(&failures);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* A value declared from preview 1500 on the same runtime: 1200 and 1499
 * fall in the bucket before it and see the tier clamped, 1500 and 1800 see
 * it. */
static void test_value_declared_past_1023(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 620, 2000, 620, 721, FALSE};
    static const char profile[] =
            "{\"id\": \"sheet-1500\", \"description\": \"a tier from preview 1500\", \"inherits\": \"nvidia-rtx-4090\","
            " \"newValues\": [{\"field\": \"D3D12_OPTIONS.ResourceBindingTier\", \"name\": "
            "\"D3D12_RESOURCE_BINDING_TIER_4\", \"value\": 4, \"firstPreview\": 1500}],"
            " \"features\": {\"D3D12_OPTIONS\": {\"ResourceBindingTier\": \"D3D12_RESOURCE_BINDING_TIER_4\"}}}";
    static const struct
    {
        UINT version;
        bool tier_4;
    }
    rows[] =
    {
        {1200, false},
        {1499, false},
        {1500, true},
        {1800, true},
    };
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS data;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    IUnknown *adapter;
    char error[512] = "";
    unsigned i;
    HRESULT hr;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_get_adapter("sheet-1500", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&data, 0xa5, sizeof(data));
        hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS, &data, sizeof(data),
                rows[i].version);
        if (hr != S_OK)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: hr %#x", rows[i].version, (unsigned)hr);
        else if ((data.ResourceBindingTier == (D3D12_RESOURCE_BINDING_TIER)4) != rows[i].tier_4
                || data.ResourceBindingTier < D3D12_RESOURCE_BINDING_TIER_1)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: ResourceBindingTier %d", rows[i].version,
                    (int)data.ResourceBindingTier);
    }
    rows_done(&failures);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* Values declared on one SDK track only, and one on an unordered enum: a
 * retail-only tier is clamped for the legacy entry point (pinned before the
 * cutoff) and for an earlier retail SDK, and seen from its own; a
 * D3D12_TRI_STATE value of the preview track only is unknown to every
 * retail SDK, and an unordered enum's clamped value becomes its 0. */
static void test_one_track_values_clamped(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE};
    static const char profile[] =
            "{\"id\": \"clamp-one-track\", \"description\": \"one-track values\", \"inherits\": \"nvidia-rtx-4090\","
            " \"newValues\": ["
            " {\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13,"
            " \"firstRetail\": 622},"
            " {\"field\": \"D3D12_OPTIONS12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives\","
            " \"name\": \"D3D12_TRI_STATE_MAYBE\", \"value\": 2, \"firstPreview\": 730}],"
            " \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_3\"},"
            " \"D3D12_OPTIONS12\": {\"MSPrimitivesPipelineStatisticIncludesCulledPrimitives\":"
            " \"D3D12_TRI_STATE_MAYBE\"}}}";
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 options12;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    IUnknown *adapter;
    char error[512] = "";

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_get_adapter("clamp-one-track", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);

    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5), 622), S_OK);
    assert_int_equal(options5.RaytracingTier, 13);
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5), 621), S_OK);
    assert_true(options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_0 && options5.RaytracingTier < 13);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5)), S_OK);
    assert_true(options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_0 && options5.RaytracingTier < 13);

    memset(&options12, 0xa5, sizeof(options12));
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS12, &options12,
            sizeof(options12), 622), S_OK);
    assert_int_equal(options12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives, D3D12_TRI_STATE_FALSE);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* ---- Coverage rows: the input-validating fills on adapters no built-in describes ---- */

/*
 * The input-validating CheckFeatureSupport fills (src/caps/fill_inputs.c,
 * fill_formats.c) on adapters no built-in profile describes: one with a
 * protected session type, two nodes and GPU upload heaps, one with 32 nodes,
 * one without enhanced barriers. Each row calls the fill directly (as the
 * rows above do) and checks the HRESULT, the reason the debug layer
 * would print, and the outputs.
 * The rest of the input checks too: both meta-command buffers, a dimension and
 * a heap type past their enums, a shader model only newValues declare, a GUID
 * texture layout at tier 1, MSAA on a format the profile grants it, P208
 * supported and not, a fill without its write-back flag.
 */

static const char profile_edges[] =
        "{\"id\": \"fill-edges\", \"description\": \"fill edge cases\", \"inherits\": \"nvidia-rtx-4090\","
        " \"adapter\": {\"nodeCount\": 2},"
        " \"features\": {\"PROTECTED_RESOURCE_SESSION_TYPE_COUNT\": {\"Count\": 1},"
        " \"D3D12_OPTIONS16\": {\"GPUUploadHeapSupported\": true},"
        " \"D3D12_OPTIONS12\": {\"EnhancedBarriersSupported\": false}}}";
static const char profile_many_nodes[] =
        "{\"id\": \"fill-32-nodes\", \"description\": \"32 nodes\", \"inherits\": \"nvidia-rtx-4090\","
        " \"adapter\": {\"nodeCount\": 32},"
        " \"features\": {\"D3D12_OPTIONS16\": {\"GPUUploadHeapSupported\": false}}}";

static const char profile_more[] =
        "{\"id\": \"fill-edges-more\", \"description\": \"more fill edge cases\", \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"GUID_TEXTURE_LAYOUT\": {\"GuidTextureLayoutTier\": 1}},"
        " \"formats\": {\"DXGI_FORMAT_R24_UNORM_X8_TYPELESS\": {\"Support1\":"
        " \"D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET\"},"
        " \"DXGI_FORMAT_P208\": {\"Support1\": \"D3D12_FORMAT_SUPPORT1_TEXTURE2D\"}},"
        " \"newValues\": [{\"field\": \"SHADER_MODEL.HighestShaderModel\", \"name\": \"D3D_SHADER_MODEL_9_9\","
        " \"value\": 153, \"firstRetail\": 650, \"firstPreview\": 800},"
        " {\"field\": \"ROOT_SIGNATURE.HighestVersion\", \"name\": \"D3D_ROOT_SIGNATURE_VERSION_9_9\","
        " \"value\": 153, \"firstRetail\": 650, \"firstPreview\": 800}]}";

static const struct caps_adapter *register_adapter(const char *json, const char *id)
{
    char error[512] = "";
    const struct caps_adapter *adapter;
    HRESULT hr;

    /* Registered once per process: the tests share them. */
    if ((adapter = caps_adapter_lookup(id, error, sizeof(error))))
        return adapter;
    if (FAILED(hr = mockd3d12_register_profile(json, error, sizeof(error))))
        fail_msg("registering %s failed, hr %#x: %s", id, (unsigned)hr, error);
    if (!(adapter = caps_adapter_lookup(id, error, sizeof(error))))
        fail_msg("%s not found: %s", id, error);
    return adapter;
}

static HRESULT fill_input(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime, D3D12_FEATURE value,
        void *data, char *why, size_t why_size)
{
    struct caps_fill fill;
    bool write_back = false;

    why[0] = 0;
    fill.adapter = adapter;
    fill.feature = mk_feature_from_value(value);
    fill.runtime = runtime;
    fill.data = data;
    fill.why = why;
    fill.why_size = why_size;
    fill.write_back = &write_back;
    assert_non_null(fill.feature);
    return caps_fill_feature(&fill);
}

/* One row: the HRESULT and the reason (exactly; "" for none). */
static void check_fill_row(struct row_failures *failures, unsigned row, const char *name, HRESULT hr, const char *why,
        HRESULT expected_hr, const char *expected_why)
{
    if (hr != expected_hr)
        row_fail(failures, row, name, "hr %#x, expected %#x (%s)", (unsigned)hr, (unsigned)expected_hr, why);
    else if (strcmp(why, expected_why))
        row_fail(failures, row, name, "reason \"%s\", expected \"%s\"", why, expected_why);
}

static void test_session_types_and_meta_commands(void **state)
{
    const struct caps_adapter *edges = register_adapter(profile_edges, "fill-edges");
    const struct caps_adapter *many = register_adapter(profile_many_nodes, "fill-32-nodes");
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPES types;
    D3D12_FEATURE_DATA_QUERY_META_COMMAND meta;
    GUID guids[2];
    char why[256], input[4];
    HRESULT hr;

    (void)state;
    memset(&types, 0, sizeof(types));
    types.Count = 1;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, why,
            sizeof(why));
    check_fill_row(&failures, 0, "TYPES NULL pTypes", hr, why, E_INVALIDARG, "pTypes is NULL with Count 1.");

    memset(guids, 0x5a, sizeof(guids));
    types.pTypes = guids;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, why,
            sizeof(why));
    check_fill_row(&failures, 1, "TYPES one type", hr, why, S_OK, "");
    /* D3D12_PROTECTED_RESOURCES_SESSION_HARDWARE_PROTECTED, and only one. */
    if (guids[0].Data1 != 0x62b0084e || guids[0].Data2 != 0xc70e || guids[0].Data4[7] != 0x82)
        row_fail(&failures, 1, "TYPES one type", "pTypes[0] is %08x-%04x", (unsigned)guids[0].Data1,
                (unsigned)guids[0].Data2);
    if (guids[1].Data1 != 0x5a5a5a5a)
        row_fail(&failures, 1, "TYPES one type", "pTypes[1] was written");

    types.NodeIndex = 2;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, why,
            sizeof(why));
    if (hr != E_INVALIDARG || !why[0])
        row_fail(&failures, 2, "TYPES node 2 of 2", "hr %#x (%s)", (unsigned)hr, why);

    memset(&meta, 0, sizeof(meta));
    meta.NodeMask = 4;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check_fill_row(&failures, 3, "META node 2 of 2", hr, why, E_INVALIDARG,
            "NodeMask 0x4 names a node the adapter lacks (2 nodes).");

    meta.NodeMask = 2;
    meta.QueryInputDataSizeInBytes = 4;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check_fill_row(&failures, 4, "META NULL input", hr, why, E_INVALIDARG,
            "pQueryInputData is NULL with QueryInputDataSizeInBytes 4.");

    meta.pQueryInputData = input;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check_fill_row(&failures, 5, "META node 1 of 2", hr, why, E_INVALIDARG,
            "CommandId is not a meta command of this adapter (it has none).");

    /* With 32 nodes every single bit names a node. */
    memset(&meta, 0, sizeof(meta));
    meta.NodeMask = 0x80000000u;
    hr = fill_input(many, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check_fill_row(&failures, 6, "META node 31 of 32", hr, why, E_INVALIDARG,
            "CommandId is not a meta command of this adapter (it has none).");
    rows_done(&failures);
}

static void test_placed_resources(void **state)
{
    static const struct
    {
        const char *name;
        int many_nodes; /* the adapter without GPU upload heaps */
        DXGI_FORMAT format;
        D3D12_RESOURCE_DIMENSION dimension;
        D3D12_HEAP_TYPE heap;
        BOOL supported;
    }
    rows[] = {
        {"texture of no format", 0, DXGI_FORMAT_UNKNOWN, D3D12_RESOURCE_DIMENSION_TEXTURE2D, D3D12_HEAP_TYPE_DEFAULT,
                FALSE},
        {"texture in a GPU upload heap", 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_DIMENSION_TEXTURE2D,
                D3D12_HEAP_TYPE_GPU_UPLOAD, TRUE},
        {"buffer in a GPU upload heap", 0, DXGI_FORMAT_UNKNOWN, D3D12_RESOURCE_DIMENSION_BUFFER,
                D3D12_HEAP_TYPE_GPU_UPLOAD, TRUE},
        {"texture 3D in a default heap", 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_DIMENSION_TEXTURE3D,
                D3D12_HEAP_TYPE_DEFAULT, TRUE},
        {"texture 1D in a readback heap", 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_DIMENSION_TEXTURE1D,
                D3D12_HEAP_TYPE_READBACK, FALSE},
        {"GPU upload heap without the cap", 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_DIMENSION_TEXTURE2D,
                D3D12_HEAP_TYPE_GPU_UPLOAD, FALSE},
        {"buffer in a GPU upload heap without the cap", 1, DXGI_FORMAT_UNKNOWN, D3D12_RESOURCE_DIMENSION_BUFFER,
                D3D12_HEAP_TYPE_GPU_UPLOAD, FALSE},
    };
    const struct caps_adapter *edges = register_adapter(profile_edges, "fill-edges");
    const struct caps_adapter *many = register_adapter(profile_many_nodes, "fill-32-nodes");
    struct row_failures failures = {0};
    char why[256];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_FEATURE_DATA_PLACED_RESOURCE_SUPPORT_INFO placed;
        HRESULT hr;

        memset(&placed, 0, sizeof(placed));
        placed.Format = rows[i].format;
        placed.Dimension = rows[i].dimension;
        placed.DestHeapProperties.Type = rows[i].heap;
        placed.Supported = 2;
        hr = fill_input(rows[i].many_nodes ? many : edges, &runtime_retail_620,
                D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, why, sizeof(why));
        check_fill_row(&failures, i, rows[i].name, hr, why, S_OK, "");
        if (placed.Supported != rows[i].supported)
            row_fail(&failures, i, rows[i].name, "Supported %d, expected %d", placed.Supported, rows[i].supported);
    }
    rows_done(&failures);
}

static void test_barriers_layouts_and_mlir(void **state)
{
    const struct caps_adapter *edges = register_adapter(profile_edges, "fill-edges");
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_BARRIER_LAYOUT layout;
    D3D12_FEATURE_DATA_GUID_TEXTURE_LAYOUT guid_layout;
    D3D12_FEATURE_DATA_MLIR_EXCHANGE exchange;
    D3D12_FEATURE_DATA_MLIR_INTERFACE_SUPPORT mlir;
    D3D12_RESOURCE_DESC2 desc;
    BOOL supported[1] = {TRUE};
    SIZE_T output_size = 16;
    char why[256];
    HRESULT hr;

    (void)state;
    /* Without enhanced barriers no layout is supported on any queue. */
    memset(&layout, 0, sizeof(layout));
    layout.Layout = (D3D12_BARRIER_LAYOUT)0; /* COMMON */
    layout.CommandListType = D3D12_COMMAND_LIST_TYPE_DIRECT;
    layout.Supported = TRUE;
    hr = fill_input(edges, &runtime_preview_721, D3D12_FEATURE_BARRIER_LAYOUT, &layout, why, sizeof(why));
    check_fill_row(&failures, 0, "BARRIER_LAYOUT without enhanced barriers", hr, why, S_OK, "");
    if (layout.Supported)
        row_fail(&failures, 0, "BARRIER_LAYOUT without enhanced barriers", "Supported");

    memset(&desc, 0, sizeof(desc));
    memset(&guid_layout, 0, sizeof(guid_layout));
    desc.Format = (DXGI_FORMAT)120;
    guid_layout.pDesc = &desc;
    hr = fill_input(edges, &runtime_preview_721, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, &guid_layout, why, sizeof(why));
    check_fill_row(&failures, 1, "GUID_TEXTURE_LAYOUT format 120", hr, why, E_INVALIDARG,
            "pDesc->Format 0x78 is not a DXGI_FORMAT.");

    memset(&exchange, 0, sizeof(exchange));
    exchange.InputDataSizeInBytes = 8;
    exchange.OutputDataSizeInBytes = &output_size;
    hr = fill_input(edges, &runtime_preview_721, D3D12_FEATURE_MLIR_EXCHANGE, &exchange, why, sizeof(why));
    check_fill_row(&failures, 2, "MLIR_EXCHANGE NULL input", hr, why, E_INVALIDARG,
            "pInputData is NULL with InputDataSizeInBytes 8.");

    memset(&mlir, 0, sizeof(mlir));
    mlir.NumMlirInterfaces = 1;
    mlir.pMlirInterfacesSupported = supported;
    hr = fill_input(edges, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir, why, sizeof(why));
    check_fill_row(&failures, 3, "MLIR_INTERFACE_SUPPORT NULL requested", hr, why, E_INVALIDARG,
            "pMlirInterfacesRequested is NULL.");
    if (!supported[0])
        row_fail(&failures, 3, "MLIR_INTERFACE_SUPPORT NULL requested", "pMlirInterfacesSupported written");
    rows_done(&failures);
}

/* Withdrawn preview features (docs/features.md "Withdrawn preview features"): the
 * previews that declared D3D12_OPTIONS_EXPERIMENTAL.CooperativeVectorTier and
 * COOPERATIVE_VECTOR (717-719) answer them with the adapter's values ([dump]: the
 * RTX 4090 report, taken with preview SDK 717); a runtime before or after them
 * refuses them as an unknown feature, the caller's buffer untouched. */
static void test_withdrawn_preview_features(void **state)
{
    /* Preview 711's layout of D3D12_OPTIONS_EXPERIMENTAL (v1.711.3-preview's d3d12.idl). */
    typedef struct
    {
        D3D12_WORK_GRAPHS_TIER WorkGraphsTier;
    } options_experimental_711;
    static const mockd3d12_runtime preview_711 = {MOCKD3D12_RUNTIME_PREVIEW, 611, 711, 620, 721, FALSE};
    static const mockd3d12_runtime preview_714 = {MOCKD3D12_RUNTIME_PREVIEW, 613, 714, 620, 721, FALSE};
    static const mockd3d12_runtime preview_716 = {MOCKD3D12_RUNTIME_PREVIEW, 614, 716, 620, 721, FALSE};
    static const mockd3d12_runtime preview_717 = {MOCKD3D12_RUNTIME_PREVIEW, 616, 717, 620, 721, FALSE};
    static const mockd3d12_runtime preview_719 = {MOCKD3D12_RUNTIME_PREVIEW, 619, 719, 620, 721, FALSE};
    static const mockd3d12_runtime preview_720 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 720, 620, 721, FALSE};
    static const mockd3d12_runtime retail_619 = {MOCKD3D12_RUNTIME_RETAIL, 619, 719, 620, 721, FALSE};
    static const struct
    {
        const char *name;
        const char *adapter;
        const mockd3d12_runtime *runtime;
        D3D12_FEATURE feature;
        HRESULT hr;
        UINT value; /* the tier, the queue count, or the MatrixVectorMulAdd count */
        UINT accumulate_counts[2];
        UINT size;          /* the size asked with; 0: the struct's */
        bool layout_711;    /* OPTIONS_EXPERIMENTAL read as preview 711's layout */
    }
    rows[] =
    {
        {"OPTIONS_EXPERIMENTAL at preview 711: WorkGraphsTier, the adapter's OPTIONS21 tier 1_0", "nvidia-rtx-4090",
                &preview_711, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, S_OK, D3D12_WORK_GRAPHS_TIER_1_0, {0, 0},
                sizeof(options_experimental_711), true},
        {"OPTIONS_EXPERIMENTAL at preview 711 of an adapter without work graphs", "nvidia-gtx-1080-ti",
                &preview_711, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, S_OK, D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED,
                {0, 0}, sizeof(options_experimental_711), true},
        {"OPTIONS_EXPERIMENTAL at preview 711 refused with 8 bytes (the layout has 4)", "nvidia-rtx-4090",
                &preview_711, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, E_INVALIDARG, 0, {0, 0}, 8, true},
        {"OPTIONS_EXPERIMENTAL at preview 711 refused with 0 bytes", "nvidia-rtx-4090",
                &preview_711, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, E_INVALIDARG, 0, {0, 0}, 0xffffffffu, true},
        {"OPTIONS_EXPERIMENTAL refused at preview 714 (no feature 9 from 714 to 716)", "nvidia-rtx-4090",
                &preview_714, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"OPTIONS_EXPERIMENTAL at preview 717 (the report's tier 1_1)", "nvidia-rtx-4090", &preview_717,
                D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, S_OK, D3D12_COOPERATIVE_VECTOR_TIER_1_1, {0, 0}, 0, false},
        {"OPTIONS_EXPERIMENTAL at preview 719, the last that declared it", "nvidia-rtx-4090", &preview_719,
                D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, S_OK, D3D12_COOPERATIVE_VECTOR_TIER_1_1, {0, 0}, 0, false},
        {"OPTIONS_EXPERIMENTAL refused at preview 716", "nvidia-rtx-4090", &preview_716,
                D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"OPTIONS_EXPERIMENTAL refused at preview 720 (withdrawn)", "nvidia-rtx-4090", &preview_720,
                D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"OPTIONS_EXPERIMENTAL refused by retail 619", "nvidia-rtx-4090", &retail_619,
                D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"OPTIONS_EXPERIMENTAL of an adapter whose report has none", "warp", &preview_717,
                D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, S_OK, D3D12_COOPERATIVE_VECTOR_TIER_NOT_SUPPORTED, {0, 0}, 0,
                false},
        {"HARDWARE_SCHEDULING_QUEUE_GROUPINGS at preview 717", "nvidia-rtx-4090", &preview_717,
                D3D12_FEATURE_HARDWARE_SCHEDULING_QUEUE_GROUPINGS, S_OK, 16, {0, 0}, 0, false},
        {"HARDWARE_SCHEDULING_QUEUE_GROUPINGS refused at preview 716", "nvidia-rtx-4090", &preview_716,
                D3D12_FEATURE_HARDWARE_SCHEDULING_QUEUE_GROUPINGS, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"COOPERATIVE_VECTOR counts at preview 717", "nvidia-rtx-4090", &preview_717,
                D3D12_FEATURE_COOPERATIVE_VECTOR, S_OK, 18, {2, 1}, 0, false},
        {"COOPERATIVE_VECTOR counts at preview 719", "nvidia-rtx-4090", &preview_719,
                D3D12_FEATURE_COOPERATIVE_VECTOR, S_OK, 18, {2, 1}, 0, false},
        {"COOPERATIVE_VECTOR refused at preview 716", "nvidia-rtx-4090", &preview_716,
                D3D12_FEATURE_COOPERATIVE_VECTOR, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"COOPERATIVE_VECTOR refused at preview 720 (withdrawn)", "nvidia-rtx-4090", &preview_720,
                D3D12_FEATURE_COOPERATIVE_VECTOR, E_INVALIDARG, 0, {0, 0}, 0, false},
        {"COOPERATIVE_VECTOR of an adapter whose report has none", "warp", &preview_717,
                D3D12_FEATURE_COOPERATIVE_VECTOR, S_OK, 0, {0, 0}, 0, false},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *adapter = caps_adapter_lookup(rows[i].adapter, NULL, 0);
        union
        {
            D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL experimental;
            options_experimental_711 experimental_711;
            D3D12_FEATURE_DATA_HARDWARE_SCHEDULING_QUEUE_GROUPINGS groupings;
            D3D12_FEATURE_DATA_COOPERATIVE_VECTOR vector;
            unsigned char bytes[64];
        } data;
        UINT size, got = 0, accumulate[2] = {0, 0};
        ID3D12Device *device;
        unsigned b;
        HRESULT hr;

        if (!adapter)
        {
            row_fail(&failures, i, rows[i].name, "no adapter %s", rows[i].adapter);
            continue;
        }
        device = create_device_with(adapter, rows[i].runtime);
        memset(&data, CANARY, sizeof(data));
        size = rows[i].feature == D3D12_FEATURE_COOPERATIVE_VECTOR ? sizeof(data.vector)
                : rows[i].feature == D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL ? sizeof(data.experimental)
                : sizeof(data.groupings);
        if (rows[i].size)
            size = rows[i].size == 0xffffffffu ? 0 : rows[i].size;
        if (rows[i].feature == D3D12_FEATURE_COOPERATIVE_VECTOR)
            memset(&data.vector, 0, sizeof(data.vector));
        hr = check(device, rows[i].feature, &data, size);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        else if (FAILED(hr))
        {
            for (b = 0; b < size; ++b)
                if (data.bytes[b] != (rows[i].feature == D3D12_FEATURE_COOPERATIVE_VECTOR ? 0 : CANARY))
                    break;
            if (b < size)
                row_fail(&failures, i, rows[i].name, "the refused query wrote byte %u", b);
        }
        else
        {
            if (rows[i].feature == D3D12_FEATURE_COOPERATIVE_VECTOR)
            {
                got = data.vector.MatrixVectorMulAddPropCount;
                accumulate[0] = data.vector.OuterProductAccumulatePropCount;
                accumulate[1] = data.vector.VectorAccumulatePropCount;
            }
            else if (rows[i].layout_711)
                got = (UINT)data.experimental_711.WorkGraphsTier;
            else
                got = rows[i].feature == D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL
                        ? (UINT)data.experimental.CooperativeVectorTier : data.groupings.ComputeQueuesPer3DQueue;
            if (got != rows[i].value || accumulate[0] != rows[i].accumulate_counts[0]
                    || accumulate[1] != rows[i].accumulate_counts[1])
                row_fail(&failures, i, rows[i].name, "got %u (%u, %u), expected %u (%u, %u)", got, accumulate[0],
                        accumulate[1], rows[i].value, rows[i].accumulate_counts[0], rows[i].accumulate_counts[1]);
        }
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

/* The public query API at a runtime with another layout (preview 711's
 * OPTIONS_EXPERIMENTAL): mockd3d12_get_feature_layout describes it and
 * mockd3d12_get_adapter_feature answers it, as CheckFeatureSupport does. */
static void test_withdrawn_layout_public_api(void **state)
{
    static const mockd3d12_runtime preview_711 = {MOCKD3D12_RUNTIME_PREVIEW, 611, 711, 620, 721, FALSE};
    static const mockd3d12_runtime preview_714 = {MOCKD3D12_RUNTIME_PREVIEW, 613, 714, 620, 721, FALSE};
    static const mockd3d12_runtime preview_717 = {MOCKD3D12_RUNTIME_PREVIEW, 616, 717, 620, 721, FALSE};
    static const mockd3d12_runtime retail_619 = {MOCKD3D12_RUNTIME_RETAIL, 619, 719, 620, 721, FALSE};
    static const struct
    {
        const char *name;
        const char *adapter;
        const mockd3d12_runtime *runtime;
        UINT size;
        HRESULT layout_hr;  /* mockd3d12_get_feature_layout: S_OK (711's layout) or S_FALSE (the struct's) */
        HRESULT hr;         /* mockd3d12_get_adapter_feature */
        UINT value;         /* WorkGraphsTier at 711, CooperativeVectorTier at 717 */
    }
    rows[] =
    {
        {"get_adapter_feature at preview 711: 4 bytes, the RTX 4090's work-graphs tier 1_0", "nvidia-rtx-4090",
                &preview_711, 4, S_OK, S_OK, D3D12_WORK_GRAPHS_TIER_1_0},
        {"get_adapter_feature at preview 711: the GTX 1080 Ti's NOT_SUPPORTED", "nvidia-gtx-1080-ti",
                &preview_711, 4, S_OK, S_OK, D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED},
        {"get_adapter_feature at preview 711 refused with 8 bytes (the layout has 4)", "nvidia-rtx-4090",
                &preview_711, 8, S_OK, E_INVALIDARG, 0},
        {"get_adapter_feature at preview 714 refused (no feature 9 from 714 to 716)", "nvidia-rtx-4090",
                &preview_714, 4, S_FALSE, E_INVALIDARG, 0},
        {"get_adapter_feature at preview 717: the struct's layout, CooperativeVectorTier 1_1", "nvidia-rtx-4090",
                &preview_717, 4, S_FALSE, S_OK, D3D12_COOPERATIVE_VECTOR_TIER_1_1},
        {"get_adapter_feature refused by retail 619", "nvidia-rtx-4090", &retail_619, 4, S_FALSE, E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    mockd3d12_layout_field_desc fields[2];
    mockd3d12_feature_layout layout;
    UINT source = 0, i;
    unsigned char data[8];
    HRESULT hr;

    (void)state;
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS21", "WorkGraphsTier", &source), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        UINT value = 0;

        memset(&layout, CANARY, sizeof(layout));
        memset(fields, CANARY, sizeof(fields));
        hr = mockd3d12_get_feature_layout(rows[i].runtime, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, &layout,
                fields, ARRAY_SIZE(fields));
        if (hr != rows[i].layout_hr)
            row_fail(&failures, i, rows[i].name, "get_feature_layout hr %#x", (unsigned)hr);
        else if (hr == S_OK && (layout.value != D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL || layout.size != 4
                || strcmp(layout.struct_name, "D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL")
                || layout.first_preview_sdk != 711 || layout.last_preview_sdk != 711 || layout.field_count != 1
                || strcmp(fields[0].name, "WorkGraphsTier") || strcmp(fields[0].type, "D3D12_WORK_GRAPHS_TIER")
                || fields[0].offset != 0 || fields[0].size != 4 || fields[0].kind != MOCKD3D12_FIELD_ENUM
                || strcmp(fields[0].enum_name, "D3D12_WORK_GRAPHS_TIER") || fields[0].source_field != source))
            row_fail(&failures, i, rows[i].name, "get_feature_layout: %s, %u bytes, %u fields",
                    layout.struct_name, layout.size, layout.field_count);
        else if (hr == S_FALSE && layout.size != 0xa5a5a5a5u)
            row_fail(&failures, i, rows[i].name, "S_FALSE wrote the layout");
        assert_int_equal(mockd3d12_set_runtime(rows[i].runtime), S_OK);
        memset(data, CANARY, sizeof(data));
        hr = mockd3d12_get_adapter_feature(rows[i].adapter, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, data,
                rows[i].size);
        memcpy(&value, data, sizeof(value));
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "get_adapter_feature hr %#x", (unsigned)hr);
        else if (SUCCEEDED(hr) && (value != rows[i].value || data[4] != CANARY))
            row_fail(&failures, i, rows[i].name, "got %u, expected %u", value, rows[i].value);
        else if (FAILED(hr) && (value != 0xa5a5a5a5u || data[4] != CANARY))
            row_fail(&failures, i, rows[i].name, "the refused query wrote the buffer");
    }
    /* The current runtime when none is given; NULL outputs. */
    assert_int_equal(mockd3d12_set_runtime(&preview_711), S_OK);
    assert_int_equal(mockd3d12_get_feature_layout(NULL, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, &layout, NULL, 0),
            S_OK);
    assert_int_equal(layout.field_count, 1);
    assert_int_equal(mockd3d12_get_feature_layout(NULL, D3D12_FEATURE_D3D12_OPTIONS21, &layout, NULL, 0), S_FALSE);
    assert_int_equal(mockd3d12_get_feature_layout(NULL, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, NULL, NULL, 0),
            E_POINTER);
    assert_int_equal(mockd3d12_get_feature_layout(NULL, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, &layout, NULL, 1),
            E_POINTER);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
    rows_done(&failures);
}

/* COOPERATIVE_VECTOR's arrays: a NULL array gets the count; an array gets
 * min(count, available) entries, in the report's order, and that count; past
 * them the caller's memory is untouched. */
static void test_cooperative_vector_arrays(void **state)
{
    static const mockd3d12_runtime preview_717 = {MOCKD3D12_RUNTIME_PREVIEW, 616, 717, 620, 721, FALSE};
    const struct caps_adapter *adapter = caps_adapter_lookup("nvidia-rtx-4090", NULL, 0);
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL mul[20];
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE outer[3], vec[2];
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR data;
    struct row_failures failures = {0};
    ID3D12Device *device;
    HRESULT hr;

    (void)state;
    assert_non_null(adapter);
    device = create_device_with(adapter, &preview_717);

    memset(mul, CANARY, sizeof(mul));
    memset(outer, CANARY, sizeof(outer));
    memset(vec, CANARY, sizeof(vec));
    memset(&data, 0, sizeof(data));
    data.MatrixVectorMulAddPropCount = 20;
    data.pMatrixVectorMulAddProperties = mul;
    data.OuterProductAccumulatePropCount = 3;
    data.pOuterProductAccumulateProperties = outer;
    data.VectorAccumulatePropCount = 2;
    data.pVectorAccumulateProperties = vec;
    hr = check(device, D3D12_FEATURE_COOPERATIVE_VECTOR, &data, sizeof(data));
    if (hr != S_OK || data.MatrixVectorMulAddPropCount != 18 || data.OuterProductAccumulatePropCount != 2
            || data.VectorAccumulatePropCount != 1)
        row_fail(&failures, 0, "arrays larger than needed", "hr %#x, counts %u %u %u", (unsigned)hr,
                data.MatrixVectorMulAddPropCount, data.OuterProductAccumulatePropCount, data.VectorAccumulatePropCount);
    /* The report's first and second MatrixVectorMulAdd entries and its VectorAccumulate one. */
    if (mul[0].InputType != 7 || mul[0].OutputType != 7 || !mul[0].TransposeSupported
            || mul[1].InputType != 19 || mul[1].BiasInterpretation != 4 || mul[1].TransposeSupported
            || vec[0].InputType != 7 || vec[0].AccumulationType != 7)
        row_fail(&failures, 0, "arrays larger than needed", "entries differ from the report's");
    if (((unsigned char *)&mul[18])[0] != CANARY || ((unsigned char *)&outer[2])[0] != CANARY
            || ((unsigned char *)&vec[1])[0] != CANARY)
        row_fail(&failures, 0, "arrays larger than needed", "wrote past the available entries");

    memset(mul, CANARY, sizeof(mul));
    memset(&data, 0, sizeof(data));
    data.MatrixVectorMulAddPropCount = 1;
    data.pMatrixVectorMulAddProperties = mul;
    hr = check(device, D3D12_FEATURE_COOPERATIVE_VECTOR, &data, sizeof(data));
    if (hr != S_OK || data.MatrixVectorMulAddPropCount != 1 || data.OuterProductAccumulatePropCount != 2
            || mul[0].InputType != 7 || ((unsigned char *)&mul[1])[0] != CANARY)
        row_fail(&failures, 1, "a one-entry array, the other two counted", "hr %#x, counts %u %u", (unsigned)hr,
                data.MatrixVectorMulAddPropCount, data.OuterProductAccumulatePropCount);

    memset(&data, 0, sizeof(data));
    hr = check(device, D3D12_FEATURE_COOPERATIVE_VECTOR, &data, sizeof(data) - 1);
    if (hr != E_INVALIDARG)
        row_fail(&failures, 2, "a wrong size", "hr %#x", (unsigned)hr);
    ID3D12Device_Release(device);
    rows_done(&failures);
}

/* MULTISAMPLE_QUALITY_LEVELS with the TILED_RESOURCE flag: the untiled
 * answer where the adapter has tiled resources tier 2 and the format is
 * tileable, else no level. */
static UINT quality_levels(struct row_failures *failures, unsigned row, const struct caps_adapter *adapter,
        DXGI_FORMAT format, D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels;
    char why[256];
    HRESULT hr;

    memset(&levels, 0, sizeof(levels));
    levels.Format = format;
    levels.SampleCount = 4;
    levels.Flags = flags;
    levels.NumQualityLevels = 77;
    hr = fill_input(adapter, &runtime_retail_620, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, why,
            sizeof(why));
    check_fill_row(failures, row, caps_adapter_id(adapter), hr, why, S_OK, "");
    return levels.NumQualityLevels;
}

static void test_tiled_quality_levels(void **state)
{
    static const struct
    {
        const char *adapter;
        DXGI_FORMAT format;
        bool tiled_like_untiled;
    }
    rows[] = {
        {"fl11-minimal", DXGI_FORMAT_R8G8B8A8_UNORM, false}, /* TiledResourcesTier NOT_SUPPORTED */
        {"nvidia-rtx-4090", DXGI_FORMAT_R8G8B8A8_UNORM, true},
        {"nvidia-rtx-4090", DXGI_FORMAT_D32_FLOAT_S8X24_UINT, false}, /* depth-stencil: not tileable */
    };
    struct row_failures failures = {0};
    char error[256];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *adapter = caps_adapter_lookup(rows[i].adapter, error, sizeof(error));
        UINT untiled, tiled;

        assert_non_null(adapter);
        untiled = quality_levels(&failures, i, adapter, rows[i].format, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE);
        tiled = quality_levels(&failures, i, adapter, rows[i].format,
                D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE);
        if (!untiled)
            row_fail(&failures, i, rows[i].adapter, "no quality level without the flag");
        if (tiled != (rows[i].tiled_like_untiled ? untiled : 0))
            row_fail(&failures, i, rows[i].adapter, "%u tiled quality levels, %u untiled", tiled, untiled);
    }
    rows_done(&failures);
}

/* The rest of the input checks: a meta-command query with both of its
 * buffers, a dimension and a heap type past their enums, an MLIR exchange
 * with its input; a shader model only the profile's newValues declare (and
 * refused where none does) and a root signature version likewise; a GUID texture layout at tier 1 (the format
 * bits answered); a format the profile gives MULTISAMPLE_RENDERTARGET whose
 * rule allows one sample; P208, which only the profile supports; a fill
 * with no write-back flag. */
static void test_remaining_inputs(void **state)
{
    static const mockd3d12_runtime runtime_650 = {MOCKD3D12_RUNTIME_RETAIL, 650, 800, 620, 721, FALSE};
    const struct caps_adapter *edges = register_adapter(profile_edges, "fill-edges");
    const struct caps_adapter *more = register_adapter(profile_more, "fill-edges-more");
    const D3D12_FEATURE_DATA_SHADER_MODEL *sm_values = caps_adapter_values(more,
            mk_feature_from_value(D3D12_FEATURE_SHADER_MODEL)->struct_index);
    const D3D12_FEATURE_DATA_ROOT_SIGNATURE *rs_values = caps_adapter_values(more,
            mk_feature_from_value(D3D12_FEATURE_ROOT_SIGNATURE)->struct_index);
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_ROOT_SIGNATURE rs;
    D3D12_FEATURE_DATA_QUERY_META_COMMAND meta;
    D3D12_FEATURE_DATA_PLACED_RESOURCE_SUPPORT_INFO placed;
    D3D12_FEATURE_DATA_MLIR_EXCHANGE exchange;
    D3D12_FEATURE_DATA_SHADER_MODEL sm;
    D3D12_FEATURE_DATA_GUID_TEXTURE_LAYOUT guid_layout;
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels;
    D3D12_FEATURE_DATA_FORMAT_INFO info;
    D3D12_RESOURCE_DESC2 desc;
    struct caps_fill fill;
    char why[256], input[4], output[4];
    SIZE_T output_size = 16;
    HRESULT hr;

    (void)state;
    memset(&meta, 0, sizeof(meta));
    meta.QueryInputDataSizeInBytes = sizeof(input);
    meta.pQueryInputData = input;
    meta.QueryOutputDataSizeInBytes = sizeof(output);
    meta.pQueryOutputData = output;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check_fill_row(&failures, 0, "META both buffers", hr, why, E_INVALIDARG,
            "CommandId is not a meta command of this adapter (it has none).");

    memset(&placed, 0, sizeof(placed));
    placed.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    placed.Dimension = (D3D12_RESOURCE_DIMENSION)5;
    placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
    placed.Supported = 2;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, why,
            sizeof(why));
    check_fill_row(&failures, 1, "PLACED dimension 5", hr, why, E_INVALIDARG, "Dimension 0x5 is not a resource dimension.");
    if (placed.Supported != 2)
        row_fail(&failures, 1, "PLACED dimension 5", "Supported written");
    placed.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    placed.DestHeapProperties.Type = (D3D12_HEAP_TYPE)6;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, why,
            sizeof(why));
    check_fill_row(&failures, 2, "PLACED heap type 6", hr, why, E_INVALIDARG, "DestHeapProperties.Type 0x6 is not a heap type.");
    if (placed.Supported != 2)
        row_fail(&failures, 2, "PLACED heap type 6", "Supported written");

    memset(&exchange, 0, sizeof(exchange));
    exchange.InputDataSizeInBytes = sizeof(input);
    exchange.pInputData = input;
    exchange.OutputDataSizeInBytes = &output_size;
    hr = fill_input(edges, &runtime_preview_721, D3D12_FEATURE_MLIR_EXCHANGE, &exchange, why, sizeof(why));
    check_fill_row(&failures, 3, "MLIR_EXCHANGE with input", hr, why, DXGI_ERROR_UNSUPPORTED,
            "MlirInterface is not an MLIR interface of this adapter (it has none).");
    if (output_size != 16)
        row_fail(&failures, 3, "MLIR_EXCHANGE with input", "OutputDataSizeInBytes written");

    memset(&sm, 0, sizeof(sm));
    sm.HighestShaderModel = (D3D_SHADER_MODEL)153;
    hr = fill_input(more, &runtime_650, D3D12_FEATURE_SHADER_MODEL, &sm, why, sizeof(why));
    check_fill_row(&failures, 4, "SHADER_MODEL declared 0x99", hr, why, S_OK, "");
    if (sm.HighestShaderModel != sm_values->HighestShaderModel)
        row_fail(&failures, 4, "SHADER_MODEL declared 0x99", "answer %#x, the adapter's is %#x",
                (unsigned)sm.HighestShaderModel, (unsigned)sm_values->HighestShaderModel);
    sm.HighestShaderModel = (D3D_SHADER_MODEL)153;
    hr = fill_input(edges, &runtime_650, D3D12_FEATURE_SHADER_MODEL, &sm, why, sizeof(why));
    check_fill_row(&failures, 5, "SHADER_MODEL 0x99 undeclared", hr, why, E_INVALIDARG,
            "HighestShaderModel 0x99 is not a shader model this runtime knows.");
    if (sm.HighestShaderModel != (D3D_SHADER_MODEL)153)
        row_fail(&failures, 5, "SHADER_MODEL 0x99 undeclared", "HighestShaderModel written");

    memset(&rs, 0, sizeof(rs));
    rs.HighestVersion = (D3D_ROOT_SIGNATURE_VERSION)153;
    hr = fill_input(more, &runtime_650, D3D12_FEATURE_ROOT_SIGNATURE, &rs, why, sizeof(why));
    check_fill_row(&failures, 11, "ROOT_SIGNATURE declared 0x99", hr, why, S_OK, "");
    if (rs.HighestVersion != rs_values->HighestVersion)
        row_fail(&failures, 11, "ROOT_SIGNATURE declared 0x99", "answer %#x, the adapter's is %#x",
                (unsigned)rs.HighestVersion, (unsigned)rs_values->HighestVersion);

    memset(&desc, 0, sizeof(desc));
    memset(&guid_layout, 0, sizeof(guid_layout));
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    guid_layout.pDesc = &desc;
    hr = fill_input(more, &runtime_preview_721, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, &guid_layout, why, sizeof(why));
    check_fill_row(&failures, 6, "GUID_TEXTURE_LAYOUT tier 1", hr, why, S_OK, "");
    if (guid_layout.GuidTextureLayoutTier != 1 || !(guid_layout.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D))
        row_fail(&failures, 6, "GUID_TEXTURE_LAYOUT tier 1", "tier %u, Support1 %#x",
                (unsigned)guid_layout.GuidTextureLayoutTier, (unsigned)guid_layout.Support1);

    memset(&levels, 0, sizeof(levels));
    levels.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
    levels.SampleCount = 4;
    hr = fill_input(more, &runtime_retail_620, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, why, sizeof(why));
    check_fill_row(&failures, 7, "MSAA of a one-sample format granted", hr, why, S_OK, "");
    if (levels.NumQualityLevels != 1)
        row_fail(&failures, 7, "MSAA of a one-sample format granted", "%u levels", levels.NumQualityLevels);
    levels.NumQualityLevels = 77;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, why, sizeof(why));
    check_fill_row(&failures, 8, "MSAA of a one-sample format", hr, why, S_OK, "");
    if (levels.NumQualityLevels != 0)
        row_fail(&failures, 8, "MSAA of a one-sample format", "%u levels", levels.NumQualityLevels);

    memset(&info, 0, sizeof(info));
    info.Format = DXGI_FORMAT_P208;
    info.PlaneCount = 0x55;
    hr = fill_input(edges, &runtime_retail_620, D3D12_FEATURE_FORMAT_INFO, &info, why, sizeof(why));
    check_fill_row(&failures, 9, "FORMAT_INFO P208 unsupported", hr, why, E_INVALIDARG,
            "DXGI_FORMAT_P208 is not supported by this adapter.");
    if (info.PlaneCount != 0x55)
        row_fail(&failures, 9, "FORMAT_INFO P208 unsupported", "PlaneCount written");
    hr = fill_input(more, &runtime_retail_620, D3D12_FEATURE_FORMAT_INFO, &info, why, sizeof(why));
    check_fill_row(&failures, 12, "FORMAT_INFO P208 supported", hr, why, S_OK, "");
    if (info.PlaneCount != 2)
        row_fail(&failures, 12, "FORMAT_INFO P208 supported", "PlaneCount %u", (unsigned)info.PlaneCount);

    /* SampleCount 0 writes the count even with no one to tell. */
    memset(&levels, 0, sizeof(levels));
    levels.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    levels.NumQualityLevels = 77;
    fill.adapter = edges;
    fill.feature = mk_feature_from_value(D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS);
    fill.runtime = &runtime_retail_620;
    fill.data = &levels;
    fill.why = why;
    fill.why_size = sizeof(why);
    fill.write_back = NULL;
    hr = caps_fill_feature(&fill);
    check_fill_row(&failures, 10, "MSAA count 0, no write-back flag", hr, why, E_FAIL, "SampleCount is 0.");
    if (levels.NumQualityLevels != 0)
        row_fail(&failures, 10, "MSAA count 0, no write-back flag", "%u levels", levels.NumQualityLevels);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_runtime_knows),
        cmocka_unit_test(test_every_feature_every_adapter),
        cmocka_unit_test(test_outputs_are_adapter_values),
        cmocka_unit_test(test_unknown_features),
        cmocka_unit_test(test_feature_levels),
        cmocka_unit_test(test_shader_model_and_root_signature),
        cmocka_unit_test(test_declared_shader_model),
        cmocka_unit_test(test_node_index),
        cmocka_unit_test(test_command_queue_priority),
        cmocka_unit_test(test_barrier_layout),
        cmocka_unit_test(test_other_inputs),
        cmocka_unit_test_setup_teardown(test_refusals_with_debug_layer, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_versions_past_1023, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_value_declared_past_1023, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_one_track_values_clamped, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_session_types_and_meta_commands),
        cmocka_unit_test(test_placed_resources),
        cmocka_unit_test(test_barriers_layouts_and_mlir),
        cmocka_unit_test(test_tiled_quality_levels),
        cmocka_unit_test(test_remaining_inputs),
        cmocka_unit_test(test_withdrawn_preview_features),
        cmocka_unit_test(test_cooperative_vector_arrays),
        cmocka_unit_test(test_withdrawn_layout_public_api),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
