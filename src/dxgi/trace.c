/*
 * libdxgi's records in the capability trace (docs/trace.md): which adapters
 * the program enumerated and what it read of them (descriptions, interface
 * support, video memory, the factory's features).
 */
#include <stdio.h>

#include "dxgi_private.h"
#include "trace.h"

void dxgi_trace_enum(const char *entry, const UINT *index, const DXGI_GPU_PREFERENCE *preference,
        const char *adapter_id, HRESULT hr)
{
    struct mk_trace_record r;

    mk_trace_begin(&r, entry);
    if (index)
        mk_trace_uint(&r, "index", *index);
    if (preference)
        mk_trace_uint(&r, "preference", (uint32_t)*preference);
    if (adapter_id && SUCCEEDED(hr))
        mk_trace_string(&r, "adapter", adapter_id);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    mk_trace_end(&r);
}

void dxgi_trace_desc(const struct dxgi_adapter *adapter, const char *entry, const UINT *flags, HRESULT hr)
{
    struct mk_trace_record r;

    mk_trace_begin(&r, entry);
    mk_trace_string(&r, "adapter", adapter->info.id);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr))
    {
        mk_trace_object(&r, "answer");
        mk_trace_hex(&r, "VendorId", adapter->info.vendor_id);
        mk_trace_hex(&r, "DeviceId", adapter->info.device_id);
        mk_trace_uint(&r, "DedicatedVideoMemory", adapter->info.dedicated_video_memory);
        mk_trace_uint(&r, "SharedSystemMemory", adapter->info.shared_system_memory);
        if (flags)
            mk_trace_hex(&r, "Flags", *flags);
        mk_trace_close(&r);
    }
    mk_trace_end(&r);
}

void dxgi_trace_interface(const struct dxgi_adapter *adapter, const GUID *guid, const LARGE_INTEGER *umd_version,
        HRESULT hr)
{
    struct mk_trace_record r;
    char text[40];

    mk_trace_begin(&r, "IDXGIAdapter::CheckInterfaceSupport");
    mk_trace_string(&r, "adapter", adapter->info.id);
    if (guid)
    {
        snprintf(text, sizeof(text), "%08lx-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x", (unsigned long)guid->Data1,
                guid->Data2, guid->Data3, guid->Data4[0], guid->Data4[1], guid->Data4[2], guid->Data4[3],
                guid->Data4[4], guid->Data4[5], guid->Data4[6], guid->Data4[7]);
        mk_trace_string(&r, "interface", text);
    }
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr) && umd_version)
        mk_trace_hex(&r, "umdVersion", (uint64_t)umd_version->QuadPart);
    mk_trace_end(&r);
}

void dxgi_trace_memory(const struct dxgi_adapter *adapter, UINT node, DXGI_MEMORY_SEGMENT_GROUP group,
        const DXGI_QUERY_VIDEO_MEMORY_INFO *info, HRESULT hr)
{
    struct mk_trace_record r;

    mk_trace_begin(&r, "IDXGIAdapter3::QueryVideoMemoryInfo");
    mk_trace_string(&r, "adapter", adapter->info.id);
    mk_trace_uint(&r, "node", node);
    mk_trace_uint(&r, "segmentGroup", (uint32_t)group);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr))
    {
        mk_trace_object(&r, "answer");
        mk_trace_uint(&r, "Budget", info->Budget);
        mk_trace_uint(&r, "CurrentUsage", info->CurrentUsage);
        mk_trace_uint(&r, "AvailableForReservation", info->AvailableForReservation);
        mk_trace_uint(&r, "CurrentReservation", info->CurrentReservation);
        mk_trace_close(&r);
    }
    mk_trace_end(&r);
}

void dxgi_trace_feature(DXGI_FEATURE feature, UINT size, const void *data, HRESULT hr)
{
    struct mk_trace_record r;

    mk_trace_begin(&r, "IDXGIFactory5::CheckFeatureSupport");
    if (feature == DXGI_FEATURE_PRESENT_ALLOW_TEARING)
        mk_trace_string(&r, "feature", "DXGI_FEATURE_PRESENT_ALLOW_TEARING");
    else
        mk_trace_uint(&r, "feature", (uint32_t)feature);
    mk_trace_uint(&r, "size", size);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr))
    {
        mk_trace_object(&r, "answer");
        mk_trace_bool(&r, "allowTearing", *(const BOOL *)data != FALSE);
        mk_trace_close(&r);
    }
    mk_trace_end(&r);
}
