/*
 * ID3D11On12Device's wrapped resources and the 11on12 immediate context's
 * Flush (docs/d3d11.md "D3D11On12: wrapped resources").
 *
 * CreateWrappedResource makes a libd3d11 buffer or texture whose description
 * is the D3D12 resource's with the caller's D3D11_RESOURCE_FLAGS, holding a
 * reference on the D3D12 resource; the rules are Microsoft's documentation
 * of ID3D11On12Device and of D3D12_RESOURCE_STATES (docs/d3d11.md says which
 * each comes from). The D3D11 object has its own contents (the null device
 * draws nothing), so copies through D3D11 do not reach the D3D12 resource.
 */
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "resource.h"

static inline struct d3d11_device *on12_device(ID3D11On12Device2 *iface)
{
    return (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11On12Device2_iface));
}

/* ---- The states (D3D12_RESOURCE_STATES) ---- */

#define ON12_READ_STATES (D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER | D3D12_RESOURCE_STATE_INDEX_BUFFER \
        | D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE \
        | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT \
        | D3D12_RESOURCE_STATE_COPY_SOURCE | D3D12_RESOURCE_STATE_RESOLVE_SOURCE \
        | D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE)
#define ON12_WRITE_STATES (D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_UNORDERED_ACCESS \
        | D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_STREAM_OUT | D3D12_RESOURCE_STATE_COPY_DEST \
        | D3D12_RESOURCE_STATE_RESOLVE_DEST)

/* A state a D3D12 resource of `flags` may be in (the D3D12_RESOURCE_STATES
 * documentation): known bits only (the video and acceleration-structure
 * states, which 11on12 cannot use, are refused); a write state alone, read
 * states combined freely (COMMON/PRESENT is 0); RENDER_TARGET needs
 * ALLOW_RENDER_TARGET, UNORDERED_ACCESS ALLOW_UNORDERED_ACCESS, the depth
 * states ALLOW_DEPTH_STENCIL. */
static bool on12_state_valid(D3D12_RESOURCE_STATES state, D3D12_RESOURCE_FLAGS flags)
{
    UINT bits = (UINT)state;

    if (bits & ~(UINT)(ON12_READ_STATES | ON12_WRITE_STATES))
        return false;
    if ((bits & ON12_WRITE_STATES) && (bits & (bits - 1)))
        return false;
    if ((bits & D3D12_RESOURCE_STATE_RENDER_TARGET) && !(flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
        return false;
    if ((bits & D3D12_RESOURCE_STATE_UNORDERED_ACCESS) && !(flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
        return false;
    if ((bits & (D3D12_RESOURCE_STATE_DEPTH_WRITE | D3D12_RESOURCE_STATE_DEPTH_READ))
            && !(flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
        return false;
    return true;
}

/* ---- The D3D11 description of a D3D12 resource ---- */

static D3D12_RESOURCE_DESC on12_d3d12_desc(ID3D12Resource *resource)
{
    D3D12_RESOURCE_DESC desc;

#if defined(_WIN32)
    ID3D12Resource_GetDesc(resource, &desc);
#else
    desc = ID3D12Resource_GetDesc(resource);
#endif
    return desc;
}

/* The bind flags the D3D12 resource's flags allow (D3D11_RESOURCE_FLAGS
 * "override flags that would be inferred", but cannot grant what the D3D12
 * resource was not made for). */
static bool on12_bind_allowed(UINT bind, D3D12_RESOURCE_FLAGS flags)
{
    if ((bind & D3D11_BIND_RENDER_TARGET) && !(flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
        return false;
    if ((bind & D3D11_BIND_DEPTH_STENCIL) && !(flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL))
        return false;
    if ((bind & D3D11_BIND_UNORDERED_ACCESS) && !(flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
        return false;
    if ((bind & D3D11_BIND_SHADER_RESOURCE) && (flags & D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE))
        return false;
    return true;
}

static HRESULT on12_desc(const D3D12_RESOURCE_DESC *d3d12, const D3D11_RESOURCE_FLAGS *flags,
        struct d3d11_resource_desc *desc)
{
    memset(desc, 0, sizeof(*desc));
    desc->width = desc->height = desc->depth = desc->mips = desc->array_size = 1;
    desc->samples.Count = 1;
    switch (d3d12->Dimension)
    {
        case D3D12_RESOURCE_DIMENSION_BUFFER: /* a Width past UINT_MAX is refused below */
            desc->dimension = D3D11_RESOURCE_DIMENSION_BUFFER;
            desc->stride = flags->StructureByteStride;
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
            desc->dimension = D3D11_RESOURCE_DIMENSION_TEXTURE1D;
            desc->array_size = d3d12->DepthOrArraySize;
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE2D:
            desc->dimension = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
            desc->height = d3d12->Height;
            desc->array_size = d3d12->DepthOrArraySize;
            desc->samples = d3d12->SampleDesc;
            break;
        case D3D12_RESOURCE_DIMENSION_TEXTURE3D:
            desc->dimension = D3D11_RESOURCE_DIMENSION_TEXTURE3D;
            desc->height = d3d12->Height;
            desc->depth = d3d12->DepthOrArraySize;
            break;
        default:
            return E_INVALIDARG;
    }
    if (d3d12->Width > UINT_MAX)
        return E_INVALIDARG;
    desc->width = (UINT)d3d12->Width;
    if (desc->dimension != D3D11_RESOURCE_DIMENSION_BUFFER)
    {
        desc->mips = d3d12->MipLevels;
        desc->format = d3d12->Format;
    }
    desc->usage = D3D11_USAGE_DEFAULT;
    desc->bind = flags->BindFlags;
    desc->cpu = flags->CPUAccessFlags;
    desc->misc = flags->MiscFlags;
    desc->layout = D3D11_TEXTURE_LAYOUT_UNDEFINED;
    return S_OK;
}

/* ---- ID3D11On12Device ---- */

/* The D3D12 resource behind `resource`, on the device's D3D12 device, in a
 * default heap (upload, readback and custom heaps are not modelled). */
static HRESULT on12_d3d12_resource(struct d3d11_device *device, IUnknown *resource, ID3D12Resource **out)
{
    D3D12_HEAP_PROPERTIES heap;
    D3D12_HEAP_FLAGS heap_flags;
    ID3D12Device *owner = NULL;
    HRESULT hr;

    /* A heap (a tile pool) is an IUnknown CreateWrappedResource takes too:
     * not modelled, refused like any other object. */
    if (FAILED(IUnknown_QueryInterface(resource, &IID_ID3D12Resource, (void **)out)))
        return E_INVALIDARG;
    hr = ID3D12Resource_GetDevice(*out, &IID_ID3D12Device, (void **)&owner);
    if (SUCCEEDED(hr) && owner != device->d3d12)
        hr = E_INVALIDARG;
    if (owner)
        ID3D12Device_Release(owner);
    if (SUCCEEDED(hr) && SUCCEEDED(ID3D12Resource_GetHeapProperties(*out, &heap, &heap_flags))
            && heap.Type != D3D12_HEAP_TYPE_DEFAULT)
        hr = E_NOTIMPL;
    if (FAILED(hr))
    {
        ID3D12Resource_Release(*out);
        *out = NULL;
    }
    return hr;
}

/* CreateWrappedResource: NULL arguments, an object that is no D3D12 resource
 * of this device, bind flags D3D11 does not know or that the D3D12 resource
 * does not allow, states it cannot be in, and a description D3D11 refuses
 * (CreateBuffer/CreateTexture*'s rules) → E_INVALIDARG; an interface the
 * object lacks → E_NOINTERFACE. The out pointer is NULL on failure. */
HRESULT STDMETHODCALLTYPE d3d11on12_device_CreateWrappedResource(ID3D11On12Device2 *iface, IUnknown *resource,
        const D3D11_RESOURCE_FLAGS *flags, D3D12_RESOURCE_STATES in_state, D3D12_RESOURCE_STATES out_state,
        REFIID riid, void **out)
{
    static const UINT known_bind = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER
            | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET
            | D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_DECODER
            | D3D11_BIND_VIDEO_ENCODER;
    struct d3d11_device *device = on12_device(iface);
    struct d3d11_resource *wrapped;
    struct d3d11_resource_desc desc;
    D3D12_RESOURCE_DESC d3d12_desc;
    ID3D12Resource *d3d12;
    HRESULT hr;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!resource || !flags || !riid || (flags->BindFlags & ~known_bind))
        return E_INVALIDARG;
    if (FAILED(hr = on12_d3d12_resource(device, resource, &d3d12)))
        return hr;
    d3d12_desc = on12_d3d12_desc(d3d12);
    if (!on12_bind_allowed(flags->BindFlags, d3d12_desc.Flags) || !on12_state_valid(in_state, d3d12_desc.Flags)
            || !on12_state_valid(out_state, d3d12_desc.Flags))
        hr = E_INVALIDARG;
    else if (SUCCEEDED(hr = on12_desc(&d3d12_desc, flags, &desc))
            && SUCCEEDED(hr = d3d11_resource_validate(device, &desc))
            && SUCCEEDED(hr = d3d11_resource_create_wrapped(device, &desc, d3d12, in_state, out_state, &wrapped)))
    {
        hr = mk_object_query(&wrapped->obj, riid, out);
        mk_object_release(&wrapped->obj);
    }
    ID3D12Resource_Release(d3d12);
    return hr;
}

/* One wrapped resource of `device` behind `iface`, or NULL (not this
 * library's, not wrapped, or another device's): skipped by Acquire/Release. */
static struct d3d11_resource *on12_wrapped(struct d3d11_device *device, ID3D11Resource *iface)
{
    struct d3d11_resource *resource = d3d11_unsafe_resource(iface);

    if (!resource || !resource->wrapped || d3d11_device_of(&resource->obj) != device
            || atomic_load(&resource->checked_out))
        return NULL;
    return resource;
}

static int on12_release_visit(struct mk_object *object, void *ctx)
{
    struct d3d11_resource *resource = MK_OBJECT_IMPL(struct d3d11_resource, obj, object);

    (void)ctx;
    if (resource->wrapped)
        atomic_store(&resource->acquired, false);
    return 0;
}

/* Marks the resources "not acquired" (their D3D12 resources go to their
 * OutState at the next Flush); no list (NULL or a count of 0): every wrapped
 * resource of the device, as the documentation says. */
void STDMETHODCALLTYPE d3d11on12_device_ReleaseWrappedResources(ID3D11On12Device2 *iface,
        ID3D11Resource *const *resources, UINT count)
{
    struct d3d11_device *device = on12_device(iface);
    struct d3d11_resource *resource;
    UINT i;

    if (!resources || !count)
    {
        mk_registry_walk(&device->children, D3D11_KIND_RESOURCE, on12_release_visit, NULL);
        return;
    }
    for (i = 0; i < count; ++i)
    {
        if ((resource = on12_wrapped(device, resources[i])))
            atomic_store(&resource->acquired, false);
    }
}

/* Marks the resources "acquired" (from their InState); acquiring one that is
 * acquired changes nothing. */
void STDMETHODCALLTYPE d3d11on12_device_AcquireWrappedResources(ID3D11On12Device2 *iface,
        ID3D11Resource *const *resources, UINT count)
{
    struct d3d11_device *device = on12_device(iface);
    struct d3d11_resource *resource;
    UINT i;

    if (!resources)
        return;
    for (i = 0; i < count; ++i)
    {
        if ((resource = on12_wrapped(device, resources[i])))
            atomic_store(&resource->acquired, true);
    }
}

/* ---- ID3D11On12Device1 and ID3D11On12Device2 ---- */

/* The D3D12 device the 11on12 device was made on. */
HRESULT STDMETHODCALLTYPE d3d11on12_device_GetD3D12Device(ID3D11On12Device2 *iface, REFIID riid, void **out)
{
    struct d3d11_device *device = on12_device(iface);

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!riid)
        return E_INVALIDARG;
    return ID3D12Device_QueryInterface(device->d3d12, riid, out);
}

/* The D3D12 description of a texture made through D3D11 (UnwrapUnderlyingResource's
 * "resources created through ID3D11Device::CreateTexture2D"): its size, format and
 * the D3D12 flags its bind flags need. */
static D3D12_RESOURCE_DESC on12_texture_desc(const struct d3d11_resource_desc *desc)
{
    D3D12_RESOURCE_DESC d3d12;

    memset(&d3d12, 0, sizeof(d3d12));
    d3d12.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    d3d12.Width = desc->width;
    d3d12.Height = desc->height;
    d3d12.DepthOrArraySize = (UINT16)desc->array_size;
    d3d12.MipLevels = (UINT16)desc->mips;
    d3d12.Format = desc->format;
    d3d12.SampleDesc = desc->samples;
    d3d12.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    if (desc->bind & D3D11_BIND_RENDER_TARGET)
        d3d12.Flags |= D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    if (desc->bind & D3D11_BIND_DEPTH_STENCIL)
        d3d12.Flags |= D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    if (desc->bind & D3D11_BIND_UNORDERED_ACCESS)
        d3d12.Flags |= D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    if ((desc->bind & D3D11_BIND_DEPTH_STENCIL) && !(desc->bind & D3D11_BIND_SHADER_RESOURCE))
        d3d12.Flags |= D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE;
    return d3d12;
}

/* Whether `queue` is a command queue of the device's D3D12 device. */
static bool on12_own_queue(struct d3d11_device *device, ID3D12CommandQueue *queue)
{
    ID3D12Device *owner = NULL;
    bool own;

    if (!queue || FAILED(ID3D12CommandQueue_GetDevice(queue, &IID_ID3D12Device, (void **)&owner)))
        return false;
    own = owner == device->d3d12;
    ID3D12Device_Release(owner);
    return own;
}

/* Checks the D3D12 resource of `iface` out to the application, for use on
 * `queue`, which first waits for the 11on12 device's flushed work
 * (Microsoft's documentation of the method). What can be unwrapped: wrapped
 * resources and 2D textures of this device, not buffers, keyed-mutex or
 * GDI-compatible resources (E_INVALIDARG), nor a resource already checked
 * out, nor for a queue of another device. A texture made through D3D11 gets
 * its D3D12 resource (a committed default-heap texture of its description,
 * in COMMON) at its first unwrap, and is a wrapped resource from then on. */
HRESULT STDMETHODCALLTYPE d3d11on12_device_UnwrapUnderlyingResource(ID3D11On12Device2 *iface,
        ID3D11Resource *resource11, ID3D12CommandQueue *queue, REFIID riid, void **out)
{
    static const D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    struct d3d11_device *device = on12_device(iface);
    struct d3d11_resource *resource;
    D3D12_RESOURCE_DESC d3d12_desc;
    ID3D12Resource *d3d12 = NULL;
    HRESULT hr = S_OK;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    resource = resource11 ? d3d11_unsafe_resource(resource11) : NULL;
    if (!resource || !riid || d3d11_device_of(&resource->obj) != device || !on12_own_queue(device, queue))
        return E_INVALIDARG;
    if (resource->desc.dimension == D3D11_RESOURCE_DIMENSION_BUFFER
            || (resource->desc.misc & (D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX | D3D11_RESOURCE_MISC_GDI_COMPATIBLE))
            || (!resource->wrapped && resource->desc.dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D))
        return E_INVALIDARG;
    mk_mutex_lock(&device->flush_lock);
    if (atomic_load(&resource->checked_out))
        hr = E_INVALIDARG;
    else if (!resource->wrapped)
    {
        d3d12_desc = on12_texture_desc(&resource->desc);
        if (SUCCEEDED(hr = ID3D12Device_CreateCommittedResource(device->d3d12, &heap, D3D12_HEAP_FLAG_NONE,
                &d3d12_desc, D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&d3d12)))
        {
            resource->wrapped = d3d12;
            resource->in_state = resource->out_state = D3D12_RESOURCE_STATE_COMMON;
            atomic_store(&resource->acquired, false);
        }
    }
    if (SUCCEEDED(hr) && SUCCEEDED(hr = IUnknown_QueryInterface(resource->wrapped, riid, out)))
    {
        /* Work flushed to the 11on12 queue comes first. */
        if (device->flush_fence)
            ID3D12CommandQueue_Wait(queue, device->flush_fence, device->flush_count);
        atomic_store(&resource->checked_out, true);
    }
    mk_mutex_unlock(&device->flush_lock);
    return hr;
}

/* Gives a checked-out resource back: the 11on12 device's queue waits for
 * each fence to reach its value before it uses the resource again.
 * E_INVALIDARG for a resource that is not checked out, and for sync_count
 * fences without the arrays or with a NULL fence. */
HRESULT STDMETHODCALLTYPE d3d11on12_device_ReturnUnderlyingResource(ID3D11On12Device2 *iface,
        ID3D11Resource *resource11, UINT sync_count, UINT64 *values, ID3D12Fence **fences)
{
    struct d3d11_device *device = on12_device(iface);
    struct d3d11_resource *resource;
    HRESULT hr = S_OK;
    UINT i;

    resource = resource11 ? d3d11_unsafe_resource(resource11) : NULL;
    if (!resource || d3d11_device_of(&resource->obj) != device || (sync_count && (!values || !fences)))
        return E_INVALIDARG;
    for (i = 0; i < sync_count; ++i)
    {
        if (!fences[i])
            return E_INVALIDARG;
    }
    mk_mutex_lock(&device->flush_lock);
    if (!atomic_load(&resource->checked_out))
        hr = E_INVALIDARG;
    else
    {
        for (i = 0; i < sync_count && device->queue_count; ++i)
            ID3D12CommandQueue_Wait(device->queues[0], fences[i], values[i]);
        atomic_store(&resource->checked_out, false);
    }
    mk_mutex_unlock(&device->flush_lock);
    return hr;
}

/* ---- The 11on12 immediate context's Flush ---- */

/* ID3D11DeviceContext::Flush. On an 11on12 device's immediate context the
 * recorded work (nothing is drawn) is submitted to the device's first D3D12
 * queue as a Signal of the device's own fence to the next value, so it runs
 * in that queue's order (behind a pending Wait); the fence is made on the
 * first Flush. Elsewhere (and on deferred contexts) Flush does nothing. */
void STDMETHODCALLTYPE d3d11_context_Flush(ID3D11DeviceContext4 *iface)
{
    struct d3d11_context *context = d3d11_context_from_iface(iface);
    struct d3d11_device *device = context->device;

    if (context->type != D3D11_DEVICE_CONTEXT_IMMEDIATE || !device->on12 || !device->queue_count)
        return;
    mk_mutex_lock(&device->flush_lock);
    if (device->flush_fence || SUCCEEDED(ID3D12Device_CreateFence(device->d3d12, 0, D3D12_FENCE_FLAG_NONE,
            &IID_ID3D12Fence, (void **)&device->flush_fence)))
    {
        if (SUCCEEDED(ID3D12CommandQueue_Signal(device->queues[0], device->flush_fence, device->flush_count + 1)))
            ++device->flush_count;
    }
    mk_mutex_unlock(&device->flush_lock);
}
