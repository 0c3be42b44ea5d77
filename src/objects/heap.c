/*
 * ID3D12Heap, ID3D12Heap1. What Windows does, as the public conformance
 * tests record it (vkd3d's tests/d3d12.c test_create_heap, run on Windows):
 * the heap answers ID3D12Object, ID3D12DeviceChild, ID3D12Pageable and
 * ID3D12Heap, holds a device reference (the device's count 1 -> 2) and
 * GetDesc returns the description it was created with.
 */
#include <string.h>

#include "alloc.h"
#include "refs.h"
#include "heap.h"
#include "memory_watch.h"

static const ID3D12Heap1Vtbl d3d12_heap_vtbl;

static inline struct obj_heap *impl_from_ID3D12Heap1(ID3D12Heap1 *iface)
{
    return (struct obj_heap *)((char *)iface - offsetof(struct obj_heap, ID3D12Heap1_iface));
}

/* ---- The owner ---- */

void obj_resource_owner_init(struct obj_resource_owner *owner, ID3D12Device *device, obj_report_fn report,
        void *report_ctx)
{
    owner->device = device;
    owner->report = report;
    owner->report_ctx = report_ctx;
    mk_mutex_init(&owner->lock);
    owner->heaps = NULL;
    owner->resources = NULL;
}

void obj_resource_owner_destroy(struct obj_resource_owner *owner)
{
    mk_mutex_destroy(&owner->lock);
}

void obj_memory_charge_release(struct obj_memory_charge *charge)
{
    if (charge->usage && charge->bytes)
    {
        atomic_fetch_sub(charge->usage, charge->bytes);
        obj_memory_changed(charge->ledger);
    }
    charge->usage = NULL;
    charge->bytes = 0;
    charge->ledger = NULL;
}

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE d3d12_heap_QueryInterface(ID3D12Heap1 *iface, REFIID riid, void **out)
{
    static const IID *const interfaces[] =
    {
        &IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12Pageable, &IID_ID3D12Heap,
        &IID_ID3D12Heap1,
    };
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d12_heap_AddRef(ID3D12Heap1 *iface)
{
    struct obj_heap *heap = impl_from_ID3D12Heap1(iface);

    return obj_refs_addref(&heap->refcount, &heap->internal);
}

static void heap_destroy(struct obj_heap *heap)
{
    struct obj_resource_owner *owner = heap->owner;
    ID3D12Device *device = owner->device;
    struct obj_heap **link;

    mk_mutex_lock(&owner->lock);
    for (link = &owner->heaps; *link != heap; link = &(*link)->next)
        ;
    *link = heap->next;
    mk_mutex_unlock(&owner->lock);

    obj_memory_charge_release(&heap->charge);
    mk_private_data_destroy(&heap->private_data);
    mk_free(heap->memory);
    mk_free(heap);
    device->lpVtbl->Release(device);
}

void obj_heap_retain(struct obj_heap *heap)
{
    obj_refs_retain(&heap->internal);
}

void obj_heap_unretain(struct obj_heap *heap)
{
    if (obj_refs_unretain(&heap->internal))
        heap_destroy(heap);
}

static ULONG STDMETHODCALLTYPE d3d12_heap_Release(ID3D12Heap1 *iface)
{
    struct obj_heap *heap = impl_from_ID3D12Heap1(iface);
    bool dead;
    ULONG refcount = obj_refs_release(&heap->refcount, &heap->internal, &dead);

    if (dead)
        heap_destroy(heap);
    return refcount;
}

/* ---- ID3D12Object ---- */

MK_PRIVATE_DATA_METHODS(d3d12_heap, ID3D12Heap1, impl_from_ID3D12Heap1)

/* ---- ID3D12DeviceChild ---- */

static HRESULT STDMETHODCALLTYPE d3d12_heap_GetDevice(ID3D12Heap1 *iface, REFIID riid, void **device)
{
    ID3D12Device *d = impl_from_ID3D12Heap1(iface)->owner->device;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

/* ---- ID3D12Heap ---- */

static MK_STRUCT_RET(D3D12_HEAP_DESC) STDMETHODCALLTYPE d3d12_heap_GetDesc(ID3D12Heap1 *iface
        MK_STRUCT_RET_PARAM(D3D12_HEAP_DESC))
{
    MK_STRUCT_RETURN(impl_from_ID3D12Heap1(iface)->desc);
}

/* ---- ID3D12Heap1 ---- */

/* No heap has a protected session (CreateHeap1 refuses them). */
static HRESULT STDMETHODCALLTYPE d3d12_heap_GetProtectedResourceSession(ID3D12Heap1 *iface, REFIID riid,
        void **session)
{
    (void)iface;
    (void)riid;
    if (!session)
        return E_POINTER;
    /* No protected session: DXGI_ERROR_NOT_FOUND, as vkd3d's
     * test_create_committed_resource and test_create_placed_resource record
     * Windows answering for resources (heaps: the same, assumed). */
    *session = NULL;
    return DXGI_ERROR_NOT_FOUND;
}

static const ID3D12Heap1Vtbl d3d12_heap_vtbl =
{
    /* IUnknown methods */
    d3d12_heap_QueryInterface,
    d3d12_heap_AddRef,
    d3d12_heap_Release,
    /* ID3D12Object methods */
    d3d12_heap_GetPrivateData,
    d3d12_heap_SetPrivateData,
    d3d12_heap_SetPrivateDataInterface,
    d3d12_heap_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_heap_GetDevice,
    /* ID3D12Pageable has no methods. ID3D12Heap methods */
    d3d12_heap_GetDesc,
    /* ID3D12Heap1 methods */
    d3d12_heap_GetProtectedResourceSession,
};

struct obj_heap *obj_heap_from_iface(ID3D12Heap *iface)
{
    if (!iface || iface->lpVtbl != (void *)&d3d12_heap_vtbl)
        return NULL;
    return impl_from_ID3D12Heap1((ID3D12Heap1 *)iface);
}

HRESULT obj_heap_create(struct obj_resource_owner *owner, const D3D12_HEAP_DESC *desc, bool cpu_visible,
        D3D12_GPU_VIRTUAL_ADDRESS va, struct obj_memory_charge charge, struct obj_heap **out)
{
    struct obj_heap *heap;

    *out = NULL;
    if (!(heap = mk_calloc(1, sizeof(*heap))))
    {
        obj_memory_charge_release(&charge);
        return E_OUTOFMEMORY;
    }
    if (cpu_visible && (desc->SizeInBytes > SIZE_MAX
            || !(heap->memory = mk_calloc(1, (size_t)desc->SizeInBytes))))
    {
        mk_free(heap);
        obj_memory_charge_release(&charge);
        return E_OUTOFMEMORY;
    }
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    heap->ID3D12Heap1_iface.lpVtbl = (ID3D12Heap1Vtbl *)&d3d12_heap_vtbl;
    atomic_init(&heap->refcount, 1);
    atomic_init(&heap->internal, 1);
    heap->owner = owner;
    heap->desc = *desc;
    if (!heap->desc.Alignment)
        heap->desc.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    if (!heap->desc.Properties.CreationNodeMask)
        heap->desc.Properties.CreationNodeMask = 1;
    if (!heap->desc.Properties.VisibleNodeMask)
        heap->desc.Properties.VisibleNodeMask = 1;
    heap->va = va;
    heap->charge = charge;
    mk_private_data_init(&heap->private_data);

    mk_mutex_lock(&owner->lock);
    heap->next = owner->heaps;
    owner->heaps = heap;
    mk_mutex_unlock(&owner->lock);
    owner->device->lpVtbl->AddRef(owner->device);

    *out = heap;
    return S_OK;
}
