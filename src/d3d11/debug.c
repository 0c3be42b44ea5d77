/*
 * The D3D11 debug layer of a device made with D3D11_CREATE_DEVICE_DEBUG
 * (docs/d3d11.md "The debug layer"): ID3D11Debug and ID3D11InfoQueue on the
 * device, and the messages of data/d3d11-messages.tsv for what the mock
 * rejects (d3d11_report).
 *
 * The queue is libd3d12's (src/debuglayer/dbg_queue.c, compiled in): storage,
 * filter stacks, retrieval, the count limit, break-on settings, and its
 * ID3D12InfoQueue methods are ID3D11InfoQueue's (DBG_INFO_QUEUE_METHODS).
 * Its API takes the D3D12 structs; the D3D11 ones have the same layout, which
 * the static assertions below check, so the methods only convert pointers.
 */
#include <stdarg.h>
#include <stdio.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "dbg_queue.h"

/* D3D11_`type` and D3D12_`type` have the same size, and member `m` at the same place with the same size. */
#define D3D11_SAME_SIZE(type) (sizeof(D3D11_##type) == sizeof(D3D12_##type))
#define D3D11_SAME_MEMBER(type, m) (offsetof(D3D11_##type, m) == offsetof(D3D12_##type, m) \
        && sizeof(((D3D11_##type *)0)->m) == sizeof(((D3D12_##type *)0)->m))
_Static_assert(D3D11_SAME_SIZE(MESSAGE) && D3D11_SAME_MEMBER(MESSAGE, Category) && D3D11_SAME_MEMBER(MESSAGE, Severity)
        && D3D11_SAME_MEMBER(MESSAGE, ID) && D3D11_SAME_MEMBER(MESSAGE, pDescription)
        && D3D11_SAME_MEMBER(MESSAGE, DescriptionByteLength), "D3D11_MESSAGE is not D3D12_MESSAGE");
_Static_assert(D3D11_SAME_SIZE(INFO_QUEUE_FILTER) && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER, AllowList)
        && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER, DenyList), "D3D11_INFO_QUEUE_FILTER is not D3D12_INFO_QUEUE_FILTER");
_Static_assert(D3D11_SAME_SIZE(INFO_QUEUE_FILTER_DESC)
        && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER_DESC, NumCategories) && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER_DESC, pCategoryList)
        && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER_DESC, NumSeverities) && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER_DESC, pSeverityList)
        && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER_DESC, NumIDs) && D3D11_SAME_MEMBER(INFO_QUEUE_FILTER_DESC, pIDList),
        "D3D11_INFO_QUEUE_FILTER_DESC is not D3D12_INFO_QUEUE_FILTER_DESC");

/* ID3D11Debug feature bits (d3d11sdklayers.h) and ReportLiveDeviceObjects flags. */
#define D3D11_DEBUG_FEATURES_KNOWN (D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP | D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP \
        | D3D11_DEBUG_FEATURE_PRESENT_PER_RENDER_OP | D3D11_DEBUG_FEATURE_ALWAYS_DISCARD_OFFERED_RESOURCE \
        | D3D11_DEBUG_FEATURE_NEVER_DISCARD_OFFERED_RESOURCE | D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS \
        | D3D11_DEBUG_FEATURE_DISABLE_TILED_RESOURCE_MAPPING_TRACKING_AND_VALIDATION)
/* D3D11_RLDO_IGNORE_INTERNAL (4) is in the Windows SDK's d3d11sdklayers.h, not mingw-w64's. */
#define D3D11_RLDO_KNOWN (D3D11_RLDO_SUMMARY | D3D11_RLDO_DETAIL | 4u)

struct d3d11_debug
{
    struct dbg_queue queue;
    mk_mutex lock;                  /* the ID3D11Debug settings below */
    UINT feature_mask;
    UINT present_delay;
    IDXGISwapChain *swapchain;      /* SetSwapChain: holds a reference */
};

static inline struct d3d11_device *impl_from_ID3D11Debug(ID3D11Debug *iface)
{
    return (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11Debug_iface));
}

static inline struct d3d11_device *impl_from_ID3D11InfoQueue(ID3D11InfoQueue *iface)
{
    return (struct d3d11_device *)((char *)iface - offsetof(struct d3d11_device, ID3D11InfoQueue_iface));
}

static inline struct dbg_queue *queue_from_iface(ID3D11InfoQueue *iface)
{
    return &impl_from_ID3D11InfoQueue(iface)->debug->queue;
}

/* ---- The debug output: "D3D11 ERROR: <text> [ <CATEGORY> ERROR #<id>: <NAME>]" ---- */

static const char *message_name(UINT id)
{
    unsigned i;

    if (id == D3D11_MESSAGE_ID_STRING_FROM_APPLICATION)
        return "STRING_FROM_APPLICATION";
    for (i = 0; i < D3D11_MSG_COUNT; ++i)
    {
        if (d3d11_messages[i].id == id)
            return d3d11_messages[i].name;
    }
    return "UNKNOWN";
}

static void d3d11_debug_output(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
        const char *text)
{
    const char *category_name = (UINT)category <= D3D11_MESSAGE_CATEGORY_SHADER
            ? d3d11_message_categories[category] : "UNKNOWN";
    const char *severity_name = (UINT)severity <= D3D11_MESSAGE_SEVERITY_MESSAGE
            ? d3d11_message_severities[severity] : "UNKNOWN";

    fprintf(stderr, "D3D11 %s: %s [ %s %s #%u: %s]\n", severity_name, text, category_name, severity_name,
            (unsigned)id, message_name((UINT)id));
}

/* ---- Creation and destruction ---- */

HRESULT d3d11_debug_create(struct d3d11_device *device)
{
    struct d3d11_debug *debug;
    HRESULT hr;

    if (!(debug = mk_calloc(1, sizeof(*debug))))
        return E_OUTOFMEMORY;
    if (FAILED(hr = dbg_queue_init(&debug->queue, D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT, d3d11_debug_output,
            D3D11_MESSAGE_CATEGORY_SHADER + 1, D3D11_MESSAGE_SEVERITY_MESSAGE + 1)))
    {
        mk_free(debug);
        return hr;
    }
    mk_mutex_init(&debug->lock);
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    device->ID3D11Debug_iface.lpVtbl = (ID3D11DebugVtbl *)&d3d11_debug_vtbl;
    device->ID3D11InfoQueue_iface.lpVtbl = (ID3D11InfoQueueVtbl *)&d3d11_info_queue_vtbl;
    device->debug = debug;
    return S_OK;
}

void d3d11_debug_destroy(struct d3d11_device *device)
{
    struct d3d11_debug *debug = device->debug;

    if (!debug)
        return;
    if (debug->swapchain)
        IDXGISwapChain_Release(debug->swapchain);
    mk_mutex_destroy(&debug->lock);
    dbg_queue_cleanup(&debug->queue);
    mk_free(debug);
    device->debug = NULL;
}

void d3d11_report(const struct d3d11_device *device, enum d3d11_message_key key, ...)
{
    const struct d3d11_message_entry *entry = &d3d11_messages[key];
    char text[512];
    va_list args;

    if (!device->debug)
        return;
    va_start(args, key);
    vsnprintf(text, sizeof(text), entry->format, args);
    va_end(args);
    dbg_queue_add(&device->debug->queue, (D3D12_MESSAGE_CATEGORY)entry->category,
            (D3D12_MESSAGE_SEVERITY)entry->severity, (D3D12_MESSAGE_ID)entry->id, text);
}

const char *d3d11_device_adapter_name(const struct d3d11_device *device)
{
    return device->adapter_name[0] ? device->adapter_name : "(unknown)";
}

/* ---- ID3D11Debug ---- */

static IUnknown *d3d11_debug_outer(ID3D11Debug *iface)
{
    return (IUnknown *)&impl_from_ID3D11Debug(iface)->ID3D11Device5_iface;
}

MK_DELEGATING_METHODS(d3d11_debug, ID3D11Debug, d3d11_debug_outer)

/* The ID3D11Debug settings are read and written under the layer's lock. */
static UINT debug_setting(struct d3d11_debug *debug, const UINT *setting)
{
    UINT value;

    mk_mutex_lock(&debug->lock);
    value = *setting;
    mk_mutex_unlock(&debug->lock);
    return value;
}

static void debug_set_setting(struct d3d11_debug *debug, UINT *setting, UINT value)
{
    mk_mutex_lock(&debug->lock);
    *setting = value;
    mk_mutex_unlock(&debug->lock);
}

static HRESULT STDMETHODCALLTYPE d3d11_debug_SetFeatureMask(ID3D11Debug *iface, UINT mask)
{
    struct d3d11_debug *debug = impl_from_ID3D11Debug(iface)->debug;

    if (mask & ~(UINT)D3D11_DEBUG_FEATURES_KNOWN)
        return E_INVALIDARG;
    debug_set_setting(debug, &debug->feature_mask, mask);
    return S_OK;
}

static UINT STDMETHODCALLTYPE d3d11_debug_GetFeatureMask(ID3D11Debug *iface)
{
    struct d3d11_debug *debug = impl_from_ID3D11Debug(iface)->debug;

    return debug_setting(debug, &debug->feature_mask);
}

static HRESULT STDMETHODCALLTYPE d3d11_debug_SetPresentPerRenderOpDelay(ID3D11Debug *iface, UINT milliseconds)
{
    struct d3d11_debug *debug = impl_from_ID3D11Debug(iface)->debug;

    debug_set_setting(debug, &debug->present_delay, milliseconds);
    return S_OK;
}

static UINT STDMETHODCALLTYPE d3d11_debug_GetPresentPerRenderOpDelay(ID3D11Debug *iface)
{
    struct d3d11_debug *debug = impl_from_ID3D11Debug(iface)->debug;

    return debug_setting(debug, &debug->present_delay);
}

/* Kept for GetSwapChain; nothing is ever presented (PRESENT_PER_RENDER_OP
 * has no render operations to follow). */
static HRESULT STDMETHODCALLTYPE d3d11_debug_SetSwapChain(ID3D11Debug *iface, IDXGISwapChain *swapchain)
{
    struct d3d11_debug *debug = impl_from_ID3D11Debug(iface)->debug;
    IDXGISwapChain *old;

    if (swapchain)
        IDXGISwapChain_AddRef(swapchain);
    mk_mutex_lock(&debug->lock);
    old = debug->swapchain;
    debug->swapchain = swapchain;
    mk_mutex_unlock(&debug->lock);
    if (old)
        IDXGISwapChain_Release(old);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE d3d11_debug_GetSwapChain(ID3D11Debug *iface, IDXGISwapChain **swapchain)
{
    struct d3d11_debug *debug = impl_from_ID3D11Debug(iface)->debug;

    if (!swapchain)
        return E_INVALIDARG;
    mk_mutex_lock(&debug->lock);
    if ((*swapchain = debug->swapchain))
        IDXGISwapChain_AddRef(*swapchain);
    mk_mutex_unlock(&debug->lock);
    return S_OK;
}

/* A context records nothing, so there is never anything to object to. */
static HRESULT STDMETHODCALLTYPE d3d11_debug_ValidateContext(ID3D11Debug *iface, ID3D11DeviceContext *context)
{
    (void)iface;
    return context ? S_OK : E_INVALIDARG;
}

static HRESULT STDMETHODCALLTYPE d3d11_debug_ValidateContextForDispatch(ID3D11Debug *iface,
        ID3D11DeviceContext *context)
{
    return d3d11_debug_ValidateContext(iface, context);
}

/* One LIVE_DEVICE message (and LIVE_CONTEXT for the immediate context while
 * the application holds it); the count excludes the debug interface's own
 * reference, as the real layer reports it. */
static HRESULT STDMETHODCALLTYPE d3d11_debug_ReportLiveDeviceObjects(ID3D11Debug *iface, D3D11_RLDO_FLAGS flags)
{
    struct d3d11_device *device = impl_from_ID3D11Debug(iface);
    unsigned long device_refs = mk_object_refcount(&device->obj), context_refs = atomic_load(&device->context.refcount);

    if ((UINT)flags & ~(UINT)D3D11_RLDO_KNOWN)
        return E_INVALIDARG;
    d3d11_report(device, D3D11_MSG_LIVE_DEVICE, (void *)device, device_refs ? device_refs - 1 : 0);
    if (context_refs)
        d3d11_report(device, D3D11_MSG_LIVE_CONTEXT, (void *)&device->context, context_refs);
    return S_OK;
}

const ID3D11DebugVtbl d3d11_debug_vtbl =
{
    /* IUnknown methods */
    d3d11_debug_QueryInterface,
    d3d11_debug_AddRef,
    d3d11_debug_Release,
    /* ID3D11Debug methods */
    d3d11_debug_SetFeatureMask,
    d3d11_debug_GetFeatureMask,
    d3d11_debug_SetPresentPerRenderOpDelay,
    d3d11_debug_GetPresentPerRenderOpDelay,
    d3d11_debug_SetSwapChain,
    d3d11_debug_GetSwapChain,
    d3d11_debug_ValidateContext,
    d3d11_debug_ReportLiveDeviceObjects,
    d3d11_debug_ValidateContextForDispatch,
};

/* ---- ID3D11InfoQueue: dbg_queue's operations ---- */

static IUnknown *d3d11_info_queue_outer(ID3D11InfoQueue *iface)
{
    return (IUnknown *)&impl_from_ID3D11InfoQueue(iface)->ID3D11Device5_iface;
}

MK_DELEGATING_METHODS(d3d11_info_queue, ID3D11InfoQueue, d3d11_info_queue_outer)

DBG_INFO_QUEUE_METHODS(d3d11_info_queue, ID3D11InfoQueue, queue_from_iface, D3D11)

const ID3D11InfoQueueVtbl d3d11_info_queue_vtbl =
{
    /* IUnknown methods */
    d3d11_info_queue_QueryInterface,
    d3d11_info_queue_AddRef,
    d3d11_info_queue_Release,
    /* ID3D11InfoQueue methods */
    DBG_INFO_QUEUE_VTBL(d3d11_info_queue),
};
