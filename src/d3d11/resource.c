/*
 * Buffers and textures of the D3D11 null device: ID3D11Device::CreateBuffer,
 * CreateTexture1D/2D/3D and ID3D11Device3::CreateTexture2D1/3D1 validate a
 * description as Windows does (data/d3d11-resource-rules.tsv, the device's
 * own format support and quality levels) and return an
 * ID3D11Buffer / ID3D11Texture1D / ID3D11Texture2D1 / ID3D11Texture3D1
 * with IDXGIResource1 and, for single-subresource 1D/2D textures,
 * IDXGISurface2 (Wine's test_create_texture1d/2d/3d, test_dxgi_resource).
 * Their contents are CPU memory, laid out as Windows reports it through Map
 * (Wine's test_resource_map: tight rows and slices), which Map, Unmap and
 * the copies of src/d3d11/copy.c read and write (src/d3d11/resource.h says
 * when it is allocated). docs/d3d11.md "Resources".
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "resource.h"

static struct d3d11_resource *impl_from_resource(void *iface)
{
    return (struct d3d11_resource *)((char *)iface - offsetof(struct d3d11_resource, ID3D11Resource_iface));
}

static struct d3d11_resource *impl_from_dxgi(void *iface)
{
    return (struct d3d11_resource *)((char *)iface - offsetof(struct d3d11_resource, IDXGIResource1_iface));
}

static struct d3d11_resource *impl_from_surface(void *iface)
{
    return (struct d3d11_resource *)((char *)iface - offsetof(struct d3d11_resource, IDXGISurface2_iface));
}

static void resource_destroy(struct mk_object *object)
{
    struct d3d11_resource *resource = MK_OBJECT_IMPL(struct d3d11_resource, obj, object);

    mk_free(resource->memory);
    mk_free(resource->mapped);
    if (resource->wrapped)
        ID3D12Resource_Release(resource->wrapped);
}

void d3d11_resource_retain(struct d3d11_resource *resource)
{
    mk_object_retain(&resource->obj);
}

void d3d11_resource_unretain(struct d3d11_resource *resource)
{
    mk_object_unretain(&resource->obj);
}

static struct mk_object *resource_object(void *iface)
{
    return &impl_from_resource(iface)->obj;
}

static struct mk_object *dxgi_object(void *iface)
{
    return &impl_from_dxgi(iface)->obj;
}

static struct mk_object *surface_object(void *iface)
{
    return &impl_from_surface(iface)->obj;
}

/* A 1D or 2D texture of one subresource is also a DXGI surface. */
static bool resource_is_surface(const struct d3d11_resource *resource)
{
    return (resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D
            || resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D)
            && resource->desc.mips == 1 && resource->desc.array_size == 1;
}

/* The kinds of a resource's interface conditions (D3D11_CONDITION). */
enum resource_condition
{
    RESOURCE_FROM,          /* the runtime only */
    RESOURCE_SURFACE_FROM,  /* the runtime, and a surface */
};

static bool resource_available(const struct mk_object *object, uint32_t condition)
{
    if (d3d11_condition_kind(condition) == RESOURCE_SURFACE_FROM
            && !resource_is_surface(MK_OBJECT_IMPL(struct d3d11_resource, obj, object)))
        return false;
    return d3d11_runtime_at_least(object, condition);
}

/* One class per dimension: IUnknown, ID3D11DeviceChild, ID3D11Resource and
 * the dimension's interfaces (ID3D11Texture2D1/3D1 from D3D11.3);
 * IDXGIResource (IDXGIResource1 from D3D11.1); single-subresource 1D and 2D
 * textures also IDXGISurface (IDXGISurface2 from D3D11.1). */
#define RESOURCE_INTERFACE(iid) MK_INTERFACE_AT(struct d3d11_resource, obj, ID3D11Resource_iface, iid)
#define RESOURCE_INTERFACE_FROM(member, iid, kind, runtime) \
    MK_INTERFACE_IF(struct d3d11_resource, obj, member, iid, D3D11_CONDITION(kind, runtime))
#define RESOURCE_DXGI_INTERFACES \
    MK_INTERFACE_AT(struct d3d11_resource, obj, IDXGIResource1_iface, IID_IDXGIObject), \
    MK_INTERFACE_AT(struct d3d11_resource, obj, IDXGIResource1_iface, IID_IDXGIDeviceSubObject), \
    MK_INTERFACE_AT(struct d3d11_resource, obj, IDXGIResource1_iface, IID_IDXGIResource), \
    RESOURCE_INTERFACE_FROM(IDXGIResource1_iface, IID_IDXGIResource1, RESOURCE_FROM, MOCKD3D12_D3D11_RUNTIME_11_1)
#define RESOURCE_SURFACE_INTERFACES \
    RESOURCE_INTERFACE_FROM(IDXGISurface2_iface, IID_IDXGISurface, RESOURCE_SURFACE_FROM, 0), \
    RESOURCE_INTERFACE_FROM(IDXGISurface2_iface, IID_IDXGISurface1, RESOURCE_SURFACE_FROM, 0), \
    RESOURCE_INTERFACE_FROM(IDXGISurface2_iface, IID_IDXGISurface2, RESOURCE_SURFACE_FROM, MOCKD3D12_D3D11_RUNTIME_11_1)
#define RESOURCE_CLASS(var, interface, ...) \
    static const struct mk_interface var##_interfaces[] = \
    { \
        RESOURCE_INTERFACE(IID_IUnknown), RESOURCE_INTERFACE(IID_ID3D11DeviceChild), \
        RESOURCE_INTERFACE(IID_ID3D11Resource), __VA_ARGS__ \
    }; \
    static const struct mk_object_class var##_class = MK_OBJECT_CLASS(struct d3d11_resource, var##_interfaces, \
            .name = interface, .kind = D3D11_KIND_RESOURCE, .flags = MK_OBJECT_PARENT_WHILE_PUBLIC, \
            .self_iid = &mk_d3d11_child_iid, .destroy = resource_destroy, .available = resource_available);
RESOURCE_CLASS(buffer, "ID3D11Buffer", RESOURCE_INTERFACE(IID_ID3D11Buffer), RESOURCE_DXGI_INTERFACES)
RESOURCE_CLASS(texture1d, "ID3D11Texture1D", RESOURCE_INTERFACE(IID_ID3D11Texture1D), RESOURCE_DXGI_INTERFACES,
        RESOURCE_SURFACE_INTERFACES)
RESOURCE_CLASS(texture2d, "ID3D11Texture2D", RESOURCE_INTERFACE(IID_ID3D11Texture2D),
        RESOURCE_INTERFACE_FROM(ID3D11Resource_iface, IID_ID3D11Texture2D1, RESOURCE_FROM, MOCKD3D12_D3D11_RUNTIME_11_3),
        RESOURCE_DXGI_INTERFACES, RESOURCE_SURFACE_INTERFACES)
RESOURCE_CLASS(texture3d, "ID3D11Texture3D", RESOURCE_INTERFACE(IID_ID3D11Texture3D),
        RESOURCE_INTERFACE_FROM(ID3D11Resource_iface, IID_ID3D11Texture3D1, RESOURCE_FROM, MOCKD3D12_D3D11_RUNTIME_11_3),
        RESOURCE_DXGI_INTERFACES)
#undef RESOURCE_CLASS
#undef RESOURCE_SURFACE_INTERFACES
#undef RESOURCE_DXGI_INTERFACES
#undef RESOURCE_INTERFACE_FROM
#undef RESOURCE_INTERFACE

/* ---- The D3D11 descriptions ---- */

/* A member of struct d3d11_resource_desc, and where a D3D11 description
 * keeps it (with the same type). */
struct desc_member
{
    size_t ours, theirs, size;
};

/* One type of D3D11 description: the resource dimension it creates and its
 * members; the others are 1 (sizes, sample count) or 0. */
struct desc_type
{
    D3D11_RESOURCE_DIMENSION dimension;
    const struct desc_member *members;
    unsigned count;
};

#define DESC_MEMBER(type, ours, theirs) \
    {offsetof(struct d3d11_resource_desc, ours), offsetof(type, theirs), sizeof(((type *)0)->theirs)}
/* The members every description has, by the same names; then every texture's. */
#define DESC_FLAGS(type) DESC_MEMBER(type, usage, Usage), DESC_MEMBER(type, bind, BindFlags), \
        DESC_MEMBER(type, cpu, CPUAccessFlags), DESC_MEMBER(type, misc, MiscFlags)
#define DESC_TEXTURE(type) DESC_FLAGS(type), DESC_MEMBER(type, width, Width), DESC_MEMBER(type, mips, MipLevels), \
        DESC_MEMBER(type, format, Format)
#define DESC_2D(type) DESC_TEXTURE(type), DESC_MEMBER(type, height, Height), DESC_MEMBER(type, array_size, ArraySize), \
        DESC_MEMBER(type, samples, SampleDesc)
#define DESC_3D(type) DESC_TEXTURE(type), DESC_MEMBER(type, height, Height), DESC_MEMBER(type, depth, Depth)
static const struct desc_member buffer_members[] =
{
    DESC_FLAGS(D3D11_BUFFER_DESC), DESC_MEMBER(D3D11_BUFFER_DESC, width, ByteWidth),
    DESC_MEMBER(D3D11_BUFFER_DESC, stride, StructureByteStride),
};
static const struct desc_member texture1d_members[] =
{
    DESC_TEXTURE(D3D11_TEXTURE1D_DESC), DESC_MEMBER(D3D11_TEXTURE1D_DESC, array_size, ArraySize),
};
static const struct desc_member texture2d_members[] = {DESC_2D(D3D11_TEXTURE2D_DESC)};
static const struct desc_member texture2d1_members[] =
{
    DESC_2D(D3D11_TEXTURE2D_DESC1), DESC_MEMBER(D3D11_TEXTURE2D_DESC1, layout, TextureLayout),
};
static const struct desc_member texture3d_members[] = {DESC_3D(D3D11_TEXTURE3D_DESC)};
static const struct desc_member texture3d1_members[] =
{
    DESC_3D(D3D11_TEXTURE3D_DESC1), DESC_MEMBER(D3D11_TEXTURE3D_DESC1, layout, TextureLayout),
};
#undef DESC_3D
#undef DESC_2D
#undef DESC_TEXTURE
#undef DESC_FLAGS
#undef DESC_MEMBER

enum desc_kind { DESC_BUFFER, DESC_TEXTURE1D, DESC_TEXTURE2D, DESC_TEXTURE2D1, DESC_TEXTURE3D, DESC_TEXTURE3D1 };

#define DESC_TYPE(dimension, members) {D3D11_RESOURCE_DIMENSION_##dimension, members, MK_COUNT(members)}
static const struct desc_type desc_types[] =
{
    [DESC_BUFFER] = DESC_TYPE(BUFFER, buffer_members),
    [DESC_TEXTURE1D] = DESC_TYPE(TEXTURE1D, texture1d_members),
    [DESC_TEXTURE2D] = DESC_TYPE(TEXTURE2D, texture2d_members),
    [DESC_TEXTURE2D1] = DESC_TYPE(TEXTURE2D, texture2d1_members),
    [DESC_TEXTURE3D] = DESC_TYPE(TEXTURE3D, texture3d_members),
    [DESC_TEXTURE3D1] = DESC_TYPE(TEXTURE3D, texture3d1_members),
};
#undef DESC_TYPE

/* The D3D11 description `d3d11` of `type` as a struct d3d11_resource_desc. */
static void desc_import(const struct desc_type *type, const void *d3d11, struct d3d11_resource_desc *desc)
{
    unsigned i;

    memset(desc, 0, sizeof(*desc));
    desc->dimension = type->dimension;
    desc->width = desc->height = desc->depth = desc->mips = desc->array_size = desc->samples.Count = 1;
    for (i = 0; i < type->count; ++i)
        memcpy((char *)desc + type->members[i].ours, (const char *)d3d11 + type->members[i].theirs,
                type->members[i].size);
}

/* GetDesc: every member of the D3D11 description of `type`. */
static void desc_export(const struct desc_type *type, const struct d3d11_resource_desc *desc, void *d3d11)
{
    unsigned i;

    for (i = 0; i < type->count; ++i)
        memcpy((char *)d3d11 + type->members[i].theirs, (const char *)desc + type->members[i].ours,
                type->members[i].size);
}

/* ---- ID3D11Resource methods, one set per interface type ---- */

/* GetDesc and GetDesc1: the members of struct d3d11_resource_desc the
 * interface's description type (a row of desc_types) has. */
#define RESOURCE_GET_DESC(prefix, method, type, desc_type, kind) \
    static void STDMETHODCALLTYPE prefix##_##method(type *iface, desc_type *desc) \
    { \
        if (desc) \
            desc_export(&desc_types[kind], &impl_from_resource(iface)->desc, desc); \
    }

/* Every interface's methods up to its GetDesc, which returns a `desc_type`. */
#define D3D11_RESOURCE_METHODS(type, prefix, desc_type, kind) \
    D3D11_CHILD_METHODS(type, prefix, resource_object) \
    static void STDMETHODCALLTYPE prefix##_GetType(type *iface, D3D11_RESOURCE_DIMENSION *dimension) \
    { \
        if (dimension) \
            *dimension = impl_from_resource(iface)->desc.dimension; \
    } \
    static void STDMETHODCALLTYPE prefix##_SetEvictionPriority(type *iface, UINT priority) \
    { \
        atomic_store(&impl_from_resource(iface)->eviction_priority, priority); \
    } \
    static UINT STDMETHODCALLTYPE prefix##_GetEvictionPriority(type *iface) \
    { \
        return atomic_load(&impl_from_resource(iface)->eviction_priority); \
    } \
    RESOURCE_GET_DESC(prefix, GetDesc, type, desc_type, kind)

#define D3D11_RESOURCE_VTBL_ENTRIES(prefix) \
    D3D11_CHILD_VTBL_ENTRIES(prefix), prefix##_GetType, prefix##_SetEvictionPriority, prefix##_GetEvictionPriority, \
    prefix##_GetDesc

D3D11_RESOURCE_METHODS(ID3D11Buffer, d3d11_buffer, D3D11_BUFFER_DESC, DESC_BUFFER)
D3D11_RESOURCE_METHODS(ID3D11Texture1D, d3d11_texture1d, D3D11_TEXTURE1D_DESC, DESC_TEXTURE1D)
D3D11_RESOURCE_METHODS(ID3D11Texture2D1, d3d11_texture2d, D3D11_TEXTURE2D_DESC, DESC_TEXTURE2D)
RESOURCE_GET_DESC(d3d11_texture2d, GetDesc1, ID3D11Texture2D1, D3D11_TEXTURE2D_DESC1, DESC_TEXTURE2D1)
D3D11_RESOURCE_METHODS(ID3D11Texture3D1, d3d11_texture3d, D3D11_TEXTURE3D_DESC, DESC_TEXTURE3D)
RESOURCE_GET_DESC(d3d11_texture3d, GetDesc1, ID3D11Texture3D1, D3D11_TEXTURE3D_DESC1, DESC_TEXTURE3D1)

static const ID3D11BufferVtbl d3d11_buffer_vtbl = {D3D11_RESOURCE_VTBL_ENTRIES(d3d11_buffer)};
static const ID3D11Texture1DVtbl d3d11_texture1d_vtbl = {D3D11_RESOURCE_VTBL_ENTRIES(d3d11_texture1d)};
static const ID3D11Texture2D1Vtbl d3d11_texture2d_vtbl =
{
    D3D11_RESOURCE_VTBL_ENTRIES(d3d11_texture2d),
    /* ID3D11Texture2D1 methods */
    d3d11_texture2d_GetDesc1,
};
static const ID3D11Texture3D1Vtbl d3d11_texture3d_vtbl =
{
    D3D11_RESOURCE_VTBL_ENTRIES(d3d11_texture3d),
    /* ID3D11Texture3D1 methods */
    d3d11_texture3d_GetDesc1,
};

/* ---- IDXGIResource1 (also IDXGIObject, IDXGIDeviceSubObject, IDXGIResource) ---- */

/* IUnknown, IDXGIObject and IDXGIDeviceSubObject of the resource's DXGI
 * interfaces (IDXGIResource1 and IDXGISurface2): the resource's, GetParent
 * and GetDevice the device's QueryInterface (GetParent(IDXGIResource) is
 * E_NOINTERFACE, as Wine's test_dxgi_resource records). */
#define RESOURCE_DXGI_METHODS(prefix, IFACE, OBJ) \
    MK_DXGI_OBJECT_METHODS(prefix, IFACE, OBJ) \
    static HRESULT STDMETHODCALLTYPE prefix##_GetDevice(IFACE *iface, REFIID riid, void **out) \
    { \
        return mk_object_get_parent(OBJ(iface), riid, out); \
    }
RESOURCE_DXGI_METHODS(dxgi_resource, IDXGIResource1, dxgi_object)
RESOURCE_DXGI_METHODS(dxgi_surface, IDXGISurface2, surface_object)
#undef RESOURCE_DXGI_METHODS

/* No shared handles are modelled: a resource created without MISC_SHARED has
 * none (DXGI_ERROR_INVALID_CALL); a shared one gets E_NOTIMPL. */
static HRESULT STDMETHODCALLTYPE dxgi_resource_GetSharedHandle(IDXGIResource1 *iface, HANDLE *handle)
{
    struct d3d11_resource *resource = impl_from_dxgi(iface);

    if (!handle)
        return E_INVALIDARG;
    *handle = NULL;
    return resource->desc.misc & (D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)
            ? E_NOTIMPL : DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE dxgi_resource_GetUsage(IDXGIResource1 *iface, DXGI_USAGE *usage)
{
    struct d3d11_resource *resource = impl_from_dxgi(iface);
    DXGI_USAGE value = 0;

    if (!usage)
        return E_INVALIDARG;
    if (resource->desc.bind & D3D11_BIND_SHADER_RESOURCE)
        value |= DXGI_USAGE_SHADER_INPUT;
    if (resource->desc.bind & D3D11_BIND_RENDER_TARGET)
        value |= DXGI_USAGE_RENDER_TARGET_OUTPUT;
    if (resource->desc.bind & D3D11_BIND_UNORDERED_ACCESS)
        value |= DXGI_USAGE_UNORDERED_ACCESS;
    *usage = value;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_resource_SetEvictionPriority(IDXGIResource1 *iface, UINT priority)
{
    atomic_store(&impl_from_dxgi(iface)->eviction_priority, priority);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_resource_GetEvictionPriority(IDXGIResource1 *iface, UINT *priority)
{
    if (!priority)
        return E_INVALIDARG;
    *priority = atomic_load(&impl_from_dxgi(iface)->eviction_priority);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_resource_CreateSubresourceSurface(IDXGIResource1 *iface, UINT index,
        IDXGISurface2 **surface)
{
    struct d3d11_resource *resource = impl_from_dxgi(iface);

    if (!surface)
        return E_INVALIDARG;
    *surface = NULL;
    if (!resource_is_surface(resource) || index)
        return E_NOTIMPL; /* surfaces of one subresource of a larger resource are not modelled */
    mk_object_addref(&resource->obj);
    *surface = &resource->IDXGISurface2_iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_resource_CreateSharedHandle(IDXGIResource1 *iface,
        const SECURITY_ATTRIBUTES *attributes, DWORD access, const WCHAR *name, HANDLE *handle)
{
    struct d3d11_resource *resource = impl_from_dxgi(iface);

    (void)attributes;
    (void)access;
    (void)name;
    if (!handle)
        return E_INVALIDARG;
    *handle = NULL;
    return resource->desc.misc & D3D11_RESOURCE_MISC_SHARED_NTHANDLE ? E_NOTIMPL : E_INVALIDARG;
}

static const IDXGIResource1Vtbl d3d11_dxgi_resource_vtbl =
{
    MK_DXGI_OBJECT_VTBL(dxgi_resource),
    /* IDXGIDeviceSubObject methods */
    dxgi_resource_GetDevice,
    /* IDXGIResource methods */
    dxgi_resource_GetSharedHandle,
    dxgi_resource_GetUsage,
    dxgi_resource_SetEvictionPriority,
    dxgi_resource_GetEvictionPriority,
    /* IDXGIResource1 methods */
    dxgi_resource_CreateSubresourceSurface,
    dxgi_resource_CreateSharedHandle,
};

/* ---- IDXGISurface2 (single-subresource 1D and 2D textures) ---- */

static HRESULT STDMETHODCALLTYPE dxgi_surface_GetDesc(IDXGISurface2 *iface, DXGI_SURFACE_DESC *desc)
{
    struct d3d11_resource *resource = impl_from_surface(iface);

    if (!desc)
        return E_INVALIDARG;
    desc->Width = resource->desc.width;
    desc->Height = resource->desc.height;
    desc->Format = resource->desc.format;
    desc->SampleDesc = resource->desc.samples;
    return S_OK;
}

/* The resources hold no memory: a surface without CPU access cannot be mapped
 * (DXGI_ERROR_INVALID_CALL); mapping a CPU-accessible one is not modelled. */
static HRESULT STDMETHODCALLTYPE dxgi_surface_Map(IDXGISurface2 *iface, DXGI_MAPPED_RECT *rect, UINT flags)
{
    struct d3d11_resource *resource = impl_from_surface(iface);

    (void)flags;
    if (!rect)
        return E_INVALIDARG;
    memset(rect, 0, sizeof(*rect));
    return resource->desc.cpu ? E_NOTIMPL : DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE dxgi_surface_Unmap(IDXGISurface2 *iface)
{
    (void)iface;
    return DXGI_ERROR_INVALID_CALL; /* never mapped */
}

static HRESULT STDMETHODCALLTYPE dxgi_surface_GetDC(IDXGISurface2 *iface, BOOL discard, HDC *dc)
{
    struct d3d11_resource *resource = impl_from_surface(iface);

    (void)discard;
    if (!dc)
        return E_INVALIDARG;
    memset(dc, 0, sizeof(*dc)); /* HDC is an int in the WSL stubs, a pointer on Windows */
    return resource->desc.misc & D3D11_RESOURCE_MISC_GDI_COMPATIBLE ? E_NOTIMPL : DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE dxgi_surface_ReleaseDC(IDXGISurface2 *iface, RECT *dirty)
{
    (void)iface;
    (void)dirty;
    return DXGI_ERROR_INVALID_CALL; /* no DC was ever handed out */
}

static HRESULT STDMETHODCALLTYPE dxgi_surface_GetResource(IDXGISurface2 *iface, REFIID riid, void **out,
        UINT *subresource)
{
    struct d3d11_resource *resource = impl_from_surface(iface);

    if (!subresource)
        return E_INVALIDARG;
    *subresource = 0;
    return mk_object_query(&resource->obj, riid, out);
}

static const IDXGISurface2Vtbl d3d11_dxgi_surface_vtbl =
{
    MK_DXGI_OBJECT_VTBL(dxgi_surface),
    /* IDXGIDeviceSubObject methods */
    dxgi_surface_GetDevice,
    /* IDXGISurface methods */
    dxgi_surface_GetDesc,
    dxgi_surface_Map,
    dxgi_surface_Unmap,
    /* IDXGISurface1 methods */
    dxgi_surface_GetDC,
    dxgi_surface_ReleaseDC,
    /* IDXGISurface2 methods */
    dxgi_surface_GetResource,
};

/* ---- Validation ---- */

#define KNOWN_BIND (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER \
        | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL \
        | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_DECODER | D3D11_BIND_VIDEO_ENCODER)
#define KNOWN_CPU (D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ)
#define KNOWN_MISC (D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_TEXTURECUBE \
        | D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS \
        | D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_RESOURCE_CLAMP \
        | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX | D3D11_RESOURCE_MISC_GDI_COMPATIBLE \
        | D3D11_RESOURCE_MISC_SHARED_NTHANDLE | D3D11_RESOURCE_MISC_RESTRICTED_CONTENT \
        | D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE | D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE_DRIVER \
        | D3D11_RESOURCE_MISC_GUARDED | D3D11_RESOURCE_MISC_TILE_POOL | D3D11_RESOURCE_MISC_TILED \
        | D3D11_RESOURCE_MISC_HW_PROTECTED)
#define BUFFER_ONLY_BIND (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER \
        | D3D11_BIND_STREAM_OUTPUT)
#define BUFFER_ONLY_MISC (D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS \
        | D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)

/* The flags every kind of resource checks, and the usage rules of
 * data/d3d11-resource-rules.tsv. */
static HRESULT validate_common(const struct d3d11_device *device, enum d3d11_resource_kind kind, D3D11_USAGE usage,
        UINT bind, UINT cpu, UINT misc, bool initial_data)
{
    unsigned i;

    if ((bind & ~(UINT)KNOWN_BIND) || (cpu & ~(UINT)KNOWN_CPU) || (misc & ~(UINT)KNOWN_MISC))
        return E_INVALIDARG;
    /* SHARED and SHARED_KEYEDMUTEX exclude each other (D3D11_RESOURCE_MISC_FLAG;
     * test_create_texture2d). */
    if ((misc & D3D11_RESOURCE_MISC_SHARED) && (misc & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX))
        return E_INVALIDARG;
    for (i = 0; i < d3d11_usage_rule_count; ++i)
    {
        const struct d3d11_usage_rule *rule = &d3d11_usage_rules[i];

        if (rule->usage != usage || (rule->kind != D3D11_RESOURCE_KIND_ANY && rule->kind != kind))
            continue;
        if ((rule->min_level && device->feature_level < rule->min_level)
                || (rule->min_runtime && device->runtime < rule->min_runtime))
            continue;
        if ((bind & ~rule->bind_allowed) || (rule->bind_required && !bind))
            continue;
        if ((cpu & ~rule->cpu_allowed) || (rule->cpu_required && !(cpu & rule->cpu_required)))
            continue;
        if (rule->initial_data && !initial_data)
            continue;
        return S_OK;
    }
    return E_INVALIDARG;
}

static HRESULT validate_buffer(const struct d3d11_device *device, const struct d3d11_resource_desc *desc,
        const D3D11_SUBRESOURCE_DATA *data)
{
    HRESULT hr;

    if (data && !data->pSysMem)
        return E_INVALIDARG;
    if (FAILED(hr = validate_common(device, D3D11_RESOURCE_KIND_BUFFER, desc->usage, desc->bind, desc->cpu,
            desc->misc, data != NULL)))
        return hr;
    if (!desc->width)
        return E_INVALIDARG;
    if (desc->bind & D3D11_BIND_DEPTH_STENCIL)
        return E_INVALIDARG;
    if (desc->misc & (D3D11_RESOURCE_MISC_TEXTURECUBE | D3D11_RESOURCE_MISC_GENERATE_MIPS))
        return E_INVALIDARG;
    /* Constant buffers are whole float4s (test_create_buffer: sizes 1 ... 32). */
    if ((desc->bind & D3D11_BIND_CONSTANT_BUFFER) && desc->width % 16)
        return E_INVALIDARG;
    /* UAVs need feature level 10_0 (raw and structured on cs_4_x) and up. */
    if ((desc->bind & D3D11_BIND_UNORDERED_ACCESS) && device->feature_level < D3D_FEATURE_LEVEL_10_0)
        return E_INVALIDARG;
    /* Raw views need a shader resource or UAV binding, and are not structured
     * (test_create_buffer). */
    if ((desc->misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)
            && (!(desc->bind & (D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS))
            || (desc->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)))
        return E_INVALIDARG;
    /* Structured: a stride of 4 ... 2048 bytes, a multiple of 4 (test_create_buffer:
     * 0, 1, 2, 3, 5, 513 and ~0u refused; 4, 8, 16, 512, 1024 accepted). */
    if ((desc->misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)
            && (!desc->stride || desc->stride % 4 || desc->stride > 2048))
        return E_INVALIDARG;
    return S_OK;
}

/* The feature level's row of the limits. */
static const struct d3d11_resource_limit *resource_limit(D3D_FEATURE_LEVEL level)
{
    const struct d3d11_resource_limit *row = &d3d11_resource_limits[0];
    unsigned i;

    for (i = 0; i < d3d11_resource_limit_count; ++i)
    {
        if (d3d11_resource_limits[i].level <= level)
            row = &d3d11_resource_limits[i];
    }
    return row;
}

static UINT full_mip_count(UINT width, UINT height, UINT depth)
{
    UINT size = width > height ? width : height, count = 1;

    if (depth > size)
        size = depth;
    while (size > 1)
    {
        size >>= 1;
        ++count;
    }
    return count;
}

/* FORMAT_SUPPORT bits of the format at the device's level, joined over its
 * cast family when it is TYPELESS (the formats data/format-layout.tsv gives
 * it as parent): a TYPELESS texture may be bound as any of them can. In
 * *family (when not NULL: only the UAV check needs it), the bits of the whole
 * family whatever the format (a depth-stencil format's own only). */
static HRESULT texture_format_support(const struct d3d11_device *device, DXGI_FORMAT format, UINT *support,
        UINT *family)
{
    const struct mk_format_layout *layout = mk_format_layout(format);
    bool join_family;
    UINT s1, s2;
    unsigned i;

    if (!layout || FAILED(d3d11_format_support(device->d3d12, device->feature_level, format, support, &s2)))
        return E_INVALIDARG;
    join_family = family && !layout->depth_stencil;
    if (family)
        *family = *support;
    for (i = 0; (layout->typeless || join_family) && i < mk_format_layout_count; ++i)
    {
        if (mk_format_layouts[i].parent == layout->parent && mk_format_layouts[i].format != format
                && SUCCEEDED(d3d11_format_support(device->d3d12, device->feature_level,
                    mk_format_layouts[i].format, &s1, &s2)))
        {
            if (join_family)
                *family |= s1;
            if (layout->typeless)
                *support |= s1;
        }
    }
    return S_OK;
}

/* Validates and completes (MipLevels 0: the full chain) a texture description. */
static HRESULT validate_texture(struct d3d11_device *device, struct d3d11_resource_desc *desc,
        const D3D11_SUBRESOURCE_DATA *data)
{
    const struct d3d11_resource_limit *limit = resource_limit(device->feature_level);
    bool cube = desc->misc & D3D11_RESOURCE_MISC_TEXTURECUBE;
    UINT support, family = 0, max_size, max_mips, levels, i, count;
    HRESULT hr;

    if (FAILED(hr = validate_common(device, D3D11_RESOURCE_KIND_TEXTURE, desc->usage, desc->bind, desc->cpu,
            desc->misc, data != NULL)))
        return hr;
    /* Other layouts (ID3D11Device3) are not modelled. */
    if (desc->layout != D3D11_TEXTURE_LAYOUT_UNDEFINED)
        return E_INVALIDARG;
    if ((desc->bind & BUFFER_ONLY_BIND) || (desc->misc & BUFFER_ONLY_MISC))
        return E_INVALIDARG;
    /* A depth-stencil target is neither a render target nor a UAV, and not 3D
     * (test_create_texture2d, D3D11_BIND_FLAG). */
    if ((desc->bind & D3D11_BIND_DEPTH_STENCIL) && ((desc->bind & (D3D11_BIND_RENDER_TARGET
            | D3D11_BIND_UNORDERED_ACCESS)) || desc->dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D))
        return E_INVALIDARG;
    if ((desc->bind & D3D11_BIND_UNORDERED_ACCESS) && device->feature_level < D3D_FEATURE_LEVEL_11_0)
        return E_INVALIDARG;

    if (!desc->width || !desc->height || !desc->depth || !desc->array_size)
        return E_INVALIDARG;
    switch (desc->dimension)
    {
        case D3D11_RESOURCE_DIMENSION_TEXTURE1D: max_size = limit->tex1d; break;
        case D3D11_RESOURCE_DIMENSION_TEXTURE2D: max_size = cube ? limit->cube : limit->tex2d; break;
        default: max_size = limit->tex3d; break;
    }
    if (desc->width > max_size || desc->height > max_size || desc->depth > max_size)
        return E_INVALIDARG;
    if (cube)
    {
        /* Cubes: 2D, at least six faces; more need 10_1. Windows accepts
         * counts that are no multiple of 6 (test_create_texture2d: 7, 9 and
         * 10 succeed, 1, 3 and 5 fail). */
        if (desc->dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D || desc->array_size < 6
                || (desc->array_size > 6 && device->feature_level < D3D_FEATURE_LEVEL_10_1)
                || desc->array_size > (limit->array_size > 6 ? limit->array_size : 6))
            return E_INVALIDARG;
    }
    else if (desc->array_size > limit->array_size)
        return E_INVALIDARG;

    max_mips = full_mip_count(desc->width, desc->height, desc->depth);
    if (!desc->mips)
        desc->mips = max_mips;
    else if (desc->mips > max_mips)
        return E_INVALIDARG;
    /* GDI-compatible textures: 2D render targets of a B8G8R8A8 format (the
     * D3D11_RESOURCE_MISC_FLAG documentation; Wine's test_getdc: a STAGING
     * one and the B8G8R8X8 formats are refused). */
    if ((desc->misc & D3D11_RESOURCE_MISC_GDI_COMPATIBLE)
            && (desc->dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D || !(desc->bind & D3D11_BIND_RENDER_TARGET)
            || (desc->format != DXGI_FORMAT_B8G8R8A8_UNORM && desc->format != DXGI_FORMAT_B8G8R8A8_TYPELESS
            && desc->format != DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)))
        return E_INVALIDARG;
    if ((desc->misc & D3D11_RESOURCE_MISC_GENERATE_MIPS) && (desc->bind & (D3D11_BIND_RENDER_TARGET
            | D3D11_BIND_SHADER_RESOURCE)) != (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
        return E_INVALIDARG;

    if (FAILED(texture_format_support(device, desc->format, &support,
            desc->bind & D3D11_BIND_UNORDERED_ACCESS ? &family : NULL)))
        return E_INVALIDARG;
    switch (desc->dimension)
    {
        case D3D11_RESOURCE_DIMENSION_TEXTURE1D: hr = support & D3D11_FORMAT_SUPPORT_TEXTURE1D ? S_OK : E_INVALIDARG; break;
        case D3D11_RESOURCE_DIMENSION_TEXTURE2D:
            hr = support & (cube ? D3D11_FORMAT_SUPPORT_TEXTURECUBE : D3D11_FORMAT_SUPPORT_TEXTURE2D) ? S_OK : E_INVALIDARG;
            break;
        default: hr = support & D3D11_FORMAT_SUPPORT_TEXTURE3D ? S_OK : E_INVALIDARG; break;
    }
    if (FAILED(hr))
        return hr;
    if (((desc->bind & D3D11_BIND_SHADER_RESOURCE)
            && !(support & (D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE)))
            || ((desc->bind & D3D11_BIND_RENDER_TARGET) && !(support & D3D11_FORMAT_SUPPORT_RENDER_TARGET))
            || ((desc->bind & D3D11_BIND_DEPTH_STENCIL) && !(support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL))
            /* A UAV binding needs typed UAVs of some format of the family:
             * Windows creates an R8G8B8A8_UNORM_SRGB texture bound as a UAV
             * (Wine's test_create_unordered_access_view). */
            || ((desc->bind & D3D11_BIND_UNORDERED_ACCESS)
            && !(family & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW))
            || (desc->mips > 1 && !(support & D3D11_FORMAT_SUPPORT_MIP)))
        return E_INVALIDARG;

    /* Samples: count 1 has quality 0 only; more need the device's quality
     * levels, one mip and no cube (test_create_texture2d). */
    if (!desc->samples.Count)
        return E_INVALIDARG;
    if (desc->samples.Count == 1)
    {
        if (desc->samples.Quality)
            return E_INVALIDARG;
    }
    else
    {
        if (desc->dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D || cube || desc->mips != 1)
            return E_INVALIDARG;
        if (FAILED(d3d11_quality_levels(device, desc->format, desc->samples.Count, 0, &levels))
                || desc->samples.Quality >= levels)
            return E_INVALIDARG;
    }

    /* Initial data: every subresource's pSysMem (test_create_texture*: a
     * zeroed D3D11_SUBRESOURCE_DATA is refused). */
    if (data)
    {
        count = desc->mips * desc->array_size;
        for (i = 0; i < count; ++i)
        {
            if (!data[i].pSysMem)
                return E_INVALIDARG;
        }
    }
    return S_OK;
}

/* ---- CPU memory: the layout Map reports ---- */

static uint64_t divide_up(uint64_t value, uint64_t divisor)
{
    return (value + divisor - 1) / divisor;
}

static uint64_t mip_extent(UINT size, UINT mip)
{
    return size >> mip ? size >> mip : 1;
}

/* The layout of mip level mip of one slice, at offset 0. Windows packs rows
 * and slices tightly (Wine's test_resource_map: RowPitch 4 * 512 and
 * DepthPitch 4 * 512 * 512 for a 512x512 R8G8B8A8 texture, 4 * 64 and
 * 4 * 64 * 64 for a 64^3 one; a buffer's pitches are its ByteWidth). A
 * planar video format's chroma rows follow its luma rows at the same pitch. */
static void mip_layout(const struct d3d11_resource *resource, UINT mip, struct d3d11_subresource_layout *out)
{
    const struct mk_format_layout *format;
    uint64_t width, height;
    unsigned int p;

    memset(out, 0, sizeof(*out));
    if (resource->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
    {
        out->row_pitch = out->depth_pitch = out->row_bytes = resource->desc.width;
        out->rows = out->depth = 1;
        return;
    }
    format = mk_format_layout(resource->desc.format);
    width = mip_extent(resource->desc.width, mip);
    height = mip_extent(resource->desc.height, mip);
    out->depth = mip_extent(resource->desc.depth, mip);
    if (!format)
    {
        /* Every creatable format has a layout; nothing else reaches here. */
        out->row_pitch = out->row_bytes = width * 4;
        out->rows = height;
    }
    else
    {
        out->row_pitch = out->row_bytes = divide_up(divide_up(width, format->block_width) * format->bits_per_unit, 8);
        out->rows = divide_up(height, format->block_height);
        if (format->planar_video)
        {
            for (p = 1; p < format->copy_planes; ++p)
                out->rows += divide_up(height, format->plane[p].subsample_y);
        }
    }
    if (resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D)
        out->rows = 1;
    out->depth_pitch = out->row_pitch * out->rows;
}

void d3d11_subresource_layout(const struct d3d11_resource *resource, UINT sub, struct d3d11_subresource_layout *out,
        uint64_t *total)
{
    struct d3d11_subresource_layout mip;
    uint64_t slice_size = 0, offset = 0;
    UINT m;

    if (out)
        memset(out, 0, sizeof(*out));

    for (m = 0; m < resource->desc.mips; ++m)
    {
        mip_layout(resource, m, &mip);
        if (out && m == sub % resource->desc.mips)
        {
            *out = mip;
            offset = slice_size;
        }
        slice_size += mip.depth_pitch * mip.depth;
    }
    if (out)
        out->offset = (uint64_t)(sub / resource->desc.mips) * slice_size + offset;
    if (total)
        *total = slice_size * resource->desc.array_size;
}

/* The size of a resource's memory; 0 when it does not fit the address
 * space or D3D11_MAPPED_SUBRESOURCE's pitches. */
static uint64_t resource_memory_size(const struct d3d11_resource *resource)
{
    struct d3d11_subresource_layout layout;
    uint64_t total;

    d3d11_subresource_layout(resource, 0, &layout, &total);
    return layout.depth_pitch > UINT_MAX || total > SIZE_MAX ? 0 : total;
}

unsigned char *d3d11_resource_memory(struct d3d11_resource *resource)
{
    uint64_t total;

    if (!resource->memory && (total = resource_memory_size(resource)))
        resource->memory = mk_calloc(1, (size_t)total);
    return resource->memory;
}

/* Gives a resource with CPU access or initial data its memory, zeroed or
 * filled from the data (each subresource's pSysMem, rows SysMemPitch apart
 * and slices SysMemSlicePitch apart; 0 means tight), and a resource with CPU
 * access its "mapped" flags. E_OUTOFMEMORY when they cannot be allocated or
 * the pitches do not fit D3D11_MAPPED_SUBRESOURCE. */
static HRESULT resource_init_memory(struct d3d11_resource *resource, const D3D11_SUBRESOURCE_DATA *data)
{
    struct d3d11_subresource_layout layout;
    uint64_t src_row, src_slice, y, z;
    UINT sub, count = resource->desc.mips * resource->desc.array_size;
    const unsigned char *src;
    unsigned char *dst;

    if (!resource->desc.cpu && !data)
        return S_OK;
    if (resource->desc.cpu)
    {
        if (!(resource->mapped = mk_calloc(count, sizeof(*resource->mapped))))
            return E_OUTOFMEMORY;
        for (sub = 0; sub < count; ++sub)
            atomic_init(&resource->mapped[sub], 0);
    }
    if (!d3d11_resource_memory(resource))
        return E_OUTOFMEMORY;
    if (!data)
        return S_OK;
    for (sub = 0; sub < count; ++sub)
    {
        d3d11_subresource_layout(resource, sub, &layout, NULL);
        src_row = data[sub].SysMemPitch && resource->desc.dimension != D3D11_RESOURCE_DIMENSION_BUFFER
                && resource->desc.dimension != D3D11_RESOURCE_DIMENSION_TEXTURE1D ? data[sub].SysMemPitch : layout.row_bytes;
        src_slice = data[sub].SysMemSlicePitch && resource->desc.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D
                ? data[sub].SysMemSlicePitch : src_row * layout.rows;
        for (z = 0; z < layout.depth; ++z)
        {
            for (y = 0; y < layout.rows; ++y)
            {
                src = (const unsigned char *)data[sub].pSysMem + z * src_slice + y * src_row;
                dst = resource->memory + layout.offset + z * layout.depth_pitch + y * layout.row_pitch;
                memcpy(dst, src, (size_t)layout.row_bytes);
            }
        }
    }
    return S_OK;
}

/* ---- Creation ---- */

static HRESULT resource_create(struct d3d11_device *device, const struct d3d11_resource_desc *desc,
        const D3D11_SUBRESOURCE_DATA *data, void **out)
{
    static const void *const vtbls[] =
    {
        NULL, &d3d11_buffer_vtbl, &d3d11_texture1d_vtbl, &d3d11_texture2d_vtbl, &d3d11_texture3d_vtbl,
    };
    static const struct mk_object_class *const classes[] =
    {
        NULL, &buffer_class, &texture1d_class, &texture2d_class, &texture3d_class,
    };
    struct d3d11_resource *resource;
    HRESULT hr;

    if (FAILED(hr = d3d11_device_removed(device)))
        return hr;
    if (!(resource = mk_calloc(1, sizeof(*resource))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    resource->ID3D11Resource_iface.lpVtbl = (ID3D11ResourceVtbl *)vtbls[desc->dimension];
    resource->IDXGIResource1_iface.lpVtbl = (IDXGIResource1Vtbl *)&d3d11_dxgi_resource_vtbl;
    resource->IDXGISurface2_iface.lpVtbl = (IDXGISurface2Vtbl *)&d3d11_dxgi_surface_vtbl;
    resource->desc = *desc;
    if (FAILED(hr = resource_init_memory(resource, data)))
    {
        mk_free(resource->memory);
        mk_free(resource->mapped);
        mk_free(resource);
        return hr;
    }
    atomic_init(&resource->eviction_priority, DXGI_RESOURCE_PRIORITY_NORMAL);
    mk_object_init(&resource->obj, classes[desc->dimension], (IUnknown *)&device->ID3D11Device5_iface,
            &device->children);
    *out = &resource->ID3D11Resource_iface;
    return S_OK;
}

HRESULT d3d11_resource_validate(struct d3d11_device *device, struct d3d11_resource_desc *desc)
{
    if (desc->dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
        return validate_buffer(device, desc, NULL);
    return validate_texture(device, desc, NULL);
}

HRESULT d3d11_resource_create_wrapped(struct d3d11_device *device, const struct d3d11_resource_desc *desc,
        ID3D12Resource *d3d12, D3D12_RESOURCE_STATES in_state, D3D12_RESOURCE_STATES out_state,
        struct d3d11_resource **out)
{
    void *iface;
    HRESULT hr;

    if (FAILED(hr = resource_create(device, desc, NULL, &iface)))
        return hr;
    *out = impl_from_resource(iface);
    ID3D12Resource_AddRef(d3d12);
    (*out)->wrapped = d3d12;
    (*out)->in_state = in_state;
    (*out)->out_state = out_state;
    atomic_init(&(*out)->acquired, true);
    return S_OK;
}

/* What every Create* of a buffer or texture does with the D3D11 description
 * `d3d11` of `type`: validated and completed, a new resource in *out, or
 * S_FALSE without `out` (the probing idiom). */
static HRESULT create_resource(ID3D11Device5 *iface, enum desc_kind type, const void *d3d11,
        const D3D11_SUBRESOURCE_DATA *data, void **out)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);
    struct d3d11_resource_desc desc;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!d3d11)
        return E_INVALIDARG;
    desc_import(&desc_types[type], d3d11, &desc);
    if (desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
    {
        hr = validate_buffer(device, &desc, data);
        /* GetDesc reports the stride of structured buffers only (test_create_buffer). */
        if (!(desc.misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
            desc.stride = 0;
    }
    else
    {
        hr = validate_texture(device, &desc, data);
    }
    if (FAILED(hr))
        return hr;
    if (!out)
        return S_FALSE;
    return resource_create(device, &desc, data, out);
}

/* CreateBuffer, CreateTexture1D ... CreateTexture3D1: a row of desc_types each. */
#define RESOURCE_CREATE(method, desc_type, type, kind) \
    HRESULT STDMETHODCALLTYPE d3d11_device_##method(ID3D11Device5 *iface, const desc_type *desc, \
            const D3D11_SUBRESOURCE_DATA *data, type **out) \
    { \
        return create_resource(iface, kind, desc, data, (void **)out); \
    }
RESOURCE_CREATE(CreateBuffer, D3D11_BUFFER_DESC, ID3D11Buffer, DESC_BUFFER)
RESOURCE_CREATE(CreateTexture1D, D3D11_TEXTURE1D_DESC, ID3D11Texture1D, DESC_TEXTURE1D)
RESOURCE_CREATE(CreateTexture2D, D3D11_TEXTURE2D_DESC, ID3D11Texture2D, DESC_TEXTURE2D)
RESOURCE_CREATE(CreateTexture2D1, D3D11_TEXTURE2D_DESC1, ID3D11Texture2D1, DESC_TEXTURE2D1)
RESOURCE_CREATE(CreateTexture3D, D3D11_TEXTURE3D_DESC, ID3D11Texture3D, DESC_TEXTURE3D)
RESOURCE_CREATE(CreateTexture3D1, D3D11_TEXTURE3D_DESC1, ID3D11Texture3D1, DESC_TEXTURE3D1)
#undef RESOURCE_CREATE

/* ---- ID3D11DeviceContext::Map and Unmap ---- */

struct d3d11_resource *d3d11_unsafe_resource(ID3D11Resource *iface)
{
    const void *vtbl;

    if (!iface)
        return NULL;
    vtbl = iface->lpVtbl;
    if (vtbl != &d3d11_buffer_vtbl && vtbl != &d3d11_texture1d_vtbl && vtbl != &d3d11_texture2d_vtbl
            && vtbl != &d3d11_texture3d_vtbl)
        return NULL;
    return impl_from_resource(iface);
}

/* Which map types a resource allows, as Wine's check_resource_cpu_access
 * records on Windows: READ needs CPU read access; WRITE and READ_WRITE the
 * access they name, and not on DYNAMIC resources; WRITE_DISCARD needs DYNAMIC;
 * WRITE_NO_OVERWRITE a DYNAMIC buffer. Deferred contexts map only with the
 * last two (and a valid deferred map is E_NOTIMPL: no command list records
 * it). On the immediate context a valid map of a subresource that is not
 * mapped already gives a pointer into the resource's memory with its pitches
 * (WRITE_DISCARD keeps the same memory and contents); a refused one writes
 * NULL to pData and leaves the pitches (Wine's test_resource_map). After the
 * device was removed (docs/faults.md), a valid map with CPU read access
 * (READ, READ_WRITE) answers DXGI_ERROR_DEVICE_REMOVED, as the method's
 * documentation says; a write-only map goes on (the documentation names no
 * failure for it: mockd3d12's reading). */
HRESULT STDMETHODCALLTYPE d3d11_context_Map(ID3D11DeviceContext4 *iface, ID3D11Resource *object, UINT subresource,
        D3D11_MAP type, UINT flags, D3D11_MAPPED_SUBRESOURCE *mapped)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    struct d3d11_resource *resource = d3d11_unsafe_resource(object);
    struct d3d11_subresource_layout layout;
    bool dynamic, ok;

    if (mapped)
        mapped->pData = NULL;
    if (!resource || subresource >= resource->desc.mips * resource->desc.array_size
            || (flags & ~(UINT)D3D11_MAP_FLAG_DO_NOT_WAIT))
        return E_INVALIDARG;
    dynamic = resource->desc.usage == D3D11_USAGE_DYNAMIC;
    switch (type)
    {
        case D3D11_MAP_READ: ok = resource->desc.cpu & D3D11_CPU_ACCESS_READ; break;
        case D3D11_MAP_WRITE: ok = !dynamic && (resource->desc.cpu & D3D11_CPU_ACCESS_WRITE); break;
        case D3D11_MAP_READ_WRITE:
            ok = !dynamic && (resource->desc.cpu & D3D11_CPU_ACCESS_READ) && (resource->desc.cpu & D3D11_CPU_ACCESS_WRITE);
            break;
        case D3D11_MAP_WRITE_DISCARD: ok = dynamic; break;
        case D3D11_MAP_WRITE_NO_OVERWRITE: ok = dynamic && resource->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER; break;
        default: ok = false; break;
    }
    if (context->type == D3D11_DEVICE_CONTEXT_DEFERRED)
    {
        if (type != D3D11_MAP_WRITE_DISCARD && type != D3D11_MAP_WRITE_NO_OVERWRITE)
            ok = false;
        return ok ? E_NOTIMPL : E_INVALIDARG;
    }
    /* Every map type that passes needs CPU access, so the memory exists. */
    if (!ok || !resource->memory)
        return E_INVALIDARG;
    if ((type == D3D11_MAP_READ || type == D3D11_MAP_READ_WRITE) && FAILED(d3d11_device_removed(context->device)))
        return DXGI_ERROR_DEVICE_REMOVED;
    /* A subresource is mapped once until its Unmap. */
    if (atomic_exchange(&resource->mapped[subresource], 1))
        return E_INVALIDARG;
    if (mapped)
    {
        d3d11_subresource_layout(resource, subresource, &layout, NULL);
        mapped->pData = resource->memory + layout.offset;
        mapped->RowPitch = (UINT)layout.row_pitch;
        mapped->DepthPitch = (UINT)layout.depth_pitch;
    }
    return S_OK;
}

/* Ends a map of the immediate context. Unmapping a subresource that is not
 * mapped, or unmapping on a deferred context (which Wine's
 * test_deferred_context_map shows Windows tolerates for a map of the
 * immediate context), does nothing. */
void STDMETHODCALLTYPE d3d11_context_Unmap(ID3D11DeviceContext4 *iface, ID3D11Resource *object, UINT subresource)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    struct d3d11_resource *resource = d3d11_unsafe_resource(object);

    if (context->type == D3D11_DEVICE_CONTEXT_DEFERRED || !resource || !resource->mapped
            || subresource >= resource->desc.mips * resource->desc.array_size)
        return;
    atomic_store(&resource->mapped[subresource], 0);
}
