/*
 * Allocation-failure injection for the mock DXGI and D3D11 libraries, as
 * test_alloc_failure.c does for libd3d12: for each operation, make the 0th,
 * 1st, 2nd... allocation fail until the operation no longer allocates that
 * many times. Every failure must surface as E_OUTOFMEMORY (or the
 * operation's documented clean error), leave no half-built object (NULL out
 * pointers, the caller's D3D12 objects at their old reference counts, a
 * successful result that works) and leak nothing (scripts/test.sh runs this
 * under ASan's leak checker and valgrind).
 *
 * libdxgi.so and libd3d11.so keep private copies of the allocator, so this
 * program compiles their sources in next to mk_core
 * (tests/alloc_dxgi_d3d11.cmake): one allocator and one hook in the process,
 * nothing new exported from the shipped libraries.
 */
#define MK_TEST_INTERNAL
#define MK_TEST_D3D11
#include "mk_test.h"

#include "alloc.h"

/* No operation here needs anywhere near this many allocations. */
#define MAX_STEPS 2000

struct op
{
    const char *name;
    HRESULT (*run)(void *ctx);
    HRESULT alternative; /* a clean error besides E_OUTOFMEMORY, or S_OK for none */
};

/* Runs op with allocation n failing, n = 0, 1, 2..., reporting a wrong
 * result as row `index` of `failures` (the op's name); the op stops at its
 * first wrong result, the next op still runs. Returns how
 * many allocations the operation makes when none fails (-1 after a wrong
 * result). */
static long run_with_failures(struct row_failures *failures, unsigned index, const struct op *op, void *ctx)
{
    HRESULT hr;
    long n;

    for (n = 0; n < MAX_STEPS; ++n)
    {
        mk_alloc_fail_after(n);
        hr = op->run(ctx);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            if (hr != S_OK)
            {
                row_fail(failures, index, op->name, "%#x with no allocation failing", (unsigned)hr);
                return -1;
            }
            return n;
        }
        if (hr != E_OUTOFMEMORY && (op->alternative == S_OK || hr != op->alternative))
        {
            row_fail(failures, index, op->name, "allocation %ld failed and the result is %#x", n, (unsigned)hr);
            return -1;
        }
    }
    row_fail(failures, index, op->name, "still allocating after %d steps", MAX_STEPS);
    return -1;
}

static ULONG d3d12_refcount(IUnknown *object)
{
    IUnknown_AddRef(object);
    return IUnknown_Release(object);
}

/* ---- DXGI: a factory, its first adapter's description, its WARP ---- */

static HRESULT op_dxgi(void *ctx)
{
    IDXGIFactory4 *factory = (IDXGIFactory4 *)(uintptr_t)1;
    IDXGIAdapter1 *adapter = (IDXGIAdapter1 *)(uintptr_t)1;
    IDXGIAdapter *warp = (IDXGIAdapter *)(uintptr_t)1;
    DXGI_ADAPTER_DESC1 desc;
    HRESULT hr;
    (void)ctx;

    if (FAILED(hr = CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&factory)))
    {
        assert_null(factory);
        return hr;
    }
    if (FAILED(hr = IDXGIFactory4_EnumAdapters1(factory, 0, &adapter)))
    {
        assert_null(adapter);
        goto done;
    }
    /* A whole adapter: its description and its D3D12 side. */
    memset(&desc, 0xcc, sizeof(desc));
    assert_int_equal(IDXGIAdapter1_GetDesc1(adapter, &desc), S_OK);
    assert_true(desc.Description[0] != 0);
    assert_true(desc.VendorId != 0);
    IDXGIAdapter1_Release(adapter);

    if (FAILED(hr = IDXGIFactory4_EnumWarpAdapter(factory, &IID_IDXGIAdapter, (void **)&warp)))
    {
        assert_null(warp);
        goto done;
    }
    memset(&desc, 0xcc, sizeof(desc));
    assert_int_equal(IDXGIAdapter_QueryInterface(warp, &IID_IDXGIAdapter1, (void **)&adapter), S_OK);
    assert_int_equal(IDXGIAdapter1_GetDesc1(adapter, &desc), S_OK);
    assert_true(desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE);
    IDXGIAdapter1_Release(adapter);
    IDXGIAdapter_Release(warp);

done:
    /* The factory is whole whatever failed inside it. */
    assert_int_equal(IDXGIFactory4_IsCurrent(factory), TRUE);
    IDXGIFactory4_Release(factory);
    return hr;
}

/* ---- DXGI outputs: EnumOutputs on an adapter whose profile has one ---- */

static HRESULT op_dxgi_outputs(void *ctx)
{
    IDXGIFactory4 *factory = (IDXGIFactory4 *)(uintptr_t)1;
    IDXGIAdapter1 *adapter = (IDXGIAdapter1 *)(uintptr_t)1;
    IDXGIOutput *output = (IDXGIOutput *)(uintptr_t)1;
    DXGI_MODE_DESC modes[2];
    DXGI_OUTPUT_DESC desc;
    UINT count = 2;
    HRESULT hr;
    (void)ctx;

    if (FAILED(hr = CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&factory)))
        return hr;
    if (FAILED(hr = IDXGIFactory4_EnumAdapters1(factory, 0, &adapter)))
        goto done;
    if (FAILED(hr = IDXGIAdapter1_EnumOutputs(adapter, 0, &output)))
    {
        assert_null(output);
        IDXGIAdapter1_Release(adapter);
        goto done;
    }
    assert_int_equal(IDXGIOutput_GetDesc(output, &desc), S_OK);
    assert_int_equal(desc.DesktopCoordinates.right, 640);
    assert_int_equal(IDXGIOutput_GetDisplayModeList(output, DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, modes), S_OK);
    assert_int_equal(count, 2);
    assert_int_equal(modes[0].Width, 320);
    IDXGIOutput_Release(output);
    IDXGIAdapter1_Release(adapter);
done:
    IDXGIFactory4_Release(factory);
    return hr;
}

/* ---- D3D11CreateDevice, hardware and WARP ---- */

static HRESULT op_d3d11_create(void *ctx)
{
    ID3D11DeviceContext *context = (ID3D11DeviceContext *)(uintptr_t)1;
    ID3D11Device *device = (ID3D11Device *)(uintptr_t)1, *context_device;
    D3D11_FEATURE_DATA_THREADING threading;
    D3D_DRIVER_TYPE type = *(const D3D_DRIVER_TYPE *)ctx;
    D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)1;
    HRESULT hr;

    hr = D3D11CreateDevice(NULL, type, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device, &level, &context);
    if (FAILED(hr))
    {
        assert_null(device);
        assert_null(context);
        assert_int_equal(level, 0);
        return hr;
    }
    assert_int_equal(hr, S_OK);
    assert_int_equal(level, D3D_FEATURE_LEVEL_11_0);
    assert_int_equal(ID3D11Device_GetFeatureLevel(device), level);
    ID3D11DeviceContext_GetDevice(context, &context_device);
    assert_ptr_equal(context_device, device);
    ID3D11Device_Release(context_device);
    memset(&threading, 0xcc, sizeof(threading));
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_THREADING, &threading, sizeof(threading)),
            S_OK);
    assert_true(threading.DriverConcurrentCreates == TRUE || threading.DriverConcurrentCreates == FALSE);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
    return hr;
}

/* ---- A debug device: its info queue, a message in it ---- */

static HRESULT op_d3d11_debug(void *ctx)
{
    ID3D11Device *device = (ID3D11Device *)(uintptr_t)1;
    ID3D11InfoQueue *queue;
    HRESULT hr;

    (void)ctx;
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG, NULL, 0,
            D3D11_SDK_VERSION, &device, NULL, NULL);
    if (FAILED(hr))
    {
        assert_null(device);
        return hr;
    }
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    ID3D11InfoQueue_SetMuteDebugOutput(queue, TRUE);
    /* A message that cannot be stored for lack of memory is counted as discarded. */
    assert_int_equal(ID3D11InfoQueue_AddApplicationMessage(queue, D3D11_MESSAGE_SEVERITY_INFO, "alloc"), S_OK);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue)
            + ID3D11InfoQueue_GetNumMessagesDiscardedByMessageCountLimit(queue), 1);
    if (!ID3D11InfoQueue_GetNumStoredMessages(queue))
        hr = E_OUTOFMEMORY; /* the failure, surfaced as the discarded message */
    ID3D11InfoQueue_Release(queue);
    assert_int_equal(ID3D11Device_Release(device), 0);
    return hr;
}

/* ---- A deferred context and its command list, and the device's DXGI adapter ---- */

static HRESULT op_d3d11_deferred(void *ctx)
{
    ID3D11Device *device = ctx;
    ID3D11DeviceContext *deferred = (ID3D11DeviceContext *)(uintptr_t)1;
    ID3D11CommandList *list = (ID3D11CommandList *)(uintptr_t)1;
    ULONG refs = d3d12_refcount((IUnknown *)device);
    HRESULT hr;

    if (FAILED(hr = ID3D11Device_CreateDeferredContext(device, 0, &deferred)))
    {
        assert_null(deferred);
        assert_int_equal(d3d12_refcount((IUnknown *)device), refs);
        return hr;
    }
    hr = ID3D11DeviceContext_FinishCommandList(deferred, FALSE, &list);
    if (FAILED(hr))
        assert_null(list);
    else
        assert_int_equal(ID3D11CommandList_Release(list), 0);
    assert_int_equal(ID3D11DeviceContext_Release(deferred), 0);
    assert_int_equal(d3d12_refcount((IUnknown *)device), refs);
    return hr;
}

/* ---- ID3D11Device::CreateBuffer / CreateTexture1D/2D/3D ---- */

static HRESULT op_d3d11_resources(void *ctx)
{
    static const D3D11_BUFFER_DESC buffer_desc = {256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    static const D3D11_TEXTURE1D_DESC desc1 = {64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, 0, 0, 0};
    static const D3D11_TEXTURE2D_DESC desc2 = {64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_RENDER_TARGET, 0, 0};
    static const D3D11_TEXTURE3D_DESC desc3 = {16, 16, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, 0, 0, 0};
    /* A staging texture holds CPU memory (and its mapped flags), filled from its initial data. */
    static const D3D11_TEXTURE2D_DESC staging = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_STAGING,
            0, D3D11_CPU_ACCESS_READ, 0};
    static const unsigned char pixels[64] = {1, 2, 3};
    static const D3D11_SUBRESOURCE_DATA data = {pixels, 16, 0};
    ID3D11Device *device = ctx;
    ID3D11Resource *resources[5] = {0};
    ULONG refs = d3d12_refcount((IUnknown *)device);
    HRESULT hr;
    unsigned i;

    for (i = 0; i < 5; ++i)
        resources[i] = (ID3D11Resource *)(uintptr_t)1;
    hr = ID3D11Device_CreateBuffer(device, &buffer_desc, NULL, (ID3D11Buffer **)&resources[0]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateTexture1D(device, &desc1, NULL, (ID3D11Texture1D **)&resources[1]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateTexture2D(device, &desc2, NULL, (ID3D11Texture2D **)&resources[2]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateTexture3D(device, &desc3, NULL, (ID3D11Texture3D **)&resources[3]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateTexture2D(device, &staging, &data, (ID3D11Texture2D **)&resources[4]);
    for (i = 0; i < 5; ++i)
    {
        if (resources[i] == (ID3D11Resource *)(uintptr_t)1)
            continue; /* not reached */
        if (!resources[i])
            assert_int_equal(hr, E_OUTOFMEMORY); /* the one that failed clears its out pointer */
        else
            assert_int_equal(ID3D11Resource_Release(resources[i]), 0);
    }
    assert_int_equal(d3d12_refcount((IUnknown *)device), refs);
    return hr;
}

/* ---- Views, and the memory a copy gives a resource that had none ---- */

static HRESULT op_d3d11_views_copies(void *ctx)
{
    static const D3D11_TEXTURE2D_DESC desc = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_SHADER_RESOURCE, 0, 0};
    static const D3D11_TEXTURE2D_DESC staging_desc = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
            D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0};
    static const unsigned char pixels[64] = {1, 2, 3, 4};
    static const D3D11_SUBRESOURCE_DATA data = {pixels, 16, 0};
    ID3D11Device *device = ctx;
    ID3D11Texture2D *src = NULL, *dst = NULL, *staging = NULL;
    ID3D11ShaderResourceView *view = (void *)(uintptr_t)1;
    ID3D11DeviceContext *context = NULL;
    D3D11_MAPPED_SUBRESOURCE mapped;
    HRESULT hr;

    ID3D11Device_GetImmediateContext(device, &context);
    hr = ID3D11Device_CreateTexture2D(device, &desc, &data, &src);
    if (SUCCEEDED(hr))
    {
        hr = ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)src, NULL, &view);
        if (FAILED(hr))
            assert_null(view);
        else
            ID3D11ShaderResourceView_Release(view);
    }
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateTexture2D(device, &desc, NULL, &dst);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateTexture2D(device, &staging_desc, NULL, &staging);
    if (SUCCEEDED(hr))
    {
        /* dst gets its memory here; a copy whose memory cannot be allocated
         * copies nothing, which the readback shows. */
        ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)dst, (ID3D11Resource *)src);
        ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging, (ID3D11Resource *)dst);
        assert_int_equal(ID3D11DeviceContext_Map(context, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &mapped),
                S_OK);
        if (memcmp(mapped.pData, pixels, 16))
            hr = E_OUTOFMEMORY;
        ID3D11DeviceContext_Unmap(context, (ID3D11Resource *)staging, 0);
    }
    if (staging)
        assert_int_equal(ID3D11Texture2D_Release(staging), 0);
    if (dst)
        assert_int_equal(ID3D11Texture2D_Release(dst), 0);
    if (src)
        assert_int_equal(ID3D11Texture2D_Release(src), 0);
    ID3D11DeviceContext_Release(context);
    return hr;
}

/* ---- ID3D11Device::CreateSamplerState / CreateBlendState / CreateDepthStencilState /
 *      CreateRasterizerState / CreateQuery ---- */

static HRESULT op_d3d11_states(void *ctx)
{
    static const D3D11_SAMPLER_DESC sampler_desc = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP,
            D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0.0f, 1, D3D11_COMPARISON_NEVER, {0}, 0.0f, 1.0f};
    static const D3D11_RASTERIZER_DESC rasterizer_desc = {D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.0f, 0.0f,
            TRUE, FALSE, FALSE, FALSE};
    static const D3D11_QUERY_DESC query_desc = {D3D11_QUERY_EVENT, 0};
    ID3D11Device *device = ctx;
    D3D11_BLEND_DESC blend_desc = {0};
    D3D11_DEPTH_STENCIL_DESC ds_desc = {0};
    IUnknown *objects[5];
    ULONG refs = d3d12_refcount((IUnknown *)device);
    HRESULT hr;
    unsigned i;

    for (i = 0; i < 5; ++i)
        objects[i] = (IUnknown *)(uintptr_t)1;
    hr = ID3D11Device_CreateSamplerState(device, &sampler_desc, (ID3D11SamplerState **)&objects[0]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateBlendState(device, &blend_desc, (ID3D11BlendState **)&objects[1]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateDepthStencilState(device, &ds_desc, (ID3D11DepthStencilState **)&objects[2]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateRasterizerState(device, &rasterizer_desc, (ID3D11RasterizerState **)&objects[3]);
    if (SUCCEEDED(hr))
        hr = ID3D11Device_CreateQuery(device, &query_desc, (ID3D11Query **)&objects[4]);
    for (i = 0; i < 5; ++i)
    {
        if (objects[i] == (IUnknown *)(uintptr_t)1)
            continue; /* not reached */
        if (!objects[i])
            assert_int_equal(hr, E_OUTOFMEMORY); /* the one that failed clears its out pointer */
        else
            assert_int_equal(IUnknown_Release(objects[i]), 0);
    }
    assert_int_equal(d3d12_refcount((IUnknown *)device), refs);
    return hr;
}

/* ---- D3D11On12CreateDevice on a D3D12 device and a DIRECT queue ---- */

struct on12_ctx
{
    ID3D12Device *d3d12;
    ID3D12CommandQueue *queue;
};

static HRESULT op_d3d11on12(void *ctx)
{
    ID3D11DeviceContext *context = (ID3D11DeviceContext *)(uintptr_t)1;
    ID3D11Device *device = (ID3D11Device *)(uintptr_t)1;
    D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)1;
    struct on12_ctx *on12 = ctx;
    ULONG device_refs = d3d12_refcount((IUnknown *)on12->d3d12);
    ULONG queue_refs = d3d12_refcount((IUnknown *)on12->queue);
    ID3D11On12Device *on12_device;
    IUnknown *queues[1];
    HRESULT hr;

    queues[0] = (IUnknown *)on12->queue;
    hr = D3D11On12CreateDevice((IUnknown *)on12->d3d12, 0, NULL, 0, queues, 1, 0, &device, &context, &level);
    if (FAILED(hr))
    {
        assert_null(device);
        assert_null(context);
        assert_int_equal(level, 0);
    }
    else
    {
        assert_int_equal(hr, S_OK);
        assert_true(level >= D3D_FEATURE_LEVEL_11_0);
        assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11On12Device, (void **)&on12_device), S_OK);
        ID3D11On12Device_Release(on12_device);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
    /* Nothing kept of the caller's objects, whatever failed. */
    assert_int_equal(d3d12_refcount((IUnknown *)on12->d3d12), device_refs);
    assert_int_equal(d3d12_refcount((IUnknown *)on12->queue), queue_refs);
    return hr;
}

/* ---- The tests ---- */

static void test_dxgi(void **state)
{
    static const struct op op = {"CreateDXGIFactory2+EnumAdapters1+EnumWarpAdapter", op_dxgi, S_OK};
    struct row_failures failures = {0};
    long n;
    (void)state;

    /* The factory, two adapters and libd3d12's adapter objects allocate. */
    n = run_with_failures(&failures, 0, &op, NULL);
    rows_done(&failures);
    assert_true(n >= 3);
}

static void test_dxgi_outputs(void **state)
{
    static const char profile[] = "{\"id\": \"alloc-outputs\", \"inherits\": \"warp\", \"outputs\": [{\"name\": \"D1\","
            " \"desktopCoordinates\": [0, 0, 640, 480], \"modes\": [{\"width\": 640, \"height\": 480, \"refreshRate\": [60, 1],"
            " \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}, {\"width\": 320, \"height\": 240, \"refreshRate\": [60, 1],"
            " \"format\": \"DXGI_FORMAT_R8G8B8A8_UNORM\"}]}]}";
    static const struct op op = {"EnumOutputs+GetDesc+GetDisplayModeList", op_dxgi_outputs, S_OK};
    static const char *const ids[] = {"alloc-outputs"};
    struct row_failures failures = {0};
    char error[256] = "";
    long n;
    (void)state;

    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    /* The output object and its copy of the modes allocate. */
    n = run_with_failures(&failures, 0, &op, NULL);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    rows_done(&failures);
    assert_true(n >= 2);
}

static void test_d3d11_create_device(void **state)
{
    static const struct
    {
        const char *name;
        D3D_DRIVER_TYPE type;
    }
    rows[] =
    {
        {"D3D11CreateDevice(HARDWARE)", D3D_DRIVER_TYPE_HARDWARE},
        {"D3D11CreateDevice(WARP)", D3D_DRIVER_TYPE_WARP},
    };
    struct row_failures failures = {0};
    unsigned i;
    long n;
    (void)state;

    for (i = 0; i < sizeof(rows) / sizeof(*rows); ++i)
    {
        struct op op = {rows[i].name, op_d3d11_create, S_OK};

        /* The D3D12 device and the D3D11 device at least. */
        if ((n = run_with_failures(&failures, i, &op, (void *)&rows[i].type)) >= 0 && n < 2)
            row_fail(&failures, i, rows[i].name, "fewer allocations (%ld) than objects", n);
    }
    rows_done(&failures);
}

static void test_d3d11_debug(void **state)
{
    static const struct op op = {"D3D11CreateDevice(DEBUG)+AddApplicationMessage", op_d3d11_debug, S_OK};
    struct row_failures failures = {0};
    long n;
    (void)state;

    /* The D3D11 device, its DXGI adapter and factory, the debug state and its filter stacks. */
    n = run_with_failures(&failures, 0, &op, NULL);
    rows_done(&failures);
    assert_true(n >= 4);
}

static void test_d3d11_deferred(void **state)
{
    static const struct op op = {"CreateDeferredContext+FinishCommandList", op_d3d11_deferred, S_OK};
    struct row_failures failures = {0};
    ID3D11Device *device;
    long n;
    (void)state;

    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    /* The context and the list. */
    n = run_with_failures(&failures, 0, &op, device);
    assert_int_equal(ID3D11Device_Release(device), 0);
    rows_done(&failures);
    assert_true(n >= 2);
}

static void test_d3d11_resources(void **state)
{
    static const struct op op = {"CreateBuffer+CreateTexture1D/2D/3D+staging", op_d3d11_resources, S_OK};
    struct row_failures failures = {0};
    ID3D11Device *device;
    long n;
    (void)state;

    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    /* Once without failures first: the D3D12 device behind it builds its
     * FORMAT_SUPPORT answers on the first query (a cache that answers even
     * when it cannot allocate), then one object per resource and the staging
     * texture's memory and mapped flags. */
    assert_int_equal(op_d3d11_resources(device), S_OK);
    n = run_with_failures(&failures, 0, &op, device);
    assert_int_equal(ID3D11Device_Release(device), 0);
    rows_done(&failures);
    assert_true(n >= 7);
}

static void test_d3d11_views_copies(void **state)
{
    static const struct op op = {"CreateShaderResourceView+CopyResource into a resource without memory",
            op_d3d11_views_copies, S_OK};
    struct row_failures failures = {0};
    ID3D11Device *device;
    long n;
    (void)state;

    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    assert_int_equal(op_d3d11_views_copies(device), S_OK);
    n = run_with_failures(&failures, 0, &op, device);
    assert_int_equal(ID3D11Device_Release(device), 0);
    rows_done(&failures);
    /* The source and its memory, the view, the destination, its memory on the
     * first copy, the staging texture, its memory and mapped flags. */
    assert_true(n >= 8);
}

static void test_d3d11_states(void **state)
{
    static const struct op op = {"CreateSamplerState+BlendState+DepthStencilState+RasterizerState+Query",
            op_d3d11_states, S_OK};
    struct row_failures failures = {0};
    ID3D11Device *device;
    long n;
    (void)state;

    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    /* One allocation per object (the state objects are new: none is alive). */
    n = run_with_failures(&failures, 0, &op, device);
    assert_int_equal(ID3D11Device_Release(device), 0);
    rows_done(&failures);
    assert_true(n >= 5);
}

static void test_d3d11on12(void **state)
{
    static const struct op op = {"D3D11On12CreateDevice", op_d3d11on12, S_OK};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    struct row_failures failures = {0};
    struct on12_ctx ctx;
    long n;
    (void)state;

    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&ctx.d3d12), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandQueue(ctx.d3d12, &desc, &IID_ID3D12CommandQueue, (void **)&ctx.queue),
            S_OK);
    /* The device, its queue array and the queue made to recognise ours. */
    n = run_with_failures(&failures, 0, &op, &ctx);
    ID3D12CommandQueue_Release(ctx.queue);
    ID3D12Device_Release(ctx.d3d12);
    rows_done(&failures);
    assert_true(n >= 3);
}

static int setup(void **state)
{
    ID3D11Device *device;
    IDXGIFactory1 *factory;
    (void)state;

    /* Warm-up: libd3d12's registry, clamp summaries and SDK configuration
     * are built once per process; the tests fail allocations after that. */
    if (FAILED(CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory)))
        return -1;
    IDXGIFactory1_Release(factory);
    if (FAILED(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_WARP, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device, NULL, NULL)))
        return -1;
    ID3D11Device_Release(device);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_dxgi),
        cmocka_unit_test(test_dxgi_outputs),
        cmocka_unit_test(test_d3d11_create_device),
        cmocka_unit_test(test_d3d11_deferred),
        cmocka_unit_test(test_d3d11_debug),
        cmocka_unit_test(test_d3d11_resources),
        cmocka_unit_test(test_d3d11_views_copies),
        cmocka_unit_test(test_d3d11_states),
        cmocka_unit_test(test_d3d11on12),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
