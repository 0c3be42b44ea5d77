/*
 * The documented rules (docs/profiles.md "Rules") that complete a profile:
 * what a feature level, or another capability, implies. The rows are data
 * (data/feature-level-rules.tsv, compiled into caps_rules[]): when the
 * condition holds, the target value is raised to at least the minimum
 * (flags: the minimum's bits are added). Values the profile gives
 * explicitly are never changed; inherited and unset ones are.
 *
 * Rows apply once, in order, so a row may rely on rows above it (the 12_2 row
 * that sets WaveOps comes before the rows WaveOps implies).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps/adapter.h"
#include "caps/profile_rules.h"
#include "printf_format.h"
#include "string_pool.h"

/* "FEATURE.Field" -> field index, or -1. */
static int rule_field(const char *path)
{
    char feature[128];
    const char *dot = strchr(path, '.');
    int fi;

    if (!dot || (size_t)(dot - path) >= sizeof(feature))
        return -1;
    memcpy(feature, path, (size_t)(dot - path));
    feature[dot - path] = 0;
    if ((fi = mk_feature_find(feature)) < 0)
        return -1;
    return mk_field_find(mk_features[fi].struct_index, dot + 1);
}

static uint64_t get(const struct caps_adapter *a, unsigned field_index)
{
    return mk_field_get(caps_adapter_struct(a, mk_fields[field_index].struct_index), &mk_fields[field_index]);
}

/* A rule's literal value for field `field_index`: names ("A | B"), TRUE, or a number. */
static bool rule_value(unsigned field_index, const char *text, uint64_t *out)
{
    char token[128];

    *out = 0;
    while (*text)
    {
        size_t len;
        uint32_t v;
        char *end;

        while (*text == ' ')
            ++text;
        len = strcspn(text, "|");
        while (len && text[len - 1] == ' ')
            --len;
        if (!len || len >= sizeof(token))
            return false;
        memcpy(token, text, len);
        token[len] = 0;
        if (!strcmp(token, "TRUE"))
            *out |= 1;
        else if (caps_find_enum_value(NULL, field_index, token, &v))
            *out |= v;
        else
        {
            unsigned long long n = strtoull(token, &end, 0);
            if (*end)
                return false;
            *out |= n;
        }
        text += strcspn(text, "|");
        if (*text == '|')
            ++text;
    }
    return true;
}

static bool raise_value(struct caps_adapter *a, unsigned field_index, uint64_t minimum, bool flags)
{
    const struct mk_field *f = &mk_fields[field_index];
    uint64_t current = get(a, field_index), wanted;

    if (a->origins[field_index] == CAPS_VALUE_EXPLICIT)
        return false;
    wanted = flags ? (current | minimum) : (current > minimum ? current : minimum);
    if (wanted == current)
        return false;
    mk_field_set(caps_adapter_struct(a, f->struct_index), f, wanted);
    a->origins[field_index] = CAPS_VALUE_RULE;
    return true;
}

static bool is_flags(unsigned field_index)
{
    const struct mk_field *f = &mk_fields[field_index];

    return f->kind == MK_FIELD_ENUM && f->enum_index >= 0 && mk_enums[f->enum_index].category == MK_ENUM_FLAGS;
}

struct caps_rule caps_rule_at(size_t index)
{
    const struct caps_rule_row *row = &caps_rules[index];
    struct caps_rule rule =
    {
        mk_pool_string(caps_rule_strings, row->cond_field), mk_pool_string(caps_rule_strings, row->cond_min),
        mk_pool_string(caps_rule_strings, row->field), mk_pool_string(caps_rule_strings, row->min),
        mk_pool_string(caps_rule_strings, row->source),
    };

    return rule;
}

/* One rule on the adapter as it is now: its target field, whether its
 * condition holds, and its minimum ("=FEATURE.Field": that field's value,
 * *source its index; else -1). False, with the reason, for a row naming what
 * the tables lack (the generator checks the names; this is the backstop). */
struct rule_eval
{
    int target, cond, source;
    bool holds;
    uint64_t minimum;
};

static bool rule_evaluate(const struct caps_rule *r, size_t index, const struct caps_adapter *a, struct rule_eval *e,
        char *error, size_t error_size)
{
    uint64_t cond_min;

    e->target = rule_field(r->field);
    e->cond = r->cond_field ? rule_field(r->cond_field) : -1;
    e->source = -1;
    e->holds = false;
    e->minimum = 0;
    if (e->target < 0 || (r->cond_field && e->cond < 0))
    {
        snprintf(error, error_size, "rule %zu names a field the tables lack (%s / %s)", index, r->field,
                r->cond_field ? r->cond_field : "-");
        return false;
    }
    if (e->cond >= 0)
    {
        if (!rule_value((unsigned)e->cond, r->cond_min, &cond_min))
        {
            snprintf(error, error_size, "rule %zu: bad condition value %s", index, r->cond_min);
            return false;
        }
        if (get(a, (unsigned)e->cond) < cond_min)
            return true;
    }
    if (r->min[0] == '=')
    {
        if ((e->source = rule_field(r->min + 1)) < 0)
        {
            snprintf(error, error_size, "rule %zu names a field the tables lack (%s)", index, r->min + 1);
            return false;
        }
        e->minimum = get(a, (unsigned)e->source);
    }
    else if (!rule_value((unsigned)e->target, r->min, &e->minimum))
    {
        snprintf(error, error_size, "rule %zu: bad value %s for %s", index, r->min, r->field);
        return false;
    }
    e->holds = true;
    return true;
}

bool caps_apply_rules(struct caps_adapter *a, char *error, size_t error_size)
{
    struct rule_eval e;
    size_t i;

    for (i = 0; i < a->lower_bound_count; ++i)
        raise_value(a, a->lower_bounds[i].field_index, a->lower_bounds[i].value, is_flags(a->lower_bounds[i].field_index));

    for (i = 0; i < caps_rule_count; ++i)
    {
        const struct caps_rule rule = caps_rule_at(i);

        if (!rule_evaluate(&rule, i, a, &e, error, error_size))
            return false;
        if (e.holds)
            raise_value(a, (unsigned)e.target, e.minimum, is_flags((unsigned)e.target));
    }
    return true;
}

/* A field's value by name where the tables or the profile name it. */
static void value_text(const struct caps_adapter *a, unsigned field_index, uint64_t value, char *buffer, size_t size)
{
    const char *name = value <= UINT32_MAX ? caps_value_name(a, field_index, (uint32_t)value) : NULL;

    if (mk_fields[field_index].kind == MK_FIELD_BOOL)
        snprintf(buffer, size, "%s", value ? "TRUE" : "FALSE");
    else if (name)
        snprintf(buffer, size, "%s", name);
    else
        snprintf(buffer, size, "%llu", (unsigned long long)value);
}

static void append(char *out, size_t out_size, size_t *used, const char *format, ...) MK_PRINTF_FORMAT(4, 5);

static void append(char *out, size_t out_size, size_t *used, const char *format, ...)
{
    va_list args;
    int w;

    if (*used >= out_size)
        return;
    va_start(args, format);
    w = vsnprintf(out + *used, out_size - *used, format, args);
    va_end(args);
    if (w > 0)
        *used = *used + (size_t)w < out_size ? *used + (size_t)w : out_size;
}

unsigned caps_profile_problems(const struct caps_adapter *a, char *out, size_t out_size)
{
    unsigned count = 0;
    size_t i, used = 0;
    struct rule_eval e;
    char ignored[16];

    if (out_size)
        out[0] = 0;
    /* Only what the profile states can fall short of a rule: the rest was raised. */
    for (i = 0; i < caps_rule_count; ++i)
    {
        const struct caps_rule rule = caps_rule_at(i), *r = &rule;
        char have[96], want[96], when[96];
        uint64_t value;

        if (!rule_evaluate(r, i, a, &e, ignored, sizeof(ignored)) || !e.holds
                || a->origins[e.target] != CAPS_VALUE_EXPLICIT)
            continue;
        value = get(a, (unsigned)e.target);
        if (is_flags((unsigned)e.target) ? (value & e.minimum) == e.minimum : value >= e.minimum)
            continue;
        ++count;
        value_text(a, (unsigned)e.target, value, have, sizeof(have));
        value_text(a, (unsigned)e.target, e.minimum, want, sizeof(want));
        if (e.source >= 0)
            snprintf(want + strlen(want), sizeof(want) - strlen(want), " (%s)", r->min + 1);
        if (e.cond < 0)
            append(out, out_size, &used, "%s is %s, below %s (%s)\n", r->field, have, want, r->source);
        else
        {
            value_text(a, (unsigned)e.cond, get(a, (unsigned)e.cond), when, sizeof(when));
            append(out, out_size, &used, "%s is %s, below %s, which %s %s implies (%s)\n", r->field, have, want,
                    r->cond_field, when, r->source);
        }
    }
    return count;
}

/* The rule that raised field `field_index` of `a` to its value, into *rule. */
static bool rule_that_set(const struct caps_adapter *a, unsigned field_index, struct caps_rule *rule)
{
    uint64_t value = get(a, field_index);
    struct rule_eval e;
    char ignored[16];
    size_t i;

    if (a->origins[field_index] != CAPS_VALUE_RULE)
        return false;
    /* Rows apply in order and values only go up: the first row whose
     * condition holds and whose minimum is the value (flags: bits of it)
     * raised it there; later rows with the same minimum changed nothing. */
    for (i = 0; i < caps_rule_count; ++i)
    {
        *rule = caps_rule_at(i);
        if (rule_field(rule->field) == (int)field_index
                && rule_evaluate(rule, i, a, &e, ignored, sizeof(ignored)) && e.holds
                && (is_flags(field_index) ? e.minimum && (value & e.minimum) == e.minimum : e.minimum == value))
            return true;
    }
    return false;
}

bool caps_adapter_value_rule(const struct caps_adapter *a, unsigned field_index, const char **cond_field,
        const char **cond_min, const char **source)
{
    struct caps_rule r;

    if (!rule_that_set(a, field_index, &r))
        return false;
    *cond_field = r.cond_field;
    *cond_min = r.cond_min;
    *source = r.source;
    return true;
}
