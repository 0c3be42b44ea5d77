/*
 * ID3D12DescriptorHeap: a description and two handle ranges, no descriptor
 * storage (a heap of a million descriptors costs one small struct; the
 * descriptors a later slice writes will be stored as they are written).
 *
 * As for fences, the objects room cannot see the device (tests/rooms.cmake):
 * a heap knows its device only through a struct obj_descriptor_heap_owner
 * the device embeds — the device's COM pointer (GetDevice, the reference
 * every heap holds) and the list of its live heaps (ReportLiveDeviceObjects).
 * The description is the device's to validate against the adapter
 * (CreateDescriptorHeap), and so are the refusals' debug messages.
 */
#ifndef MOCKD3D12_DESCRIPTOR_HEAP_H
#define MOCKD3D12_DESCRIPTOR_HEAP_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "private_data.h"

struct obj_descriptor_heap;

/* What a device gives its descriptor heaps. Lives in the device, which
 * outlives them (each heap holds a reference on `device`). */
struct obj_descriptor_heap_owner
{
    ID3D12Device *device;
    mk_mutex lock;                     /* guards `heaps` */
    struct obj_descriptor_heap *heaps; /* live heaps */
};

void obj_descriptor_heap_owner_init(struct obj_descriptor_heap_owner *owner, ID3D12Device *device);
void obj_descriptor_heap_owner_destroy(struct obj_descriptor_heap_owner *owner);

struct obj_descriptor_heap
{
    ID3D12DescriptorHeap ID3D12DescriptorHeap_iface;
    atomic_ulong refcount;

    struct obj_descriptor_heap_owner *owner;
    D3D12_DESCRIPTOR_HEAP_DESC desc; /* NodeMask normalised (0 -> 1) */
    UINT increment;                  /* the adapter's handle increment for desc.Type */
    D3D12_CPU_DESCRIPTOR_HANDLE cpu_start;
    D3D12_GPU_DESCRIPTOR_HANDLE gpu_start; /* 0 when not shader-visible */
    struct mk_private_data private_data;

    struct obj_descriptor_heap *next; /* in owner->heaps, under owner->lock */
};

/* A heap (refcount 1) holding a reference on owner->device, its handles
 * `increment` bytes apart. `desc` is the caller's to validate. E_OUTOFMEMORY
 * when the heap or its handle ranges cannot be had. */
HRESULT obj_descriptor_heap_create(struct obj_descriptor_heap_owner *owner, const D3D12_DESCRIPTOR_HEAP_DESC *desc,
        UINT increment, struct obj_descriptor_heap **out);

static inline ID3D12DescriptorHeap *obj_descriptor_heap_iface(struct obj_descriptor_heap *heap)
{
    return &heap->ID3D12DescriptorHeap_iface;
}

static inline ULONG obj_descriptor_heap_refcount(struct obj_descriptor_heap *heap)
{
    return (ULONG)atomic_load(&heap->refcount);
}

#endif
