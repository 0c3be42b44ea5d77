/*
 * The adapter registry and the adapter half of the control API
 * (src/caps/adapter_db.c, adapter_control.c): MOCKD3D12_PROFILE_PATH,
 * MOCKD3D12_ADAPTER, mockd3d12_select_adapter, registration from strings and
 * files, and the errors of each (docs/profiles.md, docs/adapters.md); then
 * D3d12info reports in the registry and its growth.
 *
 * main() sets MOCKD3D12_PROFILE_PATH before anything touches the registry,
 * which reads it once, on first use.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "portable.h"

#include "alloc.h"
#include "caps/adapter.h"
#include "caps/caps.h"
#include "mk_tables.h"

#define LONG_NAME "Sixty Four Characters Of Adapter Description Exactly Here Ok X1"

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

/* ---- D3d12info reports in the registry, and its growth ---- */

/*
 * The registry's handling of D3d12info reports and its growth
 * (src/caps/adapter_db.c, docs/d3d12info.md): ids already taken get "-2",
 * "-3", ... (cut to stay within 64 characters), a LUID the report repeats is
 * derived for the repeat, a report of more adapters than a machine holds is
 * refused, a report whose profile text the loader refuses registers nothing,
 * and the allocations of the registry's growth, of a report's suffixed ids
 * and of a named file kept beside the registry fail cleanly.
 */

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
    char dir[200], path[256], error[1024];
    const struct caps_adapter *a = NULL;
    FILE *f;
    long n;

    (void)state;
    assert_non_null(temp_dir_create("mk-adapter-db", dir, sizeof(dir)));
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
    temp_dir_remove(dir);
    assert_non_null(a);
    assert_string_equal(caps_adapter_id(a), "warp");
    assert_string_equal(caps_adapter_description(a), "a file that names a built-in's id");
    assert_true(n > 0);
}

/* ---- Coverage rows: shared LowParts, report arguments, zero-sized error buffers, no growth ---- */

/*
 * The adapter registry's branches (src/caps/adapter_db.c) that the rows
 * above leave: LUIDs that share their
 * LowPart, a report's adapters sharing LUIDs, a report loaded without
 * registering it or without an out pointer, a report under the origin of a
 * profile registered before, an origin with a backslash, error buffers of size
 * 0, and the registry failing to grow.
 */

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
        cmocka_unit_test(test_profile_path),
        cmocka_unit_test(test_enumeration),
        cmocka_unit_test(test_default_adapter),
        cmocka_unit_test(test_register),
        cmocka_unit_test(test_format_override),
        cmocka_unit_test(test_report_ids),
        cmocka_unit_test(test_report_refused),
        cmocka_unit_test(test_growth_allocation_failures),
        cmocka_unit_test(test_named_file_allocation_failures),
        cmocka_unit_test(test_luids_sharing_low_part),
        cmocka_unit_test(test_report_luids_and_arguments),
        cmocka_unit_test(test_error_buffers_of_size_zero),
        cmocka_unit_test(test_registry_growth_failing),
    };
    const char *dir = getenv("MOCKD3D12_TEST_DATA");
    char path[1100];

    snprintf(data_dir, sizeof(data_dir), "%s", dir ? dir : "tests/data");
    snprintf(path, sizeof(path), "%s/profiles/path", data_dir);
    setenv("MOCKD3D12_PROFILE_PATH", path, 1);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
