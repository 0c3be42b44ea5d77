/*
 * ID3D12CommandAllocator. What Windows does, as the public conformance tests
 * record it (vkd3d-proton's tests/d3d12_device.c, run on Windows:
 * test_create_command_allocator, test_reset_command_allocator): the
 * allocator answers ID3D12Object, ID3D12DeviceChild and ID3D12Pageable,
 * holds a device reference, and Reset fails with E_FAIL while a list records
 * into it. A list holds an internal reference on the allocator it records (or
 * last recorded) into, as Windows' lists do (ReportLiveDeviceObjects counts
 * them in an allocator's IntRef; an allocator the application released lives
 * on while a list names it): ExecuteCommandLists reads its `resets` without
 * a lock.
 */
#include <string.h>

#include "alloc.h"
#include "command_list.h"

static const ID3D12CommandAllocatorVtbl d3d12_command_allocator_vtbl;

MK_OBJECT_HELPERS(struct obj_command_allocator, ID3D12CommandAllocator, ID3D12CommandAllocator_iface,
        impl_from_ID3D12CommandAllocator, allocator_object)

struct obj_command_allocator *obj_command_allocator_from_iface(ID3D12CommandAllocator *iface)
{
    if (!iface || iface->lpVtbl != &d3d12_command_allocator_vtbl)
        return NULL;
    return impl_from_ID3D12CommandAllocator(iface);
}

/* ---- The object ---- */

static const struct mk_interface allocator_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_command_allocator, obj, ID3D12CommandAllocator_iface, IID_ID3D12CommandAllocator),
    OBJ_PAGEABLE_INTERFACES(struct obj_command_allocator, ID3D12CommandAllocator_iface),
};

static const struct mk_object_class allocator_class =
        MK_OBJECT_CLASS(struct obj_command_allocator, allocator_interfaces,
        .name = "ID3D12CommandAllocator", .kind = OBJ_KIND_COMMAND_ALLOCATOR);

MK_D3D12_CHILD_METHODS(d3d12_command_allocator, ID3D12CommandAllocator, allocator_object)

/* ---- ID3D12CommandAllocator ---- */

/* E_FAIL while a list records into it (test_reset_command_allocator);
 * otherwise S_OK, and lists closed before this Reset can no longer be
 * executed (ExecuteCommandLists checks `resets`). */
static HRESULT STDMETHODCALLTYPE d3d12_command_allocator_Reset(ID3D12CommandAllocator *iface)
{
    struct obj_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);
    struct obj_device *owner = obj_device_of(&allocator->obj);
    bool recording;

    mk_spin_lock(&owner->list_lock);
    if (!(recording = allocator->recording != NULL))
        atomic_store_explicit(&allocator->resets, atomic_load_explicit(&allocator->resets, memory_order_relaxed) + 1,
                memory_order_relaxed);
    mk_spin_unlock(&owner->list_lock);
    if (recording)
    {
        obj_report(&allocator->obj, D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_CANNOT_RESET, "ID3D12CommandAllocator::Reset",
                "a command list is still recording into the allocator (call Close on it first)", NULL);
        return E_FAIL;
    }
    return S_OK;
}

static const ID3D12CommandAllocatorVtbl d3d12_command_allocator_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_command_allocator),
    /* ID3D12CommandAllocator methods */
    d3d12_command_allocator_Reset,
};

HRESULT obj_command_allocator_create(struct obj_device *owner, D3D12_COMMAND_LIST_TYPE type,
        struct obj_command_allocator **out)
{
    struct obj_command_allocator *allocator;

    *out = NULL;
    if (!(allocator = mk_calloc(1, sizeof(*allocator))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    allocator->ID3D12CommandAllocator_iface.lpVtbl = (ID3D12CommandAllocatorVtbl *)&d3d12_command_allocator_vtbl;
    allocator->type = type;
    mk_object_init(&allocator->obj, &allocator_class, (IUnknown *)owner->device, &owner->registry);

    *out = allocator;
    return S_OK;
}
