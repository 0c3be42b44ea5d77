/*
 * ID3D12QueryHeap: a description and nothing else (no query is ever written,
 * so there is no storage; a heap of a million queries costs one small struct).
 *
 * As for descriptor heaps, the objects room cannot see the device
 * (tests/rooms.cmake): a heap knows its device only through a struct
 * obj_query_heap_owner the device embeds — the device's COM pointer
 * (GetDevice, the reference every heap holds) and the list of its live heaps
 * (ReportLiveDeviceObjects). The description is the device's to validate
 * against the adapter (src/device/device_queries.c), and so are the
 * refusals' debug messages.
 */
#ifndef MOCKD3D12_QUERY_HEAP_H
#define MOCKD3D12_QUERY_HEAP_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "private_data.h"

struct obj_query_heap;

/* What a device gives its query heaps. Lives in the device, which outlives
 * them (each heap holds a reference on `device`). */
struct obj_query_heap_owner
{
    ID3D12Device *device;
    mk_mutex lock;                /* guards `heaps` */
    struct obj_query_heap *heaps; /* live heaps */
};

void obj_query_heap_owner_init(struct obj_query_heap_owner *owner, ID3D12Device *device);
void obj_query_heap_owner_destroy(struct obj_query_heap_owner *owner);

struct obj_query_heap
{
    ID3D12QueryHeap ID3D12QueryHeap_iface;
    atomic_ulong refcount;

    struct obj_query_heap_owner *owner;
    D3D12_QUERY_HEAP_DESC desc;  /* NodeMask normalised (0 -> 1) */
    D3D12_QUERY_HEAP_FLAGS flags; /* ID3D12Device15::CreateQueryHeap1's; NONE otherwise */
    struct mk_private_data private_data;

    struct obj_query_heap *next; /* in owner->heaps, under owner->lock */
};

/* A heap (refcount 1) holding a reference on owner->device. `desc` and
 * `flags` are the caller's to validate. E_OUTOFMEMORY when it cannot be had. */
HRESULT obj_query_heap_create(struct obj_query_heap_owner *owner, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, struct obj_query_heap **out);

static inline ID3D12QueryHeap *obj_query_heap_iface(struct obj_query_heap *heap)
{
    return &heap->ID3D12QueryHeap_iface;
}

static inline ULONG obj_query_heap_refcount(struct obj_query_heap *heap)
{
    return (ULONG)atomic_load(&heap->refcount);
}

#endif
