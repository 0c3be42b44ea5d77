/*
 * Pipeline states and pipeline libraries (docs/objects.md "Shader bytecode",
 * "Pipeline states", "Pipeline libraries"): the shader container parser on
 * good and malformed input; the creation methods' refusal rows on built-in
 * adapters that allow and that refuse each capability, with their HRESULT
 * and debug message; what the conformance tests record of Windows (vkd3d's
 * test_create_graphics_pipeline_state, test_create_compute_pipeline_state;
 * vkd3d-proton's test_get_cached_blob, test_pipeline_library); the stream
 * with every subobject type the headers declare; cached blobs; libraries;
 * allocation failures. Shaders come from tests/unit/dxbc_writer.h.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "dxbc_writer.h"
#include "shader_bytecode.h"
#include "mk_tables.h"

#define DEFAULT_ADAPTER "nvidia-rtx-5070-ti"

/* ---- Helpers ---- */

static ID3DBlob *serialize_rs(D3D12_ROOT_SIGNATURE_FLAGS flags)
{
    D3D12_ROOT_SIGNATURE_DESC desc = {0, NULL, 0, NULL, flags};
    ID3DBlob *blob = NULL, *error = NULL;

    assert_int_equal(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error), S_OK);
    return blob;
}

static ID3D12RootSignature *create_rs(ID3D12Device *device, D3D12_ROOT_SIGNATURE_FLAGS flags)
{
    ID3DBlob *blob = serialize_rs(flags);
    ID3D12RootSignature *rs = NULL;

    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&rs), S_OK);
    ID3D10Blob_Release(blob);
    return rs;
}

/* The RTS0 part of a serialized root signature (into `part`). */
static size_t rts0_part(D3D12_ROOT_SIGNATURE_FLAGS flags, uint8_t *part, size_t size)
{
    ID3DBlob *blob = serialize_rs(flags);
    const void *found;
    size_t found_size;
    char why[128];

    assert_int_equal(obj_dxbc_find_part(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
            OBJ_RS_TAG_RTS0, &found, &found_size, why, sizeof(why)), S_OK);
    assert_true(found_size <= size);
    memcpy(part, found, found_size);
    ID3D10Blob_Release(blob);
    return found_size;
}

static void build(struct shader_blob *blob, unsigned kind, unsigned model)
{
    struct shader_spec spec = {kind, model, 0, NULL, 0, DXBC_HASH_VALID};

    shader_build(blob, &spec);
}

/* vkd3d's init_pipeline_state_desc: one R8G8B8A8 target, triangles. */
static void init_graphics(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, ID3D12RootSignature *rs,
        const struct shader_blob *vs, const struct shader_blob *ps)
{
    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = rs;
    desc->VS = shader_code(vs);
    if (ps)
        desc->PS = shader_code(ps);
    desc->BlendState.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    desc->SampleMask = ~0u;
    desc->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    desc->RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
    desc->RasterizerState.DepthClipEnable = TRUE;
    desc->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    desc->NumRenderTargets = 1;
    desc->RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc->SampleDesc.Count = 1;
}

/* The last stored message's text and id (NULL and 0 when none was stored). */
static const char *last_message(ID3D12Device *device, D3D12_MESSAGE_ID *id)
{
    ID3D12InfoQueue *queue = info_queue(device);
    UINT64 count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    const char *text = count ? message_text(queue, count - 1, id) : NULL;

    ID3D12InfoQueue_Release(queue);
    if (!text)
        *id = 0;
    return text;
}

static void clear_messages(ID3D12Device *device)
{
    ID3D12InfoQueue *queue = info_queue(device);

    ID3D12InfoQueue_ClearStoredMessages(queue);
    ID3D12InfoQueue_Release(queue);
}

/* ---- The parser ---- */

static void test_shader_parse(void **state)
{
    static const struct
    {
        const char *name;
        struct shader_spec spec;
        unsigned kind, model, hash;
        uint64_t requires;
    }
    good[] =
    {
        {"vs_5_0", {K_VS, 0x50, 0, NULL, 0, DXBC_HASH_VALID}, OBJ_SHADER_VERTEX, 0x50, OBJ_SHADER_HASH_VALID, 0},
        {"ps_4_0", {K_PS, 0x40, 0, NULL, 0, DXBC_HASH_VALID}, OBJ_SHADER_PIXEL, 0x40, OBJ_SHADER_HASH_VALID, 0},
        {"cs_5_1", {K_CS, 0x51, 0, NULL, 0, DXBC_HASH_VALID}, OBJ_SHADER_COMPUTE, 0x51, OBJ_SHADER_HASH_VALID, 0},
        {"ps_6_5 wave ops", {K_PS, 0x65, 0x4000, NULL, 0, DXBC_HASH_VALID}, OBJ_SHADER_PIXEL, 0x65,
                OBJ_SHADER_HASH_VALID, 0x4000},
        {"ms_6_5 bypass", {K_MS, 0x65, 0, NULL, 0, DXBC_HASH_BYPASS}, OBJ_SHADER_MESH, 0x65, OBJ_SHADER_HASH_BYPASS, 0},
        {"as_6_5 preview", {K_AS, 0x65, 0, NULL, 0, DXBC_HASH_PREVIEW}, OBJ_SHADER_AMPLIFICATION, 0x65,
                OBJ_SHADER_HASH_PREVIEW, 0},
        {"vs_6_0 unsigned", {K_VS, 0x60, 0, NULL, 0, DXBC_HASH_ZERO}, OBJ_SHADER_VERTEX, 0x60, OBJ_SHADER_HASH_ZERO, 0},
        {"vs_6_0 tampered", {K_VS, 0x60, 0, NULL, 0, DXBC_HASH_WRONG}, OBJ_SHADER_VERTEX, 0x60, OBJ_SHADER_HASH_WRONG, 0},
        {"cs_6_8 64-bit mask", {K_CS, 0x68, 0x100000000ull | 0x8000, NULL, 0, DXBC_HASH_VALID}, OBJ_SHADER_COMPUTE,
                0x68, OBJ_SHADER_HASH_VALID, 0x100000000ull | 0x8000},
    };
    struct row_failures failures = {0};
    struct obj_shader_info info;
    struct shader_blob blob;
    uint8_t rts0[256];
    char why[256];
    unsigned i;
    size_t n;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(good); ++i)
    {
        shader_build(&blob, &good[i].spec);
        if (obj_shader_parse(blob.bytes, blob.size, &info, why, sizeof(why)) != S_OK)
            row_fail(&failures, i, good[i].name, "refused: %s", why);
        else if (info.kind != good[i].kind || info.model != good[i].model || info.hash_kind != good[i].hash
                || info.requires != good[i].requires || info.dxil != (good[i].spec.model >= 0x60)
                || info.root_signature)
            row_fail(&failures, i, good[i].name, "kind %u model %#x hash %u requires %#llx", info.kind, info.model,
                    info.hash_kind, (unsigned long long)info.requires);
    }
    /* An embedded root signature: found, where the container has it. */
    n = rts0_part(D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT, rts0, sizeof(rts0));
    {
        struct shader_spec spec = {K_VS, 0x51, 0, rts0, n, DXBC_HASH_VALID};

        shader_build(&blob, &spec);
        assert_int_equal(obj_shader_parse(blob.bytes, blob.size, &info, why, sizeof(why)), S_OK);
        assert_non_null(info.root_signature);
        assert_int_equal(info.root_signature_size, n);
        assert_memory_equal(info.root_signature, rts0, n);
    }
    rows_done(&failures);
}

/* Malformed containers: each E_INVALIDARG with its reason. */
static void test_shader_parse_malformed(void **state)
{
    static const struct
    {
        const char *name;
        unsigned offset;  /* a DWORD to overwrite in a valid vs_5_0 (or ps_6_0 for DXIL rows) */
        uint32_t value;
        bool dxil;
        size_t size;      /* 0: the container's */
        const char *reason;
    }
    rows[] =
    {
        {"too short", 0, 0x43425844, false, 31, "too short"},
        {"magic", 0, 0x43425845, false, 0, "does not start with \"DXBC\""},
        {"version", 20, 2, false, 0, "version is not 1"},
        {"size past the data", 24, 4096, false, 0, "does not fit"},
        {"size below the header", 24, 16, false, 0, "does not fit"},
        {"part count past the size", 28, 0x40000000, false, 0, "does not fit"},
        {"part offset inside the table", 32, 8, false, 0, "lies outside"},
        {"part offset past the end", 32, 0xfffffff0u, false, 0, "lies outside"},
        {"part size past the end", 40, 0x7fffffff, false, 0, "lies outside"},
        {"no program part", 36, 0x31424446, false, 0, "no program part"},
        {"SHEX length past its part", 48, 100, false, 0, "length does not fit"},
        {"SHEX program type 7", 44, 0x00070050, false, 0, "names no shader stage"},
        {"SHEX shader model 3.0", 44, 0x00010030, false, 0, "not 4.0 to 5.1"},
        {"SHEX shader model 5.2", 44, 0x00010052, false, 0, "not 4.0 to 5.1"},
        {"DXIL size past its part", 48, 100, true, 0, "does not fit its part"},
        {"DXIL bitcode magic", 52, 0x4c495845, true, 0, "does not start with \"DXIL\""},
        {"DXIL bitcode past the program", 64, 100, true, 0, "outside its program"},
        {"DXIL kind 16", 44, 0x00100060, true, 0, "names no shader kind"},
        {"DXIL shader model 5.0", 44, 0x00000050, true, 0, "not 6.x"},
        {"DXIL part too small", 40, 16, true, 0, "too small"},
    };
    struct row_failures failures = {0};
    struct obj_shader_info info;
    struct shader_blob blob;
    char why[256];
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        build(&blob, rows[i].dxil ? K_PS : K_VS, rows[i].dxil ? 0x60 : 0x50);
        dxbc_put(blob.bytes + rows[i].offset, rows[i].value);
        hr = obj_shader_parse(blob.bytes, rows[i].size ? rows[i].size : blob.size, &info, why, sizeof(why));
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        else if (!strstr(why, rows[i].reason))
            row_fail(&failures, i, rows[i].name, "reason \"%s\" lacks \"%s\"", why, rows[i].reason);
    }
    /* An SFI0 part under 8 bytes; NULL data. */
    {
        uint8_t program[12] = {0}, sfi0[4] = {0};
        struct dxbc_part parts[2] = {{0x58454853u, program, 12}, {0x30494653u, sfi0, 4}};

        dxbc_put(program, 0x00010050);
        dxbc_put(program + 4, 3);
        dxbc_write(&blob, parts, 2, DXBC_HASH_VALID);
        assert_int_equal(obj_shader_parse(blob.bytes, blob.size, &info, why, sizeof(why)), E_INVALIDARG);
        assert_non_null(strstr(why, "SFI0"));
    }
    assert_int_equal(obj_shader_parse(NULL, 100, &info, why, sizeof(why)), E_INVALIDARG);
    assert_string_equal(obj_shader_kind_name(OBJ_SHADER_MESH), "mesh");
    assert_string_equal(obj_shader_kind_name(99), "?");
    rows_done(&failures);
}

/* The generated map: every bit once, sorted, the ones the brief names gated. */
static void test_shader_requirements_table(void **state)
{
    static const struct { uint64_t bit; const char *field; } expected[] =
    {
        {0x4000, "WaveOps"}, {0x8000, "Int64ShaderOps"}, {0x40000, "Native16BitShaderOpsSupported"},
        {0x800, "TypedUAVLoadAdditionalFormats"}, {0x20000, "BarycentricsSupported"}, {0x10000, "ViewInstancingTier"},
        {0x200000, "SamplerFeedbackTier"}, {0x100000, "RaytracingTier"}, {0x200, "PSSpecifiedStencilRefSupported"},
        {0x1000, "ROVsSupported"}, {0x2, NULL},
    };
    size_t i, j;

    (void)state;
    assert_true(obj_shader_requirement_count >= 33);
    for (i = 1; i < obj_shader_requirement_count; ++i)
        assert_true(obj_shader_requirements[i - 1].bit < obj_shader_requirements[i].bit);
    for (i = 0; i < ARRAY_SIZE(expected); ++i)
    {
        for (j = 0; j < obj_shader_requirement_count && obj_shader_requirements[j].bit != expected[i].bit; ++j)
            ;
        assert_true(j < obj_shader_requirement_count);
        if (expected[i].field)
        {
            assert_true(obj_shader_requirements[j].field >= 0);
            assert_string_equal(mk_field_name(&mk_fields[obj_shader_requirements[j].field]), expected[i].field);
        }
        else
            assert_int_equal(obj_shader_requirements[j].field, -1);
    }
}

/* ---- Graphics pipelines: one row per rule ---- */

enum tweak
{
    T_NONE, T_DXIL_66, T_DXIL_60, T_DXIL_69, T_DXIL_BYPASS, T_DXIL_ZERO, T_DXIL_PREVIEW, T_DXBC_BYPASS, T_BAD_CHECKSUM,
    T_PS_IN_VS, T_VS_IN_PS, T_NO_VS, T_NO_RS, T_EMBEDDED_SAME, T_EMBEDDED_DIFFERENT, T_EMBEDDED_ONE,
    T_REQUIRES, T_RT_BC1, T_RT_PAST_COUNT, T_RT_COUNT_9, T_BLEND_AND_LOGIC, T_LOGIC_OP, T_LOGIC_INDEPENDENT,
    T_BLEND_R32_UINT, T_DSV_RGBA, T_DSV_UNKNOWN_DEPTH, T_MSAA_4, T_MSAA_QUALITY, T_SAMPLE_0, T_CONSERVATIVE,
    T_STREAM_OUTPUT, T_STREAM_OUTPUT_FLAG, T_FLAGS_BAD, T_FLAGS_DEPTH_BIAS, T_NODE_MASK, T_HS_NO_DS, T_HS_DS_PATCH,
    T_FILL_MODE, T_INPUT_LAYOUT_NULL, T_CULL_MODE,
};

struct graphics_row
{
    const char *name;
    const char *adapter;
    enum tweak tweak;
    uint64_t requires;
    HRESULT expected;
    D3D12_MESSAGE_ID id;  /* 0: no message */
    const char *text;     /* a fragment of the message */
};

#define ID(x) D3D12_MESSAGE_ID_##x
#define MIN "min-fl11_0"
#define RX580 "amd-rx-580"
#define HD530 "intel-hd-530"

static const struct graphics_row graphics_rows[] =
{
    {"vs_5_0 ps_5_0", DEFAULT_ADAPTER, T_NONE, 0, S_OK, 0, NULL},
    {"vs_5_0 ps_5_0 on FL 11_0", MIN, T_NONE, 0, S_OK, 0, NULL},
    {"SM 6.6 on an SM 6.9 adapter", DEFAULT_ADAPTER, T_DXIL_66, 0, S_OK, 0, NULL},
    {"SM 6.6 on an SM 6.4 adapter", HD530, T_DXIL_66, 0, E_INVALIDARG, ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "HighestShaderModel >= D3D_SHADER_MODEL_6_6, which is D3D_SHADER_MODEL_6_4 on intel-hd-530"},
    {"SM 6.0 on an SM 5.1 adapter", MIN, T_DXIL_60, 0, E_INVALIDARG, ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "HighestShaderModel"},
    {"DXIL BYPASS hash", DEFAULT_ADAPTER, T_DXIL_BYPASS, 0, S_OK, 0, NULL},
    {"DXIL zero hash", DEFAULT_ADAPTER, T_DXIL_ZERO, 0, E_INVALIDARG, ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "unsigned"},
    {"DXIL PREVIEW hash", DEFAULT_ADAPTER, T_DXIL_PREVIEW, 0, E_INVALIDARG,
            ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE), "D3D12ExperimentalShaderModels"},
    {"DXBC BYPASS hash", DEFAULT_ADAPTER, T_DXBC_BYPASS, 0, E_INVALIDARG,
            ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE), "only DXIL"},
    {"bad checksum", DEFAULT_ADAPTER, T_BAD_CHECKSUM, 0, E_INVALIDARG, ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "checksum is wrong"},
    {"a PS blob in the VS slot", DEFAULT_ADAPTER, T_PS_IN_VS, 0, E_INVALIDARG,
            ID(CREATEVERTEXSHADER_INVALIDSHADERTYPE), "VS holds a pixel shader, not a vertex shader"},
    {"a VS blob in the PS slot", DEFAULT_ADAPTER, T_VS_IN_PS, 0, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERTYPE),
            "PS holds a vertex shader"},
    {"no VS", DEFAULT_ADAPTER, T_NO_VS, 0, E_INVALIDARG, ID(CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET), NULL},
    {"no root signature", DEFAULT_ADAPTER, T_NO_RS, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE), "VS embeds no root signature"},
    {"embedded root signatures alike", DEFAULT_ADAPTER, T_EMBEDDED_SAME, 0, S_OK, 0, NULL},
    {"embedded root signatures differ", DEFAULT_ADAPTER, T_EMBEDDED_DIFFERENT, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_PS_ROOT_SIGNATURE_MISMATCH), "differs from VS's"},
    {"one shader without the embedded one", DEFAULT_ADAPTER, T_EMBEDDED_ONE, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE), "PS embeds no root signature"},
    {"wave ops on FL 11_0", MIN, T_REQUIRES, 0x4000, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "PS's D3D_SHADER_REQUIRES_WAVE_OPS needs D3D12_FEATURE_DATA_D3D12_OPTIONS1::WaveOps, which is FALSE on min-fl11_0"},
    {"wave ops", DEFAULT_ADAPTER, T_REQUIRES, 0x4000, S_OK, 0, NULL},
    {"int64 on FL 11_0", MIN, T_REQUIRES, 0x8000, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "Int64ShaderOps"},
    {"int64", DEFAULT_ADAPTER, T_REQUIRES, 0x8000, S_OK, 0, NULL},
    {"16-bit ops on FL 11_0", MIN, T_REQUIRES, 0x40000, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "Native16BitShaderOpsSupported"},
    {"16-bit ops", DEFAULT_ADAPTER, T_REQUIRES, 0x40000, S_OK, 0, NULL},
    {"typed UAV loads on FL 11_0", MIN, T_REQUIRES, 0x800, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "TypedUAVLoadAdditionalFormats"},
    {"typed UAV loads", DEFAULT_ADAPTER, T_REQUIRES, 0x800, S_OK, 0, NULL},
    {"barycentrics on FL 11_0", MIN, T_REQUIRES, 0x20000, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "BarycentricsSupported"},
    {"barycentrics", DEFAULT_ADAPTER, T_REQUIRES, 0x20000, S_OK, 0, NULL},
    {"view ID on FL 11_0", MIN, T_REQUIRES, 0x10000, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "ViewInstancingTier >= D3D12_VIEW_INSTANCING_TIER_1"},
    {"view ID", DEFAULT_ADAPTER, T_REQUIRES, 0x10000, S_OK, 0, NULL},
    {"sampler feedback on RX 580", RX580, T_REQUIRES, 0x200000, E_INVALIDARG,
            ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE), "SamplerFeedbackTier >= D3D12_SAMPLER_FEEDBACK_TIER_0_9"},
    {"sampler feedback", DEFAULT_ADAPTER, T_REQUIRES, 0x200000, S_OK, 0, NULL},
    {"inline raytracing on RX 580", RX580, T_REQUIRES, 0x100000, E_INVALIDARG,
            ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE), "RaytracingTier >= D3D12_RAYTRACING_TIER_1_1"},
    {"inline raytracing", DEFAULT_ADAPTER, T_REQUIRES, 0x100000, S_OK, 0, NULL},
    {"stencil ref on FL 11_0", MIN, T_REQUIRES, 0x200, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "PSSpecifiedStencilRefSupported"},
    {"ROVs on FL 11_0", MIN, T_REQUIRES, 0x1000, E_INVALIDARG, ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE),
            "ROVsSupported"},
    {"early depth-stencil everywhere", MIN, T_REQUIRES, 0x2, S_OK, 0, NULL},
    {"an unrenderable RT format", DEFAULT_ADAPTER, T_RT_BC1, 0, E_INVALIDARG,
            ID(RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE), "DXGI_FORMAT_BC1_UNORM cannot be a render target"},
    {"a format past NumRenderTargets", DEFAULT_ADAPTER, T_RT_PAST_COUNT, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_RTV_FORMAT_NOT_UNKNOWN), "RTVFormats[1]"},
    {"nine render targets", DEFAULT_ADAPTER, T_RT_COUNT_9, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_RENDER_TARGET_COUNT), NULL},
    {"blend and logic op", DEFAULT_ADAPTER, T_BLEND_AND_LOGIC, 0, E_INVALIDARG, ID(CREATEBLENDSTATE_INVALIDLOGICOPS),
            "both blending and a logic op"},
    {"a logic op", DEFAULT_ADAPTER, T_LOGIC_OP, 0, S_OK, 0, NULL},
    {"a logic op without OutputMergerLogicOp", MIN, T_LOGIC_OP, 0, E_INVALIDARG, ID(CREATEBLENDSTATE_INVALIDLOGICOPS),
            "OutputMergerLogicOp, which is FALSE on min-fl11_0"},
    {"a logic op with IndependentBlendEnable", DEFAULT_ADAPTER, T_LOGIC_INDEPENDENT, 0, E_INVALIDARG,
            ID(CREATEBLENDSTATE_INVALIDLOGICOPS), "IndependentBlendEnable"},
    {"blending R32_UINT", DEFAULT_ADAPTER, T_BLEND_R32_UINT, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_OM_RENDER_TARGET_DOES_NOT_SUPPORT_BLENDING), "cannot be blended"},
    {"DSVFormat R8G8B8A8_UNORM (Windows: S_OK)", DEFAULT_ADAPTER, T_DSV_RGBA, 0, S_OK, 0, NULL},
    {"DSVFormat UNKNOWN with depth (Windows: S_OK)", DEFAULT_ADAPTER, T_DSV_UNKNOWN_DEPTH, 0, S_OK, 0, NULL},
    {"4x MSAA", DEFAULT_ADAPTER, T_MSAA_4, 0, S_OK, 0, NULL},
    {"4x MSAA past its quality levels", DEFAULT_ADAPTER, T_MSAA_QUALITY, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC), "MULTISAMPLE_QUALITY_LEVELS"},
    {"SampleDesc.Count 0", DEFAULT_ADAPTER, T_SAMPLE_0, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC), NULL},
    {"conservative rasterization", DEFAULT_ADAPTER, T_CONSERVATIVE, 0, S_OK, 0, NULL},
    {"conservative rasterization on FL 11_0", MIN, T_CONSERVATIVE, 0, E_INVALIDARG,
            ID(CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE), "ConservativeRasterizationTier"},
    {"stream output without ALLOW_STREAM_OUTPUT", DEFAULT_ADAPTER, T_STREAM_OUTPUT, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS), "ALLOW_STREAM_OUTPUT"},
    {"stream output", DEFAULT_ADAPTER, T_STREAM_OUTPUT_FLAG, 0, S_OK, 0, NULL},
    {"unknown flags", DEFAULT_ADAPTER, T_FLAGS_BAD, 0, E_INVALIDARG, ID(CREATEPIPELINESTATE_INVALID_FLAGS), "0x2"},
    {"dynamic depth bias on FL 11_0", MIN, T_FLAGS_DEPTH_BIAS, 0, E_INVALIDARG, ID(CREATEPIPELINESTATE_INVALID_FLAGS),
            "DynamicDepthBiasSupported"},
    {"node mask 2", DEFAULT_ADAPTER, T_NODE_MASK, 0, E_INVALIDARG, ID(INVALID_NODE_INDEX), NULL},
    {"HS without DS", DEFAULT_ADAPTER, T_HS_NO_DS, 0, E_INVALIDARG, ID(CREATEGRAPHICSPIPELINESTATE_HS_XOR_DS_MISMATCH),
            NULL},
    {"HS and DS with patches", DEFAULT_ADAPTER, T_HS_DS_PATCH, 0, S_OK, 0, NULL},
    {"fill mode 1", DEFAULT_ADAPTER, T_FILL_MODE, 0, E_INVALIDARG, ID(CREATERASTERIZERSTATE_INVALIDFILLMODE), NULL},
    {"cull mode 0", DEFAULT_ADAPTER, T_CULL_MODE, 0, E_INVALIDARG, ID(CREATERASTERIZERSTATE_INVALIDCULLMODE), NULL},
    {"input layout NULL", DEFAULT_ADAPTER, T_INPUT_LAYOUT_NULL, 0, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INPUTLAYOUT_NOT_SET), NULL},
};

static void test_graphics_rows(void **state)
{
    static const D3D12_SO_DECLARATION_ENTRY so[] = {{0, "SV_POSITION", 0, 0, 4, 0}};
    static const UINT strides[] = {16};
    struct row_failures failures = {0};
    struct shader_blob vs, ps, hs, ds;
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12RootSignature *rs, *rs_so;
    ID3D12PipelineState *pso;
    uint8_t rts0_a[256], rts0_b[256];
    size_t na, nb;
    D3D12_MESSAGE_ID id;
    const char *text;
    ID3D12Device *device;
    unsigned i, j;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    na = rts0_part(D3D12_ROOT_SIGNATURE_FLAG_NONE, rts0_a, sizeof(rts0_a));
    nb = rts0_part(D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT, rts0_b, sizeof(rts0_b));
    for (i = 0; i < ARRAY_SIZE(graphics_rows); ++i)
    {
        const struct graphics_row *row = &graphics_rows[i];
        struct shader_spec vs_spec = {K_VS, 0x50, 0, NULL, 0, DXBC_HASH_VALID};
        struct shader_spec ps_spec = {K_PS, 0x50, row->requires, NULL, 0, DXBC_HASH_VALID};

        device = create_device_on(row->adapter);
        rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
        rs_so = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT);
        switch (row->tweak)
        {
            case T_DXIL_66: vs_spec.model = 0x66; break;
            case T_DXIL_60: vs_spec.model = 0x60; break;
            case T_DXIL_69: vs_spec.model = 0x69; break;
            case T_DXIL_BYPASS: vs_spec.model = 0x60; vs_spec.hash = DXBC_HASH_BYPASS; break;
            case T_DXIL_ZERO: vs_spec.model = 0x60; vs_spec.hash = DXBC_HASH_ZERO; break;
            case T_DXIL_PREVIEW: vs_spec.model = 0x60; vs_spec.hash = DXBC_HASH_PREVIEW; break;
            case T_DXBC_BYPASS: vs_spec.hash = DXBC_HASH_BYPASS; break;
            case T_BAD_CHECKSUM: vs_spec.hash = DXBC_HASH_WRONG; break;
            case T_PS_IN_VS: vs_spec.kind = K_PS; break;
            case T_VS_IN_PS: ps_spec.kind = K_VS; break;
            case T_EMBEDDED_SAME: vs_spec.rts0 = ps_spec.rts0 = rts0_a; vs_spec.rts0_size = ps_spec.rts0_size = na; break;
            case T_EMBEDDED_DIFFERENT:
                vs_spec.rts0 = rts0_a; vs_spec.rts0_size = na; ps_spec.rts0 = rts0_b; ps_spec.rts0_size = nb; break;
            case T_EMBEDDED_ONE: vs_spec.rts0 = rts0_a; vs_spec.rts0_size = na; break;
            default: break;
        }
        shader_build(&vs, &vs_spec);
        shader_build(&ps, &ps_spec);
        init_graphics(&desc, rs, &vs, &ps);
        switch (row->tweak)
        {
            case T_NO_VS: memset(&desc.VS, 0, sizeof(desc.VS)); break;
            case T_NO_RS: case T_EMBEDDED_SAME: case T_EMBEDDED_DIFFERENT: case T_EMBEDDED_ONE:
                desc.pRootSignature = NULL; break;
            case T_RT_BC1: desc.RTVFormats[0] = DXGI_FORMAT_BC1_UNORM; break;
            case T_RT_PAST_COUNT: desc.RTVFormats[1] = DXGI_FORMAT_R8G8B8A8_UNORM; break;
            case T_RT_COUNT_9: desc.NumRenderTargets = 9; break;
            case T_BLEND_AND_LOGIC:
                desc.BlendState.RenderTarget[0].BlendEnable = TRUE;
                desc.BlendState.RenderTarget[0].LogicOpEnable = TRUE;
                break;
            case T_LOGIC_OP: desc.BlendState.RenderTarget[0].LogicOpEnable = TRUE; break;
            case T_LOGIC_INDEPENDENT:
                desc.BlendState.IndependentBlendEnable = TRUE;
                for (j = 0; j < 8; ++j)
                    desc.BlendState.RenderTarget[j].LogicOpEnable = TRUE;
                break;
            case T_BLEND_R32_UINT:
                desc.RTVFormats[0] = DXGI_FORMAT_R32_UINT;
                desc.BlendState.RenderTarget[0].BlendEnable = TRUE;
                desc.BlendState.RenderTarget[0].SrcBlend = desc.BlendState.RenderTarget[0].SrcBlendAlpha = D3D12_BLEND_ONE;
                desc.BlendState.RenderTarget[0].DestBlend = desc.BlendState.RenderTarget[0].DestBlendAlpha = D3D12_BLEND_ZERO;
                desc.BlendState.RenderTarget[0].BlendOp = desc.BlendState.RenderTarget[0].BlendOpAlpha = D3D12_BLEND_OP_ADD;
                break;
            case T_DSV_RGBA:
                desc.DSVFormat = DXGI_FORMAT_R8G8B8A8_UNORM;
                desc.DepthStencilState.DepthEnable = TRUE;
                break;
            case T_DSV_UNKNOWN_DEPTH:
                desc.DepthStencilState.DepthEnable = TRUE;
                desc.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
                desc.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
                break;
            case T_MSAA_4: desc.SampleDesc.Count = 4; desc.DSVFormat = DXGI_FORMAT_D32_FLOAT; break;
            case T_MSAA_QUALITY: desc.SampleDesc.Count = 4; desc.SampleDesc.Quality = 1000; break;
            case T_SAMPLE_0: desc.SampleDesc.Count = 0; break;
            case T_CONSERVATIVE: desc.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON; break;
            case T_STREAM_OUTPUT: case T_STREAM_OUTPUT_FLAG:
                desc.StreamOutput.NumEntries = 1;
                desc.StreamOutput.pSODeclaration = so;
                desc.StreamOutput.pBufferStrides = strides;
                desc.StreamOutput.NumStrides = 1;
                if (row->tweak == T_STREAM_OUTPUT_FLAG)
                    desc.pRootSignature = rs_so;
                break;
            case T_FLAGS_BAD: desc.Flags = (D3D12_PIPELINE_STATE_FLAGS)0x2; break;
            case T_FLAGS_DEPTH_BIAS: desc.Flags = (D3D12_PIPELINE_STATE_FLAGS)0x4; break;
            case T_NODE_MASK: desc.NodeMask = 2; break;
            case T_HS_NO_DS:
                build(&hs, K_HS, 0x50);
                desc.HS = shader_code(&hs);
                desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
                break;
            case T_HS_DS_PATCH:
                build(&hs, K_HS, 0x50);
                build(&ds, K_DS, 0x50);
                desc.HS = shader_code(&hs);
                desc.DS = shader_code(&ds);
                desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
                break;
            case T_FILL_MODE: desc.RasterizerState.FillMode = (D3D12_FILL_MODE)1; break;
            case T_CULL_MODE: desc.RasterizerState.CullMode = (D3D12_CULL_MODE)0; break;
            case T_INPUT_LAYOUT_NULL: desc.InputLayout.NumElements = 1; break;
            default: break;
        }
        clear_messages(device);
        pso = SENTINEL;
        hr = ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso);
        id = 0;
        text = last_message(device, &id);
        if (hr != row->expected)
            row_fail(&failures, i, row->name, "hr %#x, expected %#x (%s)", (unsigned)hr, (unsigned)row->expected,
                    text ? text : "no message");
        else if (FAILED(hr) && pso)
            row_fail(&failures, i, row->name, "the output is %p, not NULL", (void *)pso);
        else if (row->id && (!text || id != row->id))
            row_fail(&failures, i, row->name, "message %u (%s), expected %u", (unsigned)id, text ? text : "none",
                    (unsigned)row->id);
        else if (row->text && (!text || !strstr(text, row->text)))
            row_fail(&failures, i, row->name, "the message \"%s\" lacks \"%s\"", text ? text : "", row->text);
        else if (row->id && !strstr(text, "ID3D12Device::CreateGraphicsPipelineState: "))
            row_fail(&failures, i, row->name, "the message \"%s\" names no method", text);
        if (SUCCEEDED(hr) && pso && pso != SENTINEL)
            ID3D12PipelineState_Release(pso);
        /* The same description as a probe: the same answer, nothing made. */
        hr = ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, NULL);
        if (hr != (row->expected == S_OK ? S_FALSE : row->expected))
            row_fail(&failures, i, row->name, "probe: hr %#x", (unsigned)hr);
        ID3D12RootSignature_Release(rs);
        ID3D12RootSignature_Release(rs_so);
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

/* Every SFI0 bit on every adapter of the table: accepted exactly when the
 * adapter's value of its field passes (read back through CheckFeatureSupport
 * for the OPTIONS1 wave ops, the rest by the refusal naming the field). */
static void test_requirements_sweep(void **state)
{
    static const char *const adapters[] = {DEFAULT_ADAPTER, MIN, RX580, HD530, "nvidia-gtx-1080-ti", "intel-arc-a770"};
    struct row_failures failures = {0};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1;
    struct shader_blob vs, ps;
    ID3D12RootSignature *rs;
    ID3D12PipelineState *pso;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned a, accepted[64] = {0}, refused[64] = {0};
    size_t i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    build(&vs, K_VS, 0x50);
    for (a = 0; a < ARRAY_SIZE(adapters); ++a)
    {
        device = create_device_on(adapters[a]);
        rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
        assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS1, &options1,
                sizeof(options1)), S_OK);
        for (i = 0; i < obj_shader_requirement_count; ++i)
        {
            const struct obj_shader_requirement *q = &obj_shader_requirements[i];
            struct shader_spec spec = {K_PS, 0x50, q->bit, NULL, 0, DXBC_HASH_VALID};

            shader_build(&ps, &spec);
            init_graphics(&desc, rs, &vs, &ps);
            clear_messages(device);
            hr = ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso);
            if (SUCCEEDED(hr))
            {
                ++accepted[i];
                ID3D12PipelineState_Release(pso);
            }
            else
            {
                ++refused[i];
                text = last_message(device, &id);
                if (q->field < 0 || !text || id != D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE
                        || !strstr(text, mk_field_name(&mk_fields[q->field])) || !strstr(text, adapters[a])
                        || !strstr(text, obj_shader_requirement_name(q)))
                    row_fail(&failures, (unsigned)i, obj_shader_requirement_name(q), "%s: refused with \"%s\"",
                            adapters[a], text ? text : "no message");
            }
            if (q->bit == 0x4000 && SUCCEEDED(hr) != (options1.WaveOps != FALSE))
                row_fail(&failures, (unsigned)i, obj_shader_requirement_name(q), "%s: hr %#x, WaveOps %d",
                        adapters[a], (unsigned)hr, options1.WaveOps);
        }
        ID3D12RootSignature_Release(rs);
        ID3D12Device_Release(device);
    }
    /* The brief's capabilities each meet one adapter that has it and one that lacks it. */
    for (i = 0; i < obj_shader_requirement_count; ++i)
    {
        static const uint64_t both[] = {0x4000, 0x8000, 0x40000, 0x800, 0x20000, 0x10000, 0x200000, 0x100000, 0x200,
                0x1000};
        unsigned k;

        for (k = 0; k < ARRAY_SIZE(both); ++k)
        {
            if (obj_shader_requirements[i].bit == both[k] && (!accepted[i] || !refused[i]))
                row_fail(&failures, (unsigned)i, obj_shader_requirement_name(&obj_shader_requirements[i]),
                        "accepted %u, refused %u times", accepted[i], refused[i]);
        }
    }
    rows_done(&failures);
}

/* ---- Compute pipelines: what vkd3d's test records ---- */

static void test_compute(void **state)
{
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    ID3D12Device *device, *tmp;
    ID3D12RootSignature *rs;
    ID3D12PipelineState *pso;
    struct shader_blob cs, vs;
    IUnknown *unknown;
    HRESULT hr;

    (void)state;
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    assert_int_equal(get_refcount(device), 2);
    build(&cs, K_CS, 0x50);
    memset(&desc, 0, sizeof(desc));
    desc.pRootSignature = rs;
    desc.CS = shader_code(&cs);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    assert_int_equal(get_refcount(pso), 1);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12PipelineState_GetDevice(pso, &IID_ID3D12Device, (void **)&tmp), S_OK);
    assert_ptr_equal(tmp, device);
    assert_int_equal(get_refcount(device), 4);
    ID3D12Device_Release(tmp);
    assert_int_equal(ID3D12PipelineState_QueryInterface(pso, &IID_ID3D12Pageable, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D12PipelineState_QueryInterface(pso, &IID_ID3D12Object, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D12PipelineState_QueryInterface(pso, &IID_ID3D12Fence, (void **)&unknown), E_NOINTERFACE);
    assert_null(unknown);
    assert_int_equal(ID3D12PipelineState_SetName(pso, L"compute"), S_OK);
    /* A list may start with it, and be reset to it (vkd3d's
     * test_command_list_initial_pipeline_state records Windows). */
    {
        ID3D12GraphicsCommandList *list;
        ID3D12CommandAllocator *allocator;

        assert_int_equal(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_COMPUTE,
                &IID_ID3D12CommandAllocator, (void **)&allocator), S_OK);
        assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator, pso,
                &IID_ID3D12GraphicsCommandList, (void **)&list), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList_Close(list), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList_Reset(list, allocator, pso), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList_Close(list), S_OK);
        ID3D12GraphicsCommandList_Release(list);
        ID3D12CommandAllocator_Release(allocator);
    }
    /* The pipeline's reference on the root signature is internal: its
     * count stays 1 (vkd3d records Windows); released by the application
     * first, the root signature lives on inside the pipeline. */
    assert_int_equal(get_refcount(rs), 1);
    assert_int_equal(ID3D12PipelineState_Release(pso), 0);
    assert_int_equal(get_refcount(rs), 1);
    assert_int_equal(get_refcount(device), 2);
    {
        ID3D12RootSignature *early = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_DENY_VERTEX_SHADER_ROOT_ACCESS);

        desc.pRootSignature = early;
        assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState,
                (void **)&pso), S_OK);
        assert_int_equal(ID3D12RootSignature_Release(early), 0);
        assert_int_equal(get_refcount(device), 4); /* + the pipeline, and the root signature inside it */
        assert_int_equal(ID3D12PipelineState_Release(pso), 0);
        assert_int_equal(get_refcount(device), 2);
        desc.pRootSignature = rs;
    }

    /* A VS in the CS slot, no CS, a NULL description, a NULL riid, an unknown IID. */
    build(&vs, K_VS, 0x50);
    desc.CS = shader_code(&vs);
    pso = SENTINEL;
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    assert_null(pso);
    memset(&desc.CS, 0, sizeof(desc.CS));
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, NULL, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    desc.CS = shader_code(&cs);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, NULL, (void **)&pso), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12Fence, (void **)&pso),
            E_NOINTERFACE);
    assert_null(pso);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, NULL), S_FALSE);
    assert_int_equal(get_refcount(device), 2);
    /* After RemoveDevice. */
    {
        ID3D12Device5 *device5;

        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
        ID3D12Device5_RemoveDevice(device5);
        ID3D12Device5_Release(device5);
        hr = ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso);
        assert_int_equal(hr, DXGI_ERROR_DEVICE_REMOVED);
    }
    ID3D12RootSignature_Release(rs);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Cached blobs: vkd3d-proton's test_get_cached_blob ---- */

static void test_cached_blob(void **state)
{
    D3D12_COMPUTE_PIPELINE_STATE_DESC desc;
    ID3D12RootSignature *rs, *rs_alt, *rs_other;
    ID3D12PipelineState *pso;
    ID3D12Device *device, *other;
    struct shader_blob cs, cs2;
    uint8_t tampered[64];
    ID3DBlob *blob;
    size_t size;
    D3D12_MESSAGE_ID id;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    rs_alt = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT);
    build(&cs, K_CS, 0x50);
    build(&cs2, K_CS, 0x51);
    memset(&desc, 0, sizeof(desc));
    desc.pRootSignature = rs;
    desc.CS = shader_code(&cs);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    assert_int_equal(ID3D12PipelineState_GetCachedBlob(pso, &blob), S_OK);
    assert_int_equal(ID3D12PipelineState_GetCachedBlob(pso, NULL), E_INVALIDARG);
    ID3D12PipelineState_Release(pso);
    size = ID3D10Blob_GetBufferSize(blob);
    assert_true(size > 0 && size <= sizeof(tampered));

    desc.CachedPSO.pCachedBlob = ID3D10Blob_GetBufferPointer(blob);
    desc.CachedPSO.CachedBlobSizeInBytes = size;
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    ID3D12PipelineState_Release(pso);
    /* Another shader, another root signature: E_INVALIDARG. */
    desc.CS = shader_code(&cs2);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    text = last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDESCMISMATCH);
    assert_non_null(strstr(text, "returning E_INVALIDARG"));
    desc.CS = shader_code(&cs);
    desc.pRootSignature = rs_alt;
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    desc.pRootSignature = rs;
    /* Not a cached blob; another driver's. */
    memcpy(tampered, desc.CachedPSO.pCachedBlob, size);
    tampered[0] ^= 1;
    desc.CachedPSO.pCachedBlob = tampered;
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALIDCACHEDBLOB);
    tampered[0] ^= 1;
    tampered[16] ^= 1;
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            D3D12_ERROR_DRIVER_VERSION_MISMATCH);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDRIVERVERSIONMISMATCH);
    /* Another adapter's device: D3D12_ERROR_ADAPTER_NOT_FOUND. */
    other = create_device_on(MIN);
    rs_other = create_rs(other, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    desc.pRootSignature = rs_other;
    desc.CachedPSO.pCachedBlob = ID3D10Blob_GetBufferPointer(blob);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(other, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            D3D12_ERROR_ADAPTER_NOT_FOUND);
    text = last_message(other, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBADAPTERMISMATCH);
    assert_non_null(strstr(text, "min-fl11_0"));
    ID3D12RootSignature_Release(rs_other);
    ID3D12Device_Release(other);
    ID3D10Blob_Release(blob);
    ID3D12RootSignature_Release(rs);
    ID3D12RootSignature_Release(rs_alt);
    ID3D12Device_Release(device);
}

/* ---- The stream ---- */

struct stream
{
    _Alignas(void *) uint8_t bytes[2048];
    size_t size;
};

static void stream_add(struct stream *s, D3D12_PIPELINE_STATE_SUBOBJECT_TYPE type, const void *value, size_t size,
        size_t align)
{
    size_t inner;
    UINT t = (UINT)type;

    memcpy(s->bytes + s->size, &t, sizeof(t));
    inner = (s->size + sizeof(UINT) + align - 1) & ~(align - 1);
    memcpy(s->bytes + inner, value, size);
    s->size = (inner + size + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
}

#define ADD(s, type, value) stream_add(s, D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_##type, &(value), sizeof(value), \
        _Alignof(__typeof__(value)))

static HRESULT create_stream(ID3D12Device *device, const struct stream *s, ID3D12PipelineState **pso)
{
    D3D12_PIPELINE_STATE_STREAM_DESC desc = {s->size, (void *)s->bytes};
    ID3D12Device2 *device2;
    HRESULT hr;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device2, (void **)&device2), S_OK);
    hr = ID3D12Device2_CreatePipelineState(device2, &desc, &IID_ID3D12PipelineState, (void **)pso);
    ID3D12Device2_Release(device2);
    return hr;
}

/* A graphics stream with every subobject type d3d12.h declares but CS, AS
 * and MS (and two of the three depth-stencil forms, which are one state). */
static void full_stream(struct stream *s, ID3D12RootSignature *rs, const struct shader_blob *vs,
        const struct shader_blob *ps, const struct shader_blob *hs, const struct shader_blob *ds,
        const struct shader_blob *gs, D3D12_INPUT_ELEMENT_DESC *element, const D3D12_VIEW_INSTANCE_LOCATION *location)
{
    D3D12_SHADER_BYTECODE code;
    D3D12_STREAM_OUTPUT_DESC so = {0};
    D3D12_BLEND_DESC blend = {0};
    UINT sample_mask = ~0u, node_mask = 0;
    D3D12_RASTERIZER_DESC rasterizer = {D3D12_FILL_MODE_SOLID, D3D12_CULL_MODE_BACK, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE,
            FALSE, 0, D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF};
    D3D12_DEPTH_STENCIL_DESC1 depth = {0};
    D3D12_INPUT_LAYOUT_DESC layout = {element, 1};
    D3D12_INDEX_BUFFER_STRIP_CUT_VALUE cut = D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_DISABLED;
    D3D12_PRIMITIVE_TOPOLOGY_TYPE topology = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH;
    struct D3D12_RT_FORMAT_ARRAY rt = {{DXGI_FORMAT_R8G8B8A8_UNORM}, 1};
    DXGI_FORMAT dsv = DXGI_FORMAT_D32_FLOAT;
    DXGI_SAMPLE_DESC sample = {1, 0};
    D3D12_CACHED_PIPELINE_STATE cached = {NULL, 0};
    D3D12_PIPELINE_STATE_FLAGS flags = D3D12_PIPELINE_STATE_FLAG_NONE;
    D3D12_VIEW_INSTANCING_DESC view = {1, location, D3D12_VIEW_INSTANCING_FLAG_NONE};

    memset(s, 0, sizeof(*s));
    blend.RenderTarget[0].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    depth.DepthEnable = TRUE;
    depth.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    depth.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    ADD(s, ROOT_SIGNATURE, rs);
    code = shader_code(vs); ADD(s, VS, code);
    code = shader_code(ps); ADD(s, PS, code);
    code = shader_code(ds); ADD(s, DS, code);
    code = shader_code(hs); ADD(s, HS, code);
    code = shader_code(gs); ADD(s, GS, code);
    ADD(s, STREAM_OUTPUT, so);
    ADD(s, BLEND, blend);
    ADD(s, SAMPLE_MASK, sample_mask);
    ADD(s, RASTERIZER, rasterizer);
    ADD(s, DEPTH_STENCIL1, depth);
    ADD(s, INPUT_LAYOUT, layout);
    ADD(s, IB_STRIP_CUT_VALUE, cut);
    ADD(s, PRIMITIVE_TOPOLOGY, topology);
    ADD(s, RENDER_TARGET_FORMATS, rt);
    ADD(s, DEPTH_STENCIL_FORMAT, dsv);
    ADD(s, SAMPLE_DESC, sample);
    ADD(s, NODE_MASK, node_mask);
    ADD(s, CACHED_PSO, cached);
    ADD(s, FLAGS, flags);
    ADD(s, VIEW_INSTANCING, view);
}

static void test_stream(void **state)
{
    static const D3D12_VIEW_INSTANCE_LOCATION location = {0, 0};
    D3D12_INPUT_ELEMENT_DESC element = {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
            D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0};
    struct shader_blob vs, ps, hs, ds, gs, cs, ms, as, ms_dxil;
    D3D12_SHADER_BYTECODE code;
    ID3D12RootSignature *rs;
    ID3D12PipelineState *pso;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    D3D12_DEPTH_STENCIL_DESC plain = {0};
    D3D12_DEPTH_STENCIL_DESC2 depth2 = {0};
    DXGI_FORMAT dsv = DXGI_FORMAT_D32_FLOAT;
    struct stream s;
    const char *text;
    UINT bad;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    build(&hs, K_HS, 0x50);
    build(&ds, K_DS, 0x50);
    build(&gs, K_GS, 0x50);
    build(&cs, K_CS, 0x50);
    build(&ms_dxil, K_MS, 0x65);
    build(&as, K_AS, 0x65);
    build(&ms, K_MS, 0x65);

    full_stream(&s, rs, &vs, &ps, &hs, &ds, &gs, &element, &location);
    assert_int_equal(create_stream(device, &s, &pso), S_OK);
    ID3D12PipelineState_Release(pso);
    /* DEPTH_STENCIL and DEPTH_STENCIL2 in place of DEPTH_STENCIL1: one state, twice is a duplicate. */
    ADD(&s, DEPTH_STENCIL, plain);
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_DUPLICATE_SUBOBJECT);

    /* A compute stream; a mesh stream (AS, MS, DEPTH_STENCIL2). */
    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&cs); ADD(&s, CS, code);
    assert_int_equal(create_stream(device, &s, &pso), S_OK);
    ID3D12PipelineState_Release(pso);
    /* Its PS and rasterizer state are ignored (vkd3d records Windows). */
    {
        struct stream with_ps = s;
        D3D12_RASTERIZER_DESC raster = {D3D12_FILL_MODE_SOLID, D3D12_CULL_MODE_BACK, FALSE, 0, 0.0f, 0.0f, TRUE,
                FALSE, FALSE, 0, D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF};

        code = shader_code(&ps); ADD(&with_ps, PS, code);
        ADD(&with_ps, RASTERIZER, raster);
        assert_int_equal(create_stream(device, &with_ps, &pso), S_OK);
        ID3D12PipelineState_Release(pso);
    }
    code = shader_code(&vs); ADD(&s, VS, code);
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE);

    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&as); ADD(&s, AS, code);
    code = shader_code(&ms); ADD(&s, MS, code);
    code = shader_code(&ps); ADD(&s, PS, code);
    depth2.DepthBoundsTestEnable = TRUE;
    depth2.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    depth2.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    ADD(&s, DEPTH_STENCIL2, depth2);
    ADD(&s, DEPTH_STENCIL_FORMAT, dsv);
    assert_int_equal(create_stream(device, &s, &pso), S_OK);
    ID3D12PipelineState_Release(pso);
    ID3D12RootSignature_Release(rs);
    ID3D12Device_Release(device);

    /* The same mesh stream on adapters without mesh shaders, without depth bounds. */
    device = create_device_on(RX580);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    memcpy(s.bytes + sizeof(void *), &rs, sizeof(rs)); /* the first subobject's value */
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    text = last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEAMPLIFICATIONSHADER_INVALIDSHADERBYTECODE);
    assert_non_null(strstr(text, "MeshShaderTier"));
    assert_non_null(strstr(text, "amd-rx-580"));
    ID3D12RootSignature_Release(rs);
    ID3D12Device_Release(device);

    device = create_device_on(MIN);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&vs); ADD(&s, VS, code);
    ADD(&s, DEPTH_STENCIL2, depth2);
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    text = last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_DEPTHBOUNDSTEST_UNSUPPORTED);
    assert_non_null(strstr(text, "DepthBoundsTestSupported"));

    /* Unknown types (23, the gap; 27, past the headers), truncation, an empty stream. */
    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    bad = 23;
    stream_add(&s, (D3D12_PIPELINE_STATE_SUBOBJECT_TYPE)bad, &bad, sizeof(bad), 4);
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_UNKNOWN_SUBOBJECT);
    memcpy(s.bytes + 16, &(UINT){27}, sizeof(UINT));
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    memset(&s, 0, sizeof(s));
    code = shader_code(&vs); ADD(&s, VS, code);
    s.size -= 4;
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM);
    s.size = 0;
    assert_int_equal(create_stream(device, &s, &pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_ZERO_SIZE_STREAM);
    {
        D3D12_PIPELINE_STATE_STREAM_DESC desc = {sizeof(s.bytes) - 1, s.bytes + 1};
        ID3D12Device2 *device2;

        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device2, (void **)&device2), S_OK);
        assert_int_equal(ID3D12Device2_CreatePipelineState(device2, &desc, &IID_ID3D12PipelineState, (void **)&pso),
                E_INVALIDARG);
        assert_int_equal(ID3D12Device2_CreatePipelineState(device2, NULL, &IID_ID3D12PipelineState, (void **)&pso),
                E_INVALIDARG);
        ID3D12Device2_Release(device2);
    }
    ID3D12RootSignature_Release(rs);
    ID3D12Device_Release(device);
}

/* ---- Pipeline libraries: vkd3d-proton's test_pipeline_library ---- */

static void test_library(void **state)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute;
    ID3D12PipelineLibrary1 *library;
    ID3D12PipelineState *pso, *pso2, *pso3;
    ID3D12RootSignature *rs;
    struct shader_blob vs, ps, cs;
    ID3D12Device1 *device1;
    ID3D12Device *device, *other;
    ID3D12Fence *fence;
    D3D12_MESSAGE_ID id;
    struct stream s;
    D3D12_PIPELINE_STATE_STREAM_DESC stream_desc;
    D3D12_SHADER_BYTECODE code;
    ULONG reference;
    void *data;
    size_t size;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, &IID_ID3D12PipelineLibrary1,
            (void **)&library), S_OK);
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, NULL, NULL), S_FALSE);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    build(&cs, K_CS, 0x50);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    memset(&compute, 0, sizeof(compute));
    compute.pRootSignature = rs;
    compute.CS = shader_code(&cs);
    init_graphics(&graphics, rs, &vs, &ps);

    assert_int_equal(ID3D12PipelineLibrary1_LoadComputePipeline(library, L"COMPUTE", &compute,
            &IID_ID3D12PipelineState, (void **)&pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_LOADPIPELINE_NAMENOTFOUND);
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, &compute, &IID_ID3D12PipelineState,
            (void **)&pso), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"COMPUTE", pso), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, NULL, pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_STOREPIPELINE_NONAME);
    ID3D12PipelineState_Release(pso);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &graphics, &IID_ID3D12PipelineState,
            (void **)&pso), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"GRAPHICS", pso), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"GRAPHICS", &graphics,
            &IID_ID3D12PipelineState, (void **)&pso2), S_OK);
    assert_ptr_equal(pso, pso2);
    assert_int_equal(get_refcount(pso2), 2);
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"COMPUTE", pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_STOREPIPELINE_DUPLICATENAME);
    ID3D12PipelineState_Release(pso);
    ID3D12PipelineState_Release(pso2);

    /* A changed description; a compute load of the graphics name. */
    graphics.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE;
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"GRAPHICS", &graphics,
            &IID_ID3D12PipelineState, (void **)&pso), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_LOADPIPELINE_INVALIDDESC);
    graphics.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    assert_int_equal(ID3D12PipelineLibrary1_LoadComputePipeline(library, L"GRAPHICS", &compute,
            &IID_ID3D12PipelineState, (void **)&pso), E_INVALIDARG);

    size = ID3D12PipelineLibrary1_GetSerializedSize(library);
    assert_true(size > 0);
    data = malloc(size);
    assert_int_equal(ID3D12PipelineLibrary1_Serialize(library, data, size - 1), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY);
    assert_int_equal(ID3D12PipelineLibrary1_Serialize(library, data, size), S_OK);
    ID3D12PipelineLibrary1_Release(library);

    /* The deserialized library: one pipeline per name, kept alive by the library. */
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, data, size, &IID_ID3D12PipelineLibrary1,
            (void **)&library), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"GRAPHICS", &graphics,
            &IID_ID3D12PipelineState, (void **)&pso), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"GRAPHICS", &graphics,
            &IID_ID3D12PipelineState, (void **)&pso2), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"GRAPHICS", &graphics,
            &IID_ID3D12PipelineState, (void **)&pso3), S_OK);
    assert_true(pso == pso2 && pso == pso3);
    assert_int_equal(get_refcount(pso), 3);
    ID3D12PipelineState_Release(pso);
    ID3D12PipelineState_Release(pso2);
    ID3D12PipelineState_Release(pso3);
    reference = get_refcount(device);
    assert_int_equal(ID3D12PipelineLibrary1_LoadComputePipeline(library, L"COMPUTE", &compute,
            &IID_ID3D12PipelineState, (void **)&pso), S_OK);
    assert_int_equal(get_refcount(device), reference + 1);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence), S_OK);
    assert_int_equal(ID3D12PipelineState_SetPrivateDataInterface(pso, &IID_ID3D12Fence, (const IUnknown *)fence), S_OK);
    assert_int_equal(get_refcount(fence), 2);
    assert_int_equal(ID3D12PipelineState_Release(pso), 0);
    /* The last public release keeps the private data and drops the device reference. */
    assert_int_equal(get_refcount(fence), 2);
    assert_int_equal(get_refcount(device), reference + 1);
    assert_int_equal(ID3D12PipelineLibrary1_LoadComputePipeline(library, L"COMPUTE", &compute,
            &IID_ID3D12PipelineState, (void **)&pso2), S_OK);
    assert_ptr_equal(pso, pso2);
    assert_int_equal(get_refcount(device), reference + 2);
    ID3D12PipelineState_Release(pso2);

    /* LoadPipeline: the graphics pipeline through a stream. */
    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&cs); ADD(&s, CS, code);
    stream_desc.SizeInBytes = s.size;
    stream_desc.pPipelineStateSubobjectStream = s.bytes;
    assert_int_equal(ID3D12PipelineLibrary1_LoadPipeline(library, L"COMPUTE", &stream_desc,
            &IID_ID3D12PipelineState, (void **)&pso), S_OK);
    assert_ptr_equal(pso, pso2);
    ID3D12PipelineState_Release(pso);
    assert_int_equal(ID3D12PipelineLibrary1_LoadPipeline(library, L"GRAPHICS", &stream_desc,
            &IID_ID3D12PipelineState, (void **)&pso), E_INVALIDARG);
    ID3D12PipelineLibrary1_Release(library);
    /* The library's end releases what it kept (the fence with the pipeline's private data). */
    assert_int_equal(get_refcount(fence), 1);
    ID3D12Fence_Release(fence);

    /* Corrupt, another driver's, another adapter's; a probe of a good blob. */
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, data, size, NULL, NULL), S_FALSE);
    ((uint8_t *)data)[16] ^= 1;
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, data, size, &IID_ID3D12PipelineLibrary1,
            (void **)&library), D3D12_ERROR_DRIVER_VERSION_MISMATCH);
    assert_null(library);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_DRIVERVERSIONMISMATCH);
    ((uint8_t *)data)[16] ^= 1;
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, data, size - 1, &IID_ID3D12PipelineLibrary1,
            (void **)&library), E_INVALIDARG);
    last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB);
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, "garbage", 7, &IID_ID3D12PipelineLibrary1,
            (void **)&library), E_INVALIDARG);
    other = create_device_on("intel-arc-a770");
    {
        ID3D12Device1 *other1;

        assert_int_equal(ID3D12Device_QueryInterface(other, &IID_ID3D12Device1, (void **)&other1), S_OK);
        assert_int_equal(ID3D12Device1_CreatePipelineLibrary(other1, data, size, &IID_ID3D12PipelineLibrary1,
                (void **)&library), D3D12_ERROR_ADAPTER_NOT_FOUND);
        last_message(other, &id);
        assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_ADAPTERVERSIONMISMATCH);
        ID3D12Device1_Release(other1);
    }
    ID3D12Device_Release(other);
    free(data);
    ID3D12RootSignature_Release(rs);
    ID3D12Device1_Release(device1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* An adapter whose SHADER_CACHE lacks D3D12_SHADER_CACHE_SUPPORT_LIBRARY. */
static void test_library_unsupported(void **state)
{
    ID3D12PipelineLibrary *library = SENTINEL;
    D3D12_FEATURE_DATA_SHADER_CACHE cache;
    ID3D12Device1 *device1;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device_on("fl11-minimal");
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_CACHE, &cache, sizeof(cache)), S_OK);
    assert_false(cache.SupportFlags & D3D12_SHADER_CACHE_SUPPORT_LIBRARY);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, &IID_ID3D12PipelineLibrary,
            (void **)&library), DXGI_ERROR_UNSUPPORTED);
    assert_null(library);
    text = last_message(device, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_UNSUPPORTED);
    assert_non_null(strstr(text, "D3D12_SHADER_CACHE_SUPPORT_LIBRARY"));
    assert_non_null(strstr(text, "fl11-minimal"));
    ID3D12Device1_Release(device1);
    ID3D12Device_Release(device);
}

/* ---- Allocation failures: E_OUTOFMEMORY and nothing half-made ---- */

static HRESULT pipelines_under_pressure(ID3D12Device *device, ID3D12RootSignature *rs)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    ID3D12PipelineLibrary1 *library = NULL;
    ID3D12PipelineState *pso = NULL, *loaded = NULL;
    struct shader_blob vs, ps;
    ID3D12Device1 *device1;
    ID3DBlob *blob = NULL;
    uint8_t data[256];
    size_t size;
    HRESULT hr;

    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    init_graphics(&graphics, rs, &vs, &ps);
    ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1);
    if (FAILED(hr = ID3D12Device_CreateGraphicsPipelineState(device, &graphics, &IID_ID3D12PipelineState,
            (void **)&pso)))
        goto done;
    if (FAILED(hr = ID3D12PipelineState_GetCachedBlob(pso, &blob)))
        goto done;
    if (FAILED(hr = ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, &IID_ID3D12PipelineLibrary1,
            (void **)&library)))
        goto done;
    if (FAILED(hr = ID3D12PipelineLibrary1_StorePipeline(library, L"A", pso)))
        goto done;
    size = ID3D12PipelineLibrary1_GetSerializedSize(library);
    if (FAILED(hr = ID3D12PipelineLibrary1_Serialize(library, data, sizeof(data))))
        goto done;
    ID3D12PipelineLibrary1_Release(library);
    library = NULL;
    if (FAILED(hr = ID3D12Device1_CreatePipelineLibrary(device1, data, size, &IID_ID3D12PipelineLibrary1,
            (void **)&library)))
        goto done;
    hr = ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"A", &graphics, &IID_ID3D12PipelineState,
            (void **)&loaded);
done:
    if (loaded)
        ID3D12PipelineState_Release(loaded);
    if (library)
        ID3D12PipelineLibrary1_Release(library);
    if (blob)
        ID3D10Blob_Release(blob);
    if (pso)
        ID3D12PipelineState_Release(pso);
    ID3D12Device1_Release(device1);
    return hr;
}

static void test_alloc_failures(void **state)
{
    ID3D12RootSignature *rs;
    ID3D12Device *device;
    ULONG refcount;
    HRESULT hr;
    long n;

    (void)state;
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    refcount = get_refcount(device);
    for (n = 0; n < 200; ++n)
    {
        mk_alloc_fail_after(n);
        hr = pipelines_under_pressure(device, rs);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            break;
        }
        if (hr != E_OUTOFMEMORY)
            fail_msg("allocation %ld failed and the result is %#x", n, (unsigned)hr);
        assert_int_equal(get_refcount(device), refcount);
    }
    assert_true(n > 3 && n < 200);
    ID3D12RootSignature_Release(rs);
    ID3D12Device_Release(device);
}

/* ---- Coverage rows: rules, streams, objects and library blobs past the rows above ---- */

/*
 * The rows of pipeline states and pipeline libraries that the ones above do
 * not reach (docs/objects.md "Shader bytecode", "Pipeline states",
 * "Pipeline libraries"): the fixed-function and stage rules past the common
 * ones, each on a built-in adapter that refuses and one that allows, with
 * the HRESULT and the debug message; stream edges; the objects' private
 * data, names and GetDevice; ReportLiveDeviceObjects; StorePipeline and
 * Load* argument rules; serialized libraries that are malformed one field at
 * a time; long names; a removed device; allocation failures while a library
 * is read back. Shaders come from tests/unit/dxbc_writer.h.
 */

/* A GUID of this suite's own for private data. */
static const GUID test_guid = {0x6d6b7069, 0x7065, 0x4c69, {0x6e, 0x65, 0x6d, 0x6f, 0x72, 0x65, 0x00, 0x01}};

/* A root signature of version 1.1 (no flags). */
static ID3D12RootSignature *create_rs_11(ID3D12Device *device)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob = NULL, *error = NULL;
    ID3D12RootSignature *rs = NULL;

    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, &error), S_OK);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&rs), S_OK);
    ID3D10Blob_Release(blob);
    return rs;
}


/* The last message is `id` and holds every fragment given (NULL ends). */
static void expect_message(ID3D12Device *device, D3D12_MESSAGE_ID expected, const char *fragment)
{
    D3D12_MESSAGE_ID id = 0;
    const char *text = last_message(device, &id);

    if (!text || id != expected || (fragment && !strstr(text, fragment)))
        fail_msg("message %u \"%s\", expected %u with \"%s\"", (unsigned)id, text ? text : "(none)",
                (unsigned)expected, fragment ? fragment : "");
}


static HRESULT create_stream_bytes(ID3D12Device *device, const void *bytes, size_t size, ID3D12PipelineState **pso)
{
    D3D12_PIPELINE_STATE_STREAM_DESC desc = {size, (void *)bytes};
    ID3D12Device2 *device2;
    HRESULT hr;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device2, (void **)&device2), S_OK);
    hr = ID3D12Device2_CreatePipelineState(device2, &desc, &IID_ID3D12PipelineState, (void **)pso);
    ID3D12Device2_Release(device2);
    return hr;
}

static ID3D12PipelineLibrary1 *create_library(ID3D12Device *device, const void *data, size_t size, HRESULT expected)
{
    ID3D12PipelineLibrary1 *library = SENTINEL;
    ID3D12Device1 *device1;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, data, size, &IID_ID3D12PipelineLibrary1,
            (void **)&library), expected);
    ID3D12Device1_Release(device1);
    if (FAILED(expected))
    {
        assert_null(library);
        return NULL;
    }
    return library;
}

/* ---- The parser: parts too small and parts twice ---- */

static void test_shader_parts(void **state)
{
    uint8_t program[12] = {0}, program2[12] = {0}, shex4[4] = {0}, sfi0[8] = {0}, sfi0b[8] = {0};
    struct obj_shader_info info;
    struct shader_blob blob;
    char why[256];

    (void)state;
    /* A SHEX part of 4 bytes: no room for the version token and the length. */
    {
        struct dxbc_part parts[1] = {{dxbc_tag("SHEX"), shex4, 4}};

        dxbc_write(&blob, parts, 1, DXBC_HASH_VALID);
        assert_int_equal(obj_shader_parse(blob.bytes, blob.size, &info, why, sizeof(why)), E_INVALIDARG);
        assert_non_null(strstr(why, "too small for its version token and length"));
    }
    /* Two program parts, two SFI0 parts, two RTS0 parts: the first of each counts. */
    dxbc_put(program, 0x00010050); /* vs_5_0 */
    dxbc_put(program + 4, 3);
    dxbc_put(program2, 0x00000050); /* ps_5_0 */
    dxbc_put(program2 + 4, 3);
    dxbc_put(sfi0, 0x4000);
    dxbc_put(sfi0b, 0x8000);
    {
        static const uint8_t rts0_a[8] = {1, 0, 0, 0, 0, 0, 0, 0}, rts0_b[8] = {2, 0, 0, 0, 0, 0, 0, 0};
        struct dxbc_part parts[6] = {{dxbc_tag("SHEX"), program, 12}, {dxbc_tag("SFI0"), sfi0, 8},
                {dxbc_tag("RTS0"), rts0_a, 8}, {dxbc_tag("SHEX"), program2, 12}, {dxbc_tag("SFI0"), sfi0b, 8},
                {dxbc_tag("RTS0"), rts0_b, 8}};

        dxbc_write(&blob, parts, 6, DXBC_HASH_VALID);
        assert_int_equal(obj_shader_parse(blob.bytes, blob.size, &info, why, sizeof(why)), S_OK);
        assert_int_equal(info.kind, OBJ_SHADER_VERTEX);
        assert_int_equal(info.model, 0x50);
        assert_int_equal(info.requires, 0x4000);
        assert_non_null(info.root_signature);
        assert_int_equal(info.root_signature_size, 8);
        assert_int_equal(((const uint8_t *)info.root_signature)[0], 1);
    }
    /* A reason buffer of size 0 is not written. */
    why[0] = 'x';
    assert_int_equal(obj_shader_parse(blob.bytes, 8, &info, why, 0), E_INVALIDARG);
    assert_int_equal(why[0], 'x');
}

/* ---- Graphics pipelines: the fixed-function and stage rules past the rows above ---- */

enum rule_tweak
{
    R_NONE, R_GARBAGE_VS, R_SM_PAST_RUNTIME, R_CONSERVATIVE_2, R_STENCIL_MASKS, R_VIEW_5, R_VIEW_NULL, R_VIEW_1,
    R_SO_NULL_DECL, R_SO_NULL_NAME, R_STRIP_CUT_FLAG, R_PATCH_NO_HS, R_FOREIGN_RS, R_NULL_CODE, R_BAD_RTS0,
    R_RT_NO_FORMAT, R_RT_UNKNOWN, R_BLEND, R_BLEND_AND_LOGIC_1, R_SAMPLE_33, R_SAMPLE_QUALITY_1, R_FILL_4, R_CULL_4,
    R_SO_RS_11,
};

struct rule_row
{
    const char *name;
    const char *adapter;
    enum rule_tweak tweak;
    HRESULT expected;
    D3D12_MESSAGE_ID id; /* 0: no message of the method's own */
    const char *text;
};


static const struct rule_row rule_rows[] =
{
    {"the base description", DEFAULT_ADAPTER, R_NONE, S_OK, 0, NULL},
    {"VS holds no container", DEFAULT_ADAPTER, R_GARBAGE_VS, E_INVALIDARG, ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "VS is not shader bytecode: "},
    {"SM 6.15, past every D3D_SHADER_MODEL", DEFAULT_ADAPTER, R_SM_PAST_RUNTIME, E_INVALIDARG,
            ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "VS's shader model 6.15 is past every D3D_SHADER_MODEL this runtime knows"},
    {"ConservativeRaster 2", DEFAULT_ADAPTER, R_CONSERVATIVE_2, E_INVALIDARG,
            ID(CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE),
            "RasterizerState.ConservativeRaster 2 is no D3D12_CONSERVATIVE_RASTERIZATION_MODE"},
    {"different front and back stencil masks", DEFAULT_ADAPTER, R_STENCIL_MASKS, S_OK, 0, NULL},
    {"different front and back stencil masks on FL 11_0", MIN, R_STENCIL_MASKS, E_INVALIDARG,
            ID(CREATEDEPTHSTENCILSTATE_INDEPENDENT_MASKS_UNSUPPORTED),
            "different front and back stencil masks needs D3D12_FEATURE_DATA_D3D12_OPTIONS14::"
            "IndependentFrontAndBackStencilRefMaskSupported, which is FALSE on min-fl11_0"},
    {"ViewInstanceCount 5", DEFAULT_ADAPTER, R_VIEW_5, E_INVALIDARG, ID(VIEW_INSTANCING_INVALIDARGS),
            "ViewInstanceCount 5 needs 1 to 4 locations in pViewInstanceLocations"},
    {"ViewInstanceCount 1 and no locations", DEFAULT_ADAPTER, R_VIEW_NULL, E_INVALIDARG, ID(VIEW_INSTANCING_INVALIDARGS),
            "ViewInstanceCount 1 needs"},
    {"view instancing", DEFAULT_ADAPTER, R_VIEW_1, S_OK, 0, NULL},
    {"view instancing on FL 11_0", MIN, R_VIEW_1, E_INVALIDARG, ID(VIEW_INSTANCING_UNSUPPORTED),
            "view instancing needs D3D12_FEATURE_DATA_D3D12_OPTIONS3::ViewInstancingTier >= "
            "D3D12_VIEW_INSTANCING_TIER_1, which is D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED on min-fl11_0"},
    {"stream output with a NULL declaration", DEFAULT_ADAPTER, R_SO_NULL_DECL, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS),
            "StreamOutput has 1 entries and a NULL pSODeclaration"},
    {"stream output of a gap (no semantic name)", DEFAULT_ADAPTER, R_SO_NULL_NAME, S_OK, 0, NULL},
    {"DYNAMIC_INDEX_BUFFER_STRIP_CUT", DEFAULT_ADAPTER, R_STRIP_CUT_FLAG, S_OK, 0, NULL},
    {"DYNAMIC_INDEX_BUFFER_STRIP_CUT on FL 11_0", MIN, R_STRIP_CUT_FLAG, E_INVALIDARG,
            ID(CREATEPIPELINESTATE_INVALID_FLAGS),
            "D3D12_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT needs D3D12_FEATURE_DATA_D3D12_OPTIONS15::"
            "DynamicIndexBufferStripCutSupported, which is FALSE on min-fl11_0"},
    {"PATCH without a hull shader", DEFAULT_ADAPTER, R_PATCH_NO_HS, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH),
            "PrimitiveTopologyType PATCH needs a hull shader"},
    {"pRootSignature of another kind", DEFAULT_ADAPTER, R_FOREIGN_RS, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE), "pRootSignature is not a root signature of mockd3d12"},
    {"PS with a length and no bytes", DEFAULT_ADAPTER, R_NULL_CODE, E_INVALIDARG,
            ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE), "PS has 8 bytes and a NULL pShaderBytecode"},
    {"an embedded root signature CreateRootSignature refuses", DEFAULT_ADAPTER, R_BAD_RTS0, E_INVALIDARG, 0, NULL},
    {"RTVFormats[0] 0x1000, no DXGI_FORMAT", DEFAULT_ADAPTER, R_RT_NO_FORMAT, E_INVALIDARG,
            ID(RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE), "RTVFormats[0]"},
    {"RTVFormats[0] UNKNOWN within NumRenderTargets", DEFAULT_ADAPTER, R_RT_UNKNOWN, S_OK, 0, NULL},
    {"blending R8G8B8A8_UNORM", DEFAULT_ADAPTER, R_BLEND, S_OK, 0, NULL},
    {"blend and logic op on target 1 with IndependentBlendEnable", DEFAULT_ADAPTER, R_BLEND_AND_LOGIC_1, E_INVALIDARG,
            ID(CREATEBLENDSTATE_INVALIDLOGICOPS), "BlendState.RenderTarget[1] enables both blending and a logic op"},
    {"SampleDesc.Count 33", DEFAULT_ADAPTER, R_SAMPLE_33, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC), "SampleDesc {33, 0} is no sample description"},
    {"SampleDesc {1, 1}", DEFAULT_ADAPTER, R_SAMPLE_QUALITY_1, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC), "SampleDesc {1, 1} is no sample description"},
    {"fill mode 4", DEFAULT_ADAPTER, R_FILL_4, E_INVALIDARG, ID(CREATERASTERIZERSTATE_INVALIDFILLMODE),
            "RasterizerState.FillMode 4 is no D3D12_FILL_MODE"},
    {"cull mode 4", DEFAULT_ADAPTER, R_CULL_4, E_INVALIDARG, ID(CREATERASTERIZERSTATE_INVALIDCULLMODE),
            "RasterizerState.CullMode 4 is no D3D12_CULL_MODE"},
    {"stream output with a 1.1 root signature without ALLOW_STREAM_OUTPUT", DEFAULT_ADAPTER, R_SO_RS_11, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS), "ALLOW_STREAM_OUTPUT"},
};

static void test_graphics_rule_rows(void **state)
{
    static const D3D12_VIEW_INSTANCE_LOCATION locations[4] = {{0, 0}, {0, 1}, {0, 2}, {0, 3}};
    static const D3D12_SO_DECLARATION_ENTRY gap[] = {{0, NULL, 0, 0, 4, 0}};
    static const UINT strides[] = {16};
    static const uint8_t garbage[16] = "not a container";
    static const uint8_t bad_rts0[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    struct row_failures failures = {0};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12RootSignature *rs, *rs_so, *rs_11;
    struct shader_blob vs, ps;
    ID3D12PipelineState *pso;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    bool is_stream;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rule_rows); ++i)
    {
        const struct rule_row *row = &rule_rows[i];
        struct shader_spec vs_spec = {K_VS, 0x50, 0, NULL, 0, DXBC_HASH_VALID};
        struct shader_spec ps_spec = {K_PS, 0x50, 0, NULL, 0, DXBC_HASH_VALID};

        device = create_device_on(row->adapter);
        rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
        rs_so = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT);
        rs_11 = row->tweak == R_SO_RS_11 ? create_rs_11(device) : NULL; /* FL 11_0 adapters have 1.0 only */
        if (row->tweak == R_SM_PAST_RUNTIME)
            vs_spec.model = 0x6f;
        if (row->tweak == R_BAD_RTS0)
        {
            vs_spec.rts0 = ps_spec.rts0 = bad_rts0;
            vs_spec.rts0_size = ps_spec.rts0_size = sizeof(bad_rts0);
        }
        shader_build(&vs, &vs_spec);
        shader_build(&ps, &ps_spec);
        init_graphics(&desc, rs, &vs, &ps);
        switch (row->tweak)
        {
            case R_GARBAGE_VS: desc.VS.pShaderBytecode = garbage; desc.VS.BytecodeLength = sizeof(garbage); break;
            case R_CONSERVATIVE_2:
                desc.RasterizerState.ConservativeRaster = (D3D12_CONSERVATIVE_RASTERIZATION_MODE)2;
                break;
            case R_SO_NULL_DECL: case R_SO_NULL_NAME:
                desc.pRootSignature = rs_so;
                desc.StreamOutput.NumEntries = 1;
                desc.StreamOutput.pSODeclaration = row->tweak == R_SO_NULL_NAME ? gap : NULL;
                desc.StreamOutput.pBufferStrides = strides;
                desc.StreamOutput.NumStrides = 1;
                break;
            case R_STRIP_CUT_FLAG: desc.Flags = (D3D12_PIPELINE_STATE_FLAGS)0x8; break;
            case R_PATCH_NO_HS: desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH; break;
            case R_FOREIGN_RS: desc.pRootSignature = (ID3D12RootSignature *)device; break;
            case R_NULL_CODE: desc.PS.pShaderBytecode = NULL; desc.PS.BytecodeLength = 8; break;
            case R_BAD_RTS0: desc.pRootSignature = NULL; break;
            case R_RT_NO_FORMAT: desc.RTVFormats[0] = (DXGI_FORMAT)0x1000; break;
            case R_RT_UNKNOWN: desc.RTVFormats[0] = DXGI_FORMAT_UNKNOWN; break;
            case R_BLEND: case R_BLEND_AND_LOGIC_1:
            {
                D3D12_RENDER_TARGET_BLEND_DESC *b = &desc.BlendState.RenderTarget[row->tweak == R_BLEND ? 0 : 1];

                b->BlendEnable = TRUE;
                b->SrcBlend = b->SrcBlendAlpha = D3D12_BLEND_SRC_ALPHA;
                b->DestBlend = b->DestBlendAlpha = D3D12_BLEND_INV_SRC_ALPHA;
                b->BlendOp = b->BlendOpAlpha = D3D12_BLEND_OP_ADD;
                b->RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
                if (row->tweak == R_BLEND_AND_LOGIC_1)
                {
                    b->LogicOpEnable = TRUE;
                    desc.BlendState.IndependentBlendEnable = TRUE;
                    desc.NumRenderTargets = 2;
                    desc.RTVFormats[1] = DXGI_FORMAT_R8G8B8A8_UINT;
                }
                break;
            }
            case R_SAMPLE_33: desc.SampleDesc.Count = 33; break;
            case R_SAMPLE_QUALITY_1: desc.SampleDesc.Quality = 1; break;
            case R_FILL_4: desc.RasterizerState.FillMode = (D3D12_FILL_MODE)4; break;
            case R_CULL_4: desc.RasterizerState.CullMode = (D3D12_CULL_MODE)4; break;
            case R_SO_RS_11:
                desc.pRootSignature = rs_11;
                desc.StreamOutput.NumEntries = 1;
                desc.StreamOutput.pSODeclaration = gap;
                desc.StreamOutput.pBufferStrides = strides;
                desc.StreamOutput.NumStrides = 1;
                break;
            default: break;
        }
        clear_messages(device);
        pso = SENTINEL;
        /* Only a stream has VIEW_INSTANCING and DEPTH_STENCIL2 (masks per face). */
        is_stream = row->tweak == R_STENCIL_MASKS || row->tweak == R_VIEW_5 || row->tweak == R_VIEW_NULL
                || row->tweak == R_VIEW_1;
        if (is_stream)
        {
            struct stream s;
            D3D12_DEPTH_STENCIL_DESC2 ds2 = {0};
            D3D12_VIEW_INSTANCING_DESC view = {row->tweak == R_VIEW_5 ? 5 : 1,
                    row->tweak == R_VIEW_NULL ? NULL : locations, D3D12_VIEW_INSTANCING_FLAG_NONE};
            D3D12_SHADER_BYTECODE code;
            DXGI_FORMAT dsv = DXGI_FORMAT_D24_UNORM_S8_UINT;

            memset(&s, 0, sizeof(s));
            ADD(&s, ROOT_SIGNATURE, rs);
            code = shader_code(&vs); ADD(&s, VS, code);
            code = shader_code(&ps); ADD(&s, PS, code);
            if (row->tweak == R_STENCIL_MASKS)
            {
                ds2.StencilEnable = TRUE;
                ds2.FrontFace.StencilFunc = ds2.BackFace.StencilFunc = D3D12_COMPARISON_FUNC_ALWAYS;
                ds2.FrontFace.StencilFailOp = ds2.BackFace.StencilFailOp = D3D12_STENCIL_OP_KEEP;
                ds2.FrontFace.StencilDepthFailOp = ds2.BackFace.StencilDepthFailOp = D3D12_STENCIL_OP_KEEP;
                ds2.FrontFace.StencilPassOp = ds2.BackFace.StencilPassOp = D3D12_STENCIL_OP_KEEP;
                ds2.FrontFace.StencilReadMask = 0xff;
                ds2.FrontFace.StencilWriteMask = 0xff;
                ds2.BackFace.StencilReadMask = 0x0f;
                ds2.BackFace.StencilWriteMask = 0xff;
                ADD(&s, DEPTH_STENCIL2, ds2);
                ADD(&s, DEPTH_STENCIL_FORMAT, dsv);
            }
            else
                ADD(&s, VIEW_INSTANCING, view);
            hr = create_stream_bytes(device, s.bytes, s.size, &pso);
        }
        else
            hr = ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso);
        text = last_message(device, &id);
        if (hr != row->expected)
            row_fail(&failures, i, row->name, "hr %#x, expected %#x (%s)", (unsigned)hr, (unsigned)row->expected,
                    text ? text : "no message");
        else if (FAILED(hr) && pso)
            row_fail(&failures, i, row->name, "the output is %p, not NULL", (void *)pso);
        else if (row->id && (!text || id != row->id))
            row_fail(&failures, i, row->name, "message %u (%s), expected %u", (unsigned)id, text ? text : "none",
                    (unsigned)row->id);
        else if (row->text && !strstr(text, row->text))
            row_fail(&failures, i, row->name, "the message \"%s\" lacks \"%s\"", text, row->text);
        else if (row->id && !strstr(text, is_stream ? "ID3D12Device2::CreatePipelineState: "
                : "ID3D12Device::CreateGraphicsPipelineState: "))
            row_fail(&failures, i, row->name, "the message \"%s\" names no method", text);
        else if (SUCCEEDED(hr) && text)
            row_fail(&failures, i, row->name, "a message on success: \"%s\"", text);
        else if (row->tweak == R_BAD_RTS0 && (!text || !strstr(text, "CreateRootSignature")))
            row_fail(&failures, i, row->name, "CreateRootSignature reported nothing (%s)", text ? text : "none");
        if (SUCCEEDED(hr) && pso && pso != SENTINEL)
            ID3D12PipelineState_Release(pso);
        ID3D12RootSignature_Release(rs);
        ID3D12RootSignature_Release(rs_so);
        if (rs_11)
            ID3D12RootSignature_Release(rs_11);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* NULL descriptions; an amplification shader without a mesh shader; a mesh
 * shader with a vertex shader; DEPTH_STENCIL (the first form) alone; a
 * stream whose tail is too short for a type. */
static void test_stream_edges(void **state)
{
    struct shader_blob vs, ps, as, ms;
    D3D12_DEPTH_STENCIL_DESC plain = {0};
    DXGI_FORMAT dsv = DXGI_FORMAT_D32_FLOAT;
    D3D12_SHADER_BYTECODE code;
    ID3D12PipelineState *pso;
    ID3D12RootSignature *rs;
    ID3D12Device *device;
    struct stream s;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    build(&as, K_AS, 0x65);
    build(&ms, K_MS, 0x65);

    pso = SENTINEL;
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, NULL, &IID_ID3D12PipelineState, (void **)&pso),
            E_INVALIDARG);
    assert_null(pso);
    expect_message(device, ID(CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET),
            "ID3D12Device::CreateGraphicsPipelineState: the description is NULL");
    assert_int_equal(ID3D12Device_CreateComputePipelineState(device, NULL, &IID_ID3D12PipelineState, NULL),
            E_INVALIDARG);
    expect_message(device, ID(CREATECOMPUTEPIPELINESTATE_INVALID_SHADER), "the description is NULL");

    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&vs); ADD(&s, VS, code);
    code = shader_code(&as); ADD(&s, AS, code);
    code = shader_code(&ps); ADD(&s, PS, code);
    assert_int_equal(create_stream_bytes(device, s.bytes, s.size, &pso), E_INVALIDARG);
    expect_message(device, ID(CREATEGRAPHICSPIPELINESTATE_AS_NOT_MS_MISMATCH),
            "an amplification shader (AS) needs a mesh shader (MS)");

    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&vs); ADD(&s, VS, code);
    code = shader_code(&ms); ADD(&s, MS, code);
    code = shader_code(&ps); ADD(&s, PS, code);
    assert_int_equal(create_stream_bytes(device, s.bytes, s.size, &pso), E_INVALIDARG);
    expect_message(device, ID(CREATEGRAPHICSPIPELINESTATE_MS_PSO_DESC_MISMATCH),
            "a mesh shader pipeline has no VS, HS, DS, GS, input layout or stream output");

    /* DEPTH_STENCIL alone: read, and its depth test kept (a D32 target). */
    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&vs); ADD(&s, VS, code);
    code = shader_code(&ps); ADD(&s, PS, code);
    plain.DepthEnable = TRUE;
    plain.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    plain.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    ADD(&s, DEPTH_STENCIL, plain);
    ADD(&s, DEPTH_STENCIL_FORMAT, dsv);
    clear_messages(device);
    assert_int_equal(create_stream_bytes(device, s.bytes, s.size, &pso), S_OK);
    ID3D12PipelineState_Release(pso);
    /* Two bytes past the last subobject: no room for a type. */
    assert_int_equal(create_stream_bytes(device, s.bytes, s.size + 2, &pso), E_INVALIDARG);
    assert_null(pso);
    expect_message(device, ID(CREATEPIPELINESTATE_INVALID_STREAM), "ID3D12Device2::CreatePipelineState: ");

    ID3D12RootSignature_Release(rs);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- The objects ---- */

/* ReportLiveDeviceObjects: the live message `id` names `type` and `name`. */
static bool live_listed(ID3D12Device *device, D3D12_MESSAGE_ID expected, const char *type, const char *name)
{
    ID3D12DebugDevice *debug_device;
    ID3D12InfoQueue *queue = info_queue(device);
    char prefix[64], suffix[96];
    bool found = false;
    D3D12_MESSAGE_ID id;
    UINT64 i, count;

    snprintf(prefix, sizeof(prefix), "Live %s at ", type);
    snprintf(suffix, sizeof(suffix), ", Name: %s, Refcount: 1", name);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    for (i = 0; i < count; ++i)
    {
        const char *text = message_text(queue, i, &id);

        if (id == expected && strstr(text, prefix) && strstr(text, suffix))
            found = true;
    }
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(queue);
    return found;
}

/* Private data, names, GetDevice on both objects; the live-object report. */
static void test_objects(void **state)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12PipelineLibrary1 *library;
    struct shader_blob vs, ps;
    ID3D12PipelineState *pso;
    ID3D12RootSignature *rs;
    ID3D12Device *device, *got;
    ID3D12Fence *fence;
    UINT value = 0x12345678, out, size;
    WCHAR name[32];

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    init_graphics(&desc, rs, &vs, &ps);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);

    /* The pipeline state. */
    assert_int_equal(ID3D12PipelineState_SetPrivateData(pso, &test_guid, sizeof(value), &value), S_OK);
    size = sizeof(out);
    out = 0;
    assert_int_equal(ID3D12PipelineState_GetPrivateData(pso, &test_guid, &size, &out), S_OK);
    assert_int_equal(size, sizeof(value));
    assert_int_equal(out, value);
    size = 1;
    assert_int_equal(ID3D12PipelineState_GetPrivateData(pso, &test_guid, &size, &out), DXGI_ERROR_MORE_DATA);
    assert_int_equal(ID3D12PipelineState_SetName(pso, L"the pipeline"), S_OK);
    size = sizeof(name);
    assert_int_equal(ID3D12PipelineState_GetPrivateData(pso, &WKPDID_D3DDebugObjectNameW, &size, name), S_OK);
    assert_int_equal(size, sizeof(L"the pipeline"));
    assert_memory_equal(name, L"the pipeline", size);

    /* The library. */
    library = create_library(device, NULL, 0, S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_SetPrivateData(library, &test_guid, sizeof(value), &value), S_OK);
    size = sizeof(out);
    out = 0;
    assert_int_equal(ID3D12PipelineLibrary1_GetPrivateData(library, &test_guid, &size, &out), S_OK);
    assert_int_equal(out, value);
    assert_int_equal(ID3D12PipelineLibrary1_SetPrivateDataInterface(library, &IID_ID3D12Fence, (IUnknown *)fence), S_OK);
    assert_int_equal(get_refcount(fence), 2);
    assert_int_equal(ID3D12PipelineLibrary1_SetPrivateDataInterface(library, &IID_ID3D12Fence, NULL), S_OK);
    assert_int_equal(get_refcount(fence), 1);
    assert_int_equal(ID3D12PipelineLibrary1_SetName(library, L"the library"), S_OK);
    got = SENTINEL;
    assert_int_equal(ID3D12PipelineLibrary1_GetDevice(library, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    ID3D12Device_Release(got);
    got = SENTINEL;
    assert_int_equal(ID3D12PipelineLibrary1_GetDevice(library, &IID_ID3D12Fence, (void **)&got), E_NOINTERFACE);
    assert_null(got);

    assert_true(live_listed(device, D3D12_MESSAGE_ID_LIVE_PIPELINESTATE, "ID3D12PipelineState", "the pipeline"));
    assert_true(live_listed(device, D3D12_MESSAGE_ID_LIVE_PIPELINELIBRARY, "ID3D12PipelineLibrary", "the library"));

    /* A pipeline the library keeps with no public reference is not listed. */
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"kept", pso), S_OK);
    assert_int_equal(ID3D12PipelineState_Release(pso), 0);
    assert_false(live_listed(device, D3D12_MESSAGE_ID_LIVE_PIPELINESTATE, "ID3D12PipelineState", "the pipeline"));
    assert_true(live_listed(device, D3D12_MESSAGE_ID_LIVE_PIPELINELIBRARY, "ID3D12PipelineLibrary", "the library"));

    assert_int_equal(ID3D12PipelineLibrary1_Release(library), 0);
    ID3D12Fence_Release(fence);
    ID3D12RootSignature_Release(rs);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A cached blob whose format or adapter LUID's high part is another's. */
static void test_cached_blob_header(void **state)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    struct shader_blob vs, ps;
    ID3D12PipelineState *pso;
    ID3D12RootSignature *rs;
    ID3D12Device *device;
    uint8_t copy[256];
    ID3DBlob *blob;
    size_t size;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    init_graphics(&desc, rs, &vs, &ps);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    assert_int_equal(ID3D12PipelineState_GetCachedBlob(pso, &blob), S_OK);
    ID3D12PipelineState_Release(pso);
    size = ID3D10Blob_GetBufferSize(blob);
    assert_true(size <= sizeof(copy));
    desc.CachedPSO.pCachedBlob = copy;
    desc.CachedPSO.CachedBlobSizeInBytes = size;

    memcpy(copy, ID3D10Blob_GetBufferPointer(blob), size);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    ID3D12PipelineState_Release(pso);
    dxbc_put(copy + 4, 1); /* format 1: digested a byte at a time */
    pso = SENTINEL;
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            D3D12_ERROR_DRIVER_VERSION_MISMATCH);
    assert_null(pso);
    expect_message(device, ID(CREATEPIPELINESTATE_CACHEDBLOBDRIVERVERSIONMISMATCH),
            "CachedPSO was made by another driver version than nvidia-rtx-5070-ti's");
    memcpy(copy, ID3D10Blob_GetBufferPointer(blob), size);
    copy[12] ^= 0x5a;
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            D3D12_ERROR_ADAPTER_NOT_FOUND);
    expect_message(device, ID(CREATEPIPELINESTATE_CACHEDBLOBADAPTERMISMATCH),
            "CachedPSO was made on another adapter than nvidia-rtx-5070-ti");

    ID3D10Blob_Release(blob);
    ID3D12RootSignature_Release(rs);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Libraries: arguments, blobs, names ---- */

static void test_library_arguments(void **state)
{
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    D3D12_PIPELINE_STATE_STREAM_DESC stream_desc;
    ID3D12PipelineLibrary1 *library;
    ID3D12PipelineState *pso, *foreign, *loaded;
    ID3D12RootSignature *rs, *other_rs;
    struct shader_blob vs, ps;
    ID3D12Device *device, *other;
    ID3D12Device1 *device1;
    ID3D12Device5 *device5;
    ID3D12Fence *fence;
    struct stream s;
    D3D12_SHADER_BYTECODE code;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    other = create_device_on("intel-arc-a770"); /* the same adapter's would be the same device */
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    other_rs = create_rs(other, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    init_graphics(&desc, other_rs, &vs, &ps);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(other, &desc, &IID_ID3D12PipelineState,
            (void **)&foreign), S_OK);
    init_graphics(&desc, rs, &vs, &ps);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);
    library = create_library(device, NULL, 0, S_OK);

    /* StorePipeline: another device's pipeline, another object, none. */
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"G", foreign), E_INVALIDARG);
    expect_message(device, ID(STOREPIPELINE_NONAME),
            "ID3D12PipelineLibrary::StorePipeline: pPipeline is not a pipeline state of this library's device");
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"G", (ID3D12PipelineState *)fence), E_INVALIDARG);
    expect_message(device, ID(STOREPIPELINE_NONAME), "pPipeline is not a pipeline state");
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"G", NULL), E_INVALIDARG);
    assert_int_equal(ID3D12PipelineLibrary1_GetSerializedSize(library), 32);
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"G", pso), S_OK);

    /* Load*: NULL name, description, riid, output. */
    loaded = SENTINEL;
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, NULL, &desc, &IID_ID3D12PipelineState,
            (void **)&loaded), E_INVALIDARG);
    assert_null(loaded);
    expect_message(device, ID(LOADPIPELINE_INVALIDDESC), "pName, pDesc, riid or the output is NULL");
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"G", NULL, &IID_ID3D12PipelineState,
            (void **)&loaded), E_INVALIDARG);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"G", &desc, NULL, (void **)&loaded),
            E_INVALIDARG);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, L"G", &desc, &IID_ID3D12PipelineState, NULL),
            E_INVALIDARG);
    expect_message(device, ID(LOADPIPELINE_INVALIDDESC), "pName, pDesc, riid or the output is NULL");

    /* LoadPipeline of a stream the device refuses: the stream's own message, the library's method. */
    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&vs); ADD(&s, VS, code);
    stream_desc.SizeInBytes = s.size - 4;
    stream_desc.pPipelineStateSubobjectStream = s.bytes;
    loaded = SENTINEL;
    assert_int_equal(ID3D12PipelineLibrary1_LoadPipeline(library, L"G", &stream_desc, &IID_ID3D12PipelineState,
            (void **)&loaded), E_INVALIDARG);
    assert_null(loaded);
    expect_message(device, ID(CREATEPIPELINESTATE_INVALID_STREAM), "LoadPipeline: ");
    ID3D12PipelineLibrary1_Release(library);

    /* CreatePipelineLibrary: a NULL riid; a removed device. */
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    library = SENTINEL;
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, NULL, (void **)&library), E_INVALIDARG);
    assert_null(library);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
    library = SENTINEL;
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, NULL, 0, &IID_ID3D12PipelineLibrary1,
            (void **)&library), DXGI_ERROR_DEVICE_REMOVED);
    assert_null(library);
    ID3D12Device1_Release(device1);

    ID3D12Fence_Release(fence);
    ID3D12PipelineState_Release(pso);
    ID3D12PipelineState_Release(foreign);
    ID3D12RootSignature_Release(rs);
    ID3D12RootSignature_Release(other_rs);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_int_equal(ID3D12Device_Release(other), 0);
}

/* A library of two graphics pipelines named "A" and "B" (or `long_name`), serialized into *data. */
static size_t serialize_two(ID3D12Device *device, ID3D12PipelineState *pso, const WCHAR *second, uint8_t **data)
{
    ID3D12PipelineLibrary1 *library = create_library(device, NULL, 0, S_OK);
    size_t size;

    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, L"A", pso), S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_StorePipeline(library, second, pso), S_OK);
    size = ID3D12PipelineLibrary1_GetSerializedSize(library);
    *data = malloc(size + 8);
    memset(*data, 0, size + 8);
    assert_int_equal(ID3D12PipelineLibrary1_Serialize(library, *data, size), S_OK);
    ID3D12PipelineLibrary1_Release(library);
    return size;
}

static void test_library_blobs(void **state)
{
    /* The format (src/objects/pipeline_library.c): a 32-byte header with the entry count at 24; each entry
     * a name length, a type, a digest, then the name one UTF-32 unit per 4 bytes. */
    enum { HEADER = 32, COUNT = 24 };
    static const struct
    {
        const char *name;
        unsigned offset; /* 0: the first name's unit; 2: the second's; 4, 12: the header's; ~0u: the count */
        uint32_t value;
        size_t grow;     /* bytes added past the blob */
        const char *reason;
        HRESULT hr;
        D3D12_MESSAGE_ID id;
    }
    rows[] =
    {
        {"a count past the entries", ~0u, 3, 0, "an entry of the serialized library lies outside it", E_INVALIDARG,
                ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB)},
        {"a count short of the entries", ~0u, 1, 0, "the serialized library has bytes past its entries", E_INVALIDARG,
                ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB)},
        {"bytes past the entries", 1, 0, 8, "the serialized library has bytes past its entries", E_INVALIDARG,
                ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB)},
        {"a NUL in a name", 0, 0, 0, "an entry's name of the serialized library holds a NUL", E_INVALIDARG,
                ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB)},
        {"the second name as the first", 2, 'A', 0, "the serialized library holds a name twice", E_INVALIDARG,
                ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB)},
        {"format 1 (a byte-wise digest)", 4, 1, 0, "the library was serialized by another driver version",
                D3D12_ERROR_DRIVER_VERSION_MISMATCH, ID(CREATEPIPELINELIBRARY_DRIVERVERSIONMISMATCH)},
        {"another LUID's high part", 12, 0x5a5a5a5a, 0, "the library was serialized on another adapter (LUID 5a5a5a5a:",
                D3D12_ERROR_ADAPTER_NOT_FOUND, ID(CREATEPIPELINELIBRARY_ADAPTERVERSIONMISMATCH)},
    };
    struct row_failures failures = {0};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC desc;
    ID3D12PipelineLibrary1 *library;
    ID3D12PipelineState *pso, *loaded;
    struct shader_blob vs, ps;
    ID3D12RootSignature *rs;
    ID3D12Device1 *device1;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    uint8_t *data, *copy;
    size_t size, entry, first_name, i;
    WCHAR long_name[301];
    HRESULT hr;
    long n;

    (void)state;
    enable_debug_layer();
    device = create_device_on(DEFAULT_ADAPTER);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    build(&vs, K_VS, 0x50);
    build(&ps, K_PS, 0x50);
    init_graphics(&desc, rs, &vs, &ps);
    assert_int_equal(ID3D12Device_CreateGraphicsPipelineState(device, &desc, &IID_ID3D12PipelineState, (void **)&pso),
            S_OK);

    size = serialize_two(device, pso, L"B", &data);
    entry = (size - HEADER) / 2;      /* two entries of one unit each */
    first_name = HEADER + entry - 4;  /* the name is each entry's last 4 bytes */
    assert_int_equal(data[first_name], 'A');
    assert_int_equal(data[first_name + entry], 'B');
    copy = malloc(size + 8);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memcpy(copy, data, size + 8);
        if (rows[i].offset == ~0u)
            dxbc_put(copy + COUNT, rows[i].value);
        else if (rows[i].offset == 4 || rows[i].offset == 12)
            dxbc_put(copy + rows[i].offset, rows[i].value);
        else if (rows[i].offset == 2)
            dxbc_put(copy + first_name + entry, rows[i].value);
        else if (!rows[i].grow)
            dxbc_put(copy + first_name, rows[i].value);
        hr = ID3D12Device1_CreatePipelineLibrary(device1, copy, size + rows[i].grow, &IID_ID3D12PipelineLibrary1,
                (void **)&library);
        text = last_message(device, &id);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        else if (id != rows[i].id || !strstr(text, rows[i].reason)
                || !strstr(text, "ID3D12Device1::CreatePipelineLibrary: "))
            row_fail(&failures, i, rows[i].name, "message %u \"%s\" lacks \"%s\"", (unsigned)id, text ? text : "",
                    rows[i].reason);
        if (SUCCEEDED(hr))
            ID3D12PipelineLibrary1_Release(library);
    }
    rows_done(&failures);
    free(copy);
    free(data);

    /* A name of 300 units: stored, serialized, read back and loaded. */
    for (i = 0; i < 300; ++i)
        long_name[i] = (WCHAR)('a' + i % 26);
    long_name[300] = 0;
    size = serialize_two(device, pso, long_name, &data);
    assert_int_equal(size, HEADER + 2 * (entry - 4) + 4 + 300 * 4);
    library = create_library(device, data, size, S_OK);
    assert_int_equal(ID3D12PipelineLibrary1_GetSerializedSize(library), size);
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, long_name, &desc, &IID_ID3D12PipelineState,
            (void **)&loaded), S_OK);
    ID3D12PipelineState_Release(loaded);
    assert_int_equal(ID3D12PipelineLibrary1_Serialize(library, NULL, size), E_INVALIDARG);
    expect_message(device, ID(PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY),
            "0 bytes are fewer than the library's serialized size");
    long_name[299] = 'A';
    assert_int_equal(ID3D12PipelineLibrary1_LoadGraphicsPipeline(library, long_name, &desc, &IID_ID3D12PipelineState,
            (void **)&loaded), E_INVALIDARG);
    expect_message(device, ID(LOADPIPELINE_NAMENOTFOUND), NULL);
    ID3D12PipelineLibrary1_Release(library);

    /* No bytes behind a size. */
    assert_int_equal(ID3D12Device1_CreatePipelineLibrary(device1, NULL, size, &IID_ID3D12PipelineLibrary1,
            (void **)&library), E_INVALIDARG);
    expect_message(device, ID(CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB), "the blob is not a serialized pipeline library");

    /* Reading the blob back with each allocation failing: E_OUTOFMEMORY and nothing half-made. */
    for (n = 0; n < 100; ++n)
    {
        library = NULL;
        mk_alloc_fail_after(n);
        hr = ID3D12Device1_CreatePipelineLibrary(device1, data, size, &IID_ID3D12PipelineLibrary1, (void **)&library);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            ID3D12PipelineLibrary1_Release(library);
            break;
        }
        if (hr != E_OUTOFMEMORY)
            fail_msg("allocation %ld failed and the result is %#x", n, (unsigned)hr);
        assert_null(library);
    }
    assert_true(n > 2 && n < 100);
    free(data);

    assert_int_equal(ID3D12PipelineState_Release(pso), 0);
    ID3D12RootSignature_Release(rs);
    ID3D12Device1_Release(device1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_shader_parse),
        cmocka_unit_test(test_shader_parse_malformed),
        cmocka_unit_test(test_shader_requirements_table),
        cmocka_unit_test_setup_teardown(test_graphics_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_requirements_sweep, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_compute),
        cmocka_unit_test_setup_teardown(test_cached_blob, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_stream, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library_unsupported, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_alloc_failures),
        cmocka_unit_test(test_shader_parts),
        cmocka_unit_test_setup_teardown(test_graphics_rule_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_stream_edges, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_objects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cached_blob_header, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library_arguments, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library_blobs, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
