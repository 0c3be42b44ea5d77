/*
 * Edges of the mock Direct3D 11 runtime (src/d3d11/) that test_d3d11.c does
 * not reach: NULL out-pointers and IIDs of the device and its immediate
 * context, the context's private data, SetPrivateDataInterface and
 * GetDeviceRemovedReason, the ID3D11On12Device's own IUnknown methods,
 * CreateWrappedResource of unknown bind flags and of an object that is an
 * ID3D12Resource, D3D11CreateDevice's driver-type and module rules, and
 * D3D11On12CreateDevice on the last node of a 32-node adapter.
 */
#define MK_TEST_D3D11
#include "mk_test.h"

#include <stdatomic.h>

static const GUID test_guid = {0x6d0ba3a1, 0x51f2, 0x4c07, {0x9a, 0x33, 0x1e, 0x2b, 0x44, 0x55, 0x66, 0x77}};

static ID3D12Device *create_d3d12(void)
{
    ID3D12Device *device = NULL;

    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    return device;
}

static ID3D11Device *create_on12(ID3D12Device *d3d12, ID3D11DeviceContext **context)
{
    ID3D11Device *device = NULL;

    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, context, NULL), S_OK);
    return device;
}

static ULONG refcount(IUnknown *object)
{
    IUnknown_AddRef(object);
    return IUnknown_Release(object);
}

static void test_device_and_context(void **state)
{
    ID3D12Device *d3d12 = create_d3d12();
    ID3D11DeviceContext *context = NULL, *context2;
    ID3D11Device *device = create_on12(d3d12, &context), *got_device;
    ID3D11Device5 *device5;
    IUnknown *got;
    void *out = (void *)(uintptr_t)1;
    UINT size, value = 0x1234, read = 0;

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device, NULL), E_POINTER);
    assert_int_equal(ID3D11Device_QueryInterface(device, NULL, &out), E_INVALIDARG);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext, NULL), E_POINTER);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, NULL, &out), E_INVALIDARG);

    /* A NULL out-pointer is ignored, and takes no reference. */
    ID3D11Device_GetImmediateContext(device, NULL);
    ID3D11DeviceContext_GetDevice(context, NULL);
    assert_int_equal(refcount((IUnknown *)context), 1);
    ID3D11Device_GetImmediateContext(device, &context2);
    assert_ptr_equal(context2, context);
    ID3D11DeviceContext_Release(context2);
    ID3D11DeviceContext_GetDevice(context, &got_device);
    assert_ptr_equal(got_device, device);
    ID3D11Device_Release(got_device);

    /* The context's private data. */
    assert_int_equal(ID3D11DeviceContext_SetPrivateData(context, &test_guid, sizeof(value), &value), S_OK);
    size = sizeof(read);
    assert_int_equal(ID3D11DeviceContext_GetPrivateData(context, &test_guid, &size, &read), S_OK);
    assert_int_equal(size, sizeof(value));
    assert_int_equal(read, 0x1234);

    /* The device's: an interface, kept with a reference of its own. */
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device5, (void **)&device5), S_OK);
    assert_int_equal(ID3D11Device5_SetPrivateDataInterface(device5, &test_guid, (IUnknown *)d3d12), S_OK);
    assert_int_equal(refcount((IUnknown *)d3d12), 3); /* ours, the 11on12 device's, the private data's */
    size = sizeof(got);
    assert_int_equal(ID3D11Device5_GetPrivateData(device5, &test_guid, &size, &got), S_OK);
    assert_ptr_equal(got, (IUnknown *)d3d12);
    IUnknown_Release(got);
    assert_int_equal(ID3D11Device5_SetPrivateDataInterface(device5, &test_guid, NULL), S_OK);
    assert_int_equal(refcount((IUnknown *)d3d12), 2);
    assert_int_equal(ID3D11Device5_GetDeviceRemovedReason(device5), S_OK);

    /* CheckMultisampleQualityLevels1: unknown flags clear the count. */
    value = 7;
    assert_int_equal(ID3D11Device5_CheckMultisampleQualityLevels1(device5, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0x2, &value),
            E_INVALIDARG);
    assert_int_equal(value, 0);
    ID3D11Device5_Release(device5);

    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

/* An object that says it is an ID3D12Resource (and nothing else is asked of it). */
struct fake_resource
{
    IUnknown IUnknown_iface;
    atomic_ulong refcount;
};

static HRESULT STDMETHODCALLTYPE fake_resource_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    struct fake_resource *r = (struct fake_resource *)iface;

    if (!memcmp(riid, &IID_ID3D12Resource, sizeof(*riid)) || !memcmp(riid, &IID_IUnknown, sizeof(*riid)))
    {
        atomic_fetch_add(&r->refcount, 1);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE fake_resource_AddRef(IUnknown *iface)
{
    return (ULONG)atomic_fetch_add(&((struct fake_resource *)iface)->refcount, 1) + 1;
}

static ULONG STDMETHODCALLTYPE fake_resource_Release(IUnknown *iface)
{
    return (ULONG)atomic_fetch_sub(&((struct fake_resource *)iface)->refcount, 1) - 1;
}

static IUnknownVtbl fake_resource_vtbl = {fake_resource_QueryInterface, fake_resource_AddRef, fake_resource_Release};

static void test_on12_interface(void **state)
{
    ID3D12Device *d3d12 = create_d3d12();
    ID3D11Device *device = create_on12(d3d12, NULL), *as_device;
    struct fake_resource resource = {{&fake_resource_vtbl}, 1};
    D3D11_RESOURCE_FLAGS flags = {D3D11_BIND_RENDER_TARGET, 0, 0, 0};
    ID3D11On12Device *on12;
    void *out = (void *)(uintptr_t)1;

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11On12Device, (void **)&on12), S_OK);
    /* Its IUnknown is the device's. */
    assert_int_equal(ID3D11On12Device_QueryInterface(on12, &IID_ID3D11Device, (void **)&as_device), S_OK);
    assert_ptr_equal(as_device, device);
    ID3D11Device_Release(as_device);
    assert_int_equal(ID3D11On12Device_AddRef(on12), 3);
    assert_int_equal(ID3D11On12Device_Release(on12), 2);

    flags.BindFlags = 0x80000000u;
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, &resource.IUnknown_iface, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, &out),
            E_INVALIDARG);
    assert_null(out);
    /* A real ID3D12Resource: wrapping is not implemented, and the
     * reference taken to find out is given back. */
    flags.BindFlags = D3D11_BIND_RENDER_TARGET;
    out = (void *)(uintptr_t)1;
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, &resource.IUnknown_iface, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, &IID_ID3D11Texture2D, &out),
            E_NOTIMPL);
    assert_null(out);
    assert_int_equal(atomic_load(&resource.refcount), 1);
    /* No IID: refused before the resource is looked at. */
    out = (void *)(uintptr_t)1;
    assert_int_equal(ID3D11On12Device_CreateWrappedResource(on12, &resource.IUnknown_iface, &flags,
            D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(atomic_load(&resource.refcount), 1);
    ID3D11On12Device_Release(on12);
    assert_int_equal(ID3D11Device_Release(device), 0);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

/* D3D11CreateDevice: a driver type and its adapter and module go together. */
static void test_driver_types(void **state)
{
    static const struct
    {
        const char *name;
        D3D_DRIVER_TYPE type;
        int adapter, software;
        HRESULT hr;
    }
    rows[] = {
        {"UNKNOWN with a module", D3D_DRIVER_TYPE_UNKNOWN, 1, 1, E_INVALIDARG},
        {"REFERENCE with a module", D3D_DRIVER_TYPE_REFERENCE, 0, 1, E_INVALIDARG},
        {"NULL with an adapter", D3D_DRIVER_TYPE_NULL, 1, 0, E_INVALIDARG},
        {"SOFTWARE with an adapter", D3D_DRIVER_TYPE_SOFTWARE, 1, 1, E_INVALIDARG},
        {"SOFTWARE without a module", D3D_DRIVER_TYPE_SOFTWARE, 0, 0, E_INVALIDARG},
        {"SOFTWARE", D3D_DRIVER_TYPE_SOFTWARE, 0, 1, DXGI_ERROR_UNSUPPORTED},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        /* Never used: every row fails on its arguments. */
        IDXGIAdapter *adapter = rows[i].adapter ? (IDXGIAdapter *)(uintptr_t)0x10 : NULL;
        HMODULE module = rows[i].software ? (HMODULE)(uintptr_t)0x20 : NULL;
        ID3D11Device *device = (ID3D11Device *)(uintptr_t)1;
        D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)1;
        HRESULT hr = D3D11CreateDevice(adapter, rows[i].type, module, 0, NULL, 0, D3D11_SDK_VERSION, &device, &level,
                NULL);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (device || level)
            row_fail(&failures, i, rows[i].name, "outputs not cleared");
    }
    rows_done(&failures);
}

/* The last node of 32 is one D3D11On12CreateDevice accepts; feature level
 * 12_2 may be asked for, and is chosen when the D3D12 device has it. */
static void test_on12_nodes_and_levels(void **state)
{
    static const char profile[] = "{\"id\": \"d3d11-32-nodes\", \"description\": \"32 nodes\","
            " \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"nodeCount\": 32}}";
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_11_0};
    ID3D12Device *d3d12 = NULL;
    ID3D11Device *device = NULL;
    D3D_FEATURE_LEVEL level = (D3D_FEATURE_LEVEL)0;
    char error[256] = "";
    IUnknown *adapter;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_get_adapter("d3d11-32-nodes", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d3d12), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_GetNodeCount(d3d12), 32);
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, levels, ARRAY_SIZE(levels), NULL, 0, 0x80000000u,
            &device, NULL, &level), S_OK);
    /* The first level the D3D12 device reaches: 11on12 devices go past 11_1. */
    assert_int_equal(level, D3D_FEATURE_LEVEL_12_2);
    ID3D11Device_Release(device);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

/* A COM object that answers IID_ID3D12CommandQueue with itself but is not
 * one of the runtime's queues (its vtable is its own). */
struct foreign_queue
{
    IUnknown IUnknown_iface;
};

static HRESULT STDMETHODCALLTYPE foreign_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    if (!memcmp(riid, &IID_IUnknown, sizeof(GUID)) || !memcmp(riid, &IID_ID3D12CommandQueue, sizeof(GUID)))
    {
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE foreign_AddRef(IUnknown *iface)
{
    (void)iface;
    return 2;
}

static ULONG STDMETHODCALLTYPE foreign_Release(IUnknown *iface)
{
    (void)iface;
    return 1;
}

/* Not const: the headers' lpVtbl is a pointer to a mutable vtable. */
static IUnknownVtbl foreign_vtbl = {foreign_QueryInterface, foreign_AddRef, foreign_Release};

/* The configuration setters' ranges, and D3D11On12CreateDevice's refusals
 * of queues and levels: a queue of another implementation, a queue on node
 * 0 named by its explicit mask (accepted), more queues than it takes, a value
 * that is no feature level in the list. */
static void test_on12_refusals(void **state)
{
    static const D3D_FEATURE_LEVEL not_a_level[] = {D3D_FEATURE_LEVEL_11_0, (D3D_FEATURE_LEVEL)0x1234};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 1};
    struct foreign_queue foreign = {{&foreign_vtbl}};
    IUnknown *queues[2];
    ID3D12CommandQueue *queue;
    ID3D12Device *d3d12;
    ID3D11Device *device;

    (void)state;
    assert_int_equal(mockd3d12_set_d3d11_runtime((mockd3d12_d3d11_runtime)(MOCKD3D12_D3D11_RUNTIME_11_4 + 1)),
            E_INVALIDARG);
    assert_int_equal(mockd3d12_set_d3d11_runtime((mockd3d12_d3d11_runtime)1), E_INVALIDARG);
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(-2), E_INVALIDARG);
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(2), E_INVALIDARG);

    d3d12 = create_d3d12();
    assert_int_equal(ID3D12Device_CreateCommandQueue(d3d12, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);

    queues[0] = &foreign.IUnknown_iface;
    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, queues, 1, 0, &device, NULL, NULL),
            E_INVALIDARG);
    assert_null(device);

    queues[0] = (IUnknown *)queue;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, queues, 1, 0, &device, NULL, NULL), S_OK);
    ID3D11Device_Release(device);

    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, queues, 65, 0, /* it takes 64 */
            &device, NULL, NULL), E_INVALIDARG);
    assert_null(device);

    device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, not_a_level, ARRAY_SIZE(not_a_level), NULL, 0, 0,
            &device, NULL, NULL), E_INVALIDARG);
    assert_null(device);

    /* A malformed MOCKD3D12_D3D11_RUNTIME or MOCKD3D12_D3D11_SDK_LAYERS
     * refuses D3D11On12CreateDevice as it does D3D11CreateDevice. */
    {
        static const struct { const char *name, *value; } bad_env[] =
        {
            {"MOCKD3D12_D3D11_RUNTIME", "eleven"},
            {"MOCKD3D12_D3D11_SDK_LAYERS", "7"},
        };
        ID3D11DeviceContext *context;
        D3D_FEATURE_LEVEL level;

        for (unsigned i = 0; i < ARRAY_SIZE(bad_env); ++i)
        {
            test_setenv(bad_env[i].name, bad_env[i].value);
            device = (ID3D11Device *)(uintptr_t)0xdeadbeef;
            context = (ID3D11DeviceContext *)(uintptr_t)0xdeadbeef;
            level = (D3D_FEATURE_LEVEL)0xdeadbeef;
            assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, &context,
                    &level), E_INVALIDARG);
            assert_null(device);
            assert_null(context);
            assert_int_equal(level, 0);
            test_unsetenv(bad_env[i].name);
        }
        assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, NULL, 0, NULL, 0, 0, &device, NULL, NULL), S_OK);
        ID3D11Device_Release(device);
    }

    ID3D12CommandQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(d3d12), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_device_and_context),
        cmocka_unit_test(test_on12_interface),
        cmocka_unit_test(test_driver_types),
        cmocka_unit_test(test_on12_nodes_and_levels),
        cmocka_unit_test(test_on12_refusals),
    };

    test_unsetenv("MOCKD3D12_D3D11_RUNTIME");
    return cmocka_run_group_tests(tests, NULL, NULL);
}
