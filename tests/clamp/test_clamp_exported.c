/*
 * The main program's exported D3D12SDKVersion as a source of the runtime
 * configuration: below the control API and the environment, above the
 * defaults. This program exports the symbol (ENABLE_EXPORTS), as an
 * application using the Agility SDK does; the tests change its value.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "../unit/portable.h" /* setenv and unsetenv on Windows too */

#include "clamp/clamp.h"
#include "platform.h"

/* Exported from the executable: on Windows with dllexport (the runtime reads
 * it with GetProcAddress on the main module, as the Agility SDK loader does),
 * on Linux as a dynamic symbol (ENABLE_EXPORTS). */
#ifdef _WIN32
__declspec(dllexport) UINT D3D12SDKVersion = 615;
#else
__attribute__((visibility("default"), used)) UINT D3D12SDKVersion = 615;
#endif

struct exported_row
{
    UINT exported;
    const char *env_name, *env_value; /* one variable, or NULL */
    HRESULT hr;
    mockd3d12_runtime expected;
    bool has_device17;
};

#define R(k, s, p) {MOCKD3D12_RUNTIME_##k, s, p, 620, 721, FALSE}

static const struct exported_row exported_rows[] =
{
    /* The loader runs the runtime the program asks for, with that release's pair. */
    {615, NULL, NULL, S_OK, R(RETAIL, 615, 716), false},
    {619, NULL, NULL, S_OK, R(RETAIL, 619, 719), false},
    {620, NULL, NULL, S_OK, R(RETAIL, 620, 721), true},
    {622, NULL, NULL, S_OK, R(RETAIL, 622, 723), true},
    /* A preview number asks for that preview runtime. */
    {721, NULL, NULL, S_OK, R(PREVIEW, 620, 721), true},
    {717, NULL, NULL, S_OK, R(PREVIEW, 616, 717), false},
    /* The environment overrides the export, variable by variable. */
    {615, "MOCKD3D12_SDK_VERSION", "620", S_OK, R(RETAIL, 620, 721), true},
    {615, "MOCKD3D12_RUNTIME_KIND", "preview", S_OK, R(PREVIEW, 615, 716), false},
    {721, "MOCKD3D12_RUNTIME_KIND", "retail", S_OK, R(RETAIL, 620, 721), true},
    {615, "MOCKD3D12_PREVIEW_SDK_VERSION", "721", S_OK, R(RETAIL, 620, 721), true},
    /* An export no runtime has is an error, never a silent default. */
    {65535, NULL, NULL, E_INVALIDARG, R(RETAIL, 620, 721), false},
    {100000, NULL, NULL, E_INVALIDARG, R(RETAIL, 620, 721), false},
};

static void test_exported_rows(void **state)
{
    struct row_failures failures = {0};
    char why[256], name[128];
    mockd3d12_runtime r;
    unsigned i;
    HRESULT hr;
    (void)state;

    for (i = 0; i < sizeof(exported_rows) / sizeof(*exported_rows); ++i)
    {
        const struct exported_row *row = &exported_rows[i];
        UINT read;

        if (row->env_name)
            snprintf(name, sizeof(name), "D3D12SDKVersion=%u, %s=%s", row->exported, row->env_name, row->env_value);
        else
            snprintf(name, sizeof(name), "D3D12SDKVersion=%u", row->exported);
        D3D12SDKVersion = row->exported;
        if ((read = mk_main_program_sdk_version()) != row->exported)
        {
            /* The loader does not see the export: nothing below would test it. */
            row_fail(&failures, i, name, "mk_main_program_sdk_version %u", read);
            continue;
        }
        if (row->env_name)
            setenv(row->env_name, row->env_value, 1);
        why[0] = 0;
        hr = clamp_runtime_current_checked(&r, why, sizeof(why));
        if (row->env_name)
            unsetenv(row->env_name);
        if (hr != row->hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x (%s)", (unsigned)hr, (unsigned)row->hr, why);
        if (FAILED(hr))
        {
            if (!strstr(why, "D3D12SDKVersion"))
                row_fail(&failures, i, name, "message \"%s\" does not name D3D12SDKVersion", why);
            continue;
        }
        if (r.kind != row->expected.kind || r.sdk_version != row->expected.sdk_version
                || r.preview_sdk_version != row->expected.preview_sdk_version
                || r.cutoff_sdk_version != 620 || r.cutoff_preview_sdk_version != 721 || r.retroactive)
            row_fail(&failures, i, name, "got kind %d %u/%u, expected kind %d %u/%u", r.kind, r.sdk_version,
                    r.preview_sdk_version, row->expected.kind, row->expected.sdk_version,
                    row->expected.preview_sdk_version);
        if (clamp_runtime_has_device17(&r) != row->has_device17)
            row_fail(&failures, i, name, "has_device17 %d", !row->has_device17);
    }
    D3D12SDKVersion = 615;
    rows_done(&failures);
}

/* The control API outranks the export. */
static void test_control_over_export(void **state)
{
    static const mockd3d12_runtime control = R(PREVIEW, 622, 723);
    mockd3d12_runtime r;
    (void)state;

    D3D12SDKVersion = 615;
    assert_int_equal(mockd3d12_set_runtime(&control), S_OK);
    assert_int_equal(mockd3d12_get_runtime(&r), S_OK);
    assert_int_equal(r.kind, MOCKD3D12_RUNTIME_PREVIEW);
    assert_int_equal(r.preview_sdk_version, 723);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
    assert_int_equal(mockd3d12_get_runtime(&r), S_OK);
    assert_int_equal(r.sdk_version, 615);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_exported_rows),
        cmocka_unit_test(test_control_over_export),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
