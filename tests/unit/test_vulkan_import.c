/*
 * Vulkan report import (src/caps/vulkan_*.c, data/vulkan-rules.tsv): the
 * lavapipe worked example of data/reference/vulkan-README.md field by field
 * under both rule sets, reports edited to reach other rules, every loader
 * error with its JSON path, absent structs, and the round trip through the
 * profile loader and CheckFeatureSupport.
 *
 * Reports are the embedded lavapipe report (the same bytes as
 * data/reference/vulkaninfo-lavapipe.json) with a row's edits applied.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "caps/caps.h"
#include "caps/vulkan.h"
#include "device.h"
#include "mk_tables.h"
#include "report_edits.h"

static json_t *import(const char *text, const char *rules, char *error, size_t error_size)
{
    char *profile = caps_vulkan_import(text, strlen(text), "test", rules, NULL, error, error_size);
    json_t *root;

    if (!profile)
        return NULL;
    root = json_loads(profile, 0, NULL);
    free(profile);
    assert_non_null(root);
    return root;
}

/* "FEATURE.Field" of a derived profile equals the JSON text `expected`. */
/* A derived field against its expected JSON value under one rule set; a
 * mismatch is reported as row `index` (`name`) of `failures`. */
static void check_field(struct row_failures *failures, unsigned index, const char *name, const json_t *profile,
        const char *field, const char *expected, const char *rules)
{
    char feature[128];
    const char *dot = strchr(field, '.');
    json_t *want = json_loads(expected, JSON_DECODE_ANY, NULL), *got;
    char *shown;

    snprintf(feature, sizeof(feature), "%.*s", (int)(dot - field), field);
    got = json_object_get(json_object_get(json_object_get(profile, "features"), feature), dot + 1);
    if (!got || !json_equal(got, want))
    {
        shown = got ? json_dumps(got, JSON_ENCODE_ANY) : NULL;
        row_fail(failures, index, name, "%s: %s is %s, expected %s", rules, field, shown ? shown : "(missing)",
                expected);
        free(shown);
    }
    json_decref(want);
}

/* ---- The worked example of vulkan-README.md ---- */

struct expectation
{
    const char *field;
    const char *proton, *wine; /* JSON text; NULL: not asserted for that rule set */
};

static const struct expectation lavapipe_rows[] =
{
    /* "Feature level 11_0: the 11_1 gate fails on maxPerStageDescriptorStorageBuffers = 32 < 64" (both). */
    {"FEATURE_LEVELS.MaxSupportedFeatureLevel", "\"D3D_FEATURE_LEVEL_11_0\"", "\"D3D_FEATURE_LEVEL_11_0\""},
    /* "SM 6.0 ... stops there because shaderDenormFlushToZeroFloat32/PreserveFloat32 are FALSE"; Wine 5.1. */
    {"SHADER_MODEL.HighestShaderModel", "\"D3D_SHADER_MODEL_6_0\"", "\"D3D_SHADER_MODEL_5_1\""},
    {"D3D12_OPTIONS1.WaveOps", "true", "true"},
    {"D3D12_OPTIONS1.WaveLaneCountMin", "8", "8"},
    {"D3D12_OPTIONS1.WaveLaneCountMax", "8", "8"},
    {"D3D12_OPTIONS1.TotalLaneCount", "256", "256"},
    {"D3D12_OPTIONS1.Int64ShaderOps", "true", "true"},
    {"D3D12_OPTIONS.OutputMergerLogicOp", "true", "true"},
    {"D3D12_OPTIONS.PSSpecifiedStencilRefSupported", "true", "true"},
    {"D3D12_OPTIONS.VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation", "true", NULL},
    {"D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "true", "true"},
    {"D3D12_OPTIONS9.AtomicInt64OnGroupSharedSupported", "true", "false"},
    {"D3D12_OPTIONS11.AtomicInt64OnDescriptorHeapResourceSupported", "true", "false"},
    {"D3D12_OPTIONS.MinPrecisionSupport", "\"D3D12_SHADER_MIN_PRECISION_SUPPORT_16_BIT\"",
            "\"D3D12_SHADER_MIN_PRECISION_SUPPORT_NONE\""},
    {"D3D12_OPTIONS3.ViewInstancingTier", "\"D3D12_VIEW_INSTANCING_TIER_2\"", "\"D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED\""},
    /* "FALSE because the needed denorm preservation is missing"; Wine: shaderFloat64 alone. */
    {"D3D12_OPTIONS.DoublePrecisionFloatShaderOps", "false", "true"},
    {"D3D12_OPTIONS4.Native16BitShaderOpsSupported", "false", "false"},
    /* "no STORAGE_READ_WITHOUT_FORMAT format"; Wine: shaderStorageImageReadWithoutFormat is FALSE. */
    {"D3D12_OPTIONS.TypedUAVLoadAdditionalFormats", "false", "false"},
    {"D3D12_OPTIONS.ROVsSupported", "false", "false"},
    {"D3D12_OPTIONS.ConservativeRasterizationTier", "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED\"",
            "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED\""},
    {"D3D12_OPTIONS.TiledResourcesTier", "\"D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED\"",
            "\"D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED\""},
    {"D3D12_OPTIONS2.DepthBoundsTestSupported", "false", "false"},
    {"D3D12_OPTIONS3.BarycentricsSupported", "false", "false"},
    {"D3D12_OPTIONS5.RaytracingTier", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\"", "\"D3D12_RAYTRACING_TIER_NOT_SUPPORTED\""},
    {"D3D12_OPTIONS6.VariableShadingRateTier", "\"D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED\"",
            "\"D3D12_VARIABLE_SHADING_RATE_TIER_NOT_SUPPORTED\""},
    {"D3D12_OPTIONS7.MeshShaderTier", "\"D3D12_MESH_SHADER_TIER_NOT_SUPPORTED\"", "\"D3D12_MESH_SHADER_TIER_NOT_SUPPORTED\""},
    {"D3D12_OPTIONS7.SamplerFeedbackTier", "\"D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED\"",
            "\"D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED\""},
    /* "TightAlignment is TIER_1 and Max1DDispatchSize is 65535"; Wine answers E_NOTIMPL (0 here). */
    {"D3D12_TIGHT_ALIGNMENT.SupportTier", "\"D3D12_TIGHT_ALIGNMENT_TIER_1\"", "\"D3D12_TIGHT_ALIGNMENT_TIER_NOT_SUPPORTED\""},
    {"D3D12_OPTIONS22.Max1DDispatchSize", "65535", "0"},
    /* "SM 5.1 and ResourceBindingTier 3" (Wine: the per-stage limits 32 samplers, 15 UBOs). */
    {"D3D12_OPTIONS.ResourceBindingTier", "\"D3D12_RESOURCE_BINDING_TIER_3\"", "\"D3D12_RESOURCE_BINDING_TIER_3\""},
    {"D3D12_OPTIONS3.CastingFullyTypedFormatSupported", "true", "false"},
    {"D3D12_OPTIONS12.EnhancedBarriersSupported", "true", "false"},
    {"ROOT_SIGNATURE.HighestVersion", "\"D3D_ROOT_SIGNATURE_VERSION_1_2\"", "\"D3D_ROOT_SIGNATURE_VERSION_1_1\""},
    {"D3D12_OPTIONS3.WriteBufferImmediateSupportFlags",
            "\"D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE | "
            "D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY\"",
            "\"D3D12_COMMAND_LIST_SUPPORT_FLAG_NONE\""},
};

static void test_lavapipe_worked_example(void **state)
{
    char error[1024], *text = edited_report(NULL, 0);
    struct row_failures failures = {0};
    json_t *proton, *wine;
    size_t i;

    (void)state;
    proton = import(text, NULL, error, sizeof(error));
    if (!proton)
        fail_msg("vkd3d-proton import failed: %s", error);
    wine = import(text, "vkd3d", error, sizeof(error));
    if (!wine)
        fail_msg("vkd3d import failed: %s", error);
    for (i = 0; i < ARRAY_SIZE(lavapipe_rows); ++i)
    {
        if (lavapipe_rows[i].proton)
            check_field(&failures, (unsigned)i, lavapipe_rows[i].field, proton, lavapipe_rows[i].field,
                    lavapipe_rows[i].proton, "vkd3d-proton");
        if (lavapipe_rows[i].wine)
            check_field(&failures, (unsigned)i, lavapipe_rows[i].field, wine, lavapipe_rows[i].field,
                    lavapipe_rows[i].wine, "vkd3d");
    }
    rows_done(&failures);
    /* The decisive inputs are recorded. */
    assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(proton, "metadata"),
            "derivedFrom"), "FEATURE_LEVELS.MaxSupportedFeatureLevel")),
            "VkPhysicalDeviceFeatures.logicOp = true; VkPhysicalDeviceFeatures.vertexPipelineStoresAndAtomics = true; "
            "VkPhysicalDeviceLimits.maxPerStageDescriptorStorageBuffers = 32");
    assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(proton, "metadata"),
            "derivedFrom"), "D3D12_OPTIONS.TypedUAVLoadAdditionalFormats")),
            "img: VK_FORMAT_R32_SFLOAT has no STORAGE_READ_WITHOUT_FORMAT");
    assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(proton, "metadata"),
            "defaults"), "D3D12_OPTIONS.ResourceBindingTier")), "constant");
    assert_string_equal(json_string_value(json_object_get(proton, "id")), "vulkan-llvmpipe-llvm-15-0-6-256-bits");
    assert_string_equal(json_string_value(json_object_get(wine, "id")), "vulkan-llvmpipe-llvm-15-0-6-256-bits-vkd3d");
    assert_true(json_is_true(json_object_get(json_object_get(proton, "adapter"), "software")));
    json_decref(proton);
    json_decref(wine);
    free(text);
}

/* ---- Edited reports reach the other rules ---- */

struct edited_row
{
    const char *name;
    struct edit edits[6];
    const char *field, *proton, *wine;
};

#define LIMITS "capabilities/device/properties/VkPhysicalDeviceProperties/limits/"
#define V12P "capabilities/device/properties/VkPhysicalDeviceVulkan12Properties/"
#define EXT "capabilities/device/extensions/"

static const struct edited_row edited_rows[] =
{
    {"64 storage buffers and images pass the 11_1 gate",
        {{LIMITS "maxPerStageDescriptorStorageBuffers", "64"}, {LIMITS "maxPerStageDescriptorStorageImages", "64"}},
        "FEATURE_LEVELS.MaxSupportedFeatureLevel", "\"D3D_FEATURE_LEVEL_11_1\"", "\"D3D_FEATURE_LEVEL_11_1\""},
    {"Wine's 11_0 feature check blocks 11_1 without geometry shaders",
        {{LIMITS "maxPerStageDescriptorStorageBuffers", "64"}, {LIMITS "maxPerStageDescriptorStorageImages", "64"},
         {"capabilities/device/features/VkPhysicalDeviceFeatures/geometryShader", "false"}},
        "FEATURE_LEVELS.MaxSupportedFeatureLevel", "\"D3D_FEATURE_LEVEL_11_1\"", "\"D3D_FEATURE_LEVEL_11_0\""},
    {"FP32 denorm controls step the shader model to 6.5",
        {{V12P "shaderDenormFlushToZeroFloat32", "true"}, {V12P "shaderDenormPreserveFloat32", "true"}},
        "SHADER_MODEL.HighestShaderModel", "\"D3D_SHADER_MODEL_6_5\"", "\"D3D_SHADER_MODEL_5_1\""},
    {"NVIDIA is exempt from the FP32 denorm and the derivative tests",
        {{V12P "driverID", "\"VK_DRIVER_ID_NVIDIA_PROPRIETARY\""}},
        "SHADER_MODEL.HighestShaderModel", "\"D3D_SHADER_MODEL_6_6\"", "\"D3D_SHADER_MODEL_5_1\""},
    {"6.6 also needs shaderInt8",
        {{V12P "driverID", "\"VK_DRIVER_ID_NVIDIA_PROPRIETARY\""},
         {"capabilities/device/features/VkPhysicalDeviceVulkan12Features/shaderInt8", "false"}},
        "SHADER_MODEL.HighestShaderModel", "\"D3D_SHADER_MODEL_6_5\"", "\"D3D_SHADER_MODEL_5_1\""},
    {"denormBehaviorIndependence NONE blocks 6.5",
        {{V12P "shaderDenormFlushToZeroFloat32", "true"}, {V12P "shaderDenormPreserveFloat32", "true"},
         {V12P "denormBehaviorIndependence", "\"VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE\""}},
        "SHADER_MODEL.HighestShaderModel", "\"D3D_SHADER_MODEL_6_0\"", "\"D3D_SHADER_MODEL_5_1\""},
    {"FP64 denorm preservation gives double precision",
        {{V12P "shaderDenormPreserveFloat64", "true"}},
        "D3D12_OPTIONS.DoublePrecisionFloatShaderOps", "true", "true"},
    {"conservative rasterization properties give TIER_3",
        {{EXT "VK_EXT_conservative_rasterization", "1"},
         {"capabilities/device/properties/VkPhysicalDeviceConservativeRasterizationPropertiesEXT",
          "{\"degenerateTrianglesRasterized\": true, \"fullyCoveredFragmentShaderInputVariable\": true}"}},
        "D3D12_OPTIONS.ConservativeRasterizationTier", "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_3\"",
        "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED\""},
    {"conservative rasterization without degenerate triangles is TIER_1",
        {{EXT "VK_EXT_conservative_rasterization", "1"},
         {"capabilities/device/properties/VkPhysicalDeviceConservativeRasterizationPropertiesEXT",
          "{\"degenerateTrianglesRasterized\": false, \"fullyCoveredFragmentShaderInputVariable\": true}"}},
        "D3D12_OPTIONS.ConservativeRasterizationTier", "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_1\"",
        "\"D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED\""},
    {"fragment shader interlock gives ROVs",
        {{EXT "VK_EXT_fragment_shader_interlock", "1"},
         {"capabilities/device/features/VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT",
          "{\"fragmentShaderPixelInterlock\": true, \"fragmentShaderSampleInterlock\": true, "
          "\"fragmentShaderShadingRateInterlock\": false}"}},
        "D3D12_OPTIONS.ROVsSupported", "true", "true"},
    {"an interlock struct without its extension counts as absent",
        {{"capabilities/device/features/VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT",
          "{\"fragmentShaderPixelInterlock\": true, \"fragmentShaderSampleInterlock\": true}"}},
        "D3D12_OPTIONS.ROVsSupported", "false", "false"},
    {"Wine: 16 samplers per stage is RESOURCE_BINDING_TIER_1",
        {{LIMITS "maxPerStageDescriptorSamplers", "16"}},
        "D3D12_OPTIONS.ResourceBindingTier", "\"D3D12_RESOURCE_BINDING_TIER_3\"", "\"D3D12_RESOURCE_BINDING_TIER_1\""},
    {"Wine: 14 uniform buffers per stage is RESOURCE_BINDING_TIER_2",
        {{LIMITS "maxPerStageDescriptorUniformBuffers", "14"}},
        "D3D12_OPTIONS.ResourceBindingTier", "\"D3D12_RESOURCE_BINDING_TIER_3\"", "\"D3D12_RESOURCE_BINDING_TIER_2\""},
    {"a large bufferImageGranularity loses tight alignment and heap tier 2",
        {{LIMITS "bufferImageGranularity", "131072"}},
        "D3D12_OPTIONS.ResourceHeapTier", "\"D3D12_RESOURCE_HEAP_TIER_1\"", "\"D3D12_RESOURCE_HEAP_TIER_2\""},
    {"a copy family without timestamps",
        {{"capabilities/device/queueFamiliesProperties/1",
          "{\"VkQueueFamilyProperties\": {\"queueFlags\": [\"VK_QUEUE_TRANSFER_BIT\"], \"queueCount\": 1, "
          "\"timestampValidBits\": 0, \"minImageTransferGranularity\": {\"width\": 1, \"height\": 1, \"depth\": 1}}}"}},
        "D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "false", "false"},
    {"AMD core properties give the total lane count",
        {{EXT "VK_AMD_shader_core_properties", "2"},
         {"capabilities/device/properties/VkPhysicalDeviceShaderCorePropertiesAMD",
          "{\"shaderEngineCount\": 4, \"computeUnitsPerShaderArray\": 10}"}},
        "D3D12_OPTIONS1.TotalLaneCount", "2560", "256"},
    {"a report without queue families has no copy-queue timestamps",
        {{"capabilities/device/queueFamiliesProperties", NULL}},
        "D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported", "false", "false"},
    {"a report without VkPhysicalDeviceFeatures stays at 11_0 without Int64",
        {{"capabilities/device/features/VkPhysicalDeviceFeatures", NULL}},
        "D3D12_OPTIONS1.Int64ShaderOps", "false", "false"},
};

static void test_edited_reports(void **state)
{
    struct row_failures failures = {0};
    char error[1024];
    size_t i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(edited_rows); ++i)
    {
        const struct edited_row *r = &edited_rows[i];
        char *text = edited_report(r->edits, ARRAY_SIZE(r->edits));
        json_t *proton = import(text, "vkd3d-proton", error, sizeof(error)), *wine;

        if (!proton)
            row_fail(&failures, (unsigned)i, r->name, "vkd3d-proton: %s", error);
        else
            check_field(&failures, (unsigned)i, r->name, proton, r->field, r->proton, "vkd3d-proton");
        if (!(wine = import(text, "vkd3d", error, sizeof(error))))
            row_fail(&failures, (unsigned)i, r->name, "vkd3d: %s", error);
        else
            check_field(&failures, (unsigned)i, r->name, wine, r->field, r->wine, "vkd3d");
        json_decref(proton);
        json_decref(wine);
        free(text);
    }
    rows_done(&failures);
}

/* ---- Absent structs are recorded ---- */

static void test_absent_inputs(void **state)
{
    static const struct
    {
        const char *deleted, *recorded; /* the JSON path deleted names the row */
    }
    rows[] =
    {
        {"capabilities/device/queueFamiliesProperties", "capabilities.device.queueFamiliesProperties"},
        {"capabilities/device/extensions", "capabilities.device.extensions"},
        {"capabilities/device/formats", "capabilities.device.formats"},
        {"capabilities/device/features/VkPhysicalDeviceFeatures", "capabilities.device.features.VkPhysicalDeviceFeatures"},
    };
    struct row_failures failures = {0};
    char error[1024];
    size_t i, k;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct edit edit = {rows[i].deleted, NULL};
        char *text = edited_report(&edit, 1);
        json_t *profile = import(text, NULL, error, sizeof(error)), *absent, *v;
        bool found = false;

        if (!profile)
        {
            row_fail(&failures, (unsigned)i, rows[i].deleted, "%s", error);
            free(text);
            continue;
        }
        absent = json_object_get(json_object_get(profile, "metadata"), "absentInputs");
        json_array_foreach(absent, k, v)
            found |= !strcmp(json_string_value(v), rows[i].recorded);
        if (!found)
            row_fail(&failures, (unsigned)i, rows[i].deleted, "%s not listed in absentInputs", rows[i].recorded);
        json_decref(profile);
        free(text);
    }
    rows_done(&failures);
}

/* ---- Every loader error names its JSON path ---- */

struct error_row
{
    const char *text;   /* a whole report, or NULL: lavapipe with `edit` */
    struct edit edit;
    const char *rules;
    const char *message; /* the exact error, or its beginning when it ends with '*' */
};

#define DEV "capabilities/device/"

static const struct error_row error_rows[] =
{
    {"{\"capabilities\": ", {NULL, NULL}, NULL, "test:1:17: *"},
    {"{\"a\": 1, \"a\": 2}", {NULL, NULL}, NULL, "test:1:*duplicate object key*"},
    {"[]", {NULL, NULL}, NULL, "test:*: $: expected an object, got an array"},
    {"{}", {NULL, NULL}, NULL, "test:*: $.capabilities: missing (required in a vulkaninfo --json report)"},
    {"{\"capabilities\": {\"device\": 5}}", {NULL, NULL}, NULL,
        "test:*: capabilities.device: expected an object, got an integer"},
    {"{\"capabilities\": {\"device\": {}}}", {NULL, NULL}, NULL,
        "test:*: capabilities.device: has neither features nor properties: nothing to derive from"},
    {NULL, {DEV "features", "[]"}, NULL, "test:*: capabilities.device.features: expected an object, got an array"},
    {NULL, {DEV "features/VkPhysicalDeviceFeatures/shaderFloat64", "\"yes\""}, NULL,
        "test:*: capabilities.device.features.VkPhysicalDeviceFeatures.shaderFloat64: expected a boolean (VkBool32), got a string"},
    {NULL, {DEV "features/VkPhysicalDeviceFeatures/logicOp", NULL}, NULL,
        "test:*: capabilities.device.features.VkPhysicalDeviceFeatures.logicOp: missing (VkPhysicalDeviceFeatures has 55 members; a report lists all)"},
    {NULL, {DEV "features/VkPhysicalDeviceFeatures/logicOps", "true"}, NULL,
        "test:*: capabilities.device.features.VkPhysicalDeviceFeatures.logicOps: not a VkPhysicalDeviceFeatures member"},
    {NULL, {DEV "features/VkPhysicalDeviceVulkan12Features", "true"}, NULL,
        "test:*: capabilities.device.features.VkPhysicalDeviceVulkan12Features: expected an object, got a boolean"},
    {NULL, {DEV "extensions/VK_EXT_shader_stencil_export", "\"1\""}, NULL,
        "test:*: capabilities.device.extensions.VK_EXT_shader_stencil_export: expected an integer, got a string"},
    {NULL, {DEV "extensions/shader_stencil_export", "1"}, NULL,
        "test:*: capabilities.device.extensions.shader_stencil_export: not an extension name (expected VK_...)"},
    {NULL, {DEV "properties/VkPhysicalDeviceProperties/limits", NULL}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.limits: missing (required in a vulkaninfo --json report)"},
    {NULL, {DEV "properties/VkPhysicalDeviceProperties/deviceName", "42"}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.deviceName: expected a string, got an integer"},
    {NULL, {DEV "properties/VkPhysicalDeviceVulkan13Properties", "[1]"}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceVulkan13Properties: expected an object, got an array"},
    {NULL, {DEV "formats/R8_UNORM", "{}"}, NULL,
        "test:*: capabilities.device.formats.R8_UNORM: not a format name (expected VK_FORMAT_...)"},
    {NULL, {DEV "formats/VK_FORMAT_R8_UNORM/VkFormatProperties3/optimalTilingFeatures", "3"}, NULL,
        "test:*: capabilities.device.formats.VK_FORMAT_R8_UNORM.VkFormatProperties3.optimalTilingFeatures: expected an array, got an integer"},
    {NULL, {DEV "formats/VK_FORMAT_R8_UNORM/VkFormatProperties/bufferFeatures", NULL}, NULL,
        "test:*: capabilities.device.formats.VK_FORMAT_R8_UNORM.VkFormatProperties.bufferFeatures: missing (required in a vulkaninfo --json report)"},
    {NULL, {DEV "queueFamiliesProperties", "{}"}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties: expected an array, got an object"},
    {NULL, {DEV "queueFamiliesProperties/0/VkQueueFamilyProperties/queueFlags/0", "7"}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.queueFlags[0]: expected a string, got an integer"},
    {NULL, {DEV "queueFamiliesProperties/0/VkQueueFamilyProperties/timestampValidBits", NULL}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.timestampValidBits: missing (required in a vulkaninfo --json report)"},
    {NULL, {DEV "queueFamiliesProperties/0/VkQueueFamilyProperties/minImageTransferGranularity/depth", "\"1\""}, NULL,
        "test:*: capabilities.device.queueFamiliesProperties[0].VkQueueFamilyProperties.minImageTransferGranularity.depth: expected an integer, got a string"},
    /* Errors found while deriving: a present struct lacking a member the rules read. */
    {NULL, {DEV "properties/VkPhysicalDeviceVulkan13Properties/minSubgroupSize", NULL}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceVulkan13Properties.minSubgroupSize: missing from a present struct (a partial report; the rules need it)"},
    {NULL, {DEV "properties/VkPhysicalDeviceProperties/limits/maxComputeWorkGroupCount", "{}"}, NULL,
        "test:*: capabilities.device.properties.VkPhysicalDeviceProperties.limits.maxComputeWorkGroupCount: expected a boolean, number, string or array, got an object"},
    {NULL, {DEV "properties/VkPhysicalDeviceProperties/limits/maxPerStageDescriptorStorageBuffers", "\"many\""}, NULL,
        "test: data/vulkan-rules.tsv:*expected a number in*got many"},
    {NULL, {NULL, NULL}, "dxvk", "unknown rule set 'dxvk' (expected vkd3d-proton or vkd3d)"},
};

static void test_errors(void **state)
{
    struct row_failures failures = {0};
    char error[1024];
    size_t i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(error_rows); ++i)
    {
        const struct error_row *r = &error_rows[i];
        char *text = r->text ? NULL : edited_report(&r->edit, 1);
        const char *report = r->text ? r->text : text, *name;
        char *profile;

        memset(error, 0x55, sizeof(error));
        error[sizeof(error) - 1] = 0;
        profile = caps_vulkan_import(report, strlen(report), "test", r->rules, NULL, error, sizeof(error));
        /* The row's name: what it edits (or the whole report, or the rule set). */
        name = r->text ? r->text : r->edit.path ? r->edit.path : r->rules;
        if (profile)
        {
            row_fail(&failures, (unsigned)i, name, "imported, expected the error '%s'", r->message);
            free(profile);
        }
        else if (!message_matches(error, r->message))
        {
            row_fail(&failures, (unsigned)i, name, "error '%s', expected '%s'", error, r->message);
        }
        free(text);
    }
    rows_done(&failures);
    /* An id the profile loader would refuse is refused here, before anything is derived. */
    {
        static const char *const bad_ids[] = {"", "bad id", "x/y", "an-id-that-is-longer-than-sixty-four-characters-which-no-profile-takes"};
        const struct caps_vulkan_embedded *e = &caps_vulkan_embedded_reports[0];
        unsigned k;

        for (k = 0; k < sizeof(bad_ids) / sizeof(bad_ids[0]); ++k)
        {
            char *profile = caps_vulkan_import(e->text, e->length, "test", NULL, bad_ids[k], error, sizeof(error));
            char expected[256];

            snprintf(expected, sizeof(expected), "test: profile id: expected %s, got \"%s\"", CAPS_PROFILE_ID_RULE,
                    bad_ids[k]);
            if (profile)
                row_fail(&failures, k, bad_ids[k], "imported");
            else if (strcmp(error, expected))
                row_fail(&failures, k, bad_ids[k], "error '%s'", error);
            free(profile);
        }
        rows_done(&failures);
    }
}

/* A device name of any legal length (up to 256) gives a valid id of at most
 * 64 characters that loads, and names that differ only past the cut keep
 * apart (a hash of the whole name ends a cut id). */
static void test_long_device_names(void **state)
{
    static const struct
    {
        const char *name;
        unsigned length;   /* of the device name */
        char last;         /* its last character */
        const char *rules; /* NULL: the default */
    }
    rows[] =
    {
        {"short", 20, 'a', NULL},
        {"57 characters", 57, 'a', NULL},
        {"58 characters", 58, 'a', NULL},
        {"255 characters", 255, 'a', NULL},
        {"255 characters, another last one", 255, 'b', NULL},
        {"255 characters, vkd3d rules", 255, 'a', "vkd3d"},
    };
    struct row_failures failures = {0};
    char ids[ARRAY_SIZE(rows)][128];
    unsigned i, j;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        char device[300], edit_json[320], error[1024], *text, *profile;
        struct edit edit = {"capabilities/device/properties/VkPhysicalDeviceProperties/deviceName", edit_json};
        const struct caps_adapter *adapter = NULL;
        json_t *root;
        size_t n;

        for (n = 0; n < rows[i].length; ++n)
            device[n] = n % 11 == 10 ? ' ' : (char)('A' + n % 26);
        device[rows[i].length - 1] = rows[i].last;
        device[rows[i].length] = 0;
        snprintf(edit_json, sizeof(edit_json), "\"%s\"", device);
        text = edited_report(&edit, 1);
        ids[i][0] = 0;
        if (!(profile = caps_vulkan_import(text, strlen(text), "test", rows[i].rules, NULL, error, sizeof(error))))
            row_fail(&failures, i, rows[i].name, "no profile: %s", error);
        else
        {
            root = json_loads(profile, 0, NULL);
            assert_non_null(root);
            snprintf(ids[i], sizeof(ids[i]), "%s", json_string_value(json_object_get(root, "id")));
            json_decref(root);
            if (strlen(ids[i]) > 64 || strncmp(ids[i], "vulkan-", 7))
                row_fail(&failures, i, rows[i].name, "id \"%s\" (%u characters)", ids[i], (unsigned)strlen(ids[i]));
            if (FAILED(caps_profile_load(profile, strlen(profile), "long.json", false, &adapter, error, sizeof(error))))
                row_fail(&failures, i, rows[i].name, "the profile does not load: %s", error);
            if (rows[i].rules && strcmp(ids[i] + strlen(ids[i]) - 6, "-vkd3d"))
                row_fail(&failures, i, rows[i].name, "id \"%s\" does not end with -vkd3d", ids[i]);
            free(profile);
        }
        free(text);
        for (j = 0; j < i; ++j)
            if (ids[i][0] && !strcmp(ids[i], ids[j]))
                row_fail(&failures, i, rows[i].name, "the same id as row %u: %s", j, ids[i]);
    }
    rows_done(&failures);
    assert_string_equal(ids[0], "vulkan-abcdefghij-lmnopqrsa"); /* short names: no hash */
}

/* An error names the line and column of the value in the user's own text
 * (an indented report, as vulkaninfo writes it) and what the number is. */
static void test_error_location(void **state)
{
    static const char key[] = "\"apiVersion\": -5";
    json_t *root = lavapipe();
    char error[1024], expected[512], *text, *profile;
    const char *at;
    unsigned line = 1, column = 1;
    (void)state;

    json_object_set_new(json_object_get(json_object_get(json_object_get(json_object_get(root, "capabilities"),
            "device"), "properties"), "VkPhysicalDeviceProperties"), "apiVersion", json_integer(-5));
    text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    assert_non_null(at = strstr(text, key));
    for (const char *c = text; c < at + strlen("\"apiVersion\": "); ++c)
        *c == '\n' ? (++line, column = 1) : ++column;
    snprintf(expected, sizeof(expected), "report.json:%u:%u: capabilities.device.properties.VkPhysicalDeviceProperties."
            "apiVersion: expected a non-negative integer, got -5", line, column);
    profile = caps_vulkan_import(text, strlen(text), "report.json", NULL, NULL, error, sizeof(error));
    assert_null(profile);
    assert_string_equal(error, expected);
    assert_true(line > 100);
    free(text);
}

/* A value the report itself gets wrong is refused at its line and column in
 * the report (not in the profile derived from it): a vendorID of 2^40 on a
 * one-line report, a deviceName longer than VK_MAX_PHYSICAL_DEVICE_NAME_SIZE
 * holds. */
static void test_report_value_errors(void **state)
{
    static const struct
    {
        const char *name;
        const char *key;     /* of VkPhysicalDeviceProperties */
        const char *value;   /* JSON */
        const char *message; /* after "report.json:LINE:COLUMN: " */
    }
    rows[] =
    {
        {"vendorID 2^40", "vendorID", "1099511627776", "capabilities.device.properties.VkPhysicalDeviceProperties."
                "vendorID: 1099511627776 is not a uint32_t (at most 4294967295)"},
        {"deviceID 2^32", "deviceID", "4294967296", "capabilities.device.properties.VkPhysicalDeviceProperties."
                "deviceID: 4294967296 is not a uint32_t (at most 4294967295)"},
        {"deviceName of 256 bytes", "deviceName", NULL, "capabilities.device.properties.VkPhysicalDeviceProperties."
                "deviceName: 256 bytes; VK_MAX_PHYSICAL_DEVICE_NAME_SIZE (256) holds 255 and the terminating NUL"},
    };
    struct row_failures failures = {0};
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        char error[1024], expected[640], name[300], needle[320], *text, *profile;
        json_t *root = lavapipe(), *props, *value;
        unsigned line = 1, column = 1;
        const char *at;

        props = json_object_get(json_object_get(json_object_get(json_object_get(root, "capabilities"), "device"),
                "properties"), "VkPhysicalDeviceProperties");
        if (rows[i].value)
            value = json_loads(rows[i].value, JSON_DECODE_ANY, NULL);
        else
        {
            memset(name, 'N', 256);
            name[256] = 0;
            value = json_string(name);
        }
        json_object_set_new(props, rows[i].key, value);
        text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER); /* one line */
        json_decref(root);
        snprintf(needle, sizeof(needle), "\"%s\":", rows[i].key);
        assert_non_null(at = strstr(text, needle));
        column += (unsigned)(at - text) + (unsigned)strlen(needle);
        snprintf(expected, sizeof(expected), "report.json:%u:%u: %s", line, column, rows[i].message);
        profile = caps_vulkan_import(text, strlen(text), "report.json", NULL, NULL, error, sizeof(error));
        if (profile || strcmp(error, expected))
            row_fail(&failures, i, rows[i].name, "got \"%s\", expected \"%s\"", profile ? "a profile" : error,
                    expected);
        free(profile);
        free(text);
    }
    rows_done(&failures);
}

static void test_is_report(void **state)
{
    static const struct
    {
        const char *text;
        bool is;
    }
    rows[] =
    {
        {"{\"capabilities\": {\"device\": {}}}", true},
        {"{\"id\": \"x\", \"features\": {}}", false},
        {"{\"capabilities\": {\"device\": []}}", false},
        {"{\"capabilities\": 5}", false},
        {"{\"capabilities\": {}}", false},
        {"{\"capabilities\": ", false},
        {"", false},
    };
    const struct caps_vulkan_embedded *e = &caps_vulkan_embedded_reports[0];
    struct row_failures failures = {0};
    size_t i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
        if (caps_vulkan_is_report(rows[i].text, strlen(rows[i].text)) != rows[i].is)
            row_fail(&failures, (unsigned)i, rows[i].text, "caps_vulkan_is_report is %d", !rows[i].is);
    rows_done(&failures);
    assert_true(caps_vulkan_is_report(e->text, e->length));
    assert_false(caps_vulkan_is_report(NULL, 0));
}

/* ---- Round trip: the derived profile registers and answers CheckFeatureSupport ---- */

static void test_round_trip(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
    D3D12_FEATURE_DATA_SHADER_MODEL sm = {D3D_SHADER_MODEL_6_8};
    D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0};
    D3D12_FEATURE_DATA_FEATURE_LEVELS fl = {ARRAY_SIZE(levels), levels, 0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS1 o1;
    D3D12_FEATURE_DATA_D3D12_OPTIONS o;
    const struct caps_adapter *adapter;
    struct mk_device *device;
    ID3D12Device *iface;
    char error[1024], *profile;
    const char *origin;
    HRESULT hr;

    (void)state;
    profile = caps_vulkan_builtin_profile(0, &origin, error, sizeof(error));
    if (!profile)
        fail_msg("built-in derivation failed: %s", error);
    assert_string_equal(origin, "data/reference/vulkaninfo-lavapipe.json");
    /* The registry registers the built-in derivation at start-up; the text
     * itself also loads on its own. */
    hr = caps_profile_load(profile, strlen(profile), "vulkan-roundtrip", false, NULL, error, sizeof(error));
    if (FAILED(hr))
        fail_msg("the derived profile does not load: %s", error);
    free(profile);
    if (!(adapter = caps_adapter_lookup("vulkan-lavapipe", error, sizeof(error))))
        fail_msg("the built-in derived profile is not registered: %s", error);
    assert_string_equal(caps_adapter_origin(adapter), "data/reference/vulkaninfo-lavapipe.json");
    assert_string_equal(caps_adapter_id(adapter), "vulkan-lavapipe");
    assert_int_equal(caps_adapter_vendor_id(adapter), 0x10005);
    assert_true(caps_adapter_is_software(adapter));

    hr = mk_device_create(adapter, &runtime, D3D_FEATURE_LEVEL_11_0, &device);
    assert_int_equal(hr, S_OK);
    iface = (ID3D12Device *)&device->ID3D12Device17_iface;
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_FEATURE_LEVELS, &fl, sizeof(fl)), S_OK);
    assert_int_equal(fl.MaxSupportedFeatureLevel, D3D_FEATURE_LEVEL_11_0);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_SHADER_MODEL, &sm, sizeof(sm)), S_OK);
    assert_int_equal(sm.HighestShaderModel, D3D_SHADER_MODEL_6_0);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_D3D12_OPTIONS1, &o1, sizeof(o1)), S_OK);
    assert_true(o1.WaveOps);
    assert_int_equal(o1.WaveLaneCountMin, 8);
    assert_int_equal(o1.WaveLaneCountMax, 8);
    assert_int_equal(o1.TotalLaneCount, 256);
    assert_true(o1.Int64ShaderOps);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_D3D12_OPTIONS, &o, sizeof(o)), S_OK);
    assert_false(o.DoublePrecisionFloatShaderOps);
    assert_true(o.OutputMergerLogicOp);
    assert_int_equal(o.MinPrecisionSupport, D3D12_SHADER_MIN_PRECISION_SUPPORT_16_BIT);
    assert_int_equal(o.ResourceBindingTier, D3D12_RESOURCE_BINDING_TIER_3);
    assert_false(o.TypedUAVLoadAdditionalFormats);
    ID3D12Device_Release(iface);
}

/* Every allocation of the import failing in turn: the import gives the very
 * same profile or fails with "out of memory" (never a half-derived profile,
 * never a syntax error), the library call answers E_OUTOFMEMORY, and loading
 * the report registers nothing. jansson's own allocations are left out of the
 * sweep (mk_alloc_fail_skip_jansson): jansson 2.14 asserts on some of them
 * (akheron/jansson#362). */
static void test_allocation_failures(void **state)
{
    const struct caps_vulkan_embedded *e = &caps_vulkan_embedded_reports[0];
    char error[1024], *reference, *text;
    unsigned count = (unsigned)caps_adapter_count(), failures = 0, sweeps = 0;
    const struct caps_adapter *out;
    long n;
    HRESULT hr;

    (void)state;
    reference = caps_vulkan_import(e->text, e->length, "lavapipe.json", NULL, "oom-lavapipe", error, sizeof(error));
    assert_non_null(reference);
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; ; ++n)
    {
        mk_alloc_fail_after(n);
        text = caps_vulkan_import(e->text, e->length, "lavapipe.json", NULL, "oom-lavapipe", error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_string_equal(text, reference);
            free(text);
            break;
        }
        ++sweeps;
        if (text)
        {
            if (strcmp(text, reference) && failures++ < 5)
                print_error("allocation %ld: a different profile\n", n);
            free(text);
        }
        else if (strcmp(error, "lavapipe.json: out of memory") && failures++ < 5)
            print_error("allocation %ld: \"%s\"\n", n, error);
    }
    /* The library call and the loader: E_OUTOFMEMORY, nothing registered. */
    for (n = 0; n < (long)sweeps; n += 37)
    {
        char *profile = NULL;

        mk_alloc_fail_after(n);
        hr = mockd3d12_import_vulkan(e->text, e->length, "lavapipe.json", NULL, "oom-lavapipe", &profile, NULL, 0);
        mk_alloc_fail_after(-1);
        if (mk_alloc_fail_triggered() && (hr != E_OUTOFMEMORY || profile) && failures++ < 5)
            print_error("allocation %ld: mockd3d12_import_vulkan %#x\n", n, (unsigned)hr);
        mockd3d12_free(profile);
        mk_alloc_fail_after(n);
        hr = caps_profile_load(e->text, e->length, "lavapipe.json", true, &out, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (mk_alloc_fail_triggered() && (hr != E_OUTOFMEMORY || out || caps_adapter_count() != count)
                && failures++ < 5)
            print_error("allocation %ld: load %#x, %u adapters: %s\n", n, (unsigned)hr,
                    (unsigned)caps_adapter_count(), error);
        if (hr == S_OK)
            break; /* registered (the sweep is past the loader's allocations) */
    }
    mk_alloc_fail_skip_jansson(0);
    free(reference);
    assert_true(sweeps > 100);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_lavapipe_worked_example),
        cmocka_unit_test(test_edited_reports),
        cmocka_unit_test(test_absent_inputs),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_long_device_names),
        cmocka_unit_test(test_error_location),
        cmocka_unit_test(test_report_value_errors),
        cmocka_unit_test(test_is_report),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_allocation_failures),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
