/*
 * The ThreadSanitizer stress test (docs/hardening.md): several threads at
 * once create and release devices (D3D12CreateDevice's shared cache and
 * device factories at different SDK versions), query both entry points with
 * different SDKVersions, log to and read a shared InfoQueue (with callbacks
 * registered and unregistered meanwhile), set and read private data on a
 * shared device and register profiles. A fixed number of iterations per
 * thread bounds the run (a few seconds under TSan); the checks are results
 * that must not depend on the interleaving. Exits non-zero on a failed
 * check; TSan (halt_on_error=1) fails it on a race.
 */
#define MK_TEST_STANDALONE
#include "mk_test.h"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS 6
#define ITERATIONS 1500

static ID3D12Device *shared_device;
static ID3D12InfoQueue1 *shared_queue;
static atomic_int failures;
static atomic_uint profile_serial;
static atomic_uint callback_calls;
static atomic_uint factory_devices;

#define CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "stress: %s: ", #cond); fprintf(stderr, __VA_ARGS__); \
         fputc('\n', stderr); atomic_fetch_add(&failures, 1); } } while (0)

static const GUID stress_guid = {0x3c0b1f24, 0x5d6e, 0x4f70, {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8}};

static void __stdcall on_message(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, LPCSTR text, void *context)
{
    (void)category;
    (void)severity;
    (void)id;
    (void)context;
    if (text && text[0])
        atomic_fetch_add(&callback_calls, 1);
}

static ID3D12Device *factory_device(UINT sdk_version)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *device = NULL;

    if (FAILED(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&config)))
        return NULL;
    if (SUCCEEDED(config->lpVtbl->CreateDeviceFactory(config, sdk_version, ".\\D3D12\\", &IID_ID3D12DeviceFactory,
            (void **)&factory)))
    {
        factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        factory->lpVtbl->Release(factory);
    }
    config->lpVtbl->Release(config);
    return device;
}

/* The debug layer is on for every device of this process: keep stderr quiet. */
static void mute(ID3D12Device *device)
{
    ID3D12InfoQueue *queue;

    if (SUCCEEDED(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue)))
    {
        ID3D12InfoQueue_SetMuteDebugOutput(queue, TRUE);
        ID3D12InfoQueue_Release(queue);
    }
}

/* The OPTIONS5 answer of `device` must be the same on every call, and so must
 * FEATURE_LEVELS (its direct fill on the legacy fast path). */
static void query_both(ID3D12Device *device, UINT sdk_version, const D3D12_FEATURE_DATA_D3D12_OPTIONS5 *expected)
{
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1};
    D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels = {2, levels, 0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options;
    ID3D12Device17 *device17;
    HRESULT hr;

    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &feature_levels,
            sizeof(feature_levels));
    CHECK(hr == S_OK && feature_levels.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_11_1,
            "CheckFeatureSupport(FEATURE_LEVELS): %#x, level %#x", (unsigned)hr,
            (unsigned)feature_levels.MaxSupportedFeatureLevel);

    memset(&options, 0, sizeof(options));
    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options, sizeof(options));
    CHECK(hr == S_OK, "CheckFeatureSupport: %#x", (unsigned)hr);
    if (expected)
        CHECK(!memcmp(&options, expected, sizeof(options)), "OPTIONS5 changed between calls");
    if (SUCCEEDED(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17)))
    {
        hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options, sizeof(options),
                sdk_version);
        CHECK(hr == S_OK || hr == E_INVALIDARG, "CheckFeatureSupport1(%u): %#x", sdk_version, (unsigned)hr);
        ID3D12Device17_Release(device17);
    }
}

static void *worker(void *arg)
{
    static const UINT versions[] = {600, 606, 610, 613, 616, 618, 619, 620, 700, 711, 716, 717, 721};
    unsigned id = (unsigned)(uintptr_t)arg, i;
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 first;
    char name[64], error[256], json[256];

    memset(&first, 0, sizeof(first));
    ID3D12Device_CheckFeatureSupport(shared_device, D3D12_FEATURE_D3D12_OPTIONS5, &first, sizeof(first));

    for (i = 0; i < ITERATIONS; ++i)
    {
        UINT sdk = versions[(id + i) % (sizeof(versions) / sizeof(*versions))];
        ID3D12Device *device = NULL;
        UINT size = sizeof(name);
        DWORD cookie = 0;
        HRESULT hr;

        /* Global devices: the per-adapter cache under creation and release. */
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        CHECK(hr == S_OK, "D3D12CreateDevice: %#x", (unsigned)hr);
        if (SUCCEEDED(hr))
        {
            query_both(device, sdk, NULL);
            ID3D12Device_Release(device);
        }
        /* Factory devices at other SDK versions. */
        if ((device = factory_device(sdk)))
        {
            atomic_fetch_add(&factory_devices, 1);
            mute(device);
            query_both(device, sdk, NULL);
            ID3D12Device_Release(device);
        }
        /* Both entry points on one shared device. */
        query_both(shared_device, sdk, &first);

        /* The shared InfoQueue: log, read, filter, callbacks. */
        snprintf(name, sizeof(name), "thread %u message %u", id, i);
        ID3D12InfoQueue1_AddApplicationMessage(shared_queue, D3D12_MESSAGE_SEVERITY_INFO, name);
        if (!(i % 8))
        {
            hr = ID3D12InfoQueue1_RegisterMessageCallback(shared_queue, on_message,
                    D3D12_MESSAGE_CALLBACK_FLAG_NONE, NULL, &cookie);
            CHECK(hr == S_OK, "RegisterMessageCallback: %#x", (unsigned)hr);
        }
        if (ID3D12InfoQueue1_GetNumStoredMessages(shared_queue))
        {
            SIZE_T length = 0;
            if (SUCCEEDED(ID3D12InfoQueue1_GetMessage(shared_queue, 0, NULL, &length)) && length)
            {
                D3D12_MESSAGE *message = malloc(length);
                /* Another thread may clear in between: only S_OK or a clean error. */
                if (message)
                    ID3D12InfoQueue1_GetMessage(shared_queue, 0, message, &length);
                free(message);
            }
        }
        if (!(i % 16))
        {
            ID3D12InfoQueue1_PushEmptyStorageFilter(shared_queue);
            ID3D12InfoQueue1_PopStorageFilter(shared_queue);
        }
        if (!(i % 32))
            ID3D12InfoQueue1_ClearStoredMessages(shared_queue);
        if (cookie)
            ID3D12InfoQueue1_UnregisterMessageCallback(shared_queue, cookie);

        /* Private data on the shared device. */
        ID3D12Device_SetPrivateData(shared_device, &stress_guid, (UINT)strlen(name) + 1, name);
        size = sizeof(name);
        hr = ID3D12Device_GetPrivateData(shared_device, &stress_guid, &size, name);
        CHECK(hr == S_OK || hr == DXGI_ERROR_MORE_DATA, "GetPrivateData: %#x", (unsigned)hr);

        /* Profile registration while others look adapters up. */
        if (!(i % 25))
        {
            unsigned serial = atomic_fetch_add(&profile_serial, 1);
            snprintf(json, sizeof(json), "{\"id\": \"stress-%u\", \"description\": \"stress\", \"inherits\": \"%s\"}",
                    serial, mockd3d12_adapter_id(0));
            hr = mockd3d12_register_profile(json, error, sizeof(error));
            CHECK(hr == S_OK, "register stress-%u: %s", serial, error);
            CHECK(mockd3d12_adapter_count() > 0, "no adapters");
        }
    }
    return NULL;
}

int main(void)
{
    pthread_t threads[THREADS];
    ID3D12Debug *debug;
    unsigned before, i;

    before = mockd3d12_adapter_count();
    if (FAILED(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug)))
        return 1;
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&shared_device))
            || FAILED(ID3D12Device_QueryInterface(shared_device, &IID_ID3D12InfoQueue1, (void **)&shared_queue)))
        return 1;
    ID3D12InfoQueue1_SetMuteDebugOutput(shared_queue, TRUE);

    for (i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, (void *)(uintptr_t)i);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);

    CHECK(mockd3d12_adapter_count() == before + atomic_load(&profile_serial), "%u adapters, %u + %u expected",
            mockd3d12_adapter_count(), before, atomic_load(&profile_serial));
    ID3D12InfoQueue1_Release(shared_queue);
    ID3D12Device_SetPrivateData(shared_device, &stress_guid, 0, NULL);
    CHECK(ID3D12Device_Release(shared_device) == 0, "the shared device is still referenced");
    CHECK(atomic_load(&factory_devices) == THREADS * ITERATIONS, "%u factory devices",
            atomic_load(&factory_devices));
    printf("stress: %u threads x %u iterations, %u factory devices, %u callback calls, %d failures\n", THREADS,
            ITERATIONS, atomic_load(&factory_devices), atomic_load(&callback_calls), atomic_load(&failures));
    return atomic_load(&failures) ? 1 : 0;
}
