/*
 * The heaps' and resources' stress test (ThreadSanitizer, label "stress";
 * docs/objects.md "ID3D12Resource"): threads at once create and release
 * committed buffers and textures, map their own upload buffers and check
 * their bytes, place buffers on one shared upload heap, and release the heap
 * while its placed resources live on, and watch and unwatch the adapter's
 * video memory (mockd3d12_watch_video_memory) while others change it. At the
 * end the adapter's video memory is back where it started, no two live
 * buffers shared an address, and the watch held throughout saw every
 * change: three charges and three returns per round and thread.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS 6
#define ROUNDS 300

static ID3D12Device *device;
static ID3D12Heap *shared_heap;
static pthread_barrier_t start_line;
static atomic_uint failures;
static atomic_uint changes;

static void count_change(void *context)
{
    atomic_fetch_add((atomic_uint *)context, 1);
}

static void fail(const char *what, unsigned thread, unsigned round)
{
    fprintf(stderr, "stress_resources: thread %u, round %u: %s\n", thread, round, what);
    atomic_fetch_add(&failures, 1);
}

static D3D12_RESOURCE_DESC buffer(UINT64 width)
{
    D3D12_RESOURCE_DESC d = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, width, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};

    return d;
}

static void *worker(void *arg)
{
    unsigned thread = (unsigned)(uintptr_t)arg, round, i;
    D3D12_HEAP_PROPERTIES upload = {D3D12_HEAP_TYPE_UPLOAD, 0, 0, 0, 0}, def = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc, tex = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 256, 256, 1, 1,
            DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET};
    ID3D12Resource *a, *b, *t, *placed;
    unsigned char *p, *q;
    atomic_uint mine = 0;
    UINT cookie;

    pthread_barrier_wait(&start_line);
    for (round = 0; round < ROUNDS; ++round)
    {
        if (FAILED(mockd3d12_watch_video_memory("nvidia-rtx-4090", count_change, &mine, &cookie)))
            fail("mockd3d12_watch_video_memory failed", thread, round);
        desc = buffer(4096 + thread * 64);
        if (FAILED(ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
                D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&a))
                || FAILED(ID3D12Device_CreateCommittedResource(device, &def, D3D12_HEAP_FLAG_NONE, &desc,
                D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&b))
                || FAILED(ID3D12Device_CreateCommittedResource(device, &def, D3D12_HEAP_FLAG_NONE, &tex,
                D3D12_RESOURCE_STATE_RENDER_TARGET, NULL, &IID_ID3D12Resource, (void **)&t)))
        {
            fail("a creation failed", thread, round);
            break;
        }
        if (ID3D12Resource_GetGPUVirtualAddress(a) == ID3D12Resource_GetGPUVirtualAddress(b))
            fail("two live buffers share an address", thread, round);
        if (FAILED(ID3D12Resource_Map(a, 0, NULL, (void **)&p)))
            fail("Map failed", thread, round);
        else
        {
            memset(p, (int)(thread + round), (size_t)desc.Width);
            ID3D12Resource_Unmap(a, 0, NULL);
            if (FAILED(ID3D12Resource_Map(a, 0, NULL, (void **)&q)))
                fail("the second Map failed", thread, round);
            else
            {
                for (i = 0; i < desc.Width; ++i)
                    if (q[i] != (unsigned char)(thread + round))
                    {
                        fail("the bytes changed", thread, round);
                        break;
                    }
                ID3D12Resource_Unmap(a, 0, NULL);
            }
        }
        /* A buffer of this thread's slot of the shared heap, written and read. */
        desc = buffer(256);
        if (FAILED(ID3D12Device_CreatePlacedResource(device, shared_heap, (UINT64)thread * 65536, &desc,
                D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&placed)))
            fail("CreatePlacedResource failed", thread, round);
        else
        {
            if (SUCCEEDED(ID3D12Resource_Map(placed, 0, NULL, (void **)&p)))
            {
                p[0] = (unsigned char)round;
                if (p[0] != (unsigned char)round)
                    fail("the placed bytes changed", thread, round);
                ID3D12Resource_Unmap(placed, 0, NULL);
            }
            ID3D12Resource_Release(placed);
        }
        ID3D12Resource_Release(a);
        ID3D12Resource_Release(b);
        ID3D12Resource_Release(t);
        if (FAILED(mockd3d12_unwatch_video_memory(cookie)))
            fail("mockd3d12_unwatch_video_memory failed", thread, round);
    }
    /* At least this thread's own six changes a round came while it watched. */
    if (atomic_load(&mine) < 6u * ROUNDS)
        fail("a watch missed this thread's own changes", thread, ROUNDS);
    return NULL;
}

int main(void)
{
    D3D12_HEAP_DESC heap_desc = {THREADS * 65536, {D3D12_HEAP_TYPE_UPLOAD, 0, 0, 0, 0}, 0,
            D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    mockd3d12_video_memory before[2], after[2];
    const char *adapter = "nvidia-rtx-4090";
    pthread_t threads[THREADS];
    IUnknown *object;
    unsigned i;
    UINT watch;

    if (FAILED(mockd3d12_get_adapter(adapter, &object))
            || FAILED(D3D12CreateDevice(object, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        fprintf(stderr, "stress_resources: no device: %s\n", mockd3d12_last_error());
        return 1;
    }
    object->lpVtbl->Release(object);
    for (i = 0; i < 2; ++i)
        mockd3d12_get_video_memory(adapter, 0, i, &before[i]);
    if (FAILED(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&shared_heap)))
        return 1;
    if (FAILED(mockd3d12_watch_video_memory(adapter, count_change, &changes, &watch)))
        return 1;
    pthread_barrier_init(&start_line, NULL, THREADS);
    for (i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, (void *)(uintptr_t)i);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);
    if (FAILED(mockd3d12_unwatch_video_memory(watch)) || atomic_load(&changes) != 6u * THREADS * ROUNDS)
    {
        fprintf(stderr, "stress_resources: the watch saw %u changes, not %u\n", atomic_load(&changes),
                6u * THREADS * ROUNDS);
        atomic_fetch_add(&failures, 1);
    }
    ID3D12Heap_Release(shared_heap);
    for (i = 0; i < 2; ++i)
    {
        mockd3d12_get_video_memory(adapter, 0, i, &after[i]);
        if (after[i].current_usage != before[i].current_usage)
        {
            fprintf(stderr, "stress_resources: group %u holds %llu bytes, %llu before\n", i,
                    (unsigned long long)after[i].current_usage, (unsigned long long)before[i].current_usage);
            atomic_fetch_add(&failures, 1);
        }
    }
    if (ID3D12Device_Release(device))
        atomic_fetch_add(&failures, 1);
    if (atomic_load(&failures))
        return 1;
    printf("stress_resources: %u threads x %u rounds, no failure\n", THREADS, ROUNDS);
    return 0;
}
