/*
 * The memory layout of a resource (resource_layout.h).
 *
 * PLACEHOLDER, to be replaced by the per-format table of
 * data/format-layout.tsv: this version knows a few 32-bit formats and lays
 * out buffers and non-multisampled textures only.
 */
#include "resource_layout.h"

static const struct mk_format_layout placeholder_formats[] =
{
    {DXGI_FORMAT_R8G8B8A8_UNORM, 32, 1, 1, 1, false, false},
    {DXGI_FORMAT_B8G8R8A8_UNORM, 32, 1, 1, 1, false, false},
    {DXGI_FORMAT_R32_FLOAT, 32, 1, 1, 1, false, false},
    {DXGI_FORMAT_D32_FLOAT, 32, 1, 1, 1, false, true},
};

const struct mk_format_layout *mk_format_layout(DXGI_FORMAT format)
{
    for (size_t i = 0; i < sizeof(placeholder_formats) / sizeof(placeholder_formats[0]); ++i)
        if (placeholder_formats[i].format == format)
            return &placeholder_formats[i];
    return NULL;
}

static UINT64 align_up(UINT64 value, UINT64 alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

UINT mk_resource_subresource_count(const D3D12_RESOURCE_DESC1 *desc)
{
    UINT arrays = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : desc->DepthOrArraySize;

    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return 1;
    return desc->MipLevels * arrays;
}

void mk_resource_footprints(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, UINT64 base_offset,
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts, UINT64 *row_sizes, UINT64 *total_bytes)
{
    const struct mk_format_layout *format = mk_format_layout(desc->Format);
    UINT64 offset = 0, total = 0;

    for (UINT i = 0; i < count; ++i)
    {
        UINT sub = first + i, mips = desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? 1 : desc->MipLevels;
        UINT mip = sub % mips;
        UINT64 width = desc->Width >> mip ? desc->Width >> mip : 1;
        UINT height = desc->Height >> mip ? desc->Height >> mip : 1;
        UINT depth = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
                ? (desc->DepthOrArraySize >> mip ? desc->DepthOrArraySize >> mip : 1) : 1;
        UINT64 row = desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? desc->Width
                : width * (format ? format->bits_per_unit / 8 : 4);
        UINT64 pitch = desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? row
                : align_up(row, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT);

        offset = align_up(offset, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
        if (layouts)
        {
            layouts[i].Offset = base_offset + offset;
            layouts[i].Footprint.Format = desc->Format;
            layouts[i].Footprint.Width = (UINT)width;
            layouts[i].Footprint.Height = height;
            layouts[i].Footprint.Depth = depth;
            layouts[i].Footprint.RowPitch = (UINT)pitch;
        }
        if (row_counts)
            row_counts[i] = height;
        if (row_sizes)
            row_sizes[i] = row;
        total = offset + pitch * (height - 1) * depth + pitch * (depth - 1) + row;
        offset += pitch * height * depth;
    }
    if (total_bytes)
        *total_bytes = total;
}

D3D12_RESOURCE_ALLOCATION_INFO mk_resource_allocation_info(const D3D12_RESOURCE_DESC1 *desc, bool tight)
{
    D3D12_RESOURCE_ALLOCATION_INFO info = {0, D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT};
    UINT64 total;

    (void)tight;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        info.SizeInBytes = align_up(desc->Width, info.Alignment);
        return info;
    }
    mk_resource_footprints(desc, 0, mk_resource_subresource_count(desc), 0, NULL, NULL, NULL, &total);
    info.SizeInBytes = align_up(total, info.Alignment);
    return info;
}
