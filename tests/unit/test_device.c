/*
 * The foundation: D3D12CreateDevice and the other entry points, the device's
 * COM identity and reference counts, private data, SetName, command queues,
 * GetCustomHeapProperties, the device factory and the control API; then the
 * argument checks of the device's newer methods and of the entry points,
 * in their coverage rows.
 *
 * Where a row records the real runtime, its source is cited: vkd3d's
 * conformance tests (tests/d3d12.c, written against and run on Windows):
 *   test_create_device()        feature levels, the ppDevice == NULL probe
 *   test_object_interface()     private data HRESULTs, sizes and refcounts
 *   test_create_command_queue() queue interfaces, device refcount, NodeMask 0 -> 1
 *   test_create_heap()          GetCustomHeapProperties from UMA / CacheCoherentUMA
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <wchar.h>

#include "adapter_object.h"
#include "alloc.h"
#include "caps/caps.h"
#include "clamp/clamp.h"
#include "control.h"
#include "command_queue.h"
#include "device.h"
#include "events.h"

/* Methods returning a struct: by value on Linux; on Windows (the MSVC ABI
 * DirectX-Headers' C vtables follow there) through a RetVal pointer after
 * `This`, which the method also returns. */
#ifdef _WIN32
#define STRUCT_RESULT(type, call_with_retval) \
    do { type *ret_ = (call_with_retval); assert_ptr_equal(ret_, &result); } while (0)
#endif

static D3D12_COMMAND_QUEUE_DESC queue_desc(ID3D12CommandQueue *queue)
{
#ifdef _WIN32
    D3D12_COMMAND_QUEUE_DESC result;

    STRUCT_RESULT(D3D12_COMMAND_QUEUE_DESC, queue->lpVtbl->GetDesc(queue, &result));
    return result;
#else
    return queue->lpVtbl->GetDesc(queue);
#endif
}

static LUID device_luid(ID3D12Device *device)
{
#ifdef _WIN32
    LUID result;

    STRUCT_RESULT(LUID, device->lpVtbl->GetAdapterLuid(device, &result));
    return result;
#else
    return device->lpVtbl->GetAdapterLuid(device);
#endif
}

static D3D12_HEAP_PROPERTIES custom_heap_properties(ID3D12Device *device, UINT node_mask, D3D12_HEAP_TYPE type)
{
#ifdef _WIN32
    D3D12_HEAP_PROPERTIES result;

    STRUCT_RESULT(D3D12_HEAP_PROPERTIES, device->lpVtbl->GetCustomHeapProperties(device, &result, node_mask, type));
    return result;
#else
    return device->lpVtbl->GetCustomHeapProperties(device, node_mask, type);
#endif
}

static D3D12_RESOURCE_ALLOCATION_INFO allocation_info(ID3D12Device *device, UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC *descs)
{
#ifdef _WIN32
    D3D12_RESOURCE_ALLOCATION_INFO result;

    STRUCT_RESULT(D3D12_RESOURCE_ALLOCATION_INFO,
            device->lpVtbl->GetResourceAllocationInfo(device, &result, visible_mask, count, descs));
    return result;
#else
    return device->lpVtbl->GetResourceAllocationInfo(device, visible_mask, count, descs);
#endif
}

/* A device of a factory created for `sdk_version` (independent of the cache). */
static ID3D12Device *create_device_at(UINT sdk_version, IUnknown *adapter)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *device = NULL;
    HRESULT hr;

    hr = D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&config);
    assert_int_equal(hr, S_OK);
    hr = config->lpVtbl->CreateDeviceFactory(config, sdk_version, ".\\D3D12\\", &IID_ID3D12DeviceFactory,
            (void **)&factory);
    assert_int_equal(hr, S_OK);
    hr = factory->lpVtbl->CreateDevice(factory, adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    assert_int_equal(hr, S_OK);
    factory->lpVtbl->Release(factory);
    config->lpVtbl->Release(config);
    return device;
}

/* The first registered adapter that satisfies `pred`, or NULL. */
static const struct caps_adapter *find_adapter(bool (*pred)(const struct caps_adapter *a))
{
    unsigned i;

    for (i = 0; i < caps_adapter_count(); ++i)
    {
        if (pred(caps_adapter_at(i)))
            return caps_adapter_at(i);
    }
    return NULL;
}

static bool below_12_2(const struct caps_adapter *a)
{
    return caps_adapter_max_feature_level(a) < D3D_FEATURE_LEVEL_12_2;
}

static IUnknown *adapter_object(const struct caps_adapter *a)
{
    IUnknown *unknown = NULL;

    assert_int_equal(mockd3d12_get_adapter(caps_adapter_id(a), &unknown), S_OK);
    assert_non_null(unknown);
    return unknown;
}

/* ---- D3D12CreateDevice ---- */

static void test_create_device_feature_levels(void **state)
{
    /* vkd3d test_create_device(): 9_x and 10_x, 0 and ~0u are E_INVALIDARG. */
    static const struct
    {
        const char *name;
        D3D_FEATURE_LEVEL level;
        HRESULT hr;
    }
    rows[] =
    {
        {"9_1", D3D_FEATURE_LEVEL_9_1, E_INVALIDARG},
        {"9_2", D3D_FEATURE_LEVEL_9_2, E_INVALIDARG},
        {"9_3", D3D_FEATURE_LEVEL_9_3, E_INVALIDARG},
        {"10_0", D3D_FEATURE_LEVEL_10_0, E_INVALIDARG},
        {"10_1", D3D_FEATURE_LEVEL_10_1, E_INVALIDARG},
        {"0", (D3D_FEATURE_LEVEL)0, E_INVALIDARG},
        {"~0u", (D3D_FEATURE_LEVEL)~0u, E_INVALIDARG},
        {"0xb080", (D3D_FEATURE_LEVEL)0xb080, E_INVALIDARG}, /* between 11_0 and 11_1 */
        {"11_0", D3D_FEATURE_LEVEL_11_0, S_OK},
        {"11_1", D3D_FEATURE_LEVEL_11_1, S_OK},
    };
    struct row_failures failures = {0};
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
        hr = D3D12CreateDevice(NULL, rows[i].level, &IID_ID3D12Device, (void **)&device);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if (device->lpVtbl->Release(device))
                row_fail(&failures, i, rows[i].name, "device references left");
        }
        else if (device)
        {
            row_fail(&failures, i, rows[i].name, "ppDevice not cleared on failure");
        }
    }
    rows_done(&failures);
}

/* Above the adapter's maximum: DXGI_ERROR_UNSUPPORTED, as Windows reports an
 * adapter that cannot make the device (no conformance test records this row;
 * see src/device.c). */
static void test_create_device_above_adapter_max(void **state)
{
    const struct caps_adapter *adapter;
    ID3D12Device *device;
    IUnknown *unknown;
    HRESULT hr;

    (void)state;
    /* The built-in profiles include adapters below 12_2 (fl11-minimal, the
     * WARP profiles): without one this test would check nothing. */
    adapter = find_adapter(below_12_2);
    assert_non_null(adapter);
    unknown = adapter_object(adapter);

    device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    hr = D3D12CreateDevice(unknown, D3D_FEATURE_LEVEL_12_2, &IID_ID3D12Device, (void **)&device);
    assert_int_equal(hr, DXGI_ERROR_UNSUPPORTED);
    assert_null(device);
    hr = D3D12CreateDevice(unknown, D3D_FEATURE_LEVEL_12_2, &IID_ID3D12Device, NULL);
    assert_int_equal(hr, DXGI_ERROR_UNSUPPORTED);

    hr = D3D12CreateDevice(unknown, caps_adapter_max_feature_level(adapter), &IID_ID3D12Device, (void **)&device);
    assert_int_equal(hr, S_OK);
    assert_int_equal(device->lpVtbl->Release(device), 0);
    assert_int_equal(unknown->lpVtbl->Release(unknown), 0);
}

static void test_create_device_probe(void **state)
{
    /* vkd3d test_create_device(): ppDevice NULL -> S_FALSE, whatever the IID. */
    static const struct
    {
        const char *name;
        const IID *iid;
    }
    iids[] =
    {
        {"ID3D12Device", &IID_ID3D12Device},
        {"NULL", NULL},
        {"ID3D12DeviceChild", &IID_ID3D12DeviceChild},
        {"ID3D12Fence", &IID_ID3D12Fence},
    };
    struct row_failures failures = {0};
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(iids); ++i)
    {
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, iids[i].iid, NULL);
        if (hr != S_FALSE)
            row_fail(&failures, i, iids[i].name, "hr %#x, expected S_FALSE", (unsigned)hr);
    }
    rows_done(&failures);
    /* The feature level is still checked. */
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_10_0, &IID_ID3D12Device, NULL), E_INVALIDARG);
}

static void test_create_device_bad_args(void **state)
{
    IUnknown *not_an_adapter;
    ID3D12Device *device, *d2;
    HRESULT hr;

    (void)state;
    /* A COM object that is not an adapter. */
    device = create_device();
    not_an_adapter = (IUnknown *)device;
    d2 = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    hr = D3D12CreateDevice(not_an_adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d2);
    assert_int_equal(hr, E_NOINTERFACE);
    assert_null(d2);
    /* An IID the device does not have. */
    d2 = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12DeviceChild, (void **)&d2);
    assert_int_equal(hr, E_NOINTERFACE);
    assert_null(d2);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

static void test_create_device_cache(void **state)
{
    const struct caps_adapter *other;
    ID3D12Device *a, *b, *c, *f;
    IUnknown *unknown;
    HRESULT hr;

    (void)state;
    a = create_device();
    b = create_device();
    assert_ptr_equal(a, b);
    assert_int_equal(get_refcount(a), 2);
    /* The same adapter given explicitly: the same device. */
    unknown = adapter_object(mk_device_from_iface(a)->adapter);
    hr = D3D12CreateDevice(unknown, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&c);
    assert_int_equal(hr, S_OK);
    assert_ptr_equal(a, c);
    assert_int_equal(c->lpVtbl->Release(c), 2);
    unknown->lpVtbl->Release(unknown);

    /* A factory's device is never the cached one. */
    f = create_device_at(620, NULL);
    assert_ptr_not_equal(f, a);
    assert_int_equal(get_refcount(f), 1);
    assert_int_equal(get_refcount(a), 2);
    assert_int_equal(f->lpVtbl->Release(f), 0);

    /* Another adapter: another device. */
    if (caps_adapter_count() > 1)
    {
        other = caps_adapter_at(caps_adapter_at(0) == mk_device_from_iface(a)->adapter ? 1 : 0);
        unknown = adapter_object(other);
        hr = D3D12CreateDevice(unknown, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&c);
        if (caps_adapter_max_feature_level(other) >= D3D_FEATURE_LEVEL_11_0)
        {
            assert_int_equal(hr, S_OK);
            assert_ptr_not_equal(c, a);
            assert_ptr_equal(mk_device_from_iface(c)->adapter, other);
            assert_int_equal(c->lpVtbl->Release(c), 0);
        }
        unknown->lpVtbl->Release(unknown);
    }

    assert_int_equal(b->lpVtbl->Release(b), 1);
    assert_int_equal(a->lpVtbl->Release(a), 0);
    /* Gone from the cache: a new device starts at 1. */
    a = create_device();
    assert_int_equal(get_refcount(a), 1);
    assert_int_equal(a->lpVtbl->Release(a), 0);
}

/* ---- COM identity ---- */

static const IID IID_IDXGIObject_ = {0xaec22fb8, 0x76f3, 0x4639, {0x9b, 0xe0, 0x28, 0xeb, 0x43, 0xa6, 0x7a, 0x2e}};
static const IID IID_IDXGIDevice_ = {0x54ec77fa, 0x1377, 0x44e6, {0x8c, 0x32, 0x88, 0xfd, 0x5f, 0x44, 0xc8, 0x4c}};
static const IID IID_IDXGIAdapter_ = {0x2411e7e1, 0x12ac, 0x4ccf, {0xbd, 0x14, 0x97, 0x98, 0xe8, 0x53, 0x4d, 0xc0}};

static void test_device_identity(void **state)
{
    /* IUnknown, ID3D12Object, every ID3D12DeviceN: the same object;
     * ID3D12DeviceChild and ID3D12Pageable: no (vkd3d test_create_device()). */
    static const struct
    {
        const char *name;
        const IID *iid;
        HRESULT hr;
    }
    rows[] =
    {
        {"IUnknown", &IID_IUnknown, S_OK},
        {"ID3D12Object", &IID_ID3D12Object, S_OK},
        {"ID3D12Device", &IID_ID3D12Device, S_OK},
        {"ID3D12Device1", &IID_ID3D12Device1, S_OK},
        {"ID3D12Device2", &IID_ID3D12Device2, S_OK},
        {"ID3D12Device3", &IID_ID3D12Device3, S_OK},
        {"ID3D12Device4", &IID_ID3D12Device4, S_OK},
        {"ID3D12Device5", &IID_ID3D12Device5, S_OK},
        {"ID3D12Device6", &IID_ID3D12Device6, S_OK},
        {"ID3D12Device7", &IID_ID3D12Device7, S_OK},
        {"ID3D12Device8", &IID_ID3D12Device8, S_OK},
        {"ID3D12Device9", &IID_ID3D12Device9, S_OK},
        {"ID3D12Device10", &IID_ID3D12Device10, S_OK},
        {"ID3D12Device11", &IID_ID3D12Device11, S_OK},
        {"ID3D12Device12", &IID_ID3D12Device12, S_OK},
        {"ID3D12Device13", &IID_ID3D12Device13, S_OK},
        {"ID3D12Device14", &IID_ID3D12Device14, S_OK},
        {"ID3D12Device15", &IID_ID3D12Device15, S_OK},
        {"ID3D12DeviceChild", &IID_ID3D12DeviceChild, E_NOINTERFACE},
        {"ID3D12Pageable", &IID_ID3D12Pageable, E_NOINTERFACE},
        {"ID3D12CommandQueue", &IID_ID3D12CommandQueue, E_NOINTERFACE},
        {"ID3D12InfoQueue", &IID_ID3D12InfoQueue, E_NOINTERFACE}, /* no debug layer */
        {"IDXGIObject_", &IID_IDXGIObject_, E_NOINTERFACE},
        {"IDXGIDevice_", &IID_IDXGIDevice_, E_NOINTERFACE},
        {"IDXGIAdapter_", &IID_IDXGIAdapter_, E_NOINTERFACE},
        {"IMockD3D12Adapter", &IID_IMockD3D12Adapter, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    ID3D12Device *device;
    IUnknown *unknown, *base;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device();
    device->lpVtbl->QueryInterface(device, &IID_IUnknown, (void **)&base);
    assert_int_equal(get_refcount(device), 2);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
        hr = device->lpVtbl->QueryInterface(device, rows[i].iid, (void **)&unknown);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if (unknown != base)
                row_fail(&failures, i, rows[i].name, "not the same object");
            if (get_refcount(device) != 3)
                row_fail(&failures, i, rows[i].name, "refcount %u, expected 3", (unsigned)get_refcount(device));
            unknown->lpVtbl->Release(unknown);
        }
        else if (unknown)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
    }
    rows_done(&failures);
    /* NULL out pointer. */
    assert_int_equal(device->lpVtbl->QueryInterface(device, &IID_ID3D12Device, NULL), E_POINTER);
    assert_int_equal(get_refcount(device), 2);
    base->lpVtbl->Release(base);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

/* ID3D12Device17 exists on runtimes at or past the cutoff (retail 620). */
static void test_device17_by_runtime(void **state)
{
    static const struct
    {
        UINT sdk_version;
        HRESULT hr;
    }
    rows[] =
    {
        {616, E_NOINTERFACE},
        {619, E_NOINTERFACE},
        {620, S_OK},
        {721, S_OK},
    };
    struct row_failures failures = {0};
    ID3D12Device *device;
    ID3D12Device17 *device17;
    struct mk_device *impl;
    char name[16];
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        snprintf(name, sizeof(name), "SDK %u", rows[i].sdk_version);
        device = create_device_at(rows[i].sdk_version, NULL);
        impl = mk_device_from_iface(device);
        if (mockd3d12_runtime_effective_version(&impl->runtime) != rows[i].sdk_version)
            row_fail(&failures, i, name, "device runs at %u", mockd3d12_runtime_effective_version(&impl->runtime));
        device17 = (ID3D12Device17 *)(uintptr_t)0xdeadbeef;
        hr = device->lpVtbl->QueryInterface(device, &IID_ID3D12Device17, (void **)&device17);
        if (hr != rows[i].hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if ((void *)device17 != (void *)device)
                row_fail(&failures, i, name, "ID3D12Device17 is not the same object");
            device17->lpVtbl->Release(device17);
        }
        else if (device17)
        {
            row_fail(&failures, i, name, "out pointer not cleared");
        }
        if (device->lpVtbl->Release(device))
            row_fail(&failures, i, name, "device references left");
    }
    rows_done(&failures);
}

/* ID3D12DeviceApiExtensions (docs/objects.md "API extensions"): the device's
 * own interface on preview runtimes from 719 (DirectX-Headers
 * v1.719.0-preview first declares it; no retail tag through 1.619.5 has it)
 * whose driver implements extensions; "devices on drivers that do not
 * implement extensions simply do not expose this interface" (DirectX-Specs
 * d3d/D3D12ApiExtensions.md). */
static const char profile_api_extensions[] =
        "{\"id\": \"api-extensions\", \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"apiExtensions\": true}}";

static void test_api_extensions(void **state)
{
    static const mockd3d12_runtime preview_717 = {MOCKD3D12_RUNTIME_PREVIEW, 616, 717, 620, 721, FALSE};
    static const mockd3d12_runtime preview_719 = {MOCKD3D12_RUNTIME_PREVIEW, 619, 719, 620, 721, FALSE};
    static const mockd3d12_runtime preview_721 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE};
    static const mockd3d12_runtime retail_620 = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
    static const GUID some_extension = {0x1a2b3c4d, 0x5e6f, 0x4711, {0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07}};
    char error[512] = "";
    const struct caps_adapter *with, *without = caps_adapter_lookup("nvidia-rtx-4090", NULL, 0);
    static const struct
    {
        const char *name;
        bool driver_has_extensions;
        const mockd3d12_runtime *runtime;
        HRESULT hr;
    }
    rows[] =
    {
        {"preview 719, a driver with extensions", true, &preview_719, S_OK},
        {"preview 721, a driver with extensions", true, &preview_721, S_OK},
        {"preview 717: the runtime predates the interface", true, &preview_717, E_NOINTERFACE},
        {"retail 620: no retail runtime has it", true, &retail_620, E_NOINTERFACE},
        {"preview 721, a driver without extensions", false, &preview_721, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    D3D12_EXTENDED_OPERATION_DATA op;
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    D3D12_RESOURCE_DESC1 desc;
    ID3D12DeviceApiExtensions *ext;
    ID3D12Resource *resource = NULL;
    ID3D12Extension *extension = (ID3D12Extension *)(uintptr_t)1, *one[1] = {NULL};
    ID3D12Device *device, *back;
    struct mk_device *impl;
    LPSTR schema = NULL;
    UINT length = 77;
    unsigned i;
    HRESULT hr;

    (void)state;
    if (!(with = caps_adapter_lookup("api-extensions", error, sizeof(error))))
    {
        if (FAILED(mockd3d12_register_profile(profile_api_extensions, error, sizeof(error)))
                || !(with = caps_adapter_lookup("api-extensions", error, sizeof(error))))
            fail_msg("%s", error);
    }
    assert_non_null(without);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        assert_true(SUCCEEDED(mk_device_create(rows[i].driver_has_extensions ? with : without, rows[i].runtime,
                D3D_FEATURE_LEVEL_11_0, &impl)));
        device = (ID3D12Device *)&impl->ID3D12Device17_iface;
        ext = (ID3D12DeviceApiExtensions *)(uintptr_t)1;
        hr = ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceApiExtensions, (void **)&ext);
        if (hr != rows[i].hr || (FAILED(hr) && ext))
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        else if (SUCCEEDED(hr))
        {
            /* The device's own identity: back to ID3D12Device, one count. */
            if (FAILED(ID3D12DeviceApiExtensions_QueryInterface(ext, &IID_ID3D12Device, (void **)&back)) || back != device)
                row_fail(&failures, i, rows[i].name, "QueryInterface back to ID3D12Device");
            else
                ID3D12Device_Release(back);
            ID3D12DeviceApiExtensions_Release(ext);
        }
        ID3D12Device_Release(device);
    }

    assert_true(SUCCEEDED(mk_device_create(with, &preview_721, D3D_FEATURE_LEVEL_11_0, &impl)));
    device = (ID3D12Device *)&impl->ID3D12Device17_iface;
    assert_true(SUCCEEDED(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceApiExtensions, (void **)&ext)));

    /* A mock driver knows no extension: the spec's E_NOINTERFACE, the outputs untouched / NULL. */
    hr = ID3D12DeviceApiExtensions_GetExtensionSchema(ext, &some_extension, &schema, &length);
    if (hr != E_NOINTERFACE || schema || length != 77)
        row_fail(&failures, 5, "GetExtensionSchema of an unknown extension", "hr %#x", (unsigned)hr);
    hr = ID3D12DeviceApiExtensions_CreateExtension(ext, &some_extension, NULL, &IID_ID3D12Extension,
            (void **)&extension);
    if (hr != E_NOINTERFACE || extension)
        row_fail(&failures, 6, "CreateExtension of an unknown extension", "hr %#x", (unsigned)hr);

    /* An extended creation without extensions is CreateCommittedResource2 ... */
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = 65536;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    memset(&op, 0, sizeof(op));
    op.OperationType = D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE2;
    op.CreateCommittedResource2.pHeapProperties = &heap;
    op.CreateCommittedResource2.pDesc = &desc;
    op.CreateCommittedResource2.InitialResourceState = D3D12_RESOURCE_STATE_GENERIC_READ;
    op.CreateCommittedResource2.iidResource = IID_ID3D12Resource;
    op.CreateCommittedResource2.ppvResource = (void **)&resource;
    hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, &op);
    if (hr != S_OK || !resource)
        row_fail(&failures, 7, "an upload buffer by CREATE_COMMITTED_RESOURCE2", "hr %#x", (unsigned)hr);
    if (resource)
        ID3D12Resource_Release(resource);
    /* ... with its refusals: a buffer of width 0. */
    resource = NULL;
    desc.Width = 0;
    hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, &op);
    if (hr != E_INVALIDARG || resource)
        row_fail(&failures, 8, "CREATE_COMMITTED_RESOURCE2 of a zero-width buffer", "hr %#x", (unsigned)hr);
    desc.Width = 65536;
    /* Extensions only CreateExtension makes, and it makes none. */
    op.NumExtensions = 1;
    op.ppExtensions = one;
    hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, &op);
    if (hr != E_INVALIDARG || resource)
        row_fail(&failures, 9, "an extension this device did not make", "hr %#x", (unsigned)hr);
    op.ppExtensions = NULL;
    hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, &op);
    if (hr != E_INVALIDARG || resource)
        row_fail(&failures, 9, "one extension counted, none listed", "hr %#x", (unsigned)hr);
    op.NumExtensions = 0;
    op.OperationType = (D3D12_EXTENDED_OPERATION_TYPE)2; /* COMMITTED_RESOURCE4 (D3D12_RESOURCE_DESC2) */
    hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, &op);
    if (hr != E_INVALIDARG || resource)
        row_fail(&failures, 10, "COMMITTED_RESOURCE4, not modelled", "hr %#x", (unsigned)hr);
    hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, NULL);
    if (hr != E_INVALIDARG)
        row_fail(&failures, 11, "NULL operation", "hr %#x", (unsigned)hr);
    ID3D12DeviceApiExtensions_Release(ext);
    ID3D12Device_Release(device);
    rows_done(&failures);
}

/* Each operation ExecuteExtendedObjectCreation knows is the creation method
 * it mirrors: a 64 KiB buffer made by each, and refused as that method
 * refuses a buffer of width 0 (E_INVALIDARG, no object). The arguments
 * GetExtensionSchema and CreateExtension cannot do without: E_INVALIDARG,
 * CreateExtension's output NULL, GetExtensionSchema's untouched. */
static void test_api_extensions_operations(void **state)
{
    static const mockd3d12_runtime preview_721 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE};
    static const GUID some_extension = {0x1a2b3c4d, 0x5e6f, 0x4711, {0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07}};
    static const struct
    {
        const char *name;
        D3D12_EXTENDED_OPERATION_TYPE type;
    }
    rows[] =
    {
        {"CREATE_COMMITTED_RESOURCE2", D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE2},
        {"CREATE_COMMITTED_RESOURCE3", D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE3},
        {"CREATE_PLACED_RESOURCE1", D3D12_EXTENDED_OPERATION_TYPE_CREATE_PLACED_RESOURCE1},
        {"CREATE_PLACED_RESOURCE2", D3D12_EXTENDED_OPERATION_TYPE_CREATE_PLACED_RESOURCE2},
        {"CREATE_RESERVED_RESOURCE1", D3D12_EXTENDED_OPERATION_TYPE_CREATE_RESERVED_RESOURCE1},
        {"CREATE_RESERVED_RESOURCE2", D3D12_EXTENDED_OPERATION_TYPE_CREATE_RESERVED_RESOURCE2},
    };
    D3D12_HEAP_PROPERTIES heap_properties = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    D3D12_HEAP_DESC heap_desc = {1 << 20, {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0}, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    const struct caps_adapter *with;
    struct row_failures failures = {0};
    ID3D12Extension *extension;
    ID3D12DeviceApiExtensions *ext;
    D3D12_RESOURCE_DESC1 desc1;
    D3D12_RESOURCE_DESC desc;
    struct mk_device *impl;
    ID3D12Device *device;
    char error[512] = "";
    ID3D12Heap *heap;
    LPSTR schema;
    unsigned i, zero;
    UINT length;
    HRESULT hr;

    (void)state;
    if (!(with = caps_adapter_lookup("api-extensions", error, sizeof(error))))
    {
        if (FAILED(mockd3d12_register_profile(profile_api_extensions, error, sizeof(error)))
                || !(with = caps_adapter_lookup("api-extensions", error, sizeof(error))))
            fail_msg("%s", error);
    }
    assert_true(SUCCEEDED(mk_device_create(with, &preview_721, D3D_FEATURE_LEVEL_11_0, &impl)));
    device = (ID3D12Device *)&impl->ID3D12Device17_iface;
    assert_true(SUCCEEDED(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceApiExtensions, (void **)&ext)));
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&heap), S_OK);

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        for (zero = 0; zero < 2; ++zero)
        {
            D3D12_EXTENDED_OPERATION_DATA op;
            ID3D12Resource *resource = NULL;
            HRESULT expected = zero ? E_INVALIDARG : S_OK;

            memset(&desc, 0, sizeof(desc));
            desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
            desc.Width = zero ? 0 : 65536;
            desc.Height = 1;
            desc.DepthOrArraySize = 1;
            desc.MipLevels = 1;
            desc.SampleDesc.Count = 1;
            desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
            memset(&desc1, 0, sizeof(desc1));
            memcpy(&desc1, &desc, sizeof(desc));
            memset(&op, 0, sizeof(op));
            op.OperationType = rows[i].type;
            switch ((int)rows[i].type)
            {
                case D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE2:
                    op.CreateCommittedResource2.pHeapProperties = &heap_properties;
                    op.CreateCommittedResource2.pDesc = &desc1;
                    op.CreateCommittedResource2.InitialResourceState = D3D12_RESOURCE_STATE_COMMON;
                    op.CreateCommittedResource2.iidResource = IID_ID3D12Resource;
                    op.CreateCommittedResource2.ppvResource = (void **)&resource;
                    break;
                case D3D12_EXTENDED_OPERATION_TYPE_CREATE_COMMITTED_RESOURCE3:
                    op.CreateCommittedResource3.pHeapProperties = &heap_properties;
                    op.CreateCommittedResource3.pDesc = &desc1;
                    op.CreateCommittedResource3.InitialResourceLayout = D3D12_BARRIER_LAYOUT_UNDEFINED;
                    op.CreateCommittedResource3.iidResource = IID_ID3D12Resource;
                    op.CreateCommittedResource3.ppvResource = (void **)&resource;
                    break;
                case D3D12_EXTENDED_OPERATION_TYPE_CREATE_PLACED_RESOURCE1:
                    op.CreatePlacedResource1.pHeap = heap;
                    op.CreatePlacedResource1.HeapOffset = 65536;
                    op.CreatePlacedResource1.pDesc = &desc1;
                    op.CreatePlacedResource1.InitialResourceState = D3D12_RESOURCE_STATE_COMMON;
                    op.CreatePlacedResource1.iidResource = IID_ID3D12Resource;
                    op.CreatePlacedResource1.ppvResource = (void **)&resource;
                    break;
                case D3D12_EXTENDED_OPERATION_TYPE_CREATE_PLACED_RESOURCE2:
                    op.CreatePlacedResource2.pHeap = heap;
                    op.CreatePlacedResource2.HeapOffset = 131072;
                    op.CreatePlacedResource2.pDesc = &desc1;
                    op.CreatePlacedResource2.InitialResourceLayout = D3D12_BARRIER_LAYOUT_UNDEFINED;
                    op.CreatePlacedResource2.iidResource = IID_ID3D12Resource;
                    op.CreatePlacedResource2.ppvResource = (void **)&resource;
                    break;
                case D3D12_EXTENDED_OPERATION_TYPE_CREATE_RESERVED_RESOURCE1:
                    op.CreateReservedResource1.pDesc = &desc;
                    op.CreateReservedResource1.InitialResourceState = D3D12_RESOURCE_STATE_COMMON;
                    op.CreateReservedResource1.iidResource = IID_ID3D12Resource;
                    op.CreateReservedResource1.ppvResource = (void **)&resource;
                    break;
                case D3D12_EXTENDED_OPERATION_TYPE_CREATE_RESERVED_RESOURCE2:
                    op.CreateReservedResource2.pDesc = &desc;
                    op.CreateReservedResource2.InitialResourceLayout = D3D12_BARRIER_LAYOUT_UNDEFINED;
                    op.CreateReservedResource2.iidResource = IID_ID3D12Resource;
                    op.CreateReservedResource2.ppvResource = (void **)&resource;
                    break;
            }
            hr = ID3D12DeviceApiExtensions_ExecuteExtendedObjectCreation(ext, &op);
            if (hr != expected || !resource != !!zero)
                row_fail(&failures, i, rows[i].name, "%s: hr %#x, expected %#x, resource %p",
                        zero ? "width 0" : "a 64 KiB buffer", (unsigned)hr, (unsigned)expected, (void *)resource);
            /* The object is the device's: its GetDevice answers this device. */
            if (resource)
            {
                ID3D12Device *owner = NULL;

                if (FAILED(ID3D12Resource_GetDevice(resource, &IID_ID3D12Device, (void **)&owner)) || owner != device)
                    row_fail(&failures, i, rows[i].name, "the resource is not this device's");
                if (owner)
                    ID3D12Device_Release(owner);
                ID3D12Resource_Release(resource);
            }
        }
    }

    /* The arguments each method cannot do without. */
    schema = (LPSTR)SENTINEL;
    length = 77;
    if ((hr = ID3D12DeviceApiExtensions_GetExtensionSchema(ext, NULL, &schema, &length)) != E_INVALIDARG
            || schema != (LPSTR)SENTINEL || length != 77)
        row_fail(&failures, 6, "GetExtensionSchema without an extension ID", "hr %#x", (unsigned)hr);
    if ((hr = ID3D12DeviceApiExtensions_GetExtensionSchema(ext, &some_extension, NULL, &length)) != E_INVALIDARG
            || length != 77)
        row_fail(&failures, 7, "GetExtensionSchema without a schema output", "hr %#x", (unsigned)hr);
    if ((hr = ID3D12DeviceApiExtensions_GetExtensionSchema(ext, &some_extension, &schema, NULL)) != E_INVALIDARG
            || schema != (LPSTR)SENTINEL)
        row_fail(&failures, 8, "GetExtensionSchema without a length", "hr %#x", (unsigned)hr);
    extension = SENTINEL;
    if ((hr = ID3D12DeviceApiExtensions_CreateExtension(ext, NULL, NULL, &IID_ID3D12Extension, (void **)&extension))
            != E_INVALIDARG || extension)
        row_fail(&failures, 9, "CreateExtension without an extension ID", "hr %#x", (unsigned)hr);
    if ((hr = ID3D12DeviceApiExtensions_CreateExtension(ext, &some_extension, NULL, &IID_ID3D12Extension, NULL))
            != E_INVALIDARG)
        row_fail(&failures, 10, "CreateExtension without an output", "hr %#x", (unsigned)hr);

    ID3D12Heap_Release(heap);
    ID3D12DeviceApiExtensions_Release(ext);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* The device factory's own refusals, before any device is made: no output
 * (E_POINTER), no adapter (E_INVALIDARG), and the environment settings a
 * device reads when it is made: a malformed MOCKD3D12_DEBUG or
 * MOCKD3D12_FAULTS fails creation (each says why on stderr); the output
 * stays NULL. */
static void test_device_factory_refusals(void **state)
{
    static const struct
    {
        const char *name;
        const char *variable, *value; /* set for the row, or NULL */
        bool no_adapter, no_output;
        HRESULT hr;
    }
    rows[] =
    {
        {"no output", NULL, NULL, false, true, E_POINTER},
        {"no adapter", NULL, NULL, true, false, E_INVALIDARG},
        {"MOCKD3D12_DEBUG=7", "MOCKD3D12_DEBUG", "7", false, false, E_INVALIDARG},
        {"MOCKD3D12_FAULTS of an unknown fault", "MOCKD3D12_FAULTS", "crash@CreateFence#1", false, false,
                E_INVALIDARG},
        {"the settings well formed again", NULL, NULL, false, false, S_OK},
    };
    const struct caps_adapter *adapter = caps_adapter_lookup("nvidia-rtx-4090", NULL, 0);
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    assert_non_null(adapter);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct mk_device *impl = SENTINEL;
        HRESULT hr;

        if (rows[i].variable)
            test_setenv(rows[i].variable, rows[i].value);
        mockd3d12_reset();
        hr = mk_device_create(rows[i].no_adapter ? NULL : adapter, NULL, D3D_FEATURE_LEVEL_11_0,
                rows[i].no_output ? NULL : &impl);
        if (rows[i].variable)
            test_unsetenv(rows[i].variable);
        mockd3d12_reset();
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (rows[i].no_output)
        {
            if (impl != SENTINEL)
                row_fail(&failures, i, rows[i].name, "an output it was not given was written");
        }
        else if (FAILED(hr) ? impl != NULL : !impl)
            row_fail(&failures, i, rows[i].name, "the output is %p", (void *)impl);
        if (SUCCEEDED(hr) && impl && impl != SENTINEL)
            impl->ID3D12Device17_iface.lpVtbl->Release(&impl->ID3D12Device17_iface);
    }
    rows_done(&failures);
}

static void test_device_refcount(void **state)
{
    ID3D12Device *device;

    (void)state;
    device = create_device();
    assert_int_equal(device->lpVtbl->AddRef(device), 2);
    assert_int_equal(device->lpVtbl->AddRef(device), 3);
    assert_int_equal(device->lpVtbl->Release(device), 2);
    assert_int_equal(device->lpVtbl->Release(device), 1);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

/* The device's count holds each of its objects, whichever dies first: the
 * registry counts them and holds one reference while they live (object.h). */
static void test_device_refcount_children(void **state)
{
    ID3D12Device *device, *witness, *got;
    ID3D12Fence *a, *b;

    (void)state;
    device = create_device();
    witness = create_device_at(620, NULL);
    /* The device's private data holds the witness until the device dies. */
    assert_int_equal(device->lpVtbl->SetPrivateDataInterface(device, &IID_ID3D12Device, (IUnknown *)witness), S_OK);
    assert_int_equal(get_refcount(witness), 2);
    assert_int_equal(device->lpVtbl->CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&a), S_OK);
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(device->lpVtbl->CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&b), S_OK);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(device->lpVtbl->AddRef(device), 4);
    assert_int_equal(device->lpVtbl->Release(device), 3);
    assert_int_equal(a->lpVtbl->Release(a), 0);
    assert_int_equal(get_refcount(device), 2);
    /* The application lets go first: the fence keeps the device. */
    assert_int_equal(device->lpVtbl->Release(device), 1);
    assert_int_equal(get_refcount(witness), 2);
    assert_int_equal(b->lpVtbl->GetDevice(b, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    assert_int_equal(got->lpVtbl->AddRef(got), 3);
    assert_int_equal(got->lpVtbl->Release(got), 2);
    assert_int_equal(got->lpVtbl->Release(got), 1);
    /* A new child while only children hold the device, then every one goes. */
    assert_int_equal(b->lpVtbl->GetDevice(b, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_int_equal(got->lpVtbl->CreateFence(got, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&a), S_OK);
    assert_int_equal(got->lpVtbl->Release(got), 2);
    assert_int_equal(b->lpVtbl->Release(b), 0);
    assert_int_equal(get_refcount(witness), 2);
    assert_int_equal(a->lpVtbl->Release(a), 0);
    /* The last child took the device with it. */
    assert_int_equal(get_refcount(witness), 1);
    assert_int_equal(witness->lpVtbl->Release(witness), 0);
}

/* ---- Private data (vkd3d test_object_interface()) ---- */

static const GUID test_guid = {0xfdb37466, 0x428f, 0x4edf, {0xa3, 0x7f, 0x9b, 0x1d, 0xf4, 0x88, 0xc5, 0xfc}};
static const GUID test_guid2 = {0x2e5afac2, 0x87b5, 0x4c10, {0x9b, 0x4b, 0x89, 0xd7, 0xd1, 0x12, 0xe7, 0x2b}};

static void check_private_data(ID3D12Object *object, IUnknown *test_object)
{
    static const DWORD data[] = {1, 2, 3, 4};
    /* The SetPrivateData sequence of test_object_interface(), in order. */
    static const struct
    {
        const char *name;
        UINT size;
        bool with_data;
        HRESULT hr;
    }
    set_rows[] =
    {
        {"delete nothing", 0, false, S_FALSE},
        {"delete nothing, size ~0u", ~0u, false, S_FALSE},
        {"store", sizeof(data), true, S_OK},
        {"replace", sizeof(data), true, S_OK},
        {"delete, size ignored", ~0u, false, S_OK},
        {"delete again", ~0u, false, S_FALSE},
        {"delete again, size 42", 42, false, S_FALSE},
    };
    struct row_failures failures = {0};
    ULONG refcount, expected;
    DWORD out[8];
    IUnknown *ptr;
    unsigned i;
    UINT size;
    HRESULT hr;

    for (i = 0; i < ARRAY_SIZE(set_rows); ++i)
    {
        hr = object->lpVtbl->SetPrivateData(object, &test_guid, set_rows[i].size, set_rows[i].with_data ? data : NULL);
        if (hr != set_rows[i].hr)
            row_fail(&failures, i, set_rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)set_rows[i].hr);
    }
    rows_done(&failures);

    /* A NULL interface is stored (S_OK) and read back as NULL. */
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
    size = sizeof(ptr) * 2;
    ptr = (IUnknown *)(uintptr_t)0xdeadbeef;
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid, &size, &ptr), S_OK);
    assert_null(ptr);
    assert_int_equal(size, sizeof(IUnknown *));

    /* Interfaces are AddRef'd on store, released on replace and delete. */
    refcount = get_refcount(test_object);
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, test_object), S_OK);
    expected = refcount + 1;
    assert_int_equal(get_refcount(test_object), expected);
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, test_object), S_OK);
    assert_int_equal(get_refcount(test_object), expected);
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
    --expected;
    assert_int_equal(get_refcount(test_object), expected);
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, test_object), S_OK);
    assert_int_equal(object->lpVtbl->SetPrivateData(object, &test_guid, sizeof(data), data), S_OK);
    assert_int_equal(get_refcount(test_object), expected);
    assert_int_equal(object->lpVtbl->SetPrivateData(object, &test_guid, 42, NULL), S_OK);

    /* ... and on read. */
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, test_object), S_OK);
    ++expected;
    size = 2 * sizeof(ptr);
    ptr = NULL;
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid, &size, &ptr), S_OK);
    assert_int_equal(size, sizeof(test_object));
    assert_ptr_equal(ptr, test_object);
    ++expected;
    assert_int_equal(get_refcount(test_object), expected);
    ptr->lpVtbl->Release(ptr);
    --expected;

    /* Size queries (data NULL) succeed whatever the size; no AddRef. */
    size = 1;
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid, &size, NULL), S_OK);
    assert_int_equal(size, sizeof(ptr));
    size = 2 * sizeof(ptr);
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid, &size, NULL), S_OK);
    assert_int_equal(size, sizeof(ptr));
    assert_int_equal(get_refcount(test_object), expected);

    /* Too small: DXGI_ERROR_MORE_DATA, the size filled in, the buffer untouched. */
    size = 1;
    ptr = (IUnknown *)(uintptr_t)0xdeadbeef;
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid, &size, &ptr), DXGI_ERROR_MORE_DATA);
    assert_int_equal(size, sizeof(ptr));
    assert_ptr_equal(ptr, (IUnknown *)(uintptr_t)0xdeadbeef);
    /* Unknown GUID: DXGI_ERROR_NOT_FOUND, size 0, the buffer untouched. */
    size = 1;
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid2, &size, &ptr), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(size, 0);
    assert_ptr_equal(ptr, (IUnknown *)(uintptr_t)0xdeadbeef);
    /* No size pointer. */
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid, NULL, &ptr), E_INVALIDARG);

    /* Plain data round trip; a short buffer is not written. */
    assert_int_equal(object->lpVtbl->SetPrivateData(object, &test_guid2, sizeof(data), data), S_OK);
    memset(out, 0xcc, sizeof(out));
    size = sizeof(data) - 1;
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid2, &size, out), DXGI_ERROR_MORE_DATA);
    assert_int_equal(size, sizeof(data));
    assert_int_equal(out[0], 0xcccccccc);
    size = sizeof(out);
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &test_guid2, &size, out), S_OK);
    assert_int_equal(size, sizeof(data));
    assert_memory_equal(out, data, sizeof(data));
    assert_int_equal(out[4], 0xcccccccc);

    /* Releasing the stored interface before the object is destroyed. */
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, NULL), S_OK);
    --expected;
    assert_int_equal(get_refcount(test_object), expected);
}

static void check_set_name(ID3D12Object *object)
{
    static const WCHAR deadbeef[] = L"deadbeef";
    static const WCHAR empty[] = L"";
    WCHAR name[32];
    UINT size;

    assert_int_equal(object->lpVtbl->SetName(object, empty), S_OK);
    size = sizeof(name);
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &WKPDID_D3DDebugObjectNameW, &size, name), S_OK);
    assert_int_equal(size, sizeof(WCHAR));
    assert_int_equal(object->lpVtbl->SetName(object, deadbeef), S_OK);
    size = sizeof(name);
    assert_int_equal(object->lpVtbl->GetPrivateData(object, &WKPDID_D3DDebugObjectNameW, &size, name), S_OK);
    assert_int_equal(size, sizeof(deadbeef));
    assert_memory_equal(name, deadbeef, sizeof(deadbeef));
    assert_int_equal(object->lpVtbl->SetName(object, NULL), E_INVALIDARG);
}

static void test_device_private_data(void **state)
{
    ID3D12Device *device, *test_object;
    ID3D12Object *object;
    WCHAR *name;

    (void)state;
    device = create_device();
    test_object = create_device_at(620, NULL);
    assert_int_equal(device->lpVtbl->QueryInterface(device, &IID_ID3D12Object, (void **)&object), S_OK);
    check_private_data(object, (IUnknown *)test_object);
    check_set_name(object);
    name = mk_private_data_name(&mk_device_from_iface(device)->obj.private_data);
    assert_non_null(name);
    assert_int_equal(wcscmp(name, L"deadbeef"), 0);
    free(name);

    /* A stored interface is released with the object. */
    assert_int_equal(object->lpVtbl->SetPrivateDataInterface(object, &test_guid, (IUnknown *)test_object), S_OK);
    assert_int_equal(get_refcount(test_object), 2);
    object->lpVtbl->Release(object);
    assert_int_equal(device->lpVtbl->Release(device), 0);
    assert_int_equal(test_object->lpVtbl->Release(test_object), 0);
}

/* ---- Command queues (vkd3d test_create_command_queue()) ---- */

static void test_command_queue(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_COMMAND_LIST_TYPE type;
        INT priority;
        D3D12_COMMAND_QUEUE_FLAGS flags;
        UINT node_mask;
        HRESULT hr;
    }
    rows[] =
    {
        {"direct", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, D3D12_COMMAND_QUEUE_FLAG_NONE,
                0, S_OK},
        {"compute", D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
                D3D12_COMMAND_QUEUE_FLAG_NONE, 0, S_OK},
        {"copy, high, node 1", D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_QUEUE_PRIORITY_HIGH,
                D3D12_COMMAND_QUEUE_FLAG_NONE, 1, S_OK},
        {"no GPU timeout", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
                D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT, 0, S_OK},
        {"bundle", D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, D3D12_COMMAND_QUEUE_FLAG_NONE,
                0, E_INVALIDARG},
        {"type 99", (D3D12_COMMAND_LIST_TYPE)99, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, D3D12_COMMAND_QUEUE_FLAG_NONE,
                0, E_INVALIDARG},
        {"priority 7", D3D12_COMMAND_LIST_TYPE_DIRECT, 7, D3D12_COMMAND_QUEUE_FLAG_NONE, 0, E_INVALIDARG},
        {"flags 0x10", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
                (D3D12_COMMAND_QUEUE_FLAGS)0x10, 0, E_INVALIDARG},
        {"node mask 3", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
                D3D12_COMMAND_QUEUE_FLAG_NONE, 3, E_INVALIDARG},
        {"node mask 0x80000000", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
                D3D12_COMMAND_QUEUE_FLAG_NONE, 0x80000000u, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    D3D12_COMMAND_QUEUE_DESC desc, result;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        desc.Type = rows[i].type;
        desc.Priority = rows[i].priority;
        desc.Flags = rows[i].flags;
        desc.NodeMask = rows[i].node_mask;
        queue = (ID3D12CommandQueue *)(uintptr_t)0xdeadbeef;
        hr = device->lpVtbl->CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
        {
            if (queue)
                row_fail(&failures, i, rows[i].name, "out pointer not cleared");
            if (get_refcount(device) != 1)
                row_fail(&failures, i, rows[i].name, "device refcount %u", (unsigned)get_refcount(device));
            continue;
        }
        /* The queue holds a device reference. */
        if (get_refcount(device) != 2)
            row_fail(&failures, i, rows[i].name, "device refcount %u, expected 2", (unsigned)get_refcount(device));
        result = queue_desc(queue);
        if (result.Type != desc.Type || result.Priority != desc.Priority || result.Flags != desc.Flags
                || result.NodeMask != 1)
            row_fail(&failures, i, rows[i].name, "GetDesc type %#x priority %d flags %#x node mask %#x", result.Type,
                    result.Priority, result.Flags, result.NodeMask);
        if (queue->lpVtbl->Release(queue))
            row_fail(&failures, i, rows[i].name, "queue references left");
    }
    rows_done(&failures);
    assert_int_equal(device->lpVtbl->CreateCommandQueue(device, NULL, &IID_ID3D12CommandQueue, (void **)&queue),
            E_INVALIDARG);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

static void test_command_queue_object(void **state)
{
    static const struct
    {
        const char *name;
        const IID *iid;
        HRESULT hr;
    }
    rows[] =
    {
        {"IUnknown", &IID_IUnknown, S_OK},
        {"ID3D12Object", &IID_ID3D12Object, S_OK},
        {"ID3D12DeviceChild", &IID_ID3D12DeviceChild, S_OK},
        {"ID3D12Pageable", &IID_ID3D12Pageable, S_OK},
        {"ID3D12CommandQueue", &IID_ID3D12CommandQueue, S_OK},
        {"ID3D12Device", &IID_ID3D12Device, E_NOINTERFACE},
        {"ID3D12Fence", &IID_ID3D12Fence, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12Device *device, *test_object, *tmp;
    ID3D12CommandQueue *queue;
    ID3D12Object *object;
    IUnknown *unknown;
    UINT64 frequency;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device();
    assert_int_equal(device->lpVtbl->CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        hr = queue->lpVtbl->QueryInterface(queue, rows[i].iid, (void **)&unknown);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if ((void *)unknown != (void *)queue)
                row_fail(&failures, i, rows[i].name, "not the same object");
            unknown->lpVtbl->Release(unknown);
        }
    }
    rows_done(&failures);
    /* GetDevice AddRefs the device. */
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(queue->lpVtbl->GetDevice(queue, &IID_ID3D12Device, (void **)&tmp), S_OK);
    assert_ptr_equal(tmp, device);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(tmp->lpVtbl->Release(tmp), 2);
    assert_int_equal(queue->lpVtbl->GetDevice(queue, &IID_ID3D12Device, NULL), E_POINTER);

    /* The adapter's timestamp rate (never 0); no fence, no signal. */
    frequency = 0;
    assert_int_equal(queue->lpVtbl->GetTimestampFrequency(queue, &frequency), S_OK);
    assert_int_equal(frequency, mk_command_queue_timestamp_frequency(mk_device_from_iface(device)->adapter));
    assert_true(frequency > 0);
    assert_int_equal(queue->lpVtbl->GetTimestampFrequency(queue, NULL), E_INVALIDARG);
    assert_int_equal(queue->lpVtbl->Signal(queue, NULL, 1), E_INVALIDARG);
    queue->lpVtbl->ExecuteCommandLists(queue, 0, NULL);

    test_object = create_device_at(620, NULL);
    assert_int_equal(queue->lpVtbl->QueryInterface(queue, &IID_ID3D12Object, (void **)&object), S_OK);
    check_private_data(object, (IUnknown *)test_object);
    check_set_name(object);
    object->lpVtbl->Release(object);
    assert_int_equal(test_object->lpVtbl->Release(test_object), 0);

    assert_int_equal(queue->lpVtbl->Release(queue), 0);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

/* ---- Answers from the adapter ---- */

static void test_adapter_answers(void **state)
{
    ID3D12Device *device;
    struct mk_device *impl;
    LUID luid, expected;

    (void)state;
    device = create_device();
    impl = mk_device_from_iface(device);
    assert_int_equal(device->lpVtbl->GetNodeCount(device), caps_adapter_node_count(impl->adapter));
    assert_true(device->lpVtbl->GetNodeCount(device) >= 1);
    luid = device_luid(device);
    expected = caps_adapter_luid(impl->adapter);
    assert_int_equal(luid.LowPart, expected.LowPart);
    assert_int_equal(luid.HighPart, expected.HighPart);
    assert_int_equal(device->lpVtbl->GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

static bool is_uma(const struct caps_adapter *a)
{
    return caps_adapter_uma(a);
}

static bool is_not_uma(const struct caps_adapter *a)
{
    return !caps_adapter_uma(a);
}

/* vkd3d test_create_heap(): DEFAULT -> NOT_AVAILABLE in L0 (UMA) or L1;
 * UPLOAD -> WRITE_BACK (cache-coherent UMA) or WRITE_COMBINE in L0;
 * READBACK -> WRITE_BACK in L0; always Type CUSTOM. */
static void test_custom_heap_properties(void **state)
{
    static bool (*const preds[])(const struct caps_adapter *) = {is_uma, is_not_uma};
    struct row_failures failures = {0};
    const struct caps_adapter *adapter;
    D3D12_HEAP_PROPERTIES props;
    D3D12_CPU_PAGE_PROPERTY upload_page;
    ID3D12Device *device;
    IUnknown *unknown;
    unsigned p, tested = 0;
    bool uma, coherent;

    (void)state;
    for (p = 0; p < ARRAY_SIZE(preds); ++p)
    {
        /* Both kinds are built in (integrated and discrete profiles). */
        if (!(adapter = find_adapter(preds[p])))
            fail_msg("predicate %u: no built-in adapter", p);
        ++tested;
        unknown = adapter_object(adapter);
        device = create_device_at(620, unknown);
        uma = caps_adapter_uma(adapter);
        coherent = caps_adapter_cache_coherent_uma(adapter);
        upload_page = uma && coherent ? D3D12_CPU_PAGE_PROPERTY_WRITE_BACK : D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE;
        {
            const struct
            {
                const char *name;
                D3D12_HEAP_TYPE type;
                D3D12_CPU_PAGE_PROPERTY page;
                D3D12_MEMORY_POOL pool;
            }
            rows[] =
            {
                {"DEFAULT", D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE,
                        uma ? D3D12_MEMORY_POOL_L0 : D3D12_MEMORY_POOL_L1},
                {"UPLOAD", D3D12_HEAP_TYPE_UPLOAD, upload_page, D3D12_MEMORY_POOL_L0},
                {"READBACK", D3D12_HEAP_TYPE_READBACK, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0},
            };
            char name[128];
            unsigned i;

            for (i = 0; i < ARRAY_SIZE(rows); ++i)
            {
                snprintf(name, sizeof(name), "%s, %s", caps_adapter_id(adapter), rows[i].name);
                props = custom_heap_properties(device, 1, rows[i].type);
                if (props.Type != D3D12_HEAP_TYPE_CUSTOM || props.CPUPageProperty != rows[i].page
                        || props.MemoryPoolPreference != rows[i].pool || props.CreationNodeMask != 1
                        || props.VisibleNodeMask != 1)
                    row_fail(&failures, i, name, "type %#x page %#x pool %#x", props.Type, props.CPUPageProperty,
                            props.MemoryPoolPreference);
            }
        }
        /* CUSTOM or unknown: a zeroed struct. */
        props = custom_heap_properties(device, 1, D3D12_HEAP_TYPE_CUSTOM);
        assert_int_equal(props.Type, 0);
        assert_int_equal(props.CPUPageProperty, 0);
        assert_int_equal(device->lpVtbl->Release(device), 0);
        unknown->lpVtbl->Release(unknown);
    }
    rows_done(&failures);
    assert_int_equal(tested, ARRAY_SIZE(preds));
}

/* ---- Unimplemented methods ---- */

static void test_unimplemented_methods(void **state)
{
    D3D12_RESOURCE_DESC desc;
    D3D12_RESOURCE_ALLOCATION_INFO info;
    ID3D12Device *device;
    void *object;

    (void)state;
    device = create_device();
    object = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(device->lpVtbl->OpenSharedHandle(device, NULL, &IID_ID3D12Heap, &object), E_NOTIMPL);
    assert_null(object);
    /* Heaps and resources exist (test_heap.c, test_resource.c): NULL
     * everywhere is refused, without a crash. */
    object = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(device->lpVtbl->CreateHeap(device, NULL, &IID_ID3D12Heap, &object), E_INVALIDARG);
    assert_null(object);
    assert_int_equal(device->lpVtbl->CreateCommittedResource(device, NULL, 0, NULL, 0, NULL, NULL, NULL), E_INVALIDARG);
    memset(&desc, 0, sizeof(desc));
    info = allocation_info(device, 0, 1, &desc);
    assert_true(info.SizeInBytes == UINT64_MAX);
    assert_int_equal(info.Alignment, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT);
    device->lpVtbl->CreateConstantBufferView(device, NULL, (D3D12_CPU_DESCRIPTOR_HANDLE){0});
    assert_int_equal(device->lpVtbl->GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV), 32);
    assert_int_equal(device->lpVtbl->GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES), 0);
    assert_int_equal(device->lpVtbl->Release(device), 0);
}

/* ---- D3D12GetInterface, factories, experimental features ---- */

static void test_get_interface(void **state)
{
    static const struct
    {
        const char *name;
        const CLSID *clsid;
        const IID *iid;
        HRESULT hr;
    }
    rows[] =
    {
        {"SDKConfiguration as ID3D12SDKConfiguration", &CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration,
                S_OK},
        {"SDKConfiguration as ID3D12SDKConfiguration1", &CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
                S_OK},
        {"SDKConfiguration as ID3D12DeviceFactory", &CLSID_D3D12SDKConfiguration, &IID_ID3D12DeviceFactory,
                E_NOINTERFACE},
        {"DeviceFactory as ID3D12DeviceFactory", &CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, S_OK},
        {"DeviceFactory as IUnknown", &CLSID_D3D12DeviceFactory, &IID_IUnknown, S_OK},
        {"DeviceFactory as ID3D12SDKConfiguration", &CLSID_D3D12DeviceFactory, &IID_ID3D12SDKConfiguration,
                E_NOINTERFACE},
        {"Tools as IUnknown", &CLSID_D3D12Tools, &IID_IUnknown, S_OK},
        {"Tools as ID3D12Tools", &CLSID_D3D12Tools, &IID_ID3D12Tools, S_OK},
        {"Tools as ID3D12Debug", &CLSID_D3D12Tools, &IID_ID3D12Debug, E_NOINTERFACE},
        {"IID_ID3D12Device as a CLSID", &IID_ID3D12Device, &IID_IUnknown, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    IUnknown *unknown;
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
        hr = D3D12GetInterface(rows[i].clsid, rows[i].iid, (void **)&unknown);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if (unknown->lpVtbl->Release(unknown))
                row_fail(&failures, i, rows[i].name, "references left");
        }
        else if (unknown)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
    }
    rows_done(&failures);
}

static void test_device_factory(void **state)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *a, *b;
    mockd3d12_runtime current;
    HRESULT hr;

    (void)state;
    hr = D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&config);
    assert_int_equal(hr, S_OK);
    /* An impossible version: the factory is not created. */
    factory = (ID3D12DeviceFactory *)(uintptr_t)0xdeadbeef;
    hr = config->lpVtbl->CreateDeviceFactory(config, 0, ".", &IID_ID3D12DeviceFactory, (void **)&factory);
    assert_true(FAILED(hr));
    assert_null(factory);

    hr = config->lpVtbl->CreateDeviceFactory(config, 615, ".", &IID_ID3D12DeviceFactory, (void **)&factory);
    assert_int_equal(hr, S_OK);
    assert_int_equal(factory->lpVtbl->GetFlags(factory), D3D12_DEVICE_FACTORY_FLAG_NONE);
    assert_int_equal(factory->lpVtbl->SetFlags(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE), S_OK);
    assert_int_equal(factory->lpVtbl->GetFlags(factory), D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE);
    assert_int_equal(factory->lpVtbl->SetFlags(factory, (D3D12_DEVICE_FACTORY_FLAGS)0x100), E_INVALIDARG);

    /* Independent devices at the factory's version. */
    assert_int_equal(factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL),
            S_FALSE);
    assert_int_equal(factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_10_0, &IID_ID3D12Device,
            (void **)&a), E_INVALIDARG);
    assert_int_equal(factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&a), S_OK);
    assert_int_equal(factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&b), S_OK);
    assert_ptr_not_equal(a, b);
    assert_int_equal(get_refcount(a), 1);
    assert_int_equal(mockd3d12_runtime_effective_version(&mk_device_from_iface(a)->runtime), 615);
    assert_false(mk_device_from_iface(a)->global);
    assert_int_equal(a->lpVtbl->Release(a), 0);
    assert_int_equal(b->lpVtbl->Release(b), 0);
    factory->lpVtbl->Release(factory);
    config->lpVtbl->Release(config);

    /* CLSID_D3D12DeviceFactory: a factory at the current runtime. */
    hr = D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory);
    assert_int_equal(hr, S_OK);
    assert_int_equal(factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&a), S_OK);
    clamp_runtime_current(&current);
    assert_int_equal(mk_device_from_iface(a)->runtime.sdk_version, current.sdk_version);
    assert_int_equal(a->lpVtbl->Release(a), 0);
    assert_int_equal(factory->lpVtbl->Release(factory), 0);
}

/* ID3D12SDKConfiguration::SetSDKVersion: S_OK for any version and path, as
 * on Windows; the choice is the runtime of devices created afterwards, and a
 * version no runtime exists for fails that creation. */
static void test_sdk_configuration_set_version(void **state)
{
    const struct
    {
        const char *name;
        UINT version;
        const char *path;
        HRESULT create;
        UINT effective;
    }
    rows[] =
    {
        {"retail 615", 615, ".\\D3D12\\", S_OK, 615},
        {"preview 716", 716, "D3D12", S_OK, 716},
        {"retail 608, NULL path", 608, NULL, S_OK, 608},
        {"0", 0, ".\\D3D12\\", E_INVALIDARG, 0},
        {"nonsense version and path", 0xffffffffu, "\\no\\such\\dir", E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    ID3D12SDKConfiguration1 *config;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    (void)state;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&config),
            S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        mockd3d12_reset();
        if ((hr = config->lpVtbl->SetSDKVersion(config, rows[i].version, rows[i].path)) != S_OK)
            row_fail(&failures, i, rows[i].name, "SetSDKVersion: hr %#x.", (unsigned)hr);
        if (clamp_runtime_sdk_configuration() != rows[i].version)
            row_fail(&failures, i, rows[i].name, "recorded %u.", clamp_runtime_sdk_configuration());
        device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        if (hr != rows[i].create)
            row_fail(&failures, i, rows[i].name, "D3D12CreateDevice: hr %#x, expected %#x.", (unsigned)hr,
                    (unsigned)rows[i].create);
        if (FAILED(hr))
        {
            if (device)
                row_fail(&failures, i, rows[i].name, "output not cleared.");
            if (!strstr(mockd3d12_last_error(), "SetSDKVersion"))
                row_fail(&failures, i, rows[i].name, "last error \"%s\".", mockd3d12_last_error());
            continue;
        }
        if (mockd3d12_runtime_effective_version(&mk_device_from_iface(device)->runtime) != rows[i].effective)
            row_fail(&failures, i, rows[i].name, "device runs at %u.",
                    mockd3d12_runtime_effective_version(&mk_device_from_iface(device)->runtime));
        device->lpVtbl->Release(device);
    }
    rows_done(&failures);
    /* mockd3d12_reset() forgets the choice: the default runtime again. */
    mockd3d12_reset();
    assert_int_equal(clamp_runtime_sdk_configuration(), 0);
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    assert_int_equal(mk_device_from_iface(device)->runtime.sdk_version, 620);
    device->lpVtbl->Release(device);
    config->lpVtbl->Release(config);
}

static void test_experimental_features(void **state)
{
    static const IID unknown_feature = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    /* d3d12.h: E_NOINTERFACE for an unrecognized feature. */
    const struct
    {
        const char *name;
        UINT count;
        const IID *iids;
        HRESULT hr;
    }
    rows[] =
    {
        {"none", 0, NULL, S_OK},
        {"ExperimentalShaderModels", 1, &D3D12ExperimentalShaderModels, S_OK},
        {"TiledResourceTier4", 1, &D3D12TiledResourceTier4, S_OK},
        {"an unknown feature", 1, &unknown_feature, E_NOINTERFACE},
        {"one, NULL", 1, NULL, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        hr = D3D12EnableExperimentalFeatures(rows[i].count, rows[i].iids, NULL, NULL);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
    }
    rows_done(&failures);
}

/* ---- Control API ---- */

static void test_control(void **state)
{
    IUnknown *unknown;

    (void)state;
    assert_string_equal(mockd3d12_version(), MOCKD3D12_VERSION_STRING);
    unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
    assert_int_equal(mockd3d12_get_adapter("no-such-adapter-id", &unknown), E_INVALIDARG);
    assert_null(unknown);
    assert_non_null(strstr(mockd3d12_last_error(), "mockd3d12_get_adapter"));
    assert_int_equal(mockd3d12_get_adapter(NULL, NULL), E_POINTER);

    /* The adapter object: IUnknown and our private interface only. */
    assert_int_equal(mockd3d12_get_adapter(NULL, &unknown), S_OK);
    assert_ptr_equal(mk_adapter_from_iunknown(unknown), caps_adapter_default(NULL, 0));
    assert_int_equal(unknown->lpVtbl->Release(unknown), 0);

    mockd3d12_reset();
    assert_string_equal(mockd3d12_last_error(), "");
}

/* ---- Coverage rows: the argument checks of the newer device methods, with the debug layer ---- */

/*
 * The argument checks of the device's newer methods and of the objects it
 * makes (docs/objects.md) that the rows above leave out:
 * SetEventOnMultipleFenceCompletion past its eight-fence stack buffer,
 * SetResidencyPriority and EnqueueMakeResident refusing NULL arrays, NULL
 * IIDs, a removed factory device, adapters that are UMA without cache
 * coherence, or cache-coherent UMA, or have 32 nodes, and meta commands read
 * into a buffer shorter than the stage's list. Each row names the HRESULT,
 * the debug-layer message and what must not have been written.
 */

static const char profile_uma_not_coherent[] =
        "{\"id\": \"edges-uma\", \"description\": \"UMA, not cache coherent\", \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"ARCHITECTURE1\": {\"UMA\": true, \"CacheCoherentUMA\": false}}}";

static const char profile_uma_coherent[] =
        "{\"id\": \"edges-uma-coherent\", \"description\": \"UMA, cache coherent\", \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"ARCHITECTURE1\": {\"UMA\": true, \"CacheCoherentUMA\": true}}}";

static const char profile_32_nodes[] =
        "{\"id\": \"edges-32-nodes\", \"description\": \"32 nodes\", \"inherits\": \"nvidia-rtx-4090\","
        " \"adapter\": {\"nodeCount\": 32}}";

static const char profile_meta[] =
        "{\"id\": \"edges-meta\", \"description\": \"one meta command\", \"inherits\": \"nvidia-rtx-4090\","
        " \"metaCommands\": [{\"Id\": \"{0C9FD0D2-BD49-4E53-B21C-C0A01B32EE76}\", \"Name\": \"conv\","
        " \"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 16, \"Parameters\": ["
        " {\"Name\": \"first\", \"Type\": 4, \"StructureOffset\": 0},"
        " {\"Name\": \"second\", \"Type\": 4, \"StructureOffset\": 8}]}}]}";
static const GUID meta_id = {0x0c9fd0d2, 0xbd49, 0x4e53, {0xb2, 0x1c, 0xc0, 0xa0, 0x1b, 0x32, 0xee, 0x76}};

/* The only stored message's text (a static buffer) and id; NULL when the
 * queue holds no message or more than one. */
static const char *only_message(ID3D12InfoQueue *queue, D3D12_MESSAGE_ID *id)
{
    static char text[1024];
    D3D12_MESSAGE *m;
    SIZE_T size = 0;

    if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
        return NULL;
    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, 0, NULL, &size), S_OK);
    assert_non_null(m = malloc(size));
    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, 0, m, &size), S_OK);
    snprintf(text, sizeof(text), "%s", m->pDescription);
    *id = m->ID;
    free(m);
    return text;
}

static ID3D12Fence *create_fence(ID3D12Device *device, UINT64 value)
{
    ID3D12Fence *fence = NULL;

    assert_int_equal(ID3D12Device_CreateFence(device, value, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&fence), S_OK);
    assert_non_null(fence);
    return fence;
}

/* A WCHAR string equals an ASCII one. */
static bool wide_equal(const WCHAR *wide, const char *ascii)
{
    while (*ascii && *wide == (WCHAR)*ascii)
        ++wide, ++ascii;
    return !*ascii && !*wide;
}

#define FENCES 9 /* one more than SetEventOnMultipleFenceCompletion keeps on its stack */

struct fixture
{
    ID3D12Device *device;
    ID3D12Device1 *device1;
    ID3D12Device3 *device3;
    ID3D12Device6 *device6;
    ID3D12Fence *fences[FENCES];
    UINT64 values[FENCES];
    HANDLE event;
};

static HRESULT multiple_null_fences(struct fixture *f)
{
    return ID3D12Device1_SetEventOnMultipleFenceCompletion(f->device1, NULL, f->values, 1,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, f->event);
}

static HRESULT multiple_nine_one_not_a_fence(struct fixture *f)
{
    ID3D12Fence *fences[FENCES];

    memcpy(fences, f->fences, sizeof(fences));
    fences[FENCES - 1] = NULL;
    return ID3D12Device1_SetEventOnMultipleFenceCompletion(f->device1, fences, f->values, FENCES,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, f->event);
}

static HRESULT multiple_nine(struct fixture *f)
{
    HRESULT hr = ID3D12Device1_SetEventOnMultipleFenceCompletion(f->device1, f->fences, f->values, FENCES,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, f->event);

    /* Every fence has reached its value: the event is set at once. */
    if (SUCCEEDED(hr) && event_wait(f->event, 0) != WAIT_OBJECT_0)
        return E_FAIL;
    return hr;
}

static HRESULT multiple_nine_out_of_memory(struct fixture *f)
{
    HRESULT hr;

    mk_alloc_fail_after(0);
    hr = ID3D12Device1_SetEventOnMultipleFenceCompletion(f->device1, f->fences, f->values, FENCES,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, f->event);
    mk_alloc_fail_after(-1);
    return hr;
}

static HRESULT residency_no_priorities(struct fixture *f)
{
    ID3D12Pageable *objects[2] = {(ID3D12Pageable *)f->fences[0], (ID3D12Pageable *)f->fences[1]};

    return ID3D12Device1_SetResidencyPriority(f->device1, 2, objects, NULL);
}

static HRESULT residency_null_object(struct fixture *f)
{
    ID3D12Pageable *objects[2] = {(ID3D12Pageable *)f->fences[0], NULL};
    D3D12_RESIDENCY_PRIORITY priorities[2] = {D3D12_RESIDENCY_PRIORITY_NORMAL, D3D12_RESIDENCY_PRIORITY_HIGH};

    return ID3D12Device1_SetResidencyPriority(f->device1, 2, objects, priorities);
}

static HRESULT enqueue_no_objects(struct fixture *f)
{
    return ID3D12Device3_EnqueueMakeResident(f->device3, D3D12_RESIDENCY_FLAG_NONE, 3, NULL, f->fences[0], 5);
}

static HRESULT background_no_outputs(struct fixture *f)
{
    return ID3D12Device6_SetBackgroundProcessingMode(f->device6, D3D12_BACKGROUND_PROCESSING_MODE_ALLOWED,
            D3D12_MEASUREMENTS_ACTION_KEEP_ALL, NULL, NULL);
}

static void test_argument_checks(void **state)
{
    static const struct
    {
        const char *name;
        HRESULT (*call)(struct fixture *f);
        HRESULT hr;
        D3D12_MESSAGE_ID id;
        const char *message;
        UINT64 fence0; /* fences[0]'s value afterwards */
    }
    rows[] =
    {
        {"SetEventOnMultipleFenceCompletion, NULL ppFences", multiple_null_fences, E_INVALIDARG,
                D3D12_MESSAGE_ID_SETEVENTONMULTIPLEFENCECOMPLETION_INVALIDFLAGS,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: ppFences is NULL; returning E_INVALIDARG.", 1},
        {"SetEventOnMultipleFenceCompletion, nine, the last no fence", multiple_nine_one_not_a_fence, E_INVALIDARG,
                D3D12_MESSAGE_ID_SETEVENTONMULTIPLEFENCECOMPLETION_INVALIDFLAGS,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: ppFences[8] is not a fence; returning E_INVALIDARG.",
                1},
        {"SetEventOnMultipleFenceCompletion, nine fences", multiple_nine, S_OK, 0, NULL, 1},
        {"SetEventOnMultipleFenceCompletion, nine, out of memory", multiple_nine_out_of_memory, E_OUTOFMEMORY, 0,
                NULL, 1},
        {"SetResidencyPriority, NULL pPriorities", residency_no_priorities, E_INVALIDARG,
                D3D12_MESSAGE_ID_SETRESIDENCYPRIORITY_INVALID_PAGEABLE,
                "ID3D12Device1::SetResidencyPriority: pPriorities is NULL (NumObjects 2); returning E_INVALIDARG.", 1},
        {"SetResidencyPriority, a NULL object", residency_null_object, E_INVALIDARG,
                D3D12_MESSAGE_ID_SETRESIDENCYPRIORITY_INVALID_PAGEABLE,
                "ID3D12Device1::SetResidencyPriority: an object is NULL (NumObjects 2); returning E_INVALIDARG.", 1},
        {"EnqueueMakeResident, NULL ppObjects", enqueue_no_objects, E_INVALIDARG,
                D3D12_MESSAGE_ID_MAKERESIDENT_NULLOBJECTARRAY,
                "ID3D12Device::EnqueueMakeResident: ppObjects is NULL but NumObjects is 3; returning E_INVALIDARG.", 1},
        {"SetBackgroundProcessingMode, no event, no pbFurtherMeasurementsDesired", background_no_outputs, S_OK, 0,
                NULL, 1},
    };
    struct row_failures failures = {0};
    struct fixture f = {0};
    ID3D12InfoQueue *info;
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    f.device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_QueryInterface(f.device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(f.device, &IID_ID3D12Device1, (void **)&f.device1), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(f.device, &IID_ID3D12Device3, (void **)&f.device3), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(f.device, &IID_ID3D12Device6, (void **)&f.device6), S_OK);
    for (i = 0; i < FENCES; ++i)
    {
        f.fences[i] = create_fence(f.device, i + 1);
        f.values[i] = i + 1;
    }
    f.event = event_create();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12InfoQueue_ClearStoredMessages(info);
        (void)event_wait(f.event, 0); /* auto-reset: drained */
        hr = rows[i].call(&f);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (!rows[i].message)
        {
            if (ID3D12InfoQueue_GetNumStoredMessages(info))
                row_fail(&failures, i, rows[i].name, "%llu messages, expected none",
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        }
        else if (!(text = only_message(info, &id)))
            row_fail(&failures, i, rows[i].name, "%llu messages, expected one",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        else if (id != rows[i].id || strcmp(text, rows[i].message))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (ID3D12Fence_GetCompletedValue(f.fences[0]) != rows[i].fence0)
            row_fail(&failures, i, rows[i].name, "fences[0] is at %llu",
                    (unsigned long long)ID3D12Fence_GetCompletedValue(f.fences[0]));
    }
    rows_done(&failures);
    event_destroy(f.event);
    for (i = 0; i < FENCES; ++i)
        ID3D12Fence_Release(f.fences[i]);
    ID3D12Device6_Release(f.device6);
    ID3D12Device3_Release(f.device3);
    ID3D12Device1_Release(f.device1);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(f.device), 0);
}

/* ---- NULL IIDs and outputs ---- */

static void test_null_iids(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    static const GUID some_guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    UINT64 gpu = 7, cpu = 7;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    ID3D12Fence *fence;
    ID3D12Tools *tools;
    void *out;

    (void)state;
    device = create_device_with_profile(NULL, NULL);

    out = SENTINEL;
    assert_int_equal(ID3D12Device_QueryInterface(device, NULL, &out), E_INVALIDARG);
    assert_null(out);
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, NULL, &out), E_INVALIDARG);
    assert_null(out);
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(ID3D12Device_SetPrivateData(device, NULL, 4, "abcd"), E_INVALIDARG);
    assert_int_equal(ID3D12Device_SetPrivateDataInterface(device, NULL, (IUnknown *)device), E_INVALIDARG);
    assert_int_equal(ID3D12Device_SetPrivateData(device, &some_guid, 4, "abcd"), S_OK);

    fence = create_fence(device, 3);
    out = SENTINEL;
    assert_int_equal(ID3D12Fence_QueryInterface(fence, NULL, &out), E_INVALIDARG);
    assert_null(out);
    ID3D12Fence_Release(fence);

    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12CommandQueue_QueryInterface(queue, &IID_ID3D12CommandQueue, NULL), E_POINTER);
    out = SENTINEL;
    /* No IID: E_INVALIDARG, as every object's QueryInterface (one base, src/com/object.c). */
    assert_int_equal(ID3D12CommandQueue_QueryInterface(queue, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(ID3D12CommandQueue_GetClockCalibration(queue, &gpu, NULL), E_INVALIDARG);
    assert_int_equal(ID3D12CommandQueue_GetClockCalibration(queue, NULL, &cpu), E_INVALIDARG);
    assert_int_equal(gpu, 7);
    assert_int_equal(cpu, 7);
    ID3D12CommandQueue_Release(queue);

    assert_int_equal(D3D12GetInterface(&CLSID_D3D12Tools, &IID_ID3D12Tools, (void **)&tools), S_OK);
    out = SENTINEL;
    assert_int_equal(ID3D12Tools_QueryInterface(tools, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(ID3D12Tools_Release(tools), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- A removed device of a device factory ---- */

/* A factory's device is not the cached one: RemoveDevice has no cache entry
 * to drop, and SetStablePowerState, CreateFence and CreateCommandQueue
 * answer DXGI_ERROR_DEVICE_REMOVED from then on. */
static void test_removed_factory_device(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device5 *device5;
    ID3D12Device *device, *cached;
    void *out;

    (void)state;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
            (void **)&config), S_OK);
    assert_int_equal(ID3D12SDKConfiguration1_CreateDeviceFactory(config, 614, ".\\D3D12\\", &IID_ID3D12DeviceFactory,
            (void **)&factory), S_OK);
    assert_int_equal(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device5,
            (void **)&device5), S_OK);
    cached = create_device_with_profile(NULL, NULL);
    assert_ptr_not_equal((void *)cached, (void *)device5);

    assert_int_equal(ID3D12Device5_SetStablePowerState(device5, TRUE), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    assert_int_equal(ID3D12Device5_GetDeviceRemovedReason(device5), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device5_SetStablePowerState(device5, TRUE), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device5_SetStablePowerState(device5, FALSE), DXGI_ERROR_DEVICE_REMOVED);
    out = SENTINEL;
    assert_int_equal(ID3D12Device5_CreateFence(device5, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, &out),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(out);
    out = SENTINEL;
    assert_int_equal(ID3D12Device5_CreateCommandQueue(device5, &desc, &IID_ID3D12CommandQueue, &out),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(out);

    /* The cached device of the same adapter is untouched. */
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(cached), S_OK);
    ID3D12Device_QueryInterface(cached, &IID_ID3D12Device, (void **)&device);
    assert_ptr_equal(device, cached);
    ID3D12Device_Release(device);
    assert_int_equal(ID3D12Device_Release(cached), 0);
    assert_int_equal(ID3D12Device5_Release(device5), 0);
    ID3D12DeviceFactory_Release(factory);
    ID3D12SDKConfiguration1_Release(config);
}

/* UMA without cache coherence: upload heaps are write-combined in L0
 * (docs/objects.md, "GetCustomHeapProperties"). */
static void test_uma_not_cache_coherent(void **state)
{
    D3D12_HEAP_PROPERTIES props;
    ID3D12Device *device;

    (void)state;
    device = create_device_with_profile(profile_uma_not_coherent, "edges-uma");
    props = custom_heap_properties(device, 0, D3D12_HEAP_TYPE_UPLOAD);
    assert_int_equal(props.Type, D3D12_HEAP_TYPE_CUSTOM);
    assert_int_equal(props.CPUPageProperty, D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE);
    assert_int_equal(props.MemoryPoolPreference, D3D12_MEMORY_POOL_L0);
    props = custom_heap_properties(device, 0, D3D12_HEAP_TYPE_DEFAULT);
    assert_int_equal(props.CPUPageProperty, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE);
    assert_int_equal(props.MemoryPoolPreference, D3D12_MEMORY_POOL_L0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* With 32 nodes every single bit names a node; two bits never do. The
 * three priorities are accepted, any other value is not. */
static void test_queue_nodes_and_priorities(void **state)
{
    static const struct
    {
        const char *name;
        INT priority;
        UINT node_mask;
        HRESULT hr;
    }
    rows[] =
    {
        {"node 31", D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, 1u << 31, S_OK},
        {"node 0 by mask 0", D3D12_COMMAND_QUEUE_PRIORITY_HIGH, 0, S_OK},
        {"nodes 30 and 31", D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, 3u << 30, E_INVALIDARG},
        {"global realtime", D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME, 1, S_OK},
        {"priority 1", 1, 1, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    D3D12_COMMAND_QUEUE_DESC desc;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device_with_profile(profile_32_nodes, "edges-32-nodes");
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        desc.Type = D3D12_COMMAND_LIST_TYPE_COMPUTE;
        desc.Priority = rows[i].priority;
        desc.Flags = D3D12_COMMAND_QUEUE_FLAG_NONE;
        desc.NodeMask = rows[i].node_mask;
        queue = SENTINEL;
        hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr) && queue)
            ID3D12CommandQueue_Release(queue);
        else if (queue)
            row_fail(&failures, i, rows[i].name, "the queue pointer was not cleared");
        /* The probe with no output answers the same check. */
        hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, NULL);
        if (hr != (rows[i].hr == S_OK ? S_FALSE : E_INVALIDARG))
            row_fail(&failures, i, rows[i].name, "probe hr %#x", (unsigned)hr);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A meta command with two execution parameters: a NULL id names none, and
 * a buffer of one parameter gets the first one and a count of 1. */
static void test_meta_command_parameters(void **state)
{
    D3D12_META_COMMAND_PARAMETER_DESC descs[2];
    D3D12_META_COMMAND_DESC command;
    ID3D12Device5 *device5;
    ID3D12Device *device;
    UINT count, size;

    (void)state;
    device = create_device_with_profile(profile_meta, "edges-meta");
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    count = 1;
    assert_int_equal(ID3D12Device5_EnumerateMetaCommands(device5, &count, &command), S_OK);
    assert_int_equal(count, 1);
    assert_memory_equal(&command.Id, &meta_id, sizeof(GUID));

    count = size = 0xdeadbeef;
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, NULL,
            D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION, &size, &count, descs), E_INVALIDARG);
    assert_int_equal(count, 0xdeadbeef);
    assert_int_equal(size, 0xdeadbeef);

    memset(descs, 0xa5, sizeof(descs));
    count = 1;
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device5, &meta_id,
            D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION, &size, &count, descs), S_OK);
    assert_int_equal(count, 1);
    assert_int_equal(size, 16);
    assert_true(wide_equal(descs[0].Name, "first"));
    assert_int_equal(descs[0].StructureOffset, 0);
    assert_int_equal(descs[0].Type, 4);
    {
        D3D12_META_COMMAND_PARAMETER_DESC canary;

        memset(&canary, 0xa5, sizeof(canary));
        assert_memory_equal(&descs[1], &canary, sizeof(canary));
    }
    ID3D12Device5_Release(device5);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* Cache-coherent UMA: upload heaps are write-back; SetResidencyPriority of
 * nothing needs no arrays. */
static void test_uma_coherent_and_no_residency(void **state)
{
    D3D12_HEAP_PROPERTIES props;
    ID3D12Device *device;
    ID3D12Device1 *device1;

    (void)state;
    device = create_device_with_profile(profile_uma_coherent, "edges-uma-coherent");
    props = custom_heap_properties(device, 0, D3D12_HEAP_TYPE_UPLOAD);
    assert_int_equal(props.CPUPageProperty, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
    assert_int_equal(props.MemoryPoolPreference, D3D12_MEMORY_POOL_L0);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    assert_int_equal(ID3D12Device1_SetResidencyPriority(device1, 0, NULL, NULL), S_OK);
    ID3D12Device1_Release(device1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Coverage rows: the entry points' arguments, the runtime variables, out of memory ---- */

/*
 * The argument checks of the D3D12 entry points and of the device factory
 * and SDK configuration objects (src/api/entry_points.c) that the rows above
 * do not reach, one row each: the HRESULT, and the out-pointer
 * cleared or left alone as the entry point does.
 * And a malformed runtime variable, and out of memory for the factory, the
 * SDK configuration and the factory's devices.
 */

enum entry_call
{
    GET_INTERFACE_NO_CLSID,
    GET_INTERFACE_NO_IID,
    GET_INTERFACE_DEBUG,
    GET_INTERFACE_FACTORY_NULL_OUT,
    GET_INTERFACE_CONFIGURATION_NULL_OUT,
    FACTORY_QI_NULL_OUT,
    FACTORY_QI_NO_IID,
    FACTORY_CREATE_DEVICE_NO_IID,
    FACTORY_EXPERIMENTAL_TOO_MANY,
    FACTORY_EXPERIMENTAL_CONFIG_SIZE,
    FACTORY_EXPERIMENTAL_CONFIG_SIZE_0,
    CONFIGURATION_QI_NULL_OUT,
    CONFIGURATION_QI_1,
    CONFIGURATION_QI_NO_IID,
    CONFIGURATION_QI_IUNKNOWN,
    CONFIGURATION_CREATE_FACTORY_NULL_OUT,
    SERIALIZE_NULL_BLOBS,
    SERIALIZE_VERSIONED_NULL_BLOBS,
    DESERIALIZER_NULL_OUT,
    VERSIONED_DESERIALIZER_NULL_OUT,
    LIBRARY_DESERIALIZER_NULL_OUT,
};

static const struct
{
    const char *name;
    enum entry_call call;
    HRESULT hr;
    int out_state; /* 0: untouched, 1: NULL, 2: an object (released) */
}
entry_point_rows[] = {
    {"D3D12GetInterface, no CLSID", GET_INTERFACE_NO_CLSID, E_INVALIDARG, 1},
    {"D3D12GetInterface, no IID", GET_INTERFACE_NO_IID, E_INVALIDARG, 1},
    {"D3D12GetInterface, CLSID_D3D12Debug", GET_INTERFACE_DEBUG, S_OK, 2},
    {"D3D12GetInterface, device factory, NULL out", GET_INTERFACE_FACTORY_NULL_OUT, E_POINTER, 0},
    {"D3D12GetInterface, SDK configuration, NULL out", GET_INTERFACE_CONFIGURATION_NULL_OUT, E_POINTER, 0},
    {"device factory QueryInterface, NULL out", FACTORY_QI_NULL_OUT, E_POINTER, 0},
    {"device factory QueryInterface, no IID", FACTORY_QI_NO_IID, E_INVALIDARG, 1},
    {"device factory CreateDevice, no IID", FACTORY_CREATE_DEVICE_NO_IID, E_INVALIDARG, 1},
    {"device factory, 17 experimental features", FACTORY_EXPERIMENTAL_TOO_MANY, E_INVALIDARG, 0},
    {"device factory, an experimental feature's config size", FACTORY_EXPERIMENTAL_CONFIG_SIZE, E_INVALIDARG, 0},
    {"device factory, a config size of 0", FACTORY_EXPERIMENTAL_CONFIG_SIZE_0, S_OK, 0},
    {"SDK configuration QueryInterface, NULL out", CONFIGURATION_QI_NULL_OUT, E_POINTER, 0},
    {"SDK configuration QueryInterface, no IID", CONFIGURATION_QI_NO_IID, E_INVALIDARG, 1},
    {"SDK configuration QueryInterface, IUnknown", CONFIGURATION_QI_IUNKNOWN, S_OK, 2},
    {"SDK configuration QueryInterface, ID3D12SDKConfiguration1", CONFIGURATION_QI_1, S_OK, 2},
    {"SDK configuration CreateDeviceFactory, NULL out", CONFIGURATION_CREATE_FACTORY_NULL_OUT, E_POINTER, 0},
    {"D3D12SerializeRootSignature, no blobs", SERIALIZE_NULL_BLOBS, E_INVALIDARG, 0},
    {"D3D12SerializeVersionedRootSignature, no blobs", SERIALIZE_VERSIONED_NULL_BLOBS, E_INVALIDARG, 0},
    {"D3D12CreateRootSignatureDeserializer, NULL out", DESERIALIZER_NULL_OUT, E_POINTER, 0},
    {"D3D12CreateVersionedRootSignatureDeserializer, NULL out", VERSIONED_DESERIALIZER_NULL_OUT, E_POINTER, 0},
    {"...DeserializerFromSubobjectInLibrary, NULL out", LIBRARY_DESERIALIZER_NULL_OUT, E_POINTER, 0},
};

HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(LPCVOID data, SIZE_T size,
        LPCWSTR subobject_name, REFIID riid, void **deserializer);

static HRESULT run_entry_call(ID3D12DeviceFactory *factory, ID3D12SDKConfiguration1 *configuration, enum entry_call call,
        void **out)
{
    IID iids[17];
    UINT sizes[1] = {4}, no_sizes[1] = {0};
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(iids); ++i)
        iids[i] = D3D12ExperimentalShaderModels;
    switch (call)
    {
        case GET_INTERFACE_NO_CLSID: return D3D12GetInterface(NULL, &IID_ID3D12Debug, out);
        case GET_INTERFACE_NO_IID: return D3D12GetInterface(&CLSID_D3D12Debug, NULL, out);
        case GET_INTERFACE_DEBUG: return D3D12GetInterface(&CLSID_D3D12Debug, &IID_ID3D12Debug, out);
        case GET_INTERFACE_FACTORY_NULL_OUT:
            return D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, NULL);
        case GET_INTERFACE_CONFIGURATION_NULL_OUT:
            return D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration, NULL);
        case FACTORY_QI_NULL_OUT: return ID3D12DeviceFactory_QueryInterface(factory, &IID_IUnknown, NULL);
        case FACTORY_QI_NO_IID: return ID3D12DeviceFactory_QueryInterface(factory, NULL, out);
        case FACTORY_CREATE_DEVICE_NO_IID:
            return ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, NULL, out);
        case FACTORY_EXPERIMENTAL_TOO_MANY:
            return ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 17, iids, NULL, NULL);
        case FACTORY_EXPERIMENTAL_CONFIG_SIZE:
            return ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, iids, NULL, sizes);
        case FACTORY_EXPERIMENTAL_CONFIG_SIZE_0:
            return ID3D12DeviceFactory_EnableExperimentalFeatures(factory, 1, iids, NULL, no_sizes);
        case CONFIGURATION_QI_NO_IID:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, NULL, out);
        case CONFIGURATION_QI_IUNKNOWN:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, &IID_IUnknown, out);
        case CONFIGURATION_QI_NULL_OUT:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, &IID_IUnknown, NULL);
        case CONFIGURATION_QI_1:
            return ID3D12SDKConfiguration1_QueryInterface(configuration, &IID_ID3D12SDKConfiguration1, out);
        case CONFIGURATION_CREATE_FACTORY_NULL_OUT:
            return ID3D12SDKConfiguration1_CreateDeviceFactory(configuration, 620, ".", &IID_ID3D12DeviceFactory, NULL);
        case SERIALIZE_NULL_BLOBS: return D3D12SerializeRootSignature(NULL, D3D_ROOT_SIGNATURE_VERSION_1_0, NULL, NULL);
        case SERIALIZE_VERSIONED_NULL_BLOBS: return D3D12SerializeVersionedRootSignature(NULL, NULL, NULL);
        case DESERIALIZER_NULL_OUT:
            return D3D12CreateRootSignatureDeserializer(NULL, 0, &IID_ID3D12RootSignatureDeserializer, NULL);
        case VERSIONED_DESERIALIZER_NULL_OUT:
            return D3D12CreateVersionedRootSignatureDeserializer(NULL, 0,
                    &IID_ID3D12VersionedRootSignatureDeserializer, NULL);
        case LIBRARY_DESERIALIZER_NULL_OUT:
            return D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(NULL, 0, L"x",
                    &IID_ID3D12VersionedRootSignatureDeserializer, NULL);
    }
    return E_FAIL;
}

static void test_entry_point_arguments(void **state)
{
    struct row_failures failures = {0};
    ID3D12DeviceFactory *factory = NULL;
    ID3D12SDKConfiguration1 *configuration = NULL;
    unsigned i;

    (void)state;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
            (void **)&configuration), S_OK);
    for (i = 0; i < ARRAY_SIZE(entry_point_rows); ++i)
    {
        void *out = POISON;
        HRESULT hr = run_entry_call(factory, configuration, entry_point_rows[i].call, &out);

        if (hr != entry_point_rows[i].hr)
            row_fail(&failures, i, entry_point_rows[i].name, "hr %#x, expected %#x", (unsigned)hr,
                    (unsigned)entry_point_rows[i].hr);
        if (entry_point_rows[i].out_state == 2 && out && out != POISON)
            IUnknown_Release((IUnknown *)out);
        else if (entry_point_rows[i].out_state == 2
                || (entry_point_rows[i].out_state == 1 ? out != NULL : out != POISON))
            row_fail(&failures, i, entry_point_rows[i].name, "out is %p", out);
    }
    assert_int_equal(ID3D12SDKConfiguration1_Release(configuration), 0);
    assert_int_equal(ID3D12DeviceFactory_Release(factory), 0);
    rows_done(&failures);
}

/* A malformed runtime variable fails D3D12CreateDevice (with no out pointer
 * to clear) and the device factory's creation; out of memory for the
 * factory, the SDK configuration and the factory's devices: E_OUTOFMEMORY,
 * nothing handed out. */
static void test_environment_and_memory(void **state)
{
    ID3D12DeviceFactory *factory;
    ID3D12Device *device;
    void *out;
    HRESULT hr;
    long n;

    (void)state;
    test_setenv("MOCKD3D12_SDK_VERSION", "six hundred");
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), E_INVALIDARG);
    if (!strstr(mockd3d12_last_error(), "D3D12CreateDevice: MOCKD3D12_SDK_VERSION"))
        fail_msg("last error \"%s\"", mockd3d12_last_error());
    out = POISON;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, &out), E_INVALIDARG);
    assert_null(out);
    test_unsetenv("MOCKD3D12_SDK_VERSION");

    out = POISON;
    mk_alloc_fail_after(0);
    hr = D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, &out);
    mk_alloc_fail_after(-1);
    assert_int_equal(hr, E_OUTOFMEMORY);
    assert_null(out);
    out = POISON;
    mk_alloc_fail_after(0);
    hr = D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, &out);
    mk_alloc_fail_after(-1);
    assert_int_equal(hr, E_OUTOFMEMORY);
    assert_null(out);

    assert_int_equal(D3D12GetInterface(&CLSID_D3D12DeviceFactory, &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    for (n = 0;; ++n)
    {
        device = POISON;
        mk_alloc_fail_after(n);
        hr = ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                (void **)&device);
        mk_alloc_fail_after(-1);
        if (SUCCEEDED(hr))
            break;
        if (hr != E_OUTOFMEMORY || device)
            fail_msg("allocation %ld failing: hr %#x, device %p", n, (unsigned)hr, (void *)device);
        assert_true(n < 200);
    }
    assert_true(n > 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_int_equal(ID3D12DeviceFactory_Release(factory), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_create_device_feature_levels),
        cmocka_unit_test(test_create_device_above_adapter_max),
        cmocka_unit_test(test_create_device_probe),
        cmocka_unit_test(test_create_device_bad_args),
        cmocka_unit_test(test_create_device_cache),
        cmocka_unit_test(test_device_identity),
        cmocka_unit_test(test_device17_by_runtime),
        cmocka_unit_test(test_device_refcount),
        cmocka_unit_test(test_device_refcount_children),
        cmocka_unit_test(test_device_private_data),
        cmocka_unit_test(test_command_queue),
        cmocka_unit_test(test_command_queue_object),
        cmocka_unit_test(test_adapter_answers),
        cmocka_unit_test(test_custom_heap_properties),
        cmocka_unit_test(test_unimplemented_methods),
        cmocka_unit_test(test_get_interface),
        cmocka_unit_test(test_device_factory),
        cmocka_unit_test(test_sdk_configuration_set_version),
        cmocka_unit_test(test_experimental_features),
        cmocka_unit_test(test_control),
        cmocka_unit_test_setup_teardown(test_argument_checks, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_null_iids, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_factory_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_uma_not_cache_coherent, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_queue_nodes_and_priorities, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_meta_command_parameters, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_uma_coherent_and_no_residency, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_entry_point_arguments),
        cmocka_unit_test(test_api_extensions),
        cmocka_unit_test(test_api_extensions_operations),
        cmocka_unit_test(test_device_factory_refusals),
        cmocka_unit_test(test_environment_and_memory),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
