/*
 * More of the profile loader's checks (src/caps/profile_load.c), beside
 * test_profile_load_rows.c's: newValues declared twice in every way that
 * differs, the SDK versions and names of newValues, integers past their
 * types, a LUID with half its parts, a lower bound's feature name longer
 * than any, meta command ids that are no GUID. Each row fails with its
 * exact message (file, line and column of the key) and registers nothing.
 * Then validation without a report buffer and out of memory.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps.h"

/* One newValues entry of RaytracingTier: TIER_1_3 = 13 followed by `tail`. */
#define NVX(tail) "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", " \
        "\"value\": 13" tail
#define NVY(name, value, tail) "{\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"" name "\", " \
        "\"value\": " value tail
#define NV_LIST "{\"id\": \"nv\", \"newValues\": ["
#define FEAT(feature, field, value) \
    "{\"id\": \"f\", \"features\": {\"" feature "\": {\"" field "\": " value "}}}"
#define ADAPTER(body) "{\"id\": \"a\", \"adapter\": {" body "}}"
#define GUID_ROW(id) "{\"id\": \"m\", \"metaCommands\": [{\"Id\": \"" id "\", \"Name\": \"a\"}]}"
#define LONG64 "FEATURE_NAME_OF_SIXTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXX"

static const struct
{
    const char *name;
    const char *json;
    const char *error; /* the whole message */
}
rows[] =
{
    {"newValues twice, firstRetail differs", NV_LIST NVX(", \"firstRetail\": 622}, ") NVX(", \"firstRetail\": 623}]}"),
        "edge.json:1:142: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_3 = 13)"},
    {"newValues twice, firstPreview differs", NV_LIST NVX(", \"firstPreview\": 730}, ")
            NVX(", \"firstPreview\": 731}]}"),
        "edge.json:1:143: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_3 = 13)"},
    {"newValues twice, the value differs", NV_LIST NVX("}, ") NVY("D3D12_RAYTRACING_TIER_1_3", "14", "}]}"),
        "edge.json:1:122: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_3 = 14)"},
    {"newValues twice, the name differs", NV_LIST NVX("}, ") NVY("D3D12_RAYTRACING_TIER_1_4", "13", "}]}"),
        "edge.json:1:122: key 'newValues[1]': newValues declares"
        " D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier twice (D3D12_RAYTRACING_TIER_1_3 = 13 and"
        " D3D12_RAYTRACING_TIER_1_4 = 13)"},
    {"a newValues name that is empty", NV_LIST NVY("", "13", "}]}"),
        "edge.json:1:79: key 'newValues[0].name': expected a C identifier, got \"\""},
    {"a firstRetail past 16 bits", NV_LIST NVX(", \"firstRetail\": 70000}]}"),
        "edge.json:1:136: key 'newValues[0].firstRetail': expected an unsigned 16-bit integer, got 70000"
        " (too large)"},
    {"a firstRetail of 65535 (never)", NV_LIST NVX(", \"firstRetail\": 65535}]}"),
        "edge.json:1:136: key 'newValues[0].firstRetail': expected an SDK version between 1 and 65534, got 65535"},
    {"a firstPreview that is a string", NV_LIST NVX(", \"firstPreview\": \"x\"}]}"),
        "edge.json:1:137: key 'newValues[0].firstPreview': expected an unsigned 16-bit integer, got \"x\""},
    {"an enum below -2^31", FEAT("D3D12_OPTIONS5", "RaytracingTier", "-2147483649"),
        "edge.json:1:63: key 'features.D3D12_OPTIONS5.RaytracingTier': expected a D3D12_RAYTRACING_TIER name"
        " or integer, got -2147483649 (out of range)"},
    {"a vendorId string past 64 bits", ADAPTER("\"vendorId\": \"0x1ffffffffffffffffff\""),
        "edge.json:1:37: key 'adapter.vendorId': expected an unsigned 32-bit integer, got"
        " \"0x1ffffffffffffffffff\""},
    {"a luid without HighPart", ADAPTER("\"luid\": {\"LowPart\": 1}"),
        "edge.json:1:33: key 'adapter.luid': expected {\"LowPart\": unsigned, \"HighPart\": signed}"},
    {"a computePreemptionGranularity of 5", ADAPTER("\"computePreemptionGranularity\": 5"),
        "edge.json:1:57: key 'adapter.computePreemptionGranularity': expected a"
        " DXGI_COMPUTE_PREEMPTION_GRANULARITY from 0 to 4, got 5"},
    {"a lower bound whose feature name has 138 characters", 
            "{\"id\": \"lb\", \"lowerBounds\": {\"" LONG64 LONG64 ".Y\": 1}}",
        "edge.json:1:172: key"
        " 'lowerBounds.FEATURE_NAME_OF_SIXTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXXFEATURE_NAME_OF_SI"
        "XTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXX.Y': expected \"FEATURE.Field\" (e.g."
        " \"D3D12_OPTIONS5.RaytracingTier\"), got"
        " \"FEATURE_NAME_OF_SIXTY_FOUR_CHARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXXFEATURE_NAME_OF_SIXTY_FOUR_CH"
        "ARACTERS_OR_MORE_XXXXXXXXXXXXXXXXXXXXXX.Y\""},
    {"a meta command id that is no GUID", GUID_ROW("zzzzzzzz-2222-3333-4444-555555555555"),
        "edge.json:1:37: key 'metaCommands[0].Id': expected a GUID"
        " \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got \"zzzzzzzz-2222-3333-4444-555555555555\""},
    {"a meta command id with text after the brace", GUID_ROW("{11111111-2222-3333-4444-555555555555}x"),
        "edge.json:1:37: key 'metaCommands[0].Id': expected a GUID"
        " \"{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}\", got \"{11111111-2222-3333-4444-555555555555}x\""},
};

static void test_rows(void **state)
{
    struct row_failures failures = {0};
    unsigned before = caps_adapter_count(), i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *out = (const struct caps_adapter *)&out;
        char error[1024] = "";
        HRESULT hr;

        hr = caps_profile_load(rows[i].json, strlen(rows[i].json), "edge.json", true, &out, error, sizeof(error));
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected E_INVALIDARG", (unsigned)hr);
        if (out)
            row_fail(&failures, i, rows[i].name, "an adapter was returned");
        if (strcmp(error, rows[i].error))
            row_fail(&failures, i, rows[i].name, "error\n  \"%s\"\nexpected\n  \"%s\"", error, rows[i].error);
        if (caps_adapter_count() != before)
        {
            row_fail(&failures, i, rows[i].name, "something was registered");
            before = caps_adapter_count();
        }
    }
    rows_done(&failures);
}

/* caps_profile_validate with no report buffer answers as with one; every
 * allocation of it failing in turn (jansson's not counted: see
 * docs/coverage.md) is E_OUTOFMEMORY, until the sweep passes them all. */
static void test_validate_without_report_and_out_of_memory(void **state)
{
    static const char text[] = "{\"id\": \"validate-oom\", \"inherits\": \"nvidia-rtx-4090\","
            " \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_1\"}}}";
    unsigned problems = 99, with_report, i;
    char report[1024];
    HRESULT expected, hr;

    (void)state;
    expected = caps_profile_validate(text, strlen(text), "v.json", report, sizeof(report), &with_report);
    assert_true(expected == S_OK || expected == S_FALSE);
    assert_int_equal(caps_profile_validate(text, strlen(text), "v.json", NULL, 0, &problems), expected);
    assert_int_equal(problems, with_report);

    mk_alloc_fail_skip_jansson(1);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        hr = caps_profile_validate(text, strlen(text), "v.json", report, sizeof(report), &problems);
        mk_alloc_fail_after(-1);
        if (hr != E_OUTOFMEMORY)
            break;
        assert_non_null(strstr(report, "out of memory"));
        assert_true(i < 200);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(i > 0);
    assert_int_equal(hr, expected);
    assert_int_equal(problems, with_report);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_validate_without_report_and_out_of_memory),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
