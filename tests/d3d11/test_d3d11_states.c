/*
 * State objects and queries of the mock D3D11 runtime (src/d3d11/state.c,
 * data/d3d11-state-rules.tsv; docs/d3d11.md "State objects and queries"),
 * through the exported entry points only. Rows citing Windows come from
 * Wine's dlls/d3d11/tests/d3d11.c (test_create_sampler_state,
 * test_create_blend_state, test_create_depthstencil_state,
 * test_create_rasterizer_state, test_create_query), which pass on Windows.
 * A conformance suite: the public D3D11 API only, on the default adapter
 * (tests/d3d11.cmake makes it the nvidia-rtx-4090 profile; docs/testing.md).
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

#ifndef _WIN32
#include <pthread.h>
#endif
#include <float.h>

/* The D3D10 views Windows may offer (d3d10.h; not in <mockd3d12/d3d11.h>). */
static const GUID iid_d3d10_blend_state = {0xedad8d19, 0x8a35, 0x4d6d, {0x85, 0x66, 0x2e, 0xa2, 0x76, 0xcd, 0xe1, 0x61}};
static const GUID iid_d3d10_predicate = {0x9b7e4c10, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};

static ID3D11Device *create_level(D3D_FEATURE_LEVEL level)
{
    return create_d3d11_device(level, 0, NULL);
}

static D3D11_SAMPLER_DESC sampler_desc(D3D11_FILTER filter, D3D11_TEXTURE_ADDRESS_MODE w)
{
    D3D11_SAMPLER_DESC desc;

    memset(&desc, 0, sizeof(desc));
    desc.Filter = filter;
    desc.AddressU = desc.AddressV = D3D11_TEXTURE_ADDRESS_WRAP;
    desc.AddressW = w;
    desc.MaxAnisotropy = 16;
    desc.ComparisonFunc = D3D11_COMPARISON_ALWAYS;
    desc.BorderColor[1] = desc.BorderColor[3] = 1.0f;
    desc.MaxLOD = 16.0f;
    return desc;
}

/* ---- Sampler states ---- */

static void test_sampler_states(void **state)
{
    static const struct
    {
        const char *name;
        D3D11_FILTER filter;
        D3D11_TEXTURE_ADDRESS_MODE w;
        UINT anisotropy;
        D3D11_COMPARISON_FUNC func;
        float border_g;
    }
    rows[] =
    {
        /* Windows: non-anisotropic filters report MaxAnisotropy 0, non-comparison ones NEVER, and no
         * BORDER address mode means a zero border colour. */
        {"linear, wrap", D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP, 0, D3D11_COMPARISON_NEVER, 0.0f},
        {"linear, border", D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_BORDER, 0, D3D11_COMPARISON_NEVER,
                1.0f},
        {"anisotropic", D3D11_FILTER_ANISOTROPIC, D3D11_TEXTURE_ADDRESS_BORDER, 16, D3D11_COMPARISON_NEVER, 1.0f},
        {"comparison point", D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_BORDER, 0,
                D3D11_COMPARISON_ALWAYS, 1.0f},
        {"comparison anisotropic", D3D11_FILTER_COMPARISON_ANISOTROPIC, D3D11_TEXTURE_ADDRESS_BORDER, 16,
                D3D11_COMPARISON_ALWAYS, 1.0f},
    };
    ID3D11Device *device = create_level(FL(11, 0)), *tmp = NULL;
    ID3D11SamplerState *s1, *s2;
    D3D11_SAMPLER_DESC desc, out;
    ULONG device_refs;
    unsigned i;

    (void)state;
    assert_int_equal(ID3D11Device_CreateSamplerState(device, NULL, &s1), E_INVALIDARG);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        desc = sampler_desc(rows[i].filter, rows[i].w);
        assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, NULL), S_FALSE);
        device_refs = get_refcount(device);
        assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, &s1), S_OK);
        assert_int_equal(get_refcount(device), device_refs + 1);
        memset(&out, 0xcc, sizeof(out));
        ID3D11SamplerState_GetDesc(s1, &out);
        assert_int_equal(out.Filter, rows[i].filter);
        assert_int_equal(out.AddressW, rows[i].w);
        assert_int_equal(out.MaxAnisotropy, rows[i].anisotropy);
        assert_int_equal(out.ComparisonFunc, rows[i].func);
        assert_true(out.BorderColor[1] == rows[i].border_g && out.BorderColor[3] == rows[i].border_g);
        assert_true(out.MaxLOD == 16.0f && out.MinLOD == 0.0f);
        assert_int_equal(ID3D11SamplerState_Release(s1), 0);
        assert_int_equal(get_refcount(device), device_refs);
    }

    /* One object per description: the same one with one more reference. */
    desc = sampler_desc(D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_WRAP);
    assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, &s1), S_OK);
    desc.MaxAnisotropy = 3; /* normalised away: still the same object */
    assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, &s2), S_OK);
    assert_ptr_equal(s1, s2);
    assert_int_equal(get_refcount(s1), 2);
    ID3D11SamplerState_GetDevice(s1, &tmp);
    assert_ptr_equal(tmp, device);
    ID3D11Device_Release(tmp);
    assert_int_equal(ID3D11SamplerState_Release(s2), 1);
    assert_int_equal(ID3D11SamplerState_Release(s1), 0);

    /* Invalid fields: E_INVALIDARG, nothing written. */
    for (i = 0; i < 6; ++i)
    {
        desc = sampler_desc(D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP);
        if (i == 0) desc.Filter = (D3D11_FILTER)0x2;
        if (i == 1) desc.Filter = (D3D11_FILTER)0x40;
        if (i == 2) desc.AddressU = (D3D11_TEXTURE_ADDRESS_MODE)0;
        if (i == 3) desc.AddressV = (D3D11_TEXTURE_ADDRESS_MODE)6;
        if (i == 4) desc.MaxAnisotropy = 17;
        if (i == 5) desc.ComparisonFunc = (D3D11_COMPARISON_FUNC)9;
        s1 = (ID3D11SamplerState *)(uintptr_t)1;
        assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, &s1), E_INVALIDARG);
        assert_null(s1);
    }
    /* A bad comparison function does not matter without a comparison filter. */
    desc = sampler_desc(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP);
    desc.ComparisonFunc = (D3D11_COMPARISON_FUNC)0;
    desc.MaxLOD = FLT_MAX;
    assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, NULL), S_FALSE);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Blend states ---- */

static void test_blend_states(void **state)
{
    ID3D11Device *device = create_level(FL(11, 1)), *tmp = NULL;
    ID3D11BlendState *b1, *b2;
    ID3D11BlendState1 *b11;
    ID3D11Device1 *device1;
    D3D11_BLEND_DESC desc, out;
    D3D11_BLEND_DESC1 desc1, out1;
    unsigned i;

    (void)state;
    assert_int_equal(ID3D11Device_CreateBlendState(device, NULL, &b1), E_INVALIDARG);
    memset(&desc, 0, sizeof(desc));
    desc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, NULL), S_FALSE);
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, &b1), S_OK);
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, &b2), S_OK);
    assert_ptr_equal(b1, b2);
    ID3D11BlendState_GetDevice(b1, &tmp);
    assert_ptr_equal(tmp, device);
    ID3D11Device_Release(tmp);
    /* Windows: every target is the first without independent blending; disabled
     * targets report ONE, ZERO, ADD. */
    memset(&out, 0xcc, sizeof(out));
    ID3D11BlendState_GetDesc(b1, &out);
    assert_false(out.AlphaToCoverageEnable);
    assert_false(out.IndependentBlendEnable);
    for (i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        assert_false(out.RenderTarget[i].BlendEnable);
        assert_int_equal(out.RenderTarget[i].SrcBlend, D3D11_BLEND_ONE);
        assert_int_equal(out.RenderTarget[i].DestBlend, D3D11_BLEND_ZERO);
        assert_int_equal(out.RenderTarget[i].BlendOp, D3D11_BLEND_OP_ADD);
        assert_int_equal(out.RenderTarget[i].SrcBlendAlpha, D3D11_BLEND_ONE);
        assert_int_equal(out.RenderTarget[i].DestBlendAlpha, D3D11_BLEND_ZERO);
        assert_int_equal(out.RenderTarget[i].BlendOpAlpha, D3D11_BLEND_OP_ADD);
        assert_int_equal(out.RenderTarget[i].RenderTargetWriteMask, D3D11_COLOR_WRITE_ENABLE_ALL);
    }
    /* No D3D10 views (Windows versions without them exist). */
    assert_int_equal(ID3D11BlendState_QueryInterface(b1, &iid_d3d10_blend_state, (void **)&b2), E_NOINTERFACE);
    assert_null(b2);
    assert_int_equal(ID3D11BlendState_QueryInterface(b1, &IID_ID3D11BlendState1, (void **)&b11), S_OK);
    memset(&out1, 0xcc, sizeof(out1));
    ID3D11BlendState1_GetDesc1(b11, &out1);
    assert_false(out1.RenderTarget[7].LogicOpEnable);
    assert_int_equal(out1.RenderTarget[7].RenderTargetWriteMask, D3D11_COLOR_WRITE_ENABLE_ALL);
    ID3D11BlendState1_Release(b11);

    /* CreateBlendState1 of the same description: the same object. */
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device1, (void **)&device1), S_OK);
    memset(&desc1, 0, sizeof(desc1));
    desc1.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    assert_int_equal(ID3D11Device1_CreateBlendState1(device1, &desc1, &b11), S_OK);
    assert_ptr_equal(b11, b1);
    ID3D11BlendState1_Release(b11);
    /* Logic operations with blending, bad blends: E_INVALIDARG. */
    desc1.RenderTarget[0].LogicOpEnable = TRUE;
    desc1.RenderTarget[0].LogicOp = D3D11_LOGIC_OP_OR;
    assert_int_equal(ID3D11Device1_CreateBlendState1(device1, &desc1, NULL), S_FALSE);
    desc1.RenderTarget[0].BlendEnable = TRUE;
    desc1.RenderTarget[0].SrcBlend = desc1.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    desc1.RenderTarget[0].DestBlend = desc1.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    desc1.RenderTarget[0].BlendOp = desc1.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    assert_int_equal(ID3D11Device1_CreateBlendState1(device1, &desc1, NULL), E_INVALIDARG);
    ID3D11Device1_Release(device1);

    desc.RenderTarget[0].BlendEnable = TRUE;
    desc.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
    desc.RenderTarget[0].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
    desc.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
    desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_COLOR; /* colour factor for alpha */
    desc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, &b2), E_INVALIDARG);
    assert_null(b2);
    desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, &b2), S_OK);
    assert_ptr_not_equal(b2, b1);
    ID3D11BlendState_GetDesc(b2, &out);
    assert_int_equal(out.RenderTarget[5].SrcBlend, D3D11_BLEND_SRC_ALPHA);
    assert_int_equal(ID3D11BlendState_Release(b2), 0);
    /* Independent blending: the other targets keep their own (disabled) values. */
    desc.IndependentBlendEnable = TRUE;
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, &b2), S_OK);
    ID3D11BlendState_GetDesc(b2, &out);
    assert_int_equal(out.RenderTarget[0].SrcBlend, D3D11_BLEND_SRC_ALPHA);
    assert_int_equal(out.RenderTarget[5].SrcBlend, D3D11_BLEND_ONE);
    assert_int_equal(out.RenderTarget[5].RenderTargetWriteMask, 0);
    assert_int_equal(ID3D11BlendState_Release(b2), 0);
    desc.RenderTarget[3].RenderTargetWriteMask = 0x10;
    assert_int_equal(ID3D11Device_CreateBlendState(device, &desc, NULL), E_INVALIDARG);

    assert_int_equal(ID3D11BlendState_Release(b1), 1);
    assert_int_equal(ID3D11BlendState_Release(b1), 0);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Depth-stencil states ---- */

static void test_depth_stencil_states(void **state)
{
    ID3D11Device *device = create_level(FL(11, 0));
    ID3D11DepthStencilState *d1, *d2;
    D3D11_DEPTH_STENCIL_DESC desc;

    (void)state;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, NULL, &d1), E_INVALIDARG);
    /* Windows: with depth and stencil off, their fields read back as the defaults. */
    memset(&desc, 0, sizeof(desc));
    desc.DepthFunc = D3D11_COMPARISON_NEVER;
    desc.FrontFace.StencilFailOp = desc.FrontFace.StencilDepthFailOp = desc.FrontFace.StencilPassOp =
            D3D11_STENCIL_OP_ZERO;
    desc.FrontFace.StencilFunc = D3D11_COMPARISON_NEVER;
    desc.BackFace = desc.FrontFace;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, &d1), S_OK);
    memset(&desc, 0, sizeof(desc));
    ID3D11DepthStencilState_GetDesc(d1, &desc);
    assert_false(desc.DepthEnable);
    assert_int_equal(desc.DepthWriteMask, D3D11_DEPTH_WRITE_MASK_ALL);
    assert_int_equal(desc.DepthFunc, D3D11_COMPARISON_LESS);
    assert_false(desc.StencilEnable);
    assert_int_equal(desc.StencilReadMask, D3D11_DEFAULT_STENCIL_READ_MASK);
    assert_int_equal(desc.StencilWriteMask, D3D11_DEFAULT_STENCIL_WRITE_MASK);
    assert_int_equal(desc.FrontFace.StencilFailOp, D3D11_STENCIL_OP_KEEP);
    assert_int_equal(desc.BackFace.StencilPassOp, D3D11_STENCIL_OP_KEEP);
    assert_int_equal(desc.BackFace.StencilFunc, D3D11_COMPARISON_ALWAYS);
    /* The defaults themselves, with depth on: a different object; written again, the same. */
    desc.DepthEnable = TRUE;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, &d2), S_OK);
    assert_ptr_not_equal(d1, d2);
    assert_int_equal(ID3D11DepthStencilState_Release(d2), 0);
    desc.DepthEnable = FALSE;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, &d2), S_OK);
    assert_ptr_equal(d1, d2);
    assert_int_equal(ID3D11DepthStencilState_Release(d2), 1);
    /* Enabled fields are checked. */
    desc.DepthEnable = TRUE;
    desc.DepthFunc = (D3D11_COMPARISON_FUNC)0;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, NULL), E_INVALIDARG);
    desc.DepthFunc = D3D11_COMPARISON_LESS;
    desc.DepthWriteMask = (D3D11_DEPTH_WRITE_MASK)2;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, NULL), E_INVALIDARG);
    desc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO;
    desc.StencilEnable = TRUE;
    desc.BackFace.StencilPassOp = (D3D11_STENCIL_OP)9;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, NULL), E_INVALIDARG);
    desc.BackFace.StencilPassOp = D3D11_STENCIL_OP_DECR;
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &desc, NULL), S_FALSE);
    assert_int_equal(ID3D11DepthStencilState_Release(d1), 0);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Rasterizer states ---- */

static void test_rasterizer_states(void **state)
{
    ID3D11Device *device = create_level(FL(12, 1)), *tmp = NULL;
    ID3D11RasterizerState *r1, *r2;
    ID3D11RasterizerState1 *r11;
    ID3D11RasterizerState2 *r12;
    ID3D11Device3 *device3;
    D3D11_RASTERIZER_DESC desc;
    D3D11_RASTERIZER_DESC1 desc1;
    D3D11_RASTERIZER_DESC2 desc2;
    GUID guid = {0x1c2a3b4d, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
    UINT data = 0x5a, size = sizeof(data);

    (void)state;
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, NULL, &r1), E_INVALIDARG);
    memset(&desc, 0, sizeof(desc));
    desc.FillMode = D3D11_FILL_SOLID;
    desc.CullMode = D3D11_CULL_BACK;
    desc.DepthClipEnable = TRUE;
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, &desc, &r1), S_OK);
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, &desc, &r2), S_OK);
    assert_ptr_equal(r1, r2);
    ID3D11RasterizerState_Release(r2);
    ID3D11RasterizerState_GetDevice(r1, &tmp);
    assert_ptr_equal(tmp, device);
    ID3D11Device_Release(tmp);
    /* Private data, as every device child. */
    assert_int_equal(ID3D11RasterizerState_SetPrivateData(r1, &guid, sizeof(data), &data), S_OK);
    data = 0;
    assert_int_equal(ID3D11RasterizerState_GetPrivateData(r1, &guid, &size, &data), S_OK);
    assert_int_equal(data, 0x5a);

    /* Windows: GetDesc1 is the description and ForcedSampleCount 0. */
    assert_int_equal(ID3D11RasterizerState_QueryInterface(r1, &IID_ID3D11RasterizerState1, (void **)&r11), S_OK);
    memset(&desc1, 0xcc, sizeof(desc1));
    ID3D11RasterizerState1_GetDesc1(r11, &desc1);
    assert_memory_equal(&desc1, &desc, sizeof(desc));
    assert_int_equal(desc1.ForcedSampleCount, 0);
    ID3D11RasterizerState1_Release(r11);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device3, (void **)&device3), S_OK);
    assert_int_equal(ID3D11Device3_CreateRasterizerState1(device3, &desc1, &r11), S_OK);
    assert_ptr_equal((void *)r11, (void *)r1);
    ID3D11RasterizerState1_Release(r11);
    memset(&desc2, 0, sizeof(desc2));
    memcpy(&desc2, &desc1, sizeof(desc1));
    desc2.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    assert_int_equal(ID3D11Device3_CreateRasterizerState2(device3, &desc2, &r12), S_OK);
    assert_ptr_not_equal((void *)r12, (void *)r1);
    memset(&desc2, 0, sizeof(desc2));
    ID3D11RasterizerState2_GetDesc2(r12, &desc2);
    assert_int_equal(desc2.ConservativeRaster, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON);
    assert_int_equal(desc2.CullMode, D3D11_CULL_BACK);
    assert_int_equal(ID3D11RasterizerState2_Release(r12), 0);
    desc2.ForcedSampleCount = 3;
    assert_int_equal(ID3D11Device3_CreateRasterizerState2(device3, &desc2, NULL), E_INVALIDARG);
    ID3D11Device3_Release(device3);
    desc.FillMode = (D3D11_FILL_MODE)1;
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, &desc, &r2), E_INVALIDARG);
    assert_null(r2);
    desc.FillMode = D3D11_FILL_WIREFRAME;
    desc.CullMode = (D3D11_CULL_MODE)4;
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, &desc, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11RasterizerState_Release(r1), 0);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Queries and predicates ---- */

/* Refusals the description rows above do not reach, one field at a time,
 * and the objects' interfaces. */
static void test_state_refusals(void **state)
{
    ID3D11Device *device = create_level(D3D_FEATURE_LEVEL_11_1);
    D3D11_SAMPLER_DESC sampler = sampler_desc(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP), bad;
    D3D11_BLEND_DESC blend, bad_blend;
    D3D11_DEPTH_STENCIL_DESC ds, bad_ds;
    D3D11_RASTERIZER_DESC rs;
    D3D11_RASTERIZER_DESC got_rs;
    ID3D11SamplerState *sampler_state = NULL;
    ID3D11BlendState *blend_state = NULL;
    ID3D11DepthStencilState *ds_state = NULL;
    ID3D11RasterizerState *rs_state = NULL;
    IUnknown *unknown = NULL;
    unsigned int i;

    (void)state;
    /* Samplers: addresses below WRAP or past MIRROR_ONCE, anisotropy past 16, LOD bias past 16. */
    for (i = 0; i < 7; ++i)
    {
        bad = sampler;
        switch (i)
        {
            case 0: bad.AddressU = (D3D11_TEXTURE_ADDRESS_MODE)0; break;
            case 1: bad.AddressV = (D3D11_TEXTURE_ADDRESS_MODE)0; break;
            case 2: bad.AddressV = (D3D11_TEXTURE_ADDRESS_MODE)6; break;
            case 3: bad.AddressW = (D3D11_TEXTURE_ADDRESS_MODE)0; break;
            case 4: bad.AddressW = (D3D11_TEXTURE_ADDRESS_MODE)6; break;
            case 5: bad.Filter = D3D11_FILTER_ANISOTROPIC; bad.MaxAnisotropy = 17; break;
            default: bad.MipLODBias = 16.0f; break;
        }
        print_message("sampler refusal %u\n", i);
        assert_int_equal(ID3D11Device_CreateSamplerState(device, &bad, &sampler_state), E_INVALIDARG);
    }
    /* Blends: an unknown blend, an unknown op, each of the six fields. */
    memset(&blend, 0, sizeof(blend));
    blend.RenderTarget[0].BlendEnable = TRUE;
    blend.RenderTarget[0].SrcBlend = blend.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    blend.RenderTarget[0].DestBlend = blend.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    blend.RenderTarget[0].BlendOp = blend.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    blend.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    for (i = 0; i < 6; ++i)
    {
        bad_blend = blend;
        switch (i)
        {
            case 0: bad_blend.RenderTarget[0].SrcBlend = (D3D11_BLEND)0; break;
            case 1: bad_blend.RenderTarget[0].DestBlend = (D3D11_BLEND)20; break;
            case 2: bad_blend.RenderTarget[0].BlendOp = (D3D11_BLEND_OP)0; break;
            case 3: bad_blend.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_COLOR; break;
            case 4: bad_blend.RenderTarget[0].DestBlendAlpha = (D3D11_BLEND)20; break;
            default: bad_blend.RenderTarget[0].BlendOpAlpha = (D3D11_BLEND_OP)6; break;
        }
        print_message("blend refusal %u\n", i);
        assert_int_equal(ID3D11Device_CreateBlendState(device, &bad_blend, &blend_state), E_INVALIDARG);
    }
    assert_int_equal(ID3D11Device_CreateBlendState(device, &blend, &blend_state), S_OK);
    assert_int_equal(ID3D11BlendState_QueryInterface(blend_state, &IID_ID3D11BlendState1, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11BlendState_QueryInterface(blend_state, &IID_ID3D11RasterizerState, (void **)&unknown),
            E_NOINTERFACE);
    assert_int_equal(ID3D11BlendState_QueryInterface(blend_state, &IID_ID3D11BlendState, NULL), E_POINTER);
    ID3D11BlendState_GetDesc(blend_state, NULL);
    ID3D11BlendState_Release(blend_state);
    /* Depth-stencil: each stencil op and function of a face. */
    memset(&ds, 0, sizeof(ds));
    ds.DepthEnable = TRUE;
    ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    ds.DepthFunc = D3D11_COMPARISON_LESS;
    ds.StencilEnable = TRUE;
    ds.FrontFace.StencilFailOp = ds.FrontFace.StencilDepthFailOp = ds.FrontFace.StencilPassOp = D3D11_STENCIL_OP_KEEP;
    ds.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS;
    ds.BackFace = ds.FrontFace;
    for (i = 0; i < 5; ++i)
    {
        bad_ds = ds;
        switch (i)
        {
            case 0: bad_ds.FrontFace.StencilFailOp = (D3D11_STENCIL_OP)0; break;
            case 1: bad_ds.FrontFace.StencilDepthFailOp = (D3D11_STENCIL_OP)9; break;
            case 2: bad_ds.FrontFace.StencilPassOp = (D3D11_STENCIL_OP)9; break;
            case 3: bad_ds.BackFace.StencilFunc = (D3D11_COMPARISON_FUNC)9; break;
            default: bad_ds.BackFace.StencilPassOp = (D3D11_STENCIL_OP)0; break;
        }
        print_message("depth-stencil refusal %u\n", i);
        assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &bad_ds, &ds_state), E_INVALIDARG);
    }
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, NULL, &ds_state), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreateDepthStencilState(device, &ds, &ds_state), S_OK);
    ID3D11DepthStencilState_GetDesc(ds_state, NULL);
    ID3D11DepthStencilState_Release(ds_state);
    /* Rasterizer: GetDesc through the first interface; the later ones on this runtime. */
    memset(&rs, 0, sizeof(rs));
    rs.FillMode = D3D11_FILL_WIREFRAME;
    rs.CullMode = D3D11_CULL_FRONT;
    rs.DepthClipEnable = TRUE;
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, &rs, &rs_state), S_OK);
    memset(&got_rs, 0xcc, sizeof(got_rs));
    ID3D11RasterizerState_GetDesc(rs_state, &got_rs);
    assert_memory_equal(&got_rs, &rs, sizeof(rs));
    ID3D11RasterizerState_GetDesc(rs_state, NULL);
    assert_int_equal(ID3D11RasterizerState_QueryInterface(rs_state, &IID_ID3D11RasterizerState1, (void **)&unknown),
            S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11RasterizerState_QueryInterface(rs_state, &IID_ID3D11RasterizerState2, (void **)&unknown),
            S_OK);
    IUnknown_Release(unknown);
    ID3D11RasterizerState_Release(rs_state);
    assert_int_equal(ID3D11Device_CreateSamplerState(device, &sampler, &sampler_state), S_OK);
    ID3D11SamplerState_GetDesc(sampler_state, NULL);
    ID3D11SamplerState_Release(sampler_state);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

static void test_queries(void **state)
{
    static const struct
    {
        D3D11_QUERY query;
        D3D_FEATURE_LEVEL level;
        BOOL predicate, create_predicate;
        UINT size;
    }
    rows[] =
    {
        /* Windows (test_create_query): level, ID3D11Predicate, CreatePredicate. */
        {D3D11_QUERY_EVENT, FL(9, 1), FALSE, FALSE, 4},
        {D3D11_QUERY_OCCLUSION, FL(9, 2), FALSE, FALSE, 8},
        {D3D11_QUERY_TIMESTAMP, FL(10, 0), FALSE, FALSE, 8},
        {D3D11_QUERY_TIMESTAMP_DISJOINT, FL(10, 0), FALSE, FALSE, 16},
        {D3D11_QUERY_PIPELINE_STATISTICS, FL(10, 0), FALSE, FALSE, 88},
        {D3D11_QUERY_OCCLUSION_PREDICATE, FL(10, 0), TRUE, TRUE, 4},
        {D3D11_QUERY_SO_STATISTICS, FL(10, 0), FALSE, FALSE, 16},
        {D3D11_QUERY_SO_OVERFLOW_PREDICATE, FL(10, 0), TRUE, TRUE, 4},
        {D3D11_QUERY_SO_STATISTICS_STREAM0, FL(11, 0), FALSE, FALSE, 16},
        {D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0, FL(11, 0), TRUE, FALSE, 4},
        {D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3, FL(11, 0), TRUE, FALSE, 4},
    };
    static const D3D_FEATURE_LEVEL levels[] = {FL(9, 1), FL(9, 3), FL(10, 0), FL(11, 0)};
    D3D11_QUERY_DESC desc = {D3D11_QUERY_EVENT, 0};
    ID3D11Predicate *predicate;
    ID3D11Device *device, *tmp;
    ID3D11Query *query, *query2;
    unsigned i, l;
    ULONG refs;

    (void)state;
    for (l = 0; l < ARRAY_SIZE(levels); ++l)
    {
        device = create_level(levels[l]);
        assert_int_equal(ID3D11Device_CreateQuery(device, NULL, &query), E_INVALIDARG);
        assert_int_equal(ID3D11Device_CreatePredicate(device, NULL, &predicate), E_INVALIDARG);
        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            HRESULT hr = levels[l] >= rows[i].level ? S_OK : E_INVALIDARG;

            desc.Query = rows[i].query;
            desc.MiscFlags = 0;
            assert_int_equal(ID3D11Device_CreateQuery(device, &desc, NULL), hr == S_OK ? S_FALSE : hr);
            query = (ID3D11Query *)(uintptr_t)1;
            assert_int_equal(ID3D11Device_CreateQuery(device, &desc, &query), hr);
            if (FAILED(hr))
            {
                assert_null(query);
                continue;
            }
            assert_int_equal(ID3D11Query_GetDataSize(query), rows[i].size);
            assert_int_equal(ID3D11Query_QueryInterface(query, &IID_ID3D11Predicate, (void **)&predicate),
                    rows[i].predicate ? S_OK : E_NOINTERFACE);
            if (predicate)
                ID3D11Predicate_Release(predicate);
            /* Queries are never shared. */
            assert_int_equal(ID3D11Device_CreateQuery(device, &desc, &query2), S_OK);
            assert_ptr_not_equal(query, query2);
            ID3D11Query_Release(query2);
            assert_int_equal(ID3D11Query_Release(query), 0);
            hr = rows[i].create_predicate ? S_OK : E_INVALIDARG;
            assert_int_equal(ID3D11Device_CreatePredicate(device, &desc, NULL), hr == S_OK ? S_FALSE : hr);
            assert_int_equal(ID3D11Device_CreatePredicate(device, &desc, &predicate), hr);
            if (SUCCEEDED(hr))
                assert_int_equal(ID3D11Predicate_Release(predicate), 0);
        }
        assert_int_equal(ID3D11Device_Release(device), 0);
    }

    device = create_level(FL(11, 1));
    desc.Query = D3D11_QUERY_OCCLUSION_PREDICATE;
    desc.MiscFlags = D3D11_QUERY_MISC_PREDICATEHINT;
    refs = get_refcount(device);
    assert_int_equal(ID3D11Device_CreatePredicate(device, &desc, &predicate), S_OK);
    assert_int_equal(get_refcount(device), refs + 1);
    tmp = NULL;
    ID3D11Predicate_GetDevice(predicate, &tmp);
    assert_ptr_equal(tmp, device);
    ID3D11Device_Release(tmp);
    memset(&desc, 0xcc, sizeof(desc));
    ID3D11Predicate_GetDesc(predicate, &desc);
    assert_int_equal(desc.Query, D3D11_QUERY_OCCLUSION_PREDICATE);
    assert_int_equal(desc.MiscFlags, D3D11_QUERY_MISC_PREDICATEHINT);
    assert_int_equal(ID3D11Predicate_QueryInterface(predicate, &iid_d3d10_predicate, (void **)&query), E_NOINTERFACE);
    ID3D11Predicate_Release(predicate);
    desc.MiscFlags = 2;
    assert_int_equal(ID3D11Device_CreateQuery(device, &desc, NULL), E_INVALIDARG);
    desc.Query = (D3D11_QUERY)16;
    desc.MiscFlags = 0;
    assert_int_equal(ID3D11Device_CreateQuery(device, &desc, NULL), E_INVALIDARG);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

static void test_query1(void **state)
{
    ID3D11Device *device = create_level(FL(11, 1));
    D3D11_QUERY_DESC1 desc1 = {D3D11_QUERY_TIMESTAMP, 0, D3D11_CONTEXT_TYPE_COMPUTE};
    ID3D11Device3 *device3;
    ID3D11Query1 *query1;

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device3, (void **)&device3), S_OK);
    assert_int_equal(ID3D11Device3_CreateQuery1(device3, NULL, &query1), E_INVALIDARG);
    assert_int_equal(ID3D11Device3_CreateQuery1(device3, &desc1, &query1), S_OK);
    memset(&desc1, 0, sizeof(desc1));
    ID3D11Query1_GetDesc1(query1, &desc1);
    assert_int_equal(desc1.Query, D3D11_QUERY_TIMESTAMP);
    assert_int_equal(desc1.ContextType, D3D11_CONTEXT_TYPE_COMPUTE);
    assert_int_equal(ID3D11Query1_Release(query1), 0);
    desc1.ContextType = (D3D11_CONTEXT_TYPE)5;
    assert_int_equal(ID3D11Device3_CreateQuery1(device3, &desc1, NULL), E_INVALIDARG);
    ID3D11Device3_Release(device3);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Free-threaded: creating and releasing one description from many threads ---- */

#ifndef _WIN32
#define THREADS 4
#define ROUNDS 2000

static void *state_thread(void *arg)
{
    ID3D11Device *device = arg;
    D3D11_SAMPLER_DESC desc = sampler_desc(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP);
    ID3D11SamplerState *sampler;
    unsigned i;

    for (i = 0; i < ROUNDS; ++i)
    {
        desc.MipLODBias = (float)(i % 3);
        if (FAILED(ID3D11Device_CreateSamplerState(device, &desc, &sampler)))
            return (void *)1;
        ID3D11SamplerState_Release(sampler);
    }
    return NULL;
}

static void test_states_threads(void **state)
{
    ID3D11Device *device = create_level(FL(11, 0));
    pthread_t threads[THREADS];
    void *result;
    unsigned i;

    (void)state;
    for (i = 0; i < THREADS; ++i)
        assert_int_equal(pthread_create(&threads[i], NULL, state_thread, device), 0);
    for (i = 0; i < THREADS; ++i)
    {
        assert_int_equal(pthread_join(threads[i], &result), 0);
        assert_null(result);
    }
    assert_int_equal(ID3D11Device_Release(device), 0);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_sampler_states),
        cmocka_unit_test(test_blend_states),
        cmocka_unit_test(test_depth_stencil_states),
        cmocka_unit_test(test_rasterizer_states),
        cmocka_unit_test(test_state_refusals),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_query1),
#ifndef _WIN32
        cmocka_unit_test(test_states_threads),
#endif
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
