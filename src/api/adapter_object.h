/*
 * The adapter object mockd3d12_get_adapter() returns: an IUnknown that
 * D3D12CreateDevice accepts as pAdapter. D3D12CreateDevice finds the simulated
 * adapter behind any pAdapter by QueryInterface for IID_IMockD3D12Adapter, so
 * other objects (a future DXGI adapter) can implement the same interface.
 */
#ifndef MOCKD3D12_ADAPTER_OBJECT_H
#define MOCKD3D12_ADAPTER_OBJECT_H

#include <mockd3d12/d3d12.h>

struct caps_adapter;

/* {6d0c3f52-93a1-4c57-8f1e-2b7a5e94c0d1}: ours, never published by Microsoft. */
extern const IID IID_IMockD3D12Adapter;

typedef struct IMockD3D12Adapter IMockD3D12Adapter;

typedef struct IMockD3D12AdapterVtbl
{
    /* IUnknown methods */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IMockD3D12Adapter *This, REFIID riid, void **out);
    ULONG (STDMETHODCALLTYPE *AddRef)(IMockD3D12Adapter *This);
    ULONG (STDMETHODCALLTYPE *Release)(IMockD3D12Adapter *This);
    /* IMockD3D12Adapter methods */
    /* The simulated adapter (registered adapters live as long as the process). */
    const struct caps_adapter *(STDMETHODCALLTYPE *GetCapsAdapter)(IMockD3D12Adapter *This);
} IMockD3D12AdapterVtbl;

struct IMockD3D12Adapter
{
    const IMockD3D12AdapterVtbl *lpVtbl;
};

/* A new adapter object (refcount 1) for `adapter`. */
HRESULT mk_adapter_object_create(const struct caps_adapter *adapter, IUnknown **out);

/* The simulated adapter behind `object`, or NULL when it implements no
 * IMockD3D12Adapter. */
const struct caps_adapter *mk_adapter_from_iunknown(IUnknown *object);

#endif
