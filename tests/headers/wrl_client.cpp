// C++17: __uuidof, IID_PPV_ARGS and WRL ComPtr with the provisional interface.
#include <mockd3d12/d3d12.h>
#include <wsl/wrladapter.h>

using Microsoft::WRL::ComPtr;

HRESULT header_test_wrl(ID3D12Device *device);
HRESULT header_test_wrl(ID3D12Device *device)
{
    ComPtr<ID3D12Device17> device17;
    HRESULT hr = device->QueryInterface(IID_PPV_ARGS(&device17));
    if (FAILED(hr))
        return hr;
    ComPtr<ID3D12Device12> device12;
    if (FAILED(hr = device17.As(&device12)))
        return hr;
    D3D12_FEATURE_DATA_D3D12_OPTIONS22 options = {};
    return device17->CheckFeatureSupport1(D3D12_FEATURE_D3D12_OPTIONS22, &options, sizeof(options), 619);
}

static_assert(__uuidof(ID3D12Device17).Data1 == 0x8a6c1f3e, "IID_ID3D12Device17");
static_assert(__uuidof(ID3D12Device15).Data1 == 0x76cff76f, "IID_ID3D12Device15");
