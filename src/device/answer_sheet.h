/*
 * Answer sheets (src/answer_sheet.c): what every CheckFeatureSupport query
 * answers, computed once per (adapter, runtime, entry point or SDK-version
 * bucket) and shared by every device, immutable once published. A query is
 * then the validation the walk does and a copy (src/check_feature.c).
 */
#ifndef MOCKD3D12_ANSWER_SHEET_H
#define MOCKD3D12_ANSWER_SHEET_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/mockd3d12.h>

#include "clamp/clamp.h"
#include "mk_tables.h"

struct caps_adapter;

/* How a sheet answers one feature. */
enum mk_answer_kind
{
    MK_ANSWER_UNKNOWN = 0, /* the runtime does not know the feature: E_INVALIDARG */
    MK_ANSWER_COPY,        /* no input: the final bytes (clamped), copied */
    MK_ANSWER_TABLE,       /* one input passed by value: a row per input value, its output bytes copied */
    MK_ANSWER_FILL,        /* nothing to clamp: the feature's atomic fill on the caller's buffer */
    MK_ANSWER_WALK,        /* the fill on a private copy, the clamp, one copy to the caller */
};

/* A sheet says how each feature is answered from the start; the answer
 * itself (a copy's bytes, a table's rows) is made at the feature's first
 * query on that sheet (mk_sheet_build_answer) and published in `answer_at`
 * with a compare-and-swap: a process pays only for what it asks. */
struct mk_sheet_entry
{
    uint16_t size;          /* of the feature's struct (0 with MK_ANSWER_UNKNOWN) */
    uint8_t kind;           /* enum mk_answer_kind */
    uint8_t align_mask;     /* MK_ANSWER_FILL runs in place only on a buffer so aligned (the struct's alignment - 1) */
    /* MK_ANSWER_TABLE: the input (one 4-byte word), the outputs (one run), the rows. */
    uint8_t input_offset, answer_offset, answer_size;
    uint8_t layout;         /* MK_ANSWER_COPY of another layout at this runtime (caps_runtime_layout) */
    uint16_t row_size, rows; /* row_size: a multiple of 4 (struct mk_sheet_row's and struct clamp_event's alignment) */
    uint32_t first_input;   /* the input value of row 0 */
    /* NULL until the first query. MK_ANSWER_COPY: the answer's bytes, then
     * (at align8(size)) a struct mk_sheet_events; MK_ANSWER_TABLE: the rows,
     * then (at rows * row_size) the events they name. */
    _Atomic(const unsigned char *) answer_at;
};

/* The clamp's events of a copied answer, after its bytes. */
struct mk_sheet_events
{
    uint32_t count;
    struct clamp_event events[];
};

/* One MK_ANSWER_TABLE row: the fill's result for one input value, then, when
 * it is S_OK, answer_size bytes of outputs. A failing row is answered by the
 * walk, which reports why. */
struct mk_sheet_row
{
    int32_t hr;
    uint16_t event_first, event_count;
};

struct mk_sheet
{
    bool legacy;            /* the legacy entry point's (pinned below the cutoff) */
    UINT version;           /* else the SDK version it answers for (the bucket's lowest) */
    struct mk_sheet_entry entries[MK_FEATURE_VALUE_LIMIT];
};

/* The versions whose bucket is read from a table (every SDK version yet). */
#define MK_SHEET_DIRECT_VERSIONS 1024u

/* Formats whose device facts are cached: every DXGI_FORMAT value up to the
 * last (A4B4G4R4 is 191). */
#define MK_FORMAT_FACTS_CACHED 256u

/* The sheets of one (adapter, runtime): the legacy one, made with the set,
 * and one per SDK-version bucket (versions between two SDK versions that
 * declared something answer alike), made at their first query. */
struct mk_sheet_set
{
    struct mk_sheet_set *next;
    const struct caps_adapter *adapter;
    mockd3d12_runtime runtime;
    struct clamp_sdk_policy policy;
    struct clamp_query query;       /* runtime, declared values; version and legacy set per sheet */
    const struct mk_sheet *legacy;
    /* version -> bucket for the versions below MK_SHEET_DIRECT_VERSIONS
     * (1 KB): made at the first versioned query (mk_sheet_bucket_slow), and
     * never when a profile declared so many versions that a bucket needs
     * more than a byte (the binary search answers then). Until then NULL. */
    _Atomic(const uint8_t *) bucket_of;
    unsigned bucket_count;
    const uint16_t *bucket_version; /* each bucket's lowest version, ascending */
    _Atomic(const struct mk_sheet *) *sheets; /* per bucket; NULL until its first query */
    /* What the device's validation asks of each format (device_formats.c):
     * MK_FORMAT_FACTS_CACHED words (2 KB), made at the first format use
     * (NULL until then, and when that allocation failed); a word is 0 until
     * its format's first use. */
    _Atomic(_Atomic uint64_t *) format_facts;
};

/* The set of (adapter, runtime), created with its legacy sheet (its plans
 * only: each answer is made at its first query) at its first device (a
 * lock, at device creation only), kept for the process.
 * E_OUTOFMEMORY when it cannot be made. */
HRESULT mk_sheet_set_get(const struct caps_adapter *adapter, const mockd3d12_runtime *runtime,
        struct mk_sheet_set **out);

/* The sheet for an effective SDK version: published without a lock; NULL
 * only when building it ran out of memory (the walk then answers alone). */
const struct mk_sheet *mk_sheet_build(struct mk_sheet_set *set, unsigned bucket);

/* The bucket of `version` by a binary search of bucket_version, having made
 * bucket_of if it can (mk_sheet_bucket's way before the table exists). */
unsigned mk_sheet_bucket_slow(struct mk_sheet_set *set, UINT version);

static inline unsigned mk_sheet_bucket(struct mk_sheet_set *set, UINT version)
{
    const uint8_t *direct = atomic_load_explicit(&set->bucket_of, memory_order_acquire);

    if (direct && version < MK_SHEET_DIRECT_VERSIONS)
        return direct[version];
    return mk_sheet_bucket_slow(set, version);
}

static inline const struct mk_sheet *mk_sheet_for_version(struct mk_sheet_set *set, UINT version)
{
    unsigned bucket = mk_sheet_bucket(set, version);
    const struct mk_sheet *sheet = atomic_load_explicit(&set->sheets[bucket], memory_order_acquire);

    return sheet ? sheet : mk_sheet_build(set, bucket);
}

/* The answer of entry `value` (MK_ANSWER_COPY or MK_ANSWER_TABLE), made and
 * published without a lock at the feature's first query on this sheet;
 * NULL only when memory ran out or the fill failed (the walk then answers). */
const unsigned char *mk_sheet_build_answer(const struct mk_sheet_set *set, const struct mk_sheet *sheet,
        D3D12_FEATURE value);

/* The answer of an entry, or NULL before its first query. */
static inline const unsigned char *mk_sheet_answer_made(const struct mk_sheet_entry *e)
{
    return atomic_load_explicit((_Atomic(const unsigned char *) *)&e->answer_at, memory_order_acquire);
}

/* The answer of entry `value`, made now if it was not. */
static inline const unsigned char *mk_sheet_answer(const struct mk_sheet_set *set, const struct mk_sheet *sheet,
        D3D12_FEATURE value)
{
    const unsigned char *at = mk_sheet_answer_made(&sheet->entries[value]);

    return at ? at : mk_sheet_build_answer(set, sheet, value);
}

static inline size_t mk_sheet_align8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

/* A copied answer's events (`answer` from mk_sheet_answer). */
static inline const struct mk_sheet_events *mk_sheet_copy_events(const struct mk_sheet_entry *e,
        const unsigned char *answer)
{
    return (const struct mk_sheet_events *)(answer + mk_sheet_align8(e->size));
}

/* A table's events, which its rows name from event_first on. */
static inline const struct clamp_event *mk_sheet_table_events(const struct mk_sheet_entry *e,
        const unsigned char *rows)
{
    return (const struct clamp_event *)(rows + (size_t)e->rows * e->row_size);
}

/* How the sheet of this query would answer `feature` (the walk's choice when
 * it has no sheet): MK_ANSWER_UNKNOWN, FILL or WALK, never COPY or TABLE. */
enum mk_answer_kind mk_sheet_plain_kind(const struct mk_sheet_set *set, const struct mk_feature *feature,
        bool legacy, UINT version);

#endif
