/*
 * ID3D12DescriptorHeap. What Windows does, as the public conformance tests
 * record it (vkd3d's tests/d3d12.c and vkd3d-proton's tests/d3d12_descriptors.c,
 * run on Windows: test_create_descriptor_heap): the heap answers ID3D12Object,
 * ID3D12DeviceChild, ID3D12Pageable and holds a device reference.
 *
 * Handles (mockd3d12): descriptors are stored apart from their handles, so the
 * handles are addresses in two private ranges no memory backs — every heap gets its own
 * span of `NumDescriptors * increment` bytes, 64 KiB aligned and never reused,
 * with a gap after it, so a handle names at most one heap of the process and
 * a handle one past a heap's end names none. Applications only add to them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include "alloc.h"
#include "descriptor_heap.h"

#define HANDLE_RANGE_ALIGN 0x10000u

/* Where the next heap's handles start. The CPU range stays below SIZE_MAX
 * (D3D12_CPU_DESCRIPTOR_HANDLE::ptr is a SIZE_T); GPU handles are 64-bit. */
#if SIZE_MAX > 0xffffffffu
static _Atomic uint64_t next_cpu_handle = 0x100000000ull;
#else
static _Atomic uint64_t next_cpu_handle = 0x10000000ull;
#endif
static _Atomic uint64_t next_gpu_handle = 0x100000000000ull;

/* Reserves `size` bytes of a handle range below `limit`: the start, or 0
 * when the range is used up. */
static uint64_t reserve_handles(_Atomic uint64_t *next, uint64_t size, uint64_t limit)
{
    uint64_t start = atomic_load(next), end;

    do
    {
        /* The span, a guard gap and the alignment must fit below the limit. */
        if (start > limit || size > limit - start || limit - start - size < 2 * (uint64_t)HANDLE_RANGE_ALIGN)
            return 0;
        end = (start + size + 2 * (uint64_t)HANDLE_RANGE_ALIGN - 1) & ~((uint64_t)HANDLE_RANGE_ALIGN - 1);
    }
    while (!atomic_compare_exchange_weak(next, &start, end));
    return start;
}

static const ID3D12DescriptorHeapVtbl d3d12_descriptor_heap_vtbl;

/* A page of storage: OBJ_DESCRIPTOR_PAGE slots from `first` (a multiple of
 * it), each heap->slot_size bytes: a struct obj_descriptor cut after the
 * largest description its heap's type holds. */
struct obj_descriptor_page
{
    UINT first;
    _Alignas(8) unsigned char slots[];
};

/* Each description's size, by kind. */
static const size_t desc_sizes[] =
{
    [OBJ_DESCRIPTOR_EMPTY] = 0,
    [OBJ_DESCRIPTOR_CBV] = sizeof(D3D12_CONSTANT_BUFFER_VIEW_DESC),
    [OBJ_DESCRIPTOR_SRV] = sizeof(D3D12_SHADER_RESOURCE_VIEW_DESC),
    [OBJ_DESCRIPTOR_UAV] = sizeof(D3D12_UNORDERED_ACCESS_VIEW_DESC),
    [OBJ_DESCRIPTOR_RTV] = sizeof(D3D12_RENDER_TARGET_VIEW_DESC),
    [OBJ_DESCRIPTOR_DSV] = sizeof(D3D12_DEPTH_STENCIL_VIEW_DESC),
    [OBJ_DESCRIPTOR_SAMPLER] = sizeof(D3D12_SAMPLER_DESC2),
};

#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define SLOT_SIZE(desc_size) ((offsetof(struct obj_descriptor, desc) + (desc_size) + 7) & ~(size_t)7)

/* A slot of a heap of `type`: what its largest description needs (a
 * million SRVs then take 48 MB, not 64). */
static size_t slot_size_of(D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    switch (type)
    {
        case D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV:
            return SLOT_SIZE(MAX2(sizeof(D3D12_CONSTANT_BUFFER_VIEW_DESC), MAX2(sizeof(D3D12_SHADER_RESOURCE_VIEW_DESC),
                    sizeof(D3D12_UNORDERED_ACCESS_VIEW_DESC))));
        case D3D12_DESCRIPTOR_HEAP_TYPE_RTV: return SLOT_SIZE(sizeof(D3D12_RENDER_TARGET_VIEW_DESC));
        case D3D12_DESCRIPTOR_HEAP_TYPE_DSV: return SLOT_SIZE(sizeof(D3D12_DEPTH_STENCIL_VIEW_DESC));
        default: return sizeof(struct obj_descriptor);
    }
}

MK_OBJECT_HELPERS(struct obj_descriptor_heap, ID3D12DescriptorHeap, ID3D12DescriptorHeap_iface,
        impl_from_ID3D12DescriptorHeap, descriptor_heap_object)

/* ---- The object ---- */

static void descriptor_heap_destroy(struct mk_object *object)
{
    struct obj_descriptor_heap *heap = MK_OBJECT_IMPL(struct obj_descriptor_heap, obj, object);
    struct obj_device *owner = obj_device_of(object);
    struct obj_descriptor_heap **link;
    UINT i;

    mk_spin_lock(&owner->descriptor_lock);
    for (link = &owner->descriptor_heaps; *link != heap; link = &(*link)->next)
        ;
    *link = heap->next;
    mk_spin_unlock(&owner->descriptor_lock);

    /* Out of the lookup: no write or copy can find the heap any more. */
    for (i = 0; i < heap->page_capacity; ++i)
        mk_free(heap->pages[i]);
    mk_free(heap->pages);
}

static const struct mk_interface descriptor_heap_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_descriptor_heap, obj, ID3D12DescriptorHeap_iface, IID_ID3D12DescriptorHeap),
    OBJ_PAGEABLE_INTERFACES(struct obj_descriptor_heap, ID3D12DescriptorHeap_iface),
};

static const struct mk_object_class descriptor_heap_class =
        MK_OBJECT_CLASS(struct obj_descriptor_heap, descriptor_heap_interfaces,
        .name = "ID3D12DescriptorHeap", .kind = OBJ_KIND_DESCRIPTOR_HEAP, .destroy = descriptor_heap_destroy);

MK_D3D12_CHILD_METHODS(d3d12_descriptor_heap, ID3D12DescriptorHeap, descriptor_heap_object)

/* ---- ID3D12DescriptorHeap ---- */

static MK_STRUCT_RET(D3D12_DESCRIPTOR_HEAP_DESC) STDMETHODCALLTYPE d3d12_descriptor_heap_GetDesc(
        ID3D12DescriptorHeap *iface MK_STRUCT_RET_PARAM(D3D12_DESCRIPTOR_HEAP_DESC))
{
    MK_STRUCT_RETURN(impl_from_ID3D12DescriptorHeap(iface)->desc);
}

static MK_STRUCT_RET(D3D12_CPU_DESCRIPTOR_HANDLE) STDMETHODCALLTYPE
        d3d12_descriptor_heap_GetCPUDescriptorHandleForHeapStart(
        ID3D12DescriptorHeap *iface MK_STRUCT_RET_PARAM(D3D12_CPU_DESCRIPTOR_HANDLE))
{
    MK_STRUCT_RETURN(impl_from_ID3D12DescriptorHeap(iface)->cpu_start);
}

/* 0 for a heap that is not shader-visible, as the documentation says. */
static MK_STRUCT_RET(D3D12_GPU_DESCRIPTOR_HANDLE) STDMETHODCALLTYPE
        d3d12_descriptor_heap_GetGPUDescriptorHandleForHeapStart(
        ID3D12DescriptorHeap *iface MK_STRUCT_RET_PARAM(D3D12_GPU_DESCRIPTOR_HANDLE))
{
    MK_STRUCT_RETURN(impl_from_ID3D12DescriptorHeap(iface)->gpu_start);
}

static const ID3D12DescriptorHeapVtbl d3d12_descriptor_heap_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_descriptor_heap),
    /* ID3D12DescriptorHeap methods */
    d3d12_descriptor_heap_GetDesc,
    d3d12_descriptor_heap_GetCPUDescriptorHandleForHeapStart,
    d3d12_descriptor_heap_GetGPUDescriptorHandleForHeapStart,
};

const char *obj_descriptor_heap_type_name(D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    static const char names[][12] = {"CBV_SRV_UAV", "SAMPLER", "RTV", "DSV"};

    return (unsigned)type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

HRESULT obj_descriptor_heap_create(struct obj_device *owner, const D3D12_DESCRIPTOR_HEAP_DESC *desc,
        UINT increment, struct obj_descriptor_heap **out)
{
    uint64_t size = (uint64_t)desc->NumDescriptors * increment, cpu, gpu = 0;
    struct obj_descriptor_heap *heap;

    *out = NULL;
    if (!(heap = mk_calloc(1, sizeof(*heap))))
        return E_OUTOFMEMORY;
    /* Ranges are never given back, so reserve them only once the heap exists. */
    if (!(cpu = reserve_handles(&next_cpu_handle, size, (uint64_t)SIZE_MAX))
            || ((desc->Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE)
            && !(gpu = reserve_handles(&next_gpu_handle, size, UINT64_MAX))))
    {
        mk_free(heap);
        return E_OUTOFMEMORY;
    }
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    heap->ID3D12DescriptorHeap_iface.lpVtbl = (ID3D12DescriptorHeapVtbl *)&d3d12_descriptor_heap_vtbl;
    heap->desc = *desc;
    heap->desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    heap->increment = increment;
    heap->increment_shift = -1;
    if (increment && !(increment & (increment - 1)))
        for (heap->increment_shift = 0; (1u << heap->increment_shift) < increment; ++heap->increment_shift)
            ;
    heap->slot_size = slot_size_of(desc->Type);
    heap->cpu_start.ptr = (SIZE_T)cpu;
    heap->gpu_start.ptr = gpu;
    mk_object_init(&heap->obj, &descriptor_heap_class, (IUnknown *)owner->device, &owner->registry);

    mk_spin_lock(&owner->descriptor_lock);
    heap->next = owner->descriptor_heaps;
    owner->descriptor_heaps = heap;
    mk_spin_unlock(&owner->descriptor_lock);

    *out = heap;
    return S_OK;
}

struct obj_descriptor_heap *obj_descriptor_heap_from_iface(ID3D12DescriptorHeap *iface)
{
    if (!iface || iface->lpVtbl != (ID3D12DescriptorHeapVtbl *)&d3d12_descriptor_heap_vtbl)
        return NULL;
    return impl_from_ID3D12DescriptorHeap(iface);
}

/* ---- Descriptor storage (under the owner's descriptor_lock) ---- */

struct obj_descriptor_heap *obj_descriptor_heap_find(struct obj_device *owner, SIZE_T ptr)
{
    struct obj_descriptor_heap **link, *heap;

    for (link = &owner->descriptor_heaps; (heap = *link); link = &heap->next)
    {
        if (ptr >= heap->cpu_start.ptr
                && (uint64_t)(ptr - heap->cpu_start.ptr) < (uint64_t)heap->desc.NumDescriptors * heap->increment)
        {
            if (link != &owner->descriptor_heaps)
            {
                *link = heap->next;
                heap->next = owner->descriptor_heaps;
                owner->descriptor_heaps = heap;
            }
            return heap;
        }
    }
    return NULL;
}

/* The table slot of the page starting at `first`: its own, or the empty one
 * where it would go. The table is never full (at most half used). */
static UINT page_slot(const struct obj_descriptor_heap *heap, UINT first)
{
    UINT mask = heap->page_capacity - 1, i = (UINT)((first / OBJ_DESCRIPTOR_PAGE) * 2654435761u) & mask;

    while (heap->pages[i] && heap->pages[i]->first != first)
        i = (i + 1) & mask;
    return i;
}

static struct obj_descriptor_page *page_find(const struct obj_descriptor_heap *heap, UINT first)
{
    return heap->page_capacity ? heap->pages[page_slot(heap, first)] : NULL;
}

/* Doubles the table (16 slots the first time) when one more page would fill
 * it past half; false when the new table cannot be allocated. */
static bool pages_reserve(struct obj_descriptor_heap *heap)
{
    struct obj_descriptor_page **old = heap->pages;
    UINT old_capacity = heap->page_capacity, i;

    if ((heap->page_count + 1) * 2 <= heap->page_capacity)
        return true;
    if (!(heap->pages = mk_calloc(old_capacity ? old_capacity * 2 : 16, sizeof(*heap->pages))))
    {
        heap->pages = old;
        return false;
    }
    heap->page_capacity = old_capacity ? old_capacity * 2 : 16;
    for (i = 0; i < old_capacity; ++i)
    {
        if (old[i])
            heap->pages[page_slot(heap, old[i]->first)] = old[i];
    }
    mk_free(old);
    return true;
}

/* The page of `heap` starting at `first`, allocated (zeroed) when the heap
 * has none there yet; NULL when it cannot be had. */
static struct obj_descriptor_page *page_take(struct obj_descriptor_heap *heap, UINT first)
{
    struct obj_descriptor_page *page = page_find(heap, first);

    if (page)
        return page;
    if (!pages_reserve(heap) || !(page = mk_calloc(1, sizeof(*page) + OBJ_DESCRIPTOR_PAGE * heap->slot_size)))
        return NULL;
    page->first = first;
    heap->pages[page_slot(heap, first)] = page;
    ++heap->page_count;
    return page;
}

/* Copies `src` (NULL: zeros) over a slot of a heap of `type` with copies of
 * known sizes (no library call). */
static void slot_fill(unsigned char *slot, const unsigned char *src, D3D12_DESCRIPTOR_HEAP_TYPE type, size_t size)
{
    switch (type)
    {
#define FILL_SLOT(type) \
        case type: if (src) memmove(slot, src, slot_size_of(type)); else memset(slot, 0, slot_size_of(type)); break;
        FILL_SLOT(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV)
        FILL_SLOT(D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER)
        FILL_SLOT(D3D12_DESCRIPTOR_HEAP_TYPE_RTV)
        FILL_SLOT(D3D12_DESCRIPTOR_HEAP_TYPE_DSV)
#undef FILL_SLOT
        default: if (src) memmove(slot, src, size); else memset(slot, 0, size); break;
    }
}

/* A slot holds its kind and that kind's description, every other byte zero:
 * the caller's struct may carry undefined bytes (the union's other members,
 * padding), which a copy or a comparison must not see. */
HRESULT obj_descriptor_heap_store(struct obj_descriptor_heap *heap, UINT index, const struct obj_descriptor *d)
{
    UINT first = index - index % OBJ_DESCRIPTOR_PAGE;
    struct obj_descriptor_page *page;
    unsigned char *slot;

    /* A description its heap's slots cannot hold (the device checks each
     * destination's heap type first). */
    if (offsetof(struct obj_descriptor, desc) + desc_sizes[d->kind] > heap->slot_size)
        return E_INVALIDARG;
    /* An empty slot stays unallocated. */
    if (d->kind == OBJ_DESCRIPTOR_EMPTY && !page_find(heap, first))
        return S_OK;
    if (!(page = page_take(heap, first)))
        return E_OUTOFMEMORY;
    /* The kind, the description, zeros after it, written in place. Not made
     * whole on the stack first: reading back in wide loads what was just
     * stored in narrow ones stalls the store buffer. */
    slot = page->slots + (size_t)(index - first) * heap->slot_size;
    slot_fill(slot, NULL, heap->desc.Type, heap->slot_size);
    memcpy(slot + offsetof(struct obj_descriptor, kind), &d->kind, sizeof(d->kind));
    switch (d->kind)
    {
#define COPY_DESC(kind, member) \
        case kind: memcpy(slot + offsetof(struct obj_descriptor, desc), &d->desc.member, sizeof(d->desc.member)); break;
        COPY_DESC(OBJ_DESCRIPTOR_CBV, cbv)
        COPY_DESC(OBJ_DESCRIPTOR_SRV, srv)
        COPY_DESC(OBJ_DESCRIPTOR_UAV, uav)
        COPY_DESC(OBJ_DESCRIPTOR_RTV, rtv)
        COPY_DESC(OBJ_DESCRIPTOR_DSV, dsv)
        COPY_DESC(OBJ_DESCRIPTOR_SAMPLER, sampler)
#undef COPY_DESC
        case OBJ_DESCRIPTOR_EMPTY: break;
    }
    return S_OK;
}

HRESULT obj_descriptor_heap_copy(struct obj_descriptor_heap *dst, UINT dst_index,
        const struct obj_descriptor_heap *src, UINT src_index)
{
    UINT src_first = src_index - src_index % OBJ_DESCRIPTOR_PAGE, first = dst_index - dst_index % OBJ_DESCRIPTOR_PAGE;
    const struct obj_descriptor_page *from = page_find(src, src_first);
    const unsigned char *bytes = from ? from->slots + (size_t)(src_index - src_first) * src->slot_size : NULL;
    enum obj_descriptor_kind kind = OBJ_DESCRIPTOR_EMPTY;
    struct obj_descriptor_page *page;

    if (src->desc.Type != dst->desc.Type)
        return E_INVALIDARG;
    if (bytes)
        memcpy(&kind, bytes + offsetof(struct obj_descriptor, kind), sizeof(kind));
    /* An empty slot stays unallocated. */
    if (kind == OBJ_DESCRIPTOR_EMPTY && !page_find(dst, first))
        return S_OK;
    if (!(page = page_take(dst, first)))
        return E_OUTOFMEMORY;
    /* A slot is whole (its kind, its description, zeros): copied as it is. */
    slot_fill(page->slots + (size_t)(dst_index - first) * dst->slot_size, bytes, dst->desc.Type, dst->slot_size);
    return S_OK;
}

void obj_descriptor_heap_load(const struct obj_descriptor_heap *heap, UINT index, struct obj_descriptor *d)
{
    UINT first = index - index % OBJ_DESCRIPTOR_PAGE;
    const struct obj_descriptor_page *page = page_find(heap, first);

    memset(d, 0, sizeof(*d));
    if (page)
        memcpy(d, page->slots + (size_t)(index - first) * heap->slot_size, heap->slot_size);
}

void obj_descriptor_heap_read(struct obj_descriptor_heap *heap, UINT index, struct obj_descriptor *d)
{
    mk_spin_lock(&obj_device_of(&heap->obj)->descriptor_lock);
    obj_descriptor_heap_load(heap, index, d);
    mk_spin_unlock(&obj_device_of(&heap->obj)->descriptor_lock);
}

UINT obj_descriptor_heap_page_count(struct obj_descriptor_heap *heap)
{
    UINT count;

    mk_spin_lock(&obj_device_of(&heap->obj)->descriptor_lock);
    count = heap->page_count;
    mk_spin_unlock(&obj_device_of(&heap->obj)->descriptor_lock);
    return count;
}
