// CD3DX12FeatureSupport (DirectX-Headers' d3dx12.h, used unchanged) against
// every built-in adapter through libd3d12.so: Init answers S_OK and its
// getters equal what the device itself reports through CheckFeatureSupport.
#include <cstdio>
#include <cstring>

#include <mockd3d12/d3d12.h>
#include <mockd3d12/mockd3d12.h>
#include <directx/d3dx12.h>
#include <dxguids/dxguids.h>

static int failures;

#define CHECK_EQ(adapter, what, got, want) \
    do { \
        if ((unsigned long long)(got) != (unsigned long long)(want)) \
        { \
            std::fprintf(stderr, "%s: %s: CD3DX12FeatureSupport says %#llx, the device %#llx\n", adapter, what, \
                    (unsigned long long)(got), (unsigned long long)(want)); \
            ++failures; \
        } \
    } while (0)

template<typename T> static T query(ID3D12Device *device, D3D12_FEATURE feature, T data = T{})
{
    if (FAILED(device->CheckFeatureSupport(feature, &data, sizeof(data))))
        std::memset(&data, 0, sizeof(data));
    return data;
}

static void check_adapter(const char *id)
{
    IUnknown *adapter = nullptr;
    ID3D12Device *device = nullptr;
    CD3DX12FeatureSupport features;
    HRESULT hr;

    if (FAILED(hr = mockd3d12_get_adapter(id, &adapter))
            || FAILED(hr = D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device))))
    {
        std::fprintf(stderr, "%s: no device, hr %#x\n", id, (unsigned)hr);
        ++failures;
        if (adapter)
            adapter->Release();
        return;
    }

    hr = features.Init(device);
    CHECK_EQ(id, "Init", hr, S_OK);
    CHECK_EQ(id, "GetStatus", features.GetStatus(), S_OK);

    const D3D_FEATURE_LEVEL all_levels[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0,
            D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
            D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_1_0_CORE};
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels = {};
    levels.NumFeatureLevels = sizeof(all_levels) / sizeof(all_levels[0]);
    levels.pFeatureLevelsRequested = all_levels;
    levels = query(device, D3D12_FEATURE_FEATURE_LEVELS, levels);
    CHECK_EQ(id, "MaxSupportedFeatureLevel", features.MaxSupportedFeatureLevel(), levels.MaxSupportedFeatureLevel);

    D3D12_FEATURE_DATA_SHADER_MODEL sm = {D3D_HIGHEST_SHADER_MODEL};
    sm = query(device, D3D12_FEATURE_SHADER_MODEL, sm);
    CHECK_EQ(id, "HighestShaderModel", features.HighestShaderModel(), sm.HighestShaderModel);

    D3D12_FEATURE_DATA_ROOT_SIGNATURE rs = {D3D_ROOT_SIGNATURE_VERSION_1_1};
    rs = query(device, D3D12_FEATURE_ROOT_SIGNATURE, rs);
    CHECK_EQ(id, "HighestRootSignatureVersion", features.HighestRootSignatureVersion(), rs.HighestVersion);

    auto o = query<D3D12_FEATURE_DATA_D3D12_OPTIONS>(device, D3D12_FEATURE_D3D12_OPTIONS);
    CHECK_EQ(id, "DoublePrecisionFloatShaderOps", features.DoublePrecisionFloatShaderOps(), o.DoublePrecisionFloatShaderOps);
    CHECK_EQ(id, "ResourceBindingTier", features.ResourceBindingTier(), o.ResourceBindingTier);
    CHECK_EQ(id, "TiledResourcesTier", features.TiledResourcesTier(), o.TiledResourcesTier);
    CHECK_EQ(id, "ConservativeRasterizationTier", features.ConservativeRasterizationTier(), o.ConservativeRasterizationTier);
    CHECK_EQ(id, "ROVsSupported", features.ROVsSupported(), o.ROVsSupported);
    CHECK_EQ(id, "TypedUAVLoadAdditionalFormats", features.TypedUAVLoadAdditionalFormats(), o.TypedUAVLoadAdditionalFormats);
    CHECK_EQ(id, "ResourceHeapTier", features.ResourceHeapTier(), o.ResourceHeapTier);

    auto o1 = query<D3D12_FEATURE_DATA_D3D12_OPTIONS1>(device, D3D12_FEATURE_D3D12_OPTIONS1);
    CHECK_EQ(id, "WaveOps", features.WaveOps(), o1.WaveOps);
    CHECK_EQ(id, "WaveLaneCountMin", features.WaveLaneCountMin(), o1.WaveLaneCountMin);
    CHECK_EQ(id, "TotalLaneCount", features.TotalLaneCount(), o1.TotalLaneCount);

    auto arch = query<D3D12_FEATURE_DATA_ARCHITECTURE1>(device, D3D12_FEATURE_ARCHITECTURE1);
    CHECK_EQ(id, "UMA", features.UMA(0), arch.UMA);
    CHECK_EQ(id, "CacheCoherentUMA", features.CacheCoherentUMA(0), arch.CacheCoherentUMA);
    CHECK_EQ(id, "IsolatedMMU", features.IsolatedMMU(0), arch.IsolatedMMU);

    auto gpuva = query<D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT>(device, D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT);
    CHECK_EQ(id, "MaxGPUVirtualAddressBitsPerProcess", features.MaxGPUVirtualAddressBitsPerProcess(),
            gpuva.MaxGPUVirtualAddressBitsPerProcess);

    auto o3 = query<D3D12_FEATURE_DATA_D3D12_OPTIONS3>(device, D3D12_FEATURE_D3D12_OPTIONS3);
    CHECK_EQ(id, "ViewInstancingTier", features.ViewInstancingTier(), o3.ViewInstancingTier);
    auto o5 = query<D3D12_FEATURE_DATA_D3D12_OPTIONS5>(device, D3D12_FEATURE_D3D12_OPTIONS5);
    CHECK_EQ(id, "RaytracingTier", features.RaytracingTier(), o5.RaytracingTier);
    CHECK_EQ(id, "RenderPassesTier", features.RenderPassesTier(), o5.RenderPassesTier);
    auto o6 = query<D3D12_FEATURE_DATA_D3D12_OPTIONS6>(device, D3D12_FEATURE_D3D12_OPTIONS6);
    CHECK_EQ(id, "VariableShadingRateTier", features.VariableShadingRateTier(), o6.VariableShadingRateTier);
    auto o7 = query<D3D12_FEATURE_DATA_D3D12_OPTIONS7>(device, D3D12_FEATURE_D3D12_OPTIONS7);
    CHECK_EQ(id, "MeshShaderTier", features.MeshShaderTier(), o7.MeshShaderTier);
    CHECK_EQ(id, "SamplerFeedbackTier", features.SamplerFeedbackTier(), o7.SamplerFeedbackTier);
    auto o12 = query<D3D12_FEATURE_DATA_D3D12_OPTIONS12>(device, D3D12_FEATURE_D3D12_OPTIONS12);
    CHECK_EQ(id, "EnhancedBarriersSupported", features.EnhancedBarriersSupported(), o12.EnhancedBarriersSupported);

    // The format queries the helper forwards.
    D3D12_FORMAT_SUPPORT1 s1 = D3D12_FORMAT_SUPPORT1_NONE;
    D3D12_FORMAT_SUPPORT2 s2 = D3D12_FORMAT_SUPPORT2_NONE;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT fs = {DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_FORMAT_SUPPORT1_NONE, D3D12_FORMAT_SUPPORT2_NONE};
    fs = query(device, D3D12_FEATURE_FORMAT_SUPPORT, fs);
    CHECK_EQ(id, "FormatSupport hr", features.FormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, s1, s2), S_OK);
    CHECK_EQ(id, "FormatSupport Support1", s1, fs.Support1);
    CHECK_EQ(id, "FormatSupport Support2", s2, fs.Support2);
    UINT8 planes = 0;
    CHECK_EQ(id, "FormatInfo hr", features.FormatInfo(DXGI_FORMAT_D24_UNORM_S8_UINT, planes), S_OK);
    CHECK_EQ(id, "FormatInfo planes", planes, 2);
    UINT quality = 0;
    CHECK_EQ(id, "MultisampleQualityLevels hr", features.MultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4,
            D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, quality), S_OK);
    CHECK_EQ(id, "MultisampleQualityLevels", quality, 1);

    device->Release();
    adapter->Release();
}

int main()
{
    UINT count = mockd3d12_adapter_count();

    if (!count)
    {
        std::fprintf(stderr, "no built-in adapters\n");
        return 1;
    }
    for (UINT i = 0; i < count; ++i)
        check_adapter(mockd3d12_adapter_id(i));
    std::printf("%u adapters, %d failures\n", count, failures);
    return failures ? 1 : 0;
}
