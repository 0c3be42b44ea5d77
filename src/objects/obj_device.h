/*
 * What a device gives the objects of this room. The objects room cannot see
 * the device (tests/rooms.cmake), so the device embeds one struct obj_device
 * and hands it to every obj_*_create: its COM pointer (each object's parent:
 * GetDevice, the reference each object holds), the registry of its live
 * objects (ReportLiveDeviceObjects, device removal, lookups) and the few
 * things objects ask of the device through callbacks — the debug layer's
 * messages, the adapter's gates for command lists, what its runtime knows,
 * a pipeline state built as the device builds one. Validation against the
 * adapter stays in the device (src/device/), which sees the adapter and the
 * debug layer; an object's file holds its methods and its own state rules.
 */
#ifndef MOCKD3D12_OBJ_DEVICE_H
#define MOCKD3D12_OBJ_DEVICE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "object.h"
#include "platform.h"

struct obj_descriptor_heap;
struct obj_pipeline_state;

/* The registry's kinds: ReportLiveDeviceObjects lists them in this order. */
enum obj_kind
{
    OBJ_KIND_COMMAND_QUEUE = 0,
    OBJ_KIND_FENCE,
    OBJ_KIND_DESCRIPTOR_HEAP,
    OBJ_KIND_ROOT_SIGNATURE,
    OBJ_KIND_COMMAND_ALLOCATOR,
    OBJ_KIND_COMMAND_LIST,
    OBJ_KIND_QUERY_HEAP,
    OBJ_KIND_COMMAND_SIGNATURE,
    OBJ_KIND_PIPELINE_STATE,
    OBJ_KIND_PIPELINE_LIBRARY,
    OBJ_KIND_STATE_OBJECT,
    OBJ_KIND_HEAP,
    OBJ_KIND_RESOURCE,
    OBJ_KIND_SHADER_CACHE_SESSION,
    OBJ_KIND_COUNT,
};

/* What ID3D12PipelineLibrary::Load* turns into a pipeline state, validated
 * exactly as the device's Create* method does (its messages included). */
enum obj_pipeline_request_kind
{
    OBJ_PIPELINE_REQUEST_GRAPHICS = 0, /* const D3D12_GRAPHICS_PIPELINE_STATE_DESC * */
    OBJ_PIPELINE_REQUEST_COMPUTE,      /* const D3D12_COMPUTE_PIPELINE_STATE_DESC * */
    OBJ_PIPELINE_REQUEST_STREAM,       /* const D3D12_PIPELINE_STATE_STREAM_DESC * */
};

/* The device's answers to its objects; `ctx` is the device. */
struct obj_device_ops
{
    /* A refusal of an object's method through the debug layer: message `id`
     * of data/messages.tsv with the method, the reason and (where the
     * message has one) the result, e.g. "E_INVALIDARG". */
    void (*report)(void *ctx, D3D12_MESSAGE_ID id, const char *method, const char *why, const char *result);
    /* Bit i set: the adapter passes obj_command_list_gates[i] for lists of `type`. */
    uint64_t (*list_gates)(void *ctx, D3D12_COMMAND_LIST_TYPE type);
    /* A recording call the adapter cannot take (gate `gate`): the debug layer's message. */
    void (*list_refused)(void *ctx, unsigned gate, D3D12_COMMAND_LIST_TYPE type, const char *method);
    /* Whether the device's runtime has what SDK `first_retail` / preview
     * `first_preview` introduced (the interfaces newer than the headers). */
    bool (*runtime_knows)(void *ctx, uint16_t first_retail, uint16_t first_preview);
    /* A pipeline state as the device's Create* method makes it. */
    HRESULT (*build_pipeline)(void *ctx, enum obj_pipeline_request_kind kind, const void *desc, const char *method,
            struct obj_pipeline_state **out);
    /* DRED's page faults (OBJ_DRED_PAGE_FAULTS): a heap or resource holding
     * GPU virtual addresses [va, va + size) dies; `object` still has its
     * name. Called only when the device asked for it. */
    void (*allocation_freed)(void *ctx, struct mk_object *object, D3D12_DRED_ALLOCATION_TYPE type,
            D3D12_GPU_VIRTUAL_ADDRESS va, uint64_t size);
};

/* What DRED (docs/faults.md) asks of a device's objects, fixed when the
 * device is created from the process's DRED settings: each command list
 * takes the bits when it is created, and records nothing more without them. */
enum obj_dred_flags
{
    OBJ_DRED_BREADCRUMBS = 1u << 0,  /* lists record the D3D12_AUTO_BREADCRUMB_OP of each operation */
    OBJ_DRED_CONTEXT = 1u << 1,      /* and the text of SetMarker and BeginEvent */
    OBJ_DRED_MARKERS_ONLY = 1u << 2, /* only SetMarker, BeginEvent and EndEvent (Settings2) */
    OBJ_DRED_PAGE_FAULTS = 1u << 3,  /* freed heaps and resources are told (allocation_freed) */
};

struct obj_device
{
    ID3D12Device *device;
    const struct obj_device_ops *ops;
    void *ctx;
    struct mk_registry registry;   /* the live objects, by enum obj_kind */
    /* What a cached blob, a serialized library or a DRIVER_VERSIONED shader
     * cache is bound to: the adapter's LUID and its "driver" (the profile the
     * adapter was made from). */
    LUID adapter_luid;
    uint64_t driver_version;
    /* Guards every allocator's `recording` and `resets` and every list's
     * `allocator` (the state rules of Reset and Close, and ExecuteCommandLists'
     * check of them). A spin lock: it is held for a few loads and stores (and
     * by an allocator's destruction, for a walk of the lists). */
    mk_spinlock list_lock;
    /* Guards every descriptor heap's storage: a write, a copy between two
     * heaps and a heap's destruction each take it once. A spin lock: what it
     * guards is a lookup and a few dozen bytes' copy per descriptor. */
    mk_spinlock descriptor_lock;
    struct obj_descriptor_heap *descriptor_heaps; /* the live heaps, for the lookup of a handle's heap */
    /* RemoveDevice: every fence is at UINT64_MAX for good (set under the
     * registry's lock, which fence creation also takes; read by the lists'
     * Close and Reset without it: obj_device_removed). */
    atomic_bool removed;
    atomic_ullong serial;          /* the next state-object export's number: unique on the device */
    unsigned dred;                 /* enum obj_dred_flags, set before the first object */
    /* The live buffers' address ranges, sorted by start, each with the
     * furthest end of it and those before it (obj_device_buffer_find):
     * committed buffers never overlap, buffers placed in one heap may.
     * Changed under the registry's lock (the buffers join and leave the
     * registry with them: resource.c), read under none: a writer makes
     * `buffers_seq` odd while it changes the ranges (a seqlock), a reader
     * that saw it change reads again. A grown block replaces the old one,
     * which stays (`retired`) until the device dies: a reader may still hold it. */
    atomic_uint buffers_seq;
    _Atomic(struct obj_buffer_block *) buffers;
    _Atomic size_t buffer_count;
};

struct obj_buffer_range
{
    _Atomic D3D12_GPU_VIRTUAL_ADDRESS start, end;
    _Atomic D3D12_GPU_VIRTUAL_ADDRESS reach; /* the largest end of this range and those before it */
};

/* Hints per block: for a 64 KiB page of addresses (hashed), the index of
 * the range a search for an address in it found last. */
#define OBJ_BUFFER_HINTS 1024u

struct obj_buffer_block
{
    size_t capacity;
    struct obj_buffer_block *retired; /* the block this one replaced */
    /* Written by readers, checked before use: a CBV of each of many small
     * buffers in turn costs a hash, not a search. */
    _Atomic uint32_t hints[OBJ_BUFFER_HINTS];
    struct obj_buffer_range ranges[];
};

/* A buffer's range [va, va + width) joins the device's, with the registry's
 * lock held (the buffer's class `join`: the lock is dropped and taken again
 * while the list grows); E_OUTOFMEMORY when the list cannot grow. */
HRESULT obj_device_buffer_add(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va, UINT64 width);
/* The range leaves, with the registry's lock held (the class's `leave`). */
void obj_device_buffer_remove(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS va, UINT64 width);
/* Does a live buffer hold [location, location + size)? The range the
 * location's page was last found in, else a binary search and a walk back
 * only over ranges that reach the location; no lock taken. */
bool obj_device_buffer_find(struct obj_device *owner, D3D12_GPU_VIRTUAL_ADDRESS location, UINT64 size);

/* Tells the device that `object`, a heap or resource holding GPU virtual
 * addresses, dies: DRED's page faults, when on, are told. */
static inline void obj_device_allocation_freed(struct mk_object *object, D3D12_DRED_ALLOCATION_TYPE type,
        D3D12_GPU_VIRTUAL_ADDRESS va, uint64_t size)
{
    struct obj_device *owner = MK_OBJECT_IMPL(struct obj_device, registry, object->registry);

    if ((owner->dred & OBJ_DRED_PAGE_FAULTS) && va && size)
        owner->ops->allocation_freed(owner->ctx, object, type, va, size);
}

/* The interfaces every device child answers (its struct mk_object named
 * `obj`, its first interface `member`): IUnknown, ID3D12Object and
 * ID3D12DeviceChild, and ID3D12Pageable for pageable ones. A class's table
 * lists them last: the table is searched in order, and a creation asks for
 * the class's own interface (ID3D12Fence...), which is then found first. */
#define OBJ_CHILD_INTERFACES(type, member) \
    MK_INTERFACE_AT(type, obj, member, IID_IUnknown), \
    MK_INTERFACE_AT(type, obj, member, IID_ID3D12Object), \
    MK_INTERFACE_AT(type, obj, member, IID_ID3D12DeviceChild)
#define OBJ_PAGEABLE_INTERFACES(type, member) \
    OBJ_CHILD_INTERFACES(type, member), \
    MK_INTERFACE_AT(type, obj, member, IID_ID3D12Pageable)

void obj_device_init(struct obj_device *owner, ID3D12Device *device, const struct obj_device_ops *ops, void *ctx,
        LUID adapter_luid, uint64_t driver_version);
void obj_device_destroy(struct obj_device *owner);

/* The owner of an object of this room (its registry is the owner's). */
static inline struct obj_device *obj_device_of(const struct mk_object *object)
{
    return MK_OBJECT_IMPL(struct obj_device, registry, object->registry);
}

/* The device is removed (DXGI_ERROR_DEVICE_REMOVED from every method that
 * returns an HRESULT, docs/faults.md). */
static inline bool obj_device_removed(struct obj_device *owner)
{
    return atomic_load_explicit(&owner->removed, memory_order_acquire);
}

/* The debug layer's report of a refusal (obj_device_ops.report). */
static inline void obj_report(const struct mk_object *object, D3D12_MESSAGE_ID id, const char *method,
        const char *why, const char *result)
{
    struct obj_device *owner = obj_device_of(object);

    owner->ops->report(owner->ctx, id, method, why, result);
}

#endif
