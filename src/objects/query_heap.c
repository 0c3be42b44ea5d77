/*
 * ID3D12QueryHeap. What Windows does, as the public conformance tests record
 * it (vkd3d's tests/d3d12.c and vkd3d-proton's tests/d3d12_query.c, run on
 * Windows: test_create_query_heap; test_object_interface for the
 * interfaces): the heap answers ID3D12Object, ID3D12DeviceChild,
 * ID3D12Pageable and holds a device reference. It has no method of its own.
 */
#include <string.h>

#include "alloc.h"
#include "query_heap.h"

static const ID3D12QueryHeapVtbl d3d12_query_heap_vtbl;

static inline struct obj_query_heap *impl_from_ID3D12QueryHeap(ID3D12QueryHeap *iface)
{
    return (struct obj_query_heap *)((char *)iface - offsetof(struct obj_query_heap, ID3D12QueryHeap_iface));
}

/* ---- The owner ---- */

void obj_query_heap_owner_init(struct obj_query_heap_owner *owner, ID3D12Device *device)
{
    owner->device = device;
    mk_mutex_init(&owner->lock);
    owner->heaps = NULL;
}

void obj_query_heap_owner_destroy(struct obj_query_heap_owner *owner)
{
    mk_mutex_destroy(&owner->lock);
}

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE d3d12_query_heap_QueryInterface(ID3D12QueryHeap *iface, REFIID riid, void **out)
{
    static const IID *const interfaces[] =
    {
        &IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12Pageable, &IID_ID3D12QueryHeap,
    };
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d12_query_heap_AddRef(ID3D12QueryHeap *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D12QueryHeap(iface)->refcount, 1) + 1;
}

static void query_heap_destroy(struct obj_query_heap *heap)
{
    struct obj_query_heap_owner *owner = heap->owner;
    ID3D12Device *device = owner->device;
    struct obj_query_heap **link;

    mk_mutex_lock(&owner->lock);
    for (link = &owner->heaps; *link != heap; link = &(*link)->next)
        ;
    *link = heap->next;
    mk_mutex_unlock(&owner->lock);

    mk_private_data_destroy(&heap->private_data);
    mk_free(heap);
    device->lpVtbl->Release(device);
}

static ULONG STDMETHODCALLTYPE d3d12_query_heap_Release(ID3D12QueryHeap *iface)
{
    struct obj_query_heap *heap = impl_from_ID3D12QueryHeap(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&heap->refcount, 1) - 1;

    if (!refcount)
        query_heap_destroy(heap);
    return refcount;
}

/* ---- ID3D12Object ---- */

static HRESULT STDMETHODCALLTYPE d3d12_query_heap_GetPrivateData(ID3D12QueryHeap *iface, REFGUID guid, UINT *size,
        void *data)
{
    return mk_private_data_get(&impl_from_ID3D12QueryHeap(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_query_heap_SetPrivateData(ID3D12QueryHeap *iface, REFGUID guid, UINT size,
        const void *data)
{
    return mk_private_data_set(&impl_from_ID3D12QueryHeap(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d12_query_heap_SetPrivateDataInterface(ID3D12QueryHeap *iface, REFGUID guid,
        const IUnknown *object)
{
    return mk_private_data_set_interface(&impl_from_ID3D12QueryHeap(iface)->private_data, guid, object);
}

static HRESULT STDMETHODCALLTYPE d3d12_query_heap_SetName(ID3D12QueryHeap *iface, const WCHAR *name)
{
    return mk_private_data_set_name(&impl_from_ID3D12QueryHeap(iface)->private_data, name);
}

/* ---- ID3D12DeviceChild ---- */

static HRESULT STDMETHODCALLTYPE d3d12_query_heap_GetDevice(ID3D12QueryHeap *iface, REFIID riid, void **device)
{
    ID3D12Device *d = impl_from_ID3D12QueryHeap(iface)->owner->device;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

static const ID3D12QueryHeapVtbl d3d12_query_heap_vtbl =
{
    /* IUnknown methods */
    d3d12_query_heap_QueryInterface,
    d3d12_query_heap_AddRef,
    d3d12_query_heap_Release,
    /* ID3D12Object methods */
    d3d12_query_heap_GetPrivateData,
    d3d12_query_heap_SetPrivateData,
    d3d12_query_heap_SetPrivateDataInterface,
    d3d12_query_heap_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_query_heap_GetDevice,
    /* ID3D12Pageable and ID3D12QueryHeap have no methods. */
};

HRESULT obj_query_heap_create(struct obj_query_heap_owner *owner, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, struct obj_query_heap **out)
{
    struct obj_query_heap *heap;

    *out = NULL;
    if (!(heap = mk_calloc(1, sizeof(*heap))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    heap->ID3D12QueryHeap_iface.lpVtbl = (ID3D12QueryHeapVtbl *)&d3d12_query_heap_vtbl;
    atomic_init(&heap->refcount, 1);
    heap->owner = owner;
    heap->desc = *desc;
    heap->desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    heap->flags = flags;
    mk_private_data_init(&heap->private_data);

    mk_mutex_lock(&owner->lock);
    heap->next = owner->heaps;
    owner->heaps = heap;
    mk_mutex_unlock(&owner->lock);
    owner->device->lpVtbl->AddRef(owner->device);

    *out = heap;
    return S_OK;
}
