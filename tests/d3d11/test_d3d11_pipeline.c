/*
 * The pipeline state of the mock D3D11 runtime's contexts (src/d3d11/pipeline.c;
 * docs/d3d11.md "The contexts' state"): what the Set* methods store, what
 * the Get* methods return, how bindings keep objects alive, ClearState,
 * FinishCommandList and ExecuteCommandList; the default state a new context
 * reads at each feature level. Rows citing Windows come from
 * Wine's test_state_refcounting and test_clear_state, which pass on Windows.
 * A conformance suite: the public D3D11 API only, on the default adapter
 * (tests/d3d11.cmake makes it the nvidia-rtx-4090 profile; docs/testing.md).
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

static ID3D11Device *create_device11(ID3D11DeviceContext **context)
{
    return create_d3d11_device(D3D_FEATURE_LEVEL_11_1, 0, context);
}

static ID3D11SamplerState *sampler(ID3D11Device *device, float lod)
{
    D3D11_SAMPLER_DESC desc;
    ID3D11SamplerState *state = NULL;

    memset(&desc, 0, sizeof(desc));
    desc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
    desc.AddressU = desc.AddressV = desc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    desc.ComparisonFunc = D3D11_COMPARISON_NEVER;
    desc.MaxLOD = lod;
    assert_int_equal(ID3D11Device_CreateSamplerState(device, &desc, &state), S_OK);
    return state;
}

static ID3D11Buffer *buffer(ID3D11Device *device, UINT bind)
{
    D3D11_BUFFER_DESC desc = {256, D3D11_USAGE_DEFAULT, bind, 0, 0, 0};
    ID3D11Buffer *buffer = NULL;

    assert_int_equal(ID3D11Device_CreateBuffer(device, &desc, NULL, &buffer), S_OK);
    return buffer;
}

/* ---- A binding keeps the object alive; the application's count is its own ---- */

static void test_binding_lifetime(void **state)
{
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = create_device11(&context);
    ID3D11SamplerState *s = sampler(device, 1.0f), *got = NULL, *again = NULL;
    ID3D11Buffer *cb = buffer(device, D3D11_BIND_CONSTANT_BUFFER), *got_cb = NULL;
    ULONG device_refs = get_refcount(device);

    (void)state;
    ID3D11DeviceContext_PSSetSamplers(context, 3, 1, &s);
    assert_int_equal(ID3D11SamplerState_Release(s), 0);           /* the binding is no application reference */
    assert_int_equal(get_refcount(device), device_refs - 1);       /* nor a device reference */
    ID3D11DeviceContext_PSGetSamplers(context, 3, 1, &got);
    assert_ptr_equal(got, s);
    assert_int_equal(get_refcount(device), device_refs);           /* back: the application holds it again */
    /* The same description gives the same (live) object. */
    again = sampler(device, 1.0f);
    assert_ptr_equal(again, s);
    assert_int_equal(ID3D11SamplerState_Release(again), 1);
    assert_int_equal(ID3D11SamplerState_Release(got), 0);

    ID3D11DeviceContext_VSSetConstantBuffers(context, 13, 1, &cb);
    assert_int_equal(ID3D11Buffer_Release(cb), 0);
    ID3D11DeviceContext_VSGetConstantBuffers(context, 13, 1, &got_cb);
    assert_ptr_equal(got_cb, cb);
    assert_int_equal(ID3D11Buffer_Release(got_cb), 0);

    /* The device goes with the application's last reference and unbinds them. */
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- What the setters store and the getters return ---- */

static void test_stage_slots(void **state)
{
    static const struct
    {
        const char *name;
        UINT set_start, set_count;  /* samplers 0 .. set_count - 1 */
        UINT get_start, get_count;
        int expected[4];            /* per entry got: sampler index, -1 NULL, -2 not written */
    }
    rows[] =
    {
        {"two at slot 14, read from 13", 14, 2, 13, 4, {-1, 0, 1, -2}},
        {"past the last slot: ignored", 15, 2, 14, 2, {-1, -1, -2, -2}},
        {"read from slot 16: nothing written", 0, 1, 16, 2, {-2, -2, -2, -2}},
        {"a NULL array unbinds", 0, 0, 0, 1, {-1, -2, -2, -2}},
    };
    unsigned int i, j;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11DeviceContext *context = NULL;
        ID3D11Device *device = create_device11(&context);
        ID3D11SamplerState *samplers[2] = {sampler(device, 1.0f), sampler(device, 2.0f)};
        ID3D11SamplerState *marker = (ID3D11SamplerState *)(uintptr_t)0x1, *got[4];

        print_message("row %u: %s\n", i, rows[i].name);
        ID3D11DeviceContext_GSSetSamplers(context, rows[i].set_start, rows[i].set_count, samplers);
        if (!rows[i].set_count)
        {
            ID3D11DeviceContext_GSSetSamplers(context, 0, 1, samplers);
            ID3D11DeviceContext_GSSetSamplers(context, 0, 1, NULL);
        }
        for (j = 0; j < 4; ++j)
            got[j] = marker;
        ID3D11DeviceContext_GSGetSamplers(context, rows[i].get_start, rows[i].get_count, got);
        for (j = 0; j < 4; ++j)
        {
            if (rows[i].expected[j] == -2)
                assert_ptr_equal(got[j], marker);
            else if (rows[i].expected[j] == -1)
                assert_null(got[j]);
            else
            {
                assert_ptr_equal(got[j], samplers[rows[i].expected[j]]);
                ID3D11SamplerState_Release(got[j]);
            }
        }
        ID3D11SamplerState_Release(samplers[0]);
        ID3D11SamplerState_Release(samplers[1]);
        ID3D11DeviceContext_Release(context);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

static void test_fixed_function_state(void **state)
{
    static const FLOAT factor[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    static const D3D11_VIEWPORT viewports[2] = {{1, 2, 3, 4, 0.0f, 1.0f}, {5, 6, 7, 8, 0.5f, 1.0f}};
    static const D3D11_RECT rects[1] = {{1, 2, 3, 4}};
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = create_device11(&context);
    ID3D11Buffer *vb = buffer(device, D3D11_BIND_VERTEX_BUFFER), *ib = buffer(device, D3D11_BIND_INDEX_BUFFER);
    ID3D11Buffer *so = buffer(device, D3D11_BIND_STREAM_OUTPUT), *got_buffers[4], *vbs[2] = {NULL, NULL};
    D3D11_PRIMITIVE_TOPOLOGY topology;
    D3D11_VIEWPORT got_viewports[3];
    D3D11_RECT got_rects[2];
    UINT strides[2] = {16, 0}, offsets[2] = {4, 0}, got_strides[2], got_offsets[2], count, mask, ref, offset;
    FLOAT got_factor[4];
    DXGI_FORMAT format;
    ID3D11BlendState *blend = NULL;
    D3D11_BLEND_DESC blend_desc;
    WINBOOL value;
    ID3D11Predicate *predicate = NULL;
    D3D11_QUERY_DESC predicate_desc = {D3D11_QUERY_OCCLUSION_PREDICATE, 0};

    (void)state;
    memset(&blend_desc, 0, sizeof(blend_desc));
    blend_desc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    blend_desc.RenderTarget[0].SrcBlend = blend_desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    blend_desc.RenderTarget[0].DestBlend = blend_desc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    blend_desc.RenderTarget[0].BlendOp = blend_desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    assert_int_equal(ID3D11Device_CreateBlendState(device, &blend_desc, &blend), S_OK);
    assert_int_equal(ID3D11Device_CreatePredicate(device, &predicate_desc, &predicate), S_OK);

    vbs[0] = vb;
    ID3D11DeviceContext_IASetVertexBuffers(context, 30, 2, vbs, strides, offsets);
    ID3D11DeviceContext_IASetIndexBuffer(context, ib, DXGI_FORMAT_R16_UINT, 8);
    ID3D11DeviceContext_IASetPrimitiveTopology(context, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMSetBlendState(context, blend, factor, 0xf0f0);
    ID3D11DeviceContext_OMSetDepthStencilState(context, NULL, 7);
    ID3D11DeviceContext_RSSetViewports(context, 2, viewports);
    ID3D11DeviceContext_RSSetScissorRects(context, 1, rects);
    ID3D11DeviceContext_RSSetViewports(context, 17, viewports); /* past the 16: ignored */
    ID3D11DeviceContext_SOSetTargets(context, 1, &so, NULL);
    ID3D11DeviceContext_SetPredication(context, predicate, TRUE);
    /* The bindings hold them now. */
    assert_int_equal(ID3D11BlendState_Release(blend), 0);
    assert_int_equal(ID3D11Predicate_Release(predicate), 0);

    ID3D11DeviceContext_IAGetVertexBuffers(context, 30, 2, got_buffers, got_strides, got_offsets);
    assert_ptr_equal(got_buffers[0], vb);
    assert_null(got_buffers[1]);
    assert_int_equal(got_strides[0], 16);
    assert_int_equal(got_offsets[0], 4);
    ID3D11Buffer_Release(got_buffers[0]);
    ID3D11DeviceContext_IAGetIndexBuffer(context, got_buffers, &format, &offset);
    assert_ptr_equal(got_buffers[0], ib);
    assert_int_equal(format, DXGI_FORMAT_R16_UINT);
    assert_int_equal(offset, 8);
    ID3D11Buffer_Release(got_buffers[0]);
    ID3D11DeviceContext_IAGetPrimitiveTopology(context, &topology);
    assert_int_equal(topology, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_OMGetBlendState(context, NULL, got_factor, &mask);
    assert_memory_equal(got_factor, factor, sizeof(factor));
    assert_int_equal(mask, 0xf0f0);
    ID3D11DeviceContext_OMGetDepthStencilState(context, NULL, &ref);
    assert_int_equal(ref, 7);
    count = 0;
    ID3D11DeviceContext_RSGetViewports(context, &count, NULL);
    assert_int_equal(count, 2);
    count = 3;
    memset(got_viewports, 0x55, sizeof(got_viewports));
    ID3D11DeviceContext_RSGetViewports(context, &count, got_viewports);
    assert_int_equal(count, 2);
    assert_memory_equal(got_viewports, viewports, sizeof(viewports));
    assert_true(got_viewports[2].Width == 0.0f && got_viewports[2].MaxDepth == 0.0f);
    count = 2;
    ID3D11DeviceContext_RSGetScissorRects(context, &count, got_rects);
    assert_int_equal(count, 1);
    assert_int_equal(got_rects[0].right, 3);
    assert_int_equal(got_rects[1].right, 0);
    ID3D11DeviceContext_SOGetTargets(context, 2, got_buffers);
    assert_ptr_equal(got_buffers[0], so);
    assert_null(got_buffers[1]);
    ID3D11Buffer_Release(got_buffers[0]);
    ID3D11DeviceContext_GetPredication(context, NULL, &value);
    assert_true(value);

    /* ClearState: the default state. */
    ID3D11DeviceContext_ClearState(context);
    ID3D11DeviceContext_IAGetVertexBuffers(context, 30, 1, got_buffers, got_strides, got_offsets);
    assert_null(got_buffers[0]);
    assert_int_equal(got_strides[0], 0);
    ID3D11DeviceContext_IAGetPrimitiveTopology(context, &topology);
    assert_int_equal(topology, D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
    ID3D11DeviceContext_OMGetBlendState(context, &blend, got_factor, &mask);
    assert_null(blend);
    assert_true(got_factor[0] == 1.0f && got_factor[3] == 1.0f);
    assert_int_equal(mask, D3D11_DEFAULT_SAMPLE_MASK);
    count = 16;
    ID3D11DeviceContext_RSGetViewports(context, &count, NULL);
    assert_int_equal(count, 0);
    ID3D11DeviceContext_GetPredication(context, &predicate, &value);
    assert_null(predicate);
    assert_false(value);

    ID3D11Buffer_Release(so);
    ID3D11Buffer_Release(ib);
    ID3D11Buffer_Release(vb);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Render targets and UAVs share the output merger's slots. */
static void test_output_merger(void **state)
{
    D3D11_TEXTURE2D_DESC desc = {16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
            D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    ID3D11DeviceContext *context = NULL;
    ID3D11Device *device = create_device11(&context);
    ID3D11RenderTargetView *rtv = NULL, *got_rtv[8];
    ID3D11UnorderedAccessView *uav = NULL, *got_uav[2];
    ID3D11DepthStencilView *got_dsv = NULL;
    ID3D11Texture2D *texture = NULL;
    unsigned int i;

    (void)state;
    assert_int_equal(ID3D11Device_CreateTexture2D(device, &desc, NULL, &texture), S_OK);
    assert_int_equal(ID3D11Device_CreateRenderTargetView(device, (ID3D11Resource *)texture, NULL, &rtv), S_OK);
    assert_int_equal(ID3D11Device_CreateUnorderedAccessView(device, (ID3D11Resource *)texture, NULL, &uav), S_OK);
    assert_int_equal(ID3D11Texture2D_Release(texture), 0);  /* the views keep it */
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(context, 1, &rtv, NULL, 1, 1, &uav, NULL);
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(context, 8, got_rtv, &got_dsv, 0, 2, got_uav);
    assert_ptr_equal(got_rtv[0], rtv);
    for (i = 1; i < 8; ++i)
        assert_null(got_rtv[i]);
    assert_null(got_dsv);
    assert_null(got_uav[0]);
    assert_ptr_equal(got_uav[1], uav);
    ID3D11RenderTargetView_Release(got_rtv[0]);
    ID3D11UnorderedAccessView_Release(got_uav[1]);
    /* KEEP leaves the UAVs; OMSetRenderTargets with 0 views unbinds the render target. */
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(context, 0, NULL, NULL, 0,
            D3D11_KEEP_UNORDERED_ACCESS_VIEWS, NULL, NULL);
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(context, 1, got_rtv, NULL, 1, 1, got_uav);
    assert_null(got_rtv[0]);
    assert_ptr_equal(got_uav[0], uav);
    ID3D11UnorderedAccessView_Release(got_uav[0]);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(context, 63, 1, &uav, NULL);
    ID3D11DeviceContext_CSGetUnorderedAccessViews(context, 63, 1, got_uav);
    assert_ptr_equal(got_uav[0], uav);
    ID3D11UnorderedAccessView_Release(got_uav[0]);
    assert_int_equal(ID3D11RenderTargetView_Release(rtv), 0);
    assert_int_equal(ID3D11UnorderedAccessView_Release(uav), 0);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* Deferred contexts keep their own state; FinishCommandList(FALSE) and
 * ExecuteCommandList(FALSE) leave the default state. */
static void test_command_list_state(void **state)
{
    ID3D11DeviceContext *context = NULL, *deferred = NULL;
    ID3D11Device *device = create_device11(&context);
    ID3D11SamplerState *s = sampler(device, 3.0f), *got = NULL;
    ID3D11CommandList *list = NULL;

    (void)state;
    assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
    ID3D11DeviceContext_CSSetSamplers(deferred, 0, 1, &s);
    ID3D11DeviceContext_CSGetSamplers(context, 0, 1, &got);
    assert_null(got);                                   /* not the immediate context's */
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(deferred, TRUE, &list), S_OK);
    ID3D11DeviceContext_CSGetSamplers(deferred, 0, 1, &got);
    assert_ptr_equal(got, s);                           /* TRUE: kept */
    ID3D11SamplerState_Release(got);
    ID3D11CommandList_Release(list);
    assert_int_equal(ID3D11DeviceContext_FinishCommandList(deferred, FALSE, &list), S_OK);
    ID3D11DeviceContext_CSGetSamplers(deferred, 0, 1, &got);
    assert_null(got);                                   /* FALSE: cleared */

    ID3D11DeviceContext_CSSetSamplers(context, 0, 1, &s);
    ID3D11DeviceContext_ExecuteCommandList(context, list, TRUE);
    ID3D11DeviceContext_CSGetSamplers(context, 0, 1, &got);
    assert_ptr_equal(got, s);
    ID3D11SamplerState_Release(got);
    ID3D11DeviceContext_ExecuteCommandList(context, list, FALSE);
    ID3D11DeviceContext_CSGetSamplers(context, 0, 1, &got);
    assert_null(got);

    /* A deferred context's bindings go with it. */
    ID3D11DeviceContext_PSSetSamplers(deferred, 0, 1, &s);
    assert_int_equal(ID3D11SamplerState_Release(s), 0);
    assert_int_equal(ID3D11DeviceContext_Release(deferred), 0);
    ID3D11CommandList_Release(list);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* A COM object of another implementation: it binds as NULL. */
static HRESULT STDMETHODCALLTYPE foreign_QueryInterface(IUnknown *iface, REFIID riid, void **out)
{
    (void)iface;
    (void)riid;
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE foreign_AddRef(IUnknown *iface)
{
    (void)iface;
    return 2;
}

static ULONG STDMETHODCALLTYPE foreign_Release(IUnknown *iface)
{
    (void)iface;
    return 1;
}

static const IUnknownVtbl foreign_vtbl = {foreign_QueryInterface, foreign_AddRef, foreign_Release};

/* Setters whose ranges leave the slots, NULL arrays and ranges, KEEP, foreign objects. */
static void test_pipeline_edges(void **state)
{
    IUnknown foreign = {(IUnknownVtbl *)&foreign_vtbl};
    ID3D11DeviceContext *context = NULL;
    ID3D11DeviceContext1 *context1 = NULL;
    ID3D11Device *device = create_device11(&context);
    ID3D11Buffer *cb = buffer(device, D3D11_BIND_CONSTANT_BUFFER), *got = NULL, *foreign_buffer;
    ID3D11RasterizerState *rs = NULL, *got_rs = NULL;
    D3D11_RASTERIZER_DESC rs_desc;
    UINT first[1] = {16}, num[1] = {32}, got_first = 0, got_num = 0, stride = 1, offset = 1;
    FLOAT factor[4];
    UINT mask;

    (void)state;
    foreign_buffer = (ID3D11Buffer *)&foreign;
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext1, (void **)&context1), S_OK);
    /* Ranges: stored, returned; a first without a num is ignored; unranged: the whole buffer. */
    ID3D11DeviceContext1_PSSetConstantBuffers1(context1, 2, 1, &cb, first, num);
    ID3D11DeviceContext1_PSGetConstantBuffers1(context1, 2, 1, &got, &got_first, &got_num);
    assert_ptr_equal(got, cb);
    assert_int_equal(got_first, 16);
    assert_int_equal(got_num, 32);
    ID3D11Buffer_Release(got);
    ID3D11DeviceContext1_PSSetConstantBuffers1(context1, 3, 1, &cb, first, NULL);
    ID3D11DeviceContext1_PSSetConstantBuffers1(context1, 14, 1, &cb, first, num);
    ID3D11DeviceContext1_PSGetConstantBuffers1(context1, 3, 1, &got, &got_first, &got_num);
    assert_null(got);
    assert_int_equal(got_num, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(context, 4, 1, &cb);
    ID3D11DeviceContext1_PSGetConstantBuffers1(context1, 4, 1, NULL, &got_first, &got_num);
    assert_int_equal(got_first, 0);
    assert_int_equal(got_num, D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT);
    /* A foreign object binds as NULL. */
    ID3D11DeviceContext_PSSetConstantBuffers(context, 4, 1, &foreign_buffer);
    ID3D11DeviceContext_PSGetConstantBuffers(context, 4, 1, &got);
    assert_null(got);
    /* Vertex buffers past slot 31, NULL arrays; render targets and SO targets past their counts. */
    ID3D11DeviceContext_IASetVertexBuffers(context, 31, 2, &cb, &stride, &offset);
    ID3D11DeviceContext_IASetVertexBuffers(context, 0, 1, NULL, NULL, NULL);
    ID3D11DeviceContext_IAGetVertexBuffers(context, 31, 1, &got, &stride, &offset);
    assert_null(got);
    assert_int_equal(stride, 0);
    ID3D11DeviceContext_OMSetRenderTargets(context, 9, NULL, NULL);
    ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(context, D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL,
            NULL, NULL, 64, 1, NULL, NULL);
    ID3D11DeviceContext_SOSetTargets(context, 5, NULL, NULL);
    ID3D11DeviceContext_SOSetTargets(context, 1, NULL, NULL);
    ID3D11DeviceContext_SOGetTargets(context, 1, &got);
    assert_null(got);
    /* A NULL blend factor is {1, 1, 1, 1}. */
    ID3D11DeviceContext_OMSetBlendState(context, NULL, NULL, 0x3);
    ID3D11DeviceContext_OMGetBlendState(context, NULL, factor, &mask);
    assert_true(factor[0] == 1.0f && factor[1] == 1.0f && factor[2] == 1.0f && factor[3] == 1.0f);
    assert_int_equal(mask, 0x3);
    /* The rasterizer state. */
    memset(&rs_desc, 0, sizeof(rs_desc));
    rs_desc.FillMode = D3D11_FILL_SOLID;
    rs_desc.CullMode = D3D11_CULL_NONE;
    assert_int_equal(ID3D11Device_CreateRasterizerState(device, &rs_desc, &rs), S_OK);
    ID3D11DeviceContext_RSSetState(context, rs);
    ID3D11DeviceContext_RSGetState(context, &got_rs);
    assert_ptr_equal(got_rs, rs);
    ID3D11RasterizerState_Release(got_rs);
    ID3D11RasterizerState_Release(rs);
    ID3D11DeviceContext_RSGetViewports(context, NULL, NULL);
    ID3D11DeviceContext_RSGetScissorRects(context, NULL, NULL);
    ID3D11DeviceContext_RSSetViewports(context, 1, NULL);
    ID3D11DeviceContext_RSSetScissorRects(context, 17, NULL);

    /* Getters with NULL outputs write nothing and crash on nothing. */
    ID3D11DeviceContext_VSGetShader(context, NULL, NULL, NULL);
    ID3D11DeviceContext_PSGetSamplers(context, 0, 1, NULL);
    ID3D11DeviceContext1_PSGetConstantBuffers1(context1, 0, 1, NULL, NULL, NULL);
    ID3D11DeviceContext_IAGetVertexBuffers(context, 0, 1, NULL, NULL, NULL);
    ID3D11DeviceContext_IAGetIndexBuffer(context, NULL, NULL, NULL);
    ID3D11DeviceContext_IAGetInputLayout(context, NULL);
    ID3D11DeviceContext_IAGetPrimitiveTopology(context, NULL);
    ID3D11DeviceContext_OMGetRenderTargets(context, 1, NULL, NULL);
    ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(context, 1, NULL, NULL, 0, 1, NULL);
    ID3D11DeviceContext_OMGetBlendState(context, NULL, NULL, NULL);
    ID3D11DeviceContext_OMGetDepthStencilState(context, NULL, NULL);
    ID3D11DeviceContext_SOGetTargets(context, 1, NULL);
    ID3D11DeviceContext_RSGetState(context, NULL);
    ID3D11DeviceContext_GetPredication(context, NULL, NULL);

    ID3D11DeviceContext1_Release(context1);
    ID3D11Buffer_Release(cb);
    ID3D11DeviceContext_Release(context);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- The contexts' default state (src/d3d11/pipeline.c; docs/d3d11.md "The contexts' state") ---- */

/* Every slot getter of ID3D11DeviceContext as one signature. */
typedef void (*slot_getter)(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out);

#define SLOT_GETTER(method, type) \
    static void get_##method(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out) \
    { \
        ID3D11DeviceContext1_##method(context, start, count, (type **)out); \
    }
#define STAGE_GETTERS(stage) \
    SLOT_GETTER(stage##GetConstantBuffers, ID3D11Buffer) \
    SLOT_GETTER(stage##GetShaderResources, ID3D11ShaderResourceView) \
    SLOT_GETTER(stage##GetSamplers, ID3D11SamplerState) \
    static void get_##stage##GetConstantBuffers1(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out) \
    { \
        ID3D11DeviceContext1_##stage##GetConstantBuffers1(context, start, count, (ID3D11Buffer **)out, NULL, NULL); \
    }
STAGE_GETTERS(VS)
STAGE_GETTERS(HS)
STAGE_GETTERS(DS)
STAGE_GETTERS(GS)
STAGE_GETTERS(PS)
STAGE_GETTERS(CS)
SLOT_GETTER(CSGetUnorderedAccessViews, ID3D11UnorderedAccessView)

static void get_IAGetVertexBuffers(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out)
{
    ID3D11DeviceContext1_IAGetVertexBuffers(context, start, count, (ID3D11Buffer **)out, NULL, NULL);
}

static void get_SOGetTargets(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out)
{
    (void)start;
    ID3D11DeviceContext1_SOGetTargets(context, count, (ID3D11Buffer **)out);
}

static void get_OMGetRenderTargets(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out)
{
    (void)start;
    ID3D11DeviceContext1_OMGetRenderTargets(context, count, (ID3D11RenderTargetView **)out, NULL);
}

static void get_OMRTVs(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out)
{
    (void)start;
    ID3D11DeviceContext1_OMGetRenderTargetsAndUnorderedAccessViews(context, count,
            (ID3D11RenderTargetView **)out, NULL, 0, 0, NULL);
}

static void get_OMUAVs(ID3D11DeviceContext1 *context, UINT start, UINT count, void **out)
{
    ID3D11DeviceContext1_OMGetRenderTargetsAndUnorderedAccessViews(context, 0, NULL, NULL, start, count,
            (ID3D11UnorderedAccessView **)out);
}

#define CANARY ((void *)(uintptr_t)0xdeadbeef)
#define MAX_SLOTS 130 /* 128 shader resource slots and two past them */

/* Returns 1 unless out[first .. first + count) is all NULL and the rest of MAX_SLOTS canaries. */
static int slots_wrong(void *const *out, unsigned first, unsigned count)
{
    unsigned i;

    for (i = 0; i < MAX_SLOTS; ++i)
        if (out[i] != (i >= first && i < first + count ? NULL : CANARY))
            return 1;
    return 0;
}

static void fill_canaries(void **out)
{
    unsigned i;

    for (i = 0; i < MAX_SLOTS; ++i)
        out[i] = CANARY;
}

/* The slot getters of a context: every requested slot NULL, entries past the
 * pipeline's slots and past the caller's count untouched, a NULL array ignored
 * (test_clear_state's loops on Windows, with canaries around them). */
static void check_slot_getters(struct row_failures *f, ID3D11DeviceContext1 *context, const char *which)
{
#define ROW(method, slots) {#method, get_##method, slots}
#define STAGE_ROWS(stage) \
    ROW(stage##GetConstantBuffers, 14), ROW(stage##GetShaderResources, 128), ROW(stage##GetSamplers, 16), \
    ROW(stage##GetConstantBuffers1, 14)
    static const struct
    {
        const char *name;
        slot_getter get;
        unsigned slots;
    }
    rows[] =
    {
        STAGE_ROWS(VS), STAGE_ROWS(HS), STAGE_ROWS(DS), STAGE_ROWS(GS), STAGE_ROWS(PS), STAGE_ROWS(CS),
        ROW(CSGetUnorderedAccessViews, 64),
        ROW(IAGetVertexBuffers, 32),
        ROW(SOGetTargets, 4),
        ROW(OMGetRenderTargets, 8),
        {"OMGetRenderTargetsAndUnorderedAccessViews (RTVs)", get_OMRTVs, 8},
        {"OMGetRenderTargetsAndUnorderedAccessViews (UAVs)", get_OMUAVs, 64},
    };
#undef STAGE_ROWS
#undef ROW
    void *out[MAX_SLOTS];
    char name[128];
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        unsigned n = rows[i].slots;
        /* SOGetTargets and OMGetRenderTargets have no first slot: 0. */
        int fixed = rows[i].get == get_SOGetTargets || rows[i].get == get_OMGetRenderTargets
                || rows[i].get == get_OMRTVs;

        snprintf(name, sizeof(name), "%s %s", which, rows[i].name);
        fill_canaries(out);
        rows[i].get(context, 0, n, out);
        if (slots_wrong(out, 0, n))
            row_fail(f, i, name, "(0, %u): not every slot NULL, or an entry past them written", n);
        fill_canaries(out);
        rows[i].get(context, 0, 1, out);
        if (slots_wrong(out, 0, 1))
            row_fail(f, i, name, "(0, 1): wrong entries written");
        fill_canaries(out);
        rows[i].get(context, 0, ~0u, out);
        if (slots_wrong(out, 0, n))
            row_fail(f, i, name, "(0, ~0u): more than the %u slots written", n);
        fill_canaries(out);
        rows[i].get(context, 0, 0, out);
        if (slots_wrong(out, 0, 0))
            row_fail(f, i, name, "(0, 0): an entry written");
        rows[i].get(context, 0, n, NULL);
        if (fixed)
            continue;
        /* A range that runs past the last slot: only its slots are written. */
        fill_canaries(out);
        rows[i].get(context, n - 2, 4, out);
        if (slots_wrong(out, 0, 2))
            row_fail(f, i, name, "(%u, 4): not entries 0 and 1 alone written", n - 2);
        fill_canaries(out);
        rows[i].get(context, n, 2, out);
        if (slots_wrong(out, 0, 0))
            row_fail(f, i, name, "(%u, 2): an entry for a slot that does not exist written", n);
        fill_canaries(out);
        rows[i].get(context, ~0u, 2, out);
        if (slots_wrong(out, 0, 0))
            row_fail(f, i, name, "(~0u, 2): an entry written");
    }
}

/* The getters with single outputs, and the extra arrays of the slot getters. */
static void check_value_getters(struct row_failures *f, ID3D11DeviceContext1 *context, const char *which)
{
    void *shader, *objects[MAX_SLOTS], *object, *object2;
    UINT count, values[40], values2[40], value, i, bad;
    D3D11_PRIMITIVE_TOPOLOGY topology;
    D3D11_VIEWPORT viewports[17];
    D3D11_RECT rects[17];
    DXGI_FORMAT format;
    FLOAT factor[5];
    BOOL flag;

#define SHADER_ROW(stage, type) \
    do \
    { \
        shader = CANARY; \
        count = 100; \
        fill_canaries(objects); \
        ID3D11DeviceContext1_##stage##GetShader(context, (type **)&shader, (ID3D11ClassInstance **)objects, &count); \
        if (shader || count || slots_wrong(objects, 0, 0)) \
            row_fail(f, 0, which, #stage "GetShader: shader %p, %u class instances", shader, count); \
        ID3D11DeviceContext1_##stage##GetShader(context, NULL, NULL, NULL); \
        shader = CANARY; \
        ID3D11DeviceContext1_##stage##GetShader(context, (type **)&shader, NULL, NULL); \
        if (shader) \
            row_fail(f, 0, which, #stage "GetShader without a count: %p", shader); \
    } while (0)
    SHADER_ROW(VS, ID3D11VertexShader);
    SHADER_ROW(HS, ID3D11HullShader);
    SHADER_ROW(DS, ID3D11DomainShader);
    SHADER_ROW(GS, ID3D11GeometryShader);
    SHADER_ROW(PS, ID3D11PixelShader);
    SHADER_ROW(CS, ID3D11ComputeShader);
#undef SHADER_ROW

    /* Vertex buffers: strides and offsets 0 in the requested slots only. */
    for (i = 0; i < 40; ++i)
        values[i] = values2[i] = 0xdeadbeef;
    fill_canaries(objects);
    ID3D11DeviceContext1_IAGetVertexBuffers(context, 30, 4, (ID3D11Buffer **)objects, values, values2);
    for (i = 0, bad = 0; i < 40; ++i)
        bad |= values[i] != (i < 2 ? 0 : 0xdeadbeef) || values2[i] != (i < 2 ? 0 : 0xdeadbeef);
    if (bad || slots_wrong(objects, 0, 2))
        row_fail(f, 0, which, "IAGetVertexBuffers(30, 4): strides/offsets %#x %#x %#x", values[0], values2[1], values[2]);
    for (i = 0; i < 40; ++i)
        values[i] = 0xdeadbeef;
    ID3D11DeviceContext1_IAGetVertexBuffers(context, 0, 32, NULL, values, NULL);
    for (i = 0, bad = 0; i < 40; ++i)
        bad |= values[i] != (i < 32 ? 0 : 0xdeadbeef);
    if (bad)
        row_fail(f, 0, which, "IAGetVertexBuffers(0, 32) of strides alone");

    /* The *1 constant buffer getters: no range. */
    for (i = 0; i < 40; ++i)
        values[i] = values2[i] = 0xdeadbeef;
    ID3D11DeviceContext1_PSGetConstantBuffers1(context, 12, 4, NULL, values, values2);
    for (i = 0, bad = 0; i < 40; ++i)
        bad |= values[i] != (i < 2 ? 0 : 0xdeadbeef) || values2[i] != (i < 2 ? 0 : 0xdeadbeef);
    if (bad)
        row_fail(f, 0, which, "PSGetConstantBuffers1(12, 4): first/num constants %#x %#x %#x", values[0], values2[1],
                values[2]);

    object = CANARY;
    format = (DXGI_FORMAT)0xdeadbeef;
    value = 0xdeadbeef;
    ID3D11DeviceContext1_IAGetIndexBuffer(context, (ID3D11Buffer **)&object, &format, &value);
    if (object || format != DXGI_FORMAT_UNKNOWN || value)
        row_fail(f, 0, which, "IAGetIndexBuffer: %p format %#x offset %u", object, format, value);
    ID3D11DeviceContext1_IAGetIndexBuffer(context, NULL, NULL, NULL);
    object = CANARY;
    ID3D11DeviceContext1_IAGetInputLayout(context, (ID3D11InputLayout **)&object);
    if (object)
        row_fail(f, 0, which, "IAGetInputLayout: %p", object);
    ID3D11DeviceContext1_IAGetInputLayout(context, NULL);
    topology = (D3D11_PRIMITIVE_TOPOLOGY)0xdeadbeef;
    ID3D11DeviceContext1_IAGetPrimitiveTopology(context, &topology);
    if (topology != D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED)
        row_fail(f, 0, which, "IAGetPrimitiveTopology: %#x", topology);
    ID3D11DeviceContext1_IAGetPrimitiveTopology(context, NULL);

    object = CANARY;
    flag = 5;
    ID3D11DeviceContext1_GetPredication(context, (ID3D11Predicate **)&object, &flag);
    if (object || flag)
        row_fail(f, 0, which, "GetPredication: %p value %#x", object, (unsigned)flag);
    object = CANARY;
    ID3D11DeviceContext1_GetPredication(context, (ID3D11Predicate **)&object, NULL);
    if (object)
        row_fail(f, 0, which, "GetPredication without a value: %p", object);
    ID3D11DeviceContext1_GetPredication(context, NULL, NULL);

    object = object2 = CANARY;
    fill_canaries(objects);
    ID3D11DeviceContext1_OMGetRenderTargets(context, 8, (ID3D11RenderTargetView **)objects,
            (ID3D11DepthStencilView **)&object);
    if (object || slots_wrong(objects, 0, 8))
        row_fail(f, 0, which, "OMGetRenderTargets: DSV %p", object);
    object = CANARY;
    ID3D11DeviceContext1_OMGetRenderTargets(context, 0, NULL, (ID3D11DepthStencilView **)&object);
    if (object)
        row_fail(f, 0, which, "OMGetRenderTargets(0, NULL): DSV %p", object);
    object = CANARY;
    fill_canaries(objects);
    ID3D11DeviceContext1_OMGetRenderTargetsAndUnorderedAccessViews(context, 0, NULL,
            (ID3D11DepthStencilView **)&object, 1, 7, (ID3D11UnorderedAccessView **)objects);
    if (object || slots_wrong(objects, 0, 7))
        row_fail(f, 0, which, "OMGetRenderTargetsAndUnorderedAccessViews: DSV %p", object);

    object = CANARY;
    for (i = 0; i < 5; ++i)
        factor[i] = -2.0f;
    value = 0;
    ID3D11DeviceContext1_OMGetBlendState(context, (ID3D11BlendState **)&object, factor, &value);
    if (object || factor[0] != 1.0f || factor[1] != 1.0f || factor[2] != 1.0f || factor[3] != 1.0f
            || factor[4] != -2.0f || value != D3D11_DEFAULT_SAMPLE_MASK)
        row_fail(f, 0, which, "OMGetBlendState: %p {%g %g %g %g} mask %#x", object, factor[0], factor[1], factor[2],
                factor[3], value);
    ID3D11DeviceContext1_OMGetBlendState(context, NULL, NULL, NULL);
    object = CANARY;
    value = 0xdeadbeef;
    ID3D11DeviceContext1_OMGetDepthStencilState(context, (ID3D11DepthStencilState **)&object, &value);
    if (object || value)
        row_fail(f, 0, which, "OMGetDepthStencilState: %p ref %u", object, value);
    ID3D11DeviceContext1_OMGetDepthStencilState(context, NULL, NULL);
    object = CANARY;
    ID3D11DeviceContext1_RSGetState(context, (ID3D11RasterizerState **)&object);
    if (object)
        row_fail(f, 0, which, "RSGetState: %p", object);
    ID3D11DeviceContext1_RSGetState(context, NULL);

    /* Viewports and scissor rects: the count becomes 0; with an array, every
     * requested entry (at most 16) is zeroed. */
    count = 5;
    ID3D11DeviceContext1_RSGetViewports(context, &count, NULL);
    value = 5;
    ID3D11DeviceContext1_RSGetScissorRects(context, &value, NULL);
    if (count || value)
        row_fail(f, 0, which, "RSGetViewports/RSGetScissorRects(NULL): counts %u %u", count, value);
    memset(viewports, 0x55, sizeof(viewports));
    memset(rects, 0x55, sizeof(rects));
    count = 2;
    ID3D11DeviceContext1_RSGetViewports(context, &count, viewports);
    value = 2;
    ID3D11DeviceContext1_RSGetScissorRects(context, &value, rects);
    if (count || value || viewports[0].Width || viewports[1].MaxDepth || rects[1].bottom
            || viewports[2].TopLeftX == 0.0f || rects[2].left == 0)
        row_fail(f, 0, which, "RSGetViewports/RSGetScissorRects(2): counts %u %u", count, value);
    memset(viewports, 0x55, sizeof(viewports));
    memset(rects, 0x55, sizeof(rects));
    count = value = 17;
    ID3D11DeviceContext1_RSGetViewports(context, &count, viewports);
    ID3D11DeviceContext1_RSGetScissorRects(context, &value, rects);
    for (i = 0, bad = 0; i < 16; ++i)
        bad |= viewports[i].TopLeftX || viewports[i].TopLeftY || viewports[i].Width || viewports[i].Height
                || viewports[i].MinDepth || viewports[i].MaxDepth || rects[i].left || rects[i].top || rects[i].right
                || rects[i].bottom;
    if (bad || count || value || viewports[16].Width == 0.0f || rects[16].right == 0)
        row_fail(f, 0, which, "RSGetViewports/RSGetScissorRects(17): counts %u %u", count, value);
    ID3D11DeviceContext1_RSGetViewports(context, NULL, viewports);
    ID3D11DeviceContext1_RSGetScissorRects(context, NULL, NULL);
}

static void check_default_state(struct row_failures *f, ID3D11DeviceContext1 *context, const char *which)
{
    ID3D11DeviceContext3 *context3;
    BOOL enable = 5;

    check_slot_getters(f, context, which);
    check_value_getters(f, context, which);
    if (SUCCEEDED(ID3D11DeviceContext1_QueryInterface(context, &IID_ID3D11DeviceContext3, (void **)&context3)))
    {
        ID3D11DeviceContext3_GetHardwareProtectionState(context3, &enable);
        ID3D11DeviceContext3_GetHardwareProtectionState(context3, NULL);
        if (enable)
            row_fail(f, 0, which, "GetHardwareProtectionState: %#x", (unsigned)enable);
        ID3D11DeviceContext3_Release(context3);
    }
}

/* A new immediate or deferred context reads the default state, and so it does
 * after ClearState and after setters that bind nothing (Wine's
 * test_clear_state and test_device_context_state, on Windows). */
static void test_context_default_state(void **state)
{
    static const D3D_FEATURE_LEVEL levels[] = {FL(11, 1), FL(11, 0), FL(10, 0), FL(9, 1)};
    ID3D11Buffer *null_buffers[D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT] = {0};
    struct row_failures failures = {0};
    ID3D11DeviceContext1 *immediate1, *deferred1;
    ID3D11DeviceContext *immediate, *deferred;
    ID3D11Device *device;
    unsigned l;
    char name[64];

    (void)state;
    for (l = 0; l < ARRAY_SIZE(levels); ++l)
    {
        device = create_d3d11_device(levels[l], 0, NULL);
        ID3D11Device_GetImmediateContext(device, &immediate);
        assert_int_equal(ID3D11DeviceContext_QueryInterface(immediate, &IID_ID3D11DeviceContext1,
                (void **)&immediate1), S_OK);
        assert_int_equal(ID3D11Device_CreateDeferredContext(device, 0, &deferred), S_OK);
        assert_int_equal(ID3D11DeviceContext_QueryInterface(deferred, &IID_ID3D11DeviceContext1,
                (void **)&deferred1), S_OK);

        snprintf(name, sizeof(name), "FL %#x immediate", levels[l]);
        check_default_state(&failures, immediate1, name);
        snprintf(name, sizeof(name), "FL %#x deferred", levels[l]);
        check_default_state(&failures, deferred1, name);

        ID3D11DeviceContext_ClearState(immediate);
        ID3D11DeviceContext_VSSetConstantBuffers(immediate, 0, ARRAY_SIZE(null_buffers), null_buffers);
        ID3D11DeviceContext_PSSetShader(immediate, NULL, NULL, 0);
        ID3D11DeviceContext_IASetInputLayout(immediate, NULL);
        ID3D11DeviceContext_OMSetRenderTargets(immediate, 0, NULL, NULL);
        snprintf(name, sizeof(name), "FL %#x immediate after ClearState", levels[l]);
        check_default_state(&failures, immediate1, name);
        ID3D11DeviceContext_ClearState(deferred);
        snprintf(name, sizeof(name), "FL %#x deferred after ClearState", levels[l]);
        check_default_state(&failures, deferred1, name);

        ID3D11DeviceContext1_Release(deferred1);
        assert_int_equal(ID3D11DeviceContext_Release(deferred), 0);
        ID3D11DeviceContext1_Release(immediate1);
        ID3D11DeviceContext_Release(immediate);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_binding_lifetime),
        cmocka_unit_test(test_stage_slots),
        cmocka_unit_test(test_fixed_function_state),
        cmocka_unit_test(test_output_merger),
        cmocka_unit_test(test_command_list_state),
        cmocka_unit_test(test_pipeline_edges),
        cmocka_unit_test(test_context_default_state),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
