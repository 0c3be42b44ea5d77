/*
 * The start-up code of an imaginary engine: it creates a device on the
 * default adapter, reads the capabilities its render paths need, and picks
 * one. It runs in every cell of mockd3d12_add_test_matrix (CMakeLists.txt
 * beside it), which chooses the adapter and the runtime through the
 * environment. Exit status 0 when it found a path it can run (every D3D12
 * adapter has one: the compute fallback), 1 when the answers contradict each
 * other, 2 when no device is created.
 */
#define COBJMACROS
#include <stdio.h>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>

static HRESULT check(ID3D12Device *device, D3D12_FEATURE feature, void *data, UINT size)
{
    HRESULT hr = ID3D12Device_CheckFeatureSupport(device, feature, data, size);

    if (FAILED(hr))
        printf("render_path: CheckFeatureSupport(%d) failed: %#x\n", (int)feature, (unsigned)hr);
    return hr;
}

int main(void)
{
    D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0,
            D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_2};
    D3D12_FEATURE_DATA_FEATURE_LEVELS feature_levels = {sizeof(levels) / sizeof(levels[0]), levels, 0};
    D3D12_FEATURE_DATA_SHADER_MODEL shader_model = {D3D_SHADER_MODEL_6_5};
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS7 options7 = {0};
    mockd3d12_runtime runtime;
    const char *path;
    ID3D12Device *device;
    int status = 0;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
    {
        printf("render_path: no device on %s\n", mockd3d12_default_adapter_id());
        return 2;
    }
    if (FAILED(check(device, D3D12_FEATURE_FEATURE_LEVELS, &feature_levels, sizeof(feature_levels)))
            || FAILED(check(device, D3D12_FEATURE_SHADER_MODEL, &shader_model, sizeof(shader_model)))
            || FAILED(check(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5, sizeof(options5)))
            || FAILED(check(device, D3D12_FEATURE_D3D12_OPTIONS7, &options7, sizeof(options7))))
        status = 1;
    /* Capabilities are compared with >=: a newer tier keeps the path. */
    if (options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1)
        path = "ray traced";
    else if (options7.MeshShaderTier >= D3D12_MESH_SHADER_TIER_1)
        path = "mesh shaders";
    else if (feature_levels.MaxSupportedFeatureLevel >= D3D_FEATURE_LEVEL_12_0)
        path = "raster";
    else
        path = "compute fallback";
    /* DXR 1.1 needs Shader Model 6.5 (DirectX-Specs): an adapter that says
     * otherwise contradicts itself. */
    if (options5.RaytracingTier >= D3D12_RAYTRACING_TIER_1_1 && shader_model.HighestShaderModel < D3D_SHADER_MODEL_6_5)
    {
        printf("render_path: DXR 1.1 with shader model %#x\n", (unsigned)shader_model.HighestShaderModel);
        status = 1;
    }
    mockd3d12_get_runtime(&runtime);
    printf("render_path: %s on %s SDK %u: %s\n", mockd3d12_default_adapter_id(),
            runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail", runtime.sdk_version, path);
    ID3D12Device_Release(device);
    return status;
}
