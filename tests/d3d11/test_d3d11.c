/*
 * The mock D3D11 runtime (docs/d3d11.md), through the exported entry points
 * only: libd3d11.so + libd3d12.so + libdxgi.so, never mk_core. Rows citing
 * Windows come from Wine's dlls/d3d11/tests/d3d11.c (test_create_device,
 * test_get_immediate_context), which pass on Windows. D3D11CreateDevice and
 * D3D11On12CreateDevice, the runtime versions, formats, the DXGI device, the
 * contexts, the debug layer: the rows that choose an adapter, a runtime or a
 * machine through the control API. The objects' rows that need none of it
 * are the conformance suites beside this file (test_d3d11_resources.c,
 * _states.c, _views.c, _copy.c, _shaders.c, _pipeline.c, _clear.c).
 */
#define MK_TEST_D3D11
#include "mk_test.h"

#ifndef _WIN32
#include <dlfcn.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#else
#include <io.h> /* _dup, _dup2, _close: the debug output's capture */
#define dup _dup
#define dup2 _dup2
#define close _close
#endif
#include <stdatomic.h>

/* DXGI_FORMAT values up to A4B4G4R4_UNORM (191), gaps included. */
#define D3D11_FORMAT_VALUES_TESTED 192

static void reset(void)
{
    mockd3d12_reset();
    assert_int_equal(mockd3d12_set_d3d11_runtime(0), S_OK);
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(-1), S_OK);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

/* A fixture: the state a new process starts in. */
static int reset_fixture(void **state)
{
    (void)state;
    reset();
    return 0;
}

static IUnknown *adapter_object(const char *id)
{
    IUnknown *adapter = NULL;
    assert_int_equal(mockd3d12_get_adapter(id, &adapter), S_OK);
    return adapter;
}

static ID3D11Device *create_on(const char *id, const D3D_FEATURE_LEVEL *levels, UINT count)
{
    IUnknown *adapter = adapter_object(id);
    ID3D11Device *device = NULL;
    HRESULT hr = D3D11CreateDevice((IDXGIAdapter *)adapter, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0, levels, count,
            D3D11_SDK_VERSION, &device, NULL, NULL);

    IUnknown_Release(adapter);
    assert_int_equal(hr, S_OK);
    return device;
}

/* ---- D3D11CreateDevice: the argument matrix ---- */

enum adapter_arg { NO_ADAPTER, MOCK_ADAPTER, DXGI_ADAPTER, NOT_AN_ADAPTER };

static const D3D_FEATURE_LEVEL levels_seed[] = {FL(11, 1), FL(11, 0), FL(10, 1), FL(10, 0), FL(9, 3), FL(9, 2), FL(9, 1)};
static const D3D_FEATURE_LEVEL levels_12[] = {FL(12, 1), FL(12, 0), FL(11, 1), FL(11, 0)};
static const D3D_FEATURE_LEVEL levels_12_2[] = {D3D_FEATURE_LEVEL_12_2, FL(11, 0)};
static const D3D_FEATURE_LEVEL levels_low[] = {FL(10, 0), FL(9, 3)};
static const D3D_FEATURE_LEVEL levels_bogus[] = {FL(11, 0), (D3D_FEATURE_LEVEL)0x1234};
static const D3D_FEATURE_LEVEL levels_core[] = {D3D_FEATURE_LEVEL_1_0_CORE};

static const struct create_row
{
    const char *name;
    const char *adapter_id;     /* default adapter (MOCKD3D12_ADAPTER) and pAdapter */
    enum adapter_arg adapter;
    D3D_DRIVER_TYPE type;
    BOOL software;
    UINT flags;
    const D3D_FEATURE_LEVEL *levels;
    UINT count;
    UINT sdk_version;
    mockd3d12_d3d11_runtime runtime;
    int sdk_layers;
    HRESULT hr;
    D3D_FEATURE_LEVEL level;
}
create_rows[] =
{
    {"null array: 11_0, never 11_1", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, NULL, 0, 7, 0, -1, S_OK, FL(11, 0)},
    {"seed array: 11_1", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_seed, 7, 7, 0, -1, S_OK, FL(11, 1)},
    {"seed array on 11.0: E_INVALIDARG", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_seed, 7, 7, MOCKD3D12_D3D11_RUNTIME_11_0, -1, E_INVALIDARG, 0},
    {"seed array without 11_1 on 11.0", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_seed + 1, 6, 7, MOCKD3D12_D3D11_RUNTIME_11_0, -1, S_OK, FL(11, 0)},
    {"seed array on 11.1", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_seed, 7, 7, MOCKD3D12_D3D11_RUNTIME_11_1, -1, S_OK, FL(11, 1)},
    {"12_x levels on 11.4", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_12, 4, 7, 0, -1, S_OK, FL(12, 1)},
    {"12_x levels on 11.2", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_12, 4, 7, MOCKD3D12_D3D11_RUNTIME_11_2, -1, E_INVALIDARG, 0},
    {"12_x levels on a 12_0 adapter", "amd-rx-580", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_12, 4, 7, 0, -1, S_OK, FL(12, 0)},
    {"12_x levels on an 11_0 adapter", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_12, 4, 7, 0, -1, S_OK, FL(11, 0)},
    {"seed array on an 11_0 adapter", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_seed, 7, 7, 0, -1, S_OK, FL(11, 0)},
    {"only 12_x on an 11_0 adapter: unsupported", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_12, 2, 7, 0, -1, DXGI_ERROR_UNSUPPORTED, 0},
    {"12_2 is Direct3D 12 only", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_12_2, 2, 7, 0, -1, E_INVALIDARG, 0},
    {"1_0_CORE is Direct3D 12 only", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_core, 1, 7, 0, -1, E_INVALIDARG, 0},
    {"unknown level value", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_bogus, 2, 7, 0, -1, E_INVALIDARG, 0},
    {"low levels: first listed", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_low, 2, 7, 0, -1, S_OK, FL(10, 0)},
    {"array with count 0", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, levels_seed, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"wrong SDK version", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, NULL, 0, 6, 0, -1, E_INVALIDARG, 0},
    {"UNKNOWN without adapter", "nvidia-rtx-4090", NO_ADAPTER, D3D_DRIVER_TYPE_UNKNOWN, FALSE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"UNKNOWN with our adapter", "amd-rx-580", MOCK_ADAPTER, D3D_DRIVER_TYPE_UNKNOWN, FALSE, 0, levels_12, 4, 7, 0, -1, S_OK, FL(12, 0)},
    {"UNKNOWN with a DXGI adapter", "amd-rx-580", DXGI_ADAPTER, D3D_DRIVER_TYPE_UNKNOWN, FALSE, 0, levels_12, 4, 7, 0, -1, S_OK, FL(12, 0)},
    {"UNKNOWN with a foreign object", "amd-rx-580", NOT_AN_ADAPTER, D3D_DRIVER_TYPE_UNKNOWN, FALSE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"HARDWARE with an adapter", "amd-rx-580", MOCK_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"WARP with an adapter", "amd-rx-580", MOCK_ADAPTER, D3D_DRIVER_TYPE_WARP, FALSE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"WARP", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_WARP, FALSE, 0, levels_12, 4, 7, 0, -1, S_OK, FL(12, 1)},
    {"REFERENCE with SDK layers", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_REFERENCE, FALSE, 0, NULL, 0, 7, 0, 1, S_OK, FL(11, 0)},
    {"REFERENCE without SDK layers", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_REFERENCE, FALSE, 0, NULL, 0, 7, 0, 0, DXGI_ERROR_SDK_COMPONENT_MISSING, 0},
    {"NULL driver without SDK layers", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_NULL, FALSE, 0, NULL, 0, 7, 0, 0, DXGI_ERROR_SDK_COMPONENT_MISSING, 0},
    {"SOFTWARE without module", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_SOFTWARE, FALSE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"SOFTWARE with a module", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_SOFTWARE, TRUE, 0, NULL, 0, 7, 0, -1, DXGI_ERROR_UNSUPPORTED, 0},
    {"HARDWARE with a module", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, TRUE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"unknown driver type", "fl11-minimal", NO_ADAPTER, (D3D_DRIVER_TYPE)0x7fffffff, FALSE, 0, NULL, 0, 7, 0, -1, E_INVALIDARG, 0},
    {"DEBUG with SDK layers", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, D3D11_CREATE_DEVICE_DEBUG, NULL, 0, 7, 0, 1, S_OK, FL(11, 0)},
    {"DEBUG without SDK layers", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, D3D11_CREATE_DEVICE_DEBUG, NULL, 0, 7, 0, 0, DXGI_ERROR_SDK_COMPONENT_MISSING, 0},
    {"BGRA flag", "fl11-minimal", NO_ADAPTER, D3D_DRIVER_TYPE_HARDWARE, FALSE, D3D11_CREATE_DEVICE_BGRA_SUPPORT, NULL, 0, 7, 0, -1, S_OK, FL(11, 0)},
};

static IUnknown *make_adapter_arg(const struct create_row *row, IDXGIFactory1 **factory)
{
    IDXGIAdapter1 *dxgi_adapter;
    const char *ids[1];

    *factory = NULL;
    switch (row->adapter)
    {
        case MOCK_ADAPTER:
            return adapter_object(row->adapter_id);
        case DXGI_ADAPTER:
            ids[0] = row->adapter_id;
            assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
            assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)factory), S_OK);
            assert_int_equal(IDXGIFactory1_EnumAdapters1(*factory, 0, &dxgi_adapter), S_OK);
            return (IUnknown *)dxgi_adapter;
        case NOT_AN_ADAPTER:
        {
            IDXGIFactory1 *f;
            assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&f), S_OK);
            return (IUnknown *)f; /* a COM object, but no adapter */
        }
        default:
            return NULL;
    }
}

static void test_create_matrix(void **state)
{
    struct row_failures failures = {0};
    unsigned i, pass;
    char name[160];

    (void)state;
    for (i = 0; i < ARRAY_SIZE(create_rows); ++i)
    {
        const struct create_row *row = &create_rows[i];

        for (pass = 0; pass < 2; ++pass) /* 0: probe (ppDevice NULL), 1: create */
        {
            ID3D11DeviceContext *context = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
            ID3D11Device *device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
            D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)0xdeadbeef;
            IDXGIFactory1 *factory;
            IUnknown *adapter;
            HRESULT hr, expected;

            reset();
            assert_int_equal(mockd3d12_select_adapter(row->adapter_id), S_OK);
            assert_int_equal(mockd3d12_set_d3d11_runtime(row->runtime), S_OK);
            assert_int_equal(mockd3d12_set_d3d11_sdk_layers(row->sdk_layers), S_OK);
            adapter = make_adapter_arg(row, &factory);
            hr = D3D11CreateDevice((IDXGIAdapter *)adapter, row->type,
                    row->software ? (HMODULE)(uintptr_t)0x1000 : NULL, row->flags, row->levels, row->count,
                    row->sdk_version, pass ? &device : NULL, &level, pass ? &context : NULL);
            expected = row->hr == S_OK && !pass ? S_FALSE : row->hr;
            snprintf(name, sizeof(name), "%s, %s", row->name, pass ? "create" : "probe");
            if (hr != expected || level != row->level)
                row_fail(&failures, i, name, "hr %#x level %#x, expected %#x level %#x", (unsigned)hr,
                        (unsigned)level, (unsigned)expected, (unsigned)row->level);
            if (pass && SUCCEEDED(hr))
            {
                ID3D11Device *context_device = NULL;
                ULONG refs;

                if (!device || !context)
                {
                    /* Nothing to check or release: the row stops here. */
                    row_fail(&failures, i, name, "device %p context %p", (void *)device, (void *)context);
                    device = NULL;
                    context = NULL;
                }
                else
                {
                    if (ID3D11Device_GetFeatureLevel(device) != row->level
                            || ID3D11Device_GetCreationFlags(device) != row->flags)
                        row_fail(&failures, i, name, "bad device: level %#x flags %#x",
                                (unsigned)ID3D11Device_GetFeatureLevel(device), ID3D11Device_GetCreationFlags(device));
                    ID3D11DeviceContext_GetDevice(context, &context_device);
                    if (context_device != device)
                        row_fail(&failures, i, name, "the context's device is %p, not %p", (void *)context_device,
                                (void *)device);
                    if (context_device)
                        ID3D11Device_Release(context_device);
                    if ((refs = ID3D11DeviceContext_Release(context)) != 0)
                        row_fail(&failures, i, name, "context Release: %u references left", (unsigned)refs);
                    if ((refs = ID3D11Device_Release(device)) != 0)
                        row_fail(&failures, i, name, "device Release: %u references left", (unsigned)refs);
                }
            }
            else if (pass && (device || context))
                row_fail(&failures, i, name, "out pointers not cleared on failure");
            if (adapter)
                IUnknown_Release(adapter);
            if (factory)
                IDXGIFactory1_Release(factory);
        }
    }
    reset();
    rows_done(&failures);
}

/* Wine's test_create_device: all out pointers NULL -> S_FALSE; only the
 * context -> S_OK, the context (refcount 1) keeps the device alive. */
static void test_probe_and_context_lifetime(void **state)
{
    ID3D11DeviceContext *context, *context2;
    D3D_FEATURE_LEVEL level;
    ID3D11Device *device;
    HRESULT hr;

    (void)state;
    reset();
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, NULL, NULL, NULL);
    assert_int_equal(hr, S_FALSE);
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, NULL, &level, NULL);
    assert_int_equal(hr, S_FALSE);
    assert_int_equal(level, FL(11, 0));

    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, NULL, NULL, &context);
    assert_int_equal(hr, S_OK);
    assert_int_equal(get_refcount(context), 1);
    ID3D11DeviceContext_GetDevice(context, &device);
    assert_int_equal(ID3D11Device_Release(device), 1);
    assert_int_equal(ID3D11DeviceContext_GetType(context), D3D11_DEVICE_CONTEXT_IMMEDIATE);
    assert_int_equal(ID3D11DeviceContext_Release(context), 0);

    /* test_get_immediate_context: one object, one device reference. */
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device, NULL, NULL);
    assert_int_equal(hr, S_OK);
    assert_int_equal(get_refcount(device), 1);
    ID3D11Device_GetImmediateContext(device, &context);
    assert_int_equal(get_refcount(device), 2);
    ID3D11Device_GetImmediateContext(device, &context2);
    assert_ptr_equal(context, context2);
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(ID3D11DeviceContext_Release(context2), 1);
    assert_int_equal(ID3D11DeviceContext_Release(context), 0);
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

static void test_create_device_and_swapchain(void **state)
{
    DXGI_SWAP_CHAIN_DESC desc;
    IDXGISwapChain *swapchain;
    ID3D11DeviceContext *context;
    D3D_FEATURE_LEVEL level;
    ID3D11Device *device;
    HRESULT hr;

    (void)state;
    reset();
    memset(&desc, 0, sizeof(desc));
    desc.BufferDesc.Width = 800;
    desc.BufferDesc.Height = 600;
    desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 1;
    desc.Windowed = TRUE;

    /* No swap chain asked for: as D3D11CreateDevice. */
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
            &desc, NULL, NULL, &level, NULL);
    assert_int_equal(hr, S_FALSE);
    assert_int_equal(level, FL(11, 0));
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
            NULL, NULL, &device, NULL, NULL);
    assert_int_equal(hr, S_OK);
    assert_int_equal(ID3D11Device_Release(device), 0);

    /* A swap chain without a window: DXGI_ERROR_INVALID_CALL, every out cleared. */
    swapchain = (IDXGISwapChain *)(uintptr_t)0xdeadbeef;
    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    context = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
    level = (D3D_FEATURE_LEVEL)0xdeadbeef;
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
            &desc, &swapchain, &device, &level, &context);
    assert_int_equal(hr, DXGI_ERROR_INVALID_CALL);
    assert_null(swapchain);
    assert_null(device);
    assert_null(context);
    assert_int_equal(level, 0);

    /* With a window: a DISCARD swap chain of one buffer on the new device
     * (tests/d3d11/test_d3d11_swapchain.c has its rules). On Linux any
     * non-zero HWND is a window; the Windows build asks for a real one, which
     * Wine without a display may not make (then this part is skipped). */
#ifdef _WIN32
    desc.OutputWindow = CreateWindowA("STATIC", "mockd3d12", WS_OVERLAPPEDWINDOW, 0, 0, 800, 600, NULL, NULL, NULL,
            NULL);
    if (!desc.OutputWindow)
        print_message("no window (no display): the swap chain with a window is not tried\n");
#else
    desc.OutputWindow = (HWND)(uintptr_t)0x1234;
#endif
    if (desc.OutputWindow)
    {
        hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                &desc, &swapchain, &device, &level, &context);
        assert_int_equal(hr, S_OK);
        assert_non_null(swapchain);
        assert_non_null(device);
        assert_non_null(context);
        assert_int_equal(level, FL(11, 0));
        assert_int_equal(IDXGISwapChain_Release(swapchain), 0);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);

        /* Only the swap chain asked for: the device lives on in it. */
        swapchain = NULL;
        hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                &desc, &swapchain, NULL, NULL, NULL);
        assert_int_equal(hr, S_OK);
        assert_non_null(swapchain);
        device = NULL;
        assert_int_equal(IDXGISwapChain_GetDevice(swapchain, &IID_ID3D11Device, (void **)&device), S_OK);
        assert_non_null(device);
        ID3D11Device_Release(device);
        assert_int_equal(IDXGISwapChain_Release(swapchain), 0);

        /* A swap chain the new device refuses (no buffers): its error, the
         * device released, every out cleared. */
        desc.BufferCount = 0;
        swapchain = (IDXGISwapChain *)(uintptr_t)0xdeadbeef;
        device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
        context = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
        level = (D3D_FEATURE_LEVEL)0xdeadbeef;
        hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                &desc, &swapchain, &device, &level, &context);
        assert_int_equal(hr, DXGI_ERROR_INVALID_CALL);
        assert_null(swapchain);
        assert_null(device);
        assert_null(context);
        assert_int_equal(level, 0);
        desc.BufferCount = 1;
#ifdef _WIN32
        DestroyWindow(desc.OutputWindow);
#endif
    }

    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
            NULL, &swapchain, &device, &level, &context);
    assert_int_equal(hr, E_INVALIDARG);
}

/* ---- Runtime versions: interfaces and features ---- */

static void test_runtime_interfaces(void **state)
{
    static const struct
    {
        const IID *iid;
        const char *name;
        mockd3d12_d3d11_runtime since;
        BOOL context;
    }
    rows[] =
    {
        {&IID_ID3D11Device, "ID3D11Device", MOCKD3D12_D3D11_RUNTIME_11_0, FALSE},
        {&IID_ID3D11Device1, "ID3D11Device1", MOCKD3D12_D3D11_RUNTIME_11_1, FALSE},
        {&IID_ID3D11Device2, "ID3D11Device2", MOCKD3D12_D3D11_RUNTIME_11_2, FALSE},
        {&IID_ID3D11Device3, "ID3D11Device3", MOCKD3D12_D3D11_RUNTIME_11_3, FALSE},
        {&IID_ID3D11Device4, "ID3D11Device4", MOCKD3D12_D3D11_RUNTIME_11_4, FALSE},
        {&IID_ID3D11Device5, "ID3D11Device5", MOCKD3D12_D3D11_RUNTIME_11_4, FALSE},
        {&IID_ID3D11On12Device, "ID3D11On12Device", 0x7fffffff, FALSE},
        {&IID_ID3D12Device, "ID3D12Device", 0x7fffffff, FALSE},
        {&IID_ID3D11DeviceContext, "ID3D11DeviceContext", MOCKD3D12_D3D11_RUNTIME_11_0, TRUE},
        {&IID_ID3D11DeviceContext1, "ID3D11DeviceContext1", MOCKD3D12_D3D11_RUNTIME_11_1, TRUE},
        {&IID_ID3D11DeviceContext2, "ID3D11DeviceContext2", MOCKD3D12_D3D11_RUNTIME_11_2, TRUE},
        {&IID_ID3D11DeviceContext3, "ID3D11DeviceContext3", MOCKD3D12_D3D11_RUNTIME_11_3, TRUE},
        {&IID_ID3D11DeviceContext4, "ID3D11DeviceContext4", MOCKD3D12_D3D11_RUNTIME_11_4, TRUE},
        {&IID_ID3D11DeviceChild, "ID3D11DeviceChild", MOCKD3D12_D3D11_RUNTIME_11_0, TRUE},
        {&IID_ID3D11Multithread, "ID3D11Multithread", MOCKD3D12_D3D11_RUNTIME_11_0, TRUE},
        {&IID_IDXGIObject, "IDXGIObject", MOCKD3D12_D3D11_RUNTIME_11_0, FALSE},
        {&IID_IDXGIDevice, "IDXGIDevice", MOCKD3D12_D3D11_RUNTIME_11_0, FALSE},
        {&IID_IDXGIDevice1, "IDXGIDevice1", MOCKD3D12_D3D11_RUNTIME_11_0, FALSE},
        {&IID_IDXGIDevice2, "IDXGIDevice2", MOCKD3D12_D3D11_RUNTIME_11_1, FALSE},
        {&IID_IDXGIDevice3, "IDXGIDevice3", MOCKD3D12_D3D11_RUNTIME_11_2, FALSE},
        {&IID_IDXGIDevice4, "IDXGIDevice4", MOCKD3D12_D3D11_RUNTIME_11_3, FALSE},
    };
    static const mockd3d12_d3d11_runtime runtimes[] =
    {
        MOCKD3D12_D3D11_RUNTIME_11_0, MOCKD3D12_D3D11_RUNTIME_11_1, MOCKD3D12_D3D11_RUNTIME_11_2,
        MOCKD3D12_D3D11_RUNTIME_11_3, MOCKD3D12_D3D11_RUNTIME_11_4,
    };
    struct row_failures failures = {0};
    unsigned r, i;
    char name[96];

    (void)state;
    for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
    {
        ID3D11DeviceContext *context;
        ID3D11Device *device;

        reset();
        assert_int_equal(mockd3d12_set_d3d11_runtime(runtimes[r]), S_OK);
        assert_int_equal(mockd3d12_get_d3d11_runtime(), runtimes[r]);
        assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                &device, NULL, &context), S_OK);
        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            IUnknown *object = rows[i].context ? (IUnknown *)context : (IUnknown *)device, *out = NULL;
            HRESULT expected = runtimes[r] >= rows[i].since ? S_OK : E_NOINTERFACE;
            HRESULT hr = IUnknown_QueryInterface(object, rows[i].iid, (void **)&out);

            snprintf(name, sizeof(name), "runtime %#x, %s", runtimes[r], rows[i].name);
            if (hr != expected)
                row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)expected);
            if (SUCCEEDED(hr))
            {
                if (out)
                    IUnknown_Release(out);
                else
                    row_fail(&failures, i, name, "hr %#x but no interface", (unsigned)hr);
            }
            else if (out)
            {
                row_fail(&failures, i, name, "out pointer not cleared on failure");
            }
        }
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
    reset();
    assert_int_equal(mockd3d12_set_d3d11_runtime((mockd3d12_d3d11_runtime)0x0b05), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_d3d11_runtime(), MOCKD3D12_D3D11_RUNTIME_11_4);
    rows_done(&failures);
}

static void test_runtime_env(void **state)
{
    static const struct
    {
        const char *value;
        mockd3d12_d3d11_runtime runtime;
    }
    rows[] =
    {
        {"11.0", MOCKD3D12_D3D11_RUNTIME_11_0},
        {"11.2", MOCKD3D12_D3D11_RUNTIME_11_2},
        {"11.4", MOCKD3D12_D3D11_RUNTIME_11_4},
        {"11.5", 0},
        {"eleven", 0},
    };
    struct row_failures failures = {0};
    unsigned i;
    char name[64];

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11Device *device = NULL;
        HRESULT hr, expected = rows[i].runtime ? S_OK : E_INVALIDARG;

        reset();
        snprintf(name, sizeof(name), "MOCKD3D12_D3D11_RUNTIME=%s", rows[i].value);
        test_setenv("MOCKD3D12_D3D11_RUNTIME", rows[i].value);
        if (mockd3d12_get_d3d11_runtime() != rows[i].runtime)
            row_fail(&failures, i, name, "runtime %#x, expected %#x", mockd3d12_get_d3d11_runtime(), rows[i].runtime);
        hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
                NULL, NULL);
        if (hr != expected)
            row_fail(&failures, i, name, "D3D11CreateDevice: %#x, expected %#x", (unsigned)hr, (unsigned)expected);
        if (device)
            ID3D11Device_Release(device);
        /* The control API wins over the environment. */
        if ((hr = mockd3d12_set_d3d11_runtime(MOCKD3D12_D3D11_RUNTIME_11_1)) != S_OK)
            row_fail(&failures, i, name, "set_d3d11_runtime(11.1): %#x", (unsigned)hr);
        else if (mockd3d12_get_d3d11_runtime() != MOCKD3D12_D3D11_RUNTIME_11_1)
            row_fail(&failures, i, name, "runtime %#x after set_d3d11_runtime(11.1)", mockd3d12_get_d3d11_runtime());
        test_unsetenv("MOCKD3D12_D3D11_RUNTIME");
    }
    reset();
    test_setenv("MOCKD3D12_D3D11_SDK_LAYERS", "0");
    assert_false(mockd3d12_d3d11_sdk_layers_present());
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(1), S_OK);
    assert_true(mockd3d12_d3d11_sdk_layers_present());
    test_unsetenv("MOCKD3D12_D3D11_SDK_LAYERS");
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(2), E_INVALIDARG);
    reset();
    /* A value other than 0 and 1 is a mistake: device creation fails (the
     * reason on stderr) unless the control API has chosen. */
    {
        ID3D11Device *device = (ID3D11Device *)(uintptr_t)0xdeadbeef;

        test_setenv("MOCKD3D12_D3D11_SDK_LAYERS", "7");
        assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                &device, NULL, NULL), E_INVALIDARG);
        assert_null(device);
        assert_int_equal(mockd3d12_set_d3d11_sdk_layers(1), S_OK);
        assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                &device, NULL, NULL), S_OK);
        ID3D11Device_Release(device);
        test_setenv("MOCKD3D12_D3D11_SDK_LAYERS", "1");
        assert_int_equal(mockd3d12_set_d3d11_sdk_layers(-1), S_OK);
        assert_true(mockd3d12_d3d11_sdk_layers_present());
        test_unsetenv("MOCKD3D12_D3D11_SDK_LAYERS");
    }
    reset();
    rows_done(&failures);
}

/* ---- CheckFeatureSupport ---- */

static const struct feature_row
{
    D3D11_FEATURE feature;
    const char *name;
    UINT size;
    mockd3d12_d3d11_runtime since;
}
feature_rows[] =
{
    {D3D11_FEATURE_THREADING, "THREADING", sizeof(D3D11_FEATURE_DATA_THREADING), MOCKD3D12_D3D11_RUNTIME_11_0},
    {D3D11_FEATURE_DOUBLES, "DOUBLES", sizeof(D3D11_FEATURE_DATA_DOUBLES), MOCKD3D12_D3D11_RUNTIME_11_0},
    {D3D11_FEATURE_FORMAT_SUPPORT, "FORMAT_SUPPORT", sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT), MOCKD3D12_D3D11_RUNTIME_11_0},
    {D3D11_FEATURE_FORMAT_SUPPORT2, "FORMAT_SUPPORT2", sizeof(D3D11_FEATURE_DATA_FORMAT_SUPPORT2), MOCKD3D12_D3D11_RUNTIME_11_0},
    {D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, "D3D10_X_HARDWARE_OPTIONS", sizeof(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS), MOCKD3D12_D3D11_RUNTIME_11_0},
    {D3D11_FEATURE_D3D11_OPTIONS, "D3D11_OPTIONS", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS), MOCKD3D12_D3D11_RUNTIME_11_1},
    {D3D11_FEATURE_ARCHITECTURE_INFO, "ARCHITECTURE_INFO", sizeof(D3D11_FEATURE_DATA_ARCHITECTURE_INFO), MOCKD3D12_D3D11_RUNTIME_11_1},
    {D3D11_FEATURE_D3D9_OPTIONS, "D3D9_OPTIONS", sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS), MOCKD3D12_D3D11_RUNTIME_11_1},
    {D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT, "SHADER_MIN_PRECISION_SUPPORT", sizeof(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT), MOCKD3D12_D3D11_RUNTIME_11_1},
    {D3D11_FEATURE_D3D9_SHADOW_SUPPORT, "D3D9_SHADOW_SUPPORT", sizeof(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT), MOCKD3D12_D3D11_RUNTIME_11_1},
    {D3D11_FEATURE_D3D11_OPTIONS1, "D3D11_OPTIONS1", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS1), MOCKD3D12_D3D11_RUNTIME_11_2},
    {D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, "D3D9_SIMPLE_INSTANCING_SUPPORT", sizeof(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT), MOCKD3D12_D3D11_RUNTIME_11_2},
    {D3D11_FEATURE_MARKER_SUPPORT, "MARKER_SUPPORT", sizeof(D3D11_FEATURE_DATA_MARKER_SUPPORT), MOCKD3D12_D3D11_RUNTIME_11_2},
    {D3D11_FEATURE_D3D9_OPTIONS1, "D3D9_OPTIONS1", sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS1), MOCKD3D12_D3D11_RUNTIME_11_2},
    {D3D11_FEATURE_D3D11_OPTIONS2, "D3D11_OPTIONS2", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2), MOCKD3D12_D3D11_RUNTIME_11_3},
    {D3D11_FEATURE_D3D11_OPTIONS3, "D3D11_OPTIONS3", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS3), MOCKD3D12_D3D11_RUNTIME_11_3},
    {D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, "GPU_VIRTUAL_ADDRESS_SUPPORT", sizeof(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT), MOCKD3D12_D3D11_RUNTIME_11_3},
    {D3D11_FEATURE_D3D11_OPTIONS4, "D3D11_OPTIONS4", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS4), MOCKD3D12_D3D11_RUNTIME_11_4},
    {D3D11_FEATURE_SHADER_CACHE, "SHADER_CACHE", sizeof(D3D11_FEATURE_DATA_SHADER_CACHE), MOCKD3D12_D3D11_RUNTIME_11_4},
    {D3D11_FEATURE_D3D11_OPTIONS5, "D3D11_OPTIONS5", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS5), MOCKD3D12_D3D11_RUNTIME_11_4},
    {MOCKD3D12_D3D11_FEATURE_DISPLAYABLE, "DISPLAYABLE", sizeof(MOCKD3D12_D3D11_FEATURE_DATA_DISPLAYABLE), MOCKD3D12_D3D11_RUNTIME_11_4},
};

static void test_check_feature_validation(void **state)
{
    static const mockd3d12_d3d11_runtime runtimes[] =
    {
        MOCKD3D12_D3D11_RUNTIME_11_0, MOCKD3D12_D3D11_RUNTIME_11_1, MOCKD3D12_D3D11_RUNTIME_11_2,
        MOCKD3D12_D3D11_RUNTIME_11_3, MOCKD3D12_D3D11_RUNTIME_11_4,
    };
    struct row_failures failures = {0};
    unsigned char buffer[128], canary[128];
    unsigned r, i;
    char name[96];

    (void)state;
    memset(canary, 0xa5, sizeof(canary));
    for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
    {
        ID3D11Device *device;

        reset();
        assert_int_equal(mockd3d12_set_d3d11_runtime(runtimes[r]), S_OK);
        device = create_on("nvidia-rtx-4090", NULL, 0);
        for (i = 0; i < ARRAY_SIZE(feature_rows); ++i)
        {
            const struct feature_row *row = &feature_rows[i];
            HRESULT expected = runtimes[r] >= row->since ? S_OK : E_INVALIDARG, hr;
            D3D11_FEATURE_DATA_FORMAT_SUPPORT *format = (void *)buffer;

            memset(buffer, 0xa5, sizeof(buffer));
            format->InFormat = DXGI_FORMAT_R8G8B8A8_UNORM;
            snprintf(name, sizeof(name), "runtime %#x, %s", runtimes[r], row->name);
            hr = ID3D11Device_CheckFeatureSupport(device, row->feature, buffer, row->size);
            if (hr != expected)
                row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)expected);
            /* Wrong sizes and NULL: E_INVALIDARG, buffer untouched. */
            memset(buffer, 0xa5, sizeof(buffer));
            if (ID3D11Device_CheckFeatureSupport(device, row->feature, buffer, row->size + 1) != E_INVALIDARG
                    || ID3D11Device_CheckFeatureSupport(device, row->feature, buffer, row->size - 1) != E_INVALIDARG
                    || ID3D11Device_CheckFeatureSupport(device, row->feature, NULL, row->size) != E_INVALIDARG
                    || memcmp(buffer, canary, sizeof(buffer)))
                row_fail(&failures, i, name, "wrong sizes accepted or buffer written");
        }
        /* Unknown features. */
        memset(buffer, 0xa5, sizeof(buffer));
        assert_int_equal(ID3D11Device_CheckFeatureSupport(device, (D3D11_FEATURE)21, buffer, 4), E_INVALIDARG);
        assert_int_equal(ID3D11Device_CheckFeatureSupport(device, (D3D11_FEATURE)0x7fffffff, buffer, 4), E_INVALIDARG);
        assert_memory_equal(buffer, canary, sizeof(buffer));
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
    reset();
    rows_done(&failures);
}

/* What the D3D12 device of the same adapter says. */
static UINT d3d12_u32(ID3D12Device *device, D3D12_FEATURE feature, void *data, UINT size, size_t offset)
{
    UINT v;
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, feature, data, size), S_OK);
    memcpy(&v, (char *)data + offset, sizeof(v));
    return v;
}

/* CheckFeatureSupport into `data`; a failure is recorded as row `index` (`name`),
 * whose check of the answer is then skipped. */
static int feature11(struct row_failures *f, unsigned index, const char *name, ID3D11Device *device,
        const char *what, D3D11_FEATURE feature, void *data, UINT size)
{
    HRESULT hr = ID3D11Device_CheckFeatureSupport(device, feature, data, size);

    if (hr != S_OK)
        row_fail(f, index, name, "%s: CheckFeatureSupport: %#x", what, (unsigned)hr);
    return hr == S_OK;
}

/* Every rule of data/d3d11-mapping.tsv that reads a D3D12 value, checked
 * against the D3D12 answer on every registered adapter, at 11_0 and at 10_0
 * (where the rules gated on 11_0 give 0). */
static void test_mapping_rules(void **state)
{
    static const D3D_FEATURE_LEVEL at_11_0[] = {FL(11, 0)}, at_10_0[] = {FL(10, 0)};
    UINT a, count = mockd3d12_adapter_count();
    struct row_failures failures = {0};

    (void)state;
    reset();
    for (a = 0; a < count; ++a)
    {
        const char *id = mockd3d12_adapter_id(a);
        D3D12_FEATURE_DATA_D3D12_OPTIONS o12;
        D3D12_FEATURE_DATA_ARCHITECTURE arch;
        D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT va12;
        D3D12_FEATURE_DATA_SHADER_CACHE cache12;
        D3D11_FEATURE_DATA_D3D11_OPTIONS o;
        D3D11_FEATURE_DATA_D3D11_OPTIONS1 o1;
        D3D11_FEATURE_DATA_D3D11_OPTIONS2 o2;
        D3D11_FEATURE_DATA_DOUBLES doubles;
        D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT minp;
        D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT va;
        D3D11_FEATURE_DATA_SHADER_CACHE cache;
        D3D11_FEATURE_DATA_ARCHITECTURE_INFO ai;
        ID3D11Device *device, *device10;
        IUnknown *adapter;
        ID3D12Device *d3d12;
        UINT tiled;
        HRESULT hr;

        adapter = adapter_object(id);
        hr = D3D12CreateDevice(adapter, FL(11, 0), &IID_ID3D12Device, (void **)&d3d12);
        IUnknown_Release(adapter);
        if (hr != S_OK)
        {
            row_fail(&failures, a, id, "D3D12CreateDevice: %#x", (unsigned)hr);
            continue;
        }
        memset(&arch, 0, sizeof(arch));
        d3d12_u32(d3d12, D3D12_FEATURE_D3D12_OPTIONS, &o12, sizeof(o12), 0);
        d3d12_u32(d3d12, D3D12_FEATURE_ARCHITECTURE, &arch, sizeof(arch), 0);
        d3d12_u32(d3d12, D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, &va12, sizeof(va12), 0);
        d3d12_u32(d3d12, D3D12_FEATURE_SHADER_CACHE, &cache12, sizeof(cache12), 0);
        tiled = o12.TiledResourcesTier > 3 ? 3 : (UINT)o12.TiledResourcesTier;

        device = create_on(id, at_11_0, 1);
        device10 = create_on(id, at_10_0, 1);
        if (feature11(&failures, a, id, device, "DOUBLES", D3D11_FEATURE_DOUBLES, &doubles, sizeof(doubles))
                && (doubles.DoublePrecisionFloatShaderOps != o12.DoublePrecisionFloatShaderOps))
            row_fail(&failures, a, id, "DOUBLES");
        if (feature11(&failures, a, id, device10, "DOUBLES at 10_0", D3D11_FEATURE_DOUBLES, &doubles, sizeof(doubles))
                && (doubles.DoublePrecisionFloatShaderOps))
            row_fail(&failures, a, id, "DOUBLES at 10_0");

        if (feature11(&failures, a, id, device, "D3D11_OPTIONS", D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o))
                && (o.OutputMergerLogicOp != o12.OutputMergerLogicOp || !o.ConstantBufferOffsetting
                || !o.ConstantBufferPartialUpdate || !o.ExtendedResourceSharing || !o.UAVOnlyRenderingForcedSampleCount
                || !o.ClearView || !o.DiscardAPIsSeenByDriver || !o.MapNoOverwriteOnDynamicConstantBuffer
                || o.ExtendedDoublesShaderInstructions != o12.DoublePrecisionFloatShaderOps))
            row_fail(&failures, a, id, "D3D11_OPTIONS");
        if (feature11(&failures, a, id, device10, "D3D11_OPTIONS at 10_0", D3D11_FEATURE_D3D11_OPTIONS, &o, sizeof(o))
                && (o.UAVOnlyRenderingForcedSampleCount || o.ExtendedDoublesShaderInstructions || !o.SAD4ShaderInstructions))
            row_fail(&failures, a, id, "D3D11_OPTIONS at 10_0");

        if (feature11(&failures, a, id, device, "D3D11_OPTIONS1", D3D11_FEATURE_D3D11_OPTIONS1, &o1, sizeof(o1))
                && ((UINT)o1.TiledResourcesTier != tiled || o1.MinMaxFiltering != (o12.TiledResourcesTier >= 2)
                || o1.MapOnDefaultBuffers != arch.UMA))
            row_fail(&failures, a, id, "D3D11_OPTIONS1 tier %u minmax %d", o1.TiledResourcesTier, o1.MinMaxFiltering);
        if (feature11(&failures, a, id, device10, "D3D11_OPTIONS1 at 10_0", D3D11_FEATURE_D3D11_OPTIONS1, &o1, sizeof(o1))
                && (o1.TiledResourcesTier || o1.MinMaxFiltering))
            row_fail(&failures, a, id, "tiled resources at 10_0");

        if (feature11(&failures, a, id, device, "D3D11_OPTIONS2", D3D11_FEATURE_D3D11_OPTIONS2, &o2, sizeof(o2))
                && (o2.PSSpecifiedStencilRefSupported != o12.PSSpecifiedStencilRefSupported
                || o2.TypedUAVLoadAdditionalFormats != o12.TypedUAVLoadAdditionalFormats
                || o2.ROVsSupported != o12.ROVsSupported
                || (UINT)o2.ConservativeRasterizationTier != (UINT)o12.ConservativeRasterizationTier
                || (UINT)o2.TiledResourcesTier != tiled || o2.UnifiedMemoryArchitecture != arch.UMA
                || o2.MapOnDefaultTextures != arch.UMA || o2.StandardSwizzle != o12.StandardSwizzle64KBSupported))
            row_fail(&failures, a, id, "D3D11_OPTIONS2");

        if (feature11(&failures, a, id, device, "SHADER_MIN_PRECISION_SUPPORT", D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT, &minp, sizeof(minp))
                && (minp.PixelShaderMinPrecision != (UINT)o12.MinPrecisionSupport
                || minp.AllOtherShaderStagesMinPrecision != (UINT)o12.MinPrecisionSupport))
            row_fail(&failures, a, id, "SHADER_MIN_PRECISION_SUPPORT");
        if (feature11(&failures, a, id, device, "ARCHITECTURE_INFO", D3D11_FEATURE_ARCHITECTURE_INFO, &ai, sizeof(ai))
                && (ai.TileBasedDeferredRenderer != arch.TileBasedRenderer))
            row_fail(&failures, a, id, "ARCHITECTURE_INFO");
        if (feature11(&failures, a, id, device, "GPU_VIRTUAL_ADDRESS_SUPPORT", D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, &va, sizeof(va))
                && (va.MaxGPUVirtualAddressBitsPerResource != va12.MaxGPUVirtualAddressBitsPerResource
                || va.MaxGPUVirtualAddressBitsPerProcess != va12.MaxGPUVirtualAddressBitsPerProcess))
            row_fail(&failures, a, id, "GPU_VIRTUAL_ADDRESS_SUPPORT");
        if (feature11(&failures, a, id, device, "SHADER_CACHE", D3D11_FEATURE_SHADER_CACHE, &cache, sizeof(cache))
                && (cache.SupportFlags != (((cache12.SupportFlags & D3D12_SHADER_CACHE_SUPPORT_AUTOMATIC_INPROC_CACHE) ? 1u : 0u)
                | ((cache12.SupportFlags & D3D12_SHADER_CACHE_SUPPORT_AUTOMATIC_DISK_CACHE) ? 2u : 0u))))
            row_fail(&failures, a, id, "SHADER_CACHE %#x from %#x", cache.SupportFlags, (unsigned)cache12.SupportFlags);

        ID3D11Device_Release(device10);
        ID3D11Device_Release(device);
        ID3D12Device_Release(d3d12);
    }
    rows_done(&failures);
}

/* Format support and quality levels, against the D3D12 answers. */
static void test_formats(void **state)
{
    static const struct
    {
        DXGI_FORMAT format;
        UINT count;
        HRESULT hr;
        int levels; /* -1: untouched; -2: the D3D12 answer */
    }
    ms_rows[] =
    {
        /* Wine's test_multisample_quality_levels. */
        {DXGI_FORMAT_UNKNOWN, 2, S_OK, 0},
        {(DXGI_FORMAT)65536, 2, E_INVALIDARG, -1},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 0, E_FAIL, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 1, S_OK, 1},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 2, S_OK, -2},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 4, S_OK, -2},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 15, S_OK, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 32, S_OK, -2},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 33, E_FAIL, 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 64, E_FAIL, 0},
        {DXGI_FORMAT_BC3_UNORM, 2, S_OK, 0},
    };
    D3D12_FEATURE_DATA_FORMAT_SUPPORT support12;
    D3D11_FEATURE_DATA_FORMAT_SUPPORT fs;
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2;
    ID3D11Device *device;
    ID3D12Device *d3d12;
    struct row_failures failures = {0};
    IUnknown *adapter;
    UINT support, levels;
    unsigned i;
    char name[64];

    (void)state;
    reset();
    device = create_on("nvidia-rtx-4090", NULL, 0);
    adapter = adapter_object("nvidia-rtx-4090");
    assert_int_equal(D3D12CreateDevice(adapter, FL(11, 0), &IID_ID3D12Device, (void **)&d3d12), S_OK);
    IUnknown_Release(adapter);

    memset(&support12, 0, sizeof(support12));
    support12.Format = DXGI_FORMAT_R16G16B16A16_FLOAT;
    assert_int_equal(ID3D12Device_CheckFeatureSupport(d3d12, D3D12_FEATURE_FORMAT_SUPPORT, &support12, sizeof(support12)), S_OK);
    assert_int_equal(ID3D11Device_CheckFormatSupport(device, DXGI_FORMAT_R16G16B16A16_FLOAT, &support), S_OK);
    assert_int_equal(support, (UINT)support12.Support1);
    fs.InFormat = DXGI_FORMAT_R16G16B16A16_FLOAT;
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT, &fs, sizeof(fs)), S_OK);
    assert_int_equal(fs.OutFormatSupport, (UINT)support12.Support1);
    assert_int_equal(fs.InFormat, DXGI_FORMAT_R16G16B16A16_FLOAT);
    fs2.InFormat = DXGI_FORMAT_R16G16B16A16_FLOAT;
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, sizeof(fs2)), S_OK);
    assert_int_equal(fs2.OutFormatSupport2, (UINT)support12.Support2 & 0x1ffffu);

    /* Not a format: E_FAIL with 0. */
    support = 0xdeadbeef;
    assert_int_equal(ID3D11Device_CheckFormatSupport(device, (DXGI_FORMAT)~0u, &support), E_FAIL);
    assert_int_equal(support, 0);
    assert_int_equal(ID3D11Device_CheckFormatSupport(device, DXGI_FORMAT_R8G8B8A8_UNORM, NULL), E_INVALIDARG);
    /* ... and so for FORMAT_SUPPORT (Wine's test_format_support) and FORMAT_SUPPORT2. */
    fs.InFormat = (DXGI_FORMAT)~0u;
    fs.OutFormatSupport = 0xdeadbeef;
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT, &fs, sizeof(fs)), E_FAIL);
    assert_int_equal(fs.OutFormatSupport, 0);
    assert_int_equal(fs.InFormat, (DXGI_FORMAT)~0u);
    fs2.InFormat = (DXGI_FORMAT)~0u;
    fs2.OutFormatSupport2 = 0xdeadbeef;
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, sizeof(fs2)), E_FAIL);
    assert_int_equal(fs2.OutFormatSupport2, 0);
    fs2.InFormat = (DXGI_FORMAT)65536;
    fs2.OutFormatSupport2 = 0xdeadbeef;
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, sizeof(fs2)), E_FAIL);
    assert_int_equal(fs2.OutFormatSupport2, 0);

    for (i = 0; i < ARRAY_SIZE(ms_rows); ++i)
    {
        HRESULT hr;
        UINT expected;

        snprintf(name, sizeof(name), "format %#x, count %u", ms_rows[i].format, ms_rows[i].count);
        levels = 0xdeadbeef;
        hr = ID3D11Device_CheckMultisampleQualityLevels(device, ms_rows[i].format, ms_rows[i].count, &levels);
        if (ms_rows[i].levels == -1)
            expected = 0xdeadbeef;
        else if (ms_rows[i].levels == -2)
        {
            D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS q;
            HRESULT hr12;

            memset(&q, 0, sizeof(q));
            q.Format = ms_rows[i].format;
            q.SampleCount = ms_rows[i].count;
            hr12 = ID3D12Device_CheckFeatureSupport(d3d12, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &q, sizeof(q));
            if (hr12 != S_OK)
            {
                row_fail(&failures, i, name, "the D3D12 answer: hr %#x", (unsigned)hr12);
                continue;
            }
            expected = q.NumQualityLevels;
        }
        else
            expected = (UINT)ms_rows[i].levels;
        if (hr != ms_rows[i].hr || levels != expected)
            row_fail(&failures, i, name, "hr %#x levels %#x, expected %#x %#x", (unsigned)hr, levels,
                    (unsigned)ms_rows[i].hr, expected);
    }
    rows_done(&failures);
    assert_int_equal(ID3D11Device_CheckMultisampleQualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, 2, NULL), E_INVALIDARG);
    levels = 1;
    ID3D11Device_CheckMultisampleQualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, 4, &levels);
    assert_true(levels > 0);

    ID3D12Device_Release(d3d12);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Format support per feature level (data/d3d11-format-levels.tsv, from
 * Microsoft's "DXGI Format Support for Direct3D Feature Level ..." tables):
 * literal rows, then the whole-table properties Wine's test_format_support
 * checks on Windows, on a hardware adapter and on WARP. */
static void test_format_levels(void **state)
{
    static const struct
    {
        D3D_FEATURE_LEVEL level;
        DXGI_FORMAT format;
        UINT bits;      /* D3D11_FORMAT_SUPPORT bits that must be there */
        UINT absent;    /* ... and must not */
        HRESULT hr;     /* of CheckFormatSupport */
    }
    rows[] =
    {
        {FL(9, 1), DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_RENDER_TARGET
                | D3D11_FORMAT_SUPPORT_BLENDABLE | D3D11_FORMAT_SUPPORT_DISPLAY | D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER,
                D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_TEXTURE1D | D3D11_FORMAT_SUPPORT_SHADER_GATHER
                | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW | D3D11_FORMAT_SUPPORT_SO_BUFFER, S_OK},
        {FL(9, 1), DXGI_FORMAT_R16G16B16A16_FLOAT, 0, ~0u, E_FAIL},
        {FL(9, 1), DXGI_FORMAT_R32_UINT, 0, ~0u, E_FAIL},
        {FL(9, 1), DXGI_FORMAT_R16_UINT, D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER, D3D11_FORMAT_SUPPORT_TEXTURE2D, S_OK},
        {FL(9, 1), DXGI_FORMAT_BC7_UNORM, 0, ~0u, E_FAIL},
        {FL(9, 1), DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_FORMAT_SUPPORT_DEPTH_STENCIL,
                D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON, S_OK},
        {FL(9, 2), DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_RENDER_TARGET,
                D3D11_FORMAT_SUPPORT_BLENDABLE | D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER | D3D11_FORMAT_SUPPORT_DISPLAY, S_OK},
        {FL(9, 2), DXGI_FORMAT_R32_UINT, D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER, D3D11_FORMAT_SUPPORT_TEXTURE2D, S_OK},
        {FL(9, 3), DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE | D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER,
                D3D11_FORMAT_SUPPORT_DISPLAY | D3D11_FORMAT_SUPPORT_BUFFER, S_OK},
        {FL(9, 3), DXGI_FORMAT_R32G32_FLOAT, D3D11_FORMAT_SUPPORT_TEXTURE2D, D3D11_FORMAT_SUPPORT_SHADER_SAMPLE, S_OK},
        {FL(10, 0), DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_TEXTURE1D
                | D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD, D3D11_FORMAT_SUPPORT_SHADER_GATHER
                | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW, S_OK},
        {FL(10, 0), DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_FORMAT_SUPPORT_DISPLAY | D3D11_FORMAT_SUPPORT_BUFFER, 0, S_OK},
        {FL(10, 0), DXGI_FORMAT_BC7_UNORM, 0, ~0u, E_FAIL},
        {FL(10, 0), DXGI_FORMAT_BC6H_UF16, 0, ~0u, E_FAIL},
        {FL(10, 1), DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_FORMAT_SUPPORT_SHADER_GATHER,
                D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW, S_OK},
        {FL(10, 1), DXGI_FORMAT_R32_FLOAT, D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON,
                D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON, S_OK},
        {FL(11, 0), DXGI_FORMAT_R32_FLOAT, D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON
                | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW | D3D11_FORMAT_SUPPORT_SHADER_GATHER, 0, S_OK},
        {FL(11, 0), DXGI_FORMAT_BC7_UNORM, D3D11_FORMAT_SUPPORT_TEXTURE2D, 0, S_OK},
        /* Blendable from 9_1 (Wine's test_format_support, Windows). */
        {FL(9, 1), DXGI_FORMAT_R8G8_UNORM, D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_RENDER_TARGET
                | D3D11_FORMAT_SUPPORT_BLENDABLE, D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_DISPLAY, S_OK},
        {FL(9, 1), DXGI_FORMAT_R8_UNORM, D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_RENDER_TARGET
                | D3D11_FORMAT_SUPPORT_BLENDABLE, D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_DISPLAY, S_OK},
        {FL(9, 1), DXGI_FORMAT_A8_UNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_BLENDABLE,
                D3D11_FORMAT_SUPPORT_BUFFER, S_OK},
        {FL(9, 2), DXGI_FORMAT_R8G8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, 0, S_OK},
        {FL(9, 3), DXGI_FORMAT_R8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, 0, S_OK},
        {FL(9, 3), DXGI_FORMAT_A8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, 0, S_OK},
        /* SNORM render targets blend from 10_1, not at 10_0 (Wine's test_format_support). */
        {FL(10, 0), DXGI_FORMAT_R16G16B16A16_SNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET, D3D11_FORMAT_SUPPORT_BLENDABLE, S_OK},
        {FL(10, 0), DXGI_FORMAT_R8G8B8A8_SNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET, D3D11_FORMAT_SUPPORT_BLENDABLE, S_OK},
        {FL(10, 0), DXGI_FORMAT_R16G16_SNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET, D3D11_FORMAT_SUPPORT_BLENDABLE, S_OK},
        {FL(10, 0), DXGI_FORMAT_R8G8_SNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET, D3D11_FORMAT_SUPPORT_BLENDABLE, S_OK},
        {FL(10, 0), DXGI_FORMAT_R16_SNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET, D3D11_FORMAT_SUPPORT_BLENDABLE, S_OK},
        {FL(10, 0), DXGI_FORMAT_R8_SNORM, D3D11_FORMAT_SUPPORT_RENDER_TARGET, D3D11_FORMAT_SUPPORT_BLENDABLE, S_OK},
        {FL(10, 1), DXGI_FORMAT_R16G16B16A16_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, 0, S_OK},
        {FL(10, 1), DXGI_FORMAT_R8_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, 0, S_OK},
    };
    /* Wine's blend, vertex_buffers and index_buffers tables: the bit is there from
     * `required` on, and absent below it unless `optional` (0: never) allows it. */
    static const struct
    {
        DXGI_FORMAT format;
        UINT bit;
        D3D_FEATURE_LEVEL required, optional;
    }
    from_level[] =
    {
        {DXGI_FORMAT_R32_UINT, D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER, FL(9, 2), 0},
        {DXGI_FORMAT_R16_UINT, D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER, FL(9, 1), 0},
        {DXGI_FORMAT_R8G8_UINT, D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER, FL(10, 0), 0},
        {DXGI_FORMAT_R11G11B10_FLOAT, D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER, FL(10, 0), 0},
        {DXGI_FORMAT_R16_FLOAT, D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER, FL(10, 0), 0},
        {DXGI_FORMAT_R16G16B16A16_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), FL(10, 0)},
        {DXGI_FORMAT_R16G16_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), FL(10, 0)},
        {DXGI_FORMAT_R16_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), FL(10, 0)},
        {DXGI_FORMAT_R16G16B16A16_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), 0},
        {DXGI_FORMAT_R16G16_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), 0},
        {DXGI_FORMAT_R16_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), 0},
        {DXGI_FORMAT_R8G8B8A8_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), 0},
        {DXGI_FORMAT_R8G8_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), 0},
        {DXGI_FORMAT_R8_SNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 1), 0},
        {DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 0), 0},
        {DXGI_FORMAT_R32G32_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 0), 0},
        {DXGI_FORMAT_R32_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 0), 0},
        {DXGI_FORMAT_R10G10B10A2_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 0), 0},
        {DXGI_FORMAT_R11G11B10_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 0), 0},
        {DXGI_FORMAT_R16_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(10, 0), 0},
        {DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 3), 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_R8G8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_R8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_A8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_B5G6R5_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_B8G8R8X8_UNORM, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
        {DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, D3D11_FORMAT_SUPPORT_BLENDABLE, FL(9, 1), 0},
    };
    /* Wine's display_format_support: DISPLAY from the level given. */
    static const struct
    {
        DXGI_FORMAT format;
        D3D_FEATURE_LEVEL required;
    }
    display[] =
    {
        {DXGI_FORMAT_R8G8B8A8_UNORM, FL(9, 1)},
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, FL(9, 1)},
        {DXGI_FORMAT_B8G8R8A8_UNORM, FL(9, 1)},
        {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, FL(9, 1)},
        {DXGI_FORMAT_R16G16B16A16_FLOAT, FL(10, 0)},
        {DXGI_FORMAT_R10G10B10A2_UNORM, FL(10, 0)},
    };
    static const D3D_FEATURE_LEVEL levels[] = {FL(9, 1), FL(9, 2), FL(9, 3), FL(10, 0), FL(10, 1), FL(11, 0), FL(11, 1)};
    static const DXGI_FORMAT unsupported[] = {DXGI_FORMAT_R1_UNORM, DXGI_FORMAT_NV11, DXGI_FORMAT_AI44, DXGI_FORMAT_IA44};
    static const char *const adapters[] = {"nvidia-rtx-4090", "warp"};
    struct row_failures failures = {0};
    D3D11_FEATURE_DATA_FORMAT_SUPPORT fs;
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2;
    ID3D11Device *device;
    unsigned a, l, i;
    UINT support, count;
    HRESULT hr;
    char name[96];

    (void)state;
    reset();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = create_on("nvidia-rtx-4090", &rows[i].level, 1);
        snprintf(name, sizeof(name), "FL %#x format %u", rows[i].level, rows[i].format);
        support = 0xdeadbeef;
        hr = ID3D11Device_CheckFormatSupport(device, rows[i].format, &support);
        if (hr != rows[i].hr || (support & rows[i].bits) != rows[i].bits || (support & rows[i].absent))
            row_fail(&failures, i, name, "hr %#x support %#x", (unsigned)hr, support);
        ID3D11Device_Release(device);
    }

    for (a = 0; a < ARRAY_SIZE(adapters); ++a)
    {
        for (l = 0; l < ARRAY_SIZE(levels); ++l)
        {
            device = create_on(adapters[a], &levels[l], 1);
            for (i = 0; i < D3D11_FORMAT_VALUES_TESTED; ++i)
            {
                snprintf(name, sizeof(name), "%s FL %#x format %u", adapters[a], levels[l], i);
                support = 0xdeadbeef;
                hr = ID3D11Device_CheckFormatSupport(device, (DXGI_FORMAT)i, &support);
                if (!(hr == S_OK && support) && !(hr == E_FAIL && !support))
                    row_fail(&failures, i, name, "CheckFormatSupport hr %#x support %#x", (unsigned)hr, support);
                /* FORMAT_SUPPORT answers as CheckFormatSupport. */
                fs.InFormat = (DXGI_FORMAT)i;
                fs.OutFormatSupport = 0xdeadbeef;
                if (ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT, &fs, sizeof(fs)) != hr
                        || fs.OutFormatSupport != support)
                    row_fail(&failures, i, name, "FORMAT_SUPPORT %#x, CheckFormatSupport %#x", fs.OutFormatSupport,
                            support);
                if (levels[l] < FL(10, 1) && (support & D3D11_FORMAT_SUPPORT_SHADER_GATHER))
                    row_fail(&failures, i, name, "SHADER_GATHER below 10_1");
                if (levels[l] < FL(11, 0) && (support & (D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON
                        | D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)))
                    row_fail(&failures, i, name, "gather4_c or typed UAV below 11_0: %#x", support);
                if (levels[l] < FL(10, 0) && (support & (D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_SO_BUFFER
                        | D3D11_FORMAT_SUPPORT_TEXTURE1D | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON
                        | D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD)))
                    row_fail(&failures, i, name, "a 10_0 bit at 9_x: %#x", support);
                fs2.InFormat = (DXGI_FORMAT)i;
                hr = ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, sizeof(fs2));
                if (hr == S_OK && levels[l] < FL(11, 0) && (fs2.OutFormatSupport2 & (D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD
                        | D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE | D3D11_FORMAT_SUPPORT2_TILED)))
                    row_fail(&failures, i, name, "FORMAT_SUPPORT2 %#x below 11_0", fs2.OutFormatSupport2);
                if (hr == S_OK && levels[l] < FL(11, 1)
                        && (fs2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP))
                    row_fail(&failures, i, name, "logic op below 11_1");
            }
            for (i = 0; i < ARRAY_SIZE(display); ++i)
            {
                snprintf(name, sizeof(name), "%s FL %#x display format %u", adapters[a], levels[l], display[i].format);
                support = 0;
                ID3D11Device_CheckFormatSupport(device, display[i].format, &support);
                if (!!(support & D3D11_FORMAT_SUPPORT_DISPLAY) != (levels[l] >= display[i].required))
                    row_fail(&failures, i, name, "support %#x", support);
            }
            for (i = 0; i < ARRAY_SIZE(from_level); ++i)
            {
                int has;

                snprintf(name, sizeof(name), "%s FL %#x format %u bit %#x", adapters[a], levels[l],
                        from_level[i].format, from_level[i].bit);
                support = 0;
                ID3D11Device_CheckFormatSupport(device, from_level[i].format, &support);
                has = !!(support & from_level[i].bit);
                if (levels[l] >= from_level[i].required ? !has
                        : has && !(from_level[i].optional && levels[l] >= from_level[i].optional))
                    row_fail(&failures, i, name, "support %#x", support);
            }
            for (i = 0; i < ARRAY_SIZE(unsupported); ++i)
            {
                snprintf(name, sizeof(name), "%s FL %#x format %u", adapters[a], levels[l], unsupported[i]);
                fs.InFormat = unsupported[i];
                fs.OutFormatSupport = 0xdeadbeef;
                hr = ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT, &fs, sizeof(fs));
                if (hr != E_FAIL || fs.OutFormatSupport)
                    row_fail(&failures, i, name, "FORMAT_SUPPORT hr %#x support %#x", (unsigned)hr, fs.OutFormatSupport);
            }
            /* No multisampling of a format the level's table does not give it for. */
            count = 0xdeadbeef;
            hr = ID3D11Device_CheckMultisampleQualityLevels(device, DXGI_FORMAT_R16G16B16A16_FLOAT, 4, &count);
            if (hr != S_OK || (levels[l] < FL(10, 0) ? count != 0 : count == 0))
                row_fail(&failures, l, adapters[a], "FL %#x R16G16B16A16_FLOAT x4: hr %#x levels %u", levels[l],
                        (unsigned)hr, count);
            count = 0xdeadbeef;
            hr = ID3D11Device_CheckMultisampleQualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, 4, &count);
            if (hr != S_OK || !count)
                row_fail(&failures, l, adapters[a], "FL %#x R8G8B8A8_UNORM x4: hr %#x levels %u", levels[l],
                        (unsigned)hr, count);
            ID3D11Device_Release(device);
        }
    }
    rows_done(&failures);
}

/* The adapter of a device's IDXGIDevice, released; checks its LUID. */
static IDXGIAdapter *device_adapter(ID3D11Device *device, const LUID *luid)
{
    DXGI_ADAPTER_DESC desc;
    IDXGIDevice *dxgi_device;
    IDXGIAdapter *adapter = NULL;

    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void **)&dxgi_device), S_OK);
    assert_int_equal(IDXGIDevice_GetAdapter(dxgi_device, &adapter), S_OK);
    IDXGIDevice_Release(dxgi_device);
    assert_int_equal(IDXGIAdapter_GetDesc(adapter, &desc), S_OK);
    assert_true(desc.AdapterLuid.LowPart == luid->LowPart && desc.AdapterLuid.HighPart == luid->HighPart);
    IDXGIAdapter_Release(adapter);
    return adapter;
}

static LUID luid_of(const char *id)
{
    mockd3d12_adapter_info info;

    assert_int_equal(mockd3d12_get_adapter_info(id, &info), S_OK);
    return info.luid;
}

/* IDXGIDevice ... IDXGIDevice4 (Wine's test_device_interfaces and dxgi's
 * device tests, recorded on Windows; DXGI's documented limits). */
static void test_dxgi_device(void **state)
{
    static const struct
    {
        INT priority;
        HRESULT hr;
    }
    priorities[] = {{-8, E_INVALIDARG}, {-7, S_OK}, {0, S_OK}, {7, S_OK}, {8, E_INVALIDARG}, {100, E_INVALIDARG}};
    static const struct
    {
        UINT set;
        HRESULT hr;
        UINT get;
    }
    latencies[] = {{16, S_OK, 16}, {17, DXGI_ERROR_INVALID_CALL, 16}, {1, S_OK, 1}, {0, S_OK, 3}, {~0u, DXGI_ERROR_INVALID_CALL, 3}};
    static const char *const machine[] = {"intel-iris-xe", "nvidia-rtx-4090"};
    struct row_failures failures = {0};
    IDXGIAdapter *adapter, *enumerated, *parent;
    IDXGIAdapter1 *adapter1;
    IDXGIFactory *factory;
    IDXGIFactory1 *factory1;
    IDXGIDevice4 *dxgi;
    IDXGIDevice *dxgi0;
    ID3D11Device *device, *back;
    ID3D12Device *d3d12;
    IUnknown *mock;
    BOOL discarded[1];
    DXGI_RESIDENCY residency[1];
    UINT latency, i, found;
    INT priority;
    ULONG refcount;
    LUID luid;
    DWORD data = 0x1234, got = 0;
    UINT size = sizeof(got);
    static const GUID guid = {0x3c3c3c3c, 0x1, 0x2, {3, 4, 5, 6, 7, 8, 9, 10}};

    (void)state;
    reset();
    assert_int_equal(mockd3d12_set_machine_adapters(machine, 2), S_OK);

    /* HARDWARE: the machine's adapter (the default, its first), as its factory enumerates it. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_IDXGIDevice4, (void **)&dxgi), S_OK);
    refcount = get_refcount(device);
    assert_int_equal(refcount, 2); /* one object */
    assert_int_equal(IDXGIDevice4_QueryInterface(dxgi, &IID_ID3D11Device, (void **)&back), S_OK);
    assert_ptr_equal(back, device);
    ID3D11Device_Release(back);
    luid = luid_of("intel-iris-xe");
    assert_int_equal(IDXGIDevice4_GetAdapter(dxgi, &adapter), S_OK);
    assert_int_equal(IDXGIDevice4_GetAdapter(dxgi, NULL), E_INVALIDARG);
    assert_ptr_equal(device_adapter(device, &luid), adapter);
    assert_int_equal(IDXGIDevice4_GetParent(dxgi, &IID_IDXGIAdapter, (void **)&parent), S_OK);
    assert_ptr_equal(parent, adapter);
    IDXGIAdapter_Release(parent);
    assert_int_equal(IDXGIDevice4_GetParent(dxgi, &IID_IDXGIAdapter1, (void **)&adapter1), S_OK);
    IDXGIAdapter1_Release(adapter1);
    assert_int_equal(IDXGIDevice4_GetParent(dxgi, &IID_IDXGIAdapter, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory, (void **)&factory), S_OK);
    IDXGIFactory_Release(factory);
    assert_int_equal(IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory1, (void **)&factory1), S_OK);
    /* The factory's enumeration makes new objects (as on Windows), one of
     * them of GetAdapter's adapter. */
    for (i = 0, found = 0; IDXGIFactory1_EnumAdapters(factory1, i, &enumerated) == S_OK; ++i)
    {
        DXGI_ADAPTER_DESC mine, theirs;

        assert_ptr_not_equal(enumerated, adapter);
        assert_int_equal(IDXGIAdapter_GetDesc(enumerated, &theirs), S_OK);
        assert_int_equal(IDXGIAdapter_GetDesc(adapter, &mine), S_OK);
        found += theirs.AdapterLuid.LowPart == mine.AdapterLuid.LowPart
                && theirs.AdapterLuid.HighPart == mine.AdapterLuid.HighPart;
        IDXGIAdapter_Release(enumerated);
    }
    assert_int_equal(found, 1);
    assert_int_equal(i, 3);
    IDXGIFactory1_Release(factory1);

    /* Thread priority and frame latency. */
    assert_int_equal(IDXGIDevice4_GetGPUThreadPriority(dxgi, &priority), S_OK);
    assert_int_equal(priority, 0);
    assert_int_equal(IDXGIDevice4_GetGPUThreadPriority(dxgi, NULL), E_INVALIDARG);
    for (i = 0; i < ARRAY_SIZE(priorities); ++i)
    {
        INT before = 0, after = 0;
        HRESULT hr;

        IDXGIDevice4_GetGPUThreadPriority(dxgi, &before);
        hr = IDXGIDevice4_SetGPUThreadPriority(dxgi, priorities[i].priority);
        IDXGIDevice4_GetGPUThreadPriority(dxgi, &after);
        if (hr != priorities[i].hr || after != (SUCCEEDED(hr) ? priorities[i].priority : before))
            row_fail(&failures, i, "SetGPUThreadPriority", "priority %d: hr %#x, now %d", priorities[i].priority,
                    (unsigned)hr, after);
    }
    assert_int_equal(IDXGIDevice4_GetMaximumFrameLatency(dxgi, NULL), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIDevice4_GetMaximumFrameLatency(dxgi, &latency), S_OK);
    assert_int_equal(latency, 3);
    for (i = 0; i < ARRAY_SIZE(latencies); ++i)
    {
        HRESULT hr = IDXGIDevice4_SetMaximumFrameLatency(dxgi, latencies[i].set);

        latency = 0;
        IDXGIDevice4_GetMaximumFrameLatency(dxgi, &latency);
        if (hr != latencies[i].hr || latency != latencies[i].get)
            row_fail(&failures, i, "SetMaximumFrameLatency", "%u: hr %#x, now %u", latencies[i].set, (unsigned)hr,
                    latency);
    }

    /* Nothing to offer, reclaim or make resident: empty lists only. */
    assert_int_equal(IDXGIDevice4_OfferResources(dxgi, 0, NULL, DXGI_OFFER_RESOURCE_PRIORITY_NORMAL), S_OK);
    assert_int_equal(IDXGIDevice4_OfferResources(dxgi, 0, NULL, (DXGI_OFFER_RESOURCE_PRIORITY)0), E_INVALIDARG);
    assert_int_equal(IDXGIDevice4_OfferResources(dxgi, 1, NULL, DXGI_OFFER_RESOURCE_PRIORITY_LOW), E_INVALIDARG);
    assert_int_equal(IDXGIDevice4_ReclaimResources(dxgi, 0, NULL, NULL), S_OK);
    assert_int_equal(IDXGIDevice4_ReclaimResources(dxgi, 1, NULL, discarded), E_INVALIDARG);
    assert_int_equal(IDXGIDevice4_OfferResources1(dxgi, 0, NULL, DXGI_OFFER_RESOURCE_PRIORITY_HIGH,
            DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT), S_OK);
    assert_int_equal(IDXGIDevice4_OfferResources1(dxgi, 0, NULL, DXGI_OFFER_RESOURCE_PRIORITY_HIGH, 2), E_INVALIDARG);
    assert_int_equal(IDXGIDevice4_ReclaimResources1(dxgi, 0, NULL, NULL), S_OK);
    assert_int_equal(IDXGIDevice4_ReclaimResources1(dxgi, 2, NULL, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIDevice4_QueryResourceResidency(dxgi, NULL, NULL, 0), S_OK);
    assert_int_equal(IDXGIDevice4_QueryResourceResidency(dxgi, NULL, residency, 1), E_INVALIDARG);
    {
        IUnknown *const resources[1] = {(IUnknown *)dxgi};

        assert_int_equal(IDXGIDevice4_QueryResourceResidency(dxgi, resources, NULL, 1), E_INVALIDARG); /* no output */
        assert_int_equal(IDXGIDevice4_QueryResourceResidency(dxgi, resources, residency, 1), E_INVALIDARG); /* no resource */
    }
    /* A priority past HIGH is none. */
    assert_int_equal(IDXGIDevice4_OfferResources(dxgi, 0, NULL, (DXGI_OFFER_RESOURCE_PRIORITY)4), E_INVALIDARG);
    assert_int_equal(IDXGIDevice4_CreateSurface(dxgi, NULL, 1, 0, NULL, NULL), E_INVALIDARG);
    {
        DXGI_SURFACE_DESC surface_desc = {64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}};
        IDXGISurface *surface = (IDXGISurface *)(uintptr_t)0xdeadbeef;

        assert_int_equal(IDXGIDevice4_CreateSurface(dxgi, NULL, 1, DXGI_USAGE_SHADER_INPUT, NULL, &surface),
                E_INVALIDARG); /* no description */
        assert_null(surface);
        surface = (IDXGISurface *)(uintptr_t)0xdeadbeef;
        assert_int_equal(IDXGIDevice4_CreateSurface(dxgi, &surface_desc, 0, DXGI_USAGE_SHADER_INPUT, NULL, &surface),
                E_INVALIDARG); /* no surfaces */
        assert_null(surface);
        surface = (IDXGISurface *)(uintptr_t)0xdeadbeef;
        assert_int_equal(IDXGIDevice4_CreateSurface(dxgi, &surface_desc, 1, DXGI_USAGE_SHADER_INPUT, NULL, &surface),
                E_NOTIMPL); /* surfaces are resources, which the mock does not create */
        assert_null(surface);
    }
    assert_int_equal(IDXGIDevice4_EnqueueSetEvent(dxgi, NULL), E_INVALIDARG);
    /* No GPU work is in flight: the event is set at once. */
#ifdef _WIN32
    {
        HANDLE event = CreateEventA(NULL, FALSE, FALSE, NULL);

        assert_non_null(event);
        assert_int_equal(IDXGIDevice4_EnqueueSetEvent(dxgi, event), S_OK);
        assert_int_equal(WaitForSingleObject(event, 0), WAIT_OBJECT_0);
        CloseHandle(event);
    }
#else
    {
        uint64_t count = 0;
        int fds[2];

        assert_int_equal(pipe(fds), 0);
        assert_int_equal(IDXGIDevice4_EnqueueSetEvent(dxgi, (HANDLE)(intptr_t)fds[1]), S_OK);
        assert_int_equal(read(fds[0], &count, sizeof(count)), sizeof(count));
        assert_int_equal(count, 1);
        close(fds[0]);
        close(fds[1]);
        /* A descriptor that cannot be written is no event. */
        assert_int_equal(IDXGIDevice4_EnqueueSetEvent(dxgi, (HANDLE)(intptr_t)fds[1]), E_INVALIDARG);
    }
#endif
    IDXGIDevice4_Trim(dxgi);

    /* One private-data store for both faces of the device. */
    assert_int_equal(IDXGIDevice4_SetPrivateData(dxgi, &guid, sizeof(data), &data), S_OK);
    assert_int_equal(ID3D11Device_GetPrivateData(device, &guid, &size, &got), S_OK);
    assert_int_equal(got, data);
    got = 0;
    size = sizeof(got);
    assert_int_equal(IDXGIDevice4_GetPrivateData(dxgi, &guid, &size, &got), S_OK);
    assert_int_equal(got, data);
    assert_int_equal(IDXGIDevice4_SetPrivateDataInterface(dxgi, &guid, NULL), S_OK);
    IDXGIAdapter_Release(adapter);
    IDXGIDevice4_Release(dxgi);
    assert_int_equal(ID3D11Device_Release(device), 0);

    /* A caller's DXGI adapter is the one GetAdapter returns. */
    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory1), S_OK);
    assert_int_equal(IDXGIFactory1_EnumAdapters(factory1, 1, &enumerated), S_OK);
    assert_int_equal(D3D11CreateDevice(enumerated, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
            &device, NULL, NULL), S_OK);
    luid = luid_of("nvidia-rtx-4090");
    assert_ptr_equal(device_adapter(device, &luid), enumerated);
    assert_int_equal(ID3D11Device_Release(device), 0);
    IDXGIAdapter_Release(enumerated);
    IDXGIFactory1_Release(factory1);

    /* WARP, a libd3d12 adapter object outside the machine, and 11on12. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_WARP, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    luid = luid_of("warp");
    device_adapter(device, &luid);
    ID3D11Device_Release(device);
    device = create_on("amd-rx-7900-xtx", NULL, 0);
    luid = luid_of("amd-rx-7900-xtx");
    adapter = device_adapter(device, &luid);
    assert_int_equal(IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory1, (void **)&factory1), S_OK);
    assert_int_equal(IDXGIFactory1_EnumAdapters(factory1, 3, &enumerated), DXGI_ERROR_NOT_FOUND); /* not enumerated */
    IDXGIFactory1_Release(factory1);
    ID3D11Device_Release(device);
    mock = adapter_object("nvidia-rtx-4090");
    assert_int_equal(D3D12CreateDevice(mock, FL(11, 0), &IID_ID3D12Device, (void **)&d3d12), S_OK);
    IUnknown_Release(mock);
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, NULL, NULL), S_OK);
    luid = luid_of("nvidia-rtx-4090");
    device_adapter(device, &luid);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void **)&dxgi0), S_OK);
    IDXGIDevice_Release(dxgi0);
    assert_int_equal(ID3D11Device_Release(device), 0);
    ID3D12Device_Release(d3d12);
    rows_done(&failures);
}

/* Deferred contexts and command lists (Wine's test_create_deferred_context
 * and test_immediate_context, recorded on Windows). */
static void test_deferred_contexts(void **state)
{
    static const GUID guid = {0x5a5a5a5a, 0x1, 0x2, {3, 4, 5, 6, 7, 8, 9, 10}};
    ID3D11DeviceContext *deferred, *immediate;
    ID3D11DeviceContext1 *deferred1;
    ID3D11DeviceContext2 *deferred2;
    ID3D11DeviceContext3 *deferred3;
    ID3D11CommandList *list;
    ID3D11Device3 *device3;
    ID3D11Device *device, *got;
    IUnknown *unknown;
    ULONG refcount;
    DWORD data = 7, out = 0;
    UINT size = sizeof(out);

    (void)state;
    reset();

    /* A single-threaded device has none. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_SINGLETHREADED, NULL,
            0, D3D11_SDK_VERSION, &device, NULL, NULL), S_OK);
    deferred = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), DXGI_ERROR_INVALID_CALL);
    assert_null(deferred);
    assert_int_equal(ID3D11Device_Release(device), 0);

    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, NULL), E_INVALIDARG);
    deferred = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 1, &deferred), E_INVALIDARG);
    assert_null(deferred);
    refcount = get_refcount(device);
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
    assert_int_equal(get_refcount(device), refcount + 1);
    assert_int_equal(get_refcount(deferred), 1);
    assert_int_equal(ID3D11DeviceContext_GetType(deferred), D3D11_DEVICE_CONTEXT_DEFERRED);
    assert_int_equal(ID3D11DeviceContext_GetContextFlags(deferred), 0);
    ID3D11DeviceContext_GetDevice(deferred, &got);
    assert_ptr_equal(got, device);
    ID3D11Device_Release(got);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(deferred, &IID_IUnknown, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(deferred, &IID_ID3D11DeviceChild, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(deferred, &IID_ID3D11DeviceContext4, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(deferred, &IID_ID3D11Multithread, (void **)&unknown),
            E_NOINTERFACE);
    assert_int_equal(ID3D11DeviceContext_SetPrivateData(deferred, &guid, sizeof(data), &data), S_OK);
    assert_int_equal(ID3D11DeviceContext_GetPrivateData(deferred, &guid, &size, &out), S_OK);
    assert_int_equal(out, data);

    /* FinishCommandList: an (empty) list from the deferred context only. */
    ID3D11Device_GetImmediateContext(device, &immediate);
    assert_int_equal(ID3D11DeviceContext_GetType(immediate), D3D11_DEVICE_CONTEXT_IMMEDIATE);
    list = (ID3D11CommandList *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(immediate, FALSE, &list), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(deferred, FALSE, NULL), E_INVALIDARG);
    refcount = get_refcount(device);
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(deferred, TRUE, &list), S_OK);
    assert_int_equal(get_refcount(device), refcount + 1);
    assert_int_equal(get_refcount(list), 1);
    assert_int_equal(ID3D11CommandList_GetContextFlags(list), 0);
    ID3D11CommandList_GetDevice(list, &got);
    assert_ptr_equal(got, device);
    ID3D11Device_Release(got);
    assert_int_equal(ID3D11CommandList_QueryInterface(list, &IID_ID3D11DeviceChild, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11CommandList_QueryInterface(list, &IID_ID3D11DeviceContext, (void **)&unknown),
            E_NOINTERFACE);
    assert_int_equal(ID3D11CommandList_QueryInterface(list, &IID_ID3D11CommandList, NULL), E_POINTER);
    unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11CommandList_QueryInterface(list, NULL, (void **)&unknown), E_INVALIDARG);
    assert_null(unknown);
    ID3D11CommandList_GetDevice(list, NULL); /* nothing to write, no reference taken */
    assert_int_equal(get_refcount(device), refcount + 1);
    assert_int_equal(ID3D11CommandList_SetPrivateData(list, &guid, sizeof(data), &data), S_OK);
    out = 0;
    size = sizeof(out);
    assert_int_equal(ID3D11CommandList_GetPrivateData(list, &guid, &size, &out), S_OK);
    assert_int_equal(out, data);
    assert_int_equal(ID3D11CommandList_SetPrivateDataInterface(list, &guid, NULL), S_OK);
    ID3D11DeviceContext_ExecuteCommandList(immediate, list, FALSE);
    ID3D11DeviceContext_ExecuteCommandList(deferred, list, TRUE);
    assert_int_equal(get_refcount(list), 1);
    ID3D11DeviceContext_Release(immediate);

    /* The context and the list keep the device alive. */
    refcount = ID3D11Device_Release(device);
    assert_int_equal(refcount, 2);
    assert_int_equal(ID3D11CommandList_Release(list), 0);
    assert_int_equal(ID3D11DeviceContext_Release(deferred), 0);

    /* CreateDeferredContext1 ... 3. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device3, (void **)&device3), S_OK);
    assert_int_equal(ID3D11Device3_CreateDeferredContext1(device3, 0, &deferred1), S_OK);
    assert_int_equal(ID3D11DeviceContext1_GetType(deferred1), D3D11_DEVICE_CONTEXT_DEFERRED);
    assert_int_equal(ID3D11DeviceContext1_Release(deferred1), 0);
    assert_int_equal(ID3D11Device3_CreateDeferredContext2(device3, 0, &deferred2), S_OK);
    assert_int_equal(ID3D11DeviceContext2_GetType(deferred2), D3D11_DEVICE_CONTEXT_DEFERRED);
    assert_int_equal(ID3D11DeviceContext2_Release(deferred2), 0);
    assert_int_equal(ID3D11Device3_CreateDeferredContext3(device3, 0, &deferred3), S_OK);
    assert_int_equal(ID3D11DeviceContext3_GetType(deferred3), D3D11_DEVICE_CONTEXT_DEFERRED);
    assert_int_equal(ID3D11DeviceContext3_Release(deferred3), 0);
    assert_int_equal(ID3D11Device3_CreateDeferredContext3(device3, 0, NULL), E_INVALIDARG);
    ID3D11Device3_Release(device3);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* The stored message `index`: its id, and whether its text contains `needle`. */
static void check_message(ID3D11InfoQueue *queue, UINT64 index, D3D11_MESSAGE_ID id, D3D11_MESSAGE_CATEGORY category,
        D3D11_MESSAGE_SEVERITY severity, const char *needle)
{
    union { D3D11_MESSAGE message; char bytes[1024]; } buffer;
    SIZE_T length = 0;

    assert_int_equal(ID3D11InfoQueue_GetMessage(queue, index, NULL, &length), S_OK);
    assert_true(length > sizeof(D3D11_MESSAGE) && length <= sizeof(buffer));
    assert_int_equal(ID3D11InfoQueue_GetMessage(queue, index, &buffer.message, &length), S_OK);
    assert_int_equal(buffer.message.ID, id);
    assert_int_equal(buffer.message.Category, category);
    assert_int_equal(buffer.message.Severity, severity);
    assert_int_equal(buffer.message.DescriptionByteLength, strlen(buffer.message.pDescription) + 1);
    if (!strstr(buffer.message.pDescription, needle))
        fail_msg("message \"%s\" does not contain \"%s\"", buffer.message.pDescription, needle);
}

/* ID3D11Debug and ID3D11InfoQueue of a D3D11_CREATE_DEVICE_DEBUG device
 * (Wine's test_device_interfaces: InfoQueue only on debug devices), and what
 * the mock reports; the queue is libd3d12's (tests/unit/test_infoqueue.c
 * covers it in depth), so these rows check the D3D11 face of it. */
static void test_debug_layer(void **state)
{
    D3D11_MESSAGE_SEVERITY deny_severities[] = {D3D11_MESSAGE_SEVERITY_INFO};
    D3D11_FEATURE_DATA_THREADING threading;
    union { D3D11_INFO_QUEUE_FILTER filter; char bytes[256]; } got;
    D3D11_INFO_QUEUE_FILTER filter;
    ID3D11DeviceContext *context, *deferred;
    ID3D11CommandList *list;
    IDXGISwapChain *swapchain;
    ID3D11InfoQueue *queue;
    ID3D11Debug *debug;
    ID3D11Device *device;
    IUnknown *unknown;
    const char *adapter;
    SIZE_T length;
    ULONG refcount;
    UINT64 stored;
    UINT scratch;

    (void)state;
    reset();
    adapter = mockd3d12_default_adapter_id();

    /* Without the flag: neither interface. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Debug, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(ID3D11Device_Release(device), 0);

    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG, NULL, 0,
            D3D11_SDK_VERSION, &device, NULL, &context), S_OK);
    refcount = get_refcount(device);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Debug, (void **)&debug), S_OK);
    assert_int_equal(get_refcount(device), refcount + 2); /* one object */
    assert_int_equal(ID3D11InfoQueue_QueryInterface(queue, &IID_ID3D11Device, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, device);
    IUnknown_Release(unknown);
    ID3D11InfoQueue_SetMuteDebugOutput(queue, TRUE);
    assert_true(ID3D11InfoQueue_GetMuteDebugOutput(queue));
    assert_int_equal(ID3D11InfoQueue_GetMessageCountLimit(queue), D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 0);

    /* What the mock rejects, as messages naming it. */
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, (D3D11_FEATURE)999, &threading, sizeof(threading)),
            E_INVALIDARG);
    check_message(queue, 0, D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, "999");
    check_message(queue, 0, D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, adapter);
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_THREADING, &threading, 3), E_INVALIDARG);
    check_message(queue, 1, D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, "THREADING needs FeatureSupportDataSize 8, got 3");
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_THREADING, NULL, sizeof(threading)),
            E_INVALIDARG);
    check_message(queue, 2, D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_INVALIDARG_RETURN,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, "NULL");
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 4, &deferred), E_INVALIDARG);
    check_message(queue, 3, D3D11_MESSAGE_ID_CREATEDEFERREDCONTEXT_INVALID_COMMANDLISTFLAGS,
            D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, "0x4");
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(context, FALSE, &list), DXGI_ERROR_INVALID_CALL);
    check_message(queue, 4, D3D11_MESSAGE_ID_FINISHDISPLAYLIST_ONIMMEDIATECONTEXT,
            D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, "immediate context");
    assert_int_equal(ID3D11Device_CheckMultisampleQualityLevels(device, (DXGI_FORMAT)65536, 2, &scratch),
            E_INVALIDARG);
    check_message(queue, 5, D3D11_MESSAGE_ID_CHECKMULTISAMPLEQUALITYLEVELS_FORMAT_DEPRECATED,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, "65536");
    assert_int_equal(ID3D11Device_CheckFormatSupport(device, DXGI_FORMAT_R1_UNORM, &scratch),
            E_FAIL);
    check_message(queue, 6, D3D11_MESSAGE_ID_CHECKFORMATSUPPORT_FORMAT_NOT_SUPPORTED,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_INFO, "DXGI_FORMAT 66");
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 7);
    assert_int_equal(ID3D11InfoQueue_GetNumMessagesAllowedByStorageFilter(queue), 7);
    /* Success is silent. */
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_THREADING, &threading, sizeof(threading)),
            S_OK);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 7);

    /* Storage and retrieval filters, the two-call filter read, the stacks. */
    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumSeverities = 1;
    filter.DenyList.pSeverityList = deny_severities;
    assert_int_equal(ID3D11InfoQueue_AddRetrievalFilterEntries(queue, &filter), S_OK);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessagesAllowedByRetrievalFilter(queue), 6);
    length = 0;
    assert_int_equal(ID3D11InfoQueue_GetRetrievalFilter(queue, NULL, &length), S_OK);
    assert_int_equal(length, sizeof(D3D11_INFO_QUEUE_FILTER) + sizeof(UINT));
    assert_int_equal(ID3D11InfoQueue_GetRetrievalFilter(queue, &got.filter, &length), S_OK);
    assert_int_equal(got.filter.DenyList.NumSeverities, 1);
    assert_int_equal(got.filter.DenyList.pSeverityList[0], D3D11_MESSAGE_SEVERITY_INFO);
    ID3D11InfoQueue_ClearRetrievalFilter(queue);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessagesAllowedByRetrievalFilter(queue), 7);
    assert_int_equal(ID3D11InfoQueue_PushEmptyRetrievalFilter(queue), S_OK);
    assert_int_equal(ID3D11InfoQueue_PushCopyOfRetrievalFilter(queue), S_OK);
    assert_int_equal(ID3D11InfoQueue_PushRetrievalFilter(queue, &filter), S_OK);
    assert_int_equal(ID3D11InfoQueue_PushRetrievalFilter(queue, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_GetRetrievalFilterStackSize(queue), 4);
    ID3D11InfoQueue_PopRetrievalFilter(queue);
    ID3D11InfoQueue_PopRetrievalFilter(queue);
    ID3D11InfoQueue_PopRetrievalFilter(queue);
    ID3D11InfoQueue_PopRetrievalFilter(queue);
    assert_int_equal(ID3D11InfoQueue_GetRetrievalFilterStackSize(queue), 1);

    assert_int_equal(ID3D11InfoQueue_PushStorageFilter(queue, &filter), S_OK);
    assert_int_equal(ID3D11InfoQueue_GetStorageFilterStackSize(queue), 2);
    length = sizeof(got);
    assert_int_equal(ID3D11InfoQueue_GetStorageFilter(queue, &got.filter, &length), S_OK);
    assert_int_equal(got.filter.DenyList.NumSeverities, 1);
    assert_int_equal(ID3D11Device_CheckFormatSupport(device, DXGI_FORMAT_R1_UNORM, &scratch),
            E_FAIL); /* an INFO message: denied */
    assert_int_equal(ID3D11InfoQueue_GetNumMessagesDeniedByStorageFilter(queue), 1);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 7);
    ID3D11InfoQueue_ClearStorageFilter(queue);
    assert_int_equal(ID3D11InfoQueue_PushEmptyStorageFilter(queue), S_OK);
    assert_int_equal(ID3D11InfoQueue_PushCopyOfStorageFilter(queue), S_OK);
    assert_int_equal(ID3D11InfoQueue_AddStorageFilterEntries(queue, &filter), S_OK);
    assert_int_equal(ID3D11InfoQueue_AddStorageFilterEntries(queue, NULL), E_INVALIDARG);
    ID3D11InfoQueue_PopStorageFilter(queue);
    ID3D11InfoQueue_PopStorageFilter(queue);
    ID3D11InfoQueue_PopStorageFilter(queue);
    assert_int_equal(ID3D11InfoQueue_GetStorageFilterStackSize(queue), 1);

    /* Application messages: D3D11 has categories up to SHADER (10) only. */
    assert_int_equal(ID3D11InfoQueue_AddApplicationMessage(queue, D3D11_MESSAGE_SEVERITY_WARNING, "hello"), S_OK);
    check_message(queue, 7, D3D11_MESSAGE_ID_STRING_FROM_APPLICATION, D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED,
            D3D11_MESSAGE_SEVERITY_WARNING, "hello");
    assert_int_equal(ID3D11InfoQueue_AddMessage(queue, D3D11_MESSAGE_CATEGORY_SHADER, D3D11_MESSAGE_SEVERITY_MESSAGE,
            D3D11_MESSAGE_ID_UNKNOWN, "shader"), S_OK);
    assert_int_equal(ID3D11InfoQueue_AddMessage(queue, (D3D11_MESSAGE_CATEGORY)11, D3D11_MESSAGE_SEVERITY_MESSAGE,
            D3D11_MESSAGE_ID_UNKNOWN, "no such category"), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_AddMessage(queue, D3D11_MESSAGE_CATEGORY_SHADER, (D3D11_MESSAGE_SEVERITY)5,
            D3D11_MESSAGE_ID_UNKNOWN, "no such severity"), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_AddApplicationMessage(queue, D3D11_MESSAGE_SEVERITY_WARNING, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_GetMessage(queue, 100, NULL, &length), E_INVALIDARG);

    /* Break-on settings, stored and read back. */
    assert_int_equal(ID3D11InfoQueue_SetBreakOnSeverity(queue, D3D11_MESSAGE_SEVERITY_ERROR, TRUE), S_OK);
    assert_true(ID3D11InfoQueue_GetBreakOnSeverity(queue, D3D11_MESSAGE_SEVERITY_ERROR));
    assert_int_equal(ID3D11InfoQueue_SetBreakOnCategory(queue, D3D11_MESSAGE_CATEGORY_EXECUTION, TRUE), S_OK);
    assert_true(ID3D11InfoQueue_GetBreakOnCategory(queue, D3D11_MESSAGE_CATEGORY_EXECUTION));
    assert_int_equal(ID3D11InfoQueue_SetBreakOnCategory(queue, (D3D11_MESSAGE_CATEGORY)11, TRUE), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_SetBreakOnSeverity(queue, (D3D11_MESSAGE_SEVERITY)5, TRUE), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_SetBreakOnID(queue, D3D11_MESSAGE_ID_LIVE_DEVICE, TRUE), S_OK);
    assert_true(ID3D11InfoQueue_GetBreakOnID(queue, D3D11_MESSAGE_ID_LIVE_DEVICE));
    assert_int_equal(ID3D11InfoQueue_SetBreakOnID(queue, D3D11_MESSAGE_ID_LIVE_DEVICE, FALSE), S_OK);
    assert_false(ID3D11InfoQueue_GetBreakOnID(queue, D3D11_MESSAGE_ID_LIVE_DEVICE));

    /* The message count limit. */
    stored = ID3D11InfoQueue_GetNumStoredMessages(queue);
    assert_int_equal(stored, 9);
    assert_int_equal(ID3D11InfoQueue_SetMessageCountLimit(queue, 2), S_OK);
    assert_int_equal(ID3D11InfoQueue_GetMessageCountLimit(queue), 2);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 2);
    assert_int_equal(ID3D11InfoQueue_GetNumMessagesDiscardedByMessageCountLimit(queue), 7);
    ID3D11InfoQueue_ClearStoredMessages(queue);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 0);
    assert_int_equal(ID3D11InfoQueue_SetMessageCountLimit(queue, D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT), S_OK);

    /* ID3D11Debug. */
    assert_int_equal(ID3D11Debug_GetFeatureMask(debug), 0);
    assert_int_equal(ID3D11Debug_SetFeatureMask(debug, D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP
            | D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS), S_OK);
    assert_int_equal(ID3D11Debug_GetFeatureMask(debug), D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP
            | D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS);
    assert_int_equal(ID3D11Debug_SetFeatureMask(debug, 0x20), E_INVALIDARG);
    assert_int_equal(ID3D11Debug_GetFeatureMask(debug), D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP
            | D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS);
    assert_int_equal(ID3D11Debug_SetPresentPerRenderOpDelay(debug, 250), S_OK);
    assert_int_equal(ID3D11Debug_GetPresentPerRenderOpDelay(debug), 250);
    assert_int_equal(ID3D11Debug_GetSwapChain(debug, NULL), E_INVALIDARG);
    swapchain = (IDXGISwapChain *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11Debug_GetSwapChain(debug, &swapchain), S_OK);
    assert_null(swapchain);
    assert_int_equal(ID3D11Debug_SetSwapChain(debug, NULL), S_OK);
    assert_int_equal(ID3D11Debug_ValidateContext(debug, context), S_OK);
    assert_int_equal(ID3D11Debug_ValidateContext(debug, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11Debug_ValidateContextForDispatch(debug, context), S_OK);
    assert_int_equal(ID3D11Debug_ValidateContextForDispatch(debug, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11Debug_ReportLiveDeviceObjects(debug, (D3D11_RLDO_FLAGS)8), E_INVALIDARG);
    assert_int_equal(ID3D11Debug_ReportLiveDeviceObjects(debug, D3D11_RLDO_DETAIL), S_OK);
    check_message(queue, 0, D3D11_MESSAGE_ID_LIVE_DEVICE, D3D11_MESSAGE_CATEGORY_STATE_CREATION,
            D3D11_MESSAGE_SEVERITY_WARNING, "Live ID3D11Device at ");
    check_message(queue, 1, D3D11_MESSAGE_ID_LIVE_CONTEXT, D3D11_MESSAGE_CATEGORY_STATE_CREATION,
            D3D11_MESSAGE_SEVERITY_WARNING, "Refcount: 1");

    ID3D11DeviceContext_Release(context);
    ID3D11Debug_Release(debug);
    ID3D11InfoQueue_Release(queue);
    assert_int_equal(ID3D11Device_Release(device), 0);

    /* A debug device created single-threaded says why it has no deferred contexts. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL,
            D3D11_CREATE_DEVICE_DEBUG | D3D11_CREATE_DEVICE_SINGLETHREADED, NULL, 0, D3D11_SDK_VERSION, &device, NULL,
            NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    ID3D11InfoQueue_SetMuteDebugOutput(queue, TRUE);
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), DXGI_ERROR_INVALID_CALL);
    check_message(queue, 0, D3D11_MESSAGE_ID_CREATEDEFERREDCONTEXT_SINGLETHREADED,
            D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, "SINGLETHREADED");
    ID3D11InfoQueue_Release(queue);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* A stand-in IDXGISwapChain for ID3D11Debug::SetSwapChain, which only keeps a
 * reference: IUnknown alone, counting its references. */
struct fake_swapchain
{
    IDXGISwapChain iface;
    LONG refcount;
};

static HRESULT STDMETHODCALLTYPE fake_swapchain_QueryInterface(IDXGISwapChain *iface, REFIID riid, void **out)
{
    (void)iface;
    (void)riid;
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE fake_swapchain_AddRef(IDXGISwapChain *iface)
{
    return (ULONG)++((struct fake_swapchain *)iface)->refcount;
}

static ULONG STDMETHODCALLTYPE fake_swapchain_Release(IDXGISwapChain *iface)
{
    return (ULONG)--((struct fake_swapchain *)iface)->refcount;
}

/* stderr while `run` runs, read back (malloc'ed, NUL-terminated). */
static char *capture_stderr(void (*run)(void *), void *arg)
{
    FILE *file = tmpfile();
    char *text;
    long size;
    int saved;

    assert_non_null(file);
    fflush(stderr);
    saved = dup(2);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(file), 2) >= 0);
    run(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fseek(file, 0, SEEK_END);
    size = ftell(file);
    rewind(file);
    text = calloc(1, (size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, file), (size_t)size);
    fclose(file);
    return text;
}

static void emit_messages(void *arg)
{
    ID3D11Device *device = arg;
    ID3D11InfoQueue *queue;
    D3D11_FEATURE_DATA_THREADING threading;

    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, (D3D11_FEATURE)999, &threading, sizeof(threading)),
            E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_AddApplicationMessage(queue, D3D11_MESSAGE_SEVERITY_WARNING, "from the app"),
            S_OK);
    assert_int_equal(ID3D11InfoQueue_AddMessage(queue, D3D11_MESSAGE_CATEGORY_SHADER, D3D11_MESSAGE_SEVERITY_INFO,
            (D3D11_MESSAGE_ID)0x7ffffff0, "no such id"), S_OK);
    ID3D11InfoQueue_Release(queue);
}

/* ID3D11Debug's and ID3D11InfoQueue's own IUnknown methods, SetSwapChain with
 * a swap chain (kept, handed back, released when replaced and with the device),
 * a debug-layer refusal of a feature newer than the device's runtime, and the
 * debug output an unmuted queue writes to stderr. */
static void test_debug_interfaces_and_output(void **state)
{
    static IDXGISwapChainVtbl fake_vtbl; /* IUnknown's three; nothing else is called */
    struct fake_swapchain fake = {{&fake_vtbl}, 1};
    D3D11_FEATURE_DATA_D3D11_OPTIONS options;
    IDXGISwapChain *swapchain;
    ID3D11InfoQueue *queue;
    ID3D11Debug *debug;
    ID3D11Device *device;
    IUnknown *unknown;
    ULONG refcount;
    char *text;

    (void)state;
    fake_vtbl.QueryInterface = fake_swapchain_QueryInterface;
    fake_vtbl.AddRef = fake_swapchain_AddRef;
    fake_vtbl.Release = fake_swapchain_Release;
    reset();
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG, NULL, 0,
            D3D11_SDK_VERSION, &device, NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Debug, (void **)&debug), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    refcount = get_refcount(device);
    assert_int_equal(ID3D11Debug_AddRef(debug), refcount + 1);
    assert_int_equal(ID3D11InfoQueue_AddRef(queue), refcount + 2);
    assert_int_equal(ID3D11Debug_Release(debug), refcount + 1);
    assert_int_equal(ID3D11InfoQueue_Release(queue), refcount);
    assert_int_equal(ID3D11Debug_QueryInterface(debug, &IID_ID3D11Device, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, device);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11Debug_QueryInterface(debug, &IID_ID3D11InfoQueue, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, queue);
    IUnknown_Release(unknown);
    assert_int_equal(get_refcount(device), refcount);

    /* SetSwapChain keeps a reference; GetSwapChain hands out another. */
    assert_int_equal(ID3D11Debug_SetSwapChain(debug, &fake.iface), S_OK);
    assert_int_equal(fake.refcount, 2);
    swapchain = NULL;
    assert_int_equal(ID3D11Debug_GetSwapChain(debug, &swapchain), S_OK);
    assert_ptr_equal(swapchain, &fake.iface);
    assert_int_equal(fake.refcount, 3);
    IDXGISwapChain_Release(swapchain);
    assert_int_equal(ID3D11Debug_SetSwapChain(debug, &fake.iface), S_OK); /* the same one again */
    assert_int_equal(fake.refcount, 2);
    assert_int_equal(ID3D11Debug_SetSwapChain(debug, NULL), S_OK);
    assert_int_equal(fake.refcount, 1);
    assert_int_equal(ID3D11Debug_SetSwapChain(debug, &fake.iface), S_OK);
    assert_int_equal(fake.refcount, 2);

    ID3D11Debug_Release(debug);
    ID3D11InfoQueue_Release(queue);
    assert_int_equal(ID3D11Device_Release(device), 0); /* the kept swap chain with it */
    assert_int_equal(fake.refcount, 1);

    /* A feature newer than the device's runtime: refused, and the message
     * names the feature and both runtimes. */
    assert_int_equal(mockd3d12_set_d3d11_runtime(MOCKD3D12_D3D11_RUNTIME_11_0), S_OK);
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG, NULL, 0,
            D3D11_SDK_VERSION, &device, NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    ID3D11InfoQueue_SetMuteDebugOutput(queue, TRUE);
    memset(&options, 0x5a, sizeof(options));
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)),
            E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 1);
    check_message(queue, 0, D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE,
            D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR,
            "D3D11_FEATURE_D3D11_OPTIONS needs the Direct3D 11.1 runtime; the device's is 11.0");
    ID3D11InfoQueue_Release(queue);
    assert_int_equal(ID3D11Device_Release(device), 0);
    reset();

    /* Unmuted (the default): each stored message is written to stderr as
     * "D3D11 <SEVERITY>: <text> [ <CATEGORY> <SEVERITY> #<id>: <NAME>]". */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG, NULL, 0,
            D3D11_SDK_VERSION, &device, NULL, NULL), S_OK);
    text = capture_stderr(emit_messages, device);
#ifdef _WIN32
    /* d3d11.dll's C runtime may not be the test's: its stderr is not the
     * descriptor redirected here, so only the calls are checked. */
    (void)text;
#else
    if (!strstr(text, "D3D11 ERROR: ID3D11Device::CheckFeatureSupport: Feature 999 is not a D3D11_FEATURE")
            || !strstr(text, " [ MISCELLANEOUS ERROR #")
            || !strstr(text, ": DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE]\n")
            || !strstr(text, "D3D11 WARNING: from the app [ APPLICATION_DEFINED WARNING #")
            || !strstr(text, ": STRING_FROM_APPLICATION]\n")
            || !strstr(text, "D3D11 INFO: no such id [ SHADER INFO #2147483632: UNKNOWN]\n"))
        fail_msg("debug output:\n%s", text);
#endif
    free(text);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ID3D11Multithread on the immediate context: Wine's test_immediate_context
 * rows (same reference count as the context, protection off), the switch,
 * and a lock one thread may take again while another waits. */
struct multithread_ctx
{
    ID3D11Multithread *multithread;
    volatile LONG entered;
};

#ifdef _WIN32
static DWORD WINAPI multithread_thread(void *arg)
#else
static void *multithread_thread(void *arg)
#endif
{
    struct multithread_ctx *ctx = arg;

    ID3D11Multithread_Enter(ctx->multithread);
    __atomic_store_n(&ctx->entered, 1, __ATOMIC_SEQ_CST);
    ID3D11Multithread_Leave(ctx->multithread);
    return 0;
}

static void test_multithread(void **state)
{
    struct multithread_ctx ctx;
    ID3D11DeviceContext *context;
    ID3D11Multithread *multithread;
    ID3D11Device *device;
    ULONG refcount;
    unsigned i;
#ifdef _WIN32
    HANDLE thread;
#else
    pthread_t thread;
#endif

    (void)state;
    reset();
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, &context), S_OK);
    refcount = get_refcount(context);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11Multithread, (void **)&multithread), S_OK);
    assert_int_equal(get_refcount(context), refcount + 1);
    assert_int_equal(get_refcount(multithread), refcount + 1);
    assert_false(ID3D11Multithread_GetMultithreadProtected(multithread));
    assert_false(ID3D11Multithread_SetMultithreadProtected(multithread, TRUE));
    assert_true(ID3D11Multithread_GetMultithreadProtected(multithread));
    assert_true(ID3D11Multithread_SetMultithreadProtected(multithread, FALSE));
    assert_false(ID3D11Multithread_GetMultithreadProtected(multithread));

    /* Recursive on one thread; another waits until the last Leave. */
    ID3D11Multithread_Enter(multithread);
    ID3D11Multithread_Enter(multithread);
    ctx.multithread = multithread;
    ctx.entered = 0;
#ifdef _WIN32
    thread = CreateThread(NULL, 0, multithread_thread, &ctx, 0, NULL);
    assert_non_null(thread);
#else
    assert_int_equal(pthread_create(&thread, NULL, multithread_thread, &ctx), 0);
#endif
    for (i = 0; i < 20; ++i)
    {
#ifdef _WIN32
        Sleep(1);
#else
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
#endif
    }
    assert_int_equal(__atomic_load_n(&ctx.entered, __ATOMIC_SEQ_CST), 0);
    ID3D11Multithread_Leave(multithread);
    assert_int_equal(__atomic_load_n(&ctx.entered, __ATOMIC_SEQ_CST), 0);
    ID3D11Multithread_Leave(multithread);
#ifdef _WIN32
    WaitForSingleObject(thread, INFINITE);
    CloseHandle(thread);
#else
    pthread_join(thread, NULL);
#endif
    assert_int_equal(__atomic_load_n(&ctx.entered, __ATOMIC_SEQ_CST), 1);
    ID3D11Multithread_Leave(multithread); /* not entered: ignored */
    ID3D11Multithread_Enter(multithread);
    ID3D11Multithread_Leave(multithread);

    ID3D11Multithread_Release(multithread);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

static void test_private_data(void **state)
{
    static const GUID guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    ID3D11DeviceContext *context;
    ID3D11Device *device;
    UINT value = 42, out = 0, size = sizeof(out);

    (void)state;
    reset();
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
            &device, NULL, &context), S_OK);
    assert_int_equal(ID3D11Device_GetPrivateData(device, &guid, &size, &out), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(ID3D11Device_SetPrivateData(device, &guid, sizeof(value), &value), S_OK);
    size = sizeof(out);
    assert_int_equal(ID3D11Device_GetPrivateData(device, &guid, &size, &out), S_OK);
    assert_int_equal(out, 42);
    /* Interfaces are held. */
    assert_int_equal(ID3D11DeviceContext_SetPrivateDataInterface(context, &guid, (IUnknown *)device), S_OK);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D11DeviceContext_SetPrivateDataInterface(context, &guid, NULL), S_OK);
    assert_int_equal(get_refcount(device), 2);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- D3D11On12CreateDevice ---- */

struct on12_env
{
    ID3D12Device *device, *other_device;
    ID3D12CommandQueue *direct, *direct2, *compute, *copy, *other_queue;
};

static ID3D12CommandQueue *make_queue(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_COMMAND_QUEUE_DESC desc;
    ID3D12CommandQueue *queue;

    memset(&desc, 0, sizeof(desc));
    desc.Type = type;
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    return queue;
}

static void on12_env_init(struct on12_env *env, const char *id, const char *other_id)
{
    IUnknown *adapter;

    adapter = adapter_object(id);
    assert_int_equal(D3D12CreateDevice(adapter, FL(11, 0), &IID_ID3D12Device, (void **)&env->device), S_OK);
    IUnknown_Release(adapter);
    adapter = adapter_object(other_id);
    assert_int_equal(D3D12CreateDevice(adapter, FL(11, 0), &IID_ID3D12Device, (void **)&env->other_device), S_OK);
    IUnknown_Release(adapter);
    env->direct = make_queue(env->device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    env->direct2 = make_queue(env->device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    env->compute = make_queue(env->device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    env->copy = make_queue(env->device, D3D12_COMMAND_LIST_TYPE_COPY);
    env->other_queue = make_queue(env->other_device, D3D12_COMMAND_LIST_TYPE_DIRECT);
}

static void on12_env_release(struct on12_env *env)
{
    ID3D12CommandQueue_Release(env->direct);
    ID3D12CommandQueue_Release(env->direct2);
    ID3D12CommandQueue_Release(env->compute);
    ID3D12CommandQueue_Release(env->copy);
    ID3D12CommandQueue_Release(env->other_queue);
    ID3D12Device_Release(env->device);
    ID3D12Device_Release(env->other_device);
}

enum on12_dev { DEV_D3D12, DEV_NULL, DEV_QUEUE, DEV_D3D11 };
enum on12_queues { Q_NONE, Q_DIRECT, Q_TWO_DIRECT, Q_SAME_TWICE, Q_COMPUTE, Q_COPY, Q_OTHER_DEVICE, Q_NULL_ENTRY,
        Q_NOT_A_QUEUE, Q_NULL_ARRAY };

static const D3D_FEATURE_LEVEL on12_seed_levels[] = {FL(12, 1), FL(12, 0), FL(11, 1), FL(11, 0), FL(10, 1), FL(10, 0), FL(9, 3), FL(9, 2), FL(9, 1)};
static const D3D_FEATURE_LEVEL on12_high[] = {D3D_FEATURE_LEVEL_12_2};
static const D3D_FEATURE_LEVEL on12_12_1_first[] = {FL(12, 1), FL(10, 0)};

static const struct on12_row
{
    const char *name;
    const char *adapter_id;
    enum on12_dev dev;
    UINT flags;
    const D3D_FEATURE_LEVEL *levels;
    UINT count;
    enum on12_queues queues;
    UINT node_mask;
    int sdk_layers;
    mockd3d12_d3d11_runtime runtime;
    HRESULT hr;
    D3D_FEATURE_LEVEL level;
}
on12_rows[] =
{
    {"the sample's call (NULL levels)", "nvidia-rtx-4090", DEV_D3D12, D3D11_CREATE_DEVICE_BGRA_SUPPORT, NULL, 0, Q_DIRECT, 0, -1, 0, S_OK, D3D_FEATURE_LEVEL_12_2},
    {"NULL levels on a 12_0 adapter", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_DIRECT, 0, -1, 0, S_OK, FL(12, 0)},
    {"seed list on a 12_2 adapter", "nvidia-rtx-4090", DEV_D3D12, 0, on12_seed_levels, 9, Q_DIRECT, 1, -1, 0, S_OK, FL(12, 1)},
    {"seed list on a 12_0 adapter", "amd-rx-580", DEV_D3D12, 0, on12_seed_levels, 9, Q_DIRECT, 1, -1, 0, S_OK, FL(12, 0)},
    {"seed list on an 11_0 adapter", "fl11-minimal", DEV_D3D12, 0, on12_seed_levels, 9, Q_DIRECT, 1, -1, 0, S_OK, FL(11, 0)},
    {"12_2 on a 12_1 adapter: none acceptable", "intel-iris-xe", DEV_D3D12, 0, on12_high, 1, Q_DIRECT, 0, -1, 0, E_INVALIDARG, 0},
    {"12_1 then 10_0 on a 12_0 adapter", "amd-rx-580", DEV_D3D12, 0, on12_12_1_first, 2, Q_DIRECT, 0, -1, 0, S_OK, FL(10, 0)},
    {"levels with count 0", "amd-rx-580", DEV_D3D12, 0, on12_seed_levels, 0, Q_DIRECT, 0, -1, 0, E_INVALIDARG, 0},
    {"no queues", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_NONE, 0, -1, 0, S_OK, FL(12, 0)},
    {"two direct queues", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_TWO_DIRECT, 0, -1, 0, S_OK, FL(12, 0)},
    {"the same queue twice", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_SAME_TWICE, 0, -1, 0, E_INVALIDARG, 0},
    {"a compute queue", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_COMPUTE, 0, -1, 0, E_INVALIDARG, 0},
    {"a copy queue", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_COPY, 0, -1, 0, E_INVALIDARG, 0},
    {"a queue of another device", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_OTHER_DEVICE, 0, -1, 0, E_INVALIDARG, 0},
    {"a NULL queue", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_NULL_ENTRY, 0, -1, 0, E_INVALIDARG, 0},
    {"a device as queue", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_NOT_A_QUEUE, 0, -1, 0, E_INVALIDARG, 0},
    {"NumQueues without array", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_NULL_ARRAY, 0, -1, 0, E_INVALIDARG, 0},
    {"NULL device", "amd-rx-580", DEV_NULL, 0, NULL, 0, Q_DIRECT, 0, -1, 0, E_INVALIDARG, 0},
    {"a queue as device", "amd-rx-580", DEV_QUEUE, 0, NULL, 0, Q_DIRECT, 0, -1, 0, E_INVALIDARG, 0},
    {"a D3D11 device as device", "amd-rx-580", DEV_D3D11, 0, NULL, 0, Q_DIRECT, 0, -1, 0, E_INVALIDARG, 0},
    {"NodeMask 3", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_DIRECT, 3, -1, 0, E_INVALIDARG, 0},
    {"NodeMask 0x80000001", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_DIRECT, 0x80000001u, -1, 0, E_INVALIDARG, 0},
    {"NodeMask 2 on one node", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_DIRECT, 2, -1, 0, E_INVALIDARG, 0},
    {"DEBUG with SDK layers", "amd-rx-580", DEV_D3D12, D3D11_CREATE_DEVICE_DEBUG, NULL, 0, Q_DIRECT, 0, 1, 0, S_OK, FL(12, 0)},
    {"DEBUG without SDK layers", "amd-rx-580", DEV_D3D12, D3D11_CREATE_DEVICE_DEBUG, NULL, 0, Q_DIRECT, 0, 0, 0, DXGI_ERROR_SDK_COMPONENT_MISSING, 0},
    {"no DEBUG without SDK layers", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_DIRECT, 0, 0, 0, S_OK, FL(12, 0)},
    {"11.2 runtime: no 11on12", "amd-rx-580", DEV_D3D12, 0, NULL, 0, Q_DIRECT, 0, -1, MOCKD3D12_D3D11_RUNTIME_11_2, E_NOTIMPL, 0},
};

static void test_on12_matrix(void **state)
{
    struct row_failures failures = {0};
    unsigned i, outs;
    char name[160];

    (void)state;
    for (i = 0; i < ARRAY_SIZE(on12_rows); ++i)
    {
        const struct on12_row *row = &on12_rows[i];

        for (outs = 0; outs < 4; ++outs) /* bit 0: ppDevice, bit 1: ppImmediateContext */
        {
            ID3D11DeviceContext *context = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
            ID3D11Device *device = (ID3D11Device *)(uintptr_t)0xdeadbeef, *d3d11 = NULL;
            D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)0xdeadbeef;
            IUnknown *queues[2] = {NULL, NULL}, *dev = NULL;
            UINT queue_count = 0;
            struct on12_env env;
            HRESULT hr, expected;

            reset();
            on12_env_init(&env, row->adapter_id, "intel-hd-530");
            assert_int_equal(mockd3d12_set_d3d11_sdk_layers(row->sdk_layers), S_OK);
            switch (row->queues)
            {
                case Q_NONE: break;
                case Q_DIRECT: queues[0] = (IUnknown *)env.direct; queue_count = 1; break;
                case Q_TWO_DIRECT: queues[0] = (IUnknown *)env.direct; queues[1] = (IUnknown *)env.direct2; queue_count = 2; break;
                case Q_SAME_TWICE: queues[0] = queues[1] = (IUnknown *)env.direct; queue_count = 2; break;
                case Q_COMPUTE: queues[0] = (IUnknown *)env.compute; queue_count = 1; break;
                case Q_COPY: queues[0] = (IUnknown *)env.copy; queue_count = 1; break;
                case Q_OTHER_DEVICE: queues[0] = (IUnknown *)env.other_queue; queue_count = 1; break;
                case Q_NULL_ENTRY: queue_count = 1; break;
                case Q_NOT_A_QUEUE: queues[0] = (IUnknown *)env.device; queue_count = 1; break;
                case Q_NULL_ARRAY: queue_count = 1; break;
            }
            switch (row->dev)
            {
                case DEV_D3D12: dev = (IUnknown *)env.device; break;
                case DEV_NULL: break;
                case DEV_QUEUE: dev = (IUnknown *)env.direct; break;
                case DEV_D3D11:
                    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                            D3D11_SDK_VERSION, &d3d11, NULL, NULL), S_OK);
                    dev = (IUnknown *)d3d11;
                    break;
            }
            assert_int_equal(mockd3d12_set_d3d11_runtime(row->runtime), S_OK);
            hr = D3D11On12CreateDevice(dev, row->flags, row->levels, row->count,
                    row->queues == Q_NULL_ARRAY ? NULL : queues, queue_count, row->node_mask,
                    (outs & 1) ? &device : NULL, (outs & 2) ? &context : NULL, &level);
            expected = row->hr == S_OK && !outs ? S_FALSE : row->hr;
            snprintf(name, sizeof(name), "%s, outs %u", row->name, outs);
            if (hr != expected || level != row->level)
                row_fail(&failures, i, name, "hr %#x level %#x, expected %#x level %#x", (unsigned)hr,
                        (unsigned)level, (unsigned)expected, (unsigned)row->level);
            if (SUCCEEDED(hr) && outs)
            {
                ID3D11Device *owner = NULL;
                ID3D11On12Device *on12;
                ULONG refs;

                if (((outs & 1) && !device) || ((outs & 2) && !context))
                {
                    /* Nothing to check or release: the row stops here. */
                    row_fail(&failures, i, name, "device %p context %p", (outs & 1) ? (void *)device : NULL,
                            (outs & 2) ? (void *)context : NULL);
                    goto next_row;
                }
                if (outs & 2)
                {
                    ID3D11DeviceContext_GetDevice(context, &owner);
                    if ((outs & 1) && owner != device)
                        row_fail(&failures, i, name, "the context's device is %p, not %p", (void *)owner,
                                (void *)device);
                }
                else
                {
                    owner = device;
                    ID3D11Device_AddRef(owner);
                }
                if (!owner)
                {
                    row_fail(&failures, i, name, "the context has no device");
                }
                else
                {
                    if (ID3D11Device_GetFeatureLevel(owner) != row->level)
                        row_fail(&failures, i, name, "GetFeatureLevel %#x, expected %#x",
                                (unsigned)ID3D11Device_GetFeatureLevel(owner), (unsigned)row->level);
                    if (ID3D11Device_GetCreationFlags(owner) != row->flags)
                        row_fail(&failures, i, name, "GetCreationFlags %#x, expected %#x",
                                ID3D11Device_GetCreationFlags(owner), row->flags);
                    if ((hr = ID3D11Device_QueryInterface(owner, &IID_ID3D11On12Device, (void **)&on12)) != S_OK)
                        row_fail(&failures, i, name, "QueryInterface(ID3D11On12Device): %#x", (unsigned)hr);
                    else
                        ID3D11On12Device_Release(on12);
                    ID3D11Device_Release(owner);
                }
                if (outs & 2)
                    ID3D11DeviceContext_Release(context);
                if ((outs & 1) && (refs = ID3D11Device_Release(device)) != 0)
                    row_fail(&failures, i, name, "device Release: %u references left", (unsigned)refs);
            }
            else
            {
                if ((outs & 1) && device)
                    row_fail(&failures, i, name, "device not cleared");
                if ((outs & 2) && context)
                    row_fail(&failures, i, name, "context not cleared");
            }
next_row:
            if (d3d11)
                ID3D11Device_Release(d3d11);
            on12_env_release(&env);
        }
    }
    reset();
    rows_done(&failures);
}

/* The D3D12 device's references are kept and given back. */
static void test_on12_references_and_caps(void **state)
{
    static const D3D_FEATURE_LEVEL at_11_0[] = {FL(11, 0)};
    D3D12_FEATURE_DATA_D3D12_OPTIONS o12;
    D3D11_FEATURE_DATA_D3D11_OPTIONS2 o2;
    D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_RENDER_TARGET, 0, 0, 0};
    ID3D11On12Device *on12;
    ID3D11Device *device;
    struct on12_env env;
    IUnknown *queue;
    void *resource;
    ULONG device_refs, queue_refs;

    (void)state;
    reset();
    on12_env_init(&env, "intel-arc-a770", "intel-hd-530");
    device_refs = get_refcount(env.device);
    queue_refs = get_refcount(env.direct);
    queue = (IUnknown *)env.direct;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)env.device, 0, at_11_0, 1, &queue, 1, 0, &device, NULL, NULL), S_OK);
    assert_true(get_refcount(env.device) > device_refs);
    assert_int_equal(get_refcount(env.direct), queue_refs + 1);

    /* The capabilities of the underlying D3D12 adapter. */
    assert_int_equal(ID3D12Device_CheckFeatureSupport(env.device, D3D12_FEATURE_D3D12_OPTIONS, &o12, sizeof(o12)), S_OK);
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_D3D11_OPTIONS2, &o2, sizeof(o2)), S_OK);
    assert_int_equal(o2.ROVsSupported, o12.ROVsSupported);
    assert_int_equal((UINT)o2.ConservativeRasterizationTier, (UINT)o12.ConservativeRasterizationTier);

    /* CreateWrappedResource: argument checks (the rest: test_d3d11on12.c). */
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11On12Device, (void **)&on12), S_OK);
    resource = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, NULL, &flags, D3D12_RESOURCE_STATE_RENDER_TARGET,
            D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, &resource), E_INVALIDARG);
    assert_null(resource);
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, (IUnknown *)env.device, NULL,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, &resource),
            E_INVALIDARG);
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, (IUnknown *)env.device, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, &resource),
            E_INVALIDARG); /* not an ID3D12Resource */
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, (IUnknown *)env.device, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, NULL),
            E_INVALIDARG);
    ID3D11On12Device_ReleaseWrappedResources(on12, NULL, 0);
    ID3D11On12Device_AcquireWrappedResources(on12, NULL, 0);
    ID3D11On12Device_Release(on12);

    assert_int_equal(ID3D11Device_Release(device), 0);
    assert_int_equal(get_refcount(env.device), device_refs);
    assert_int_equal(get_refcount(env.direct), queue_refs);
    on12_env_release(&env);
}

/* The library as a program that loads it at run time finds it: dlopen of
 * libd3d11.so.0 on Linux, LoadLibrary of d3d11.dll (ours, next to the
 * program) on Windows. */
#ifdef _WIN32
typedef HMODULE library;
static library open_d3d11(void) { return LoadLibraryA("d3d11.dll"); }
static void *library_symbol(library lib, const char *name) { return (void *)(uintptr_t)GetProcAddress(lib, name); }
static void close_library(library lib) { FreeLibrary(lib); }
#else
typedef void *library;
static library open_d3d11(void) { return dlopen("libd3d11.so.0", RTLD_NOW); }
static void *library_symbol(library lib, const char *name) { return dlsym(lib, name); }
static void close_library(library lib) { dlclose(lib); }
#endif

/* PFN_D3D11ON12_CREATE_DEVICE and PFN_D3D11_CREATE_DEVICE through
 * dlsym / GetProcAddress. */
static void test_dlsym(void **state)
{
    PFN_D3D11ON12_CREATE_DEVICE on12_create;
    PFN_D3D11_CREATE_DEVICE create;
    D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)0;
    struct on12_env env;
    library lib;

    (void)state;
    reset();
    assert_non_null(lib = open_d3d11());
    *(void **)&on12_create = library_symbol(lib, "D3D11On12CreateDevice");
    *(void **)&create = library_symbol(lib, "D3D11CreateDevice");
    assert_non_null(on12_create);
    assert_non_null(create);
    assert_int_equal(create(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, NULL, &level, NULL), S_FALSE);
    assert_int_equal(level, FL(11, 0));
    on12_env_init(&env, "amd-rx-580", "intel-hd-530");
    assert_int_equal(on12_create((IUnknown *)env.device, 0, NULL, 0, NULL, 0, 0, NULL, NULL, &level), S_FALSE);
    assert_int_equal(level, FL(12, 0));
    on12_env_release(&env);
    close_library(lib);
}

/* ---- Resources (the rest of their rows: test_d3d11_resources.c) ---- */

/* A shader-resource buffer with CPU write access is refused on runtime 11.1. */
static void test_resource_access_runtime_11_1(void **state)
{
    D3D11_BUFFER_DESC bdesc;
    ID3D11Device *device;
    D3D_FEATURE_LEVEL level = FL(11, 0);

    (void)state;
    reset();
    assert_int_equal(mockd3d12_set_d3d11_runtime(MOCKD3D12_D3D11_RUNTIME_11_1), S_OK);
    device = create_on("nvidia-rtx-4090", &level, 1);
    memset(&bdesc, 0, sizeof(bdesc));
    bdesc.ByteWidth = 1024;
    bdesc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    bdesc.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &bdesc, NULL, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11Device_Release(device), 0);
    reset();
}

/* ---- Device removal (docs/faults.md): a fault plan's TDR removes the
 * adapter's D3D12 devices, the one behind a D3D11 device included ---- */

static void test_removed_with_the_adapter(void **state)
{
    D3D11_BUFFER_DESC bdesc = {256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC staging_desc = {256, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0, 0};
    ID3D11Buffer *buffer = SENTINEL, *staging = NULL;
    ID3D11Device *on_warp, *on_other, *again;
    IUnknown *adapter = adapter_object("warp");
    ID3D11DeviceContext *immediate, *deferred = NULL;
    ID3D11CommandList *list = SENTINEL;
    D3D11_MAPPED_SUBRESOURCE mapped;
    ID3D12Device *d3d12 = NULL;
    ID3D12Fence *fence = SENTINEL;

    (void)state;
    on_warp = create_on("warp", NULL, 0);
    ID3D11Device_GetImmediateContext(on_warp, &immediate);
    assert_int_equal(ID3D11Device_CreateBuffer(on_warp, &staging_desc, NULL, &staging), S_OK);
    assert_int_equal(ID3D11Device_CreateDeferredContext(on_warp, 0, &deferred), S_OK);
    on_other = create_on("nvidia-rtx-4090", NULL, 0);
    assert_int_equal(ID3D11Device_GetDeviceRemovedReason(on_warp), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d3d12), S_OK);
    assert_int_equal(mockd3d12_set_faults("remove:reset@CreateFence#1"), S_OK);
    assert_int_equal(ID3D12Device_CreateFence(d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(fence);
    assert_int_equal(ID3D11Device_GetDeviceRemovedReason(on_warp), DXGI_ERROR_DEVICE_RESET);
    /* Its creations answer the removal, whatever the reason. */
    assert_int_equal(ID3D11Device_CreateBuffer(on_warp, &bdesc, NULL, &buffer), DXGI_ERROR_DEVICE_REMOVED);
    assert_null(buffer);
    /* Its contexts: a map with CPU read access answers the removal (Map's
     * documentation), a write-only one goes on; FinishCommandList answers
     * it with no list (its documentation). */
    mapped.pData = SENTINEL;
    assert_int_equal(ID3D11DeviceContext_Map(immediate, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &mapped),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(mapped.pData);
    assert_int_equal(ID3D11DeviceContext_Map(immediate, (ID3D11Resource *)staging, 0, D3D11_MAP_READ_WRITE, 0,
            &mapped), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D11DeviceContext_Map(immediate, (ID3D11Resource *)staging, 0, D3D11_MAP_WRITE, 0, &mapped),
            S_OK);
    assert_non_null(mapped.pData);
    ID3D11DeviceContext_Unmap(immediate, (ID3D11Resource *)staging, 0);
    /* An invalid map is still refused as invalid first. */
    assert_int_equal(ID3D11DeviceContext_Map(immediate, (ID3D11Resource *)staging, 0, D3D11_MAP_WRITE_DISCARD, 0,
            &mapped), E_INVALIDARG);
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(deferred, FALSE, &list), DXGI_ERROR_DEVICE_REMOVED);
    assert_null(list);
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(immediate, FALSE, &list), DXGI_ERROR_INVALID_CALL);
    /* Another adapter's device goes on; a new device on the adapter recovers. */
    assert_int_equal(ID3D11Device_GetDeviceRemovedReason(on_other), S_OK);
    assert_int_equal(ID3D11Device_CreateBuffer(on_other, &bdesc, NULL, &buffer), S_OK);
    ID3D11Buffer_Release(buffer);
    again = create_on("warp", NULL, 0);
    assert_int_equal(ID3D11Device_GetDeviceRemovedReason(again), S_OK);
    assert_int_equal(ID3D11Device_CreateBuffer(again, &bdesc, NULL, &buffer), S_OK);
    ID3D11Buffer_Release(buffer);
    assert_int_equal(mockd3d12_set_faults(NULL), S_OK);

    /* The new device's contexts map and record again. */
    ID3D11Buffer_Release(staging);
    ID3D11DeviceContext_Release(deferred);
    ID3D11DeviceContext_Release(immediate);
    staging_desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateBuffer(again, &staging_desc, NULL, &staging), S_OK);
    ID3D11Device_GetImmediateContext(again, &immediate);
    assert_int_equal(ID3D11DeviceContext_Map(immediate, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &mapped),
            S_OK);
    ID3D11DeviceContext_Unmap(immediate, (ID3D11Resource *)staging, 0);
    assert_int_equal(ID3D11Device_CreateDeferredContext(again, 0, &deferred), S_OK);
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(deferred, FALSE, &list), S_OK);
    assert_non_null(list);
    ID3D11CommandList_Release(list);
    ID3D11DeviceContext_Release(deferred);
    ID3D11DeviceContext_Release(immediate);
    ID3D11Buffer_Release(staging);

    ID3D11Device_Release(again);
    ID3D11Device_Release(on_other);
    ID3D11Device_Release(on_warp);
    ID3D12Device_Release(d3d12);
    IUnknown_Release(adapter);
}

/* ---- Coverage rows: the device's and context's NULL arguments, 11on12, driver types ---- */

/*
 * The rows written to cover what the rows above leave of src/d3d11/: NULL
 * out-pointers and IIDs of the device and its immediate
 * context, the context's private data, SetPrivateDataInterface and
 * GetDeviceRemovedReason, the ID3D11On12Device's own IUnknown methods,
 * CreateWrappedResource of unknown bind flags and without an IID,
 * D3D11CreateDevice's driver-type and module rules, and
 * D3D11On12CreateDevice on the last node of a 32-node adapter.
 */

static const GUID test_guid = {0x6d0ba3a1, 0x51f2, 0x4c07, {0x9a, 0x33, 0x1e, 0x2b, 0x44, 0x55, 0x66, 0x77}};

static ID3D12Device *create_d3d12(void)
{
    ID3D12Device *device = NULL;

    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    return device;
}

static ID3D11Device *create_on12(ID3D12Device *d3d12, ID3D11DeviceContext **context)
{
    ID3D11Device *device = NULL;

    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, context, NULL), S_OK);
    return device;
}

static void test_device_and_context(void **state)
{
    ID3D12Device *d3d12 = create_d3d12();
    ID3D11DeviceContext *context = NULL, *context2;
    ID3D11Device *device = create_on12(d3d12, &context), *got_device;
    ID3D11Device5 *device5;
    IUnknown *got;
    void *out = (void *)(uintptr_t)1;
    UINT size, value = 0x1234, read = 0;

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device, NULL), E_POINTER);
    assert_int_equal(ID3D11Device_QueryInterface(device, NULL, &out), E_INVALIDARG);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext, NULL), E_POINTER);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, NULL, &out), E_INVALIDARG);

    /* A NULL out-pointer is ignored, and takes no reference. */
    ID3D11Device_GetImmediateContext(device, NULL);
    ID3D11DeviceContext_GetDevice(context, NULL);
    assert_int_equal(get_refcount((IUnknown *)context), 1);
    ID3D11Device_GetImmediateContext(device, &context2);
    assert_ptr_equal(context2, context);
    ID3D11DeviceContext_Release(context2);
    ID3D11DeviceContext_GetDevice(context, &got_device);
    assert_ptr_equal(got_device, device);
    ID3D11Device_Release(got_device);

    /* The context's private data. */
    assert_int_equal(ID3D11DeviceContext_SetPrivateData(context, &test_guid, sizeof(value), &value), S_OK);
    size = sizeof(read);
    assert_int_equal(ID3D11DeviceContext_GetPrivateData(context, &test_guid, &size, &read), S_OK);
    assert_int_equal(size, sizeof(value));
    assert_int_equal(read, 0x1234);

    /* The device's: an interface, kept with a reference of its own. */
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device5, (void **)&device5), S_OK);
    assert_int_equal(ID3D11Device5_SetPrivateDataInterface(device5, &test_guid, (IUnknown *)d3d12), S_OK);
    assert_int_equal(get_refcount((IUnknown *)d3d12), 3); /* ours, the 11on12 device's, the private data's */
    size = sizeof(got);
    assert_int_equal(ID3D11Device5_GetPrivateData(device5, &test_guid, &size, &got), S_OK);
    assert_ptr_equal(got, (IUnknown *)d3d12);
    IUnknown_Release(got);
    assert_int_equal(ID3D11Device5_SetPrivateDataInterface(device5, &test_guid, NULL), S_OK);
    assert_int_equal(get_refcount((IUnknown *)d3d12), 2);
    assert_int_equal(ID3D11Device5_GetDeviceRemovedReason(device5), S_OK);

    /* CheckMultisampleQualityLevels1: unknown flags clear the count. */
    value = 7;
    assert_int_equal(ID3D11Device5_CheckMultisampleQualityLevels1(device5, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0x2, &value),
            E_INVALIDARG);
    assert_int_equal(value, 0);
    ID3D11Device5_Release(device5);

    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

/* An object that says it is an ID3D12Resource (and nothing else is asked of it). */
struct fake_resource
{
    IUnknown IUnknown_iface;
    atomic_ulong get_refcount;
};

static HRESULT STDMETHODCALLTYPE fake_resource_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    struct fake_resource *r = (struct fake_resource *)iface;

    if (!memcmp(riid, &IID_ID3D12Resource, sizeof(*riid)) || !memcmp(riid, &IID_IUnknown, sizeof(*riid)))
    {
        atomic_fetch_add(&r->get_refcount, 1);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE fake_resource_AddRef(IUnknown *iface)
{
    return (ULONG)atomic_fetch_add(&((struct fake_resource *)iface)->get_refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE fake_resource_Release(IUnknown *iface)
{
    return (ULONG)atomic_fetch_sub(&((struct fake_resource *)iface)->get_refcount, 1) - 1;
}

static IUnknownVtbl fake_resource_vtbl = {fake_resource_QueryInterface, fake_resource_AddRef, fake_resource_Release};

static void test_on12_interface(void **state)
{
    ID3D12Device *d3d12 = create_d3d12();
    ID3D11Device *device = create_on12(d3d12, NULL), *as_device;
    struct fake_resource resource = {{&fake_resource_vtbl}, 1};
    D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_RENDER_TARGET, 0, 0, 0};
    ID3D11On12Device *on12;
    void *out = (void *)(uintptr_t)1;

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11On12Device, (void **)&on12), S_OK);
    /* Its IUnknown is the device's. */
    assert_int_equal(ID3D11On12Device_QueryInterface(on12, &IID_ID3D11Device, (void **)&as_device), S_OK);
    assert_ptr_equal(as_device, device);
    ID3D11Device_Release(as_device);
    assert_int_equal(ID3D11On12Device_AddRef(on12), 3);
    assert_int_equal(ID3D11On12Device_Release(on12), 2);

    flags.BindFlags = 0x80000000u;
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, &resource.IUnknown_iface, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, &out),
            E_INVALIDARG);
    assert_null(out);
    /* Wrapping itself: tests/d3d11/test_d3d11on12.c (an object that only
     * claims to be an ID3D12Resource is called as one, as on Windows). */
    /* No IID: refused before the resource is looked at. */
    out = (void *)(uintptr_t)1;
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, &resource.IUnknown_iface, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(atomic_load(&resource.get_refcount), 1);
    ID3D11On12Device_Release(on12);
    assert_int_equal(ID3D11Device_Release(device), 0);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

/* D3D11CreateDevice: a driver type and its adapter and module go together. */
static void test_driver_types(void **state)
{
    static const struct
    {
        const char *name;
        D3D_DRIVER_TYPE type;
        int adapter, software;
        HRESULT hr;
    }
    rows[] = {
        {"UNKNOWN with a module", D3D_DRIVER_TYPE_UNKNOWN, 1, 1, E_INVALIDARG},
        {"REFERENCE with a module", D3D_DRIVER_TYPE_REFERENCE, 0, 1, E_INVALIDARG},
        {"NULL with an adapter", D3D_DRIVER_TYPE_NULL, 1, 0, E_INVALIDARG},
        {"SOFTWARE with an adapter", D3D_DRIVER_TYPE_SOFTWARE, 1, 1, E_INVALIDARG},
        {"SOFTWARE without a module", D3D_DRIVER_TYPE_SOFTWARE, 0, 0, E_INVALIDARG},
        {"SOFTWARE", D3D_DRIVER_TYPE_SOFTWARE, 0, 1, DXGI_ERROR_UNSUPPORTED},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        /* Never used: every row fails on its arguments. */
        IDXGIAdapter *adapter = rows[i].adapter ? (IDXGIAdapter *)(uintptr_t)0x10 : NULL;
        HMODULE module = rows[i].software ? (HMODULE)(uintptr_t)0x20 : NULL;
        ID3D11Device *device = (ID3D11Device *)(uintptr_t)1;
        D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)1;
        HRESULT hr = D3D11CreateDevice(adapter, rows[i].type, module, 0, NULL, 0, D3D11_SDK_VERSION, &device, &level,
                NULL);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (device || level)
            row_fail(&failures, i, rows[i].name, "outputs not cleared");
    }
    rows_done(&failures);
}

/* The last node of 32 is one D3D11On12CreateDevice accepts; feature level
 * 12_2 may be asked for, and is chosen when the D3D12 device has it. */
static void test_on12_nodes_and_levels(void **state)
{
    static const char profile[] = "{\"id\": \"d3d11-32-nodes\", \"description\": \"32 nodes\","
            " \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"nodeCount\": 32}}";
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_11_0};
    ID3D12Device *d3d12 = NULL;
    ID3D11Device *device = NULL;
    D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)0;
    char error[256] = "";
    IUnknown *adapter;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_get_adapter("d3d11-32-nodes", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d3d12), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_GetNodeCount(d3d12), 32);
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, levels, ARRAY_SIZE(levels), NULL, 0, 0x80000000u,
            &device, NULL, &level), S_OK);
    /* The first level the D3D12 device reaches: 11on12 devices go past 11_1. */
    assert_int_equal(level, D3D_FEATURE_LEVEL_12_2);
    ID3D11Device_Release(device);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

/* A COM object that answers IID_ID3D12CommandQueue with itself but is not
 * one of the runtime's queues (its vtable is its own). */
struct foreign_queue
{
    IUnknown IUnknown_iface;
};

static HRESULT STDMETHODCALLTYPE foreign_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    if (!memcmp(riid, &IID_IUnknown, sizeof(GUID)) || !memcmp(riid, &IID_ID3D12CommandQueue, sizeof(GUID)))
    {
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE foreign_AddRef(IUnknown *iface)
{
    (void)iface;
    return 2;
}

static ULONG STDMETHODCALLTYPE foreign_Release(IUnknown *iface)
{
    (void)iface;
    return 1;
}

/* Not const: the headers' lpVtbl is a pointer to a mutable vtable. */
static IUnknownVtbl foreign_vtbl = {foreign_QueryInterface, foreign_AddRef, foreign_Release};

/* The configuration setters' ranges, and D3D11On12CreateDevice's refusals
 * of queues and levels: a queue of another implementation, a queue on node
 * 0 named by its explicit mask (accepted), more queues than it takes, a value
 * that is no feature level in the list. */
static void test_on12_refusals(void **state)
{
    static const D3D_FEATURE_LEVEL not_a_level[] = {D3D_FEATURE_LEVEL_11_0, (D3D_FEATURE_LEVEL)0x1234};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 1};
    struct foreign_queue foreign = {{&foreign_vtbl}};
    IUnknown *queues[2];
    ID3D12CommandQueue *queue;
    ID3D12Device *d3d12;
    ID3D11Device *device;

    (void)state;
    assert_int_equal(mockd3d12_set_d3d11_runtime((mockd3d12_d3d11_runtime)(MOCKD3D12_D3D11_RUNTIME_11_4 + 1)),
            E_INVALIDARG);
    assert_int_equal(mockd3d12_set_d3d11_runtime((mockd3d12_d3d11_runtime)1), E_INVALIDARG);
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(-2), E_INVALIDARG);
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(2), E_INVALIDARG);

    d3d12 = create_d3d12();
    assert_int_equal(ID3D12Device_CreateCommandQueue(d3d12, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);

    queues[0] = &foreign.IUnknown_iface;
    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, queues, 1, 0, &device, NULL, NULL),
            E_INVALIDARG);
    assert_null(device);

    queues[0] = (IUnknown *)queue;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, queues, 1, 0, &device, NULL, NULL), S_OK);
    ID3D11Device_Release(device);

    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, queues, 65, 0, /* it takes 64 */
            &device, NULL, NULL), E_INVALIDARG);
    assert_null(device);

    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, not_a_level, ARRAY_SIZE(not_a_level), NULL, 0, 0,
            &device, NULL, NULL), E_INVALIDARG);
    assert_null(device);

    /* A malformed MOCKD3D12_D3D11_RUNTIME or MOCKD3D12_D3D11_SDK_LAYERS
     * refuses D3D11On12CreateDevice as it does D3D11CreateDevice. */
    {
        static const struct { const char *name, *value; } bad_env[] =
        {
            {"MOCKD3D12_D3D11_RUNTIME", "eleven"},
            {"MOCKD3D12_D3D11_SDK_LAYERS", "7"},
        };
        ID3D11DeviceContext *context;
        D3D_FEATURE_LEVEL level;

        for (unsigned i = 0; i < ARRAY_SIZE(bad_env); ++i)
        {
            test_setenv(bad_env[i].name, bad_env[i].value);
            device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
            context = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
            level = (D3D_FEATURE_LEVEL)0xdeadbeef;
            assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, &context,
                    &level), E_INVALIDARG);
            assert_null(device);
            assert_null(context);
            assert_int_equal(level, 0);
            test_unsetenv(bad_env[i].name);
        }
        assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, NULL, NULL), S_OK);
        ID3D11Device_Release(device);
    }

    ID3D12CommandQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_create_matrix),
        cmocka_unit_test(test_probe_and_context_lifetime),
        cmocka_unit_test(test_create_device_and_swapchain),
        cmocka_unit_test(test_runtime_interfaces),
        cmocka_unit_test(test_runtime_env),
        cmocka_unit_test(test_check_feature_validation),
        cmocka_unit_test(test_mapping_rules),
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_format_levels),
        cmocka_unit_test(test_dxgi_device),
        cmocka_unit_test(test_deferred_contexts),
        cmocka_unit_test(test_debug_layer),
        cmocka_unit_test(test_debug_interfaces_and_output),
        cmocka_unit_test(test_multithread),
        cmocka_unit_test(test_private_data),
        cmocka_unit_test(test_on12_matrix),
        cmocka_unit_test(test_on12_references_and_caps),
        cmocka_unit_test(test_dlsym),
        cmocka_unit_test(test_resource_access_runtime_11_1),
        cmocka_unit_test_setup(test_device_and_context, reset_fixture),
        cmocka_unit_test_setup(test_removed_with_the_adapter, reset_fixture),
        cmocka_unit_test_setup(test_on12_interface, reset_fixture),
        cmocka_unit_test_setup(test_driver_types, reset_fixture),
        cmocka_unit_test_setup(test_on12_nodes_and_levels, reset_fixture),
        cmocka_unit_test_setup(test_on12_refusals, reset_fixture),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
