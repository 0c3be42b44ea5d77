/*
 * ID3D12CommandSignature. What Windows does, as the public conformance tests
 * record it (vkd3d's tests/d3d12.c and vkd3d-proton's tests/d3d12_device.c,
 * run on Windows: test_create_command_signature, test_object_interface): the
 * signature answers ID3D12Object, ID3D12DeviceChild, ID3D12Pageable and
 * holds a device reference. It has no method of its own.
 */
#include <string.h>

#include "alloc.h"
#include "command_signature.h"

static const ID3D12CommandSignatureVtbl d3d12_command_signature_vtbl;

static inline struct obj_command_signature *impl_from_ID3D12CommandSignature(ID3D12CommandSignature *iface)
{
    return (struct obj_command_signature *)((char *)iface - offsetof(struct obj_command_signature, ID3D12CommandSignature_iface));
}

/* ---- The owner ---- */

void obj_command_signature_owner_init(struct obj_command_signature_owner *owner, ID3D12Device *device)
{
    owner->device = device;
    mk_mutex_init(&owner->lock);
    owner->signatures = NULL;
}

void obj_command_signature_owner_destroy(struct obj_command_signature_owner *owner)
{
    mk_mutex_destroy(&owner->lock);
}

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE d3d12_command_signature_QueryInterface(ID3D12CommandSignature *iface, REFIID riid, void **out)
{
    static const IID *const interfaces[] =
    {
        &IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12Pageable, &IID_ID3D12CommandSignature,
    };
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d12_command_signature_AddRef(ID3D12CommandSignature *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D12CommandSignature(iface)->refcount, 1) + 1;
}

static void command_signature_destroy(struct obj_command_signature *signature)
{
    struct obj_command_signature_owner *owner = signature->owner;
    ID3D12Device *device = owner->device;
    struct obj_command_signature **link;

    mk_mutex_lock(&owner->lock);
    for (link = &owner->signatures; *link != signature; link = &(*link)->next)
        ;
    *link = signature->next;
    mk_mutex_unlock(&owner->lock);

    mk_private_data_destroy(&signature->private_data);
    mk_free(signature->arguments);
    mk_free(signature);
    device->lpVtbl->Release(device);
}

static ULONG STDMETHODCALLTYPE d3d12_command_signature_Release(ID3D12CommandSignature *iface)
{
    struct obj_command_signature *signature = impl_from_ID3D12CommandSignature(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&signature->refcount, 1) - 1;

    if (!refcount)
        command_signature_destroy(signature);
    return refcount;
}

/* ---- ID3D12Object ---- */

MK_PRIVATE_DATA_METHODS(d3d12_command_signature, ID3D12CommandSignature, impl_from_ID3D12CommandSignature)

/* ---- ID3D12DeviceChild ---- */

static HRESULT STDMETHODCALLTYPE d3d12_command_signature_GetDevice(ID3D12CommandSignature *iface, REFIID riid, void **device)
{
    ID3D12Device *d = impl_from_ID3D12CommandSignature(iface)->owner->device;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

static const ID3D12CommandSignatureVtbl d3d12_command_signature_vtbl =
{
    /* IUnknown methods */
    d3d12_command_signature_QueryInterface,
    d3d12_command_signature_AddRef,
    d3d12_command_signature_Release,
    /* ID3D12Object methods */
    d3d12_command_signature_GetPrivateData,
    d3d12_command_signature_SetPrivateData,
    d3d12_command_signature_SetPrivateDataInterface,
    d3d12_command_signature_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_command_signature_GetDevice,
    /* ID3D12Pageable and ID3D12CommandSignature have no methods. */
};

HRESULT obj_command_signature_create(struct obj_command_signature_owner *owner,
        const D3D12_COMMAND_SIGNATURE_DESC *desc, struct obj_command_signature **out)
{
    struct obj_command_signature *signature;
    D3D12_INDIRECT_ARGUMENT_DESC *arguments;

    *out = NULL;
    if (!(signature = mk_calloc(1, sizeof(*signature))))
        return E_OUTOFMEMORY;
    if (!(arguments = mk_calloc(desc->NumArgumentDescs, sizeof(*arguments))))
    {
        mk_free(signature);
        return E_OUTOFMEMORY;
    }
    memcpy(arguments, desc->pArgumentDescs, desc->NumArgumentDescs * sizeof(*arguments));
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    signature->ID3D12CommandSignature_iface.lpVtbl = (ID3D12CommandSignatureVtbl *)&d3d12_command_signature_vtbl;
    atomic_init(&signature->refcount, 1);
    signature->owner = owner;
    signature->desc = *desc;
    signature->arguments = arguments;
    signature->desc.pArgumentDescs = arguments;
    signature->desc.NodeMask = desc->NodeMask ? desc->NodeMask : 1;
    mk_private_data_init(&signature->private_data);

    mk_mutex_lock(&owner->lock);
    signature->next = owner->signatures;
    owner->signatures = signature;
    mk_mutex_unlock(&owner->lock);
    owner->device->lpVtbl->AddRef(owner->device);

    *out = signature;
    return S_OK;
}
