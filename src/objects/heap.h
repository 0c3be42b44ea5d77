/*
 * ID3D12Heap, ID3D12Heap1: a description, the memory a CPU-visible heap holds
 * (UPLOAD, READBACK, GPU_UPLOAD, CUSTOM with a CPU page property), a GPU
 * virtual-address range and what the heap costs its adapter's video memory.
 *
 * Validation against the adapter, the addresses and the video-memory
 * accounting are the device's (src/device/device_resources.c): an object
 * gets its charge as a counter to give back when it dies.
 */
#ifndef MOCKD3D12_HEAP_H
#define MOCKD3D12_HEAP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_heap;
struct obj_resource;

/* What a heap or a resource holds of its adapter and gives back when it
 * dies (src/device/device_memory.c, mk_memory_take): `bytes` of video memory
 * on the counter `usage` (NULL: none) and the GPU virtual addresses
 * [va_start, va_start + va_span) (span 0: none), both of `ledger`, whose
 * watchers (memory_watch.h) are told when its usage changes. `give_back`
 * (NULL: nothing held) returns both in one step. */
struct obj_memory_charge
{
    _Atomic uint64_t *usage;
    uint64_t bytes;
    void *ledger;
    uint64_t va_start, va_span;
    void (*give_back)(struct obj_memory_charge *charge);
};

struct obj_heap
{
    ID3D12Heap1 ID3D12Heap1_iface;
    struct mk_object obj;   /* internal references: one per placed resource */
    D3D12_HEAP_DESC desc;           /* as created: Alignment 0 -> 64 KiB, node masks 0 -> 1 */
    unsigned char *memory;          /* CPU-visible heaps: desc.SizeInBytes zeroed bytes; else NULL */
    D3D12_GPU_VIRTUAL_ADDRESS va;   /* the start of its range: placed buffers are va + offset */
    struct obj_memory_charge charge;
};

/* A heap (refcount 1) holding a reference on owner->device. `desc` is the
 * caller's to validate; `cpu_visible` heaps get their memory (zeroed, as
 * D3D12 heaps are unless CREATE_NOT_ZEROED, which mockd3d12 zeroes anyway).
 * The heap takes `charge` (given back on failure too). E_OUTOFMEMORY. */
HRESULT obj_heap_create(struct obj_device *owner, const D3D12_HEAP_DESC *desc, bool cpu_visible,
        D3D12_GPU_VIRTUAL_ADDRESS va, struct obj_memory_charge charge, struct obj_heap **out);

/* The mockd3d12 heap behind `iface`, or NULL for anything else. */
struct obj_heap *obj_heap_from_iface(ID3D12Heap *iface);

/* The name of a D3D12_HEAP_TYPE without its prefix ("UPLOAD"), "?" for none. */
const char *obj_heap_type_name(D3D12_HEAP_TYPE type);

/* Gives a charge back: its memory and its addresses. */
void obj_memory_charge_release(struct obj_memory_charge *charge);

/* GetProtectedResourceSession of a heap or resource: none has a protected
 * session (creation refuses them), so DXGI_ERROR_NOT_FOUND and *session
 * NULL, as vkd3d's test_create_committed_resource and
 * test_create_placed_resource record Windows answering for resources (heaps:
 * the same, assumed); E_POINTER without `session`. */
HRESULT obj_no_protected_session(void **session);

static inline ID3D12Heap *obj_heap_iface(struct obj_heap *heap)
{
    return (ID3D12Heap *)&heap->ID3D12Heap1_iface;
}

#endif
