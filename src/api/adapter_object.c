/*
 * mockd3d12_get_adapter(): an IUnknown + IMockD3D12Adapter object for one
 * simulated adapter, accepted by D3D12CreateDevice as pAdapter.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "adapter_object.h"
#include "caps/caps.h"
#include "control.h"
#include "platform.h"

const IID IID_IMockD3D12Adapter =
        {0x6d0c3f52, 0x93a1, 0x4c57, {0x8f, 0x1e, 0x2b, 0x7a, 0x5e, 0x94, 0xc0, 0xd1}};

struct mk_adapter_object
{
    IMockD3D12Adapter IMockD3D12Adapter_iface;
    atomic_ulong refcount;
    const struct caps_adapter *adapter;
};

static inline struct mk_adapter_object *impl_from_IMockD3D12Adapter(IMockD3D12Adapter *iface)
{
    return (struct mk_adapter_object *)((char *)iface - offsetof(struct mk_adapter_object, IMockD3D12Adapter_iface));
}

/* IUnknown methods */

static HRESULT STDMETHODCALLTYPE adapter_object_QueryInterface(IMockD3D12Adapter *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (riid && (!memcmp(riid, &IID_IUnknown, sizeof(GUID)) || !memcmp(riid, &IID_IMockD3D12Adapter, sizeof(GUID))))
    {
        iface->lpVtbl->AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE adapter_object_AddRef(IMockD3D12Adapter *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_IMockD3D12Adapter(iface)->refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE adapter_object_Release(IMockD3D12Adapter *iface)
{
    struct mk_adapter_object *object = impl_from_IMockD3D12Adapter(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&object->refcount, 1) - 1;

    if (!refcount)
        mk_free(object);
    return refcount;
}

/* IMockD3D12Adapter methods */

static const struct caps_adapter *STDMETHODCALLTYPE adapter_object_GetCapsAdapter(IMockD3D12Adapter *iface)
{
    return impl_from_IMockD3D12Adapter(iface)->adapter;
}

static const IMockD3D12AdapterVtbl adapter_object_vtbl =
{
    /* IUnknown methods */
    adapter_object_QueryInterface,
    adapter_object_AddRef,
    adapter_object_Release,
    /* IMockD3D12Adapter methods */
    adapter_object_GetCapsAdapter,
};

HRESULT mk_adapter_object_create(const struct caps_adapter *adapter, IUnknown **out)
{
    struct mk_adapter_object *object;

    if (!(object = mk_alloc(sizeof(*object))))
        return E_OUTOFMEMORY;
    object->IMockD3D12Adapter_iface.lpVtbl = &adapter_object_vtbl;
    atomic_init(&object->refcount, 1);
    object->adapter = adapter;
    *out = (IUnknown *)&object->IMockD3D12Adapter_iface;
    return S_OK;
}

const struct caps_adapter *mk_adapter_from_iunknown(IUnknown *object)
{
    const struct caps_adapter *adapter;
    IMockD3D12Adapter *mock;

    if (!object || FAILED(object->lpVtbl->QueryInterface(object, &IID_IMockD3D12Adapter, (void **)&mock)))
        return NULL;
    adapter = mock->lpVtbl->GetCapsAdapter(mock);
    mock->lpVtbl->Release(mock);
    return adapter;
}

MOCKD3D12_API HRESULT mockd3d12_get_adapter(const char *id_or_path, IUnknown **out)
{
    const struct caps_adapter *adapter;
    char error[512];

    if (!out)
    {
        mk_set_last_error("mockd3d12_get_adapter: the out pointer is NULL");
        return E_POINTER;
    }
    *out = NULL;
    error[0] = 0;
    adapter = id_or_path ? caps_adapter_lookup(id_or_path, error, sizeof(error))
            : caps_adapter_default(error, sizeof(error));
    if (!adapter)
    {
        mk_set_last_error("mockd3d12_get_adapter: %s", error[0] ? error : "no such adapter");
        return E_INVALIDARG;
    }
    return mk_adapter_object_create(adapter, out);
}
