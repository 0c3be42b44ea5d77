// A C++17 client of the INSTALLED mockd3d12, built with pkg-config. Uses WRL
// ComPtr and IID_PPV_ARGS the way the CheckFeatureSupport1 specification's
// CheckRaytracingSupport example does, and checks its answers.
#include <cstdio>
#include <cstdlib>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>
#include <wrl/client.h>

#define CHECK(cond) do { if (!(cond)) { std::fprintf(stderr, "client_cpp: %s:%d: %s\n", __FILE__, __LINE__, \
        #cond); std::exit(1); } } while (0)

// The specification's example, unchanged in logic.
static HRESULT CheckRaytracingSupport(ID3D12Device *pDevice, bool *pRaytracingSupported)
{
    if (pDevice == nullptr || pRaytracingSupported == nullptr)
    {
        return E_INVALIDARG;
    }
    *pRaytracingSupported = false;
    Microsoft::WRL::ComPtr<ID3D12Device17> device17;
    HRESULT hr = pDevice->QueryInterface(IID_PPV_ARGS(&device17));
    if (FAILED(hr))
    {
        return hr;
    }
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {};
    hr = device17->CheckFeatureSupport1(D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5), D3D12_SDK_VERSION);
    if (SUCCEEDED(hr))
    {
        *pRaytracingSupported = options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1;
    }
    return hr;
}

static Microsoft::WRL::ComPtr<ID3D12Device> device_on(const char *adapter_id)
{
    Microsoft::WRL::ComPtr<IUnknown> adapter;
    Microsoft::WRL::ComPtr<ID3D12Device> device;

    CHECK(mockd3d12_get_adapter(adapter_id, adapter.ReleaseAndGetAddressOf()) == S_OK);
    CHECK(SUCCEEDED(D3D12CreateDevice(adapter.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device))));
    return device;
}

int main()
{
    bool supported = true;

    // Default runtime (retail 620, at the cutoff): ID3D12Device17 exists.
    {
        auto device = device_on("nvidia-rtx-4090");
        CHECK(CheckRaytracingSupport(device.Get(), &supported) == S_OK);
        CHECK(supported);

        Microsoft::WRL::ComPtr<ID3D12Device17> device17;
        CHECK(device.As(&device17) == S_OK);
        CHECK(device17.Get() == reinterpret_cast<ID3D12Device17 *>(device.Get()));
        // A version newer than the runtime: E_INVALIDARG, the buffer untouched.
        D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {};
        options5.SRVOnlyTiledResourceTier3 = 7;
        CHECK(device17->CheckFeatureSupport1(D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5), 999)
                == E_INVALIDARG);
        CHECK(options5.SRVOnlyTiledResourceTier3 == 7);
        CHECK(CheckRaytracingSupport(nullptr, &supported) == E_INVALIDARG);
    }
    {
        auto device = device_on("amd-rx-580");
        supported = true;
        CHECK(CheckRaytracingSupport(device.Get(), &supported) == S_OK);
        CHECK(!supported);
    }
    // A runtime before the cutoff has no ID3D12Device17.
    {
        mockd3d12_runtime runtime;
        CHECK(mockd3d12_get_runtime(&runtime) == S_OK);
        runtime.kind = MOCKD3D12_RUNTIME_RETAIL;
        runtime.sdk_version = 616;
        CHECK(mockd3d12_set_runtime(&runtime) == S_OK);
        auto device = device_on("intel-arc-a770");
        CHECK(CheckRaytracingSupport(device.Get(), &supported) == E_NOINTERFACE);
        CHECK(!supported);
        CHECK(mockd3d12_set_runtime(nullptr) == S_OK);
    }
    std::printf("client_cpp: ok\n");
    return 0;
}
