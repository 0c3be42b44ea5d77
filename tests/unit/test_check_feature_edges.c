/*
 * CheckFeatureSupport's refusals with the debug layer on, the ones
 * test_debug_layer.c's message rows do not reach through a device: a known
 * feature with no data, a feature the device's runtime is too old to know,
 * a feature value past every table. Each row: the HRESULT, the one message
 * and its text, and that the caller's buffer was not touched. Then SDK
 * versions past 1023 on a runtime numbered that high.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

/* A device of a factory for SDK `sdk_version` (its runtime knows that SDK). */
static ID3D12Device *factory_device(UINT sdk_version)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *device = NULL;

    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
            (void **)&config), S_OK);
    assert_int_equal(ID3D12SDKConfiguration1_CreateDeviceFactory(config, sdk_version, ".\\D3D12\\",
            &IID_ID3D12DeviceFactory, (void **)&factory), S_OK);
    assert_int_equal(ID3D12DeviceFactory_CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    ID3D12DeviceFactory_Release(factory);
    ID3D12SDKConfiguration1_Release(config);
    return device;
}

static void test_refusals_with_debug_layer(void **state)
{
    static const struct
    {
        const char *name;
        UINT sdk_version; /* the factory's */
        D3D12_FEATURE feature;
        bool data;
        UINT size;
        D3D12_MESSAGE_ID id;
        const char *message;
    }
    rows[] =
    {
        {"OPTIONS, no data", 614, D3D12_FEATURE_D3D12_OPTIONS, false, sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS),
                D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT,
                "ID3D12Device::CheckFeatureSupport: D3D12_FEATURE_D3D12_OPTIONS: pFeatureSupportData is NULL."},
        {"OPTIONS21 on SDK 606", 606, D3D12_FEATURE_D3D12_OPTIONS21, true, sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS21),
                D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE,
                "ID3D12Device::CheckFeatureSupport: D3D12_FEATURE_D3D12_OPTIONS21 (53) is not a feature this runtime "
                "(retail 606) knows; returning E_INVALIDARG."},
        {"feature 4096", 614, (D3D12_FEATURE)4096, true, 4, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE,
                "ID3D12Device::CheckFeatureSupport: Feature 4096 is not a feature this runtime (retail 614) knows; "
                "returning E_INVALIDARG."},
    };
    struct row_failures failures = {0};
    unsigned char data[256], canary[256];
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE *m;
    UINT64 last;
    unsigned i;
    SIZE_T size;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    memset(canary, 0xa5, sizeof(canary));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = factory_device(rows[i].sdk_version);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
        ID3D12InfoQueue_ClearStoredMessages(info);
        memcpy(data, canary, sizeof(data));
        hr = ID3D12Device_CheckFeatureSupport(device, rows[i].feature, rows[i].data ? data : NULL, rows[i].size);
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        if (memcmp(data, canary, sizeof(data)))
            row_fail(&failures, i, rows[i].name, "the data was written");
        /* The deprecation warning of the legacy entry point may come first: the last message is the refusal. */
        size = 0;
        last = ID3D12InfoQueue_GetNumStoredMessages(info);
        if (!last-- || FAILED(ID3D12InfoQueue_GetMessage(info, last, NULL, &size)))
        {
            row_fail(&failures, i, rows[i].name, "no message");
        }
        else
        {
            assert_non_null(m = malloc(size));
            assert_int_equal(ID3D12InfoQueue_GetMessage(info, last, m, &size), S_OK);
            if (m->ID != rows[i].id || strcmp(m->pDescription, rows[i].message))
                row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)m->ID, m->pDescription);
            free(m);
        }
        ID3D12InfoQueue_Release(info);
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

/* A preview runtime numbered past 1023 (valid up to 65534): versions from
 * 1024 up are found among the sheet's buckets by search, not by the table
 * of small versions, and give the same answers as the bucket they fall in.
 * nextgen declares RaytracingTier 1_3 from preview 723: 722 sees it
 * clamped, 1023, 1024, 1500 and 2000 see it. */
static void test_versions_past_1023(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 620, 2000, 620, 721, FALSE};
    static const struct
    {
        UINT version;
        HRESULT hr;
        bool tier_1_3;
    }
    rows[] =
    {
        {722, S_OK, false},
        {1023, S_OK, true},
        {1024, S_OK, true},
        {1500, S_OK, true},
        {2000, S_OK, true},
        {2001, E_INVALIDARG, false},
    };
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 data;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    IUnknown *adapter;
    unsigned i;
    HRESULT hr;

    (void)state;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_get_adapter("nextgen", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&data, 0xa5, sizeof(data));
        hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &data, sizeof(data),
                rows[i].version);
        if (hr != rows[i].hr)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: hr %#x", rows[i].version, (unsigned)hr);
        else if (SUCCEEDED(hr) && (data.RaytracingTier == (D3D12_RAYTRACING_TIER)13) != rows[i].tier_1_3)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: RaytracingTier %d", rows[i].version,
                    (int)data.RaytracingTier);
    }
    rows_done(&failures);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* A value declared from preview 1500 on the same runtime: 1200 and 1499
 * fall in the bucket before it and see the tier clamped, 1500 and 1800 see
 * it. */
static void test_value_declared_past_1023(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 620, 2000, 620, 721, FALSE};
    static const char profile[] =
            "{\"id\": \"sheet-1500\", \"description\": \"a tier from preview 1500\", \"inherits\": \"nvidia-rtx-4090\","
            " \"newValues\": [{\"field\": \"D3D12_OPTIONS.ResourceBindingTier\", \"name\": "
            "\"D3D12_RESOURCE_BINDING_TIER_4\", \"value\": 4, \"firstPreview\": 1500}],"
            " \"features\": {\"D3D12_OPTIONS\": {\"ResourceBindingTier\": \"D3D12_RESOURCE_BINDING_TIER_4\"}}}";
    static const struct
    {
        UINT version;
        bool tier_4;
    }
    rows[] =
    {
        {1200, false},
        {1499, false},
        {1500, true},
        {1800, true},
    };
    struct row_failures failures = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS data;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    IUnknown *adapter;
    char error[512] = "";
    unsigned i;
    HRESULT hr;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_get_adapter("sheet-1500", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&data, 0xa5, sizeof(data));
        hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS, &data, sizeof(data),
                rows[i].version);
        if (hr != S_OK)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: hr %#x", rows[i].version, (unsigned)hr);
        else if ((data.ResourceBindingTier == (D3D12_RESOURCE_BINDING_TIER)4) != rows[i].tier_4
                || data.ResourceBindingTier < D3D12_RESOURCE_BINDING_TIER_1)
            row_fail(&failures, i, "CheckFeatureSupport1", "version %u: ResourceBindingTier %d", rows[i].version,
                    (int)data.ResourceBindingTier);
    }
    rows_done(&failures);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* Values declared on one SDK track only, and one on an unordered enum: a
 * retail-only tier is clamped for the legacy entry point (pinned before the
 * cutoff) and for an earlier retail SDK, and seen from its own; a
 * D3D12_TRI_STATE value of the preview track only is unknown to every
 * retail SDK, and an unordered enum's clamped value becomes its 0. */
static void test_one_track_values_clamped(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE};
    static const char profile[] =
            "{\"id\": \"clamp-one-track\", \"description\": \"one-track values\", \"inherits\": \"nvidia-rtx-4090\","
            " \"newValues\": ["
            " {\"field\": \"D3D12_OPTIONS5.RaytracingTier\", \"name\": \"D3D12_RAYTRACING_TIER_1_3\", \"value\": 13,"
            " \"firstRetail\": 622},"
            " {\"field\": \"D3D12_OPTIONS12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives\","
            " \"name\": \"D3D12_TRI_STATE_MAYBE\", \"value\": 2, \"firstPreview\": 730}],"
            " \"features\": {\"D3D12_OPTIONS5\": {\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_3\"},"
            " \"D3D12_OPTIONS12\": {\"MSPrimitivesPipelineStatisticIncludesCulledPrimitives\":"
            " \"D3D12_TRI_STATE_MAYBE\"}}}";
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_D3D12_OPTIONS12 options12;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    IUnknown *adapter;
    char error[512] = "";

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_get_adapter("clamp-one-track", &adapter), S_OK);
    assert_int_equal(D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device), S_OK);
    IUnknown_Release(adapter);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);

    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5), 622), S_OK);
    assert_int_equal(options5.RaytracingTier, 13);
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5), 621), S_OK);
    assert_true(options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_0 && options5.RaytracingTier < 13);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5)), S_OK);
    assert_true(options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_0 && options5.RaytracingTier < 13);

    memset(&options12, 0xa5, sizeof(options12));
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS12, &options12,
            sizeof(options12), 622), S_OK);
    assert_int_equal(options12.MSPrimitivesPipelineStatisticIncludesCulledPrimitives, D3D12_TRI_STATE_FALSE);
    ID3D12Device17_Release(device17);
    ID3D12Device_Release(device);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_refusals_with_debug_layer, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_versions_past_1023, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_value_declared_past_1023, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_one_track_values_clamped, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
