/*
 * The capability trace (docs/trace.md): MOCKD3D12_TRACE=FILE gets one JSON
 * object per line for each D3D12CreateDevice, CheckFeatureSupport and
 * CheckFeatureSupport1 call, with the answer field by field and what was
 * clamped; records that do not fit are cut short and stay valid JSON; a
 * file that cannot be opened leaves the trace off.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <jansson.h>
#include "portable.h"

#include "trace.h"

static char trace_path[512];

static const char *temp_dir(void)
{
    const char *dir = getenv("TMPDIR");

    if (!dir || !*dir)
        dir = getenv("TEMP");
    return dir && *dir ? dir : "/tmp";
}

static void set_trace_variable(const char *value)
{
    if (value)
        setenv("MOCKD3D12_TRACE", value, 1);
    else
        unsetenv("MOCKD3D12_TRACE");
}

static int setup(void **state)
{
    (void)state;
    snprintf(trace_path, sizeof(trace_path), "%s/mockd3d12-test-trace-%lu.jsonl", temp_dir(),
            (unsigned long)getpid());
    remove(trace_path);
    mockd3d12_reset();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    set_trace_variable(NULL);
    mockd3d12_reset();
    remove(trace_path);
    return 0;
}

/* The file's lines, each parsed (NULL where a line is not JSON). */
static size_t read_trace(json_t **lines, size_t capacity)
{
    char line[MK_TRACE_RECORD_SIZE + 16];
    size_t count = 0;
    FILE *f = fopen(trace_path, "r");

    if (!f)
        return 0;
    while (count < capacity && fgets(line, sizeof(line), f))
        lines[count++] = json_loads(line, 0, NULL);
    fclose(f);
    return count;
}

static const char *field(json_t *object, const char *path)
{
    static char text[64];
    json_t *v = object;
    char key[64], *dot;
    const char *p = path;

    while (v && *p)
    {
        snprintf(key, sizeof(key), "%s", p);
        if ((dot = strchr(key, '.')))
            *dot = 0;
        v = json_object_get(v, key);
        p += strlen(key) + (p[strlen(key)] == '.');
    }
    if (!v)
        return NULL;
    if (json_is_string(v))
        return json_string_value(v);
    if (json_is_integer(v))
        snprintf(text, sizeof(text), "%lld", (long long)json_integer_value(v));
    else if (json_is_boolean(v))
        snprintf(text, sizeof(text), "%s", json_is_true(v) ? "true" : "false");
    else
        snprintf(text, sizeof(text), "(other)");
    return text;
}

static void test_records(void **state)
{
    static const struct { unsigned line; const char *path, *value; } rows[] =
    {
        {0, "entry", "D3D12CreateDevice"},
        {0, "adapter", "nextgen"},
        {0, "minimumFeatureLevel", "0x0000B000"},
        {0, "hr", "S_OK"},
        {1, "entry", "CheckFeatureSupport"},
        {1, "feature", "D3D12_OPTIONS5"},
        {1, "size", "12"},
        {1, "deprecated", "true"},     /* the runtime has ID3D12Device17 */
        {1, "hr", "S_OK"},
        {1, "answer.RaytracingTier", "D3D12_RAYTRACING_TIER_1_2"},
        {1, "answer.SRVOnlyTiledResourceTier3", "true"},
        /* The legacy entry point is pinned below the cutoff: nextgen's 1_3 is not shown. */
        {1, "clamped.RaytracingTier.adapter", "D3D12_RAYTRACING_TIER_1_3"},
        {1, "clamped.RaytracingTier.answer", "D3D12_RAYTRACING_TIER_1_2"},
        {2, "entry", "CheckFeatureSupport1"},
        {2, "sdkVersion", "616"},
        {2, "deprecated", NULL},
        {2, "clamped.RaytracingTier.answer", "D3D12_RAYTRACING_TIER_1_2"},
        {3, "entry", "CheckFeatureSupport1"},
        {3, "size", "3"},
        {3, "hr", "E_INVALIDARG"},
        {3, "answer", NULL},
        {4, "feature", "999"},
        {4, "hr", "E_INVALIDARG"},
        /* A query with an input: the input and outputs; no "clamped" (the truth depends on the input). */
        {5, "feature", "FORMAT_SUPPORT"},
        {5, "answer.Format", "DXGI_FORMAT_R8G8B8A8_UNORM"},
        {5, "clamped", NULL},
        /* A flags field in hex. */
        {6, "feature", "D3D12_OPTIONS3"},
        {6, "answer.WriteBufferImmediateSupportFlags", "0x0000007F"},
        /* A failed device creation, with the adapter it named. */
        {7, "entry", "D3D12CreateDevice"},
        {7, "adapter", "warp"},
        {7, "hr", "E_INVALIDARG"},
        {8, "entry", "D3D12CreateDevice"},
        {8, "hr", "S_FALSE"},
        /* Nothing held back: an empty "clamped". */
        {9, "feature", "D3D12_OPTIONS1"},
        {9, "answer.WaveLaneCountMin", "32"},
        {9, "clamped", "(other)"},
        {9, "clamped.WaveOps", NULL},
        /* A pointer field is left out of the answer. */
        {10, "feature", "FEATURE_LEVELS"},
        {10, "answer.NumFeatureLevels", "1"},
        {10, "answer.MaxSupportedFeatureLevel", "D3D_FEATURE_LEVEL_11_0"},
        {10, "answer.pFeatureLevelsRequested", NULL},
        /* A tier value nobody named: a number. */
        {11, "adapter", "trace-tier-5"},
        {12, "answer.MeshShaderTier", "5"},
        /* An adapter argument that is no adapter: no "adapter" key. */
        {13, "entry", "D3D12CreateDevice"},
        {13, "adapter", NULL},
        {13, "hr", "E_NOINTERFACE"},
    };
    static const char tier5[] = "{\"id\": \"trace-tier-5\", \"inherits\": \"warp\", "
            "\"features\": {\"D3D12_OPTIONS7\": {\"MeshShaderTier\": 5}}}";
    D3D_FEATURE_LEVEL requested = D3D_FEATURE_LEVEL_11_0;
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels = {1, &requested, 0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1;
    D3D12_FEATURE_DATA_D3D12_OPTIONS7 options7;
    char error[256];
    D3D12_FEATURE_DATA_FORMAT_SUPPORT format = {DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0};
    D3D12_FEATURE_DATA_D3D12_OPTIONS5 options5;
    D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3;
    struct row_failures failures = {0};
    ID3D12Device *device, *other;
    ID3D12Device17 *device17;
    IUnknown *warp;
    json_t *lines[16];
    const char *got;
    size_t count, i;

    (void)state;
    set_trace_variable(trace_path);
    device = create_device_on("nextgen");
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5)), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device17, (void **)&device17), S_OK);
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5,
            sizeof(options5), 616), S_OK);
    assert_int_equal(ID3D12Device17_CheckFeatureSupport1(device17, D3D12_FEATURE_D3D12_OPTIONS5, &options5, 3, 616),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, (D3D12_FEATURE)999, &options5, sizeof(options5)),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &format, sizeof(format)),
            S_OK);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS3, &options3,
            sizeof(options3)), S_OK);
    assert_int_equal(mockd3d12_get_adapter("warp", &warp), S_OK);
    assert_int_equal(D3D12CreateDevice(warp, (D3D_FEATURE_LEVEL)0x9100, &IID_ID3D12Device, (void **)&other),
            E_INVALIDARG);
    assert_int_equal(D3D12CreateDevice(warp, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS1, &options1,
            sizeof(options1)), S_OK);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FEATURE_LEVELS, &levels, sizeof(levels)),
            S_OK);
    assert_int_equal(mockd3d12_register_profile(tier5, error, sizeof(error)), S_OK);
    other = create_device_on("trace-tier-5");
    assert_int_equal(ID3D12Device_CheckFeatureSupport(other, D3D12_FEATURE_D3D12_OPTIONS7, &options7,
            sizeof(options7)), S_OK);
    assert_int_equal(ID3D12Device_Release(other), 0);
    assert_int_equal(D3D12CreateDevice((IUnknown *)device17, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&other), E_NOINTERFACE);
    warp->lpVtbl->Release(warp);
    ID3D12Device17_Release(device17);
    assert_int_equal(ID3D12Device_Release(device), 0);

    count = read_trace(lines, ARRAY_SIZE(lines));
    assert_int_equal(count, 14);
    for (i = 0; i < count; ++i)
    {
        if (!lines[i] || !json_is_object(lines[i]) || !json_is_integer(json_object_get(lines[i], "pid")))
            row_fail(&failures, (unsigned)i, "line", "not a JSON object with a pid");
    }
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        got = rows[i].line < count && lines[rows[i].line] ? field(lines[rows[i].line], rows[i].path) : NULL;
        if (rows[i].value ? !got || strcmp(got, rows[i].value) : got != NULL)
            row_fail(&failures, (unsigned)i, rows[i].path, "line %u: got %s, expected %s", rows[i].line,
                    got ? got : "(none)", rows[i].value ? rows[i].value : "(none)");
    }
    for (i = 0; i < count; ++i)
        json_decref(lines[i]);
    rows_done(&failures);
}

/* On a runtime before the CheckFeatureSupport1 cutoff (SDK 619: no
 * ID3D12Device17) the legacy entry point is not deprecated: its record says
 * so, and trace-summary does not count it (issue 32 item 5). */
static void test_legacy_before_cutoff(void **state)
{
    static const mockd3d12_runtime retail_619 = {MOCKD3D12_RUNTIME_RETAIL, 619, 719, 620, 721, FALSE};
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12Device *device;
    json_t *lines[4];
    size_t count, i;

    (void)state;
    set_trace_variable(trace_path);
    assert_int_equal(mockd3d12_set_runtime(&retail_619), S_OK);
    device = create_device_on("nextgen");
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)),
            S_OK);
    assert_int_equal(ID3D12Device_Release(device), 0);
    count = read_trace(lines, ARRAY_SIZE(lines));
    assert_int_equal(count, 2);
    assert_string_equal(field(lines[1], "entry"), "CheckFeatureSupport");
    assert_string_equal(field(lines[1], "deprecated"), "false");
    for (i = 0; i < count; ++i)
        json_decref(lines[i]);
}

/* Preview 711 answers D3D12_OPTIONS_EXPERIMENTAL with its own layout
 * (docs/features.md "Withdrawn preview features"): the record shows that
 * layout's field, named by the adapter's D3D12_WORK_GRAPHS_TIER, not the
 * CooperativeVectorTier of the later previews' layout. */
static void test_layout_record(void **state)
{
    static const mockd3d12_runtime preview_711 = {MOCKD3D12_RUNTIME_PREVIEW, 611, 711, 620, 721, FALSE};
    UINT experimental = 0xcdcdcdcdu; /* the layout's 4 bytes */
    ID3D12Device *device;
    json_t *lines[4];
    size_t count, i;

    (void)state;
    set_trace_variable(trace_path);
    assert_int_equal(mockd3d12_set_runtime(&preview_711), S_OK);
    device = create_device_on("nvidia-rtx-4090");
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL,
            &experimental, sizeof(experimental)), S_OK);
    assert_int_equal(experimental, 10); /* D3D12_WORK_GRAPHS_TIER_1_0 */
    assert_int_equal(ID3D12Device_Release(device), 0);
    count = read_trace(lines, ARRAY_SIZE(lines));
    assert_int_equal(count, 2);
    assert_string_equal(field(lines[1], "feature"), "D3D12_OPTIONS_EXPERIMENTAL");
    assert_string_equal(field(lines[1], "answer.WorkGraphsTier"), "D3D12_WORK_GRAPHS_TIER_1_0");
    assert_null(field(lines[1], "answer.CooperativeVectorTier"));
    assert_string_equal(field(lines[1], "clamped"), "(other)");
    assert_null(field(lines[1], "clamped.WorkGraphsTier"));
    for (i = 0; i < count; ++i)
        json_decref(lines[i]);
}

/* Unset, or a file that cannot be opened: nothing is written. */
static void test_off(void **state)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS options;
    ID3D12Device *device;
    char bad[600];
    FILE *f;

    (void)state;
    device = create_device_on("warp");
    assert_int_equal(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_D3D12_OPTIONS, &options,
            sizeof(options)), S_OK);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_null(f = fopen(trace_path, "r"));
    assert_false(mk_trace_on());

    mockd3d12_reset();
    snprintf(bad, sizeof(bad), "%s/no-such-directory/trace.jsonl", temp_dir());
    set_trace_variable(bad);
    device = create_device_on("warp");
    assert_false(mk_trace_on());
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The record builder: escapes, nesting, and a record too long for its buffer. */
static void test_record_builder(void **state)
{
    struct mk_trace_record r;
    char *long_text;
    json_t *lines[4];
    size_t count;

    (void)state;
    set_trace_variable(trace_path);
    mk_trace_init();
    assert_true(mk_trace_on());

    mk_trace_begin(&r, "test");
    mk_trace_bool(&r, "no", false);
    mk_trace_string(&r, "quote", "a \"b\" \\c\n\t\x01");
    mk_trace_object(&r, "outer");
    mk_trace_object(&r, "inner");
    mk_trace_uint(&r, "n", UINT64_MAX);
    mk_trace_end(&r); /* closes both */

    long_text = malloc(MK_TRACE_RECORD_SIZE);
    assert_non_null(long_text);
    memset(long_text, 'x', MK_TRACE_RECORD_SIZE - 1);
    long_text[MK_TRACE_RECORD_SIZE - 1] = 0;
    mk_trace_begin(&r, "long");
    mk_trace_object(&r, "o");
    mk_trace_bool(&r, "kept", true);
    mk_trace_string(&r, "dropped", long_text);
    mk_trace_hex(&r, "after", 1); /* nothing more once cut */
    mk_trace_object(&r, "nor this");
    mk_trace_close(&r);
    mk_trace_close(&r);
    mk_trace_end(&r);
    free(long_text);

    count = read_trace(lines, ARRAY_SIZE(lines));
    assert_int_equal(count, 2);
    assert_non_null(lines[0]);
    assert_string_equal(field(lines[0], "no"), "false");
    assert_string_equal(field(lines[0], "quote"), "a \"b\" \\c\n\t\x01");
    assert_string_equal(field(lines[0], "outer.inner.n"), "18446744073709551615");
    assert_non_null(lines[1]);
    assert_string_equal(field(lines[1], "o.kept"), "true");
    assert_null(field(lines[1], "o.dropped"));
    assert_null(field(lines[1], "o.after"));
    assert_string_equal(field(lines[1], "truncated"), "true");
    json_decref(lines[0]);
    json_decref(lines[1]);

    /* A record finished after the trace went off is not written. */
    mk_trace_begin(&r, "late");
    mockd3d12_reset();
    mk_trace_end(&r);
    assert_int_equal(read_trace(lines, ARRAY_SIZE(lines)), 2);
    json_decref(lines[0]);
    json_decref(lines[1]);

    assert_string_equal(mk_trace_hresult_name((int32_t)0x887A0005), "DXGI_ERROR_DEVICE_REMOVED");
    assert_null(mk_trace_hresult_name(0x1234));
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_legacy_before_cutoff, setup, teardown),
        cmocka_unit_test_setup_teardown(test_layout_record, setup, teardown),
        cmocka_unit_test_setup_teardown(test_off, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_builder, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
