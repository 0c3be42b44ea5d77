/*
 * CheckFeatureSupport for every feature of every built-in adapter, through a
 * real device (mk_device_create + ID3D12Device::CheckFeatureSupport), and
 * every input-validation rule of the fills (src/caps/fill*.c).
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
#define COBJMACROS
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "caps/caps.h"
#include "caps/caps_handlers.h"
#include "device.h"
#include "mk_tables.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define CANARY 0xa5

static const mockd3d12_runtime runtime_retail_620 = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_preview_721 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retail_610 = {MOCKD3D12_RUNTIME_RETAIL, 610, 710, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retail_613 = {MOCKD3D12_RUNTIME_RETAIL, 613, 714, 620, 721, FALSE};

static ID3D12Device *create_device(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime)
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

/* The answer of a right-size query with valid inputs: S_OK but for these. */
static HRESULT expected_valid_hr(const struct mk_feature *feature)
{
    switch (feature->value)
    {
        case D3D12_FEATURE_PREDICATION:
        case D3D12_FEATURE_HARDWARE_COPY:
            return E_NOTIMPL;                   /* as Windows answers (issue 3) */
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
    unsigned char data[1100], copy[1100];
    unsigned a, r;
    size_t f;

    (void)state;
    assert_true(caps_adapter_count() > 0);
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);

        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            ID3D12Device *device = create_device(adapter, runtimes[r]);

            for (f = 0; f < mk_feature_count; ++f)
            {
                const struct mk_feature *feature = &mk_features[f];
                UINT size = mk_structs[feature->struct_index].size, bad_sizes[] = {size - 1, size + 1, 0};
                struct valid_inputs in;
                unsigned i;
                HRESULT hr, expected;

                assert_true(size + 1 <= sizeof(data));
                expected = caps_runtime_knows(runtimes[r], feature->first_retail, feature->first_preview)
                        ? expected_valid_hr(feature) : E_INVALIDARG;

                memset(data, 0, sizeof(data));
                prepare_inputs(adapter, feature, data, &in);
                memcpy(copy, data, sizeof(data));
                hr = check(device, (D3D12_FEATURE)feature->value, data, size);
                if (hr != expected)
                    fail_msg("%s, runtime %u: %s right size: hr %#x, expected %#x.", caps_adapter_id(adapter), r,
                            feature->name, (unsigned)hr, (unsigned)expected);
                /* Inputs come back as given; a failure writes nothing. */
                for (i = mk_structs[feature->struct_index].first_field;
                        i < (unsigned)mk_structs[feature->struct_index].first_field
                        + mk_structs[feature->struct_index].field_count; ++i)
                {
                    const struct mk_field *field = &mk_fields[i];

                    if ((field->dir == MK_DIR_IN || FAILED(hr))
                            && memcmp(data + field->offset, copy + field->offset, field->size))
                        fail_msg("%s: %s.%s was written (hr %#x).", caps_adapter_id(adapter), feature->name,
                                field->name, (unsigned)hr);
                }

                for (i = 0; i < ARRAY_SIZE(bad_sizes); ++i)
                {
                    memset(data, CANARY, sizeof(data));
                    prepare_inputs(adapter, feature, data, &in);
                    memcpy(copy, data, sizeof(data));
                    hr = check(device, (D3D12_FEATURE)feature->value, data, bad_sizes[i]);
                    if (hr != E_INVALIDARG)
                        fail_msg("%s: %s size %u: hr %#x.", caps_adapter_id(adapter), feature->name, bad_sizes[i],
                                (unsigned)hr);
                    if (memcmp(copy, data, sizeof(data)))
                        fail_msg("%s: %s size %u: the buffer was written.", caps_adapter_id(adapter), feature->name,
                                bad_sizes[i]);
                }
                hr = check(device, (D3D12_FEATURE)feature->value, NULL, size);
                if (hr != E_INVALIDARG)
                    fail_msg("%s: %s NULL data: hr %#x.", caps_adapter_id(adapter), feature->name, (unsigned)hr);
            }
            ID3D12Device_Release(device);
        }
    }
}

/* Features without inputs answer exactly the adapter's true values on a
 * runtime that clamps nothing (preview 721 knows every value). */
static void test_outputs_are_adapter_values(void **state)
{
    unsigned char data[1100];
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

            if (feature->fill != caps_fill_copy || !values)
                continue;
            memset(data, CANARY, sizeof(data));
            fill.adapter = adapter;
            fill.feature = feature;
            fill.runtime = &runtime_preview_721;
            fill.data = data;
            fill.why = why;
            fill.why_size = sizeof(why);
            fill.write_back = &write_back;
            assert_int_equal(caps_fill_feature(&fill), S_OK);
            for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
            {
                const struct mk_field *field = &mk_fields[i];

                if (field->dir == MK_DIR_OUT && memcmp(data + field->offset, values + field->offset, field->size))
                    fail_msg("%s: %s.%s differs from the adapter's value.", caps_adapter_id(adapter), feature->name,
                            field->name);
                if (field->dir != MK_DIR_OUT && !all_bytes(data + field->offset, field->size, CANARY))
                    fail_msg("%s: input %s.%s was written.", caps_adapter_id(adapter), feature->name, field->name);
            }
            assert_false(write_back);
        }
    }
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
        {&runtime_retail_620, D3D12_FEATURE_PREDICATION, E_NOTIMPL},
        {&runtime_retail_620, D3D12_FEATURE_HARDWARE_COPY, E_NOTIMPL},
        {&runtime_retail_610, D3D12_FEATURE_PREDICATION, E_INVALIDARG},
    };
    unsigned char data[1100];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12Device *device = create_device(caps_adapter_at(0), rows[i].runtime);
        const struct mk_feature *feature = mk_feature_from_value(rows[i].feature);
        UINT size = feature ? mk_structs[feature->struct_index].size : 16;
        HRESULT hr;

        memset(data, CANARY, sizeof(data));
        hr = check(device, (D3D12_FEATURE)rows[i].feature, data, size);
        if (hr != rows[i].expected)
            fail_msg("row %u: feature %u: hr %#x, expected %#x.", i, rows[i].feature, (unsigned)hr,
                    (unsigned)rows[i].expected);
        if (FAILED(hr) && !all_bytes(data, sizeof(data), CANARY))
            fail_msg("row %u: the buffer was written.", i);
        ID3D12Device_Release(device);
    }
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
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
        if (caps_runtime_knows(rows[i].runtime, rows[i].first_retail, rows[i].first_preview) != rows[i].expected)
            fail_msg("row %u: caps_runtime_knows is wrong.", i);
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
 * names its cause, a success has none. */
#define CHECK_FILL(adapter, runtime, feature, data, expected, row) \
    do { \
        char why_[256]; bool wb_ = false; \
        HRESULT hr_ = fill_direct(adapter, runtime, feature, data, why_, sizeof(why_), &wb_); \
        if (hr_ != (expected)) \
            fail_msg("%s row %u: hr %#x, expected %#x (%s).", caps_adapter_id(adapter), (unsigned)(row), \
                    (unsigned)hr_, (unsigned)(expected), why_); \
        if (FAILED(hr_) && !why_[0]) \
            fail_msg("%s row %u: failure without a reason.", caps_adapter_id(adapter), (unsigned)(row)); \
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
        UINT count;
        const D3D_FEATURE_LEVEL *levels;
        HRESULT expected;
        D3D_FEATURE_LEVEL expected_level; /* 0: the adapter's max */
    }
    rows[] =
    {
        {0, all, E_INVALIDARG, 0},                                 /* [vkd3d] count 0 */
        {ARRAY_SIZE(all), NULL, E_INVALIDARG, 0},
        {ARRAY_SIZE(all), all, S_OK, 0},                        /* [vkd3d] */
        {ARRAY_SIZE(d3d9), d3d9, S_OK, D3D_FEATURE_LEVEL_9_3},  /* [vkd3d] */
        {ARRAY_SIZE(invalid), invalid, S_OK, (D3D_FEATURE_LEVEL)0x3000}, /* [vkd3d] unknown values kept */
        {ARRAY_SIZE(too_high), too_high, DXGI_ERROR_UNSUPPORTED, 0},
        {ARRAY_SIZE(only_11_0), only_11_0, S_OK, D3D_FEATURE_LEVEL_11_0},
    };
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);

        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_FEATURE_LEVELS d = {rows[i].count, rows[i].levels, (D3D_FEATURE_LEVEL)0xdead};

            CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_FEATURE_LEVELS, &d, rows[i].expected, i);
            if (SUCCEEDED(rows[i].expected))
            {
                D3D_FEATURE_LEVEL want = rows[i].expected_level ? rows[i].expected_level
                        : caps_adapter_max_feature_level(adapter);
                if (d.MaxSupportedFeatureLevel != want)
                    fail_msg("%s row %u: level %#x, expected %#x.", caps_adapter_id(adapter), i,
                            (unsigned)d.MaxSupportedFeatureLevel, (unsigned)want);
            }
        }
    }
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

            CHECK_FILL(adapter, sm_rows[i].runtime, D3D12_FEATURE_SHADER_MODEL, &d, sm_rows[i].expected, i);
            if (SUCCEEDED(sm_rows[i].expected)
                    && (UINT)d.HighestShaderModel != (sm_rows[i].requested < (UINT)sm->HighestShaderModel
                    ? sm_rows[i].requested : (UINT)sm->HighestShaderModel))
                fail_msg("%s shader model row %u: got %#x.", caps_adapter_id(adapter), i, (unsigned)d.HighestShaderModel);
        }
        for (i = 0; i < ARRAY_SIZE(rs_rows); ++i)
        {
            D3D12_FEATURE_DATA_ROOT_SIGNATURE d = {(D3D_ROOT_SIGNATURE_VERSION)rs_rows[i].requested};
            ID3D12Device *device = create_device(adapter, rs_rows[i].runtime);
            HRESULT hr = check(device, D3D12_FEATURE_ROOT_SIGNATURE, &d, sizeof(d));

            ID3D12Device_Release(device);
            if (hr != rs_rows[i].expected)
                fail_msg("%s root signature row %u: hr %#x.", caps_adapter_id(adapter), i, (unsigned)hr);
            if (FAILED(hr) && (UINT)d.HighestVersion != rs_rows[i].requested)
                fail_msg("%s root signature row %u: the field was written.", caps_adapter_id(adapter), i);
            if (SUCCEEDED(hr) && (UINT)d.HighestVersion != (rs_rows[i].requested < (UINT)rs->HighestVersion
                    ? rs_rows[i].requested : (UINT)rs->HighestVersion))
                fail_msg("%s root signature row %u: got %#x.", caps_adapter_id(adapter), i, (unsigned)d.HighestVersion);
        }
    }
}

static void test_node_index(void **state)
{
    static const D3D12_FEATURE features[] =
    {
        D3D12_FEATURE_ARCHITECTURE, D3D12_FEATURE_ARCHITECTURE1, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT,
        D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT, D3D12_FEATURE_SERIALIZATION, D3D12_FEATURE_FENCE_BARRIERS,
        D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES,
    };
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
                CHECK_FILL(adapter, &runtime_preview_721, features[i], data,
                        indices[k] < nodes ? S_OK : E_INVALIDARG, i * 10 + k);
            }
        }
    }
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
        {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME, S_OK, FALSE},
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
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY d = {(D3D12_COMMAND_LIST_TYPE)rows[i].type, rows[i].priority, 0x55};

            CHECK_FILL(caps_adapter_at(a), &runtime_retail_620, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, &d,
                    rows[i].expected, i);
            if (SUCCEEDED(rows[i].expected) && d.PriorityForTypeIsSupported != rows[i].supported)
                fail_msg("row %u: supported %d.", i, d.PriorityForTypeIsSupported);
        }
    }
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
        {D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_BARRIER_LAYOUT_COMMON, E_INVALIDARG, FALSE},
        {9, D3D12_BARRIER_LAYOUT_COMMON, E_INVALIDARG, FALSE},
    };
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

            CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_BARRIER_LAYOUT, &d, rows[i].expected, i);
            if (SUCCEEDED(rows[i].expected) && d.Supported != (o12->EnhancedBarriersSupported && rows[i].supported))
                fail_msg("%s row %u: supported %d.", caps_adapter_id(adapter), i, d.Supported);
        }
    }
}

static void test_other_inputs(void **state)
{
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
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, E_INVALIDARG, 0);
        if (count->Count)
        {
            types.Count = count->Count;
            types.pTypes = NULL;
            CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, E_INVALIDARG, 1);
            memset(guids, 0, sizeof(guids));
            types.pTypes = guids;
            CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, S_OK, 2);
            assert_int_equal(guids[0].Data1, 0x62b0084e); /* D3D12_PROTECTED_RESOURCES_SESSION_HARDWARE_PROTECTED */
        }

        /* QUERY_META_COMMAND: no meta command, whatever the inputs. */
        memset(&meta, 0, sizeof(meta));
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, E_INVALIDARG, 3);
        meta.NodeMask = 3;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, E_INVALIDARG, 4);
        meta.NodeMask = 0;
        meta.QueryOutputDataSizeInBytes = 4;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, E_INVALIDARG, 5);

        /* PLACED_RESOURCE_SUPPORT_INFO */
        memset(&placed, 0, sizeof(placed));
        placed.Format = DXGI_FORMAT_UNKNOWN;
        placed.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
        placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_UPLOAD;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, S_OK, 6);
        assert_true(placed.Supported);
        placed.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        placed.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, S_OK, 7);
        assert_false(placed.Supported);
        placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, S_OK, 8);
        assert_true(placed.Supported);
        placed.Dimension = D3D12_RESOURCE_DIMENSION_UNKNOWN;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, E_INVALIDARG, 9);
        placed.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
        placed.DestHeapProperties.Type = (D3D12_HEAP_TYPE)0;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, E_INVALIDARG, 10);
        placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
        placed.Format = (DXGI_FORMAT)120;
        CHECK_FILL(adapter, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, E_INVALIDARG, 11);

        /* LINEAR_ALGEBRA_..._MATRIX_OPERATION_SUPPORT: OperationType 0..5. */
        memset(&la, 0, sizeof(la));
        la.OperationType = (D3D12_LINEAR_ALGEBRA_OPERATION_TYPE)6;
        CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
                &la, E_INVALIDARG, 12);
        la.OperationType = (D3D12_LINEAR_ALGEBRA_OPERATION_TYPE)5;
        CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT,
                &la, S_OK, 13);

        /* MLIR_INTERFACE_SUPPORT: every interface unsupported. */
        mlir.NumMlirInterfaces = 2;
        mlir.pMlirInterfacesRequested = requested;
        mlir.pMlirInterfacesSupported = supported;
        CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir, S_OK, 14);
        assert_false(supported[0] || supported[1]);
        mlir.NumMlirInterfaces = 0;
        CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir, E_INVALIDARG, 15);
        mlir.NumMlirInterfaces = 1;
        mlir.pMlirInterfacesSupported = NULL;
        CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir, E_INVALIDARG, 16);

        /* FENCE_BARRIERS: a queue type. */
        memset(&fence, 0, sizeof(fence));
        fence.CommandListType = D3D12_COMMAND_LIST_TYPE_BUNDLE;
        CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_FENCE_BARRIERS, &fence, E_INVALIDARG, 17);

        /* GUID_TEXTURE_LAYOUT: pDesc required. */
        {
            D3D12_FEATURE_DATA_GUID_TEXTURE_LAYOUT g;
            memset(&g, 0, sizeof(g));
            CHECK_FILL(adapter, &runtime_preview_721, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, &g, E_INVALIDARG, 18);
        }
    }
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
        cmocka_unit_test(test_node_index),
        cmocka_unit_test(test_command_queue_priority),
        cmocka_unit_test(test_barrier_layout),
        cmocka_unit_test(test_other_inputs),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
