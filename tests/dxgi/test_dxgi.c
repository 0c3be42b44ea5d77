/*
 * The mock DXGI library against the real libd3d12.so (one adapter registry):
 * enumeration per machine configuration, WARP, LUID look-ups, GPU preference
 * orders, adapter descriptions field by field, video memory, the methods the
 * headless mock does not support, and D3D12CreateDevice on DXGI adapters.
 */
#define MK_TEST_DXGI
#include "mk_test.h"

#include <pthread.h>
#include <sched.h>
#include <wchar.h>

#include "../unit/events.h"

#define MAX_IDS 8

struct machine_row
{
    const char *name;
    const char *config[MAX_IDS]; /* NULL-terminated; config[0] NULL: no setting */
    const char *env;             /* MOCKD3D12_ADAPTERS, or NULL */
    const char *expected[MAX_IDS]; /* NULL-terminated; "(default)" = mockd3d12_default_adapter_id() */
};

static unsigned id_count(const char *const *ids)
{
    unsigned n = 0;

    while (n < MAX_IDS && ids[n])
        ++n;
    return n;
}

static void set_machine(const struct machine_row *row)
{
    HRESULT hr;

    if (row->env)
        test_setenv("MOCKD3D12_ADAPTERS", row->env);
    else
        test_unsetenv("MOCKD3D12_ADAPTERS");
    hr = mockd3d12_set_machine_adapters(row->config[0] ? row->config : NULL, id_count(row->config));
    if (hr != S_OK)
        fail_msg("%s: mockd3d12_set_machine_adapters: %#x", row->name, (unsigned)hr);
}

static void reset_machine(void)
{
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

static IDXGIFactory6 *create_factory(const char *row)
{
    IDXGIFactory6 *factory = NULL;
    HRESULT hr = CreateDXGIFactory1(&IID_IDXGIFactory6, (void **)&factory);

    if (hr != S_OK || !factory)
        fail_msg("%s: CreateDXGIFactory1: %#x", row, (unsigned)hr);
    return factory;
}

static mockd3d12_adapter_info info_of(const char *row, const char *id)
{
    mockd3d12_adapter_info info;

    if (!strcmp(id, "(default)"))
        id = mockd3d12_default_adapter_id();
    if (mockd3d12_get_adapter_info(id, &info) != S_OK)
        fail_msg("%s: no profile '%s'", row, id);
    return info;
}

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

/* The adapter is the profile `id`: same LUID and description. A mismatch is
 * recorded as row `index` (`row` names it); returns whether it matched. */
static int adapter_is(struct row_failures *f, unsigned index, const char *row, unsigned position,
        IDXGIAdapter1 *adapter, const char *id)
{
    mockd3d12_adapter_info info = info_of(row, id);
    DXGI_ADAPTER_DESC1 desc;
    wchar_t expected[128];
    HRESULT hr;
    int ok = 1;

    if ((hr = IDXGIAdapter1_GetDesc1(adapter, &desc)) != S_OK)
    {
        row_fail(f, index, row, "adapter %u: GetDesc1: %#x", position, (unsigned)hr);
        return 0;
    }
    if (!luid_equal(desc.AdapterLuid, info.luid))
    {
        row_fail(f, index, row, "adapter %u is not %s (LUID %#x:%#x)", position, info.id,
                (unsigned)desc.AdapterLuid.HighPart, (unsigned)desc.AdapterLuid.LowPart);
        ok = 0;
    }
    mbstowcs(expected, info.description, ARRAY_SIZE(expected));
    if (wcscmp(desc.Description, expected))
    {
        row_fail(f, index, row, "adapter %u description is '%ls', expected '%ls'", position, desc.Description,
                expected);
        ok = 0;
    }
    return ok;
}

/* The same outside a table: fails at once. */
static void check_adapter_is(const char *row, unsigned position, IDXGIAdapter1 *adapter, const char *id)
{
    struct row_failures failures = {0};

    adapter_is(&failures, 0, row, position, adapter, id);
    rows_done(&failures);
}

/* Tables of interface IDs, each row named by its IID. */
struct iid_row
{
    const IID *iid;
    const char *name;
};
#define IID_ROW(iid) {&iid, #iid}

static const struct machine_row machine_rows[] =
{
    {"default machine", {NULL}, NULL, {"(default)", "warp"}},
    {"one GPU", {"nvidia-rtx-4090"}, NULL, {"nvidia-rtx-4090", "warp"}},
    {"three GPUs in order", {"intel-iris-xe", "nvidia-rtx-4090", "amd-rx-7900-xtx"}, NULL,
            {"intel-iris-xe", "nvidia-rtx-4090", "amd-rx-7900-xtx", "warp"}},
    {"software id chooses the WARP", {"warp-22621", "nvidia-rtx-2080"}, NULL, {"nvidia-rtx-2080", "warp-22621"}},
    {"WARP only", {"warp"}, NULL, {"warp"}},
    {"environment", {NULL}, "amd-rx-580,intel-hd-530", {"amd-rx-580", "intel-hd-530", "warp"}},
    {"environment with spaces and empty items", {NULL}, " intel-arc-a770 ,, nvidia-gtx-1080-ti,", 
            {"intel-arc-a770", "nvidia-gtx-1080-ti", "warp"}},
    {"control API over environment", {"amd-rx-vega-64"}, "amd-rx-580", {"amd-rx-vega-64", "warp"}},
};

static void test_enumeration(void **state)
{
    struct row_failures failures = {0};

    (void)state;
    for (unsigned r = 0; r < ARRAY_SIZE(machine_rows); ++r)
    {
        const struct machine_row *row = &machine_rows[r];
        unsigned count = id_count(row->expected), i, got;
        IDXGIFactory6 *factory;
        IDXGIAdapter1 *adapter1;
        IDXGIAdapter *adapter;
        const char *ids[MAX_IDS];
        HRESULT hr;

        set_machine(row);
        factory = create_factory(row->name);
        for (i = 0; i < count; ++i)
        {
            hr = IDXGIFactory6_EnumAdapters1(factory, i, &adapter1);
            if (hr != S_OK)
            {
                row_fail(&failures, r, row->name, "EnumAdapters1(%u): %#x", i, (unsigned)hr);
                goto next_row;
            }
            adapter_is(&failures, r, row->name, i, adapter1, row->expected[i]);
            IDXGIAdapter1_Release(adapter1);

            if ((hr = IDXGIFactory6_EnumAdapters(factory, i, &adapter)) != S_OK)
            {
                row_fail(&failures, r, row->name, "EnumAdapters(%u): %#x", i, (unsigned)hr);
                goto next_row;
            }
            hr = IDXGIAdapter_QueryInterface(adapter, &IID_IDXGIAdapter1, (void **)&adapter1);
            if (hr != S_OK)
            {
                row_fail(&failures, r, row->name, "EnumAdapters(%u): QueryInterface(IDXGIAdapter1): %#x", i,
                        (unsigned)hr);
                IDXGIAdapter_Release(adapter);
                goto next_row;
            }
            adapter_is(&failures, r, row->name, i, adapter1, row->expected[i]);
            IDXGIAdapter1_Release(adapter1);
            IDXGIAdapter_Release(adapter);
        }
        /* Past the end: NOT_FOUND and a NULL pointer, for both methods. */
        adapter1 = (IDXGIAdapter1 *)(uintptr_t)0xdeadbeef;
        hr = IDXGIFactory6_EnumAdapters1(factory, count, &adapter1);
        if (hr != DXGI_ERROR_NOT_FOUND || adapter1)
            row_fail(&failures, r, row->name, "EnumAdapters1 past the end: %#x %p", (unsigned)hr, (void *)adapter1);
        adapter = (IDXGIAdapter *)(uintptr_t)0xdeadbeef;
        hr = IDXGIFactory6_EnumAdapters(factory, count + 5, &adapter);
        if (hr != DXGI_ERROR_NOT_FOUND || adapter)
            row_fail(&failures, r, row->name, "EnumAdapters past the end: %#x %p", (unsigned)hr, (void *)adapter);

        /* The control API's view of the same machine. */
        if ((got = mockd3d12_machine_adapters(ids, MAX_IDS)) != count)
        {
            row_fail(&failures, r, row->name, "mockd3d12_machine_adapters: %u adapters, expected %u", got, count);
            goto next_row;
        }
        for (i = 0; i < count; ++i)
        {
            if (strcmp(ids[i], info_of(row->name, row->expected[i]).id))
                row_fail(&failures, r, row->name, "mockd3d12_machine_adapters[%u] = %s", i, ids[i]);
        }
next_row:
        IDXGIFactory6_Release(factory);
    }
    reset_machine();
    rows_done(&failures);
}

static void test_bad_configuration(void **state)
{
    static const struct
    {
        const char *name;
        const char *config[MAX_IDS];
        const char *env;
        HRESULT set_hr;     /* mockd3d12_set_machine_adapters */
        HRESULT create_hr;  /* CreateDXGIFactory1 afterwards */
    }
    rows[] =
    {
        {"unknown id in the control API", {"nvidia-rtx-4090", "no-such-gpu"}, NULL, E_INVALIDARG, S_OK},
        {"unknown id in the environment", {NULL}, "nvidia-rtx-4090,no-such-gpu", S_OK, E_INVALIDARG},
        {"only an unknown id in the environment", {NULL}, "no-such-gpu", S_OK, E_INVALIDARG},
        /* A list that names nothing is a mistake, not a WARP-only machine. */
        {"only commas in the environment", {NULL}, ",,,", S_OK, E_INVALIDARG},
        {"only spaces in the environment", {NULL}, "  ,  ", S_OK, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    IDXGIFactory1 *factory;
    const char *ids[MAX_IDS];
    unsigned count;
    HRESULT hr;

    (void)state;
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        reset_machine();
        if (rows[r].env)
            test_setenv("MOCKD3D12_ADAPTERS", rows[r].env);
        hr = mockd3d12_set_machine_adapters(rows[r].config[0] ? rows[r].config : NULL, id_count(rows[r].config));
        if (hr != rows[r].set_hr)
            row_fail(&failures, r, rows[r].name, "set_machine_adapters: %#x, expected %#x", (unsigned)hr,
                    (unsigned)rows[r].set_hr);
        factory = (IDXGIFactory1 *)(uintptr_t)0xdeadbeef;
        hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory);
        if (hr != rows[r].create_hr)
            row_fail(&failures, r, rows[r].name, "CreateDXGIFactory1: %#x, expected %#x", (unsigned)hr,
                    (unsigned)rows[r].create_hr);
        if (FAILED(hr))
        {
            if (factory)
                row_fail(&failures, r, rows[r].name, "factory pointer not cleared");
            if ((count = mockd3d12_machine_adapters(ids, MAX_IDS)) != 0)
                row_fail(&failures, r, rows[r].name, "%u machine adapters, expected 0", count);
        }
        else
        {
            /* A refused setting left the default machine in place. */
            if ((count = mockd3d12_machine_adapters(ids, MAX_IDS)) != 2)
                row_fail(&failures, r, rows[r].name, "%u machine adapters, expected 2", count);
            IDXGIFactory1_Release(factory);
        }
    }
    /* NULL ids with a count. */
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 2), E_INVALIDARG);
    reset_machine();
    rows_done(&failures);
}

static void test_warp(void **state)
{
    static const struct machine_row rows[] =
    {
        {"default machine", {NULL}, NULL, {"warp"}},
        {"22621 WARP", {"nvidia-rtx-4090", "warp-22621"}, NULL, {"warp-22621"}},
        {"NuGet WARP", {"warp-nuget-1-0-19"}, NULL, {"warp-nuget-1-0-19"}},
    };
    static const struct iid_row iids[] = {IID_ROW(IID_IDXGIAdapter), IID_ROW(IID_IDXGIAdapter1), IID_ROW(IID_IDXGIAdapter4)};
    struct row_failures failures = {0};

    (void)state;
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        IDXGIFactory6 *factory;
        IDXGIAdapter1 *adapter;
        DXGI_ADAPTER_DESC1 desc;
        IUnknown *unknown;
        HRESULT hr;

        set_machine(&rows[r]);
        factory = create_factory(rows[r].name);
        for (unsigned i = 0; i < ARRAY_SIZE(iids); ++i)
        {
            if ((hr = IDXGIFactory6_EnumWarpAdapter(factory, iids[i].iid, (void **)&unknown)) != S_OK)
                row_fail(&failures, r, rows[r].name, "EnumWarpAdapter(%s): %#x", iids[i].name, (unsigned)hr);
            else
                IUnknown_Release(unknown);
        }
        if ((hr = IDXGIFactory6_EnumWarpAdapter(factory, &IID_IDXGIAdapter1, (void **)&adapter)) != S_OK)
        {
            row_fail(&failures, r, rows[r].name, "EnumWarpAdapter(IID_IDXGIAdapter1): %#x", (unsigned)hr);
        }
        else
        {
            adapter_is(&failures, r, rows[r].name, 0, adapter, rows[r].expected[0]);
            if ((hr = IDXGIAdapter1_GetDesc1(adapter, &desc)) != S_OK)
                row_fail(&failures, r, rows[r].name, "GetDesc1: %#x", (unsigned)hr);
            else if (desc.Flags != DXGI_ADAPTER_FLAG_SOFTWARE)
                row_fail(&failures, r, rows[r].name, "WARP flags %#x", desc.Flags);
            IDXGIAdapter1_Release(adapter);
        }

        /* Not an adapter interface. */
        unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
        hr = IDXGIFactory6_EnumWarpAdapter(factory, &IID_IDXGIFactory1, (void **)&unknown);
        if (hr != E_NOINTERFACE || unknown)
            row_fail(&failures, r, rows[r].name, "EnumWarpAdapter(IID_IDXGIFactory1): %#x %p, expected %#x NULL",
                    (unsigned)hr, (void *)unknown, (unsigned)E_NOINTERFACE);
        if ((hr = IDXGIFactory6_EnumWarpAdapter(factory, &IID_IDXGIAdapter, NULL)) != E_INVALIDARG)
            row_fail(&failures, r, rows[r].name, "EnumWarpAdapter(NULL out): %#x, expected %#x", (unsigned)hr,
                    (unsigned)E_INVALIDARG);
        IDXGIFactory6_Release(factory);
    }
    reset_machine();
    rows_done(&failures);
}

static void test_by_luid(void **state)
{
    static const struct machine_row machine = {"by LUID", {"nvidia-rtx-3080-ti", "intel-iris-xe"}, NULL, {NULL}};
    static const struct
    {
        const char *name;
        const char *id;        /* look up this profile's LUID */
        LUID luid;             /* when id is NULL */
        HRESULT hr;
    }
    rows[] =
    {
        {"first GPU", "nvidia-rtx-3080-ti", {0, 0}, S_OK},
        {"second GPU", "intel-iris-xe", {0, 0}, S_OK},
        {"WARP", "warp", {0, 0}, S_OK},
        {"registered but not in the machine", "amd-rx-580", {0, 0}, DXGI_ERROR_NOT_FOUND},
        {"unknown LUID", NULL, {0xdead, 0x7777}, DXGI_ERROR_NOT_FOUND},
        {"zero LUID", NULL, {0, 0}, DXGI_ERROR_NOT_FOUND},
    };
    struct row_failures failures = {0};
    IDXGIFactory6 *factory;

    (void)state;
    set_machine(&machine);
    factory = create_factory(machine.name);
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        LUID luid = rows[r].id ? info_of(rows[r].name, rows[r].id).luid : rows[r].luid;
        IDXGIAdapter1 *adapter = (IDXGIAdapter1 *)(uintptr_t)0xdeadbeef;
        HRESULT hr = IDXGIFactory6_EnumAdapterByLuid(factory, luid, &IID_IDXGIAdapter1, (void **)&adapter);

        if (hr != rows[r].hr)
            row_fail(&failures, r, rows[r].name, "EnumAdapterByLuid: %#x, expected %#x", (unsigned)hr,
                    (unsigned)rows[r].hr);
        if (FAILED(hr))
        {
            if (adapter)
                row_fail(&failures, r, rows[r].name, "adapter pointer not cleared");
            continue;
        }
        if (rows[r].id)
            adapter_is(&failures, r, rows[r].name, 0, adapter, rows[r].id);
        IDXGIAdapter1_Release(adapter);
    }
    IDXGIFactory6_Release(factory);
    reset_machine();
    rows_done(&failures);
}

static void test_gpu_preference(void **state)
{
    static const char *const config[] = {"nvidia-rtx-4090", "intel-iris-xe", "amd-rx-7900-xtx", "amd-radeon-680m"};
    static const struct
    {
        const char *name;
        DXGI_GPU_PREFERENCE preference;
        const char *expected[6];
    }
    rows[] =
    {
        {"unspecified", DXGI_GPU_PREFERENCE_UNSPECIFIED,
                {"nvidia-rtx-4090", "intel-iris-xe", "amd-rx-7900-xtx", "amd-radeon-680m", "warp"}},
        {"minimum power", DXGI_GPU_PREFERENCE_MINIMUM_POWER,
                {"intel-iris-xe", "amd-radeon-680m", "nvidia-rtx-4090", "amd-rx-7900-xtx", "warp"}},
        {"high performance", DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
                {"nvidia-rtx-4090", "amd-rx-7900-xtx", "intel-iris-xe", "amd-radeon-680m", "warp"}},
    };
    static const struct
    {
        const char *id;
        BOOL uma;
    }
    premises[] =
    {
        {"nvidia-rtx-4090", FALSE}, {"amd-rx-7900-xtx", FALSE}, {"intel-iris-xe", TRUE}, {"amd-radeon-680m", TRUE},
    };
    struct row_failures failures = {0};
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter;

    (void)state;
    /* The orders below follow from these profile facts. */
    for (unsigned i = 0; i < ARRAY_SIZE(premises); ++i)
    {
        if (!info_of("premise", premises[i].id).uma != !premises[i].uma)
            row_fail(&failures, i, premises[i].id, "premise: UMA is not %d", premises[i].uma);
    }
    assert_int_equal(mockd3d12_set_machine_adapters(config, ARRAY_SIZE(config)), S_OK);
    factory = create_factory("GPU preference");
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        unsigned i;

        for (i = 0; rows[r].expected[i]; ++i)
        {
            HRESULT hr = IDXGIFactory6_EnumAdapterByGpuPreference(factory, i, rows[r].preference,
                    &IID_IDXGIAdapter1, (void **)&adapter);

            if (hr != S_OK)
            {
                row_fail(&failures, r, rows[r].name, "position %u: %#x", i, (unsigned)hr);
                break;
            }
            adapter_is(&failures, r, rows[r].name, i, adapter, rows[r].expected[i]);
            IDXGIAdapter1_Release(adapter);
        }
        if (rows[r].expected[i])
            continue; /* stopped early: there is no end to check */
        adapter = (IDXGIAdapter1 *)(uintptr_t)0xdeadbeef;
        if (IDXGIFactory6_EnumAdapterByGpuPreference(factory, i, rows[r].preference, &IID_IDXGIAdapter1,
                (void **)&adapter) != DXGI_ERROR_NOT_FOUND || adapter)
            row_fail(&failures, r, rows[r].name, "past the end");
    }
    adapter = (IDXGIAdapter1 *)(uintptr_t)0xdeadbeef;
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, (DXGI_GPU_PREFERENCE)3,
            &IID_IDXGIAdapter1, (void **)&adapter), E_INVALIDARG);
    assert_null(adapter);
    IDXGIFactory6_Release(factory);
    reset_machine();
    rows_done(&failures);
}

/* Literal facts from data/adapters/real-adapters.json, so that a wrong
 * mockd3d12_get_adapter_info cannot hide behind itself. */
static void test_desc_literals(void **state)
{
    static const struct
    {
        const char *id;
        const wchar_t *description;
        UINT vendor, device, subsys, revision;
        UINT64 dedicated_video, shared_system;
        UINT flags;
    }
    rows[] =
    {
        {"nvidia-rtx-4090", L"NVIDIA GeForce RTX 4090", 0x10de, 0x2684, 0x889b1043, 161,
                25314721792ull, 33868959744ull, DXGI_ADAPTER_FLAG_NONE},
    };
    struct row_failures failures = {0};

    (void)state;
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        const char *config[] = {rows[r].id};
        IDXGIFactory6 *factory;
        IDXGIAdapter1 *adapter;
        DXGI_ADAPTER_DESC1 desc;

        HRESULT hr;

        if ((hr = mockd3d12_set_machine_adapters(config, 1)) != S_OK)
        {
            row_fail(&failures, r, rows[r].id, "set_machine_adapters: %#x", (unsigned)hr);
            continue;
        }
        factory = create_factory(rows[r].id);
        if ((hr = IDXGIFactory6_EnumAdapters1(factory, 0, &adapter)) != S_OK)
        {
            row_fail(&failures, r, rows[r].id, "EnumAdapters1(0): %#x", (unsigned)hr);
            IDXGIFactory6_Release(factory);
            continue;
        }
        if ((hr = IDXGIAdapter1_GetDesc1(adapter, &desc)) != S_OK)
        {
            row_fail(&failures, r, rows[r].id, "GetDesc1: %#x", (unsigned)hr);
            goto next_row;
        }
        if (wcscmp(desc.Description, rows[r].description))
            row_fail(&failures, r, rows[r].id, "description '%ls'", desc.Description);
        if (desc.VendorId != rows[r].vendor || desc.DeviceId != rows[r].device || desc.SubSysId != rows[r].subsys
                || desc.Revision != rows[r].revision)
            row_fail(&failures, r, rows[r].id, "ids %#x %#x %#x %u", desc.VendorId, desc.DeviceId, desc.SubSysId,
                    desc.Revision);
        if (desc.DedicatedVideoMemory != rows[r].dedicated_video || desc.SharedSystemMemory != rows[r].shared_system)
            row_fail(&failures, r, rows[r].id, "memory %llu %llu", (unsigned long long)desc.DedicatedVideoMemory,
                    (unsigned long long)desc.SharedSystemMemory);
        if (desc.Flags != rows[r].flags)
            row_fail(&failures, r, rows[r].id, "flags %#x", desc.Flags);
next_row:
        IDXGIAdapter1_Release(adapter);
        IDXGIFactory6_Release(factory);
    }
    reset_machine();
    rows_done(&failures);
}

/* Records each wrong field as row `index` (named `id`) of `f`. */
#define CHECK_DESC_COMMON(f, index, id, d, info) \
    do { \
        wchar_t expected[128]; \
        mbstowcs(expected, (info)->description, 128); \
        if (wcscmp((d)->Description, expected)) \
            row_fail(f, index, id, "%s Description '%ls'", #d, (d)->Description); \
        if ((d)->VendorId != (info)->vendor_id) row_fail(f, index, id, "%s VendorId", #d); \
        if ((d)->DeviceId != (info)->device_id) row_fail(f, index, id, "%s DeviceId", #d); \
        if ((d)->SubSysId != (info)->subsys_id) row_fail(f, index, id, "%s SubSysId", #d); \
        if ((d)->Revision != (info)->revision) row_fail(f, index, id, "%s Revision", #d); \
        if ((d)->DedicatedVideoMemory != (info)->dedicated_video_memory) row_fail(f, index, id, "%s DedicatedVideoMemory", #d); \
        if ((d)->DedicatedSystemMemory != (info)->dedicated_system_memory) row_fail(f, index, id, "%s DedicatedSystemMemory", #d); \
        if ((d)->SharedSystemMemory != (info)->shared_system_memory) row_fail(f, index, id, "%s SharedSystemMemory", #d); \
        if (!luid_equal((d)->AdapterLuid, (info)->luid)) row_fail(f, index, id, "%s AdapterLuid", #d); \
    } while (0)

/* Every registered profile, every GetDesc*, field by field. */
static void test_descs_every_profile(void **state)
{
    UINT count = mockd3d12_adapter_count();
    struct row_failures failures = {0};

    (void)state;
    assert_true(count >= 20);
    for (UINT a = 0; a < count; ++a)
    {
        const char *id = mockd3d12_adapter_id(a);
        mockd3d12_adapter_info info = info_of(id, id);
        const char *config[] = {id};
        IDXGIFactory6 *factory;
        IDXGIAdapter4 *adapter;
        DXGI_ADAPTER_DESC desc;
        DXGI_ADAPTER_DESC1 desc1;
        DXGI_ADAPTER_DESC2 desc2;
        DXGI_ADAPTER_DESC3 desc3;
        mockd3d12_adapter_details details;
        UINT flag3;
        HRESULT hr;

        if ((hr = mockd3d12_get_adapter_details(id, &details)) != S_OK)
        {
            row_fail(&failures, a, id, "mockd3d12_get_adapter_details: %#x", (unsigned)hr);
            continue;
        }
        if ((hr = mockd3d12_set_machine_adapters(config, 1)) != S_OK)
        {
            row_fail(&failures, a, id, "set_machine_adapters: %#x", (unsigned)hr);
            continue;
        }
        factory = create_factory(id);
        /* A software profile is the machine's WARP: last (and only). */
        if ((hr = IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0,
                DXGI_GPU_PREFERENCE_UNSPECIFIED, &IID_IDXGIAdapter4, (void **)&adapter)) != S_OK)
        {
            row_fail(&failures, a, id, "EnumAdapterByGpuPreference(0): %#x", (unsigned)hr);
            IDXGIFactory6_Release(factory);
            continue;
        }

        if ((hr = IDXGIAdapter4_GetDesc(adapter, &desc)) != S_OK)
            row_fail(&failures, a, id, "GetDesc: %#x", (unsigned)hr);
        else
            CHECK_DESC_COMMON(&failures, a, id, &desc, &info);
        if ((hr = IDXGIAdapter4_GetDesc1(adapter, &desc1)) != S_OK)
        {
            row_fail(&failures, a, id, "GetDesc1: %#x", (unsigned)hr);
        }
        else
        {
            CHECK_DESC_COMMON(&failures, a, id, &desc1, &info);
            if (desc1.Flags != (info.software ? DXGI_ADAPTER_FLAG_SOFTWARE : 0u))
                row_fail(&failures, a, id, "Desc1 flags %#x", desc1.Flags);
            /* Desc2's flags are compared with Desc1's. */
            if ((hr = IDXGIAdapter4_GetDesc2(adapter, &desc2)) != S_OK)
            {
                row_fail(&failures, a, id, "GetDesc2: %#x", (unsigned)hr);
            }
            else
            {
                CHECK_DESC_COMMON(&failures, a, id, &desc2, &info);
                if (desc2.Flags != desc1.Flags
                        || (UINT)desc2.GraphicsPreemptionGranularity != details.graphics_preemption_granularity
                        || (UINT)desc2.ComputePreemptionGranularity != details.compute_preemption_granularity)
                    row_fail(&failures, a, id, "Desc2 flags/preemption");
            }
        }
        if ((hr = IDXGIAdapter4_GetDesc3(adapter, &desc3)) != S_OK)
        {
            row_fail(&failures, a, id, "GetDesc3: %#x", (unsigned)hr);
        }
        else
        {
            CHECK_DESC_COMMON(&failures, a, id, &desc3, &info);
            /* The profile's flags, whose software bit is the adapter's. */
            flag3 = details.dxgi_flags;
            if ((UINT)desc3.Flags != flag3 || !(flag3 & DXGI_ADAPTER_FLAG3_SOFTWARE) != !info.software
                    || (UINT)desc3.GraphicsPreemptionGranularity != details.graphics_preemption_granularity
                    || (UINT)desc3.ComputePreemptionGranularity != details.compute_preemption_granularity)
                row_fail(&failures, a, id, "Desc3 flags %#x", (unsigned)desc3.Flags);
        }

        if ((hr = IDXGIAdapter4_GetDesc(adapter, NULL)) != E_INVALIDARG)
            row_fail(&failures, a, id, "GetDesc(NULL): %#x", (unsigned)hr);
        if ((hr = IDXGIAdapter4_GetDesc1(adapter, NULL)) != E_INVALIDARG)
            row_fail(&failures, a, id, "GetDesc1(NULL): %#x", (unsigned)hr);
        if ((hr = IDXGIAdapter4_GetDesc2(adapter, NULL)) != E_INVALIDARG)
            row_fail(&failures, a, id, "GetDesc2(NULL): %#x", (unsigned)hr);
        if ((hr = IDXGIAdapter4_GetDesc3(adapter, NULL)) != E_INVALIDARG)
            row_fail(&failures, a, id, "GetDesc3(NULL): %#x", (unsigned)hr);
        IDXGIAdapter4_Release(adapter);
        IDXGIFactory6_Release(factory);
    }
    reset_machine();
    rows_done(&failures);
}

static void test_video_memory(void **state)
{
    static const struct
    {
        const char *id;
        UINT node;
        DXGI_MEMORY_SEGMENT_GROUP group;
        HRESULT hr;
        int budget;  /* 0: dedicated video; 1: shared system; 2: dedicated + shared; 3: zero; 4: the report's */
    }
    rows[] =
    {
        /* Inferred adapters: from the memory sizes. */
        {"nvidia-rtx-2080", 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, S_OK, 0},
        {"nvidia-rtx-2080", 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, S_OK, 1},
        {"intel-iris-xe", 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, S_OK, 2},
        {"intel-iris-xe", 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, S_OK, 3},
        {"nvidia-rtx-2080", 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, E_INVALIDARG, 0},
        {"nvidia-rtx-2080", 0, (DXGI_MEMORY_SEGMENT_GROUP)2, E_INVALIDARG, 0},
        /* Adapters from a D3d12info report: the report's figures (4). */
        {"nvidia-rtx-5070-ti", 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, S_OK, 4},
        {"nvidia-rtx-5070-ti", 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, S_OK, 4},
        {"amd-radeon-granite-ridge", 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, S_OK, 4},
        {"nvidia-rtx-4090", 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, E_INVALIDARG, 0},
    };
    /* DXGI_QUERY_VIDEO_MEMORY_INFO of data/adapters/reports. */
    static const struct
    {
        const char *id;
        DXGI_MEMORY_SEGMENT_GROUP group;
        UINT64 budget, available;
    }
    reported[] =
    {
        {"nvidia-rtx-5070-ti", DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 15966666752ull, 8117551104ull},
        {"nvidia-rtx-5070-ti", DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, 49476425728ull, 24872430592ull},
        {"amd-radeon-granite-ridge", DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 51596392448ull, 25932413952ull},
    };
    struct row_failures failures = {0};

    (void)state;
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        mockd3d12_adapter_info info = info_of(rows[r].id, rows[r].id);
        const char *config[] = {rows[r].id};
        DXGI_QUERY_VIDEO_MEMORY_INFO mem, untouched;
        IDXGIFactory6 *factory;
        IDXGIAdapter3 *adapter;
        UINT64 budget;
        HRESULT hr;
        char name[96];

        snprintf(name, sizeof(name), "%s, node %u, group %d", rows[r].id, rows[r].node, (int)rows[r].group);
        if (info.node_count != 1)
            row_fail(&failures, r, name, "node count %u, expected 1", (unsigned)info.node_count);
        if ((hr = mockd3d12_set_machine_adapters(config, 1)) != S_OK)
        {
            row_fail(&failures, r, name, "set_machine_adapters: %#x", (unsigned)hr);
            continue;
        }
        factory = create_factory(rows[r].id);
        if ((hr = IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
                &IID_IDXGIAdapter3, (void **)&adapter)) != S_OK)
        {
            row_fail(&failures, r, name, "EnumAdapterByGpuPreference(0): %#x", (unsigned)hr);
            IDXGIFactory6_Release(factory);
            continue;
        }
        memset(&mem, 0xcc, sizeof(mem));
        untouched = mem;
        hr = IDXGIAdapter3_QueryVideoMemoryInfo(adapter, rows[r].node, rows[r].group, &mem);
        if (hr != rows[r].hr)
            row_fail(&failures, r, name, "QueryVideoMemoryInfo: %#x, expected %#x", (unsigned)hr,
                    (unsigned)rows[r].hr);
        if (FAILED(hr))
        {
            if (memcmp(&mem, &untouched, sizeof(mem)))
                row_fail(&failures, r, name, "output written on failure");
            if ((hr = IDXGIAdapter3_SetVideoMemoryReservation(adapter, rows[r].node, rows[r].group, 0))
                    != E_INVALIDARG)
                row_fail(&failures, r, name, "SetVideoMemoryReservation(0): %#x, expected %#x", (unsigned)hr,
                        (unsigned)E_INVALIDARG);
        }
        else
        {
            UINT64 available;
            unsigned k;

            budget = rows[r].budget == 0 ? info.dedicated_video_memory
                    : rows[r].budget == 1 ? info.shared_system_memory
                    : rows[r].budget == 2 ? info.dedicated_video_memory + info.shared_system_memory : 0;
            available = budget / 2;
            for (k = 0; rows[r].budget == 4 && k < ARRAY_SIZE(reported); ++k)
                if (!strcmp(reported[k].id, rows[r].id) && reported[k].group == rows[r].group)
                    budget = reported[k].budget, available = reported[k].available;
            if (mem.Budget != budget || mem.CurrentUsage || mem.AvailableForReservation != available
                    || mem.CurrentReservation)
                row_fail(&failures, r, name, "budget %llu usage %llu available %llu reservation %llu",
                        (unsigned long long)mem.Budget, (unsigned long long)mem.CurrentUsage,
                        (unsigned long long)mem.AvailableForReservation, (unsigned long long)mem.CurrentReservation);
            /* A reservation within what is available shows up; more is refused. */
            if ((hr = IDXGIAdapter3_SetVideoMemoryReservation(adapter, 0, rows[r].group, budget / 4)) != S_OK)
            {
                row_fail(&failures, r, name, "SetVideoMemoryReservation(budget / 4): %#x", (unsigned)hr);
                goto next_row;
            }
            if ((hr = IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, rows[r].group, &mem)) != S_OK)
            {
                row_fail(&failures, r, name, "QueryVideoMemoryInfo after a reservation: %#x", (unsigned)hr);
                goto next_row;
            }
            if (mem.CurrentReservation != budget / 4)
                row_fail(&failures, r, name, "reservation %llu, expected %llu",
                        (unsigned long long)mem.CurrentReservation, (unsigned long long)(budget / 4));
            if ((hr = IDXGIAdapter3_SetVideoMemoryReservation(adapter, 0, rows[r].group, available + 1))
                    != E_INVALIDARG)
                row_fail(&failures, r, name, "SetVideoMemoryReservation(available + 1): %#x, expected %#x",
                        (unsigned)hr, (unsigned)E_INVALIDARG);
            if ((hr = IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, rows[r].group, &mem)) != S_OK)
            {
                row_fail(&failures, r, name, "QueryVideoMemoryInfo after a refused reservation: %#x", (unsigned)hr);
                goto next_row;
            }
            if (mem.CurrentReservation != budget / 4)
                row_fail(&failures, r, name, "reservation %llu after a refused one, expected %llu",
                        (unsigned long long)mem.CurrentReservation, (unsigned long long)(budget / 4));
        }
next_row:
        if ((hr = IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, NULL))
                != E_INVALIDARG)
            row_fail(&failures, r, name, "QueryVideoMemoryInfo(NULL): %#x, expected %#x", (unsigned)hr,
                    (unsigned)E_INVALIDARG);
        IDXGIAdapter3_Release(adapter);
        IDXGIFactory6_Release(factory);
    }
    reset_machine();
    rows_done(&failures);
}

/* ---- Methods the headless mock does not support ---- */

static IDXGIFactory6 *g_factory;
static IDXGIAdapter4 *g_adapter;
static IUnknown *g_device; /* any IUnknown stands in for a device */

static HRESULT call_make_window_association(void) { return IDXGIFactory6_MakeWindowAssociation(g_factory, 0, DXGI_MWA_NO_ALT_ENTER); }
static HRESULT call_make_window_association_bad_flags(void) { return IDXGIFactory6_MakeWindowAssociation(g_factory, 0, 0x100); }
static HRESULT call_get_window_association(void)
{
    HWND w = (HWND)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIFactory6_GetWindowAssociation(g_factory, &w);
    return w ? E_UNEXPECTED : hr; /* always NULL, as Windows */
}
static HRESULT call_get_window_association_null(void) { return IDXGIFactory6_GetWindowAssociation(g_factory, NULL); }
static HRESULT call_create_swap_chain(void)
{
    DXGI_SWAP_CHAIN_DESC desc = {0};
    IDXGISwapChain *swapchain = (IDXGISwapChain *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIFactory6_CreateSwapChain(g_factory, g_device, &desc, &swapchain);
    return swapchain ? E_UNEXPECTED : hr;
}
static HRESULT call_create_swap_chain_null_desc(void)
{
    IDXGISwapChain *swapchain;
    return IDXGIFactory6_CreateSwapChain(g_factory, g_device, NULL, &swapchain);
}
static HRESULT call_create_swap_chain_for_hwnd(void)
{
    DXGI_SWAP_CHAIN_DESC1 desc = {0};
    IDXGISwapChain1 *swapchain = (IDXGISwapChain1 *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIFactory6_CreateSwapChainForHwnd(g_factory, g_device, 0, &desc, NULL, NULL, &swapchain);
    return swapchain ? E_UNEXPECTED : hr;
}
static HRESULT call_create_swap_chain_for_composition(void)
{
    DXGI_SWAP_CHAIN_DESC1 desc = {0};
    IDXGISwapChain1 *swapchain = (IDXGISwapChain1 *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIFactory6_CreateSwapChainForComposition(g_factory, g_device, &desc, NULL, &swapchain);
    return swapchain ? E_UNEXPECTED : hr;
}
static HRESULT call_create_swap_chain_for_core_window_null(void)
{
    IDXGISwapChain1 *swapchain;
    return IDXGIFactory6_CreateSwapChainForCoreWindow(g_factory, g_device, NULL, NULL, NULL, &swapchain);
}
static HRESULT call_create_software_adapter(void)
{
    IDXGIAdapter *adapter = (IDXGIAdapter *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIFactory6_CreateSoftwareAdapter(g_factory, NULL, &adapter);
    return adapter ? E_UNEXPECTED : hr;
}
static HRESULT call_register_occlusion_status_event(void) { DWORD c; return IDXGIFactory6_RegisterOcclusionStatusEvent(g_factory, NULL, &c); }
static HRESULT call_register_stereo_status_window(void) { DWORD c; return IDXGIFactory6_RegisterStereoStatusWindow(g_factory, 0, 0, &c); }
static HRESULT call_shared_resource_luid(void) { LUID l; return IDXGIFactory6_GetSharedResourceAdapterLuid(g_factory, NULL, &l); }
static HRESULT call_enum_outputs(void)
{
    IDXGIOutput *output = (IDXGIOutput *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIAdapter4_EnumOutputs(g_adapter, 0, &output);
    return output ? E_UNEXPECTED : hr;
}
static HRESULT call_enum_outputs_null(void) { return IDXGIAdapter4_EnumOutputs(g_adapter, 0, NULL); }
static HRESULT call_debug_interface(void)
{
    IUnknown *debug = (IUnknown *)(uintptr_t)0xdeadbeef;
    HRESULT hr = DXGIGetDebugInterface1(0, &IID_IDXGIDebug, (void **)&debug);
    return debug ? E_UNEXPECTED : hr;
}
static HRESULT call_debug_interface_flags(void) { IUnknown *d; return DXGIGetDebugInterface1(1, &IID_IDXGIDebug, (void **)&d); }
static HRESULT call_allow_tearing_bad_size(void)
{
    BOOL allow[2] = {7, 7};
    HRESULT hr = IDXGIFactory6_CheckFeatureSupport(g_factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, allow, sizeof(allow));
    return allow[0] != 7 ? E_UNEXPECTED : hr;
}
static HRESULT call_unknown_feature(void)
{
    BOOL allow = 7;
    HRESULT hr = IDXGIFactory6_CheckFeatureSupport(g_factory, (DXGI_FEATURE)1, &allow, sizeof(allow));
    return allow != 7 ? E_UNEXPECTED : hr;
}
static HRESULT call_budget_event(void)
{
    HANDLE event = event_create();
    DWORD cookie = 0;
    HRESULT hr = IDXGIAdapter4_RegisterVideoMemoryBudgetChangeNotificationEvent(g_adapter, event, &cookie);
    if (SUCCEEDED(hr))
        IDXGIAdapter4_UnregisterVideoMemoryBudgetChangeNotification(g_adapter, cookie);
    event_destroy(event);
    return hr;
}
static HRESULT call_budget_event_null(void) { DWORD c; return IDXGIAdapter4_RegisterVideoMemoryBudgetChangeNotificationEvent(g_adapter, NULL, &c); }
static HRESULT call_factory_get_parent(void)
{
    IUnknown *parent = (IUnknown *)(uintptr_t)0xdeadbeef;
    HRESULT hr = IDXGIFactory6_GetParent(g_factory, &IID_IUnknown, (void **)&parent);
    return parent ? E_UNEXPECTED : hr;
}

static void test_unsupported_methods(void **state)
{
    static const struct
    {
        const char *name;
        HRESULT (*call)(void);
        HRESULT expected;
    }
    rows[] =
    {
        {"MakeWindowAssociation", call_make_window_association, S_OK},
        {"MakeWindowAssociation(bad flags)", call_make_window_association_bad_flags, DXGI_ERROR_INVALID_CALL},
        {"GetWindowAssociation", call_get_window_association, S_OK},
        {"GetWindowAssociation(NULL)", call_get_window_association_null, DXGI_ERROR_INVALID_CALL},
        {"CreateSwapChain(no window)", call_create_swap_chain, DXGI_ERROR_INVALID_CALL},
        {"CreateSwapChain(NULL desc)", call_create_swap_chain_null_desc, DXGI_ERROR_INVALID_CALL},
        {"CreateSwapChainForHwnd(no window)", call_create_swap_chain_for_hwnd, DXGI_ERROR_INVALID_CALL},
        {"CreateSwapChainForComposition(not a D3D12 queue)", call_create_swap_chain_for_composition, DXGI_ERROR_UNSUPPORTED},
        {"CreateSwapChainForCoreWindow(NULL window)", call_create_swap_chain_for_core_window_null, DXGI_ERROR_INVALID_CALL},
        {"CreateSoftwareAdapter", call_create_software_adapter, DXGI_ERROR_UNSUPPORTED},
        {"RegisterOcclusionStatusEvent", call_register_occlusion_status_event, DXGI_ERROR_UNSUPPORTED},
        {"RegisterStereoStatusWindow", call_register_stereo_status_window, DXGI_ERROR_UNSUPPORTED},
        {"GetSharedResourceAdapterLuid", call_shared_resource_luid, DXGI_ERROR_UNSUPPORTED},
        {"EnumOutputs", call_enum_outputs, DXGI_ERROR_NOT_FOUND},
        {"EnumOutputs(NULL)", call_enum_outputs_null, E_INVALIDARG},
        {"DXGIGetDebugInterface1", call_debug_interface, E_NOINTERFACE},
        {"DXGIGetDebugInterface1(flags 1)", call_debug_interface_flags, E_INVALIDARG},
        {"CheckFeatureSupport(ALLOW_TEARING, bad size)", call_allow_tearing_bad_size, DXGI_ERROR_INVALID_CALL},
        {"CheckFeatureSupport(unknown feature)", call_unknown_feature, DXGI_ERROR_INVALID_CALL},
        {"RegisterVideoMemoryBudgetChangeNotificationEvent", call_budget_event, S_OK},
        {"RegisterVideoMemoryBudgetChangeNotificationEvent(NULL)", call_budget_event_null, DXGI_ERROR_INVALID_CALL},
        {"factory GetParent", call_factory_get_parent, E_NOINTERFACE},
    };
    struct row_failures failures = {0};

    (void)state;
    reset_machine();
    g_factory = create_factory("unsupported");
    g_device = (IUnknown *)g_factory;
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(g_factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&g_adapter), S_OK);
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        HRESULT hr = rows[r].call();

        if (hr != rows[r].expected)
            row_fail(&failures, r, rows[r].name, "%#x, expected %#x", (unsigned)hr, (unsigned)rows[r].expected);
    }
    assert_false(IDXGIFactory6_IsWindowedStereoEnabled(g_factory));
    IDXGIAdapter4_Release(g_adapter);
    IDXGIFactory6_Release(g_factory);
    rows_done(&failures);
}

/* What a D3d12info report says beyond the descriptions (data/adapters/reports):
 * CheckInterfaceSupport's UMD version, the DXGI_ADAPTER_DESC3 flags and
 * preemption, ALLOW_TEARING; and what an adapter without a report answers. */
static void test_report_answers(void **state)
{
    static const struct
    {
        const char *id;
        HRESULT interface_hr;
        LONGLONG umd;
        UINT flags, graphics, compute;
        BOOL tearing;
    }
    rows[] =
    {
        {"nvidia-rtx-5070-ti", S_OK, 9007199255733668ll, 44, 3, 1, TRUE},
        {"amd-radeon-granite-ridge", S_OK, 9007200633825045ll, 44, 1, 0, TRUE},
        {"intel-arc-a770", S_OK, 8725724284654556ll, 44, 2, 2, TRUE},
        {"warp", S_OK, 2814751477604488ll, 46, 4, 4, TRUE},
        /* Inferred: the version of the vendor's report of that package (31.0.24033.1003, marked inferred;
         * tools/gen_profiles.py UMD_VERSIONS), the other defaults: tearing, as every real report has it
         * (Windows 10 1607+, docs/profiles.md "allowTearing"). */
        {"amd-rx-7900-xtx", S_OK, 8725725853058027ll, 44, 0, 0, TRUE},
        {"nvidia-gtx-1080-ti", S_OK, 8725724279018562ll, 44, 0, 0, TRUE}, /* 31.0.15.5186 */
        /* Synthetic: the documented synthetic version 32.0.0.1 (CAPS_SYNTHETIC_UMD_VERSION). */
        {"fl11-minimal", S_OK, 9007199254740993ll, 44, 0, 0, TRUE},
        /* A profile of a Windows before the Anniversary Update (1607) states no tearing. */
        {"no-tearing", S_OK, 9007199254740993ll, 44, 0, 0, FALSE},
    };
    struct row_failures failures = {0};
    char error[256];

    (void)state;
    if (FAILED(mockd3d12_register_profile("{\"id\": \"no-tearing\", \"inherits\": \"fl11-minimal\","
            " \"adapter\": {\"allowTearing\": false}}", error, sizeof(error))))
        fail_msg("%s", error);
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        const char *config[] = {rows[r].id};
        IDXGIFactory6 *factory;
        IDXGIAdapter4 *adapter;
        DXGI_ADAPTER_DESC3 desc;
        LARGE_INTEGER umd = {.QuadPart = 0x5555};
        BOOL tearing = 7;
        HRESULT hr;

        if ((hr = mockd3d12_set_machine_adapters(config, 1)) != S_OK)
        {
            row_fail(&failures, r, rows[r].id, "set_machine_adapters: %#x", (unsigned)hr);
            continue;
        }
        factory = create_factory(rows[r].id);
        if ((hr = IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
                &IID_IDXGIAdapter4, (void **)&adapter)) != S_OK)
        {
            row_fail(&failures, r, rows[r].id, "EnumAdapterByGpuPreference: %#x", (unsigned)hr);
            IDXGIFactory6_Release(factory);
            continue;
        }
        if ((hr = IDXGIAdapter4_CheckInterfaceSupport(adapter, &IID_IDXGIDevice, &umd)) != rows[r].interface_hr
                || umd.QuadPart != rows[r].umd)
            row_fail(&failures, r, rows[r].id, "CheckInterfaceSupport(IDXGIDevice): %#x, %lld", (unsigned)hr,
                    (long long)umd.QuadPart);
        /* Only IDXGIDevice and ID3D10Device answer; any other GUID does not. */
        if ((hr = IDXGIAdapter4_CheckInterfaceSupport(adapter, &IID_IDXGIFactory, &umd)) != DXGI_ERROR_UNSUPPORTED)
            row_fail(&failures, r, rows[r].id, "CheckInterfaceSupport(IDXGIFactory): %#x", (unsigned)hr);
        if ((hr = IDXGIAdapter4_CheckInterfaceSupport(adapter, NULL, &umd)) != E_INVALIDARG)
            row_fail(&failures, r, rows[r].id, "CheckInterfaceSupport(NULL): %#x", (unsigned)hr);
        if ((hr = IDXGIAdapter4_GetDesc3(adapter, &desc)) != S_OK || (UINT)desc.Flags != rows[r].flags
                || (UINT)desc.GraphicsPreemptionGranularity != rows[r].graphics
                || (UINT)desc.ComputePreemptionGranularity != rows[r].compute)
            row_fail(&failures, r, rows[r].id, "GetDesc3: %#x, flags %#x, preemption %u/%u", (unsigned)hr,
                    (unsigned)desc.Flags, (unsigned)desc.GraphicsPreemptionGranularity,
                    (unsigned)desc.ComputePreemptionGranularity);
        if ((hr = IDXGIFactory6_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing,
                sizeof(tearing))) != S_OK || tearing != rows[r].tearing)
            row_fail(&failures, r, rows[r].id, "ALLOW_TEARING: %#x, %d", (unsigned)hr, tearing);
        IDXGIAdapter4_Release(adapter);
        IDXGIFactory6_Release(factory);
    }
    reset_machine();
    rows_done(&failures);
}

static void test_factory_object(void **state)
{
    static const struct iid_row supported[] =
    {
        IID_ROW(IID_IUnknown), IID_ROW(IID_IDXGIObject), IID_ROW(IID_IDXGIFactory), IID_ROW(IID_IDXGIFactory1),
        IID_ROW(IID_IDXGIFactory2), IID_ROW(IID_IDXGIFactory3), IID_ROW(IID_IDXGIFactory4),
        IID_ROW(IID_IDXGIFactory5), IID_ROW(IID_IDXGIFactory6),
    };
    static const struct iid_row unsupported[] =
    {
        IID_ROW(IID_IDXGIFactory7), IID_ROW(IID_IDXGIAdapter), IID_ROW(IID_IDXGIDevice),
    };
    static const struct
    {
        UINT flags;
        HRESULT hr;
    }
    creation[] =
    {
        {0, S_OK}, {DXGI_CREATE_FACTORY_DEBUG, S_OK}, {2, E_INVALIDARG}, {DXGI_CREATE_FACTORY_DEBUG | 4, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    IDXGIFactory6 *factory, *other;
    IDXGIAdapter1 *adapter;
    IUnknown *unknown;
    HRESULT hr;
    char name[64];

    (void)state;
    reset_machine();
    for (unsigned r = 0; r < ARRAY_SIZE(creation); ++r)
    {
        UINT flags;

        snprintf(name, sizeof(name), "CreateDXGIFactory2(%#x)", creation[r].flags);
        factory = (IDXGIFactory6 *)(uintptr_t)0xdeadbeef;
        hr = CreateDXGIFactory2(creation[r].flags, &IID_IDXGIFactory6, (void **)&factory);
        if (hr != creation[r].hr)
            row_fail(&failures, r, name, "%#x, expected %#x", (unsigned)hr, (unsigned)creation[r].hr);
        if (FAILED(hr))
        {
            if (factory)
                row_fail(&failures, r, name, "factory pointer not cleared");
            continue;
        }
        if ((flags = IDXGIFactory6_GetCreationFlags(factory)) != creation[r].flags)
            row_fail(&failures, r, name, "GetCreationFlags %#x", flags);
        IDXGIFactory6_Release(factory);
    }
    /* A DXGI 1.0 factory refuses IDXGIFactory1 only (Wine's test_create_factory). */
    assert_int_equal(CreateDXGIFactory(&IID_IDXGIFactory, (void **)&unknown), S_OK);
    for (unsigned i = 0; i < ARRAY_SIZE(supported); ++i)
    {
        IUnknown *got = (IUnknown *)(uintptr_t)0xdeadbeef;
        /* Every interface but IDXGIFactory1 (row 3), as Wine records Windows. */
        HRESULT expected = i == 3 ? E_NOINTERFACE : S_OK;

        hr = IUnknown_QueryInterface(unknown, supported[i].iid, (void **)&got);
        if (hr != expected || (FAILED(hr) && got))
            row_fail(&failures, i, supported[i].name, "DXGI 1.0 factory: %#x, %p", (unsigned)hr, (void *)got);
        if (SUCCEEDED(hr))
            IUnknown_Release(got);
    }
    IUnknown_Release(unknown);
    for (unsigned i = 0; i < ARRAY_SIZE(supported); ++i)
    {
        IUnknown *got = (IUnknown *)(uintptr_t)0xdeadbeef;
        /* Every interface but IDXGIFactory1 (row 3), as Wine records Windows. */
        HRESULT expected = i == 3 ? E_NOINTERFACE : S_OK;

        hr = CreateDXGIFactory(supported[i].iid, (void **)&got);
        if (hr != expected || (FAILED(hr) && got))
            row_fail(&failures, i, supported[i].name, "CreateDXGIFactory: %#x, %p", (unsigned)hr, (void *)got);
        if (SUCCEEDED(hr))
            IUnknown_Release(got);
    }
    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory1, NULL), E_INVALIDARG);

    factory = create_factory("factory");
    for (unsigned i = 0; i < ARRAY_SIZE(supported); ++i)
    {
        if ((hr = IDXGIFactory6_QueryInterface(factory, supported[i].iid, (void **)&unknown)) != S_OK)
        {
            row_fail(&failures, i, supported[i].name, "factory QueryInterface: %#x", (unsigned)hr);
            continue;
        }
        if (unknown != (IUnknown *)factory)
            row_fail(&failures, i, supported[i].name, "factory QueryInterface: %p, not the factory %p",
                    (void *)unknown, (void *)factory);
        IUnknown_Release(unknown);
    }
    for (unsigned i = 0; i < ARRAY_SIZE(unsupported); ++i)
    {
        unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
        hr = IDXGIFactory6_QueryInterface(factory, unsupported[i].iid, (void **)&unknown);
        if (hr != E_NOINTERFACE || unknown)
            row_fail(&failures, i, unsupported[i].name, "factory QueryInterface: %#x %p, expected %#x NULL",
                    (unsigned)hr, (void *)unknown, (unsigned)E_NOINTERFACE);
    }
    rows_done(&failures);

    /* IsCurrent until the machine changes. */
    assert_true(IDXGIFactory6_IsCurrent(factory));
    {
        const char *config[] = {"amd-rx-580"};
        assert_int_equal(mockd3d12_set_machine_adapters(config, 1), S_OK);
    }
    assert_false(IDXGIFactory6_IsCurrent(factory));
    other = create_factory("second factory");
    assert_true(IDXGIFactory6_IsCurrent(other));
    {
        /* The same machine set again keeps it current; the environment
         * counts once no control-API setting hides it. */
        const char *config[] = {"amd-rx-580"};
        assert_int_equal(mockd3d12_set_machine_adapters(config, 1), S_OK);
        assert_true(IDXGIFactory6_IsCurrent(other));
        test_setenv("MOCKD3D12_ADAPTERS", "amd-rx-580");
        assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
        assert_true(IDXGIFactory6_IsCurrent(other));
        test_setenv("MOCKD3D12_ADAPTERS", "nvidia-rtx-4090");
        assert_false(IDXGIFactory6_IsCurrent(other));
        test_unsetenv("MOCKD3D12_ADAPTERS");
        assert_int_equal(mockd3d12_set_machine_adapters(config, 1), S_OK);
    }
    /* The old factory keeps its snapshot. */
    assert_int_equal(IDXGIFactory6_EnumAdapters1(factory, 2, &adapter), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(IDXGIFactory6_EnumAdapters1(other, 0, &adapter), S_OK);
    check_adapter_is("second factory", 0, adapter, "amd-rx-580");
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(other);

    /* An adapter keeps its factory alive; GetParent returns it. */
    assert_int_equal(IDXGIFactory6_EnumAdapters1(factory, 0, &adapter), S_OK);
    assert_int_equal(IDXGIFactory6_Release(factory), 1); /* the adapter's reference remains */
    assert_int_equal(IDXGIAdapter1_GetParent(adapter, &IID_IDXGIFactory1, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, factory);
    assert_int_equal(IUnknown_Release(unknown), 1);
    assert_int_equal(IDXGIAdapter1_GetParent(adapter, &IID_IDXGIFactory1, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIAdapter1_Release(adapter), 0);
    reset_machine();
}

/* Does the adapter have this LUID? */
static int same_luid(IDXGIAdapter *adapter, LUID luid)
{
    DXGI_ADAPTER_DESC desc;

    return SUCCEEDED(IDXGIAdapter_GetDesc(adapter, &desc)) && desc.AdapterLuid.LowPart == luid.LowPart
            && desc.AdapterLuid.HighPart == luid.HighPart;
}

static void test_adapter_object(void **state)
{
    static const struct iid_row supported[] =
    {
        IID_ROW(IID_IUnknown), IID_ROW(IID_IDXGIObject), IID_ROW(IID_IDXGIAdapter), IID_ROW(IID_IDXGIAdapter1),
        IID_ROW(IID_IDXGIAdapter2), IID_ROW(IID_IDXGIAdapter3), IID_ROW(IID_IDXGIAdapter4),
    };
    struct row_failures failures = {0};
    HRESULT hr;
    static const GUID key = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    static const GUID other_key = {0x87654321, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter;
    IUnknown *unknown;
    UINT data = 0x1234abcd, out[2], size;

    (void)state;
    reset_machine();
    factory = create_factory("adapter");
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    for (unsigned i = 0; i < ARRAY_SIZE(supported); ++i)
    {
        if ((hr = IDXGIAdapter4_QueryInterface(adapter, supported[i].iid, (void **)&unknown)) != S_OK)
        {
            row_fail(&failures, i, supported[i].name, "adapter QueryInterface: %#x", (unsigned)hr);
            continue;
        }
        if (unknown != (IUnknown *)adapter)
            row_fail(&failures, i, supported[i].name, "adapter QueryInterface: %p, not the adapter %p",
                    (void *)unknown, (void *)adapter);
        IUnknown_Release(unknown);
    }
    rows_done(&failures);
    unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
    assert_int_equal(IDXGIAdapter4_QueryInterface(adapter, &IID_IDXGIFactory, (void **)&unknown), E_NOINTERFACE);
    assert_null(unknown);

    /* Private data, with the errors D3D12 objects give too. */
    assert_int_equal(IDXGIAdapter4_SetPrivateData(adapter, &key, sizeof(data), &data), S_OK);
    size = sizeof(out);
    out[0] = 0;
    assert_int_equal(IDXGIAdapter4_GetPrivateData(adapter, &key, &size, out), S_OK);
    assert_int_equal(size, sizeof(data));
    assert_int_equal(out[0], data);
    size = 1;
    assert_int_equal(IDXGIAdapter4_GetPrivateData(adapter, &key, &size, out), DXGI_ERROR_MORE_DATA);
    size = sizeof(out);
    assert_int_equal(IDXGIAdapter4_GetPrivateData(adapter, &other_key, &size, out), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(IDXGIFactory6_SetPrivateData(factory, &key, sizeof(data), &data), S_OK);
    size = sizeof(out);
    assert_int_equal(IDXGIFactory6_GetPrivateData(factory, &key, &size, out), S_OK);
    assert_int_equal(IDXGIAdapter4_SetPrivateDataInterface(adapter, &other_key, (IUnknown *)factory), S_OK);

    IDXGIAdapter4_Release(adapter);

    /* A new object per enumeration, whichever method finds it; another
     * factory's are its own too. */
    {
        IDXGIAdapter *first, *again, *warp, *last;
        IDXGIAdapter1 *first1;
        IDXGIAdapter4 *by_luid, *by_preference, *warp4;
        IDXGIFactory6 *other;
        DXGI_ADAPTER_DESC desc;
        UINT count = 0;

        /* Every enumeration makes a new object, refcount 1 (Wine's
         * test_output_desc records Windows), of the same adapter. */
        assert_int_equal(IDXGIFactory6_EnumAdapters(factory, 0, &first), S_OK);
        assert_int_equal(get_refcount(first), 1);
        assert_int_equal(IDXGIFactory6_EnumAdapters(factory, 0, &again), S_OK);
        assert_ptr_not_equal(again, first);
        assert_int_equal(get_refcount(first), 1);
        assert_int_equal(get_refcount(again), 1);
        assert_int_equal(IDXGIAdapter_GetDesc(first, &desc), S_OK);
        assert_true(same_luid(again, desc.AdapterLuid));
        IDXGIAdapter_Release(again);
        assert_int_equal(IDXGIFactory6_EnumAdapters1(factory, 0, &first1), S_OK);
        assert_ptr_not_equal(first1, first);
        assert_true(same_luid((IDXGIAdapter *)first1, desc.AdapterLuid));
        IDXGIAdapter1_Release(first1);
        assert_int_equal(IDXGIFactory6_EnumAdapterByLuid(factory, desc.AdapterLuid, &IID_IDXGIAdapter4,
                (void **)&by_luid), S_OK);
        assert_ptr_not_equal(by_luid, first);
        assert_true(same_luid((IDXGIAdapter *)by_luid, desc.AdapterLuid));
        IDXGIAdapter4_Release(by_luid);
        assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
                &IID_IDXGIAdapter4, (void **)&by_preference), S_OK);
        assert_true(same_luid((IDXGIAdapter *)by_preference, desc.AdapterLuid));
        IDXGIAdapter4_Release(by_preference);
        while (IDXGIFactory6_EnumAdapters(factory, count, &last) == S_OK)
        {
            IDXGIAdapter_Release(last);
            ++count;
        }
        assert_int_equal(IDXGIFactory6_EnumAdapters(factory, count - 1, &last), S_OK);
        assert_int_equal(IDXGIFactory6_EnumWarpAdapter(factory, &IID_IDXGIAdapter4, (void **)&warp4), S_OK);
        assert_int_equal(IDXGIAdapter_GetDesc(last, &desc), S_OK);
        assert_true(same_luid((IDXGIAdapter *)warp4, desc.AdapterLuid));
        IDXGIAdapter4_Release(warp4);
        IDXGIAdapter_Release(last);
        other = create_factory("other");
        assert_int_equal(IDXGIFactory6_EnumAdapters(other, 0, &warp), S_OK);
        assert_ptr_not_equal(warp, first);
        IDXGIAdapter_Release(warp);
        IDXGIFactory6_Release(other);
        assert_int_equal(IDXGIAdapter_Release(first), 0);
        /* Gone: the next enumeration makes a working adapter again. */
        assert_int_equal(IDXGIFactory6_EnumAdapters(factory, 0, &first), S_OK);
        assert_int_equal(get_refcount(first), 1);
        assert_int_equal(IDXGIAdapter_GetDesc(first, &desc), S_OK);
        IDXGIAdapter_Release(first);
    }
    IDXGIFactory6_Release(factory);
}

/* QueryVideoMemoryInfo's CurrentUsage is what the adapter's D3D12 heaps and
 * committed resources hold (libd3d12's accounting): a discrete adapter's
 * DEFAULT buffer is local, its UPLOAD buffer non-local; released, both go.
 * A registered budget-change event is signalled at each change, and no
 * more once unregistered. */
static void test_video_memory_usage(void **state)
{
    static const char *const config[] = {"nvidia-rtx-4090"};
    D3D12_HEAP_PROPERTIES def = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0}, upload = {D3D12_HEAP_TYPE_UPLOAD, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 1 << 20, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    DXGI_QUERY_VIDEO_MEMORY_INFO local0, non_local0, local, non_local;
    ID3D12Resource *a, *b;
    IDXGIFactory6 *factory;
    IDXGIAdapter3 *adapter;
    ID3D12Device *device;
    DWORD cookie = 0;
    HANDLE event;

    (void)state;
    assert_int_equal(mockd3d12_set_machine_adapters(config, 1), S_OK);
    factory = create_factory("usage");
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter3, (void **)&adapter), S_OK);
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    assert_non_null(event = event_create());
    assert_int_equal(IDXGIAdapter3_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, event, &cookie), S_OK);
    assert_int_not_equal(cookie, 0);
    /* Signalled once on registration (the adapter has a budget), as Windows does. */
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local0), S_OK);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, &non_local0),
            S_OK);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &def, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&a), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&b), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local), S_OK);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, &non_local),
            S_OK);
    assert_int_equal(local.CurrentUsage, local0.CurrentUsage + (1 << 20));
    assert_int_equal(non_local.CurrentUsage, non_local0.CurrentUsage + (1 << 20));
    assert_int_equal(local.Budget, local0.Budget);
    ID3D12Resource_Release(a);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    /* Another adapter's cookie is not this adapter's to end. */
    IDXGIAdapter3_UnregisterVideoMemoryBudgetChangeNotification(adapter, cookie + 1000);
    IDXGIAdapter3_UnregisterVideoMemoryBudgetChangeNotification(adapter, cookie);
    ID3D12Resource_Release(b);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(IDXGIAdapter3_QueryVideoMemoryInfo(adapter, 0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local), S_OK);
    assert_int_equal(local.CurrentUsage, local0.CurrentUsage);
    /* A registration still open when the adapter dies ends with it. */
    assert_int_equal(IDXGIAdapter3_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, event, &cookie), S_OK);
    assert_int_equal(mockd3d12_unwatch_video_memory(cookie), S_OK);
    assert_int_equal(IDXGIAdapter3_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, event, &cookie), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    ID3D12Device_Release(device);
    IDXGIAdapter3_Release(adapter);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_unwatch_video_memory(cookie), E_INVALIDARG);
    event_destroy(event);
}

/* D3D12CreateDevice accepts DXGI adapters and creates that profile's device. */
static void test_d3d12_device(void **state)
{
    static const char *const config[] = {"intel-iris-xe", "nvidia-rtx-3060-laptop", "warp-22621"};
    IDXGIFactory6 *factory;
    IDXGIAdapter1 *adapter;
    ID3D12Device *device;
    DXGI_ADAPTER_DESC1 desc;
    struct row_failures failures = {0};
    char name[160];
    unsigned i;
    HRESULT hr;

    (void)state;
    assert_int_equal(mockd3d12_set_machine_adapters(config, ARRAY_SIZE(config)), S_OK);
    factory = create_factory("device");
    for (i = 0; IDXGIFactory6_EnumAdapters1(factory, i, &adapter) == S_OK; ++i)
    {
        LUID luid;

        snprintf(name, sizeof(name), "adapter %u", i);
        if ((hr = IDXGIAdapter1_GetDesc1(adapter, &desc)) != S_OK)
        {
            row_fail(&failures, i, name, "GetDesc1: %#x", (unsigned)hr);
            IDXGIAdapter1_Release(adapter);
            continue;
        }
        if (wcstombs(name, desc.Description, sizeof(name) - 1) == (size_t)-1)
            snprintf(name, sizeof(name), "adapter %u", i);
        name[sizeof(name) - 1] = 0;
        hr = D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        if (hr != S_OK)
        {
            row_fail(&failures, i, name, "D3D12CreateDevice failed: %#x", (unsigned)hr);
        }
        else
        {
            luid = device_luid(device);
            if (!luid_equal(luid, desc.AdapterLuid))
                row_fail(&failures, i, name, "device LUID %#x:%#x, DXGI LUID %#x:%#x",
                        (unsigned)luid.HighPart, (unsigned)luid.LowPart,
                        (unsigned)desc.AdapterLuid.HighPart, (unsigned)desc.AdapterLuid.LowPart);
            ID3D12Device_Release(device);
        }
        /* The probe the samples use: no device pointer. */
        if (!SUCCEEDED(hr = D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL)))
            row_fail(&failures, i, name, "D3D12CreateDevice probe (no device pointer): %#x", (unsigned)hr);
        IDXGIAdapter1_Release(adapter);
    }
    rows_done(&failures);
    assert_int_equal(i, 3);

    assert_int_equal(IDXGIFactory6_EnumWarpAdapter(factory, &IID_IDXGIAdapter1, (void **)&adapter), S_OK);
    assert_int_equal(IDXGIAdapter1_GetDesc1(adapter, &desc), S_OK);
    assert_int_equal(D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&device), S_OK);
    assert_true(luid_equal(device_luid(device), desc.AdapterLuid));
    ID3D12Device_Release(device);
    IDXGIAdapter1_Release(adapter);
    IDXGIFactory6_Release(factory);
    reset_machine();
}

/* The machine decides D3D12CreateDevice(NULL)'s adapter, as on Windows, where
 * the default adapter is DXGI's first: its first adapter in enumeration order
 * (first hardware one, WARP if only software), unless mockd3d12_select_adapter
 * or MOCKD3D12_ADAPTER chose one. */
static void test_null_adapter(void **state)
{
    static const struct
    {
        const char *name;
        const char *config[MAX_IDS]; /* control API; config[0] NULL: none */
        const char *machine_env;     /* MOCKD3D12_ADAPTERS */
        const char *adapter_env;     /* MOCKD3D12_ADAPTER */
        const char *selected;        /* mockd3d12_select_adapter */
        const char *expected;        /* NULL: D3D12CreateDevice fails */
    }
    rows[] =
    {
        {"no machine: the built-in default", {NULL}, NULL, NULL, NULL, "nvidia-rtx-5070-ti"},
        {"WARP-only machine", {NULL}, "warp", NULL, NULL, "warp"},
        {"first hardware adapter", {NULL}, "intel-iris-xe,amd-rx-7900-xtx", NULL, NULL, "intel-iris-xe"},
        {"software id listed first", {NULL}, "warp-22621,amd-rx-580", NULL, NULL, "amd-rx-580"},
        {"the chosen WARP only", {NULL}, "warp-22621", NULL, NULL, "warp-22621"},
        {"control-API machine", {"amd-rx-7900-xtx", "intel-iris-xe"}, NULL, NULL, NULL, "amd-rx-7900-xtx"},
        {"control-API machine over the variable", {"nvidia-rtx-2080"}, "warp", NULL, NULL, "nvidia-rtx-2080"},
        {"MOCKD3D12_ADAPTER wins", {NULL}, "warp", "nvidia-rtx-4090", NULL, "nvidia-rtx-4090"},
        {"MOCKD3D12_ADAPTER wins over the control-API machine", {"warp"}, NULL, "amd-rx-580", NULL, "amd-rx-580"},
        {"select_adapter wins", {"warp"}, "intel-iris-xe", "amd-rx-580", "nvidia-rtx-2080", "nvidia-rtx-2080"},
        {"unknown id in the machine", {NULL}, "no-such-gpu", NULL, NULL, NULL},
    };
    struct row_failures failures = {0};
    const char *id;

    (void)state;
    for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
    {
        ID3D12Device *device = (ID3D12Device *)(uintptr_t)0xdeadbeef;
        HRESULT hr;

        reset_machine();
        if (rows[r].machine_env)
            test_setenv("MOCKD3D12_ADAPTERS", rows[r].machine_env);
        if (rows[r].adapter_env)
            test_setenv("MOCKD3D12_ADAPTER", rows[r].adapter_env);
        if (rows[r].config[0] && mockd3d12_set_machine_adapters(rows[r].config, id_count(rows[r].config)) != S_OK)
        {
            row_fail(&failures, r, rows[r].name, "set_machine_adapters");
            goto next_row;
        }
        if (rows[r].selected && mockd3d12_select_adapter(rows[r].selected) != S_OK)
        {
            row_fail(&failures, r, rows[r].name, "select_adapter");
            goto next_row;
        }

        id = mockd3d12_default_adapter_id();
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        if (!rows[r].expected)
        {
            if (id)
                row_fail(&failures, r, rows[r].name, "default adapter '%s', expected none", id);
            if (!strstr(mockd3d12_last_error(), "no-such-gpu"))
                row_fail(&failures, r, rows[r].name, "last error '%s' does not name the id", mockd3d12_last_error());
            if (hr != DXGI_ERROR_UNSUPPORTED || device)
                row_fail(&failures, r, rows[r].name, "D3D12CreateDevice: %#x %p", (unsigned)hr, (void *)device);
        }
        else
        {
            mockd3d12_adapter_info info = info_of(rows[r].name, rows[r].expected);

            if (!id || strcmp(id, rows[r].expected))
                row_fail(&failures, r, rows[r].name, "default adapter '%s', expected '%s'", id ? id : "(null)",
                        rows[r].expected);
            if (hr != S_OK || !device)
            {
                row_fail(&failures, r, rows[r].name, "D3D12CreateDevice: %#x", (unsigned)hr);
                goto next_row;
            }
            if (!luid_equal(device_luid(device), info.luid))
                row_fail(&failures, r, rows[r].name, "the device is not %s's", rows[r].expected);
            ID3D12Device_Release(device);
        }
next_row:
        test_unsetenv("MOCKD3D12_ADAPTER");
        assert_int_equal(mockd3d12_select_adapter(NULL), S_OK);
    }
    reset_machine();
    rows_done(&failures);
}

/* mockd3d12_reset() forgets the control-API machine (not the environment). */
static void test_reset(void **state)
{
    static const char *const config[] = {"warp"};
    const char *ids[MAX_IDS];

    (void)state;
    reset_machine();
    assert_int_equal(mockd3d12_set_machine_adapters(config, 1), S_OK);
    assert_int_equal(mockd3d12_machine_adapters(ids, MAX_IDS), 1);
    assert_string_equal(mockd3d12_default_adapter_id(), "warp");
    mockd3d12_reset();
    assert_int_equal(mockd3d12_machine_adapters(ids, MAX_IDS), 2);
    assert_string_equal(ids[0], "nvidia-rtx-5070-ti");
    assert_string_equal(ids[1], "warp");
    assert_string_equal(mockd3d12_default_adapter_id(), "nvidia-rtx-5070-ti");

    test_setenv("MOCKD3D12_ADAPTERS", "amd-rx-580");
    mockd3d12_reset();
    assert_int_equal(mockd3d12_machine_adapters(ids, MAX_IDS), 2);
    assert_string_equal(ids[0], "amd-rx-580");
    reset_machine();
}

/* ---- Coverage rows: NULL arguments, descriptions, UMD versions, tearing, a race ---- */

/*
 * The argument checks of the mock DXGI factory and adapter (src/dxgi/) that
 * the rows above do not reach: every NULL out-pointer and NULL required
 * argument, one row each, with the HRESULT Windows' DXGI returns for it and
 * the out-pointer cleared where the method clears it; an unknown LUID; a
 * profile description outside ASCII, as GetDesc3 converts it to UTF-16.
 * And a description longer than DXGI_ADAPTER_DESC holds.
 */

static IDXGIFactory6 *new_factory(void)
{
    IDXGIFactory6 *factory = NULL;

    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory6, (void **)&factory), S_OK);
    assert_non_null(factory);
    return factory;
}

enum call
{
    FACTORY_QI_NULL_OUT,
    FACTORY_GET_PARENT_NULL,
    ENUM_ADAPTERS_NULL,
    ENUM_ADAPTERS1_NULL,
    SWAPCHAIN_NO_DEVICE,
    SWAPCHAIN_NO_DESC,
    SWAPCHAIN_NO_OUT,
    SWAPCHAIN,
    SOFTWARE_ADAPTER_NULL,
    HWND_NO_DEVICE,
    HWND_NO_DESC,
    HWND_NO_OUT,
    CORE_WINDOW_NO_DEVICE,
    CORE_WINDOW_NO_WINDOW,
    CORE_WINDOW_NO_DESC,
    CORE_WINDOW_NO_OUT,
    CORE_WINDOW,
    COMPOSITION_NO_DEVICE,
    COMPOSITION_NO_DESC,
    COMPOSITION_NO_OUT,
    SHARED_LUID_NULL,
    STEREO_WINDOW_NULL,
    STEREO_EVENT_NULL,
    OCCLUSION_WINDOW_NULL,
    OCCLUSION_EVENT_NULL,
    BY_LUID_NULL,
    BY_LUID_OTHER_HIGH_PART,
    BY_PREFERENCE_NULL,
    ADAPTER_QI_NULL_OUT,
    ADAPTER_QI_UNKNOWN,
    BUDGET_EVENT_NO_COOKIE,
    BUDGET_EVENT_NO_EVENT,
    MEMORY_INFO_NODE_1,
    RESERVATION_NODE_1,
    DEBUG_INTERFACE_NULL,
    DEBUG_INTERFACE_FLAGS,
};

static const struct
{
    const char *name;
    enum call call;
    HRESULT hr;
    int cleared; /* the out-pointer is NULL afterwards */
}
rows[] = {
    {"factory QueryInterface, NULL out", FACTORY_QI_NULL_OUT, E_POINTER, 0},
    {"factory GetParent, NULL out", FACTORY_GET_PARENT_NULL, E_INVALIDARG, 0},
    {"EnumAdapters, NULL out", ENUM_ADAPTERS_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"EnumAdapters1, NULL out", ENUM_ADAPTERS1_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, no device", SWAPCHAIN_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, no desc", SWAPCHAIN_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, NULL out", SWAPCHAIN_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChain, no window", SWAPCHAIN, DXGI_ERROR_INVALID_CALL, 1},
    {"CreateSoftwareAdapter, NULL out", SOFTWARE_ADAPTER_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForHwnd, no device", HWND_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForHwnd, no desc", HWND_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForHwnd, NULL out", HWND_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, no device", CORE_WINDOW_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, no window", CORE_WINDOW_NO_WINDOW, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, no desc", CORE_WINDOW_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow, NULL out", CORE_WINDOW_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForCoreWindow", CORE_WINDOW, DXGI_ERROR_UNSUPPORTED, 1},
    {"CreateSwapChainForComposition, no device", COMPOSITION_NO_DEVICE, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForComposition, no desc", COMPOSITION_NO_DESC, DXGI_ERROR_INVALID_CALL, 0},
    {"CreateSwapChainForComposition, NULL out", COMPOSITION_NO_OUT, DXGI_ERROR_INVALID_CALL, 0},
    {"GetSharedResourceAdapterLuid, NULL LUID", SHARED_LUID_NULL, E_INVALIDARG, 0},
    {"RegisterStereoStatusWindow, NULL cookie", STEREO_WINDOW_NULL, E_INVALIDARG, 0},
    {"RegisterStereoStatusEvent, NULL cookie", STEREO_EVENT_NULL, E_INVALIDARG, 0},
    {"RegisterOcclusionStatusWindow, NULL cookie", OCCLUSION_WINDOW_NULL, E_INVALIDARG, 0},
    {"RegisterOcclusionStatusEvent, NULL cookie", OCCLUSION_EVENT_NULL, E_INVALIDARG, 0},
    {"EnumAdapterByLuid, NULL out", BY_LUID_NULL, DXGI_ERROR_INVALID_CALL, 0},
    {"EnumAdapterByLuid, another HighPart", BY_LUID_OTHER_HIGH_PART, DXGI_ERROR_NOT_FOUND, 1},
    {"EnumAdapterByGpuPreference, NULL out", BY_PREFERENCE_NULL, E_INVALIDARG, 0},
    {"adapter QueryInterface, NULL out", ADAPTER_QI_NULL_OUT, E_POINTER, 0},
    {"adapter QueryInterface, IDXGIFactory", ADAPTER_QI_UNKNOWN, E_NOINTERFACE, 1},
    {"budget notification, NULL cookie", BUDGET_EVENT_NO_COOKIE, DXGI_ERROR_INVALID_CALL, 0},
    {"budget notification, no event", BUDGET_EVENT_NO_EVENT, DXGI_ERROR_INVALID_CALL, 0},
    {"QueryVideoMemoryInfo, node 1 of 1", MEMORY_INFO_NODE_1, E_INVALIDARG, 0},
    {"SetVideoMemoryReservation, node 1 of 1", RESERVATION_NODE_1, E_INVALIDARG, 0},
    {"DXGIGetDebugInterface1, NULL out", DEBUG_INTERFACE_NULL, E_INVALIDARG, 0},
    {"DXGIGetDebugInterface1, flags", DEBUG_INTERFACE_FLAGS, E_INVALIDARG, 1},
};

static HRESULT run(IDXGIFactory6 *factory, IDXGIAdapter4 *adapter, enum call call, void **out)
{
    IUnknown *device = (IUnknown *)factory; /* any object: the calls fail before they use it */
    HWND window = (HWND)(uintptr_t)1;
    DXGI_SWAP_CHAIN_DESC desc;
    DXGI_SWAP_CHAIN_DESC1 desc1;
    DXGI_ADAPTER_DESC1 adapter_desc;
    DXGI_QUERY_VIDEO_MEMORY_INFO info;
    LUID luid;
    DWORD cookie;

    memset(&desc, 0, sizeof(desc));
    memset(&desc1, 0, sizeof(desc1));
    switch (call)
    {
        case FACTORY_QI_NULL_OUT: return IDXGIFactory6_QueryInterface(factory, &IID_IDXGIFactory, NULL);
        case FACTORY_GET_PARENT_NULL: return IDXGIFactory6_GetParent(factory, &IID_IUnknown, NULL);
        case ENUM_ADAPTERS_NULL: return IDXGIFactory6_EnumAdapters(factory, 0, NULL);
        case ENUM_ADAPTERS1_NULL: return IDXGIFactory6_EnumAdapters1(factory, 0, NULL);
        case SWAPCHAIN_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChain(factory, NULL, &desc, (IDXGISwapChain **)out);
        case SWAPCHAIN_NO_DESC: return IDXGIFactory6_CreateSwapChain(factory, device, NULL, (IDXGISwapChain **)out);
        case SWAPCHAIN_NO_OUT: return IDXGIFactory6_CreateSwapChain(factory, device, &desc, NULL);
        case SWAPCHAIN: return IDXGIFactory6_CreateSwapChain(factory, device, &desc, (IDXGISwapChain **)out);
        case SOFTWARE_ADAPTER_NULL: return IDXGIFactory6_CreateSoftwareAdapter(factory, NULL, NULL);
        case HWND_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChainForHwnd(factory, NULL, window, &desc1, NULL, NULL,
                    (IDXGISwapChain1 **)out);
        case HWND_NO_DESC:
            return IDXGIFactory6_CreateSwapChainForHwnd(factory, device, window, NULL, NULL, NULL,
                    (IDXGISwapChain1 **)out);
        case HWND_NO_OUT:
            return IDXGIFactory6_CreateSwapChainForHwnd(factory, device, window, &desc1, NULL, NULL, NULL);
        case CORE_WINDOW_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, NULL, device, &desc1, NULL,
                    (IDXGISwapChain1 **)out);
        case CORE_WINDOW_NO_WINDOW:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, NULL, &desc1, NULL,
                    (IDXGISwapChain1 **)out);
        case CORE_WINDOW_NO_DESC:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, device, NULL, NULL,
                    (IDXGISwapChain1 **)out);
        case CORE_WINDOW_NO_OUT:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, device, &desc1, NULL, NULL);
        case CORE_WINDOW:
            return IDXGIFactory6_CreateSwapChainForCoreWindow(factory, device, device, &desc1, NULL,
                    (IDXGISwapChain1 **)out);
        case COMPOSITION_NO_DEVICE:
            return IDXGIFactory6_CreateSwapChainForComposition(factory, NULL, &desc1, NULL, (IDXGISwapChain1 **)out);
        case COMPOSITION_NO_DESC:
            return IDXGIFactory6_CreateSwapChainForComposition(factory, device, NULL, NULL, (IDXGISwapChain1 **)out);
        case COMPOSITION_NO_OUT:
            return IDXGIFactory6_CreateSwapChainForComposition(factory, device, &desc1, NULL, NULL);
        case SHARED_LUID_NULL: return IDXGIFactory6_GetSharedResourceAdapterLuid(factory, NULL, NULL);
        case STEREO_WINDOW_NULL: return IDXGIFactory6_RegisterStereoStatusWindow(factory, window, 0, NULL);
        case STEREO_EVENT_NULL: return IDXGIFactory6_RegisterStereoStatusEvent(factory, NULL, NULL);
        case OCCLUSION_WINDOW_NULL: return IDXGIFactory6_RegisterOcclusionStatusWindow(factory, window, 0, NULL);
        case OCCLUSION_EVENT_NULL: return IDXGIFactory6_RegisterOcclusionStatusEvent(factory, NULL, NULL);
        case BY_LUID_NULL:
            memset(&luid, 0, sizeof(luid));
            return IDXGIFactory6_EnumAdapterByLuid(factory, luid, &IID_IDXGIAdapter, NULL);
        case BY_LUID_OTHER_HIGH_PART:
            assert_int_equal(IDXGIAdapter4_GetDesc1(adapter, &adapter_desc), S_OK);
            luid = adapter_desc.AdapterLuid;
            luid.HighPart ^= 0x40;
            return IDXGIFactory6_EnumAdapterByLuid(factory, luid, &IID_IDXGIAdapter, out);
        case BY_PREFERENCE_NULL:
            return IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
                    &IID_IDXGIAdapter, NULL);
        case ADAPTER_QI_NULL_OUT: return IDXGIAdapter4_QueryInterface(adapter, &IID_IDXGIAdapter, NULL);
        case ADAPTER_QI_UNKNOWN: return IDXGIAdapter4_QueryInterface(adapter, &IID_IDXGIFactory, out);
        case BUDGET_EVENT_NO_COOKIE:
            return IDXGIAdapter4_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, (HANDLE)1, NULL);
        case BUDGET_EVENT_NO_EVENT:
            return IDXGIAdapter4_RegisterVideoMemoryBudgetChangeNotificationEvent(adapter, NULL, &cookie);
        case MEMORY_INFO_NODE_1:
            return IDXGIAdapter4_QueryVideoMemoryInfo(adapter, 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &info);
        case RESERVATION_NODE_1:
            return IDXGIAdapter4_SetVideoMemoryReservation(adapter, 1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 0);
        case DEBUG_INTERFACE_NULL: return DXGIGetDebugInterface1(0, &IID_IUnknown, NULL);
        case DEBUG_INTERFACE_FLAGS: return DXGIGetDebugInterface1(1, &IID_IUnknown, out);
    }
    return E_FAIL;
}

static void test_argument_checks(void **state)
{
    struct row_failures failures = {0};
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    unsigned i;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    factory = new_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        void *out = POISON;
        HRESULT hr = run(factory, adapter, rows[i].call, &out);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (rows[i].cleared ? out != NULL : out != POISON)
            row_fail(&failures, i, rows[i].name, "out is %p", out);
    }
    IDXGIAdapter4_Release(adapter);
    assert_int_equal(IDXGIFactory6_Release(factory), 0);
    rows_done(&failures);
}

/* GetDesc3 converts the profile's UTF-8 description to UTF-16, code point
 * by code point (two- three- and four-byte sequences). */
static void test_description_utf8(void **state)
{
    static const char profile[] = "{\"id\": \"dxgi-utf8\", \"description\": \"Caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80\","
            " \"inherits\": \"nvidia-rtx-4090\"}";
#ifdef _WIN32
    static const WCHAR expected[] = {'C', 'a', 'f', 0xe9, ' ', 0x4e2d, ' ', 0xd83d, 0xde00, 0}; /* UTF-16 */
#else
    static const WCHAR expected[] = {'C', 'a', 'f', 0xe9, ' ', 0x4e2d, ' ', 0x1f600, 0};
#endif
    const char *ids[] = {"dxgi-utf8"};
    char error[256] = "";
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    DXGI_ADAPTER_DESC3 desc;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    factory = new_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    assert_int_equal(IDXGIAdapter4_GetDesc3(adapter, &desc), S_OK);
    if (wcscmp(desc.Description, expected))
        fail_msg("Description %ls", desc.Description);
    IDXGIAdapter4_Release(adapter);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

/* A profile's UMD version answers CheckInterfaceSupport for ID3D10Device
 * too, with or without a place to write it; CheckFeatureSupport wants its
 * BOOL buffer and answers for the first adapter. */
static void test_umd_version_and_tearing(void **state)
{
    static const char profile[] = "{\"id\": \"dxgi-umd\", \"description\": \"UMD version\","
            " \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"umdVersion\": 12345678901}}";
    /* IID_ID3D10Device, {9B7E4C0F-342C-4106-A19F-4F2704F689F0}. */
    static const GUID iid_d3d10_device = {0x9b7e4c0f, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};
    const char *ids[] = {"dxgi-umd"};
    char error[256] = "";
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    mockd3d12_adapter_details details;
    LARGE_INTEGER umd;
    BOOL tearing = 7;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    factory = new_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    umd.QuadPart = 0;
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter, &iid_d3d10_device, &umd), S_OK);
    assert_true(umd.QuadPart == 12345678901LL);
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter, &IID_IDXGIDevice, NULL), S_OK);
    assert_int_equal(IDXGIAdapter4_CheckInterfaceSupport(adapter, &IID_IDXGIAdapter, &umd), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(IDXGIFactory6_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, NULL,
            sizeof(BOOL)), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(IDXGIFactory6_CheckFeatureSupport(factory, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing,
            sizeof(BOOL)), S_OK);
    /* The first adapter's answer, inherited from its parent's report. */
    assert_int_equal(mockd3d12_get_adapter_details("dxgi-umd", &details), S_OK);
    assert_int_equal(tearing, details.allow_tearing ? TRUE : FALSE);
    IDXGIAdapter4_Release(adapter);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

/* A description longer than DXGI_ADAPTER_DESC's 128 WCHARs is cut to 127
 * and terminated; a factory whose machine changed size is not current;
 * CreateDXGIFactory2 with unknown flags and no out pointer
 * fails without writing. */
static void test_long_description_and_flags(void **state)
{
    const char *ids[] = {"dxgi-long-description"};
    const char *three[] = {"dxgi-long-description", "nvidia-rtx-4090", "warp"};
    char profile[512], error[256] = "";
    IDXGIFactory6 *factory;
    IDXGIAdapter4 *adapter = NULL;
    DXGI_ADAPTER_DESC3 desc;
    unsigned i;

    (void)state;
    snprintf(profile, sizeof(profile), "{\"id\": \"dxgi-long-description\", \"description\": \"%0200d\","
            " \"inherits\": \"nvidia-rtx-4090\"}", 7);
    test_unsetenv("MOCKD3D12_ADAPTERS");
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("register: %s", error);
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 1), S_OK);
    factory = new_factory();
    assert_int_equal(IDXGIFactory6_EnumAdapterByGpuPreference(factory, 0, DXGI_GPU_PREFERENCE_UNSPECIFIED,
            &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    memset(&desc, 0xa5, sizeof(desc));
    assert_int_equal(IDXGIAdapter4_GetDesc3(adapter, &desc), S_OK);
    for (i = 0; i < 127; ++i)
        if (desc.Description[i] != '0')
            fail_msg("Description[%u] is %#x", i, (unsigned)desc.Description[i]);
    assert_int_equal(desc.Description[127], 0);
    IDXGIAdapter4_Release(adapter);
    /* A machine of another size: the factory is no longer current. */
    assert_int_equal(IDXGIFactory6_IsCurrent(factory), TRUE);
    assert_int_equal(mockd3d12_set_machine_adapters(three, 3), S_OK);
    assert_int_equal(IDXGIFactory6_IsCurrent(factory), FALSE);
    IDXGIFactory6_Release(factory);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);

    assert_int_equal(CreateDXGIFactory2(0x2, &IID_IDXGIFactory6, NULL), E_INVALIDARG);
}

/* One object per adapter, also when threads make it at once: each round,
 * with no adapter alive, several threads enumerate adapter 0 together (the
 * ones that lose the race to fill the slot take the winner's object and free
 * their own); all must hold the same pointer. */
#define RACE_THREADS 4
#define RACE_ROUNDS 200

struct race
{
    IDXGIFactory6 *factory;
    pthread_barrier_t start, done;
    IDXGIAdapter1 *adapters[RACE_THREADS];
    HRESULT hrs[RACE_THREADS];
    unsigned ready;
};

struct race_arg
{
    struct race *race;
    unsigned index;
};

static void *race_thread(void *data)
{
    struct race_arg *arg = data;
    struct race *race = arg->race;

    for (unsigned round = 0; round < RACE_ROUNDS; ++round)
    {
        pthread_barrier_wait(&race->start);
        /* Spin to the same start, closer together than a barrier's wake-ups. */
        __atomic_add_fetch(&race->ready, 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&race->ready, __ATOMIC_SEQ_CST) < RACE_THREADS * (round + 1))
            sched_yield(); /* for valgrind, which runs one thread at a time */
        race->hrs[arg->index] = IDXGIFactory6_EnumAdapters1(race->factory, 0, &race->adapters[arg->index]);
        pthread_barrier_wait(&race->done);
        pthread_barrier_wait(&race->start); /* the main thread compares */
        if (SUCCEEDED(race->hrs[arg->index]))
            IDXGIAdapter1_Release(race->adapters[arg->index]);
        pthread_barrier_wait(&race->done);
    }
    return NULL;
}

static void test_enum_race(void **state)
{
    static const char *const ids[] = {"nvidia-rtx-4090", "intel-iris-xe"};
    struct race_arg args[RACE_THREADS];
    pthread_t threads[RACE_THREADS];
    struct race race;
    unsigned mismatches = 0, failures = 0;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 2), S_OK);
    race.factory = new_factory();
    race.ready = 0;
    assert_int_equal(pthread_barrier_init(&race.start, NULL, RACE_THREADS + 1), 0);
    assert_int_equal(pthread_barrier_init(&race.done, NULL, RACE_THREADS + 1), 0);
    for (unsigned i = 0; i < RACE_THREADS; ++i)
    {
        args[i].race = &race;
        args[i].index = i;
        assert_int_equal(pthread_create(&threads[i], NULL, race_thread, &args[i]), 0);
    }
    for (unsigned round = 0; round < RACE_ROUNDS; ++round)
    {
        pthread_barrier_wait(&race.start);
        pthread_barrier_wait(&race.done);
        for (unsigned i = 0; i < RACE_THREADS; ++i)
        {
            DXGI_ADAPTER_DESC1 mine, first;

            /* Each thread has its own object (a new one per enumeration), of
             * the same adapter. */
            if (race.hrs[i] != S_OK)
                ++failures;
            else if ((i && race.adapters[i] == race.adapters[0])
                    || FAILED(IDXGIAdapter1_GetDesc1(race.adapters[i], &mine))
                    || FAILED(IDXGIAdapter1_GetDesc1(race.adapters[0], &first))
                    || mine.AdapterLuid.LowPart != first.AdapterLuid.LowPart)
                ++mismatches;
        }
        pthread_barrier_wait(&race.start);
        pthread_barrier_wait(&race.done);
    }
    for (unsigned i = 0; i < RACE_THREADS; ++i)
        pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&race.start);
    pthread_barrier_destroy(&race.done);
    assert_int_equal(failures, 0);
    assert_int_equal(mismatches, 0);
    /* Every adapter made was freed: the factory's last reference is ours. */
    assert_int_equal(IDXGIFactory6_Release(race.factory), 0);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_enumeration),
        cmocka_unit_test(test_bad_configuration),
        cmocka_unit_test(test_warp),
        cmocka_unit_test(test_by_luid),
        cmocka_unit_test(test_gpu_preference),
        cmocka_unit_test(test_desc_literals),
        cmocka_unit_test(test_descs_every_profile),
        cmocka_unit_test(test_video_memory),
        cmocka_unit_test(test_report_answers),
        cmocka_unit_test(test_unsupported_methods),
        cmocka_unit_test(test_factory_object),
        cmocka_unit_test(test_adapter_object),
        cmocka_unit_test(test_d3d12_device),
        cmocka_unit_test(test_video_memory_usage),
        cmocka_unit_test(test_null_adapter),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_description_utf8),
        cmocka_unit_test(test_long_description_and_flags),
        cmocka_unit_test(test_umd_version_and_tearing),
        cmocka_unit_test(test_enum_race),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
