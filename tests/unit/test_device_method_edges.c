/*
 * The argument checks of the device's newer methods and of the objects it
 * makes (docs/objects.md), which the suites of each object leave out:
 * SetEventOnMultipleFenceCompletion past its eight-fence stack buffer,
 * SetResidencyPriority and EnqueueMakeResident refusing NULL arrays, NULL
 * IIDs, a removed factory device, adapters that are UMA without cache
 * coherence, share fences across adapters or have 32 nodes, and meta
 * commands read into a buffer shorter than the stage's list. Each row names
 * the HRESULT, the debug-layer message and what must not have been written.
 * Also a queue released while it waits (no debug layer), Signal of a
 * non-fence, private data of size 0 or with no GUID, a name not copied; and
 * descriptor heaps on a 32-node adapter and past their handle ranges.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "events.h"

/* Profiles registered once per process; every test resets the registry's
 * selection only, so each test registers what it uses. */
static const char profile_uma_not_coherent[] =
        "{\"id\": \"edges-uma\", \"description\": \"UMA, not cache coherent\", \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"ARCHITECTURE1\": {\"UMA\": true, \"CacheCoherentUMA\": false}}}";
static const char profile_uma_coherent[] =
        "{\"id\": \"edges-uma-coherent\", \"description\": \"UMA, cache coherent\", \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"ARCHITECTURE1\": {\"UMA\": true, \"CacheCoherentUMA\": true}}}";
static const char profile_cross_adapter[] =
        "{\"id\": \"edges-cross-adapter\", \"description\": \"cross-adapter row-major textures\","
        " \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"D3D12_OPTIONS\": {\"CrossAdapterRowMajorTextureSupported\": true}}}";
static const char profile_32_nodes[] =
        "{\"id\": \"edges-32-nodes\", \"description\": \"32 nodes\", \"inherits\": \"nvidia-rtx-4090\","
        " \"adapter\": {\"nodeCount\": 32}}";
static const char profile_meta[] =
        "{\"id\": \"edges-meta\", \"description\": \"one meta command\", \"inherits\": \"nvidia-rtx-4090\","
        " \"metaCommands\": [{\"Id\": \"{0C9FD0D2-BD49-4E53-B21C-C0A01B32EE76}\", \"Name\": \"conv\","
        " \"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 16, \"Parameters\": ["
        " {\"Name\": \"first\", \"Type\": 4, \"StructureOffset\": 0},"
        " {\"Name\": \"second\", \"Type\": 4, \"StructureOffset\": 8}]}}]}";
static const char profile_huge_heaps[] =
        "{\"id\": \"edges-huge-heaps\", \"description\": \"4 GiB descriptors, no OPTIONS19 limits\","
        " \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"descriptorSizes\": {\"CBV_SRV_UAV\": 4294967295}},"
        " \"features\": {\"D3D12_OPTIONS\": {\"ResourceBindingTier\": \"D3D12_RESOURCE_BINDING_TIER_3\"},"
        " \"D3D12_OPTIONS19\": {\"MaxViewDescriptorHeapSize\": 0, \"MaxSamplerDescriptorHeapSize\": 0}}}";
static const GUID meta_id = {0x0c9fd0d2, 0xbd49, 0x4e53, {0xb2, 0x1c, 0xc0, 0xa0, 0x1b, 0x32, 0xee, 0x76}};

static ID3D12Device *create_device_with_profile(const char *profile, const char *adapter_id)
{
    ID3D12Device *device = NULL;
    IUnknown *adapter = NULL;
    char error[512] = "";
    HRESULT hr;

    if (profile && FAILED(hr = mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("registering %s: %#x (%s)", adapter_id, (unsigned)hr, error);
    if (adapter_id)
        assert_int_equal(mockd3d12_get_adapter(adapter_id, &adapter), S_OK);
    hr = D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (FAILED(hr))
        fail_msg("D3D12CreateDevice: %#x (%s)", (unsigned)hr, mockd3d12_last_error());
    if (adapter)
        IUnknown_Release(adapter);
    return device;
}

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
    return fence;
}

/* A WCHAR string equals an ASCII one. */
static bool wide_equal(const WCHAR *wide, const char *ascii)
{
    while (*ascii && *wide == (WCHAR)*ascii)
        ++wide, ++ascii;
    return !*ascii && !*wide;
}

/* ---- Argument checks with the debug layer ---- */

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

/* ExecuteCommandLists with what is not a list of this runtime: the call is
 * dropped and the debug layer names the list (tests/unit/test_command_list.c
 * has the rows of real lists). */
static void test_execute_command_lists(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandList *lists[2];
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence;
    D3D12_MESSAGE_ID id;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    ID3D12CommandQueue_ExecuteCommandLists(queue, 0, NULL);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 0);
    lists[0] = (ID3D12CommandList *)fence;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH);
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[0] cannot be executed on a "
            "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it is not a command list of mockd3d12; the call is dropped.");
    ID3D12InfoQueue_ClearStoredMessages(info);
    lists[0] = NULL;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[0] cannot be executed on a "
            "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it is NULL; the call is dropped.");
    ID3D12InfoQueue_ClearStoredMessages(info);
    ID3D12CommandQueue_ExecuteCommandLists(queue, 2, NULL);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists is NULL with "
            "NumCommandLists > 0; the call is dropped.");
    ID3D12Fence_Release(fence);
    ID3D12CommandQueue_Release(queue);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
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

/* ---- Adapters no built-in describes ---- */

static D3D12_HEAP_PROPERTIES custom_heap_properties(ID3D12Device *device, UINT node_mask, D3D12_HEAP_TYPE type)
{
#ifdef _WIN32
    D3D12_HEAP_PROPERTIES result;

    device->lpVtbl->GetCustomHeapProperties(device, &result, node_mask, type);
    return result;
#else
    return device->lpVtbl->GetCustomHeapProperties(device, node_mask, type);
#endif
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

/* An adapter with CrossAdapterRowMajorTextureSupported takes
 * D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER; the default adapter's refusal is
 * test_fence.c's. */
static void test_cross_adapter_fence(void **state)
{
    ID3D12Device *device;
    ID3D12Fence *fence = NULL;

    (void)state;
    device = create_device_with_profile(profile_cross_adapter, "edges-cross-adapter");
    assert_int_equal(ID3D12Device_CreateFence(device, 5,
            D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER, &IID_ID3D12Fence, (void **)&fence), S_OK);
    assert_non_null(fence);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 5);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
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

/* An interface stored under WKPDID_D3DDebugObjectNameW is no name: the
 * live-object report of that fence names nothing. */
static void test_name_that_is_an_interface(void **state)
{
    static const GUID name_w = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
    ID3D12DebugDevice *debug_device;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence, *other;
    char expected[128];
    D3D12_MESSAGE *m;
    UINT64 i, count;
    bool found = false;
    SIZE_T size;

    (void)state;
    enable_debug_layer();
    device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    fence = create_fence(device, 0);
    other = create_fence(device, 0);
    assert_int_equal(ID3D12Fence_SetPrivateDataInterface(fence, &name_w, (IUnknown *)other), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    snprintf(expected, sizeof(expected), "\tLive ID3D12Fence at 0x%016llX, Refcount: 1, IntRef: 0",
            (unsigned long long)(uintptr_t)fence);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (i = 0; i < count; ++i)
    {
        size = 0;
        assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, NULL, &size), S_OK);
        assert_non_null(m = malloc(size));
        assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, m, &size), S_OK);
        if (!strcmp(m->pDescription, expected))
            found = true;
        free(m);
    }
    assert_true(found);
    ID3D12DebugDevice_Release(debug_device);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Fence_Release(other), 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A queue released while it waits, without the debug layer (nothing to say,
 * the fence's reference dropped); Signal of an object that is no fence;
 * private data with a NULL GUID and of size 0; the live-object report when
 * a queue's name cannot be copied (the line without its name). */
static void test_queue_fence_and_private_data(void **state)
{
    static const GUID guid = {0x8b0e6a5c, 0x1d2f, 0x4a3b, {0x9c, 0x4d, 0x5e, 0x6f, 0x70, 0x81, 0x92, 0xa3}};
    static const WCHAR name[] = {'q', 'q', 0};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12DebugDevice *debug_device;
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence;
    bool unnamed = false;
    unsigned char byte = 7;
    HANDLE event;
    UINT size;
    long n;

    (void)state;
    device = create_device_with_profile(NULL, NULL);
    fence = create_fence(device, 0);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, (ID3D12Fence *)queue, 1), E_INVALIDARG);
    assert_int_equal(ID3D12CommandQueue_Wait(queue, fence, 5), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, fence, 6), S_OK);
    /* An event's waiter goes in front of the queue's: the queue's release
     * finds its own behind it, and the event still fires. */
    event = event_create();
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fence, 7, event), S_OK);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 0);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12Fence_Signal(fence, 7), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    event_destroy(event);

    size = 1;
    assert_int_equal(ID3D12Fence_GetPrivateData(fence, NULL, &size, NULL), E_INVALIDARG);
    assert_int_equal(size, 1);
    assert_int_equal(ID3D12Fence_SetPrivateData(fence, &guid, 0, &byte), S_OK);
    size = 99;
    assert_int_equal(ID3D12Fence_GetPrivateData(fence, &guid, &size, NULL), S_OK);
    assert_int_equal(size, 0);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);

    enable_debug_layer();
    device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12CommandQueue_SetName(queue, name), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    for (n = 0; n < 64; ++n)
    {
        UINT64 i, count;
        bool named = false, listed = false;

        ID3D12InfoQueue_ClearStoredMessages(info);
        mk_alloc_fail_after(n);
        assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
        mk_alloc_fail_after(-1);
        count = ID3D12InfoQueue_GetNumStoredMessages(info);
        for (i = 0; i < count; ++i)
        {
            SIZE_T length = 0;
            D3D12_MESSAGE *m;

            assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, NULL, &length), S_OK);
            assert_non_null(m = malloc(length));
            assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, m, &length), S_OK);
            if (strstr(m->pDescription, "Live ID3D12CommandQueue at 0x"))
            {
                listed = true;
                named = strstr(m->pDescription, ", Name: qq,") != NULL;
            }
            free(m);
        }
        if (listed && !named)
            unnamed = true;
        if (!mk_alloc_fail_triggered())
        {
            assert_true(listed && named);
            break;
        }
    }
    assert_true(n < 64);
    assert_true(unnamed);
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
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

/* The bytes of the process-wide CPU handle range a heap could still take:
 * after a one-RTV probe heap (32 bytes), whose range ends at the next
 * 64 KiB boundary past a 64 KiB guard gap. */
static uint64_t cpu_range_left(ID3D12Device *device)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_CPU_DESCRIPTOR_HANDLE start;
    ID3D12DescriptorHeap *heap;

    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap), S_OK);
    start = heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
    return (uint64_t)SIZE_MAX - (((uint64_t)start.ptr + 32 + 2 * 0x10000u - 1) & ~(uint64_t)0xffff);
}

/* Descriptor heaps at the edges of their handle ranges, which are
 * process-wide and never given back, so this test runs last: a 32-node
 * adapter's last node; OPTIONS19 stating no limits (the binding tier's
 * then); a shader-visible heap of 2^32-1 descriptors of 4 GiB - 1 each (its
 * CPU range fits, its GPU range does not: E_OUTOFMEMORY); then heaps that
 * no longer fit the CPU range left, by more than its size and by less than
 * the guard gap. */
static void test_descriptor_heap_ranges(void **state)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0x80000000u};
    ID3D12DescriptorHeap *heap;
    ID3D12Device *device;
    uint64_t remaining, size;

    (void)state;
    /* Registered here unless test_queue_nodes_and_priorities did. */
    if (FAILED(mockd3d12_register_profile(profile_32_nodes, NULL, 0)))
        assert_non_null(strstr(mockd3d12_last_error(), "duplicate adapter id 'edges-32-nodes'"));
    device = create_device_with_profile(NULL, "edges-32-nodes");
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap), S_OK);
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);

    device = create_device_with_profile(profile_huge_heaps, "edges-huge-heaps");
    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
    desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    desc.NodeMask = 0;
    desc.NumDescriptors = D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE + 1;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, NULL), E_INVALIDARG);
    desc.NumDescriptors = D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, NULL), S_FALSE);

    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    desc.NumDescriptors = 0xffffffffu;
    heap = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            E_OUTOFMEMORY);
    assert_null(heap);

    /* What the CPU range has left (the failed heap above kept its part of it:
     * docs/coverage.md, "Defects"): a probe heap's start, then, were much
     * left, a heap that leaves 32 to 36 GiB. */
    remaining = cpu_range_left(device);
    if (remaining > (1ull << 36))
    {
        desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
        desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
        desc.NumDescriptors = (UINT)((remaining - (1ull << 35)) / 0xffffffffu);
        assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                S_OK);
        assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
        remaining = cpu_range_left(device);
    }
    assert_true(remaining > 0x100000u && remaining <= (1ull << 36));

    /* 4 GiB descriptors, one more than the range left holds. */
    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
    desc.NumDescriptors = (UINT)(remaining / 0xffffffffu) + 1;
    heap = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            E_OUTOFMEMORY);
    assert_null(heap);
    /* RTVs filling the range but its guard gap. */
    size = (remaining - 0x10000u) & ~(uint64_t)31;
    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    desc.NumDescriptors = (UINT)(size / 32);
    heap = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            E_OUTOFMEMORY);
    assert_null(heap);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_argument_checks, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_execute_command_lists, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_null_iids, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_factory_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_uma_not_cache_coherent, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cross_adapter_fence, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_queue_nodes_and_priorities, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_meta_command_parameters, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_name_that_is_an_interface, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_queue_fence_and_private_data, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_uma_coherent_and_no_residency, quiet_setup, quiet_teardown),
        /* Last: it uses up the process-wide descriptor handle ranges. */
        cmocka_unit_test_setup_teardown(test_descriptor_heap_ranges, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
