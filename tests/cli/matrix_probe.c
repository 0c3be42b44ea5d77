/*
 * The program tests/cli/test_matrix.py runs in every cell: it creates a
 * device on the null adapter (the cell's MOCKD3D12_ADAPTER), asks
 * D3D12_OPTIONS5 and says whether ray tracing is usable. Exit status 0 when
 * RaytracingTier >= 1_1, 1 when it is lower, 2 when no device is created.
 */
#define COBJMACROS
#include <stdio.h>

#include <mockd3d12/d3d12.h>

int main(void)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {0};
    ID3D12Device *device;
    HRESULT hr;

    if (FAILED(hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        printf("matrix_probe: D3D12CreateDevice failed: %#x\n", (unsigned)hr);
        return 2;
    }
    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5));
    ID3D12Device_Release(device);
    if (FAILED(hr))
    {
        printf("matrix_probe: CheckFeatureSupport(D3D12_OPTIONS5) failed: %#x\n", (unsigned)hr);
        return 2;
    }
    printf("raytracing tier %d: %s\n", (int)options5.RaytracingTier,
            options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1 ? "on" : "off (needs 1_1)");
    return options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1 ? 0 : 1;
}
