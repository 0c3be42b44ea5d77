/*
 * Descriptors: the Create*View methods, CreateSampler/CreateSampler2,
 * CopyDescriptors/CopyDescriptorsSimple and the sampler-feedback UAV. They
 * return nothing: a refusal writes nothing and, with the debug layer, reports
 * the D3D12_MESSAGE_ID of the rule with the capability and the adapter's
 * value (docs/objects.md, "Descriptors").
 *
 * What Windows does, as the public conformance tests record it (vkd3d-proton's
 * tests/d3d12_descriptors.c, run on Windows): null descriptors are a NULL
 * resource with a full description (test_create_null_descriptors, test_null_srv,
 * test_null_uav, test_null_rtv; a null CBV is BufferLocation 0); samplers and
 * views are written straight into shader-visible heaps (test_create_sampler);
 * copies take NULL range-size arrays as ranges of one (test_copy_descriptors_range_sizes)
 * and a copy source is never a shader-visible heap (test_copy_descriptors).
 *
 * A view of a resource (src/objects/resource.h) must be of a resource of this
 * device created with the flag the view needs; a NULL description takes the
 * resource's format and dimension, a description's UNKNOWN format the
 * resource's, and a description's dimension must fit the resource's.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "caps/format_rules.h"
#include "debuglayer/debuglayer.h"
#include "descriptor_heap.h"
#include "device.h"
#include "device_descriptors.h"
#include "device_formats.h"
#include "refusal.h"
#include "mk_tables.h"
#include "resource.h"

/* Newer than the DirectX-Headers baseline (1.606). */
#define SAMPLER_FLAG_UINT_BORDER_COLOR 0x1u
#define SAMPLER_FLAG_NON_NORMALIZED_COORDINATES 0x2u
#define SAMPLER_FLAGS_KNOWN 0x3u

/* D3D12_FILTER's fields (the D3D12_FILTER documentation's encoding). */
#define FILTER_MIP_LINEAR 0x1u
#define FILTER_MAG_LINEAR 0x4u
#define FILTER_MIN_LINEAR 0x10u
#define FILTER_ANISOTROPIC 0x40u
#define FILTER_REDUCTION_SHIFT 7
#define FILTER_KNOWN_BITS 0x1d5u
enum { REDUCTION_STANDARD, REDUCTION_COMPARISON, REDUCTION_MINIMUM, REDUCTION_MAXIMUM };


static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return mk_device_from_iface((ID3D12Device *)iface);
}

/* ---- Capability gates: which D3D12_FEATURE field allows what (one row each) ---- */

/* The D3D12 validation layer takes min/max filtering from tiled resources
 * tier 2 (vkd3d-proton tests/d3d12_test_utils.c, is_min_max_filtering_supported;
 * the D3D11 tier-2 documentation lists min/max reduction filtering). */
static const struct mk_gate gate_min_max_filter = MK_AT_LEAST_INIT(D3D12_OPTIONS, TiledResourcesTier,
        D3D12_TILED_RESOURCES_TIER_2);
static const struct mk_gate gate_aniso_point_mip = MK_AT_LEAST_INIT(D3D12_OPTIONS19, AnisoFilterWithPointMipSupported, TRUE);
/* Integer border colours are among the "advanced texture operations" of
 * DirectX-Specs' HLSL_SM_6_7_Advanced_Texture_Ops.md, which
 * OPTIONS14::AdvancedTextureOpsSupported reports. */
static const struct mk_gate gate_uint_border = MK_AT_LEAST_INIT(D3D12_OPTIONS14, AdvancedTextureOpsSupported, TRUE);
static const struct mk_gate gate_cross_adapter_row_major = MK_AT_LEAST_INIT(D3D12_OPTIONS,
        CrossAdapterRowMajorTextureSupported, TRUE);
static const struct mk_gate gate_writable_msaa = MK_AT_LEAST_INIT(D3D12_OPTIONS14, WriteableMSAATexturesSupported, TRUE);
/* DirectX-Specs' VulkanOn12.md, "Non-normalized texture sampling coordinates". */
static const struct mk_gate gate_non_normalized = MK_AT_LEAST_INIT(D3D12_OPTIONS17, NonNormalizedCoordinateSamplersSupported,
        TRUE);
static const struct mk_gate gate_acceleration_structure = MK_AT_LEAST_INIT(D3D12_OPTIONS5, RaytracingTier,
        D3D12_RAYTRACING_TIER_1_0);
static const struct mk_gate gate_sampler_feedback = MK_AT_LEAST_INIT(D3D12_OPTIONS7, SamplerFeedbackTier,
        D3D12_SAMPLER_FEEDBACK_TIER_0_9);

/* ---- Formats: the adapter's FORMAT_SUPPORT answer (device_formats.h) ---- */

/* What a view dimension is called and the Support1 bit its format needs. */
struct dimension
{
    char name[56];      /* "" for no dimension; an array: nothing for the loader to relocate */
    UINT support1;
};

#define DIM(kind, name, bit) [D3D12_##kind##_DIMENSION_##name] = {"D3D12_" #kind "_DIMENSION_" #name, D3D12_FORMAT_SUPPORT1_##bit}

static const struct dimension srv_dimensions[] =
{
    DIM(SRV, BUFFER, BUFFER), DIM(SRV, TEXTURE1D, TEXTURE1D), DIM(SRV, TEXTURE1DARRAY, TEXTURE1D),
    DIM(SRV, TEXTURE2D, TEXTURE2D), DIM(SRV, TEXTURE2DARRAY, TEXTURE2D), DIM(SRV, TEXTURE2DMS, MULTISAMPLE_LOAD),
    DIM(SRV, TEXTURE2DMSARRAY, MULTISAMPLE_LOAD), DIM(SRV, TEXTURE3D, TEXTURE3D), DIM(SRV, TEXTURECUBE, TEXTURECUBE),
    DIM(SRV, TEXTURECUBEARRAY, TEXTURECUBE), DIM(SRV, RAYTRACING_ACCELERATION_STRUCTURE, NONE),
};
static const struct dimension uav_dimensions[] =
{
    DIM(UAV, BUFFER, BUFFER), DIM(UAV, TEXTURE1D, TEXTURE1D), DIM(UAV, TEXTURE1DARRAY, TEXTURE1D),
    DIM(UAV, TEXTURE2D, TEXTURE2D), DIM(UAV, TEXTURE2DARRAY, TEXTURE2D), DIM(UAV, TEXTURE2DMS, TEXTURE2D),
    DIM(UAV, TEXTURE2DMSARRAY, TEXTURE2D), DIM(UAV, TEXTURE3D, TEXTURE3D),
};
static const struct dimension rtv_dimensions[] =
{
    DIM(RTV, BUFFER, BUFFER), DIM(RTV, TEXTURE1D, TEXTURE1D), DIM(RTV, TEXTURE1DARRAY, TEXTURE1D),
    DIM(RTV, TEXTURE2D, TEXTURE2D), DIM(RTV, TEXTURE2DARRAY, TEXTURE2D),
    DIM(RTV, TEXTURE2DMS, MULTISAMPLE_RENDERTARGET), DIM(RTV, TEXTURE2DMSARRAY, MULTISAMPLE_RENDERTARGET),
    DIM(RTV, TEXTURE3D, TEXTURE3D),
};
static const struct dimension dsv_dimensions[] =
{
    DIM(DSV, TEXTURE1D, TEXTURE1D), DIM(DSV, TEXTURE1DARRAY, TEXTURE1D), DIM(DSV, TEXTURE2D, TEXTURE2D),
    DIM(DSV, TEXTURE2DARRAY, TEXTURE2D), DIM(DSV, TEXTURE2DMS, MULTISAMPLE_RENDERTARGET),
    DIM(DSV, TEXTURE2DMSARRAY, MULTISAMPLE_RENDERTARGET),
};

#undef DIM

/* The row of `value`, or NULL for UNKNOWN and values past the table. */
static const struct dimension *dimension_of(const struct dimension *table, size_t count, unsigned value)
{
    return value < count && table[value].name[0] ? &table[value] : NULL;
}

/* A view's format, from the adapter: a known format with `view_bit` (what the
 * view needs) and the dimension's bit. UNKNOWN needs a resource to inherit from. */
static bool view_format(struct mk_device *device, DXGI_FORMAT format, UINT view_bit, const char *what,
        const struct dimension *dim, D3D12_MESSAGE_ID unrecognized, D3D12_MESSAGE_ID invalid,
        D3D12_MESSAGE_ID unsupported, struct mk_refusal *r)
{
    struct mk_format_facts f;

    if (format == DXGI_FORMAT_UNKNOWN)
        return mk_refuse(r, invalid, "Format is DXGI_FORMAT_UNKNOWN, and a NULL pResource has no format to take");
    if (!mk_format_facts(device, format, &f))
        return mk_refuse(r, unrecognized, "Format %u is not a DXGI_FORMAT this runtime knows", (unsigned)format);
    return mk_format_has(device, &f, view_bit, what, NULL, unsupported, r)
            && mk_format_has(device, &f, dim->support1, "a view of ", dim->name, unsupported, r);
}

/* ---- Destinations: a live heap's slot ---- */

/* What a refusal calls a handle: "name", or "name[index]" for an array's
 * element, written (into `text`) only when refusing. */
struct handle_role
{
    const char *name;
    UINT index;       /* UINT_MAX: not an array's */
};

#define ROLE_TEXT_SIZE 64

static const char *role_text(const struct handle_role *role, char text[ROLE_TEXT_SIZE])
{
    if (role->index == UINT_MAX)
        return role->name;
    snprintf(text, ROLE_TEXT_SIZE, "%s[%u]", role->name, role->index);
    return text;
}

/* Under the owner's lock: the heap (and *index) holding `count` (>= 1)
 * descriptors of `type` from `ptr`, or NULL with the reason. */
static struct obj_descriptor_heap *locate(struct mk_device *device, const struct handle_role *handle, SIZE_T ptr,
        UINT64 count, D3D12_DESCRIPTOR_HEAP_TYPE type, UINT *index, struct mk_refusal *r)
{
    struct obj_descriptor_heap *heap = obj_descriptor_heap_find(&device->objects, ptr);
    char text[ROLE_TEXT_SIZE];
    UINT64 offset;

    if (!heap)
    {
        mk_refuse(r, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE, "%s 0x%llx is in no live descriptor heap of this "
                "device", role_text(handle, text), (unsigned long long)ptr);
        return NULL;
    }
    offset = ptr - heap->cpu_start.ptr;
    if (!obj_descriptor_heap_slot(heap, offset, index))
    {
        mk_refuse(r, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE, "%s 0x%llx is between two descriptors of its heap "
                "(start 0x%llx, increment %u)", role_text(handle, text), (unsigned long long)ptr,
                (unsigned long long)heap->cpu_start.ptr, heap->increment);
        return NULL;
    }
    if (heap->desc.Type != type)
    {
        mk_refuse(r, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE, "%s 0x%llx is in a D3D12_DESCRIPTOR_HEAP_TYPE_%s "
                "heap, not a D3D12_DESCRIPTOR_HEAP_TYPE_%s one", role_text(handle, text), (unsigned long long)ptr,
                obj_descriptor_heap_type_name(heap->desc.Type), obj_descriptor_heap_type_name(type));
        return NULL;
    }
    if (count > heap->desc.NumDescriptors - *index)
    {
        mk_refuse(r, D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE, "the %llu descriptors from %s 0x%llx (index %u) run "
                "past the end of its heap of %u", (unsigned long long)count, role_text(handle, text),
                (unsigned long long)ptr, *index, heap->desc.NumDescriptors);
        return NULL;
    }
    return heap;
}

static void report(struct mk_device *device, const char *method, const struct mk_refusal *r)
{
    dbg_report(device->debug, r->id, method, r->why);
}

/* Writes `d` at `dest`, a slot of a live heap of `type`, or reports why not. */
static void write_descriptor(struct mk_device *device, const char *method, D3D12_DESCRIPTOR_HEAP_TYPE type,
        D3D12_CPU_DESCRIPTOR_HANDLE dest, const struct obj_descriptor *d)
{
    const struct handle_role role = {"DestDescriptor", UINT_MAX};
    struct obj_descriptor_heap *heap;
    struct mk_refusal r;
    HRESULT hr = S_OK;
    UINT index;

    mk_spin_lock(&device->objects.descriptor_lock);
    if ((heap = locate(device, &role, dest.ptr, 1, type, &index, &r)))
        hr = obj_descriptor_heap_store(heap, index, d);
    mk_spin_unlock(&device->objects.descriptor_lock);
    /* Reported without the lock: a message callback may write descriptors. */
    if (!heap)
        report(device, method, &r);
    else if (FAILED(hr))
        dbg_report(device->debug, D3D12_MESSAGE_ID_MOCKD3D12_DESCRIPTOR_OUT_OF_MEMORY, method,
                (unsigned long long)dest.ptr);
}

/* ---- The viewed resource ---- */


/* The resource of this device behind `iface`, or NULL, in a few loads and
 * no lock: a mockd3d12 resource (its vtable) whose owner is this device.
 * Small integers and misaligned pointers (0x1) are refused unread; any other
 * pointer is read as a COM object, as Windows' runtime reads it (a pointer
 * to no object at all is the application's crash there too). */
static struct obj_resource *device_resource(struct mk_device *device, ID3D12Resource *iface)
{
    struct obj_resource *resource;

    if ((uintptr_t)iface < 0x10000 || (uintptr_t)iface % sizeof(void *))
        return NULL;
    if (!(resource = obj_resource_from_iface(iface)) || obj_device_of(&resource->obj) != &device->objects)
        return NULL;
    return resource;
}

/* `iface` as a resource of this device with `flag` (0: an SRV, which
 * DENY_SHADER_RESOURCE keeps out), or the refusal; NULL stays NULL (a null
 * descriptor). */
static bool view_resource(struct mk_device *device, ID3D12Resource *iface, D3D12_RESOURCE_FLAGS flag,
        const char *flag_name, D3D12_MESSAGE_ID id, struct obj_resource **out, struct mk_refusal *r)
{
    struct obj_resource *resource;

    *out = NULL;
    if (!iface)
        return true;
    if (!(resource = device_resource(device, iface)))
        return mk_refuse(r, id, "pResource %p is not a resource of this device", (void *)iface);
    if (flag && !(resource->desc.Flags & flag))
        return mk_refuse(r, id, "pResource was created without %s (Flags 0x%x)", flag_name,
                (unsigned)resource->desc.Flags);
    if (!flag && (resource->desc.Flags & D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE))
        return mk_refuse(r, id, "pResource was created with D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE");
    /* A cross-adapter row-major texture exists on every adapter; its views
     * are the capability (D3DKMT_CROSSADAPTERRESOURCE_SUPPORT_TIER_TEXTURE:
     * SRVs, UAVs and RTVs of them; docs/objects.md). */
    if (resource->desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER
            && resource->desc.Layout == D3D12_TEXTURE_LAYOUT_ROW_MAJOR
            && !mk_require(device, gate_cross_adapter_row_major, "a view of a D3D12_TEXTURE_LAYOUT_ROW_MAJOR "
            "(cross-adapter) texture", id, r))
        return false;
    *out = resource;
    return true;
}

/* View dimensions in the SRV/UAV/RTV numbering (BUFFER 1, TEXTURE1D 2,
 * TEXTURE1DARRAY 3, TEXTURE2D 4, TEXTURE2DARRAY 5, TEXTURE2DMS 6,
 * TEXTURE2DMSARRAY 7, TEXTURE3D 8, TEXTURECUBE 9, TEXTURECUBEARRAY 10,
 * RAYTRACING_ACCELERATION_STRUCTURE 11); a DSV's is one less. */
static unsigned default_dimension(const struct obj_resource *resource)
{
    const D3D12_RESOURCE_DESC1 *d = &resource->desc;

    switch (d->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_BUFFER:
            return 1;
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
            return d->DepthOrArraySize > 1 ? 3 : 2;
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
            return (d->SampleDesc.Count > 1 ? 6 : 4) + (d->DepthOrArraySize > 1);
        default:
            return 8;
    }
}

static bool dimension_fits(const struct obj_resource *resource, unsigned dimension, const char *name,
        D3D12_MESSAGE_ID id, struct mk_refusal *r)
{
    const D3D12_RESOURCE_DESC1 *d = &resource->desc;
    bool fits;

    switch (dimension)
    {
        case 1: case 11: fits = d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER; break;
        case 2: case 3: fits = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D; break;
        case 4: case 5: case 9: case 10:
            fits = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D && d->SampleDesc.Count == 1;
            break;
        case 6: case 7: fits = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D && d->SampleDesc.Count > 1; break;
        default: fits = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D; break;
    }
    if (fits)
        return true;
    return mk_refuse(r, id, "a view of %s does not fit pResource, a %s of %u sample(s)", name,
            obj_resource_dimension_name(d->Dimension), (unsigned)d->SampleDesc.Count);
}

/* A NULL description takes the resource's format: not a buffer's (which has
 * none) nor a typeless one. */
static bool default_format(struct mk_device *device, const struct obj_resource *resource, D3D12_MESSAGE_ID id,
        struct mk_refusal *r)
{
    struct mk_format_facts f;

    if (resource->desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER)
        return mk_refuse(r, id, "pDesc is NULL, and pResource is a buffer, whose view needs a description");
    if (mk_format_facts(device, resource->desc.Format, &f) && f.typeless)
        return mk_refuse(r, id, "pDesc is NULL, and pResource's format DXGI_FORMAT_%s is typeless",
                mk_format_name(&f));
    return true;
}

/* The view an application gets for pDesc (SRV, UAV, RTV and DSV descriptions
 * all start with Format and ViewDimension): with a resource and no
 * description, the resource's default view — its format, its dimension
 * (default_dimension less `dimension_offset`: a DSV's numbering is one less),
 * the rest zero for the caller's per-type defaults; with a description, a
 * copy whose UNKNOWN format takes a texture's. */
static bool resolve_view(struct mk_device *device, const struct obj_resource *viewed, const void *desc, void *view, size_t size,
        unsigned dimension_offset, D3D12_MESSAGE_ID id, struct mk_refusal *r)
{
    DXGI_FORMAT format;
    UINT dimension;

    if (viewed && !desc)
    {
        if (!default_format(device, viewed, id, r))
            return false;
        memset(view, 0, size);
        dimension = default_dimension(viewed) - dimension_offset;
        memcpy(view, &viewed->desc.Format, sizeof(format));
        memcpy((char *)view + sizeof(format), &dimension, sizeof(dimension));
    }
    else if (desc)
    {
        memcpy(view, desc, size);
        memcpy(&format, view, sizeof(format));
        if (viewed && format == DXGI_FORMAT_UNKNOWN && viewed->desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
            memcpy(view, &viewed->desc.Format, sizeof(format));
    }
    return true;
}

/* The layout resolve_view relies on. */
#define VIEW_HEAD_CHECK(type) \
    _Static_assert(offsetof(type, Format) == 0 && offsetof(type, ViewDimension) == sizeof(DXGI_FORMAT) \
            && sizeof(((type *)0)->ViewDimension) == sizeof(UINT), #type " starts with Format and ViewDimension")
VIEW_HEAD_CHECK(D3D12_SHADER_RESOURCE_VIEW_DESC);
VIEW_HEAD_CHECK(D3D12_UNORDERED_ACCESS_VIEW_DESC);
VIEW_HEAD_CHECK(D3D12_RENDER_TARGET_VIEW_DESC);
VIEW_HEAD_CHECK(D3D12_DEPTH_STENCIL_VIEW_DESC);

/* ---- Constant buffer views ---- */

static bool check_cbv(struct mk_device *device, const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, struct mk_refusal *r)
{
    if (!desc)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC, "pDesc is NULL");
    /* A null CBV is BufferLocation 0 (test_create_null_descriptors); any
     * other address is in a buffer. */
    if (desc->BufferLocation && !obj_device_buffer_find(&device->objects, desc->BufferLocation, desc->SizeInBytes))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE, "BufferLocation 0x%llx and "
                "SizeInBytes %u are not within a live buffer of this device", (unsigned long long)desc->BufferLocation,
                desc->SizeInBytes);
    if (desc->SizeInBytes % D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT
            || desc->SizeInBytes > D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC, "SizeInBytes %u is not a "
                "multiple of %u up to %u", desc->SizeInBytes, D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT,
                D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16);
    return true;
}

void STDMETHODCALLTYPE d3d12_device_CreateConstantBufferView(ID3D12Device17 *iface,
        const D3D12_CONSTANT_BUFFER_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    static const char method[] = "ID3D12Device::CreateConstantBufferView";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_descriptor d;
    struct mk_refusal r;

    /* Only the kind and the CBV description are read (obj_descriptor_heap_store). */
    d.kind = OBJ_DESCRIPTOR_CBV;
    if (!check_cbv(device, desc, &r))
    {
        report(device, method, &r);
        return;
    }
    d.desc.cbv = *desc;
    write_descriptor(device, method, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, dest, &d);
}

/* ---- Shader resource views ---- */

static bool check_srv(struct mk_device *device, ID3D12Resource *resource, const D3D12_SHADER_RESOURCE_VIEW_DESC *desc,
        D3D12_SHADER_RESOURCE_VIEW_DESC *view, struct mk_refusal *r)
{
    const struct dimension *dim;

    struct obj_resource *viewed;

    if (!view_resource(device, resource, 0, NULL, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE, &viewed, r))
        return false;
    if (!resolve_view(device, viewed, desc, view, sizeof(*view), 0, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC,
            r))
        return false;
    if (viewed && !desc)
    {
        view->Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
        switch (view->ViewDimension)
        {
            case D3D12_SRV_DIMENSION_TEXTURE1D: view->Texture1D.MipLevels = UINT_MAX; break;
            case D3D12_SRV_DIMENSION_TEXTURE1DARRAY:
                view->Texture1DArray.MipLevels = UINT_MAX;
                view->Texture1DArray.ArraySize = viewed->desc.DepthOrArraySize;
                break;
            case D3D12_SRV_DIMENSION_TEXTURE2D: view->Texture2D.MipLevels = UINT_MAX; break;
            case D3D12_SRV_DIMENSION_TEXTURE2DARRAY:
                view->Texture2DArray.MipLevels = UINT_MAX;
                view->Texture2DArray.ArraySize = viewed->desc.DepthOrArraySize;
                break;
            case D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY: view->Texture2DMSArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_SRV_DIMENSION_TEXTURE3D: view->Texture3D.MipLevels = UINT_MAX; break;
            default: break;
        }
    }
    if (viewed)
        desc = view;
    if (!desc)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC, "pDesc is NULL, and a NULL "
                "pResource (a null descriptor) needs one");
    if (!(dim = dimension_of(srv_dimensions, sizeof(srv_dimensions) / sizeof(srv_dimensions[0]),
            (unsigned)desc->ViewDimension)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS, "ViewDimension %u is no "
                "D3D12_SRV_DIMENSION a view can have", (unsigned)desc->ViewDimension);
    if (viewed && !dimension_fits(viewed, (unsigned)desc->ViewDimension + 0, dim->name, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS, r))
        return false;
    if (desc->ViewDimension == D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE)
    {
        if (desc->Format != DXGI_FORMAT_UNKNOWN)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT, "Format %u is not "
                    "DXGI_FORMAT_UNKNOWN, as an acceleration structure's view needs", (unsigned)desc->Format);
        return mk_require(device, gate_acceleration_structure, "D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE",
                D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS, r);
    }
    if (desc->ViewDimension == D3D12_SRV_DIMENSION_BUFFER && (desc->Buffer.Flags & D3D12_BUFFER_SRV_FLAG_RAW))
    {
        if (desc->Format != DXGI_FORMAT_R32_TYPELESS)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT, "a raw buffer view "
                    "(D3D12_BUFFER_SRV_FLAG_RAW) needs DXGI_FORMAT_R32_TYPELESS, not Format %u", (unsigned)desc->Format);
        return true;
    }
    if (desc->ViewDimension == D3D12_SRV_DIMENSION_BUFFER && desc->Buffer.StructureByteStride)
    {
        if (desc->Format != DXGI_FORMAT_UNKNOWN)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT, "a structured buffer view "
                    "(StructureByteStride %u) needs DXGI_FORMAT_UNKNOWN, not Format %u",
                    desc->Buffer.StructureByteStride, (unsigned)desc->Format);
        return true;
    }
    return view_format(device, desc->Format, D3D12_FORMAT_SUPPORT1_SHADER_LOAD, "a shader resource view", dim,
            D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_UNRECOGNIZEDFORMAT,
            D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT,
            D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT, r);
}

void STDMETHODCALLTYPE d3d12_device_CreateShaderResourceView(ID3D12Device17 *iface, ID3D12Resource *resource,
        const D3D12_SHADER_RESOURCE_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    static const char method[] = "ID3D12Device::CreateShaderResourceView";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_descriptor d;
    struct mk_refusal r;

    memset(&d, 0, sizeof(d));
    d.kind = OBJ_DESCRIPTOR_SRV;
    if (!check_srv(device, resource, desc, &d.desc.srv, &r))
    {
        report(device, method, &r);
        return;
    }
    write_descriptor(device, method, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, dest, &d);
}

/* ---- Unordered access views ---- */

static bool check_uav(struct mk_device *device, ID3D12Resource *resource, ID3D12Resource *counter,
        const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc, D3D12_UNORDERED_ACCESS_VIEW_DESC *view, struct mk_refusal *r)
{
    const struct dimension *dim;

    struct obj_resource *viewed;

    if (!view_resource(device, resource, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, "D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS", D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE, &viewed, r))
        return false;
    if (!resolve_view(device, viewed, desc, view, sizeof(*view), 0, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC,
            r))
        return false;
    if (viewed && !desc)
    {
        switch (view->ViewDimension)
        {
            case D3D12_UAV_DIMENSION_TEXTURE1DARRAY: view->Texture1DArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_UAV_DIMENSION_TEXTURE2DARRAY: view->Texture2DArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY: view->Texture2DMSArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_UAV_DIMENSION_TEXTURE3D: view->Texture3D.WSize = UINT_MAX; break;
            default: break;
        }
    }
    if (viewed)
        desc = view;
    if (counter)
    {
        struct obj_resource *c = device_resource(device, counter);

        if (!viewed)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE, "pCounterResource %p "
                    "is given with a NULL pResource", (void *)counter);
        if (!c || c->desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE, "pCounterResource %p "
                    "is not a buffer of this device", (void *)counter);
    }
    if (!desc)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC, "pDesc is NULL, and a NULL "
                "pResource (a null descriptor) needs one");
    if (!(dim = dimension_of(uav_dimensions, sizeof(uav_dimensions) / sizeof(uav_dimensions[0]),
            (unsigned)desc->ViewDimension)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS, "ViewDimension %u is no "
                "D3D12_UAV_DIMENSION a view can have", (unsigned)desc->ViewDimension);
    if (viewed && !dimension_fits(viewed, (unsigned)desc->ViewDimension + 0, dim->name, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS, r))
        return false;
    if ((desc->ViewDimension == D3D12_UAV_DIMENSION_TEXTURE2DMS
            || desc->ViewDimension == D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY)
            && !mk_require(device, gate_writable_msaa, dim->name, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS,
            r))
        return false;
    if (desc->ViewDimension == D3D12_UAV_DIMENSION_BUFFER && (desc->Buffer.Flags & D3D12_BUFFER_UAV_FLAG_RAW))
    {
        if (desc->Format != DXGI_FORMAT_R32_TYPELESS)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT, "a raw buffer view "
                    "(D3D12_BUFFER_UAV_FLAG_RAW) needs DXGI_FORMAT_R32_TYPELESS, not Format %u", (unsigned)desc->Format);
        return true;
    }
    if (desc->ViewDimension == D3D12_UAV_DIMENSION_BUFFER && desc->Buffer.StructureByteStride)
    {
        if (desc->Format != DXGI_FORMAT_UNKNOWN)
            return mk_refuse(r, D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT, "a structured buffer view "
                    "(StructureByteStride %u) needs DXGI_FORMAT_UNKNOWN, not Format %u",
                    desc->Buffer.StructureByteStride, (unsigned)desc->Format);
        return true;
    }
    /* A typed UAV: the format must be one the adapter has typed UAVs of. */
    return view_format(device, desc->Format, D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW, "a typed UAV", dim,
            D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_UNRECOGNIZEDFORMAT,
            D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT,
            D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT, r);
}

void STDMETHODCALLTYPE d3d12_device_CreateUnorderedAccessView(ID3D12Device17 *iface, ID3D12Resource *resource,
        ID3D12Resource *counter, const D3D12_UNORDERED_ACCESS_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    static const char method[] = "ID3D12Device::CreateUnorderedAccessView";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_descriptor d;
    struct mk_refusal r;

    memset(&d, 0, sizeof(d));
    d.kind = OBJ_DESCRIPTOR_UAV;
    if (!check_uav(device, resource, counter, desc, &d.desc.uav, &r))
    {
        report(device, method, &r);
        return;
    }
    write_descriptor(device, method, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, dest, &d);
}

/* ---- Render target and depth-stencil views ---- */

static bool check_rtv(struct mk_device *device, ID3D12Resource *resource, const D3D12_RENDER_TARGET_VIEW_DESC *desc,
        D3D12_RENDER_TARGET_VIEW_DESC *view, struct mk_refusal *r)
{
    const struct dimension *dim;

    struct obj_resource *viewed;

    if (!view_resource(device, resource, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, "D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET", D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE, &viewed, r))
        return false;
    if (!resolve_view(device, viewed, desc, view, sizeof(*view), 0, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC,
            r))
        return false;
    if (viewed && !desc)
    {
        switch (view->ViewDimension)
        {
            case D3D12_RTV_DIMENSION_TEXTURE1DARRAY: view->Texture1DArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_RTV_DIMENSION_TEXTURE2DARRAY: view->Texture2DArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY: view->Texture2DMSArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_RTV_DIMENSION_TEXTURE3D: view->Texture3D.WSize = UINT_MAX; break;
            default: break;
        }
    }
    if (viewed)
        desc = view;
    if (!desc)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC, "pDesc is NULL, and a NULL "
                "pResource (a null descriptor) needs one");
    if (!(dim = dimension_of(rtv_dimensions, sizeof(rtv_dimensions) / sizeof(rtv_dimensions[0]),
            (unsigned)desc->ViewDimension)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS, "ViewDimension %u is no "
                "D3D12_RTV_DIMENSION a view can have", (unsigned)desc->ViewDimension);
    if (viewed && !dimension_fits(viewed, (unsigned)desc->ViewDimension + 0, dim->name, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS, r))
        return false;
    return view_format(device, desc->Format, D3D12_FORMAT_SUPPORT1_RENDER_TARGET, "a render target", dim,
            D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_UNRECOGNIZEDFORMAT,
            D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDFORMAT,
            D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_UNSUPPORTEDFORMAT, r);
}

void STDMETHODCALLTYPE d3d12_device_CreateRenderTargetView(ID3D12Device17 *iface, ID3D12Resource *resource,
        const D3D12_RENDER_TARGET_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    static const char method[] = "ID3D12Device::CreateRenderTargetView";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_descriptor d;
    struct mk_refusal r;

    memset(&d, 0, sizeof(d));
    d.kind = OBJ_DESCRIPTOR_RTV;
    if (!check_rtv(device, resource, desc, &d.desc.rtv, &r))
    {
        report(device, method, &r);
        return;
    }
    write_descriptor(device, method, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, dest, &d);
}

static bool check_dsv(struct mk_device *device, ID3D12Resource *resource, const D3D12_DEPTH_STENCIL_VIEW_DESC *desc,
        D3D12_DEPTH_STENCIL_VIEW_DESC *view, struct mk_refusal *r)
{
    const D3D12_DSV_FLAGS known = D3D12_DSV_FLAG_READ_ONLY_DEPTH | D3D12_DSV_FLAG_READ_ONLY_STENCIL;
    const struct dimension *dim;

    struct obj_resource *viewed;

    if (!view_resource(device, resource, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL, "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL", D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE, &viewed, r))
        return false;
    if (!resolve_view(device, viewed, desc, view, sizeof(*view), 1, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC,
            r))
        return false;
    if (viewed && !desc)
    {
        switch (view->ViewDimension)
        {
            case D3D12_DSV_DIMENSION_TEXTURE1DARRAY: view->Texture1DArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_DSV_DIMENSION_TEXTURE2DARRAY: view->Texture2DArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            case D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY: view->Texture2DMSArray.ArraySize = viewed->desc.DepthOrArraySize; break;
            default: break;
        }
    }
    if (viewed)
        desc = view;
    if (!desc)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC, "pDesc is NULL, and a NULL "
                "pResource (a null descriptor) needs one");
    if (desc->Flags & ~known)
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDFLAGS, "Flags 0x%x has bits (0x%x) that are "
                "no D3D12_DSV_FLAGS", (unsigned)desc->Flags, (unsigned)(desc->Flags & ~known));
    if (!(dim = dimension_of(dsv_dimensions, sizeof(dsv_dimensions) / sizeof(dsv_dimensions[0]),
            (unsigned)desc->ViewDimension)))
        return mk_refuse(r, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS, "ViewDimension %u is no "
                "D3D12_DSV_DIMENSION a view can have", (unsigned)desc->ViewDimension);
    if (viewed && !dimension_fits(viewed, (unsigned)desc->ViewDimension + 1, dim->name, D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS, r))
        return false;
    return view_format(device, desc->Format, D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL, "a depth-stencil view", dim,
            D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_UNRECOGNIZEDFORMAT,
            D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDFORMAT,
            D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDFORMAT, r);
}

void STDMETHODCALLTYPE d3d12_device_CreateDepthStencilView(ID3D12Device17 *iface, ID3D12Resource *resource,
        const D3D12_DEPTH_STENCIL_VIEW_DESC *desc, D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    static const char method[] = "ID3D12Device::CreateDepthStencilView";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_descriptor d;
    struct mk_refusal r;

    memset(&d, 0, sizeof(d));
    d.kind = OBJ_DESCRIPTOR_DSV;
    if (!check_dsv(device, resource, desc, &d.desc.dsv, &r))
    {
        report(device, method, &r);
        return;
    }
    write_descriptor(device, method, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, dest, &d);
}

/* ---- Samplers ---- */

static bool address_mode_valid(D3D12_TEXTURE_ADDRESS_MODE mode)
{
    return mode >= D3D12_TEXTURE_ADDRESS_MODE_WRAP && mode <= D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE;
}

/* The rules of DirectX-Specs' VulkanOn12.md for non-normalized coordinates:
 * min == mag, mip POINT, no anisotropy, no comparison; LODs 0; U and V CLAMP or BORDER. */
static bool check_non_normalized(const D3D12_SAMPLER_DESC2 *desc, unsigned reduction, struct mk_refusal *r)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CREATE_SAMPLER_INVALID;
    UINT filter = (UINT)desc->Filter;

    if ((filter & FILTER_ANISOTROPIC) || (filter & FILTER_MIP_LINEAR) || reduction == REDUCTION_COMPARISON
            || !(filter & FILTER_MIN_LINEAR) != !(filter & FILTER_MAG_LINEAR))
        return mk_refuse(r, id, "Filter 0x%x cannot have D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES: it needs equal "
                "min and mag filters, a POINT mip filter, no anisotropy and no comparison", filter);
    if (desc->MinLOD != 0.0f || desc->MaxLOD != 0.0f)
        return mk_refuse(r, id, "MinLOD %g and MaxLOD %g must be 0 with D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES",
                (double)desc->MinLOD, (double)desc->MaxLOD);
    if ((desc->AddressU != D3D12_TEXTURE_ADDRESS_MODE_CLAMP && desc->AddressU != D3D12_TEXTURE_ADDRESS_MODE_BORDER)
            || (desc->AddressV != D3D12_TEXTURE_ADDRESS_MODE_CLAMP
            && desc->AddressV != D3D12_TEXTURE_ADDRESS_MODE_BORDER))
        return mk_refuse(r, id, "AddressU %u and AddressV %u must be CLAMP or BORDER with "
                "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES", (unsigned)desc->AddressU, (unsigned)desc->AddressV);
    return true;
}

static bool check_sampler(struct mk_device *device, const D3D12_SAMPLER_DESC2 *desc, struct mk_refusal *r)
{
    const D3D12_MESSAGE_ID id = D3D12_MESSAGE_ID_CREATE_SAMPLER_INVALID;
    UINT filter = (UINT)desc->Filter, flags = (UINT)desc->Flags;
    unsigned reduction = (filter >> FILTER_REDUCTION_SHIFT) & 3;
    char what[96];

    if ((filter & ~FILTER_KNOWN_BITS)
            || ((filter & FILTER_ANISOTROPIC) && (filter & (FILTER_MIN_LINEAR | FILTER_MAG_LINEAR))
            != (FILTER_MIN_LINEAR | FILTER_MAG_LINEAR)))
        return mk_refuse(r, id, "Filter 0x%x is no D3D12_FILTER", filter);
    if (!address_mode_valid(desc->AddressU) || !address_mode_valid(desc->AddressV)
            || !address_mode_valid(desc->AddressW))
        return mk_refuse(r, id, "AddressU %u, AddressV %u, AddressW %u: each must be a D3D12_TEXTURE_ADDRESS_MODE",
                (unsigned)desc->AddressU, (unsigned)desc->AddressV, (unsigned)desc->AddressW);
    /* The documentation: MaxAnisotropy is used by anisotropic filters, 1 to 16. */
    if ((filter & FILTER_ANISOTROPIC) && (desc->MaxAnisotropy < 1 || desc->MaxAnisotropy > D3D12_MAX_MAXANISOTROPY))
        return mk_refuse(r, id, "MaxAnisotropy %u is not between 1 and %u, as anisotropic Filter 0x%x needs",
                desc->MaxAnisotropy, D3D12_MAX_MAXANISOTROPY, filter);
    if (reduction == REDUCTION_COMPARISON && (desc->ComparisonFunc < D3D12_COMPARISON_FUNC_NEVER
            || desc->ComparisonFunc > D3D12_COMPARISON_FUNC_ALWAYS))
        return mk_refuse(r, id, "ComparisonFunc %u is no D3D12_COMPARISON_FUNC, as comparison Filter 0x%x needs",
                (unsigned)desc->ComparisonFunc, filter);
    if (flags & ~SAMPLER_FLAGS_KNOWN)
        return mk_refuse(r, id, "Flags 0x%x has bits (0x%x) that are no D3D12_SAMPLER_FLAGS", flags,
                flags & ~SAMPLER_FLAGS_KNOWN);
    if (reduction >= REDUCTION_MINIMUM)
    {
        snprintf(what, sizeof(what), "Filter 0x%x (%s reduction)", filter,
                reduction == REDUCTION_MINIMUM ? "a MINIMUM" : "a MAXIMUM");
        if (!mk_require(device, gate_min_max_filter, what, id, r))
            return false;
    }
    if ((filter & FILTER_ANISOTROPIC) && !(filter & FILTER_MIP_LINEAR))
    {
        snprintf(what, sizeof(what), "Filter 0x%x (anisotropic with a POINT mip filter)", filter);
        if (!mk_require(device, gate_aniso_point_mip, what, id, r))
            return false;
    }
    if ((flags & SAMPLER_FLAG_UINT_BORDER_COLOR)
            && !mk_require(device, gate_uint_border, "D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR", id, r))
        return false;
    if (flags & SAMPLER_FLAG_NON_NORMALIZED_COORDINATES)
        return mk_require(device, gate_non_normalized, "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES", id, r)
                && check_non_normalized(desc, reduction, r);
    return true;
}

static void create_sampler(struct mk_device *device, const char *method, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    struct obj_descriptor d;
    struct mk_refusal r;

    memset(&d, 0, sizeof(d));
    d.kind = OBJ_DESCRIPTOR_SAMPLER;
    if (!desc)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_CREATE_SAMPLER_INVALID, "pDesc is NULL");
        report(device, method, &r);
        return;
    }
    if (!check_sampler(device, desc, &r))
    {
        report(device, method, &r);
        return;
    }
    d.desc.sampler = *desc;
    write_descriptor(device, method, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, dest, &d);
}

void STDMETHODCALLTYPE d3d12_device_CreateSampler(ID3D12Device17 *iface, const D3D12_SAMPLER_DESC *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    D3D12_SAMPLER_DESC2 desc2;

    if (desc)
    {
        /* The same fields, a float border colour, no flags. */
        memset(&desc2, 0, sizeof(desc2));
        desc2.Filter = desc->Filter;
        desc2.AddressU = desc->AddressU;
        desc2.AddressV = desc->AddressV;
        desc2.AddressW = desc->AddressW;
        desc2.MipLODBias = desc->MipLODBias;
        desc2.MaxAnisotropy = desc->MaxAnisotropy;
        desc2.ComparisonFunc = desc->ComparisonFunc;
        memcpy(desc2.FloatBorderColor, desc->BorderColor, sizeof(desc2.FloatBorderColor));
        desc2.MinLOD = desc->MinLOD;
        desc2.MaxLOD = desc->MaxLOD;
    }
    create_sampler(impl_from_ID3D12Device17(iface), "ID3D12Device::CreateSampler", desc ? &desc2 : NULL, dest);
}

void STDMETHODCALLTYPE d3d12_device_CreateSampler2(ID3D12Device17 *iface, const D3D12_SAMPLER_DESC2 *desc,
        D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    create_sampler(impl_from_ID3D12Device17(iface), "ID3D12Device11::CreateSampler2", desc, dest);
}

/* ---- Sampler feedback ---- */

/* Never writes: without sampler feedback it is refused, and with it both
 * resources are needed, which cannot exist yet. */
void STDMETHODCALLTYPE d3d12_device_CreateSamplerFeedbackUnorderedAccessView(ID3D12Device17 *iface,
        ID3D12Resource *targeted, ID3D12Resource *feedback, D3D12_CPU_DESCRIPTOR_HANDLE dest)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct mk_refusal r;

    (void)dest;
    if (mk_require(device, gate_sampler_feedback, "a sampler feedback UAV",
            D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_UAV_REQUIRES_SAMPLER_FEEDBACK_CAPABILITY, &r))
    {
        if (!targeted || !feedback)
            mk_refuse(&r, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_NULL_ARGUMENTS, "%s is NULL",
                    !targeted ? "pTargetedResource" : "pFeedbackResource");
        else
            mk_refuse(&r, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_REQUIRES_FEEDBACK_MAP_FORMAT, "pFeedbackResource "
                    "%p is no sampler feedback map (mockd3d12 does not model sampler feedback UAVs yet)",
                    (void *)feedback);
    }
    report(device, "ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView", &r);
}

/* ---- Copies ---- */

/* Range `i`'s size: 1 for every range when `sizes` is NULL (the documentation). */
static UINT range_size(const UINT *sizes, UINT i)
{
    return sizes ? sizes[i] : 1;
}

/* The descriptors the ranges hold, or UINT64_MAX (and the reason) when their arrays are missing. */
static UINT64 ranges_total(const char *count_name, UINT count, const char *starts_name,
        const D3D12_CPU_DESCRIPTOR_HANDLE *starts, const UINT *sizes, struct mk_refusal *r)
{
    UINT64 total = 0;
    UINT i;

    if (count && !starts)
    {
        mk_refuse(r, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "%s is NULL but %s is %u", starts_name,
                count_name, count);
        return UINT64_MAX;
    }
    for (i = 0; i < count; ++i)
        total += range_size(sizes, i);
    return total;
}

/* Under the lock: every non-empty range lies in one heap of `type` (and, for
 * sources, one the CPU can read: not shader-visible). */
static bool ranges_valid(struct mk_device *device, const char *name, bool indexed, bool source, UINT count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *starts, const UINT *sizes, D3D12_DESCRIPTOR_HEAP_TYPE type,
        struct mk_refusal *r)
{
    struct obj_descriptor_heap *heap;
    struct handle_role role = {name, UINT_MAX};
    char text[ROLE_TEXT_SIZE];
    UINT i, index;

    for (i = 0; i < count; ++i)
    {
        if (!range_size(sizes, i))
            continue;
        role.index = indexed ? i : UINT_MAX;
        if (!(heap = locate(device, &role, starts[i].ptr, range_size(sizes, i), type, &index, r)))
            return false;
        /* Shader-visible heaps may be write-combined memory: the CPU only
         * writes them, and a copy reads its source (COPY_DESCRIPTORS_WRITE_ONLY_DESCRIPTOR). */
        if (source && (heap->desc.Flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE))
            return mk_refuse(r, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_WRITE_ONLY_DESCRIPTOR, "%s 0x%llx is in a "
                    "shader-visible heap, which the CPU cannot read", role_text(&role, text),
                    (unsigned long long)starts[i].ptr);
    }
    return true;
}

/* Under the lock, in a range that ranges_valid accepted: its heap and first index. */
static struct obj_descriptor_heap *range_start(struct mk_device *device, D3D12_CPU_DESCRIPTOR_HANDLE start,
        UINT *index)
{
    struct obj_descriptor_heap *heap = obj_descriptor_heap_find(&device->objects, start.ptr);

    obj_descriptor_heap_slot(heap, start.ptr - heap->cpu_start.ptr, index);
    return heap;
}

static void copy_descriptors(struct mk_device *device, bool simple, UINT dst_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    const char *method = simple ? "ID3D12Device::CopyDescriptorsSimple" : "ID3D12Device::CopyDescriptors";
    struct obj_descriptor_heap *dst_heap = NULL, *src_heap = NULL;
    UINT di = 0, si = 0, dst_first = 0, src_first = 0, dst_offset = 0, src_offset = 0;
    UINT64 dst_total, src_total, done;
    SIZE_T failed_at = 0;
    HRESULT hr = S_OK;
    struct mk_refusal r;
    bool valid;

    if ((unsigned)type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "DescriptorHeapsType %u is no "
                "D3D12_DESCRIPTOR_HEAP_TYPE", (unsigned)type);
        report(device, method, &r);
        return;
    }
    if ((dst_total = ranges_total("NumDestDescriptorRanges", dst_count, "pDestDescriptorRangeStarts", dst_starts,
            dst_sizes, &r)) == UINT64_MAX
            || (src_total = ranges_total("NumSrcDescriptorRanges", src_count, "pSrcDescriptorRangeStarts",
            src_starts, src_sizes, &r)) == UINT64_MAX)
    {
        report(device, method, &r);
        return;
    }
    if (dst_total != src_total)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, "the destination ranges hold %llu "
                "descriptors and the source ranges %llu", (unsigned long long)dst_total, (unsigned long long)src_total);
        report(device, method, &r);
        return;
    }

    mk_spin_lock(&device->objects.descriptor_lock);
    valid = ranges_valid(device, simple ? "DestDescriptorRangeStart" : "pDestDescriptorRangeStarts", !simple, false,
            dst_count, dst_starts, dst_sizes, type, &r)
            && ranges_valid(device, simple ? "SrcDescriptorRangeStart" : "pSrcDescriptorRangeStarts", !simple, true,
            src_count, src_starts, src_sizes, type, &r);
    /* In order, one descriptor at a time: what the source slot holds, empty included. */
    for (done = 0; valid && done < dst_total && SUCCEEDED(hr); ++done)
    {
        while (dst_offset == range_size(dst_sizes, di))
        {
            ++di;
            dst_offset = 0;
        }
        while (src_offset == range_size(src_sizes, si))
        {
            ++si;
            src_offset = 0;
        }
        if (!dst_offset)
            dst_heap = range_start(device, dst_starts[di], &dst_first);
        if (!src_offset)
            src_heap = range_start(device, src_starts[si], &src_first);
        if (FAILED(hr = obj_descriptor_heap_copy(dst_heap, dst_first + dst_offset, src_heap, src_first + src_offset)))
            failed_at = dst_starts[di].ptr + (SIZE_T)dst_offset * dst_heap->increment;
        ++dst_offset;
        ++src_offset;
    }
    mk_spin_unlock(&device->objects.descriptor_lock);
    if (!valid)
        report(device, method, &r);
    else if (FAILED(hr))
        dbg_report(device->debug, D3D12_MESSAGE_ID_MOCKD3D12_DESCRIPTOR_OUT_OF_MEMORY, method,
                (unsigned long long)failed_at);
}

void STDMETHODCALLTYPE d3d12_device_CopyDescriptors(ID3D12Device17 *iface, UINT dst_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *dst_starts, const UINT *dst_sizes, UINT src_count,
        const D3D12_CPU_DESCRIPTOR_HANDLE *src_starts, const UINT *src_sizes, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    copy_descriptors(impl_from_ID3D12Device17(iface), false, dst_count, dst_starts, dst_sizes, src_count,
            src_starts, src_sizes, type);
}

void STDMETHODCALLTYPE d3d12_device_CopyDescriptorsSimple(ID3D12Device17 *iface, UINT count,
        D3D12_CPU_DESCRIPTOR_HANDLE dst, D3D12_CPU_DESCRIPTOR_HANDLE src, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    copy_descriptors(impl_from_ID3D12Device17(iface), true, 1, &dst, &count, 1, &src, &count, type);
}
