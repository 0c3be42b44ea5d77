/* <mockd3d12/dxgi.h> alone, as C11 under -Wall -Wextra -Werror. */
#define COBJMACROS
#include <mockd3d12/dxgi.h>

int main(void)
{
    IDXGIFactory6 *factory = NULL;
    DXGI_ADAPTER_DESC3 desc = {0};
    HRESULT hr = CreateDXGIFactory2(0, &IID_IDXGIFactory6, (void **)&factory);

    if (FAILED(hr))
        return 1;
    (void)desc;
    IDXGIFactory6_Release(factory);
    return sizeof(desc.Description) == 128 * sizeof(WCHAR) ? 0 : 1;
}
