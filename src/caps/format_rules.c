/*
 * DXGI format support from data/format-support.tsv: the rule of a format,
 * the optional bits an adapter's caps grant, and the profile's overrides.
 */
#include <string.h>

#include "caps/adapter.h"
#include "caps/fill_private.h"
#include "caps/format_rules.h"

/* Hardware adapters without a profile "formats" entry stop at 8 samples: the
 * highest count feature level 11_0 requires; WARP's dump shows 16. */
#define CAPS_HARDWARE_MAX_SAMPLES 8u
#define CAPS_SOFTWARE_MAX_SAMPLES 16u

const struct caps_format_rule *caps_format_rule(uint32_t format)
{
    size_t lo = 0, hi = caps_format_rule_count;

    /* The formats up to the video ones are numbered without gaps: a rule's
     * index is then its value. */
    if (format < caps_format_rule_count && caps_format_rules[format].format == format)
        return &caps_format_rules[format];

    /* The generated rows are sorted by value (gen_formats.py writes them in
     * TSV order, which is by value). */
    while (lo < hi)
    {
        size_t mid = lo + (hi - lo) / 2;

        if (caps_format_rules[mid].format == format)
            return &caps_format_rules[mid];
        if (caps_format_rules[mid].format < format)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

bool caps_format_known(const mockd3d12_runtime *runtime, uint32_t format)
{
    /* DXGI_FORMAT_FORCE_UINT only forces the enum's size. */
    return format != (uint32_t)DXGI_FORMAT_FORCE_UINT && caps_fill_enum_known(runtime, MK_ENUM_ID_DXGI_FORMAT, format);
}

bool caps_format_reserved(const mockd3d12_runtime *runtime, uint32_t format)
{
    size_t i;

    if (caps_format_known(runtime, format))
        return false;
    /* The rules are sorted by value: the first known one from the top is the
     * highest format this runtime knows. */
    for (i = caps_format_rule_count; i-- > 0;)
        if (caps_format_known(runtime, caps_format_rules[i].format))
            return format < caps_format_rules[i].format;
    return false;
}

static const void *feature_values(const struct caps_adapter *adapter, D3D12_FEATURE feature)
{
    const struct mk_feature *f = mk_feature_from_value((uint32_t)feature);

    return f ? caps_adapter_values(adapter, f->struct_index) : NULL;
}

const struct caps_format_override *caps_format_entry(const struct caps_adapter *adapter, uint32_t format)
{
    unsigned lo = 0, hi = adapter->format_count;

    while (lo < hi)
    {
        unsigned mid = lo + (hi - lo) / 2;

        if ((uint32_t)adapter->formats[mid].format == format)
            return &adapter->formats[mid];
        if ((uint32_t)adapter->formats[mid].format < format)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Optional bits granted by one of the adapter's caps rather than by the
 * format alone. */
static void granted_optional(const struct caps_adapter *adapter, UINT *optional1, UINT *optional2)
{
    const D3D12_FEATURE_DATA_D3D12_OPTIONS *options = feature_values(adapter, D3D12_FEATURE_D3D12_OPTIONS);
    const D3D12_FEATURE_DATA_D3D12_OPTIONS7 *options7 = feature_values(adapter, D3D12_FEATURE_D3D12_OPTIONS7);

    *optional1 = 0;
    *optional2 = 0;
    if (caps_adapter_is_software(adapter))
    {
        /* The rows are WARP's own answers: a software adapter has them all. */
        *optional1 = ~0u;
        *optional2 = ~0u;
        return;
    }
    if (options && options->TiledResourcesTier != D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
        *optional2 |= D3D12_FORMAT_SUPPORT2_TILED;
    if (options && options->TypedUAVLoadAdditionalFormats)
        *optional2 |= D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD;
    if (options && options->OutputMergerLogicOp)
        *optional2 |= D3D12_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP;
    if (options7 && options7->SamplerFeedbackTier != D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED)
        *optional2 |= D3D12_FORMAT_SUPPORT2_SAMPLER_FEEDBACK;
}

void caps_format_support(const struct caps_adapter *adapter, const struct caps_format_rule *rule,
        UINT *support1, UINT *support2)
{
    const struct caps_format_override *o = caps_format_entry(adapter, rule->format);
    UINT granted1, granted2;

    if (o)
    {
        *support1 = o->support1;
        *support2 = o->support2;
        return;
    }
    granted_optional(adapter, &granted1, &granted2);
    *support1 = (rule->support1 & ~rule->optional1) | (rule->optional1 & granted1);
    *support2 = (rule->support2 & ~rule->optional2) | (rule->optional2 & granted2);
    /* A format whose every capability is optional and ungranted is absent. */
    if (!*support1)
        *support2 = 0;
}

UINT caps_format_max_samples(const struct caps_adapter *adapter, const struct caps_format_rule *rule)
{
    const struct caps_format_override *o = caps_format_entry(adapter, rule->format);
    UINT cap = caps_adapter_is_software(adapter) ? CAPS_SOFTWARE_MAX_SAMPLES : CAPS_HARDWARE_MAX_SAMPLES;
    UINT max = rule->max_samples < cap ? rule->max_samples : cap;

    if (o && !(o->support1 & (D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET | D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL
            | D3D12_FORMAT_SUPPORT1_CAST_WITHIN_BIT_LAYOUT)))
        return 1;
    if (o && (o->support1 & D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET) && max < 2)
        max = cap;
    return max ? max : 1;
}
