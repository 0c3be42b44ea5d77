/*
 * The memory layout of a resource (resource_layout.h): the per-format table
 * generated from data/format-layout.tsv, the copyable footprints Windows
 * returns (vkd3d's and vkd3d-proton's test_get_copyable_footprints record
 * them), and a deterministic model of the allocation size, whose alignments
 * follow the D3D12 documentation and the tight-alignment specification.
 * docs/objects.md, "Resource layout", states every rule.
 */
#include "resource_layout.h"

#include <stddef.h>
#include <string.h>

/* mk_resource_desc1() and mk_resource_desc() copy the common prefix. */
_Static_assert(offsetof(D3D12_RESOURCE_DESC1, Flags) == offsetof(D3D12_RESOURCE_DESC, Flags)
        && MK_RESOURCE_DESC_PREFIX <= offsetof(D3D12_RESOURCE_DESC1, SamplerFeedbackMipRegion),
        "D3D12_RESOURCE_DESC is the start of D3D12_RESOURCE_DESC1");

extern const unsigned char mk_format_layout_index[];
extern const unsigned int mk_format_layout_index_size;

/* The limits a description's size is checked against (d3d12.h's
 * D3D12_REQ_*): they keep every product below in 64 bits. */
#define MK_MAX_1D_2D_SIZE D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION
#define MK_MAX_3D_SIZE D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
#define MK_MAX_ARRAY_SIZE D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION

const struct mk_format_layout *mk_format_layout(DXGI_FORMAT format)
{
    unsigned int index;

    if ((unsigned int)format >= mk_format_layout_index_size)
        return NULL;
    index = mk_format_layout_index[format];
    return index ? &mk_format_layouts[index - 1] : NULL;
}

static UINT64 align_up(UINT64 value, UINT64 alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

static UINT64 divide_up(UINT64 value, UINT64 divisor)
{
    return (value + divisor - 1) / divisor;
}

static UINT64 mip_size(UINT64 size, UINT mip)
{
    return size >> mip ? size >> mip : 1;
}

static bool is_block_compressed(const struct mk_format_layout *format)
{
    return format->block_width == 4 && format->block_height == 4;
}

UINT mk_resource_mip_levels(const D3D12_RESOURCE_DESC1 *desc)
{
    UINT64 largest = desc->Width;
    UINT levels = 1;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return 1;
    if (desc->MipLevels)
        return desc->MipLevels;
    if (desc->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE1D && desc->Height > largest)
        largest = desc->Height;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D && desc->DepthOrArraySize > largest)
        largest = desc->DepthOrArraySize;
    while (largest > 1)
    {
        largest >>= 1;
        ++levels;
    }
    return levels;
}

static UINT array_size(const D3D12_RESOURCE_DESC1 *desc)
{
    return desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc->DepthOrArraySize;
}

static UINT copy_planes(const struct mk_format_layout *format)
{
    return format && format->copy_planes ? format->copy_planes : 1;
}

UINT mk_resource_subresource_count(const D3D12_RESOURCE_DESC1 *desc)
{
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return 1;
    return mk_resource_mip_levels(desc) * array_size(desc) * copy_planes(mk_format_layout(desc->Format));
}

static bool valid_alignment(UINT64 alignment)
{
    return !alignment || alignment == D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT
            || alignment == D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT
            || alignment == D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT;
}

/* A planar format other than the depth-stencil ones (two full-size planes,
 * R32 + R8): vkd3d's test_get_copyable_footprints records Windows laying
 * out 1D and 3D D24_UNORM_S8_UINT textures; the video formats stay 2D. */
static bool video_planar(const struct mk_format_layout *format)
{
    unsigned i;

    if (!format->copy_planes)
        return false;
    if (format->copy_planes != 2)
        return true;
    for (i = 0; i < format->copy_planes; ++i)
    {
        if (format->plane[i].subsample_x != 1 || format->plane[i].subsample_y != 1)
            return true;
    }
    return false;
}

static const char *check_texture(const D3D12_RESOURCE_DESC1 *desc, const struct mk_format_layout *format)
{
    UINT64 max_size = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? MK_MAX_3D_SIZE : MK_MAX_1D_2D_SIZE;
    UINT full_chain;
    D3D12_RESOURCE_DESC1 chain = *desc;

    if (!format)
        return "the format is not a texture format";
    if (!desc->Width || !desc->Height || !desc->DepthOrArraySize)
        return "a dimension is 0";
    if (desc->Width > max_size || desc->Height > max_size
            || (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? desc->DepthOrArraySize > MK_MAX_3D_SIZE
                    : desc->DepthOrArraySize > MK_MAX_ARRAY_SIZE))
        return "a dimension is larger than D3D12 allows";
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D && desc->Height != 1)
        return "a 1D texture's Height is not 1";
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D && (format->block_width > 1 || video_planar(format)))
        return "block-compressed, packed and planar video formats have no 1D textures";
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D && video_planar(format))
        return "planar video formats have no 3D textures";
    if (desc->Width % format->block_width || desc->Height % format->block_height)
        return "the most detailed mip's Width or Height is not a multiple of the format's block";
    if (!desc->SampleDesc.Count || (desc->SampleDesc.Count > 1 && desc->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D))
        return "the sample count is invalid for the dimension";
    chain.MipLevels = 0;
    full_chain = mk_resource_mip_levels(&chain);
    if (desc->MipLevels > full_chain)
        return "MipLevels is more than the full mip chain";
    return NULL;
}

const char *mk_resource_footprints_check(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, bool *range,
        bool *buffer_width_too_large)
{
    const char *why = NULL;

    *range = false;
    *buffer_width_too_large = false;
    if (!valid_alignment(desc->Alignment))
        return "Alignment is not 0, 4 KB, 64 KB or 4 MB";
    switch (desc->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_BUFFER:
            if (desc->Format != DXGI_FORMAT_UNKNOWN)
                return "a buffer's Format is not DXGI_FORMAT_UNKNOWN";
            if (desc->Height != 1 || desc->DepthOrArraySize != 1 || desc->MipLevels != 1 || desc->SampleDesc.Count != 1)
                return "a buffer's Height, DepthOrArraySize, MipLevels or sample count is not 1";
            if (!desc->Width)
                return "a buffer's Width is 0";
            if (align_up(desc->Width, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT) > UINT32_MAX)
            {
                *buffer_width_too_large = true;
                return "a buffer's row pitch does not fit a UINT";
            }
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
        case D3D12_RESOURCE_DIMENSION_TEXTURE3D:
            if ((why = check_texture(desc, mk_format_layout(desc->Format))))
                return why;
            break;
        default:
            return "the Dimension is not a resource dimension";
    }
    if ((UINT64)first + count > mk_resource_subresource_count(desc))
    {
        *range = true;
        return "the subresource range ends past the resource's subresources";
    }
    return NULL;
}

void mk_resource_footprints_refused(UINT count, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    if (layouts)
        memset(layouts, 0xff, sizeof(*layouts) * count);
    if (row_counts)
        memset(row_counts, 0xff, sizeof(*row_counts) * count);
    if (row_sizes)
        memset(row_sizes, 0xff, sizeof(*row_sizes) * count);
    if (total_bytes)
        *total_bytes = UINT64_MAX;
}

/* One subresource's footprint, with its offset left to the caller. */
struct subresource_layout
{
    D3D12_SUBRESOURCE_FOOTPRINT footprint;
    UINT rows;
    UINT64 row_size;
};

/* The depth-stencil families' copyable planes of a resource that is not
 * ALLOW_DEPTH_STENCIL: each plane's footprint is the resource's format, of
 * its whole element, at the 256-byte pitch (vkd3d's test_get_copyable_footprints,
 * Wine's Windows runs since c6e46f84, 2022, without the flag), where a depth
 * stencil has the planar staging layout of R32_TYPELESS and R8_TYPELESS at 512
 * (vkd3d-proton's test_get_copyable_footprints_planar, 6f8ebaae, 2021, WARP and
 * NVIDIA, with the flag; the PlanarDepthStencil specification). */
static bool interleaved_depth_planes(const D3D12_RESOURCE_DESC1 *desc, const struct mk_format_layout *format)
{
    /* The families the PlanarDepthStencil specification stages as R32_TYPELESS + R8_TYPELESS. */
    return format->copy_planes == 2 && format->plane[0].format == DXGI_FORMAT_R32_TYPELESS
            && format->plane[1].format == DXGI_FORMAT_R8_TYPELESS
            && !(desc->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
}

/* Subresource (mip, plane) of `desc`. */
static void layout_subresource(const D3D12_RESOURCE_DESC1 *desc, const struct mk_format_layout *format, UINT mip,
        UINT plane, struct subresource_layout *out)
{
    UINT64 width = mip_size(desc->Width, mip), height = mip_size(desc->Height, mip), pitch_width;
    UINT64 depth = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? mip_size(desc->DepthOrArraySize, mip) : 1;
    UINT bits;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        out->footprint.Format = DXGI_FORMAT_UNKNOWN;
        out->footprint.Width = (UINT)desc->Width;
        out->footprint.Height = out->footprint.Depth = out->rows = 1;
        out->row_size = desc->Width;
        out->footprint.RowPitch = (UINT)align_up(desc->Width, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);
        return;
    }
    if (format->copy_planes && !interleaved_depth_planes(desc, format))
    {
        const struct mk_format_plane *p = &format->plane[plane];

        out->footprint.Format = p->format;
        pitch_width = divide_up(width, p->pitch_subsample_x);
        width = divide_up(width, p->subsample_x);
        height = divide_up(height, p->subsample_y);
        out->rows = (UINT)height;
        bits = p->bits_per_element;
        out->row_size = width * bits / 8;
        out->footprint.RowPitch = (UINT)align_up(pitch_width * bits / 8, format->row_pitch_alignment);
    }
    else
    {
        out->footprint.Format = desc->Format;
        width = align_up(width, format->block_width);
        height = align_up(height, format->block_height);
        /* Most formats' blocks are one texel: no division then. */
        out->rows = (UINT)(format->block_height == 1 ? height : height / format->block_height);
        out->row_size = (format->block_width == 1 ? width : width / format->block_width) * format->bits_per_unit / 8;
        out->footprint.RowPitch = (UINT)align_up(out->row_size, format->copy_planes ? D3D12_TEXTURE_DATA_PITCH_ALIGNMENT
                : format->row_pitch_alignment);
    }
    out->footprint.Width = (UINT)width;
    out->footprint.Height = (UINT)height;
    out->footprint.Depth = (UINT)depth;
}

void mk_resource_footprints(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, UINT64 base_offset,
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts, UINT64 *row_sizes, UINT64 *total_bytes)
{
    const struct mk_format_layout *format = mk_format_layout(desc->Format);
    /* Subresource i is mip i % mips of slice i / mips % slices of plane
     * i / (mips * slices): counted along, not divided for each. */
    const UINT mips = mk_resource_mip_levels(desc), slices = array_size(desc);
    UINT mip = first % mips, slice = first / mips % slices, plane = first / mips / slices;
    struct subresource_layout sub;
    UINT64 offset = 0, total = 0;

    for (UINT i = 0; i < count; ++i)
    {
        layout_subresource(desc, format, mip, plane, &sub);
        if (++mip == mips)
        {
            mip = 0;
            if (++slice == slices)
            {
                slice = 0;
                ++plane;
            }
        }
        if (layouts)
        {
            layouts[i].Offset = base_offset + offset;
            layouts[i].Footprint = sub.footprint;
        }
        if (row_counts)
            row_counts[i] = sub.rows;
        if (row_sizes)
            row_sizes[i] = sub.row_size;
        /* Every slice but the last is whole rows of RowPitch; the last row
         * of the last slice ends with its data. */
        total = offset + (UINT64)sub.footprint.RowPitch * sub.rows * (sub.footprint.Depth - 1)
                + (UINT64)sub.footprint.RowPitch * (sub.rows - 1) + sub.row_size;
        offset = align_up(total, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
    }
    if (total_bytes)
        *total_bytes = total;
}

/* The bits of one texel for the tile shapes: BC formats count blocks. */
static UINT texel_bits(const struct mk_format_layout *format)
{
    if (format->copy_planes)
        return format->bits_per_unit;
    return format->bits_per_unit / (format->block_width * format->block_height);
}

/* The tile shape of DirectX-Headers' D3D12_PROPERTY_LAYOUT_FORMAT_TABLE
 * GetTileShape (64 KB) and Get4KTileShape (4 KB) for a non-buffer. */
static void tile_shape(const struct mk_format_layout *format, D3D12_RESOURCE_DIMENSION dimension, UINT samples,
        bool small_tiles, D3D12_TILE_SHAPE *shape)
{
    /* Texels of a 2D tile, by bits per texel (8, 16, 32, 64, 128): 64 KB, 4 KB. */
    static const UINT tile_2d[2][5][2] =
    {
        {{256, 256}, {256, 128}, {128, 128}, {128, 64}, {64, 64}},
        {{64, 64}, {64, 32}, {32, 32}, {32, 16}, {16, 16}},
    };
    static const UINT tile_3d[2][5][3] =
    {
        {{64, 32, 32}, {32, 32, 32}, {32, 32, 16}, {32, 16, 16}, {16, 16, 16}},
        {{16, 16, 16}, {16, 16, 8}, {16, 8, 8}, {8, 8, 8}, {8, 8, 4}},
    };
    UINT bits = texel_bits(format), size = small_tiles ? 4096 : D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES;
    UINT k = bits <= 8 ? 0 : bits <= 16 ? 1 : bits <= 32 ? 2 : bits <= 64 ? 3 : 4;

    shape->DepthInTexels = 1;
    if (dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D)
    {
        shape->WidthInTexels = size * 8 / (bits ? bits : 8);
        shape->HeightInTexels = 1;
        return;
    }
    if (is_block_compressed(format))
    {
        /* 128-bit blocks: 64x64 (2D) or 16x16x16 (3D) blocks a 64 KB tile,
         * 16x16 or 8x8x4 a 4 KB one; 64-bit blocks twice as many. */
        UINT blocks = dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? (small_tiles ? 8 : 16) : (small_tiles ? 16 : 64);

        shape->WidthInTexels = blocks * 4;
        shape->HeightInTexels = blocks * 4;
        if (dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
            shape->DepthInTexels = small_tiles ? 4 : 16;
        if (format->bits_per_unit == 64)
        {
            if (dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D && small_tiles)
                shape->DepthInTexels *= 2;
            else
                shape->WidthInTexels *= 2;
        }
        return;
    }
    if (dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
    {
        shape->WidthInTexels = tile_3d[small_tiles][k][0];
        shape->HeightInTexels = tile_3d[small_tiles][k][1];
        shape->DepthInTexels = tile_3d[small_tiles][k][2];
        return;
    }
    shape->WidthInTexels = tile_2d[small_tiles][k][0];
    shape->HeightInTexels = tile_2d[small_tiles][k][1];
    if (samples >= 16)
        shape->WidthInTexels /= 4, shape->HeightInTexels /= 4;
    else if (samples >= 8)
        shape->WidthInTexels /= 4, shape->HeightInTexels /= 2;
    else if (samples >= 4)
        shape->WidthInTexels /= 2, shape->HeightInTexels /= 2;
    else if (samples >= 2)
        shape->WidthInTexels /= 2;
}

bool mk_resource_is_small(const D3D12_RESOURCE_DESC1 *desc)
{
    const struct mk_format_layout *format = mk_format_layout(desc->Format);
    bool msaa = desc->SampleDesc.Count > 1;
    UINT64 tile = msaa ? D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    UINT64 limit = msaa ? D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    D3D12_TILE_SHAPE shape;
    UINT64 tiles;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER || !format || desc->Layout != D3D12_TEXTURE_LAYOUT_UNKNOWN
            || (desc->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
        return false;
    tile_shape(format, desc->Dimension, desc->SampleDesc.Count, !msaa, &shape);
    tiles = divide_up(desc->Width, shape.WidthInTexels) * divide_up(desc->Height, shape.HeightInTexels);
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
        tiles *= divide_up(desc->DepthOrArraySize, shape.DepthInTexels);
    return tiles * tile <= limit;
}

/* The tiling of a reserved texture (GetResourceTiling): the most detailed
 * mips, as long as each is at least one tile in every dimension, are the
 * standard mips; the rest are packed. */
struct texture_tiling
{
    const struct mk_format_layout *format;
    D3D12_TILE_SHAPE shape;
    UINT mips;
    UINT standard; /* standard mips */
    UINT slices;   /* array slices x planes: each has its mips */
    UINT64 standard_tiles_per_slice;
    UINT64 packed_tiles_per_slice;
};

static UINT64 mip_tiles(const D3D12_RESOURCE_DESC1 *desc, const D3D12_TILE_SHAPE *shape, UINT mip, UINT *w, UINT *h,
        UINT *d)
{
    *w = (UINT)divide_up(mip_size(desc->Width, mip), shape->WidthInTexels);
    *h = (UINT)divide_up(mip_size(desc->Height, mip), shape->HeightInTexels);
    *d = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
            ? (UINT)divide_up(mip_size(desc->DepthOrArraySize, mip), shape->DepthInTexels) : 1;
    return (UINT64)*w * *h * *d;
}

static void texture_tiling(const D3D12_RESOURCE_DESC1 *desc, struct texture_tiling *t)
{
    const bool volume = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D;
    UINT64 packed_bytes = 0;
    UINT mip, w, h, d;

    t->format = mk_format_layout(desc->Format);
    tile_shape(t->format, desc->Dimension, desc->SampleDesc.Count, false, &t->shape);
    t->mips = mk_resource_mip_levels(desc);
    t->slices = array_size(desc) * copy_planes(t->format);
    t->standard = 0;
    t->standard_tiles_per_slice = 0;
    for (mip = 0; mip < t->mips; ++mip)
    {
        UINT64 width = mip_size(desc->Width, mip), height = mip_size(desc->Height, mip);
        UINT64 depth = volume ? mip_size(desc->DepthOrArraySize, mip) : 1;

        if (mip == t->standard && width >= t->shape.WidthInTexels && height >= t->shape.HeightInTexels
                && depth >= t->shape.DepthInTexels)
        {
            t->standard_tiles_per_slice += mip_tiles(desc, &t->shape, mip, &w, &h, &d);
            ++t->standard;
            continue;
        }
        /* A packed mip takes its bytes in the mip tail. */
        packed_bytes += divide_up(width, t->format->block_width) * divide_up(height, t->format->block_height)
                * depth * (t->format->bits_per_unit / 8) * (desc->SampleDesc.Count ? desc->SampleDesc.Count : 1);
    }
    t->packed_tiles_per_slice = packed_bytes ? divide_up(packed_bytes, D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES) : 0;
}

void mk_resource_tiling(const D3D12_RESOURCE_DESC1 *desc, UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed,
        D3D12_TILE_SHAPE *shape, UINT *tiling_count, UINT first, D3D12_SUBRESOURCE_TILING *tilings)
{
    struct texture_tiling t;
    UINT subresources, count, i;
    UINT64 standard_tiles;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        const UINT tiles = (UINT)divide_up(desc->Width, D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES);

        if (total_tiles)
            *total_tiles = tiles;
        if (packed)
            memset(packed, 0, sizeof(*packed));
        if (shape)
        {
            shape->WidthInTexels = D3D12_TILED_RESOURCE_TILE_SIZE_IN_BYTES;
            shape->HeightInTexels = 1;
            shape->DepthInTexels = 1;
        }
        if (tiling_count)
        {
            count = first < 1 && *tiling_count ? 1 : 0;
            if (count && tilings)
            {
                tilings[0].WidthInTiles = tiles;
                tilings[0].HeightInTiles = 1;
                tilings[0].DepthInTiles = 1;
                tilings[0].StartTileIndexInOverallResource = 0;
            }
            *tiling_count = count;
        }
        return;
    }

    texture_tiling(desc, &t);
    standard_tiles = t.standard_tiles_per_slice * t.slices;
    if (total_tiles)
        *total_tiles = (UINT)(standard_tiles + t.packed_tiles_per_slice * t.slices);
    if (packed)
    {
        packed->NumStandardMips = (UINT8)t.standard;
        packed->NumPackedMips = (UINT8)(t.mips - t.standard);
        /* Every slice's standard mips, then every slice's mip tail. */
        packed->NumTilesForPackedMips = (UINT)(t.packed_tiles_per_slice * t.slices);
        packed->StartTileIndexInOverallResource = t.standard < t.mips ? (UINT)standard_tiles : 0;
    }
    if (shape)
        *shape = t.shape;
    if (!tiling_count)
        return;
    subresources = t.mips * t.slices;
    count = first < subresources ? subresources - first : 0;
    if (*tiling_count < count)
        count = *tiling_count;
    for (i = 0; tilings && i < count; ++i)
    {
        const UINT index = first + i, mip = index % t.mips, slice = index / t.mips;
        D3D12_SUBRESOURCE_TILING *out = &tilings[i];
        UINT64 start = t.standard_tiles_per_slice * slice;
        UINT w, h, d, m;

        if (mip >= t.standard)
        {
            out->WidthInTiles = 0;
            out->HeightInTiles = 0;
            out->DepthInTiles = 0;
            out->StartTileIndexInOverallResource = D3D12_PACKED_TILE;
            continue;
        }
        for (m = 0; m < mip; ++m)
            start += mip_tiles(desc, &t.shape, m, &w, &h, &d);
        mip_tiles(desc, &t.shape, mip, &w, &h, &d);
        out->WidthInTiles = w;
        out->HeightInTiles = (UINT16)h;
        out->DepthInTiles = (UINT16)d;
        out->StartTileIndexInOverallResource = (UINT)start;
    }
    *tiling_count = count;
}

D3D12_RESOURCE_ALLOCATION_INFO mk_resource_allocation_info(const D3D12_RESOURCE_DESC1 *desc, bool tight,
        bool msaa_64kb)
{
    const bool msaa = desc->SampleDesc.Count > 1;
    const UINT64 large = msaa ? D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    const UINT64 small = msaa ? D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT : D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
    const D3D12_RESOURCE_ALLOCATION_INFO refused = {UINT64_MAX, large};
    D3D12_RESOURCE_ALLOCATION_INFO info = {0, large};
    UINT64 total;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        if (tight)
        {
            /* The specification lets a driver align a tight buffer at 8 to
             * 256 bytes and size it at its Width: we take 256. */
            if (desc->Alignment)
                return refused;
            info.Alignment = D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT;
            info.SizeInBytes = desc->Width;
            return info;
        }
        if (desc->Alignment && desc->Alignment != D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT)
            return refused;
        info.SizeInBytes = align_up(desc->Width, info.Alignment);
        return info;
    }
    if (tight && desc->Alignment)
        return refused;
    /* MSAA64KBAlignedTextureSupported: 64 KB for any multisampled texture
     * that asks for it (vkd3d-proton's test_placed_msaa_alignment_workaround
     * records Windows giving a 1920 x 1080 4x texture 64 KB); with tight
     * alignment the driver may choose it (the tight-alignment specification:
     * MSAA between 8 B and 4 MiB), and ours does. */
    if (msaa && msaa_64kb && (desc->Alignment == small || tight))
        info.Alignment = small;
    else if (desc->Alignment == small || (tight && mk_resource_is_small(desc)))
    {
        if (!mk_resource_is_small(desc))
            return refused;
        info.Alignment = small;
    }
    else if (desc->Alignment == D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT)
        info.Alignment = D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT;
    else if (desc->Alignment && desc->Alignment != large)
        return refused;
    /* The size is the driver's on Windows. Ours: every subresource's
     * copyable footprint, once per sample, rounded up to the alignment. */
    mk_resource_footprints(desc, 0, mk_resource_subresource_count(desc), 0, NULL, NULL, NULL, &total);
    info.SizeInBytes = align_up(total * desc->SampleDesc.Count, info.Alignment);
    return info;
}

D3D12_RESOURCE_ALLOCATION_INFO mk_resource_allocation_info_combine(const D3D12_RESOURCE_ALLOCATION_INFO *each,
        UINT count, D3D12_RESOURCE_ALLOCATION_INFO1 *each_out)
{
    D3D12_RESOURCE_ALLOCATION_INFO info = {0, 1};
    bool refused = false;
    UINT64 end = 0;

    for (UINT i = 0; i < count; ++i)
    {
        UINT64 offset = refused || each[i].SizeInBytes == UINT64_MAX ? UINT64_MAX : align_up(end, each[i].Alignment);

        if (each[i].Alignment > info.Alignment)
            info.Alignment = each[i].Alignment;
        if (offset == UINT64_MAX)
            refused = true;
        else
            end = offset + each[i].SizeInBytes;
        if (each_out)
        {
            each_out[i].Offset = offset;
            each_out[i].Alignment = each[i].Alignment;
            each_out[i].SizeInBytes = each[i].SizeInBytes;
        }
    }
    info.SizeInBytes = refused ? UINT64_MAX : align_up(end, info.Alignment);
    return info;
}
