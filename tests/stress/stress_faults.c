/*
 * The fault plan's ThreadSanitizer stress test (docs/faults.md, issue 33:
 * "the same plan gives the same outcome on every run and under TSan with
 * threads"). Each round sets one plan and runs it with THREADS threads at
 * once, then checks what does not depend on the interleaving:
 *
 *   - creations: the threads create committed buffers and fences at once;
 *     oom@CreateCommittedResource#7, oom@any-allocation#40 and
 *     oom@CreateFence#6 fail exactly 3 calls in all (each with a NULL
 *     output), and budget:BYTES@CreateFence#3 leaves the budget at BYTES;
 *   - submissions: each thread submits to its own queue (the process's
 *     queues 1 .. THREADS) and signals its fence after each
 *     ExecuteCommandLists; remove:hung@ExecuteCommandLists#5:queue=3 hangs
 *     the 3rd queue's 5th submission, so that queue's thread sees its first
 *     4 Signals succeed and the 5th fail, whatever the others do; every
 *     thread's Signals, once one failed, keep failing; afterwards the device
 *     says DXGI_ERROR_DEVICE_HUNG and every fence is at UINT64_MAX; a new
 *     device works.
 *
 * ROUNDS rounds, each from mockd3d12_reset(): the same outcome each time.
 * Exits non-zero on a failed check; TSan (halt_on_error=1) fails it on a race.
 */
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS 4
#define ROUNDS 6
#define BUFFERS 20        /* per thread: 80 CreateCommittedResource calls in all */
#define FENCES 2          /* per thread: 8 CreateFence calls */
#define SUBMISSIONS 8     /* per thread */
#define HUNG_QUEUE 3      /* the plan's :queue=3 */
#define HUNG_CALL 5       /* its #5 */
#define BUDGET 1000000000ull

static const char plan[] = "oom@CreateCommittedResource#7;oom@any-allocation#40;oom@CreateFence#6;"
        "budget:1000000000@CreateFence#3;remove:hung@ExecuteCommandLists#5:queue=3";

static ID3D12Device *device;
static atomic_int failures;
static atomic_uint oom_count;
static pthread_barrier_t start_line;

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress_faults: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

struct worker
{
    unsigned index;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    unsigned first_failed;     /* the submission whose Signal failed first, from 1; 0: none */
};

static void *create_objects(void *arg)
{
    ID3D12Resource *buffers[BUFFERS];
    ID3D12Fence *fences[FENCES];
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    unsigned i;
    HRESULT hr;

    (void)arg;
    pthread_barrier_wait(&start_line);
    for (i = 0; i < BUFFERS; ++i)
    {
        buffers[i] = (ID3D12Resource *)(uintptr_t)1;
        hr = ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
                D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&buffers[i]);
        CHECK(hr == S_OK || (hr == E_OUTOFMEMORY && !buffers[i]), "CreateCommittedResource %#x", (unsigned)hr);
        if (hr == E_OUTOFMEMORY)
            atomic_fetch_add(&oom_count, 1);
        if (i < FENCES)
        {
            fences[i] = (ID3D12Fence *)(uintptr_t)1;
            hr = ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fences[i]);
            CHECK(hr == S_OK || (hr == E_OUTOFMEMORY && !fences[i]), "CreateFence %#x", (unsigned)hr);
            if (hr == E_OUTOFMEMORY)
                atomic_fetch_add(&oom_count, 1);
        }
    }
    for (i = 0; i < BUFFERS; ++i)
        if (buffers[i])
            ID3D12Resource_Release(buffers[i]);
    for (i = 0; i < FENCES; ++i)
        if (fences[i])
            ID3D12Fence_Release(fences[i]);
    return NULL;
}

static void *submit(void *arg)
{
    struct worker *w = arg;
    ID3D12CommandList *lists[1];
    unsigned i;
    HRESULT hr;

    lists[0] = (ID3D12CommandList *)w->list;
    pthread_barrier_wait(&start_line);
    for (i = 1; i <= SUBMISSIONS; ++i)
    {
        ID3D12CommandQueue_ExecuteCommandLists(w->queue, 1, lists);
        hr = ID3D12CommandQueue_Signal(w->queue, w->fence, i);
        CHECK(hr == S_OK || hr == DXGI_ERROR_DEVICE_REMOVED, "thread %u: Signal %u: %#x", w->index, i,
                (unsigned)hr);
        /* Once the device is removed it stays removed. */
        CHECK(!w->first_failed || hr == DXGI_ERROR_DEVICE_REMOVED, "thread %u: Signal %u succeeded after %u failed",
                w->index, i, w->first_failed);
        if (hr != S_OK && !w->first_failed)
            w->first_failed = i;
    }
    return NULL;
}

static void run_threads(void *(*function)(void *), struct worker *workers)
{
    pthread_t threads[THREADS];
    unsigned i;

    pthread_barrier_init(&start_line, NULL, THREADS);
    for (i = 0; i < THREADS; ++i)
        CHECK(!pthread_create(&threads[i], NULL, function, &workers[i]), "pthread_create");
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);
}

static void round_once(unsigned round)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    struct worker workers[THREADS];
    mockd3d12_video_memory memory;
    ID3D12Device *again = NULL;
    ID3D12Fence *fence = NULL;
    unsigned i;
    HRESULT hr;

    mockd3d12_reset(); /* the queues are numbered from 1 again */
    memset(workers, 0, sizeof(workers));
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    CHECK(hr == S_OK, "round %u: D3D12CreateDevice %#x", round, (unsigned)hr);
    if (FAILED(hr))
        return;
    for (i = 0; i < THREADS; ++i)
    {
        workers[i].index = i;
        CHECK(ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue,
                (void **)&workers[i].queue) == S_OK, "CreateCommandQueue");
        CHECK(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT, &IID_ID3D12CommandAllocator,
                (void **)&workers[i].allocator) == S_OK, "CreateCommandAllocator");
        CHECK(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, workers[i].allocator, NULL,
                &IID_ID3D12GraphicsCommandList, (void **)&workers[i].list) == S_OK, "CreateCommandList");
        CHECK(ID3D12GraphicsCommandList_Close(workers[i].list) == S_OK, "Close");
        CHECK(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                (void **)&workers[i].fence) == S_OK, "CreateFence");
    }
    if (atomic_load(&failures))
        return;

    /* The plan, its counts from zero, after the set-up's creations. */
    CHECK(mockd3d12_set_faults(plan) == S_OK, "mockd3d12_set_faults: %s", mockd3d12_last_error());
    atomic_store(&oom_count, 0);
    run_threads(create_objects, workers);
    CHECK(atomic_load(&oom_count) == 3, "round %u: %u creations failed, expected 3", round, atomic_load(&oom_count));
    CHECK(mockd3d12_get_video_memory(mockd3d12_default_adapter_id(), 0, 0, &memory) == S_OK, "get_video_memory");
    CHECK(memory.budget == BUDGET, "round %u: budget %llu", round, (unsigned long long)memory.budget);
    CHECK(ID3D12Device_GetDeviceRemovedReason(device) == S_OK, "round %u: removed before the submissions", round);

    run_threads(submit, workers);
    for (i = 0; i < THREADS; ++i)
    {
        if (i + 1 == HUNG_QUEUE)
            CHECK(workers[i].first_failed == HUNG_CALL, "round %u: queue %u's first failed Signal was %u, expected %u",
                    round, i + 1, workers[i].first_failed, HUNG_CALL);
        CHECK(ID3D12Fence_GetCompletedValue(workers[i].fence) == UINT64_MAX, "round %u: fence %u at %llu", round, i,
                (unsigned long long)ID3D12Fence_GetCompletedValue(workers[i].fence));
    }
    hr = ID3D12Device_GetDeviceRemovedReason(device);
    CHECK(hr == DXGI_ERROR_DEVICE_HUNG, "round %u: GetDeviceRemovedReason %#x", round, (unsigned)hr);

    /* Recovery: a new device on the adapter works. */
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&again);
    CHECK(hr == S_OK, "round %u: a new device %#x", round, (unsigned)hr);
    if (again)
    {
        CHECK(ID3D12Device_GetDeviceRemovedReason(again) == S_OK, "round %u: the new device removed", round);
        CHECK(ID3D12Device_CreateFence(again, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence) == S_OK,
                "round %u: the new device's CreateFence", round);
        if (fence)
            ID3D12Fence_Release(fence);
        ID3D12Device_Release(again);
    }

    for (i = 0; i < THREADS; ++i)
    {
        ID3D12Fence_Release(workers[i].fence);
        ID3D12GraphicsCommandList_Release(workers[i].list);
        ID3D12CommandAllocator_Release(workers[i].allocator);
        ID3D12CommandQueue_Release(workers[i].queue);
    }
    CHECK(ID3D12Device_Release(device) == 0, "round %u: the device still referenced", round);
    mockd3d12_set_faults("");
}

int main(void)
{
    unsigned round;

    for (round = 0; round < ROUNDS && !atomic_load(&failures); ++round)
        round_once(round);
    mockd3d12_reset();
    if (atomic_load(&failures))
    {
        fprintf(stderr, "stress_faults: %d check(s) failed\n", atomic_load(&failures));
        return 1;
    }
    printf("stress_faults: %u rounds of %u threads, the same outcome each time\n", ROUNDS, THREADS);
    return 0;
}
