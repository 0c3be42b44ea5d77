/*
 * A Windows program built against the unpacked Windows zip only (its headers,
 * import libraries and CMake package) and run under Wine next to the zip's
 * DLLs: the control API and the version it reports, the DLLs' version
 * resources, a D3D12 device and a DXGI factory on a built-in adapter. Ends
 * with "N passed, N failed".
 */
#define COBJMACROS
#include <stdio.h>
#include <string.h>

/* The interface IDs this program uses are defined here (docs/windows.md). */
#include <initguid.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/dxgi.h>
#include <mockd3d12/mockd3d12.h>

static unsigned passed, failed;

#define ok(cond, ...) do { if (cond) ++passed; else { ++failed; printf("FAIL line %d: ", __LINE__); \
        printf(__VA_ARGS__); printf("\n"); } } while (0)

/* The FileVersion of a loaded module's version resource, "" if none. */
static void file_version(const char *module, char *buffer, size_t size)
{
    char path[MAX_PATH], data[4096];
    VS_FIXEDFILEINFO *info;
    UINT length;

    buffer[0] = 0;
    if (!GetModuleFileNameA(GetModuleHandleA(module), path, sizeof(path))
            || !GetFileVersionInfoA(path, 0, sizeof(data), data)
            || !VerQueryValueA(data, "\\", (void **)&info, &length) || length < sizeof(*info))
        return;
    snprintf(buffer, size, "%lu.%lu.%lu", (unsigned long)HIWORD(info->dwFileVersionMS),
            (unsigned long)LOWORD(info->dwFileVersionMS), (unsigned long)HIWORD(info->dwFileVersionLS));
}

int main(void)
{
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels;
    static const D3D_FEATURE_LEVEL wanted[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_0,
            D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2};
    const char *modules[] = {"d3d12.dll", "dxgi.dll"};
    IDXGIFactory1 *factory = NULL;
    IDXGIAdapter1 *adapter = NULL;
    ID3D12Device *device = NULL;
    DXGI_ADAPTER_DESC1 desc;
    char version[64];
    unsigned i;
    HRESULT hr;

    ok(!strcmp(mockd3d12_version(), MOCKD3D12_VERSION_STRING), "the DLL is %s, the headers %s",
            mockd3d12_version(), MOCKD3D12_VERSION_STRING);
    ok(SUCCEEDED(mockd3d12_select_adapter("nvidia-rtx-4090")), "mockd3d12_select_adapter: %s", mockd3d12_last_error());

    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    ok(hr == S_OK && device, "D3D12CreateDevice: 0x%08lx", (unsigned long)hr);
    if (device)
    {
        levels.NumFeatureLevels = ARRAYSIZE(wanted);
        levels.pFeatureLevelsRequested = wanted;
        hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels));
        ok(hr == S_OK && levels.MaxSupportedFeatureLevel == D3D_FEATURE_LEVEL_12_2,
                "FEATURE_LEVELS: 0x%08lx, max 0x%x", (unsigned long)hr, levels.MaxSupportedFeatureLevel);
        ID3D12Device_Release(device);
    }

    hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory);
    ok(hr == S_OK && factory, "CreateDXGIFactory1: 0x%08lx", (unsigned long)hr);
    if (factory)
    {
        hr = IDXGIFactory1_EnumAdapters1(factory, 0, &adapter);
        ok(hr == S_OK, "EnumAdapters1: 0x%08lx", (unsigned long)hr);
        if (adapter)
        {
            hr = IDXGIAdapter1_GetDesc1(adapter, &desc);
            ok(hr == S_OK && desc.VendorId != 0, "GetDesc1: 0x%08lx, vendor 0x%x", (unsigned long)hr, desc.VendorId);
            IDXGIAdapter1_Release(adapter);
        }
        IDXGIFactory1_Release(factory);
    }

    /* The version resources say the version the library reports. */
    for (i = 0; i < ARRAYSIZE(modules); ++i)
    {
        file_version(modules[i], version, sizeof(version));
        ok(!strcmp(version, MOCKD3D12_VERSION_STRING), "%s's version resource: '%s'", modules[i], version);
    }

    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
