/*
 * The debug layer end to end, through the public entry points only:
 * D3D12GetDebugInterface, D3D12CreateDevice, QueryInterface, and the
 * messages CheckFeatureSupport leaves in the device's info queue.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

/* The debug interfaces a device has with the layer on, and only then. */
static const struct
{
    const char *name;
    const IID *iid;
}
iids[] =
{
    {"ID3D12InfoQueue", &IID_ID3D12InfoQueue},
    {"ID3D12InfoQueue1", &IID_ID3D12InfoQueue1},
    {"ID3D12DebugDevice", &IID_ID3D12DebugDevice},
    {"ID3D12DebugDevice1", &IID_ID3D12DebugDevice1},
    {"ID3D12DebugDevice2", &IID_ID3D12DebugDevice2},
};

static void test_layer_off(void **state)
{
    struct row_failures failures = {0};
    ID3D12Device *device = create_device();
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(iids); ++i)
    {
        IUnknown *unk = (IUnknown *)device;

        if (ID3D12Device_QueryInterface(device, iids[i].iid, (void **)&unk) != E_NOINTERFACE || unk)
        {
            row_fail(&failures, i, iids[i].name, "a debug interface without the layer");
            if (unk && unk != (IUnknown *)device)
                IUnknown_Release(unk);
        }
    }
    ID3D12Device_Release(device);
    rows_done(&failures);
}

static void test_layer_on(void **state)
{
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12InfoQueue *queue;
    ID3D12Debug *debug;
    ID3D12Device *device;
    char expected[512];
    unsigned int i;
    UINT64 count;
    HRESULT hr;

    (void)state;
    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    device = create_device();
    for (i = 0; i < ARRAY_SIZE(iids); ++i)
    {
        IUnknown *unk, *device_unk, *unk_unk;

        if (FAILED(hr = ID3D12Device_QueryInterface(device, iids[i].iid, (void **)&unk)))
        {
            row_fail(&failures, i, iids[i].name, "hr %#x", (unsigned)hr);
            continue;
        }
        /* Same identity as the device. */
        assert_int_equal(IUnknown_QueryInterface(unk, &IID_IUnknown, (void **)&unk_unk), S_OK);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_IUnknown, (void **)&device_unk), S_OK);
        if (unk_unk != device_unk)
            row_fail(&failures, i, iids[i].name, "not the device's identity");
        IUnknown_Release(unk_unk);
        IUnknown_Release(device_unk);
        IUnknown_Release(unk);
    }
    rows_done(&failures);

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    memset(&options, 0xcc, sizeof(options));
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, 4), E_INVALIDARG);
    count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    snprintf(expected, sizeof(expected), "ID3D12Device::CheckFeatureSupport: FeatureSupportDataSize is 4 but "
            "D3D12_FEATURE_D3D12_OPTIONS needs sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS) = %u; returning E_INVALIDARG.",
            (unsigned)sizeof(options));
    for (i = 0; i < count; ++i)
    {
        SIZE_T size = 0;
        D3D12_MESSAGE *m;
        int match;

        assert_int_equal(ID3D12InfoQueue_GetMessage(queue, i, NULL, &size), S_OK);
        m = malloc(size);
        assert_int_equal(ID3D12InfoQueue_GetMessage(queue, i, m, &size), S_OK);
        match = m->ID == D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE;
        if (match && (strcmp(m->pDescription, expected) || m->Severity != D3D12_MESSAGE_SEVERITY_ERROR))
            fail_msg("got \"%s\"", m->pDescription);
        free(m);
        if (match)
            break;
    }
    if (i == count)
        fail_msg("no MISMATCHED_DATA_SIZE message among %llu", (unsigned long long)count);
    ID3D12InfoQueue_Release(queue);
    ID3D12Device_Release(device);
}

/* Preview 711 answers D3D12_OPTIONS_EXPERIMENTAL with its own 4-byte layout
 * (docs/features.md "Withdrawn preview features"): 8 bytes are refused, the
 * message naming that layout's size; 4 bytes get the adapter's work-graphs tier. */
static void test_layout_size_message(void **state)
{
    static const mockd3d12_runtime preview_711 = {MOCKD3D12_RUNTIME_PREVIEW, 611, 711, 620, 721, FALSE};
    static const char expected[] = "ID3D12Device::CheckFeatureSupport: FeatureSupportDataSize is 8 but "
            "D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL needs sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL) = 4; "
            "returning E_INVALIDARG.";
    UINT data[2] = {0xcdcdcdcdu, 0xcdcdcdcdu};
    ID3D12InfoQueue *queue;
    ID3D12Debug *debug;
    ID3D12Device *device;
    UINT64 count, i;
    bool found = false;

    (void)state;
    assert_int_equal(mockd3d12_set_runtime(&preview_711), S_OK);
    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    device = create_device_on("nvidia-rtx-4090");
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, data,
            sizeof(data)), E_INVALIDARG);
    assert_int_equal(data[0], 0xcdcdcdcdu);
    count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    for (i = 0; i < count && !found; ++i)
    {
        SIZE_T size = 0;
        D3D12_MESSAGE *m;

        assert_int_equal(ID3D12InfoQueue_GetMessage(queue, i, NULL, &size), S_OK);
        m = malloc(size);
        assert_int_equal(ID3D12InfoQueue_GetMessage(queue, i, m, &size), S_OK);
        if (m->ID == D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE)
        {
            assert_string_equal(m->pDescription, expected);
            found = true;
        }
        free(m);
    }
    assert_true(found);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, data,
            sizeof(data[0])), S_OK);
    assert_int_equal(data[0], 10); /* the RTX 4090's D3D12_WORK_GRAPHS_TIER_1_0 */
    assert_int_equal(data[1], 0xcdcdcdcdu);
    ID3D12InfoQueue_Release(queue);
    ID3D12Device_Release(device);
}

/* With the layer on, no query is answered from the memo or the legacy fast
 * path: every CheckFeatureSupport call leaves its messages, the tenth as the
 * first (the deprecation warning at least), and the same answer. */
static void test_layer_on_every_query(void **state)
{
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_0};
    D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels, first_levels = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options, first_options;
    ID3D12InfoQueue *queue;
    ID3D12Debug *debug;
    ID3D12Device *device;
    UINT64 before, per_call[2] = {0};
    unsigned int i;

    (void)state;
    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    device = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    for (i = 0; i < 10; ++i)
    {
        before = ID3D12InfoQueue_GetNumStoredMessages(queue);
        memset(&options, 0xcc, sizeof(options));
        assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options,
                sizeof(options)), S_OK);
        if (!i)
            first_options = options, per_call[0] = ID3D12InfoQueue_GetNumStoredMessages(queue) - before;
        assert_true(per_call[0] >= 1);
        assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue) - before, per_call[0]);
        assert_memory_equal(&options, &first_options, sizeof(options));

        before = ID3D12InfoQueue_GetNumStoredMessages(queue);
        feature_levels = (D3D12_FEATURE_DATA_FEATURE_LEVELS){ARRAY_SIZE(levels), levels, 0};
        assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &feature_levels,
                sizeof(feature_levels)), S_OK);
        if (!i)
            first_levels = feature_levels, per_call[1] = ID3D12InfoQueue_GetNumStoredMessages(queue) - before;
        assert_true(per_call[1] >= 1);
        assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue) - before, per_call[1]);
        assert_int_equal(feature_levels.MaxSupportedFeatureLevel, first_levels.MaxSupportedFeatureLevel);
        assert_int_equal(feature_levels.MaxSupportedFeatureLevel, D3D_FEATURE_LEVEL_12_0);
    }
    ID3D12InfoQueue_Release(queue);
    ID3D12Device_Release(device);
}

/* ReportLiveDeviceObjects lists an object the application released and
 * another object still holds (Refcount 0, IntRef 1, as the real layer
 * writes it: a heap its placed resource keeps); D3D12_RLDO_IGNORE_INTERNAL
 * leaves such objects out. */
static void test_live_objects_internal_only(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_RLDO_FLAGS flags;
        bool listed;
    }
    rows[] =
    {
        {"DETAIL", D3D12_RLDO_DETAIL, true},
        {"DETAIL | IGNORE_INTERNAL", D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL, false},
    };
    const D3D12_HEAP_DESC heap_desc = {65536, {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0}, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
            D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    const D3D12_RESOURCE_DESC buffer = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN,
            {1, 0}, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    struct row_failures failures = {0};
    ID3D12DebugDevice *debug_device;
    ID3D12Resource *resource;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Debug *debug;
    ID3D12Heap *heap;
    char expected[128];
    unsigned int i;

    (void)state;
    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    device = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &buffer, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_int_equal(ID3D12Heap_Release(heap), 0);
    snprintf(expected, sizeof(expected), "\tLive ID3D12Heap at 0x%016llX, Refcount: 0, IntRef: 1",
            (unsigned long long)(uintptr_t)heap);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        bool found = false;
        UINT64 j;

        ID3D12InfoQueue_ClearStoredMessages(info);
        assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, rows[i].flags), S_OK);
        for (j = 0; j < ID3D12InfoQueue_GetNumStoredMessages(info); ++j)
        {
            char buffer[512];
            D3D12_MESSAGE *m = (D3D12_MESSAGE *)buffer;
            SIZE_T size = sizeof(buffer);

            assert_int_equal(ID3D12InfoQueue_GetMessage(info, j, m, &size), S_OK);
            if (m->ID == D3D12_MESSAGE_ID_LIVE_HEAP)
                found = found || !strcmp(m->pDescription, expected);
        }
        if (found != rows[i].listed)
            row_fail(&failures, i, rows[i].name, "the released heap is %slisted", found ? "" : "not ");
    }
    rows_done(&failures);
    ID3D12Resource_Release(resource);
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    ID3D12Device_Release(device);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_layer_off, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_layer_on, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_layout_size_message, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_layer_on_every_query, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_objects_internal_only, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
