/*
 * The bad-input catalogue: ONE table of every kind of bad input the API and
 * the CLI accept, with the expected result of each (docs/hardening.md).
 * Failures that concern a caller's buffer also check that the buffer is
 * untouched. Where the real runtime's answer is known (vkd3d's Windows-run
 * tests, the CheckFeatureSupport1 spec) the row follows it; the rest are the
 * documented mockd3d12 behaviour (docs/api.md, docs/clamping.md,
 * docs/profiles.md, the CLI's --help).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "portable.h"

#define UNTOUCHED 0xa5

enum kind
{
    CREATE_DEVICE,   /* D3D12CreateDevice(NULL, level, riid, out) */
    CFS,             /* ID3D12Device::CheckFeatureSupport on the default device */
    CFS1,            /* ID3D12Device17::CheckFeatureSupport1 on the default device */
    SET_RUNTIME,     /* mockd3d12_set_runtime(defaults with one field changed) */
    ENV,             /* env_name=env_value, then D3D12CreateDevice */
    PROFILE_TEXT,    /* mockd3d12_register_profile(text) */
    PROFILE_FILE,    /* mockd3d12_register_profile_file(text; "@" = MOCKD3D12_TEST_DATA) */
    CLI,             /* the mockd3d12 program with these arguments: its exit status */
};

enum runtime_field { RT_NONE, RT_KIND, RT_SDK, RT_PREVIEW, RT_CUTOFF, RT_CUTOFF_PREVIEW };

struct row
{
    const char *name;
    enum kind kind;
    /* CREATE_DEVICE */
    D3D_FEATURE_LEVEL level;
    int null_riid, null_out;
    /* CFS, CFS1 */
    UINT feature;
    int size_delta, null_data;
    UINT sdk;
    /* SET_RUNTIME */
    enum runtime_field field;
    UINT value;
    /* ENV, PROFILE_*, CLI */
    const char *env_name, *env_value, *text;
    /* expected */
    HRESULT hr;
    int exit_status;
};

#define OPTIONS D3D12_FEATURE_D3D12_OPTIONS
#define L11 D3D_FEATURE_LEVEL_11_0

static const struct row rows[] =
{
    /* D3D12CreateDevice (vkd3d test_create_device) */
    {"CreateDevice level 0", CREATE_DEVICE, .level = (D3D_FEATURE_LEVEL)0, .hr = E_INVALIDARG},
    {"CreateDevice level 9_1", CREATE_DEVICE, .level = D3D_FEATURE_LEVEL_9_1, .hr = E_INVALIDARG},
    {"CreateDevice level 10_1", CREATE_DEVICE, .level = D3D_FEATURE_LEVEL_10_1, .hr = E_INVALIDARG},
    {"CreateDevice level ~0u", CREATE_DEVICE, .level = (D3D_FEATURE_LEVEL)~0u, .hr = E_INVALIDARG},
    {"CreateDevice level 11_0 probe (ppDevice NULL)", CREATE_DEVICE, .level = L11, .null_out = 1, .hr = S_FALSE},
    {"CreateDevice level 9_1 probe", CREATE_DEVICE, .level = D3D_FEATURE_LEVEL_9_1, .null_out = 1, .hr = E_INVALIDARG},
    {"CreateDevice probe ignores a NULL riid", CREATE_DEVICE, .level = L11, .null_riid = 1, .null_out = 1, .hr = S_FALSE},
    {"CreateDevice NULL riid", CREATE_DEVICE, .level = L11, .null_riid = 1, .hr = E_INVALIDARG},

    /* CheckFeatureSupport: every wrong size, NULL data, unknown features */
    {"CFS OPTIONS exact size", CFS, .feature = OPTIONS, .hr = S_OK},
    {"CFS OPTIONS size - 1", CFS, .feature = OPTIONS, .size_delta = -1, .hr = E_INVALIDARG},
    {"CFS OPTIONS size + 1", CFS, .feature = OPTIONS, .size_delta = 1, .hr = E_INVALIDARG},
    {"CFS OPTIONS size 0", CFS, .feature = OPTIONS, .size_delta = -1000, .hr = E_INVALIDARG},
    {"CFS OPTIONS NULL data", CFS, .feature = OPTIONS, .null_data = 1, .hr = E_INVALIDARG},
    {"CFS SHADER_MODEL size - 4", CFS, .feature = D3D12_FEATURE_SHADER_MODEL, .size_delta = -4, .hr = E_INVALIDARG},
    {"CFS FEATURE_LEVELS size + 8", CFS, .feature = D3D12_FEATURE_FEATURE_LEVELS, .size_delta = 8, .hr = E_INVALIDARG},
    {"CFS unknown feature 6", CFS, .feature = 6, .hr = E_INVALIDARG},
    {"CFS unknown feature 127", CFS, .feature = 127, .hr = E_INVALIDARG},
    {"CFS unknown feature 1000", CFS, .feature = 1000, .hr = E_INVALIDARG},
    {"CFS unknown feature ~0u", CFS, .feature = ~0u, .hr = E_INVALIDARG},
    {"CFS SHADER_MODEL unknown shader model", CFS, .feature = D3D12_FEATURE_SHADER_MODEL, .sdk = 0x7fffffff,
            .hr = E_INVALIDARG},
    {"CFS FORMAT_SUPPORT unknown format", CFS, .feature = D3D12_FEATURE_FORMAT_SUPPORT, .sdk = 0xffff,
            .hr = E_INVALIDARG},

    /* CheckFeatureSupport1: extreme SDK versions on a retail 620 / preview 721 runtime */
    {"CFS1 SDK 0", CFS1, .feature = OPTIONS, .sdk = 0, .hr = S_OK},
    {"CFS1 SDK 620", CFS1, .feature = OPTIONS, .sdk = 620, .hr = S_OK},
    {"CFS1 SDK 621 (newer than the runtime)", CFS1, .feature = OPTIONS, .sdk = 621, .hr = E_INVALIDARG},
    {"CFS1 SDK 699", CFS1, .feature = OPTIONS, .sdk = 699, .hr = E_INVALIDARG},
    {"CFS1 SDK 700", CFS1, .feature = OPTIONS, .sdk = 700, .hr = E_INVALIDARG},
    {"CFS1 SDK 721 (the preview, remapped)", CFS1, .feature = OPTIONS, .sdk = 721, .hr = S_OK},
    {"CFS1 SDK ~0u", CFS1, .feature = OPTIONS, .sdk = ~0u, .hr = E_INVALIDARG},
    {"CFS1 size - 1", CFS1, .feature = OPTIONS, .sdk = 620, .size_delta = -1, .hr = E_INVALIDARG},
    {"CFS1 NULL data", CFS1, .feature = OPTIONS, .sdk = 620, .null_data = 1, .hr = E_INVALIDARG},
    {"CFS1 unknown feature", CFS1, .feature = 1000, .sdk = 620, .hr = E_INVALIDARG},
    {"CFS1 too new SDK and a wrong size", CFS1, .feature = OPTIONS, .sdk = ~0u, .size_delta = 1, .hr = E_INVALIDARG},

    /* mockd3d12_set_runtime */
    {"set_runtime defaults", SET_RUNTIME, .field = RT_NONE, .hr = S_OK},
    {"set_runtime kind 2", SET_RUNTIME, .field = RT_KIND, .value = 2, .hr = E_INVALIDARG},
    {"set_runtime kind ~0u", SET_RUNTIME, .field = RT_KIND, .value = ~0u, .hr = E_INVALIDARG},
    {"set_runtime SDK 0", SET_RUNTIME, .field = RT_SDK, .value = 0, .hr = E_INVALIDARG},
    {"set_runtime SDK 700", SET_RUNTIME, .field = RT_SDK, .value = 700, .hr = E_INVALIDARG},
    {"set_runtime SDK ~0u", SET_RUNTIME, .field = RT_SDK, .value = ~0u, .hr = E_INVALIDARG},
    {"set_runtime preview 699", SET_RUNTIME, .field = RT_PREVIEW, .value = 699, .hr = E_INVALIDARG},
    {"set_runtime preview ~0u", SET_RUNTIME, .field = RT_PREVIEW, .value = ~0u, .hr = E_INVALIDARG},
    {"set_runtime cutoff 700", SET_RUNTIME, .field = RT_CUTOFF, .value = 700, .hr = E_INVALIDARG},
    {"set_runtime cutoff preview 5", SET_RUNTIME, .field = RT_CUTOFF_PREVIEW, .value = 5, .hr = E_INVALIDARG},

    /* Malformed environment variables fail device creation (never a silent default) */
    {"env SDK_VERSION abc", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "abc", .hr = E_INVALIDARG},
    {"env SDK_VERSION 0", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "0", .hr = E_INVALIDARG},
    {"env SDK_VERSION -1", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "-1", .hr = E_INVALIDARG},
    {"env SDK_VERSION 700", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "700", .hr = E_INVALIDARG},
    {"env SDK_VERSION 2^64", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "18446744073709551616",
            .hr = E_INVALIDARG},
    {"env SDK_VERSION 616x", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "616x", .hr = E_INVALIDARG},
    {"env SDK_VERSION 616 (valid)", ENV, .env_name = "MOCKD3D12_SDK_VERSION", .env_value = "616", .hr = S_OK},
    {"env PREVIEW_SDK_VERSION 600", ENV, .env_name = "MOCKD3D12_PREVIEW_SDK_VERSION", .env_value = "600",
            .hr = E_INVALIDARG},
    {"env RUNTIME_KIND beta", ENV, .env_name = "MOCKD3D12_RUNTIME_KIND", .env_value = "beta", .hr = E_INVALIDARG},
    {"env CLAMP_RETROACTIVE 2", ENV, .env_name = "MOCKD3D12_CLAMP_RETROACTIVE", .env_value = "2", .hr = E_INVALIDARG},
    {"env CUTOFF_SDK_VERSION x", ENV, .env_name = "MOCKD3D12_CUTOFF_SDK_VERSION", .env_value = "x", .hr = E_INVALIDARG},
    {"env ADAPTER unknown id", ENV, .env_name = "MOCKD3D12_ADAPTER", .env_value = "no-such-adapter",
            .hr = DXGI_ERROR_UNSUPPORTED},
    {"env ADAPTER missing file", ENV, .env_name = "MOCKD3D12_ADAPTER", .env_value = "/nonexistent/profile.json",
            .hr = DXGI_ERROR_UNSUPPORTED},
    {"env PROFILE_PATH missing directory", ENV, .env_name = "MOCKD3D12_PROFILE_PATH",
            .env_value = "/nonexistent-dir", .hr = S_OK},

    /* Profiles given as text */
    {"profile NULL", PROFILE_TEXT, .text = NULL, .hr = E_INVALIDARG},
    {"profile empty", PROFILE_TEXT, .text = "", .hr = E_INVALIDARG},
    {"profile truncated", PROFILE_TEXT, .text = "{\"id\": \"x\"", .hr = E_INVALIDARG},
    {"profile not an object", PROFILE_TEXT, .text = "[]", .hr = E_INVALIDARG},
    {"profile id not a string", PROFILE_TEXT, .text = "{\"id\": 5}", .hr = E_INVALIDARG},
    {"profile duplicate key", PROFILE_TEXT, .text = "{\"id\": \"a\", \"id\": \"b\"}", .hr = E_INVALIDARG},
    {"profile unknown inherits", PROFILE_TEXT,
            .text = "{\"id\": \"bad-inherits\", \"description\": \"d\", \"inherits\": \"no-such-adapter\"}",
            .hr = E_INVALIDARG},
    {"profile unknown feature", PROFILE_TEXT,
            .text = "{\"id\": \"bad-feature\", \"description\": \"d\", \"features\": {\"NO_SUCH\": {}}}",
            .hr = E_INVALIDARG},
    {"profile control character", PROFILE_TEXT, .text = "{\"id\": \"x\",\x01 }", .hr = E_INVALIDARG},

    /* Profile files */
    {"profile file NULL", PROFILE_FILE, .text = NULL, .hr = E_INVALIDARG},
    {"profile file missing", PROFILE_FILE, .text = "/nonexistent/profile.json", .hr = E_INVALIDARG},
    {"profile file is a directory", PROFILE_FILE, .text = "/", .hr = E_INVALIDARG},
    {"profile file empty", PROFILE_FILE, .text = "/dev/null", .hr = E_INVALIDARG},
    {"profile file bad syntax", PROFILE_FILE, .text = "@/profiles/bad-syntax.json", .hr = E_INVALIDARG},

    /* The CLI: 2 usage, 3 adapter not loadable, 4 bad runtime or SDK version */
    {"cli no command", CLI, .text = "", .exit_status = 2},
    {"cli unknown command", CLI, .text = "bogus", .exit_status = 2},
    {"cli unknown option", CLI, .text = "adapters --bogus", .exit_status = 2},
    {"cli missing option value", CLI, .text = "clamp-table --field", .exit_status = 2},
    {"cli SDK version not a number", CLI, .text = "caps --sdk-version abc", .exit_status = 2},
    {"cli SDK version too new", CLI, .text = "caps --sdk-version 99999", .exit_status = 4},
    {"cli unknown adapter", CLI, .text = "caps --adapter no-such-adapter", .exit_status = 3},
    {"cli missing profile file", CLI, .text = "caps --adapter /nonexistent/profile.json", .exit_status = 3},
    {"cli diff with one adapter", CLI, .text = "diff nvidia-rtx-4090", .exit_status = 2},
    {"cli explain without arguments", CLI, .text = "explain", .exit_status = 2},
};

/* The rows' failures: the run_* helpers check what a row must not do besides its HRESULT. */
static struct row_failures failures;
#define ROW_FAIL(r, ...) row_fail(&failures, (unsigned)((r) - rows), (r)->name, __VA_ARGS__)

static ID3D12Device *create_default_device(void)
{
    ID3D12Device *device = NULL;

    assert_int_equal(D3D12CreateDevice(NULL, L11, &IID_ID3D12Device, (void **)&device), S_OK);
    return device;
}

static HRESULT run_create_device(const struct row *r)
{
    ID3D12Device *device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
    HRESULT hr;

    hr = D3D12CreateDevice(NULL, r->level, r->null_riid ? NULL : &IID_ID3D12Device,
            r->null_out ? NULL : (void **)&device);
    if (!r->null_out)
    {
        if (SUCCEEDED(hr))
            ID3D12Device_Release(device);
        else if (device)
            ROW_FAIL(r, "failed (%#x) but *ppDevice is %p", (unsigned)hr, (void *)device);
    }
    return hr;
}

/* The struct size of a feature, from what the headers declare. */
static UINT feature_size(UINT feature)
{
    switch (feature)
    {
        case D3D12_FEATURE_D3D12_OPTIONS: return sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS);
        case D3D12_FEATURE_SHADER_MODEL: return sizeof(D3D12_FEATURE_DATA_SHADER_MODEL);
        case D3D12_FEATURE_FEATURE_LEVELS: return sizeof(D3D12_FEATURE_DATA_FEATURE_LEVELS);
        case D3D12_FEATURE_FORMAT_SUPPORT: return sizeof(D3D12_FEATURE_DATA_FORMAT_SUPPORT);
        default: return 16;
    }
}

static HRESULT run_cfs(const struct row *r)
{
    unsigned char buffer[256], before[256];
    ID3D12Device *device = create_default_device();
    ID3D12Device17 *device17 = NULL;
    int size = (int)feature_size(r->feature) + r->size_delta;
    HRESULT hr;

    if (size < 0)
        size = 0;
    memset(buffer, UNTOUCHED, sizeof(buffer));
    /* Inputs of the input-carrying rows: an unknown shader model / format. */
    if (r->feature == D3D12_FEATURE_SHADER_MODEL || r->feature == D3D12_FEATURE_FORMAT_SUPPORT)
        memcpy(buffer, r->kind == CFS ? &r->sdk : (const UINT *)"\0\0\0", sizeof(UINT));
    if (r->feature == D3D12_FEATURE_FEATURE_LEVELS)
        memset(buffer, 0, sizeof(buffer));
    memcpy(before, buffer, sizeof(buffer));

    if (r->kind == CFS)
    {
        hr = ID3D12Device_CheckFeatureSupport(device, (D3D12_FEATURE)r->feature, r->null_data ? NULL : buffer,
                (UINT)size);
    }
    else
    {
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
        hr = ID3D12Device17_CheckFeatureSupport1(device17, (D3D12_FEATURE)r->feature, r->null_data ? NULL : buffer,
                (UINT)size, r->sdk);
        ID3D12Device17_Release(device17);
    }
    if (FAILED(hr) && memcmp(before, buffer, sizeof(buffer)))
        ROW_FAIL(r, "failed (%#x) and wrote the buffer", (unsigned)hr);
    if (SUCCEEDED(hr) && !memcmp(before, buffer, sizeof(buffer)))
        ROW_FAIL(r, "succeeded and wrote nothing");
    ID3D12Device_Release(device);
    return hr;
}

static HRESULT run_set_runtime(const struct row *r)
{
    mockd3d12_runtime runtime, after;
    HRESULT hr;

    mockd3d12_reset();
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    switch (r->field)
    {
        case RT_NONE: break;
        case RT_KIND: runtime.kind = (mockd3d12_runtime_kind)r->value; break;
        case RT_SDK: runtime.sdk_version = r->value; break;
        case RT_PREVIEW: runtime.preview_sdk_version = r->value; break;
        case RT_CUTOFF: runtime.cutoff_sdk_version = r->value; break;
        case RT_CUTOFF_PREVIEW: runtime.cutoff_preview_sdk_version = r->value; break;
    }
    hr = mockd3d12_set_runtime(&runtime);
    /* A rejected configuration changes nothing. */
    assert_int_equal(mockd3d12_get_runtime(&after), S_OK);
    if (FAILED(hr) && after.sdk_version != 620)
        ROW_FAIL(r, "rejected but the runtime changed");
    mockd3d12_reset();
    return hr;
}

static HRESULT run_env(const struct row *r)
{
    ID3D12Device *device = NULL;
    HRESULT hr;

    mockd3d12_reset();
    setenv(r->env_name, r->env_value, 1);
    hr = D3D12CreateDevice(NULL, L11, &IID_ID3D12Device, (void **)&device);
    unsetenv(r->env_name);
    if (SUCCEEDED(hr))
        ID3D12Device_Release(device);
    else if (device)
        ROW_FAIL(r, "failed but returned a device");
    mockd3d12_reset();
    return hr;
}

static HRESULT run_profile(const struct row *r)
{
    UINT before = mockd3d12_adapter_count();
    char error[512] = "", path[1024];
    HRESULT hr;

    if (r->kind == PROFILE_TEXT)
    {
        hr = mockd3d12_register_profile(r->text, error, sizeof(error));
    }
    else
    {
        const char *text = r->text;
        if (text && text[0] == '@')
        {
            const char *data = getenv("MOCKD3D12_TEST_DATA");
            assert_non_null(data);
            snprintf(path, sizeof(path), "%s%s", data, text + 1);
            text = path;
        }
        hr = mockd3d12_register_profile_file(text, error, sizeof(error));
    }
    if (FAILED(hr) && !error[0])
        ROW_FAIL(r, "failed (%#x) with no message", (unsigned)hr);
    if (mockd3d12_adapter_count() != before + (SUCCEEDED(hr) ? 1 : 0))
        ROW_FAIL(r, "the registry changed by %d", (int)(mockd3d12_adapter_count() - before));
    return hr;
}

static int run_cli(const struct row *r)
{
    const char *cli = getenv("MOCKD3D12_CLI");
    char command[1024];
    int status;

    if (!cli)
        fail_msg("%s: MOCKD3D12_CLI is not set (tests/stress.cmake sets it)", r->name);
    snprintf(command, sizeof(command), SHELL_QUOTE "%s" SHELL_QUOTE " %s >" SHELL_NULL_DEVICE " 2>&1", cli, r->text);
    status = system(command);
    if (status == -1 || !WIFEXITED(status))
    {
        ROW_FAIL(r, "the CLI did not exit normally (%#x)", status);
        return -1;
    }
    return WEXITSTATUS(status);
}

static void test_bad_input(void **state)
{
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const struct row *r = &rows[i];
        HRESULT hr = S_OK;
        int status;

        switch (r->kind)
        {
            case CREATE_DEVICE: hr = run_create_device(r); break;
            case CFS: case CFS1: hr = run_cfs(r); break;
            case SET_RUNTIME: hr = run_set_runtime(r); break;
            case ENV: hr = run_env(r); break;
            case PROFILE_TEXT: case PROFILE_FILE: hr = run_profile(r); break;
            case CLI:
                if ((status = run_cli(r)) != r->exit_status)
                    ROW_FAIL(r, "exit status %d, expected %d", status, r->exit_status);
                continue;
        }
        if (hr != r->hr)
            ROW_FAIL(r, "hr %#x, expected %#x", (unsigned)hr, (unsigned)r->hr);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
