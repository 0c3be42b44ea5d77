/*
 * ID3D12Resource, ID3D12Resource1, ID3D12Resource2. What Windows does, as
 * the public conformance tests record it (vkd3d's tests/d3d12.c and
 * vkd3d-proton's tests/d3d12_resource.c, run on Windows:
 * test_create_committed_resource, test_create_reserved_resource,
 * test_map_resource, test_read_write_subresource): a resource answers
 * ID3D12Object, ID3D12DeviceChild, ID3D12Pageable and ID3D12Resource, holds
 * a device reference; a texture's GetGPUVirtualAddress is 0, a buffer's is
 * not; Map fails with E_INVALIDARG, leaving *ppData alone, on DEFAULT heaps,
 * reserved resources, a subresource past the last and a texture of UNKNOWN
 * layout asked for a pointer (Map with a NULL ppData succeeds); reserved
 * resources' GetHeapProperties is E_INVALIDARG with the output untouched;
 * WriteToSubresource and ReadFromSubresource take textures on CPU-visible
 * heaps only (buffers: E_INVALIDARG), refuse a box outside the subresource
 * and do nothing for an empty one.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "heap.h"
#include "resource.h"
#include "resource_layout.h"

static const ID3D12Resource2Vtbl d3d12_resource_vtbl;

MK_OBJECT_HELPERS(struct obj_resource, ID3D12Resource2, ID3D12Resource2_iface,
        impl_from_ID3D12Resource2, resource_object)

static void report(struct obj_resource *resource, D3D12_MESSAGE_ID id, const char *method, const char *why)
{
    obj_report(&resource->obj, id, method, why, NULL);
}

/* ---- The CPU copy's layout: the copyable footprints, one after the other ---- */

static UINT64 align_up(UINT64 value, UINT64 alignment)
{
    return (value + alignment - 1) & ~(alignment - 1);
}

/* The offset of subresource `sub` in the CPU copy, and its footprint. */
static UINT64 subresource_place(const D3D12_RESOURCE_DESC1 *desc, UINT sub, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layout,
        UINT *rows, UINT64 *row_size)
{
    UINT64 offset = 0, total;
    UINT i;

    for (i = 0; i < sub; ++i)
    {
        mk_resource_footprints(desc, i, 1, 0, NULL, NULL, NULL, &total);
        offset = align_up(offset + total, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
    }
    mk_resource_footprints(desc, sub, 1, offset, layout, rows, row_size, NULL);
    return offset;
}

UINT64 obj_resource_cpu_size(const D3D12_RESOURCE_DESC1 *desc)
{
    UINT64 offset = 0, total;
    UINT i, count = mk_resource_subresource_count(desc);

    for (i = 0; i < count; ++i)
    {
        mk_resource_footprints(desc, i, 1, 0, NULL, NULL, NULL, &total);
        offset = align_up(offset + total, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
    }
    return offset;
}

/* ---- The object ---- */

static void resource_destroy(struct mk_object *object)
{
    struct obj_resource *resource = MK_OBJECT_IMPL(struct obj_resource, obj, object);

    obj_device_allocation_freed(object, D3D12_DRED_ALLOCATION_TYPE_RESOURCE, resource->va,
            resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? resource->desc.Width : 0);
    obj_memory_charge_release(&resource->charge);
    if (resource->heap)
        mk_object_unretain(&resource->heap->obj);
}

static const struct mk_interface resource_interfaces[] =
{
    MK_INTERFACE_AT(struct obj_resource, obj, ID3D12Resource2_iface, IID_ID3D12Resource),
    MK_INTERFACE_AT(struct obj_resource, obj, ID3D12Resource2_iface, IID_ID3D12Resource1),
    MK_INTERFACE_AT(struct obj_resource, obj, ID3D12Resource2_iface, IID_ID3D12Resource2),
    OBJ_PAGEABLE_INTERFACES(struct obj_resource, ID3D12Resource2_iface),
};

/* A buffer's address range joins the device's (the CBV check) and leaves
 * them with the resource, under the registry's lock. */
static bool resource_has_range(const struct obj_resource *resource)
{
    return resource->va && resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER && resource->desc.Width;
}

static HRESULT resource_join(struct mk_object *object)
{
    struct obj_resource *resource = MK_OBJECT_IMPL(struct obj_resource, obj, object);

    return resource_has_range(resource) ? obj_device_buffer_add(obj_device_of(object), resource->va,
            resource->desc.Width) : S_OK;
}

static void resource_leave(struct mk_object *object)
{
    struct obj_resource *resource = MK_OBJECT_IMPL(struct obj_resource, obj, object);

    if (resource_has_range(resource))
        obj_device_buffer_remove(obj_device_of(object), resource->va, resource->desc.Width);
}

static const struct mk_object_class resource_class = MK_OBJECT_CLASS(struct obj_resource, resource_interfaces,
        .name = "ID3D12Resource", .kind = OBJ_KIND_RESOURCE, .destroy = resource_destroy, .join = resource_join,
        .leave = resource_leave);

MK_D3D12_CHILD_METHODS(d3d12_resource, ID3D12Resource2, resource_object)

unsigned char *obj_resource_memory_slow(struct obj_resource *resource)
{
    mk_spin_lock(&resource->zeroing);
    if (!atomic_load_explicit(&resource->memory_zeroed, memory_order_relaxed))
    {
        memset(resource->memory, 0, (size_t)resource->memory_size);
        atomic_store_explicit(&resource->memory_zeroed, true, memory_order_release);
    }
    mk_spin_unlock(&resource->zeroing);
    return resource->memory;
}

/* ---- ID3D12Resource ---- */

/* Why the CPU cannot reach the resource's memory, or NULL when it can. */
static const char *cpu_refusal(const struct obj_resource *resource, char *why, size_t size)
{
    D3D12_HEAP_TYPE type = resource->heap_properties.Type;

    if (resource->memory)
        return NULL;
    if (resource->kind == OBJ_RESOURCE_RESERVED)
        snprintf(why, size, "a reserved resource has no memory of its own");
    else
        snprintf(why, size, "the resource is on a D3D12_HEAP_TYPE_%s heap%s, which the CPU cannot access",
                obj_heap_type_name(type),
                type == D3D12_HEAP_TYPE_CUSTOM ? " of CPU page property NOT_AVAILABLE" : "");
    return why;
}

static HRESULT STDMETHODCALLTYPE d3d12_resource_Map(ID3D12Resource2 *iface, UINT sub, const D3D12_RANGE *read_range,
        void **data)
{
    static const char method[] = "ID3D12Resource::Map";
    struct obj_resource *resource = impl_from_ID3D12Resource2(iface);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout;
    char why[192];
    UINT rows;
    UINT64 row_size, offset = 0;

    (void)read_range; /* a hint of what the CPU reads: nothing to do */
    if (cpu_refusal(resource, why, sizeof(why)))
    {
        report(resource, D3D12_MESSAGE_ID_MAP_INVALIDHEAP, method, why);
        return E_INVALIDARG;
    }
    if (sub >= resource->subresources)
    {
        snprintf(why, sizeof(why), "Subresource %u is past the resource's last, %u", sub, resource->subresources - 1);
        report(resource, D3D12_MESSAGE_ID_MAP_INVALIDSUBRESOURCE, method, why);
        return E_INVALIDARG;
    }
    if (data && resource->desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER
            && resource->desc.Layout != D3D12_TEXTURE_LAYOUT_ROW_MAJOR)
    {
        snprintf(why, sizeof(why), "ppData is not NULL, but a texture of layout D3D12_TEXTURE_LAYOUT_%s has no "
                "address the CPU may know: map it with a NULL ppData and use WriteToSubresource",
                resource->desc.Layout == D3D12_TEXTURE_LAYOUT_UNKNOWN ? "UNKNOWN" : "64KB_*");
        report(resource, D3D12_MESSAGE_ID_MAP_INVALIDDATAPOINTER, method, why);
        return E_INVALIDARG;
    }
    if (data && resource->desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
        offset = subresource_place(&resource->desc, sub, &layout, &rows, &row_size);
    atomic_fetch_add(&resource->map_count, 1);
    if (data)
        *data = obj_resource_memory(resource) + offset;
    return S_OK;
}

static void STDMETHODCALLTYPE d3d12_resource_Unmap(ID3D12Resource2 *iface, UINT sub, const D3D12_RANGE *written_range)
{
    static const char method[] = "ID3D12Resource::Unmap";
    struct obj_resource *resource = impl_from_ID3D12Resource2(iface);
    unsigned count;
    char why[192];

    (void)written_range;
    if (cpu_refusal(resource, why, sizeof(why)))
    {
        report(resource, D3D12_MESSAGE_ID_UNMAP_INVALIDHEAP, method, why);
        return;
    }
    if (sub >= resource->subresources)
    {
        snprintf(why, sizeof(why), "Subresource %u is past the resource's last, %u", sub, resource->subresources - 1);
        report(resource, D3D12_MESSAGE_ID_UNMAP_INVALIDSUBRESOURCE, method, why);
        return;
    }
    count = atomic_load(&resource->map_count);
    do
    {
        if (!count)
        {
            report(resource, D3D12_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED, method, "the resource is not mapped");
            return;
        }
    }
    while (!atomic_compare_exchange_weak(&resource->map_count, &count, count - 1));
}

static MK_STRUCT_RET(D3D12_RESOURCE_DESC) STDMETHODCALLTYPE d3d12_resource_GetDesc(ID3D12Resource2 *iface
        MK_STRUCT_RET_PARAM(D3D12_RESOURCE_DESC))
{
    D3D12_RESOURCE_DESC desc = mk_resource_desc(&impl_from_ID3D12Resource2(iface)->desc);

    MK_STRUCT_RETURN(desc);
}

static D3D12_GPU_VIRTUAL_ADDRESS STDMETHODCALLTYPE d3d12_resource_GetGPUVirtualAddress(ID3D12Resource2 *iface)
{
    return impl_from_ID3D12Resource2(iface)->va;
}

/* The box of subresource `sub` (a NULL `box`: all of it), checked; false
 * with the reason when it is not within the subresource. */
static bool subresource_box(const struct obj_resource *resource, UINT sub, const D3D12_BOX *box, D3D12_BOX *out,
        char *why, size_t size)
{
    const D3D12_RESOURCE_DESC1 *desc = &resource->desc;
    UINT mip = sub % desc->MipLevels;
    UINT width = (UINT)(desc->Width >> mip ? desc->Width >> mip : 1);
    UINT height = desc->Height >> mip ? desc->Height >> mip : 1;
    UINT depth = desc->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D
            ? ((UINT)desc->DepthOrArraySize >> mip ? (UINT)desc->DepthOrArraySize >> mip : 1u) : 1u;

    if (!box)
    {
        out->left = out->top = out->front = 0;
        out->right = width;
        out->bottom = height;
        out->back = depth;
        return true;
    }
    if (box->right > width || box->bottom > height || box->back > depth || box->left > box->right
            || box->top > box->bottom || box->front > box->back)
    {
        snprintf(why, size, "pDstBox/pSrcBox (%u, %u, %u)-(%u, %u, %u) is not within subresource %u of %u x %u x %u",
                box->left, box->top, box->front, box->right, box->bottom, box->back, sub, width, height, depth);
        return false;
    }
    /* A block format's box is on block edges (or the mip's edge): vkd3d's
     * test_read_write_subresource records Windows refusing a BC1 box at 2. */
    {
        const struct mk_format_layout *format = mk_format_layout(desc->Format);
        UINT bw = format ? format->block_width : 1, bh = format ? format->block_height : 1;

        if (box->left % bw || box->top % bh || (box->right % bw && box->right != width)
                || (box->bottom % bh && box->bottom != height))
        {
            snprintf(why, size, "pDstBox/pSrcBox (%u, %u, %u)-(%u, %u, %u) is not on the %u x %u blocks of the format",
                    box->left, box->top, box->front, box->right, box->bottom, box->back, bw, bh);
            return false;
        }
    }
    *out = *box;
    return true;
}

/* WriteToSubresource (write) and ReadFromSubresource: one code. */
static HRESULT copy_subresource(struct obj_resource *resource, bool write, UINT sub, const D3D12_BOX *box_in,
        unsigned char *user, UINT row_pitch, UINT depth_pitch)
{
    const char *method = write ? "ID3D12Resource::WriteToSubresource" : "ID3D12Resource::ReadFromSubresource";
    const struct mk_format_layout *format = mk_format_layout(resource->desc.Format);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT layout;
    UINT64 row_size, offset, bytes;
    UINT rows, block_w = 1, block_h = 1, unit, y, z, width_units;
    unsigned char *memory;
    D3D12_BOX box;
    char why[256];

    if (cpu_refusal(resource, why, sizeof(why)))
    {
        report(resource, write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDHEAP
                : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDHEAP, method, why);
        return E_INVALIDARG;
    }
    if (resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
    {
        report(resource, write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDRESOURCE
                : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDRESOURCE, method,
                "the resource is a buffer: buffers are written and read through Map");
        return E_INVALIDARG;
    }
    if (sub >= resource->subresources)
    {
        snprintf(why, sizeof(why), "Subresource %u is past the resource's last, %u", sub, resource->subresources - 1);
        report(resource, write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDSUBRESOURCE
                : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDSUBRESOURCE, method, why);
        return E_INVALIDARG;
    }
    if (!subresource_box(resource, sub, box_in, &box, why, sizeof(why)))
    {
        report(resource, write ? D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDBOX
                : D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDBOX, method, why);
        return E_INVALIDARG;
    }
    if (box.left == box.right || box.top == box.bottom || box.front == box.back)
        return S_OK; /* an empty box: nothing to copy */
    if (!user)
        return E_INVALIDARG;

    offset = subresource_place(&resource->desc, sub, &layout, &rows, &row_size);
    memory = obj_resource_memory(resource);
    if (format)
    {
        block_w = format->block_width;
        block_h = format->block_height;
    }
    width_units = (layout.Footprint.Width + block_w - 1) / block_w;
    unit = width_units ? (UINT)(row_size / width_units) : 0;
    bytes = (UINT64)((box.right - box.left + block_w - 1) / block_w) * unit;
    for (z = box.front; z < box.back; ++z)
        for (y = box.top / block_h; y < (box.bottom + block_h - 1) / block_h; ++y)
        {
            unsigned char *mem = memory + offset + (UINT64)z * layout.Footprint.RowPitch * rows
                    + (UINT64)y * layout.Footprint.RowPitch + (UINT64)(box.left / block_w) * unit;
            unsigned char *app = user + (UINT64)(z - box.front) * depth_pitch
                    + (UINT64)(y - box.top / block_h) * row_pitch;

            if (write)
                memcpy(mem, app, (size_t)bytes);
            else
                memcpy(app, mem, (size_t)bytes);
        }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d12_resource_WriteToSubresource(ID3D12Resource2 *iface, UINT dst_sub,
        const D3D12_BOX *dst_box, const void *src, UINT src_row_pitch, UINT src_depth_pitch)
{
    return copy_subresource(impl_from_ID3D12Resource2(iface), true, dst_sub, dst_box, (unsigned char *)src,
            src_row_pitch, src_depth_pitch);
}

static HRESULT STDMETHODCALLTYPE d3d12_resource_ReadFromSubresource(ID3D12Resource2 *iface, void *dst,
        UINT dst_row_pitch, UINT dst_depth_pitch, UINT src_sub, const D3D12_BOX *src_box)
{
    return copy_subresource(impl_from_ID3D12Resource2(iface), false, src_sub, src_box, dst, dst_row_pitch,
            dst_depth_pitch);
}

static HRESULT STDMETHODCALLTYPE d3d12_resource_GetHeapProperties(ID3D12Resource2 *iface,
        D3D12_HEAP_PROPERTIES *properties, D3D12_HEAP_FLAGS *flags)
{
    struct obj_resource *resource = impl_from_ID3D12Resource2(iface);

    if (resource->kind == OBJ_RESOURCE_RESERVED)
    {
        report(resource, D3D12_MESSAGE_ID_GETHEAPPROPERTIES_INVALIDRESOURCE, "ID3D12Resource::GetHeapProperties",
                "a reserved resource has no heap");
        return E_INVALIDARG;
    }
    if (properties)
        *properties = resource->heap_properties;
    if (flags)
        *flags = resource->heap_flags;
    return S_OK;
}

/* ---- ID3D12Resource1 ---- */

static HRESULT STDMETHODCALLTYPE d3d12_resource_GetProtectedResourceSession(ID3D12Resource2 *iface, REFIID riid,
        void **session)
{
    (void)iface;
    (void)riid;
    return obj_no_protected_session(session);
}

/* ---- ID3D12Resource2 ---- */

static MK_STRUCT_RET(D3D12_RESOURCE_DESC1) STDMETHODCALLTYPE d3d12_resource_GetDesc1(ID3D12Resource2 *iface
        MK_STRUCT_RET_PARAM(D3D12_RESOURCE_DESC1))
{
    MK_STRUCT_RETURN(impl_from_ID3D12Resource2(iface)->desc);
}

static const ID3D12Resource2Vtbl d3d12_resource_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_resource),
    /* ID3D12Pageable has no methods. ID3D12Resource methods */
    d3d12_resource_Map,
    d3d12_resource_Unmap,
    d3d12_resource_GetDesc,
    d3d12_resource_GetGPUVirtualAddress,
    d3d12_resource_WriteToSubresource,
    d3d12_resource_ReadFromSubresource,
    d3d12_resource_GetHeapProperties,
    /* ID3D12Resource1 methods */
    d3d12_resource_GetProtectedResourceSession,
    /* ID3D12Resource2 methods */
    d3d12_resource_GetDesc1,
};

struct obj_resource *obj_resource_from_iface(ID3D12Resource *iface)
{
    if (!iface || iface->lpVtbl != (void *)&d3d12_resource_vtbl)
        return NULL;
    return impl_from_ID3D12Resource2((ID3D12Resource2 *)iface);
}

HRESULT obj_resource_create(struct obj_device *owner, const struct obj_resource_params *params,
        struct obj_resource **out)
{
    /* A CPU-visible resource's own bytes follow the object in its one
     * allocation, 64-byte aligned. */
    const size_t head = (sizeof(struct obj_resource) + 63) & ~(size_t)63;
    bool placed_buffer = params->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER && params->heap;
    struct obj_resource *resource;
    UINT64 size = 0, own = 0;
    HRESULT hr;

    *out = NULL;
    if (params->cpu_visible)
    {
        size = params->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? params->desc.Width
                : obj_resource_cpu_size(&params->desc);
        if (!placed_buffer)
            own = size;
    }
    /* Every field is set below, none zeroed first (a string store of 320
     * bytes took a twentieth of a committed buffer's creation); the bytes
     * are zeroed at their first use (obj_resource_memory). */
    if (own > SIZE_MAX - head || !(resource = mk_alloc(head + (size_t)own)))
    {
        struct obj_memory_charge charge = params->charge;

        obj_memory_charge_release(&charge);
        return E_OUTOFMEMORY;
    }
    atomic_init(&resource->memory_zeroed, !own);
    mk_spinlock_init(&resource->zeroing);
    /* A buffer placed on a CPU-visible heap is the heap's bytes. */
    resource->memory = !params->cpu_visible ? NULL
            : placed_buffer ? params->heap->memory + params->heap_offset : (unsigned char *)resource + head;
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    resource->ID3D12Resource2_iface.lpVtbl = (ID3D12Resource2Vtbl *)&d3d12_resource_vtbl;
    resource->kind = params->kind;
    resource->desc = params->desc;
    resource->heap_properties = params->heap_properties;
    resource->heap_flags = params->heap_flags;
    resource->heap = params->heap;
    resource->heap_offset = params->heap_offset;
    resource->va = params->va;
    /* Read after the allocation, not before: the charge was just written,
     * and an early copy stalled on those stores. */
    resource->charge = params->charge;
    resource->subresources = mk_resource_subresource_count(&params->desc);
    resource->memory_size = size;
    atomic_init(&resource->map_count, 0u);
    if (FAILED(hr = mk_object_init(&resource->obj, &resource_class, (IUnknown *)owner->device, &owner->registry)))
    {
        obj_memory_charge_release(&resource->charge);
        mk_free(resource);
        return hr;
    }
    if (resource->heap)
        mk_object_retain(&resource->heap->obj);

    *out = resource;
    return S_OK;
}
