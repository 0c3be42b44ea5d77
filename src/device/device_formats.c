/*
 * The device's format facts (device_formats.h), cached per (adapter,
 * runtime) in mk_sheet_set.format_facts: one 64-bit word per format below
 * MK_FORMAT_FACTS_CACHED (its bits: MK_FACT_* in device_formats.h).
 */
#include <stdatomic.h>
#include <string.h>

#include "alloc.h"
#include "answer_sheet.h"
#include "caps/caps.h"
#include "caps/format_rules.h"
#include "device_formats.h"
#include "mk_tables.h"

_Static_assert(D3D12_FORMAT_SUPPORT2_SAMPLER_FEEDBACK <= MK_FACT_SUPPORT2_MASK, "Support2 fits in 29 bits");

static uint64_t facts_of(struct mk_device *device, DXGI_FORMAT format)
{
    const struct caps_format_rule *rule = NULL;
    UINT support1 = 0, support2 = 0;
    uint64_t word = MK_FACT_FILLED;

    if (caps_format_known(&device->runtime, (uint32_t)format))
        rule = caps_format_rule((uint32_t)format);
    if (!rule)
        return word;
    caps_format_support(device->adapter, rule, &support1, &support2);
    word |= MK_FACT_KNOWN | support1 | ((uint64_t)(support2 & MK_FACT_SUPPORT2_MASK) << 32);
    if (strstr(caps_format_rule_name(rule), "TYPELESS"))
        word |= MK_FACT_TYPELESS;
    return word;
}

/* The set's words, made at its first format use; NULL when they cannot be
 * had (each use then computes its facts afresh). */
static _Atomic uint64_t *facts_words(struct mk_sheet_set *set)
{
    _Atomic uint64_t *words = atomic_load_explicit(&set->format_facts, memory_order_acquire), *expected = NULL;

    if (words || !(words = mk_calloc(MK_FORMAT_FACTS_CACHED, sizeof(*words))))
        return words;
    if (!atomic_compare_exchange_strong_explicit(&set->format_facts, &expected, words, memory_order_acq_rel,
            memory_order_acquire))
    {
        mk_free((void *)words);
        words = expected;
    }
    return words;
}

bool mk_format_facts_fill(struct mk_device *device, DXGI_FORMAT format, struct mk_format_facts *f)
{
    _Atomic uint64_t *words = (UINT)format < MK_FORMAT_FACTS_CACHED ? facts_words(device->sheets) : NULL;
    _Atomic uint64_t *slot = words ? &words[format] : NULL;
    uint64_t word = slot ? atomic_load_explicit(slot, memory_order_relaxed) : 0;

    if (!(word & MK_FACT_FILLED))
    {
        word = facts_of(device, format);
        if (slot)
            atomic_store_explicit(slot, word, memory_order_relaxed);
    }
    return mk_format_facts_of_word(word, format, f);
}

const struct caps_format_rule *mk_format_rule(const struct mk_format_facts *f)
{
    return caps_format_rule((uint32_t)f->format);
}

const char *mk_format_name(const struct mk_format_facts *f)
{
    return caps_format_rule_name(mk_format_rule(f));
}

static const char *support1_name(UINT bit)
{
    const char *name = mk_enum_value_name(MK_ENUM_ID_D3D12_FORMAT_SUPPORT1, bit);

    return name ? name : "?";
}

bool mk_format_refuse(struct mk_device *device, const struct mk_format_facts *f, UINT bit, const char *what,
        const char *what_arg, D3D12_MESSAGE_ID id, struct mk_refusal *r)
{
    return mk_refuse(r, id, "DXGI_FORMAT_%s cannot be %s%s on %s: its D3D12_FEATURE_FORMAT_SUPPORT Support1 (0x%x) "
            "has no %s", mk_format_name(f), what, what_arg ? what_arg : "", caps_adapter_id(device->adapter),
            f->support1, support1_name(bit));
}
