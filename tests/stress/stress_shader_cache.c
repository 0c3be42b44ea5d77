/*
 * The shader cache sessions' stress test (ThreadSanitizer, label "stress";
 * docs/objects.md "ID3D12ShaderCacheSession"): threads at once open sessions
 * of one MEMORY cache (the same identifier: one cache behind them), store
 * their own keys, find their own and each other's, and release their
 * sessions while others use the cache. At the end every key a thread stored
 * is found with the bytes it stored, and no session is left.
 */
#define _GNU_SOURCE
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS 6
#define ROUNDS 200

static const GUID cache_id = {0x5a1c0de5, 0x77aa, 0x4c3e, {0x9d, 0x11, 0x0b, 0x62, 0xe4, 0x8f, 0x31, 0xc7}};
static ID3D12Device9 *device;
static pthread_barrier_t start_line;
static atomic_uint failures;

static void fail(const char *what, unsigned thread, unsigned round)
{
    fprintf(stderr, "stress_shader_cache: thread %u, round %u: %s\n", thread, round, what);
    atomic_fetch_add(&failures, 1);
}

static ID3D12ShaderCacheSession *open_session(void)
{
    D3D12_SHADER_CACHE_SESSION_DESC desc;
    ID3D12ShaderCacheSession *session = NULL;

    memset(&desc, 0, sizeof(desc));
    desc.Identifier = cache_id;
    desc.Mode = D3D12_SHADER_CACHE_MODE_MEMORY;
    desc.MaximumInMemoryCacheSizeBytes = 64u << 20;
    desc.MaximumInMemoryCacheEntries = THREADS * ROUNDS + 16;
    if (FAILED(ID3D12Device9_CreateShaderCacheSession(device, &desc, &IID_ID3D12ShaderCacheSession, (void **)&session)))
        return NULL;
    return session;
}

static void *worker(void *arg)
{
    unsigned thread = (unsigned)(uintptr_t)arg, round;
    uint32_t key[2], value[4], got[4];
    ID3D12ShaderCacheSession *session;
    UINT size;

    pthread_barrier_wait(&start_line);
    for (round = 0; round < ROUNDS; ++round)
    {
        if (!(session = open_session()))
        {
            fail("CreateShaderCacheSession failed", thread, round);
            break;
        }
        key[0] = thread;
        key[1] = round;
        value[0] = value[1] = value[2] = value[3] = thread * 1000 + round;
        if (FAILED(ID3D12ShaderCacheSession_StoreValue(session, key, sizeof(key), value, sizeof(value))))
            fail("StoreValue failed", thread, round);
        size = sizeof(got);
        memset(got, 0, sizeof(got));
        if (FAILED(ID3D12ShaderCacheSession_FindValue(session, key, sizeof(key), got, &size)) || size != sizeof(got)
                || memcmp(got, value, sizeof(got)))
            fail("FindValue of its own key failed", thread, round);
        /* Another thread's key of an earlier round: found or not yet, never torn. */
        key[0] = (thread + 1) % THREADS;
        key[1] = round / 2;
        size = sizeof(got);
        if (SUCCEEDED(ID3D12ShaderCacheSession_FindValue(session, key, sizeof(key), got, &size))
                && (size != sizeof(got) || got[0] != key[0] * 1000 + key[1] || got[3] != got[0]))
            fail("another thread's value is torn", thread, round);
        ID3D12ShaderCacheSession_Release(session);
    }
    return NULL;
}

int main(void)
{
    pthread_t threads[THREADS];
    ID3D12ShaderCacheSession *session;
    uint32_t key[2], got[4];
    IUnknown *object;
    unsigned i, r;
    UINT size;

    if (FAILED(mockd3d12_get_adapter("nvidia-rtx-4090", &object))
            || FAILED(D3D12CreateDevice(object, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device9, (void **)&device)))
    {
        fprintf(stderr, "stress_shader_cache: no device: %s\n", mockd3d12_last_error());
        return 1;
    }
    object->lpVtbl->Release(object);
    /* One session held throughout keeps the MEMORY cache alive between the
     * threads' sessions. */
    if (!(session = open_session()))
        return 1;
    pthread_barrier_init(&start_line, NULL, THREADS);
    for (i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, (void *)(uintptr_t)i);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start_line);
    for (i = 0; i < THREADS; ++i)
        for (r = 0; r < ROUNDS; ++r)
        {
            key[0] = i;
            key[1] = r;
            size = sizeof(got);
            if (FAILED(ID3D12ShaderCacheSession_FindValue(session, key, sizeof(key), got, &size))
                    || got[0] != i * 1000 + r)
            {
                fprintf(stderr, "stress_shader_cache: thread %u's key of round %u is lost\n", i, r);
                atomic_fetch_add(&failures, 1);
            }
        }
    ID3D12ShaderCacheSession_Release(session);
    if (ID3D12Device9_Release(device))
    {
        fprintf(stderr, "stress_shader_cache: the device has references left\n");
        return 1;
    }
    return atomic_load(&failures) ? 1 : 0;
}
