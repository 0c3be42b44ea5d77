/*
 * ID3D12DescriptorHeap: a description, two handle ranges and the descriptors
 * written into it, stored sparsely: pages of OBJ_DESCRIPTOR_PAGE slots,
 * allocated on their first write and found through a small hash table, so a
 * heap of a million descriptors costs memory in proportion to what is written,
 * each slot as large as the largest description of the heap's type.
 *
 * Every heap's descriptors are guarded by its device's descriptor_lock:
 * a write, a copy between two heaps and a heap's destruction each take it
 * once, so descriptor writes from many threads never corrupt the storage and
 * a copy needs no lock order.
 *
 * The device's struct obj_descriptor_heap (obj_device.h) lists its heaps
 * for the handle lookup. The description is the device's to validate against the adapter
 * (CreateDescriptorHeap), and so are the refusals' debug messages.
 */
#ifndef MOCKD3D12_DESCRIPTOR_HEAP_H
#define MOCKD3D12_DESCRIPTOR_HEAP_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_descriptor_heap;
struct obj_descriptor_page;

/* What a descriptor slot holds (src/device/device_descriptors.c writes them).
 * Every view has a NULL resource until resources exist (issue 19). */
enum obj_descriptor_kind
{
    OBJ_DESCRIPTOR_EMPTY = 0, /* never written, or copied from a slot never written */
    OBJ_DESCRIPTOR_CBV,
    OBJ_DESCRIPTOR_SRV,
    OBJ_DESCRIPTOR_UAV,
    OBJ_DESCRIPTOR_RTV,
    OBJ_DESCRIPTOR_DSV,
    OBJ_DESCRIPTOR_SAMPLER, /* CreateSampler's desc is stored as a D3D12_SAMPLER_DESC2, Flags 0 */
};

struct obj_descriptor
{
    enum obj_descriptor_kind kind;
    union
    {
        D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
        D3D12_SHADER_RESOURCE_VIEW_DESC srv;
        D3D12_UNORDERED_ACCESS_VIEW_DESC uav;
        D3D12_RENDER_TARGET_VIEW_DESC rtv;
        D3D12_DEPTH_STENCIL_VIEW_DESC dsv;
        D3D12_SAMPLER_DESC2 sampler;
    } desc;
};

/* Descriptors per page of storage. */
#define OBJ_DESCRIPTOR_PAGE 64u

struct obj_descriptor_heap
{
    ID3D12DescriptorHeap ID3D12DescriptorHeap_iface;
    struct mk_object obj;
    D3D12_DESCRIPTOR_HEAP_DESC desc; /* NodeMask normalised (0 -> 1) */
    UINT increment;                  /* the adapter's handle increment for desc.Type */
    int increment_shift;             /* log2(increment) when it is a power of two, else -1 */
    size_t slot_size;                /* bytes per stored descriptor (descriptor_heap.c) */
    D3D12_CPU_DESCRIPTOR_HANDLE cpu_start;
    D3D12_GPU_DESCRIPTOR_HANDLE gpu_start; /* 0 when not shader-visible */

    /* The written descriptors, under the owner's descriptor_lock: an open-addressing table
     * of `page_capacity` (0 or a power of two) page pointers, `page_count`
     * of them used. */
    struct obj_descriptor_page **pages;
    UINT page_capacity, page_count;

    struct obj_descriptor_heap *next; /* in owner->descriptor_heaps, under its descriptor_lock */
};

/* A heap (refcount 1) holding a reference on owner->device, its handles
 * `increment` bytes apart. `desc` is the caller's to validate. E_OUTOFMEMORY
 * when the heap or its handle ranges cannot be had. */
HRESULT obj_descriptor_heap_create(struct obj_device *owner, const D3D12_DESCRIPTOR_HEAP_DESC *desc,
        UINT increment, struct obj_descriptor_heap **out);

/* The heap behind `iface`, or NULL when it is no mockd3d12 descriptor heap. */
struct obj_descriptor_heap *obj_descriptor_heap_from_iface(ID3D12DescriptorHeap *iface);

/* The name of a D3D12_DESCRIPTOR_HEAP_TYPE without its prefix ("RTV"), "?"
 * for none. */
const char *obj_descriptor_heap_type_name(D3D12_DESCRIPTOR_HEAP_TYPE type);

/* The slot `offset` bytes into the heap's span: false when the offset falls
 * between two slots. A shift where the increment is a power of two (every
 * adapter's yet): a division costs more than the rest of a descriptor write. */
static inline bool obj_descriptor_heap_slot(const struct obj_descriptor_heap *heap, uint64_t offset, UINT *index)
{
    if (heap->increment_shift >= 0)
    {
        if (offset & ((UINT64_C(1) << heap->increment_shift) - 1))
            return false;
        *index = (UINT)(offset >> heap->increment_shift);
        return true;
    }
    if (offset % heap->increment)
        return false;
    *index = (UINT)(offset / heap->increment);
    return true;
}

/* ---- With the owner's descriptor_lock held ---- */

/* The live heap of `owner` whose CPU span holds `ptr`, or NULL. The heap
 * found moves to the front of the owner's list: writes come in runs into one
 * heap. */
struct obj_descriptor_heap *obj_descriptor_heap_find(struct obj_device *owner, SIZE_T ptr);

/* Writes slot `index` (< NumDescriptors). S_OK, or E_OUTOFMEMORY when its
 * page cannot be had: then nothing is written. Writing an EMPTY descriptor
 * into a slot never written allocates nothing. */
HRESULT obj_descriptor_heap_store(struct obj_descriptor_heap *heap, UINT index, const struct obj_descriptor *d);

/* Copies slot `src_index` of `src` into slot `dst_index` of `dst` (heaps of
 * one type, else E_INVALIDARG; the same slot may be both), as
 * obj_descriptor_heap_store of what obj_descriptor_heap_load reads, without
 * the round trip: S_OK, or E_OUTOFMEMORY when the destination's page cannot
 * be had (nothing is written then). */
HRESULT obj_descriptor_heap_copy(struct obj_descriptor_heap *dst, UINT dst_index,
        const struct obj_descriptor_heap *src, UINT src_index);

/* What slot `index` holds: EMPTY when it was never written. */
void obj_descriptor_heap_load(const struct obj_descriptor_heap *heap, UINT index, struct obj_descriptor *d);

/* ---- Taking the descriptor_lock themselves: what tests observe ---- */

/* obj_descriptor_heap_load under the lock. */
void obj_descriptor_heap_read(struct obj_descriptor_heap *heap, UINT index, struct obj_descriptor *d);

/* How many pages of storage the heap holds (memory in proportion to what was written). */
UINT obj_descriptor_heap_page_count(struct obj_descriptor_heap *heap);

static inline ID3D12DescriptorHeap *obj_descriptor_heap_iface(struct obj_descriptor_heap *heap)
{
    return &heap->ID3D12DescriptorHeap_iface;
}

#endif
