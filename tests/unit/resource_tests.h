/*
 * What test_heap.c and test_resource.c share: descriptions, the
 * struct-returning methods on both ABIs, a device with its profiles, the
 * video memory the process holds, the first debug-layer message. Include
 * after mk_test.h.
 */
#ifndef MOCKD3D12_TESTS_RESOURCE_TESTS_H
#define MOCKD3D12_TESTS_RESOURCE_TESTS_H

#ifdef _WIN32
#define STRUCT_RESULT(type, call_with_retval) \
    do { type *ret_ = (call_with_retval); assert_ptr_equal(ret_, &result); } while (0)
#endif

/* A budget small enough to pass (16 MiB local, 8 MiB non-local), and two nodes. */
static const char small_budget_profile[] =
    "{\"id\": \"res-small-budget\", \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"videoMemory\":"
    " {\"local\": {\"budget\": 16777216}, \"nonLocal\": {\"budget\": 8388608}}}}";
static const char two_node_profile[] =
    "{\"id\": \"res-two-nodes\", \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"nodeCount\": 2}}";

static inline void register_profiles(void)
{
    static bool done;
    char error[512] = "";

    if (done)
        return;
    if (FAILED(mockd3d12_register_profile(small_budget_profile, error, sizeof(error)))
            || FAILED(mockd3d12_register_profile(two_node_profile, error, sizeof(error))))
        fail_msg("registering the test profiles: %s", error);
    done = true;
}

/* A device on built-in adapter `adapter_id` (NULL: the default one), with this
 * header's profiles registered. */
static inline ID3D12Device *resource_device_on(const char *adapter_id)
{
    register_profiles();
    return create_device_on(adapter_id);
}

static inline D3D12_RESOURCE_DESC buffer_desc(UINT64 width, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC d;

    memset(&d, 0, sizeof(d));
    d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    d.Width = width;
    d.Height = 1;
    d.DepthOrArraySize = 1;
    d.MipLevels = 1;
    d.SampleDesc.Count = 1;
    d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    d.Flags = flags;
    return d;
}

static inline D3D12_RESOURCE_DESC texture_desc(D3D12_RESOURCE_DIMENSION dimension, UINT64 width, UINT height,
        UINT16 depth, UINT16 mips, DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC d;

    memset(&d, 0, sizeof(d));
    d.Dimension = dimension;
    d.Width = width;
    d.Height = height;
    d.DepthOrArraySize = depth;
    d.MipLevels = mips;
    d.Format = format;
    d.SampleDesc.Count = 1;
    d.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    d.Flags = flags;
    return d;
}

static inline D3D12_HEAP_PROPERTIES heap_properties(D3D12_HEAP_TYPE type)
{
    D3D12_HEAP_PROPERTIES p;

    memset(&p, 0, sizeof(p));
    p.Type = type;
    return p;
}

static inline D3D12_HEAP_DESC heap_desc_of(D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags)
{
    D3D12_HEAP_DESC d;

    memset(&d, 0, sizeof(d));
    d.SizeInBytes = size;
    d.Properties = heap_properties(type);
    d.Flags = flags;
    return d;
}

/* The first stored message's id and text, or 0 when none was stored. */
static inline D3D12_MESSAGE_ID first_message(ID3D12InfoQueue *info, const char **text)
{
    D3D12_MESSAGE_ID id = 0;

    *text = "";
    if (ID3D12InfoQueue_GetNumStoredMessages(info))
        *text = message_text(info, 0, &id);
    return id;
}

static inline D3D12_RESOURCE_DESC1 desc1_of(const D3D12_RESOURCE_DESC *d)
{
    D3D12_RESOURCE_DESC1 d1;

    /* Up to Flags: the padding after it (4 bytes on 64-bit) would land in
     * SamplerFeedbackMipRegion. */
    memset(&d1, 0, sizeof(d1));
    memcpy(&d1, d, offsetof(D3D12_RESOURCE_DESC, Flags) + sizeof(d->Flags));
    return d1;
}

static inline D3D12_RESOURCE_ALLOCATION_INFO allocation_info(ID3D12Device *device, UINT count, const D3D12_RESOURCE_DESC *descs)
{
#ifdef _WIN32
    D3D12_RESOURCE_ALLOCATION_INFO result;

    STRUCT_RESULT(D3D12_RESOURCE_ALLOCATION_INFO, device->lpVtbl->GetResourceAllocationInfo(device, &result, 0, count,
            descs));
    return result;
#else
    return device->lpVtbl->GetResourceAllocationInfo(device, 0, count, descs);
#endif
}

static inline D3D12_RESOURCE_ALLOCATION_INFO allocation_info1(ID3D12Device4 *device, UINT count,
        const D3D12_RESOURCE_DESC *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
#ifdef _WIN32
    D3D12_RESOURCE_ALLOCATION_INFO result;

    STRUCT_RESULT(D3D12_RESOURCE_ALLOCATION_INFO, device->lpVtbl->GetResourceAllocationInfo1(device, &result, 0, count,
            descs, infos));
    return result;
#else
    return device->lpVtbl->GetResourceAllocationInfo1(device, 0, count, descs, infos);
#endif
}

static inline D3D12_RESOURCE_DESC resource_get_desc(ID3D12Resource *resource)
{
#ifdef _WIN32
    D3D12_RESOURCE_DESC result;

    STRUCT_RESULT(D3D12_RESOURCE_DESC, resource->lpVtbl->GetDesc(resource, &result));
    return result;
#else
    return resource->lpVtbl->GetDesc(resource);
#endif
}

static inline D3D12_HEAP_DESC heap_get_desc(ID3D12Heap *heap)
{
#ifdef _WIN32
    D3D12_HEAP_DESC result;

    STRUCT_RESULT(D3D12_HEAP_DESC, heap->lpVtbl->GetDesc(heap, &result));
    return result;
#else
    return heap->lpVtbl->GetDesc(heap);
#endif
}

/* What the process's devices hold on (adapter, node 0, group). */
static inline UINT64 usage_of(const char *adapter, UINT group)
{
    mockd3d12_video_memory memory;

    assert_int_equal(mockd3d12_get_video_memory(adapter, 0, group, &memory), S_OK);
    return memory.current_usage;
}

static inline HRESULT create_committed(ID3D12Device *device, D3D12_HEAP_TYPE type, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12Resource **resource)
{
    D3D12_HEAP_PROPERTIES props = heap_properties(type);

    return device->lpVtbl->CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, desc, state, clear,
            &IID_ID3D12Resource, (void **)resource);
}

#endif
