/* mockd3d12/d3d12.h alone: the one include a client needs. */
#define COBJMACROS
#include <mockd3d12/d3d12.h>

HRESULT header_test_d3d12(ID3D12Device17 *device, D3D12_FEATURE_DATA_D3D12_OPTIONS22 *data);
HRESULT header_test_d3d12(ID3D12Device17 *device, D3D12_FEATURE_DATA_D3D12_OPTIONS22 *data)
{
#ifdef __cplusplus
    return device->CheckFeatureSupport1(D3D12_FEATURE_D3D12_OPTIONS22, data, sizeof(*data), 619);
#else
    return ID3D12Device17_CheckFeatureSupport1(device, D3D12_FEATURE_D3D12_OPTIONS22, data, sizeof(*data), 619);
#endif
}
