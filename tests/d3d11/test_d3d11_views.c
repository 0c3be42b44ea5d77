/*
 * Views of the mock D3D11 runtime's resources (src/d3d11/view.c;
 * docs/d3d11.md "Views"): CreateShaderResourceView, CreateRenderTargetView,
 * CreateDepthStencilView, CreateUnorderedAccessView and their ...1 forms,
 * through the exported entry points only. Rows citing Windows come from
 * Wine's dlls/d3d11/tests/d3d11.c (test_create_shader_resource_view,
 * test_create_rendertarget_view, test_create_depthstencil_view,
 * test_create_unordered_access_view), which pass on Windows.
 * A conformance suite: the public D3D11 API only, on the default adapter
 * (tests/d3d11.cmake makes it the nvidia-rtx-4090 profile; docs/testing.md).
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

#define ALL (~0u)

static ID3D11Device *create_device11(D3D_FEATURE_LEVEL level, UINT flags)
{
    return create_d3d11_device(level, flags, NULL);
}

/* A texture: 2D (depth_or_array slices, cube when `cube`) or 3D (depth). */
static ID3D11Resource *texture(ID3D11Device *device, BOOL is_3d, UINT mips, UINT depth_or_array, DXGI_FORMAT format,
        UINT bind, BOOL cube, UINT samples)
{
    ID3D11Resource *resource = NULL;

    if (is_3d)
    {
        D3D11_TEXTURE3D_DESC desc = {64, 64, depth_or_array, mips, format, D3D11_USAGE_DEFAULT, bind, 0, 0};

        assert_int_equal(ID3D11Device_CreateTexture3D(device, &desc, NULL, (ID3D11Texture3D **)&resource), S_OK);
    }
    else
    {
        D3D11_TEXTURE2D_DESC desc = {512, 512, mips, depth_or_array, format, {samples, 0}, D3D11_USAGE_DEFAULT, bind, 0,
                cube ? D3D11_RESOURCE_MISC_TEXTURECUBE : 0};

        assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, (ID3D11Texture2D **)&resource), S_OK);
    }
    return resource;
}

/* ---- Shader resource views ---- */

/* A view description as (dimension, a, b, c, d): the union's UINTs in order. */
struct view_row
{
    const char *name;
    BOOL is_3d, cube;
    UINT mips, depth_or_array;
    DXGI_FORMAT texture_format;
    BOOL has_desc;
    DXGI_FORMAT format;
    UINT dimension, a, b, c, d;
    HRESULT hr;
    UINT e_dimension, ea, eb, ec, ed;   /* GetDesc, when hr is S_OK */
};

static void check_union(const char *name, const UINT *got, UINT a, UINT b, UINT c, UINT d)
{
    print_message("%s: got %u %u %u %u\n", name, got[0], got[1], got[2], got[3]);
    assert_int_equal(got[0], a);
    assert_int_equal(got[1], b);
    assert_int_equal(got[2], c);
    assert_int_equal(got[3], d);
}

#define RGBA DXGI_FORMAT_R8G8B8A8_UNORM
#define RGBA_TL DXGI_FORMAT_R8G8B8A8_TYPELESS

static void test_srv_rows(void **state)
{
    static const struct view_row rows[] =
    {
        {"default of a 10-mip 2D", FALSE, FALSE, 10, 1, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_SRV_DIMENSION_TEXTURE2D, 0, 10, 0, 0},
        {"MipLevels ~0u runs to the last mip", FALSE, FALSE, 10, 4, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
                3, ALL, 1, ALL, S_OK, D3D11_SRV_DIMENSION_TEXTURE2DARRAY, 3, 7, 1, 3},
        {"default of an array", FALSE, FALSE, 10, 4, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_SRV_DIMENSION_TEXTURE2DARRAY, 0, 10, 0, 4},
        {"typeless texture, typed view", FALSE, FALSE, 1, 1, RGBA_TL, TRUE, DXGI_FORMAT_R8G8B8A8_UINT,
                D3D11_SRV_DIMENSION_TEXTURE2D, 0, ALL, 0, 0, S_OK, D3D11_SRV_DIMENSION_TEXTURE2D, 0, 1, 0, 0},
        {"2DMS view of a 1-sample texture (Windows accepts)", FALSE, FALSE, 1, 1, RGBA, TRUE, 0,
                D3D11_SRV_DIMENSION_TEXTURE2DMS, 0, 0, 0, 0, S_OK, D3D11_SRV_DIMENSION_TEXTURE2DMS, 0, 0, 0, 0},
        {"default of a 6-face cube", FALSE, TRUE, 2, 6, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_SRV_DIMENSION_TEXTURECUBE, 0, 2, 0, 0},
        {"default of 9 faces: one cube", FALSE, TRUE, 2, 9, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_SRV_DIMENSION_TEXTURECUBE, 0, 2, 0, 0},
        {"default of 18 faces: three cubes", FALSE, TRUE, 1, 18, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, 0, 1, 0, 3},
        {"cube array, NumCubes ~0u", FALSE, TRUE, 1, 8, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURECUBEARRAY,
                0, ALL, 0, ALL, S_OK, D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, 0, 1, 0, 1},
        {"default of a 3D texture", TRUE, FALSE, 4, 12, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_SRV_DIMENSION_TEXTURE3D, 0, 4, 0, 0},
        {"typeless view format", FALSE, FALSE, 1, 1, RGBA, TRUE, RGBA_TL, D3D11_SRV_DIMENSION_TEXTURE2D, 0, 1, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0, 0},
        {"UNKNOWN view of a typeless texture", FALSE, FALSE, 1, 1, RGBA_TL, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE2D,
                0, 1, 0, 0, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"NULL description of a typeless texture", FALSE, FALSE, 1, 1, RGBA_TL, FALSE, 0, 0, 0, 0, 0, 0, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"a typed texture is not cast (UINT of UNORM)", FALSE, FALSE, 1, 1, RGBA, TRUE, DXGI_FORMAT_R8G8B8A8_UINT,
                D3D11_SRV_DIMENSION_TEXTURE2D, 0, 1, 0, 0, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"nor SRGB of UNORM", FALSE, FALSE, 1, 1, RGBA, TRUE, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                D3D11_SRV_DIMENSION_TEXTURE2D, 0, 1, 0, 0, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"MipLevels 0", FALSE, FALSE, 1, 1, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE2D, 0, 0, 0, 0, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"MipLevels past the last", FALSE, FALSE, 1, 1, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE2D, 0, 2, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0, 0},
        {"ArraySize past the last slice", FALSE, FALSE, 1, 1, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
                0, 1, 0, 2, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"1D view of a 2D texture", FALSE, FALSE, 1, 1, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE1D, 0, 1, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0, 0},
        {"3D view of a 2D texture", FALSE, FALSE, 1, 1, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE3D, 0, 1, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0, 0},
        {"cube view of a texture without TEXTURECUBE", FALSE, FALSE, 1, 6, RGBA, TRUE, 0,
                D3D11_SRV_DIMENSION_TEXTURECUBE, 0, 1, 0, 0, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"a cube array past the faces", FALSE, TRUE, 1, 7, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURECUBEARRAY,
                0, 1, 2, 1, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"a cube array from a face past the last, ~0u cubes", FALSE, TRUE, 1, 6, RGBA, TRUE, 0,
                D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, 0, 1, 6, ALL, E_INVALIDARG, 0, 0, 0, 0, 0},
        {"MostDetailedMip past the mips", FALSE, FALSE, 2, 1, RGBA, TRUE, 0, D3D11_SRV_DIMENSION_TEXTURE2D, 2, ALL, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0, 0},
        {"an unknown dimension", FALSE, FALSE, 1, 1, RGBA, TRUE, RGBA, D3D11_SRV_DIMENSION_UNKNOWN, 0, 0, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0, 0},
    };
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct view_row *row = &rows[i];
        ID3D11Resource *resource = texture(device, row->is_3d, row->mips, row->depth_or_array, row->texture_format,
                D3D11_BIND_SHADER_RESOURCE, row->cube, 1);
        D3D11_SHADER_RESOURCE_VIEW_DESC desc, got;
        ID3D11ShaderResourceView *view = (void *)0xdeadbeef;
        UINT *u = (UINT *)&desc.Buffer;
        HRESULT hr;

        print_message("row %u: %s\n", i, row->name);
        memset(&desc, 0, sizeof(desc));
        desc.Format = row->format;
        desc.ViewDimension = row->dimension;
        u[0] = row->a;
        u[1] = row->b;
        u[2] = row->c;
        u[3] = row->d;
        hr = ID3D11Device_CreateShaderResourceView(device, resource, row->has_desc ? &desc : NULL, &view);
        assert_int_equal(hr, row->hr);
        if (hr == S_OK)
        {
            ID3D11ShaderResourceView_GetDesc(view, &got);
            assert_int_equal(got.ViewDimension, row->e_dimension);
            assert_int_equal(got.Format, row->format && row->has_desc ? row->format : row->texture_format);
            check_union(row->name, (UINT *)&got.Buffer, row->ea, row->eb, row->ec, row->ed);
            ID3D11ShaderResourceView_Release(view);
        }
        else
            assert_null(view);
        ID3D11Resource_Release(resource);
    }
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Render-target, depth-stencil and unordered-access views ---- */

static void test_rtv_dsv_uav_rows(void **state)
{
    static const struct
    {
        const char *name;
        int kind; /* 0 RTV, 1 DSV, 2 UAV */
        BOOL is_3d;
        UINT mips, depth_or_array;
        DXGI_FORMAT texture_format;
        BOOL has_desc;
        DXGI_FORMAT format;
        UINT dimension, a, b, c, flags;
        HRESULT hr;
        UINT e_dimension, ea, eb, ec;
    }
    rows[] =
    {
        {"RTV default of a 3D texture: every W slice", 0, TRUE, 2, 6, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_RTV_DIMENSION_TEXTURE3D, 0, 0, 6},
        {"RTV of mip 1 of a depth-8 texture: WSize ~0u is 4", 0, TRUE, 6, 8, RGBA, TRUE, 0,
                D3D11_RTV_DIMENSION_TEXTURE3D, 1, 0, ALL, 0, S_OK, D3D11_RTV_DIMENSION_TEXTURE3D, 1, 0, 4},
        {"RTV WSize past the mip's depth", 0, TRUE, 4, 8, RGBA, TRUE, 0, D3D11_RTV_DIMENSION_TEXTURE3D, 3, 0, 2, 0,
                E_INVALIDARG, 0, 0, 0, 0},
        {"RTV array from slice 2", 0, FALSE, 10, 4, RGBA, TRUE, 0, D3D11_RTV_DIMENSION_TEXTURE2DARRAY, 0, 2, ALL, 0,
                S_OK, D3D11_RTV_DIMENSION_TEXTURE2DARRAY, 0, 2, 2},
        {"RTV MipSlice past the last", 0, FALSE, 1, 1, RGBA, TRUE, 0, D3D11_RTV_DIMENSION_TEXTURE2D, 1, 0, 0, 0,
                E_INVALIDARG, 0, 0, 0, 0},
        {"RTV of a typeless texture as SNORM", 0, FALSE, 1, 1, DXGI_FORMAT_R8G8B8A8_TYPELESS, TRUE,
                DXGI_FORMAT_R8G8B8A8_SNORM, D3D11_RTV_DIMENSION_TEXTURE2D, 0, 0, 0, 0, S_OK,
                D3D11_RTV_DIMENSION_TEXTURE2D, 0, 0, 0},
        {"DSV default of a D24S8 array", 1, FALSE, 10, 4, DXGI_FORMAT_D24_UNORM_S8_UINT, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_DSV_DIMENSION_TEXTURE2DARRAY, 0, 0, 4},
        {"DSV of R24G8_TYPELESS through D24S8", 1, FALSE, 1, 1, DXGI_FORMAT_R24G8_TYPELESS, TRUE,
                DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_DSV_DIMENSION_TEXTURE2D, 0, 0, 0, 0, S_OK,
                D3D11_DSV_DIMENSION_TEXTURE2D, 0, 0, 0},
        {"DSV read-only depth", 1, FALSE, 1, 1, DXGI_FORMAT_D32_FLOAT, TRUE, 0, D3D11_DSV_DIMENSION_TEXTURE2D, 0, 0, 0,
                D3D11_DSV_READ_ONLY_DEPTH, S_OK, D3D11_DSV_DIMENSION_TEXTURE2D, 0, 0, 0},
        {"DSV of R24_UNORM_X8 (no DEPTH_STENCIL)", 1, FALSE, 1, 1, DXGI_FORMAT_R24G8_TYPELESS, TRUE,
                DXGI_FORMAT_R24_UNORM_X8_TYPELESS, D3D11_DSV_DIMENSION_TEXTURE2D, 0, 0, 0, 0, E_INVALIDARG, 0, 0, 0, 0},
        {"DSV unknown flags", 1, FALSE, 1, 1, DXGI_FORMAT_D32_FLOAT, TRUE, 0, D3D11_DSV_DIMENSION_TEXTURE2D, 0, 0, 0,
                0x4, E_INVALIDARG, 0, 0, 0, 0},
        {"DSV unknown dimension", 1, FALSE, 1, 1, DXGI_FORMAT_D32_FLOAT, TRUE, 0, D3D11_DSV_DIMENSION_UNKNOWN, 0, 0, 0,
                0, E_INVALIDARG, 0, 0, 0, 0},
        {"UAV default of a 3D texture", 2, TRUE, 1, 6, RGBA, FALSE, 0, 0, 0, 0, 0, 0, S_OK,
                D3D11_UAV_DIMENSION_TEXTURE3D, 0, 0, 6},
        {"UAV of an SRGB-family texture as UNORM", 2, FALSE, 1, 1, RGBA_TL, TRUE, RGBA, D3D11_UAV_DIMENSION_TEXTURE2D,
                0, 0, 0, 0, S_OK, D3D11_UAV_DIMENSION_TEXTURE2D, 0, 0, 0},
        {"UAV of a dimension UAVs have not (2DMS)", 2, FALSE, 1, 1, RGBA, TRUE, RGBA, D3D11_SRV_DIMENSION_TEXTURE2DMS,
                0, 0, 0, 0, E_INVALIDARG, 0, 0, 0, 0},
        {"UAV as SRGB: no typed UAV", 2, FALSE, 1, 1, RGBA_TL, TRUE, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                D3D11_UAV_DIMENSION_TEXTURE2D, 0, 0, 0, 0, E_INVALIDARG, 0, 0, 0, 0},
    };
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        static const UINT binds[] = {D3D11_BIND_RENDER_TARGET, D3D11_BIND_DEPTH_STENCIL, D3D11_BIND_UNORDERED_ACCESS};
        ID3D11Resource *resource = texture(device, rows[i].is_3d, rows[i].mips, rows[i].depth_or_array,
                rows[i].texture_format, binds[rows[i].kind], FALSE, 1);
        union { D3D11_RENDER_TARGET_VIEW_DESC rtv; D3D11_DEPTH_STENCIL_VIEW_DESC dsv; D3D11_UNORDERED_ACCESS_VIEW_DESC uav; }
                desc, got;
        UINT *u = rows[i].kind == 1 ? (UINT *)&desc.dsv.Texture2D : (UINT *)&desc.rtv.Buffer, *g;
        ID3D11View *view = (void *)0xdeadbeef;
        HRESULT hr;

        print_message("row %u: %s\n", i, rows[i].name);
        memset(&desc, 0, sizeof(desc));
        desc.rtv.Format = rows[i].format;
        desc.rtv.ViewDimension = rows[i].dimension;
        if (rows[i].kind == 1)
            desc.dsv.Flags = rows[i].flags;
        u[0] = rows[i].a;
        u[1] = rows[i].b;
        u[2] = rows[i].c;
        if (rows[i].kind == 0)
            hr = ID3D11Device_CreateRenderTargetView(device, resource, rows[i].has_desc ? &desc.rtv : NULL,
                    (ID3D11RenderTargetView **)&view);
        else if (rows[i].kind == 1)
            hr = ID3D11Device_CreateDepthStencilView(device, resource, rows[i].has_desc ? &desc.dsv : NULL,
                    (ID3D11DepthStencilView **)&view);
        else
            hr = ID3D11Device_CreateUnorderedAccessView(device, resource, rows[i].has_desc ? &desc.uav : NULL,
                    (ID3D11UnorderedAccessView **)&view);
        assert_int_equal(hr, rows[i].hr);
        if (hr != S_OK)
        {
            assert_null(view);
            ID3D11Resource_Release(resource);
            continue;
        }
        memset(&got, 0xcc, sizeof(got));
        if (rows[i].kind == 0)
            ID3D11RenderTargetView_GetDesc((ID3D11RenderTargetView *)view, &got.rtv);
        else if (rows[i].kind == 1)
            ID3D11DepthStencilView_GetDesc((ID3D11DepthStencilView *)view, &got.dsv);
        else
            ID3D11UnorderedAccessView_GetDesc((ID3D11UnorderedAccessView *)view, &got.uav);
        assert_int_equal(got.rtv.ViewDimension, rows[i].e_dimension);
        assert_int_equal(got.rtv.Format, rows[i].format ? rows[i].format : rows[i].texture_format);
        g = rows[i].kind == 1 ? (UINT *)&got.dsv.Texture2D : (UINT *)&got.rtv.Buffer;
        assert_int_equal(g[0], rows[i].ea);
        if (rows[i].e_dimension != D3D11_RTV_DIMENSION_TEXTURE2D)
        {
            assert_int_equal(g[1], rows[i].eb);
            assert_int_equal(g[2], rows[i].ec);
        }
        if (rows[i].kind == 1)
            assert_int_equal(got.dsv.Flags, rows[i].flags);
        ID3D11View_Release(view);
        ID3D11Resource_Release(resource);
    }
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Read-only depth-stencil views need 11_0. */
static void test_dsv_levels(void **state)
{
    ID3D11Device *device = create_device11(FL(10, 0), 0);
    ID3D11Resource *resource = texture(device, FALSE, 1, 1, DXGI_FORMAT_D32_FLOAT, D3D11_BIND_DEPTH_STENCIL, FALSE, 1);
    D3D11_DEPTH_STENCIL_VIEW_DESC desc;
    ID3D11DepthStencilView *view = NULL;

    (void)state;
    memset(&desc, 0, sizeof(desc));
    desc.Format = DXGI_FORMAT_D32_FLOAT;
    desc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
    desc.Flags = D3D11_DSV_READ_ONLY_DEPTH;
    assert_int_equal(ID3D11Device_CreateDepthStencilView(device, resource, &desc, &view), E_INVALIDARG);
    desc.Flags = 0;
    assert_int_equal(ID3D11Device_CreateDepthStencilView(device, resource, &desc, &view), S_OK);
    ID3D11DepthStencilView_Release(view);
    ID3D11Resource_Release(resource);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Buffer views ---- */

static void test_buffer_views(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    D3D11_BUFFER_DESC typed_desc = {1024, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET
            | D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0};
    D3D11_BUFFER_DESC structured_desc = {1024, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE
            | D3D11_BIND_UNORDERED_ACCESS, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4};
    D3D11_BUFFER_DESC raw_desc = {1024, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
            0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
    D3D11_BUFFER_DESC no_srv_desc = {1024, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    ID3D11Buffer *typed, *structured, *raw, *no_srv;
    D3D11_SHADER_RESOURCE_VIEW_DESC srv;
    D3D11_RENDER_TARGET_VIEW_DESC rtv;
    D3D11_UNORDERED_ACCESS_VIEW_DESC uav;
    ID3D11ShaderResourceView *srview = NULL;
    ID3D11RenderTargetView *rtview = NULL;
    ID3D11UnorderedAccessView *uaview = NULL;

    (void)state;
    memset(&srv, 0, sizeof(srv));
    srv.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    memset(&rtv, 0, sizeof(rtv));
    rtv.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    rtv.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
    memset(&uav, 0, sizeof(uav));
    uav.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &typed_desc, NULL, &typed), S_OK);
    assert_int_equal(ID3D11Device_CreateBuffer(device, &structured_desc, NULL, &structured), S_OK);
    assert_int_equal(ID3D11Device_CreateBuffer(device, &raw_desc, NULL, &raw), S_OK);
    assert_int_equal(ID3D11Device_CreateBuffer(device, &no_srv_desc, NULL, &no_srv), S_OK);

    /* Typed: 64 elements of 16 bytes fill 1024; 65 do not; no NULL description. */
    srv.Buffer.NumElements = 64;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)typed, &srv, &srview), S_OK);
    ID3D11ShaderResourceView_Release(srview);
    srv.Buffer.FirstElement = 1;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)typed, &srv, &srview), E_INVALIDARG);
    srv.Buffer.FirstElement = 0;
    srv.Buffer.NumElements = 0;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)typed, &srv, &srview), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)typed, NULL, &srview), E_INVALIDARG);
    srv.Buffer.NumElements = 64;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)no_srv, &srv, &srview), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, NULL, &srv, &srview), E_INVALIDARG);
    rtv.Buffer.NumElements = 64;
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, (ID3D11Resource *)typed, &rtv, &rtview), S_OK);
    ID3D11RenderTargetView_Release(rtview);

    /* Structured: the default view is every element, format UNKNOWN. */
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)structured, NULL, &srview), S_OK);
    memset(&srv, 0xcc, sizeof(srv));
    ID3D11ShaderResourceView_GetDesc(srview, &srv);
    assert_int_equal(srv.Format, DXGI_FORMAT_UNKNOWN);
    assert_int_equal(srv.ViewDimension, D3D11_SRV_DIMENSION_BUFFER);
    assert_int_equal(srv.Buffer.FirstElement, 0);
    assert_int_equal(srv.Buffer.NumElements, 256);
    ID3D11ShaderResourceView_Release(srview);
    uav.Buffer.NumElements = 256;
    uav.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)structured, &uav, &uaview), S_OK);
    ID3D11UnorderedAccessView_Release(uaview);
    uav.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)structured, &uav, &uaview),
            E_INVALIDARG);
    /* APPEND on a buffer that is not structured. */
    uav.Format = DXGI_FORMAT_R32_UINT;
    uav.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)typed, &uav, &uaview), E_INVALIDARG);

    /* Raw: R32_TYPELESS on an ALLOW_RAW_VIEWS buffer, 4-byte elements. */
    srv.Format = DXGI_FORMAT_R32_TYPELESS;
    srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
    srv.BufferEx.FirstElement = 0;
    srv.BufferEx.NumElements = 256;
    srv.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)raw, &srv, &srview), S_OK);
    memset(&srv, 0, sizeof(srv));
    ID3D11ShaderResourceView_GetDesc(srview, &srv);
    assert_int_equal(srv.ViewDimension, D3D11_SRV_DIMENSION_BUFFEREX);
    assert_int_equal(srv.BufferEx.NumElements, 256);
    assert_int_equal(srv.BufferEx.Flags, D3D11_BUFFEREX_SRV_FLAG_RAW);
    ID3D11ShaderResourceView_Release(srview);
    srv.Format = DXGI_FORMAT_R32_TYPELESS;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, (ID3D11Resource *)typed, &srv, &srview), E_INVALIDARG);
    uav.Format = DXGI_FORMAT_R32_TYPELESS;
    uav.Buffer.NumElements = 256;
    uav.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)raw, &uav, &uaview), S_OK);
    ID3D11UnorderedAccessView_Release(uaview);
    uav.Buffer.Flags = 0x80;
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)raw, &uav, &uaview), E_INVALIDARG);

    ID3D11Buffer_Release(no_srv);
    ID3D11Buffer_Release(raw);
    ID3D11Buffer_Release(structured);
    ID3D11Buffer_Release(typed);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- The objects ---- */

static void test_view_objects(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0), *got_device = NULL;
    ID3D11Resource *resource = texture(device, FALSE, 1, 1, RGBA, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET,
            FALSE, 1), *got = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11ShaderResourceView1 *srv1 = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    D3D11_RENDER_TARGET_VIEW_DESC1 rtv_desc1;
    D3D11_SHADER_RESOURCE_VIEW_DESC1 srv_desc1;
    ID3D11Device3 *device3 = NULL;
    IUnknown *unknown = NULL;
    ULONG refcount = get_refcount(resource);
    GUID guid = {0x1234, 0, 0, {0}};
    UINT size = sizeof(refcount), data = 0;

    (void)state;
    /* A view keeps the resource alive without changing its count. */
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, resource, NULL, &srv), S_OK);
    assert_int_equal(get_refcount(resource), refcount);
    ID3D11ShaderResourceView_GetResource(srv, &got);
    assert_ptr_equal(got, resource);
    assert_int_equal(get_refcount(resource), refcount + 1);
    ID3D11Resource_Release(got);
    ID3D11ShaderResourceView_GetDevice(srv, &got_device);
    assert_ptr_equal(got_device, device);
    ID3D11Device_Release(got_device);
    assert_int_equal(ID3D11ShaderResourceView_QueryInterface(srv, &IID_ID3D11View, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11ShaderResourceView_QueryInterface(srv, &IID_ID3D11ShaderResourceView1, (void **)&srv1), S_OK);
    ID3D11ShaderResourceView1_GetDesc1(srv1, &srv_desc1);
    assert_int_equal(srv_desc1.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE2D);
    assert_int_equal(srv_desc1.Texture2D.MipLevels, 1);
    assert_int_equal(srv_desc1.Texture2D.PlaneSlice, 0);
    ID3D11ShaderResourceView1_Release(srv1);
    assert_int_equal(ID3D11ShaderResourceView_QueryInterface(srv, &IID_ID3D11RenderTargetView, (void **)&unknown),
            E_NOINTERFACE);
    assert_int_equal(ID3D11ShaderResourceView_QueryInterface(srv, &IID_IUnknown, NULL), E_POINTER);
    assert_int_equal(ID3D11ShaderResourceView_QueryInterface(srv, &IID_ID3D11DeviceChild, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    ID3D11ShaderResourceView_GetResource(srv, NULL);
    ID3D11ShaderResourceView_GetDesc(srv, NULL);
    ID3D11ShaderResourceView1_GetDesc1((ID3D11ShaderResourceView1 *)srv, NULL);
    assert_int_equal(ID3D11ShaderResourceView_SetPrivateData(srv, &guid, sizeof(refcount), &refcount), S_OK);
    assert_int_equal(ID3D11ShaderResourceView_GetPrivateData(srv, &guid, &size, &data), S_OK);
    assert_int_equal(data, refcount);
    assert_int_equal(ID3D11Resource_Release(resource), 0);   /* the application's last reference */
    ID3D11ShaderResourceView_GetResource(srv, &got);          /* still alive through the view */
    assert_ptr_equal(got, resource);
    ID3D11Resource_Release(got);
    assert_int_equal(ID3D11ShaderResourceView_Release(srv), 0);

    /* ID3D11Device3's ...1 forms: PlaneSlice of a one-plane format is 0 only. */
    resource = texture(device, FALSE, 1, 1, RGBA, D3D11_BIND_RENDER_TARGET, FALSE, 1);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device3, (void **)&device3), S_OK);
    memset(&rtv_desc1, 0, sizeof(rtv_desc1));
    rtv_desc1.Format = RGBA;
    rtv_desc1.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
    rtv_desc1.Texture2D.PlaneSlice = 1;
    assert_int_equal(ID3D11Device3_CreateRenderTargetView1(device3, resource, &rtv_desc1, NULL), E_INVALIDARG);
    rtv_desc1.Texture2D.PlaneSlice = 0;
    assert_int_equal(ID3D11Device3_CreateRenderTargetView1(device3, resource, &rtv_desc1, NULL), S_FALSE);
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, resource, NULL, &rtv), S_OK);
    ID3D11RenderTargetView_Release(rtv);
    ID3D11Device3_Release(device3);
    ID3D11Resource_Release(resource);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* The debug layer names each refusal. */
static void test_view_messages(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), D3D11_CREATE_DEVICE_DEBUG);
    ID3D11Resource *resource = texture(device, FALSE, 1, 1, RGBA_TL, D3D11_BIND_SHADER_RESOURCE, FALSE, 1);
    union { D3D11_MESSAGE message; unsigned char bytes[1024]; } buffer;
    ID3D11ShaderResourceView *view = NULL;
    ID3D11InfoQueue *queue = NULL;
    SIZE_T length = sizeof(buffer);

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    ID3D11InfoQueue_ClearStoredMessages(queue);
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, resource, NULL, &view), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_GetNumStoredMessages(queue), 1);
    assert_int_equal(ID3D11InfoQueue_GetMessage(queue, 0, &buffer.message, &length), S_OK);
    assert_int_equal(buffer.message.ID, D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC);
    assert_non_null(strstr(buffer.message.pDescription, "CreateShaderResourceView: a NULL description"));
    assert_non_null(strstr(buffer.message.pDescription, "nvidia-rtx-4090"));
    ID3D11InfoQueue_Release(queue);
    ID3D11Resource_Release(resource);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Every dimension of every view kind, through GetDesc and back ---- */

enum resource_kind { R_TEX1D, R_TEX2D, R_TEX2DMS, R_TEX3D, R_DS1D, R_DS2D, R_DS2DMS, R_TYPED, R_RAW, R_COUNT };

static ID3D11Resource *round_trip_resource(ID3D11Device *device, enum resource_kind kind)
{
    const UINT bind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS;
    D3D11_TEXTURE1D_DESC d1 = {16, 4, 4, RGBA, D3D11_USAGE_DEFAULT, bind, 0, 0};
    D3D11_TEXTURE2D_DESC d2 = {16, 16, 4, 4, RGBA, {1, 0}, D3D11_USAGE_DEFAULT, bind, 0, 0};
    D3D11_TEXTURE3D_DESC d3 = {16, 16, 16, 4, RGBA, D3D11_USAGE_DEFAULT, bind, 0, 0};
    D3D11_BUFFER_DESC b = {1024, D3D11_USAGE_DEFAULT, bind, 0, 0, 0};
    ID3D11Resource *resource = NULL;

    switch (kind)
    {
        case R_TEX1D:
            assert_int_equal(ID3D11Device_CreateTexture1D(device, &d1, NULL, (ID3D11Texture1D **)&resource), S_OK);
            break;
        case R_DS1D:
            d1.Format = DXGI_FORMAT_D32_FLOAT;
            d1.BindFlags = D3D11_BIND_DEPTH_STENCIL;
            assert_int_equal(ID3D11Device_CreateTexture1D(device, &d1, NULL, (ID3D11Texture1D **)&resource), S_OK);
            break;
        case R_TEX2DMS:
        case R_DS2DMS:
            d2.MipLevels = 1;
            d2.SampleDesc.Count = 4;
            d2.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
            /* fall through */
        case R_TEX2D:
        case R_DS2D:
            if (kind == R_DS2D || kind == R_DS2DMS)
            {
                d2.Format = DXGI_FORMAT_D32_FLOAT;
                d2.BindFlags = D3D11_BIND_DEPTH_STENCIL;
            }
            assert_int_equal(ID3D11Device_CreateTexture2D(device, &d2, NULL, (ID3D11Texture2D **)&resource), S_OK);
            break;
        case R_TEX3D:
            assert_int_equal(ID3D11Device_CreateTexture3D(device, &d3, NULL, (ID3D11Texture3D **)&resource), S_OK);
            break;
        case R_RAW:
            b.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
            b.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS;
            /* fall through */
        default:
            assert_int_equal(ID3D11Device_CreateBuffer(device, &b, NULL, (ID3D11Buffer **)&resource), S_OK);
            break;
    }
    return resource;
}

static void test_view_round_trips(void **state)
{
    static const struct
    {
        const char *name;
        int kind; /* 0 SRV, 1 RTV, 2 DSV, 3 UAV */
        enum resource_kind resource;
        DXGI_FORMAT format;
        UINT dimension, u[4];
    }
    rows[] =
    {
        {"SRV 1D", 0, R_TEX1D, RGBA, D3D11_SRV_DIMENSION_TEXTURE1D, {1, 2}},
        {"SRV 1D array", 0, R_TEX1D, RGBA, D3D11_SRV_DIMENSION_TEXTURE1DARRAY, {1, 2, 1, 2}},
        {"SRV 2D", 0, R_TEX2D, RGBA, D3D11_SRV_DIMENSION_TEXTURE2D, {1, 3}},
        {"SRV 2D array", 0, R_TEX2D, RGBA, D3D11_SRV_DIMENSION_TEXTURE2DARRAY, {0, 4, 1, 3}},
        {"SRV 2DMS array", 0, R_TEX2DMS, RGBA, D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY, {1, 2}},
        {"SRV 3D", 0, R_TEX3D, RGBA, D3D11_SRV_DIMENSION_TEXTURE3D, {1, 2}},
        {"SRV typed buffer", 0, R_TYPED, DXGI_FORMAT_R32_UINT, D3D11_SRV_DIMENSION_BUFFER, {16, 32}},
        {"SRV raw buffer", 0, R_RAW, DXGI_FORMAT_R32_TYPELESS, D3D11_SRV_DIMENSION_BUFFEREX,
                {8, 16, D3D11_BUFFEREX_SRV_FLAG_RAW}},
        {"RTV 1D", 1, R_TEX1D, RGBA, D3D11_RTV_DIMENSION_TEXTURE1D, {2}},
        {"RTV 1D array", 1, R_TEX1D, RGBA, D3D11_RTV_DIMENSION_TEXTURE1DARRAY, {1, 1, 2}},
        {"RTV 2D array", 1, R_TEX2D, RGBA, D3D11_RTV_DIMENSION_TEXTURE2DARRAY, {3, 2, 2}},
        {"RTV 2DMS", 1, R_TEX2DMS, RGBA, D3D11_RTV_DIMENSION_TEXTURE2DMS, {0}},
        {"RTV 2DMS array", 1, R_TEX2DMS, RGBA, D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY, {1, 2}},
        {"RTV 3D", 1, R_TEX3D, RGBA, D3D11_RTV_DIMENSION_TEXTURE3D, {1, 2, 4}},
        {"RTV typed buffer", 1, R_TYPED, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_RTV_DIMENSION_BUFFER, {4, 8}},
        {"DSV 1D", 2, R_DS1D, DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE1D, {3}},
        {"DSV 1D array", 2, R_DS1D, DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE1DARRAY, {1, 1, 3}},
        {"DSV 2D array", 2, R_DS2D, DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2DARRAY, {2, 0, 4}},
        {"DSV 2DMS", 2, R_DS2DMS, DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2DMS, {0}},
        {"DSV 2DMS array", 2, R_DS2DMS, DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY, {2, 2}},
        {"UAV 1D", 3, R_TEX1D, RGBA, D3D11_UAV_DIMENSION_TEXTURE1D, {3}},
        {"UAV 1D array", 3, R_TEX1D, RGBA, D3D11_UAV_DIMENSION_TEXTURE1DARRAY, {1, 2, 2}},
        {"UAV 2D array", 3, R_TEX2D, RGBA, D3D11_UAV_DIMENSION_TEXTURE2DARRAY, {2, 1, 3}},
        {"UAV 3D", 3, R_TEX3D, RGBA, D3D11_UAV_DIMENSION_TEXTURE3D, {1, 2, 6}},
        {"UAV typed buffer", 3, R_TYPED, DXGI_FORMAT_R32_UINT, D3D11_UAV_DIMENSION_BUFFER, {4, 8, 0}},
    };
    ID3D11Device *device = create_device11(FL(11, 1), 0);
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11Resource *resource = round_trip_resource(device, rows[i].resource);
        union { D3D11_SHADER_RESOURCE_VIEW_DESC srv; D3D11_RENDER_TARGET_VIEW_DESC rtv;
                D3D11_DEPTH_STENCIL_VIEW_DESC dsv; D3D11_UNORDERED_ACCESS_VIEW_DESC uav; } desc, got;
        union { D3D11_SHADER_RESOURCE_VIEW_DESC1 srv; D3D11_RENDER_TARGET_VIEW_DESC1 rtv;
                D3D11_UNORDERED_ACCESS_VIEW_DESC1 uav; } got1;
        UINT *u = rows[i].kind == 2 ? (UINT *)&desc.dsv.Texture2D : (UINT *)&desc.rtv.Buffer;
        ID3D11View *view = NULL;
        IUnknown *v1 = NULL;
        HRESULT hr;

        print_message("row %u: %s\n", i, rows[i].name);
        memset(&desc, 0, sizeof(desc));
        desc.srv.Format = rows[i].format;
        desc.srv.ViewDimension = rows[i].dimension;
        memcpy(u, rows[i].u, sizeof(rows[i].u) - (rows[i].kind == 2 ? sizeof(UINT) : 0));
        switch (rows[i].kind)
        {
            case 0: hr = ID3D11Device_CreateShaderResourceView(device, resource, &desc.srv,
                    (ID3D11ShaderResourceView **)&view); break;
            case 1: hr = ID3D11Device_CreateRenderTargetView(device, resource, &desc.rtv,
                    (ID3D11RenderTargetView **)&view); break;
            case 2: hr = ID3D11Device_CreateDepthStencilView(device, resource, &desc.dsv,
                    (ID3D11DepthStencilView **)&view); break;
            default: hr = ID3D11Device_CreateUnorderedAccessView(device, resource, &desc.uav,
                    (ID3D11UnorderedAccessView **)&view); break;
        }
        assert_int_equal(hr, S_OK);
        memset(&got, 0xcc, sizeof(got));
        memset(&got1, 0xcc, sizeof(got1));
        switch (rows[i].kind)
        {
            case 0:
                ID3D11ShaderResourceView_GetDesc((ID3D11ShaderResourceView *)view, &got.srv);
                assert_memory_equal(&got.srv, &desc.srv, sizeof(got.srv));
                assert_int_equal(ID3D11View_QueryInterface(view, &IID_ID3D11ShaderResourceView1, (void **)&v1), S_OK);
                ID3D11ShaderResourceView1_GetDesc1((ID3D11ShaderResourceView1 *)v1, &got1.srv);
                assert_int_equal(got1.srv.ViewDimension, rows[i].dimension);
                break;
            case 1:
                ID3D11RenderTargetView_GetDesc((ID3D11RenderTargetView *)view, &got.rtv);
                assert_memory_equal(&got.rtv, &desc.rtv, sizeof(got.rtv));
                assert_int_equal(ID3D11View_QueryInterface(view, &IID_ID3D11RenderTargetView1, (void **)&v1), S_OK);
                ID3D11RenderTargetView1_GetDesc1((ID3D11RenderTargetView1 *)v1, &got1.rtv);
                assert_int_equal(got1.rtv.ViewDimension, rows[i].dimension);
                break;
            case 2:
                ID3D11DepthStencilView_GetDesc((ID3D11DepthStencilView *)view, &got.dsv);
                assert_memory_equal(&got.dsv, &desc.dsv, sizeof(got.dsv));
                break;
            default:
                ID3D11UnorderedAccessView_GetDesc((ID3D11UnorderedAccessView *)view, &got.uav);
                assert_memory_equal(&got.uav, &desc.uav, sizeof(got.uav));
                assert_int_equal(ID3D11View_QueryInterface(view, &IID_ID3D11UnorderedAccessView1, (void **)&v1), S_OK);
                ID3D11UnorderedAccessView1_GetDesc1((ID3D11UnorderedAccessView1 *)v1, &got1.uav);
                assert_int_equal(got1.uav.ViewDimension, rows[i].dimension);
                break;
        }
        if (v1)
            IUnknown_Release(v1);
        ID3D11View_Release(view);
        ID3D11Resource_Release(resource);
    }
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* The default views of 1D and multisampled textures, and buffer refusals. */
static void test_view_defaults_more(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 1), 0);
    ID3D11Resource *tex1d = round_trip_resource(device, R_TEX1D), *ms = round_trip_resource(device, R_TEX2DMS);
    ID3D11Resource *raw = round_trip_resource(device, R_RAW);
    D3D11_TEXTURE1D_DESC one = {16, 1, 1, RGBA, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_TEXTURE2D_DESC ms1 = {16, 16, 1, 1, RGBA, {4, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_BUFFER_DESC structured_desc = {256, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET,
            0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16};
    D3D11_SHADER_RESOURCE_VIEW_DESC srv;
    D3D11_RENDER_TARGET_VIEW_DESC rtv;
    ID3D11ShaderResourceView *view = NULL;
    ID3D11RenderTargetView *rt = NULL;
    ID3D11Resource *single1d = NULL, *single_ms = NULL, *structured = NULL;

    (void)state;
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &one, NULL, (ID3D11Texture1D **)&single1d), S_OK);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &ms1, NULL, (ID3D11Texture2D **)&single_ms), S_OK);
    structured_desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &structured_desc, NULL, (ID3D11Buffer **)&structured), S_OK);

    /* 1D: TEXTURE1DARRAY of four slices, TEXTURE1D of one. */
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, tex1d, NULL, &view), S_OK);
    ID3D11ShaderResourceView_GetDesc(view, &srv);
    assert_int_equal(srv.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE1DARRAY);
    assert_int_equal(srv.Texture1DArray.ArraySize, 4);
    ID3D11ShaderResourceView_Release(view);
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, single1d, NULL, &view), S_OK);
    ID3D11ShaderResourceView_GetDesc(view, &srv);
    assert_int_equal(srv.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE1D);
    ID3D11ShaderResourceView_Release(view);
    /* Multisampled: 2DMSARRAY of four slices, 2DMS of one, for SRVs and RTVs. */
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, ms, NULL, &view), S_OK);
    ID3D11ShaderResourceView_GetDesc(view, &srv);
    assert_int_equal(srv.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY);
    assert_int_equal(srv.Texture2DMSArray.ArraySize, 4);
    ID3D11ShaderResourceView_Release(view);
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, ms, NULL, &rt), S_OK);
    ID3D11RenderTargetView_GetDesc(rt, &rtv);
    assert_int_equal(rtv.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY);
    ID3D11RenderTargetView_Release(rt);
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, single_ms, NULL, &view), S_OK);
    ID3D11ShaderResourceView_GetDesc(view, &srv);
    assert_int_equal(srv.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE2DMS);
    ID3D11ShaderResourceView_Release(view);
    /* A 2D view of a multisampled texture is refused. */
    memset(&srv, 0, sizeof(srv));
    srv.Format = RGBA;
    srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    srv.Texture2D.MipLevels = 1;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, single_ms, &srv, &view), E_INVALIDARG);

    /* Buffers: a structured buffer's view with a format, raw flags on the typed path, unknown BufferEx flags. */
    memset(&srv, 0, sizeof(srv));
    srv.Format = DXGI_FORMAT_R32_UINT;
    srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    srv.Buffer.NumElements = 4;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, structured, &srv, &view), E_INVALIDARG);
    srv.Format = DXGI_FORMAT_R32_TYPELESS;
    srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
    srv.BufferEx.NumElements = 4;
    srv.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW | 0x10;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, raw, &srv, &view), E_INVALIDARG);
    srv.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    srv.BufferEx.FirstElement = 255;
    srv.BufferEx.NumElements = 2;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, raw, &srv, &view), E_INVALIDARG);
    srv.Format = DXGI_FORMAT_R32_UINT;
    srv.BufferEx.Flags = 0;
    srv.BufferEx.FirstElement = 0;
    assert_int_equal(ID3D11Device_CreateShaderResourceView(device, raw, &srv, &view), S_OK);
    ID3D11ShaderResourceView_Release(view);
    /* No default render-target view of a buffer. */
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, raw, NULL, &rt), E_INVALIDARG);

    ID3D11Resource_Release(structured);
    ID3D11Resource_Release(single_ms);
    ID3D11Resource_Release(single1d);
    ID3D11Resource_Release(raw);
    ID3D11Resource_Release(ms);
    ID3D11Resource_Release(tex1d);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_srv_rows),
        cmocka_unit_test(test_rtv_dsv_uav_rows),
        cmocka_unit_test(test_dsv_levels),
        cmocka_unit_test(test_buffer_views),
        cmocka_unit_test(test_view_objects),
        cmocka_unit_test(test_view_messages),
        cmocka_unit_test(test_view_round_trips),
        cmocka_unit_test(test_view_defaults_more),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
