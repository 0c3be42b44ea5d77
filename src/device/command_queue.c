/*
 * ID3D12CommandQueue. Creation, GetDesc and GetDevice follow vkd3d's
 * conformance test test_create_command_queue() (tests/d3d12.c, run on
 * Windows): the queue holds a device reference, answers ID3D12Object,
 * ID3D12DeviceChild and ID3D12Pageable, and GetDesc reports NodeMask 0 as 1.
 *
 * Signal and Wait keep the GPU timeline's order (vkd3d's test_queue_wait):
 * nothing executes, so an operation completes when it is submitted — unless
 * an earlier Wait's value is not reached yet. Then it joins the queue's list
 * of pending operations, which runs, in order, when the fence gets there (in
 * the thread that signals it), up to the next unmet Wait.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "command_queue.h"
#include "dred.h"
#include "debuglayer/debuglayer.h"
#include "device_lists.h"

MK_OBJECT_HELPERS(struct mk_command_queue, ID3D12CommandQueue, ID3D12CommandQueue_iface,
        impl_from_ID3D12CommandQueue, queue_object)

static inline struct mk_device *queue_device(const struct mk_command_queue *queue)
{
    return mk_device_from_iface((ID3D12Device *)queue->obj.parent);
}

static void queue_unimplemented(struct mk_command_queue *queue, const char *method, const char *result)
{
    mk_device_report_unimplemented(queue_device(queue), method, result);
}

/* One operation behind an unmet Wait: Signal(fence, value) or Wait(fence, value). */
struct mk_queue_op
{
    struct mk_queue_op *next;
    bool wait;
    struct obj_fence *fence; /* holds a reference */
    UINT64 value;
};

static void queue_op_free(struct mk_queue_op *op)
{
    ID3D12Fence *fence = obj_fence_iface(op->fence);

    fence->lpVtbl->Release(fence);
    mk_free(op);
}

static void queue_internal_release(struct mk_command_queue *queue)
{
    mk_object_unretain(&queue->obj);
}

static struct mk_queue_op *queue_pop(struct mk_command_queue *queue)
{
    struct mk_queue_op *op = queue->ops;

    if ((queue->ops = op->next) == NULL)
        queue->ops_tail = &queue->ops;
    return op;
}

/* Runs the pending operations from the head, until none is left or a Wait's
 * value is not reached (then `waiter` is registered on its fence). Called
 * with ops_lock held and `draining` set; returns with the lock released. */
static void queue_run(struct mk_command_queue *queue)
{
    struct mk_queue_op *op;

    while ((op = queue->ops))
    {
        if (op->wait)
        {
            /* The registration's memory reference, taken before the waiter
             * can fire in another thread. */
            mk_object_retain(&queue->obj);
            queue->waiter.value = op->value;
            if (obj_fence_add_waiter(op->fence, &queue->waiter))
            {
                queue->blocked = true;
                break;
            }
            queue_internal_release(queue);
            queue_pop(queue);
            mk_spin_unlock(&queue->ops_lock);
            queue_op_free(op);
        }
        else
        {
            queue_pop(queue);
            mk_spin_unlock(&queue->ops_lock);
            /* After RemoveDevice the fence stays at UINT64_MAX. */
            obj_fence_signal(op->fence, op->value);
            queue_op_free(op);
        }
        mk_spin_lock(&queue->ops_lock);
    }
    queue->draining = false;
    mk_spin_unlock(&queue->ops_lock);
}

/* The fence of the Wait at the head got there: the queue goes on. */
static void queue_waiter_fire(struct obj_fence_waiter *waiter)
{
    struct mk_command_queue *queue = (struct mk_command_queue *)((char *)waiter
            - offsetof(struct mk_command_queue, waiter));
    struct mk_queue_op *done = NULL;

    mk_spin_lock(&queue->ops_lock);
    if (queue->released)
    {
        /* The last Release dropped the operations meanwhile. */
        mk_spin_unlock(&queue->ops_lock);
    }
    else
    {
        done = queue_pop(queue);
        queue->blocked = false;
        queue->draining = true;
        queue_run(queue);
    }
    if (done)
        queue_op_free(done);
    queue_internal_release(queue);
}

/* The queue is not released while a fence it waits for is destroyed: each
 * pending operation holds a reference on its fence. */
static void queue_waiter_cancel(struct obj_fence_waiter *waiter)
{
    (void)waiter;
}

static HRESULT queue_submit(struct mk_command_queue *queue, bool wait, ID3D12Fence *iface, UINT64 value)
{
    struct obj_fence *fence = obj_fence_from_iface(iface);
    struct mk_fault_call call = {queue->ordinal, true, value, NULL};
    struct mk_queue_op *op;
    HRESULT hr;

    if (!fence)
        return E_INVALIDARG;
    if (FAILED(hr = mk_device_enter_queue(queue_device(queue),
            wait ? "ID3D12CommandQueue::Wait" : "ID3D12CommandQueue::Signal", &call)))
        return hr;

    /* An idle queue runs the operation at once, with nothing to keep: a
     * Signal sets the value under the queue's lock (what other threads submit
     * comes after it) and fires the fence's waiters after it; a Wait already
     * met is done. */
    mk_spin_lock(&queue->ops_lock);
    if (!queue->ops && !queue->blocked && !queue->draining && (!wait || obj_fence_value(fence) >= value))
    {
        struct obj_fence_waiter *reached = NULL;

        /* After RemoveDevice the fence stays at UINT64_MAX. */
        if (!wait)
            obj_fence_set(fence, value, &reached);
        mk_spin_unlock(&queue->ops_lock);
        obj_fence_fire(reached);
        return S_OK;
    }
    mk_spin_unlock(&queue->ops_lock);

    if (!(op = mk_calloc(1, sizeof(*op))))
        return E_OUTOFMEMORY;
    op->wait = wait;
    op->fence = fence;
    op->value = value;
    iface->lpVtbl->AddRef(iface);

    mk_spin_lock(&queue->ops_lock);
    *queue->ops_tail = op;
    queue->ops_tail = &op->next;
    /* Behind a Wait, or another thread is running the list: it runs this one too. */
    if (queue->blocked || queue->draining)
    {
        mk_spin_unlock(&queue->ops_lock);
        return S_OK;
    }
    queue->draining = true;
    queue_run(queue);
    return S_OK;
}

/* The last public reference: operations still pending behind a Wait never
 * run (a GPU queue would hang); with the debug layer, the layer says so. */
static void command_queue_last_release(struct mk_object *object)
{
    struct mk_command_queue *queue = MK_OBJECT_IMPL(struct mk_command_queue, obj, object);
    struct mk_device *device = queue_device(queue);
    struct mk_queue_op *ops, *op, *next;
    bool had_waiter = false;
    unsigned count = 0;

    mk_spin_lock(&queue->ops_lock);
    queue->released = true;
    ops = queue->ops;
    queue->ops = NULL;
    queue->ops_tail = &queue->ops;
    /* A waiter that cannot be taken back is firing now: it sees `released`
     * and drops its own reference. */
    if (queue->blocked)
        had_waiter = obj_fence_remove_waiter(ops->fence, &queue->waiter);
    queue->blocked = false;
    mk_spin_unlock(&queue->ops_lock);

    for (op = ops; op; op = op->next)
        ++count;
    if (ops && device->debug)
        dbg_report(device->debug, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE, count,
                (unsigned long long)(uintptr_t)obj_fence_iface(ops->fence), (unsigned long long)ops->value,
                (unsigned long long)obj_fence_value(ops->fence));
    for (op = ops; op; op = next)
    {
        next = op->next;
        queue_op_free(op);
    }
    if (had_waiter)
        queue_internal_release(queue);
}

static const struct mk_interface queue_interfaces[] =
{
    MK_INTERFACE_AT(struct mk_command_queue, obj, ID3D12CommandQueue_iface, IID_ID3D12CommandQueue),
    OBJ_PAGEABLE_INTERFACES(struct mk_command_queue, ID3D12CommandQueue_iface),
};

static const struct mk_object_class queue_class = MK_OBJECT_CLASS(struct mk_command_queue, queue_interfaces,
        .name = "ID3D12CommandQueue", .kind = OBJ_KIND_COMMAND_QUEUE,
        .last_release = command_queue_last_release);

/* The memory's internal references: one while the application holds the
 * queue, one while `waiter` may fire (it can still be firing in another
 * thread at the last Release). */
MK_D3D12_CHILD_METHODS(d3d12_command_queue, ID3D12CommandQueue, queue_object)

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

static UINT64 queue_gpu_timestamp(struct mk_command_queue *queue);

static UINT64 queue_clock(void *ctx)
{
    return queue_gpu_timestamp(ctx);
}

/* Lists draw nothing, so a submission completes when the queue gets there,
 * as an empty one does; what they do that the CPU can see — timestamps taken
 * from the queue's clock, query resolves into CPU-visible buffers — is done
 * here, in the calling thread, in submission order (a pending Wait does not
 * hold it back: mockd3d12). The runtime's checks, as the documentation
 * of ExecuteCommandLists has them: a bundle, an open list, a list of another
 * type or device, or one whose Close failed drops the whole call (the debug
 * layer says which list and why); an allocator reset after the list was
 * closed also removes the device (src/device/device_lists.c). */
static void STDMETHODCALLTYPE d3d12_command_queue_ExecuteCommandLists(ID3D12CommandQueue *iface,
        UINT count, ID3D12CommandList *const *lists)
{
    struct mk_command_queue *queue = impl_from_ID3D12CommandQueue(iface);
    struct mk_submission submission = {queue_device(queue), iface, count, lists};
    struct mk_fault_call call = {queue->ordinal, false, 0, count && lists ? &submission : NULL};
    UINT i;

    /* A removed device executes nothing; a fault plan's rule may hang the
     * GPU on this submission (nothing of it runs then, and DRED's
     * breadcrumbs say where it stopped). */
    if (FAILED(mk_device_enter_queue(queue_device(queue), "ID3D12CommandQueue::ExecuteCommandLists", &call)))
        return;
    if (count && !lists)
    {
        dbg_report(queue_device(queue)->debug, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH,
                "ID3D12CommandQueue::ExecuteCommandLists", "ppCommandLists is NULL with NumCommandLists > 0; "
                "the call is dropped");
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if (FAILED(mk_device_check_execute(queue_device(queue), queue->desc.Type, i, lists[i])))
            return;
    }
    for (i = 0; i < count; ++i)
        obj_command_list_execute(obj_command_list_from_iface(lists[i]), queue_clock, queue);
    if (__builtin_expect(queue_device(queue)->dred != NULL, 0))
        mk_dred_executed(queue_device(queue), &submission);
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
    return queue_submit(impl_from_ID3D12CommandQueue(iface), false, fence, value);
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_Wait(ID3D12CommandQueue *iface, ID3D12Fence *fence, UINT64 value)
{
    return queue_submit(impl_from_ID3D12CommandQueue(iface), true, fence, value);
}

/* The GPU timestamp counter's rate: the profile's "timestampFrequency";
 * without one, one documented constant per vendor (docs/objects.md), the
 * rate each vendor's Vulkan driver reports as timestampPeriod on the same
 * GPUs: NVIDIA 1 ns, AMD 10 ns, Intel 83.333 ns; WARP and the rest, the
 * 10 MHz of Windows' QueryPerformanceCounter. Never 0 (D3D12 requires a
 * rate; the loader refuses 0). */
UINT64 mk_command_queue_timestamp_frequency(const struct caps_adapter *adapter)
{
    if (caps_adapter_extra(adapter)->timestamp_frequency)
        return caps_adapter_extra(adapter)->timestamp_frequency;
    if (caps_adapter_is_software(adapter))
        return 10000000u;
    switch (caps_adapter_vendor_id(adapter))
    {
        case 0x10de: return 1000000000u; /* NVIDIA */
        case 0x1002: return 100000000u;  /* AMD */
        case 0x8086: return 12000000u;   /* Intel */
        default:     return 10000000u;
    }
}

static HRESULT STDMETHODCALLTYPE d3d12_command_queue_GetTimestampFrequency(ID3D12CommandQueue *iface, UINT64 *frequency)
{
    if (!frequency)
        return E_INVALIDARG;
    *frequency = mk_command_queue_timestamp_frequency(queue_device(impl_from_ID3D12CommandQueue(iface))->adapter);
    return S_OK;
}

/* `ticks` of a clock running at `from` per second, in ticks at `to` per
 * second, without overflowing 64 bits for a century of uptime. */
static UINT64 rescale(UINT64 ticks, UINT64 from, UINT64 to)
{
    return ticks / from * to + ticks % from * to / from;
}

/* The queue's GPU clock at CPU time `cpu`: it runs from the CPU clock's
 * zero at the adapter's timestamp frequency. */
static UINT64 queue_gpu_time(struct mk_command_queue *queue, UINT64 cpu)
{
    return rescale(cpu, mk_cpu_timestamp_frequency(), mk_command_queue_timestamp_frequency(queue_device(queue)->adapter));
}

/* The GPU clock now: what timestamp queries take when their list executes. */
static UINT64 queue_gpu_timestamp(struct mk_command_queue *queue)
{
    return queue_gpu_time(queue, mk_cpu_timestamp());
}

/* The CPU clock (QueryPerformanceCounter on Windows, CLOCK_MONOTONIC in ns
 * elsewhere) and the GPU's (queue_gpu_time): both monotonic, sampled together. */
static HRESULT STDMETHODCALLTYPE d3d12_command_queue_GetClockCalibration(ID3D12CommandQueue *iface,
        UINT64 *gpu_timestamp, UINT64 *cpu_timestamp)
{
    struct mk_command_queue *queue = impl_from_ID3D12CommandQueue(iface);
    UINT64 cpu;

    if (!gpu_timestamp || !cpu_timestamp)
        return E_INVALIDARG;
    cpu = mk_cpu_timestamp();
    *cpu_timestamp = cpu;
    *gpu_timestamp = queue_gpu_time(queue, cpu);
    return S_OK;
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

HRESULT mk_command_queue_check_desc(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc)
{
    if (!desc || !valid_queue_type(desc->Type) || !valid_queue_priority(desc->Priority)
            || (desc->Flags & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT)
            || !mk_device_node_mask_valid(device, desc->NodeMask))
        return E_INVALIDARG;
    return S_OK;
}

/* The queues the process created, every device's: the last ordinal given. */
static atomic_uint queue_ordinals;

void mk_command_queue_reset_ordinals(void)
{
    atomic_store(&queue_ordinals, 0);
}

struct mk_command_queue *mk_command_queue_from_iface(ID3D12CommandQueue *iface)
{
    if (!iface || (const void *)iface->lpVtbl != (const void *)&d3d12_command_queue_vtbl)
        return NULL;
    return impl_from_ID3D12CommandQueue(iface);
}

HRESULT mk_command_queue_create(struct mk_device *device, const D3D12_COMMAND_QUEUE_DESC *desc,
        struct mk_command_queue **out)
{
    struct mk_command_queue *queue;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = mk_command_queue_check_desc(device, desc)))
        return hr;
    if (!(queue = mk_calloc(1, sizeof(*queue))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    queue->ID3D12CommandQueue_iface.lpVtbl = (ID3D12CommandQueueVtbl *)&d3d12_command_queue_vtbl;
    queue->desc = *desc;
    mk_spinlock_init(&queue->ops_lock);
    queue->ops_tail = &queue->ops;
    queue->waiter.fire = queue_waiter_fire;
    queue->waiter.cancel = queue_waiter_cancel;
    queue->desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    mk_object_init(&queue->obj, &queue_class, (IUnknown *)device->objects.device, &device->objects.registry);
    queue->ordinal = atomic_fetch_add(&queue_ordinals, 1) + 1;

    *out = queue;
    return S_OK;
}
