/*
 * IDXGIFactory ... IDXGIFactory6 as far as adapters are concerned.
 *
 * A factory snapshots the machine when it is created (IsCurrent turns FALSE
 * once the machine differs from the snapshot). Swap chains on a D3D12 direct
 * queue are src/dxgi/swapchain.c's; CoreWindow swap chains, software adapters
 * and stereo or occlusion status return DXGI_ERROR_UNSUPPORTED (after the
 * argument checks that give the real errors for invalid input).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dxgi_private.h"

MK_OBJECT_HELPERS(struct dxgi_factory, IDXGIFactory6, IDXGIFactory6_iface, impl_from_IDXGIFactory6, factory_object)

/* A CreateDXGIFactory (DXGI 1.0) factory refuses IDXGIFactory1 and answers
 * the others, IDXGIFactory2 and later included, as current Windows does
 * (Wine's test_create_factory: E_NOINTERFACE for IDXGIFactory1, S_OK for
 * IDXGIFactory2). */
static bool factory_is_dxgi1(const struct mk_object *object, uint32_t arg)
{
    (void)arg;
    return MK_OBJECT_IMPL(struct dxgi_factory, obj, object)->version >= 1;
}

#define FACTORY_INTERFACE(iid) MK_INTERFACE_AT(struct dxgi_factory, obj, IDXGIFactory6_iface, iid)
static const struct mk_interface factory_interfaces[] =
{
    FACTORY_INTERFACE(IID_IUnknown), FACTORY_INTERFACE(IID_IDXGIObject), FACTORY_INTERFACE(IID_IDXGIFactory),
    MK_INTERFACE_IF(struct dxgi_factory, obj, IDXGIFactory6_iface, IID_IDXGIFactory1, 0),
    FACTORY_INTERFACE(IID_IDXGIFactory2), FACTORY_INTERFACE(IID_IDXGIFactory3), FACTORY_INTERFACE(IID_IDXGIFactory4),
    FACTORY_INTERFACE(IID_IDXGIFactory5), FACTORY_INTERFACE(IID_IDXGIFactory6),
};
#undef FACTORY_INTERFACE

/* A factory is the root of the DXGI object tree: GetParent has nothing. */
static const struct mk_object_class factory_class = MK_OBJECT_CLASS(struct dxgi_factory, factory_interfaces,
        .name = "IDXGIFactory", .available = factory_is_dxgi1);

MK_DXGI_OBJECT_METHODS(dxgi_factory, IDXGIFactory6, factory_object)

/* An enumeration that finds no adapter: its output cleared. */
static HRESULT no_adapter(void **out, HRESULT hr)
{
    *out = NULL;
    return hr;
}

/* The adapter at `index` of `preference`'s order (NULL: the default order),
 * queried for `riid`: what EnumAdapters, EnumAdapters1 and
 * EnumAdapterByGpuPreference share, `no_output` being what each answers a
 * NULL `out`. With MOCKD3D12_TRACE: the record of `entry` (docs/trace.md). */
static HRESULT dxgi_factory_enum(struct dxgi_factory *factory, const char *entry, HRESULT no_output, UINT index,
        const DXGI_GPU_PREFERENCE *preference, REFIID riid, void **out)
{
    unsigned order[DXGI_MAX_ADAPTERS];
    const char *id = NULL;
    HRESULT hr;

    if (!out)
        hr = no_output;
    else if (!dxgi_machine_order(&factory->machine, preference ? *preference : DXGI_GPU_PREFERENCE_UNSPECIFIED, order))
        hr = no_adapter(out, E_INVALIDARG);
    else if (index >= factory->machine.count)
        hr = no_adapter(out, DXGI_ERROR_NOT_FOUND);
    else
    {
        id = factory->machine.adapters[order[index]].id;
        hr = dxgi_adapter_create(factory, order[index], riid, out);
    }
    if (factory->traced)
        dxgi_trace_enum(entry, &index, preference, id, hr);
    return hr;
}

static bool luid_equal(LUID a, LUID b)
{
    return a.LowPart == b.LowPart && a.HighPart == b.HighPart;
}

/* The machine slot of the adapter whose LUID is `luid`, or machine->count. */
static unsigned machine_slot(const struct dxgi_machine *machine, LUID luid)
{
    unsigned i;

    for (i = 0; i < machine->count && !luid_equal(machine->adapters[i].luid, luid); ++i)
        ;
    return i;
}

/* What the factory cannot make (a CoreWindow swap chain, a software
 * adapter): DXGI_ERROR_INVALID_CALL without an output, else the output
 * cleared and DXGI_ERROR_UNSUPPORTED. */
static HRESULT unsupported(void **out)
{
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    return DXGI_ERROR_UNSUPPORTED;
}

/* What every Create*SwapChain* answers once the arguments they all need are there. */
static HRESULT no_swap_chain(const IUnknown *device, const void *desc, void **swapchain)
{
    return device && desc ? unsupported(swapchain) : DXGI_ERROR_INVALID_CALL;
}

/* The first output of the machine's adapter with `luid` (a new object), or
 * DXGI_ERROR_NOT_FOUND: where a swap chain's window is (src/dxgi/swapchain.c). */
/* How well an output at `output` holds a window at `window`: the area they
 * share, or minus the squared distance between them when they share none. */
static int64_t output_score(const RECT *output, const RECT *window)
{
    int64_t dx = 0, dy = 0, width, height;

    width = (int64_t)(output->right < window->right ? output->right : window->right)
            - (output->left > window->left ? output->left : window->left);
    height = (int64_t)(output->bottom < window->bottom ? output->bottom : window->bottom)
            - (output->top > window->top ? output->top : window->top);
    if (width > 0 && height > 0)
        return width * height;
    if (window->right <= output->left)
        dx = (int64_t)output->left - window->right + 1;
    else if (window->left >= output->right)
        dx = (int64_t)window->left - output->right + 1;
    if (window->bottom <= output->top)
        dy = (int64_t)output->top - window->bottom + 1;
    else if (window->top >= output->bottom)
        dy = (int64_t)window->top - output->bottom + 1;
    return -(dx * dx + dy * dy);
}

HRESULT dxgi_factory_output_for_window(struct dxgi_factory *factory, LUID luid, HWND window, IDXGIOutput **output)
{
    IDXGIOutput *candidate, *best = NULL;
    int64_t score, best_score = INT64_MIN;
    IDXGIAdapter4 *adapter;
    DXGI_OUTPUT_DESC desc;
    RECT rect;
    unsigned slot;
    HRESULT hr;
    UINT i;

    *output = NULL;
    if ((slot = machine_slot(&factory->machine, luid)) == factory->machine.count)
        return DXGI_ERROR_NOT_FOUND;
    if (FAILED(hr = dxgi_adapter_create(factory, slot, &IID_IDXGIAdapter4, (void **)&adapter)))
        return hr;
    if (!window || !dxgi_window_rect(window, &rect))
        window = 0;
    for (i = 0; SUCCEEDED(IDXGIAdapter4_EnumOutputs(adapter, i, &candidate)); ++i)
    {
        score = 0;
        if (window && SUCCEEDED(IDXGIOutput_GetDesc(candidate, &desc)))
            score = output_score(&desc.DesktopCoordinates, &rect);
        if (!best || score > best_score)
        {
            if (best)
                IDXGIOutput_Release(best);
            best = candidate;
            best_score = score;
        }
        else
            IDXGIOutput_Release(candidate);
    }
    IDXGIAdapter4_Release(adapter);
    *output = best;
    return best ? S_OK : DXGI_ERROR_NOT_FOUND;
}

/* IDXGIFactory methods */

static HRESULT STDMETHODCALLTYPE dxgi_factory_EnumAdapters(IDXGIFactory6 *iface, UINT index, IDXGIAdapter **adapter)
{
    return dxgi_factory_enum(impl_from_IDXGIFactory6(iface), "IDXGIFactory::EnumAdapters", DXGI_ERROR_INVALID_CALL,
            index, NULL, &IID_IDXGIAdapter, (void **)adapter);
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_MakeWindowAssociation(IDXGIFactory6 *iface, HWND window, UINT flags)
{
    (void)iface;
    (void)window;
    if (flags & ~(UINT)(DXGI_MWA_NO_WINDOW_CHANGES | DXGI_MWA_NO_ALT_ENTER | DXGI_MWA_NO_PRINT_SCREEN))
        return DXGI_ERROR_INVALID_CALL;
    /* Accepted, with any window or none, and nothing to do: no swap chain
     * watches a window here (Wine's test_window_association records Windows
     * answering S_OK for every valid flag combination). */
    return S_OK;
}

/* S_OK and NULL, always: Windows answers no window even after a
 * MakeWindowAssociation (Wine's test_window_association). */
static HRESULT STDMETHODCALLTYPE dxgi_factory_GetWindowAssociation(IDXGIFactory6 *iface, HWND *window)
{
    (void)iface;
    if (!window)
        return DXGI_ERROR_INVALID_CALL;
    *window = 0; /* NULL (HWND is an integer on Linux) */
    return S_OK;
}

/* The arguments every Create*SwapChain* needs (Wine's test_create_swapchain:
 * DXGI_ERROR_INVALID_CALL for each missing one, the output left as it was,
 * reported for `method` by a debug factory); with them, the output is
 * cleared for whatever is refused next. */
static bool swap_chain_args(const struct dxgi_factory *factory, const char *method, const IUnknown *device,
        const void *desc, void **swapchain)
{
    if (!swapchain)
        dxgi_report(factory, DXGI_MSG_IDXGIFactory_CreateSwapChain_ppSwapChainIsNULL, method, "ppSwapChain is NULL");
    else if (!desc)
        dxgi_report(factory, DXGI_MSG_IDXGIFactory_CreateSwapChain_pDescIsNULL, method, "pDesc is NULL");
    else if (!device)
        dxgi_report(factory, DXGI_MSG_IDXGIFactory_CreateSwapChain_NullDeviceInterface, method, "pDevice is NULL");
    else
    {
        *swapchain = NULL;
        return true;
    }
    return false;
}

/* The window every swap chain but a composition one needs. */
static bool swap_chain_window(const struct dxgi_factory *factory, const char *method, HWND window)
{
    if (!window)
        dxgi_report(factory, DXGI_MSG_IDXGISwapChain_Creation_InvalidOutputWindow, method, "no window");
    return window != 0;
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_CreateSwapChain(IDXGIFactory6 *iface, IUnknown *device,
        DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **swapchain)
{
    static const char method[] = "IDXGIFactory::CreateSwapChain";
    struct dxgi_factory *factory = impl_from_IDXGIFactory6(iface);
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen_desc;
    DXGI_SWAP_CHAIN_DESC1 desc1;

    if (!swap_chain_args(factory, method, device, desc, (void **)swapchain)
            || !swap_chain_window(factory, method, desc->OutputWindow))
        return DXGI_ERROR_INVALID_CALL;
    /* The DXGI 1.0 description as a DXGI 1.2 one: stretched, opaque (what
     * GetDesc1 answers on Windows, Wine's test_create_swapchain). */
    memset(&desc1, 0, sizeof(desc1));
    desc1.Width = desc->BufferDesc.Width;
    desc1.Height = desc->BufferDesc.Height;
    desc1.Format = desc->BufferDesc.Format;
    desc1.SampleDesc = desc->SampleDesc;
    desc1.BufferUsage = desc->BufferUsage;
    desc1.BufferCount = desc->BufferCount;
    desc1.Scaling = DXGI_SCALING_STRETCH;
    desc1.SwapEffect = desc->SwapEffect;
    desc1.AlphaMode = DXGI_ALPHA_MODE_IGNORE;
    desc1.Flags = desc->Flags;
    fullscreen_desc.RefreshRate = desc->BufferDesc.RefreshRate;
    fullscreen_desc.ScanlineOrdering = desc->BufferDesc.ScanlineOrdering;
    fullscreen_desc.Scaling = desc->BufferDesc.Scaling;
    fullscreen_desc.Windowed = desc->Windowed;
    return dxgi_swapchain_create(factory, method, device, desc->OutputWindow, &desc1, &fullscreen_desc,
            (IDXGISwapChain1 **)swapchain);
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_CreateSoftwareAdapter(IDXGIFactory6 *iface, HMODULE swrast,
        IDXGIAdapter **adapter)
{
    (void)iface;
    (void)swrast;
    return unsupported((void **)adapter);
}

/* IDXGIFactory1 methods */

static HRESULT STDMETHODCALLTYPE dxgi_factory_EnumAdapters1(IDXGIFactory6 *iface, UINT index,
        IDXGIAdapter1 **adapter)
{
    return dxgi_factory_enum(impl_from_IDXGIFactory6(iface), "IDXGIFactory1::EnumAdapters1",
            DXGI_ERROR_INVALID_CALL, index, NULL, &IID_IDXGIAdapter1, (void **)adapter);
}

static BOOL STDMETHODCALLTYPE dxgi_factory_IsCurrent(IDXGIFactory6 *iface)
{
    return dxgi_machine_is_current(&impl_from_IDXGIFactory6(iface)->machine);
}

/* IDXGIFactory2 methods */

static BOOL STDMETHODCALLTYPE dxgi_factory_IsWindowedStereoEnabled(IDXGIFactory6 *iface)
{
    (void)iface;
    return FALSE;
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_CreateSwapChainForHwnd(IDXGIFactory6 *iface, IUnknown *device,
        HWND window, const DXGI_SWAP_CHAIN_DESC1 *desc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fullscreen_desc,
        IDXGIOutput *output, IDXGISwapChain1 **swapchain)
{
    static const char method[] = "IDXGIFactory2::CreateSwapChainForHwnd";
    struct dxgi_factory *factory = impl_from_IDXGIFactory6(iface);

    (void)output; /* a restricting output is not kept (docs/dxgi.md) */
    if (!swap_chain_args(factory, method, device, desc, (void **)swapchain) || !swap_chain_window(factory, method, window))
        return DXGI_ERROR_INVALID_CALL;
    return dxgi_swapchain_create(factory, method, device, window, desc, fullscreen_desc, swapchain);
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_CreateSwapChainForCoreWindow(IDXGIFactory6 *iface, IUnknown *device,
        IUnknown *window, const DXGI_SWAP_CHAIN_DESC1 *desc, IDXGIOutput *output, IDXGISwapChain1 **swapchain)
{
    (void)iface;
    (void)output;
    return window ? no_swap_chain(device, desc, (void **)swapchain) : DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_GetSharedResourceAdapterLuid(IDXGIFactory6 *iface, HANDLE resource,
        LUID *luid)
{
    (void)iface;
    (void)resource;
    return luid ? DXGI_ERROR_UNSUPPORTED : E_INVALIDARG;
}

/* Stereo and occlusion status: no swap chain ever changes either, so both
 * pairs of Register*Status* methods are these (a cookie is needed, none is
 * handed out) and both Unregister*Status methods do nothing. */
static HRESULT STDMETHODCALLTYPE dxgi_factory_register_status_window(IDXGIFactory6 *iface, HWND window,
        UINT message, DWORD *cookie)
{
    (void)iface;
    (void)window;
    (void)message;
    return cookie ? DXGI_ERROR_UNSUPPORTED : E_INVALIDARG;
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_register_status_event(IDXGIFactory6 *iface, HANDLE event,
        DWORD *cookie)
{
    (void)iface;
    (void)event;
    return cookie ? DXGI_ERROR_UNSUPPORTED : E_INVALIDARG;
}

static void STDMETHODCALLTYPE dxgi_factory_unregister_status(IDXGIFactory6 *iface, DWORD cookie)
{
    (void)iface;
    (void)cookie;
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_CreateSwapChainForComposition(IDXGIFactory6 *iface,
        IUnknown *device, const DXGI_SWAP_CHAIN_DESC1 *desc, IDXGIOutput *output, IDXGISwapChain1 **swapchain)
{
    static const char method[] = "IDXGIFactory2::CreateSwapChainForComposition";
    struct dxgi_factory *factory = impl_from_IDXGIFactory6(iface);

    (void)output;
    if (!swap_chain_args(factory, method, device, desc, (void **)swapchain))
        return DXGI_ERROR_INVALID_CALL;
    return dxgi_swapchain_create(factory, method, device, 0, desc, NULL, swapchain);
}

/* IDXGIFactory3 methods */

static UINT STDMETHODCALLTYPE dxgi_factory_GetCreationFlags(IDXGIFactory6 *iface)
{
    return impl_from_IDXGIFactory6(iface)->flags;
}

/* IDXGIFactory4 methods */

static HRESULT STDMETHODCALLTYPE dxgi_factory_EnumAdapterByLuid(IDXGIFactory6 *iface, LUID luid, REFIID riid,
        void **adapter)
{
    struct dxgi_factory *factory = impl_from_IDXGIFactory6(iface);
    const char *id = NULL;
    unsigned slot;
    HRESULT hr;

    if (!adapter)
        hr = DXGI_ERROR_INVALID_CALL; /* issue 21: as on Windows */
    else if ((slot = machine_slot(&factory->machine, luid)) == factory->machine.count)
        hr = no_adapter(adapter, DXGI_ERROR_NOT_FOUND);
    else
    {
        id = factory->machine.adapters[slot].id;
        hr = dxgi_adapter_create(factory, slot, riid, adapter);
    }
    if (factory->traced)
        dxgi_trace_enum("IDXGIFactory4::EnumAdapterByLuid", NULL, NULL, id, hr);
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxgi_factory_EnumWarpAdapter(IDXGIFactory6 *iface, REFIID riid, void **adapter)
{
    struct dxgi_factory *factory = impl_from_IDXGIFactory6(iface);
    const char *id = NULL;
    HRESULT hr;

    if (!adapter)
        hr = E_INVALIDARG;
    else
    {
        *adapter = NULL;
        /* The machine always ends with its WARP. */
        id = factory->machine.adapters[factory->machine.count - 1].id;
        hr = dxgi_adapter_create(factory, factory->machine.count - 1, riid, adapter);
    }
    if (factory->traced)
        dxgi_trace_enum("IDXGIFactory4::EnumWarpAdapter", NULL, NULL, id, hr);
    return hr;
}

/* IDXGIFactory5 methods */

static HRESULT STDMETHODCALLTYPE dxgi_factory_CheckFeatureSupport(IDXGIFactory6 *iface, DXGI_FEATURE feature,
        void *data, UINT size)
{
    struct dxgi_factory *factory = impl_from_IDXGIFactory6(iface);
    HRESULT hr = S_OK;

    /* An unknown feature, no buffer or a wrong size: DXGI_ERROR_INVALID_CALL. */
    if (feature != DXGI_FEATURE_PRESENT_ALLOW_TEARING || !data || size != sizeof(BOOL))
        hr = DXGI_ERROR_INVALID_CALL;
    else
        /* A machine-wide answer: the first adapter's profile says it (a report's
         * SystemInfo.DXGI_FEATURE; false by default). */
        *(BOOL *)data = factory->machine.count && factory->machine.details[0].allow_tearing ? TRUE : FALSE;
    if (factory->traced)
        dxgi_trace_feature(feature, size, data, hr);
    return hr;
}

/* IDXGIFactory6 methods */

static HRESULT STDMETHODCALLTYPE dxgi_factory_EnumAdapterByGpuPreference(IDXGIFactory6 *iface, UINT index,
        DXGI_GPU_PREFERENCE preference, REFIID riid, void **adapter)
{
    return dxgi_factory_enum(impl_from_IDXGIFactory6(iface), "IDXGIFactory6::EnumAdapterByGpuPreference",
            E_INVALIDARG, index, &preference, riid, adapter);
}

static const IDXGIFactory6Vtbl dxgi_factory_vtbl =
{
    MK_DXGI_OBJECT_VTBL(dxgi_factory),
    /* IDXGIFactory methods */
    dxgi_factory_EnumAdapters,
    dxgi_factory_MakeWindowAssociation,
    dxgi_factory_GetWindowAssociation,
    dxgi_factory_CreateSwapChain,
    dxgi_factory_CreateSoftwareAdapter,
    /* IDXGIFactory1 methods */
    dxgi_factory_EnumAdapters1,
    dxgi_factory_IsCurrent,
    /* IDXGIFactory2 methods */
    dxgi_factory_IsWindowedStereoEnabled,
    dxgi_factory_CreateSwapChainForHwnd,
    dxgi_factory_CreateSwapChainForCoreWindow,
    dxgi_factory_GetSharedResourceAdapterLuid,
    dxgi_factory_register_status_window,    /* RegisterStereoStatusWindow */
    dxgi_factory_register_status_event,     /* RegisterStereoStatusEvent */
    dxgi_factory_unregister_status,         /* UnregisterStereoStatus */
    dxgi_factory_register_status_window,    /* RegisterOcclusionStatusWindow */
    dxgi_factory_register_status_event,     /* RegisterOcclusionStatusEvent */
    dxgi_factory_unregister_status,         /* UnregisterOcclusionStatus */
    dxgi_factory_CreateSwapChainForComposition,
    /* IDXGIFactory3 methods */
    dxgi_factory_GetCreationFlags,
    /* IDXGIFactory4 methods */
    dxgi_factory_EnumAdapterByLuid,
    dxgi_factory_EnumWarpAdapter,
    /* IDXGIFactory5 methods */
    dxgi_factory_CheckFeatureSupport,
    /* IDXGIFactory6 methods */
    dxgi_factory_EnumAdapterByGpuPreference,
};

HRESULT dxgi_factory_create(UINT version, UINT flags, REFIID riid, void **out)
{
    struct dxgi_factory *factory;
    char error[512];
    HRESULT hr;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!(factory = mk_calloc(1, sizeof(*factory))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = dxgi_machine_snapshot(&factory->machine, error, sizeof(error))))
    {
        /* A machine that names unknown profiles is a test-setup error: say so. */
        fprintf(stderr, "mockd3d12-dxgi: cannot build the adapter list: %s\n", error);
        mk_free(factory);
        return hr;
    }
    factory->IDXGIFactory6_iface.lpVtbl = (IDXGIFactory6Vtbl *)&dxgi_factory_vtbl;
    factory->version = version;
    factory->flags = flags;
    factory->traced = mockd3d12_trace_enabled();
    mk_object_init(&factory->obj, &factory_class, NULL, NULL);
    return mk_object_hand_out(&factory->obj, riid, out);
}

/* ---- The adapter of a D3D11 device (libd3d11's IDXGIDevice::GetAdapter) ---- */

MOCKD3D12_DXGI_API HRESULT mockd3d12_dxgi_adapter_for_luid(LUID luid, REFIID riid, void **adapter)
{
    struct dxgi_factory *factory;
    IDXGIFactory6 *iface;
    unsigned i, count, slot;
    HRESULT hr;

    if (!adapter)
        return E_INVALIDARG;
    *adapter = NULL;
    if (FAILED(hr = dxgi_factory_create(1, 0, &IID_IDXGIFactory6, (void **)&iface)))
        return hr;
    factory = impl_from_IDXGIFactory6(iface);
    hr = DXGI_ERROR_NOT_FOUND;
    if ((slot = machine_slot(&factory->machine, luid)) < factory->machine.count)
        hr = dxgi_adapter_create(factory, slot, riid, adapter);
    /* A registered adapter outside the machine (a D3D12 device made on it
     * directly): the factory's extra slot, which it never enumerates. */
    for (i = 0, count = mockd3d12_adapter_count(); hr == DXGI_ERROR_NOT_FOUND && i < count; ++i)
    {
        mockd3d12_adapter_info *info = &factory->machine.adapters[factory->machine.count];

        if (SUCCEEDED(mockd3d12_get_adapter_info(mockd3d12_adapter_id(i), info))
                && luid_equal(info->luid, luid)
                && SUCCEEDED(hr = mockd3d12_get_adapter_details(info->id,
                        &factory->machine.details[factory->machine.count])))
            hr = dxgi_adapter_create(factory, factory->machine.count, riid, adapter);
    }
    IDXGIFactory6_Release(iface);
    return hr;
}
