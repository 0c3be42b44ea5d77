/*
 * Pipeline states, validated, never compiled: CreateGraphicsPipelineState,
 * CreateComputePipelineState and ID3D12Device2::CreatePipelineState turn
 * their description into one normalised form (struct pso), check it — the
 * shaders' containers, stages, shader models and feature flags
 * (src/objects/shader_bytecode.h), the root signature, the fixed-function
 * state against the adapter — digest it and make the object
 * (src/objects/pipeline_state.h). ID3D12Device1::CreatePipelineLibrary reads
 * a serialized library (src/objects/pipeline_library.h), whose loads come
 * back here through the owner's build callback.
 *
 * What Windows does, as the public conformance tests record it: vkd3d's
 * tests/d3d12.c test_create_graphics_pipeline_state (BlendEnable with
 * LogicOpEnable, IndependentBlendEnable with a logic op, a render target
 * format past NumRenderTargets, stream output without
 * ALLOW_STREAM_OUTPUT: E_INVALIDARG; a DSVFormat of R8G8B8A8_UNORM or
 * UNKNOWN with depth enabled: S_OK), test_create_compute_pipeline_state
 * (the device reference); vkd3d-proton's tests/d3d12_pso_blob.c
 * (test_get_cached_blob, test_pipeline_library). The root signature rule is
 * the resource binding specification's ("Root Signature Selection"): a root
 * signature in the description replaces the shaders' own; without one every
 * shader must embed one and they must match. docs/objects.md lists every
 * check, its result and message, and which are ours (mockd3d12).
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "caps/format_rules.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "refusal.h"
#include "device_pipelines.h"
#include "device_root_signature.h"
#include "mk_tables.h"
#include "pipeline_library.h"
#include "pipeline_state.h"
#include "printf_format.h"
#include "root_signature.h"
#include "shader_bytecode.h"

/* Newer than the installed DirectX-Headers (1.606): D3D12_PIPELINE_STATE_FLAGS'
 * dynamic depth bias and index-buffer strip cut (d3d12.idl of SDK 1.608+). */
#define MK_PIPELINE_STATE_FLAG_DYNAMIC_DEPTH_BIAS 0x4u
#define MK_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT 0x8u

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

/* ---- The stages ---- */

enum stage
{
    STAGE_VS, STAGE_PS, STAGE_DS, STAGE_HS, STAGE_GS, STAGE_CS, STAGE_AS, STAGE_MS, STAGE_COUNT
};

struct stage_info
{
    char slot[3];              /* the description's member */
    uint32_t kind;             /* the program kind it takes (enum obj_shader_kind) */
    D3D12_MESSAGE_ID bad;      /* malformed, or needing what the adapter lacks */
    D3D12_MESSAGE_ID wrong;    /* another stage's program */
    D3D12_MESSAGE_ID mismatch; /* its embedded root signature differs */
};

static const struct stage_info stages[STAGE_COUNT] =
{
    [STAGE_VS] = {"VS", OBJ_SHADER_VERTEX, D3D12_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERTYPE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_PS] = {"PS", OBJ_SHADER_PIXEL, D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERTYPE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_PS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_DS] = {"DS", OBJ_SHADER_DOMAIN, D3D12_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERTYPE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_DS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_HS] = {"HS", OBJ_SHADER_HULL, D3D12_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERTYPE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_GS] = {"GS", OBJ_SHADER_GEOMETRY, D3D12_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERTYPE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_GS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_CS] = {"CS", OBJ_SHADER_COMPUTE, D3D12_MESSAGE_ID_CREATECOMPUTESHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER,
            D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_CS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_AS] = {"AS", OBJ_SHADER_AMPLIFICATION, D3D12_MESSAGE_ID_CREATEAMPLIFICATIONSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEAMPLIFICATIONSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_AS_ROOT_SIGNATURE_MISMATCH},
    [STAGE_MS] = {"MS", OBJ_SHADER_MESH, D3D12_MESSAGE_ID_CREATEMESHSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEMESHSHADER_INVALIDSHADERBYTECODE,
            D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MS_ROOT_SIGNATURE_MISMATCH},
};

/* ---- One description, whichever call made it ---- */

struct rasterizer
{
    UINT fill, cull;
    BOOL front_ccw;
    float depth_bias, depth_bias_clamp, slope_scaled_depth_bias;
    BOOL depth_clip, multisample, antialiased_line;
    UINT forced_sample_count, conservative;
};

struct pso
{
    bool compute;
    ID3D12RootSignature *root_signature;
    D3D12_SHADER_BYTECODE shaders[STAGE_COUNT];
    D3D12_STREAM_OUTPUT_DESC stream_output;
    D3D12_BLEND_DESC blend;
    UINT sample_mask;
    struct rasterizer rasterizer;
    D3D12_DEPTH_STENCIL_DESC2 depth_stencil;
    D3D12_INPUT_LAYOUT_DESC input_layout;
    UINT strip_cut;
    UINT topology;
    struct D3D12_RT_FORMAT_ARRAY rt;
    DXGI_FORMAT dsv;
    DXGI_SAMPLE_DESC sample;
    UINT node_mask;
    D3D12_CACHED_PIPELINE_STATE cached;
    UINT flags;
    D3D12_VIEW_INSTANCING_DESC view_instancing;
};

/* CD3DX12's defaults, which a stream's missing subobjects take (the D3D12
 * documentation of D3D12_PIPELINE_STATE_SUBOBJECT_TYPE: "default values"). */
static void pso_defaults(struct pso *p)
{
    UINT i;

    memset(p, 0, sizeof(*p));
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        D3D12_RENDER_TARGET_BLEND_DESC *rt = &p->blend.RenderTarget[i];

        rt->SrcBlend = rt->SrcBlendAlpha = D3D12_BLEND_ONE;
        rt->DestBlend = rt->DestBlendAlpha = D3D12_BLEND_ZERO;
        rt->BlendOp = rt->BlendOpAlpha = D3D12_BLEND_OP_ADD;
        rt->LogicOp = D3D12_LOGIC_OP_NOOP;
        rt->RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
    }
    p->sample_mask = UINT32_MAX;
    p->rasterizer.fill = D3D12_FILL_MODE_SOLID;
    p->rasterizer.cull = D3D12_CULL_MODE_BACK;
    p->rasterizer.depth_clip = TRUE;
    p->depth_stencil.DepthEnable = TRUE;
    p->depth_stencil.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    p->depth_stencil.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    p->depth_stencil.FrontFace.StencilFailOp = p->depth_stencil.FrontFace.StencilDepthFailOp
            = p->depth_stencil.FrontFace.StencilPassOp = D3D12_STENCIL_OP_KEEP;
    p->depth_stencil.FrontFace.StencilFunc = D3D12_COMPARISON_FUNC_ALWAYS;
    p->depth_stencil.FrontFace.StencilReadMask = p->depth_stencil.FrontFace.StencilWriteMask = 0xff;
    p->depth_stencil.BackFace = p->depth_stencil.FrontFace;
    p->sample.Count = 1;
}

static void set_rasterizer(struct pso *p, const D3D12_RASTERIZER_DESC *r)
{
    p->rasterizer.fill = (UINT)r->FillMode;
    p->rasterizer.cull = (UINT)r->CullMode;
    p->rasterizer.front_ccw = r->FrontCounterClockwise;
    p->rasterizer.depth_bias = (float)r->DepthBias;
    p->rasterizer.depth_bias_clamp = r->DepthBiasClamp;
    p->rasterizer.slope_scaled_depth_bias = r->SlopeScaledDepthBias;
    p->rasterizer.depth_clip = r->DepthClipEnable;
    p->rasterizer.multisample = r->MultisampleEnable;
    p->rasterizer.antialiased_line = r->AntialiasedLineEnable;
    p->rasterizer.forced_sample_count = r->ForcedSampleCount;
    p->rasterizer.conservative = (UINT)r->ConservativeRaster;
}

static void set_stencil_face(D3D12_DEPTH_STENCILOP_DESC1 *out, const D3D12_DEPTH_STENCILOP_DESC *in, UINT8 read,
        UINT8 write)
{
    out->StencilFailOp = in->StencilFailOp;
    out->StencilDepthFailOp = in->StencilDepthFailOp;
    out->StencilPassOp = in->StencilPassOp;
    out->StencilFunc = in->StencilFunc;
    out->StencilReadMask = read;
    out->StencilWriteMask = write;
}

static void set_depth_stencil(struct pso *p, const D3D12_DEPTH_STENCIL_DESC *d)
{
    p->depth_stencil.DepthEnable = d->DepthEnable;
    p->depth_stencil.DepthWriteMask = d->DepthWriteMask;
    p->depth_stencil.DepthFunc = d->DepthFunc;
    p->depth_stencil.StencilEnable = d->StencilEnable;
    set_stencil_face(&p->depth_stencil.FrontFace, &d->FrontFace, d->StencilReadMask, d->StencilWriteMask);
    set_stencil_face(&p->depth_stencil.BackFace, &d->BackFace, d->StencilReadMask, d->StencilWriteMask);
    p->depth_stencil.DepthBoundsTestEnable = FALSE;
}

static void pso_from_graphics(struct pso *p, const D3D12_GRAPHICS_PIPELINE_STATE_DESC *d)
{
    UINT i;

    pso_defaults(p);
    p->root_signature = d->pRootSignature;
    p->shaders[STAGE_VS] = d->VS;
    p->shaders[STAGE_PS] = d->PS;
    p->shaders[STAGE_DS] = d->DS;
    p->shaders[STAGE_HS] = d->HS;
    p->shaders[STAGE_GS] = d->GS;
    p->stream_output = d->StreamOutput;
    p->blend = d->BlendState;
    p->sample_mask = d->SampleMask;
    set_rasterizer(p, &d->RasterizerState);
    set_depth_stencil(p, &d->DepthStencilState);
    p->input_layout = d->InputLayout;
    p->strip_cut = (UINT)d->IBStripCutValue;
    p->topology = (UINT)d->PrimitiveTopologyType;
    p->rt.NumRenderTargets = d->NumRenderTargets;
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
        p->rt.RTFormats[i] = d->RTVFormats[i];
    p->dsv = d->DSVFormat;
    p->sample = d->SampleDesc;
    p->node_mask = d->NodeMask;
    p->cached = d->CachedPSO;
    p->flags = (UINT)d->Flags;
}

static void pso_from_compute(struct pso *p, const D3D12_COMPUTE_PIPELINE_STATE_DESC *d)
{
    pso_defaults(p);
    p->compute = true;
    p->root_signature = d->pRootSignature;
    p->shaders[STAGE_CS] = d->CS;
    p->node_mask = d->NodeMask;
    p->cached = d->CachedPSO;
    p->flags = (UINT)d->Flags;
}

/* ---- The parsed stream ---- */

/* Subobjects whose value is not a field of struct pso as it stands. */
static void set_rasterizer_from(struct pso *p, const void *v)
{
    D3D12_RASTERIZER_DESC rasterizer;

    memcpy(&rasterizer, v, sizeof(rasterizer));
    set_rasterizer(p, &rasterizer);
}

static void set_depth_stencil_from(struct pso *p, const void *v)
{
    D3D12_DEPTH_STENCIL_DESC ds;

    memcpy(&ds, v, sizeof(ds));
    set_depth_stencil(p, &ds);
}

static void set_depth_stencil1_from(struct pso *p, const void *v)
{
    D3D12_DEPTH_STENCIL_DESC1 ds1;
    D3D12_DEPTH_STENCIL_DESC ds;

    memcpy(&ds1, v, sizeof(ds1));
    ds.DepthEnable = ds1.DepthEnable;
    ds.DepthWriteMask = ds1.DepthWriteMask;
    ds.DepthFunc = ds1.DepthFunc;
    ds.StencilEnable = ds1.StencilEnable;
    ds.StencilReadMask = ds1.StencilReadMask;
    ds.StencilWriteMask = ds1.StencilWriteMask;
    ds.FrontFace = ds1.FrontFace;
    ds.BackFace = ds1.BackFace;
    set_depth_stencil(p, &ds);
    p->depth_stencil.DepthBoundsTestEnable = ds1.DepthBoundsTestEnable;
}

/* One subobject type: the struct after its type, and where its value goes:
 * the field of struct pso at `offset`, or through setters[`set`] (0: none).
 * No pointers in the table: read-only data the loader need not relocate. */
struct subobject
{
    char name[28];          /* "" for a type without a subobject */
    uint16_t size, align;
    uint16_t offset;
    uint8_t set;
};

enum { SET_NONE, SET_RASTERIZER, SET_DEPTH_STENCIL, SET_DEPTH_STENCIL1 };
static void (*const setters[])(struct pso *p, const void *v) =
{
    [SET_RASTERIZER] = set_rasterizer_from,
    [SET_DEPTH_STENCIL] = set_depth_stencil_from,
    [SET_DEPTH_STENCIL1] = set_depth_stencil1_from,
};

#define SUB_AT(type, inner, field) [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_##type] = \
        {#type, sizeof(inner), _Alignof(inner), offsetof(struct pso, field), SET_NONE}
#define SUB_SET(type, inner, set) [D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_##type] = \
        {#type, sizeof(inner), _Alignof(inner), 0, set}
static const struct subobject subobjects[] =
{
    SUB_AT(ROOT_SIGNATURE, ID3D12RootSignature *, root_signature),
    SUB_AT(VS, D3D12_SHADER_BYTECODE, shaders[STAGE_VS]),
    SUB_AT(PS, D3D12_SHADER_BYTECODE, shaders[STAGE_PS]),
    SUB_AT(DS, D3D12_SHADER_BYTECODE, shaders[STAGE_DS]),
    SUB_AT(HS, D3D12_SHADER_BYTECODE, shaders[STAGE_HS]),
    SUB_AT(GS, D3D12_SHADER_BYTECODE, shaders[STAGE_GS]),
    SUB_AT(CS, D3D12_SHADER_BYTECODE, shaders[STAGE_CS]),
    SUB_AT(STREAM_OUTPUT, D3D12_STREAM_OUTPUT_DESC, stream_output),
    SUB_AT(BLEND, D3D12_BLEND_DESC, blend),
    SUB_AT(SAMPLE_MASK, UINT, sample_mask),
    SUB_SET(RASTERIZER, D3D12_RASTERIZER_DESC, SET_RASTERIZER),
    SUB_SET(DEPTH_STENCIL, D3D12_DEPTH_STENCIL_DESC, SET_DEPTH_STENCIL),
    SUB_AT(INPUT_LAYOUT, D3D12_INPUT_LAYOUT_DESC, input_layout),
    SUB_AT(IB_STRIP_CUT_VALUE, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE, strip_cut),
    SUB_AT(PRIMITIVE_TOPOLOGY, D3D12_PRIMITIVE_TOPOLOGY_TYPE, topology),
    SUB_AT(RENDER_TARGET_FORMATS, struct D3D12_RT_FORMAT_ARRAY, rt),
    SUB_AT(DEPTH_STENCIL_FORMAT, DXGI_FORMAT, dsv),
    SUB_AT(SAMPLE_DESC, DXGI_SAMPLE_DESC, sample),
    SUB_AT(NODE_MASK, UINT, node_mask),
    SUB_AT(CACHED_PSO, D3D12_CACHED_PIPELINE_STATE, cached),
    SUB_AT(FLAGS, D3D12_PIPELINE_STATE_FLAGS, flags),
    SUB_SET(DEPTH_STENCIL1, D3D12_DEPTH_STENCIL_DESC1, SET_DEPTH_STENCIL1),
    SUB_AT(VIEW_INSTANCING, D3D12_VIEW_INSTANCING_DESC, view_instancing),
    SUB_AT(AS, D3D12_SHADER_BYTECODE, shaders[STAGE_AS]),
    SUB_AT(MS, D3D12_SHADER_BYTECODE, shaders[STAGE_MS]),
    SUB_AT(DEPTH_STENCIL2, D3D12_DEPTH_STENCIL_DESC2, depth_stencil),
};
#undef SUB_SET
#undef SUB_AT

static size_t align_up(size_t value, size_t alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

/* A stream (ID3D12Device2::CreatePipelineState, ID3D12PipelineLibrary1::
 * LoadPipeline): each subobject a D3D12_PIPELINE_STATE_SUBOBJECT_TYPE and its
 * struct at that struct's alignment, the whole padded to a pointer's
 * (d3dx12's CD3DX12_PIPELINE_STATE_STREAM_SUBOBJECT, alignas(void *)). */
static bool pso_from_stream(struct pso *p, const D3D12_PIPELINE_STATE_STREAM_DESC *desc, struct mk_refusal *r)
{
    const uint8_t *bytes = desc->pPipelineStateSubobjectStream;
    size_t size = desc->SizeInBytes, at = 0, inner, count = sizeof(subobjects) / sizeof(subobjects[0]);
    uint32_t seen = 0, type, group;
    const void *v;
    bool graphics;

    pso_defaults(p);
    if (!size || !bytes)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_ZERO_SIZE_STREAM, "the stream is empty "
                "(SizeInBytes %zu, pPipelineStateSubobjectStream %s)", size, bytes ? "set" : "NULL");
    if ((uintptr_t)bytes % sizeof(void *))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM,
                "pPipelineStateSubobjectStream is not aligned to a pointer's %zu bytes", sizeof(void *));
    while (at < size)
    {
        if (size - at < sizeof(UINT))
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM,
                    "the stream ends inside a subobject's type at byte %zu", at);
        memcpy(&type, bytes + at, sizeof(type));
        if (type >= count || !subobjects[type].name[0])
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_UNKNOWN_SUBOBJECT,
                    "the subobject at byte %zu has type %u, no D3D12_PIPELINE_STATE_SUBOBJECT_TYPE this runtime "
                    "knows (0 to %zu but 23)", at, (unsigned)type, count - 1);
        inner = align_up(at + sizeof(UINT), subobjects[type].align);
        if (inner > size || size - inner < subobjects[type].size)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM,
                    "the %s subobject at byte %zu ends past the stream's %zu bytes", subobjects[type].name, at, size);
        /* DEPTH_STENCIL, DEPTH_STENCIL1 and DEPTH_STENCIL2 are one state. */
        group = type == D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL1
                || type == D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL2
                ? D3D12_PIPELINE_STATE_SUBOBJECT_TYPE_DEPTH_STENCIL : type;
        if (seen & 1u << group)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_DUPLICATE_SUBOBJECT,
                    "the %s subobject at byte %zu repeats one the stream already has", subobjects[type].name, at);
        seen |= 1u << group;
        v = bytes + inner;
        if (subobjects[type].set)
            setters[subobjects[type].set](p, v);
        else
            memcpy((char *)p + subobjects[type].offset, v, subobjects[type].size);
        at = align_up(inner + subobjects[type].size, sizeof(void *));
    }
    /* The type: a compute shader alone, or a vertex or mesh shader. */
    graphics = p->shaders[STAGE_VS].pShaderBytecode || p->shaders[STAGE_MS].pShaderBytecode;
    p->compute = p->shaders[STAGE_CS].pShaderBytecode != NULL;
    if (p->compute == graphics)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE, "%s", graphics
                ? "the stream has a CS and a VS or MS: it is neither a compute nor a graphics pipeline"
                : "the stream has no CS, VS or MS: it is neither a compute nor a graphics pipeline");
    /* A compute stream ignores the graphics stages it carries besides VS and
     * MS: vkd3d's test_create_pipeline_state records Windows creating CS + PS
     * + rasterizer (and refusing CS + VS, above). */
    if (p->compute)
    {
        for (unsigned s = 0; s < STAGE_COUNT; ++s)
        {
            if (s != STAGE_CS)
                memset(&p->shaders[s], 0, sizeof(p->shaders[s]));
        }
    }
    return true;
}

/* ---- The checks ---- */

/* The runtime's highest D3D_SHADER_MODEL (reference data). */
static bool runtime_knows_model(struct mk_device *device, uint32_t model)
{
    const struct mk_enum *models = &mk_enums[MK_ENUM_ID_D3D_SHADER_MODEL];
    const struct mk_enum_value *value;
    UINT i;

    for (i = 0; i < models->value_count; ++i)
    {
        value = &mk_enum_values[models->first_value + i];
        if (value->value == model)
            return caps_runtime_knows_until(&device->runtime, value->first_retail, value->first_preview,
                    value->last_preview);
    }
    return false;
}

static const char *hash_problem(const struct obj_shader_info *info)
{
    switch (info->hash_kind)
    {
        case OBJ_SHADER_HASH_VALID:
            return NULL;
        case OBJ_SHADER_HASH_BYPASS:
            return info->dxil ? NULL : "its DXBC container carries the BYPASS hash, which only DXIL may";
        case OBJ_SHADER_HASH_PREVIEW:
            return "its container carries the PREVIEW hash of a preview shader model, which needs "
                    "D3D12ExperimentalShaderModels (mockd3d12 models no experimental shader models)";
        case OBJ_SHADER_HASH_ZERO:
            return "its container is unsigned (a zero hash: validation was skipped, dxc -Vd)";
        default:
            return "its container's checksum is wrong";
    }
}

/* One stage's shader: parsed, its stage, shader model and feature flags
 * against the adapter. */
static bool check_shader(struct mk_device *device, enum stage s, const D3D12_SHADER_BYTECODE *code,
        struct obj_shader_info *info, struct mk_refusal *r)
{
    const struct stage_info *st = &stages[s];
    const char *problem;
    char why[256], what[160];

    if (FAILED(obj_shader_parse(code->pShaderBytecode, code->BytecodeLength, info, why, sizeof(why))))
        return mk_refuse(r, st->bad, "%s is not shader bytecode: %s", st->slot, why);
    if ((problem = hash_problem(info)))
        return mk_refuse(r, st->bad, "%s: %s", st->slot, problem);
    if (info->kind != st->kind)
        return mk_refuse(r, st->wrong, "%s holds a %s shader, not a %s shader", st->slot,
                obj_shader_kind_name(info->kind), obj_shader_kind_name(st->kind));
    if (info->dxil)
    {
        snprintf(what, sizeof(what), "%.*s's shader model %u.%u", (int)sizeof(st->slot), st->slot,
                (unsigned)(info->model >> 4), (unsigned)(info->model & 0xf));
        if (!runtime_knows_model(device, info->model))
            return mk_refuse(r, st->bad, "%s is past every D3D_SHADER_MODEL this runtime knows", what);
        if (!mk_require(device, MK_AT_LEAST(SHADER_MODEL, HighestShaderModel, info->model), what,
                st->bad, r))
            return false;
    }
    if ((s == STAGE_MS || s == STAGE_AS) && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS7, MeshShaderTier,
            D3D12_MESH_SHADER_TIER_1), s == STAGE_MS ? "a mesh shader" : "an amplification shader",
            st->bad, r))
        return false;
    return mk_require_shader_features(device, info->requires, st->slot, st->bad, r);
}

/* The adapter's FORMAT_SUPPORT answer for a format this runtime knows. */
static bool format_support(struct mk_device *device, DXGI_FORMAT format, UINT *support1, UINT *support2,
        const char **name)
{
    const struct caps_format_rule *rule = NULL;

    if (caps_format_known(&device->runtime, (uint32_t)format))
        rule = caps_format_rule((uint32_t)format);
    *support1 = *support2 = 0;
    *name = "?";
    if (!rule)
        return false;
    caps_format_support(device->adapter, rule, support1, support2);
    *name = caps_format_rule_name(rule);
    return true;
}

/* MULTISAMPLE_QUALITY_LEVELS as the device answers it (the same fill). */
static UINT quality_levels(struct mk_device *device, DXGI_FORMAT format, UINT count)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS data = {format, count, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, 0};
    const struct mk_feature *feature = mk_feature_from_value(D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS);
    char why[128];
    bool write_back = false;
    struct caps_fill fill = {device->adapter, feature, &device->runtime, &data, why, sizeof(why), &write_back};

    if (!feature || FAILED(caps_fill_feature(&fill)))
        return 0;
    return data.NumQualityLevels;
}

static bool check_sample_count(struct mk_device *device, const struct pso *p, DXGI_FORMAT format, const char *which,
        struct mk_refusal *r)
{
    UINT levels;

    if (format == DXGI_FORMAT_UNKNOWN || p->sample.Count <= 1)
        return true;
    levels = quality_levels(device, format, p->sample.Count);
    if (p->sample.Quality < levels)
        return true;
    return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC,
            "SampleDesc {%u, %u} cannot be rendered to %s format %u on %s: its "
            "D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS answer for %u samples is %u quality levels",
            (unsigned)p->sample.Count, (unsigned)p->sample.Quality, which, (unsigned)format,
            caps_adapter_id(device->adapter), (unsigned)p->sample.Count, (unsigned)levels);
}

static bool check_output_merger(struct mk_device *device, const struct pso *p, struct mk_refusal *r)
{
    const char *adapter = caps_adapter_id(device->adapter), *name;
    UINT i, support1, support2;
    bool logic_op = false;

    if (p->rt.NumRenderTargets > D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_RENDER_TARGET_COUNT,
                "NumRenderTargets is %u, more than %u", (unsigned)p->rt.NumRenderTargets,
                D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT);
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        const D3D12_RENDER_TARGET_BLEND_DESC *b = &p->blend.RenderTarget[p->blend.IndependentBlendEnable ? i : 0];
        DXGI_FORMAT format = p->rt.RTFormats[i];

        if (i >= p->rt.NumRenderTargets)
        {
            if (format != DXGI_FORMAT_UNKNOWN)
                return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_RTV_FORMAT_NOT_UNKNOWN,
                        "RTVFormats[%u] is %u past NumRenderTargets %u: it must be DXGI_FORMAT_UNKNOWN", i,
                        (unsigned)format, (unsigned)p->rt.NumRenderTargets);
            continue;
        }
        if (b->BlendEnable && b->LogicOpEnable)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEBLENDSTATE_INVALIDLOGICOPS,
                    "BlendState.RenderTarget[%u] enables both blending and a logic op", p->blend.IndependentBlendEnable ? i : 0);
        logic_op |= b->LogicOpEnable != FALSE;
        if (format == DXGI_FORMAT_UNKNOWN)
            continue;
        if (!format_support(device, format, &support1, &support2, &name))
            return mk_refuse(r, D3D12_MESSAGE_ID_RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE,
                    "RTVFormats[%u] is %u, not a DXGI_FORMAT this runtime knows", i, (unsigned)format);
        if (!(support1 & D3D12_FORMAT_SUPPORT1_RENDER_TARGET))
            return mk_refuse(r, D3D12_MESSAGE_ID_RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE,
                    "RTVFormats[%u] DXGI_FORMAT_%s cannot be a render target on %s: its D3D12_FEATURE_FORMAT_SUPPORT "
                    "Support1 (0x%x) has no D3D12_FORMAT_SUPPORT1_RENDER_TARGET", i, name, adapter, (unsigned)support1);
        if (b->BlendEnable && !(support1 & D3D12_FORMAT_SUPPORT1_BLENDABLE))
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_OM_RENDER_TARGET_DOES_NOT_SUPPORT_BLENDING,
                    "RTVFormats[%u] DXGI_FORMAT_%s cannot be blended on %s: its D3D12_FEATURE_FORMAT_SUPPORT "
                    "Support1 (0x%x) has no D3D12_FORMAT_SUPPORT1_BLENDABLE", i, name, adapter, (unsigned)support1);
        if (!check_sample_count(device, p, format, "render target", r))
            return false;
    }
    if (logic_op && p->blend.IndependentBlendEnable)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEBLENDSTATE_INVALIDLOGICOPS,
                "a logic op with IndependentBlendEnable: logic ops apply to every render target alike");
    if (logic_op && !mk_require(device, MK_GATE(D3D12_OPTIONS, OutputMergerLogicOp, MK_GATE_NONZERO, 0),
            "a logic op (LogicOpEnable)", D3D12_MESSAGE_ID_CREATEBLENDSTATE_INVALIDLOGICOPS, r))
        return false;
    return check_sample_count(device, p, p->dsv, "depth-stencil", r);
}

static bool check_fixed_function(struct mk_device *device, const struct pso *p, struct mk_refusal *r)
{
    const D3D12_DEPTH_STENCIL_DESC2 *ds = &p->depth_stencil;

    if (p->sample.Count == 0 || p->sample.Count > 32 || (p->sample.Count == 1 && p->sample.Quality))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC,
                "SampleDesc {%u, %u} is no sample description (a count from 1 to 32; quality 0 with one sample)",
                (unsigned)p->sample.Count, (unsigned)p->sample.Quality);
    if (p->rasterizer.fill < D3D12_FILL_MODE_WIREFRAME || p->rasterizer.fill > D3D12_FILL_MODE_SOLID)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFILLMODE,
                "RasterizerState.FillMode %u is no D3D12_FILL_MODE", (unsigned)p->rasterizer.fill);
    if (p->rasterizer.cull < D3D12_CULL_MODE_NONE || p->rasterizer.cull > D3D12_CULL_MODE_BACK)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDCULLMODE,
                "RasterizerState.CullMode %u is no D3D12_CULL_MODE", (unsigned)p->rasterizer.cull);
    if (p->rasterizer.conservative > D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE,
                "RasterizerState.ConservativeRaster %u is no D3D12_CONSERVATIVE_RASTERIZATION_MODE",
                (unsigned)p->rasterizer.conservative);
    if (p->rasterizer.conservative && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS, ConservativeRasterizationTier,
            D3D12_CONSERVATIVE_RASTERIZATION_TIER_1), "conservative rasterization",
            D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE, r))
        return false;
    if (ds->DepthBoundsTestEnable && !mk_require(device, MK_GATE(D3D12_OPTIONS2, DepthBoundsTestSupported,
            MK_GATE_NONZERO, 0), "the depth-bounds test (DepthBoundsTestEnable)",
            D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_DEPTHBOUNDSTEST_UNSUPPORTED, r))
        return false;
    if (ds->StencilEnable && (ds->FrontFace.StencilReadMask != ds->BackFace.StencilReadMask
            || ds->FrontFace.StencilWriteMask != ds->BackFace.StencilWriteMask)
            && !mk_require(device, MK_GATE(D3D12_OPTIONS14, IndependentFrontAndBackStencilRefMaskSupported,
            MK_GATE_NONZERO, 0), "different front and back stencil masks",
            D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INDEPENDENT_MASKS_UNSUPPORTED, r))
        return false;
    if (p->view_instancing.ViewInstanceCount)
    {
        if (p->view_instancing.ViewInstanceCount > D3D12_MAX_VIEW_INSTANCE_COUNT
                || !p->view_instancing.pViewInstanceLocations)
            return mk_refuse(r, D3D12_MESSAGE_ID_VIEW_INSTANCING_INVALIDARGS, "ViewInstanceCount %u needs 1 to %u "
                    "locations in pViewInstanceLocations", (unsigned)p->view_instancing.ViewInstanceCount,
                    D3D12_MAX_VIEW_INSTANCE_COUNT);
        if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS3, ViewInstancingTier, D3D12_VIEW_INSTANCING_TIER_1),
                "view instancing", D3D12_MESSAGE_ID_VIEW_INSTANCING_UNSUPPORTED, r))
            return false;
    }
    if (p->input_layout.NumElements && !p->input_layout.pInputElementDescs)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INPUTLAYOUT_NOT_SET,
                "InputLayout has %u elements and a NULL pInputElementDescs", (unsigned)p->input_layout.NumElements);
    if (p->stream_output.NumEntries && !p->stream_output.pSODeclaration)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS,
                "StreamOutput has %u entries and a NULL pSODeclaration", (unsigned)p->stream_output.NumEntries);
    return check_output_merger(device, p, r);
}

static bool check_flags(struct mk_device *device, const struct pso *p, struct mk_refusal *r)
{
    const UINT known = D3D12_PIPELINE_STATE_FLAG_TOOL_DEBUG | MK_PIPELINE_STATE_FLAG_DYNAMIC_DEPTH_BIAS
            | MK_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT;

    if (p->flags & ~known)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_FLAGS,
                "Flags 0x%x has bits no D3D12_PIPELINE_STATE_FLAGS names", (unsigned)p->flags);
    if ((p->flags & MK_PIPELINE_STATE_FLAG_DYNAMIC_DEPTH_BIAS) && !mk_require(device, MK_GATE(D3D12_OPTIONS16,
            DynamicDepthBiasSupported, MK_GATE_NONZERO, 0), "D3D12_PIPELINE_STATE_FLAG_DYNAMIC_DEPTH_BIAS",
            D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_FLAGS, r))
        return false;
    if ((p->flags & MK_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT)
            && !mk_require(device, MK_GATE(D3D12_OPTIONS15, DynamicIndexBufferStripCutSupported, MK_GATE_NONZERO, 0),
            "D3D12_PIPELINE_STATE_FLAG_DYNAMIC_INDEX_BUFFER_STRIP_CUT",
            D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_FLAGS, r))
        return false;
    if (!mk_device_node_mask_valid(device, p->node_mask))
        return mk_refuse(r, D3D12_MESSAGE_ID_INVALID_NODE_INDEX, "NodeMask %#x is not one node of the adapter's %u",
                (unsigned)p->node_mask, (unsigned)caps_adapter_node_count(device->adapter));
    return true;
}

/* Which stages a pipeline of this shape may and must have. */
static bool check_stages(const struct pso *p, struct mk_refusal *r)
{
    const bool vs = p->shaders[STAGE_VS].pShaderBytecode, ms = p->shaders[STAGE_MS].pShaderBytecode;
    const bool hs = p->shaders[STAGE_HS].pShaderBytecode, ds = p->shaders[STAGE_DS].pShaderBytecode;

    if (p->compute)
        return true;
    if (!vs && !ms)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET,
                "a graphics pipeline needs a vertex shader (VS) or a mesh shader (MS)");
    if (p->shaders[STAGE_AS].pShaderBytecode && !ms)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_AS_NOT_MS_MISMATCH,
                "an amplification shader (AS) needs a mesh shader (MS)");
    if (ms && (vs || hs || ds || p->shaders[STAGE_GS].pShaderBytecode || p->input_layout.NumElements
            || p->stream_output.NumEntries))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MS_PSO_DESC_MISMATCH,
                "a mesh shader pipeline has no VS, HS, DS, GS, input layout or stream output");
    if (hs != ds)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HS_XOR_DS_MISMATCH,
                "a pipeline with a %s needs a %s", hs ? "hull shader (HS)" : "domain shader (DS)",
                hs ? "domain shader (DS)" : "hull shader (HS)");
    if (hs != (p->topology == D3D12_PRIMITIVE_TOPOLOGY_TYPE_PATCH))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH,
                "%s", hs ? "a hull shader needs PrimitiveTopologyType PATCH"
                : "PrimitiveTopologyType PATCH needs a hull shader");
    return true;
}

/* ---- Root signatures ---- */

/* The pipeline's root signature: the description's (its shaders' own are
 * replaced), or the one every shader embeds alike, created here. A new
 * reference in *out. */
static HRESULT resolve_root_signature(struct mk_device *device, const struct pso *p,
        const struct obj_shader_info *infos, const bool *present, ID3D12RootSignature **out, struct mk_refusal *r)
{
    const struct obj_shader_info *first = NULL;
    enum stage s, first_stage = STAGE_VS;
    HRESULT hr;

    *out = NULL;
    if (p->root_signature)
    {
        if (!obj_root_signature_from_iface(p->root_signature))
        {
            mk_refuse(r, p->compute ? D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE
                    : D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE,
                    "pRootSignature is not a root signature of mockd3d12");
            return E_INVALIDARG;
        }
        p->root_signature->lpVtbl->AddRef(p->root_signature);
        *out = p->root_signature;
        return S_OK;
    }
    for (s = 0; s < STAGE_COUNT; ++s)
    {
        if (!present[s])
            continue;
        if (!infos[s].root_signature)
        {
            mk_refuse(r, p->compute ? D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE
                    : D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE,
                    "pRootSignature is NULL and %s embeds no root signature (no RTS0 part)", stages[s].slot);
            return E_INVALIDARG;
        }
        if (!first)
        {
            first = &infos[s];
            first_stage = s;
        }
        else if (first->root_signature_size != infos[s].root_signature_size
                || memcmp(first->root_signature, infos[s].root_signature, first->root_signature_size))
        {
            mk_refuse(r, stages[s].mismatch,
                    "pRootSignature is NULL and the root signature %s embeds differs from %s's",
                    stages[s].slot, stages[first_stage].slot);
            return E_INVALIDARG;
        }
    }
    /* CreateRootSignature reads the RTS0 part of the shader's container and
     * reports its own refusals. */
    hr = d3d12_device_CreateRootSignature(&device->ID3D12Device17_iface, p->node_mask,
            p->shaders[first_stage].pShaderBytecode, p->shaders[first_stage].BytecodeLength, &IID_ID3D12RootSignature,
            (void **)out);
    if (FAILED(hr))
    {
        r->hr = hr;
        r->id = D3D12_MESSAGE_ID_UNKNOWN; /* reported by CreateRootSignature */
    }
    return hr;
}

static UINT root_signature_flags(ID3D12RootSignature *iface)
{
    const struct obj_root_signature *rs = obj_root_signature_from_iface(iface);
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc = &rs->rs->desc;

    return desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? (UINT)desc->Desc_1_0.Flags : (UINT)desc->Desc_1_1.Flags;
}

/* ---- The digest ---- */

static void digest_string(struct obj_digest *d, const char *s)
{
    if (s)
        obj_digest_bytes(d, s, strlen(s) + 1);
    else
        obj_digest_u32(d, 0);
}

static void digest_float(struct obj_digest *d, float f)
{
    uint32_t u;

    memcpy(&u, &f, sizeof(u));
    obj_digest_u32(d, u);
}

/* The stream output declaration. */
static void digest_stream_output(struct obj_digest *d, const struct pso *p)
{
    UINT i;

    obj_digest_u32(d, p->stream_output.NumEntries);
    for (i = 0; i < p->stream_output.NumEntries; ++i)
    {
        const D3D12_SO_DECLARATION_ENTRY *e = &p->stream_output.pSODeclaration[i];

        obj_digest_u32(d, e->Stream);
        digest_string(d, e->SemanticName);
        obj_digest_u32(d, e->SemanticIndex);
        obj_digest_u32(d, e->StartComponent);
        obj_digest_u32(d, e->ComponentCount);
        obj_digest_u32(d, e->OutputSlot);
    }
    obj_digest_u32(d, p->stream_output.NumStrides);
    for (i = 0; p->stream_output.pBufferStrides && i < p->stream_output.NumStrides; ++i)
        obj_digest_u32(d, p->stream_output.pBufferStrides[i]);
    obj_digest_u32(d, p->stream_output.RasterizedStream);
}

/* The blend state and sample mask. */
static void digest_blend(struct obj_digest *d, const struct pso *p)
{
    UINT i;

    obj_digest_u32(d, p->blend.AlphaToCoverageEnable);
    obj_digest_u32(d, p->blend.IndependentBlendEnable);
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        const D3D12_RENDER_TARGET_BLEND_DESC *b = &p->blend.RenderTarget[i];

        obj_digest_u32(d, b->BlendEnable);
        obj_digest_u32(d, b->LogicOpEnable);
        obj_digest_u32(d, b->SrcBlend);
        obj_digest_u32(d, b->DestBlend);
        obj_digest_u32(d, b->BlendOp);
        obj_digest_u32(d, b->SrcBlendAlpha);
        obj_digest_u32(d, b->DestBlendAlpha);
        obj_digest_u32(d, b->BlendOpAlpha);
        obj_digest_u32(d, b->LogicOp);
        obj_digest_u32(d, b->RenderTargetWriteMask);
    }
    obj_digest_u32(d, p->sample_mask);
}

/* The rasterizer and depth-stencil states. */
static void digest_rasterizer_depth_stencil(struct obj_digest *d, const struct pso *p)
{
    const struct rasterizer *ra = &p->rasterizer;
    const D3D12_DEPTH_STENCIL_DESC2 *ds = &p->depth_stencil;
    const D3D12_DEPTH_STENCILOP_DESC1 *faces[2] = {&ds->FrontFace, &ds->BackFace};
    UINT i;

    obj_digest_u32(d, ra->fill);
    obj_digest_u32(d, ra->cull);
    obj_digest_u32(d, ra->front_ccw);
    digest_float(d, ra->depth_bias);
    digest_float(d, ra->depth_bias_clamp);
    digest_float(d, ra->slope_scaled_depth_bias);
    obj_digest_u32(d, ra->depth_clip);
    obj_digest_u32(d, ra->multisample);
    obj_digest_u32(d, ra->antialiased_line);
    obj_digest_u32(d, ra->forced_sample_count);
    obj_digest_u32(d, ra->conservative);
    obj_digest_u32(d, ds->DepthEnable);
    obj_digest_u32(d, ds->DepthWriteMask);
    obj_digest_u32(d, ds->DepthFunc);
    obj_digest_u32(d, ds->StencilEnable);
    for (i = 0; i < 2; ++i)
    {
        obj_digest_u32(d, faces[i]->StencilFailOp);
        obj_digest_u32(d, faces[i]->StencilDepthFailOp);
        obj_digest_u32(d, faces[i]->StencilPassOp);
        obj_digest_u32(d, faces[i]->StencilFunc);
        obj_digest_u32(d, faces[i]->StencilReadMask);
        obj_digest_u32(d, faces[i]->StencilWriteMask);
    }
    obj_digest_u32(d, ds->DepthBoundsTestEnable);
}

/* The input layout. */
static void digest_input_layout(struct obj_digest *d, const struct pso *p)
{
    UINT i;

    obj_digest_u32(d, p->input_layout.NumElements);
    for (i = 0; i < p->input_layout.NumElements; ++i)
    {
        const D3D12_INPUT_ELEMENT_DESC *e = &p->input_layout.pInputElementDescs[i];

        digest_string(d, e->SemanticName);
        obj_digest_u32(d, e->SemanticIndex);
        obj_digest_u32(d, e->Format);
        obj_digest_u32(d, e->InputSlot);
        obj_digest_u32(d, e->AlignedByteOffset);
        obj_digest_u32(d, e->InputSlotClass);
        obj_digest_u32(d, e->InstanceDataStepRate);
    }
}

/* The topology, targets, samples and view instancing. */
static void digest_targets(struct obj_digest *d, const struct pso *p)
{
    UINT i;

    obj_digest_u32(d, p->strip_cut);
    obj_digest_u32(d, p->topology);
    obj_digest_u32(d, p->rt.NumRenderTargets);
    for (i = 0; i < D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
        obj_digest_u32(d, p->rt.RTFormats[i]);
    obj_digest_u32(d, p->dsv);
    obj_digest_u32(d, p->sample.Count);
    obj_digest_u32(d, p->sample.Quality);
    obj_digest_u32(d, p->view_instancing.ViewInstanceCount);
    for (i = 0; p->view_instancing.pViewInstanceLocations && i < p->view_instancing.ViewInstanceCount; ++i)
    {
        obj_digest_u32(d, p->view_instancing.pViewInstanceLocations[i].ViewportArrayIndex);
        obj_digest_u32(d, p->view_instancing.pViewInstanceLocations[i].RenderTargetArrayIndex);
    }
    obj_digest_u32(d, p->view_instancing.Flags);
}

/* Everything the pipeline is made of, field by field (no padding). */
static HRESULT pso_digest(const struct pso *p, ID3D12RootSignature *root_signature, uint8_t out[OBJ_PIPELINE_DIGEST_SIZE])
{
    const struct obj_rs_canonical *canonical = obj_root_signature_canonical(
            obj_root_signature_from_iface(root_signature));
    struct obj_digest d;
    UINT i;

    if (!canonical)
        return E_OUTOFMEMORY;
    obj_digest_init(&d);
    obj_digest_u32(&d, p->compute);
    obj_digest_bytes(&d, canonical->bytes, canonical->size);
    for (i = 0; i < STAGE_COUNT; ++i)
    {
        obj_digest_u32(&d, (uint32_t)p->shaders[i].BytecodeLength);
        if (p->shaders[i].pShaderBytecode)
            obj_digest_bytes(&d, p->shaders[i].pShaderBytecode, p->shaders[i].BytecodeLength);
    }
    obj_digest_u32(&d, p->node_mask);
    obj_digest_u32(&d, p->flags);
    if (!p->compute)
    {
        digest_stream_output(&d, p);
        digest_blend(&d, p);
        digest_rasterizer_depth_stencil(&d, p);
        digest_input_layout(&d, p);
        digest_targets(&d, p);
    }
    obj_digest_final(&d, out);
    return S_OK;
}

/* ---- Creation ---- */

static void report(struct mk_device *device, const char *method, const struct mk_refusal *r)
{
    mk_refusal_report(device, method, r, D3D12_MESSAGE_ID_UNKNOWN);
}

/* Every check of `p`, then the pipeline state (or, with `probe`, nothing). */
static HRESULT create_pso(struct mk_device *device, const struct pso *p, const char *method, bool probe,
        struct obj_pipeline_state **out)
{
    struct obj_shader_info infos[STAGE_COUNT];
    bool present[STAGE_COUNT], desc_mismatch;
    ID3D12RootSignature *root_signature = NULL;
    uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE];
    struct mk_refusal r;
    enum stage s;
    HRESULT hr;

    *out = NULL;
    r.id = D3D12_MESSAGE_ID_UNKNOWN;
    r.hr = E_INVALIDARG;
    r.why[0] = 0;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    for (s = 0; s < STAGE_COUNT; ++s)
    {
        const D3D12_SHADER_BYTECODE *code = &p->shaders[s];

        present[s] = code->pShaderBytecode != NULL;
        if (!present[s] && code->BytecodeLength)
        {
            mk_refuse(&r, stages[s].bad, "%s has %zu bytes and a NULL pShaderBytecode", stages[s].slot,
                    (size_t)code->BytecodeLength);
            goto refused;
        }
        if (present[s] && (p->compute != (s == STAGE_CS)))
        {
            mk_refuse(&r, p->compute ? D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE : stages[s].wrong,
                    "a %s pipeline has no %s", p->compute ? "compute" : "graphics", stages[s].slot);
            goto refused;
        }
        if (present[s] && !check_shader(device, s, code, &infos[s], &r))
            goto refused;
    }
    if (p->compute && !present[STAGE_CS])
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER, "a compute pipeline needs CS");
        goto refused;
    }
    if (!check_stages(p, &r) || !check_flags(device, p, &r) || (!p->compute && !check_fixed_function(device, p, &r)))
        goto refused;
    if (FAILED(hr = resolve_root_signature(device, p, infos, present, &root_signature, &r)))
    {
        r.hr = hr;
        goto refused;
    }
    if (p->stream_output.NumEntries && !(root_signature_flags(root_signature)
            & D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT))
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS,
                "stream output needs a root signature with D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT");
        goto refused;
    }
    if (FAILED(hr = pso_digest(p, root_signature, digest)))
    {
        r.hr = hr;
        goto refused;
    }
    if (p->cached.CachedBlobSizeInBytes && FAILED(hr = obj_pipeline_blob_check(&device->objects,
            p->cached.pCachedBlob, p->cached.CachedBlobSizeInBytes, p->compute, digest, &desc_mismatch)))
    {
        r.hr = hr;
        if (hr == D3D12_ERROR_ADAPTER_NOT_FOUND)
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBADAPTERMISMATCH,
                    "CachedPSO was made on another adapter than %s", caps_adapter_id(device->adapter));
        else if (hr == D3D12_ERROR_DRIVER_VERSION_MISMATCH)
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDRIVERVERSIONMISMATCH,
                    "CachedPSO was made by another driver version than %s's", caps_adapter_id(device->adapter));
        else if (desc_mismatch)
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDESCMISMATCH,
                    "CachedPSO was made from another description");
        else
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALIDCACHEDBLOB,
                    "CachedPSO is not a cached blob of ID3D12PipelineState::GetCachedBlob");
        r.hr = hr;
        goto refused;
    }
    if (probe)
    {
        root_signature->lpVtbl->Release(root_signature);
        return S_FALSE;
    }
    hr = obj_pipeline_state_create(&device->objects, p->compute ? OBJ_PIPELINE_COMPUTE : OBJ_PIPELINE_GRAPHICS,
            digest, root_signature, out);
    root_signature->lpVtbl->Release(root_signature);
    return hr;

refused:
    if (root_signature)
        root_signature->lpVtbl->Release(root_signature);
    report(device, method, &r);
    return r.hr;
}

static HRESULT create_and_query(struct mk_device *device, const struct pso *p, const char *method, REFIID riid,
        void **out)
{
    struct obj_pipeline_state *state;
    ID3D12PipelineState *iface;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = create_pso(device, p, method, !out, &state)) || !out)
        return hr;
    iface = obj_pipeline_state_iface(state);
    hr = riid ? iface->lpVtbl->QueryInterface(iface, riid, out) : E_INVALIDARG;
    iface->lpVtbl->Release(iface);
    return hr;
}

static HRESULT null_desc(struct mk_device *device, const char *method, D3D12_MESSAGE_ID id, void **out)
{
    struct mk_refusal r;

    if (out)
        *out = NULL;
    mk_refuse(&r, id, "the description is NULL");
    report(device, method, &r);
    return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateGraphicsPipelineState(ID3D12Device17 *iface,
        const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device::CreateGraphicsPipelineState";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct pso p;

    if (!desc)
        return null_desc(device, method, D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET, out);
    pso_from_graphics(&p, desc);
    return create_and_query(device, &p, method, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateComputePipelineState(ID3D12Device17 *iface,
        const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc, REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device::CreateComputePipelineState";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct pso p;

    if (!desc)
        return null_desc(device, method, D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER, out);
    pso_from_compute(&p, desc);
    return create_and_query(device, &p, method, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreatePipelineState(ID3D12Device17 *iface,
        const D3D12_PIPELINE_STATE_STREAM_DESC *desc, REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device2::CreatePipelineState";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct mk_refusal r;
    struct pso p;

    if (!desc)
        return null_desc(device, method, D3D12_MESSAGE_ID_CREATEPIPELINESTATE_ZERO_SIZE_STREAM, out);
    if (!pso_from_stream(&p, desc, &r))
    {
        if (out)
            *out = NULL;
        report(device, method, &r);
        return E_INVALIDARG;
    }
    return create_and_query(device, &p, method, riid, out);
}

/* ---- Pipeline libraries ---- */

HRESULT mk_device_build_pipeline(void *ctx, enum obj_pipeline_request_kind kind, const void *desc,
        const char *method, struct obj_pipeline_state **out)
{
    struct mk_device *device = ctx;
    struct mk_refusal r;
    struct pso p;

    if (kind == OBJ_PIPELINE_REQUEST_GRAPHICS)
        pso_from_graphics(&p, desc);
    else if (kind == OBJ_PIPELINE_REQUEST_COMPUTE)
        pso_from_compute(&p, desc);
    else if (!pso_from_stream(&p, desc, &r))
    {
        report(device, method, &r);
        return E_INVALIDARG;
    }
    return create_pso(device, &p, method, false, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreatePipelineLibrary(ID3D12Device17 *iface, const void *blob, SIZE_T size,
        REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device1::CreatePipelineLibrary";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_pipeline_library *library;
    struct mk_refusal r;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    /* The documentation: without D3D12_SHADER_CACHE_SUPPORT_LIBRARY, "DXGI_ERROR_NOT_SUPPORTED will always be
     * returned" (DXGI_ERROR_UNSUPPORTED). */
    if (!mk_require(device, MK_GATE(SHADER_CACHE, SupportFlags, MK_GATE_BIT, 1),
            "a pipeline library (D3D12_SHADER_CACHE_SUPPORT_LIBRARY)", D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_UNSUPPORTED,
            &r))
    {
        r.hr = DXGI_ERROR_UNSUPPORTED;
        report(device, method, &r);
        return DXGI_ERROR_UNSUPPORTED;
    }
    if (FAILED(hr = obj_pipeline_library_check(&device->objects, blob, size, r.why, sizeof(r.why))))
    {
        r.hr = hr;
        r.id = hr == D3D12_ERROR_ADAPTER_NOT_FOUND ? D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_ADAPTERVERSIONMISMATCH
                : hr == D3D12_ERROR_DRIVER_VERSION_MISMATCH ? D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_DRIVERVERSIONMISMATCH
                : D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB;
        report(device, method, &r);
        return hr;
    }
    /* A probe (vkd3d-proton's test_pipeline_library: S_FALSE). */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_pipeline_library_create(&device->objects, blob, size, &library)))
        return hr;
    return mk_object_hand_out(&library->obj, riid, out);
}
