/*
 * Allocation-failure injection (src/alloc.h): for each operation, make the
 * 0th, 1st, 2nd... allocation fail until the operation no longer allocates
 * that many times. Every failure must surface as E_OUTOFMEMORY (or the
 * operation's documented clean error), leave no half-built object (NULL out
 * pointers, unchanged registry, a device that still works) and leak nothing
 * (scripts/test.sh runs this under ASan's leak checker and valgrind).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "caps/caps.h"
#include "debuglayer/debuglayer.h"
#include "device.h"

/* No operation here needs anywhere near this many allocations. */
#define MAX_STEPS 8000 /* a dump of an adapter with a report's format table makes ~3000 allocations */

/* One operation under test. Returns its HRESULT; on success it must have
 * released everything it made except what `undo` releases. */
struct op
{
    const char *name;
    HRESULT (*run)(void *ctx);
    HRESULT alternative; /* a clean error besides E_OUTOFMEMORY, or S_OK for none */
};

static void discard_output(void *context, const char *line)
{
    (void)context;
    (void)line;
}

/* Runs op with allocation n failing, n = 0, 1, 2..., reporting a wrong
 * result as row `index` of `failures` (the op's name); the op stops at its
 * first wrong result, the next op still runs. */
static void run_with_failures(struct row_failures *failures, unsigned index, const struct op *op, void *ctx)
{
    HRESULT hr;
    long n;

    for (n = 0; n < MAX_STEPS; ++n)
    {
        mk_alloc_fail_after(n);
        hr = op->run(ctx);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            if (hr != S_OK)
                row_fail(failures, index, op->name, "%#x with no allocation failing", (unsigned)hr);
            return;
        }
        if (hr != S_OK && hr != E_OUTOFMEMORY && (op->alternative == S_OK || hr != op->alternative))
        {
            row_fail(failures, index, op->name, "allocation %ld failed and the result is %#x", n, (unsigned)hr);
            return;
        }
    }
    row_fail(failures, index, op->name, "still allocating after %d steps", MAX_STEPS);
}

/* ---- The operations ---- */

static HRESULT op_create_device(void *ctx)
{
    ID3D12Device *device = (ID3D12Device *)(uintptr_t)1;
    HRESULT hr;
    (void)ctx;

    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (FAILED(hr))
    {
        assert_null(device);
        return hr;
    }
    ID3D12Device_Release(device);
    return hr;
}

static HRESULT op_create_debug_device(void *ctx)
{
    ID3D12InfoQueue *queue = NULL;
    ID3D12Device *device = NULL;
    ID3D12Debug *debug;
    HRESULT hr;
    (void)ctx;

    if (FAILED(hr = D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug)))
        return hr;
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    dbg_reset();
    if (FAILED(hr))
    {
        assert_null(device);
        return hr;
    }
    /* No half-built debug layer: the device has its InfoQueue. */
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    ID3D12InfoQueue_Release(queue);
    ID3D12Device_Release(device);
    return hr;
}

static HRESULT op_create_queue(void *ctx)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = (ID3D12CommandQueue *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    HRESULT hr;

    hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue);
    if (FAILED(hr))
    {
        assert_null(queue);
        return hr;
    }
    ID3D12CommandQueue_Release(queue);
    return hr;
}

static HRESULT op_create_fence(void *ctx)
{
    ID3D12Fence *fence = (ID3D12Fence *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    HRESULT hr;

    hr = ID3D12Device_CreateFence(device, 5, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence);
    if (FAILED(hr))
    {
        assert_null(fence);
        return hr;
    }
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 5);
    ID3D12Fence_Release(fence);
    return hr;
}

static HRESULT op_create_descriptor_heap(void *ctx)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1000000,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12DescriptorHeap *heap = (ID3D12DescriptorHeap *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    HRESULT hr;

    hr = ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap);
    if (FAILED(hr))
    {
        assert_null(heap);
        return hr;
    }
    /* The name is the one allocation of its own: it may fail alone. */
    hr = ID3D12DescriptorHeap_SetName(heap, L"heap");
    assert_int_equal(ID3D12DescriptorHeap_Release(heap), 0);
    return hr;
}

/* Root signatures: a 1.1 description with a table, a root descriptor and a
 * static sampler (the validator, the writer, the blob, the parser, the
 * conversions and the object each allocate). */

static const D3D12_DESCRIPTOR_RANGE1 rs_ranges[] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, 0, 0}};
static const D3D12_ROOT_PARAMETER1 rs_params[] =
{
    {D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE, .DescriptorTable = {1, rs_ranges}, D3D12_SHADER_VISIBILITY_ALL},
    {D3D12_ROOT_PARAMETER_TYPE_CBV, .Descriptor = {0, 0, 0}, D3D12_SHADER_VISIBILITY_PIXEL},
};
static const D3D12_STATIC_SAMPLER_DESC rs_samplers[] =
{
    {D3D12_FILTER_MIN_MAG_MIP_POINT, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 1.0f, 0, 0, D3D12_SHADER_VISIBILITY_ALL},
};

static D3D12_VERSIONED_ROOT_SIGNATURE_DESC rs_desc(void)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 2;
    desc.Desc_1_1.pParameters = rs_params;
    desc.Desc_1_1.NumStaticSamplers = 1;
    desc.Desc_1_1.pStaticSamplers = rs_samplers;
    return desc;
}

static HRESULT op_serialize_root_signature(void *ctx)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = rs_desc();
    ID3DBlob *blob = (ID3DBlob *)(uintptr_t)1, *error = (ID3DBlob *)(uintptr_t)1;
    HRESULT hr;
    (void)ctx;

    hr = D3D12SerializeVersionedRootSignature(&desc, &blob, &error);
    assert_null(error);
    if (FAILED(hr))
    {
        assert_ptr_equal(blob, (ID3DBlob *)(uintptr_t)1);
        return hr;
    }
    assert_int_equal(ID3D10Blob_Release(blob), 0);
    return hr;
}

/* An invalid description: E_INVALIDARG with its error blob, or without one
 * when that is what failed. */
static HRESULT op_serialize_error(void *ctx)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = rs_desc();
    ID3DBlob *blob = (ID3DBlob *)(uintptr_t)1, *error = (ID3DBlob *)(uintptr_t)1;
    HRESULT hr;
    (void)ctx;

    desc.Desc_1_1.Flags = (D3D12_ROOT_SIGNATURE_FLAGS)0x10000;
    hr = D3D12SerializeVersionedRootSignature(&desc, &blob, &error);
    assert_int_equal(hr, E_INVALIDARG);
    assert_ptr_equal(blob, (ID3DBlob *)(uintptr_t)1);
    if (!error)
        return E_OUTOFMEMORY;
    assert_int_equal(ID3D10Blob_Release(error), 0);
    return S_OK;
}

static HRESULT op_deserialize_root_signature(void *ctx)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = rs_desc();
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *converted;
    ID3D12VersionedRootSignatureDeserializer *versioned = (ID3D12VersionedRootSignatureDeserializer *)(uintptr_t)1;
    ID3D12RootSignatureDeserializer *legacy = (ID3D12RootSignatureDeserializer *)(uintptr_t)1;
    ID3DBlob *blob;
    HRESULT hr;
    (void)ctx;

    if (FAILED(hr = D3D12SerializeVersionedRootSignature(&desc, &blob, NULL)))
        return hr;
    hr = D3D12CreateVersionedRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
            &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned);
    if (FAILED(hr))
        assert_null(versioned);
    else
    {
        converted = (const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *)(uintptr_t)1;
        hr = ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
                D3D_ROOT_SIGNATURE_VERSION_1_2, &converted);
        if (FAILED(hr))
            assert_null(converted);
        assert_int_equal(ID3D12VersionedRootSignatureDeserializer_Release(versioned), 0);
    }
    if (SUCCEEDED(hr))
    {
        /* A 1.1 blob: the legacy deserializer converts it to 1.0. */
        hr = D3D12CreateRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                &IID_ID3D12RootSignatureDeserializer, (void **)&legacy);
        if (FAILED(hr))
            assert_null(legacy);
        else
            assert_int_equal(ID3D12RootSignatureDeserializer_Release(legacy), 0);
    }
    ID3D10Blob_Release(blob);
    return hr;
}

static HRESULT op_create_root_signature(void *ctx)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = rs_desc();
    ID3D12RootSignature *root_signature = (ID3D12RootSignature *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    ID3DBlob *blob;
    HRESULT hr;

    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_0; /* every adapter takes 1.0 */
    desc.Desc_1_0.NumParameters = 0;
    if (FAILED(hr = D3D12SerializeVersionedRootSignature(&desc, &blob, NULL)))
        return hr;
    hr = ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
            &IID_ID3D12RootSignature, (void **)&root_signature);
    ID3D10Blob_Release(blob);
    if (FAILED(hr))
    {
        assert_null(root_signature);
        return hr;
    }
    hr = ID3D12RootSignature_SetName(root_signature, L"root signature");
    assert_int_equal(ID3D12RootSignature_Release(root_signature), 0);
    return hr;
}

static HRESULT op_create_query_heap(void *ctx)
{
    D3D12_QUERY_HEAP_DESC desc = {D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 1024, 0};
    ID3D12QueryHeap *heap = (ID3D12QueryHeap *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    HRESULT hr;

    hr = ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, (void **)&heap);
    if (FAILED(hr))
    {
        assert_null(heap);
        return hr;
    }
    hr = ID3D12QueryHeap_SetName(heap, L"timestamps");
    assert_int_equal(ID3D12QueryHeap_Release(heap), 0);
    return hr;
}

/* A session (the session and, the first time, its cache), a store (the
 * entry), a find: a failing allocation leaves no session and no entry. */
static HRESULT op_shader_cache_session(void *ctx)
{
    static const GUID cache_id = {0x6b1f0a52, 0x1c3d, 0x4e5f, {0x90, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07}};
    D3D12_SHADER_CACHE_SESSION_DESC desc;
    ID3D12ShaderCacheSession *session = (ID3D12ShaderCacheSession *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    ID3D12Device9 *device9;
    char value[16] = "";
    UINT size = sizeof(value);
    HRESULT hr;

    memset(&desc, 0, sizeof(desc));
    desc.Identifier = cache_id;
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device9, (void **)&device9), S_OK);
    hr = ID3D12Device9_CreateShaderCacheSession(device9, &desc, &IID_ID3D12ShaderCacheSession, (void **)&session);
    ID3D12Device9_Release(device9);
    if (FAILED(hr))
    {
        assert_null(session);
        return hr;
    }
    if (SUCCEEDED(hr = ID3D12ShaderCacheSession_StoreValue(session, "key", 3, "value", 6)))
    {
        assert_int_equal(ID3D12ShaderCacheSession_FindValue(session, "key", 3, value, &size), S_OK);
        assert_string_equal(value, "value");
    }
    else
    {
        assert_int_equal(ID3D12ShaderCacheSession_FindValue(session, "key", 3, NULL, &size), DXGI_ERROR_NOT_FOUND);
    }
    assert_int_equal(ID3D12ShaderCacheSession_Release(session), 0);
    return hr;
}

/* The signature and its copy of the arguments are two allocations. */
static HRESULT op_create_command_signature(void *ctx)
{
    D3D12_INDIRECT_ARGUMENT_DESC arguments[2];
    D3D12_COMMAND_SIGNATURE_DESC desc = {36, 2, arguments, 0};
    ID3D12CommandSignature *signature = (ID3D12CommandSignature *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    HRESULT hr;

    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
    hr = ID3D12Device_CreateCommandSignature(device, &desc, NULL, &IID_ID3D12CommandSignature, (void **)&signature);
    if (FAILED(hr))
    {
        assert_null(signature);
        return hr;
    }
    hr = ID3D12CommandSignature_SetName(signature, L"draws");
    assert_int_equal(ID3D12CommandSignature_Release(signature), 0);
    return hr;
}

/* A struct-returning method: by value on Linux, through RetVal on Windows. */
static D3D12_CPU_DESCRIPTOR_HANDLE heap_cpu_start(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_CPU_DESCRIPTOR_HANDLE result;

    heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap, &result);
    return result;
#else
    return heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
#endif
}

/* Descriptors (src/device/device_descriptors.c): 40 written pages (the page
 * table grows three times), then a copy of the whole heap. A write whose page
 * or table cannot be had writes nothing; a copy stops at that descriptor. So
 * a slot holds exactly what was written, or nothing when an allocation failed. */
static HRESULT op_write_descriptors(void *ctx)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 64 * 40,
            D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap = NULL, *copy = NULL;
    D3D12_CPU_DESCRIPTOR_HANDLE start, copy_start, h;
    ID3D12Device *device = ctx;
    struct obj_descriptor d, c;
    UINT i, increment;
    HRESULT hr;

    if (FAILED(hr = ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap)))
        return hr;
    if (FAILED(hr = ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&copy)))
    {
        ID3D12DescriptorHeap_Release(heap);
        return hr;
    }
    increment = ID3D12Device_GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    start = heap_cpu_start(heap);
    copy_start = heap_cpu_start(copy);
    for (i = 0; i < 40; ++i)
    {
        D3D12_CONSTANT_BUFFER_VIEW_DESC cbv = {0, (i + 1) * 256};

        h.ptr = start.ptr + (SIZE_T)i * 64 * increment;
        ID3D12Device_CreateConstantBufferView(device, &cbv, h);
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(heap), i * 64, &d);
        if (d.kind == OBJ_DESCRIPTOR_EMPTY)
            hr = E_OUTOFMEMORY;
        else
            assert_int_equal(d.desc.cbv.SizeInBytes, cbv.SizeInBytes);
    }
    ID3D12Device_CopyDescriptorsSimple(device, 64 * 40, copy_start, start, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    for (i = 0; i < 40; ++i)
    {
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(heap), i * 64, &d);
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(copy), i * 64, &c);
        if (c.kind != d.kind)
        {
            assert_int_equal(c.kind, OBJ_DESCRIPTOR_EMPTY);
            hr = E_OUTOFMEMORY;
        }
        else
        {
            /* Field by field: a description's padding is the caller's, undefined. */
            assert_int_equal(c.desc.cbv.BufferLocation, d.desc.cbv.BufferLocation);
            assert_int_equal(c.desc.cbv.SizeInBytes, d.desc.cbv.SizeInBytes);
        }
    }
    ID3D12DescriptorHeap_Release(copy);
    ID3D12DescriptorHeap_Release(heap);
    return hr;
}

/* An allocator and a list recording into it: a failed allocation leaves
 * nothing behind, and the allocator free for the next list. */
static HRESULT op_create_command_list(void *ctx)
{
    ID3D12CommandAllocator *allocator = (ID3D12CommandAllocator *)(uintptr_t)1;
    ID3D12GraphicsCommandList *list = (ID3D12GraphicsCommandList *)(uintptr_t)1;
    ID3D12Device *device = ctx;
    HRESULT hr;

    hr = ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT, &IID_ID3D12CommandAllocator,
            (void **)&allocator);
    if (FAILED(hr))
    {
        assert_null(allocator);
        return hr;
    }
    hr = ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&list);
    if (FAILED(hr))
    {
        assert_null(list);
        /* Nothing records into the allocator. */
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);
    }
    else
    {
        ID3D12GraphicsCommandList_DrawInstanced(list, 3, 1, 0, 0);
        assert_int_equal(ID3D12GraphicsCommandList_Close(list), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList_Release(list), 0);
    }
    assert_int_equal(ID3D12CommandAllocator_Release(allocator), 0);
    return hr;
}

/* A queue behind a Wait (each pending operation is an allocation), an event
 * registration, a multiple-fence wait: a failed allocation leaves the
 * timeline as it was, so every step is checked against what it must do. */
static HRESULT op_fence_timeline(void *ctx)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;
    ID3D12Fence *fence = NULL, *other = NULL;
    ID3D12Device *device = ctx;
    ID3D12Device1 *device1;
    ID3D12Fence *both[2];
    UINT64 values[2] = {1, 1};
    HRESULT hr;

    if (FAILED(hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue)))
        return hr;
    if (FAILED(hr = ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence)))
        goto done;
    if (FAILED(hr = ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&other)))
        goto done;
    if (FAILED(hr = ID3D12CommandQueue_Wait(queue, fence, 1)))
        goto done;
    if (FAILED(hr = ID3D12CommandQueue_Signal(queue, other, 1)))
    {
        /* The Wait is pending, the Signal never joined it. */
        ID3D12Fence_Signal(fence, 1);
        assert_int_equal(ID3D12Fence_GetCompletedValue(other), 0);
        goto done;
    }
    assert_int_equal(ID3D12Fence_GetCompletedValue(other), 0);
    ID3D12Fence_Signal(fence, 1);
    assert_int_equal(ID3D12Fence_GetCompletedValue(other), 1);
    if (FAILED(hr = ID3D12Fence_SetEventOnCompletion(other, 2, (HANDLE)(intptr_t)-1)))
        goto done;
    both[0] = fence;
    both[1] = other;
    ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1);
    hr = ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, both, values, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL,
            NULL);
    ID3D12Device1_Release(device1);
done:
    if (other)
        ID3D12Fence_Release(other);
    if (fence)
        ID3D12Fence_Release(fence);
    ID3D12CommandQueue_Release(queue);
    return hr;
}

static const GUID test_guid = {0x6b1d0e2a, 0x1c2b, 0x4a3c, {0x9d, 0x8e, 0x7f, 0x60, 0x51, 0x42, 0x33, 0x24}};

static HRESULT op_private_data(void *ctx)
{
    static const char payload[] = "private data payload";
    ID3D12Device *device = ctx;
    char out[sizeof(payload)];
    UINT size = sizeof(out);
    HRESULT hr;

    ID3D12Device_SetPrivateData(device, &test_guid, 0, NULL);
    if (FAILED(hr = ID3D12Device_SetPrivateData(device, &test_guid, sizeof(payload), payload)))
    {
        /* Nothing half-stored: the GUID reads as absent. */
        assert_int_equal(ID3D12Device_GetPrivateData(device, &test_guid, &size, out), DXGI_ERROR_NOT_FOUND);
        return hr;
    }
    assert_int_equal(ID3D12Device_GetPrivateData(device, &test_guid, &size, out), S_OK);
    assert_memory_equal(out, payload, sizeof(payload));
    if (FAILED(hr = ID3D12Device_SetName(device, L"alloc-failure device")))
        return hr;
    return ID3D12Device_SetPrivateDataInterface(device, &test_guid, (IUnknown *)device);
}

static HRESULT op_register_profile(void *ctx)
{
    unsigned *serial = ctx, before = mockd3d12_adapter_count();
    char json[256], error[256];
    HRESULT hr;

    snprintf(json, sizeof(json), "{\"id\": \"alloc-failure-%u\", \"description\": \"injected\", "
            "\"inherits\": \"%s\", \"features\": {\"D3D12_OPTIONS\": {\"DoublePrecisionFloatShaderOps\": true}}}",
            (*serial)++, mockd3d12_adapter_id(0));
    hr = mockd3d12_register_profile(json, error, sizeof(error));
    /* Never a partial registration. */
    assert_int_equal(mockd3d12_adapter_count(), before + (SUCCEEDED(hr) ? 1 : 0));
    if (FAILED(hr))
        assert_true(error[0] != 0);
    return hr;
}

static HRESULT op_log_messages(void *ctx)
{
    ID3D12InfoQueue *queue = ctx;
    UINT64 before = ID3D12InfoQueue_GetNumStoredMessages(queue), after;
    unsigned i;

    for (i = 0; i < 4; ++i)
        ID3D12InfoQueue_AddApplicationMessage(queue, D3D12_MESSAGE_SEVERITY_INFO, "an injected failure");
    ID3D12InfoQueue_PushEmptyStorageFilter(queue);
    ID3D12InfoQueue_PopStorageFilter(queue);
    after = ID3D12InfoQueue_GetNumStoredMessages(queue);
    /* A message that could not be stored is counted as discarded, never half-stored. */
    assert_true(after <= before + 4);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    return after == before + 4 ? S_OK : E_OUTOFMEMORY;
}

/* The reflection functions that allocate text for the caller: on failure
 * nothing is handed out (the out pointer keeps its value) and nothing leaks. */
static HRESULT op_clamp_table(void *ctx)
{
    char *text = ctx;
    HRESULT hr = mockd3d12_clamp_table(NULL, &text);

    if (FAILED(hr))
        assert_ptr_equal(text, ctx);
    else
        mockd3d12_free(text);
    return hr;
}

static HRESULT op_adapter_to_json(void *ctx)
{
    char *json = ctx;
    HRESULT hr = mockd3d12_adapter_to_json("nextgen", &json);

    if (FAILED(hr))
        assert_ptr_equal(json, ctx);
    else
        mockd3d12_free(json);
    return hr;
}

/* DRED with every part on (docs/faults.md, "DRED"): the settings, a device
 * whose list records breadcrumbs and a context string, a buffer freed into
 * the ring, a planned page fault and the outputs. A failed allocation drops
 * a breadcrumb (Close answers E_OUTOFMEMORY), a name or a history entry, never
 * the removal; the outputs answer S_OK. No other device is alive. */
static HRESULT op_dred(void *ctx)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    ID3D12DeviceRemovedExtendedDataSettings2 *settings = NULL;
    ID3D12DeviceRemovedExtendedData2 *dred = NULL;
    D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 breadcrumbs;
    ID3D12GraphicsCommandList *list = NULL;
    ID3D12CommandAllocator *allocator = NULL;
    D3D12_DRED_PAGE_FAULT_OUTPUT2 fault;
    ID3D12CommandQueue *queue = NULL;
    ID3D12Resource *buffer = NULL;
    ID3D12Device *device = NULL;
    ID3D12CommandList *lists[1];
    char plan[80];
    HRESULT hr;
    (void)ctx;

    if (FAILED(hr = D3D12GetDebugInterface(&IID_ID3D12DeviceRemovedExtendedDataSettings2, (void **)&settings)))
        goto done;
    ID3D12DeviceRemovedExtendedDataSettings2_SetAutoBreadcrumbsEnablement(settings, D3D12_DRED_ENABLEMENT_FORCED_ON);
    ID3D12DeviceRemovedExtendedDataSettings2_SetBreadcrumbContextEnablement(settings, D3D12_DRED_ENABLEMENT_FORCED_ON);
    ID3D12DeviceRemovedExtendedDataSettings2_SetPageFaultEnablement(settings, D3D12_DRED_ENABLEMENT_FORCED_ON);
    if (FAILED(hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device))
            || FAILED(hr = ID3D12Device_CreateCommandQueue(device, &queue_desc, &IID_ID3D12CommandQueue,
            (void **)&queue))
            || FAILED(hr = ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&allocator))
            || FAILED(hr = ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&list))
            || FAILED(hr = ID3D12GraphicsCommandList_SetName(list, L"list"))
            || FAILED(hr = ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&buffer))
            || FAILED(hr = ID3D12Resource_SetName(buffer, L"buffer")))
        goto done;
    ID3D12GraphicsCommandList_SetMarker(list, 1, "marker", 7);
    ID3D12GraphicsCommandList_Dispatch(list, 1, 1, 1);
    if (FAILED(hr = ID3D12GraphicsCommandList_Close(list)))
        goto done;
    snprintf(plan, sizeof(plan), "pagefault:%llu@ExecuteCommandLists#1:op=1",
            (unsigned long long)ID3D12Resource_GetGPUVirtualAddress(buffer) + 16);
    ID3D12Resource_Release(buffer);
    buffer = NULL;
    if (FAILED(hr = mockd3d12_set_faults(plan)))
        goto done;
    lists[0] = (ID3D12CommandList *)list;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_HUNG);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceRemovedExtendedData2, (void **)&dred), S_OK);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &breadcrumbs), S_OK);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &fault), S_OK);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred), D3D12_DRED_DEVICE_STATE_PAGEFAULT);
    ID3D12DeviceRemovedExtendedData2_Release(dred);

done:
    if (buffer)
        ID3D12Resource_Release(buffer);
    if (list)
        ID3D12GraphicsCommandList_Release(list);
    if (allocator)
        ID3D12CommandAllocator_Release(allocator);
    if (queue)
        ID3D12CommandQueue_Release(queue);
    if (device)
        assert_int_equal(ID3D12Device_Release(device), 0);
    if (settings)
        ID3D12DeviceRemovedExtendedDataSettings2_Release(settings);
    mockd3d12_reset();
    return hr;
}

/* ---- Tests ---- */

static void test_device_creation(void **state)
{
    static const struct op ops[] =
    {
        {"D3D12CreateDevice", op_create_device, S_OK},
        {"D3D12CreateDevice with the debug layer", op_create_debug_device, S_OK},
    };
    struct row_failures failures = {0};
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(ops) / sizeof(*ops); ++i)
        run_with_failures(&failures, i, &ops[i], NULL);
    rows_done(&failures);
}

static void test_device_objects(void **state)
{
    static const struct op ops[] =
    {
        {"CreateCommandQueue", op_create_queue, S_OK},
        {"CreateFence", op_create_fence, S_OK},
        {"CreateDescriptorHeap, SetName", op_create_descriptor_heap, S_OK},
        {"CreateConstantBufferView, CopyDescriptorsSimple", op_write_descriptors, S_OK},

        {"CreateCommandAllocator, CreateCommandList", op_create_command_list, S_OK},
        {"D3D12SerializeVersionedRootSignature", op_serialize_root_signature, S_OK},
        {"D3D12SerializeVersionedRootSignature, an error blob", op_serialize_error, S_OK},
        {"D3D12Create*RootSignatureDeserializer, GetRootSignatureDescAtVersion", op_deserialize_root_signature, S_OK},
        {"CreateRootSignature, SetName", op_create_root_signature, S_OK},
        {"CreateQueryHeap, SetName", op_create_query_heap, S_OK},
        {"CreateCommandSignature, SetName", op_create_command_signature, S_OK},
        {"CreateShaderCacheSession, StoreValue, FindValue", op_shader_cache_session, S_OK},
        {"Wait, Signal, SetEventOnCompletion, SetEventOnMultipleFenceCompletion", op_fence_timeline, S_OK},
        {"SetPrivateData/SetName/SetPrivateDataInterface", op_private_data, S_OK},
    };
    struct row_failures failures = {0};
    ID3D12Device *device;
    unsigned i;
    (void)state;

    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    for (i = 0; i < sizeof(ops) / sizeof(*ops); ++i)
        run_with_failures(&failures, i, &ops[i], device);
    ID3D12Device_SetPrivateDataInterface(device, &test_guid, NULL);
    ID3D12Device_Release(device);
    rows_done(&failures);
}

static void test_dred(void **state)
{
    static const struct op op = {"DRED: settings, breadcrumbs, a page fault, the outputs", op_dred, S_OK};
    struct row_failures failures = {0};
    (void)state;

    run_with_failures(&failures, 0, &op, NULL);
    rows_done(&failures);
}

static void test_profile_registration(void **state)
{
    /* A few of jansson's own allocation failures still read as parse errors: E_INVALIDARG (docs/hardening.md). */
    static const struct op op = {"mockd3d12_register_profile", op_register_profile, E_INVALIDARG};
    struct row_failures failures = {0};
    unsigned serial = 0;
    (void)state;

    run_with_failures(&failures, 0, &op, &serial);
    rows_done(&failures);
}

static void test_message_logging(void **state)
{
    static const struct op op = {"AddApplicationMessage", op_log_messages, S_OK};
    struct row_failures failures = {0};
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    ID3D12Debug *debug;
    (void)state;

    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    dbg_reset();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    ID3D12InfoQueue_SetMuteDebugOutput(queue, TRUE);
    run_with_failures(&failures, 0, &op, queue);
    ID3D12InfoQueue_Release(queue);
    ID3D12Device_Release(device);
    rows_done(&failures);
}

static void test_reflection_text(void **state)
{
    static char sentinel[] = "sentinel";
    static const struct op ops[] =
    {
        {"mockd3d12_clamp_table", op_clamp_table, S_OK},
        {"mockd3d12_adapter_to_json", op_adapter_to_json, S_OK},
    };
    struct row_failures failures = {0};
    (void)state;

    run_with_failures(&failures, 0, &ops[0], sentinel);
    run_with_failures(&failures, 1, &ops[1], sentinel);
    rows_done(&failures);
}

/* The hook itself: exactly the chosen allocation fails, once. */
static void test_hook(void **state)
{
    void *p[3];
    unsigned i;
    (void)state;

    mk_alloc_fail_after(1);
    for (i = 0; i < 3; ++i)
        p[i] = mk_alloc(8);
    mk_alloc_fail_after(-1);
    assert_non_null(p[0]);
    assert_null(p[1]);
    assert_non_null(p[2]);
    assert_true(mk_alloc_fail_triggered());
    mk_free(p[0]);
    mk_free(p[2]);
    mk_alloc_fail_after(1000000);
    mk_free(mk_alloc(8));
    mk_alloc_fail_after(-1);
    assert_false(mk_alloc_fail_triggered());
}

static int setup(void **state)
{
    ID3D12Device *device;
    (void)state;

    dbg_set_output_hook(discard_output, NULL);
    /* Warm-up: the registry, the clamp summaries and the SDK configuration
     * are built once per process; the tests fail allocations after that. */
    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
        return -1;
    ID3D12Device_Release(device);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_hook),
        cmocka_unit_test(test_device_creation),
        cmocka_unit_test(test_device_objects),
        cmocka_unit_test(test_dred),
        cmocka_unit_test(test_profile_registration),
        cmocka_unit_test(test_message_logging),
        cmocka_unit_test(test_reflection_text),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
