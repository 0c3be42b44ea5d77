/*
 * Swap chains on a D3D12 direct queue (src/dxgi/swapchain.c, docs/dxgi.md
 * "Swap chains"): the creation rules, one row where Windows accepts and one
 * where it refuses for each (Wine's dlls/dxgi/tests/dxgi.c records them on
 * its D3D12 path; the rows no Windows test records follow Microsoft's
 * documentation, as docs/dxgi.md says per rule), the descriptions, the back
 * buffers, Present and its order on the queue, the frame-latency waitable
 * object, ResizeBuffers/ResizeBuffers1 and the headless full-screen answers.
 */
#define MK_TEST_DXGI
#include "mk_test.h"

#include "../unit/events.h"
#include "../unit/portable.h"
#include "outputs_profile.h" /* tests/data/profiles/outputs.json as `outputs_profile` (tests/dxgi.cmake) */

#define DEFAULT_WIDTH 1280u
#define DEFAULT_HEIGHT 720u
#ifdef _WIN32
/* A real window of the default size, made by main(). */
static HWND test_window;
#define WINDOW test_window
#else
/* Any non-zero HWND is a window of the documented default size on Linux. */
#define WINDOW ((HWND)1)
#endif

struct chain_env
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;  /* direct */
    IDXGIFactory4 *factory;
};

static ID3D12CommandQueue *create_queue(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_COMMAND_QUEUE_DESC desc = {type, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;

    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    return queue;
}

static int setup(void **state)
{
    struct chain_env *env = calloc(1, sizeof(*env));

    assert_non_null(env);
    assert_non_null(env->device = create_device());
    env->queue = create_queue(env->device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&env->factory), S_OK);
    *state = env;
    return 0;
}

static int teardown(void **state)
{
    struct chain_env *env = *state;

    assert_int_equal(IDXGIFactory4_Release(env->factory), 0);
    ID3D12CommandQueue_Release(env->queue);
    assert_int_equal(ID3D12Device_Release(env->device), 0);
    free(env);
    return 0;
}

static DXGI_SWAP_CHAIN_DESC1 default_desc1(void)
{
    DXGI_SWAP_CHAIN_DESC1 desc;

    memset(&desc, 0, sizeof(desc));
    desc.Width = 640;
    desc.Height = 480;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 2;
    desc.Scaling = DXGI_SCALING_STRETCH;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    desc.AlphaMode = DXGI_ALPHA_MODE_UNSPECIFIED;
    return desc;
}

static IDXGISwapChain3 *create_chain(struct chain_env *env, UINT flags)
{
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    IDXGISwapChain1 *chain1 = NULL;
    IDXGISwapChain3 *chain = NULL;

    desc.Flags = flags;
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, (IUnknown *)env->queue, WINDOW, &desc,
            NULL, NULL, &chain1), S_OK);
    assert_int_equal(IDXGISwapChain1_QueryInterface(chain1, &IID_IDXGISwapChain3, (void **)&chain), S_OK);
    IDXGISwapChain1_Release(chain1);
    return chain;
}

/* ---- Creation rules ---- */

enum device_kind { DIRECT_QUEUE, D3D12_DEVICE, COMPUTE_QUEUE, COPY_QUEUE, NOT_A_DEVICE, NO_DEVICE };
enum method { FOR_HWND, FOR_COMPOSITION };

static const struct
{
    const char *name;
    enum method method;
    enum device_kind device;
    UINT buffer_count;              /* 0xffff: the default (2) */
    DXGI_SWAP_EFFECT effect;        /* 0xffff: the default (FLIP_DISCARD) */
    DXGI_FORMAT format;             /* 0xffff: the default (R8G8B8A8_UNORM) */
    UINT samples, quality;
    DXGI_SCALING scaling;           /* 0xffff: the default (STRETCH) */
    DXGI_ALPHA_MODE alpha;          /* 0xffff: the default (UNSPECIFIED) */
    UINT width, height;             /* 0xffff: the default (640x480) */
    UINT flags;
    HRESULT hr;
}
create_rows[] =
{
#define D 0xffff
    {"direct queue", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, D, D, D, 0, S_OK},
    {"the D3D12 device", FOR_HWND, D3D12_DEVICE, D, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"compute queue", FOR_HWND, COMPUTE_QUEUE, D, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"copy queue", FOR_HWND, COPY_QUEUE, D, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"not a D3D object", FOR_HWND, NOT_A_DEVICE, D, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_UNSUPPORTED},
    {"no device", FOR_HWND, NO_DEVICE, D, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"FLIP_SEQUENTIAL", FOR_HWND, DIRECT_QUEUE, D, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, D, 1, 0, D, D, D, D, 0, S_OK},
    {"DISCARD", FOR_HWND, DIRECT_QUEUE, D, DXGI_SWAP_EFFECT_DISCARD, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"SEQUENTIAL", FOR_HWND, DIRECT_QUEUE, D, DXGI_SWAP_EFFECT_SEQUENTIAL, D, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"undefined swap effect 2", FOR_HWND, DIRECT_QUEUE, D, (DXGI_SWAP_EFFECT)2, D, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"16 buffers", FOR_HWND, DIRECT_QUEUE, 16, D, D, 1, 0, D, D, D, D, 0, S_OK},
    {"17 buffers", FOR_HWND, DIRECT_QUEUE, 17, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"1 buffer", FOR_HWND, DIRECT_QUEUE, 1, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"0 buffers", FOR_HWND, DIRECT_QUEUE, 0, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"4 samples", FOR_HWND, DIRECT_QUEUE, D, D, D, 4, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"quality 1", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 1, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"B8G8R8A8_UNORM", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_B8G8R8A8_UNORM, 1, 0, D, D, D, D, 0, S_OK},
    {"R10G10B10A2_UNORM", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_R10G10B10A2_UNORM, 1, 0, D, D, D, D, 0, S_OK},
    {"R16G16B16A16_FLOAT", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_R16G16B16A16_FLOAT, 1, 0, D, D, D, D, 0, S_OK},
    {"R8G8B8A8_UNORM_SRGB", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"B8G8R8A8_UNORM_SRGB", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"R10G10B10_XR_BIAS_A2_UNORM", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, 1, 0, D, D,
            D, D, 0, DXGI_ERROR_INVALID_CALL},
    {"UNKNOWN format", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_UNKNOWN, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"R32G32B32A32_FLOAT", FOR_HWND, DIRECT_QUEUE, D, D, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"scaling NONE", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, DXGI_SCALING_NONE, D, D, D, 0, S_OK},
    {"scaling ASPECT_RATIO_STRETCH", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, DXGI_SCALING_ASPECT_RATIO_STRETCH, D, D,
            D, 0, DXGI_ERROR_INVALID_CALL},
    {"alpha IGNORE", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, DXGI_ALPHA_MODE_IGNORE, D, D, 0, S_OK},
    {"alpha PREMULTIPLIED", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, DXGI_ALPHA_MODE_PREMULTIPLIED, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"zero size (the window's)", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, D, 0, 0, 0, S_OK},
    {"waitable and tearing flags", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, D, D, D,
            DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT | DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING, S_OK},
    {"unknown flag", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, D, D, D, 0x80000000u, DXGI_ERROR_INVALID_CALL},
    {"composition", FOR_COMPOSITION, DIRECT_QUEUE, D, D, D, 1, 0, D, D, D, D, 0, S_OK},
    {"composition, premultiplied", FOR_COMPOSITION, DIRECT_QUEUE, D, D, D, 1, 0, D, DXGI_ALPHA_MODE_PREMULTIPLIED,
            D, D, 0, S_OK},
    {"composition, zero size", FOR_COMPOSITION, DIRECT_QUEUE, D, D, D, 1, 0, D, D, 0, 0, 0, DXGI_ERROR_INVALID_CALL},
    {"composition, scaling NONE", FOR_COMPOSITION, DIRECT_QUEUE, D, D, D, 1, 0, DXGI_SCALING_NONE, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"composition, compute queue", FOR_COMPOSITION, COMPUTE_QUEUE, D, D, D, 1, 0, D, D, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"composition, unknown alpha mode", FOR_COMPOSITION, DIRECT_QUEUE, D, D, D, 1, 0, D, (DXGI_ALPHA_MODE)7, D, D, 0,
            DXGI_ERROR_INVALID_CALL},
    {"stereo", FOR_HWND, DIRECT_QUEUE, D, D, D, 1, 0, D, D, D, D, 0, DXGI_ERROR_INVALID_CALL},
#undef D
};

static IUnknown *row_device(struct chain_env *env, enum device_kind kind, ID3D12CommandQueue **made)
{
    *made = NULL;
    switch (kind)
    {
        case DIRECT_QUEUE: return (IUnknown *)env->queue;
        case D3D12_DEVICE: return (IUnknown *)env->device;
        case COMPUTE_QUEUE: return (IUnknown *)(*made = create_queue(env->device, D3D12_COMMAND_LIST_TYPE_COMPUTE));
        case COPY_QUEUE: return (IUnknown *)(*made = create_queue(env->device, D3D12_COMMAND_LIST_TYPE_COPY));
        case NOT_A_DEVICE: return (IUnknown *)env->factory;
        case NO_DEVICE: break;
    }
    return NULL;
}

static void test_create_rules(void **state)
{
    struct chain_env *env = *state;
    struct row_failures failures = {0};
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(create_rows); ++i)
    {
        DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
        IDXGISwapChain1 *chain = SENTINEL;
        ID3D12CommandQueue *made;
        IUnknown *device = row_device(env, create_rows[i].device, &made);
        HRESULT hr;

#define SET(field, value) if ((unsigned)(value) != 0xffffu) desc.field = value
        SET(BufferCount, create_rows[i].buffer_count);
        SET(SwapEffect, create_rows[i].effect);
        SET(Format, create_rows[i].format);
        SET(Scaling, create_rows[i].scaling);
        SET(AlphaMode, create_rows[i].alpha);
        SET(Width, create_rows[i].width);
        SET(Height, create_rows[i].height);
#undef SET
        desc.SampleDesc.Count = create_rows[i].samples;
        desc.SampleDesc.Quality = create_rows[i].quality;
        desc.Flags = create_rows[i].flags;
        desc.Stereo = !strcmp(create_rows[i].name, "stereo");
        if (create_rows[i].method == FOR_HWND)
            hr = IDXGIFactory4_CreateSwapChainForHwnd(env->factory, device, WINDOW, &desc, NULL, NULL, &chain);
        else
            hr = IDXGIFactory4_CreateSwapChainForComposition(env->factory, device, &desc, NULL, &chain);
        if (hr != create_rows[i].hr)
            row_fail(&failures, i, create_rows[i].name, "got %#x, expected %#x", (unsigned)hr,
                    (unsigned)create_rows[i].hr);
        else if (FAILED(hr) && chain != (create_rows[i].device == NO_DEVICE ? SENTINEL : NULL))
            /* A missing argument leaves the output as it was; a refused one clears it. */
            row_fail(&failures, i, create_rows[i].name, "the output is %p", (void *)chain);
        if (SUCCEEDED(hr) && chain && chain != SENTINEL)
            IDXGISwapChain1_Release(chain);
        if (made)
            ID3D12CommandQueue_Release(made);
    }
    rows_done(&failures);
}

/* NULL arguments and NULL windows: DXGI_ERROR_INVALID_CALL (Wine's test_create_swapchain). */
static void test_create_null_arguments(void **state)
{
    struct chain_env *env = *state;
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    IUnknown *queue = (IUnknown *)env->queue;
    IDXGISwapChain1 *chain1;
    IDXGISwapChain *chain;
    DXGI_SWAP_CHAIN_DESC old;

    memset(&old, 0, sizeof(old));
    old.BufferDesc.Width = 640;
    old.BufferDesc.Height = 480;
    old.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    old.SampleDesc.Count = 1;
    old.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    old.BufferCount = 2;
    old.Windowed = TRUE;
    old.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    chain = SENTINEL;
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, queue, &old, &chain), DXGI_ERROR_INVALID_CALL);
    assert_null(chain);
    old.OutputWindow = WINDOW;
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, NULL, &old, &chain), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, queue, NULL, &chain), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, queue, &old, NULL), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, queue, &old, &chain), S_OK);
    IDXGISwapChain_Release(chain);

    chain1 = SENTINEL;
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, queue, 0, &desc, NULL, NULL, &chain1),
            DXGI_ERROR_INVALID_CALL);
    assert_null(chain1);
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, queue, WINDOW, NULL, NULL, NULL, &chain1),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, queue, WINDOW, &desc, NULL, NULL, NULL),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory4_CreateSwapChainForComposition(env->factory, queue, NULL, NULL, &chain1),
            DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory4_CreateSwapChainForComposition(env->factory, NULL, &desc, NULL, &chain1),
            DXGI_ERROR_INVALID_CALL);
}

/* ---- Descriptions, parents, references ---- */

static void test_descriptions(void **state)
{
    struct chain_env *env = *state;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen_desc;
    DXGI_SWAP_CHAIN_DESC old, result;
    ULONG factory_refs = get_refcount(env->factory), queue_refs = get_refcount(env->queue);
    DXGI_SWAP_CHAIN_DESC1 desc1;
    IDXGISwapChain1 *chain1;
    IDXGISwapChain *chain;
    IUnknown *parent;
    HWND window;

    memset(&old, 0, sizeof(old));
    old.BufferDesc.RefreshRate.Numerator = 60;
    old.BufferDesc.RefreshRate.Denominator = 60;
    old.BufferDesc.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    old.SampleDesc.Count = 1;
    old.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    old.BufferCount = 3;
    old.OutputWindow = WINDOW;
    old.Windowed = TRUE;
    old.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL;
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, (IUnknown *)env->queue, &old, &chain), S_OK);
    assert_true(get_refcount(env->factory) > factory_refs);
    assert_true(get_refcount(env->queue) > queue_refs);

    assert_int_equal(IDXGISwapChain_GetDesc(chain, NULL), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain_GetDesc(chain, &result), S_OK);
    assert_int_equal(result.BufferDesc.Width, DEFAULT_WIDTH);   /* zero: the window's client area */
    assert_int_equal(result.BufferDesc.Height, DEFAULT_HEIGHT);
    assert_int_equal(result.BufferDesc.RefreshRate.Numerator, 60);  /* echoed, even 60/60 */
    assert_int_equal(result.BufferDesc.RefreshRate.Denominator, 60);
    assert_int_equal(result.BufferDesc.Format, DXGI_FORMAT_B8G8R8A8_UNORM);
    assert_int_equal(result.BufferCount, 3);
    assert_true(result.OutputWindow == WINDOW);
    assert_true(result.Windowed);
    assert_int_equal(result.SwapEffect, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL);

    assert_int_equal(IDXGISwapChain_QueryInterface(chain, &IID_IDXGISwapChain1, (void **)&chain1), S_OK);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain1, NULL), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain1, &desc1), S_OK);
    assert_false(desc1.Stereo);
    assert_int_equal(desc1.Scaling, DXGI_SCALING_STRETCH);
    assert_int_equal(desc1.AlphaMode, DXGI_ALPHA_MODE_IGNORE);
    assert_int_equal(IDXGISwapChain1_GetFullscreenDesc(chain1, NULL), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain1_GetFullscreenDesc(chain1, &fullscreen_desc), S_OK);
    assert_true(fullscreen_desc.Windowed);
    assert_int_equal(fullscreen_desc.RefreshRate.Numerator, 60);
    assert_int_equal(IDXGISwapChain1_GetHwnd(chain1, &window), S_OK);
    assert_true(window == WINDOW);
    IDXGISwapChain1_Release(chain1);

    assert_int_equal(IDXGISwapChain_GetParent(chain, &IID_IUnknown, (void **)&parent), S_OK);
    assert_ptr_equal(parent, env->factory);
    IUnknown_Release(parent);
    assert_int_equal(IDXGISwapChain_GetDevice(chain, &IID_ID3D12CommandQueue, (void **)&parent), S_OK);
    assert_ptr_equal(parent, env->queue);
    IUnknown_Release(parent);

    assert_int_equal(IDXGISwapChain_Release(chain), 0);
    assert_int_equal(get_refcount(env->factory), factory_refs);
    assert_int_equal(get_refcount(env->queue), queue_refs);

    /* Full screen on a headless machine: created windowed, DXGI_STATUS_OCCLUDED. */
    old.Windowed = FALSE;
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env->factory, (IUnknown *)env->queue, &old, &chain),
            DXGI_STATUS_OCCLUDED);
    assert_int_equal(IDXGISwapChain_GetDesc(chain, &result), S_OK);
    assert_true(result.Windowed);
    IDXGISwapChain_Release(chain);
}

/* ---- Back buffers ---- */

static void test_back_buffers(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    D3D12_HEAP_PROPERTIES heap;
    D3D12_HEAP_FLAGS heap_flags;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *buffer;
    ID3D12Device *device;
    void *other;
    UINT i;

    for (i = 0; i < 2; ++i)
    {
        assert_int_equal(IDXGISwapChain3_GetBuffer(chain, i, &IID_ID3D12Resource, (void **)&buffer), S_OK);
#ifdef _WIN32
        ID3D12Resource_GetDesc(buffer, &desc);
#else
        desc = ID3D12Resource_GetDesc(buffer);
#endif
        assert_int_equal(desc.Dimension, D3D12_RESOURCE_DIMENSION_TEXTURE2D);
        assert_int_equal(desc.Width, 640);
        assert_int_equal(desc.Height, 480);
        assert_int_equal(desc.DepthOrArraySize, 1);
        assert_int_equal(desc.MipLevels, 1);
        assert_int_equal(desc.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
        assert_int_equal(desc.SampleDesc.Count, 1);
        assert_int_equal(desc.Layout, D3D12_TEXTURE_LAYOUT_UNKNOWN);
        assert_true(desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
        assert_int_equal(ID3D12Resource_GetHeapProperties(buffer, &heap, &heap_flags), S_OK);
        assert_int_equal(heap.Type, D3D12_HEAP_TYPE_DEFAULT);
        assert_int_equal(ID3D12Resource_GetDevice(buffer, &IID_ID3D12Device, (void **)&device), S_OK);
        assert_ptr_equal(device, env->device);
        ID3D12Device_Release(device);
        ID3D12Resource_Release(buffer);
    }
    buffer = SENTINEL;
    assert_int_equal(IDXGISwapChain3_GetBuffer(chain, 2, &IID_ID3D12Resource, (void **)&buffer),
            DXGI_ERROR_INVALID_CALL);
    assert_null(buffer);
    /* On D3D12, no DXGI surface (Wine's test_swapchain_resize). */
    other = SENTINEL;
    assert_int_equal(IDXGISwapChain3_GetBuffer(chain, 0, &IID_IDXGISurface, &other), E_NOINTERFACE);
    assert_null(other);
    other = SENTINEL;
    assert_int_equal(IDXGISwapChain3_GetBuffer(chain, 0, &IID_IDXGIResource, &other), E_NOINTERFACE);
    assert_null(other);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
}

/* The back buffers are the device's committed resources: counted in the
 * adapter's video memory while the chain lives. */
static void test_back_buffer_memory(void **state)
{
    struct chain_env *env = *state;
    DXGI_QUERY_VIDEO_MEMORY_INFO before, during, after;
    IDXGIAdapter3 *adapter;
    IDXGISwapChain3 *chain;
    LUID luid;

#ifdef _WIN32
    ID3D12Device_GetAdapterLuid(env->device, &luid);
#else
    luid = ID3D12Device_GetAdapterLuid(env->device);
#endif
    assert_int_equal(IDXGIFactory4_EnumAdapterByLuid(env->factory, luid, &IID_IDXGIAdapter3, (void **)&adapter), S_OK);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &before), S_OK);
    chain = create_chain(env, 0);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &during), S_OK);
    assert_true(during.CurrentUsage >= before.CurrentUsage + 2ull * 640 * 480 * 4);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after), S_OK);
    assert_true(after.CurrentUsage == before.CurrentUsage);
    IDXGIAdapter3_Release(adapter);
}

/* ---- Present ---- */

static void test_present(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    struct row_failures failures = {0};
    DXGI_FRAME_STATISTICS stats;
    UINT i, count, expected_index = 0;

    assert_int_equal(IDXGISwapChain3_GetFrameStatistics(chain, &stats), DXGI_ERROR_FRAME_STATISTICS_DISJOINT);
    /* Sync intervals 0..4 (Wine's test_swapchain_present). */
    for (i = 0; i < 10; ++i)
    {
        HRESULT hr = IDXGISwapChain3_Present(chain, i, 0), expected = i <= 4 ? S_OK : DXGI_ERROR_INVALID_CALL;

        if (hr != expected)
            row_fail(&failures, i, "sync interval", "got %#x, expected %#x", (unsigned)hr, (unsigned)expected);
        if (SUCCEEDED(expected))
            expected_index = (expected_index + 1) % 2;
        if (IDXGISwapChain3_GetCurrentBackBufferIndex(chain) != expected_index)
            row_fail(&failures, i, "back buffer index", "got %u", IDXGISwapChain3_GetCurrentBackBufferIndex(chain));
    }
    rows_done(&failures);
    assert_int_equal(IDXGISwapChain3_GetLastPresentCount(chain, &count), S_OK);
    assert_int_equal(count, 5);
    assert_int_equal(IDXGISwapChain3_GetLastPresentCount(chain, NULL), E_INVALIDARG);

    /* DXGI_PRESENT_TEST: S_OK, nothing presented, no rotation. */
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_TEST), S_OK);
    assert_int_equal(IDXGISwapChain3_GetCurrentBackBufferIndex(chain), expected_index);
    assert_int_equal(IDXGISwapChain3_GetLastPresentCount(chain, &count), S_OK);
    assert_int_equal(count, 5);

    /* Tearing needs the creation flag. */
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_ALLOW_TEARING), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0x80000000u), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_Present1(chain, 0, 0, NULL), S_OK);

    assert_int_equal(IDXGISwapChain3_GetFrameStatistics(chain, NULL), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain3_GetFrameStatistics(chain, &stats), S_OK);
    assert_int_equal(stats.PresentCount, 6);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);

    chain = create_chain(env, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING);
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_ALLOW_TEARING), S_OK);
    assert_int_equal(IDXGISwapChain3_Present(chain, 1, DXGI_PRESENT_ALLOW_TEARING), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
}

/* The fault plan's Present rules (docs/faults.md): the N-th Present (or
 * Present1: a method of its own) of the process removes the devices of the
 * queue's adapter or answers DXGI_STATUS_OCCLUDED; neither presents. A
 * removed device's chain answers DXGI_ERROR_DEVICE_RESET for the reason
 * reset, DXGI_ERROR_DEVICE_REMOVED for the others; only remove:removed (the
 * GPU went away and came back) makes the factory made before not current. */
static const struct
{
    const char *name;
    const char *plan;
    BOOL present1;          /* the calls are Present1 */
    UINT flags[3];          /* of the three calls */
    HRESULT hr[3];
    HRESULT reason;         /* GetDeviceRemovedReason afterwards */
    UINT presented;         /* GetLastPresentCount afterwards */
    UINT index;             /* GetCurrentBackBufferIndex afterwards */
    BOOL current;           /* IsCurrent of the factory made before, afterwards */
}
present_fault_rows[] =
{
    {"remove:hung at the 2nd Present", "remove:hung@Present#2", FALSE, {0, 0, 0},
            {S_OK, DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED}, DXGI_ERROR_DEVICE_HUNG, 1, 1, TRUE},
    {"remove:reset at the 1st Present1", "remove:reset@Present1#1", TRUE, {0, 0, 0},
            {DXGI_ERROR_DEVICE_RESET, DXGI_ERROR_DEVICE_RESET, DXGI_ERROR_DEVICE_RESET}, DXGI_ERROR_DEVICE_RESET,
            0, 0, TRUE},
    {"remove:reset: a test Present answers the reset", "remove:reset@Present#2", FALSE,
            {0, 0, DXGI_PRESENT_TEST}, {S_OK, DXGI_ERROR_DEVICE_RESET, DXGI_ERROR_DEVICE_RESET},
            DXGI_ERROR_DEVICE_RESET, 1, 1, TRUE},
    {"remove:internal: a test Present counts", "remove:internal@Present#1", FALSE, {DXGI_PRESENT_TEST, 0, 0},
            {DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED},
            DXGI_ERROR_DRIVER_INTERNAL_ERROR, 0, 0, TRUE},
    {"remove:invalid at the 1st Present", "remove:invalid@Present#1", FALSE, {0, 0, 0},
            {DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED},
            DXGI_ERROR_INVALID_CALL, 0, 0, TRUE},
    {"occluded at the 2nd Present", "occluded@Present#2", FALSE, {0, 0, 0},
            {S_OK, DXGI_STATUS_OCCLUDED, S_OK}, S_OK, 2, 0, TRUE},
    {"occluded, then a test Present", "occluded@Present#1", FALSE, {0, DXGI_PRESENT_TEST, 0},
            {DXGI_STATUS_OCCLUDED, S_OK, S_OK}, S_OK, 1, 1, TRUE},
    {"occluded at the 1st Present1", "occluded@Present1#1", TRUE, {0, 0, 0},
            {DXGI_STATUS_OCCLUDED, S_OK, S_OK}, S_OK, 2, 0, TRUE},
    {"a Present rule does not count Present1", "occluded@Present#1;remove:hung@Present#2", TRUE, {0, 0, 0},
            {S_OK, S_OK, S_OK}, S_OK, 3, 1, TRUE},
    {"the first rule of the call decides", "occluded@Present#2;remove:hung@Present#2", FALSE, {0, 0, 0},
            {S_OK, DXGI_STATUS_OCCLUDED, S_OK}, S_OK, 2, 0, TRUE},
    {"a Present is a Signal of its queue", "remove:hung@Signal#2", FALSE, {0, 0, 0},
            {S_OK, DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED}, DXGI_ERROR_DEVICE_HUNG, 1, 1, TRUE},
    {"remove:removed: a test Present sees it, the factory is not current", "remove:removed@Signal#1", FALSE,
            {0, DXGI_PRESENT_TEST, DXGI_PRESENT_TEST},
            {DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED, DXGI_ERROR_DEVICE_REMOVED},
            DXGI_ERROR_DEVICE_REMOVED, 0, 0, FALSE},
};

static void test_present_faults(void **state)
{
    struct row_failures failures = {0};
    unsigned i, j;

    (void)state;
    for (i = 0; i < sizeof(present_fault_rows) / sizeof(present_fault_rows[0]); ++i)
    {
        struct chain_env env = {0};
        IDXGISwapChain3 *chain;
        HRESULT hr;
        UINT count = 0;

        assert_non_null(env.device = create_device());
        env.queue = create_queue(env.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
        assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&env.factory), S_OK);
        chain = create_chain(&env, 0);
        assert_int_equal(mockd3d12_set_faults(present_fault_rows[i].plan), S_OK);
        for (j = 0; j < 3; ++j)
        {
            hr = present_fault_rows[i].present1
                    ? IDXGISwapChain3_Present1(chain, 0, present_fault_rows[i].flags[j], NULL)
                    : IDXGISwapChain3_Present(chain, 0, present_fault_rows[i].flags[j]);
            if (hr != present_fault_rows[i].hr[j])
                row_fail(&failures, i, present_fault_rows[i].name, "call %u: hr %#x, expected %#x", j + 1,
                        (unsigned)hr, (unsigned)present_fault_rows[i].hr[j]);
        }
        /* Only remove:removed replaces the adapter; the others reset one that stays. */
        if (IDXGIFactory4_IsCurrent(env.factory) != present_fault_rows[i].current)
            row_fail(&failures, i, present_fault_rows[i].name, "IsCurrent is %d", IDXGIFactory4_IsCurrent(env.factory));
        if ((hr = ID3D12Device_GetDeviceRemovedReason(env.device)) != present_fault_rows[i].reason)
            row_fail(&failures, i, present_fault_rows[i].name, "reason %#x, expected %#x", (unsigned)hr,
                    (unsigned)present_fault_rows[i].reason);
        IDXGISwapChain3_GetLastPresentCount(chain, &count);
        if (count != present_fault_rows[i].presented)
            row_fail(&failures, i, present_fault_rows[i].name, "%u presents, expected %u", count,
                    present_fault_rows[i].presented);
        if (IDXGISwapChain3_GetCurrentBackBufferIndex(chain) != present_fault_rows[i].index)
            row_fail(&failures, i, present_fault_rows[i].name, "back buffer %u, expected %u",
                    IDXGISwapChain3_GetCurrentBackBufferIndex(chain), present_fault_rows[i].index);
        assert_int_equal(mockd3d12_set_faults(NULL), S_OK);
        assert_int_equal(IDXGISwapChain3_Release(chain), 0);
        assert_int_equal(IDXGIFactory4_Release(env.factory), 0);
        ID3D12CommandQueue_Release(env.queue);
        assert_int_equal(ID3D12Device_Release(env.device), 0);
        /* Recovery: a new factory is current, a new device on the adapter
         * works, and a chain on it presents. */
        {
            struct chain_env again = {0};
            IDXGISwapChain3 *chain2;

            assert_non_null(again.device = create_device());
            again.queue = create_queue(again.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
            assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&again.factory), S_OK);
            chain2 = create_chain(&again, 0);
            if (!IDXGIFactory4_IsCurrent(again.factory))
                row_fail(&failures, i, present_fault_rows[i].name, "a new factory is not current");
            if ((hr = ID3D12Device_GetDeviceRemovedReason(again.device)) != S_OK)
                row_fail(&failures, i, present_fault_rows[i].name, "a new device's reason %#x", (unsigned)hr);
            if ((hr = IDXGISwapChain3_Present(chain2, 0, 0)) != S_OK)
                row_fail(&failures, i, present_fault_rows[i].name, "a new chain's Present %#x", (unsigned)hr);
            assert_int_equal(IDXGISwapChain3_Release(chain2), 0);
            assert_int_equal(IDXGIFactory4_Release(again.factory), 0);
            ID3D12CommandQueue_Release(again.queue);
            assert_int_equal(ID3D12Device_Release(again.device), 0);
        }
    }
    rows_done(&failures);

    /* Without a plan too: a removed device's chain answers every Present, a test one included. */
    {
        struct chain_env env = {0};
        ID3D12Device5 *device5;
        IDXGISwapChain3 *chain;

        assert_non_null(env.device = create_device());
        env.queue = create_queue(env.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
        assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&env.factory), S_OK);
        chain = create_chain(&env, 0);
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_TEST), S_OK);
        assert_int_equal(ID3D12Device_QueryInterface(env.device, &IID_ID3D12Device5, (void **)&device5), S_OK);
        ID3D12Device5_RemoveDevice(device5);
        ID3D12Device5_Release(device5);
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_TEST), DXGI_ERROR_DEVICE_REMOVED);
        assert_int_equal(IDXGISwapChain3_Present1(chain, 0, 0, NULL), DXGI_ERROR_DEVICE_REMOVED);
        assert_int_equal(IDXGISwapChain3_Release(chain), 0);
        assert_int_equal(IDXGIFactory4_Release(env.factory), 0);
        ID3D12CommandQueue_Release(env.queue);
        assert_int_equal(ID3D12Device_Release(env.device), 0);
    }
}

static ID3D12Fence *create_fence(struct chain_env *env)
{
    ID3D12Fence *fence = NULL;

    assert_int_equal(ID3D12Device_CreateFence(env->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&fence), S_OK);
    return fence;
}

/* A Present completes in queue order, behind a pending Wait (Wine's
 * test_frame_latency_event on D3D12). */
static void test_present_queue_order(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    ID3D12Fence *fence = create_fence(env);
    DXGI_FRAME_STATISTICS stats;
    UINT i;

    for (i = 0; i < 3; ++i)
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
    assert_int_equal(ID3D12CommandQueue_Wait(env->queue, fence, 1), S_OK);
    for (i = 0; i < 4; ++i)
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetCurrentBackBufferIndex(chain), 7 % 2); /* rotates when called */
    assert_int_equal(IDXGISwapChain3_GetFrameStatistics(chain, &stats), S_OK);
    assert_int_equal(stats.PresentCount, 3);
    assert_int_equal(ID3D12Fence_Signal(fence, 1), S_OK);
    assert_int_equal(IDXGISwapChain3_GetFrameStatistics(chain, &stats), S_OK);
    assert_int_equal(stats.PresentCount, 7);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
    ID3D12Fence_Release(fence);
}

/* ---- The frame-latency waitable object ---- */

static void test_frame_latency(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT);
    ID3D12Fence *fence = create_fence(env);
    HANDLE semaphore, semaphore2;
    UINT latency, i;

    semaphore = IDXGISwapChain3_GetFrameLatencyWaitableObject(chain);
    semaphore2 = IDXGISwapChain3_GetFrameLatencyWaitableObject(chain);
    assert_non_null(semaphore);
    assert_non_null(semaphore2);
    assert_true(semaphore != semaphore2); /* a new handle each call */
    event_destroy(semaphore2);

    /* A waitable chain starts at a latency of 1: one count. */
    assert_int_equal(event_wait(semaphore, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(semaphore, 0), WAIT_TIMEOUT);
    assert_int_equal(IDXGISwapChain3_GetMaximumFrameLatency(chain, &latency), S_OK);
    assert_int_equal(latency, 1);
    assert_int_equal(IDXGISwapChain3_GetMaximumFrameLatency(chain, NULL), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_SetMaximumFrameLatency(chain, 0), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_SetMaximumFrameLatency(chain, 17), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_SetMaximumFrameLatency(chain, 16), S_OK);
    assert_int_equal(IDXGISwapChain3_SetMaximumFrameLatency(chain, 1), S_OK);
    /* Raising it released 15; lowering it took nothing back. */
    for (i = 0; i < 15; ++i)
        assert_int_equal(event_wait(semaphore, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(semaphore, 0), WAIT_TIMEOUT);

    /* Each Present releases it once, when the queue reaches it. */
    for (i = 0; i < 5; ++i)
    {
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
        assert_int_equal(event_wait(semaphore, 0), WAIT_OBJECT_0);
    }
    assert_int_equal(event_wait(semaphore, 0), WAIT_TIMEOUT);
    for (i = 0; i < 3; ++i)
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
    assert_int_equal(ID3D12CommandQueue_Wait(env->queue, fence, 1), S_OK);
    for (i = 0; i < 4; ++i)
        assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
    for (i = 0; i < 3; ++i)
        assert_int_equal(event_wait(semaphore, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(semaphore, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12Fence_Signal(fence, 1), S_OK);
    for (i = 0; i < 4; ++i)
        assert_int_equal(event_wait(semaphore, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(semaphore, 0), WAIT_TIMEOUT);

    /* A Present the queue has not reached when the chain goes. */
    assert_int_equal(ID3D12CommandQueue_Wait(env->queue, fence, 2), S_OK);
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
    assert_int_equal(ID3D12Fence_Signal(fence, 2), S_OK);
    event_destroy(semaphore);
    ID3D12Fence_Release(fence);
}

static void test_frame_latency_without_flag(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    UINT latency = 7;

    assert_null(IDXGISwapChain3_GetFrameLatencyWaitableObject(chain));
    assert_int_equal(IDXGISwapChain3_GetMaximumFrameLatency(chain, &latency), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_SetMaximumFrameLatency(chain, 2), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
}

/* ---- Resizing ---- */

static void test_resize_buffers(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    DXGI_SWAP_CHAIN_DESC1 desc;
    ID3D12Resource *buffer;

    assert_int_equal(IDXGISwapChain3_Present(chain, 0, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetBuffer(chain, 0, &IID_ID3D12Resource, (void **)&buffer), S_OK);
    /* Refused while the application holds a back buffer (Wine's test_swapchain_resize). */
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 2, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0),
            DXGI_ERROR_INVALID_CALL);
    ID3D12Resource_Release(buffer);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 2, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetCurrentBackBufferIndex(chain), 0);
    assert_int_equal(IDXGISwapChain3_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, 320);
    assert_int_equal(desc.Height, 240);
    assert_int_equal(desc.Format, DXGI_FORMAT_B8G8R8A8_UNORM);

    /* 0, 0, 0, UNKNOWN: the count and format kept, the window's size. */
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, DEFAULT_WIDTH);
    assert_int_equal(desc.Height, DEFAULT_HEIGHT);
    assert_int_equal(desc.BufferCount, 2);
    assert_int_equal(desc.Format, DXGI_FORMAT_B8G8R8A8_UNORM);

    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 17, 0, 0, DXGI_FORMAT_UNKNOWN, 0), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 1, 0, 0, DXGI_FORMAT_UNKNOWN, 0), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0),
            DXGI_ERROR_INVALID_CALL);
    /* A flag that cannot be added afterwards. */
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN,
            DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 3, 64, 64, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetBuffer(chain, 2, &IID_ID3D12Resource, (void **)&buffer), S_OK);
    ID3D12Resource_Release(buffer);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
}

static void test_resize_buffers1(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    IUnknown *queues[2] = {(IUnknown *)env->queue, (IUnknown *)env->queue};
    UINT masks[2] = {1, 1};

    /* Wine's test_swapchain_resize on D3D12. */
    assert_int_equal(IDXGISwapChain3_ResizeBuffers1(chain, 2, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0, masks,
            queues), S_OK);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers1(chain, 2, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0, NULL,
            queues), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers1(chain, 2, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0, NULL,
            NULL), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers1(chain, 0, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0, NULL,
            NULL), DXGI_ERROR_INVALID_CALL);
    masks[0] = masks[1] = 2;
    assert_int_equal(IDXGISwapChain3_ResizeBuffers1(chain, 2, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0, masks,
            queues), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers1(chain, 0, 320, 240, DXGI_FORMAT_B8G8R8A8_UNORM, 0, masks,
            queues), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
}

/* ---- Full screen, outputs, colour ---- */

static void test_fullscreen_and_outputs(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    IDXGIOutput *output = SENTINEL;
    BOOL fullscreen = TRUE;
    UINT support;

    assert_int_equal(IDXGISwapChain3_GetFullscreenState(chain, &fullscreen, &output), S_OK);
    assert_false(fullscreen);
    assert_null(output);
    assert_int_equal(IDXGISwapChain3_GetFullscreenState(chain, NULL, NULL), S_OK);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, TRUE, NULL), DXGI_ERROR_NOT_CURRENTLY_AVAILABLE);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, FALSE, NULL), S_OK);
    output = SENTINEL;
    assert_int_equal(IDXGISwapChain3_GetContainingOutput(chain, &output), DXGI_ERROR_UNSUPPORTED);
    assert_null(output);
    assert_int_equal(IDXGISwapChain3_ResizeTarget(chain, NULL), DXGI_ERROR_INVALID_CALL);

    assert_int_equal(IDXGISwapChain3_CheckColorSpaceSupport(chain, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
            &support), S_OK);
    assert_int_equal(support, DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT);
    assert_int_equal(IDXGISwapChain3_CheckColorSpaceSupport(chain, DXGI_COLOR_SPACE_RESERVED, &support), S_OK);
    assert_int_equal(support, 0);
    assert_int_equal(IDXGISwapChain3_SetColorSpace1(chain, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709), S_OK);
    assert_int_equal(IDXGISwapChain3_SetColorSpace1(chain, DXGI_COLOR_SPACE_RESERVED), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
}

/* The remaining IDXGISwapChain1 ... 4 methods, on a window chain and a composition chain. */
static void test_other_methods(void **state)
{
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    DXGI_HDR_METADATA_HDR10 hdr10;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen_desc;
    DXGI_MATRIX_3X2_F matrix = {1, 0, 0, 1, 0, 0}, got_matrix;
    DXGI_RGBA colour = {0.25f, 0.5f, 0.75f, 1.0f}, got_colour;
    DXGI_PRESENT_PARAMETERS parameters;
    IDXGISwapChain4 *chain4;
    IDXGISwapChain1 *composition;
    DXGI_MODE_ROTATION rotation;
    IDXGIOutput *output = SENTINEL;
    IUnknown *unknown = SENTINEL;
    UINT width, height, data = 42, size = sizeof(data);
    HWND window;
    static const GUID guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};

    assert_false(IDXGISwapChain3_IsTemporaryMonoSupported(chain));
    assert_int_equal(IDXGISwapChain3_GetRestrictToOutput(chain, &output), S_OK);
    assert_null(output);
    assert_int_equal(IDXGISwapChain3_GetCoreWindow(chain, &IID_IUnknown, (void **)&unknown), DXGI_ERROR_INVALID_CALL);
    assert_null(unknown);
    assert_int_equal(IDXGISwapChain3_SetBackgroundColor(chain, &colour), S_OK);
    assert_int_equal(IDXGISwapChain3_GetBackgroundColor(chain, &got_colour), S_OK);
    assert_memory_equal(&got_colour, &colour, sizeof(colour));
    assert_int_equal(IDXGISwapChain3_SetRotation(chain, DXGI_MODE_ROTATION_ROTATE90), S_OK);
    assert_int_equal(IDXGISwapChain3_GetRotation(chain, &rotation), S_OK);
    assert_int_equal(rotation, DXGI_MODE_ROTATION_ROTATE90);
    assert_int_equal(IDXGISwapChain3_SetRotation(chain, (DXGI_MODE_ROTATION)9), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_GetSourceSize(chain, &width, &height), S_OK);
    assert_int_equal(width, 640);
    assert_int_equal(height, 480);
    assert_int_equal(IDXGISwapChain3_SetSourceSize(chain, 320, 200), S_OK);
    assert_int_equal(IDXGISwapChain3_GetSourceSize(chain, &width, &height), S_OK);
    assert_int_equal(width, 320);
    assert_int_equal(IDXGISwapChain3_SetSourceSize(chain, 641, 200), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain3_SetSourceSize(chain, 0, 200), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain3_SetMatrixTransform(chain, &matrix), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_GetMatrixTransform(chain, &got_matrix), DXGI_ERROR_INVALID_CALL);
    /* Each method without the pointer it reads or writes: E_INVALIDARG before
     * anything else (the window chain's matrix refusal included), except
     * GetContainingOutput's DXGI_ERROR_INVALID_CALL (its SDK message,
     * ppOutputIsNULL); nothing changes. */
    {
        const struct
        {
            const char *name;
            HRESULT hr, expected;
        }
        null_rows[] =
        {
            {"GetHwnd", IDXGISwapChain3_GetHwnd(chain, NULL), E_INVALIDARG},
            {"GetCoreWindow", IDXGISwapChain3_GetCoreWindow(chain, &IID_IUnknown, NULL), E_INVALIDARG},
            {"GetRestrictToOutput", IDXGISwapChain3_GetRestrictToOutput(chain, NULL), E_INVALIDARG},
            {"SetBackgroundColor", IDXGISwapChain3_SetBackgroundColor(chain, NULL), E_INVALIDARG},
            {"GetBackgroundColor", IDXGISwapChain3_GetBackgroundColor(chain, NULL), E_INVALIDARG},
            {"GetRotation", IDXGISwapChain3_GetRotation(chain, NULL), E_INVALIDARG},
            {"GetSourceSize without a height", IDXGISwapChain3_GetSourceSize(chain, &width, NULL), E_INVALIDARG},
            {"GetSourceSize without a width", IDXGISwapChain3_GetSourceSize(chain, NULL, &height), E_INVALIDARG},
            {"SetMatrixTransform", IDXGISwapChain3_SetMatrixTransform(chain, NULL), E_INVALIDARG},
            {"GetMatrixTransform", IDXGISwapChain3_GetMatrixTransform(chain, NULL), E_INVALIDARG},
            {"CheckColorSpaceSupport", IDXGISwapChain3_CheckColorSpaceSupport(chain,
                    DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709, NULL), E_INVALIDARG},
            {"GetContainingOutput", IDXGISwapChain3_GetContainingOutput(chain, NULL), DXGI_ERROR_INVALID_CALL},
            {"SetRotation UNSPECIFIED", IDXGISwapChain3_SetRotation(chain, DXGI_MODE_ROTATION_UNSPECIFIED),
                    DXGI_ERROR_INVALID_CALL},
        };
        struct row_failures failures = {0};
        unsigned int i;

        for (i = 0; i < ARRAY_SIZE(null_rows); ++i)
        {
            if (null_rows[i].hr != null_rows[i].expected)
                row_fail(&failures, i, null_rows[i].name, "hr %#x, expected %#x", (unsigned)null_rows[i].hr,
                        (unsigned)null_rows[i].expected);
        }
        rows_done(&failures);
        /* Nothing changed: the colour, the rotation and the source size set above. */
        assert_int_equal(IDXGISwapChain3_GetBackgroundColor(chain, &got_colour), S_OK);
        assert_memory_equal(&got_colour, &colour, sizeof(colour));
        assert_int_equal(IDXGISwapChain3_GetRotation(chain, &rotation), S_OK);
        assert_int_equal(rotation, DXGI_MODE_ROTATION_ROTATE90);
        assert_int_equal(IDXGISwapChain3_GetSourceSize(chain, &width, &height), S_OK);
        assert_int_equal(width, 320);
        assert_int_equal(height, 200);
    }

    memset(&parameters, 0, sizeof(parameters));
    parameters.DirtyRectsCount = 1;
    assert_int_equal(IDXGISwapChain3_Present1(chain, 0, 0, &parameters), DXGI_ERROR_INVALID_CALL);

    assert_int_equal(IDXGISwapChain3_SetPrivateData(chain, &guid, sizeof(data), &data), S_OK);
    data = 0;
    assert_int_equal(IDXGISwapChain3_GetPrivateData(chain, &guid, &size, &data), S_OK);
    assert_int_equal(data, 42);

    assert_int_equal(IDXGISwapChain3_QueryInterface(chain, &IID_IDXGISwapChain4, (void **)&chain4), S_OK);
    memset(&hdr10, 0, sizeof(hdr10));
    assert_int_equal(IDXGISwapChain4_SetHDRMetaData(chain4, DXGI_HDR_METADATA_TYPE_NONE, 0, NULL), S_OK);
    assert_int_equal(IDXGISwapChain4_SetHDRMetaData(chain4, DXGI_HDR_METADATA_TYPE_HDR10, sizeof(hdr10), &hdr10), S_OK);
    assert_int_equal(IDXGISwapChain4_SetHDRMetaData(chain4, DXGI_HDR_METADATA_TYPE_HDR10, 4, &hdr10), E_INVALIDARG);
    assert_int_equal(IDXGISwapChain4_SetHDRMetaData(chain4, (DXGI_HDR_METADATA_TYPE)7, 0, NULL), E_INVALIDARG);
    IDXGISwapChain4_Release(chain4);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);

    /* A composition chain: no window, a matrix. */
    assert_int_equal(IDXGIFactory4_CreateSwapChainForComposition(env->factory, (IUnknown *)env->queue, &desc, NULL,
            &composition), S_OK);
    assert_int_equal(IDXGISwapChain1_GetHwnd(composition, &window), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain1_GetFullscreenDesc(composition, &fullscreen_desc), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain1_SetFullscreenState(composition, TRUE, NULL), DXGI_ERROR_INVALID_CALL);
    {
        DXGI_MODE_DESC mode = {640, 480, {60, 1}, DXGI_FORMAT_UNKNOWN, DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED,
                DXGI_MODE_SCALING_UNSPECIFIED};

        assert_int_equal(IDXGISwapChain1_ResizeTarget(composition, &mode), DXGI_ERROR_INVALID_CALL);
    }
    assert_int_equal(IDXGISwapChain1_QueryInterface(composition, &IID_IDXGISwapChain3, (void **)&chain), S_OK);
    assert_int_equal(IDXGISwapChain3_SetMatrixTransform(chain, &matrix), S_OK);
    assert_int_equal(IDXGISwapChain3_GetMatrixTransform(chain, &got_matrix), S_OK);
    assert_memory_equal(&got_matrix, &matrix, sizeof(matrix));
    assert_int_equal(IDXGISwapChain3_Present(chain, 1, 0), S_OK);
    IDXGISwapChain3_Release(chain);
    assert_int_equal(IDXGISwapChain1_Release(composition), 0);
}

#ifndef _WIN32
/* ---- The debug layer's output (a DXGI_CREATE_FACTORY_DEBUG factory) ---- */

/* Runs `call` with stderr in a temporary file; its text in `text`. */
static void capture_stderr(void (*call)(struct chain_env *, IDXGIFactory4 *), struct chain_env *env,
        IDXGIFactory4 *factory, char *text, size_t size)
{
    FILE *file = tmpfile();
    int saved = dup(2);
    size_t length;

    assert_non_null(file);
    assert_true(saved >= 0);
    fflush(stderr);
    assert_true(dup2(fileno(file), 2) == 2);
    call(env, factory);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(file);
    length = fread(text, 1, size - 1, file);
    text[length] = 0;
    fclose(file);
}

static void refused_calls(struct chain_env *env, IDXGIFactory4 *factory)
{
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    IDXGISwapChain2 *chain2;
    IDXGISwapChain1 *chain;
    UINT latency;

    desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    IDXGIFactory4_CreateSwapChainForHwnd(factory, (IUnknown *)env->queue, WINDOW, &desc, NULL, NULL, &chain);
    desc = default_desc1();
    desc.BufferCount = 17;
    IDXGIFactory4_CreateSwapChainForHwnd(factory, (IUnknown *)env->queue, WINDOW, &desc, NULL, NULL, &chain);
    desc = default_desc1();
    IDXGIFactory4_CreateSwapChainForHwnd(factory, (IUnknown *)env->device, WINDOW, &desc, NULL, NULL, &chain);
    IDXGIFactory4_CreateSwapChainForHwnd(factory, (IUnknown *)env->queue, 0, &desc, NULL, NULL, &chain);
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(factory, (IUnknown *)env->queue, WINDOW, &desc, NULL, NULL,
            &chain), S_OK);
    IDXGISwapChain1_Present(chain, 5, 0);
    IDXGISwapChain1_Present(chain, 0, DXGI_PRESENT_ALLOW_TEARING);
    assert_int_equal(IDXGISwapChain1_QueryInterface(chain, &IID_IDXGISwapChain2, (void **)&chain2), S_OK);
    IDXGISwapChain2_GetMaximumFrameLatency(chain2, &latency);
    IDXGISwapChain2_Release(chain2);
    IDXGISwapChain1_Release(chain);
}

static const struct
{
    const char *name;
    const char *line;
}
debug_rows[] =
{
    {"blt swap effect", "DXGI ERROR: IDXGIFactory2::CreateSwapChainForHwnd: D3D12 swap chains must use "
            "DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL or DXGI_SWAP_EFFECT_FLIP_DISCARD [ MISCELLANEOUS ERROR #273: "
            "DXGI_MSG_IDXGIFactory_CreateSwapChain_FlipSwapEffectRequired ]\n"},
    {"17 buffers", "[ MISCELLANEOUS ERROR #100: DXGI_MSG_IDXGIFactory_CreateSwapChain_BufferCountOOBForFlipSequential ]"},
    {"the device", "[ MISCELLANEOUS ERROR #274: DXGI_MSG_IDXGIFactory_CreateSwapChain_InvalidDevice ]"},
    {"no window", "[ MISCELLANEOUS ERROR #65: DXGI_MSG_IDXGISwapChain_Creation_InvalidOutputWindow ]"},
    {"sync interval 5", "DXGI ERROR: IDXGISwapChain::Present: SyncInterval is more than 4 [ MISCELLANEOUS ERROR #14: "
            "DXGI_MSG_IDXGISwapChain_Present_SyncIntervalOOB ]"},
    {"tearing", "[ MISCELLANEOUS ERROR #284: DXGI_MSG_IDXGISwapChain_Present_AllowTearingRequiresCreationFlag ]"},
    {"latency", "[ MISCELLANEOUS ERROR #215: DXGI_MSG_IDXGISwapChain_GetMaximumFrameLatency_OnlyWaitable ]"},
};

static void test_debug_output(void **state)
{
    struct chain_env *env = *state;
    struct row_failures failures = {0};
    IDXGIFactory4 *debug_factory;
    char text[8192];
    unsigned i;

    assert_int_equal(CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, &IID_IDXGIFactory4, (void **)&debug_factory),
            S_OK);
    capture_stderr(refused_calls, env, debug_factory, text, sizeof(text));
    for (i = 0; i < ARRAY_SIZE(debug_rows); ++i)
    {
        if (!strstr(text, debug_rows[i].line))
            row_fail(&failures, i, debug_rows[i].name, "no line with \"%s\" in:\n%s", debug_rows[i].line, text);
    }
    rows_done(&failures);
    assert_int_equal(IDXGIFactory4_Release(debug_factory), 0);

    /* A factory without the flag says nothing. */
    capture_stderr(refused_calls, env, env->factory, text, sizeof(text));
    assert_string_equal(text, "");
}
#endif

#ifndef _WIN32
/* The control API's simulated windows (Linux): their client area is what a
 * zero size and ResizeBuffers take; a destroyed one is no window. */
static void test_simulated_windows(void **state)
{
    struct chain_env *env = *state;
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    IDXGISwapChain1 *chain;
    HWND window = 0, other = 0;
    DXGI_MODE_DESC mode;

    assert_int_equal(mockd3d12_dxgi_create_window(300, 200, NULL), E_INVALIDARG);
    assert_int_equal(mockd3d12_dxgi_create_window(300, 200, &window), S_OK);
    assert_int_equal(mockd3d12_dxgi_create_window(10, 10, &other), S_OK);
    assert_true(window != 0 && other != 0 && window != other);

    desc.Width = desc.Height = 0;
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, (IUnknown *)env->queue, window, &desc, NULL,
            NULL, &chain), S_OK);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, 300);
    assert_int_equal(desc.Height, 200);
    assert_int_equal(mockd3d12_dxgi_resize_window(window, 640, 360), S_OK);
    assert_int_equal(IDXGISwapChain1_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, 640);
    assert_int_equal(desc.Height, 360);
    /* Minimised: an empty client area gives 8 x 8 (Wine's test_create_swapchain). */
    assert_int_equal(mockd3d12_dxgi_resize_window(window, 0, 0), S_OK);
    assert_int_equal(IDXGISwapChain1_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, 8);
    assert_int_equal(desc.Height, 8);
    assert_int_equal(IDXGISwapChain1_Present(chain, 0, 0), S_OK);
    /* ResizeTarget: the window's client area, not the buffers (Wine's test_resize_target_wndproc). */
    memset(&mode, 0, sizeof(mode));
    mode.Width = 600;
    mode.Height = 400;
    assert_int_equal(IDXGISwapChain1_ResizeTarget(chain, &mode), S_OK);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, 8);
    assert_int_equal(IDXGISwapChain1_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain1_GetDesc1(chain, &desc), S_OK);
    assert_int_equal(desc.Width, 600);
    assert_int_equal(desc.Height, 400);
    assert_int_equal(IDXGISwapChain1_Release(chain), 0);

    assert_int_equal(mockd3d12_dxgi_destroy_window(window), S_OK);
    assert_int_equal(mockd3d12_dxgi_destroy_window(window), E_INVALIDARG);
    assert_int_equal(mockd3d12_dxgi_resize_window(window, 1, 1), E_INVALIDARG);
    chain = SENTINEL;
    desc = default_desc1();
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, (IUnknown *)env->queue, window, &desc, NULL,
            NULL, &chain), DXGI_ERROR_INVALID_CALL);
    assert_null(chain);
    assert_int_equal(mockd3d12_dxgi_destroy_window(other), S_OK);
}
#endif

/* On an adapter with outputs (tests/data/profiles/outputs.json): the window
 * is on its first output, and full screen takes it. */
/* A chain on the first adapter of the machine `id` (a built-in with displays,
 * docs/dxgi.md "Displays"), in `format`; full screen on output `target` when
 * it is not -1. */
static IDXGISwapChain3 *chain_on_machine(struct chain_env *env, const char *id, DXGI_FORMAT format, int target)
{
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    IDXGISwapChain1 *chain1 = NULL;
    IDXGISwapChain3 *chain = NULL;
    IDXGIAdapter1 *adapter;
    IDXGIOutput *output;

    assert_int_equal(mockd3d12_set_machine_adapters(&id, 1), S_OK);
    assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&env->factory), S_OK);
    assert_int_equal(IDXGIFactory4_EnumAdapters1(env->factory, 0, &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&env->device), S_OK);
    env->queue = create_queue(env->device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    desc.Format = format;
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, (IUnknown *)env->queue, WINDOW, &desc,
            NULL, NULL, &chain1), S_OK);
    assert_int_equal(IDXGISwapChain1_QueryInterface(chain1, &IID_IDXGISwapChain3, (void **)&chain), S_OK);
    IDXGISwapChain1_Release(chain1);
    if (target >= 0)
    {
        assert_int_equal(IDXGIAdapter1_EnumOutputs(adapter, (UINT)target, &output), S_OK);
        assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, TRUE, output), S_OK);
        IDXGIOutput_Release(output);
    }
    IDXGIAdapter1_Release(adapter);
    return chain;
}

static void release_machine_chain(struct chain_env *env, IDXGISwapChain3 *chain)
{
    IDXGISwapChain3_SetFullscreenState(chain, FALSE, NULL);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
    ID3D12CommandQueue_Release(env->queue);
    assert_int_equal(ID3D12Device_Release(env->device), 0);
    assert_int_equal(IDXGIFactory4_Release(env->factory), 0);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

#define PRESENT DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT
#define SRGB DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709
#define SCRGB DXGI_COLOR_SPACE_RGB_FULL_G10_NONE_P709
#define HDR10 DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020
static const struct
{
    const char *name;
    const char *machine;
    int target;                 /* -1: windowed (the containing output, the first); else full screen there */
    DXGI_FORMAT format;
    DXGI_COLOR_SPACE_TYPE space;
    UINT support;               /* CheckColorSpaceSupport; SetColorSpace1 S_OK iff PRESENT, else E_INVALIDARG */
}
colour_rows[] =
{
    {"sRGB, 8-bit, HDR output", "desktop-hdr", -1, DXGI_FORMAT_R8G8B8A8_UNORM, SRGB, PRESENT},
    {"HDR10, 10-bit, HDR output", "desktop-hdr", -1, DXGI_FORMAT_R10G10B10A2_UNORM, HDR10, PRESENT},
    {"HDR10, 8-bit, HDR output", "desktop-hdr", -1, DXGI_FORMAT_B8G8R8A8_UNORM, HDR10, 0},
    {"HDR10, float, HDR output", "desktop-hdr", -1, DXGI_FORMAT_R16G16B16A16_FLOAT, HDR10, 0},
    {"scRGB, float, HDR output", "desktop-hdr", -1, DXGI_FORMAT_R16G16B16A16_FLOAT, SCRGB, PRESENT},
    {"scRGB, 10-bit, HDR output", "desktop-hdr", -1, DXGI_FORMAT_R10G10B10A2_UNORM, SCRGB, 0},
    {"studio G22 P2020, 10-bit, HDR output", "desktop-hdr", -1, DXGI_FORMAT_R10G10B10A2_UNORM,
            DXGI_COLOR_SPACE_RGB_STUDIO_G22_NONE_P2020, 0},
    {"HDR10, 10-bit, HDR output in full screen", "desktop-hdr", 0, DXGI_FORMAT_R10G10B10A2_UNORM, HDR10, PRESENT},
    {"HDR10, 10-bit, SDR output in full screen", "desktop-hdr", 1, DXGI_FORMAT_R10G10B10A2_UNORM, HDR10, 0},
    {"sRGB, 10-bit, SDR output in full screen", "desktop-hdr", 1, DXGI_FORMAT_R10G10B10A2_UNORM, SRGB, PRESENT},
    {"HDR10, 10-bit, SDR machine", "desktop-sdr", -1, DXGI_FORMAT_R10G10B10A2_UNORM, HDR10, 0},
    {"sRGB, 8-bit, SDR machine", "desktop-sdr", -1, DXGI_FORMAT_R8G8B8A8_UNORM, SRGB, PRESENT},
    {"scRGB, float, SDR machine", "desktop-sdr", -1, DXGI_FORMAT_R16G16B16A16_FLOAT, SCRGB, PRESENT},
    {"HDR10, 10-bit, headless", "nvidia-rtx-4090", -1, DXGI_FORMAT_R10G10B10A2_UNORM, HDR10, 0},
    {"sRGB, 10-bit, headless", "nvidia-rtx-4090", -1, DXGI_FORMAT_R10G10B10A2_UNORM, SRGB, PRESENT},
};
#undef PRESENT
#undef SRGB
#undef SCRGB
#undef HDR10

/* CheckColorSpaceSupport and SetColorSpace1 follow the chain's output (the
 * profile's "colorSpace") and format. */
static void test_colour_spaces(void **state)
{
    struct row_failures failures = {0};
    unsigned r;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(colour_rows); ++r)
    {
        struct chain_env env = {0};
        IDXGISwapChain3 *chain = chain_on_machine(&env, colour_rows[r].machine, colour_rows[r].format,
                colour_rows[r].target);
        UINT support = 0xdead;
        HRESULT hr, expected = colour_rows[r].support ? S_OK : E_INVALIDARG;

        if ((hr = IDXGISwapChain3_CheckColorSpaceSupport(chain, colour_rows[r].space, &support)) != S_OK
                || support != colour_rows[r].support)
            row_fail(&failures, r, colour_rows[r].name, "CheckColorSpaceSupport %#x, support %#x, expected %#x",
                    (unsigned)hr, support, colour_rows[r].support);
        if ((hr = IDXGISwapChain3_SetColorSpace1(chain, colour_rows[r].space)) != expected)
            row_fail(&failures, r, colour_rows[r].name, "SetColorSpace1 %#x, expected %#x", (unsigned)hr,
                    (unsigned)expected);
        release_machine_chain(&env, chain);
    }
    rows_done(&failures);
}

/* Tearing stays the machine's allowTearing: the HDR desktop allows it, the SDR one not. */
static void test_display_machines_tearing(void **state)
{
    static const struct { const char *machine; BOOL tearing; } rows[] = {{"desktop-hdr", TRUE}, {"desktop-sdr", FALSE}};
    struct row_failures failures = {0};
    unsigned r;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        IDXGIFactory5 *factory;
        BOOL tearing = 42;

        assert_int_equal(mockd3d12_set_machine_adapters(&rows[r].machine, 1), S_OK);
        assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory5, (void **)&factory), S_OK);
        assert_int_equal(IDXGIFactory5_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing,
                sizeof(tearing)), S_OK);
        if (tearing != rows[r].tearing)
            row_fail(&failures, r, rows[r].machine, "allow tearing %d, expected %d", tearing, rows[r].tearing);
        IDXGIFactory5_Release(factory);
    }
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    rows_done(&failures);
}

/* SetHDRMetaData: the type and its structure's size (HDR10: 24 bytes;
 * HDR10+: 72, DXGI_HDR_METADATA_HDR10PLUS). */
static void test_hdr_metadata(void **state)
{
    static unsigned char data[72];
    static const struct { const char *name; DXGI_HDR_METADATA_TYPE type; UINT size; bool null; HRESULT hr; } rows[] =
    {
        {"NONE", DXGI_HDR_METADATA_TYPE_NONE, 0, true, S_OK},
        {"HDR10", DXGI_HDR_METADATA_TYPE_HDR10, sizeof(DXGI_HDR_METADATA_HDR10), false, S_OK},
        {"HDR10, 4 bytes", DXGI_HDR_METADATA_TYPE_HDR10, 4, false, E_INVALIDARG},
        {"HDR10, HDR10+'s 72 bytes", DXGI_HDR_METADATA_TYPE_HDR10, 72, false, E_INVALIDARG},
        {"HDR10, no data", DXGI_HDR_METADATA_TYPE_HDR10, sizeof(DXGI_HDR_METADATA_HDR10), true, E_INVALIDARG},
        {"HDR10+", (DXGI_HDR_METADATA_TYPE)2, 72, false, S_OK},
        {"HDR10+, HDR10's size", (DXGI_HDR_METADATA_TYPE)2, sizeof(DXGI_HDR_METADATA_HDR10), false, E_INVALIDARG},
        {"HDR10+, no data", (DXGI_HDR_METADATA_TYPE)2, 72, true, E_INVALIDARG},
        {"undefined type 3", (DXGI_HDR_METADATA_TYPE)3, 0, true, E_INVALIDARG},
    };
    struct chain_env *env = *state;
    IDXGISwapChain3 *chain = create_chain(env, 0);
    struct row_failures failures = {0};
    IDXGISwapChain4 *chain4;
    unsigned r;
    HRESULT hr;

    assert_int_equal(IDXGISwapChain3_QueryInterface(chain, &IID_IDXGISwapChain4, (void **)&chain4), S_OK);
    for (r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        if ((hr = IDXGISwapChain4_SetHDRMetaData(chain4, rows[r].type, rows[r].size, rows[r].null ? NULL : data))
                != rows[r].hr)
            row_fail(&failures, r, rows[r].name, "%#x, expected %#x", (unsigned)hr, (unsigned)rows[r].hr);
    }
    IDXGISwapChain4_Release(chain4);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);
    rows_done(&failures);
}

/* The output a window's client area is mostly on, as
 * GetContainingOutput answers it: its left edge tells the two outputs of
 * dxgi-two-outputs apart (0 and 1920). */
static LONG containing_left(IDXGISwapChain3 *chain)
{
    IDXGIOutput *output;
    DXGI_OUTPUT_DESC desc;

    assert_int_equal(IDXGISwapChain3_GetContainingOutput(chain, &output), S_OK);
    assert_int_equal(IDXGIOutput_GetDesc(output, &desc), S_OK);
    IDXGIOutput_Release(output);
    return desc.DesktopCoordinates.left;
}

/* Windows move between outputs and are minimised (docs/dxgi.md "Windows
 * without a display"): simulated ones on Linux, real ones on Windows. */
static void test_window_place_and_state(void **state)
{
    static const char *const ids[] = {"dxgi-two-outputs"};
    static const struct
    {
        const char *name;
        INT x, y;
        LONG left;          /* the containing output's */
    }
    rows[] =
    {
        {"at the origin: the first output", 0, 0, 0},
        {"wholly on the second", 2000, 100, 1920},
        {"straddling, mostly on the second", 1800, 0, 1920},
        {"straddling, mostly on the first", 1500, 0, 0},
        {"off every output, nearest the first", -5000, -5000, 0},
        {"off every output, nearest the second", 9000, 0, 1920},
    };
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1(), got;
    struct chain_env env = {0};
    IDXGISwapChain1 *chain1;
    IDXGISwapChain3 *chain;
    IDXGIAdapter1 *adapter;
    char error[512] = "";
    HWND window;
    size_t i;

    (void)state;
    /* Registered once per process (test_fullscreen_with_outputs may have). */
    if (FAILED(mockd3d12_register_profile(outputs_profile, error, sizeof(error))) && !strstr(error, "duplicate"))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&env.factory), S_OK);
    assert_int_equal(IDXGIFactory4_EnumAdapters1(env.factory, 0, &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&env.device), S_OK);
    IDXGIAdapter1_Release(adapter);
    env.queue = create_queue(env.device, D3D12_COMMAND_LIST_TYPE_DIRECT);

    window = mk_test_window(800, 600);
    desc.Width = desc.Height = 0;
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env.factory, (IUnknown *)env.queue, window, &desc,
            NULL, NULL, &chain1), S_OK);
    assert_int_equal(IDXGISwapChain1_QueryInterface(chain1, &IID_IDXGISwapChain3, (void **)&chain), S_OK);
    IDXGISwapChain1_Release(chain1);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        mk_test_window_move(window, rows[i].x, rows[i].y);
        if (containing_left(chain) != rows[i].left)
            fail_msg("%s: the containing output is at %ld, not %ld", rows[i].name, (long)containing_left(chain),
                    (long)rows[i].left);
    }
    /* Full screen takes the containing output. */
    mk_test_window_move(window, 2000, 0);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, TRUE, NULL), S_OK);
    assert_int_equal(containing_left(chain), 1920);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, FALSE, NULL), S_OK);

    /* Minimised: an empty client area (8 x 8 for sizes taken from it); a
     * flip-model chain is never occluded; restored: its size again. */
    mk_test_window_minimize(window, TRUE);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetDesc1(chain, &got), S_OK);
    assert_int_equal(got.Width, 8);
    assert_int_equal(got.Height, 8);
    assert_int_equal(IDXGISwapChain3_Present(chain, 1, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_TEST), S_OK);
    assert_int_equal(containing_left(chain), 1920); /* it keeps its place */
    mk_test_window_minimize(window, FALSE);
    assert_int_equal(IDXGISwapChain3_ResizeBuffers(chain, 0, 0, 0, DXGI_FORMAT_UNKNOWN, 0), S_OK);
    assert_int_equal(IDXGISwapChain3_GetDesc1(chain, &got), S_OK);
    assert_int_equal(got.Width, 800);
    assert_int_equal(got.Height, 600);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);

#ifndef _WIN32
    /* Only live simulated windows move or minimise. */
    assert_int_equal(mockd3d12_dxgi_move_window(WINDOW, 10, 10), E_INVALIDARG);
    assert_int_equal(mockd3d12_dxgi_minimize_window(WINDOW, TRUE), E_INVALIDARG);
    assert_int_equal(mockd3d12_dxgi_destroy_window(window), S_OK);
    assert_int_equal(mockd3d12_dxgi_move_window(window, 10, 10), E_INVALIDARG);
    assert_int_equal(mockd3d12_dxgi_minimize_window(window, FALSE), E_INVALIDARG);
#else
    mk_test_window_destroy(window);
#endif

    ID3D12CommandQueue_Release(env.queue);
    assert_int_equal(ID3D12Device_Release(env.device), 0);
    assert_int_equal(IDXGIFactory4_Release(env.factory), 0);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

static void test_fullscreen_with_outputs(void **state)
{
    static const char *const ids[] = {"dxgi-two-outputs"};
    struct chain_env env = {0};
    IDXGIOutput *output, *output2, *target;
    DXGI_OUTPUT_DESC desc, desc2;
    IDXGISwapChain3 *chain;
    IDXGIAdapter1 *adapter;
    IDXGISwapChain *old_chain;
    DXGI_SWAP_CHAIN_DESC old;
    char error[512] = "";
    BOOL fullscreen;

    (void)state;
    if (FAILED(mockd3d12_register_profile(outputs_profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&env.factory), S_OK);
    assert_int_equal(IDXGIFactory4_EnumAdapters1(env.factory, 0, &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&env.device), S_OK);
    IDXGIAdapter1_Release(adapter);
    env.queue = create_queue(env.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    chain = create_chain(&env, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING);

    /* A new object each call, the same output (Wine's test_get_containing_output). */
    assert_int_equal(IDXGISwapChain3_GetContainingOutput(chain, &output), S_OK);
    assert_int_equal(IDXGISwapChain3_GetContainingOutput(chain, &output2), S_OK);
    assert_ptr_not_equal(output, output2);
    assert_int_equal(IDXGIOutput_GetDesc(output, &desc), S_OK);
    assert_int_equal(IDXGIOutput_GetDesc(output2, &desc2), S_OK);
    assert_memory_equal(desc.DeviceName, desc2.DeviceName, sizeof(desc.DeviceName));
    IDXGIOutput_Release(output2);

    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, TRUE, NULL), S_OK);
    assert_int_equal(IDXGISwapChain3_GetFullscreenState(chain, &fullscreen, &target), S_OK);
    assert_true(fullscreen);
    assert_non_null(target);
    assert_int_equal(IDXGISwapChain3_GetContainingOutput(chain, &output2), S_OK);
    assert_ptr_equal(output2, target); /* in full screen, the output taken */
    IDXGIOutput_Release(output2);
    /* Tearing only in a windowed chain. */
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_ALLOW_TEARING), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, FALSE, target), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, FALSE, NULL), S_OK);
    assert_int_equal(IDXGISwapChain3_GetFullscreenState(chain, &fullscreen, NULL), S_OK);
    assert_false(fullscreen);
    assert_int_equal(IDXGISwapChain3_Present(chain, 0, DXGI_PRESENT_ALLOW_TEARING), S_OK);
    assert_int_equal(IDXGISwapChain3_SetFullscreenState(chain, TRUE, output), S_OK);
    assert_int_equal(IDXGISwapChain3_GetFullscreenState(chain, NULL, &output2), S_OK);
    assert_ptr_equal(output2, output);
    IDXGIOutput_Release(output2);
    IDXGIOutput_Release(target);
    IDXGIOutput_Release(output);
    assert_int_equal(IDXGISwapChain3_Release(chain), 0);

    /* Created full screen: it is, and S_OK. */
    memset(&old, 0, sizeof(old));
    old.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    old.SampleDesc.Count = 1;
    old.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    old.BufferCount = 2;
    old.OutputWindow = WINDOW;
    old.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    assert_int_equal(IDXGIFactory4_CreateSwapChain(env.factory, (IUnknown *)env.queue, &old, &old_chain), S_OK);
    assert_int_equal(IDXGISwapChain_GetFullscreenState(old_chain, &fullscreen, NULL), S_OK);
    assert_true(fullscreen);
    assert_int_equal(IDXGISwapChain_Release(old_chain), 0);

    ID3D12CommandQueue_Release(env.queue);
    assert_int_equal(ID3D12Device_Release(env.device), 0);
    assert_int_equal(IDXGIFactory4_Release(env.factory), 0);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

/* IDXGIInfoQueue (docs/dxgi.md "Debug output"): DXGIGetDebugInterface1's
 * one queue object, the DXGI producer's messages from a debug factory's
 * refused calls, the application's own, the filters, the limit, the
 * break-on and mute settings, and the producers it refuses. */
static const char *stored_text(IDXGIInfoQueue *queue, DXGI_DEBUG_ID producer, UINT64 index, char *text, size_t size,
        DXGI_INFO_QUEUE_MESSAGE_ID *id, GUID *from)
{
    DXGI_INFO_QUEUE_MESSAGE *message;
    SIZE_T length = 0;

    assert_int_equal(IDXGIInfoQueue_GetMessage(queue, producer, index, NULL, &length), S_OK);
    assert_true(length > sizeof(*message));
    assert_non_null(message = malloc(length));
    length -= 1;
    assert_int_equal(IDXGIInfoQueue_GetMessage(queue, producer, index, message, &length), E_INVALIDARG);
    length += 1;
    assert_int_equal(IDXGIInfoQueue_GetMessage(queue, producer, index, message, &length), S_OK);
    assert_int_equal(message->DescriptionByteLength, strlen(message->pDescription) + 1);
    snprintf(text, size, "%s", message->pDescription);
    *id = message->ID;
    *from = message->Producer;
    free(message);
    return text;
}

static void test_info_queue(void **state)
{
    struct chain_env *env = *state;
    DXGI_SWAP_CHAIN_DESC1 desc = default_desc1();
    IDXGIInfoQueue *queue, *again;
    DXGI_INFO_QUEUE_MESSAGE_ID id;
    IDXGIFactory4 *debug_factory;
    IDXGISwapChain1 *chain;
    IUnknown *other;
    char text[512];
    GUID from;

    assert_int_equal(DXGIGetDebugInterface1(0, &IID_IDXGIInfoQueue, (void **)&queue), S_OK);
    assert_int_equal(DXGIGetDebugInterface1(0, &IID_IDXGIInfoQueue, (void **)&again), S_OK);
    assert_ptr_equal(queue, again); /* one queue for the process */
    IDXGIInfoQueue_Release(again);
    other = (IUnknown *)queue;
    assert_int_equal(DXGIGetDebugInterface1(0, &IID_IDXGIDebug, (void **)&other), E_NOINTERFACE);
    assert_null(other);
    assert_int_equal(DXGIGetDebugInterface1(0, &IID_IDXGIDebug1, (void **)&other), E_NOINTERFACE);
    IDXGIInfoQueue_ClearStoredMessages(queue, DXGI_DEBUG_ALL);
    IDXGIInfoQueue_SetMuteDebugOutput(queue, DXGI_DEBUG_DXGI, TRUE); /* no lines on stderr */
    assert_true(IDXGIInfoQueue_GetMuteDebugOutput(queue, DXGI_DEBUG_DXGI));
    assert_int_equal(IDXGIInfoQueue_GetMessageCountLimit(queue, DXGI_DEBUG_DXGI),
            DXGI_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT);

    /* A debug factory's refused call is the DXGI producer's message, with its DXGI_Message_Id. */
    assert_int_equal(CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, &IID_IDXGIFactory4, (void **)&debug_factory),
            S_OK);
    desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(debug_factory, (IUnknown *)env->queue, WINDOW, &desc,
            NULL, NULL, &chain), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_DXGI), 1);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_DX), 1);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_APP), 0);
    stored_text(queue, DXGI_DEBUG_DXGI, 0, text, sizeof(text), &id, &from);
    assert_int_equal(id, 273); /* DXGI_MSG_IDXGIFactory_CreateSwapChain_FlipSwapEffectRequired */
    assert_memory_equal(&from, &DXGI_DEBUG_DXGI, sizeof(GUID));
    assert_string_equal(text, "IDXGIFactory2::CreateSwapChainForHwnd: D3D12 swap chains must use "
            "DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL or DXGI_SWAP_EFFECT_FLIP_DISCARD");
    /* A factory without the flag stores nothing. */
    assert_int_equal(IDXGIFactory4_CreateSwapChainForHwnd(env->factory, (IUnknown *)env->queue, WINDOW, &desc,
            NULL, NULL, &chain), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_DXGI), 1);
    assert_int_equal(IDXGIFactory4_Release(debug_factory), 0);

    /* The application's messages; DXGI_DEBUG_ALL is both producers, in turn. */
    assert_int_equal(IDXGIInfoQueue_AddApplicationMessage(queue, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING, "hello"),
            S_OK);
    assert_int_equal(IDXGIInfoQueue_AddApplicationMessage(queue, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING, NULL),
            E_INVALIDARG);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_ALL), 2);
    stored_text(queue, DXGI_DEBUG_ALL, 1, text, sizeof(text), &id, &from);
    assert_string_equal(text, "hello");
    assert_int_equal(id, DXGI_INFO_QUEUE_MESSAGE_ID_STRING_FROM_APPLICATION);
    assert_memory_equal(&from, &DXGI_DEBUG_APP, sizeof(GUID));
    assert_int_equal(IDXGIInfoQueue_AddMessage(queue, DXGI_DEBUG_APP, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER,
            DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO, 7, "seven"), S_OK);
    assert_int_equal(IDXGIInfoQueue_AddMessage(queue, DXGI_DEBUG_APP, (DXGI_INFO_QUEUE_MESSAGE_CATEGORY)11,
            DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO, 7, "bad category"), E_INVALIDARG);
    assert_int_equal(IDXGIInfoQueue_AddMessage(queue, DXGI_DEBUG_ALL, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER,
            DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO, 7, "two producers"), E_INVALIDARG);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_APP), 2);
    assert_int_equal(IDXGIInfoQueue_GetMessage(queue, DXGI_DEBUG_APP, 2, NULL, (SIZE_T[]){0}), E_INVALIDARG);

    /* Filters: a deny-all storage filter stores nothing more; a retrieval
     * filter hides without discarding. */
    assert_int_equal(IDXGIInfoQueue_PushDenyAllStorageFilter(queue, DXGI_DEBUG_APP), S_OK);
    assert_int_equal(IDXGIInfoQueue_GetStorageFilterStackSize(queue, DXGI_DEBUG_APP), 2);
    assert_int_equal(IDXGIInfoQueue_AddApplicationMessage(queue, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR, "denied"),
            S_OK);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_APP), 2);
    assert_int_equal(IDXGIInfoQueue_GetNumMessagesDeniedByStorageFilter(queue, DXGI_DEBUG_APP), 1);
    IDXGIInfoQueue_PopStorageFilter(queue, DXGI_DEBUG_APP);
    assert_int_equal(IDXGIInfoQueue_GetStorageFilterStackSize(queue, DXGI_DEBUG_APP), 1);
    assert_int_equal(IDXGIInfoQueue_PushDenyAllRetrievalFilter(queue, DXGI_DEBUG_ALL), S_OK);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessagesAllowedByRetrievalFilters(queue, DXGI_DEBUG_ALL), 0);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_ALL), 3);
    IDXGIInfoQueue_PopRetrievalFilter(queue, DXGI_DEBUG_ALL);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessagesAllowedByRetrievalFilters(queue, DXGI_DEBUG_ALL), 3);

    /* The count limit discards the oldest. */
    assert_int_equal(IDXGIInfoQueue_SetMessageCountLimit(queue, DXGI_DEBUG_APP, 1), S_OK);
    assert_int_equal(IDXGIInfoQueue_AddApplicationMessage(queue, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR, "last"),
            S_OK);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_APP), 1);
    assert_true(IDXGIInfoQueue_GetNumMessagesDiscardedByMessageCountLimit(queue, DXGI_DEBUG_APP) >= 2);
    stored_text(queue, DXGI_DEBUG_APP, 0, text, sizeof(text), &id, &from);
    assert_string_equal(text, "last");
    assert_int_equal(IDXGIInfoQueue_SetMessageCountLimit(queue, DXGI_DEBUG_APP,
            DXGI_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT), S_OK);

    /* Break-on settings are kept (no debugger break happens); mute per producer. */
    assert_int_equal(IDXGIInfoQueue_SetBreakOnSeverity(queue, DXGI_DEBUG_ALL, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR,
            TRUE), S_OK);
    assert_true(IDXGIInfoQueue_GetBreakOnSeverity(queue, DXGI_DEBUG_APP, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR));
    assert_false(IDXGIInfoQueue_GetBreakOnSeverity(queue, DXGI_DEBUG_APP, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO));
    assert_int_equal(IDXGIInfoQueue_SetBreakOnSeverity(queue, DXGI_DEBUG_ALL, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR,
            FALSE), S_OK);
    assert_int_equal(IDXGIInfoQueue_SetBreakOnID(queue, DXGI_DEBUG_DXGI, 273, TRUE), S_OK);
    assert_true(IDXGIInfoQueue_GetBreakOnID(queue, DXGI_DEBUG_DXGI, 273));
    assert_int_equal(IDXGIInfoQueue_SetBreakOnID(queue, DXGI_DEBUG_DXGI, 273, FALSE), S_OK);
    assert_false(IDXGIInfoQueue_GetMuteDebugOutput(queue, DXGI_DEBUG_APP));

    /* A producer this runtime does not have. */
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, IID_IDXGIFactory), 0);
    assert_int_equal(IDXGIInfoQueue_SetMessageCountLimit(queue, IID_IDXGIFactory, 4), E_INVALIDARG);
    assert_int_equal(IDXGIInfoQueue_PushEmptyStorageFilter(queue, IID_IDXGIFactory), E_INVALIDARG);
    assert_false(IDXGIInfoQueue_GetBreakOnCategory(queue, IID_IDXGIFactory, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER));

    /* The filter methods of each stack: entries added, read back (two calls),
     * pushed, copied, cleared and popped. */
    {
        DXGI_INFO_QUEUE_MESSAGE_SEVERITY deny[1] = {DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO};
        DXGI_INFO_QUEUE_FILTER filter, *got;
        SIZE_T size = 0;
        unsigned stack;
        void *iface_out = NULL;

        memset(&filter, 0, sizeof(filter));
        filter.DenyList.NumSeverities = 1;
        filter.DenyList.pSeverityList = deny;
        for (stack = 0; stack < 2; ++stack)
        {
            HRESULT (STDMETHODCALLTYPE *add)(IDXGIInfoQueue *, DXGI_DEBUG_ID, DXGI_INFO_QUEUE_FILTER *) =
                    stack ? queue->lpVtbl->AddRetrievalFilterEntries : queue->lpVtbl->AddStorageFilterEntries;
            HRESULT (STDMETHODCALLTYPE *get)(IDXGIInfoQueue *, DXGI_DEBUG_ID, DXGI_INFO_QUEUE_FILTER *, SIZE_T *) =
                    stack ? queue->lpVtbl->GetRetrievalFilter : queue->lpVtbl->GetStorageFilter;
            void (STDMETHODCALLTYPE *clear)(IDXGIInfoQueue *, DXGI_DEBUG_ID) =
                    stack ? queue->lpVtbl->ClearRetrievalFilter : queue->lpVtbl->ClearStorageFilter;
            HRESULT (STDMETHODCALLTYPE *push_empty)(IDXGIInfoQueue *, DXGI_DEBUG_ID) =
                    stack ? queue->lpVtbl->PushEmptyRetrievalFilter : queue->lpVtbl->PushEmptyStorageFilter;
            HRESULT (STDMETHODCALLTYPE *push_copy)(IDXGIInfoQueue *, DXGI_DEBUG_ID) =
                    stack ? queue->lpVtbl->PushCopyOfRetrievalFilter : queue->lpVtbl->PushCopyOfStorageFilter;
            HRESULT (STDMETHODCALLTYPE *push)(IDXGIInfoQueue *, DXGI_DEBUG_ID, DXGI_INFO_QUEUE_FILTER *) =
                    stack ? queue->lpVtbl->PushRetrievalFilter : queue->lpVtbl->PushStorageFilter;
            void (STDMETHODCALLTYPE *pop)(IDXGIInfoQueue *, DXGI_DEBUG_ID) =
                    stack ? queue->lpVtbl->PopRetrievalFilter : queue->lpVtbl->PopStorageFilter;
            UINT (STDMETHODCALLTYPE *depth)(IDXGIInfoQueue *, DXGI_DEBUG_ID) =
                    stack ? queue->lpVtbl->GetRetrievalFilterStackSize : queue->lpVtbl->GetStorageFilterStackSize;

            assert_int_equal(add(queue, DXGI_DEBUG_APP, &filter), S_OK);
            assert_int_equal(get(queue, DXGI_DEBUG_APP, NULL, &size), S_OK);
            assert_non_null(got = malloc(size));
            assert_int_equal(get(queue, DXGI_DEBUG_APP, got, &size), S_OK);
            assert_int_equal(got->DenyList.NumSeverities, 1);
            assert_int_equal(got->DenyList.pSeverityList[0], DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO);
            free(got);
            assert_int_equal(get(queue, IID_IDXGIFactory, NULL, &size), E_INVALIDARG);
            assert_int_equal(push_copy(queue, DXGI_DEBUG_APP), S_OK);
            assert_int_equal(depth(queue, DXGI_DEBUG_APP), 2);
            assert_int_equal(push_empty(queue, DXGI_DEBUG_APP), S_OK);
            assert_int_equal(push(queue, DXGI_DEBUG_APP, &filter), S_OK);
            assert_int_equal(push(queue, DXGI_DEBUG_APP, NULL), E_INVALIDARG);
            assert_int_equal(depth(queue, DXGI_DEBUG_APP), 4);
            assert_int_equal(depth(queue, IID_IDXGIFactory), 0);
            pop(queue, DXGI_DEBUG_APP);
            pop(queue, DXGI_DEBUG_APP);
            pop(queue, DXGI_DEBUG_APP);
            clear(queue, DXGI_DEBUG_APP);
            assert_int_equal(get(queue, DXGI_DEBUG_APP, NULL, &size), S_OK);
            assert_int_equal(size, sizeof(DXGI_INFO_QUEUE_FILTER));
        }
        assert_int_equal(IDXGIInfoQueue_SetBreakOnCategory(queue, DXGI_DEBUG_APP,
                DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER, TRUE), S_OK);
        assert_true(IDXGIInfoQueue_GetBreakOnCategory(queue, DXGI_DEBUG_APP, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER));
        assert_int_equal(IDXGIInfoQueue_SetBreakOnCategory(queue, DXGI_DEBUG_APP,
                DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER, FALSE), S_OK);
        assert_int_equal(IDXGIInfoQueue_GetNumMessagesAllowedByStorageFilter(queue, DXGI_DEBUG_APP) > 0, 1);
        assert_int_equal(IDXGIInfoQueue_QueryInterface(queue, &IID_IUnknown, &iface_out), S_OK);
        assert_ptr_equal(iface_out, queue);
        assert_int_equal(IDXGIInfoQueue_QueryInterface(queue, &IID_IDXGIFactory, &iface_out), E_NOINTERFACE);
        assert_null(iface_out);
        assert_int_equal(IDXGIInfoQueue_GetMessageCountLimit(queue, IID_IDXGIFactory), 0);
    }

    /* The refusals: no output for QueryInterface or GetMessage's length, a
     * producer this runtime does not have (nothing stored, muted or popped
     * changes), break-on values out of range for both producers at once. */
    {
        UINT64 stored = IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_ALL);
        void *iface_out = SENTINEL;

        assert_true(stored > 0);
        assert_int_equal(IDXGIInfoQueue_QueryInterface(queue, &IID_IDXGIInfoQueue, NULL), E_POINTER);
        assert_int_equal(IDXGIInfoQueue_QueryInterface(queue, &IID_IDXGIInfoQueue, &iface_out), S_OK);
        assert_ptr_equal(iface_out, queue);
        iface_out = SENTINEL;
        assert_int_equal(DXGIGetDebugInterface1(0, &IID_IUnknown, &iface_out), S_OK);
        assert_ptr_equal(iface_out, queue);
        /* One object for the process: its counts are not the caller's to end. */
        assert_int_equal(IDXGIInfoQueue_AddRef(queue), 1);
        assert_int_equal(IDXGIInfoQueue_Release(queue), 1);
        assert_int_equal(IDXGIInfoQueue_Release(queue), 1);
        assert_int_equal(IDXGIInfoQueue_GetMessage(queue, DXGI_DEBUG_ALL, 0, NULL, NULL), E_INVALIDARG);
        assert_int_equal(IDXGIInfoQueue_GetMessage(queue, IID_IDXGIFactory, 0, NULL, (SIZE_T[]){0}), E_INVALIDARG);
        assert_int_equal(IDXGIInfoQueue_AddMessage(queue, IID_IDXGIFactory, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER,
                DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO, 7, "nobody's"), E_INVALIDARG);
        IDXGIInfoQueue_ClearStoredMessages(queue, IID_IDXGIFactory);
        assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_ALL), stored);
        IDXGIInfoQueue_SetMuteDebugOutput(queue, IID_IDXGIFactory, FALSE);
        assert_true(IDXGIInfoQueue_GetMuteDebugOutput(queue, DXGI_DEBUG_DXGI));
        assert_false(IDXGIInfoQueue_GetMuteDebugOutput(queue, IID_IDXGIFactory));
        assert_int_equal(IDXGIInfoQueue_PushEmptyRetrievalFilter(queue, DXGI_DEBUG_APP), S_OK);
        IDXGIInfoQueue_PopRetrievalFilter(queue, IID_IDXGIFactory);
        IDXGIInfoQueue_PopStorageFilter(queue, IID_IDXGIFactory);
        assert_int_equal(IDXGIInfoQueue_GetRetrievalFilterStackSize(queue, DXGI_DEBUG_APP), 2);
        IDXGIInfoQueue_PopRetrievalFilter(queue, DXGI_DEBUG_APP);
        assert_int_equal(IDXGIInfoQueue_SetBreakOnSeverity(queue, IID_IDXGIFactory,
                DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR, TRUE), E_INVALIDARG);
        assert_int_equal(IDXGIInfoQueue_SetBreakOnCategory(queue, DXGI_DEBUG_ALL,
                (DXGI_INFO_QUEUE_MESSAGE_CATEGORY)11, TRUE), E_INVALIDARG);
        assert_int_equal(IDXGIInfoQueue_SetBreakOnSeverity(queue, DXGI_DEBUG_ALL,
                (DXGI_INFO_QUEUE_MESSAGE_SEVERITY)9, TRUE), E_INVALIDARG);
        assert_false(IDXGIInfoQueue_GetBreakOnSeverity(queue, DXGI_DEBUG_APP, (DXGI_INFO_QUEUE_MESSAGE_SEVERITY)9));
    }

    IDXGIInfoQueue_ClearStoredMessages(queue, DXGI_DEBUG_ALL);
    assert_int_equal(IDXGIInfoQueue_GetNumStoredMessages(queue, DXGI_DEBUG_ALL), 0);
    IDXGIInfoQueue_SetMuteDebugOutput(queue, DXGI_DEBUG_DXGI, FALSE);
    IDXGIInfoQueue_Release(queue);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_create_rules, setup, teardown),
        cmocka_unit_test_setup_teardown(test_create_null_arguments, setup, teardown),
        cmocka_unit_test_setup_teardown(test_descriptions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_back_buffers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_back_buffer_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_present, setup, teardown),
        cmocka_unit_test_setup_teardown(test_present_queue_order, setup, teardown),
        cmocka_unit_test(test_present_faults),
        cmocka_unit_test_setup_teardown(test_frame_latency, setup, teardown),
        cmocka_unit_test_setup_teardown(test_frame_latency_without_flag, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resize_buffers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resize_buffers1, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fullscreen_and_outputs, setup, teardown),
        cmocka_unit_test(test_fullscreen_with_outputs),
        cmocka_unit_test(test_window_place_and_state),
        cmocka_unit_test_setup_teardown(test_info_queue, setup, teardown),
        cmocka_unit_test(test_colour_spaces),
        cmocka_unit_test(test_display_machines_tearing),
        cmocka_unit_test_setup_teardown(test_hdr_metadata, setup, teardown),
        cmocka_unit_test_setup_teardown(test_other_methods, setup, teardown),
#ifndef _WIN32
        cmocka_unit_test_setup_teardown(test_simulated_windows, setup, teardown),
#endif
#ifndef _WIN32
        /* stderr is captured by redirecting descriptor 2, which the Windows
         * C runtime does not give back (there dxgi.dll also writes the lines
         * with OutputDebugStringA). */
        cmocka_unit_test_setup_teardown(test_debug_output, setup, teardown),
#endif
    };

#ifdef _WIN32
    test_window = mk_test_window(DEFAULT_WIDTH, DEFAULT_HEIGHT);
#endif
    return cmocka_run_group_tests(tests, NULL, NULL);
}
