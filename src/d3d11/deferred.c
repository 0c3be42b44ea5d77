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
    struct mk_object obj;           /* its parent, held for its whole life: the device */
    UINT context_flags;             /* of the deferred context that recorded it */
};

MK_OBJECT_HELPERS(struct d3d11_command_list, ID3D11CommandList, ID3D11CommandList_iface,
        impl_from_ID3D11CommandList, command_list_object)

/* ---- ID3D11Device::CreateDeferredContext ... 3 ---- */

static HRESULT create_deferred_context(struct d3d11_device *device, UINT flags, ID3D11DeviceContext **out)
{
    struct d3d11_context *context;
    HRESULT hr;

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
    /* Its documentation lists DXGI_ERROR_DEVICE_REMOVED. */
    if (FAILED(hr = d3d11_device_removed(device)))
        return hr;
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
    return create_deferred_context(d3d11_device_from_iface(iface), flags, context);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext1(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext1 **context)
{
    return create_deferred_context(d3d11_device_from_iface(iface), flags, (ID3D11DeviceContext **)context);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext2(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext2 **context)
{
    return create_deferred_context(d3d11_device_from_iface(iface), flags, (ID3D11DeviceContext **)context);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDeferredContext3(ID3D11Device5 *iface, UINT flags,
        ID3D11DeviceContext3 **context)
{
    return create_deferred_context(d3d11_device_from_iface(iface), flags, (ID3D11DeviceContext **)context);
}

/* ---- ID3D11CommandList ---- */

static const struct mk_interface command_list_interfaces[] =
{
    MK_INTERFACE_AT(struct d3d11_command_list, obj, ID3D11CommandList_iface, IID_IUnknown),
    MK_INTERFACE_AT(struct d3d11_command_list, obj, ID3D11CommandList_iface, IID_ID3D11DeviceChild),
    MK_INTERFACE_AT(struct d3d11_command_list, obj, ID3D11CommandList_iface, IID_ID3D11CommandList),
};

static const struct mk_object_class command_list_class = MK_OBJECT_CLASS(struct d3d11_command_list,
        command_list_interfaces, .name = "ID3D11CommandList");

D3D11_CHILD_METHODS(ID3D11CommandList, d3d11_command_list, command_list_object)

/* ID3D11CommandList methods */

static UINT STDMETHODCALLTYPE d3d11_command_list_GetContextFlags(ID3D11CommandList *iface)
{
    return impl_from_ID3D11CommandList(iface)->context_flags;
}

static const ID3D11CommandListVtbl d3d11_command_list_vtbl =
{
    /* IUnknown and ID3D11DeviceChild methods */
    D3D11_CHILD_VTBL_ENTRIES(d3d11_command_list),
    /* ID3D11CommandList methods */
    d3d11_command_list_GetContextFlags,
};

/* ---- ID3D11DeviceContext::FinishCommandList / ExecuteCommandList ---- */

HRESULT STDMETHODCALLTYPE d3d11_context_FinishCommandList(ID3D11DeviceContext4 *iface, WINBOOL restore,
        ID3D11CommandList **out)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
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
    /* Its documentation lists DXGI_ERROR_DEVICE_REMOVED (docs/faults.md):
     * no list, the deferred context's state as it was. */
    if (FAILED(d3d11_device_removed(context->device)))
        return DXGI_ERROR_DEVICE_REMOVED;
    if (!(list = mk_calloc(1, sizeof(*list))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the table is never written. */
    list->ID3D11CommandList_iface.lpVtbl = (ID3D11CommandListVtbl *)&d3d11_command_list_vtbl;
    list->context_flags = context->flags;
    mk_object_init(&list->obj, &command_list_class, (IUnknown *)&context->device->ID3D11Device5_iface, NULL);
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
        d3d11_pipeline_clear(&d3d11_context_from_iface(iface)->pipeline);
}
