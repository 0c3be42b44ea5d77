/*
 * The clamp engine: lowers the values of one answered feature-data struct to
 * what a component built against SDK version `s` knew (docs/clamping.md).
 *
 * Everything is driven by the generated tables (src/mk_tables.h): every
 * struct, field and enum value carries the first retail and preview SDK that
 * declared it; adapter profiles add "newValues" with versions newer than any
 * published SDK. Two predicates decide:
 *   known(s)     on s's own track, first <= s (mk_version_knows);
 *   post-cutoff  first_preview >= the cutoff's preview number, or, with no
 *                preview release, first_retail >= the cutoff's retail number.
 * An item is clamped when it is post-cutoff and unknown to s; on the legacy
 * entry point when it is post-cutoff, whatever s; in retroactive mode when it
 * is unknown to s, whatever the cutoff.
 *
 * The engine reads only constant tables, the query (with the adapter's
 * declared values, as data) and the caller's scratch copy: it allocates
 * nothing, takes no lock and calls nothing back, so any number of threads may
 * clamp at once with different versions. What it lowered it returns as a list
 * of events, which the device reports to the debug layer.
 */
#include <ctype.h>
#include <stdarg.h>
#include <string.h>

#include <stdatomic.h>
#include <stdlib.h>

#include "alloc.h"
#include "clamp/clamp.h"
#include "platform.h"
#include "printf_format.h"


static inline bool post_cutoff(const mockd3d12_runtime *runtime, uint16_t first_retail, uint16_t first_preview)
{
    if (first_preview != MK_NEVER)
        return first_preview >= runtime->cutoff_preview_sdk_version;
    if (first_retail != MK_NEVER)
        return first_retail >= runtime->cutoff_sdk_version;
    return true; /* declared by no SDK at all: newer than every one */
}

static inline bool is_clamped(const struct clamp_query *p, uint16_t first_retail, uint16_t first_preview)
{
    if (p->legacy)
        return post_cutoff(p->runtime, first_retail, first_preview);
    if (mk_version_knows(p->sdk_version, first_retail, first_preview))
        return false;
    return p->runtime->retroactive || post_cutoff(p->runtime, first_retail, first_preview);
}

/* What the report shows for a wide or opaque field. */
static uint32_t report_value(uint64_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static bool is_pointer(const struct mk_field *field)
{
    return strchr(mk_field_type(field), '*') != NULL;
}

static void add_event(struct clamp_event *events, unsigned max_events, unsigned count, const struct mk_field *field,
        uint64_t before, uint64_t after)
{
    if (count < max_events)
    {
        events[count].field_index = (uint16_t)(field - mk_fields);
        events[count].before = report_value(before);
        events[count].after = report_value(after);
    }
}

/* A clamped field or a field of a clamped struct: 0 / NOT_SUPPORTED. Pointers
 * are the caller's own buffers and are left alone. Returns 1 if it changed. */
static unsigned zero_field(const struct mk_field *field, unsigned char *data, uint64_t *before_out)
{
    unsigned char *p = data + field->offset;
    uint64_t before = 0;
    unsigned i;

    if (mk_field_is_scalar(field))
    {
        if (!(before = mk_field_get(data, field)))
            return 0;
        mk_field_set(data, field, 0);
    }
    else
    {
        if (is_pointer(field))
            return 0;
        for (i = 0; i < field->size && !p[i]; ++i)
            ;
        if (i == field->size)
            return 0;
        memcpy(&before, p, field->size < sizeof(before) ? field->size : sizeof(before));
        memset(p, 0, field->size);
    }
    *before_out = before;
    return 1;
}

/* The declared values of one field: a range of the query's sorted list. */
static const struct mk_declared_value *declared_of(const struct clamp_query *p, unsigned field_index,
        unsigned *count)
{
    unsigned i = 0, n = 0;

    while (i < p->declared_count && p->declared[i].field_index < field_index)
        ++i;
    while (i + n < p->declared_count && p->declared[i + n].field_index == field_index)
        ++n;
    *count = n;
    return n ? &p->declared[i] : NULL;
}

static bool declared_in_struct(const struct clamp_query *p, unsigned struct_index)
{
    const struct mk_struct *st = &mk_structs[struct_index];
    unsigned i;

    for (i = 0; i < p->declared_count; ++i)
        if (p->declared[i].field_index >= st->first_field
                && p->declared[i].field_index < (unsigned)st->first_field + st->field_count)
            return true;
    return false;
}

/* One pass over the value facts of an enum field (reference values, then the
 * profile's newValues). */
struct enum_scan
{
    bool named;            /* some fact names `value` */
    bool known;            /* some fact for `value` is not clamped */
    bool have_best;
    uint32_t best;         /* tiers: highest unclamped value <= `value` */
    uint32_t known_bits;   /* flags: bits of unclamped values */
    uint32_t clamped_bits; /* flags: bits of clamped values */
};

static inline void scan_fact(struct enum_scan *scan, const struct clamp_query *p, const struct mk_enum_value *v,
        uint32_t value)
{
    bool clamped;

    if (v->is_alias)
        return;
    clamped = is_clamped(p, v->first_retail, v->first_preview);
    if (v->value == value)
    {
        scan->named = true;
        scan->known |= !clamped;
    }
    if (clamped)
    {
        scan->clamped_bits |= v->value;
    }
    else
    {
        scan->known_bits |= v->value;
        if (v->value <= value && (!scan->have_best || v->value > scan->best))
        {
            scan->best = v->value;
            scan->have_best = true;
        }
    }
}

static uint32_t clamp_enum_value(const struct clamp_query *p, unsigned field_index, const struct mk_enum *e,
        uint32_t value)
{
    const struct mk_declared_value *extra;
    struct enum_scan scan = {0};
    unsigned i, extra_count;

    for (i = 0; i < e->value_count; ++i)
        scan_fact(&scan, p, &mk_enum_values[e->first_value + i], value);
    extra = declared_of(p, field_index, &extra_count);
    for (i = 0; i < extra_count; ++i)
        scan_fact(&scan, p, &extra[i].value, value);

    switch (e->category)
    {
        case MK_ENUM_FLAGS:
            /* A bit is clamped when only clamped values carry it; unnamed bits
             * have no facts and stay. */
            return value & ~(scan.clamped_bits & ~scan.known_bits);

        case MK_ENUM_TIER:
        case MK_ENUM_VERSION:
            /* Ordered: the highest value that is not clamped and not above
             * the true one; unnamed values have no facts and stay. */
            if (!scan.named || scan.known)
                return value;
            return scan.have_best ? scan.best : 0;

        default:
            /* Unordered (D3D12_TRI_STATE, DXGI_FORMAT...): nothing lies "below"
             * a value, so a clamped one becomes the enum's 0. */
            return !scan.named || scan.known ? value : 0;
    }
}

/* Can any reference fact of the struct be clamped for this caller? */
static bool struct_may_clamp(const struct clamp_query *p, const struct mk_struct_summary *s)
{
    const mockd3d12_runtime *r = p->runtime;
    bool post_cutoff_possible = s->unreleased || (s->max_preview_released
            && s->max_preview_released >= r->cutoff_preview_sdk_version)
            || (s->max_retail_only && s->max_retail_only >= r->cutoff_sdk_version);
    uint16_t newest;

    if (p->legacy)
        return post_cutoff_possible;
    newest = p->sdk_version < 700 ? s->max_retail : s->max_preview;
    if (newest != MK_NEVER && newest <= p->sdk_version)
        return false; /* the caller knows every fact */
    return r->retroactive || post_cutoff_possible;
}

bool clamp_may_change(const struct clamp_query *query, const struct mk_feature *feature)
{
    if (feature->never_clamped)
        return false;
    if (struct_may_clamp(query, &mk_struct_summaries[feature->struct_index]))
        return true;
    return declared_in_struct(query, feature->struct_index);
}

unsigned clamp_apply(const struct clamp_query *query, const struct mk_feature *feature, void *data,
        struct clamp_event *events, unsigned max_events)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i, end = desc->first_field + desc->field_count, count = 0;
    bool full = struct_may_clamp(query, &mk_struct_summaries[feature->struct_index]);
    bool whole = full && is_clamped(query, desc->first_retail, desc->first_preview);

    /* Nothing of the reference data to clamp and no declared value in the
     * struct: the loop below would skip every field. */
    if (!full && !declared_in_struct(query, feature->struct_index))
        return 0;
    for (i = desc->first_field; i < end; ++i)
    {
        const struct mk_field *field = &mk_fields[i];
        uint64_t before, after;
        unsigned extra_count;

        /* Inputs are the caller's words; they are never rewritten. */
        if (field->dir == MK_DIR_IN)
            continue;
        if (full && (whole || is_clamped(query, field->first_retail, field->first_preview)))
        {
            if (zero_field(field, data, &before))
                add_event(events, max_events, count++, field, before, 0);
            continue;
        }
        if (field->kind != MK_FIELD_ENUM || field->enum_index < 0 || !mk_field_is_scalar(field))
            continue;
        /* Nothing of the reference data to clamp: only declared values can be. */
        if (!full && !declared_of(query, i, &extra_count))
            continue;
        before = mk_field_get(data, field);
        after = clamp_enum_value(query, i, &mk_enums[field->enum_index], (uint32_t)before);
        if (after == before)
            continue;
        mk_field_set(data, field, after);
        add_event(events, max_events, count++, field, before, after);
    }
    return count;
}

/* ---- The table, for the CLI ---- */

static bool contains_nocase(const char *haystack, const char *needle)
{
    size_t i, n = strlen(needle);

    for (; *haystack; ++haystack)
    {
        for (i = 0; i < n && haystack[i]
                && tolower((unsigned char)haystack[i]) == tolower((unsigned char)needle[i]); ++i)
            ;
        if (i == n)
            return true;
    }
    return n == 0;
}

static const char *version_text(uint16_t v, char *buffer, size_t size)
{
    if (v == MK_NEVER)
        return "-";
    snprintf(buffer, size, "%u", v);
    return buffer;
}

/* The table is built as text so that the control API can hand it to a
 * harness (mockd3d12_clamp_table) and the CLI print the same bytes. */
struct table_text
{
    char *text;
    size_t length, capacity;
    bool failed; /* out of memory: the whole call fails */
};

static void MK_PRINTF_FORMAT(2, 3) append(struct table_text *t, const char *format, ...)
{
    va_list args;
    int n;

    if (t->failed)
        return;
    va_start(args, format);
    n = vsnprintf(t->text + t->length, t->capacity - t->length, format, args);
    va_end(args);
    if (n < 0)
    {
        t->failed = true;
        return;
    }
    if ((size_t)n >= t->capacity - t->length)
    {
        size_t capacity = (t->capacity + (size_t)n + 1) * 2;
        char *grown = mk_realloc(t->text, capacity);

        if (!grown)
        {
            t->failed = true;
            return;
        }
        t->text = grown;
        t->capacity = capacity;
        va_start(args, format);
        vsnprintf(t->text + t->length, t->capacity - t->length, format, args);
        va_end(args);
    }
    t->length += (size_t)n;
}

static void print_row(struct table_text *out, const mockd3d12_runtime *runtime, const char *item, const char *value_name,
        const char *value, uint16_t first_retail, uint16_t first_preview)
{
    char r[8], p[8];

    append(out, "%-72s %-64s %10s %6s %6s %s\n", item, value_name, value,
            version_text(first_retail, r, sizeof(r)), version_text(first_preview, p, sizeof(p)),
            post_cutoff(runtime, first_retail, first_preview) ? "yes" : "no");
}

char *clamp_table_text(const char *field_filter)
{
    struct table_text text = {0};
    struct table_text *out = &text;
    mockd3d12_runtime runtime;
    char item[160], number[16];
    size_t s;
    unsigned i, j;

    if (!(text.text = mk_alloc(text.capacity = 4096)))
        return NULL;
    text.text[0] = 0;
    clamp_runtime_current(&runtime);
    append(out, "# cutoff: retail %u, preview %u%s\n", runtime.cutoff_sdk_version,
            runtime.cutoff_preview_sdk_version, runtime.retroactive ? " (retroactive)" : "");
    append(out, "%-72s %-64s %10s %6s %6s %s\n", "struct.field", "value", "number", "retail", "preview",
            "post-cutoff");
    for (s = 0; s < mk_struct_count; ++s)
    {
        const struct mk_struct *st = &mk_structs[s];

        if (!field_filter || contains_nocase(mk_struct_name(st), field_filter))
            print_row(out, &runtime, mk_struct_name(st), "(whole struct)", "-", st->first_retail, st->first_preview);
        for (i = st->first_field; i < (unsigned)st->first_field + st->field_count; ++i)
        {
            const struct mk_field *f = &mk_fields[i];

            if (f->dir == MK_DIR_IN)
                continue;
            snprintf(item, sizeof(item), "%s.%s", mk_struct_name(st), mk_field_name(f));
            if (field_filter && !contains_nocase(item, field_filter))
                continue;
            print_row(out, &runtime, item, "(field)", "-", f->first_retail, f->first_preview);
            if (f->kind != MK_FIELD_ENUM || f->enum_index < 0)
                continue;
            for (j = 0; j < mk_enums[f->enum_index].value_count; ++j)
            {
                size_t at = mk_enums[f->enum_index].first_value + j;
                const struct mk_enum_value *v = &mk_enum_values[at];

                if (v->is_alias)
                    continue;
                snprintf(number, sizeof(number), mk_enums[f->enum_index].category == MK_ENUM_FLAGS
                        ? "0x%x" : "%u", v->value);
                print_row(out, &runtime, item, mk_enum_value_name_at(at), number, v->first_retail, v->first_preview);
            }
        }
    }
    if (text.failed)
    {
        mk_free(text.text);
        return NULL;
    }
    return text.text;
}

bool clamp_table_matches(const char *field_filter)
{
    char item[160];
    size_t i;

    for (i = 0; i < mk_field_count; ++i)
    {
        snprintf(item, sizeof(item), "%s.%s", mk_struct_name(&mk_structs[mk_fields[i].struct_index]),
                mk_field_name(&mk_fields[i]));
        if (contains_nocase(item, field_filter))
            return true;
    }
    return false;
}

void clamp_table_print(FILE *out, const char *field_filter)
{
    char *text = clamp_table_text(field_filter);

    if (text)
        fputs(text, out);
    mk_free(text);
}
