/*
 * The device's heaps and resources (src/device/device_resources.c): the
 * methods that create them and answer their allocation sizes, the one
 * validation of a resource description against the simulated adapter, and
 * what the device does with their owner (src/objects/heap.h).
 */
#ifndef MOCKD3D12_DEVICE_RESOURCES_H
#define MOCKD3D12_DEVICE_RESOURCES_H

#include <mockd3d12/mockd3d12.h>

#include "debuglayer/debuglayer.h"
#include "platform.h"

struct mk_device;

/* The vtable's entries (src/device/device.c). */
MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC *descs);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateHeap(ID3D12Device17 *iface, const D3D12_HEAP_DESC *desc, REFIID riid,
        void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreatePlacedResource(ID3D12Device17 *iface, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC *desc, D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid,
        void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateReservedResource(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid, void **out);
void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);
void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints1(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);
void STDMETHODCALLTYPE d3d12_device_GetResourceTiling(ID3D12Device17 *iface, ID3D12Resource *resource,
        UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed, D3D12_TILE_SHAPE *shape, UINT *tiling_count, UINT first,
        D3D12_SUBRESOURCE_TILING *tilings);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource1(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateHeap1(ID3D12Device17 *iface, const D3D12_HEAP_DESC *desc,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateReservedResource1(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        REFIID riid, void **out);
MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo1(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos);
MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo2(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC1 *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource2(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreatePlacedResource1(ID3D12Device17 *iface, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC1 *desc, D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid,
        void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource3(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreatePlacedResource2(ID3D12Device17 *iface, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC1 *desc, D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear,
        UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out);
HRESULT STDMETHODCALLTYPE d3d12_device_CreateReservedResource2(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out);
MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo3(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC1 *descs, const UINT32 *castable_counts, const DXGI_FORMAT *const *castables,
        D3D12_RESOURCE_ALLOCATION_INFO1 *infos);

#endif
