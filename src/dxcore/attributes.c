/*
 * Which DXCore attributes an adapter has, the filters of CreateAdapterList and
 * CreateAdapterListByWorkload, and the machine's adapter ids.
 *
 * An adapter's attributes follow from its maximum feature level (profiles
 * require 11_0 or more, so every simulated adapter is a graphics adapter):
 * D3D12 core compute from 1_0_CORE up, D3D12 and D3D11 graphics and "GPU"
 * from 11_0 up, a compute accelerator below it. Generic ML is what every
 * D3D12 compute adapter runs (DirectML over D3D12 compute); generic media,
 * NPUs and media accelerators are never simulated: mockd3d12 models no video
 * or media engines. docs/dxcore.md has the table.
 */
#include <stdio.h>

#include "dxcore_private.h"

static const struct
{
    const GUID *guid;
    uint32_t bit;
}
dxcore_attribute_guids[] =
{
    {&DXCORE_ADAPTER_ATTRIBUTE_D3D11_GRAPHICS, DXCORE_ATTR_D3D11_GRAPHICS},
    {&DXCORE_ADAPTER_ATTRIBUTE_D3D12_GRAPHICS, DXCORE_ATTR_D3D12_GRAPHICS},
    {&DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE, DXCORE_ATTR_D3D12_CORE_COMPUTE},
    {&DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_ML, DXCORE_ATTR_D3D12_GENERIC_ML},
    {&DXCORE_ADAPTER_ATTRIBUTE_D3D12_GENERIC_MEDIA, DXCORE_ATTR_D3D12_GENERIC_MEDIA},
    {&DXCORE_HARDWARE_TYPE_ATTRIBUTE_GPU, DXCORE_ATTR_TYPE_GPU},
    {&DXCORE_HARDWARE_TYPE_ATTRIBUTE_COMPUTE_ACCELERATOR, DXCORE_ATTR_TYPE_COMPUTE_ACCELERATOR},
    {&DXCORE_HARDWARE_TYPE_ATTRIBUTE_NPU, DXCORE_ATTR_TYPE_NPU},
    {&DXCORE_HARDWARE_TYPE_ATTRIBUTE_MEDIA_ACCELERATOR, DXCORE_ATTR_TYPE_MEDIA_ACCELERATOR},
};

uint32_t dxcore_attribute_bit(REFGUID guid)
{
    for (size_t i = 0; i < sizeof(dxcore_attribute_guids) / sizeof(dxcore_attribute_guids[0]); ++i)
    {
        if (dxcore_iid_equal(guid, dxcore_attribute_guids[i].guid))
            return dxcore_attribute_guids[i].bit;
    }
    return 0;
}

uint32_t dxcore_attributes_for(D3D_FEATURE_LEVEL level)
{
    uint32_t attributes = 0;

    if ((UINT)level >= (UINT)D3D_FEATURE_LEVEL_1_0_CORE)
        attributes |= DXCORE_ATTR_D3D12_CORE_COMPUTE | DXCORE_ATTR_D3D12_GENERIC_ML;
    if ((UINT)level >= (UINT)D3D_FEATURE_LEVEL_11_0)
        attributes |= DXCORE_ATTR_D3D12_GRAPHICS | DXCORE_ATTR_D3D11_GRAPHICS | DXCORE_ATTR_TYPE_GPU;
    else if (attributes)
        attributes |= DXCORE_ATTR_TYPE_COMPUTE_ACCELERATOR;
    return attributes;
}

/* The attribute a workload needs on each runtime (0: the runtime has none). */
static const uint32_t dxcore_workload_attributes[4][2] =
{
    /*                   D3D11                       D3D12 */
    [DXCoreWorkload_Graphics] = {DXCORE_ATTR_D3D11_GRAPHICS, DXCORE_ATTR_D3D12_GRAPHICS},
    [DXCoreWorkload_Compute] = {DXCORE_ATTR_D3D11_GRAPHICS, DXCORE_ATTR_D3D12_CORE_COMPUTE},
    [DXCoreWorkload_Media] = {0, DXCORE_ATTR_D3D12_GENERIC_MEDIA},
    [DXCoreWorkload_MachineLearning] = {0, DXCORE_ATTR_D3D12_GENERIC_ML},
};

bool dxcore_workload_filter(DXCoreWorkload workload, DXCoreRuntimeFilterFlags runtimes,
        DXCoreHardwareTypeFilterFlags types, struct dxcore_filter *filter)
{
    const uint32_t all_runtimes = DXCoreRuntimeFilterFlags_D3D11 | DXCoreRuntimeFilterFlags_D3D12;
    const uint32_t all_types = DXCoreHardwareTypeFilterFlags_GPU | DXCoreHardwareTypeFilterFlags_ComputeAccelerator
            | DXCoreHardwareTypeFilterFlags_NPU | DXCoreHardwareTypeFilterFlags_MediaAccelerator;

    if ((UINT)workload > (UINT)DXCoreWorkload_MachineLearning || !runtimes || ((UINT)runtimes & ~all_runtimes)
            || !types || ((UINT)types & ~all_types))
        return false;
    memset(filter, 0, sizeof(*filter));
    if (runtimes & DXCoreRuntimeFilterFlags_D3D11)
        filter->any_of[0] |= dxcore_workload_attributes[workload][0];
    if (runtimes & DXCoreRuntimeFilterFlags_D3D12)
        filter->any_of[0] |= dxcore_workload_attributes[workload][1];
    if (types & DXCoreHardwareTypeFilterFlags_GPU)
        filter->any_of[1] |= DXCORE_ATTR_TYPE_GPU;
    if (types & DXCoreHardwareTypeFilterFlags_ComputeAccelerator)
        filter->any_of[1] |= DXCORE_ATTR_TYPE_COMPUTE_ACCELERATOR;
    if (types & DXCoreHardwareTypeFilterFlags_NPU)
        filter->any_of[1] |= DXCORE_ATTR_TYPE_NPU;
    if (types & DXCoreHardwareTypeFilterFlags_MediaAccelerator)
        filter->any_of[1] |= DXCORE_ATTR_TYPE_MEDIA_ACCELERATOR;
    /* D3D11 alone has no media or ML workload: nothing can match. */
    filter->none = !filter->any_of[0];
    return true;
}

HRESULT dxcore_machine_ids(const char **ids, unsigned *count)
{
    UINT n = mockd3d12_machine_adapters(ids, DXCORE_MAX_ADAPTERS);

    *count = 0;
    if (!n)
    {
        /* A machine that names unknown profiles is a test-setup error: say so. */
        fprintf(stderr, "mockd3d12-dxcore: cannot build the adapter list: %s\n", mockd3d12_last_error());
        return E_INVALIDARG;
    }
    if (n > DXCORE_MAX_ADAPTERS)
    {
        fprintf(stderr, "mockd3d12-dxcore: %u adapters, at most %u\n", n, DXCORE_MAX_ADAPTERS);
        return E_INVALIDARG;
    }
    *count = n;
    return S_OK;
}
