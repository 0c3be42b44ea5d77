/*
 * caps_adapter_to_json (mockd3d12_adapter_to_json) over what the built-in
 * profiles do not hold: newValues known only to retail SDKs or only to
 * preview SDKs (the dump writes the versions it has and no other), and no
 * adapter at all; and the clamp table cut to one struct by its name.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "caps/caps.h"
#include "clamp/clamp.h"

static int setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    return 0;
}

static const char profile_new_values[] =
        "{\"id\": \"dump-new-values\", \"description\": \"one-track new values\", \"inherits\": \"nvidia-rtx-4090\","
        " \"newValues\": ["
        " {\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13,"
        " \"firstRetail\": 622},"
        " {\"field\": \"D3D12_OPTIONS.ResourceBindingTier\", \"name\": \"D3D12_RESOURCE_BINDING_TIER_4\","
        " \"value\": 4, \"firstPreview\": 730}]}";

/* The text between `from` and the next '}' (one newValues entry). */
static void entry_of(const char *json, const char *from, char *out, size_t size)
{
    const char *start = strstr(json, from), *end;

    assert_non_null(start);
    assert_non_null(end = strchr(start, '}'));
    snprintf(out, size, "%.*s", (int)(end - start), start);
}

static void test_one_track_new_values(void **state)
{
    char error[512] = "", entry[512];
    char *json = NULL;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile_new_values, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_adapter_to_json("dump-new-values", &json), S_OK);
    entry_of(json, "\"field\": \"D3D12_OPTIONS5.RaytracingTier\"", entry, sizeof(entry));
    assert_non_null(strstr(entry, "\"firstRetail\": 622"));
    assert_null(strstr(entry, "firstPreview"));
    entry_of(json, "\"field\": \"D3D12_OPTIONS.ResourceBindingTier\"", entry, sizeof(entry));
    assert_non_null(strstr(entry, "\"firstPreview\": 730"));
    assert_non_null(strstr(entry, "\"value\": 4"));
    assert_null(strstr(entry, "firstRetail"));
    mockd3d12_free(json);
    assert_null(caps_adapter_to_json(NULL));
}

/* A filter that names a struct gives the struct's own row first; the printer
 * writes nothing when the table cannot be made. */
static void test_clamp_table_of_one_struct(void **state)
{
    char *text = NULL, line[256];
    FILE *out;

    (void)state;
    assert_int_equal(mockd3d12_clamp_table("FEATURE_DATA_D3D12_OPTIONS5", &text), S_OK);
    snprintf(line, sizeof(line), "\n%-72s %-64s", "D3D12_FEATURE_DATA_D3D12_OPTIONS5", "(whole struct)");
    assert_non_null(strstr(text, line));
    assert_non_null(strstr(text, "D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier"));
    assert_null(strstr(text, "D3D12_FEATURE_DATA_D3D12_OPTIONS6"));
    mockd3d12_free(text);

    assert_non_null(out = tmpfile());
    mk_alloc_fail_after(0);
    clamp_table_print(out, NULL);
    assert_true(mk_alloc_fail_triggered());
    mk_alloc_fail_after(-1);
    assert_int_equal(ftell(out), 0);
    clamp_table_print(out, "FEATURE_DATA_D3D12_OPTIONS5");
    assert_true(ftell(out) > 0);
    fclose(out);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup(test_one_track_new_values, setup),
        cmocka_unit_test_setup(test_clamp_table_of_one_struct, setup),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
