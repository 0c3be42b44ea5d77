/* The scale row's probe (bench/startup.c, bench_scale): one process that
 * creates a device on nvidia-rtx-4090 and, in it, a million descriptors (a
 * heap of 1 000 000 shader resource views, every slot written) and ten
 * thousand 512x400 RGBA8 default-heap textures kept alive together (about
 * 8 GiB of video memory); the bench reads its CPU time and peak resident
 * memory from outside. Any failure exits non-zero, so a figure is never of
 * a probe that did less. Not yet in it: a thousand PSOs. */
#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

#include <stdlib.h>

#define DESCRIPTORS 1000000u
#define TEXTURES 10000u

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

int main(void)
{
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, DESCRIPTORS,
            D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    ID3D12Resource **textures = calloc(TEXTURES, sizeof(*textures));
    D3D12_CPU_DESCRIPTOR_HANDLE slot;
    ID3D12DescriptorHeap *heap;
    ID3D12Device *device;
    UINT increment, i;
    int status = 0;

    if (!textures || FAILED(mockd3d12_select_adapter("nvidia-rtx-4090"))
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
    heap->lpVtbl->Release(heap);
    for (i = 0; i < TEXTURES; ++i)
        textures[i]->lpVtbl->Release(textures[i]);
    if (device->lpVtbl->Release(device))
        status = 4;
    free(textures);
    return status;
}
