/*
 * The input-validating CheckFeatureSupport fills (src/caps/fill_inputs.c,
 * fill_formats.c) on adapters no built-in profile describes: one with a
 * protected session type, two nodes and GPU upload heaps, one with 32 nodes,
 * one without enhanced barriers. Each row calls the fill directly (as
 * test_features.c does) and checks the HRESULT, the reason the debug layer
 * would print, and the outputs.
 * The rest of the input checks too: both meta-command buffers, a dimension and
 * a heap type past their enums, a shader model only newValues declare, a GUID
 * texture layout at tier 1, MSAA on a format the profile grants it, P208
 * supported and not, a fill without its write-back flag.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/caps.h"
#include "caps/caps_handlers.h"
#include "mk_tables.h"

static const mockd3d12_runtime runtime_retail_620 = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_preview_721 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE};

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

static HRESULT fill_direct(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime, D3D12_FEATURE value,
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
static void check(struct row_failures *failures, unsigned row, const char *name, HRESULT hr, const char *why,
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
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, why,
            sizeof(why));
    check(&failures, 0, "TYPES NULL pTypes", hr, why, E_INVALIDARG, "pTypes is NULL with Count 1.");

    memset(guids, 0x5a, sizeof(guids));
    types.pTypes = guids;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, why,
            sizeof(why));
    check(&failures, 1, "TYPES one type", hr, why, S_OK, "");
    /* D3D12_PROTECTED_RESOURCES_SESSION_HARDWARE_PROTECTED, and only one. */
    if (guids[0].Data1 != 0x62b0084e || guids[0].Data2 != 0xc70e || guids[0].Data4[7] != 0x82)
        row_fail(&failures, 1, "TYPES one type", "pTypes[0] is %08x-%04x", (unsigned)guids[0].Data1,
                (unsigned)guids[0].Data2);
    if (guids[1].Data1 != 0x5a5a5a5a)
        row_fail(&failures, 1, "TYPES one type", "pTypes[1] was written");

    types.NodeIndex = 2;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPES, &types, why,
            sizeof(why));
    if (hr != E_INVALIDARG || !why[0])
        row_fail(&failures, 2, "TYPES node 2 of 2", "hr %#x (%s)", (unsigned)hr, why);

    memset(&meta, 0, sizeof(meta));
    meta.NodeMask = 4;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check(&failures, 3, "META node 2 of 2", hr, why, E_INVALIDARG,
            "NodeMask 0x4 names a node the adapter lacks (2 nodes).");

    meta.NodeMask = 2;
    meta.QueryInputDataSizeInBytes = 4;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check(&failures, 4, "META NULL input", hr, why, E_INVALIDARG,
            "pQueryInputData is NULL with QueryInputDataSizeInBytes 4.");

    meta.pQueryInputData = input;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check(&failures, 5, "META node 1 of 2", hr, why, E_INVALIDARG,
            "CommandId is not a meta command of this adapter (it has none).");

    /* With 32 nodes every single bit names a node. */
    memset(&meta, 0, sizeof(meta));
    meta.NodeMask = 0x80000000u;
    hr = fill_direct(many, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check(&failures, 6, "META node 31 of 32", hr, why, E_INVALIDARG,
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
        hr = fill_direct(rows[i].many_nodes ? many : edges, &runtime_retail_620,
                D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, why, sizeof(why));
        check(&failures, i, rows[i].name, hr, why, S_OK, "");
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
    hr = fill_direct(edges, &runtime_preview_721, D3D12_FEATURE_BARRIER_LAYOUT, &layout, why, sizeof(why));
    check(&failures, 0, "BARRIER_LAYOUT without enhanced barriers", hr, why, S_OK, "");
    if (layout.Supported)
        row_fail(&failures, 0, "BARRIER_LAYOUT without enhanced barriers", "Supported");

    memset(&desc, 0, sizeof(desc));
    memset(&guid_layout, 0, sizeof(guid_layout));
    desc.Format = (DXGI_FORMAT)120;
    guid_layout.pDesc = &desc;
    hr = fill_direct(edges, &runtime_preview_721, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, &guid_layout, why, sizeof(why));
    check(&failures, 1, "GUID_TEXTURE_LAYOUT format 120", hr, why, E_INVALIDARG,
            "pDesc->Format 0x78 is not a DXGI_FORMAT.");

    memset(&exchange, 0, sizeof(exchange));
    exchange.InputDataSizeInBytes = 8;
    exchange.OutputDataSizeInBytes = &output_size;
    hr = fill_direct(edges, &runtime_preview_721, D3D12_FEATURE_MLIR_EXCHANGE, &exchange, why, sizeof(why));
    check(&failures, 2, "MLIR_EXCHANGE NULL input", hr, why, E_INVALIDARG,
            "pInputData is NULL with InputDataSizeInBytes 8.");

    memset(&mlir, 0, sizeof(mlir));
    mlir.NumMlirInterfaces = 1;
    mlir.pMlirInterfacesSupported = supported;
    hr = fill_direct(edges, &runtime_preview_721, D3D12_FEATURE_MLIR_INTERFACE_SUPPORT, &mlir, why, sizeof(why));
    check(&failures, 3, "MLIR_INTERFACE_SUPPORT NULL requested", hr, why, E_INVALIDARG,
            "pMlirInterfacesRequested is NULL.");
    if (!supported[0])
        row_fail(&failures, 3, "MLIR_INTERFACE_SUPPORT NULL requested", "pMlirInterfacesSupported written");
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
    hr = fill_direct(adapter, &runtime_retail_620, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, why,
            sizeof(why));
    check(failures, row, caps_adapter_id(adapter), hr, why, S_OK, "");
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
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_QUERY_META_COMMAND, &meta, why, sizeof(why));
    check(&failures, 0, "META both buffers", hr, why, E_INVALIDARG,
            "CommandId is not a meta command of this adapter (it has none).");

    memset(&placed, 0, sizeof(placed));
    placed.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    placed.Dimension = (D3D12_RESOURCE_DIMENSION)5;
    placed.DestHeapProperties.Type = D3D12_HEAP_TYPE_DEFAULT;
    placed.Supported = 2;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, why,
            sizeof(why));
    check(&failures, 1, "PLACED dimension 5", hr, why, E_INVALIDARG, "Dimension 0x5 is not a resource dimension.");
    if (placed.Supported != 2)
        row_fail(&failures, 1, "PLACED dimension 5", "Supported written");
    placed.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    placed.DestHeapProperties.Type = (D3D12_HEAP_TYPE)6;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO, &placed, why,
            sizeof(why));
    check(&failures, 2, "PLACED heap type 6", hr, why, E_INVALIDARG, "DestHeapProperties.Type 0x6 is not a heap type.");
    if (placed.Supported != 2)
        row_fail(&failures, 2, "PLACED heap type 6", "Supported written");

    memset(&exchange, 0, sizeof(exchange));
    exchange.InputDataSizeInBytes = sizeof(input);
    exchange.pInputData = input;
    exchange.OutputDataSizeInBytes = &output_size;
    hr = fill_direct(edges, &runtime_preview_721, D3D12_FEATURE_MLIR_EXCHANGE, &exchange, why, sizeof(why));
    check(&failures, 3, "MLIR_EXCHANGE with input", hr, why, DXGI_ERROR_UNSUPPORTED,
            "MlirInterface is not an MLIR interface of this adapter (it has none).");
    if (output_size != 16)
        row_fail(&failures, 3, "MLIR_EXCHANGE with input", "OutputDataSizeInBytes written");

    memset(&sm, 0, sizeof(sm));
    sm.HighestShaderModel = (D3D_SHADER_MODEL)153;
    hr = fill_direct(more, &runtime_650, D3D12_FEATURE_SHADER_MODEL, &sm, why, sizeof(why));
    check(&failures, 4, "SHADER_MODEL declared 0x99", hr, why, S_OK, "");
    if (sm.HighestShaderModel != sm_values->HighestShaderModel)
        row_fail(&failures, 4, "SHADER_MODEL declared 0x99", "answer %#x, the adapter's is %#x",
                (unsigned)sm.HighestShaderModel, (unsigned)sm_values->HighestShaderModel);
    sm.HighestShaderModel = (D3D_SHADER_MODEL)153;
    hr = fill_direct(edges, &runtime_650, D3D12_FEATURE_SHADER_MODEL, &sm, why, sizeof(why));
    check(&failures, 5, "SHADER_MODEL 0x99 undeclared", hr, why, E_INVALIDARG,
            "HighestShaderModel 0x99 is not a shader model this runtime knows.");
    if (sm.HighestShaderModel != (D3D_SHADER_MODEL)153)
        row_fail(&failures, 5, "SHADER_MODEL 0x99 undeclared", "HighestShaderModel written");

    memset(&rs, 0, sizeof(rs));
    rs.HighestVersion = (D3D_ROOT_SIGNATURE_VERSION)153;
    hr = fill_direct(more, &runtime_650, D3D12_FEATURE_ROOT_SIGNATURE, &rs, why, sizeof(why));
    check(&failures, 11, "ROOT_SIGNATURE declared 0x99", hr, why, S_OK, "");
    if (rs.HighestVersion != rs_values->HighestVersion)
        row_fail(&failures, 11, "ROOT_SIGNATURE declared 0x99", "answer %#x, the adapter's is %#x",
                (unsigned)rs.HighestVersion, (unsigned)rs_values->HighestVersion);

    memset(&desc, 0, sizeof(desc));
    memset(&guid_layout, 0, sizeof(guid_layout));
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    guid_layout.pDesc = &desc;
    hr = fill_direct(more, &runtime_preview_721, D3D12_FEATURE_GUID_TEXTURE_LAYOUT, &guid_layout, why, sizeof(why));
    check(&failures, 6, "GUID_TEXTURE_LAYOUT tier 1", hr, why, S_OK, "");
    if (guid_layout.GuidTextureLayoutTier != 1 || !(guid_layout.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D))
        row_fail(&failures, 6, "GUID_TEXTURE_LAYOUT tier 1", "tier %u, Support1 %#x",
                (unsigned)guid_layout.GuidTextureLayoutTier, (unsigned)guid_layout.Support1);

    memset(&levels, 0, sizeof(levels));
    levels.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
    levels.SampleCount = 4;
    hr = fill_direct(more, &runtime_retail_620, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, why, sizeof(why));
    check(&failures, 7, "MSAA of a one-sample format granted", hr, why, S_OK, "");
    if (levels.NumQualityLevels != 1)
        row_fail(&failures, 7, "MSAA of a one-sample format granted", "%u levels", levels.NumQualityLevels);
    levels.NumQualityLevels = 77;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, why, sizeof(why));
    check(&failures, 8, "MSAA of a one-sample format", hr, why, S_OK, "");
    if (levels.NumQualityLevels != 0)
        row_fail(&failures, 8, "MSAA of a one-sample format", "%u levels", levels.NumQualityLevels);

    memset(&info, 0, sizeof(info));
    info.Format = DXGI_FORMAT_P208;
    info.PlaneCount = 0x55;
    hr = fill_direct(edges, &runtime_retail_620, D3D12_FEATURE_FORMAT_INFO, &info, why, sizeof(why));
    check(&failures, 9, "FORMAT_INFO P208 unsupported", hr, why, E_INVALIDARG,
            "DXGI_FORMAT_P208 is not supported by this adapter.");
    if (info.PlaneCount != 0x55)
        row_fail(&failures, 9, "FORMAT_INFO P208 unsupported", "PlaneCount written");
    hr = fill_direct(more, &runtime_retail_620, D3D12_FEATURE_FORMAT_INFO, &info, why, sizeof(why));
    check(&failures, 12, "FORMAT_INFO P208 supported", hr, why, S_OK, "");
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
    check(&failures, 10, "MSAA count 0, no write-back flag", hr, why, E_FAIL, "SampleCount is 0.");
    if (levels.NumQualityLevels != 0)
        row_fail(&failures, 10, "MSAA count 0, no write-back flag", "%u levels", levels.NumQualityLevels);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_session_types_and_meta_commands),
        cmocka_unit_test(test_placed_resources),
        cmocka_unit_test(test_barriers_layouts_and_mlir),
        cmocka_unit_test(test_tiled_quality_levels),
        cmocka_unit_test(test_remaining_inputs),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
