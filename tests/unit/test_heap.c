/*
 * Heaps (docs/objects.md, "ID3D12Heap"): the rows vkd3d's test_create_heap
 * records on Windows (sizes, alignments, flags, CUSTOM page properties and
 * pools), the resource heap tier on a tier-2 and a tier-1 adapter, GPU
 * upload heaps on an adapter with them and one without, GetDesc, identity,
 * video memory, messages.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "resource_tests.h"

#define ONLY_BUFFERS D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS
#define ONLY_TEXTURES D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES
#define ONLY_RT_DS D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES
#define NO_MESSAGE ((D3D12_MESSAGE_ID)0)

static void test_create_heap(void **state)
{
    const struct
    {
        const char *name;
        const char *adapter;
        UINT64 size, alignment;
        D3D12_HEAP_TYPE type;
        D3D12_CPU_PAGE_PROPERTY page;
        D3D12_MEMORY_POOL pool;
        D3D12_HEAP_FLAGS flags;
        HRESULT hr;
        D3D12_MESSAGE_ID id;
        const char *text;
    }
    rows[] =
    {
        {"textures, 64 KiB", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_TEXTURES, S_OK, 0, NULL},
        {"size 0", "nvidia-rtx-4090", 0, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_TEXTURES, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDSIZE, "ID3D12Device::CreateHeap: SizeInBytes is 0; returning E_INVALIDARG."},
        {"ALLOW_DISPLAY", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0,
                ONLY_RT_DS | D3D12_HEAP_FLAG_ALLOW_DISPLAY, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS, NULL},
        {"4 MiB alignment", "nvidia-rtx-4090", 40 << 20, 4 << 20, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_RT_DS, S_OK, 0,
                NULL},
        {"64 KiB alignment", "nvidia-rtx-4090", 10 * 65536, 65536, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_BUFFERS, S_OK, 0,
                NULL},
        {"128 KiB alignment", "nvidia-rtx-4090", 10 * 131072, 131072, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_BUFFERS,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDALIGNMENT, NULL},
        {"8 MiB alignment", "nvidia-rtx-4090", 80 << 20, 8 << 20, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_BUFFERS,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDALIGNMENT, NULL},
        {"4 KiB alignment", "nvidia-rtx-4090", 40960, 4096, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_BUFFERS, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDALIGNMENT, NULL},
        {"every category, tier 2", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0,
                D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES, S_OK, 0, NULL},
        {"every category, tier 1", "nvidia-rtx-2080", 65536, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0,
                D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS,
                "needs D3D12_FEATURE_DATA_D3D12_OPTIONS::ResourceHeapTier >= D3D12_RESOURCE_HEAP_TIER_2, which is "
                "D3D12_RESOURCE_HEAP_TIER_1 on nvidia-rtx-2080"},
        {"one category, tier 1", "nvidia-rtx-2080", 65536, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0, ONLY_RT_DS, S_OK, 0, NULL},
        {"unknown flag", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_DEFAULT, 0, 0, (D3D12_HEAP_FLAGS)0x100000,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDMISCFLAGS, NULL},
        {"GPU upload", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_GPU_UPLOAD, 0, 0, ONLY_BUFFERS, S_OK, 0, NULL},
        {"GPU upload, unsupported", "nvidia-rtx-3080-ti", 65536, 0, D3D12_HEAP_TYPE_GPU_UPLOAD, 0, 0, ONLY_BUFFERS,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDHEAPTYPE, "GPUUploadHeapSupported, which is FALSE"},
        {"type 9", "nvidia-rtx-4090", 65536, 0, (D3D12_HEAP_TYPE)9, 0, 0, ONLY_BUFFERS, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDHEAPTYPE, NULL},
        {"UPLOAD with a page property", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_UPLOAD,
                D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, 0, ONLY_BUFFERS, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES,
                NULL},
        /* test_create_heap's custom_tests. */
        {"CUSTOM UNKNOWN UNKNOWN", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM, 0, 0, ONLY_BUFFERS,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES, NULL},
        {"CUSTOM NOT_AVAILABLE UNKNOWN", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, 0, ONLY_BUFFERS, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES, NULL},
        {"CUSTOM UNKNOWN L0", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM, 0, D3D12_MEMORY_POOL_L0, ONLY_BUFFERS,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES, NULL},
        {"CUSTOM NOT_AVAILABLE L0", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L0, ONLY_BUFFERS, S_OK, 0, NULL},
        {"CUSTOM WRITE_COMBINE L0", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L0, ONLY_BUFFERS, S_OK, 0, NULL},
        {"CUSTOM WRITE_BACK L0", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0, ONLY_BUFFERS, S_OK, 0, NULL},
        {"CUSTOM NOT_AVAILABLE L1", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L1, ONLY_BUFFERS, S_OK, 0, NULL},
        {"CUSTOM NOT_AVAILABLE L1 on UMA", "amd-radeon-680m", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L1, ONLY_BUFFERS, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES, "UMA is TRUE"},
        {"CUSTOM WRITE_COMBINE L1", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L1, ONLY_BUFFERS, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES, NULL},
        {"CUSTOM WRITE_BACK L1", "nvidia-rtx-4090", 65536, 0, D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L1, ONLY_BUFFERS, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES, NULL},
    };
    struct row_failures failures = {0};
    D3D12_HEAP_DESC desc, got;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    ID3D12Heap *heap;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        memset(&desc, 0, sizeof(desc));
        desc.SizeInBytes = rows[i].size;
        desc.Alignment = rows[i].alignment;
        desc.Properties.Type = rows[i].type;
        desc.Properties.CPUPageProperty = rows[i].page;
        desc.Properties.MemoryPoolPreference = rows[i].pool;
        desc.Flags = rows[i].flags;
        heap = SENTINEL;
        hr = ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        id = 0;
        text = "";
        if (ID3D12InfoQueue_GetNumStoredMessages(info_q))
            text = message_text(info_q, 0, &id);
        if (id != rows[i].id || (rows[i].text && !strstr(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (FAILED(hr) && heap)
            row_fail(&failures, i, rows[i].name, "the output is not NULL");
        if (SUCCEEDED(hr) && heap && heap != SENTINEL)
        {
            got = heap_get_desc(heap);
            if (got.SizeInBytes != desc.SizeInBytes || got.Alignment != (desc.Alignment ? desc.Alignment : 65536)
                    || got.Flags != desc.Flags || got.Properties.Type != desc.Properties.Type
                    || got.Properties.CreationNodeMask != 1 || got.Properties.VisibleNodeMask != 1)
                row_fail(&failures, i, rows[i].name, "GetDesc differs");
            if (ID3D12Heap_Release(heap))
                row_fail(&failures, i, rows[i].name, "references left");
        }
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

static void test_heap_object(void **state)
{
    D3D12_HEAP_DESC desc;
    ID3D12Device *device, *got;
    ID3D12Heap1 *heap1;
    ID3D12Heap *heap;
    UINT64 before;
    void *out;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = 1 << 20;
    desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
    desc.Flags = ONLY_TEXTURES;
    before = usage_of("nvidia-rtx-4090", 0);
    assert_int_equal(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), before + (1 << 20));
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(ID3D12Heap_GetDevice(heap, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    ID3D12Device_Release(got);
    assert_int_equal(ID3D12Heap_QueryInterface(heap, &IID_ID3D12Pageable, &out), S_OK);
    IUnknown_Release((IUnknown *)out);
    assert_int_equal(ID3D12Heap_QueryInterface(heap, &IID_ID3D12Heap1, (void **)&heap1), S_OK);
    out = SENTINEL;
    assert_int_equal(heap1->lpVtbl->GetProtectedResourceSession(heap1, &IID_ID3D12ProtectedResourceSession, &out),
            DXGI_ERROR_NOT_FOUND);
    assert_null(out);
    heap1->lpVtbl->Release(heap1);
    assert_int_equal(ID3D12Heap_QueryInterface(heap, &IID_ID3D12Resource, &out), E_NOINTERFACE);
    assert_int_equal(ID3D12Heap_SetName(heap, L"textures"), S_OK);
    assert_int_equal(ID3D12Heap_Release(heap), 0);
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), before);
    /* NULL IID; an IID the heap does not have; a protected session. */
    assert_int_equal(ID3D12Device_CreateHeap(device, &desc, NULL, &out), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Resource, &out), E_NOINTERFACE);
    assert_null(out);
    {
        ID3D12Device4 *device4;

        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device4, (void **)&device4), S_OK);
        assert_int_equal(device4->lpVtbl->CreateHeap1(device4, &desc, (ID3D12ProtectedResourceSession *)SENTINEL,
                &IID_ID3D12Heap, &out), E_INVALIDARG);
        assert_int_equal(device4->lpVtbl->CreateHeap1(device4, &desc, NULL, &IID_ID3D12Heap, &out), S_OK);
        IUnknown_Release((IUnknown *)out);
        device4->lpVtbl->Release(device4);
    }
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_heap_out_of_memory(void **state)
{
    D3D12_HEAP_DESC desc;
    struct row_failures failures = {0};
    ID3D12Device *device;
    UINT64 before;
    void *out;
    unsigned n;
    HRESULT hr;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    memset(&desc, 0, sizeof(desc));
    desc.SizeInBytes = 65536;
    desc.Properties.Type = D3D12_HEAP_TYPE_UPLOAD;
    desc.Flags = ONLY_BUFFERS;
    before = usage_of("nvidia-rtx-4090", 1);
    for (n = 0; n <= 2; ++n)
    {
        out = SENTINEL;
        mk_alloc_fail_after(n);
        hr = ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, &out);
        mk_alloc_fail_after(-1);
        if (hr != (n < 2 ? E_OUTOFMEMORY : S_OK))
            row_fail(&failures, n, "UPLOAD heap", "hr %#x", (unsigned)hr);
        if (FAILED(hr) && (out || usage_of("nvidia-rtx-4090", 1) != before || get_refcount(device) != 1))
            row_fail(&failures, n, "UPLOAD heap", "left something");
        if (SUCCEEDED(hr))
            IUnknown_Release((IUnknown *)out);
    }
    /* Past the budget. */
    desc.SizeInBytes = 1ull << 50;
    assert_int_equal(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, &out), E_OUTOFMEMORY);
    assert_int_equal(usage_of("nvidia-rtx-4090", 1), before);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* ---- The refusals of CreateHeap, each with its message ---- */

static void test_heap_refusal_rows(void **state)
{
    const struct
    {
        const char *name;
        const char *adapter;
        D3D12_HEAP_TYPE type;
        UINT page, pool;
        UINT64 size;
        D3D12_HEAP_FLAGS flags;
        HRESULT hr;
        D3D12_MESSAGE_ID id;
        const char *text;
    }
    rows[] =
    {
        {"CUSTOM, CPUPageProperty 9", "nvidia-rtx-4090", D3D12_HEAP_TYPE_CUSTOM, 9, D3D12_MEMORY_POOL_L0, 65536, 0,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES,
                "ID3D12Device::CreateHeap: CPUPageProperty 9 is no D3D12_CPU_PAGE_PROPERTY; returning E_INVALIDARG."},
        {"CUSTOM, MemoryPoolPreference 9", "nvidia-rtx-4090", D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, 9, 65536, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDMEMORYPOOL, "MemoryPoolPreference 9 is no D3D12_MEMORY_POOL"},
        {"HARDWARE_PROTECTED", "nvidia-rtx-4090", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 65536,
                D3D12_HEAP_FLAG_HARDWARE_PROTECTED, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS,
                "D3D12_HEAP_FLAG_HARDWARE_PROTECTED needs a protected session, and mockd3d12 models none"},
        {"cross-adapter buffers (allowed; tier 1: one category)", "intel-arc-a770", D3D12_HEAP_TYPE_DEFAULT, 0, 0,
                65536, D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER | D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS,
                S_OK, NO_MESSAGE, NULL},
        /* The capability gates views of row-major textures, not cross-adapter heaps ("Shared heaps"). */
        {"cross-adapter without CrossAdapterRowMajorTextureSupported (allowed)", "nvidia-rtx-4090",
                D3D12_HEAP_TYPE_DEFAULT, 0, 0, 65536, D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, S_OK,
                NO_MESSAGE, NULL},
        {"every category denied", "nvidia-rtx-4090", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 65536,
                D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES
                | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS,
                "HeapFlags 0xc4 deny buffers and both kinds of texture: nothing could be placed"},
        {"past the budget", "res-small-budget", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 32 << 20, 0, E_OUTOFMEMORY,
                D3D12_MESSAGE_ID_CREATEHEAP_OUTOFMEMORY_RETURN,
                "ID3D12Device::CreateHeap: 33554432 bytes more of local memory on node 0 would pass res-small-budget's "
                "budget of 16777216 bytes (0 in use); returning E_OUTOFMEMORY."},
        {"within the budget", "res-small-budget", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 16 << 20, 0, S_OK, NO_MESSAGE, NULL},
    };
    struct row_failures failures = {0};
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    D3D12_HEAP_DESC hd;
    D3D12_MESSAGE_ID id;
    const char *text;
    void *heap;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        hd = heap_desc_of(rows[i].type, rows[i].size, rows[i].flags);
        hd.Properties.CPUPageProperty = (D3D12_CPU_PAGE_PROPERTY)rows[i].page;
        hd.Properties.MemoryPoolPreference = (D3D12_MEMORY_POOL)rows[i].pool;
        heap = SENTINEL;
        hr = ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, &heap);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        id = first_message(info_q, &text);
        if (id != rows[i].id || (rows[i].text && !strstr(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (FAILED(hr) && heap)
            row_fail(&failures, i, rows[i].name, "the output is not NULL");
        if (SUCCEEDED(hr) && heap && heap != SENTINEL)
        {
            if (heap_get_desc(heap).SizeInBytes != rows[i].size)
                row_fail(&failures, i, rows[i].name, "GetDesc's SizeInBytes");
            if (ID3D12Heap_Release((ID3D12Heap *)heap))
                row_fail(&failures, i, rows[i].name, "references left");
        }
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* ---- ReportLiveDeviceObjects lists heaps, by name ---- */

static void test_live_heaps(void **state)
{
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_NONE);
    ID3D12DebugDevice *debug;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    ID3D12Heap *heap;
    D3D12_MESSAGE_ID id;
    UINT64 i, count;
    const char *text;
    bool named = false, unnamed = false;
    ID3D12Heap *other;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&other), S_OK);
    assert_int_equal(ID3D12Heap_SetName(heap, L"staging pool"), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL);
    count = ID3D12InfoQueue_GetNumStoredMessages(info_q);
    for (i = 0; i < count; ++i)
    {
        text = message_text(info_q, i, &id);
        if (id != D3D12_MESSAGE_ID_LIVE_HEAP || !strstr(text, "ID3D12Heap"))
            continue;
        if (strstr(text, "staging pool"))
            named = true;
        else
            unnamed = true;
    }
    assert_true(named);
    assert_true(unnamed);
    ID3D12DebugDevice_Release(debug);
    ID3D12Heap_Release(other);
    ID3D12Heap_Release(heap);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_create_heap, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_out_of_memory, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_refusal_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_heaps, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
