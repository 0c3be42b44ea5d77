// <mockd3d12/dxgi.h> alone, as C++17 under -Wall -Wextra -Werror, with the
// __uuidof of the DXGI interfaces that IID_PPV_ARGS needs.
#include <mockd3d12/dxgi.h>

#include <cstring>

int main()
{
    IDXGIFactory4 *factory = nullptr;

    if (FAILED(CreateDXGIFactory1(IID_PPV_ARGS(&factory))))
        return 1;
    IDXGIAdapter1 *adapter = nullptr;
    HRESULT hr = factory->EnumWarpAdapter(IID_PPV_ARGS(&adapter));
    factory->Release();
    if (FAILED(hr))
        return 1;
    adapter->Release();
    return std::memcmp(&__uuidof(IDXGIFactory4), &IID_IDXGIFactory4, sizeof(GUID)) ? 1 : 0;
}
