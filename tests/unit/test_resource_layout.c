/*
 * The memory layout of resources (src/objects/resource_layout.c,
 * docs/objects.md "Resource layout"): the per-format table, the copyable
 * footprints, the allocation info, and ID3D12Device::GetCopyableFootprints /
 * ID3D12Device8::GetCopyableFootprints1 with what they write for a
 * description or range they refuse.
 *
 * The footprint numbers are Windows': the rows below are worked out by hand
 * from the rules vkd3d's and vkd3d-proton's test_get_copyable_footprints
 * check on Windows, and test_conformance_grid runs their whole grid of
 * resources, formats and base offsets against an independent statement of
 * those rules. The refused descriptions are theirs too.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "resource_layout.h"

#define BUF D3D12_RESOURCE_DIMENSION_BUFFER
#define T1D D3D12_RESOURCE_DIMENSION_TEXTURE1D
#define T2D D3D12_RESOURCE_DIMENSION_TEXTURE2D
#define T3D D3D12_RESOURCE_DIMENSION_TEXTURE3D
#define KB 1024ull
#define MB (1024ull * 1024ull)
/* A description: one sample, the layout its dimension takes, no flags. */
#define DESC(dim, alignment, width, height, depth, mips, format) \
        {dim, alignment, width, height, depth, mips, format, {1, 0}, \
         (dim) == BUF ? D3D12_TEXTURE_LAYOUT_ROW_MAJOR : D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE, {0, 0, 0}}
#define DESCX(dim, alignment, width, height, depth, mips, format, samples, layout, flags) \
        {dim, alignment, width, height, depth, mips, format, {samples, 0}, layout, flags, {0, 0, 0}}

static D3D12_RESOURCE_DESC1 make_desc(D3D12_RESOURCE_DIMENSION dimension, UINT64 width, UINT height, UINT16 depth,
        UINT16 mips, DXGI_FORMAT format)
{
    D3D12_RESOURCE_DESC1 desc = {0};

    desc.Dimension = dimension;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = depth;
    desc.MipLevels = mips;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Layout = dimension == BUF ? D3D12_TEXTURE_LAYOUT_ROW_MAJOR : D3D12_TEXTURE_LAYOUT_UNKNOWN;
    return desc;
}

/* ---- The format table ---- */

static const struct
{
    unsigned value;
    const char *name;
}
header_formats[] =
{
#include "header_formats.inc"
};

/* Every DXGI_FORMAT the build's dxgiformat.h declares has a row: a newer
 * header with a new format fails here until data/format-layout.tsv has it. */
static void test_every_header_format(void **state)
{
    struct row_failures failures = {0};

    (void)state;
    assert_true(ARRAY_SIZE(header_formats) >= 120);
    for (unsigned i = 0; i < ARRAY_SIZE(header_formats); ++i)
    {
        const struct mk_format_layout *layout = mk_format_layout((DXGI_FORMAT)header_formats[i].value);

        if (!layout)
            row_fail(&failures, i, header_formats[i].name, "no row in data/format-layout.tsv");
        else if ((unsigned)layout->format != header_formats[i].value)
            row_fail(&failures, i, header_formats[i].name, "the row of %u", (unsigned)layout->format);
    }
    rows_done(&failures);
    assert_null(mk_format_layout(DXGI_FORMAT_UNKNOWN));
    assert_null(mk_format_layout((DXGI_FORMAT)116));
    assert_null(mk_format_layout((DXGI_FORMAT)192));
    assert_null(mk_format_layout((DXGI_FORMAT)0xffffffffu));
    assert_non_null(mk_format_layout((DXGI_FORMAT)191)); /* A4B4G4R4_UNORM, newer than some headers */
}

/* One row per class of format. */
static void test_format_rows(void **state)
{
    static const struct
    {
        const char *name;
        DXGI_FORMAT format;
        unsigned bits, block_w, block_h, planes, pitch;
        bool typeless, depth_stencil;
        DXGI_FORMAT plane0, plane1;
    }
    rows[] =
    {
        {"R8_UNORM", DXGI_FORMAT_R8_UNORM, 8, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"R16G16_TYPELESS", DXGI_FORMAT_R16G16_TYPELESS, 32, 1, 1, 1, 256, true, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"R32G32B32_FLOAT", DXGI_FORMAT_R32G32B32_FLOAT, 96, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"R16G16B16A16_FLOAT", DXGI_FORMAT_R16G16B16A16_FLOAT, 64, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"R32G32B32A32_UINT", DXGI_FORMAT_R32G32B32A32_UINT, 128, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"BC1_UNORM", DXGI_FORMAT_BC1_UNORM, 64, 4, 4, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"BC4_SNORM", DXGI_FORMAT_BC4_SNORM, 64, 4, 4, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"BC7_TYPELESS", DXGI_FORMAT_BC7_TYPELESS, 128, 4, 4, 1, 256, true, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"BC6H_SF16", DXGI_FORMAT_BC6H_SF16, 128, 4, 4, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"R8G8_B8G8_UNORM", DXGI_FORMAT_R8G8_B8G8_UNORM, 32, 2, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"YUY2", DXGI_FORMAT_YUY2, 32, 2, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"Y216", DXGI_FORMAT_Y216, 64, 2, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"R1_UNORM", DXGI_FORMAT_R1_UNORM, 8, 8, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"D32_FLOAT", DXGI_FORMAT_D32_FLOAT, 32, 1, 1, 1, 256, false, true, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"D16_UNORM", DXGI_FORMAT_D16_UNORM, 16, 1, 1, 1, 256, false, true, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"D24_UNORM_S8_UINT", DXGI_FORMAT_D24_UNORM_S8_UINT, 32, 1, 1, 2, 512, false, true,
                DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"R24G8_TYPELESS", DXGI_FORMAT_R24G8_TYPELESS, 32, 1, 1, 2, 512, true, false,
                DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"R24_UNORM_X8_TYPELESS", DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 32, 1, 1, 2, 512, false, false,
                DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"D32_FLOAT_S8X24_UINT", DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 64, 1, 1, 2, 512, false, true,
                DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"R32G8X24_TYPELESS", DXGI_FORMAT_R32G8X24_TYPELESS, 64, 1, 1, 2, 512, true, false,
                DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"NV12", DXGI_FORMAT_NV12, 8, 2, 2, 2, 512, false, false, DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_R8G8_TYPELESS},
        {"P010", DXGI_FORMAT_P010, 16, 2, 2, 2, 512, false, false, DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_R16G16_TYPELESS},
        {"P016", DXGI_FORMAT_P016, 16, 2, 2, 2, 512, false, false, DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_R16G16_TYPELESS},
        {"420_OPAQUE", DXGI_FORMAT_420_OPAQUE, 8, 2, 2, 1, 512, false, false, DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_UNKNOWN},
        {"NV11", DXGI_FORMAT_NV11, 8, 4, 1, 2, 512, false, false, DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_R8G8_TYPELESS},
        {"P208", DXGI_FORMAT_P208, 8, 2, 1, 2, 512, false, false, DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_R8G8_TYPELESS},
        {"V208", DXGI_FORMAT_V208, 8, 1, 2, 3, 512, false, false, DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"V408", DXGI_FORMAT_V408, 8, 1, 1, 3, 512, false, false, DXGI_FORMAT_R8_TYPELESS, DXGI_FORMAT_R8_TYPELESS},
        {"AI44", DXGI_FORMAT_AI44, 8, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"A8P8", DXGI_FORMAT_A8P8, 16, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"B4G4R4A4_UNORM", DXGI_FORMAT_B4G4R4A4_UNORM, 16, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"A4B4G4R4_UNORM", (DXGI_FORMAT)191, 16, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
        {"SAMPLER_FEEDBACK_MIN_MIP_OPAQUE", DXGI_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE, 8, 1, 1, 1, 256, false, false, DXGI_FORMAT_UNKNOWN, DXGI_FORMAT_UNKNOWN},
    };
    struct row_failures failures = {0};

    (void)state;
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct mk_format_layout *f = mk_format_layout(rows[i].format);

        if (!f)
        {
            row_fail(&failures, i, rows[i].name, "no layout");
            continue;
        }
        if (f->bits_per_unit != rows[i].bits || f->block_width != rows[i].block_w || f->block_height != rows[i].block_h
                || f->planes != rows[i].planes || f->row_pitch_alignment != rows[i].pitch
                || f->typeless != rows[i].typeless || f->depth_stencil != rows[i].depth_stencil)
            row_fail(&failures, i, rows[i].name, "bits %u, block %ux%u, %u planes, pitch %u, typeless %d, ds %d",
                    f->bits_per_unit, f->block_width, f->block_height, f->planes, f->row_pitch_alignment, f->typeless,
                    f->depth_stencil);
        if (!rows[i].plane0 != !f->copy_planes
                || (rows[i].plane0 && f->plane[0].format != rows[i].plane0)
                || (rows[i].plane1 && (f->copy_planes < 2 || f->plane[1].format != rows[i].plane1)))
            row_fail(&failures, i, rows[i].name, "copy planes %u: %#x, %#x", f->copy_planes,
                    (unsigned)f->plane[0].format, (unsigned)f->plane[1].format);
    }
    rows_done(&failures);
}

/* ---- Footprints ---- */

struct footprint
{
    UINT64 offset;
    DXGI_FORMAT format;
    UINT width, height, depth, pitch, rows;
    UINT64 row_size;
};

static const struct footprint_row
{
    const char *name;
    D3D12_RESOURCE_DESC1 desc;
    UINT first, count;
    UINT64 base;
    UINT64 total;
    struct footprint expected[4];
}
footprint_rows[] =
{
    {"buffer 4 bytes: UNKNOWN, 1 row, a 256-byte pitch", DESC(BUF, 0, 4, 1, 1, 1, DXGI_FORMAT_UNKNOWN), 0, 1, 0, 4,
            {{0, DXGI_FORMAT_UNKNOWN, 4, 1, 1, 256, 1, 4}}},
    {"R8G8B8A8 4x4, 2 mips: the second at 1024", DESC(T2D, 0, 4, 4, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM), 0, 2, 0, 1288,
            {{0, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 256, 4, 16}, {1024, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 256, 2, 8}}},
    {"R8G8B8A8 mip 1 alone, base 30", DESC(T2D, 0, 4, 4, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM), 1, 1, 30, 264,
            {{30, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 256, 2, 8}}},
    {"R8_UINT 1D array of 2, 3 wide", DESC(T1D, 0, 3, 1, 2, 1, DXGI_FORMAT_R8_UINT), 0, 2, 0, 515,
            {{0, DXGI_FORMAT_R8_UINT, 3, 1, 1, 256, 1, 3}, {512, DXGI_FORMAT_R8_UINT, 3, 1, 1, 256, 1, 3}}},
    {"R16G16B16A16 3x2, 2 mips (64-bit)", DESC(T2D, 0, 3, 2, 1, 2, DXGI_FORMAT_R16G16B16A16_FLOAT), 0, 2, 0, 520,
            {{0, DXGI_FORMAT_R16G16B16A16_FLOAT, 3, 2, 1, 256, 2, 24}, {512, DXGI_FORMAT_R16G16B16A16_FLOAT, 1, 1, 1, 256, 1, 8}}},
    {"R32G32B32A32 3D 4x4x2: whole slices of rows", DESC(T3D, 0, 4, 4, 2, 1, DXGI_FORMAT_R32G32B32A32_FLOAT), 0, 1, 0,
            1856, {{0, DXGI_FORMAT_R32G32B32A32_FLOAT, 4, 4, 2, 256, 4, 64}}},
    {"R32G32B32 (96-bit) 5x1", DESC(T2D, 0, 5, 1, 1, 1, DXGI_FORMAT_R32G32B32_UINT), 0, 1, 0, 60,
            {{0, DXGI_FORMAT_R32G32B32_UINT, 5, 1, 1, 256, 1, 60}}},
    {"BC1 4x4, 2 mips: mip 1 padded to a block", DESC(T2D, 0, 4, 4, 1, 2, DXGI_FORMAT_BC1_UNORM), 0, 2, 0, 520,
            {{0, DXGI_FORMAT_BC1_UNORM, 4, 4, 1, 256, 1, 8}, {512, DXGI_FORMAT_BC1_UNORM, 4, 4, 1, 256, 1, 8}}},
    {"BC7 8x8, MipLevels 0: the full chain", DESC(T2D, 0, 8, 8, 1, 0, DXGI_FORMAT_BC7_UNORM), 0, 4, 0, 1552,
            {{0, DXGI_FORMAT_BC7_UNORM, 8, 8, 1, 256, 2, 32}, {512, DXGI_FORMAT_BC7_UNORM, 4, 4, 1, 256, 1, 16},
             {1024, DXGI_FORMAT_BC7_UNORM, 4, 4, 1, 256, 1, 16}, {1536, DXGI_FORMAT_BC7_UNORM, 4, 4, 1, 256, 1, 16}}},
    {"BC3 3D 8x8x8 mip 1", DESC(T3D, 0, 8, 8, 8, 2, DXGI_FORMAT_BC3_UNORM), 1, 1, 0, 784,
            {{0, DXGI_FORMAT_BC3_UNORM, 4, 4, 4, 256, 1, 16}}},
    {"YUY2 6x2 (packed 4:2:2)", DESC(T2D, 0, 6, 2, 1, 1, DXGI_FORMAT_YUY2), 0, 1, 0, 268,
            {{0, DXGI_FORMAT_YUY2, 6, 2, 1, 256, 2, 12}}},
    {"R1_UNORM 16x1: 8-texel blocks", DESC(T2D, 0, 16, 1, 1, 1, DXGI_FORMAT_R1_UNORM), 0, 1, 0, 2,
            {{0, DXGI_FORMAT_R1_UNORM, 16, 1, 1, 256, 1, 2}}},
    {"MSAA 4x R8G8B8A8 512x512: samples are not in the footprint",
            DESCX(T2D, 0, 512, 512, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), 0, 1, 0, 2048 * 512,
            {{0, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 2048, 512, 2048}}},
    /* A depth stencil (ALLOW_DEPTH_STENCIL): the planar staging layout, as vkd3d-proton's
     * test_get_copyable_footprints_planar records it. */
    {"D24S8 depth stencil 4x4: R32_TYPELESS and R8_TYPELESS planes, 512-byte pitches",
            DESCX(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), 0, 2, 0, 3588,
            {{0, DXGI_FORMAT_R32_TYPELESS, 4, 4, 1, 512, 4, 16}, {2048, DXGI_FORMAT_R8_TYPELESS, 4, 4, 1, 512, 4, 4}}},
    /* Not ALLOW_DEPTH_STENCIL: each plane is a footprint of the format itself, its whole 32-bit
     * element, at 256 bytes, as vkd3d's test_get_copyable_footprints records it on Windows
     * (which lays out 1D and 3D D24S8 too). */
    {"D24S8 4x4 without ALLOW_DEPTH_STENCIL: two D24S8 footprints, 256-byte pitches",
            DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT), 0, 2, 0, 1808,
            {{0, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 4, 1, 256, 4, 16}, {1024, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 4, 1, 256, 4,
            16}}},
    {"D24S8 1D 4 wide: two planes", DESC(T1D, 0, 4, 1, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT), 0, 2, 0, 528,
            {{0, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 1, 1, 256, 1, 16}, {512, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 1, 1, 256, 1,
            16}}},
    {"D24S8 3D 4x4x2: two planes keeping their depth", DESC(T3D, 0, 4, 4, 2, 1, DXGI_FORMAT_D24_UNORM_S8_UINT), 0, 2,
            0, 3856, {{0, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 4, 2, 256, 4, 16}, {2048, DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 4, 2,
            256, 4, 16}}},
    {"D32S8X24 array 2: subresource 3 is plane 1, slice 1",
            DESCX(T2D, 0, 4, 4, 2, 1, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), 3, 1, 30, 1540,
            {{30, DXGI_FORMAT_R8_TYPELESS, 4, 4, 1, 512, 4, 4}}},
    {"R24G8_TYPELESS 130x119 mip 2 of plane 1",
            DESCX(T2D, 0, 130, 119, 1, 3, DXGI_FORMAT_R24G8_TYPELESS, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), 5, 1, 0,
            28 * 512 + 32,
            {{0, DXGI_FORMAT_R8_TYPELESS, 32, 29, 1, 512, 29, 32}}},
    {"NV12 4x4: R8 and a half-size R8G8 plane", DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_NV12), 0, 2, 0, 2564,
            {{0, DXGI_FORMAT_R8_TYPELESS, 4, 4, 1, 512, 4, 4}, {2048, DXGI_FORMAT_R8G8_TYPELESS, 2, 2, 1, 512, 2, 4}}},
    {"P010 4x2", DESC(T2D, 0, 4, 2, 1, 1, DXGI_FORMAT_P010), 0, 2, 0, 1032,
            {{0, DXGI_FORMAT_R16_TYPELESS, 4, 2, 1, 512, 2, 8}, {1024, DXGI_FORMAT_R16G16_TYPELESS, 2, 1, 1, 512, 1, 8}}},
    {"NV11 8x2: the chroma rows padded to half the width",
            DESC(T2D, 0, 8, 2, 1, 1, DXGI_FORMAT_NV11), 0, 2, 0, 1540,
            {{0, DXGI_FORMAT_R8_TYPELESS, 8, 2, 1, 512, 2, 8}, {1024, DXGI_FORMAT_R8G8_TYPELESS, 2, 2, 1, 512, 2, 4}}},
    {"P208 4x2 (4:2:2 planar)", DESC(T2D, 0, 4, 2, 1, 1, DXGI_FORMAT_P208), 0, 2, 0, 1540,
            {{0, DXGI_FORMAT_R8_TYPELESS, 4, 2, 1, 512, 2, 4}, {1024, DXGI_FORMAT_R8G8_TYPELESS, 2, 2, 1, 512, 2, 4}}},
    {"V208 2x2: three planes", DESC(T2D, 0, 2, 2, 1, 1, DXGI_FORMAT_V208), 0, 3, 0, 1538,
            {{0, DXGI_FORMAT_R8_TYPELESS, 2, 2, 1, 512, 2, 2}, {1024, DXGI_FORMAT_R8_TYPELESS, 2, 1, 1, 512, 1, 2},
             {1536, DXGI_FORMAT_R8_TYPELESS, 2, 1, 1, 512, 1, 2}}},
    {"420_OPAQUE 4x4: one R8_TYPELESS plane", DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_420_OPAQUE), 0, 1, 0, 1540,
            {{0, DXGI_FORMAT_R8_TYPELESS, 4, 4, 1, 512, 4, 4}}},
    {"count 0: nothing, total 0", DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_R8_UNORM), 1, 0, 0, 0, {{0}}},
};

static void check_footprint_row(struct row_failures *failures, unsigned i, const struct footprint_row *row,
        const D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, const UINT *rows, const UINT64 *sizes, UINT64 total)
{
    for (UINT j = 0; j < row->count; ++j)
    {
        const struct footprint *e = &row->expected[j];
        const D3D12_SUBRESOURCE_FOOTPRINT *f = &layouts[j].Footprint;

        if (layouts[j].Offset != e->offset || f->Format != e->format || f->Width != e->width || f->Height != e->height
                || f->Depth != e->depth || f->RowPitch != e->pitch)
            row_fail(failures, i, row->name, "%u: offset %llu, format %#x, %ux%ux%u, pitch %u", j,
                    (unsigned long long)layouts[j].Offset, (unsigned)f->Format, f->Width, f->Height, f->Depth, f->RowPitch);
        if (rows[j] != e->rows || sizes[j] != e->row_size)
            row_fail(failures, i, row->name, "%u: %u rows of %llu bytes", j, rows[j], (unsigned long long)sizes[j]);
    }
    if (total != row->total)
        row_fail(failures, i, row->name, "total %llu, expected %llu", (unsigned long long)total,
                (unsigned long long)row->total);
}

static void test_footprint_rows(void **state)
{
    struct row_failures failures = {0};

    (void)state;
    for (unsigned i = 0; i < ARRAY_SIZE(footprint_rows); ++i)
    {
        const struct footprint_row *row = &footprint_rows[i];
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[4];
        UINT rows[4];
        UINT64 sizes[4], total = 1;
        bool range, width;
        const char *why = mk_resource_footprints_check(&row->desc, row->first, row->count, &range, &width);

        if (why)
        {
            row_fail(&failures, i, row->name, "refused: %s", why);
            continue;
        }
        memset(layouts, 0, sizeof(layouts));
        mk_resource_footprints(&row->desc, row->first, row->count, row->base, layouts, rows, sizes, &total);
        check_footprint_row(&failures, i, row, layouts, rows, sizes, total);
        /* Any output may be NULL. */
        total = 1;
        mk_resource_footprints(&row->desc, row->first, row->count, row->base, NULL, NULL, NULL, &total);
        if (total != row->total)
            row_fail(&failures, i, row->name, "total alone %llu", (unsigned long long)total);
        mk_resource_footprints(&row->desc, row->first, row->count, row->base, NULL, NULL, NULL, NULL);
    }
    rows_done(&failures);
}

/* The rules vkd3d-proton's check_copyable_footprints states (our words):
 * the footprint is the mip's size rounded up to the block, the row pitch
 * that row's size rounded up to 256 (512 for two-plane formats), each
 * subresource at the next 512-byte boundary, the total unpadded. */
static UINT64 reference_layout(const D3D12_RESOURCE_DESC1 *desc, UINT first, UINT count, UINT64 base,
        UINT block, UINT element, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *rows, UINT64 *sizes)
{
    UINT64 offset = 0, total = 0;

    for (UINT i = 0; i < count; ++i)
    {
        UINT mip = (first + i) % desc->MipLevels;
        UINT64 w = desc->Width >> mip ? desc->Width >> mip : 1;
        UINT h = desc->Height >> mip ? desc->Height >> mip : 1;
        UINT d = desc->Dimension == T3D ? (desc->DepthOrArraySize >> mip ? desc->DepthOrArraySize >> mip : 1) : 1;
        UINT64 row_size, pitch;

        w = (w + block - 1) / block * block;
        h = (h + block - 1) / block * block;
        rows[i] = h / block;
        row_size = w / block * element;
        pitch = (row_size + 255) & ~255ull;
        sizes[i] = row_size;
        layouts[i].Offset = base + offset;
        layouts[i].Footprint.Format = desc->Format;
        layouts[i].Footprint.Width = (UINT)w;
        layouts[i].Footprint.Height = h;
        layouts[i].Footprint.Depth = d;
        layouts[i].Footprint.RowPitch = (UINT)pitch;
        total = offset + (d - 1) * pitch * rows[i] + (rows[i] - 1) * pitch + row_size;
        offset = (total + 511) & ~511ull;
    }
    return total;
}

/* vkd3d's and vkd3d-proton's grid: every resource, format and base offset,
 * all subresources and each alone. */
static void test_conformance_grid(void **state)
{
    static const struct
    {
        D3D12_RESOURCE_DIMENSION dimension;
        UINT width, height, depth, mips;
        bool compressed;
    }
    resources[] =
    {
        {BUF, 4, 1, 1, 1, false}, {T1D, 4, 1, 1, 1, false}, {T1D, 4, 1, 1, 2, false}, {T1D, 3, 1, 1, 1, false},
        {T1D, 4, 1, 2, 1, false}, {T2D, 4, 4, 1, 1, true}, {T2D, 4, 4, 2, 1, true}, {T2D, 4, 4, 1, 2, true},
        {T2D, 3, 1, 1, 2, false}, {T2D, 3, 2, 1, 2, false}, {T2D, 3, 1, 1, 1, false}, {T2D, 3, 2, 1, 1, false},
        {T3D, 4, 4, 1, 1, true}, {T3D, 4, 4, 2, 1, true}, {T3D, 4, 4, 2, 2, true}, {T3D, 8, 8, 8, 4, true},
        {T3D, 3, 2, 2, 2, false},
    };
    static const struct
    {
        DXGI_FORMAT format;
        UINT block, element;
    }
    formats[] =
    {
        {DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 16}, {DXGI_FORMAT_R32G32B32A32_UINT, 1, 16}, {DXGI_FORMAT_R32_UINT, 1, 4},
        {DXGI_FORMAT_R8G8B8A8_UNORM, 1, 4}, {DXGI_FORMAT_D32_FLOAT, 1, 4}, {DXGI_FORMAT_BC1_UNORM, 4, 8},
        {DXGI_FORMAT_BC2_UNORM, 4, 16}, {DXGI_FORMAT_BC3_UNORM, 4, 16}, {DXGI_FORMAT_BC4_UNORM, 4, 8},
        {DXGI_FORMAT_BC5_UNORM, 4, 16}, {DXGI_FORMAT_BC6H_UF16, 4, 16}, {DXGI_FORMAT_BC6H_SF16, 4, 16},
        {DXGI_FORMAT_BC7_UNORM, 4, 16},
    };
    static const UINT64 bases[] = {0, 1, 2, 30, 255, 512, 513, 600, 4096, 4194304, ~(UINT64)0};
    struct row_failures failures = {0};
    unsigned checked = 0;

    (void)state;
    for (unsigned i = 0; i < ARRAY_SIZE(resources); ++i)
    {
        for (unsigned j = 0; j < ARRAY_SIZE(formats); ++j)
        {
            const bool buffer = resources[i].dimension == BUF;
            D3D12_RESOURCE_DESC1 desc;
            UINT count;

            if ((formats[j].block > 1 && !resources[i].compressed) || (buffer && j))
                continue;
            desc = make_desc(resources[i].dimension, resources[i].width, resources[i].height,
                    (UINT16)resources[i].depth, (UINT16)resources[i].mips, buffer ? DXGI_FORMAT_UNKNOWN : formats[j].format);
            count = desc.MipLevels * (resources[i].dimension == T3D ? 1 : desc.DepthOrArraySize);
            for (unsigned k = 0; k < ARRAY_SIZE(bases); ++k)
            {
                for (UINT first = 0; first <= count; ++first)
                {
                    /* first == count: all subresources; else subresource `first` alone. */
                    UINT from = first == count ? 0 : first, n = first == count ? count : 1;
                    D3D12_PLACED_SUBRESOURCE_FOOTPRINT got[10], want[10];
                    UINT got_rows[10], want_rows[10];
                    UINT64 got_sizes[10], want_sizes[10], got_total, want_total;
                    bool range, width;
                    char name[96];

                    snprintf(name, sizeof(name), "resource %u, format %#x, base %#llx, %u+%u", i, (unsigned)desc.Format,
                            (unsigned long long)bases[k], from, n);
                    if (mk_resource_footprints_check(&desc, from, n, &range, &width))
                    {
                        row_fail(&failures, i, name, "refused");
                        continue;
                    }
                    memset(got, 0, sizeof(got));
                    memset(want, 0, sizeof(want));
                    mk_resource_footprints(&desc, from, n, bases[k], got, got_rows, got_sizes, &got_total);
                    want_total = reference_layout(&desc, from, n, bases[k], buffer ? 1 : formats[j].block,
                            buffer ? 1 : formats[j].element, want, want_rows, want_sizes);
                    if (memcmp(got, want, sizeof(*got) * n) || memcmp(got_rows, want_rows, sizeof(*got_rows) * n)
                            || memcmp(got_sizes, want_sizes, sizeof(*got_sizes) * n) || got_total != want_total)
                        row_fail(&failures, i, name, "total %llu, expected %llu", (unsigned long long)got_total,
                                (unsigned long long)want_total);
                    ++checked;
                }
            }
        }
    }
    rows_done(&failures);
    assert_true(checked > 1000);
}

/* Subresource counts and mip chains. */
static void test_subresource_counts(void **state)
{
    D3D12_RESOURCE_DESC1 desc = make_desc(T2D, 1024, 256, 6, 0, DXGI_FORMAT_R8G8B8A8_UNORM);

    (void)state;
    assert_int_equal(mk_resource_mip_levels(&desc), 11);
    assert_int_equal(mk_resource_subresource_count(&desc), 66);
    desc.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    assert_int_equal(mk_resource_subresource_count(&desc), 132);
    desc = make_desc(T3D, 4, 4, 64, 0, DXGI_FORMAT_R8_UNORM);
    assert_int_equal(mk_resource_mip_levels(&desc), 7);
    assert_int_equal(mk_resource_subresource_count(&desc), 7);
    desc = make_desc(T2D, 4, 64, 1, 0, DXGI_FORMAT_R8_UNORM); /* taller than wide: the height's chain */
    assert_int_equal(mk_resource_mip_levels(&desc), 7);
    desc = make_desc(T1D, 8, 1, 3, 0, DXGI_FORMAT_R8_UNORM);
    assert_int_equal(mk_resource_mip_levels(&desc), 4);
    assert_int_equal(mk_resource_subresource_count(&desc), 12);
    desc = make_desc(BUF, 100000, 1, 1, 1, DXGI_FORMAT_UNKNOWN);
    assert_int_equal(mk_resource_mip_levels(&desc), 1);
    assert_int_equal(mk_resource_subresource_count(&desc), 1);
    desc = make_desc(T2D, 8, 8, 1, 1, DXGI_FORMAT_V408);
    assert_int_equal(mk_resource_subresource_count(&desc), 3);
}

/* The descriptions and ranges Windows refuses (the first ten: vkd3d's
 * invalid_descs), and the ones we refuse with them (mockd3d12). */
static const struct refused_row
{
    const char *name;
    D3D12_RESOURCE_DESC1 desc;
    UINT first, count;
    D3D12_MESSAGE_ID message;
}
refused_rows[] =
{
    {"buffer Height 2", DESC(BUF, 0, 3, 2, 1, 1, DXGI_FORMAT_R32_UINT), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"1D Height 2", DESC(T1D, 0, 4, 2, 1, 1, DXGI_FORMAT_R32_UINT), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"2D: 2 of 1 subresource", DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_R32_UINT), 0, 2,
            D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE},
    {"BC1 3x1, 2 mips", DESC(T2D, 0, 3, 1, 1, 2, DXGI_FORMAT_BC1_UNORM), 0, 2, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"BC1 3x1", DESC(T2D, 0, 3, 1, 1, 1, DXGI_FORMAT_BC1_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"BC7 3x1, 2 mips", DESC(T2D, 0, 3, 1, 1, 2, DXGI_FORMAT_BC7_UNORM), 0, 2, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"BC7 3x1", DESC(T2D, 0, 3, 1, 1, 1, DXGI_FORMAT_BC7_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"3D BC1, Alignment 3", DESC(T3D, 3, 2, 2, 2, 2, DXGI_FORMAT_BC1_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"D32_FLOAT: 2 of 1 subresource", DESCX(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_D32_FLOAT, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), 0, 2, D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE},
    {"D24S8: 3 of 2 subresources", DESCX(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), 0, 3, D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE},
    {"first past the end", DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_R8_UNORM), 0xffffffffu, 2,
            D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE},
    {"unknown dimension", DESC(D3D12_RESOURCE_DIMENSION_UNKNOWN, 0, 4, 4, 1, 1, DXGI_FORMAT_R8_UNORM), 0, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"texture of UNKNOWN", DESC(T2D, 0, 4, 4, 1, 1, DXGI_FORMAT_UNKNOWN), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"texture of format 116", DESC(T2D, 0, 4, 4, 1, 1, (DXGI_FORMAT)116), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"buffer of R8_UNORM", DESC(BUF, 0, 4, 1, 1, 1, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"buffer of UNKNOWN, Height 2", DESC(BUF, 0, 4, 2, 1, 1, DXGI_FORMAT_UNKNOWN), 0, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"buffer of UNKNOWN, 2 mips", DESC(BUF, 0, 4, 1, 1, 2, DXGI_FORMAT_UNKNOWN), 0, 1,
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"buffer 0 wide", DESC(BUF, 0, 0, 1, 1, 1, DXGI_FORMAT_UNKNOWN), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"buffer 4 GB wide", DESC(BUF, 0, 0x100000000ull, 1, 1, 1, DXGI_FORMAT_UNKNOWN), 0, 1,
            D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_UNSUPPORTED_BUFFER_WIDTH},
    {"2D Width 0", DESC(T2D, 0, 0, 4, 1, 1, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"2D 32768 wide", DESC(T2D, 0, 32768, 4, 1, 1, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"8x8 with 5 mips", DESC(T2D, 0, 8, 8, 1, 5, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"NV12 7x6", DESC(T2D, 0, 7, 6, 1, 1, DXGI_FORMAT_NV12), 0, 2, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"NV12 3D", DESC(T3D, 0, 8, 8, 2, 1, DXGI_FORMAT_NV12), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"BC1 1D", DESC(T1D, 0, 8, 1, 1, 1, DXGI_FORMAT_BC1_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"MSAA 3D", DESCX(T3D, 0, 8, 8, 2, 1, DXGI_FORMAT_R8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"MSAA 1D", DESCX(T1D, 0, 8, 1, 1, 1, DXGI_FORMAT_R8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"sample count 0", DESCX(T2D, 0, 8, 8, 1, 1, DXGI_FORMAT_R8_UNORM, 0, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"2D Height 0", DESC(T2D, 0, 4, 0, 1, 1, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"2D DepthOrArraySize 0", DESC(T2D, 0, 4, 4, 0, 1, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"3D 4096 deep", DESC(T3D, 0, 4, 4, 4096, 1, DXGI_FORMAT_R8_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
    {"BC1 4x3", DESC(T2D, 0, 4, 3, 1, 1, DXGI_FORMAT_BC1_UNORM), 0, 1, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC},
};

static bool all_ones(const void *data, size_t size)
{
    for (size_t i = 0; i < size; ++i)
        if (((const unsigned char *)data)[i] != 0xff)
            return false;
    return true;
}

static void test_refused(void **state)
{
    struct row_failures failures = {0};

    (void)state;
    for (unsigned i = 0; i < ARRAY_SIZE(refused_rows); ++i)
    {
        const struct refused_row *row = &refused_rows[i];
        bool range, width;
        const char *why = mk_resource_footprints_check(&row->desc, row->first, row->count, &range, &width);

        if (!why)
            row_fail(&failures, i, row->name, "accepted");
        else if (range != (row->message == D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE)
                || width != (row->message == D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_UNSUPPORTED_BUFFER_WIDTH))
            row_fail(&failures, i, row->name, "range %d, width %d: %s", range, width, why);
    }
    rows_done(&failures);
    {
        const D3D12_RESOURCE_DESC1 tall = DESC(BUF, 0, 4, 2, 1, 1, DXGI_FORMAT_UNKNOWN);
        bool range, width;

        assert_string_equal(mk_resource_footprints_check(&tall, 0, 1, &range, &width),
                "a buffer's Height, DepthOrArraySize, MipLevels or sample count is not 1");
        assert_false(range);
        assert_false(width);
    }
}

/* ---- Allocation info ---- */

static void test_allocation_rows(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_RESOURCE_DESC1 desc;
        bool tight;
        UINT64 size, alignment; /* size 0: a multiple of the alignment, at least the footprints */
    }
    rows[] =
    {
        /* Buffers: 64 KB, and no other alignment (vkd3d's test_resource_allocation_info). */
        {"buffer 1", DESCX(BUF, 0, 1, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE), false, 64 * KB, 64 * KB},
        {"buffer 64 KB + 1", DESCX(BUF, 64 * KB, 64 * KB + 1, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE),
                false, 128 * KB, 64 * KB},
        {"buffer at 4 KB", DESCX(BUF, 4 * KB, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE), false,
                UINT64_MAX, 64 * KB},
        {"buffer at 4 MB", DESCX(BUF, 4 * MB, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE), false,
                UINT64_MAX, 64 * KB},
        {"tight buffer 100: its width, 256", DESCX(BUF, 0, 100, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE),
                true, 100, 256},
        {"tight buffer with an Alignment", DESCX(BUF, 64 * KB, 100, 1, 1, 1, DXGI_FORMAT_UNKNOWN, 1, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE), true, UINT64_MAX, 64 * KB},
        /* Textures (vkd3d's texture_tests): 4 KB for the first six, UINT64_MAX for the rest. */
        {"R8 4x4 at 4 KB", DESC(T2D, 4 * KB, 4, 4, 1, 1, DXGI_FORMAT_R8_UINT), false, 4 * KB, 4 * KB},
        {"RGBA8 8x8 at 4 KB", DESC(T2D, 4 * KB, 8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, 0, 4 * KB},
        {"RGBA8 16x16 at 4 KB", DESC(T2D, 4 * KB, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, 0, 4 * KB},
        {"RGBA8 16x16x1024 at 4 KB", DESC(T2D, 4 * KB, 16, 16, 1024, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, 0, 4 * KB},
        {"BC1 256x512, 10 mips, at 4 KB", DESC(T2D, 4 * KB, 256, 512, 1, 10, DXGI_FORMAT_BC1_UNORM), false, 0, 4 * KB},
        {"BC1 256x512x64 at 4 KB", DESC(T2D, 4 * KB, 256, 512, 64, 1, DXGI_FORMAT_BC1_UNORM), false, 0, 4 * KB},
        {"RGBA8 1024x1024 at 4 KB", DESC(T2D, 4 * KB, 1024, 1024, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, UINT64_MAX, 64 * KB},
        {"RGBA8 1024x1024, 0 mips, at 4 KB", DESC(T2D, 4 * KB, 1024, 1024, 1, 0, DXGI_FORMAT_R8G8B8A8_UNORM), false,
                UINT64_MAX, 64 * KB},
        {"BC1 260x512 at 4 KB", DESC(T2D, 4 * KB, 260, 512, 1, 1, DXGI_FORMAT_BC1_UNORM), false, UINT64_MAX, 64 * KB},
        {"RGBA8 1024x1024", DESC(T2D, 0, 1024, 1024, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, 4 * MB, 64 * KB},
        {"RGBA8 1024x1024 at 64 KB, 3 mips", DESC(T2D, 64 * KB, 1024, 1024, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM), false, 0, 64 * KB},
        {"RGBA8 16x16 at 4 MB", DESC(T2D, 4 * MB, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, 4 * MB, 4 * MB},
        {"RGBA8 16x16 at 8 KB", DESC(T2D, 8 * KB, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), false, UINT64_MAX, 64 * KB},
        {"render target 16x16 at 4 KB", DESCX(T2D, 4 * KB, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, UINT64_MAX, 64 * KB},
        {"64 KB swizzle 16x16 at 4 KB", DESCX(T2D, 4 * KB, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE, D3D12_RESOURCE_FLAG_NONE), false, UINT64_MAX, 64 * KB},
        {"tight RGBA8 16x16 with an Alignment", DESC(T2D, 64 * KB, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), true,
                UINT64_MAX, 64 * KB},
        {"tight RGBA8 16x16: 4 KB by itself", DESC(T2D, 0, 16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), true, 4 * KB, 4 * KB},
        {"tight RGBA8 1024x1024: 64 KB", DESC(T2D, 0, 1024, 1024, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM), true, 4 * MB, 64 * KB},
        {"3D R8 16x16x16 at 4 KB", DESC(T3D, 4 * KB, 16, 16, 16, 1, DXGI_FORMAT_R8_UNORM), false, 0, 4 * KB},
        {"1D R8 16384 at 4 KB", DESC(T1D, 4 * KB, 16384, 1, 1, 1, DXGI_FORMAT_R8_UNORM), false, 0, 4 * KB},
        /* MSAA: 4 MB, 64 KB when small. */
        {"MSAA 4x render target 512x512", DESCX(T2D, 0, 512, 512, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, 4 * MB, 4 * MB},
        {"MSAA 4x 64x64 at 64 KB", DESCX(T2D, 64 * KB, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE), false, 64 * KB, 64 * KB},
        {"MSAA 4x render target at 64 KB", DESCX(T2D, 64 * KB, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, UINT64_MAX, 4 * MB},
        {"MSAA 4x at 4 KB", DESCX(T2D, 4 * KB, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE), false, UINT64_MAX, 4 * MB},
        {"MSAA 8x 4096x4096 at 64 KB", DESCX(T2D, 64 * KB, 4096, 4096, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 8, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE), false,
                UINT64_MAX, 4 * MB},
    };
    struct row_failures failures = {0};

    (void)state;
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_RESOURCE_ALLOCATION_INFO info = mk_resource_allocation_info(&rows[i].desc, rows[i].tight, false);
        UINT64 total = 0;

        if (info.Alignment != rows[i].alignment)
            row_fail(&failures, i, rows[i].name, "alignment %llu", (unsigned long long)info.Alignment);
        if (rows[i].size)
        {
            if (info.SizeInBytes != rows[i].size)
                row_fail(&failures, i, rows[i].name, "size %llu", (unsigned long long)info.SizeInBytes);
            continue;
        }
        mk_resource_footprints(&rows[i].desc, 0, mk_resource_subresource_count(&rows[i].desc), 0, NULL, NULL, NULL, &total);
        if (info.SizeInBytes == UINT64_MAX || info.SizeInBytes % info.Alignment || info.SizeInBytes < total)
            row_fail(&failures, i, rows[i].name, "size %llu for %llu bytes of footprints",
                    (unsigned long long)info.SizeInBytes, (unsigned long long)total);
    }
    rows_done(&failures);
}


/* OPTIONS4.MSAA64KBAlignedTextureSupported: a multisampled texture asked
 * for at 64 KB gets it whatever its size (vkd3d-proton's
 * test_placed_msaa_alignment_workaround, run on Windows: 1920 x 1080 4x RGBA8
 * at 64 KB); without it none does (the tight-alignment specification's small
 * resources are neither render target nor depth stencil). With tight
 * alignment the specification lets MSAA take 8 B to 4 MiB: 4 MB, or 64 KB
 * where the adapter has 64 KB MSAA. */
static void test_msaa_64kb_alignment(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_RESOURCE_DESC1 desc;
        bool tight, msaa_64kb;
        UINT64 size, alignment;
    }
    rows[] =
    {
        {"1920x1080 4x at 64 KB, MSAA64KBAligned", DESCX(T2D, 64 * KB, 1920, 1080, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, true,
                (1920ull * 1080 * 4 * 4 + 64 * KB - 1) / (64 * KB) * (64 * KB), 64 * KB},
        {"1920x1080 4x at 64 KB, no MSAA64KBAligned", DESCX(T2D, 64 * KB, 1920, 1080, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, false, UINT64_MAX, 4 * MB},
        {"64x64 4x render target at 64 KB, no MSAA64KBAligned", DESCX(T2D, 64 * KB, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                4, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, false, UINT64_MAX, 4 * MB},
        {"at 0, MSAA64KBAligned: still 4 MB", DESCX(T2D, 0, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, true, 4 * MB, 4 * MB},
        {"at 4 KB, MSAA64KBAligned", DESCX(T2D, 4 * KB, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, true, UINT64_MAX, 4 * MB},
        {"at 4 MB, MSAA64KBAligned", DESCX(T2D, 4 * MB, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false, true, 4 * MB, 4 * MB},
        {"tight, no MSAA64KBAligned: 4 MB", DESCX(T2D, 0, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), true, false, 4 * MB, 4 * MB},
        {"tight, MSAA64KBAligned: 64 KB", DESCX(T2D, 0, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), true, true, 64 * KB, 64 * KB},
        {"single-sampled at 64 KB, MSAA64KBAligned: unchanged", DESCX(T2D, 64 * KB, 64, 64, 1, 1,
                DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET), false,
                true, 64 * KB, 64 * KB},
    };
    struct row_failures failures = {0};

    (void)state;
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_RESOURCE_ALLOCATION_INFO info = mk_resource_allocation_info(&rows[i].desc, rows[i].tight,
                rows[i].msaa_64kb);

        if (info.SizeInBytes != rows[i].size || info.Alignment != rows[i].alignment)
            row_fail(&failures, i, rows[i].name, "{%llu, %llu}, expected {%llu, %llu}",
                    (unsigned long long)info.SizeInBytes, (unsigned long long)info.Alignment,
                    (unsigned long long)rows[i].size, (unsigned long long)rows[i].alignment);
    }
    rows_done(&failures);
}

static void test_small_rule(void **state)
{
    D3D12_RESOURCE_DESC1 desc = make_desc(T2D, 256, 256, 1, 1, DXGI_FORMAT_R8_UNORM);

    (void)state;
    /* 4 KB tiles of 8-bit texels are 64x64: 16 of them are 64 KB. */
    assert_true(mk_resource_is_small(&desc));
    desc.Width = 257;
    assert_false(mk_resource_is_small(&desc));
    desc = make_desc(T2D, 128, 128, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT);
    assert_false(mk_resource_is_small(&desc)); /* 8x8 tiles of 16x16 */
    desc.Width = desc.Height = 64;
    assert_true(mk_resource_is_small(&desc));
    desc = make_desc(T3D, 32, 32, 16, 1, DXGI_FORMAT_R32_FLOAT); /* 16x8x8 tiles: 2x4x2 */
    assert_true(mk_resource_is_small(&desc));
    desc.DepthOrArraySize = 32;
    assert_false(mk_resource_is_small(&desc));
    desc = make_desc(T3D, 64, 64, 8, 1, DXGI_FORMAT_BC4_UNORM); /* 32x32x8 texels a tile */
    assert_true(mk_resource_is_small(&desc));
    desc = make_desc(BUF, 16, 1, 1, 1, DXGI_FORMAT_UNKNOWN);
    assert_false(mk_resource_is_small(&desc));
    desc = make_desc(T2D, 16, 16, 1, 1, DXGI_FORMAT_D32_FLOAT);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    assert_false(mk_resource_is_small(&desc));
    /* MSAA counts 64 KB tiles: 16x of 128-bit texels, 16x16 texels a tile. */
    desc = make_desc(T2D, 128, 128, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT);
    desc.SampleDesc.Count = 16;
    assert_true(mk_resource_is_small(&desc));
    desc.Width = desc.Height = 1024;
    assert_false(mk_resource_is_small(&desc));
}

static void test_allocation_combine(void **state)
{
    const D3D12_RESOURCE_ALLOCATION_INFO buffers[] = {{64 * KB, 64 * KB}, {128 * KB, 64 * KB}};
    const D3D12_RESOURCE_ALLOCATION_INFO middle[] = {{256, 256}, {2 * MB, 2 * MB}, {256, 256}};
    const D3D12_RESOURCE_ALLOCATION_INFO last[] = {{256, 256}, {256, 256}, {2 * MB, 2 * MB}};
    const D3D12_RESOURCE_ALLOCATION_INFO refused[] = {{64 * KB, 64 * KB}, {UINT64_MAX, 4 * MB}, {64 * KB, 64 * KB}};
    D3D12_RESOURCE_ALLOCATION_INFO1 each[3];
    D3D12_RESOURCE_ALLOCATION_INFO info;

    (void)state;
    info = mk_resource_allocation_info_combine(NULL, 0, NULL);
    assert_true(info.SizeInBytes == 0 && info.Alignment == 1);
    info = mk_resource_allocation_info_combine(buffers, 2, each);
    assert_true(info.SizeInBytes == 192 * KB && info.Alignment == 64 * KB);
    assert_true(each[0].Offset == 0 && each[1].Offset == 64 * KB && each[1].SizeInBytes == 128 * KB
            && each[1].Alignment == 64 * KB);
    /* The tight-alignment specification's example. */
    info = mk_resource_allocation_info_combine(middle, 3, each);
    assert_true(info.SizeInBytes == 6 * MB && info.Alignment == 2 * MB);
    assert_true(each[1].Offset == 2 * MB && each[2].Offset == 4 * MB);
    info = mk_resource_allocation_info_combine(last, 3, NULL);
    assert_true(info.SizeInBytes == 4 * MB && info.Alignment == 2 * MB);
    info = mk_resource_allocation_info_combine(refused, 3, each);
    assert_true(info.SizeInBytes == UINT64_MAX && info.Alignment == 4 * MB);
    assert_true(each[0].Offset == 0 && each[1].Offset == UINT64_MAX && each[2].Offset == UINT64_MAX);
}

/* ---- The device methods ---- */

static void test_device_footprints(void **state)
{
    ID3D12Device *device;
    ID3D12Device8 *device8;
    ID3D12InfoQueue *info;
    struct row_failures failures = {0};
    D3D12_MESSAGE_ID id;

    (void)state;
    enable_debug_layer();
    device = create_device_on(NULL);
    info = info_queue(device);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device8, (void **)&device8), S_OK);
    for (unsigned i = 0; i < ARRAY_SIZE(footprint_rows); ++i)
    {
        const struct footprint_row *row = &footprint_rows[i];
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[4];
        UINT rows[4];
        UINT64 sizes[4], total = 0;
        D3D12_RESOURCE_DESC desc;

        memcpy(&desc, &row->desc, sizeof(desc));
        ID3D12InfoQueue_ClearStoredMessages(info);
        ID3D12Device_GetCopyableFootprints(device, &desc, row->first, row->count, row->base, layouts, rows, sizes, &total);
        check_footprint_row(&failures, i, row, layouts, rows, sizes, total);
        total = 0;
        ID3D12Device8_GetCopyableFootprints1(device8, &row->desc, row->first, row->count, row->base, layouts, rows, sizes,
                &total);
        check_footprint_row(&failures, i, row, layouts, rows, sizes, total);
        if (ID3D12InfoQueue_GetNumStoredMessages(info))
            row_fail(&failures, i, row->name, "a message \"%s\"", message_text(info, 0, &id));
    }
    for (unsigned i = 0; i < ARRAY_SIZE(refused_rows); ++i)
    {
        const struct refused_row *row = &refused_rows[i];
        D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[3];
        UINT rows[3];
        UINT64 sizes[3], total = 0;
        D3D12_RESOURCE_DESC desc;
        const char *text;

        memcpy(&desc, &row->desc, sizeof(desc));
        for (int which = 0; which < 2; ++which)
        {
            memset(layouts, 0, sizeof(layouts));
            memset(rows, 0, sizeof(rows));
            memset(sizes, 0, sizeof(sizes));
            total = 0;
            ID3D12InfoQueue_ClearStoredMessages(info);
            if (which)
                ID3D12Device8_GetCopyableFootprints1(device8, &row->desc, row->first, row->count, 0, layouts, rows,
                        sizes, &total);
            else
                ID3D12Device_GetCopyableFootprints(device, &desc, row->first, row->count, 0, layouts, rows, sizes, &total);
            if (!all_ones(layouts, sizeof(*layouts) * row->count) || !all_ones(rows, sizeof(*rows) * row->count)
                    || !all_ones(sizes, sizeof(*sizes) * row->count) || total != UINT64_MAX)
                row_fail(&failures, i, row->name, "%d: outputs not all ~0 (total %llu)", which, (unsigned long long)total);
            if (row->count < 3 && (layouts[row->count].Offset || rows[row->count] || sizes[row->count]))
                row_fail(&failures, i, row->name, "%d: written past count", which);
            if (ID3D12InfoQueue_GetNumStoredMessages(info) != 1)
            {
                row_fail(&failures, i, row->name, "%d: %llu messages", which,
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
                continue;
            }
            text = message_text(info, 0, &id);
            if (id != row->message || !strstr(text, which ? "ID3D12Device8::GetCopyableFootprints1: "
                    : "ID3D12Device::GetCopyableFootprints: "))
                row_fail(&failures, i, row->name, "%d: message %d \"%s\"", which, (int)id, text);
        }
    }
    rows_done(&failures);

    /* NULL outputs on refusal; a NULL description writes nothing. */
    {
        D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 4, 4, 1, 1, DXGI_FORMAT_R8_UNORM, {1, 0},
                D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE};
        UINT64 total = 7;
        UINT rows[2] = {5, 5};
        const char *text;

        ID3D12Device_GetCopyableFootprints(device, &desc, 0, 2, 0, NULL, NULL, NULL, &total);
        assert_true(total == UINT64_MAX);
        ID3D12InfoQueue_ClearStoredMessages(info);
        total = 7;
        ID3D12Device_GetCopyableFootprints(device, NULL, 0, 2, 0, NULL, rows, NULL, &total);
        ID3D12Device8_GetCopyableFootprints1(device8, NULL, 0, 2, 0, NULL, rows, NULL, &total);
        assert_true(total == 7 && rows[0] == 5 && rows[1] == 5);
        assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 2);
        text = message_text(info, 0, &id);
        assert_int_equal(id, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC);
        assert_string_equal(text, "ID3D12Device::GetCopyableFootprints: pResourceDesc is NULL; returning with nothing "
                "written.");
        ID3D12InfoQueue_ClearStoredMessages(info);
        ID3D12Device_GetCopyableFootprints(device, &desc, 1, 2, 0, NULL, rows, NULL, &total);
        text = message_text(info, 0, &id);
        assert_string_equal(text, "ID3D12Device::GetCopyableFootprints: subresources 1 + 2 are past the resource's 1; "
                "every output is filled with ~0.");
    }
    ID3D12InfoQueue_Release(info);
    ID3D12Device8_Release(device8);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* Without the debug layer the same answers, and no message to store. */
static void test_device_footprints_no_debug(void **state)
{
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 4, 4, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
            D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE};
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[3];
    ID3D12Device *device;
    UINT64 total = 0;

    (void)state;
    device = create_device_on(NULL);
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 2, 0, layouts, NULL, NULL, &total);
    assert_true(total == 1288 && layouts[1].Offset == 1024);
    ID3D12Device_GetCopyableFootprints(device, &desc, 0, 3, 0, layouts, NULL, NULL, &total);
    assert_true(total == UINT64_MAX && layouts[2].Offset == UINT64_MAX);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_every_header_format),
        cmocka_unit_test(test_format_rows),
        cmocka_unit_test(test_footprint_rows),
        cmocka_unit_test(test_conformance_grid),
        cmocka_unit_test(test_subresource_counts),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_allocation_rows),
        cmocka_unit_test(test_msaa_64kb_alignment),
        cmocka_unit_test(test_small_rule),
        cmocka_unit_test(test_allocation_combine),
        cmocka_unit_test_setup_teardown(test_device_footprints, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_device_footprints_no_debug, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
