/*
 * The fences' ThreadSanitizer stress test (docs/hardening.md, docs/objects.md):
 * threads at once signal a fence from the CPU, run two queues' timelines
 * behind Waits on it (one queue fed by two threads), wait with NULL events,
 * with eventfd events and with SetEventOnMultipleFenceCompletion, and create
 * and release fences on the same device. Every wait is for a value that is
 * reached in the end, so a lost wake-up hangs the test (ctest's timeout
 * fails it); the checks are values that do not depend on the interleaving.
 * Exits non-zero on a failed check; TSan (halt_on_error=1) fails it on a race.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/eventfd.h>
#include <unistd.h>

#define STEPS 3000

static ID3D12Device *device;
static ID3D12Device1 *device1;
static ID3D12CommandQueue *queue_q, *queue_r;
static ID3D12Fence *fence_f, *fence_g, *fence_h[2];
static atomic_int failures;
static pthread_barrier_t start_line; /* every thread starts at once */

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress_fence: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

static ID3D12Fence *create_fence(void)
{
    ID3D12Fence *fence = NULL;
    HRESULT hr = ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence);

    CHECK(hr == S_OK, "CreateFence %#x", (unsigned)hr);
    return fence;
}

static ID3D12CommandQueue *create_queue(void)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;
    HRESULT hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue);

    CHECK(hr == S_OK, "CreateCommandQueue %#x", (unsigned)hr);
    return queue;
}

/* F = 1 .. STEPS from the CPU, yielding between steps so that the waiters
 * and the queues really wait for most values. */
static void *producer(void *arg)
{
    UINT64 i;

    (void)arg;
    for (i = 1; i <= STEPS; ++i)
    {
        CHECK(ID3D12Fence_Signal(fence_f, i) == S_OK, "Signal F %llu", (unsigned long long)i);
        sched_yield();
    }
    return NULL;
}

/* Q: Wait(F, i), Signal(G, i): G follows F on the queue's timeline. */
static void *submitter(void *arg)
{
    UINT64 i;

    (void)arg;
    for (i = 1; i <= STEPS; ++i)
    {
        CHECK(ID3D12CommandQueue_Wait(queue_q, fence_f, i) == S_OK, "Wait F %llu", (unsigned long long)i);
        CHECK(ID3D12CommandQueue_Signal(queue_q, fence_g, i) == S_OK, "Signal G %llu", (unsigned long long)i);
    }
    return NULL;
}

/* Two threads feed R: Wait(G, i), Signal(H[k], i); each thread's order holds. */
static void *second_queue(void *arg)
{
    unsigned k = (unsigned)(uintptr_t)arg;
    UINT64 i;

    for (i = 1; i <= STEPS; i += 3)
    {
        CHECK(ID3D12CommandQueue_Wait(queue_r, fence_g, i) == S_OK, "Wait G %llu", (unsigned long long)i);
        CHECK(ID3D12CommandQueue_Signal(queue_r, fence_h[k], i) == S_OK, "Signal H %llu", (unsigned long long)i);
    }
    CHECK(ID3D12CommandQueue_Signal(queue_r, fence_h[k], STEPS) == S_OK, "Signal H last");
    return NULL;
}

/* NULL events: the caller blocks until G gets there. */
static void *blocking_waiter(void *arg)
{
    UINT64 i, start = (UINT64)(uintptr_t)arg, value;

    for (i = start; i <= STEPS; i += 7)
    {
        CHECK(ID3D12Fence_SetEventOnCompletion(fence_g, i, NULL) == S_OK, "NULL-event wait %llu",
                (unsigned long long)i);
        value = ID3D12Fence_GetCompletedValue(fence_g);
        CHECK(value >= i, "G is %llu after waiting for %llu", (unsigned long long)value, (unsigned long long)i);
    }
    return NULL;
}

/* An eventfd event, as an application on Linux passes it. */
static void *event_waiter(void *arg)
{
    int fd = eventfd(0, EFD_CLOEXEC);
    struct pollfd p = {fd, POLLIN, 0};
    UINT64 i, value, count;

    (void)arg;
    CHECK(fd >= 0, "eventfd");
    for (i = 1; i <= STEPS; i += 5)
    {
        CHECK(ID3D12Fence_SetEventOnCompletion(fence_f, i, (HANDLE)(intptr_t)fd) == S_OK, "event %llu",
                (unsigned long long)i);
        CHECK(poll(&p, 1, 60000) == 1, "event for %llu never set", (unsigned long long)i);
        CHECK(read(fd, &count, sizeof(count)) == (ssize_t)sizeof(count), "read");
        value = ID3D12Fence_GetCompletedValue(fence_f);
        CHECK(value >= i, "F is %llu after its event for %llu", (unsigned long long)value, (unsigned long long)i);
    }
    close(fd);
    return NULL;
}

static void *multi_waiter(void *arg)
{
    ID3D12Fence *fences[2] = {fence_f, fence_g};
    UINT64 values[2], i;

    (void)arg;
    for (i = 1; i <= STEPS; i += 11)
    {
        values[0] = values[1] = i;
        CHECK(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 2,
                (i & 1) ? D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL : D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, NULL) == S_OK,
                "multiple wait %llu", (unsigned long long)i);
        CHECK(ID3D12Fence_GetCompletedValue(fence_f) >= i, "F below %llu", (unsigned long long)i);
        if (i & 1)
            CHECK(ID3D12Fence_GetCompletedValue(fence_g) >= i, "G below %llu after ALL", (unsigned long long)i);
    }
    return NULL;
}

/* Fences come and go on the same device, with pending registrations. */
static void *churn(void *arg)
{
    ID3D12Fence *fence;
    unsigned i;

    (void)arg;
    for (i = 0; i < STEPS / 10; ++i)
    {
        if (!(fence = create_fence()))
            continue;
        ID3D12Fence_SetName(fence, L"churn");
        ID3D12Fence_SetEventOnCompletion(fence, 1000, (HANDLE)(intptr_t)-1); /* never reached: dropped */
        ID3D12Fence_Signal(fence, i);
        CHECK(ID3D12Fence_Release(fence) == 0, "churn fence references left");
    }
    return NULL;
}

static void *(*const mains[])(void *) = {producer, submitter, second_queue, second_queue, blocking_waiter,
        blocking_waiter, event_waiter, multi_waiter, churn};
static void *const args[] = {NULL, NULL, (void *)0, (void *)1, (void *)1, (void *)4, NULL, NULL, NULL};

static void *start(void *index)
{
    unsigned i = (unsigned)(uintptr_t)index;

    pthread_barrier_wait(&start_line);
    return mains[i](args[i]);
}

int main(void)
{
    pthread_t threads[sizeof(mains) / sizeof(mains[0])];
    unsigned i;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        fprintf(stderr, "stress_fence: D3D12CreateDevice failed: %s\n", mockd3d12_last_error());
        return 1;
    }
    ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1);
    queue_q = create_queue();
    queue_r = create_queue();
    fence_f = create_fence();
    fence_g = create_fence();
    fence_h[0] = create_fence();
    fence_h[1] = create_fence();

    pthread_barrier_init(&start_line, NULL, (unsigned)(sizeof(threads) / sizeof(threads[0])));
    for (i = 0; i < sizeof(threads) / sizeof(threads[0]); ++i)
        if (pthread_create(&threads[i], NULL, start, (void *)(uintptr_t)i))
            return 1;
    for (i = 0; i < sizeof(threads) / sizeof(threads[0]); ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);

    CHECK(ID3D12Fence_GetCompletedValue(fence_f) == STEPS, "F ends at %llu",
            (unsigned long long)ID3D12Fence_GetCompletedValue(fence_f));
    CHECK(ID3D12Fence_GetCompletedValue(fence_g) == STEPS, "G ends at %llu",
            (unsigned long long)ID3D12Fence_GetCompletedValue(fence_g));
    for (i = 0; i < 2; ++i)
        CHECK(ID3D12Fence_GetCompletedValue(fence_h[i]) == STEPS, "H%u ends at %llu", i,
                (unsigned long long)ID3D12Fence_GetCompletedValue(fence_h[i]));

    /* Nothing is pending: every object goes with its last reference. */
    CHECK(ID3D12CommandQueue_Release(queue_q) == 0, "Q references left");
    CHECK(ID3D12CommandQueue_Release(queue_r) == 0, "R references left");
    CHECK(ID3D12Fence_Release(fence_f) == 0, "F references left");
    CHECK(ID3D12Fence_Release(fence_g) == 0, "G references left");
    CHECK(ID3D12Fence_Release(fence_h[0]) == 0, "H0 references left");
    CHECK(ID3D12Fence_Release(fence_h[1]) == 0, "H1 references left");
    ID3D12Device1_Release(device1);
    CHECK(ID3D12Device_Release(device) == 0, "device references left");

    if (atomic_load(&failures))
    {
        fprintf(stderr, "stress_fence: %d failed check(s)\n", atomic_load(&failures));
        return 1;
    }
    printf("stress_fence: %d steps, %u threads: ok\n", STEPS, (unsigned)(sizeof(threads) / sizeof(threads[0])));
    return 0;
}
