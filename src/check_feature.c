/*
 * The one walk every CheckFeatureSupport* query takes:
 *   1. SDK-version policy (clamp room);
 *   2. the feature descriptor (generated tables): known to this runtime,
 *      exact size, data;
 *   3. the adapter's true values (caps room);
 *   4. the clamp engine (clamp room), one debug-layer message per clamp;
 *   5. the caller's buffer, written once.
 *
 * The caller's buffer is never written before every check has passed, so
 * every error leaves it byte-for-byte as it was.
 *
 * Precomputed steps. A device's adapter and runtime never change, so what
 * depends on them alone is taken out once, at creation (mk_answers_init): the
 * SDK-version policy's numbers (step 1: a couple of compares) and which
 * features the runtime knows (step 2: one bit). What depends on the query's
 * entry point and SDK version as well is remembered by the walk itself, as
 * it finds it, in a per-feature memo used only with the debug layer off (its
 * messages need every step):
 *   - "nothing of the struct can be clamped" (clamp_may_change() false: step 4
 *     is skipped);
 *   - for a feature answered by the generic copy of a dense struct (every
 *     field an output, no padding: no input, so every call has the same
 *     answer), the final bytes: "the adapter's true values" or a clamped copy
 *     kept in the device's arena. A memo hit is then steps 1 and 2 and one
 *     memcpy: steps 3 and 4 found in the memo.
 * Queries fall into three tracks: the legacy entry point (pinned, whatever the
 * version), CheckFeatureSupport1 with a retail version (< 700), with a preview
 * version. Within a track, whether a version knows a fact only grows with the
 * version (clamp_sdk_knows), so "nothing can be clamped" and "the clamp
 * changes nothing" (the clamp lowers values only when facts are unknown, and
 * a higher version knows a superset) hold for every higher version once they
 * hold for one: the memo keeps the lowest version of the track where they
 * did. Clamped answers are kept per (track, version) in a few slots.
 *
 * The memo is filled by queries without a lock or an allocation: a version
 * only ever decreases (compare-and-swap), a slot is claimed (EMPTY -> BUSY),
 * written, then published (READY, release); readers acquire. Everything
 * remembered is a pure function of the device's immutable adapter and
 * runtime, so racing threads remember the same thing.
 *
 * The legacy entry point's fast path (mk_check_feature_support_legacy): a
 * legacy query has no version, so the memo also publishes its legacy answers
 * per D3D12_FEATURE value, and the walk marks the features whose atomic fill
 * (data/feature-handlers.tsv) may run on the caller's buffer because nothing
 * can be clamped. A right-size query with data is then one lookup and an
 * inline copy, or the fill; a fill whose inputs are passed by value keeps
 * its last answer with the inputs as the key (struct keyed_slot), copied
 * when the same inputs come again. Everything else takes the walk
 * (docs/performance.md).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "caps/caps.h"
#include "caps/caps_handlers.h"
#include "clamp/clamp.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "mk_tables.h"
#include "platform.h"

/* The largest feature-data struct (SHADERCACHE_ABI_SUPPORT with its
 * WCHAR[128]); checked against the tables in the tests. */
#define MK_MAX_FEATURE_DATA_SIZE 1024

/* ---- The precomputed steps and the memo ---- */

enum memo_track
{
    TRACK_RETAIL,   /* CheckFeatureSupport1, version < 700 (clamp_sdk_knows) */
    TRACK_PREVIEW,  /* CheckFeatureSupport1, version >= 700 */
    TRACK_LEGACY,   /* CheckFeatureSupport: version 0 */
    TRACK_COUNT,
};

enum memo_slot_state
{
    SLOT_EMPTY = 0,
    SLOT_BUSY,
    SLOT_READY,
};

/* Clamped answers kept per feature, and the device's arena for them. Versions
 * are kept as 16-bit numbers: a query at a version above 0xFFFE is never
 * remembered (no SDK has one). */
#define MEMO_SLOTS 2
#define MEMO_ARENA_SIZE 512
#define MEMO_MAX_ANSWER 128   /* larger clamped answers (SHADER_CACHE_ABI_SUPPORT) are not kept */
#define MEMO_VERSION_LIMIT 0xFFFFu

struct memo_slot
{
    atomic_uchar state;     /* enum memo_slot_state */
    uint8_t track;          /* enum memo_track; these three are read only when READY */
    uint16_t offset;        /* of the answer in the arena */
    uint16_t version;
};

struct feature_memo
{
    _Atomic(const void *) values;              /* the adapter's true values, stored before unchanged_from */
    /* The lowest version + 1 (0: none yet) of each track from which on ... */
    atomic_ushort unchanged_from[TRACK_COUNT]; /* ... a dense feature answers the adapter's true values */
    atomic_ushort no_clamp_from[TRACK_COUNT];  /* ... clamp_may_change() is false */
    struct memo_slot slots[MEMO_SLOTS];        /* clamped answers of a dense feature */
};

/* The legacy entry point's fast path, per D3D12_FEATURE value: a legacy query
 * has no version, so one answer holds for every call. */
struct legacy_entry
{
    _Atomic(const void *) answer;   /* a dense feature's final bytes (NULL: not yet) */
    uint16_t size;                  /* set at creation: of its struct if the runtime knows it, else 0 */
    uint16_t align_mask;            /* set at creation: its struct's alignment - 1 */
    atomic_uchar fill;              /* its atomic fill may run on the caller's buffer: nothing can be clamped */
    uint8_t keyed;                  /* set at creation: 1 + its keyed slot, or 0 */
};

/* The last answer of a feature whose answer depends on inputs passed by
 * value (a format, a shader model, a node index...): the legacy fast path's
 * answer when the caller's inputs are the key. Its atomic fill is a pure
 * function of the device's adapter and runtime and of the inputs, so the
 * answer it wrote for the same inputs is the answer. A seqlock: the writer
 * claims the slot (sequence odd), writes, publishes (even); a reader copies
 * key and answer, then checks the sequence is unchanged. Every word is
 * atomic, so racing threads never read torn words, only miss. */
#define KEYED_SLOTS 12
#define KEYED_WORDS 4   /* inputs and outputs of up to 16 bytes each */

struct keyed_slot
{
    uint8_t key_offset, key_words;      /* set at creation: the inputs, one run of 4-byte words */
    uint8_t answer_offset, answer_size; /* set at creation: the outputs, one run of bytes */
    atomic_uint sequence;               /* 0: empty; odd: being written */
    _Atomic uint32_t key[KEYED_WORDS];
    _Atomic uint64_t answer[2];
};

struct mk_answers
{
    struct clamp_sdk_policy policy;                 /* step 1 */
    uint64_t known[MK_FEATURE_VALUE_LIMIT / 64];    /* step 2: bit per D3D12_FEATURE value */
    const struct caps_adapter *adapter;
    atomic_size_t arena_used;
    unsigned char *arena;                           /* MEMO_ARENA_SIZE bytes after memo[] */
    struct legacy_entry legacy[MK_FEATURE_VALUE_LIMIT];  /* the legacy entry point's fast path */
    struct keyed_slot keyed[KEYED_SLOTS];           /* ... its answers keyed by the inputs */
    struct feature_memo memo[];                     /* per mk_features[] entry */
};

_Static_assert(MK_FEATURE_VALUE_LIMIT % 64 == 0, "the known-feature mask holds whole words");

/* What the memo needs of each feature, by D3D12_FEATURE value, from the
 * constant tables, decided once per process (at the first device creation). */
struct feature_facts
{
    uint16_t index;         /* in mk_features[] */
    uint16_t size;          /* of its struct */
    uint8_t dense;          /* answered by the generic copy of a dense struct */
    uint8_t keyed;          /* 1 + its keyed slot, or 0 (keyed_plan) */
    uint8_t key_offset, key_words, answer_offset, answer_size; /* its keyed slot's plan */
};

static struct feature_facts feature_facts[MK_FEATURE_VALUE_LIMIT];
static atomic_bool feature_facts_ready;
static mk_mutex feature_facts_lock = MK_MUTEX_INIT;

/* Is the feature answered by the generic copy (the tables name caps_fill_copy)? */
static inline bool generic_copy(const struct mk_feature *feature)
{
    return !feature->fill || feature->fill == caps_fill_copy;
}

/* Every field an output and no padding: no input, so the answer is the same
 * for every call (and caps_fill_copy writes every byte). */
static bool feature_is_dense_copy(const struct mk_feature *feature)
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
    /* Fields never overlap, so covering `size` bytes means no padding. */
    return covered == desc->size;
}

/* Can the legacy fast path key an atomic fill's answers by the inputs? When
 * its inputs are passed by value (no pointer: what it points to may change)
 * as one run of 4-byte words, and its outputs are one run of bytes the fill
 * writes (no padding inside), each of up to 16 bytes. In/out fields (the
 * shader model, the root signature version) are in both. */
static void keyed_plan(const struct mk_feature *feature, struct feature_facts *facts, unsigned *slots)
{
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned i, in_begin = desc->size, in_end = 0, in_size = 0, out_begin = desc->size, out_end = 0, out_size = 0;

    if (!feature->atomic_fill || *slots == KEYED_SLOTS)
        return;
    for (i = desc->first_field; i < (unsigned)desc->first_field + desc->field_count; ++i)
    {
        const struct mk_field *field = &mk_fields[i];

        if (field->dir != MK_DIR_OUT)
        {
            if (field->kind == MK_FIELD_OPAQUE)
                return;
            in_begin = field->offset < in_begin ? field->offset : in_begin;
            in_end = field->offset + field->size > in_end ? field->offset + field->size : in_end;
            in_size += field->size;
        }
        if (field->dir != MK_DIR_IN)
        {
            out_begin = field->offset < out_begin ? field->offset : out_begin;
            out_end = field->offset + field->size > out_end ? field->offset + field->size : out_end;
            out_size += field->size;
        }
    }
    /* Fields never overlap, so a size equal to the extent means one run. */
    if (!in_size || in_size != in_end - in_begin || in_size % 4 || in_begin % 4 || in_size > 4 * KEYED_WORDS
            || !out_size || out_size != out_end - out_begin || out_size > 4 * KEYED_WORDS)
        return;
    facts->key_offset = (uint8_t)in_begin;
    facts->key_words = (uint8_t)(in_size / 4);
    facts->answer_offset = (uint8_t)out_begin;
    facts->answer_size = (uint8_t)out_size;
    facts->keyed = (uint8_t)++*slots;
}

static void feature_facts_init(void)
{
    unsigned slots = 0;
    size_t i;

    if (atomic_load_explicit(&feature_facts_ready, memory_order_acquire))
        return;
    mk_mutex_lock(&feature_facts_lock);
    if (!atomic_load_explicit(&feature_facts_ready, memory_order_relaxed))
    {
        for (i = 0; i < mk_feature_count; ++i)
        {
            const struct mk_feature *feature = &mk_features[i];

            if (feature->value >= MK_FEATURE_VALUE_LIMIT || mk_feature_by_value[feature->value] != (int16_t)i)
                continue;
            feature_facts[feature->value].index = (uint16_t)i;
            feature_facts[feature->value].size = mk_structs[feature->struct_index].size;
            feature_facts[feature->value].dense = feature_is_dense_copy(feature);
            keyed_plan(feature, &feature_facts[feature->value], &slots);
        }
        atomic_store_explicit(&feature_facts_ready, true, memory_order_release);
    }
    mk_mutex_unlock(&feature_facts_lock);
}

/* Step 2's bitmask of a runtime configuration, from caps_runtime_knows():
 * the last few configurations' masks are kept for the process, so that
 * creating devices on a configuration seen before asks nothing again. Only
 * device creation takes the lock. */
#define KNOWN_CACHE_SIZE 8

static struct
{
    mockd3d12_runtime runtime;
    uint64_t known[MK_FEATURE_VALUE_LIMIT / 64];
} known_cache[KNOWN_CACHE_SIZE];
static unsigned known_cache_count, known_cache_next;
static mk_mutex known_cache_lock = MK_MUTEX_INIT;

static void known_features(const mockd3d12_runtime *runtime, uint64_t known[MK_FEATURE_VALUE_LIMIT / 64])
{
    unsigned i;

    mk_mutex_lock(&known_cache_lock);
    for (i = 0; i < known_cache_count; ++i)
    {
        if (!memcmp(&known_cache[i].runtime, runtime, sizeof(*runtime)))
        {
            memcpy(known, known_cache[i].known, sizeof(known_cache[i].known));
            mk_mutex_unlock(&known_cache_lock);
            return;
        }
    }
    memset(known, 0, sizeof(known_cache[0].known));
    for (i = 0; i < mk_feature_count; ++i)
    {
        const struct mk_feature *feature = &mk_features[i];

        if (feature->value < MK_FEATURE_VALUE_LIMIT && mk_feature_by_value[feature->value] == (int16_t)i
                && caps_runtime_knows(runtime, feature->first_retail, feature->first_preview))
            known[feature->value / 64] |= (uint64_t)1 << (feature->value % 64);
    }
    i = known_cache_next;
    known_cache_next = (known_cache_next + 1) % KNOWN_CACHE_SIZE;
    if (known_cache_count < KNOWN_CACHE_SIZE)
        ++known_cache_count;
    known_cache[i].runtime = *runtime;
    memcpy(known_cache[i].known, known, sizeof(known_cache[i].known));
    mk_mutex_unlock(&known_cache_lock);
}

/* Step 2: mk_feature_from_value() and caps_runtime_knows() in one bit. */
static inline bool answers_know(const struct mk_answers *answers, uint32_t value)
{
    return value < MK_FEATURE_VALUE_LIMIT && (answers->known[value / 64] >> (value % 64) & 1);
}

size_t mk_answers_size(void)
{
    return sizeof(struct mk_answers) + mk_feature_count * sizeof(struct feature_memo) + MEMO_ARENA_SIZE;
}

struct mk_answers *mk_answers_init(void *storage, const struct caps_adapter *adapter,
        const mockd3d12_runtime *runtime)
{
    struct mk_answers *answers = storage;
    unsigned i;

    /* `storage` comes zeroed (calloc): every memo is empty. */
    feature_facts_init();
    clamp_sdk_policy_init(runtime, &answers->policy);
    known_features(runtime, answers->known);
    for (i = 0; i < MK_FEATURE_VALUE_LIMIT; ++i)
    {
        if (!answers_know(answers, (uint32_t)i))
            continue;
        answers->legacy[i].size = feature_facts[i].size;
        answers->legacy[i].align_mask = mk_structs[mk_features[feature_facts[i].index].struct_index].align - 1;
        if ((answers->legacy[i].keyed = feature_facts[i].keyed))
        {
            struct keyed_slot *slot = &answers->keyed[feature_facts[i].keyed - 1];

            slot->key_offset = feature_facts[i].key_offset;
            slot->key_words = feature_facts[i].key_words;
            slot->answer_offset = feature_facts[i].answer_offset;
            slot->answer_size = feature_facts[i].answer_size;
        }
    }
    answers->adapter = adapter;
    answers->arena = (unsigned char *)&answers->memo[mk_feature_count];
    return answers;
}

static inline bool memo_holds(const atomic_ushort *from, UINT version)
{
    unsigned f = atomic_load_explicit((atomic_ushort *)from, memory_order_acquire);

    return f && version >= f - 1u;
}

/* Lowers a track's "from" version to `version` (never raises it). */
static void memo_lower(atomic_ushort *from, UINT version)
{
    unsigned short f = atomic_load_explicit(from, memory_order_relaxed);

    if (version + 1 >= MEMO_VERSION_LIMIT)
        return;
    while (!f || version + 1 < f)
    {
        if (atomic_compare_exchange_weak_explicit(from, &f, (unsigned short)(version + 1), memory_order_release,
                memory_order_relaxed))
            break;
    }
}

/* The final bytes of a dense feature's answer, or NULL when not remembered. */
static inline const void *memo_answer(const struct mk_answers *answers, unsigned index,
        enum memo_track track, UINT version)
{
    const struct feature_memo *memo = &answers->memo[index];
    unsigned i;

    if (memo_holds(&memo->unchanged_from[track], version))
        return atomic_load_explicit((_Atomic(const void *) *)&memo->values, memory_order_relaxed);
    for (i = 0; i < MEMO_SLOTS; ++i)
    {
        const struct memo_slot *slot = &memo->slots[i];

        if (atomic_load_explicit((atomic_uchar *)&slot->state, memory_order_acquire) == SLOT_READY
                && slot->track == track && slot->version == version)
            return answers->arena + slot->offset;
    }
    return NULL;
}

static bool arena_claim(struct mk_answers *answers, size_t size, size_t *offset)
{
    size_t used = atomic_load_explicit(&answers->arena_used, memory_order_relaxed);
    size_t need = (size + 7) & ~(size_t)7;

    do
    {
        if (used + need > MEMO_ARENA_SIZE)
            return false;
    } while (!atomic_compare_exchange_weak_explicit(&answers->arena_used, &used, used + need,
            memory_order_relaxed, memory_order_relaxed));
    *offset = used;
    return true;
}

/* Remembers a dense feature's final answer for (track, version). */
static void memo_remember(struct mk_answers *answers, unsigned index, enum memo_track track, UINT version,
        const void *answer)
{
    const struct mk_feature *feature = &mk_features[index];
    const void *values = caps_adapter_values(answers->adapter, feature->struct_index);
    struct feature_memo *memo = &answers->memo[index];
    size_t size = mk_structs[feature->struct_index].size, offset;
    struct memo_slot *slot = NULL;
    unsigned i;

    if (values && !memcmp(answer, values, size))
    {
        atomic_store_explicit(&memo->values, values, memory_order_relaxed);
        memo_lower(&memo->unchanged_from[track], version);
        if (track == TRACK_LEGACY)
            atomic_store_explicit(&answers->legacy[feature->value].answer, values, memory_order_release);
        return;
    }
    if (size > MEMO_MAX_ANSWER || version >= MEMO_VERSION_LIMIT || memo_answer(answers, index, track, version))
        return;
    for (i = 0; i < MEMO_SLOTS && !slot; ++i)
    {
        unsigned char expected = SLOT_EMPTY;

        if (atomic_compare_exchange_strong_explicit(&memo->slots[i].state, &expected, SLOT_BUSY,
                memory_order_acquire, memory_order_relaxed))
            slot = &memo->slots[i];
    }
    if (!slot)
        return;
    if (!arena_claim(answers, size, &offset))
    {
        atomic_store_explicit(&slot->state, SLOT_EMPTY, memory_order_release);
        return;
    }
    memcpy(answers->arena + offset, answer, size);
    slot->track = (uint8_t)track;
    slot->version = (uint16_t)version;
    slot->offset = (uint16_t)offset;
    atomic_store_explicit(&slot->state, SLOT_READY, memory_order_release);
    if (track == TRACK_LEGACY)
        atomic_store_explicit(&answers->legacy[feature->value].answer, answers->arena + offset,
                memory_order_release);
}

/* Steps 1 and 2 with their precomputed data, when the debug layer is off:
 * the feature's facts when the query passes them (with the effective version
 * and its track); NULL when the walk must run them itself, to report what
 * fails. */
static inline const struct feature_facts *precomputed_checks(const struct mk_device *device, enum mk_entry entry,
        D3D12_FEATURE value, const void *data, UINT data_size, UINT sdk_version, UINT *version, enum memo_track *track)
{
    const struct feature_facts *facts;
    const struct mk_answers *answers = device->answers;
    const struct clamp_sdk_policy *policy = &answers->policy;

    if (device->debug)
        return NULL;
    *version = 0;
    *track = TRACK_LEGACY;
    if (entry == MK_ENTRY_CFS1)
    {
        /* clamp_sdk_policy_resolve(), without the record of it. */
        *version = policy->remap && sdk_version == policy->remap_from ? policy->remap_to : sdk_version;
        if (*version > policy->newest)
            return NULL;
        *track = *version < 700 ? TRACK_RETAIL : TRACK_PREVIEW;
    }
    if (!answers_know(answers, (uint32_t)value) || !data)
        return NULL;
    facts = &feature_facts[value];
    return data_size == facts->size ? facts : NULL;
}

bool mk_answers_hit(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value, UINT sdk_version)
{
    const struct mk_feature *feature = mk_feature_from_value((uint32_t)value);
    unsigned char buffer[1]; /* only its address is looked at */
    const struct feature_facts *facts;
    enum memo_track track;
    UINT version;

    return feature && (facts = precomputed_checks(device, entry, value, buffer,
            mk_structs[feature->struct_index].size, sdk_version, &version, &track))
            && facts->dense && memo_answer(device->answers, facts->index, track, version);
}

enum mk_legacy_path mk_answers_legacy_path(struct mk_device *device, D3D12_FEATURE value)
{
    const struct legacy_entry *entry;

    if ((uint32_t)value >= MK_FEATURE_VALUE_LIMIT || device->debug)
        return MK_LEGACY_WALK;
    entry = &device->answers->legacy[value];
    if (atomic_load_explicit((_Atomic(const void *) *)&entry->answer, memory_order_acquire))
        return MK_LEGACY_ANSWER;
    return atomic_load_explicit((atomic_uchar *)&entry->fill, memory_order_relaxed) ? MK_LEGACY_FILL
            : MK_LEGACY_WALK;
}

/* Up to 16 bytes, as two overlapping moves of the largest power of two not
 * above `size` (or one byte). */
static inline void copy_small(unsigned char *d, const unsigned char *s, unsigned size)
{
    if (size >= 8)
    {
        memcpy(d, s, 8);
        memcpy(d + size - 8, s + size - 8, 8);
    }
    else if (size >= 4)
    {
        memcpy(d, s, 4);
        memcpy(d + size - 4, s + size - 4, 4);
    }
    else if (size >= 2)
    {
        memcpy(d, s, 2);
        memcpy(d + size - 2, s + size - 2, 2);
    }
    else if (size)
    {
        *d = *s;
    }
}

/* The slot's answer when its key is the caller's inputs, read consistently
 * (the sequence unchanged around the reads). */
static inline bool keyed_read(const struct keyed_slot *slot, const unsigned char *data, uint64_t answer[2])
{
    unsigned sequence = atomic_load_explicit((atomic_uint *)&slot->sequence, memory_order_acquire), i;
    unsigned words = slot->key_words;
    const unsigned char *key = data + slot->key_offset;
    uint32_t word;

    if (!sequence || (sequence & 1))
        return false;
    for (i = 0; i < words; ++i)
    {
        memcpy(&word, key + 4 * i, sizeof(word));
        if (word != atomic_load_explicit((_Atomic uint32_t *)&slot->key[i], memory_order_relaxed))
            return false;
    }
    answer[0] = atomic_load_explicit((_Atomic uint64_t *)&slot->answer[0], memory_order_relaxed);
    answer[1] = atomic_load_explicit((_Atomic uint64_t *)&slot->answer[1], memory_order_relaxed);
    atomic_thread_fence(memory_order_acquire);
    return atomic_load_explicit((atomic_uint *)&slot->sequence, memory_order_relaxed) == sequence;
}

/* Keeps `answer` (the caller's struct after a successful fill) for `key`,
 * unless another thread is writing the slot. */
static void keyed_publish(struct keyed_slot *slot, const uint32_t key[KEYED_WORDS], const unsigned char *answer)
{
    unsigned sequence = atomic_load_explicit(&slot->sequence, memory_order_relaxed), i;
    uint64_t words[2] = {0};

    if ((sequence & 1) || !atomic_compare_exchange_strong_explicit(&slot->sequence, &sequence, sequence + 1,
            memory_order_relaxed, memory_order_relaxed))
        return;
    atomic_thread_fence(memory_order_release);
    memcpy(words, answer + slot->answer_offset, slot->answer_size);
    for (i = 0; i < slot->key_words; ++i)
        atomic_store_explicit(&slot->key[i], key[i], memory_order_relaxed);
    atomic_store_explicit(&slot->answer[0], words[0], memory_order_relaxed);
    atomic_store_explicit(&slot->answer[1], words[1], memory_order_relaxed);
    atomic_store_explicit(&slot->sequence, sequence + 2, memory_order_release);
}

/* The fill, whose answer `slot` then keeps for the caller's inputs. */
static HRESULT keyed_fill(struct keyed_slot *slot, const struct caps_fill *fill)
{
    uint32_t key[KEYED_WORDS];
    HRESULT hr;

    memcpy(key, (const unsigned char *)fill->data + slot->key_offset, 4u * slot->key_words);
    if (SUCCEEDED(hr = fill->feature->fill(fill)))
        keyed_publish(slot, key, fill->data);
    return hr;
}

/* The slot's answer, copied, when it holds the caller's inputs. */
static inline bool keyed_answer(const struct keyed_slot *slot, unsigned char *data)
{
    uint64_t answer[2];

    if (!keyed_read(slot, data, answer))
        return false;
    copy_small(data + slot->answer_offset, (const unsigned char *)answer, slot->answer_size);
    return true;
}

bool mk_answers_keyed_hit(struct mk_device *device, D3D12_FEATURE value, const void *data)
{
    const struct legacy_entry *entry;
    uint64_t words[2];

    if (mk_answers_legacy_path(device, value) != MK_LEGACY_FILL)
        return false;
    entry = &device->answers->legacy[value];
    return entry->keyed && keyed_read(&device->answers->keyed[entry->keyed - 1], data, words);
}

bool mk_answers_keyed_plan(D3D12_FEATURE value, unsigned *key_offset, unsigned *key_size,
        unsigned *answer_offset, unsigned *answer_size)
{
    const struct feature_facts *facts;

    feature_facts_init();
    if ((uint32_t)value >= MK_FEATURE_VALUE_LIMIT || !(facts = &feature_facts[value])->keyed)
        return false;
    *key_offset = facts->key_offset;
    *key_size = 4u * facts->key_words;
    *answer_offset = facts->answer_offset;
    *answer_size = facts->answer_size;
    return true;
}

/* Can a fill read and write a struct at `data` in place? Its fields need the
 * struct's alignment (`align_mask` = _Alignof - 1); the walk copies a buffer
 * at an odd address to an aligned one first. */
static inline bool aligned_for(const void *data, unsigned align_mask)
{
    return !((uintptr_t)data & align_mask);
}

/* ---- Debug-layer messages ---- */

static const char *entry_name(enum mk_entry entry)
{
    return entry == MK_ENTRY_LEGACY ? "CheckFeatureSupport" : "CheckFeatureSupport1";
}
struct clamp_report_ctx
{
    struct mk_device *device;
    const struct mk_feature *feature;
    enum mk_entry entry;
    UINT sdk_version;
};

static void report_clamp(void *ctx, const struct mk_field *field, uint32_t before, uint32_t after)
{
    const struct clamp_report_ctx *c = ctx;
    const char *before_name, *after_name;
    char knows[96];
    unsigned field_index = (unsigned)(field - mk_fields);

    before_name = caps_value_name(c->device->adapter, field_index, before);
    after_name = caps_value_name(c->device->adapter, field_index, after);
    if (c->entry == MK_ENTRY_LEGACY)
        snprintf(knows, sizeof(knows), "the legacy entry point (pinned below SDK %u / preview %u)",
                c->device->runtime.cutoff_sdk_version, c->device->runtime.cutoff_preview_sdk_version);
    else
        snprintf(knows, sizeof(knows), "SDKVersion %u", c->sdk_version);
    dbg_report(c->device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_CAP_CLAMPED, entry_name(c->entry),
            mk_structs[field->struct_index].name, field->name, before_name ? before_name : "-", before,
            after_name ? after_name : "-", after, knows);
}

static void report_unknown_feature(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value,
        const struct mk_feature *feature)
{
    char text[96];

    if (!device->debug)
        return;
    if (feature)
        snprintf(text, sizeof(text), "D3D12_FEATURE_%s (%u)", feature->name, (unsigned)value);
    else
        snprintf(text, sizeof(text), "Feature %u", (unsigned)value);
    dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE, entry_name(entry), text,
            device->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
            mockd3d12_runtime_effective_version(&device->runtime));
}

/* A fill's failure, for the debug layer: its reason, or "not implemented". */
static void report_fill_failure(struct mk_device *device, enum mk_entry entry, const struct mk_feature *feature,
        HRESULT hr, const char *why)
{
    if (!device->debug)
        return;
    if (hr == E_NOTIMPL)
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_NOT_IMPLEMENTED, entry_name(entry),
                feature->name);
    else if (why[0])
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, entry_name(entry),
                feature->name, why);
}

/* Steps 3 to 5, for a query at `version` (the effective one; 0 on the legacy
 * entry point) of `track`; TRACK_COUNT when the memo is not used (the debug
 * layer is on, or mk_check_feature_support_unmemoised). */
static HRESULT answer_from_adapter(struct mk_device *device, enum mk_entry entry, const struct mk_feature *feature,
        void *data, UINT version, enum memo_track track)
{
    _Alignas(16) unsigned char scratch[MK_MAX_FEATURE_DATA_SIZE]; /* every struct's alignment */
    const struct mk_struct *desc = &mk_structs[feature->struct_index];
    unsigned index = (unsigned)(feature - mk_features);
    struct feature_memo *feature_memo = &device->answers->memo[index];
    bool legacy = entry == MK_ENTRY_LEGACY, memo = track != TRACK_COUNT;
    bool write_back = false, may_clamp;
    struct caps_fill fill;
    unsigned keyed;
    char why[256];
    HRESULT hr;

    fill.adapter = device->adapter;
    fill.feature = feature;
    fill.runtime = &device->runtime;
    fill.write_back = &write_back;
    /* The reason of a failure is only ever shown by the debug layer. */
    why[0] = 0;
    fill.why = device->debug ? why : NULL;
    fill.why_size = device->debug ? sizeof(why) : 0;

    /* Can step 4 change anything? (When it cannot, clamp_apply() is a no-op.) */
    may_clamp = !feature->never_clamped;
    if (memo && memo_holds(&feature_memo->no_clamp_from[track], version))
        may_clamp = false;
    else if (memo || generic_copy(feature))
    {
        may_clamp = clamp_may_change(&device->runtime, device->adapter, feature, version, legacy);
        if (memo && !may_clamp)
            memo_lower(&feature_memo->no_clamp_from[track], version);
    }
    /* Nothing to clamp on the legacy entry point: its fast path may run an
     * atomic fill on the caller's buffer. */
    if (memo && track == TRACK_LEGACY && !may_clamp && feature->atomic_fill)
        atomic_store_explicit(&device->answers->legacy[feature->value].fill, 1, memory_order_relaxed);

    /* 3a. The common case: nothing to clamp, and a fill that writes only
     * output fields and nothing when it fails: the generic copy (which cannot
     * fail, and copies with memcpy) or an atomic fill on a buffer aligned as
     * its struct needs. Its answer is final, so it goes straight to the
     * caller's buffer, written once as at step 5. */
    if (!may_clamp && (generic_copy(feature) || (feature->atomic_fill && aligned_for(data, desc->align - 1u))))
    {
        fill.data = data;
        /* Its answer kept for these inputs (the fill does not depend on the
         * version, only the clamp does), or the fill, whose answer is kept. */
        if (memo && feature->atomic_fill && (keyed = device->answers->legacy[feature->value].keyed))
        {
            if (keyed_answer(&device->answers->keyed[keyed - 1], data))
                return S_OK;
            return keyed_fill(&device->answers->keyed[keyed - 1], &fill);
        }
        if (FAILED(hr = caps_fill_feature(&fill)))
            report_fill_failure(device, entry, feature, hr, why);
        else if (memo && feature_facts[feature->value].dense)
            memo_remember(device->answers, index, track, version, data);
        return hr;
    }

    /* 3. The adapter's true values, from the caller's inputs. */
    memcpy(scratch, data, desc->size);
    fill.data = scratch;
    if (FAILED(hr = caps_fill_feature(&fill)))
    {
        report_fill_failure(device, entry, feature, hr, why);
        if (write_back)
            memcpy(data, scratch, desc->size);
        return hr;
    }

    /* 4. Lower what the caller's SDK version does not know. */
    if (may_clamp)
    {
        struct clamp_report_ctx ctx = {device, feature, entry, version};

        clamp_apply(&device->runtime, device->adapter, feature, version, legacy, scratch,
                device->debug ? report_clamp : NULL, &ctx);
    }
    if (memo && feature_facts[feature->value].dense)
        memo_remember(device->answers, index, track, version, scratch);

    /* 5. The caller's buffer, written once. */
    memcpy(data, scratch, desc->size);
    return hr;
}

/* The walk, steps 1 and 2, then answer_from_adapter(). */
static HRESULT check_feature_support(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value,
        void *data, UINT data_size, UINT sdk_version, bool use_memo)
{
    struct clamp_version version = {0};
    const struct mk_feature *feature;
    enum memo_track track;
    HRESULT hr;

    /* 1. SDK-version policy: a too-new version touches nothing. */
    if (entry == MK_ENTRY_CFS1)
    {
        hr = use_memo ? clamp_sdk_policy_resolve(&device->answers->policy, sdk_version, &version)
                : clamp_resolve_sdk_version(&device->runtime, sdk_version, &version);
        if (FAILED(hr))
        {
            if (device->debug)
            {
                char remap[48] = "";
                if (version.remapped)
                    snprintf(remap, sizeof(remap), " (remapped to %u)", version.effective);
                dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_UNSUPPORTED_SDK_VERSION,
                        sdk_version, remap, mockd3d12_runtime_effective_version(&device->runtime),
                        device->runtime.kind == MOCKD3D12_RUNTIME_PREVIEW ? "preview" : "retail",
                        device->runtime.sdk_version, device->runtime.preview_sdk_version);
            }
            return hr;
        }
        track = version.effective < 700 ? TRACK_RETAIL : TRACK_PREVIEW;
    }
    else
    {
        if (device->debug)
            dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_DEPRECATED,
                    device->runtime.cutoff_sdk_version, device->runtime.cutoff_preview_sdk_version);
        track = TRACK_LEGACY;
    }

    /* 2. The feature descriptor: known to this runtime, exact size, data. */
    feature = mk_feature_from_value((uint32_t)value);
    if (use_memo ? !answers_know(device->answers, (uint32_t)value)
            : !feature || !caps_runtime_knows(&device->runtime, feature->first_retail, feature->first_preview))
    {
        report_unknown_feature(device, entry, value, feature);
        return E_INVALIDARG;
    }
    if (!data)
    {
        dbg_report(device->debug, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, entry_name(entry),
                feature->name, "pFeatureSupportData is NULL.");
        return E_INVALIDARG;
    }
    if (data_size != mk_structs[feature->struct_index].size)
    {
        const struct mk_struct *desc = &mk_structs[feature->struct_index];

        dbg_report(device->debug, D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE,
                entry_name(entry), data_size, feature->name, desc->name, (unsigned)desc->size);
        return E_INVALIDARG;
    }

    return answer_from_adapter(device, entry, feature, data, version.effective,
            use_memo && !device->debug ? track : TRACK_COUNT);
}

/* Not inlined into mk_check_feature_support(), whose memo hit then needs no
 * stack frame (and a miss is a tail call). */
static __attribute__((noinline)) HRESULT check_feature_support_memoised(struct mk_device *device,
        enum mk_entry entry, D3D12_FEATURE value, void *data, UINT data_size, UINT sdk_version)
{
    return check_feature_support(device, entry, value, data, data_size, sdk_version, true);
}

/* Step 5 of a memo hit (a tail call: mk_check_feature_support() keeps no frame). */
static __attribute__((noinline)) HRESULT copy_answer(void *data, const void *answer, UINT size)
{
    memcpy(data, answer, size);
    return S_OK;
}

HRESULT mk_check_feature_support(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value,
        void *data, UINT data_size, UINT sdk_version)
{
    const struct feature_facts *facts;
    enum memo_track track;
    const void *answer;
    UINT version;

    /* Steps 1 and 2 precomputed; anything to report is the walk's. */
    if (!(facts = precomputed_checks(device, entry, value, data, data_size, sdk_version, &version, &track)))
        return check_feature_support_memoised(device, entry, value, data, data_size, sdk_version);
    /* Steps 3 and 4 remembered: one memcpy. */
    if (facts->dense && (answer = memo_answer(device->answers, facts->index, track, version)))
        return copy_answer(data, answer, data_size);
    return answer_from_adapter(device, entry, &mk_features[facts->index], data, version, track);
}

/* Step 5 of a fast-path answer: the copies of the sizes feature-data structs
 * have, inline (two overlapping 8- or 16-byte moves, or four), instead of a
 * call to memcpy with a variable size. */
static inline void copy_answer_inline(void *data, const void *answer, UINT size)
{
    unsigned char *d = data;
    const unsigned char *s = answer;

    if (size >= 8 && size <= 16)
    {
        memcpy(d, s, 8);
        memcpy(d + size - 8, s + size - 8, 8);
    }
    else if (size > 16 && size <= 64)
    {
        memcpy(d, s, 16);
        memcpy(d + size - 16, s + size - 16, 16);
        if (size > 32)
        {
            memcpy(d + 16, s + 16, 16);
            memcpy(d + size - 32, s + size - 32, 16);
        }
    }
    else
    {
        memcpy(d, s, size);
    }
}

/* Not inlined into the fast path, which then needs no stack frame. */
static __attribute__((noinline)) HRESULT legacy_walk(struct mk_device *device, D3D12_FEATURE value, void *data,
        UINT data_size)
{
    return mk_check_feature_support(device, MK_ENTRY_LEGACY, value, data, data_size, 0);
}

/* Steps 3 and 5 at once: an atomic fill (it writes nothing when it fails)
 * on the caller's buffer, with nothing to clamp (step 4) and the debug layer
 * off (no reason to format): what the walk answers, without its copies.
 * With `slot`, the slot then keeps the answer for the caller's inputs. */
static inline HRESULT run_fill(struct mk_device *device, D3D12_FEATURE value, void *data, struct keyed_slot *slot)
{
    const struct mk_feature *feature = &mk_features[feature_facts[value].index];
    struct caps_fill fill = {device->adapter, feature, &device->runtime, data, NULL, 0, NULL};

    return slot ? keyed_fill(slot, &fill) : feature->fill(&fill);
}

static __attribute__((noinline)) HRESULT legacy_fill(struct mk_device *device, D3D12_FEATURE value, void *data)
{
    return run_fill(device, value, data, NULL);
}

/* Not inlined into legacy_keyed(), whose answer then needs no stack frame. */
static __attribute__((noinline)) HRESULT legacy_keyed_fill(struct mk_device *device, D3D12_FEATURE value,
        unsigned char *data, struct keyed_slot *slot)
{
    return run_fill(device, value, data, slot);
}

/* An atomic fill keyed by its inputs: the slot's answer when it holds the
 * caller's inputs, else the fill. */
static __attribute__((noinline)) HRESULT legacy_keyed(struct mk_device *device, D3D12_FEATURE value,
        unsigned char *data, struct keyed_slot *slot)
{
    if (keyed_answer(slot, data))
        return S_OK;
    return legacy_keyed_fill(device, value, data, slot);
}

HRESULT mk_check_feature_support_legacy(struct mk_device *device, D3D12_FEATURE value, void *data, UINT data_size)
{
    uint32_t v = (uint32_t)value;

    /* An entry is only ever filled by queries with the debug layer off (a
     * device's debug layer is chosen at creation); its size is 0 for a
     * feature the runtime does not know. */
    if (v < MK_FEATURE_VALUE_LIMIT && data)
    {
        const struct legacy_entry *entry = &device->answers->legacy[v];

        if (data_size == entry->size)
        {
            const void *answer = atomic_load_explicit((_Atomic(const void *) *)&entry->answer,
                    memory_order_acquire);

            if (answer)
            {
                copy_answer_inline(data, answer, data_size);
                return S_OK;
            }
            if (atomic_load_explicit((atomic_uchar *)&entry->fill, memory_order_relaxed)
                    && aligned_for(data, entry->align_mask))
            {
                if (entry->keyed)
                    return legacy_keyed(device, value, data, &device->answers->keyed[entry->keyed - 1]);
                return legacy_fill(device, value, data);
            }
        }
    }
    return legacy_walk(device, value, data, data_size);
}

HRESULT mk_check_feature_support_unmemoised(struct mk_device *device, enum mk_entry entry, D3D12_FEATURE value,
        void *data, UINT data_size, UINT sdk_version)
{
    return check_feature_support(device, entry, value, data, data_size, sdk_version, false);
}
