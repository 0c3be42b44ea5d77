/*
 * The device's pipeline states and pipeline libraries
 * (src/device/device_pipelines.c): CreateGraphicsPipelineState,
 * CreateComputePipelineState, ID3D12Device2::CreatePipelineState (the
 * pipeline state stream) and ID3D12Device1::CreatePipelineLibrary, each
 * description checked against the adapter and the runtime; the owner of
 * their objects (src/objects/pipeline_state.h, pipeline_library.h).
 */
#ifndef MOCKD3D12_DEVICE_PIPELINES_H
#define MOCKD3D12_DEVICE_PIPELINES_H

#include <mockd3d12/mockd3d12.h>

#include "debuglayer/debuglayer.h"

struct mk_device;

/* The vtable's entries (src/device/device.c). */
HRESULT STDMETHODCALLTYPE d3d12_device_CreateGraphicsPipelineState(ID3D12Device17 *iface,
        const D3D12_GRAPHICS_PIPELINE_STATE_DESC *desc, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateComputePipelineState(ID3D12Device17 *iface,
        const D3D12_COMPUTE_PIPELINE_STATE_DESC *desc, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreatePipelineState(ID3D12Device17 *iface,
        const D3D12_PIPELINE_STATE_STREAM_DESC *desc, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreatePipelineLibrary(ID3D12Device17 *iface, const void *blob, SIZE_T size,
        REFIID riid, void **out);

#endif
