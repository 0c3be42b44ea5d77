/*
 * The format queries (FORMAT_SUPPORT, MULTISAMPLE_QUALITY_LEVELS, FORMAT_INFO)
 * for every built-in adapter, through a real device.
 *
 * Windows' behaviour as recorded by:
 *   [vkd3d]  ValveSoftware/vkd3d tests/d3d12.c test_check_feature_support (plane
 *            counts, R1_UNORM), test_format_support, test_multisample_quality_levels
 *   [dump]   the Formats table of WARP's D3d12info report (data/format-support.tsv)
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/caps.h"
#include "caps/format_rules.h"
#include "device.h"
#include "mk_tables.h"

static const mockd3d12_runtime runtime_retail_620 = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retail_608 = {MOCKD3D12_RUNTIME_RETAIL, 608, 707, 620, 721, FALSE};

static ID3D12Device *create_device_with(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime)
{
    struct mk_device *device;
    HRESULT hr = mk_device_create(adapter, runtime, D3D_FEATURE_LEVEL_11_0, &device);

    if (FAILED(hr))
        fail_msg("mk_device_create(%s) failed, hr %#x.", caps_adapter_id(adapter), (unsigned)hr);
    return (ID3D12Device *)&device->ID3D12Device17_iface;
}

/* A row's name: the DXGI format's (without DXGI_FORMAT_), or its number when it is none. */
static const char *format_name(UINT format)
{
    static char text[16];
    const struct caps_format_rule *rule = caps_format_rule(format);

    if (rule)
        return caps_format_rule_name(rule);
    snprintf(text, sizeof(text), "format %u", format);
    return text;
}

static const D3D12_FEATURE_DATA_D3D12_OPTIONS *options_of(const struct caps_adapter *adapter)
{
    return caps_adapter_values(adapter, mk_feature_from_value(D3D12_FEATURE_D3D12_OPTIONS)->struct_index);
}

static void test_format_support(void **state)
{
    static const struct
    {
        UINT format;
        HRESULT expected;
        UINT required1, absent1, required2, absent2;
    }
    rows[] =
    {
        /* [vkd3d] UNKNOWN: BUFFER only (Support2 0 or TILED). */
        {DXGI_FORMAT_UNKNOWN, S_OK, D3D12_FORMAT_SUPPORT1_BUFFER, ~(UINT)D3D12_FORMAT_SUPPORT1_BUFFER, 0,
                ~(UINT)D3D12_FORMAT_SUPPORT2_TILED},
        {DXGI_FORMAT_R8G8B8A8_UNORM, S_OK, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_RENDER_TARGET
                | D3D12_FORMAT_SUPPORT1_BLENDABLE | D3D12_FORMAT_SUPPORT1_DISPLAY | D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET
                | D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL,
                D3D12_FORMAT_SUPPORT2_UAV_TYPED_STORE, 0},
        {DXGI_FORMAT_B8G8R8A8_UNORM, S_OK, D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_DISPLAY, 0, 0, 0},
        /* [vkd3d] no typed UAV on a TYPELESS format. */
        {DXGI_FORMAT_B8G8R8A8_TYPELESS, S_OK, D3D12_FORMAT_SUPPORT1_TEXTURE2D,
                D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW, 0,
                D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD | D3D12_FORMAT_SUPPORT2_UAV_TYPED_STORE},
        {DXGI_FORMAT_R16G16B16A16_FLOAT, S_OK, D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_DISPLAY
                | D3D12_FORMAT_SUPPORT1_BLENDABLE, 0, 0, 0},
        {DXGI_FORMAT_R32_UINT, S_OK, D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER | D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW,
                D3D12_FORMAT_SUPPORT1_BLENDABLE, D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_ADD | D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD, 0},
        {DXGI_FORMAT_R32_FLOAT, S_OK, D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE_COMPARISON | D3D12_FORMAT_SUPPORT1_BLENDABLE, 0,
                D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD | D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE, 0},
        {DXGI_FORMAT_R16_UINT, S_OK, D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER, 0, 0, 0},
        {DXGI_FORMAT_R8_UINT, S_OK, 0, D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER, 0, 0},
        {DXGI_FORMAT_R10G10B10A2_UNORM, S_OK, D3D12_FORMAT_SUPPORT1_DISPLAY | D3D12_FORMAT_SUPPORT1_RENDER_TARGET, 0, 0, 0},
        {DXGI_FORMAT_R11G11B10_FLOAT, S_OK, D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_BLENDABLE,
                D3D12_FORMAT_SUPPORT1_DISPLAY, 0, 0},
        {DXGI_FORMAT_D24_UNORM_S8_UINT, S_OK, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, D3D12_FORMAT_SUPPORT1_RENDER_TARGET, 0, 0},
        {DXGI_FORMAT_D32_FLOAT, S_OK, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, D3D12_FORMAT_SUPPORT1_RENDER_TARGET, 0, 0},
        {DXGI_FORMAT_D32_FLOAT_S8X24_UINT, S_OK, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, 0, 0, 0},
        {DXGI_FORMAT_D16_UNORM, S_OK, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, 0, 0, 0},
        {DXGI_FORMAT_R32_TYPELESS, S_OK, 0, 0, 0, 0},             /* [vkd3d] depth_stencil_formats */
        {DXGI_FORMAT_R24_UNORM_X8_TYPELESS, S_OK, D3D12_FORMAT_SUPPORT1_SHADER_LOAD, 0, 0, 0},
        {DXGI_FORMAT_BC1_UNORM, S_OK, D3D12_FORMAT_SUPPORT1_TEXTURE2D | D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE,
                D3D12_FORMAT_SUPPORT1_RENDER_TARGET | D3D12_FORMAT_SUPPORT1_BUFFER, 0, 0},
        {DXGI_FORMAT_BC3_UNORM_SRGB, S_OK, D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE, D3D12_FORMAT_SUPPORT1_RENDER_TARGET, 0, 0},
        {DXGI_FORMAT_BC6H_UF16, S_OK, D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE, 0, 0, 0},
        {DXGI_FORMAT_BC7_UNORM, S_OK, D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE | D3D12_FORMAT_SUPPORT1_MIP, 0, 0, 0},
        {DXGI_FORMAT_NV12, S_OK, D3D12_FORMAT_SUPPORT1_TEXTURE2D, D3D12_FORMAT_SUPPORT1_TEXTURE3D, 0, 0},
        /* [dump] valid formats WARP refuses. */
        {DXGI_FORMAT_R1_UNORM, E_FAIL, 0, 0, 0, 0},
        {DXGI_FORMAT_NV11, E_FAIL, 0, 0, 0, 0},
        {DXGI_FORMAT_AI44, E_FAIL, 0, 0, 0, 0},
        {DXGI_FORMAT_P208, E_FAIL, 0, 0, 0, 0},
        {DXGI_FORMAT_V408, E_FAIL, 0, 0, 0, 0},
        /* [issue] Reserved rows of the runtime's format table: 133..188
         * (the undocumented ASTC formats and the holes between them) and,
         * by the same table, 116..129 answer as formats no adapter supports. */
        {116, E_FAIL, 0, 0, 0, 0},
        {129, E_FAIL, 0, 0, 0, 0},
        {133, E_FAIL, 0, 0, 0, 0},
        {136, E_FAIL, 0, 0, 0, 0},
        {187, E_FAIL, 0, 0, 0, 0},
        {188, E_FAIL, 0, 0, 0, 0},
        /* Past the last format: no DXGI_FORMAT value. */
        {192, E_INVALIDARG, 0, 0, 0, 0},
        {0xffffffff, E_INVALIDARG, 0, 0, 0, 0},
    };
    struct row_failures failures = {0};
    const char *name;
    unsigned a, i;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        ID3D12Device *device = create_device_with(adapter, &runtime_retail_620);
        const D3D12_FEATURE_DATA_D3D12_OPTIONS *options = options_of(adapter);

        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_FORMAT_SUPPORT d = {(DXGI_FORMAT)rows[i].format, 0x5a5a5a5a, 0x5a5a5a5a};
            HRESULT hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &d, sizeof(d));

            name = format_name(rows[i].format);
            /* A report's table answers for its formats (test_report_formats):
             * the NVIDIA reports support AI44, which WARP refuses. */
            if (rows[i].expected == E_FAIL && caps_adapter_format_override(adapter, (DXGI_FORMAT)rows[i].format,
                    NULL, NULL))
                continue;
            if (hr != rows[i].expected)
                row_fail(&failures, i, name, "%s: hr %#x, expected %#x.", caps_adapter_id(adapter), (unsigned)hr,
                        (unsigned)rows[i].expected);
            if (FAILED(hr))
            {
                if (d.Support1 != 0x5a5a5a5a || d.Support2 != 0x5a5a5a5a)
                    row_fail(&failures, i, name, "%s: written on failure.", caps_adapter_id(adapter));
                continue;
            }
            if ((d.Support1 & rows[i].required1) != rows[i].required1 || (d.Support1 & rows[i].absent1))
                row_fail(&failures, i, name, "%s: Support1 %#x.", caps_adapter_id(adapter), (unsigned)d.Support1);
            if ((d.Support2 & rows[i].required2) != rows[i].required2 || (d.Support2 & rows[i].absent2))
                row_fail(&failures, i, name, "%s: Support2 %#x.", caps_adapter_id(adapter), (unsigned)d.Support2);
            /* Optional bits follow the adapter's caps. */
            if (!caps_adapter_is_software(adapter))
            {
                const struct caps_format_rule *rule = caps_format_rule(rows[i].format);

                if ((rule->support2 & D3D12_FORMAT_SUPPORT2_TILED) && !!(d.Support2 & D3D12_FORMAT_SUPPORT2_TILED)
                        != (options->TiledResourcesTier != D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED))
                    row_fail(&failures, i, name, "%s: TILED %#x against tier %u.", caps_adapter_id(adapter),
                            (unsigned)d.Support2, (unsigned)options->TiledResourcesTier);
                if (rows[i].format == DXGI_FORMAT_R16G16B16A16_FLOAT
                        && !!(d.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD) != !!options->TypedUAVLoadAdditionalFormats)
                    row_fail(&failures, i, name, "%s: UAV_TYPED_LOAD against TypedUAVLoadAdditionalFormats.",
                            caps_adapter_id(adapter));
            }
        }
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

static void test_format_support_runtime_version(void **state)
{
    ID3D12Device *device;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT d = {DXGI_FORMAT_A4B4G4R4_UNORM, 0, 0}, reserved = {DXGI_FORMAT_UNKNOWN, 0, 0};
    UINT s1, s2;
    HRESULT expected;
    unsigned a;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        /* A4B4G4R4_UNORM is a DXGI_FORMAT since SDK 610. */
        device = create_device_with(caps_adapter_at(a), &runtime_retail_608);
        assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &d, sizeof(d)),
                E_INVALIDARG);
        /* ... while the reserved rows below SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE
         * are in that runtime's table. */
        reserved.Format = (DXGI_FORMAT)188;
        assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &reserved,
                sizeof(reserved)), E_FAIL);
        ID3D12Device_Release(device);
        device = create_device_with(caps_adapter_at(a), &runtime_retail_620);
        /* Every capability of it is optional: software adapters have it,
         * unless the profile's "formats" says otherwise (a Vulkan-derived
         * profile answers from the report's format properties). */
        if (caps_adapter_format_override(caps_adapter_at(a), DXGI_FORMAT_A4B4G4R4_UNORM, &s1, &s2))
            expected = s1 ? S_OK : E_FAIL;
        else
            expected = caps_adapter_is_software(caps_adapter_at(a)) ? S_OK : E_FAIL;
        assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &d, sizeof(d)),
                expected);
        ID3D12Device_Release(device);
    }
}

static void test_multisample_quality_levels(void **state)
{
    static const struct
    {
        UINT format, count, flags;
        HRESULT expected;
        int levels; /* -1: at least one */
    }
    rows[] =
    {
        {DXGI_FORMAT_UNKNOWN, 0, 0, E_FAIL, 0},                 /* [vkd3d] written 0 */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, E_FAIL, 0},          /* [vkd3d] */
        {DXGI_FORMAT_UNKNOWN, 2, 0, S_OK, 0},                   /* [vkd3d] */
        {DXGI_FORMAT_UNKNOWN, 4, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE, S_OK, 0}, /* [vkd3d] */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, S_OK, -1},           /* [vkd3d] */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 2, 0, S_OK, 1},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 8, 0, S_OK, 1},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, S_OK, 0},            /* [vkd3d] not a power of two */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 6, 0, S_OK, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 31, 0, S_OK, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 32, 0, S_OK, 0},           /* [dump] WARP stops at 16 */
        {DXGI_FORMAT_R8G8B8A8_UNORM, 64, 0, S_OK, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 0x80000000u, 0, S_OK, 0},
        {DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 0, S_OK, 1},         /* [vkd3d] depth formats S_OK */
        {DXGI_FORMAT_D32_FLOAT, 4, 0, S_OK, 1},
        {DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 4, 0, S_OK, 0},     /* [dump] an SRV format: 1 sample */
        {DXGI_FORMAT_BC1_UNORM, 4, 0, S_OK, 0},
        {DXGI_FORMAT_BC1_UNORM, 1, 0, S_OK, 1},
        {DXGI_FORMAT_R1_UNORM, 1, 0, S_OK, 1},
        {DXGI_FORMAT_NV11, 4, 0, S_OK, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 4, 2, E_INVALIDARG, 0},
        {116, 4, 0, E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    char name[64];
    unsigned a, i;
    UINT format;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        ID3D12Device *device = create_device_with(adapter, &runtime_retail_620);

        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS d = {(DXGI_FORMAT)rows[i].format, rows[i].count,
                    (D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS)rows[i].flags, 0xdeadbeef};
            HRESULT hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &d, sizeof(d));

            snprintf(name, sizeof(name), "%s, %u samples, flags %#x", format_name(rows[i].format), rows[i].count,
                    rows[i].flags);
            if (hr != rows[i].expected)
                row_fail(&failures, i, name, "%s: hr %#x, expected %#x.", caps_adapter_id(adapter), (unsigned)hr,
                        (unsigned)rows[i].expected);
            if (hr == E_INVALIDARG && d.NumQualityLevels != 0xdeadbeef)
                row_fail(&failures, i, name, "%s: written on E_INVALIDARG.", caps_adapter_id(adapter));
            if (hr != E_INVALIDARG && (rows[i].levels < 0 ? d.NumQualityLevels < 1
                    : d.NumQualityLevels != (UINT)rows[i].levels))
                row_fail(&failures, i, name, "%s: %u levels.", caps_adapter_id(adapter), d.NumQualityLevels);
            if ((UINT)d.Flags != rows[i].flags)
                row_fail(&failures, i, name, "%s: Flags changed.", caps_adapter_id(adapter));
        }

        /* [vkd3d] one sample: one level for every format. */
        for (format = DXGI_FORMAT_UNKNOWN; format <= DXGI_FORMAT_B4G4R4A4_UNORM; ++format)
        {
            D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS d = {(DXGI_FORMAT)format, 1, 0, 0xdeadbeef};
            HRESULT hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &d, sizeof(d));

            if (hr != S_OK || d.NumQualityLevels != 1)
                row_fail(&failures, format, format_name(format), "%s, 1 sample: hr %#x, %u levels.",
                        caps_adapter_id(adapter), (unsigned)hr, d.NumQualityLevels);
        }
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

static void test_format_info(void **state)
{
    struct row_failures failures = {0};
    unsigned a;
    UINT format;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);
        ID3D12Device *device = create_device_with(adapter, &runtime_retail_620);
        static const UINT invalid[] = {DXGI_FORMAT_R1_UNORM, 116, 129, 133, 188, 192, 0xffffffff};
        unsigned i;

        /* [vkd3d] plane counts of formats 0 .. B4G4R4A4_UNORM. */
        for (format = DXGI_FORMAT_UNKNOWN; format <= DXGI_FORMAT_B4G4R4A4_UNORM; ++format)
        {
            D3D12_FEATURE_DATA_FORMAT_INFO d = {(DXGI_FORMAT)format, 0x55};
            UINT expected;
            HRESULT hr;

            if (format == DXGI_FORMAT_R1_UNORM)
                continue;
            switch (format)
            {
                case DXGI_FORMAT_R32G8X24_TYPELESS: case DXGI_FORMAT_D32_FLOAT_S8X24_UINT:
                case DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS: case DXGI_FORMAT_X32_TYPELESS_G8X24_UINT:
                case DXGI_FORMAT_D24_UNORM_S8_UINT: case DXGI_FORMAT_R24G8_TYPELESS:
                case DXGI_FORMAT_R24_UNORM_X8_TYPELESS: case DXGI_FORMAT_X24_TYPELESS_G8_UINT:
                case DXGI_FORMAT_NV12: case DXGI_FORMAT_P010: case DXGI_FORMAT_P016: case DXGI_FORMAT_NV11:
                    expected = 2;
                    break;
                default:
                    expected = 1;
                    break;
            }
            hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_INFO, &d, sizeof(d));
            if (hr != S_OK || d.PlaneCount != expected || (UINT)d.Format != format)
                row_fail(&failures, format, format_name(format), "%s: hr %#x, %u planes, expected %u.",
                        caps_adapter_id(adapter), (unsigned)hr, d.PlaneCount, expected);
        }
        for (i = 0; i < ARRAY_SIZE(invalid); ++i)
        {
            D3D12_FEATURE_DATA_FORMAT_INFO d = {(DXGI_FORMAT)invalid[i], 0x55};
            HRESULT hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_INFO, &d, sizeof(d));

            if (hr != E_INVALIDARG || d.PlaneCount != 0x55)
                row_fail(&failures, i, format_name(invalid[i]), "%s: invalid format, hr %#x.", caps_adapter_id(adapter),
                        (unsigned)hr);
        }
        /* [dump] P208/V208/V408 fail where unsupported; their counts are 2/3/3. */
        {
            static const struct { UINT format, planes; } video[] = {{DXGI_FORMAT_P208, 2}, {DXGI_FORMAT_V208, 3},
                    {DXGI_FORMAT_V408, 3}};
            for (i = 0; i < ARRAY_SIZE(video); ++i)
            {
                D3D12_FEATURE_DATA_FORMAT_INFO d = {(DXGI_FORMAT)video[i].format, 0x55};
                const struct caps_format_rule *rule = caps_format_rule(video[i].format);
                UINT s1, s2;
                HRESULT hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_INFO, &d, sizeof(d));

                if (!rule)
                {
                    row_fail(&failures, i, format_name(video[i].format), "no format rule.");
                    continue;
                }
                if (rule->planes != video[i].planes)
                    row_fail(&failures, i, caps_format_rule_name(rule), "%u planes, expected %u.", rule->planes,
                            video[i].planes);
                caps_format_support(adapter, rule, &s1, &s2);
                if (hr != (s1 ? S_OK : E_INVALIDARG))
                    row_fail(&failures, i, caps_format_rule_name(rule), "%s: hr %#x, expected %#x.",
                            caps_adapter_id(adapter), (unsigned)hr, (unsigned)(s1 ? S_OK : E_INVALIDARG));
            }
        }
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

/* The generated rule table covers every DXGI_FORMAT of the reference data,
 * sorted, and nothing else. */
static void test_rule_table(void **state)
{
    struct row_failures failures = {0};
    size_t i;
    unsigned covered = 0;
    const mockd3d12_runtime *runtime = &runtime_retail_620;

    (void)state;
    for (i = 0; i < caps_format_rule_count; ++i)
    {
        const struct caps_format_rule *r = &caps_format_rules[i];

        if (i && caps_format_rules[i - 1].format >= r->format)
            row_fail(&failures, (unsigned)i, caps_format_rule_name(r), "not sorted after %s.",
                    caps_format_rule_name(&caps_format_rules[i - 1]));
        if (!caps_format_known(runtime, r->format))
            row_fail(&failures, (unsigned)i, caps_format_rule_name(r), "not a known format.");
        if (caps_format_rule(r->format) != r)
            row_fail(&failures, (unsigned)i, caps_format_rule_name(r), "caps_format_rule() finds another row.");
        if ((r->optional1 & ~r->support1) || (r->optional2 & ~r->support2))
            row_fail(&failures, (unsigned)i, caps_format_rule_name(r), "optional bits outside the supported ones.");
        if (r->planes < 1 || r->planes > 3)
            row_fail(&failures, (unsigned)i, caps_format_rule_name(r), "%u planes.", r->planes);
        ++covered;
    }
    rows_done(&failures);
    for (i = 0; i < 256; ++i)
        if (caps_format_known(runtime, (uint32_t)i))
            assert_non_null(caps_format_rule((uint32_t)i));
    assert_null(caps_format_rule(116));
    assert_true(covered >= 120);
    /* Reserved rows: every value below the last known format that is none,
     * and nothing else. */
    for (i = 0; i < 256; ++i)
        if (caps_format_reserved(runtime, (uint32_t)i)
                != (!caps_format_known(runtime, (uint32_t)i) && i < DXGI_FORMAT_A4B4G4R4_UNORM))
            fail_msg("caps_format_reserved(%u) is wrong.", (unsigned)i);
    assert_true(caps_format_reserved(runtime, 116));
    assert_true(caps_format_reserved(runtime, 188));
    assert_false(caps_format_reserved(runtime, DXGI_FORMAT_V408));
    assert_false(caps_format_reserved(runtime, 192));
    assert_false(caps_format_reserved(runtime, 0xffffffffu));
    /* Before SDK 610 the table ends at SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE. */
    assert_true(caps_format_reserved(&runtime_retail_608, 188));
    assert_false(caps_format_reserved(&runtime_retail_608, DXGI_FORMAT_A4B4G4R4_UNORM));
}

/* A D3d12info report's format table is what its adapter answers, bit for bit
 * (data/adapters/reports; the values below are the reports'). */
static void test_report_formats(void **state)
{
    static const struct
    {
        const char *adapter;
        UINT format;
        UINT support1, support2;
        UINT max_samples; /* the highest sample count with a quality level */
        UINT planes;
    }
    rows[] =
    {
        {"nvidia-rtx-5070-ti", DXGI_FORMAT_R8G8B8A8_UNORM, 872207347, 82624, 8, 1},
        {"nvidia-rtx-5070-ti", DXGI_FORMAT_R32G32B32_FLOAT, 5509627, 0, 1, 1},
        {"nvidia-rtx-5070-ti", DXGI_FORMAT_R24G8_TYPELESS, 1052848, 0, 8, 2},
        {"nvidia-rtx-5070-ti", DXGI_FORMAT_NV12, 4202742560u, 82048, 1, 2},
        {"warp", DXGI_FORMAT_R8G8B8A8_UNORM, 66900979, 704, 16, 1},
        {"warp", DXGI_FORMAT_NV12, 41992992, 128, 1, 2},
        {"amd-radeon-granite-ridge", DXGI_FORMAT_R8G8B8A8_UNORM, 872207347, 66240, 8, 1},
        {"amd-radeon-granite-ridge", DXGI_FORMAT_R32G32B32A32_FLOAT, 49599483, 704, 8, 1},
    };
    struct row_failures failures = {0};
    char name[128];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *adapter = caps_adapter_lookup(rows[i].adapter, NULL, 0);
        D3D12_FEATURE_DATA_FORMAT_SUPPORT support = {(DXGI_FORMAT)rows[i].format, 0, 0};
        D3D12_FEATURE_DATA_FORMAT_INFO info = {(DXGI_FORMAT)rows[i].format, 0};
        ID3D12Device *device;
        UINT count, max = 0;
        HRESULT hr;

        snprintf(name, sizeof(name), "%s, %s", rows[i].adapter, format_name(rows[i].format));
        if (!adapter)
        {
            row_fail(&failures, i, name, "no such adapter");
            continue;
        }
        device = create_device_with(adapter, &runtime_retail_620);
        if ((hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support)))
                != S_OK || support.Support1 != rows[i].support1 || support.Support2 != rows[i].support2)
            row_fail(&failures, i, name, "FORMAT_SUPPORT %#x: %#x / %#x, expected %#x / %#x", (unsigned)hr,
                    (unsigned)support.Support1, (unsigned)support.Support2, rows[i].support1, rows[i].support2);
        for (count = 1; count <= 32; count *= 2)
        {
            D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels = {(DXGI_FORMAT)rows[i].format, count,
                    D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, 0x55};

            if (ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels,
                    sizeof(levels)) == S_OK && levels.NumQualityLevels)
            {
                if (levels.NumQualityLevels != 1)
                    row_fail(&failures, i, name, "%u samples: %u levels, expected 1", count, levels.NumQualityLevels);
                max = count;
            }
        }
        if (max != rows[i].max_samples)
            row_fail(&failures, i, name, "highest sample count %u, expected %u", max, rows[i].max_samples);
        if ((hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info))) != S_OK
                || info.PlaneCount != rows[i].planes)
            row_fail(&failures, i, name, "FORMAT_INFO %#x: %u planes, expected %u", (unsigned)hr,
                    (unsigned)info.PlaneCount, rows[i].planes);
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_rule_table),
        cmocka_unit_test(test_format_support),
        cmocka_unit_test(test_report_formats),
        cmocka_unit_test(test_format_support_runtime_version),
        cmocka_unit_test(test_multisample_quality_levels),
        cmocka_unit_test(test_format_info),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
