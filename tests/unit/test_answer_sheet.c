/*
 * Answer sheets (src/answer_sheet.c) and the walk (src/check_feature.c):
 * every query, through either entry point, with the debug layer off or on,
 * answers exactly what the oracle below computes from the adapter alone
 * (the HRESULT and every byte of the caller's buffer, padding and what lies
 * past the struct included); devices of one (adapter, runtime) share one set
 * of sheets; versions between two declaring SDK versions share a sheet; a
 * sheet that cannot be allocated changes no answer; threads racing to build
 * sheets agree.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <pthread.h>

#include "alloc.h"
#include "answer_sheet.h"
#include "caps/caps.h"
#include "clamp/clamp.h"
#include "device.h"
#include "mk_tables.h"

#define CANARY 0xa5
#define BUFFER_SIZE 1100

/* {kind, sdk, preview, cutoff, cutoff preview, retroactive} */
static const struct
{
    const char *name;
    mockd3d12_runtime runtime;
} runtimes[] =
{
    {"retail 620", {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE}},
    {"retail 622/723", {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE}},
    {"preview 721", {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE}},
    {"preview 723", {MOCKD3D12_RUNTIME_PREVIEW, 622, 723, 620, 721, FALSE}},
    {"retroactive 616", {MOCKD3D12_RUNTIME_RETAIL, 616, 717, 610, 711, TRUE}},
};

/* Every track, both sides of each cutoff and declared value, the remapped
 * preview numbers, and versions too new for every runtime. */
static const UINT versions[] = {0, 4, 606, 610, 616, 619, 620, 621, 622, 700, 711, 715, 717, 719, 721, 723,
        724, 1023, 1024, 0xFFFE, 0xFFFF, 0x10000, ~0u};

/* The adapters of the full matrix: declared values (nextgen), the FL 11_0
 * floor, software, two vendors' dumps, one derived from Vulkan. */
static const char *const adapters[] = {"nextgen", "fl11-minimal", "warp", "nvidia-rtx-4090", "amd-rx-7900-xtx",
        "vulkan-lavapipe"};

static const struct caps_adapter *adapter_named(const char *id)
{
    const struct caps_adapter *adapter;
    char error[256];

    if (!(adapter = caps_adapter_lookup(id, error, sizeof(error))))
        fail_msg("adapter %s: %s", id, error);
    return adapter;
}

static struct mk_device *create_mk_device(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime)
{
    struct mk_device *device;
    HRESULT hr;

    if (FAILED(hr = mk_device_create(adapter, runtime, D3D_FEATURE_LEVEL_11_0, &device)))
        fail_msg("mk_device_create(%s) failed, hr %#x.", caps_adapter_id(adapter), (unsigned)hr);
    return device;
}

static void release_device(struct mk_device *device)
{
    ID3D12Device17_Release(&device->ID3D12Device17_iface);
}

/* ---- The oracle: the walk's definition, from the adapter alone ---- */

static HRESULT oracle(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime, bool cfs1,
        UINT sdk_version, D3D12_FEATURE value, void *data, UINT size)
{
    const struct mk_feature *feature = mk_feature_from_value((uint32_t)value);
    _Alignas(16) unsigned char scratch[BUFFER_SIZE];
    struct clamp_event events[CLAMP_MAX_EVENTS];
    struct clamp_query query = {runtime, 0, !cfs1, NULL, 0};
    struct clamp_version version;
    bool write_back = false;
    struct caps_fill fill = {adapter, feature, runtime, scratch, NULL, 0, &write_back};
    HRESULT hr;

    if (cfs1 && FAILED(clamp_resolve_sdk_version(runtime, sdk_version, &version)))
        return E_INVALIDARG;
    if (!feature || !caps_runtime_knows_until(runtime, feature->first_retail, feature->first_preview,
            feature->last_preview) || !data
            || size != mk_structs[feature->struct_index].size)
        return E_INVALIDARG;
    query.sdk_version = cfs1 ? version.effective : 0;
    query.declared = caps_adapter_declared_values(adapter, &query.declared_count);
    memcpy(scratch, data, size);
    if (FAILED(hr = caps_fill_feature(&fill)))
    {
        if (write_back)
            memcpy(data, scratch, size);
        return hr;
    }
    if (clamp_may_change(&query, feature))
        clamp_apply(&query, feature, scratch, events, CLAMP_MAX_EVENTS);
    memcpy(data, scratch, size);
    return S_OK;
}

/* ---- Queries ---- */

struct answer
{
    HRESULT hr;
    _Alignas(16) unsigned char bytes[BUFFER_SIZE];
};

/* The caller's buffer: canaries everywhere (outputs, padding, past the
 * struct), every input zero (pointers NULL), then `input` (if any) set. */
static void prepare(const struct mk_feature *feature, const struct mk_field *input, uint32_t input_value,
        unsigned char *bytes)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i;

    memset(bytes, CANARY, BUFFER_SIZE);
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
        if (mk_fields[i].dir != MK_DIR_OUT)
            memset(bytes + mk_fields[i].offset, 0, mk_fields[i].size);
    if (input)
        mk_field_set(bytes, input, input_value);
}

/* The inputs a feature is asked with: zeros, and for its one scalar input
 * (an enum, a node index) its values and one past them. */
static unsigned inputs_of(const struct mk_feature *feature, const struct mk_field **input, uint32_t *values,
        unsigned max)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i, n = 0, step;

    *input = NULL;
    values[n++] = 0;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *f = &mk_fields[i];

        if (f->dir == MK_DIR_OUT)
            continue;
        if (*input || !mk_field_is_scalar(f) || f->size != 4)
            return (*input = NULL), 1;
        *input = f;
    }
    if (!*input)
        return 1;
    if (!strcmp(mk_field_name(*input), "NodeIndex"))
    {
        values[n++] = 1;
        values[n++] = 2;
    }
    else if ((*input)->kind == MK_FIELD_ENUM && (*input)->enum_index >= 0)
    {
        const struct mk_enum *e = &mk_enums[(*input)->enum_index];
        uint32_t highest = 0;

        step = e->value_count > 48 ? 12 : 1; /* DXGI_FORMAT: a sample */
        for (i = 0; i < e->value_count && n + 1 < max; i += step)
            values[n++] = mk_enum_values[e->first_value + i].value;
        for (i = 0; i < e->value_count; ++i)
            if (mk_enum_values[e->first_value + i].value > highest && mk_enum_values[e->first_value + i].value < 0x10000)
                highest = mk_enum_values[e->first_value + i].value;
        values[n++] = highest + 1;
    }
    return n;
}

static void check_same(struct row_failures *rows, unsigned index, const char *what, const struct answer *got,
        const struct answer *expected)
{
    size_t i;

    if (got->hr != expected->hr)
        row_fail(rows, index, what, "hr %#x, the oracle answers %#x", (unsigned)got->hr, (unsigned)expected->hr);
    else if (memcmp(got->bytes, expected->bytes, sizeof(got->bytes)))
    {
        for (i = 0; got->bytes[i] == expected->bytes[i]; ++i)
            ;
        row_fail(rows, index, what, "byte %u is %#x, the oracle writes %#x", (unsigned)i, got->bytes[i],
                expected->bytes[i]);
    }
}

/* Every feature, size, input and version of one (adapter, runtime), through
 * the device's vtable, against the oracle. */
static void compare_device(struct row_failures *rows, const struct caps_adapter *adapter, const char *runtime_name,
        const mockd3d12_runtime *runtime, const UINT *query_versions, unsigned version_count)
{
    struct mk_device *device = create_mk_device(adapter, runtime);
    ID3D12Device17 *iface = &device->ID3D12Device17_iface;
    static struct answer got, expected;
    unsigned f, v, k, s, n, pass, query_index = 0;
    const struct mk_field *input;
    uint32_t values[64];
    char what[320];

    for (pass = 0; pass < 2; ++pass) /* the second time from the sheets built by the first */
    {
        for (f = 0; f < mk_feature_count; ++f)
        {
            const struct mk_feature *feature = &mk_features[f];
            UINT size = mk_structs[feature->struct_index].size, sizes[] = {size, size - 1, 0};

            if (mk_feature_from_value(feature->value) != feature)
                continue;
            n = inputs_of(feature, &input, values, ARRAY_SIZE(values));
            for (v = 0; v <= version_count; ++v) /* v == version_count: the legacy entry point */
            {
                bool cfs1 = v < version_count;
                UINT version = cfs1 ? query_versions[v] : 0;

                if (!cfs1 && !device->has_device17 && pass)
                    continue;
                for (k = 0; k < n; ++k)
                {
                    for (s = 0; s < ARRAY_SIZE(sizes); ++s)
                    {
                        if (s && k)
                            continue; /* wrong sizes once per feature */
                        prepare(feature, input, values[k], got.bytes);
                        memcpy(expected.bytes, got.bytes, sizeof(got.bytes));
                        got.hr = cfs1 ? ID3D12Device17_CheckFeatureSupport1(iface, (D3D12_FEATURE)feature->value,
                                        got.bytes, sizes[s], version)
                                : ID3D12Device17_CheckFeatureSupport(iface, (D3D12_FEATURE)feature->value, got.bytes,
                                        sizes[s]);
                        expected.hr = oracle(adapter, runtime, cfs1, version, (D3D12_FEATURE)feature->value,
                                expected.bytes, sizes[s]);
                        snprintf(what, sizeof(what), "%s, %s, %s, %s %u, size %u, input %#x, pass %u",
                                caps_adapter_id(adapter), runtime_name, mk_feature_name(feature),
                                cfs1 ? "CheckFeatureSupport1 at" : "CheckFeatureSupport", version, sizes[s],
                                values[k], pass);
                        check_same(rows, query_index++, what, &got, &expected);
                    }
                }
            }
        }
    }
    release_device(device);
}

/* The full matrix on six adapters and five runtimes. */
static void test_sheets_answer_as_the_oracle(void **state)
{
    struct row_failures rows = {0};
    unsigned a, r;
    (void)state;

    for (a = 0; a < ARRAY_SIZE(adapters); ++a)
        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
            compare_device(&rows, adapter_named(adapters[a]), runtimes[r].name, &runtimes[r].runtime, versions,
                    ARRAY_SIZE(versions));
    rows_done(&rows);
}

/* Every built-in adapter, on the default runtime, at the versions an
 * application passes most (and the legacy entry point). */
static void test_every_adapter(void **state)
{
    static const UINT few[] = {4, 616, 620, 721};
    struct row_failures rows = {0};
    unsigned i, count = caps_adapter_count();
    (void)state;

    assert_true(count >= 23);
    for (i = 0; i < count; ++i)
        compare_device(&rows, caps_adapter_at(i), runtimes[2].name, &runtimes[2].runtime, few, ARRAY_SIZE(few));
    rows_done(&rows);
}

/* With the debug layer on, the same walk and the same answers. */
static void test_debug_layer_same_answers(void **state)
{
    static const UINT few[] = {616, 620, 722};
    struct row_failures rows = {0};
    unsigned a;
    (void)state;

    {
        ID3D12Debug *debug;

        assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
        ID3D12Debug_EnableDebugLayer(debug);
        ID3D12Debug_Release(debug);
    }
    for (a = 0; a < ARRAY_SIZE(adapters); ++a)
    {
        struct mk_device *device = create_mk_device(adapter_named(adapters[a]), &runtimes[3].runtime);

        assert_non_null(device->debug);
        release_device(device);
        compare_device(&rows, adapter_named(adapters[a]), runtimes[3].name, &runtimes[3].runtime, few,
                ARRAY_SIZE(few));
    }
    dbg_reset();
    rows_done(&rows);
}

/* Devices of one (adapter, runtime) share their sets; another runtime or
 * adapter has its own. */
static void test_sets_shared(void **state)
{
    const struct caps_adapter *warp = adapter_named("warp"), *next = adapter_named("nextgen");
    struct mk_device *a = create_mk_device(warp, &runtimes[0].runtime), *b = create_mk_device(warp, &runtimes[0].runtime);
    struct mk_device *c = create_mk_device(warp, &runtimes[1].runtime), *d = create_mk_device(next, &runtimes[0].runtime);
    (void)state;

    assert_ptr_equal(a->sheets, b->sheets);
    assert_ptr_equal(a->legacy_sheet, b->legacy_sheet);
    assert_ptr_equal(a->legacy_sheet, a->sheets->legacy);
    assert_true(a->legacy_sheet->legacy);
    assert_ptr_not_equal(a->sheets, c->sheets);
    assert_ptr_not_equal(a->sheets, d->sheets);
    assert_ptr_equal(a->sheets->adapter, warp);
    release_device(a);
    release_device(b);
    release_device(c);
    release_device(d);
}

/* A version's bucket is the last declaring version not above it, on its own
 * track; versions of one bucket share its sheet, and every declaring version
 * of the tables and of nextgen's declared values starts a bucket. */
static void test_buckets(void **state)
{
    const struct caps_adapter *next = adapter_named("nextgen");
    struct mk_device *device = create_mk_device(next, &runtimes[3].runtime);
    struct mk_sheet_set *set = device->sheets;
    struct row_failures rows = {0};
    const struct mk_declared_value *declared;
    unsigned b, i, count;
    UINT v;
    (void)state;

    assert_int_equal(set->bucket_version[0], 0);
    for (b = 1; b < set->bucket_count; ++b)
        if (set->bucket_version[b] <= set->bucket_version[b - 1])
            row_fail(&rows, b, "bucket order", "version %u after %u", set->bucket_version[b], set->bucket_version[b - 1]);
    for (v = 0; v < 3000; ++v)
    {
        unsigned expected = 0;

        for (b = 0; b < set->bucket_count; ++b)
            if (set->bucket_version[b] <= v)
                expected = b;
        if (mk_sheet_bucket(set, v) != expected)
            row_fail(&rows, v, "mk_sheet_bucket", "version %u: bucket %u, expected %u", v, mk_sheet_bucket(set, v),
                    expected);
    }
    assert_int_equal(mk_sheet_bucket(set, ~0u), set->bucket_count - 1);
    /* 700 (the preview floor) and every declaring version start a bucket. */
    declared = caps_adapter_declared_values(next, &count);
    assert_true(count > 0);
    for (i = 0; i < count + 1; ++i)
    {
        UINT start = i < count ? declared[i].value.first_preview : 700;

        if (start == MK_NEVER)
            continue;
        if (set->bucket_version[mk_sheet_bucket(set, start)] != start)
            row_fail(&rows, i, "a declared value", "version %u does not start a bucket", start);
    }
    for (i = 0; i < mk_field_count; ++i)
        if (mk_fields[i].first_retail != MK_NEVER
                && set->bucket_version[mk_sheet_bucket(set, mk_fields[i].first_retail)] != mk_fields[i].first_retail)
            row_fail(&rows, i, mk_field_name(&mk_fields[i]), "version %u does not start a bucket",
                    mk_fields[i].first_retail);
    /* One sheet per bucket, whatever version of it asks. */
    for (b = 1; b < set->bucket_count; ++b)
    {
        UINT first = set->bucket_version[b], last = b + 1 < set->bucket_count ? set->bucket_version[b + 1] - 1u : ~0u;
        const struct mk_sheet *sheet = mk_sheet_for_version(set, first);

        if (!sheet || sheet->version != first || sheet->legacy)
            row_fail(&rows, b, "a bucket's sheet", "from %u: no sheet of its own", first);
        else if (mk_sheet_for_version(set, last) != sheet || sheet == mk_sheet_for_version(set, first - 1))
            row_fail(&rows, b, "a bucket's sheet", "%u to %u: not one sheet of its own", first, last);
    }
    release_device(device);
    rows_done(&rows);
}

/* What the sheets hold: a copy for features without input, tables for the
 * clamped features with one input, the fill in place where nothing can be
 * clamped, nothing for features the runtime does not know. */
static void test_sheet_kinds(void **state)
{
    static const struct
    {
        const char *adapter;
        int runtime;
        bool legacy;
        UINT version;
        D3D12_FEATURE feature;
        enum mk_answer_kind kind;
    } tests[] =
    {
        {"warp", 0, true, 0, D3D12_FEATURE_D3D12_OPTIONS, MK_ANSWER_COPY},
        {"warp", 0, false, 620, D3D12_FEATURE_D3D12_OPTIONS5, MK_ANSWER_COPY},
        {"warp", 0, true, 0, D3D12_FEATURE_FORMAT_SUPPORT, MK_ANSWER_TABLE},    /* a row per format, made lazily */
        {"warp", 0, true, 0, D3D12_FEATURE_FEATURE_LEVELS, MK_ANSWER_FILL},     /* a pointer input */
        {"warp", 0, true, 0, D3D12_FEATURE_SHADER_MODEL, MK_ANSWER_TABLE},      /* a row per shader model */
        {"warp", 4, false, 606, D3D12_FEATURE_SHADER_MODEL, MK_ANSWER_TABLE},   /* retroactive: 6_7 and later clamped */
        {"nextgen", 1, false, 620, D3D12_FEATURE_SHADER_MODEL, MK_ANSWER_TABLE}, /* its declared 6_11 clamped */
        {"warp", 3, false, 723, D3D12_FEATURE_ROOT_SIGNATURE, MK_ANSWER_TABLE},
        {"nextgen", 1, true, 0, D3D12_FEATURE_SHADER_MODEL, MK_ANSWER_TABLE},
        {"nextgen", 1, false, 620, D3D12_FEATURE_ARCHITECTURE1, MK_ANSWER_TABLE}, /* a row per node */
        {"warp", 0, true, 0, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY, MK_ANSWER_FILL}, /* two inputs */
        {"warp", 0, true, 0, D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, MK_ANSWER_WALK}, /* not atomic */
        {"warp", 0, true, 0, (D3D12_FEATURE)15, MK_ANSWER_UNKNOWN},             /* a value no feature has */
    };
    struct row_failures rows = {0};
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        const mockd3d12_runtime *runtime = &runtimes[tests[i].runtime].runtime;
        struct mk_device *device = create_mk_device(adapter_named(tests[i].adapter), runtime);
        const struct mk_sheet *sheet = tests[i].legacy ? device->legacy_sheet
                : mk_sheet_for_version(device->sheets, tests[i].version);
        const struct mk_feature *feature = mk_feature_from_value((uint32_t)tests[i].feature);
        char name[160];

        snprintf(name, sizeof(name), "%s, %s, %s, %s %u", tests[i].adapter,
                feature ? mk_feature_name(feature) : "no feature",
                runtimes[tests[i].runtime].name, tests[i].legacy ? "legacy" : "version", tests[i].version);
        if (sheet->entries[tests[i].feature].kind != tests[i].kind)
            row_fail(&rows, i, name, "kind %u, expected %u", sheet->entries[tests[i].feature].kind, tests[i].kind);
        release_device(device);
    }
    rows_done(&rows);
}

/* A sheet says how each feature is answered; each answer (a copy, a table's
 * rows) is made at its feature's first query, once, and answers as the
 * oracle; an answer that cannot be allocated is the walk's, the same, and is
 * made at a later query. */
static void test_answers_made_at_first_query(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_RETAIL, 618, 719, 620, 721, FALSE};
    static const D3D12_FEATURE kept_for_later[] = {D3D12_FEATURE_D3D12_OPTIONS1, D3D12_FEATURE_SHADER_MODEL};
    const struct caps_adapter *adapter = adapter_named("intel-arc-a770");
    struct mk_device *device = create_mk_device(adapter, &runtime);
    ID3D12Device *iface = (ID3D12Device *)&device->ID3D12Device17_iface;
    const struct mk_sheet_entry *entries = device->legacy_sheet->entries, *e;
    D3D12_FEATURE_DATA_FORMAT_SUPPORT got = {DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0}, expected = got;
    D3D12_FEATURE_DATA_D3D12_OPTIONS options, options_expected;
    static struct answer got_late, expected_late;
    const unsigned char *rows, *answer;
    unsigned v, i;
    (void)state;

    for (v = 0; v < MK_FEATURE_VALUE_LIMIT; ++v)
        assert_null(atomic_load(&entries[v].answer_at));
    /* A copy: made by its first query, kept by the next; nothing else made. */
    assert_int_equal(entries[D3D12_FEATURE_D3D12_OPTIONS].kind, MK_ANSWER_COPY);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)),
            S_OK);
    assert_non_null(answer = atomic_load(&entries[D3D12_FEATURE_D3D12_OPTIONS].answer_at));
    assert_int_equal(oracle(adapter, &runtime, false, 0, D3D12_FEATURE_D3D12_OPTIONS, &options_expected,
            sizeof(options_expected)), S_OK);
    assert_memory_equal(&options, &options_expected, sizeof(options));
    assert_memory_equal(answer, &options_expected, sizeof(options));
    assert_int_equal(mk_sheet_copy_events(&entries[D3D12_FEATURE_D3D12_OPTIONS], answer)->count, 0);
    for (v = 0; v < MK_FEATURE_VALUE_LIMIT; ++v)
        if (v != D3D12_FEATURE_D3D12_OPTIONS)
            assert_null(atomic_load(&entries[v].answer_at));

    /* A table of every format: its rows at its first query. */
    e = &entries[D3D12_FEATURE_FORMAT_SUPPORT];
    assert_int_equal(e->kind, MK_ANSWER_TABLE);
    assert_true(e->rows > 32);
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_FORMAT_SUPPORT, &got, sizeof(got)), S_OK);
    assert_non_null(rows = atomic_load(&e->answer_at));
    assert_int_equal(oracle(adapter, &runtime, false, 0, D3D12_FEATURE_FORMAT_SUPPORT, &expected, sizeof(expected)),
            S_OK);
    assert_memory_equal(&got, &expected, sizeof(got));
    assert_true(got.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D);
    /* The next query uses the same rows. */
    assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, D3D12_FEATURE_FORMAT_SUPPORT, &got, sizeof(got)), S_OK);
    assert_ptr_equal(atomic_load(&e->answer_at), rows);

    /* Out of memory at a first query: the walk's answer, nothing published. */
    for (i = 0; i < ARRAY_SIZE(kept_for_later); ++i)
    {
        const struct mk_feature *feature = mk_feature_from_value((uint32_t)kept_for_later[i]);
        UINT size = mk_structs[feature->struct_index].size;

        assert_null(atomic_load(&entries[kept_for_later[i]].answer_at));
        prepare(feature, NULL, 0, got_late.bytes);
        memcpy(expected_late.bytes, got_late.bytes, sizeof(got_late.bytes));
        mk_alloc_fail_after(0);
        got_late.hr = ID3D12Device_CheckFeatureSupport(iface, kept_for_later[i], got_late.bytes, size);
        mk_alloc_fail_after(-1);
        assert_true(mk_alloc_fail_triggered());
        expected_late.hr = oracle(adapter, &runtime, false, 0, kept_for_later[i], expected_late.bytes, size);
        assert_int_equal(got_late.hr, expected_late.hr);
        assert_memory_equal(got_late.bytes, expected_late.bytes, sizeof(got_late.bytes));
        assert_null(atomic_load(&entries[kept_for_later[i]].answer_at));
        /* Memory back: the next query makes it. */
        assert_int_equal(ID3D12Device_CheckFeatureSupport(iface, kept_for_later[i], got_late.bytes, size),
                expected_late.hr);
        assert_memory_equal(got_late.bytes, expected_late.bytes, sizeof(got_late.bytes));
        assert_non_null(atomic_load(&entries[kept_for_later[i]].answer_at));
    }
    release_device(device);
}

/* A sheet that cannot be allocated: the walk answers alone, the same. */
static void test_sheet_out_of_memory(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 619, 719, 619, 719, FALSE};
    const struct caps_adapter *adapter = adapter_named("nextgen");
    struct row_failures rows = {0};
    struct mk_device *device = create_mk_device(adapter, &runtime);
    static struct answer got, expected;
    unsigned f;
    char what[160];
    (void)state;

    for (f = 0; f < mk_feature_count; ++f)
    {
        const struct mk_feature *feature = &mk_features[f];
        UINT size = mk_structs[feature->struct_index].size;

        if (mk_feature_from_value(feature->value) != feature)
            continue;
        prepare(feature, NULL, 0, got.bytes);
        memcpy(expected.bytes, got.bytes, sizeof(got.bytes));
        /* A version whose bucket has no sheet yet: its build fails. */
        assert_null(atomic_load(&device->sheets->sheets[mk_sheet_bucket(device->sheets, 616)]));
        mk_alloc_fail_after(0);
        got.hr = ID3D12Device17_CheckFeatureSupport1(&device->ID3D12Device17_iface, (D3D12_FEATURE)feature->value,
                got.bytes, size, 616);
        mk_alloc_fail_after(-1);
        expected.hr = oracle(adapter, &runtime, true, 616, (D3D12_FEATURE)feature->value, expected.bytes, size);
        snprintf(what, sizeof(what), "%s at 616 without a sheet", mk_feature_name(feature));
        check_same(&rows, f, what, &got, &expected);
    }
    assert_true(mk_alloc_fail_triggered());
    release_device(device);
    rows_done(&rows);
}

/* Threads racing to build the sheets of a set nobody used yet. */
struct race
{
    const struct caps_adapter *adapter;
    const mockd3d12_runtime *runtime;
    unsigned seed, failures;
};

static void *race_thread(void *arg)
{
    struct race *race = arg;
    struct mk_device *device;
    static _Thread_local struct answer got, expected;
    unsigned i;

    if (FAILED(mk_device_create(race->adapter, race->runtime, D3D_FEATURE_LEVEL_11_0, &device)))
    {
        ++race->failures;
        return NULL;
    }
    for (i = 0; i < 4000; ++i)
    {
        unsigned n = (race->seed + i * 7919u) % (mk_feature_count * ARRAY_SIZE(versions));
        const struct mk_feature *feature = &mk_features[n % mk_feature_count];
        UINT version = versions[n / mk_feature_count], size = mk_structs[feature->struct_index].size;

        prepare(feature, NULL, 0, got.bytes);
        memcpy(expected.bytes, got.bytes, sizeof(got.bytes));
        got.hr = ID3D12Device17_CheckFeatureSupport1(&device->ID3D12Device17_iface, (D3D12_FEATURE)feature->value,
                got.bytes, size, version);
        expected.hr = oracle(race->adapter, race->runtime, true, version, (D3D12_FEATURE)feature->value,
                expected.bytes, size);
        if (got.hr != expected.hr || memcmp(got.bytes, expected.bytes, sizeof(got.bytes)))
            ++race->failures;
    }
    release_device(device);
    return NULL;
}

static void test_threads(void **state)
{
    static const mockd3d12_runtime runtime = {MOCKD3D12_RUNTIME_PREVIEW, 621, 722, 618, 719, FALSE};
    struct race races[4];
    pthread_t threads[4];
    unsigned i;
    (void)state;

    for (i = 0; i < ARRAY_SIZE(threads); ++i)
    {
        races[i].adapter = adapter_named("nextgen");
        races[i].runtime = &runtime;
        races[i].seed = i * 101u;
        races[i].failures = 0;
        assert_int_equal(pthread_create(&threads[i], NULL, race_thread, &races[i]), 0);
    }
    for (i = 0; i < ARRAY_SIZE(threads); ++i)
    {
        pthread_join(threads[i], NULL);
        if (races[i].failures)
            fail_msg("thread %u: %u answers differ from the oracle", i, races[i].failures);
    }
}

/* The scratch buffers hold every struct. */
static void test_struct_sizes(void **state)
{
    size_t i;
    (void)state;

    for (i = 0; i < mk_struct_count; ++i)
    {
        assert_true(mk_structs[i].size <= 1024);
        assert_true(mk_structs[i].field_count <= CLAMP_MAX_EVENTS);
    }
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_struct_sizes),
        cmocka_unit_test(test_sheet_kinds),
        cmocka_unit_test(test_sets_shared),
        cmocka_unit_test(test_buckets),
        cmocka_unit_test(test_answers_made_at_first_query),
        cmocka_unit_test(test_sheet_out_of_memory),
        cmocka_unit_test(test_sheets_answer_as_the_oracle),
        cmocka_unit_test(test_every_adapter),
        cmocka_unit_test_setup_teardown(test_debug_layer_same_answers, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_threads),
    };
    static const struct CMUnitTest threads_only[] =
    {
        cmocka_unit_test(test_threads),
    };

    /* --threads: the ThreadSanitizer stage's part (label stress). */
    if (argc > 1 && !strcmp(argv[1], "--threads"))
        return cmocka_run_group_tests(threads_only, NULL, NULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
