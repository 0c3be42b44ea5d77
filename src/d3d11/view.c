/*
 * Views of libd3d11's resources: ID3D11Device::CreateShaderResourceView,
 * CreateRenderTargetView, CreateDepthStencilView, CreateUnorderedAccessView
 * and ID3D11Device3's ...1 forms validate a description against the
 * resource as Wine's test_create_shader_resource_view,
 * test_create_rendertarget_view, test_create_depthstencil_view and
 * test_create_unordered_access_view record Windows, complete it (NULL: the
 * resource's default view; ~0u counts: to the end) and return a view that
 * answers GetDesc(1) and GetResource. A view keeps its resource alive
 * without changing the count the application sees. Every refusal is
 * E_INVALIDARG with the out pointer cleared, and on a debug device a message
 * naming the problem. docs/d3d11.md "Views".
 *
 * The four description types are read into one shape (struct view_shape,
 * whose dimensions are D3D11_SRV_DIMENSION's values, a superset of the
 * others') so that one function validates them all.
 */
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "resource.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum view_kind { VIEW_SRV, VIEW_RTV, VIEW_DSV, VIEW_UAV };

/* The debug layer's message of each kind's refusals (data/d3d11-messages.tsv). */
static const enum d3d11_message_key view_messages[] =
{
    D3D11_MSG_SRV_REFUSED, D3D11_MSG_RTV_REFUSED, D3D11_MSG_DSV_REFUSED, D3D11_MSG_UAV_REFUSED,
};

/* A view description of any kind. */
struct view_shape
{
    DXGI_FORMAT format;
    D3D11_SRV_DIMENSION dimension;
    UINT first_mip, mips;       /* SRVs: a range; the others: MipSlice, 1 */
    UINT first_slice, slices;   /* array slices, 3D W slices, or (cube arrays) the first face and the cube count */
    UINT first_element, elements, buffer_flags;
    UINT plane, dsv_flags;
};

struct d3d11_view
{
    /* ID3D11ShaderResourceView1, ID3D11RenderTargetView1,
     * ID3D11DepthStencilView or ID3D11UnorderedAccessView1. */
    ID3D11View ID3D11View_iface;
    struct mk_object obj;               /* its parent: the device */
    enum view_kind kind;
    struct d3d11_resource *resource;    /* an internal reference */
    struct view_shape shape;
};

static struct d3d11_view *impl_from_view(void *iface)
{
    return (struct d3d11_view *)((char *)iface - offsetof(struct d3d11_view, ID3D11View_iface));
}

/* ---- Descriptions in and out ---- */

/* Where the fields of a view shape lie in a description's union, in UINTs
 * (-1: the dimension has no such field), per kind and dimension (the SRV
 * values; a DSV's are one below from TEXTURE1D on). The ...1 descriptions add
 * PlaneSlice at the end of the 2D members, so the other offsets are the same
 * in both; PlaneSlice is read and written in ...1 descriptions only. */
struct view_fields
{
    int8_t first_mip, mips, first_slice, slices, plane, first_element, elements, flags;
};

#define NONE -1
static const struct view_fields srv_fields[] =
{
    [D3D11_SRV_DIMENSION_BUFFER] = {NONE, NONE, NONE, NONE, NONE, 0, 1, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE1D] = {0, 1, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE1DARRAY] = {0, 1, 2, 3, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2D] = {0, 1, NONE, NONE, 2, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DARRAY] = {0, 1, 2, 3, 4, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DMS] = {NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY] = {NONE, NONE, 0, 1, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE3D] = {0, 1, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURECUBE] = {0, 1, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURECUBEARRAY] = {0, 1, 2, 3, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_BUFFEREX] = {NONE, NONE, NONE, NONE, NONE, 0, 1, 2},
};
/* Render targets and depth-stencil views (in SRV dimensions): one MipSlice. */
static const struct view_fields rtv_fields[] =
{
    [D3D11_SRV_DIMENSION_BUFFER] = {NONE, NONE, NONE, NONE, NONE, 0, 1, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE1D] = {0, NONE, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE1DARRAY] = {0, NONE, 1, 2, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2D] = {0, NONE, NONE, NONE, 1, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DARRAY] = {0, NONE, 1, 2, 3, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DMS] = {NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY] = {NONE, NONE, 0, 1, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE3D] = {0, NONE, 1, 2, NONE, NONE, NONE, NONE},
};
static const struct view_fields uav_fields[] =
{
    [D3D11_SRV_DIMENSION_BUFFER] = {NONE, NONE, NONE, NONE, NONE, 0, 1, 2},
    [D3D11_SRV_DIMENSION_TEXTURE1D] = {0, NONE, NONE, NONE, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE1DARRAY] = {0, NONE, 1, 2, NONE, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2D] = {0, NONE, NONE, NONE, 1, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE2DARRAY] = {0, NONE, 1, 2, 3, NONE, NONE, NONE},
    [D3D11_SRV_DIMENSION_TEXTURE3D] = {0, NONE, 1, 2, NONE, NONE, NONE, NONE},
};
#undef NONE

/* The fields of a dimension of a kind, or NULL for a dimension it has not. */
static const struct view_fields *view_fields(enum view_kind kind, UINT dimension)
{
    static const struct view_fields nothing;
    const struct view_fields *table = kind == VIEW_SRV ? srv_fields : kind == VIEW_UAV ? uav_fields : rtv_fields;
    size_t count = kind == VIEW_SRV ? ARRAY_SIZE(srv_fields) : kind == VIEW_UAV ? ARRAY_SIZE(uav_fields)
            : ARRAY_SIZE(rtv_fields);

    /* (A DSV's dimensions, dsv_dimension's, are never BUFFER or TEXTURE3D.) */
    if (!dimension || dimension >= count)
        return NULL;
    /* Unlisted entries of a table are all 0: no such dimension in that kind. */
    if (!memcmp(&table[dimension], &nothing, sizeof(nothing)))
        return NULL;
    return &table[dimension];
}

/* A description's fields (its union as UINTs) as a shape; `plane`: a ...1
 * description. An unknown dimension keeps it, for the validation to refuse. */
static void shape_read(struct view_shape *s, enum view_kind kind, DXGI_FORMAT format, UINT dimension, const UINT *u,
        bool plane)
{
    const struct view_fields *f = view_fields(kind, dimension);

    memset(s, 0, sizeof(*s));
    s->format = format;
    s->dimension = (D3D11_SRV_DIMENSION)dimension;
    s->mips = 1;
    if (!f)
        return;
#define READ(field) do { if (f->field >= 0) s->field = u[f->field]; } while (0)
    READ(first_mip);
    READ(mips);
    READ(first_slice);
    READ(slices);
    READ(first_element);
    READ(elements);
#undef READ
    if (f->flags >= 0)
        s->buffer_flags = u[f->flags];
    if (plane && f->plane >= 0)
        s->plane = u[f->plane];
}

/* A shape into a description's union (zeroed by the caller). */
static void shape_write(const struct view_shape *s, enum view_kind kind, UINT *u, bool plane)
{
    const struct view_fields *f = view_fields(kind, s->dimension);

    if (!f)
        return;
#define WRITE(field) do { if (f->field >= 0) u[f->field] = s->field; } while (0)
    WRITE(first_mip);
    WRITE(mips);
    WRITE(first_slice);
    WRITE(slices);
    WRITE(first_element);
    WRITE(elements);
#undef WRITE
    if (f->flags >= 0)
        u[f->flags] = s->buffer_flags;
    if (plane && f->plane >= 0)
        u[f->plane] = s->plane;
}

/* A DSV's dimension in SRV values (0xffff for none). */
static UINT dsv_dimension(D3D11_DSV_DIMENSION dimension)
{
    return dimension == D3D11_DSV_DIMENSION_UNKNOWN || dimension > D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY
            ? 0xffff : (UINT)dimension + 1;
}

/* ---- Validation ---- */

static bool is_cube(const struct d3d11_resource *r)
{
    return r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && (r->desc.misc & D3D11_RESOURCE_MISC_TEXTURECUBE);
}

/* The default view of a resource (a NULL description), or false when it
 * has none: a buffer that is not structured, a TYPELESS texture. */
static bool default_shape(enum view_kind kind, const struct d3d11_resource *r, struct view_shape *s)
{
    const struct mk_format_layout *layout = mk_format_layout(r->desc.format);
    bool ms = r->desc.samples.Count > 1;

    memset(s, 0, sizeof(*s));
    s->format = r->desc.format;
    s->mips = kind == VIEW_SRV ? r->desc.mips : 1;
    s->slices = r->desc.array_size;
    switch (r->desc.dimension)
    {
        case D3D11_RESOURCE_DIMENSION_BUFFER:
            if (!(r->desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) || !r->desc.stride || kind == VIEW_RTV || kind == VIEW_DSV)
                return false;
            s->dimension = D3D11_SRV_DIMENSION_BUFFER;
            s->elements = r->desc.width / r->desc.stride;
            s->mips = s->slices = 0;
            return true;
        case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
            s->dimension = r->desc.array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE1DARRAY : D3D11_SRV_DIMENSION_TEXTURE1D;
            break;
        case D3D11_RESOURCE_DIMENSION_TEXTURE2D:
            if (kind == VIEW_SRV && is_cube(r))
            {
                s->dimension = r->desc.array_size / 6 > 1 ? D3D11_SRV_DIMENSION_TEXTURECUBEARRAY : D3D11_SRV_DIMENSION_TEXTURECUBE;
                s->slices = r->desc.array_size / 6;
            }
            else if (ms)
                s->dimension = r->desc.array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY : D3D11_SRV_DIMENSION_TEXTURE2DMS;
            else
                s->dimension = r->desc.array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DARRAY : D3D11_SRV_DIMENSION_TEXTURE2D;
            break;
        default:
            s->dimension = D3D11_SRV_DIMENSION_TEXTURE3D;
            s->slices = kind == VIEW_SRV ? 0 : r->desc.depth;
            break;
    }
    if (s->dimension == D3D11_SRV_DIMENSION_TEXTURE1D || s->dimension == D3D11_SRV_DIMENSION_TEXTURE2D
            || s->dimension == D3D11_SRV_DIMENSION_TEXTURE2DMS || s->dimension == D3D11_SRV_DIMENSION_TEXTURECUBE)
        s->slices = 0;
    return layout && !layout->typeless;
}

/* Which view dimensions a resource dimension takes. */
static bool dimension_fits(enum view_kind kind, const struct d3d11_resource *r, D3D11_SRV_DIMENSION dimension)
{
    switch (dimension)
    {
        case D3D11_SRV_DIMENSION_BUFFER:
            return r->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER && kind != VIEW_DSV;
        case D3D11_SRV_DIMENSION_BUFFEREX:
            return r->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER && kind == VIEW_SRV;
        case D3D11_SRV_DIMENSION_TEXTURE1D:
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
            return r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D;
        case D3D11_SRV_DIMENSION_TEXTURE2D:
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
            return r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && r->desc.samples.Count == 1;
        case D3D11_SRV_DIMENSION_TEXTURE2DMS:
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            /* Windows accepts these on single-sampled textures too (Wine's
             * tests: TEX_2DMS views of 1-sample textures succeed). */
            return r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && kind != VIEW_UAV;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            return r->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D && kind != VIEW_DSV;
        case D3D11_SRV_DIMENSION_TEXTURECUBE:
        case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
            return kind == VIEW_SRV && is_cube(r);
        default:
            return false;
    }
}

static UINT mip_extent(UINT size, UINT mip)
{
    return size >> mip ? size >> mip : 1;
}

/* A range [first, first + count) of total, count ~0u meaning "to the end";
 * false when empty or outside. */
static bool fit_range(UINT first, UINT *count, UINT total)
{
    if (first >= total)
        return false;
    if (*count == ~0u)
        *count = total - first;
    return *count && *count <= total - first;
}

/* The element size of a buffer view: its format's, the stride of a
 * structured buffer (format UNKNOWN), 4 for raw views. */
static UINT element_size(const struct d3d11_resource *r, const struct view_shape *s)
{
    const struct mk_format_layout *layout = mk_format_layout(s->format);

    if (s->format == DXGI_FORMAT_UNKNOWN)
        return (r->desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) ? r->desc.stride : 0;
    return layout && layout->block_width == 1 && !(layout->bits_per_unit % 8) ? layout->bits_per_unit / 8 : 0;
}

/* Validates and completes a view shape; NULL when valid, else why not. */
static const char *validate_shape(const struct d3d11_device *device, enum view_kind kind, const struct d3d11_resource *r,
        struct view_shape *s)
{
    static const UINT binds[] =
    {
        D3D11_BIND_SHADER_RESOURCE, D3D11_BIND_RENDER_TARGET, D3D11_BIND_DEPTH_STENCIL, D3D11_BIND_UNORDERED_ACCESS,
    };
    const struct mk_format_layout *resource_format = mk_format_layout(r->desc.format), *view_format;
    bool buffer = r->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER;
    bool raw = (kind == VIEW_SRV && s->dimension == D3D11_SRV_DIMENSION_BUFFEREX
                && (s->buffer_flags & D3D11_BUFFEREX_SRV_FLAG_RAW))
            || (kind == VIEW_UAV && (s->buffer_flags & D3D11_BUFFER_UAV_FLAG_RAW));
    UINT support = 0, support2, size, plane_count;

    if (!(r->desc.bind & binds[kind]))
        return "the resource was not created with the bind flag this view needs";
    if (!dimension_fits(kind, r, s->dimension))
        return "ViewDimension does not fit the resource's dimension, sample count or cube flag";
    /* The format: the resource's (UNKNOWN), or of the TYPELESS resource's family. */
    if (s->format == DXGI_FORMAT_UNKNOWN && !buffer)
        s->format = r->desc.format;
    view_format = mk_format_layout(s->format);
    if (!buffer)
    {
        if (!view_format || (view_format->typeless && !raw))
            return "the view's format is UNKNOWN on a TYPELESS resource, or TYPELESS";
        if (s->format != r->desc.format && !(resource_format && resource_format->typeless && view_format->parent == r->desc.format))
            return "the view's format is neither the resource's nor of the TYPELESS resource's cast family";
    }
    else if (s->format == DXGI_FORMAT_UNKNOWN ? !(r->desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)
            : (r->desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) != 0)
        return "a structured buffer's view has format UNKNOWN, any other buffer's a format";
    if (raw && (s->format != DXGI_FORMAT_R32_TYPELESS || !(r->desc.misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)))
        return "a raw view needs R32_TYPELESS and a buffer created with BUFFER_ALLOW_RAW_VIEWS";
    if (s->format != DXGI_FORMAT_UNKNOWN && !raw)
    {
        if (FAILED(d3d11_format_support(device->d3d12, device->feature_level, s->format, &support, &support2)))
            support = 0;
        if ((kind == VIEW_SRV && !(support & (buffer ? D3D11_FORMAT_SUPPORT_BUFFER
                    : D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE)))
                || (kind == VIEW_RTV && !(support & D3D11_FORMAT_SUPPORT_RENDER_TARGET))
                || (kind == VIEW_DSV && !(support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL))
                || (kind == VIEW_UAV && !(support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)))
            return "the view's format does not support this view at the device's feature level";
    }
    if (buffer)
    {
        if (kind == VIEW_SRV && s->dimension == D3D11_SRV_DIMENSION_BUFFEREX && (s->buffer_flags & ~(UINT)D3D11_BUFFEREX_SRV_FLAG_RAW))
            return "BufferEx.Flags has unknown bits";
        if (kind == VIEW_UAV && ((s->buffer_flags & ~(UINT)(D3D11_BUFFER_UAV_FLAG_RAW | D3D11_BUFFER_UAV_FLAG_APPEND
                | D3D11_BUFFER_UAV_FLAG_COUNTER)) || ((s->buffer_flags & (D3D11_BUFFER_UAV_FLAG_APPEND
                | D3D11_BUFFER_UAV_FLAG_COUNTER)) && !(r->desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
                || (s->buffer_flags & D3D11_BUFFER_UAV_FLAG_APPEND && s->buffer_flags & D3D11_BUFFER_UAV_FLAG_COUNTER)))
            return "Buffer.Flags has unknown bits, APPEND/COUNTER on a buffer that is not structured, or both";
        size = raw ? 4 : element_size(r, s);
        if (!size || !s->elements || s->first_element > r->desc.width / size
                || s->elements > r->desc.width / size - s->first_element)
            return "the elements do not fit the buffer (or the format has no element size)";
        s->mips = s->slices = 0;
        return NULL;
    }
    if (kind == VIEW_DSV && (s->dsv_flags & ~(UINT)(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL)))
        return "Flags has bits other than READ_ONLY_DEPTH and READ_ONLY_STENCIL";
    if (kind == VIEW_DSV && s->dsv_flags && device->feature_level < D3D_FEATURE_LEVEL_11_0)
        return "read-only depth-stencil views need feature level 11_0";
    plane_count = view_format && view_format->planar_video ? view_format->copy_planes : 1;
    if (s->plane >= plane_count)
        return "PlaneSlice is not a plane of the format";
    /* Mips: a range for SRVs, one MipSlice for the others. */
    if (kind == VIEW_SRV && s->dimension != D3D11_SRV_DIMENSION_TEXTURE2DMS
            && s->dimension != D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)
    {
        if (!fit_range(s->first_mip, &s->mips, r->desc.mips))
            return "MostDetailedMip and MipLevels are not a range of the resource's mips";
    }
    else if (s->first_mip >= r->desc.mips)
        return "MipSlice is not a mip of the resource";
    switch (s->dimension)
    {
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            if (!fit_range(s->first_slice, &s->slices, r->desc.array_size))
                return "FirstArraySlice and ArraySize are not a range of the resource's array slices";
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
            if (s->slices == ~0u)
                s->slices = s->first_slice < r->desc.array_size ? (r->desc.array_size - s->first_slice) / 6 : 0;
            if (!s->slices || s->first_slice >= r->desc.array_size || s->slices > (r->desc.array_size - s->first_slice) / 6)
                return "First2DArrayFace and NumCubes are not whole cubes of the resource's faces";
            break;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            if (kind != VIEW_SRV && !fit_range(s->first_slice, &s->slices, mip_extent(r->desc.depth, s->first_mip)))
                return "FirstWSlice and WSize are not a range of the mip's depth slices";
            break;
        default:
            break;
    }
    return NULL;
}

/* ---- The objects ---- */

static void view_destroy(struct mk_object *object)
{
    d3d11_resource_unretain(MK_OBJECT_IMPL(struct d3d11_view, obj, object)->resource);
}

static struct mk_object *view_object(void *iface)
{
    return &impl_from_view(iface)->obj;
}

/* One class per kind: IUnknown, ID3D11DeviceChild, ID3D11View, the kind's
 * interface and (but for depth-stencil views) its ...1 from D3D11.3. */
#define VIEW_INTERFACE(iid) MK_INTERFACE_AT(struct d3d11_view, obj, ID3D11View_iface, iid)
#define VIEW_INTERFACE_11_3(iid) MK_INTERFACE_IF(struct d3d11_view, obj, ID3D11View_iface, iid, \
        MOCKD3D12_D3D11_RUNTIME_11_3)
#define VIEW_CLASS(var, interface, ...) \
    static const struct mk_interface var##_interfaces[] = \
    { \
        VIEW_INTERFACE(IID_IUnknown), VIEW_INTERFACE(IID_ID3D11DeviceChild), VIEW_INTERFACE(IID_ID3D11View), \
        __VA_ARGS__ \
    }; \
    static const struct mk_object_class var##_class = MK_OBJECT_CLASS(struct d3d11_view, var##_interfaces, \
            .name = interface, .kind = D3D11_KIND_VIEW, .flags = MK_OBJECT_PARENT_WHILE_PUBLIC, \
            .self_iid = &mk_d3d11_child_iid, .destroy = view_destroy, .available = d3d11_runtime_at_least);
VIEW_CLASS(srv, "ID3D11ShaderResourceView", VIEW_INTERFACE(IID_ID3D11ShaderResourceView),
        VIEW_INTERFACE_11_3(IID_ID3D11ShaderResourceView1))
VIEW_CLASS(rtv, "ID3D11RenderTargetView", VIEW_INTERFACE(IID_ID3D11RenderTargetView),
        VIEW_INTERFACE_11_3(IID_ID3D11RenderTargetView1))
VIEW_CLASS(dsv, "ID3D11DepthStencilView", VIEW_INTERFACE(IID_ID3D11DepthStencilView))
VIEW_CLASS(uav, "ID3D11UnorderedAccessView", VIEW_INTERFACE(IID_ID3D11UnorderedAccessView),
        VIEW_INTERFACE_11_3(IID_ID3D11UnorderedAccessView1))
#undef VIEW_CLASS
#undef VIEW_INTERFACE_11_3
#undef VIEW_INTERFACE

/* The resource, with a reference the caller releases. */
static void view_get_resource(struct d3d11_view *view, ID3D11Resource **out)
{
    if (!out)
        return;
    ID3D11Resource_AddRef(&view->resource->ID3D11Resource_iface);
    *out = &view->resource->ID3D11Resource_iface;
}

/* GetDesc and GetDesc1 of a kind: `desc` is its description, `u` its union. */
#define VIEW_GET_DESC(prefix, type, desc_type, dimension_type, kind, plane) \
    static void STDMETHODCALLTYPE prefix(type *iface, desc_type *desc) \
    { \
        const struct view_shape *s = &impl_from_view(iface)->shape; \
        if (!desc) \
            return; \
        memset(desc, 0, sizeof(*desc)); \
        desc->Format = s->format; \
        desc->ViewDimension = (dimension_type)s->dimension; \
        shape_write(s, kind, (UINT *)&desc->Buffer, plane); \
    }

VIEW_GET_DESC(srv_GetDesc, ID3D11ShaderResourceView1, D3D11_SHADER_RESOURCE_VIEW_DESC, D3D11_SRV_DIMENSION, VIEW_SRV,
        false)
VIEW_GET_DESC(srv_GetDesc1, ID3D11ShaderResourceView1, D3D11_SHADER_RESOURCE_VIEW_DESC1, D3D11_SRV_DIMENSION, VIEW_SRV,
        true)
VIEW_GET_DESC(rtv_GetDesc, ID3D11RenderTargetView1, D3D11_RENDER_TARGET_VIEW_DESC, D3D11_RTV_DIMENSION, VIEW_RTV, false)
VIEW_GET_DESC(rtv_GetDesc1, ID3D11RenderTargetView1, D3D11_RENDER_TARGET_VIEW_DESC1, D3D11_RTV_DIMENSION, VIEW_RTV,
        true)
VIEW_GET_DESC(uav_GetDesc, ID3D11UnorderedAccessView1, D3D11_UNORDERED_ACCESS_VIEW_DESC, D3D11_UAV_DIMENSION, VIEW_UAV,
        false)
VIEW_GET_DESC(uav_GetDesc1, ID3D11UnorderedAccessView1, D3D11_UNORDERED_ACCESS_VIEW_DESC1, D3D11_UAV_DIMENSION,
        VIEW_UAV, true)

static void STDMETHODCALLTYPE dsv_GetDesc(ID3D11DepthStencilView *iface, D3D11_DEPTH_STENCIL_VIEW_DESC *desc)
{
    const struct view_shape *s = &impl_from_view(iface)->shape;

    if (!desc)
        return;
    memset(desc, 0, sizeof(*desc));
    desc->Format = s->format;
    desc->ViewDimension = (D3D11_DSV_DIMENSION)(s->dimension - 1);
    desc->Flags = s->dsv_flags;
    shape_write(s, VIEW_DSV, (UINT *)&desc->Texture1D, false);
}

/* The ID3D11View methods of one view interface. */
#define VIEW_METHODS(type, prefix) \
    D3D11_CHILD_METHODS(type, prefix, view_object) \
    static void STDMETHODCALLTYPE prefix##_GetResource(type *iface, ID3D11Resource **out) \
    { \
        view_get_resource(impl_from_view(iface), out); \
    }

#define VIEW_VTBL_ENTRIES(prefix) D3D11_CHILD_VTBL_ENTRIES(prefix), prefix##_GetResource

VIEW_METHODS(ID3D11ShaderResourceView1, srv)
VIEW_METHODS(ID3D11RenderTargetView1, rtv)
VIEW_METHODS(ID3D11DepthStencilView, dsv)
VIEW_METHODS(ID3D11UnorderedAccessView1, uav)

static const ID3D11ShaderResourceView1Vtbl srv_vtbl = {VIEW_VTBL_ENTRIES(srv), srv_GetDesc, srv_GetDesc1};
static const ID3D11RenderTargetView1Vtbl rtv_vtbl = {VIEW_VTBL_ENTRIES(rtv), rtv_GetDesc, rtv_GetDesc1};
static const ID3D11DepthStencilViewVtbl dsv_vtbl = {VIEW_VTBL_ENTRIES(dsv), dsv_GetDesc};
static const ID3D11UnorderedAccessView1Vtbl uav_vtbl = {VIEW_VTBL_ENTRIES(uav), uav_GetDesc, uav_GetDesc1};

/* Validates (desc_shape NULL: the default view) and creates a view. */
static HRESULT create_view(ID3D11Device5 *iface, enum view_kind kind, ID3D11Resource *object,
        const struct view_shape *desc_shape, void **out)
{
    static const void *const vtbls[] = {&srv_vtbl, &rtv_vtbl, &dsv_vtbl, &uav_vtbl};
    static const struct mk_object_class *const classes[] = {&srv_class, &rtv_class, &dsv_class, &uav_class};
    struct d3d11_device *device = d3d11_device_from_iface(iface);
    struct d3d11_resource *resource = d3d11_unsafe_resource(object);
    struct d3d11_view *view;
    struct view_shape shape;
    const char *why = NULL;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!resource)
        why = "pResource is NULL or not one of this runtime's resources";
    else if (desc_shape)
        shape = *desc_shape;
    else if (!default_shape(kind, resource, &shape))
        why = "a NULL description needs a typed texture or a structured buffer";
    if (!why)
        why = validate_shape(device, kind, resource, &shape);
    if (why)
    {
        d3d11_report(device, view_messages[kind], why, d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (FAILED(hr = d3d11_device_removed(device)))
        return hr;
    if (!(view = mk_calloc(1, sizeof(*view))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    view->ID3D11View_iface.lpVtbl = (ID3D11ViewVtbl *)vtbls[kind];
    view->kind = kind;
    view->shape = shape;
    view->resource = resource;
    d3d11_resource_retain(resource);
    mk_object_init(&view->obj, classes[kind], (IUnknown *)&device->ID3D11Device5_iface, &device->children);
    *out = &view->ID3D11View_iface;
    return S_OK;
}

/* The Create*View methods: a description (NULL: the default view) read into a shape. */
#define VIEW_CREATE(name, view_type, desc_type, kind, plane) \
    HRESULT STDMETHODCALLTYPE d3d11_device_##name(ID3D11Device5 *iface, ID3D11Resource *resource, \
            const desc_type *desc, view_type **view) \
    { \
        struct view_shape shape; \
        if (desc) \
            shape_read(&shape, kind, desc->Format, desc->ViewDimension, (const UINT *)&desc->Buffer, plane); \
        return create_view(iface, kind, resource, desc ? &shape : NULL, (void **)view); \
    }

VIEW_CREATE(CreateShaderResourceView, ID3D11ShaderResourceView, D3D11_SHADER_RESOURCE_VIEW_DESC, VIEW_SRV, false)
VIEW_CREATE(CreateShaderResourceView1, ID3D11ShaderResourceView1, D3D11_SHADER_RESOURCE_VIEW_DESC1, VIEW_SRV, true)
VIEW_CREATE(CreateRenderTargetView, ID3D11RenderTargetView, D3D11_RENDER_TARGET_VIEW_DESC, VIEW_RTV, false)
VIEW_CREATE(CreateRenderTargetView1, ID3D11RenderTargetView1, D3D11_RENDER_TARGET_VIEW_DESC1, VIEW_RTV, true)
VIEW_CREATE(CreateUnorderedAccessView, ID3D11UnorderedAccessView, D3D11_UNORDERED_ACCESS_VIEW_DESC, VIEW_UAV, false)
VIEW_CREATE(CreateUnorderedAccessView1, ID3D11UnorderedAccessView1, D3D11_UNORDERED_ACCESS_VIEW_DESC1, VIEW_UAV, true)

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDepthStencilView(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_DEPTH_STENCIL_VIEW_DESC *desc, ID3D11DepthStencilView **view)
{
    struct view_shape shape;

    if (desc)
    {
        shape_read(&shape, VIEW_DSV, desc->Format, dsv_dimension(desc->ViewDimension), (const UINT *)&desc->Texture1D,
                false);
        shape.dsv_flags = desc->Flags;
    }
    return create_view(iface, VIEW_DSV, resource, desc ? &shape : NULL, (void **)view);
}

/* ---- For the clears (src/d3d11/clear.c) ---- */

bool d3d11_view_range(void *iface, enum d3d11_view_kind kind, struct d3d11_view_range *range)
{
    static const void *const vtbls[] = {NULL, &rtv_vtbl, &dsv_vtbl, &uav_vtbl};
    const struct view_shape *s;
    struct d3d11_view *view;
    const struct d3d11_resource *r;

    if (!iface || ((ID3D11View *)iface)->lpVtbl != (const void *)vtbls[kind])
        return false;
    view = impl_from_view(iface);
    s = &view->shape;
    r = view->resource;
    memset(range, 0, sizeof(*range));
    range->resource = view->resource;
    range->format = s->format;
    if (r->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
    {
        range->first_element = s->first_element;
        range->elements = s->elements;
        range->words = s->format == DXGI_FORMAT_UNKNOWN || (s->buffer_flags & D3D11_BUFFER_UAV_FLAG_RAW);
        range->element_size = s->format == DXGI_FORMAT_UNKNOWN ? r->desc.stride
                : range->words ? 4 : element_size(r, s);
        return true;
    }
    range->mip = s->first_mip;
    switch (s->dimension)
    {
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            range->first_slice = s->first_slice;
            range->slices = s->slices;
            break;
        default:
            range->slices = 1;
            break;
    }
    return true;
}
