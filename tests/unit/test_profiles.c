/*
 * Profile JSON (src/caps/profile_*.c, docs/profiles.md): every built-in
 * profile loads, names every value, dumps and reloads to identical bytes and
 * agrees with the rule table; every kind of bad profile fails with its exact
 * message and registers nothing; inherits, rules, lowerBounds and newValues.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/adapter.h"
#include "caps/caps.h"
#include "caps/vulkan.h"
#include "mk_tables.h"

static int field_index(const char *path)
{
    char feature[128];
    const char *dot = strchr(path, '.');
    int fi;

    assert_non_null(dot);
    memcpy(feature, path, (size_t)(dot - path));
    feature[dot - path] = 0;
    fi = mk_feature_find(feature);
    if (fi < 0)
        fail_msg("no feature %s", feature);
    return mk_field_find(mk_features[fi].struct_index, dot + 1);
}

static uint64_t value_of(const struct caps_adapter *a, const char *path)
{
    int f = field_index(path);

    if (f < 0)
        fail_msg("no field %s", path);
    return mk_field_get(caps_adapter_values(a, mk_fields[f].struct_index), &mk_fields[f]);
}

static const struct caps_adapter *find_parent(const char *id)
{
    return caps_adapter_lookup(id, NULL, 0);
}

/* ---- Built-in profiles ---- */

static void test_builtins_load(void **state)
{
    struct row_failures failures = {0};
    size_t i;

    (void)state;
    assert_int_equal(caps_builtin_profile_count, 29);
    assert_true(caps_adapter_count() >= caps_builtin_profile_count);
    for (i = 0; i < caps_builtin_profile_count; ++i)
    {
        const struct caps_builtin_profile *b = &caps_builtin_profiles[i];
        const struct caps_adapter *a = caps_adapter_at((unsigned)i);
        const char *origin;
        char error[1024];

        if (!a || strcmp(caps_adapter_id(a), b->id))
        {
            row_fail(&failures, (unsigned)i, b->id, "not registered at its index: %s",
                    a ? caps_adapter_id(a) : "nothing");
            continue;
        }
        origin = caps_adapter_origin(a);
        if (!origin || strcmp(origin, b->origin))
            row_fail(&failures, (unsigned)i, b->id, "origin \"%s\", expected \"%s\"", origin ? origin : "(null)",
                    b->origin);
        /* And the text is a valid profile on its own (checked, not registered twice). */
        char *text = caps_builtin_profile_text(b, error, sizeof(error));

        if (!text || FAILED(caps_profile_load(text, strlen(text), b->origin, false, NULL, error, sizeof(error))))
            row_fail(&failures, (unsigned)i, b->id, "the text does not load: %s", error);
        free(text);
    }
    /* The ids the documentation promises. */
    {
        static const char *const ids[] = {"nvidia-rtx-4090", "nvidia-rtx-5070-ti", "amd-rx-7900-xtx", "warp",
                "warp-22621", "warp-nuget-1-0-19", "fl11-minimal", "nextgen", "intel-arc-a770",
                "qualcomm-adreno-x1-85"};
        for (i = 0; i < ARRAY_SIZE(ids); ++i)
            if (!caps_adapter_lookup(ids[i], NULL, 0))
                row_fail(&failures, (unsigned)i, ids[i], "no built-in adapter of this id");
    }
    rows_done(&failures);
}

/* What the runtime registers for each built-in (baked into C tables at build
 * time, tools/bake) is exactly what the loader makes of its profile text:
 * one row per built-in, every difference named, every row checked. */
static unsigned compare_adapters(const struct caps_adapter *baked, const struct caps_adapter *loaded)
{
    unsigned s, k, bad = 0;
    json_t *m1 = caps_adapter_metadata(baked), *m2 = caps_adapter_metadata(loaded);

#define DIFFER(what) (print_error("  %s: %s differs\n", caps_adapter_id(baked), what), ++bad)
    if (strcmp(baked->id, loaded->id)) DIFFER("id");
    if (strcmp(baked->description, loaded->description)) DIFFER("description");
    if (strcmp(baked->origin, loaded->origin)) DIFFER("origin");
    if (!baked->inherits != !loaded->inherits || (baked->inherits && strcmp(baked->inherits, loaded->inherits)))
        DIFFER("inherits");
    if (baked->vendor_id != loaded->vendor_id || baked->device_id != loaded->device_id
            || baked->subsys_id != loaded->subsys_id || baked->revision != loaded->revision)
        DIFFER("PCI identity");
    if (baked->luid_explicit != loaded->luid_explicit
            || (loaded->luid_explicit && memcmp(&baked->luid, &loaded->luid, sizeof(LUID))))
        DIFFER("luid");
    if (baked->dedicated_video_memory != loaded->dedicated_video_memory
            || baked->dedicated_system_memory != loaded->dedicated_system_memory
            || baked->shared_system_memory != loaded->shared_system_memory)
        DIFFER("memory sizes");
    if (baked->node_count != loaded->node_count || baked->software != loaded->software || baked->uma != loaded->uma
            || baked->cache_coherent_uma != loaded->cache_coherent_uma
            || baked->max_feature_level != loaded->max_feature_level)
        DIFFER("nodes, software, UMA or feature level");
    for (s = 0; s < mk_struct_count; ++s)
        if (memcmp(caps_adapter_struct(baked, s), caps_adapter_struct(loaded, s), mk_structs[s].size))
            DIFFER(mk_struct_name(&mk_structs[s]));
    if (memcmp(baked->origins, loaded->origins, mk_field_count))
        DIFFER("value origins");
    if (baked->format_count != loaded->format_count)
        DIFFER("formats");
    else
        for (k = 0; k < loaded->format_count; ++k)
            if (baked->formats[k].format != loaded->formats[k].format
                    || baked->formats[k].support1 != loaded->formats[k].support1
                    || baked->formats[k].support2 != loaded->formats[k].support2
                    || baked->formats[k].has_quality_levels != loaded->formats[k].has_quality_levels
                    || memcmp(baked->formats[k].quality_levels, loaded->formats[k].quality_levels,
                            sizeof(loaded->formats[k].quality_levels))
                    || baked->formats[k].planes != loaded->formats[k].planes)
                DIFFER("a format");
    if (memcmp(&baked->extra, &loaded->extra, sizeof(loaded->extra)))
        DIFFER("the DXGI and device answers (\"adapter\" keys)");
    if (baked->new_value_count != loaded->new_value_count)
        DIFFER("newValues");
    else
        for (k = 0; k < loaded->new_value_count; ++k)
        {
            const struct mk_enum_value *x = &baked->new_values[k].value, *y = &loaded->new_values[k].value;
            if (baked->new_values[k].field_index != loaded->new_values[k].field_index
                    || strcmp(baked->new_values[k].name, loaded->new_values[k].name)
                    || x->value != y->value || x->first_retail != y->first_retail
                    || x->first_preview != y->first_preview || x->is_alias != y->is_alias)
                DIFFER("a newValue");
        }
    if (baked->lower_bound_count != loaded->lower_bound_count)
        DIFFER("lowerBounds");
    else
        for (k = 0; k < loaded->lower_bound_count; ++k) /* member by member: the struct has padding */
            if (baked->lower_bounds[k].field_index != loaded->lower_bounds[k].field_index
                    || baked->lower_bounds[k].value != loaded->lower_bounds[k].value)
                DIFFER("a lowerBound");
    if (baked->output_count != loaded->output_count)
        DIFFER("outputs");
    else
        for (k = 0; k < loaded->output_count; ++k) /* member by member: the structs have padding */
        {
            const struct caps_output *x = &baked->outputs[k], *y = &loaded->outputs[k];
            unsigned m;

            if (strcmp(x->name, y->name) || x->left != y->left || x->top != y->top || x->right != y->right
                    || x->bottom != y->bottom || x->rotation != y->rotation || x->mode_count != y->mode_count
                    || x->color_space != y->color_space || x->bits_per_color != y->bits_per_color
                    || memcmp(x->primaries, y->primaries, sizeof(x->primaries))
                    || memcmp(x->luminance, y->luminance, sizeof(x->luminance)))
                DIFFER("an output");
            for (m = 0; m < x->mode_count && x->mode_count == y->mode_count; ++m)
                if (x->modes[m].width != y->modes[m].width || x->modes[m].height != y->modes[m].height
                        || x->modes[m].refresh_numerator != y->modes[m].refresh_numerator
                        || x->modes[m].refresh_denominator != y->modes[m].refresh_denominator
                        || x->modes[m].format != y->modes[m].format
                        || x->modes[m].scanline_ordering != y->modes[m].scanline_ordering
                        || x->modes[m].scaling != y->modes[m].scaling || x->modes[m].stereo != y->modes[m].stereo)
                    DIFFER("an output mode");
        }
    if (!m1 != !m2 || (m1 && !json_equal(m1, m2)))
        DIFFER("metadata");
#undef DIFFER
    json_decref(m1);
    json_decref(m2);
    return bad;
}

static void test_builtins_baked_as_loaded(void **state)
{
    struct row_failures failures = {0};
    unsigned i, rows = 0;
    char error[1024];

    (void)state;
    assert_true(caps_baked_adapter_count >= caps_builtin_profile_count + caps_vulkan_builtin_count());
    for (i = 0; i < caps_builtin_profile_count + caps_vulkan_builtin_count(); ++i)
    {
        const struct caps_builtin_profile *b = i < caps_builtin_profile_count ? &caps_builtin_profiles[i] : NULL;
        const char *origin = b ? b->origin : NULL;
        char *vulkan = b ? NULL : caps_vulkan_builtin_profile(i - (unsigned)caps_builtin_profile_count, &origin,
                error, sizeof(error));
        char *builtin = b ? caps_builtin_profile_text(b, error, sizeof(error)) : NULL;
        const char *text = b ? builtin : vulkan;
        struct caps_adapter *loaded = text ? caps_profile_parse(text, strlen(text), origin, find_parent,
                error, sizeof(error)) : NULL;
        const struct caps_adapter *baked = caps_adapter_at(i);

        ++rows;
        if (!loaded || !baked || strcmp(caps_adapter_id(baked), caps_baked_adapter_id(i)))
            row_fail(&failures, i, origin, "%s", loaded ? "not baked at its index" : error);
        else if (compare_adapters(baked, loaded))
            row_fail(&failures, i, origin, "the baked adapter differs from its profile text");
        caps_adapter_free(loaded);
        free(builtin);
        free(vulkan);
    }
    rows_done(&failures);
    assert_int_equal(rows, 30);
}

/* What no Windows runtime reports never comes from a built-in: OPTIONS22's
 * dispatch limits are at least 65535 (the mesh one exactly where mesh shaders
 * are, 0 elsewhere), also on adapters whose source predates OPTIONS22. */
static void test_options22_floors(void **state)
{
    struct row_failures failures = {0};
    unsigned i;
    (void)state;

    for (i = 0; i < caps_adapter_count(); ++i)
    {
        const struct caps_adapter *a = caps_adapter_at(i);
        uint64_t dispatch = value_of(a, "D3D12_OPTIONS22.Max1DDispatchSize");
        uint64_t mesh = value_of(a, "D3D12_OPTIONS22.Max1DDispatchMeshSize");
        bool mesh_shaders = value_of(a, "D3D12_OPTIONS7.MeshShaderTier") >= D3D12_MESH_SHADER_TIER_1;

        if (dispatch < 65535)
            row_fail(&failures, i, caps_adapter_id(a), "Max1DDispatchSize %llu", (unsigned long long)dispatch);
        if (mesh_shaders ? mesh < 65535 : mesh != 0)
            row_fail(&failures, i, caps_adapter_id(a), "Max1DDispatchMeshSize %llu with mesh shaders %s",
                    (unsigned long long)mesh, mesh_shaders ? "on" : "off");
        /* OPTIONS19's heap sizes and SINGLE_PSO: what the runtime answers for
         * every driver, also one that predates them (docs/features.md). */
        if (value_of(a, "D3D12_OPTIONS19.MaxSamplerDescriptorHeapSize") < 2048
                || value_of(a, "D3D12_OPTIONS19.MaxSamplerDescriptorHeapSizeWithStaticSamplers") < 2048
                || value_of(a, "D3D12_OPTIONS19.MaxViewDescriptorHeapSize") < 1000000)
            row_fail(&failures, i, caps_adapter_id(a), "an OPTIONS19 descriptor heap size below the D3D12 limits");
        if (!(value_of(a, "SHADER_CACHE.SupportFlags") & D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO))
            row_fail(&failures, i, caps_adapter_id(a), "SHADER_CACHE without SINGLE_PSO");
    }
    rows_done(&failures);
}

/* The address space of an adapter without a report of its own is at least
 * what every real report of its vendor states (tools/gen_profiles.py,
 * docs/profiles.md "Address space of inferred adapters"): the feature-level
 * floor of 31 bits is no real adapter's. Synthetic profiles keep theirs. */
static void test_inferred_address_space(void **state)
{
    static const struct
    {
        const char *id;
        uint64_t bits;
    }
    rows[] =
    {
        {"nvidia-gtx-1080-ti", 40},     /* NVIDIA reports: 40, 40, 40, 44 */
        {"nvidia-rtx-2080", 40},        /* already the FL 12_2 floor */
        {"intel-iris-xe", 48},          /* Intel's report (Arc A770): 48 */
        {"intel-hd-530", 48},
        {"amd-rx-580", 48},             /* AMD's reports (680M, Granite Ridge): 48 */
        {"amd-rx-7900-xtx", 48},
        {"nvidia-rtx-5070-ti", 44},     /* a report: its own value */
        {"fl11-minimal", 31},           /* synthetic: as stated */
    };
    struct row_failures failures = {0};
    const struct caps_adapter *a;
    uint64_t bits;
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        if (!(a = caps_adapter_lookup(rows[i].id, NULL, 0)))
        {
            row_fail(&failures, i, rows[i].id, "no adapter of this id");
            continue;
        }
        bits = value_of(a, "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerProcess");
        if (bits != rows[i].bits)
            row_fail(&failures, i, rows[i].id, "MaxGPUVirtualAddressBitsPerProcess %llu, expected %llu",
                    (unsigned long long)bits, (unsigned long long)rows[i].bits);
    }
    rows_done(&failures);
}

/* A negative number is a member's value where the enum has one:
 * D3D12_TRI_STATE_UNKNOWN (-1) loads, and reads back as that member. */
static void test_negative_enum_member(void **state)
{
    static const char json[] = "{\"id\": \"tri-state-unknown\", \"features\": {\"D3D12_OPTIONS12\": "
            "{\"MSPrimitivesPipelineStatisticIncludesCulledPrimitives\": -1}}}";
    const struct caps_adapter *a = NULL;
    char error[512];
    (void)state;

    if (FAILED(caps_profile_load(json, strlen(json), "tri.json", true, &a, error, sizeof(error))))
        fail_msg("tri.json: %s", error);
    assert_int_equal((uint32_t)value_of(a, "D3D12_OPTIONS12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives"),
            (uint32_t)D3D12_TRI_STATE_UNKNOWN);
}

/* Every value of every built-in has a name: enum values are members of their
 * enum (or a declared newValue), flag bits are all named. */
static void test_builtins_values_named(void **state)
{
    struct row_failures failures = {0};
    unsigned i, f;

    (void)state;
    for (i = 0; i < caps_builtin_profile_count; ++i)
    {
        const struct caps_adapter *a = caps_adapter_at(i);

        for (f = 0; f < mk_field_count; ++f)
        {
            const struct mk_field *field = &mk_fields[f];
            const struct mk_enum *e;
            uint32_t v, named = 0;
            unsigned k;

            if (!caps_profile_field(f) || field->kind != MK_FIELD_ENUM)
                continue;
            v = (uint32_t)mk_field_get(caps_adapter_values(a, field->struct_index), field);
            e = &mk_enums[field->enum_index];
            if (e->category != MK_ENUM_FLAGS)
            {
                if (!caps_value_name(a, f, v))
                    row_fail(&failures, i, caps_adapter_id(a), "%s.%s = %u has no name",
                            mk_struct_name(&mk_structs[field->struct_index]), mk_field_name(field), v);
                continue;
            }
            for (k = 0; k < e->value_count; ++k)
                named |= mk_enum_values[e->first_value + k].value;
            if (v & ~named)
                row_fail(&failures, i, caps_adapter_id(a), "%s.%s = %#x has unnamed bits %#x",
                        mk_struct_name(&mk_structs[field->struct_index]), mk_field_name(field), v, v & ~named);
        }
    }
    rows_done(&failures);
}

static bool same_string(const char *a, const char *b)
{
    return a && b ? !strcmp(a, b) : a == b;
}

/* Every difference the round trip made to built-in `index`, recorded. */
static void check_same_adapter(struct row_failures *failures, unsigned index, const struct caps_adapter *a,
        const struct caps_adapter *b)
{
    const char *name = a->id;
    unsigned s, f, differing;

#define SAME_STRING(member) \
    if (!same_string(a->member, b->member)) \
        row_fail(failures, index, name, #member " \"%s\" after the round trip, \"%s\" before", \
                b->member ? b->member : "(null)", a->member ? a->member : "(null)")
#define SAME_INT(member) \
    if ((uint64_t)a->member != (uint64_t)b->member) \
        row_fail(failures, index, name, #member " %#llx after the round trip, %#llx before", \
                (unsigned long long)b->member, (unsigned long long)a->member)
    SAME_STRING(id);
    SAME_STRING(description);
    SAME_INT(vendor_id);
    SAME_INT(device_id);
    SAME_INT(subsys_id);
    SAME_INT(revision);
    SAME_INT(luid.LowPart);
    SAME_INT(luid.HighPart);
    SAME_INT(dedicated_video_memory);
    SAME_INT(dedicated_system_memory);
    SAME_INT(shared_system_memory);
    SAME_INT(node_count);
    SAME_INT(software);
    SAME_INT(uma);
    SAME_INT(cache_coherent_uma);
    SAME_INT(max_feature_level);
    for (s = 0; s < mk_struct_count; ++s)
    {
        if (memcmp(caps_adapter_struct(a, s), caps_adapter_struct(b, s), mk_structs[s].size))
        {
            differing = 0;
            for (f = mk_structs[s].first_field; f < (unsigned)mk_structs[s].first_field + mk_structs[s].field_count; ++f)
                if (memcmp(caps_adapter_struct(a, s) + mk_fields[f].offset, caps_adapter_struct(b, s) + mk_fields[f].offset, mk_fields[f].size))
                {
                    row_fail(failures, index, name, "%s.%s differs after the round trip",
                            mk_struct_name(&mk_structs[s]), mk_field_name(&mk_fields[f]));
                    ++differing;
                }
            if (!differing)
                row_fail(failures, index, name, "%s differs after the round trip", mk_struct_name(&mk_structs[s]));
        }
    }
    SAME_INT(format_count);
    if (a->format_count == b->format_count)
    {
        for (f = 0; f < a->format_count; ++f)
        {
            SAME_INT(formats[f].format);
            SAME_INT(formats[f].support1);
            SAME_INT(formats[f].support2);
        }
    }
    SAME_INT(new_value_count);
    if (a->new_value_count == b->new_value_count)
    {
        for (f = 0; f < a->new_value_count; ++f)
        {
            SAME_INT(new_values[f].field_index);
            SAME_STRING(new_values[f].name);
            SAME_INT(new_values[f].value.value);
            SAME_INT(new_values[f].value.first_retail);
            SAME_INT(new_values[f].value.first_preview);
        }
    }
#undef SAME_INT
#undef SAME_STRING
}

/* caps --json of every built-in loads back with identical bytes, and dumps
 * to the same text again. */
static void test_builtins_round_trip(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < caps_adapter_count(); ++i)
    {
        const struct caps_adapter *a = caps_adapter_at(i);
        struct caps_adapter *b;
        char error[1024], *text, *again;

        if (!(text = caps_adapter_to_json(a)))
        {
            row_fail(&failures, i, caps_adapter_id(a), "no dump");
            continue;
        }
        b = caps_profile_parse(text, strlen(text), "dump", find_parent, error, sizeof(error));
        if (!b)
        {
            row_fail(&failures, i, caps_adapter_id(a), "the dump does not load: %s", error);
            free(text);
            continue;
        }
        b->luid = a->luid; /* registration assigns it; the dump states it explicitly */
        if (!b->luid_explicit)
            row_fail(&failures, i, caps_adapter_id(a), "the dump does not state the LUID");
        check_same_adapter(&failures, i, a, b);
        again = caps_adapter_to_json(b);
        if (!again || strcmp(text, again))
            row_fail(&failures, i, caps_adapter_id(a), "dump -> load -> dump changes the text");
        free(again);
        free(text);
        caps_adapter_free(b);
    }
    rows_done(&failures);
}

/* Real dumps must agree with the rule table: a violation means a wrong rule. */
static void test_dumps_agree_with_rules(void **state)
{
    struct row_failures failures = {0};
    unsigned i, dumps = 0;

    (void)state;
    for (i = 0; i < caps_builtin_profile_count; ++i)
    {
        const struct caps_adapter *a = caps_adapter_at(i);
        json_t *metadata = caps_adapter_metadata(a);
        json_t *confidence = metadata ? json_object_get(metadata, "confidence") : NULL;
        bool dump = confidence && !strcmp(json_string_value(confidence), "dump");
        char text[2048];

        json_decref(metadata);
        if (!dump)
            continue;
        ++dumps;
        if (caps_profile_problems(a, text, sizeof(text)))
            row_fail(&failures, i, caps_adapter_id(a), "contradicts the rules: %s", text);
    }
    rows_done(&failures);
    assert_int_equal(dumps, 10);
}

/* Issue 17: an unstated field of an inferred adapter read as "not supported" (SM 5.1, no wave ops, no doubles)
 * although these GPUs run SM 6 with wave intrinsics. Each value below is stated in real-adapters.json with its
 * sources (docs/adapters.md). */
/* The baselines min-fl11_0 .. min-fl12_2 state only their feature level:
 * every other value is the floor a rule sources to the feature-level
 * requirements, or zero. */
static void test_builtins_baselines(void **state)
{
    static const struct
    {
        const char *id, *field;
        uint64_t value;
    }
    rows[] =
    {
        {"min-fl11_0", "FEATURE_LEVELS.MaxSupportedFeatureLevel", D3D_FEATURE_LEVEL_11_0},
        {"min-fl11_0", "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_5_1},
        {"min-fl11_0", "ROOT_SIGNATURE.HighestVersion", D3D_ROOT_SIGNATURE_VERSION_1_0},
        {"min-fl11_0", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_1},
        {"min-fl11_0", "D3D12_OPTIONS.ResourceHeapTier", D3D12_RESOURCE_HEAP_TIER_1},
        {"min-fl11_0", "D3D12_OPTIONS.TiledResourcesTier", D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED},
        {"min-fl11_0", "D3D12_OPTIONS.OutputMergerLogicOp", FALSE},
        {"min-fl11_0", "D3D12_OPTIONS1.WaveOps", FALSE},
        {"min-fl11_0", "D3D12_OPTIONS.DoublePrecisionFloatShaderOps", FALSE},
        {"min-fl11_1", "FEATURE_LEVELS.MaxSupportedFeatureLevel", D3D_FEATURE_LEVEL_11_1},
        {"min-fl11_1", "D3D12_OPTIONS.OutputMergerLogicOp", TRUE},
        {"min-fl11_1", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_1},
        {"min-fl12_0", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_2},
        {"min-fl12_0", "D3D12_OPTIONS.TiledResourcesTier", D3D12_TILED_RESOURCES_TIER_2},
        {"min-fl12_0", "D3D12_OPTIONS.TypedUAVLoadAdditionalFormats", TRUE},
        {"min-fl12_0", "D3D12_OPTIONS.ROVsSupported", FALSE},
        {"min-fl12_1", "D3D12_OPTIONS.ROVsSupported", TRUE},
        {"min-fl12_1", "D3D12_OPTIONS.ConservativeRasterizationTier", D3D12_CONSERVATIVE_RASTERIZATION_TIER_1},
        {"min-fl12_1", "D3D12_OPTIONS5.RaytracingTier", D3D12_RAYTRACING_TIER_NOT_SUPPORTED},
        {"min-fl12_1", "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_5_1},
        {"min-fl12_2", "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_6_5},
        {"min-fl12_2", "D3D12_OPTIONS5.RaytracingTier", D3D12_RAYTRACING_TIER_1_1},
        {"min-fl12_2", "D3D12_OPTIONS6.VariableShadingRateTier", D3D12_VARIABLE_SHADING_RATE_TIER_2},
        {"min-fl12_2", "D3D12_OPTIONS7.MeshShaderTier", D3D12_MESH_SHADER_TIER_1},
        {"min-fl12_2", "D3D12_OPTIONS7.SamplerFeedbackTier", D3D12_SAMPLER_FEEDBACK_TIER_0_9},
        {"min-fl12_2", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_3},
        {"min-fl12_2", "D3D12_OPTIONS.TiledResourcesTier", D3D12_TILED_RESOURCES_TIER_3},
        {"min-fl12_2", "ROOT_SIGNATURE.HighestVersion", D3D_ROOT_SIGNATURE_VERSION_1_1},
        {"min-fl12_2", "D3D12_OPTIONS1.WaveOps", TRUE},
        {"min-fl12_2", "D3D12_OPTIONS1.WaveLaneCountMin", 4},
        {"min-fl12_2", "D3D12_OPTIONS.ResourceHeapTier", D3D12_RESOURCE_HEAP_TIER_1},
        {"min-fl12_2", "D3D12_OPTIONS12.EnhancedBarriersSupported", FALSE},
        {"min-fl12_2", "D3D12_OPTIONS21.WorkGraphsTier", D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED},
    };
    static const char *const ids[] = {"min-fl11_0", "min-fl11_1", "min-fl12_0", "min-fl12_1", "min-fl12_2"};
    struct row_failures failures = {0};
    unsigned i, f;

    (void)state;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i)
    {
        const struct caps_adapter *a = caps_adapter_lookup(rows[i].id, NULL, 0);

        if (!a)
            row_fail(&failures, i, rows[i].id, "not a built-in");
        else if (value_of(a, rows[i].field) != rows[i].value)
            row_fail(&failures, i, rows[i].id, "%s is %llu, expected %llu", rows[i].field,
                    (unsigned long long)value_of(a, rows[i].field), (unsigned long long)rows[i].value);
    }
    rows_done(&failures);
    /* Only the feature level is stated; every raised value has its rule. */
    for (i = 0; i < sizeof(ids) / sizeof(ids[0]); ++i)
    {
        const struct caps_adapter *a = caps_adapter_lookup(ids[i], NULL, 0);
        unsigned level = (unsigned)field_index("FEATURE_LEVELS.MaxSupportedFeatureLevel");

        assert_non_null(a);
        for (f = 0; f < mk_field_count; ++f)
        {
            enum caps_value_origin origin;
            const char *cf, *cm, *source;

            if (!caps_profile_field(f))
                continue;
            origin = caps_adapter_value_origin(a, f);
            if ((origin == CAPS_VALUE_EXPLICIT) != (f == level))
                row_fail(&failures, f, ids[i], "%s.%s has origin %d",
                        mk_struct_name(&mk_structs[mk_fields[f].struct_index]), mk_field_name(&mk_fields[f]),
                        (int)origin);
            if (origin == CAPS_VALUE_RULE && !caps_adapter_value_rule(a, f, &cf, &cm, &source))
                row_fail(&failures, f, ids[i], "%s.%s was raised by no rule",
                        mk_struct_name(&mk_structs[mk_fields[f].struct_index]), mk_field_name(&mk_fields[f]));
        }
        rows_done(&failures);
    }
}

static void test_builtins_inferred_shader_caps(void **state)
{
    static const struct
    {
        const char *id;
        UINT shader_model;
        UINT wave_min, wave_max, total_lanes;
        BOOL doubles;
    }
    rows[] =
    {
        {"amd-rx-580", D3D_SHADER_MODEL_6_6, 64, 64, 2304, TRUE},
        {"amd-rx-vega-64", D3D_SHADER_MODEL_6_6, 64, 64, 4096, TRUE},
        {"amd-rx-5700-xt", D3D_SHADER_MODEL_6_7, 32, 64, 2560, TRUE},
        {"intel-iris-xe", D3D_SHADER_MODEL_6_5, 8, 32, 3072, FALSE},
        {"intel-hd-530", D3D_SHADER_MODEL_6_4, 8, 32, 768, TRUE},
    };
    static const char *const stated[] =
    {
        "SHADER_MODEL.HighestShaderModel", "D3D12_OPTIONS1.WaveOps", "D3D12_OPTIONS1.WaveLaneCountMin",
        "D3D12_OPTIONS1.WaveLaneCountMax", "D3D12_OPTIONS1.TotalLaneCount", "D3D12_OPTIONS.DoublePrecisionFloatShaderOps",
    };
    static const char doubles[] = "D3D12_OPTIONS.DoublePrecisionFloatShaderOps";
    struct row_failures failures = {0};
    unsigned checked = 0, i, j;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *a = caps_adapter_lookup(rows[i].id, NULL, 0);
        json_t *metadata;

        if (!a)
        {
            row_fail(&failures, i, rows[i].id, "no adapter of this id");
            continue;
        }
        if (value_of(a, "SHADER_MODEL.HighestShaderModel") != rows[i].shader_model
                || value_of(a, "D3D12_OPTIONS1.WaveOps") != TRUE
                || value_of(a, "D3D12_OPTIONS1.WaveLaneCountMin") != rows[i].wave_min
                || value_of(a, "D3D12_OPTIONS1.WaveLaneCountMax") != rows[i].wave_max
                || value_of(a, "D3D12_OPTIONS1.TotalLaneCount") != rows[i].total_lanes
                || value_of(a, doubles) != (uint64_t)rows[i].doubles)
            row_fail(&failures, i, rows[i].id, "SM %#x wave ops %u lanes %u..%u total %u doubles %u, expected SM %#x, "
                    "wave ops 1, lanes %u..%u, total %u, doubles %u",
                    (unsigned)value_of(a, "SHADER_MODEL.HighestShaderModel"),
                    (unsigned)value_of(a, "D3D12_OPTIONS1.WaveOps"), (unsigned)value_of(a, "D3D12_OPTIONS1.WaveLaneCountMin"),
                    (unsigned)value_of(a, "D3D12_OPTIONS1.WaveLaneCountMax"),
                    (unsigned)value_of(a, "D3D12_OPTIONS1.TotalLaneCount"), (unsigned)value_of(a, doubles),
                    rows[i].shader_model, rows[i].wave_min, rows[i].wave_max, rows[i].total_lanes, rows[i].doubles);
        if (value_of(a, "SHADER_MODEL.HighestShaderModel") < D3D_SHADER_MODEL_6_0)
            row_fail(&failures, i, rows[i].id, "below SM 6.0");
        /* Stated with a source, not a rule's floor or the zero default. */
        metadata = caps_adapter_metadata(a);
        for (j = 0; j < ARRAY_SIZE(stated); ++j)
        {
            json_t *sources = json_object_get(json_object_get(metadata, "fieldSources"), stated[j]);

            if (caps_adapter_value_origin(a, (unsigned)field_index(stated[j])) != CAPS_VALUE_EXPLICIT
                    || json_array_size(sources) == 0)
                row_fail(&failures, i, rows[i].id, "%s is not stated with a source", stated[j]);
        }
        json_decref(metadata);
    }
    /* No adapter without a complete dump reads DoublePrecisionFloatShaderOps as the unstated zero. */
    for (i = 0; i < caps_builtin_profile_count; ++i)
    {
        const struct caps_adapter *a = caps_adapter_at(i);
        json_t *metadata = caps_adapter_metadata(a);
        const char *confidence = json_string_value(json_object_get(metadata, "confidence"));

        if (confidence && (!strcmp(confidence, "inferred") || !strcmp(confidence, "partial-observation")))
        {
            ++checked;
            if (caps_adapter_value_origin(a, (unsigned)field_index(doubles)) != CAPS_VALUE_EXPLICIT
                    || json_array_size(json_object_get(json_object_get(metadata, "fieldSources"), doubles)) == 0)
                row_fail(&failures, i, caps_adapter_id(a), "%s reads %u without a source", doubles,
                        (unsigned)value_of(a, doubles));
        }
        json_decref(metadata);
    }
    rows_done(&failures);
    /* rtx-2080, gtx-1080-ti, rx-7900-xtx, rx-5700-xt, rx-vega-64, rx-580, iris-xe, hd-530, adreno-x1-85. */
    assert_int_equal(checked, 9);
}

/* Every identity the built-ins carry is distinct and the registry's LUIDs too. */
static void test_builtins_identity(void **state)
{
    static const struct
    {
        const char *id;
        UINT vendor, device;
        bool software, uma;
        D3D_FEATURE_LEVEL level;
    }
    rows[] =
    {
        {"nvidia-rtx-5070-ti", 0x10de, 0x2c05, false, false, D3D_FEATURE_LEVEL_12_2},
        {"nvidia-rtx-4090", 0x10de, 0x2684, false, false, D3D_FEATURE_LEVEL_12_2},
        {"warp", 0x1414, 0x8c, true, true, D3D_FEATURE_LEVEL_12_1},
        {"warp-nuget-1-0-19", 0x1414, 0x8c, true, true, D3D_FEATURE_LEVEL_12_1},
        {"amd-radeon-680m", 0x1002, 0x1681, false, true, D3D_FEATURE_LEVEL_12_2},
        {"amd-radeon-680m-25-9-1", 0x1002, 0x1681, false, true, D3D_FEATURE_LEVEL_12_1},
        {"fl11-minimal", 0xffff, 0x110, false, false, D3D_FEATURE_LEVEL_11_0},
        {"nextgen", 0xffff, 0x723, false, false, D3D_FEATURE_LEVEL_12_2},
        {"amd-rx-580", 0x1002, 0x67df, false, false, D3D_FEATURE_LEVEL_12_0},
    };
    struct row_failures failures = {0};
    unsigned i, j, n = caps_adapter_count();

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *a = caps_adapter_lookup(rows[i].id, NULL, 0);

        if (!a)
        {
            row_fail(&failures, i, rows[i].id, "no adapter of this id");
            continue;
        }
        if (caps_adapter_vendor_id(a) != rows[i].vendor || caps_adapter_device_id(a) != rows[i].device
                || caps_adapter_is_software(a) != rows[i].software || caps_adapter_uma(a) != rows[i].uma
                || caps_adapter_max_feature_level(a) != rows[i].level)
            row_fail(&failures, i, rows[i].id, "vendor %#x device %#x software %d uma %d level %#x, "
                    "expected vendor %#x device %#x software %d uma %d level %#x",
                    caps_adapter_vendor_id(a), caps_adapter_device_id(a), caps_adapter_is_software(a),
                    caps_adapter_uma(a), caps_adapter_max_feature_level(a), rows[i].vendor, rows[i].device,
                    rows[i].software, rows[i].uma, rows[i].level);
        if (caps_adapter_node_count(a) != 1)
            row_fail(&failures, i, rows[i].id, "%u nodes, expected 1", (unsigned)caps_adapter_node_count(a));
    }
    for (i = 0; i < n; ++i)
    {
        LUID l = caps_adapter_luid(caps_adapter_at(i));

        if (l.LowPart == 0 && l.HighPart == 0)
            row_fail(&failures, i, caps_adapter_id(caps_adapter_at(i)), "the LUID is zero");
        for (j = i + 1; j < n; ++j)
        {
            LUID m = caps_adapter_luid(caps_adapter_at(j));
            if (l.LowPart == m.LowPart && l.HighPart == m.HighPart)
                row_fail(&failures, i, caps_adapter_id(caps_adapter_at(i)), "shares a LUID with %s",
                        caps_adapter_id(caps_adapter_at(j)));
        }
    }
    rows_done(&failures);
}

/* ---- Bad profiles ---- */

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* exact substring */
}
bad_profiles[] =
{
    {"syntax error", "{\n  \"id\": \"bad-1\",\n  \"features\": {,}\n}", "bad.json:3:16: string or '}' expected near ','"},
    {"empty input", "", "bad.json:1:0: '[' or '{' expected near end of file"},
    {"duplicate key", "{\"id\": \"bad-2\",\n \"id\": \"bad-3\"}", "bad.json:2:5: duplicate object key near '\"id\"'"},
    {"not an object", "[1, 2]", "bad.json:1:1: expected an object, got an array"},
    {"missing id", "{\"description\": \"x\"}", "bad.json:1:1: missing \"id\""},
    {"id with a slash", "{\"id\": \"a/b\"}", "bad.json:1:8: key 'id': expected an id of 1 to 64 letters"},
    {"unknown top-level key", "{\"id\": \"bad-4\", \"featuers\": {}}",
            "bad.json:1:29: key 'featuers': unknown key in a profile"},
    {"unknown feature", "{\"id\": \"bad-5\",\n \"features\": {\n  \"D3D12_OPTIONS99\": {}}}",
            "bad.json:3:22: key 'features.D3D12_OPTIONS99': unknown feature 'D3D12_OPTIONS99'"},
    {"unknown field", "{\"id\": \"bad-6\", \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTeir\": 1}}}",
            "key 'features.D3D12_OPTIONS5.RaytracingTeir': D3D12_FEATURE_DATA_D3D12_OPTIONS5 has no field 'RaytracingTeir'"},
    {"unknown enum name", "{\"id\": \"bad-7\",\n \"features\": {\n  \"D3D12_OPTIONS5\": {\n   \"RaytracingTier\": \"D3D12_RAYTRACING_TIER_9_9\"}}}",
            "bad.json:4:22: key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name or integer, "
            "got \"D3D12_RAYTRACING_TIER_9_9\""},
    {"negative number for an enum without negative members", "{\"id\": \"bad-7n\", \"features\": {\"D3D12_OPTIONS5\": "
            "{\"RaytracingTier\": -1}}}",
            "key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name or integer, got -1 "
            "(no D3D12_RAYTRACING_TIER member is negative)"},
    {"a feature level below 11_0", "{\"id\": \"bad-7f\", \"features\": {\"FEATURE_LEVELS\": "
            "{\"MaxSupportedFeatureLevel\": \"D3D_FEATURE_LEVEL_10_1\"}}}",
            "bad.json:1:78: key 'features.FEATURE_LEVELS.MaxSupportedFeatureLevel': a D3D12 adapter's feature level is at "
            "least D3D_FEATURE_LEVEL_11_0, got D3D_FEATURE_LEVEL_10_1 (0xa100)"},
    {"name of another enum", "{\"id\": \"bad-8\", \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_MESH_SHADER_TIER_1\"}}}",
            "expected a D3D12_RAYTRACING_TIER name or integer, got \"D3D12_MESH_SHADER_TIER_1\""},
    {"flags on a plain enum", "{\"id\": \"bad-9\", \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": "
            "\"D3D12_RAYTRACING_TIER_1_0 | D3D12_RAYTRACING_TIER_1_1\"}}}",
            "expected a D3D12_RAYTRACING_TIER name or integer, got \"D3D12_RAYTRACING_TIER_1_0 | D3D12_RAYTRACING_TIER_1_1\""},
    {"unknown flag", "{\"id\": \"bad-10\", \"features\": {\"SHADER_CACHE\": {\"SupportFlags\": "
            "\"D3D12_SHADER_CACHE_SUPPORT_LIBRARY | D3D12_SHADER_CACHE_SUPPORT_EVERYTHING\"}}}",
            "key 'features.SHADER_CACHE.SupportFlags': expected a D3D12_SHADER_CACHE_SUPPORT_FLAGS flag combination or "
            "integer, got \"D3D12_SHADER_CACHE_SUPPORT_LIBRARY | D3D12_SHADER_CACHE_SUPPORT_EVERYTHING\" (unknown name "
            "'D3D12_SHADER_CACHE_SUPPORT_EVERYTHING')"},
    {"integer for a BOOL", "{\"id\": \"bad-11\", \"features\": {\"D3D12_OPTIONS\": {\"ROVsSupported\": 1}}}",
            "key 'features.D3D12_OPTIONS.ROVsSupported': expected true or false, got 1"},
    {"string for a UINT", "{\"id\": \"bad-12\", \"features\": {\"D3D12_OPTIONS1\": {\"WaveLaneCountMin\": \"32\"}}}",
            "key 'features.D3D12_OPTIONS1.WaveLaneCountMin': expected an unsigned 32-bit integer, got \"32\""},
    {"UINT too large", "{\"id\": \"bad-13\", \"features\": {\"D3D12_OPTIONS1\": {\"TotalLaneCount\": 4294967296}}}",
            "expected an unsigned 32-bit integer, got 4294967296 (too large)"},
    {"negative UINT", "{\"id\": \"bad-14\", \"features\": {\"D3D12_OPTIONS1\": {\"TotalLaneCount\": -1}}}",
            "expected an unsigned 32-bit integer, got -1"},
    {"object for a feature", "{\"id\": \"bad-15\", \"features\": {\"D3D12_OPTIONS1\": true}}",
            "key 'features.D3D12_OPTIONS1': expected an object, got true"},
    {"input field", "{\"id\": \"bad-16\", \"features\": {\"ARCHITECTURE1\": {\"NodeIndex\": 0}}}",
            "key 'features.ARCHITECTURE1.NodeIndex': D3D12_FEATURE_DATA_ARCHITECTURE1.NodeIndex is an input of the query"},
    {"format query under features", "{\"id\": \"bad-17\", \"features\": {\"FORMAT_SUPPORT\": {\"Support1\": 1}}}",
            "key 'features.FORMAT_SUPPORT': FORMAT_SUPPORT is answered per format"},
    {"unknown inherits", "{\"id\": \"bad-18\", \"inherits\": \"no-such-gpu\"}",
            "bad.json:1:30: key 'inherits': unknown profile 'no-such-gpu'"},
    {"inherits itself", "{\"id\": \"bad-19\", \"inherits\": \"bad-19\"}", "a profile cannot inherit from itself"},
    {"duplicate id", "{\"id\": \"warp\"}", "bad.json: duplicate adapter id 'warp' (already registered from built-in:warp)"},
    {"newValues not an array", "{\"id\": \"bad-20\", \"newValues\": {}}", "key 'newValues': expected an array"},
    {"newValues existing name", "{\"id\": \"bad-21\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
            "\"name\": \"D3D12_RAYTRACING_TIER_1_2\", \"value\": 13}]}",
            "key 'newValues[0]': D3D12_RAYTRACING_TIER already has a member named D3D12_RAYTRACING_TIER_1_2 (value 12)"},
    {"newValues existing value", "{\"id\": \"bad-22\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
            "\"name\": \"D3D12_RAYTRACING_TIER_X\", \"value\": 12}]}",
            "value 12 of D3D12_RAYTRACING_TIER is already named D3D12_RAYTRACING_TIER_1_2"},
    {"newValues on a BOOL", "{\"id\": \"bad-23\", \"newValues\": [{\"field\": \"D3D12_OPTIONS.ROVsSupported\", "
            "\"name\": \"MAYBE\", \"value\": 2}]}",
            "key 'newValues[0].field': newValues name enum values; D3D12_OPTIONS.ROVsSupported is BOOL"},
    {"newValues unknown field", "{\"id\": \"bad-24\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.Nope\", "
            "\"name\": \"X\", \"value\": 2}]}",
            "key 'newValues[0].field': D3D12_FEATURE_DATA_D3D12_OPTIONS5 has no field 'Nope'"},
    {"newValues missing value", "{\"id\": \"bad-25\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
            "\"name\": \"D3D12_RAYTRACING_TIER_1_3\"}]}", "key 'newValues[0]': missing \"value\""},
    {"newValues preview number on retail", "{\"id\": \"bad-26\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
            "\"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13, \"firstRetail\": 723}]}",
            "key 'newValues[0].firstRetail': retail SDK versions are below 700, got 723"},
    {"newValues twice", "{\"id\": \"bad-27\", \"newValues\": ["
            "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13},"
            "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_4\", \"value\": 13}]}",
            "key 'newValues[1]': newValues declares D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice"},
    {"newValues unknown key", "{\"id\": \"bad-28\", \"newValues\": [{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", "
            "\"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13, \"first_retail\": 622}]}",
            "key 'newValues[0].first_retail': unknown key in a newValues entry"},
    {"unknown adapter key", "{\"id\": \"bad-29\", \"adapter\": {\"vendorID\": 4318}}",
            "key 'adapter.vendorID': unknown key in \"adapter\""},
    {"node count 0", "{\"id\": \"bad-30\", \"adapter\": {\"nodeCount\": 0}}",
            "key 'adapter.nodeCount': expected a node count from 1 to 32, got 0"},
    {"uma contradicts features", "{\"id\": \"bad-31\", \"adapter\": {\"uma\": true}, \"features\": {\"ARCHITECTURE1\": {\"UMA\": false}}}",
            "key 'adapter.uma': contradicts features.ARCHITECTURE1"},
    {"unknown format", "{\"id\": \"bad-32\", \"formats\": {\"DXGI_FORMAT_R8G8B8A8_UNORN\": {}}}",
            "key 'formats.DXGI_FORMAT_R8G8B8A8_UNORN': unknown format 'DXGI_FORMAT_R8G8B8A8_UNORN'"},
    {"bad format support", "{\"id\": \"bad-33\", \"formats\": {\"DXGI_FORMAT_R8G8B8A8_UNORM\": {\"Support1\": \"D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_ADD\"}}}",
            "key 'formats.DXGI_FORMAT_R8G8B8A8_UNORM.Support1': expected a D3D12_FORMAT_SUPPORT1 flag combination or integer"},
    {"lowerBounds unknown field", "{\"id\": \"bad-34\", \"lowerBounds\": {\"SHADER_MODEL.Highest\": 1}}",
            "key 'lowerBounds.SHADER_MODEL.Highest': D3D12_FEATURE_DATA_SHADER_MODEL has no field 'Highest'"},
    {"metadata not an object", "{\"id\": \"bad-35\", \"metadata\": []}", "key 'metadata': expected an object, got an array"},
    /* 127 characters fit WCHAR[128]; the test builds the long string. */
};

static void test_bad_profiles(void **state)
{
    struct row_failures failures = {0};
    unsigned before = caps_adapter_count(), i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(bad_profiles); ++i)
    {
        const struct caps_adapter *out = (const struct caps_adapter *)&out;
        char error[1024];
        HRESULT hr;

        hr = caps_profile_load(bad_profiles[i].json, strlen(bad_profiles[i].json), "bad.json", true, &out, error,
                sizeof(error));
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, bad_profiles[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (out)
            row_fail(&failures, i, bad_profiles[i].name, "an adapter was returned");
        if (!strstr(error, bad_profiles[i].error))
            row_fail(&failures, i, bad_profiles[i].name, "error\n  \"%s\"\nlacks\n  \"%s\"", error,
                    bad_profiles[i].error);
        if (caps_adapter_count() != before)
        {
            row_fail(&failures, i, bad_profiles[i].name, "something was registered");
            before = caps_adapter_count(); /* the next rows are checked against what is there now */
        }
    }
    rows_done(&failures);
    /* A WCHAR[128] holds 127 characters and its NUL, not 128. */
    {
        char json[512], error[1024], name[129];
        unsigned n;

        for (n = 127; n <= 128; ++n)
        {
            memset(name, 'x', n);
            name[n] = 0;
            snprintf(json, sizeof(json), "{\"id\": \"wchar\", \"features\": {\"SHADER_CACHE_ABI_SUPPORT\": "
                    "{\"szAdapterFamily\": \"%s\"}}}", name);
            if (n == 127)
                assert_int_equal(caps_profile_load(json, strlen(json), "w.json", false, NULL, error, sizeof(error)), S_OK);
            else
            {
                assert_int_equal(caps_profile_load(json, strlen(json), "w.json", false, NULL, error, sizeof(error)),
                        E_INVALIDARG);
                assert_non_null(strstr(error, "key 'features.SHADER_CACHE_ABI_SUPPORT.szAdapterFamily': string too long "
                        "for WCHAR[128] (at most 127 characters)"));
            }
        }
    }
    /* And none of the ids above exists. */
    assert_null(caps_adapter_lookup("bad-7", NULL, 0));
    assert_null(caps_adapter_lookup("bad-21", NULL, 0));
}

/* ---- Inherits, rules, lowerBounds, newValues ---- */

static void test_inherits(void **state)
{
    static const char json[] = "{\"id\": \"warp-with-rt\", \"inherits\": \"warp\", "
            "\"adapter\": {\"deviceId\": \"0x1234\"}, "
            "\"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_0\"}}}";
    const struct caps_adapter *warp = caps_adapter_lookup("warp", NULL, 0), *child;
    int rt = field_index("D3D12_OPTIONS5.RaytracingTier");
    struct row_failures failures = {0};
    char error[1024], name[160];
    unsigned s, f;

    (void)state;
    assert_non_null(warp);
    assert_int_equal(caps_register_profile(json, "test", &child, error, sizeof(error)), S_OK);
    assert_ptr_equal(caps_adapter_lookup("warp-with-rt", NULL, 0), child);
    assert_int_equal(value_of(child, "D3D12_OPTIONS5.RaytracingTier"), D3D12_RAYTRACING_TIER_1_0);
    assert_int_equal(value_of(warp, "D3D12_OPTIONS5.RaytracingTier"), D3D12_RAYTRACING_TIER_1_1);
    assert_int_equal(caps_adapter_value_origin(child, (unsigned)rt), CAPS_VALUE_EXPLICIT);
    assert_int_equal(caps_adapter_value_origin(child, (unsigned)field_index("SHADER_MODEL.HighestShaderModel")),
            CAPS_VALUE_INHERITED);
    /* Identity: given keys win, the rest is the parent's, the LUID never. */
    assert_int_equal(caps_adapter_device_id(child), 0x1234);
    assert_int_equal(caps_adapter_vendor_id(child), caps_adapter_vendor_id(warp));
    assert_int_equal(caps_adapter_is_software(child), true);
    assert_int_equal(caps_adapter_shared_system_memory(child), caps_adapter_shared_system_memory(warp));
    assert_false(caps_adapter_luid(child).LowPart == caps_adapter_luid(warp).LowPart);
    /* Every other value is the parent's. */
    for (s = 0; s < mk_struct_count; ++s)
        for (f = mk_structs[s].first_field; f < (unsigned)mk_structs[s].first_field + mk_structs[s].field_count; ++f)
        {
            if ((int)f == rt || !caps_profile_field(f))
                continue;
            if (memcmp((const char *)caps_adapter_values(child, s) + mk_fields[f].offset,
                    (const char *)caps_adapter_values(warp, s) + mk_fields[f].offset, mk_fields[f].size))
            {
                snprintf(name, sizeof(name), "%s.%s", mk_struct_name(&mk_structs[s]), mk_field_name(&mk_fields[f]));
                row_fail(&failures, f, name, "differs from the parent's");
            }
        }
    rows_done(&failures);
    /* The partial NuGet WARP entry inherits the 24H2 dump for what it lacks. */
    child = caps_adapter_lookup("warp-nuget-1-0-19", NULL, 0);
    assert_int_equal(value_of(child, "D3D12_OPTIONS1.WaveLaneCountMax"), 128);
    assert_int_equal(value_of(child, "D3D12_OPTIONS7.SamplerFeedbackTier"),
            value_of(warp, "D3D12_OPTIONS7.SamplerFeedbackTier"));
}

/* What a profile that only states a feature level gets from the rules. */
static const struct
{
    const char *level;
    const char *field;
    uint64_t expected;
}
rule_rows[] =
{
    {"D3D_FEATURE_LEVEL_11_0", "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_5_1},
    {"D3D_FEATURE_LEVEL_11_0", "ROOT_SIGNATURE.HighestVersion", D3D_ROOT_SIGNATURE_VERSION_1_0},
    {"D3D_FEATURE_LEVEL_11_0", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_1},
    {"D3D_FEATURE_LEVEL_11_0", "D3D12_OPTIONS.TiledResourcesTier", D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED},
    {"D3D_FEATURE_LEVEL_11_0", "D3D12_OPTIONS.OutputMergerLogicOp", FALSE},
    {"D3D_FEATURE_LEVEL_11_0", "D3D12_OPTIONS1.WaveOps", FALSE},
    {"D3D_FEATURE_LEVEL_11_1", "D3D12_OPTIONS.OutputMergerLogicOp", TRUE},
    {"D3D_FEATURE_LEVEL_12_0", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_2},
    {"D3D_FEATURE_LEVEL_12_0", "D3D12_OPTIONS.TiledResourcesTier", D3D12_TILED_RESOURCES_TIER_2},
    {"D3D_FEATURE_LEVEL_12_0", "D3D12_OPTIONS.TypedUAVLoadAdditionalFormats", TRUE},
    {"D3D_FEATURE_LEVEL_12_0", "D3D12_OPTIONS.ROVsSupported", FALSE},
    {"D3D_FEATURE_LEVEL_12_1", "D3D12_OPTIONS.ROVsSupported", TRUE},
    {"D3D_FEATURE_LEVEL_12_1", "D3D12_OPTIONS.ConservativeRasterizationTier", D3D12_CONSERVATIVE_RASTERIZATION_TIER_1},
    {"D3D_FEATURE_LEVEL_12_1", "D3D12_OPTIONS5.RaytracingTier", D3D12_RAYTRACING_TIER_NOT_SUPPORTED},
    {"D3D_FEATURE_LEVEL_12_2", "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_6_5},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS5.RaytracingTier", D3D12_RAYTRACING_TIER_1_1},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS6.VariableShadingRateTier", D3D12_VARIABLE_SHADING_RATE_TIER_2},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS7.MeshShaderTier", D3D12_MESH_SHADER_TIER_1},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS7.SamplerFeedbackTier", D3D12_SAMPLER_FEEDBACK_TIER_0_9},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS.ResourceBindingTier", D3D12_RESOURCE_BINDING_TIER_3},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS.TiledResourcesTier", D3D12_TILED_RESOURCES_TIER_3},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS.ConservativeRasterizationTier", D3D12_CONSERVATIVE_RASTERIZATION_TIER_3},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS.ROVsSupported", TRUE},
    {"D3D_FEATURE_LEVEL_12_2", "ROOT_SIGNATURE.HighestVersion", D3D_ROOT_SIGNATURE_VERSION_1_1},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS2.DepthBoundsTestSupported", TRUE},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS3.WriteBufferImmediateSupportFlags",
            D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE},
    {"D3D_FEATURE_LEVEL_12_2", "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerResource", 40},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS.MaxGPUVirtualAddressBitsPerResource", 40},
    {"D3D_FEATURE_LEVEL_12_2", "GPU_VIRTUAL_ADDRESS_SUPPORT.MaxGPUVirtualAddressBitsPerProcess", 40},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS1.WaveOps", TRUE},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS1.WaveLaneCountMin", 4},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS1.WaveLaneCountMax", 4},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS1.TotalLaneCount", 4},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS1.Int64ShaderOps", TRUE},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", TRUE},
    {"D3D_FEATURE_LEVEL_12_2", "D3D12_OPTIONS21.WorkGraphsTier", D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED},
};

static void test_rules(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rule_rows); ++i)
    {
        char json[256], error[1024], name[192];
        struct caps_adapter *a;
        int f = field_index(rule_rows[i].field);
        int origin, expected_origin = rule_rows[i].expected ? CAPS_VALUE_RULE : CAPS_VALUE_DEFAULT;

        snprintf(name, sizeof(name), "%s at %s", rule_rows[i].field, rule_rows[i].level);
        snprintf(json, sizeof(json), "{\"id\": \"rules\", \"features\": {\"FEATURE_LEVELS\": "
                "{\"MaxSupportedFeatureLevel\": \"%s\"}}}", rule_rows[i].level);
        if (!(a = caps_profile_parse(json, strlen(json), "rules", find_parent, error, sizeof(error))))
        {
            row_fail(&failures, i, name, "the profile does not load: %s", error);
            continue;
        }
        if (value_of(a, rule_rows[i].field) != rule_rows[i].expected)
            row_fail(&failures, i, name, "%#llx, expected %#llx", (unsigned long long)value_of(a, rule_rows[i].field),
                    (unsigned long long)rule_rows[i].expected);
        if ((origin = (int)caps_adapter_value_origin(a, (unsigned)f)) != expected_origin)
            row_fail(&failures, i, name, "value origin %d, expected %d", origin, expected_origin);
        caps_adapter_free(a);
    }
    rows_done(&failures);
}

/* Explicit values are never raised (the rule table reports them instead);
 * inherited ones are; capability rules pull the shader model up. */
static void test_rules_explicit_and_inherited(void **state)
{
    static const char explicit_low[] = "{\"id\": \"low\", \"features\": {"
            "\"FEATURE_LEVELS\": {\"MaxSupportedFeatureLevel\": \"D3D_FEATURE_LEVEL_12_2\"}, "
            "\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\"}}}";
    static const char raised[] = "{\"id\": \"raised\", \"inherits\": \"fl11-minimal\", \"features\": {"
            "\"FEATURE_LEVELS\": {\"MaxSupportedFeatureLevel\": \"D3D_FEATURE_LEVEL_12_1\"}, "
            "\"D3D12_OPTIONS21\": {\"WorkGraphsTier\": \"D3D12_WORK_GRAPHS_TIER_1_0\"}}}";
    struct caps_adapter *a;
    char error[1024], list[1024];

    (void)state;
    a = caps_profile_parse(explicit_low, strlen(explicit_low), "low", find_parent, error, sizeof(error));
    assert_non_null(a);
    assert_int_equal(value_of(a, "D3D12_OPTIONS5.RaytracingTier"), D3D12_RAYTRACING_TIER_NOT_SUPPORTED);
    assert_int_equal(caps_profile_problems(a, list, sizeof(list)), 1);
    assert_string_equal(list, "D3D12_OPTIONS5.RaytracingTier is D3D12_RAYTRACING_TIER_NOT_SUPPORTED, below "
            "D3D12_RAYTRACING_TIER_1_1, which FEATURE_LEVELS.MaxSupportedFeatureLevel D3D_FEATURE_LEVEL_12_2 implies "
            "(DirectX-Specs, Feature Level 12_2)\n");
    caps_adapter_free(a);

    a = caps_profile_parse(raised, strlen(raised), "raised", find_parent, error, sizeof(error));
    assert_non_null(a);
    /* fl11-minimal says ROVsSupported FALSE explicitly; here it is inherited, so 12_1 raises it. */
    assert_int_equal(value_of(a, "D3D12_OPTIONS.ROVsSupported"), TRUE);
    assert_int_equal(caps_adapter_value_origin(a, (unsigned)field_index("D3D12_OPTIONS.ROVsSupported")), CAPS_VALUE_RULE);
    assert_int_equal(value_of(a, "SHADER_MODEL.HighestShaderModel"), D3D_SHADER_MODEL_6_8);
    assert_int_equal(caps_profile_problems(a, list, sizeof(list)), 0);
    assert_string_equal(list, "");
    caps_adapter_free(a);

    /* Capability rules: DXR 1.2 needs SM 6.9, VRS tier 2 SM 6.4; a
     * cache-coherent UMA flag stated in ARCHITECTURE makes both structs UMA. */
    {
        static const struct
        {
            const char *name, *features, *field;
            uint64_t value;
        }
        rows[] =
        {
            {"DXR 1.2", "\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_2\"}",
                    "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_6_9},
            {"VRS tier 2", "\"D3D12_OPTIONS6\": {\"VariableShadingRateTier\": \"D3D12_VARIABLE_SHADING_RATE_TIER_2\"}",
                    "SHADER_MODEL.HighestShaderModel", D3D_SHADER_MODEL_6_4},
            {"CacheCoherentUMA, ARCHITECTURE", "\"ARCHITECTURE\": {\"CacheCoherentUMA\": true}", "ARCHITECTURE.UMA", TRUE},
            {"CacheCoherentUMA, ARCHITECTURE1", "\"ARCHITECTURE\": {\"CacheCoherentUMA\": true}", "ARCHITECTURE1.UMA", TRUE},
        };
        struct row_failures failures = {0};
        unsigned i;

        for (i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i)
        {
            char json[512];

            snprintf(json, sizeof(json), "{\"id\": \"cap-rule\", \"inherits\": \"fl11-minimal\", \"features\": {%s}}",
                    rows[i].features);
            if (!(a = caps_profile_parse(json, strlen(json), "cap-rule", find_parent, error, sizeof(error))))
            {
                row_fail(&failures, i, rows[i].name, "does not load: %s", error);
                continue;
            }
            if (value_of(a, rows[i].field) != rows[i].value)
                row_fail(&failures, i, rows[i].name, "%s is %llu, expected %llu", rows[i].field,
                        (unsigned long long)value_of(a, rows[i].field), (unsigned long long)rows[i].value);
            if (caps_adapter_value_origin(a, (unsigned)field_index(rows[i].field)) != CAPS_VALUE_RULE)
                row_fail(&failures, i, rows[i].name, "%s was not raised by a rule", rows[i].field);
            caps_adapter_free(a);
        }
        rows_done(&failures);
    }
}

static void test_lower_bounds(void **state)
{
    const struct caps_adapter *a = caps_adapter_lookup("amd-rx-7900-xtx", NULL, 0);

    (void)state;
    assert_non_null(a);
    /* lowerBounds: SM 6.8 (work graphs), root signature 1.1, tiled tier 3. */
    assert_int_equal(value_of(a, "SHADER_MODEL.HighestShaderModel"), D3D_SHADER_MODEL_6_8);
    assert_int_equal(caps_adapter_value_origin(a, (unsigned)field_index("SHADER_MODEL.HighestShaderModel")),
            CAPS_VALUE_RULE);
    assert_int_equal(value_of(a, "D3D12_OPTIONS.TiledResourcesTier"), D3D12_TILED_RESOURCES_TIER_3);
    /* Explicit values of the entry stay. */
    assert_int_equal(value_of(a, "D3D12_OPTIONS1.WaveLaneCountMax"), 64);
    assert_int_equal(caps_adapter_value_origin(a, (unsigned)field_index("D3D12_OPTIONS1.WaveLaneCountMax")),
            CAPS_VALUE_EXPLICIT);
}

static void test_new_values(void **state)
{
    const struct caps_adapter *next = caps_adapter_lookup("nextgen", NULL, 0);
    const struct caps_adapter *warp = caps_adapter_lookup("warp", NULL, 0);
    int rt = field_index("D3D12_OPTIONS5.RaytracingTier");
    int sm = field_index("SHADER_MODEL.HighestShaderModel");
    const struct mk_declared_value *values;
    char *text;

    (void)state;
    assert_non_null(next);
    assert_int_equal(value_of(next, "D3D12_OPTIONS5.RaytracingTier"), 13);
    assert_int_equal(caps_adapter_new_values(next, (unsigned)rt, &values), 1);
    assert_string_equal(values[0].name, "D3D12_RAYTRACING_TIER_1_3");
    assert_int_equal(values[0].value.value, 13);
    assert_int_equal(values[0].value.first_retail, 622);
    assert_int_equal(values[0].value.first_preview, 723);
    assert_string_equal(caps_value_name(next, (unsigned)rt, 13), "D3D12_RAYTRACING_TIER_1_3");
    assert_string_equal(caps_value_name(next, (unsigned)rt, 12), "D3D12_RAYTRACING_TIER_1_2");
    assert_string_equal(caps_value_name(next, (unsigned)sm, 107), "D3D_SHADER_MODEL_6_11");
    /* Other adapters do not know the name. */
    assert_null(caps_value_name(warp, (unsigned)rt, 13));
    assert_int_equal(caps_adapter_new_values(warp, (unsigned)rt, &values), 0);
    assert_null(caps_value_name(NULL, (unsigned)rt, 13));
    /* The post-cutoff tiers of the reference data. */
    assert_int_equal(value_of(next, "PARTIAL_GRAPHICS_PROGRAMS.PartialGraphicsProgramsTier"),
            D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0);
    assert_int_equal(value_of(next, "D3D12_OPTIONS21.WorkGraphsTier"), D3D12_WORK_GRAPHS_TIER_1_1);
    /* The dump carries the declaration and prints the name. */
    text = caps_adapter_to_json(next);
    assert_non_null(strstr(text, "\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_3\""));
    assert_non_null(strstr(text, "\"name\": \"D3D12_RAYTRACING_TIER_1_3\""));
    assert_non_null(strstr(text, "\"firstPreview\": 723"));
    free(text);
}

/* Integers stand for values without a name; they print back as numbers. */
static void test_unnamed_values(void **state)
{
    static const char json[] = "{\"id\": \"numbers\", \"features\": {"
            "\"D3D12_OPTIONS5\": {\"RaytracingTier\": 14}, "
            "\"SHADER_CACHE\": {\"SupportFlags\": \"D3D12_SHADER_CACHE_SUPPORT_LIBRARY | 0x400\"}, "
            "\"SHADER_CACHE_ABI_SUPPORT\": {\"szAdapterFamily\": \"Ada \\u00e9\"}}, "
            "\"formats\": {\"DXGI_FORMAT_R16G16B16A16_FLOAT\": {\"Support1\": \"D3D12_FORMAT_SUPPORT1_BUFFER | D3D12_FORMAT_SUPPORT1_TEXTURE2D\"}}}";
    struct caps_adapter *a;
    char error[1024], *text;
    UINT s1 = 0, s2 = 1;

    (void)state;
    a = caps_profile_parse(json, strlen(json), "numbers", find_parent, error, sizeof(error));
    if (!a)
        fail_msg("%s", error);
    assert_int_equal(value_of(a, "D3D12_OPTIONS5.RaytracingTier"), 14);
    assert_int_equal(value_of(a, "SHADER_CACHE.SupportFlags"), D3D12_SHADER_CACHE_SUPPORT_LIBRARY | 0x400);
    assert_true(caps_adapter_format_override(a, DXGI_FORMAT_R16G16B16A16_FLOAT, &s1, &s2));
    assert_int_equal(s1, D3D12_FORMAT_SUPPORT1_BUFFER | D3D12_FORMAT_SUPPORT1_TEXTURE2D);
    assert_int_equal(s2, 0);
    assert_false(caps_adapter_format_override(a, DXGI_FORMAT_R8G8B8A8_UNORM, &s1, &s2));
    text = caps_adapter_to_json(a);
    assert_non_null(strstr(text, "\"RaytracingTier\": 14"));
    assert_non_null(strstr(text, "\"SupportFlags\": \"D3D12_SHADER_CACHE_SUPPORT_LIBRARY | 0x400\""));
    assert_non_null(strstr(text, "\"szAdapterFamily\": \"Ada \\u00E9\""));
    free(text);
    caps_adapter_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_builtins_load),
        cmocka_unit_test(test_builtins_baked_as_loaded),
        cmocka_unit_test(test_builtins_values_named),
        cmocka_unit_test(test_negative_enum_member),
        cmocka_unit_test(test_options22_floors),
        cmocka_unit_test(test_inferred_address_space),
        cmocka_unit_test(test_builtins_round_trip),
        cmocka_unit_test(test_dumps_agree_with_rules),
        cmocka_unit_test(test_builtins_identity),
        cmocka_unit_test(test_builtins_inferred_shader_caps),
        cmocka_unit_test(test_builtins_baselines),
        cmocka_unit_test(test_bad_profiles),
        cmocka_unit_test(test_inherits),
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_rules_explicit_and_inherited),
        cmocka_unit_test(test_lower_bounds),
        cmocka_unit_test(test_new_values),
        cmocka_unit_test(test_unnamed_values),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
