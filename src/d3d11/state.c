/*
 * State objects and queries of the D3D11 null device: ID3D11Device::
 * CreateSamplerState, CreateBlendState(1), CreateDepthStencilState,
 * CreateRasterizerState(1/2), CreateQuery(1) and CreatePredicate.
 *
 * As Wine's dlls/d3d11/tests/d3d11.c records on Windows (test_create_sampler_state,
 * test_create_blend_state, test_create_depthstencil_state,
 * test_create_rasterizer_state, test_create_query): a state object is unique
 * per device and description (creating the same one again returns the same
 * object with one more reference), the description is normalised before it is
 * compared and stored (fields the enables switch off get their defaults), and
 * every object holds a device reference. Queries are never shared; their
 * types and feature levels are data/d3d11-state-rules.tsv. docs/d3d11.md
 * "State objects and queries".
 */
#include <stdlib.h>
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"

/* d3d11.h's D3D11_MIP_LOD_BIAS_MIN/MAX (mingw-w64's header lacks them). */
#define MK_D3D11_MIP_LOD_BIAS_MIN (-16.0f)
#define MK_D3D11_MIP_LOD_BIAS_MAX 15.99f

enum d3d11_state_kind
{
    D3D11_STATE_SAMPLER,
    D3D11_STATE_BLEND,
    D3D11_STATE_DEPTH_STENCIL,
    D3D11_STATE_RASTERIZER,
};

union d3d11_state_desc
{
    D3D11_SAMPLER_DESC sampler;
    D3D11_BLEND_DESC1 blend;
    D3D11_DEPTH_STENCIL_DESC depth_stencil;
    D3D11_RASTERIZER_DESC2 rasterizer;
};

struct d3d11_state
{
    /* ID3D11SamplerState, ID3D11BlendState1, ID3D11DepthStencilState or
     * ID3D11RasterizerState2: the vtable of the kind. */
    ID3D11DeviceChild ID3D11DeviceChild_iface;
    struct mk_object obj;               /* its parent: the device; in its registry */
    enum d3d11_state_kind kind;
    union d3d11_state_desc desc;        /* normalised; the bytes past the kind's desc are zero */
};

static const size_t state_desc_sizes[] =
{
    sizeof(D3D11_SAMPLER_DESC), sizeof(D3D11_BLEND_DESC1), sizeof(D3D11_DEPTH_STENCIL_DESC),
    sizeof(D3D11_RASTERIZER_DESC2),
};

static struct d3d11_state *impl_from_state(void *iface)
{
    return (struct d3d11_state *)((char *)iface - offsetof(struct d3d11_state, ID3D11DeviceChild_iface));
}

static struct mk_object *state_object(void *iface)
{
    return &impl_from_state(iface)->obj;
}

/* One class per kind: IUnknown, ID3D11DeviceChild, the kind's interface and
 * its later versions on runtimes that have them — no ID3D10*State views
 * (Windows versions without them exist: Wine's tests accept E_NOINTERFACE). */
#define STATE_INTERFACE(iid) MK_INTERFACE_AT(struct d3d11_state, obj, ID3D11DeviceChild_iface, iid)
#define STATE_INTERFACE_FROM(iid, runtime) \
    MK_INTERFACE_IF(struct d3d11_state, obj, ID3D11DeviceChild_iface, iid, runtime)
#define STATE_CLASS(var, kind_, interface, ...) \
    static const struct mk_interface var##_interfaces[] = \
    { \
        STATE_INTERFACE(IID_IUnknown), STATE_INTERFACE(IID_ID3D11DeviceChild), __VA_ARGS__ \
    }; \
    static const struct mk_object_class var##_class = MK_OBJECT_CLASS(struct d3d11_state, var##_interfaces, \
            .name = interface, .kind = kind_, .flags = MK_OBJECT_PARENT_WHILE_PUBLIC, .self_iid = &mk_d3d11_child_iid, \
            .available = d3d11_runtime_at_least);
STATE_CLASS(sampler, D3D11_KIND_SAMPLER, "ID3D11SamplerState", STATE_INTERFACE(IID_ID3D11SamplerState))
STATE_CLASS(blend, D3D11_KIND_BLEND, "ID3D11BlendState", STATE_INTERFACE(IID_ID3D11BlendState),
        STATE_INTERFACE_FROM(IID_ID3D11BlendState1, MOCKD3D12_D3D11_RUNTIME_11_1))
STATE_CLASS(depth_stencil, D3D11_KIND_DEPTH_STENCIL, "ID3D11DepthStencilState",
        STATE_INTERFACE(IID_ID3D11DepthStencilState))
STATE_CLASS(rasterizer, D3D11_KIND_RASTERIZER, "ID3D11RasterizerState", STATE_INTERFACE(IID_ID3D11RasterizerState),
        STATE_INTERFACE_FROM(IID_ID3D11RasterizerState1, MOCKD3D12_D3D11_RUNTIME_11_1),
        STATE_INTERFACE_FROM(IID_ID3D11RasterizerState2, MOCKD3D12_D3D11_RUNTIME_11_3))
#undef STATE_CLASS
#undef STATE_INTERFACE_FROM
#undef STATE_INTERFACE

static const struct mk_object_class *const state_classes[] =
{
    &sampler_class, &blend_class, &depth_stencil_class, &rasterizer_class,
};

D3D11_CHILD_METHODS(ID3D11SamplerState, d3d11_sampler, state_object)
D3D11_CHILD_METHODS(ID3D11BlendState1, d3d11_blend, state_object)
D3D11_CHILD_METHODS(ID3D11DepthStencilState, d3d11_depth_stencil, state_object)
D3D11_CHILD_METHODS(ID3D11RasterizerState2, d3d11_rasterizer, state_object)

static void STDMETHODCALLTYPE d3d11_sampler_GetDesc(ID3D11SamplerState *iface, D3D11_SAMPLER_DESC *desc)
{
    if (desc)
        *desc = impl_from_state(iface)->desc.sampler;
}

static void STDMETHODCALLTYPE d3d11_blend_GetDesc(ID3D11BlendState1 *iface, D3D11_BLEND_DESC *desc)
{
    const D3D11_BLEND_DESC1 *d = &impl_from_state(iface)->desc.blend;
    unsigned i;

    if (!desc)
        return;
    desc->AlphaToCoverageEnable = d->AlphaToCoverageEnable;
    desc->IndependentBlendEnable = d->IndependentBlendEnable;
    for (i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        const D3D11_RENDER_TARGET_BLEND_DESC1 *rt = &d->RenderTarget[i];

        desc->RenderTarget[i].BlendEnable = rt->BlendEnable;
        desc->RenderTarget[i].SrcBlend = rt->SrcBlend;
        desc->RenderTarget[i].DestBlend = rt->DestBlend;
        desc->RenderTarget[i].BlendOp = rt->BlendOp;
        desc->RenderTarget[i].SrcBlendAlpha = rt->SrcBlendAlpha;
        desc->RenderTarget[i].DestBlendAlpha = rt->DestBlendAlpha;
        desc->RenderTarget[i].BlendOpAlpha = rt->BlendOpAlpha;
        desc->RenderTarget[i].RenderTargetWriteMask = rt->RenderTargetWriteMask;
    }
}

static void STDMETHODCALLTYPE d3d11_blend_GetDesc1(ID3D11BlendState1 *iface, D3D11_BLEND_DESC1 *desc)
{
    if (desc)
        *desc = impl_from_state(iface)->desc.blend;
}

static void STDMETHODCALLTYPE d3d11_depth_stencil_GetDesc(ID3D11DepthStencilState *iface,
        D3D11_DEPTH_STENCIL_DESC *desc)
{
    if (desc)
        *desc = impl_from_state(iface)->desc.depth_stencil;
}

static void STDMETHODCALLTYPE d3d11_rasterizer_GetDesc(ID3D11RasterizerState2 *iface, D3D11_RASTERIZER_DESC *desc)
{
    if (desc)
        memcpy(desc, &impl_from_state(iface)->desc.rasterizer, sizeof(*desc));
}

static void STDMETHODCALLTYPE d3d11_rasterizer_GetDesc1(ID3D11RasterizerState2 *iface, D3D11_RASTERIZER_DESC1 *desc)
{
    if (desc)
        memcpy(desc, &impl_from_state(iface)->desc.rasterizer, sizeof(*desc));
}

static void STDMETHODCALLTYPE d3d11_rasterizer_GetDesc2(ID3D11RasterizerState2 *iface, D3D11_RASTERIZER_DESC2 *desc)
{
    if (desc)
        *desc = impl_from_state(iface)->desc.rasterizer;
}

static const ID3D11SamplerStateVtbl d3d11_sampler_vtbl =
{
    D3D11_CHILD_VTBL_ENTRIES(d3d11_sampler), d3d11_sampler_GetDesc,
};

static const ID3D11BlendState1Vtbl d3d11_blend_vtbl =
{
    D3D11_CHILD_VTBL_ENTRIES(d3d11_blend), d3d11_blend_GetDesc, d3d11_blend_GetDesc1,
};

static const ID3D11DepthStencilStateVtbl d3d11_depth_stencil_vtbl =
{
    D3D11_CHILD_VTBL_ENTRIES(d3d11_depth_stencil), d3d11_depth_stencil_GetDesc,
};

static const ID3D11RasterizerState2Vtbl d3d11_rasterizer_vtbl =
{
    D3D11_CHILD_VTBL_ENTRIES(d3d11_rasterizer), d3d11_rasterizer_GetDesc, d3d11_rasterizer_GetDesc1,
    d3d11_rasterizer_GetDesc2,
};

static const void *const state_vtbls[] =
{
    &d3d11_sampler_vtbl, &d3d11_blend_vtbl, &d3d11_depth_stencil_vtbl, &d3d11_rasterizer_vtbl,
};

/* The live state of the wanted description, revived with an application
 * reference (one the application released may still be bound). */
static int state_matches(struct mk_object *object, void *ctx)
{
    const struct d3d11_state *state = MK_OBJECT_IMPL(struct d3d11_state, obj, object), *wanted = ctx;

    if (memcmp(&state->desc, &wanted->desc, state_desc_sizes[wanted->kind]))
        return 0;
    mk_object_addref(object);
    return 1;
}

/* The device's object for the (normalised) description, existing or new.
 * out NULL: S_FALSE, as for the resources (the description is valid). */
static HRESULT state_get(struct d3d11_device *device, enum d3d11_state_kind kind, const union d3d11_state_desc *desc,
        void **out)
{
    struct mk_object *existing;
    struct d3d11_state *state;
    HRESULT hr;

    if (!out)
        return S_FALSE;
    if (FAILED(hr = d3d11_device_removed(device)))
        return hr;
    if (!(state = mk_calloc(1, sizeof(*state))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    state->ID3D11DeviceChild_iface.lpVtbl = (ID3D11DeviceChildVtbl *)state_vtbls[kind];
    state->kind = kind;
    memcpy(&state->desc, desc, state_desc_sizes[kind]);
    mk_object_init(&state->obj, state_classes[kind], (IUnknown *)&device->ID3D11Device5_iface, NULL);
    if ((existing = mk_registry_add_unique(&device->children, &state->obj, state_matches, state)))
    {
        mk_object_abandon(&state->obj);
        state = MK_OBJECT_IMPL(struct d3d11_state, obj, existing);
    }
    *out = &state->ID3D11DeviceChild_iface;
    return S_OK;
}

/* What every Create*State does first: no object yet, E_INVALIDARG without a
 * description, else the description (`size` bytes: the older descriptions
 * of a kind are prefixes of the newest) in a zeroed union. */
static HRESULT state_desc_copy(const void *desc, size_t size, union d3d11_state_desc *d, void **out)
{
    if (out)
        *out = NULL;
    if (!desc)
        return E_INVALIDARG;
    memset(d, 0, sizeof(*d));
    memcpy(d, desc, size);
    return S_OK;
}

static bool comparison_valid(D3D11_COMPARISON_FUNC func)
{
    return func >= D3D11_COMPARISON_NEVER && func <= D3D11_COMPARISON_ALWAYS;
}

/* ---- Samplers ---- */

/* A D3D11_FILTER: the point/linear bits of min (0x10), mag (0x04) and mip
 * (0x01), anisotropic (0x40, with all three linear bits) and the reduction
 * (bits 7-8: standard, comparison, minimum, maximum). */
static bool filter_valid(D3D11_FILTER filter)
{
    if ((UINT)filter & ~0x1d5u)
        return false;
    return !((UINT)filter & 0x40u) || ((UINT)filter & 0x15u) == 0x15u;
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateSamplerState(ID3D11Device5 *iface, const D3D11_SAMPLER_DESC *desc,
        ID3D11SamplerState **out)
{
    union d3d11_state_desc d;
    D3D11_SAMPLER_DESC *s = &d.sampler;
    HRESULT hr;

    if (FAILED(hr = state_desc_copy(desc, sizeof(*desc), &d, (void **)out)))
        return hr;
    if (!filter_valid(s->Filter) || s->AddressU < D3D11_TEXTURE_ADDRESS_WRAP
            || s->AddressU > D3D11_TEXTURE_ADDRESS_MIRROR_ONCE || s->AddressV < D3D11_TEXTURE_ADDRESS_WRAP
            || s->AddressV > D3D11_TEXTURE_ADDRESS_MIRROR_ONCE || s->AddressW < D3D11_TEXTURE_ADDRESS_WRAP
            || s->AddressW > D3D11_TEXTURE_ADDRESS_MIRROR_ONCE || s->MaxAnisotropy > D3D11_MAX_MAXANISOTROPY
            || !(s->MipLODBias >= MK_D3D11_MIP_LOD_BIAS_MIN && s->MipLODBias <= MK_D3D11_MIP_LOD_BIAS_MAX))
        return E_INVALIDARG;
    if (D3D11_DECODE_IS_COMPARISON_FILTER(s->Filter) && !comparison_valid(s->ComparisonFunc))
        return E_INVALIDARG;
    /* What test_create_sampler_state reads back on Windows. */
    if (!D3D11_DECODE_IS_ANISOTROPIC_FILTER(s->Filter))
        s->MaxAnisotropy = 0;
    if (!D3D11_DECODE_IS_COMPARISON_FILTER(s->Filter))
        s->ComparisonFunc = D3D11_COMPARISON_NEVER;
    if (s->AddressU != D3D11_TEXTURE_ADDRESS_BORDER && s->AddressV != D3D11_TEXTURE_ADDRESS_BORDER
            && s->AddressW != D3D11_TEXTURE_ADDRESS_BORDER)
        memset(s->BorderColor, 0, sizeof(s->BorderColor));
    return state_get(d3d11_device_from_iface(iface), D3D11_STATE_SAMPLER, &d, (void **)out);
}

/* ---- Blend states ---- */

static bool blend_valid(D3D11_BLEND blend, bool alpha)
{
    switch (blend)
    {
        case D3D11_BLEND_SRC_COLOR: case D3D11_BLEND_INV_SRC_COLOR: case D3D11_BLEND_DEST_COLOR:
        case D3D11_BLEND_INV_DEST_COLOR: case D3D11_BLEND_SRC1_COLOR: case D3D11_BLEND_INV_SRC1_COLOR:
            return !alpha;
        case D3D11_BLEND_ZERO: case D3D11_BLEND_ONE: case D3D11_BLEND_SRC_ALPHA: case D3D11_BLEND_INV_SRC_ALPHA:
        case D3D11_BLEND_DEST_ALPHA: case D3D11_BLEND_INV_DEST_ALPHA: case D3D11_BLEND_SRC_ALPHA_SAT:
        case D3D11_BLEND_BLEND_FACTOR: case D3D11_BLEND_INV_BLEND_FACTOR: case D3D11_BLEND_SRC1_ALPHA:
        case D3D11_BLEND_INV_SRC1_ALPHA:
            return true;
        default:
            return false;
    }
}

static bool blend_op_valid(D3D11_BLEND_OP op)
{
    return op >= D3D11_BLEND_OP_ADD && op <= D3D11_BLEND_OP_MAX;
}

static HRESULT create_blend(ID3D11Device5 *iface, union d3d11_state_desc *d, void **out)
{
    D3D11_BLEND_DESC1 *b = &d->blend;
    unsigned i, count = b->IndependentBlendEnable ? D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT : 1;

    for (i = 0; i < count; ++i)
    {
        D3D11_RENDER_TARGET_BLEND_DESC1 *rt = &b->RenderTarget[i];

        if (rt->RenderTargetWriteMask & ~(UINT8)D3D11_COLOR_WRITE_ENABLE_ALL)
            return E_INVALIDARG;
        if (rt->BlendEnable && (!blend_valid(rt->SrcBlend, false) || !blend_valid(rt->DestBlend, false)
                || !blend_op_valid(rt->BlendOp) || !blend_valid(rt->SrcBlendAlpha, true)
                || !blend_valid(rt->DestBlendAlpha, true) || !blend_op_valid(rt->BlendOpAlpha)))
            return E_INVALIDARG;
        if (rt->LogicOpEnable && (rt->BlendEnable || rt->LogicOp < D3D11_LOGIC_OP_CLEAR
                || rt->LogicOp > D3D11_LOGIC_OP_OR_INVERTED))
            return E_INVALIDARG;
    }
    /* What test_create_blend_state reads back on Windows: without independent
     * blending every target is the first; a disabled target's factors and
     * operations are the defaults. */
    for (i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        D3D11_RENDER_TARGET_BLEND_DESC1 *rt = &b->RenderTarget[i];

        if (!b->IndependentBlendEnable)
            *rt = b->RenderTarget[0];
        if (!rt->BlendEnable)
        {
            rt->SrcBlend = rt->SrcBlendAlpha = D3D11_BLEND_ONE;
            rt->DestBlend = rt->DestBlendAlpha = D3D11_BLEND_ZERO;
            rt->BlendOp = rt->BlendOpAlpha = D3D11_BLEND_OP_ADD;
        }
    }
    return state_get(d3d11_device_from_iface(iface), D3D11_STATE_BLEND, d, out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateBlendState(ID3D11Device5 *iface, const D3D11_BLEND_DESC *desc,
        ID3D11BlendState **out)
{
    union d3d11_state_desc d;
    unsigned i;
    HRESULT hr;

    /* AlphaToCoverageEnable and IndependentBlendEnable, as in D3D11_BLEND_DESC1;
     * the targets' descriptions differ. */
    _Static_assert(offsetof(D3D11_BLEND_DESC, RenderTarget) == offsetof(D3D11_BLEND_DESC1, RenderTarget),
            "D3D11_BLEND_DESC does not begin as D3D11_BLEND_DESC1");
    if (FAILED(hr = state_desc_copy(desc, offsetof(D3D11_BLEND_DESC, RenderTarget), &d, (void **)out)))
        return hr;
    for (i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
    {
        const D3D11_RENDER_TARGET_BLEND_DESC *src = &desc->RenderTarget[i];

        /* No logic operation (LogicOpEnable FALSE, LogicOp CLEAR). */
        d.blend.RenderTarget[i] = (D3D11_RENDER_TARGET_BLEND_DESC1){.BlendEnable = src->BlendEnable,
                .SrcBlend = src->SrcBlend, .DestBlend = src->DestBlend, .BlendOp = src->BlendOp,
                .SrcBlendAlpha = src->SrcBlendAlpha, .DestBlendAlpha = src->DestBlendAlpha,
                .BlendOpAlpha = src->BlendOpAlpha, .LogicOp = D3D11_LOGIC_OP_CLEAR,
                .RenderTargetWriteMask = src->RenderTargetWriteMask};
    }
    return create_blend(iface, &d, (void **)out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateBlendState1(ID3D11Device5 *iface, const D3D11_BLEND_DESC1 *desc,
        ID3D11BlendState1 **out)
{
    union d3d11_state_desc d;
    HRESULT hr;

    if (FAILED(hr = state_desc_copy(desc, sizeof(*desc), &d, (void **)out)))
        return hr;
    return create_blend(iface, &d, (void **)out);
}

/* ---- Depth-stencil states ---- */

static bool stencil_op_valid(D3D11_STENCIL_OP op)
{
    return op >= D3D11_STENCIL_OP_KEEP && op <= D3D11_STENCIL_OP_DECR;
}

static bool face_valid(const D3D11_DEPTH_STENCILOP_DESC *face)
{
    return stencil_op_valid(face->StencilFailOp) && stencil_op_valid(face->StencilDepthFailOp)
            && stencil_op_valid(face->StencilPassOp) && comparison_valid(face->StencilFunc);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDepthStencilState(ID3D11Device5 *iface,
        const D3D11_DEPTH_STENCIL_DESC *desc, ID3D11DepthStencilState **out)
{
    static const D3D11_DEPTH_STENCILOP_DESC default_face =
    {
        D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS,
    };
    union d3d11_state_desc d;
    D3D11_DEPTH_STENCIL_DESC *ds = &d.depth_stencil;
    HRESULT hr;

    if (FAILED(hr = state_desc_copy(desc, sizeof(*desc), &d, (void **)out)))
        return hr;
    if (ds->DepthEnable && ((UINT)ds->DepthWriteMask > D3D11_DEPTH_WRITE_MASK_ALL || !comparison_valid(ds->DepthFunc)))
        return E_INVALIDARG;
    if (ds->StencilEnable && (!face_valid(&ds->FrontFace) || !face_valid(&ds->BackFace)))
        return E_INVALIDARG;
    /* What test_create_depthstencil_state reads back on Windows. */
    if (!ds->DepthEnable)
    {
        ds->DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
        ds->DepthFunc = D3D11_COMPARISON_LESS;
    }
    if (!ds->StencilEnable)
    {
        ds->StencilReadMask = D3D11_DEFAULT_STENCIL_READ_MASK;
        ds->StencilWriteMask = D3D11_DEFAULT_STENCIL_WRITE_MASK;
        ds->FrontFace = ds->BackFace = default_face;
    }
    return state_get(d3d11_device_from_iface(iface), D3D11_STATE_DEPTH_STENCIL, &d, (void **)out);
}

/* ---- Rasterizer states ---- */

static HRESULT create_rasterizer(ID3D11Device5 *iface, union d3d11_state_desc *d, void **out)
{
    const D3D11_RASTERIZER_DESC2 *r = &d->rasterizer;

    if (r->FillMode < D3D11_FILL_WIREFRAME || r->FillMode > D3D11_FILL_SOLID || r->CullMode < D3D11_CULL_NONE
            || r->CullMode > D3D11_CULL_BACK || (UINT)r->ConservativeRaster > D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON)
        return E_INVALIDARG;
    switch (r->ForcedSampleCount)
    {
        case 0: case 1: case 4: case 8: case 16:
            break;
        default:
            return E_INVALIDARG;
    }
    return state_get(d3d11_device_from_iface(iface), D3D11_STATE_RASTERIZER, d, out);
}

/* The three rasterizer descriptions are prefixes of D3D11_RASTERIZER_DESC2. */
static HRESULT create_rasterizer_from(ID3D11Device5 *iface, const void *desc, size_t size, void **out)
{
    union d3d11_state_desc d;
    HRESULT hr;

    if (FAILED(hr = state_desc_copy(desc, size, &d, out)))
        return hr;
    return create_rasterizer(iface, &d, out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateRasterizerState(ID3D11Device5 *iface, const D3D11_RASTERIZER_DESC *desc,
        ID3D11RasterizerState **out)
{
    return create_rasterizer_from(iface, desc, sizeof(*desc), (void **)out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateRasterizerState1(ID3D11Device5 *iface,
        const D3D11_RASTERIZER_DESC1 *desc, ID3D11RasterizerState1 **out)
{
    return create_rasterizer_from(iface, desc, sizeof(*desc), (void **)out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateRasterizerState2(ID3D11Device5 *iface,
        const D3D11_RASTERIZER_DESC2 *desc, ID3D11RasterizerState2 **out)
{
    return create_rasterizer_from(iface, desc, sizeof(*desc), (void **)out);
}

/* ---- Queries and predicates ---- */

struct d3d11_query
{
    ID3D11Query1 ID3D11Query1_iface;    /* also the ID3D11Predicate of predicate types */
    struct mk_object obj;               /* its parent: the device */
    const struct d3d11_query_rule *rule;
    D3D11_QUERY_DESC1 desc;
};

MK_OBJECT_HELPERS(struct d3d11_query, ID3D11Query1, ID3D11Query1_iface, impl_from_query, query_object)

/* The kinds of a query's interface conditions (D3D11_CONDITION): the runtime
 * (ID3D11Query1 from D3D11.3), or a predicate (ID3D11Predicate: an occlusion
 * or stream-overflow predicate). */
enum query_condition
{
    QUERY_FROM_RUNTIME,
    QUERY_PREDICATE,
};

static bool query_available(const struct mk_object *object, uint32_t condition)
{
    if (d3d11_condition_kind(condition) == QUERY_PREDICATE)
        return MK_OBJECT_IMPL(struct d3d11_query, obj, object)->rule->predicate;
    return d3d11_runtime_at_least(object, condition);
}

#define QUERY_INTERFACE(iid) MK_INTERFACE_AT(struct d3d11_query, obj, ID3D11Query1_iface, iid)
static const struct mk_interface query_interfaces[] =
{
    QUERY_INTERFACE(IID_IUnknown), QUERY_INTERFACE(IID_ID3D11DeviceChild), QUERY_INTERFACE(IID_ID3D11Asynchronous),
    QUERY_INTERFACE(IID_ID3D11Query),
    MK_INTERFACE_IF(struct d3d11_query, obj, ID3D11Query1_iface, IID_ID3D11Query1,
            D3D11_CONDITION(QUERY_FROM_RUNTIME, MOCKD3D12_D3D11_RUNTIME_11_3)),
    MK_INTERFACE_IF(struct d3d11_query, obj, ID3D11Query1_iface, IID_ID3D11Predicate, D3D11_CONDITION(QUERY_PREDICATE, 0)),
};
#undef QUERY_INTERFACE

static const struct mk_object_class query_class = MK_OBJECT_CLASS(struct d3d11_query, query_interfaces,
        .name = "ID3D11Query", .kind = D3D11_KIND_QUERY, .flags = MK_OBJECT_PARENT_WHILE_PUBLIC,
        .self_iid = &mk_d3d11_child_iid, .available = query_available);

D3D11_CHILD_METHODS(ID3D11Query1, d3d11_query, query_object)

static UINT STDMETHODCALLTYPE d3d11_query_GetDataSize(ID3D11Query1 *iface)
{
    return impl_from_query(iface)->rule->data_size;
}

static void STDMETHODCALLTYPE d3d11_query_GetDesc(ID3D11Query1 *iface, D3D11_QUERY_DESC *desc)
{
    const struct d3d11_query *query = impl_from_query(iface);

    if (!desc)
        return;
    desc->Query = query->desc.Query;
    desc->MiscFlags = query->desc.MiscFlags;
}

static void STDMETHODCALLTYPE d3d11_query_GetDesc1(ID3D11Query1 *iface, D3D11_QUERY_DESC1 *desc)
{
    if (desc)
        *desc = impl_from_query(iface)->desc;
}

static const ID3D11Query1Vtbl d3d11_query_vtbl =
{
    D3D11_CHILD_VTBL_ENTRIES(d3d11_query), d3d11_query_GetDataSize, d3d11_query_GetDesc, d3d11_query_GetDesc1,
};

static const struct d3d11_query_rule *find_query_rule(D3D11_QUERY type)
{
    unsigned i;

    for (i = 0; i < d3d11_query_rule_count; ++i)
    {
        if (d3d11_query_rules[i].query == type)
            return &d3d11_query_rules[i];
    }
    return NULL;
}

/* predicate: CreatePredicate, which takes only the types the table allows. */
static HRESULT create_query(ID3D11Device5 *iface, const D3D11_QUERY_DESC1 *desc, bool predicate, void **out)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);
    const struct d3d11_query_rule *rule;
    struct d3d11_query *query;
    HRESULT hr;

    if (!(rule = find_query_rule(desc->Query)) || device->feature_level < rule->min_level
            || (desc->MiscFlags & ~(UINT)D3D11_QUERY_MISC_PREDICATEHINT)
            || (UINT)desc->ContextType > D3D11_CONTEXT_TYPE_VIDEO || (predicate && !rule->create_predicate))
        return E_INVALIDARG;
    if (!out)
        return S_FALSE;
    if (FAILED(hr = d3d11_device_removed(device)))
        return hr;
    if (!(query = mk_calloc(1, sizeof(*query))))
        return E_OUTOFMEMORY;
    query->ID3D11Query1_iface.lpVtbl = (ID3D11Query1Vtbl *)&d3d11_query_vtbl;
    query->rule = rule;
    query->desc = *desc;
    mk_object_init(&query->obj, &query_class, (IUnknown *)&device->ID3D11Device5_iface, &device->children);
    *out = &query->ID3D11Query1_iface;
    return S_OK;
}

/* CreateQuery and CreatePredicate: a D3D11_QUERY_DESC for every context type. */
static HRESULT create_query_desc(ID3D11Device5 *iface, const D3D11_QUERY_DESC *desc, bool predicate, void **out)
{
    D3D11_QUERY_DESC1 d;

    if (out)
        *out = NULL;
    if (!desc)
        return E_INVALIDARG;
    d.Query = desc->Query;
    d.MiscFlags = desc->MiscFlags;
    d.ContextType = D3D11_CONTEXT_TYPE_ALL;
    return create_query(iface, &d, predicate, out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateQuery(ID3D11Device5 *iface, const D3D11_QUERY_DESC *desc,
        ID3D11Query **out)
{
    return create_query_desc(iface, desc, false, (void **)out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateQuery1(ID3D11Device5 *iface, const D3D11_QUERY_DESC1 *desc,
        ID3D11Query1 **out)
{
    if (out)
        *out = NULL;
    if (!desc)
        return E_INVALIDARG;
    return create_query(iface, desc, false, (void **)out);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreatePredicate(ID3D11Device5 *iface, const D3D11_QUERY_DESC *desc,
        ID3D11Predicate **out)
{
    return create_query_desc(iface, desc, true, (void **)out);
}
