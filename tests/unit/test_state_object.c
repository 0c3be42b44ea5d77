/*
 * State objects (docs/objects.md "State objects"): ID3D12Device5::
 * CreateStateObject's refusal rows on built-in adapters that allow and that
 * refuse each capability, with their HRESULT and debug message; a raytracing
 * pipeline with a DXIL library, a hit group, global and local root
 * signatures, configs and an association; shader identifiers (unique,
 * stable, shared with the parent and the included collections, as
 * vkd3d-proton's tests/d3d12_raytracing.c records of Windows; NULL for an
 * unknown name); stack sizes; ID3D12Device7::AddToStateObject; collections;
 * allocation failures. Libraries come from tests/unit/dxbc_writer.h.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "dxbc_writer.h"
#include "state_object_tests.h"

#define DEFAULT_ADAPTER "nvidia-rtx-5070-ti" /* RaytracingTier 1_2, SM 6.9 */
#define GTX1080 "nvidia-gtx-1080-ti"         /* RaytracingTier 1_0, SM 6.3 */
#define RX580 "amd-rx-580"                   /* no raytracing */

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

static void clear_messages(ID3D12Device *device)
{
    ID3D12InfoQueue *queue = info_queue(device);

    ID3D12InfoQueue_ClearStoredMessages(queue);
    ID3D12InfoQueue_Release(queue);
}

/* One raytracing pipeline description, built in place and tweaked. */
struct rt_desc
{
    struct shader_blob lib;
    D3D12_EXPORT_DESC exports[4];
    D3D12_DXIL_LIBRARY_DESC library;
    D3D12_HIT_GROUP_DESC hit_group;
    D3D12_GLOBAL_ROOT_SIGNATURE global;
    D3D12_LOCAL_ROOT_SIGNATURE local;
    const WCHAR *associated[2];
    D3D12_SUBOBJECT_TO_EXPORTS_ASSOCIATION association;
    D3D12_RAYTRACING_SHADER_CONFIG shader_config, shader_config2;
    D3D12_RAYTRACING_PIPELINE_CONFIG pipeline_config;
    D3D12_RAYTRACING_PIPELINE_CONFIG1 pipeline_config1;
    D3D12_STATE_OBJECT_CONFIG config;
    D3D12_EXISTING_COLLECTION_DESC collection;
    D3D12_STATE_SUBOBJECT subobjects[16];
    D3D12_STATE_OBJECT_DESC desc;
};

static D3D12_STATE_SUBOBJECT *add(struct rt_desc *d, D3D12_STATE_SUBOBJECT_TYPE type, const void *p)
{
    D3D12_STATE_SUBOBJECT *s = &d->subobjects[d->desc.NumSubobjects++];

    assert_true(d->desc.NumSubobjects <= ARRAY_SIZE(d->subobjects));
    s->Type = type;
    s->pDesc = p;
    return s;
}

static void build_library(struct rt_desc *d, unsigned kind, unsigned model)
{
    struct shader_spec spec = {kind, model, 0, NULL, 0, DXBC_HASH_VALID};

    shader_build(&d->lib, &spec);
    d->library.DXILLibrary = shader_code(&d->lib);
}

/* A library exporting RayGen, Miss and ClosestHit; the hit group HitGroup;
 * root signatures; the local one associated to HitGroup; both configs. */
static void init_rt(struct rt_desc *d, ID3D12RootSignature *global, ID3D12RootSignature *local)
{
    memset(d, 0, sizeof(*d));
    d->desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    d->desc.pSubobjects = d->subobjects;
    build_library(d, K_LIB, 0x63);
    d->exports[0].Name = L"RayGen";
    d->exports[1].Name = L"Miss";
    d->exports[2].Name = L"ClosestHit";
    d->library.NumExports = 3;
    d->library.pExports = d->exports;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_DXIL_LIBRARY, &d->library);
    d->hit_group.HitGroupExport = L"HitGroup";
    d->hit_group.Type = D3D12_HIT_GROUP_TYPE_TRIANGLES;
    d->hit_group.ClosestHitShaderImport = L"ClosestHit";
    add(d, D3D12_STATE_SUBOBJECT_TYPE_HIT_GROUP, &d->hit_group);
    d->global.pGlobalRootSignature = global;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_GLOBAL_ROOT_SIGNATURE, &d->global);
    d->local.pLocalRootSignature = local;
    d->association.pSubobjectToAssociate = add(d, D3D12_STATE_SUBOBJECT_TYPE_LOCAL_ROOT_SIGNATURE, &d->local);
    d->associated[0] = L"HitGroup";
    d->association.NumExports = 1;
    d->association.pExports = d->associated;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_SUBOBJECT_TO_EXPORTS_ASSOCIATION, &d->association);
    d->shader_config.MaxPayloadSizeInBytes = 16;
    d->shader_config.MaxAttributeSizeInBytes = 8;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG, &d->shader_config);
    d->pipeline_config.MaxTraceRecursionDepth = 1;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG, &d->pipeline_config);
}

/* Drops subobject `type` (the first one). */
static void drop(struct rt_desc *d, D3D12_STATE_SUBOBJECT_TYPE type)
{
    UINT i;

    for (i = 0; i < d->desc.NumSubobjects && d->subobjects[i].Type != type; ++i)
        ;
    assert_true(i < d->desc.NumSubobjects);
    memmove(&d->subobjects[i], &d->subobjects[i + 1], (d->desc.NumSubobjects - i - 1) * sizeof(d->subobjects[0]));
    --d->desc.NumSubobjects;
    /* The association points at the local root signature by address. */
    for (i = 0; i < d->desc.NumSubobjects; ++i)
        if (d->subobjects[i].Type == D3D12_STATE_SUBOBJECT_TYPE_LOCAL_ROOT_SIGNATURE)
            d->association.pSubobjectToAssociate = &d->subobjects[i];
}

/* ---- CreateStateObject: one row per rule ---- */

enum tweak
{
    T_NONE, T_CONFIG1_FLAGS, T_CONFIG1_NO_FLAGS, T_LIB_65, T_LIB_62, T_NOT_LIB, T_NO_SHADER_CONFIG,
    T_NO_PIPELINE_CONFIG, T_TWO_PIPELINE_CONFIGS, T_TWO_SHADER_CONFIGS, T_HIT_UNKNOWN, T_ASSOC_UNKNOWN,
    T_RECURSION_31, T_RECURSION_32, T_DUP_EXPORT, T_LOCAL_NOT_LOCAL, T_GLOBAL_LOCAL, T_PROCEDURAL_NO_IS,
    T_TRIANGLES_IS, T_TYPE_2, T_SUBOBJECT_4, T_ATTRIBUTES_33, T_ADDITIONS, T_ASSOC_FOREIGN, T_NULL_PDESC,
    T_NODE_MASK_2, T_OPEN_LIBRARY, T_BAD_CONFIG_FLAGS, T_EXPORT_NO_NAME, T_ZERO_HASH, T_COLLECTION_TYPE,
    T_LIB_NO_BYTECODE, T_LIB_GARBAGE, T_PREVIEW_HASH, T_WRONG_HASH, T_LIB_SAMPLER_FEEDBACK, T_LIB_EARLY_DEPTH,
    T_EXPORTS_NULL, T_EXPORT_FLAGS, T_HIT_TYPE_5, T_HIT_IS_UNKNOWN, T_HIT_AH_UNKNOWN, T_HIT_AH_EMPTY, T_HIT_NO_SHADER,
    T_FOREIGN_RS, T_CONFIG1_BAD_FLAGS, T_CONFIGS_FLAGS_DIFFER, T_ASSOC_EXPORTS_NULL, T_TWO_OBJECT_CONFIGS,
    T_DXIL_ASSOC_NO_NAME, T_DXIL_ASSOC_NULL, T_DXIL_ASSOC_UNKNOWN, T_DXIL_ASSOC_OK, T_DXIL_ASSOC_NULL_NAME, T_NODE_MASK_ALL, T_SHADER_CONFIG_ASSOCIATED, T_NODE_MASK_1,
};

struct create_row
{
    const char *name;
    const char *adapter;
    enum tweak tweak;
    HRESULT expected;
    const char *text; /* a fragment of the CREATE_STATE_OBJECT_ERROR message */
};

static const struct create_row create_rows[] =
{
    {"a raytracing pipeline", DEFAULT_ADAPTER, T_NONE, S_OK, NULL},
    {"a raytracing pipeline on tier 1_0", GTX1080, T_NONE, S_OK, NULL},
    {"no raytracing", RX580, T_NONE, E_INVALIDARG,
            "a raytracing pipeline needs D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier >= D3D12_RAYTRACING_TIER_1_0, "
            "which is D3D12_RAYTRACING_TIER_NOT_SUPPORTED on amd-rx-580"},
    {"a collection without raytracing", RX580, T_COLLECTION_TYPE, E_INVALIDARG, "a raytracing collection needs"},
    {"CONFIG1 flags on tier 1_2", DEFAULT_ADAPTER, T_CONFIG1_FLAGS, S_OK, NULL},
    {"CONFIG1 flags on tier 1_0", GTX1080, T_CONFIG1_FLAGS, E_INVALIDARG,
            "RAYTRACING_PIPELINE_CONFIG1 (pipeline flags) needs D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier >= "
            "D3D12_RAYTRACING_TIER_1_1, which is D3D12_RAYTRACING_TIER_1_0 on nvidia-gtx-1080-ti"},
    {"CONFIG1 on tier 1_0", GTX1080, T_CONFIG1_NO_FLAGS, E_INVALIDARG, "RaytracingTier >= D3D12_RAYTRACING_TIER_1_1"},
    {"ALLOW_STATE_OBJECT_ADDITIONS on tier 1_0", GTX1080, T_ADDITIONS, E_INVALIDARG,
            "D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS needs D3D12_FEATURE_DATA_D3D12_OPTIONS5::"
            "RaytracingTier >= D3D12_RAYTRACING_TIER_1_1, which is D3D12_RAYTRACING_TIER_1_0 on nvidia-gtx-1080-ti"},
    {"ALLOW_STATE_OBJECT_ADDITIONS on tier 1_2", DEFAULT_ADAPTER, T_ADDITIONS, S_OK, NULL},
    {"lib_6_5 on an SM 6.3 adapter", GTX1080, T_LIB_65, E_INVALIDARG,
            "subobject 0's DXIL library (shader model 6.5) needs D3D12_FEATURE_DATA_SHADER_MODEL::HighestShaderModel >= "
            "D3D_SHADER_MODEL_6_5, which is D3D_SHADER_MODEL_6_3 on nvidia-gtx-1080-ti"},
    {"lib_6_5 on an SM 6.9 adapter", DEFAULT_ADAPTER, T_LIB_65, S_OK, NULL},
    {"lib_6_2", DEFAULT_ADAPTER, T_LIB_62, E_INVALIDARG, "shader model 6.2; raytracing libraries need 6.3"},
    {"a compute shader as a library", DEFAULT_ADAPTER, T_NOT_LIB, E_INVALIDARG,
            "holds a compute shader, not a DXIL library"},
    {"an unsigned library", DEFAULT_ADAPTER, T_ZERO_HASH, E_INVALIDARG, "unsigned"},
    {"no shader config", DEFAULT_ADAPTER, T_NO_SHADER_CONFIG, E_INVALIDARG,
            "a raytracing pipeline needs a RAYTRACING_SHADER_CONFIG subobject"},
    {"no pipeline config", DEFAULT_ADAPTER, T_NO_PIPELINE_CONFIG, E_INVALIDARG,
            "a raytracing pipeline needs a RAYTRACING_PIPELINE_CONFIG subobject"},
    {"two pipeline configs", DEFAULT_ADAPTER, T_TWO_PIPELINE_CONFIGS, E_INVALIDARG,
            "differs from another pipeline config"},
    {"two default shader configs", DEFAULT_ADAPTER, T_TWO_SHADER_CONFIGS, E_INVALIDARG,
            "second default shader config"},
    {"a hit group importing an unknown shader", DEFAULT_ADAPTER, T_HIT_UNKNOWN, E_INVALIDARG,
            "its ClosestHitShaderImport names \"Nope\", which no DXIL library or collection of the state object exports"},
    {"an association to an unknown export", DEFAULT_ADAPTER, T_ASSOC_UNKNOWN, E_INVALIDARG,
            "export 0 of subobject 4 (SUBOBJECT_TO_EXPORTS_ASSOCIATION) names \"Nope\""},
    {"an association of a foreign subobject", DEFAULT_ADAPTER, T_ASSOC_FOREIGN, E_INVALIDARG,
            "not one of the description's"},
    {"MaxTraceRecursionDepth 31", DEFAULT_ADAPTER, T_RECURSION_31, S_OK, NULL},
    {"MaxTraceRecursionDepth 32", DEFAULT_ADAPTER, T_RECURSION_32, E_INVALIDARG,
            "MaxTraceRecursionDepth 32, past D3D12_RAYTRACING_MAX_DECLARABLE_TRACE_RECURSION_DEPTH (31)"},
    {"a hit group named as a shader", DEFAULT_ADAPTER, T_DUP_EXPORT, E_INVALIDARG,
            "the export \"RayGen\" (subobject 1 (HIT_GROUP)) is defined twice"},
    {"a local root signature without the flag", DEFAULT_ADAPTER, T_LOCAL_NOT_LOCAL, E_INVALIDARG,
            "without D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE"},
    {"a global root signature with the flag", DEFAULT_ADAPTER, T_GLOBAL_LOCAL, E_INVALIDARG,
            "(GLOBAL_ROOT_SIGNATURE) is a local root signature"},
    {"a procedural hit group without intersection", DEFAULT_ADAPTER, T_PROCEDURAL_NO_IS, E_INVALIDARG,
            "PROCEDURAL_PRIMITIVE and has no intersection shader"},
    {"a triangle hit group with intersection", DEFAULT_ADAPTER, T_TRIANGLES_IS, E_INVALIDARG,
            "TRIANGLES and has an intersection shader"},
    {"Type 2", DEFAULT_ADAPTER, T_TYPE_2, E_INVALIDARG, "Type is 2"},
    {"subobject type 4", DEFAULT_ADAPTER, T_SUBOBJECT_4, E_INVALIDARG,
            "subobject 0 has Type 4, no D3D12_STATE_SUBOBJECT_TYPE"},
    {"MaxAttributeSizeInBytes 33", DEFAULT_ADAPTER, T_ATTRIBUTES_33, E_INVALIDARG,
            "past D3D12_RAYTRACING_MAX_ATTRIBUTE_SIZE_IN_BYTES (32)"},
    {"a NULL pDesc", DEFAULT_ADAPTER, T_NULL_PDESC, E_INVALIDARG, "subobject 2 (GLOBAL_ROOT_SIGNATURE) has a NULL pDesc"},
    {"NodeMask 2 on one node", DEFAULT_ADAPTER, T_NODE_MASK_2, E_INVALIDARG,
            "(NODE_MASK) is 0x2; nvidia-rtx-5070-ti has 1 node(s)"},
    {"a library with no export list", DEFAULT_ADAPTER, T_OPEN_LIBRARY, S_OK, NULL},
    {"STATE_OBJECT_CONFIG flags 0x8", DEFAULT_ADAPTER, T_BAD_CONFIG_FLAGS, E_INVALIDARG, "Flags 0x8, past"},
    {"an export without a name", DEFAULT_ADAPTER, T_EXPORT_NO_NAME, E_INVALIDARG, "has no name"},
    {"a library with no bytecode", DEFAULT_ADAPTER, T_LIB_NO_BYTECODE, E_INVALIDARG,
            "subobject 0 (DXIL_LIBRARY) has no bytecode"},
    {"a library that is no container", DEFAULT_ADAPTER, T_LIB_GARBAGE, E_INVALIDARG,
            "subobject 0 (DXIL_LIBRARY) is not shader bytecode: "},
    {"a library with the PREVIEW hash", DEFAULT_ADAPTER, T_PREVIEW_HASH, E_INVALIDARG,
            "subobject 0's DXIL library carries the PREVIEW hash, which needs D3D12ExperimentalShaderModels"},
    {"a library with a wrong checksum", DEFAULT_ADAPTER, T_WRONG_HASH, E_INVALIDARG,
            "subobject 0's DXIL library's checksum is wrong"},
    {"a library using sampler feedback", DEFAULT_ADAPTER, T_LIB_SAMPLER_FEEDBACK, S_OK, NULL},
    {"a library using sampler feedback on tier 1_0", GTX1080, T_LIB_SAMPLER_FEEDBACK, E_INVALIDARG,
            "subobject 0's DXIL library's D3D_SHADER_REQUIRES_SAMPLER_FEEDBACK needs D3D12_FEATURE_DATA_D3D12_OPTIONS7::"
            "SamplerFeedbackTier >= D3D12_SAMPLER_FEEDBACK_TIER_0_9, which is D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED "
            "on nvidia-gtx-1080-ti"},
    {"a library with a flag no capability gates", GTX1080, T_LIB_EARLY_DEPTH, S_OK, NULL},
    {"NumExports 3 and no exports", DEFAULT_ADAPTER, T_EXPORTS_NULL, E_INVALIDARG,
            "subobject 0 (DXIL_LIBRARY) has NumExports 3 and a NULL pExports"},
    {"an export with flags", DEFAULT_ADAPTER, T_EXPORT_FLAGS, E_INVALIDARG,
            "export 0 of subobject 0 (DXIL_LIBRARY) has Flags 0x1; D3D12_EXPORT_FLAGS has none"},
    {"a hit group of Type 5", DEFAULT_ADAPTER, T_HIT_TYPE_5, E_INVALIDARG, "has Type 5, no D3D12_HIT_GROUP_TYPE"},
    {"a hit group importing an unknown intersection shader", DEFAULT_ADAPTER, T_HIT_IS_UNKNOWN, E_INVALIDARG,
            "its IntersectionShaderImport names \"Nope\""},
    {"a hit group importing an unknown any-hit shader", DEFAULT_ADAPTER, T_HIT_AH_UNKNOWN, E_INVALIDARG,
            "its AnyHitShaderImport names \"Nope\""},
    {"a hit group importing an empty name", DEFAULT_ADAPTER, T_HIT_AH_EMPTY, E_INVALIDARG,
            "its AnyHitShaderImport names no export"},
    {"a hit group with no shader", DEFAULT_ADAPTER, T_HIT_NO_SHADER, E_INVALIDARG, "(HIT_GROUP) has no shader"},
    {"a global root signature of another kind", DEFAULT_ADAPTER, T_FOREIGN_RS, E_INVALIDARG,
            "subobject 2 (GLOBAL_ROOT_SIGNATURE) is no root signature of this runtime"},
    {"CONFIG1 flags past the enum", DEFAULT_ADAPTER, T_CONFIG1_BAD_FLAGS, E_INVALIDARG,
            "has Flags 0x400, past D3D12_RAYTRACING_PIPELINE_FLAGS"},
    {"two pipeline configs with one depth and other flags", DEFAULT_ADAPTER, T_CONFIGS_FLAGS_DIFFER, E_INVALIDARG,
            "differs from another pipeline config"},
    {"an association with NumExports 1 and no exports", DEFAULT_ADAPTER, T_ASSOC_EXPORTS_NULL, E_INVALIDARG,
            "subobject 4 (SUBOBJECT_TO_EXPORTS_ASSOCIATION) has NumExports 1 and a NULL pExports"},
    {"two STATE_OBJECT_CONFIGs with other flags", DEFAULT_ADAPTER, T_TWO_OBJECT_CONFIGS, E_INVALIDARG,
            "subobject 8 (STATE_OBJECT_CONFIG) has Flags 0x1 and another one 0x4: a state object has one"},
    {"a DXIL association naming no subobject", DEFAULT_ADAPTER, T_DXIL_ASSOC_NO_NAME, E_INVALIDARG,
            "subobject 7 (DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION) names no subobject"},
    {"a DXIL association with NumExports 1 and no exports", DEFAULT_ADAPTER, T_DXIL_ASSOC_NULL, E_INVALIDARG,
            "subobject 7 (DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION) has NumExports 1 and a NULL pExports"},
    {"a DXIL association to an unknown export", DEFAULT_ADAPTER, T_DXIL_ASSOC_UNKNOWN, E_INVALIDARG,
            "export 0 of subobject 7 (DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION) names \"Nope\""},
    {"a DXIL association to a defined export", DEFAULT_ADAPTER, T_DXIL_ASSOC_OK, S_OK, NULL},
    {"a DXIL association with a NULL subobject name", DEFAULT_ADAPTER, T_DXIL_ASSOC_NULL_NAME, E_INVALIDARG,
            "subobject 7 (DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION) names no subobject"},
    {"a second shader config associated to one export", DEFAULT_ADAPTER, T_SHADER_CONFIG_ASSOCIATED, S_OK, NULL},
    {"NodeMask 1 on one node", DEFAULT_ADAPTER, T_NODE_MASK_1, S_OK, NULL},
    {"NodeMask 0xffffffff on 32 nodes", "so-32-nodes", T_NODE_MASK_ALL, S_OK, NULL},
    {"NodeMask 0xffffffff on one node", DEFAULT_ADAPTER, T_NODE_MASK_ALL, E_INVALIDARG,
            "(NODE_MASK) is 0xffffffff; nvidia-rtx-5070-ti has 1 node(s)"},
};

static void apply(struct rt_desc *d, enum tweak tweak, ID3D12RootSignature *global, ID3D12RootSignature *local)
{
    switch (tweak)
    {
        case T_CONFIG1_FLAGS: case T_CONFIG1_NO_FLAGS:
            drop(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG);
            d->pipeline_config1.MaxTraceRecursionDepth = 1;
            d->pipeline_config1.Flags = tweak == T_CONFIG1_FLAGS ? D3D12_RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES
                    : D3D12_RAYTRACING_PIPELINE_FLAG_NONE;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG1, &d->pipeline_config1);
            break;
        case T_LIB_65: build_library(d, K_LIB, 0x65); break;
        case T_LIB_62: build_library(d, K_LIB, 0x62); break;
        case T_NOT_LIB: build_library(d, K_CS, 0x63); break;
        case T_ZERO_HASH:
        {
            struct shader_spec spec = {K_LIB, 0x63, 0, NULL, 0, DXBC_HASH_ZERO};

            shader_build(&d->lib, &spec);
            break;
        }
        case T_NO_SHADER_CONFIG: drop(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG); break;
        case T_NO_PIPELINE_CONFIG: drop(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG); break;
        case T_TWO_PIPELINE_CONFIGS:
            d->pipeline_config1.MaxTraceRecursionDepth = 2;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG1, &d->pipeline_config1);
            break;
        case T_TWO_SHADER_CONFIGS:
            d->shader_config2.MaxPayloadSizeInBytes = 32;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG, &d->shader_config2);
            break;
        case T_HIT_UNKNOWN: d->hit_group.ClosestHitShaderImport = L"Nope"; break;
        case T_ASSOC_UNKNOWN: d->associated[0] = L"Nope"; break;
        case T_ASSOC_FOREIGN:
        {
            static D3D12_STATE_SUBOBJECT foreign;

            foreign.Type = D3D12_STATE_SUBOBJECT_TYPE_LOCAL_ROOT_SIGNATURE;
            foreign.pDesc = &d->local;
            d->association.pSubobjectToAssociate = &foreign;
            break;
        }
        case T_RECURSION_31: d->pipeline_config.MaxTraceRecursionDepth = 31; break;
        case T_RECURSION_32: d->pipeline_config.MaxTraceRecursionDepth = 32; break;
        case T_DUP_EXPORT: d->hit_group.HitGroupExport = L"RayGen"; d->associated[0] = L"RayGen"; break;
        case T_LOCAL_NOT_LOCAL: d->local.pLocalRootSignature = global; break;
        case T_GLOBAL_LOCAL: d->global.pGlobalRootSignature = local; break;
        case T_PROCEDURAL_NO_IS: d->hit_group.Type = D3D12_HIT_GROUP_TYPE_PROCEDURAL_PRIMITIVE; break;
        case T_TRIANGLES_IS: d->hit_group.IntersectionShaderImport = L"Miss"; break;
        case T_TYPE_2: d->desc.Type = (D3D12_STATE_OBJECT_TYPE)2; break;
        case T_COLLECTION_TYPE: d->desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION; break;
        case T_SUBOBJECT_4: d->subobjects[0].Type = (D3D12_STATE_SUBOBJECT_TYPE)4; break;
        case T_ATTRIBUTES_33: d->shader_config.MaxAttributeSizeInBytes = 33; break;
        case T_ADDITIONS:
            d->config.Flags = D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &d->config);
            break;
        case T_BAD_CONFIG_FLAGS:
            d->config.Flags = (D3D12_STATE_OBJECT_FLAGS)0x8;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &d->config);
            break;
        case T_NULL_PDESC: d->subobjects[2].pDesc = NULL; break;
        case T_NODE_MASK_2:
        {
            static const D3D12_NODE_MASK mask = {2};

            add(d, D3D12_STATE_SUBOBJECT_TYPE_NODE_MASK, &mask);
            break;
        }
        case T_NODE_MASK_ALL:
        {
            static const D3D12_NODE_MASK mask = {0xffffffffu};

            add(d, D3D12_STATE_SUBOBJECT_TYPE_NODE_MASK, &mask);
            break;
        }
        case T_OPEN_LIBRARY: d->library.NumExports = 0; d->library.pExports = NULL; break;
        case T_EXPORT_NO_NAME: d->exports[1].Name = NULL; break;
        case T_LIB_NO_BYTECODE: d->library.DXILLibrary.BytecodeLength = 0; break;
        case T_LIB_GARBAGE:
        {
            static const char garbage[] = "no container";

            d->library.DXILLibrary.pShaderBytecode = garbage;
            d->library.DXILLibrary.BytecodeLength = sizeof(garbage);
            break;
        }
        case T_PREVIEW_HASH: case T_WRONG_HASH: case T_LIB_SAMPLER_FEEDBACK: case T_LIB_EARLY_DEPTH:
        {
            struct shader_spec spec = {K_LIB, 0x63, 0, NULL, 0, DXBC_HASH_VALID};

            spec.hash = tweak == T_PREVIEW_HASH ? DXBC_HASH_PREVIEW : tweak == T_WRONG_HASH ? DXBC_HASH_WRONG
                    : DXBC_HASH_VALID;
            /* D3D_SHADER_REQUIRES_SAMPLER_FEEDBACK; D3D_SHADER_REQUIRES_EARLY_DEPTH_STENCIL (no capability). */
            spec.requires = tweak == T_LIB_SAMPLER_FEEDBACK ? 0x200000 : tweak == T_LIB_EARLY_DEPTH ? 0x2 : 0;
            shader_build(&d->lib, &spec);
            d->library.DXILLibrary = shader_code(&d->lib);
            break;
        }
        case T_EXPORTS_NULL: d->library.pExports = NULL; break;
        case T_EXPORT_FLAGS: d->exports[0].Flags = (D3D12_EXPORT_FLAGS)1; break;
        case T_HIT_TYPE_5: d->hit_group.Type = (D3D12_HIT_GROUP_TYPE)5; break;
        case T_HIT_IS_UNKNOWN:
            d->hit_group.Type = D3D12_HIT_GROUP_TYPE_PROCEDURAL_PRIMITIVE;
            d->hit_group.IntersectionShaderImport = L"Nope";
            break;
        case T_HIT_AH_UNKNOWN: d->hit_group.AnyHitShaderImport = L"Nope"; break;
        case T_HIT_AH_EMPTY: d->hit_group.AnyHitShaderImport = L""; break;
        case T_HIT_NO_SHADER: d->hit_group.ClosestHitShaderImport = NULL; break;
        case T_FOREIGN_RS: d->global.pGlobalRootSignature = (ID3D12RootSignature *)&d->lib; break;
        case T_CONFIG1_BAD_FLAGS: case T_CONFIGS_FLAGS_DIFFER:
            if (tweak == T_CONFIG1_BAD_FLAGS)
                drop(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG);
            d->pipeline_config1.MaxTraceRecursionDepth = 1;
            d->pipeline_config1.Flags = tweak == T_CONFIG1_BAD_FLAGS ? (D3D12_RAYTRACING_PIPELINE_FLAGS)0x400
                    : D3D12_RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG1, &d->pipeline_config1);
            break;
        case T_ASSOC_EXPORTS_NULL: d->association.pExports = NULL; break;
        case T_TWO_OBJECT_CONFIGS:
        {
            static const D3D12_STATE_OBJECT_CONFIG other = {D3D12_STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS};

            d->config.Flags = D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &d->config);
            add(d, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &other);
            break;
        }
        case T_DXIL_ASSOC_NO_NAME: case T_DXIL_ASSOC_NULL: case T_DXIL_ASSOC_UNKNOWN: case T_DXIL_ASSOC_OK:
        case T_DXIL_ASSOC_NULL_NAME:
        {
            static LPCWSTR unknown[] = {L"Nope"};
            static D3D12_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION a;

            a.SubobjectToAssociate = tweak == T_DXIL_ASSOC_NO_NAME ? L"" : tweak == T_DXIL_ASSOC_NULL_NAME ? NULL
                    : L"LibraryConfig";
            a.NumExports = 1;
            a.pExports = tweak == T_DXIL_ASSOC_NULL ? NULL : tweak == T_DXIL_ASSOC_UNKNOWN ? unknown : d->associated;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION, &a);
            break;
        }
        case T_SHADER_CONFIG_ASSOCIATED:
        {
            static LPCWSTR raygen[] = {L"RayGen"};
            static D3D12_SUBOBJECT_TO_EXPORTS_ASSOCIATION a;

            d->shader_config2.MaxPayloadSizeInBytes = 32;
            d->shader_config2.MaxAttributeSizeInBytes = 8;
            a.pSubobjectToAssociate = add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG, &d->shader_config2);
            a.NumExports = 1;
            a.pExports = raygen;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_SUBOBJECT_TO_EXPORTS_ASSOCIATION, &a);
            break;
        }
        case T_NODE_MASK_1:
        {
            static const D3D12_NODE_MASK mask = {1};

            add(d, D3D12_STATE_SUBOBJECT_TYPE_NODE_MASK, &mask);
            break;
        }
        default: break;
    }
}

static void test_create_rows(void **state)
{
    struct row_failures failures = {0};
    ID3D12RootSignature *global, *local;
    ID3D12Device5 *device;
    struct rt_desc d;
    unsigned i;

    (void)state;
    enable_debug_layer();
    {
        /* Every bit of a NodeMask names a node of a 32-node adapter. */
        static const char profile[] = "{\"id\": \"so-32-nodes\", \"description\": \"32 nodes\","
                " \"inherits\": \"" DEFAULT_ADAPTER "\", \"adapter\": {\"nodeCount\": 32}}";
        char error[256] = "";

        if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
            fail_msg("register: %s", error);
    }
    for (i = 0; i < ARRAY_SIZE(create_rows); ++i)
    {
        const struct create_row *row = &create_rows[i];

        device = device5_on(row->adapter);
        global = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
        local = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE);
        clear_messages((ID3D12Device *)device);
        init_rt(&d, global, local);
        apply(&d, row->tweak, global, local);
        check_create_row(&failures, i, row->name, device, &d.desc, row->expected, row->text);
        ID3D12RootSignature_Release(local);
        ID3D12RootSignature_Release(global);
        assert_int_equal(ID3D12Device5_Release(device), 0);
    }
    rows_done(&failures);
}

/* A NULL description, a NULL output (a probe), a NULL riid. */
static void test_create_edges(void **state)
{
    ID3D12Device5 *device = device5_on(DEFAULT_ADAPTER);
    ID3D12RootSignature *global = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    ID3D12RootSignature *local = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE);
    ID3D12StateObject *object = (void *)(uintptr_t)1;
    struct rt_desc d;

    (void)state;
    init_rt(&d, global, local);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, NULL, &IID_ID3D12StateObject, (void **)&object),
            E_INVALIDARG);
    assert_null(object);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, NULL), S_FALSE);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12Device, (void **)&object),
            E_NOINTERFACE);
    assert_null(object);
    d.desc.pSubobjects = NULL;
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object),
            E_INVALIDARG);
    ID3D12RootSignature_Release(local);
    ID3D12RootSignature_Release(global);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* ---- The object: interfaces, identifiers, stack sizes ---- */

static void test_identifiers(void **state)
{
    static const WCHAR *const names[] = {L"RayGen", L"Miss", L"ClosestHit", L"HitGroup"};
    ID3D12Device5 *device = device5_on(DEFAULT_ADAPTER);
    ID3D12RootSignature *global = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    ID3D12RootSignature *local = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE);
    ID3D12StateObjectProperties *props, *props2;
    const void *ids[ARRAY_SIZE(names)], *again;
    ID3D12StateObject *object, *object2;
    ID3D12Device *got;
    struct rt_desc d;
    ULONG refcount;
    unsigned i, j;

    (void)state;
    init_rt(&d, global, local);
    refcount = get_refcount(device);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object), S_OK);
    assert_int_equal(get_refcount(device), refcount + 1);
    assert_int_equal(ID3D12StateObject_GetDevice(object, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, (ID3D12Device *)device);
    ID3D12Device_Release(got);
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12StateObjectProperties, (void **)&props), S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12StateObjectProperties, (void **)&props2), S_OK);
    assert_ptr_equal(props, props2);
    ID3D12StateObjectProperties_Release(props2);
    assert_int_equal(ID3D12StateObjectProperties_QueryInterface(props, &IID_ID3D12StateObject, (void **)&object2),
            S_OK);
    assert_ptr_equal(object2, object);
    ID3D12StateObject_Release(object2);
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12PipelineState, (void **)&object2),
            E_NOINTERFACE);
    assert_int_equal(ID3D12StateObject_SetName(object, L"rtpso"), S_OK);

    for (i = 0; i < ARRAY_SIZE(names); ++i)
    {
        assert_non_null(ids[i] = ID3D12StateObjectProperties_GetShaderIdentifier(props, names[i]));
        again = ID3D12StateObjectProperties_GetShaderIdentifier(props, names[i]);
        assert_ptr_equal(again, ids[i]);
        for (j = 0; j < i; ++j)
            assert_true(memcmp(ids[i], ids[j], D3D12_SHADER_IDENTIFIER_SIZE_IN_BYTES));
    }
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"Nope"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"raygen"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, NULL));

    /* Stack sizes: 0 for a known shader or hit group part, 0xffffffff otherwise. */
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"RayGen"), 0);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"HitGroup::closesthit"), 0);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"HitGroup::anyhit"), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"HitGroup::ClosestHit"), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"HitGroup"), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"Nope::closesthit"), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"Nope"), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, NULL), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetPipelineStackSize(props), 0);
    ID3D12StateObjectProperties_SetPipelineStackSize(props, 1024);
    assert_int_equal(ID3D12StateObjectProperties_GetPipelineStackSize(props), 1024);
    ID3D12StateObjectProperties_SetPipelineStackSize(props, 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetPipelineStackSize(props), 1024);

    /* Another state object of the same description: other identifiers. */
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObjectProperties,
            (void **)&props2), S_OK);
    again = ID3D12StateObjectProperties_GetShaderIdentifier(props2, L"RayGen");
    assert_non_null(again);
    assert_true(memcmp(again, ids[0], D3D12_SHADER_IDENTIFIER_SIZE_IN_BYTES));
    ID3D12StateObjectProperties_Release(props2);

    ID3D12StateObjectProperties_Release(props);
    assert_int_equal(ID3D12StateObject_Release(object), 0);
    assert_int_equal(get_refcount(device), refcount);
    ID3D12RootSignature_Release(local);
    ID3D12RootSignature_Release(global);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* A library with no export list: the names the hit group and the
 * association use are its exports; others are unknown. */
static void test_open_library(void **state)
{
    ID3D12Device5 *device = device5_on(DEFAULT_ADAPTER);
    ID3D12RootSignature *global = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    ID3D12RootSignature *local = create_rs((ID3D12Device *)device, D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE);
    ID3D12StateObjectProperties *props;
    struct rt_desc d;

    (void)state;
    init_rt(&d, global, local);
    apply(&d, T_OPEN_LIBRARY, global, local);
    d.associated[1] = L"RayGen";
    d.association.NumExports = 2;
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObjectProperties,
            (void **)&props), S_OK);
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"ClosestHit"));
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"HitGroup"));
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"RayGen"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"Miss"));
    ID3D12StateObjectProperties_Release(props);
    ID3D12RootSignature_Release(local);
    ID3D12RootSignature_Release(global);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* ---- AddToStateObject ---- */

struct add_fixture
{
    ID3D12Device5 *device5;
    ID3D12Device7 *device7;
    ID3D12RootSignature *global, *local;
};

static void add_fixture_init(struct add_fixture *f, const char *adapter)
{
    f->device5 = device5_on(adapter);
    assert_int_equal(ID3D12Device5_QueryInterface(f->device5, &IID_ID3D12Device7, (void **)&f->device7), S_OK);
    f->global = create_rs((ID3D12Device *)f->device5, D3D12_ROOT_SIGNATURE_FLAG_NONE);
    f->local = create_rs((ID3D12Device *)f->device5, D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE);
}

static void add_fixture_done(struct add_fixture *f)
{
    ID3D12RootSignature_Release(f->local);
    ID3D12RootSignature_Release(f->global);
    ID3D12Device7_Release(f->device7);
    assert_int_equal(ID3D12Device5_Release(f->device5), 0);
}

/* An addition: a library exporting RayGen2, both configs. */
static void init_addition(struct rt_desc *d, UINT flags, UINT depth)
{
    memset(d, 0, sizeof(*d));
    d->desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    d->desc.pSubobjects = d->subobjects;
    build_library(d, K_LIB, 0x63);
    d->exports[0].Name = L"RayGen2";
    d->library.NumExports = 1;
    d->library.pExports = d->exports;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_DXIL_LIBRARY, &d->library);
    d->shader_config.MaxPayloadSizeInBytes = 16;
    d->shader_config.MaxAttributeSizeInBytes = 8;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG, &d->shader_config);
    d->pipeline_config.MaxTraceRecursionDepth = depth;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG, &d->pipeline_config);
    d->config.Flags = (D3D12_STATE_OBJECT_FLAGS)flags;
    if (flags)
        add(d, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &d->config);
}

static void expect_add_refusal(struct add_fixture *f, const D3D12_STATE_OBJECT_DESC *desc, ID3D12StateObject *parent,
        const char *fragment)
{
    ID3D12StateObject *child = (void *)(uintptr_t)1;
    D3D12_MESSAGE_ID id;
    const char *text;

    clear_messages((ID3D12Device *)f->device5);
    assert_int_equal(ID3D12Device7_AddToStateObject(f->device7, desc, parent, &IID_ID3D12StateObject,
            (void **)&child), E_INVALIDARG);
    assert_null(child);
    text = last_message((ID3D12Device *)f->device5, &id);
    if (!text || id != D3D12_MESSAGE_ID_ADD_TO_STATE_OBJECT_ERROR || !strstr(text, fragment)
            || strncmp(text, "ID3D12Device7::AddToStateObject: ", 33))
        fail_msg("message %d \"%s\" lacks \"%s\"", (int)id, text ? text : "(none)", fragment);
}

static void test_add_to_state_object(void **state)
{
    ID3D12StateObjectProperties *parent_props, *child_props;
    ID3D12StateObject *parent, *plain, *child, *collection;
    const void *raygen;
    struct rt_desc p, a;
    struct add_fixture f;
    ULONG refcount;

    (void)state;
    enable_debug_layer();
    add_fixture_init(&f, DEFAULT_ADAPTER);
    init_rt(&p, f.global, f.local);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&plain),
            S_OK);
    apply(&p, T_ADDITIONS, f.global, f.local);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&parent),
            S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(parent, &IID_ID3D12StateObjectProperties,
            (void **)&parent_props), S_OK);
    ID3D12StateObjectProperties_SetPipelineStackSize(parent_props, 512);
    raygen = ID3D12StateObjectProperties_GetShaderIdentifier(parent_props, L"RayGen");
    assert_non_null(raygen);

    /* vkd3d-proton's test: both need ALLOW_STATE_OBJECT_ADDITIONS; the addition's type is RAYTRACING_PIPELINE. */
    init_addition(&a, 0, 1);
    expect_add_refusal(&f, &a.desc, parent, "the addition has no STATE_OBJECT_CONFIG with "
            "D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS");
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 1);
    expect_add_refusal(&f, &a.desc, plain, "pStateObjectToGrowFrom was made without "
            "D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS");
    a.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    expect_add_refusal(&f, &a.desc, parent, "the addition's Type is 0");
    a.desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    expect_add_refusal(&f, NULL, parent, "the addition is NULL");
    expect_add_refusal(&f, &a.desc, NULL, "pStateObjectToGrowFrom is NULL");
    expect_add_refusal(&f, &a.desc, (ID3D12StateObject *)f.global, "no state object of this runtime");
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 2);
    expect_add_refusal(&f, &a.desc, parent, "the addition's pipeline config (MaxTraceRecursionDepth 2, Flags 0) "
            "differs from the parent's (1, 0)");
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 1);
    a.exports[0].Name = L"Miss";
    expect_add_refusal(&f, &a.desc, parent, "the addition's export \"Miss\" is one the parent already has");
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 40);
    expect_add_refusal(&f, &a.desc, parent, "MaxTraceRecursionDepth 40");

    /* A collection does not grow. */
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 1);
    a.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &a.desc, &IID_ID3D12StateObject,
            (void **)&collection), S_OK);
    a.desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    expect_add_refusal(&f, &a.desc, collection, "pStateObjectToGrowFrom is a collection");
    ID3D12StateObject_Release(collection);

    /* The child: the parent's exports (the same identifiers) and its own; the parent's stack size; a probe. */
    assert_int_equal(ID3D12Device7_AddToStateObject(f.device7, &a.desc, parent, &IID_ID3D12StateObject, NULL), S_FALSE);
    refcount = get_refcount(parent);
    assert_int_equal(ID3D12Device7_AddToStateObject(f.device7, &a.desc, parent, &IID_ID3D12StateObject,
            (void **)&child), S_OK);
    assert_int_equal(get_refcount(parent), refcount + 1);
    assert_int_equal(ID3D12StateObject_QueryInterface(child, &IID_ID3D12StateObjectProperties, (void **)&child_props),
            S_OK);
    assert_ptr_not_equal(child_props, parent_props);
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"RayGen"), raygen);
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"HitGroup"),
            ID3D12StateObjectProperties_GetShaderIdentifier(parent_props, L"HitGroup"));
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"RayGen2"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(parent_props, L"RayGen2"));
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(child_props, L"HitGroup::closesthit"), 0);
    assert_int_equal(ID3D12StateObjectProperties_GetPipelineStackSize(child_props), 512);
    /* The parent may go first: the child holds it. */
    ID3D12StateObjectProperties_Release(parent_props);
    ID3D12StateObject_Release(parent);
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"RayGen"), raygen);
    ID3D12StateObjectProperties_Release(child_props);
    assert_int_equal(ID3D12StateObject_Release(child), 0);
    ID3D12StateObject_Release(plain);
    add_fixture_done(&f);

    /* Tier 1_0: no AddToStateObject (and no parent that allows it). */
    add_fixture_init(&f, GTX1080);
    init_rt(&p, f.global, f.local);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&plain),
            S_OK);
    init_addition(&a, 0, 1);
    expect_add_refusal(&f, &a.desc, plain, "AddToStateObject needs D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier "
            ">= D3D12_RAYTRACING_TIER_1_1, which is D3D12_RAYTRACING_TIER_1_0 on nvidia-gtx-1080-ti");
    ID3D12StateObject_Release(plain);
    add_fixture_done(&f);
}

/* ---- Collections ---- */

static void test_collections(void **state)
{
    ID3D12StateObjectProperties *cprops, *pprops;
    ID3D12StateObject *collection, *pipeline, *open_collection;
    D3D12_EXPORT_DESC pick;
    struct rt_desc c, p;
    struct add_fixture f;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    add_fixture_init(&f, DEFAULT_ADAPTER);
    /* A collection: the library with the hit group, no configs needed. */
    init_rt(&c, f.global, f.local);
    c.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    drop(&c, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &c.desc, &IID_ID3D12StateObject, (void **)&collection),
            S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(collection, &IID_ID3D12StateObjectProperties, (void **)&cprops),
            S_OK);
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(cprops, L"Miss"));
    ID3D12StateObjectProperties_SetPipelineStackSize(cprops, 256); /* dropped: a collection */
    assert_int_equal(ID3D12StateObjectProperties_GetPipelineStackSize(cprops), 0);

    /* A pipeline of the collection and a pipeline config: the collection's identifiers. */
    memset(&p, 0, sizeof(p));
    p.desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    p.desc.pSubobjects = p.subobjects;
    p.collection.pExistingCollection = collection;
    add(&p, D3D12_STATE_SUBOBJECT_TYPE_EXISTING_COLLECTION, &p.collection);
    p.pipeline_config.MaxTraceRecursionDepth = 1;
    add(&p, D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG, &p.pipeline_config);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObjectProperties,
            (void **)&pprops), S_OK);
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(pprops, L"Miss"),
            ID3D12StateObjectProperties_GetShaderIdentifier(cprops, L"Miss"));
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(pprops, L"HitGroup"),
            ID3D12StateObjectProperties_GetShaderIdentifier(cprops, L"HitGroup"));
    ID3D12StateObjectProperties_Release(pprops);

    /* Only the exports it names. */
    pick.Name = L"RayGen";
    pick.ExportToRename = NULL;
    pick.Flags = D3D12_EXPORT_FLAG_NONE;
    p.collection.NumExports = 1;
    p.collection.pExports = &pick;
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObjectProperties,
            (void **)&pprops), S_OK);
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(pprops, L"RayGen"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(pprops, L"Miss"));
    ID3D12StateObjectProperties_Release(pprops);
    pick.Name = L"Nope";
    hr = ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&pipeline);
    assert_int_equal(hr, E_INVALIDARG);
    p.collection.NumExports = 0;
    p.collection.pExports = NULL;

    /* A pipeline that allows additions takes only a collection that does. */
    p.config.Flags = D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS;
    add(&p, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &p.config);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&pipeline),
            E_INVALIDARG);
    --p.desc.NumSubobjects;

    /* A pipeline's own export may not repeat the collection's. */
    build_library(&p, K_LIB, 0x63);
    p.exports[0].Name = L"Miss";
    p.library.NumExports = 1;
    p.library.pExports = p.exports;
    add(&p, D3D12_STATE_SUBOBJECT_TYPE_DXIL_LIBRARY, &p.library);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&pipeline),
            E_INVALIDARG);
    p.exports[0].Name = L"RayGen3";
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&pipeline),
            S_OK);

    /* A pipeline is not a collection to include; a collection includes none. */
    p.collection.pExistingCollection = pipeline;
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject,
            (void **)&open_collection), E_INVALIDARG);
    p.collection.pExistingCollection = collection;
    p.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject,
            (void **)&open_collection), E_INVALIDARG);
    p.collection.pExistingCollection = (ID3D12StateObject *)f.global;
    p.desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject,
            (void **)&open_collection), E_INVALIDARG);

    /* A collection with ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS associates to names it lacks. */
    init_rt(&c, f.global, f.local);
    c.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    c.associated[0] = L"Elsewhere";
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &c.desc, &IID_ID3D12StateObject,
            (void **)&open_collection), E_INVALIDARG);
    c.config.Flags = D3D12_STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS;
    add(&c, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &c.config);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &c.desc, &IID_ID3D12StateObject,
            (void **)&open_collection), S_OK);
    ID3D12StateObject_Release(open_collection);

    /* The pipeline holds the collection. */
    ID3D12StateObjectProperties_Release(cprops);
    ID3D12StateObject_Release(collection);
    assert_int_equal(ID3D12StateObject_Release(pipeline), 0);
    add_fixture_done(&f);
}

static void expect_create_refusal(struct add_fixture *f, const D3D12_STATE_OBJECT_DESC *desc, const char *fragment)
{
    ID3D12StateObject *object = (void *)(uintptr_t)1;
    D3D12_MESSAGE_ID id;
    const char *text;

    clear_messages((ID3D12Device *)f->device5);
    assert_int_equal(ID3D12Device5_CreateStateObject(f->device5, desc, &IID_ID3D12StateObject, (void **)&object),
            E_INVALIDARG);
    assert_null(object);
    text = last_message((ID3D12Device *)f->device5, &id);
    if (!text || id != D3D12_MESSAGE_ID_CREATE_STATE_OBJECT_ERROR || !strstr(text, fragment)
            || strncmp(text, "ID3D12Device5::CreateStateObject: ", 34))
        fail_msg("message %d \"%s\" lacks \"%s\"", (int)id, text ? text : "(none)", fragment);
}

/* ReportLiveDeviceObjects names a live state object. */
static bool live_state_object(ID3D12Device *device, const char *name)
{
    ID3D12DebugDevice *debug_device;
    ID3D12InfoQueue *queue = info_queue(device);
    char suffix[96];
    bool found = false;
    D3D12_MESSAGE_ID id;
    UINT64 i, count;

    snprintf(suffix, sizeof(suffix), ", Name: %s, Refcount: ", name);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    for (i = 0; i < count; ++i)
    {
        const char *text = message_text(queue, i, &id);

        if (strstr(text, "Live ID3D12StateObject at ") && strstr(text, suffix))
            found = true;
    }
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(queue);
    return found;
}

/* What test_collections and test_add_to_state_object leave: a collection's
 * configs inherited, its export list without pExports, renamed, included
 * twice; an addition including a collection; another device's parent;
 * private data, names, the properties' AddRef, live objects; a removed
 * device. */
static void test_more(void **state)
{
    static const GUID guid = {0x6d6b736f, 0x6d6f, 0x7265, {0x73, 0x74, 0x61, 0x74, 0x65, 0x00, 0x00, 0x01}};
    ID3D12StateObject *collection, *parent, *child, *foreign, *object;
    ID3D12StateObjectProperties *props, *child_props, *collection_props;
    struct rt_desc c, p, a;
    struct add_fixture f, g;
    D3D12_EXPORT_DESC pick;
    ID3D12Device5 *device5;
    UINT value = 0xc0ffee, out, size;
    ULONG refcount;

    (void)state;
    enable_debug_layer();
    add_fixture_init(&f, DEFAULT_ADAPTER);

    /* A collection of RayGenC, MissC, ClosestHitC and HitGroupC, with both configs, that allows additions. */
    init_rt(&c, f.global, f.local);
    c.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    c.exports[0].Name = L"RayGenC";
    c.exports[1].Name = L"MissC";
    c.exports[2].Name = L"ClosestHitC";
    c.hit_group.HitGroupExport = L"HitGroupC";
    c.hit_group.ClosestHitShaderImport = L"ClosestHitC";
    c.associated[0] = L"HitGroupC";
    c.config.Flags = D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS;
    add(&c, D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG, &c.config);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &c.desc, &IID_ID3D12StateObject, (void **)&collection),
            S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(collection, &IID_ID3D12StateObjectProperties,
            (void **)&collection_props), S_OK);

    /* A pipeline of the collection alone: the collection's shader and pipeline configs serve. */
    memset(&p, 0, sizeof(p));
    p.desc.Type = D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE;
    p.desc.pSubobjects = p.subobjects;
    p.collection.pExistingCollection = collection;
    add(&p, D3D12_STATE_SUBOBJECT_TYPE_EXISTING_COLLECTION, &p.collection);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObjectProperties,
            (void **)&props), S_OK);
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"HitGroupC"),
            ID3D12StateObjectProperties_GetShaderIdentifier(collection_props, L"HitGroupC"));
    ID3D12StateObjectProperties_Release(props);

    /* The export list: NumExports without pExports; a rename; the collection twice. */
    p.collection.NumExports = 1;
    expect_create_refusal(&f, &p.desc, "subobject 0 (EXISTING_COLLECTION) has NumExports 1 and a NULL pExports");
    pick.Name = L"RayGenC";
    pick.ExportToRename = L"MissC";
    pick.Flags = D3D12_EXPORT_FLAG_NONE;
    p.collection.pExports = &pick;
    expect_create_refusal(&f, &p.desc, "subobject 0 (EXISTING_COLLECTION) renames \"RayGenC\" (renaming a "
            "collection's exports is not modelled)");
    p.collection.NumExports = 0;
    p.collection.pExports = NULL;
    add(&p, D3D12_STATE_SUBOBJECT_TYPE_EXISTING_COLLECTION, &p.collection);
    expect_create_refusal(&f, &p.desc, "the export \"RayGenC\" (of subobject 1, EXISTING_COLLECTION) is defined twice");

    /* A parent that allows additions; an addition of RayGen2 and the collection. */
    init_rt(&p, f.global, f.local);
    apply(&p, T_ADDITIONS, f.global, f.local);
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&parent),
            S_OK);
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 1);
    a.collection.pExistingCollection = collection;
    add(&a, D3D12_STATE_SUBOBJECT_TYPE_EXISTING_COLLECTION, &a.collection);
    assert_int_equal(ID3D12Device7_AddToStateObject(f.device7, &a.desc, parent, &IID_ID3D12StateObject,
            (void **)&child), S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(child, &IID_ID3D12StateObjectProperties, (void **)&child_props),
            S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(parent, &IID_ID3D12StateObjectProperties, (void **)&props), S_OK);
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"RayGen2"));
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"MissC"),
            ID3D12StateObjectProperties_GetShaderIdentifier(collection_props, L"MissC"));
    assert_ptr_equal(ID3D12StateObjectProperties_GetShaderIdentifier(child_props, L"Miss"),
            ID3D12StateObjectProperties_GetShaderIdentifier(props, L"Miss"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"MissC"));
    ID3D12StateObjectProperties_Release(child_props);
    ID3D12StateObject_Release(child);

    /* Another device's parent (another adapter: the same adapter's device is this one). */
    add_fixture_init(&g, GTX1080);
    init_rt(&c, g.global, g.local);
    assert_int_equal(ID3D12Device5_CreateStateObject(g.device5, &c.desc, &IID_ID3D12StateObject, (void **)&foreign),
            S_OK);
    expect_add_refusal(&f, &a.desc, foreign, "pStateObjectToGrowFrom belongs to another device");
    ID3D12StateObject_Release(foreign);
    add_fixture_done(&g);

    /* Private data, the name, the properties' AddRef; the live-object report. */
    assert_int_equal(ID3D12StateObject_SetPrivateData(parent, &guid, sizeof(value), &value), S_OK);
    size = sizeof(out);
    out = 0;
    assert_int_equal(ID3D12StateObject_GetPrivateData(parent, &guid, &size, &out), S_OK);
    assert_int_equal(size, sizeof(value));
    assert_int_equal(out, value);
    refcount = get_refcount(f.global);
    assert_int_equal(ID3D12StateObject_SetPrivateDataInterface(parent, &IID_ID3D12RootSignature, (IUnknown *)f.global),
            S_OK);
    assert_int_equal(get_refcount(f.global), refcount + 1);
    assert_int_equal(ID3D12StateObject_SetPrivateDataInterface(parent, &IID_ID3D12RootSignature, NULL), S_OK);
    assert_int_equal(get_refcount(f.global), refcount);
    refcount = get_refcount(parent);
    assert_int_equal(ID3D12StateObjectProperties_AddRef(props), refcount + 1);
    assert_int_equal(get_refcount(parent), refcount + 1);
    assert_int_equal(ID3D12StateObjectProperties_Release(props), refcount);
    /* A hit group's name of the same length that differs; QueryInterface's pointer rules. */
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"HitGrouq::closesthit"), 0xffffffffu);
    assert_int_equal(ID3D12StateObjectProperties_GetShaderStackSize(props, L"HitGroup::closesthit"), 0);
    assert_int_equal(ID3D12StateObject_QueryInterface(parent, &IID_ID3D12StateObjectProperties, NULL), E_POINTER);
    object = (void *)(uintptr_t)1;
    assert_int_equal(ID3D12StateObject_QueryInterface(parent, NULL, (void **)&object), E_INVALIDARG);
    assert_null(object);
    assert_int_equal(ID3D12StateObject_SetName(parent, L"the parent"), S_OK);
    assert_true(live_state_object((ID3D12Device *)f.device5, "the parent"));
    ID3D12StateObjectProperties_Release(props);

    /* A removed device makes and grows nothing. */
    assert_int_equal(ID3D12Device5_QueryInterface(f.device5, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
    object = (void *)(uintptr_t)1;
    assert_int_equal(ID3D12Device5_CreateStateObject(f.device5, &p.desc, &IID_ID3D12StateObject, (void **)&object),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(object);
    object = (void *)(uintptr_t)1;
    assert_int_equal(ID3D12Device7_AddToStateObject(f.device7, &a.desc, parent, &IID_ID3D12StateObject,
            (void **)&object), DXGI_ERROR_DEVICE_REMOVED);
    assert_null(object);

    assert_int_equal(ID3D12StateObject_Release(parent), 0);
    ID3D12StateObjectProperties_Release(collection_props);
    assert_int_equal(ID3D12StateObject_Release(collection), 0);
    add_fixture_done(&f);
}

/* ---- Allocation failures ---- */

static HRESULT state_objects_under_pressure(struct add_fixture *f)
{
    ID3D12StateObject *parent = NULL, *child = NULL;
    struct rt_desc p, a;
    HRESULT hr;

    init_rt(&p, f->global, f->local);
    apply(&p, T_ADDITIONS, f->global, f->local);
    init_addition(&a, D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS, 1);
    if (SUCCEEDED(hr = ID3D12Device5_CreateStateObject(f->device5, &p.desc, &IID_ID3D12StateObject,
            (void **)&parent)))
        hr = ID3D12Device7_AddToStateObject(f->device7, &a.desc, parent, &IID_ID3D12StateObject, (void **)&child);
    if (child)
        ID3D12StateObject_Release(child);
    if (parent)
        ID3D12StateObject_Release(parent);
    return hr;
}

static void test_alloc_failures(void **state)
{
    struct add_fixture f;
    ULONG refcount;
    HRESULT hr;
    long n;

    (void)state;
    add_fixture_init(&f, DEFAULT_ADAPTER);
    refcount = get_refcount(f.device5);
    for (n = 0; n < 200; ++n)
    {
        mk_alloc_fail_after(n);
        hr = state_objects_under_pressure(&f);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            break;
        }
        if (hr != E_OUTOFMEMORY)
            fail_msg("allocation %ld failed and the result is %#x", n, (unsigned)hr);
        assert_int_equal(get_refcount(f.device5), refcount);
    }
    assert_true(n > 8 && n < 200);
    add_fixture_done(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_create_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_create_edges, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_identifiers, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_open_library, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_add_to_state_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_collections, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_more, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_alloc_failures, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
