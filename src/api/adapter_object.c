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
#include "object.h"
#include "platform.h"

/* Its value, for the interface table too (object.h: MK_INTERFACE_AT). */
#define MK_IID_VALUE_IID_IMockD3D12Adapter {0x6d0c3f52, 0x93a1, 0x4c57, {0x8f, 0x1e, 0x2b, 0x7a, 0x5e, 0x94, 0xc0, 0xd1}}
const IID IID_IMockD3D12Adapter = MK_IID_VALUE_IID_IMockD3D12Adapter;

struct mk_adapter_object
{
    IMockD3D12Adapter IMockD3D12Adapter_iface;
    struct mk_object obj;
    const struct caps_adapter *adapter;
};

MK_OBJECT_HELPERS(struct mk_adapter_object, IMockD3D12Adapter, IMockD3D12Adapter_iface,
        impl_from_IMockD3D12Adapter, adapter_object_object)

static const struct mk_interface adapter_object_interfaces[] =
{
    MK_INTERFACE_AT(struct mk_adapter_object, obj, IMockD3D12Adapter_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct mk_adapter_object, obj, IMockD3D12Adapter_iface, IID_IMockD3D12Adapter),
};

static const struct mk_object_class adapter_object_class = MK_OBJECT_CLASS(struct mk_adapter_object,
        adapter_object_interfaces, .name = "IMockD3D12Adapter");

/* IUnknown methods */
MK_IUNKNOWN_METHODS(adapter_object, IMockD3D12Adapter, adapter_object_object)

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

    if (!(object = mk_calloc(1, sizeof(*object))))
        return E_OUTOFMEMORY;
    object->IMockD3D12Adapter_iface.lpVtbl = &adapter_object_vtbl;
    object->adapter = adapter;
    mk_object_init(&object->obj, &adapter_object_class, NULL, NULL);
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
