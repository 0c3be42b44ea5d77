/*
 * The capability trace across libraries (docs/trace.md): libd3d11's device
 * creation and capability queries and libdxgi's adapter queries get records
 * of their own in libd3d12's file, the D3D12 queries libd3d11 makes for its
 * answers get none, and the trace's public functions
 * (mockd3d12_trace_enabled / _write / _suspend) do what they say. Linked
 * like a real client: libd3d11.so, libdxgi.so, libd3d12.so.
 */
#define MK_TEST_D3D11
#include "mk_test.h"

#include <unistd.h>

#include <jansson.h>

static char trace_path[512];

static int setup(void **state)
{
    (void)state;
    snprintf(trace_path, sizeof(trace_path), "%s/mockd3d12-test-trace-companions-%lu.jsonl",
            getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (unsigned long)getpid());
    remove(trace_path);
    setenv("MOCKD3D12_TRACE", trace_path, 1);
    mockd3d12_reset();
    assert_int_equal(mockd3d12_set_d3d11_runtime(0), S_OK);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unsetenv("MOCKD3D12_TRACE");
    mockd3d12_reset();
    remove(trace_path);
    return 0;
}

/* Every line of the file, parsed; a line that is not a JSON object fails. */
static size_t read_trace(json_t **lines, size_t capacity)
{
    char line[8192 + 16];
    size_t count = 0;
    FILE *f = fopen(trace_path, "r");

    if (!f)
        return 0;
    while (count < capacity && fgets(line, sizeof(line), f))
    {
        json_error_t error;

        lines[count] = json_loads(line, 0, &error);
        if (!json_is_object(lines[count]))
            fail_msg("line %zu is not a JSON object: %s (%s)", count + 1, line, error.text);
        ++count;
    }
    fclose(f);
    return count;
}

/* The number of lines is `expected`, else the file is shown and the test fails. */
static void expect_lines(size_t count, size_t expected)
{
    char line[8192 + 16];
    FILE *f;

    if (count == expected)
        return;
    if ((f = fopen(trace_path, "r")))
    {
        while (fgets(line, sizeof(line), f))
            print_error("%s", line);
        fclose(f);
    }
    fail_msg("%zu records, expected %zu", count, expected);
}

static void free_lines(json_t **lines, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        json_decref(lines[i]);
}

static const char *str(json_t *object, const char *key)
{
    json_t *v = json_object_get(object, key);

    return json_is_string(v) ? json_string_value(v) : NULL;
}

static long long num(json_t *object, const char *key)
{
    json_t *v = json_object_get(object, key);

    assert_true(json_is_integer(v));
    return (long long)json_integer_value(v);
}

/* D3D11CreateDevice: one record of its own, with the adapter, the levels
 * asked for and the level given; none of the D3D12CreateDevice and
 * FEATURE_LEVELS query it makes. Then the device's queries. */
static void test_d3d11_records(void **state)
{
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
    D3D11_FEATURE_DATA_D3D11_OPTIONS options;
    D3D11_FEATURE_DATA_THREADING threading;
    D3D_FEATURE_LEVEL level = 0;
    ID3D11Device *device = NULL;
    json_t *lines[16];
    IUnknown *adapter;
    UINT support = 0, quality = 0;
    size_t count;

    (void)state;
    assert_int_equal(mockd3d12_get_adapter("nvidia-rtx-4090", &adapter), S_OK);
    assert_int_equal(D3D11CreateDevice((IDXGIAdapter *)adapter, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0, levels,
            ARRAY_SIZE(levels), D3D11_SDK_VERSION, &device, &level, NULL), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(level, D3D_FEATURE_LEVEL_11_1);
    /* A bad level list fails before any adapter is chosen. */
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, levels, 0, D3D11_SDK_VERSION,
            NULL, NULL, NULL), E_INVALIDARG);

    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_THREADING, &threading,
            sizeof(threading)), S_OK);
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_D3D11_OPTIONS, &options, 3),
            E_INVALIDARG);
    assert_int_equal(ID3D11Device_CheckFormatSupport(device, DXGI_FORMAT_R8G8B8A8_UNORM, &support), S_OK);
    assert_int_equal(ID3D11Device_CheckMultisampleQualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, 4, &quality),
            S_OK);
    ID3D11Device_Release(device);

    count = read_trace(lines, ARRAY_SIZE(lines));
    expect_lines(count, 6);

    assert_string_equal(str(lines[0], "entry"), "D3D11CreateDevice");
    assert_string_equal(str(lines[0], "adapter"), "nvidia-rtx-4090");
    assert_int_equal(num(lines[0], "driverType"), D3D_DRIVER_TYPE_UNKNOWN);
    assert_string_equal(str(lines[0], "featureLevels"), "0xb100,0xb000");
    assert_string_equal(str(lines[0], "featureLevel"), "0x0000B100");
    assert_string_equal(str(lines[0], "hr"), "S_OK");

    assert_string_equal(str(lines[1], "entry"), "D3D11CreateDevice");
    assert_null(json_object_get(lines[1], "adapter"));
    assert_null(json_object_get(lines[1], "featureLevel"));
    assert_string_equal(str(lines[1], "featureLevels"), "");
    assert_string_equal(str(lines[1], "hr"), "E_INVALIDARG");

    assert_string_equal(str(lines[2], "entry"), "ID3D11Device::CheckFeatureSupport");
    assert_string_equal(str(lines[2], "adapter"), "nvidia-rtx-4090");
    assert_string_equal(str(lines[2], "feature"), "THREADING");
    assert_int_equal(num(lines[2], "size"), sizeof(threading));
    assert_int_equal(num(json_object_get(lines[2], "answer"), "DriverConcurrentCreates"),
            threading.DriverConcurrentCreates);
    assert_int_equal(num(json_object_get(lines[2], "answer"), "DriverCommandLists"), threading.DriverCommandLists);

    assert_string_equal(str(lines[3], "feature"), "D3D11_OPTIONS");
    assert_string_equal(str(lines[3], "hr"), "E_INVALIDARG");
    assert_null(json_object_get(lines[3], "answer"));

    assert_string_equal(str(lines[4], "entry"), "ID3D11Device::CheckFormatSupport");
    assert_int_equal(num(lines[4], "format"), DXGI_FORMAT_R8G8B8A8_UNORM);
    {
        char hex[16];

        snprintf(hex, sizeof(hex), "0x%08X", support);
        assert_string_equal(str(lines[4], "support"), hex);
    }
    assert_string_equal(str(lines[5], "entry"), "ID3D11Device::CheckMultisampleQualityLevels");
    assert_int_equal(num(lines[5], "sampleCount"), 4);
    assert_int_equal(num(lines[5], "numQualityLevels"), quality);
    assert_true(quality > 0);
    free_lines(lines, count);
}

/* libdxgi: enumeration (found and not), descriptions, interface support,
 * video memory and the factory's feature, each a record. */
static void test_dxgi_records(void **state)
{
    DXGI_QUERY_VIDEO_MEMORY_INFO memory;
    IDXGIAdapter1 *adapter = NULL, *none = NULL;
    DXGI_ADAPTER_DESC1 desc;
    IDXGIAdapter3 *adapter3;
    IDXGIFactory5 *factory;
    LARGE_INTEGER umd;
    BOOL tearing = TRUE;
    json_t *lines[16], *answer;
    size_t count;
    char hex[16];

    (void)state;
    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory5, (void **)&factory), S_OK);
    assert_int_equal(IDXGIFactory5_EnumAdapters1(factory, 0, &adapter), S_OK);
    assert_int_equal(IDXGIFactory5_EnumAdapters1(factory, 99, &none), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(IDXGIAdapter1_GetDesc1(adapter, &desc), S_OK);
    assert_int_equal(IDXGIAdapter1_CheckInterfaceSupport(adapter, &IID_IDXGIAdapter, &umd), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(IDXGIAdapter1_QueryInterface(adapter, &IID_IDXGIAdapter3, (void **)&adapter3), S_OK);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter3, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &memory), S_OK);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter3, 9, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &memory),
            E_INVALIDARG);
    assert_int_equal(IDXGIFactory5_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing,
            sizeof(tearing)), S_OK);
    IDXGIAdapter3_Release(adapter3);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory5_Release(factory);

    count = read_trace(lines, ARRAY_SIZE(lines));
    expect_lines(count, 7);
    assert_string_equal(str(lines[0], "entry"), "IDXGIFactory1::EnumAdapters1");
    assert_int_equal(num(lines[0], "index"), 0);
    assert_string_equal(str(lines[0], "adapter"), mockd3d12_default_adapter_id());
    assert_string_equal(str(lines[0], "hr"), "S_OK");
    assert_int_equal(num(lines[1], "index"), 99);
    assert_null(json_object_get(lines[1], "adapter"));
    assert_string_equal(str(lines[1], "hr"), "DXGI_ERROR_NOT_FOUND");

    assert_string_equal(str(lines[2], "entry"), "IDXGIAdapter1::GetDesc1");
    answer = json_object_get(lines[2], "answer");
    snprintf(hex, sizeof(hex), "0x%08X", desc.VendorId);
    assert_string_equal(str(answer, "VendorId"), hex);
    snprintf(hex, sizeof(hex), "0x%08X", desc.DeviceId);
    assert_string_equal(str(answer, "DeviceId"), hex);
    assert_int_equal(num(answer, "DedicatedVideoMemory"), desc.DedicatedVideoMemory);
    snprintf(hex, sizeof(hex), "0x%08X", desc.Flags);
    assert_string_equal(str(answer, "Flags"), hex);

    assert_string_equal(str(lines[3], "entry"), "IDXGIAdapter::CheckInterfaceSupport");
    assert_string_equal(str(lines[3], "interface"), "2411e7e1-12ac-4ccf-bd14-9798e8534dc0");
    assert_string_equal(str(lines[3], "hr"), "DXGI_ERROR_UNSUPPORTED");
    assert_null(json_object_get(lines[3], "umdVersion"));

    assert_string_equal(str(lines[4], "entry"), "IDXGIAdapter3::QueryVideoMemoryInfo");
    assert_int_equal(num(json_object_get(lines[4], "answer"), "Budget"), memory.Budget);
    assert_int_equal(num(lines[5], "node"), 9);
    assert_string_equal(str(lines[5], "hr"), "E_INVALIDARG");

    assert_string_equal(str(lines[6], "entry"), "IDXGIFactory5::CheckFeatureSupport");
    assert_string_equal(str(lines[6], "feature"), "DXGI_FEATURE_PRESENT_ALLOW_TEARING");
    assert_true(json_is_boolean(json_object_get(json_object_get(lines[6], "answer"), "allowTearing")));
    assert_int_equal(json_is_true(json_object_get(json_object_get(lines[6], "answer"), "allowTearing")), tearing);
    free_lines(lines, count);
}

/* The other entry points and shapes: libdxgi's other enumerations and
 * descriptions, an interface with a UMD version, an unknown feature;
 * libd3d11's FORMAT_SUPPORT answer, an unknown feature, the 11on12 device,
 * CheckMultisampleQualityLevels1, and an HRESULT the records have no name for
 * (written in hex). */
static void test_more_records(void **state)
{
    D3D11_FEATURE_DATA_FORMAT_SUPPORT format = {DXGI_FORMAT_R8G8B8A8_UNORM, 0};
    IDXGIAdapter *adapter = NULL, *warp = NULL, *by_luid = NULL, *by_preference = NULL;
    static const D3D_FEATURE_LEVEL level_11_0 = D3D_FEATURE_LEVEL_11_0;
    DXGI_ADAPTER_DESC desc;
    DXGI_ADAPTER_DESC2 desc2;
    DXGI_ADAPTER_DESC3 desc3;
    IDXGIAdapter4 *adapter4;
    IDXGIFactory6 *factory;
    LARGE_INTEGER umd;
    ID3D11Device *device = NULL, *on12 = NULL;
    ID3D11Device2 *device2;
    ID3D12Device *d3d12;
    json_t *lines[24];
    UINT quality = 0, data = 0;
    HRESULT feature_hr;
    BOOL tearing;
    size_t count;
    char hex[24];

    (void)state;
    assert_int_equal(CreateDXGIFactory2(0, &IID_IDXGIFactory6, (void **)&factory), S_OK);
    assert_int_equal(IDXGIFactory6_EnumAdapters(factory, 0, &adapter), S_OK);
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
            &IID_IDXGIAdapter, (void **)&by_preference), S_OK);
    assert_int_equal(IDXGIAdapter_GetDesc(adapter, &desc), S_OK);
    assert_int_equal(IDXGIFactory6_EnumAdapterByLuid(factory, desc.AdapterLuid, &IID_IDXGIAdapter, (void **)&by_luid),
            S_OK);
    assert_int_equal(IDXGIFactory6_EnumWarpAdapter(factory, &IID_IDXGIAdapter, (void **)&warp), S_OK);
    assert_int_equal(IDXGIAdapter_QueryInterface(adapter, &IID_IDXGIAdapter4, (void **)&adapter4), S_OK);
    assert_int_equal(IDXGIAdapter4_GetDesc2(adapter4, &desc2), S_OK);
    assert_int_equal(IDXGIAdapter4_GetDesc3(adapter4, &desc3), S_OK);
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter4, &IID_IDXGIDevice, &umd), S_OK);
    /* (docs/dxgi.md has the HRESULT; the record names whichever it is.) */
    feature_hr = IDXGIFactory6_CheckFeatureSupport(factory, (DXGI_FEATURE)7, &tearing, sizeof(tearing));
    assert_true(feature_hr == DXGI_ERROR_INVALID_CALL || feature_hr == E_INVALIDARG);

    assert_int_equal(D3D11CreateDevice(adapter, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0, &level_11_0, 1,
            D3D11_SDK_VERSION, &device, NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, D3D11_FEATURE_FORMAT_SUPPORT, &format, sizeof(format)),
            S_OK);
    assert_int_equal(ID3D11Device_CheckFeatureSupport(device, (D3D11_FEATURE)9999, &data, sizeof(data)),
            E_INVALIDARG);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device2, (void **)&device2), S_OK);
    assert_int_equal(ID3D11Device2_CheckMultisampleQualityLevels1(device2, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, &quality),
            S_OK);
    ID3D11Device2_Release(device2);
    ID3D11Device_Release(device);
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&d3d12), S_OK);
    assert_int_equal(D3D11On12CreateDevice((IUnknown *)d3d12, 0, &level_11_0, 1, NULL, 0, 0, &on12, NULL, NULL),
            S_OK);
    ID3D11Device_Release(on12);
    ID3D12Device_Release(d3d12);
    /* No SDK layers: the debug flag fails with an HRESULT the records name in hex. */
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(0), S_OK);
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, D3D11_CREATE_DEVICE_DEBUG, NULL, 0,
            D3D11_SDK_VERSION, NULL, NULL, NULL), DXGI_ERROR_SDK_COMPONENT_MISSING);
    assert_int_equal(mockd3d12_set_d3d11_sdk_layers(-1), S_OK);
    IDXGIAdapter4_Release(adapter4);
    IDXGIAdapter_Release(warp);
    IDXGIAdapter_Release(by_luid);
    IDXGIAdapter_Release(by_preference);
    IDXGIAdapter_Release(adapter);
    IDXGIFactory6_Release(factory);

    count = read_trace(lines, ARRAY_SIZE(lines));
    expect_lines(count, 16);
    assert_string_equal(str(lines[0], "entry"), "IDXGIFactory::EnumAdapters");
    assert_string_equal(str(lines[1], "entry"), "IDXGIFactory6::EnumAdapterByGpuPreference");
    assert_int_equal(num(lines[1], "preference"), DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE);
    assert_string_equal(str(lines[2], "entry"), "IDXGIAdapter::GetDesc");
    assert_null(json_object_get(json_object_get(lines[2], "answer"), "Flags"));
    assert_string_equal(str(lines[3], "entry"), "IDXGIFactory4::EnumAdapterByLuid");
    assert_null(json_object_get(lines[3], "index"));
    assert_string_equal(str(lines[3], "adapter"), str(lines[0], "adapter"));
    assert_string_equal(str(lines[4], "entry"), "IDXGIFactory4::EnumWarpAdapter");
    assert_string_equal(str(lines[4], "adapter"), "warp");
    assert_string_equal(str(lines[5], "entry"), "IDXGIAdapter2::GetDesc2");
    assert_string_equal(str(lines[6], "entry"), "IDXGIAdapter4::GetDesc3");
    snprintf(hex, sizeof(hex), "0x%08X", (unsigned)desc3.Flags);
    assert_string_equal(str(json_object_get(lines[6], "answer"), "Flags"), hex);
    assert_string_equal(str(lines[7], "entry"), "IDXGIAdapter::CheckInterfaceSupport");
    assert_string_equal(str(lines[7], "hr"), "S_OK");
    snprintf(hex, sizeof(hex), "0x%08llX", (unsigned long long)umd.QuadPart);
    assert_string_equal(str(lines[7], "umdVersion"), hex);
    assert_string_equal(str(lines[8], "entry"), "IDXGIFactory5::CheckFeatureSupport");
    assert_int_equal(num(lines[8], "feature"), 7);
    assert_string_equal(str(lines[8], "hr"), feature_hr == E_INVALIDARG ? "E_INVALIDARG" : "DXGI_ERROR_INVALID_CALL");
    assert_string_equal(str(lines[9], "entry"), "D3D11CreateDevice");
    assert_string_equal(str(lines[9], "featureLevels"), "0xb000");
    assert_string_equal(str(lines[10], "feature"), "FORMAT_SUPPORT");
    assert_int_equal(num(json_object_get(lines[10], "answer"), "InFormat"), DXGI_FORMAT_R8G8B8A8_UNORM);
    snprintf(hex, sizeof(hex), "0x%08X", format.OutFormatSupport);
    assert_string_equal(str(json_object_get(lines[10], "answer"), "OutFormatSupport"), hex);
    assert_int_equal(num(lines[11], "feature"), 9999);
    assert_string_equal(str(lines[12], "entry"), "ID3D11Device2::CheckMultisampleQualityLevels1");
    assert_int_equal(num(lines[12], "numQualityLevels"), quality);
    /* lines[13]: the D3D12CreateDevice the test made itself. */
    assert_string_equal(str(lines[13], "entry"), "D3D12CreateDevice");
    assert_string_equal(str(lines[14], "entry"), "D3D11On12CreateDevice");
    assert_null(json_object_get(lines[14], "driverType"));
    assert_string_equal(str(lines[14], "adapter"), str(lines[0], "adapter"));
    assert_string_equal(str(lines[15], "entry"), "D3D11CreateDevice");
    assert_string_equal(str(lines[15], "hr"), "0x887A002D");
    assert_string_equal(str(lines[15], "flags"), "0x00000002");
    free_lines(lines, count);
}

/* The public functions: a record is one JSON object on one line; S_FALSE
 * when suspended (and the D3D12 queries of a suspended thread have no
 * record); E_INVALIDARG for anything else; the depth nests. */
static void test_public_functions(void **state)
{
    static const char good[] = "{\"entry\": \"harness\", \"step\": 1}\n";
    static const char *const bad[] = {"", "{}", "[1]\n", "{\"a\": 1}", "{\"a\":\n1}\n", "x{}\n"};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    char too_long[8194];
    ID3D12Device *d3d12;
    json_t *lines[8];
    size_t count, i;

    (void)state;
    assert_true(mockd3d12_trace_enabled());
    for (i = 0; i < ARRAY_SIZE(bad); ++i)
        assert_int_equal(mockd3d12_trace_write(bad[i], strlen(bad[i])), E_INVALIDARG);
    assert_int_equal(mockd3d12_trace_write(NULL, 4), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "one JSON object on one line"));
    memset(too_long, ' ', sizeof(too_long));
    too_long[0] = '{';
    too_long[sizeof(too_long) - 2] = '}';
    too_long[sizeof(too_long) - 1] = '\n';
    assert_int_equal(mockd3d12_trace_write(too_long, sizeof(too_long)), E_INVALIDARG);
    assert_int_equal(mockd3d12_trace_write(too_long + sizeof(too_long) - 8192, 8192), E_INVALIDARG); /* no '{' */
    too_long[sizeof(too_long) - 8192] = '{';
    assert_int_equal(mockd3d12_trace_write(too_long + sizeof(too_long) - 8192, 8192), S_OK);
    assert_int_equal(mockd3d12_trace_write(good, strlen(good)), S_OK);

    assert_int_equal(mockd3d12_trace_suspend(TRUE), 1);
    assert_int_equal(mockd3d12_trace_suspend(TRUE), 2);
    assert_true(mockd3d12_trace_enabled()); /* on for the process, not recording this thread */
    assert_int_equal(mockd3d12_trace_write(good, strlen(good)), S_FALSE);
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&d3d12), S_OK);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(d3d12, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    assert_int_equal(mockd3d12_trace_suspend(FALSE), 1);
    assert_int_equal(mockd3d12_trace_suspend(FALSE), 0);
    assert_int_equal(mockd3d12_trace_suspend(FALSE), 0); /* never below 0 */
    assert_true(mockd3d12_trace_enabled());
    /* Recorded again once resumed. */
    assert_int_equal(ID3D12Device_CheckFeatureSupport(d3d12, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    ID3D12Device_Release(d3d12);

    count = read_trace(lines, ARRAY_SIZE(lines));
    expect_lines(count, 3);
    assert_int_equal(json_object_size(lines[0]), 0);
    assert_string_equal(str(lines[1], "entry"), "harness");
    assert_int_equal(num(lines[1], "step"), 1);
    assert_string_equal(str(lines[2], "entry"), "CheckFeatureSupport");
    assert_string_equal(str(lines[2], "feature"), "D3D12_OPTIONS");
    free_lines(lines, count);

    /* Off: nothing to write to. */
    unsetenv("MOCKD3D12_TRACE");
    mockd3d12_reset();
    assert_false(mockd3d12_trace_enabled());
    assert_int_equal(mockd3d12_trace_write(good, strlen(good)), S_FALSE);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_d3d11_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dxgi_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_more_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_public_functions, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
