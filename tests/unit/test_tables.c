/*
 * The lookups the fills use on every query, each checked against a
 * brute-force search over the generated tables: mk_enum_value_range (a
 * direct probe, then a binary search over mk_enum_sorted_values),
 * caps_fill_enum_known (with its per-call-site enum index),
 * caps_format_rule and caps_format_known, and caps_fill_copy's one-run copy
 * plan (outputs written, inputs and padding left as the caller gave them).
 * And the helpers off the tables: fields of 1, 2 and 3 bytes, indices past
 * the tables, a runtime older than every format.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "caps/caps.h"
#include "caps/caps_handlers.h"
#include "caps/fill_private.h"
#include "caps/format_rules.h"
#include "mk_tables.h"

#define CANARY 0x5a

static const mockd3d12_runtime runtimes[] =
{
    {MOCKD3D12_RUNTIME_RETAIL, 600, 700, 600, 700, FALSE},
    {MOCKD3D12_RUNTIME_RETAIL, 610, 711, 610, 711, FALSE},
    {MOCKD3D12_RUNTIME_RETAIL, 616, 717, 616, 717, FALSE},
    {MOCKD3D12_RUNTIME_RETAIL, 622, 723, 620, 721, FALSE},
    {MOCKD3D12_RUNTIME_PREVIEW, 620, 714, 620, 714, FALSE},
    {MOCKD3D12_RUNTIME_PREVIEW, 622, 723, 620, 721, FALSE},
};

/* Values around every member of every enum, and some no enum has; a wrong
 * range is reported as row e (the enum) of `failures`. */
static void check_range(struct row_failures *failures, unsigned e, uint32_t value)
{
    const struct mk_enum *en = &mk_enums[e];
    unsigned begin, end, i, expected = 0, j;

    mk_enum_value_range(e, value, &begin, &end);
    for (j = en->first_value; j < (unsigned)en->first_value + en->value_count; ++j)
        expected += mk_enum_values[j].value == value;
    if (end - begin != expected)
    {
        row_fail(failures, e, mk_enum_name(en), "value %#x: %u members in the range, %u in the enum.", value,
                end - begin, expected);
        return;
    }
    for (i = begin; i < end; ++i)
    {
        if (i < en->first_value || i >= (unsigned)en->first_value + en->value_count)
            row_fail(failures, e, mk_enum_name(en), "value %#x: index %u of the range is outside the enum.", value, i);
        else if (mk_enum_sorted_values[i] != value || mk_enum_values[mk_enum_value_order[i]].value != value)
            row_fail(failures, e, mk_enum_name(en), "value %#x: index %u of the range holds %#x.", value, i,
                    mk_enum_sorted_values[i]);
    }
}

static void test_enum_value_range(void **state)
{
    static const uint32_t extra[] = {0, 1, 2, 0x7fffffff, 0x80000000, 0xdeadbeef, 0xfffffffe, 0xffffffff};
    struct row_failures failures = {0};
    unsigned e, j, k;

    (void)state;
    for (e = 0; e < mk_enum_count; ++e)
    {
        const struct mk_enum *en = &mk_enums[e];

        /* The order is a permutation of the enum's own members, by value. */
        for (j = en->first_value; j < (unsigned)en->first_value + en->value_count; ++j)
        {
            if (mk_enum_value_order[j] < en->first_value || mk_enum_value_order[j] >= en->first_value + en->value_count)
                row_fail(&failures, e, mk_enum_name(en), "order[%u] is outside the enum.", j);
            if (j > en->first_value && mk_enum_sorted_values[j - 1] > mk_enum_sorted_values[j])
                row_fail(&failures, e, mk_enum_name(en), "sorted values out of order at %u.", j);
            check_range(&failures, e, mk_enum_values[j].value);
            check_range(&failures, e, mk_enum_values[j].value + 1);
            check_range(&failures, e, mk_enum_values[j].value - 1);
        }
        for (k = 0; k < ARRAY_SIZE(extra); ++k)
            check_range(&failures, e, extra[k]);
    }
    rows_done(&failures);
    /* An enum index past the table: an empty range. */
    mk_enum_value_range((unsigned)mk_enum_count, 0, &j, &k);
    assert_int_equal(j, k);
}

/* caps_fill_enum_known against the definition: a member, not an alias,
 * that the runtime knows. */
static bool brute_known(const mockd3d12_runtime *runtime, const char *name, uint32_t value)
{
    int e = mk_enum_find(name);
    unsigned j;

    assert_true(e >= 0);
    for (j = mk_enums[e].first_value; j < (unsigned)mk_enums[e].first_value + mk_enums[e].value_count; ++j)
    {
        const struct mk_enum_value *v = &mk_enum_values[j];

        if (v->value == value && !v->is_alias && caps_runtime_knows_until(runtime, v->first_retail, v->first_preview,
                v->last_preview))
            return true;
    }
    return false;
}

static void test_enum_known(void **state)
{
    static const struct
    {
        enum mk_enum_id id;
        const char *name;
    }
    refs[] =
    {
        {MK_ENUM_ID_D3D_SHADER_MODEL, "D3D_SHADER_MODEL"},
        {MK_ENUM_ID_D3D_ROOT_SIGNATURE_VERSION, "D3D_ROOT_SIGNATURE_VERSION"},
        {MK_ENUM_ID_D3D12_BARRIER_LAYOUT, "D3D12_BARRIER_LAYOUT"},
        {MK_ENUM_ID_DXGI_FORMAT, "DXGI_FORMAT"},
        {MK_ENUM_ID_D3D_FEATURE_LEVEL, "D3D_FEATURE_LEVEL"},
    };
    struct row_failures failures = {0};
    unsigned r, k, known = 0, unknown = 0;
    uint32_t value;

    (void)state;
    for (r = 0; r < ARRAY_SIZE(refs); ++r)
    {
        int e = mk_enum_find(refs[r].name);

        /* The generated index is the one the search finds. */
        if (e != (int)refs[r].id)
        {
            row_fail(&failures, r, refs[r].name, "MK_ENUM_ID_ %d, mk_enum_find %d", (int)refs[r].id, e);
            continue;
        }
        for (k = 0; k < ARRAY_SIZE(runtimes); ++k)
        {
            unsigned j;

            for (j = mk_enums[e].first_value; j < (unsigned)mk_enums[e].first_value + mk_enums[e].value_count; ++j)
            {
                value = mk_enum_values[j].value;
                if (caps_fill_enum_known(&runtimes[k], refs[r].id, value) != brute_known(&runtimes[k],
                        refs[r].name, value))
                    row_fail(&failures, r, refs[r].name, "%#x on runtime %u", value, k);
                known += brute_known(&runtimes[k], refs[r].name, value);
                unknown += !brute_known(&runtimes[k], refs[r].name, value);
                if (caps_fill_enum_known(&runtimes[k], refs[r].id, value + 0x10000)
                        != brute_known(&runtimes[k], refs[r].name, value + 0x10000))
                    row_fail(&failures, r, refs[r].name, "%#x on runtime %u", value + 0x10000, k);
            }
        }
    }
    rows_done(&failures);
    /* Some members are unknown to the older runtimes, and most are known. */
    assert_true(known > unknown && unknown > 0);
    /* Every enum of the tables has its index. */
    assert_int_equal(mk_enum_find("D3D12_FORMAT_SUPPORT1"), MK_ENUM_ID_D3D12_FORMAT_SUPPORT1);
    assert_int_equal(mk_enum_find("D3D12_NO_SUCH_ENUM"), -1);
}

/* The answer sheet tells a NodeIndex input by its name's offset
 * (answer_sheet.c): equal names share one offset of mk_strings. */
static void test_equal_names_share_offsets(void **state)
{
    uint32_t node_index = mk_fields[MK_FIELD_ARCHITECTURE_NodeIndex].name;
    unsigned i, seen = 0;

    (void)state;
    assert_string_equal(mk_field_name(&mk_fields[MK_FIELD_ARCHITECTURE_NodeIndex]), "NodeIndex");
    for (i = 0; i < mk_field_count; ++i)
    {
        bool named = !strcmp(mk_field_name(&mk_fields[i]), "NodeIndex");

        assert_int_equal(named, mk_fields[i].name == node_index);
        seen += named;
    }
    assert_true(seen >= 7); /* ARCHITECTURE(1), SERIALIZATION, FENCE_BARRIERS, the protected sessions' three */
}

static void test_format_lookups(void **state)
{
    struct row_failures failures = {0};
    char name[32];
    unsigned i, k;
    uint32_t value;

    (void)state;
    assert_true(caps_format_rule_count > 100);
    for (i = 0; i < caps_format_rule_count; ++i)
    {
        assert_ptr_equal(caps_format_rule(caps_format_rules[i].format), &caps_format_rules[i]);
        if (i)
            assert_true(caps_format_rules[i - 1].format < caps_format_rules[i].format);
    }
    /* Every value up to past the last rule, and the extremes: the direct
     * probe and the binary search agree with a linear search. */
    for (value = 0; value < 1024 + 2; ++value)
    {
        uint32_t v = value < 1024 ? value : value == 1024 ? 0xfffffffeu : 0xffffffffu;
        const struct caps_format_rule *expected = NULL;

        snprintf(name, sizeof(name), "DXGI_FORMAT %#x", v);
        for (i = 0; i < caps_format_rule_count; ++i)
            if (caps_format_rules[i].format == v)
                expected = &caps_format_rules[i];
        if (caps_format_rule(v) != expected)
            row_fail(&failures, value, name, "caps_format_rule() finds %s, expected %s",
                    caps_format_rule(v) ? caps_format_rule_name(caps_format_rule(v)) : "nothing",
                    expected ? caps_format_rule_name(expected) : "nothing");
        for (k = 0; k < ARRAY_SIZE(runtimes); ++k)
        {
            bool known = v != 0xffffffffu && brute_known(&runtimes[k], "DXGI_FORMAT", v);

            if (caps_format_known(&runtimes[k], v) != known)
                row_fail(&failures, value, name, "on runtime %u: known %d", k, !known);
        }
    }
    rows_done(&failures);
    assert_true(caps_format_known(&runtimes[0], DXGI_FORMAT_R8G8B8A8_UNORM));
    assert_false(caps_format_known(&runtimes[5], 0xffffffffu)); /* DXGI_FORMAT_FORCE_UINT */
}

/* The generic copy on every feature answered by it or by the node-indexed
 * fill (which copies the same way): each output field is the adapter's
 * value, every other byte (inputs, padding) is the caller's. */
static void test_copy_plan(void **state)
{
    struct row_failures failures = {0};
    unsigned a, f, i, b, checked = 0, partial = 0;
    char name[160];

    (void)state;
    for (a = 0; a < caps_adapter_count(); ++a)
    {
        const struct caps_adapter *adapter = caps_adapter_at(a);

        for (f = 0; f < mk_feature_count; ++f)
        {
            const struct mk_feature *feature = &mk_features[f];
            const struct mk_struct *desc = &mk_structs[feature->struct_index];
            const unsigned char *values = caps_adapter_values(adapter, feature->struct_index);
            unsigned char data[1100], output[1100] = {0};
            struct caps_fill fill = {adapter, feature, &runtimes[5], data, NULL, 0, NULL};

            if (!caps_fill_is_copy(feature) && caps_fills[feature->fill] != caps_fill_node_indexed)
                continue;
            for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
                if (mk_fields[i].dir == MK_DIR_OUT)
                    memset(output + mk_fields[i].offset, 1, mk_fields[i].size);
                else
                    partial = partial + 1;
            memset(data, CANARY, sizeof(data));
            /* NodeIndex 0 (the first field), as caps_fill_node_indexed needs. */
            if (caps_fills[feature->fill] == caps_fill_node_indexed)
                memset(data, 0, 4);
            snprintf(name, sizeof(name), "%s on %s", mk_feature_name(feature), caps_adapter_id(adapter));
            if (caps_fill_copy(&fill) != S_OK)
            {
                row_fail(&failures, f, name, "caps_fill_copy failed.");
                continue;
            }
            for (b = 0; b < sizeof(data); ++b)
            {
                unsigned char expected = b < desc->size && output[b] ? (values ? values[b] : 0)
                        : caps_fills[feature->fill] == caps_fill_node_indexed && b < 4 ? 0 : CANARY;

                if (data[b] != expected)
                {
                    /* The first wrong byte names the problem; the rest would repeat it. */
                    row_fail(&failures, f, name, "byte %u is %#x, expected %#x.", b, data[b], expected);
                    break;
                }
            }
            ++checked;
        }
    }
    rows_done(&failures);
    assert_true(checked > caps_adapter_count() * 40);
    assert_true(partial > 0); /* structs with inputs were among them */
}

/* The table helpers with what the generated tables never hold: scalar
 * fields of 1 and 2 bytes (and an opaque one of 3), indices past the
 * tables; and a runtime older than every format (SDK 1), for which no
 * format is known or reserved. */
static void test_helpers_off_the_tables(void **state)
{
    static const struct
    {
        uint16_t size;
        uint8_t kind;
        int scalar;
        uint64_t written, read; /* mk_field_set(written), then mk_field_get */
    }
    rows[] = {
        {1, MK_FIELD_UINT, 1, 0x1ff, 0xff},
        {2, MK_FIELD_UINT, 1, 0x1ffff, 0xffff},
        {2, MK_FIELD_OPAQUE, 0, 0x1234, 0x1234},
        {3, MK_FIELD_UINT, 0, 0x123456, 0},
        {4, MK_FIELD_ENUM, 1, 0x1ffffffffull, 0xffffffffu},
        {8, MK_FIELD_BOOL, 1, 0x123456789abcdef0ull, 0x123456789abcdef0ull},
    };
    static const mockd3d12_runtime ancient = {MOCKD3D12_RUNTIME_RETAIL, 1, 1, 1, 1, FALSE};
    struct row_failures failures = {0};
    unsigned char data[16];
    unsigned i, k;
    char name[32];

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct mk_field field;
        uint64_t read;

        memset(&field, 0, sizeof(field));
        field.offset = 4;
        field.size = rows[i].size;
        field.kind = rows[i].kind;
        field.enum_index = -1;
        snprintf(name, sizeof(name), "%u bytes, kind %u", (unsigned)rows[i].size, (unsigned)rows[i].kind);
        memset(data, CANARY, sizeof(data));
        mk_field_set(data, &field, rows[i].written);
        read = mk_field_get(data, &field);
        if (read != rows[i].read && rows[i].size != 3)
            row_fail(&failures, i, name, "read %#llx, expected %#llx", (unsigned long long)read,
                    (unsigned long long)rows[i].read);
        if (rows[i].size == 3 && read != 0)
            row_fail(&failures, i, name, "a 3-byte field reads %#llx", (unsigned long long)read);
        for (k = 0; k < sizeof(data); ++k)
            if ((k < 4 || k >= 4u + rows[i].size || rows[i].size == 3) && data[k] != CANARY)
                row_fail(&failures, i, name, "byte %u written", k);
        if (mk_field_is_scalar(&field) != rows[i].scalar)
            row_fail(&failures, i, name, "mk_field_is_scalar %d", mk_field_is_scalar(&field));
    }
    assert_int_equal(mk_field_find((unsigned)mk_struct_count, "Count"), -1);
    assert_int_equal(mk_enum_value_find((unsigned)mk_enum_count, "D3D12_BARRIER_LAYOUT_COMMON"), -1);
    assert_null(mk_enum_value_name((unsigned)mk_enum_count, 0));
    assert_false(caps_format_known(&ancient, DXGI_FORMAT_R8G8B8A8_UNORM));
    assert_false(caps_format_reserved(&ancient, 120));
    assert_false(caps_format_reserved(&ancient, DXGI_FORMAT_R8G8B8A8_UNORM));
    rows_done(&failures);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_enum_value_range),
        cmocka_unit_test(test_enum_known),
        cmocka_unit_test(test_equal_names_share_offsets),
        cmocka_unit_test(test_format_lookups),
        cmocka_unit_test(test_copy_plan),
        cmocka_unit_test(test_helpers_off_the_tables),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
