/*
 * The bug CheckFeatureSupport1 was made for, as a start-up check: a ray
 * tracer that needs DXR 1.1 and tests for it with `==`. It works on every
 * GPU of its day, and turns ray tracing off on the first one that reports
 * Tier 1.2. `mockd3d12 forward-check -- ./ray_tracer_exact` finds it
 * (docs/forward-check.md); ray_tracer.c is the corrected program.
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
    /* The bug: exactly 1.1, where "at least 1.1" was meant. */
    on = options5.RaytracingTier == D3D12_RAYTRACING_TIER_1_1;
    printf("raytracing: %s\n", on ? "on" : "off");
    return on ? 0 : 1;
}
