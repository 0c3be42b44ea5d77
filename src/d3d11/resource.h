/*
 * The buffers and textures of libd3d11 (src/d3d11/resource.c creates them,
 * src/d3d11/copy.c copies between them): the object, and where each
 * subresource lies in its CPU memory.
 */
#ifndef MOCKD3D12_D3D11_RESOURCE_H
#define MOCKD3D12_D3D11_RESOURCE_H

#include "d3d11_private.h"
#include "resource_layout.h"

/* A resource's description, whatever its dimension (the members its D3D11
 * description does not have: 1 for the sizes and the sample count, else 0). */
struct d3d11_resource_desc
{
    D3D11_RESOURCE_DIMENSION dimension;
    UINT width, height, depth, mips, array_size;
    DXGI_FORMAT format;
    DXGI_SAMPLE_DESC samples;
    D3D11_USAGE usage;
    UINT bind, cpu, misc;
    UINT stride;                /* structured buffers' only */
    D3D11_TEXTURE_LAYOUT layout;
};

struct d3d11_resource
{
    /* ID3D11Buffer, ID3D11Texture1D, ID3D11Texture2D1 or ID3D11Texture3D1:
     * the vtable of the resource's dimension. */
    ID3D11Resource ID3D11Resource_iface;
    IDXGIResource1 IDXGIResource1_iface;
    IDXGISurface2 IDXGISurface2_iface;
    /* Its counts and parent, the device: views and bindings keep it alive
     * with internal references the application's count does not show
     * (Wine's test_create_rendertarget_view: a view leaves the count as it
     * was). */
    struct mk_object obj;
    struct d3d11_resource_desc desc;
    atomic_uint eviction_priority;
    /* The contents: every subresource, slice by slice and mip by mip within
     * a slice (D3D11 subresource order: mip + slice * mips). Resources with
     * CPU access or initial data have it from creation; the others get it,
     * zeroed, when a copy first reads or writes them (d3d11_resource_memory:
     * the immediate context's calls, which D3D11 does not make from two
     * threads at once). One "mapped" flag per subresource, CPU access only. */
    unsigned char *memory;
    atomic_uchar *mapped;
    /* ID3D11On12Device::CreateWrappedResource: the D3D12 resource (held),
     * the states of its creation and whether the 11on12 device holds it
     * (acquired) or D3D12 does (released); NULL for every other resource. */
    ID3D12Resource *wrapped;
    D3D12_RESOURCE_STATES in_state, out_state;
    atomic_bool acquired;
    /* ID3D11On12Device2::UnwrapUnderlyingResource checked the D3D12 resource
     * out (until ReturnUnderlyingResource): the 11on12 device leaves it alone. */
    atomic_bool checked_out;
};

/* One subresource's place in a resource's memory. */
struct d3d11_subresource_layout
{
    uint64_t offset;
    uint64_t row_pitch;   /* bytes from one row of blocks to the next */
    uint64_t depth_pitch; /* bytes from one depth slice to the next */
    uint64_t rows;        /* rows of blocks in one depth slice (planar formats: every plane's rows) */
    uint64_t row_bytes;   /* bytes of one row: row_pitch (tight rows) */
    uint64_t depth;       /* depth slices */
};


/* The layout of subresource sub in the memory, and the size of the whole
 * memory in *total (either may be NULL). */
void d3d11_subresource_layout(const struct d3d11_resource *resource, UINT sub, struct d3d11_subresource_layout *out,
        uint64_t *total);

/* The resource's memory, allocated zeroed the first time; NULL when it
 * cannot be allocated. */
unsigned char *d3d11_resource_memory(struct d3d11_resource *resource);

/* An internal reference (a view's), and its end. */
void d3d11_resource_retain(struct d3d11_resource *resource);
void d3d11_resource_unretain(struct d3d11_resource *resource);

/* Validates (and completes) a buffer or texture description as
 * CreateBuffer/CreateTexture* do, without initial data (src/d3d11/resource.c). */
HRESULT d3d11_resource_validate(struct d3d11_device *device, struct d3d11_resource_desc *desc);

/* A resource of `device` with `desc` (validated by the caller) wrapping
 * `d3d12` (CreateWrappedResource, src/d3d11/on12.c): no memory of its own
 * (copies and maps see zeroes), acquired. */
HRESULT d3d11_resource_create_wrapped(struct d3d11_device *device, const struct d3d11_resource_desc *desc,
        ID3D12Resource *d3d12, D3D12_RESOURCE_STATES in_state, D3D12_RESOURCE_STATES out_state,
        struct d3d11_resource **out);

/* One of this library's resources, or NULL (NULL, or another implementation's object). */
struct d3d11_resource *d3d11_unsafe_resource(ID3D11Resource *iface);

/* What a render-target, depth-stencil or unordered-access view covers
 * (src/d3d11/view.c), for the clears (src/d3d11/clear.c). */
struct d3d11_view_range
{
    struct d3d11_resource *resource;
    DXGI_FORMAT format;       /* the view's: its channels are what a clear writes */
    /* Buffers: elements of element_size bytes from first_element; raw and
     * structured views (no format) write 32-bit words. */
    UINT first_element, elements, element_size;
    bool words;
    /* Textures: one mip, and array slices (or a 3D mip's W slices) from first_slice. */
    UINT mip, first_slice, slices;
};

enum d3d11_view_kind { D3D11_VIEW_RTV = 1, D3D11_VIEW_DSV, D3D11_VIEW_UAV };

/* Fills *range for a view of `kind` of this library; false for anything else. */
bool d3d11_view_range(void *view, enum d3d11_view_kind kind, struct d3d11_view_range *range);

#endif
