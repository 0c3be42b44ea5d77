// <mockd3d12/d3d11.h> as C++17 under -Wall -Wextra -Werror; __uuidof works
// for the D3D11 interfaces (mingw-w64's __CRT_UUID_DECL).
#include <mockd3d12/d3d11.h>

int main()
{
    const GUID &a = __uuidof(ID3D11Device5);
    const GUID &b = __uuidof(ID3D11On12Device);
    const GUID &c = __uuidof(ID3D11On12Device2); /* declared by <mockd3d12/d3d11.h> where mingw-w64 lacks it */
    ID3D11On12Device2 *on12 = nullptr;
    ID3D11Device *device = nullptr;
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_1;
    HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
            &device, &level, nullptr);

    if (FAILED(hr) || !device || device->GetFeatureLevel() != level)
        return 1;
    device->Release();
    if (on12)
        on12->GetD3D12Device(__uuidof(ID3D12Device), nullptr);
    return a.Data1 == 0x8ffde202 && b.Data1 == 0x85611e73 && c.Data1 == 0xdc90f331 ? 0 : 1;
}
