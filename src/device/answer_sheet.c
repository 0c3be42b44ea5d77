/*
 * Answer sheets: the answers of every CheckFeatureSupport query of one
 * (adapter, runtime), computed once and shared by every device made with
 * them (vkd3d computes its feature structs at device creation; we do the
 * same once per process and per SDK-version bucket).
 *
 * Why buckets: the clamp lowers an item when the caller's version does not
 * know it, and mk_version_knows(v, item) changes only at the versions that
 * declared something (the reference data's first_retail / first_preview, and
 * the adapter's declared values). Every version between two such versions
 * (on its own track) gets the same answers, so one sheet serves the bucket.
 *
 * What a sheet holds per feature (enum mk_answer_kind): for a feature without
 * input, its final bytes and the clamp's events; for an atomic fill with one
 * input passed by value (a format, a shader model, a root signature version,
 * a node index), one row per input value; else which way the walk answers:
 * the fill in place (nothing to clamp) or the fill and the clamp on a
 * private copy. Making an answer runs exactly that walk (sheet_walk), so a
 * sheet's answer is the walk's answer by construction.
 *
 * Sets are found under a lock at device creation. A sheet (how each feature
 * is answered) is made at its first query, and each answer on it at the
 * first query of its feature; both are published with a compare-and-swap (a
 * racing builder frees its copy), never change once published and live as
 * long as the process.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "answer_sheet.h"
#include "caps/caps.h"
#include "platform.h"

#define MK_MAX_FEATURE_DATA_SIZE 1024
#define TABLE_MAX_ROWS 256

static mk_mutex sets_lock = MK_MUTEX_INIT;
static struct mk_sheet_set *sets;

/* ---- Plans: how each feature is answered ---- */

struct plan
{
    enum mk_answer_kind kind;
    const struct mk_field *input;           /* MK_ANSWER_TABLE */
    unsigned answer_offset, answer_size, rows;
    uint32_t first_input;
};

static bool generic_copy(const struct mk_feature *feature)
{
    return caps_fill_is_copy(feature);
}

/* Every field an output and no padding: the answer is the same for every call. */
static bool dense_copy(const struct mk_feature *feature)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i, covered = 0;

    if (!generic_copy(feature))
        return false;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        if (mk_fields[i].dir != MK_DIR_OUT)
            return false;
        covered += mk_fields[i].size;
    }
    return covered == desc->size; /* fields never overlap */
}

/* An atomic fill whose one input is a 4-byte scalar with a small domain (the
 * members of its enum, or the adapter's node indices) and whose outputs are
 * one run of bytes: a row per input value. */
static bool table_plan(const struct mk_sheet_set *set, const struct mk_feature *feature, struct plan *plan)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i, out_begin = desc->size, out_end = 0, out_size = 0;
    const struct mk_field *input = NULL;

    if (!feature->atomic_fill)
        return false;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *field = &mk_fields[i];

        if (field->dir != MK_DIR_OUT)
        {
            if (input || field->size != 4 || !mk_field_is_scalar(field))
                return false;
            input = field;
        }
        if (field->dir != MK_DIR_IN)
        {
            out_begin = field->offset < out_begin ? field->offset : out_begin;
            out_end = field->offset + field->size > out_end ? field->offset + field->size : out_end;
            out_size += field->size;
        }
    }
    /* Outputs up to 64 bytes: a row is copied without a call (check_feature.c's copy_small). */
    if (!input || !out_size || out_size != out_end - out_begin || out_size > 64)
        return false;
    /* A NodeIndex (equal names share one offset of mk_strings: no string is read). */
    if (input->name == mk_fields[MK_FIELD_ARCHITECTURE_NodeIndex].name)
    {
        plan->first_input = 0;
        plan->rows = caps_adapter_node_count(set->adapter);
    }
    else if (input->kind == MK_FIELD_ENUM && input->enum_index >= 0)
    {
        const struct mk_enum *e = &mk_enums[input->enum_index];
        uint32_t lo = UINT32_MAX, hi = 0;

        /* The members, but for markers such as DXGI_FORMAT_FORCE_UINT
         * (0xffffffff) and a version enum's 0 (D3D_SHADER_MODEL_NONE, an
         * answer, never a question: with it, 0x51 rows that all fail): an
         * input without a row is answered by the walk. */
        for (i = 0; i < e->value_count; ++i)
        {
            const struct mk_enum_value *v = &mk_enum_values[e->first_value + i];
            if (v->value >= 0x10000 || (!v->value && e->category == MK_ENUM_VERSION))
                continue;
            lo = v->value < lo ? v->value : lo;
            hi = v->value > hi ? v->value : hi;
        }
        if (lo > hi || hi - lo >= TABLE_MAX_ROWS)
            return false;
        plan->first_input = lo;
        plan->rows = hi - lo + 1;
    }
    else
        return false;
    if (!plan->rows || plan->rows > TABLE_MAX_ROWS)
        return false;
    plan->input = input;
    plan->answer_offset = out_begin;
    plan->answer_size = out_size;
    return true;
}

static struct clamp_query query_of(const struct mk_sheet_set *set, bool legacy, UINT version)
{
    struct clamp_query query = set->query;

    query.legacy = legacy;
    query.sdk_version = legacy ? 0 : version;
    return query;
}

enum mk_answer_kind mk_sheet_plain_kind(const struct mk_sheet_set *set, const struct mk_feature *feature,
        bool legacy, UINT version)
{
    struct clamp_query query = query_of(set, legacy, version);

    if (!caps_runtime_knows_until(&set->runtime, feature->first_retail, feature->first_preview,
            feature->last_preview))
        return MK_ANSWER_UNKNOWN;
    return !clamp_may_change(&query, feature) && (generic_copy(feature) || feature->atomic_fill)
            ? MK_ANSWER_FILL : MK_ANSWER_WALK;
}

static void plan_feature(const struct mk_sheet_set *set, const struct mk_feature *feature, bool legacy,
        UINT version, struct plan *plan)
{
    memset(plan, 0, sizeof(*plan));
    if ((plan->kind = mk_sheet_plain_kind(set, feature, legacy, version)) == MK_ANSWER_UNKNOWN)
        return;
    if (dense_copy(feature))
        plan->kind = MK_ANSWER_COPY;
    else if (table_plan(set, feature, plan))
        plan->kind = MK_ANSWER_TABLE;
}

/* ---- Building a sheet ---- */

static void sheet_free(const struct mk_sheet *sheet);

/* The walk's steps 3 and 4 on `scratch` (inputs set): the fill, then the
 * clamp with its events. */
static HRESULT sheet_walk(const struct mk_sheet_set *set, const struct mk_feature *feature,
        const struct clamp_query *query, unsigned char *scratch, struct clamp_event *events, unsigned *event_count)
{
    struct caps_fill fill = {set->adapter, feature, &set->runtime, scratch, NULL, 0, NULL};
    HRESULT hr;

    *event_count = 0;
    if (FAILED(hr = caps_fill_feature(&fill)))
        return hr;
    if (clamp_may_change(query, feature))
        *event_count = clamp_apply(query, feature, scratch, events, CLAMP_MAX_EVENTS);
    return hr;
}

_Static_assert(_Alignof(struct mk_sheet_row) <= 4 && _Alignof(struct clamp_event) <= 4,
        "a table's rows and events lie 4 bytes apart");

/* Row r of a table: the walk for its input value, its events stored from
 * events[first] on. Returns its event count. */
static unsigned fill_row(const struct mk_sheet_set *set, const struct mk_feature *feature,
        const struct clamp_query *query, const struct mk_sheet_entry *e, const struct mk_field *input, unsigned r,
        unsigned char *scratch, unsigned char *at, struct clamp_event *events, unsigned first)
{
    struct mk_sheet_row *row = (struct mk_sheet_row *)at;
    unsigned n;

    memset(scratch, 0, mk_structs[feature->struct_index].size);
    mk_field_set(scratch, input, e->first_input + r);
    row->hr = sheet_walk(set, feature, query, scratch, events + first, &n);
    row->event_first = (uint16_t)first;
    row->event_count = 0;
    if (FAILED(row->hr))
        return 0;
    row->event_count = (uint16_t)n;
    memcpy(row + 1, scratch + e->answer_offset, e->answer_size);
    return n;
}

/* A sheet holds how each feature is answered, not yet the answers: that
 * costs a pass over the features' descriptions, not a fill and a clamp of
 * each (which the first device of a process would otherwise pay for every
 * feature it never asks). */
static struct mk_sheet *sheet_new(const struct mk_sheet_set *set, bool legacy, UINT version)
{
    struct mk_sheet *sheet;
    struct plan plan;
    unsigned v;

    if (!(sheet = mk_calloc(1, sizeof(*sheet))))
        return NULL;
    sheet->legacy = legacy;
    sheet->version = legacy ? 0 : version;
    for (v = 0; v < MK_FEATURE_VALUE_LIMIT; ++v)
    {
        const struct mk_feature *feature = mk_feature_from_value(v);
        const struct mk_layout *layout = caps_runtime_layout(&set->runtime, v);
        struct mk_sheet_entry *e = &sheet->entries[v];
        const struct mk_struct *desc;

        if (layout)
        {
            /* Another layout at this runtime: its answer, copied. Never
             * clamped: its fields are not in the clamp's tables (docs/features.md). */
            e->kind = MK_ANSWER_COPY;
            e->size = layout->size;
            e->layout = 1;
            continue;
        }
        if (!feature)
            continue;
        plan_feature(set, feature, legacy, version, &plan);
        if ((e->kind = (uint8_t)plan.kind) == MK_ANSWER_UNKNOWN)
            continue;
        desc = &mk_structs[feature->struct_index];
        e->size = desc->size;
        /* The generic copy writes with memcpy: in place at any alignment. */
        e->align_mask = (uint8_t)(generic_copy(feature) ? 0 : desc->align - 1u);
        if (plan.kind == MK_ANSWER_TABLE)
        {
            e->input_offset = (uint8_t)plan.input->offset;
            e->answer_offset = (uint8_t)plan.answer_offset;
            e->answer_size = (uint8_t)plan.answer_size;
            /* Rows at the alignment of their header and of the events after
             * them (4 bytes): a process's first table (SHADER_MODEL's 26
             * rows) then keeps its start-up allocations within one page. */
            e->row_size = (uint16_t)((sizeof(struct mk_sheet_row) + plan.answer_size + 3u) & ~3u);
            e->rows = (uint16_t)plan.rows;
            e->first_input = plan.first_input;
        }
    }
    return sheet;
}

const struct mk_sheet *mk_sheet_build(struct mk_sheet_set *set, unsigned bucket)
{
    const struct mk_sheet *expected = NULL;
    struct mk_sheet *sheet;

    if (!(sheet = sheet_new(set, false, set->bucket_version[bucket])))
        return NULL;
    if (!atomic_compare_exchange_strong_explicit(&set->sheets[bucket], &expected, sheet, memory_order_acq_rel,
            memory_order_acquire))
    {
        sheet_free(sheet); /* another thread published the same answers first */
        return expected;
    }
    return sheet;
}

/* A copied answer: its bytes, then its events (NULL when the fill fails,
 * which the generic copy never does). */
static unsigned char *copy_new(const struct mk_sheet_set *set, const struct mk_sheet_entry *e,
        const struct mk_feature *feature, const struct clamp_query *query, uint32_t value)
{
    bool clamped = !e->layout && clamp_may_change(query, feature);
    size_t events = clamped ? mk_structs[feature->struct_index].field_count : 0;
    struct mk_sheet_events *tail;
    unsigned char *answer;
    unsigned n = 0;

    if (!(answer = mk_alloc(mk_sheet_align8(e->size) + sizeof(*tail) + events * sizeof(struct clamp_event))))
        return NULL;
    tail = (struct mk_sheet_events *)(answer + mk_sheet_align8(e->size));
    memset(answer, 0, e->size);
    if (e->layout)
        caps_fill_layout(set->adapter, caps_runtime_layout(&set->runtime, value), answer);
    else if (FAILED(sheet_walk(set, feature, query, answer, tail->events, &n)))
    {
        mk_free(answer);
        return NULL;
    }
    tail->count = n;
    return answer;
}

/* A table's rows, then their events. */
static unsigned char *table_new(const struct mk_sheet_set *set, const struct mk_sheet_entry *e,
        const struct mk_feature *feature, const struct clamp_query *query)
{
    _Alignas(16) unsigned char scratch[MK_MAX_FEATURE_DATA_SIZE];
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    size_t bound = clamp_may_change(query, feature) ? (size_t)e->rows * desc->field_count : 0;
    const struct mk_field *input = NULL;
    struct clamp_event *events;
    unsigned char *rows;
    unsigned r, i, n = 0;

    for (i = desc->first_field; !input; ++i)
        if (mk_fields[i].offset == e->input_offset && mk_fields[i].dir != MK_DIR_OUT)
            input = &mk_fields[i];
    if (!(rows = mk_alloc((size_t)e->rows * e->row_size + bound * sizeof(struct clamp_event))))
        return NULL;
    events = (struct clamp_event *)mk_sheet_table_events(e, rows);
    for (r = 0; r < e->rows; ++r)
        n += fill_row(set, feature, query, e, input, r, scratch, rows + (size_t)r * e->row_size, events, n);
    return rows;
}

const unsigned char *mk_sheet_build_answer(const struct mk_sheet_set *set, const struct mk_sheet *sheet,
        D3D12_FEATURE value)
{
    struct mk_sheet_entry *e = (struct mk_sheet_entry *)&sheet->entries[value]; /* answer_at only */
    const struct mk_feature *feature = mk_feature_from_value((uint32_t)value);
    struct clamp_query query = query_of(set, sheet->legacy, sheet->version);
    const unsigned char *expected = NULL;
    unsigned char *answer;

    answer = e->kind == MK_ANSWER_TABLE ? table_new(set, e, feature, &query)
            : copy_new(set, e, feature, &query, (uint32_t)value);
    if (!answer)
        return NULL;
    if (!atomic_compare_exchange_strong_explicit(&e->answer_at, &expected, answer, memory_order_acq_rel,
            memory_order_acquire))
    {
        mk_free(answer); /* another thread published the same answer first */
        return expected;
    }
    return answer;
}

/* ---- Sets ---- */

static void sheet_free(const struct mk_sheet *sheet)
{
    unsigned v;

    if (!sheet)
        return;
    for (v = 0; v < MK_FEATURE_VALUE_LIMIT; ++v)
        mk_free((void *)atomic_load_explicit(&sheet->entries[v].answer_at, memory_order_relaxed));
    mk_free((void *)sheet);
}

/* Every version that declared something (the tables' mk_declaring_versions,
 * the adapter's declared values, each track's floor: 0 and 700), ascending
 * and distinct, into `out` (NULL: count only). */
static unsigned bucket_versions(const struct mk_declared_value *declared, unsigned declared_count, uint16_t *out)
{
    uint32_t last = 0, next;
    unsigned n = 0, i = 0, d;

    /* A merge: each time, the smallest candidate above the last one. */
    for (;;)
    {
        if (n)
        {
            next = UINT32_MAX;
            while (i < mk_declaring_version_count && mk_declaring_versions[i] <= last)
                ++i;
            if (i < mk_declaring_version_count)
                next = mk_declaring_versions[i];
            if (last < 700 && next > 700)
                next = 700;
            for (d = 0; d < declared_count; ++d)
            {
                uint32_t r = declared[d].value.first_retail, p = declared[d].value.first_preview;

                if (r != MK_NEVER && r > last && r < next)
                    next = r;
                if (p != MK_NEVER && p > last && p < next)
                    next = p;
            }
        }
        else
            next = 0;
        if (next == UINT32_MAX)
            return n;
        if (out)
            out[n] = (uint16_t)next;
        ++n;
        last = next;
    }
}

static void set_free(struct mk_sheet_set *set)
{
    unsigned i;

    for (i = 0; i < set->bucket_count; ++i)
        sheet_free(atomic_load_explicit(&set->sheets[i], memory_order_relaxed));
    sheet_free(set->legacy);
    mk_free((void *)atomic_load_explicit(&set->bucket_of, memory_order_relaxed));
    mk_free((void *)atomic_load_explicit(&set->format_facts, memory_order_relaxed));
    mk_free(set);
}

unsigned mk_sheet_bucket_slow(struct mk_sheet_set *set, UINT version)
{
    const uint16_t *versions = set->bucket_version;
    unsigned lo = 0, hi = set->bucket_count, b, end;
    const uint8_t *expected = NULL;
    uint8_t *table;

    /* The table, once per set; a thread that loses the race frees its own.
     * Without memory (or with more buckets than a byte numbers), the
     * search answers every time. */
    if (set->bucket_count <= UINT8_MAX + 1u && !atomic_load_explicit(&set->bucket_of, memory_order_acquire)
            && (table = mk_alloc(MK_SHEET_DIRECT_VERSIONS)))
    {
        for (b = 0; b < set->bucket_count && versions[b] < MK_SHEET_DIRECT_VERSIONS; ++b)
        {
            end = b + 1 < set->bucket_count && versions[b + 1] < MK_SHEET_DIRECT_VERSIONS ? versions[b + 1]
                    : MK_SHEET_DIRECT_VERSIONS;
            memset(table + versions[b], (int)b, end - versions[b]);
        }
        if (!atomic_compare_exchange_strong_explicit(&set->bucket_of, &expected, table, memory_order_acq_rel,
                memory_order_acquire))
            mk_free(table);
    }
    while (hi - lo > 1) /* the last bucket whose version is <= `version` */
    {
        unsigned mid = (lo + hi) / 2;
        if (versions[mid] <= version)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static struct mk_sheet_set *set_new(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime)
{
    unsigned declared_count, bound, count, b;
    const struct mk_declared_value *declared = caps_adapter_declared_values(adapter, &declared_count);
    struct mk_sheet_set *set;
    uint16_t *versions;
    size_t size;

    bound = bucket_versions(declared, declared_count, NULL);
    size = mk_sheet_align8(sizeof(*set)) + bound * sizeof(_Atomic(const struct mk_sheet *)) + bound * sizeof(uint16_t);
    if (!(set = mk_calloc(1, size)))
        return NULL;
    set->sheets = (_Atomic(const struct mk_sheet *) *)((unsigned char *)set + mk_sheet_align8(sizeof(*set)));
    versions = (uint16_t *)(set->sheets + bound);
    count = bucket_versions(declared, declared_count, versions);
    set->adapter = adapter;
    set->runtime = *runtime;
    clamp_sdk_policy_init(runtime, &set->policy);
    set->query.runtime = &set->runtime;
    set->query.declared = declared;
    set->query.declared_count = declared_count;
    set->bucket_count = count;
    set->bucket_version = versions;
    atomic_init(&set->bucket_of, NULL);
    atomic_init(&set->format_facts, NULL);
    for (b = 0; b < count; ++b)
        atomic_init(&set->sheets[b], NULL);
    if (!(set->legacy = sheet_new(set, true, 0)))
    {
        mk_free(set);
        return NULL;
    }
    return set;
}

HRESULT mk_sheet_set_get(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime,
        struct mk_sheet_set **out)
{
    struct mk_sheet_set *set;

    mk_mutex_lock(&sets_lock);
    for (set = sets; set; set = set->next)
        if (set->adapter == adapter && !memcmp(&set->runtime, runtime, sizeof(*runtime)))
            break;
    if (!set && (set = set_new(adapter, runtime)))
    {
        set->next = sets;
        sets = set;
    }
    mk_mutex_unlock(&sets_lock);
    *out = set;
    return set ? S_OK : E_OUTOFMEMORY;
}

/* Sets live as long as the process; freed here so leak checkers stay quiet. */
__attribute__((destructor)) static void sets_free(void)
{
    struct mk_sheet_set *set, *next;

    mk_mutex_lock(&sets_lock);
    for (set = sets; set; set = next)
    {
        next = set->next;
        set_free(set);
    }
    sets = NULL;
    mk_mutex_unlock(&sets_lock);
}
