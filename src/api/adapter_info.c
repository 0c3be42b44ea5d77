/*
 * mockd3d12_get_adapter_info: the registry's identity facts about one adapter,
 * exported so that libdxgi.so describes the very adapters libd3d12.so creates
 * devices for (it must not link its own copy of the registry).
 */
#include "caps/caps.h"
#include "control.h"

MOCKD3D12_API HRESULT mockd3d12_get_adapter_info(const char *id_or_path, mockd3d12_adapter_info *info)
{
    const struct caps_adapter *a;
    char error[256];

    if (!id_or_path || !info)
    {
        mk_set_last_error("mockd3d12_get_adapter_info: %s is NULL", !id_or_path ? "id_or_path" : "info");
        return E_INVALIDARG;
    }
    if (!(a = caps_adapter_lookup(id_or_path, error, sizeof(error))))
    {
        mk_set_last_error("%s", error);
        return E_INVALIDARG;
    }

    info->id = caps_adapter_id(a);
    info->description = caps_adapter_description(a);
    info->vendor_id = caps_adapter_vendor_id(a);
    info->device_id = caps_adapter_device_id(a);
    info->subsys_id = caps_adapter_subsys_id(a);
    info->revision = caps_adapter_revision(a);
    info->luid = caps_adapter_luid(a);
    info->dedicated_video_memory = caps_adapter_dedicated_video_memory(a);
    info->dedicated_system_memory = caps_adapter_dedicated_system_memory(a);
    info->shared_system_memory = caps_adapter_shared_system_memory(a);
    info->node_count = caps_adapter_node_count(a);
    info->software = caps_adapter_is_software(a);
    info->uma = caps_adapter_uma(a);
    return S_OK;
}
