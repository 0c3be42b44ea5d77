/*
 * Clears of the mock D3D11 runtime (src/d3d11/clear.c; docs/d3d11.md
 * "Clears"): ClearRenderTargetView, ClearDepthStencilView,
 * ClearUnorderedAccessViewUint/Float, read back through a STAGING copy. The
 * expected texels follow the D3D11 specification's conversions (UNORM and
 * SNORM saturate and round, sRGB from linear, float narrowing, the Uint
 * clear's unconverted low bits), as Wine's test_clear_* record Windows.
 * A conformance suite: the public D3D11 API only, on the default adapter
 * (tests/d3d11.cmake makes it the nvidia-rtx-4090 profile; docs/testing.md).
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

#include <math.h>

enum clear { RTV, UAV_UINT, UAV_FLOAT };

static ID3D11Device *create_device11(ID3D11DeviceContext **context)
{
    return create_d3d11_device(D3D_FEATURE_LEVEL_11_1, 0, context);
}

/* Every texel of a 2x2 texture equals `expected` (size bytes). */
static void check_texels(ID3D11Device *device, ID3D11DeviceContext *context, ID3D11Texture2D *texture,
        const uint8_t *expected, size_t size)
{
    D3D11_TEXTURE2D_DESC desc;
    D3D11_MAPPED_SUBRESOURCE map;
    ID3D11Texture2D *staging = NULL;
    unsigned int x, y;

    ID3D11Texture2D_GetDesc(texture, &desc);
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &staging), S_OK);
    ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging, (ID3D11Resource *)texture);
    assert_int_equal(ID3D11DeviceContext_Map(context, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &map), S_OK);
    for (y = 0; y < 2; ++y)
    {
        for (x = 0; x < 2; ++x)
            assert_memory_equal((const uint8_t *)map.pData + y * map.RowPitch + x * size, expected, size);
    }
    ID3D11DeviceContext_Unmap(context, (ID3D11Resource *)staging, 0);
    ID3D11Texture2D_Release(staging);
}

static void test_clear_rows(void **state)
{
    static const struct
    {
        const char *name;
        DXGI_FORMAT format;
        enum clear clear;
        float f[4];
        UINT u[4];
        uint8_t expected[16];
        size_t size;
    }
    rows[] =
    {
        {"Uint: the low 8 bits of each value", DXGI_FORMAT_R8G8B8A8_UINT, UAV_UINT, {0}, {0x101, 2, 3, 0xff},
                {0x01, 0x02, 0x03, 0xff}, 4},
        {"Uint on UNORM: unconverted", DXGI_FORMAT_R8G8B8A8_UNORM, UAV_UINT, {0}, {0x12, 0x34, 0x56, 0x78},
                {0x12, 0x34, 0x56, 0x78}, 4},
        {"Uint on R32G32B32A32", DXGI_FORMAT_R32G32B32A32_UINT, UAV_UINT, {0}, {1, 0x80000000u, 3, 0xffffffffu},
                {1, 0, 0, 0, 0, 0, 0, 0x80, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, 16},
        {"BGRA render target: R lands in byte 2", DXGI_FORMAT_B8G8R8A8_UNORM, RTV, {1.0f, 0.5f, 0.0f, 1.0f}, {0},
                {0x00, 0x80, 0xff, 0xff}, 4},
        {"UNORM saturates", DXGI_FORMAT_R8G8B8A8_UNORM, RTV, {2.0f, -1.0f, 0.25f, 1.0f}, {0},
                {0xff, 0x00, 0x40, 0xff}, 4},
        {"sRGB from linear (alpha linear)", DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, RTV, {0.5f, 0.0f, 1.0f, 0.5f}, {0},
                {0xbc, 0x00, 0xff, 0x80}, 4},
        {"SNORM: -1, 1, 0, -0.5", DXGI_FORMAT_R8G8B8A8_SNORM, RTV, {-1.0f, 1.0f, 0.0f, -0.5f}, {0},
                {0x81, 0x7f, 0x00, 0xc1}, 4},
        {"half floats", DXGI_FORMAT_R16G16_FLOAT, UAV_FLOAT, {1.0f, -2.0f, 0.0f, 0.0f}, {0},
                {0x00, 0x3c, 0x00, 0xc0}, 4},
        {"float on a UINT channel saturates", DXGI_FORMAT_R16_UINT, UAV_FLOAT, {70000.0f, 0.0f, 0.0f, 0.0f}, {0},
                {0xff, 0xff}, 2},
        {"R11G11B10: ones", DXGI_FORMAT_R11G11B10_FLOAT, RTV, {1.0f, 1.0f, 1.0f, 0.0f}, {0},
                {0xc0, 0x03, 0x1e, 0x78}, 4},
        {"R10G10B10A2: 1, 0, 1, 1", DXGI_FORMAT_R10G10B10A2_UNORM, RTV, {1.0f, 0.0f, 1.0f, 1.0f}, {0},
                {0xff, 0x03, 0xf0, 0xff}, 4},
        {"R32_FLOAT", DXGI_FORMAT_R32_FLOAT, RTV, {0.5f, 0.0f, 0.0f, 0.0f}, {0}, {0x00, 0x00, 0x00, 0x3f}, 4},
        {"SINT saturates both ways", DXGI_FORMAT_R16G16_SINT, UAV_FLOAT, {40000.0f, -40000.0f, 0.0f, 0.0f}, {0},
                {0xff, 0x7f, 0x00, 0x80}, 4},
        {"NaN is 0 in UNORM", DXGI_FORMAT_R8G8B8A8_UNORM, RTV, {NAN, 1.0f, 1.0f, 1.0f}, {0},
                {0x00, 0xff, 0xff, 0xff}, 4},
        {"halves: overflow to infinity, a subnormal, NaN, underflow to 0", DXGI_FORMAT_R16G16B16A16_FLOAT, UAV_FLOAT,
                {65536.0f, 1e-6f, NAN, 1e-10f}, {0}, {0x00, 0x7c, 0x11, 0x00, 0x00, 0x7e, 0x00, 0x00}, 8},
        {"sRGB: the linear segment", DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, RTV, {0.001f, 0.0f, 0.0f, 0.0f}, {0},
                {0x00, 0x00, 0x03, 0x00}, 4},
        {"R11G11B10: negatives are 0", DXGI_FORMAT_R11G11B10_FLOAT, RTV, {-1.0f, 0.0f, 0.0f, 0.0f}, {0},
                {0x00, 0x00, 0x00, 0x00}, 4},
        {"a render target of UINT channels: truncated, saturated, NaN 0", DXGI_FORMAT_R8G8B8A8_UINT, RTV, {3.7f, -1.0f, 300.0f, NAN}, {0},
                {0x03, 0x00, 0xff, 0x00}, 4},
    };
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11DeviceContext *context = NULL;
        ID3D11Device *device = create_device11(&context);
        D3D11_TEXTURE2D_DESC desc = {2, 2, 1, 1, rows[i].format, {1, 0}, D3D11_USAGE_DEFAULT,
                rows[i].clear == RTV ? D3D11_BIND_RENDER_TARGET : D3D11_BIND_UNORDERED_ACCESS, 0, 0};
        ID3D11Texture2D *texture = NULL;
        ID3D11View *view = NULL;

        print_message("row %u: %s\n", i, rows[i].name);
        assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &texture), S_OK);
        if (rows[i].clear == RTV)
        {
            assert_int_equal(ID3D11Device_CreateRenderTargetView(device, (ID3D11Resource *)texture, NULL,
                    (ID3D11RenderTargetView **)&view), S_OK);
            ID3D11DeviceContext_ClearRenderTargetView(context, (ID3D11RenderTargetView *)view, rows[i].f);
        }
        else
        {
            assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)texture, NULL,
                    (ID3D11UnorderedAccessView **)&view), S_OK);
            if (rows[i].clear == UAV_UINT)
                ID3D11DeviceContext_ClearUnorderedAccessViewUint(context, (ID3D11UnorderedAccessView *)view, rows[i].u);
            else
                ID3D11DeviceContext_ClearUnorderedAccessViewFloat(context, (ID3D11UnorderedAccessView *)view, rows[i].f);
        }
        check_texels(device, context, texture, rows[i].expected, rows[i].size);
        ID3D11View_Release(view);
        ID3D11Texture2D_Release(texture);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

static void test_clear_depth_stencil(void **state)
{
    static const uint8_t both[4] = {0x00, 0x00, 0x80, 0x07}, stencil_only[4] = {0x00, 0x00, 0x80, 0x09};
    static const uint8_t d32[4] = {0x00, 0x00, 0x80, 0x3e}, one[4] = {0x00, 0x00, 0x80, 0x3f}, zero[4] = {0};
    ID3D11DeviceContext *context = NULL, *deferred = NULL;
    ID3D11Device *device = create_device11(&context);
    D3D11_TEXTURE2D_DESC desc = {2, 2, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_DEPTH_STENCIL, 0, 0};
    ID3D11Texture2D *texture = NULL, *texture32 = NULL;
    ID3D11DepthStencilView *dsv = NULL, *dsv32 = NULL;

    (void)state;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &texture), S_OK);
    assert_int_equal(ID3D11Device_CreateDepthStencilView(device, (ID3D11Resource *)texture, NULL, &dsv), S_OK);
    /* D24 of 0.5 is 0x800000 (rounded), S8 7. */
    ID3D11DeviceContext_ClearDepthStencilView(context, dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.5f, 7);
    check_texels(device, context, texture, both, 4);
    /* Stencil alone keeps the depth; no flags, and a deferred context, change nothing. */
    ID3D11DeviceContext_ClearDepthStencilView(context, dsv, D3D11_CLEAR_STENCIL, 1.0f, 9);
    ID3D11DeviceContext_ClearDepthStencilView(context, dsv, 0, 1.0f, 1);
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
    ID3D11DeviceContext_ClearDepthStencilView(deferred, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    check_texels(device, context, texture, stencil_only, 4);
    /* D32: the float, depth clamped to [0, 1]. */
    desc.Format = DXGI_FORMAT_D32_FLOAT;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &texture32), S_OK);
    assert_int_equal(ID3D11Device_CreateDepthStencilView(device, (ID3D11Resource *)texture32, NULL, &dsv32), S_OK);
    ID3D11DeviceContext_ClearDepthStencilView(context, dsv32, D3D11_CLEAR_DEPTH, 0.25f, 0);
    check_texels(device, context, texture32, d32, 4);
    ID3D11DeviceContext_ClearDepthStencilView(context, dsv32, D3D11_CLEAR_DEPTH, 2.0f, 0);
    check_texels(device, context, texture32, one, 4);
    ID3D11DeviceContext_ClearDepthStencilView(context, dsv32, D3D11_CLEAR_DEPTH, -1.0f, 0);
    check_texels(device, context, texture32, zero, 4);
    ID3D11DeviceContext_Release(deferred);
    ID3D11DepthStencilView_Release(dsv32);
    ID3D11Texture2D_Release(texture32);
    ID3D11DepthStencilView_Release(dsv);
    ID3D11Texture2D_Release(texture);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* NULL views and values, and a view of another kind, clear nothing. */
static void test_clear_no_ops(void **state)
{
    static const float color[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static const UINT values[4] = {1, 1, 1, 1};
    static const uint8_t zeros[4] = {0};
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = create_device11(&context);
    D3D11_TEXTURE2D_DESC desc = {2, 2, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    ID3D11Texture2D *texture = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;

    (void)state;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &texture), S_OK);
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, (ID3D11Resource *)texture, NULL, &rtv), S_OK);
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)texture, NULL, &uav), S_OK);
    ID3D11DeviceContext_ClearRenderTargetView(context, NULL, color);
    ID3D11DeviceContext_ClearRenderTargetView(context, rtv, NULL);
    ID3D11DeviceContext_ClearRenderTargetView(context, (ID3D11RenderTargetView *)uav, color);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(context, NULL, values);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(context, uav, NULL);
    ID3D11DeviceContext_ClearUnorderedAccessViewFloat(context, (ID3D11UnorderedAccessView *)rtv, color);
    ID3D11DeviceContext_ClearUnorderedAccessViewFloat(context, uav, NULL);
    ID3D11DeviceContext_ClearDepthStencilView(context, NULL, D3D11_CLEAR_DEPTH, 1.0f, 0);
    check_texels(device, context, texture, zeros, 4);
    ID3D11UnorderedAccessView_Release(uav);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(texture);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Raw and structured buffer views: Values[0] in every word of their range. */
static void test_clear_buffers(void **state)
{
    static const UINT values[4] = {0xdeadbeef, 1, 2, 3};
    static const float floats[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = create_device11(&context);
    D3D11_BUFFER_DESC desc = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
            D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
    D3D11_BUFFER_DESC staging_desc = {64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
    D3D11_UNORDERED_ACCESS_VIEW_DESC uav_desc;
    ID3D11Buffer *buffer = NULL, *staging = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    D3D11_MAPPED_SUBRESOURCE map;
    const UINT *words;
    unsigned int i;

    (void)state;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &desc, NULL, &buffer), S_OK);
    assert_int_equal(ID3D11Device_CreateBuffer(device, &staging_desc, NULL, &staging), S_OK);
    memset(&uav_desc, 0, sizeof(uav_desc));
    uav_desc.Format = DXGI_FORMAT_R32_TYPELESS;
    uav_desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    uav_desc.Buffer.FirstElement = 8;
    uav_desc.Buffer.NumElements = 4;
    uav_desc.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)buffer, &uav_desc, &uav), S_OK);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(context, uav, values);
    ID3D11DeviceContext_ClearUnorderedAccessViewFloat(context, uav, floats); /* raw: no format, nothing */
    ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging, (ID3D11Resource *)buffer);
    assert_int_equal(ID3D11DeviceContext_Map(context, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0, &map), S_OK);
    words = map.pData;
    for (i = 0; i < 16; ++i)
        assert_int_equal(words[i], i >= 8 && i < 12 ? 0xdeadbeef : 0);
    ID3D11DeviceContext_Unmap(context, (ID3D11Resource *)staging, 0);
    ID3D11UnorderedAccessView_Release(uav);
    ID3D11Buffer_Release(staging);
    ID3D11Buffer_Release(buffer);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Only the view's slices: a 2D array's, a 3D texture's W slices; a typed buffer's elements. */
static void test_clear_ranges(void **state)
{
    static const UINT seven[4] = {7, 8, 9, 10};
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = create_device11(&context);
    D3D11_TEXTURE3D_DESC desc3 = {2, 2, 4, 1, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS,
            0, 0};
    D3D11_TEXTURE2D_DESC desc2 = {2, 2, 1, 4, DXGI_FORMAT_R32_UINT, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BUFFER_DESC buffer_desc = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0};
    D3D11_UNORDERED_ACCESS_VIEW_DESC uav_desc;
    D3D11_RENDER_TARGET_VIEW_DESC rtv_desc;
    ID3D11Texture3D *texture3 = NULL, *staging3 = NULL;
    ID3D11Texture2D *texture2 = NULL, *staging2 = NULL;
    ID3D11Buffer *buffer = NULL, *staging_buffer = NULL;
    ID3D11UnorderedAccessView *uav = NULL, *buffer_uav = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    static const float color[4] = {5.0f, 0.0f, 0.0f, 0.0f};
    D3D11_MAPPED_SUBRESOURCE map;
    unsigned int z;

    (void)state;
    assert_int_equal(ID3D11Device_CreateTexture3D(device, &desc3, NULL, &texture3), S_OK);
    memset(&uav_desc, 0, sizeof(uav_desc));
    uav_desc.Format = DXGI_FORMAT_R32_UINT;
    uav_desc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
    uav_desc.Texture3D.FirstWSlice = 1;
    uav_desc.Texture3D.WSize = 2;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)texture3, &uav_desc, &uav), S_OK);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(context, uav, seven);
    desc3.Usage = D3D11_USAGE_STAGING;
    desc3.BindFlags = 0;
    desc3.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateTexture3D(device, &desc3, NULL, &staging3), S_OK);
    ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging3, (ID3D11Resource *)texture3);
    assert_int_equal(ID3D11DeviceContext_Map(context, (ID3D11Resource *)staging3, 0, D3D11_MAP_READ, 0, &map), S_OK);
    for (z = 0; z < 4; ++z)
        assert_int_equal(*(const UINT *)((const uint8_t *)map.pData + z * map.DepthPitch), z == 1 || z == 2 ? 7 : 0);
    ID3D11DeviceContext_Unmap(context, (ID3D11Resource *)staging3, 0);

    /* Slice 2 of four, as a render target: R32_UINT takes 5.0 as 5. */
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc2, NULL, &texture2), S_OK);
    memset(&rtv_desc, 0, sizeof(rtv_desc));
    rtv_desc.Format = DXGI_FORMAT_R32_UINT;
    rtv_desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
    rtv_desc.Texture2DArray.FirstArraySlice = 2;
    rtv_desc.Texture2DArray.ArraySize = 1;
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, (ID3D11Resource *)texture2, &rtv_desc, &rtv), S_OK);
    ID3D11DeviceContext_ClearRenderTargetView(context, rtv, color);
    desc2.Usage = D3D11_USAGE_STAGING;
    desc2.BindFlags = 0;
    desc2.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc2, NULL, &staging2), S_OK);
    ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging2, (ID3D11Resource *)texture2);
    for (z = 0; z < 4; ++z)
    {
        assert_int_equal(ID3D11DeviceContext_Map(context, (ID3D11Resource *)staging2, z, D3D11_MAP_READ, 0, &map), S_OK);
        assert_int_equal(*(const UINT *)map.pData, z == 2 ? 5 : 0);
        ID3D11DeviceContext_Unmap(context, (ID3D11Resource *)staging2, z);
    }

    /* Elements 2 and 3 of an R32G32_UINT buffer view. */
    assert_int_equal(ID3D11Device_CreateBuffer(device, &buffer_desc, NULL, &buffer), S_OK);
    memset(&uav_desc, 0, sizeof(uav_desc));
    uav_desc.Format = DXGI_FORMAT_R32G32_UINT;
    uav_desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    uav_desc.Buffer.FirstElement = 2;
    uav_desc.Buffer.NumElements = 2;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)buffer, &uav_desc, &buffer_uav),
            S_OK);
    ID3D11DeviceContext_ClearUnorderedAccessViewUint(context, buffer_uav, seven);
    buffer_desc.Usage = D3D11_USAGE_STAGING;
    buffer_desc.BindFlags = 0;
    buffer_desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &buffer_desc, NULL, &staging_buffer), S_OK);
    ID3D11DeviceContext_CopyResource(context, (ID3D11Resource *)staging_buffer, (ID3D11Resource *)buffer);
    assert_int_equal(ID3D11DeviceContext_Map(context, (ID3D11Resource *)staging_buffer, 0, D3D11_MAP_READ, 0, &map), S_OK);
    for (z = 0; z < 16; ++z)
        assert_int_equal(((const UINT *)map.pData)[z], z >= 4 && z < 8 ? (z % 2 ? 8 : 7) : 0);
    ID3D11DeviceContext_Unmap(context, (ID3D11Resource *)staging_buffer, 0);

    ID3D11Buffer_Release(staging_buffer);
    ID3D11UnorderedAccessView_Release(buffer_uav);
    ID3D11Buffer_Release(buffer);
    ID3D11Texture2D_Release(staging2);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Texture2D_Release(texture2);
    ID3D11Texture3D_Release(staging3);
    ID3D11UnorderedAccessView_Release(uav);
    ID3D11Texture3D_Release(texture3);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_clear_rows),
        cmocka_unit_test(test_clear_depth_stencil),
        cmocka_unit_test(test_clear_buffers),
        cmocka_unit_test(test_clear_ranges),
        cmocka_unit_test(test_clear_no_ops),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
