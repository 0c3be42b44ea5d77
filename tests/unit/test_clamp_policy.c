/*
 * The SDKVersion policy of CheckFeatureSupport1 (src/clamp/sdk_policy.c):
 * the retail remap of exactly the runtime's own preview number, and the
 * too-new rejection, one row per case.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "clamp/clamp.h"

struct policy_row
{
    mockd3d12_runtime runtime;
    UINT requested;
    HRESULT hr;
    UINT effective;
    bool remapped;
};

#define RETAIL(s, p) {MOCKD3D12_RUNTIME_RETAIL, s, p, 620, 721, FALSE}
#define PREVIEW(s, p) {MOCKD3D12_RUNTIME_PREVIEW, s, p, 620, 721, FALSE}

/* "retail 620/721", with the cutoff and retroactive mode where they are not
 * the defaults: rows name their runtime. */
static const char *runtime_name(const mockd3d12_runtime *r, char *text, size_t size)
{
    int n = snprintf(text, size, "%s %u/%u", r->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
            r->sdk_version, r->preview_sdk_version);

    if (n >= 0 && (size_t)n < size && (r->cutoff_sdk_version != 620 || r->cutoff_preview_sdk_version != 721))
        n += snprintf(text + n, size - (size_t)n, " cutoff %u/%u", r->cutoff_sdk_version, r->cutoff_preview_sdk_version);
    if (n >= 0 && (size_t)n < size && r->retroactive)
        snprintf(text + n, size - (size_t)n, " retroactive");
    return text;
}

static const struct policy_row policy_rows[] =
{
    /* Retail 620 / 721: exactly 721 is remapped, to 620. */
    {RETAIL(620, 721), 721, S_OK, 620, true},
    {RETAIL(620, 721), 620, S_OK, 620, false},
    {RETAIL(620, 721), 616, S_OK, 616, false},
    {RETAIL(620, 721), 4, S_OK, 4, false},
    {RETAIL(620, 721), 0, S_OK, 0, false},
    /* Every other number above 620 is too new: other preview numbers are not remapped. */
    {RETAIL(620, 721), 621, E_INVALIDARG, 621, false},
    {RETAIL(620, 721), 719, E_INVALIDARG, 719, false},
    {RETAIL(620, 721), 720, E_INVALIDARG, 720, false},
    {RETAIL(620, 721), 722, E_INVALIDARG, 722, false},
    {RETAIL(620, 721), 700, E_INVALIDARG, 700, false},
    {RETAIL(620, 721), 0xffffffffu, E_INVALIDARG, 0xffffffffu, false},
    /* Another retail runtime remaps its own preview number, not 721. */
    {RETAIL(619, 719), 719, S_OK, 619, true},
    {RETAIL(619, 719), 721, E_INVALIDARG, 721, false},
    {RETAIL(619, 719), 620, E_INVALIDARG, 620, false},
    {RETAIL(622, 723), 723, S_OK, 622, true},
    {RETAIL(622, 723), 622, S_OK, 622, false},
    {RETAIL(622, 723), 721, E_INVALIDARG, 721, false},
    /* A preview runtime remaps nothing and accepts up to its preview number. */
    {PREVIEW(620, 721), 721, S_OK, 721, false},
    {PREVIEW(620, 721), 720, S_OK, 720, false},
    {PREVIEW(620, 721), 719, S_OK, 719, false},
    {PREVIEW(620, 721), 620, S_OK, 620, false},
    {PREVIEW(620, 721), 616, S_OK, 616, false},
    {PREVIEW(620, 721), 722, E_INVALIDARG, 722, false},
    {PREVIEW(620, 721), 800, E_INVALIDARG, 800, false},
    {PREVIEW(619, 719), 720, E_INVALIDARG, 720, false},
    {PREVIEW(619, 719), 719, S_OK, 719, false},
};

static void test_policy_rows(void **state)
{
    struct row_failures failures = {0};
    char runtime[64], name[96];
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(policy_rows) / sizeof(*policy_rows); ++i)
    {
        const struct policy_row *row = &policy_rows[i];
        struct clamp_version v = {12345, 12345, true};
        HRESULT hr;

        snprintf(name, sizeof(name), "%s, requested %u", runtime_name(&row->runtime, runtime, sizeof(runtime)),
                row->requested);
        hr = clamp_resolve_sdk_version(&row->runtime, row->requested, &v);
        if (hr != row->hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)row->hr);
        if (v.effective != row->effective)
            row_fail(&failures, i, name, "effective %u, expected %u", v.effective, row->effective);
        if (v.remapped != row->remapped)
            row_fail(&failures, i, name, "remapped %d, expected %d", v.remapped, row->remapped);
        if (v.requested != row->requested)
            row_fail(&failures, i, name, "requested %u, expected %u", v.requested, row->requested);
    }
    rows_done(&failures);
}

/* ID3D12Device17 exists from the cutoff on, on the runtime's own track. */
struct device17_row
{
    mockd3d12_runtime runtime;
    bool has_device17;
};

static const struct device17_row device17_rows[] =
{
    {RETAIL(620, 721), true},
    {RETAIL(619, 719), false},
    {RETAIL(622, 723), true},
    {PREVIEW(620, 721), true},
    {PREVIEW(620, 720), false},
    {PREVIEW(619, 719), false},
    {PREVIEW(622, 723), true},
    {{MOCKD3D12_RUNTIME_RETAIL, 616, 717, 616, 717, FALSE}, true},
    {{MOCKD3D12_RUNTIME_RETAIL, 615, 716, 616, 717, FALSE}, false},
    {{MOCKD3D12_RUNTIME_PREVIEW, 614, 716, 616, 717, FALSE}, false},
    {{MOCKD3D12_RUNTIME_RETAIL, 4, 700, 0, 0, TRUE}, true},
};

static void test_device17_rows(void **state)
{
    struct row_failures failures = {0};
    char name[64];
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(device17_rows) / sizeof(*device17_rows); ++i)
    {
        bool has_device17 = clamp_runtime_has_device17(&device17_rows[i].runtime);

        if (has_device17 != device17_rows[i].has_device17)
            row_fail(&failures, i, runtime_name(&device17_rows[i].runtime, name, sizeof(name)),
                    "has ID3D12Device17 %d, expected %d", has_device17, device17_rows[i].has_device17);
    }
    rows_done(&failures);
}

static void test_effective_version(void **state)
{
    static const mockd3d12_runtime retail = RETAIL(620, 721), preview = PREVIEW(620, 721);
    (void)state;

    assert_int_equal(mockd3d12_runtime_effective_version(&retail), 620);
    assert_int_equal(mockd3d12_runtime_effective_version(&preview), 721);
    assert_int_equal(mockd3d12_runtime_effective_version(NULL), 0);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_policy_rows),
        cmocka_unit_test(test_device17_rows),
        cmocka_unit_test(test_effective_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
