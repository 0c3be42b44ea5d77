/*
 * The Vulkan import's rules driven both ways (src/caps/vulkan_derive.c,
 * vulkan_report.c, data/vulkan-rules.tsv): a high-end report built from the
 * lavapipe one (every feature the rules read, every extension, sparse
 * residency, ray tracing, mesh shaders, variable rate shading, a dedicated
 * copy family) reaches the rows lavapipe never reaches; rows edited from it
 * step each tiered rule down one level; reports malformed in the ways the
 * rules' helpers notice fail with their exact message.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/caps.h"
#include "caps/vulkan.h"
#include "report_edits.h"

#define DEV "capabilities/device/"
#define EXT DEV "extensions/"
#define FEAT DEV "features/"
#define PROP DEV "properties/"
#define LIMITS PROP "VkPhysicalDeviceProperties/limits/"
#define SPARSE PROP "VkPhysicalDeviceProperties/sparseProperties/"
#define FSR_PROPS PROP "VkPhysicalDeviceFragmentShadingRatePropertiesKHR"

/* Every extension the rules ask about. */
static const char *const high_end_extensions[] =
{
    "VK_AMD_shader_core_properties", "VK_AMD_shader_core_properties2", "VK_EXT_conservative_rasterization",
    "VK_EXT_descriptor_buffer", "VK_EXT_device_generated_commands", "VK_EXT_external_memory_host",
    "VK_EXT_fragment_shader_interlock", "VK_EXT_mesh_shader", "VK_EXT_opacity_micromap",
    "VK_EXT_shader_image_atomic_int64", "VK_EXT_shader_stencil_export", "VK_EXT_shader_viewport_index_layer",
    "VK_KHR_acceleration_structure", "VK_KHR_compute_shader_derivatives", "VK_KHR_fragment_shader_barycentric",
    "VK_KHR_fragment_shading_rate", "VK_KHR_maintenance8", "VK_KHR_opacity_micromap", "VK_KHR_ray_query",
    "VK_KHR_ray_tracing_pipeline", "VK_KHR_shader_maximal_reconvergence", "VK_KHR_shader_quad_control",
};

/* The edits that make lavapipe a high-end GPU (the extensions and the 55
 * core features are set by high_end()). */
static const struct edit high_end_edits[] =
{
    {PROP "VkPhysicalDeviceProperties/deviceName", "\"Test High End GPU\""},
    {PROP "VkPhysicalDeviceProperties/deviceType", "\"VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU\""},
    {PROP "VkPhysicalDeviceProperties/vendorID", "4098"},
    {LIMITS "maxPerStageDescriptorStorageBuffers", "1048576"},
    {LIMITS "maxPerStageDescriptorStorageImages", "1048576"},
    {LIMITS "maxPerStageDescriptorSamplers", "1048576"},
    {LIMITS "maxPerStageDescriptorUniformBuffers", "1048576"},
    {LIMITS "bufferImageGranularity", "1024"},
    {LIMITS "maxFramebufferLayers", "2048"},
    {LIMITS "framebufferColorSampleCounts", "[\"VK_SAMPLE_COUNT_1_BIT\", \"VK_SAMPLE_COUNT_2_BIT\", "
        "\"VK_SAMPLE_COUNT_4_BIT\", \"VK_SAMPLE_COUNT_8_BIT\"]"},
    {LIMITS "minStorageBufferOffsetAlignment", "4"},
    {SPARSE "residencyStandard2DBlockShape", "true"},
    {SPARSE "residencyStandard3DBlockShape", "true"},
    {SPARSE "residencyNonResidentStrict", "true"},
    {SPARSE "residencyAlignedMipSize", "false"},
    {PROP "VkPhysicalDeviceVulkan12Properties/driverID", "\"VK_DRIVER_ID_AMD_PROPRIETARY\""},
    {PROP "VkPhysicalDeviceVulkan12Properties/shaderDenormFlushToZeroFloat32", "true"},
    {PROP "VkPhysicalDeviceVulkan12Properties/shaderDenormPreserveFloat32", "true"},
    {PROP "VkPhysicalDeviceVulkan12Properties/shaderDenormPreserveFloat64", "true"},
    {PROP "VkPhysicalDeviceVulkan12Properties/shaderDenormPreserveFloat16", "true"},
    {PROP "VkPhysicalDeviceVulkan13Properties/minSubgroupSize", "32"},
    {PROP "VkPhysicalDeviceVulkan13Properties/maxSubgroupSize", "64"},
    {PROP "VkPhysicalDeviceConservativeRasterizationPropertiesEXT",
        "{\"degenerateTrianglesRasterized\": true, \"fullyCoveredFragmentShaderInputVariable\": true}"},
    {PROP "VkPhysicalDeviceShaderCorePropertiesAMD", "{\"shaderEngineCount\": 4, \"computeUnitsPerShaderArray\": 10}"},
    {PROP "VkPhysicalDeviceShaderCoreProperties2AMD", "{\"activeComputeUnitCount\": 60}"},
    {PROP "VkPhysicalDeviceRayTracingPipelinePropertiesKHR",
        "{\"maxRayHitAttributeSize\": 32, \"shaderGroupHandleSize\": 32, \"shaderGroupHandleAlignment\": 32, "
        "\"shaderGroupBaseAlignment\": 64}"},
    {FSR_PROPS, "{\"fragmentShadingRateNonTrivialCombinerOps\": true, "
        "\"primitiveFragmentShadingRateWithMultipleViewports\": true, "
        "\"minFragmentShadingRateAttachmentTexelSize\": {\"width\": 8, \"height\": 8}, "
        "\"maxFragmentShadingRateAttachmentTexelSize\": {\"width\": 32, \"height\": 32}}"},
    {PROP "VkPhysicalDeviceMeshShaderPropertiesEXT",
        "{\"maxMeshOutputLayers\": 2048, \"maxMeshWorkGroupCount\": [4194304, 65535, 65535]}"},
    {PROP "VkPhysicalDeviceComputeShaderDerivativesPropertiesKHR", "{\"meshAndTaskShaderDerivatives\": true}"},
    {PROP "VkPhysicalDeviceDeviceGeneratedCommandsPropertiesEXT",
        "{\"supportedIndirectCommandsShaderStages\": [\"VK_SHADER_STAGE_VERTEX_BIT\", "
        "\"VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT\", \"VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT\", "
        "\"VK_SHADER_STAGE_GEOMETRY_BIT\", \"VK_SHADER_STAGE_FRAGMENT_BIT\", \"VK_SHADER_STAGE_COMPUTE_BIT\", "
        "\"VK_SHADER_STAGE_TASK_BIT_EXT\", \"VK_SHADER_STAGE_MESH_BIT_EXT\"]}"},
    {FEAT "VkPhysicalDeviceVulkan11Features/multiview", "true"},
    {FEAT "VkPhysicalDeviceVulkan11Features/storageBuffer16BitAccess", "true"},
    {FEAT "VkPhysicalDeviceVulkan11Features/uniformAndStorageBuffer16BitAccess", "true"},
    {FEAT "VkPhysicalDeviceVulkan12Features/shaderFloat16", "true"},
    {FEAT "VkPhysicalDeviceVulkan12Features/shaderInt8", "true"},
    {FEAT "VkPhysicalDeviceVulkan12Features/shaderBufferInt64Atomics", "true"},
    {FEAT "VkPhysicalDeviceVulkan12Features/shaderSharedInt64Atomics", "true"},
    {FEAT "VkPhysicalDeviceVulkan12Features/shaderOutputViewportIndex", "true"},
    {FEAT "VkPhysicalDeviceVulkan12Features/shaderOutputLayer", "true"},
    {FEAT "VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT",
        "{\"fragmentShaderPixelInterlock\": true, \"fragmentShaderSampleInterlock\": true}"},
    {FEAT "VkPhysicalDeviceFragmentShaderBarycentricFeaturesKHR", "{\"fragmentShaderBarycentric\": true}"},
    {FEAT "VkPhysicalDeviceMeshShaderFeaturesEXT", "{\"meshShader\": true, \"taskShader\": true, "
        "\"multiviewMeshShader\": true, \"primitiveFragmentShadingRateMeshShader\": true}"},
    {FEAT "VkPhysicalDeviceFragmentShadingRateFeaturesKHR", "{\"pipelineFragmentShadingRate\": true, "
        "\"primitiveFragmentShadingRate\": true, \"attachmentFragmentShadingRate\": true}"},
    {FEAT "VkPhysicalDeviceComputeShaderDerivativesFeaturesKHR", "{\"computeDerivativeGroupLinear\": true}"},
    {FEAT "VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR", "{\"shaderMaximalReconvergence\": true}"},
    {FEAT "VkPhysicalDeviceShaderQuadControlFeaturesKHR", "{\"shaderQuadControl\": true}"},
    {FEAT "VkPhysicalDeviceMaintenance8FeaturesKHR", "{\"maintenance8\": true}"},
    {FEAT "VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT", "{\"shaderImageInt64Atomics\": true}"},
    {FEAT "VkPhysicalDeviceRayTracingPipelineFeaturesKHR",
        "{\"rayTracingPipeline\": true, \"rayTraversalPrimitiveCulling\": true}"},
    {FEAT "VkPhysicalDeviceAccelerationStructureFeaturesKHR", "{\"accelerationStructure\": true}"},
    {FEAT "VkPhysicalDeviceRayQueryFeaturesKHR", "{\"rayQuery\": true}"},
    {FEAT "VkPhysicalDeviceOpacityMicromapFeaturesEXT", "{\"micromap\": true}"},
    {FEAT "VkPhysicalDeviceDescriptorBufferFeaturesEXT", "{\"descriptorBuffer\": true}"},
    {FEAT "VkPhysicalDeviceDeviceGeneratedCommandsFeaturesEXT", "{\"deviceGeneratedCommands\": true}"},
    /* A graphics family, a compute family and a copy family with sparse binding. */
    {DEV "queueFamiliesProperties/1", "{\"VkQueueFamilyProperties\": {\"queueFlags\": [\"VK_QUEUE_COMPUTE_BIT\", "
        "\"VK_QUEUE_TRANSFER_BIT\"], \"queueCount\": 4, \"timestampValidBits\": 64, "
        "\"minImageTransferGranularity\": {\"width\": 1, \"height\": 1, \"depth\": 1}}}"},
    {DEV "queueFamiliesProperties/2", "{\"VkQueueFamilyProperties\": {\"queueFlags\": [\"VK_QUEUE_TRANSFER_BIT\", "
        "\"VK_QUEUE_SPARSE_BINDING_BIT\"], \"queueCount\": 2, \"timestampValidBits\": 64, "
        "\"minImageTransferGranularity\": {\"width\": 1, \"height\": 1, \"depth\": 1}}}"},
};

/* The formats buf1(bits(ACCELERATION_STRUCTURE_VERTEX_BUFFER), ...) of the
 * ray tracing 1.1 rule reads, and those TypedUAVLoadAdditionalFormats reads
 * with STORAGE_READ_WITHOUT_FORMAT. */
static const char *const vertex_formats[] =
{
    "R16G16B16A16_UNORM", "R16G16_UNORM", "A2B10G10R10_UNORM_PACK32", "R8G8B8A8_UNORM", "R8G8_UNORM",
    "R8G8B8A8_SNORM", "R8G8_SNORM", "R32G32_SFLOAT", "R32G32B32_SFLOAT", "R16G16_SFLOAT", "R16G16_SNORM",
    "R16G16B16A16_SFLOAT", "R16G16B16A16_SNORM",
};

static void append_string(json_t *object, const char *key, const char *value)
{
    json_t *list = json_object_get(object, key);

    assert_non_null(list);
    json_array_append_new(list, json_string(value));
}

/* lavapipe as a high-end GPU, then `edits`. */
static json_t *high_end(const struct edit *edits, size_t count)
{
    json_t *root = lavapipe(), *device, *core, *formats, *f, *p;
    const char *name;
    size_t i;

    device = json_object_get(json_object_get(root, "capabilities"), "device");
    for (i = 0; i < ARRAY_SIZE(high_end_extensions); ++i)
        json_object_set_new(json_object_get(device, "extensions"), high_end_extensions[i], json_real(1));
    core = json_object_get(json_object_get(device, "features"), "VkPhysicalDeviceFeatures");
    for (i = 0; i < caps_vulkan_core_feature_count; ++i)
        json_object_set_new(core, caps_vulkan_rule_string(caps_vulkan_core_features[i]), json_true());
    formats = json_object_get(device, "formats");
    for (i = 0; i < ARRAY_SIZE(vertex_formats); ++i)
    {
        char full[96];

        snprintf(full, sizeof(full), "VK_FORMAT_%s", vertex_formats[i]);
        assert_non_null(f = json_object_get(formats, full));
        append_string(json_object_get(f, "VkFormatProperties"), "bufferFeatures",
                "VK_FORMAT_FEATURE_ACCELERATION_STRUCTURE_VERTEX_BUFFER_BIT_KHR");
    }
    json_object_foreach(formats, name, f)
    {
        if ((p = json_object_get(f, "VkFormatProperties3")))
            append_string(p, "optimalTilingFeatures", "VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT");
    }
    apply_edits(root, high_end_edits, ARRAY_SIZE(high_end_edits));
    apply_edits(root, edits, count);
    return root;
}

static char *import_text(json_t *root, const char *rules, const char *id, char *error, size_t error_size)
{
    char *text = json_dumps(root, 0), *profile;

    assert_non_null(text);
    profile = caps_vulkan_import(text, strlen(text), "test", rules, id, error, error_size);
    free(text);
    return profile;
}

static json_t *import_json(json_t *root, const char *rules, char *error, size_t error_size)
{
    char *profile = import_text(root, rules, NULL, error, error_size);
    json_t *parsed;

    if (!profile)
        return NULL;
    parsed = json_loads(profile, 0, NULL);
    free(profile);
    assert_non_null(parsed);
    return parsed;
}

/* "FEATURE.Field" of a derived profile, as JSON text (malloc'd), or NULL. */
static char *field_text(const json_t *profile, const char *field)
{
    char feature[128];
    const char *dot = strchr(field, '.');
    json_t *v;

    assert_non_null(dot);
    snprintf(feature, sizeof(feature), "%.*s", (int)(dot - field), field);
    v = json_object_get(json_object_get(json_object_get(profile, "features"), feature), dot + 1);
    return v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;
}


/* One derived field under both rule sets (JSON text; NULL: not asserted). */
struct expected_field
{
    const char *field;
    const char *proton, *wine;
};

static void check_fields(struct row_failures *failures, unsigned index, const char *name, json_t *root,
        const struct expected_field *fields, size_t count)
{
    static const char *const rule_sets[] = {"vkd3d-proton", "vkd3d"};
    char error[1024], *got;
    unsigned r;
    size_t i;

    for (r = 0; r < 2; ++r)
    {
        json_t *profile = import_json(root, rule_sets[r], error, sizeof(error));

        if (!profile)
        {
            row_fail(failures, index, name, "%s: %s", rule_sets[r], error);
            continue;
        }
        for (i = 0; i < count && fields[i].field; ++i)
        {
            const char *want = r ? fields[i].wine : fields[i].proton;

            if (!want)
                continue;
            got = field_text(profile, fields[i].field);
            if (!got || strcmp(got, want))
                row_fail(failures, index, name, "%s: %s is %s, expected %s", rule_sets[r], fields[i].field,
                        got ? got : "(missing)", want);
            free(got);
        }
        json_decref(profile);
    }
}

/* ---- The high-end report: every tiered rule at its top row ---- */

static void test_high_end(void **state)
{
    static const struct expected_field fields[] =
    {
        {"FEATURE_LEVELS.MaxSupportedFeatureLevel", "\"D3D_FEATURE_LEVEL_12_2\"", "\"D3D_FEATURE_LEVEL_11_1\""},
        {"SHADER_MODEL.HighestShaderModel", "\"D3D_SHADER_MODEL_6_8\"", "\"D3D_SHADER_MODEL_5_1\""},
        {"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_4\"",
            "\"D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS.TypedUAVLoadAdditionalFormats", "true", "true"},
        {"D3D12_OPTIONS.ConservativeRasterizationTier", "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_3\"",
            "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS1.WaveLaneCountMin", "32", "8"},
        {"D3D12_OPTIONS1.WaveLaneCountMax", "64", "8"},
        /* 64 lanes x 60 active compute units (VK_AMD_shader_core_properties2). */
        {"D3D12_OPTIONS1.TotalLaneCount", "3840", "256"},
        {"D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "true", "true"},
        {"D3D12_OPTIONS3.ViewInstancingTier", "\"D3D12_VIEW_INSTANCING_TIER_2\"",
            "\"D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS4.Native16BitShaderOpsSupported", "true", "false"},
        {"D3D12_OPTIONS5.SRVOnlyTiledResourceTier3", "true", "false"},
        {"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_1_2\"", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS6.VariableShadingRateTier", "\"D3D12_VARIABLE_SHADING_RATE_TIER_2\"",
            "\"D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS6.PerPrimitiveShadingRateSupportedWithViewportIndexing", "true", "false"},
        {"D3D12_OPTIONS6.ShadingRateImageTileSize", "8", "0"},
        {"D3D12_OPTIONS7.MeshShaderTier", "\"D3D12_MESH_SHADER_TIER_1\"", "\"D3D12_MESH_SHADER_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS7.SamplerFeedbackTier", "\"D3D12_SAMPLER_FEEDBACK_TIER_0_9\"",
            "\"D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED\""},
        {"D3D12_OPTIONS9.MeshShaderSupportsFullRangeRenderTargetArrayIndex", "true", "false"},
        {"D3D12_OPTIONS9.AtomicInt64OnTypedResourceSupported", "true", "false"},
        {"D3D12_OPTIONS9.DerivativesInMeshAndAmplificationShadersSupported", "true", "false"},
        {"D3D12_OPTIONS10.VariableRateShadingSumCombinerSupported", "true", "false"},
        {"D3D12_OPTIONS10.MeshShaderPerPrimitiveShadingRateSupported", "true", "false"},
        {"D3D12_OPTIONS14.AdvancedTextureOpsSupported", "true", "false"},
        {"D3D12_OPTIONS14.WriteableMSAATexturesSupported", "true", "false"},
        {"D3D12_OPTIONS21.ExecuteIndirectTier", "\"D3D12_EXECUTE_INDIRECT_TIER_1_1\"",
            "\"D3D12_EXECUTE_INDIRECT_TIER_1_0\""},
        {"D3D12_OPTIONS21.SampleCmpGradientAndBiasSupported", "true", "false"},
        {"D3D12_OPTIONS22.CreateByteOffsetViewsSupported", "true", "false"},
        {"D3D12_OPTIONS22.Max1DDispatchMeshSize", "4194304", "0"},
        {"D3D12_TIGHT_ALIGNMENT.SupportTier", "\"D3D12_TIGHT_ALIGNMENT_TIER_1\"",
            "\"D3D12_TIGHT_ALIGNMENT_TIER_NOT_SUPPORTED\""},
        {"ARCHITECTURE.UMA", "false", "false"},
        {"EXISTING_HEAPS.Supported", "true", "false"},
    };
    struct row_failures failures = {0};
    const struct caps_adapter *adapter = NULL;
    json_t *root = high_end(NULL, 0);
    char error[1024], *profile;
    (void)state;

    check_fields(&failures, 0, "high end", root, fields, ARRAY_SIZE(fields));
    rows_done(&failures);
    /* The profile registers, under its derived id. */
    profile = import_text(root, NULL, NULL, error, sizeof(error));
    if (!profile)
        fail_msg("%s", error);
    if (FAILED(caps_profile_load(profile, strlen(profile), "high-end.json", true, &adapter, error, sizeof(error))))
        fail_msg("the derived profile does not load: %s", error);
    assert_string_equal(caps_adapter_id(adapter), "vulkan-test-high-end-gpu");
    free(profile);
    json_decref(root);
}

/* ---- One input changed: each tiered rule one row down, each helper both ways ---- */

#define MAX_EDITS 4

struct step_row
{
    const char *name;
    struct edit edits[MAX_EDITS];
    struct expected_field fields[3];
};

#define FSR_TEXEL(min, max) \
    {FSR_PROPS "/minFragmentShadingRateAttachmentTexelSize", "{\"width\": " #min ", \"height\": " #min "}"}, \
    {FSR_PROPS "/maxFragmentShadingRateAttachmentTexelSize", "{\"width\": " #max ", \"height\": " #max "}"}
#define QUEUE(n) DEV "queueFamiliesProperties/" #n "/VkQueueFamilyProperties/"

static const struct step_row step_rows[] =
{
    {"without opacity micromaps: ray tracing 1.1",
        {{EXT "VK_EXT_opacity_micromap", NULL}},
        {{"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_1_1\"", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\""}}},
    {"the KHR micromap struct counts too",
        {{EXT "VK_EXT_opacity_micromap", NULL}, {EXT "VK_KHR_opacity_micromap", "1"},
         {FEAT "VkPhysicalDeviceOpacityMicromapFeaturesKHR", "{\"micromap\": true}"}},
        {{"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_1_2\"", NULL}}},
    {"without ray queries: ray tracing 1.0",
        {{FEAT "VkPhysicalDeviceRayQueryFeaturesKHR/rayQuery", "false"}},
        {{"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_1_0\"", NULL}}},
    {"a 16-byte hit attribute: no ray tracing",
        {{PROP "VkPhysicalDeviceRayTracingPipelinePropertiesKHR/maxRayHitAttributeSize", "16"}},
        {{"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\"", NULL}}},
    {"a vertex format missing from the report: no ray tracing",
        {{DEV "formats/VK_FORMAT_R32G32_SFLOAT", NULL}},
        {{"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\"", NULL}}},
    {"a vertex format with neither VkFormatProperties nor VkFormatProperties3: no ray tracing",
        {{DEV "formats/VK_FORMAT_R32G32_SFLOAT", "{}"}},
        {{"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\"", NULL}}},
    {"shading-rate attachment texels 16 to 32: tile size 16",
        {FSR_TEXEL(16, 32)},
        {{"D3D12_OPTIONS6.ShadingRateImageTileSize", "16", "0"},
         {"D3D12_OPTIONS6.VariableShadingRateTier", "\"D3D12_VARIABLE_SHADING_RATE_TIER_2\"", NULL}}},
    {"shading-rate attachment texels of exactly 32: tile size 32",
        {FSR_TEXEL(32, 32)},
        {{"D3D12_OPTIONS6.ShadingRateImageTileSize", "32", NULL}}},
    {"shading-rate attachment texels 4 to 4: no tile size, tier 1",
        {FSR_TEXEL(4, 4)},
        {{"D3D12_OPTIONS6.ShadingRateImageTileSize", "0", NULL},
         {"D3D12_OPTIONS6.VariableShadingRateTier", "\"D3D12_VARIABLE_SHADING_RATE_TIER_1\"", NULL},
         {"D3D12_OPTIONS6.PerPrimitiveShadingRateSupportedWithViewportIndexing", "false", NULL}}},
    {"without 2x MSAA: no variable rate shading",
        {{LIMITS "framebufferColorSampleCounts", "[\"VK_SAMPLE_COUNT_1_BIT\", \"VK_SAMPLE_COUNT_4_BIT\"]"}},
        {{"D3D12_OPTIONS6.VariableShadingRateTier", "\"D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED\"", NULL},
         {"D3D12_OPTIONS10.VariableRateShadingSumCombinerSupported", "false", NULL}}},
    {"an aligned mip size: tiled resources tier 1",
        {{SPARSE "residencyAlignedMipSize", "true"}},
        {{"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_1\"", NULL}}},
    {"without 3D sparse residency: tiled resources tier 2",
        {{FEAT "VkPhysicalDeviceFeatures/sparseResidencyImage3D", "false"}},
        {{"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_2\"", NULL},
         {"D3D12_OPTIONS5.SRVOnlyTiledResourceTier3", "false", NULL}}},
    {"no family with sparse binding: no tiled resources",
        {{QUEUE(2) "queueFlags", "[\"VK_QUEUE_TRANSFER_BIT\"]"}},
        {{"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED\"", NULL},
         {"FEATURE_LEVELS.MaxSupportedFeatureLevel", "\"D3D_FEATURE_LEVEL_11_1\"", NULL}}},
    /* ... nor as a copy family (Wine's helper does not look at the granularity). */
    {"a sparse transfer family with zero granularity does not count",
        {{QUEUE(2) "minImageTransferGranularity", "{\"width\": 0, \"height\": 0, \"depth\": 0}"},
         {QUEUE(1) "timestampValidBits", "0"}},
        {{"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED\"", NULL},
         {"D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "false", "true"}}},
    {"a sparse graphics family counts",
        {{QUEUE(2) "queueFlags", "[\"VK_QUEUE_TRANSFER_BIT\"]"},
         {QUEUE(0) "queueFlags", "[\"VK_QUEUE_GRAPHICS_BIT\", \"VK_QUEUE_COMPUTE_BIT\", \"VK_QUEUE_TRANSFER_BIT\", "
            "\"VK_QUEUE_SPARSE_BINDING_BIT\"]"}},
        {{"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_4\"", NULL}}},
    {"a copy family without timestamps",
        {{QUEUE(2) "timestampValidBits", "0"}},
        {{"D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "false", "false"}}},
    {"no copy family: the compute family's timestamps (Wine: the graphics family's)",
        {{DEV "queueFamiliesProperties/2", NULL}, {QUEUE(1) "timestampValidBits", "0"}},
        {{"D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "false", "true"}}},
    {"families without queues: no copy queue",
        {{QUEUE(0) "queueCount", "0"}, {QUEUE(1) "queueCount", "0"}, {QUEUE(2) "queueCount", "0"}},
        {{"D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "false", "false"},
         {"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED\"", NULL}}},
    {"fully covered input without its variable: conservative rasterization tier 2",
        {{PROP "VkPhysicalDeviceConservativeRasterizationPropertiesEXT/fullyCoveredFragmentShaderInputVariable",
          "false"}},
        {{"D3D12_OPTIONS.ConservativeRasterizationTier", "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_2\"", NULL}}},
    {"AMD core properties without the second struct",
        {{EXT "VK_AMD_shader_core_properties2", NULL}},
        {{"D3D12_OPTIONS1.TotalLaneCount", "2560", NULL}}},
    {"NVIDIA SM builtins give the total lane count",
        {{EXT "VK_AMD_shader_core_properties", NULL}, {EXT "VK_NV_shader_sm_builtins", "2"},
         {PROP "VkPhysicalDeviceShaderSMBuiltinsPropertiesNV", "{\"shaderSMCount\": 46, \"shaderWarpsPerSM\": 32}"}},
        {{"D3D12_OPTIONS1.TotalLaneCount", "2944", NULL}}},
    {"without task shaders: no mesh shaders",
        {{FEAT "VkPhysicalDeviceMeshShaderFeaturesEXT/taskShader", "false"}},
        {{"D3D12_OPTIONS7.MeshShaderTier", "\"D3D12_MESH_SHADER_TIER_NOT_SUPPORTED\"", NULL},
         {"D3D12_OPTIONS9.DerivativesInMeshAndAmplificationShadersSupported", "false", NULL}}},
    {"indirect commands without the mesh stages: execute indirect 1.0",
        {{PROP "VkPhysicalDeviceDeviceGeneratedCommandsPropertiesEXT/supportedIndirectCommandsShaderStages",
          "[\"VK_SHADER_STAGE_VERTEX_BIT\", \"VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT\", "
          "\"VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT\", \"VK_SHADER_STAGE_GEOMETRY_BIT\", "
          "\"VK_SHADER_STAGE_FRAGMENT_BIT\", \"VK_SHADER_STAGE_COMPUTE_BIT\"]"}},
        {{"D3D12_OPTIONS21.ExecuteIndirectTier", "\"D3D12_EXECUTE_INDIRECT_TIER_1_0\"", NULL}}},
    {"NVIDIA: storage buffer alignment 4 whatever the limit says",
        {{PROP "VkPhysicalDeviceVulkan12Properties/driverID", "\"VK_DRIVER_ID_NVIDIA_PROPRIETARY\""},
         {LIMITS "minStorageBufferOffsetAlignment", "64"}},
        {{"D3D12_OPTIONS9.AtomicInt64OnTypedResourceSupported", "true", NULL},
         {"D3D12_OPTIONS11.AtomicInt64OnDescriptorHeapResourceSupported", "true", NULL}}},
    {"a 64-byte storage buffer alignment: no 64-bit atomics on typed resources",
        {{LIMITS "minStorageBufferOffsetAlignment", "64"}},
        {{"D3D12_OPTIONS9.AtomicInt64OnTypedResourceSupported", "false", NULL},
         {"D3D12_OPTIONS11.AtomicInt64OnDescriptorHeapResourceSupported", "false", NULL}}},
    {"a tiler needs no multiview geometry shaders",
        {{PROP "VkPhysicalDeviceVulkan12Properties/driverID", "\"VK_DRIVER_ID_QUALCOMM_PROPRIETARY\""},
         {FEAT "VkPhysicalDeviceVulkan11Features/multiviewGeometryShader", "false"}},
        {{"D3D12_OPTIONS3.ViewInstancingTier", "\"D3D12_VIEW_INSTANCING_TIER_2\"", NULL}}},
    {"no multiview geometry shaders on a desktop GPU: no view instancing",
        {{FEAT "VkPhysicalDeviceVulkan11Features/multiviewGeometryShader", "false"}},
        {{"D3D12_OPTIONS3.ViewInstancingTier", "\"D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED\"", NULL}}},
    {"RADV rounds point sampling addresses",
        {{PROP "VkPhysicalDeviceVulkan12Properties/driverID", "\"VK_DRIVER_ID_MESA_RADV\""}},
        {{"D3D12_OPTIONS19.PointSamplingAddressesNeverRoundUp", "false", "false"}}},
    {"an Intel integrated GPU is assumed UMA",
        {{PROP "VkPhysicalDeviceProperties/deviceType", "\"VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU\""},
         {PROP "VkPhysicalDeviceProperties/vendorID", "32902"}},
        {{"ARCHITECTURE.UMA", "true", "true"}, {"D3D12_OPTIONS16.GPUUploadHeapSupported", "true", "false"}}},
    {"an AMD integrated GPU is not",
        {{PROP "VkPhysicalDeviceProperties/deviceType", "\"VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU\""}},
        {{"ARCHITECTURE.UMA", "false", "false"}}},
    {"Wine: a subgroup of 2 lanes has no wave ops",
        {{PROP "VkPhysicalDeviceSubgroupProperties/subgroupSize", "2"}},
        {{"D3D12_OPTIONS1.WaveOps", "true", "false"}}},
    {"a 32-bit limit near 2^64 saturates",
        {{LIMITS "maxComputeWorkGroupCount", "[65535, 65535, 65535]"},
         {PROP "VkPhysicalDeviceMeshShaderPropertiesEXT/maxMeshWorkGroupCount", "[1e19, 65535, 65535]"}},
        {{"D3D12_OPTIONS22.Max1DDispatchMeshSize", "9223372036854775807", "0"}}},
};

static void test_steps(void **state)
{
    struct row_failures failures = {0};
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(step_rows); ++i)
    {
        json_t *root = high_end(step_rows[i].edits, MAX_EDITS);

        check_fields(&failures, i, step_rows[i].name, root, step_rows[i].fields, ARRAY_SIZE(step_rows[i].fields));
        json_decref(root);
    }
    rows_done(&failures);
}

/* ---- Inputs the rules cannot use: the exact message ---- */

struct error_row
{
    const char *name;
    struct edit edits[MAX_EDITS];
    const char *rules;   /* NULL: vkd3d-proton */
    const char *message; /* '*' matches any run of characters */
};

static const struct error_row error_rows[] =
{
    {"an empty workgroup count array",
        {{LIMITS "maxComputeWorkGroupCount", "[]"}}, NULL,
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS22.Max1DDispatchSize): "
        "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0] is not an integer element of an array"},
    {"a workgroup count that is a number",
        {{LIMITS "maxComputeWorkGroupCount", "65535"}}, NULL,
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS22.Max1DDispatchSize): "
        "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0] is not an integer element of an array"},
    {"a workgroup count array of strings",
        {{LIMITS "maxComputeWorkGroupCount", "[\"a\", \"b\", \"c\"]"}}, NULL,
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS22.Max1DDispatchSize): "
        "VkPhysicalDeviceLimits.maxComputeWorkGroupCount[0] is not an integer element of an array"},
    {"sample counts that are a number",
        {{LIMITS "framebufferColorSampleCounts", "5"}}, NULL,
        "test: data/vulkan-rules.tsv:* ($vrs1): has() expects a flag list first in 'ext(VK_KHR_fragment_shading_rate) "
        "&& *"},
    {"a driver id that is a number",
        {{PROP "VkPhysicalDeviceVulkan12Properties/driverID", "7"}}, NULL,
        "test: data/vulkan-rules.tsv:* ($tiler): in() expects an enum name first in 'in(*"},
    {"a combiner flag that is a string",
        {{FSR_PROPS "/fragmentShadingRateNonTrivialCombinerOps", "\"yes\""}}, NULL,
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS6.VariableShadingRateTier): expected a boolean in '$vrs1 && *', "
        "got yes"},
    {"a sampler limit that is a list (Wine's binding tier)",
        {{LIMITS "maxPerStageDescriptorSamplers", "[16]"}}, "vkd3d",
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS.ResourceBindingTier): expected a number in "
        "'VkPhysicalDeviceLimits.maxPerStageDescriptorSamplers <= 16', got a list"},
    {"a subgroup size that is a string",
        {{PROP "VkPhysicalDeviceVulkan13Properties/minSubgroupSize", "\"wide\""}}, NULL,
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS1.WaveLaneCountMin): the value wide is not a number or a known "
        "D3D12 enum value"},
    /* (Without FP32 denorm controls $sm66 never compares the subgroup sizes.) */
    {"a subgroup size that is a list",
        {{PROP "VkPhysicalDeviceVulkan13Properties/minSubgroupSize", "[32]"},
         {PROP "VkPhysicalDeviceVulkan12Properties/shaderDenormPreserveFloat32", "false"}}, NULL,
        "test: data/vulkan-rules.tsv:* (D3D12_OPTIONS1.WaveLaneCountMin): the value (a list) is not a number or a "
        "known D3D12 enum value"},
    {"a null limit",
        {{LIMITS "maxPerStageDescriptorStorageBuffers", "null"}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.limits.maxPerStageDescriptorStorageBuffers: "
        "expected a boolean, number, string or array, got null"},
    {"a texel size that is a number",
        {{FSR_PROPS "/minFragmentShadingRateAttachmentTexelSize", "8"}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceFragmentShadingRatePropertiesKHR."
        "minFragmentShadingRateAttachmentTexelSize: expected an object with integer width and height"},
    {"a texel size without a height",
        {{FSR_PROPS "/maxFragmentShadingRateAttachmentTexelSize", "{\"width\": 32}"}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceFragmentShadingRatePropertiesKHR."
        "maxFragmentShadingRateAttachmentTexelSize: expected an object with integer width and height"},
    {"a texel size without a width",
        {{FSR_PROPS "/maxFragmentShadingRateAttachmentTexelSize", "{\"height\": 32}"}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceFragmentShadingRatePropertiesKHR."
        "maxFragmentShadingRateAttachmentTexelSize: expected an object with integer width and height"},
    {"a shading-rate struct without its texel sizes",
        {{FSR_PROPS "/minFragmentShadingRateAttachmentTexelSize", NULL}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceFragmentShadingRatePropertiesKHR."
        "minFragmentShadingRateAttachmentTexelSize: missing from a present struct (a partial report; the rules need it)"},
};

static void test_errors(void **state)
{
    struct row_failures failures = {0};
    char error[1024], *profile;
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(error_rows); ++i)
    {
        json_t *root = high_end(error_rows[i].edits, MAX_EDITS);

        error[0] = 0;
        if ((profile = import_text(root, error_rows[i].rules, NULL, error, sizeof(error))))
        {
            row_fail(&failures, i, error_rows[i].name, "imported, expected '%s'", error_rows[i].message);
            free(profile);
        }
        else if (!message_matches(error, error_rows[i].message))
            row_fail(&failures, i, error_rows[i].name, "error '%s', expected '%s'", error, error_rows[i].message);
        json_decref(root);
    }
    rows_done(&failures);
}

/* A rule's error and an input's error into a buffer shorter than their
 * prefix ("test: data/vulkan-rules.tsv:N (...): ", "test:line:column: path: "): cut,
 * terminated. */
static void test_errors_in_a_short_buffer(void **state)
{
    static const struct edit rule_edit[] = {{LIMITS "maxPerStageDescriptorSamplers", "[16]"}};
    static const struct edit input_edit[] = {{LIMITS "maxPerStageDescriptorStorageBuffers", "null"}};
    char error[8];
    json_t *root;

    (void)state;
    root = high_end(rule_edit, ARRAY_SIZE(rule_edit));
    memset(error, 'x', sizeof(error));
    assert_null(import_text(root, "vkd3d", NULL, error, sizeof(error)));
    assert_string_equal(error, "test: d");
    json_decref(root);
    root = high_end(input_edit, ARRAY_SIZE(input_edit));
    memset(error, 'x', sizeof(error));
    assert_null(import_text(root, NULL, NULL, error, sizeof(error)));
    assert_string_equal(error, "test:1:");
    json_decref(root);
}

/* ---- The report's shape (vulkan_report.c): lavapipe with one edit ---- */

static const struct error_row shape_rows[] =
{
    {"an extension version that is null", {{EXT "VK_KHR_maintenance1", "null"}}, NULL,
        "test:*: capabilities.device.extensions.VK_KHR_maintenance1: expected an integer, got null"},
    {"an extension version that is fractional", {{EXT "VK_KHR_maintenance1", "1.5"}}, NULL,
        "test:*: capabilities.device.extensions.VK_KHR_maintenance1: expected a non-negative integer, got 1.5"},
    {"an extension version that is negative", {{EXT "VK_KHR_maintenance1", "-1"}}, NULL,
        "test:*: capabilities.device.extensions.VK_KHR_maintenance1: expected a non-negative integer, got -1"},
    {"an extension list that is an array", {{DEV "extensions", "[]"}}, NULL,
        "test:*: capabilities.device.extensions: expected an object, got an array"},
    {"properties that are a string", {{DEV "properties", "\"x\""}}, NULL,
        "test:*: capabilities.device.properties: expected an object, got a string"},
    {"formats that are an array", {{DEV "formats", "[]"}}, NULL,
        "test:*: capabilities.device.formats: expected an object, got an array"},
    {"a feature struct member that is an object", {{FEAT "VkPhysicalDeviceVulkan12Features/shaderInt8", "{}"}},
        NULL, "test:*: capabilities.device.features.VkPhysicalDeviceVulkan12Features.shaderInt8: expected a boolean "
        "(VkBool32), got an object"},
    {"sparse properties missing", {{PROP "VkPhysicalDeviceProperties/sparseProperties", NULL}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.sparseProperties: missing (required in a "
        "vulkaninfo --json report)"},
    {"no vendor id", {{PROP "VkPhysicalDeviceProperties/vendorID", NULL}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.vendorID: missing (required in a "
        "vulkaninfo --json report)"},
    {"no device id", {{PROP "VkPhysicalDeviceProperties/deviceID", NULL}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.deviceID: missing (required in a "
        "vulkaninfo --json report)"},
    {"a device type that is a number", {{PROP "VkPhysicalDeviceProperties/deviceType", "2"}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.deviceType: expected a string, got an "
        "integer"},
    {"a device type that is a fraction", {{PROP "VkPhysicalDeviceProperties/deviceType", "2.5"}}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.deviceType: expected a string, got a "
        "real number"},
    {"a format that is a number", {{DEV "formats/VK_FORMAT_R8_UNORM", "5"}}, NULL,
        "test:*: capabilities.device.formats.VK_FORMAT_R8_UNORM: expected an object, got an integer"},
    {"format properties that are an array", {{DEV "formats/VK_FORMAT_R8_UNORM/VkFormatProperties", "[]"}}, NULL,
        "test:*: capabilities.device.formats.VK_FORMAT_R8_UNORM.VkFormatProperties: expected an object, got an array"},
    {"a tiling feature that is a number",
        {{DEV "formats/VK_FORMAT_R8_UNORM/VkFormatProperties/linearTilingFeatures/0", "1"}}, NULL,
        "test:*: capabilities.device.formats.VK_FORMAT_R8_UNORM.VkFormatProperties.linearTilingFeatures[0]: expected a "
        "string, got an integer"},
    {"a queue family that is a string", {{DEV "queueFamiliesProperties/0", "\"graphics\""}}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0]: expected an object, got a string"},
    {"a queue family without its properties", {{DEV "queueFamiliesProperties/0/VkQueueFamilyProperties", NULL}},
        NULL, "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties: missing (required in a "
        "vulkaninfo --json report)"},
    {"queue flags that are a string", {{QUEUE(0) "queueFlags", "\"VK_QUEUE_GRAPHICS_BIT\""}}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.queueFlags: expected an array, "
        "got a string"},
    {"no queue count", {{QUEUE(0) "queueCount", NULL}}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.queueCount: missing (required "
        "in a vulkaninfo --json report)"},
    {"no transfer granularity", {{QUEUE(0) "minImageTransferGranularity", NULL}}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.minImageTransferGranularity: "
        "missing (required in a vulkaninfo --json report)"},
    {"a granularity that is an array", {{QUEUE(0) "minImageTransferGranularity", "[1, 1, 1]"}}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.minImageTransferGranularity: "
        "expected an object, got an array"},
};

static void test_shape_errors(void **state)
{
    struct row_failures failures = {0};
    char error[1024], *text, *profile;
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(shape_rows); ++i)
    {
        text = edited_report(shape_rows[i].edits, MAX_EDITS);
        error[0] = 0;
        if ((profile = caps_vulkan_import(text, strlen(text), "test", shape_rows[i].rules, NULL, error, sizeof(error))))
        {
            row_fail(&failures, i, shape_rows[i].name, "imported, expected '%s'", shape_rows[i].message);
            free(profile);
        }
        else if (!message_matches(error, shape_rows[i].message))
            row_fail(&failures, i, shape_rows[i].name, "error '%s', expected '%s'", error, shape_rows[i].message);
        free(text);
    }
    rows_done(&failures);
}

/* ---- Reports that lack what most reports have ---- */

static void test_partial_reports(void **state)
{
    char error[1024], *profile;
    json_t *root, *parsed;
    (void)state;

    /* No VkPhysicalDeviceProperties: a device of no name, and still a profile. */
    {
        struct edit edit = {PROP "VkPhysicalDeviceProperties", NULL};
        char *text = edited_report(&edit, 1);

        profile = caps_vulkan_import(text, strlen(text), "test", NULL, NULL, error, sizeof(error));
        if (!profile)
            fail_msg("%s", error);
        assert_non_null(parsed = json_loads(profile, 0, NULL));
        assert_string_equal(json_string_value(json_object_get(parsed, "id")), "vulkan-unknown-vulkan-device");
        assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(parsed, "metadata"),
                "vulkanReport"), "deviceName")), "unknown Vulkan device");
        json_decref(parsed);
        free(profile);
        free(text);
    }
    /* No VkPhysicalDeviceVulkan12Properties: its members are read from the
     * structs they were promoted from (FloatControls, Driver), and the
     * report's driver from VkPhysicalDeviceDriverProperties. */
    {
        struct edit edit = {PROP "VkPhysicalDeviceVulkan12Properties", NULL};
        const char *derived;
        char *text = edited_report(&edit, 1);

        profile = caps_vulkan_import(text, strlen(text), "test", NULL, NULL, error, sizeof(error));
        if (!profile)
            fail_msg("%s", error);
        assert_non_null(parsed = json_loads(profile, 0, NULL));
        assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(parsed, "metadata"),
                "vulkanReport"), "driverID")), "VK_DRIVER_ID_MESA_LLVMPIPE");
        assert_string_equal(json_string_value(json_object_get(json_object_get(parsed, "features"), "SHADER_MODEL")
                ? json_object_get(json_object_get(json_object_get(parsed, "features"), "SHADER_MODEL"),
                "HighestShaderModel") : NULL), "D3D_SHADER_MODEL_6_0");
        derived = json_string_value(json_object_get(json_object_get(json_object_get(parsed, "metadata"),
                "derivedFrom"), "SHADER_MODEL.HighestShaderModel"));
        assert_non_null(derived);
        assert_non_null(strstr(derived, "VkPhysicalDeviceVulkan12Properties.denormBehaviorIndependence = "
                "VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_ALL"));
        json_decref(parsed);
        free(profile);
        free(text);
    }
    /* Without an error buffer or an origin, an error is still an error. */
    root = lavapipe();
    {
        char *text = json_dumps(root, 0);

        assert_null(caps_vulkan_import(text, strlen(text), NULL, "dxvk", NULL, NULL, 0));
        assert_null(caps_vulkan_import("[]", 2, NULL, NULL, NULL, error, sizeof(error)));
        assert_string_equal(error, "<vulkan report>:1:1: $: expected an object, got an array");
        free(text);
    }
    json_decref(root);
    /* An error buffer too small for the origin: cut, still terminated. */
    {
        char small[8];

        memset(small, 'x', sizeof(small));
        assert_null(caps_vulkan_import("[]", 2, "a-long-origin.json", NULL, NULL, small, sizeof(small)));
        assert_string_equal(small, "a-long-");
        assert_null(caps_vulkan_import("[]", 2, "r.json", NULL, NULL, small, 0));
        assert_int_equal(small[0], 'a'); /* no room: not written */
    }
    /* A device name past any id's length (the longest Vulkan allows, 255
     * bytes; a longer one is refused, test_vulkan_import): the id is cut at a
     * letter, not a dash, and ends with the hash. */
    {
        char name[700], edit_json[720], *text;
        struct edit edit = {PROP "VkPhysicalDeviceProperties/deviceName", edit_json};
        size_t i;

        for (i = 0; i < 255; ++i)
            name[i] = i % 6 == 5 ? ' ' : 'a';
        name[255] = 0;
        snprintf(edit_json, sizeof(edit_json), "\"%s\"", name);
        text = edited_report(&edit, 1);
        profile = caps_vulkan_import(text, strlen(text), "test", NULL, NULL, error, sizeof(error));
        if (!profile)
            fail_msg("%s", error);
        assert_non_null(parsed = json_loads(profile, 0, NULL));
        {
            const char *id = json_string_value(json_object_get(parsed, "id"));

            assert_int_equal(strlen(id), 63);
            assert_memory_equal(id, "vulkan-aaaaa-aaaaa-", 19);
            assert_true(id[63 - 10] != '-'); /* the cut kept no trailing dash before the hash */
            assert_int_equal(id[63 - 9], '-');
        }
        json_decref(parsed);
        free(profile);
        free(text);
    }
    /* Built-in reports: the origin is optional; none past the last. */
    assert_non_null(profile = caps_vulkan_builtin_profile(0, NULL, error, sizeof(error)));
    free(profile);
    assert_null(caps_vulkan_builtin_profile(caps_vulkan_builtin_count(), NULL, error, sizeof(error)));
    assert_string_equal(error, "no built-in Vulkan report 1");
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_high_end),
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_errors_in_a_short_buffer),
        cmocka_unit_test(test_shape_errors),
        cmocka_unit_test(test_partial_reports),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
