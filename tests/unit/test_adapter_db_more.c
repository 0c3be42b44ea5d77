/*
 * The adapter registry's branches (src/caps/adapter_db.c) that
 * test_adapter_db.c and test_adapter_db_rows.c left: LUIDs that share their
 * LowPart, a report's adapters sharing LUIDs, a report loaded without
 * registering it or without an out pointer, a report under the origin of a
 * profile registered before, an origin with a backslash, error buffers of size
 * 0, and the registry failing to grow.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps.h"

static HRESULT load(const char *text, const char *origin, bool do_register, const struct caps_adapter **out,
        char *error, size_t error_size)
{
    return caps_profile_load(text, strlen(text), origin, do_register, out, error, error_size);
}

/* Two explicit LUIDs with the same LowPart and HighParts that differ are two LUIDs. */
static void test_luids_sharing_low_part(void **state)
{
    const struct caps_adapter *a = NULL, *b = NULL;
    char error[512];

    (void)state;
    assert_int_equal(load("{\"id\": \"more-luid-a\", \"adapter\": {\"luid\": {\"LowPart\": 77701, \"HighPart\": 0}}}",
            "luid-a", true, &a, error, sizeof(error)), S_OK);
    assert_int_equal(load("{\"id\": \"more-luid-b\", \"adapter\": {\"luid\": {\"LowPart\": 77701, \"HighPart\": 1}}}",
            "luid-b", true, &b, error, sizeof(error)), S_OK);
    assert_int_equal(b->luid.LowPart, 77701);
    assert_int_equal(b->luid.HighPart, 1);
    assert_int_equal(a->luid.HighPart, 0);
}

#define REPORT_HEAD "{\"Header\": {\"Program\": \"D3d12info\", \"Version\": \"3.18.0\", \"D3D12_SDK_VERSION\": 619}, "
#define ADAPTER(desc, low, high) "{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"" desc "\", \"AdapterLuid\": " \
        "{\"LowPart\": " #low ", \"HighPart\": " #high "}}}"

/* A report's four adapters: the second and the fourth have the first's LUID
 * (so they get derived ones), the third the first's LowPart only (kept). */
static void test_report_luids_and_arguments(void **state)
{
    static const char report[] = REPORT_HEAD "\"Adapters\": [" ADAPTER("More Luid GPU", 88801, 0) ", "
            ADAPTER("More Luid GPU", 88801, 0) ", " ADAPTER("More Luid GPU", 88801, 3) ", "
            ADAPTER("More Luid GPU", 88801, 0) "]}";
    static const char single[] = REPORT_HEAD "\"Adapters\": [" ADAPTER("More Origin GPU", 88901, 0) "]}";
    const struct caps_adapter *a = NULL, *b = NULL, *c = NULL;
    unsigned before = caps_adapter_count();
    char error[512];

    (void)state;
    /* Not registered: read and freed. */
    assert_int_equal(load(report, "more/report.json", false, NULL, error, sizeof(error)), S_OK);
    assert_int_equal(caps_adapter_count(), before);
    /* Registered without an out pointer. */
    assert_int_equal(load(report, "more/report.json", true, NULL, error, sizeof(error)), S_OK);
    assert_int_equal(caps_adapter_count(), before + 4);
    a = caps_adapter_lookup("more-luid-gpu", NULL, 0);
    b = caps_adapter_lookup("more-luid-gpu-2", NULL, 0);
    c = caps_adapter_lookup("more-luid-gpu-3", NULL, 0);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_int_equal(a->luid.LowPart, 88801);
    assert_false(b->luid.LowPart == 88801 && b->luid.HighPart == 0);
    assert_int_equal(c->luid.LowPart, 88801);
    assert_int_equal(c->luid.HighPart, 3);
    assert_non_null(c = caps_adapter_lookup("more-luid-gpu-4", NULL, 0));
    assert_false(c->luid.LowPart == 88801 && c->luid.HighPart == 0);

    /* A profile under a path, then a report under the same path: the report
     * is no report registered before, so its adapters are registered. */
    assert_int_equal(load("{\"id\": \"more-origin-profile\"}", "more/origin.json", true, &a, error, sizeof(error)),
            S_OK);
    assert_int_equal(load(single, "more/origin.json", true, &b, error, sizeof(error)), S_OK);
    assert_non_null(b);
    assert_string_equal(b->id, "more-origin-gpu");

    /* A report under an origin that is no path: registered each time it is
     * loaded (under new ids), not found by its origin. */
    assert_int_equal(load(single, "plain-origin", true, &a, error, sizeof(error)), S_OK);

    /* A backslash makes an origin a path too. */
    assert_int_equal(load("{\"id\": \"more-backslash\"}", "more\\backslash.json", true, &a, error, sizeof(error)),
            S_OK);
}

/* Error buffers of size 0 are no buffers; a NULL profile text is refused. */
static void test_error_buffers_of_size_zero(void **state)
{
    char error[4] = "abc";
    unsigned problems = 9;

    (void)state;
    assert_int_equal(load("{", "zero.json", false, NULL, error, 0), E_INVALIDARG);
    assert_string_equal(error, "abc");
    assert_int_equal(caps_profile_validate("{", 1, "zero.json", error, 0, &problems), E_INVALIDARG);
    assert_string_equal(error, "abc");
    assert_int_equal(caps_register_profile(NULL, "null.json", NULL, NULL, 0), E_INVALIDARG);
}

/* Registering profile after profile, each with every allocation failing in
 * turn: each failure is E_OUTOFMEMORY, registers nothing, and the registry's
 * growths (at 32, 64, 128 adapters) fail among them. */
static void test_registry_growth_failing(void **state)
{
    unsigned i, k;

    (void)state;
    mk_alloc_fail_skip_jansson(1);
    for (i = 0; i < 140; ++i)
    {
        char text[96], error[256];
        unsigned before = caps_adapter_count();
        HRESULT hr;

        snprintf(text, sizeof(text), "{\"id\": \"more-grow-%u\"}", i);
        for (k = 0;; ++k)
        {
            mk_alloc_fail_after(k);
            hr = load(text, "grow.json", true, NULL, error, sizeof(error));
            mk_alloc_fail_after(-1);
            if (hr == S_OK)
                break;
            assert_int_equal(hr, E_OUTOFMEMORY);
            assert_non_null(strstr(error, "out of memory"));
            assert_int_equal(caps_adapter_count(), before);
            assert_true(k < 100);
        }
        assert_int_equal(caps_adapter_count(), before + 1);
    }
    mk_alloc_fail_skip_jansson(0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_luids_sharing_low_part),
        cmocka_unit_test(test_report_luids_and_arguments),
        cmocka_unit_test(test_error_buffers_of_size_zero),
        cmocka_unit_test(test_registry_growth_failing),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
