/*
 * The documented rules (docs/profiles.md "Rules") that complete a profile:
 * what a feature level, or another capability, implies. One row per fact:
 * when the condition holds, the target value is raised to at least the
 * minimum (flags: the minimum's bits are added). Values the profile gives
 * explicitly are never changed; inherited and unset ones are.
 *
 * Rows apply once, in order, so a row may rely on rows above it (the 12_2 row
 * that sets WaveOps comes before the rows WaveOps implies).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps/adapter.h"

struct caps_rule
{
    /* Condition: cond_field >= cond_min (NULL: always). */
    const char *cond_field;
    const char *cond_min;
    /* Target and its minimum: a value (names as in profiles, "|" for flags)
     * or, with a leading '=', another field ("=FEATURE.Field"). */
    const char *field;
    const char *min;
    const char *source;
};

#define FL(level) "FEATURE_LEVELS.MaxSupportedFeatureLevel", "D3D_FEATURE_LEVEL_" level
#define ALWAYS NULL, NULL
#define FL_DOC "Microsoft Learn, Hardware Feature Levels"
#define FL122_DOC "DirectX-Specs, Feature Level 12_2"
#define OURS "mockd3d12: an adapter floor, not a published number"

static const struct caps_rule caps_rules[] =
{
    /* Every D3D12 device is at least feature level 11_0 with SM 5.1 and root signature 1.0. */
    {ALWAYS, "FEATURE_LEVELS.MaxSupportedFeatureLevel", "D3D_FEATURE_LEVEL_11_0", FL_DOC},
    {FL("11_0"), "SHADER_MODEL.HighestShaderModel", "D3D_SHADER_MODEL_5_1", FL_DOC},
    {FL("11_0"), "ROOT_SIGNATURE.HighestVersion", "D3D_ROOT_SIGNATURE_VERSION_1_0", FL_DOC},
    {FL("11_0"), "D3D12_OPTIONS.ResourceBindingTier", "D3D12_RESOURCE_BINDING_TIER_1", FL_DOC},
    {FL("11_0"), "D3D12_OPTIONS.ResourceHeapTier", "D3D12_RESOURCE_HEAP_TIER_1", FL_DOC},
    {FL("11_0"), "D3D12_OPTIONS21.ExecuteIndirectTier", "D3D12_EXECUTE_INDIRECT_TIER_1_0",
            "ExecuteIndirect is core D3D12; tier 1_0 is its baseline"},
    {FL("11_0"), "D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource", "31", OURS},
    {FL("11_0"), "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource", "31", OURS},
    {FL("11_0"), "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerProcess", "31", OURS},
    /* 11_1: logic ops. */
    {FL("11_1"), "D3D12_OPTIONS.OutputMergerLogicOp", "TRUE", FL_DOC},
    /* 12_0: binding tier 2, tiled resources tier 2, typed UAV loads. */
    {FL("12_0"), "D3D12_OPTIONS.ResourceBindingTier", "D3D12_RESOURCE_BINDING_TIER_2", FL_DOC},
    {FL("12_0"), "D3D12_OPTIONS.TiledResourcesTier", "D3D12_TILED_RESOURCES_TIER_2", FL_DOC},
    {FL("12_0"), "D3D12_OPTIONS.TypedUAVLoadAdditionalFormats", "TRUE", FL_DOC},
    /* 12_1: ROVs and conservative rasterization tier 1. */
    {FL("12_1"), "D3D12_OPTIONS.ROVsSupported", "TRUE", FL_DOC},
    {FL("12_1"), "D3D12_OPTIONS.ConservativeRasterizationTier", "D3D12_CONSERVATIVE_RASTERIZATION_TIER_1", FL_DOC},
    /* 12_2: the DirectX 12 Ultimate minimums. */
    {FL("12_2"), "SHADER_MODEL.HighestShaderModel", "D3D_SHADER_MODEL_6_5", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS5.RaytracingTier", "D3D12_RAYTRACING_TIER_1_1", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS6.VariableShadingRateTier", "D3D12_VARIABLE_SHADING_RATE_TIER_2", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS7.MeshShaderTier", "D3D12_MESH_SHADER_TIER_1", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS7.SamplerFeedbackTier", "D3D12_SAMPLER_FEEDBACK_TIER_0_9", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS.ResourceBindingTier", "D3D12_RESOURCE_BINDING_TIER_3", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS.TiledResourcesTier", "D3D12_TILED_RESOURCES_TIER_3", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS.ConservativeRasterizationTier", "D3D12_CONSERVATIVE_RASTERIZATION_TIER_3", FL122_DOC},
    {FL("12_2"), "ROOT_SIGNATURE.HighestVersion", "D3D_ROOT_SIGNATURE_VERSION_1_1", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS2.DepthBoundsTestSupported", "TRUE", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS3.WriteBufferImmediateSupportFlags",
            "D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE",
            FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource", "40", FL122_DOC},
    {FL("12_2"), "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource", "40", FL122_DOC},
    {FL("12_2"), "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerProcess", "40", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS1.WaveOps", "TRUE", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS.OutputMergerLogicOp", "TRUE", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS.VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation", "TRUE",
            FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "TRUE", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS3.CastingFullyTypedFormatSupported", "TRUE", FL122_DOC},
    {FL("12_2"), "D3D12_OPTIONS1.Int64ShaderOps", "TRUE", FL122_DOC},
    /* What a capability needs of the shader model. */
    {"D3D12_OPTIONS1.WaveOps", "TRUE", "SHADER_MODEL.HighestShaderModel", "D3D_SHADER_MODEL_6_0",
            "wave intrinsics are Shader Model 6.0"},
    {"D3D12_OPTIONS5.RaytracingTier", "D3D12_RAYTRACING_TIER_1_0", "SHADER_MODEL.HighestShaderModel",
            "D3D_SHADER_MODEL_6_3", "DXR 1.0 shaders are Shader Model 6.3"},
    {"D3D12_OPTIONS5.RaytracingTier", "D3D12_RAYTRACING_TIER_1_1", "SHADER_MODEL.HighestShaderModel",
            "D3D_SHADER_MODEL_6_5", "inline raytracing (DXR 1.1) is Shader Model 6.5"},
    {"D3D12_OPTIONS7.MeshShaderTier", "D3D12_MESH_SHADER_TIER_1", "SHADER_MODEL.HighestShaderModel",
            "D3D_SHADER_MODEL_6_5", "mesh and amplification shaders are Shader Model 6.5"},
    {"D3D12_OPTIONS7.SamplerFeedbackTier", "D3D12_SAMPLER_FEEDBACK_TIER_0_9", "SHADER_MODEL.HighestShaderModel",
            "D3D_SHADER_MODEL_6_5", "sampler feedback is Shader Model 6.5"},
    {"D3D12_OPTIONS21.WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_0", "SHADER_MODEL.HighestShaderModel",
            "D3D_SHADER_MODEL_6_8", "work graphs are Shader Model 6.8"},
    /* Wave lane defaults: the D3D12 wave size range starts at 4. */
    {"D3D12_OPTIONS1.WaveOps", "TRUE", "D3D12_OPTIONS1.WaveLaneCountMin", "4", "D3D12 wave sizes are 4..128"},
    {"D3D12_OPTIONS1.WaveOps", "TRUE", "D3D12_OPTIONS1.WaveLaneCountMax", "=D3D12_OPTIONS1.WaveLaneCountMin",
            "the largest wave is at least the smallest"},
    {"D3D12_OPTIONS1.WaveOps", "TRUE", "D3D12_OPTIONS1.TotalLaneCount", "=D3D12_OPTIONS1.WaveLaneCountMax",
            "at least one wave runs at a time"},
    /* The same fact in two structs. */
    {ALWAYS, "ARCHITECTURE1.UMA", "=ARCHITECTURE1.CacheCoherentUMA", "cache-coherent UMA is UMA"},
    {ALWAYS, "ARCHITECTURE.TileBasedRenderer", "=ARCHITECTURE1.TileBasedRenderer", "same fact"},
    {ALWAYS, "ARCHITECTURE.UMA", "=ARCHITECTURE1.UMA", "same fact"},
    {ALWAYS, "ARCHITECTURE.CacheCoherentUMA", "=ARCHITECTURE1.CacheCoherentUMA", "same fact"},
    {ALWAYS, "ARCHITECTURE1.TileBasedRenderer", "=ARCHITECTURE.TileBasedRenderer", "same fact"},
    {ALWAYS, "ARCHITECTURE1.UMA", "=ARCHITECTURE.UMA", "same fact"},
    {ALWAYS, "ARCHITECTURE1.CacheCoherentUMA", "=ARCHITECTURE.CacheCoherentUMA", "same fact"},
    {ALWAYS, "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource",
            "=D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource", "same fact"},
    {ALWAYS, "D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource",
            "=GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource", "same fact"},
    {ALWAYS, "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerProcess",
            "=GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource", "a process holds its resources"},
    {ALWAYS, "CROSS_NODE.SharingTier", "=D3D12_OPTIONS.CrossNodeSharingTier", "same fact"},
    {ALWAYS, "D3D12_OPTIONS.CrossNodeSharingTier", "=CROSS_NODE.SharingTier", "same fact"},
};

/* "FEATURE.Field" -> field index, or -1. */
static int rule_field(const char *path)
{
    char feature[128];
    const char *dot = strchr(path, '.');
    int fi;

    if (!dot || (size_t)(dot - path) >= sizeof(feature))
        return -1;
    memcpy(feature, path, (size_t)(dot - path));
    feature[dot - path] = 0;
    if ((fi = mk_feature_find(feature)) < 0)
        return -1;
    return mk_field_find(mk_features[fi].struct_index, dot + 1);
}

static uint64_t get(const struct caps_adapter *a, unsigned field_index)
{
    return mk_field_get(a->values[mk_fields[field_index].struct_index], &mk_fields[field_index]);
}

/* A rule's literal value for field `field_index`: names ("A | B"), TRUE, or a number. */
static bool rule_value(unsigned field_index, const char *text, uint64_t *out)
{
    char token[128];

    *out = 0;
    while (*text)
    {
        size_t len;
        uint32_t v;
        char *end;

        while (*text == ' ')
            ++text;
        len = strcspn(text, "|");
        while (len && text[len - 1] == ' ')
            --len;
        if (!len || len >= sizeof(token))
            return false;
        memcpy(token, text, len);
        token[len] = 0;
        if (!strcmp(token, "TRUE"))
            *out |= 1;
        else if (caps_find_enum_value(NULL, field_index, token, &v))
            *out |= v;
        else
        {
            unsigned long long n = strtoull(token, &end, 0);
            if (*end)
                return false;
            *out |= n;
        }
        text += strcspn(text, "|");
        if (*text == '|')
            ++text;
    }
    return true;
}

static bool raise_value(struct caps_adapter *a, unsigned field_index, uint64_t minimum, bool flags)
{
    const struct mk_field *f = &mk_fields[field_index];
    uint64_t current = get(a, field_index), wanted;

    if (a->origins[field_index] == CAPS_VALUE_EXPLICIT)
        return false;
    wanted = flags ? (current | minimum) : (current > minimum ? current : minimum);
    if (wanted == current)
        return false;
    mk_field_set(a->values[f->struct_index], f, wanted);
    a->origins[field_index] = CAPS_VALUE_RULE;
    return true;
}

static bool is_flags(unsigned field_index)
{
    const struct mk_field *f = &mk_fields[field_index];

    return f->kind == MK_FIELD_ENUM && f->enum_index >= 0 && mk_enums[f->enum_index].category == MK_ENUM_FLAGS;
}

bool caps_apply_rules(struct caps_adapter *a, char *error, size_t error_size)
{
    size_t i;

    for (i = 0; i < a->lower_bound_count; ++i)
        raise_value(a, a->lower_bounds[i].field_index, a->lower_bounds[i].value, is_flags(a->lower_bounds[i].field_index));

    for (i = 0; i < sizeof(caps_rules) / sizeof(caps_rules[0]); ++i)
    {
        const struct caps_rule *r = &caps_rules[i];
        int target = rule_field(r->field), cond = -1;
        uint64_t minimum, cond_min;

        if (target < 0 || (r->cond_field && (cond = rule_field(r->cond_field)) < 0))
        {
            snprintf(error, error_size, "rule %zu names a field the tables lack (%s / %s)", i, r->field,
                    r->cond_field ? r->cond_field : "-");
            return false;
        }
        if (cond >= 0)
        {
            if (!rule_value((unsigned)cond, r->cond_min, &cond_min))
            {
                snprintf(error, error_size, "rule %zu: bad condition value %s", i, r->cond_min);
                return false;
            }
            if (get(a, (unsigned)cond) < cond_min)
                continue;
        }
        if (r->min[0] == '=')
        {
            int source = rule_field(r->min + 1);
            if (source < 0)
            {
                snprintf(error, error_size, "rule %zu names a field the tables lack (%s)", i, r->min + 1);
                return false;
            }
            minimum = get(a, (unsigned)source);
        }
        else if (!rule_value((unsigned)target, r->min, &minimum))
        {
            snprintf(error, error_size, "rule %zu: bad value %s for %s", i, r->min, r->field);
            return false;
        }
        raise_value(a, (unsigned)target, minimum, is_flags((unsigned)target));
    }
    return true;
}

unsigned caps_rules_violations(const struct caps_adapter *a, char *out, size_t out_size)
{
    unsigned count = 0;
    size_t i, o = 0;

    if (out_size)
        out[0] = 0;
    for (i = 0; i < sizeof(caps_rules) / sizeof(caps_rules[0]); ++i)
    {
        const struct caps_rule *r = &caps_rules[i];
        int target = rule_field(r->field), cond = r->cond_field ? rule_field(r->cond_field) : -1;
        uint64_t minimum = 0, cond_min = 0, value;
        bool ok;

        if (target < 0 || a->origins[target] != CAPS_VALUE_EXPLICIT)
            continue;
        if (cond >= 0 && (!rule_value((unsigned)cond, r->cond_min, &cond_min) || get(a, (unsigned)cond) < cond_min))
            continue;
        if (r->min[0] == '=')
        {
            int source = rule_field(r->min + 1);
            if (source < 0)
                continue;
            minimum = get(a, (unsigned)source);
        }
        else if (!rule_value((unsigned)target, r->min, &minimum))
            continue;
        value = get(a, (unsigned)target);
        ok = is_flags((unsigned)target) ? (value & minimum) == minimum : value >= minimum;
        if (ok)
            continue;
        ++count;
        if (o < out_size)
        {
            int w = snprintf(out + o, out_size - o, "%s%s=%llu < %s (%s)", count > 1 ? "; " : "", r->field,
                    (unsigned long long)value, r->min, r->source);
            if (w > 0)
                o += (size_t)w;
        }
    }
    return count;
}

void caps_rules_describe(void (*fn)(void *ctx, const char *cond_field, const char *cond_min, const char *field,
        const char *min, const char *source), void *ctx)
{
    size_t i;

    for (i = 0; i < sizeof(caps_rules) / sizeof(caps_rules[0]); ++i)
        fn(ctx, caps_rules[i].cond_field, caps_rules[i].cond_min, caps_rules[i].field, caps_rules[i].min,
                caps_rules[i].source);
}
