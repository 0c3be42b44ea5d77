/*
 * ID3D12Heap, ID3D12Heap1. What Windows does, as the public conformance
 * tests record it (vkd3d's tests/d3d12.c test_create_heap, run on Windows):
 * the heap answers ID3D12Object, ID3D12DeviceChild, ID3D12Pageable and
 * ID3D12Heap, holds a device reference (the device's count 1 -> 2) and
 * GetDesc returns the description it was created with.
 */
#include <string.h>

#include "alloc.h"
#include "heap.h"
#include "memory_watch.h"

static const ID3D12Heap1Vtbl d3d12_heap_vtbl;

MK_OBJECT_HELPERS(struct obj_heap, ID3D12Heap1, ID3D12Heap1_iface, impl_from_ID3D12Heap1, heap_object)

void obj_memory_charge_release(struct obj_memory_charge *charge)
{
    if (charge->give_back)
        charge->give_back(charge);
    memset(charge, 0, sizeof(*charge));
}

static void heap_destroy(struct mk_object *object)
{
    struct obj_heap *heap = MK_OBJECT_IMPL(struct obj_heap, obj, object);

    obj_device_allocation_freed(object, D3D12_DRED_ALLOCATION_TYPE_HEAP, heap->va, heap->desc.SizeInBytes);
    obj_memory_charge_release(&heap->charge);
    mk_free(heap->memory);
}

static const struct mk_interface heap_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_heap, obj, ID3D12Heap1_iface, IID_ID3D12Heap),
    MK_INTERFACE_AT(struct obj_heap, obj, ID3D12Heap1_iface, IID_ID3D12Heap1),
    OBJ_PAGEABLE_INTERFACES(struct obj_heap, ID3D12Heap1_iface),
};

static const struct mk_object_class heap_class = MK_OBJECT_CLASS(struct obj_heap, heap_interfaces,
        .name = "ID3D12Heap", .kind = OBJ_KIND_HEAP, .destroy = heap_destroy);

MK_D3D12_CHILD_METHODS(d3d12_heap, ID3D12Heap1, heap_object)

/* ---- ID3D12Heap ---- */

static MK_STRUCT_RET(D3D12_HEAP_DESC) STDMETHODCALLTYPE d3d12_heap_GetDesc(ID3D12Heap1 *iface
        MK_STRUCT_RET_PARAM(D3D12_HEAP_DESC))
{
    MK_STRUCT_RETURN(impl_from_ID3D12Heap1(iface)->desc);
}

/* ---- ID3D12Heap1 ---- */

HRESULT obj_no_protected_session(void **session)
{
    if (!session)
        return E_POINTER;
    *session = NULL;
    return DXGI_ERROR_NOT_FOUND;
}

static HRESULT STDMETHODCALLTYPE d3d12_heap_GetProtectedResourceSession(ID3D12Heap1 *iface, REFIID riid,
        void **session)
{
    (void)iface;
    (void)riid;
    return obj_no_protected_session(session);
}

static const ID3D12Heap1Vtbl d3d12_heap_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_heap),
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

const char *obj_heap_type_name(D3D12_HEAP_TYPE type)
{
    static const char names[][12] = {"", "DEFAULT", "UPLOAD", "READBACK", "CUSTOM", "GPU_UPLOAD"};

    return (unsigned)type < sizeof(names) / sizeof(names[0]) && names[type][0] ? names[type] : "?";
}

HRESULT obj_heap_create(struct obj_device *owner, const D3D12_HEAP_DESC *desc, bool cpu_visible,
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
    heap->desc = *desc;
    if (!heap->desc.Alignment)
        heap->desc.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    if (!heap->desc.Properties.CreationNodeMask)
        heap->desc.Properties.CreationNodeMask = 1;
    if (!heap->desc.Properties.VisibleNodeMask)
        heap->desc.Properties.VisibleNodeMask = 1;
    heap->va = va;
    heap->charge = charge;
    mk_object_init(&heap->obj, &heap_class, (IUnknown *)owner->device, &owner->registry);

    *out = heap;
    return S_OK;
}
