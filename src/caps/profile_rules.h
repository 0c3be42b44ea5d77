/*
 * The rule table that completes an adapter profile, generated from
 * data/feature-level-rules.tsv (tools/gen_feature_level_rules.py) and applied
 * by profile_rules.c. Its own header only so the generated file can define it.
 */
#ifndef MOCKD3D12_CAPS_PROFILE_RULES_H
#define MOCKD3D12_CAPS_PROFILE_RULES_H

#include <stddef.h>
#include <stdint.h>

/* One row of the table: its strings are offsets into caps_rule_strings
 * (src/base/string_pool.h), so the table needs no relocation at load. */
struct caps_rule_row
{
    uint32_t cond_field, cond_min, field, min, source;
};

/* In file order: rows apply once, in order. */
extern const struct caps_rule_row caps_rules[];
extern const size_t caps_rule_count;
extern const char caps_rule_strings[];

/* A row with its strings. */
struct caps_rule
{
    /* Condition: cond_field >= cond_min (NULL: always). */
    const char *cond_field;
    const char *cond_min;
    /* Target and its minimum: a value (names as in profiles, "|" for flags)
     * or, with a leading '=', another field ("=FEATURE.Field"). */
    const char *field;
    const char *min;
    const char *source;
};

struct caps_rule caps_rule_at(size_t index);

#endif
