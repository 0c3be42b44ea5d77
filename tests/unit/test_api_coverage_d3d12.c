/*
 * The libd3d12 entry points and implemented methods no other test called
 * (docs/coverage.md lists which test covers what): the versioned
 * root-signature entry points, the command queue's tile/marker/fence methods,
 * ID3D12Device9::CreateCommandQueue1, ID3D12Device5::CheckDriverMatchingIdentifier and its meta commands,
 * the device factory's global-state and configuration methods,
 * ID3D12SDKConfiguration1::FreeUnusedSDKs, and ReportLiveDeviceObjects on a
 * real device with a named queue (through ID3D12DebugDevice1 and 2).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <wchar.h>

/* A queue's GetDesc returns a struct: by value on Linux; on Windows (the MSVC
 * ABI DirectX-Headers' C vtables follow there, and so their C macros) through
 * a RetVal pointer after `This`, which the method also returns (as in
 * test_device.c). */
static D3D12_COMMAND_QUEUE_DESC queue_desc(ID3D12CommandQueue *queue)
{
#ifdef _WIN32
    D3D12_COMMAND_QUEUE_DESC result;

    assert_ptr_equal(ID3D12CommandQueue_GetDesc(queue, &result), &result);
    return result;
#else
    return ID3D12CommandQueue_GetDesc(queue);
#endif
}

/* ---- The root-signature entry point not modelled: its out pointer cleared (the others:
 * test_root_signature.c) ---- */

/* ---- Command queue methods with nothing to model ---- */

struct queue_outcome
{
    HRESULT hr;
    UINT64 gpu, cpu;
};

static void queue_update_tile_mappings(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    (void)o;
    ID3D12CommandQueue_UpdateTileMappings(q, NULL, 0, NULL, NULL, NULL, 0, NULL, NULL, NULL, D3D12_TILE_MAPPING_FLAG_NONE);
}

static void queue_copy_tile_mappings(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    (void)o;
    ID3D12CommandQueue_CopyTileMappings(q, NULL, NULL, NULL, NULL, NULL, D3D12_TILE_MAPPING_FLAG_NONE);
}

static void queue_set_marker(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    (void)o;
    ID3D12CommandQueue_SetMarker(q, 1, "marker", 7);
}

static void queue_begin_event(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    (void)o;
    ID3D12CommandQueue_BeginEvent(q, 1, "event", 6);
}

static void queue_end_event(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    (void)o;
    ID3D12CommandQueue_EndEvent(q);
}

static void queue_wait(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    o->hr = ID3D12CommandQueue_Wait(q, NULL, 1);
}

static void queue_execute_none(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    (void)o;
    ID3D12CommandQueue_ExecuteCommandLists(q, 0, NULL);
}

static void queue_clock_calibration(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    o->hr = ID3D12CommandQueue_GetClockCalibration(q, &o->gpu, &o->cpu);
}

static void queue_clock_calibration_null(ID3D12CommandQueue *q, struct queue_outcome *o)
{
    o->hr = ID3D12CommandQueue_GetClockCalibration(q, NULL, NULL);
}

static void test_queue_methods(void **state)
{
    static const struct
    {
        const char *name;
        void (*call)(ID3D12CommandQueue *q, struct queue_outcome *o);
        HRESULT hr;                /* S_FALSE: a void method (outcome's hr untouched) */
        const char *message;       /* the UNIMPLEMENTED_METHOD text, NULL: no message */
    }
    rows[] =
    {
        {"UpdateTileMappings", queue_update_tile_mappings, S_FALSE, "ID3D12CommandQueue::UpdateTileMappings is "
                "not implemented by mockd3d12 (it models capabilities, not GPU work); returning nothing."},
        {"CopyTileMappings", queue_copy_tile_mappings, S_FALSE, "ID3D12CommandQueue::CopyTileMappings is "
                "not implemented by mockd3d12 (it models capabilities, not GPU work); returning nothing."},
        /* PIX markers: accepted silently. */
        {"SetMarker", queue_set_marker, S_FALSE, NULL},
        {"BeginEvent", queue_begin_event, S_FALSE, NULL},
        {"EndEvent", queue_end_event, S_FALSE, NULL},
        /* No fence: refused, silently (the fence tests cover the rest). */
        {"Wait(NULL)", queue_wait, E_INVALIDARG, NULL},
        {"GetClockCalibration", queue_clock_calibration, S_OK, NULL},
        {"GetClockCalibration(NULL)", queue_clock_calibration_null, E_INVALIDARG, NULL},
        {"ExecuteCommandLists(0)", queue_execute_none, S_FALSE, NULL},
    };
    const D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_COMPUTE, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = SENTINEL;
    D3D12_COMMAND_QUEUE_DESC got;
    ID3D12InfoQueue *info;
    ID3D12Device9 *device;
    struct row_failures failures = {0};
    ID3D12Device *base;
    unsigned int i;

    (void)state;
    enable_debug_layer();
    base = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(base, &IID_ID3D12Device9, (void **)&device), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(base, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    ID3D12Device_Release(base);

    /* ID3D12Device9::CreateCommandQueue1: the creator ID is not modelled; the
     * descriptor and the errors are CreateCommandQueue's. */
    /* A NULL output is a probe: S_FALSE for a queue that could be created. */
    assert_int_equal(ID3D12Device9_CreateCommandQueue1(device, &desc, &IID_ID3D12Device, &IID_ID3D12CommandQueue,
            NULL), S_FALSE);
    assert_int_equal(ID3D12Device9_CreateCommandQueue1(device, NULL, &IID_ID3D12Device, &IID_ID3D12CommandQueue,
            (void **)&queue), E_INVALIDARG);
    assert_null(queue);
    assert_int_equal(ID3D12Device9_CreateCommandQueue1(device, &desc, &IID_ID3D12Device, &IID_ID3D12CommandQueue,
            (void **)&queue), S_OK);
    assert_non_null(queue);
    got = queue_desc(queue);
    assert_int_equal(got.Type, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    assert_int_equal(got.NodeMask, 1); /* 0 -> 1, as CreateCommandQueue (vkd3d test_create_command_queue) */

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct queue_outcome o = {S_FALSE, 0xcccccccc, 0xcccccccc};
        D3D12_MESSAGE_ID id;
        const char *text;
        UINT64 count;

        ID3D12InfoQueue_ClearStoredMessages(info);
        rows[i].call(queue, &o);
        if (o.hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)o.hr, (unsigned)rows[i].hr);
        /* Both clocks run: sampled at start-up or later, never 0. */
        if (rows[i].call == queue_clock_calibration && (!o.gpu || !o.cpu || o.gpu == 0xcccccccc))
            row_fail(&failures, i, rows[i].name, "timestamps %#llx %#llx", (unsigned long long)o.gpu,
                    (unsigned long long)o.cpu);
        count = ID3D12InfoQueue_GetNumStoredMessages(info);
        if (count != (rows[i].message ? 1 : 0))
        {
            row_fail(&failures, i, rows[i].name, "%llu messages", (unsigned long long)count);
            continue;
        }
        if (!rows[i].message)
            continue;
        text = message_text(info, 0, &id);
        if (id != D3D12_MESSAGE_ID_MOCKD3D12_UNIMPLEMENTED_METHOD || strcmp(text, rows[i].message))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device9_Release(device), 0);
}

/* ---- ID3D12Device5::CheckDriverMatchingIdentifier ---- */

static void test_check_driver_matching_identifier(void **state)
{
    static const struct
    {
        D3D12_SERIALIZED_DATA_TYPE type;
        D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS status;
    }
    rows[] =
    {
        /* A driver we do not have recognises no serialized acceleration structure. */
        {D3D12_SERIALIZED_DATA_RAYTRACING_ACCELERATION_STRUCTURE, D3D12_DRIVER_MATCHING_IDENTIFIER_UNRECOGNIZED},
        {(D3D12_SERIALIZED_DATA_TYPE)1, D3D12_DRIVER_MATCHING_IDENTIFIER_UNSUPPORTED_TYPE},
        {(D3D12_SERIALIZED_DATA_TYPE)0xffffffff, D3D12_DRIVER_MATCHING_IDENTIFIER_UNSUPPORTED_TYPE},
    };
    struct row_failures failures = {0};
    D3D12_SERIALIZED_DATA_DRIVER_MATCHING_IDENTIFIER identifier;
    ID3D12Device5 *device;
    ID3D12Device *base;
    char name[32];
    unsigned int i;

    (void)state;
    memset(&identifier, 0, sizeof(identifier));
    base = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(base, &IID_ID3D12Device5, (void **)&device), S_OK);
    ID3D12Device_Release(base);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_DRIVER_MATCHING_IDENTIFIER_STATUS status;

        snprintf(name, sizeof(name), "data type %#x", (unsigned)rows[i].type);
        status = ID3D12Device5_CheckDriverMatchingIdentifier(device, rows[i].type, &identifier);
        if (status != rows[i].status)
            row_fail(&failures, i, name, "status %d, expected %d", (int)status, (int)rows[i].status);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* ---- ID3D12Device5::EnumerateMetaCommands, EnumerateMetaCommandParameters ---- */

/* A simulated adapter has no meta command: an empty list (S_OK, count 0,
 * the descriptions untouched), no command id names one, a NULL count is
 * E_INVALIDARG; every buffer of a refused call is left as it was. */
static void test_meta_commands(void **state)
{
    static const GUID some_id = {0x0c9fd0d2, 0xbd49, 0x4e53, {0xb2, 0x1c, 0xc0, 0xa0, 0x1b, 0x32, 0xee, 0x76}};
    static const struct
    {
        const char *name;
        bool count, descs;
        HRESULT hr;
    }
    rows[] =
    {
        {"count", true, false, S_OK},
        {"count and descriptions", true, true, S_OK},
        {"NULL count", false, true, E_INVALIDARG},
        {"NULL count, NULL descriptions", false, false, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    D3D12_META_COMMAND_DESC desc, canary;
    D3D12_META_COMMAND_PARAMETER_DESC parameter, parameter_canary;
    UINT count, size, parameters;
    ID3D12Device5 *device;
    ID3D12Device *base;
    unsigned int i;
    HRESULT hr;

    (void)state;
    base = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(base, &IID_ID3D12Device5, (void **)&device), S_OK);
    ID3D12Device_Release(base);
    memset(&canary, 0xa5, sizeof(canary));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        count = 0xdeadbeef;
        desc = canary;
        hr = ID3D12Device5_EnumerateMetaCommands(device, rows[i].count ? &count : NULL, rows[i].descs ? &desc : NULL);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (count != (rows[i].count && SUCCEEDED(rows[i].hr) ? 0 : 0xdeadbeef))
            row_fail(&failures, i, rows[i].name, "count %u", count);
        if (memcmp(&desc, &canary, sizeof(desc)))
            row_fail(&failures, i, rows[i].name, "the descriptions were written");
    }
    rows_done(&failures);

    /* No command id names a meta command. */
    size = parameters = 0xdeadbeef;
    memset(&parameter_canary, 0xa5, sizeof(parameter_canary));
    parameter = parameter_canary;
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device, &some_id, D3D12_META_COMMAND_PARAMETER_STAGE_CREATION,
            &size, &parameters, &parameter), E_INVALIDARG);
    assert_int_equal(ID3D12Device5_EnumerateMetaCommandParameters(device, &some_id,
            D3D12_META_COMMAND_PARAMETER_STAGE_EXECUTION, NULL, NULL, NULL), E_INVALIDARG);
    assert_int_equal(size, 0xdeadbeef);
    assert_int_equal(parameters, 0xdeadbeef);
    assert_memory_equal(&parameter, &parameter_canary, sizeof(parameter));
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* ---- ID3D12Tools (CLSID_D3D12Tools) ---- */

/* The shader-instrumentation switch: off at first, process-wide (a second
 * object sees what the first set), cleared by mockd3d12_reset(). */
static void test_tools(void **state)
{
    ID3D12Tools *tools, *other;
    IUnknown *unknown;

    (void)state;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12Tools, &IID_ID3D12Tools, (void **)&tools), S_OK);
    assert_false(ID3D12Tools_ShaderInstrumentationEnabled(tools));
    ID3D12Tools_EnableShaderInstrumentation(tools, TRUE);
    assert_true(ID3D12Tools_ShaderInstrumentationEnabled(tools));
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12Tools, &IID_ID3D12Tools, (void **)&other), S_OK);
    assert_true(ID3D12Tools_ShaderInstrumentationEnabled(other));
    ID3D12Tools_EnableShaderInstrumentation(other, FALSE);
    assert_false(ID3D12Tools_ShaderInstrumentationEnabled(tools));
    assert_int_equal(ID3D12Tools_Release(other), 0);

    /* COM identity. */
    assert_int_equal(ID3D12Tools_QueryInterface(tools, &IID_IUnknown, (void **)&unknown), S_OK);
    assert_ptr_equal(unknown, (IUnknown *)tools);
    assert_int_equal(IUnknown_Release(unknown), 1);
    unknown = (IUnknown *)(uintptr_t)0xdeadbeef;
    assert_int_equal(ID3D12Tools_QueryInterface(tools, &IID_ID3D12Debug, (void **)&unknown), E_NOINTERFACE);
    assert_null(unknown);
    assert_int_equal(ID3D12Tools_QueryInterface(tools, &IID_IUnknown, NULL), E_POINTER);
    assert_int_equal(ID3D12Tools_AddRef(tools), 2);
    assert_int_equal(ID3D12Tools_Release(tools), 1);

    ID3D12Tools_EnableShaderInstrumentation(tools, TRUE);
    mockd3d12_reset();
    assert_false(ID3D12Tools_ShaderInstrumentationEnabled(tools));
    assert_int_equal(ID3D12Tools_Release(tools), 0);
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12Tools, &IID_ID3D12Tools, NULL), S_FALSE);
}

/* ---- ID3D12DeviceFactory's global state and configuration, FreeUnusedSDKs ---- */

static void test_device_factory_methods(void **state)
{
    static const IID unknown = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    static const struct
    {
        const char *name;
        const CLSID *clsid;
        const IID *iid;
        BOOL null_out;
        HRESULT hr;
    }
    config_rows[] =
    {
        {"Debug as ID3D12Debug", &CLSID_D3D12Debug, &IID_ID3D12Debug, FALSE, S_OK},
        {"Debug as ID3D12Debug6", &CLSID_D3D12Debug, &IID_ID3D12Debug6, FALSE, S_OK},
        {"Debug as ID3D12Device", &CLSID_D3D12Debug, &IID_ID3D12Device, FALSE, E_NOINTERFACE},
        {"DRED as IUnknown", &CLSID_D3D12DeviceRemovedExtendedData, &IID_IUnknown, FALSE, S_OK},
        {"DRED as its settings", &CLSID_D3D12DeviceRemovedExtendedData,
                &IID_ID3D12DeviceRemovedExtendedDataSettings2, FALSE, S_OK},
        {"DRED as ID3D12Debug", &CLSID_D3D12DeviceRemovedExtendedData, &IID_ID3D12Debug, FALSE, E_NOINTERFACE},
        {"DRED, NULL out", &CLSID_D3D12DeviceRemovedExtendedData, &IID_ID3D12DeviceRemovedExtendedDataSettings,
                TRUE, S_FALSE},
        {"an unknown CLSID", &unknown, &IID_IUnknown, FALSE, E_NOINTERFACE},
        {"NULL CLSID", NULL, &IID_IUnknown, FALSE, E_NOINTERFACE},
        /* A NULL output pointer is a probe: S_FALSE where the interface exists. */
        {"Debug, NULL out", &CLSID_D3D12Debug, &IID_ID3D12Debug, TRUE, S_FALSE},
        {"Tools as ID3D12Tools", &CLSID_D3D12Tools, &IID_ID3D12Tools, FALSE, S_OK},
        {"Tools as IUnknown", &CLSID_D3D12Tools, &IID_IUnknown, FALSE, S_OK},
        {"Tools as ID3D12Debug", &CLSID_D3D12Tools, &IID_ID3D12Debug, FALSE, E_NOINTERFACE},
        {"Tools, NULL out", &CLSID_D3D12Tools, &IID_ID3D12Tools, TRUE, S_FALSE},
        {"an unknown CLSID, NULL out", &unknown, &IID_IUnknown, TRUE, E_POINTER},
    };
    static const struct
    {
        const char *name;
        UINT count;
        const IID *iids;
        HRESULT hr;
    }
    experimental_rows[] =
    {
        {"none", 0, NULL, S_OK},
        {"ExperimentalShaderModels", 1, &D3D12ExperimentalShaderModels, S_OK},
        {"an unknown feature", 1, &unknown, E_NOINTERFACE},
        {"one, NULL", 1, NULL, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory, *other;
    unsigned int i;

    (void)state;
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1, (void **)&config),
            S_OK);
    /* FreeUnusedSDKs has nothing to free: configuration goes on working. */
    config->lpVtbl->FreeUnusedSDKs(config);
    assert_int_equal(config->lpVtbl->CreateDeviceFactory(config, 615, ".\\D3D12\\", &IID_ID3D12DeviceFactory,
            (void **)&factory), S_OK);
    assert_int_equal(get_refcount(config), 1);

    /* InitializeFromGlobalState drops the flags set on the factory. */
    assert_int_equal(factory->lpVtbl->SetFlags(factory, D3D12_DEVICE_FACTORY_FLAG_ALLOW_RETURNING_EXISTING_DEVICE),
            S_OK);
    assert_int_equal(factory->lpVtbl->InitializeFromGlobalState(factory), S_OK);
    assert_int_equal(factory->lpVtbl->GetFlags(factory), D3D12_DEVICE_FACTORY_FLAG_NONE);
    /* ApplyToGlobalState: not modelled (mockd3d12_set_runtime is the control). */
    assert_int_equal(factory->lpVtbl->ApplyToGlobalState(factory), E_NOTIMPL);

    for (i = 0; i < ARRAY_SIZE(config_rows); ++i)
    {
        void *out = SENTINEL;
        HRESULT hr = factory->lpVtbl->GetConfigurationInterface(factory, config_rows[i].clsid, config_rows[i].iid,
                config_rows[i].null_out ? NULL : &out);

        if (hr != config_rows[i].hr)
            row_fail(&failures, i, config_rows[i].name, "hr %#x, expected %#x", (unsigned)hr,
                    (unsigned)config_rows[i].hr);
        if (config_rows[i].null_out)
            continue;
        if (SUCCEEDED(hr) != (out != NULL))
        {
            row_fail(&failures, i, config_rows[i].name, "out %p with hr %#x", out, (unsigned)hr);
            continue;
        }
        if (out)
        {
            /* A debug interface: it enables the layer like D3D12GetDebugInterface's. */
            if (IUnknown_Release((IUnknown *)out))
                row_fail(&failures, i, config_rows[i].name, "references left");
        }
    }

    for (i = 0; i < ARRAY_SIZE(experimental_rows); ++i)
    {
        HRESULT hr = factory->lpVtbl->EnableExperimentalFeatures(factory, experimental_rows[i].count,
                experimental_rows[i].iids, NULL, NULL);

        if (hr != experimental_rows[i].hr)
            row_fail(&failures, i, experimental_rows[i].name, "hr %#x, expected %#x", (unsigned)hr,
                    (unsigned)experimental_rows[i].hr);
    }
    rows_done(&failures);
    /* Per factory: another factory still creates devices (experimental state is not global). */
    assert_int_equal(config->lpVtbl->CreateDeviceFactory(config, 615, ".\\D3D12\\", &IID_ID3D12DeviceFactory,
            (void **)&other), S_OK);
    assert_int_equal(other->lpVtbl->Release(other), 0);
    assert_int_equal(factory->lpVtbl->Release(factory), 0);
    assert_int_equal(config->lpVtbl->Release(config), 0);
}

/* ---- AddRef of every debug interface ---- */

static void test_debug_interface_refcounts(void **state)
{
    static const struct
    {
        const char *name;
        const IID *iid;
    }
    iids[] =
    {
        {"ID3D12Debug", &IID_ID3D12Debug},
        {"ID3D12Debug1", &IID_ID3D12Debug1},
        {"ID3D12Debug2", &IID_ID3D12Debug2},
        {"ID3D12Debug3", &IID_ID3D12Debug3},
        {"ID3D12Debug6", &IID_ID3D12Debug6},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(iids); ++i)
    {
        IUnknown *debug;
        ULONG first, second;

        if (D3D12GetDebugInterface(iids[i].iid, (void **)&debug) != S_OK)
        {
            row_fail(&failures, i, iids[i].name, "D3D12GetDebugInterface failed");
            continue;
        }
        first = IUnknown_AddRef(debug);
        second = IUnknown_AddRef(debug);
        if (first != 2 || second != 3)
            row_fail(&failures, i, iids[i].name, "AddRef does not count (%u, %u)", (unsigned)first, (unsigned)second);
        if (IUnknown_Release(debug) != 2 || IUnknown_Release(debug) != 1 || IUnknown_Release(debug) != 0)
            row_fail(&failures, i, iids[i].name, "Release does not count down to 0");
    }
    rows_done(&failures);
}

/* ---- ReportLiveDeviceObjects on a real device with a named queue ---- */

static void test_report_live_objects(void **state)
{
    static const struct
    {
        const char *name;
        const IID *iid;
    }
    debug_iids[] =
    {
        {"ID3D12DebugDevice1", &IID_ID3D12DebugDevice1},
        {"ID3D12DebugDevice2", &IID_ID3D12DebugDevice2},
    };
    static const struct
    {
        const char *name;
        D3D12_RLDO_FLAGS flags;
        HRESULT hr;
        unsigned int messages; /* the device, then (DETAIL) the queue */
    }
    rows[] =
    {
        {"DETAIL", D3D12_RLDO_DETAIL, S_OK, 2},
        {"SUMMARY", D3D12_RLDO_SUMMARY, S_OK, 1},
        {"SUMMARY | DETAIL | IGNORE_INTERNAL", D3D12_RLDO_SUMMARY | D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL,
                S_OK,
                2},
        {"0x100", (D3D12_RLDO_FLAGS)0x100, E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    char name[96];
    const D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    char expected[256];
    unsigned int i, j;

    (void)state;
    enable_debug_layer();
    device = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12CommandQueue_SetName(queue, L"copy queue"), S_OK);

    for (j = 0; j < ARRAY_SIZE(debug_iids); ++j)
    {
        IUnknown *debug_device;
        ULONG refcount;

        assert_int_equal(ID3D12Device_QueryInterface(device, debug_iids[j].iid, (void **)&debug_device), S_OK);
        /* The debug device's AddRef is the device's. */
        refcount = get_refcount(device);
        assert_int_equal(IUnknown_AddRef(debug_device), refcount + 1);
        IUnknown_Release(debug_device);
        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            D3D12_MESSAGE_ID id;
            const char *text;
            HRESULT hr;
            UINT64 count;

            snprintf(name, sizeof(name), "%s, %s", debug_iids[j].name, rows[i].name);
            ID3D12InfoQueue_ClearStoredMessages(info);
            if (j == 0)
                hr = ID3D12DebugDevice1_ReportLiveDeviceObjects((ID3D12DebugDevice1 *)debug_device, rows[i].flags);
            else
                hr = ID3D12DebugDevice2_ReportLiveDeviceObjects((ID3D12DebugDevice2 *)debug_device, rows[i].flags);
            if (hr != rows[i].hr)
                row_fail(&failures, i, name, "hr %#x", (unsigned)hr);
            count = ID3D12InfoQueue_GetNumStoredMessages(info);
            if (count != rows[i].messages)
            {
                row_fail(&failures, i, name, "%llu messages, expected %u", (unsigned long long)count,
                        rows[i].messages);
                continue;
            }
            if (!rows[i].messages)
                continue;
            text = message_text(info, 0, &id);
            snprintf(expected, sizeof(expected), "Live ID3D12Device at 0x%016llX, Refcount: %u",
                    (unsigned long long)(uintptr_t)device, (unsigned)get_refcount(device));
            if (id != D3D12_MESSAGE_ID_LIVE_DEVICE || strcmp(text, expected))
                row_fail(&failures, i, name, "message %d \"%s\", expected \"%s\"", (int)id, text, expected);
            if (rows[i].messages < 2)
                continue;
            text = message_text(info, 1, &id);
            snprintf(expected, sizeof(expected), "Live ID3D12CommandQueue at 0x%016llX, Name: copy queue, "
                    "Refcount: 1, IntRef: 0", (unsigned long long)(uintptr_t)queue);
            if (id != D3D12_MESSAGE_ID_LIVE_COMMANDQUEUE || !strstr(text, expected))
                row_fail(&failures, i, name, "message %d \"%s\", expected \"%s\"", (int)id, text, expected);
        }
        IUnknown_Release(debug_device);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_queue_methods, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_check_driver_matching_identifier, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_meta_commands, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_tools, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_device_factory_methods, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_debug_interface_refcounts, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_report_live_objects, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
