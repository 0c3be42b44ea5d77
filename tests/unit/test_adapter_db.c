/*
 * The adapter registry and the adapter half of the control API
 * (src/caps/adapter_db.c, adapter_control.c): MOCKD3D12_PROFILE_PATH,
 * MOCKD3D12_ADAPTER, mockd3d12_select_adapter, registration from strings and
 * files, and the errors of each (docs/profiles.md, docs/adapters.md).
 *
 * main() sets MOCKD3D12_PROFILE_PATH before anything touches the registry,
 * which reads it once, on first use.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "portable.h"

#include "caps/adapter.h"
#include "caps/caps.h"
#include "mk_tables.h"

static char data_dir[512];

static const char *data_path(const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "%s/profiles/%s", data_dir, name);
    return buf;
}

static void test_profile_path(void **state)
{
    const struct caps_adapter *child, *parent;
    char error[4096], slashed[4096];
    int rovs;

    (void)state;
    parent = caps_adapter_lookup("path-parent", error, sizeof(error));
    child = caps_adapter_lookup("path-child", error, sizeof(error));
    assert_non_null(parent);
    /* a-child.json is listed first but inherits b-parent.json: loaded on the second pass. */
    if (!child)
        fail_msg("path-child: %s", error);
    assert_int_equal(caps_adapter_max_feature_level(child), D3D_FEATURE_LEVEL_12_0);
    rovs = mk_field_find(mk_features[mk_feature_find("D3D12_OPTIONS")].struct_index, "ROVsSupported");
    assert_int_equal(caps_adapter_value_origin(child, (unsigned)rovs), CAPS_VALUE_EXPLICIT);
    assert_non_null(strstr(forward_slashes(caps_adapter_origin(child), slashed, sizeof(slashed)),
            "/profiles/path/a-child.json"));

    /* The broken one is not registered, and asking for it says why. */
    assert_null(caps_adapter_lookup("path-broken", error, sizeof(error)));
    assert_non_null(strstr(error, "unknown adapter 'path-broken'"));
    assert_non_null(strstr(error, "MOCKD3D12_PROFILE_PATH profiles that failed to load: "));
    assert_non_null(strstr(forward_slashes(error, slashed, sizeof(slashed)),
            "/profiles/path/c-broken.json:4:41: key 'features.D3D12_OPTIONS.ROVsSupported': "
            "expected true or false, got \"yes\""));
}

static void test_enumeration(void **state)
{
    struct row_failures failures = {0};
    UINT count = mockd3d12_adapter_count(), i;

    (void)state;
    /* Built-ins first, in data order, then the profile path. */
    assert_true(count >= caps_builtin_profile_count + 2);
    assert_string_equal(mockd3d12_adapter_id(0), "nvidia-rtx-4090");
    assert_string_equal(mockd3d12_adapter_description(0), "NVIDIA GeForce RTX 4090");
    assert_string_equal(mockd3d12_adapter_id((UINT)caps_builtin_profile_count - 7), "fl11-minimal");
    assert_string_equal(mockd3d12_adapter_id((UINT)caps_builtin_profile_count - 6), "min-fl11_0");
    assert_string_equal(mockd3d12_adapter_id((UINT)caps_builtin_profile_count - 2), "min-fl12_2");
    assert_string_equal(mockd3d12_adapter_id((UINT)caps_builtin_profile_count - 1), "nextgen");
    for (i = 0; i < count; ++i)
    {
        const char *id = mockd3d12_adapter_id(i);

        if (!id)
        {
            row_fail(&failures, i, caps_adapter_at(i) ? caps_adapter_id(caps_adapter_at(i)) : NULL, "no id");
            continue;
        }
        if (caps_adapter_lookup(id, NULL, 0) != caps_adapter_at(i))
            row_fail(&failures, i, id, "looking the id up finds another adapter");
    }
    rows_done(&failures);
    assert_null(mockd3d12_adapter_id(count));
    assert_non_null(strstr(mockd3d12_last_error(), "no adapter at index"));
    assert_null(mockd3d12_adapter_description(count + 100));
}

/* Which adapter D3D12CreateDevice(NULL) gets: control API > MOCKD3D12_ADAPTER
 * > the built-in default, and a bad choice is an error, never a fallback. */
static void test_default_adapter(void **state)
{
    static const struct
    {
        const char *name;
        const char *env;      /* MOCKD3D12_ADAPTER, NULL = unset */
        const char *select;   /* mockd3d12_select_adapter, NULL = none */
        HRESULT select_hr;
        const char *expected; /* id, NULL = failure */
        const char *error;    /* substring of the failure */
    }
    rows[] =
    {
        {"nothing set", NULL, NULL, S_OK, "nvidia-rtx-5070-ti", NULL},
        {"env warp", "warp", NULL, S_OK, "warp", NULL},
        {"env unknown id", "nope", NULL, S_OK, NULL, "MOCKD3D12_ADAPTER=nope: unknown adapter 'nope': no registered profile has this id"},
        {"env good.json", "@good.json", NULL, S_OK, "test-good", NULL},
        {"env good.json again", "@good.json", NULL, S_OK, "test-good", NULL}, /* loaded once per path, not a duplicate id */
        {"env bad-syntax.json", "@bad-syntax.json", NULL, S_OK, NULL, "/profiles/bad-syntax.json:4:72: string or '}' expected near '}'"},
        {"env missing.json", "@missing.json", NULL, S_OK, NULL, "cannot read adapter profile"},
        {"select fl11-minimal over env warp", "warp", "fl11-minimal", S_OK, "fl11-minimal", NULL},
        {"select nextgen over a bad env", "nope", "nextgen", S_OK, "nextgen", NULL},
        {"select good.json", NULL, "@good.json", S_OK, "test-good", NULL},
        {"bad select keeps env warp", "warp", "no-such-gpu", E_INVALIDARG, "warp", NULL},
        {"bad select keeps the default", NULL, "@bad-syntax.json", E_INVALIDARG, "nvidia-rtx-5070-ti", NULL},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct caps_adapter *a;
        char error[4096], path[1024];
        const char *id;

        mockd3d12_reset();
        if (!rows[i].env)
            unsetenv("MOCKD3D12_ADAPTER");
        else
            setenv("MOCKD3D12_ADAPTER", rows[i].env[0] == '@' ? data_path(rows[i].env + 1, path, sizeof(path))
                    : rows[i].env, 1);
        if (rows[i].select)
        {
            HRESULT hr = mockd3d12_select_adapter(rows[i].select[0] == '@'
                    ? data_path(rows[i].select + 1, path, sizeof(path)) : rows[i].select);
            if (hr != rows[i].select_hr)
                row_fail(&failures, i, rows[i].name, "select hr %#x, expected %#x", (unsigned)hr,
                        (unsigned)rows[i].select_hr);
            if (FAILED(hr) && !strstr(mockd3d12_last_error(), "mockd3d12_select_adapter: "))
                row_fail(&failures, i, rows[i].name, "last error \"%s\"", mockd3d12_last_error());
        }
        a = caps_adapter_default(error, sizeof(error));
        id = mockd3d12_default_adapter_id();
        if (rows[i].expected)
        {
            if (!a || strcmp(caps_adapter_id(a), rows[i].expected))
                row_fail(&failures, i, rows[i].name, "got %s (%s), expected %s", a ? caps_adapter_id(a) : "nothing",
                        error, rows[i].expected);
            if (!id || strcmp(id, rows[i].expected))
                row_fail(&failures, i, rows[i].name, "default adapter id %s, expected %s", id ? id : "NULL",
                        rows[i].expected);
        }
        else
        {
            if (a)
                row_fail(&failures, i, rows[i].name, "got %s, expected an error", caps_adapter_id(a));
            if (id)
                row_fail(&failures, i, rows[i].name, "default adapter id %s, expected NULL", id);
            if (!strstr(error, rows[i].error))
                row_fail(&failures, i, rows[i].name, "error \"%s\" lacks \"%s\"", error, rows[i].error);
            if (!strstr(mockd3d12_last_error(), rows[i].error))
                row_fail(&failures, i, rows[i].name, "last error \"%s\" lacks \"%s\"", mockd3d12_last_error(),
                        rows[i].error);
        }
    }
    rows_done(&failures);
    /* mockd3d12_select_adapter(NULL) forgets the choice. */
    unsetenv("MOCKD3D12_ADAPTER");
    assert_int_equal(mockd3d12_select_adapter("warp"), S_OK);
    assert_string_equal(mockd3d12_default_adapter_id(), "warp");
    assert_int_equal(mockd3d12_select_adapter(NULL), S_OK);
    assert_string_equal(mockd3d12_default_adapter_id(), "nvidia-rtx-5070-ti");
    mockd3d12_reset();
}

static void test_register(void **state)
{
    static const char good[] = "{\"id\": \"registered-1\", \"inherits\": \"fl11-minimal\"}";
    static const char bad[] = "{\"id\": \"registered-2\",\n \"features\": {\"D3D12_OPTIONS\": {\"Nope\": 1}}}";
    const struct caps_adapter *warp = caps_adapter_lookup("warp", NULL, 0);
    char error[1024], small[16], path[1024], json[256];
    UINT before = mockd3d12_adapter_count();

    (void)state;
    assert_int_equal(mockd3d12_register_profile(good, error, sizeof(error)), S_OK);
    assert_int_equal(mockd3d12_adapter_count(), before + 1);
    assert_string_equal(mockd3d12_adapter_id(before), "registered-1");

    memset(error, 0, sizeof(error));
    assert_int_equal(mockd3d12_register_profile(good, error, sizeof(error)), E_INVALIDARG);
    assert_string_equal(error, "<string>: duplicate adapter id 'registered-1' (already registered from <string>)");
    assert_non_null(strstr(mockd3d12_last_error(), "mockd3d12_register_profile: <string>: duplicate adapter id"));

    assert_int_equal(mockd3d12_register_profile(bad, error, sizeof(error)), E_INVALIDARG);
    assert_string_equal(error, "<string>:2:41: key 'features.D3D12_OPTIONS.Nope': "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS has no field 'Nope'");
    /* A short buffer gets a truncated, terminated message; no buffer is fine. */
    assert_int_equal(mockd3d12_register_profile(bad, small, sizeof(small)), E_INVALIDARG);
    assert_string_equal(small, "<string>:2:41: ");
    assert_int_equal(mockd3d12_register_profile(bad, NULL, 0), E_INVALIDARG);
    assert_int_equal(mockd3d12_register_profile(NULL, error, sizeof(error)), E_INVALIDARG);
    assert_string_equal(error, "json is NULL");
    assert_int_equal(mockd3d12_adapter_count(), before + 1);

    /* An explicit LUID must be unique. */
    snprintf(json, sizeof(json), "{\"id\": \"registered-3\", \"adapter\": {\"luid\": {\"LowPart\": %u, \"HighPart\": %d}}}",
            (unsigned)caps_adapter_luid(warp).LowPart, (int)caps_adapter_luid(warp).HighPart);
    assert_int_equal(mockd3d12_register_profile(json, error, sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "is already used by adapter 'warp'"));
    snprintf(json, sizeof(json), "{\"id\": \"registered-3\", \"adapter\": {\"luid\": {\"LowPart\": 7, \"HighPart\": -1}}}");
    assert_int_equal(mockd3d12_register_profile(json, error, sizeof(error)), S_OK);
    assert_int_equal(caps_adapter_luid(caps_adapter_lookup("registered-3", NULL, 0)).HighPart, -1);

    /* Files. */
    assert_int_equal(mockd3d12_register_profile_file(data_path("bad-syntax.json", path, sizeof(path)), error,
            sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "/profiles/bad-syntax.json:4:72: "));
    assert_int_equal(mockd3d12_register_profile_file(data_path("missing.json", path, sizeof(path)), error,
            sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "missing.json: No such file or directory"));
    assert_int_equal(mockd3d12_register_profile_file(NULL, error, sizeof(error)), E_INVALIDARG);
    assert_int_equal(mockd3d12_adapter_count(), before + 2);
}

/* The file profile's formats reach the fills through the accessor. */
static void test_format_override(void **state)
{
    const struct caps_adapter *a;
    char path[1024], error[1024];
    UINT s1 = 0, s2 = 0;

    (void)state;
    a = caps_adapter_lookup(data_path("good.json", path, sizeof(path)), error, sizeof(error));
    if (!a)
        fail_msg("%s", error);
    assert_string_equal(caps_adapter_id(a), "test-good");
    assert_int_equal(caps_adapter_device_id(a), 0x7e57);
    assert_true(caps_adapter_format_override(a, DXGI_FORMAT_R32G32B32_FLOAT, &s1, &s2));
    assert_int_equal(s1, D3D12_FORMAT_SUPPORT1_BUFFER | D3D12_FORMAT_SUPPORT1_TEXTURE2D);
    assert_int_equal(s2, D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD);
    /* The formats it does not list are its parent's (WARP's report table). */
    assert_true(caps_adapter_format_override(a, DXGI_FORMAT_R8G8B8A8_UNORM, &s1, &s2));
    assert_int_equal(s1, 66900979);
    assert_int_equal(s2, 704);
    /* An inferred adapter has no table; a report's table is the report's
     * (RTX 5070 Ti: R32G32B32_FLOAT is the report's "6": 5509627 and 0). */
    assert_false(caps_adapter_format_override(caps_adapter_lookup("amd-rx-7900-xtx", NULL, 0),
            DXGI_FORMAT_R32G32B32_FLOAT, NULL, NULL));
    assert_true(caps_adapter_format_override(caps_adapter_lookup("nvidia-rtx-5070-ti", NULL, 0),
            DXGI_FORMAT_R32G32B32_FLOAT, &s1, &s2));
    assert_int_equal(s1, 5509627);
    assert_int_equal(s2, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_profile_path),
        cmocka_unit_test(test_enumeration),
        cmocka_unit_test(test_default_adapter),
        cmocka_unit_test(test_register),
        cmocka_unit_test(test_format_override),
    };
    const char *dir = getenv("MOCKD3D12_TEST_DATA");
    char path[1100];

    snprintf(data_dir, sizeof(data_dir), "%s", dir ? dir : "tests/data");
    snprintf(path, sizeof(path), "%s/profiles/path", data_dir);
    setenv("MOCKD3D12_PROFILE_PATH", path, 1);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
