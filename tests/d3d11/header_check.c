/* <mockd3d12/d3d11.h> as C11 under -Wall -Wextra -Werror; the IIDs link from
 * libd3d11 alone. */
#include <mockd3d12/d3d11.h>

int main(void)
{
    const IID *iids[] = {&IID_ID3D11Device, &IID_ID3D11Device5, &IID_ID3D11DeviceContext4, &IID_ID3D11On12Device};
    PFN_D3D11ON12_CREATE_DEVICE on12 = D3D11On12CreateDevice;
    PFN_D3D11_CREATE_DEVICE create = D3D11CreateDevice;
    D3D11_FEATURE_DATA_D3D11_OPTIONS4 options4 = {0};
    MOCKD3D12_D3D11_FEATURE_DATA_DISPLAYABLE displayable = {0};

    (void)options4;
    (void)displayable;
    return iids[3]->Data1 == 0x85611e73 && on12 && create ? 0 : 1;
}
