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
#include "shaders.h"

/* Descriptor slots each view loop writes in turn. */
#define SLOTS 1024u
/* Descriptors one copy moves. */
#define COPY_COUNT 16u
#define BUFFER_SIZE 65536u
#define TEXTURE_SIZE 256u
/* The cbv_many_buffers row's buffers, each a CBV's 256 bytes. */
#define CBV_BUFFERS 256u

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
    ID3D12Resource *cbv_buffers[CBV_BUFFERS];
    D3D12_GPU_VIRTUAL_ADDRESS cbv_buffer_va[CBV_BUFFERS];
    ID3D12Heap *heap;                    /* 16 MiB default, buffers: the placed buffer rows' */
    ID3D12Heap *upload_place_heap;       /* 16 MiB upload, buffers */
    ID3D12Heap *texture_heap;            /* 16 MiB default, render target and depth textures */
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
    /* The PSO rows: shaders built at open (shaders.h), [0] of shader model
     * 5.0 (DXBC), [1] of 6.0 (DXIL); the root signature of root_signature_desc. */
    struct bench_shader cs[2], vs[2], ps[2];
    ID3D12RootSignature *root_signature;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute_desc[2];
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics_desc[2];
    char pso_why[2][2][128];               /* [graphics][dxil]: why that PSO cannot be made, or "" */
    /* The pipeline library rows: the stored PSOs (DXBC), their library serialized. */
    ID3D12Device1 *device1;
    ID3D12PipelineState *stored[2];        /* compute, graphics */
    void *serialized, *serialize_buffer;
    SIZE_T serialized_size;
    char library_why[128];
    /* The Present row (mockd3d12 only: bench_present.c). */
    void *present;
    char present_why[128];
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
    D3D12_HEAP_DESC upload_place = {16u << 20, upload_heap, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
            D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    D3D12_HEAP_DESC textures = {16u << 20, default_heap, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT,
            D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES};
    size_t i;

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
    desc = buffer_desc(D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT, D3D12_RESOURCE_FLAG_NONE);
    for (i = 0; i < CBV_BUFFERS; ++i)
    {
        if (!committed(o, &upload_heap, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &o->cbv_buffers[i]))
            return false;
        o->cbv_buffer_va[i] = o->cbv_buffers[i]->lpVtbl->GetGPUVirtualAddress(o->cbv_buffers[i]);
    }
    return SUCCEEDED(o->device->lpVtbl->CreateHeap(o->device, &heap, &IID_ID3D12Heap, (void **)&o->heap))
            && SUCCEEDED(o->device->lpVtbl->CreateHeap(o->device, &upload_place, &IID_ID3D12Heap,
                    (void **)&o->upload_place_heap))
            && SUCCEEDED(o->device->lpVtbl->CreateHeap(o->device, &textures, &IID_ID3D12Heap,
                    (void **)&o->texture_heap));
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

/* ---- Pipeline states, the pipeline library, Present (set-up; a failure is the row's) ---- */

static void graphics_desc_init(D3D12_GRAPHICS_PIPELINE_STATE_DESC *d, ID3D12RootSignature *root_signature,
        const struct bench_shader *vs, const struct bench_shader *ps)
{
    static const D3D12_RENDER_TARGET_BLEND_DESC blend = {FALSE, FALSE, D3D12_BLEND_ONE, D3D12_BLEND_ZERO,
            D3D12_BLEND_OP_ADD, D3D12_BLEND_ONE, D3D12_BLEND_ZERO, D3D12_BLEND_OP_ADD, D3D12_LOGIC_OP_NOOP,
            D3D12_COLOR_WRITE_ENABLE_ALL};
    static const D3D12_DEPTH_STENCILOP_DESC stencil = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
            D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};

    memset(d, 0, sizeof(*d));
    d->pRootSignature = root_signature;
    d->VS = (D3D12_SHADER_BYTECODE){vs->bytes, vs->size};
    d->PS = (D3D12_SHADER_BYTECODE){ps->bytes, ps->size};
    d->BlendState.RenderTarget[0] = blend;
    d->SampleMask = 0xffffffffu;
    d->RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    d->RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
    d->RasterizerState.DepthClipEnable = TRUE;
    d->DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
    d->DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
    d->DepthStencilState.StencilReadMask = D3D12_DEFAULT_STENCIL_READ_MASK;
    d->DepthStencilState.StencilWriteMask = D3D12_DEFAULT_STENCIL_WRITE_MASK;
    d->DepthStencilState.FrontFace = stencil;
    d->DepthStencilState.BackFace = stencil;
    d->PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    d->NumRenderTargets = 1;
    d->RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    d->SampleDesc.Count = 1;
}

static HRESULT pso_create(struct objects *o, int graphics, int dxil, ID3D12PipelineState **out)
{
    ID3D12Device *d = o->device;

    return graphics ? d->lpVtbl->CreateGraphicsPipelineState(d, &o->graphics_desc[dxil], &IID_ID3D12PipelineState,
            (void **)out) : d->lpVtbl->CreateComputePipelineState(d, &o->compute_desc[dxil], &IID_ID3D12PipelineState,
            (void **)out);
}

/* The shaders, the descriptions, and one PSO of each kind made and released:
 * a kind the side refuses (vkd3d 1.2 and DXIL) gets its reason. */
static void pipelines_open(struct objects *o)
{
    ID3D12PipelineState *state;
    int dxil, graphics;
    HRESULT hr;

    for (dxil = 0; dxil < 2; ++dxil)
    {
        bench_shader_build(&o->cs[dxil], BENCH_SHADER_COMPUTE, dxil);
        bench_shader_build(&o->vs[dxil], BENCH_SHADER_VERTEX, dxil);
        bench_shader_build(&o->ps[dxil], BENCH_SHADER_PIXEL, dxil);
        o->compute_desc[dxil].pRootSignature = o->root_signature;
        o->compute_desc[dxil].CS = (D3D12_SHADER_BYTECODE){o->cs[dxil].bytes, o->cs[dxil].size};
        graphics_desc_init(&o->graphics_desc[dxil], o->root_signature, &o->vs[dxil], &o->ps[dxil]);
        for (graphics = 0; graphics < 2; ++graphics)
        {
            if (FAILED(hr = pso_create(o, graphics, dxil, &state)))
                snprintf(o->pso_why[graphics][dxil], sizeof(o->pso_why[0][0]), "%s from %s failed: 0x%08x",
                        graphics ? "CreateGraphicsPipelineState" : "CreateComputePipelineState",
                        dxil ? "DXIL (SM 6.0)" : "DXBC (SM 5.0)", (unsigned)hr);
            else
                release(state);
        }
    }
}

static const WCHAR *const stored_names[2] = {L"compute", L"graphics"};

/* An empty library, both PSOs stored, serialized into serialize_buffer. */
static HRESULT library_store(struct objects *o)
{
    ID3D12PipelineLibrary *library;
    HRESULT hr;
    int i;

    if (FAILED(hr = o->device1->lpVtbl->CreatePipelineLibrary(o->device1, NULL, 0, &IID_ID3D12PipelineLibrary,
            (void **)&library)))
        return hr;
    for (i = 0; i < 2 && SUCCEEDED(hr); ++i)
        hr = library->lpVtbl->StorePipeline(library, stored_names[i], o->stored[i]);
    if (SUCCEEDED(hr) && library->lpVtbl->GetSerializedSize(library) != o->serialized_size)
        hr = E_FAIL;
    if (SUCCEEDED(hr))
        hr = library->lpVtbl->Serialize(library, o->serialize_buffer, o->serialized_size);
    library->lpVtbl->Release(library);
    return hr;
}

/* The serialized library opened and both PSOs loaded by name. */
static HRESULT library_load(struct objects *o)
{
    ID3D12PipelineState *compute = NULL, *graphics = NULL;
    ID3D12PipelineLibrary *library;
    HRESULT hr;

    if (FAILED(hr = o->device1->lpVtbl->CreatePipelineLibrary(o->device1, o->serialized, o->serialized_size,
            &IID_ID3D12PipelineLibrary, (void **)&library)))
        return hr;
    if (SUCCEEDED(hr = library->lpVtbl->LoadComputePipeline(library, stored_names[0], &o->compute_desc[0],
            &IID_ID3D12PipelineState, (void **)&compute)))
        hr = library->lpVtbl->LoadGraphicsPipeline(library, stored_names[1], &o->graphics_desc[0],
                &IID_ID3D12PipelineState, (void **)&graphics);
    release(graphics);
    release(compute);
    library->lpVtbl->Release(library);
    return hr;
}

static void library_open(struct objects *o)
{
    ID3D12PipelineLibrary *library = NULL;
    const char *step = "CreatePipelineLibrary (empty)";
    HRESULT hr;
    int i;

    if (o->pso_why[0][0][0] || o->pso_why[1][0][0])
    {
        snprintf(o->library_why, sizeof(o->library_why), "no DXBC pipeline state to store");
        return;
    }
    if (FAILED(hr = o->device->lpVtbl->QueryInterface(o->device, &IID_ID3D12Device1, (void **)&o->device1)))
    {
        o->device1 = NULL;
        snprintf(o->library_why, sizeof(o->library_why), "QueryInterface(ID3D12Device1) failed: 0x%08x",
                (unsigned)hr);
        return;
    }
    for (i = 0; i < 2 && SUCCEEDED(hr); ++i)
        hr = pso_create(o, i, 0, &o->stored[i]);
    if (FAILED(hr))
        step = "a pipeline state to store";
    else if (SUCCEEDED(hr = o->device1->lpVtbl->CreatePipelineLibrary(o->device1, NULL, 0,
            &IID_ID3D12PipelineLibrary, (void **)&library)))
    {
        step = "StorePipeline";
        for (i = 0; i < 2 && SUCCEEDED(hr); ++i)
            hr = library->lpVtbl->StorePipeline(library, stored_names[i], o->stored[i]);
        if (SUCCEEDED(hr))
        {
            step = "Serialize";
            o->serialized_size = library->lpVtbl->GetSerializedSize(library);
            if (!(o->serialized = malloc(o->serialized_size)) || !(o->serialize_buffer = malloc(o->serialized_size)))
                hr = E_OUTOFMEMORY;
            else
                hr = library->lpVtbl->Serialize(library, o->serialized, o->serialized_size);
        }
        library->lpVtbl->Release(library);
    }
    /* The rows' own steps, once, so that a loop never meets a failure. */
    if (SUCCEEDED(hr) && FAILED(hr = library_store(o)))
        step = "the store row (an empty library, 2 StorePipeline, Serialize)";
    if (SUCCEEDED(hr) && FAILED(hr = library_load(o)))
        step = "the load row (CreatePipelineLibrary of the serialized blob, 2 loads)";
    if (FAILED(hr))
        snprintf(o->library_why, sizeof(o->library_why), "%s failed: 0x%08x", step, (unsigned)hr);
}

static void present_open(struct objects *o)
{
#ifdef BENCH_VKD3D
    snprintf(o->present_why, sizeof(o->present_why), "no DXGI: vkd3d has no swap chain on Linux");
#else
    o->present = bench_present_open(o->device, o->present_why, sizeof(o->present_why));
#endif
}

void SIDE(objects_close)(void *objects)
{
    struct objects *o = objects;
    void *all[] = {o->views, o->staging, o->samplers, o->rtvs, o->dsvs, o->upload, o->buffer, o->texture, o->depth,
            o->heap, o->upload_place_heap, o->texture_heap, o->list, o->closed, o->allocator, o->submit_allocator, o->queue, o->fence, o->root_signature_blob,
            o->root_signature, o->stored[0], o->stored[1], o->device1};
    size_t i;

#ifndef BENCH_VKD3D
    if (o->present)
        bench_present_close(o->present);
#endif
    for (i = 0; i < sizeof(all) / sizeof(all[0]); ++i)
        release(all[i]);
    for (i = 0; i < CBV_BUFFERS; ++i)
        release(o->cbv_buffers[i]);
    free(o->serialized);
    free(o->serialize_buffer);
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
    else if (FAILED(o->device->lpVtbl->CreateRootSignature(o->device, 0,
            o->root_signature_blob->lpVtbl->GetBufferPointer(o->root_signature_blob),
            o->root_signature_blob->lpVtbl->GetBufferSize(o->root_signature_blob), &IID_ID3D12RootSignature,
            (void **)&o->root_signature)))
        failed = "CreateRootSignature";
    if (!failed)
    {
        /* What a side cannot do here is that row's to say (bench_workload.missing). */
        pipelines_open(o);
        library_open(o);
        present_open(o);
    }
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

/* A CBV of each buffer in turn: an engine's constant buffer per object. The
 * runtime's check that the view lies in a live buffer cannot rely on the
 * buffer the last view named. */
LOOP(cbv_many_buffers)
{
    struct objects *o = objects;
    D3D12_CONSTANT_BUFFER_VIEW_DESC desc = {0, D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT};
    size_t i;

    for (i = 0; i < n; ++i)
    {
        desc.BufferLocation = o->cbv_buffer_va[i % CBV_BUFFERS];
        o->device->lpVtbl->CreateConstantBufferView(o->device, &desc, slot(o->views_start, o->view_increment, i));
    }
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

/* CreatePlacedResource + Release of `desc` in `heap`, at 64 offsets of
 * `stride` in turn. */
static void place_release(struct objects *o, ID3D12Heap *heap, UINT64 stride, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, size_t n)
{
    ID3D12Resource *resource;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(o->device->lpVtbl->CreatePlacedResource(o->device, heap, (i % 64) * stride, desc, state, NULL,
                &IID_ID3D12Resource, (void **)&resource));
        resource->lpVtbl->Release(resource);
    }
}

LOOP(placed_buffer)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE);

    place_release(objects, ((struct objects *)objects)->heap, BUFFER_SIZE, &desc, D3D12_RESOURCE_STATE_COMMON, n);
}

LOOP(placed_upload)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(BUFFER_SIZE, D3D12_RESOURCE_FLAG_NONE);

    place_release(objects, ((struct objects *)objects)->upload_place_heap, BUFFER_SIZE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, n);
}

/* 256 KiB each: 64 of them fill the 16 MiB heap. */
LOOP(placed_texture)
{
    D3D12_RESOURCE_DESC desc = texture_desc(DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);

    place_release(objects, ((struct objects *)objects)->texture_heap, 256u << 10, &desc, D3D12_RESOURCE_STATE_COMMON,
            n);
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

/* Create + Release of a pipeline state: [graphics][dxil]. */
static void pso_loop(struct objects *o, int graphics, int dxil, size_t n)
{
    ID3D12PipelineState *state;
    size_t i;

    for (i = 0; i < n; ++i)
    {
        CHECK(pso_create(o, graphics, dxil, &state));
        state->lpVtbl->Release(state);
    }
}

LOOP(pso_compute_dxbc)
{
    pso_loop(objects, 0, 0, n);
}

LOOP(pso_compute_dxil)
{
    pso_loop(objects, 0, 1, n);
}

LOOP(pso_graphics_dxbc)
{
    pso_loop(objects, 1, 0, n);
}

LOOP(pso_graphics_dxil)
{
    pso_loop(objects, 1, 1, n);
}

LOOP(pipeline_library_store)
{
    size_t i;

    for (i = 0; i < n; ++i)
        CHECK(library_store(objects));
}

LOOP(pipeline_library_load)
{
    size_t i;

    for (i = 0; i < n; ++i)
        CHECK(library_load(objects));
}

LOOP(present)
{
#ifdef BENCH_VKD3D
    (void)objects;
    (void)n;
    abort(); /* missing_present() keeps the row from vkd3d */
#else
    bench_present_loop(((struct objects *)objects)->present, n);
#endif
}

static const char *why_of(const char *why)
{
    return why[0] ? why : NULL;
}

static const char *missing_compute_dxbc(void *objects)
{
    return why_of(((struct objects *)objects)->pso_why[0][0]);
}

static const char *missing_compute_dxil(void *objects)
{
    return why_of(((struct objects *)objects)->pso_why[0][1]);
}

static const char *missing_graphics_dxbc(void *objects)
{
    return why_of(((struct objects *)objects)->pso_why[1][0]);
}

static const char *missing_graphics_dxil(void *objects)
{
    return why_of(((struct objects *)objects)->pso_why[1][1]);
}

static const char *missing_library(void *objects)
{
    return why_of(((struct objects *)objects)->library_why);
}

static const char *missing_present(void *objects)
{
    struct objects *o = objects;

    return o->present ? NULL : o->present_why[0] ? o->present_why : "no swap chain";
}

/* ---- The table ---- */

const struct bench_workload SIDE(workloads)[] =
{
    {"cbv", "CreateConstantBufferView", loop_cbv, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"cbv_many_buffers", "CreateConstantBufferView, 256 buffers in turn", loop_cbv_many_buffers, 1, 0,
            BENCH_LIMIT_MALLOC, NULL},
    {"srv_texture", "CreateShaderResourceView, texture, NULL desc", loop_srv_texture, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"srv_buffer", "CreateShaderResourceView, typed buffer", loop_srv_buffer, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"uav_buffer", "CreateUnorderedAccessView, raw buffer", loop_uav_buffer, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"rtv", "CreateRenderTargetView, texture, NULL desc", loop_rtv, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"dsv", "CreateDepthStencilView, texture, NULL desc", loop_dsv, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"sampler", "CreateSampler", loop_sampler, 1, 0, BENCH_LIMIT_MALLOC, NULL},
    {"copy_simple", "CopyDescriptorsSimple, 16 descriptors, per descriptor", loop_copy_simple, COPY_COUNT, 0,
            BENCH_LIMIT_MALLOC, NULL},
    {"copy_ranges", "CopyDescriptors, 2 ranges into 1, per descriptor", loop_copy_ranges, COPY_COUNT, 0,
            BENCH_LIMIT_MALLOC, NULL},
    {"committed_upload", "CreateCommittedResource + Release, 64 KiB upload buffer", loop_committed_upload, 1, 1,
            BENCH_LIMIT_CALLOC_64K, NULL},
    {"committed_buffer", "CreateCommittedResource + Release, 64 KiB default buffer", loop_committed_buffer, 1, 1,
            BENCH_LIMIT_NONE, NULL},
    {"committed_texture", "CreateCommittedResource + Release, 256x256 RGBA8 target", loop_committed_texture, 1, 1,
            BENCH_LIMIT_NONE, NULL},
    {"placed_buffer", "CreatePlacedResource + Release, 64 KiB buffer", loop_placed_buffer, 1, 1, BENCH_LIMIT_NONE,
            NULL},
    {"placed_upload", "CreatePlacedResource + Release, 64 KiB upload buffer", loop_placed_upload, 1, 1,
            BENCH_LIMIT_NONE, NULL},
    {"placed_texture", "CreatePlacedResource + Release, 256x256 RGBA8 target", loop_placed_texture, 1, 1,
            BENCH_LIMIT_NONE, NULL},
    {"heap", "CreateHeap + Release, 1 MiB default", loop_heap, 1, 1, BENCH_LIMIT_NONE, NULL},
    {"serialize_root_signature", "D3D12SerializeRootSignature + Release (2 parameters, 1 sampler)",
            loop_serialize_root_signature, 1, 1, BENCH_LIMIT_NONE, NULL},
    {"deserialize_root_signature", "D3D12CreateRootSignatureDeserializer + GetRootSignatureDesc + Release",
            loop_deserialize_root_signature, 1, 1, BENCH_LIMIT_NONE, NULL},
    {"create_root_signature", "CreateRootSignature + Release", loop_create_root_signature, 1, 1, BENCH_LIMIT_NONE,
            NULL},
    {"fence", "CreateFence + Release", loop_fence, 1, 1, BENCH_LIMIT_MALLOC, NULL},
    {"record", "allocator + list Reset, 2 barriers, 1 copy, Close", loop_record, 1, 0, BENCH_LIMIT_NONE, NULL},
    {"submit", "ExecuteCommandLists + Signal + GetCompletedValue (wait if behind)", loop_submit, 1, 0,
            BENCH_LIMIT_MALLOC, NULL},
    {"map_unmap", "Map + Unmap, upload buffer", loop_map_unmap, 1, 0, BENCH_LIMIT_NONE, NULL},
    {"footprints", "GetCopyableFootprints, 256x256 RGBA8, 9 mips", loop_footprints, 1, 0, BENCH_LIMIT_NONE, NULL},
    {"pso_compute_dxbc", "CreateComputePipelineState + Release, CS SM 5.0 (DXBC)", loop_pso_compute_dxbc, 1, 1,
            BENCH_LIMIT_NONE, missing_compute_dxbc},
    {"pso_compute_dxil", "CreateComputePipelineState + Release, CS SM 6.0 (DXIL)", loop_pso_compute_dxil, 1, 1,
            BENCH_LIMIT_NONE, missing_compute_dxil},
    {"pso_graphics_dxbc", "CreateGraphicsPipelineState + Release, VS + PS SM 5.0 (DXBC)", loop_pso_graphics_dxbc, 1,
            1, BENCH_LIMIT_NONE, missing_graphics_dxbc},
    {"pso_graphics_dxil", "CreateGraphicsPipelineState + Release, VS + PS SM 6.0 (DXIL)", loop_pso_graphics_dxil, 1,
            1, BENCH_LIMIT_NONE, missing_graphics_dxil},
    {"pipeline_library_store", "CreatePipelineLibrary (empty) + 2 StorePipeline + Serialize + Release",
            loop_pipeline_library_store, 1, 1, BENCH_LIMIT_NONE, missing_library},
    {"pipeline_library_load", "CreatePipelineLibrary (serialized) + 2 Load*Pipeline + Release",
            loop_pipeline_library_load, 1, 3, BENCH_LIMIT_NONE, missing_library},
    {"present", "Present(0, 0) + GetCurrentBackBufferIndex, flip, 2 buffers", loop_present, 1, 0, BENCH_LIMIT_NONE,
            missing_present},
};

#ifndef BENCH_VKD3D
const size_t bench_workload_count = sizeof(SIDE(workloads)) / sizeof(SIDE(workloads)[0]);
#endif
