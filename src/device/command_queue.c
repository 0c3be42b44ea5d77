/*
 * ID3D12CommandQueue. Creation, GetDesc and GetDevice follow vkd3d's
 * conformance test test_create_command_queue() (tests/d3d12.c, run on
 * Windows): the queue holds a device reference, answers ID3D12Object,
 * ID3D12DeviceChild and ID3D12Pageable, and GetDesc reports NodeMask 0 as 1.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "command_queue.h"

static inline struct mk_command_queue *impl_from_ID3D12CommandQueue(ID3D12CommandQueue *iface)
{
    return (struct mk_command_queue *)((char *)iface - offsetof(struct mk_command_queue, ID3D12CommandQueue_iface));
}

static void queue_unimplemented(struct mk_command_queue *queue, const char *method, const char *result)
{
    mk_device_report_unimplemented(queue->device, method, result);
}

/* IUnknown methods */

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_QueryInterface(ID3D12CommandQueue *iface,
        REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (riid && (!memcmp(riid, &IID_IUnknown, sizeof(GUID))
            || !memcmp(riid, &IID_ID3D12Object, sizeof(GUID))
            || !memcmp(riid, &IID_ID3D12DeviceChild, sizeof(GUID))
            || !memcmp(riid, &IID_ID3D12Pageable, sizeof(GUID))
            || !memcmp(riid, &IID_ID3D12CommandQueue, sizeof(GUID))))
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE d3d12_command_queue_AddRef(ID3D12CommandQueue *iface)
{
    struct mk_command_queue *queue = impl_from_ID3D12CommandQueue(iface);

    return (ULONG)atomic_fetch_add(&queue->refcount, 1) + 1;
}

static void command_queue_destroy(struct mk_command_queue *queue)
{
    struct mk_device *device = queue->device;
    struct mk_command_queue **link;

    mk_mutex_lock(&device->queues_lock);
    for (link = &device->queues; *link; link = &(*link)->next)
    {
        if (*link == queue)
        {
            *link = queue->next;
            break;
        }
    }
    mk_mutex_unlock(&device->queues_lock);

    mk_private_data_destroy(&queue->private_data);
    mk_free(queue);
    device->ID3D12Device17_iface.lpVtbl->Release(&device->ID3D12Device17_iface);
}

static ULONG STDMETHODCALLTYPE d3d12_command_queue_Release(ID3D12CommandQueue *iface)
{
    struct mk_command_queue *queue = impl_from_ID3D12CommandQueue(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&queue->refcount, 1) - 1;

    if (!refcount)
        command_queue_destroy(queue);
    return refcount;
}

/* ID3D12Object methods */

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_GetPrivateData(ID3D12CommandQueue *iface,
        REFGUID guid, UINT *size, void *data)
{
    return mk_private_data_get(&impl_from_ID3D12CommandQueue(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_SetPrivateData(ID3D12CommandQueue *iface,
        REFGUID guid, UINT size, const void *data)
{
    return mk_private_data_set(&impl_from_ID3D12CommandQueue(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_SetPrivateDataInterface(ID3D12CommandQueue *iface,
        REFGUID guid, const IUnknown *object)
{
    return mk_private_data_set_interface(&impl_from_ID3D12CommandQueue(iface)->private_data, guid, object);
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_SetName(ID3D12CommandQueue *iface, const WCHAR *name)
{
    return mk_private_data_set_name(&impl_from_ID3D12CommandQueue(iface)->private_data, name);
}

/* ID3D12DeviceChild methods */

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_GetDevice(ID3D12CommandQueue *iface, REFIID riid, void **device)
{
    struct mk_command_queue *queue = impl_from_ID3D12CommandQueue(iface);
    ID3D12Device17 *d = &queue->device->ID3D12Device17_iface;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

/* ID3D12CommandQueue methods: everything that would submit GPU work. */

static void STDMETHODCALLTYPE d3d12_command_queue_UpdateTileMappings(ID3D12CommandQueue *iface,
        ID3D12Resource *resource, UINT region_count, const D3D12_TILED_RESOURCE_COORDINATE *region_starts,
        const D3D12_TILE_REGION_SIZE *region_sizes, ID3D12Heap *heap, UINT range_count,
        const D3D12_TILE_RANGE_FLAGS *range_flags, const UINT *heap_range_offsets, const UINT *range_tile_counts,
        D3D12_TILE_MAPPING_FLAGS flags)
{
    (void)resource; (void)region_count; (void)region_starts; (void)region_sizes; (void)heap;
    (void)range_count; (void)range_flags; (void)heap_range_offsets; (void)range_tile_counts; (void)flags;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::UpdateTileMappings", "nothing");
}

static void STDMETHODCALLTYPE d3d12_command_queue_CopyTileMappings(ID3D12CommandQueue *iface,
        ID3D12Resource *dst, const D3D12_TILED_RESOURCE_COORDINATE *dst_start, ID3D12Resource *src,
        const D3D12_TILED_RESOURCE_COORDINATE *src_start, const D3D12_TILE_REGION_SIZE *size,
        D3D12_TILE_MAPPING_FLAGS flags)
{
    (void)dst; (void)dst_start; (void)src; (void)src_start; (void)size; (void)flags;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::CopyTileMappings", "nothing");
}

static void STDMETHODCALLTYPE d3d12_command_queue_ExecuteCommandLists(ID3D12CommandQueue *iface,
        UINT count, ID3D12CommandList *const *lists)
{
    (void)count; (void)lists;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::ExecuteCommandLists", "nothing");
}

/* PIX markers carry no work: accepted silently. */
static void STDMETHODCALLTYPE d3d12_command_queue_SetMarker(ID3D12CommandQueue *iface,
        UINT metadata, const void *data, UINT size)
{
    (void)iface; (void)metadata; (void)data; (void)size;
}

static void STDMETHODCALLTYPE d3d12_command_queue_BeginEvent(ID3D12CommandQueue *iface,
        UINT metadata, const void *data, UINT size)
{
    (void)iface; (void)metadata; (void)data; (void)size;
}

static void STDMETHODCALLTYPE d3d12_command_queue_EndEvent(ID3D12CommandQueue *iface)
{
    (void)iface;
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_Signal(ID3D12CommandQueue *iface, ID3D12Fence *fence, UINT64 value)
{
    (void)fence; (void)value;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::Signal", "E_NOTIMPL");
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_Wait(ID3D12CommandQueue *iface, ID3D12Fence *fence, UINT64 value)
{
    (void)fence; (void)value;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::Wait", "E_NOTIMPL");
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_GetTimestampFrequency(ID3D12CommandQueue *iface, UINT64 *frequency)
{
    if (frequency)
        *frequency = 0;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::GetTimestampFrequency", "E_NOTIMPL");
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_GetClockCalibration(ID3D12CommandQueue *iface,
        UINT64 *gpu_timestamp, UINT64 *cpu_timestamp)
{
    if (gpu_timestamp)
        *gpu_timestamp = 0;
    if (cpu_timestamp)
        *cpu_timestamp = 0;
    queue_unimplemented(impl_from_ID3D12CommandQueue(iface), "ID3D12CommandQueue::GetClockCalibration", "E_NOTIMPL");
    return E_NOTIMPL;
}

static MK_STRUCT_RET(D3D12_COMMAND_QUEUE_DESC) STDMETHODCALLTYPE d3d12_command_queue_GetDesc(
        ID3D12CommandQueue *iface MK_STRUCT_RET_PARAM(D3D12_COMMAND_QUEUE_DESC))
{
    MK_STRUCT_RETURN(impl_from_ID3D12CommandQueue(iface)->desc);
}

static const ID3D12CommandQueueVtbl d3d12_command_queue_vtbl =
{
    /* IUnknown methods */
    d3d12_command_queue_QueryInterface,
    d3d12_command_queue_AddRef,
    d3d12_command_queue_Release,
    /* ID3D12Object methods */
    d3d12_command_queue_GetPrivateData,
    d3d12_command_queue_SetPrivateData,
    d3d12_command_queue_SetPrivateDataInterface,
    d3d12_command_queue_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_command_queue_GetDevice,
    /* ID3D12CommandQueue methods */
    d3d12_command_queue_UpdateTileMappings,
    d3d12_command_queue_CopyTileMappings,
    d3d12_command_queue_ExecuteCommandLists,
    d3d12_command_queue_SetMarker,
    d3d12_command_queue_BeginEvent,
    d3d12_command_queue_EndEvent,
    d3d12_command_queue_Signal,
    d3d12_command_queue_Wait,
    d3d12_command_queue_GetTimestampFrequency,
    d3d12_command_queue_GetClockCalibration,
    d3d12_command_queue_GetDesc,
};

static bool valid_queue_type(D3D12_COMMAND_LIST_TYPE type)
{
    return type == D3D12_COMMAND_LIST_TYPE_DIRECT || type == D3D12_COMMAND_LIST_TYPE_COMPUTE
            || type == D3D12_COMMAND_LIST_TYPE_COPY;
}

static bool valid_queue_priority(INT priority)
{
    return priority == D3D12_COMMAND_QUEUE_PRIORITY_NORMAL || priority == D3D12_COMMAND_QUEUE_PRIORITY_HIGH
            || priority == D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME;
}

HRESULT mk_command_queue_create(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
        struct mk_command_queue **out)
{
    struct mk_command_queue *queue;
    UINT node_count, node_mask;

    *out = NULL;
    if (!desc || !valid_queue_type(desc->Type) || !valid_queue_priority(desc->Priority)
            || (desc->Flags & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT))
        return E_INVALIDARG;
    /* One node: 0 means node 0; otherwise exactly one bit of an existing node. */
    node_count = caps_adapter_node_count(device->adapter);
    node_mask = desc->NodeMask ? desc->NodeMask : 1;
    if ((node_mask & (node_mask - 1)) || (node_count < 32 && node_mask >= (1u << node_count)))
        return E_INVALIDARG;

    if (!(queue = mk_calloc(1, sizeof(*queue))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    queue->ID3D12CommandQueue_iface.lpVtbl = (ID3D12CommandQueueVtbl *)&d3d12_command_queue_vtbl;
    atomic_init(&queue->refcount, 1);
    queue->desc = *desc;
    queue->desc.NodeMask = node_mask;
    mk_private_data_init(&queue->private_data);

    queue->device = device;
    device->ID3D12Device17_iface.lpVtbl->AddRef(&device->ID3D12Device17_iface);
    mk_mutex_lock(&device->queues_lock);
    queue->next = device->queues;
    device->queues = queue;
    mk_mutex_unlock(&device->queues_lock);

    *out = queue;
    return S_OK;
}
