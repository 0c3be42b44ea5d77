/*
 * The device's command allocators and lists (src/device/device_lists.c):
 * creation, validated against the adapter, and what the objects room's
 * command lists ask of their device (obj_device_ops, declared in device.h).
 */
#ifndef MOCKD3D12_DEVICE_LISTS_H
#define MOCKD3D12_DEVICE_LISTS_H

#include "device.h"

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandAllocator(ID3D12Device17 *iface, D3D12_COMMAND_LIST_TYPE type,
        REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandList(ID3D12Device17 *iface, UINT node_mask,
        D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *allocator, ID3D12PipelineState *initial_state,
        REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommandList1(ID3D12Device17 *iface, UINT node_mask,
        D3D12_COMMAND_LIST_TYPE type, D3D12_COMMAND_LIST_FLAGS flags, REFIID riid, void **out);

/* ID3D12CommandQueue::ExecuteCommandLists' check of one list for a queue of
 * `queue_type`: S_OK, or E_INVALIDARG with the debug layer's message (the
 * call is then dropped) — DXGI_ERROR_DEVICE_REMOVED when the runtime also
 * removes the device, which this call then does. */
HRESULT mk_device_check_execute(struct mk_device *device, D3D12_COMMAND_LIST_TYPE queue_type, UINT index,
        ID3D12CommandList *list);

#endif
