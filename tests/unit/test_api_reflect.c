/*
 * The reflection functions of the control API (docs/api.md, "Reflection"):
 * what the mockd3d12 command prints, through the public header, with real
 * values from the reference tables and the built-in adapters, and every
 * error path with its mockd3d12_last_error() text.
 * Then the edges: versions past 16 bits, a feature newer than the runtime,
 * no room for declared values, zero-sized error buffers, no origin; and the
 * coverage rows of the control API's arguments, which also fail the
 * library's allocations (alloc.h).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#ifndef _WIN32
#include <unistd.h>
#endif

#include "alloc.h"
#include "platform.h"

static char data_dir[1024]; /* the repository's data/ (from MOCKD3D12_TEST_DATA, tests/data) */

static void assert_error_contains(const char *part)
{
    const char *error = mockd3d12_last_error();

    if (!strstr(error, part))
        fail_msg("mockd3d12_last_error() is \"%s\", expected it to contain \"%s\"", error, part);
}

static UINT field_index(const char *feature, const char *field)
{
    UINT index = ~0u;

    assert_int_equal(mockd3d12_find_field(feature, field, &index), S_OK);
    return index;
}

static int setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    return 0;
}

static void test_features(void **state)
{
    mockd3d12_feature_desc desc;
    UINT index = 12345, count = mockd3d12_feature_count(), i;

    (void)state;
    assert_true(count > 40);
    assert_int_equal(mockd3d12_find_feature("D3D12_OPTIONS5", &index), S_OK);
    assert_int_equal(mockd3d12_get_feature_desc(index, &desc), S_OK);
    assert_string_equal(desc.name, "D3D12_OPTIONS5");
    assert_int_equal(desc.value, 27);
    assert_int_equal(desc.value, D3D12_FEATURE_D3D12_OPTIONS5);
    assert_string_equal(desc.struct_name, "D3D12_FEATURE_DATA_D3D12_OPTIONS5");
    assert_int_equal(desc.size, sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS5));
    assert_int_equal(desc.field_count, 3);
    /* With its D3D12_FEATURE_ prefix too. */
    assert_int_equal(mockd3d12_find_feature("D3D12_FEATURE_D3D12_OPTIONS5", &i), S_OK);
    assert_int_equal(i, index);
    /* Ascending D3D12_FEATURE order. */
    for (i = 1; i < count; ++i)
    {
        mockd3d12_feature_desc previous;

        assert_int_equal(mockd3d12_get_feature_desc(i - 1, &previous), S_OK);
        assert_int_equal(mockd3d12_get_feature_desc(i, &desc), S_OK);
        assert_true(previous.value < desc.value);
    }

    assert_int_equal(mockd3d12_get_feature_desc(count, &desc), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_feature_desc: no feature at index");
    assert_int_equal(mockd3d12_get_feature_desc(0, NULL), E_POINTER);
    assert_error_contains("mockd3d12_get_feature_desc: desc is NULL");
    index = 777;
    assert_int_equal(mockd3d12_find_feature("D3D12_OPTIONS99", &index), E_INVALIDARG);
    assert_error_contains("mockd3d12_find_feature: no feature is named 'D3D12_OPTIONS99'");
    assert_int_equal(index, 777);
    assert_int_equal(mockd3d12_find_feature(NULL, &index), E_POINTER);
    assert_error_contains("mockd3d12_find_feature: name is NULL");
    assert_int_equal(mockd3d12_find_feature("D3D12_OPTIONS5", NULL), E_POINTER);
    assert_error_contains("mockd3d12_find_feature: index is NULL");
}

static void test_fields(void **state)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5 = {0};
    mockd3d12_field_desc desc;
    UINT index, feature, i, count = mockd3d12_field_count();
    UINT64 value = 0;

    (void)state;
    index = field_index("D3D12_OPTIONS5", "RaytracingTier");
    assert_int_equal(mockd3d12_find_feature("D3D12_OPTIONS5", &feature), S_OK);
    assert_int_equal(mockd3d12_get_field_desc(index, &desc), S_OK);
    assert_string_equal(desc.name, "RaytracingTier");
    assert_string_equal(desc.type, "D3D12_RAYTRACING_TIER");
    assert_string_equal(desc.struct_name, "D3D12_FEATURE_DATA_D3D12_OPTIONS5");
    assert_int_equal(desc.feature_index, feature);
    assert_int_equal(desc.offset, offsetof(D3D12_FEATURE_DATA_D3D12_OPTIONS5, RaytracingTier));
    assert_int_equal(desc.size, 4);
    assert_int_equal(desc.kind, MOCKD3D12_FIELD_ENUM);
    assert_int_equal(desc.direction, MOCKD3D12_FIELD_OUT);
    assert_string_equal(desc.enum_name, "D3D12_RAYTRACING_TIER");
    assert_false(desc.enum_is_flags);
    assert_true(desc.scalar);
    assert_true(desc.profile_field);

    options5.RaytracingTier = D3D12_RAYTRACING_TIER_1_1;
    assert_int_equal(mockd3d12_field_value(index, &options5, &value), S_OK);
    assert_int_equal(value, 11);

    /* An input, never a profile field; a BOOL; a set of flags. */
    assert_int_equal(mockd3d12_get_field_desc(field_index("ARCHITECTURE", "NodeIndex"), &desc), S_OK);
    assert_int_equal(desc.direction, MOCKD3D12_FIELD_IN);
    assert_int_equal(desc.kind, MOCKD3D12_FIELD_UINT);
    assert_null(desc.enum_name);
    assert_false(desc.profile_field);
    assert_int_equal(mockd3d12_get_field_desc(field_index("D3D12_OPTIONS", "DoublePrecisionFloatShaderOps"), &desc),
            S_OK);
    assert_int_equal(desc.kind, MOCKD3D12_FIELD_BOOL);
    assert_int_equal(mockd3d12_get_field_desc(field_index("D3D12_OPTIONS", "MinPrecisionSupport"), &desc), S_OK);
    assert_true(desc.enum_is_flags);
    assert_string_equal(desc.enum_name, "D3D12_SHADER_MIN_PRECISION_SUPPORT");

    /* A field that is no number: mockd3d12_field_value refuses it. */
    for (i = 0; i < count; ++i)
    {
        assert_int_equal(mockd3d12_get_field_desc(i, &desc), S_OK);
        if (!desc.scalar)
            break;
    }
    assert_true(i < count);
    assert_int_equal(desc.kind, MOCKD3D12_FIELD_OPAQUE);
    value = 99;
    assert_int_equal(mockd3d12_field_value(i, &options5, &value), E_INVALIDARG);
    assert_error_contains("is not a number");
    assert_int_equal(value, 99);

    assert_int_equal(mockd3d12_get_field_desc(count, &desc), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_field_desc: no field at index");
    assert_int_equal(mockd3d12_get_field_desc(0, NULL), E_POINTER);
    assert_error_contains("mockd3d12_get_field_desc: desc is NULL");
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS5", "NoSuchField", &index), E_INVALIDARG);
    assert_error_contains("mockd3d12_find_field: D3D12_OPTIONS5 has no field 'NoSuchField'");
    assert_int_equal(mockd3d12_find_field("NOPE", "RaytracingTier", &index), E_INVALIDARG);
    assert_error_contains("mockd3d12_find_field: no feature is named 'NOPE'");
    assert_int_equal(mockd3d12_find_field(NULL, "RaytracingTier", &index), E_POINTER);
    assert_error_contains("mockd3d12_find_field: feature is NULL");
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS5", NULL, &index), E_POINTER);
    assert_error_contains("mockd3d12_find_field: field is NULL");
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS5", "RaytracingTier", NULL), E_POINTER);
    assert_error_contains("mockd3d12_find_field: index is NULL");
    assert_int_equal(mockd3d12_field_value(count, &options5, &value), E_INVALIDARG);
    assert_error_contains("mockd3d12_field_value: no field at index");
    assert_int_equal(mockd3d12_field_value(0, NULL, &value), E_POINTER);
    assert_error_contains("mockd3d12_field_value: data is NULL");
    assert_int_equal(mockd3d12_field_value(0, &options5, NULL), E_POINTER);
    assert_error_contains("mockd3d12_field_value: value is NULL");
}

static void test_enum_values(void **state)
{
    mockd3d12_enum_value_desc values[32];
    UINT count = 0, i, found = 0;

    (void)state;
    assert_int_equal(mockd3d12_get_enum_values("D3D12_RAYTRACING_TIER", NULL, 0, &count), S_OK);
    assert_true(count >= 4 && count <= 32);
    assert_int_equal(mockd3d12_get_enum_values("D3D12_RAYTRACING_TIER", values, 32, &count), S_OK);
    for (i = 0; i < count; ++i)
        if (!strcmp(values[i].name, "D3D12_RAYTRACING_TIER_1_1"))
        {
            assert_int_equal(values[i].value, 11);
            assert_false(values[i].is_alias);
            ++found;
        }
    assert_int_equal(found, 1);
    /* A capacity smaller than the enum: what fits, and the whole count. */
    memset(values, 0, sizeof(values));
    assert_int_equal(mockd3d12_get_enum_values("D3D12_RAYTRACING_TIER", values, 1, &i), S_OK);
    assert_int_equal(i, count);
    assert_non_null(values[0].name);
    assert_null(values[1].name);

    assert_int_equal(mockd3d12_get_enum_values("D3D12_NO_SUCH_ENUM", values, 32, &count), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_enum_values: no enum is named 'D3D12_NO_SUCH_ENUM'");
    assert_int_equal(mockd3d12_get_enum_values(NULL, values, 32, &count), E_POINTER);
    assert_error_contains("mockd3d12_get_enum_values: enum_name is NULL");
    assert_int_equal(mockd3d12_get_enum_values("D3D12_RAYTRACING_TIER", NULL, 3, &count), E_POINTER);
    assert_error_contains("mockd3d12_get_enum_values: values is NULL");
    assert_int_equal(mockd3d12_get_enum_values("D3D12_RAYTRACING_TIER", values, 32, NULL), E_POINTER);
    assert_error_contains("mockd3d12_get_enum_values: count is NULL");
}

static void test_runtime_knows(void **state)
{
    mockd3d12_runtime runtime;

    (void)state;
    /* The default runtime: retail 620. */
    assert_true(mockd3d12_runtime_knows(NULL, 620, 721));
    assert_false(mockd3d12_runtime_knows(NULL, 622, 723));
    assert_false(mockd3d12_runtime_knows(NULL, MOCKD3D12_SDK_NEVER, 700));
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    runtime.sdk_version = 622;
    runtime.preview_sdk_version = 723;
    assert_true(mockd3d12_runtime_knows(&runtime, 622, 723));
    runtime.kind = MOCKD3D12_RUNTIME_PREVIEW;
    assert_true(mockd3d12_runtime_knows(&runtime, MOCKD3D12_SDK_NEVER, 723));
    assert_false(mockd3d12_runtime_knows(&runtime, 600, MOCKD3D12_SDK_NEVER));
}

/* A withdrawn preview feature (COOPERATIVE_VECTOR, previews 717-719): its desc
 * names the last preview, and only the previews in between know it. */
static void test_runtime_knows_until(void **state)
{
    mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 616, 717, 620, 721, FALSE};
    mockd3d12_feature_desc feature;
    mockd3d12_field_desc field;
    UINT index;

    (void)state;
    assert_int_equal(mockd3d12_find_feature("COOPERATIVE_VECTOR", &index), S_OK);
    assert_int_equal(mockd3d12_get_feature_desc(index, &feature), S_OK);
    assert_int_equal(feature.first_preview_sdk, 717);
    assert_int_equal(feature.last_preview_sdk, 719);
    assert_int_equal(feature.first_retail_sdk, MOCKD3D12_SDK_NEVER);
    assert_true(mockd3d12_runtime_knows_until(&runtime, feature.first_retail_sdk, feature.first_preview_sdk,
            feature.last_preview_sdk));
    runtime.preview_sdk_version = 720;
    assert_false(mockd3d12_runtime_knows_until(&runtime, feature.first_retail_sdk, feature.first_preview_sdk,
            feature.last_preview_sdk));
    /* Without the last version, 720 would know it. */
    assert_true(mockd3d12_runtime_knows(&runtime, feature.first_retail_sdk, feature.first_preview_sdk));
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS_EXPERIMENTAL", "CooperativeVectorTier", &index), S_OK);
    assert_int_equal(mockd3d12_get_field_desc(index, &field), S_OK);
    assert_int_equal(field.last_preview_sdk, 719);
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS5", "RaytracingTier", &index), S_OK);
    assert_int_equal(mockd3d12_get_field_desc(index, &field), S_OK);
    assert_int_equal(field.last_preview_sdk, 0);
}

static void test_resolve_adapter(void **state)
{
    char error[256], path[1200];
    const char *id = NULL;
    D3D_FEATURE_LEVEL level = 0;

    (void)state;
    assert_int_equal(mockd3d12_resolve_adapter(NULL, &id, NULL, 0), S_OK);
    assert_string_equal(id, mockd3d12_default_adapter_id());
    assert_int_equal(mockd3d12_resolve_adapter("warp", &id, error, sizeof(error)), S_OK);
    assert_string_equal(id, "warp");
    /* A profile file: loaded and registered under its id. */
    snprintf(path, sizeof(path), "%s/../tests/data/profiles/good.json", data_dir);
    assert_int_equal(mockd3d12_resolve_adapter(path, &id, NULL, 0), S_OK);
    assert_string_equal(id, "test-good");

    assert_int_equal(mockd3d12_get_adapter_feature_level("nextgen", &level), S_OK);
    assert_int_equal(level, D3D_FEATURE_LEVEL_12_2);
    assert_int_equal(mockd3d12_get_adapter_feature_level("fl11-minimal", &level), S_OK);
    assert_int_equal(level, D3D_FEATURE_LEVEL_11_0);

    id = "untouched";
    assert_int_equal(mockd3d12_resolve_adapter("nosuch", &id, error, sizeof(error)), E_INVALIDARG);
    assert_string_equal(id, "untouched");
    assert_true(!strncmp(error, "unknown adapter 'nosuch'", 24));
    assert_error_contains("mockd3d12_resolve_adapter: unknown adapter 'nosuch'");
    /* The message alone, truncated to the buffer. */
    assert_int_equal(mockd3d12_resolve_adapter("nosuch", &id, error, 8), E_INVALIDARG);
    assert_string_equal(error, "unknown");
    assert_int_equal(mockd3d12_resolve_adapter("/nonexistent/profile.json", &id, error, sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "cannot read adapter profile"));
    assert_int_equal(mockd3d12_resolve_adapter("warp", NULL, error, sizeof(error)), E_POINTER);
    assert_string_equal(error, "id is NULL");
    assert_error_contains("mockd3d12_resolve_adapter: id is NULL");
    assert_int_equal(mockd3d12_get_adapter_feature_level("nosuch", &level), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_adapter_feature_level: unknown adapter 'nosuch'");
    assert_int_equal(mockd3d12_get_adapter_feature_level("warp", NULL), E_POINTER);
    assert_error_contains("mockd3d12_get_adapter_feature_level: level is NULL");
}

static void test_adapter_feature(void **state)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_ARCHITECTURE architecture = {0};
    D3D12_FEATURE_DATA_FORMAT_SUPPORT format = {0};

    (void)state;
    /* The true value, beyond every published SDK: no clamp applies. */
    memset(&options5, 0xcc, sizeof(options5));
    assert_int_equal(mockd3d12_get_adapter_feature("nextgen", D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5)), S_OK);
    assert_int_equal(options5.RaytracingTier, 13);
    assert_true(options5.SRVOnlyTiledResourceTier3);
    assert_int_equal(mockd3d12_get_adapter_feature("nvidia-rtx-5070-ti", D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5)), S_OK);
    assert_int_equal(options5.RaytracingTier, D3D12_RAYTRACING_TIER_1_2);
    /* Inputs as a caller gives them: node 0 exists, node 7 does not. */
    assert_int_equal(mockd3d12_get_adapter_feature("warp", D3D12_FEATURE_ARCHITECTURE, &architecture,
            sizeof(architecture)), S_OK);
    architecture.NodeIndex = 7;
    assert_int_equal(mockd3d12_get_adapter_feature("warp", D3D12_FEATURE_ARCHITECTURE, &architecture,
            sizeof(architecture)), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_adapter_feature: D3D12_FEATURE_ARCHITECTURE: ");
    format.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    assert_int_equal(mockd3d12_get_adapter_feature("warp", D3D12_FEATURE_FORMAT_SUPPORT, &format, sizeof(format)),
            S_OK);
    assert_true(format.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D);

    assert_int_equal(mockd3d12_get_adapter_feature("nextgen", D3D12_FEATURE_D3D12_OPTIONS5, &options5, 4),
            E_INVALIDARG);
    assert_error_contains("mockd3d12_get_adapter_feature: D3D12_FEATURE_D3D12_OPTIONS5 needs");
    assert_int_equal(mockd3d12_get_adapter_feature("nextgen", (D3D12_FEATURE)9999, &options5, sizeof(options5)),
            E_INVALIDARG);
    assert_error_contains("mockd3d12_get_adapter_feature: the runtime knows no D3D12_FEATURE 9999");
    assert_int_equal(mockd3d12_get_adapter_feature("nosuch", D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5)), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_adapter_feature: unknown adapter 'nosuch'");
    assert_int_equal(mockd3d12_get_adapter_feature("nextgen", D3D12_FEATURE_D3D12_OPTIONS5, NULL, sizeof(options5)),
            E_POINTER);
    assert_error_contains("mockd3d12_get_adapter_feature: data is NULL");
}

static void test_adapter_values(void **state)
{
    UINT raytracing = field_index("D3D12_OPTIONS5", "RaytracingTier");
    mockd3d12_enum_value_desc values[4];
    const char *name = "untouched";
    UINT count = 99;

    (void)state;
    /* The tables' names, then the profile's newValues. */
    assert_int_equal(mockd3d12_adapter_value_name("nextgen", raytracing, 11, &name), S_OK);
    assert_string_equal(name, "D3D12_RAYTRACING_TIER_1_1");
    assert_int_equal(mockd3d12_adapter_value_name("nextgen", raytracing, 13, &name), S_OK);
    assert_string_equal(name, "D3D12_RAYTRACING_TIER_1_3");
    assert_int_equal(mockd3d12_adapter_value_name("nvidia-rtx-5070-ti", raytracing, 13, &name), S_FALSE);
    assert_null(name);

    assert_int_equal(mockd3d12_adapter_declared_values("nextgen", raytracing, values, 4, &count), S_OK);
    assert_int_equal(count, 1);
    assert_string_equal(values[0].name, "D3D12_RAYTRACING_TIER_1_3");
    assert_int_equal(values[0].value, 13);
    assert_int_equal(values[0].first_retail_sdk, 622);
    assert_int_equal(values[0].first_preview_sdk, 723);
    assert_int_equal(mockd3d12_adapter_declared_values("nvidia-rtx-5070-ti", raytracing, values, 4, &count), S_OK);
    assert_int_equal(count, 0);

    assert_int_equal(mockd3d12_adapter_value_name("nextgen", mockd3d12_field_count(), 13, &name), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_name: no field at index");
    assert_int_equal(mockd3d12_adapter_value_name("nosuch", raytracing, 13, &name), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_name: unknown adapter 'nosuch'");
    assert_int_equal(mockd3d12_adapter_value_name("nextgen", raytracing, 13, NULL), E_POINTER);
    assert_error_contains("mockd3d12_adapter_value_name: name is NULL");
    assert_int_equal(mockd3d12_adapter_declared_values("nosuch", raytracing, values, 4, &count), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_declared_values: unknown adapter 'nosuch'");
    assert_int_equal(mockd3d12_adapter_declared_values("nextgen", ~0u, values, 4, &count), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_declared_values: no field at index");
    assert_int_equal(mockd3d12_adapter_declared_values("nextgen", raytracing, NULL, 4, &count), E_POINTER);
    assert_error_contains("mockd3d12_adapter_declared_values: values is NULL");
    assert_int_equal(mockd3d12_adapter_declared_values("nextgen", raytracing, values, 4, NULL), E_POINTER);
    assert_error_contains("mockd3d12_adapter_declared_values: count is NULL");
}

static void test_value_origin(void **state)
{
    UINT raytracing = field_index("D3D12_OPTIONS5", "RaytracingTier");
    UINT doubles = field_index("D3D12_OPTIONS", "DoublePrecisionFloatShaderOps");
    mockd3d12_value_origin origin = 99;

    (void)state;
    /* nextgen states RaytracingTier and inherits the rest from the 5070 Ti dump. */
    assert_int_equal(mockd3d12_adapter_value_origin("nextgen", raytracing, &origin), S_OK);
    assert_int_equal(origin, MOCKD3D12_VALUE_EXPLICIT);
    assert_int_equal(mockd3d12_adapter_value_origin("nextgen", doubles, &origin), S_OK);
    assert_int_equal(origin, MOCKD3D12_VALUE_INHERITED);
    assert_int_equal(mockd3d12_adapter_value_origin("nvidia-rtx-5070-ti", doubles, &origin), S_OK);
    assert_int_equal(origin, MOCKD3D12_VALUE_EXPLICIT);

    origin = 99;
    assert_int_equal(mockd3d12_adapter_value_origin("nextgen", field_index("ARCHITECTURE", "NodeIndex"), &origin),
            E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_origin: D3D12_FEATURE_DATA_ARCHITECTURE.NodeIndex is not a "
            "profile field");
    assert_int_equal(origin, 99);
    assert_int_equal(mockd3d12_adapter_value_origin("nosuch", raytracing, &origin), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_origin: unknown adapter 'nosuch'");
    assert_int_equal(mockd3d12_adapter_value_origin("nextgen", ~0u, &origin), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_origin: no field at index");
    assert_int_equal(mockd3d12_adapter_value_origin("nextgen", raytracing, NULL), E_POINTER);
    assert_error_contains("mockd3d12_adapter_value_origin: origin is NULL");
}

static void test_adapter_value_rule(void **state)
{
    const char *cf = "untouched", *cm = "untouched", *source = "untouched";
    UINT binding, sm, rt;

    (void)state;
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS", "ResourceBindingTier", &binding), S_OK);
    assert_int_equal(mockd3d12_find_field("SHADER_MODEL", "HighestShaderModel", &sm), S_OK);
    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS5", "RaytracingTier", &rt), S_OK);
    /* The baseline's tier 3 comes from the FL 12_2 row. */
    assert_int_equal(mockd3d12_adapter_value_rule("min-fl12_2", binding, &cf, &cm, &source), S_OK);
    assert_string_equal(cf, "FEATURE_LEVELS.MaxSupportedFeatureLevel");
    assert_string_equal(cm, "D3D_FEATURE_LEVEL_12_2");
    assert_string_equal(source, "DirectX-Specs, Feature Level 12_2");
    /* The GTX 1080 Ti's SM 6.3 from its DXR 1.0. */
    assert_int_equal(mockd3d12_adapter_value_rule("nvidia-gtx-1080-ti", sm, &cf, &cm, &source), S_OK);
    assert_string_equal(cf, "D3D12_OPTIONS5.RaytracingTier");
    assert_string_equal(cm, "D3D12_RAYTRACING_TIER_1_0");
    /* A stated value: no rule. */
    assert_int_equal(mockd3d12_adapter_value_rule("nvidia-rtx-4090", rt, &cf, &cm, &source), S_FALSE);
    assert_null(cf);
    assert_null(cm);
    assert_null(source);
    cf = "untouched";
    assert_int_equal(mockd3d12_adapter_value_rule("nosuch", rt, &cf, &cm, &source), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_rule: unknown adapter 'nosuch'");
    assert_string_equal(cf, "untouched");
    assert_int_equal(mockd3d12_adapter_value_rule("warp", ~0u, &cf, &cm, &source), E_INVALIDARG);
    assert_int_equal(mockd3d12_adapter_value_rule("warp", rt, NULL, &cm, &source), E_POINTER);
    assert_error_contains("mockd3d12_adapter_value_rule: condition_field is NULL");
}

static void test_adapter_parent(void **state)
{
    const char *parent = "untouched";

    (void)state;
    assert_int_equal(mockd3d12_adapter_parent("nextgen", &parent), S_OK);
    assert_string_equal(parent, "nvidia-rtx-5070-ti");
    assert_int_equal(mockd3d12_adapter_parent("warp-nuget-1-0-19", &parent), S_OK);
    assert_string_equal(parent, "warp");
    assert_int_equal(mockd3d12_adapter_parent("warp", &parent), S_FALSE);
    assert_null(parent);
    parent = "untouched";
    assert_int_equal(mockd3d12_adapter_parent("nosuch", &parent), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_parent: unknown adapter 'nosuch'");
    assert_string_equal(parent, "untouched");
    assert_int_equal(mockd3d12_adapter_parent("nextgen", NULL), E_POINTER);
    assert_error_contains("mockd3d12_adapter_parent: parent is NULL");
}

static void test_adapter_to_json(void **state)
{
    char *json = NULL;

    (void)state;
    assert_int_equal(mockd3d12_adapter_to_json("nextgen", &json), S_OK);
    assert_non_null(strstr(json, "\"id\": \"nextgen\""));
    assert_non_null(strstr(json, "\"RaytracingTier\": \"D3D12_RAYTRACING_TIER_1_3\""));
    mockd3d12_free(json);
    json = NULL;
    assert_int_equal(mockd3d12_adapter_to_json(NULL, &json), S_OK);
    assert_non_null(strstr(json, mockd3d12_default_adapter_id()));
    mockd3d12_free(json);
    mockd3d12_free(NULL);

    json = (char *)"untouched";
    assert_int_equal(mockd3d12_adapter_to_json("nosuch", &json), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_to_json: unknown adapter 'nosuch'");
    assert_string_equal(json, "untouched");
    assert_int_equal(mockd3d12_adapter_to_json("nextgen", NULL), E_POINTER);
    assert_error_contains("mockd3d12_adapter_to_json: json is NULL");
}

static void test_clamp_table(void **state)
{
    mockd3d12_runtime runtime;
    char *all = NULL, *one = NULL;

    (void)state;
    assert_int_equal(mockd3d12_clamp_table(NULL, &all), S_OK);
    assert_true(!strncmp(all, "# cutoff: retail 620, preview 721\n", 34));
    assert_int_equal(mockd3d12_clamp_table("d3d12_options5.raytracingtier", &one), S_OK);
    assert_non_null(strstr(one, "D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier"));
    assert_non_null(strstr(one, "D3D12_RAYTRACING_TIER_1_1"));
    assert_null(strstr(one, "RenderPassesTier"));
    assert_true(strlen(one) < strlen(all));
    mockd3d12_free(all);
    mockd3d12_free(one);
    /* The current runtime's cutoff. */
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    runtime.retroactive = TRUE;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    assert_int_equal(mockd3d12_clamp_table("OPTIONS5.RaytracingTier", &one), S_OK);
    assert_true(!strncmp(one, "# cutoff: retail 620, preview 721 (retroactive)\n", 48));
    mockd3d12_free(one);

    one = (char *)"untouched";
    assert_int_equal(mockd3d12_clamp_table("nosuchfield", &one), E_INVALIDARG);
    assert_error_contains("mockd3d12_clamp_table: no field matches 'nosuchfield'");
    assert_string_equal(one, "untouched");
    assert_int_equal(mockd3d12_clamp_table(NULL, NULL), E_POINTER);
    assert_error_contains("mockd3d12_clamp_table: text is NULL");
}

/* mockd3d12_validate_profile_file: each verdict, never registering. */
static void test_validate_profile_file(void **state)
{
    static const char *const inconsistent[] =
    {
        "SHADER_MODEL.HighestShaderModel is D3D_SHADER_MODEL_6_4, below D3D_SHADER_MODEL_6_5, which "
                "FEATURE_LEVELS.MaxSupportedFeatureLevel D3D_FEATURE_LEVEL_12_2 implies (DirectX-Specs, Feature Level 12_2)\n",
        "D3D12_OPTIONS1.WaveLaneCountMax is 32, below 64 (D3D12_OPTIONS1.WaveLaneCountMin), which "
                "D3D12_OPTIONS1.WaveOps TRUE implies (the largest wave is at least the smallest)\n",
        "ARCHITECTURE1.UMA is FALSE, below TRUE (ARCHITECTURE1.CacheCoherentUMA) (cache-coherent UMA is UMA)\n",
    };
    char path[1200], *report = NULL;
    UINT count = mockd3d12_adapter_count();
    const char *id = NULL;
    size_t i, lines = 0;

    (void)state;
    /* A dump of a built-in: its id and LUID are taken, which validate does not mind. */
    snprintf(path, sizeof(path), "%s/profiles/nextgen.json", data_dir);
    assert_int_equal(mockd3d12_validate_profile_file(path, &report), S_OK);
    assert_string_equal(report, "");
    mockd3d12_free(report);
    /* A Vulkan report validates as the profile derived from it. */
    snprintf(path, sizeof(path), "%s/reference/vulkaninfo-lavapipe.json", data_dir);
    assert_int_equal(mockd3d12_validate_profile_file(path, &report), S_OK);
    mockd3d12_free(report);

    snprintf(path, sizeof(path), "%s/../tests/data/profiles/inconsistent.json", data_dir);
    assert_int_equal(mockd3d12_validate_profile_file(path, &report), S_FALSE);
    for (i = 0; i < sizeof(inconsistent) / sizeof(inconsistent[0]); ++i)
        if (!strstr(report, inconsistent[i]))
            fail_msg("the report lacks \"%s\":\n%s", inconsistent[i], report);
    for (i = 0; report[i]; ++i)
        lines += report[i] == '\n';
    assert_int_equal(lines, 7);
    mockd3d12_free(report);

    snprintf(path, sizeof(path), "%s/../tests/data/profiles/bad-syntax.json", data_dir);
    assert_int_equal(mockd3d12_validate_profile_file(path, &report), E_INVALIDARG);
    assert_non_null(strstr(report, "bad-syntax.json:"));
    assert_error_contains("mockd3d12_validate_profile_file: ");
    mockd3d12_free(report);
    assert_int_equal(mockd3d12_validate_profile_file("/nonexistent/p.json", &report), E_INVALIDARG);
    assert_non_null(strstr(report, "/nonexistent/p.json"));
    mockd3d12_free(report);

    /* Nothing was registered. */
    assert_int_equal(mockd3d12_adapter_count(), count);
    assert_int_equal(mockd3d12_resolve_adapter("inconsistent", &id, NULL, 0), E_INVALIDARG);

    report = (char *)"untouched";
    assert_int_equal(mockd3d12_validate_profile_file(NULL, &report), E_POINTER);
    assert_error_contains("mockd3d12_validate_profile_file: path is NULL");
    assert_string_equal(report, "untouched");
    assert_int_equal(mockd3d12_validate_profile_file(path, NULL), E_POINTER);
    assert_error_contains("mockd3d12_validate_profile_file: report is NULL");
}

/* mockd3d12_import_d3d12info: a report's adapter as profile text, and the
 * get_adapter_details answers of the profile it gives. */
static void test_import_d3d12info(void **state)
{
    char path[1200], error[512], *text = NULL, *profile = NULL;
    mockd3d12_adapter_details details;
    size_t size = 0;
    UINT count = 0;

    (void)state;
    snprintf(path, sizeof(path), "%s/adapters/reports/intel-arc-a770.json", data_dir);
    assert_int_equal(mockd3d12_read_file(path, &text, &size, error, sizeof(error)), S_OK);
    assert_int_equal(mockd3d12_import_d3d12info(text, size, "arc.json", 0, "my-arc", &profile, &count, error,
            sizeof(error)), S_OK);
    assert_int_equal(count, 1);
    assert_non_null(strstr(profile, "\"id\": \"my-arc\""));
    assert_non_null(strstr(profile, "\"d3d12infoVersion\": \"2.2.0\""));
    /* The report's LUID is the built-in's (the same report): a profile's
     * explicit LUID must be its own (docs/profiles.md), so registering the
     * text says so; the built-in answers what the report says. */
    assert_int_equal(mockd3d12_register_profile(profile, error, sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "is already used by adapter 'intel-arc-a770'"));
    mockd3d12_free(profile);
    assert_int_equal(mockd3d12_get_adapter_details("intel-arc-a770", &details), S_OK);
    assert_int_equal(details.descriptor_handle_increment_size[D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV], 64);
    assert_int_equal(details.descriptor_handle_increment_size[D3D12_DESCRIPTOR_HEAP_TYPE_DSV], 144);
    assert_int_equal(details.graphics_preemption_granularity, 2);
    assert_true(details.has_umd_version);
    assert_true(details.umd_version == 8725724284654556ull);
    assert_true(details.has_video_memory_info);
    assert_true(details.budget[1] == 33515094016ull);
    assert_true(details.allow_tearing);
    /* Without a report: the defaults, and the driver version of its vendor's report of that package
     * (31.0.24033.1003, marked inferred: tools/gen_profiles.py UMD_VERSIONS). */
    assert_int_equal(mockd3d12_get_adapter_details("amd-rx-7900-xtx", &details), S_OK);
    assert_int_equal(details.dxgi_flags, 0x2c);
    assert_true(details.has_umd_version);
    assert_true(details.umd_version == ((31ull << 48) | (24033ull << 16) | 1003));
    assert_false(details.has_video_memory_info);
    assert_int_equal(details.descriptor_handle_increment_size[D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER], 32);
    assert_int_equal(mockd3d12_get_adapter_details("no-such-adapter", &details), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_adapter_details("warp", NULL), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_adapter_details(NULL, &details), E_INVALIDARG);

    /* Errors: an index past the adapters, a bad id, NULLs. */
    profile = (char *)"untouched";
    assert_int_equal(mockd3d12_import_d3d12info(text, size, "arc.json", 1, NULL, &profile, &count, error,
            sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "arc.json:"));
    assert_non_null(strstr(error, "no adapter 1: the report has 1"));
    assert_int_equal(mockd3d12_import_d3d12info(text, size, NULL, 0, "bad id", &profile, NULL, error, sizeof(error)),
            E_INVALIDARG);
    assert_non_null(strstr(error, "expected an id of 1 to 64"));
    assert_int_equal(mockd3d12_import_d3d12info(NULL, 0, NULL, 0, NULL, &profile, NULL, error, sizeof(error)),
            E_POINTER);
    assert_int_equal(mockd3d12_import_d3d12info(text, size, NULL, 0, NULL, NULL, NULL, error, sizeof(error)),
            E_POINTER);
    assert_string_equal(profile, "untouched");
    mockd3d12_free(text);
}

static void test_files_and_vulkan(void **state)
{
    char path[1200], error[512], *text = NULL, *profile = NULL;
    size_t size = 0;

    (void)state;
    snprintf(path, sizeof(path), "%s/reference/vulkaninfo-lavapipe.json", data_dir);
    assert_int_equal(mockd3d12_read_file(path, &text, &size, error, sizeof(error)), S_OK);
    assert_int_equal(strlen(text), size);
    assert_int_equal(mockd3d12_import_vulkan(text, size, path, "vkd3d", "my-lavapipe", &profile, error,
            sizeof(error)), S_OK);
    assert_non_null(strstr(profile, "\"id\": \"my-lavapipe\""));
    assert_non_null(strstr(profile, "\"derivedFrom\""));
    assert_int_equal(mockd3d12_register_profile(profile, error, sizeof(error)), S_OK);
    mockd3d12_free(profile);
    profile = NULL;
    /* The default rules and id; a NULL size. */
    assert_int_equal(mockd3d12_import_vulkan(text, size, NULL, NULL, NULL, &profile, NULL, 0), S_OK);
    assert_non_null(strstr(profile, "vkd3d-proton"));
    mockd3d12_free(profile);
    profile = (char *)"untouched";
    assert_int_equal(mockd3d12_import_vulkan(text, size, NULL, "no-such-rules", NULL, &profile, error,
            sizeof(error)), E_INVALIDARG);
    assert_non_null(strstr(error, "no-such-rules"));
    assert_string_equal(profile, "untouched");
    mockd3d12_free(text);
    assert_int_equal(mockd3d12_read_file(path, &text, NULL, NULL, 0), S_OK);
    mockd3d12_free(text);

    text = (char *)"untouched";
    assert_int_equal(mockd3d12_read_file("/nonexistent/report.json", &text, &size, error, sizeof(error)),
            E_INVALIDARG);
    assert_non_null(strstr(error, "/nonexistent/report.json"));
    assert_error_contains("mockd3d12_read_file: ");
    assert_string_equal(text, "untouched");
    assert_int_equal(mockd3d12_read_file(NULL, &text, &size, error, sizeof(error)), E_POINTER);
    assert_string_equal(error, "path is NULL");
    assert_error_contains("mockd3d12_read_file: path is NULL");
    assert_int_equal(mockd3d12_read_file(path, NULL, &size, error, sizeof(error)), E_POINTER);
    assert_error_contains("mockd3d12_read_file: text is NULL");

    profile = (char *)"untouched";
    assert_int_equal(mockd3d12_import_vulkan("{\"x\": 1}", 8, "r.json", NULL, NULL, &profile, error, sizeof(error)),
            E_INVALIDARG);
    assert_true(error[0] != 0);
    assert_error_contains("mockd3d12_import_vulkan: ");
    assert_error_contains(error);
    assert_string_equal(profile, "untouched");
    assert_int_equal(mockd3d12_import_vulkan("{", 1, "r.json", NULL, NULL, &profile, error, sizeof(error)),
            E_INVALIDARG);
    assert_int_equal(mockd3d12_import_vulkan("{}", 2, "r.json", "no-such-rules", NULL, &profile, error,
            sizeof(error)), E_INVALIDARG);
    assert_int_equal(mockd3d12_import_vulkan(NULL, 0, "r.json", NULL, NULL, &profile, error, sizeof(error)),
            E_POINTER);
    assert_string_equal(error, "report is NULL");
    assert_int_equal(mockd3d12_import_vulkan("{}", 2, "r.json", NULL, NULL, NULL, error, sizeof(error)), E_POINTER);
    assert_error_contains("mockd3d12_import_vulkan: profile_json is NULL");
}

/* What the other tests leave out: SDK versions past the tables' 16 bits, a
 * feature the runtime does not know yet, declared values read with no room
 * (the count alone), the rule of a field that is no profile field, the
 * import functions with a zero-sized error buffer, no origin and no count. */
static void test_reflect_edges(void **state)
{
    static const mockd3d12_runtime retail_612 = {MOCKD3D12_RUNTIME_RETAIL, 612, 713, 612, 713, FALSE};
    UINT raytracing = field_index("D3D12_OPTIONS5", "RaytracingTier");
    const char *cf = "untouched", *cm = "untouched", *source = "untouched";
    char path[1200], error[512], *text = NULL, *profile = NULL;
    unsigned char data[256];
    UINT count = 99;
    size_t size = 0;

    (void)state;
    /* Versions past 65535 read as "never". */
    assert_false(mockd3d12_runtime_knows(NULL, 0x10000, 0x10000));
    assert_true(mockd3d12_runtime_knows(NULL, 600, 0x12345));

    /* OPTIONS21 is from SDK 613 / 714: unknown to a 612 runtime, data untouched. */
    assert_int_equal(mockd3d12_set_runtime(&retail_612), S_OK);
    memset(data, 0x5a, sizeof(data));
    assert_int_equal(mockd3d12_get_adapter_feature("warp", (D3D12_FEATURE)53, data, 64), E_INVALIDARG);
    assert_error_contains("mockd3d12_get_adapter_feature: the runtime knows no D3D12_FEATURE 53");
    assert_int_equal(data[0], 0x5a);
    mockd3d12_reset();

    /* No room: the count alone. */
    assert_int_equal(mockd3d12_adapter_declared_values("nextgen", raytracing, NULL, 0, &count), S_OK);
    assert_int_equal(count, 1);

    assert_int_equal(mockd3d12_adapter_value_rule("nextgen", field_index("ARCHITECTURE", "NodeIndex"), &cf, &cm,
            &source), E_INVALIDARG);
    assert_error_contains("mockd3d12_adapter_value_rule: D3D12_FEATURE_DATA_ARCHITECTURE.NodeIndex is not a "
            "profile field");
    assert_string_equal(cf, "untouched");

    /* A zero-sized error buffer is left alone; the last error still says it. */
    strcpy(error, "untouched");
    assert_int_equal(mockd3d12_import_vulkan(NULL, 0, NULL, NULL, NULL, &profile, error, 0), E_POINTER);
    assert_string_equal(error, "untouched");
    assert_error_contains("mockd3d12_import_vulkan: report is NULL");
    assert_null(profile);

    /* No origin, no count. */
    snprintf(path, sizeof(path), "%s/adapters/reports/intel-arc-a770.json", data_dir);
    assert_int_equal(mockd3d12_read_file(path, &text, &size, error, sizeof(error)), S_OK);
    assert_int_equal(mockd3d12_import_d3d12info(text, size, NULL, 0, "arc-no-origin", &profile, NULL, error,
            sizeof(error)), S_OK);
    assert_non_null(strstr(profile, "\"id\": \"arc-no-origin\""));
    mockd3d12_free(profile);
    profile = NULL;
    assert_int_equal(mockd3d12_import_d3d12info("{}", 2, NULL, 0, NULL, &profile, NULL, error, sizeof(error)),
            E_INVALIDARG);
    assert_non_null(strstr(error, "<report>"));
    assert_null(profile);
    mockd3d12_free(text);
}

/* ---- Coverage rows: the control API's arguments, the machine's lists, zero sizes, no memory ---- */

/*
 * The control API's argument checks past what the rows above take: the NULL
 * and unknown arguments of mockd3d12_get_adapter_info, mockd3d12_machine_adapters,
 * mockd3d12_adapter_value_rule and the adapter object's QueryInterface; the
 * simulated machine's adapter list past its size, with a NULL id, out of
 * memory, and a MOCKD3D12_ADAPTERS id too long.
 * The allocator given zero sizes, zero-sized error buffers, short id lists,
 * and out of memory in the reflection functions that copy their answers.
 */

/* After each of these rows: no allocation failing, the control API reset. */
static int reset_teardown(void **state)
{
    (void)state;
    mk_alloc_fail_after(-1);
    mockd3d12_reset();
    return 0;
}

/* ---- The control API's arguments ---- */

static void test_control_arguments(void **state)
{
    mockd3d12_adapter_info info;
    const char *cf = SENTINEL, *cm = SENTINEL, *src = SENTINEL, *ids[2] = {SENTINEL, SENTINEL};
    IUnknown *adapter;
    void *out;
    UINT field;

    (void)state;
    memset(&info, 0xa5, sizeof(info));
    assert_int_equal(mockd3d12_get_adapter_info(NULL, &info), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_get_adapter_info: id_or_path is NULL");
    assert_int_equal(mockd3d12_get_adapter_info("warp", NULL), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_get_adapter_info: info is NULL");
    assert_int_equal(mockd3d12_get_adapter_info("no-such-adapter-id", &info), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "no-such-adapter-id"));

    assert_int_equal(mockd3d12_machine_adapters(NULL, 3), 0);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_machine_adapters: ids is NULL with capacity 3");
    assert_ptr_equal(ids[0], SENTINEL);

    assert_int_equal(mockd3d12_find_field("D3D12_OPTIONS", "TiledResourcesTier", &field), S_OK);
    assert_int_equal(mockd3d12_adapter_value_rule("warp", field, NULL, &cm, &src), E_POINTER);
    assert_non_null(strstr(mockd3d12_last_error(), "condition_field is NULL"));
    assert_int_equal(mockd3d12_adapter_value_rule("warp", field, &cf, NULL, &src), E_POINTER);
    assert_non_null(strstr(mockd3d12_last_error(), "condition_min is NULL"));
    assert_int_equal(mockd3d12_adapter_value_rule("warp", field, &cf, &cm, NULL), E_POINTER);
    assert_non_null(strstr(mockd3d12_last_error(), "source is NULL"));
    assert_ptr_equal(cf, SENTINEL);
    assert_ptr_equal(cm, SENTINEL);
    assert_ptr_equal(src, SENTINEL);

    /* The adapter object's IUnknown. */
    assert_int_equal(mockd3d12_get_adapter("warp", &adapter), S_OK);
    assert_int_equal(IUnknown_QueryInterface(adapter, &IID_IUnknown, NULL), E_POINTER);
    out = SENTINEL;
    assert_int_equal(IUnknown_QueryInterface(adapter, NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(IUnknown_Release(adapter), 0);
}

/* ---- The simulated machine's adapter list ---- */

/* mockd3d12_set_machine_adapters refuses more ids than the machine holds
 * and a NULL id, and fails whole when a copy cannot be made; a machine of
 * 16 hardware adapters (one more than the 15 beside WARP) and a
 * MOCKD3D12_ADAPTERS id of 1024 characters do not resolve. Each refusal
 * leaves the machine as it was. */
static void test_machine_lists(void **state)
{
    const char *ids[17], *got[4] = {NULL}, *two[2] = {"nvidia-rtx-4090", "warp"};
    static char long_id[1100];
    unsigned i;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_int_equal(mockd3d12_set_machine_adapters(two, 2), S_OK);
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 2);
    for (i = 0; i < 17; ++i)
        ids[i] = "nvidia-rtx-4090";

    assert_int_equal(mockd3d12_set_machine_adapters(ids, 17), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "17 ids, at most 16"));
    ids[1] = NULL;
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 2), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "ids[1] is NULL"));
    ids[1] = "nvidia-rtx-4090";
    for (i = 0; i < 2; ++i)
    {
        mk_alloc_fail_after(i); /* the list, then the first copy */
        assert_int_equal(mockd3d12_set_machine_adapters(ids, 2), E_OUTOFMEMORY);
        mk_alloc_fail_after(-1);
        assert_non_null(strstr(mockd3d12_last_error(), "out of memory"));
    }
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 2);
    assert_string_equal(got[0], "nvidia-rtx-4090");

    /* Sixteen hardware adapters are accepted as a list, and do not resolve. */
    assert_int_equal(mockd3d12_set_machine_adapters(ids, 16), S_OK);
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 0);
    assert_non_null(strstr(mockd3d12_last_error(), "more than 15 hardware adapters"));
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);

    memset(long_id, 'a', 1024);
    long_id[1024] = 0;
    test_setenv("MOCKD3D12_ADAPTERS", long_id);
    assert_int_equal(mockd3d12_machine_adapters(got, 4), 0);
    assert_non_null(strstr(mockd3d12_last_error(), "MOCKD3D12_ADAPTERS: id too long"));
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_true(mockd3d12_machine_adapters(got, 4) > 0);
}

/* ---- Zero sizes, zero-sized error buffers, short id lists ---- */

/* The allocator given zero sizes (one byte, never NULL); mk_read_file and
 * mockd3d12_register_profile with an error buffer of size 0 (left alone);
 * the machine's ids read with no room and with less room than it has
 * adapters; the adapter object asked for its IUnknown. */
static void test_zero_sizes_and_short_lists(void **state)
{
    const char *got[2] = {SENTINEL, SENTINEL};
    char error[16] = "untouched";
    IUnknown *adapter;
    void *p, *out;
    UINT count;

    (void)state;
    test_unsetenv("MOCKD3D12_ADAPTERS");
    assert_non_null(p = mk_alloc(0));
    mk_free(p);
    assert_non_null(p = mk_calloc(0, 8));
    mk_free(p);
    assert_non_null(p = mk_calloc(8, 0));
    assert_non_null(p = mk_realloc(p, 0));
    mk_free(p);
    mk_alloc_fail_skip_jansson(1);
    assert_non_null(p = mk_jansson_alloc(0));
    mk_alloc_fail_skip_jansson(0);
    free(p);

#ifndef _WIN32
    {
        const char *tmp = getenv("TMPDIR");
        char path[300];
        size_t size;
        FILE *f;
        unsigned i;

        assert_null(mk_read_file("/no/such/file.json", &size, error, 0));
        assert_null(mk_read_file("/", &size, error, 0)); /* opens, and its read fails */
        snprintf(path, sizeof(path), "%s/mockd3d12-read0-%ld.txt", tmp && *tmp ? tmp : "/tmp", (long)getpid());
        assert_non_null(f = fopen(path, "w"));
        for (i = 0; i < 5000; ++i)
            fputc('x', f);
        fclose(f);
        for (i = 0; i < 2; ++i)
        {
            mk_alloc_fail_after(i); /* the buffer, then its growth */
            assert_null(mk_read_file(path, &size, error, 0));
            mk_alloc_fail_after(-1);
        }
        unlink(path);
        assert_string_equal(error, "untouched");
    }
#endif
    assert_int_equal(mockd3d12_register_profile("{", error, 0), E_INVALIDARG);
    assert_string_equal(error, "untouched");
    assert_non_null(strstr(mockd3d12_last_error(), "mockd3d12_register_profile: "));

    /* The default machine: the default adapter and WARP. */
    count = mockd3d12_machine_adapters(NULL, 0);
    assert_int_equal(count, 2);
    assert_int_equal(mockd3d12_machine_adapters(got, 1), 2);
    assert_string_equal(got[0], mockd3d12_default_adapter_id());
    assert_ptr_equal(got[1], SENTINEL);

    assert_int_equal(mockd3d12_get_adapter("warp", &adapter), S_OK);
    out = SENTINEL;
    assert_int_equal(IUnknown_QueryInterface(adapter, &IID_IUnknown, &out), S_OK);
    assert_ptr_equal(out, adapter);
    assert_int_equal(IUnknown_Release((IUnknown *)out), 1);
    assert_int_equal(IUnknown_Release(adapter), 0);
}

/* ---- Out of memory in the reflection functions that copy their answers ---- */

/* mockd3d12_validate_profile_file's copy of its report and
 * mockd3d12_import_d3d12info's import, with each of mockd3d12's own
 * allocations failing in turn (jansson's are not failed: see alloc.h):
 * E_OUTOFMEMORY with nothing handed out, never a half answer. */
static void test_reflection_out_of_memory(void **state)
{
    const char *dir = getenv("MOCKD3D12_TEST_DATA");
    char path[1200], error[512], *report, *text = NULL, *profile;
    bool copy_failed = false, import_failed = false;
    size_t size = 0;
    HRESULT hr;
    long n;

    (void)state;
    snprintf(path, sizeof(path), "%s/profiles/good.json", dir ? dir : "tests/data");
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 200; ++n)
    {
        report = SENTINEL;
        mk_alloc_fail_after(n);
        hr = mockd3d12_validate_profile_file(path, &report);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            mockd3d12_free(report);
            break;
        }
        if (hr == E_OUTOFMEMORY && report == SENTINEL
                && !strcmp(mockd3d12_last_error(), "mockd3d12_validate_profile_file: out of memory"))
            copy_failed = true;
        else if (report == SENTINEL)
            fail_msg("step %ld: hr %#x, no report", n, (unsigned)hr);
        else
            mockd3d12_free(report);
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(n < 200);
    assert_true(copy_failed);

    snprintf(path, sizeof(path), "%s/../../data/adapters/reports/intel-arc-a770.json", dir ? dir : "tests/data");
    assert_int_equal(mockd3d12_read_file(path, &text, &size, error, sizeof(error)), S_OK);
    mk_alloc_fail_skip_jansson(1);
    for (n = 0; n < 2000; ++n)
    {
        profile = SENTINEL;
        mk_alloc_fail_after(n);
        hr = mockd3d12_import_d3d12info(text, size, "arc.json", 0, NULL, &profile, NULL, error, sizeof(error));
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            mockd3d12_free(profile);
            break;
        }
        if (hr != E_OUTOFMEMORY || profile != SENTINEL)
            fail_msg("step %ld: hr %#x (%s)", n, (unsigned)hr, error);
        import_failed = true;
    }
    mk_alloc_fail_skip_jansson(0);
    assert_true(n < 2000);
    assert_true(import_failed);
    mockd3d12_free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup(test_features, setup),
        cmocka_unit_test_setup(test_fields, setup),
        cmocka_unit_test_setup(test_enum_values, setup),
        cmocka_unit_test_setup(test_runtime_knows, setup),
        cmocka_unit_test_setup(test_runtime_knows_until, setup),
        cmocka_unit_test_setup(test_resolve_adapter, setup),
        cmocka_unit_test_setup(test_adapter_feature, setup),
        cmocka_unit_test_setup(test_adapter_values, setup),
        cmocka_unit_test_setup(test_value_origin, setup),
        cmocka_unit_test_setup(test_adapter_value_rule, setup),
        cmocka_unit_test_setup(test_adapter_parent, setup),
        cmocka_unit_test_setup(test_adapter_to_json, setup),
        cmocka_unit_test_setup(test_clamp_table, setup),
        cmocka_unit_test_setup(test_validate_profile_file, setup),
        cmocka_unit_test_setup(test_files_and_vulkan, setup),
        cmocka_unit_test_setup(test_import_d3d12info, setup),
        cmocka_unit_test_setup(test_reflect_edges, setup),
        cmocka_unit_test_setup_teardown(test_control_arguments, setup, reset_teardown),
        cmocka_unit_test_setup_teardown(test_machine_lists, setup, reset_teardown),
        cmocka_unit_test_setup_teardown(test_zero_sizes_and_short_lists, setup, reset_teardown),
        cmocka_unit_test_setup_teardown(test_reflection_out_of_memory, setup, reset_teardown),
    };
    const char *dir = getenv("MOCKD3D12_TEST_DATA");

    /* tests/data -> the repository's data/. */
    snprintf(data_dir, sizeof(data_dir), "%s/../../data", dir ? dir : "tests/data");
    return cmocka_run_group_tests(tests, NULL, setup);
}
