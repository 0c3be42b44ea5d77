/*
 * ID3D12RootSignature. What Windows does, as vkd3d-proton's
 * tests/d3d12_root_signature.c (test_create_root_signature, run on Windows)
 * records it: the root signature answers ID3D12Object and ID3D12DeviceChild
 * — not ID3D12Pageable — and holds a device reference.
 */
#include <string.h>

#include "alloc.h"
#include "refs.h"
#include "root_signature.h"

static const ID3D12RootSignatureVtbl d3d12_root_signature_vtbl;

static inline struct obj_root_signature *impl_from_ID3D12RootSignature(ID3D12RootSignature *iface)
{
    return (struct obj_root_signature *)((char *)iface
            - offsetof(struct obj_root_signature, ID3D12RootSignature_iface));
}

/* ---- The owner ---- */

void obj_root_signature_owner_init(struct obj_root_signature_owner *owner, ID3D12Device *device)
{
    owner->device = device;
    mk_mutex_init(&owner->lock);
    owner->root_signatures = NULL;
}

void obj_root_signature_owner_destroy(struct obj_root_signature_owner *owner)
{
    mk_mutex_destroy(&owner->lock);
}

/* ---- IUnknown ---- */

static HRESULT STDMETHODCALLTYPE d3d12_root_signature_QueryInterface(ID3D12RootSignature *iface, REFIID riid,
        void **out)
{
    static const IID *const interfaces[] =
    {
        &IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12RootSignature,
    };
    HRESULT hr = mk_object_query(riid, out, interfaces, sizeof(interfaces) / sizeof(interfaces[0]));

    if (hr == S_OK)
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
    }
    return hr;
}

static ULONG STDMETHODCALLTYPE d3d12_root_signature_AddRef(ID3D12RootSignature *iface)
{
    struct obj_root_signature *root_signature = impl_from_ID3D12RootSignature(iface);

    return obj_refs_addref(&root_signature->refcount, &root_signature->internal);
}

static void root_signature_destroy(struct obj_root_signature *root_signature)
{
    struct obj_root_signature_owner *owner = root_signature->owner;
    ID3D12Device *device = owner->device;
    struct obj_root_signature **link;

    mk_mutex_lock(&owner->lock);
    for (link = &owner->root_signatures; *link != root_signature; link = &(*link)->next)
        ;
    *link = root_signature->next;
    mk_mutex_unlock(&owner->lock);

    mk_private_data_destroy(&root_signature->private_data);
    mk_free(root_signature->blob);
    mk_free(root_signature->rs);
    mk_free(root_signature);
    device->lpVtbl->Release(device);
}

static ULONG STDMETHODCALLTYPE d3d12_root_signature_Release(ID3D12RootSignature *iface)
{
    struct obj_root_signature *root_signature = impl_from_ID3D12RootSignature(iface);
    bool dead;
    ULONG refcount = obj_refs_release(&root_signature->refcount, &root_signature->internal, &dead);

    if (dead)
        root_signature_destroy(root_signature);
    return refcount;
}

void obj_root_signature_retain(struct obj_root_signature *root_signature)
{
    obj_refs_retain(&root_signature->internal);
}

void obj_root_signature_unretain(struct obj_root_signature *root_signature)
{
    if (obj_refs_unretain(&root_signature->internal))
        root_signature_destroy(root_signature);
}

/* ---- ID3D12Object ---- */

MK_PRIVATE_DATA_METHODS(d3d12_root_signature, ID3D12RootSignature, impl_from_ID3D12RootSignature)

/* ---- ID3D12DeviceChild ---- */

static HRESULT STDMETHODCALLTYPE d3d12_root_signature_GetDevice(ID3D12RootSignature *iface, REFIID riid,
        void **device)
{
    ID3D12Device *d = impl_from_ID3D12RootSignature(iface)->owner->device;

    return d->lpVtbl->QueryInterface(d, riid, device);
}

static const ID3D12RootSignatureVtbl d3d12_root_signature_vtbl =
{
    /* IUnknown methods */
    d3d12_root_signature_QueryInterface,
    d3d12_root_signature_AddRef,
    d3d12_root_signature_Release,
    /* ID3D12Object methods */
    d3d12_root_signature_GetPrivateData,
    d3d12_root_signature_SetPrivateData,
    d3d12_root_signature_SetPrivateDataInterface,
    d3d12_root_signature_SetName,
    /* ID3D12DeviceChild methods */
    d3d12_root_signature_GetDevice,
};

/* A live root signature of the owner made from the same bytes, with one
 * more application reference; NULL when there is none. Owner's lock held. */
static struct obj_root_signature *root_signature_find(struct obj_root_signature_owner *owner, UINT node_mask,
        const void *blob, size_t size)
{
    struct obj_root_signature *root_signature;
    unsigned long count;

    for (root_signature = owner->root_signatures; root_signature; root_signature = root_signature->next)
    {
        if (root_signature->node_mask != node_mask || root_signature->blob_size != size
                || memcmp(root_signature->blob, blob, size))
            continue;
        /* One the application released (alive only inside a pipeline) is
         * not handed out again: a new one is made. */
        count = atomic_load(&root_signature->refcount);
        while (count && !atomic_compare_exchange_weak(&root_signature->refcount, &count, count + 1))
            ;
        if (count)
            return root_signature;
    }
    return NULL;
}

HRESULT obj_root_signature_create(struct obj_root_signature_owner *owner, struct obj_rs *rs, UINT node_mask,
        const void *blob, size_t size, struct obj_root_signature **out)
{
    struct obj_root_signature *root_signature, *existing;

    *out = NULL;
    node_mask = node_mask ? node_mask : 1;
    if (!(root_signature = mk_calloc(1, sizeof(*root_signature))) || !(root_signature->blob = mk_alloc(size ? size : 1)))
    {
        mk_free(root_signature);
        mk_free(rs);
        return E_OUTOFMEMORY;
    }
    memcpy(root_signature->blob, blob, size);
    root_signature->blob_size = size;
    root_signature->ID3D12RootSignature_iface.lpVtbl = (ID3D12RootSignatureVtbl *)&d3d12_root_signature_vtbl;
    atomic_init(&root_signature->refcount, 1);
    atomic_init(&root_signature->internal, 1);
    root_signature->owner = owner;
    root_signature->rs = rs;
    root_signature->node_mask = node_mask;
    mk_private_data_init(&root_signature->private_data);

    mk_mutex_lock(&owner->lock);
    if ((existing = root_signature_find(owner, node_mask, blob, size)))
    {
        mk_mutex_unlock(&owner->lock);
        mk_private_data_destroy(&root_signature->private_data);
        mk_free(root_signature->blob);
        mk_free(root_signature->rs);
        mk_free(root_signature);
        *out = existing;
        return S_OK;
    }
    root_signature->next = owner->root_signatures;
    owner->root_signatures = root_signature;
    mk_mutex_unlock(&owner->lock);
    owner->device->lpVtbl->AddRef(owner->device);

    *out = root_signature;
    return S_OK;
}

struct obj_root_signature *obj_root_signature_from_iface(ID3D12RootSignature *iface)
{
    if (!iface || iface->lpVtbl != &d3d12_root_signature_vtbl)
        return NULL;
    return impl_from_ID3D12RootSignature(iface);
}

bool obj_root_signature_parameter(const struct obj_root_signature *root_signature, UINT index,
        D3D12_ROOT_PARAMETER_TYPE *type, UINT *constants)
{
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc = &root_signature->rs->desc;

    /* 1.0 has D3D12_ROOT_PARAMETERs; 1.1 and 1.2 (read as 1.1) D3D12_ROOT_PARAMETER1s. */
    if (desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0)
    {
        if (index >= desc->Desc_1_0.NumParameters)
            return false;
        *type = desc->Desc_1_0.pParameters[index].ParameterType;
        *constants = desc->Desc_1_0.pParameters[index].Constants.Num32BitValues;
        return true;
    }
    if (index >= desc->Desc_1_1.NumParameters)
        return false;
    *type = desc->Desc_1_1.pParameters[index].ParameterType;
    *constants = desc->Desc_1_1.pParameters[index].Constants.Num32BitValues;
    return true;
}
