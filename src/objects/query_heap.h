/*
 * ID3D12QueryHeap: a description and, for timestamp heaps only, one 64-bit
 * value per query (what EndQuery wrote when its list executed, 0 until then).
 * Every other query resolves to 0 (nothing is drawn), so an occlusion,
 * statistics or stream-output heap of a million queries costs one small
 * struct.
 *
 * The description is the device's to validate against the adapter
 * (src/device/device_queries.c), and so are the refusals' debug messages.
 */
#ifndef MOCKD3D12_QUERY_HEAP_H
#define MOCKD3D12_QUERY_HEAP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_query_heap;

struct obj_query_heap
{
    ID3D12QueryHeap ID3D12QueryHeap_iface;
    struct mk_object obj;  /* internal references: one per command list command naming it */
    D3D12_QUERY_HEAP_DESC desc;  /* NodeMask normalised (0 -> 1) */
    D3D12_QUERY_HEAP_FLAGS flags; /* ID3D12Device15::CreateQueryHeap1's; NONE otherwise */
    /* TIMESTAMP and COPY_QUEUE_TIMESTAMP heaps: desc.Count values, 0 until an
     * EndQuery executes; NULL for the other types. */
    atomic_ullong *timestamps;
};

/* A heap (refcount 1) holding a reference on owner->device. `desc` and
 * `flags` are the caller's to validate. E_OUTOFMEMORY when it cannot be had. */
HRESULT obj_query_heap_create(struct obj_device *owner, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, struct obj_query_heap **out);

/* The mockd3d12 heap behind `iface`, or NULL for anything else. */
struct obj_query_heap *obj_query_heap_from_iface(ID3D12QueryHeap *iface);

/* The bytes one query of `type` resolves to (8 for occlusion, binary
 * occlusion and timestamps, the D3D12_QUERY_DATA_* struct for statistics),
 * 0 for no D3D12_QUERY_TYPE mockd3d12 resolves. */
UINT obj_query_data_size(D3D12_QUERY_TYPE type);

/* Whether a query of `type` lives in a heap of `heap_type` (TIMESTAMP on
 * TIMESTAMP and COPY_QUEUE_TIMESTAMP heaps, OCCLUSION and BINARY_OCCLUSION
 * on OCCLUSION heaps, SO_STATISTICS_STREAM0..3 on SO_STATISTICS heaps, ...). */
bool obj_query_type_in_heap(D3D12_QUERY_TYPE type, D3D12_QUERY_HEAP_TYPE heap_type);

/* The name of a D3D12_QUERY_TYPE without its prefix ("TIMESTAMP"), "?" for none. */
const char *obj_query_type_name(D3D12_QUERY_TYPE type);
/* The name of a D3D12_QUERY_HEAP_TYPE without its prefix, "?" for none. */
const char *obj_query_heap_type_name(D3D12_QUERY_HEAP_TYPE type);

/* Why `type`, `start` and `count` cannot be resolved from `heap` (NULL when
 * they can): the type does not live in the heap, or the range leaves it.
 * BeginQuery and EndQuery check one query (`count` 1). */
const char *obj_query_heap_check_range(const struct obj_query_heap *heap, D3D12_QUERY_TYPE type, UINT start,
        UINT count, char *why, size_t size);

/* An executed EndQuery of a timestamp query: `index` takes `value`. */
void obj_query_heap_write_timestamp(struct obj_query_heap *heap, UINT index, UINT64 value);

/* The resolved data of queries [start, start + count) of `type` (checked by
 * obj_query_heap_check_range) written to `out`: count * obj_query_data_size
 * bytes, zeros but for timestamps that were written. */
void obj_query_heap_resolve(const struct obj_query_heap *heap, D3D12_QUERY_TYPE type, UINT start, UINT count,
        void *out);

static inline ID3D12QueryHeap *obj_query_heap_iface(struct obj_query_heap *heap)
{
    return &heap->ID3D12QueryHeap_iface;
}

#endif
