/*
 * Pipeline states and pipeline libraries, the rows test_pipeline_state.c
 * does not reach (docs/objects.md "Shader bytecode", "Pipeline states",
 * "Pipeline libraries"): the fixed-function and stage rules past the common
 * ones, each on a built-in adapter that refuses and one that allows, with
 * the HRESULT and the debug message; stream edges; the objects' private
 * data, names and GetDevice; ReportLiveDeviceObjects; StorePipeline and
 * Load* argument rules; serialized libraries that are malformed one field at
 * a time; long names; a removed device; allocation failures while a library
 * is read back. Shaders come from tests/unit/dxbc_writer.h.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "dxbc_writer.h"
#include "shader_bytecode.h"

#define DEFAULT_ADAPTER "nvidia-rtx-5070-ti"
#define MIN "min-fl11_0"

/* A GUID of this suite's own for private data. */
static const GUID test_guid = {0x6d6b7069, 0x7065, 0x4c69, {0x6e, 0x65, 0x6d, 0x6f, 0x72, 0x65, 0x00, 0x01}};

/* ---- Helpers ---- */

static ID3D12RootSignature *create_rs(ID3D12Device *device, D3D12_ROOT_SIGNATURE_FLAGS flags)
{
    D3D12_ROOT_SIGNATURE_DESC desc = {0, NULL, 0, NULL, flags};
    ID3DBlob *blob = NULL, *error = NULL;
    ID3D12RootSignature *rs = NULL;

    assert_int_equal(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error), S_OK);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&rs), S_OK);
    ID3D10Blob_Release(blob);
    return rs;
}

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

static void build(struct shader_blob *blob, unsigned kind, unsigned model)
{
    struct shader_spec spec = {kind, model, 0, NULL, 0, DXBC_HASH_VALID};

    shader_build(blob, &spec);
}

static void init_graphics(D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, ID3D12RootSignature *rs,
        const struct shader_blob *vs, const struct shader_blob *ps)
{
    memset(desc, 0, sizeof(*desc));
    desc->pRootSignature = rs;
    desc->VS = shader_code(vs);
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

/* The last message is `id` and holds every fragment given (NULL ends). */
static void expect_message(ID3D12Device *device, D3D12_MESSAGE_ID expected, const char *fragment)
{
    D3D12_MESSAGE_ID id = 0;
    const char *text = last_message(device, &id);

    if (!text || id != expected || (fragment && !strstr(text, fragment)))
        fail_msg("message %u \"%s\", expected %u with \"%s\"", (unsigned)id, text ? text : "(none)",
                (unsigned)expected, fragment ? fragment : "");
}

/* A pipeline state stream, as test_pipeline_state.c builds one. */
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

static HRESULT create_stream(ID3D12Device *device, const void *bytes, size_t size, ID3D12PipelineState **pso)
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

/* ---- Graphics pipelines: the rows test_pipeline_state.c leaves ---- */

enum tweak
{
    T_NONE, T_GARBAGE_VS, T_SM_PAST_RUNTIME, T_CONSERVATIVE_2, T_STENCIL_MASKS, T_VIEW_5, T_VIEW_NULL, T_VIEW_1,
    T_SO_NULL_DECL, T_SO_NULL_NAME, T_STRIP_CUT_FLAG, T_PATCH_NO_HS, T_FOREIGN_RS, T_NULL_CODE, T_BAD_RTS0,
    T_RT_NO_FORMAT, T_RT_UNKNOWN, T_BLEND, T_BLEND_AND_LOGIC_1, T_SAMPLE_33, T_SAMPLE_QUALITY_1, T_FILL_4, T_CULL_4,
    T_SO_RS_11,
};

struct graphics_row
{
    const char *name;
    const char *adapter;
    enum tweak tweak;
    HRESULT expected;
    D3D12_MESSAGE_ID id; /* 0: no message of the method's own */
    const char *text;
};

#define ID(x) D3D12_MESSAGE_ID_##x

static const struct graphics_row graphics_rows[] =
{
    {"the base description", DEFAULT_ADAPTER, T_NONE, S_OK, 0, NULL},
    {"VS holds no container", DEFAULT_ADAPTER, T_GARBAGE_VS, E_INVALIDARG, ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "VS is not shader bytecode: "},
    {"SM 6.15, past every D3D_SHADER_MODEL", DEFAULT_ADAPTER, T_SM_PAST_RUNTIME, E_INVALIDARG,
            ID(CREATEVERTEXSHADER_INVALIDSHADERBYTECODE),
            "VS's shader model 6.15 is past every D3D_SHADER_MODEL this runtime knows"},
    {"ConservativeRaster 2", DEFAULT_ADAPTER, T_CONSERVATIVE_2, E_INVALIDARG,
            ID(CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE),
            "RasterizerState.ConservativeRaster 2 is no D3D12_CONSERVATIVE_RASTERIZATION_MODE"},
    {"different front and back stencil masks", DEFAULT_ADAPTER, T_STENCIL_MASKS, S_OK, 0, NULL},
    {"different front and back stencil masks on FL 11_0", MIN, T_STENCIL_MASKS, E_INVALIDARG,
            ID(CREATEDEPTHSTENCILSTATE_INDEPENDENT_MASKS_UNSUPPORTED),
            "different front and back stencil masks needs D3D12_FEATURE_DATA_D3D12_OPTIONS14::"
            "IndependentFrontAndBackStencilRefMaskSupported, which is FALSE on min-fl11_0"},
    {"ViewInstanceCount 5", DEFAULT_ADAPTER, T_VIEW_5, E_INVALIDARG, ID(VIEW_INSTANCING_INVALIDARGS),
            "ViewInstanceCount 5 needs 1 to 4 locations in pViewInstanceLocations"},
    {"ViewInstanceCount 1 and no locations", DEFAULT_ADAPTER, T_VIEW_NULL, E_INVALIDARG, ID(VIEW_INSTANCING_INVALIDARGS),
            "ViewInstanceCount 1 needs"},
    {"view instancing", DEFAULT_ADAPTER, T_VIEW_1, S_OK, 0, NULL},
    {"view instancing on FL 11_0", MIN, T_VIEW_1, E_INVALIDARG, ID(VIEW_INSTANCING_UNSUPPORTED),
            "view instancing needs D3D12_FEATURE_DATA_D3D12_OPTIONS3::ViewInstancingTier >= "
            "D3D12_VIEW_INSTANCING_TIER_1, which is D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED on min-fl11_0"},
    {"stream output with a NULL declaration", DEFAULT_ADAPTER, T_SO_NULL_DECL, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS),
            "StreamOutput has 1 entries and a NULL pSODeclaration"},
    {"stream output of a gap (no semantic name)", DEFAULT_ADAPTER, T_SO_NULL_NAME, S_OK, 0, NULL},
    {"DYNAMIC_INDEX_BUFFER_STRIP_CUT", DEFAULT_ADAPTER, T_STRIP_CUT_FLAG, S_OK, 0, NULL},
    {"DYNAMIC_INDEX_BUFFER_STRIP_CUT on FL 11_0", MIN, T_STRIP_CUT_FLAG, E_INVALIDARG,
            ID(CREATEPIPELINESTATE_INVALID_FLAGS),
            "D3D12_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT needs D3D12_FEATURE_DATA_D3D12_OPTIONS15::"
            "DynamicIndexBufferStripCutSupported, which is FALSE on min-fl11_0"},
    {"PATCH without a hull shader", DEFAULT_ADAPTER, T_PATCH_NO_HS, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH),
            "PrimitiveTopologyType PATCH needs a hull shader"},
    {"pRootSignature of another kind", DEFAULT_ADAPTER, T_FOREIGN_RS, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE), "pRootSignature is not a root signature of mockd3d12"},
    {"PS with a length and no bytes", DEFAULT_ADAPTER, T_NULL_CODE, E_INVALIDARG,
            ID(CREATEPIXELSHADER_INVALIDSHADERBYTECODE), "PS has 8 bytes and a NULL pShaderBytecode"},
    {"an embedded root signature CreateRootSignature refuses", DEFAULT_ADAPTER, T_BAD_RTS0, E_INVALIDARG, 0, NULL},
    {"RTVFormats[0] 0x1000, no DXGI_FORMAT", DEFAULT_ADAPTER, T_RT_NO_FORMAT, E_INVALIDARG,
            ID(RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE), "RTVFormats[0]"},
    {"RTVFormats[0] UNKNOWN within NumRenderTargets", DEFAULT_ADAPTER, T_RT_UNKNOWN, S_OK, 0, NULL},
    {"blending R8G8B8A8_UNORM", DEFAULT_ADAPTER, T_BLEND, S_OK, 0, NULL},
    {"blend and logic op on target 1 with IndependentBlendEnable", DEFAULT_ADAPTER, T_BLEND_AND_LOGIC_1, E_INVALIDARG,
            ID(CREATEBLENDSTATE_INVALIDLOGICOPS), "BlendState.RenderTarget[1] enables both blending and a logic op"},
    {"SampleDesc.Count 33", DEFAULT_ADAPTER, T_SAMPLE_33, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC), "SampleDesc {33, 0} is no sample description"},
    {"SampleDesc {1, 1}", DEFAULT_ADAPTER, T_SAMPLE_QUALITY_1, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC), "SampleDesc {1, 1} is no sample description"},
    {"fill mode 4", DEFAULT_ADAPTER, T_FILL_4, E_INVALIDARG, ID(CREATERASTERIZERSTATE_INVALIDFILLMODE),
            "RasterizerState.FillMode 4 is no D3D12_FILL_MODE"},
    {"cull mode 4", DEFAULT_ADAPTER, T_CULL_4, E_INVALIDARG, ID(CREATERASTERIZERSTATE_INVALIDCULLMODE),
            "RasterizerState.CullMode 4 is no D3D12_CULL_MODE"},
    {"stream output with a 1.1 root signature without ALLOW_STREAM_OUTPUT", DEFAULT_ADAPTER, T_SO_RS_11, E_INVALIDARG,
            ID(CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS), "ALLOW_STREAM_OUTPUT"},
};

static void test_graphics_rows(void **state)
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
    for (i = 0; i < ARRAY_SIZE(graphics_rows); ++i)
    {
        const struct graphics_row *row = &graphics_rows[i];
        struct shader_spec vs_spec = {K_VS, 0x50, 0, NULL, 0, DXBC_HASH_VALID};
        struct shader_spec ps_spec = {K_PS, 0x50, 0, NULL, 0, DXBC_HASH_VALID};

        device = create_device_on(row->adapter);
        rs = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
        rs_so = create_rs(device, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT);
        rs_11 = row->tweak == T_SO_RS_11 ? create_rs_11(device) : NULL; /* FL 11_0 adapters have 1.0 only */
        if (row->tweak == T_SM_PAST_RUNTIME)
            vs_spec.model = 0x6f;
        if (row->tweak == T_BAD_RTS0)
        {
            vs_spec.rts0 = ps_spec.rts0 = bad_rts0;
            vs_spec.rts0_size = ps_spec.rts0_size = sizeof(bad_rts0);
        }
        shader_build(&vs, &vs_spec);
        shader_build(&ps, &ps_spec);
        init_graphics(&desc, rs, &vs, &ps);
        switch (row->tweak)
        {
            case T_GARBAGE_VS: desc.VS.pShaderBytecode = garbage; desc.VS.BytecodeLength = sizeof(garbage); break;
            case T_CONSERVATIVE_2:
                desc.RasterizerState.ConservativeRaster = (D3D12_CONSERVATIVE_RASTERIZATION_MODE)2;
                break;
            case T_SO_NULL_DECL: case T_SO_NULL_NAME:
                desc.pRootSignature = rs_so;
                desc.StreamOutput.NumEntries = 1;
                desc.StreamOutput.pSODeclaration = row->tweak == T_SO_NULL_NAME ? gap : NULL;
                desc.StreamOutput.pBufferStrides = strides;
                desc.StreamOutput.NumStrides = 1;
                break;
            case T_STRIP_CUT_FLAG: desc.Flags = (D3D12_PIPELINE_STATE_FLAGS)0x8; break;
            case T_PATCH_NO_HS: desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH; break;
            case T_FOREIGN_RS: desc.pRootSignature = (ID3D12RootSignature *)device; break;
            case T_NULL_CODE: desc.PS.pShaderBytecode = NULL; desc.PS.BytecodeLength = 8; break;
            case T_BAD_RTS0: desc.pRootSignature = NULL; break;
            case T_RT_NO_FORMAT: desc.RTVFormats[0] = (DXGI_FORMAT)0x1000; break;
            case T_RT_UNKNOWN: desc.RTVFormats[0] = DXGI_FORMAT_UNKNOWN; break;
            case T_BLEND: case T_BLEND_AND_LOGIC_1:
            {
                D3D12_RENDER_TARGET_BLEND_DESC *b = &desc.BlendState.RenderTarget[row->tweak == T_BLEND ? 0 : 1];

                b->BlendEnable = TRUE;
                b->SrcBlend = b->SrcBlendAlpha = D3D12_BLEND_SRC_ALPHA;
                b->DestBlend = b->DestBlendAlpha = D3D12_BLEND_INV_SRC_ALPHA;
                b->BlendOp = b->BlendOpAlpha = D3D12_BLEND_OP_ADD;
                b->RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
                if (row->tweak == T_BLEND_AND_LOGIC_1)
                {
                    b->LogicOpEnable = TRUE;
                    desc.BlendState.IndependentBlendEnable = TRUE;
                    desc.NumRenderTargets = 2;
                    desc.RTVFormats[1] = DXGI_FORMAT_R8G8B8A8_UINT;
                }
                break;
            }
            case T_SAMPLE_33: desc.SampleDesc.Count = 33; break;
            case T_SAMPLE_QUALITY_1: desc.SampleDesc.Quality = 1; break;
            case T_FILL_4: desc.RasterizerState.FillMode = (D3D12_FILL_MODE)4; break;
            case T_CULL_4: desc.RasterizerState.CullMode = (D3D12_CULL_MODE)4; break;
            case T_SO_RS_11:
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
        is_stream = row->tweak == T_STENCIL_MASKS || row->tweak == T_VIEW_5 || row->tweak == T_VIEW_NULL
                || row->tweak == T_VIEW_1;
        if (is_stream)
        {
            struct stream s;
            D3D12_DEPTH_STENCIL_DESC2 ds2 = {0};
            D3D12_VIEW_INSTANCING_DESC view = {row->tweak == T_VIEW_5 ? 5 : 1,
                    row->tweak == T_VIEW_NULL ? NULL : locations, D3D12_VIEW_INSTANCING_FLAG_NONE};
            D3D12_SHADER_BYTECODE code;
            DXGI_FORMAT dsv = DXGI_FORMAT_D24_UNORM_S8_UINT;

            memset(&s, 0, sizeof(s));
            ADD(&s, ROOT_SIGNATURE, rs);
            code = shader_code(&vs); ADD(&s, VS, code);
            code = shader_code(&ps); ADD(&s, PS, code);
            if (row->tweak == T_STENCIL_MASKS)
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
            hr = create_stream(device, s.bytes, s.size, &pso);
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
        else if (row->tweak == T_BAD_RTS0 && (!text || !strstr(text, "CreateRootSignature")))
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
static void test_stream_more(void **state)
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
    assert_int_equal(create_stream(device, s.bytes, s.size, &pso), E_INVALIDARG);
    expect_message(device, ID(CREATEGRAPHICSPIPELINESTATE_AS_NOT_MS_MISMATCH),
            "an amplification shader (AS) needs a mesh shader (MS)");

    memset(&s, 0, sizeof(s));
    ADD(&s, ROOT_SIGNATURE, rs);
    code = shader_code(&vs); ADD(&s, VS, code);
    code = shader_code(&ms); ADD(&s, MS, code);
    code = shader_code(&ps); ADD(&s, PS, code);
    assert_int_equal(create_stream(device, s.bytes, s.size, &pso), E_INVALIDARG);
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
    assert_int_equal(create_stream(device, s.bytes, s.size, &pso), S_OK);
    ID3D12PipelineState_Release(pso);
    /* Two bytes past the last subobject: no room for a type. */
    assert_int_equal(create_stream(device, s.bytes, s.size + 2, &pso), E_INVALIDARG);
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
    dxbc_put(copy + 4, 2);
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
        {"format 2", 4, 2, 0, "the library was serialized by another driver version",
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
        cmocka_unit_test(test_shader_parts),
        cmocka_unit_test_setup_teardown(test_graphics_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_stream_more, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_objects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cached_blob_header, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library_arguments, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library_blobs, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
