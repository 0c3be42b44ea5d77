/*
 * An application that watches its video-memory budget once a frame, as
 * engines do, with two ways of meeting a budget that drops below what it
 * uses (another process took the video memory), for `mockd3d12 fault-check`
 * (docs/faults.md, "fault-check"; the sibling of examples/device_lost.c):
 *
 *   budget_change correct   when IDXGIAdapter3::QueryVideoMemoryInfo's Budget
 *                           is below its CurrentUsage, releases its cache
 *                           buffer and draws on without it;
 *   budget_change wrong     releases the cache buffer too, but forgets that it
 *                           did: the next frame writes into it (a NULL
 *                           resource: a crash).
 *
 * Both paths handle every other fault alike: a creation that fails or a
 * removed device ends the program with a message and exit status 1.
 *
 *   mockd3d12 fault-check budget_change correct  -> exit 0, every site handled
 *   mockd3d12 fault-check budget_change wrong    -> exit 1: ExecuteCommandLists#N budget:0
 *                                                   crashed, for each frame N that has a next
 */
#define COBJMACROS
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/dxgi.h>

#define FRAMES 3
#define BUFFER_SIZE (64 * 1024)

struct app
{
    bool careful;
    IDXGIAdapter3 *adapter;
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    ID3D12Resource *frame_data;  /* written every frame */
    ID3D12Resource *cache;       /* optional: dropped when the budget shrinks */
    bool cache_in_use;           /* what the frame loop believes of the cache */
    UINT64 fence_value;
};

static void release(IUnknown *object)
{
    if (object)
        IUnknown_Release(object);
}

static void app_release(struct app *app)
{
    release((IUnknown *)app->cache);
    release((IUnknown *)app->frame_data);
    release((IUnknown *)app->fence);
    release((IUnknown *)app->list);
    release((IUnknown *)app->allocator);
    release((IUnknown *)app->queue);
    release((IUnknown *)app->device);
    release((IUnknown *)app->adapter);
}

static int fail(struct app *app, const char *what, HRESULT hr)
{
    printf("budget_change: %s failed: %#x\n", what, (unsigned)hr);
    app_release(app);
    return 1;
}

static HRESULT create_buffer(struct app *app, ID3D12Resource **buffer)
{
    D3D12_HEAP_PROPERTIES heap;
    D3D12_RESOURCE_DESC desc;

    memset(&heap, 0, sizeof(heap));
    heap.Type = D3D12_HEAP_TYPE_UPLOAD;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = BUFFER_SIZE;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    return ID3D12Device_CreateCommittedResource(app->device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)buffer);
}

static HRESULT write_buffer(ID3D12Resource *buffer, int value)
{
    D3D12_RANGE nothing = {0, 0};
    void *data;
    HRESULT hr;

    if (SUCCEEDED(hr = ID3D12Resource_Map(buffer, 0, &nothing, &data)))
    {
        memset(data, value, 256);
        ID3D12Resource_Unmap(buffer, 0, NULL);
    }
    return hr;
}

/* The budget check of each frame: over budget, the cache goes. */
static HRESULT check_budget(struct app *app)
{
    DXGI_QUERY_VIDEO_MEMORY_INFO info;
    HRESULT hr;

    if (FAILED(hr = IDXGIAdapter3_QueryVideoMemoryInfo(app->adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &info)))
        return hr;
    if (info.Budget < info.CurrentUsage && app->cache)
    {
        printf("budget_change: over budget (%llu of %llu bytes): the cache goes\n",
                (unsigned long long)info.CurrentUsage, (unsigned long long)info.Budget);
        fflush(stdout);
        ID3D12Resource_Release(app->cache);
        app->cache = NULL;
        /* The wrong path forgets to say the cache is gone. */
        if (app->careful)
            app->cache_in_use = false;
    }
    return S_OK;
}

/* Checks the budget, writes the frame's data (and the cache's, while the
 * loop believes it has one), submits one (empty) list and waits for it. */
static HRESULT frame(struct app *app, unsigned index)
{
    ID3D12CommandList *lists[1];
    HRESULT hr;

    if (FAILED(hr = check_budget(app))
            || FAILED(hr = write_buffer(app->frame_data, (int)index))
            || (app->cache_in_use && FAILED(hr = write_buffer(app->cache, (int)index))))
        return hr;
    if (FAILED(hr = ID3D12CommandAllocator_Reset(app->allocator))
            || FAILED(hr = ID3D12GraphicsCommandList_Reset(app->list, app->allocator, NULL))
            || FAILED(hr = ID3D12GraphicsCommandList_Close(app->list)))
        return hr;
    lists[0] = (ID3D12CommandList *)app->list;
    ID3D12CommandQueue_ExecuteCommandLists(app->queue, 1, lists);
    if (FAILED(hr = ID3D12CommandQueue_Signal(app->queue, app->fence, ++app->fence_value)))
        return hr;
    return ID3D12Fence_SetEventOnCompletion(app->fence, app->fence_value, NULL);
}

int main(int argc, char **argv)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc;
    IDXGIFactory1 *factory;
    IDXGIAdapter1 *adapter;
    struct app app;
    unsigned i;
    HRESULT hr;

    memset(&app, 0, sizeof(app));
    memset(&queue_desc, 0, sizeof(queue_desc));
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    if (argc != 2 || (strcmp(argv[1], "correct") && strcmp(argv[1], "wrong")))
    {
        fprintf(stderr, "usage: budget_change correct|wrong\n");
        return 2;
    }
    app.careful = !strcmp(argv[1], "correct");
    if (FAILED(hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory)))
        return fail(&app, "CreateDXGIFactory1", hr);
    hr = IDXGIFactory1_EnumAdapters1(factory, 0, &adapter);
    IDXGIFactory1_Release(factory);
    if (FAILED(hr))
        return fail(&app, "EnumAdapters1", hr);
    hr = IDXGIAdapter1_QueryInterface(adapter, &IID_IDXGIAdapter3, (void **)&app.adapter);
    IDXGIAdapter1_Release(adapter);
    if (FAILED(hr))
        return fail(&app, "QueryInterface(IDXGIAdapter3)", hr);
    if (FAILED(hr = D3D12CreateDevice((IUnknown *)app.adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&app.device)))
        return fail(&app, "D3D12CreateDevice", hr);
    if (FAILED(hr = ID3D12Device_CreateCommandQueue(app.device, &queue_desc, &IID_ID3D12CommandQueue,
            (void **)&app.queue)))
        return fail(&app, "CreateCommandQueue", hr);
    if (FAILED(hr = ID3D12Device_CreateCommandAllocator(app.device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&app.allocator)))
        return fail(&app, "CreateCommandAllocator", hr);
    if (FAILED(hr = ID3D12Device_CreateCommandList(app.device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, app.allocator,
            NULL, &IID_ID3D12GraphicsCommandList, (void **)&app.list)))
        return fail(&app, "CreateCommandList", hr);
    if (FAILED(hr = ID3D12GraphicsCommandList_Close(app.list)))
        return fail(&app, "Close", hr);
    if (FAILED(hr = ID3D12Device_CreateFence(app.device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&app.fence)))
        return fail(&app, "CreateFence", hr);
    if (FAILED(hr = create_buffer(&app, &app.frame_data)) || FAILED(hr = create_buffer(&app, &app.cache)))
        return fail(&app, "CreateCommittedResource", hr);
    app.cache_in_use = true;
    for (i = 0; i < FRAMES; ++i)
        if (FAILED(hr = frame(&app, i)))
            return fail(&app, "a frame", hr);
    printf("budget_change: %u frames, %s\n", FRAMES, app.cache ? "with the cache" : "without the cache");
    app_release(&app);
    return 0;
}
