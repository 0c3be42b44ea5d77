/*
 * The entry points of libd3d11.so / d3d11.dll and the simulated D3D11 runtime
 * configuration. Windows behaviour cited per rule; see docs/d3d11.md.
 */
#include <stdio.h>
#include <stdlib.h>

#include "d3d11_private.h"

/* ---- Configuration ---- */

static atomic_int runtime_override;      /* 0: unset */
static atomic_int sdk_layers_override = -1; /* -1: unset */

MK_EXPORT HRESULT mockd3d12_set_d3d11_runtime(mockd3d12_d3d11_runtime runtime)
{
    if (runtime && (runtime < MOCKD3D12_D3D11_RUNTIME_11_0 || runtime > MOCKD3D12_D3D11_RUNTIME_11_4))
        return E_INVALIDARG;
    atomic_store(&runtime_override, (int)runtime);
    return S_OK;
}

mockd3d12_d3d11_runtime d3d11_current_runtime(void)
{
    static const struct
    {
        const char *name;
        mockd3d12_d3d11_runtime runtime;
    }
    names[] =
    {
        {"11.0", MOCKD3D12_D3D11_RUNTIME_11_0},
        {"11.1", MOCKD3D12_D3D11_RUNTIME_11_1},
        {"11.2", MOCKD3D12_D3D11_RUNTIME_11_2},
        {"11.3", MOCKD3D12_D3D11_RUNTIME_11_3},
        {"11.4", MOCKD3D12_D3D11_RUNTIME_11_4},
    };
    int set = atomic_load(&runtime_override);
    const char *env;
    unsigned i;

    if (set)
        return (mockd3d12_d3d11_runtime)set;
    if (!(env = mk_getenv("MOCKD3D12_D3D11_RUNTIME")))
        return MOCKD3D12_D3D11_RUNTIME_11_4;
    for (i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    {
        if (!strcmp(env, names[i].name))
            return names[i].runtime;
    }
    fprintf(stderr, "mockd3d12: MOCKD3D12_D3D11_RUNTIME=\"%s\" is not one of 11.0, 11.1, 11.2, 11.3, 11.4.\n", env);
    return (mockd3d12_d3d11_runtime)0;
}

MK_EXPORT mockd3d12_d3d11_runtime mockd3d12_get_d3d11_runtime(void)
{
    return d3d11_current_runtime();
}

MK_EXPORT HRESULT mockd3d12_set_d3d11_sdk_layers(int present)
{
    if (present < -1 || present > 1)
        return E_INVALIDARG;
    atomic_store(&sdk_layers_override, present);
    return S_OK;
}

/* MOCKD3D12_D3D11_SDK_LAYERS: unset or "1" present, "0" absent; anything
 * else is a mistake (-1, said on stderr), which fails device creation. */
static int sdk_layers_env(void)
{
    const char *env = mk_getenv("MOCKD3D12_D3D11_SDK_LAYERS");

    if (!env || !strcmp(env, "1"))
        return 1;
    if (!strcmp(env, "0"))
        return 0;
    fprintf(stderr, "mockd3d12: MOCKD3D12_D3D11_SDK_LAYERS=\"%s\" is neither 0 nor 1.\n", env);
    return -1;
}

MK_EXPORT BOOL mockd3d12_d3d11_sdk_layers_present(void)
{
    int set = atomic_load(&sdk_layers_override);

    if (set >= 0)
        return set;
    return sdk_layers_env() == 1;
}

/* The D3D11 settings a device creation reads are well formed. */
static bool d3d11_env_valid(void)
{
    return atomic_load(&sdk_layers_override) >= 0 || sdk_layers_env() >= 0;
}

D3D_FEATURE_LEVEL d3d11_runtime_max_level(mockd3d12_d3d11_runtime runtime)
{
    if (runtime >= MOCKD3D12_D3D11_RUNTIME_11_3)
        return D3D_FEATURE_LEVEL_12_1;
    if (runtime >= MOCKD3D12_D3D11_RUNTIME_11_1)
        return D3D_FEATURE_LEVEL_11_1;
    return D3D_FEATURE_LEVEL_11_0;
}

static bool is_d3d11_level(D3D_FEATURE_LEVEL level)
{
    switch (level)
    {
        case D3D_FEATURE_LEVEL_9_1: case D3D_FEATURE_LEVEL_9_2: case D3D_FEATURE_LEVEL_9_3:
        case D3D_FEATURE_LEVEL_10_0: case D3D_FEATURE_LEVEL_10_1: case D3D_FEATURE_LEVEL_11_0:
        case D3D_FEATURE_LEVEL_11_1: case D3D_FEATURE_LEVEL_12_0: case D3D_FEATURE_LEVEL_12_1:
            return true;
        default:
            return false;
    }
}

/* ---- D3D11CreateDevice ---- */

/* The array D3D11CreateDevice uses for pFeatureLevels == NULL: never 11_1 (the
 * seed, "How to: Get the device feature level"; Wine's test_create_device). */
static const D3D_FEATURE_LEVEL default_levels[] =
{
    D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
    D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1,
};

/* The WARP the DXGI machine has (libdxgi: a software id in MOCKD3D12_ADAPTERS
 * chooses it), "warp" otherwise. */
static HRESULT warp_adapter(IUnknown **out)
{
    const char *ids[32];
    UINT count = mockd3d12_machine_adapters(ids, 32);
    const char *id = count && count <= 32 ? ids[count - 1] : "warp";

    return mockd3d12_get_adapter(id, out);
}

static HRESULT d3d12_device_for(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, ID3D12Device **out)
{
    IUnknown *unknown = (IUnknown *)adapter;
    HRESULT hr;

    *out = NULL;
    if (type == D3D_DRIVER_TYPE_HARDWARE)
        unknown = NULL; /* the default adapter, as D3D12CreateDevice(NULL) */
    else if (type != D3D_DRIVER_TYPE_UNKNOWN)
    {
        /* Out of memory stays E_OUTOFMEMORY (tests/unit/test_alloc_failure_dxgi_d3d11.c). */
        if (FAILED(hr = warp_adapter(&unknown)))
            return hr == E_OUTOFMEMORY ? hr : DXGI_ERROR_UNSUPPORTED;
        hr = D3D12CreateDevice(unknown, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)out);
        IUnknown_Release(unknown);
        if (hr == E_OUTOFMEMORY)
            return hr;
        return FAILED(hr) ? DXGI_ERROR_UNSUPPORTED : S_OK;
    }
    if (FAILED(hr = D3D12CreateDevice(unknown, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)out)))
    {
        if (hr == E_OUTOFMEMORY)
            return hr;
        return adapter ? E_INVALIDARG : DXGI_ERROR_UNSUPPORTED;
    }
    return S_OK;
}

static void zero_outs(ID3D11Device **device, D3D_FEATURE_LEVEL *level, ID3D11DeviceContext **context)
{
    if (device)
        *device = NULL;
    if (level)
        *level = (D3D_FEATURE_LEVEL)0;
    if (context)
        *context = NULL;
}

static HRESULT create_device(IDXGIAdapter *adapter, D3D_DRIVER_TYPE driver_type, HMODULE software,
        UINT flags, const D3D_FEATURE_LEVEL *levels, UINT level_count, UINT sdk_version,
        ID3D11Device **device_out, D3D_FEATURE_LEVEL *level_out, ID3D11DeviceContext **context_out,
        const char **adapter_id)
{
    mockd3d12_d3d11_runtime runtime = d3d11_current_runtime();
    struct d3d11_device_desc desc;
    struct d3d11_device *device;
    D3D_FEATURE_LEVEL max, chosen = (D3D_FEATURE_LEVEL)0;
    ID3D12Device *d3d12;
    HRESULT hr;
    UINT i;

    zero_outs(device_out, level_out, context_out);

    if (sdk_version != D3D11_SDK_VERSION || !runtime || !d3d11_env_valid())
        return E_INVALIDARG;

    /* Driver type and adapter: a pAdapter requires D3D_DRIVER_TYPE_UNKNOWN
     * and UNKNOWN requires a pAdapter (the D3D11CreateDevice reference;
     * Wine's test_create_device records the latter on Windows). */
    switch (driver_type)
    {
        case D3D_DRIVER_TYPE_UNKNOWN:
            if (!adapter || software)
                return E_INVALIDARG;
            break;
        case D3D_DRIVER_TYPE_HARDWARE:
        case D3D_DRIVER_TYPE_WARP:
            if (adapter || software)
                return E_INVALIDARG;
            break;
        case D3D_DRIVER_TYPE_REFERENCE:
        case D3D_DRIVER_TYPE_NULL:
            if (adapter || software)
                return E_INVALIDARG;
            /* The reference rasterizer comes with the SDK layers. */
            if (!mockd3d12_d3d11_sdk_layers_present())
                return DXGI_ERROR_SDK_COMPONENT_MISSING;
            break;
        case D3D_DRIVER_TYPE_SOFTWARE:
            if (adapter || !software)
                return E_INVALIDARG;
            return DXGI_ERROR_UNSUPPORTED; /* the mock loads no rasterizer module */
        default:
            return E_INVALIDARG;
    }

    if ((flags & D3D11_CREATE_DEVICE_DEBUG) && !mockd3d12_d3d11_sdk_layers_present())
        return DXGI_ERROR_SDK_COMPONENT_MISSING;

    if (!levels)
    {
        levels = default_levels;
        level_count = sizeof(default_levels) / sizeof(default_levels[0]);
    }
    else if (!level_count)
        return E_INVALIDARG;
    /* A level the runtime does not know fails at once: 11_1 without the 11.1
     * runtime (the seed), 12_x before 11.3, 12_2 and anything else always. */
    for (i = 0; i < level_count; ++i)
    {
        if (!is_d3d11_level(levels[i]) || levels[i] > d3d11_runtime_max_level(runtime))
            return E_INVALIDARG;
    }

    if (FAILED(hr = d3d12_device_for(adapter, driver_type, &d3d12)))
        return hr;
    if (adapter_id)
        *adapter_id = d3d11_trace_adapter_id(d3d12);
    max = d3d11_d3d12_max_level(d3d12);
    if (max > d3d11_runtime_max_level(runtime))
        max = d3d11_runtime_max_level(runtime);
    for (i = 0; i < level_count; ++i)
    {
        if (levels[i] <= max)
        {
            chosen = levels[i];
            break;
        }
    }
    if (!chosen)
    {
        /* "The specified device interface or feature level is not supported
         * on this system" (DXGI_ERROR_UNSUPPORTED), as reported by Windows
         * users for FL 10.x GPUs asked for 11_0. */
        ID3D12Device_Release(d3d12);
        return DXGI_ERROR_UNSUPPORTED;
    }

    if (level_out)
        *level_out = chosen;
    if (!device_out && !context_out)
    {
        /* The probing idiom: S_FALSE, nothing created. */
        ID3D12Device_Release(d3d12);
        return S_FALSE;
    }

    desc = (struct d3d11_device_desc){.d3d12 = d3d12, .feature_level = chosen, .flags = flags, .runtime = runtime};
    if (SUCCEEDED(hr = d3d11_dxgi_adapter((IUnknown *)adapter, d3d12, &desc.adapter)))
    {
        hr = d3d11_device_create(&desc, &device);
        IDXGIAdapter_Release(desc.adapter);
    }
    ID3D12Device_Release(d3d12);
    if (FAILED(hr))
    {
        zero_outs(device_out, level_out, context_out);
        return hr;
    }
    d3d11_device_hand_out(device, device_out, context_out);
    return S_OK;
}

/* With MOCKD3D12_TRACE, the D3D12 device and queries behind the D3D11 device
 * are not recorded: its own record is (docs/trace.md). */
MK_EXPORT HRESULT WINAPI D3D11CreateDevice(IDXGIAdapter *adapter, D3D_DRIVER_TYPE driver_type, HMODULE software,
        UINT flags, const D3D_FEATURE_LEVEL *levels, UINT level_count, UINT sdk_version,
        ID3D11Device **device_out, D3D_FEATURE_LEVEL *level_out, ID3D11DeviceContext **context_out)
{
    D3D_FEATURE_LEVEL chosen = (D3D_FEATURE_LEVEL)0;
    const char *adapter_id = NULL;
    HRESULT hr;

    if (!mockd3d12_trace_enabled())
        return create_device(adapter, driver_type, software, flags, levels, level_count, sdk_version, device_out,
                level_out, context_out, NULL);
    mockd3d12_trace_suspend(TRUE);
    hr = create_device(adapter, driver_type, software, flags, levels, level_count, sdk_version, device_out,
            level_out ? level_out : &chosen, context_out, &adapter_id);
    mockd3d12_trace_suspend(FALSE);
    d3d11_trace_create_device("D3D11CreateDevice", driver_type, flags, levels, level_count, adapter_id,
            level_out ? *level_out : chosen, hr);
    return hr;
}

/* The swap chain of D3D11CreateDeviceAndSwapChain: made by the factory of
 * the device's adapter (IDXGIDevice::GetAdapter, IDXGIObject::GetParent),
 * as Microsoft documents the call to be equivalent to. */
static HRESULT create_device_swapchain(ID3D11Device *device, const DXGI_SWAP_CHAIN_DESC *desc,
        IDXGISwapChain **swapchain)
{
    DXGI_SWAP_CHAIN_DESC copy = *desc;
    IDXGIFactory *factory = NULL;
    IDXGIAdapter *adapter = NULL;
    IDXGIDevice *dxgi = NULL;
    HRESULT hr;

    if (SUCCEEDED(hr = ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void **)&dxgi))
            && SUCCEEDED(hr = IDXGIDevice_GetAdapter(dxgi, &adapter))
            && SUCCEEDED(hr = IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory, (void **)&factory)))
        hr = IDXGIFactory_CreateSwapChain(factory, (IUnknown *)device, &copy, swapchain);
    if (factory)
        IDXGIFactory_Release(factory);
    if (adapter)
        IDXGIAdapter_Release(adapter);
    if (dxgi)
        IDXGIDevice_Release(dxgi);
    return hr;
}

/* D3D11CreateDevice and, with `swapchain`, a swap chain on the new device:
 * NULL description → E_INVALIDARG and no window → DXGI_ERROR_INVALID_CALL
 * before any device is made (Wine's test_create_device); a refused swap
 * chain releases the device and clears every out pointer. */
MK_EXPORT HRESULT WINAPI D3D11CreateDeviceAndSwapChain(IDXGIAdapter *adapter, D3D_DRIVER_TYPE driver_type,
        HMODULE software, UINT flags, const D3D_FEATURE_LEVEL *levels, UINT level_count, UINT sdk_version,
        const DXGI_SWAP_CHAIN_DESC *swapchain_desc, IDXGISwapChain **swapchain, ID3D11Device **device_out,
        D3D_FEATURE_LEVEL *level_out, ID3D11DeviceContext **context_out)
{
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = NULL;
    D3D_FEATURE_LEVEL level;
    HRESULT hr;

    if (!swapchain)
        return D3D11CreateDevice(adapter, driver_type, software, flags, levels, level_count, sdk_version,
                device_out, level_out, context_out);
    *swapchain = NULL;
    zero_outs(device_out, level_out, context_out);
    if (!swapchain_desc)
        return E_INVALIDARG;
    if (!swapchain_desc->OutputWindow)
        return DXGI_ERROR_INVALID_CALL;
    if (FAILED(hr = D3D11CreateDevice(adapter, driver_type, software, flags, levels, level_count, sdk_version,
            &device, &level, &context)))
        return hr;
    if (FAILED(hr = create_device_swapchain(device, swapchain_desc, swapchain)))
    {
        ID3D11DeviceContext_Release(context);
        ID3D11Device_Release(device);
        return hr;
    }
    if (level_out)
        *level_out = level;
    if (context_out)
        *context_out = context;
    else
        ID3D11DeviceContext_Release(context);
    if (device_out)
        *device_out = device;
    else
        ID3D11Device_Release(device);
    return hr;
}

/* ---- D3D11On12CreateDevice ---- */

/* Our queues: the vtable of a queue the same D3D12 device creates (NULL when
 * it creates none; E_OUTOFMEMORY when it could not for lack of memory). */
static HRESULT d3d12_queue_vtbl(ID3D12Device *device, const void **vtbl)
{
    D3D12_COMMAND_QUEUE_DESC desc;
    ID3D12CommandQueue *queue;
    HRESULT hr;

    *vtbl = NULL;
    memset(&desc, 0, sizeof(desc));
    desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    if (FAILED(hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue)))
        return hr == E_OUTOFMEMORY ? hr : S_OK;
    *vtbl = queue->lpVtbl;
    ID3D12CommandQueue_Release(queue);
    return S_OK;
}

/* Validates one caller queue; returns it AddRef'd as ID3D12CommandQueue. */
static HRESULT check_queue(ID3D12Device *device, const void *vtbl, UINT node_mask, IUnknown *unknown,
        ID3D12CommandQueue **out)
{
    D3D12_COMMAND_QUEUE_DESC desc;
    ID3D12CommandQueue *queue;
    ID3D12Device *queue_device;
    HRESULT hr;

    *out = NULL;
    if (!unknown || FAILED(IUnknown_QueryInterface(unknown, &IID_ID3D12CommandQueue, (void **)&queue)))
        return E_INVALIDARG;
    if (!vtbl || (const void *)queue->lpVtbl != vtbl)
    {
        ID3D12CommandQueue_Release(queue);
        return E_INVALIDARG;
    }
#ifdef _WIN32
    ID3D12CommandQueue_GetDesc(queue, &desc);
#else
    desc = ID3D12CommandQueue_GetDesc(queue);
#endif
    if (desc.Type != D3D12_COMMAND_LIST_TYPE_DIRECT || (desc.NodeMask ? desc.NodeMask : 1) != node_mask)
    {
        ID3D12CommandQueue_Release(queue);
        return E_INVALIDARG;
    }
    if (FAILED(hr = ID3D12CommandQueue_GetDevice(queue, &IID_ID3D12Device, (void **)&queue_device)))
    {
        ID3D12CommandQueue_Release(queue);
        return E_INVALIDARG;
    }
    ID3D12Device_Release(queue_device);
    if (queue_device != device)
    {
        ID3D12CommandQueue_Release(queue);
        return E_INVALIDARG;
    }
    *out = queue;
    return S_OK;
}

#define D3D11ON12_MAX_QUEUES 64

/* NodeMask: "Only 1 bit may be set"; 0 means node 0; the node must exist. */
static HRESULT on12_node_mask(ID3D12Device *d3d12, UINT *node_mask)
{
    UINT nodes = ID3D12Device_GetNodeCount(d3d12);

    if (*node_mask & (*node_mask - 1))
        return E_INVALIDARG;
    if (!*node_mask)
        *node_mask = 1;
    /* (The shift only below 32 nodes: 1u << 32 is undefined.) */
    return nodes < 32 && *node_mask >= (1u << nodes) ? E_INVALIDARG : S_OK;
}

/* Queues: "unique queues ... of the 3D command queue type". Each one taken
 * is AddRef'd in queues[] and counted in *taken, whatever the result. */
static HRESULT on12_queues(ID3D12Device *d3d12, UINT node_mask, IUnknown *const *queue_unknowns, UINT queue_count,
        ID3D12CommandQueue **queues, UINT *taken)
{
    const void *vtbl = NULL;
    UINT i, j;
    HRESULT hr;

    *taken = 0;
    if ((queue_count && !queue_unknowns) || queue_count > D3D11ON12_MAX_QUEUES)
        return E_INVALIDARG;
    if (queue_count && FAILED(hr = d3d12_queue_vtbl(d3d12, &vtbl)))
        return hr;
    for (i = 0; i < queue_count; ++i)
    {
        if (FAILED(hr = check_queue(d3d12, vtbl, node_mask, queue_unknowns[i], &queues[i])))
            return hr;
        *taken = i + 1;
        for (j = 0; j < i; ++j)
        {
            if (queues[j] == queues[i])
                return E_INVALIDARG;
        }
    }
    return S_OK;
}

/* Feature levels: the first one <= the D3D12 device's level; NULL: that
 * level itself. 0 when none is. */
static D3D_FEATURE_LEVEL on12_level(ID3D12Device *d3d12, const D3D_FEATURE_LEVEL *levels, UINT level_count)
{
    D3D_FEATURE_LEVEL max = d3d11_d3d12_max_level(d3d12);
    UINT i;

    if (!levels)
        return max;
    for (i = 0; i < level_count; ++i)
    {
        if (!is_d3d11_level(levels[i]) && levels[i] != D3D_FEATURE_LEVEL_12_2)
            return (D3D_FEATURE_LEVEL)0;
    }
    for (i = 0; i < level_count; ++i)
    {
        if (levels[i] <= max)
            return levels[i];
    }
    return (D3D_FEATURE_LEVEL)0;
}

static HRESULT create_on12(IUnknown *device_unknown, UINT flags,
        const D3D_FEATURE_LEVEL *levels, UINT level_count, IUnknown *const *queue_unknowns, UINT queue_count,
        UINT node_mask, ID3D11Device **device_out, ID3D11DeviceContext **context_out, D3D_FEATURE_LEVEL *level_out,
        const char **adapter_id)
{
    ID3D12CommandQueue *queues[D3D11ON12_MAX_QUEUES];
    mockd3d12_d3d11_runtime runtime = d3d11_current_runtime();
    D3D_FEATURE_LEVEL chosen = (D3D_FEATURE_LEVEL)0;
    struct d3d11_device_desc desc;
    struct d3d11_device *device;
    ID3D12Device *d3d12 = NULL;
    UINT i, taken = 0;
    HRESULT hr;

    zero_outs(device_out, level_out, context_out);

    if (!runtime || !d3d11_env_valid())
        return E_INVALIDARG;
    /* pDevice: "a pre-existing Direct3D 12 device ... may not be NULL". */
    if (!device_unknown || FAILED(IUnknown_QueryInterface(device_unknown, &IID_ID3D12Device, (void **)&d3d12)))
        return E_INVALIDARG;
    if (adapter_id)
        *adapter_id = d3d11_trace_adapter_id(d3d12);
    /* 11on12 arrived with Windows 10 (the 11.3 runtime). */
    if (runtime < MOCKD3D12_D3D11_RUNTIME_11_3)
        hr = E_NOTIMPL;
    else if (FAILED(hr = on12_node_mask(d3d12, &node_mask)))
        ;
    else if ((flags & D3D11_CREATE_DEVICE_DEBUG) && !mockd3d12_d3d11_sdk_layers_present())
        hr = DXGI_ERROR_SDK_COMPONENT_MISSING;
    else if (FAILED(hr = on12_queues(d3d12, node_mask, queue_unknowns, queue_count, queues, &taken)))
        ;
    else if ((levels && !level_count) || !(chosen = on12_level(d3d12, levels, level_count)))
        hr = E_INVALIDARG;
    if (FAILED(hr))
        goto done;

    if (level_out)
        *level_out = chosen;
    if (!device_out && !context_out)
    {
        hr = S_FALSE;
        goto done;
    }
    desc = (struct d3d11_device_desc){.d3d12 = d3d12, .feature_level = chosen, .flags = flags, .runtime = runtime,
            .on12 = true, .node_mask = node_mask, .queues = queues, .queue_count = queue_count};
    if (FAILED(hr = d3d11_dxgi_adapter(NULL, d3d12, &desc.adapter)))
    {
        zero_outs(device_out, level_out, context_out);
        goto done;
    }
    hr = d3d11_device_create(&desc, &device);
    IDXGIAdapter_Release(desc.adapter);
    if (FAILED(hr))
    {
        zero_outs(device_out, level_out, context_out);
        goto done;
    }
    d3d11_device_hand_out(device, device_out, context_out);
    hr = S_OK;

done:
    for (i = 0; i < taken; ++i)
        ID3D12CommandQueue_Release(queues[i]);
    ID3D12Device_Release(d3d12);
    return hr;
}

MK_EXPORT HRESULT WINAPI D3D11On12CreateDevice(IUnknown *device_unknown, UINT flags,
        const D3D_FEATURE_LEVEL *levels, UINT level_count, IUnknown *const *queue_unknowns, UINT queue_count,
        UINT node_mask, ID3D11Device **device_out, ID3D11DeviceContext **context_out, D3D_FEATURE_LEVEL *level_out)
{
    D3D_FEATURE_LEVEL chosen = (D3D_FEATURE_LEVEL)0;
    const char *adapter_id = NULL;
    HRESULT hr;

    if (!mockd3d12_trace_enabled())
        return create_on12(device_unknown, flags, levels, level_count, queue_unknowns, queue_count, node_mask,
                device_out, context_out, level_out, NULL);
    mockd3d12_trace_suspend(TRUE);
    hr = create_on12(device_unknown, flags, levels, level_count, queue_unknowns, queue_count, node_mask,
            device_out, context_out, level_out ? level_out : &chosen, &adapter_id);
    mockd3d12_trace_suspend(FALSE);
    d3d11_trace_create_device("D3D11On12CreateDevice", D3D_DRIVER_TYPE_UNKNOWN, flags, levels, level_count,
            adapter_id, level_out ? *level_out : chosen, hr);
    return hr;
}
