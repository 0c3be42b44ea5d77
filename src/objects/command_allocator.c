/*
 * ID3D12CommandAllocator. What Windows does, as the public conformance tests
 * record it (vkd3d-proton's tests/d3d12_device.c, run on Windows:
 * test_create_command_allocator, test_reset_command_allocator): the
 * allocator answers ID3D12Object, ID3D12DeviceChild and ID3D12Pageable,
 * holds a device reference, and Reset fails with E_FAIL while a list records
 * into it. Lists hold no reference on their allocator.
 */
#include <string.h>

#include "alloc.h"
#include "command_list.h"

static const ID3D12CommandAllocatorVtbl d3d12_command_allocator_vtbl;

static inline struct obj_command_allocator *impl_from_ID3D12CommandAllocator(ID3D12CommandAllocator *iface)
{
    return (struct obj_command_allocator *)((char *)iface
            - offsetof(struct obj_command_allocator, ID3D12CommandAllocator_iface));
}

struct obj_command_allocator *obj_command_allocator_from_iface(ID3D12CommandAllocator *iface)
{
    if (!iface || iface->lpVtbl != &d3d12_command_allocator_vtbl)
        return NULL;
    return impl_from_ID3D12CommandAllocator(iface);
}

/* ---- The owner (shared with the lists, src/objects/command_list.c) ---- */

void obj_command_list_owner_init(struct obj_command_list_owner *owner, ID3D12Device *device)
{
    memset(owner, 0, sizeof(*owner));
    owner->device = device;
    mk_mutex_init(&owner->lock);
}

void obj_command_list_owner_destroy(struct obj_command_list_owner *owner)
{
    mk_mutex_destroy(&owner->lock);
}

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE d3d12_command_allocator_QueryInterface(ID3D12CommandAllocator *iface, REFIID riid,
        void **out)
{
    static const IID *const interfaces[] =
    {
        &IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12Pageable, &IID_ID3D12CommandAllocator,
    };
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d12_command_allocator_AddRef(ID3D12CommandAllocator *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D12CommandAllocator(iface)->refcount, 1) + 1;
}

static void command_allocator_destroy(struct obj_command_allocator *allocator)
{
    struct obj_command_list_owner *owner = allocator->owner;
    ID3D12Device *device = owner->device;
    struct obj_command_allocator **link;
    struct obj_command_list *list;

    mk_mutex_lock(&owner->lock);
    for (link = &owner->allocators; *link != allocator; link = &(*link)->next)
        ;
    *link = allocator->next;
    /* Lists hold no reference on their allocator: those that recorded into
     * it forget it (one still open records on, into nothing). */
    for (list = owner->lists; list; list = list->next)
    {
        if (list->allocator == allocator)
            list->allocator = NULL;
    }
    mk_mutex_unlock(&owner->lock);

    mk_private_data_destroy(&allocator->private_data);
    mk_free(allocator);
    device->lpVtbl->Release(device);
}

static ULONG STDMETHODCALLTYPE d3d12_command_allocator_Release(ID3D12CommandAllocator *iface)
{
    struct obj_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&allocator->refcount, 1) - 1;

    if (!refcount)
        command_allocator_destroy(allocator);
    return refcount;
}

/* ---- ID3D12Object ---- */

MK_PRIVATE_DATA_METHODS(d3d12_command_allocator, ID3D12CommandAllocator, impl_from_ID3D12CommandAllocator)

/* ---- ID3D12DeviceChild ---- */

static HRESULT STDMETHODCALLTYPE d3d12_command_allocator_GetDevice(ID3D12CommandAllocator *iface, REFIID riid,
        void **device)
{
    ID3D12Device *d = impl_from_ID3D12CommandAllocator(iface)->owner->device;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

/* ---- ID3D12CommandAllocator ---- */

/* E_FAIL while a list records into it (test_reset_command_allocator);
 * otherwise S_OK, and lists closed before this Reset can no longer be
 * executed (ExecuteCommandLists checks `resets`). */
static HRESULT STDMETHODCALLTYPE d3d12_command_allocator_Reset(ID3D12CommandAllocator *iface)
{
    struct obj_command_allocator *allocator = impl_from_ID3D12CommandAllocator(iface);
    struct obj_command_list_owner *owner = allocator->owner;
    bool recording;

    mk_mutex_lock(&owner->lock);
    if (!(recording = allocator->recording != NULL))
        ++allocator->resets;
    mk_mutex_unlock(&owner->lock);
    if (recording)
    {
        owner->report(owner->ctx, D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_CANNOT_RESET, "ID3D12CommandAllocator::Reset",
                "a command list is still recording into the allocator (call Close on it first)");
        return E_FAIL;
    }
    return S_OK;
}

static const ID3D12CommandAllocatorVtbl d3d12_command_allocator_vtbl =
{
    /* IUnknown methods */
    d3d12_command_allocator_QueryInterface,
    d3d12_command_allocator_AddRef,
    d3d12_command_allocator_Release,
    /* ID3D12Object methods */
    d3d12_command_allocator_GetPrivateData,
    d3d12_command_allocator_SetPrivateData,
    d3d12_command_allocator_SetPrivateDataInterface,
    d3d12_command_allocator_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_command_allocator_GetDevice,
    /* ID3D12CommandAllocator methods */
    d3d12_command_allocator_Reset,
};

HRESULT obj_command_allocator_create(struct obj_command_list_owner *owner, D3D12_COMMAND_LIST_TYPE type,
        struct obj_command_allocator **out)
{
    struct obj_command_allocator *allocator;

    *out = NULL;
    if (!(allocator = mk_calloc(1, sizeof(*allocator))))
        return E_OUTOFMEMORY;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    allocator->ID3D12CommandAllocator_iface.lpVtbl = (ID3D12CommandAllocatorVtbl *)&d3d12_command_allocator_vtbl;
    atomic_init(&allocator->refcount, 1);
    allocator->owner = owner;
    allocator->type = type;
    mk_private_data_init(&allocator->private_data);

    mk_mutex_lock(&owner->lock);
    allocator->next = owner->allocators;
    owner->allocators = allocator;
    mk_mutex_unlock(&owner->lock);
    owner->device->lpVtbl->AddRef(owner->device);

    *out = allocator;
    return S_OK;
}
