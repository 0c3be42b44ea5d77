/*
 * The simulated runtime configuration (src/clamp/runtime.c): the
 * environment rows (including every malformed value), the control API and
 * its precedence, CreateDeviceFactory's explicit versions and validation.
 * The exported D3D12SDKVersion source is tested by test_clamp_exported
 * (tests/clamp.cmake), a program that exports one.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <fcntl.h>
#include <unistd.h>
#include "portable.h"

#include "clamp/clamp.h"
#include "clamp/clamp_private.h"

static const char *const env_names[] =
{
    "MOCKD3D12_SDK_VERSION", "MOCKD3D12_PREVIEW_SDK_VERSION", "MOCKD3D12_RUNTIME_KIND",
    "MOCKD3D12_CUTOFF_SDK_VERSION", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION", "MOCKD3D12_CLAMP_RETROACTIVE",
};

static void clear_env(void)
{
    unsigned i;

    for (i = 0; i < sizeof(env_names) / sizeof(*env_names); ++i)
        unsetenv(env_names[i]);
}

/* "NAME=value" pairs, NULL-terminated. */
static void set_env(const char *const *assignments)
{
    char name[64];
    const char *eq;

    clear_env();
    for (; *assignments; ++assignments)
    {
        eq = strchr(*assignments, '=');
        assert_non_null(eq);
        snprintf(name, sizeof(name), "%.*s", (int)(eq - *assignments), *assignments);
        setenv(name, eq + 1, 1);
    }
}

/* Runs clamp_runtime_current_checked with stderr captured into `err`. */
static HRESULT current_captured(mockd3d12_runtime *out, char *why, size_t why_size, char *err, size_t err_size)
{
    FILE *capture = tmpfile();
    int saved;
    size_t n;
    HRESULT hr;

    assert_non_null(capture);
    fflush(stderr);
    saved = dup(2);
    dup2(fileno(capture), 2);
    hr = clamp_runtime_current_checked(out, why, why_size);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(capture);
    n = fread(err, 1, err_size - 1, capture);
    err[n] = 0;
    fclose(capture);
    return hr;
}

struct env_row
{
    const char *env[7];
    HRESULT hr;
    mockd3d12_runtime expected; /* when hr is S_OK */
    const char *message;        /* when it fails: what stderr and `why` must say */
};

#define R(k, s, p, cs, cp, retro) {MOCKD3D12_RUNTIME_##k, s, p, cs, cp, retro}
#define DEFAULT R(RETAIL, 620, 721, 620, 721, FALSE)

static const struct env_row env_rows[] =
{
    {{NULL}, S_OK, DEFAULT, NULL},
    {{"MOCKD3D12_SDK_VERSION=620", NULL}, S_OK, DEFAULT, NULL},
    /* A number given alone names one release; its partner comes with it. */
    {{"MOCKD3D12_SDK_VERSION=619", NULL}, S_OK, R(RETAIL, 619, 719, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_SDK_VERSION=615", NULL}, S_OK, R(RETAIL, 615, 716, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_SDK_VERSION=622", NULL}, S_OK, R(RETAIL, 622, 723, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_PREVIEW_SDK_VERSION=723", NULL}, S_OK, R(RETAIL, 622, 723, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_PREVIEW_SDK_VERSION=719", "MOCKD3D12_RUNTIME_KIND=preview", NULL}, S_OK, R(PREVIEW, 619, 719, 620, 721, FALSE), NULL},
    /* Both given: both taken as they are. */
    {{"MOCKD3D12_SDK_VERSION=615", "MOCKD3D12_PREVIEW_SDK_VERSION=721", NULL}, S_OK, R(RETAIL, 615, 721, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_SDK_VERSION=622", "MOCKD3D12_PREVIEW_SDK_VERSION=723", "MOCKD3D12_RUNTIME_KIND=preview", NULL}, S_OK, R(PREVIEW, 622, 723, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_RUNTIME_KIND=preview", NULL}, S_OK, R(PREVIEW, 620, 721, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_RUNTIME_KIND=Preview", NULL}, S_OK, R(PREVIEW, 620, 721, 620, 721, FALSE), NULL},
    {{"MOCKD3D12_RUNTIME_KIND=retail", NULL}, S_OK, DEFAULT, NULL},
    /* The cutoff and retroactive mode. */
    {{"MOCKD3D12_CUTOFF_SDK_VERSION=616", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION=717", NULL}, S_OK, R(RETAIL, 620, 721, 616, 717, FALSE), NULL},
    {{"MOCKD3D12_CUTOFF_SDK_VERSION=0", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION=0", NULL}, S_OK, R(RETAIL, 620, 721, 0, 0, FALSE), NULL},
    {{"MOCKD3D12_CLAMP_RETROACTIVE=1", NULL}, S_OK, R(RETAIL, 620, 721, 620, 721, TRUE), NULL},
    {{"MOCKD3D12_CLAMP_RETROACTIVE=0", NULL}, S_OK, DEFAULT, NULL},
    /* Malformed: device creation must fail, naming the variable and the value. */
    {{"MOCKD3D12_SDK_VERSION=abc", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\"abc\""},
    {{"MOCKD3D12_SDK_VERSION=620x", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\"620x\""},
    {{"MOCKD3D12_SDK_VERSION= 620", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\" 620\""},
    {{"MOCKD3D12_SDK_VERSION=-620", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\"-620\""},
    {{"MOCKD3D12_SDK_VERSION=0", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\"0\""},
    {{"MOCKD3D12_SDK_VERSION=721", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\"721\""},
    {{"MOCKD3D12_SDK_VERSION=99999999999999999999", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_SDK_VERSION=\"99999999999999999999\""},
    {{"MOCKD3D12_PREVIEW_SDK_VERSION=620", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_PREVIEW_SDK_VERSION=\"620\""},
    {{"MOCKD3D12_PREVIEW_SDK_VERSION=65535", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_PREVIEW_SDK_VERSION=\"65535\""},
    {{"MOCKD3D12_PREVIEW_SDK_VERSION=7x1", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_PREVIEW_SDK_VERSION=\"7x1\""},
    {{"MOCKD3D12_RUNTIME_KIND=beta", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_RUNTIME_KIND=\"beta\""},
    {{"MOCKD3D12_RUNTIME_KIND=retail ", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_RUNTIME_KIND=\"retail \""},
    {{"MOCKD3D12_CUTOFF_SDK_VERSION=700", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_CUTOFF_SDK_VERSION=\"700\""},
    {{"MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION=500", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION=\"500\""},
    {{"MOCKD3D12_CLAMP_RETROACTIVE=yes", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_CLAMP_RETROACTIVE=\"yes\""},
    /* One bad variable among good ones is still a failure. */
    {{"MOCKD3D12_SDK_VERSION=619", "MOCKD3D12_RUNTIME_KIND=previe", NULL}, E_INVALIDARG, DEFAULT, "MOCKD3D12_RUNTIME_KIND=\"previe\""},
};

/* "retail 620/721 cutoff 620/721", " retroactive" when it is. */
static const char *runtime_text(const mockd3d12_runtime *r, char *text, size_t size)
{
    char kind[16];

    if (r->kind == MOCKD3D12_RUNTIME_RETAIL || r->kind == MOCKD3D12_RUNTIME_PREVIEW)
        snprintf(kind, sizeof(kind), "%s", r->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail");
    else
        snprintf(kind, sizeof(kind), "kind %d", (int)r->kind);
    snprintf(text, size, "%s %u/%u cutoff %u/%u%s", kind, r->sdk_version, r->preview_sdk_version,
            r->cutoff_sdk_version, r->cutoff_preview_sdk_version, r->retroactive ? " retroactive" : "");
    return text;
}

static bool runtime_equal(const mockd3d12_runtime *got, const mockd3d12_runtime *expected)
{
    return got->kind == expected->kind && got->sdk_version == expected->sdk_version
            && got->preview_sdk_version == expected->preview_sdk_version
            && got->cutoff_sdk_version == expected->cutoff_sdk_version
            && got->cutoff_preview_sdk_version == expected->cutoff_preview_sdk_version
            && !got->retroactive == !expected->retroactive;
}

#define RUNTIME_DIFFERS_FORMAT "got kind %d %u/%u cutoff %u/%u retro %d, expected kind %d %u/%u cutoff %u/%u retro %d"
#define RUNTIME_DIFFERS_ARGS(got, expected) (got)->kind, (got)->sdk_version, (got)->preview_sdk_version, \
        (got)->cutoff_sdk_version, (got)->cutoff_preview_sdk_version, (got)->retroactive, (expected)->kind, \
        (expected)->sdk_version, (expected)->preview_sdk_version, (expected)->cutoff_sdk_version, \
        (expected)->cutoff_preview_sdk_version, (expected)->retroactive

/* A row's runtime: a failure of the row, recorded. */
static void check_runtime(struct row_failures *failures, unsigned row, const char *name, const char *what,
        const mockd3d12_runtime *got, const mockd3d12_runtime *expected)
{
    if (!runtime_equal(got, expected))
        row_fail(failures, row, name, "%s" RUNTIME_DIFFERS_FORMAT, what, RUNTIME_DIFFERS_ARGS(got, expected));
}

/* One step of a sequence: a failure of the test. */
static void assert_runtime_equal(const char *step, const mockd3d12_runtime *got, const mockd3d12_runtime *expected)
{
    if (!runtime_equal(got, expected))
        fail_msg("%s: " RUNTIME_DIFFERS_FORMAT, step, RUNTIME_DIFFERS_ARGS(got, expected));
}

/* An env row's name: its assignments, or "no variables". */
static const char *env_text(const char *const *assignments, char *text, size_t size)
{
    size_t n = 0;

    snprintf(text, size, "no variables");
    for (; *assignments && n < size; ++assignments)
    {
        int k = snprintf(text + n, size - n, "%s%s", n ? " " : "", *assignments);

        if (k < 0)
            break;
        n += (size_t)k;
    }
    return text;
}

static void test_env_rows(void **state)
{
    struct row_failures failures = {0};
    char why[256], err[1024], name[256];
    mockd3d12_runtime r;
    unsigned i;
    HRESULT hr;
    (void)state;

    mockd3d12_set_runtime(NULL);
    for (i = 0; i < sizeof(env_rows) / sizeof(*env_rows); ++i)
    {
        const struct env_row *row = &env_rows[i];

        env_text(row->env, name, sizeof(name));
        set_env(row->env);
        why[0] = 0;
        hr = current_captured(&r, why, sizeof(why), err, sizeof(err));
        if (hr != row->hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x (%s)", (unsigned)hr, (unsigned)row->hr, err);
        if (SUCCEEDED(hr))
        {
            check_runtime(&failures, i, name, "", &r, &row->expected);
            if (err[0])
                row_fail(&failures, i, name, "unexpected stderr output \"%s\"", err);
            /* The public getter agrees. */
            if ((hr = mockd3d12_get_runtime(&r)) != S_OK)
            {
                row_fail(&failures, i, name, "mockd3d12_get_runtime hr %#x, expected S_OK", (unsigned)hr);
                continue;
            }
            check_runtime(&failures, i, name, "mockd3d12_get_runtime: ", &r, &row->expected);
            continue;
        }
        if (!strstr(why, row->message) || !strstr(err, row->message) || !strstr(err, "mockd3d12"))
            row_fail(&failures, i, name, "message \"%s\" / stderr \"%s\" does not name %s", why, err, row->message);
    }
    clear_env();
    rows_done(&failures);
}

/* The best-effort getter ignores the malformed variable, not the others. */
static void test_current_best_effort(void **state)
{
    static const char *const env[] = {"MOCKD3D12_SDK_VERSION=abc", "MOCKD3D12_RUNTIME_KIND=preview", NULL};
    mockd3d12_runtime r;
    (void)state;

    set_env(env);
    clamp_runtime_current(&r);
    assert_int_equal(r.kind, MOCKD3D12_RUNTIME_PREVIEW);
    assert_int_equal(r.sdk_version, 620);
    assert_int_equal(r.preview_sdk_version, 721);
    assert_int_equal(mockd3d12_get_runtime(&r), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_runtime(NULL), E_POINTER);
    clear_env();
}

/* mockd3d12_set_runtime > environment; NULL and clamp_reset forget it. */
static void test_control_precedence(void **state)
{
    static const mockd3d12_runtime control = R(PREVIEW, 622, 723, 616, 717, TRUE);
    static const mockd3d12_runtime bad = R(RETAIL, 721, 721, 620, 721, FALSE);
    static const char *const env[] = {"MOCKD3D12_SDK_VERSION=619", NULL};
    static const char *const bad_env[] = {"MOCKD3D12_SDK_VERSION=abc", NULL};
    static const mockd3d12_runtime env_runtime = R(RETAIL, 619, 719, 620, 721, FALSE);
    mockd3d12_runtime r;
    (void)state;

    set_env(env);
    assert_int_equal(mockd3d12_set_runtime(&control), S_OK);
    assert_int_equal(clamp_runtime_current_checked(&r, NULL, 0), S_OK);
    assert_runtime_equal("the control API over the environment", &r, &control);

    /* An invalid configuration is refused and the previous one kept. */
    assert_int_equal(mockd3d12_set_runtime(&bad), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_runtime(&r), S_OK);
    assert_runtime_equal("an invalid configuration refused", &r, &control);

    /* With the control API set, the environment is not consulted at all. */
    set_env(bad_env);
    assert_int_equal(mockd3d12_get_runtime(&r), S_OK);
    assert_runtime_equal("a malformed environment not consulted", &r, &control);

    set_env(env);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
    assert_int_equal(mockd3d12_get_runtime(&r), S_OK);
    assert_runtime_equal("the environment after set_runtime(NULL)", &r, &env_runtime);

    assert_int_equal(mockd3d12_set_runtime(&control), S_OK);
    clamp_reset();
    assert_int_equal(mockd3d12_get_runtime(&r), S_OK);
    assert_runtime_equal("the environment after clamp_reset", &r, &env_runtime);
    clear_env();
}

/* ID3D12SDKConfiguration1::CreateDeviceFactory(SDKVersion): one number names
 * the runtime; the cutoff and retroactive mode come from the current one. */
struct factory_row
{
    UINT version;
    HRESULT hr;
    mockd3d12_runtime expected;
};

static const struct factory_row factory_rows[] =
{
    {620, S_OK, R(RETAIL, 620, 721, 616, 717, TRUE)},
    {615, S_OK, R(RETAIL, 615, 716, 616, 717, TRUE)},
    {618, S_OK, R(RETAIL, 618, 717, 616, 717, TRUE)},
    {622, S_OK, R(RETAIL, 622, 723, 616, 717, TRUE)},
    {721, S_OK, R(PREVIEW, 620, 721, 616, 717, TRUE)},
    {719, S_OK, R(PREVIEW, 619, 719, 616, 717, TRUE)},
    {715, S_OK, R(PREVIEW, 614, 715, 616, 717, TRUE)},
    {723, S_OK, R(PREVIEW, 622, 723, 616, 717, TRUE)},
    {0, E_INVALIDARG, DEFAULT},
    {65535, E_INVALIDARG, DEFAULT},
    {0x80000000u, E_INVALIDARG, DEFAULT},
};

static void test_factory_rows(void **state)
{
    static const char *const env[] = {"MOCKD3D12_CUTOFF_SDK_VERSION=616", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION=717",
            "MOCKD3D12_CLAMP_RETROACTIVE=1", NULL};
    static const char *const bad_env[] = {"MOCKD3D12_RUNTIME_KIND=beta", NULL};
    struct row_failures failures = {0};
    mockd3d12_runtime r;
    char name[32];
    unsigned i;
    HRESULT hr;
    (void)state;

    mockd3d12_set_runtime(NULL);
    set_env(env);
    for (i = 0; i < sizeof(factory_rows) / sizeof(*factory_rows); ++i)
    {
        snprintf(name, sizeof(name), "SDKVersion %u", factory_rows[i].version);
        hr = clamp_runtime_for_sdk_version(factory_rows[i].version, &r);
        if (hr != factory_rows[i].hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)factory_rows[i].hr);
        if (SUCCEEDED(hr))
            check_runtime(&failures, i, name, "", &r, &factory_rows[i].expected);
    }
    rows_done(&failures);
    /* A malformed environment fails the factory's devices too. */
    set_env(bad_env);
    assert_int_equal(clamp_runtime_for_sdk_version(620, &r), E_INVALIDARG);
    clear_env();
}

struct validate_row
{
    mockd3d12_runtime runtime;
    HRESULT hr;
    const char *why;
};

static const struct validate_row validate_rows[] =
{
    {DEFAULT, S_OK, NULL},
    {R(PREVIEW, 1, 700, 0, 0, TRUE), S_OK, NULL},
    {R(RETAIL, 699, 65534, 699, 65534, FALSE), S_OK, NULL},
    {{(mockd3d12_runtime_kind)2, 620, 721, 620, 721, FALSE}, E_INVALIDARG, "kind"},
    {R(RETAIL, 0, 721, 620, 721, FALSE), E_INVALIDARG, "sdk_version 0"},
    {R(RETAIL, 700, 721, 620, 721, FALSE), E_INVALIDARG, "sdk_version 700"},
    {R(RETAIL, 620, 699, 620, 721, FALSE), E_INVALIDARG, "preview_sdk_version 699"},
    {R(RETAIL, 620, 65535, 620, 721, FALSE), E_INVALIDARG, "preview_sdk_version 65535"},
    {R(RETAIL, 620, 721, 700, 721, FALSE), E_INVALIDARG, "cutoff_sdk_version 700"},
    {R(RETAIL, 620, 721, 620, 699, FALSE), E_INVALIDARG, "cutoff_preview_sdk_version 699"},
    {R(RETAIL, 620, 721, 620, 65535, FALSE), E_INVALIDARG, "cutoff_preview_sdk_version 65535"},
};

static void test_validate_rows(void **state)
{
    struct row_failures failures = {0};
    char why[160], name[80];
    unsigned i;
    HRESULT hr;
    (void)state;

    for (i = 0; i < sizeof(validate_rows) / sizeof(*validate_rows); ++i)
    {
        runtime_text(&validate_rows[i].runtime, name, sizeof(name));
        why[0] = 0;
        hr = clamp_runtime_validate(&validate_rows[i].runtime, why, sizeof(why));
        if (hr != validate_rows[i].hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x (why \"%s\")", (unsigned)hr,
                    (unsigned)validate_rows[i].hr, why);
        else if (FAILED(hr) && !strstr(why, validate_rows[i].why))
            row_fail(&failures, i, name, "why \"%s\" lacks \"%s\"", why, validate_rows[i].why);
    }
    rows_done(&failures);
    assert_int_equal(clamp_runtime_validate(NULL, NULL, 0), E_INVALIDARG);
}

/* A malformed variable (a runtime one, MOCKD3D12_DEBUG) fails
 * D3D12CreateDevice (and mockd3d12_get_runtime, for a runtime one),
 * and the reason reaches mockd3d12_last_error(), not only stderr. */
static void test_malformed_env_last_error(void **state)
{
    static const char *const env[] = {"MOCKD3D12_SDK_VERSION=abc", NULL};
    ID3D12Device *device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    mockd3d12_runtime runtime;
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    (void)state;

    set_env(env);
    dup2(null, 2); /* the library also says it on stderr */
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device),
            E_INVALIDARG);
    assert_null(device);
    assert_non_null(strstr(mockd3d12_last_error(), "D3D12CreateDevice: MOCKD3D12_SDK_VERSION=\"abc\" is invalid"));
    assert_int_equal(mockd3d12_get_runtime(&runtime), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "mockd3d12_get_runtime: MOCKD3D12_SDK_VERSION=\"abc\" is invalid"));
    clear_env();
    /* MOCKD3D12_DEBUG is exactly 0 or 1. */
    setenv("MOCKD3D12_DEBUG", "7", 1);
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device),
            E_INVALIDARG);
    assert_null(device);
    assert_non_null(strstr(mockd3d12_last_error(), "D3D12CreateDevice: MOCKD3D12_DEBUG=\"7\" is neither 0 nor 1"));
    setenv("MOCKD3D12_DEBUG", "0", 1);
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    device->lpVtbl->Release(device);
    unsetenv("MOCKD3D12_DEBUG");
    dup2(saved, 2);
    close(saved);
    close(null);
    clear_env();
}

/* Unpublished preview numbers pair with retail N - 101, never past the last
 * retail number (699: retail numbers are below 700). */
static void test_partner_of_unpublished_preview(void **state)
{
    static const struct
    {
        UINT preview, retail;
    }
    rows[] =
    {
        {750, 649},
        {800, 699},
        {801, 699},
        {900, 699},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); ++i)
    {
        UINT got = clamp_partner_sdk_version(rows[i].preview);

        if (got != rows[i].retail)
            row_fail(&failures, i, "partner", "preview %u: retail %u, expected %u", rows[i].preview, got,
                    rows[i].retail);
    }
    rows_done(&failures);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_env_rows),
        cmocka_unit_test(test_current_best_effort),
        cmocka_unit_test(test_control_precedence),
        cmocka_unit_test(test_factory_rows),
        cmocka_unit_test(test_validate_rows),
        cmocka_unit_test(test_malformed_env_last_error),
        cmocka_unit_test(test_partner_of_unpublished_preview),
    };
    clear_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
