/*
 * libd3d11's records in the capability trace (docs/trace.md): device
 * creation and the capability queries of ID3D11Device, with their answers.
 * The D3D12 queries libd3d11 makes to compute them are kept out
 * (mockd3d12_trace_suspend around them, d3d11_trace_begin/end).
 */
#include <stdio.h>
#include <string.h>

#include "d3d11_private.h"
#include "trace.h"

const char *d3d11_trace_adapter_id(ID3D12Device *d3d12)
{
    mockd3d12_adapter_info info;
    LUID luid;
    UINT i, count = mockd3d12_adapter_count();

    if (!d3d12)
        return NULL;
    luid = d3d11_adapter_luid(d3d12);
    for (i = 0; i < count; ++i)
    {
        if (SUCCEEDED(mockd3d12_get_adapter_info(mockd3d12_adapter_id(i), &info))
                && info.luid.LowPart == luid.LowPart && info.luid.HighPart == luid.HighPart)
            return info.id;
    }
    return NULL;
}

void d3d11_trace_create_device(const char *entry, D3D_DRIVER_TYPE driver_type, UINT flags,
        const D3D_FEATURE_LEVEL *levels, UINT level_count, const char *adapter_id, D3D_FEATURE_LEVEL chosen,
        HRESULT hr)
{
    struct mk_trace_record r;
    char list[160];
    size_t used = 0;
    UINT i;

    mk_trace_begin(&r, entry);
    if (adapter_id)
        mk_trace_string(&r, "adapter", adapter_id);
    if (strcmp(entry, "D3D11On12CreateDevice"))
        mk_trace_uint(&r, "driverType", (uint32_t)driver_type);
    mk_trace_hex(&r, "flags", flags);
    /* The levels asked for, in order ("" for the default list). */
    list[0] = 0;
    for (i = 0; levels && i < level_count && used + 8 < sizeof(list); ++i)
        used += (size_t)snprintf(list + used, sizeof(list) - used, i ? ",0x%x" : "0x%x", (unsigned)levels[i]);
    mk_trace_string(&r, "featureLevels", list);
    if (SUCCEEDED(hr))
        mk_trace_hex(&r, "featureLevel", (uint32_t)chosen);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    mk_trace_end(&r);
}

void d3d11_trace_feature(const struct d3d11_device *device, D3D11_FEATURE feature, const void *data, UINT size,
        HRESULT hr)
{
    const struct d3d11_feature_rule *rule = d3d11_find_feature(feature);
    struct mk_trace_record r;
    unsigned i, j;

    mk_trace_begin(&r, "ID3D11Device::CheckFeatureSupport");
    if (device->adapter_id)
        mk_trace_string(&r, "adapter", device->adapter_id);
    mk_trace_hex(&r, "featureLevel", (uint32_t)device->feature_level);
    if (rule)
        mk_trace_string(&r, "feature", rule->name);
    else
        mk_trace_uint(&r, "feature", (uint32_t)feature);
    mk_trace_uint(&r, "size", size);
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr) && rule && data)
    {
        const D3D11_FEATURE_DATA_FORMAT_SUPPORT *format = data;

        mk_trace_object(&r, "answer");
        if (feature == D3D11_FEATURE_FORMAT_SUPPORT || feature == D3D11_FEATURE_FORMAT_SUPPORT2)
        {
            mk_trace_uint(&r, "InFormat", (uint32_t)format->InFormat);
            mk_trace_hex(&r, "OutFormatSupport", format->OutFormatSupport);
        }
        for (i = 0; i < d3d11_field_rule_count; ++i)
        {
            const struct d3d11_field_rule *f = &d3d11_field_rules[i];
            bool seen = false;
            UINT value = 0;

            if (f->feature != feature)
                continue;
            /* Several rows of one member are OR'ed masks: the member once. */
            for (j = 0; j < i && !seen; ++j)
                seen = d3d11_field_rules[j].feature == feature && !strcmp(d3d11_field_rules[j].member, f->member);
            if (seen)
                continue;
            memcpy(&value, (const unsigned char *)data + f->offset, f->size < sizeof(value) ? f->size : sizeof(value));
            mk_trace_uint(&r, f->member, value);
        }
        mk_trace_close(&r);
    }
    mk_trace_end(&r);
}

void d3d11_trace_format(const struct d3d11_device *device, const char *entry, DXGI_FORMAT format, UINT sample_count,
        UINT flags, UINT result, HRESULT hr)
{
    struct mk_trace_record r;
    bool quality = strstr(entry, "Multisample") != NULL;

    mk_trace_begin(&r, entry);
    if (device->adapter_id)
        mk_trace_string(&r, "adapter", device->adapter_id);
    mk_trace_uint(&r, "format", (uint32_t)format);
    if (quality)
    {
        mk_trace_uint(&r, "sampleCount", sample_count);
        mk_trace_hex(&r, "flags", flags);
    }
    mk_trace_hr(&r, "hr", (int32_t)hr);
    if (SUCCEEDED(hr))
    {
        if (quality)
            mk_trace_uint(&r, "numQualityLevels", result);
        else
            mk_trace_hex(&r, "support", result);
    }
    mk_trace_end(&r);
}
