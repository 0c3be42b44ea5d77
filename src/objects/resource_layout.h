/*
 * The memory layout of a resource, as the D3D12 runtime computes it: the
 * per-format layout facts (data/format-layout.tsv), the size and alignment of a
 * resource's allocation (ID3D12Device::GetResourceAllocationInfo), the
 * copyable footprints of its subresources (GetCopyableFootprints) and the
 * tiling of a reserved resource (GetResourceTiling).
 *
 * Pure functions of their arguments: the device room validates a description
 * against its adapter (src/device/device_resources.c) before it asks for a
 * layout. No function here allocates or locks.
 */
#ifndef MOCKD3D12_RESOURCE_LAYOUT_H
#define MOCKD3D12_RESOURCE_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "platform.h"

/* One plane of a planar format's copyable layout: the format of its
 * footprint, and how its size follows from the resource's (data/format-layout.tsv). */
struct mk_format_plane
{
    DXGI_FORMAT format;        /* the footprint's format: R32_TYPELESS, R8_TYPELESS, R8G8_TYPELESS, ... */
    uint16_t bits_per_element; /* of that format */
    uint8_t subsample_x;       /* the plane is ceil(width / subsample_x) elements wide */
    uint8_t subsample_y;       /* and ceil(height / subsample_y) rows high */
    uint8_t pitch_subsample_x; /* its row pitch holds ceil(width / pitch_subsample_x) elements (NV11: 2) */
};

/* How a channel's bits are read (the format table's ComponentInterpretation). */
enum mk_channel_type
{
    MK_CHANNEL_TYPELESS, MK_CHANNEL_UNORM, MK_CHANNEL_SNORM, MK_CHANNEL_UINT, MK_CHANNEL_SINT, MK_CHANNEL_FLOAT,
    MK_CHANNEL_UNORM_SRGB, MK_CHANNEL_FIXED_2_8,
};

/* One component of a texel: 'R', 'G', 'B', 'A', 'D', 'S' or 'X' (unused), its
 * width, and its first bit counted from the texel's first byte. */
struct mk_format_channel
{
    char name;
    uint8_t bits;
    uint8_t shift;
    uint8_t type;   /* enum mk_channel_type */
};

/* The layout facts of one DXGI format (data/format-layout.tsv, generated). */
struct mk_format_layout
{
    DXGI_FORMAT format;
    uint16_t bits_per_unit; /* bits per element, or per block for block formats; plane 0's for planar ones */
    uint8_t block_width;    /* 1, or the block's width (4 for BC, 2 for packed 4:2:2); planar: the width alignment */
    uint8_t block_height;   /* 1, or the block's height; planar: the height alignment (NV12 2) */
    uint8_t planes;         /* 1, or 2 for depth-stencil and planar video formats (3 for V208, V408) */
    bool typeless;
    bool depth_stencil;     /* a depth-stencil view format: D16, D24S8, D32, D32S8X24 */
    uint16_t row_pitch_alignment; /* of its footprints: 256, or 512 for planar formats */
    uint8_t copy_planes;    /* entries of plane[]: 0 when the footprint is the format itself */
    struct mk_format_plane plane[3];
    DXGI_FORMAT parent;     /* the _TYPELESS parent of its cast family; the format itself when it has none */
    uint8_t channel_count;  /* 0 for block-compressed, video and other formats without per-texel components */
    struct mk_format_channel channel[4];
    bool planar_video;      /* planes that follow each other in memory (NV12, P010, ...); not the depth-stencil
                             * families, whose D3D12 copyable planes are interleaved texels in D3D11 */
};

/* The generated table, sorted by format (tools/gen_format_layout.py). */
extern const struct mk_format_layout mk_format_layouts[];
extern const unsigned int mk_format_layout_count;

/* The layout facts of format, or NULL for DXGI_FORMAT_UNKNOWN and values no
 * format has. */
const struct mk_format_layout *mk_format_layout(DXGI_FORMAT format);

/* What GetResourceAllocationInfo answers for one valid description: the
 * allocation's size and alignment. desc->Alignment is the alignment the
 * caller asked for (0 for the default). When that alignment cannot be honoured
 * (a small alignment for a resource too large for it), the answer is
 * { UINT64_MAX, the default alignment } as on Windows. tight is true when the
 * adapter's TightAlignmentSupportTier allows tight alignment and desc asks
 * for it (D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT). msaa_64kb is the adapter's
 * D3D12_OPTIONS4.MSAA64KBAlignedTextureSupported: a multisampled texture of
 * any size asked for at 64 KB (or with tight alignment) gets 64 KB; without
 * it only a small one would (none is: small resources are neither render
 * target nor depth stencil, and multisampled ones are one of them). */
D3D12_RESOURCE_ALLOCATION_INFO mk_resource_allocation_info(const D3D12_RESOURCE_DESC1 *desc, bool tight,
        bool msaa_64kb);

/* The number of subresources of desc (mips x array slices x planes). */
UINT mk_resource_subresource_count(const D3D12_RESOURCE_DESC1 *desc);

/* desc's mip levels: MipLevels, or the full chain when it is 0. */
UINT mk_resource_mip_levels(const D3D12_RESOURCE_DESC1 *desc);

/* D3D12_RESOURCE_DESC is D3D12_RESOURCE_DESC1 without its last member
 * (SamplerFeedbackMipRegion, zero when converted up): the members up to
 * Flags are copied, not D3D12_RESOURCE_DESC's tail padding. */
#define MK_RESOURCE_DESC_PREFIX (offsetof(D3D12_RESOURCE_DESC, Flags) + sizeof(D3D12_RESOURCE_FLAGS))

/* `desc` as a D3D12_RESOURCE_DESC1, written member by member where it is
 * kept (resource creation: a copy through a temporary is read back in loads
 * that straddle its stores, which stalls); its padding zeroed, as GetDesc
 * and GetDesc1 return it whole. */
static inline void mk_resource_desc1_set(D3D12_RESOURCE_DESC1 *desc1, const D3D12_RESOURCE_DESC *desc)
{
    memset(desc1, 0, offsetof(D3D12_RESOURCE_DESC1, Alignment));
    desc1->Dimension = desc->Dimension;
    desc1->Alignment = desc->Alignment;
    desc1->Width = desc->Width;
    desc1->Height = desc->Height;
    desc1->DepthOrArraySize = desc->DepthOrArraySize;
    desc1->MipLevels = desc->MipLevels;
    desc1->Format = desc->Format;
    desc1->SampleDesc = desc->SampleDesc;
    desc1->Layout = desc->Layout;
    desc1->Flags = desc->Flags;
    memset((char *)desc1 + offsetof(D3D12_RESOURCE_DESC1, SamplerFeedbackMipRegion), 0,
            sizeof(*desc1) - offsetof(D3D12_RESOURCE_DESC1, SamplerFeedbackMipRegion));
}

static inline D3D12_RESOURCE_DESC1 mk_resource_desc1(const D3D12_RESOURCE_DESC *desc)
{
    D3D12_RESOURCE_DESC1 desc1 = {0};

    mk_resource_desc1_set(&desc1, desc);
    return desc1;
}

static inline D3D12_RESOURCE_DESC mk_resource_desc(const D3D12_RESOURCE_DESC1 *desc1)
{
    D3D12_RESOURCE_DESC desc = {0};

    memcpy(&desc, desc1, MK_RESOURCE_DESC_PREFIX);
    return desc;
}


/* Whether desc is a "small resource" (D3D12_RESOURCE_DESC's Alignment, the
 * tight-alignment specification): UNKNOWN layout, neither render target nor
 * depth stencil, and its most detailed mip, counted in tiles of the small
 * alignment (4 KB; 64 KB for MSAA), no larger than the default alignment
 * (64 KB; 4 MB for MSAA). Such a resource may take the small alignment. */
bool mk_resource_is_small(const D3D12_RESOURCE_DESC1 *desc);

/* GetResourceTiling for a valid reserved resource's description (the D3D11.2
 * tiled resources rules, DirectX-Specs D3D12TiledResourceTier4.md, and
 * vkd3d-proton's test_get_resource_tiling as Windows answers it). Any output
 * may be NULL.
 * - Buffers: Width in 64 KB tiles, shape 65536x1x1, no mips (all zeros in
 *   *packed), one subresource tiling {tiles, 1, 1, 0}.
 * - Textures: the 64 KB tile shape of the format, dimension and sample count
 *   (written even when every mip is packed, as Windows does). The leading
 *   mips at least one tile in every dimension are standard; from the first
 *   one that is not, every mip is packed. Each array slice (and plane) has
 *   its mips; the tiles are every subresource's standard mips in subresource
 *   order, then the packed mips of every slice, NumTilesForPackedMips
 *   tiles: per slice, the bytes of its packed mips in 64 KB tiles.
 * - *tiling_count is the number of subresource tilings asked for, from
 *   subresource first; it is clamped to the subresources left after first
 *   and that many entries of tilings are written (none when tilings is
 *   NULL). Packed mips' entries are {0, 0, 0, D3D12_PACKED_TILE}. */
void mk_resource_tiling(const D3D12_RESOURCE_DESC1 *desc, UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed,
        D3D12_TILE_SHAPE *shape, UINT *tiling_count, UINT first, D3D12_SUBRESOURCE_TILING *tilings);

/* NULL when GetCopyableFootprints can lay out subresources first ..
 * first + count - 1 of desc, else why not (for the debug message), and
 * *buffer_width_too_large is set when the reason is a buffer whose row
 * pitch does not fit a UINT (GETCOPYABLEFOOTPRINTS_UNSUPPORTED_BUFFER_WIDTH);
 * *range is set when the description is valid but the range is not. */
const char *mk_resource_footprints_check(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, bool *range,
        bool *buffer_width_too_large);

/* What Windows writes for a description or range GetCopyableFootprints
 * refuses: every byte of the count entries of each output, and the total,
 * set to 0xff (UINT64_MAX total). Any output may be NULL. */
void mk_resource_footprints_refused(UINT count, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes);

/* GetResourceAllocationInfo over several descriptions, from the answer for
 * each: each resource at the next offset its alignment allows, the largest
 * alignment, the size the end rounded up to it (the tight-alignment
 * specification's rule). { 0, 1 } for none; { UINT64_MAX, the largest
 * alignment } when one answer is UINT64_MAX. each_out (may be NULL) receives
 * the D3D12_RESOURCE_ALLOCATION_INFO1 of every resource. */
D3D12_RESOURCE_ALLOCATION_INFO mk_resource_allocation_info_combine(const D3D12_RESOURCE_ALLOCATION_INFO *each,
        UINT count, D3D12_RESOURCE_ALLOCATION_INFO1 *each_out);

/* GetCopyableFootprints for a valid description: subresources first ..
 * first + count - 1 laid out from base_offset. Any output may be NULL. */
void mk_resource_footprints(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, UINT64 base_offset,
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts, UINT64 *row_sizes, UINT64 *total_bytes);

#endif
