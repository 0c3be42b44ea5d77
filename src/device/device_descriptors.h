/*
 * The device's descriptor methods (src/device/device_descriptors.c): views,
 * samplers and copies, each validated against the simulated adapter and
 * written into the destination heap's storage (src/objects/descriptor_heap.h).
 * device.c puts them in its vtable; nothing else calls them.
 */
#ifndef MOCKD3D12_DEVICE_DESCRIPTORS_H
#define MOCKD3D12_DEVICE_DESCRIPTORS_H

#include <mockd3d12/mockd3d12.h>

void STDMETHODCALLTYPE d3d12_device_CreateConstantBufferView(ID3D12Device17 *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest);
void STDMETHODCALLTYPE d3d12_device_CreateShaderResourceView(ID3D12Device17 *iface, ID3D12Resource *resource,
        const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest);
void STDMETHODCALLTYPE d3d12_device_CreateUnorderedAccessView(ID3D12Device17 *iface, ID3D12Resource *resource,
        ID3D12Resource *counter, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest);
void STDMETHODCALLTYPE d3d12_device_CreateRenderTargetView(ID3D12Device17 *iface, ID3D12Resource *resource,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest);
void STDMETHODCALLTYPE d3d12_device_CreateDepthStencilView(ID3D12Device17 *iface, ID3D12Resource *resource,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest);
void STDMETHODCALLTYPE d3d12_device_CreateSampler(ID3D12Device17 *iface, const D3D12_SAMPLER_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dest);
void STDMETHODCALLTYPE d3d12_device_CopyDescriptors(ID3D12Device17 *iface, UINT dst_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type);
void STDMETHODCALLTYPE d3d12_device_CopyDescriptorsSimple(ID3D12Device17 *iface, UINT count,
        D3D12_CPU_DESCRIPTOR_HANDLE dst, D3D12_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type);
/* ID3D12Device8 */
void STDMETHODCALLTYPE d3d12_device_CreateSamplerFeedbackUnorderedAccessView(ID3D12Device17 *iface,
        ID3D12Resource *targeted, ID3D12Resource *feedback, D3D12_CPU_DESCRIPTOR_HANDLE dest);
/* ID3D12Device11 */
void STDMETHODCALLTYPE d3d12_device_CreateSampler2(ID3D12Device17 *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dest);

#endif
