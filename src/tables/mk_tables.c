/*
 * Name lookups over the generated reference tables (src/mk_tables.h). Linear
 * scans: they serve profile loading and the CLI, never a query's hot path.
 */
#include <string.h>

#include "mk_tables.h"

int mk_feature_find(const char *name_without_prefix)
{
    size_t i;

    for (i = 0; i < mk_feature_count; ++i)
        if (!strcmp(mk_feature_name(&mk_features[i]), name_without_prefix))
            return (int)i;
    return -1;
}

int mk_field_find(unsigned struct_index, const char *field_name)
{
    const struct mk_struct *s;
    unsigned i;

    if (struct_index >= mk_struct_count)
        return -1;
    s = &mk_structs[struct_index];
    for (i = s->first_field; i < (unsigned)s->first_field + s->field_count; ++i)
        if (!strcmp(mk_field_name(&mk_fields[i]), field_name))
            return (int)i;
    return -1;
}

int mk_enum_find(const char *enum_name)
{
    size_t i;

    for (i = 0; i < mk_enum_count; ++i)
        if (!strcmp(mk_enum_name(&mk_enums[i]), enum_name))
            return (int)i;
    return -1;
}

void mk_enum_value_range(unsigned enum_index, uint32_t value, unsigned *begin, unsigned *end)
{
    unsigned lo, hi, mid, top;

    *begin = *end = 0;
    if (enum_index >= mk_enum_count)
        return;
    lo = mk_enums[enum_index].first_value;
    top = hi = lo + mk_enums[enum_index].value_count;
    /* Enums numbered 0, 1, 2... without gaps (tiers, most of DXGI_FORMAT):
     * the value's own position, then back to the first of equal values. */
    if (value < top - lo && mk_enum_sorted_values[lo + value] == value)
    {
        for (mid = lo + value; mid > lo && mk_enum_sorted_values[mid - 1] == value; --mid)
            ;
        lo = hi = mid;
    }
    /* The first entry whose value is not below `value`. */
    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        if (mk_enum_sorted_values[mid] < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (hi = lo; hi < top && mk_enum_sorted_values[hi] == value; ++hi)
        ;
    *begin = lo;
    *end = hi;
}

int mk_enum_value_find(unsigned enum_index, const char *member_name)
{
    const struct mk_enum *e;
    unsigned i;

    if (enum_index >= mk_enum_count)
        return -1;
    e = &mk_enums[enum_index];
    for (i = e->first_value; i < (unsigned)e->first_value + e->value_count; ++i)
        if (!strcmp(mk_enum_value_name_at(i), member_name))
            return (int)i;
    return -1;
}

const char *mk_enum_value_name(unsigned enum_index, uint32_t value)
{
    const struct mk_enum *e;
    unsigned i;

    if (enum_index >= mk_enum_count)
        return NULL;
    e = &mk_enums[enum_index];
    for (i = e->first_value; i < (unsigned)e->first_value + e->value_count; ++i)
        if (mk_enum_values[i].value == value && !mk_enum_values[i].is_alias)
            return mk_enum_value_name_at(i);
    return NULL;
}
