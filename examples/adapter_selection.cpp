// The adapter selection of the D3D1211on12 sample (the seed text's
// LoadPipeline, up to the D3D12 device), compiled unchanged apart from the
// includes, plus a GetHardwareAdapter written for this example and a main()
// that reports which adapter the code picked.
//
// usage: adapter_selection [--warp] [--high-performance]
// Prints "picked: <description> [software]" and checks that the device's
// GetAdapterLuid equals the picked DXGI adapter's DXGI_ADAPTER_DESC1.AdapterLuid.
#include <cstdio>
#include <cstring>
#include <cwchar>
#include <stdexcept>

#ifdef _WIN32
#include <initguid.h> // this file holds the IIDs it uses, as a Windows program may
#endif
#include <mockd3d12/dxgi.h>
#ifdef _WIN32
// mingw-w64: __uuidof(T) is __mingw_uuidof<T>(), declared by mingw's DXGI
// headers for their interfaces; DirectX-Headers' d3d12.h declares none.
#include <wrl/client.h>
template <> const GUID &__mingw_uuidof<ID3D12Device>() { return IID_ID3D12Device; }
#else
#include <dxguids/dxguids.h>
#include <wsl/wrladapter.h>
#endif

using Microsoft::WRL::ComPtr;

static void ThrowIfFailed(HRESULT hr)
{
    if (FAILED(hr))
    {
        char message[64];
        std::snprintf(message, sizeof(message), "HRESULT 0x%08x", static_cast<unsigned>(hr));
        throw std::runtime_error(message);
    }
}

// The first hardware adapter (in the factory's order, or by GPU preference
// through IDXGIFactory6 when asked) on which a feature level 11.0 D3D12
// device can be created; software adapters are skipped. *ppAdapter stays
// null when there is none.
static void GetHardwareAdapter(IDXGIFactory1 *pFactory, IDXGIAdapter1 **ppAdapter,
                               bool requestHighPerformanceAdapter = false)
{
    *ppAdapter = nullptr;

    ComPtr<IDXGIFactory6> factory6;
    ComPtr<IDXGIAdapter1> adapter;
    const bool byPreference = SUCCEEDED(pFactory->QueryInterface(IID_PPV_ARGS(&factory6)));

    for (UINT index = 0;; ++index)
    {
        adapter.Reset();
        HRESULT hr = byPreference
            ? factory6->EnumAdapterByGpuPreference(index,
                  requestHighPerformanceAdapter ? DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE
                                                : DXGI_GPU_PREFERENCE_UNSPECIFIED,
                  IID_PPV_ARGS(&adapter))
            : pFactory->EnumAdapters1(index, &adapter);
        if (hr == DXGI_ERROR_NOT_FOUND)
            break;
        ThrowIfFailed(hr);

        DXGI_ADAPTER_DESC1 desc;
        ThrowIfFailed(adapter->GetDesc1(&desc));
        if (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE)
            continue; // Don't select the Basic Render Driver adapter.

        // Only check that a device can be created; don't create it yet.
        if (SUCCEEDED(D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), nullptr)))
        {
            *ppAdapter = adapter.Detach();
            return;
        }
    }
}

class D3D1211on12
{
public:
    D3D1211on12(bool useWarpDevice) : m_useWarpDevice(useWarpDevice) {}

    void LoadPipeline();

    bool m_useWarpDevice;
    ComPtr<ID3D12Device> m_d3d12Device;
};

// Load the rendering pipeline dependencies.
void D3D1211on12::LoadPipeline()
{
#if defined(_DEBUG)
    // Enable the D3D12 debug layer.
    {
        ComPtr<ID3D12Debug> debugController;
        if (SUCCEEDED(D3D12GetDebugInterface(IID_PPV_ARGS(&debugController))))
        {
            debugController->EnableDebugLayer();
        }
    }
#endif

    ComPtr<IDXGIFactory4> factory;
    ThrowIfFailed(CreateDXGIFactory1(IID_PPV_ARGS(&factory)));

    if (m_useWarpDevice)
    {
        ComPtr<IDXGIAdapter> warpAdapter;
        ThrowIfFailed(factory->EnumWarpAdapter(IID_PPV_ARGS(&warpAdapter)));

        ThrowIfFailed(D3D12CreateDevice(
            warpAdapter.Get(),
            D3D_FEATURE_LEVEL_11_0,
            IID_PPV_ARGS(&m_d3d12Device)
            ));
    }
    else
    {
        ComPtr<IDXGIAdapter1> hardwareAdapter;
        GetHardwareAdapter(factory.Get(), &hardwareAdapter);

        ThrowIfFailed(D3D12CreateDevice(
            hardwareAdapter.Get(),
            D3D_FEATURE_LEVEL_11_0,
            IID_PPV_ARGS(&m_d3d12Device)
            ));
    }
}

int main(int argc, char **argv)
{
    bool warp = false, highPerformance = false;

    for (int i = 1; i < argc; ++i)
    {
        if (!std::strcmp(argv[i], "--warp"))
            warp = true;
        else if (!std::strcmp(argv[i], "--high-performance"))
            highPerformance = true;
        else
        {
            std::fprintf(stderr, "usage: %s [--warp] [--high-performance]\n", argv[0]);
            return 2;
        }
    }

    try
    {
        D3D1211on12 sample(warp);
        if (highPerformance)
        {
            // The same selection, asking IDXGIFactory6 for the high-performance order.
            ComPtr<IDXGIFactory4> factory;
            ThrowIfFailed(CreateDXGIFactory1(IID_PPV_ARGS(&factory)));
            ComPtr<IDXGIAdapter1> hardwareAdapter;
            GetHardwareAdapter(factory.Get(), &hardwareAdapter, true);
            ThrowIfFailed(D3D12CreateDevice(hardwareAdapter.Get(), D3D_FEATURE_LEVEL_11_0,
                                            IID_PPV_ARGS(&sample.m_d3d12Device)));
        }
        else
        {
            sample.LoadPipeline();
        }

        // Which DXGI adapter is the device's? Find it by LUID.
#if defined(_WIN32) && !defined(_MSC_VER)
        // DirectX-Headers' binding for GCC on Windows returns the struct
        // through a pointer (the ABI of MSVC's struct returns).
        LUID luid;
        sample.m_d3d12Device->GetAdapterLuid(&luid);
#else
        LUID luid = sample.m_d3d12Device->GetAdapterLuid();
#endif
        ComPtr<IDXGIFactory4> factory;
        ThrowIfFailed(CreateDXGIFactory2(0, IID_PPV_ARGS(&factory)));
        ComPtr<IDXGIAdapter1> adapter;
        ThrowIfFailed(factory->EnumAdapterByLuid(luid, IID_PPV_ARGS(&adapter)));
        DXGI_ADAPTER_DESC1 desc;
        ThrowIfFailed(adapter->GetDesc1(&desc));
        if (desc.AdapterLuid.LowPart != luid.LowPart || desc.AdapterLuid.HighPart != luid.HighPart)
        {
            std::fprintf(stderr, "LUID mismatch\n");
            return 1;
        }
        std::printf("picked: %ls%s\n", desc.Description,
                    (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) ? " [software]" : "");
        return 0;
    }
    catch (const std::exception &e)
    {
        std::fprintf(stderr, "adapter_selection: %s\n", e.what());
        return 1;
    }
}
