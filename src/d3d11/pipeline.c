/*
 * The pipeline state of a D3D11 context (struct d3d11_pipeline,
 * d3d11_private.h): every Set* method of ID3D11DeviceContext stores what it
 * is given, every Get* returns it with a reference, ClearState returns to
 * the state a new context has. A binding keeps the object alive through its
 * internal count (struct mk_object), not the application's: after
 * PSSetSamplers the application's Release returns 0 and PSGetSamplers still
 * returns the sampler (Wine's test_state_refcounting). Objects of another
 * implementation are bound as NULL. Nothing is drawn.
 *
 * As on Windows (Wine's test_clear_state, test_device_context_state): a
 * setter whose slots leave the stage's range changes nothing; a getter
 * writes the entries it is asked for that name existing slots (NULL or 0
 * for empty ones), none past the stage's slots; OMSetRenderTargets unbinds the render targets past
 * NumViews; SOSetTargets the targets past NumBuffers; RSSetViewports and
 * RSSetScissorRects replace the whole array. The default state: nothing
 * bound, topology UNDEFINED, blend factor {1, 1, 1, 1}, sample mask
 * D3D11_DEFAULT_SAMPLE_MASK, stencil reference 0, no viewports or
 * scissor rectangles, predicate value FALSE. docs/d3d11.md "The contexts'
 * state".
 */
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static struct d3d11_pipeline *pipeline_of(ID3D11DeviceContext4 *iface)
{
    return &d3d11_context_from_iface(iface)->pipeline;
}

/* Binds object (NULL, or not this library's: nothing) in *slot. */
static void bind(void **slot, void *object)
{
    struct mk_object *child = d3d11_object_of(object), *old = d3d11_object_of(*slot);

    if (!child)
        object = NULL;
    if (*slot == object)
        return;
    if (child)
        mk_object_retain(child);
    *slot = object;
    if (old)
        mk_object_unretain(old);
}

/* The bound object with a reference for the caller, or NULL. */
static void *get(void *object)
{
    if (object)
        IUnknown_AddRef((IUnknown *)object);
    return object;
}

/* Binds count objects from objects[] (NULL: every one NULL) at slots[start]. */
static void bind_range(void **slots, UINT slot_count, UINT start, UINT count, void *const *objects)
{
    UINT i;

    if (start > slot_count || count > slot_count - start)
        return;
    for (i = 0; i < count; ++i)
        bind(&slots[start + i], objects ? objects[i] : NULL);
}

/* How many of the caller's `count` entries, the first for slot `start`, name
 * slots that exist (of `slot_count`): the entries a getter writes (Windows
 * writes none past the stage's slots). */
static UINT span(UINT start, UINT count, UINT slot_count)
{
    if (start >= slot_count)
        return 0;
    return count < slot_count - start ? count : slot_count - start;
}

/* Writes the entries from slots[start] to out[] that exist. */
static void get_range(void *const *slots, UINT slot_count, UINT start, UINT count, void **out)
{
    UINT i, n = span(start, count, slot_count);

    for (i = 0; out && i < n; ++i)
        out[i] = get(slots[start + i]);
}

void d3d11_pipeline_clear(struct d3d11_pipeline *p)
{
    unsigned int s, i;

    for (s = 0; s < ARRAY_SIZE(p->stages); ++s)
    {
        struct d3d11_stage_bindings *stage = &p->stages[s];

        bind(&stage->shader, NULL);
        for (i = 0; i < ARRAY_SIZE(stage->cbs); ++i)
            bind(&stage->cbs[i], NULL);
        for (i = 0; i < ARRAY_SIZE(stage->srvs); ++i)
            bind(&stage->srvs[i], NULL);
        for (i = 0; i < ARRAY_SIZE(stage->samplers); ++i)
            bind(&stage->samplers[i], NULL);
        memset(stage->first_constant, 0, sizeof(stage->first_constant));
        memset(stage->num_constants, 0, sizeof(stage->num_constants));
    }
    bind(&p->input_layout, NULL);
    for (i = 0; i < ARRAY_SIZE(p->vbs); ++i)
        bind(&p->vbs[i], NULL);
    memset(p->strides, 0, sizeof(p->strides));
    memset(p->offsets, 0, sizeof(p->offsets));
    bind(&p->ib, NULL);
    p->ib_format = DXGI_FORMAT_UNKNOWN;
    p->ib_offset = 0;
    p->topology = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
    for (i = 0; i < ARRAY_SIZE(p->rtvs); ++i)
        bind(&p->rtvs[i], NULL);
    bind(&p->dsv, NULL);
    for (i = 0; i < ARRAY_SIZE(p->om_uavs); ++i)
        bind(&p->om_uavs[i], NULL);
    for (i = 0; i < ARRAY_SIZE(p->cs_uavs); ++i)
        bind(&p->cs_uavs[i], NULL);
    bind(&p->blend, NULL);
    for (i = 0; i < 4; ++i)
        p->blend_factor[i] = 1.0f;
    p->sample_mask = D3D11_DEFAULT_SAMPLE_MASK;
    bind(&p->depth_stencil, NULL);
    p->stencil_ref = 0;
    bind(&p->rasterizer, NULL);
    memset(p->viewports, 0, sizeof(p->viewports));
    memset(p->scissors, 0, sizeof(p->scissors));
    p->viewport_count = p->scissor_count = 0;
    for (i = 0; i < ARRAY_SIZE(p->so); ++i)
        bind(&p->so[i], NULL);
    bind(&p->predicate, NULL);
    p->predicate_value = FALSE;
}

/* ---- The shader stages ---- */

static void set_cbs(struct d3d11_stage_bindings *stage, UINT start, UINT count, ID3D11Buffer *const *buffers,
        const UINT *first, const UINT *num)
{
    UINT i;

    if (start > ARRAY_SIZE(stage->cbs) || count > ARRAY_SIZE(stage->cbs) - start || !first != !num)
        return;
    for (i = 0; i < count; ++i)
    {
        bind(&stage->cbs[start + i], buffers ? buffers[i] : NULL);
        /* Without a range a buffer is bound whole: D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT constants. */
        stage->first_constant[start + i] = first ? first[i] : 0;
        stage->num_constants[start + i] = num ? num[i] : D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT;
    }
}

static void get_cbs(const struct d3d11_stage_bindings *stage, UINT start, UINT count, ID3D11Buffer **buffers,
        UINT *first, UINT *num)
{
    UINT i, n = span(start, count, ARRAY_SIZE(stage->cbs));

    for (i = 0; i < n; ++i)
    {
        if (buffers)
            buffers[i] = get(stage->cbs[start + i]);
        if (first)
            first[i] = stage->cbs[start + i] ? stage->first_constant[start + i] : 0;
        if (num)
            num[i] = stage->cbs[start + i] ? stage->num_constants[start + i] : 0;
    }
}

/* The ten methods of one stage (XSSetShader ... XSGetSamplers); no class
 * instances are kept: XSGetShader reports 0. */
#define STAGE_METHODS(X, prefix, name) STAGE_METHODS_OF(X, D3D11_STAGE_##X, ID3D11##name##Shader)
#define STAGE_METHODS_OF(X, index, shader_type) \
    void STDMETHODCALLTYPE d3d11_context_##X##SetShader(ID3D11DeviceContext4 *iface, shader_type *shader, \
            ID3D11ClassInstance *const *instances, UINT instance_count) \
    { \
        (void)instances; \
        (void)instance_count; \
        bind(&pipeline_of(iface)->stages[index].shader, shader); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##GetShader(ID3D11DeviceContext4 *iface, shader_type **shader, \
            ID3D11ClassInstance **instances, UINT *instance_count) \
    { \
        (void)instances; \
        if (shader) \
            *shader = get(pipeline_of(iface)->stages[index].shader); \
        if (instance_count) \
            *instance_count = 0; \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##SetConstantBuffers(ID3D11DeviceContext4 *iface, UINT start, \
            UINT count, ID3D11Buffer *const *buffers) \
    { \
        set_cbs(&pipeline_of(iface)->stages[index], start, count, buffers, NULL, NULL); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##GetConstantBuffers(ID3D11DeviceContext4 *iface, UINT start, \
            UINT count, ID3D11Buffer **buffers) \
    { \
        get_cbs(&pipeline_of(iface)->stages[index], start, count, buffers, NULL, NULL); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##SetConstantBuffers1(ID3D11DeviceContext4 *iface, UINT start, \
            UINT count, ID3D11Buffer *const *buffers, const UINT *first, const UINT *num) \
    { \
        set_cbs(&pipeline_of(iface)->stages[index], start, count, buffers, first, num); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##GetConstantBuffers1(ID3D11DeviceContext4 *iface, UINT start, \
            UINT count, ID3D11Buffer **buffers, UINT *first, UINT *num) \
    { \
        get_cbs(&pipeline_of(iface)->stages[index], start, count, buffers, first, num); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##SetShaderResources(ID3D11DeviceContext4 *iface, UINT start, \
            UINT count, ID3D11ShaderResourceView *const *views) \
    { \
        struct d3d11_stage_bindings *stage = &pipeline_of(iface)->stages[index]; \
        bind_range(stage->srvs, ARRAY_SIZE(stage->srvs), start, count, (void *const *)views); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##GetShaderResources(ID3D11DeviceContext4 *iface, UINT start, \
            UINT count, ID3D11ShaderResourceView **views) \
    { \
        struct d3d11_stage_bindings *stage = &pipeline_of(iface)->stages[index]; \
        get_range(stage->srvs, ARRAY_SIZE(stage->srvs), start, count, (void **)views); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##SetSamplers(ID3D11DeviceContext4 *iface, UINT start, UINT count, \
            ID3D11SamplerState *const *samplers) \
    { \
        struct d3d11_stage_bindings *stage = &pipeline_of(iface)->stages[index]; \
        bind_range(stage->samplers, ARRAY_SIZE(stage->samplers), start, count, (void *const *)samplers); \
    } \
    void STDMETHODCALLTYPE d3d11_context_##X##GetSamplers(ID3D11DeviceContext4 *iface, UINT start, UINT count, \
            ID3D11SamplerState **samplers) \
    { \
        struct d3d11_stage_bindings *stage = &pipeline_of(iface)->stages[index]; \
        get_range(stage->samplers, ARRAY_SIZE(stage->samplers), start, count, (void **)samplers); \
    }

D3D11_SHADER_STAGES(STAGE_METHODS)
#undef STAGE_METHODS_OF
#undef STAGE_METHODS

/* The initial counts of append/consume UAVs are not kept (nothing runs). */
void STDMETHODCALLTYPE d3d11_context_CSSetUnorderedAccessViews(ID3D11DeviceContext4 *iface, UINT start, UINT count,
        ID3D11UnorderedAccessView *const *views, const UINT *initial_counts)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    (void)initial_counts;
    bind_range(p->cs_uavs, ARRAY_SIZE(p->cs_uavs), start, count, (void *const *)views);
}

void STDMETHODCALLTYPE d3d11_context_CSGetUnorderedAccessViews(ID3D11DeviceContext4 *iface, UINT start, UINT count,
        ID3D11UnorderedAccessView **views)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    get_range(p->cs_uavs, ARRAY_SIZE(p->cs_uavs), start, count, (void **)views);
}

/* ---- Input assembler ---- */

void STDMETHODCALLTYPE d3d11_context_IASetInputLayout(ID3D11DeviceContext4 *iface, ID3D11InputLayout *layout)
{
    bind(&pipeline_of(iface)->input_layout, layout);
}

void STDMETHODCALLTYPE d3d11_context_IAGetInputLayout(ID3D11DeviceContext4 *iface, ID3D11InputLayout **layout)
{
    if (layout)
        *layout = get(pipeline_of(iface)->input_layout);
}

void STDMETHODCALLTYPE d3d11_context_IASetVertexBuffers(ID3D11DeviceContext4 *iface, UINT start, UINT count,
        ID3D11Buffer *const *buffers, const UINT *strides, const UINT *offsets)
{
    struct d3d11_pipeline *p = pipeline_of(iface);
    UINT i;

    if (start > ARRAY_SIZE(p->vbs) || count > ARRAY_SIZE(p->vbs) - start)
        return;
    for (i = 0; i < count; ++i)
    {
        bind(&p->vbs[start + i], buffers ? buffers[i] : NULL);
        p->strides[start + i] = strides ? strides[i] : 0;
        p->offsets[start + i] = offsets ? offsets[i] : 0;
    }
}

void STDMETHODCALLTYPE d3d11_context_IAGetVertexBuffers(ID3D11DeviceContext4 *iface, UINT start, UINT count,
        ID3D11Buffer **buffers, UINT *strides, UINT *offsets)
{
    struct d3d11_pipeline *p = pipeline_of(iface);
    UINT i, n = span(start, count, ARRAY_SIZE(p->vbs));

    for (i = 0; i < n; ++i)
    {
        if (buffers)
            buffers[i] = get(p->vbs[start + i]);
        if (strides)
            strides[i] = p->strides[start + i];
        if (offsets)
            offsets[i] = p->offsets[start + i];
    }
}

void STDMETHODCALLTYPE d3d11_context_IASetIndexBuffer(ID3D11DeviceContext4 *iface, ID3D11Buffer *buffer,
        DXGI_FORMAT format, UINT offset)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    bind(&p->ib, buffer);
    p->ib_format = format;
    p->ib_offset = offset;
}

void STDMETHODCALLTYPE d3d11_context_IAGetIndexBuffer(ID3D11DeviceContext4 *iface, ID3D11Buffer **buffer,
        DXGI_FORMAT *format, UINT *offset)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    if (buffer)
        *buffer = get(p->ib);
    if (format)
        *format = p->ib_format;
    if (offset)
        *offset = p->ib_offset;
}

void STDMETHODCALLTYPE d3d11_context_IASetPrimitiveTopology(ID3D11DeviceContext4 *iface,
        D3D11_PRIMITIVE_TOPOLOGY topology)
{
    pipeline_of(iface)->topology = topology;
}

void STDMETHODCALLTYPE d3d11_context_IAGetPrimitiveTopology(ID3D11DeviceContext4 *iface,
        D3D11_PRIMITIVE_TOPOLOGY *topology)
{
    if (topology)
        *topology = pipeline_of(iface)->topology;
}

/* ---- Output merger ---- */

static void set_rtvs(struct d3d11_pipeline *p, UINT count, ID3D11RenderTargetView *const *views,
        ID3D11DepthStencilView *dsv)
{
    UINT i;

    if (count > ARRAY_SIZE(p->rtvs))
        return;
    for (i = 0; i < ARRAY_SIZE(p->rtvs); ++i)
        bind(&p->rtvs[i], i < count && views ? views[i] : NULL);
    bind(&p->dsv, dsv);
}

static void get_rtvs(struct d3d11_pipeline *p, UINT count, ID3D11RenderTargetView **views,
        ID3D11DepthStencilView **dsv)
{
    get_range(p->rtvs, ARRAY_SIZE(p->rtvs), 0, count, (void **)views);
    if (dsv)
        *dsv = get(p->dsv);
}

void STDMETHODCALLTYPE d3d11_context_OMSetRenderTargets(ID3D11DeviceContext4 *iface, UINT count,
        ID3D11RenderTargetView *const *views, ID3D11DepthStencilView *dsv)
{
    set_rtvs(pipeline_of(iface), count, views, dsv);
}

void STDMETHODCALLTYPE d3d11_context_OMGetRenderTargets(ID3D11DeviceContext4 *iface, UINT count,
        ID3D11RenderTargetView **views, ID3D11DepthStencilView **dsv)
{
    get_rtvs(pipeline_of(iface), count, views, dsv);
}

/* D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL / D3D11_KEEP_UNORDERED_ACCESS_VIEWS
 * keep the part they name; otherwise the UAVs are slots UAVStartSlot ...
 * (of the 64 the render targets share), the others are unbound. */
void STDMETHODCALLTYPE d3d11_context_OMSetRenderTargetsAndUnorderedAccessViews(ID3D11DeviceContext4 *iface,
        UINT rtv_count, ID3D11RenderTargetView *const *rtvs, ID3D11DepthStencilView *dsv, UINT uav_start,
        UINT uav_count, ID3D11UnorderedAccessView *const *uavs, const UINT *initial_counts)
{
    struct d3d11_pipeline *p = pipeline_of(iface);
    UINT i;

    (void)initial_counts;
    if (rtv_count != D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL)
        set_rtvs(p, rtv_count, rtvs, dsv);
    if (uav_count == D3D11_KEEP_UNORDERED_ACCESS_VIEWS)
        return;
    if (uav_start > ARRAY_SIZE(p->om_uavs) || uav_count > ARRAY_SIZE(p->om_uavs) - uav_start)
        return;
    for (i = 0; i < ARRAY_SIZE(p->om_uavs); ++i)
        bind(&p->om_uavs[i], i >= uav_start && i - uav_start < uav_count && uavs ? uavs[i - uav_start] : NULL);
}

void STDMETHODCALLTYPE d3d11_context_OMGetRenderTargetsAndUnorderedAccessViews(ID3D11DeviceContext4 *iface,
        UINT rtv_count, ID3D11RenderTargetView **rtvs, ID3D11DepthStencilView **dsv, UINT uav_start, UINT uav_count,
        ID3D11UnorderedAccessView **uavs)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    get_rtvs(p, rtvs ? rtv_count : 0, rtvs, dsv);
    get_range(p->om_uavs, ARRAY_SIZE(p->om_uavs), uav_start, uavs ? uav_count : 0, (void **)uavs);
}

void STDMETHODCALLTYPE d3d11_context_OMSetBlendState(ID3D11DeviceContext4 *iface, ID3D11BlendState *state,
        const FLOAT factor[4], UINT mask)
{
    struct d3d11_pipeline *p = pipeline_of(iface);
    unsigned int i;

    bind(&p->blend, state);
    for (i = 0; i < 4; ++i)
        p->blend_factor[i] = factor ? factor[i] : 1.0f;
    p->sample_mask = mask;
}

void STDMETHODCALLTYPE d3d11_context_OMGetBlendState(ID3D11DeviceContext4 *iface, ID3D11BlendState **state,
        FLOAT factor[4], UINT *mask)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    if (state)
        *state = get(p->blend);
    if (factor)
        memcpy(factor, p->blend_factor, sizeof(p->blend_factor));
    if (mask)
        *mask = p->sample_mask;
}

void STDMETHODCALLTYPE d3d11_context_OMSetDepthStencilState(ID3D11DeviceContext4 *iface,
        ID3D11DepthStencilState *state, UINT ref)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    bind(&p->depth_stencil, state);
    p->stencil_ref = ref;
}

void STDMETHODCALLTYPE d3d11_context_OMGetDepthStencilState(ID3D11DeviceContext4 *iface,
        ID3D11DepthStencilState **state, UINT *ref)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    if (state)
        *state = get(p->depth_stencil);
    if (ref)
        *ref = p->stencil_ref;
}

/* ---- Stream output, rasterizer, predication ---- */

void STDMETHODCALLTYPE d3d11_context_SOSetTargets(ID3D11DeviceContext4 *iface, UINT count, ID3D11Buffer *const *buffers,
        const UINT *offsets)
{
    struct d3d11_pipeline *p = pipeline_of(iface);
    UINT i;

    (void)offsets;
    if (count > ARRAY_SIZE(p->so))
        return;
    for (i = 0; i < ARRAY_SIZE(p->so); ++i)
        bind(&p->so[i], i < count && buffers ? buffers[i] : NULL);
}

void STDMETHODCALLTYPE d3d11_context_SOGetTargets(ID3D11DeviceContext4 *iface, UINT count, ID3D11Buffer **buffers)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    get_range(p->so, ARRAY_SIZE(p->so), 0, count, (void **)buffers);
}

void STDMETHODCALLTYPE d3d11_context_RSSetState(ID3D11DeviceContext4 *iface, ID3D11RasterizerState *state)
{
    bind(&pipeline_of(iface)->rasterizer, state);
}

void STDMETHODCALLTYPE d3d11_context_RSGetState(ID3D11DeviceContext4 *iface, ID3D11RasterizerState **state)
{
    if (state)
        *state = get(pipeline_of(iface)->rasterizer);
}

/* RSSetViewports and RSSetScissorRects: `count` entries of `size` bytes
 * replace the `bound` ones (zero past them); too many, or none given for a
 * count, change nothing. */
static void set_rects(void *bound, UINT *bound_count, UINT capacity, size_t size, const void *rects, UINT count)
{
    if (count > capacity || (count && !rects))
        return;
    memset(bound, 0, capacity * size);
    if (count)
        memcpy(bound, rects, count * size);
    *bound_count = count;
}

/* RSGetViewports and RSGetScissorRects: with an array, the entries asked
 * for, zero past the bound ones, and the bound count; without, the bound
 * count. */
static void get_rects(const void *bound, UINT bound_count, UINT capacity, size_t size, void *rects, UINT *count)
{
    UINT n;

    if (!count)
        return;
    if (rects)
    {
        n = span(0, *count, capacity);
        memset(rects, 0, n * size);
        memcpy(rects, bound, (n < bound_count ? n : bound_count) * size);
    }
    *count = bound_count;
}

void STDMETHODCALLTYPE d3d11_context_RSSetViewports(ID3D11DeviceContext4 *iface, UINT count,
        const D3D11_VIEWPORT *viewports)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    set_rects(p->viewports, &p->viewport_count, ARRAY_SIZE(p->viewports), sizeof(*p->viewports), viewports, count);
}

void STDMETHODCALLTYPE d3d11_context_RSGetViewports(ID3D11DeviceContext4 *iface, UINT *count,
        D3D11_VIEWPORT *viewports)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    get_rects(p->viewports, p->viewport_count, ARRAY_SIZE(p->viewports), sizeof(*p->viewports), viewports, count);
}

void STDMETHODCALLTYPE d3d11_context_RSSetScissorRects(ID3D11DeviceContext4 *iface, UINT count, const D3D11_RECT *rects)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    set_rects(p->scissors, &p->scissor_count, ARRAY_SIZE(p->scissors), sizeof(*p->scissors), rects, count);
}

void STDMETHODCALLTYPE d3d11_context_RSGetScissorRects(ID3D11DeviceContext4 *iface, UINT *count, D3D11_RECT *rects)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    get_rects(p->scissors, p->scissor_count, ARRAY_SIZE(p->scissors), sizeof(*p->scissors), rects, count);
}

void STDMETHODCALLTYPE d3d11_context_SetPredication(ID3D11DeviceContext4 *iface, ID3D11Predicate *predicate,
        WINBOOL value)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    bind(&p->predicate, predicate);
    p->predicate_value = value;
}

void STDMETHODCALLTYPE d3d11_context_GetPredication(ID3D11DeviceContext4 *iface, ID3D11Predicate **predicate,
        WINBOOL *value)
{
    struct d3d11_pipeline *p = pipeline_of(iface);

    if (predicate)
        *predicate = get(p->predicate);
    if (value)
        *value = p->predicate_value;
}

/* Hardware content protection is not modelled: off, and SetHardwareProtectionState(TRUE) changes nothing. */
void STDMETHODCALLTYPE d3d11_context_GetHardwareProtectionState(ID3D11DeviceContext4 *iface, WINBOOL *enable)
{
    (void)iface;
    if (enable)
        *enable = FALSE;
}

void STDMETHODCALLTYPE d3d11_context_ClearState(ID3D11DeviceContext4 *iface)
{
    d3d11_pipeline_clear(pipeline_of(iface));
}
