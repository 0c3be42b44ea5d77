/*
 * The SDKVersion policy of CheckFeatureSupport1 (src/clamp/sdk_policy.c):
 * the retail remap of exactly the runtime's own preview number, and the
 * too-new rejection, one row per case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

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
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(policy_rows) / sizeof(*policy_rows); ++i)
    {
        const struct policy_row *row = &policy_rows[i];
        struct clamp_version v = {12345, 12345, true};
        HRESULT hr;

        hr = clamp_resolve_sdk_version(&row->runtime, row->requested, &v);
        if (hr != row->hr || v.effective != row->effective || v.remapped != row->remapped || v.requested != row->requested)
            fail_msg("row %u (%s %u/%u, requested %u): hr %#x effective %u remapped %d", i,
                    row->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail", row->runtime.sdk_version,
                    row->runtime.preview_sdk_version, row->requested, (unsigned)hr, v.effective, v.remapped);
    }
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
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(device17_rows) / sizeof(*device17_rows); ++i)
    {
        if (clamp_runtime_has_device17(&device17_rows[i].runtime) != device17_rows[i].has_device17)
            fail_msg("row %u", i);
    }
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
