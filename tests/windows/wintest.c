/*
 * A Windows program, built with mingw-w64 and linked with d3d12.dll's import
 * library exactly as against the real runtime, run under Wine with our DLL
 * forced (tests/windows/run-wine.sh). Table-driven, Wine-style: every failed
 * check prints its line and row, and the program ends with
 * "N passed, N failed" and a non-zero exit code on failure.
 *
 * Order matters: the first checks run before anything initialises the DLL's
 * adapter registry (MOCKD3D12_PROFILE_PATH is read then), and the debug
 * layer, once enabled, stays on for the process, so it comes last.
 */
#define MK_TEST_STANDALONE
#define MK_TEST_DEFINE_IIDS
#include "mk_test.h"

#include <wchar.h>

/* What the Agility SDK loader reads; the runtime follows it unless the
 * environment or the control API says otherwise. */
__declspec(dllexport) extern const UINT D3D12SDKVersion;
const UINT D3D12SDKVersion = 616;

static unsigned passed, failed;
static const char *context = "";

static void ok_(int line, int condition, const char *format, ...)
{
    va_list ap;

    if (condition)
    {
        ++passed;
        return;
    }
    ++failed;
    printf("wintest.c:%d: %sTest failed: ", line, context);
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}
#define ok(condition, ...) ok_(__LINE__, !!(condition), __VA_ARGS__)

static const char *const mock_variables[] =
{
    "MOCKD3D12_ADAPTER", "MOCKD3D12_PROFILE_PATH", "MOCKD3D12_SDK_VERSION", "MOCKD3D12_PREVIEW_SDK_VERSION",
    "MOCKD3D12_RUNTIME_KIND", "MOCKD3D12_CUTOFF_SDK_VERSION", "MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION",
    "MOCKD3D12_CLAMP_RETROACTIVE", "MOCKD3D12_DEBUG",
};

static void clear_environment(void)
{
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(mock_variables); ++i)
        SetEnvironmentVariableA(mock_variables[i], NULL);
}

static ID3D12Device *create_device(void)
{
    ID3D12Device *device = NULL;
    HRESULT hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);

    ok(hr == S_OK && device, "D3D12CreateDevice: hr %#lx", (unsigned long)hr);
    return hr == S_OK ? device : NULL;
}

static ULONG release(void *unknown)
{
    return ((IUnknown *)unknown)->lpVtbl->Release((IUnknown *)unknown);
}

/* ---- The profile file the registry finds through MOCKD3D12_PROFILE_PATH ---- */

static const char profile_json[] =
    "{\n"
    "  \"id\": \"wintest-file\",\n"
    "  \"description\": \"wintest adapter \\u00e9\\u4e2d\",\n"
    "  \"inherits\": \"warp\",\n"
    "  \"adapter\": {\"luid\": {\"LowPart\": 4660, \"HighPart\": 7}},\n"
    "  \"features\": {\"D3D12_OPTIONS\": {\"ResourceBindingTier\": \"D3D12_RESOURCE_BINDING_TIER_2\"}}\n"
    "}\n";

static char profile_dir[MAX_PATH], profile_path[MAX_PATH];

static void write_profile(void)
{
    char temp[MAX_PATH];
    FILE *file;

    GetTempPathA(sizeof(temp), temp);
    snprintf(profile_dir, sizeof(profile_dir), "%smockd3d12-wintest-%lu", temp, (unsigned long)GetCurrentProcessId());
    CreateDirectoryA(profile_dir, NULL);
    snprintf(profile_path, sizeof(profile_path), "%s\\wintest.json", profile_dir);
    file = fopen(profile_path, "wb");
    ok(file != NULL, "cannot write %s", profile_path);
    if (file)
    {
        fputs(profile_json, file);
        fclose(file);
    }
}

static void remove_profile(void)
{
    DeleteFileA(profile_path);
    RemoveDirectoryA(profile_dir);
}

/* ---- Exports: by ordinal as the SDK's d3d12.lib imports, and by name ---- */

static void test_exports(void)
{
    static const struct
    {
        WORD ordinal;
        const char *name; /* NULL: the real runtime's private ordinal, not exported */
    }
    rows[] =
    {
        {101, "D3D12CreateDevice"},
        {102, "D3D12GetDebugInterface"},
        {107, "D3D12CreateRootSignatureDeserializer"},
        {108, "D3D12CreateVersionedRootSignatureDeserializer"},
        {110, "D3D12EnableExperimentalFeatures"},
        {111, "D3D12GetInterface"},
        {116, "D3D12SerializeRootSignature"},
        {117, "D3D12SerializeVersionedRootSignature"},
        {100, NULL}, {103, NULL}, {104, NULL}, {105, NULL}, {106, NULL}, {109, NULL},
        {112, NULL}, {113, NULL}, {114, NULL}, {115, NULL},
    };
    HMODULE module = GetModuleHandleA("d3d12.dll");
    FARPROC by_ordinal, by_name;
    unsigned i;

    context = "exports: ";
    ok(module != NULL, "d3d12.dll is not loaded");
    if (!module)
        return;
    /* Wine's own d3d12.dll has no control API: this is ours. */
    ok(GetProcAddress(module, "mockd3d12_version") != NULL, "the loaded d3d12.dll is not mockd3d12's");
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        by_ordinal = GetProcAddress(module, MAKEINTRESOURCEA(rows[i].ordinal));
        if (!rows[i].name)
        {
            ok(by_ordinal == NULL, "row %u: ordinal %u is exported", i, rows[i].ordinal);
            continue;
        }
        by_name = GetProcAddress(module, rows[i].name);
        ok(by_name != NULL, "row %u: %s is not exported", i, rows[i].name);
        ok(by_ordinal == by_name, "row %u: ordinal %u gives %p, %s gives %p", i, rows[i].ordinal,
                (void *)by_ordinal, rows[i].name, (void *)by_name);
    }
    /* The function the import library bound is the one ordinal 101 names. */
    {
        PFN_D3D12_CREATE_DEVICE create = (PFN_D3D12_CREATE_DEVICE)(void *)GetProcAddress(module, MAKEINTRESOURCEA(101));
        HRESULT hr = create ? create(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL) : E_FAIL;
        ok(hr == S_FALSE, "D3D12CreateDevice by ordinal 101, no out pointer: hr %#lx", (unsigned long)hr);
    }
    context = "";
}

/* ---- The runtime: exported D3D12SDKVersion, then the environment ---- */

static void test_runtime_sources(void)
{
    static const struct
    {
        const char *sdk_env;
        mockd3d12_runtime_kind kind;
        UINT sdk, preview;
        HRESULT device17_hr; /* ID3D12Device17 exists from the cutoff (620) on */
    }
    rows[] =
    {
        {NULL, MOCKD3D12_RUNTIME_RETAIL, 616, 717, E_NOINTERFACE}, /* this program's export */
        {"622", MOCKD3D12_RUNTIME_RETAIL, 622, 723, S_OK},           /* the environment wins */
        {"620", MOCKD3D12_RUNTIME_RETAIL, 620, 721, S_OK},
    };
    ID3D12Device17 *device17;
    mockd3d12_runtime runtime;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        SetEnvironmentVariableA("MOCKD3D12_SDK_VERSION", rows[i].sdk_env);
        memset(&runtime, 0, sizeof(runtime));
        hr = mockd3d12_get_runtime(&runtime);
        ok(hr == S_OK, "row %u: mockd3d12_get_runtime: hr %#lx", i, (unsigned long)hr);
        ok(runtime.kind == rows[i].kind && runtime.sdk_version == rows[i].sdk
                && runtime.preview_sdk_version == rows[i].preview,
                "row %u: runtime kind %d, %u / %u; expected %d, %u / %u", i, runtime.kind, runtime.sdk_version,
                runtime.preview_sdk_version, rows[i].kind, rows[i].sdk, rows[i].preview);
        if (!(device = create_device()))
            continue;
        device17 = (ID3D12Device17 *)0xdeadbeef;
        hr = ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17);
        ok(hr == rows[i].device17_hr, "row %u: QueryInterface(ID3D12Device17): hr %#lx, expected %#lx", i,
                (unsigned long)hr, (unsigned long)rows[i].device17_hr);
        ok(hr == S_OK ? device17 != NULL : device17 == NULL, "row %u: out pointer %p", i, (void *)device17);
        if (hr == S_OK)
            release(device17);
        ok(release(device) == 0, "row %u: device still referenced", i);
    }
    clear_environment();
}

/* ---- Device creation, QueryInterface, names, struct returns ---- */

static void test_device(void)
{
    static const struct
    {
        const IID *iid;
        HRESULT hr;
        const char *name;
    }
    qi_rows[] =
    {
        {&IID_IUnknown, S_OK, "IUnknown"},
        {&IID_ID3D12Object, S_OK, "ID3D12Object"},
        {&IID_ID3D12Device, S_OK, "ID3D12Device"},
        {&IID_ID3D12Device5, S_OK, "ID3D12Device5"},
        {&IID_ID3D12Device9, S_OK, "ID3D12Device9"},
        {&IID_ID3D12Device12, S_OK, "ID3D12Device12"},
        {&IID_ID3D12DeviceChild, E_NOINTERFACE, "ID3D12DeviceChild"},
        {&IID_ID3D12CommandQueue, E_NOINTERFACE, "ID3D12CommandQueue"},
        {&IID_ID3D12InfoQueue, E_NOINTERFACE, "ID3D12InfoQueue (no debug layer)"},
    };
    static const struct
    {
        D3D_FEATURE_LEVEL level;
        const IID *iid;
        BOOL out;
        HRESULT hr;
    }
    create_rows[] =
    {
        {D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, TRUE, S_OK},
        {D3D_FEATURE_LEVEL_12_2, &IID_ID3D12Device, TRUE, S_OK},
        {D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, FALSE, S_FALSE},
        {D3D_FEATURE_LEVEL_10_0, &IID_ID3D12Device, FALSE, E_INVALIDARG},
        {D3D_FEATURE_LEVEL_11_0, &IID_ID3D12DeviceChild, TRUE, E_NOINTERFACE},
    };
    static const WCHAR name[] = L"wintest device \u00e9\u4e2d";
    IUnknown *unknown, *unknown2, *object;
    mockd3d12_adapter_info info;
    WCHAR name_back[64];
    ID3D12Device *device;
    UINT size;
    LUID luid;
    unsigned i;
    HRESULT hr;

    for (i = 0; i < ARRAY_SIZE(create_rows); ++i)
    {
        device = (ID3D12Device *)0xdeadbeef;
        hr = D3D12CreateDevice(NULL, create_rows[i].level, create_rows[i].iid, create_rows[i].out ? (void **)&device : NULL);
        ok(hr == create_rows[i].hr, "create row %u: hr %#lx, expected %#lx", i, (unsigned long)hr,
                (unsigned long)create_rows[i].hr);
        if (create_rows[i].out && hr == S_OK)
            ok(release(device) == 0, "create row %u: device still referenced", i);
        else if (create_rows[i].out)
            ok(device == NULL, "create row %u: out pointer %p on failure", i, (void *)device);
    }

    if (!(device = create_device()))
        return;
    hr = ID3D12Device_QueryInterface(device, &IID_IUnknown, (void **)&unknown);
    ok(hr == S_OK, "QueryInterface(IUnknown): hr %#lx", (unsigned long)hr);
    for (i = 0; i < ARRAY_SIZE(qi_rows); ++i)
    {
        object = (IUnknown *)0xdeadbeef;
        hr = ID3D12Device_QueryInterface(device, qi_rows[i].iid, (void **)&object);
        ok(hr == qi_rows[i].hr, "QI row %u (%s): hr %#lx, expected %#lx", i, qi_rows[i].name, (unsigned long)hr,
                (unsigned long)qi_rows[i].hr);
        if (hr != S_OK)
        {
            ok(object == NULL, "QI row %u (%s): out pointer %p on failure", i, qi_rows[i].name, (void *)object);
            continue;
        }
        /* COM identity: every interface leads back to the one IUnknown. */
        hr = object->lpVtbl->QueryInterface(object, &IID_IUnknown, (void **)&unknown2);
        ok(hr == S_OK && unknown2 == unknown, "QI row %u (%s): IUnknown %p, expected %p", i, qi_rows[i].name,
                (void *)unknown2, (void *)unknown);
        if (hr == S_OK)
            release(unknown2);
        release(object);
    }
    release(unknown);

    /* WCHAR is 2 bytes here: the name comes back as UTF-16, size in bytes. */
    hr = ID3D12Device_SetName(device, name);
    ok(hr == S_OK, "SetName: hr %#lx", (unsigned long)hr);
    size = sizeof(name_back);
    memset(name_back, 0xcc, sizeof(name_back));
    hr = ID3D12Device_GetPrivateData(device, &WKPDID_D3DDebugObjectNameW, &size, name_back);
    ok(hr == S_OK && size == sizeof(name), "GetPrivateData(name): hr %#lx, size %u, expected %u", (unsigned long)hr,
            size, (unsigned)sizeof(name));
    ok(!memcmp(name_back, name, sizeof(name)), "the name came back different");
    ok(sizeof(WCHAR) == 2 && wcslen(name) == 17, "WCHAR is %u bytes, name has %u units", (unsigned)sizeof(WCHAR),
            (unsigned)wcslen(name));

    /* A struct-returning method through the Windows C binding (RetVal pointer). */
    memset(&luid, 0xcc, sizeof(luid));
    ok(ID3D12Device_GetAdapterLuid(device, &luid) == &luid, "GetAdapterLuid did not return its RetVal pointer");
    hr = mockd3d12_get_adapter_info(mockd3d12_default_adapter_id(), &info);
    ok(hr == S_OK, "mockd3d12_get_adapter_info: hr %#lx", (unsigned long)hr);
    ok(hr == S_OK && luid.LowPart == info.luid.LowPart && luid.HighPart == info.luid.HighPart,
            "GetAdapterLuid %08lx:%08lx, the adapter's is %08lx:%08lx", (unsigned long)luid.HighPart,
            (unsigned long)luid.LowPart, (unsigned long)info.luid.HighPart, (unsigned long)info.luid.LowPart);
    {
        D3D12_HEAP_PROPERTIES props;
        memset(&props, 0xcc, sizeof(props));
        ok(ID3D12Device_GetCustomHeapProperties(device, &props, 0, D3D12_HEAP_TYPE_UPLOAD) == &props,
                "GetCustomHeapProperties did not return its RetVal pointer");
        ok(props.Type == D3D12_HEAP_TYPE_CUSTOM && props.CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE,
                "GetCustomHeapProperties(UPLOAD): type %d, CPU page property %d", props.Type, props.CPUPageProperty);
    }
    ok(release(device) == 0, "device still referenced");
}

/* ---- CheckFeatureSupport on the default adapter ---- */

static void test_check_feature_support(void)
{
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_2};
    D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options, canary;
    D3D12_FEATURE_DATA_SHADER_MODEL shader_model;
    ID3D12Device *device;
    HRESULT hr;

    if (!(device = create_device()))
        return;
    feature_levels.NumFeatureLevels = ARRAY_SIZE(levels);
    feature_levels.pFeatureLevelsRequested = levels;
    feature_levels.MaxSupportedFeatureLevel = 0;
    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &feature_levels, sizeof(feature_levels));
    ok(hr == S_OK && feature_levels.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_12_2,
            "FEATURE_LEVELS: hr %#lx, max %#x", (unsigned long)hr, feature_levels.MaxSupportedFeatureLevel);
    ok(feature_levels.pFeatureLevelsRequested == levels && feature_levels.NumFeatureLevels == ARRAY_SIZE(levels),
            "FEATURE_LEVELS: the inputs were changed");

    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options));
    ok(hr == S_OK && options.ResourceBindingTier == D3D12_RESOURCE_BINDING_TIER_3,
            "D3D12_OPTIONS: hr %#lx, ResourceBindingTier %d", (unsigned long)hr, options.ResourceBindingTier);

    /* A wrong size is refused and nothing is written. */
    memset(&canary, 0xa5, sizeof(canary));
    options = canary;
    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options) - 1);
    ok(hr == E_INVALIDARG, "D3D12_OPTIONS, short size: hr %#lx", (unsigned long)hr);
    ok(!memcmp(&options, &canary, sizeof(options)), "D3D12_OPTIONS, short size: the buffer was written");

    /* SHADER_MODEL: the caller's highest model in, the supported one out. */
    shader_model.HighestShaderModel = D3D_SHADER_MODEL_6_0;
    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_MODEL, &shader_model, sizeof(shader_model));
    ok(hr == S_OK && shader_model.HighestShaderModel == D3D_SHADER_MODEL_6_0,
            "SHADER_MODEL 6_0 asked: hr %#lx, got %#x", (unsigned long)hr, shader_model.HighestShaderModel);
    ok(release(device) == 0, "device still referenced");
}

/* ---- A profile from a JSON file (MOCKD3D12_PROFILE_PATH and a path) ---- */

static void test_profile_file(void)
{
    static const char *const sources[] = {"wintest-file" /* registered from MOCKD3D12_PROFILE_PATH */, profile_path};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    mockd3d12_adapter_info info;
    ID3D12Device *device;
    unsigned i;
    LUID luid;
    HRESULT hr;

    hr = mockd3d12_get_adapter_info("wintest-file", &info);
    ok(hr == S_OK, "the profile of MOCKD3D12_PROFILE_PATH is not registered: hr %#lx (%s)", (unsigned long)hr,
            mockd3d12_last_error());
    if (hr == S_OK)
        ok(!strcmp(info.description, "wintest adapter \xc3\xa9\xe4\xb8\xad"), "description \"%s\"", info.description);
    for (i = 0; i < ARRAY_SIZE(sources); ++i)
    {
        SetEnvironmentVariableA("MOCKD3D12_ADAPTER", sources[i]);
        if (!(device = create_device()))
            continue;
        ID3D12Device_GetAdapterLuid(device, &luid);
        ok(luid.LowPart == 4660 && luid.HighPart == 7, "source %u: LUID %ld:%lu", i, (long)luid.HighPart,
                (unsigned long)luid.LowPart);
        hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options));
        ok(hr == S_OK && options.ResourceBindingTier == D3D12_RESOURCE_BINDING_TIER_2,
                "source %u: hr %#lx, ResourceBindingTier %d", i, (unsigned long)hr, options.ResourceBindingTier);
        release(device);
    }
    /* An unknown id makes device creation fail, as on Linux. */
    SetEnvironmentVariableA("MOCKD3D12_ADAPTER", "no-such-adapter");
    device = (ID3D12Device *)0xdeadbeef;
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    ok(FAILED(hr) && device == NULL, "unknown MOCKD3D12_ADAPTER: hr %#lx, device %p", (unsigned long)hr, (void *)device);
    clear_environment();
}

/* ---- CheckFeatureSupport1: the clamp and the too-new SDK version ---- */

#define CANARY 0x5a5a5a5a

struct clamp_row
{
    UINT sdk_version; /* 0: the legacy CheckFeatureSupport */
    HRESULT hr;
    UINT tier;        /* CANARY: the buffer must be untouched */
    const char *message; /* the debug layer's last message, or NULL */
};

static const struct clamp_row clamp_rows[] =
{
    {620, S_OK, D3D12_RAYTRACING_TIER_1_2,
            "ID3D12Device::CheckFeatureSupport1: D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier clamped from "
            "D3D12_RAYTRACING_TIER_1_3 (13) to D3D12_RAYTRACING_TIER_1_2 (12) for SDKVersion 620."},
    {621, S_OK, D3D12_RAYTRACING_TIER_1_2, NULL},
    {622, S_OK, 13 /* D3D12_RAYTRACING_TIER_1_3 */, NULL},
    {723, S_OK, 13, NULL},  /* the runtime's own preview number, remapped to 622 */
    {623, E_INVALIDARG, CANARY,
            "ID3D12Device::CheckFeatureSupport1: SDKVersion 623 is newer than this runtime's SDK version 622"},
    {722, E_INVALIDARG, CANARY, NULL},
    {0, S_OK, D3D12_RAYTRACING_TIER_1_2, NULL}, /* legacy: pinned before the cutoff */
};

static void last_message(ID3D12InfoQueue *queue, char *text, size_t size)
{
    D3D12_MESSAGE *message;
    SIZE_T length = 0;
    UINT64 count;

    *text = 0;
    if (!(count = ID3D12InfoQueue_GetNumStoredMessages(queue))
            || FAILED(ID3D12InfoQueue_GetMessage(queue, count - 1, NULL, &length))
            || !(message = malloc(length)))
        return;
    if (SUCCEEDED(ID3D12InfoQueue_GetMessage(queue, count - 1, message, &length)))
        snprintf(text, size, "%s", message->pDescription);
    free(message);
}

/* The nextgen adapter reports RaytracingTier 1_3, first known to SDK 622 /
 * preview 723; the runtime is 622 / 723 (from the environment). */
static void test_check_feature_support1(BOOL debug_layer)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    ID3D12InfoQueue *queue = NULL;
    ID3D12Device17 *device17;
    ID3D12Device *device;
    char text[512];
    unsigned i;
    HRESULT hr;

    context = debug_layer ? "debug layer: " : "";
    SetEnvironmentVariableA("MOCKD3D12_ADAPTER", "nextgen");
    SetEnvironmentVariableA("MOCKD3D12_SDK_VERSION", "622");
    SetEnvironmentVariableA("MOCKD3D12_PREVIEW_SDK_VERSION", "723");
    if (!(device = create_device()))
    {
        clear_environment();
        return;
    }
    hr = ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17);
    ok(hr == S_OK, "QueryInterface(ID3D12Device17): hr %#lx", (unsigned long)hr);
    hr = ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue);
    ok(debug_layer ? hr == S_OK : hr == E_NOINTERFACE, "QueryInterface(ID3D12InfoQueue): hr %#lx", (unsigned long)hr);
    if (FAILED(hr))
        queue = NULL;
    if (!device17)
        goto done;

    for (i = 0; i < ARRAY_SIZE(clamp_rows); ++i)
    {
        const struct clamp_row *row = &clamp_rows[i];

        if (queue)
            ID3D12InfoQueue_ClearStoredMessages(queue);
        memset(&options5, 0x5a, sizeof(options5));
        if (row->sdk_version)
            hr = ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
                    sizeof(options5), row->sdk_version);
        else
            hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5));
        ok(hr == row->hr, "row %u (SDKVersion %u): hr %#lx, expected %#lx", i, row->sdk_version, (unsigned long)hr,
                (unsigned long)row->hr);
        ok((UINT)options5.RaytracingTier == row->tier, "row %u (SDKVersion %u): RaytracingTier %#x, expected %#x", i,
                row->sdk_version, (unsigned)options5.RaytracingTier, row->tier);
        if (queue && row->message)
        {
            last_message(queue, text, sizeof(text));
            ok(!strncmp(text, row->message, strlen(row->message)), "row %u: message \"%s\", expected \"%s\"", i,
                    text, row->message);
        }
    }
    release(device17);
done:
    if (queue)
        release(queue);
    ok(release(device) == 0, "device still referenced");
    clear_environment();
    context = "";
}

static void test_debug_layer(void)
{
    ID3D12Debug *debug = NULL;
    HRESULT hr;

    hr = D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug);
    ok(hr == S_OK && debug, "D3D12GetDebugInterface: hr %#lx", (unsigned long)hr);
    if (!debug)
        return;
    ID3D12Debug_EnableDebugLayer(debug);
    release(debug);
    test_check_feature_support1(TRUE);
}

int main(void)
{
    /* Before the first call into d3d12.dll: the registry reads the profile
     * path once, when it is first used. */
    clear_environment();
    write_profile();
    SetEnvironmentVariableA("MOCKD3D12_PROFILE_PATH", profile_dir);

    test_exports();
    test_profile_file();
    test_runtime_sources();
    test_device();
    test_check_feature_support();
    test_check_feature_support1(FALSE);
    test_debug_layer(); /* last: the debug layer stays on */

    remove_profile();
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
