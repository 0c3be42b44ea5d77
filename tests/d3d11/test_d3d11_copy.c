/*
 * Copies between the mock D3D11 runtime's resources (src/d3d11/copy.c;
 * docs/d3d11.md "Copies"): CopyResource, CopySubresourceRegion(1) and
 * UpdateSubresource(1), through the exported entry points only, read back
 * through a STAGING resource and Map. Rows citing Windows come from Wine's
 * dlls/d3d11/tests/d3d11.c (test_format_compatibility,
 * test_compressed_format_compatibility, test_staging_buffers,
 * test_update_subresource), which pass on Windows.
 * A conformance suite: the public D3D11 API only, on the default adapter
 * (tests/d3d11.cmake makes it the nvidia-rtx-4090 profile; docs/testing.md).
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

static ID3D11Device *create_device11(D3D_FEATURE_LEVEL level, UINT flags)
{
    return create_d3d11_device(level, flags, NULL);
}

static ID3D11DeviceContext *immediate(ID3D11Device *device)
{
    ID3D11DeviceContext *context = NULL;

    ID3D11Device_GetImmediateContext(device, &context);
    assert_non_null(context);
    return context;
}

/* A 2D texture of one mip and slice; data (tight rows of row_bytes) or NULL. */
static ID3D11Resource *texture(ID3D11Device *device, UINT width, UINT height, DXGI_FORMAT format, D3D11_USAGE usage,
        UINT bind, UINT cpu, const void *data, UINT row_bytes)
{
    D3D11_TEXTURE2D_DESC desc = {width, height, 1, 1, format, {1, 0}, usage, bind, cpu, 0};
    D3D11_SUBRESOURCE_DATA init = {data, row_bytes, 0};
    ID3D11Texture2D *texture = NULL;

    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, data ? &init : NULL, &texture), S_OK);
    return (ID3D11Resource *)texture;
}

static ID3D11Resource *buffer(ID3D11Device *device, UINT size, D3D11_USAGE usage, UINT bind, UINT cpu, UINT misc,
        UINT stride, const void *data)
{
    D3D11_BUFFER_DESC desc = {size, usage, bind, cpu, misc, stride};
    D3D11_SUBRESOURCE_DATA init = {data, 0, 0};
    ID3D11Buffer *buffer = NULL;

    assert_int_equal(ID3D11Device_CreateBuffer(device, &desc, data ? &init : NULL, &buffer), S_OK);
    return (ID3D11Resource *)buffer;
}

/* The first `size` bytes of each of `rows` rows of subresource 0 of a
 * STAGING READ resource, packed into out. */
static void read_rows(ID3D11DeviceContext *context, ID3D11Resource *resource, UINT rows, UINT size, unsigned char *out)
{
    D3D11_MAPPED_SUBRESOURCE mapped;
    UINT y;

    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
    for (y = 0; y < rows; ++y)
        memcpy(out + y * size, (const unsigned char *)mapped.pData + y * mapped.RowPitch, size);
    ID3D11DeviceContext_Unmap(context, resource, 0);
}

/* The contents of a 2D texture (any usage), through a STAGING copy. */
static void read_texture(ID3D11Device *device, ID3D11Resource *resource, UINT rows, UINT row_bytes, unsigned char *out)
{
    ID3D11DeviceContext *context = immediate(device);
    D3D11_TEXTURE2D_DESC desc;
    ID3D11Texture2D *staging;

    ID3D11Texture2D_GetDesc((ID3D11Texture2D *)resource, &desc);
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    desc.MiscFlags = 0;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &staging), S_OK);
    ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging, resource);
    read_rows(context, (ID3D11Resource *)staging, rows, row_bytes, out);
    ID3D11Texture2D_Release(staging);
    ID3D11DeviceContext_Release(context);
}

static void fill(unsigned char *bytes, size_t size, unsigned char first)
{
    size_t i;

    for (i = 0; i < size; ++i)
        bytes[i] = (unsigned char)(first + i);
}

/* ---- Which formats copy into which (CopyResource) ---- */

static void test_copy_formats(void **state)
{
    /* 256 bytes of source: a 4x4 grid of blocks of `block` bytes; each
     * texture is 4 blocks wide and 256 / (4 * block) rows of blocks high. */
    static const struct
    {
        const char *name;
        DXGI_FORMAT src, dst;
        D3D_FEATURE_LEVEL level;
        UINT src_edge, dst_edge, block;
        BOOL copies;
    }
    rows[] =
    {
        {"typeless into typed", DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, FL(11, 0), 1, 1, 4, TRUE},
        {"unorm into srgb", DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, FL(11, 0), 1, 1, 4, TRUE},
        {"sint into typeless", DXGI_FORMAT_R8G8B8A8_SINT, DXGI_FORMAT_R8G8B8A8_TYPELESS, FL(11, 0), 1, 1, 4, TRUE},
        {"rgba into bgra: two families", DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM, FL(11, 0), 1, 1, 4, FALSE},
        {"r8g8b8a8 into r16g16: two families", DXGI_FORMAT_R8G8B8A8_UINT, DXGI_FORMAT_R16G16_UINT, FL(11, 0), 1, 1, 4, FALSE},
        {"r16g16 into r32: two families", DXGI_FORMAT_R16G16_TYPELESS, DXGI_FORMAT_R32_TYPELESS, FL(11, 0), 1, 1, 4, FALSE},
        {"rgbe into r32 float", DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R32_FLOAT, FL(11, 0), 1, 1, 4, TRUE},
        {"r32 uint into rgbe", DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, FL(11, 0), 1, 1, 4, TRUE},
        {"rgbe into rgba", DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R8G8B8A8_TYPELESS, FL(11, 0), 1, 1, 4, FALSE},
        {"bc1 into r16g16b16a16", DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_R16G16B16A16_UINT, FL(11, 0), 4, 1, 8, TRUE},
        {"r32g32 into bc4", DXGI_FORMAT_R32G32_FLOAT, DXGI_FORMAT_BC4_SNORM, FL(11, 0), 1, 4, 8, TRUE},
        {"bc3 into r32g32b32a32", DXGI_FORMAT_BC3_UNORM_SRGB, DXGI_FORMAT_R32G32B32A32_FLOAT, FL(11, 0), 4, 1, 16, TRUE},
        {"r32g32b32a32 into bc7", DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_BC7_UNORM, FL(11, 0), 1, 4, 16, TRUE},
        {"bc2 into r32g32b32a32 at 10_1", DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_R32G32B32A32_UINT, FL(10, 1), 4, 1, 16, TRUE},
        {"bc2 into r32g32b32a32 at 10_0: none below 10_1", DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_R32G32B32A32_UINT,
                FL(10, 0), 4, 1, 16, FALSE},
        {"bc1 into r32g32b32a32: block sizes differ", DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_R32G32B32A32_UINT,
                FL(11, 0), 4, 1, 16, FALSE},
        {"r32g8x24 into bc1: not a copy family", DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_BC1_UNORM, FL(11, 0), 1, 4, 8,
                FALSE},
        {"d16 into r16", DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UNORM, FL(11, 0), 1, 1, 2, TRUE},
    };
    unsigned char data[256], got[256], zeros[256] = {0};
    unsigned int i;

    (void)state;
    fill(data, sizeof(data), 1);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11Device *device = create_device11(rows[i].level, 0);
        ID3D11DeviceContext *context = immediate(device);
        UINT src_rows = 256 / (4 * rows[i].block), dst_rows = src_rows;
        BOOL src_ds = rows[i].src == DXGI_FORMAT_D16_UNORM;
        ID3D11Resource *src, *dst;

        print_message("row %u: %s\n", i, rows[i].name);
        src = texture(device, 4 * rows[i].src_edge, src_rows * rows[i].src_edge, rows[i].src,
                src_ds ? D3D11_USAGE_DEFAULT : D3D11_USAGE_IMMUTABLE,
                src_ds ? D3D11_BIND_DEPTH_STENCIL : D3D11_BIND_SHADER_RESOURCE, 0, data, 4 * rows[i].block);
        dst = texture(device, 4 * rows[i].dst_edge, dst_rows * rows[i].dst_edge, rows[i].dst, D3D11_USAGE_STAGING, 0,
                D3D11_CPU_ACCESS_READ, NULL, 0);
        ID3D11DeviceContext_CopyResource(context, dst, src);
        read_rows(context, dst, dst_rows, 4 * rows[i].block, got);
        if (rows[i].copies)
            assert_memory_equal(got, data, sizeof(got));
        else
            assert_memory_equal(got, zeros, sizeof(got));
        ID3D11Resource_Release(dst);
        ID3D11Resource_Release(src);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

/* ---- CopyResource: what both resources need ---- */

static void test_copy_resource_rules(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    ID3D11DeviceContext *context = immediate(device), *deferred = NULL;
    unsigned char data[64], got[64], zeros[64] = {0};
    ID3D11Resource *src, *dst, *wide, *immutable, *ms, *ms_dst, *buf_a, *buf_b, *structured_a, *structured_b;
    D3D11_TEXTURE2D_DESC ms_desc = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {4, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_RENDER_TARGET, 0, 0};

    (void)state;
    fill(data, sizeof(data), 1);
    src = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, data, 16);
    dst = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL, 0);
    wide = texture(device, 8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL, 0);
    immutable = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0,
            zeros, 16);

    /* A DEFAULT texture without data reads as zeros; one with data as its data. */
    read_texture(device, dst, 4, 16, got);
    assert_memory_equal(got, zeros, sizeof(got));
    read_texture(device, src, 4, 16, got);
    assert_memory_equal(got, data, sizeof(got));

    /* Refused: other sizes, into IMMUTABLE, onto itself, NULL, a deferred context. */
    ID3D11DeviceContext_CopyResource(context, wide, src);
    read_texture(device, wide, 4, 16, got);
    assert_memory_equal(got, zeros, sizeof(got));
    ID3D11DeviceContext_CopyResource(context, immutable, src);
    read_texture(device, immutable, 4, 16, got);
    assert_memory_equal(got, zeros, sizeof(got));
    ID3D11DeviceContext_CopyResource(context, src, src);
    ID3D11DeviceContext_CopyResource(context, NULL, src);
    ID3D11DeviceContext_CopyResource(context, dst, NULL);
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
    ID3D11DeviceContext_CopyResource(deferred, dst, src);
    read_texture(device, dst, 4, 16, got);
    assert_memory_equal(got, zeros, sizeof(got));

    /* Accepted: DEFAULT into DEFAULT. */
    ID3D11DeviceContext_CopyResource(context, dst, src);
    read_texture(device, dst, 4, 16, got);
    assert_memory_equal(got, data, sizeof(got));

    /* Multisampled: only into a resource of the same sample count. */
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &ms_desc, NULL, (ID3D11Texture2D **)&ms), S_OK);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &ms_desc, NULL, (ID3D11Texture2D **)&ms_dst), S_OK);
    ID3D11DeviceContext_CopyResource(context, ms, src); /* 4 samples from 1: refused */
    ID3D11DeviceContext_CopyResource(context, ms_dst, ms);

    /* Buffers: bytes; structured buffers of different strides refuse. */
    buf_a = buffer(device, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0, data);
    buf_b = buffer(device, 64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0, NULL);
    ID3D11DeviceContext_CopyResource(context, buf_b, buf_a);
    read_rows(context, buf_b, 1, 64, got);
    assert_memory_equal(got, data, sizeof(got));
    structured_a = buffer(device, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
            0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16, data);
    structured_b = buffer(device, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
            0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8, NULL);
    ID3D11DeviceContext_CopyResource(context, structured_b, structured_a);
    ID3D11DeviceContext_CopyResource(context, buf_b, structured_b);
    read_rows(context, buf_b, 1, 64, got);
    assert_memory_equal(got, zeros, sizeof(got));
    /* A buffer and a texture are of different dimensions. */
    ID3D11DeviceContext_CopyResource(context, buf_b, src);
    read_rows(context, buf_b, 1, 64, got);
    assert_memory_equal(got, zeros, sizeof(got));

    ID3D11Resource_Release(structured_b);
    ID3D11Resource_Release(structured_a);
    ID3D11Resource_Release(buf_b);
    ID3D11Resource_Release(buf_a);
    ID3D11Resource_Release(ms_dst);
    ID3D11Resource_Release(ms);
    ID3D11DeviceContext_Release(deferred);
    ID3D11Resource_Release(immutable);
    ID3D11Resource_Release(wide);
    ID3D11Resource_Release(dst);
    ID3D11Resource_Release(src);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- CopySubresourceRegion: boxes and offsets ---- */

static void test_copy_region(void **state)
{
    /* An 8x8 R8G8B8A8 source whose texel (x, y) is 0x0y0x0y-ish bytes, into a
     * zeroed 8x8 destination; "moved" texels of the destination equal the
     * source's at (x - dx + left, y - dy + top). */
    static const struct
    {
        const char *name;
        BOOL has_box;
        D3D11_BOX box;
        UINT dx, dy, dz;
        BOOL copies;
    }
    rows[] =
    {
        {"whole subresource (NULL box)", FALSE, {0}, 0, 0, 0, TRUE},
        {"a 3x2 box to (4, 5)", TRUE, {1, 2, 0, 4, 4, 1}, 4, 5, 0, TRUE},
        {"a box to the far corner", TRUE, {0, 0, 0, 2, 2, 1}, 6, 6, 0, TRUE},
        {"empty box: left == right", TRUE, {3, 0, 0, 3, 4, 1}, 0, 0, 0, FALSE},
        {"empty box: front == back", TRUE, {0, 0, 0, 4, 4, 0}, 0, 0, 0, FALSE},
        {"box past the source's right edge", TRUE, {4, 0, 0, 9, 1, 1}, 0, 0, 0, FALSE},
        {"box past the source's depth", TRUE, {0, 0, 0, 1, 1, 2}, 0, 0, 0, FALSE},
        {"region past the destination's edge", TRUE, {0, 0, 0, 4, 4, 1}, 5, 0, 0, FALSE},
        {"DstZ past a 2D destination", TRUE, {0, 0, 0, 4, 4, 1}, 0, 0, 1, FALSE},
    };
    unsigned char data[256], got[256], expected[256];
    unsigned int i, x, y;

    (void)state;
    fill(data, sizeof(data), 1);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11Device *device = create_device11(FL(11, 0), 0);
        ID3D11DeviceContext *context = immediate(device);
        ID3D11Resource *src, *dst;
        UINT left = rows[i].has_box ? rows[i].box.left : 0, top = rows[i].has_box ? rows[i].box.top : 0;
        UINT right = rows[i].has_box ? rows[i].box.right : 8, bottom = rows[i].has_box ? rows[i].box.bottom : 8;

        print_message("row %u: %s\n", i, rows[i].name);
        src = texture(device, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                data, 32);
        dst = texture(device, 8, 8, DXGI_FORMAT_R8G8B8A8_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                NULL, 0);
        ID3D11DeviceContext_CopySubresourceRegion(context, dst, 0, rows[i].dx, rows[i].dy, rows[i].dz, src, 0,
                rows[i].has_box ? &rows[i].box : NULL);
        memset(expected, 0, sizeof(expected));
        for (y = top; rows[i].copies && y < bottom; ++y)
        {
            for (x = left; x < right; ++x)
                memcpy(expected + (y - top + rows[i].dy) * 32 + (x - left + rows[i].dx) * 4, data + y * 32 + x * 4, 4);
        }
        read_texture(device, dst, 8, 32, got);
        assert_memory_equal(got, expected, sizeof(got));
        ID3D11Resource_Release(dst);
        ID3D11Resource_Release(src);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

/* Depth-stencil resources copy whole (Wine's test_format_compatibility: with
 * a box nothing moves); block formats copy on block edges; one subresource
 * onto itself moves as if through a temporary; CopySubresourceRegion1's flags. */
static void test_copy_region_special(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    ID3D11DeviceContext *context = immediate(device);
    ID3D11DeviceContext1 *context1 = NULL;
    unsigned char data[256], got[256], expected[256], bc_expected[64], zeros[256] = {0};
    D3D11_BOX box = {0, 0, 0, 2, 2, 1}, bc_box = {4, 0, 0, 8, 4, 1}, bc_bad = {2, 0, 0, 6, 4, 1};
    D3D11_BOX shift = {0, 0, 0, 6, 8, 1};
    ID3D11Resource *ds_src, *ds_dst, *bc_src, *bc_dst, *self;
    unsigned int y;

    (void)state;
    fill(data, sizeof(data), 1);
    ds_src = texture(device, 8, 8, DXGI_FORMAT_D16_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, data, 16);
    ds_dst = texture(device, 8, 8, DXGI_FORMAT_R16_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL, 0);
    ID3D11DeviceContext_CopySubresourceRegion(context, ds_dst, 0, 0, 0, 0, ds_src, 0, &box);
    read_texture(device, ds_dst, 8, 16, got);
    assert_memory_equal(got, zeros, 128);
    ID3D11DeviceContext_CopySubresourceRegion(context, ds_dst, 0, 1, 0, 0, ds_src, 0, NULL);
    read_texture(device, ds_dst, 8, 16, got);
    assert_memory_equal(got, zeros, 128);
    ID3D11DeviceContext_CopySubresourceRegion(context, ds_dst, 0, 0, 0, 0, ds_src, 0, NULL);
    read_texture(device, ds_dst, 8, 16, got);
    assert_memory_equal(got, data, 128);

    /* BC1 16x8 (4x2 blocks of 8 bytes): a box from block (1, 0) to block (2, 1). */
    bc_src = texture(device, 16, 8, DXGI_FORMAT_BC1_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, data, 32);
    bc_dst = texture(device, 16, 8, DXGI_FORMAT_BC1_UNORM_SRGB, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
            NULL, 0);
    ID3D11DeviceContext_CopySubresourceRegion(context, bc_dst, 0, 2, 0, 0, bc_src, 0, &bc_box); /* DstX 2: no edge */
    ID3D11DeviceContext_CopySubresourceRegion(context, bc_dst, 0, 0, 0, 0, bc_src, 0, &bc_bad); /* left 2: no edge */
    read_texture(device, bc_dst, 2, 32, got);
    assert_memory_equal(got, zeros, 64);
    ID3D11DeviceContext_CopySubresourceRegion(context, bc_dst, 0, 8, 4, 0, bc_src, 0, &bc_box);
    memset(expected, 0, sizeof(expected));
    memcpy(expected + 32 + 16, data + 8, 8);
    read_texture(device, bc_dst, 2, 32, got);
    assert_memory_equal(got, expected, 64);
    memcpy(bc_expected, expected, sizeof(bc_expected));

    /* One subresource onto itself, overlapping: 6 columns one to the right. */
    self = texture(device, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, data, 32);
    ID3D11DeviceContext_CopySubresourceRegion(context, self, 0, 1, 0, 0, self, 0, &shift);
    for (y = 0; y < 8; ++y)
    {
        memcpy(expected + y * 32, data + y * 32, 4);
        memcpy(expected + y * 32 + 4, data + y * 32, 24);
        memcpy(expected + y * 32 + 28, data + y * 32 + 28, 4);
    }
    read_texture(device, self, 8, 32, got);
    assert_memory_equal(got, expected, sizeof(got));
    /* ... and one row down, which walks the rows from the bottom. */
    shift.right = 8;
    shift.bottom = 7;
    memcpy(data, expected, sizeof(data));
    ID3D11DeviceContext_CopySubresourceRegion(context, self, 0, 0, 1, 0, self, 0, &shift);
    memcpy(expected + 32, data, 7 * 32);
    read_texture(device, self, 8, 32, got);
    assert_memory_equal(got, expected, sizeof(got));

    /* CopySubresourceRegion1: NO_OVERWRITE and DISCARD copy, other bits refuse. */
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext1, (void **)&context1), S_OK);
    ID3D11DeviceContext1_CopySubresourceRegion1(context1, bc_dst, 0, 0, 0, 0, bc_src, 0, NULL, 0x80);
    read_texture(device, bc_dst, 2, 32, got);
    assert_memory_equal(got, bc_expected, 64);
    ID3D11DeviceContext1_CopySubresourceRegion1(context1, bc_dst, 0, 0, 0, 0, bc_src, 0, NULL, D3D11_COPY_NO_OVERWRITE);
    read_texture(device, bc_dst, 2, 32, got);
    read_texture(device, bc_src, 2, 32, expected);
    assert_memory_equal(got, expected, 64);
    /* Subresources past the last refuse. */
    ID3D11DeviceContext_CopySubresourceRegion(context, bc_dst, 1, 0, 0, 0, bc_src, 0, NULL);
    ID3D11DeviceContext_CopySubresourceRegion(context, bc_dst, 0, 0, 0, 0, bc_src, 1, NULL);

    ID3D11DeviceContext1_Release(context1);
    ID3D11Resource_Release(self);
    ID3D11Resource_Release(bc_dst);
    ID3D11Resource_Release(bc_src);
    ID3D11Resource_Release(ds_dst);
    ID3D11Resource_Release(ds_src);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* The remaining refusals and no-ops: other mip counts, NULL resources, a
 * subresource onto itself whole, 1D boxes. */
static void test_copy_edges(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    ID3D11DeviceContext *context = immediate(device);
    D3D11_TEXTURE2D_DESC two_mips = {4, 4, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_TEXTURE1D_DESC desc1 = {8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
            0, 0};
    D3D11_BOX row = {2, 0, 0, 6, 1, 1}, tall = {0, 0, 0, 4, 2, 1};
    unsigned char data[64], got[64], zeros[64] = {0};
    ID3D11Resource *one_mip, *two = NULL, *a1 = NULL, *b1 = NULL, *staging1 = NULL;
    D3D11_SUBRESOURCE_DATA init = {data, 32, 0};
    D3D11_MAPPED_SUBRESOURCE map;

    (void)state;
    fill(data, sizeof(data), 1);
    one_mip = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
            data, 16);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &two_mips, NULL, (ID3D11Texture2D **)&two), S_OK);
    ID3D11DeviceContext_CopyResource(context, two, one_mip);                 /* mip counts differ */
    ID3D11DeviceContext_CopySubresourceRegion(context, NULL, 0, 0, 0, 0, one_mip, 0, NULL);
    ID3D11DeviceContext_CopySubresourceRegion(context, one_mip, 0, 0, 0, 0, one_mip, 0, NULL); /* onto itself */
    read_texture(device, one_mip, 4, 16, got);
    assert_memory_equal(got, data, sizeof(got));

    /* 1D: a 4-texel box lands at x 1; a box two rows high is outside. */
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &desc1, &init, (ID3D11Texture1D **)&a1), S_OK);
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &desc1, NULL, (ID3D11Texture1D **)&b1), S_OK);
    ID3D11DeviceContext_CopySubresourceRegion(context, b1, 0, 1, 0, 0, a1, 0, &tall);
    ID3D11DeviceContext_CopySubresourceRegion(context, b1, 0, 1, 0, 0, a1, 0, &row);
    desc1.Usage = D3D11_USAGE_STAGING;
    desc1.BindFlags = 0;
    desc1.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &desc1, NULL, (ID3D11Texture1D **)&staging1), S_OK);
    ID3D11DeviceContext_CopyResource(context, staging1, b1);
    assert_int_equal(ID3D11DeviceContext_Map(context, staging1, 0, D3D11_MAP_READ, 0, &map), S_OK);
    assert_memory_equal(map.pData, zeros, 4);
    assert_memory_equal((const unsigned char *)map.pData + 4, data + 8, 16);
    assert_memory_equal((const unsigned char *)map.pData + 20, zeros, 12);
    ID3D11DeviceContext_Unmap(context, staging1, 0);

    ID3D11Resource_Release(staging1);
    ID3D11Resource_Release(b1);
    ID3D11Resource_Release(a1);
    ID3D11Resource_Release(two);
    ID3D11Resource_Release(one_mip);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- UpdateSubresource ---- */

static void test_update_subresource(void **state)
{
    static const struct
    {
        const char *name;
        D3D11_USAGE usage;
        UINT bind, cpu;
        BOOL has_box;
        D3D11_BOX box;
        BOOL writes;
    }
    rows[] =
    {
        {"DEFAULT, whole", D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, FALSE, {0}, TRUE},
        {"DEFAULT, a 2x3 box at (1, 2)", D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, TRUE, {1, 2, 0, 3, 5, 1}, TRUE},
        {"DEFAULT, empty box (left > right)", D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, TRUE, {4, 4, 0, 3, 5, 1},
                FALSE},
        {"DEFAULT, box past the bottom", D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, TRUE, {0, 4, 0, 2, 9, 1}, FALSE},
        {"STAGING keeps its contents (test_staging_buffers)", D3D11_USAGE_STAGING, 0,
                D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, FALSE, {0}, FALSE},
        {"DYNAMIC is never updated", D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, D3D11_CPU_ACCESS_WRITE, FALSE, {0},
                FALSE},
    };
    unsigned char data[512], got[256], expected[256];
    unsigned int i, x, y;

    (void)state;
    fill(data, sizeof(data), 1);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11Device *device = create_device11(FL(11, 0), 0);
        ID3D11DeviceContext *context = immediate(device);
        UINT left = rows[i].has_box ? rows[i].box.left : 0, top = rows[i].has_box ? rows[i].box.top : 0;
        UINT right = rows[i].has_box ? rows[i].box.right : 8, bottom = rows[i].has_box ? rows[i].box.bottom : 8;
        ID3D11Resource *dst;

        print_message("row %u: %s\n", i, rows[i].name);
        dst = texture(device, 8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, rows[i].usage, rows[i].bind, rows[i].cpu, NULL, 0);
        /* Source rows 64 bytes apart: only the box's bytes of each are read. */
        ID3D11DeviceContext_UpdateSubresource(context, dst, 0, rows[i].has_box ? &rows[i].box : NULL, data, 64, 0);
        memset(expected, 0, sizeof(expected));
        for (y = top; rows[i].writes && y < bottom; ++y)
        {
            for (x = left; x < right; ++x)
                memcpy(expected + y * 32 + x * 4, data + (y - top) * 64 + (x - left) * 4, 4);
        }
        read_texture(device, dst, 8, 32, got);
        assert_memory_equal(got, expected, sizeof(got));
        ID3D11Resource_Release(dst);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

/* Buffers, 3D slices, refusals and UpdateSubresource1. */
static void test_update_more(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    ID3D11DeviceContext *context = immediate(device), *deferred = NULL;
    ID3D11DeviceContext1 *context1 = NULL;
    D3D11_TEXTURE3D_DESC desc3 = {2, 2, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
            0, 0};
    D3D11_BOX bytes = {4, 0, 0, 12, 1, 1}, slice = {0, 0, 1, 2, 2, 2};
    unsigned char data[64], got[64], expected[64];
    ID3D11Resource *buf, *staging, *ds, *tex3d, *staging3d;
    D3D11_MAPPED_SUBRESOURCE mapped;

    (void)state;
    fill(data, sizeof(data), 1);
    buf = buffer(device, 64, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0, NULL);
    staging = buffer(device, 64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0, NULL);
    ID3D11DeviceContext_UpdateSubresource(context, buf, 0, &bytes, data, 0, 0);
    ID3D11DeviceContext_UpdateSubresource(context, buf, 0, NULL, NULL, 0, 0); /* NULL data: nothing */
    ID3D11DeviceContext_UpdateSubresource(context, buf, 1, NULL, data, 0, 0); /* no subresource 1 */
    ID3D11DeviceContext_UpdateSubresource(context, NULL, 0, NULL, data, 0, 0);
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
    ID3D11DeviceContext_UpdateSubresource(deferred, buf, 0, NULL, data, 0, 0);
    ID3D11DeviceContext_CopyResource(context, staging, buf);
    read_rows(context, staging, 1, 64, got);
    memset(expected, 0, sizeof(expected));
    memcpy(expected + 4, data, 8);
    assert_memory_equal(got, expected, sizeof(got));

    /* Depth-stencil resources take no UpdateSubresource. */
    ds = texture(device, 4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, NULL, 0);
    ID3D11DeviceContext_UpdateSubresource(context, ds, 0, NULL, data, 16, 0);
    read_texture(device, ds, 4, 16, got);
    memset(expected, 0, sizeof(expected));
    assert_memory_equal(got, expected, sizeof(got));

    /* The second slice of a 2x2x2 texture, from slices 16 bytes apart. */
    assert_int_equal(ID3D11Device_CreateTexture3D(device, &desc3, NULL, (ID3D11Texture3D **)&tex3d), S_OK);
    desc3.Usage = D3D11_USAGE_STAGING;
    desc3.BindFlags = 0;
    desc3.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateTexture3D(device, &desc3, NULL, (ID3D11Texture3D **)&staging3d), S_OK);
    ID3D11DeviceContext_UpdateSubresource(context, tex3d, 0, &slice, data, 8, 16);
    ID3D11DeviceContext_CopyResource(context, staging3d, tex3d);
    assert_int_equal(ID3D11DeviceContext_Map(context, staging3d, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
    assert_int_equal(mapped.DepthPitch, 16);
    memcpy(expected + 16, data, 16);
    assert_memory_equal(mapped.pData, expected, 32);
    ID3D11DeviceContext_Unmap(context, staging3d, 0);

    /* UpdateSubresource1: DISCARD / NO_OVERWRITE write; other bits refuse. */
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext1, (void **)&context1), S_OK);
    ID3D11DeviceContext1_UpdateSubresource1(context1, buf, 0, NULL, data + 32, 0, 0, 0x10);
    ID3D11DeviceContext_CopyResource(context, staging, buf);
    read_rows(context, staging, 1, 64, got);
    assert_int_equal(got[0], 0);
    ID3D11DeviceContext1_UpdateSubresource1(context1, buf, 0, NULL, data, 0, 0, D3D11_COPY_DISCARD);
    ID3D11DeviceContext_CopyResource(context, staging, buf);
    read_rows(context, staging, 1, 64, got);
    assert_memory_equal(got, data, sizeof(got));

    ID3D11DeviceContext1_Release(context1);
    ID3D11Resource_Release(staging3d);
    ID3D11Resource_Release(tex3d);
    ID3D11Resource_Release(ds);
    ID3D11DeviceContext_Release(deferred);
    ID3D11Resource_Release(staging);
    ID3D11Resource_Release(buf);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- The debug layer names each refusal ---- */

static void test_copy_messages(void **state)
{
    static const struct
    {
        const char *name;
        D3D11_MESSAGE_ID id;
        const char *text;
    }
    rows[] =
    {
        {"CopyResource into IMMUTABLE", D3D11_MESSAGE_ID_COPYRESOURCE_INVALIDSOURCE, "the destination is IMMUTABLE"},
        {"CopySubresourceRegion of two families", D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION_INVALIDSOURCE,
                "the formats are not in one cast family"},
        {"CopySubresourceRegion1 with unknown flags", D3D11_MESSAGE_ID_COPYSUBRESOURCEREGION1_INVALIDCOPYFLAGS,
                "CopyFlags 0x80"},
        {"UpdateSubresource of STAGING", D3D11_MESSAGE_ID_UPDATESUBRESOURCE_INVALIDDESTINATIONSTATE, "is not DEFAULT"},
        {"UpdateSubresource1 with unknown flags", D3D11_MESSAGE_ID_UPDATESUBRESOURCE1_INVALIDCOPYFLAGS, "CopyFlags 0x40"},
    };
    ID3D11Device *device = create_device11(FL(11, 0), D3D11_CREATE_DEVICE_DEBUG);
    ID3D11DeviceContext *context = immediate(device);
    ID3D11DeviceContext1 *context1 = NULL;
    ID3D11InfoQueue *queue = NULL;
    unsigned char data[64] = {0};
    ID3D11Resource *immutable, *rgba, *bgra, *staging;
    unsigned int i;

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext1, (void **)&context1), S_OK);
    immutable = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0,
            data, 16);
    rgba = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL, 0);
    bgra = texture(device, 4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, NULL, 0);
    staging = texture(device, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_WRITE, NULL, 0);
    ID3D11InfoQueue_ClearStoredMessages(queue);
    ID3D11DeviceContext_CopyResource(context, immutable, rgba);
    ID3D11DeviceContext_CopySubresourceRegion(context, bgra, 0, 0, 0, 0, rgba, 0, NULL);
    ID3D11DeviceContext1_CopySubresourceRegion1(context1, bgra, 0, 0, 0, 0, rgba, 0, NULL, 0x80);
    ID3D11DeviceContext_UpdateSubresource(context, staging, 0, NULL, data, 16, 0);
    ID3D11DeviceContext1_UpdateSubresource1(context1, rgba, 0, NULL, data, 16, 0, 0x40);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), ARRAY_SIZE(rows));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        union { D3D11_MESSAGE message; unsigned char bytes[1024]; } buffer;
        SIZE_T length = sizeof(buffer);

        print_message("row %u: %s\n", i, rows[i].name);
        assert_int_equal(ID3D11InfoQueue_GetMessage(queue, i, &buffer.message, &length), S_OK);
        assert_int_equal(buffer.message.ID, rows[i].id);
        assert_int_equal(buffer.message.Severity, D3D11_MESSAGE_SEVERITY_ERROR);
        assert_int_equal(buffer.message.Category, D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION);
        assert_non_null(strstr(buffer.message.pDescription, rows[i].text));
        assert_non_null(strstr(buffer.message.pDescription, "nvidia-rtx-4090"));
    }

    ID3D11Resource_Release(staging);
    ID3D11Resource_Release(bgra);
    ID3D11Resource_Release(rgba);
    ID3D11Resource_Release(immutable);
    ID3D11InfoQueue_Release(queue);
    ID3D11DeviceContext1_Release(context1);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_copy_formats),
        cmocka_unit_test(test_copy_resource_rules),
        cmocka_unit_test(test_copy_region),
        cmocka_unit_test(test_copy_region_special),
        cmocka_unit_test(test_copy_edges),
        cmocka_unit_test(test_update_subresource),
        cmocka_unit_test(test_update_more),
        cmocka_unit_test(test_copy_messages),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
