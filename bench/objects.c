/*
 * The object rows' workloads (objects.h): every loop calls D3D12 through its
 * COM vtables and the runtime's exports only, so this one source measures
 * mockd3d12 and vkd3d alike. Compiled as is for mockd3d12 and again by
 * objects_vkd3d.c with BENCH_VKD3D defined: then every COM method and export
 * is called with the Windows x64 convention (vkd3d's on Linux), and the
 * methods returning a structure are called in the explicit-return-pointer
 * form of the C vtables vkd3d implements. Each loop aborts on a failure, so
 * a row never times an error path.
 */
#ifdef BENCH_VKD3D
#include <wsl/winadapter.h>
#undef STDMETHODCALLTYPE
#undef WINAPI
#define STDMETHODCALLTYPE __attribute__((ms_abi))
#define WINAPI __attribute__((ms_abi))
#define SIDE(name) bench_vkd3d_##name
#else
#define SIDE(name) bench_native_##name
#endif

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mockd3d12/d3d12.h>

#include "objects.h"

/* Descriptor slots each view loop writes in turn. */
#define SLOTS 1024u
/* Descriptors one copy moves. */
#define COPY_COUNT 16u
#define BUFFER_SIZE 65536u
#define TEXTURE_SIZE 256u

struct objects
{
    ID3D12Device *device;
    PFN_D3D12_SERIALIZE_ROOT_SIGNATURE serialize;
    PFN_D3D12_CREATE_ROOT_SIGNATURE_DESERIALIZER deserializer;
    ID3D12DescriptorHeap *views, *staging, *samplers, *rtvs, *dsvs;
    D3D12_CPU_DESCRIPTOR_HANDLE views_start, staging_start, samplers_start, rtvs_start, dsvs_start;
    UINT view_increment, sampler_increment, rtv_increment, dsv_increment;
    ID3D12Resource *upload, *buffer, *texture, *depth;
    D3D12_GPU_VIRTUAL_ADDRESS upload_va;
    ID3D12Heap *heap;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;   /* the record loop's, reset each time */
    ID3D12CommandAllocator *submit_allocator; /* the closed list's, never reset */
    ID3D12GraphicsCommandList *list;     /* recording: the record loop's */
    ID3D12GraphicsCommandList *closed;   /* closed once: the submit loop's */
    ID3D12Fence *fence;
    UINT64 fence_value;
    ID3DBlob *root_signature_blob;
    D3D12_ROOT_SIGNATURE_DESC root_signature_desc;
    D3D12_ROOT_PARAMETER root_parameters[2];
    D3D12_DESCRIPTOR_RANGE root_ranges[1];
    D3D12_STATIC_SAMPLER_DESC static_sampler;
    size_t slot;
};

/* ---- Structures returned by value in the Linux vtables, by pointer in vkd3d's ---- */

static D3D12_CPU_DESCRIPTOR_HANDLE heap_start(ID3D12DescriptorHeap *heap)
{
#ifdef BENCH_VKD3D
    typedef D3D12_CPU_DESCRIPTOR_HANDLE *(STDMETHODCALLTYPE *explicit_fn)(ID3D12DescriptorHeap *,
            D3D12_CPU_DESCRIPTOR_HANDLE *);
    D3D12_CPU_DESCRIPTOR_HANDLE handle = {0};

    ((explicit_fn)(void *)heap->lpVtbl->GetCPUDescriptorHandleForHeapStart)(heap, &handle);
    return handle;
#else
    return heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
#endif
}

/* ---- Creation helpers (set-up only) ---- */

static const D3D12_HEAP_PROPERTIES upload_heap = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
        D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
static const D3D12_HEAP_PROPERTIES default_heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
        D3D12_MEMORY_POOL_UNKNOWN, 1, 1};

static D3D12_RESOURCE_DESC buffer_desc(UINT64 size, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC d = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, size, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, flags};

    return d;
}

static D3D12_RESOURCE_DESC texture_desc(DXGI_FORMAT format, UINT16 mips, D3D12_RESOURCE_FLAGS flags)
{
    D3D12_RESOURCE_DESC d = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, TEXTURE_SIZE, TEXTURE_SIZE, 1, mips, format,
            {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, flags};

    return d;
}

static bool heap_of(struct objects *o, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count, bool shader_visible,
        ID3D12DescriptorHeap **heap, D3D12_CPU_DESCRIPTOR_HANDLE *start, UINT *increment)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, count,
            shader_visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};

    if (FAILED(o->device->lpVtbl->CreateDescriptorHeap(o->device, &desc, &IID_ID3D12DescriptorHeap, (void **)heap)))
        return false;
    *start = heap_start(*heap);
    *increment = o->device->lpVtbl->GetDescriptorHandleIncrementSize(o->device, type);
    return true;
}

static bool committed(struct objects *o, const D3D12_HEAP_PROPERTIES *heap, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12Resource **out)
{
    return SUCCEEDED(o->device->lpVtbl->CreateCommittedResource(o->device, heap, D3D12_HEAP_FLAG_NONE, desc, state,
            clear, &IID_ID3D12Resource, (void **)out));
}

static void root_signature_init(struct objects *o)
{
    static const D3D12_STATIC_SAMPLER_DESC sampler = {D3D12_FILTER_MIN_MAG_MIP_LINEAR,
            D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1,
            D3D12_COMPARISON_FUNC_NEVER, D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK, 0.0f, D3D12_FLOAT32_MAX, 0, 0,
            D3D12_SHADER_VISIBILITY_PIXEL};

    o->root_ranges[0] = (D3D12_DESCRIPTOR_RANGE){D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0,
            D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND};
    o->root_parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    o->root_parameters[0].Descriptor = (D3D12_ROOT_DESCRIPTOR){0, 0};
    o->root_parameters[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    o->root_parameters[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    o->root_parameters[1].DescriptorTable = (D3D12_ROOT_DESCRIPTOR_TABLE){1, o->root_ranges};
    o->root_parameters[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    o->static_sampler = sampler;
    o->root_signature_desc = (D3D12_ROOT_SIGNATURE_DESC){2, o->root_parameters, 1, &o->static_sampler,
            D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
}

static bool resources_open(struct objects *o)
{
    D3D12_RESOURCE_DESC desc;
    D3D12_CLEAR_VALUE clear = {DXGI_FORMAT_D32_FLOAT, {{0}}};
    D3D12_HEAP_DESC heap = {16u << 20, default_heap, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
            D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};

    desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE);
    if (!committed(o, &upload_heap, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &o->upload))
        return false;
    o->upload_va = o->upload->lpVtbl->GetGPUVirtualAddress(o->upload);
    desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    if (!committed(o, &default_heap, &desc, D3D12_RESOURCE_STATE_COMMON, NULL, &o->buffer))
        return false;
    desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    if (!committed(o, &default_heap, &desc, D3D12_RESOURCE_STATE_COMMON, NULL, &o->texture))
        return false;
    desc = texture_desc(DXGI_FORMAT_D32_FLOAT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    clear.DepthStencil.Depth = 1.0f;
    if (!committed(o, &default_heap, &desc, D3D12_RESOURCE_STATE_DEPTH_WRITE, &clear, &o->depth))
        return false;
    return SUCCEEDED(o->device->lpVtbl->CreateHeap(o->device, &heap, &IID_ID3D12Heap, (void **)&o->heap));
}

static bool submission_open(struct objects *o)
{
    D3D12_COMMAND_QUEUE_DESC queue = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12Device *d = o->device;

    return SUCCEEDED(d->lpVtbl->CreateCommandQueue(d, &queue, &IID_ID3D12CommandQueue, (void **)&o->queue))
            && SUCCEEDED(d->lpVtbl->CreateCommandAllocator(d, D3D12_COMMAND_LIST_TYPE_DIRECT,
                    &IID_ID3D12CommandAllocator, (void **)&o->allocator))
            && SUCCEEDED(d->lpVtbl->CreateCommandAllocator(d, D3D12_COMMAND_LIST_TYPE_DIRECT,
                    &IID_ID3D12CommandAllocator, (void **)&o->submit_allocator))
            && SUCCEEDED(d->lpVtbl->CreateCommandList(d, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, o->submit_allocator,
                    NULL, &IID_ID3D12GraphicsCommandList, (void **)&o->closed))
            && SUCCEEDED(o->closed->lpVtbl->Close(o->closed))
            && SUCCEEDED(d->lpVtbl->CreateCommandList(d, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, o->allocator, NULL,
                    &IID_ID3D12GraphicsCommandList, (void **)&o->list))
            && SUCCEEDED(o->list->lpVtbl->Close(o->list))
            && SUCCEEDED(d->lpVtbl->CreateFence(d, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&o->fence));
}

/* Through ID3D12Object, declared (unlike IUnknown, which winadapter.h
 * declares first) with the side's calling convention. */
static void release(void *object)
{
    ID3D12Object *unknown = object;

    if (unknown)
        unknown->lpVtbl->Release(unknown);
}

void SIDE(objects_close)(void *objects)
{
    struct objects *o = objects;
    void *all[] = {o->views, o->staging, o->samplers, o->rtvs, o->dsvs, o->upload, o->buffer, o->texture, o->depth,
            o->heap, o->list, o->closed, o->allocator, o->submit_allocator, o->queue, o->fence, o->root_signature_blob};
    size_t i;

    for (i = 0; i < sizeof(all) / sizeof(all[0]); ++i)
        release(all[i]);
    free(o);
}

void *SIDE(objects_open)(void *device, const struct bench_exports *exports, char *why, size_t why_size)
{
    struct objects *o = calloc(1, sizeof(*o));
    const char *failed = NULL;

    if (!o)
        return NULL;
    o->device = device;
    o->serialize = (PFN_D3D12_SERIALIZE_ROOT_SIGNATURE)exports->serialize_root_signature;
    o->deserializer = (PFN_D3D12_CREATE_ROOT_SIGNATURE_DESERIALIZER)exports->create_root_signature_deserializer;
    root_signature_init(o);
    if (!heap_of(o, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, SLOTS, true, &o->views, &o->views_start,
            &o->view_increment)
            || !heap_of(o, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, SLOTS, false, &o->staging, &o->staging_start,
            &o->view_increment)
            || !heap_of(o, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, SLOTS, false, &o->samplers, &o->samplers_start,
            &o->sampler_increment)
            || !heap_of(o, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, SLOTS, false, &o->rtvs, &o->rtvs_start, &o->rtv_increment)
            || !heap_of(o, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, SLOTS, false, &o->dsvs, &o->dsvs_start, &o->dsv_increment))
        failed = "CreateDescriptorHeap";
    else if (!resources_open(o))
        failed = "CreateCommittedResource or CreateHeap";
    else if (!submission_open(o))
        failed = "a queue, allocator, command list or fence";
    else if (!o->serialize || FAILED(o->serialize(&o->root_signature_desc, D3D_ROOT_SIGNATURE_VERSION_1,
            &o->root_signature_blob, NULL)))
        failed = "D3D12SerializeRootSignature";
    if (failed)
    {
        snprintf(why, why_size, "%s failed", failed);
        SIDE(objects_close)(o);
        return NULL;
    }
    return o;
}

/* ---- The loops ---- */

#define LOOP(name) static __attribute__((noinline)) void loop_##name(void *objects, size_t n)
#define CHECK(expr) do { if (FAILED(expr)) abort(); } while (0)

static D3D12_CPU_DESCRIPTOR_HANDLE slot(D3D12_CPU_DESCRIPTOR_HANDLE start, UINT increment, size_t i)
{
    start.ptr += (SIZE_T)(i % SLOTS) * increment;
    return start;
}

LOOP(cbv)
{
    struct objects *o = objects;
    D3D12_CONSTANT_BUFFER_VIEW_DESC desc = {o->upload_va, 256};
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateConstantBufferView(o->device, &desc, slot(o->views_start, o->view_increment, i));
}

LOOP(srv_texture)
{
    struct objects *o = objects;
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateShaderResourceView(o->device, o->texture, NULL,
                slot(o->views_start, o->view_increment, i));
}

LOOP(srv_buffer)
{
    struct objects *o = objects;
    D3D12_SHADER_RESOURCE_VIEW_DESC desc = {DXGI_FORMAT_R32_UINT, D3D12_SRV_DIMENSION_BUFFER,
            D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING, {.Buffer = {0, BUFFER_SIZE / 4, 0, D3D12_BUFFER_SRV_FLAG_NONE}}};
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateShaderResourceView(o->device, o->buffer, &desc,
                slot(o->views_start, o->view_increment, i));
}

LOOP(uav_buffer)
{
    struct objects *o = objects;
    D3D12_UNORDERED_ACCESS_VIEW_DESC desc = {DXGI_FORMAT_R32_TYPELESS, D3D12_UAV_DIMENSION_BUFFER,
            {.Buffer = {0, BUFFER_SIZE / 4, 0, 0, D3D12_BUFFER_UAV_FLAG_RAW}}};
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateUnorderedAccessView(o->device, o->buffer, NULL, &desc,
                slot(o->views_start, o->view_increment, i));
}

LOOP(rtv)
{
    struct objects *o = objects;
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateRenderTargetView(o->device, o->texture, NULL, slot(o->rtvs_start, o->rtv_increment, i));
}

LOOP(dsv)
{
    struct objects *o = objects;
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateDepthStencilView(o->device, o->depth, NULL, slot(o->dsvs_start, o->dsv_increment, i));
}

LOOP(sampler)
{
    struct objects *o = objects;
    D3D12_SAMPLER_DESC desc = {D3D12_FILTER_ANISOTROPIC, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
            D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_CLAMP, 0.0f, 8, D3D12_COMPARISON_FUNC_NEVER,
            {0.0f, 0.0f, 0.0f, 0.0f}, 0.0f, D3D12_FLOAT32_MAX};
    size_t i;

    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CreateSampler(o->device, &desc, slot(o->samplers_start, o->sampler_increment, i));
}

/* COPY_COUNT descriptors from the staging heap (written once) into the
 * shader-visible one. */
static void staging_fill(struct objects *o)
{
    UINT i;

    for (i = 0; i < COPY_COUNT * 2; ++i)
        o->device->lpVtbl->CreateShaderResourceView(o->device, o->texture, NULL,
                slot(o->staging_start, o->view_increment, i));
}

LOOP(copy_simple)
{
    struct objects *o = objects;
    size_t i;

    staging_fill(o);
    for (i = 0; i < n; ++i)
        o->device->lpVtbl->CopyDescriptorsSimple(o->device, COPY_COUNT,
                slot(o->views_start, o->view_increment, (i * COPY_COUNT) % SLOTS), o->staging_start,
                D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
}

LOOP(copy_ranges)
{
    struct objects *o = objects;
    D3D12_CPU_DESCRIPTOR_HANDLE sources[2] = {o->staging_start,
            slot(o->staging_start, o->view_increment, COPY_COUNT)};
    UINT source_sizes[2] = {COPY_COUNT / 2, COPY_COUNT / 2}, dest_size = COPY_COUNT;
    size_t i;

    staging_fill(o);
    for (i = 0; i < n; ++i)
    {
        D3D12_CPU_DESCRIPTOR_HANDLE dest = slot(o->views_start, o->view_increment, (i * COPY_COUNT) % SLOTS);

        o->device->lpVtbl->CopyDescriptors(o->device, 1, &dest, &dest_size, 2, sources, source_sizes,
                D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    }
}

static void create_release(struct objects *o, const D3D12_HEAP_PROPERTIES *heap, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, size_t n)
{
    ID3D12Resource *resource;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->device->lpVtbl->CreateCommittedResource(o->device, heap, D3D12_HEAP_FLAG_NONE, desc, state, NULL,
                &IID_ID3D12Resource, (void **)&resource));
        resource->lpVtbl->Release(resource);
    }
}

LOOP(committed_upload)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE);

    create_release(objects, &upload_heap, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, n);
}

LOOP(committed_buffer)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);

    create_release(objects, &default_heap, &desc, D3D12_RESOURCE_STATE_COMMON, n);
}

LOOP(committed_texture)
{
    D3D12_RESOURCE_DESC desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);

    create_release(objects, &default_heap, &desc, D3D12_RESOURCE_STATE_COMMON, n);
}

LOOP(placed_buffer)
{
    struct objects *o = objects;
    D3D12_RESOURCE_DESC desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE);
    ID3D12Resource *resource;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->device->lpVtbl->CreatePlacedResource(o->device, o->heap, (i % 64) * BUFFER_SIZE, &desc,
                D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource));
        resource->lpVtbl->Release(resource);
    }
}

LOOP(heap)
{
    struct objects *o = objects;
    D3D12_HEAP_DESC desc = {1u << 20, default_heap, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
            D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    ID3D12Heap *heap;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->device->lpVtbl->CreateHeap(o->device, &desc, &IID_ID3D12Heap, (void **)&heap));
        heap->lpVtbl->Release(heap);
    }
}

LOOP(serialize_root_signature)
{
    struct objects *o = objects;
    ID3DBlob *blob;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->serialize(&o->root_signature_desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, NULL));
        blob->lpVtbl->Release(blob);
    }
}

LOOP(deserialize_root_signature)
{
    struct objects *o = objects;
    ID3D12RootSignatureDeserializer *deserializer;
    ID3DBlob *blob = o->root_signature_blob;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->deserializer(blob->lpVtbl->GetBufferPointer(blob), blob->lpVtbl->GetBufferSize(blob),
                &IID_ID3D12RootSignatureDeserializer, (void **)&deserializer));
        if (deserializer->lpVtbl->GetRootSignatureDesc(deserializer)->NumParameters != 2)
            abort();
        deserializer->lpVtbl->Release(deserializer);
    }
}

LOOP(create_root_signature)
{
    struct objects *o = objects;
    ID3DBlob *blob = o->root_signature_blob;
    ID3D12RootSignature *root_signature;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->device->lpVtbl->CreateRootSignature(o->device, 0, blob->lpVtbl->GetBufferPointer(blob),
                blob->lpVtbl->GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature));
        root_signature->lpVtbl->Release(root_signature);
    }
}

LOOP(fence)
{
    struct objects *o = objects;
    ID3D12Fence *fence;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->device->lpVtbl->CreateFence(o->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence));
        fence->lpVtbl->Release(fence);
    }
}

/* Reset, a barrier and a copy recorded, Close: what a frame's list does
 * between its heavier commands. */
LOOP(record)
{
    struct objects *o = objects;
    ID3D12GraphicsCommandList *list = o->list;
    D3D12_RESOURCE_BARRIER barriers[2] = {
            {D3D12_RESOURCE_BARRIER_TYPE_TRANSITION, D3D12_RESOURCE_BARRIER_FLAG_NONE,
                    {.Transition = {o->buffer, 0, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST}}},
            {D3D12_RESOURCE_BARRIER_TYPE_TRANSITION, D3D12_RESOURCE_BARRIER_FLAG_NONE,
                    {.Transition = {o->buffer, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON}}}};
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->allocator->lpVtbl->Reset(o->allocator));
        CHECK(list->lpVtbl->Reset(list, o->allocator, NULL));
        list->lpVtbl->ResourceBarrier(list, 1, &barriers[0]);
        list->lpVtbl->CopyBufferRegion(list, o->buffer, 0, o->upload, 0, 256);
        list->lpVtbl->ResourceBarrier(list, 1, &barriers[1]);
        CHECK(list->lpVtbl->Close(list));
    }
}

/* ExecuteCommandLists + Signal + GetCompletedValue, polled until the fence
 * is reached (at once on a null device; vkd3d's queue thread may lag). */
LOOP(submit)
{
    struct objects *o = objects;
    ID3D12CommandList *lists[1] = {(ID3D12CommandList *)o->closed};
    size_t i;

    for (i = 0; i < n; ++i)
    {
        o->queue->lpVtbl->ExecuteCommandLists(o->queue, 1, lists);
        CHECK(o->queue->lpVtbl->Signal(o->queue, o->fence, ++o->fence_value));
        while (o->fence->lpVtbl->GetCompletedValue(o->fence) < o->fence_value)
            sched_yield();
    }
}

LOOP(map_unmap)
{
    struct objects *o = objects;
    D3D12_RANGE none = {0, 0};
    void *data;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->upload->lpVtbl->Map(o->upload, 0, &none, &data));
        o->upload->lpVtbl->Unmap(o->upload, 0, NULL);
    }
}

LOOP(footprints)
{
    struct objects *o = objects;
    D3D12_RESOURCE_DESC desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 9, D3D12_RESOURCE_FLAG_NONE);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[9];
    UINT rows[9];
    UINT64 row_sizes[9], total;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        o->device->lpVtbl->GetCopyableFootprints(o->device, &desc, 0, 9, 0, layouts, rows, row_sizes, &total);
        if (!total)
            abort();
    }
}

/* ---- The table ---- */

const struct bench_workload SIDE(workloads)[] =
{
    {"cbv", "CreateConstantBufferView", loop_cbv, 1, 0, BENCH_LIMIT_MALLOC},
    {"srv_texture", "CreateShaderResourceView, texture, NULL desc", loop_srv_texture, 1, 0, BENCH_LIMIT_MALLOC},
    {"srv_buffer", "CreateShaderResourceView, typed buffer", loop_srv_buffer, 1, 0, BENCH_LIMIT_MALLOC},
    {"uav_buffer", "CreateUnorderedAccessView, raw buffer", loop_uav_buffer, 1, 0, BENCH_LIMIT_MALLOC},
    {"rtv", "CreateRenderTargetView, texture, NULL desc", loop_rtv, 1, 0, BENCH_LIMIT_MALLOC},
    {"dsv", "CreateDepthStencilView, texture, NULL desc", loop_dsv, 1, 0, BENCH_LIMIT_MALLOC},
    {"sampler", "CreateSampler", loop_sampler, 1, 0, BENCH_LIMIT_MALLOC},
    {"copy_simple", "CopyDescriptorsSimple, 16 descriptors, per descriptor", loop_copy_simple, COPY_COUNT, 0,
            BENCH_LIMIT_MALLOC},
    {"copy_ranges", "CopyDescriptors, 2 ranges into 1, per descriptor", loop_copy_ranges, COPY_COUNT, 0,
            BENCH_LIMIT_MALLOC},
    {"committed_upload", "CreateCommittedResource + Release, 64 KiB upload buffer", loop_committed_upload, 1, 1,
            BENCH_LIMIT_CALLOC_64K},
    {"committed_buffer", "CreateCommittedResource + Release, 64 KiB default buffer", loop_committed_buffer, 1, 1,
            BENCH_LIMIT_NONE},
    {"committed_texture", "CreateCommittedResource + Release, 256x256 RGBA8 target", loop_committed_texture, 1, 1,
            BENCH_LIMIT_NONE},
    {"placed_buffer", "CreatePlacedResource + Release, 64 KiB buffer", loop_placed_buffer, 1, 1, BENCH_LIMIT_NONE},
    {"heap", "CreateHeap + Release, 1 MiB default", loop_heap, 1, 1, BENCH_LIMIT_NONE},
    {"serialize_root_signature", "D3D12SerializeRootSignature + Release (2 parameters, 1 sampler)",
            loop_serialize_root_signature, 1, 1, BENCH_LIMIT_NONE},
    {"deserialize_root_signature", "D3D12CreateRootSignatureDeserializer + GetRootSignatureDesc + Release",
            loop_deserialize_root_signature, 1, 1, BENCH_LIMIT_NONE},
    {"create_root_signature", "CreateRootSignature + Release", loop_create_root_signature, 1, 1, BENCH_LIMIT_NONE},
    {"fence", "CreateFence + Release", loop_fence, 1, 1, BENCH_LIMIT_MALLOC},
    {"record", "allocator + list Reset, 2 barriers, 1 copy, Close", loop_record, 1, 0, BENCH_LIMIT_NONE},
    {"submit", "ExecuteCommandLists + Signal + GetCompletedValue (wait if behind)", loop_submit, 1, 0,
            BENCH_LIMIT_MALLOC},
    {"map_unmap", "Map + Unmap, upload buffer", loop_map_unmap, 1, 0, BENCH_LIMIT_NONE},
    {"footprints", "GetCopyableFootprints, 256x256 RGBA8, 9 mips", loop_footprints, 1, 0, BENCH_LIMIT_NONE},
};

#ifndef BENCH_VKD3D
const size_t bench_workload_count = sizeof(SIDE(workloads)) / sizeof(SIDE(workloads)[0]);
#endif
