/*
 * The clamp engine (src/clamp/clamp_engine.c) on its own: clamp_apply on a
 * scratch struct with real table facts, one row per rule and per version
 * boundary of the reference data; the clamp table it prints, whole and cut
 * to one field or struct. Rows that need a profile's newValues are in
 * test_clamp_device.c (they need the adapter database).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "portable.h"

#include "alloc.h"
#include "clamp/clamp.h"
#include "mk_tables.h"

static int find_enum_value(unsigned enum_index, const char *name)
{
    unsigned i;

    for (i = 0; i < mk_enums[enum_index].value_count; ++i)
    {
        if (!strcmp(mk_enum_value_name_at(mk_enums[enum_index].first_value + i), name))
            return (int)i;
    }
    return -1;
}

#define RETAIL(s, p) {MOCKD3D12_RUNTIME_RETAIL, s, p, 620, 721, FALSE}
#define PREVIEW(s, p) {MOCKD3D12_RUNTIME_PREVIEW, s, p, 620, 721, FALSE}

/* "retail 620/721", with the cutoff and retroactive mode where they are not
 * the defaults. */
static const char *runtime_name(const mockd3d12_runtime *r, char *text, size_t size)
{
    int n = snprintf(text, size, "%s %u/%u", r->kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
            r->sdk_version, r->preview_sdk_version);

    if (n >= 0 && (size_t)n < size && (r->cutoff_sdk_version != 620 || r->cutoff_preview_sdk_version != 721))
        n += snprintf(text + n, size - (size_t)n, " cutoff %u/%u", r->cutoff_sdk_version, r->cutoff_preview_sdk_version);
    if (n >= 0 && (size_t)n < size && r->retroactive)
        snprintf(text + n, size - (size_t)n, " retroactive");
    return text;
}

struct report
{
    const struct mk_field *field;
    uint32_t before, after;
};

struct reports
{
    unsigned count;
    struct report r[16];
};

/* clamp_apply for a runtime and a version, with no declared value; its
 * events as reports (`reports` NULL: dropped). */
static unsigned apply(const mockd3d12_runtime *runtime, const struct mk_feature *feature, UINT sdk_version,
        bool legacy, void *data, struct reports *reports)
{
    const struct clamp_query query = {runtime, sdk_version, legacy, NULL, 0};
    struct clamp_event events[CLAMP_MAX_EVENTS];
    unsigned i, count = clamp_apply(&query, feature, data, events, CLAMP_MAX_EVENTS);

    assert_true(count <= CLAMP_MAX_EVENTS);
    for (i = 0; reports && i < count; ++i)
    {
        assert_true(reports->count < 16);
        reports->r[reports->count].field = &mk_fields[events[i].field_index];
        reports->r[reports->count].before = events[i].before;
        reports->r[reports->count].after = events[i].after;
        ++reports->count;
    }
    return count;
}

static const struct mk_feature *feature_named(const char *name)
{
    int i = mk_feature_find(name);

    if (i < 0)
        fail_msg("no feature %s in the tables", name);
    return &mk_features[i];
}

static const struct mk_field *field_named(const struct mk_feature *feature, const char *name)
{
    int i = mk_field_find(feature->struct_index, name);

    if (i < 0)
        fail_msg("no field %s in %s", name, mk_feature_name(feature));
    return &mk_fields[i];
}

/* A value as a row writes it: a number, or a member name of the field's enum. */
static uint32_t value_named(const struct mk_field *field, const char *text)
{
    int i;

    if (text[0] >= '0' && text[0] <= '9')
        return (uint32_t)strtoul(text, NULL, 0);
    assert_true(field->enum_index >= 0);
    if ((i = find_enum_value((unsigned)field->enum_index, text)) < 0)
        fail_msg("no value %s for %s", text, mk_field_name(field));
    return mk_enum_values[mk_enums[field->enum_index].first_value + i].value;
}

struct clamp_row
{
    const char *feature, *field;
    const char *true_value;
    mockd3d12_runtime runtime;
    UINT sdk_version;
    bool legacy;
    const char *expected;
};

static const struct clamp_row clamp_rows[] =
{
    /* Rule 4: RAYTRACING_TIER_1_2 (616 / 717) predates the cutoff: never clamped. */
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", RETAIL(620, 721), 615, false, "D3D12_RAYTRACING_TIER_1_2"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", RETAIL(620, 721), 4, false, "D3D12_RAYTRACING_TIER_1_2"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", PREVIEW(620, 721), 716, false, "D3D12_RAYTRACING_TIER_1_2"},
    /* Rule 5: legacy is pinned below the cutoff; 1.2 is below it. */
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", RETAIL(620, 721), 0, true, "D3D12_RAYTRACING_TIER_1_2"},
    /* Beyond the spec: retroactive mode reproduces the motivating bug's fix. */
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {0, 620, 721, 620, 721, TRUE}, 615, false, "D3D12_RAYTRACING_TIER_1_1"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {0, 620, 721, 620, 721, TRUE}, 616, false, "D3D12_RAYTRACING_TIER_1_2"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {1, 620, 721, 620, 721, TRUE}, 716, false, "D3D12_RAYTRACING_TIER_1_1"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {1, 620, 721, 620, 721, TRUE}, 717, false, "D3D12_RAYTRACING_TIER_1_2"},
    /* Retroactive mode does not move the legacy pin. */
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {0, 620, 721, 620, 721, TRUE}, 0, true, "D3D12_RAYTRACING_TIER_1_2"},
    /* A cutoff moved back to 616 / 717 makes 1.2 post-cutoff. */
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {0, 620, 721, 616, 717, FALSE}, 615, false, "D3D12_RAYTRACING_TIER_1_1"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {0, 620, 721, 616, 717, FALSE}, 616, false, "D3D12_RAYTRACING_TIER_1_2"},
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_2", {0, 620, 721, 616, 717, FALSE}, 0, true, "D3D12_RAYTRACING_TIER_1_1"},
    /* Lower tiers are untouched whatever happens to higher ones. */
    {"D3D12_OPTIONS5", "RaytracingTier", "D3D12_RAYTRACING_TIER_1_0", {0, 620, 721, 0, 0, TRUE}, 4, false, "D3D12_RAYTRACING_TIER_1_0"},

    /* The preview-715 WORK_GRAPHS_TIER_1_1 predates CheckFeatureSupport1: never clamped. */
    {"D3D12_OPTIONS21", "WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_1", PREVIEW(620, 721), 714, false, "D3D12_WORK_GRAPHS_TIER_1_1"},
    {"D3D12_OPTIONS21", "WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_1", PREVIEW(620, 721), 620, false, "D3D12_WORK_GRAPHS_TIER_1_1"},
    {"D3D12_OPTIONS21", "WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_1", PREVIEW(620, 721), 0, true, "D3D12_WORK_GRAPHS_TIER_1_1"},
    {"D3D12_OPTIONS21", "WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_1", {1, 620, 721, 620, 721, TRUE}, 714, false, "D3D12_WORK_GRAPHS_TIER_1_0"},
    {"D3D12_OPTIONS21", "WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_1", {1, 620, 721, 620, 721, TRUE}, 620, false, "D3D12_WORK_GRAPHS_TIER_1_0"},
    {"D3D12_OPTIONS21", "WorkGraphsTier", "D3D12_WORK_GRAPHS_TIER_1_1", {1, 620, 721, 620, 721, TRUE}, 715, false, "D3D12_WORK_GRAPHS_TIER_1_1"},

    /* The preview-721 structs: whole struct clamped for 720 and retail 620. */
    {"PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0", PREVIEW(620, 721), 720, false, "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_NOT_SUPPORTED"},
    {"PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0", PREVIEW(620, 721), 620, false, "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_NOT_SUPPORTED"},
    {"PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0", PREVIEW(620, 721), 721, false, "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0"},
    {"PARTIAL_GRAPHICS_PROGRAMS", "PartialGraphicsProgramsTier", "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0", PREVIEW(620, 721), 0, true, "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_NOT_SUPPORTED"},
    {"DUMP_FILE", "DumpFileDriverTier", "D3D12_DUMP_FILE_DRIVER_TIER_2", PREVIEW(620, 721), 720, false, "D3D12_DUMP_FILE_DRIVER_TIER_NOT_SUPPORTED"},
    {"DUMP_FILE", "DumpFileDriverTier", "D3D12_DUMP_FILE_DRIVER_TIER_2", PREVIEW(620, 721), 620, false, "D3D12_DUMP_FILE_DRIVER_TIER_NOT_SUPPORTED"},
    {"DUMP_FILE", "DumpFileDriverTier", "D3D12_DUMP_FILE_DRIVER_TIER_2", PREVIEW(620, 721), 721, false, "D3D12_DUMP_FILE_DRIVER_TIER_2"},
    {"DUMP_FILE", "DumpFileDriverTier", "D3D12_DUMP_FILE_DRIVER_TIER_2", PREVIEW(620, 721), 0, true, "D3D12_DUMP_FILE_DRIVER_TIER_NOT_SUPPORTED"},
    {"DUMP_FILE", "SupportedByOS", "1", PREVIEW(620, 721), 720, false, "0"},
    {"DUMP_FILE", "SupportedByOS", "1", PREVIEW(620, 721), 721, false, "1"},
    {"DUMP_FILE", "DumpFileDriverOptionsMask", "0x7", PREVIEW(620, 721), 719, false, "0"},
    {"GUID_TEXTURE_LAYOUT", "GuidTextureLayoutTier", "D3D12_GUID_TEXTURE_LAYOUT_TIER_1", PREVIEW(620, 721), 720, false, "D3D12_GUID_TEXTURE_LAYOUT_TIER_NOT_SUPPORTED"},
    {"GUID_TEXTURE_LAYOUT", "GuidTextureLayoutTier", "D3D12_GUID_TEXTURE_LAYOUT_TIER_1", PREVIEW(620, 721), 620, false, "D3D12_GUID_TEXTURE_LAYOUT_TIER_NOT_SUPPORTED"},
    {"GUID_TEXTURE_LAYOUT", "GuidTextureLayoutTier", "D3D12_GUID_TEXTURE_LAYOUT_TIER_1", PREVIEW(620, 721), 721, false, "D3D12_GUID_TEXTURE_LAYOUT_TIER_1"},
    {"GUID_TEXTURE_LAYOUT", "Support1", "0x1", PREVIEW(620, 721), 720, false, "0"},
    {"GUID_TEXTURE_LAYOUT", "GuidSupported", "1", PREVIEW(620, 721), 720, false, "0"},
    /* A cutoff at 722 makes the 721 structs pre-cutoff again. */
    {"DUMP_FILE", "DumpFileDriverTier", "D3D12_DUMP_FILE_DRIVER_TIER_2", {1, 620, 721, 621, 722, FALSE}, 720, false, "D3D12_DUMP_FILE_DRIVER_TIER_2"},

    /* Post-cutoff fields of an older struct: BOOL -> 0. */
    {"D3D12_OPTIONS_PREVIEW", "UAVOfDepthStencilSupported", "1", PREVIEW(620, 721), 720, false, "0"},
    {"D3D12_OPTIONS_PREVIEW", "UAVOfDepthStencilSupported", "1", PREVIEW(620, 721), 721, false, "1"},
    {"D3D12_OPTIONS_PREVIEW", "UAVOfDepthStencilSupported", "1", PREVIEW(620, 721), 0, true, "0"},
    /* ...while its 719 fields, older than the cutoff, stay. */
    {"D3D12_OPTIONS_PREVIEW", "MaxGroupSharedMemoryPerGroupCS", "65536", PREVIEW(620, 721), 720, false, "65536"},
    {"D3D12_OPTIONS_PREVIEW", "MaxGroupSharedMemoryPerGroupCS", "65536", PREVIEW(620, 721), 0, true, "65536"},
    {"D3D12_OPTIONS_PREVIEW", "MaxGroupSharedMemoryPerGroupCS", "65536", {1, 620, 721, 620, 721, TRUE}, 718, false, "0"},

    /* Version enums are ordered like tiers. */
    {"SHADER_MODEL", "HighestShaderModel", "D3D_SHADER_MODEL_6_10", PREVIEW(620, 721), 718, false, "D3D_SHADER_MODEL_6_10"},
    {"SHADER_MODEL", "HighestShaderModel", "D3D_SHADER_MODEL_6_10", {1, 620, 721, 620, 721, TRUE}, 718, false, "D3D_SHADER_MODEL_6_9"},
    {"SHADER_MODEL", "HighestShaderModel", "D3D_SHADER_MODEL_6_10", {0, 620, 721, 619, 719, FALSE}, 618, false, "D3D_SHADER_MODEL_6_9"},
    {"SHADER_MODEL", "HighestShaderModel", "D3D_SHADER_MODEL_6_10", {0, 620, 721, 619, 719, FALSE}, 619, false, "D3D_SHADER_MODEL_6_10"},

    /* Flags: only the clamped bits go (clamp_apply itself; the walk never
     * clamps FORMAT_SUPPORT). DISPLAYABLE is 618 / 719. */
    {"FORMAT_SUPPORT", "Support2", "0x10001", {0, 620, 721, 618, 719, FALSE}, 617, false, "0x1"},
    {"FORMAT_SUPPORT", "Support2", "0x10001", {0, 620, 721, 618, 719, FALSE}, 618, false, "0x10001"},
    {"FORMAT_SUPPORT", "Support2", "0x10001", {1, 620, 721, 620, 721, TRUE}, 718, false, "0x1"},
    {"FORMAT_SUPPORT", "Support2", "0x10001", {1, 620, 721, 620, 721, TRUE}, 719, false, "0x10001"},
    {"FORMAT_SUPPORT", "Support2", "0x10001", PREVIEW(620, 721), 718, false, "0x10001"},
    /* Unnamed bits have no facts and are never clamped. */
    {"FORMAT_SUPPORT", "Support2", "0x80000000", {1, 620, 721, 0, 0, TRUE}, 4, false, "0x80000000"},
};

static void test_clamp_rows(void **state)
{
    unsigned char data[1024], before[1024];
    struct row_failures failures = {0};
    char runtime[64], name[192];
    unsigned i, j, count;
    (void)state;

    for (i = 0; i < sizeof(clamp_rows) / sizeof(*clamp_rows); ++i)
    {
        const struct clamp_row *row = &clamp_rows[i];
        const struct mk_feature *feature = feature_named(row->feature);
        const struct mk_field *field = field_named(feature, row->field);
        const struct mk_struct *desc = &mk_structs[feature->struct_index];
        uint32_t true_value = value_named(field, row->true_value), expected = value_named(field, row->expected);
        struct reports reports = {0};
        uint64_t got;

        snprintf(name, sizeof(name), "%s.%s = %s, %s, s=%u%s", row->feature, row->field, row->true_value,
                runtime_name(&row->runtime, runtime, sizeof(runtime)), row->sdk_version, row->legacy ? " legacy" : "");
        assert_true(desc->size <= sizeof(data));
        memset(data, 0, sizeof(data));
        mk_field_set(data, field, true_value);
        memcpy(before, data, sizeof(data));
        count = apply(&row->runtime, feature, row->sdk_version, row->legacy, data, &reports);
        got = mk_field_get(data, field);
        if (got != expected)
            row_fail(&failures, i, name, "got %#llx, expected %s", (unsigned long long)got, row->expected);
        /* One report per lowered field, with the true and the reported value. */
        if (count != reports.count || count != (expected != true_value))
            row_fail(&failures, i, name, "%u clamps, %u reports, expected %u", count, reports.count,
                    expected != true_value);
        if (count && reports.count)
        {
            if (reports.r[0].field != field)
                row_fail(&failures, i, name, "the report names %s", mk_field_name(reports.r[0].field));
            if (reports.r[0].before != true_value)
                row_fail(&failures, i, name, "reported before %#x, expected %#x", reports.r[0].before, true_value);
            if (reports.r[0].after != expected)
                row_fail(&failures, i, name, "reported after %#x, expected %#x", reports.r[0].after, expected);
        }
        /* Nothing else in the struct moved, and nothing past it. */
        mk_field_set(data, field, true_value);
        for (j = 0; j < sizeof(data); ++j)
        {
            if (data[j] != before[j])
            {
                row_fail(&failures, i, name, "byte %u changed", j);
                break;
            }
        }
    }
    rows_done(&failures);
}

/* A whole-struct clamp zeroes every output field, reports each changed one
 * once and leaves the inputs (GUID_TEXTURE_LAYOUT.pDesc) alone. */
static void test_whole_struct(void **state)
{
    static const mockd3d12_runtime runtime = PREVIEW(620, 721);
    const struct mk_feature *feature = feature_named("GUID_TEXTURE_LAYOUT");
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    const struct mk_field *input = field_named(feature, "pDesc");
    unsigned char data[1024], canary[sizeof(void *)];
    struct reports reports = {0};
    struct row_failures failures = {0};
    unsigned i, outputs = 0, count;
    (void)state;

    memset(data, 0x5a, sizeof(data));
    memcpy(canary, data + input->offset, sizeof(canary));
    count = apply(&runtime, feature, 720, false, data, &reports);
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *f = &mk_fields[i];
        unsigned j;

        if (f->dir == MK_DIR_IN)
            continue;
        ++outputs;
        for (j = 0; j < f->size; ++j)
        {
            if (data[f->offset + j])
            {
                row_fail(&failures, i - desc->first_field, mk_field_name(f), "not zeroed (byte %u is %#x)", j,
                        data[f->offset + j]);
                break;
            }
        }
    }
    rows_done(&failures);
    assert_int_equal(input->dir, MK_DIR_IN);
    assert_memory_equal(data + input->offset, canary, sizeof(canary));
    assert_true(outputs >= 4);
    assert_int_equal(count, outputs);
    assert_int_equal(reports.count, outputs);
    for (i = 0; i < reports.count; ++i)
    {
        if (reports.r[i].after)
            row_fail(&failures, i, mk_field_name(reports.r[i].field), "reported after %#x, expected 0",
                    reports.r[i].after);
    }
    rows_done(&failures);
    assert_int_equal(data[desc->size], 0x5a);

    /* A 721 caller sees the struct as it is. */
    memset(data, 0x5a, sizeof(data));
    assert_int_equal(apply(&runtime, feature, 721, false, data, NULL), 0);
    for (i = 0; i < desc->size; ++i)
        assert_int_equal(data[i], 0x5a);
}

/* Without room for its events the engine still clamps, and counts them. */
static void test_no_report(void **state)
{
    static const mockd3d12_runtime runtime = PREVIEW(620, 721);
    const struct mk_feature *feature = feature_named("PARTIAL_GRAPHICS_PROGRAMS");
    const struct mk_field *field = field_named(feature, "PartialGraphicsProgramsTier");
    const struct clamp_query query = {&runtime, 720, false, NULL, 0};
    unsigned char data[64] = {0};
    (void)state;

    mk_field_set(data, field, 10);
    assert_int_equal(clamp_apply(&query, feature, data, NULL, 0), 1);
    assert_int_equal(mk_field_get(data, field), 0);
}

/* The one "does version s know the item" predicate (mk_version_knows),
 * straight from the definitions. */
struct knows_row
{
    UINT s;
    uint16_t first_retail, first_preview;
    bool known;
};

static const struct knows_row knows_rows[] =
{
    {620, 616, 717, true},
    {615, 616, 717, false},
    {716, 616, 717, false},
    {717, 616, 717, true},
    {620, MK_NEVER, 721, false}, /* preview-only values are unknown to retail callers */
    {721, MK_NEVER, 721, true},
    {720, MK_NEVER, 721, false},
    {699, 622, 723, true},
    {621, 622, 723, false},
    {622, 622, 723, true},
    {723, 622, 723, true},
    {722, 622, 723, false},
    {0, 4, 700, false},
    {4, 4, 700, true},
    {700, 4, MK_NEVER, false},
};

static void test_knows(void **state)
{
    struct row_failures failures = {0};
    char name[48];
    unsigned i;
    (void)state;

    for (i = 0; i < sizeof(knows_rows) / sizeof(*knows_rows); ++i)
    {
        const struct knows_row *row = &knows_rows[i];
        int known = mk_version_knows(row->s, row->first_retail, row->first_preview);

        snprintf(name, sizeof(name), "s=%u, item of %u/%u", row->s, row->first_retail, row->first_preview);
        if (known != row->known)
            row_fail(&failures, i, name, "known %d, expected %d", known, row->known);
    }
    rows_done(&failures);
}

/* clamp_table_print: one row per fact with the post-cutoff column. */
static void test_table_print(void **state)
{
    struct text_capture capture;
    char *text;
    FILE *out;
    (void)state;

    mockd3d12_set_runtime(NULL);
    assert_non_null(out = text_capture_begin(&capture));
    clamp_table_print(out, "partial_graphics_programs.PartialGraphics");
    assert_non_null(text = text_capture_end(&capture));
    assert_non_null(strstr(text, "D3D12_FEATURE_DATA_PARTIAL_GRAPHICS_PROGRAMS.PartialGraphicsProgramsTier"));
    assert_non_null(strstr(text, "D3D12_PARTIAL_GRAPHICS_PROGRAMS_TIER_1_0"));
    assert_non_null(strstr(text, " 721 yes\n"));
    assert_null(strstr(text, "RaytracingTier"));
    free(text);

    assert_non_null(out = text_capture_begin(&capture));
    clamp_table_print(out, "OPTIONS5.RaytracingTier");
    assert_non_null(text = text_capture_end(&capture));
    assert_non_null(strstr(text, "D3D12_RAYTRACING_TIER_1_2"));
    assert_non_null(strstr(text, "616    717 no\n"));
    assert_null(strstr(text, "RenderPassesTier"));
    free(text);
}

/* The control API's state as a new process has it. */
static int reset_setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    return 0;
}

/* A filter that names a struct gives the struct's own row first; the printer
 * writes nothing when the table cannot be made. */
static void test_clamp_table_of_one_struct(void **state)
{
    char *text = NULL, line[256];
    FILE *out;

    (void)state;
    assert_int_equal(mockd3d12_clamp_table("FEATURE_DATA_D3D12_OPTIONS5", &text), S_OK);
    snprintf(line, sizeof(line), "\n%-72s %-64s", "D3D12_FEATURE_DATA_D3D12_OPTIONS5", "(whole struct)");
    assert_non_null(strstr(text, line));
    assert_non_null(strstr(text, "D3D12_FEATURE_DATA_D3D12_OPTIONS5.RaytracingTier"));
    assert_null(strstr(text, "D3D12_FEATURE_DATA_D3D12_OPTIONS6"));
    mockd3d12_free(text);

    assert_non_null(out = tmpfile());
    mk_alloc_fail_after(0);
    clamp_table_print(out, NULL);
    assert_true(mk_alloc_fail_triggered());
    mk_alloc_fail_after(-1);
    assert_int_equal(ftell(out), 0);
    clamp_table_print(out, "FEATURE_DATA_D3D12_OPTIONS5");
    assert_true(ftell(out) > 0);
    fclose(out);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_clamp_rows),
        cmocka_unit_test(test_whole_struct),
        cmocka_unit_test(test_no_report),
        cmocka_unit_test(test_knows),
        cmocka_unit_test(test_table_print),
        cmocka_unit_test_setup(test_clamp_table_of_one_struct, reset_setup),
    };
    unsetenv("MOCKD3D12_CUTOFF_SDK_VERSION");
    unsetenv("MOCKD3D12_CUTOFF_PREVIEW_SDK_VERSION");
    unsetenv("MOCKD3D12_CLAMP_RETROACTIVE");
    return cmocka_run_group_tests(tests, NULL, NULL);
}
