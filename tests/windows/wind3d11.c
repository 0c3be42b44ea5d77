/*
 * The DXGI and D3D11 side of the Windows drop-in: a program built with
 * mingw-w64 and linked with the import libraries of our dxgi.dll, d3d11.dll
 * and d3d12.dll, run under Wine with all three forced to ours
 * (tests/windows/run-wine.sh, WINEDLLOVERRIDES=d3d12,dxgi,d3d11=n).
 *
 * Checks that the DLLs in the process are ours (loaded from the program's
 * directory, without Wine's builtin DLLs' extra exports; Wine's dxgi would
 * also describe other adapters than the mock profiles checked below), DXGI
 * enumeration over a machine set by the control API, D3D11On12CreateDevice
 * over a D3D12 device and its DIRECT queue (feature level, ID3D11On12Device,
 * CheckFeatureSupport(D3D11_OPTIONS) against the D3D12 device's answer), and
 * which adapter D3D12CreateDevice(NULL) uses for a given machine. Ends with
 * "N passed, N failed" (exit status 1 on failure).
 */
#define MK_TEST_STANDALONE
#define MK_TEST_DEFINE_IIDS
#define MK_TEST_D3D11
#include "mk_test.h"

#include <wchar.h>

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
    printf("wind3d11.c:%d: %sTest failed: ", line, context);
    va_start(ap, format);
    vprintf(format, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}
#define ok(condition, ...) ok_(__LINE__, !!(condition), __VA_ARGS__)

/* The directory part of a module's file name. */
static void module_dir(HMODULE module, char *dir, DWORD size)
{
    DWORD n = GetModuleFileNameA(module, dir, size);
    char *slash;

    if (!n || n >= size)
        dir[0] = 0;
    else if ((slash = strrchr(dir, '\\')))
        *slash = 0;
}

/* The DLLs in the process are ours: loaded from the program's directory (Wine's
 * builtin ones live in C:\windows\system32) and with our exports only. */
static void test_modules(void)
{
    static const struct
    {
        const char *module;
        const char *export;  /* must be there */
        const char *absent;  /* a real export the mock does not have, or NULL */
    }
    rows[] =
    {
        {"d3d12.dll", "mockd3d12_set_machine_adapters", NULL},
        {"dxgi.dll", "CreateDXGIFactory2", "DXGID3D10CreateDevice"},
        {"d3d11.dll", "mockd3d12_get_d3d11_runtime", "D3D11CoreCreateDevice"},
    };
    char exe_dir[MAX_PATH], dir[MAX_PATH];
    unsigned i;

    module_dir(NULL, exe_dir, sizeof(exe_dir));
    ok(exe_dir[0] != 0, "no program directory");
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        HMODULE module = GetModuleHandleA(rows[i].module);

        ok(module != NULL, "row %u: %s is not loaded", i, rows[i].module);
        if (!module)
            continue;
        module_dir(module, dir, sizeof(dir));
        ok(!_stricmp(dir, exe_dir), "row %u: %s was loaded from '%s', not '%s'", i, rows[i].module, dir, exe_dir);
        ok(GetProcAddress(module, rows[i].export) != NULL, "row %u: %s has no export %s", i, rows[i].module,
                rows[i].export);
        ok(!rows[i].absent || !GetProcAddress(module, rows[i].absent), "row %u: %s exports %s (Wine's builtin DLL?)",
                i, rows[i].module, rows[i].absent);
    }
}

/* DXGI's adapters for a machine set through the control API. */
static void test_dxgi(void)
{
    static const struct
    {
        const char *ids[2];
        UINT count;
        const WCHAR *first;  /* adapter 0 */
        const WCHAR *second; /* adapter 1 */
        BOOL second_software;
    }
    rows[] =
    {
        {{"amd-rx-7900-xtx"}, 1, L"AMD Radeon RX 7900 XTX", L"Microsoft Basic Render Driver", TRUE},
        {{"intel-iris-xe", "nvidia-rtx-4090"}, 2, L"Intel(R) Iris(R) Xe Graphics", L"NVIDIA GeForce RTX 4090", FALSE},
        {{"warp"}, 1, L"Microsoft Basic Render Driver", NULL, FALSE},
    };
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        IDXGIFactory1 *factory = NULL;
        IDXGIAdapter1 *adapter = NULL;
        DXGI_ADAPTER_DESC1 desc;
        HRESULT hr;

        ok(mockd3d12_set_machine_adapters(rows[i].ids, rows[i].count) == S_OK, "row %u: set_machine_adapters", i);
        hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory);
        ok(hr == S_OK && factory, "row %u: CreateDXGIFactory1: hr %#lx", i, (unsigned long)hr);
        if (!factory)
            continue;
        hr = IDXGIFactory1_EnumAdapters1(factory, 0, &adapter);
        ok(hr == S_OK, "row %u: EnumAdapters1(0): hr %#lx", i, (unsigned long)hr);
        if (adapter)
        {
            ok(IDXGIAdapter1_GetDesc1(adapter, &desc) == S_OK, "row %u: GetDesc1", i);
            ok(!wcscmp(desc.Description, rows[i].first), "row %u: adapter 0 is '%ls'", i, desc.Description);
            IDXGIAdapter1_Release(adapter);
            adapter = NULL;
        }
        hr = IDXGIFactory1_EnumAdapters1(factory, 1, &adapter);
        if (rows[i].second)
        {
            ok(hr == S_OK && adapter, "row %u: EnumAdapters1(1): hr %#lx", i, (unsigned long)hr);
            if (adapter)
            {
                ok(IDXGIAdapter1_GetDesc1(adapter, &desc) == S_OK, "row %u: GetDesc1", i);
                ok(!wcscmp(desc.Description, rows[i].second), "row %u: adapter 1 is '%ls'", i, desc.Description);
                ok(!!(desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) == rows[i].second_software, "row %u: flags %#x", i,
                        desc.Flags);
                IDXGIAdapter1_Release(adapter);
            }
        }
        else
        {
            ok(hr == DXGI_ERROR_NOT_FOUND && !adapter, "row %u: EnumAdapters1(1): hr %#lx", i, (unsigned long)hr);
        }
        IDXGIFactory1_Release(factory);
    }
    ok(mockd3d12_set_machine_adapters(NULL, 0) == S_OK, "forgetting the machine");
}

static ID3D12CommandQueue *create_queue(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_COMMAND_QUEUE_DESC desc = {type, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;
    HRESULT hr = ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue);

    ok(hr == S_OK && queue, "CreateCommandQueue(type %u): hr %#lx", type, (unsigned long)hr);
    return queue;
}

/* D3D11On12CreateDevice over a D3D12 device of each adapter. */
static void test_11on12(void)
{
    static const D3D_FEATURE_LEVEL at_11_1[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
    static const D3D_FEATURE_LEVEL at_12_0[] = {D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_0};
    static const struct
    {
        const char *adapter;
        const D3D_FEATURE_LEVEL *levels;
        UINT level_count;
        D3D_FEATURE_LEVEL expected; /* 0: the D3D12 device's maximum */
    }
    rows[] =
    {
        {"nvidia-rtx-4090", NULL, 0, 0},
        {"nvidia-rtx-4090", at_11_1, 2, D3D_FEATURE_LEVEL_11_1},
        {"fl11-minimal", at_12_0, 2, D3D_FEATURE_LEVEL_11_0},
        {"warp", NULL, 0, 0},
    };
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        static const D3D_FEATURE_LEVEL all[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1,
                D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
        D3D12_FEATURE_DATA_FEATURE_LEVELS levels = {ARRAY_SIZE(all), all, 0};
        D3D12_FEATURE_DATA_D3D12_OPTIONS options12;
        D3D11_FEATURE_DATA_D3D11_OPTIONS options11, canary;
        ID3D12CommandQueue *queue = NULL, *copy_queue = NULL;
        D3D_FEATURE_LEVEL level = 0, expected;
        ID3D11DeviceContext *context11 = NULL;
        ID3D11On12Device *on12 = NULL;
        ID3D12Device *device = NULL;
        ID3D11Device *device11 = NULL;
        HRESULT hr;

        ok(mockd3d12_select_adapter(rows[i].adapter) == S_OK, "row %u: select %s", i, rows[i].adapter);
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        ok(hr == S_OK && device, "row %u: D3D12CreateDevice: hr %#lx", i, (unsigned long)hr);
        if (!device)
            continue;
        ok(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)) == S_OK,
                "row %u: FEATURE_LEVELS", i);
        ok(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options12, sizeof(options12))
                == S_OK, "row %u: D3D12_OPTIONS", i);
        expected = rows[i].expected ? rows[i].expected : levels.MaxSupportedFeatureLevel;
        queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
        copy_queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_COPY);

        /* A COPY queue is refused, every out pointer cleared. */
        device11 = (ID3D11Device *)(ULONG_PTR)1;
        hr = D3D11On12CreateDevice((IUnknown *)device, 0, rows[i].levels, rows[i].level_count,
                (IUnknown **)&copy_queue, 1, 0, &device11, NULL, NULL);
        ok(hr == E_INVALIDARG && !device11, "row %u: COPY queue: hr %#lx", i, (unsigned long)hr);

        hr = D3D11On12CreateDevice((IUnknown *)device, 0, rows[i].levels, rows[i].level_count,
                (IUnknown **)&queue, 1, 0, &device11, &context11, &level);
        ok(hr == S_OK && device11 && context11, "row %u: D3D11On12CreateDevice: hr %#lx", i, (unsigned long)hr);
        ok(level == expected, "row %u: level %#x, expected %#x", i, level, expected);
        if (device11)
        {
            ok(ID3D11Device_GetFeatureLevel(device11) == expected, "row %u: GetFeatureLevel %#x", i,
                    ID3D11Device_GetFeatureLevel(device11));
            hr = ID3D11Device_QueryInterface(device11, &IID_ID3D11On12Device, (void **)&on12);
            ok(hr == S_OK && on12, "row %u: ID3D11On12Device: hr %#lx", i, (unsigned long)hr);
            if (on12)
                ID3D11On12Device_Release(on12);

            memset(&options11, 0xcc, sizeof(options11));
            hr = ID3D11Device_CheckFeatureSupport(device11, D3D11_FEATURE_D3D11_OPTIONS, &options11,
                    sizeof(options11));
            ok(hr == S_OK, "row %u: D3D11_OPTIONS: hr %#lx", i, (unsigned long)hr);
            ok(options11.OutputMergerLogicOp == options12.OutputMergerLogicOp,
                    "row %u: OutputMergerLogicOp %d, D3D12 says %d", i, options11.OutputMergerLogicOp,
                    options12.OutputMergerLogicOp);
            ok(options11.ClearView == TRUE && options11.ConstantBufferOffsetting == TRUE,
                    "row %u: ClearView %d ConstantBufferOffsetting %d", i, options11.ClearView,
                    options11.ConstantBufferOffsetting);

            /* One byte short: E_INVALIDARG and the buffer untouched. */
            memset(&options11, 0xcc, sizeof(options11));
            memset(&canary, 0xcc, sizeof(canary));
            hr = ID3D11Device_CheckFeatureSupport(device11, D3D11_FEATURE_D3D11_OPTIONS, &options11,
                    sizeof(options11) - 1);
            ok(hr == E_INVALIDARG, "row %u: short D3D11_OPTIONS: hr %#lx", i, (unsigned long)hr);
            ok(!memcmp(&options11, &canary, sizeof(canary)), "row %u: short D3D11_OPTIONS wrote", i);
            ID3D11Device_Release(device11);
        }
        if (context11)
            ID3D11DeviceContext_Release(context11);
        if (copy_queue)
            ID3D12CommandQueue_Release(copy_queue);
        if (queue)
            ID3D12CommandQueue_Release(queue);
        ID3D12Device_Release(device);
    }
    ok(mockd3d12_select_adapter(NULL) == S_OK, "forgetting the adapter choice");
}

/* D3D12CreateDevice(NULL) uses the machine's first adapter, as on Windows,
 * unless MOCKD3D12_ADAPTER chose one: the device's LUID is that adapter's. */
static void test_null_adapter(void)
{
    static const struct
    {
        const char *machine;     /* MOCKD3D12_ADAPTERS */
        const char *adapter_env; /* MOCKD3D12_ADAPTER, or NULL */
        const char *expected;
    }
    rows[] =
    {
        {"warp", NULL, "warp"},
        {"intel-iris-xe,amd-rx-7900-xtx", NULL, "intel-iris-xe"},
        {"warp", "nvidia-rtx-4090", "nvidia-rtx-4090"},
    };
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        mockd3d12_adapter_info info;
        ID3D12Device *device = NULL;
        const char *id;
        HRESULT hr;
        LUID luid;

        SetEnvironmentVariableA("MOCKD3D12_ADAPTERS", rows[i].machine);
        SetEnvironmentVariableA("MOCKD3D12_ADAPTER", rows[i].adapter_env);
        id = mockd3d12_default_adapter_id();
        ok(id && !strcmp(id, rows[i].expected), "row %u: default adapter %s", i, id ? id : "(null)");
        ok(mockd3d12_get_adapter_info(rows[i].expected, &info) == S_OK, "row %u: adapter info", i);
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
        ok(hr == S_OK && device, "row %u: D3D12CreateDevice: hr %#lx", i, (unsigned long)hr);
        if (!device)
            continue;
        ID3D12Device_GetAdapterLuid(device, &luid);
        ok(luid.LowPart == info.luid.LowPart && luid.HighPart == info.luid.HighPart, "row %u: not %s's device", i,
                rows[i].expected);
        ID3D12Device_Release(device);
    }
    SetEnvironmentVariableA("MOCKD3D12_ADAPTERS", NULL);
    SetEnvironmentVariableA("MOCKD3D12_ADAPTER", NULL);
}

int main(void)
{
    SetEnvironmentVariableA("MOCKD3D12_ADAPTER", NULL);
    SetEnvironmentVariableA("MOCKD3D12_ADAPTERS", NULL);
    SetEnvironmentVariableA("MOCKD3D12_D3D11_RUNTIME", NULL);

    test_modules();
    test_dxgi();
    test_11on12();
    test_null_adapter();

    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
