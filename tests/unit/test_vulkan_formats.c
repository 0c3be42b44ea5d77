/*
 * FORMAT_SUPPORT derived from a Vulkan report's format properties
 * (data/vulkan-formats.tsv, data/vulkan-format-rules.tsv,
 * src/caps/vulkan_formats.c), asked through a real device's
 * CheckFeatureSupport: the built-in vulkan-lavapipe adapter, reports edited
 * to remove features or formats, and the vkd3d rule set.
 *
 * Every expectation is worked out by hand from the lavapipe report
 * (data/reference/vulkaninfo-lavapipe.json); the comment above each row
 * quotes the report's features it follows from.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/caps.h"
#include "caps/format_rules.h"
#include "caps/vulkan.h"
#include "device.h"

#define S1(x) ((UINT)D3D12_FORMAT_SUPPORT1_##x)
#define S2(x) ((UINT)D3D12_FORMAT_SUPPORT2_##x)

/* The bits every fully-featured colour format of the lavapipe report gets:
 * VkFormatProperties3.optimalTilingFeatures = SAMPLED_IMAGE, STORAGE_IMAGE,
 * COLOR_ATTACHMENT, COLOR_ATTACHMENT_BLEND, BLIT_SRC, BLIT_DST,
 * SAMPLED_IMAGE_FILTER_LINEAR, TRANSFER_SRC, TRANSFER_DST,
 * STORAGE_WRITE_WITHOUT_FORMAT; bufferFeatures = UNIFORM_TEXEL_BUFFER,
 * STORAGE_TEXEL_BUFFER, VERTEX_BUFFER, STORAGE_WRITE_WITHOUT_FORMAT;
 * framebufferColorSampleCounts = 1, 4 (MULTISAMPLE_LOAD). */
#define LVP_COLOR1 (S1(BUFFER) | S1(IA_VERTEX_BUFFER) | S1(TEXTURE1D) | S1(TEXTURE2D) | S1(TEXTURE3D) \
        | S1(TEXTURECUBE) | S1(MIP) | S1(CAST_WITHIN_BIT_LAYOUT) | S1(SHADER_LOAD) | S1(SHADER_GATHER) \
        | S1(MULTISAMPLE_LOAD) | S1(SHADER_SAMPLE) | S1(RENDER_TARGET) | S1(MULTISAMPLE_RENDERTARGET) \
        | S1(MULTISAMPLE_RESOLVE) | S1(BLENDABLE) | S1(TYPED_UNORDERED_ACCESS_VIEW))
#define ATOMICS (S2(UAV_ATOMIC_ADD) | S2(UAV_ATOMIC_BITWISE_OPS) | S2(UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE) \
        | S2(UAV_ATOMIC_EXCHANGE) | S2(UAV_ATOMIC_SIGNED_MIN_OR_MAX) | S2(UAV_ATOMIC_UNSIGNED_MIN_OR_MAX))
/* D32_SFLOAT, D24_UNORM_S8_UINT: optimalTilingFeatures = SAMPLED_IMAGE,
 * DEPTH_STENCIL_ATTACHMENT, BLIT_SRC, BLIT_DST, TRANSFER_SRC, TRANSFER_DST,
 * SAMPLED_IMAGE_FILTER_MINMAX, SAMPLED_IMAGE_DEPTH_COMPARISON; depth-stencil
 * view formats: no shader bits, no TEXTURE3D (no colour aspect), no buffer. */
#define LVP_DEPTH1 (S1(TEXTURE1D) | S1(TEXTURE2D) | S1(TEXTURECUBE) | S1(MIP) | S1(CAST_WITHIN_BIT_LAYOUT) \
        | S1(DEPTH_STENCIL) | S1(MULTISAMPLE_RENDERTARGET))

struct format_row
{
    DXGI_FORMAT format;
    HRESULT hr;
    UINT support1, support2;
};

static const struct format_row lavapipe_rows[] =
{
    /* LVP_COLOR1; a display format with cast-compatible formats; no
     * STORAGE_READ_WITHOUT_FORMAT: UAV_TYPED_STORE only. */
    {DXGI_FORMAT_R8G8B8A8_UNORM, S_OK, LVP_COLOR1 | S1(DISPLAY) | S1(BACK_BUFFER_CAST), S2(UAV_TYPED_STORE)},
    {DXGI_FORMAT_B8G8R8A8_UNORM, S_OK, LVP_COLOR1 | S1(DISPLAY) | S1(BACK_BUFFER_CAST), S2(UAV_TYPED_STORE)},
    {DXGI_FORMAT_R10G10B10A2_UNORM, S_OK, LVP_COLOR1 | S1(DISPLAY) | S1(BACK_BUFFER_CAST), S2(UAV_TYPED_STORE)},
    /* Displayable, but R16G16B16A16_FLOAT casts to no other format. */
    {DXGI_FORMAT_R16G16B16A16_FLOAT, S_OK, LVP_COLOR1 | S1(DISPLAY), S2(UAV_TYPED_STORE)},
    /* R32_SFLOAT adds STORAGE_IMAGE_ATOMIC (the six atomics); a stream-output
     * format; its depth-stencil view (D32_SFLOAT) is depth-only: comparison
     * sampling; UAV_TYPED_LOAD is always reported for R32_FLOAT. */
    {DXGI_FORMAT_R32_FLOAT, S_OK, LVP_COLOR1 | S1(SO_BUFFER) | S1(SHADER_SAMPLE_COMPARISON)
            | S1(SHADER_GATHER_COMPARISON), S2(UAV_TYPED_LOAD) | S2(UAV_TYPED_STORE) | ATOMICS},
    {DXGI_FORMAT_D32_FLOAT, S_OK, LVP_DEPTH1, 0},
    /* lavapipe has D24_UNORM_S8_UINT with DEPTH_STENCIL_ATTACHMENT: no
     * fallback to D32_SFLOAT_S8_UINT. */
    {DXGI_FORMAT_D24_UNORM_S8_UINT, S_OK, LVP_DEPTH1, 0},
    /* BC1_RGBA_UNORM_BLOCK: SAMPLED_IMAGE, BLIT_SRC, FILTER_LINEAR,
     * TRANSFER_SRC/DST, no buffer features; 4x4 blocks: no TEXTURE1D. */
    {DXGI_FORMAT_BC1_UNORM, S_OK, S1(TEXTURE2D) | S1(TEXTURE3D) | S1(TEXTURECUBE) | S1(MIP)
            | S1(CAST_WITHIN_BIT_LAYOUT) | S1(SHADER_LOAD) | S1(SHADER_GATHER) | S1(SHADER_SAMPLE), 0},
    /* Typeless: no buffer, shader or render bits. */
    {DXGI_FORMAT_R8G8B8A8_TYPELESS, S_OK, S1(TEXTURE1D) | S1(TEXTURE2D) | S1(TEXTURE3D) | S1(TEXTURECUBE) | S1(MIP)
            | S1(CAST_WITHIN_BIT_LAYOUT), 0},
    /* G8_B8R8_2PLANE_420_UNORM is not in the report, but NV12's views
     * (R8_UNORM, R8G8_UNORM, ...) are: a planar format unites their
     * features, TEXTURE2D only; planar formats count as typeless, so no
     * MULTISAMPLE_RESOLVE or LOGIC_OP. */
    {DXGI_FORMAT_NV12, S_OK, S1(TEXTURE2D) | S1(SHADER_LOAD) | S1(SHADER_GATHER) | S1(MULTISAMPLE_LOAD)
            | S1(SHADER_SAMPLE) | S1(RENDER_TARGET) | S1(MULTISAMPLE_RENDERTARGET) | S1(BLENDABLE)
            | S1(TYPED_UNORDERED_ACCESS_VIEW), S2(UAV_TYPED_STORE)},
    /* No VkFormat in vkd3d-proton's table: not supported. */
    {DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, E_FAIL, 0, 0},
    {DXGI_FORMAT_YUY2, E_FAIL, 0, 0},
};

static ID3D12Device *device_for(const struct caps_adapter *adapter)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
    struct mk_device *device;

    assert_int_equal(mk_device_create(adapter, &runtime, D3D_FEATURE_LEVEL_11_0, &device), S_OK);
    return (ID3D12Device *)&device->ID3D12Device17_iface;
}

/* One row's FORMAT_SUPPORT answer, a mismatch reported as row `index` (`name`). */
static void check_row(struct row_failures *failures, unsigned index, const char *name, ID3D12Device *device,
        const struct format_row *row)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT d;
    HRESULT hr;

    d.Format = row->format;
    d.Support1 = (D3D12_FORMAT_SUPPORT1)0x5a5a5a5a;
    d.Support2 = (D3D12_FORMAT_SUPPORT2)0x5a5a5a5a;
    hr = ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &d, sizeof(d));
    if (hr != row->hr)
        row_fail(failures, index, name, "format %u: hr %#x, expected %#x.", row->format, (unsigned)hr,
                (unsigned)row->hr);
    if (FAILED(hr))
    {
        if (d.Support1 != 0x5a5a5a5a || d.Support2 != 0x5a5a5a5a)
            row_fail(failures, index, name, "written on failure.");
        return;
    }
    if (d.Support1 != row->support1)
        row_fail(failures, index, name, "format %u: Support1 %#x, expected %#x (extra %#x, missing %#x).",
                row->format, (unsigned)d.Support1, row->support1, (unsigned)(d.Support1 & ~row->support1),
                (unsigned)(row->support1 & ~d.Support1));
    if (d.Support2 != row->support2)
        row_fail(failures, index, name, "format %u: Support2 %#x, expected %#x.", row->format, (unsigned)d.Support2,
                row->support2);
}

static void test_lavapipe_format_support(void **state)
{
    struct row_failures failures = {0};
    const struct caps_adapter *adapter;
    const struct caps_format_rule *rule;
    ID3D12Device *device;
    char error[512];
    unsigned i;

    (void)state;
    if (!(adapter = caps_adapter_lookup("vulkan-lavapipe", error, sizeof(error))))
        fail_msg("vulkan-lavapipe is not registered: %s", error);
    device = device_for(adapter);
    for (i = 0; i < ARRAY_SIZE(lavapipe_rows); ++i)
    {
        rule = caps_format_rule(lavapipe_rows[i].format);
        check_row(&failures, i, rule ? caps_format_rule_name(rule) : "not a format", device, &lavapipe_rows[i]);
    }
    ID3D12Device_Release(device);
    rows_done(&failures);
}

/* ---- edited reports ---- */

struct edit
{
    const char *path; /* under capabilities.device.formats, '/'-separated */
    const char *json; /* NULL: delete */
};

static char *edited_report(const struct edit *edit)
{
    const struct caps_vulkan_embedded *e = &caps_vulkan_embedded_reports[0];
    json_t *root = json_loadb(e->text, e->length, JSON_DECODE_INT_AS_REAL, NULL), *node, *parent = NULL;
    char token[128];
    const char *p;
    char *text;
    size_t n;

    assert_non_null(root);
    node = json_object_get(json_object_get(json_object_get(root, "capabilities"), "device"), "formats");
    if (!edit->path[0])
    {
        /* The whole "formats" section. */
        json_object_del(json_object_get(json_object_get(root, "capabilities"), "device"), "formats");
        goto done;
    }
    for (p = edit->path; *p; p += n + (p[n] == '/'))
    {
        n = strcspn(p, "/");
        snprintf(token, sizeof(token), "%.*s", (int)n, p);
        parent = node;
        if (p[n] && !(node = json_object_get(parent, token)))
            fail_msg("edit %s: no %s", edit->path, token);
    }
    if (edit->json)
        json_object_set_new(parent, token, json_loads(edit->json, JSON_DECODE_ANY, NULL));
    else if (json_object_del(parent, token))
        fail_msg("edit %s: nothing to delete", edit->path);
done:
    text = json_dumps(root, 0);
    json_decref(root);
    return text;
}

struct edited_row
{
    const char *what;
    const char *rules;
    struct edit edit;
    struct format_row row;
    const char *provenance; /* a substring of metadata.formatsDerivedFrom for the row's format */
};

static const struct edited_row edited_rows[] =
{
    /* COLOR_ATTACHMENT removed from R8G8B8A8_UNORM's optimal features: no
     * RENDER_TARGET, MULTISAMPLE_RENDERTARGET, MULTISAMPLE_RESOLVE or
     * MULTISAMPLE_LOAD; BLENDABLE and STORAGE went with the same edit. */
    {"no colour attachment", NULL, {"VK_FORMAT_R8G8B8A8_UNORM/VkFormatProperties3/optimalTilingFeatures",
            "[\"VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT\", \"VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT\","
            " \"VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT\", \"VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT\"]"},
            {DXGI_FORMAT_R8G8B8A8_UNORM, S_OK, S1(BUFFER) | S1(IA_VERTEX_BUFFER) | S1(TEXTURE1D) | S1(TEXTURE2D)
            | S1(TEXTURE3D) | S1(TEXTURECUBE) | S1(MIP) | S1(CAST_WITHIN_BIT_LAYOUT) | S1(DISPLAY)
            | S1(BACK_BUFFER_CAST) | S1(SHADER_LOAD) | S1(SHADER_GATHER) | S1(SHADER_SAMPLE), 0},
            "optimalTilingFeatures = SAMPLED_IMAGE,SAMPLED_IMAGE_FILTER_LINEAR,TRANSFER_SRC,TRANSFER_DST"},
    /* Buffer features removed: no BUFFER, no IA_VERTEX_BUFFER. */
    {"no buffer features", NULL, {"VK_FORMAT_R32_SFLOAT/VkFormatProperties3/bufferFeatures", "[]"},
            {DXGI_FORMAT_R32_FLOAT, S_OK, (LVP_COLOR1 & ~(S1(BUFFER) | S1(IA_VERTEX_BUFFER))) | S1(SO_BUFFER)
            | S1(SHADER_SAMPLE_COMPARISON) | S1(SHADER_GATHER_COMPARISON),
            S2(UAV_TYPED_LOAD) | S2(UAV_TYPED_STORE) | ATOMICS}, "bufferFeatures = (none)"},
    /* The format is gone from the report: no features, not supported. */
    {"format missing", NULL, {"VK_FORMAT_R8G8B8A8_UNORM", NULL}, {DXGI_FORMAT_R8G8B8A8_UNORM, E_FAIL, 0, 0},
            "VK_FORMAT_R8G8B8A8_UNORM is not in the report"},
    /* D24_UNORM_S8_UINT without DEPTH_STENCIL_ATTACHMENT: the layers use
     * D32_SFLOAT_S8_UINT instead (same features in lavapipe). */
    {"D24S8 fallback", NULL, {"VK_FORMAT_D24_UNORM_S8_UINT/VkFormatProperties3/optimalTilingFeatures", "[]"},
            {DXGI_FORMAT_D24_UNORM_S8_UINT, S_OK, LVP_DEPTH1, 0}, "VK_FORMAT_D32_SFLOAT_S8_UINT (the fallback)"},
    /* vkd3d (Wine) reads VkFormatProperties linear | optimal: the same
     * features here, but no CAST/DISPLAY/BACK_BUFFER_CAST bits, MIP from
     * FILTER_LINEAR, MULTISAMPLE_RESOLVE from BLIT_SRC, UAV_TYPED_STORE with
     * any storage image, no UAV_TYPED_LOAD (shaderStorageImageReadWithoutFormat
     * is false). */
    {"vkd3d R8G8B8A8_UNORM", "vkd3d", {"VK_FORMAT_R8G8B8A8_UNORM/VkFormatProperties3/bufferFeatures", "[]"},
            {DXGI_FORMAT_R8G8B8A8_UNORM, S_OK, LVP_COLOR1 & ~S1(CAST_WITHIN_BIT_LAYOUT), S2(UAV_TYPED_STORE)},
            "VkFormatProperties.linearTilingFeatures | optimalTilingFeatures"},
    /* vkd3d removes the UAV bits of B8G8R8A8_UNORM. */
    {"vkd3d B8G8R8A8_UNORM", "vkd3d", {"VK_FORMAT_B8G8R8A8_UNORM/VkFormatProperties3/bufferFeatures", "[]"},
            {DXGI_FORMAT_B8G8R8A8_UNORM, S_OK, LVP_COLOR1 & ~(S1(CAST_WITHIN_BIT_LAYOUT)
            | S1(TYPED_UNORDERED_ACCESS_VIEW)), 0}, "(clear)"},
    /* vkd3d's A8_UNORM is R8_UNORM; vkd3d-proton's R9G9B9E5 has no vkd3d
     * mapping. */
    {"vkd3d unmapped", "vkd3d", {"VK_FORMAT_R8_UNORM/VkFormatProperties3/bufferFeatures", "[]"},
            {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, E_FAIL, 0, 0}, "no VkFormat in the vkd3d format table"},
};

static void test_edited_reports(void **state)
{
    char error[1024], id[32], name[96], *report, *profile;
    struct row_failures failures = {0};
    const struct caps_adapter *adapter;
    const char *from;
    ID3D12Device *device;
    json_t *root;
    size_t i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(edited_rows); ++i)
    {
        const struct edited_row *row = &edited_rows[i];

        report = edited_report(&row->edit);
        snprintf(id, sizeof(id), "vkfmt-%zu", i);
        profile = caps_vulkan_import(report, strlen(report), "test", row->rules, id, error, sizeof(error));
        free(report);
        if (!profile)
        {
            row_fail(&failures, (unsigned)i, row->what, "import failed: %s", error);
            continue;
        }
        root = json_loads(profile, 0, NULL);
        assert_non_null(root);
        snprintf(name, sizeof(name), "DXGI_FORMAT_%s", caps_format_rule_name(caps_format_rule(row->row.format)));
        from = json_string_value(json_object_get(json_object_get(json_object_get(root, "metadata"),
                "formatsDerivedFrom"), name));
        if (!from || !strstr(from, row->provenance))
            row_fail(&failures, (unsigned)i, row->what, "formatsDerivedFrom.%s is '%s', expected it to mention '%s'.",
                    name, from ? from : "(none)", row->provenance);
        json_decref(root);
        if (FAILED(caps_profile_load(profile, strlen(profile), "test", true, &adapter, error, sizeof(error))))
        {
            row_fail(&failures, (unsigned)i, row->what, "the derived profile does not load: %s", error);
            free(profile);
            continue;
        }
        free(profile);
        device = device_for(adapter);
        check_row(&failures, (unsigned)i, row->what, device, &row->row);
        ID3D12Device_Release(device);
    }
    rows_done(&failures);
}

/* Without a "formats" section the profile has no "formats" key (the
 * feature-level rules answer) and the section is listed as absent. */
static void test_no_formats_section(void **state)
{
    static const struct edit edit = {"", NULL};
    char error[512], *report, *profile;
    json_t *root, *absent;
    bool listed = false;
    size_t i;

    (void)state;
    report = edited_report(&edit);
    profile = caps_vulkan_import(report, strlen(report), "test", NULL, "vkfmt-none", error, sizeof(error));
    if (!profile)
        fail_msg("import failed: %s", error);
    root = json_loads(profile, 0, NULL);
    assert_non_null(root);
    assert_null(json_object_get(root, "formats"));
    assert_null(json_object_get(json_object_get(root, "metadata"), "formatsDerivedFrom"));
    absent = json_object_get(json_object_get(root, "metadata"), "absentInputs");
    for (i = 0; i < json_array_size(absent); ++i)
        listed |= !strcmp(json_string_value(json_array_get(absent, i)), "capabilities.device.formats");
    assert_true(listed);
    json_decref(root);
    free(profile);
    free(report);
}

/* Every DXGI format with a rule has an entry under each rule set, and the
 * metadata says where each came from. */
static void test_every_format_written(void **state)
{
    static const char *const rule_sets[] = {"vkd3d-proton", "vkd3d"};
    const struct caps_vulkan_embedded *e = &caps_vulkan_embedded_reports[0];
    struct row_failures failures = {0};
    char error[512], *profile;
    json_t *root, *formats, *from;
    size_t r, i, expected;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(rule_sets); ++r)
    {
        profile = caps_vulkan_import(e->text, e->length, "test", rule_sets[r], NULL, error, sizeof(error));
        if (!profile)
        {
            row_fail(&failures, (unsigned)r, rule_sets[r], "%s", error);
            continue;
        }
        root = json_loads(profile, 0, NULL);
        formats = json_object_get(root, "formats");
        from = json_object_get(json_object_get(root, "metadata"), "formatsDerivedFrom");
        for (i = expected = 0; i < caps_vulkan_format_map_count; ++i)
            expected += caps_vulkan_format_maps[i].rules == (r ? CAPS_VULKAN_RULES_VKD3D : CAPS_VULKAN_RULES_VKD3D_PROTON);
        if (json_object_size(formats) != expected || json_object_size(from) != expected)
            row_fail(&failures, (unsigned)r, rule_sets[r], "%zu formats, %zu provenance entries, expected %zu.",
                    json_object_size(formats), json_object_size(from), expected);
        json_decref(root);
        free(profile);
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_lavapipe_format_support),
        cmocka_unit_test(test_edited_reports),
        cmocka_unit_test(test_no_formats_section),
        cmocka_unit_test(test_every_format_written),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
