/*
 * The swap chains' ThreadSanitizer stress test (docs/dxgi.md "Swap chains",
 * docs/hardening.md): a thread presents behind a queue Wait on a fence that
 * another thread signals from the CPU, so the frame-latency semaphore is
 * released now by the presenting thread, now by the signalling one; a third
 * thread takes every count from a duplicated waitable handle (blocking, as
 * Dear ImGui's loop does), and a fourth reads the chain's state meanwhile.
 * A lost release hangs the waiter (ctest's timeout fails the test); the
 * checks are counts that do not depend on the interleaving. Exits non-zero
 * on a failed check; TSan (halt_on_error=1) fails it on a race.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#define MK_TEST_DXGI
#include "mk_test.h"

#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <unistd.h>

#define STEPS 2000

static ID3D12CommandQueue *queue;
static ID3D12Fence *fence;
static IDXGISwapChain3 *chain;
static atomic_int failures;
static atomic_bool presenting_done;

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress_swapchain: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

/* F = 1 .. STEPS from the CPU. */
static void *producer(void *arg)
{
    UINT64 i;

    (void)arg;
    for (i = 1; i <= STEPS; ++i)
    {
        CHECK(ID3D12Fence_Signal(fence, i) == S_OK, "Signal %llu", (unsigned long long)i);
        sched_yield();
    }
    return NULL;
}

/* Wait(F, i), then Present i: it completes when F reaches i. */
static void *presenter(void *arg)
{
    UINT64 i;

    (void)arg;
    for (i = 1; i <= STEPS; ++i)
    {
        CHECK(ID3D12CommandQueue_Wait(queue, fence, i) == S_OK, "Wait %llu", (unsigned long long)i);
        CHECK(IDXGISwapChain3_Present(chain, 0, 0) == S_OK, "Present %llu", (unsigned long long)i);
    }
    atomic_store(&presenting_done, true);
    return NULL;
}

/* Takes STEPS counts, blocking in poll like WaitForSingleObject(INFINITE). */
static void *waiter(void *arg)
{
    int fd = (int)(intptr_t)arg;
    uint64_t one;
    unsigned i;

    for (i = 0; i < STEPS; ++i)
    {
        struct pollfd p = {fd, POLLIN, 0};

        CHECK(poll(&p, 1, -1) == 1, "poll %u", i);
        CHECK(read(fd, &one, sizeof(one)) == (ssize_t)sizeof(one) && one == 1, "read %u", i);
    }
    return NULL;
}

static void *reader(void *arg)
{
    DXGI_FRAME_STATISTICS stats;
    DXGI_SWAP_CHAIN_DESC1 desc;
    UINT count;

    (void)arg;
    while (!atomic_load(&presenting_done))
    {
        CHECK(IDXGISwapChain3_GetCurrentBackBufferIndex(chain) < 3, "index");
        CHECK(IDXGISwapChain3_GetLastPresentCount(chain, &count) == S_OK && count <= STEPS, "count");
        IDXGISwapChain3_GetFrameStatistics(chain, &stats);
        CHECK(IDXGISwapChain3_GetDesc1(chain, &desc) == S_OK && desc.BufferCount == 3, "desc");
        sched_yield();
    }
    return NULL;
}

int main(void)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    DXGI_SWAP_CHAIN_DESC1 desc = {640, 480, DXGI_FORMAT_B8G8R8A8_UNORM, FALSE, {1, 0},
            DXGI_USAGE_RENDER_TARGET_OUTPUT, 3, DXGI_SCALING_STRETCH, DXGI_SWAP_EFFECT_FLIP_DISCARD,
            DXGI_ALPHA_MODE_UNSPECIFIED, DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT};
    pthread_t threads[4];
    IDXGISwapChain1 *chain1;
    IDXGIFactory4 *factory;
    ID3D12Device *device;
    DXGI_FRAME_STATISTICS stats;
    HANDLE waitable;
    UINT count;

    CHECK(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device) == S_OK, "device");
    CHECK(ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue, (void **)&queue) == S_OK,
            "queue");
    CHECK(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence) == S_OK,
            "fence");
    CHECK(CreateDXGIFactory2(0, &IID_IDXGIFactory4, (void **)&factory) == S_OK, "factory");
    CHECK(IDXGIFactory4_CreateSwapChainForHwnd(factory, (IUnknown *)queue, (HWND)1, &desc, NULL, NULL, &chain1)
            == S_OK, "chain");
    CHECK(IDXGISwapChain1_QueryInterface(chain1, &IID_IDXGISwapChain3, (void **)&chain) == S_OK, "chain3");
    IDXGISwapChain1_Release(chain1);
    if (atomic_load(&failures))
        return 1;
    waitable = IDXGISwapChain3_GetFrameLatencyWaitableObject(chain);
    CHECK(waitable != NULL, "waitable");

    pthread_create(&threads[0], NULL, producer, NULL);
    pthread_create(&threads[1], NULL, presenter, NULL);
    pthread_create(&threads[2], NULL, waiter, waitable);
    pthread_create(&threads[3], NULL, reader, NULL);
    for (unsigned i = 0; i < 4; ++i)
        pthread_join(threads[i], NULL);

    /* Every Present reached; the one count of the starting latency is left. */
    CHECK(IDXGISwapChain3_GetLastPresentCount(chain, &count) == S_OK && count == STEPS, "last count %u", count);
    CHECK(IDXGISwapChain3_GetFrameStatistics(chain, &stats) == S_OK && stats.PresentCount == STEPS,
            "statistics %u", stats.PresentCount);
    {
        struct pollfd p = {(int)(intptr_t)waitable, POLLIN, 0};
        uint64_t one;

        CHECK(poll(&p, 1, 0) == 1 && read(p.fd, &one, sizeof(one)) == (ssize_t)sizeof(one), "last count");
        CHECK(poll(&p, 1, 0) == 0, "no more counts");
    }
    close((int)(intptr_t)waitable);
    CHECK(IDXGISwapChain3_Release(chain) == 0, "chain refs");
    IDXGIFactory4_Release(factory);
    ID3D12Fence_Release(fence);
    ID3D12CommandQueue_Release(queue);
    CHECK(ID3D12Device_Release(device) == 0, "device refs");
    return atomic_load(&failures) ? 1 : 0;
}
