/*
 * The device object: one struct, one vtable (ID3D12Device17, whose prefixes
 * are ID3D12Device ... ID3D12Device15), answering from the adapter it was
 * created on. Methods that would create GPU work are generated stubs
 * (tools/gen_device_stubs.py) returning E_NOTIMPL or a zeroed struct.
 *
 * COM identity and reference counts follow vkd3d's conformance tests
 * (tests/d3d12.c, run on Windows): test_create_device() for the interfaces the
 * device answers, test_create_command_queue() for the queue's device reference.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "alloc.h"
#include "answer_sheet.h"
#include "caps/caps.h"
#include "clamp/clamp.h"
#include "command_queue.h"
#include "debuglayer/debuglayer.h"
#include "descriptor_heap.h"
#include "device.h"
#include "device_descriptors.h"
#include "device_lists.h"
#include "device_pipelines.h"
#include "device_queries.h"
#include "device_resources.h"
#include "device_root_signature.h"
#include "device_shader_cache.h"
#include "device_state_objects.h"
#include "dred.h"
#include "fence.h"
#include "mk_tables.h"
#include "refusal.h"
#include "trace.h"

MK_OBJECT_HELPERS(struct mk_device, ID3D12Device17, ID3D12Device17_iface, impl_from_ID3D12Device17, device_object)

bool mk_device_node_mask_valid(const struct mk_device *device, UINT node_mask)
{
    /* 1 to 32 nodes (docs/profiles.md): the shift is in range. */
    uint64_t nodes = (uint64_t)1 << caps_adapter_node_count(device->adapter);

    node_mask = node_mask ? node_mask : 1;
    return !(node_mask & (node_mask - 1)) && node_mask < nodes;
}

void mk_device_video_refusal(const struct mk_device *device, const char *what, char *why, size_t why_size)
{
    snprintf(why, why_size, "%s needs a video engine, which %s does not have", what, caps_adapter_id(device->adapter));
}

void mk_device_report_unimplemented(struct mk_device *device, const char *method, const char *result)
{
    if (device && device->debug)
        dbg_report(device->debug, D3D12_MESSAGE_ID_MOCKD3D12_UNIMPLEMENTED_METHOD, method, result);
}

static void d3d12_device_report_unimplemented(ID3D12Device17 *iface, const char *method, const char *result)
{
    mk_device_report_unimplemented(impl_from_ID3D12Device17(iface), method, result);
}

/* ---- What the device answers its objects ---- */

static void report_object(void *ctx, D3D12_MESSAGE_ID id, const char *method, const char *why, const char *result)
{
    dbg_report(((struct mk_device *)ctx)->debug, id, method, why, result);
}

const struct obj_device_ops mk_device_object_ops =
{
    report_object, mk_device_list_gates, mk_device_list_refused, mk_device_runtime_knows, mk_device_build_pipeline,
    mk_dred_allocation_freed,
};

/* FNV-1a of the adapter's profile id. */
uint64_t mk_device_driver_version(const struct mk_device *device)
{
    const char *id = caps_adapter_id(device->adapter);
    uint64_t h = 0xcbf29ce484222325ull;

    while (*id)
        h = (h ^ (uint8_t)*id++) * 0x100000001b3ull;
    return h;
}

/* ---- The object ---- */

static void device_destroy(struct mk_object *object)
{
    struct mk_device *device = MK_OBJECT_IMPL(struct mk_device, obj, object);

    mk_device_untrack(device);
    if (device->global)
        mk_device_cache_forget(device);
    if (device->debug)
        dbg_device_destroy(device->debug);
    obj_device_destroy(&device->objects);
    mk_dred_destroy(device);
}

/* The conditions of the device's interfaces (mk_object_class.available). */
enum device_condition
{
    DEVICE_HAS_DEVICE17,        /* a runtime past the CheckFeatureSupport1 cutoff */
    DEVICE_HAS_API_EXTENSIONS,  /* a driver with D3D12 API extensions on a runtime that has them */
};

static bool device_available(const struct mk_object *object, uint32_t condition)
{
    const struct mk_device *device = MK_OBJECT_IMPL(struct mk_device, obj, object);

    return condition == DEVICE_HAS_DEVICE17 ? device->has_device17 : device->has_api_extensions;
}

/* Not ID3D12DeviceChild, not ID3D12Pageable (vkd3d's test_create_device),
 * not DXGI; ID3D12Device17 only on runtimes past the CheckFeatureSupport1
 * cutoff. */
#define DEVICE_INTERFACE(iid) MK_INTERFACE_AT(struct mk_device, obj, ID3D12Device17_iface, iid)
static const struct mk_interface device_interfaces[] =
{
    DEVICE_INTERFACE(IID_IUnknown), DEVICE_INTERFACE(IID_ID3D12Object),
    DEVICE_INTERFACE(IID_ID3D12Device), DEVICE_INTERFACE(IID_ID3D12Device1), DEVICE_INTERFACE(IID_ID3D12Device2),
    DEVICE_INTERFACE(IID_ID3D12Device3), DEVICE_INTERFACE(IID_ID3D12Device4), DEVICE_INTERFACE(IID_ID3D12Device5),
    DEVICE_INTERFACE(IID_ID3D12Device6), DEVICE_INTERFACE(IID_ID3D12Device7), DEVICE_INTERFACE(IID_ID3D12Device8),
    DEVICE_INTERFACE(IID_ID3D12Device9), DEVICE_INTERFACE(IID_ID3D12Device10), DEVICE_INTERFACE(IID_ID3D12Device11),
    DEVICE_INTERFACE(IID_ID3D12Device12), DEVICE_INTERFACE(IID_ID3D12Device13), DEVICE_INTERFACE(IID_ID3D12Device14),
    DEVICE_INTERFACE(IID_ID3D12Device15),
    MK_INTERFACE_IF(struct mk_device, obj, ID3D12Device17_iface, IID_ID3D12Device17, DEVICE_HAS_DEVICE17),
    /* DRED (dred.c): whether or not its settings were on. */
    MK_INTERFACE_AT(struct mk_device, obj, ID3D12DeviceRemovedExtendedData2_iface, IID_ID3D12DeviceRemovedExtendedData),
    MK_INTERFACE_AT(struct mk_device, obj, ID3D12DeviceRemovedExtendedData2_iface, IID_ID3D12DeviceRemovedExtendedData1),
    MK_INTERFACE_AT(struct mk_device, obj, ID3D12DeviceRemovedExtendedData2_iface, IID_ID3D12DeviceRemovedExtendedData2),
    MK_INTERFACE_IF(struct mk_device, obj, ID3D12DeviceApiExtensions_iface, IID_ID3D12DeviceApiExtensions,
            DEVICE_HAS_API_EXTENSIONS),
};
#undef DEVICE_INTERFACE

/* The debug layer's interfaces (ID3D12InfoQueue*, ID3D12DebugDevice*) share
 * the device's identity, with the layer on. */
static HRESULT device_query_debug(struct mk_object *object, REFIID riid, void **out)
{
    struct mk_device *device = MK_OBJECT_IMPL(struct mk_device, obj, object);

    return device->debug ? dbg_device_query_interface(device->debug, riid, out) : E_NOINTERFACE;
}

static const struct mk_object_class device_class = MK_OBJECT_CLASS(struct mk_device, device_interfaces,
        .name = "ID3D12Device", .destroy = device_destroy, .query_more = device_query_debug,
        .available = device_available);

/* The device's count holds each of its objects (vkd3d's tests read it):
 * its registry counts them (object.h, mk_owner_addref). */
MK_QUERY_METHOD(d3d12_device, ID3D12Device17, device_object)

static ULONG STDMETHODCALLTYPE d3d12_device_AddRef(ID3D12Device17 *iface)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);

    return mk_owner_addref(&device->obj, &device->objects.registry);
}

static ULONG STDMETHODCALLTYPE d3d12_device_Release(ID3D12Device17 *iface)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);

    return mk_owner_release(&device->obj, &device->objects.registry);
}

MK_PRIVATE_DATA_METHODS(d3d12_device, ID3D12Device17, device_object)

/* ID3D12Device methods answered from the adapter */

static UINT STDMETHODCALLTYPE d3d12_device_GetNodeCount(ID3D12Device17 *iface)
{
    return caps_adapter_node_count(impl_from_ID3D12Device17(iface)->adapter);
}

/* Returns the new object's `riid` in *out and drops the creation reference.
 * A NULL `out` is a probe (vkd3d's test_object_interface_null_cases, run on
 * Windows): the caller checked the arguments, so S_FALSE, whatever the IID. */
static HRESULT device_create_queue(struct mk_device *device, const char *method, const D3D12_COMMAND_QUEUE_DESC *desc,
        REFIID riid, void **out)
{
    struct mk_command_queue *queue;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    if (!out)
        return mk_command_queue_check_desc(device, desc) == S_OK ? S_FALSE : E_INVALIDARG;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = mk_command_queue_create(device, desc, &queue)))
        return hr;
    return mk_hand_out((IUnknown *)&queue->ID3D12CommandQueue_iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandQueue(ID3D12Device17 *iface,
        const D3D12_COMMAND_QUEUE_DESC *desc, REFIID riid, void **queue)
{
    return device_create_queue(impl_from_ID3D12Device17(iface), "ID3D12Device::CreateCommandQueue", desc, riid, queue);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_CheckFeatureSupport(ID3D12Device17 *iface, D3D12_FEATURE feature,
        void *data, UINT data_size)
{
    return mk_check_feature_support(impl_from_ID3D12Device17(iface), MK_ENTRY_LEGACY, feature, data, data_size, 0);
}

/* The adapter's strides (a report's, else 32); 0 for no heap type. */
static UINT STDMETHODCALLTYPE d3d12_device_GetDescriptorHandleIncrementSize(ID3D12Device17 *iface,
        D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);

    return (unsigned)type < D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES
            ? caps_adapter_extra(device->adapter)->descriptor_sizes[type] : 0;
}

/* As vkd3d's test_create_heap() records it: CUSTOM heaps whose page property
 * and pool follow the adapter's UMA / CacheCoherentUMA. */
static MK_STRUCT_RET(D3D12_HEAP_PROPERTIES) STDMETHODCALLTYPE d3d12_device_GetCustomHeapProperties(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_HEAP_PROPERTIES), UINT node_mask, D3D12_HEAP_TYPE type)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    const struct caps_adapter *adapter = device->adapter;
    D3D12_HEAP_PROPERTIES props;

    (void)node_mask;
    memset(&props, 0, sizeof(props));
    switch (type)
    {
        case D3D12_HEAP_TYPE_DEFAULT:
            props.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE;
            props.MemoryPoolPreference = caps_adapter_uma(adapter) ? D3D12_MEMORY_POOL_L0 : D3D12_MEMORY_POOL_L1;
            break;
        case D3D12_HEAP_TYPE_UPLOAD:
            props.CPUPageProperty = caps_adapter_uma(adapter) && caps_adapter_cache_coherent_uma(adapter)
                    ? D3D12_CPU_PAGE_PROPERTY_WRITE_BACK : D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
            props.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
            break;
        case D3D12_HEAP_TYPE_READBACK:
            props.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
            props.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
            break;
        default:
            /* CUSTOM or unknown: nothing to translate; a zeroed struct. */
            MK_STRUCT_RETURN(props);
    }
    props.Type = D3D12_HEAP_TYPE_CUSTOM;
    props.CreationNodeMask = 1;
    props.VisibleNodeMask = 1;
    MK_STRUCT_RETURN(props);
}

/* Residency: every object is always resident (nothing uses memory), so
 * MakeResident and Evict only check their arguments. */
static HRESULT device_check_pageables(struct mk_device *device, D3D12_MESSAGE_ID id, const char *method,
        UINT count, ID3D12Pageable *const *objects)
{
    if (count && !objects)
    {
        dbg_report(device->debug, id, method, count);
        return E_INVALIDARG;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_device_MakeResident(ID3D12Device17 *iface, UINT count,
        ID3D12Pageable *const *objects)
{
    return device_check_pageables(impl_from_ID3D12Device17(iface), D3D12_MESSAGE_ID_MAKERESIDENT_NULLOBJECTARRAY,
            "MakeResident", count, objects);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_Evict(ID3D12Device17 *iface, UINT count, ID3D12Pageable *const *objects)
{
    return device_check_pageables(impl_from_ID3D12Device17(iface), D3D12_MESSAGE_ID_EVICT_NULLOBJECTARRAY,
            "Evict", count, objects);
}

/* The flags CreateFence takes on this adapter: S_OK, or the refusal (with
 * the debug layer, CREATE_FENCE_INVALID_FLAGS naming why). */
static HRESULT device_check_fence_flags(struct mk_device *device, D3D12_FENCE_FLAGS flags)
{
    const D3D12_FENCE_FLAGS known = D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER
            | D3D12_FENCE_FLAG_NON_MONITORED;
    char why[256];

    if (flags & ~known)
    {
        snprintf(why, sizeof(why), "Flags 0x%x has bits (0x%x) that are no D3D12_FENCE_FLAGS", (unsigned)flags,
                (unsigned)(flags & ~known));
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATE_FENCE_INVALID_FLAGS, why, "E_INVALIDARG");
        return E_INVALIDARG;
    }
    /* SHARED_CROSS_ADAPTER needs no capability: CrossAdapterRowMajorTextureSupported
     * is about row-major textures, and Microsoft's heterogeneous multi-adapter sample
     * creates its cross-adapter fence on every adapter pair, WARP's included, while it
     * asks that capability only to choose between a texture and a buffer
     * (docs/objects.md, "CreateFence"). */
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_device_CreateFence(ID3D12Device17 *iface, UINT64 initial_value,
        D3D12_FENCE_FLAGS flags, REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_fence *fence;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, "ID3D12Device::CreateFence")))
        return hr;
    if (FAILED(hr = device_check_fence_flags(device, flags)))
        return hr;
    /* A probe: S_FALSE whatever the IID (test_object_interface_null_cases). */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_fence_create(&device->objects, initial_value, flags, &fence)))
        return hr;
    return mk_object_hand_out(&fence->obj, riid, out);
}

/* The most descriptors a shader-visible heap of `type` may have on this
 * adapter, and where that number comes from (for the debug message):
 * D3D12_OPTIONS19's MaxViewDescriptorHeapSize / MaxSamplerDescriptorHeapSize
 * where the runtime knows OPTIONS19 and the adapter reports it; before that,
 * the documented limits ("Hardware support tiers"): 1,000,000 views on
 * resource binding tiers 1 and 2 (D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_1/2),
 * no runtime limit on tier 3 ("1,000,000+"), 2048 samplers on every tier
 * (D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE). */
static UINT device_shader_visible_heap_max(struct mk_device *device, D3D12_DESCRIPTOR_HEAP_TYPE type,
        const char **source)
{
    const bool views = type == D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    const D3D12_FEATURE_DATA_D3D12_OPTIONS19 *options19 = NULL;
    const D3D12_FEATURE_DATA_D3D12_OPTIONS *options;
    const struct mk_feature *feature;
    UINT max;

    feature = mk_feature_from_value(D3D12_FEATURE_D3D12_OPTIONS19);
    if (feature && caps_runtime_knows_until(&device->runtime, feature->first_retail, feature->first_preview,
            feature->last_preview))
        options19 = caps_adapter_values(device->adapter, feature->struct_index);
    if (options19 && (max = views ? options19->MaxViewDescriptorHeapSize : options19->MaxSamplerDescriptorHeapSize))
    {
        *source = views ? "D3D12_FEATURE_DATA_D3D12_OPTIONS19::MaxViewDescriptorHeapSize"
                : "D3D12_FEATURE_DATA_D3D12_OPTIONS19::MaxSamplerDescriptorHeapSize";
        return max;
    }
    if (!views)
    {
        *source = "D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE";
        return D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE;
    }
    feature = mk_feature_from_value(D3D12_FEATURE_D3D12_OPTIONS);
    options = feature ? caps_adapter_values(device->adapter, feature->struct_index) : NULL;
    if (options && options->ResourceBindingTier >= D3D12_RESOURCE_BINDING_TIER_3)
    {
        *source = "D3D12_RESOURCE_BINDING_TIER_3";
        return UINT_MAX;
    }
    *source = options && options->ResourceBindingTier == D3D12_RESOURCE_BINDING_TIER_2
            ? "D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_2 (D3D12_RESOURCE_BINDING_TIER_2)"
            : "D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_1 (D3D12_RESOURCE_BINDING_TIER_1)";
    return D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_1;
}

/* S_OK when `desc` is a heap this adapter can create; otherwise E_INVALIDARG
 * and, with the debug layer, the message naming why (docs/objects.md). */
static HRESULT device_check_descriptor_heap_desc(struct mk_device *device, const D3D12_DESCRIPTOR_HEAP_DESC *desc)
{
    D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_INVALID_DESC;
    UINT max;
    const char *source;
    char why[384];

    if (!desc)
    {
        dbg_report(device->debug, id, "pDescriptorHeapDesc is NULL");
        return E_INVALIDARG;
    }
    if ((unsigned)desc->Type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
        snprintf(why, sizeof(why), "Type %u is no D3D12_DESCRIPTOR_HEAP_TYPE", (unsigned)desc->Type);
    else if (desc->Flags & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
        snprintf(why, sizeof(why), "Flags 0x%x has bits (0x%x) that are no D3D12_DESCRIPTOR_HEAP_FLAGS",
                (unsigned)desc->Flags, (unsigned)(desc->Flags & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE));
    else if ((desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
            && (desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV || desc->Type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV))
        snprintf(why, sizeof(why), "a D3D12_DESCRIPTOR_HEAP_TYPE_%s heap cannot be "
                "D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE", obj_descriptor_heap_type_name(desc->Type));
    else if (!desc->NumDescriptors)
        snprintf(why, sizeof(why), "NumDescriptors is 0");
    else if (!mk_device_node_mask_valid(device, desc->NodeMask))
        snprintf(why, sizeof(why), "NodeMask 0x%x is not one node of the adapter's %u", (unsigned)desc->NodeMask,
                caps_adapter_node_count(device->adapter));
    else if ((desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
            && desc->NumDescriptors > (max = device_shader_visible_heap_max(device, desc->Type, &source)))
    {
        snprintf(why, sizeof(why), "NumDescriptors %u is more than a shader-visible D3D12_DESCRIPTOR_HEAP_TYPE_%s "
                "heap may have on %s: %u (%s)", (unsigned)desc->NumDescriptors,
                obj_descriptor_heap_type_name(desc->Type), caps_adapter_id(device->adapter), max, source);
        id = D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_LARGE_NUM_DESCRIPTORS;
    }
    else
        return S_OK;
    dbg_report(device->debug, id, why);
    return E_INVALIDARG;
}

static HRESULT STDMETHODCALLTYPE d3d12_device_CreateDescriptorHeap(ID3D12Device17 *iface,
        const D3D12_DESCRIPTOR_HEAP_DESC *desc, REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_descriptor_heap *heap;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, "ID3D12Device::CreateDescriptorHeap")))
        return hr;
    if (FAILED(hr = device_check_descriptor_heap_desc(device, desc)))
        return hr;
    /* A probe: S_FALSE whatever the IID, as CreateFence. */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = obj_descriptor_heap_create(&device->objects, desc,
            caps_adapter_extra(device->adapter)->descriptor_sizes[desc->Type], &heap)))
        return hr;
    return mk_object_hand_out(&heap->obj, riid, out);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_GetDeviceRemovedReason(ID3D12Device17 *iface)
{
    return atomic_load(&impl_from_ID3D12Device17(iface)->removed_reason);
}

/* The documentation: it works in developer mode, and removes the device
 * otherwise. The simulated machine is in developer mode; no clock changes. */
static HRESULT STDMETHODCALLTYPE d3d12_device_SetStablePowerState(ID3D12Device17 *iface, BOOL enable)
{
    (void)enable;
    return atomic_load(&impl_from_ID3D12Device17(iface)->removed) ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
}

static MK_STRUCT_RET(LUID) STDMETHODCALLTYPE d3d12_device_GetAdapterLuid(ID3D12Device17 *iface MK_STRUCT_RET_PARAM(LUID))
{
    MK_STRUCT_RETURN(caps_adapter_luid(impl_from_ID3D12Device17(iface)->adapter));
}

/* ID3D12Device1 methods */

static HRESULT STDMETHODCALLTYPE d3d12_device_SetEventOnMultipleFenceCompletion(ID3D12Device17 *iface,
        ID3D12Fence *const *fences, const UINT64 *values, UINT count, D3D12_MULTIPLE_FENCE_WAIT_FLAGS flags,
        HANDLE event)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_fence *small[8], **impls = small;
    const char *why = NULL;
    char text[128];
    HRESULT hr;
    UINT i;

    /* vkd3d's test_fence_wait_multiple records these three on Windows. */
    if (flags & ~D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY)
    {
        snprintf(text, sizeof(text), "Flags 0x%x is not D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL or _ANY", (unsigned)flags);
        why = text;
    }
    else if (!count)
        why = "NumFences is 0";
    else if (!fences || !values)
        why = !fences ? "ppFences is NULL" : "pFenceValues is NULL";
    if (why)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_SETEVENTONMULTIPLEFENCECOMPLETION_INVALIDFLAGS, why);
        return E_INVALIDARG;
    }
    if (count > sizeof(small) / sizeof(small[0]) && !(impls = mk_calloc(count, sizeof(*impls))))
        return E_OUTOFMEMORY;
    for (i = 0; i < count; ++i)
    {
        if (!(impls[i] = obj_fence_from_iface(fences[i])))
        {
            snprintf(text, sizeof(text), "ppFences[%u] is not a fence", i);
            dbg_report(device->debug, D3D12_MESSAGE_ID_SETEVENTONMULTIPLEFENCECOMPLETION_INVALIDFLAGS, text);
            if (impls != small)
                mk_free(impls);
            return E_INVALIDARG;
        }
    }
    hr = obj_fence_wait_multiple(impls, values, count, flags & D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, event);
    if (impls != small)
        mk_free(impls);
    return hr;
}

/* Any priority is accepted (the documentation allows values between the
 * named ones); nothing is ever paged out. */
static HRESULT STDMETHODCALLTYPE d3d12_device_SetResidencyPriority(ID3D12Device17 *iface, UINT count,
        ID3D12Pageable *const *objects, const D3D12_RESIDENCY_PRIORITY *priorities)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    UINT i;

    if (count && (!objects || !priorities))
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_SETRESIDENCYPRIORITY_INVALID_PAGEABLE,
                !objects ? "ppObjects is NULL" : "pPriorities is NULL", count);
        return E_INVALIDARG;
    }
    for (i = 0; i < count; ++i)
    {
        if (!objects[i])
        {
            dbg_report(device->debug, D3D12_MESSAGE_ID_SETRESIDENCYPRIORITY_INVALID_PAGEABLE, "an object is NULL",
                    count);
            return E_INVALIDARG;
        }
    }
    return S_OK;
}

/* ID3D12Device3 methods */

/* Residency is immediate: the fence is signalled at once. */
static HRESULT STDMETHODCALLTYPE d3d12_device_EnqueueMakeResident(ID3D12Device17 *iface, D3D12_RESIDENCY_FLAGS flags,
        UINT count, ID3D12Pageable *const *objects, ID3D12Fence *fence, UINT64 value)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_fence *impl;
    char why[128];
    HRESULT hr;

    if (flags & ~D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET)
    {
        snprintf(why, sizeof(why), "Flags 0x%x has bits that are no D3D12_RESIDENCY_FLAGS", (unsigned)flags);
        dbg_report(device->debug, D3D12_MESSAGE_ID_ENQUEUE_MAKE_RESIDENT_INVALID_FLAGS, why);
        return E_INVALIDARG;
    }
    if (FAILED(hr = device_check_pageables(device, D3D12_MESSAGE_ID_MAKERESIDENT_NULLOBJECTARRAY,
            "EnqueueMakeResident", count, objects)))
        return hr;
    if (!(impl = obj_fence_from_iface(fence)))
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_ENQUEUE_MAKE_RESIDENT_INVALID_FLAGS,
                "pFenceToSignal is not a fence");
        return E_INVALIDARG;
    }
    return obj_fence_signal(impl, value);
}

/* ID3D12Device5 methods */

/* What the debug layer and the trace say of a removal: the message Windows'
 * debug layer gives for the reason (DEVICE_REMOVAL_PROCESS_*, faults.c) and
 * a "DeviceRemoved" record. */
static void device_removal_report(struct mk_device *device, HRESULT reason, const char *method, const char *rule)
{
    const struct mk_fault_reason *r = mk_fault_reason_of(reason);
    struct mk_trace_record record;
    char cause[160] = "";

    if (rule)
        snprintf(cause, sizeof(cause), " (mockd3d12's fault plan: %s)", rule);
    dbg_report(device->debug, r->message, method, mk_trace_hresult_name(r->hr), r->meaning, cause);
    if (!device->traced || !mk_trace_recording())
        return;
    mk_trace_begin(&record, "DeviceRemoved");
    mk_trace_string(&record, "adapter", caps_adapter_id(device->adapter));
    mk_trace_string(&record, "method", method);
    mk_trace_string(&record, "reason", mk_trace_hresult_name(r->hr));
    if (rule)
        mk_trace_string(&record, "rule", rule);
    mk_trace_end(&record);
}

/* As documented: every fence of the device is signalled to UINT64_MAX (its
 * events are set, blocked waiters return, queues behind a Wait run on), and
 * from then on GetDeviceRemovedReason answers `reason` and creation fails
 * with DXGI_ERROR_DEVICE_REMOVED. D3D12CreateDevice makes a new device for
 * the adapter afterwards, as Windows does after a removal. */
void mk_device_remove_fault(struct mk_device *device, HRESULT reason, const char *method, const char *rule,
        const struct mk_removal_fault *fault)
{
    HRESULT none = S_OK;

    atomic_compare_exchange_strong(&device->removed_reason, &none, reason);
    /* DRED's outputs are complete before anything sees the device removed
     * (the first removal's: a later one changes nothing). */
    if (!atomic_load(&device->removed))
        mk_dred_removed(device, atomic_load(&device->removed_reason), fault);
    if (atomic_exchange(&device->removed, true))
        return;
    if (device->global)
        mk_device_cache_forget(device);
    device_removal_report(device, atomic_load(&device->removed_reason), method, rule);
    obj_fence_remove_device(&device->objects);
}

void mk_device_remove_because(struct mk_device *device, HRESULT reason, const char *method, const char *rule)
{
    mk_device_remove_fault(device, reason, method, rule, NULL);
}

void mk_device_remove(struct mk_device *device, HRESULT reason)
{
    mk_device_remove_because(device, reason, "ID3D12Device5::RemoveDevice", NULL);
}

static void STDMETHODCALLTYPE d3d12_device_RemoveDevice(ID3D12Device17 *iface)
{
    mk_device_remove(impl_from_ID3D12Device17(iface), DXGI_ERROR_DEVICE_REMOVED);
}

/* We never produce serialized data, so no identifier is ours. */
static D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS STDMETHODCALLTYPE d3d12_device_CheckDriverMatchingIdentifier(
        ID3D12Device17 *iface, D3D12_SERIALIZED_DATA_TYPE type,
        const D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER *identifier)
{
    (void)iface;
    (void)identifier;
    if (type != D3D12_SERIALIZED_DATA_RAYTRACING_ACCELERATION_STRUCTURE)
        return D3D12_DRIVER_MATCHING_IDENTIFIER_UNSUPPORTED_TYPE;
    return D3D12_DRIVER_MATCHING_IDENTIFIER_UNRECOGNIZED;
}

/* ID3D12Device5 methods: meta commands, the profile's ("metaCommands"; none
 * unless it declares some). A NULL count is E_INVALIDARG, as the runtime
 * answers; with descriptions, at most *count are written and *count says how
 * many. The names point into the adapter, which lives as long as the process. */

static const struct caps_meta_command *device_meta_command(struct mk_device *device, REFGUID id)
{
    const struct caps_meta_command *commands;
    unsigned count = caps_adapter_meta_commands(device->adapter, &commands), i;

    for (i = 0; id && i < count; ++i)
        if (!memcmp(&commands[i].id, id, sizeof(GUID)))
            return &commands[i];
    return NULL;
}

static HRESULT STDMETHODCALLTYPE d3d12_device_EnumerateMetaCommands(ID3D12Device17 *iface, UINT *count,
        D3D12_META_COMMAND_DESC *descs)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    const struct caps_meta_command *commands;
    unsigned total = caps_adapter_meta_commands(device->adapter, &commands), i;

    if (!count)
        return E_INVALIDARG;
    if (!descs)
    {
        *count = total;
        return S_OK;
    }
    for (i = 0; i < total && i < *count; ++i)
    {
        descs[i].Id = commands[i].id;
        descs[i].Name = commands[i].name;
        descs[i].InitializationDirtyState = (D3D12_GRAPHICS_STATES)commands[i].initialization_dirty;
        descs[i].ExecutionDirtyState = (D3D12_GRAPHICS_STATES)commands[i].execution_dirty;
    }
    *count = i;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_device_EnumerateMetaCommandParameters(ID3D12Device17 *iface,
        REFGUID command_id, D3D12_META_COMMAND_PARAMETER_STAGE stage, UINT *total_size, UINT *parameter_count,
        D3D12_META_COMMAND_PARAMETER_DESC *descs)
{
    const struct caps_meta_command *command = device_meta_command(impl_from_ID3D12Device17(iface), command_id);
    const struct caps_meta_stage *s;
    unsigned i;

    /* No meta command of this id, no such stage, a stage it does not have, a NULL count. */
    if (!command || (unsigned)stage >= CAPS_META_STAGES || !(s = &command->stages[stage])->present || !parameter_count)
        return E_INVALIDARG;
    if (total_size)
        *total_size = s->total_size;
    if (!descs)
    {
        *parameter_count = s->parameter_count;
        return S_OK;
    }
    for (i = 0; i < s->parameter_count && i < *parameter_count; ++i)
    {
        descs[i].Name = s->parameters[i].name;
        descs[i].Type = (D3D12_META_COMMAND_PARAMETER_TYPE)s->parameters[i].type;
        descs[i].Flags = (D3D12_META_COMMAND_PARAMETER_FLAGS)s->parameters[i].flags;
        descs[i].RequiredResourceState = (D3D12_RESOURCE_STATES)s->parameters[i].required_state;
        descs[i].StructureOffset = s->parameters[i].offset;
    }
    *parameter_count = i;
    return S_OK;
}

/* ID3D12Device6 methods */

/* No background work and no measurements: the event, if any, is set at
 * once, and no further measurement is wanted. */
static HRESULT STDMETHODCALLTYPE d3d12_device_SetBackgroundProcessingMode(ID3D12Device17 *iface,
        D3D12_BACKGROUND_PROCESSING_MODE mode, D3D12_MEASUREMENTS_ACTION action, HANDLE event, BOOL *further)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    char why[128];

    if ((unsigned)mode > D3D12_BACKGROUND_PROCESSING_MODE_DISABLE_PROFILING_BY_SYSTEM
            || (unsigned)action > D3D12_MEASUREMENTS_ACTION_DISCARD_PREVIOUS)
    {
        snprintf(why, sizeof(why), (unsigned)mode > D3D12_BACKGROUND_PROCESSING_MODE_DISABLE_PROFILING_BY_SYSTEM
                ? "Mode %u is no D3D12_BACKGROUND_PROCESSING_MODE" : "MeasurementsAction %u is no "
                "D3D12_MEASUREMENTS_ACTION", (unsigned)mode > D3D12_BACKGROUND_PROCESSING_MODE_DISABLE_PROFILING_BY_SYSTEM
                ? (unsigned)mode : (unsigned)action);
        dbg_report(device->debug, D3D12_MESSAGE_ID_SET_BACKGROUND_PROCESSING_MODE_INVALID_ARGUMENT, why);
        return E_INVALIDARG;
    }
    if (further)
        *further = FALSE;
    if (event)
        mk_event_set(event);
    return S_OK;
}

/* ID3D12Device9 methods */

static HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandQueue1(ID3D12Device17 *iface,
        const D3D12_COMMAND_QUEUE_DESC *desc, REFIID creator_id, REFIID riid, void **queue)
{
    (void)creator_id;
    return device_create_queue(impl_from_ID3D12Device17(iface), "ID3D12Device9::CreateCommandQueue1", desc, riid,
            queue);
}

/* ID3D12Device17 methods */

static HRESULT STDMETHODCALLTYPE d3d12_device_CheckFeatureSupport1(ID3D12Device17 *iface, D3D12_FEATURE feature,
        void *data, UINT data_size, UINT sdk_version)
{
    return mk_check_feature_support(impl_from_ID3D12Device17(iface), MK_ENTRY_CFS1, feature, data, data_size,
            sdk_version);
}

/* Everything else: E_NOTIMPL / zeroed structs, reported to the debug layer. */
#include "device_stubs_gen.inc"

static const ID3D12Device17Vtbl d3d12_device_vtbl =
{
    /* IUnknown methods */
    d3d12_device_QueryInterface,
    d3d12_device_AddRef,
    d3d12_device_Release,
    /* ID3D12Object methods */
    d3d12_device_GetPrivateData,
    d3d12_device_SetPrivateData,
    d3d12_device_SetPrivateDataInterface,
    d3d12_device_SetName,
    /* ID3D12Device methods */
    d3d12_device_GetNodeCount,
    d3d12_device_CreateCommandQueue,
    d3d12_device_CreateCommandAllocator,
    d3d12_device_CreateGraphicsPipelineState,
    d3d12_device_CreateComputePipelineState,
    d3d12_device_CreateCommandList,
    d3d12_device_CheckFeatureSupport,
    d3d12_device_CreateDescriptorHeap,
    d3d12_device_GetDescriptorHandleIncrementSize,
    d3d12_device_CreateRootSignature,
    d3d12_device_CreateConstantBufferView,
    d3d12_device_CreateShaderResourceView,
    d3d12_device_CreateUnorderedAccessView,
    d3d12_device_CreateRenderTargetView,
    d3d12_device_CreateDepthStencilView,
    d3d12_device_CreateSampler,
    d3d12_device_CopyDescriptors,
    d3d12_device_CopyDescriptorsSimple,
    d3d12_device_GetResourceAllocationInfo,
    d3d12_device_GetCustomHeapProperties,
    d3d12_device_CreateCommittedResource,
    d3d12_device_CreateHeap,
    d3d12_device_CreatePlacedResource,
    d3d12_device_CreateReservedResource,
    d3d12_device_CreateSharedHandle,
    d3d12_device_OpenSharedHandle,
    d3d12_device_OpenSharedHandleByName,
    d3d12_device_MakeResident,
    d3d12_device_Evict,
    d3d12_device_CreateFence,
    d3d12_device_GetDeviceRemovedReason,
    d3d12_device_GetCopyableFootprints,
    d3d12_device_CreateQueryHeap,
    d3d12_device_SetStablePowerState,
    d3d12_device_CreateCommandSignature,
    d3d12_device_GetResourceTiling,
    d3d12_device_GetAdapterLuid,
    /* ID3D12Device1 methods */
    d3d12_device_CreatePipelineLibrary,
    d3d12_device_SetEventOnMultipleFenceCompletion,
    d3d12_device_SetResidencyPriority,
    /* ID3D12Device2 methods */
    d3d12_device_CreatePipelineState,
    /* ID3D12Device3 methods */
    d3d12_device_OpenExistingHeapFromAddress,
    d3d12_device_OpenExistingHeapFromFileMapping,
    d3d12_device_EnqueueMakeResident,
    /* ID3D12Device4 methods */
    d3d12_device_CreateCommandList1,
    d3d12_device_CreateProtectedResourceSession,
    d3d12_device_CreateCommittedResource1,
    d3d12_device_CreateHeap1,
    d3d12_device_CreateReservedResource1,
    d3d12_device_GetResourceAllocationInfo1,
    /* ID3D12Device5 methods */
    d3d12_device_CreateLifetimeTracker,
    d3d12_device_RemoveDevice,
    d3d12_device_EnumerateMetaCommands,
    d3d12_device_EnumerateMetaCommandParameters,
    d3d12_device_CreateMetaCommand,
    d3d12_device_CreateStateObject,
    d3d12_device_GetRaytracingAccelerationStructurePrebuildInfo,
    d3d12_device_CheckDriverMatchingIdentifier,
    /* ID3D12Device6 methods */
    d3d12_device_SetBackgroundProcessingMode,
    /* ID3D12Device7 methods */
    d3d12_device_AddToStateObject,
    d3d12_device_CreateProtectedResourceSession1,
    /* ID3D12Device8 methods */
    d3d12_device_GetResourceAllocationInfo2,
    d3d12_device_CreateCommittedResource2,
    d3d12_device_CreatePlacedResource1,
    d3d12_device_CreateSamplerFeedbackUnorderedAccessView,
    d3d12_device_GetCopyableFootprints1,
    /* ID3D12Device9 methods */
    d3d12_device_CreateShaderCacheSession,
    d3d12_device_ShaderCacheControl,
    d3d12_device_CreateCommandQueue1,
    /* ID3D12Device10 methods */
    d3d12_device_CreateCommittedResource3,
    d3d12_device_CreatePlacedResource2,
    d3d12_device_CreateReservedResource2,
    /* ID3D12Device11 methods */
    d3d12_device_CreateSampler2,
    /* ID3D12Device12 methods */
    d3d12_device_GetResourceAllocationInfo3,
    /* ID3D12Device13 methods */
    d3d12_device_OpenExistingHeapFromAddress1,
    /* ID3D12Device14 methods */
    d3d12_device_CreateRootSignatureFromSubobjectInLibrary,
    /* ID3D12Device15 methods */
    d3d12_device_RegisterTrimNotificationCallback,
    d3d12_device_UnregisterTrimNotificationCallback,
    d3d12_device_TryCreateShaderResourceView,
    d3d12_device_TryCreateUnorderedAccessView,
    d3d12_device_TryCreateConstantBufferView,
    d3d12_device_TryCreateSampler2,
    d3d12_device_TryCreateRenderTargetView,
    d3d12_device_TryCreateDepthStencilView,
    d3d12_device_TryCreateSamplerFeedbackUnorderedAccessView,
    d3d12_device_CreateQueryHeap1,
    d3d12_device_ResolveQueryData,
    /* ID3D12Device17 methods */
    d3d12_device_CheckFeatureSupport1,
};

/* ReportLiveDeviceObjects: the device, then its live objects by kind
 * (queues, fences, descriptor heaps, ...: enum obj_kind), with their names. */
struct live_walk
{
    dbg_emit_live_fn emit;
    void *emit_ctx;
};

static int emit_live_object(struct mk_object *object, void *ctx)
{
    const struct live_walk *walk = ctx;
    ULONG refcount = mk_object_refcount(object);
    ULONG internal = (ULONG)atomic_load(&object->internal) - (refcount ? 1 : 0);
    WCHAR *name = mk_private_data_name(&object->private_data);

    walk->emit(walk->emit_ctx, object->cls->name, mk_object_iface(object), name, refcount, internal);
    mk_free(name);
    return 0;
}

static void device_enum_live(void *ctx, dbg_emit_live_fn emit, void *emit_ctx)
{
    struct mk_device *device = ctx;
    struct live_walk walk = {emit, emit_ctx};
    WCHAR *name = mk_private_data_name(&device->obj.private_data);

    emit(emit_ctx, "ID3D12Device", device, name, mk_owner_refcount(&device->obj, &device->objects.registry), 0);
    mk_free(name);
    mk_registry_walk(&device->objects.registry, MK_REGISTRY_ALL, emit_live_object, &walk);
}

struct mk_device *mk_device_of_object(IUnknown *object, unsigned *ordinal)
{
    ID3D12CommandQueue *queue = NULL;
    ID3D12Device *device = NULL;
    struct mk_device *found = NULL;
    struct mk_command_queue *ours;

    *ordinal = 0;
    if (!object)
        return NULL;
    if (SUCCEEDED(object->lpVtbl->QueryInterface(object, &IID_ID3D12CommandQueue, (void **)&queue)))
    {
        if ((ours = mk_command_queue_from_iface(queue)))
            *ordinal = ours->ordinal;
        queue->lpVtbl->GetDevice(queue, &IID_ID3D12Device, (void **)&device);
        queue->lpVtbl->Release(queue);
    }
    else
        object->lpVtbl->QueryInterface(object, &IID_ID3D12Device, (void **)&device);
    if (!device)
        return NULL;
    if ((const void *)device->lpVtbl == (const void *)&d3d12_device_vtbl)
        found = mk_device_from_iface(device);
    /* The caller holds `object`, which holds the device. */
    device->lpVtbl->Release(device);
    return found;
}

HRESULT mk_device_check_feature_level(const struct caps_adapter *adapter, D3D_FEATURE_LEVEL level)
{
    switch (level)
    {
        case D3D_FEATURE_LEVEL_1_0_CORE:
        case D3D_FEATURE_LEVEL_11_0:
        case D3D_FEATURE_LEVEL_11_1:
        case D3D_FEATURE_LEVEL_12_0:
        case D3D_FEATURE_LEVEL_12_1:
        case D3D_FEATURE_LEVEL_12_2:
            break;
        default:
            /* 9_x, 10_x, 0, ~0u: vkd3d test_create_device(). */
            return E_INVALIDARG;
    }
    /* Above the adapter's maximum: DXGI_ERROR_UNSUPPORTED ("The specified
     * device interface or feature level is not supported on this system"), what
     * Windows reports for adapters that cannot create the requested device
     * (e.g. microsoft/DirectX-Graphics-Samples issues #6, #253); vkd3d answers
     * E_INVALIDARG here, no conformance test records the case. */
    if (adapter && level > caps_adapter_max_feature_level(adapter))
        return DXGI_ERROR_UNSUPPORTED;
    return S_OK;
}

HRESULT mk_device_create(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime,
        D3D_FEATURE_LEVEL minimum_level, struct mk_device **out)
{
    struct mk_sheet_set *sheets;
    mockd3d12_runtime current;
    bool debug;
    struct mk_device *device;
    char why[512];
    HRESULT hr;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!adapter)
        return E_INVALIDARG;
    if (FAILED(hr = mk_device_check_feature_level(adapter, minimum_level)))
        return hr;
    /* A malformed MOCKD3D12_* runtime setting fails creation (the reason is
     * on stderr) rather than silently using defaults. */
    if (!runtime)
    {
        if (FAILED(hr = clamp_runtime_current_checked(&current, why, sizeof(why))))
            return hr;
        runtime = &current;
    }
    if (FAILED(hr = dbg_layer_requested(&debug, why, sizeof(why))))
    {
        fprintf(stderr, "mockd3d12: %s\n", why);
        return hr;
    }
    /* A bad MOCKD3D12_FAULTS fails creation as loudly. */
    if (FAILED(hr = mk_faults_init(why, sizeof(why))))
    {
        fprintf(stderr, "mockd3d12: %s\n", why);
        return hr;
    }

    /* The answer sheets of (adapter, runtime), shared with every device made with them. */
    if (FAILED(hr = mk_sheet_set_get(adapter, runtime, &sheets)))
        return hr;
    if (!(device = mk_calloc(1, sizeof(*device))))
        return E_OUTOFMEMORY;
    device->ID3D12Device17_iface.lpVtbl = (ID3D12Device17Vtbl *)&d3d12_device_vtbl;
    device->adapter = adapter;
    device->runtime = *runtime;
    device->has_device17 = clamp_runtime_has_device17(&device->runtime);
    device->ID3D12DeviceApiExtensions_iface.lpVtbl = (ID3D12DeviceApiExtensionsVtbl *)&mk_device_api_extensions_vtbl;
    device->has_api_extensions = mk_device_has_api_extensions(&device->runtime, adapter);
    mk_trace_init();
    device->traced = mk_trace_on();
    device->sheets = sheets;
    device->legacy_sheet = sheets->legacy;
    device->va_bits_per_resource = mk_device_field(device,
            MK_FIELD_GPU_VIRTUAL_ADDRESS_SUPPORT_MaxGPUVirtualAddressBitsPerResource);
    device->va_bits_per_process = mk_device_field(device,
            MK_FIELD_GPU_VIRTUAL_ADDRESS_SUPPORT_MaxGPUVirtualAddressBitsPerProcess);
    mk_object_init(&device->obj, &device_class, NULL, NULL);
    obj_device_init(&device->objects, (ID3D12Device *)&device->ID3D12Device17_iface, &mk_device_object_ops, device,
            caps_adapter_luid(adapter), mk_device_driver_version(device));
    atomic_init(&device->list_gates_ready, 0u);
    atomic_init(&device->root_signature_highest, 0u);
    atomic_init(&device->removed, false);
    atomic_init(&device->removed_reason, S_OK);
    if (FAILED(hr = mk_dred_init(device)))
    {
        mk_object_release(&device->obj);
        return hr;
    }

    if (debug
            && FAILED(hr = dbg_device_create(mk_device_iunknown(device), device_enum_live, device, &device->debug)))
    {
        device->debug = NULL;
        mk_object_release(&device->obj);
        return hr;
    }

    device->plain = !device->traced && !device->debug;
    mk_device_track(device);
    *out = device;
    return S_OK;
}
