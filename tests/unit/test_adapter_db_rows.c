/*
 * The registry's handling of D3d12info reports and its growth
 * (src/caps/adapter_db.c, docs/d3d12info.md): ids already taken get "-2",
 * "-3", ... (cut to stay within 64 characters), a LUID the report repeats is
 * derived for the repeat, a report of more adapters than a machine holds is
 * refused, a report whose profile text the loader refuses registers nothing,
 * and the allocations of the registry's growth, of a report's suffixed ids
 * and of a named file kept beside the registry fail cleanly.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <unistd.h>

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps.h"

#define LONG_NAME "Sixty Four Characters Of Adapter Description Exactly Here Ok X1"

static const char twins[] =
    "{\"Header\": {\"Program\": \"D3d12info\"}, \"Adapters\": ["
    "{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"Twin GPU\", \"AdapterLuid\": \"00000000-0000ABCD\"}},"
    "{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"Twin GPU\", \"AdapterLuid\": \"00000000-0000ABCD\"}},"
    "{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"" LONG_NAME "\"}}]}";

/* Two loads of a report of twins: every adapter registered, the ids made unique. */
static void test_report_ids(void **state)
{
    static const char *const expected[] = {"twin-gpu", "twin-gpu-2",
            "sixty-four-characters-of-adapter-description-exactly-here-ok-x1",
            "twin-gpu-3", "twin-gpu-4",
            "sixty-four-characters-of-adapter-description-exactly-here-ok-x-2"};
    unsigned before = caps_adapter_count(), i;
    const struct caps_adapter *first;
    struct row_failures failures = {0};
    char error[1024];

    (void)state;
    /* The same report under two names (one name registers once: below). */
    for (i = 0; i < 2; ++i)
    {
        if (FAILED(caps_profile_load(twins, sizeof(twins) - 1, i ? "twins-copy.json" : "twins.json", true, &first,
                error, sizeof(error))))
            fail_msg("%s", error);
        assert_ptr_equal(first, caps_adapter_at(before + 3 * i));
    }
    assert_int_equal(caps_adapter_count(), before + 6);
    assert_int_equal(caps_profile_load(twins, sizeof(twins) - 1, "twins.json", true, &first, error, sizeof(error)), S_OK);
    assert_ptr_equal(first, caps_adapter_at(before));
    assert_int_equal(caps_adapter_count(), before + 6);
    for (i = 0; i < ARRAY_SIZE(expected); ++i)
        if (strcmp(caps_adapter_id(caps_adapter_at(before + i)), expected[i]))
            row_fail(&failures, i, expected[i], "id \"%s\"", caps_adapter_id(caps_adapter_at(before + i)));
    rows_done(&failures);
    /* The report's LUID for the first twin; the second repeats it and gets a derived one. */
    assert_int_equal(caps_adapter_luid(caps_adapter_at(before)).LowPart, 0xABCD);
    assert_true(caps_adapter_luid(caps_adapter_at(before + 1)).LowPart != 0xABCD);
    assert_true(caps_adapter_luid(caps_adapter_at(before + 1)).LowPart
            != caps_adapter_luid(caps_adapter_at(before + 2)).LowPart);
}

/* A report that does not register: more adapters than a machine holds, a
 * flag combination only the loader can check. Nothing is registered. */
static void test_report_refused(void **state)
{
    char text[8192], error[1024];
    unsigned before = caps_adapter_count(), i;
    size_t o;
    static const char bad_flags[] = "{\"Adapter\": {\"DXGI_ADAPTER_DESC3\": {\"Description\": \"Flag GPU\"}, "
            "\"D3D12_FEATURE_DATA_SHADER_CACHE\": {\"SupportFlags\": \"D3D12_SHADER_CACHE_SUPPORT_LIBRARY | NOPE\"}}}";

    (void)state;
    o = (size_t)snprintf(text, sizeof(text), "{\"Adapters\": [");
    for (i = 0; i <= CAPS_MACHINE_MAX; ++i)
        o += (size_t)snprintf(text + o, sizeof(text) - o, "%s{\"DXGI_ADAPTER_DESC3\": {\"Description\": \"Many %u\"}}",
                i ? ", " : "", i);
    snprintf(text + o, sizeof(text) - o, "]}");
    assert_int_equal(caps_profile_load(text, strlen(text), "many.json", true, NULL, error, sizeof(error)),
            E_INVALIDARG);
    snprintf(text, sizeof(text), "many.json: %u adapters, at most %u", CAPS_MACHINE_MAX + 1, CAPS_MACHINE_MAX);
    assert_string_equal(error, text);

    assert_int_equal(caps_profile_load(bad_flags, sizeof(bad_flags) - 1, "flags.json", true, NULL, error,
            sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "flags.json:"));
    assert_non_null(strstr(error, "key 'features.SHADER_CACHE.SupportFlags'"));
    assert_non_null(strstr(error, "unknown name 'NOPE'"));
    assert_int_equal(caps_adapter_count(), before);
}

/* Registers plain profiles until the registry is full (its capacity doubles
 * from 32), so the next registration must grow it. */
static void fill_registry(void)
{
    static unsigned serial;
    char json[128], error[256];
    unsigned count;

    while ((count = caps_adapter_count()) < 32 || (count & (count - 1)))
    {
        snprintf(json, sizeof(json), "{\"id\": \"filler-%u\"}", serial++);
        if (FAILED(caps_profile_load(json, strlen(json), "filler.json", true, NULL, error, sizeof(error))))
            fail_msg("%s", error);
    }
}

/* Each allocation of a registration failing in turn: E_OUTOFMEMORY and
 * nothing registered, until one registers. */
static void sweep_registration(const char *text, const char *origin, unsigned adapters)
{
    const struct caps_adapter *out;
    unsigned before = caps_adapter_count();
    bool grew = false;
    char error[1024];
    HRESULT hr;
    long n;

    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 10000; ++n)
    {
        out = (const struct caps_adapter *)&out;
        mk_alloc_fail_after(n);
        hr = caps_profile_load(text, strlen(text), origin, true, &out, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
            break;
        if (hr != E_OUTOFMEMORY || !caps_error_is_oom(error) || out || caps_adapter_count() != before)
            fail_msg("allocation %ld: %#x \"%s\", %u adapters registered", n, (unsigned)hr, error,
                    caps_adapter_count() - before);
        grew = true;
    }
    mk_alloc_fail_skip_jansson(0);
    assert_int_equal(hr, S_OK);
    assert_true(grew);
    assert_non_null(out);
    assert_int_equal(caps_adapter_count(), before + adapters);
}

static void test_growth_allocation_failures(void **state)
{
    (void)state;
    /* One profile into a full registry. */
    fill_registry();
    sweep_registration("{\"id\": \"grow-one\"}", "grow.json", 1);
    /* A report into a full registry, its ids suffixed (each a copy that can fail). */
    fill_registry();
    sweep_registration(twins, "twins-grow.json", 3);
}

/* A named file whose id is taken is kept beside the registry; keeping it can fail. */
static void test_named_file_allocation_failures(void **state)
{
    char dir[] = "/tmp/mk-adapter-db-XXXXXX", path[256], error[1024];
    const struct caps_adapter *a = NULL;
    FILE *f;
    long n;

    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof(path), "%s/taken.json", dir);
    assert_non_null(f = fopen(path, "w"));
    fputs("{\"id\": \"warp\", \"description\": \"a file that names a built-in's id\"}", f);
    fclose(f);
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 10000; ++n)
    {
        mk_alloc_fail_after(n);
        a = caps_adapter_lookup(path, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
            break;
        /* Every failure, keeping the file included, is out of memory. */
        if (a || !caps_error_is_oom(error))
            fail_msg("allocation %ld: %s", n, a ? "found" : error);
    }
    mk_alloc_fail_skip_jansson(0);
    remove(path);
    rmdir(dir);
    assert_non_null(a);
    assert_string_equal(caps_adapter_id(a), "warp");
    assert_string_equal(caps_adapter_description(a), "a file that names a built-in's id");
    assert_true(n > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_report_ids),
        cmocka_unit_test(test_report_refused),
        cmocka_unit_test(test_growth_allocation_failures),
        cmocka_unit_test(test_named_file_allocation_failures),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
