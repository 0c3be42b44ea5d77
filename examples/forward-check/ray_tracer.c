/*
 * ray_tracer_exact.c corrected: the same start-up check of a ray tracer
 * that needs DXR 1.1, with `>=`, so that a GPU reporting Tier 1.2 (or any
 * later tier) ray traces too. `mockd3d12 forward-check -- ./ray_tracer`
 * finds no regression (docs/forward-check.md).
 *
 * It prints its decision (forward-check compares outputs) and exits 1 when
 * it cannot ray trace.
 */
#define COBJMACROS
#include <stdio.h>

#include <mockd3d12/d3d12.h>

int main(void)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {0};
    ID3D12Device *device;
    int on;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        printf("no device\n");
        return 2;
    }
    if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5))))
        options5.RaytracingTier = D3D12_RAYTRACING_TIER_NOT_SUPPORTED;
    ID3D12Device_Release(device);
    /* At least 1.1: every later tier has what 1.1 has. */
    on = options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1;
    printf("raytracing: %s\n", on ? "on" : "off");
    return on ? 0 : 1;
}
