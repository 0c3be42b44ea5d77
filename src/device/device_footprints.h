/*
 * ID3D12Device::GetCopyableFootprints and ID3D12Device8::GetCopyableFootprints1
 * (src/device/device_footprints.c): the layout of src/objects/resource_layout.c,
 * with what Windows writes for a description or range it refuses.
 */
#ifndef MOCKD3D12_DEVICE_FOOTPRINTS_H
#define MOCKD3D12_DEVICE_FOOTPRINTS_H

#include "device.h"

void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);
void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints1(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);

#endif
