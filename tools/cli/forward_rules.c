/*
 * mockd3d12 forward-check's rules, free of the runtime so that they can be
 * tested row by row (tests/cli/test_forward_rules.c): the values a field is
 * raised and lowered to, when a raise is a regression, and the message that
 * says so (docs/forward-check.md).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "forward.h"

/* ---- The values ---- */

static void enum_values(const struct fc_field_facts *facts, uint64_t value, struct fc_values *out)
{
    int32_t v = (int32_t)(uint32_t)value, top = v;
    unsigned i;

    for (i = 0; i < facts->value_count; ++i)
    {
        int32_t d = (int32_t)facts->values[i];

        if (d > v && (!out->has_next || d < (int32_t)(uint32_t)out->next))
        {
            out->has_next = true;
            out->next = (uint32_t)d;
        }
        if (d < v && (!out->has_lower || d > (int32_t)(uint32_t)out->lower))
        {
            out->has_lower = true;
            out->lower = (uint32_t)d;
        }
        if (d > top)
            top = d;
    }
    if (top < INT32_MAX)
    {
        out->has_above = true;
        out->above = (uint32_t)(top + 1);
    }
}

static void flag_values(const struct fc_field_facts *facts, uint64_t value, struct fc_values *out)
{
    uint32_t v = (uint32_t)value, defined = 0, bit;
    unsigned i;

    for (i = 0; i < facts->value_count; ++i)
    {
        uint32_t d = facts->values[i];

        if (d && !(d & (d - 1)))
            defined |= d;
    }
    /* One more bit the SDK defines: the lowest the adapter lacks. */
    if (defined & ~v)
    {
        out->has_next = true;
        out->next = v | (defined & ~v & (0u - (defined & ~v)));
    }
    /* One bit above every defined one (and not the adapter's already). */
    for (bit = 1; bit && bit <= defined; bit <<= 1)
        ;
    while (bit && (v & bit))
        bit <<= 1;
    if (bit)
    {
        out->has_above = true;
        out->above = v | bit;
    }
    /* One bit fewer: the highest the adapter has. */
    if (v)
    {
        for (bit = 1u << 31; !(v & bit); bit >>= 1)
            ;
        out->has_lower = true;
        out->lower = v & ~bit;
    }
}

void fc_values_for(const struct fc_field_facts *facts, uint64_t value, struct fc_values *out)
{
    memset(out, 0, sizeof(*out));
    switch (facts->kind)
    {
        case FC_BOOL:
            if (value)
            {
                out->has_lower = true;
                out->lower = 0;
            }
            else
            {
                out->has_next = true;
                out->next = 1;
            }
            break;
        case FC_LIMIT:
            if (value < facts->max)
            {
                out->has_next = true;
                out->next = !value ? 1 : value > facts->max / 2 ? facts->max : value * 2;
            }
            if (value)
            {
                out->has_lower = true;
                out->lower = value / 2;
            }
            break;
        case FC_ENUM:
            enum_values(facts, value, out);
            break;
        case FC_FLAGS:
            flag_values(facts, value, out);
            break;
    }
}

/* ---- The judgement ---- */

struct line
{
    const char *text;
    size_t length;
};

struct lines
{
    struct line *items;
    size_t count;
    struct line *sorted;
};

static int compare_lines(const void *a, const void *b)
{
    const struct line *x = a, *y = b;
    size_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->text, y->text, n);

    return c ? c : x->length < y->length ? -1 : x->length > y->length;
}

/* The non-empty lines of a run's output, in order, and sorted for lookups. */
static bool split_lines(const struct cli_run *run, struct lines *lines)
{
    const char *p = run && run->output ? run->output : "", *end;
    size_t capacity = 1;

    memset(lines, 0, sizeof(*lines));
    for (end = p; *end; ++end)
        capacity += *end == '\n';
    if (!(lines->items = calloc(capacity, sizeof(*lines->items))) || !(lines->sorted = calloc(capacity,
            sizeof(*lines->sorted))))
        return false;
    while (*p)
    {
        const char *nl = strchr(p, '\n');
        size_t length = nl ? (size_t)(nl - p) : strlen(p);

        if (length)
        {
            lines->items[lines->count].text = p;
            lines->items[lines->count++].length = length;
        }
        p += length + (nl != NULL);
    }
    memcpy(lines->sorted, lines->items, lines->count * sizeof(*lines->items));
    qsort(lines->sorted, lines->count, sizeof(*lines->sorted), compare_lines);
    return true;
}

static bool has_line(const struct lines *lines, const struct line *line)
{
    return lines->count && bsearch(line, lines->sorted, lines->count, sizeof(*lines->sorted), compare_lines);
}

static void free_lines(struct lines *lines)
{
    free(lines->items);
    free(lines->sorted);
}

/* Appends "line\n" once (a line repeated in the output is one). */
static bool append_line(char **list, size_t *used, unsigned *count, const struct line *line)
{
    size_t length = line->length;
    const char *p;
    char *grown;

    for (p = *list; p && *p; p = strchr(p, '\n') + 1)
        if (!strncmp(p, line->text, length) && p[length] == '\n')
            return true;
    if (!(grown = realloc(*list, *used + length + 2)))
        return false;
    memcpy(grown + *used, line->text, length);
    grown[*used + length] = '\n';
    grown[*used + length + 1] = 0;
    *list = grown;
    *used += length + 1;
    ++*count;
    return true;
}

bool fc_judge(const struct cli_run *baseline, const struct cli_run *raised, const struct cli_run *lower,
        struct fc_judgement *j)
{
    struct lines b, x, l;
    size_t lost_used = 0, got_used = 0, i;
    bool ok;

    memset(j, 0, sizeof(*j));
    /* Every one is split (free_lines below frees what each got), then the result. */
    ok = split_lines(baseline, &b);
    ok = split_lines(raised, &x) && ok;
    ok = split_lines(lower, &l) && ok;
    for (i = 0; ok && i < b.count; ++i)
        if (!has_line(&x, &b.items[i]))
            ok = append_line(&j->lost, &lost_used, &j->lost_count, &b.items[i]);
    for (i = 0; ok && lower && i < x.count; ++i)
        if (!has_line(&b, &x.items[i]) && has_line(&l, &x.items[i]))
            ok = append_line(&j->got, &got_used, &j->got_count, &x.items[i]);
    j->exit_regressed = baseline->status == CLI_RUN_PASSED && raised->status != CLI_RUN_PASSED;
    j->regressed = j->exit_regressed || j->got_count;
    free_lines(&b);
    free_lines(&x);
    free_lines(&l);
    if (!ok)
        fc_judgement_free(j);
    return ok;
}

void fc_judgement_free(struct fc_judgement *j)
{
    free(j->lost);
    free(j->got);
    memset(j, 0, sizeof(*j));
}

/* ---- The message ---- */

void fc_run_text(const struct cli_run *run, char *buffer, size_t size)
{
    switch (run->status)
    {
        case CLI_RUN_PASSED:
        case CLI_RUN_FAILED: snprintf(buffer, size, "exit %d", run->exit_code); break;
        case CLI_RUN_SIGNALED: snprintf(buffer, size, "signal %d", run->signal); break;
        case CLI_RUN_TIMED_OUT: snprintf(buffer, size, "timeout"); break;
        default: snprintf(buffer, size, "not run"); break;
    }
}

#define FC_LINES_SHOWN 3

struct text
{
    char *buffer;
    size_t size, used;
};

static void put(struct text *t, const char *format, ...)
{
    va_list args;
    int n;

    if (t->used >= t->size)
        return;
    va_start(args, format);
    n = vsnprintf(t->buffer + t->used, t->size - t->used, format, args);
    va_end(args);
    t->used = n < 0 ? t->size : t->used + (size_t)n;
}

/* "a", "b", "c", and 2 more */
static void put_lines(struct text *t, const char *list, unsigned count)
{
    unsigned shown = 0;
    const char *p;

    for (p = list; p && *p && shown < FC_LINES_SHOWN; p = strchr(p, '\n') + 1)
        put(t, "%s\"%.*s\"", shown++ ? ", " : "", (int)(strchr(p, '\n') - p), p);
    if (count > shown)
        put(t, " and %u more", count - shown);
}

void fc_message(char *buffer, size_t size, const char *name, const char *from, const char *to, const char *lower,
        const struct cli_run *baseline, const struct cli_run *raised, const struct fc_judgement *j,
        const char *cfs1)
{
    struct text t = {buffer, size, 0};
    char b[32], x[32];

    if (!size)
        return;
    buffer[0] = 0;
    fc_run_text(baseline, b, sizeof(b));
    fc_run_text(raised, x, sizeof(x));
    /* "exit 0 → exit 1" reads "exit 0 → 1". */
    put(&t, "%s %s \u2192 %s: %s \u2192 %s", name, from, to, b, !strncmp(b, "exit ", 5) && !strncmp(x, "exit ", 5)
            ? x + 5 : x);
    if (!j->regressed)
    {
        put(&t, ", no regression");
        return;
    }
    if (j->lost_count)
    {
        put(&t, ", lost ");
        put_lines(&t, j->lost, j->lost_count);
    }
    if (j->got_count)
    {
        put(&t, ", got ");
        put_lines(&t, j->got, j->got_count);
        put(&t, " as at %s", lower ? lower : "the lower value");
    }
    put(&t, " \u2014 an exact-value check?");
    if (cfs1)
        put(&t, " (%s)", cfs1);
}
