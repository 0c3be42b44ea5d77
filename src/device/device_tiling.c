/*
 * GetResourceTiling, the device's side: the resource is checked (one of
 * this device's), then its description is tiled (mk_resource_tiling).
 *
 * What Windows answers, as vkd3d-proton's test_get_resource_tiling records
 * it: every output is optional, the tilings are clamped to the subresources
 * after FirstSubresourceTilingToGet, and a NULL pNumSubresourceTilings
 * leaves the tilings alone. A resource that is not reserved has no tiles: its
 * outputs are zeros (no tiles, no mips, a 0x0x0 shape, no tilings written).
 * The call returns nothing, so a NULL resource, or one that is not this
 * device's, writes nothing and says why in the debug layer.
 */
#include <string.h>

#include "debuglayer/debuglayer.h"
#include "device_tiling.h"
#include "resource.h"
#include "resource_layout.h"

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

void STDMETHODCALLTYPE d3d12_device_GetResourceTiling(ID3D12Device17 *iface, ID3D12Resource *resource_iface,
        UINT *total_tiles, D3D12_PACKED_MIP_INFO *packed, D3D12_TILE_SHAPE *shape, UINT *tiling_count, UINT first,
        D3D12_SUBRESOURCE_TILING *tilings)
{
    static const char method[] = "ID3D12Device::GetResourceTiling";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_resource *resource = obj_resource_from_iface(resource_iface);
    const char *reason = NULL;

    if (!resource_iface)
        reason = "pTiledResource is NULL; nothing is written";
    else if (!resource)
        reason = "pTiledResource is not a resource of mockd3d12; nothing is written";
    else if (obj_device_of(&resource->obj) != &device->objects)
        reason = "pTiledResource was created on another device; nothing is written";
    if (reason)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_GENERIC_DEVICE_OPERATION_UNSUPPORTED, method, reason);
        return;
    }
    if (resource->kind != OBJ_RESOURCE_RESERVED)
    {
        if (total_tiles)
            *total_tiles = 0;
        if (packed)
            memset(packed, 0, sizeof(*packed));
        if (shape)
            memset(shape, 0, sizeof(*shape));
        if (tiling_count)
            *tiling_count = 0;
        return;
    }
    mk_resource_tiling(&resource->desc, total_tiles, packed, shape, tiling_count, first, tilings);
}
