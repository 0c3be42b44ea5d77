/*
 * The argument checks of the mock DXGI factory and adapter (src/dxgi/) that
 * test_dxgi.c does not reach: every NULL out-pointer and NULL required
 * argument, one row each, with the HRESULT Windows' DXGI returns for it and
 * the out-pointer cleared where the method clears it; an unknown LUID; a
 * profile description outside ASCII, as GetDesc3 converts it to UTF-16.
 * And a description longer than DXGI_ADAPTER_DESC holds.
 */
#define MK_TEST_DXGI
#include "mk_test.h"

#include <pthread.h>
#include <sched.h>
#include <wchar.h>

static IDXGIFactory6 *create_factory(void)
{
    IDXGIFactory6 *factory = NULL;

    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory6, (void **)&factory), S_OK);
    assert_non_null(factory);
    return factory;
}

enum call
{
    FACTORY_QI_NULL_OUT,
    FACTORY_GET_PARENT_NULL,
    ENUM_ADAPTERS_NULL,
    ENUM_ADAPTERS1_NULL,
    SWAPCHAIN_NO_DEVICE,
    SWAPCHAIN_NO_DESC,
    SWAPCHAIN_NO_OUT,
    SWAPCHAIN,
    SOFTWARE_ADAPTER_NULL,
    HWND_NO_DEVICE,
    HWND_NO_DESC,
    HWND_NO_OUT,
    CORE_WINDOW_NO_DEVICE,
    CORE_WINDOW_NO_WINDOW,
    CORE_WINDOW_NO_DESC,
    CORE_WINDOW_NO_OUT,
    CORE_WINDOW,
    COMPOSITION_NO_DEVICE,
    COMPOSITION_NO_DESC,
    COMPOSITION_NO_OUT,
    SHARED_LUID_NULL,
    STEREO_WINDOW_NULL,
    STEREO_EVENT_NULL,
    OCCLUSION_WINDOW_NULL,
    OCCLUSION_EVENT_NULL,
    BY_LUID_NULL,
    BY_LUID_OTHER_HIGH_PART,
    BY_PREFERENCE_NULL,
    ADAPTER_QI_NULL_OUT,
    ADAPTER_QI_UNKNOWN,
    BUDGET_EVENT_NO_COOKIE,
    BUDGET_EVENT_NO_EVENT,
    MEMORY_INFO_NODE_1,
    RESERVATION_NODE_1,
    DEBUG_INTERFACE_NULL,
    DEBUG_INTERFACE_FLAGS,
};

static const struct
{
    const char *name;
    enum call call;
    HRESULT hr;
    int cleared; /* the out-pointer is NULL afterwards */
}
rows[] = {
    {"factory QueryInterface, NULL out", FACTORY_QI_NULL_OUT, E_POINTER, 0},
    {"factory GetParent, NULL out", FACTORY_GET_PARENT_NULL, E_INVALIDARG, 0},
    {"EnumAdapters, NULL out", ENUM_ADAPTERS_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"EnumAdapters1, NULL out", ENUM_ADAPTERS1_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, no device", SWAPCHAIN_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, no desc", SWAPCHAIN_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, NULL out", SWAPCHAIN_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain", SWAPCHAIN, DXGI_ERROR_UNSUPPORTED, 1},
    {"CreateSoftwareAdapter, NULL out", SOFTWARE_ADAPTER_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForHwnd, no device", HWND_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForHwnd, no desc", HWND_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForHwnd, NULL out", HWND_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, no device", CORE_WINDOW_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, no window", CORE_WINDOW_NO_WINDOW, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, no desc", CORE_WINDOW_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, NULL out", CORE_WINDOW_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow", CORE_WINDOW, DXGI_ERROR_UNSUPPORTED, 1},
    {"CreateSwapChainForComposition, no device", COMPOSITION_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForComposition, no desc", COMPOSITION_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForComposition, NULL out", COMPOSITION_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"GetSharedResourceAdapterLuid, NULL LUID", SHARED_LUID_NULL, E_INVALIDARG, 0},
    {"RegisterStereoStatusWindow, NULL cookie", STEREO_WINDOW_NULL, E_INVALIDARG, 0},
    {"RegisterStereoStatusEvent, NULL cookie", STEREO_EVENT_NULL, E_INVALIDARG, 0},
    {"RegisterOcclusionStatusWindow, NULL cookie", OCCLUSION_WINDOW_NULL, E_INVALIDARG, 0},
    {"RegisterOcclusionStatusEvent, NULL cookie", OCCLUSION_EVENT_NULL, E_INVALIDARG, 0},
    {"EnumAdapterByLuid, NULL out", BY_LUID_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"EnumAdapterByLuid, another HighPart", BY_LUID_OTHER_HIGH_PART, DXGI_ERROR_NOT_FOUND, 1},
    {"EnumAdapterByGpuPreference, NULL out", BY_PREFERENCE_NULL, E_INVALIDARG, 0},
    {"adapter QueryInterface, NULL out", ADAPTER_QI_NULL_OUT, E_POINTER, 0},
    {"adapter QueryInterface, IDXGIFactory", ADAPTER_QI_UNKNOWN, E_NOINTERFACE, 1},
    {"budget notification, NULL cookie", BUDGET_EVENT_NO_COOKIE, DXGI_ERROR_INVALID_CALL, 0},
    {"budget notification, no event", BUDGET_EVENT_NO_EVENT, DXGI_ERROR_INVALID_CALL, 0},
    {"QueryVideoMemoryInfo, node 1 of 1", MEMORY_INFO_NODE_1, E_INVALIDARG, 0},
    {"SetVideoMemoryReservation, node 1 of 1", RESERVATION_NODE_1, E_INVALIDARG, 0},
    {"DXGIGetDebugInterface1, NULL out", DEBUG_INTERFACE_NULL, E_INVALIDARG, 0},
    {"DXGIGetDebugInterface1, flags", DEBUG_INTERFACE_FLAGS, E_INVALIDARG, 1},
};

static HRESULT run(IDXGIFactory6 *factory, IDXGIAdapter4 *adapter, enum call call, void **out)
{
    IUnknown *device = (IUnknown *)factory; /* any object: the calls fail before they use it */
    HWND window = (HWND)(uintptr_t)1;
    DXGI_SWAP_CHAIN_DESC desc;
    DXGI_SWAP_CHAIN_DESC1 desc1;
    DXGI_ADAPTER_DESC1 adapter_desc;
    DXGI_QUERY_VIDEO_MEMORY_INFO info;
    LUID luid;
    DWORD cookie;

    memset(&desc, 0, sizeof(desc));
    memset(&desc1, 0, sizeof(desc1));
    switch (call)
    {
        case FACTORY_QI_NULL_OUT: return IDXGIFactory6_QueryInterface(factory, &IID_IDXGIFactory, NULL);
        case FACTORY_GET_PARENT_NULL: return IDXGIFactory6_GetParent(factory, &IID_IUnknown, NULL);
        case ENUM_ADAPTERS_NULL: return IDXGIFactory6_EnumAdapters(factory, 0, NULL);
        case ENUM_ADAPTERS1_NULL: return IDXGIFactory6_EnumAdapters1(factory, 0, NULL);
        case SWAPCHAIN_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChain(factory, NULL, &desc, (IDXGISwapChain **)out);
        case SWAPCHAIN_NO_DESC: return IDXGIFactory6_CreateSwapChain(factory, device, NULL, (IDXGISwapChain **)out);
        case SWAPCHAIN_NO_OUT: return IDXGIFactory6_CreateSwapChain(factory, device, &desc, NULL);
        case SWAPCHAIN: return IDXGIFactory6_CreateSwapChain(factory, device, &desc, (IDXGISwapChain **)out);
        case SOFTWARE_ADAPTER_NULL: return IDXGIFactory6_CreateSoftwareAdapter(factory, NULL, NULL);
        case HWND_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChainForHwnd(factory, NULL, window, &desc1, NULL, NULL,
                    (IDXGISwapChain1 **)out);
        case HWND_NO_DESC:
            return IDXGIFactory6_CreateSwapChainForHwnd(factory, device, window, NULL, NULL, NULL,
                    (IDXGISwapChain1 **)out);
        case HWND_NO_OUT:
            return IDXGIFactory6_CreateSwapChainForHwnd(factory, device, window, &desc1, NULL, NULL, NULL);
        case CORE_WINDOW_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, NULL, device, &desc1, NULL,
                    (IDXGISwapChain1 **)out);
        case CORE_WINDOW_NO_WINDOW:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, NULL, &desc1, NULL,
                    (IDXGISwapChain1 **)out);
        case CORE_WINDOW_NO_DESC:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, device, NULL, NULL,
                    (IDXGISwapChain1 **)out);
        case CORE_WINDOW_NO_OUT:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, device, &desc1, NULL, NULL);
        case CORE_WINDOW:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, device, &desc1, NULL,
                    (IDXGISwapChain1 **)out);
        case COMPOSITION_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChainForComposition(factory, NULL, &desc1, NULL, (IDXGISwapChain1 **)out);
        case COMPOSITION_NO_DESC:
            return IDXGIFactory6_CreateSwapChainForComposition(factory, device, NULL, NULL, (IDXGISwapChain1 **)out);
        case COMPOSITION_NO_OUT:
            return IDXGIFactory6_CreateSwapChainForComposition(factory, device, &desc1, NULL, NULL);
        case SHARED_LUID_NULL: return IDXGIFactory6_GetSharedResourceAdapterLuid(factory, NULL, NULL);
        case STEREO_WINDOW_NULL: return IDXGIFactory6_RegisterStereoStatusWindow(factory, window, 0, NULL);
        case STEREO_EVENT_NULL: return IDXGIFactory6_RegisterStereoStatusEvent(factory, NULL, NULL);
        case OCCLUSION_WINDOW_NULL: return IDXGIFactory6_RegisterOcclusionStatusWindow(factory, window, 0, NULL);
        case OCCLUSION_EVENT_NULL: return IDXGIFactory6_RegisterOcclusionStatusEvent(factory, NULL, NULL);
        case BY_LUID_NULL:
            memset(&luid, 0, sizeof(luid));
            return IDXGIFactory6_EnumAdapterByLuid(factory, luid, &IID_IDXGIAdapter, NULL);
        case BY_LUID_OTHER_HIGH_PART:
            assert_int_equal(IDXGIAdapter4_GetDesc1(adapter, &adapter_desc), S_OK);
            luid = adapter_desc.AdapterLuid;
            luid.HighPart ^= 0x40;
            return IDXGIFactory6_EnumAdapterByLuid(factory, luid, &IID_IDXGIAdapter, out);
        case BY_PREFERENCE_NULL:
            return IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
                    &IID_IDXGIAdapter, NULL);
        case ADAPTER_QI_NULL_OUT: return IDXGIAdapter4_QueryInterface(adapter, &IID_IDXGIAdapter, NULL);
        case ADAPTER_QI_UNKNOWN: return IDXGIAdapter4_QueryInterface(adapter, &IID_IDXGIFactory, out);
        case BUDGET_EVENT_NO_COOKIE:
            return IDXGIAdapter4_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, (HANDLE)1, NULL);
        case BUDGET_EVENT_NO_EVENT:
            return IDXGIAdapter4_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, NULL, &cookie);
        case MEMORY_INFO_NODE_1:
            return IDXGIAdapter4_QueryVideoMemoryInfo(adapter, 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &info);
        case RESERVATION_NODE_1:
            return IDXGIAdapter4_SetVideoMemoryReservation(adapter, 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 0);
        case DEBUG_INTERFACE_NULL: return DXGIGetDebugInterface1(0, &IID_IUnknown, NULL);
        case DEBUG_INTERFACE_FLAGS: return DXGIGetDebugInterface1(1, &IID_IUnknown, out);
    }
    return E_FAIL;
}

static void test_argument_checks(void **state)
{
    struct row_failures failures = {0};
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    unsigned i;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    factory = create_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        void *out = POISON;
        HRESULT hr = run(factory, adapter, rows[i].call, &out);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (rows[i].cleared ? out != NULL : out != POISON)
            row_fail(&failures, i, rows[i].name, "out is %p", out);
    }
    IDXGIAdapter4_Release(adapter);
    assert_int_equal(IDXGIFactory6_Release(factory), 0);
    rows_done(&failures);
}

/* GetDesc3 converts the profile's UTF-8 description to UTF-16, code point
 * by code point (two- three- and four-byte sequences). */
static void test_description_utf8(void **state)
{
    static const char profile[] = "{\"id\": \"dxgi-utf8\", \"description\": \"Caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\","
            " \"inherits\": \"nvidia-rtx-4090\"}";
    static const WCHAR expected[] = {'C', 'a', 'f', 0xe9, ' ', 0x4e2d, ' ', 0x1f600, 0};
    const char *ids[] = {"dxgi-utf8"};
    char error[256] = "";
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    DXGI_ADAPTER_DESC3 desc;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    factory = create_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    assert_int_equal(IDXGIAdapter4_GetDesc3(adapter, &desc), S_OK);
    if (wcscmp(desc.Description, expected))
        fail_msg("Description %ls", desc.Description);
    IDXGIAdapter4_Release(adapter);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

/* A profile's UMD version answers CheckInterfaceSupport for ID3D10Device
 * too, with or without a place to write it; CheckFeatureSupport wants its
 * BOOL buffer and answers for the first adapter. */
static void test_umd_version_and_tearing(void **state)
{
    static const char profile[] = "{\"id\": \"dxgi-umd\", \"description\": \"UMD version\","
            " \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"umdVersion\": 12345678901}}";
    /* IID_ID3D10Device, {9B7E4C0F-342C-4106-A19F-4F2704F689F0}. */
    static const GUID iid_d3d10_device = {0x9b7e4c0f, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};
    const char *ids[] = {"dxgi-umd"};
    char error[256] = "";
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    mockd3d12_adapter_details details;
    LARGE_INTEGER umd;
    BOOL tearing = 7;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    factory = create_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    umd.QuadPart = 0;
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter, &iid_d3d10_device, &umd), S_OK);
    assert_true(umd.QuadPart == 12345678901LL);
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter, &IID_IDXGIDevice, NULL), S_OK);
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter, &IID_IDXGIAdapter, &umd), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(IDXGIFactory6_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, NULL,
            sizeof(BOOL)), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory6_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing,
            sizeof(BOOL)), S_OK);
    /* The first adapter's answer, inherited from its parent's report. */
    assert_int_equal(mockd3d12_get_adapter_details("dxgi-umd", &details), S_OK);
    assert_int_equal(tearing, details.allow_tearing ? TRUE : FALSE);
    IDXGIAdapter4_Release(adapter);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

/* A description longer than DXGI_ADAPTER_DESC's 128 WCHARs is cut to 127
 * and terminated; a factory whose machine changed size is not current;
 * CreateDXGIFactory2 with unknown flags and no out pointer
 * fails without writing. */
static void test_long_description_and_flags(void **state)
{
    const char *ids[] = {"dxgi-long-description"};
    const char *three[] = {"dxgi-long-description", "nvidia-rtx-4090", "warp"};
    char profile[512], error[256] = "";
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    DXGI_ADAPTER_DESC3 desc;
    unsigned i;

    (void)state;
    snprintf(profile, sizeof(profile), "{\"id\": \"dxgi-long-description\", \"description\": \"%0200d\","
            " \"inherits\": \"nvidia-rtx-4090\"}", 7);
    test_unsetenv("MOCKD3D12_ADAPTERS");
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    factory = create_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    memset(&desc, 0xa5, sizeof(desc));
    assert_int_equal(IDXGIAdapter4_GetDesc3(adapter, &desc), S_OK);
    for (i = 0; i < 127; ++i)
        if (desc.Description[i] != '0')
            fail_msg("Description[%u] is %#x", i, (unsigned)desc.Description[i]);
    assert_int_equal(desc.Description[127], 0);
    IDXGIAdapter4_Release(adapter);
    /* A machine of another size: the factory is no longer current. */
    assert_int_equal(IDXGIFactory6_IsCurrent(factory), TRUE);
    assert_int_equal(mockd3d12_set_machine_adapters(three, 3), S_OK);
    assert_int_equal(IDXGIFactory6_IsCurrent(factory), FALSE);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);

    assert_int_equal(CreateDXGIFactory2(0x2, &IID_IDXGIFactory6, NULL), E_INVALIDARG);
}

/* One object per adapter, also when threads make it at once: each round,
 * with no adapter alive, several threads enumerate adapter 0 together (the
 * ones that lose the race to fill the slot take the winner's object and free
 * their own); all must hold the same pointer. */
#define RACE_THREADS 4
#define RACE_ROUNDS 200

struct race
{
    IDXGIFactory6 *factory;
    pthread_barrier_t start, done;
    IDXGIAdapter1 *adapters[RACE_THREADS];
    HRESULT hrs[RACE_THREADS];
    unsigned ready;
};

struct race_arg
{
    struct race *race;
    unsigned index;
};

static void *race_thread(void *data)
{
    struct race_arg *arg = data;
    struct race *race = arg->race;

    for (unsigned round = 0; round < RACE_ROUNDS; ++round)
    {
        pthread_barrier_wait(&race->start);
        /* Spin to the same start, closer together than a barrier's wake-ups. */
        __atomic_add_fetch(&race->ready, 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&race->ready, __ATOMIC_SEQ_CST) < RACE_THREADS * (round + 1))
            sched_yield(); /* for valgrind, which runs one thread at a time */
        race->hrs[arg->index] = IDXGIFactory6_EnumAdapters1(race->factory, 0, &race->adapters[arg->index]);
        pthread_barrier_wait(&race->done);
        pthread_barrier_wait(&race->start); /* the main thread compares */
        if (SUCCEEDED(race->hrs[arg->index]))
            IDXGIAdapter1_Release(race->adapters[arg->index]);
        pthread_barrier_wait(&race->done);
    }
    return NULL;
}

static void test_enum_race(void **state)
{
    static const char *const ids[] = {"nvidia-rtx-4090", "intel-iris-xe"};
    struct race_arg args[RACE_THREADS];
    pthread_t threads[RACE_THREADS];
    struct race race;
    unsigned mismatches = 0, failures = 0;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 2), S_OK);
    race.factory = create_factory();
    race.ready = 0;
    assert_int_equal(pthread_barrier_init(&race.start, NULL, RACE_THREADS + 1), 0);
    assert_int_equal(pthread_barrier_init(&race.done, NULL, RACE_THREADS + 1), 0);
    for (unsigned i = 0; i < RACE_THREADS; ++i)
    {
        args[i].race = &race;
        args[i].index = i;
        assert_int_equal(pthread_create(&threads[i], NULL, race_thread, &args[i]), 0);
    }
    for (unsigned round = 0; round < RACE_ROUNDS; ++round)
    {
        pthread_barrier_wait(&race.start);
        pthread_barrier_wait(&race.done);
        for (unsigned i = 0; i < RACE_THREADS; ++i)
        {
            DXGI_ADAPTER_DESC1 mine, first;

            /* Each thread has its own object (a new one per enumeration), of
             * the same adapter. */
            if (race.hrs[i] != S_OK)
                ++failures;
            else if ((i && race.adapters[i] == race.adapters[0])
                    || FAILED(IDXGIAdapter1_GetDesc1(race.adapters[i], &mine))
                    || FAILED(IDXGIAdapter1_GetDesc1(race.adapters[0], &first))
                    || mine.AdapterLuid.LowPart != first.AdapterLuid.LowPart)
                ++mismatches;
        }
        pthread_barrier_wait(&race.start);
        pthread_barrier_wait(&race.done);
    }
    for (unsigned i = 0; i < RACE_THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&race.start);
    pthread_barrier_destroy(&race.done);
    assert_int_equal(failures, 0);
    assert_int_equal(mismatches, 0);
    /* Every adapter made was freed: the factory's last reference is ours. */
    assert_int_equal(IDXGIFactory6_Release(race.factory), 0);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_description_utf8),
        cmocka_unit_test(test_long_description_and_flags),
        cmocka_unit_test(test_umd_version_and_tearing),
        cmocka_unit_test(test_enum_race),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
