// CD3DX12FeatureSupport (DirectX-Headers' d3dx12.h, used unchanged) against
// every built-in adapter through libd3d12.so: Init answers S_OK and its
// getters equal what the device itself reports through CheckFeatureSupport.
//
// It also prints, on stdout, one line per getter and adapter:
//     ADAPTER FEATURE.Field NUMBER
// FEATURE is the D3D12_FEATURE name without its prefix, Field the
// D3D12_FEATURE_DATA_* member the getter returns (the pairing is d3dx12.h's
// FEATURE_SUPPORT_GET* lines), NUMBER the getter's value in decimal.
// tests/cpp/check_d3dx12_vs_cli.py compares these lines with
// `mockd3d12 caps --adapter ADAPTER --json`. Two getters read whichever of two
// members is non-zero; their line names both, "A||B" (A if non-zero, else B).
// A feature the device does not answer gets no line (Init then returns its
// own defaults, which no profile describes); a "#" line says so.
//
// Getters left out of the lines, because they take inputs the profile does not
// hold (they are still checked against the device where noted):
//   FormatSupport(Format), MultisampleQualityLevels(Format, SampleCount, Flags),
//   FormatInfo(Format): checked against the device below, for one format each;
//   CommandQueuePrioritySupported(CommandListType, Priority);
//   QueryMetaCommand(D3D12_FEATURE_DATA_QUERY_META_COMMAND&);
//   ProtectedResourceSessionTypes(NodeIndex): a vector of GUIDs, not a scalar;
//   its size is checked against ProtectedResourceSessionTypeCount.
// Getters with a NodeIndex argument are read for node 0.
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

// One feature's answer from the device: its name (D3D12_FEATURE_ without the
// prefix), the HRESULT and the data.
template<typename T> struct answer
{
    const char *name;
    HRESULT hr;
    T data;
};

template<typename T> static answer<T> ask(ID3D12Device *device, D3D12_FEATURE feature, const char *name, T data = T{})
{
    answer<T> a = {name, device->CheckFeatureSupport(feature, &data, sizeof(data)), data};

    if (FAILED(a.hr))
        std::memset(&a.data, 0, sizeof(a.data));
    return a;
}

#define ASK(NAME, ...) ask<D3D12_FEATURE_DATA_##NAME>(device, D3D12_FEATURE_##NAME, #NAME, ##__VA_ARGS__)

// The getter's value equals the device's field; print the line.
static void report(const char *id, const char *feature, HRESULT hr, const char *field, long long got, long long want)
{
    char what[256];

    if (FAILED(hr))
    {
        std::printf("# %s %s.%s not answered (hr %#x)\n", id, feature, field, (unsigned)hr);
        return;
    }
    std::snprintf(what, sizeof(what), "%s.%s", feature, field);
    CHECK_EQ(id, what, got, want);
    std::printf("%s %s %lld\n", id, what, got);
}

// GET(answer, member, getter call): a getter that returns answer.data.member.
#define GET(a, member, call) report(id, (a).name, (a).hr, #member, (long long)features.call, (long long)(a).data.member)

// A getter that returns a.data.ma when it is non-zero, else b.data.mb.
#define GET_EITHER(a, ma, b, mb, call) \
    do { \
        char both[256]; \
        std::snprintf(both, sizeof(both), "%s||%s.%s", #ma, (b).name, #mb); \
        report(id, (a).name, FAILED((a).hr) ? (a).hr : (b).hr, both, (long long)features.call, \
                (a).data.ma ? (long long)(a).data.ma : (long long)(b).data.mb); \
    } while (0)

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

    // The inputs Init itself gives: every feature level of d3dcommon.h, the
    // header's highest shader model (6_8 in DirectX-Headers 1.606) and root
    // signature 1_1 first.
    const D3D_FEATURE_LEVEL all_levels[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0,
            D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
            D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_1_0_CORE};
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels_in = {};
    levels_in.NumFeatureLevels = sizeof(all_levels) / sizeof(all_levels[0]);
    levels_in.pFeatureLevelsRequested = all_levels;
    D3D12_FEATURE_DATA_SHADER_MODEL sm_in = {D3D_HIGHEST_SHADER_MODEL};
    D3D12_FEATURE_DATA_ROOT_SIGNATURE rs_in = {D3D_ROOT_SIGNATURE_VERSION_1_1};
    D3D12_FEATURE_DATA_ARCHITECTURE1 arch_in = {};
    D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT prs_in = {};
    D3D12_FEATURE_DATA_SERIALIZATION ser_in = {};
    D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT prs_count_in = {};

    auto o = ASK(D3D12_OPTIONS);
    auto levels = ASK(FEATURE_LEVELS, levels_in);
    auto gpuva = ASK(GPU_VIRTUAL_ADDRESS_SUPPORT);
    auto sm = ASK(SHADER_MODEL, sm_in);
    auto o1 = ASK(D3D12_OPTIONS1);
    auto prs = ASK(PROTECTED_RESOURCE_SESSION_SUPPORT, prs_in);
    auto rs = ASK(ROOT_SIGNATURE, rs_in);
    auto arch = ASK(ARCHITECTURE1, arch_in);
    auto o2 = ASK(D3D12_OPTIONS2);
    auto cache = ASK(SHADER_CACHE);
    auto o3 = ASK(D3D12_OPTIONS3);
    auto heaps = ASK(EXISTING_HEAPS);
    auto o4 = ASK(D3D12_OPTIONS4);
    auto ser = ASK(SERIALIZATION, ser_in);
    auto cross = ASK(CROSS_NODE);
    auto o5 = ASK(D3D12_OPTIONS5);
    auto disp = ASK(DISPLAYABLE);
    auto o6 = ASK(D3D12_OPTIONS6);
    auto o7 = ASK(D3D12_OPTIONS7);
    auto prs_count = ASK(PROTECTED_RESOURCE_SESSION_TYPE_COUNT, prs_count_in);
    auto o8 = ASK(D3D12_OPTIONS8);
    auto o9 = ASK(D3D12_OPTIONS9);
    auto o10 = ASK(D3D12_OPTIONS10);
    auto o11 = ASK(D3D12_OPTIONS11);
    auto o12 = ASK(D3D12_OPTIONS12);
    auto o13 = ASK(D3D12_OPTIONS13);
    auto o14 = ASK(D3D12_OPTIONS14);
    auto o15 = ASK(D3D12_OPTIONS15);

    // 0: D3D12_OPTIONS
    GET(o, DoublePrecisionFloatShaderOps, DoublePrecisionFloatShaderOps());
    GET(o, OutputMergerLogicOp, OutputMergerLogicOp());
    GET(o, MinPrecisionSupport, MinPrecisionSupport());
    GET(o, TiledResourcesTier, TiledResourcesTier());
    GET(o, ResourceBindingTier, ResourceBindingTier());
    GET(o, PSSpecifiedStencilRefSupported, PSSpecifiedStencilRefSupported());
    GET(o, TypedUAVLoadAdditionalFormats, TypedUAVLoadAdditionalFormats());
    GET(o, ROVsSupported, ROVsSupported());
    GET(o, ConservativeRasterizationTier, ConservativeRasterizationTier());
    GET(o, StandardSwizzle64KBSupported, StandardSwizzle64KBSupported());
    GET(o, CrossAdapterRowMajorTextureSupported, CrossAdapterRowMajorTextureSupported());
    GET(o, VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation,
            VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation());
    GET(o, ResourceHeapTier, ResourceHeapTier());
    // CrossNodeSharingTier: CROSS_NODE's if above NOT_SUPPORTED, else OPTIONS'.
    GET_EITHER(cross, SharingTier, o, CrossNodeSharingTier, CrossNodeSharingTier());
    // MaxGPUVirtualAddressBitsPerResource: OPTIONS' if non-zero, else GPU_VIRTUAL_ADDRESS_SUPPORT's.
    GET_EITHER(o, MaxGPUVirtualAddressBitsPerResource, gpuva, MaxGPUVirtualAddressBitsPerResource,
            MaxGPUVirtualAddressBitsPerResource());
    // 2: FEATURE_LEVELS
    GET(levels, MaxSupportedFeatureLevel, MaxSupportedFeatureLevel());
    // 6: GPU_VIRTUAL_ADDRESS_SUPPORT
    GET(gpuva, MaxGPUVirtualAddressBitsPerProcess, MaxGPUVirtualAddressBitsPerProcess());
    // 7: SHADER_MODEL
    GET(sm, HighestShaderModel, HighestShaderModel());
    // 8: D3D12_OPTIONS1
    GET(o1, WaveOps, WaveOps());
    GET(o1, WaveLaneCountMin, WaveLaneCountMin());
    GET(o1, WaveLaneCountMax, WaveLaneCountMax());
    GET(o1, TotalLaneCount, TotalLaneCount());
    GET(o1, ExpandedComputeResourceStates, ExpandedComputeResourceStates());
    GET(o1, Int64ShaderOps, Int64ShaderOps());
    // 10: PROTECTED_RESOURCE_SESSION_SUPPORT
    GET(prs, Support, ProtectedResourceSessionSupport(0));
    // 12: ROOT_SIGNATURE
    GET(rs, HighestVersion, HighestRootSignatureVersion());
    // 16: ARCHITECTURE1
    GET(arch, TileBasedRenderer, TileBasedRenderer(0));
    GET(arch, UMA, UMA(0));
    GET(arch, CacheCoherentUMA, CacheCoherentUMA(0));
    GET(arch, IsolatedMMU, IsolatedMMU(0));
    // 18: D3D12_OPTIONS2
    GET(o2, DepthBoundsTestSupported, DepthBoundsTestSupported());
    GET(o2, ProgrammableSamplePositionsTier, ProgrammableSamplePositionsTier());
    // 19: SHADER_CACHE
    GET(cache, SupportFlags, ShaderCacheSupportFlags());
    // 21: D3D12_OPTIONS3
    GET(o3, CopyQueueTimestampQueriesSupported, CopyQueueTimestampQueriesSupported());
    GET(o3, CastingFullyTypedFormatSupported, CastingFullyTypedFormatSupported());
    GET(o3, WriteBufferImmediateSupportFlags, WriteBufferImmediateSupportFlags());
    GET(o3, ViewInstancingTier, ViewInstancingTier());
    GET(o3, BarycentricsSupported, BarycentricsSupported());
    // 22: EXISTING_HEAPS
    GET(heaps, Supported, ExistingHeapsSupported());
    // 23: D3D12_OPTIONS4
    GET(o4, MSAA64KBAlignedTextureSupported, MSAA64KBAlignedTextureSupported());
    GET(o4, SharedResourceCompatibilityTier, SharedResourceCompatibilityTier());
    GET(o4, Native16BitShaderOpsSupported, Native16BitShaderOpsSupported());
    // 24: SERIALIZATION
    GET(ser, HeapSerializationTier, HeapSerializationTier(0));
    // 25: CROSS_NODE (SharingTier: see CrossNodeSharingTier above)
    GET(cross, AtomicShaderInstructions, CrossNodeAtomicShaderInstructions());
    // 27: D3D12_OPTIONS5
    GET(o5, SRVOnlyTiledResourceTier3, SRVOnlyTiledResourceTier3());
    GET(o5, RenderPassesTier, RenderPassesTier());
    GET(o5, RaytracingTier, RaytracingTier());
    // 28: DISPLAYABLE (SharedResourceCompatibilityTier: d3dx12.h reads OPTIONS4's)
    GET(disp, DisplayableTexture, DisplayableTexture());
    // 30: D3D12_OPTIONS6
    GET(o6, AdditionalShadingRatesSupported, AdditionalShadingRatesSupported());
    GET(o6, PerPrimitiveShadingRateSupportedWithViewportIndexing, PerPrimitiveShadingRateSupportedWithViewportIndexing());
    GET(o6, VariableShadingRateTier, VariableShadingRateTier());
    GET(o6, ShadingRateImageTileSize, ShadingRateImageTileSize());
    GET(o6, BackgroundProcessingSupported, BackgroundProcessingSupported());
    // 32: D3D12_OPTIONS7
    GET(o7, MeshShaderTier, MeshShaderTier());
    GET(o7, SamplerFeedbackTier, SamplerFeedbackTier());
    // 33: PROTECTED_RESOURCE_SESSION_TYPE_COUNT
    GET(prs_count, Count, ProtectedResourceSessionTypeCount(0));
    // 34: PROTECTED_RESOURCE_SESSION_TYPES: as many GUIDs as the count says.
    CHECK_EQ(id, "ProtectedResourceSessionTypes(0).size()", features.ProtectedResourceSessionTypes(0).size(),
            prs_count.data.Count);
    // 36: D3D12_OPTIONS8
    GET(o8, UnalignedBlockTexturesSupported, UnalignedBlockTexturesSupported());
    // 37: D3D12_OPTIONS9
    GET(o9, MeshShaderPipelineStatsSupported, MeshShaderPipelineStatsSupported());
    GET(o9, MeshShaderSupportsFullRangeRenderTargetArrayIndex, MeshShaderSupportsFullRangeRenderTargetArrayIndex());
    GET(o9, AtomicInt64OnTypedResourceSupported, AtomicInt64OnTypedResourceSupported());
    GET(o9, AtomicInt64OnGroupSharedSupported, AtomicInt64OnGroupSharedSupported());
    GET(o9, DerivativesInMeshAndAmplificationShadersSupported, DerivativesInMeshAndAmplificationShadersSupported());
    GET(o9, WaveMMATier, WaveMMATier());
    // 39: D3D12_OPTIONS10
    GET(o10, VariableRateShadingSumCombinerSupported, VariableRateShadingSumCombinerSupported());
    GET(o10, MeshShaderPerPrimitiveShadingRateSupported, MeshShaderPerPrimitiveShadingRateSupported());
    // 40: D3D12_OPTIONS11
    GET(o11, AtomicInt64OnDescriptorHeapResourceSupported, AtomicInt64OnDescriptorHeapResourceSupported());
    // 41: D3D12_OPTIONS12
    GET(o12, MSPrimitivesPipelineStatisticIncludesCulledPrimitives, MSPrimitivesPipelineStatisticIncludesCulledPrimitives());
    GET(o12, EnhancedBarriersSupported, EnhancedBarriersSupported());
    GET(o12, RelaxedFormatCastingSupported, RelaxedFormatCastingSupported());
    // 42: D3D12_OPTIONS13
    GET(o13, UnrestrictedBufferTextureCopyPitchSupported, UnrestrictedBufferTextureCopyPitchSupported());
    GET(o13, UnrestrictedVertexElementAlignmentSupported, UnrestrictedVertexElementAlignmentSupported());
    GET(o13, InvertedViewportHeightFlipsYSupported, InvertedViewportHeightFlipsYSupported());
    GET(o13, InvertedViewportDepthFlipsZSupported, InvertedViewportDepthFlipsZSupported());
    GET(o13, TextureCopyBetweenDimensionsSupported, TextureCopyBetweenDimensionsSupported());
    GET(o13, AlphaBlendFactorSupported, AlphaBlendFactorSupported());
    // 43: D3D12_OPTIONS14
    GET(o14, AdvancedTextureOpsSupported, AdvancedTextureOpsSupported());
    GET(o14, WriteableMSAATexturesSupported, WriteableMSAATexturesSupported());
    GET(o14, IndependentFrontAndBackStencilRefMaskSupported, IndependentFrontAndBackStencilRefMaskSupported());
    // 44: D3D12_OPTIONS15
    GET(o15, TriangleFanSupported, TriangleFanSupported());
    GET(o15, DynamicIndexBufferStripCutSupported, DynamicIndexBufferStripCutSupported());

    // The format queries the helper forwards (inputs the profile lines do not cover).
    D3D12_FORMAT_SUPPORT1 s1 = D3D12_FORMAT_SUPPORT1_NONE;
    D3D12_FORMAT_SUPPORT2 s2 = D3D12_FORMAT_SUPPORT2_NONE;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT fs_in = {DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_FORMAT_SUPPORT1_NONE,
            D3D12_FORMAT_SUPPORT2_NONE};
    auto fs = ASK(FORMAT_SUPPORT, fs_in);
    CHECK_EQ(id, "FormatSupport hr", features.FormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, s1, s2), S_OK);
    CHECK_EQ(id, "FormatSupport Support1", s1, fs.data.Support1);
    CHECK_EQ(id, "FormatSupport Support2", s2, fs.data.Support2);
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
    std::printf("# %u adapters, %d failures\n", count, failures);
    return failures ? 1 : 0;
}
