/*
 * An application's frame loop with two ways of meeting a GPU that says no,
 * for `mockd3d12 fault-check` (docs/faults.md, "fault-check"):
 *
 *   device_lost correct   checks every creation and every Signal: an
 *                         E_OUTOFMEMORY or a removed device ends the program
 *                         with a message and exit status 1, after it released
 *                         what it made;
 *   device_lost leaky     handles every fault as the careful path does, but
 *                         leaves what it made alive when it gives up (what
 *                         fault-check --leaks flags);
 *   device_lost wrong     maps its upload buffer without looking at what
 *                         CreateCommittedResource answered (a NULL resource
 *                         after an out-of-memory: a crash), and retries a
 *                         failed Signal until it succeeds (after a removal it
 *                         never does: a hang).
 *
 *   mockd3d12 fault-check device_lost correct   -> exit 0, every site handled
 *   mockd3d12 fault-check device_lost wrong     -> exit 1: CreateCommittedResource#N oom
 *                                                  crashed, ExecuteCommandLists#N hung
 */
#define COBJMACROS
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <mockd3d12/d3d12.h>

#define FRAMES 3
#define BUFFERS 2

struct app
{
    bool careful;
    bool leaky;
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    ID3D12Resource *buffers[BUFFERS];
    UINT64 fence_value;
};

static void release(IUnknown *object)
{
    if (object)
        IUnknown_Release(object);
}

static void app_release(struct app *app)
{
    unsigned i;

    for (i = 0; i < BUFFERS; ++i)
        release((IUnknown *)app->buffers[i]);
    release((IUnknown *)app->fence);
    release((IUnknown *)app->list);
    release((IUnknown *)app->allocator);
    release((IUnknown *)app->queue);
    release((IUnknown *)app->device);
}

/* What the careful path says before it gives up. */
static int fail(struct app *app, const char *what, HRESULT hr)
{
    HRESULT reason = app->device ? ID3D12Device_GetDeviceRemovedReason(app->device) : S_OK;

    printf("device_lost: %s failed: %#x", what, (unsigned)hr);
    if (FAILED(reason))
        printf(" (the device was removed: %#x)", (unsigned)reason);
    printf("\n");
    if (!app->leaky)
        app_release(app);
    return 1;
}

static HRESULT create_buffer(struct app *app, unsigned index)
{
    D3D12_HEAP_PROPERTIES heap;
    D3D12_RESOURCE_DESC desc;
    D3D12_RANGE nothing = {0, 0};
    HRESULT hr;
    void *data;

    memset(&heap, 0, sizeof(heap));
    heap.Type = D3D12_HEAP_TYPE_UPLOAD;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = 64 * 1024;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    hr = ID3D12Device_CreateCommittedResource(app->device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&app->buffers[index]);
    if (app->careful && FAILED(hr))
        return hr;
    /* The wrong path trusts the call: after an E_OUTOFMEMORY the resource is NULL. */
    if (SUCCEEDED(hr = ID3D12Resource_Map(app->buffers[index], 0, &nothing, &data)))
    {
        memset(data, (int)index, 64);
        ID3D12Resource_Unmap(app->buffers[index], 0, NULL);
    }
    return hr;
}

/* Submits one frame's (empty) list and waits for the GPU to finish it. */
static HRESULT frame(struct app *app)
{
    ID3D12CommandList *lists[1];
    HRESULT hr;

    if (FAILED(hr = ID3D12CommandAllocator_Reset(app->allocator))
            || FAILED(hr = ID3D12GraphicsCommandList_Reset(app->list, app->allocator, NULL))
            || FAILED(hr = ID3D12GraphicsCommandList_Close(app->list)))
        return hr;
    lists[0] = (ID3D12CommandList *)app->list;
    ID3D12CommandQueue_ExecuteCommandLists(app->queue, 1, lists);
    ++app->fence_value;
    if (app->careful)
    {
        if (FAILED(hr = ID3D12CommandQueue_Signal(app->queue, app->fence, app->fence_value)))
            return hr;
    }
    else
    {
        /* The wrong path: a Signal that failed is tried again, as if the
         * failure were passing. A removed device answers it forever. */
        while (FAILED(ID3D12CommandQueue_Signal(app->queue, app->fence, app->fence_value)))
            ;
    }
    /* A removed device's fences complete to UINT64_MAX: this wait ends either way. */
    return ID3D12Fence_SetEventOnCompletion(app->fence, app->fence_value, NULL);
}

int main(int argc, char **argv)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc;
    struct app app;
    unsigned i;
    HRESULT hr;

    memset(&app, 0, sizeof(app));
    memset(&queue_desc, 0, sizeof(queue_desc));
    queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    if (argc != 2 || (strcmp(argv[1], "correct") && strcmp(argv[1], "leaky") && strcmp(argv[1], "wrong")))
    {
        fprintf(stderr, "usage: device_lost correct|leaky|wrong\n");
        return 2;
    }
    app.careful = strcmp(argv[1], "wrong") != 0;
    app.leaky = !strcmp(argv[1], "leaky");
    if (FAILED(hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&app.device)))
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
    for (i = 0; i < BUFFERS; ++i)
        if (FAILED(hr = create_buffer(&app, i)))
            return fail(&app, "CreateCommittedResource", hr);
    for (i = 0; i < FRAMES; ++i)
        if (FAILED(hr = frame(&app)))
            return fail(&app, "a frame", hr);
    printf("device_lost: %u frames, fence at %llu\n", FRAMES, (unsigned long long)app.fence_value);
    app_release(&app);
    return 0;
}
