/*
 * IDXGIAdapter ... IDXGIAdapter4 over one simulated adapter profile.
 *
 * Outputs are the profile's (src/dxgi/output.c; none by default). Memory figures are the profile's sizes; budgets never
 * change, so budget-change and teardown notifications register fine and are
 * never signalled.
 */
#include <stdio.h>
#include <stdlib.h>

#include "dxgi_private.h"

MK_OBJECT_HELPERS(struct dxgi_adapter, IDXGIAdapter4, IDXGIAdapter4_iface, impl_from_IDXGIAdapter4, adapter_object)

/* UTF-8 -> WCHAR (UTF-16 where WCHAR is 2 bytes, UTF-32 where it is 4),
 * truncated to `size` - 1 units and always terminated. Invalid bytes become
 * U+FFFD. */
static void utf8_to_wchar(const char *src, WCHAR *dst, size_t size)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t n = 0;

    while (*s && n + 1 < size)
    {
        uint32_t c = *s++;
        unsigned extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;

        if (c >= 0x80 && c < 0xc0)
            c = 0xfffd;
        else if (extra)
        {
            c &= 0x3f >> extra;
            for (unsigned i = 0; i < extra; ++i)
            {
                if ((*s & 0xc0) != 0x80)
                {
                    c = 0xfffd;
                    break;
                }
                c = (c << 6) | (*s++ & 0x3f);
            }
        }
        if (sizeof(WCHAR) == 2 && c > 0xffff)
        {
            if (n + 2 >= size)
                break;
            c -= 0x10000;
            dst[n++] = (WCHAR)(0xd800 | (c >> 10));
            dst[n++] = (WCHAR)(0xdc00 | (c & 0x3ff));
        }
        else
        {
            dst[n++] = (WCHAR)c;
        }
    }
    dst[n] = 0;
}

static void adapter_destroy(struct mk_object *object)
{
    struct dxgi_adapter *adapter = MK_OBJECT_IMPL(struct dxgi_adapter, obj, object);

    if (adapter->d3d12_adapter)
        adapter->d3d12_adapter->lpVtbl->Release(adapter->d3d12_adapter);
    while (adapter->budget_cookie_count)
        mockd3d12_unwatch_video_memory(adapter->budget_cookies[--adapter->budget_cookie_count]);
    mk_free(adapter->budget_cookies);
    mk_mutex_destroy(&adapter->lock);
}

/* libd3d12's private adapter interface (and nothing else it knows):
 * D3D12CreateDevice(this adapter) creates the device of this profile. */
static HRESULT adapter_query_d3d12(struct mk_object *object, REFIID riid, void **out)
{
    IUnknown *d3d12_adapter = MK_OBJECT_IMPL(struct dxgi_adapter, obj, object)->d3d12_adapter;

    return d3d12_adapter ? d3d12_adapter->lpVtbl->QueryInterface(d3d12_adapter, riid, out) : E_NOINTERFACE;
}

#define ADAPTER_INTERFACE(iid) MK_INTERFACE_AT(struct dxgi_adapter, obj, IDXGIAdapter4_iface, iid)
static const struct mk_interface adapter_interfaces[] =
{
    ADAPTER_INTERFACE(IID_IUnknown), ADAPTER_INTERFACE(IID_IDXGIObject), ADAPTER_INTERFACE(IID_IDXGIAdapter),
    ADAPTER_INTERFACE(IID_IDXGIAdapter1), ADAPTER_INTERFACE(IID_IDXGIAdapter2), ADAPTER_INTERFACE(IID_IDXGIAdapter3),
    ADAPTER_INTERFACE(IID_IDXGIAdapter4),
};
#undef ADAPTER_INTERFACE

/* An adapter's parent is its factory. */
static const struct mk_object_class adapter_class = MK_OBJECT_CLASS(struct dxgi_adapter, adapter_interfaces,
        .name = "IDXGIAdapter", .destroy = adapter_destroy, .query_more = adapter_query_d3d12);

MK_DXGI_OBJECT_METHODS(dxgi_adapter, IDXGIAdapter4, adapter_object)

/* IDXGIAdapter methods */

static HRESULT STDMETHODCALLTYPE dxgi_adapter_EnumOutputs(IDXGIAdapter4 *iface, UINT index, IDXGIOutput **output)
{
    if (!output)
        return E_INVALIDARG;
    /* The profile's outputs, in order; none (headless) unless it declares some. */
    return dxgi_output_create(impl_from_IDXGIAdapter4(iface), index, output);
}

/* DXGI_ADAPTER_DESC1 ... DESC3 each extend the one before (DESC3's Flags
 * has its own enum type, of the same size): every GetDesc* writes the first
 * `size` bytes of the adapter's DXGI_ADAPTER_DESC3. */
_Static_assert(offsetof(DXGI_ADAPTER_DESC1, Flags) == sizeof(DXGI_ADAPTER_DESC)
        && offsetof(DXGI_ADAPTER_DESC3, Flags) == offsetof(DXGI_ADAPTER_DESC1, Flags)
        && sizeof(DXGI_ADAPTER_DESC2) == sizeof(DXGI_ADAPTER_DESC3)
        && offsetof(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity)
            == offsetof(DXGI_ADAPTER_DESC3, ComputePreemptionGranularity), "the adapter descriptions do not nest");

/* GetDesc (size: DXGI_ADAPTER_DESC's) ... GetDesc3, with `flags` in the
 * descriptions that have them; with MOCKD3D12_TRACE, the record of `entry`
 * (docs/trace.md). */
static HRESULT dxgi_adapter_desc(const struct dxgi_adapter *adapter, const char *entry, UINT flags, void *out,
        size_t size)
{
    const mockd3d12_adapter_info *info = &adapter->info;
    DXGI_ADAPTER_DESC3 desc;

    if (!out)
    {
        if (adapter->factory->traced)
            dxgi_trace_desc(adapter, entry, NULL, E_INVALIDARG);
        return E_INVALIDARG;
    }
    memset(&desc, 0, sizeof(desc));
    utf8_to_wchar(info->description, desc.Description, sizeof(desc.Description) / sizeof(desc.Description[0]));
    desc.VendorId = info->vendor_id;
    desc.DeviceId = info->device_id;
    desc.SubSysId = info->subsys_id;
    desc.Revision = info->revision;
    desc.DedicatedVideoMemory = (SIZE_T)info->dedicated_video_memory;
    desc.DedicatedSystemMemory = (SIZE_T)info->dedicated_system_memory;
    desc.SharedSystemMemory = (SIZE_T)info->shared_system_memory;
    desc.AdapterLuid = info->luid;
    desc.Flags = (DXGI_ADAPTER_FLAG3)flags;
    desc.GraphicsPreemptionGranularity = (DXGI_GRAPHICS_PREEMPTION_GRANULARITY)adapter->details.graphics_preemption_granularity;
    desc.ComputePreemptionGranularity = (DXGI_COMPUTE_PREEMPTION_GRANULARITY)adapter->details.compute_preemption_granularity;
    memcpy(out, &desc, size);
    if (adapter->factory->traced)
        dxgi_trace_desc(adapter, entry, size > sizeof(DXGI_ADAPTER_DESC) ? &flags : NULL, S_OK);
    return S_OK;
}

/* DXGI_ADAPTER_DESC1/2's flags: the software bit only. */
static UINT dxgi_adapter_flags(const struct dxgi_adapter *adapter)
{
    return adapter->info.software ? DXGI_ADAPTER_FLAG_SOFTWARE : DXGI_ADAPTER_FLAG_NONE;
}

static HRESULT STDMETHODCALLTYPE dxgi_adapter_GetDesc(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC *desc)
{
    return dxgi_adapter_desc(impl_from_IDXGIAdapter4(iface), "IDXGIAdapter::GetDesc", 0, desc, sizeof(*desc));
}

/* IID_ID3D10Device (d3d10.h, which the build does not include). */
static const GUID dxgi_iid_ID3D10Device = {0x9b7e4c0f, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};

static HRESULT check_interface_support(struct dxgi_adapter *adapter, REFGUID guid, LARGE_INTEGER *umd_version)
{
    if (!guid)
        return E_INVALIDARG;
    /* The user-mode driver's version, for the interfaces Windows answers
     * (IDXGIDevice, ID3D10Device): the profile's (a report's
     * CheckInterfaceSupport.UMDVersion); without one, unsupported. */
    if (!adapter->details.has_umd_version
            || (!dxgi_iid_equal(guid, &IID_IDXGIDevice) && !dxgi_iid_equal(guid, &dxgi_iid_ID3D10Device)))
        return DXGI_ERROR_UNSUPPORTED;
    if (umd_version)
        umd_version->QuadPart = (LONGLONG)adapter->details.umd_version;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_adapter_CheckInterfaceSupport(IDXGIAdapter4 *iface, REFGUID guid,
        LARGE_INTEGER *umd_version)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);
    HRESULT hr = check_interface_support(adapter, guid, umd_version);

    if (adapter->factory->traced)
        dxgi_trace_interface(adapter, guid, umd_version, hr);
    return hr;
}

/* IDXGIAdapter1 methods */

static HRESULT STDMETHODCALLTYPE dxgi_adapter_GetDesc1(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC1 *desc)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);

    return dxgi_adapter_desc(adapter, "IDXGIAdapter1::GetDesc1", dxgi_adapter_flags(adapter), desc, sizeof(*desc));
}

/* IDXGIAdapter2 methods */

static HRESULT STDMETHODCALLTYPE dxgi_adapter_GetDesc2(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC2 *desc)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);

    return dxgi_adapter_desc(adapter, "IDXGIAdapter2::GetDesc2", dxgi_adapter_flags(adapter), desc, sizeof(*desc));
}

/* IDXGIAdapter3 methods */

static HRESULT STDMETHODCALLTYPE dxgi_adapter_RegisterHardwareContentProtectionTeardownStatusEvent(
        IDXGIAdapter4 *iface, HANDLE event, DWORD *cookie)
{
    (void)iface;
    if (!event || !cookie)
        return E_INVALIDARG;
    *cookie = 1; /* never torn down, never signalled */
    return S_OK;
}

static void STDMETHODCALLTYPE dxgi_adapter_UnregisterHardwareContentProtectionTeardownStatus(IDXGIAdapter4 *iface,
        DWORD cookie)
{
    (void)iface;
    (void)cookie;
}

/* The segment group's budget, reservable memory and usage: libd3d12's
 * accounting (mockd3d12_get_video_memory), the one implementation. */
static bool dxgi_adapter_video_memory(const struct dxgi_adapter *adapter, UINT node, DXGI_MEMORY_SEGMENT_GROUP group,
        mockd3d12_video_memory *memory)
{
    return SUCCEEDED(mockd3d12_get_video_memory(adapter->info.id, node,
            group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL ? 0u : 1u, memory));
}

static bool dxgi_adapter_check_segment(struct dxgi_adapter *adapter, UINT node, DXGI_MEMORY_SEGMENT_GROUP group)
{
    UINT nodes = adapter->info.node_count ? adapter->info.node_count : 1;

    return node < nodes && node < DXGI_MAX_NODES
            && (group == DXGI_MEMORY_SEGMENT_GROUP_LOCAL || group == DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL);
}

static HRESULT STDMETHODCALLTYPE dxgi_adapter_QueryVideoMemoryInfo(IDXGIAdapter4 *iface, UINT node,
        DXGI_MEMORY_SEGMENT_GROUP group, DXGI_QUERY_VIDEO_MEMORY_INFO *info)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);
    DXGI_QUERY_VIDEO_MEMORY_INFO result;
    mockd3d12_video_memory memory;

    if (!info || !dxgi_adapter_check_segment(adapter, node, group)
            || !dxgi_adapter_video_memory(adapter, node, group, &memory))
    {
        if (adapter->factory->traced)
            dxgi_trace_memory(adapter, node, group, NULL, E_INVALIDARG);
        return E_INVALIDARG;
    }
    result.Budget = memory.budget;
    result.CurrentUsage = memory.current_usage;
    result.AvailableForReservation = memory.available_for_reservation;
    mk_mutex_lock(&adapter->lock);
    result.CurrentReservation = adapter->reservation[node][group];
    mk_mutex_unlock(&adapter->lock);
    *info = result;
    if (adapter->factory->traced)
        dxgi_trace_memory(adapter, node, group, &result, S_OK);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_adapter_SetVideoMemoryReservation(IDXGIAdapter4 *iface, UINT node,
        DXGI_MEMORY_SEGMENT_GROUP group, UINT64 reservation)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);
    mockd3d12_video_memory memory;

    if (!dxgi_adapter_check_segment(adapter, node, group) || !dxgi_adapter_video_memory(adapter, node, group, &memory))
        return E_INVALIDARG;
    if (reservation > memory.available_for_reservation)
        return E_INVALIDARG;
    mk_mutex_lock(&adapter->lock);
    adapter->reservation[node][group] = reservation;
    mk_mutex_unlock(&adapter->lock);
    return S_OK;
}

/* A budget-change event is signalled each time the usage the budget is
 * measured against changes: the D3D12 null device's heaps and committed
 * resources on this adapter (libd3d12 calls back, on the thread that
 * created or released them). The simulated budgets themselves never move. */
static void dxgi_adapter_budget_changed(void *event)
{
    mk_event_set((HANDLE)event);
}

static HRESULT STDMETHODCALLTYPE dxgi_adapter_RegisterVideoMemoryBudgetChangeNotificationEvent(
        IDXGIAdapter4 *iface, HANDLE event, DWORD *cookie)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);
    UINT watch;
    HRESULT hr;

    if (!event || !cookie)
        return DXGI_ERROR_INVALID_CALL; /* issue 21: as on Windows */
    mk_mutex_lock(&adapter->lock);
    if (adapter->budget_cookie_count == adapter->budget_cookie_capacity)
    {
        size_t capacity = adapter->budget_cookie_capacity ? 2 * adapter->budget_cookie_capacity : 4;
        UINT *grown = mk_realloc(adapter->budget_cookies, capacity * sizeof(*grown));

        if (!grown)
        {
            mk_mutex_unlock(&adapter->lock);
            return E_OUTOFMEMORY;
        }
        adapter->budget_cookies = grown;
        adapter->budget_cookie_capacity = capacity;
    }
    if (SUCCEEDED(hr = mockd3d12_watch_video_memory(adapter->info.id, dxgi_adapter_budget_changed, (void *)event,
            &watch)))
    {
        mockd3d12_video_memory local, non_local;

        adapter->budget_cookies[adapter->budget_cookie_count++] = watch;
        *cookie = watch;
        /* Signalled once at once when there is a budget: Windows fires the
         * event within a second of the registration (Wine's
         * test_video_memory_budget_notification). */
        if ((SUCCEEDED(mockd3d12_get_video_memory(adapter->info.id, 0, 0, &local)) && local.budget)
                || (SUCCEEDED(mockd3d12_get_video_memory(adapter->info.id, 0, 1, &non_local)) && non_local.budget))
            mk_event_set(event);
    }
    mk_mutex_unlock(&adapter->lock);
    return hr;
}

static void STDMETHODCALLTYPE dxgi_adapter_UnregisterVideoMemoryBudgetChangeNotification(IDXGIAdapter4 *iface,
        DWORD cookie)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);
    size_t i;

    /* Only this adapter's own registrations: another cookie is ignored. */
    mk_mutex_lock(&adapter->lock);
    for (i = 0; i < adapter->budget_cookie_count; ++i)
    {
        if (adapter->budget_cookies[i] == cookie)
        {
            mockd3d12_unwatch_video_memory(cookie);
            adapter->budget_cookies[i] = adapter->budget_cookies[--adapter->budget_cookie_count];
            break;
        }
    }
    mk_mutex_unlock(&adapter->lock);
}

/* IDXGIAdapter4 methods */

/* The profile's (a report's) flags; by default what a current WDDM driver
 * (and WARP, with the software bit) reports. */
static HRESULT STDMETHODCALLTYPE dxgi_adapter_GetDesc3(IDXGIAdapter4 *iface, DXGI_ADAPTER_DESC3 *desc)
{
    struct dxgi_adapter *adapter = impl_from_IDXGIAdapter4(iface);

    return dxgi_adapter_desc(adapter, "IDXGIAdapter4::GetDesc3", adapter->details.dxgi_flags, desc, sizeof(*desc));
}

static const IDXGIAdapter4Vtbl dxgi_adapter_vtbl =
{
    MK_DXGI_OBJECT_VTBL(dxgi_adapter),
    /* IDXGIAdapter methods */
    dxgi_adapter_EnumOutputs,
    dxgi_adapter_GetDesc,
    dxgi_adapter_CheckInterfaceSupport,
    /* IDXGIAdapter1 methods */
    dxgi_adapter_GetDesc1,
    /* IDXGIAdapter2 methods */
    dxgi_adapter_GetDesc2,
    /* IDXGIAdapter3 methods */
    dxgi_adapter_RegisterHardwareContentProtectionTeardownStatusEvent,
    dxgi_adapter_UnregisterHardwareContentProtectionTeardownStatus,
    dxgi_adapter_QueryVideoMemoryInfo,
    dxgi_adapter_SetVideoMemoryReservation,
    dxgi_adapter_RegisterVideoMemoryBudgetChangeNotificationEvent,
    dxgi_adapter_UnregisterVideoMemoryBudgetChangeNotification,
    /* IDXGIAdapter4 methods */
    dxgi_adapter_GetDesc3,
};

HRESULT dxgi_adapter_create(struct dxgi_factory *factory, unsigned index, REFIID riid, void **out)
{
    struct dxgi_adapter *adapter;
    HRESULT hr;

    /* A new object at every enumeration, refcount 1 (Wine's test_output_desc
     * records Windows: "Expected to get new instance of IDXGIAdapter"). */
    if (!(adapter = mk_calloc(1, sizeof(*adapter))))
    {
        *out = NULL;
        return E_OUTOFMEMORY;
    }
    adapter->IDXGIAdapter4_iface.lpVtbl = (IDXGIAdapter4Vtbl *)&dxgi_adapter_vtbl;
    adapter->factory = factory;
    adapter->index = index;
    adapter->info = factory->machine.adapters[index];
    adapter->details = factory->machine.details[index];
    mk_mutex_init(&adapter->lock);
    mk_object_init(&adapter->obj, &adapter_class, (IUnknown *)&factory->IDXGIFactory6_iface, NULL);
    /* The profile was resolved when the factory was made, so this finds it;
     * without memory for libd3d12's adapter object there is no adapter. */
    if (FAILED(hr = mockd3d12_get_adapter(adapter->info.id, &adapter->d3d12_adapter)))
    {
        adapter->d3d12_adapter = NULL;
        if (hr == E_OUTOFMEMORY)
        {
            mk_object_release(&adapter->obj);
            *out = NULL;
            return hr;
        }
    }
    return mk_object_hand_out(&adapter->obj, riid, out);
}
