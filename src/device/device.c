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
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "alloc.h"
#include "answer_sheet.h"
#include "caps/caps.h"
#include "clamp/clamp.h"
#include "command_queue.h"
#include "debuglayer/debuglayer.h"
#include "device.h"

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
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

static bool guid_eq(REFGUID a, REFGUID b)
{
    return !memcmp(a, b, sizeof(GUID));
}

/* IUnknown methods */

static HRESULT STDMETHODCALLTYPE d3d12_device_QueryInterface(ID3D12Device17 *iface, REFIID riid, void **out)
{
    static const IID *const same_object[] =
    {
        &IID_IUnknown, &IID_ID3D12Object,
        &IID_ID3D12Device, &IID_ID3D12Device1, &IID_ID3D12Device2, &IID_ID3D12Device3,
        &IID_ID3D12Device4, &IID_ID3D12Device5, &IID_ID3D12Device6, &IID_ID3D12Device7,
        &IID_ID3D12Device8, &IID_ID3D12Device9, &IID_ID3D12Device10, &IID_ID3D12Device11,
        &IID_ID3D12Device12, &IID_ID3D12Device13, &IID_ID3D12Device14, &IID_ID3D12Device15,
    };
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    size_t i;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;

    for (i = 0; i < sizeof(same_object) / sizeof(same_object[0]); ++i)
    {
        if (guid_eq(riid, same_object[i]))
            goto found;
    }
    /* ID3D12Device17 exists only on runtimes past the CheckFeatureSupport1 cutoff. */
    if (device->has_device17 && guid_eq(riid, &IID_ID3D12Device17))
        goto found;
    /* ID3D12InfoQueue*, ID3D12DebugDevice*: only with the debug layer. */
    if (device->debug)
        return dbg_device_query_interface(device->debug, riid, out);
    /* ID3D12DeviceChild, ID3D12Pageable (test_create_device), DXGI, ID3D12Device16, ... */
    return E_NOINTERFACE;

found:
    iface->lpVtbl->AddRef(iface);
    *out = iface;
    return S_OK;
}

static ULONG STDMETHODCALLTYPE d3d12_device_AddRef(ID3D12Device17 *iface)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);

    return (ULONG)atomic_fetch_add(&device->refcount, 1) + 1;
}

static void device_destroy(struct mk_device *device)
{
    if (device->global)
        mk_device_cache_forget(device);
    if (device->debug)
        dbg_device_destroy(device->debug);
    mk_private_data_destroy(&device->private_data);
    mk_mutex_destroy(&device->queues_lock);
    mk_free(device);
}

static ULONG STDMETHODCALLTYPE d3d12_device_Release(ID3D12Device17 *iface)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&device->refcount, 1) - 1;

    if (!refcount)
        device_destroy(device);
    return refcount;
}

/* ID3D12Object methods */

static HRESULT STDMETHODCALLTYPE d3d12_device_GetPrivateData(ID3D12Device17 *iface, REFGUID guid, UINT *size, void *data)
{
    return mk_private_data_get(&impl_from_ID3D12Device17(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_SetPrivateData(ID3D12Device17 *iface, REFGUID guid, UINT size,
        const void *data)
{
    return mk_private_data_set(&impl_from_ID3D12Device17(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_SetPrivateDataInterface(ID3D12Device17 *iface, REFGUID guid,
        const IUnknown *object)
{
    return mk_private_data_set_interface(&impl_from_ID3D12Device17(iface)->private_data, guid, object);
}

static HRESULT STDMETHODCALLTYPE d3d12_device_SetName(ID3D12Device17 *iface, LPCWSTR name)
{
    return mk_private_data_set_name(&impl_from_ID3D12Device17(iface)->private_data, name);
}

/* ID3D12Device methods answered from the adapter */

static UINT STDMETHODCALLTYPE d3d12_device_GetNodeCount(ID3D12Device17 *iface)
{
    return caps_adapter_node_count(impl_from_ID3D12Device17(iface)->adapter);
}

static HRESULT device_create_queue(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
        REFIID riid, void **out)
{
    struct mk_command_queue *queue;
    ID3D12CommandQueue *iface;
    HRESULT hr;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (FAILED(hr = mk_command_queue_create(device, desc, &queue)))
        return hr;
    iface = &queue->ID3D12CommandQueue_iface;
    hr = iface->lpVtbl->QueryInterface(iface, riid, out);
    iface->lpVtbl->Release(iface);
    return hr;
}

static HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandQueue(ID3D12Device17 *iface,
        const D3D12_COMMAND_QUEUE_DESC *desc, REFIID riid, void **queue)
{
    return device_create_queue(impl_from_ID3D12Device17(iface), desc, riid, queue);
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

static HRESULT STDMETHODCALLTYPE d3d12_device_GetDeviceRemovedReason(ID3D12Device17 *iface)
{
    (void)iface;
    return S_OK;
}

static MK_STRUCT_RET(LUID) STDMETHODCALLTYPE d3d12_device_GetAdapterLuid(ID3D12Device17 *iface MK_STRUCT_RET_PARAM(LUID))
{
    MK_STRUCT_RETURN(caps_adapter_luid(impl_from_ID3D12Device17(iface)->adapter));
}

/* ID3D12Device5 methods */

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

/* ID3D12Device9 methods */

static HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandQueue1(ID3D12Device17 *iface,
        const D3D12_COMMAND_QUEUE_DESC *desc, REFIID creator_id, REFIID riid, void **queue)
{
    (void)creator_id;
    return device_create_queue(impl_from_ID3D12Device17(iface), desc, riid, queue);
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

/* ReportLiveDeviceObjects: the device, then its live queues, with their names. */
static void device_enum_live(void *ctx, dbg_emit_live_fn emit, void *emit_ctx)
{
    struct mk_device *device = ctx;
    struct mk_command_queue *queue;
    WCHAR *name;

    name = mk_private_data_name(&device->private_data);
    emit(emit_ctx, "ID3D12Device", device, name, (ULONG)atomic_load(&device->refcount));
    mk_free(name);

    mk_mutex_lock(&device->queues_lock);
    for (queue = device->queues; queue; queue = queue->next)
    {
        name = mk_private_data_name(&queue->private_data);
        emit(emit_ctx, "ID3D12CommandQueue", queue, name, mk_command_queue_refcount(queue));
        mk_free(name);
    }
    mk_mutex_unlock(&device->queues_lock);
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
    char why[256];
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

    /* The answer sheets of (adapter, runtime), shared with every device made with them. */
    if (FAILED(hr = mk_sheet_set_get(adapter, runtime, &sheets)))
        return hr;
    if (!(device = mk_calloc(1, sizeof(*device))))
        return E_OUTOFMEMORY;
    device->ID3D12Device17_iface.lpVtbl = (ID3D12Device17Vtbl *)&d3d12_device_vtbl;
    atomic_init(&device->refcount, 1);
    device->adapter = adapter;
    device->runtime = *runtime;
    device->has_device17 = clamp_runtime_has_device17(&device->runtime);
    device->sheets = sheets;
    device->legacy_sheet = sheets->legacy;
    mk_private_data_init(&device->private_data);
    mk_mutex_init(&device->queues_lock);

    if (debug
            && FAILED(hr = dbg_device_create(mk_device_iunknown(device), device_enum_live, device, &device->debug)))
    {
        device->debug = NULL;
        device_destroy(device);
        return hr;
    }

    *out = device;
    return S_OK;
}
