/*
 * The programs tests/cli/test_forward_check.py runs under forward-check
 * besides examples/forward-check/: each creates a device on the null adapter
 * and asks a feature with the legacy entry point, then
 *   flags-exact     prints "pso cache: on" when SHADER_CACHE.SupportFlags is
 *                   exactly SINGLE_PSO (fl11-minimal's), else "pso cache: off"
 *                   (an exact-value check on flags);
 *   constant        asks D3D12_OPTIONS5 and SHADER_CACHE and prints a line that
 *                   does not depend on them;
 *   value           prints the RaytracingTier it read (no decision: no regression);
 *   crash-unknown   aborts on a RaytracingTier it does not know (a regression by
 *                   exit status);
 *   cfs1-616        the ray tracer's exact check, as a program built against SDK
 *                   616 asks: CheckFeatureSupport1(..., 616) where the runtime has
 *                   ID3D12Device17, the legacy entry point where it has not.
 */
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mockd3d12/d3d12.h>

int main(int argc, char **argv)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {0};
    D3D12_FEATURE_DATA_SHADER_CACHE cache = {0};
    const char *mode = argc > 1 ? argv[1] : "";
    ID3D12Device *device;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        printf("no device\n");
        return 2;
    }
    if (!strcmp(mode, "cfs1-616"))
    {
        ID3D12Device17 *device17;

        if (SUCCEEDED(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17)))
        {
            ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5),
                    616);
            ID3D12Device17_Release(device17);
        }
        else
            ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5));
        ID3D12Device_Release(device);
        printf("raytracing: %s\n", options5.RaytracingTier == D3D12_RAYTRACING_TIER_1_1 ? "on" : "off");
        return options5.RaytracingTier == D3D12_RAYTRACING_TIER_1_1 ? 0 : 1;
    }
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5));
    ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_SHADER_CACHE, &cache, sizeof(cache));
    ID3D12Device_Release(device);
    if (!strcmp(mode, "flags-exact"))
        printf("pso cache: %s\n", cache.SupportFlags == D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO ? "on" : "off");
    else if (!strcmp(mode, "constant"))
        printf("started\n");
    else if (!strcmp(mode, "value"))
        printf("raytracing tier %d\n", (int)options5.RaytracingTier);
    else if (!strcmp(mode, "crash-unknown"))
    {
        if (options5.RaytracingTier > D3D12_RAYTRACING_TIER_1_2)
            abort();
        printf("raytracing tier %d\n", (int)options5.RaytracingTier);
    }
    else
    {
        printf("usage: forward_probe flags-exact|constant|value|crash-unknown|cfs1-616\n");
        return 2;
    }
    return 0;
}
