/* The start-up measurement's probe (bench/startup.c): what every test of an
 * application's capability detection pays once per process. It loads
 * libd3d12.so, creates a device on the default adapter, asks three features
 * and exits; any failure exits non-zero, so the figure is never of a probe
 * that did less. */
#include <mockd3d12/d3d12.h>

int main(void)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_SHADER_MODEL model = {D3D_SHADER_MODEL_6_6};
    ID3D12Device *device;
    int status = 0;

    if (FAILED(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device)))
        return 1;
    if (FAILED(device->lpVtbl->CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)))
            || FAILED(device->lpVtbl->CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
                    sizeof(options5)))
            || FAILED(device->lpVtbl->CheckFeatureSupport(device, D3D12_FEATURE_SHADER_MODEL, &model, sizeof(model))))
        status = 2;
    device->lpVtbl->Release(device);
    return status;
}
