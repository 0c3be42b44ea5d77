/*
 * The seed's sample ("How to: Get the device feature level", Indonesian
 * page), compiled exactly as written inside a function: it probes the highest
 * feature level with D3D11CreateDevice(ppDevice = NULL). Prints the level; run
 * by tests/d3d11.cmake under several adapters and D3D11 runtimes.
 *
 * The page passes &FeatureLevels, a pointer to the array (the address of its
 * first element, of another type): C accepts that with a diagnostic, which
 * tests/d3d11.cmake turns off for this file only (-Wno-incompatible-pointer-types);
 * C++ rejects it, so feature_level_probe.cpp is the same code with that one
 * '&' removed.
 */
#include <stdio.h>

#include <mockd3d12/d3d11.h>

#ifndef ARRAYSIZE
#define ARRAYSIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

static HRESULT probe(D3D_FEATURE_LEVEL *out)
{
    // ---- the seed's code, unchanged ----
HRESULT hr = E_FAIL;
D3D_FEATURE_LEVEL MaxSupportedFeatureLevel = D3D_FEATURE_LEVEL_9_1;
D3D_FEATURE_LEVEL FeatureLevels[] = {
    D3D_FEATURE_LEVEL_11_1,
    D3D_FEATURE_LEVEL_11_0,
    D3D_FEATURE_LEVEL_10_1,
    D3D_FEATURE_LEVEL_10_0,
    D3D_FEATURE_LEVEL_9_3,
    D3D_FEATURE_LEVEL_9_2,
    D3D_FEATURE_LEVEL_9_1
    };

hr = D3D11CreateDevice(
    NULL,
    D3D_DRIVER_TYPE_HARDWARE,
    NULL, 
    0, 
    &FeatureLevels, 
    ARRAYSIZE(FeatureLevels), 
    D3D11_SDK_VERSION, 
    NULL, 
    &MaxSupportedFeatureLevel, 
    NULL 
    );

if(FAILED(hr))
{
    return hr;
}
    // ---- end of the seed's code ----
    *out = MaxSupportedFeatureLevel;
    return hr;
}

int main(void)
{
    D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_1;
    HRESULT hr = probe(&level);

    if (FAILED(hr))
    {
        printf("failed: 0x%08x\n", (unsigned)hr);
        return 1;
    }
    printf("hr 0x%08x level %x_%x\n", (unsigned)hr, (unsigned)level >> 12, ((unsigned)level >> 8) & 0xf);
    return 0;
}
