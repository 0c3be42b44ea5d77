/*
 * Heaps and resources: CreateHeap/CreateHeap1, CreateCommittedResource 1-3,
 * CreatePlacedResource 1-2, CreateReservedResource 1-2,
 * GetResourceAllocationInfo 1-3, GetCopyableFootprints 1-2 and
 * GetResourceTiling: the device's whole side of a resource (the object's own
 * methods are src/objects/resource.c, its layout arithmetic
 * src/objects/resource_layout.c). Every creation path takes one validation of
 * the resource description against the simulated adapter (check_desc), then
 * the heap's rules (committed and placed), then places the resource: a GPU
 * virtual address for buffers, memory on CPU-visible heaps, the video memory
 * it costs (src/device/device_memory.c). docs/objects.md lists every check.
 *
 * What Windows does, as the public conformance tests record it (vkd3d's
 * tests/d3d12.c and vkd3d-proton's tests/d3d12_resource.c, run on Windows:
 * test_create_committed_resource, test_create_heap, test_create_placed_resource,
 * test_create_reserved_resource, test_map_resource, test_resource_allocation_info,
 * test_buffer_rtv_dsv_usage): MipLevels 0 is the full chain, and more levels
 * than the chain are accepted; SampleDesc.Count 0, Format UNKNOWN for a
 * texture, a write state with a read state, RENDER_TARGET without
 * ALLOW_RENDER_TARGET, a block-compressed texture whose size is no multiple
 * of its blocks, textures on UPLOAD or READBACK heaps, a buffer's clear value,
 * RT/UAV buffers on UPLOAD/READBACK, simultaneous-access buffers, a state
 * other than a part of GENERIC_READ or COMMON on UPLOAD or than COPY_DEST or
 * COMMON on READBACK (before Agility SDK 1.606: GENERIC_READ, COPY_DEST), a placed
 * resource past its heap's end, heaps of size 0, of alignment other than 64 KiB
 * or 4 MiB or with ALLOW_DISPLAY, CUSTOM heaps without a page property and
 * pool (or L1 with CPU access) are E_INVALIDARG; a buffer may be
 * ALLOW_RENDER_TARGET but not ALLOW_DEPTH_STENCIL; reserved buffers are
 * ROW_MAJOR and reserved textures 64KB_UNDEFINED_SWIZZLE (STANDARD_SWIZZLE
 * where the adapter has it); GetResourceAllocationInfo of nothing is {0, 1},
 * of a buffer of alignment 4 KiB or 4 MiB {UINT64_MAX, 64 KiB}, and the
 * several-descs forms place each at its alignment, one after the other.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "caps/caps.h"
#include "caps/format_rules.h"
#include "clamp/clamp.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "refusal.h"
#include "device_formats.h"
#include "device_memory.h"
#include "device_resources.h"
#include "heap.h"
#include "mk_tables.h"
#include "resource.h"
#include "resource_layout.h"

#define KNOWN_HEAP_FLAGS 0x3fedu
#define HEAP_DENY_ALL (D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES \
        | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES)
#define KNOWN_STATES 0x1ff3fffu
#define WRITE_STATES (D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_UNORDERED_ACCESS \
        | D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_STREAM_OUT | D3D12_RESOURCE_STATE_COPY_DEST \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST | D3D12_RESOURCE_STATE_VIDEO_DECODE_WRITE \
        | D3D12_RESOURCE_STATE_VIDEO_PROCESS_WRITE | D3D12_RESOURCE_STATE_VIDEO_ENCODE_WRITE)
#define FLAG_RT_AS 0x100u          /* D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE */
#define FLAG_VIDEO 0xac0u          /* the video-only flags: decode/encode reference, 1D/3D LUTs */
#define FLAG_TIGHT 0x400u          /* D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT */
#define KNOWN_RESOURCE_FLAGS 0xfffu
#define LAST_BARRIER_LAYOUT 31u
#define FORMAT_FEEDBACK_MIN_MIP 189u
#define FORMAT_FEEDBACK_MIP_REGION 190u
#define MAX_MIP_LEVELS 15u         /* D3D12_REQ_MIP_LEVELS */
#define SMALL_ALIGNMENT D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT
#define DEFAULT_ALIGNMENT D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT
#define MSAA_ALIGNMENT D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT


static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return mk_device_from_iface((ID3D12Device *)iface);
}

static HRESULT report(struct mk_device *device, const char *method, const struct mk_refusal *r)
{
    return mk_refusal_report(device, method, r, D3D12_MESSAGE_ID_UNKNOWN);
}

/* ---- What a creation asks ---- */

enum request_kind
{
    REQUEST_COMMITTED = OBJ_RESOURCE_COMMITTED,
    REQUEST_PLACED = OBJ_RESOURCE_PLACED,
    REQUEST_RESERVED = OBJ_RESOURCE_RESERVED,
    REQUEST_ALLOCATION_INFO,
};

struct request
{
    enum request_kind kind;
    /* The caller's description, when it gave a D3D12_RESOURCE_DESC (the
     * older methods): converted once, straight into the creation's
     * parameters (a copy of a copy just made stalls on its stores). */
    const D3D12_RESOURCE_DESC *desc0;
    const D3D12_HEAP_PROPERTIES *properties; /* committed */
    D3D12_HEAP_FLAGS heap_flags;             /* committed; placed: the heap's */
    struct obj_heap *heap;                   /* placed */
    UINT64 offset;
    bool barrier_layout;                     /* the ...3 / ...2 methods: `state` is a D3D12_BARRIER_LAYOUT */
    UINT state;
    const D3D12_CLEAR_VALUE *clear;
    ID3D12ProtectedResourceSession *session;
    UINT32 castable_count;
    const DXGI_FORMAT *castable;
};

/* ---- Formats: the adapter's FORMAT_SUPPORT answer: device_formats.h ---- */

/* The sample count's quality levels, as MULTISAMPLE_QUALITY_LEVELS answers
 * (the caps fill of that feature: the one source). */
static UINT quality_levels(struct mk_device *device, DXGI_FORMAT format, UINT count, bool tiled)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS data;
    struct caps_fill fill;
    char why[64];

    memset(&data, 0, sizeof(data));
    data.Format = format;
    data.SampleCount = count;
    data.Flags = tiled ? D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE
            : D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE;
    memset(&fill, 0, sizeof(fill));
    fill.adapter = device->adapter;
    fill.feature = mk_feature_from_value((uint32_t)D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS);
    fill.runtime = &device->runtime;
    fill.data = &data;
    fill.why = why;
    fill.why_size = sizeof(why);
    if (!fill.feature || FAILED(caps_fill_feature(&fill)))
        return 0;
    return data.NumQualityLevels;
}

/* ---- The description ---- */

static UINT full_mip_chain(const D3D12_RESOURCE_DESC1 *desc)
{
    UINT64 size = desc->Width;
    UINT levels = 1;

    if (desc->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE1D && desc->Height > size)
        size = desc->Height;
    if (desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D && desc->DepthOrArraySize > size)
        size = desc->DepthOrArraySize;
    while (size > 1)
    {
        size >>= 1;
        ++levels;
    }
    return levels;
}

static bool check_buffer(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, struct mk_refusal *r)
{
    UINT64 max_bits = device->va_bits_per_resource;

    if (!d->Width)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "a buffer's Width is 0");
    if (d->Height != 1 || d->DepthOrArraySize != 1)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "a buffer's Height (%u) and "
                "DepthOrArraySize (%u) are 1", (unsigned)d->Height, (unsigned)d->DepthOrArraySize);
    if (d->MipLevels != 1)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS, "a buffer's MipLevels (%u) is 1",
                (unsigned)d->MipLevels);
    if (d->Format != DXGI_FORMAT_UNKNOWN)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "a buffer's Format (%u) is DXGI_FORMAT_UNKNOWN",
                (unsigned)d->Format);
    if (d->SampleDesc.Count != 1 || d->SampleDesc.Quality)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "a buffer's SampleDesc (%u, %u) is "
                "(1, 0)", (unsigned)d->SampleDesc.Count, (unsigned)d->SampleDesc.Quality);
    if (d->Layout != D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, "a buffer's Layout (%u) is "
                "D3D12_TEXTURE_LAYOUT_ROW_MAJOR", (unsigned)d->Layout);
    if (d->Flags & (D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL | D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "a buffer cannot be %s",
                (d->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) ? "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL"
                : "D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS");
    if ((d->Flags & FLAG_RT_AS) && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS5, RaytracingTier,
            D3D12_RAYTRACING_TIER_1_0), "D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE",
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, r))
        return false;
    if (d->Alignment && d->Alignment != DEFAULT_ALIGNMENT)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "a buffer's Alignment (%llu) is 0 or "
                "65536", (unsigned long long)d->Alignment);
    if (max_bits && max_bits < 64 && d->Width > (1ull << max_bits))
    {
        mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_OUTOFMEMORY_RETURN, "Width %llu is more than a resource may "
                "span on %s: 2^%llu bytes (D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT::"
                "MaxGPUVirtualAddressBitsPerResource)", (unsigned long long)d->Width, caps_adapter_id(device->adapter),
                (unsigned long long)max_bits);
        r->hr = E_OUTOFMEMORY;
        return false;
    }
    return true;
}

/* Dimensions, arrays and mips against the limits every D3D12 feature level
 * (11_0 and above) shares ("Hardware support for Direct3D 12 feature
 * levels": D3D12_REQ_TEXTURE1D_U_DIMENSION 16384, D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION
 * 16384, D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION 2048, D3D12_REQ_TEXTURE1D/2D_ARRAY_AXIS_DIMENSION
 * 2048, D3D12_REQ_MIP_LEVELS 15). */
static bool check_texture_size(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, struct mk_refusal *r)
{
    UINT64 max_wh = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
            : D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION;
    UINT max_depth = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
            : D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION;
    const char *level = "every D3D12 feature level";

    (void)device;
    if (!d->Width || !d->Height || !d->DepthOrArraySize)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "a %s's Width (%llu), Height (%u) and "
                "DepthOrArraySize (%u) are not 0", obj_resource_dimension_name(d->Dimension),
                (unsigned long long)d->Width, (unsigned)d->Height, (unsigned)d->DepthOrArraySize);
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D && d->Height != 1)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "a TEXTURE1D's Height (%u) is 1",
                (unsigned)d->Height);
    if (d->Width > max_wh || d->Height > max_wh)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "%llu x %u is larger than a %s may be "
                "at %s: %llu (D3D12_REQ_%s)", (unsigned long long)d->Width, (unsigned)d->Height,
                obj_resource_dimension_name(d->Dimension), level,
                (unsigned long long)max_wh, d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
                ? "TEXTURE3D_U_V_OR_W_DIMENSION" : "TEXTURE2D_U_OR_V_DIMENSION");
    if (d->DepthOrArraySize > max_depth)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "DepthOrArraySize %u is more than a %s "
                "may have at %s: %u (D3D12_REQ_%s)", (unsigned)d->DepthOrArraySize,
                obj_resource_dimension_name(d->Dimension), level, max_depth,
                d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? "TEXTURE3D_U_V_OR_W_DIMENSION"
                : "TEXTURE2D_ARRAY_AXIS_DIMENSION");
    if (d->MipLevels > MAX_MIP_LEVELS)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS, "MipLevels %u is more than %u "
                "(D3D12_REQ_MIP_LEVELS)", (unsigned)d->MipLevels, MAX_MIP_LEVELS);
    return true;
}

/* Format x dimension x flags against the adapter's FORMAT_SUPPORT answer. */
static bool check_texture_format(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, struct mk_refusal *r)
{
    static const UINT dimension_bits[] = {0, 0, D3D12_FORMAT_SUPPORT1_TEXTURE1D, D3D12_FORMAT_SUPPORT1_TEXTURE2D,
            D3D12_FORMAT_SUPPORT1_TEXTURE3D};
    const struct mk_format_layout *layout = mk_format_layout(d->Format);
    bool feedback = d->Format == (DXGI_FORMAT)FORMAT_FEEDBACK_MIN_MIP || d->Format == (DXGI_FORMAT)FORMAT_FEEDBACK_MIP_REGION;
    /* What a typed format needs for each flag. */
    static const struct
    {
        D3D12_RESOURCE_FLAGS flag;
        UINT support1;
        const char *what;
    } flag_needs[] =
    {
        {D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, D3D12_FORMAT_SUPPORT1_RENDER_TARGET,
                "a render target (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET)"},
        {D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL,
                "a depth stencil (D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)"},
        {D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW,
                "a typed UAV (D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)"},
    };
    struct mk_format_facts f;
    size_t i;

    if (d->Format == DXGI_FORMAT_UNKNOWN)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "a texture's Format is DXGI_FORMAT_UNKNOWN");
    if (!mk_format_facts(device, d->Format, &f))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDFORMAT, "Format %u is not a DXGI_FORMAT this "
                "runtime knows", (unsigned)d->Format);
    if (feedback)
    {
        if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS7, SamplerFeedbackTier, D3D12_SAMPLER_FEEDBACK_TIER_0_9),
                "a sampler feedback map (DXGI_FORMAT_SAMPLER_FEEDBACK_*)", D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, r))
            return false;
        if (d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D)
            return mk_refuse(r, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_DIMENSION, "a sampler feedback map is a "
                    "TEXTURE2D, not a %s", obj_resource_dimension_name(d->Dimension));
        if (!(d->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "a sampler feedback map needs "
                    "D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS");
        if (d->SamplerFeedbackMipRegion.Width < 4 || d->SamplerFeedbackMipRegion.Height < 4
                || (d->SamplerFeedbackMipRegion.Width & (d->SamplerFeedbackMipRegion.Width - 1))
                || (d->SamplerFeedbackMipRegion.Height & (d->SamplerFeedbackMipRegion.Height - 1)))
            return mk_refuse(r, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION, "SamplerFeedbackMipRegion "
                    "(%u x %u) is not powers of two of 4 or more", (unsigned)d->SamplerFeedbackMipRegion.Width,
                    (unsigned)d->SamplerFeedbackMipRegion.Height);
        return true; /* the feedback formats have no FORMAT_SUPPORT bits of their own */
    }
    if (d->SamplerFeedbackMipRegion.Width || d->SamplerFeedbackMipRegion.Height || d->SamplerFeedbackMipRegion.Depth)
        return mk_refuse(r, D3D12_MESSAGE_ID_NONZERO_SAMPLER_FEEDBACK_MIP_REGION_WITH_INCOMPATIBLE_FORMAT,
                "SamplerFeedbackMipRegion is not 0 but DXGI_FORMAT_%s is no sampler feedback format",
                mk_format_name(&f));
    if (!mk_format_has(device, &f, dimension_bits[d->Dimension], "a ", obj_resource_dimension_name(d->Dimension),
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, r))
        return false;
    if (layout && (layout->block_width > 1 || layout->block_height > 1)
            && (d->Width % layout->block_width || d->Height % layout->block_height))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS, "%llu x %u is no multiple of "
                "DXGI_FORMAT_%s's %u x %u blocks", (unsigned long long)d->Width, (unsigned)d->Height,
                mk_format_name(&f), layout->block_width, layout->block_height);
    for (i = 0; i < sizeof(flag_needs) / sizeof(flag_needs[0]) && !f.typeless; ++i)
    {
        if ((d->Flags & flag_needs[i].flag) && !mk_format_has(device, &f, flag_needs[i].support1, flag_needs[i].what, NULL,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, r))
            return false;
    }
    return true;
}

static bool check_texture_flags(const D3D12_RESOURCE_DESC1 *d, struct mk_refusal *r)
{
    D3D12_RESOURCE_FLAGS flags = d->Flags;

    if ((flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)
            && (flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
            | D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL "
                "does not go with ALLOW_RENDER_TARGET, ALLOW_UNORDERED_ACCESS or ALLOW_SIMULTANEOUS_ACCESS "
                "(Flags 0x%x)", (unsigned)flags);
    if ((flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) && d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "a TEXTURE3D cannot be "
                "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL");
    if (flags & FLAG_RT_AS)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "a texture cannot be "
                "D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE");
    /* ALLOW_CROSS_ADAPTER needs no capability: CrossAdapterRowMajorTextureSupported
     * gates the views of row-major textures (device_descriptors.c), not
     * their existence (docs/objects.md). */
    return true;
}

static bool check_texture_samples(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, bool reserved,
        struct mk_refusal *r)
{
    UINT levels;

    if (!d->SampleDesc.Count)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "SampleDesc.Count is 0");
    if (d->SampleDesc.Count == 1)
    {
        if (d->SampleDesc.Quality)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "SampleDesc.Quality %u is not 0 with "
                    "one sample", (unsigned)d->SampleDesc.Quality);
        return true;
    }
    if (d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "a %s has one sample, not %u",
                obj_resource_dimension_name(d->Dimension), (unsigned)d->SampleDesc.Count);
    if (d->MipLevels != 1)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS, "a multisampled texture has one mip "
                "level, not %u", (unsigned)d->MipLevels);
    if (!(d->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "a multisampled texture is "
                "D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET or ALLOW_DEPTH_STENCIL");
    if ((d->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS14,
            WriteableMSAATexturesSupported, TRUE), "a multisampled D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS texture",
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, r))
        return false;
    levels = quality_levels(device, d->Format, d->SampleDesc.Count, reserved);
    if (d->SampleDesc.Quality >= levels)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "SampleDesc (%u, %u) is not one %s "
                "has for DXGI_FORMAT %u: D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS answers NumQualityLevels %u%s",
                (unsigned)d->SampleDesc.Count, (unsigned)d->SampleDesc.Quality, caps_adapter_id(device->adapter),
                (unsigned)d->Format, levels, reserved ? " (with D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE)" : "");
    return true;
}

static bool check_texture_layout(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, bool reserved,
        struct mk_refusal *r)
{
    switch (d->Layout)
    {
        case D3D12_TEXTURE_LAYOUT_UNKNOWN:
            if (reserved)
                return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, "a reserved texture is "
                        "D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE or 64KB_STANDARD_SWIZZLE, not UNKNOWN");
            return true;
        case D3D12_TEXTURE_LAYOUT_ROW_MAJOR:
            /* Row-major textures are the cross-adapter ones ("Multi-adapter systems"). */
            if (reserved || !(d->Flags & D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER)
                    || d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D || d->MipLevels != 1
                    || d->DepthOrArraySize != 1 || d->SampleDesc.Count != 1)
                return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR "
                        "texture is a committed or placed D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER TEXTURE2D of one "
                        "mip level, slice and sample");
            return true;
        case D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE:
            if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS, StandardSwizzle64KBSupported, TRUE),
                    "D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE", D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, r))
                return false;
            /* fall through */
        case D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE:
            return mk_require(device, MK_AT_LEAST(D3D12_OPTIONS, TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_1),
                    "a 64KB-swizzled texture layout", D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, r);
        default:
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDLAYOUT, "Layout %u is no D3D12_TEXTURE_LAYOUT",
                    (unsigned)d->Layout);
    }
}

/* GetResourceAllocationInfo's answer for a valid description on this adapter. */
static D3D12_RESOURCE_ALLOCATION_INFO allocation_of(const struct mk_device *device, const D3D12_RESOURCE_DESC1 *d)
{
    return mk_resource_allocation_info(d, (d->Flags & FLAG_TIGHT) != 0, d->SampleDesc.Count > 1
            && mk_device_field(device, MK_FIELD_D3D12_OPTIONS4_MSAA64KBAlignedTextureSupported));
}

/* Is `alignment` one a texture may ask for, and can it be honoured? */
static bool check_texture_alignment(const struct mk_device *device, const D3D12_RESOURCE_DESC1 *d,
        struct mk_refusal *r)
{
    D3D12_RESOURCE_ALLOCATION_INFO info;

    if (d->Alignment && d->Alignment != SMALL_ALIGNMENT && d->Alignment != DEFAULT_ALIGNMENT
            && d->Alignment != MSAA_ALIGNMENT)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment %llu is not 0, 4096, 65536 or "
                "4194304", (unsigned long long)d->Alignment);
    if (d->Alignment && d->Alignment < DEFAULT_ALIGNMENT)
    {
        info = allocation_of(device, d);
        if (info.SizeInBytes == UINT64_MAX)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT_SMALLRESOURCE, "Alignment %llu cannot "
                    "be honoured: the texture is larger than a small resource may be", (unsigned long long)d->Alignment);
    }
    return true;
}

/* The one validation of a description, for every creation and allocation
 * query: `d` is the caller's, MipLevels 0 resolved to the full chain. */
static bool check_desc(struct mk_device *device, const struct request *q, D3D12_RESOURCE_DESC1 *d, struct mk_refusal *r)
{
    bool reserved = q->kind == REQUEST_RESERVED;

    if ((unsigned)d->Dimension > D3D12_RESOURCE_DIMENSION_TEXTURE3D)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDDIMENSIONALITY, "Dimension %u is no "
                "D3D12_RESOURCE_DIMENSION", (unsigned)d->Dimension);
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_UNKNOWN)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONALITY, "Dimension is "
                "D3D12_RESOURCE_DIMENSION_UNKNOWN");
    if (d->Flags & ~KNOWN_RESOURCE_FLAGS)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "Flags 0x%x has bits (0x%x) that are no "
                "D3D12_RESOURCE_FLAGS", (unsigned)d->Flags, (unsigned)(d->Flags & ~KNOWN_RESOURCE_FLAGS));
    if (d->Flags & FLAG_VIDEO)
    {
        char why[256];

        mk_device_video_refusal(device, "a video-only D3D12_RESOURCE_FLAG (decode or encode reference, LUT)", why,
                sizeof(why));
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "%s", why);
    }
    if (d->Flags & FLAG_TIGHT)
    {
        /* "D3D12 Tight Placed Resource Alignment" (DirectX-Specs): E_INVALIDARG
         * when the app gives a non-zero Alignment; the driver chooses it. */
        if (!mk_require(device, MK_AT_LEAST(D3D12_TIGHT_ALIGNMENT, SupportTier, 1),
                "D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT", D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, r))
            return false;
        if (d->Alignment)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment %llu is not 0: a "
                    "D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver",
                    (unsigned long long)d->Alignment);
        /* The same specification: the 64KB layouts keep 64 KB, so neither
         * they nor reserved resources take the flag. */
        if (reserved || d->Layout == D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE
                || d->Layout == D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT "
                    "does not go with %s: its alignment is 64 KB", reserved ? "a reserved resource"
                    : "a 64KB_*_SWIZZLE layout");
    }
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        if (!check_buffer(device, d, r))
            return false;
    }
    else
    {
        if (!check_texture_size(device, d, r))
            return false;
        if (!d->MipLevels)
            d->MipLevels = (UINT16)full_mip_chain(d);
        if (!check_texture_format(device, d, r) || !check_texture_flags(d, r)
                || !check_texture_samples(device, d, reserved, r) || !check_texture_layout(device, d, reserved, r)
                || !check_texture_alignment(device, d, r))
            return false;
    }
    if (reserved)
    {
        if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS, TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_1),
                "a reserved resource", D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, r))
            return false;
        if (d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS,
                TiledResourcesTier, D3D12_TILED_RESOURCES_TIER_3), "a reserved TEXTURE3D",
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, r))
            return false;
    }
    return true;
}

/* ---- Heap properties and flags (CreateHeap and committed resources) ---- */

static bool heap_cpu_visible(const D3D12_HEAP_PROPERTIES *p)
{
    return p->Type == D3D12_HEAP_TYPE_UPLOAD || p->Type == D3D12_HEAP_TYPE_READBACK
            || p->Type == D3D12_HEAP_TYPE_GPU_UPLOAD
            || (p->Type == D3D12_HEAP_TYPE_CUSTOM && p->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE);
}

/* The segment group the heap's memory counts in (docs/objects.md): on UMA
 * adapters all is local; else L1 (DEFAULT, GPU_UPLOAD, CUSTOM L1) is local
 * and L0 (UPLOAD, READBACK, CUSTOM L0) non-local. */
static unsigned heap_segment(struct mk_device *device, const D3D12_HEAP_PROPERTIES *p)
{
    if (caps_adapter_uma(device->adapter))
        return MK_MEMORY_LOCAL;
    switch (p->Type)
    {
        case D3D12_HEAP_TYPE_UPLOAD:
        case D3D12_HEAP_TYPE_READBACK:
            return MK_MEMORY_NON_LOCAL;
        case D3D12_HEAP_TYPE_CUSTOM:
            return p->MemoryPoolPreference == D3D12_MEMORY_POOL_L0 ? MK_MEMORY_NON_LOCAL : MK_MEMORY_LOCAL;
        default:
            return MK_MEMORY_LOCAL;
    }
}

static unsigned node_index(UINT mask)
{
    unsigned node = 0;

    while (mask > 1)
    {
        mask >>= 1;
        ++node;
    }
    return node;
}

/* `heap`: CreateHeap's ids, else the committed resources' (CREATERESOURCEANDHEAP_*). */
static bool check_heap_properties(struct mk_device *device, const D3D12_HEAP_PROPERTIES *p, bool heap,
        struct mk_refusal *r)
{
    UINT all_nodes = (UINT)(((uint64_t)1 << caps_adapter_node_count(device->adapter)) - 1);

    if (!p)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_NULLDESC
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_NULLHEAPPROPERTIES, "pHeapProperties is NULL");
    if (p->Type < D3D12_HEAP_TYPE_DEFAULT || (unsigned)p->Type > D3D12_HEAP_TYPE_GPU_UPLOAD)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDHEAPTYPE
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDHEAPTYPE, "Type %u is no D3D12_HEAP_TYPE",
                (unsigned)p->Type);
    /* GPU upload heaps: "D3D12 GPU Upload Heaps" (DirectX-Specs), OPTIONS16. */
    if (p->Type == D3D12_HEAP_TYPE_GPU_UPLOAD && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS16,
            GPUUploadHeapSupported, TRUE), "D3D12_HEAP_TYPE_GPU_UPLOAD",
            heap ? D3D12_MESSAGE_ID_CREATEHEAP_INVALIDHEAPTYPE : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPTYPE,
            r))
        return false;
    if ((unsigned)p->CPUPageProperty > D3D12_CPU_PAGE_PROPERTY_WRITE_BACK)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES, "CPUPageProperty %u is no "
                "D3D12_CPU_PAGE_PROPERTY", (unsigned)p->CPUPageProperty);
    if ((unsigned)p->MemoryPoolPreference > D3D12_MEMORY_POOL_L1)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDMEMORYPOOL
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDMEMORYPOOL, "MemoryPoolPreference %u is no "
                "D3D12_MEMORY_POOL", (unsigned)p->MemoryPoolPreference);
    if (p->Type != D3D12_HEAP_TYPE_CUSTOM)
    {
        if (p->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_UNKNOWN || p->MemoryPoolPreference != D3D12_MEMORY_POOL_UNKNOWN)
            return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES
                    : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES, "a D3D12_HEAP_TYPE_%s heap has "
                    "CPUPageProperty and MemoryPoolPreference UNKNOWN (only CUSTOM heaps name them)",
                    obj_heap_type_name(p->Type));
    }
    else if (p->CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_UNKNOWN || p->MemoryPoolPreference == D3D12_MEMORY_POOL_UNKNOWN)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES, "a CUSTOM heap names its "
                "CPUPageProperty and MemoryPoolPreference (%u, %u)", (unsigned)p->CPUPageProperty,
                (unsigned)p->MemoryPoolPreference);
    else if (p->MemoryPoolPreference == D3D12_MEMORY_POOL_L1
            && (caps_adapter_uma(device->adapter) || p->CPUPageProperty != D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE))
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES, "%s", caps_adapter_uma(device->adapter)
                ? "D3D12_MEMORY_POOL_L1 is no pool of a UMA adapter (D3D12_FEATURE_DATA_ARCHITECTURE::UMA is TRUE)"
                : "D3D12_MEMORY_POOL_L1 (video memory) cannot be CPU-visible: its CPUPageProperty is NOT_AVAILABLE");
    if (!mk_device_node_mask_valid(device, p->CreationNodeMask) || (p->VisibleNodeMask & ~all_nodes))
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_INVALIDPROPERTIES
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES, "CreationNodeMask 0x%x and "
                "VisibleNodeMask 0x%x do not name nodes of the adapter's %u", (unsigned)p->CreationNodeMask,
                (unsigned)p->VisibleNodeMask, caps_adapter_node_count(device->adapter));
    return true;
}

static bool check_heap_flags(D3D12_HEAP_FLAGS flags, bool heap, struct mk_refusal *r)
{
    if (flags & ~KNOWN_HEAP_FLAGS)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDMISCFLAGS
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDHEAPMISCFLAGS, "HeapFlags 0x%x has bits (0x%x) "
                "that are no D3D12_HEAP_FLAGS", (unsigned)flags, (unsigned)(flags & ~KNOWN_HEAP_FLAGS));
    if (flags & D3D12_HEAP_FLAG_HARDWARE_PROTECTED)
        return mk_refuse(r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS, "D3D12_HEAP_FLAG_HARDWARE_PROTECTED "
                "needs a protected session, and mockd3d12 models none");
    /* SHARED_CROSS_ADAPTER needs no capability: every adapter shares
     * cross-adapter heaps, for copies at least ("Shared heaps"). */
    return true;
}

/* The ResourceHeapTier category of a resource: which DENY_* heap flag keeps it out. */
static D3D12_HEAP_FLAGS resource_category(const D3D12_RESOURCE_DESC1 *d)
{
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return D3D12_HEAP_FLAG_DENY_BUFFERS;
    if (d->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
        return D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES;
    return D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES;
}

static const char *category_name(D3D12_HEAP_FLAGS category)
{
    return category == D3D12_HEAP_FLAG_DENY_BUFFERS ? "a buffer"
            : category == D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES ? "a render-target or depth-stencil texture"
            : "a texture that is neither render target nor depth stencil";
}

/* A state other than COMMON as its bits (D3D12_RESOURCE_STATES is not one of
 * the reference tables' enums, which are the feature structs'). */
static const char *state_text(UINT state, char *text, size_t size)
{
    if (!state)
        return "D3D12_RESOURCE_STATE_COMMON"; /* 0: also PRESENT, which names no other state */
    snprintf(text, size, "0x%x", state);
    return text;
}

/* The initial state on an UPLOAD or READBACK heap: GENERIC_READ or COPY_DEST
 * alone, and from the runtime that relaxed it (clamp_runtime_follows) also
 * COMMON, and on UPLOAD any part of GENERIC_READ; the adapter's enhanced
 * barriers do not matter (docs/objects.md). */
static bool check_cpu_heap_state(struct mk_device *device, D3D12_HEAP_TYPE type, UINT s, struct mk_refusal *r)
{
    bool relaxed = clamp_runtime_follows(&device->runtime, CLAMP_RULE_UPLOAD_READBACK_COMMON_STATE);
    UINT required = type == D3D12_HEAP_TYPE_UPLOAD ? D3D12_RESOURCE_STATE_GENERIC_READ : D3D12_RESOURCE_STATE_COPY_DEST;
    char text[32];

    if (s == required || (relaxed && (s == D3D12_RESOURCE_STATE_COMMON
            || (type == D3D12_HEAP_TYPE_UPLOAD && !(s & ~(UINT)D3D12_RESOURCE_STATE_GENERIC_READ)))))
        return true;
    if (!relaxed)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "a resource on a D3D12_HEAP_TYPE_%s heap "
                "starts in %s, not %s (runtime %u: COMMON there comes with a later runtime)",
                obj_heap_type_name(type), type == D3D12_HEAP_TYPE_UPLOAD ? "D3D12_RESOURCE_STATE_GENERIC_READ"
                : "D3D12_RESOURCE_STATE_COPY_DEST", state_text(s, text, sizeof(text)),
                clamp_runtime_effective_version(&device->runtime));
    return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "a resource on a D3D12_HEAP_TYPE_%s heap "
            "starts in %s or D3D12_RESOURCE_STATE_COMMON, not %s", obj_heap_type_name(type),
            type == D3D12_HEAP_TYPE_UPLOAD ? "a part of D3D12_RESOURCE_STATE_GENERIC_READ"
            : "D3D12_RESOURCE_STATE_COPY_DEST", state_text(s, text, sizeof(text)));
}

/* The initial state (or, enhanced barriers, layout) against the resource
 * and its heap. */
static bool check_state(struct mk_device *device, const struct request *q, const D3D12_RESOURCE_DESC1 *d,
        const D3D12_HEAP_PROPERTIES *p, struct mk_refusal *r)
{
    D3D12_RESOURCE_FLAGS flags = d->Flags;
    char text[32];
    UINT s = q->state;

    if (q->barrier_layout)
    {
        if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS12, EnhancedBarriersSupported, TRUE),
                "an initial D3D12_BARRIER_LAYOUT", D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, r))
            return false;
        if (s != D3D12_BARRIER_LAYOUT_UNDEFINED && s > LAST_BARRIER_LAYOUT)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialLayout %u is no "
                    "D3D12_BARRIER_LAYOUT", s);
        if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER && s != D3D12_BARRIER_LAYOUT_UNDEFINED)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "a buffer's InitialLayout is "
                    "D3D12_BARRIER_LAYOUT_UNDEFINED (buffers have no layout), not %u", s);
        if ((s == D3D12_BARRIER_LAYOUT_RENDER_TARGET && !(flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
                || (s == D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS && !(flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
                || ((s == D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE || s == D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_READ)
                && !(flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialLayout %u needs the resource "
                    "flag that allows it (Flags 0x%x)", s, (unsigned)flags);
        return true;
    }
    if (s & ~KNOWN_STATES)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialState 0x%x has bits (0x%x) that "
                "are no D3D12_RESOURCE_STATES", s, s & ~KNOWN_STATES);
    if ((s & WRITE_STATES) && (s & (s - 1)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialState 0x%x mixes a write state "
                "with others: a write state stands alone", s);
    if ((s == D3D12_RESOURCE_STATE_RENDER_TARGET && !(flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
            || (s == D3D12_RESOURCE_STATE_UNORDERED_ACCESS && !(flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
            || ((s & (D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_DEPTH_READ))
            && !(flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialState %s needs the resource flag "
                "that allows it (Flags 0x%x)", state_text(s, text, sizeof(text)), (unsigned)flags);
    if (p && (p->Type == D3D12_HEAP_TYPE_UPLOAD || p->Type == D3D12_HEAP_TYPE_READBACK))
        return check_cpu_heap_state(device, p->Type, s, r);
    return true;
}

/* What a resource on heap `p` of `heap_flags` may be. */
static bool check_resource_heap(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d,
        const D3D12_HEAP_PROPERTIES *p, D3D12_HEAP_FLAGS heap_flags, bool placed, struct mk_refusal *r)
{
    D3D12_HEAP_FLAGS category = resource_category(d);

    (void)device;
    if ((p->Type == D3D12_HEAP_TYPE_UPLOAD || p->Type == D3D12_HEAP_TYPE_READBACK)
            && d->Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "a %s cannot be on a D3D12_HEAP_TYPE_%s heap: "
                "textures are on DEFAULT or CUSTOM heaps", obj_resource_dimension_name(d->Dimension),
                obj_heap_type_name(p->Type));
    if ((p->Type == D3D12_HEAP_TYPE_UPLOAD || p->Type == D3D12_HEAP_TYPE_READBACK)
            && (d->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "a resource on a D3D12_HEAP_TYPE_%s heap "
                "cannot be ALLOW_RENDER_TARGET or ALLOW_UNORDERED_ACCESS (Flags 0x%x)", obj_heap_type_name(p->Type),
                (unsigned)d->Flags);
    if (heap_flags & category)
        return mk_refuse(r, placed ? D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS, "%s cannot be on a heap of flags 0x%x, "
                "which deny it", category_name(category), (unsigned)heap_flags);
    return true;
}

static bool check_clear_value(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, const D3D12_CLEAR_VALUE *c,
        struct mk_refusal *r)
{
    struct mk_format_facts f;

    if (!c)
        return true;
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUE, "pOptimizedClearValue is not NULL, but "
                "buffers have no clear value");
    if (!(d->Flags & (D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL)))
        return true; /* nothing to clear: ignored */
    if (!mk_format_facts(device, c->Format, &f))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDCLEARVALUEFORMAT, "the clear value's Format %u is "
                "not a DXGI_FORMAT this runtime knows", (unsigned)c->Format);
    if (c->Format == DXGI_FORMAT_UNKNOWN || f.typeless)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT, "the clear value's Format (%s) is a "
                "typed format", c->Format == DXGI_FORMAT_UNKNOWN ? "UNKNOWN" : mk_format_name(&f));
    if (!!(d->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) != !!(f.support1 & D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT, "the clear value's Format "
                "DXGI_FORMAT_%s is %sa depth format, the resource %sa depth stencil", mk_format_name(&f),
                (f.support1 & D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL) ? "" : "not ",
                (d->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) ? "" : "not ");
    return true;
}

static bool check_castable(struct mk_device *device, const D3D12_RESOURCE_DESC1 *d, UINT32 count,
        const DXGI_FORMAT *formats, struct mk_refusal *r)
{
    const struct mk_format_layout *own, *other;
    struct mk_format_facts f;
    UINT32 i;

    if (!count)
        return true;
    if (!formats)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "pCastableFormats is NULL but "
                "NumCastableFormats is %u", (unsigned)count);
    if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS12, RelaxedFormatCastingSupported, TRUE), "a castable format list",
            D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, r))
        return false;
    if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "a buffer has no castable formats");
    own = mk_format_layout(d->Format);
    for (i = 0; i < count; ++i)
    {
        if (formats[i] == DXGI_FORMAT_UNKNOWN || !mk_format_facts(device, formats[i], &f))
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "pCastableFormats[%u] (%u) is not a "
                    "DXGI_FORMAT this runtime knows", (unsigned)i, (unsigned)formats[i]);
        /* Relaxed casting keeps the bits per element ("Enhanced Barriers",
         * "Format casting"). */
        other = mk_format_layout(formats[i]);
        if (own && other && (own->bits_per_unit != other->bits_per_unit || own->block_width != other->block_width))
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "pCastableFormats[%u] "
                    "DXGI_FORMAT_%s has %u bits per element, the resource's format %u", (unsigned)i, mk_format_name(&f),
                    other->bits_per_unit, own->bits_per_unit);
    }
    return true;
}

static bool check_session(struct mk_device *device, ID3D12ProtectedResourceSession *session, struct mk_refusal *r)
{
    if (!session)
        return true;
    return mk_refuse(r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "pProtectedSession is not a protected "
            "session of this device: mockd3d12 models none on %s (CreateProtectedResourceSession is not implemented)",
            caps_adapter_id(device->adapter));
}

/* ---- Creation ---- */

static unsigned va_bits(struct mk_device *device)
{
    return device->va_bits_per_process ? (unsigned)device->va_bits_per_process : 40u;
}

/* What a heap or resource takes of the adapter (mk_memory_take); its
 * refusal reported (`heap`: CreateHeap's message ids). */
static HRESULT take_memory(struct mk_device *device, const char *method, const struct mk_memory_request *take,
        bool heap, struct obj_memory_charge *charge)
{
    enum mk_memory_shortfall shortfall;
    struct mk_refusal r;

    if (SUCCEEDED(r.hr = mk_memory_take(device->adapter, take, charge, &shortfall, r.why, sizeof(r.why))))
        return S_OK;
    if (shortfall == MK_MEMORY_NO_ADDRESSES)
    {
        mk_refuse(&r, heap ? D3D12_MESSAGE_ID_CREATEHEAP_OUTOFMEMORY_RETURN
                : D3D12_MESSAGE_ID_CREATERESOURCE_OUTOFMEMORY_RETURN, "the GPU virtual address space of %s (2^%u "
                "bytes, D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT::MaxGPUVirtualAddressBitsPerProcess) has no "
                "room left for %llu bytes", caps_adapter_id(device->adapter), take->process_bits,
                (unsigned long long)take->va_size);
        r.hr = E_OUTOFMEMORY;
    }
    else
        r.id = heap ? D3D12_MESSAGE_ID_CREATEHEAP_OUTOFMEMORY_RETURN
                : D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_OUTOFMEMORY_RETURN;
    return report(device, method, &r);
}

/* Every Create*Resource: `desc` the caller's D3D12_RESOURCE_DESC1, or NULL
 * (q->desc0 its D3D12_RESOURCE_DESC, or none). */
static HRESULT device_create_resource(struct mk_device *device, const char *method, const struct request *q,
        const D3D12_RESOURCE_DESC1 *desc, REFIID riid, void **out)
{
    struct obj_resource_params params;
    D3D12_HEAP_PROPERTIES props;
    D3D12_RESOURCE_ALLOCATION_INFO info;
    struct obj_resource *resource;
    struct mk_refusal r;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    memset(&props, 0, sizeof(props));
    if (!desc && !q->desc0)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_NULLRESOURCEPROPERTIES, "pDesc is NULL");
        return report(device, method, &r);
    }
    if (desc)
        params.desc = *desc;
    else
        mk_resource_desc1_set(&params.desc, q->desc0);
    if (q->kind == REQUEST_COMMITTED)
    {
        if (!check_heap_properties(device, q->properties, false, &r) || !check_heap_flags(q->heap_flags, false, &r))
            return report(device, method, &r);
        props = *q->properties;
        if (!props.CreationNodeMask)
            props.CreationNodeMask = 1;
        if (!props.VisibleNodeMask)
            props.VisibleNodeMask = 1;
    }
    else if (q->kind == REQUEST_PLACED)
    {
        if (!q->heap)
        {
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_NULLHEAP, "pHeap is NULL or not a heap of this device");
            return report(device, method, &r);
        }
        props = q->heap->desc.Properties;
    }
    if (!check_desc(device, q, &params.desc, &r)
            || (q->kind != REQUEST_RESERVED && !check_resource_heap(device, &params.desc, &props,
            q->kind == REQUEST_PLACED ? q->heap->desc.Flags : q->heap_flags, q->kind == REQUEST_PLACED, &r))
            || !check_state(device, q, &params.desc, q->kind == REQUEST_RESERVED ? NULL : &props, &r)
            || !check_clear_value(device, &params.desc, q->clear, &r)
            || !check_castable(device, &params.desc, q->castable_count, q->castable, &r)
            || !check_session(device, q->session, &r))
        return report(device, method, &r);

    info = allocation_of(device, &params.desc);
    if (q->kind == REQUEST_PLACED)
    {
        /* A buffer needs its Width of the heap, not its 64 KiB allocation:
         * vkd3d's test_map_placed_resources records Windows placing a
         * 1024-byte buffer in a 1024-byte heap. */
        UINT64 extent = params.desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? params.desc.Width : info.SizeInBytes;

        if (q->offset % info.Alignment || extent > q->heap->desc.SizeInBytes
                || q->offset > q->heap->desc.SizeInBytes - extent)
        {
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "HeapOffset %llu for %llu bytes of alignment %llu "
                    "is not within the heap's %llu bytes at its alignment", (unsigned long long)q->offset,
                    (unsigned long long)extent, (unsigned long long)info.Alignment,
                    (unsigned long long)q->heap->desc.SizeInBytes);
            return report(device, method, &r);
        }
        if (info.Alignment > q->heap->desc.Alignment)
        {
            mk_refuse(&r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "the resource needs alignment %llu, more "
                    "than its heap's %llu", (unsigned long long)info.Alignment,
                    (unsigned long long)q->heap->desc.Alignment);
            return report(device, method, &r);
        }
    }
    /* A probe: S_FALSE whatever the IID, as CreateFence. */
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;

    params.kind = (enum obj_resource_kind)q->kind;
    params.heap_properties = props;
    params.heap_flags = q->kind == REQUEST_PLACED ? q->heap->desc.Flags : q->heap_flags;
    /* Each field set, not the whole zeroed first: a string store of 200
     * bytes took a tenth of a committed buffer's creation. */
    params.heap = NULL;
    params.heap_offset = 0;
    params.va = 0;
    params.charge = (struct obj_memory_charge){.usage = NULL};
    if (q->kind == REQUEST_PLACED)
    {
        params.heap = q->heap;
        params.heap_offset = q->offset;
        params.cpu_visible = q->heap->memory != NULL;
        if (params.desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
            params.va = q->heap->va + q->offset;
    }
    else
    {
        struct mk_memory_request take = {.node = node_index(props.CreationNodeMask),
            .group = heap_segment(device, &props), .addresses = params.desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER,
            .process_bits = va_bits(device), .va_size = info.SizeInBytes};

        params.cpu_visible = q->kind == REQUEST_COMMITTED && heap_cpu_visible(&props);
        take.bytes = q->kind == REQUEST_COMMITTED ? info.SizeInBytes : 0;
        if ((take.bytes || take.addresses) && FAILED(hr = take_memory(device, method, &take, false, &params.charge)))
            return hr;
        params.va = params.charge.va_start;
    }
    if (FAILED(hr = obj_resource_create(&device->objects, &params, &resource)))
        return hr;
    return mk_object_hand_out(&resource->obj, riid, out);
}

static HRESULT device_create_heap(struct mk_device *device, const char *method, const D3D12_HEAP_DESC *desc,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **out)
{
    struct mk_memory_request take;
    struct obj_memory_charge charge;
    D3D12_HEAP_DESC d;
    D3D12_HEAP_FLAGS deny;
    struct obj_heap *heap;
    struct mk_refusal r;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    if (!desc)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATEHEAP_NULLDESC, "pDesc is NULL");
        return report(device, method, &r);
    }
    d = *desc;
    deny = d.Flags & HEAP_DENY_ALL;
    if (!check_heap_properties(device, &d.Properties, true, &r) || !check_heap_flags(d.Flags, true, &r)
            || !check_session(device, session, &r))
        return report(device, method, &r);
    if (!d.SizeInBytes)
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDSIZE, "SizeInBytes is 0");
    else if (d.Alignment && d.Alignment != DEFAULT_ALIGNMENT && d.Alignment != MSAA_ALIGNMENT)
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDALIGNMENT, "Alignment %llu is not 0, 65536 or 4194304",
                (unsigned long long)d.Alignment);
    else if (d.Flags & D3D12_HEAP_FLAG_ALLOW_DISPLAY)
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS, "D3D12_HEAP_FLAG_ALLOW_DISPLAY is for committed "
                "resources, not heaps");
    else if (deny == HEAP_DENY_ALL)
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS, "HeapFlags 0x%x deny buffers and both kinds of "
                "texture: nothing could be placed", (unsigned)d.Flags);
    else if (mk_device_field(device, MK_FIELD_D3D12_OPTIONS_ResourceHeapTier) < D3D12_RESOURCE_HEAP_TIER_2
            && deny != (HEAP_DENY_ALL & ~D3D12_HEAP_FLAG_DENY_BUFFERS)
            && deny != (HEAP_DENY_ALL & ~D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES)
            && deny != (HEAP_DENY_ALL & ~D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES))
        mk_require(device, MK_AT_LEAST(D3D12_OPTIONS, ResourceHeapTier, D3D12_RESOURCE_HEAP_TIER_2),
                "a heap of more than one category (not ALLOW_ONLY_BUFFERS, ALLOW_ONLY_RT_DS_TEXTURES or "
                "ALLOW_ONLY_NON_RT_DS_TEXTURES)", D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS, &r);
    else
        r.id = 0;
    if (r.id)
        return report(device, method, &r);
    if (!out)
        return S_FALSE;
    if (!riid)
        return E_INVALIDARG;

    take.node = node_index(d.Properties.CreationNodeMask ? d.Properties.CreationNodeMask : 1);
    take.group = heap_segment(device, &d.Properties);
    take.bytes = d.SizeInBytes;
    take.addresses = !(d.Flags & D3D12_HEAP_FLAG_DENY_BUFFERS);
    take.process_bits = va_bits(device);
    take.va_size = d.SizeInBytes;
    if (FAILED(hr = take_memory(device, method, &take, true, &charge)))
        return hr;
    if (FAILED(hr = obj_heap_create(&device->objects, &d, heap_cpu_visible(&d.Properties), charge.va_start, charge,
            &heap)))
        return hr;
    return mk_object_hand_out(&heap->obj, riid, out);
}

/* A heap of this device, or NULL. */
static struct obj_heap *device_heap(struct mk_device *device, ID3D12Heap *iface)
{
    struct obj_heap *heap = obj_heap_from_iface(iface);

    return heap && obj_device_of(&heap->obj) == &device->objects ? heap : NULL;
}

/* ---- Allocation info ---- */

static D3D12_RESOURCE_ALLOCATION_INFO allocation_info(struct mk_device *device, const char *method, UINT count,
        const D3D12_RESOURCE_DESC *descs, const D3D12_RESOURCE_DESC1 *descs1, const UINT32 *castable_counts,
        const DXGI_FORMAT *const *castables, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    D3D12_RESOURCE_ALLOCATION_INFO total = {0, 1}, one;
    D3D12_RESOURCE_DESC1 d;
    struct request q;
    struct mk_refusal r;
    UINT64 offset = 0;
    UINT i;
    bool failed = false;

    if (count && !descs && !descs1)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "pResourceDescs is NULL but numResourceDescs is %u",
                count);
        report(device, method, &r);
        total.SizeInBytes = UINT64_MAX;
        total.Alignment = DEFAULT_ALIGNMENT;
        return total;
    }
    memset(&q, 0, sizeof(q));
    q.kind = REQUEST_ALLOCATION_INFO;
    for (i = 0; i < count; ++i)
    {
        d = descs1 ? descs1[i] : mk_resource_desc1(&descs[i]);
        if (!check_desc(device, &q, &d, &r)
                || (castable_counts && !check_castable(device, &d, castable_counts[i], castables ? castables[i] : NULL,
                &r)))
        {
            report(device, method, &r);
            one.SizeInBytes = UINT64_MAX;
            one.Alignment = DEFAULT_ALIGNMENT;
            failed = true;
        }
        else
            one = allocation_of(device, &d);
        if (one.SizeInBytes == UINT64_MAX)
            failed = true;
        if (!failed)
            offset = (offset + one.Alignment - 1) & ~(one.Alignment - 1);
        if (infos)
        {
            infos[i].Offset = failed ? UINT64_MAX : offset;
            infos[i].Alignment = one.Alignment;
            infos[i].SizeInBytes = one.SizeInBytes;
        }
        if (!failed)
            offset += one.SizeInBytes;
        if (one.Alignment > total.Alignment)
            total.Alignment = one.Alignment;
    }
    if (failed)
    {
        total.SizeInBytes = UINT64_MAX;
        if (total.Alignment < DEFAULT_ALIGNMENT)
            total.Alignment = DEFAULT_ALIGNMENT;
        return total;
    }
    total.SizeInBytes = count ? (offset + total.Alignment - 1) & ~(total.Alignment - 1) : 0;
    return total;
}

/* ---- The vtable's entries ---- */

MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC *descs)
{
    D3D12_RESOURCE_ALLOCATION_INFO info = allocation_info(impl_from_ID3D12Device17(iface),
            "ID3D12Device::GetResourceAllocationInfo", count, descs, NULL, NULL, NULL, NULL);

    (void)visible_mask;
    MK_STRUCT_RETURN(info);
}

MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo1(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    D3D12_RESOURCE_ALLOCATION_INFO info = allocation_info(impl_from_ID3D12Device17(iface),
            "ID3D12Device4::GetResourceAllocationInfo1", count, descs, NULL, NULL, NULL, infos);

    (void)visible_mask;
    MK_STRUCT_RETURN(info);
}

MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo2(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC1 *descs, D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    D3D12_RESOURCE_ALLOCATION_INFO info = allocation_info(impl_from_ID3D12Device17(iface),
            "ID3D12Device8::GetResourceAllocationInfo2", count, NULL, descs, NULL, NULL, infos);

    (void)visible_mask;
    MK_STRUCT_RETURN(info);
}

MK_STRUCT_RET(D3D12_RESOURCE_ALLOCATION_INFO) STDMETHODCALLTYPE d3d12_device_GetResourceAllocationInfo3(
        ID3D12Device17 *iface MK_STRUCT_RET_PARAM(D3D12_RESOURCE_ALLOCATION_INFO), UINT visible_mask, UINT count,
        const D3D12_RESOURCE_DESC1 *descs, const UINT32 *castable_counts, const DXGI_FORMAT *const *castables,
        D3D12_RESOURCE_ALLOCATION_INFO1 *infos)
{
    D3D12_RESOURCE_ALLOCATION_INFO info = allocation_info(impl_from_ID3D12Device17(iface),
            "ID3D12Device12::GetResourceAllocationInfo3", count, NULL, descs, castable_counts, castables, infos);

    (void)visible_mask;
    MK_STRUCT_RETURN(info);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateHeap(ID3D12Device17 *iface, const D3D12_HEAP_DESC *desc, REFIID riid,
        void **out)
{
    return device_create_heap(impl_from_ID3D12Device17(iface), "ID3D12Device::CreateHeap", desc, NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateHeap1(ID3D12Device17 *iface, const D3D12_HEAP_DESC *desc,
        ID3D12ProtectedResourceSession *session, REFIID riid, void **out)
{
    return device_create_heap(impl_from_ID3D12Device17(iface), "ID3D12Device4::CreateHeap1", desc, session, riid, out);
}

static HRESULT committed(ID3D12Device17 *iface, const char *method, const D3D12_HEAP_PROPERTIES *properties,
        D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc0, const D3D12_RESOURCE_DESC1 *desc, bool layout,
        UINT state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session, UINT32 castable_count,
        const DXGI_FORMAT *castable, REFIID riid, void **out)
{
    struct request q;

    memset(&q, 0, sizeof(q));
    q.kind = REQUEST_COMMITTED;
    q.desc0 = desc0;
    q.properties = properties;
    q.heap_flags = heap_flags;
    q.barrier_layout = layout;
    q.state = state;
    q.clear = clear;
    q.session = session;
    q.castable_count = castable_count;
    q.castable = castable;
    return device_create_resource(impl_from_ID3D12Device17(iface), method, &q, desc, riid, out);
}

static HRESULT placed(ID3D12Device17 *iface, const char *method, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC *desc0, const D3D12_RESOURCE_DESC1 *desc, bool layout, UINT state,
        const D3D12_CLEAR_VALUE *clear, UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct request q;

    memset(&q, 0, sizeof(q));
    q.kind = REQUEST_PLACED;
    q.desc0 = desc0;
    q.heap = device_heap(device, heap);
    q.offset = offset;
    q.barrier_layout = layout;
    q.state = state;
    q.clear = clear;
    q.castable_count = castable_count;
    q.castable = castable;
    return device_create_resource(device, method, &q, desc, riid, out);
}

static HRESULT reserved(ID3D12Device17 *iface, const char *method, const D3D12_RESOURCE_DESC *desc, bool layout,
        UINT state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session, UINT32 castable_count,
        const DXGI_FORMAT *castable, REFIID riid, void **out)
{
    struct request q;

    memset(&q, 0, sizeof(q));
    q.kind = REQUEST_RESERVED;
    q.desc0 = desc;
    q.barrier_layout = layout;
    q.state = state;
    q.clear = clear;
    q.session = session;
    q.castable_count = castable_count;
    q.castable = castable;
    return device_create_resource(impl_from_ID3D12Device17(iface), method, &q, NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid, void **out)
{
    return committed(iface, "ID3D12Device::CreateCommittedResource", properties, heap_flags, desc, NULL, false,
            (UINT)state, clear, NULL, 0, NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource1(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        REFIID riid, void **out)
{
    return committed(iface, "ID3D12Device4::CreateCommittedResource1", properties, heap_flags, desc, NULL,
            false, (UINT)state, clear, session, 0, NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource2(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        REFIID riid, void **out)
{
    return committed(iface, "ID3D12Device8::CreateCommittedResource2", properties, heap_flags, NULL, desc, false,
            (UINT)state, clear, session, 0, NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateCommittedResource3(ID3D12Device17 *iface,
        const D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS heap_flags, const D3D12_RESOURCE_DESC1 *desc,
        D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out)
{
    return committed(iface, "ID3D12Device10::CreateCommittedResource3", properties, heap_flags, NULL, desc, true,
            (UINT)layout, clear, session, castable_count, castable, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreatePlacedResource(ID3D12Device17 *iface, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC *desc, D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid,
        void **out)
{
    return placed(iface, "ID3D12Device::CreatePlacedResource", heap, offset, desc, NULL, false, (UINT)state,
            clear, 0, NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreatePlacedResource1(ID3D12Device17 *iface, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC1 *desc, D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid,
        void **out)
{
    return placed(iface, "ID3D12Device8::CreatePlacedResource1", heap, offset, NULL, desc, false, (UINT)state, clear, 0,
            NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreatePlacedResource2(ID3D12Device17 *iface, ID3D12Heap *heap, UINT64 offset,
        const D3D12_RESOURCE_DESC1 *desc, D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear,
        UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out)
{
    return placed(iface, "ID3D12Device10::CreatePlacedResource2", heap, offset, NULL, desc, true, (UINT)layout, clear,
            castable_count, castable, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateReservedResource(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, REFIID riid, void **out)
{
    return reserved(iface, "ID3D12Device::CreateReservedResource", desc, false, (UINT)state, clear, NULL, 0, NULL,
            riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateReservedResource1(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_RESOURCE_STATES state, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        REFIID riid, void **out)
{
    return reserved(iface, "ID3D12Device4::CreateReservedResource1", desc, false, (UINT)state, clear, session, 0,
            NULL, riid, out);
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateReservedResource2(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        D3D12_BARRIER_LAYOUT layout, const D3D12_CLEAR_VALUE *clear, ID3D12ProtectedResourceSession *session,
        UINT32 castable_count, const DXGI_FORMAT *castable, REFIID riid, void **out)
{
    return reserved(iface, "ID3D12Device10::CreateReservedResource2", desc, true, (UINT)layout, clear, session,
            castable_count, castable, riid, out);
}

/* ---- Copyable footprints ---- */

/*
 * GetCopyableFootprints and GetCopyableFootprints1, the device's side: the
 * description and the subresource range are checked
 * (mk_resource_footprints_check), then laid out (mk_resource_footprints).
 *
 * What Windows does with one it refuses, as vkd3d's and vkd3d-proton's
 * test_get_copyable_footprints record it: every entry of every output is
 * filled with ~0 and the total is UINT64_MAX. The call returns nothing, so
 * that fill, and the debug layer's message, are all the caller learns.
 */

static void copyable_footprints(struct mk_device *device, const char *method, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    bool range, buffer_width;
    const char *why = mk_resource_footprints_check(desc, first, count, &range, &buffer_width);

    if (!why)
    {
        mk_resource_footprints(desc, first, count, base_offset, layouts, row_counts, row_sizes, total_bytes);
        return;
    }
    if (range)
        dbg_report(device->debug, D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE, method,
                first, count, mk_resource_subresource_count(desc));
    else if (buffer_width)
        dbg_report(device->debug, D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_UNSUPPORTED_BUFFER_WIDTH, method,
                (unsigned long long)desc->Width);
    else
    {
        char reason[512];

        snprintf(reason, sizeof(reason), "the resource description is invalid: %s", why);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, method, reason,
                "with every output filled with ~0");
    }
    mk_resource_footprints_refused(count, layouts, row_counts, row_sizes, total_bytes);
}

void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    D3D12_RESOURCE_DESC1 desc1 = {0};

    if (!desc)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "ID3D12Device::GetCopyableFootprints",
                "pResourceDesc is NULL", "with nothing written");
        return;
    }
    /* A D3D12_RESOURCE_DESC is a D3D12_RESOURCE_DESC1 without its mip region. */
    desc1.Dimension = desc->Dimension;
    desc1.Alignment = desc->Alignment;
    desc1.Width = desc->Width;
    desc1.Height = desc->Height;
    desc1.DepthOrArraySize = desc->DepthOrArraySize;
    desc1.MipLevels = desc->MipLevels;
    desc1.Format = desc->Format;
    desc1.SampleDesc = desc->SampleDesc;
    desc1.Layout = desc->Layout;
    desc1.Flags = desc->Flags;
    copyable_footprints(device, "ID3D12Device::GetCopyableFootprints", &desc1, first, count, base_offset, layouts,
            row_counts, row_sizes, total_bytes);
}

void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints1(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);

    if (!desc)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "ID3D12Device8::GetCopyableFootprints1",
                "pResourceDesc is NULL", "with nothing written");
        return;
    }
    copyable_footprints(device, "ID3D12Device8::GetCopyableFootprints1", desc, first, count, base_offset, layouts,
            row_counts, row_sizes, total_bytes);
}

/* ---- Tiling ---- */

/*
 * GetResourceTiling, the device's side: the resource is checked (one of
 * this device's), then its description is tiled (mk_resource_tiling).
 *
 * What Windows answers, as vkd3d-proton's test_get_resource_tiling records
 * it: every output is optional, the tilings are clamped to the subresources
 * after FirstSubresourceTilingToGet, and a NULL pNumSubresourceTilings
 * leaves the tilings alone. A resource that is not reserved has no tiles: its
 * outputs are zeros (no tiles, no mips, a 0x0x0 shape, no tilings written).
 * The call returns nothing, so a NULL resource, or one that is not this
 * device's, writes nothing and says why in the debug layer.
 */

void STDMETHODCALLTYPE d3d12_device_GetResourceTiling(ID3D12Device17 *iface, ID3D12Resource *resource_iface,
        UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed, D3D12_TILE_SHAPE *shape, UINT *tiling_count, UINT first,
        D3D12_SUBRESOURCE_TILING *tilings)
{
    static const char method[] = "ID3D12Device::GetResourceTiling";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_resource *resource = obj_resource_from_iface(resource_iface);
    const char *reason = NULL;

    if (!resource_iface)
        reason = "pTiledResource is NULL; nothing is written";
    else if (!resource)
        reason = "pTiledResource is not a resource of mockd3d12; nothing is written";
    else if (obj_device_of(&resource->obj) != &device->objects)
        reason = "pTiledResource was created on another device; nothing is written";
    if (reason)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_GENERIC_DEVICE_OPERATION_UNSUPPORTED, method, reason);
        return;
    }
    if (resource->kind != OBJ_RESOURCE_RESERVED)
    {
        if (total_tiles)
            *total_tiles = 0;
        if (packed)
            memset(packed, 0, sizeof(*packed));
        if (shape)
            memset(shape, 0, sizeof(*shape));
        if (tiling_count)
            *tiling_count = 0;
        return;
    }
    mk_resource_tiling(&resource->desc, total_tiles, packed, shape, tiling_count, first, tilings);
}
