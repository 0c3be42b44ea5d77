/*
 * Clears of the D3D11 null device: ID3D11DeviceContext::ClearRenderTargetView,
 * ClearDepthStencilView, ClearUnorderedAccessViewUint and
 * ClearUnorderedAccessViewFloat write the view's texels (or buffer elements)
 * in the resource's memory, packing each value into the view format's
 * channels (data/format-layout.tsv's "channels": names, widths and
 * interpretations from DirectX-Headers' format table), as the D3D11
 * specification and Wine's test_clear_buffer_unordered_access_view record:
 * - the Uint clear writes the low bits of Values[0..3] to the R, G, B, A
 *   channels unconverted; raw and structured buffer views get Values[0] in
 *   every 32-bit word;
 * - the Float clears convert: UNORM and SNORM saturate and round, UNORM_SRGB
 *   converts R, G, B from linear first (render targets), FLOAT narrows to 16,
 *   11 or 10 bits, integer channels take the value truncated and saturated;
 * - ClearDepthStencilView writes the D channel (D3D11_CLEAR_DEPTH) and the
 *   S channel (D3D11_CLEAR_STENCIL) and keeps the other.
 * Formats without channels (block-compressed, video) and deferred contexts
 * are left alone: nothing is recorded. docs/d3d11.md "Clears".
 */
#include <math.h>
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "resource.h"

/* A texel's new bits, and which bits of the texel they replace. */
struct texel
{
    uint8_t value[16], mask[16];
    unsigned int size;
};

static void put_bits(struct texel *t, const struct mk_format_channel *c, uint32_t bits)
{
    unsigned int i;

    for (i = 0; i < c->bits; ++i)
    {
        unsigned int bit = c->shift + i;

        t->mask[bit / 8] |= (uint8_t)(1u << (bit % 8));
        if ((bits >> i) & 1)
            t->value[bit / 8] |= (uint8_t)(1u << (bit % 8));
    }
}

static uint32_t max_of(unsigned int bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/* IEEE half from a float: round to nearest, overflow to infinity, NaN kept. */
static uint16_t to_half(float f)
{
    uint32_t x, sign, exp, mantissa;

    memcpy(&x, &f, sizeof(x));
    sign = (x >> 16) & 0x8000;
    exp = (x >> 23) & 0xff;
    mantissa = x & 0x7fffff;
    if (exp == 0xff)
        return (uint16_t)(sign | 0x7c00 | (mantissa ? 0x200 : 0));
    if ((int)exp - 127 + 15 >= 31)
        return (uint16_t)(sign | 0x7c00);
    if ((int)exp - 127 + 15 <= 0)
    {
        /* Subnormal or zero. */
        if ((int)exp - 127 + 15 < -10)
            return (uint16_t)sign;
        /* The 24-bit mantissa scaled to 2^-24 units, one bit more for rounding. */
        mantissa |= 0x800000;
        return (uint16_t)(sign | ((mantissa >> (13 - ((int)exp - 127 + 15))) + 1) >> 1);
    }
    /* Rounding may carry into the exponent: to infinity at the top, as it should. */
    return (uint16_t)(sign | ((((exp - 127 + 15) << 10) | (mantissa >> 13)) + ((mantissa >> 12) & 1)));
}

static float srgb_from_linear(float v)
{
    return v <= 0.0031308f ? v * 12.92f : 1.055f * powf(v, 1.0f / 2.4f) - 0.055f;
}

/* The bits of float value v in channel c (render targets: srgb applies). */
static uint32_t convert(const struct mk_format_channel *c, float v, bool srgb)
{
    double scale;

    if (v != v && c->type != MK_CHANNEL_FLOAT)
        v = 0.0f; /* NaN: 0 in fixed-point and integer channels */
    switch (c->type)
    {
        case MK_CHANNEL_UNORM_SRGB:
            if (srgb && c->name != 'A')
                v = srgb_from_linear(v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v);
            /* fall through */
        case MK_CHANNEL_UNORM:
            scale = max_of(c->bits);
            return (uint32_t)floor((v < 0.0f ? 0.0 : v > 1.0f ? 1.0 : v) * scale + 0.5);
        case MK_CHANNEL_SNORM:
            scale = max_of(c->bits - 1);
            return (uint32_t)(int32_t)floor((v < -1.0f ? -1.0 : v > 1.0f ? 1.0 : v) * scale + 0.5) & max_of(c->bits);
        case MK_CHANNEL_UINT:
            return v <= 0.0f ? 0 : v >= (double)max_of(c->bits) ? max_of(c->bits) : (uint32_t)v;
        case MK_CHANNEL_SINT:
        {
            double low = -(double)(max_of(c->bits - 1)) - 1.0, high = max_of(c->bits - 1);

            return (uint32_t)(int32_t)(v <= low ? low : v >= high ? high : (double)(int32_t)v) & max_of(c->bits);
        }
        case MK_CHANNEL_FLOAT:
        {
            uint32_t bits;
            uint16_t half;

            if (c->bits == 32)
            {
                memcpy(&bits, &v, sizeof(bits));
                return bits;
            }
            half = to_half(c->bits < 16 && v < 0.0f ? 0.0f : v);
            /* R11G11B10: unsigned 5-bit exponent, 6- or 5-bit mantissa. */
            return c->bits == 16 ? half : c->bits == 11 ? (half >> 4) & 0x7ffu : (half >> 5) & 0x3ffu;
        }
        case MK_CHANNEL_FIXED_2_8:
        {
            /* R10G10B10_XR_BIAS_A2: 510 * v + 384, saturated to 10 bits. */
            double x = floor(v * 510.0 + 384.0 + 0.5);

            return x <= 0.0 ? 0 : x >= 1023.0 ? 1023 : (uint32_t)x;
        }
        default:
            return 0;
    }
}

static int component(char name)
{
    switch (name)
    {
        case 'R': case 'D': return 0;
        case 'G': return 1;
        case 'B': return 2;
        case 'A': return 3;
        default: return -1;
    }
}

/* Writes t to the view's texels or buffer elements. */
static void fill(const struct d3d11_view_range *range, const struct texel *t)
{
    struct d3d11_resource *r = range->resource;
    struct d3d11_subresource_layout layout;
    unsigned char *memory = d3d11_resource_memory(r), *p;
    uint64_t x, y, width, height, z, slice, sub, i;

    if (!memory || !t->size)
        return;
    if (r->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
    {
        p = memory + (uint64_t)range->first_element * range->element_size;
        for (x = 0; x < (uint64_t)range->elements * range->element_size / t->size; ++x, p += t->size)
        {
            for (i = 0; i < t->size; ++i)
                p[i] = (uint8_t)((p[i] & ~t->mask[i]) | t->value[i]);
        }
        return;
    }
    width = r->desc.width >> range->mip ? r->desc.width >> range->mip : 1;
    height = r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D ? 1 : r->desc.height >> range->mip ? r->desc.height >> range->mip : 1;
    for (slice = range->first_slice; slice < (uint64_t)range->first_slice + range->slices; ++slice)
    {
        bool volume = r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D;

        sub = volume ? range->mip : range->mip + slice * r->desc.mips;
        z = volume ? slice : 0;
        d3d11_subresource_layout(r, (UINT)sub, &layout, NULL);
        for (y = 0; y < height; ++y)
        {
            p = memory + layout.offset + z * layout.depth_pitch + y * layout.row_pitch;
            for (x = 0; x < width; ++x, p += t->size)
            {
                for (i = 0; i < t->size; ++i)
                    p[i] = (uint8_t)((p[i] & ~t->mask[i]) | t->value[i]);
            }
        }
    }
}

/* What one Clear*View writes: one value per component (R, G, B, A), as
 * UINTs (the Uint clear) or floats (converted; sRGB-encoded for render
 * targets), or the depth and stencil; `only`: the channel names to write,
 * the others kept (NULL: every channel, unused bits 0). */
struct clear_values
{
    const UINT *uints;
    const float *floats;
    bool srgb;
    const char *only;
    float depth;
    UINT8 stencil;
};

/* A texel of the view's format; false when the values cannot make one (raw
 * and structured views have no format to convert floats to). */
static bool make_texel(const struct d3d11_view_range *range, const struct clear_values *values, struct texel *t)
{
    const UINT *uints = values->uints;
    const struct mk_format_layout *layout = mk_format_layout(range->format);
    unsigned int i;

    memset(t, 0, sizeof(*t));
    if (range->words)
    {
        t->size = 4;
        memset(t->mask, 0xff, 4);
        for (i = 0; i < 4; ++i)
            t->value[i] = (uint8_t)(uints ? uints[0] >> (8 * i) : 0);
        return uints != NULL;
    }
    if (!layout || !layout->channel_count || layout->bits_per_unit % 8)
        return false;
    t->size = layout->bits_per_unit / 8;
    for (i = 0; i < layout->channel_count; ++i)
    {
        const struct mk_format_channel *c = &layout->channel[i];
        int index = component(c->name);
        uint32_t bits = 0;

        if (values->only && !strchr(values->only, c->name))
            continue;
        if (c->name == 'D')
            bits = convert(c, values->depth, false);
        else if (c->name == 'S')
            bits = values->stencil;
        else if (index >= 0)
            bits = uints ? uints[index] & max_of(c->bits) : convert(c, values->floats[index], values->srgb);
        put_bits(t, c, bits);
    }
    return true;
}

static bool immediate(ID3D11DeviceContext4 *iface)
{
    return d3d11_context_from_iface(iface)->type == D3D11_DEVICE_CONTEXT_IMMEDIATE;
}

/* Every Clear*View: the immediate context writes a view of this library
 * (a deferred one records nothing). */
static void clear_view(ID3D11DeviceContext4 *iface, void *view, enum d3d11_view_kind kind,
        const struct clear_values *values)
{
    struct d3d11_view_range range;
    struct texel t;

    if (immediate(iface) && d3d11_view_range(view, kind, &range) && make_texel(&range, values, &t))
        fill(&range, &t);
}

void STDMETHODCALLTYPE d3d11_context_ClearRenderTargetView(ID3D11DeviceContext4 *iface, ID3D11RenderTargetView *view,
        const FLOAT color[4])
{
    if (color)
        clear_view(iface, view, D3D11_VIEW_RTV, &(struct clear_values){.floats = color, .srgb = true});
}

void STDMETHODCALLTYPE d3d11_context_ClearUnorderedAccessViewUint(ID3D11DeviceContext4 *iface,
        ID3D11UnorderedAccessView *view, const UINT values[4])
{
    if (values)
        clear_view(iface, view, D3D11_VIEW_UAV, &(struct clear_values){.uints = values});
}

void STDMETHODCALLTYPE d3d11_context_ClearUnorderedAccessViewFloat(ID3D11DeviceContext4 *iface,
        ID3D11UnorderedAccessView *view, const FLOAT values[4])
{
    if (values)
        clear_view(iface, view, D3D11_VIEW_UAV, &(struct clear_values){.floats = values});
}

void STDMETHODCALLTYPE d3d11_context_ClearDepthStencilView(ID3D11DeviceContext4 *iface, ID3D11DepthStencilView *view,
        UINT flags, FLOAT depth, UINT8 stencil)
{
    const char *only = (flags & D3D11_CLEAR_DEPTH) && (flags & D3D11_CLEAR_STENCIL) ? "DS"
            : flags & D3D11_CLEAR_DEPTH ? "D" : flags & D3D11_CLEAR_STENCIL ? "S" : NULL;

    if (only)
        clear_view(iface, view, D3D11_VIEW_DSV, &(struct clear_values){.only = only,
                .depth = depth < 0.0f ? 0.0f : depth > 1.0f ? 1.0f : depth, .stencil = stencil});
}
