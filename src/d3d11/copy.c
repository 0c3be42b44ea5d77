/*
 * Copies between libd3d11's resources on the immediate context:
 * ID3D11DeviceContext::CopyResource, CopySubresourceRegion(1) and
 * UpdateSubresource(1) move bytes between the resources' memory
 * (src/d3d11/resource.h) as Windows does, with no format conversion:
 * - formats copy within one cast family (data/format-layout.tsv's parent) and
 *   between the families data/d3d11-resource-rules.tsv's copy rows pair (at
 *   10_1 and above: R9G9B9E5 with R32, the block-compressed families with the
 *   uncompressed ones of the same block size, counted in blocks);
 * - depth-stencil and multisampled resources copy whole subresources only
 *   (CopySubresourceRegion with a NULL box at (0, 0, 0)) and take no
 *   UpdateSubresource, which writes DEFAULT resources only; IMMUTABLE
 *   resources are never written;
 * - boxes are in texels (bytes for buffers), on block edges for block
 *   formats; an empty box copies nothing, one outside the subresource is
 *   refused.
 * The methods return nothing: a refused call changes nothing and, on a debug
 * device, says why in the info queue (data/d3d11-messages.tsv). A deferred
 * context records nothing, so it copies nothing. docs/d3d11.md "Copies".
 */
#include <stdint.h>
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "resource.h"

/* A region of one subresource, in blocks (bytes for a buffer). */
struct block_box
{
    uint64_t x, y, z, width, height, depth;
};

static uint64_t blocks_up(uint64_t value, unsigned int block)
{
    return (value + block - 1) / block;
}

static uint64_t mip_size(UINT size, UINT mip)
{
    return size >> mip ? size >> mip : 1;
}

/* The block size of a resource's format: 1x1 for buffers and formats
 * without blocks. */
static void resource_block(const struct d3d11_resource *resource, unsigned int *width, unsigned int *height)
{
    const struct mk_format_layout *layout = mk_format_layout(resource->desc.format);

    *width = *height = 1;
    if (resource->desc.dimension != D3D11_RESOURCE_DIMENSION_BUFFER && layout)
    {
        *width = layout->block_width;
        *height = layout->block_height;
    }
}

/* A whole subresource, in blocks. */
static void subresource_blocks(const struct d3d11_resource *resource, UINT sub, struct block_box *box)
{
    UINT mip = sub % resource->desc.mips;
    unsigned int bw, bh;

    resource_block(resource, &bw, &bh);
    memset(box, 0, sizeof(*box));
    box->width = blocks_up(mip_size(resource->desc.width, mip), bw);
    box->height = resource->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER
            || resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D
            ? 1 : blocks_up(mip_size(resource->desc.height, mip), bh);
    box->depth = resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? mip_size(resource->desc.depth, mip) : 1;
}

/* A D3D11_BOX of a subresource (in texels) in blocks: false when it is not
 * inside the subresource or not on block edges (a block-compressed box may
 * end at the mip's edge inside a block). A NULL box is the whole subresource. */
static bool box_blocks(const struct d3d11_resource *resource, UINT sub, const D3D11_BOX *box, struct block_box *out)
{
    UINT mip = sub % resource->desc.mips;
    uint64_t width = mip_size(resource->desc.width, mip), height = mip_size(resource->desc.height, mip);
    uint64_t depth = mip_size(resource->desc.depth, mip);
    unsigned int bw, bh;

    subresource_blocks(resource, sub, out);
    if (!box)
        return true;
    if (resource->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER || resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D)
        height = 1;
    if (resource->desc.dimension != D3D11_RESOURCE_DIMENSION_TEXTURE3D)
        depth = 1;
    resource_block(resource, &bw, &bh);
    if (box->right > width || box->bottom > height || box->back > depth || box->left % bw || box->top % bh
            || (box->right % bw && box->right != width) || (box->bottom % bh && box->bottom != height))
        return false;
    out->x = box->left / bw;
    out->y = box->top / bh;
    out->z = box->front;
    out->width = blocks_up(box->right, bw) - out->x;
    out->height = blocks_up(box->bottom, bh) - out->y;
    out->depth = box->back - box->front;
    return true;
}

static bool box_empty(const D3D11_BOX *box)
{
    return box && (box->left >= box->right || box->top >= box->bottom || box->front >= box->back);
}

/* Whether src's format copies into dst's: one format, one cast family, or
 * the families of a copy row at the device's feature level, with blocks of
 * one size (buffers: both UNKNOWN). */
static bool formats_copy(const struct d3d11_device *device, DXGI_FORMAT dst, DXGI_FORMAT src)
{
    const struct mk_format_layout *d = mk_format_layout(dst), *s = mk_format_layout(src);
    DXGI_FORMAT a, b;
    unsigned int i, j;

    if (dst == src)
        return true;
    if (!d || !s || d->bits_per_unit != s->bits_per_unit)
        return false;
    if (d->parent == s->parent)
        return true;
    for (i = 0; i < d3d11_copy_rule_count; ++i)
    {
        const struct d3d11_copy_rule *rule = &d3d11_copy_rules[i];

        if (device->feature_level < rule->level)
            continue;
        for (j = 0; j < rule->count; ++j)
        {
            a = rule->family;
            b = rule->others[j];
            if ((d->parent == a && s->parent == b) || (d->parent == b && s->parent == a))
                return true;
        }
    }
    return false;
}

/* Moves a region between two subresources' memory (the same memory may be
 * both: rows are moved, so overlapping regions copy as if through a
 * temporary when the source rows are above; the rows are walked in the
 * direction that keeps them intact). */
static void move_blocks(struct d3d11_resource *dst, UINT dst_sub, const struct block_box *at,
        struct d3d11_resource *src, UINT src_sub, const struct block_box *region)
{
    struct d3d11_subresource_layout dl, sl;
    unsigned char *dst_memory = d3d11_resource_memory(dst), *src_memory = d3d11_resource_memory(src);
    uint64_t bytes, row_bytes, z, y, i, rows = region->height * region->depth;
    const struct mk_format_layout *format = mk_format_layout(src->desc.format);
    bool backwards;

    if (!dst_memory || !src_memory)
        return;
    d3d11_subresource_layout(dst, dst_sub, &dl, NULL);
    d3d11_subresource_layout(src, src_sub, &sl, NULL);
    bytes = src->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER || !format ? 1 : format->bits_per_unit / 8;
    row_bytes = region->width * bytes;
    backwards = dst_memory == src_memory && dl.offset + at->z * dl.depth_pitch + at->y * dl.row_pitch
            > sl.offset + region->z * sl.depth_pitch + region->y * sl.row_pitch;
    for (i = 0; i < rows; ++i)
    {
        uint64_t row = backwards ? rows - 1 - i : i;

        z = row / region->height;
        y = row % region->height;
        memmove(dst_memory + dl.offset + (at->z + z) * dl.depth_pitch + (at->y + y) * dl.row_pitch + at->x * bytes,
                src_memory + sl.offset + (region->z + z) * sl.depth_pitch + (region->y + y) * sl.row_pitch
                        + region->x * bytes,
                (size_t)row_bytes);
    }
}

static bool whole_only(const struct d3d11_resource *resource)
{
    const struct mk_format_layout *layout = mk_format_layout(resource->desc.format);

    return (resource->desc.bind & D3D11_BIND_DEPTH_STENCIL) || resource->desc.samples.Count > 1
            || (layout && layout->planar_video);
}

/* What a copy from src to dst needs of both resources (CopyResource and
 * CopySubresourceRegion); NULL when they may copy, else why not. */
static const char *copy_refusal(const struct d3d11_device *device, const struct d3d11_resource *dst,
        const struct d3d11_resource *src)
{
    if (dst->desc.dimension != src->desc.dimension)
        return "the resources are of different dimensions";
    if (dst->desc.usage == D3D11_USAGE_IMMUTABLE)
        return "the destination is IMMUTABLE";
    if (dst->desc.samples.Count != src->desc.samples.Count)
        return "the resources have different sample counts";
    if (!formats_copy(device, dst->desc.format, src->desc.format))
        return "the formats are not in one cast family or a copy pair of this feature level";
    if (dst->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER && dst->desc.stride && src->desc.stride && dst->desc.stride != src->desc.stride
            && (dst->desc.misc & src->desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
        return "the structured buffers have different strides";
    return NULL;
}

void STDMETHODCALLTYPE d3d11_context_CopyResource(ID3D11DeviceContext4 *iface, ID3D11Resource *dst_object,
        ID3D11Resource *src_object)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    struct d3d11_device *device = context->device;
    struct d3d11_resource *dst = d3d11_unsafe_resource(dst_object), *src = d3d11_unsafe_resource(src_object);
    struct block_box dst_box, src_box;
    const char *why;
    UINT sub;

    if (context->type == D3D11_DEVICE_CONTEXT_DEFERRED)
        return;
    if (!dst || !src)
        why = "a resource is NULL or not one of this runtime's";
    else if (dst == src)
        why = "the source and the destination are the same resource";
    else if (!(why = copy_refusal(device, dst, src)) && (dst->desc.mips != src->desc.mips || dst->desc.array_size != src->desc.array_size))
        why = "the resources have different mip or array counts";
    if (!why)
    {
        /* The same size, in blocks, at the top level. */
        subresource_blocks(dst, 0, &dst_box);
        subresource_blocks(src, 0, &src_box);
        if (dst_box.width != src_box.width || dst_box.height != src_box.height || dst_box.depth != src_box.depth)
            why = "the resources have different sizes";
    }
    if (why)
    {
        d3d11_report(device, D3D11_MSG_COPY_RESOURCE_REFUSED, why, d3d11_device_adapter_name(device));
        return;
    }
    for (sub = 0; sub < dst->desc.mips * dst->desc.array_size; ++sub)
    {
        subresource_blocks(dst, sub, &dst_box);
        subresource_blocks(src, sub, &src_box);
        /* Lower mips of reinterpreted block formats can differ by a block. */
        src_box.width = src_box.width < dst_box.width ? src_box.width : dst_box.width;
        src_box.height = src_box.height < dst_box.height ? src_box.height : dst_box.height;
        src_box.depth = src_box.depth < dst_box.depth ? src_box.depth : dst_box.depth;
        move_blocks(dst, sub, &dst_box, src, sub, &src_box);
    }
}

/* CopySubresourceRegion and CopySubresourceRegion1 (whose flags change only
 * what a GPU may overlap). */
static void copy_region(struct d3d11_context *context, ID3D11Resource *dst_object, UINT dst_sub, UINT x, UINT y,
        UINT z, ID3D11Resource *src_object, UINT src_sub, const D3D11_BOX *box)
{
    struct d3d11_device *device = context->device;
    struct d3d11_resource *dst = d3d11_unsafe_resource(dst_object), *src = d3d11_unsafe_resource(src_object);
    struct block_box region, dst_whole, at;
    unsigned int bw, bh;
    const char *why = NULL;

    if (context->type == D3D11_DEVICE_CONTEXT_DEFERRED || box_empty(box))
        return;
    if (!dst || !src)
        why = "a resource is NULL or not one of this runtime's";
    else if (dst_sub >= dst->desc.mips * dst->desc.array_size)
        why = "DstSubresource is not a subresource of the destination";
    else if (src_sub >= src->desc.mips * src->desc.array_size)
        why = "SrcSubresource is not a subresource of the source";
    else if (!(why = copy_refusal(device, dst, src)) && (whole_only(dst) || whole_only(src))
            && (box || x || y || z))
        why = "depth-stencil, multisampled and planar resources copy whole subresources: pSrcBox NULL, DstX/Y/Z 0";
    else if (!why && !box_blocks(src, src_sub, box, &region))
        why = "pSrcBox is not inside the source subresource, or not on its format's block edges";
    if (!why)
    {
        resource_block(dst, &bw, &bh);
        subresource_blocks(dst, dst_sub, &dst_whole);
        at.x = x / bw;
        at.y = y / bh;
        at.z = z;
        if (x % bw || y % bh || at.x + region.width > dst_whole.width || at.y + region.height > dst_whole.height
                || at.z + region.depth > dst_whole.depth)
            why = "the region does not fit the destination subresource at DstX/Y/Z (or is not on its block edges)";
        else if (dst == src && dst_sub == src_sub && !box)
            return; /* a whole subresource onto itself */
    }
    if (why)
    {
        d3d11_report(device, D3D11_MSG_COPY_REGION_REFUSED, why, d3d11_device_adapter_name(device));
        return;
    }
    move_blocks(dst, dst_sub, &at, src, src_sub, &region);
}

void STDMETHODCALLTYPE d3d11_context_CopySubresourceRegion(ID3D11DeviceContext4 *iface, ID3D11Resource *dst,
        UINT dst_sub, UINT x, UINT y, UINT z, ID3D11Resource *src, UINT src_sub, const D3D11_BOX *box)
{
    copy_region(d3d11_context_from_iface(iface), dst, dst_sub, x, y, z, src, src_sub, box);
}

void STDMETHODCALLTYPE d3d11_context_CopySubresourceRegion1(ID3D11DeviceContext4 *iface, ID3D11Resource *dst,
        UINT dst_sub, UINT x, UINT y, UINT z, ID3D11Resource *src, UINT src_sub, const D3D11_BOX *box, UINT flags)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);

    if (flags & ~(UINT)(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD))
    {
        d3d11_report(context->device, D3D11_MSG_COPY_REGION1_FLAGS, flags, d3d11_device_adapter_name(context->device));
        return;
    }
    copy_region(context, dst, dst_sub, x, y, z, src, src_sub, box);
}

/* UpdateSubresource and UpdateSubresource1: rows of blocks row_pitch apart
 * and slices depth_pitch apart in data fill the box (NULL: the whole
 * subresource) of a DEFAULT resource that is neither depth-stencil nor
 * multisampled. Any other usage keeps its contents (Wine's
 * test_staging_buffers: a STAGING buffer does). */
static void update(struct d3d11_context *context, ID3D11Resource *dst_object, UINT sub, const D3D11_BOX *box,
        const void *data, UINT row_pitch, UINT depth_pitch)
{
    struct d3d11_device *device = context->device;
    struct d3d11_resource *dst = d3d11_unsafe_resource(dst_object);
    struct d3d11_subresource_layout layout;
    struct block_box region;
    const struct mk_format_layout *format;
    const char *why = NULL;
    unsigned char *memory;
    uint64_t bytes, row_bytes, yy, zz;

    if (context->type == D3D11_DEVICE_CONTEXT_DEFERRED || box_empty(box))
        return;
    if (!dst)
        why = "the resource is NULL or not one of this runtime's";
    else if (sub >= dst->desc.mips * dst->desc.array_size)
        why = "DstSubresource is not a subresource of the resource";
    else if (dst->desc.usage != D3D11_USAGE_DEFAULT || whole_only(dst))
        why = "the resource is not DEFAULT, or is depth-stencil, multisampled or planar";
    else if (!data)
        why = "pSrcData is NULL";
    else if (!box_blocks(dst, sub, box, &region))
        why = "pDstBox is not inside the subresource, or not on its format's block edges";
    if (why)
    {
        d3d11_report(device, D3D11_MSG_UPDATE_REFUSED, why, d3d11_device_adapter_name(device));
        return;
    }
    if (!(memory = d3d11_resource_memory(dst)))
        return;
    format = mk_format_layout(dst->desc.format);
    bytes = dst->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER || !format ? 1 : format->bits_per_unit / 8;
    row_bytes = region.width * bytes;
    d3d11_subresource_layout(dst, sub, &layout, NULL);
    for (zz = 0; zz < region.depth; ++zz)
    {
        for (yy = 0; yy < region.height; ++yy)
            memcpy(memory + layout.offset + (region.z + zz) * layout.depth_pitch + (region.y + yy) * layout.row_pitch
                    + region.x * bytes,
                    (const unsigned char *)data + zz * depth_pitch + yy * row_pitch, (size_t)row_bytes);
    }
}

void STDMETHODCALLTYPE d3d11_context_UpdateSubresource(ID3D11DeviceContext4 *iface, ID3D11Resource *dst, UINT sub,
        const D3D11_BOX *box, const void *data, UINT row_pitch, UINT depth_pitch)
{
    update(d3d11_context_from_iface(iface), dst, sub, box, data, row_pitch, depth_pitch);
}

void STDMETHODCALLTYPE d3d11_context_UpdateSubresource1(ID3D11DeviceContext4 *iface, ID3D11Resource *dst, UINT sub,
        const D3D11_BOX *box, const void *data, UINT row_pitch, UINT depth_pitch, UINT flags)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);

    if (flags & ~(UINT)(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD))
    {
        d3d11_report(context->device, D3D11_MSG_UPDATE1_FLAGS, flags, d3d11_device_adapter_name(context->device));
        return;
    }
    update(context, dst, sub, box, data, row_pitch, depth_pitch);
}
