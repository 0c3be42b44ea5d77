/*
 * IDXGISwapChain ... IDXGISwapChain4 on a D3D12 direct queue (issue 30,
 * docs/dxgi.md "Swap chains"): created by the factory's CreateSwapChain,
 * CreateSwapChainForHwnd and CreateSwapChainForComposition with Windows'
 * rules for D3D12, back buffers that are committed resources of the queue's
 * device, and Present as an operation on the queue: a fence of the chain's
 * own is signalled there, so a Present completes in queue order, behind a
 * pending ID3D12CommandQueue::Wait. Nothing is displayed and nothing blocks.
 *
 * The frame-latency waitable object is a semaphore (an eventfd in semaphore
 * mode on Linux, src/base/platform_posix.c) that starts at the maximum frame
 * latency and gains one count each time the queue reaches a Present.
 *
 * Window sizes come from src/dxgi/window.c (simulated windows on Linux, the
 * real ones on Windows).
 */
#include "dxgi_private.h"

#include <mockd3d12/d3d11.h>

#define DXGI_MAX_FRAME_LATENCY 16u

#define KNOWN_SWAP_CHAIN_FLAGS (DXGI_SWAP_CHAIN_FLAG_NONPREROTATED | DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH \
        | DXGI_SWAP_CHAIN_FLAG_GDI_COMPATIBLE | DXGI_SWAP_CHAIN_FLAG_RESTRICTED_CONTENT \
        | DXGI_SWAP_CHAIN_FLAG_RESTRICT_SHARED_RESOURCE_DRIVER | DXGI_SWAP_CHAIN_FLAG_DISPLAY_ONLY \
        | DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT | DXGI_SWAP_CHAIN_FLAG_FOREGROUND_LAYER \
        | DXGI_SWAP_CHAIN_FLAG_FULLSCREEN_VIDEO | DXGI_SWAP_CHAIN_FLAG_YUV_VIDEO \
        | DXGI_SWAP_CHAIN_FLAG_HW_PROTECTED | DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)
/* The flags ResizeBuffers can neither add nor remove (Microsoft's
 * DXGI_SWAP_CHAIN_FLAG documentation). */
#define FIXED_SWAP_CHAIN_FLAGS (DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT | DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)
#define KNOWN_PRESENT_FLAGS (DXGI_PRESENT_TEST | DXGI_PRESENT_DO_NOT_SEQUENCE | DXGI_PRESENT_RESTART \
        | DXGI_PRESENT_DO_NOT_WAIT | DXGI_PRESENT_STEREO_PREFER_RIGHT | DXGI_PRESENT_STEREO_TEMPORARY_MONO \
        | DXGI_PRESENT_RESTRICT_TO_OUTPUT | DXGI_PRESENT_USE_DURATION | DXGI_PRESENT_ALLOW_TEARING)

struct dxgi_swapchain
{
    IDXGISwapChain4 IDXGISwapChain4_iface;
    struct mk_object obj;               /* its parent: the factory */
    struct dxgi_factory *factory;       /* the parent, as a factory */
    ID3D12CommandQueue *queue;          /* the direct queue it was made on (D3D12), or NULL */
    ID3D12Device *device;               /* the queue's device, which makes the buffers (D3D12) */
    ID3D12Fence *fence;                 /* value n: the queue reached Present n (D3D12) */
    ID3D11Device *d3d11;                /* the D3D11 device it was made on, which makes the buffers, or NULL */
    HWND window;                        /* 0: a composition swap chain */
    HANDLE latency;                     /* the frame-latency semaphore, or NULL */

    mk_mutex lock;                      /* everything below */
    DXGI_SWAP_CHAIN_DESC1 desc;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen_desc; /* Windowed: FALSE while `target` is set */
    IDXGIOutput *target;                /* full screen on this output, or NULL */
    IUnknown *buffers[DXGI_MAX_SWAP_CHAIN_BUFFERS]; /* ID3D12Resource or ID3D11Texture2D */
    UINT index;                         /* GetCurrentBackBufferIndex */
    UINT64 presents;                    /* Presents sent to the queue (the fence's last value) */
    UINT max_latency;
    UINT source_width, source_height;
    DXGI_RGBA background;
    DXGI_MODE_ROTATION rotation;
    DXGI_MATRIX_3X2_F matrix;
    DXGI_COLOR_SPACE_TYPE colour_space;
};

MK_OBJECT_HELPERS(struct dxgi_swapchain, IDXGISwapChain4, IDXGISwapChain4_iface, impl_from_IDXGISwapChain4,
        swapchain_object)

/* ---- What a description may be (docs/dxgi.md has each rule's source) ---- */

static bool flip_format(DXGI_FORMAT format)
{
    return format == DXGI_FORMAT_R8G8B8A8_UNORM || format == DXGI_FORMAT_B8G8R8A8_UNORM
            || format == DXGI_FORMAT_R10G10B10A2_UNORM || format == DXGI_FORMAT_R16G16B16A16_FLOAT;
}

static bool flip_buffer_count(UINT count)
{
    return count >= 2 && count <= DXGI_MAX_SWAP_CHAIN_BUFFERS;
}

static bool flip_model(DXGI_SWAP_EFFECT effect)
{
    return effect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL || effect == DXGI_SWAP_EFFECT_FLIP_DISCARD;
}

/* A bit-block-transfer model format on a D3D11 device: one the device can
 * display (CheckFormatSupport's DISPLAY bit). */
static bool blt_format(ID3D11Device *device, DXGI_FORMAT format)
{
    UINT support = 0;

    return SUCCEEDED(ID3D11Device_CheckFormatSupport(device, format, &support))
            && (support & D3D11_FORMAT_SUPPORT_DISPLAY);
}

/* DXGI_ERROR_INVALID_CALL, reported as `id` by a debug factory. */
static HRESULT refuse(const struct dxgi_factory *factory, enum dxgi_message id, const char *method, const char *reason)
{
    dxgi_report(factory, id, method, "%s", reason);
    return DXGI_ERROR_INVALID_CALL;
}

/* The bit-block-transfer models (DISCARD, SEQUENTIAL) of a D3D11 device
 * (Microsoft's DXGI_SWAP_EFFECT, DXGI_SWAP_CHAIN_FLAG, DXGI_SCALING and
 * CreateSwapChainForComposition documentation; the SDK's DXGI_Message_Id
 * names): BufferCount 1..16, a format the device displays, a sample count and
 * quality the device has, no stereo, known flags but neither the waitable
 * nor the tearing flag, STRETCH scaling, no alpha, never for composition. The
 * format and sample refusals have no message of their own. */
static HRESULT check_blt_desc(const struct dxgi_factory *f, const char *method, const DXGI_SWAP_CHAIN_DESC1 *desc,
        bool composition, ID3D11Device *d3d11)
{
    UINT levels = 0;

    if (composition)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChainForComposition_OnlyFlipSequentialSupported, method,
                "a composition swap chain uses a flip model");
    if (!desc->BufferCount)
        return refuse(f, DXGI_MSG_IDXGISwapChain_Creation_TooFewBuffers, method, "BufferCount is 0");
    if (desc->BufferCount > DXGI_MAX_SWAP_CHAIN_BUFFERS)
        return refuse(f, DXGI_MSG_IDXGISwapChain_Creation_MaxBufferCountExceeded, method, "BufferCount is over 16");
    if (!blt_format(d3d11, desc->Format) || !desc->SampleDesc.Count
            || (desc->SampleDesc.Count == 1 && desc->SampleDesc.Quality)
            || (desc->SampleDesc.Count > 1 && (FAILED(ID3D11Device_CheckMultisampleQualityLevels(d3d11,
            desc->Format, desc->SampleDesc.Count, &levels)) || desc->SampleDesc.Quality >= levels)))
        return DXGI_ERROR_INVALID_CALL;
    if (desc->Stereo)
        return refuse(f, DXGI_MSG_IDXGISwapChain_CreationOrSetFullscreenState_StereoDisabled, method,
                "stereo is not enabled");
    if (desc->Flags & ~(UINT)KNOWN_SWAP_CHAIN_FLAGS)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_InvalidFlags, method, "unknown Flags");
    if (desc->Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_WaitableSwapChainsAreFlipModelOnly, method,
                "waitable swap chains use a flip model");
    if (desc->Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_AllowTearingFlagIsFlipModelOnly, method,
                "DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING is for flip models");
    if (desc->Scaling != DXGI_SCALING_STRETCH)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_ScalingNoneIsFlipModelOnly, method,
                "the bit-block-transfer models stretch");
    if (desc->AlphaMode != DXGI_ALPHA_MODE_UNSPECIFIED && desc->AlphaMode != DXGI_ALPHA_MODE_IGNORE)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_AlphaIsFlipModelOnly, method,
                "transparency is for flip models");
    return S_OK;
}

/* S_OK, or DXGI_ERROR_INVALID_CALL for a description a D3D12 queue refuses
 * (reported for `method`); `composition` for CreateSwapChainForComposition. */
static HRESULT check_desc(const struct dxgi_factory *f, const char *method, const DXGI_SWAP_CHAIN_DESC1 *desc,
        bool composition, ID3D11Device *d3d11)
{
    bool blt = desc->SwapEffect == DXGI_SWAP_EFFECT_DISCARD || desc->SwapEffect == DXGI_SWAP_EFFECT_SEQUENTIAL;

    if (blt && !d3d11)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_FlipSwapEffectRequired, method,
                "D3D12 swap chains must use DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL or DXGI_SWAP_EFFECT_FLIP_DISCARD");
    if (!blt && !flip_model(desc->SwapEffect))
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_UnknownSwapEffect, method, "unknown SwapEffect");
    if (blt)
        return check_blt_desc(f, method, desc, composition, d3d11);
    if (!flip_buffer_count(desc->BufferCount))
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_BufferCountOOBForFlipSequential, method,
                "flip-model swap chains need a BufferCount from 2 to 16");
    if (desc->SampleDesc.Count != 1 || desc->SampleDesc.Quality)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_MultiSamplingNotSupportedForFlipSequential, method,
                "flip-model swap chains are not multisampled");
    if (!flip_format(desc->Format))
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_InvalidFormatForFlipSequential, method,
                "flip-model swap chains take R16G16B16A16_FLOAT, R10G10B10A2_UNORM, R8G8B8A8_UNORM or B8G8R8A8_UNORM");
    if (desc->Stereo)
        return refuse(f, DXGI_MSG_IDXGISwapChain_CreationOrSetFullscreenState_StereoDisabled, method,
                "stereo is not enabled");
    if (desc->Flags & ~(UINT)KNOWN_SWAP_CHAIN_FLAGS)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_InvalidFlags, method, "unknown Flags");
    if (composition && (!desc->Width || !desc->Height))
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChainForComposition_WidthOrHeightIsZero, method,
                "a composition swap chain needs a size");
    if (composition && desc->Scaling != DXGI_SCALING_STRETCH)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChainForComposition_InvalidScaling, method,
                "a composition swap chain is DXGI_SCALING_STRETCH");
    if (composition)
        return desc->AlphaMode <= DXGI_ALPHA_MODE_IGNORE ? S_OK : refuse(f,
                DXGI_MSG_IDXGIFactory_CreateSwapChainForComposition_InvalidAlphaMode, method, "unknown AlphaMode");
    if (desc->Scaling != DXGI_SCALING_STRETCH && desc->Scaling != DXGI_SCALING_NONE)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChainForHwnd_InvalidScaling, method,
                "DXGI_SCALING_ASPECT_RATIO_STRETCH is for composition and CoreWindow swap chains");
    if (desc->AlphaMode != DXGI_ALPHA_MODE_UNSPECIFIED && desc->AlphaMode != DXGI_ALPHA_MODE_IGNORE)
        return refuse(f, DXGI_MSG_IDXGIFactory_CreateSwapChain_AlphaIsWindowlessOnly, method,
                "transparency is for composition swap chains");
    return S_OK;
}

/* ---- Back buffers ---- */

static void release_buffers(struct dxgi_swapchain *chain)
{
    UINT i;

    for (i = 0; i < DXGI_MAX_SWAP_CHAIN_BUFFERS; ++i)
    {
        if (chain->buffers[i])
            IUnknown_Release(chain->buffers[i]);
        chain->buffers[i] = NULL;
    }
}

/* A D3D11 chain's BufferCount textures, made by its device: its size,
 * format and samples, one mip, default usage, bound as BufferUsage asks
 * (RENDER_TARGET_OUTPUT, SHADER_INPUT, UNORDERED_ACCESS). */
static HRESULT create_d3d11_buffers(struct dxgi_swapchain *chain)
{
    D3D11_TEXTURE2D_DESC desc;
    HRESULT hr = S_OK;
    UINT i;

    memset(&desc, 0, sizeof(desc));
    desc.Width = chain->desc.Width;
    desc.Height = chain->desc.Height;
    desc.MipLevels = 1;
    desc.ArraySize = 1;
    desc.Format = chain->desc.Format;
    desc.SampleDesc = chain->desc.SampleDesc;
    desc.Usage = D3D11_USAGE_DEFAULT;
    if (chain->desc.BufferUsage & DXGI_USAGE_RENDER_TARGET_OUTPUT)
        desc.BindFlags |= D3D11_BIND_RENDER_TARGET;
    if (chain->desc.BufferUsage & DXGI_USAGE_SHADER_INPUT)
        desc.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
    if (chain->desc.BufferUsage & DXGI_USAGE_UNORDERED_ACCESS)
        desc.BindFlags |= D3D11_BIND_UNORDERED_ACCESS;
    for (i = 0; i < chain->desc.BufferCount && SUCCEEDED(hr); ++i)
        hr = ID3D11Device_CreateTexture2D(chain->d3d11, &desc, NULL, (ID3D11Texture2D **)&chain->buffers[i]);
    if (FAILED(hr))
        release_buffers(chain);
    return hr;
}

/* The chain's BufferCount committed textures of its size and format on its
 * device's default heap, render targets in the PRESENT (COMMON) state (a
 * D3D11 chain: create_d3d11_buffers). */
static HRESULT create_buffers(struct dxgi_swapchain *chain)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    D3D12_RESOURCE_DESC desc;
    HRESULT hr = S_OK;
    UINT i;

    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = chain->desc.Width;
    desc.Height = chain->desc.Height;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = chain->desc.Format;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    if (chain->d3d11)
        return create_d3d11_buffers(chain);
    for (i = 0; i < chain->desc.BufferCount && SUCCEEDED(hr); ++i)
        hr = ID3D12Device_CreateCommittedResource(chain->device, &heap, D3D12_HEAP_FLAG_ALLOW_DISPLAY, &desc,
                D3D12_RESOURCE_STATE_PRESENT, NULL, &IID_ID3D12Resource, (void **)&chain->buffers[i]);
    if (FAILED(hr))
        release_buffers(chain);
    return hr;
}

/* Whether the application holds a reference on a back buffer. */
static bool buffers_referenced(struct dxgi_swapchain *chain)
{
    UINT i;

    for (i = 0; i < DXGI_MAX_SWAP_CHAIN_BUFFERS; ++i)
    {
        if (chain->buffers[i])
        {
            IUnknown_AddRef(chain->buffers[i]);
            if (IUnknown_Release(chain->buffers[i]) > 1)
                return true;
        }
    }
    return false;
}

/* ---- The object ---- */

#define SWAPCHAIN_INTERFACE(iid) MK_INTERFACE_AT(struct dxgi_swapchain, obj, IDXGISwapChain4_iface, iid)
static const struct mk_interface swapchain_interfaces[] =
{
    SWAPCHAIN_INTERFACE(IID_IUnknown), SWAPCHAIN_INTERFACE(IID_IDXGIObject),
    SWAPCHAIN_INTERFACE(IID_IDXGIDeviceSubObject), SWAPCHAIN_INTERFACE(IID_IDXGISwapChain),
    SWAPCHAIN_INTERFACE(IID_IDXGISwapChain1), SWAPCHAIN_INTERFACE(IID_IDXGISwapChain2),
    SWAPCHAIN_INTERFACE(IID_IDXGISwapChain3), SWAPCHAIN_INTERFACE(IID_IDXGISwapChain4),
};
#undef SWAPCHAIN_INTERFACE

/* Presents still on their way through the queue get their fence value now,
 * from the CPU, so that no fence event is left to write to the semaphore
 * once it is closed (as Windows' swap chain flushes its queue on release). */
static void swapchain_destroy(struct mk_object *object)
{
    struct dxgi_swapchain *chain = MK_OBJECT_IMPL(struct dxgi_swapchain, obj, object);

    release_buffers(chain);
    if (chain->target)
        IDXGIOutput_Release(chain->target);
    if (chain->fence)
    {
        if (ID3D12Fence_GetCompletedValue(chain->fence) < chain->presents)
            ID3D12Fence_Signal(chain->fence, chain->presents);
        ID3D12Fence_Release(chain->fence);
    }
    if (chain->latency)
        mk_handle_close(chain->latency);
    if (chain->device)
        ID3D12Device_Release(chain->device);
    if (chain->queue)
        ID3D12CommandQueue_Release(chain->queue);
    if (chain->d3d11)
        ID3D11Device_Release(chain->d3d11);
    mk_mutex_destroy(&chain->lock);
}

static const struct mk_object_class swapchain_class = MK_OBJECT_CLASS(struct dxgi_swapchain, swapchain_interfaces,
        .name = "IDXGISwapChain", .destroy = swapchain_destroy);

MK_DXGI_OBJECT_METHODS(dxgi_swapchain, IDXGISwapChain4, swapchain_object)

/* ---- IDXGIDeviceSubObject: the queue it was made with ---- */

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetDevice(IDXGISwapChain4 *iface, REFIID riid, void **device)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!device)
        return E_INVALIDARG;
    if (chain->d3d11)
        return ID3D11Device_QueryInterface(chain->d3d11, riid, device);
    return ID3D12CommandQueue_QueryInterface(chain->queue, riid, device);
}

/* ---- Present ---- */

/* One Present reaches the queue: the fence gets its number there, and the
 * latency semaphore a count when the queue gets that far (now, when nothing
 * holds the queue; else through the fence, from the thread that unblocks it). */
static HRESULT queue_present(struct dxgi_swapchain *chain)
{
    UINT64 value = chain->presents + 1;
    HRESULT hr;

    if (!chain->desc.BufferCount)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_Present_NoAllocatedBuffers, "IDXGISwapChain::Present",
                "the swap chain has no buffers (a ResizeBuffers failed)");
    /* A D3D11 chain has no queue: its Present is done when it is called. */
    if (chain->queue && FAILED(hr = ID3D12CommandQueue_Signal(chain->queue, chain->fence, value)))
        return hr;
    chain->presents = value;
    if (flip_model(chain->desc.SwapEffect))
        chain->index = (chain->index + 1) % chain->desc.BufferCount;
    if (!chain->latency)
        return S_OK;
    if (!chain->queue)
    {
        mk_semaphore_release(chain->latency, 1);
        return S_OK;
    }
    /* Released now rather than never when the fence cannot take the event. */
    if (ID3D12Fence_GetCompletedValue(chain->fence) >= value
            || FAILED(ID3D12Fence_SetEventOnCompletion(chain->fence, value, chain->latency)))
        mk_semaphore_release(chain->latency, 1);
    return S_OK;
}

/* Why DXGI_PRESENT_ALLOW_TEARING is refused, or 0 when it is not. */
static enum dxgi_message tearing_refusal(const struct dxgi_swapchain *chain, UINT interval)
{
    if (!(chain->desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING))
        return DXGI_MSG_IDXGISwapChain_Present_AllowTearingRequiresCreationFlag;
    if (interval)
        return DXGI_MSG_IDXGISwapChain_Present_AllowTearingRequiresPresentIntervalZero;
    return chain->fullscreen_desc.Windowed ? 0 : DXGI_MSG_IDXGISwapChain_Present_FullscreenAllowTearingIsInvalid;
}

/* What Present answers once the chain's device is removed. The Present
 * documentation lists DXGI_ERROR_DEVICE_RESET beside DXGI_ERROR_DEVICE_REMOVED
 * and keeps the latter for a GPU unplugged or upgraded; DXGI_ERROR's page
 * gives DXGI_ERROR_DEVICE_RESET for a device that failed on a badly formed
 * command. So a device whose reason is DXGI_ERROR_DEVICE_RESET answers that,
 * every other reason DXGI_ERROR_DEVICE_REMOVED (docs/faults.md). */
static HRESULT device_lost(const struct dxgi_swapchain *chain)
{
    HRESULT reason = chain->d3d11 ? ID3D11Device_GetDeviceRemovedReason(chain->d3d11)
            : chain->device ? ID3D12Device_GetDeviceRemovedReason(chain->device) : S_OK;

    return reason == DXGI_ERROR_DEVICE_RESET ? DXGI_ERROR_DEVICE_RESET : DXGI_ERROR_DEVICE_REMOVED;
}

static HRESULT present(struct dxgi_swapchain *chain, const char *method, UINT interval, UINT flags)
{
    enum dxgi_message refusal = 0;
    HRESULT hr = S_OK;

    if (interval > 4)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_Present_SyncIntervalOOB, method,
                "SyncInterval is more than 4");
    if (flags & ~(UINT)KNOWN_PRESENT_FLAGS)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_Present_UnsupportedFlags, method, "unknown Flags");
    /* The fault plan's Present rules (docs/faults.md): a removal of the
     * queue's adapter, or an occlusion; either way nothing is presented. The
     * hook costs one relaxed load without a plan. */
    if (chain->queue && (hr = mockd3d12_fault_call((IUnknown *)chain->queue, method)) != S_OK)
        return hr == DXGI_ERROR_DEVICE_REMOVED ? device_lost(chain) : hr;
    /* A libd3d11 device is removed with its adapter's D3D12 devices: its
     * chain presents nothing more (the plan's Present rules count D3D12
     * chains only). */
    if (chain->d3d11 && FAILED(ID3D11Device_GetDeviceRemovedReason(chain->d3d11)))
        return device_lost(chain);
    mk_mutex_lock(&chain->lock);
    if ((flags & DXGI_PRESENT_ALLOW_TEARING) && (refusal = tearing_refusal(chain, interval)))
        hr = DXGI_ERROR_INVALID_CALL;
    else if (!(flags & DXGI_PRESENT_TEST))
        hr = queue_present(chain);
    else if (chain->device && FAILED(ID3D12Device_GetDeviceRemovedReason(chain->device)))
        hr = DXGI_ERROR_DEVICE_REMOVED; /* a test Present sends nothing to the queue, but sees the removal */
    mk_mutex_unlock(&chain->lock);
    if (hr == DXGI_ERROR_DEVICE_REMOVED)
        hr = device_lost(chain);
    if (refusal)
        refuse(chain->factory, refusal, method, "DXGI_PRESENT_ALLOW_TEARING needs the creation flag "
                "DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING, SyncInterval 0 and a windowed swap chain");
    /* A blt-model chain whose window is minimised is occluded: the call is
     * made, nothing would be seen (DXGI_STATUS's documentation; a flip-model
     * chain never answers it). */
    if (hr == S_OK && !flip_model(chain->desc.SwapEffect) && chain->window && dxgi_window_minimised(chain->window))
        hr = DXGI_STATUS_OCCLUDED;
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_Present(IDXGISwapChain4 *iface, UINT interval, UINT flags)
{
    return present(impl_from_IDXGISwapChain4(iface), "IDXGISwapChain::Present", interval, flags);
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_Present1(IDXGISwapChain4 *iface, UINT interval, UINT flags,
        const DXGI_PRESENT_PARAMETERS *parameters)
{
    if (parameters && parameters->DirtyRectsCount && !parameters->pDirtyRects)
        return DXGI_ERROR_INVALID_CALL;
    return present(impl_from_IDXGISwapChain4(iface), "IDXGISwapChain1::Present1", interval, flags);
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetBuffer(IDXGISwapChain4 *iface, UINT index, REFIID riid,
        void **surface)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    HRESULT hr;

    if (!surface)
        return DXGI_ERROR_INVALID_CALL;
    *surface = NULL;
    mk_mutex_lock(&chain->lock);
    /* DISCARD gives the application the first buffer only (GetBuffer's documentation). */
    if (index >= chain->desc.BufferCount || (index && chain->desc.SwapEffect == DXGI_SWAP_EFFECT_DISCARD))
        hr = DXGI_ERROR_INVALID_CALL;
    else
        hr = IUnknown_QueryInterface(chain->buffers[index], riid, surface);
    mk_mutex_unlock(&chain->lock);
    if (hr == DXGI_ERROR_INVALID_CALL && index < chain->desc.BufferCount)
        refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetBuffer_iBufferMustBeZero, "IDXGISwapChain::GetBuffer",
                "a DISCARD swap chain gives its first buffer only");
    else if (hr == DXGI_ERROR_INVALID_CALL)
        refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetBuffer_iBufferOOB, "IDXGISwapChain::GetBuffer",
                "the buffer index is BufferCount or more");
    return hr;
}

/* ---- Full screen and outputs ---- */

/* The output of the queue's adapter the window is on (a new object; the
 * first output for a composition chain), or DXGI_ERROR_NOT_FOUND on a
 * headless adapter. */
static HRESULT containing_output(struct dxgi_swapchain *chain, IDXGIOutput **output)
{
    IDXGIAdapter *adapter = NULL;
    IDXGIDevice *device = NULL;
    DXGI_ADAPTER_DESC desc;
    LUID luid;

    if (chain->d3d11)
    {
        /* The adapter the D3D11 device reports (IDXGIDevice::GetAdapter). */
        memset(&desc, 0, sizeof(desc));
        if (SUCCEEDED(ID3D11Device_QueryInterface(chain->d3d11, &IID_IDXGIDevice, (void **)&device))
                && SUCCEEDED(IDXGIDevice_GetAdapter(device, &adapter)))
            IDXGIAdapter_GetDesc(adapter, &desc);
        if (adapter)
            IDXGIAdapter_Release(adapter);
        if (device)
            IDXGIDevice_Release(device);
        luid = desc.AdapterLuid;
    }
    else
    {
#ifdef _WIN32
        ID3D12Device_GetAdapterLuid(chain->device, &luid);
#else
        luid = ID3D12Device_GetAdapterLuid(chain->device);
#endif
    }
    return dxgi_factory_output_for_window(chain->factory, luid, chain->window, output);
}

/* Full screen on `target` (NULL: the containing output), which D3D12 makes
 * borderless: nothing else changes. DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
 * without an output to take. */
static HRESULT enter_fullscreen(struct dxgi_swapchain *chain, IDXGIOutput *target)
{
    IDXGIOutput *output = target;

    if (output)
        IDXGIOutput_AddRef(output);
    else if (FAILED(containing_output(chain, &output)))
        return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
    mk_mutex_lock(&chain->lock);
    if (chain->target)
        IDXGIOutput_Release(chain->target);
    chain->target = output;
    chain->fullscreen_desc.Windowed = FALSE;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetFullscreenState(IDXGISwapChain4 *iface, BOOL fullscreen,
        IDXGIOutput *target)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    IDXGIOutput *old;

    if (fullscreen && !chain->window)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_SetFullscreenState_FSTransitionWithCompositionSwapChain,
                "IDXGISwapChain::SetFullscreenState", "a composition swap chain has no full screen");
    if (fullscreen)
        return enter_fullscreen(chain, target);
    if (target) /* Wine's test_swapchain_fullscreen_state */
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_SetFullscreenState_InvalidTarget,
                "IDXGISwapChain::SetFullscreenState", "leaving full screen takes no target");
    mk_mutex_lock(&chain->lock);
    old = chain->target;
    chain->target = NULL;
    chain->fullscreen_desc.Windowed = TRUE;
    mk_mutex_unlock(&chain->lock);
    if (old)
        IDXGIOutput_Release(old);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetFullscreenState(IDXGISwapChain4 *iface, BOOL *fullscreen,
        IDXGIOutput **target)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    mk_mutex_lock(&chain->lock);
    if (fullscreen)
        *fullscreen = chain->target != NULL;
    if (target && (*target = chain->target))
        IDXGIOutput_AddRef(*target);
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

/* In full screen, the output taken (the same object, as Windows answers);
 * else the output the window is on, a new object each call;
 * DXGI_ERROR_UNSUPPORTED on a headless adapter. */
static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetContainingOutput(IDXGISwapChain4 *iface, IDXGIOutput **output)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!output)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetContainingOutput_ppOutputIsNULL,
                "IDXGISwapChain::GetContainingOutput", "ppOutput is NULL");
    *output = NULL;
    mk_mutex_lock(&chain->lock);
    if ((*output = chain->target))
        IDXGIOutput_AddRef(*output);
    mk_mutex_unlock(&chain->lock);
    if (*output)
        return S_OK;
    return SUCCEEDED(containing_output(chain, output)) ? S_OK : DXGI_ERROR_UNSUPPORTED;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetDesc(IDXGISwapChain4 *iface, DXGI_SWAP_CHAIN_DESC *desc)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!desc)
        return E_INVALIDARG;
    mk_mutex_lock(&chain->lock);
    desc->BufferDesc.Width = chain->desc.Width;
    desc->BufferDesc.Height = chain->desc.Height;
    desc->BufferDesc.RefreshRate = chain->fullscreen_desc.RefreshRate;
    desc->BufferDesc.Format = chain->desc.Format;
    desc->BufferDesc.ScanlineOrdering = chain->fullscreen_desc.ScanlineOrdering;
    desc->BufferDesc.Scaling = chain->fullscreen_desc.Scaling;
    desc->SampleDesc = chain->desc.SampleDesc;
    desc->BufferUsage = chain->desc.BufferUsage;
    desc->BufferCount = chain->desc.BufferCount;
    desc->OutputWindow = chain->window;
    desc->Windowed = chain->fullscreen_desc.Windowed;
    desc->SwapEffect = chain->desc.SwapEffect;
    desc->Flags = chain->desc.Flags;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

/* ---- Resizing ---- */

/* Why ResizeBuffers refuses `flags` on `chain` (its lock held), or 0. */
static enum dxgi_message resize_refusal(struct dxgi_swapchain *chain, UINT flags)
{
    UINT changed = (flags ^ chain->desc.Flags) & FIXED_SWAP_CHAIN_FLAGS;

    if (changed & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)
        return DXGI_MSG_IDXGISwapChain_ResizeBuffers_CannotAddOrRemoveWaitableFlag;
    if (changed)
        return DXGI_MSG_IDXGISwapChain_ResizeBuffers_CannotAddOrRemoveAllowTearingFlag;
    return buffers_referenced(chain) ? DXGI_MSG_IDXGISwapChain_ResizeBuffers_UnreleasedReferences : 0;
}

/* ResizeBuffers with `count` 0 (the current count), `format` UNKNOWN (the
 * current format) and zero sizes (the window's client area). */
static HRESULT resize(struct dxgi_swapchain *chain, UINT count, UINT width, UINT height, DXGI_FORMAT format,
        UINT flags)
{
    static const char method[] = "IDXGISwapChain::ResizeBuffers";
    UINT client_width, client_height;
    enum dxgi_message refusal;
    bool blt = !flip_model(chain->desc.SwapEffect);
    DXGI_SWAP_CHAIN_DESC1 old;
    HRESULT hr;

    if (blt && count > DXGI_MAX_SWAP_CHAIN_BUFFERS)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeBuffers_BufferCountOOB, method,
                "BufferCount is over 16");
    if (blt && format != DXGI_FORMAT_UNKNOWN && !blt_format(chain->d3d11, format))
        return DXGI_ERROR_INVALID_CALL;
    if (!blt && count && !flip_buffer_count(count))
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeBuffers_BufferCountOOBForFlipSequential, method,
                "flip-model swap chains need a BufferCount from 2 to 16");
    if (!blt && format != DXGI_FORMAT_UNKNOWN && !flip_format(format))
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeBuffers_InvalidFormatForFlipSequential, method,
                "not a flip-model format");
    if (flags & ~(UINT)KNOWN_SWAP_CHAIN_FLAGS)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeBuffers_InvalidSwapChainFlag, method,
                "unknown SwapChainFlags");
    mk_mutex_lock(&chain->lock);
    old = chain->desc;
    if ((refusal = resize_refusal(chain, flags)))
    {
        mk_mutex_unlock(&chain->lock);
        return refuse(chain->factory, refusal, method, refusal == DXGI_MSG_IDXGISwapChain_ResizeBuffers_UnreleasedReferences
                ? "the application still holds a back buffer" : "a flag that can be neither added nor removed");
    }
    if (count)
        chain->desc.BufferCount = count;
    if (format != DXGI_FORMAT_UNKNOWN)
        chain->desc.Format = format;
    chain->desc.Width = width ? width : old.Width;
    chain->desc.Height = height ? height : old.Height;
    if ((!width || !height) && chain->window && dxgi_window_client_size(chain->window, &client_width, &client_height))
    {
        chain->desc.Width = width ? width : client_width;
        chain->desc.Height = height ? height : client_height;
    }
    chain->desc.Flags = flags;
    release_buffers(chain);
    if (FAILED(hr = create_buffers(chain)))
    {
        chain->desc = old;
        if (FAILED(create_buffers(chain)))
            chain->desc.BufferCount = 0;
    }
    chain->index = 0;
    chain->source_width = chain->desc.Width;
    chain->source_height = chain->desc.Height;
    mk_mutex_unlock(&chain->lock);
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_ResizeBuffers(IDXGISwapChain4 *iface, UINT count, UINT width,
        UINT height, DXGI_FORMAT format, UINT flags)
{
    return resize(impl_from_IDXGISwapChain4(iface), count, width, height, format, flags);
}

/* The window's client area becomes the mode's size (Wine's
 * test_resize_target_wndproc); the buffers stay as they are. */
static HRESULT STDMETHODCALLTYPE dxgi_swapchain_ResizeTarget(IDXGISwapChain4 *iface, const DXGI_MODE_DESC *mode)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    static const char method[] = "IDXGISwapChain::ResizeTarget";

    if (!mode)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeTarget_pNewTargetParametersIsNULL, method,
                "pNewTargetParameters is NULL");
    if (!chain->window)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeTarget_InvalidWithCompositionSwapChain, method,
                "a composition swap chain has no window");
    dxgi_window_resize(chain->window, mode->Width, mode->Height);
    return S_OK;
}

/* ---- Statistics ---- */

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetFrameStatistics(IDXGISwapChain4 *iface,
        DXGI_FRAME_STATISTICS *stats)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    UINT64 done;

    if (!stats)
    {
        dxgi_report(chain->factory, DXGI_MSG_IDXGISwapChain_GetFrameStatistics_pStatsIsNULL,
                "IDXGISwapChain::GetFrameStatistics", "pStats is NULL");
        return E_INVALIDARG;
    }
    memset(stats, 0, sizeof(*stats));
    if (chain->fence)
        done = ID3D12Fence_GetCompletedValue(chain->fence);
    else
    {
        mk_mutex_lock(&chain->lock);
        done = chain->presents;
        mk_mutex_unlock(&chain->lock);
    }
    if (!done)
        return DXGI_ERROR_FRAME_STATISTICS_DISJOINT;
    /* The Presents the queue reached, each on a refresh of its own. */
    stats->PresentCount = (UINT)done;
    stats->PresentRefreshCount = (UINT)done;
    stats->SyncRefreshCount = (UINT)done;
    stats->SyncQPCTime.QuadPart = (LONGLONG)mk_cpu_timestamp();
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetLastPresentCount(IDXGISwapChain4 *iface, UINT *count)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!count)
    {
        dxgi_report(chain->factory, DXGI_MSG_IDXGISwapChain_GetLastPresentCount_pLastPresentCountIsNULL,
                "IDXGISwapChain::GetLastPresentCount", "pLastPresentCount is NULL");
        return E_INVALIDARG;
    }
    mk_mutex_lock(&chain->lock);
    *count = (UINT)chain->presents;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

/* ---- IDXGISwapChain1 ---- */

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetDesc1(IDXGISwapChain4 *iface, DXGI_SWAP_CHAIN_DESC1 *desc)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!desc)
        return E_INVALIDARG;
    mk_mutex_lock(&chain->lock);
    *desc = chain->desc;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetFullscreenDesc(IDXGISwapChain4 *iface,
        DXGI_SWAP_CHAIN_FULLSCREEN_DESC *desc)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!desc)
        return E_INVALIDARG;
    if (!chain->window) /* a composition swap chain has none */
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetFullscreenDesc_NonHwnd,
                "IDXGISwapChain1::GetFullscreenDesc", "not a window swap chain");
    mk_mutex_lock(&chain->lock);
    *desc = chain->fullscreen_desc;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetHwnd(IDXGISwapChain4 *iface, HWND *window)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!window)
        return E_INVALIDARG;
    if ((*window = chain->window))
        return S_OK;
    return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetHwnd_WrongType, "IDXGISwapChain1::GetHwnd",
            "not a window swap chain");
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetCoreWindow(IDXGISwapChain4 *iface, REFIID riid, void **window)
{
    (void)riid;
    if (!window)
        return E_INVALIDARG;
    *window = NULL;
    /* No swap chain here is made for a CoreWindow. */
    return refuse(impl_from_IDXGISwapChain4(iface)->factory, DXGI_MSG_IDXGISwapChain_GetCoreWindow_WrongType,
            "IDXGISwapChain1::GetCoreWindow", "not a CoreWindow swap chain");
}

static BOOL STDMETHODCALLTYPE dxgi_swapchain_IsTemporaryMonoSupported(IDXGISwapChain4 *iface)
{
    (void)iface;
    return FALSE;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetRestrictToOutput(IDXGISwapChain4 *iface, IDXGIOutput **output)
{
    (void)iface;
    if (!output)
        return E_INVALIDARG;
    *output = NULL; /* a restricting output is never kept: the machine has none to show on */
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetBackgroundColor(IDXGISwapChain4 *iface, const DXGI_RGBA *colour)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!colour)
        return E_INVALIDARG;
    mk_mutex_lock(&chain->lock);
    chain->background = *colour;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetBackgroundColor(IDXGISwapChain4 *iface, DXGI_RGBA *colour)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!colour)
        return E_INVALIDARG;
    mk_mutex_lock(&chain->lock);
    *colour = chain->background;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetRotation(IDXGISwapChain4 *iface, DXGI_MODE_ROTATION rotation)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (rotation < DXGI_MODE_ROTATION_IDENTITY || rotation > DXGI_MODE_ROTATION_ROTATE270)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain1_SetRotation_InvalidRotation,
                "IDXGISwapChain1::SetRotation", "unknown rotation");
    mk_mutex_lock(&chain->lock);
    chain->rotation = rotation;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetRotation(IDXGISwapChain4 *iface, DXGI_MODE_ROTATION *rotation)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!rotation)
        return E_INVALIDARG;
    mk_mutex_lock(&chain->lock);
    *rotation = chain->rotation;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

/* ---- IDXGISwapChain2 ---- */

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetSourceSize(IDXGISwapChain4 *iface, UINT width, UINT height)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    HRESULT hr = E_INVALIDARG;

    mk_mutex_lock(&chain->lock);
    if (width && height && width <= chain->desc.Width && height <= chain->desc.Height)
    {
        chain->source_width = width;
        chain->source_height = height;
        hr = S_OK;
    }
    mk_mutex_unlock(&chain->lock);
    if (FAILED(hr))
        dxgi_report(chain->factory, DXGI_MSG_IDXGISwapChain_SetSourceSize_WidthHeight, "IDXGISwapChain2::SetSourceSize",
                "the size is 0 or larger than the buffers");
    return hr;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetSourceSize(IDXGISwapChain4 *iface, UINT *width, UINT *height)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!width || !height)
        return E_INVALIDARG;
    mk_mutex_lock(&chain->lock);
    *width = chain->source_width;
    *height = chain->source_height;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetMaximumFrameLatency(IDXGISwapChain4 *iface, UINT latency)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!chain->latency)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_SetMaximumFrameLatency_OnlyWaitable,
                "IDXGISwapChain2::SetMaximumFrameLatency", "the swap chain is not waitable");
    if (!latency || latency > DXGI_MAX_FRAME_LATENCY)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_SetMaximumFrameLatency_MaxLatencyIsOutOfBounds,
                "IDXGISwapChain2::SetMaximumFrameLatency", "MaxLatency is not from 1 to 16");
    mk_mutex_lock(&chain->lock);
    /* Raising it releases the semaphore the difference; lowering it takes
     * nothing back (Wine's test_frame_latency_event). */
    if (latency > chain->max_latency)
        mk_semaphore_release(chain->latency, latency - chain->max_latency);
    chain->max_latency = latency;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetMaximumFrameLatency(IDXGISwapChain4 *iface, UINT *latency)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!latency)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetMaximumFrameLatency_pMaxLatencyIsNULL,
                "IDXGISwapChain2::GetMaximumFrameLatency", "pMaxLatency is NULL");
    if (!chain->latency)
    {
        *latency = 0;
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetMaximumFrameLatency_OnlyWaitable,
                "IDXGISwapChain2::GetMaximumFrameLatency", "the swap chain is not waitable");
    }
    mk_mutex_lock(&chain->lock);
    *latency = chain->max_latency;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

/* A new handle per call, which the application closes. */
static HANDLE STDMETHODCALLTYPE dxgi_swapchain_GetFrameLatencyWaitableObject(IDXGISwapChain4 *iface)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    return chain->latency ? mk_handle_duplicate(chain->latency) : NULL;
}

/* The matrix of a composition swap chain only. */
static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetMatrixTransform(IDXGISwapChain4 *iface,
        const DXGI_MATRIX_3X2_F *matrix)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!matrix)
        return E_INVALIDARG;
    if (chain->window)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_SetMatrixTransform_RequiresCompositionSwapChain,
                "IDXGISwapChain2::SetMatrixTransform", "not a composition swap chain");
    mk_mutex_lock(&chain->lock);
    chain->matrix = *matrix;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_GetMatrixTransform(IDXGISwapChain4 *iface, DXGI_MATRIX_3X2_F *matrix)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);

    if (!matrix)
        return E_INVALIDARG;
    if (chain->window)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_GetMatrixTransform_RequiresCompositionSwapChain,
                "IDXGISwapChain2::GetMatrixTransform", "not a composition swap chain");
    mk_mutex_lock(&chain->lock);
    *matrix = chain->matrix;
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

/* ---- IDXGISwapChain3 ---- */

static UINT STDMETHODCALLTYPE dxgi_swapchain_GetCurrentBackBufferIndex(IDXGISwapChain4 *iface)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    UINT index;

    mk_mutex_lock(&chain->lock);
    index = chain->index;
    mk_mutex_unlock(&chain->lock);
    return index;
}

/* Whether the chain's output (the full-screen target, else the containing
 * output) is in HDR10 (the profile's "colorSpace"); false without one. */
static bool output_is_hdr(struct dxgi_swapchain *chain)
{
    IDXGIOutput *output;
    IDXGIOutput6 *output6;
    DXGI_OUTPUT_DESC1 desc;
    bool hdr = false;

    mk_mutex_lock(&chain->lock);
    if ((output = chain->target))
        IDXGIOutput_AddRef(output);
    mk_mutex_unlock(&chain->lock);
    if (!output && FAILED(containing_output(chain, &output)))
        return false;
    if (SUCCEEDED(IDXGIOutput_QueryInterface(output, &IID_IDXGIOutput6, (void **)&output6)))
    {
        hdr = SUCCEEDED(IDXGIOutput6_GetDesc1(output6, &desc)) && desc.ColorSpace == DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020;
        IDXGIOutput6_Release(output6);
    }
    IDXGIOutput_Release(output);
    return hdr;
}

/* What the output shows (docs/dxgi.md, "Colour"): sRGB (G22 P709) from any
 * format; scRGB (G10 P709) from a float chain on every output, which the
 * compositor converts; HDR10 (G2084 P2020) from a 10-bit chain on an output
 * in HDR. */
static UINT colour_space_support(DXGI_FORMAT format, bool hdr, DXGI_COLOR_SPACE_TYPE space)
{
    if (space == DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709
            || (space == DXGI_COLOR_SPACE_RGB_FULL_G10_NONE_P709 && format == DXGI_FORMAT_R16G16B16A16_FLOAT)
            || (space == DXGI_COLOR_SPACE_RGB_FULL_G2084_NONE_P2020 && hdr && format == DXGI_FORMAT_R10G10B10A2_UNORM))
        return DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT;
    return 0;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_CheckColorSpaceSupport(IDXGISwapChain4 *iface,
        DXGI_COLOR_SPACE_TYPE space, UINT *support)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    bool hdr;

    if (!support)
    {
        dxgi_report(chain->factory, DXGI_MSG_IDXGISwapChain3_CheckColorSpaceSupport_NullPointers,
                "IDXGISwapChain3::CheckColorSpaceSupport", "pColorSpaceSupport is NULL");
        return E_INVALIDARG;
    }
    hdr = output_is_hdr(chain);
    mk_mutex_lock(&chain->lock);
    *support = colour_space_support(chain->desc.Format, hdr, space);
    mk_mutex_unlock(&chain->lock);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetColorSpace1(IDXGISwapChain4 *iface, DXGI_COLOR_SPACE_TYPE space)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    bool hdr = output_is_hdr(chain);
    HRESULT hr = E_INVALIDARG;

    mk_mutex_lock(&chain->lock);
    if (colour_space_support(chain->desc.Format, hdr, space))
    {
        chain->colour_space = space;
        hr = S_OK;
    }
    mk_mutex_unlock(&chain->lock);
    if (FAILED(hr))
        dxgi_report(chain->factory, DXGI_MSG_IDXGISwapChain3_SetColorSpace1_InvalidColorSpace,
                "IDXGISwapChain3::SetColorSpace1", "the output cannot show the colour space from this format");
    return hr;
}

/* One queue per buffer, all the chain's own (other queues are not modelled:
 * docs/dxgi.md), and node masks of the single node. */
static HRESULT check_present_queues(struct dxgi_swapchain *chain, UINT count, const UINT *node_masks,
        IUnknown *const *queues)
{
    static const char method[] = "IDXGISwapChain3::ResizeBuffers1";
    UINT i;

    /* A D3D11 chain has no queues: both arrays NULL (docs/dxgi.md). */
    if (chain->d3d11)
        return node_masks || queues ? refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeBuffers1_D3D12Only,
                method, "present queues are for D3D12 swap chains") : S_OK;
    if (!node_masks || !queues)
        return refuse(chain->factory, DXGI_MSG_IDXGISwapChain_ResizeBuffers1_NodeMaskAndQueueRequired, method,
                "pCreationNodeMask and ppPresentQueue are required");
    for (i = 0; i < count; ++i)
    {
        if (node_masks[i] > 1 || !queues[i] || queues[i] != (IUnknown *)chain->queue)
            return refuse(chain->factory, DXGI_MSG_IDXGISwapChain3_ResizeBuffers1_InvalidQueue, method,
                    "a node mask other than the single node's, or another queue than the swap chain's");
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_swapchain_ResizeBuffers1(IDXGISwapChain4 *iface, UINT count, UINT width,
        UINT height, DXGI_FORMAT format, UINT flags, const UINT *node_masks, IUnknown *const *queues)
{
    struct dxgi_swapchain *chain = impl_from_IDXGISwapChain4(iface);
    UINT current;
    HRESULT hr;

    mk_mutex_lock(&chain->lock);
    current = chain->desc.BufferCount;
    mk_mutex_unlock(&chain->lock);
    if (FAILED(hr = check_present_queues(chain, count ? count : current, node_masks, queues)))
        return hr;
    return resize(chain, count, width, height, format, flags);
}

/* ---- IDXGISwapChain4 ---- */

/* DXGI_HDR_METADATA_HDR10PLUS (dxgi1_5.h): BYTE Data[72]; older headers lack it. */
#define HDR10PLUS_METADATA_SIZE 72u
#define HDR_METADATA_TYPE_HDR10PLUS ((DXGI_HDR_METADATA_TYPE)2)

/* NONE; HDR10 or HDR10+ with their structure's size and data: S_OK and
 * nothing shows it. Anything else: E_INVALIDARG (docs/dxgi.md). */
static HRESULT STDMETHODCALLTYPE dxgi_swapchain_SetHDRMetaData(IDXGISwapChain4 *iface, DXGI_HDR_METADATA_TYPE type,
        UINT size, void *metadata)
{
    const struct dxgi_factory *factory = impl_from_IDXGISwapChain4(iface)->factory;
    static const char method[] = "IDXGISwapChain4::SetHDRMetaData";
    UINT expected;

    if (type == DXGI_HDR_METADATA_TYPE_NONE)
        return S_OK;
    expected = type == DXGI_HDR_METADATA_TYPE_HDR10 ? (UINT)sizeof(DXGI_HDR_METADATA_HDR10)
            : type == HDR_METADATA_TYPE_HDR10PLUS ? HDR10PLUS_METADATA_SIZE : 0;
    if (!expected)
        dxgi_report(factory, DXGI_MSG_IDXGISwapChain3_SetHDRMetaData_InvalidType, method, "unknown Type");
    else if (size != expected)
        dxgi_report(factory, DXGI_MSG_IDXGISwapChain3_SetHDRMetaData_InvalidSize, method,
                "Size is not the size of the Type's structure (%u)", expected);
    else if (!metadata)
        dxgi_report(factory, DXGI_MSG_IDXGISwapChain3_SetHDRMetaData_InvalidPointer, method, "pMetaData is NULL");
    else
        return S_OK; /* taken, and nothing shows it */
    return E_INVALIDARG;
}

static const IDXGISwapChain4Vtbl dxgi_swapchain_vtbl =
{
    MK_DXGI_OBJECT_VTBL(dxgi_swapchain),
    /* IDXGIDeviceSubObject methods */
    dxgi_swapchain_GetDevice,
    /* IDXGISwapChain methods */
    dxgi_swapchain_Present,
    dxgi_swapchain_GetBuffer,
    dxgi_swapchain_SetFullscreenState,
    dxgi_swapchain_GetFullscreenState,
    dxgi_swapchain_GetDesc,
    dxgi_swapchain_ResizeBuffers,
    dxgi_swapchain_ResizeTarget,
    dxgi_swapchain_GetContainingOutput,
    dxgi_swapchain_GetFrameStatistics,
    dxgi_swapchain_GetLastPresentCount,
    /* IDXGISwapChain1 methods */
    dxgi_swapchain_GetDesc1,
    dxgi_swapchain_GetFullscreenDesc,
    dxgi_swapchain_GetHwnd,
    dxgi_swapchain_GetCoreWindow,
    dxgi_swapchain_Present1,
    dxgi_swapchain_IsTemporaryMonoSupported,
    dxgi_swapchain_GetRestrictToOutput,
    dxgi_swapchain_SetBackgroundColor,
    dxgi_swapchain_GetBackgroundColor,
    dxgi_swapchain_SetRotation,
    dxgi_swapchain_GetRotation,
    /* IDXGISwapChain2 methods */
    dxgi_swapchain_SetSourceSize,
    dxgi_swapchain_GetSourceSize,
    dxgi_swapchain_SetMaximumFrameLatency,
    dxgi_swapchain_GetMaximumFrameLatency,
    dxgi_swapchain_GetFrameLatencyWaitableObject,
    dxgi_swapchain_SetMatrixTransform,
    dxgi_swapchain_GetMatrixTransform,
    /* IDXGISwapChain3 methods */
    dxgi_swapchain_GetCurrentBackBufferIndex,
    dxgi_swapchain_CheckColorSpaceSupport,
    dxgi_swapchain_SetColorSpace1,
    dxgi_swapchain_ResizeBuffers1,
    /* IDXGISwapChain4 methods */
    dxgi_swapchain_SetHDRMetaData,
};

/* ---- Creation ---- */

/* The direct queue `device` is, or the D3D11 device (*queue NULL);
 * DXGI_ERROR_INVALID_CALL for a D3D12 device or another kind of queue,
 * DXGI_ERROR_UNSUPPORTED for anything else. */
static HRESULT direct_queue(const struct dxgi_factory *factory, const char *method, IUnknown *device,
        ID3D12CommandQueue **queue, ID3D11Device **d3d11)
{
    D3D12_COMMAND_QUEUE_DESC desc;
    ID3D12Device *d3d12;

    *d3d11 = NULL;
    if (SUCCEEDED(IUnknown_QueryInterface(device, &IID_ID3D12CommandQueue, (void **)queue)))
    {
#ifdef _WIN32
        ID3D12CommandQueue_GetDesc(*queue, &desc);
#else
        desc = ID3D12CommandQueue_GetDesc(*queue);
#endif
        if (desc.Type == D3D12_COMMAND_LIST_TYPE_DIRECT)
            return S_OK;
        ID3D12CommandQueue_Release(*queue);
        *queue = NULL;
        return refuse(factory, DXGI_MSG_IDXGIFactory_CreateSwapChain_InvalidQueue, method,
                "a D3D12 swap chain needs a direct queue");
    }
    *queue = NULL;
    if (SUCCEEDED(IUnknown_QueryInterface(device, &IID_ID3D12Device, (void **)&d3d12)))
    {
        ID3D12Device_Release(d3d12);
        return refuse(factory, DXGI_MSG_IDXGIFactory_CreateSwapChain_InvalidDevice, method,
                "pDevice is a D3D12 device, not a direct command queue");
    }
    if (SUCCEEDED(IUnknown_QueryInterface(device, &IID_ID3D11Device, (void **)d3d11)))
        return S_OK;
    *d3d11 = NULL;
    return DXGI_ERROR_UNSUPPORTED;
}

/* What the chain needs from its queue's device: the device, the fence, the
 * latency semaphore and the back buffers. */
static HRESULT swapchain_init(struct dxgi_swapchain *chain)
{
    HRESULT hr;

    if (chain->queue && FAILED(hr = ID3D12CommandQueue_GetDevice(chain->queue, &IID_ID3D12Device,
            (void **)&chain->device)))
        return hr;
    if (chain->queue && FAILED(hr = ID3D12Device_CreateFence(chain->device, 0, D3D12_FENCE_FLAG_NONE,
            &IID_ID3D12Fence, (void **)&chain->fence)))
        return hr;
    if (chain->desc.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)
    {
        /* A waitable chain starts at a latency of 1 (Wine's test_frame_latency_event on D3D12). */
        chain->max_latency = 1;
        if (!(chain->latency = mk_semaphore_create(chain->max_latency)))
            return E_OUTOFMEMORY;
    }
    return create_buffers(chain);
}

HRESULT dxgi_swapchain_create(struct dxgi_factory *factory, const char *method, IUnknown *device, HWND window,
        const DXGI_SWAP_CHAIN_DESC1 *desc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fullscreen_desc,
        IDXGISwapChain1 **out)
{
    static const DXGI_SWAP_CHAIN_FULLSCREEN_DESC windowed = {{0, 0}, DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED,
            DXGI_MODE_SCALING_UNSPECIFIED, TRUE};
    struct dxgi_swapchain *chain;
    ID3D12CommandQueue *queue;
    ID3D11Device *d3d11;
    HRESULT hr;

    *out = NULL;
    if (FAILED(hr = direct_queue(factory, method, device, &queue, &d3d11)))
        return hr;
    if (FAILED(hr = check_desc(factory, method, desc, !window, d3d11))
            || (!(chain = mk_calloc(1, sizeof(*chain))) && (hr = E_OUTOFMEMORY)))
    {
        if (queue)
            ID3D12CommandQueue_Release(queue);
        if (d3d11)
            ID3D11Device_Release(d3d11);
        return hr;
    }
    chain->IDXGISwapChain4_iface.lpVtbl = (IDXGISwapChain4Vtbl *)&dxgi_swapchain_vtbl;
    chain->factory = factory;
    chain->queue = queue;
    chain->d3d11 = d3d11;
    chain->window = window;
    chain->desc = *desc;
    chain->fullscreen_desc = fullscreen_desc ? *fullscreen_desc : windowed;
    if (window && !dxgi_window_client_size(window, &chain->source_width, &chain->source_height))
        hr = refuse(factory, DXGI_MSG_IDXGISwapChain_Creation_InvalidOutputWindow, method, "not a window");
    if (!chain->desc.Width)
        chain->desc.Width = chain->source_width;
    if (!chain->desc.Height)
        chain->desc.Height = chain->source_height;
    chain->source_width = chain->desc.Width;
    chain->source_height = chain->desc.Height;
    chain->rotation = DXGI_MODE_ROTATION_IDENTITY;
    chain->colour_space = DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709;
    mk_mutex_init(&chain->lock);
    mk_object_init(&chain->obj, &swapchain_class, (IUnknown *)&factory->IDXGIFactory6_iface, NULL);
    if (SUCCEEDED(hr))
        hr = swapchain_init(chain);
    if (FAILED(hr))
    {
        mk_object_release(&chain->obj);
        return hr;
    }
    /* Full screen on the containing output; without one (a headless
     * adapter) the chain is windowed, as Windows makes it when it cannot
     * take the output, and the call says DXGI_STATUS_OCCLUDED. */
    hr = S_OK;
    if (!chain->fullscreen_desc.Windowed)
    {
        chain->fullscreen_desc.Windowed = TRUE;
        if (FAILED(enter_fullscreen(chain, NULL)))
            hr = DXGI_STATUS_OCCLUDED;
    }
    *out = (IDXGISwapChain1 *)&chain->IDXGISwapChain4_iface;
    return hr;
}
