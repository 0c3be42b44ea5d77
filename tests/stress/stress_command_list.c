/*
 * The command lists' ThreadSanitizer stress test (docs/objects.md,
 * docs/hardening.md): threads at once, on one device, create allocators and
 * lists, record (a gated call among them, so the device computes its gates
 * from several threads at its first lists), close, execute on one shared
 * queue, reset, and release allocators while their closed lists live on;
 * and they all race for one shared allocator, which only one open list at a
 * time may record into. Exits non-zero on a failed check; TSan
 * (halt_on_error=1) fails it on a race.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS 4
#define STEPS 400

static ID3D12Device *device;
static ID3D12CommandQueue *queue;
static ID3D12CommandAllocator *shared_allocator;
static atomic_int shared_holders; /* lists open on shared_allocator: 0 or 1 */
static atomic_int shared_wins;
static atomic_int failures;
static pthread_barrier_t start_line;

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress_command_list: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

static ID3D12CommandAllocator *create_allocator(void)
{
    ID3D12CommandAllocator *allocator = NULL;
    HRESULT hr = ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&allocator);

    CHECK(hr == S_OK, "CreateCommandAllocator %#x", (unsigned)hr);
    return allocator;
}

static void *worker(void *arg)
{
    ID3D12CommandAllocator *allocator = create_allocator();
    ID3D12GraphicsCommandList6 *list = NULL, *contender;
    ID3D12CommandList *lists[1];
    unsigned i;
    HRESULT hr;

    (void)arg;
    pthread_barrier_wait(&start_line);
    hr = ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
            &IID_ID3D12GraphicsCommandList6, (void **)&list);
    CHECK(hr == S_OK, "CreateCommandList %#x", (unsigned)hr);
    for (i = 0; i < STEPS && list; ++i)
    {
        ID3D12GraphicsCommandList6_DrawInstanced(list, 3, 1, 0, 0);
        ID3D12GraphicsCommandList6_DispatchMesh(list, 1, 1, 1); /* allowed on nvidia-rtx-4090 */
        hr = ID3D12GraphicsCommandList6_Close(list);
        CHECK(hr == S_OK, "Close %#x at step %u", (unsigned)hr, i);
        lists[0] = (ID3D12CommandList *)list;
        ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
        /* Every 16 steps, a new allocator: the old one goes while the list still names it. */
        if (i % 16 == 15)
        {
            ID3D12CommandAllocator_Release(allocator);
            allocator = create_allocator();
        }
        else
        {
            hr = ID3D12CommandAllocator_Reset(allocator);
            CHECK(hr == S_OK, "allocator Reset %#x at step %u", (unsigned)hr, i);
        }
        hr = ID3D12GraphicsCommandList6_Reset(list, allocator, NULL);
        CHECK(hr == S_OK, "list Reset %#x at step %u", (unsigned)hr, i);

        /* The shared allocator: one open list at a time. */
        contender = NULL;
        hr = ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, shared_allocator, NULL,
                &IID_ID3D12GraphicsCommandList6, (void **)&contender);
        if (hr == S_OK)
        {
            CHECK(atomic_fetch_add(&shared_holders, 1) == 0, "two open lists on one allocator");
            atomic_fetch_add(&shared_wins, 1);
            ID3D12GraphicsCommandList6_Dispatch(contender, 1, 1, 1);
            atomic_fetch_sub(&shared_holders, 1);
            CHECK(ID3D12GraphicsCommandList6_Close(contender) == S_OK, "Close of the shared allocator's list");
            ID3D12GraphicsCommandList6_Release(contender);
        }
        else
            CHECK(hr == E_INVALIDARG && !contender, "contended CreateCommandList %#x", (unsigned)hr);
    }
    if (list)
    {
        CHECK(ID3D12GraphicsCommandList6_Close(list) == S_OK, "final Close");
        ID3D12GraphicsCommandList6_Release(list);
    }
    ID3D12CommandAllocator_Release(allocator);
    return NULL;
}

int main(void)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    pthread_t threads[THREADS];
    IUnknown *adapter = NULL;
    unsigned i;

    if (FAILED(mockd3d12_get_adapter("nvidia-rtx-4090", &adapter))
            || FAILED(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device))
            || FAILED(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue)))
    {
        fprintf(stderr, "stress_command_list: no device or queue\n");
        return 1;
    }
    adapter->lpVtbl->Release(adapter);
    shared_allocator = create_allocator();
    pthread_barrier_init(&start_line, NULL, THREADS);
    for (i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, NULL);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);
    CHECK(atomic_load(&shared_wins) > 0, "no thread ever got the shared allocator");
    CHECK(ID3D12CommandAllocator_Release(shared_allocator) == 0, "shared allocator references left");
    ID3D12CommandQueue_Release(queue);
    CHECK(ID3D12Device_Release(device) == 0, "device references left");
    if (atomic_load(&failures))
        return 1;
    printf("stress_command_list: %u threads x %u steps, %d lists on the shared allocator\n", THREADS, STEPS,
            atomic_load(&shared_wins));
    return 0;
}
