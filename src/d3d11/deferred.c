/*
 * Deferred contexts and command lists (docs/d3d11.md "Deferred contexts").
 *
 * The mock renders nothing, so a deferred context records nothing: it is the
 * immediate context's object kind (same vtable, src/d3d11/device.c) with its
 * own reference count, holding one device reference for its whole life, as
 * Wine's test_create_deferred_context records on Windows (the device count
 * goes up by one, the context starts at 1, no ID3D11Multithread).
 * FinishCommandList hands out an empty ID3D11CommandList; ExecuteCommandList
 * accepts one.
 */
#include "d3d11_private.h"
#include "d3d11_methods.h"

struct d3d11_command_list
{
    ID3D11CommandList ID3D11CommandList_iface;
    atomic_ulong refcount;
    struct d3d11_device *device;    /* holds a reference */
    UINT context_flags;             /* of the deferred context that recorded it */
    struct mk_private_data private_data;
};

static inline struct d3d11_device *impl_from_ID3D11Device5(ID3D11Device5 *iface)
{
    return (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11Device5_iface));
}

static inline struct d3d11_context *impl_from_ID3D11DeviceContext4(ID3D11DeviceContext4 *iface)
{
    return (struct d3d11_context *)((char *)iface - offsetof(struct d3d11_context, ID3D11DeviceContext4_iface));
}

static inline struct d3d11_command_list *impl_from_ID3D11CommandList(ID3D11CommandList *iface)
{
    return (struct d3d11_command_list *)((char *)iface - offsetof(struct d3d11_command_list, ID3D11CommandList_iface));
}

/* ---- ID3D11Device::CreateDeferredContext ... 3 ---- */

static HRESULT create_deferred_context(struct d3d11_device *device, UINT flags, ID3D11DeviceContext **out)
{
    struct d3d11_context *context;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    /* ContextFlags is reserved: 0. */
    if (flags)
    {
        d3d11_report(device, D3D11_MSG_DEFERRED_FLAGS, flags, d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    /* "D3D11_CREATE_DEVICE_SINGLETHREADED ... CreateDeferredContext will fail"
     * (D3D11_CREATE_DEVICE_FLAG); DXGI_ERROR_INVALID_CALL on Windows. */
    if (device->flags & D3D11_CREATE_DEVICE_SINGLETHREADED)
    {
        d3d11_report(device, D3D11_MSG_DEFERRED_SINGLETHREADED, d3d11_device_adapter_name(device));
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!(context = mk_calloc(1, sizeof(*context))))
        return E_OUTOFMEMORY;
    d3d11_context_init(context, device, D3D11_DEVICE_CONTEXT_DEFERRED, flags);
    atomic_init(&context->refcount, 1);
    d3d11_device_AddRef(&device->ID3D11Device5_iface);
    *out = (ID3D11DeviceContext *)&context->ID3D11DeviceContext4_iface;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext **context)
{
    return create_deferred_context(impl_from_ID3D11Device5(iface), flags, context);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext1(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext1 **context)
{
    return create_deferred_context(impl_from_ID3D11Device5(iface), flags, (ID3D11DeviceContext **)context);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext2(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext2 **context)
{
    return create_deferred_context(impl_from_ID3D11Device5(iface), flags, (ID3D11DeviceContext **)context);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext3(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext3 **context)
{
    return create_deferred_context(impl_from_ID3D11Device5(iface), flags, (ID3D11DeviceContext **)context);
}

/* ---- ID3D11CommandList ---- */

/* IUnknown methods */

static HRESULT STDMETHODCALLTYPE d3d11_command_list_QueryInterface(ID3D11CommandList *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (d3d11_iid_equal(riid, &IID_IUnknown) || d3d11_iid_equal(riid, &IID_ID3D11DeviceChild)
            || d3d11_iid_equal(riid, &IID_ID3D11CommandList))
    {
        ID3D11CommandList_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE d3d11_command_list_AddRef(ID3D11CommandList *iface)
{
    return (ULONG)atomic_fetch_add(&impl_from_ID3D11CommandList(iface)->refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE d3d11_command_list_Release(ID3D11CommandList *iface)
{
    struct d3d11_command_list *list = impl_from_ID3D11CommandList(iface);
    ULONG refcount = (ULONG)atomic_fetch_sub(&list->refcount, 1) - 1;

    if (!refcount)
    {
        struct d3d11_device *device = list->device;

        mk_private_data_destroy(&list->private_data);
        mk_free(list);
        d3d11_device_Release(&device->ID3D11Device5_iface);
    }
    return refcount;
}

/* ID3D11DeviceChild methods */

static void STDMETHODCALLTYPE d3d11_command_list_GetDevice(ID3D11CommandList *iface, ID3D11Device **device)
{
    struct d3d11_command_list *list = impl_from_ID3D11CommandList(iface);

    if (!device)
        return;
    d3d11_device_AddRef(&list->device->ID3D11Device5_iface);
    *device = (ID3D11Device *)&list->device->ID3D11Device5_iface;
}

static HRESULT STDMETHODCALLTYPE d3d11_command_list_GetPrivateData(ID3D11CommandList *iface, REFGUID guid,
        UINT *size, void *data)
{
    return mk_private_data_get(&impl_from_ID3D11CommandList(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d11_command_list_SetPrivateData(ID3D11CommandList *iface, REFGUID guid,
        UINT size, const void *data)
{
    return mk_private_data_set(&impl_from_ID3D11CommandList(iface)->private_data, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE d3d11_command_list_SetPrivateDataInterface(ID3D11CommandList *iface, REFGUID guid,
        const IUnknown *object)
{
    return mk_private_data_set_interface(&impl_from_ID3D11CommandList(iface)->private_data, guid, object);
}

/* ID3D11CommandList methods */

static UINT STDMETHODCALLTYPE d3d11_command_list_GetContextFlags(ID3D11CommandList *iface)
{
    return impl_from_ID3D11CommandList(iface)->context_flags;
}

static const ID3D11CommandListVtbl d3d11_command_list_vtbl =
{
    /* IUnknown methods */
    d3d11_command_list_QueryInterface,
    d3d11_command_list_AddRef,
    d3d11_command_list_Release,
    /* ID3D11DeviceChild methods */
    d3d11_command_list_GetDevice,
    d3d11_command_list_GetPrivateData,
    d3d11_command_list_SetPrivateData,
    d3d11_command_list_SetPrivateDataInterface,
    /* ID3D11CommandList methods */
    d3d11_command_list_GetContextFlags,
};

/* ---- ID3D11DeviceContext::FinishCommandList / ExecuteCommandList ---- */

HRESULT STDMETHODCALLTYPE d3d11_context_FinishCommandList(ID3D11DeviceContext4 *iface, WINBOOL restore,
        ID3D11CommandList **out)
{
    struct d3d11_context *context = impl_from_ID3D11DeviceContext4(iface);
    struct d3d11_command_list *list;

    /* Only a deferred context records (Wine's test_immediate_context:
     * DXGI_ERROR_INVALID_CALL on the immediate one). */
    if (context->type != D3D11_DEVICE_CONTEXT_DEFERRED)
    {
        d3d11_report(context->device, D3D11_MSG_FINISH_ON_IMMEDIATE, d3d11_device_adapter_name(context->device));
        return DXGI_ERROR_INVALID_CALL;
    }
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!(list = mk_calloc(1, sizeof(*list))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the table is never written. */
    list->ID3D11CommandList_iface.lpVtbl = (ID3D11CommandListVtbl *)&d3d11_command_list_vtbl;
    atomic_init(&list->refcount, 1);
    list->device = context->device;
    d3d11_device_AddRef(&list->device->ID3D11Device5_iface);
    list->context_flags = context->flags;
    mk_private_data_init(&list->private_data);
    *out = &list->ID3D11CommandList_iface;
    /* RestoreDeferredContextState FALSE: the deferred context starts again
     * from the default state. */
    if (!restore)
        d3d11_pipeline_clear(&context->pipeline);
    return S_OK;
}

/* An empty list has nothing to play back; any context (immediate, or a
 * deferred one nesting it) accepts it. RestoreContextState FALSE leaves the
 * context in the default state, as a played list does on Windows; TRUE keeps
 * its state. */
void STDMETHODCALLTYPE d3d11_context_ExecuteCommandList(ID3D11DeviceContext4 *iface, ID3D11CommandList *list,
        WINBOOL restore)
{
    (void)list;
    if (!restore)
        d3d11_pipeline_clear(&impl_from_ID3D11DeviceContext4(iface)->pipeline);
}
