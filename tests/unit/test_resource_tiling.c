/*
 * GetResourceTiling (docs/objects.md, "Resource layout"): the tiling of
 * reserved buffers and textures, the in/out count of subresource tilings,
 * NULL outputs, resources that are not reserved, and a NULL or foreign
 * resource. The rows are vkd3d-proton's tests/d3d12_sparse.c
 * test_get_resource_tiling, whose checks are Windows': the total tiles and
 * standard mips there are minima (drivers may give more), and next to them
 * each row holds what mockd3d12 answers (the bytes of the packed mips in 64 KB
 * tiles, per slice). Every row runs through the pure function
 * (mk_resource_tiling) and through a reserved resource on a device.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "resource_layout.h"

#define BUF D3D12_RESOURCE_DIMENSION_BUFFER
#define TEX2D D3D12_RESOURCE_DIMENSION_TEXTURE2D
#define TEX3D D3D12_RESOURCE_DIMENSION_TEXTURE3D
/* The adapter: TiledResourcesTier 3, so reserved 3D textures are allowed. */
#define ADAPTER "nvidia-rtx-4090"

struct tiling_row
{
    const char *name;
    D3D12_RESOURCE_DIMENSION dimension;
    DXGI_FORMAT format;
    UINT width, height, depth_or_array, mips;
    UINT windows_min_tiles;  /* vkd3d-proton: the total is at least this */
    UINT tilings;            /* subresource tilings: exactly this many */
    UINT windows_min_standard; /* vkd3d-proton: NumStandardMips is at least this */
    UINT shape_w, shape_h, shape_d;
    UINT tiles;              /* mockd3d12's total */
    UINT standard;           /* mockd3d12's NumStandardMips */
};

static const struct tiling_row rows[] =
{
    {"buffer, 1 KB", BUF, DXGI_FORMAT_UNKNOWN, 1024, 1, 1, 1, 1, 1, 0, 65536, 1, 1, 1, 0},
    {"buffer, 16 tiles", BUF, DXGI_FORMAT_UNKNOWN, 16 * 65536, 1, 1, 1, 16, 1, 0, 65536, 1, 1, 16, 0},
    {"R8 1x1, small", TEX2D, DXGI_FORMAT_R8_UNORM, 1, 1, 1, 1, 1, 1, 0, 256, 256, 1, 1, 0},
    {"R8 2x2, 2 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 2, 2, 1, 2, 1, 2, 0, 256, 256, 1, 1, 0},
    {"R8 4x4, 3 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 4, 4, 1, 3, 1, 3, 0, 256, 256, 1, 1, 0},
    {"R8 8x8, 4 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 8, 8, 1, 4, 1, 4, 0, 256, 256, 1, 1, 0},
    {"R8 16x16, 5 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 16, 16, 1, 5, 1, 5, 0, 256, 256, 1, 1, 0},
    {"R8 32x32, 6 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 32, 32, 1, 6, 1, 6, 0, 256, 256, 1, 1, 0},
    {"R8 64x64, 7 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 64, 64, 1, 7, 1, 7, 0, 256, 256, 1, 1, 0},
    {"R8 128x128, 8 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 128, 128, 1, 8, 1, 8, 0, 256, 256, 1, 1, 0},
    {"R8 256x256, 9 mips", TEX2D, DXGI_FORMAT_R8_UNORM, 256, 256, 1, 9, 2, 9, 1, 256, 256, 1, 2, 1},
    {"R8 512x512", TEX2D, DXGI_FORMAT_R8_UNORM, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"R8G8 512x512", TEX2D, DXGI_FORMAT_R8G8_UNORM, 512, 512, 1, 1, 8, 1, 1, 256, 128, 1, 8, 1},
    {"R8G8B8A8 512x512", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 1, 16, 1, 1, 128, 128, 1, 16, 1},
    {"R16G16B16A16 512x512", TEX2D, DXGI_FORMAT_R16G16B16A16_UNORM, 512, 512, 1, 1, 32, 1, 1, 128, 64, 1, 32, 1},
    {"R32G32B32A32 512x512", TEX2D, DXGI_FORMAT_R32G32B32A32_FLOAT, 512, 512, 1, 1, 64, 1, 1, 64, 64, 1, 64, 1},
    {"D16 512x512", TEX2D, DXGI_FORMAT_D16_UNORM, 512, 512, 1, 1, 8, 1, 1, 256, 128, 1, 8, 1},
    {"D32 512x512", TEX2D, DXGI_FORMAT_D32_FLOAT, 512, 512, 1, 1, 16, 1, 1, 128, 128, 1, 16, 1},
    {"R8G8B8A8 1024x256", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 1024, 256, 1, 1, 16, 1, 1, 128, 128, 1, 16, 1},
    {"R8G8B8A8 256x1024", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 256, 1024, 1, 1, 16, 1, 1, 128, 128, 1, 16, 1},
    {"R8G8B8A8 192x128", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 192, 128, 1, 1, 2, 1, 1, 128, 128, 1, 2, 1},
    {"R8G8B8A8 128x192", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 128, 192, 1, 1, 2, 1, 1, 128, 128, 1, 2, 1},
    {"R8G8B8A8 320x192", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 320, 192, 1, 1, 6, 1, 1, 128, 128, 1, 6, 1},
    {"R8G8B8A8 128x128, 16 slices", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 128, 128, 16, 1, 16, 16, 1, 128, 128, 1, 16, 1},
    {"R8G8B8A8 128x128, 8 mips", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 128, 128, 1, 8, 1, 8, 1, 128, 128, 1, 2, 1},
    {"R8G8B8A8 512x512, 10 mips", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 10, 21, 10, 3, 128, 128, 1, 22, 3},
    {"R8G8B8A8 512x512, 4 slices, 3 mips", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 4, 3, 84, 12, 3, 128, 128, 1,
            84, 3},
    {"R8G8B8A8 64x64, small", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 1, 1, 0, 128, 128, 1, 1, 0},
    {"3D R8 64^3", TEX3D, DXGI_FORMAT_R8_UNORM, 64, 64, 64, 1, 4, 1, 1, 64, 32, 32, 4, 1},
    {"3D R8G8 64^3", TEX3D, DXGI_FORMAT_R8G8_UNORM, 64, 64, 64, 1, 8, 1, 1, 32, 32, 32, 8, 1},
    {"3D R8G8B8A8 64^3", TEX3D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 64, 64, 1, 16, 1, 1, 32, 32, 16, 16, 1},
    {"3D R32G32B32A32 64^3, 3 mips", TEX3D, DXGI_FORMAT_R32G32B32A32_FLOAT, 64, 64, 64, 3, 73, 3, 3, 16, 16, 16, 73, 3},
    {"BC1 512x512", TEX2D, DXGI_FORMAT_BC1_UNORM, 512, 512, 1, 1, 2, 1, 1, 512, 256, 1, 2, 1},
    {"BC2 512x512", TEX2D, DXGI_FORMAT_BC2_UNORM, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"BC3 512x512", TEX2D, DXGI_FORMAT_BC3_UNORM, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"BC4 512x512", TEX2D, DXGI_FORMAT_BC4_UNORM, 512, 512, 1, 1, 2, 1, 1, 512, 256, 1, 2, 1},
    {"BC5 512x512", TEX2D, DXGI_FORMAT_BC5_UNORM, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"BC6H_UF16 512x512", TEX2D, DXGI_FORMAT_BC6H_UF16, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"BC6H_SF16 512x512", TEX2D, DXGI_FORMAT_BC6H_SF16, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"BC7 512x512", TEX2D, DXGI_FORMAT_BC7_UNORM, 512, 512, 1, 1, 4, 1, 1, 256, 256, 1, 4, 1},
    {"BC1 512x256, 10 mips", TEX2D, DXGI_FORMAT_BC1_UNORM, 512, 256, 1, 10, 2, 10, 1, 512, 256, 1, 2, 1},
    {"BC1 1024x512, 10 mips", TEX2D, DXGI_FORMAT_BC1_UNORM, 1024, 512, 1, 10, 6, 10, 2, 512, 256, 1, 6, 2},
    {"BC1 2048x1024, 10 mips", TEX2D, DXGI_FORMAT_BC1_UNORM, 2048, 1024, 1, 10, 22, 10, 3, 512, 256, 1, 22, 3},
    {"BC7 256x256, 9 mips", TEX2D, DXGI_FORMAT_BC7_UNORM, 256, 256, 1, 9, 2, 9, 1, 256, 256, 1, 2, 1},
    {"BC7 512x512, 9 mips", TEX2D, DXGI_FORMAT_BC7_UNORM, 512, 512, 1, 9, 6, 9, 2, 256, 256, 1, 6, 2},
    {"BC7 1024x1024, 9 mips", TEX2D, DXGI_FORMAT_BC7_UNORM, 1024, 1024, 1, 9, 22, 9, 3, 256, 256, 1, 22, 3},
    {"BC1 1024x256 wide", TEX2D, DXGI_FORMAT_BC1_UNORM, 1024, 256, 1, 10, 3, 10, 1, 512, 256, 1, 3, 1},
    {"BC1 2048x256 wide", TEX2D, DXGI_FORMAT_BC1_UNORM, 2048, 256, 1, 10, 6, 10, 1, 512, 256, 1, 6, 1},
    {"BC1 4096x256 wide", TEX2D, DXGI_FORMAT_BC1_UNORM, 4096, 256, 1, 10, 11, 10, 1, 512, 256, 1, 11, 1},
    {"BC7 512x256 wide", TEX2D, DXGI_FORMAT_BC7_UNORM, 512, 256, 1, 9, 3, 9, 1, 256, 256, 1, 3, 1},
    {"BC7 1024x256 wide", TEX2D, DXGI_FORMAT_BC7_UNORM, 1024, 256, 1, 9, 6, 9, 1, 256, 256, 1, 6, 1},
    {"BC7 2048x256 wide", TEX2D, DXGI_FORMAT_BC7_UNORM, 2048, 256, 1, 9, 11, 9, 1, 256, 256, 1, 11, 1},
    {"BC1 512x512 tall", TEX2D, DXGI_FORMAT_BC1_UNORM, 512, 512, 1, 10, 3, 10, 1, 512, 256, 1, 3, 1},
    {"BC1 512x1024 tall", TEX2D, DXGI_FORMAT_BC1_UNORM, 512, 1024, 1, 10, 6, 10, 1, 512, 256, 1, 6, 1},
    {"BC1 512x2048 tall", TEX2D, DXGI_FORMAT_BC1_UNORM, 512, 2048, 1, 10, 11, 10, 1, 512, 256, 1, 11, 1},
    {"BC7 256x512 tall", TEX2D, DXGI_FORMAT_BC7_UNORM, 256, 512, 1, 9, 3, 9, 1, 256, 256, 1, 3, 1},
    {"BC7 256x1024 tall", TEX2D, DXGI_FORMAT_BC7_UNORM, 256, 1024, 1, 9, 6, 9, 1, 256, 256, 1, 6, 1},
    {"BC7 256x2048 tall", TEX2D, DXGI_FORMAT_BC7_UNORM, 256, 2048, 1, 9, 11, 9, 1, 256, 256, 1, 11, 1},
    {"R8G8B8A8 512x512, 4 slices, 10 mips (tier 4)", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 4, 10, 88, 40, 3,
            128, 128, 1, 88, 3},
};

static D3D12_RESOURCE_DESC row_desc(const struct tiling_row *row)
{
    D3D12_RESOURCE_DESC d;

    memset(&d, 0, sizeof(d));
    d.Dimension = row->dimension;
    d.Width = row->width;
    d.Height = row->height;
    d.DepthOrArraySize = (UINT16)row->depth_or_array;
    d.MipLevels = (UINT16)row->mips;
    d.Format = row->format;
    d.SampleDesc.Count = 1;
    d.Layout = row->dimension == BUF ? D3D12_TEXTURE_LAYOUT_ROW_MAJOR : D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
    return d;
}

static D3D12_RESOURCE_DESC1 desc1_of(const D3D12_RESOURCE_DESC *d)
{
    D3D12_RESOURCE_DESC1 d1;

    memset(&d1, 0, sizeof(d1));
    memcpy(&d1, d, sizeof(*d));
    return d1;
}

static UINT tiles_of(UINT size, UINT mip, UINT tile)
{
    UINT s = size >> mip ? size >> mip : 1;

    return (s + tile - 1) / tile;
}

/* The answer of one row against the row: vkd3d-proton's checks (every
 * standard subresource's tiles from its mip's size, the start indices in
 * subresource order, packed ones D3D12_PACKED_TILE, the mip tail after the
 * standard tiles) and mockd3d12's own totals. */
static void check_row(struct row_failures *f, unsigned i, const char *how, UINT total,
        const D3D12_PACKED_MIP_INFO *packed, const D3D12_TILE_SHAPE *shape, UINT count,
        const D3D12_SUBRESOURCE_TILING *tilings)
{
    const struct tiling_row *row = &rows[i];
    UINT start = 0, j;

    if (total != row->tiles || total < row->windows_min_tiles)
        row_fail(f, i, row->name, "%s: %u tiles, expected %u (Windows: at least %u)", how, total, row->tiles,
                row->windows_min_tiles);
    if (count != row->tilings)
        row_fail(f, i, row->name, "%s: %u tilings, expected %u", how, count, row->tilings);
    if (packed->NumStandardMips != row->standard || packed->NumStandardMips < row->windows_min_standard)
        row_fail(f, i, row->name, "%s: %u standard mips, expected %u", how, packed->NumStandardMips, row->standard);
    if (packed->NumPackedMips != (row->dimension == BUF ? 0 : row->mips - packed->NumStandardMips))
        row_fail(f, i, row->name, "%s: %u packed mips", how, packed->NumPackedMips);
    if ((packed->NumTilesForPackedMips == 0) != (packed->NumPackedMips == 0))
        row_fail(f, i, row->name, "%s: %u packed tiles for %u packed mips", how, packed->NumTilesForPackedMips,
                packed->NumPackedMips);
    if (shape->WidthInTexels != row->shape_w || shape->HeightInTexels != row->shape_h
            || shape->DepthInTexels != row->shape_d)
        row_fail(f, i, row->name, "%s: tile shape %ux%ux%u, expected %ux%ux%u", how, shape->WidthInTexels,
                shape->HeightInTexels, shape->DepthInTexels, row->shape_w, row->shape_h, row->shape_d);
    for (j = 0; j < row->tilings && j < count; ++j)
    {
        const D3D12_SUBRESOURCE_TILING *t = &tilings[j];
        UINT mip = j % row->mips;

        if (mip < packed->NumStandardMips || !packed->NumPackedMips)
        {
            UINT w = tiles_of(row->width, mip, row->shape_w), h = tiles_of(row->height, mip, row->shape_h);
            UINT d = row->dimension == TEX3D ? tiles_of(row->depth_or_array, mip, row->shape_d) : 1;

            if (t->WidthInTiles != w || t->HeightInTiles != h || t->DepthInTiles != d
                    || t->StartTileIndexInOverallResource != start)
                row_fail(f, i, row->name, "%s: subresource %u: %ux%ux%u from %u, expected %ux%ux%u from %u", how, j,
                        t->WidthInTiles, t->HeightInTiles, t->DepthInTiles, t->StartTileIndexInOverallResource, w, h,
                        d, start);
            start += t->WidthInTiles * t->HeightInTiles * t->DepthInTiles;
        }
        else if (t->WidthInTiles || t->HeightInTiles || t->DepthInTiles
                || t->StartTileIndexInOverallResource != D3D12_PACKED_TILE)
            row_fail(f, i, row->name, "%s: packed subresource %u: %ux%ux%u from %#x", how, j, t->WidthInTiles,
                    t->HeightInTiles, t->DepthInTiles, t->StartTileIndexInOverallResource);
    }
    if (total != start + packed->NumTilesForPackedMips)
        row_fail(f, i, row->name, "%s: %u tiles, but %u standard and %u packed", how, total, start,
                packed->NumTilesForPackedMips);
    if (packed->StartTileIndexInOverallResource != (packed->NumPackedMips ? start : 0))
        row_fail(f, i, row->name, "%s: mip tail from tile %u, expected %u", how,
                packed->StartTileIndexInOverallResource, packed->NumPackedMips ? start : 0);
}

static void test_rows_pure(void **state)
{
    struct row_failures failures = {0};
    D3D12_SUBRESOURCE_TILING tilings[64];
    D3D12_PACKED_MIP_INFO packed;
    D3D12_TILE_SHAPE shape;
    UINT total, count;
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_RESOURCE_DESC d = row_desc(&rows[i]);
        D3D12_RESOURCE_DESC1 d1 = desc1_of(&d);

        memset(&packed, 0xaa, sizeof(packed));
        memset(&shape, 0xaa, sizeof(shape));
        memset(tilings, 0xaa, sizeof(tilings));
        total = 0xdeadbeef;
        count = ARRAY_SIZE(tilings);
        mk_resource_tiling(&d1, &total, &packed, &shape, &count, 0, tilings);
        check_row(&failures, i, "mk_resource_tiling", total, &packed, &shape, count, tilings);
        if (count < ARRAY_SIZE(tilings) && tilings[count].StartTileIndexInOverallResource != 0xaaaaaaaa)
            row_fail(&failures, i, rows[i].name, "tiling %u past the count was written", count);
    }
    rows_done(&failures);
}

static void test_rows_device(void **state)
{
    struct row_failures failures = {0};
    D3D12_SUBRESOURCE_TILING tilings[64];
    D3D12_PACKED_MIP_INFO packed;
    ID3D12Resource *resource;
    D3D12_TILE_SHAPE shape;
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    UINT total, count;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    device = create_device_on(ADAPTER);
    queue = info_queue(device);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_RESOURCE_DESC d = row_desc(&rows[i]);

        hr = ID3D12Device_CreateReservedResource(device, &d, D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource,
                (void **)&resource);
        if (hr != S_OK)
        {
            row_fail(&failures, i, rows[i].name, "CreateReservedResource: %#x", (unsigned)hr);
            continue;
        }
        memset(&packed, 0xaa, sizeof(packed));
        memset(&shape, 0xaa, sizeof(shape));
        memset(tilings, 0xaa, sizeof(tilings));
        total = 0xdeadbeef;
        count = ARRAY_SIZE(tilings);
        ID3D12Device_GetResourceTiling(device, resource, &total, &packed, &shape, &count, 0, tilings);
        check_row(&failures, i, "GetResourceTiling", total, &packed, &shape, count, tilings);
        ID3D12Resource_Release(resource);
    }
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 0);
    ID3D12InfoQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

static ID3D12Resource *reserved_512_10_mips(ID3D12Device *device)
{
    static const struct tiling_row row = {"", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 10, 0, 0, 0, 0, 0, 0, 0,
            0};
    D3D12_RESOURCE_DESC d = row_desc(&row);
    ID3D12Resource *resource;

    assert_int_equal(ID3D12Device_CreateReservedResource(device, &d, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    return resource;
}

/* vkd3d-proton's parameter combinations on a reserved 512x512 RGBA8 texture
 * with 10 mips (mips 0-2 standard: 16, 4 and 1 tiles). */
static void test_counts(void **state)
{
    D3D12_SUBRESOURCE_TILING tilings[64], untouched[64];
    D3D12_PACKED_MIP_INFO packed;
    ID3D12Resource *resource;
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    UINT count, total;

    (void)state;
    enable_debug_layer();
    device = create_device_on(ADAPTER);
    queue = info_queue(device);
    resource = reserved_512_10_mips(device);

    /* Nothing asked: nothing written, no message. */
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, NULL, 0, NULL);
    /* No count: the tilings are left alone. */
    memset(tilings, 0x55, sizeof(tilings));
    memcpy(untouched, tilings, sizeof(tilings));
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, NULL, 0, tilings);
    assert_memory_equal(tilings, untouched, sizeof(tilings));
    /* A count of 0 stays 0. */
    count = 0;
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 0, NULL);
    assert_int_equal(count, 0);
    /* From the last subresource on: none left. */
    count = ARRAY_SIZE(tilings);
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 10, tilings);
    assert_int_equal(count, 0);
    assert_memory_equal(tilings, untouched, sizeof(tilings));
    count = ARRAY_SIZE(tilings);
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 1000, tilings);
    assert_int_equal(count, 0);
    /* From mip 2: 8 left, the first at tile 16 + 4. */
    count = ARRAY_SIZE(tilings);
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 2, tilings);
    assert_int_equal(count, 8);
    assert_int_equal(tilings[0].StartTileIndexInOverallResource, 20);
    assert_int_equal(tilings[0].WidthInTiles, 1);
    assert_int_equal(tilings[0].HeightInTiles, 1);
    assert_int_equal(tilings[0].DepthInTiles, 1);
    assert_int_equal(tilings[1].StartTileIndexInOverallResource, D3D12_PACKED_TILE);
    assert_int_equal(tilings[7].StartTileIndexInOverallResource, D3D12_PACKED_TILE);
    assert_int_equal(tilings[8].StartTileIndexInOverallResource, 0x55555555);
    /* One asked: one written. */
    count = 1;
    memset(tilings, 0xaa, sizeof(tilings));
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 2, tilings);
    assert_int_equal(count, 1);
    assert_int_equal(tilings[0].StartTileIndexInOverallResource, 20);
    assert_int_equal(tilings[1].StartTileIndexInOverallResource, 0xaaaaaaaa);
    /* A count but no array: the count is clamped, nothing else is written. */
    count = 5;
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 8, NULL);
    assert_int_equal(count, 2);
    /* Each output on its own. */
    total = 0;
    ID3D12Device_GetResourceTiling(device, resource, &total, NULL, NULL, NULL, 0, NULL);
    assert_int_equal(total, 22);
    memset(&packed, 0xaa, sizeof(packed));
    ID3D12Device_GetResourceTiling(device, resource, NULL, &packed, NULL, NULL, 0, NULL);
    assert_int_equal(packed.NumStandardMips, 3);
    assert_int_equal(packed.NumPackedMips, 7);
    assert_int_equal(packed.NumTilesForPackedMips, 1);
    assert_int_equal(packed.StartTileIndexInOverallResource, 21);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 0);

    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A buffer's tiling asked from its second subresource (it has one). */
static void test_buffer_first(void **state)
{
    D3D12_RESOURCE_DESC1 d = {0};
    D3D12_SUBRESOURCE_TILING tiling = {7, 7, 7, 7};
    UINT count = 4;

    (void)state;
    d.Dimension = BUF;
    d.Width = 65537;
    d.Height = 1;
    d.DepthOrArraySize = 1;
    d.MipLevels = 1;
    d.SampleDesc.Count = 1;
    d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    mk_resource_tiling(&d, NULL, NULL, NULL, &count, 1, &tiling);
    assert_int_equal(count, 0);
    assert_int_equal(tiling.WidthInTiles, 7);
    count = 4;
    mk_resource_tiling(&d, NULL, NULL, NULL, &count, 0, &tiling);
    assert_int_equal(count, 1);
    assert_int_equal(tiling.WidthInTiles, 2);
    assert_int_equal(tiling.HeightInTiles, 1);
    assert_int_equal(tiling.DepthInTiles, 1);
    assert_int_equal(tiling.StartTileIndexInOverallResource, 0);
}

/* MSAA: the shape shrinks with the samples (4x: 64x64 RGBA8 texels), the
 * packed mip tail counts every sample. */
static void test_msaa(void **state)
{
    D3D12_RESOURCE_DESC1 d = {0};
    D3D12_PACKED_MIP_INFO packed;
    D3D12_TILE_SHAPE shape;
    D3D12_SUBRESOURCE_TILING tiling;
    UINT total, count = 1;

    (void)state;
    d.Dimension = TEX2D;
    d.Width = 256;
    d.Height = 128;
    d.DepthOrArraySize = 1;
    d.MipLevels = 1;
    d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    d.SampleDesc.Count = 4;
    d.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
    d.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    mk_resource_tiling(&d, &total, &packed, &shape, &count, 0, &tiling);
    assert_int_equal(shape.WidthInTexels, 64);
    assert_int_equal(shape.HeightInTexels, 64);
    assert_int_equal(shape.DepthInTexels, 1);
    assert_int_equal(total, 8);
    assert_int_equal(packed.NumStandardMips, 1);
    assert_int_equal(packed.NumPackedMips, 0);
    assert_int_equal(tiling.WidthInTiles, 4);
    assert_int_equal(tiling.HeightInTiles, 2);
}

/* 2x MSAA halves the shape's width only (64x128 RGBA8 texels); a
 * depth-stencil format of two copy planes takes its whole texel's bits
 * (D24S8: 32 bits, the 128x128 shape; D32S8X24: 64 bits, 128x64). */
static void test_msaa_2x_and_depth_stencil(void **state)
{
    static const struct
    {
        DXGI_FORMAT format;
        UINT samples;
        D3D12_RESOURCE_FLAGS flags;
        UINT width, height;
    }
    rows[] =
    {
        {DXGI_FORMAT_R8G8B8A8_UNORM, 2, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 64, 128},
        {DXGI_FORMAT_D24_UNORM_S8_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 128, 128},
        {DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, 128, 64},
    };

    (void)state;
    for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i)
    {
        D3D12_RESOURCE_DESC1 d = {0};
        D3D12_TILE_SHAPE shape = {0, 0, 0};

        d.Dimension = TEX2D;
        d.Width = 256;
        d.Height = 256;
        d.DepthOrArraySize = 1;
        d.MipLevels = 1;
        d.Format = rows[i].format;
        d.SampleDesc.Count = rows[i].samples;
        d.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
        d.Flags = rows[i].flags;
        mk_resource_tiling(&d, NULL, NULL, &shape, NULL, 0, NULL);
        if (shape.WidthInTexels != rows[i].width || shape.HeightInTexels != rows[i].height || shape.DepthInTexels != 1)
            fail_msg("row %u (format %u, %u samples): shape %ux%ux%u, expected %ux%ux1", i, (unsigned)rows[i].format,
                    rows[i].samples, shape.WidthInTexels, shape.HeightInTexels, shape.DepthInTexels, rows[i].width,
                    rows[i].height);
    }
}

/* Committed and placed resources have no tiles: zeros, no tilings written. */
static void test_not_reserved(void **state)
{
    static const D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    static const struct tiling_row row = {"", TEX2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 512, 1, 10, 0, 0, 0, 0, 0, 0, 0,
            0};
    D3D12_SUBRESOURCE_TILING tilings[4];
    D3D12_RESOURCE_DESC d = row_desc(&row);
    D3D12_PACKED_MIP_INFO packed;
    ID3D12Resource *resource;
    D3D12_TILE_SHAPE shape;
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    UINT total = 7, count = 4;

    (void)state;
    enable_debug_layer();
    device = create_device_on(ADAPTER);
    queue = info_queue(device);
    d.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &d,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    memset(&packed, 0xaa, sizeof(packed));
    memset(&shape, 0xaa, sizeof(shape));
    memset(tilings, 0xaa, sizeof(tilings));
    ID3D12Device_GetResourceTiling(device, resource, &total, &packed, &shape, &count, 0, tilings);
    assert_int_equal(total, 0);
    assert_int_equal(packed.NumStandardMips, 0);
    assert_int_equal(packed.NumPackedMips, 0);
    assert_int_equal(packed.NumTilesForPackedMips, 0);
    assert_int_equal(packed.StartTileIndexInOverallResource, 0);
    assert_int_equal(shape.WidthInTexels, 0);
    assert_int_equal(shape.HeightInTexels, 0);
    assert_int_equal(shape.DepthInTexels, 0);
    assert_int_equal(count, 0);
    assert_int_equal(tilings[0].StartTileIndexInOverallResource, 0xaaaaaaaa);
    /* Every output NULL: nothing to write, no message. */
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, NULL, 0, NULL);
    /* The count alone. */
    count = 4;
    ID3D12Device_GetResourceTiling(device, resource, NULL, NULL, NULL, &count, 0, NULL);
    assert_int_equal(count, 0);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 0);
    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A NULL resource, another device's, or another implementation's: nothing
 * written, a message. */
static void test_bad_resource(void **state)
{
    D3D12_SUBRESOURCE_TILING tiling = {7, 7, 7, 7};
    D3D12_PACKED_MIP_INFO packed = {7, 7, 7, 7};
    D3D12_TILE_SHAPE shape = {7, 7, 7};
    ID3D12Device *device, *other;
    ID3D12Resource *resource;
    ID3D12InfoQueue *queue;
    D3D12_MESSAGE_ID id;
    UINT total = 7, count = 1;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device_on(ADAPTER);
    other = create_device_on("amd-rx-7900-xtx");
    queue = info_queue(device);
    resource = reserved_512_10_mips(other);

    ID3D12Device_GetResourceTiling(device, NULL, &total, &packed, &shape, &count, 0, &tiling);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
    text = message_text(queue, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_GENERIC_DEVICE_OPERATION_UNSUPPORTED);
    assert_non_null(strstr(text, "ID3D12Device::GetResourceTiling"));
    assert_non_null(strstr(text, "pTiledResource is NULL"));

    ID3D12Device_GetResourceTiling(device, resource, &total, &packed, &shape, &count, 0, &tiling);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 2);
    text = message_text(queue, 1, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_GENERIC_DEVICE_OPERATION_UNSUPPORTED);
    assert_non_null(strstr(text, "another device"));

    /* An ID3D12Resource of another implementation (its methods are never called). */
    {
        static ID3D12ResourceVtbl foreign_vtbl;
        struct { ID3D12ResourceVtbl *lpVtbl; } foreign = {&foreign_vtbl};

        ID3D12Device_GetResourceTiling(device, (ID3D12Resource *)&foreign, &total, &packed, &shape, &count, 0,
                &tiling);
        assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 3);
        text = message_text(queue, 2, &id);
        assert_int_equal(id, D3D12_MESSAGE_ID_GENERIC_DEVICE_OPERATION_UNSUPPORTED);
        assert_non_null(strstr(text, "ID3D12Device::GetResourceTiling"));
        assert_non_null(strstr(text, "pTiledResource is not a resource of mockd3d12; nothing is written"));
    }

    assert_int_equal(total, 7);
    assert_int_equal(count, 1);
    assert_int_equal(packed.NumStandardMips, 7);
    assert_int_equal(packed.StartTileIndexInOverallResource, 7);
    assert_int_equal(shape.WidthInTexels, 7);
    assert_int_equal(tiling.WidthInTiles, 7);
    assert_int_equal(tiling.StartTileIndexInOverallResource, 7);

    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(other), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_rows_pure),
        cmocka_unit_test_setup_teardown(test_rows_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_counts, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_buffer_first),
        cmocka_unit_test(test_msaa),
        cmocka_unit_test(test_msaa_2x_and_depth_stencil),
        cmocka_unit_test_setup_teardown(test_not_reserved, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_bad_resource, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
