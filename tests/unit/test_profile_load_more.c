/*
 * The profile loader's branches (src/caps/profile_load.c) that
 * test_profile_load_rows.c and test_profile_load_edges.c left: two newValues
 * of one field (sorted, looked up by name and by value, dumped), a feature
 * level below 11_0 without a name, a LUID
 * without LowPart, a flags value out of range, "software": true contradicted
 * by dxgiFlags, meta-command parameters without their optional keys, an
 * empty parameter list, a stage of size 0, and every allocation of a
 * meta-command profile failing in turn; a flags field's new value dumped, a
 * dump with lower bounds out of memory, problems into a short report.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps.h"

/* Three new RaytracingTier values out of order, the field set to the first by name. */
static const char two_new_values[] =
    "{\"id\": \"more-two-new-values\", \"newValues\": ["
    "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_4\", \"value\": 14},"
    "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13},"
    "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_5\", \"value\": 15}],"
    " \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_4\"}}}";

static void test_new_values_of_one_field(void **state)
{
    const struct caps_adapter *a = NULL;
    char error[512] = "", *json;

    (void)state;
    assert_int_equal(caps_profile_load(two_new_values, strlen(two_new_values), "two.json", true, &a, error,
            sizeof(error)), S_OK);
    assert_non_null(a);
    assert_int_equal(a->new_value_count, 3);
    /* Sorted by value within the field. */
    assert_int_equal(a->new_values[0].value.value, 13);
    assert_int_equal(a->new_values[1].value.value, 14);
    assert_int_equal(a->new_values[2].value.value, 15);
    json = caps_adapter_to_json(a);
    assert_non_null(json);
    assert_non_null(strstr(json, "\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_4\""));
    mk_free(json);
}

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* a part of the message */
}
rows[] =
{
    {"a luid without LowPart", "{\"id\": \"m1\", \"adapter\": {\"luid\": {\"HighPart\": 1}}}",
        "key 'adapter.luid': expected {\"LowPart\": unsigned, \"HighPart\": signed}"},
    {"a flags value past 32 bits",
        "{\"id\": \"m2\", \"features\": {\"SHADER_CACHE\": {\"SupportFlags\": 4294967296}}}",
        "expected a D3D12_SHADER_CACHE_SUPPORT_FLAGS flag combination or integer, got 4294967296 (out of range)"},
    {"software contradicted by dxgiFlags", "{\"id\": \"m3\", \"adapter\": {\"software\": true, \"dxgiFlags\": 0}}",
        "contradicts \"software\": true"},
    {"a feature level below 11_0 that has no name",
        "{\"id\": \"m4\", \"features\": {\"FEATURE_LEVELS\": {\"MaxSupportedFeatureLevel\": 4097}}}",
        "at least D3D_FEATURE_LEVEL_11_0, got an unnamed level (0x1001)"},
    {"a meta command id with a group of 7 digits",
        "{\"id\": \"m5\", \"metaCommands\": [{\"Id\": \"1111111-2222-3333-4444-555555555555x\", \"Name\": \"a\"}]}",
        "key 'metaCommands[0].Id': expected a GUID"},
};

static void test_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        char error[1024] = "";
        HRESULT hr = caps_profile_load(rows[i].json, strlen(rows[i].json), "more.json", false, NULL, error,
                sizeof(error));

        if (hr != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (!strstr(error, rows[i].error))
            row_fail(&failures, i, rows[i].name, "error\n  \"%s\"\nexpected a part\n  \"%s\"", error, rows[i].error);
    }
    rows_done(&failures);
}

/* Parameters without Flags and RequiredResourceState, an empty list, a
 * stage of size 0 whose parameter has any offset. */
static const char meta[] =
    "{\"id\": \"more-meta\", \"metaCommands\": [{\"Id\": \"{11111111-2222-3333-4444-555555555555}\","
    " \"Name\": \"mc\","
    " \"D3D12_META_COMMAND_PARAMETER_STAGE_CREATION\": {\"TotalStructureSizeInBytes\": 16, \"Parameters\": ["
    "{\"Name\": \"p\", \"Type\": 1, \"StructureOffset\": 8}]},"
    " \"D3D12_META_COMMAND_PARAMETER_STAGE_INITIALIZATION\": {\"TotalStructureSizeInBytes\": 8, \"Parameters\": []},"
    " \"D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION\": {\"TotalStructureSizeInBytes\": 0, \"Parameters\": ["
    "{\"Name\": \"q\", \"Type\": 0, \"StructureOffset\": 4}]}}]}";

static void test_meta_commands(void **state)
{
    unsigned problems = 0, i;
    char report[1024];
    HRESULT expected, hr;

    (void)state;
    expected = caps_profile_validate(meta, strlen(meta), "meta.json", report, sizeof(report), &problems);
    assert_true(expected == S_OK || expected == S_FALSE);

    mk_alloc_fail_skip_jansson(1);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        hr = caps_profile_validate(meta, strlen(meta), "meta.json", report, sizeof(report), &problems);
        mk_alloc_fail_after(-1);
        if (hr != E_OUTOFMEMORY)
            break;
        assert_non_null(strstr(report, "out of memory"));
        assert_true(i < 400);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(i > 0);
    assert_int_equal(hr, expected);
}

/* A flags field with two newValues, one of them set, dumped by name. */
static void test_flags_new_value_dumped(void **state)
{
    static const char text[] = "{\"id\": \"more-flags-new-value\", \"newValues\": [{\"field\": "
            "\"SHADER_CACHE.SupportFlags\", \"name\": \"D3D12_SHADER_CACHE_SUPPORT_MORE\", \"value\": 1048576}, {\"field\": "
            "\"SHADER_CACHE.SupportFlags\", \"name\": \"D3D12_SHADER_CACHE_SUPPORT_MOST\", \"value\": 2097152}],"
            " \"features\": {\"SHADER_CACHE\": {\"SupportFlags\": \"D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | "
            "D3D12_SHADER_CACHE_SUPPORT_MORE\"}}}";
    const struct caps_adapter *a = NULL;
    char error[512] = "", *json;

    (void)state;
    assert_int_equal(caps_profile_load(text, strlen(text), "flags.json", true, &a, error, sizeof(error)), S_OK);
    json = caps_adapter_to_json(a);
    assert_non_null(json);
    assert_non_null(strstr(json, "D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | D3D12_SHADER_CACHE_SUPPORT_MORE"));
    mk_free(json);
}

/* A dump of a profile with lower bounds, each allocation failing in turn:
 * NULL (no dump that says less), until the dump succeeds. */
static void test_lower_bounds_dump_out_of_memory(void **state)
{
    static const char text[] = "{\"id\": \"more-bounds-dump\", \"lowerBounds\": "
            "{\"D3D12_OPTIONS5.RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_0\"}}";
    const struct caps_adapter *a = NULL;
    char error[512] = "", *json;
    unsigned i;

    (void)state;
    assert_int_equal(caps_profile_load(text, strlen(text), "bounds.json", true, &a, error, sizeof(error)), S_OK);
    mk_alloc_fail_skip_jansson(1);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        json = caps_adapter_to_json(a);
        mk_alloc_fail_after(-1);
        if (json)
            break;
        assert_true(i < 100);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(i > 0);
    assert_non_null(strstr(json, "lowerBounds"));
    mk_free(json);
}

/* Three problems into a report buffer that holds part of the first. */
static void test_problems_into_a_short_report(void **state)
{
    static const char text[] = "{\"id\": \"more-inconsistent\", \"features\": {"
            "\"FEATURE_LEVELS\": {\"MaxSupportedFeatureLevel\": \"D3D_FEATURE_LEVEL_12_2\"},"
            "\"SHADER_MODEL\": {\"HighestShaderModel\": \"D3D_SHADER_MODEL_6_4\"},"
            "\"D3D12_OPTIONS1\": {\"WaveOps\": true, \"WaveLaneCountMin\": 64, \"WaveLaneCountMax\": 32},"
            "\"ARCHITECTURE1\": {\"UMA\": false, \"CacheCoherentUMA\": true}}}";
    char report[12], full[2048];
    unsigned problems = 0, full_problems = 0;

    (void)state;
    assert_int_equal(caps_profile_validate(text, strlen(text), "p.json", full, sizeof(full), &full_problems), S_FALSE);
    assert_true(full_problems >= 2);
    assert_int_equal(caps_profile_validate(text, strlen(text), "p.json", report, sizeof(report), &problems), S_FALSE);
    assert_int_equal(problems, full_problems);
    assert_int_equal(strlen(report), sizeof(report) - 1);
    assert_memory_equal(report, full, sizeof(report) - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_new_values_of_one_field),
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_meta_commands),
        cmocka_unit_test(test_flags_new_value_dumped),
        cmocka_unit_test(test_lower_bounds_dump_out_of_memory),
        cmocka_unit_test(test_problems_into_a_short_report),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
