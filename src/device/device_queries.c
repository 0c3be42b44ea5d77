/*
 * ID3D12Device::CreateQueryHeap, ID3D12Device15::CreateQueryHeap1 and
 * ID3D12Device::CreateCommandSignature: the descriptions checked against the
 * simulated adapter, the objects made in src/objects/ (docs/objects.md).
 *
 * What Windows does, as the public conformance tests record it (vkd3d's
 * tests/d3d12.c, vkd3d-proton's tests/d3d12_query.c, d3d12_device.c and
 * d3d12_command.c, run on Windows): OCCLUSION, TIMESTAMP, PIPELINE_STATISTICS
 * and SO_STATISTICS heaps of one query are created (test_create_query_heap);
 * a signature whose draw or dispatch is not its last argument, or that has
 * two of them, or none (a lone VERTEX_BUFFER_VIEW), is E_INVALIDARG
 * (test_create_command_signature, test_execute_indirect_state); a lone draw,
 * dispatch or mesh dispatch of its arguments' size takes a NULL root
 * signature; an INCREMENTING_CONSTANT takes no room in the argument buffer
 * (test_execute_indirect_tier_1_1: ByteStride sizeof(D3D12_DRAW_ARGUMENTS)).
 * The rest is the D3D12 documentation or marked (mockd3d12) in
 * docs/objects.md.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "command_signature.h"
#include "device.h"
#include "refusal.h"
#include "device_queries.h"
#include "root_signature.h"
#include "mk_tables.h"
#include "query_heap.h"

/* Not in the DirectX-Headers every build uses (d3d12.idl of SDK 613 /
 * preview 714, with D3D12_OPTIONS21): its union member IncrementingConstant
 * is { RootParameterIndex, DestOffsetIn32BitValues }, Constant's first two. */
#define MK_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT 11u

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

/* ---- What the adapter must have ---- */

enum need_kind
{
    NEED_NOTHING = 0,
    NEED_FIELD,        /* the adapter passes `gate` */
    NEED_VIDEO_ENGINE, /* video decoding, which no simulated adapter has */
};

struct need
{
    enum need_kind kind;
    struct mk_gate gate;
};

/* Does the adapter, under the device's runtime, have what `need` says? If
 * not, `why` says so, naming `what` needs it, the capability and the
 * adapter's value. The values are the adapter's true ones; a runtime that
 * does not know the feature does not know the capability. */
static bool device_has(struct mk_device *device, const struct need *need, const char *what, char *why, size_t size)
{
    if (need->kind == NEED_NOTHING)
        return true;
    if (need->kind == NEED_VIDEO_ENGINE)
    {
        mk_device_video_refusal(device, what, why, size);
        return false;
    }
    return mk_device_gate_passes(device, &need->gate, what, why, size);
}

/* ---- Query heaps ---- */

/* Per D3D12_QUERY_HEAP_TYPE value: its name ("": no type, as 6 is) and
 * what the adapter needs for it, with the message of the refusal. Mesh
 * shader pipeline statistics have no message of their own. */
static const struct query_heap_rule
{
    char name[32];      /* an array: nothing for the loader to relocate */
    struct need need;
    D3D12_MESSAGE_ID refusal;
}
query_heap_rules[] =
{
    [D3D12_QUERY_HEAP_TYPE_OCCLUSION] = {"OCCLUSION", {0}, 0},
    [D3D12_QUERY_HEAP_TYPE_TIMESTAMP] = {"TIMESTAMP", {0}, 0},
    [D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS] = {"PIPELINE_STATISTICS", {0}, 0},
    [D3D12_QUERY_HEAP_TYPE_SO_STATISTICS] = {"SO_STATISTICS", {0}, 0},
    [D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS] = {"VIDEO_DECODE_STATISTICS", {NEED_VIDEO_ENGINE, {0}},
            D3D12_MESSAGE_ID_CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED},
    [D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP] = {"COPY_QUEUE_TIMESTAMP",
            {NEED_FIELD, MK_AT_LEAST_INIT(D3D12_OPTIONS3, CopyQueueTimestampQueriesSupported, TRUE)},
            D3D12_MESSAGE_ID_CREATEQUERY_HEAP_COPY_QUEUE_TIMESTAMPS_NOT_SUPPORTED},
    [D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1] = {"PIPELINE_STATISTICS1",
            {NEED_FIELD, MK_AT_LEAST_INIT(D3D12_OPTIONS9, MeshShaderPipelineStatsSupported, TRUE)},
            D3D12_MESSAGE_ID_CREATEQUERY_HEAP_INVALID_PARAMETERS},
};

/* S_OK when `desc` (and CreateQueryHeap1's `flags`) is a heap this adapter
 * can create; otherwise E_INVALIDARG and, with the debug layer, the message
 * naming why (docs/objects.md). */
static HRESULT device_check_query_heap(struct mk_device *device, const char *method,
        const D3D12_QUERY_HEAP_DESC *desc, D3D12_QUERY_HEAP_FLAGS flags)
{
    const size_t rule_count = sizeof(query_heap_rules) / sizeof(query_heap_rules[0]);
    D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CREATEQUERY_HEAP_INVALID_PARAMETERS;
    const struct query_heap_rule *rule;
    char what[64], why[384];

    if (flags & ~D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE)
    {
        snprintf(why, sizeof(why), "Flags 0x%x has bits (0x%x) that are no D3D12_QUERY_HEAP_FLAGS", (unsigned)flags,
                (unsigned)(flags & ~D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE));
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS, why);
        return E_INVALIDARG;
    }
    rule = desc && (unsigned)desc->Type < rule_count ? &query_heap_rules[desc->Type] : NULL;
    if (!desc)
        snprintf(why, sizeof(why), "pDesc is NULL");
    else if (!rule || !rule->name[0])
        snprintf(why, sizeof(why), "Type %u is no D3D12_QUERY_HEAP_TYPE", (unsigned)desc->Type);
    else if (!desc->Count)
        snprintf(why, sizeof(why), "Count is 0");
    else if (!mk_device_node_mask_valid(device, desc->NodeMask))
        snprintf(why, sizeof(why), "NodeMask 0x%x is not one node of the adapter's %u", (unsigned)desc->NodeMask,
                caps_adapter_node_count(device->adapter));
    else if (snprintf(what, sizeof(what), "D3D12_QUERY_HEAP_TYPE_%s", rule->name),
            !device_has(device, &rule->need, what, why, sizeof(why)))
        id = rule->refusal;
    else
        return S_OK;
    dbg_report(device->debug, id, method, why);
    return E_INVALIDARG;
}

static HRESULT device_create_query_heap(struct mk_device *device, const char *method,
        const D3D12_QUERY_HEAP_DESC *desc, D3D12_QUERY_HEAP_FLAGS flags, REFIID riid, void **out)
{
    struct obj_query_heap *heap;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    if (FAILED(hr = device_check_query_heap(device, method, desc, flags)))
        return hr;
    /* A probe: S_FALSE whatever the IID, as CreateFence. */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_query_heap_create(&device->objects, desc, flags, &heap)))
        return hr;
    return mk_object_hand_out(&heap->obj, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateQueryHeap(ID3D12Device17 *iface, const D3D12_QUERY_HEAP_DESC *desc,
        REFIID riid, void **out)
{
    return device_create_query_heap(impl_from_ID3D12Device17(iface), "ID3D12Device::CreateQueryHeap", desc,
            D3D12_QUERY_HEAP_FLAG_NONE, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateQueryHeap1(ID3D12Device17 *iface, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, REFIID riid, void **out)
{
    return device_create_query_heap(impl_from_ID3D12Device17(iface), "ID3D12Device15::CreateQueryHeap1", desc,
            flags, riid, out);
}

/* The CPU resolve (the DirectX-Specs, "D3D12 CPU Timeline Query
 * Resolution"): a heap made with D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE, a type
 * that lives in it and a range within it, else E_INVALIDARG and nothing
 * written. The values are the command lists' (obj_query_heap_resolve): 0 but
 * for executed timestamps; a timestamp query never executed is 0 and, as the
 * specification's debug layer does, reported (a warning: S_OK). */
HRESULT STDMETHODCALLTYPE d3d12_device_ResolveQueryData(ID3D12Device17 *iface, ID3D12QueryHeap *heap_iface,
        D3D12_QUERY_TYPE type, UINT start, UINT count, void *out)
{
    static const char method[] = "ID3D12Device15::ResolveQueryData";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_query_heap *heap = obj_query_heap_from_iface(heap_iface);
    D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS;
    const char *reason = NULL;
    char why[256], text[320];
    UINT i;

    if (atomic_load(&device->removed))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (!heap)
        reason = heap_iface ? "pQueryHeap is not a query heap of mockd3d12" : "pQueryHeap is NULL";
    else if (obj_device_of(&heap->obj) != &device->objects)
        reason = "pQueryHeap was created on another device";
    else if (!(heap->flags & D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE))
    {
        reason = "pQueryHeap was not created with D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE (ID3D12Device15::CreateQueryHeap1)";
        id = D3D12_MESSAGE_ID_RESOLVEQUERYDATA_INVALID_QUERYHEAP;
    }
    else if ((reason = obj_query_heap_check_range(heap, type, start, count, why, sizeof(why))))
        ;
    else if (!out && count)
        reason = "pResolvedQueryData is NULL";
    if (reason)
    {
        snprintf(text, sizeof(text), "%s; returning E_INVALIDARG", reason);
        dbg_report(device->debug, id, method, text);
        return E_INVALIDARG;
    }
    if (!count)
        return S_OK;
    obj_query_heap_resolve(heap, type, start, count, out);
    if (type != D3D12_QUERY_TYPE_TIMESTAMP)
        return S_OK;
    for (i = 0; i < count; ++i)
    {
        UINT64 value;

        memcpy(&value, (const unsigned char *)out + (size_t)i * sizeof(value), sizeof(value));
        if (value)
            continue;
        snprintf(text, sizeof(text), "TIMESTAMP query %u was never written by an executed EndQuery; it resolves "
                "to 0", start + i);
        dbg_report(device->debug, D3D12_MESSAGE_ID_RESOLVE_QUERY_INVALID_QUERY_STATE, method, text);
        break;
    }
    return S_OK;
}

/* ---- Command signatures ---- */

/* Per D3D12_INDIRECT_ARGUMENT_TYPE value: its name, the bytes it takes in
 * the argument buffer (a CONSTANT: per 32-bit value), whether it draws or
 * dispatches (the last argument, and only it, does), whether it changes root
 * arguments (and so needs a root signature), and what the adapter needs for
 * it. Arguments are packed at 4-byte alignment (vkd3d-proton's
 * test_execute_indirect_state, run on Windows: 64-bit addresses are not
 * aligned to 8). */
static const struct argument_rule
{
    char name[28];      /* an array: nothing for the loader to relocate */
    UINT size;
    bool draws, root;
    struct need need;
}
argument_rules[] =
{
    [D3D12_INDIRECT_ARGUMENT_TYPE_DRAW] = {"DRAW", sizeof(D3D12_DRAW_ARGUMENTS), true, false, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED] = {"DRAW_INDEXED", sizeof(D3D12_DRAW_INDEXED_ARGUMENTS), true, false,
            {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH] = {"DISPATCH", sizeof(D3D12_DISPATCH_ARGUMENTS), true, false, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW] = {"VERTEX_BUFFER_VIEW", sizeof(D3D12_VERTEX_BUFFER_VIEW),
            false, false, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW] = {"INDEX_BUFFER_VIEW", sizeof(D3D12_INDEX_BUFFER_VIEW),
            false, false, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT] = {"CONSTANT", sizeof(UINT), false, true, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW] = {"CONSTANT_BUFFER_VIEW", sizeof(D3D12_GPU_VIRTUAL_ADDRESS),
            false, true, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW] = {"SHADER_RESOURCE_VIEW", sizeof(D3D12_GPU_VIRTUAL_ADDRESS),
            false, true, {0}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW] = {"UNORDERED_ACCESS_VIEW",
            sizeof(D3D12_GPU_VIRTUAL_ADDRESS), false, true, {0}},
    /* Indirect DispatchRays is raytracing tier 1.1 ("DirectX Raytracing
     * (DXR) Functional Spec", Tier 1.1). */
    [D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS] = {"DISPATCH_RAYS", sizeof(D3D12_DISPATCH_RAYS_DESC), true, false,
            {NEED_FIELD, MK_AT_LEAST_INIT(D3D12_OPTIONS5, RaytracingTier, D3D12_RAYTRACING_TIER_1_1)}},
    [D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH] = {"DISPATCH_MESH", sizeof(D3D12_DISPATCH_MESH_ARGUMENTS), true,
            false, {NEED_FIELD, MK_AT_LEAST_INIT(D3D12_OPTIONS7, MeshShaderTier, D3D12_MESH_SHADER_TIER_1)}},
    [MK_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT] = {"INCREMENTING_CONSTANT", 0, false, true,
            {NEED_FIELD, MK_AT_LEAST_INIT(D3D12_OPTIONS21, ExecuteIndirectTier, D3D12_EXECUTE_INDIRECT_TIER_1_1)}},
};

/* Are the arguments one draw or dispatch, last, after arguments the
 * adapter has? If so, the bytes they take and the first that changes root
 * arguments (NULL: none); if not, `why` says why. */
static bool device_check_arguments(struct mk_device *device, const D3D12_COMMAND_SIGNATURE_DESC *desc,
        uint64_t *size, const char **root_user, char *why, size_t why_size)
{
    const size_t rule_count = sizeof(argument_rules) / sizeof(argument_rules[0]);
    const UINT last = desc->NumArgumentDescs - 1;
    const struct argument_rule *rule;
    char what[96];
    UINT i, type;

    *size = 0;
    *root_user = NULL;
    for (i = 0; i <= last; ++i)
    {
        type = (UINT)desc->pArgumentDescs[i].Type;
        if (type >= rule_count)
        {
            snprintf(why, why_size, "pArgumentDescs[%u].Type %u is no D3D12_INDIRECT_ARGUMENT_TYPE", i, type);
            return false;
        }
        rule = &argument_rules[type];
        snprintf(what, sizeof(what), "pArgumentDescs[%u] (D3D12_INDIRECT_ARGUMENT_TYPE_%s)", i, rule->name);
        if (!device_has(device, &rule->need, what, why, why_size))
            return false;
        if (rule->draws != (i == last))
        {
            snprintf(why, why_size, rule->draws ? "%s draws or dispatches but is not the last argument: a command "
                    "signature has one draw or dispatch, its last argument" : "the last argument, %s, neither draws "
                    "nor dispatches: a command signature ends with one draw or dispatch", what);
            return false;
        }
        *size += type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT
                ? (uint64_t)rule->size * desc->pArgumentDescs[i].Constant.Num32BitValuesToSet : rule->size;
        if (rule->root && !*root_user)
            *root_user = rule->name;
    }
    return true;
}

/* Do the arguments that change root arguments name parameters of
 * `root_signature` of their kind (constants within its count)? If not,
 * `why` says which. */
static bool device_check_root_arguments(const D3D12_COMMAND_SIGNATURE_DESC *desc,
        const struct obj_root_signature *root_signature, char *why, size_t why_size)
{
    static const char kinds[][17] = {"descriptor table", "32-bit constants", "root CBV", "root SRV", "root UAV"};
    const D3D12_INDIRECT_ARGUMENT_DESC *a;
    D3D12_ROOT_PARAMETER_TYPE want, have;
    UINT i, index, first, count, constants;

    for (i = 0; i < desc->NumArgumentDescs; ++i)
    {
        a = &desc->pArgumentDescs[i];
        switch ((UINT)a->Type)
        {
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT:
        case MK_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT: /* Constant's first two members */
            want = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
            index = a->Constant.RootParameterIndex;
            first = a->Constant.DestOffsetIn32BitValues;
            count = (UINT)a->Type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT ? a->Constant.Num32BitValuesToSet : 1;
            break;
        case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
        case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW:
            want = (D3D12_ROOT_PARAMETER_TYPE)(D3D12_ROOT_PARAMETER_TYPE_CBV
                    + (a->Type - D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW));
            index = a->ConstantBufferView.RootParameterIndex;
            first = count = 0;
            break;
        default:
            continue;
        }
        if (!obj_root_signature_parameter(root_signature, index, &have, &constants))
        {
            snprintf(why, why_size, "pArgumentDescs[%u] sets root parameter %u, which pRootSignature does not have",
                    i, index);
            return false;
        }
        if (have != want)
        {
            snprintf(why, why_size, "pArgumentDescs[%u] sets root parameter %u as %s, but it is %s in pRootSignature",
                    i, index, kinds[want], kinds[have]); /* a parsed root signature's types are these five */
            return false;
        }
        if (want == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS && (uint64_t)first + count > constants)
        {
            snprintf(why, why_size, "pArgumentDescs[%u] sets 32-bit values %u to %u of root parameter %u, which has %u",
                    i, first, first + count - 1, index, constants);
            return false;
        }
    }
    return true;
}

/* S_OK when `desc` with `root_signature` is a signature this adapter can
 * create; otherwise E_INVALIDARG and, with the debug layer,
 * CREATECOMMANDSIGNATURE_INVALID naming why (docs/objects.md). */
static HRESULT device_check_command_signature(struct mk_device *device, const D3D12_COMMAND_SIGNATURE_DESC *desc,
        ID3D12RootSignature *root_signature)
{
    const struct obj_root_signature *rs = obj_root_signature_from_iface(root_signature);
    const char *root_user;
    uint64_t size;
    char why[384];

    if (!desc)
        snprintf(why, sizeof(why), "pDesc is NULL");
    else if (!desc->NumArgumentDescs)
        snprintf(why, sizeof(why), "NumArgumentDescs is 0");
    else if (!desc->pArgumentDescs)
        snprintf(why, sizeof(why), "pArgumentDescs is NULL but NumArgumentDescs is %u",
                (unsigned)desc->NumArgumentDescs);
    else if (device_check_arguments(device, desc, &size, &root_user, why, sizeof(why)))
    {
        if (desc->ByteStride % 4)
            snprintf(why, sizeof(why), "ByteStride %u is not a multiple of 4", (unsigned)desc->ByteStride);
        else if (desc->ByteStride < size)
            snprintf(why, sizeof(why), "ByteStride %u is less than the %llu bytes the arguments take",
                    (unsigned)desc->ByteStride, (unsigned long long)size);
        else if (!mk_device_node_mask_valid(device, desc->NodeMask))
            snprintf(why, sizeof(why), "NodeMask 0x%x is not one node of the adapter's %u",
                    (unsigned)desc->NodeMask, caps_adapter_node_count(device->adapter));
        else if (root_user && !root_signature)
            snprintf(why, sizeof(why), "a D3D12_INDIRECT_ARGUMENT_TYPE_%s argument changes root arguments, but "
                    "pRootSignature is NULL", root_user);
        else if (root_signature && (!rs || obj_device_of(&rs->obj) != &device->objects))
            snprintf(why, sizeof(why), "pRootSignature is not a root signature of this device");
        else if (!rs || device_check_root_arguments(desc, rs, why, sizeof(why)))
            return S_OK;
    }
    dbg_report(device->debug, D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID, why);
    return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandSignature(ID3D12Device17 *iface,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, ID3D12RootSignature *root_signature, REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_command_signature *signature;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, "ID3D12Device::CreateCommandSignature")))
        return hr;
    if (FAILED(hr = device_check_command_signature(device, desc, root_signature)))
        return hr;
    /* A probe: S_FALSE whatever the IID, as CreateFence. */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_command_signature_create(&device->objects, desc, &signature)))
        return hr;
    return mk_object_hand_out(&signature->obj, riid, out);
}

/* ---- The device's side ---- */
