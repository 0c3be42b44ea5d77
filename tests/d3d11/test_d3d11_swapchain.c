/*
 * Swap chains on libd3d11 devices (src/dxgi/swapchain.c, docs/dxgi.md
 * "Swap chains on D3D11 devices"): the factory's calls with an
 * ID3D11Device, the D3D11 rules (the bit-block-transfer models allowed),
 * back buffers that are libd3d11 textures, Present and ResizeBuffers; one
 * named row where the call is accepted and one where it is refused.
 */
#define MK_TEST_D3D11
#include "mk_test.h"

#ifdef _WIN32
/* A real window, made by main(). */
static HWND test_window;
#define WINDOW test_window
#else
#define WINDOW ((HWND)1)
#endif

static IDXGIFactory2 *device_factory(ID3D11Device *device)
{
    IDXGIFactory2 *factory = NULL;
    IDXGIAdapter *adapter = NULL;
    IDXGIDevice *dxgi = NULL;

    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void **)&dxgi), S_OK);
    assert_int_equal(IDXGIDevice_GetAdapter(dxgi, &adapter), S_OK);
    assert_int_equal(IDXGIAdapter_GetParent(adapter, &IID_IDXGIFactory2, (void **)&factory), S_OK);
    IDXGIAdapter_Release(adapter);
    IDXGIDevice_Release(dxgi);
    return factory;
}

static DXGI_SWAP_CHAIN_DESC1 base_desc(void)
{
    DXGI_SWAP_CHAIN_DESC1 desc;

    memset(&desc, 0, sizeof(desc));
    desc.Width = 320;
    desc.Height = 240;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 1;
    desc.Scaling = DXGI_SCALING_STRETCH;
    desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    return desc;
}

static void test_creation_rules(void **state)
{
    static const struct
    {
        const char *name;
        DXGI_SWAP_EFFECT effect;
        UINT count, samples;
        DXGI_FORMAT format;
        BOOL composition;
        HRESULT hr;
        UINT flags;
        DXGI_SCALING scaling;
    }
    rows[] = {
        {"DISCARD, 1 buffer", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                S_OK, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, 0 buffers", DXGI_SWAP_EFFECT_DISCARD, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"SEQUENTIAL, 16 buffers", DXGI_SWAP_EFFECT_SEQUENTIAL, 16, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                S_OK, 0, DXGI_SCALING_STRETCH},
        {"SEQUENTIAL, 17 buffers", DXGI_SWAP_EFFECT_SEQUENTIAL, 17, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, sRGB (displayable)", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, FALSE,
                S_OK, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, R32_FLOAT (not displayable)", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R32_FLOAT, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, 4 samples", DXGI_SWAP_EFFECT_DISCARD, 1, 4, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                S_OK, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, 0 samples", DXGI_SWAP_EFFECT_DISCARD, 1, 0, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"FLIP_DISCARD, 2 buffers", DXGI_SWAP_EFFECT_FLIP_DISCARD, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                S_OK, 0, DXGI_SCALING_STRETCH},
        {"FLIP_DISCARD, 1 buffer", DXGI_SWAP_EFFECT_FLIP_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"FLIP_SEQUENTIAL, composition", DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 2, 1, DXGI_FORMAT_B8G8R8A8_UNORM, TRUE,
                S_OK, 0, DXGI_SCALING_STRETCH},
        {"FLIP_SEQUENTIAL, sRGB", DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, composition", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, TRUE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"FLIP_DISCARD, waitable", DXGI_SWAP_EFFECT_FLIP_DISCARD, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE, S_OK,
                DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT, DXGI_SCALING_STRETCH},
        {"DISCARD, waitable", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL,
                DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT, DXGI_SCALING_STRETCH},
        {"FLIP_DISCARD, allow tearing", DXGI_SWAP_EFFECT_FLIP_DISCARD, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE, S_OK,
                DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING, DXGI_SCALING_STRETCH},
        {"SEQUENTIAL, allow tearing", DXGI_SWAP_EFFECT_SEQUENTIAL, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING, DXGI_SCALING_STRETCH},
        {"FLIP_SEQUENTIAL, scaling NONE", DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                S_OK,
                0, DXGI_SCALING_NONE},
        {"DISCARD, scaling NONE", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_NONE},
        {"DISCARD, stereo", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, an unknown flag", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0x80000000u, DXGI_SCALING_STRETCH},
        {"DISCARD, premultiplied alpha", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                DXGI_ERROR_INVALID_CALL, 0, DXGI_SCALING_STRETCH},
        {"DISCARD, alpha IGNORE", DXGI_SWAP_EFFECT_DISCARD, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, FALSE,
                S_OK, 0, DXGI_SCALING_STRETCH},
    };
    struct row_failures failures = {0};
    ID3D11Device *device = create_d3d11_device(D3D_FEATURE_LEVEL_11_0, 0, NULL);
    IDXGIFactory2 *factory = device_factory(device);
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        DXGI_SWAP_CHAIN_DESC1 desc = base_desc();
        IDXGISwapChain1 *chain = NULL;
        HRESULT hr;

        desc.SwapEffect = rows[i].effect;
        desc.BufferCount = rows[i].count;
        desc.SampleDesc.Count = rows[i].samples;
        desc.Format = rows[i].format;
        desc.Flags = rows[i].flags;
        desc.Scaling = rows[i].scaling;
        desc.Stereo = !strcmp(rows[i].name, "DISCARD, stereo");
        if (!strcmp(rows[i].name, "DISCARD, premultiplied alpha"))
            desc.AlphaMode = DXGI_ALPHA_MODE_PREMULTIPLIED;
        if (!strcmp(rows[i].name, "DISCARD, alpha IGNORE"))
            desc.AlphaMode = DXGI_ALPHA_MODE_IGNORE;
        if (rows[i].composition)
            hr = IDXGIFactory2_CreateSwapChainForComposition(factory, (IUnknown *)device, &desc, NULL, &chain);
        else
            hr = IDXGIFactory2_CreateSwapChainForHwnd(factory, (IUnknown *)device, WINDOW, &desc, NULL, NULL, &chain);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr) && chain)
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        if (chain && IDXGISwapChain1_Release(chain))
            row_fail(&failures, i, rows[i].name, "the chain outlives its last reference");
    }
    IDXGIFactory2_Release(factory);
    assert_int_equal(ID3D11Device_Release(device), 0);
    rows_done(&failures);
}

/* GetBuffer gives libd3d11 textures (ID3D12Resource refused); DISCARD only
 * the first; GetDevice is the D3D11 device; Present counts and, for flip
 * models, rotates; ResizeBuffers is refused while a buffer is held. */
static void test_buffers_present_resize(void **state)
{
    ID3D11Device *device = create_d3d11_device(D3D_FEATURE_LEVEL_11_0, 0, NULL), *got = NULL;
    IDXGIFactory2 *factory = device_factory(device);
    DXGI_SWAP_CHAIN_DESC1 desc = base_desc();
    IDXGISwapChain1 *chain = NULL;
    IDXGISwapChain3 *chain3 = NULL;
    ID3D11Texture2D *texture = NULL;
    D3D11_TEXTURE2D_DESC tdesc;
    void *other = NULL;
    UINT count = 0;

    (void)state;
    desc.BufferCount = 2;
    assert_int_equal(IDXGIFactory2_CreateSwapChainForHwnd(factory, (IUnknown *)device, WINDOW, &desc, NULL, NULL,
            &chain), S_OK);
    assert_int_equal(IDXGISwapChain1_GetBuffer(chain, 0, &IID_ID3D11Texture2D, (void **)&texture), S_OK);
    ID3D11Texture2D_GetDesc(texture, &tdesc);
    assert_int_equal(tdesc.Width, 320);
    assert_int_equal(tdesc.Height, 240);
    assert_int_equal(tdesc.BindFlags, D3D11_BIND_RENDER_TARGET);
    assert_int_equal(IDXGISwapChain1_GetBuffer(chain, 0, &IID_ID3D12Resource, &other), E_NOINTERFACE);
    assert_int_equal(IDXGISwapChain1_GetBuffer(chain, 1, &IID_ID3D11Texture2D, &other), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain1_GetDevice(chain, &IID_ID3D11Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    ID3D11Device_Release(got);
    assert_int_equal(IDXGISwapChain1_ResizeBuffers(chain, 0, 64, 64, DXGI_FORMAT_UNKNOWN, 0), DXGI_ERROR_INVALID_CALL);
    ID3D11Texture2D_Release(texture);
    assert_int_equal(IDXGISwapChain1_ResizeBuffers(chain, 0, 64, 64, DXGI_FORMAT_B8G8R8A8_UNORM, 0), S_OK);
    assert_int_equal(IDXGISwapChain1_Present(chain, 0, 0), S_OK);
    assert_int_equal(IDXGISwapChain1_GetLastPresentCount(chain, &count), S_OK);
    assert_int_equal(count, 1);
    assert_int_equal(IDXGISwapChain1_Release(chain), 0);

    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    desc.BufferCount = 3;
    assert_int_equal(IDXGIFactory2_CreateSwapChainForHwnd(factory, (IUnknown *)device, WINDOW, &desc, NULL, NULL,
            &chain), S_OK);
    assert_int_equal(IDXGISwapChain1_QueryInterface(chain, &IID_IDXGISwapChain3, (void **)&chain3), S_OK);
    assert_int_equal(IDXGISwapChain3_GetCurrentBackBufferIndex(chain3), 0);
    assert_int_equal(IDXGISwapChain3_Present(chain3, 1, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetCurrentBackBufferIndex(chain3), 1);
    assert_int_equal(IDXGISwapChain3_GetBuffer(chain3, 2, &IID_ID3D11Texture2D, (void **)&texture), S_OK);
    ID3D11Texture2D_Release(texture);
    IDXGISwapChain3_Release(chain3);
    assert_int_equal(IDXGISwapChain1_Release(chain), 0);

    IDXGIFactory2_Release(factory);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* A fault plan's removal of the adapter's devices (docs/faults.md) removes
 * the D3D12 device behind the libd3d11 one: its chain answers
 * DXGI_ERROR_DEVICE_REMOVED, a test Present included. */
static void test_present_after_removal(void **state)
{
    /* DXGI_ERROR_DEVICE_RESET for a reset, DXGI_ERROR_DEVICE_REMOVED for the
     * other reasons (docs/faults.md), as a D3D12 chain answers. */
    static const struct
    {
        const char *plan;
        HRESULT reason, present;
    }
    rows[] =
    {
        {"remove:hung@CreateFence#1", DXGI_ERROR_DEVICE_HUNG, DXGI_ERROR_DEVICE_REMOVED},
        {"remove:reset@CreateFence#1", DXGI_ERROR_DEVICE_RESET, DXGI_ERROR_DEVICE_RESET},
        {"remove:removed@CreateFence#1", DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED},
    };
    struct row_failures failures = {0};

    (void)state;
    for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i)
    {
        ID3D11Device *device = create_d3d11_device(D3D_FEATURE_LEVEL_11_0, 0, NULL);
        IDXGIFactory2 *factory = device_factory(device);
        DXGI_SWAP_CHAIN_DESC1 desc = base_desc();
        IDXGISwapChain1 *chain = NULL;
        ID3D12Device *d3d12 = NULL;
        ID3D12Fence *fence = NULL;
        HRESULT hr;

        assert_int_equal(IDXGIFactory2_CreateSwapChainForHwnd(factory, (IUnknown *)device, WINDOW, &desc, NULL, NULL,
                &chain), S_OK);
        assert_int_equal(IDXGISwapChain1_Present(chain, 0, 0), S_OK);
        assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d3d12), S_OK);
        assert_int_equal(mockd3d12_set_faults(rows[i].plan), S_OK);
        assert_int_equal(ID3D12Device_CreateFence(d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                (void **)&fence), DXGI_ERROR_DEVICE_REMOVED);
        if ((hr = ID3D11Device_GetDeviceRemovedReason(device)) != rows[i].reason)
            row_fail(&failures, i, rows[i].plan, "GetDeviceRemovedReason %#x", (unsigned)hr);
        if ((hr = IDXGISwapChain1_Present(chain, 0, 0)) != rows[i].present)
            row_fail(&failures, i, rows[i].plan, "Present %#x", (unsigned)hr);
        if ((hr = IDXGISwapChain1_Present(chain, 0, DXGI_PRESENT_TEST)) != rows[i].present)
            row_fail(&failures, i, rows[i].plan, "a test Present %#x", (unsigned)hr);
        assert_int_equal(mockd3d12_set_faults(NULL), S_OK);
        IDXGISwapChain1_Release(chain);
        IDXGIFactory2_Release(factory);
        ID3D12Device_Release(d3d12);
        ID3D11Device_Release(device);
    }
    rows_done(&failures);
}

/* A minimised window occludes a blt-model chain (Present and a test
 * Present answer DXGI_STATUS_OCCLUDED, the call still counts) and never a
 * flip-model one: DXGI_STATUS's documentation. */
static void test_occluded_when_minimised(void **state)
{
    static const struct
    {
        const char *name;
        DXGI_SWAP_EFFECT effect;
        UINT buffers;
        BOOL minimised;
        HRESULT hr;
    }
    rows[] =
    {
        {"blt model, shown", DXGI_SWAP_EFFECT_DISCARD, 1, FALSE, S_OK},
        {"blt model, minimised", DXGI_SWAP_EFFECT_DISCARD, 1, TRUE, DXGI_STATUS_OCCLUDED},
        {"sequential, minimised", DXGI_SWAP_EFFECT_SEQUENTIAL, 1, TRUE, DXGI_STATUS_OCCLUDED},
        {"flip model, minimised", DXGI_SWAP_EFFECT_FLIP_DISCARD, 2, TRUE, S_OK},
    };
    ID3D11Device *device = create_d3d11_device(D3D_FEATURE_LEVEL_11_0, 0, NULL);
    IDXGIFactory2 *factory = device_factory(device);
    DXGI_SWAP_CHAIN_DESC1 desc = base_desc();
    IDXGISwapChain1 *chain = NULL;
    UINT count;
    HWND window;
    size_t i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        window = mk_test_window(320, 240);
        desc.SwapEffect = rows[i].effect;
        desc.BufferCount = rows[i].buffers;
        assert_int_equal(IDXGIFactory2_CreateSwapChainForHwnd(factory, (IUnknown *)device, window, &desc, NULL, NULL,
                &chain), S_OK);
        mk_test_window_minimize(window, rows[i].minimised);
        if (IDXGISwapChain1_Present(chain, 1, 0) != rows[i].hr
                || IDXGISwapChain1_Present(chain, 0, DXGI_PRESENT_TEST) != rows[i].hr)
            fail_msg("%s: Present does not answer %#x", rows[i].name, (unsigned)rows[i].hr);
        assert_int_equal(IDXGISwapChain1_GetLastPresentCount(chain, &count), S_OK);
        assert_int_equal(count, 1); /* the test Present is no present */
        mk_test_window_minimize(window, FALSE);
        assert_int_equal(IDXGISwapChain1_Present(chain, 0, 0), S_OK);
        assert_int_equal(IDXGISwapChain1_Release(chain), 0);
        mk_test_window_destroy(window);
    }
    IDXGIFactory2_Release(factory);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_creation_rules),
        cmocka_unit_test(test_buffers_present_resize),
        cmocka_unit_test(test_occluded_when_minimised),
        cmocka_unit_test(test_present_after_removal),
    };

#ifdef _WIN32
    test_window = mk_test_window(640, 480);
#endif
    return cmocka_run_group_tests(tests, NULL, NULL);
}
