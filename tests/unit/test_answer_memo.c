/*
 * The walk's precomputed steps and memo (src/check_feature.c): with the
 * memo, CheckFeatureSupport and CheckFeatureSupport1 answer exactly what the
 * walk without it answers (the HRESULT and every byte of the buffer), in any
 * order of queries, from any number of threads; and the memo does answer the
 * queries it is meant to (a performance regression would otherwise be
 * silent).
 */
#define COBJMACROS
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <cmocka.h>

#include "caps/caps.h"
#include "device.h"
#include "mk_tables.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define CANARY 0xa5
#define BUFFER_SIZE 1100

/* {kind, sdk, preview, cutoff, cutoff preview, retroactive} */
static const mockd3d12_runtime runtime_retail_620 = {MOCKD3D12_RUNTIME_RETAIL, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retail_622 = {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE};
static const mockd3d12_runtime runtime_preview_721 = {MOCKD3D12_RUNTIME_PREVIEW, 620, 721, 620, 721, FALSE};
static const mockd3d12_runtime runtime_preview_723 = {MOCKD3D12_RUNTIME_PREVIEW, 622, 723, 620, 721, FALSE};
static const mockd3d12_runtime runtime_retro_616 = {MOCKD3D12_RUNTIME_RETAIL, 616, 717, 610, 711, TRUE};

/* Every track, both sides of each cutoff and newValue, the remapped preview
 * numbers, too-new and 16-bit-overflowing versions (never remembered). */
static const UINT versions[] = {0, 4, 606, 610, 616, 619, 620, 621, 622, 700, 711, 715, 717, 719, 721, 723,
        724, 0xFFFE, 0xFFFF, 0x10000, ~0u};

static struct mk_device *create_device(const char *adapter_id, const mockd3d12_runtime *runtime)
{
    const struct caps_adapter *adapter;
    struct mk_device *device;
    char error[256];
    HRESULT hr;

    if (!(adapter = caps_adapter_lookup(adapter_id, error, sizeof(error))))
        fail_msg("adapter %s: %s", adapter_id, error);
    if (FAILED(hr = mk_device_create(adapter, runtime, D3D_FEATURE_LEVEL_11_0, &device)))
        fail_msg("mk_device_create(%s) failed, hr %#x.", adapter_id, (unsigned)hr);
    return device;
}

static void release_device(struct mk_device *device)
{
    ID3D12Device17_Release(&device->ID3D12Device17_iface);
}

/* No input field: a right-size query is never E_INVALIDARG when known. */
static bool feature_is_input_free(const struct mk_feature *feature)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i;

    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
        if (mk_fields[i].dir != MK_DIR_OUT)
            return false;
    return true;
}

/* One query through the device's vtable (the memo) or the walk alone, on a
 * canary-filled buffer whose first bytes are zero (zero inputs: some valid,
 * some not, so errors are compared too). */
struct answer
{
    HRESULT hr;
    _Alignas(16) unsigned char bytes[BUFFER_SIZE]; /* as a struct the caller declares */
};

static void query(struct mk_device *device, bool memo, bool cfs1, const struct mk_feature *feature, UINT size,
        UINT version, struct answer *out)
{
    ID3D12Device17 *iface = &device->ID3D12Device17_iface;

    memset(out->bytes, CANARY, sizeof(out->bytes));
    memset(out->bytes, 0, size <= BUFFER_SIZE ? size : BUFFER_SIZE);
    if (memo && cfs1)
        out->hr = ID3D12Device17_CheckFeatureSupport1(iface, (D3D12_FEATURE)feature->value, out->bytes, size, version);
    else if (memo)
        out->hr = ID3D12Device17_CheckFeatureSupport(iface, (D3D12_FEATURE)feature->value, out->bytes, size);
    else
        out->hr = mk_check_feature_support_unmemoised(device, cfs1 ? MK_ENTRY_CFS1 : MK_ENTRY_LEGACY,
                (D3D12_FEATURE)feature->value, out->bytes, size, cfs1 ? version : 0);
}

static void check_same(const struct answer *got, const struct answer *expected, const char *what)
{
    if (got->hr != expected->hr)
        fail_msg("%s: hr %#x, the walk alone answers %#x.", what, (unsigned)got->hr, (unsigned)expected->hr);
    if (memcmp(got->bytes, expected->bytes, sizeof(got->bytes)))
    {
        size_t i;

        for (i = 0; got->bytes[i] == expected->bytes[i]; ++i)
            ;
        fail_msg("%s: byte %zu is %#x, the walk alone writes %#x.", what, i, got->bytes[i], expected->bytes[i]);
    }
}

/* Every (entry point, version, feature, size) query of one device, in one of
 * three orders, each twice (the second time from the memo). */
enum order
{
    ORDER_ASCENDING,
    ORDER_DESCENDING,
    ORDER_INTERLEAVED,  /* versions outermost: a feature's memo is filled at many versions */
};

static void compare_all(const char *adapter_id, const mockd3d12_runtime *runtime, const char *runtime_name,
        enum order order)
{
    struct mk_device *memo = create_device(adapter_id, runtime);
    struct mk_device *walk = create_device(adapter_id, runtime);
    static struct answer got, expected;
    unsigned pass, e, v, s, i, count = mk_feature_count * ARRAY_SIZE(versions);
    char what[256];

    for (pass = 0; pass < 2; ++pass)
    {
        for (e = 0; e < 2; ++e)
        {
            for (i = 0; i < count; ++i)
            {
                unsigned n = order == ORDER_DESCENDING ? count - 1 - i : i;
                unsigned f = order == ORDER_INTERLEAVED ? n % mk_feature_count : n / ARRAY_SIZE(versions);
                const struct mk_feature *feature = &mk_features[f];
                UINT size = mk_structs[feature->struct_index].size;
                UINT sizes[] = {size, size - 1, 0};

                v = order == ORDER_INTERLEAVED ? n / mk_feature_count : n % ARRAY_SIZE(versions);
                if (!e && v)
                    continue; /* the legacy entry point has no version */
                for (s = 0; s < ARRAY_SIZE(sizes); ++s)
                {
                    snprintf(what, sizeof(what), "%s, %s, order %u, pass %u, %s(%s, size %u, SDK %u)", adapter_id,
                            runtime_name, order, pass, e ? "CheckFeatureSupport1" : "CheckFeatureSupport",
                            feature->name, sizes[s], versions[v]);
                    query(memo, true, e, feature, sizes[s], versions[v], &got);
                    query(walk, false, e, feature, sizes[s], versions[v], &expected);
                    check_same(&got, &expected, what);
                }
            }
        }
    }
    release_device(memo);
    release_device(walk);
}

static void test_memo_answers_what_the_walk_answers(void **state)
{
    static const struct
    {
        const mockd3d12_runtime *runtime;
        const char *name;
    }
    runtimes[] =
    {
        {&runtime_retail_620, "retail 620"},
        {&runtime_retail_622, "retail 622/723"},
        {&runtime_preview_721, "preview 721"},
        {&runtime_preview_723, "preview 723"},
        {&runtime_retro_616, "retail 616, cutoff 610/711, retroactive"},
    };
    unsigned a, r, o;

    (void)state;
    assert_true(caps_adapter_count() > 0);
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            /* Every order on the adapters with values past the cutoff; one
             * order elsewhere keeps the test short under valgrind. */
            for (o = 0; o < 3; ++o)
            {
                if (o && strcmp(caps_adapter_id(caps_adapter_at(a)), "nextgen") && a % 4)
                    continue;
                compare_all(caps_adapter_id(caps_adapter_at(a)), runtimes[r].runtime, runtimes[r].name, o);
            }
        }
    }
}

/* The memo is used: after `first`, the query at `probe` is answered by it
 * (or not). Queries are CheckFeatureSupport1 unless `legacy`. */
static void test_memo_hits(void **state)
{
    static const struct
    {
        const char *adapter;
        const mockd3d12_runtime *runtime;
        bool legacy;
        D3D12_FEATURE feature;
        UINT first, probe;
        bool hit_before, hit_after;
    }
    tests[] =
    {
        /* RaytracingTier 1_3 (newValues, first retail 622): the true values at 622. */
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 622, 622, false, true},
        /* Retail 622 remaps its own preview number 723 to 622. */
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 622, 723, false, true},
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 723, 622, false, true},
        /* Too new for the runtime: the walk reports it. */
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 622, 623, false, false},
        /* Clamped to 1_2 at 620: that answer is kept for 620 only. */
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 620, 620, false, true},
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 620, 621, false, false},
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 620, 610, false, false},
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS5, 620, 622, false, false},
        /* The true values at 622 hold for no lower version, nor for the other track. */
        {"nextgen", &runtime_preview_723, false, D3D12_FEATURE_D3D12_OPTIONS5, 622, 621, false, false},
        {"nextgen", &runtime_preview_723, false, D3D12_FEATURE_D3D12_OPTIONS5, 622, 723, false, false},
        {"nextgen", &runtime_preview_723, false, D3D12_FEATURE_D3D12_OPTIONS5, 723, 723, false, true},
        {"nextgen", &runtime_preview_723, false, D3D12_FEATURE_D3D12_OPTIONS5, 722, 723, false, false},
        /* OPTIONS holds nothing newer than 610 here: the true values from 610 on. */
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS, 610, 620, false, true},
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_D3D12_OPTIONS, 610, 604, false, false},
        {"nextgen", &runtime_preview_723, false, D3D12_FEATURE_D3D12_OPTIONS, 710, 723, false, true},
        /* The legacy entry point: pinned below the cutoff (1_3 is after it). */
        {"nextgen", &runtime_retail_622, true, D3D12_FEATURE_D3D12_OPTIONS5, 0, 0, false, true},
        {"nextgen", &runtime_retail_620, true, D3D12_FEATURE_D3D12_OPTIONS, 0, 0, false, true},
        /* Inputs: never remembered. */
        {"nextgen", &runtime_retail_622, true, D3D12_FEATURE_FEATURE_LEVELS, 0, 0, false, false},
        {"nextgen", &runtime_retail_622, false, D3D12_FEATURE_SHADER_MODEL, 622, 622, false, false},
        /* Unknown to the runtime (preview 719+): the walk reports it. */
        {"nextgen", &runtime_retail_620, true, D3D12_FEATURE_FENCE_BARRIERS, 0, 0, false, false},
    };
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(tests); ++i)
    {
        struct mk_device *device = create_device(tests[i].adapter, tests[i].runtime);
        enum mk_entry entry = tests[i].legacy ? MK_ENTRY_LEGACY : MK_ENTRY_CFS1;
        const struct mk_feature *feature = mk_feature_from_value(tests[i].feature);
        unsigned char data[BUFFER_SIZE] = {0};
        bool hit;

        assert_non_null(feature);
        if ((hit = mk_answers_hit(device, entry, tests[i].feature, tests[i].probe)) != tests[i].hit_before)
            fail_msg("row %u (%s %u -> %u): %s before the query.", i, feature->name, tests[i].first, tests[i].probe,
                    hit ? "a hit" : "no hit");
        mk_check_feature_support(device, entry, tests[i].feature, data, mk_structs[feature->struct_index].size,
                tests[i].first);
        if ((hit = mk_answers_hit(device, entry, tests[i].feature, tests[i].probe)) != tests[i].hit_after)
            fail_msg("row %u (%s %u -> %u): %s after the query.", i, feature->name, tests[i].first, tests[i].probe,
                    hit ? "a hit" : "no hit");
        release_device(device);
    }
}

/* The legacy entry point's fast path copies a remembered answer exactly where
 * the memo holds one (so it is used, and only then), and never with the
 * debug layer's device. */
static void test_legacy_fast_path_answers(void **state)
{
    static const mockd3d12_runtime *const runtimes[] = {&runtime_retail_620, &runtime_retail_622,
            &runtime_preview_723, &runtime_retro_616};
    static struct answer got;
    unsigned a, r, answered = 0;
    size_t f;

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            const char *id = caps_adapter_id(caps_adapter_at(a));
            struct mk_device *device = create_device(id, runtimes[r]);

            for (f = 0; f < mk_feature_count; ++f)
            {
                const struct mk_feature *feature = &mk_features[f];
                D3D12_FEATURE value = (D3D12_FEATURE)feature->value;
                bool hit;

                if (mk_answers_legacy_path(device, value) != MK_LEGACY_WALK)
                    fail_msg("%s, runtime %u, %s: a fast path before any query.", id, r, feature->name);
                query(device, true, false, feature, mk_structs[feature->struct_index].size, 0, &got);
                hit = mk_answers_hit(device, MK_ENTRY_LEGACY, value, 0);
                if ((mk_answers_legacy_path(device, value) == MK_LEGACY_ANSWER) != hit)
                    fail_msg("%s, runtime %u, %s: the memo %s, the fast path %s.", id, r, feature->name,
                            hit ? "answers" : "does not answer",
                            mk_answers_legacy_path(device, value) == MK_LEGACY_ANSWER ? "copies" : "does not");
                answered += hit;
            }
            release_device(device);
        }
    }
    /* Most input-free features are remembered (a performance regression would
     * otherwise be silent). */
    assert_true(answered > caps_adapter_count() * ARRAY_SIZE(runtimes) * 30);
}

/* FEATURE_LEVELS through its atomic fill on the caller's buffer: with real
 * inputs (valid, invalid, unsupported), each query twice (the first enables
 * the fast path, the second takes it), the answer the walk alone gives, byte
 * for byte; and the fill is used wherever nothing can clamp the answer. */
static void test_legacy_fill_feature_levels(void **state)
{
    static const D3D_FEATURE_LEVEL all[] = {D3D_FEATURE_LEVEL_1_0_CORE, D3D_FEATURE_LEVEL_9_1,
            D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1,
            D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_1,
            D3D_FEATURE_LEVEL_12_2};
    static const D3D_FEATURE_LEVEL descending[] = {D3D_FEATURE_LEVEL_12_2, D3D_FEATURE_LEVEL_12_1,
            D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
    static const D3D_FEATURE_LEVEL zero_and_odd[] = {0, (D3D_FEATURE_LEVEL)0x3000};
    static const D3D_FEATURE_LEVEL zero[] = {0};
    static const D3D_FEATURE_LEVEL too_high[] = {(D3D_FEATURE_LEVEL)0xffffffffu, (D3D_FEATURE_LEVEL)0xd000};
    static const D3D_FEATURE_LEVEL duplicates[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_0};
    static const D3D_FEATURE_LEVEL only_12_2[] = {D3D_FEATURE_LEVEL_12_2};
    static const struct
    {
        UINT count;
        const D3D_FEATURE_LEVEL *levels;
    }
    inputs[] =
    {
        {ARRAY_SIZE(all), all},
        {ARRAY_SIZE(descending), descending},
        {ARRAY_SIZE(zero_and_odd), zero_and_odd},
        {ARRAY_SIZE(zero), zero},
        {ARRAY_SIZE(too_high), too_high},       /* DXGI_ERROR_UNSUPPORTED */
        {ARRAY_SIZE(duplicates), duplicates},
        {ARRAY_SIZE(only_12_2), only_12_2},     /* unsupported below 12_2 */
        {3, descending},                        /* a prefix */
        {0, all},                               /* E_INVALIDARG */
        {2, NULL},                              /* E_INVALIDARG */
    };
    static const mockd3d12_runtime *const runtimes[] = {&runtime_retail_620, &runtime_retail_622,
            &runtime_preview_721, &runtime_retro_616};
    const struct mk_feature *feature = mk_feature_from_value(D3D12_FEATURE_FEATURE_LEVELS);
    unsigned a, r, i, round, filled = 0;
    bool expect_fill, is_fill;
    char what[160];

    (void)state;
    assert_non_null(feature);
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            const char *id = caps_adapter_id(caps_adapter_at(a));
            struct mk_device *device = create_device(id, runtimes[r]);

            for (round = 0; round < 2; ++round)
            {
                for (i = 0; i < ARRAY_SIZE(inputs); ++i)
                {
                    D3D12_FEATURE_DATA_FEATURE_LEVELS got, expected;
                    HRESULT got_hr, expected_hr;

                    memset(&got, 0xcc, sizeof(got));
                    got.NumFeatureLevels = inputs[i].count;
                    got.pFeatureLevelsRequested = inputs[i].levels;
                    expected = got;
                    got_hr = ID3D12Device17_CheckFeatureSupport(&device->ID3D12Device17_iface,
                            D3D12_FEATURE_FEATURE_LEVELS, &got, sizeof(got));
                    expected_hr = mk_check_feature_support_unmemoised(device, MK_ENTRY_LEGACY,
                            D3D12_FEATURE_FEATURE_LEVELS, &expected, sizeof(expected), 0);
                    snprintf(what, sizeof(what), "%s, runtime %u, round %u, input %u", id, r, round, i);
                    if (got_hr != expected_hr)
                        fail_msg("%s: hr %#x, the walk alone answers %#x.", what, (unsigned)got_hr,
                                (unsigned)expected_hr);
                    if (memcmp(&got, &expected, sizeof(got)))
                        fail_msg("%s: MaxSupportedFeatureLevel %#x, the walk alone writes %#x.", what,
                                (unsigned)got.MaxSupportedFeatureLevel, (unsigned)expected.MaxSupportedFeatureLevel);
                    /* Wrong size and NULL data: the walk's errors. */
                    assert_int_equal(ID3D12Device17_CheckFeatureSupport(&device->ID3D12Device17_iface,
                            D3D12_FEATURE_FEATURE_LEVELS, &got, sizeof(got) - 1), E_INVALIDARG);
                    assert_int_equal(ID3D12Device17_CheckFeatureSupport(&device->ID3D12Device17_iface,
                            D3D12_FEATURE_FEATURE_LEVELS, NULL, sizeof(got)), E_INVALIDARG);
                }
            }
            /* The fill answers unless the struct can be clamped: 12_2 (retail
             * 619) is unknown below the retroactive runtime's legacy cutoff
             * 610, so there FEATURE_LEVELS takes the walk (whether the clamp
             * can change anything is decided per struct). */
            expect_fill = runtimes[r] != &runtime_retro_616;
            is_fill = mk_answers_legacy_path(device, D3D12_FEATURE_FEATURE_LEVELS) == MK_LEGACY_FILL;
            if (is_fill != expect_fill)
                fail_msg("%s, runtime %u: FEATURE_LEVELS is %sanswered by its fill on the caller's buffer.", id, r,
                        is_fill ? "" : "not ");
            filled += is_fill;
            release_device(device);
        }
    }
    assert_true(filled >= caps_adapter_count() * 3);
}

/* Every feature marked atomic in data/feature-handlers.tsv, its 4-byte input
 * fields all set to one of a list of values (formats, shader models, root
 * signature versions, node indices, queue types and priorities, and values
 * no enum has): through the fast path, twice, what the walk alone answers,
 * byte for byte, successes and failures; and on a runtime with nothing to
 * clamp the fast path runs the fill. */
static void set_inputs(const struct mk_struct *desc, unsigned char *bytes, uint32_t value)
{
    unsigned i;

    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        if (mk_fields[i].dir != MK_DIR_OUT && mk_fields[i].size == 4 && mk_fields[i].kind != MK_FIELD_OPAQUE)
            memcpy(bytes + mk_fields[i].offset, &value, 4);
    }
}

static const uint32_t input_values[] = {0, 1, 2, 3, 4, 5, 28, 0x3d, 0x51, 0x60, 0x62, 0x65, 0x67, 0x69, 0x6a,
        0x84, 100, 0xb000, 0xc200, 0xffff, 0xdeadbeef};

static void test_legacy_atomic_fills(void **state)
{
    static const uint32_t *const values = input_values;
    static const mockd3d12_runtime *const runtimes[] = {&runtime_retail_620, &runtime_retail_622,
            &runtime_preview_723, &runtime_retro_616};
    static struct answer got, expected;
    static _Alignas(16) unsigned char odd[BUFFER_SIZE + 1];
    static const UINT cfs1_versions[] = {606, 616, 620, 711, 721};
    unsigned a, r, v, k, round, atomic = 0, filled = 0, succeeded = 0;
    HRESULT hr;
    char what[200];
    size_t f;

    (void)state;
    for (f = 0; f < mk_feature_count; ++f)
        atomic += mk_features[f].atomic_fill;
    assert_true(atomic >= 5);
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            const char *id = caps_adapter_id(caps_adapter_at(a));
            struct mk_device *device = create_device(id, runtimes[r]);

            for (f = 0; f < mk_feature_count; ++f)
            {
                const struct mk_feature *feature = &mk_features[f];
                const struct mk_struct *desc = &mk_structs[feature->struct_index];

                if (!feature->atomic_fill)
                    continue;
                for (round = 0; round < 2; ++round)
                {
                    for (v = 0; v < ARRAY_SIZE(input_values); ++v)
                    {
                        snprintf(what, sizeof(what), "%s, runtime %u, round %u, %s, inputs %#x", id, r, round,
                                feature->name, values[v]);
                        memset(got.bytes, CANARY, sizeof(got.bytes));
                        memset(got.bytes, 0, desc->size);
                        set_inputs(desc, got.bytes, values[v]);
                        memcpy(expected.bytes, got.bytes, sizeof(got.bytes));
                        got.hr = ID3D12Device17_CheckFeatureSupport(&device->ID3D12Device17_iface,
                                (D3D12_FEATURE)feature->value, got.bytes, desc->size);
                        expected.hr = mk_check_feature_support_unmemoised(device, MK_ENTRY_LEGACY,
                                (D3D12_FEATURE)feature->value, expected.bytes, desc->size, 0);
                        check_same(&got, &expected, what);
                        succeeded += got.hr == S_OK;
                        /* The same struct at an odd address: the walk's answer
                         * too (a fill in place needs the alignment). */
                        memset(odd, CANARY, sizeof(odd));
                        memset(odd + 1, 0, desc->size);
                        set_inputs(desc, odd + 1, values[v]);
                        hr = ID3D12Device17_CheckFeatureSupport(&device->ID3D12Device17_iface,
                                (D3D12_FEATURE)feature->value, odd + 1, desc->size);
                        if (hr != expected.hr || memcmp(odd + 1, expected.bytes, desc->size))
                            fail_msg("%s, at an odd address: hr %#x, the walk alone answers %#x.", what,
                                    (unsigned)hr, (unsigned)expected.hr);
                        /* CheckFeatureSupport1, whose walk runs an atomic fill
                         * in place when nothing can be clamped. */
                        for (k = 0; k < ARRAY_SIZE(cfs1_versions); ++k)
                        {
                            snprintf(what, sizeof(what), "%s, runtime %u, round %u, %s, inputs %#x, "
                                    "CheckFeatureSupport1(%u)", id, r, round, feature->name, values[v],
                                    cfs1_versions[k]);
                            memset(got.bytes, CANARY, sizeof(got.bytes));
                            memset(got.bytes, 0, desc->size);
                            set_inputs(desc, got.bytes, values[v]);
                            memcpy(expected.bytes, got.bytes, sizeof(got.bytes));
                            got.hr = ID3D12Device17_CheckFeatureSupport1(&device->ID3D12Device17_iface,
                                    (D3D12_FEATURE)feature->value, got.bytes, desc->size, cfs1_versions[k]);
                            expected.hr = mk_check_feature_support_unmemoised(device, MK_ENTRY_CFS1,
                                    (D3D12_FEATURE)feature->value, expected.bytes, desc->size, cfs1_versions[k]);
                            check_same(&got, &expected, what);
                        }
                    }
                }
                filled += mk_answers_legacy_path(device, (D3D12_FEATURE)feature->value) == MK_LEGACY_FILL;
                if (runtimes[r] == &runtime_retail_622 && (feature->value == D3D12_FEATURE_FORMAT_SUPPORT
                        || feature->value == D3D12_FEATURE_ARCHITECTURE1)
                        && mk_answers_legacy_path(device, (D3D12_FEATURE)feature->value) != MK_LEGACY_FILL)
                    fail_msg("%s, retail 622: %s does not take its fill on the fast path.", id, feature->name);
            }
            release_device(device);
        }
    }
    /* Successes and failures both compared; most fills in use. */
    assert_true(succeeded > caps_adapter_count() * 20);
    assert_true(filled > caps_adapter_count() * ARRAY_SIZE(runtimes) * 3);
}

/* Answers keyed by the inputs (src/check_feature.c, keyed_plan): each keyed
 * feature's plan covers exactly its input fields and its output fields, and
 * the features with inputs passed by value are keyed, FEATURE_LEVELS (a
 * pointer) not. A success is kept for its inputs and answered from the slot
 * the next time, a failure never, other inputs never; CheckFeatureSupport1
 * at a version where nothing can be clamped keeps and uses the same slot;
 * every answer is the walk's, byte for byte, with canaries in the outputs
 * and the padding. */
static void test_legacy_keyed_answers(void **state)
{
    static const D3D12_FEATURE keyed[] = {D3D12_FEATURE_FORMAT_SUPPORT, D3D12_FEATURE_FORMAT_INFO,
            D3D12_FEATURE_SHADER_MODEL, D3D12_FEATURE_ROOT_SIGNATURE, D3D12_FEATURE_ARCHITECTURE,
            D3D12_FEATURE_ARCHITECTURE1, D3D12_FEATURE_SERIALIZATION, D3D12_FEATURE_COMMAND_QUEUE_PRIORITY,
            D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT};
    static const mockd3d12_runtime *const runtimes[] = {&runtime_retail_622, &runtime_preview_723};
    static struct answer got, expected;
    static _Alignas(16) unsigned char initial[BUFFER_SIZE], other[BUFFER_SIZE];
    unsigned key_offset, key_size, answer_offset, answer_size, in_size, out_size, a, r, v, k, round;
    unsigned planned = 0, hits = 0, filled = 0, cfs1_kept = 0;
    bool kept, fill;
    char what[200];
    size_t f, i;

    (void)state;
    for (f = 0; f < mk_feature_count; ++f)
    {
        const struct mk_feature *feature = &mk_features[f];
        const struct mk_struct *desc = &mk_structs[feature->struct_index];
        bool expect = false;

        for (k = 0; k < ARRAY_SIZE(keyed); ++k)
            expect |= feature->value == (uint32_t)keyed[k];
        if (mk_feature_from_value(feature->value) != feature)
            continue;
        if (!mk_answers_keyed_plan((D3D12_FEATURE)feature->value, &key_offset, &key_size, &answer_offset,
                &answer_size))
        {
            if (expect)
                fail_msg("%s: its answers are not keyed by its inputs.", feature->name);
            continue;
        }
        if (!expect)
            fail_msg("%s: its answers are keyed by its inputs.", feature->name);
        assert_true(feature->atomic_fill);
        in_size = out_size = 0;
        for (i = desc->first_field; i < (size_t)desc->first_field + desc->field_count; ++i)
        {
            const struct mk_field *field = &mk_fields[i];

            if (field->dir != MK_DIR_OUT)
            {
                assert_true(field->offset >= key_offset && field->offset + field->size <= key_offset + key_size);
                in_size += field->size;
            }
            if (field->dir != MK_DIR_IN)
            {
                assert_true(field->offset >= answer_offset
                        && field->offset + field->size <= answer_offset + answer_size);
                out_size += field->size;
            }
        }
        assert_int_equal(in_size, key_size);
        assert_int_equal(out_size, answer_size);
        ++planned;
    }
    assert_int_equal(planned, ARRAY_SIZE(keyed));
    assert_false(mk_answers_keyed_plan(D3D12_FEATURE_FEATURE_LEVELS, &key_offset, &key_size, &answer_offset,
            &answer_size));

    for (a = 0; a < caps_adapter_count(); ++a)
    {
        for (r = 0; r < ARRAY_SIZE(runtimes); ++r)
        {
            const char *id = caps_adapter_id(caps_adapter_at(a));
            struct mk_device *device = create_device(id, runtimes[r]);
            ID3D12Device17 *iface = &device->ID3D12Device17_iface;

            for (k = 0; k < ARRAY_SIZE(keyed); ++k)
            {
                const struct mk_feature *feature = mk_feature_from_value(keyed[k]);
                UINT size = mk_structs[feature->struct_index].size;

                /* The first query takes the walk, which enables the fill. */
                query(device, true, false, feature, size, 0, &got);
                for (v = 0; v < ARRAY_SIZE(input_values); ++v)
                {
                    memset(initial, CANARY, sizeof(initial));
                    set_inputs(&mk_structs[feature->struct_index], initial, input_values[v]);
                    memcpy(other, initial, sizeof(other));
                    set_inputs(&mk_structs[feature->struct_index], other, input_values[v] ^ 0x10000);
                    /* First CheckFeatureSupport1 at the runtime's own version:
                     * where the legacy fast path runs the fill, nothing can be
                     * clamped at that version either, and it keeps its answer. */
                    snprintf(what, sizeof(what), "%s, runtime %u, %s, inputs %#x, CheckFeatureSupport1", id, r,
                            feature->name, input_values[v]);
                    memcpy(got.bytes, initial, sizeof(got.bytes));
                    memcpy(expected.bytes, initial, sizeof(expected.bytes));
                    got.hr = ID3D12Device17_CheckFeatureSupport1(iface, keyed[k], got.bytes, size,
                            mockd3d12_runtime_effective_version(runtimes[r]));
                    expected.hr = mk_check_feature_support_unmemoised(device, MK_ENTRY_CFS1, keyed[k],
                            expected.bytes, size, mockd3d12_runtime_effective_version(runtimes[r]));
                    check_same(&got, &expected, what);
                    fill = mk_answers_legacy_path(device, keyed[k]) == MK_LEGACY_FILL;
                    if (mk_answers_keyed_hit(device, keyed[k], initial) != (fill && expected.hr == S_OK))
                        fail_msg("%s: its answer %skept.", what, fill && expected.hr == S_OK ? "not " : "");
                    cfs1_kept += fill && expected.hr == S_OK;
                    for (round = 0; round < 3; ++round)
                    {
                        snprintf(what, sizeof(what), "%s, runtime %u, %s, inputs %#x, query %u", id, r,
                                feature->name, input_values[v], round);
                        /* From the slot from the second query of a success on,
                         * where the fill answers (nothing can be clamped). */
                        kept = mk_answers_keyed_hit(device, keyed[k], initial);
                        fill = mk_answers_legacy_path(device, keyed[k]) == MK_LEGACY_FILL;
                        if (round && kept != (fill && expected.hr == S_OK))
                            fail_msg("%s: %s for the inputs of a %s%s.", what, kept ? "kept" : "not kept",
                                    expected.hr == S_OK ? "success" : "failure", fill ? "" : " (the walk answers)");
                        hits += kept;
                        memcpy(got.bytes, initial, sizeof(got.bytes));
                        memcpy(expected.bytes, initial, sizeof(expected.bytes));
                        got.hr = ID3D12Device17_CheckFeatureSupport(iface, keyed[k], got.bytes, size);
                        expected.hr = mk_check_feature_support_unmemoised(device, MK_ENTRY_LEGACY, keyed[k],
                                expected.bytes, size, 0);
                        check_same(&got, &expected, what);
                        if (mk_answers_keyed_hit(device, keyed[k], other))
                            fail_msg("%s: the answer kept for other inputs.", what);
                    }
                }
                filled += mk_answers_legacy_path(device, keyed[k]) == MK_LEGACY_FILL;
            }
            release_device(device);
        }
    }
    /* Most keyed features answered by their fill, with shader models, formats
     * and node 0 kept. */
    assert_true(filled > caps_adapter_count() * ARRAY_SIZE(runtimes) * ARRAY_SIZE(keyed) * 9 / 10);
    assert_true(hits > caps_adapter_count() * ARRAY_SIZE(runtimes) * ARRAY_SIZE(keyed) * 4);
    assert_true(cfs1_kept > caps_adapter_count() * ARRAY_SIZE(runtimes) * ARRAY_SIZE(keyed) * 2);
}

/* Step 2's precomputed bitmask (kept per runtime configuration for the
 * process, a few at a time): every feature known or not as
 * caps_runtime_knows() says, on more configurations than are kept, each
 * twice. */
static void test_known_features(void **state)
{
    static const UINT retail[] = {600, 606, 608, 610, 611, 613, 615, 616, 618, 619, 620, 622};
    static const UINT preview[] = {700, 710, 711, 714, 715, 716, 717, 719, 720, 721, 723};
    static struct answer got, expected;
    unsigned round, i, k;
    char what[160];
    size_t f;

    (void)state;
    for (round = 0; round < 2; ++round)
    {
        for (k = 0; k < 2; ++k)
        {
            for (i = 0; i < (k ? ARRAY_SIZE(preview) : ARRAY_SIZE(retail)); ++i)
            {
                mockd3d12_runtime runtime = {k ? MOCKD3D12_RUNTIME_PREVIEW : MOCKD3D12_RUNTIME_RETAIL,
                        k ? 620 : retail[i], k ? preview[i] : retail[i] + 101, 620, 721, FALSE};
                struct mk_device *device = create_device("nextgen", &runtime);

                for (f = 0; f < mk_feature_count; ++f)
                {
                    const struct mk_feature *feature = &mk_features[f];
                    UINT size = mk_structs[feature->struct_index].size;
                    bool known = caps_runtime_knows(&runtime, feature->first_retail, feature->first_preview);

                    snprintf(what, sizeof(what), "round %u, %s %u, %s", round, k ? "preview" : "retail",
                            k ? preview[i] : retail[i], feature->name);
                    query(device, true, false, feature, size, 0, &got);
                    query(device, false, false, feature, size, 0, &expected);
                    check_same(&got, &expected, what);
                    if (!known && got.hr != E_INVALIDARG)
                        fail_msg("%s: unknown to the runtime, hr %#x.", what, (unsigned)got.hr);
                    if (known && got.hr == E_INVALIDARG && feature_is_input_free(feature))
                        fail_msg("%s: known to the runtime, hr %#x.", what, (unsigned)got.hr);
                }
                release_device(device);
            }
        }
    }
}

/* Threads filling one device's memo at once (each in its own order) answer
 * what the walk alone answers; run under TSan it checks the memo's atomics. */
#define THREADS 4

static const D3D_FEATURE_LEVEL thread_levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_12_0,
        D3D_FEATURE_LEVEL_12_1};

struct thread_args
{
    struct mk_device *device;
    const struct answer *expected; /* [feature][version] */
    const struct answer *expected_legacy; /* [feature] */
    D3D_FEATURE_LEVEL expected_level;
    const struct answer *expected_keyed; /* [KEYED_INPUTS] */
    unsigned start;
    unsigned mismatches;
};

/* Keyed answers: shader models and formats, each thread in its own order,
 * so that the slots change under the readers. */
static const struct
{
    D3D12_FEATURE feature;
    uint32_t input;
}
keyed_inputs[] =
{
    {D3D12_FEATURE_SHADER_MODEL, 0x60}, {D3D12_FEATURE_SHADER_MODEL, 0x65}, {D3D12_FEATURE_SHADER_MODEL, 0x51},
    {D3D12_FEATURE_FORMAT_SUPPORT, 28}, {D3D12_FEATURE_FORMAT_SUPPORT, 98}, {D3D12_FEATURE_FORMAT_SUPPORT, 41},
    {D3D12_FEATURE_ARCHITECTURE1, 0}, {D3D12_FEATURE_ARCHITECTURE1, 1},
};
#define KEYED_INPUTS ARRAY_SIZE(keyed_inputs)

static void query_keyed(struct mk_device *device, bool memo, unsigned i, struct answer *out)
{
    const struct mk_feature *feature = mk_feature_from_value(keyed_inputs[i].feature);
    UINT size = mk_structs[feature->struct_index].size;

    memset(out->bytes, CANARY, sizeof(out->bytes));
    memcpy(out->bytes, &keyed_inputs[i].input, sizeof(keyed_inputs[i].input));
    out->hr = memo ? ID3D12Device17_CheckFeatureSupport(&device->ID3D12Device17_iface, keyed_inputs[i].feature,
            out->bytes, size) : mk_check_feature_support_unmemoised(device, MK_ENTRY_LEGACY, keyed_inputs[i].feature,
            out->bytes, size, 0);
}

static void *query_thread(void *ctx)
{
    struct thread_args *args = ctx;
    unsigned count = mk_feature_count * ARRAY_SIZE(versions), i, round;
    static _Thread_local struct answer got;

    for (round = 0; round < 2; ++round)
    {
        for (i = 0; i < count; ++i)
        {
            unsigned n = (args->start + i * 7) % count, f = n / ARRAY_SIZE(versions), v = n % ARRAY_SIZE(versions);
            const struct mk_feature *feature = &mk_features[f];

            D3D12_FEATURE_DATA_FEATURE_LEVELS levels = {ARRAY_SIZE(thread_levels), thread_levels, 0};

            query(args->device, true, true, feature, mk_structs[feature->struct_index].size, versions[v], &got);
            if (got.hr != args->expected[n].hr || memcmp(got.bytes, args->expected[n].bytes, sizeof(got.bytes)))
                ++args->mismatches;
            /* The legacy entry point's fast path, filled at the same time. */
            query(args->device, true, false, feature, mk_structs[feature->struct_index].size, 0, &got);
            if (got.hr != args->expected_legacy[f].hr
                    || memcmp(got.bytes, args->expected_legacy[f].bytes, sizeof(got.bytes)))
                ++args->mismatches;
            if (ID3D12Device17_CheckFeatureSupport(&args->device->ID3D12Device17_iface, D3D12_FEATURE_FEATURE_LEVELS,
                    &levels, sizeof(levels)) != S_OK || levels.MaxSupportedFeatureLevel != args->expected_level)
                ++args->mismatches;
            query_keyed(args->device, true, (args->start + i) % KEYED_INPUTS, &got);
            if (got.hr != args->expected_keyed[(args->start + i) % KEYED_INPUTS].hr
                    || memcmp(got.bytes, args->expected_keyed[(args->start + i) % KEYED_INPUTS].bytes,
                    sizeof(got.bytes)))
                ++args->mismatches;
        }
    }
    return NULL;
}

static void test_memo_threads(void **state)
{
    unsigned count = mk_feature_count * ARRAY_SIZE(versions), n, i;
    struct thread_args args[THREADS];
    pthread_t threads[THREADS];
    struct mk_device *device, *walk;
    struct answer *expected, *expected_legacy;
    static struct answer expected_keyed[KEYED_INPUTS];
    D3D12_FEATURE_DATA_FEATURE_LEVELS levels = {ARRAY_SIZE(thread_levels), thread_levels, 0};

    (void)state;
    assert_non_null(expected = test_calloc(count, sizeof(*expected)));
    assert_non_null(expected_legacy = test_calloc(mk_feature_count, sizeof(*expected_legacy)));
    walk = create_device("nextgen", &runtime_preview_723);
    for (n = 0; n < count; ++n)
    {
        const struct mk_feature *feature = &mk_features[n / ARRAY_SIZE(versions)];

        query(walk, false, true, feature, mk_structs[feature->struct_index].size, versions[n % ARRAY_SIZE(versions)],
                &expected[n]);
    }
    for (n = 0; n < mk_feature_count; ++n)
        query(walk, false, false, &mk_features[n], mk_structs[mk_features[n].struct_index].size, 0,
                &expected_legacy[n]);
    for (n = 0; n < KEYED_INPUTS; ++n)
        query_keyed(walk, false, n, &expected_keyed[n]);
    /* Node 1 of one node fails; the rest succeed. */
    assert_int_equal(expected_keyed[0].hr, S_OK);
    assert_int_equal(expected_keyed[3].hr, S_OK);
    assert_int_equal(expected_keyed[KEYED_INPUTS - 1].hr, E_INVALIDARG);
    assert_int_equal(mk_check_feature_support_unmemoised(walk, MK_ENTRY_LEGACY, D3D12_FEATURE_FEATURE_LEVELS, &levels,
            sizeof(levels), 0), S_OK);
    assert_int_equal(levels.MaxSupportedFeatureLevel, D3D_FEATURE_LEVEL_12_1);
    device = create_device("nextgen", &runtime_preview_723);
    for (i = 0; i < THREADS; ++i)
    {
        args[i] = (struct thread_args){device, expected, expected_legacy, levels.MaxSupportedFeatureLevel,
                expected_keyed, i * count / THREADS, 0};
        assert_int_equal(pthread_create(&threads[i], NULL, query_thread, &args[i]), 0);
    }
    for (i = 0; i < THREADS; ++i)
    {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        if (args[i].mismatches)
            fail_msg("thread %u: %u answers differ from the walk's.", i, args[i].mismatches);
    }
    release_device(device);
    release_device(walk);
    test_free(expected);
    test_free(expected_legacy);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_memo_answers_what_the_walk_answers),
        cmocka_unit_test(test_memo_hits),
        cmocka_unit_test(test_legacy_fast_path_answers),
        cmocka_unit_test(test_legacy_fill_feature_levels),
        cmocka_unit_test(test_legacy_atomic_fills),
        cmocka_unit_test(test_legacy_keyed_answers),
        cmocka_unit_test(test_known_features),
        cmocka_unit_test(test_memo_threads),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
