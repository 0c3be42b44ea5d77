/*
 * Allocation-failure injection for the mock DXCore library, as
 * test_alloc_failure_dxgi_d3d11.c does for libdxgi and libd3d11: for each
 * operation, make the 0th, 1st, 2nd... allocation fail until the operation no
 * longer allocates that many times. Every failure must surface as
 * E_OUTOFMEMORY, leave no half-built object (NULL out pointers, a zero
 * cookie) and leak nothing (ASan's leak checker and valgrind in
 * scripts/test.sh). libdxcore's sources are compiled in next to mk_core
 * (tests/alloc_dxcore.cmake): one allocator and one hook.
 */
#define MK_TEST_INTERNAL
#define MK_TEST_DXCORE
#include "mk_test.h"

#include "alloc.h"

#define MAX_STEPS 2000

static HRESULT op_factory(void *ctx)
{
    IDXCoreAdapterFactory *factory = (IDXCoreAdapterFactory *)(uintptr_t)1;
    HRESULT hr = DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&factory);

    (void)ctx;
    if (FAILED(hr))
        return factory ? E_FAIL : hr;
    IDXCoreAdapterFactory_Release(factory);
    return hr;
}

/* A list of the whole machine, each adapter's description, a device on the
 * first; everything released. */
static HRESULT op_list(void *ctx)
{
    IDXCoreAdapterFactory *factory = NULL;
    IDXCoreAdapterList *list = (IDXCoreAdapterList *)(uintptr_t)1;
    HRESULT hr;

    (void)ctx;
    if (FAILED(hr = DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&factory)))
        return hr;
    hr = IDXCoreAdapterFactory_CreateAdapterList(factory, 1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
            &IID_IDXCoreAdapterList, (void **)&list);
    if (FAILED(hr))
    {
        if (list)
            hr = E_FAIL;
    }
    else
    {
        for (uint32_t i = 0; i < IDXCoreAdapterList_GetAdapterCount(list) && SUCCEEDED(hr); ++i)
        {
            IDXCoreAdapter *adapter;
            char name[128];

            if (SUCCEEDED(hr = IDXCoreAdapterList_GetAdapter(list, i, &IID_IDXCoreAdapter, (void **)&adapter)))
            {
                hr = IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, sizeof(name), name);
                IDXCoreAdapter_Release(adapter);
            }
        }
        if (SUCCEEDED(hr) && IDXCoreAdapterList_IsStale(list))
            hr = E_FAIL;
        IDXCoreAdapterList_Release(list);
    }
    IDXCoreAdapterFactory_Release(factory);
    return hr;
}

static HRESULT op_by_luid(void *ctx)
{
    IDXCoreAdapterFactory *factory = NULL;
    IDXCoreAdapter *adapter = (IDXCoreAdapter *)(uintptr_t)1;
    mockd3d12_adapter_info info;
    HRESULT hr;

    (void)ctx;
    if (FAILED(hr = mockd3d12_get_adapter_info("warp", &info)))
        return hr;
    if (FAILED(hr = DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&factory)))
        return hr;
    hr = IDXCoreAdapterFactory_GetAdapterByLuid(factory, &info.luid, &IID_IDXCoreAdapter, (void **)&adapter);
    if (FAILED(hr))
    {
        if (adapter)
            hr = E_FAIL;
    }
    else
        IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterFactory_Release(factory);
    return hr;
}

static void STDMETHODCALLTYPE callback(DXCoreNotificationType type, IUnknown *object, void *context)
{
    (void)type;
    (void)object;
    (void)context;
}

/* Registrations grow an array: the fifth reallocates it. */
static HRESULT op_notifications(void *ctx)
{
    IDXCoreAdapterFactory *factory = NULL;
    IDXCoreAdapterList *list = NULL;
    uint32_t cookies[6] = {0};
    unsigned registered = 0;
    HRESULT hr;

    (void)ctx;
    if (FAILED(hr = DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&factory)))
        return hr;
    if (SUCCEEDED(hr = IDXCoreAdapterFactory_CreateAdapterList(factory, 1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
            &IID_IDXCoreAdapterList, (void **)&list)))
    {
        for (; registered < ARRAY_SIZE(cookies); ++registered)
        {
            cookies[registered] = 77;
            if (FAILED(hr = IDXCoreAdapterFactory_RegisterEventNotification(factory, (IUnknown *)list,
                    DXCoreNotificationType_AdapterListStale, callback, NULL, &cookies[registered])))
            {
                if (cookies[registered])
                    hr = E_FAIL;
                break;
            }
        }
        for (unsigned i = 0; i < registered; ++i)
            IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookies[i]);
        IDXCoreAdapterList_Release(list);
    }
    IDXCoreAdapterFactory_Release(factory);
    return hr;
}

static void test_dxcore_alloc_failures(void **state)
{
    static const struct
    {
        const char *name;
        HRESULT (*run)(void *ctx);
    }
    ops[] =
    {
        {"DXCoreCreateAdapterFactory", op_factory},
        {"CreateAdapterList + GetAdapter + GetProperty", op_list},
        {"GetAdapterByLuid", op_by_luid},
        {"RegisterEventNotification", op_notifications},
    };
    static const char *const machine[] = {"intel-iris-xe", "nvidia-rtx-4090"};
    struct row_failures failures = {0};

    (void)state;
    assert_int_equal(mockd3d12_set_machine_adapters(machine, ARRAY_SIZE(machine)), S_OK);
    for (unsigned i = 0; i < ARRAY_SIZE(ops); ++i)
    {
        long n;
        HRESULT hr;

        for (n = 0; n < MAX_STEPS; ++n)
        {
            mk_alloc_fail_after(n);
            hr = ops[i].run(NULL);
            mk_alloc_fail_after(-1);
            if (!mk_alloc_fail_triggered())
            {
                if (hr != S_OK)
                    row_fail(&failures, i, ops[i].name, "%#x with no allocation failing", (unsigned)hr);
                break;
            }
            if (hr != E_OUTOFMEMORY)
            {
                row_fail(&failures, i, ops[i].name, "allocation %ld failed and the result is %#x", n, (unsigned)hr);
                break;
            }
        }
        if (n == 0 && !i)
            row_fail(&failures, i, ops[i].name, "no allocation at all");
    }
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_dxcore_alloc_failures),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
