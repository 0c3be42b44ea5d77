/*
 * Root signatures, the device's side: the blob deserialized and checked by
 * the codec (src/objects/root_signature_codec.c: the rules no adapter
 * changes), then against what this adapter and runtime can take — the root
 * signature version (D3D12_FEATURE_ROOT_SIGNATURE), the resource binding
 * tier's descriptor limits, directly indexed heaps, the 1.2 static sampler
 * features. docs/objects.md lists every rule and message.
 *
 * What Windows does, as the public conformance tests record it: a shader
 * without an RTS0 part is E_FAIL (vkd3d-proton's tests/d3d12_root_signature.c
 * test_root_signature_empty_blob), an invalid root signature E_INVALIDARG
 * (test_create_root_signature, test_root_signature_limits).
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "debuglayer/debuglayer.h"
#include "refusal.h"
#include "device_root_signature.h"
#include "mk_tables.h"
#include "rdat.h"
#include "root_signature.h"
#include "root_signature_codec.h"

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

/* The highest root signature version this device takes: the adapter's
 * D3D12_FEATURE_ROOT_SIGNATURE answer, capped at the newest version the
 * runtime knows (reference data: D3D_ROOT_SIGNATURE_VERSION). */
static UINT highest_version(struct mk_device *device)
{
    const struct mk_enum *versions = &mk_enums[MK_ENUM_ID_D3D_ROOT_SIGNATURE_VERSION];
    UINT runtime = D3D_ROOT_SIGNATURE_VERSION_1_0, highest, i;
    const struct mk_enum_value *value;
    uint64_t adapter;

    /* The adapter and the runtime are the device's for life: computed once
     * (two threads may both compute it, to the same number). */
    if ((highest = atomic_load_explicit(&device->root_signature_highest, memory_order_relaxed)))
        return highest;
    adapter = mk_device_field(device, MK_FIELD_ROOT_SIGNATURE_HighestVersion);
    for (i = 0; i < versions->value_count; ++i)
    {
        value = &mk_enum_values[versions->first_value + i];
        if (value->value > runtime && caps_runtime_knows_until(&device->runtime,
                value->first_retail, value->first_preview, value->last_preview))
            runtime = value->value;
    }
    highest = (UINT)adapter < runtime ? (UINT)adapter : runtime;
    if (highest)
        atomic_store_explicit(&device->root_signature_highest, highest, memory_order_relaxed);
    return highest;
}

/* "?" for 0, which no valid profile holds. */
static const char *version_name(UINT version)
{
    static const char names[][4] = {"1.0", "1.1", "1.2", "?"};

    return names[(version - 1) & 3];
}

/* What this device does not take is refused with one message. */
#define NOT_ON_DEVICE D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE

/* The descriptor limits of "Hardware support tiers" (the D3D12
 * documentation; the resource binding specification's "Levels of Hardware
 * Support"): per shader stage for CBVs, SRVs and samplers, across all
 * stages for UAVs. UINT64_MAX: the full heap (an unbounded range counts
 * more than any number). */
struct tier_limits
{
    uint64_t cbv, srv, sampler, uav;
};

/* False when the tier limits nothing but the heap (tier 3): no count can pass it. */
static bool tier_limits(struct mk_device *device, uint64_t tier, struct tier_limits *limits)
{
    limits->cbv = limits->srv = limits->sampler = limits->uav = UINT64_MAX;
    if (tier >= D3D12_RESOURCE_BINDING_TIER_3)
        return false;
    limits->cbv = 14;
    limits->uav = 64;
    if (tier >= D3D12_RESOURCE_BINDING_TIER_2)
        return true;
    limits->srv = 128;
    limits->sampler = 16;
    if (caps_adapter_max_feature_level(device->adapter) < D3D_FEATURE_LEVEL_11_1)
        limits->uav = 8;
    return true;
}

/* What the descriptor tables give each stage (visibility ALL gives every
 * stage), in descriptors; an unbounded range counts as UINT32_MAX + 1. */
struct stage_counts
{
    uint64_t per_stage[D3D12_SHADER_VISIBILITY_MESH + 1][4]; /* [visibility][range type] */
    uint64_t uav;                                             /* all stages */
};

static void count_descriptors(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, struct stage_counts *counts)
{
    const bool v10 = desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0;
    UINT num_parameters = v10 ? desc->Desc_1_0.NumParameters : desc->Desc_1_1.NumParameters, i, j, stage;
    UINT type, count, visibility, num_ranges;

    memset(counts, 0, sizeof(*counts));
    for (i = 0; i < num_parameters; ++i)
    {
        if (v10)
        {
            const D3D12_ROOT_PARAMETER *p = &desc->Desc_1_0.pParameters[i];

            if (p->ParameterType != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                continue;
            visibility = (UINT)p->ShaderVisibility;
            num_ranges = p->DescriptorTable.NumDescriptorRanges;
        }
        else
        {
            const D3D12_ROOT_PARAMETER1 *p = &desc->Desc_1_1.pParameters[i];

            if (p->ParameterType != D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE)
                continue;
            visibility = (UINT)p->ShaderVisibility;
            num_ranges = p->DescriptorTable.NumDescriptorRanges;
        }
        for (j = 0; j < num_ranges; ++j)
        {
            if (v10)
            {
                type = (UINT)desc->Desc_1_0.pParameters[i].DescriptorTable.pDescriptorRanges[j].RangeType;
                count = desc->Desc_1_0.pParameters[i].DescriptorTable.pDescriptorRanges[j].NumDescriptors;
            }
            else
            {
                type = (UINT)desc->Desc_1_1.pParameters[i].DescriptorTable.pDescriptorRanges[j].RangeType;
                count = desc->Desc_1_1.pParameters[i].DescriptorTable.pDescriptorRanges[j].NumDescriptors;
            }
            if (type == D3D12_DESCRIPTOR_RANGE_TYPE_UAV)
                counts->uav += count == UINT32_MAX ? (uint64_t)UINT32_MAX + 1 : count;
            for (stage = 1; stage <= D3D12_SHADER_VISIBILITY_MESH; ++stage)
            {
                if (visibility == D3D12_SHADER_VISIBILITY_ALL || visibility == stage)
                    counts->per_stage[stage][type] += count == UINT32_MAX ? (uint64_t)UINT32_MAX + 1 : count;
            }
        }
    }
}

/* Does the adapter's binding tier take the tables? If not, the refusal. */
static bool check_tier(struct mk_device *device, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc,
        struct mk_refusal *r)
{
    static const char type_names[][10] = {"SRVs", "UAVs", "CBVs", "samplers"};
    const uint64_t tier = mk_device_field(device, MK_FIELD_D3D12_OPTIONS_ResourceBindingTier);
    struct stage_counts counts;
    struct tier_limits limits;
    uint64_t limit;
    UINT stage, type;

    if (!tier_limits(device, tier, &limits))
        return true;
    count_descriptors(desc, &counts);
    if (counts.uav > limits.uav)
        return mk_refuse(r, NOT_ON_DEVICE, "its descriptor tables have %s UAVs, more than "
                "D3D12_RESOURCE_BINDING_TIER_%u on %s allows across all stages: %u (\"Hardware support tiers\")",
                counts.uav > UINT32_MAX ? "unbounded" : "that many", (unsigned)tier, caps_adapter_id(device->adapter),
                (unsigned)limits.uav);
    for (stage = 1; stage <= D3D12_SHADER_VISIBILITY_MESH; ++stage)
    {
        for (type = 0; type < 4; ++type)
        {
            const uint64_t per_type[4] = {limits.srv, UINT64_MAX, limits.cbv, limits.sampler}; /* UAVs: above */

            limit = per_type[type];
            if (counts.per_stage[stage][type] <= limit)
                continue;
            if (counts.per_stage[stage][type] > UINT32_MAX)
                return mk_refuse(r, NOT_ON_DEVICE, "its descriptor tables give the %s stage unbounded %s, more "
                        "than D3D12_RESOURCE_BINDING_TIER_%u on %s allows per stage: %u (\"Hardware support tiers\")",
                        obj_rs_visibility_name(stage), type_names[type], (unsigned)tier,
                        caps_adapter_id(device->adapter), (unsigned)limit);
            return mk_refuse(r, NOT_ON_DEVICE, "its descriptor tables give the %s stage %u %s, more than "
                    "D3D12_RESOURCE_BINDING_TIER_%u on %s allows per stage: %u (\"Hardware support tiers\")",
                    obj_rs_visibility_name(stage), (unsigned)counts.per_stage[stage][type], type_names[type],
                    (unsigned)tier, caps_adapter_id(device->adapter), (unsigned)limit);
        }
    }
    return true;
}

/* The capabilities a root signature may need (src/device/refusal.h). */
static const struct mk_gate directly_indexed_gates[] =
{
    /* HLSL_SM_6_6_DynamicResources.md, "Device Capability". */
    MK_AT_LEAST_INIT(D3D12_OPTIONS, ResourceBindingTier, D3D12_RESOURCE_BINDING_TIER_3),
    MK_AT_LEAST_INIT(SHADER_MODEL, HighestShaderModel, D3D_SHADER_MODEL_6_6),
};
/* VulkanOn12.md, "Non-normalized texture sampling coordinates". */
static const struct mk_gate non_normalized_gate =
        MK_AT_LEAST_INIT(D3D12_OPTIONS17, NonNormalizedCoordinateSamplersSupported, TRUE);
/* HLSL_SM_6_7_Advanced_Texture_Ops.md: integer border colours. */
static const struct mk_gate uint_border_gate = MK_AT_LEAST_INIT(D3D12_OPTIONS14, AdvancedTextureOpsSupported, TRUE);

/* Does this device take `desc` (valid by the codec's rules)? If not, the refusal. */
static bool check_device(struct mk_device *device, const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc,
        struct mk_refusal *r)
{
    const UINT flags = desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? (UINT)desc->Desc_1_0.Flags
            : (UINT)desc->Desc_1_1.Flags;
    UINT highest = highest_version(device), num_samplers, i;

    if ((UINT)desc->Version > highest)
        return mk_refuse(r, NOT_ON_DEVICE, "it is a version %s root signature, and %s answers "
                "D3D12_FEATURE_ROOT_SIGNATURE with HighestVersion %s on this runtime", version_name(desc->Version),
                caps_adapter_id(device->adapter), version_name(highest));
    if (!check_tier(device, desc, r))
        return false;
    for (i = 0; (flags & (D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED
            | D3D12_ROOT_SIGNATURE_FLAG_SAMPLER_HEAP_DIRECTLY_INDEXED))
            && i < sizeof(directly_indexed_gates) / sizeof(directly_indexed_gates[0]); ++i)
    {
        if (!mk_require(device, directly_indexed_gates[i], "D3D12_ROOT_SIGNATURE_FLAG_*_HEAP_DIRECTLY_INDEXED",
                NOT_ON_DEVICE, r))
            return false;
    }
    num_samplers = desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? desc->Desc_1_0.NumStaticSamplers
            : desc->Desc_1_1.NumStaticSamplers;
    for (i = 0; i < num_samplers; ++i)
    {
        /* Desc_1_0 and Desc_1_1 share the samplers' place; 1.2's have Flags after them. */
        const D3D12_STATIC_SAMPLER_DESC *s = desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_2
                ? (const D3D12_STATIC_SAMPLER_DESC *)&((const struct obj_sampler1 *)desc->Desc_1_1.pStaticSamplers)[i]
                : &desc->Desc_1_0.pStaticSamplers[i];
        UINT sampler_flags = desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_2
                ? ((const struct obj_sampler1 *)desc->Desc_1_1.pStaticSamplers)[i].Flags : 0;

        if ((sampler_flags & OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES)
                && !mk_require(device, non_normalized_gate, "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES",
                    NOT_ON_DEVICE, r))
            return false;
        /* The rules allow UINT_BORDER_COLOR only with a UINT colour. */
        if (s->BorderColor >= D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT
                && !mk_require(device, uint_border_gate, "a UINT static border colour", NOT_ON_DEVICE, r))
            return false;
    }
    return true;
}

/* CreateRootSignature's checks and creation once `rs` is parsed (it takes
 * `rs`); `bytes` are what an equal creation compares. */
static HRESULT create_root_signature(struct mk_device *device, UINT node_mask, struct obj_rs *rs, const void *bytes,
        size_t size, REFIID riid, void **out)
{
    struct obj_root_signature *root_signature;
    struct mk_refusal r;
    HRESULT hr;

    /* Not an initializer: that would zero all of `why` per creation. */
    r.id = D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION;
    r.hr = S_OK;
    r.why[0] = 0;

    if (SUCCEEDED(hr = obj_rs_validate(&rs->desc, r.why, sizeof(r.why))) && !check_device(device, &rs->desc, &r))
        hr = r.hr;
    if (FAILED(hr))
    {
        /* The messages of both ids take the reason and the result. */
        if (hr != E_OUTOFMEMORY)
            dbg_report(device->debug, r.id, r.why, mk_result_name(hr));
    }
    /* A probe: S_FALSE whatever the IID, as CreateFence. */
    else if (!out)
        hr = S_FALSE;
    else if (!riid)
        hr = E_INVALIDARG;
    if (hr != S_OK)
    {
        obj_root_signature_discard(rs, size);
        return hr;
    }
    obj_root_signature_create(&device->objects, rs, node_mask, bytes, size, &root_signature);
    return mk_object_hand_out(&root_signature->obj, riid, out);
}

/* The removed device and the node mask, checked first by both creations. */
static HRESULT check_creation(struct mk_device *device, const char *method, UINT node_mask)
{
    UINT node_count = caps_adapter_node_count(device->adapter);
    char why[128];
    HRESULT hr;

    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    /* Any nodes of the adapter (a root signature may serve several): 1 to 32 nodes, the shift is in range. */
    if ((uint64_t)node_mask >= (uint64_t)1 << node_count)
    {
        snprintf(why, sizeof(why), "nodeMask %#x names nodes the adapter's %u do not have", node_mask, node_count);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION, why, "E_INVALIDARG");
        return E_INVALIDARG;
    }
    return S_OK;
}

/* Parses `data` — a container, or for a library subobject (`bare_part`)
 * also an RTS0 part alone — then checks and creates. */
static HRESULT create_from_bytes(struct mk_device *device, UINT node_mask, const void *data, size_t size,
        bool bare_part, REFIID riid, void **out)
{
    struct obj_rs *rs;
    char why[512];
    HRESULT hr;

    if (bare_part && !(size >= 4 && !memcmp(data, "DXBC", 4)))
        hr = obj_rs_parse_part(data, size, obj_root_signature_head(size), &rs, why, sizeof(why));
    else
        hr = obj_rs_parse_unchecked(data, size, obj_root_signature_head(size), &rs, why, sizeof(why));
    if (FAILED(hr))
    {
        if (hr != E_OUTOFMEMORY)
            dbg_report(device->debug, hr == E_FAIL ? D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND
                    : D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED, why,
                    hr == E_FAIL ? "E_FAIL" : "E_INVALIDARG");
        return hr;
    }
    return create_root_signature(device, node_mask, rs, data, size, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateRootSignature(ID3D12Device17 *iface, UINT node_mask, const void *data,
        SIZE_T size, REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = check_creation(device, "ID3D12Device::CreateRootSignature", node_mask)))
        return hr;
    return create_from_bytes(device, node_mask, data, size, false, riid, out);
}

/* ID3D12Device14: the root signature subobject `name` of a DXIL library
 * (its RDAT part), then what CreateRootSignature checks. A library without
 * that subobject, or a malformed one: E_INVALIDARG, DESERIALIZE_FAILED. */
HRESULT STDMETHODCALLTYPE d3d12_device_CreateRootSignatureFromSubobjectInLibrary(ID3D12Device17 *iface,
        UINT node_mask, const void *data, SIZE_T size, LPCWSTR name, REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    const void *bytes;
    size_t bytes_size;
    char why[512];
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = check_creation(device, "ID3D12Device14::CreateRootSignatureFromSubobjectInLibrary", node_mask)))
        return hr;
    if (FAILED(hr = obj_rdat_root_signature(data, size, name, &bytes, &bytes_size, why, sizeof(why))))
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED, why, "E_INVALIDARG");
        return hr;
    }
    return create_from_bytes(device, node_mask, bytes, bytes_size, true, riid, out);
}
