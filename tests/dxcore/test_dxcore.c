/*
 * The mock DXCore library against the real libd3d12 (one adapter registry
 * and one machine, as for libdxgi): adapter lists per machine, attribute
 * filters, every property of several built-in adapters, sort orders, LUID
 * look-ups, stale lists and removed adapters, memory-budget states, bad
 * input, notifications, and D3D12CreateDevice on DXCore adapters. Linked as
 * a client (libdxcore + libd3d12, never mk_core); the same file runs under
 * Wine against dxcore.dll and d3d12.dll.
 */
#define MK_TEST_DXCORE
#include "mk_test.h"

#define MAX_IDS 8

static int luid_equal(LUID a, LUID b)
{
    return a.LowPart == b.LowPart && a.HighPart == b.HighPart;
}

/* GetAdapterLuid returns a struct: on Windows through the RetVal pointer the
 * C macro takes there (the MSVC ABI), on Linux by value. */
static LUID device_luid(ID3D12Device *device)
{
#ifdef _WIN32
    LUID luid;

    ID3D12Device_GetAdapterLuid(device, &luid);
    return luid;
#else
    return ID3D12Device_GetAdapterLuid(device);
#endif
}

static unsigned id_count(const char *const *ids)
{
    unsigned n = 0;

    while (n < MAX_IDS && ids[n])
        ++n;
    return n;
}

static void set_machine(const char *row, const char *const *ids)
{
    HRESULT hr = mockd3d12_set_machine_adapters(ids[0] ? ids : NULL, id_count(ids));

    if (hr != S_OK)
        fail_msg("%s: mockd3d12_set_machine_adapters: %#x", row, (unsigned)hr);
}

static void reset_machine(void)
{
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

static IDXCoreAdapterFactory *create_factory(void)
{
    IDXCoreAdapterFactory *factory = NULL;

    assert_int_equal(DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&factory), S_OK);
    assert_non_null(factory);
    return factory;
}

static IDXCoreAdapterList *create_list(IDXCoreAdapterFactory *factory, const GUID *attribute)
{
    IDXCoreAdapterList *list = NULL;

    assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, attribute, &IID_IDXCoreAdapterList,
            (void **)&list), S_OK);
    assert_non_null(list);
    return list;
}

static IDXCoreAdapter *list_adapter(IDXCoreAdapterList *list, uint32_t index)
{
    IDXCoreAdapter *adapter = NULL;

    assert_int_equal(IDXCoreAdapterList_GetAdapter(list, index, &IID_IDXCoreAdapter, (void **)&adapter), S_OK);
    return adapter;
}

static LUID adapter_luid(IDXCoreAdapter *adapter)
{
    LUID luid = {0, 0};

    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_InstanceLuid, sizeof(luid), &luid),
            S_OK);
    return luid;
}

/* Whether the list holds exactly `expected` (profile ids), in that order. */
static void check_list_order(struct row_failures *f, unsigned index, const char *row, IDXCoreAdapterList *list,
        const char *const *expected)
{
    unsigned count = id_count(expected);
    mockd3d12_adapter_info info;

    if (IDXCoreAdapterList_GetAdapterCount(list) != count)
    {
        row_fail(f, index, row, "%u adapters, expected %u", IDXCoreAdapterList_GetAdapterCount(list), count);
        return;
    }
    for (unsigned i = 0; i < count; ++i)
    {
        IDXCoreAdapter *adapter = list_adapter(list, i);

        assert_int_equal(mockd3d12_get_adapter_info(expected[i], &info), S_OK);
        if (!luid_equal(adapter_luid(adapter), info.luid))
            row_fail(f, index, row, "adapter %u is not %s", i, expected[i]);
        IDXCoreAdapter_Release(adapter);
    }
}

/* The machine's adapters in DXGI's order (hardware as configured, one WARP
 * last), for every attribute a simulated adapter has. */
static void test_machine_lists(void **state)
{
    static const struct
    {
        const char *name;
        const char *config[MAX_IDS];
        const char *env;
        const char *expected[MAX_IDS];
    }
    rows[] =
    {
        {"two hardware", {"intel-iris-xe", "nvidia-rtx-4090"}, NULL, {"intel-iris-xe", "nvidia-rtx-4090", "warp"}},
        {"warp chosen", {"warp-22621", "amd-rx-580"}, NULL, {"amd-rx-580", "warp-22621"}},
        {"only warp", {"warp"}, NULL, {"warp"}},
        {"environment", {NULL}, "amd-rx-7900-xtx, nvidia-rtx-3080-ti", {"amd-rx-7900-xtx", "nvidia-rtx-3080-ti", "warp"}},
        {"default", {NULL}, NULL, {"nvidia-rtx-5070-ti", "warp"}},
    };
    static const GUID *const attributes[] =
    {
        &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE,
        &DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS, &DXCORE_HARDWARE_TYPE_ATTRIBUTE_GPU,
        &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML,
    };
    struct row_failures failures = {0};
    IDXCoreAdapterFactory *factory;

    (void)state;
    factory = create_factory();
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        if (rows[i].env)
            test_setenv("MOCKD3D12_ADAPTERS", rows[i].env);
        else
            test_unsetenv("MOCKD3D12_ADAPTERS");
        set_machine(rows[i].name, rows[i].config);
        for (unsigned a = 0; a < ARRAY_SIZE(attributes); ++a)
        {
            IDXCoreAdapterList *list = create_list(factory, attributes[a]);

            check_list_order(&failures, i, rows[i].name, list, rows[i].expected);
            IDXCoreAdapterList_Release(list);
        }
    }
    reset_machine();
    rows_done(&failures);

    /* A machine naming an unknown profile: no list (the reason on stderr). */
    test_setenv("MOCKD3D12_ADAPTERS", "no-such-gpu");
    {
        IDXCoreAdapterList *list = (IDXCoreAdapterList *)(uintptr_t)1;
        LUID luid = {1, 0};

        assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
                &IID_IDXCoreAdapterList, (void **)&list), E_INVALIDARG);
        assert_null(list);
        assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &luid, &IID_IDXCoreAdapter, (void **)&list),
                E_INVALIDARG);
    }
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* Filters: every attribute must hold; unknown GUIDs and the attributes no
 * simulated adapter has give empty lists, not errors. */
static void test_attribute_filters(void **state)
{
    static const char *const config[] = {"nvidia-rtx-4090", "fl11-minimal", "warp", NULL};
    static const struct
    {
        const char *name;
        GUID attributes[3];
        unsigned count;
        unsigned expected;
    }
    rows[] =
    {
        {"D3D12 graphics", {{0x0c9ece4d, 0x2f6e, 0x4f01, {0x8c, 0x96, 0xe8, 0x9e, 0x33, 0x1b, 0x47, 0xb1}}}, 1, 3},
        {"D3D12 graphics + core compute + D3D11", {{0x0c9ece4d, 0x2f6e, 0x4f01, {0x8c, 0x96, 0xe8, 0x9e, 0x33, 0x1b, 0x47, 0xb1}},
                {0x248e2800, 0xa793, 0x4724, {0xab, 0xaa, 0x23, 0xa6, 0xde, 0x1b, 0xe0, 0x90}},
                {0x8c47866b, 0x7583, 0x450d, {0xf0, 0xf0, 0x6b, 0xad, 0xa8, 0x95, 0xaf, 0x4b}}}, 3, 3},
        {"generic media (no media engines)", {{0x8eb2c848, 0x82f6, 0x4b49, {0xaa, 0x87, 0xae, 0xcf, 0xcf, 0x01, 0x74, 0xc6}}}, 1, 0},
        {"NPU", {{0xd46140c4, 0xadd7, 0x451b, {0x9e, 0x56, 0x06, 0xfe, 0x8c, 0x3b, 0x58, 0xed}}}, 1, 0},
        {"compute accelerator (every adapter is a GPU)", {{0xe0b195da, 0x58ef, 0x4a22, {0x90, 0xf1, 0x1f, 0x28, 0x16, 0x9c, 0xab, 0x8d}}}, 1, 0},
        {"graphics + unknown", {{0x0c9ece4d, 0x2f6e, 0x4f01, {0x8c, 0x96, 0xe8, 0x9e, 0x33, 0x1b, 0x47, 0xb1}},
                {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}}}, 2, 0},
        {"IID_IDXCoreAdapter (not an attribute)", {{0xf0db4c7f, 0xfe5a, 0x42a2, {0xbd, 0x62, 0xf2, 0xa6, 0xcf, 0x6f, 0xc8, 0x3e}}}, 1, 0},
    };
    struct row_failures failures = {0};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list;
    IDXCoreAdapter *adapter;
    HRESULT hr;

    (void)state;
    set_machine("filters", config);
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        list = NULL;
        hr = IDXCoreAdapterFactory_CreateAdapterList(factory, rows[i].count, rows[i].attributes,
                &IID_IDXCoreAdapterList, (void **)&list);
        if (hr != S_OK || !list)
        {
            row_fail(&failures, i, rows[i].name, "CreateAdapterList: %#x", (unsigned)hr);
            continue;
        }
        if (IDXCoreAdapterList_GetAdapterCount(list) != rows[i].expected)
            row_fail(&failures, i, rows[i].name, "%u adapters, expected %u", IDXCoreAdapterList_GetAdapterCount(list),
                    rows[i].expected);
        /* Each listed adapter has each attribute it was listed for. */
        for (unsigned a = 0; a < IDXCoreAdapterList_GetAdapterCount(list); ++a)
        {
            adapter = list_adapter(list, a);
            for (unsigned g = 0; g < rows[i].count; ++g)
            {
                if (!IDXCoreAdapter_IsAttributeSupported(adapter, &rows[i].attributes[g]))
                    row_fail(&failures, i, rows[i].name, "adapter %u lacks attribute %u", a, g);
            }
            IDXCoreAdapter_Release(adapter);
        }
        IDXCoreAdapterList_Release(list);
    }
    rows_done(&failures);

    /* IsAttributeSupported, one adapter, each attribute. */
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
    adapter = list_adapter(list, 1); /* fl11-minimal: FL 11_0 is enough for all three */
    assert_true(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS));
    assert_true(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE));
    assert_true(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS));
    assert_true(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML));
    assert_true(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_HARDWARE_TYPE_ATTRIBUTE_GPU));
    assert_false(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_MEDIA));
    assert_false(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_HARDWARE_TYPE_ATTRIBUTE_COMPUTE_ACCELERATOR));
    assert_false(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_HARDWARE_TYPE_ATTRIBUTE_NPU));
    assert_false(IDXCoreAdapter_IsAttributeSupported(adapter, &DXCORE_HARDWARE_TYPE_ATTRIBUTE_MEDIA_ACCELERATOR));
    assert_false(IDXCoreAdapter_IsAttributeSupported(adapter, &IID_IDXCoreAdapter));
    assert_false(IDXCoreAdapter_IsAttributeSupported(adapter, NULL));
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list);

    /* Bad input (Microsoft's CreateAdapterList page). */
    list = (IDXCoreAdapterList *)(uintptr_t)1;
    assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList(factory, 0, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
            &IID_IDXCoreAdapterList, (void **)&list), E_INVALIDARG);
    assert_null(list);
    assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, NULL, &IID_IDXCoreAdapterList,
            (void **)&list), E_INVALIDARG);
    assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
            &IID_IDXCoreAdapterList, NULL), E_POINTER);
    assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList(factory, 1, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS,
            &IID_IDXCoreAdapter, (void **)&list), E_NOINTERFACE);
    assert_null(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- Properties ---- */

struct property_expectation
{
    bool supported;
    size_t size;
    unsigned char value[160];
};

/* What each property should be, from the same profile facts libdxgi's
 * descriptions use (mockd3d12_get_adapter_info / _details), by the rules of
 * docs/dxcore.md. */
static struct property_expectation expected_property(const char *id, DXCoreAdapterProperty property)
{
    struct property_expectation e = {true, 0, {0}};
    mockd3d12_adapter_info info;
    mockd3d12_adapter_details details;
    uint64_t u64;
    uint32_t u32;
    uint16_t u16;
    bool b;

    assert_int_equal(mockd3d12_get_adapter_info(id, &info), S_OK);
    assert_int_equal(mockd3d12_get_adapter_details(id, &details), S_OK);
#define PUT(x) (memcpy(e.value, &(x), sizeof(x)), e.size = sizeof(x))
    switch (property)
    {
        case DXCoreAdapterProperty_InstanceLuid: PUT(info.luid); break;
        case DXCoreAdapterProperty_DriverVersion:
            e.supported = details.has_umd_version;
            u64 = details.umd_version;
            PUT(u64);
            break;
        case DXCoreAdapterProperty_DriverDescription:
            e.size = strlen(info.description) + 1;
            memcpy(e.value, info.description, e.size);
            break;
        case DXCoreAdapterProperty_HardwareID:
        {
            DXCoreHardwareID hw = {info.vendor_id, info.device_id, info.subsys_id, info.revision};
            PUT(hw);
            break;
        }
        case DXCoreAdapterProperty_KmdModelVersion: u32 = 3100; PUT(u32); break;
        case DXCoreAdapterProperty_ComputePreemptionGranularity:
            u16 = (uint16_t)((details.compute_preemption_granularity + 1) * 100);
            PUT(u16);
            break;
        case DXCoreAdapterProperty_GraphicsPreemptionGranularity:
            u16 = (uint16_t)((details.graphics_preemption_granularity + 1) * 100);
            PUT(u16);
            break;
        case DXCoreAdapterProperty_DedicatedAdapterMemory: PUT(info.dedicated_video_memory); break;
        case DXCoreAdapterProperty_DedicatedSystemMemory: PUT(info.dedicated_system_memory); break;
        case DXCoreAdapterProperty_SharedSystemMemory: PUT(info.shared_system_memory); break;
        case DXCoreAdapterProperty_AcgCompatible: b = (details.dxgi_flags & 4) != 0; PUT(b); break;
        case DXCoreAdapterProperty_IsHardware: b = !info.software; PUT(b); break;
        case DXCoreAdapterProperty_IsIntegrated: b = !info.software && info.uma; PUT(b); break;
        case DXCoreAdapterProperty_IsDetachable: b = false; PUT(b); break;
        case DXCoreAdapterProperty_HardwareIDParts:
        {
            DXCoreHardwareIDParts parts = {info.vendor_id, info.device_id, info.subsys_id >> 16,
                    info.subsys_id & 0xffff, info.revision};
            PUT(parts);
            break;
        }
        case DXCoreAdapterProperty_PhysicalAdapterCount: u32 = info.node_count ? info.node_count : 1; PUT(u32); break;
        case DXCoreAdapterProperty_AdapterEngineCount:
        case DXCoreAdapterProperty_AdapterEngineName:
            e.supported = false;
            break;
    }
#undef PUT
    return e;
}

static const char *const property_names[] =
{
    "InstanceLuid", "DriverVersion", "DriverDescription", "HardwareID", "KmdModelVersion",
    "ComputePreemptionGranularity", "GraphicsPreemptionGranularity", "DedicatedAdapterMemory",
    "DedicatedSystemMemory", "SharedSystemMemory", "AcgCompatible", "IsHardware", "IsIntegrated", "IsDetachable",
    "HardwareIDParts", "PhysicalAdapterCount", "AdapterEngineCount", "AdapterEngineName",
};

/* Every property of several built-in adapters (docs/adapters.md): a discrete
 * dump with a UMD version, an integrated inferred one without, WARP, the
 * synthetic minimum and a Vulkan-derived software adapter. */
static void test_properties(void **state)
{
    static const char *const config[] =
    {
        "nvidia-rtx-5070-ti", "intel-iris-xe", "amd-radeon-680m", "fl11-minimal", "warp", NULL,
    };
    struct row_failures failures = {0};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list;
    char name[200];
    unsigned row = 0;

    (void)state;
    set_machine("properties", config);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
    assert_int_equal(IDXCoreAdapterList_GetAdapterCount(list), 5);
    for (unsigned a = 0; a < 5; ++a)
    {
        IDXCoreAdapter *adapter = list_adapter(list, a);

        for (unsigned p = 0; p < ARRAY_SIZE(property_names); ++p, ++row)
        {
            struct property_expectation e = expected_property(config[a], (DXCoreAdapterProperty)p);
            unsigned char got[sizeof(e.value)];
            size_t size = 12345;
            HRESULT hr;

            snprintf(name, sizeof(name), "%s %s", config[a], property_names[p]);
            if (IDXCoreAdapter_IsPropertySupported(adapter, (DXCoreAdapterProperty)p) != e.supported)
                row_fail(&failures, row, name, "IsPropertySupported %d", !e.supported);
            hr = IDXCoreAdapter_GetPropertySize(adapter, (DXCoreAdapterProperty)p, &size);
            if (!e.supported)
            {
                memset(got, 0xcc, sizeof(got));
                if (hr != DXGI_ERROR_UNSUPPORTED || size != 12345)
                    row_fail(&failures, row, name, "GetPropertySize: %#x, size %zu", (unsigned)hr, size);
                hr = IDXCoreAdapter_GetProperty(adapter, (DXCoreAdapterProperty)p, sizeof(got), got);
                if (hr != DXGI_ERROR_UNSUPPORTED || got[0] != 0xcc)
                    row_fail(&failures, row, name, "GetProperty: %#x (output touched: %d)", (unsigned)hr,
                            got[0] != 0xcc);
                continue;
            }
            if (hr != S_OK || size != e.size)
            {
                row_fail(&failures, row, name, "GetPropertySize: %#x, size %zu, expected %zu", (unsigned)hr, size,
                        e.size);
                continue;
            }
            /* The exact size; then a larger buffer, zeroed past the value. */
            memset(got, 0xcc, sizeof(got));
            if ((hr = IDXCoreAdapter_GetProperty(adapter, (DXCoreAdapterProperty)p, e.size, got)) != S_OK
                    || memcmp(got, e.value, e.size) || got[e.size] != 0xcc)
                row_fail(&failures, row, name, "GetProperty: %#x, value differs or overrun", (unsigned)hr);
            memset(got, 0xcc, sizeof(got));
            if ((hr = IDXCoreAdapter_GetProperty(adapter, (DXCoreAdapterProperty)p, e.size + 8, got)) != S_OK
                    || memcmp(got, e.value, e.size) || got[e.size] || got[e.size + 7] || got[e.size + 8] != 0xcc)
                row_fail(&failures, row, name, "GetProperty (larger buffer): %#x, not zero-filled", (unsigned)hr);
            /* Too small: E_INVALIDARG, output untouched; NULL: E_POINTER. */
            memset(got, 0xcc, sizeof(got));
            if ((hr = IDXCoreAdapter_GetProperty(adapter, (DXCoreAdapterProperty)p, e.size - 1, got)) != E_INVALIDARG
                    || got[0] != 0xcc)
                row_fail(&failures, row, name, "GetProperty (size - 1): %#x", (unsigned)hr);
            if ((hr = IDXCoreAdapter_GetProperty(adapter, (DXCoreAdapterProperty)p, e.size, NULL)) != E_POINTER)
                row_fail(&failures, row, name, "GetProperty (NULL): %#x", (unsigned)hr);
            if ((hr = IDXCoreAdapter_GetPropertySize(adapter, (DXCoreAdapterProperty)p, NULL)) != E_POINTER)
                row_fail(&failures, row, name, "GetPropertySize (NULL): %#x", (unsigned)hr);
        }
        /* A property this DXCore does not know. */
        {
            unsigned char got[8] = {0xcc};
            size_t size = 7;

            snprintf(name, sizeof(name), "%s unknown property", config[a]);
            if (IDXCoreAdapter_IsPropertySupported(adapter, (DXCoreAdapterProperty)18)
                    || IDXCoreAdapter_GetPropertySize(adapter, (DXCoreAdapterProperty)18, &size) != DXGI_ERROR_INVALID_CALL
                    || IDXCoreAdapter_GetProperty(adapter, (DXCoreAdapterProperty)0xffffffffu, sizeof(got), got)
                    != DXGI_ERROR_INVALID_CALL || size != 7 || got[0] != 0xcc)
                row_fail(&failures, row, name, "not refused with DXGI_ERROR_INVALID_CALL");
            ++row;
        }
        IDXCoreAdapter_Release(adapter);
    }
    rows_done(&failures);
    IDXCoreAdapterList_Release(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* The literal values of a few properties, so that the rules above are
 * checked against numbers and not only against themselves. */
static void test_property_literals(void **state)
{
    static const char *const config[] = {"intel-iris-xe", "nvidia-rtx-5070-ti", NULL};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list;
    IDXCoreAdapter *adapter;
    DXCoreHardwareIDParts parts;
    DXCoreHardwareID hw;
    char description[128];
    uint16_t granularity;
    uint32_t u32;
    uint64_t umd;
    bool b;

    (void)state;
    set_machine("literals", config);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    adapter = list_adapter(list, 0); /* Intel Iris Xe: integrated (UMA) */
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, sizeof(description),
            description), S_OK);
    assert_string_equal(description, "Intel(R) Iris(R) Xe Graphics");
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_HardwareID, sizeof(hw), &hw), S_OK);
    assert_int_equal(hw.vendorID, 0x8086);
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsIntegrated, sizeof(b), &b), S_OK);
    assert_true(b);
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsHardware, sizeof(b), &b), S_OK);
    assert_true(b);
    /* No report, but a driver version every Windows adapter has: the one an Iris Xe was seen with
     * (31.0.101.5333, tools/gen_profiles.py UMD_VERSIONS). */
    assert_true(IDXCoreAdapter_IsPropertySupported(adapter, DXCoreAdapterProperty_DriverVersion));
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverVersion, sizeof(umd), &umd), S_OK);
    assert_true(umd == ((31ull << 48) | (101ull << 16) | 5333));
    IDXCoreAdapter_Release(adapter);

    adapter = list_adapter(list, 1); /* RTX 5070 Ti: discrete, a D3d12info dump */
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_HardwareIDParts, sizeof(parts), &parts),
            S_OK);
    assert_int_equal(parts.vendorID, 0x10de);
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsIntegrated, sizeof(b), &b), S_OK);
    assert_false(b);
    assert_true(IDXCoreAdapter_IsPropertySupported(adapter, DXCoreAdapterProperty_DriverVersion));
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_KmdModelVersion, sizeof(u32), &u32), S_OK);
    assert_int_equal(u32, 3100); /* KMT_DRIVERVERSION_WDDM_3_1 */
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_PhysicalAdapterCount, sizeof(u32), &u32),
            S_OK);
    assert_int_equal(u32, 1);
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_GraphicsPreemptionGranularity,
            sizeof(granularity), &granularity), S_OK);
    assert_true(granularity >= 100 && granularity <= 500 && granularity % 100 == 0);
    IDXCoreAdapter_Release(adapter);

    adapter = list_adapter(list, 2); /* WARP */
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsHardware, sizeof(b), &b), S_OK);
    assert_false(b);
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_IsIntegrated, sizeof(b), &b), S_OK);
    assert_false(b);
    assert_int_equal(IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_HardwareID, sizeof(hw), &hw), S_OK);
    assert_int_equal(hw.vendorID, 0x1414);
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- Sort ---- */

static void test_sort(void **state)
{
    static const char *const config[] = {"warp-22621", "nvidia-rtx-4090", "intel-iris-xe", "amd-rx-7900-xtx",
            "intel-hd-530", NULL};
    static const struct
    {
        const char *name;
        DXCoreAdapterPreference preferences[3];
        unsigned count;
        const char *expected[MAX_IDS];
    }
    rows[] =
    {
        {"hardware", {DXCoreAdapterPreference_Hardware}, 1,
                {"nvidia-rtx-4090", "intel-iris-xe", "amd-rx-7900-xtx", "intel-hd-530", "warp-22621"}},
        {"minimum power", {DXCoreAdapterPreference_MinimumPower}, 1,
                {"intel-iris-xe", "intel-hd-530", "nvidia-rtx-4090", "amd-rx-7900-xtx", "warp-22621"}},
        {"high performance", {DXCoreAdapterPreference_HighPerformance}, 1,
                {"nvidia-rtx-4090", "amd-rx-7900-xtx", "intel-iris-xe", "intel-hd-530", "warp-22621"}},
        {"hardware, high performance", {DXCoreAdapterPreference_Hardware, DXCoreAdapterPreference_HighPerformance}, 2,
                {"nvidia-rtx-4090", "amd-rx-7900-xtx", "intel-iris-xe", "intel-hd-530", "warp-22621"}},
        {"unknown preference ignored", {(DXCoreAdapterPreference)77, DXCoreAdapterPreference_MinimumPower}, 2,
                {"intel-iris-xe", "intel-hd-530", "nvidia-rtx-4090", "amd-rx-7900-xtx", "warp-22621"}},
    };
    static const char *const unsorted[] = {"nvidia-rtx-4090", "intel-iris-xe", "amd-rx-7900-xtx", "intel-hd-530",
            "warp-22621", NULL};
    struct row_failures failures = {0};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list;
    DXCoreAdapterPreference preference = DXCoreAdapterPreference_Hardware;

    (void)state;
    set_machine("sort", config);
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
        check_list_order(&failures, i, "unsorted", list, unsorted);
        if (IDXCoreAdapterList_Sort(list, rows[i].count, rows[i].preferences) != S_OK)
            row_fail(&failures, i, rows[i].name, "Sort failed");
        check_list_order(&failures, i, rows[i].name, list, rows[i].expected);
        IDXCoreAdapterList_Release(list);
    }
    rows_done(&failures);

    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    assert_int_equal(IDXCoreAdapterList_Sort(list, 0, &preference), E_INVALIDARG);
    assert_int_equal(IDXCoreAdapterList_Sort(list, 1, NULL), E_INVALIDARG);
    check_list_order(&failures, 0, "after refused sorts", list, unsorted);
    assert_true(IDXCoreAdapterList_IsAdapterPreferenceSupported(list, DXCoreAdapterPreference_Hardware));
    assert_true(IDXCoreAdapterList_IsAdapterPreferenceSupported(list, DXCoreAdapterPreference_MinimumPower));
    assert_true(IDXCoreAdapterList_IsAdapterPreferenceSupported(list, DXCoreAdapterPreference_HighPerformance));
    assert_false(IDXCoreAdapterList_IsAdapterPreferenceSupported(list, (DXCoreAdapterPreference)3));
    IDXCoreAdapterList_Release(list);
    rows_done(&failures);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- Identity, LUIDs, staleness ---- */

static void test_luid_and_identity(void **state)
{
    static const char *const config[] = {"amd-rx-580", "nvidia-rtx-3080-ti", NULL};
    IDXCoreAdapterFactory *factory = create_factory(), *other;
    IDXCoreAdapterList *list, *list2;
    IDXCoreAdapter *adapter, *found;
    mockd3d12_adapter_info info;
    LUID luid;
    void *out;

    (void)state;
    set_machine("luid", config);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    list2 = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS);
    for (unsigned i = 0; i < 3; ++i)
    {
        adapter = list_adapter(list, i);
        found = list_adapter(list2, i);
        /* One adapter is one interface pointer, whichever list it comes from. */
        assert_ptr_equal(adapter, found);
        IDXCoreAdapter_Release(found);
        luid = adapter_luid(adapter);
        assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &luid, &IID_IDXCoreAdapter, (void **)&found),
                S_OK);
        assert_ptr_equal(adapter, found);
        IDXCoreAdapter_Release(found);
        IDXCoreAdapter_Release(adapter);
    }
    /* A registered adapter outside the machine, an unknown LUID, bad input. */
    assert_int_equal(mockd3d12_get_adapter_info("intel-arc-a770", &info), S_OK);
    out = (void *)(uintptr_t)1;
    assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &info.luid, &IID_IDXCoreAdapter, &out),
            E_INVALIDARG);
    assert_null(out);
    luid.LowPart = 0x12345;
    luid.HighPart = 0x777;
    assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &luid, &IID_IDXCoreAdapter, &out), E_INVALIDARG);
    assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, NULL, &IID_IDXCoreAdapter, &out), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_adapter_info("amd-rx-580", &info), S_OK);
    assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &info.luid, &IID_IDXCoreAdapter, NULL), E_POINTER);
    assert_int_equal(IDXCoreAdapterFactory_GetAdapterByLuid(factory, &info.luid, &IID_IDXCoreAdapterList, &out),
            E_NOINTERFACE);
    assert_null(out);

    /* GetAdapter: index past the end, bad IID, NULL. */
    assert_int_equal(IDXCoreAdapterList_GetAdapter(list, 3, &IID_IDXCoreAdapter, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapterList, &out), E_NOINTERFACE);
    assert_int_equal(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, NULL), E_POINTER);

    /* One factory while anything of DXCore's lives; GetFactory gives it. */
    assert_int_equal(DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, (void **)&other), S_OK);
    assert_ptr_equal(other, factory);
    IDXCoreAdapterFactory_Release(other);
    assert_int_equal(IDXCoreAdapterList_GetFactory(list, &IID_IDXCoreAdapterFactory, (void **)&other), S_OK);
    assert_ptr_equal(other, factory);
    IDXCoreAdapterFactory_Release(other);
    adapter = list_adapter(list, 0);
    assert_int_equal(IDXCoreAdapter_GetFactory(adapter, &IID_IDXCoreAdapterFactory1, (void **)&other), S_OK);
    assert_ptr_equal(other, factory);
    IDXCoreAdapterFactory_Release(other);
    assert_int_equal(IDXCoreAdapter_GetFactory(adapter, &IID_IDXCoreAdapter, &out), E_NOINTERFACE);
    assert_int_equal(IDXCoreAdapter_GetFactory(adapter, &IID_IDXCoreAdapterFactory, NULL), E_POINTER);
    assert_int_equal(IDXCoreAdapterList_GetFactory(list, &IID_IDXCoreAdapterFactory, NULL), E_POINTER);
    /* QueryInterface. */
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &IID_IDXCoreAdapter1, &out), S_OK);
    assert_ptr_equal(out, adapter);
    IDXCoreAdapter_Release((IDXCoreAdapter *)out);
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &IID_IDXCoreAdapterList, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(IDXCoreAdapterList_QueryInterface(list, &IID_IUnknown, &out), S_OK);
    IDXCoreAdapterList_Release((IDXCoreAdapterList *)out);
    assert_int_equal(IDXCoreAdapterList_QueryInterface(list, &IID_IDXCoreAdapter, &out), E_NOINTERFACE);
    assert_int_equal(IDXCoreAdapterFactory_QueryInterface(factory, &IID_IDXCoreAdapterFactory1, &out), S_OK);
    IDXCoreAdapterFactory_Release((IDXCoreAdapterFactory *)out);
    assert_int_equal(IDXCoreAdapterFactory_QueryInterface(factory, &IID_IDXCoreAdapterList, &out), E_NOINTERFACE);
    assert_int_equal(IDXCoreAdapterFactory_QueryInterface(factory, &IID_IUnknown, NULL), E_POINTER);
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list2);
    IDXCoreAdapterList_Release(list);

    /* DXCoreCreateAdapterFactory's bad input. */
    out = (void *)(uintptr_t)1;
    assert_int_equal(DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterList, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory, NULL), E_POINTER);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

static void test_stale_lists(void **state)
{
    static const char *const two[] = {"nvidia-rtx-4090", "intel-iris-xe", NULL};
    static const char *const swapped[] = {"intel-iris-xe", "nvidia-rtx-4090", NULL};
    static const char *const three[] = {"nvidia-rtx-4090", "intel-iris-xe", "amd-rx-580", NULL};
    static const char *const one[] = {"intel-iris-xe", NULL};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list, *media;
    IDXCoreAdapter *rtx, *iris;

    (void)state;
    set_machine("stale", two);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    media = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_MEDIA);
    rtx = list_adapter(list, 0);
    iris = list_adapter(list, 1);
    assert_false(IDXCoreAdapterList_IsStale(list));
    assert_true(IDXCoreAdapter_IsValid(rtx));
    set_machine("same again", two);
    assert_false(IDXCoreAdapterList_IsStale(list));
    set_machine("reordered", swapped);
    assert_false(IDXCoreAdapterList_IsStale(list)); /* the same adapters */
    set_machine("added", three);
    assert_true(IDXCoreAdapterList_IsStale(list));
    assert_false(IDXCoreAdapterList_IsStale(media)); /* the new adapter has no media engine either */
    assert_int_equal(IDXCoreAdapterList_GetAdapterCount(list), 3); /* a snapshot: unchanged */
    set_machine("removed", one);
    assert_true(IDXCoreAdapterList_IsStale(list));
    assert_false(IDXCoreAdapter_IsValid(rtx));
    assert_true(IDXCoreAdapter_IsValid(iris));
    /* Stale for good, even when the machine is the list's again (IsStale's page). */
    set_machine("back again", two);
    assert_true(IDXCoreAdapterList_IsStale(list));
    set_machine("removed", one);
    /* A removed adapter still answers its properties (GetProperty page). */
    (void)adapter_luid(rtx);
    IDXCoreAdapter_Release(rtx);
    IDXCoreAdapter_Release(iris);
    IDXCoreAdapterList_Release(media);
    IDXCoreAdapterList_Release(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- States ---- */

static void test_states(void **state)
{
    static const char *const config[] = {"nvidia-rtx-5070-ti", "intel-iris-xe", NULL};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list;
    DXCoreAdapterMemoryBudgetNodeSegmentGroup which = {0, DXCoreSegmentGroup_Local};
    DXCoreAdapterMemoryBudget budget, untouched;
    DXCoreMemoryQueryInput usage_in = {0, DXCoreMemoryType_Dedicated};
    DXCoreMemoryUsage usage;
    mockd3d12_adapter_info info;
    mockd3d12_adapter_details details;
    uint8_t updating = 0xcc;

    (void)state;
    set_machine("states", config);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    for (unsigned a = 0; a < 3; ++a)
    {
        IDXCoreAdapter *adapter = list_adapter(list, a);
        const char *id = a < 2 ? config[a] : "warp";

        assert_int_equal(mockd3d12_get_adapter_info(id, &info), S_OK);
        assert_int_equal(mockd3d12_get_adapter_details(id, &details), S_OK);
        for (unsigned group = 0; group < 2; ++group)
        {
            uint64_t expected;

            which.segmentGroup = (DXCoreSegmentGroup)group;
            if (details.has_video_memory_info)
                expected = details.budget[group];
            else if (group == 0)
                expected = info.uma ? info.dedicated_video_memory + info.shared_system_memory : info.dedicated_video_memory;
            else
                expected = info.uma ? 0 : info.shared_system_memory;
            memset(&budget, 0xcc, sizeof(budget));
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which),
                    &which, sizeof(budget), &budget), S_OK);
            assert_true(budget.budget == expected);
            assert_true(budget.currentUsage == 0);
            assert_true(budget.currentReservation == 0);
            assert_true(budget.availableForReservation
                    == (details.has_video_memory_info ? details.available_for_reservation[group] : expected / 2));
        }
        IDXCoreAdapter_Release(adapter);
    }
    {
        IDXCoreAdapter *adapter = list_adapter(list, 0);

        assert_true(IDXCoreAdapter_IsQueryStateSupported(adapter, DXCoreAdapterState_AdapterMemoryBudget));
        assert_true(IDXCoreAdapter_IsQueryStateSupported(adapter, DXCoreAdapterState_IsDriverUpdateInProgress));
        assert_true(IDXCoreAdapter_IsQueryStateSupported(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes));
        assert_false(IDXCoreAdapter_IsQueryStateSupported(adapter, DXCoreAdapterState_AdapterTemperatureCelsius));
        assert_false(IDXCoreAdapter_IsQueryStateSupported(adapter, (DXCoreAdapterState)11));
        /* Bad input leaves the output as it was. */
        memset(&untouched, 0x5a, sizeof(untouched));
        budget = untouched;
        which.nodeIndex = 1;
        which.segmentGroup = DXCoreSegmentGroup_Local;
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which),
                &which, sizeof(budget), &budget), E_INVALIDARG); /* node past the adapter's one node */
        which.nodeIndex = 0;
        which.segmentGroup = (DXCoreSegmentGroup)2;
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which),
                &which, sizeof(budget), &budget), E_INVALIDARG);
        which.segmentGroup = DXCoreSegmentGroup_NonLocal;
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which) - 1,
                &which, sizeof(budget), &budget), E_INVALIDARG);
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which),
                NULL, sizeof(budget), &budget), E_INVALIDARG);
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which),
                &which, sizeof(budget) - 8, &budget), E_INVALIDARG);
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget, sizeof(which),
                &which, sizeof(budget), NULL), E_POINTER);
        assert_memory_equal(&budget, &untouched, sizeof(budget));
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterTemperatureCelsius, 0, NULL,
                sizeof(budget), &budget), DXGI_ERROR_UNSUPPORTED);
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, (DXCoreAdapterState)99, 0, NULL, sizeof(budget), &budget),
                DXGI_ERROR_INVALID_CALL);
        assert_memory_equal(&budget, &untouched, sizeof(budget));
        /* Driver updates never happen; no device holds memory yet. */
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_IsDriverUpdateInProgress, 0, NULL,
                sizeof(updating), &updating), S_OK);
        assert_int_equal(updating, 0);
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_IsDriverUpdateInProgress, 0, NULL,
                sizeof(budget), &budget), E_INVALIDARG);
        memset(&usage, 0xcc, sizeof(usage));
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                sizeof(usage_in), &usage_in, sizeof(usage), &usage), S_OK);
        assert_true(usage.committed == 0 && usage.resident == 0);
        /* What the process's D3D12 devices hold (libd3d12's accounting, as
         * DXGI's QueryVideoMemoryInfo): a 1 MiB default buffer is local. */
        {
            D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
                    D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
            D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 1 << 20, 1, 1, 1, DXGI_FORMAT_UNKNOWN,
                    {1, 0}, D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
            ID3D12Resource *buffer;
            ID3D12Device *device;

            assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                    (void **)&device), S_OK);
            assert_int_equal(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
                    D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&buffer), S_OK);
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), &usage_in, sizeof(usage), &usage), S_OK);
            assert_true(usage.committed == 1 << 20 && usage.resident == 1 << 20);
            which.segmentGroup = DXCoreSegmentGroup_Local;
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryBudget,
                    sizeof(which), &which, sizeof(budget), &budget), S_OK);
            assert_true(budget.currentUsage == 1 << 20);
            usage_in.memoryType = DXCoreMemoryType_Shared;
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), &usage_in, sizeof(usage), &usage), S_OK);
            assert_true(usage.committed == 0);
            usage_in.memoryType = DXCoreMemoryType_Dedicated;
            ID3D12Resource_Release(buffer);
            ID3D12Device_Release(device);
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), &usage_in, sizeof(usage), &usage), S_OK);
            assert_true(usage.committed == 0);
        }
        usage_in.physicalAdapterIndex = 1;
        assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                sizeof(usage_in), &usage_in, sizeof(usage), &usage), E_INVALIDARG);
        /* The usage state's own refusals, each leaving the output as it was. */
        {
            DXCoreMemoryUsage kept;

            usage_in.physicalAdapterIndex = 0;
            memset(&kept, 0x5a, sizeof(kept));
            usage = kept;
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), NULL, sizeof(usage), &usage), E_INVALIDARG); /* no input */
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in) - 1, &usage_in, sizeof(usage), &usage), E_INVALIDARG); /* short input */
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), &usage_in, sizeof(usage) - 8, &usage), E_INVALIDARG); /* short output */
            usage_in.memoryType = (DXCoreMemoryType)2;
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), &usage_in, sizeof(usage), &usage), E_INVALIDARG); /* unknown memory type */
            usage_in.memoryType = DXCoreMemoryType_Dedicated;
            assert_int_equal(IDXCoreAdapter_QueryState(adapter, DXCoreAdapterState_AdapterMemoryUsageBytes,
                    sizeof(usage_in), &usage_in, sizeof(usage), NULL), E_POINTER);
            assert_memory_equal(&usage, &kept, sizeof(usage));
        }
        /* Nothing can be set. */
        for (unsigned s = 0; s <= 10; ++s)
        {
            assert_false(IDXCoreAdapter_IsSetStateSupported(adapter, (DXCoreAdapterState)s));
            assert_int_equal(IDXCoreAdapter_SetState(adapter, (DXCoreAdapterState)s, sizeof(which), &which,
                    sizeof(budget), &budget), DXGI_ERROR_UNSUPPORTED);
        }
        assert_int_equal(IDXCoreAdapter_SetState(adapter, (DXCoreAdapterState)11, 0, NULL, 0, NULL),
                DXGI_ERROR_INVALID_CALL);
        IDXCoreAdapter_Release(adapter);
    }
    IDXCoreAdapterList_Release(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- Notifications ---- */

static void STDMETHODCALLTYPE never_called(DXCoreNotificationType type, IUnknown *object, void *context)
{
    (void)type;
    (void)object;
    (void)context;
    fail_msg("a notification was delivered");
}

static void test_notifications(void **state)
{
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    IDXCoreAdapter *adapter = list_adapter(list, 0);
    IUnknown *list_unknown = (IUnknown *)list, *adapter_unknown = (IUnknown *)adapter;
    uint32_t cookie = 77, cookie2 = 0, cookie3 = 0;

    (void)state;
    for (unsigned t = 0; t < 4; ++t)
        assert_true(IDXCoreAdapterFactory_IsNotificationTypeSupported(factory, (DXCoreNotificationType)t));
    assert_false(IDXCoreAdapterFactory_IsNotificationTypeSupported(factory, (DXCoreNotificationType)4));

    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, list_unknown,
            DXCoreNotificationType_AdapterListStale, never_called, NULL, &cookie), S_OK);
    assert_int_not_equal(cookie, 0);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, adapter_unknown,
            DXCoreNotificationType_AdapterNoLongerValid, never_called, NULL, &cookie2), S_OK);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, adapter_unknown,
            DXCoreNotificationType_AdapterBudgetChange, never_called, &cookie3, &cookie3), S_OK);
    assert_true(cookie2 && cookie3 && cookie2 != cookie && cookie3 != cookie2);
    /* Failures set the cookie to 0 (the invalid cookie). */
    cookie2 = 5;
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, adapter_unknown,
            DXCoreNotificationType_AdapterListStale, never_called, NULL, &cookie2), E_INVALIDARG);
    assert_int_equal(cookie2, 0);
    cookie2 = 5;
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, list_unknown,
            DXCoreNotificationType_AdapterBudgetChange, never_called, NULL, &cookie2), E_INVALIDARG);
    assert_int_equal(cookie2, 0);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, NULL,
            DXCoreNotificationType_AdapterListStale, never_called, NULL, &cookie2), E_INVALIDARG);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, (IUnknown *)factory,
            DXCoreNotificationType_AdapterListStale, never_called, NULL, &cookie2), E_INVALIDARG);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, list_unknown,
            DXCoreNotificationType_AdapterListStale, NULL, NULL, &cookie2), E_POINTER);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, list_unknown,
            DXCoreNotificationType_AdapterListStale, never_called, NULL, NULL), E_POINTER);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, list_unknown,
            (DXCoreNotificationType)9, never_called, NULL, &cookie2), DXGI_ERROR_INVALID_CALL);

    assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookie), S_OK);
    assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookie), E_INVALIDARG);
    assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookie3), S_OK);
    assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, 0), E_INVALIDARG);
    /* Many registrations at once (the table grows past its first sizes):
     * each has its own cookie, and each unregisters once. */
    {
        uint32_t cookies[20];

        for (unsigned i = 0; i < ARRAY_SIZE(cookies); ++i)
        {
            cookies[i] = 0;
            assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, i % 2 ? adapter_unknown
                    : list_unknown, i % 2 ? DXCoreNotificationType_AdapterBudgetChange
                    : DXCoreNotificationType_AdapterListStale, never_called, NULL, &cookies[i]), S_OK);
            assert_int_not_equal(cookies[i], 0);
            for (unsigned j = 0; j < i; ++j)
                assert_int_not_equal(cookies[i], cookies[j]);
        }
        for (unsigned i = 0; i < ARRAY_SIZE(cookies); ++i)
            assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookies[(i * 7) % 20]), S_OK);
        for (unsigned i = 0; i < ARRAY_SIZE(cookies); ++i)
            assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookies[i]), E_INVALIDARG);
    }
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory_Release(factory);
}

/* AdapterBudgetChange is delivered each time the adapter's video memory
 * usage changes (a D3D12 committed resource on it created or released),
 * with the adapter and the context; a callback may unregister itself; after
 * UnregisterEventNotification nothing more comes. */
struct budget_seen
{
    unsigned calls;
    IUnknown *adapter;
    DXCoreNotificationType type;
    IDXCoreAdapterFactory *factory;
    uint32_t unregister;    /* nonzero: the callback unregisters this cookie */
    HRESULT unregister_hr;
};

static void STDMETHODCALLTYPE budget_changed(DXCoreNotificationType type, IUnknown *object, void *context)
{
    struct budget_seen *seen = context;

    ++seen->calls;
    seen->type = type;
    seen->adapter = object;
    if (seen->unregister)
    {
        seen->unregister_hr = IDXCoreAdapterFactory_UnregisterEventNotification(seen->factory, seen->unregister);
        seen->unregister = 0;
    }
}

static void test_budget_notifications(void **state)
{
    D3D12_HEAP_PROPERTIES props = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 1 << 20, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    IDXCoreAdapter *adapter = list_adapter(list, 0);
    struct budget_seen seen = {0}, self = {0};
    uint32_t cookie = 0, self_cookie = 0;
    ID3D12Resource *a, *b;
    ID3D12Device *device;

    (void)state;
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, (IUnknown *)adapter,
            DXCoreNotificationType_AdapterBudgetChange, budget_changed, &seen, &cookie), S_OK);
    self.factory = factory;
    assert_int_equal(IDXCoreAdapterFactory_RegisterEventNotification(factory, (IUnknown *)adapter,
            DXCoreNotificationType_AdapterBudgetChange, budget_changed, &self, &self_cookie), S_OK);
    self.unregister = self_cookie;
    assert_int_equal(seen.calls, 0);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&a), S_OK);
    assert_int_equal(seen.calls, 1);
    assert_int_equal(seen.type, DXCoreNotificationType_AdapterBudgetChange);
    assert_ptr_equal(seen.adapter, (IUnknown *)adapter);
    /* The self-unregistering callback ran once and its unregistration took. */
    assert_int_equal(self.calls, 1);
    assert_int_equal(self.unregister_hr, S_OK);
    assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, self_cookie), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&b), S_OK);
    assert_int_equal(seen.calls, 2);
    assert_int_equal(self.calls, 1);
    ID3D12Resource_Release(a);
    assert_int_equal(seen.calls, 3);
    assert_int_equal(IDXCoreAdapterFactory_UnregisterEventNotification(factory, cookie), S_OK);
    ID3D12Resource_Release(b);
    assert_int_equal(seen.calls, 3);
    assert_int_equal(ID3D12Device_Release(device), 0);
    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- IDXCoreAdapterFactory1, IDXCoreAdapter1 ---- */

static void test_workload_lists(void **state)
{
    static const char *const config[] = {"nvidia-rtx-4090", "intel-iris-xe", NULL};
    static const struct
    {
        const char *name;
        DXCoreWorkload workload;
        unsigned runtimes, types;
        HRESULT hr;
        unsigned count;
    }
    rows[] =
    {
        {"graphics, D3D12, GPU", DXCoreWorkload_Graphics, 2, 1, S_OK, 3},
        {"graphics, D3D11, GPU", DXCoreWorkload_Graphics, 1, 1, S_OK, 3},
        {"compute, D3D11|D3D12, GPU|compute", DXCoreWorkload_Compute, 3, 3, S_OK, 3},
        {"ML, D3D12, GPU", DXCoreWorkload_MachineLearning, 2, 1, S_OK, 3},
        {"ML, D3D12, NPU", DXCoreWorkload_MachineLearning, 2, 4, S_OK, 0},
        {"ML, D3D11", DXCoreWorkload_MachineLearning, 1, 1, S_OK, 0},
        {"media, D3D12, GPU", DXCoreWorkload_Media, 2, 1, S_OK, 0},
        {"media, D3D12, media accelerator", DXCoreWorkload_Media, 2, 8, S_OK, 0},
        {"graphics, D3D12, media accelerator", DXCoreWorkload_Graphics, 2, 8, S_OK, 0},
        {"compute, D3D12, compute accelerator", DXCoreWorkload_Compute, 2, 2, S_OK, 0},
        {"no runtime", DXCoreWorkload_Graphics, 0, 1, E_INVALIDARG, 0},
        {"no hardware type", DXCoreWorkload_Graphics, 2, 0, E_INVALIDARG, 0},
        {"unknown runtime bit", DXCoreWorkload_Graphics, 6, 1, E_INVALIDARG, 0},
        {"unknown hardware bit", DXCoreWorkload_Graphics, 2, 0x10, E_INVALIDARG, 0},
        {"unknown workload", (DXCoreWorkload)4, 2, 1, E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    IDXCoreAdapterFactory1 *factory;
    IDXCoreAdapterList *list;
    IDXCoreAdapter1 *adapter;
    LUID luid;
    HRESULT hr;

    (void)state;
    set_machine("workloads", config);
    assert_int_equal(DXCoreCreateAdapterFactory(&IID_IDXCoreAdapterFactory1, (void **)&factory), S_OK);
    for (unsigned i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        list = (IDXCoreAdapterList *)(uintptr_t)1;
        hr = IDXCoreAdapterFactory1_CreateAdapterListByWorkload(factory, rows[i].workload,
                (DXCoreRuntimeFilterFlags)rows[i].runtimes, (DXCoreHardwareTypeFilterFlags)rows[i].types,
                &IID_IDXCoreAdapterList, (void **)&list);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "%#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        else if (FAILED(hr) && list)
            row_fail(&failures, i, rows[i].name, "output not cleared");
        else if (SUCCEEDED(hr))
        {
            if (IDXCoreAdapterList_GetAdapterCount(list) != rows[i].count)
                row_fail(&failures, i, rows[i].name, "%u adapters, expected %u",
                        IDXCoreAdapterList_GetAdapterCount(list), rows[i].count);
            IDXCoreAdapterList_Release(list);
        }
    }
    rows_done(&failures);
    assert_int_equal(IDXCoreAdapterFactory1_CreateAdapterListByWorkload(factory, DXCoreWorkload_Graphics,
            DXCoreRuntimeFilterFlags_D3D12, DXCoreHardwareTypeFilterFlags_GPU, &IID_IDXCoreAdapterList, NULL),
            E_POINTER);

    /* GetPropertyWithInput: the properties without input, as GetProperty. */
    assert_int_equal(IDXCoreAdapterFactory_CreateAdapterList((IDXCoreAdapterFactory *)factory, 1,
            &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, &IID_IDXCoreAdapterList, (void **)&list), S_OK);
    assert_int_equal(IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter1, (void **)&adapter), S_OK);
    assert_int_equal(IDXCoreAdapter1_GetPropertyWithInput(adapter, DXCoreAdapterProperty_InstanceLuid, 0, NULL,
            sizeof(luid), &luid), S_OK);
    assert_int_equal(IDXCoreAdapter1_GetPropertyWithInput(adapter, DXCoreAdapterProperty_InstanceLuid, 4, &luid,
            sizeof(luid), &luid), E_INVALIDARG);
    {
        DXCoreAdapterEngineIndex engine = {0, 0};
        uint32_t count = 99;

        assert_int_equal(IDXCoreAdapter1_GetPropertyWithInput(adapter, DXCoreAdapterProperty_AdapterEngineCount,
                sizeof(engine.physicalAdapterIndex), &engine.physicalAdapterIndex, sizeof(count), &count),
                DXGI_ERROR_UNSUPPORTED);
        assert_int_equal(count, 99);
        assert_int_equal(IDXCoreAdapter1_GetPropertyWithInput(adapter, (DXCoreAdapterProperty)18, 0, NULL,
                sizeof(count), &count), DXGI_ERROR_INVALID_CALL);
    }
    IDXCoreAdapter1_Release(adapter);
    IDXCoreAdapterList_Release(list);
    IDXCoreAdapterFactory1_Release(factory);
    reset_machine();
}

/* ---- Reference counts and interface queries ---- */

/* AddRef on each DXCore object answers the new count, which Release then
 * takes back; QueryInterface refuses a NULL output and unknown interfaces. */
static void test_refcounts(void **state)
{
    static const char *const config[] = {"nvidia-rtx-4090", NULL};
    static const GUID unknown_iid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterFactory1 *factory1 = NULL;
    IDXCoreAdapterList *list, *list2 = NULL;
    IDXCoreAdapter *adapter;
    IDXCoreAdapter1 *adapter1 = NULL;
    IUnknown *unknown;
    void *out;

    (void)state;
    set_machine("refcounts", config);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS);
    adapter = list_adapter(list, 0);

    /* Factory. */
    assert_int_equal(IDXCoreAdapterFactory_QueryInterface(factory, &IID_IDXCoreAdapterFactory1, NULL), E_POINTER);
    out = (void *)(uintptr_t)1;
    assert_int_equal(IDXCoreAdapterFactory_QueryInterface(factory, &unknown_iid, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(IDXCoreAdapterFactory_QueryInterface(factory, &IID_IDXCoreAdapterFactory1, (void **)&factory1),
            S_OK);
    assert_ptr_equal(factory1, factory);
    {
        ULONG before = IDXCoreAdapterFactory_AddRef(factory);

        assert_true(before >= 3); /* create_factory, factory1, this AddRef (and any adapter's hold) */
        assert_int_equal(IDXCoreAdapterFactory_AddRef(factory), before + 1);
        assert_int_equal(IDXCoreAdapterFactory_Release(factory), before);
        assert_int_equal(IDXCoreAdapterFactory_Release(factory), before - 1);
    }
    IDXCoreAdapterFactory1_Release(factory1);

    /* List. */
    assert_int_equal(IDXCoreAdapterList_AddRef(list), 2);
    assert_int_equal(IDXCoreAdapterList_AddRef(list), 3);
    assert_int_equal(IDXCoreAdapterList_Release(list), 2);
    assert_int_equal(IDXCoreAdapterList_Release(list), 1);
    assert_int_equal(IDXCoreAdapterList_QueryInterface(list, &IID_IDXCoreAdapterList, NULL), E_POINTER);
    out = (void *)(uintptr_t)1;
    assert_int_equal(IDXCoreAdapterList_QueryInterface(list, &IID_IDXCoreAdapter, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(IDXCoreAdapterList_QueryInterface(list, &IID_IUnknown, (void **)&list2), S_OK);
    assert_ptr_equal(list2, list);
    assert_int_equal(IDXCoreAdapterList_Release(list2), 1);

    /* Adapter: the list holds one reference, list_adapter the other. */
    assert_int_equal(IDXCoreAdapter_AddRef(adapter), 3);
    assert_int_equal(IDXCoreAdapter_Release(adapter), 2);
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &IID_IDXCoreAdapter1, NULL), E_POINTER);
    out = (void *)(uintptr_t)1;
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &unknown_iid, &out), E_NOINTERFACE);
    assert_null(out);
    out = (void *)(uintptr_t)1;
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &IID_IDXCoreAdapterList, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &IID_IDXCoreAdapter1, (void **)&adapter1), S_OK);
    assert_ptr_equal(adapter1, adapter);
    assert_int_equal(IDXCoreAdapter1_Release(adapter1), 2);
    assert_int_equal(IDXCoreAdapter_QueryInterface(adapter, &IID_IUnknown, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, adapter);
    assert_int_equal(IUnknown_Release(unknown), 2);

    IDXCoreAdapter_Release(adapter);
    IDXCoreAdapterList_Release(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

/* ---- With D3D12 ---- */

/* A fault plan's removal (docs/faults.md): hung, reset, internal and invalid
 * reset the adapter, which stays (valid adapters, fresh lists); removed takes
 * it away and brings back a new instance: the adapter objects and lists
 * taken before are invalid and stale, GetAdapter of the old list answers
 * DXGI_ERROR_DEVICE_REMOVED, a list without the adapter stays fresh, and a
 * new list has a new, valid adapter object on which a new device works. */
static const struct
{
    const char *plan;
    HRESULT reason;
    bool valid;         /* IsValid of the adapter taken before */
}
removal_rows[] =
{
    {"remove:hung@CreateFence#1", DXGI_ERROR_DEVICE_HUNG, true},
    {"remove:reset@CreateFence#1", DXGI_ERROR_DEVICE_RESET, true},
    {"remove:internal@CreateFence#1", DXGI_ERROR_DRIVER_INTERNAL_ERROR, true},
    {"remove:invalid@CreateFence#1", DXGI_ERROR_INVALID_CALL, true},
    {"remove:removed@CreateFence#1", DXGI_ERROR_DEVICE_REMOVED, false},
};

static void test_device_removal(void **state)
{
    static const char *const config[] = {"intel-iris-xe", NULL};
    IDXCoreAdapterFactory *factory = create_factory();
    struct row_failures failures = {0};

    (void)state;
    set_machine("removal", config);
    for (unsigned i = 0; i < sizeof(removal_rows) / sizeof(removal_rows[0]); ++i)
    {
        const char *name = removal_rows[i].plan;
        IDXCoreAdapterList *list, *media, *fresh;
        IDXCoreAdapter *adapter, *again_adapter, *got = NULL;
        ID3D12Device *device, *again;
        ID3D12Fence *fence = NULL;
        HRESULT hr;

        list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
        media = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_MEDIA); /* no adapter has one */
        adapter = list_adapter(list, 0);
        assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                (void **)&device), S_OK);
        assert_int_equal(mockd3d12_set_faults(removal_rows[i].plan), S_OK);
        if ((hr = ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence))
                != DXGI_ERROR_DEVICE_REMOVED)
            row_fail(&failures, i, name, "CreateFence %#x", (unsigned)hr);
        if ((hr = ID3D12Device_GetDeviceRemovedReason(device)) != removal_rows[i].reason)
            row_fail(&failures, i, name, "reason %#x", (unsigned)hr);
        if (IDXCoreAdapter_IsValid(adapter) != removal_rows[i].valid)
            row_fail(&failures, i, name, "IsValid %d", IDXCoreAdapter_IsValid(adapter));
        if (IDXCoreAdapterList_IsStale(list) != !removal_rows[i].valid)
            row_fail(&failures, i, name, "IsStale %d", IDXCoreAdapterList_IsStale(list));
        if (IDXCoreAdapterList_IsStale(media))
            row_fail(&failures, i, name, "a list without the adapter is stale");
        hr = IDXCoreAdapterList_GetAdapter(list, 0, &IID_IDXCoreAdapter, (void **)&got);
        if (hr != (removal_rows[i].valid ? S_OK : DXGI_ERROR_DEVICE_REMOVED) || (!removal_rows[i].valid && got))
            row_fail(&failures, i, name, "GetAdapter of the old list %#x", (unsigned)hr);
        if (got)
            IDXCoreAdapter_Release(got);
        assert_int_equal(mockd3d12_set_faults(NULL), S_OK);

        /* Recovery: a new list is fresh, its adapter valid (a new object
         * when the adapter was replaced), and a new device on it works. */
        fresh = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
        again_adapter = list_adapter(fresh, 0);
        if (IDXCoreAdapterList_IsStale(fresh) || !IDXCoreAdapter_IsValid(again_adapter))
            row_fail(&failures, i, name, "the new list is stale or its adapter invalid");
        if ((again_adapter == adapter) != removal_rows[i].valid)
            row_fail(&failures, i, name, "the new list's adapter is %s object", again_adapter == adapter
                    ? "the same" : "another");
        assert_int_equal(D3D12CreateDevice((IUnknown *)again_adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                (void **)&again), S_OK);
        if ((hr = ID3D12Device_GetDeviceRemovedReason(again)) != S_OK)
            row_fail(&failures, i, name, "the new device's reason %#x", (unsigned)hr);
        ID3D12Device_Release(again);
        ID3D12Device_Release(device);
        IDXCoreAdapter_Release(again_adapter);
        IDXCoreAdapter_Release(adapter);
        IDXCoreAdapterList_Release(fresh);
        IDXCoreAdapterList_Release(media);
        IDXCoreAdapterList_Release(list);
    }
    rows_done(&failures);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

static void test_d3d12_device(void **state)
{
    static const char *const config[] = {"intel-iris-xe", "nvidia-rtx-3060-laptop", "fl11-minimal", "warp-22621", NULL};
    struct row_failures failures = {0};
    IDXCoreAdapterFactory *factory = create_factory();
    IDXCoreAdapterList *list;
    ID3D12Device *device;
    char name[128];
    HRESULT hr;

    (void)state;
    set_machine("device", config);
    list = create_list(factory, &DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE);
    assert_int_equal(IDXCoreAdapterList_GetAdapterCount(list), 4);
    for (unsigned i = 0; i < 4; ++i)
    {
        IDXCoreAdapter *adapter = list_adapter(list, i);
        LUID luid = adapter_luid(adapter);

        if (IDXCoreAdapter_GetProperty(adapter, DXCoreAdapterProperty_DriverDescription, sizeof(name), name) != S_OK)
            snprintf(name, sizeof(name), "adapter %u", i);
        hr = D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        if (hr != S_OK)
            row_fail(&failures, i, name, "D3D12CreateDevice: %#x", (unsigned)hr);
        else
        {
            if (!luid_equal(device_luid(device), luid))
                row_fail(&failures, i, name, "device LUID differs from InstanceLuid");
            ID3D12Device_Release(device);
        }
        /* Above the adapter's level: refused as for any adapter. */
        hr = D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_12_2, &IID_ID3D12Device, NULL);
        if (i == 2 && hr != DXGI_ERROR_UNSUPPORTED)
            row_fail(&failures, i, name, "FL 12_2 on an FL 11_0 adapter: %#x", (unsigned)hr);
        IDXCoreAdapter_Release(adapter);
    }
    rows_done(&failures);
    IDXCoreAdapterList_Release(list);
    reset_machine();
    IDXCoreAdapterFactory_Release(factory);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_machine_lists),
        cmocka_unit_test(test_attribute_filters),
        cmocka_unit_test(test_properties),
        cmocka_unit_test(test_property_literals),
        cmocka_unit_test(test_sort),
        cmocka_unit_test(test_luid_and_identity),
        cmocka_unit_test(test_stale_lists),
        cmocka_unit_test(test_states),
        cmocka_unit_test(test_notifications),
        cmocka_unit_test(test_budget_notifications),
        cmocka_unit_test(test_workload_lists),
        cmocka_unit_test(test_refcounts),
        cmocka_unit_test(test_d3d12_device),
        cmocka_unit_test(test_device_removal),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
