/*
 * D3D11On12's wrapped resources (src/d3d11/on12.c, docs/d3d11.md
 * "D3D11On12: wrapped resources"): the seed's D3D1211on12 sample replayed
 * from its LoadPipeline to three frames of OnRender (every HRESULT and the
 * back-buffer index asserted; the D2D and shader work left out), then named
 * rows of the interop rules, one accepted and one refused each.
 */
#define MK_TEST_D3D11
#include "mk_test.h"

#define FRAME_COUNT 3u
#define WIDTH 1280u
#define HEIGHT 720u

/* ---- The sample ---- */

struct sample
{
    IDXGIFactory4 *factory;
    ID3D12Device *d3d12;
    ID3D12CommandQueue *queue;
    IDXGISwapChain3 *chain;
    ID3D11Device *d3d11;
    ID3D11DeviceContext *context;
    ID3D11On12Device *on12;
    ID3D12Resource *targets[FRAME_COUNT];
    ID3D11Resource *wrapped[FRAME_COUNT];
    ID3D12CommandAllocator *allocators[FRAME_COUNT];
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    UINT64 fence_values[FRAME_COUNT];
    UINT frame;
    HWND window;
};

/* LoadPipeline: factory, device, direct queue, the swap chain as the sample
 * describes it (DXGI_SWAP_CHAIN_DESC, FLIP_DISCARD, three buffers), the
 * 11on12 device on that queue, and each back buffer wrapped. */
static void load_pipeline(struct sample *s)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    DXGI_SWAP_CHAIN_DESC chain_desc;
    IDXGISwapChain *chain = NULL;
    IDXGIDevice *dxgi_device = NULL;
    IUnknown *queues[1];
    UINT n;

    assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&s->factory), S_OK);
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&s->d3d12), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandQueue(s->d3d12, &queue_desc, &IID_ID3D12CommandQueue,
            (void **)&s->queue), S_OK);

    memset(&chain_desc, 0, sizeof(chain_desc));
    chain_desc.BufferCount = FRAME_COUNT;
    chain_desc.BufferDesc.Width = WIDTH;
    chain_desc.BufferDesc.Height = HEIGHT;
    chain_desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    chain_desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    chain_desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    chain_desc.OutputWindow = s->window = mk_test_window(1280, 720);
    chain_desc.SampleDesc.Count = 1;
    chain_desc.Windowed = TRUE;
    assert_int_equal(IDXGIFactory4_CreateSwapChain(s->factory, (IUnknown *)s->queue, &chain_desc, &chain), S_OK);
    assert_int_equal(IDXGISwapChain_QueryInterface(chain, &IID_IDXGISwapChain3, (void **)&s->chain), S_OK);
    IDXGISwapChain_Release(chain);
    assert_int_equal(IDXGIFactory4_MakeWindowAssociation(s->factory, s->window, DXGI_MWA_NO_ALT_ENTER), S_OK);
    s->frame = IDXGISwapChain3_GetCurrentBackBufferIndex(s->chain);
    assert_int_equal(s->frame, 0);

    queues[0] = (IUnknown *)s->queue;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)s->d3d12, D3D11_CREATE_DEVICE_BGRA_SUPPORT, NULL, 0, queues, 1,
            0, &s->d3d11, &s->context, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(s->d3d11, &IID_ID3D11On12Device, (void **)&s->on12), S_OK);
    /* What the sample hands D2D. */
    assert_int_equal(ID3D11On12Device_QueryInterface(s->on12, &IID_IDXGIDevice, (void **)&dxgi_device), S_OK);
    IDXGIDevice_Release(dxgi_device);

    for (n = 0; n < FRAME_COUNT; ++n)
    {
        D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_RENDER_TARGET, 0, 0, 0};
        IDXGISurface *surface = NULL;
        D3D11_TEXTURE2D_DESC desc;
        ID3D11Texture2D *texture = NULL;

        assert_int_equal(IDXGISwapChain3_GetBuffer(s->chain, n, &IID_ID3D12Resource, (void **)&s->targets[n]), S_OK);
        assert_int_equal(ID3D11On12Device_CreateWrappedResource(s->on12, (IUnknown *)s->targets[n], &flags,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Resource,
                (void **)&s->wrapped[n]), S_OK);
        /* The D2D bitmap is made from its surface. */
        assert_int_equal(ID3D11Resource_QueryInterface(s->wrapped[n], &IID_IDXGISurface, (void **)&surface), S_OK);
        IDXGISurface_Release(surface);
        assert_int_equal(ID3D11Resource_QueryInterface(s->wrapped[n], &IID_ID3D11Texture2D, (void **)&texture), S_OK);
        ID3D11Texture2D_GetDesc(texture, &desc);
        assert_int_equal(desc.Width, WIDTH);
        assert_int_equal(desc.Height, HEIGHT);
        assert_int_equal(desc.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
        assert_int_equal(desc.BindFlags, D3D11_BIND_RENDER_TARGET);
        assert_int_equal(desc.Usage, D3D11_USAGE_DEFAULT);
        ID3D11Texture2D_Release(texture);
        assert_int_equal(ID3D12Device_CreateCommandAllocator(s->d3d12, D3D12_COMMAND_LIST_TYPE_DIRECT,
                &IID_ID3D12CommandAllocator, (void **)&s->allocators[n]), S_OK);
    }
}

/* LoadAssets, what is not shaders: the command list (closed) and the fence. */
static void load_assets(struct sample *s)
{
    assert_int_equal(ID3D12Device_CreateCommandList(s->d3d12, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, s->allocators[s->frame],
            NULL, &IID_ID3D12GraphicsCommandList, (void **)&s->list), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList_Close(s->list), S_OK);
    assert_int_equal(ID3D12Device_CreateFence(s->d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&s->fence), S_OK);
    s->fence_values[s->frame] = 1;
}

static void transition(ID3D12GraphicsCommandList *list, ID3D12Resource *resource, D3D12_RESOURCE_STATES before,
        D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER barrier;

    memset(&barrier, 0, sizeof(barrier));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = resource;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = after;
    ID3D12GraphicsCommandList_ResourceBarrier(list, 1, &barrier);
}

/* OnRender: the D3D12 part leaves the back buffer a render target, 11on12
 * acquires it (D2D would draw here), releases it to PRESENT, flushes, and
 * the chain presents; MoveToNextFrame signals and waits on the fence. */
static void render_frame(struct sample *s, UINT expected_index)
{
    ID3D12CommandList *lists[1];
    UINT64 value;

    assert_int_equal(s->frame, expected_index);
    assert_int_equal(ID3D12CommandAllocator_Reset(s->allocators[s->frame]), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList_Reset(s->list, s->allocators[s->frame], NULL), S_OK);
    transition(s->list, s->targets[s->frame], D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    assert_int_equal(ID3D12GraphicsCommandList_Close(s->list), S_OK);
    lists[0] = (ID3D12CommandList *)s->list;
    ID3D12CommandQueue_ExecuteCommandLists(s->queue, 1, lists);

    ID3D11On12Device_AcquireWrappedResources(s->on12, &s->wrapped[s->frame], 1);
    ID3D11On12Device_ReleaseWrappedResources(s->on12, &s->wrapped[s->frame], 1);
    ID3D11DeviceContext_Flush(s->context);

    assert_int_equal(IDXGISwapChain3_Present(s->chain, 1, 0), S_OK);

    value = s->fence_values[s->frame];
    assert_int_equal(ID3D12CommandQueue_Signal(s->queue, s->fence, value), S_OK);
    s->frame = IDXGISwapChain3_GetCurrentBackBufferIndex(s->chain);
    if (ID3D12Fence_GetCompletedValue(s->fence) < s->fence_values[s->frame])
        assert_int_equal(ID3D12Fence_SetEventOnCompletion(s->fence, s->fence_values[s->frame], NULL), S_OK);
    s->fence_values[s->frame] = value + 1;
    assert_true(ID3D12Fence_GetCompletedValue(s->fence) >= value);
}

static void destroy_sample(struct sample *s)
{
    UINT n;

    ID3D12Fence_Release(s->fence);
    ID3D12GraphicsCommandList_Release(s->list);
    for (n = 0; n < FRAME_COUNT; ++n)
    {
        ID3D12CommandAllocator_Release(s->allocators[n]);
        assert_int_equal(ID3D11Resource_Release(s->wrapped[n]), 0);
        ID3D12Resource_Release(s->targets[n]);
    }
    ID3D11On12Device_Release(s->on12);
    ID3D11DeviceContext_Release(s->context);
    assert_int_equal(ID3D11Device_Release(s->d3d11), 0);
    assert_int_equal(IDXGISwapChain3_Release(s->chain), 0);
    ID3D12CommandQueue_Release(s->queue);
    assert_int_equal(IDXGIFactory4_Release(s->factory), 0);
    assert_int_equal(ID3D12Device_Release(s->d3d12), 0);
    mk_test_window_destroy(s->window);
}

static void test_d3d1211on12_sample(void **state)
{
    struct sample s;
    UINT frame;

    (void)state;
    memset(&s, 0, sizeof(s));
    load_pipeline(&s);
    load_assets(&s);
    for (frame = 0; frame < 3; ++frame)
        render_frame(&s, frame % FRAME_COUNT);
    assert_int_equal(s.frame, 0);
    destroy_sample(&s);
}

/* ---- The rules ---- */

struct on12_env
{
    ID3D12Device *d3d12;
    ID3D12CommandQueue *queue;
    ID3D11Device *d3d11;
    ID3D11DeviceContext *context;
    ID3D11On12Device *on12;
};

static void env_init(struct on12_env *env)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    IUnknown *queues[1];

    memset(env, 0, sizeof(*env));
    assert_non_null(env->d3d12 = create_device());
    assert_int_equal(ID3D12Device_CreateCommandQueue(env->d3d12, &queue_desc, &IID_ID3D12CommandQueue,
            (void **)&env->queue), S_OK);
    queues[0] = (IUnknown *)env->queue;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)env->d3d12, 0, NULL, 0, queues, 1, 0, &env->d3d11,
            &env->context, NULL), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(env->d3d11, &IID_ID3D11On12Device, (void **)&env->on12), S_OK);
}

static void env_release(struct on12_env *env)
{
    ID3D11On12Device_Release(env->on12);
    ID3D11DeviceContext_Release(env->context);
    assert_int_equal(ID3D11Device_Release(env->d3d11), 0);
    ID3D12CommandQueue_Release(env->queue);
    assert_int_equal(ID3D12Device_Release(env->d3d12), 0);
}

enum resource_kind
{
    RES_TEXTURE_RT, RES_TEXTURE_PLAIN, RES_BUFFER, RES_UPLOAD_BUFFER, RES_OTHER_DEVICE, RES_DEVICE,
    RES_TEXTURE_UAV,       /* ALLOW_UNORDERED_ACCESS */
    RES_TEXTURE_DEPTH,     /* D32_FLOAT, ALLOW_DEPTH_STENCIL | DENY_SHADER_RESOURCE */
    RES_TEXTURE_1D, RES_TEXTURE_3D,
    RES_HUGE_BUFFER,       /* 5 GiB: past a D3D11 ByteWidth */
};

static IUnknown *make_resource(ID3D12Device *device, enum resource_kind kind)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    D3D12_RESOURCE_STATES initial = D3D12_RESOURCE_STATE_COMMON;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *resource = NULL;

    if (kind == RES_DEVICE)
    {
        ID3D12Device_AddRef(device);
        return (IUnknown *)device;
    }
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = 64;
    desc.Height = 64;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    if (kind == RES_TEXTURE_RT || kind == RES_OTHER_DEVICE)
        desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    if (kind == RES_TEXTURE_UAV)
        desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    if (kind == RES_TEXTURE_DEPTH)
    {
        desc.Format = DXGI_FORMAT_D32_FLOAT;
        desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    }
    if (kind == RES_TEXTURE_1D)
    {
        desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
        desc.Height = 1;
        desc.DepthOrArraySize = 4;
    }
    if (kind == RES_TEXTURE_3D)
    {
        desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
        desc.DepthOrArraySize = 8;
    }
    if (kind == RES_BUFFER || kind == RES_UPLOAD_BUFFER || kind == RES_HUGE_BUFFER)
    {
        desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
        desc.Width = 256;
        desc.Height = 1;
        desc.Format = DXGI_FORMAT_UNKNOWN;
        desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
        if (kind == RES_HUGE_BUFFER)
            desc.Width = (UINT64)5 << 30;
    }
    if (kind == RES_UPLOAD_BUFFER)
    {
        heap.Type = D3D12_HEAP_TYPE_UPLOAD;
        initial = D3D12_RESOURCE_STATE_GENERIC_READ;
    }
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc, initial, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    return (IUnknown *)resource;
}

static void test_wrap_rules(void **state)
{
    static const struct
    {
        const char *name;
        enum resource_kind kind;
        UINT bind;
        D3D12_RESOURCE_STATES in, out;
        const IID *iid;
        HRESULT hr;
    }
    rows[] = {
        {"render target, RT → PRESENT", RES_TEXTURE_RT, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, S_OK},
        {"not an ID3D12Resource", RES_DEVICE, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"a resource of the same device", RES_TEXTURE_RT, 0,
                D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Resource, S_OK},
        {"a resource of another device", RES_OTHER_DEVICE, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"bind RT with ALLOW_RENDER_TARGET", RES_TEXTURE_RT, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, S_OK},
        {"bind RT without ALLOW_RENDER_TARGET", RES_TEXTURE_PLAIN, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"InState RENDER_TARGET with ALLOW_RENDER_TARGET", RES_TEXTURE_RT, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, S_OK},
        {"InState RENDER_TARGET without ALLOW_RENDER_TARGET", RES_TEXTURE_PLAIN, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"read states combined", RES_TEXTURE_PLAIN, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_COPY_SOURCE,
                D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, S_OK},
        {"a write state combined", RES_TEXTURE_RT, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_COPY_SOURCE,
                D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"OutState unknown bit", RES_TEXTURE_RT, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET, (D3D12_RESOURCE_STATES)0x40000000, &IID_ID3D11Texture2D,
                E_INVALIDARG},
        {"buffer as ID3D11Buffer", RES_BUFFER, D3D11_BIND_VERTEX_BUFFER,
                D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Buffer, S_OK},
        {"buffer as ID3D11Texture2D", RES_BUFFER, D3D11_BIND_VERTEX_BUFFER,
                D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D,
                E_NOINTERFACE},
        {"upload heap (not modelled)", RES_UPLOAD_BUFFER, D3D11_BIND_VERTEX_BUFFER,
                D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_STATE_GENERIC_READ, &IID_ID3D11Buffer, E_NOTIMPL},
        {"default heap, CPU access", RES_TEXTURE_RT, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"bind DS without ALLOW_DEPTH_STENCIL", RES_TEXTURE_PLAIN, D3D11_BIND_DEPTH_STENCIL,
                D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"bind DS with ALLOW_DEPTH_STENCIL", RES_TEXTURE_DEPTH, D3D11_BIND_DEPTH_STENCIL,
                D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_DEPTH_READ, &IID_ID3D11Texture2D, S_OK},
        {"bind SR with DENY_SHADER_RESOURCE", RES_TEXTURE_DEPTH, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_DEPTH_WRITE, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"bind UAV without ALLOW_UNORDERED_ACCESS", RES_TEXTURE_PLAIN, D3D11_BIND_UNORDERED_ACCESS,
                D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"bind UAV with ALLOW_UNORDERED_ACCESS", RES_TEXTURE_UAV, D3D11_BIND_UNORDERED_ACCESS,
                D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, S_OK},
        {"InState UNORDERED_ACCESS without ALLOW_UNORDERED_ACCESS", RES_TEXTURE_PLAIN, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"InState DEPTH_READ without ALLOW_DEPTH_STENCIL", RES_TEXTURE_PLAIN, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_DEPTH_READ, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D, E_INVALIDARG},
        {"OutState DEPTH_WRITE without ALLOW_DEPTH_STENCIL", RES_TEXTURE_RT, D3D11_BIND_RENDER_TARGET,
                D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_DEPTH_WRITE, &IID_ID3D11Texture2D,
                E_INVALIDARG},
        {"a 1D texture array as ID3D11Texture1D", RES_TEXTURE_1D, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture1D, S_OK},
        {"a 1D texture array as ID3D11Texture2D", RES_TEXTURE_1D, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture2D,
                E_NOINTERFACE},
        {"a buffer past 4 GiB", RES_HUGE_BUFFER, D3D11_BIND_VERTEX_BUFFER,
                D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Buffer,
                E_INVALIDARG},
        {"a 3D texture as ID3D11Texture3D", RES_TEXTURE_3D, D3D11_BIND_SHADER_RESOURCE,
                D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Texture3D, S_OK},
    };
    struct row_failures failures = {0};
    struct on12_env env;
    ID3D12Device *other = create_device_on("intel-arc-a770");
    unsigned i;

    (void)state;
    env_init(&env);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D11_RESOURCE_FLAGS flags = {rows[i].bind, 0, 0, 0};
        IUnknown *resource = make_resource(rows[i].kind == RES_OTHER_DEVICE ? other : env.d3d12, rows[i].kind);
        void *out = (void *)(uintptr_t)1;
        ULONG refs = get_refcount(resource);
        HRESULT hr;

        if (!strcmp(rows[i].name, "default heap, CPU access"))
            flags.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        hr = ID3D11On12Device_CreateWrappedResource(env.on12, resource, &flags, rows[i].in, rows[i].out, rows[i].iid,
                &out);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        else if (FAILED(hr) && out)
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        else if (SUCCEEDED(hr) && get_refcount(resource) != refs + 1)
            row_fail(&failures, i, rows[i].name, "the wrapper holds no reference on the D3D12 resource");
        /* The D3D11 description is the D3D12 resource's. */
        if (SUCCEEDED(hr) && rows[i].kind == RES_TEXTURE_1D)
        {
            D3D11_TEXTURE1D_DESC desc1d;

            ID3D11Texture1D_GetDesc((ID3D11Texture1D *)out, &desc1d);
            if (desc1d.Width != 64 || desc1d.ArraySize != 4 || desc1d.Format != DXGI_FORMAT_R8G8B8A8_UNORM)
                row_fail(&failures, i, rows[i].name, "width %u, array size %u", desc1d.Width, desc1d.ArraySize);
        }
        if (SUCCEEDED(hr) && rows[i].kind == RES_TEXTURE_3D)
        {
            D3D11_TEXTURE3D_DESC desc3d;

            ID3D11Texture3D_GetDesc((ID3D11Texture3D *)out, &desc3d);
            if (desc3d.Width != 64 || desc3d.Height != 64 || desc3d.Depth != 8)
                row_fail(&failures, i, rows[i].name, "%ux%ux%u", desc3d.Width, desc3d.Height, desc3d.Depth);
        }
        if (SUCCEEDED(hr))
            IUnknown_Release((IUnknown *)out);
        if (get_refcount(resource) != refs)
            row_fail(&failures, i, rows[i].name, "the D3D12 resource's count is %u, not %u",
                    (unsigned)get_refcount(resource), (unsigned)refs);
        IUnknown_Release(resource);
    }
    env_release(&env);
    assert_int_equal(ID3D12Device_Release(other), 0);
    rows_done(&failures);
}

/* Acquire/Release take any list, skip what is not wrapped, and an empty
 * list releases every wrapped resource; the wrapper's GetDevice is the
 * 11on12 device; Flush submits to the queue in its order. */
static void test_acquire_release_flush(void **state)
{
    D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_RENDER_TARGET, 0, 0, 0};
    ID3D11Resource *wrapped = NULL, *list[2];
    ID3D11Texture2D *plain = NULL;
    D3D11_TEXTURE2D_DESC desc;
    ID3D11Device *got = NULL;
    ID3D12Fence *fence = NULL;
    struct on12_env env;
    IUnknown *resource;

    (void)state;
    env_init(&env);
    resource = make_resource(env.d3d12, RES_TEXTURE_RT);
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(env.on12, resource, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Resource, (void **)&wrapped),
            S_OK);
    ID3D11Resource_GetDevice(wrapped, &got);
    assert_ptr_equal(got, env.d3d11);
    ID3D11Device_Release(got);

    /* A texture the device made itself is skipped. */
    memset(&desc, 0, sizeof(desc));
    desc.Width = desc.Height = 4;
    desc.MipLevels = desc.ArraySize = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    assert_int_equal(ID3D11Device_CreateTexture2D(env.d3d11, &desc, NULL, &plain), S_OK);
    list[0] = wrapped;
    list[1] = (ID3D11Resource *)plain;
    ID3D11On12Device_AcquireWrappedResources(env.on12, list, 2);
    ID3D11On12Device_ReleaseWrappedResources(env.on12, list, 2);
    ID3D11On12Device_ReleaseWrappedResources(env.on12, list, 2); /* twice: nothing more */
    ID3D11On12Device_AcquireWrappedResources(env.on12, list, 2);
    ID3D11On12Device_ReleaseWrappedResources(env.on12, NULL, 0); /* every wrapped resource */
    ID3D11On12Device_AcquireWrappedResources(env.on12, NULL, 1);

    /* Flush behind a Wait on the queue: it stays pending until the wait is
     * satisfied, and never blocks. */
    assert_int_equal(ID3D12Device_CreateFence(env.d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);
    assert_int_equal(ID3D12CommandQueue_Wait(env.queue, fence, 1), S_OK);
    ID3D11DeviceContext_Flush(env.context);
    ID3D11DeviceContext_Flush(env.context);
    assert_int_equal(ID3D12Fence_Signal(fence, 1), S_OK);
    ID3D12Fence_Release(fence);

    ID3D11Texture2D_Release(plain);
    assert_int_equal(ID3D11Resource_Release(wrapped), 0);
    IUnknown_Release(resource);
    env_release(&env);
}

static void get_resource_desc(ID3D12Resource *resource, D3D12_RESOURCE_DESC *desc)
{
#ifdef _WIN32
    ID3D12Resource_GetDesc(resource, desc);
#else
    *desc = ID3D12Resource_GetDesc(resource);
#endif
}

/* ID3D11On12Device1::GetD3D12Device and ID3D11On12Device2's unwrap and
 * return (Microsoft's documentation of the methods): what can be unwrapped,
 * checking out and in, and the waits each puts on a queue. */
static void test_device1_device2(void **state)
{
    D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_RENDER_TARGET, 0, 0, 0};
    ID3D12Resource *unwrapped = NULL, *again = NULL, *from_texture = NULL;
    ID3D11Resource *wrapped = NULL;
    ID3D11On12Device1 *on12_1 = NULL;
    ID3D11On12Device2 *on12_2 = NULL;
    ID3D11Texture2D *texture = NULL, *gdi = NULL;
    ID3D11Buffer *buffer = NULL;
    ID3D12Device *got = NULL;
    ID3D12Fence *fence = NULL, *queue_fence = NULL;
    D3D11_TEXTURE2D_DESC desc;
    D3D11_BUFFER_DESC buffer_desc = {256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D12_RESOURCE_DESC d3d12_desc;
    UINT64 value = 1;
    struct on12_env env;
    IUnknown *resource;
    void *out = (void *)1;

    (void)state;
    env_init(&env);
    assert_int_equal(ID3D11Device_QueryInterface(env.d3d11, &IID_ID3D11On12Device1, (void **)&on12_1), S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(env.d3d11, &IID_ID3D11On12Device2, (void **)&on12_2), S_OK);
    assert_ptr_equal((void *)on12_1, (void *)env.on12);
    assert_ptr_equal((void *)on12_2, (void *)env.on12);

    /* GetD3D12Device: the device it was made on, through any of its interfaces. */
    assert_int_equal(ID3D11On12Device1_GetD3D12Device(on12_1, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, env.d3d12);
    ID3D12Device_Release(got);
    assert_int_equal(ID3D11On12Device1_GetD3D12Device(on12_1, &IID_ID3D11Device, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(ID3D11On12Device1_GetD3D12Device(on12_1, &IID_ID3D12Device, NULL), E_INVALIDARG);
    out = (void *)1;
    assert_int_equal(ID3D11On12Device1_GetD3D12Device(on12_1, NULL, &out), E_INVALIDARG);
    assert_null(out);

    /* A wrapped resource unwraps to its D3D12 resource, once until returned. */
    resource = make_resource(env.d3d12, RES_TEXTURE_RT);
    assert_int_equal(ID3D11On12Device2_CreateWrappedResource(on12_2, resource, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Resource, (void **)&wrapped),
            S_OK);
    ID3D11DeviceContext_Flush(env.context); /* work the unwrap's queue must wait for */
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, wrapped, NULL, &IID_ID3D12Resource, &out),
            E_INVALIDARG);
    assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, wrapped, 0, NULL, NULL), E_INVALIDARG);
    /* Without an output, an interface or a resource: refused, nothing checked out. */
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, wrapped, env.queue, &IID_ID3D12Resource,
            NULL), E_INVALIDARG);
    out = (void *)1;
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, wrapped, env.queue, NULL, &out),
            E_INVALIDARG);
    assert_null(out);
    out = (void *)1;
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, NULL, env.queue, &IID_ID3D12Resource, &out),
            E_INVALIDARG);
    assert_null(out);
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, wrapped, env.queue, &IID_ID3D12Resource,
            (void **)&unwrapped), S_OK);
    assert_ptr_equal((void *)unwrapped, (void *)resource);
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, wrapped, env.queue, &IID_ID3D12Resource,
            (void **)&again), E_INVALIDARG); /* already checked out */
    assert_null(again);
    /* Returned behind a fence the application signals later: the 11on12
     * queue waits for it (a Signal queued behind it stays pending). */
    assert_int_equal(ID3D12Device_CreateFence(env.d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);
    assert_int_equal(ID3D12Device_CreateFence(env.d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&queue_fence), S_OK);
    assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, wrapped, 1, NULL, &fence), E_INVALIDARG);
    {
        ID3D12Fence *no_fences[1] = {NULL};

        assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, wrapped, 1, &value, no_fences),
                E_INVALIDARG);
    }
    assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, NULL, 0, NULL, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, wrapped, 1, &value, &fence), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(env.queue, queue_fence, 1), S_OK);
    assert_int_equal(ID3D12Fence_GetCompletedValue(queue_fence), 0);
    assert_int_equal(ID3D12Fence_Signal(fence, 1), S_OK);
    assert_int_equal(ID3D12Fence_GetCompletedValue(queue_fence), 1);
    assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, wrapped, 0, NULL, NULL), E_INVALIDARG);
    ID3D12Resource_Release(unwrapped);

    /* A 2D texture made through D3D11 unwraps to a D3D12 texture of its
     * description, the same one each time; buffers and GDI-compatible
     * textures do not unwrap. */
    memset(&desc, 0, sizeof(desc));
    desc.Width = 32;
    desc.Height = 16;
    desc.MipLevels = desc.ArraySize = 1;
    desc.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
    assert_int_equal(ID3D11Device_CreateTexture2D(env.d3d11, &desc, NULL, &texture), S_OK);
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, (ID3D11Resource *)texture, env.queue,
            &IID_ID3D12Resource, (void **)&from_texture), S_OK);
    get_resource_desc(from_texture, &d3d12_desc);
    assert_int_equal(d3d12_desc.Dimension, D3D12_RESOURCE_DIMENSION_TEXTURE2D);
    assert_int_equal(d3d12_desc.Width, 32);
    assert_int_equal(d3d12_desc.Height, 16);
    assert_int_equal(d3d12_desc.Format, DXGI_FORMAT_B8G8R8A8_UNORM);
    assert_int_equal(d3d12_desc.Flags, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    assert_int_equal(ID3D11On12Device2_ReturnUnderlyingResource(on12_2, (ID3D11Resource *)texture, 0, NULL, NULL),
            S_OK);
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, (ID3D11Resource *)texture, env.queue,
            &IID_ID3D12Resource, (void **)&again), S_OK);
    assert_ptr_equal(again, from_texture);
    ID3D12Resource_Release(again);
    ID3D12Resource_Release(from_texture);
    /* A depth buffer unwraps with ALLOW_DEPTH_STENCIL, and DENY_SHADER_RESOURCE
     * without the shader-resource binding; an unordered-access texture with
     * ALLOW_UNORDERED_ACCESS. */
    {
        static const struct
        {
            DXGI_FORMAT format;
            UINT bind;
            D3D12_RESOURCE_FLAGS flags;
        }
        unwraps[] =
        {
            {DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL,
                    D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE},
            {DXGI_FORMAT_R32_TYPELESS, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE,
                    D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL},
            {DXGI_FORMAT_R32_FLOAT, D3D11_BIND_UNORDERED_ACCESS, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS},
        };
        D3D11_TEXTURE2D_DESC unwrap_desc = desc;
        ID3D11Texture2D *made;
        ID3D12Resource *made12;
        unsigned k;

        for (k = 0; k < ARRAY_SIZE(unwraps); ++k)
        {
            unwrap_desc.Format = unwraps[k].format;
            unwrap_desc.BindFlags = unwraps[k].bind;
            made = NULL;
            made12 = NULL;
            assert_int_equal(ID3D11Device_CreateTexture2D(env.d3d11, &unwrap_desc, NULL, &made), S_OK);
            assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, (ID3D11Resource *)made, env.queue,
                    &IID_ID3D12Resource, (void **)&made12), S_OK);
            get_resource_desc(made12, &d3d12_desc);
            if (d3d12_desc.Flags != unwraps[k].flags || d3d12_desc.Format != unwraps[k].format)
                fail_msg("unwrap %u: flags %#x, format %u", k, (unsigned)d3d12_desc.Flags, (unsigned)d3d12_desc.Format);
            ID3D12Resource_Release(made12);
            ID3D11Texture2D_Release(made);
        }
    }
    desc.MiscFlags = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
    if (SUCCEEDED(ID3D11Device_CreateTexture2D(env.d3d11, &desc, NULL, &gdi)))
    {
        assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, (ID3D11Resource *)gdi, env.queue,
                &IID_ID3D12Resource, &out), E_INVALIDARG);
        ID3D11Texture2D_Release(gdi);
    }
    assert_int_equal(ID3D11Device_CreateBuffer(env.d3d11, &buffer_desc, NULL, &buffer), S_OK);
    assert_int_equal(ID3D11On12Device2_UnwrapUnderlyingResource(on12_2, (ID3D11Resource *)buffer, env.queue,
            &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_null(out);

    ID3D11Buffer_Release(buffer);
    ID3D11Texture2D_Release(texture);
    ID3D12Fence_Release(queue_fence);
    ID3D12Fence_Release(fence);
    assert_int_equal(ID3D11Resource_Release(wrapped), 0);
    IUnknown_Release(resource);
    ID3D11On12Device2_Release(on12_2);
    ID3D11On12Device1_Release(on12_1);
    env_release(&env);
}

/* D3D11On12 over a D3D12 device a fault plan removed (docs/faults.md): the
 * D3D11 device reports the D3D12 device's reason, and its creations
 * (CreateWrappedResource, a buffer, a view, a state, a query, a deferred
 * context) answer DXGI_ERROR_DEVICE_REMOVED with their output NULL, whatever
 * the reason; a new D3D12 device and an 11on12 device over it work again. */
static void test_removed_d3d12_device(void **state)
{
    static const struct
    {
        const char *plan;
        HRESULT reason;
    }
    rows[] =
    {
        {"remove:hung@CreateFence#1", DXGI_ERROR_DEVICE_HUNG},
        {"remove:reset@CreateFence#1", DXGI_ERROR_DEVICE_RESET},
        {"remove:internal@CreateFence#1", DXGI_ERROR_DRIVER_INTERNAL_ERROR},
        {"remove:invalid@CreateFence#1", DXGI_ERROR_INVALID_CALL},
        {"remove:removed@CreateFence#1", DXGI_ERROR_DEVICE_REMOVED},
    };
    static const D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i)
    {
        const char *name = rows[i].plan;
        D3D11_BUFFER_DESC buffer_desc = {256, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
        D3D11_SAMPLER_DESC sampler_desc = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0.0f, 1, D3D11_COMPARISON_NEVER,
                {0.0f, 0.0f, 0.0f, 0.0f}, 0.0f, D3D11_FLOAT32_MAX};
        D3D11_QUERY_DESC query_desc = {D3D11_QUERY_EVENT, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC view_desc;
        D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
        D3D12_RESOURCE_DESC desc;
        ID3D12Device *d3d12 = NULL, *again12 = NULL;
        ID3D12Resource *resource = NULL;
        ID3D12Fence *fence = NULL;
        ID3D11Device *d3d11 = NULL, *again11 = NULL;
        ID3D11On12Device *on12 = NULL;
        ID3D11Resource *wrapped = SENTINEL;
        ID3D11Buffer *buffer = SENTINEL, *kept = NULL;
        ID3D11ShaderResourceView *view = SENTINEL;
        ID3D11SamplerState *sampler = SENTINEL;
        ID3D11Query *query = SENTINEL;
        ID3D11DeviceContext *deferred = SENTINEL;
        HRESULT hr;

        memset(&view_desc, 0, sizeof(view_desc));
        view_desc.Format = DXGI_FORMAT_R32_FLOAT;
        view_desc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        view_desc.Buffer.NumElements = 64;
        memset(&desc, 0, sizeof(desc));
        desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
        desc.Width = 256;
        desc.Height = 1;
        desc.DepthOrArraySize = 1;
        desc.MipLevels = 1;
        desc.SampleDesc.Count = 1;
        desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
        assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d3d12), S_OK);
        assert_int_equal(ID3D12Device_CreateCommittedResource(d3d12, &heap, D3D12_HEAP_FLAG_NONE, &desc,
                D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
        assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &d3d11, NULL, NULL), S_OK);
        assert_int_equal(ID3D11Device_QueryInterface(d3d11, &IID_ID3D11On12Device, (void **)&on12), S_OK);
        assert_int_equal(ID3D11Device_CreateBuffer(d3d11, &buffer_desc, NULL, &kept), S_OK);

        assert_int_equal(mockd3d12_set_faults(rows[i].plan), S_OK);
        assert_int_equal(ID3D12Device_CreateFence(d3d12, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                (void **)&fence), DXGI_ERROR_DEVICE_REMOVED);
        assert_int_equal(mockd3d12_set_faults(NULL), S_OK);
        if ((hr = ID3D11Device_GetDeviceRemovedReason(d3d11)) != rows[i].reason)
            row_fail(&failures, i, name, "GetDeviceRemovedReason %#x", (unsigned)hr);
        if ((hr = ID3D11On12Device_CreateWrappedResource(on12, (IUnknown *)resource, &flags,
                D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COMMON, &IID_ID3D11Resource, (void **)&wrapped))
                != DXGI_ERROR_DEVICE_REMOVED || wrapped)
            row_fail(&failures, i, name, "CreateWrappedResource %#x", (unsigned)hr);
        if ((hr = ID3D11Device_CreateBuffer(d3d11, &buffer_desc, NULL, &buffer)) != DXGI_ERROR_DEVICE_REMOVED
                || buffer)
            row_fail(&failures, i, name, "CreateBuffer %#x", (unsigned)hr);
        if ((hr = ID3D11Device_CreateShaderResourceView(d3d11, (ID3D11Resource *)kept, &view_desc, &view))
                != DXGI_ERROR_DEVICE_REMOVED || view)
            row_fail(&failures, i, name, "CreateShaderResourceView %#x", (unsigned)hr);
        if ((hr = ID3D11Device_CreateSamplerState(d3d11, &sampler_desc, &sampler)) != DXGI_ERROR_DEVICE_REMOVED
                || sampler)
            row_fail(&failures, i, name, "CreateSamplerState %#x", (unsigned)hr);
        if ((hr = ID3D11Device_CreateQuery(d3d11, &query_desc, &query)) != DXGI_ERROR_DEVICE_REMOVED || query)
            row_fail(&failures, i, name, "CreateQuery %#x", (unsigned)hr);
        if ((hr = ID3D11Device_CreateDeferredContext(d3d11, 0, &deferred)) != DXGI_ERROR_DEVICE_REMOVED || deferred)
            row_fail(&failures, i, name, "CreateDeferredContext %#x", (unsigned)hr);
        /* A probe (NULL output) only validates: S_FALSE still. */
        if ((hr = ID3D11Device_CreateBuffer(d3d11, &buffer_desc, NULL, NULL)) != S_FALSE)
            row_fail(&failures, i, name, "a probing CreateBuffer %#x", (unsigned)hr);

        /* Recovery: a new D3D12 device, and an 11on12 device over it. */
        assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&again12), S_OK);
        assert_ptr_not_equal(again12, d3d12);
        assert_int_equal(D3D11On12CreateDevice((IUnknown *)again12, 0, NULL, 0, NULL, 0, 0, &again11, NULL, NULL),
                S_OK);
        buffer = NULL;
        if ((hr = ID3D11Device_GetDeviceRemovedReason(again11)) != S_OK
                || (hr = ID3D11Device_CreateBuffer(again11, &buffer_desc, NULL, &buffer)) != S_OK)
            row_fail(&failures, i, name, "the new device %#x", (unsigned)hr);
        if (buffer)
            ID3D11Buffer_Release(buffer);
        ID3D11Device_Release(again11);
        ID3D12Device_Release(again12);

        ID3D11Buffer_Release(kept);
        ID3D11On12Device_Release(on12);
        ID3D11Device_Release(d3d11);
        ID3D12Resource_Release(resource);
        ID3D12Device_Release(d3d12);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_d3d1211on12_sample),
        cmocka_unit_test(test_wrap_rules),
        cmocka_unit_test(test_acquire_release_flush),
        cmocka_unit_test(test_device1_device2),
        cmocka_unit_test(test_removed_d3d12_device),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
