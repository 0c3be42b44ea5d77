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
    struct d3d11_child child;
    enum view_kind kind;
    struct d3d11_device *device;        /* holds a reference */
    struct d3d11_resource *resource;    /* an internal reference */
    struct view_shape shape;
    struct mk_private_data private_data;
};

static struct d3d11_view *impl_from_view(void *iface)
{
    return (struct d3d11_view *)((char *)iface - offsetof(struct d3d11_view, ID3D11View_iface));
}

/* ---- Descriptions in and out ---- */

static void shape_from_srv(struct view_shape *s, const D3D11_SHADER_RESOURCE_VIEW_DESC1 *d)
{
    memset(s, 0, sizeof(*s));
    s->format = d->Format;
    s->dimension = d->ViewDimension;
    s->mips = 1;
    switch (d->ViewDimension)
    {
        case D3D11_SRV_DIMENSION_BUFFER:
            s->first_element = d->Buffer.FirstElement;
            s->elements = d->Buffer.NumElements;
            break;
        case D3D11_SRV_DIMENSION_BUFFEREX:
            s->first_element = d->BufferEx.FirstElement;
            s->elements = d->BufferEx.NumElements;
            s->buffer_flags = d->BufferEx.Flags;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE1D:
            s->first_mip = d->Texture1D.MostDetailedMip;
            s->mips = d->Texture1D.MipLevels;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
            s->first_mip = d->Texture1DArray.MostDetailedMip;
            s->mips = d->Texture1DArray.MipLevels;
            s->first_slice = d->Texture1DArray.FirstArraySlice;
            s->slices = d->Texture1DArray.ArraySize;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2D:
            s->first_mip = d->Texture2D.MostDetailedMip;
            s->mips = d->Texture2D.MipLevels;
            s->plane = d->Texture2D.PlaneSlice;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
            s->first_mip = d->Texture2DArray.MostDetailedMip;
            s->mips = d->Texture2DArray.MipLevels;
            s->first_slice = d->Texture2DArray.FirstArraySlice;
            s->slices = d->Texture2DArray.ArraySize;
            s->plane = d->Texture2DArray.PlaneSlice;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            s->first_slice = d->Texture2DMSArray.FirstArraySlice;
            s->slices = d->Texture2DMSArray.ArraySize;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            s->first_mip = d->Texture3D.MostDetailedMip;
            s->mips = d->Texture3D.MipLevels;
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBE:
            s->first_mip = d->TextureCube.MostDetailedMip;
            s->mips = d->TextureCube.MipLevels;
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
            s->first_mip = d->TextureCubeArray.MostDetailedMip;
            s->mips = d->TextureCubeArray.MipLevels;
            s->first_slice = d->TextureCubeArray.First2DArrayFace;
            s->slices = d->TextureCubeArray.NumCubes;
            break;
        default:
            break;
    }
}

static void srv_from_shape(D3D11_SHADER_RESOURCE_VIEW_DESC1 *d, const struct view_shape *s)
{
    memset(d, 0, sizeof(*d));
    d->Format = s->format;
    d->ViewDimension = s->dimension;
    switch (s->dimension)
    {
        case D3D11_SRV_DIMENSION_BUFFER:
            d->Buffer.FirstElement = s->first_element;
            d->Buffer.NumElements = s->elements;
            break;
        case D3D11_SRV_DIMENSION_BUFFEREX:
            d->BufferEx.FirstElement = s->first_element;
            d->BufferEx.NumElements = s->elements;
            d->BufferEx.Flags = s->buffer_flags;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE1D:
            d->Texture1D.MostDetailedMip = s->first_mip;
            d->Texture1D.MipLevels = s->mips;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
            d->Texture1DArray.MostDetailedMip = s->first_mip;
            d->Texture1DArray.MipLevels = s->mips;
            d->Texture1DArray.FirstArraySlice = s->first_slice;
            d->Texture1DArray.ArraySize = s->slices;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2D:
            d->Texture2D.MostDetailedMip = s->first_mip;
            d->Texture2D.MipLevels = s->mips;
            d->Texture2D.PlaneSlice = s->plane;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
            d->Texture2DArray.MostDetailedMip = s->first_mip;
            d->Texture2DArray.MipLevels = s->mips;
            d->Texture2DArray.FirstArraySlice = s->first_slice;
            d->Texture2DArray.ArraySize = s->slices;
            d->Texture2DArray.PlaneSlice = s->plane;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            d->Texture2DMSArray.FirstArraySlice = s->first_slice;
            d->Texture2DMSArray.ArraySize = s->slices;
            break;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            d->Texture3D.MostDetailedMip = s->first_mip;
            d->Texture3D.MipLevels = s->mips;
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBE:
            d->TextureCube.MostDetailedMip = s->first_mip;
            d->TextureCube.MipLevels = s->mips;
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
            d->TextureCubeArray.MostDetailedMip = s->first_mip;
            d->TextureCubeArray.MipLevels = s->mips;
            d->TextureCubeArray.First2DArrayFace = s->first_slice;
            d->TextureCubeArray.NumCubes = s->slices;
            break;
        default:
            break;
    }
}

/* RTVs and UAVs: one mip (MipSlice); their dimensions are SRV values but
 * for the UAV buffer flags. */
static void shape_from_rtv(struct view_shape *s, const D3D11_RENDER_TARGET_VIEW_DESC1 *d)
{
    memset(s, 0, sizeof(*s));
    s->format = d->Format;
    s->dimension = (D3D11_SRV_DIMENSION)d->ViewDimension;
    s->mips = 1;
    switch (d->ViewDimension)
    {
        case D3D11_RTV_DIMENSION_BUFFER:
            s->first_element = d->Buffer.FirstElement;
            s->elements = d->Buffer.NumElements;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE1D: s->first_mip = d->Texture1D.MipSlice; break;
        case D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
            s->first_mip = d->Texture1DArray.MipSlice;
            s->first_slice = d->Texture1DArray.FirstArraySlice;
            s->slices = d->Texture1DArray.ArraySize;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2D:
            s->first_mip = d->Texture2D.MipSlice;
            s->plane = d->Texture2D.PlaneSlice;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
            s->first_mip = d->Texture2DArray.MipSlice;
            s->first_slice = d->Texture2DArray.FirstArraySlice;
            s->slices = d->Texture2DArray.ArraySize;
            s->plane = d->Texture2DArray.PlaneSlice;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY:
            s->first_slice = d->Texture2DMSArray.FirstArraySlice;
            s->slices = d->Texture2DMSArray.ArraySize;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE3D:
            s->first_mip = d->Texture3D.MipSlice;
            s->first_slice = d->Texture3D.FirstWSlice;
            s->slices = d->Texture3D.WSize;
            break;
        default:
            break;
    }
}

static void rtv_from_shape(D3D11_RENDER_TARGET_VIEW_DESC1 *d, const struct view_shape *s)
{
    memset(d, 0, sizeof(*d));
    d->Format = s->format;
    d->ViewDimension = (D3D11_RTV_DIMENSION)s->dimension;
    switch (d->ViewDimension)
    {
        case D3D11_RTV_DIMENSION_BUFFER:
            d->Buffer.FirstElement = s->first_element;
            d->Buffer.NumElements = s->elements;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE1D: d->Texture1D.MipSlice = s->first_mip; break;
        case D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
            d->Texture1DArray.MipSlice = s->first_mip;
            d->Texture1DArray.FirstArraySlice = s->first_slice;
            d->Texture1DArray.ArraySize = s->slices;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2D:
            d->Texture2D.MipSlice = s->first_mip;
            d->Texture2D.PlaneSlice = s->plane;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
            d->Texture2DArray.MipSlice = s->first_mip;
            d->Texture2DArray.FirstArraySlice = s->first_slice;
            d->Texture2DArray.ArraySize = s->slices;
            d->Texture2DArray.PlaneSlice = s->plane;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY:
            d->Texture2DMSArray.FirstArraySlice = s->first_slice;
            d->Texture2DMSArray.ArraySize = s->slices;
            break;
        case D3D11_RTV_DIMENSION_TEXTURE3D:
            d->Texture3D.MipSlice = s->first_mip;
            d->Texture3D.FirstWSlice = s->first_slice;
            d->Texture3D.WSize = s->slices;
            break;
        default:
            break;
    }
}

static void shape_from_uav(struct view_shape *s, const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *d)
{
    memset(s, 0, sizeof(*s));
    s->format = d->Format;
    s->dimension = (D3D11_SRV_DIMENSION)d->ViewDimension;
    s->mips = 1;
    switch (d->ViewDimension)
    {
        case D3D11_UAV_DIMENSION_BUFFER:
            s->first_element = d->Buffer.FirstElement;
            s->elements = d->Buffer.NumElements;
            s->buffer_flags = d->Buffer.Flags;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE1D: s->first_mip = d->Texture1D.MipSlice; break;
        case D3D11_UAV_DIMENSION_TEXTURE1DARRAY:
            s->first_mip = d->Texture1DArray.MipSlice;
            s->first_slice = d->Texture1DArray.FirstArraySlice;
            s->slices = d->Texture1DArray.ArraySize;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE2D:
            s->first_mip = d->Texture2D.MipSlice;
            s->plane = d->Texture2D.PlaneSlice;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE2DARRAY:
            s->first_mip = d->Texture2DArray.MipSlice;
            s->first_slice = d->Texture2DArray.FirstArraySlice;
            s->slices = d->Texture2DArray.ArraySize;
            s->plane = d->Texture2DArray.PlaneSlice;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE3D:
            s->first_mip = d->Texture3D.MipSlice;
            s->first_slice = d->Texture3D.FirstWSlice;
            s->slices = d->Texture3D.WSize;
            break;
        default:
            break;
    }
}

static void uav_from_shape(D3D11_UNORDERED_ACCESS_VIEW_DESC1 *d, const struct view_shape *s)
{
    memset(d, 0, sizeof(*d));
    d->Format = s->format;
    d->ViewDimension = (D3D11_UAV_DIMENSION)s->dimension;
    switch (d->ViewDimension)
    {
        case D3D11_UAV_DIMENSION_BUFFER:
            d->Buffer.FirstElement = s->first_element;
            d->Buffer.NumElements = s->elements;
            d->Buffer.Flags = s->buffer_flags;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE1D: d->Texture1D.MipSlice = s->first_mip; break;
        case D3D11_UAV_DIMENSION_TEXTURE1DARRAY:
            d->Texture1DArray.MipSlice = s->first_mip;
            d->Texture1DArray.FirstArraySlice = s->first_slice;
            d->Texture1DArray.ArraySize = s->slices;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE2D:
            d->Texture2D.MipSlice = s->first_mip;
            d->Texture2D.PlaneSlice = s->plane;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE2DARRAY:
            d->Texture2DArray.MipSlice = s->first_mip;
            d->Texture2DArray.FirstArraySlice = s->first_slice;
            d->Texture2DArray.ArraySize = s->slices;
            d->Texture2DArray.PlaneSlice = s->plane;
            break;
        case D3D11_UAV_DIMENSION_TEXTURE3D:
            d->Texture3D.MipSlice = s->first_mip;
            d->Texture3D.FirstWSlice = s->first_slice;
            d->Texture3D.WSize = s->slices;
            break;
        default:
            break;
    }
}

/* DSV dimensions are one below the SRV values from TEXTURE1D on. */
static void shape_from_dsv(struct view_shape *s, const D3D11_DEPTH_STENCIL_VIEW_DESC *d)
{
    memset(s, 0, sizeof(*s));
    s->format = d->Format;
    s->dimension = d->ViewDimension == D3D11_DSV_DIMENSION_UNKNOWN || d->ViewDimension > D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY
            ? (D3D11_SRV_DIMENSION)0xffff : (D3D11_SRV_DIMENSION)(d->ViewDimension + 1);
    s->mips = 1;
    s->dsv_flags = d->Flags;
    switch (d->ViewDimension)
    {
        case D3D11_DSV_DIMENSION_TEXTURE1D: s->first_mip = d->Texture1D.MipSlice; break;
        case D3D11_DSV_DIMENSION_TEXTURE1DARRAY:
            s->first_mip = d->Texture1DArray.MipSlice;
            s->first_slice = d->Texture1DArray.FirstArraySlice;
            s->slices = d->Texture1DArray.ArraySize;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2D: s->first_mip = d->Texture2D.MipSlice; break;
        case D3D11_DSV_DIMENSION_TEXTURE2DARRAY:
            s->first_mip = d->Texture2DArray.MipSlice;
            s->first_slice = d->Texture2DArray.FirstArraySlice;
            s->slices = d->Texture2DArray.ArraySize;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY:
            s->first_slice = d->Texture2DMSArray.FirstArraySlice;
            s->slices = d->Texture2DMSArray.ArraySize;
            break;
        default:
            break;
    }
}

static void dsv_from_shape(D3D11_DEPTH_STENCIL_VIEW_DESC *d, const struct view_shape *s)
{
    memset(d, 0, sizeof(*d));
    d->Format = s->format;
    d->ViewDimension = (D3D11_DSV_DIMENSION)(s->dimension - 1);
    d->Flags = s->dsv_flags;
    switch (d->ViewDimension)
    {
        case D3D11_DSV_DIMENSION_TEXTURE1D: d->Texture1D.MipSlice = s->first_mip; break;
        case D3D11_DSV_DIMENSION_TEXTURE1DARRAY:
            d->Texture1DArray.MipSlice = s->first_mip;
            d->Texture1DArray.FirstArraySlice = s->first_slice;
            d->Texture1DArray.ArraySize = s->slices;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2D: d->Texture2D.MipSlice = s->first_mip; break;
        case D3D11_DSV_DIMENSION_TEXTURE2DARRAY:
            d->Texture2DArray.MipSlice = s->first_mip;
            d->Texture2DArray.FirstArraySlice = s->first_slice;
            d->Texture2DArray.ArraySize = s->slices;
            break;
        case D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY:
            d->Texture2DMSArray.FirstArraySlice = s->first_slice;
            d->Texture2DMSArray.ArraySize = s->slices;
            break;
        default:
            break;
    }
}

/* ---- Validation ---- */

static bool is_cube(const struct d3d11_resource *r)
{
    return r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && (r->misc & D3D11_RESOURCE_MISC_TEXTURECUBE);
}

/* The default view of a resource (a NULL description), or false when it
 * has none: a buffer that is not structured, a TYPELESS texture. */
static bool default_shape(enum view_kind kind, const struct d3d11_resource *r, struct view_shape *s)
{
    const struct mk_format_layout *layout = d3d11_format_layout(r->format);
    bool ms = r->samples.Count > 1;

    memset(s, 0, sizeof(*s));
    s->format = r->format;
    s->mips = kind == VIEW_SRV ? r->mips : 1;
    s->slices = r->array_size;
    switch (r->dimension)
    {
        case D3D11_RESOURCE_DIMENSION_BUFFER:
            if (!(r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) || !r->stride || kind == VIEW_RTV || kind == VIEW_DSV)
                return false;
            s->dimension = D3D11_SRV_DIMENSION_BUFFER;
            s->elements = r->width / r->stride;
            s->mips = s->slices = 0;
            return true;
        case D3D11_RESOURCE_DIMENSION_TEXTURE1D:
            s->dimension = r->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE1DARRAY : D3D11_SRV_DIMENSION_TEXTURE1D;
            break;
        case D3D11_RESOURCE_DIMENSION_TEXTURE2D:
            if (kind == VIEW_SRV && is_cube(r))
            {
                s->dimension = r->array_size / 6 > 1 ? D3D11_SRV_DIMENSION_TEXTURECUBEARRAY : D3D11_SRV_DIMENSION_TEXTURECUBE;
                s->slices = r->array_size / 6;
            }
            else if (ms)
                s->dimension = r->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY : D3D11_SRV_DIMENSION_TEXTURE2DMS;
            else
                s->dimension = r->array_size > 1 ? D3D11_SRV_DIMENSION_TEXTURE2DARRAY : D3D11_SRV_DIMENSION_TEXTURE2D;
            break;
        default:
            s->dimension = D3D11_SRV_DIMENSION_TEXTURE3D;
            s->slices = kind == VIEW_SRV ? 0 : r->depth;
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
            return r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER && kind != VIEW_DSV;
        case D3D11_SRV_DIMENSION_BUFFEREX:
            return r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER && kind == VIEW_SRV;
        case D3D11_SRV_DIMENSION_TEXTURE1D:
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
            return r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D;
        case D3D11_SRV_DIMENSION_TEXTURE2D:
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
            return r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && r->samples.Count == 1;
        case D3D11_SRV_DIMENSION_TEXTURE2DMS:
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            /* Windows accepts these on single-sampled textures too (Wine's
             * tests: TEX_2DMS views of 1-sample textures succeed). */
            return r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && kind != VIEW_UAV;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            return r->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D && kind != VIEW_DSV;
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
    const struct mk_format_layout *layout = d3d11_format_layout(s->format);

    if (s->format == DXGI_FORMAT_UNKNOWN)
        return (r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) ? r->stride : 0;
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
    const struct mk_format_layout *resource_format = d3d11_format_layout(r->format), *view_format;
    bool buffer = r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER;
    bool raw = (kind == VIEW_SRV && s->dimension == D3D11_SRV_DIMENSION_BUFFEREX
                && (s->buffer_flags & D3D11_BUFFEREX_SRV_FLAG_RAW))
            || (kind == VIEW_UAV && (s->buffer_flags & D3D11_BUFFER_UAV_FLAG_RAW));
    UINT support = 0, support2, size, plane_count;

    if (!(r->bind & binds[kind]))
        return "the resource was not created with the bind flag this view needs";
    if (!dimension_fits(kind, r, s->dimension))
        return "ViewDimension does not fit the resource's dimension, sample count or cube flag";
    /* The format: the resource's (UNKNOWN), or of the TYPELESS resource's family. */
    if (s->format == DXGI_FORMAT_UNKNOWN && !buffer)
        s->format = r->format;
    view_format = d3d11_format_layout(s->format);
    if (!buffer)
    {
        if (!view_format || (view_format->typeless && !raw))
            return "the view's format is UNKNOWN on a TYPELESS resource, or TYPELESS";
        if (s->format != r->format && !(resource_format && resource_format->typeless && view_format->parent == r->format))
            return "the view's format is neither the resource's nor of the TYPELESS resource's cast family";
    }
    else if (s->format == DXGI_FORMAT_UNKNOWN ? !(r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)
            : (r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) != 0)
        return "a structured buffer's view has format UNKNOWN, any other buffer's a format";
    if (raw && (s->format != DXGI_FORMAT_R32_TYPELESS || !(r->misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)))
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
                | D3D11_BUFFER_UAV_FLAG_COUNTER)) && !(r->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
                || (s->buffer_flags & D3D11_BUFFER_UAV_FLAG_APPEND && s->buffer_flags & D3D11_BUFFER_UAV_FLAG_COUNTER)))
            return "Buffer.Flags has unknown bits, APPEND/COUNTER on a buffer that is not structured, or both";
        size = raw ? 4 : element_size(r, s);
        if (!size || !s->elements || s->first_element > r->width / size
                || s->elements > r->width / size - s->first_element)
            return "the elements do not fit the buffer (or the format has no element size)";
        s->mips = s->slices = 0;
        return NULL;
    }
    if (kind == VIEW_DSV && (s->dsv_flags & ~(UINT)(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL)))
        return "Flags has bits other than READ_ONLY_DEPTH and READ_ONLY_STENCIL";
    if (kind == VIEW_DSV && s->dsv_flags && device->feature_level < D3D_FEATURE_LEVEL_11_0)
        return "read-only depth-stencil views need feature level 11_0";
    plane_count = view_format && d3d11_format_planar(view_format) ? view_format->copy_planes : 1;
    if (s->plane >= plane_count)
        return "PlaneSlice is not a plane of the format";
    /* Mips: a range for SRVs, one MipSlice for the others. */
    if (kind == VIEW_SRV && s->dimension != D3D11_SRV_DIMENSION_TEXTURE2DMS
            && s->dimension != D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)
    {
        if (!fit_range(s->first_mip, &s->mips, r->mips))
            return "MostDetailedMip and MipLevels are not a range of the resource's mips";
    }
    else if (s->first_mip >= r->mips)
        return "MipSlice is not a mip of the resource";
    switch (s->dimension)
    {
        case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
            if (!fit_range(s->first_slice, &s->slices, r->array_size))
                return "FirstArraySlice and ArraySize are not a range of the resource's array slices";
            break;
        case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
            if (s->slices == ~0u)
                s->slices = s->first_slice < r->array_size ? (r->array_size - s->first_slice) / 6 : 0;
            if (!s->slices || s->first_slice >= r->array_size || s->slices > (r->array_size - s->first_slice) / 6)
                return "First2DArrayFace and NumCubes are not whole cubes of the resource's faces";
            break;
        case D3D11_SRV_DIMENSION_TEXTURE3D:
            if (kind != VIEW_SRV && !fit_range(s->first_slice, &s->slices, mip_extent(r->depth, s->first_mip)))
                return "FirstWSlice and WSize are not a range of the mip's depth slices";
            break;
        default:
            break;
    }
    return NULL;
}

/* ---- The objects ---- */

static ULONG view_addref(struct d3d11_view *view)
{
    return d3d11_child_addref(&view->child);
}

static void view_destroy(struct d3d11_child *child)
{
    struct d3d11_view *view = (struct d3d11_view *)((char *)child - offsetof(struct d3d11_view, child));

    mk_private_data_destroy(&view->private_data);
    d3d11_resource_unretain(view->resource);
    mk_free(view);
}

static ULONG view_release(struct d3d11_view *view)
{
    return d3d11_child_release(&view->child);
}

static HRESULT view_query(struct d3d11_view *view, REFIID riid, void **out)
{
    static const GUID *const iids[][2] =
    {
        {&IID_ID3D11ShaderResourceView, &IID_ID3D11ShaderResourceView1},
        {&IID_ID3D11RenderTargetView, &IID_ID3D11RenderTargetView1},
        {&IID_ID3D11DepthStencilView, NULL},
        {&IID_ID3D11UnorderedAccessView, &IID_ID3D11UnorderedAccessView1},
    };
    bool v1 = view->device->runtime >= MOCKD3D12_D3D11_RUNTIME_11_3;

    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    if (d3d11_iid_equal(riid, &mk_d3d11_child_iid))
    {
        *out = &view->child;
        return S_OK;
    }
    if (d3d11_iid_equal(riid, &IID_IUnknown) || d3d11_iid_equal(riid, &IID_ID3D11DeviceChild)
            || d3d11_iid_equal(riid, &IID_ID3D11View) || d3d11_iid_equal(riid, iids[view->kind][0])
            || (v1 && iids[view->kind][1] && d3d11_iid_equal(riid, iids[view->kind][1])))
    {
        view_addref(view);
        *out = &view->ID3D11View_iface;
        return S_OK;
    }
    return E_NOINTERFACE;
}

/* The resource, with a reference the caller releases. */
static void view_get_resource(struct d3d11_view *view, ID3D11Resource **out)
{
    if (!out)
        return;
    ID3D11Resource_AddRef(&view->resource->ID3D11Resource_iface);
    *out = &view->resource->ID3D11Resource_iface;
}

static void STDMETHODCALLTYPE srv_GetDesc(ID3D11ShaderResourceView1 *iface, D3D11_SHADER_RESOURCE_VIEW_DESC *desc)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC1 d1;

    if (!desc)
        return;
    srv_from_shape(&d1, &impl_from_view(iface)->shape);
    /* The ...1 union members add PlaneSlice at their ends. */
    memset(desc, 0, sizeof(*desc));
    desc->Format = d1.Format;
    desc->ViewDimension = d1.ViewDimension;
    if (d1.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY)
    {
        desc->Texture2DArray.MostDetailedMip = d1.Texture2DArray.MostDetailedMip;
        desc->Texture2DArray.MipLevels = d1.Texture2DArray.MipLevels;
        desc->Texture2DArray.FirstArraySlice = d1.Texture2DArray.FirstArraySlice;
        desc->Texture2DArray.ArraySize = d1.Texture2DArray.ArraySize;
    }
    else if (d1.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D)
    {
        desc->Texture2D.MostDetailedMip = d1.Texture2D.MostDetailedMip;
        desc->Texture2D.MipLevels = d1.Texture2D.MipLevels;
    }
    else
        memcpy(&desc->Buffer, &d1.Buffer, sizeof(*desc) - offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer));
}

static void STDMETHODCALLTYPE srv_GetDesc1(ID3D11ShaderResourceView1 *iface, D3D11_SHADER_RESOURCE_VIEW_DESC1 *desc)
{
    if (desc)
        srv_from_shape(desc, &impl_from_view(iface)->shape);
}

static void STDMETHODCALLTYPE rtv_GetDesc(ID3D11RenderTargetView1 *iface, D3D11_RENDER_TARGET_VIEW_DESC *desc)
{
    D3D11_RENDER_TARGET_VIEW_DESC1 d1;

    if (!desc)
        return;
    rtv_from_shape(&d1, &impl_from_view(iface)->shape);
    memset(desc, 0, sizeof(*desc));
    desc->Format = d1.Format;
    desc->ViewDimension = d1.ViewDimension;
    if (d1.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY)
    {
        desc->Texture2DArray.MipSlice = d1.Texture2DArray.MipSlice;
        desc->Texture2DArray.FirstArraySlice = d1.Texture2DArray.FirstArraySlice;
        desc->Texture2DArray.ArraySize = d1.Texture2DArray.ArraySize;
    }
    else if (d1.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D)
        desc->Texture2D.MipSlice = d1.Texture2D.MipSlice;
    else
        memcpy(&desc->Buffer, &d1.Buffer, sizeof(*desc) - offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Buffer));
}

static void STDMETHODCALLTYPE rtv_GetDesc1(ID3D11RenderTargetView1 *iface, D3D11_RENDER_TARGET_VIEW_DESC1 *desc)
{
    if (desc)
        rtv_from_shape(desc, &impl_from_view(iface)->shape);
}

static void STDMETHODCALLTYPE dsv_GetDesc(ID3D11DepthStencilView *iface, D3D11_DEPTH_STENCIL_VIEW_DESC *desc)
{
    if (desc)
        dsv_from_shape(desc, &impl_from_view(iface)->shape);
}

static void STDMETHODCALLTYPE uav_GetDesc(ID3D11UnorderedAccessView1 *iface, D3D11_UNORDERED_ACCESS_VIEW_DESC *desc)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC1 d1;

    if (!desc)
        return;
    uav_from_shape(&d1, &impl_from_view(iface)->shape);
    memset(desc, 0, sizeof(*desc));
    desc->Format = d1.Format;
    desc->ViewDimension = d1.ViewDimension;
    if (d1.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2DARRAY)
    {
        desc->Texture2DArray.MipSlice = d1.Texture2DArray.MipSlice;
        desc->Texture2DArray.FirstArraySlice = d1.Texture2DArray.FirstArraySlice;
        desc->Texture2DArray.ArraySize = d1.Texture2DArray.ArraySize;
    }
    else if (d1.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D)
        desc->Texture2D.MipSlice = d1.Texture2D.MipSlice;
    else
        memcpy(&desc->Buffer, &d1.Buffer, sizeof(*desc) - offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer));
}

static void STDMETHODCALLTYPE uav_GetDesc1(ID3D11UnorderedAccessView1 *iface, D3D11_UNORDERED_ACCESS_VIEW_DESC1 *desc)
{
    if (desc)
        uav_from_shape(desc, &impl_from_view(iface)->shape);
}

/* The ID3D11View methods of one view interface. */
#define VIEW_METHODS(type, prefix) \
    D3D11_CHILD_METHODS(type, prefix, impl_from_view, view_query, view_addref, view_release) \
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
    struct d3d11_device *device = (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11Device5_iface));
    struct d3d11_resource *resource = d3d11_unsafe_resource(object);
    struct d3d11_view *view;
    struct view_shape shape;
    const char *why = NULL;

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
    if (!(view = mk_calloc(1, sizeof(*view))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    view->ID3D11View_iface.lpVtbl = (ID3D11ViewVtbl *)vtbls[kind];
    d3d11_child_init(&view->child, device, view_destroy);
    view->kind = kind;
    view->shape = shape;
    view->resource = resource;
    d3d11_resource_retain(resource);
    mk_private_data_init(&view->private_data);
    view->device = device;
    d3d11_device_AddRef(&device->ID3D11Device5_iface);
    *out = &view->ID3D11View_iface;
    return S_OK;
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateShaderResourceView1(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_SHADER_RESOURCE_VIEW_DESC1 *desc, ID3D11ShaderResourceView1 **view)
{
    struct view_shape shape;

    if (desc)
        shape_from_srv(&shape, desc);
    return create_view(iface, VIEW_SRV, resource, desc ? &shape : NULL, (void **)view);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateShaderResourceView(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_SHADER_RESOURCE_VIEW_DESC *desc, ID3D11ShaderResourceView **view)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC1 desc1;

    if (!desc)
        return d3d11_device_CreateShaderResourceView1(iface, resource, NULL, (ID3D11ShaderResourceView1 **)view);
    /* The ...1 description: PlaneSlice 0 after the 2D members. */
    memset(&desc1, 0, sizeof(desc1));
    desc1.Format = desc->Format;
    desc1.ViewDimension = desc->ViewDimension;
    if (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY)
    {
        desc1.Texture2DArray.MostDetailedMip = desc->Texture2DArray.MostDetailedMip;
        desc1.Texture2DArray.MipLevels = desc->Texture2DArray.MipLevels;
        desc1.Texture2DArray.FirstArraySlice = desc->Texture2DArray.FirstArraySlice;
        desc1.Texture2DArray.ArraySize = desc->Texture2DArray.ArraySize;
    }
    else if (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D)
    {
        desc1.Texture2D.MostDetailedMip = desc->Texture2D.MostDetailedMip;
        desc1.Texture2D.MipLevels = desc->Texture2D.MipLevels;
    }
    else
        memcpy(&desc1.Buffer, &desc->Buffer, sizeof(*desc) - offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer));
    return d3d11_device_CreateShaderResourceView1(iface, resource, &desc1, (ID3D11ShaderResourceView1 **)view);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateRenderTargetView1(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_RENDER_TARGET_VIEW_DESC1 *desc, ID3D11RenderTargetView1 **view)
{
    struct view_shape shape;

    if (desc)
        shape_from_rtv(&shape, desc);
    return create_view(iface, VIEW_RTV, resource, desc ? &shape : NULL, (void **)view);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateRenderTargetView(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_RENDER_TARGET_VIEW_DESC *desc, ID3D11RenderTargetView **view)
{
    D3D11_RENDER_TARGET_VIEW_DESC1 desc1;

    if (!desc)
        return d3d11_device_CreateRenderTargetView1(iface, resource, NULL, (ID3D11RenderTargetView1 **)view);
    memset(&desc1, 0, sizeof(desc1));
    desc1.Format = desc->Format;
    desc1.ViewDimension = desc->ViewDimension;
    if (desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY)
    {
        desc1.Texture2DArray.MipSlice = desc->Texture2DArray.MipSlice;
        desc1.Texture2DArray.FirstArraySlice = desc->Texture2DArray.FirstArraySlice;
        desc1.Texture2DArray.ArraySize = desc->Texture2DArray.ArraySize;
    }
    else if (desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D)
        desc1.Texture2D.MipSlice = desc->Texture2D.MipSlice;
    else
        memcpy(&desc1.Buffer, &desc->Buffer, sizeof(*desc) - offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Buffer));
    return d3d11_device_CreateRenderTargetView1(iface, resource, &desc1, (ID3D11RenderTargetView1 **)view);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateDepthStencilView(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_DEPTH_STENCIL_VIEW_DESC *desc, ID3D11DepthStencilView **view)
{
    struct view_shape shape;

    if (desc)
        shape_from_dsv(&shape, desc);
    return create_view(iface, VIEW_DSV, resource, desc ? &shape : NULL, (void **)view);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateUnorderedAccessView1(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *desc, ID3D11UnorderedAccessView1 **view)
{
    struct view_shape shape;

    if (desc)
        shape_from_uav(&shape, desc);
    return create_view(iface, VIEW_UAV, resource, desc ? &shape : NULL, (void **)view);
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateUnorderedAccessView(ID3D11Device5 *iface, ID3D11Resource *resource,
        const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc, ID3D11UnorderedAccessView **view)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC1 desc1;

    if (!desc)
        return d3d11_device_CreateUnorderedAccessView1(iface, resource, NULL, (ID3D11UnorderedAccessView1 **)view);
    memset(&desc1, 0, sizeof(desc1));
    desc1.Format = desc->Format;
    desc1.ViewDimension = desc->ViewDimension;
    if (desc->ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2DARRAY)
    {
        desc1.Texture2DArray.MipSlice = desc->Texture2DArray.MipSlice;
        desc1.Texture2DArray.FirstArraySlice = desc->Texture2DArray.FirstArraySlice;
        desc1.Texture2DArray.ArraySize = desc->Texture2DArray.ArraySize;
    }
    else if (desc->ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D)
        desc1.Texture2D.MipSlice = desc->Texture2D.MipSlice;
    else
        memcpy(&desc1.Buffer, &desc->Buffer, sizeof(*desc) - offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer));
    return d3d11_device_CreateUnorderedAccessView1(iface, resource, &desc1, (ID3D11UnorderedAccessView1 **)view);
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
    if (r->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
    {
        range->first_element = s->first_element;
        range->elements = s->elements;
        range->words = s->format == DXGI_FORMAT_UNKNOWN || (s->buffer_flags & D3D11_BUFFER_UAV_FLAG_RAW);
        range->element_size = s->format == DXGI_FORMAT_UNKNOWN ? r->stride
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
