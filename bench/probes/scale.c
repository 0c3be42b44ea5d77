/* The scale row's probe (bench/startup.c, bench_scale): one process that
 * creates a device on nvidia-rtx-4090 and, in it, a million descriptors (a
 * heap of 1 000 000 shader resource views, every slot written), ten
 * thousand 512x400 RGBA8 default-heap textures (about 8 GiB of video memory)
 * and a thousand pipeline states (compute and graphics in turn, from DXBC
 * shaders built as the object rows build them: shaders.h) kept alive
 * together; the bench reads its CPU time and peak resident memory from
 * outside. Any failure exits non-zero, so a figure is never of a probe that
 * did less. */
#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "shaders.h"

#define DESCRIPTORS 1000000u
#define TEXTURES 10000u
#define PSOS 1000u

static ID3D12Resource *texture(ID3D12Device *device)
{
    static const D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    static const D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 512, 400, 1, 1,
            DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE};
    ID3D12Resource *resource;

    if (FAILED(device->lpVtbl->CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource)))
        return NULL;
    return resource;
}

/* An empty root signature: the PSOs need one, and their shaders embed none. */
static ID3D12RootSignature *root_signature(ID3D12Device *device)
{
    D3D12_ROOT_SIGNATURE_DESC desc = {0, NULL, 0, NULL, D3D12_ROOT_SIGNATURE_FLAG_NONE};
    ID3D12RootSignature *root_signature = NULL;
    ID3DBlob *blob;

    if (FAILED(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1, &blob, NULL)))
        return NULL;
    if (FAILED(device->lpVtbl->CreateRootSignature(device, 0, blob->lpVtbl->GetBufferPointer(blob),
            blob->lpVtbl->GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature)))
        root_signature = NULL;
    blob->lpVtbl->Release(blob);
    return root_signature;
}

/* The PSOs: even ones compute (CS 5.0), odd ones graphics (VS + PS 5.0, one
 * RGBA8 target, no input layout). */
static bool psos_create(ID3D12Device *device, ID3D12PipelineState **psos)
{
    static const D3D12_RENDER_TARGET_BLEND_DESC blend = {FALSE, FALSE, D3D12_BLEND_ONE, D3D12_BLEND_ZERO,
            D3D12_BLEND_OP_ADD, D3D12_BLEND_ONE, D3D12_BLEND_ZERO, D3D12_BLEND_OP_ADD, D3D12_LOGIC_OP_NOOP,
            D3D12_COLOR_WRITE_ENABLE_ALL};
    D3D12_GRAPHICS_PIPELINE_STATE_DESC graphics;
    D3D12_COMPUTE_PIPELINE_STATE_DESC compute;
    struct bench_shader cs, vs, ps;
    ID3D12RootSignature *rs;
    bool ok = true;
    UINT i;

    if (!(rs = root_signature(device)))
        return false;
    bench_shader_build(&cs, BENCH_SHADER_COMPUTE, 0);
    bench_shader_build(&vs, BENCH_SHADER_VERTEX, 0);
    bench_shader_build(&ps, BENCH_SHADER_PIXEL, 0);
    memset(&compute, 0, sizeof(compute));
    compute.pRootSignature = rs;
    compute.CS = (D3D12_SHADER_BYTECODE){cs.bytes, cs.size};
    memset(&graphics, 0, sizeof(graphics));
    graphics.pRootSignature = rs;
    graphics.VS = (D3D12_SHADER_BYTECODE){vs.bytes, vs.size};
    graphics.PS = (D3D12_SHADER_BYTECODE){ps.bytes, ps.size};
    graphics.BlendState.RenderTarget[0] = blend;
    graphics.SampleMask = 0xffffffffu;
    graphics.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
    graphics.RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
    graphics.RasterizerState.DepthClipEnable = TRUE;
    graphics.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
    graphics.NumRenderTargets = 1;
    graphics.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
    graphics.SampleDesc.Count = 1;
    for (i = 0; i < PSOS && ok; ++i)
        ok = SUCCEEDED(i % 2 ? device->lpVtbl->CreateGraphicsPipelineState(device, &graphics,
                &IID_ID3D12PipelineState, (void **)&psos[i]) : device->lpVtbl->CreateComputePipelineState(device,
                &compute, &IID_ID3D12PipelineState, (void **)&psos[i]));
    rs->lpVtbl->Release(rs); /* the PSOs hold it */
    return ok;
}

int main(void)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, DESCRIPTORS,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12Resource **textures = calloc(TEXTURES, sizeof(*textures));
    ID3D12PipelineState **psos = calloc(PSOS, sizeof(*psos));
    D3D12_CPU_DESCRIPTOR_HANDLE slot;
    ID3D12DescriptorHeap *heap;
    ID3D12Device *device;
    UINT increment, i;
    int status = 0;

    if (!textures || !psos || FAILED(mockd3d12_select_adapter("nvidia-rtx-4090"))
            || FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
        return 1;
    for (i = 0; i < TEXTURES; ++i)
        if (!(textures[i] = texture(device)))
            return 2;
    if (FAILED(device->lpVtbl->CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap, (void **)&heap)))
        return 3;
    increment = device->lpVtbl->GetDescriptorHandleIncrementSize(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    slot = heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
    for (i = 0; i < DESCRIPTORS; ++i, slot.ptr += increment)
        device->lpVtbl->CreateShaderResourceView(device, textures[i % TEXTURES], NULL, slot);
    if (!psos_create(device, psos))
        return 5;
    heap->lpVtbl->Release(heap);
    for (i = 0; i < TEXTURES; ++i)
        textures[i]->lpVtbl->Release(textures[i]);
    for (i = 0; i < PSOS; ++i)
        psos[i]->lpVtbl->Release(psos[i]);
    if (device->lpVtbl->Release(device))
        status = 4;
    free(textures);
    free(psos);
    return status;
}
