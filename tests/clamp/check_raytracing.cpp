// The CheckFeatureSupport1 spec's own client example, compiled as C++17 with
// WRL ComPtr and IID_PPV_ARGS against the installed headers, run against the
// "nextgen" adapter (RaytracingTier 1.3, newer than any SDK) and against a
// runtime older than the cutoff (no ID3D12Device17: E_NOINTERFACE).
#include <cstddef>
#include <cstdio>
#include <cstring>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>
// On Linux, __uuidof for the official interfaces comes from DirectX-Headers' dxguids.h.
#include <dxguids/dxguids.h>
#include <wsl/wrladapter.h>

// ---- The spec's example, as written there ----
HRESULT CheckRaytracingSupport(
ID3D12Device* pDevice,
bool* pRaytracingSupported)
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
hr = device17->CheckFeatureSupport1(
D3D12_FEATURE_D3D12_OPTIONS5,
&options5,
sizeof(options5),
D3D12_SDK_VERSION);
if (SUCCEEDED(hr))
{
*pRaytracingSupported =
options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1;
}
return hr;
}
// ---- end of the example ----

using Microsoft::WRL::ComPtr;

static int failures;

#define CHECK(cond, ...) \
    do { if (!(cond)) { std::fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
        std::fprintf(stderr, __VA_ARGS__); std::fputc('\n', stderr); ++failures; } } while (0)

static HRESULT create_device(const mockd3d12_runtime &runtime, ComPtr<ID3D12Device> &device)
{
    HRESULT hr = mockd3d12_set_runtime(&runtime);
    if (FAILED(hr))
        return hr;
    return D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device));
}

// The reported RaytracingTier as a plain number; a canary fills the struct
// first, so 0x7e7e7e7e means "not written".
static UINT raytracing_tier(ID3D12Device *device, UINT sdk_version, HRESULT *hr)
{
    ComPtr<ID3D12Device17> device17;
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    UINT tier;

    std::memset(&options5, 0x7e, sizeof(options5));
    if (SUCCEEDED(*hr = device->QueryInterface(IID_PPV_ARGS(&device17))))
        *hr = device17->CheckFeatureSupport1(D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5), sdk_version);
    std::memcpy(&tier, reinterpret_cast<const unsigned char *>(&options5)
            + offsetof(D3D12_FEATURE_DATA_D3D12_OPTIONS5, RaytracingTier), sizeof(tier));
    return tier;
}

int main()
{
    const mockd3d12_runtime next = {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE};
    const mockd3d12_runtime old = {MOCKD3D12_RUNTIME_RETAIL, 619, 719, 620, 721, FALSE};
    ComPtr<ID3D12Device> device;
    bool supported = false;
    HRESULT hr;

    hr = mockd3d12_select_adapter("nextgen");
    CHECK(hr == S_OK, "select nextgen: %#x", (unsigned)hr);

    // A runtime of 622 / 723 on an adapter with Tier 1.3.
    hr = create_device(next, device);
    CHECK(hr == S_OK, "device: %#x", (unsigned)hr);
    if (device)
    {
        hr = CheckRaytracingSupport(device.Get(), &supported);
        CHECK(hr == S_OK && supported, "hr %#x supported %d", (unsigned)hr, supported);
        // What the example saw: the installed headers' SDK knows 1.2 at most.
        UINT tier = raytracing_tier(device.Get(), D3D12_SDK_VERSION, &hr);
        CHECK(hr == S_OK && tier == D3D12_RAYTRACING_TIER_1_2, "SDK %u: hr %#x tier %u", D3D12_SDK_VERSION, (unsigned)hr, tier);
        tier = raytracing_tier(device.Get(), 620, &hr);
        CHECK(hr == S_OK && tier == D3D12_RAYTRACING_TIER_1_2, "620: hr %#x tier %u", (unsigned)hr, tier);
        tier = raytracing_tier(device.Get(), 622, &hr);
        CHECK(hr == S_OK && tier == 13, "622: hr %#x tier %u", (unsigned)hr, tier);
        tier = raytracing_tier(device.Get(), 723, &hr); // remapped to 622
        CHECK(hr == S_OK && tier == 13, "723: hr %#x tier %u", (unsigned)hr, tier);
        tier = raytracing_tier(device.Get(), 721, &hr); // another preview number: too new
        CHECK(hr == E_INVALIDARG && tier == 0x7e7e7e7eu, "721: hr %#x tier %u", (unsigned)hr, tier);
        CHECK(CheckRaytracingSupport(device.Get(), nullptr) == E_INVALIDARG, "null output");
        CHECK(CheckRaytracingSupport(nullptr, &supported) == E_INVALIDARG, "null device");
    }
    device.Reset();

    // A runtime older than CheckFeatureSupport1: the example's E_NOINTERFACE path.
    hr = create_device(old, device);
    CHECK(hr == S_OK, "old device: %#x", (unsigned)hr);
    if (device)
    {
        supported = true;
        hr = CheckRaytracingSupport(device.Get(), &supported);
        CHECK(hr == E_NOINTERFACE && !supported, "old runtime: hr %#x supported %d", (unsigned)hr, supported);
    }
    device.Reset();

    mockd3d12_reset();
    if (failures)
        return 1;
    std::printf("check_raytracing: all checks passed\n");
    return 0;
}
