/*
 * A device's count and its children's lives (ThreadSanitizer, label
 * "stress"; docs/objects.md "Reference counts"): the device's registry
 * counts its children and holds one reference on it while any lives, so
 * the count's edges are where this test stays. Each round a fresh device
 * (from a device factory: one of its own, no other child) is shared by
 * THREADS threads that each hold one fence of it; the application's
 * reference goes at once, and every thread creates and releases fences
 * through its own fence's GetDevice (the device's children going 1 -> 0 ->
 * 1 while others die), then releases its fence. The device must die with
 * its last child: a witness held in its private data is released then.
 * Exits non-zero on a failed check; TSan (halt_on_error=1) fails it on a race.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS 4
#define ROUNDS 200
#define CHURN 20

static ID3D12Fence *held[THREADS]; /* this round's, one per thread */
static pthread_barrier_t round_start, round_end;
static atomic_uint failures;

static void fail(const char *what, unsigned thread, unsigned round)
{
    fprintf(stderr, "stress_children: thread %u, round %u: %s\n", thread, round, what);
    atomic_fetch_add(&failures, 1);
}

static ID3D12Device *factory_device(void)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *device = NULL;

    if (FAILED(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&config)))
        return NULL;
    if (SUCCEEDED(config->lpVtbl->CreateDeviceFactory(config, D3D12_SDK_VERSION, ".\\D3D12\\",
            &IID_ID3D12DeviceFactory, (void **)&factory)))
    {
        factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        factory->lpVtbl->Release(factory);
    }
    config->lpVtbl->Release(config);
    return device;
}

static void *worker(void *arg)
{
    unsigned thread = (unsigned)(uintptr_t)arg, round, i;
    ID3D12Device *device;
    ID3D12Fence *fence;
    ULONG count;

    for (round = 0; round < ROUNDS; ++round)
    {
        pthread_barrier_wait(&round_start);
        for (i = 0; i < CHURN; ++i)
        {
            if (FAILED(held[thread]->lpVtbl->GetDevice(held[thread], &IID_ID3D12Device, (void **)&device)))
            {
                fail("GetDevice failed", thread, round);
                break;
            }
            if (FAILED(device->lpVtbl->CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                    (void **)&fence)))
                fail("CreateFence failed", thread, round);
            /* This thread's two fences hold the device: its count is at least 2. */
            else if ((count = device->lpVtbl->Release(device)) < 2)
                fail("the device's count fell below its children's", thread, round);
            else if (fence->lpVtbl->Release(fence))
                fail("a fence outlived its Release", thread, round);
        }
        if (held[thread]->lpVtbl->Release(held[thread]))
            fail("a held fence outlived its Release", thread, round);
        pthread_barrier_wait(&round_end);
    }
    return NULL;
}

int main(void)
{
    pthread_t threads[THREADS];
    ID3D12Device *device, *witness;
    unsigned round, i;

    if (!(witness = factory_device()))
    {
        fprintf(stderr, "stress_children: no device factory device: %s\n", mockd3d12_last_error());
        return 1;
    }
    pthread_barrier_init(&round_start, NULL, THREADS + 1);
    pthread_barrier_init(&round_end, NULL, THREADS + 1);
    for (i = 0; i < THREADS; ++i)
        if (pthread_create(&threads[i], NULL, worker, (void *)(uintptr_t)i))
            return 1;
    for (round = 0; round < ROUNDS; ++round)
    {
        if (!(device = factory_device()))
        {
            fail("no device", THREADS, round);
            return 1;
        }
        device->lpVtbl->SetPrivateDataInterface(device, &IID_ID3D12Device, (IUnknown *)witness);
        for (i = 0; i < THREADS; ++i)
            if (FAILED(device->lpVtbl->CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                    (void **)&held[i])))
                return 1;
        /* The application lets go while its children live: they hold it. */
        if (device->lpVtbl->Release(device) != THREADS)
            fail("the device's count is not its children's", THREADS, round);
        pthread_barrier_wait(&round_start);
        pthread_barrier_wait(&round_end);
        /* The last child took the device, and the device its private data. */
        witness->lpVtbl->AddRef(witness);
        if (witness->lpVtbl->Release(witness) != 1)
            fail("the device outlived its last child", THREADS, round);
    }
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&round_start);
    pthread_barrier_destroy(&round_end);
    witness->lpVtbl->Release(witness);

    if (atomic_load(&failures))
    {
        fprintf(stderr, "stress_children: %u failed check(s)\n", atomic_load(&failures));
        return 1;
    }
    printf("stress_children: %u rounds, %u threads: ok\n", ROUNDS, THREADS);
    return 0;
}
