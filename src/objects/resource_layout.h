/*
 * The memory layout of a resource, as the D3D12 runtime computes it: the
 * per-format layout facts (data/format-layout.tsv), the size and alignment of a
 * resource's allocation (ID3D12Device::GetResourceAllocationInfo) and the
 * copyable footprints of its subresources (GetCopyableFootprints).
 *
 * Pure functions of their arguments: the device room validates a description
 * against its adapter (src/device/device_resources.c) before it asks for a
 * layout. No function here allocates or locks.
 */
#ifndef MOCKD3D12_RESOURCE_LAYOUT_H
#define MOCKD3D12_RESOURCE_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "platform.h"

/* The layout facts of one DXGI format. */
struct mk_format_layout
{
    DXGI_FORMAT format;
    uint16_t bits_per_unit; /* bits per element, or per block for block formats */
    uint8_t block_width;    /* 1, or the block's width (4 for BC, 2 for packed 4:2:2) */
    uint8_t block_height;   /* 1, or the block's height */
    uint8_t planes;         /* 1, or 2 for depth-stencil and planar video formats */
    bool typeless;
    bool depth_stencil;
};

/* The layout facts of format, or NULL for DXGI_FORMAT_UNKNOWN and values no
 * format has. */
const struct mk_format_layout *mk_format_layout(DXGI_FORMAT format);

/* What GetResourceAllocationInfo answers for one valid description: the
 * allocation's size and alignment. desc->Alignment is the alignment the
 * caller asked for (0 for the default). When that alignment cannot be honoured
 * (a small alignment for a resource too large for it), the answer is
 * { UINT64_MAX, the default alignment } as on Windows. tight is true when the
 * adapter's TightAlignmentSupportTier allows tight alignment and desc asks
 * for it (D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT). */
D3D12_RESOURCE_ALLOCATION_INFO mk_resource_allocation_info(const D3D12_RESOURCE_DESC1 *desc, bool tight);

/* The number of subresources of desc (mips x array slices x planes). */
UINT mk_resource_subresource_count(const D3D12_RESOURCE_DESC1 *desc);

/* GetCopyableFootprints for a valid description: subresources first ..
 * first + count - 1 laid out from base_offset. Any output may be NULL. */
void mk_resource_footprints(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, UINT64 base_offset,
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts, UINT64 *row_sizes, UINT64 *total_bytes);

#endif
