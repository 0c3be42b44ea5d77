/*
 * Clamping end to end, through the public entry points: D3D12CreateDevice,
 * QueryInterface(ID3D12Device17), CheckFeatureSupport1 and the legacy
 * CheckFeatureSupport, with the nextgen adapter's declared newValues
 * (D3D12_RAYTRACING_TIER_1_3, 622 / 723), the preview-721 tiers, the
 * debug-layer messages, the canary buffer of a too-new SDKVersion, and two
 * threads with different SDK versions on one device.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <pthread.h>
#include "portable.h"

#include "mk_tables.h"

#define CANARY 0x7e

/* A profile on top of nextgen with the preview-721 tiers and the preview-715
 * work-graphs tier, so every version boundary of the real data is reachable. */
static const char test_profile[] =
    "{\"id\": \"clamp-e2e\", \"inherits\": \"nextgen\", \"features\": {"
    " \"PARTIAL_GRAPHICS_PROGRAMS\": {\"PartialGraphicsProgramsTier\": \"D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0\"},"
    " \"DUMP_FILE\": {\"DumpFileDriverTier\": \"D3D12_DUMP_FILE_DRIVER_TIER_2\"},"
    " \"D3D12_OPTIONS21\": {\"WorkGraphsTier\": \"D3D12_WORK_GRAPHS_TIER_1_1\"},"
    " \"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_3\"}}}";

static const char *const env_names[] =
{
    "MOCKD3D12_SDK_VERSION", "MOCKD3D12_PREVIEW_SDK_VERSION", "MOCKD3D12_RUNTIME_KIND", "MOCKD3D12_ADAPTER",
    "MOCKD3D12_CUTOFF_SDK_VERSION", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION", "MOCKD3D12_CLAMP_RETROACTIVE",
    "MOCKD3D12_DEBUG",
};

static int setup(void **state)
{
    char error[512];
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(env_names) / sizeof(*env_names); ++i)
        unsetenv(env_names[i]);
    mockd3d12_reset();
    if (FAILED(mockd3d12_register_profile(test_profile, error, sizeof(error))))
    {
        fprintf(stderr, "clamp-e2e profile: %s\n", error);
        return -1;
    }
    return 0;
}

static ID3D12Device *create_device_with(const char *adapter, const mockd3d12_runtime *runtime, bool debug)
{
    ID3D12Device *device = NULL;
    ID3D12Debug *d;
    HRESULT hr;

    mockd3d12_reset();
    assert_int_equal(mockd3d12_select_adapter(adapter), S_OK);
    assert_int_equal(mockd3d12_set_runtime(runtime), S_OK);
    if (debug)
    {
        assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&d), S_OK);
        ID3D12Debug_EnableDebugLayer(d);
        ID3D12Debug_Release(d);
    }
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (FAILED(hr))
        fail_msg("D3D12CreateDevice(%s): %#x", adapter, (unsigned)hr);
    return device;
}

/* The text of the newest debug message, or "" without any. */
static void last_message(ID3D12Device *device, char *text, size_t size)
{
    ID3D12InfoQueue *queue;
    D3D12_MESSAGE *message;
    SIZE_T length = 0;
    UINT64 count;

    text[0] = 0;
    if (FAILED(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue)))
        return;
    if ((count = ID3D12InfoQueue_GetNumStoredMessages(queue))
            && SUCCEEDED(ID3D12InfoQueue_GetMessage(queue, count - 1, NULL, &length))
            && (message = malloc(length)))
    {
        if (SUCCEEDED(ID3D12InfoQueue_GetMessage(queue, count - 1, message, &length)))
            snprintf(text, size, "%.*s", (int)message->DescriptionByteLength, message->pDescription);
        free(message);
    }
    ID3D12InfoQueue_ClearStoredMessages(queue);
    ID3D12InfoQueue_Release(queue);
}

enum entry { CFS1, LEGACY };

struct e2e_row
{
    const char *adapter;
    mockd3d12_runtime runtime;
    enum entry entry;
    const char *feature, *field;
    UINT sdk_version;
    HRESULT hr;
    uint32_t expected;      /* when hr is S_OK */
    const char *message;    /* a substring of the newest debug message, or NULL */
};

#define RETAIL(s, p) {MOCKD3D12_RUNTIME_RETAIL, s, p, 620, 721, FALSE}
#define PREVIEW(s, p) {MOCKD3D12_RUNTIME_PREVIEW, s, p, 620, 721, FALSE}
#define RETRO(k, s, p) {MOCKD3D12_RUNTIME_##k, s, p, 620, 721, TRUE}

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

static const struct e2e_row e2e_rows[] =
{
    /* Declared newValues: RaytracingTier 1.3 (622 / 723). */
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 622, S_OK, 13, NULL},
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 723, S_OK, 13, NULL},
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 620, S_OK, 12,
            "D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier clamped from D3D12_RAYTRACING_TIER_1_3 (13) to D3D12_RAYTRACING_TIER_1_2 (12) for SDKVersion 620"},
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 621, S_OK, 12, "SDKVersion 621"},
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 606, S_OK, 12, "SDKVersion 606"},
    {"nextgen", RETAIL(622, 723), LEGACY, "D3D12_OPTIONS5", "RaytracingTier", 0, S_OK, 12, "clamped from D3D12_RAYTRACING_TIER_1_3 (13)"},
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 721, E_INVALIDARG, 0, "SDKVersion 721 is newer"},
    {"nextgen", RETAIL(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 623, E_INVALIDARG, 0, "SDKVersion 623 is newer"},
    {"nextgen", PREVIEW(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 723, S_OK, 13, NULL},
    {"nextgen", PREVIEW(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 722, S_OK, 12, "for SDKVersion 722"},
    {"nextgen", PREVIEW(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 721, S_OK, 12, "for SDKVersion 721"},
    {"nextgen", PREVIEW(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 622, S_OK, 13, NULL},
    {"nextgen", PREVIEW(622, 723), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 724, E_INVALIDARG, 0, "SDKVersion 724"},

    /* The spec's remap and too-new rules on the default runtime. */
    {"clamp-e2e", RETAIL(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 721, S_OK, 11, NULL},
    {"clamp-e2e", RETAIL(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 719, E_INVALIDARG, 0, "SDKVersion 719 is newer"},
    {"clamp-e2e", RETAIL(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 720, E_INVALIDARG, 0, "SDKVersion 720 is newer"},
    {"clamp-e2e", RETAIL(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 621, E_INVALIDARG, 0, "SDKVersion 621 is newer"},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 719, S_OK, 11, NULL},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 620, S_OK, 11, NULL},
    /* WORK_GRAPHS_TIER_1_1 (preview 715) predates the cutoff: never clamped... */
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 714, S_OK, 11, NULL},
    {"clamp-e2e", PREVIEW(620, 721), LEGACY, "D3D12_OPTIONS21", "WorkGraphsTier", 0, S_OK, 11, NULL},
    /* ...except in retroactive mode (beyond the spec). */
    {"clamp-e2e", RETRO(PREVIEW, 620, 721), CFS1, "D3D12_OPTIONS21", "WorkGraphsTier", 714, S_OK, 10, "to D3D12_WORK_GRAPHS_TIER_1_0 (10)"},

    /* The preview-721 tiers on a preview 721 runtime. */
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", 721, S_OK, 10, NULL},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", 720, S_OK, 0,
            "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0 (10) to D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_NOT_SUPPORTED (0) for SDKVersion 720"},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", 620, S_OK, 0, "for SDKVersion 620"},
    {"clamp-e2e", PREVIEW(620, 721), LEGACY, "PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", 0, S_OK, 0, "PartialGraphicsProgramsTier clamped"},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "DUMP_FILE", "DumpFileDriverTier", 721, S_OK, 2, NULL},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "DUMP_FILE", "DumpFileDriverTier", 720, S_OK, 0, "DumpFileDriverTier clamped"},
    {"clamp-e2e", PREVIEW(620, 721), CFS1, "DUMP_FILE", "DumpFileDriverTier", 620, S_OK, 0, "DumpFileDriverTier clamped"},
    /* ...and on the retail 620 runtime, where 721 is remapped to 620. */
    {"clamp-e2e", RETAIL(620, 721), CFS1, "D3D12_OPTIONS5", "RaytracingTier", 721, S_OK, 12, "for SDKVersion 620"},
};

static void test_e2e_rows(void **state)
{
    unsigned char data[1024], canary[1024];
    struct row_failures failures = {0};
    char message[1024], runtime[64], name[192];
    unsigned i, j;
    (void)state;

    for (i = 0; i < sizeof(e2e_rows) / sizeof(*e2e_rows); ++i)
    {
        const struct e2e_row *row = &e2e_rows[i];
        const struct mk_feature *feature = &mk_features[mk_feature_find(row->feature)];
        const struct mk_field *field = &mk_fields[mk_field_find(feature->struct_index, row->field)];
        UINT size = mk_structs[feature->struct_index].size;
        ID3D12Device17 *device17 = NULL;
        ID3D12Device *device;
        HRESULT hr;

        runtime_name(&row->runtime, runtime, sizeof(runtime));
        if (row->entry == LEGACY)
            snprintf(name, sizeof(name), "%s, %s, %s.%s, legacy", row->adapter, runtime, row->feature, row->field);
        else
            snprintf(name, sizeof(name), "%s, %s, %s.%s, SDKVersion %u", row->adapter, runtime, row->feature,
                    row->field, row->sdk_version);
        device = create_device_with(row->adapter, &row->runtime, true);
        memset(data, CANARY, sizeof(data));
        memset(canary, CANARY, sizeof(canary));
        last_message(device, message, sizeof(message));
        if (row->entry == LEGACY)
        {
            hr = ID3D12Device_CheckFeatureSupport(device, feature->value, data, size);
        }
        else
        {
            if ((hr = ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17)) != S_OK)
            {
                row_fail(&failures, i, name, "QueryInterface(ID3D12Device17) hr %#x", (unsigned)hr);
                ID3D12Device_Release(device);
                continue;
            }
            hr = ID3D12Device17_CheckFeatureSupport1(device17, feature->value, data, size, row->sdk_version);
            ID3D12Device17_Release(device17);
        }
        if (hr != row->hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)row->hr);
        if (FAILED(hr))
        {
            /* Too new: not one byte of the buffer written. */
            for (j = 0; j < sizeof(data); ++j)
            {
                if (data[j] != canary[j])
                {
                    row_fail(&failures, i, name, "byte %u of the buffer written on failure", j);
                    break;
                }
            }
        }
        else if (mk_field_get(data, field) != row->expected)
        {
            row_fail(&failures, i, name, "got %llu, expected %u", (unsigned long long)mk_field_get(data, field),
                    row->expected);
        }
        last_message(device, message, sizeof(message));
        if (row->message && !strstr(message, row->message))
            row_fail(&failures, i, name, "debug message \"%s\" lacks \"%s\"", message, row->message);
        if (!row->message && row->entry == CFS1 && strstr(message, "clamped"))
            row_fail(&failures, i, name, "unexpected clamp message \"%s\"", message);
        ID3D12Device_Release(device);
    }
    mockd3d12_reset();
    rows_done(&failures);
}

/* Clamping lowers only the reported value: the device keeps its true tier
 * for later calls with a newer version (rule 3). */
static void test_true_value_kept(void **state)
{
    static const mockd3d12_runtime runtime = RETAIL(622, 723);
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    static const UINT versions[] = {620, 622, 606, 723, 0, 622};
    static const UINT expected[] = {12, 13, 12, 13, 12, 13};
    struct row_failures failures = {0};
    char name[32];
    unsigned i;
    HRESULT hr;
    (void)state;

    device = create_device_with("nextgen", &runtime, false);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    for (i = 0; i < sizeof(versions) / sizeof(*versions); ++i)
    {
        snprintf(name, sizeof(name), "SDKVersion %u", versions[i]);
        memset(&options5, 0, sizeof(options5));
        if ((hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
                sizeof(options5), versions[i])) != S_OK)
        {
            row_fail(&failures, i, name, "hr %#x, expected S_OK", (unsigned)hr);
            continue;
        }
        if ((UINT)options5.RaytracingTier != expected[i])
            row_fail(&failures, i, name, "tier %d, expected %u", options5.RaytracingTier, expected[i]);
    }
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    mockd3d12_reset();
    rows_done(&failures);
}

/* Format queries are never clamped, whatever the cutoff (rule 8). */
static void test_format_never_clamped(void **state)
{
    /* A cutoff at 618 / 719 makes FORMAT_SUPPORT2_DISPLAYABLE post-cutoff. */
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 618, 719, TRUE};
    D3D12_FEATURE_DATA_FORMAT_SUPPORT legacy = {DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0};
    D3D12_FEATURE_DATA_FORMAT_SUPPORT cfs1 = {DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0};
    ID3D12Device17 *device17;
    ID3D12Device *device;
    (void)state;

    device = create_device_with("nextgen", &runtime, false);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &legacy, sizeof(legacy)), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_FORMAT_SUPPORT, &cfs1, sizeof(cfs1),
            600), S_OK);
    assert_int_not_equal(legacy.Support1, 0);
    assert_int_equal(legacy.Support1, cfs1.Support1);
    assert_int_equal(legacy.Support2, cfs1.Support2);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    mockd3d12_reset();
}

/* A runtime before the cutoff has no ID3D12Device17. */
static void test_no_device17(void **state)
{
    static const mockd3d12_runtime rows[] = {RETAIL(619, 719), PREVIEW(620, 720), RETAIL(620, 721), PREVIEW(620, 721)};
    static const HRESULT expected[] = {E_NOINTERFACE, E_NOINTERFACE, S_OK, S_OK};
    struct row_failures failures = {0};
    ID3D12Device17 *device17;
    ID3D12Device *device;
    char name[64];
    unsigned i;
    HRESULT hr;
    (void)state;

    for (i = 0; i < sizeof(rows) / sizeof(*rows); ++i)
    {
        runtime_name(&rows[i], name, sizeof(name));
        device = create_device_with("nextgen", &rows[i], false);
        device17 = (ID3D12Device17 *)(uintptr_t)1;
        hr = ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17);
        if (hr != expected[i])
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)expected[i]);
        if (SUCCEEDED(hr))
            ID3D12Device17_Release(device17);
        else if (device17)
            row_fail(&failures, i, name, "out pointer %p not cleared", (void *)device17);
        ID3D12Device_Release(device);
    }
    mockd3d12_reset();
    rows_done(&failures);
}

/* The legacy entry point's deprecation warning exists only where its
 * successor does: a runtime before the CheckFeatureSupport1 cutoff (no
 * ID3D12Device17) answers CheckFeatureSupport without it (issue 32 item 5). */
static void test_deprecation_only_with_device17(void **state)
{
    static const struct
    {
        const char *name;
        mockd3d12_runtime runtime;
        bool warned;
    }
    rows[] =
    {
        {"retail 619: no ID3D12Device17, no warning", RETAIL(619, 719), false},
        {"preview 720: no ID3D12Device17, no warning", PREVIEW(620, 720), false},
        {"retail 620: ID3D12Device17, warned", RETAIL(620, 721), true},
        {"preview 721: ID3D12Device17, warned", PREVIEW(620, 721), true},
    };
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    struct row_failures failures = {0};
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    D3D12_MESSAGE *message;
    SIZE_T length;
    UINT64 count, j;
    unsigned i, found;
    (void)state;

    for (i = 0; i < sizeof(rows) / sizeof(*rows); ++i)
    {
        device = create_device_with("nextgen", &rows[i].runtime, true);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
        ID3D12InfoQueue_ClearStoredMessages(queue);
        if (ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)) != S_OK)
            row_fail(&failures, i, rows[i].name, "CheckFeatureSupport failed");
        count = ID3D12InfoQueue_GetNumStoredMessages(queue);
        for (j = 0, found = 0; j < count; ++j)
        {
            length = 0;
            assert_int_equal(ID3D12InfoQueue_GetMessage(queue, j, NULL, &length), S_OK);
            assert_non_null(message = malloc(length));
            assert_int_equal(ID3D12InfoQueue_GetMessage(queue, j, message, &length), S_OK);
            found += message->ID == D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_DEPRECATED;
            free(message);
        }
        if (found != (rows[i].warned ? 1u : 0u))
            row_fail(&failures, i, rows[i].name, "%u CHECKFEATURESUPPORT_DEPRECATED message(s)", found);
        ID3D12InfoQueue_Release(queue);
        ID3D12Device_Release(device);
    }
    mockd3d12_reset();
    rows_done(&failures);
}

/* A malformed environment fails device creation instead of using defaults. */
static void test_malformed_env_fails_device(void **state)
{
    ID3D12Device *device = NULL;
    HRESULT hr;
    (void)state;

    mockd3d12_reset();
    setenv("MOCKD3D12_RUNTIME_KIND", "beta", 1);
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    unsetenv("MOCKD3D12_RUNTIME_KIND");
    if (SUCCEEDED(hr))
        ID3D12Device_Release(device);
    assert_int_equal(hr, E_INVALIDARG);
    assert_null(device);
}

/* Two threads with different SDK versions on one device never see each
 * other's results: the clamp works on a per-call copy. */
struct thread_args
{
    ID3D12Device17 *device17;
    UINT sdk_version;
    D3D12_RAYTRACING_TIER expected;
    unsigned wrong;
};

static void *query_thread(void *arg)
{
    struct thread_args *t = arg;
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    unsigned i;

    for (i = 0; i < 20000; ++i)
    {
        memset(&options5, 0, sizeof(options5));
        if (FAILED(ID3D12Device17_CheckFeatureSupport1(t->device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
                sizeof(options5), t->sdk_version)) || options5.RaytracingTier != t->expected)
            ++t->wrong;
    }
    return NULL;
}

static void test_threads(void **state)
{
    static const mockd3d12_runtime runtime = RETAIL(622, 723);
    struct row_failures failures = {0};
    struct thread_args args[2];
    pthread_t threads[2];
    char name[48];
    ID3D12Device17 *device17;
    ID3D12Device *device;
    unsigned i;
    (void)state;

    /* Without the debug layer: 20000 clamp warnings on stderr would drown the log. */
    device = create_device_with("nextgen", &runtime, false);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    args[0] = (struct thread_args){device17, 620, D3D12_RAYTRACING_TIER_1_2, 0};
    args[1] = (struct thread_args){device17, 622, (D3D12_RAYTRACING_TIER)13, 0};
    for (i = 0; i < 2; ++i)
        assert_int_equal(pthread_create(&threads[i], NULL, query_thread, &args[i]), 0);
    for (i = 0; i < 2; ++i)
        assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (i = 0; i < 2; ++i)
    {
        snprintf(name, sizeof(name), "thread of SDKVersion %u", args[i].sdk_version);
        if (args[i].wrong)
            row_fail(&failures, i, name, "%u wrong answers", args[i].wrong);
    }
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    mockd3d12_reset();
    rows_done(&failures);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_e2e_rows),
        cmocka_unit_test(test_true_value_kept),
        cmocka_unit_test(test_format_never_clamped),
        cmocka_unit_test(test_no_device17),
        cmocka_unit_test(test_deprecation_only_with_device17),
        cmocka_unit_test(test_malformed_env_fails_device),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
