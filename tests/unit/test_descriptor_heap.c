/*
 * Descriptor heaps (docs/objects.md). The expectations are Windows' as the
 * public conformance tests record them (vkd3d's tests/d3d12.c and
 * vkd3d-proton's tests/d3d12_descriptors.c: test_create_descriptor_heap;
 * RTV and DSV heaps are never shader-visible), the D3D12 documentation's
 * limits ("Hardware support tiers") and the adapters' own
 * D3D12_OPTIONS19 maxima and handle increments.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"

static const GUID test_guid = {0x1b3a5f10, 0x2c4d, 0x4e6f, {0x80, 0x91, 0xa2, 0xb3, 0xc4, 0xd5, 0xe6, 0xf7}};

/* The struct-returning methods: by value on Linux, through RetVal on Windows. */
#ifdef _WIN32
#define STRUCT_RESULT(type, call_with_retval) \
    do { type *ret_ = (call_with_retval); assert_ptr_equal(ret_, &result); } while (0)
#endif

static D3D12_DESCRIPTOR_HEAP_DESC heap_desc(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_DESCRIPTOR_HEAP_DESC result;

    STRUCT_RESULT(D3D12_DESCRIPTOR_HEAP_DESC, heap->lpVtbl->GetDesc(heap, &result));
    return result;
#else
    return heap->lpVtbl->GetDesc(heap);
#endif
}

static D3D12_CPU_DESCRIPTOR_HANDLE cpu_start(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_CPU_DESCRIPTOR_HANDLE result;

    STRUCT_RESULT(D3D12_CPU_DESCRIPTOR_HANDLE, heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap, &result));
    return result;
#else
    return heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
#endif
}

static D3D12_GPU_DESCRIPTOR_HANDLE gpu_start(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_GPU_DESCRIPTOR_HANDLE result;

    STRUCT_RESULT(D3D12_GPU_DESCRIPTOR_HANDLE, heap->lpVtbl->GetGPUDescriptorHandleForHeapStart(heap, &result));
    return result;
#else
    return heap->lpVtbl->GetGPUDescriptorHandleForHeapStart(heap);
#endif
}

static ID3D12DescriptorHeap *create_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count,
        D3D12_DESCRIPTOR_HEAP_FLAGS flags)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count, flags, 0};
    ID3D12DescriptorHeap *heap = NULL;

    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            S_OK);
    assert_non_null(heap);
    return heap;
}

#define CBV D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV
#define SAMPLER D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER
#define RTV D3D12_DESCRIPTOR_HEAP_TYPE_RTV
#define DSV D3D12_DESCRIPTOR_HEAP_TYPE_DSV
#define VISIBLE D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
#define INVALID_DESC D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_INVALID_DESC
#define TOO_LARGE D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_LARGE_NUM_DESCRIPTORS

/* ---- Creation against the adapter's limits ---- */

struct limit_row
{
    const char *name;
    const char *adapter;
    D3D12_DESCRIPTOR_HEAP_DESC desc;
    HRESULT hr;
    D3D12_MESSAGE_ID message; /* 0: none */
    const char *text;         /* the whole message, or NULL to check only the id */
};

/* Creates each row's heap with the debug layer on: the result, the message,
 * the untouched-or-cleared output, the probe's agreement, GetDesc. */
static void run_limit_rows(const struct limit_row *rows, size_t count)
{
    struct row_failures failures = {0};
    D3D12_DESCRIPTOR_HEAP_DESC got;
    ID3D12DescriptorHeap *heap;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned i;
    HRESULT hr;

    enable_debug_layer();
    for (i = 0; i < count; ++i)
    {
        device = create_device_on(rows[i].adapter);
        info = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info);
        heap = SENTINEL;
        hr = ID3D12Device_CreateDescriptorHeap(device, &rows[i].desc, &IID_ID3D12DescriptorHeap, (void **)&heap);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            got = heap_desc(heap);
            if (got.Type != rows[i].desc.Type || got.NumDescriptors != rows[i].desc.NumDescriptors
                    || got.Flags != rows[i].desc.Flags
                    || got.NodeMask != (rows[i].desc.NodeMask ? rows[i].desc.NodeMask : 1u))
                row_fail(&failures, i, rows[i].name, "GetDesc %u %u %#x %#x", (unsigned)got.Type,
                        (unsigned)got.NumDescriptors, (unsigned)got.Flags, (unsigned)got.NodeMask);
            if (ID3D12DescriptorHeap_Release(heap))
                row_fail(&failures, i, rows[i].name, "heap references left");
        }
        else if (heap)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
        /* The probe agrees with the creation, whatever the IID. */
        hr = ID3D12Device_CreateDescriptorHeap(device, &rows[i].desc, &IID_ID3D12Heap, NULL);
        if (hr != (rows[i].hr == S_OK ? S_FALSE : rows[i].hr))
            row_fail(&failures, i, rows[i].name, "probe hr %#x", (unsigned)hr);
        if (rows[i].message)
        {
            if (ID3D12InfoQueue_GetNumStoredMessages(info) != 2)
                row_fail(&failures, i, rows[i].name, "%llu messages, expected 2 (creation and probe)",
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
            else if ((text = message_text(info, 0, &id), id != rows[i].message)
                    || (rows[i].text && strcmp(text, rows[i].text)))
                row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        }
        else if (ID3D12InfoQueue_GetNumStoredMessages(info))
        {
            row_fail(&failures, i, rows[i].name, "%llu messages, expected none (\"%s\")",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info), message_text(info, 0, &id));
        }
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* Every type with and without SHADER_VISIBLE, at and past the maxima, on a
 * resource binding tier 1 adapter (min-fl11_0: 1,000,000 views, 2048
 * samplers), tier 2 (nvidia-gtx-1080-ti), and tier 3 ones whose OPTIONS19
 * says more (nvidia-rtx-4090: 4080 samplers; amd-radeon-680m: 33,554,432
 * views; warp: 2,097,152 of each). */
static void test_create_limits(void **state)
{
    static const struct limit_row rows[] =
    {
        /* vkd3d-proton's test_create_descriptor_heap, on the default adapter. */
        {"CBV_SRV_UAV 16", NULL, {CBV, 16, 0, 0}, S_OK, 0, NULL},
        {"CBV_SRV_UAV 16 visible", NULL, {CBV, 16, VISIBLE, 0}, S_OK, 0, NULL},
        {"SAMPLER 16 visible", NULL, {SAMPLER, 16, VISIBLE, 0}, S_OK, 0, NULL},
        {"RTV 16", NULL, {RTV, 16, 0, 0}, S_OK, 0, NULL},
        {"RTV 16 visible", NULL, {RTV, 16, VISIBLE, 0}, E_INVALIDARG, INVALID_DESC,
                "ID3D12Device::CreateDescriptorHeap: a D3D12_DESCRIPTOR_HEAP_TYPE_RTV heap cannot be "
                "D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE; returning E_INVALIDARG."},
        {"DSV 16", NULL, {DSV, 16, 0, 0}, S_OK, 0, NULL},
        {"DSV 16 visible", NULL, {DSV, 16, VISIBLE, 0}, E_INVALIDARG, INVALID_DESC, NULL},
        /* Type, flags, count, node mask. */
        {"type 4", NULL, {D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES, 16, 0, 0}, E_INVALIDARG, INVALID_DESC,
                "ID3D12Device::CreateDescriptorHeap: Type 4 is no D3D12_DESCRIPTOR_HEAP_TYPE; returning E_INVALIDARG."},
        {"type -1", NULL, {(D3D12_DESCRIPTOR_HEAP_TYPE)-1, 16, 0, 0}, E_INVALIDARG, INVALID_DESC, NULL},
        {"flags 0x2", NULL, {CBV, 16, (D3D12_DESCRIPTOR_HEAP_FLAGS)0x2, 0}, E_INVALIDARG, INVALID_DESC,
                "ID3D12Device::CreateDescriptorHeap: Flags 0x2 has bits (0x2) that are no D3D12_DESCRIPTOR_HEAP_FLAGS; "
                "returning E_INVALIDARG."},
        {"CBV_SRV_UAV 0", NULL, {CBV, 0, 0, 0}, E_INVALIDARG, INVALID_DESC,
                "ID3D12Device::CreateDescriptorHeap: NumDescriptors is 0; returning E_INVALIDARG."},
        {"SAMPLER 0 visible", NULL, {SAMPLER, 0, VISIBLE, 0}, E_INVALIDARG, INVALID_DESC, NULL},
        {"RTV 0", NULL, {RTV, 0, 0, 0}, E_INVALIDARG, INVALID_DESC, NULL},
        {"DSV 0", NULL, {DSV, 0, 0, 0}, E_INVALIDARG, INVALID_DESC, NULL},
        {"node mask 1", NULL, {CBV, 4, VISIBLE, 1}, S_OK, 0, NULL},
        {"node mask 2 (one node)", NULL, {CBV, 4, VISIBLE, 2}, E_INVALIDARG, INVALID_DESC,
                "ID3D12Device::CreateDescriptorHeap: NodeMask 0x2 is not one node of the adapter's 1; "
                "returning E_INVALIDARG."},
        {"node mask 3", NULL, {RTV, 4, 0, 3}, E_INVALIDARG, INVALID_DESC, NULL},
        /* Tier 1. */
        {"tier 1: CBV_SRV_UAV 1000000 visible", "min-fl11_0", {CBV, 1000000, VISIBLE, 0}, S_OK, 0, NULL},
        {"tier 1: CBV_SRV_UAV 1000001 visible", "min-fl11_0", {CBV, 1000001, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE,
                "ID3D12Device::CreateDescriptorHeap: NumDescriptors 1000001 is more than a shader-visible "
                "D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV heap may have on min-fl11_0: 1000000 "
                "(D3D12_FEATURE_DATA_D3D12_OPTIONS19::MaxViewDescriptorHeapSize); returning E_INVALIDARG."},
        {"tier 1: CBV_SRV_UAV 4000000 not visible", "min-fl11_0", {CBV, 4000000, 0, 0}, S_OK, 0, NULL},
        {"tier 1: SAMPLER 2048 visible", "min-fl11_0", {SAMPLER, 2048, VISIBLE, 0}, S_OK, 0, NULL},
        {"tier 1: SAMPLER 2049 visible", "min-fl11_0", {SAMPLER, 2049, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE,
                "ID3D12Device::CreateDescriptorHeap: NumDescriptors 2049 is more than a shader-visible "
                "D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER heap may have on min-fl11_0: 2048 "
                "(D3D12_FEATURE_DATA_D3D12_OPTIONS19::MaxSamplerDescriptorHeapSize); returning E_INVALIDARG."},
        {"tier 1: SAMPLER 100000 not visible", "min-fl11_0", {SAMPLER, 100000, 0, 0}, S_OK, 0, NULL},
        {"tier 1: RTV 4000000", "min-fl11_0", {RTV, 4000000, 0, 0}, S_OK, 0, NULL},
        {"tier 1: DSV 4000000", "min-fl11_0", {DSV, 4000000, 0, 0}, S_OK, 0, NULL},
        /* Tier 2. */
        {"tier 2: CBV_SRV_UAV 1000000 visible", "nvidia-gtx-1080-ti", {CBV, 1000000, VISIBLE, 0}, S_OK, 0, NULL},
        {"tier 2: CBV_SRV_UAV 1000001 visible", "nvidia-gtx-1080-ti", {CBV, 1000001, VISIBLE, 0}, E_INVALIDARG,
                TOO_LARGE, NULL},
        {"tier 2: SAMPLER 2049 visible", "nvidia-gtx-1080-ti", {SAMPLER, 2049, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE, NULL},
        /* Tier 3, the adapters' OPTIONS19. */
        {"rtx-4090: CBV_SRV_UAV 1000000 visible", "nvidia-rtx-4090", {CBV, 1000000, VISIBLE, 0}, S_OK, 0, NULL},
        {"rtx-4090: CBV_SRV_UAV 1000001 visible", "nvidia-rtx-4090", {CBV, 1000001, VISIBLE, 0}, E_INVALIDARG,
                TOO_LARGE, NULL},
        {"rtx-4090: SAMPLER 4080 visible", "nvidia-rtx-4090", {SAMPLER, 4080, VISIBLE, 0}, S_OK, 0, NULL},
        {"rtx-4090: SAMPLER 4081 visible", "nvidia-rtx-4090", {SAMPLER, 4081, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE,
                "ID3D12Device::CreateDescriptorHeap: NumDescriptors 4081 is more than a shader-visible "
                "D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER heap may have on nvidia-rtx-4090: 4080 "
                "(D3D12_FEATURE_DATA_D3D12_OPTIONS19::MaxSamplerDescriptorHeapSize); returning E_INVALIDARG."},
        {"680m: CBV_SRV_UAV 33554432 visible", "amd-radeon-680m", {CBV, 33554432, VISIBLE, 0}, S_OK, 0, NULL},
        {"680m: CBV_SRV_UAV 33554433 visible", "amd-radeon-680m", {CBV, 33554433, VISIBLE, 0}, E_INVALIDARG,
                TOO_LARGE, NULL},
        {"warp: SAMPLER 2097152 visible", "warp", {SAMPLER, 2097152, VISIBLE, 0}, S_OK, 0, NULL},
        {"warp: SAMPLER 2097153 visible", "warp", {SAMPLER, 2097153, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE, NULL},
        {"warp: RTV 2097153 visible", "warp", {RTV, 2097153, VISIBLE, 0}, E_INVALIDARG, INVALID_DESC, NULL},
        {"warp: DSV UINT_MAX", "warp", {DSV, 0xffffffffu, 0, 0}, S_OK, 0, NULL},
    };

    (void)state;
    run_limit_rows(rows, ARRAY_SIZE(rows));
}

/* A runtime older than OPTIONS19 (SDK 610) knows only the documented limits:
 * 1,000,000 views on tiers 1 and 2, none on tier 3; 2048 samplers. */
static void test_create_limits_before_options19(void **state)
{
    static const struct limit_row rows[] =
    {
        {"tier 1: CBV_SRV_UAV 1000001 visible", "min-fl11_0", {CBV, 1000001, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE,
                "ID3D12Device::CreateDescriptorHeap: NumDescriptors 1000001 is more than a shader-visible "
                "D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV heap may have on min-fl11_0: 1000000 "
                "(D3D12_MAX_SHADER_VISIBLE_DESCRIPTOR_HEAP_SIZE_TIER_1 (D3D12_RESOURCE_BINDING_TIER_1)); "
                "returning E_INVALIDARG."},
        {"tier 2: CBV_SRV_UAV 1000000 visible", "nvidia-gtx-1080-ti", {CBV, 1000000, VISIBLE, 0}, S_OK, 0, NULL},
        {"tier 2: CBV_SRV_UAV 1000001 visible", "nvidia-gtx-1080-ti", {CBV, 1000001, VISIBLE, 0}, E_INVALIDARG,
                TOO_LARGE, NULL},
        {"tier 3: CBV_SRV_UAV 50000000 visible", "amd-radeon-680m", {CBV, 50000000, VISIBLE, 0}, S_OK, 0, NULL},
        {"tier 3: SAMPLER 2048 visible", "nvidia-rtx-4090", {SAMPLER, 2048, VISIBLE, 0}, S_OK, 0, NULL},
        {"tier 3: SAMPLER 2049 visible", "nvidia-rtx-4090", {SAMPLER, 2049, VISIBLE, 0}, E_INVALIDARG, TOO_LARGE,
                "ID3D12Device::CreateDescriptorHeap: NumDescriptors 2049 is more than a shader-visible "
                "D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER heap may have on nvidia-rtx-4090: 2048 "
                "(D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE); returning E_INVALIDARG."},
    };
    mockd3d12_runtime runtime;

    (void)state;
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    runtime.kind = MOCKD3D12_RUNTIME_RETAIL;
    runtime.sdk_version = 608;
    runtime.preview_sdk_version = 706;
    runtime.cutoff_sdk_version = 620;
    runtime.cutoff_preview_sdk_version = 721;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    run_limit_rows(rows, ARRAY_SIZE(rows));
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* ---- Handles ---- */

/* The heap's handles start where GetDesc's heap lives and step by the
 * adapter's own increments (NVIDIA DSV 8, AMD sampler 16, Intel CBV_SRV_UAV
 * 64); GPU handles exist only for shader-visible heaps. */
static void test_handles(void **state)
{
    static const struct
    {
        const char *name;
        const char *adapter;
        D3D12_DESCRIPTOR_HEAP_TYPE type;
        D3D12_DESCRIPTOR_HEAP_FLAGS flags;
        UINT increment;
    }
    rows[] =
    {
        {"nvidia DSV", "nvidia-rtx-4090", DSV, 0, 8},
        {"nvidia RTV", "nvidia-rtx-4090", RTV, 0, 32},
        {"amd SAMPLER visible", "amd-radeon-680m", SAMPLER, VISIBLE, 16},
        {"amd SAMPLER", "amd-radeon-680m", SAMPLER, 0, 16},
        {"intel CBV_SRV_UAV visible", "intel-arc-a770", CBV, VISIBLE, 64},
        {"intel CBV_SRV_UAV", "intel-arc-a770", CBV, 0, 64},
        {"intel DSV", "intel-arc-a770", DSV, 0, 144},
    };
    struct row_failures failures = {0};
    D3D12_CPU_DESCRIPTOR_HANDLE cpu[2];
    D3D12_GPU_DESCRIPTOR_HANDLE gpu[2];
    ID3D12DescriptorHeap *heaps[2];
    ID3D12Device *device;
    UINT increment;
    unsigned i, j;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = create_device_on(rows[i].adapter);
        increment = ID3D12Device_GetDescriptorHandleIncrementSize(device, rows[i].type);
        if (increment != rows[i].increment)
            row_fail(&failures, i, rows[i].name, "increment %u, expected %u", increment, rows[i].increment);
        for (j = 0; j < 2; ++j)
        {
            heaps[j] = create_heap(device, rows[i].type, 1000, rows[i].flags);
            cpu[j] = cpu_start(heaps[j]);
            gpu[j] = gpu_start(heaps[j]);
            if (!cpu[j].ptr)
                row_fail(&failures, i, rows[i].name, "heap %u: CPU handle 0", j);
            if ((gpu[j].ptr != 0) != (rows[i].flags == VISIBLE))
                row_fail(&failures, i, rows[i].name, "heap %u: GPU handle %#llx", j, (unsigned long long)gpu[j].ptr);
            /* Stable from call to call. */
            if (cpu_start(heaps[j]).ptr != cpu[j].ptr || gpu_start(heaps[j]).ptr != gpu[j].ptr)
                row_fail(&failures, i, rows[i].name, "heap %u: handles move", j);
        }
        /* Two heaps' handle ranges (1000 descriptors each) never overlap. */
        if (cpu[0].ptr < cpu[1].ptr + 1000 * (SIZE_T)increment && cpu[1].ptr < cpu[0].ptr + 1000 * (SIZE_T)increment)
            row_fail(&failures, i, rows[i].name, "CPU ranges overlap: %#llx %#llx", (unsigned long long)cpu[0].ptr,
                    (unsigned long long)cpu[1].ptr);
        if (rows[i].flags == VISIBLE && gpu[0].ptr < gpu[1].ptr + 1000ull * increment
                && gpu[1].ptr < gpu[0].ptr + 1000ull * increment)
            row_fail(&failures, i, rows[i].name, "GPU ranges overlap");
        for (j = 0; j < 2; ++j)
            ID3D12DescriptorHeap_Release(heaps[j]);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* A million-descriptor heap allocates nothing per descriptor. */
static void test_large_heap_costs_nothing(void **state)
{
    ID3D12DescriptorHeap *heap;
    ID3D12Device *device;
    D3D12_DESCRIPTOR_HEAP_DESC desc = {CBV, 1000000, VISIBLE, 0};
    long n;

    (void)state;
    device = create_device_on("nvidia-rtx-4090");
    /* The heap is one allocation: with the second failing, it is created. */
    for (n = 0; n < 2; ++n)
    {
        heap = NULL;
        mk_alloc_fail_after(n + 1);
        assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
                S_OK);
        mk_alloc_fail_after(-1);
        assert_false(mk_alloc_fail_triggered());
        ID3D12DescriptorHeap_Release(heap);
    }
    /* With the first failing: E_OUTOFMEMORY, nothing created, no reference left. */
    heap = SENTINEL;
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_null(heap);
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- COM identity, references, private data ---- */

static void test_heap_object(void **state)
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
        {"ID3D12DescriptorHeap", &IID_ID3D12DescriptorHeap, S_OK},
        {"ID3D12Heap", &IID_ID3D12Heap, E_NOINTERFACE},
        {"ID3D12Device", &IID_ID3D12Device, E_NOINTERFACE},
        {"ID3D12Fence", &IID_ID3D12Fence, E_NOINTERFACE},
        {"ID3D12QueryHeap", &IID_ID3D12QueryHeap, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    D3D12_DESCRIPTOR_HEAP_DESC desc = {CBV, 16, 0, 0};
    ID3D12DescriptorHeap *heap;
    ID3D12Device *device, *other;
    IUnknown *unknown;
    void *out;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device_on(NULL);
    assert_int_equal(get_refcount(device), 1);
    heap = create_heap(device, CBV, 16, 0);
    /* The heap holds its device (test_create_descriptor_heap: 1 -> 2). */
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(get_refcount(heap), 1);

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        out = SENTINEL;
        hr = ID3D12DescriptorHeap_QueryInterface(heap, rows[i].iid, &out);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (hr == S_OK)
        {
            if (out != heap)
                row_fail(&failures, i, rows[i].name, "another pointer");
            if (get_refcount(heap) != 2)
                row_fail(&failures, i, rows[i].name, "refcount %u after QueryInterface", (unsigned)get_refcount(heap));
            IUnknown_Release((IUnknown *)out);
        }
        else if (out)
        {
            row_fail(&failures, i, rows[i].name, "output not cleared");
        }
    }
    rows_done(&failures);
    assert_int_equal(ID3D12DescriptorHeap_QueryInterface(heap, &IID_IUnknown, NULL), E_POINTER);
    assert_int_equal(ID3D12DescriptorHeap_QueryInterface(heap, NULL, NULL), E_POINTER);
    out = SENTINEL;
    assert_int_equal(ID3D12DescriptorHeap_QueryInterface(heap, NULL, &out), E_INVALIDARG);
    assert_null(out);

    /* GetDevice: the device's QueryInterface. */
    assert_int_equal(ID3D12DescriptorHeap_GetDevice(heap, &IID_ID3D12Device, (void **)&other), S_OK);
    assert_ptr_equal(other, device);
    assert_int_equal(get_refcount(device), 3);
    ID3D12Device_Release(other);
    assert_int_equal(ID3D12DescriptorHeap_GetDevice(heap, &IID_ID3D12Device, NULL), E_POINTER);
    unknown = SENTINEL;
    assert_int_equal(ID3D12DescriptorHeap_GetDevice(heap, &IID_ID3D12Fence, (void **)&unknown), E_NOINTERFACE);
    assert_null(unknown);

    /* AddRef/Release count, and the last Release gives the device back. */
    assert_int_equal(ID3D12DescriptorHeap_AddRef(heap), 2);
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 1);
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
    assert_int_equal(get_refcount(device), 1);

    /* A NULL IID with an output: E_INVALIDARG, nothing created. */
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, NULL, &out), E_INVALIDARG);
    assert_null(out);
    /* An IID the heap lacks: E_NOINTERFACE, nothing left behind. */
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12Heap, &out), E_NOINTERFACE);
    assert_null(out);
    /* As IUnknown: the same object. */
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_IUnknown, &out), S_OK);
    IUnknown_Release((IUnknown *)out);
    /* A NULL description: E_INVALIDARG (Windows would crash), also as a probe. */
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, NULL, &IID_ID3D12DescriptorHeap, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, NULL, &IID_ID3D12DescriptorHeap, NULL), E_INVALIDARG);
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_heap_private_data(void **state)
{
    ID3D12DescriptorHeap *heap, *other;
    ID3D12Device *device;
    UINT value = 0x1234, size;
    IUnknown *stored;

    (void)state;
    device = create_device_on(NULL);
    heap = create_heap(device, SAMPLER, 8, VISIBLE);
    other = create_heap(device, RTV, 8, 0);

    assert_int_equal(ID3D12DescriptorHeap_SetPrivateData(heap, &test_guid, sizeof(value), &value), S_OK);
    value = 0;
    size = sizeof(value);
    assert_int_equal(ID3D12DescriptorHeap_GetPrivateData(heap, &test_guid, &size, &value), S_OK);
    assert_int_equal(value, 0x1234);
    /* Each object has its own store. */
    size = sizeof(value);
    assert_int_equal(ID3D12DescriptorHeap_GetPrivateData(other, &test_guid, &size, &value), DXGI_ERROR_NOT_FOUND);

    /* An interface is AddRef'd until replaced. */
    assert_int_equal(ID3D12DescriptorHeap_SetPrivateDataInterface(heap, &test_guid, (IUnknown *)other), S_OK);
    assert_int_equal(get_refcount(other), 2);
    size = sizeof(stored);
    assert_int_equal(ID3D12DescriptorHeap_GetPrivateData(heap, &test_guid, &size, &stored), S_OK);
    assert_ptr_equal(stored, other);
    IUnknown_Release(stored);
    assert_int_equal(ID3D12DescriptorHeap_SetPrivateDataInterface(heap, &test_guid, NULL), S_OK);
    assert_int_equal(get_refcount(other), 1);

    assert_int_equal(ID3D12DescriptorHeap_SetName(heap, L"samplers"), S_OK);
    size = 0;
    assert_int_equal(ID3D12DescriptorHeap_GetPrivateData(heap, &WKPDID_D3DDebugObjectNameW, &size, NULL), S_OK);
    assert_int_equal(size, sizeof(L"samplers"));

    /* Released with an interface stored: the interface is released too. */
    assert_int_equal(ID3D12DescriptorHeap_SetPrivateDataInterface(heap, &test_guid, (IUnknown *)other), S_OK);
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
    assert_int_equal(ID3D12DescriptorHeap_Release(other), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* After RemoveDevice nothing is created: DXGI_ERROR_DEVICE_REMOVED, probes
 * included; heaps created before stay usable. */
static void test_removed_device(void **state)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {CBV, 16, VISIBLE, 0};
    ID3D12DescriptorHeap *heap, *before;
    ID3D12Device5 *device5;
    ID3D12Device *device;

    (void)state;
    device = create_device_on("warp");
    before = create_heap(device, CBV, 16, VISIBLE);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    heap = SENTINEL;
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(heap);
    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, NULL),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(heap_desc(before).NumDescriptors, 16);
    assert_true(gpu_start(before).ptr != 0);
    ID3D12DescriptorHeap_Release(before);
    ID3D12Device5_Release(device5);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ReportLiveDeviceObjects lists live heaps with their names. */
static void test_live_heaps(void **state)
{
    ID3D12DebugDevice *debug_device;
    ID3D12DescriptorHeap *heap;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    char expected[256];
    const char *text;
    UINT64 i, count;
    bool found = false;

    (void)state;
    enable_debug_layer();
    device = create_device_on(NULL);
    info = info_queue(device);
    heap = create_heap(device, DSV, 4, 0);
    assert_int_equal(ID3D12DescriptorHeap_SetName(heap, L"depth"), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    snprintf(expected, sizeof(expected), "\tLive ID3D12DescriptorHeap at 0x%016llX, Name: depth, Refcount: 1, IntRef: 0",
            (unsigned long long)(uintptr_t)heap);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (i = 0; i < count; ++i)
    {
        text = message_text(info, i, &id);
        if (!strcmp(text, expected) && id == D3D12_MESSAGE_ID_LIVE_DESCRIPTORHEAP)
            found = true;
    }
    assert_true(found);
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Coverage rows: heaps on a 32-node adapter and at the edges of their handle ranges ---- */

static const char profile_32_nodes[] =
        "{\"id\": \"edges-32-nodes\", \"description\": \"32 nodes\", \"inherits\": \"nvidia-rtx-4090\","
        " \"adapter\": {\"nodeCount\": 32}}";

static const char profile_huge_heaps[] =
        "{\"id\": \"edges-huge-heaps\", \"description\": \"4 GiB descriptors, no OPTIONS19 limits\","
        " \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"descriptorSizes\": {\"CBV_SRV_UAV\": 4294967295}},"
        " \"features\": {\"D3D12_OPTIONS\": {\"ResourceBindingTier\": \"D3D12_RESOURCE_BINDING_TIER_3\"},"
        " \"D3D12_OPTIONS19\": {\"MaxViewDescriptorHeapSize\": 0, \"MaxSamplerDescriptorHeapSize\": 0}}}";

/* The bytes of the process-wide CPU handle range a heap could still take:
 * after a one-RTV probe heap (32 bytes), whose range ends at the next
 * 64 KiB boundary past a 64 KiB guard gap. */
static uint64_t cpu_range_left(ID3D12Device *device)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    D3D12_CPU_DESCRIPTOR_HANDLE start;
    ID3D12DescriptorHeap *heap;

    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap), S_OK);
    start = cpu_start(heap);
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
        cmocka_unit_test_setup_teardown(test_create_limits, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_create_limits_before_options19, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_handles, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_large_heap_costs_nothing, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_private_data, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_heaps, quiet_setup, quiet_teardown),
        /* Last: it uses up the process-wide descriptor handle ranges. */
        cmocka_unit_test_setup_teardown(test_descriptor_heap_ranges, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
