/*
 * The three format queries, answered from the format rules
 * (data/format-support.tsv) and the adapter's profile "formats".
 */
#include "caps/adapter.h"
#include "caps/fill_private.h"
#include "caps/format_rules.h"

/* R1_UNORM: a DXGI_FORMAT with no D3D12 layout, refused by FORMAT_INFO
 * (vkd3d tests/d3d12.c test_check_feature_support). */
#define CAPS_FORMAT_R1_UNORM 66u

static const struct caps_format_rule *known_rule(const struct caps_fill *fill, DXGI_FORMAT format)
{
    if (!caps_format_known(fill->runtime, (uint32_t)format))
        return NULL;
    return caps_format_rule((uint32_t)format);
}

HRESULT caps_fill_format_support(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT *data = fill->data;
    const struct caps_format_rule *rule;
    UINT support1, support2;

    if (!(rule = known_rule(fill, data->Format)))
    {
        if (caps_format_reserved(fill->runtime, (uint32_t)data->Format))
            return caps_fill_fail(fill, E_FAIL, "Format %#x is a reserved row of the runtime's format table "
                    "(no DXGI_FORMAT the headers name): no adapter supports it.", (unsigned)data->Format);
        return caps_fill_fail(fill, E_INVALIDARG, "Format %#x is not a DXGI_FORMAT this runtime knows.",
                (unsigned)data->Format);
    }
    caps_format_support(fill->adapter, rule, &support1, &support2);
    if (!support1)
        return caps_fill_fail(fill, E_FAIL, "DXGI_FORMAT_%s is not supported by this adapter.",
                caps_format_rule_name(rule));
    data->Support1 = support1;
    data->Support2 = support2;
    return S_OK;
}

HRESULT caps_fill_multisample_quality_levels(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS *data = fill->data;
    const D3D12_FEATURE_DATA_D3D12_OPTIONS *options = caps_fill_values_of(fill->adapter, D3D12_FEATURE_D3D12_OPTIONS);
    const struct caps_format_override *entry;
    const struct caps_format_rule *rule;
    UINT count = data->SampleCount, support1, support2;

    /* SampleCount 0 fails, yet the count is written 0 (vkd3d tests/d3d12.c
     * test_multisample_quality_levels: E_FAIL, NumQualityLevels 0). */
    if (!count)
    {
        data->NumQualityLevels = 0;
        if (fill->write_back)
            *fill->write_back = true;
        return caps_fill_fail(fill, E_FAIL, "SampleCount is 0.");
    }
    if (!(rule = known_rule(fill, data->Format)))
        return caps_fill_fail(fill, E_INVALIDARG, "Format %#x is not a DXGI_FORMAT this runtime knows.",
                (unsigned)data->Format);
    if (data->Flags & ~D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE)
        return caps_fill_fail(fill, E_INVALIDARG, "Flags %#x has unknown bits.", (unsigned)data->Flags);

    data->NumQualityLevels = 0;
    /* One sample: one level whatever the format (same test). */
    if (count == 1)
    {
        data->NumQualityLevels = 1;
        return S_OK;
    }
    /* UNKNOWN, counts that are no power of two and counts past the
     * adapter's highest answer S_OK with no level. */
    if (data->Format == DXGI_FORMAT_UNKNOWN || (count & (count - 1)))
        return S_OK;
    entry = caps_format_entry(fill->adapter, (uint32_t)data->Format);
    if (!(entry && entry->has_quality_levels) && count > caps_format_max_samples(fill->adapter, rule))
        return S_OK;
    caps_format_support(fill->adapter, rule, &support1, &support2);
    if (!support1)
        return S_OK;
    /* Tiled MSAA resources need TiledResourcesTier 2. */
    if ((data->Flags & D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE)
            && (!options || options->TiledResourcesTier < D3D12_TILED_RESOURCES_TIER_2
            || !(support2 & D3D12_FORMAT_SUPPORT2_TILED)))
        return S_OK;
    /* The profile's levels (a report's), else one level. */
    if (entry && entry->has_quality_levels)
    {
        unsigned slot = 0;

        while (slot < CAPS_SAMPLE_COUNT_SLOTS && (1u << slot) != count)
            ++slot;
        data->NumQualityLevels = slot < CAPS_SAMPLE_COUNT_SLOTS ? entry->quality_levels[slot] : 0;
        return S_OK;
    }
    data->NumQualityLevels = 1;
    return S_OK;
}

HRESULT caps_fill_format_info(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_FORMAT_INFO *data = fill->data;
    const struct caps_format_rule *rule;
    UINT support1, support2;

    if (!(rule = known_rule(fill, data->Format)) || data->Format == (DXGI_FORMAT)CAPS_FORMAT_R1_UNORM)
        return caps_fill_fail(fill, E_INVALIDARG, "Format %#x has no D3D12 layout.", (unsigned)data->Format);
    /* The 3-plane and 4:2:2/4:4:4 video formats (P208, V208, V408) fail on
     * an adapter that does not support them, as WARP's dump shows. */
    if (data->Format == DXGI_FORMAT_P208 || data->Format == DXGI_FORMAT_V208 || data->Format == DXGI_FORMAT_V408)
    {
        caps_format_support(fill->adapter, rule, &support1, &support2);
        if (!support1)
            return caps_fill_fail(fill, E_INVALIDARG, "DXGI_FORMAT_%s is not supported by this adapter.",
                    caps_format_rule_name(rule));
    }
    {
        const struct caps_format_override *entry = caps_format_entry(fill->adapter, (uint32_t)data->Format);

        data->PlaneCount = entry && entry->planes ? entry->planes : rule->planes;
    }
    return S_OK;
}
