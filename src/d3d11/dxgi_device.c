/*
 * IDXGIDevice ... IDXGIDevice4 of a D3D11 device (docs/d3d11.md "IDXGIDevice").
 *
 * The same object as the ID3D11Device (one struct mk_object: one reference
 * count, one private-data store, its parent the adapter). GetAdapter returns
 * the libdxgi adapter the device was made on: the caller's pAdapter, or for
 * the other driver types and D3D11On12 the object
 * libdxgi's factory enumerates for the D3D12 device's adapter
 * (mockd3d12_dxgi_adapter_for_luid), so device -> adapter -> factory is the
 * chain Wine's test_device_interfaces walks on Windows. The mock has no D3D11
 * resources, so nothing can be offered, reclaimed or made resident.
 */
#include "d3d11_private.h"

/* DXGI's documented limits: SetGPUThreadPriority takes -7..7;
 * SetMaximumFrameLatency at most 16, 0 resets to the default of 3. */
#define D3D11_GPU_PRIORITY_MIN (-7)
#define D3D11_GPU_PRIORITY_MAX 7
#define D3D11_FRAME_LATENCY_DEFAULT 3u
#define D3D11_FRAME_LATENCY_MAX 16u

MK_OBJECT_HELPERS(struct d3d11_device, IDXGIDevice4, IDXGIDevice4_iface, impl_from_IDXGIDevice4, dxgi_device_object)

void d3d11_dxgi_device_init(struct d3d11_device *device)
{
    device->IDXGIDevice4_iface.lpVtbl = (IDXGIDevice4Vtbl *)&d3d11_dxgi_device_vtbl;
    atomic_init(&device->gpu_priority, 0);
    atomic_init(&device->frame_latency, D3D11_FRAME_LATENCY_DEFAULT);
}

/* IUnknown and IDXGIObject methods: the device's (GetParent: its adapter). */
MK_DXGI_OBJECT_METHODS(d3d11_dxgi_device, IDXGIDevice4, dxgi_device_object)

/* IDXGIDevice methods */

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_GetAdapter(IDXGIDevice4 *iface, IDXGIAdapter **adapter)
{
    struct d3d11_device *device = impl_from_IDXGIDevice4(iface);

    if (!adapter)
        return E_INVALIDARG;
    IDXGIAdapter_AddRef(device->adapter);
    *adapter = device->adapter;
    return S_OK;
}

/* Surfaces are resources, which the mock does not create. */
static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_CreateSurface(IDXGIDevice4 *iface, const DXGI_SURFACE_DESC *desc,
        UINT surface_count, DXGI_USAGE usage, const DXGI_SHARED_RESOURCE *shared_resource, IDXGISurface **surface)
{
    (void)iface;
    (void)usage;
    (void)shared_resource;
    if (!surface)
        return E_INVALIDARG;
    *surface = NULL;
    if (!desc || !surface_count)
        return E_INVALIDARG;
    return E_NOTIMPL;
}

/* Every resource is one of ours, and there are none: only an empty list is
 * valid. */
static HRESULT check_resources(UINT count, const void *resources)
{
    if (!count)
        return S_OK;
    (void)resources;
    return E_INVALIDARG;
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_QueryResourceResidency(IDXGIDevice4 *iface,
        IUnknown *const *resources, DXGI_RESIDENCY *residency, UINT resource_count)
{
    (void)iface;
    if (resource_count && (!resources || !residency))
        return E_INVALIDARG;
    return check_resources(resource_count, resources);
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_SetGPUThreadPriority(IDXGIDevice4 *iface, INT priority)
{
    struct d3d11_device *device = impl_from_IDXGIDevice4(iface);

    if (priority < D3D11_GPU_PRIORITY_MIN || priority > D3D11_GPU_PRIORITY_MAX)
        return E_INVALIDARG;
    atomic_store(&device->gpu_priority, priority);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_GetGPUThreadPriority(IDXGIDevice4 *iface, INT *priority)
{
    struct d3d11_device *device = impl_from_IDXGIDevice4(iface);

    if (!priority)
        return E_INVALIDARG;
    *priority = atomic_load(&device->gpu_priority);
    return S_OK;
}

/* IDXGIDevice1 methods */

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_SetMaximumFrameLatency(IDXGIDevice4 *iface, UINT latency)
{
    struct d3d11_device *device = impl_from_IDXGIDevice4(iface);

    if (latency > D3D11_FRAME_LATENCY_MAX)
        return DXGI_ERROR_INVALID_CALL;
    atomic_store(&device->frame_latency, latency ? latency : D3D11_FRAME_LATENCY_DEFAULT);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_GetMaximumFrameLatency(IDXGIDevice4 *iface, UINT *latency)
{
    struct d3d11_device *device = impl_from_IDXGIDevice4(iface);

    if (!latency)
        return DXGI_ERROR_INVALID_CALL;
    *latency = atomic_load(&device->frame_latency);
    return S_OK;
}

/* IDXGIDevice2 methods */

static bool offer_priority_valid(DXGI_OFFER_RESOURCE_PRIORITY priority)
{
    return priority >= DXGI_OFFER_RESOURCE_PRIORITY_LOW && priority <= DXGI_OFFER_RESOURCE_PRIORITY_HIGH;
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_OfferResources(IDXGIDevice4 *iface, UINT count,
        IDXGIResource *const *resources, DXGI_OFFER_RESOURCE_PRIORITY priority)
{
    (void)iface;
    if (!offer_priority_valid(priority))
        return E_INVALIDARG;
    return check_resources(count, resources);
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_ReclaimResources(IDXGIDevice4 *iface, UINT count,
        IDXGIResource *const *resources, WINBOOL *discarded)
{
    (void)iface;
    (void)discarded;
    return check_resources(count, resources);
}

/* The mock has no GPU work in flight: the event is set at once. */
static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_EnqueueSetEvent(IDXGIDevice4 *iface, HANDLE event)
{
    (void)iface;
    if (!event)
        return E_INVALIDARG;
    return mk_event_set(event) ? S_OK : E_INVALIDARG;
}

/* IDXGIDevice3 methods */

static void STDMETHODCALLTYPE d3d11_dxgi_device_Trim(IDXGIDevice4 *iface)
{
    (void)iface; /* no driver allocations to give back */
}

/* IDXGIDevice4 methods */

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_OfferResources1(IDXGIDevice4 *iface, UINT count,
        IDXGIResource *const *resources, DXGI_OFFER_RESOURCE_PRIORITY priority, UINT flags)
{
    if (flags & ~(UINT)DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT)
        return E_INVALIDARG;
    return d3d11_dxgi_device_OfferResources(iface, count, resources, priority);
}

static HRESULT STDMETHODCALLTYPE d3d11_dxgi_device_ReclaimResources1(IDXGIDevice4 *iface, UINT count,
        IDXGIResource *const *resources, DXGI_RECLAIM_RESOURCE_RESULTS *results)
{
    (void)iface;
    (void)results;
    return check_resources(count, resources);
}

const IDXGIDevice4Vtbl d3d11_dxgi_device_vtbl =
{
    MK_DXGI_OBJECT_VTBL(d3d11_dxgi_device),
    /* IDXGIDevice methods */
    d3d11_dxgi_device_GetAdapter,
    d3d11_dxgi_device_CreateSurface,
    d3d11_dxgi_device_QueryResourceResidency,
    d3d11_dxgi_device_SetGPUThreadPriority,
    d3d11_dxgi_device_GetGPUThreadPriority,
    /* IDXGIDevice1 methods */
    d3d11_dxgi_device_SetMaximumFrameLatency,
    d3d11_dxgi_device_GetMaximumFrameLatency,
    /* IDXGIDevice2 methods */
    d3d11_dxgi_device_OfferResources,
    d3d11_dxgi_device_ReclaimResources,
    d3d11_dxgi_device_EnqueueSetEvent,
    /* IDXGIDevice3 methods */
    d3d11_dxgi_device_Trim,
    /* IDXGIDevice4 methods */
    d3d11_dxgi_device_OfferResources1,
    d3d11_dxgi_device_ReclaimResources1,
};
