/*
 * mockd3d12_get_adapter_info: the registry's identity facts about one adapter,
 * exported so that libdxgi.so describes the very adapters libd3d12.so creates
 * devices for (it must not link its own copy of the registry).
 */
#include <string.h>

#include "caps/caps.h"
#include "control.h"
#include "device_memory.h"
#include "memory_watch.h"

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

MOCKD3D12_API HRESULT mockd3d12_get_adapter_details(const char *id_or_path, mockd3d12_adapter_details *details)
{
    const struct caps_adapter_extra *x;
    const struct caps_adapter *a;
    char error[256];
    unsigned i;

    if (!id_or_path || !details)
    {
        mk_set_last_error("mockd3d12_get_adapter_details: %s is NULL", !id_or_path ? "id_or_path" : "details");
        return E_INVALIDARG;
    }
    if (!(a = caps_adapter_lookup(id_or_path, error, sizeof(error))))
    {
        mk_set_last_error("%s", error);
        return E_INVALIDARG;
    }
    x = caps_adapter_extra(a);
    memset(details, 0, sizeof(*details));
    details->dxgi_flags = x->dxgi_flags;
    details->graphics_preemption_granularity = x->graphics_preemption;
    details->compute_preemption_granularity = x->compute_preemption;
    details->has_umd_version = x->has_umd_version;
    details->umd_version = x->umd_version;
    details->has_video_memory_info = x->has_video_memory;
    for (i = 0; i < 2; ++i)
    {
        details->budget[i] = x->budget[i];
        details->available_for_reservation[i] = x->available_for_reservation[i];
    }
    details->allow_tearing = x->allow_tearing;
    for (i = 0; i < 4; ++i)
        details->descriptor_handle_increment_size[i] = x->descriptor_sizes[i];
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_video_memory(const char *id_or_path, UINT node, UINT group,
        mockd3d12_video_memory *memory)
{
    const struct caps_adapter *a;
    char error[256];

    if (!id_or_path || !memory)
    {
        mk_set_last_error("mockd3d12_get_video_memory: %s is NULL", !id_or_path ? "id_or_path" : "memory");
        return E_INVALIDARG;
    }
    if (!(a = caps_adapter_lookup(id_or_path, error, sizeof(error))))
    {
        mk_set_last_error("%s", error);
        return E_INVALIDARG;
    }
    if (node >= caps_adapter_node_count(a) || group > 1)
    {
        mk_set_last_error("mockd3d12_get_video_memory: %s has %u node(s) and segment groups 0 and 1, not node %u "
                "group %u", caps_adapter_id(a), caps_adapter_node_count(a), node, group);
        return E_INVALIDARG;
    }
    memory->budget = mk_memory_budget(a, group);
    memory->current_usage = mk_memory_usage(a, node, group);
    memory->available_for_reservation = mk_memory_available_for_reservation(a, group);
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_watch_video_memory(const char *id_or_path, mockd3d12_video_memory_callback callback,
        void *context, UINT *cookie)
{
    const struct caps_adapter *a;
    char error[256];
    HRESULT hr;

    if (cookie)
        *cookie = 0;
    if (!id_or_path || !callback || !cookie)
    {
        mk_set_last_error("mockd3d12_watch_video_memory: %s is NULL",
                !id_or_path ? "id_or_path" : !callback ? "callback" : "cookie");
        return E_INVALIDARG;
    }
    if (!(a = caps_adapter_lookup(id_or_path, error, sizeof(error))))
    {
        mk_set_last_error("%s", error);
        return E_INVALIDARG;
    }
    if (FAILED(hr = mk_memory_watch(a, callback, context, cookie)))
        mk_set_last_error("mockd3d12_watch_video_memory: out of memory for %s's watch", caps_adapter_id(a));
    return hr;
}

MOCKD3D12_API HRESULT mockd3d12_unwatch_video_memory(UINT cookie)
{
    if (!obj_memory_unwatch(cookie))
    {
        mk_set_last_error("mockd3d12_unwatch_video_memory: no watch has cookie %u", cookie);
        return E_INVALIDARG;
    }
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_adapter_output(const char *id_or_path, UINT index, mockd3d12_output_desc *output,
        mockd3d12_output_mode *modes, UINT mode_capacity)
{
    const struct caps_output *outputs, *o;
    const struct caps_adapter *a;
    char error[256];
    unsigned count, i;

    if (!id_or_path || !output)
    {
        mk_set_last_error("mockd3d12_get_adapter_output: %s is NULL", !id_or_path ? "id_or_path" : "output");
        return E_INVALIDARG;
    }
    if (!(a = caps_adapter_lookup(id_or_path, error, sizeof(error))))
    {
        mk_set_last_error("%s", error);
        return E_INVALIDARG;
    }
    count = caps_adapter_outputs(a, &outputs);
    if (index >= count)
        return S_FALSE;
    o = &outputs[index];
    memset(output, 0, sizeof(*output));
    memcpy(output->name, o->name, sizeof(output->name));
    output->left = o->left;
    output->top = o->top;
    output->right = o->right;
    output->bottom = o->bottom;
    output->rotation = o->rotation;
    output->mode_count = o->mode_count;
    output->color_space = o->color_space;
    output->bits_per_color = o->bits_per_color;
    for (i = 0; i < 2; ++i)
    {
        output->red_primary[i] = (float)o->primaries[0][i];
        output->green_primary[i] = (float)o->primaries[1][i];
        output->blue_primary[i] = (float)o->primaries[2][i];
        output->white_point[i] = (float)o->primaries[3][i];
    }
    output->min_luminance = (float)o->luminance[0];
    output->max_luminance = (float)o->luminance[1];
    output->max_full_frame_luminance = (float)o->luminance[2];
    for (i = 0; modes && i < o->mode_count && i < mode_capacity; ++i)
    {
        modes[i].width = o->modes[i].width;
        modes[i].height = o->modes[i].height;
        modes[i].refresh_numerator = o->modes[i].refresh_numerator;
        modes[i].refresh_denominator = o->modes[i].refresh_denominator;
        modes[i].format = o->modes[i].format;
        modes[i].scanline_ordering = o->modes[i].scanline_ordering;
        modes[i].scaling = o->modes[i].scaling;
        modes[i].stereo = o->modes[i].stereo;
    }
    return S_OK;
}

MOCKD3D12_API HRESULT mockd3d12_get_adapter_generation(const char *id_or_path, UINT64 *generation)
{
    const struct caps_adapter *a;
    char error[256];

    if (!id_or_path || !generation)
    {
        mk_set_last_error("mockd3d12_get_adapter_generation: %s is NULL", !id_or_path ? "id_or_path" : "generation");
        return E_INVALIDARG;
    }
    if (!(a = caps_adapter_lookup(id_or_path, error, sizeof(error))))
    {
        mk_set_last_error("%s", error);
        return E_INVALIDARG;
    }
    *generation = caps_machine_generation(a);
    return S_OK;
}
