/*
 * The ABI of mockd3d12/d3d12_next.h against the reference data.
 *
 * test_abi_table.h is generated from data/reference by
 * tools/gen_next_header.py --abi-table: one row per vtable slot of
 * ID3D12Device..15 (from d3d12-device-interfaces.tsv) and ID3D12Device17, the
 * IIDs as the TSV spells them, and the layout a 64-bit compiler must give every
 * feature-data struct the header declares (computed from the TSV field types,
 * for LP64 Linux and for Windows x64, whose WCHAR is 2 bytes).
 * Each row is checked against what the compiler made of the headers.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "mk_tables.h"

struct abi_slot { const char *iface, *owner, *method; unsigned slot; size_t offset; };
struct abi_vtbl { const char *iface; unsigned slots; size_t size; };
struct abi_iid { const char *iface; const IID *iid; const char *uuid; };
struct abi_struct { const char *name; size_t size; unsigned first_field, field_count; };
struct abi_field { const char *name; size_t offset, actual; };

#include "test_abi_table.h"

static void test_vtable_slots(void **state)
{
    struct row_failures failures = {0};
    char name[160];
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(abi_slots); ++i)
    {
        const struct abi_slot *r = &abi_slots[i];
        if (r->offset != r->slot * sizeof(void *))
        {
            snprintf(name, sizeof(name), "%sVtbl.%s", r->iface, r->method);
            row_fail(&failures, i, name, "(%s) is at slot %zu, the data says %u", r->owner,
                    r->offset / sizeof(void *), r->slot);
        }
    }
    rows_done(&failures);
}

static void test_vtable_sizes(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(abi_vtbls); ++i)
    {
        if (abi_vtbls[i].size != abi_vtbls[i].slots * sizeof(void *))
            row_fail(&failures, i, abi_vtbls[i].iface, "the Vtbl has %zu slots, the data says %u",
                    abi_vtbls[i].size / sizeof(void *), abi_vtbls[i].slots);
    }
    rows_done(&failures);
    /* The provisional ABI (docs/abi.md): one slot after ID3D12Device15's last. */
    assert_int_equal(offsetof(ID3D12Device17Vtbl, CheckFeatureSupport1) / sizeof(void *), 94);
    assert_int_equal(sizeof(ID3D12Device17Vtbl), sizeof(ID3D12Device15Vtbl) + sizeof(void *));
}

static void test_iids(void **state)
{
    struct row_failures failures = {0};
    unsigned i, k;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(abi_iids); ++i)
    {
        const struct abi_iid *r = &abi_iids[i];
        unsigned d1, d2, d3, b[8];
        IID expected;

        if (sscanf(r->uuid, "%8x-%4x-%4x-%2x%2x-%2x%2x%2x%2x%2x%2x", &d1, &d2, &d3,
                &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7]) != 11)
        {
            row_fail(&failures, i, r->iface, "the data's uuid %s does not parse", r->uuid);
            continue;
        }
        expected.Data1 = d1;
        expected.Data2 = (uint16_t)d2;
        expected.Data3 = (uint16_t)d3;
        for (k = 0; k < 8; ++k)
            expected.Data4[k] = (uint8_t)b[k];
        if (memcmp(r->iid, &expected, sizeof(expected)))
            row_fail(&failures, i, r->iface, "the IID does not spell %s", r->uuid);
        for (k = 0; k < i; ++k)
            if (!memcmp(r->iid, abi_iids[k].iid, sizeof(IID)))
                row_fail(&failures, i, r->iface, "the IID equals IID_%s", abi_iids[k].iface);
    }
    rows_done(&failures);
}

static const struct mk_struct *find_struct(const char *name)
{
    size_t i;

    for (i = 0; i < mk_struct_count; ++i)
        if (!strcmp(mk_struct_name(&mk_structs[i]), name))
            return &mk_structs[i];
    return NULL;
}

/* The layouts are what a 64-bit ABI gives: LP64 with a 4-byte wchar_t (Linux),
 * or Windows x64's, with a 2-byte WCHAR (the table's _WIN32 half); elsewhere
 * the expected numbers do not apply. */
static void test_struct_layouts(void **state)
{
    struct row_failures failures = {0};
    unsigned i, k;

    (void)state;
    if (sizeof(void *) != 8 || sizeof(WCHAR) != ABI_TABLE_WCHAR_SIZE)
        skip();
    for (i = 0; i < ARRAY_SIZE(abi_structs); ++i)
    {
        const struct abi_struct *s = &abi_structs[i];
        const struct mk_struct *t = find_struct(s->name);

        for (k = s->first_field; k < s->first_field + s->field_count; ++k)
        {
            if (abi_fields[k].actual != abi_fields[k].offset)
                row_fail(&failures, i, s->name, "%s: offset %zu, expected %zu", abi_fields[k].name,
                        abi_fields[k].actual, abi_fields[k].offset);
        }
        /* Structs paired with a live feature are in the generated tables. */
        if (t && t->size != s->size)
            row_fail(&failures, i, s->name, "mk_structs says %u bytes, expected %zu", t->size, s->size);
        if (t && t->field_count != s->field_count)
            row_fail(&failures, i, s->name, "mk_structs has %u fields, expected %u", t->field_count, s->field_count);
    }
    rows_done(&failures);
}

/* Every feature struct the tables answer with exists with a sane size; the new ones are all checked above. */
static void test_tables_cover_new_structs(void **state)
{
    unsigned i, found = 0;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(abi_structs); ++i)
        if (find_struct(abi_structs[i].name))
            ++found;
    /* Every live new struct pairs with a live feature, except none: keep it honest. */
    assert_int_equal(found, ARRAY_SIZE(abi_structs));
}

static void test_enum_macros(void **state)
{
    static const struct { const char *name; long long value, expected; } rows[] =
    {
        {"D3D12_FEATURE_D3D12_OPTIONS22", D3D12_FEATURE_D3D12_OPTIONS22, 65},
        {"D3D12_FEATURE_D3D12_TIGHT_ALIGNMENT", D3D12_FEATURE_D3D12_TIGHT_ALIGNMENT, 54},
        {"D3D12_RAYTRACING_TIER_1_2", D3D12_RAYTRACING_TIER_1_2, 12},
        {"D3D_SHADER_MODEL_6_10", D3D_SHADER_MODEL_6_10, 0x6a},
        {"D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT", D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT, 1024},
        {"D3D12_WORK_GRAPHS_TIER_1_1", D3D12_WORK_GRAPHS_TIER_1_1, 11},
        {"MOCKD3D12_NEXT_D3D_HIGHEST_SHADER_MODEL", MOCKD3D12_NEXT_D3D_HIGHEST_SHADER_MODEL, 0x6a},
        {"D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_CAP_CLAMPED", D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_CAP_CLAMPED, 65536},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
        if (rows[i].value != rows[i].expected)
            row_fail(&failures, i, rows[i].name, "%lld, expected %lld", rows[i].value, rows[i].expected);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_vtable_slots),
        cmocka_unit_test(test_vtable_sizes),
        cmocka_unit_test(test_iids),
        cmocka_unit_test(test_struct_layouts),
        cmocka_unit_test(test_tables_cover_new_structs),
        cmocka_unit_test(test_enum_macros),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
