/*
 * Buffers and textures of the mock D3D11 runtime (src/d3d11/resource.c;
 * docs/d3d11.md "Resources"): creation rows per usage, bind flags, CPU
 * access, format and feature level, Map and Unmap, the DXGI methods of a
 * resource (IDXGIResource, IDXGISurface1's GetDC) and the texture objects'
 * descriptions, through the public D3D11 API only (label conformance,
 * docs/testing.md), on the default adapter, which tests/d3d11.cmake makes
 * the nvidia-rtx-4090 profile. The rows a runtime version decides are
 * test_d3d11.c's.
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

static ID3D11Device *create_level(D3D_FEATURE_LEVEL level)
{
    return create_d3d11_device(level, 0, NULL);
}

static void test_resource_buffers(void **state)
{
    static const struct
    {
        const char *name;
        UINT bind, misc, stride;
        HRESULT hr;
        UINT stride_out;
    }
    rows[] =
    {
        {"vertex", D3D11_BIND_VERTEX_BUFFER, 0, 0, S_OK, 0},
        {"index", D3D11_BIND_INDEX_BUFFER, 0, 0, S_OK, 0},
        {"constant", D3D11_BIND_CONSTANT_BUFFER, 0, 0, S_OK, 0},
        {"srv", D3D11_BIND_SHADER_RESOURCE, 0, 0, S_OK, 0},
        {"stream out", D3D11_BIND_STREAM_OUTPUT, 0, 0, S_OK, 0},
        {"render target", D3D11_BIND_RENDER_TARGET, 0, 0, S_OK, 0},
        {"uav", D3D11_BIND_UNORDERED_ACCESS, 0, 0, S_OK, 0},
        {"depth stencil", D3D11_BIND_DEPTH_STENCIL, 0, 0, E_INVALIDARG, 0},
        {"unknown bind", 0x10000, 0, 0, E_INVALIDARG, 0},
        {"shared", 0, D3D11_RESOURCE_MISC_SHARED, 0, S_OK, 0},
        {"keyed mutex", 0, D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, 0, S_OK, 0},
        {"shared + keyed mutex", 0, D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, 0,
                E_INVALIDARG, 0},
        {"indirect args", 0, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0, S_OK, 0},
        {"cube", 0, D3D11_RESOURCE_MISC_TEXTURECUBE, 0, E_INVALIDARG, 0},
        {"raw vertex", D3D11_BIND_VERTEX_BUFFER, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, E_INVALIDARG, 0},
        {"raw constant", D3D11_BIND_CONSTANT_BUFFER, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, E_INVALIDARG, 0},
        {"raw srv", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, S_OK, 0},
        {"raw uav", D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, S_OK, 0},
        {"raw unbound", 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0, E_INVALIDARG, 0},
        {"structured 16", 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16, S_OK, 16},
        {"structured srv 4", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4, S_OK, 4},
        {"structured srv 2048", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 2048, S_OK, 2048},
        {"structured srv 0", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 0, E_INVALIDARG, 0},
        {"structured srv 3", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 3, E_INVALIDARG, 0},
        {"structured srv 513", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 513, E_INVALIDARG, 0},
        {"structured srv 2052", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 2052, E_INVALIDARG, 0},
        {"structured srv ~0u", D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, ~0u, E_INVALIDARG, 0},
        {"structured raw", D3D11_BIND_SHADER_RESOURCE,
                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 16, E_INVALIDARG, 0},
        {"stride without structured", D3D11_BIND_CONSTANT_BUFFER, 0, 513, S_OK, 0},
    };
    struct row_failures failures = {0};
    D3D11_BUFFER_DESC desc, got;
    D3D11_RESOURCE_DIMENSION dimension;
    ID3D11Device *device, *got_device;
    ID3D11Buffer *buffer;
    IDXGIResource *dxgi;
    IUnknown *unknown;
    DXGI_USAGE usage;
    UINT i, priority, value = 0x5a5a, read = 0, size;
    ULONG refs;
    HRESULT hr;

    (void)state;
    device = create_level(FL(11, 0));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.ByteWidth = 1024;
        desc.BindFlags = rows[i].bind;
        desc.MiscFlags = rows[i].misc;
        desc.StructureByteStride = rows[i].stride;
        buffer = (ID3D11Buffer *)(uintptr_t)1;
        hr = ID3D11Device_CreateBuffer(device, &desc, NULL, &buffer);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (ID3D11Device_CreateBuffer(device, &desc, NULL, NULL) != (rows[i].hr == S_OK ? S_FALSE : rows[i].hr))
            row_fail(&failures, i, rows[i].name, "the probe disagrees");
        if (FAILED(hr))
        {
            if (buffer)
                row_fail(&failures, i, rows[i].name, "out pointer not cleared");
            continue;
        }
        ID3D11Buffer_GetDesc(buffer, &got);
        if (got.ByteWidth != 1024 || got.BindFlags != rows[i].bind || got.MiscFlags != rows[i].misc
                || got.StructureByteStride != rows[i].stride_out || got.Usage != D3D11_USAGE_DEFAULT || got.CPUAccessFlags)
            row_fail(&failures, i, rows[i].name, "GetDesc: width %u bind %#x misc %#x stride %u", got.ByteWidth,
                    got.BindFlags, got.MiscFlags, got.StructureByteStride);
        if (ID3D11Buffer_Release(buffer))
            row_fail(&failures, i, rows[i].name, "references left");
    }

    /* Constant buffers are whole float4s. */
    memset(&desc, 0, sizeof(desc));
    desc.BindFlags = D3D11_BIND_CONSTANT_BUFFER;
    for (i = 0; i <= 32; ++i)
    {
        desc.ByteWidth = i;
        hr = ID3D11Device_CreateBuffer(device, &desc, NULL, NULL);
        if (hr != (!i || i % 16 ? E_INVALIDARG : S_FALSE))
            row_fail(&failures, i, "constant buffer size", "hr %#x", (unsigned)hr);
    }
    rows_done(&failures);

    /* The object: type, device reference, eviction priority, DXGI views of it,
     * one private-data store. */
    assert_int_equal(ID3D11Device_CreateBuffer(device, NULL, NULL, &buffer), E_INVALIDARG);
    desc.ByteWidth = 64;
    desc.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS;
    refs = get_refcount(device);
    assert_int_equal(ID3D11Device_CreateBuffer(device, &desc, NULL, &buffer), S_OK);
    assert_int_equal(get_refcount(device), refs + 1);
    ID3D11Buffer_GetType(buffer, &dimension);
    assert_int_equal(dimension, D3D11_RESOURCE_DIMENSION_BUFFER);
    ID3D11Buffer_GetDevice(buffer, &got_device);
    assert_ptr_equal(got_device, device);
    ID3D11Device_Release(got_device);
    assert_int_equal(ID3D11Buffer_GetEvictionPriority(buffer), DXGI_RESOURCE_PRIORITY_NORMAL);
    ID3D11Buffer_SetEvictionPriority(buffer, DXGI_RESOURCE_PRIORITY_HIGH);
    assert_int_equal(ID3D11Buffer_QueryInterface(buffer, &IID_IDXGIResource, (void **)&dxgi), S_OK);
    assert_int_equal(IDXGIResource_GetEvictionPriority(dxgi, &priority), S_OK);
    assert_int_equal(priority, DXGI_RESOURCE_PRIORITY_HIGH);
    assert_int_equal(IDXGIResource_GetUsage(dxgi, &usage), S_OK);
    assert_int_equal(usage, DXGI_USAGE_SHADER_INPUT | DXGI_USAGE_UNORDERED_ACCESS);
    assert_int_equal(IDXGIResource_QueryInterface(dxgi, &IID_IDXGIObject, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, dxgi);
    IUnknown_Release(unknown);
    assert_int_equal(IDXGIResource_QueryInterface(dxgi, &IID_ID3D11Resource, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, buffer);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11Buffer_QueryInterface(buffer, &IID_IDXGISurface, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(ID3D11Buffer_QueryInterface(buffer, &IID_ID3D11Texture2D, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(IDXGIResource_GetParent(dxgi, &IID_IDXGIResource, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(IDXGIResource_GetDevice(dxgi, &IID_ID3D11Device, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, device);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11Buffer_SetPrivateData(buffer, &IID_IUnknown, sizeof(value), &value), S_OK);
    size = sizeof(read);
    assert_int_equal(IDXGIResource_GetPrivateData(dxgi, &IID_IUnknown, &size, &read), S_OK);
    assert_int_equal(read, value);
    IDXGIResource_Release(dxgi);
    assert_int_equal(ID3D11Buffer_Release(buffer), 0);
    assert_int_equal(get_refcount(device), refs);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Usage x bind flags x CPU access: Wine's test_resource_access table, each
 * row tried with no, write, read and read-write access, with initial data. */
static void test_resource_access(void **state)
{
    enum { NONE = 0, W = D3D11_CPU_ACCESS_WRITE, R = D3D11_CPU_ACCESS_READ, RW = W | R };
    static const struct
    {
        const char *name;
        D3D11_USAGE usage;
        UINT bind;
        UINT buffer_ok[4], texture_ok[4];  /* none, W, R, RW: 1 accepted */
    }
    rows[] =
    {
        {"default vb", D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, {1, 0, 0, 0}, {0, 0, 0, 0}},
        {"default cb", D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, {1, 0, 0, 0}, {0, 0, 0, 0}},
        {"default srv (mappable default buffer)", D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, {1, 1, 1, 1}, {1, 0, 0, 0}},
        {"default rt", D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, {1, 0, 0, 0}, {1, 0, 0, 0}},
        {"default uav", D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, {1, 1, 1, 1}, {1, 0, 0, 0}},
        {"immutable none", D3D11_USAGE_IMMUTABLE, 0, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"immutable ib", D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, {1, 0, 0, 0}, {0, 0, 0, 0}},
        {"immutable srv", D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, {1, 0, 0, 0}, {1, 0, 0, 0}},
        {"immutable rt", D3D11_USAGE_IMMUTABLE, D3D11_BIND_RENDER_TARGET, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"immutable uav", D3D11_USAGE_IMMUTABLE, D3D11_BIND_UNORDERED_ACCESS, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"dynamic none", D3D11_USAGE_DYNAMIC, 0, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"dynamic vb", D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, {0, 1, 0, 0}, {0, 0, 0, 0}},
        {"dynamic srv", D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, {0, 1, 0, 0}, {0, 1, 0, 0}},
        {"dynamic stream out", D3D11_USAGE_DYNAMIC, D3D11_BIND_STREAM_OUTPUT, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"dynamic rt", D3D11_USAGE_DYNAMIC, D3D11_BIND_RENDER_TARGET, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"staging none", D3D11_USAGE_STAGING, 0, {0, 1, 1, 1}, {0, 1, 1, 1}},
        {"staging vb", D3D11_USAGE_STAGING, D3D11_BIND_VERTEX_BUFFER, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"staging srv", D3D11_USAGE_STAGING, D3D11_BIND_SHADER_RESOURCE, {0, 0, 0, 0}, {0, 0, 0, 0}},
        {"unknown usage", (D3D11_USAGE)4, 0, {0, 0, 0, 0}, {0, 0, 0, 0}},
    };
    static const UINT access[4] = {NONE, W, R, RW};
    struct row_failures failures = {0};
    D3D11_SUBRESOURCE_DATA data = {0};
    D3D11_TEXTURE2D_DESC tdesc;
    D3D11_BUFFER_DESC bdesc;
    ID3D11Device *device, *device_10;
    char pixels[1024] = {0};
    UINT i, a;
    HRESULT hr;

    (void)state;
    device = create_level(FL(11, 0));
    data.pSysMem = pixels;
    data.SysMemPitch = 16;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        for (a = 0; a < 4; ++a)
        {
            memset(&bdesc, 0, sizeof(bdesc));
            bdesc.ByteWidth = 1024;
            bdesc.Usage = rows[i].usage;
            bdesc.BindFlags = rows[i].bind;
            bdesc.CPUAccessFlags = access[a];
            hr = ID3D11Device_CreateBuffer(device, &bdesc, &data, NULL);
            if (hr != (rows[i].buffer_ok[a] ? S_FALSE : E_INVALIDARG))
                row_fail(&failures, i, rows[i].name, "buffer, CPU access %#x: hr %#x", access[a], (unsigned)hr);

            memset(&tdesc, 0, sizeof(tdesc));
            tdesc.Width = tdesc.Height = 4;
            tdesc.MipLevels = tdesc.ArraySize = 1;
            tdesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
            tdesc.SampleDesc.Count = 1;
            tdesc.Usage = rows[i].usage;
            tdesc.BindFlags = rows[i].bind;
            tdesc.CPUAccessFlags = access[a];
            hr = ID3D11Device_CreateTexture2D(device, &tdesc, &data, NULL);
            if (hr != (rows[i].texture_ok[a] ? S_FALSE : E_INVALIDARG))
                row_fail(&failures, i, rows[i].name, "texture, CPU access %#x: hr %#x", access[a], (unsigned)hr);
        }
    }
    rows_done(&failures);

    /* IMMUTABLE needs its contents; depth-stencil default textures are fine. */
    bdesc.Usage = D3D11_USAGE_IMMUTABLE;
    bdesc.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    bdesc.CPUAccessFlags = 0;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &bdesc, NULL, NULL), E_INVALIDARG);
    data.pSysMem = NULL;
    bdesc.Usage = D3D11_USAGE_DEFAULT;
    assert_int_equal(ID3D11Device_CreateBuffer(device, &bdesc, &data, NULL), E_INVALIDARG);
    tdesc.Usage = D3D11_USAGE_DEFAULT;
    tdesc.CPUAccessFlags = 0;
    tdesc.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    tdesc.Format = DXGI_FORMAT_D16_UNORM;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &tdesc, NULL, NULL), S_FALSE);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &tdesc, &data, NULL), E_INVALIDARG);

    /* Mappable default buffers need 11_0 (and the 11.2 runtime); UAVs of
     * textures need 11_0. */
    device_10 = create_level(FL(10, 0));
    bdesc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    bdesc.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    assert_int_equal(ID3D11Device_CreateBuffer(device_10, &bdesc, NULL, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreateBuffer(device, &bdesc, NULL, NULL), S_FALSE);
    tdesc.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
    tdesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    assert_int_equal(ID3D11Device_CreateTexture2D(device_10, &tdesc, NULL, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &tdesc, NULL, NULL), S_FALSE);
    assert_int_equal(ID3D11Device_Release(device_10), 0);
    assert_int_equal(ID3D11Device_Release(device), 0);

    /* Map checks the access; a valid map succeeds (and is unmapped again). */
    {
        static const struct
        {
            const char *name;
            D3D11_USAGE usage;
            UINT bind, cpu;
            BOOL buffer;
            HRESULT read, write, read_write, discard, no_overwrite;
        }
        maps[] =
        {
            {"default buffer", D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, TRUE,
                    E_INVALIDARG, E_INVALIDARG, E_INVALIDARG, E_INVALIDARG, E_INVALIDARG},
            {"staging read", D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, FALSE,
                    S_OK, E_INVALIDARG, E_INVALIDARG, E_INVALIDARG, E_INVALIDARG},
            {"staging read-write", D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, FALSE,
                    S_OK, S_OK, S_OK, E_INVALIDARG, E_INVALIDARG},
            {"dynamic buffer", D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, TRUE,
                    E_INVALIDARG, E_INVALIDARG, E_INVALIDARG, S_OK, S_OK},
            {"dynamic texture", D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, D3D11_CPU_ACCESS_WRITE, FALSE,
                    E_INVALIDARG, E_INVALIDARG, E_INVALIDARG, S_OK, E_INVALIDARG},
        };
        ID3D11DeviceContext *context;
        D3D11_MAPPED_SUBRESOURCE mapped;
        ID3D11Resource *resource;

        device = create_level(FL(11, 0));
        ID3D11Device_GetImmediateContext(device, &context);
        for (i = 0; i < ARRAY_SIZE(maps); ++i)
        {
            const HRESULT expected[5] = {maps[i].read, maps[i].write, maps[i].read_write, maps[i].discard,
                    maps[i].no_overwrite};
            const D3D11_MAP types[5] = {D3D11_MAP_READ, D3D11_MAP_WRITE, D3D11_MAP_READ_WRITE,
                    D3D11_MAP_WRITE_DISCARD, D3D11_MAP_WRITE_NO_OVERWRITE};

            if (maps[i].buffer)
            {
                memset(&bdesc, 0, sizeof(bdesc));
                bdesc.ByteWidth = 64;
                bdesc.Usage = maps[i].usage;
                bdesc.BindFlags = maps[i].bind;
                bdesc.CPUAccessFlags = maps[i].cpu;
                assert_int_equal(ID3D11Device_CreateBuffer(device, &bdesc, NULL, (ID3D11Buffer **)&resource), S_OK);
            }
            else
            {
                memset(&tdesc, 0, sizeof(tdesc));
                tdesc.Width = tdesc.Height = 4;
                tdesc.MipLevels = tdesc.ArraySize = 1;
                tdesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
                tdesc.SampleDesc.Count = 1;
                tdesc.Usage = maps[i].usage;
                tdesc.BindFlags = maps[i].bind;
                tdesc.CPUAccessFlags = maps[i].cpu;
                assert_int_equal(ID3D11Device_CreateTexture2D(device, &tdesc, NULL, (ID3D11Texture2D **)&resource), S_OK);
            }
            for (a = 0; a < 5; ++a)
            {
                hr = ID3D11DeviceContext_Map(context, resource, 0, types[a], 0, &mapped);
                if (hr != expected[a])
                    row_fail(&failures, i, maps[i].name, "map type %u: hr %#x", (unsigned)types[a], (unsigned)hr);
                if (SUCCEEDED(hr))
                    ID3D11DeviceContext_Unmap(context, resource, 0);
            }
            if (ID3D11DeviceContext_Map(context, resource, 1, D3D11_MAP_READ, 0, &mapped) != E_INVALIDARG)
                row_fail(&failures, i, maps[i].name, "subresource 1 accepted");
            ID3D11Resource_Release(resource);
        }
        rows_done(&failures);
        assert_int_equal(ID3D11DeviceContext_Map(context, NULL, 0, D3D11_MAP_READ, 0, &mapped), E_INVALIDARG);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

static void test_resource_textures(void **state)
{
    static const struct
    {
        const char *name;
        D3D11_RESOURCE_DIMENSION dimension;
        DXGI_FORMAT format;
        UINT size, mips, array_size, bind, misc, samples;
        D3D_FEATURE_LEVEL level;
        HRESULT hr;
    }
    rows[] =
    {
        {"2D rgba rt", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, D3D11_BIND_RENDER_TARGET, 0, 1, FL(11, 0), S_OK},
        {"2D GDI-compatible BGRA rt", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 64, 1, 1, D3D11_BIND_RENDER_TARGET, D3D11_RESOURCE_MISC_GDI_COMPATIBLE, 1, FL(11, 0), S_OK},
        {"2D GDI-compatible BGRX (test_getdc)", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_B8G8R8X8_UNORM, 64, 1, 1, D3D11_BIND_RENDER_TARGET, D3D11_RESOURCE_MISC_GDI_COMPATIBLE, 1, FL(11, 0), E_INVALIDARG},
        {"2D GDI-compatible without rt", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_B8G8R8A8_UNORM, 64, 1, 1, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_GDI_COMPATIBLE, 1, FL(11, 0), E_INVALIDARG},
        {"2D vertex buffer bind", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 512, 1, 1, D3D11_BIND_VERTEX_BUFFER, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D stream out bind", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, D3D11_BIND_STREAM_OUTPUT, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D array 0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 512, 1, 0, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D typeless rt", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 512, 1, 9, D3D11_BIND_RENDER_TARGET, 0, 1, FL(11, 0), S_OK},
        {"2D typeless ds", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 512, 1, 1, D3D11_BIND_DEPTH_STENCIL, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D R32 typeless srv+ds", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_TYPELESS, 512, 1, 9, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_DEPTH_STENCIL, 0, 1, FL(11, 0), S_OK},
        {"2D R32 typeless rt+ds", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_TYPELESS, 512, 1, 1, D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D R32 typeless ds+uav", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R32_TYPELESS, 512, 1, 1, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D R24G8 typeless uav", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R24G8_TYPELESS, 512, 1, 1, D3D11_BIND_UNORDERED_ACCESS, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D R24G8 typeless srv", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R24G8_TYPELESS, 512, 1, 1, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), S_OK},
        {"2D D24S8 srv", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D24_UNORM_S8_UINT, 512, 1, 1, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D D32 ds", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 512, 1, 1, D3D11_BIND_DEPTH_STENCIL, 0, 1, FL(11, 0), S_OK},
        {"2D D32 rt", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_D32_FLOAT, 512, 1, 1, D3D11_BIND_RENDER_TARGET, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D R9G9B9E5 srv", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 512, 1, 1, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), S_OK},
        {"2D R9G9B9E5 rt", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 512, 1, 1, D3D11_BIND_RENDER_TARGET, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D unknown format", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_UNKNOWN, 512, 1, 1, 0, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D not a format", D3D11_RESOURCE_DIMENSION_TEXTURE2D, (DXGI_FORMAT)0xffff, 512, 1, 1, 0, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D cube 6", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 6, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(11, 0), S_OK},
        {"2D cube 5", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 5, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(11, 0), E_INVALIDARG},
        {"2D cube 7 (no multiple of 6)", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 7, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(11, 0), S_OK},
        {"2D cube 7 at 10_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 7, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(10, 0), E_INVALIDARG},
        {"2D cube 12", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 12, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(11, 0), S_OK},
        {"2D cube 12 at 10_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 12, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(10, 0), E_INVALIDARG},
        {"2D cube 12 at 10_1", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 12, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(10, 1), S_OK},
        {"2D 16384 at 11_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 16384, 1, 1, 0, 0, 1, FL(11, 0), S_OK},
        {"2D 16385 at 11_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 16385, 1, 1, 0, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D 16384 at 10_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 16384, 1, 1, 0, 0, 1, FL(10, 0), E_INVALIDARG},
        {"2D 2048 at 9_1", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 2048, 1, 1, 0, 0, 1, FL(9, 1), S_OK},
        {"2D 4096 at 9_1", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 4096, 1, 1, 0, 0, 1, FL(9, 1), E_INVALIDARG},
        {"2D 4096 at 9_3", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 4096, 1, 1, 0, 0, 1, FL(9, 3), S_OK},
        {"2D array 2 at 9_3", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 1, 2, 0, 0, 1, FL(9, 3), E_INVALIDARG},
        {"2D array 2048 at 11_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 1, 2048, 0, 0, 1, FL(11, 0), S_OK},
        {"2D array 2049 at 11_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 1, 2049, 0, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D array 513 at 10_0", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 1, 513, 0, 0, 1, FL(10, 0), E_INVALIDARG},
        {"2D 11 mips of 512", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 11, 1, 0, 0, 1, FL(11, 0), E_INVALIDARG},
        {"2D 10 mips of 512", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 10, 1, 0, 0, 1, FL(11, 0), S_OK},
        {"2D 4 samples", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, D3D11_BIND_RENDER_TARGET, 0, 4, FL(11, 0), S_OK},
        {"2D 15 samples", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, D3D11_BIND_RENDER_TARGET, 0, 15, FL(11, 0), E_INVALIDARG},
        {"2D 0 samples", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, 0, 0, 0, FL(11, 0), E_INVALIDARG},
        {"2D 4 samples 2 mips", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 2, 1, D3D11_BIND_RENDER_TARGET, 0, 4, FL(11, 0), E_INVALIDARG},
        {"2D generate mips rt+srv", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 0, 1, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_GENERATE_MIPS, 1, FL(11, 0), S_OK},
        {"2D generate mips srv", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 0, 1, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_GENERATE_MIPS, 1, FL(11, 0), E_INVALIDARG},
        {"2D structured", D3D11_RESOURCE_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, 0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 1, FL(11, 0), E_INVALIDARG},
        {"1D typeless srv", D3D11_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 512, 1, 3, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), S_OK},
        {"1D array 0", D3D11_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 512, 1, 0, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), E_INVALIDARG},
        {"1D cube", D3D11_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 6, 0, D3D11_RESOURCE_MISC_TEXTURECUBE, 1, FL(11, 0), E_INVALIDARG},
        {"1D at 9_3", D3D11_RESOURCE_DIMENSION_TEXTURE1D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, 0, 0, 1, FL(9, 3), E_INVALIDARG},
        {"3D typeless srv", D3D11_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R32G32B32A32_TYPELESS, 64, 1, 1, D3D11_BIND_SHADER_RESOURCE, 0, 1, FL(11, 0), S_OK},
        {"3D D32 ds", D3D11_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_D32_FLOAT, 64, 1, 1, D3D11_BIND_DEPTH_STENCIL, 0, 1, FL(11, 0), E_INVALIDARG},
        {"3D 2048", D3D11_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8_UNORM, 2048, 1, 1, 0, 0, 1, FL(11, 0), S_OK},
        {"3D 2049", D3D11_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8_UNORM, 2049, 1, 1, 0, 0, 1, FL(11, 0), E_INVALIDARG},
        {"3D 512 at 9_3", D3D11_RESOURCE_DIMENSION_TEXTURE3D, DXGI_FORMAT_R8G8B8A8_UNORM, 512, 1, 1, 0, 0, 1, FL(9, 3), E_INVALIDARG},
    };
    struct row_failures failures = {0};
    D3D11_TEXTURE1D_DESC d1;
    D3D11_TEXTURE2D_DESC d2;
    D3D11_TEXTURE3D_DESC d3;
    ID3D11Device *device;
    ID3D11Resource *resource;
    UINT i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = create_level(rows[i].level);
        resource = (ID3D11Resource *)(uintptr_t)1;
        switch (rows[i].dimension)
        {
            case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
                memset(&d1, 0, sizeof(d1));
                d1.Width = rows[i].size;
                d1.MipLevels = rows[i].mips;
                d1.ArraySize = rows[i].array_size;
                d1.Format = rows[i].format;
                d1.BindFlags = rows[i].bind;
                d1.MiscFlags = rows[i].misc;
                hr = ID3D11Device_CreateTexture1D(device, &d1, NULL, (ID3D11Texture1D **)&resource);
                break;
            case D3D11_RESOURCE_DIMENSION_TEXTURE2D:
                memset(&d2, 0, sizeof(d2));
                d2.Width = d2.Height = rows[i].size;
                d2.MipLevels = rows[i].mips;
                d2.ArraySize = rows[i].array_size;
                d2.Format = rows[i].format;
                d2.SampleDesc.Count = rows[i].samples;
                d2.BindFlags = rows[i].bind;
                d2.MiscFlags = rows[i].misc;
                hr = ID3D11Device_CreateTexture2D(device, &d2, NULL, (ID3D11Texture2D **)&resource);
                break;
            default:
                memset(&d3, 0, sizeof(d3));
                d3.Width = d3.Height = d3.Depth = rows[i].size;
                d3.MipLevels = rows[i].mips;
                d3.Format = rows[i].format;
                d3.BindFlags = rows[i].bind;
                d3.MiscFlags = rows[i].misc;
                hr = ID3D11Device_CreateTexture3D(device, &d3, NULL, (ID3D11Texture3D **)&resource);
                break;
        }
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
            ID3D11Resource_Release(resource);
        else if (resource)
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        if (ID3D11Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* The objects: full mip chains, the DXGI surface of single-subresource 1D/2D
 * textures (Wine's test_create_texture1d/2d/3d, test_dxgi_resource),
 * GetDesc1 and the probe. */
/* Creates the resource of one map row. */
enum map_kind { MAP_BUFFER, MAP_1D, MAP_2D, MAP_3D };

static ID3D11Resource *create_map_resource(ID3D11Device *device, enum map_kind kind, UINT w, UINT h, UINT d,
        UINT mips, UINT array, DXGI_FORMAT format, D3D11_USAGE usage, UINT cpu, const D3D11_SUBRESOURCE_DATA *data)
{
    /* Dynamic buffers as vertex buffers, other dynamic or default resources
     * as shader resources (mappable default buffers), staging ones unbound. */
    UINT bind = usage == D3D11_USAGE_STAGING ? 0
            : usage == D3D11_USAGE_DYNAMIC && kind == MAP_BUFFER ? D3D11_BIND_VERTEX_BUFFER : D3D11_BIND_SHADER_RESOURCE;
    ID3D11Resource *resource = NULL;
    HRESULT hr;

    if (kind == MAP_BUFFER)
    {
        D3D11_BUFFER_DESC desc = {w, usage, bind, cpu, 0, 0};
        hr = ID3D11Device_CreateBuffer(device, &desc, data, (ID3D11Buffer **)&resource);
    }
    else if (kind == MAP_1D)
    {
        D3D11_TEXTURE1D_DESC desc = {w, mips, array, format, usage, bind, cpu, 0};
        hr = ID3D11Device_CreateTexture1D(device, &desc, data, (ID3D11Texture1D **)&resource);
    }
    else if (kind == MAP_2D)
    {
        D3D11_TEXTURE2D_DESC desc = {w, h, mips, array, format, {1, 0}, usage, bind, cpu, 0};
        hr = ID3D11Device_CreateTexture2D(device, &desc, data, (ID3D11Texture2D **)&resource);
    }
    else
    {
        D3D11_TEXTURE3D_DESC desc = {w, h, d, mips, format, usage, bind, cpu, 0};
        hr = ID3D11Device_CreateTexture3D(device, &desc, data, (ID3D11Texture3D **)&resource);
    }
    return hr == S_OK ? resource : NULL;
}

static void test_resource_map(void **state)
{
    enum { R = D3D11_CPU_ACCESS_READ, W = D3D11_CPU_ACCESS_WRITE };
    static const struct
    {
        const char *name;
        enum map_kind kind;
        UINT w, h, d, mips, array;
        DXGI_FORMAT format;
        D3D11_USAGE usage;
        UINT cpu, sub;
        D3D11_MAP write, read;      /* read: a map that sees what write left */
        UINT row_pitch, depth_pitch, depth;
    }
    rows[] =
    {
        /* Wine's test_resource_map: a buffer's pitches are its size; textures' rows and slices are tight. */
        {"staging buffer", MAP_BUFFER, 1024, 1, 1, 1, 1, DXGI_FORMAT_UNKNOWN, D3D11_USAGE_STAGING, R | W, 0,
                D3D11_MAP_WRITE, D3D11_MAP_READ, 1024, 1024, 1},
        {"staging 2D 512x512", MAP_2D, 512, 512, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, R | W, 0,
                D3D11_MAP_WRITE, D3D11_MAP_READ, 4 * 512, 4 * 512 * 512, 1},
        {"staging 3D 64^3", MAP_3D, 64, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, R | W, 0,
                D3D11_MAP_WRITE, D3D11_MAP_READ, 4 * 64, 4 * 64 * 64, 64},
        {"staging 3D 8x4x4 mip 1", MAP_3D, 8, 4, 4, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, R | W, 1,
                D3D11_MAP_READ_WRITE, D3D11_MAP_READ, 16, 32, 2},
        {"staging 1D 64", MAP_1D, 64, 1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, R | W, 0,
                D3D11_MAP_WRITE, D3D11_MAP_READ, 256, 256, 1},
        {"staging 2D 16x8 mip 2", MAP_2D, 16, 8, 1, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, R | W, 2,
                D3D11_MAP_WRITE, D3D11_MAP_READ_WRITE, 16, 32, 1},
        {"staging 2D array slice 1 mip 1", MAP_2D, 8, 8, 1, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING,
                R | W, 3, D3D11_MAP_WRITE, D3D11_MAP_READ, 16, 64, 1},
        {"staging 2D R32G32B32 3x3", MAP_2D, 3, 3, 1, 1, 1, DXGI_FORMAT_R32G32B32_FLOAT, D3D11_USAGE_STAGING, R | W, 0,
                D3D11_MAP_WRITE, D3D11_MAP_READ, 36, 108, 1},
        {"staging BC1 16x16 (4x4 blocks of 8 bytes)", MAP_2D, 16, 16, 1, 1, 1, DXGI_FORMAT_BC1_UNORM,
                D3D11_USAGE_STAGING, R | W, 0, D3D11_MAP_WRITE, D3D11_MAP_READ, 32, 128, 1},
        {"staging BC1 mip 2 (one block)", MAP_2D, 16, 16, 1, 3, 1, DXGI_FORMAT_BC1_UNORM, D3D11_USAGE_STAGING, R | W, 2,
                D3D11_MAP_WRITE, D3D11_MAP_READ, 8, 8, 1},
        {"dynamic buffer: discard, then no-overwrite sees it", MAP_BUFFER, 64, 1, 1, 1, 1, DXGI_FORMAT_UNKNOWN,
                D3D11_USAGE_DYNAMIC, W, 0, D3D11_MAP_WRITE_DISCARD, D3D11_MAP_WRITE_NO_OVERWRITE, 64, 64, 1},
        {"dynamic 2D 4x4: discard keeps the memory", MAP_2D, 4, 4, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                D3D11_USAGE_DYNAMIC, W, 0, D3D11_MAP_WRITE_DISCARD, D3D11_MAP_WRITE_DISCARD, 16, 64, 1},
        {"default mappable buffer (11.2)", MAP_BUFFER, 256, 1, 1, 1, 1, DXGI_FORMAT_UNKNOWN, D3D11_USAGE_DEFAULT,
                R | W, 0, D3D11_MAP_WRITE, D3D11_MAP_READ, 256, 256, 1},
    };
    struct row_failures failures = {0};
    D3D11_MAPPED_SUBRESOURCE mapped, other;
    ID3D11DeviceContext *context;
    ID3D11Resource *resource;
    ID3D11Device *device;
    unsigned char *bytes;
    UINT i, j, size;
    BOOL bad;

    (void)state;
    device = create_level(FL(11, 0));
    ID3D11Device_GetImmediateContext(device, &context);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        resource = create_map_resource(device, rows[i].kind, rows[i].w, rows[i].h, rows[i].d, rows[i].mips,
                rows[i].array, rows[i].format, rows[i].usage, rows[i].cpu, NULL);
        if (!resource)
        {
            row_fail(&failures, i, rows[i].name, "not created");
            continue;
        }
        memset(&mapped, 0, sizeof(mapped));
        if (ID3D11DeviceContext_Map(context, resource, rows[i].sub, rows[i].write, 0, &mapped) != S_OK || !mapped.pData)
        {
            row_fail(&failures, i, rows[i].name, "write map refused");
            ID3D11Resource_Release(resource);
            continue;
        }
        if (mapped.RowPitch != rows[i].row_pitch || mapped.DepthPitch != rows[i].depth_pitch)
            row_fail(&failures, i, rows[i].name, "pitches %u, %u", mapped.RowPitch, mapped.DepthPitch);
        size = rows[i].depth_pitch * rows[i].depth;
        bytes = mapped.pData;
        for (j = 0, bad = FALSE; j < size; ++j)
            bad |= bytes[j] != 0;
        if (bad)
            row_fail(&failures, i, rows[i].name, "new memory not zeroed");
        for (j = 0; j < size; ++j)
            bytes[j] = (unsigned char)(j * 7 + i);
        ID3D11DeviceContext_Unmap(context, resource, rows[i].sub);
        memset(&other, 0, sizeof(other));
        if (ID3D11DeviceContext_Map(context, resource, rows[i].sub, rows[i].read, D3D11_MAP_FLAG_DO_NOT_WAIT, &other)
                != S_OK)
        {
            row_fail(&failures, i, rows[i].name, "read map refused");
            ID3D11Resource_Release(resource);
            continue;
        }
        if (other.pData != mapped.pData || other.RowPitch != mapped.RowPitch || other.DepthPitch != mapped.DepthPitch)
            row_fail(&failures, i, rows[i].name, "second map moved: %p, %u, %u", other.pData, other.RowPitch,
                    other.DepthPitch);
        for (j = 0, bad = FALSE; j < size; ++j)
            bad |= bytes[j] != (unsigned char)(j * 7 + i);
        if (bad)
            row_fail(&failures, i, rows[i].name, "contents not kept");
        ID3D11DeviceContext_Unmap(context, resource, rows[i].sub);
        /* Other subresources keep their zeros. */
        if (rows[i].sub)
        {
            if (ID3D11DeviceContext_Map(context, resource, 0, rows[i].write, 0, &other) != S_OK
                    || other.pData == mapped.pData || ((unsigned char *)other.pData)[0])
                row_fail(&failures, i, rows[i].name, "subresource 0 shares the memory");
            ID3D11DeviceContext_Unmap(context, resource, 0);
        }
        assert_int_equal(ID3D11Resource_Release(resource), 0);
    }
    rows_done(&failures);

    /* A subresource maps once until Unmap; a refused map writes NULL to pData
     * and leaves the pitches (Wine's test_resource_map); flags other than
     * DO_NOT_WAIT are refused; a NULL output still maps. */
    resource = create_map_resource(device, MAP_2D, 4, 4, 1, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING,
            R | W, NULL);
    assert_non_null(resource);
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
    other.pData = (void *)(uintptr_t)0xdeadbeef;
    other.RowPitch = 0xabab;
    other.DepthPitch = 0xcdcd;
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_READ, 0, &other), E_INVALIDARG);
    assert_null(other.pData);
    assert_int_equal(other.RowPitch, 0xabab);
    assert_int_equal(other.DepthPitch, 0xcdcd);
    other.pData = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 2, D3D11_MAP_READ, 0, &other), E_INVALIDARG);
    assert_null(other.pData);
    assert_int_equal(other.RowPitch, 0xabab);
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 1, D3D11_MAP_READ, 0x1, &other), E_INVALIDARG);
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 1, D3D11_MAP_READ, 0, &other), S_OK);
    assert_int_equal(other.RowPitch, 8);
    assert_int_equal(other.DepthPitch, 16);
    assert_ptr_equal(other.pData, (unsigned char *)mapped.pData + 64);
    ID3D11DeviceContext_Unmap(context, resource, 1);
    ID3D11DeviceContext_Unmap(context, resource, 0);
    ID3D11DeviceContext_Unmap(context, resource, 0);   /* not mapped: nothing */
    ID3D11DeviceContext_Unmap(context, resource, 7);   /* no such subresource: nothing */
    ID3D11DeviceContext_Unmap(context, NULL, 0);
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_WRITE, 0, NULL), S_OK);
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_WRITE, 0, &other), E_INVALIDARG);
    ID3D11DeviceContext_Unmap(context, resource, 0);
    assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_WRITE, 0, &other), S_OK);
    ID3D11DeviceContext_Unmap(context, resource, 0);
    assert_int_equal(ID3D11Resource_Release(resource), 0);

    /* Initial data: rows SysMemPitch apart become tight rows; a buffer's bytes are copied. */
    {
        unsigned char pixels[4 * 32], buffer_bytes[48];
        D3D11_SUBRESOURCE_DATA data = {pixels, 32, 0};
        D3D11_SUBRESOURCE_DATA bdata = {buffer_bytes, 0, 0};
        ID3D11DeviceContext *deferred;

        for (j = 0; j < sizeof(pixels); ++j)
            pixels[j] = (unsigned char)j;
        for (j = 0; j < sizeof(buffer_bytes); ++j)
            buffer_bytes[j] = (unsigned char)(200 - j);
        resource = create_map_resource(device, MAP_2D, 4, 4, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                D3D11_USAGE_STAGING, R, &data);
        assert_non_null(resource);
        assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_int_equal(mapped.RowPitch, 16);
        for (j = 0; j < 4; ++j)
            assert_memory_equal((unsigned char *)mapped.pData + 16 * j, pixels + 32 * j, 16);
        ID3D11DeviceContext_Unmap(context, resource, 0);
        assert_int_equal(ID3D11Resource_Release(resource), 0);

        resource = create_map_resource(device, MAP_BUFFER, 48, 1, 1, 1, 1, DXGI_FORMAT_UNKNOWN,
                D3D11_USAGE_DYNAMIC, W, &bdata);
        assert_non_null(resource);
        assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &mapped), S_OK);
        assert_memory_equal(mapped.pData, buffer_bytes, sizeof(buffer_bytes));

        /* Deferred contexts: a valid map is not modelled (E_NOTIMPL); their
         * Unmap does not end the immediate context's map. */
        assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
        assert_int_equal(ID3D11DeviceContext_Map(deferred, resource, 0, D3D11_MAP_WRITE_DISCARD, 0, &other),
                E_NOTIMPL);
        assert_null(other.pData);
        assert_int_equal(ID3D11DeviceContext_Map(deferred, resource, 0, D3D11_MAP_READ, 0, &other), E_INVALIDARG);
        ID3D11DeviceContext_Unmap(deferred, resource, 0);
        assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_WRITE_DISCARD, 0, &other),
                E_INVALIDARG);
        ID3D11DeviceContext_Unmap(context, resource, 0);
        assert_int_equal(ID3D11DeviceContext_Map(context, resource, 0, D3D11_MAP_WRITE_DISCARD, 0, &other), S_OK);
        assert_ptr_equal(other.pData, mapped.pData);
        ID3D11DeviceContext_Unmap(context, resource, 0);
        assert_int_equal(ID3D11DeviceContext_Release(deferred), 0);
        assert_int_equal(ID3D11Resource_Release(resource), 0);
    }

    /* CopyResource between CPU-backed resources of one shape and format
     * copies every subresource; other pairs, and deferred contexts, do nothing. */
    {
        unsigned char pixels[8 * 8 * 4];
        D3D11_SUBRESOURCE_DATA data[2] = {{pixels, 32, 0}, {pixels + 1, 16, 0}};
        ID3D11Resource *src, *dst, *other_shape, *other_format, *same_family, *immutable;
        ID3D11DeviceContext *deferred;

        for (j = 0; j < sizeof(pixels); ++j)
            pixels[j] = (unsigned char)(j + 1);
        src = create_map_resource(device, MAP_2D, 8, 8, 1, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING,
                R | W, data);
        dst = create_map_resource(device, MAP_2D, 8, 8, 1, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING,
                R, NULL);
        other_shape = create_map_resource(device, MAP_2D, 8, 4, 1, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                D3D11_USAGE_STAGING, R, NULL);
        other_format = create_map_resource(device, MAP_2D, 8, 8, 1, 2, 1, DXGI_FORMAT_B8G8R8A8_UNORM,
                D3D11_USAGE_STAGING, R, NULL);
        same_family = create_map_resource(device, MAP_2D, 8, 8, 1, 2, 1, DXGI_FORMAT_R8G8B8A8_UINT,
                D3D11_USAGE_STAGING, R, NULL);
        immutable = create_map_resource(device, MAP_2D, 8, 8, 1, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                D3D11_USAGE_IMMUTABLE, 0, data);
        assert_non_null(src);
        assert_non_null(dst);
        assert_non_null(other_shape);
        assert_non_null(other_format);
        assert_non_null(same_family);
        assert_non_null(immutable);
        assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
        ID3D11DeviceContext_CopyResource(deferred, dst, src);
        ID3D11DeviceContext_CopyResource(context, other_shape, src);
        ID3D11DeviceContext_CopyResource(context, other_format, src);
        ID3D11DeviceContext_CopyResource(context, immutable, dst); /* IMMUTABLE: never written */
        ID3D11DeviceContext_CopyResource(context, NULL, src);
        ID3D11DeviceContext_CopyResource(context, src, src);
        assert_int_equal(ID3D11DeviceContext_Map(context, dst, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_int_equal(((unsigned char *)mapped.pData)[0], 0);
        ID3D11DeviceContext_Unmap(context, dst, 0);
        assert_int_equal(ID3D11DeviceContext_Map(context, other_format, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_int_equal(((unsigned char *)mapped.pData)[0], 0);
        ID3D11DeviceContext_Unmap(context, other_format, 0);

        ID3D11DeviceContext_CopyResource(context, dst, src);
        assert_int_equal(ID3D11DeviceContext_Map(context, dst, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        for (j = 0; j < 8; ++j)
            assert_memory_equal((unsigned char *)mapped.pData + mapped.RowPitch * j, pixels + 32 * j, 32);
        ID3D11DeviceContext_Unmap(context, dst, 0);
        assert_int_equal(ID3D11DeviceContext_Map(context, dst, 1, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_int_equal(mapped.RowPitch, 16);
        for (j = 0; j < 4; ++j)
            assert_memory_equal((unsigned char *)mapped.pData + 16 * j, pixels + 1 + 16 * j, 16);
        ID3D11DeviceContext_Unmap(context, dst, 1);

        /* One cast family (R8G8B8A8_TYPELESS) copies; so does an IMMUTABLE
         * source, whose contents are its initial data. */
        ID3D11DeviceContext_CopyResource(context, same_family, src);
        assert_int_equal(ID3D11DeviceContext_Map(context, same_family, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_memory_equal(mapped.pData, pixels, 32);
        ID3D11DeviceContext_Unmap(context, same_family, 0);
        assert_int_equal(ID3D11DeviceContext_Map(context, src, 0, D3D11_MAP_WRITE, 0, &mapped), S_OK);
        memset(mapped.pData, 0xcd, 32);
        ID3D11DeviceContext_Unmap(context, src, 0);
        ID3D11DeviceContext_CopyResource(context, dst, src);
        assert_int_equal(ID3D11DeviceContext_Map(context, dst, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_int_equal(((unsigned char *)mapped.pData)[0], 0xcd);
        ID3D11DeviceContext_Unmap(context, dst, 0);
        ID3D11DeviceContext_CopyResource(context, dst, immutable);
        assert_int_equal(ID3D11DeviceContext_Map(context, dst, 0, D3D11_MAP_READ, 0, &mapped), S_OK);
        assert_int_equal(((unsigned char *)mapped.pData)[0], 1);
        assert_int_equal(((unsigned char *)mapped.pData)[31], 32);
        ID3D11DeviceContext_Unmap(context, dst, 0);

        assert_int_equal(ID3D11DeviceContext_Release(deferred), 0);
        assert_int_equal(ID3D11Resource_Release(same_family), 0);
        assert_int_equal(ID3D11Resource_Release(immutable), 0);
        assert_int_equal(ID3D11Resource_Release(other_format), 0);
        assert_int_equal(ID3D11Resource_Release(other_shape), 0);
        assert_int_equal(ID3D11Resource_Release(dst), 0);
        assert_int_equal(ID3D11Resource_Release(src), 0);
    }

    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* The DXGI interfaces of a resource: IDXGIResource1 and IDXGISurface2
 * methods, with the results docs/d3d11.md "Resources" gives. */
static void test_resource_dxgi_methods(void **state)
{
    D3D11_TEXTURE2D_DESC desc = {16, 16, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_TEXTURE2D_DESC staging_desc = {16, 16, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0}, D3D11_USAGE_STAGING, 0,
            D3D11_CPU_ACCESS_READ, 0};
    D3D11_TEXTURE2D_DESC gdi_desc = desc;
    ID3D11Texture2D *texture = NULL, *staging = NULL, *gdi = NULL;
    IDXGIResource1 *resource = NULL;
    IDXGISurface2 *surface = NULL, *sub = NULL, *staging_surface = NULL, *gdi_surface = NULL;
    ID3D11Device *device = NULL, *got_device = NULL;
    ID3D11Resource *got = NULL;
    DXGI_MAPPED_RECT rect;
    DXGI_USAGE usage = 0;
    HANDLE handle = (HANDLE)(uintptr_t)1;
    UINT priority = 0, index = 7;
    HDC dc;

    (void)state;
    assert_int_equal(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device,
            NULL, NULL), S_OK);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &texture), S_OK);
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &staging_desc, NULL, &staging), S_OK);
    gdi_desc.MiscFlags = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &gdi_desc, NULL, &gdi), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(texture, &IID_IDXGIResource1, (void **)&resource), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(texture, &IID_IDXGISurface2, (void **)&surface), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(staging, &IID_IDXGISurface2, (void **)&staging_surface), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(gdi, &IID_IDXGISurface2, (void **)&gdi_surface), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(texture, &IID_ID3D11Texture2D, NULL), E_POINTER);
    ID3D11Texture2D_GetDesc(texture, NULL);
    /* The other dimensions: NULL descriptions and out pointers, their ...1 interfaces. */
    {
        D3D11_BUFFER_DESC bd = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
        D3D11_TEXTURE1D_DESC d1 = {16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                0, 0};
        D3D11_TEXTURE3D_DESC d3 = {8, 8, 8, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                D3D11_BIND_SHADER_RESOURCE, 0, 0};
        ID3D11Buffer *b = NULL;
        ID3D11Texture1D *t1 = NULL;
        ID3D11Texture3D *t3 = NULL;
        IUnknown *unknown = NULL;

        assert_int_equal(ID3D11Device_CreateBuffer(device, &bd, NULL, &b), S_OK);
        assert_int_equal(ID3D11Device_CreateTexture1D(device, &d1, NULL, &t1), S_OK);
        assert_int_equal(ID3D11Device_CreateTexture3D(device, &d3, NULL, &t3), S_OK);
        ID3D11Buffer_GetDesc(b, NULL);
        ID3D11Texture1D_GetDesc(t1, NULL);
        ID3D11Texture3D_GetDesc(t3, NULL);
        ((ID3D11Texture3D1 *)t3)->lpVtbl->GetDesc1((ID3D11Texture3D1 *)t3, NULL);
        ((ID3D11Texture2D1 *)texture)->lpVtbl->GetDesc1((ID3D11Texture2D1 *)texture, NULL);
        assert_int_equal(ID3D11Buffer_QueryInterface(b, &IID_ID3D11Buffer, NULL), E_POINTER);
        assert_int_equal(ID3D11Texture3D_QueryInterface(t3, &IID_ID3D11Texture3D1, (void **)&unknown), S_OK);
        IUnknown_Release(unknown);
        assert_int_equal(ID3D11Texture2D_QueryInterface(texture, &IID_ID3D11Texture2D1, (void **)&unknown), S_OK);
        IUnknown_Release(unknown);
        assert_int_equal(ID3D11Texture2D_QueryInterface(texture, &IID_IDXGISurface1, (void **)&unknown), S_OK);
        IUnknown_Release(unknown);
        assert_int_equal(ID3D11Texture1D_QueryInterface(t1, &IID_ID3D11Texture3D, (void **)&unknown), E_NOINTERFACE);
        ID3D11Texture3D_Release(t3);
        ID3D11Texture1D_Release(t1);
        ID3D11Buffer_Release(b);
    }

    /* IDXGIResource1 */
    assert_int_equal(IDXGIResource1_GetUsage(resource, &usage), S_OK);
    assert_int_equal(usage, DXGI_USAGE_SHADER_INPUT | DXGI_USAGE_RENDER_TARGET_OUTPUT);
    assert_int_equal(IDXGIResource1_GetUsage(resource, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIResource1_GetSharedHandle(resource, &handle), DXGI_ERROR_INVALID_CALL);
    assert_null(handle);
    assert_int_equal(IDXGIResource1_GetSharedHandle(resource, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIResource1_SetEvictionPriority(resource, DXGI_RESOURCE_PRIORITY_HIGH), S_OK);
    assert_int_equal(IDXGIResource1_GetEvictionPriority(resource, &priority), S_OK);
    assert_int_equal(priority, DXGI_RESOURCE_PRIORITY_HIGH);
    assert_int_equal(ID3D11Texture2D_GetEvictionPriority(texture), DXGI_RESOURCE_PRIORITY_HIGH);
    assert_int_equal(IDXGIResource1_GetEvictionPriority(resource, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIResource1_CreateSubresourceSurface(resource, 0, &sub), S_OK);
    assert_ptr_equal(sub, surface);
    IDXGISurface2_Release(sub);
    assert_int_equal(IDXGIResource1_CreateSubresourceSurface(resource, 1, &sub), E_NOTIMPL);
    assert_null(sub);
    assert_int_equal(IDXGIResource1_CreateSubresourceSurface(resource, 0, NULL), E_INVALIDARG);
    handle = (HANDLE)(uintptr_t)1;
    assert_int_equal(IDXGIResource1_CreateSharedHandle(resource, NULL, DXGI_SHARED_RESOURCE_READ, NULL, &handle),
            E_INVALIDARG);
    assert_null(handle);
    assert_int_equal(IDXGIResource1_CreateSharedHandle(resource, NULL, DXGI_SHARED_RESOURCE_READ, NULL, NULL),
            E_INVALIDARG);

    /* IDXGISurface2 */
    assert_int_equal(IDXGISurface2_GetDevice(surface, &IID_ID3D11Device, (void **)&got_device), S_OK);
    assert_ptr_equal(got_device, device);
    ID3D11Device_Release(got_device);
    assert_int_equal(IDXGISurface2_GetDesc(surface, NULL), E_INVALIDARG);
    assert_int_equal(IDXGISurface2_Map(surface, &rect, DXGI_MAP_READ), DXGI_ERROR_INVALID_CALL);
    assert_null(rect.pBits);
    assert_int_equal(IDXGISurface2_Map(staging_surface, &rect, DXGI_MAP_READ), E_NOTIMPL);
    assert_int_equal(IDXGISurface2_Map(surface, NULL, DXGI_MAP_READ), E_INVALIDARG);
    assert_int_equal(IDXGISurface2_Unmap(surface), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISurface2_GetDC(surface, FALSE, &dc), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISurface2_GetDC(gdi_surface, FALSE, &dc), E_NOTIMPL);
    assert_int_equal(IDXGISurface2_GetDC(surface, FALSE, NULL), E_INVALIDARG);
    assert_int_equal(IDXGISurface2_ReleaseDC(surface, NULL), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGISurface2_GetResource(surface, &IID_ID3D11Resource, (void **)&got, &index), S_OK);
    assert_ptr_equal(got, (ID3D11Resource *)texture);
    assert_int_equal(index, 0);
    ID3D11Resource_Release(got);
    assert_int_equal(IDXGISurface2_GetResource(surface, &IID_ID3D11Resource, (void **)&got, NULL), E_INVALIDARG);

    IDXGISurface2_Release(gdi_surface);
    IDXGISurface2_Release(staging_surface);
    IDXGISurface2_Release(surface);
    IDXGIResource1_Release(resource);
    ID3D11Texture2D_Release(gdi);
    ID3D11Texture2D_Release(staging);
    ID3D11Texture2D_Release(texture);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

static void test_resource_texture_objects(void **state)
{
    D3D11_SUBRESOURCE_DATA empty = {0};
    D3D11_TEXTURE1D_DESC d1 = {512, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_TEXTURE2D_DESC d2 = {512, 256, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_TEXTURE3D_DESC d3 = {64, 32, 16, 0, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_TEXTURE2D_DESC1 d21;
    D3D11_RESOURCE_DIMENSION dimension;
    DXGI_SURFACE_DESC sdesc;
    ID3D11Texture1D *t1;
    ID3D11Texture2D *t2;
    ID3D11Texture2D1 *t21;
    ID3D11Texture3D *t3;
    ID3D11Device3 *device3;
    IDXGIResource *dxgi;
    IDXGISurface *surface;
    IUnknown *unknown;
    ID3D11Device *device;
    UINT value = 123, read = 0, size = sizeof(read);

    (void)state;
    device = create_level(FL(11, 0));
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &d1, &empty, &t1), E_INVALIDARG);
    assert_null(t1);
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &d1, NULL, NULL), S_FALSE);
    assert_int_equal(ID3D11Device_CreateTexture1D(device, &d1, NULL, &t1), S_OK);
    ID3D11Texture1D_GetDesc(t1, &d1);
    assert_int_equal(d1.MipLevels, 10);
    ID3D11Texture1D_GetType(t1, &dimension);
    assert_int_equal(dimension, D3D11_RESOURCE_DIMENSION_TEXTURE1D);
    assert_int_equal(ID3D11Texture1D_QueryInterface(t1, &IID_IDXGISurface, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(ID3D11Texture1D_QueryInterface(t1, &IID_IDXGIResource, (void **)&dxgi), S_OK);
    IDXGIResource_Release(dxgi);
    assert_int_equal(ID3D11Texture1D_Release(t1), 0);

    assert_int_equal(ID3D11Device_CreateTexture2D(device, &d2, NULL, &t2), S_OK);
    ID3D11Texture2D_GetDesc(t2, &d2);
    assert_int_equal(d2.MipLevels, 10);
    assert_int_equal(d2.Height, 256);
    assert_int_equal(ID3D11Texture2D_QueryInterface(t2, &IID_IDXGISurface, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(ID3D11Texture2D_Release(t2), 0);

    /* One subresource: also a surface, the same object as its IDXGIResource. */
    d2.MipLevels = 1;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &d2, NULL, &t2), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(t2, &IID_IDXGISurface, (void **)&surface), S_OK);
    assert_int_equal(ID3D11Texture2D_QueryInterface(t2, &IID_IDXGIResource, (void **)&dxgi), S_OK);
    assert_int_equal(IDXGISurface_QueryInterface(surface, &IID_IDXGIDeviceSubObject, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, dxgi);
    IUnknown_Release(unknown);
    assert_int_equal(IDXGIResource_QueryInterface(dxgi, &IID_IDXGISurface, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, surface);
    IUnknown_Release(unknown);
    assert_int_equal(IDXGISurface_GetParent(surface, &IID_IDXGIResource, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(IDXGIResource_SetPrivateData(dxgi, &IID_IUnknown, sizeof(value), &value), S_OK);
    assert_int_equal(IDXGISurface_GetPrivateData(surface, &IID_IUnknown, &size, &read), S_OK);
    assert_int_equal(read, 123);
    assert_int_equal(IDXGISurface_GetDesc(surface, &sdesc), S_OK);
    assert_int_equal(sdesc.Width, 512);
    assert_int_equal(sdesc.Height, 256);
    assert_int_equal(sdesc.Format, DXGI_FORMAT_R8G8B8A8_UNORM);
    assert_int_equal(sdesc.SampleDesc.Count, 1);
    IDXGISurface_Release(surface);
    IDXGIResource_Release(dxgi);
    assert_int_equal(ID3D11Texture2D_QueryInterface(t2, &IID_ID3D11Texture2D1, (void **)&t21), S_OK);
    ID3D11Texture2D1_GetDesc1(t21, &d21);
    assert_int_equal(d21.TextureLayout, D3D11_TEXTURE_LAYOUT_UNDEFINED);
    assert_int_equal(d21.Width, 512);
    ID3D11Texture2D1_Release(t21);
    assert_int_equal(ID3D11Texture2D_Release(t2), 0);

    assert_int_equal(ID3D11Device_CreateTexture3D(device, &d3, NULL, &t3), S_OK);
    ID3D11Texture3D_GetDesc(t3, &d3);
    assert_int_equal(d3.MipLevels, 7);
    assert_int_equal(d3.Depth, 16);
    d3.MipLevels = 1;
    assert_int_equal(ID3D11Texture3D_QueryInterface(t3, &IID_IDXGISurface, (void **)&unknown), E_NOINTERFACE);
    assert_int_equal(ID3D11Texture3D_Release(t3), 0);

    /* ID3D11Device3: other texture layouts are not modelled. */
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device3, (void **)&device3), S_OK);
    memcpy(&d21, &d2, sizeof(d2));
    d21.TextureLayout = D3D11_TEXTURE_LAYOUT_UNDEFINED;
    assert_int_equal(ID3D11Device3_CreateTexture2D1(device3, &d21, NULL, &t21), S_OK);
    ID3D11Texture2D1_Release(t21);
    d21.TextureLayout = D3D11_TEXTURE_LAYOUT_ROW_MAJOR;
    assert_int_equal(ID3D11Device3_CreateTexture2D1(device3, &d21, NULL, &t21), E_INVALIDARG);
    ID3D11Device3_Release(device3);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_resource_buffers),
        cmocka_unit_test(test_resource_access),
        cmocka_unit_test(test_resource_textures),
        cmocka_unit_test(test_resource_map),
        cmocka_unit_test(test_resource_dxgi_methods),
        cmocka_unit_test(test_resource_texture_objects),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
