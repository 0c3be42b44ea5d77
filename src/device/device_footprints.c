/*
 * GetCopyableFootprints and GetCopyableFootprints1, the device's side: the
 * description and the subresource range are checked
 * (mk_resource_footprints_check), then laid out (mk_resource_footprints).
 *
 * What Windows does with one it refuses, as vkd3d's and vkd3d-proton's
 * test_get_copyable_footprints record it: every entry of every output is
 * filled with ~0 and the total is UINT64_MAX. The call returns nothing, so
 * that fill, and the debug layer's message, are all the caller learns.
 */
#include <stdio.h>

#include "debuglayer/debuglayer.h"
#include "device_footprints.h"
#include "resource_layout.h"

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

static void copyable_footprints(struct mk_device *device, const char *method, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    bool range, buffer_width;
    const char *why = mk_resource_footprints_check(desc, first, count, &range, &buffer_width);

    if (!why)
    {
        mk_resource_footprints(desc, first, count, base_offset, layouts, row_counts, row_sizes, total_bytes);
        return;
    }
    if (range)
        dbg_report(device->debug, D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE, method,
                first, count, mk_resource_subresource_count(desc));
    else if (buffer_width)
        dbg_report(device->debug, D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_UNSUPPORTED_BUFFER_WIDTH, method,
                (unsigned long long)desc->Width);
    else
    {
        char reason[512];

        snprintf(reason, sizeof(reason), "the resource description is invalid: %s", why);
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, method, reason,
                "with every output filled with ~0");
    }
    mk_resource_footprints_refused(count, layouts, row_counts, row_sizes, total_bytes);
}

void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    D3D12_RESOURCE_DESC1 desc1 = {0};

    if (!desc)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "ID3D12Device::GetCopyableFootprints",
                "pResourceDesc is NULL", "with nothing written");
        return;
    }
    /* A D3D12_RESOURCE_DESC is a D3D12_RESOURCE_DESC1 without its mip region. */
    desc1.Dimension = desc->Dimension;
    desc1.Alignment = desc->Alignment;
    desc1.Width = desc->Width;
    desc1.Height = desc->Height;
    desc1.DepthOrArraySize = desc->DepthOrArraySize;
    desc1.MipLevels = desc->MipLevels;
    desc1.Format = desc->Format;
    desc1.SampleDesc = desc->SampleDesc;
    desc1.Layout = desc->Layout;
    desc1.Flags = desc->Flags;
    copyable_footprints(device, "ID3D12Device::GetCopyableFootprints", &desc1, first, count, base_offset, layouts,
            row_counts, row_sizes, total_bytes);
}

void STDMETHODCALLTYPE d3d12_device_GetCopyableFootprints1(ID3D12Device17 *iface, const D3D12_RESOURCE_DESC1 *desc,
        UINT first, UINT count, UINT64 base_offset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT *layouts, UINT *row_counts,
        UINT64 *row_sizes, UINT64 *total_bytes)
{
    struct mk_device *device = impl_from_ID3D12Device17(iface);

    if (!desc)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "ID3D12Device8::GetCopyableFootprints1",
                "pResourceDesc is NULL", "with nothing written");
        return;
    }
    copyable_footprints(device, "ID3D12Device8::GetCopyableFootprints1", desc, first, count, base_offset, layouts,
            row_counts, row_sizes, total_bytes);
}
