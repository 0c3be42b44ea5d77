/*
 * ID3D12Device::GetResourceTiling (src/device/device_tiling.c): the tiling
 * of src/objects/resource_layout.c for a reserved resource of this device.
 */
#ifndef MOCKD3D12_DEVICE_TILING_H
#define MOCKD3D12_DEVICE_TILING_H

#include "device.h"

void STDMETHODCALLTYPE d3d12_device_GetResourceTiling(ID3D12Device17 *iface, ID3D12Resource *resource,
        UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed, D3D12_TILE_SHAPE *shape, UINT *tiling_count, UINT first,
        D3D12_SUBRESOURCE_TILING *tilings);

#endif
