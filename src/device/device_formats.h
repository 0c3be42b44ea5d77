/*
 * What the device's validation asks of a format: does the runtime know it,
 * is it typeless, and the adapter's D3D12_FORMAT_SUPPORT1/2 (the caps'
 * caps_format_support, the one source). The answers are cached per
 * (adapter, runtime) on the device's sheet set, filled at a format's first
 * use without a lock (every filler writes the same value), so a descriptor
 * or a resource asks in a load; and the one refusal a missing bit makes.
 */
#ifndef MOCKD3D12_DEVICE_FORMATS_H
#define MOCKD3D12_DEVICE_FORMATS_H

#include <stdbool.h>

#include <mockd3d12/d3d12.h>

#include "answer_sheet.h"
#include "device.h"
#include "refusal.h"

struct caps_format_rule;

struct mk_format_facts
{
    DXGI_FORMAT format;
    UINT support1, support2;
    bool typeless;
};

/* A cached word: bit 63 "filled", bit 62 "known", bit 61 "typeless", bits
 * 32..60 Support2, bits 0..31 Support1. */
#define MK_FACT_FILLED (1ull << 63)
#define MK_FACT_KNOWN (1ull << 62)
#define MK_FACT_TYPELESS (1ull << 61)
#define MK_FACT_SUPPORT2_MASK ((1ull << 29) - 1)

/* The facts of a format from its word; false (and *f zeroed) when unknown. */
static inline bool mk_format_facts_of_word(uint64_t word, DXGI_FORMAT format, struct mk_format_facts *f)
{
    f->format = (word & MK_FACT_KNOWN) ? format : (DXGI_FORMAT)0;
    f->support1 = (UINT)word;
    f->support2 = (UINT)((word >> 32) & MK_FACT_SUPPORT2_MASK);
    f->typeless = (word & MK_FACT_TYPELESS) != 0;
    return (word & MK_FACT_KNOWN) != 0;
}

/* mk_format_facts when the format's word is not cached yet (device_formats.c). */
bool mk_format_facts_fill(struct mk_device *device, DXGI_FORMAT format, struct mk_format_facts *f);

/* The facts of a format the device's runtime knows; false (and *f zeroed)
 * for one it does not. Inline: a cached format is three loads (each view's
 * write asks one or two). */
static inline bool mk_format_facts(struct mk_device *device, DXGI_FORMAT format, struct mk_format_facts *f)
{
    _Atomic uint64_t *words = atomic_load_explicit(&device->sheets->format_facts, memory_order_acquire);
    uint64_t word;

    if ((UINT)format < MK_FORMAT_FACTS_CACHED && words
            && ((word = atomic_load_explicit(&words[format], memory_order_relaxed)) & MK_FACT_FILLED))
        return mk_format_facts_of_word(word, format, f);
    return mk_format_facts_fill(device, format, f);
}

/* The format's rule (its name), for messages: the format must be known. */
const struct caps_format_rule *mk_format_rule(const struct mk_format_facts *f);
/* Its DXGI_FORMAT name without the prefix. */
const char *mk_format_name(const struct mk_format_facts *f);

/* True when Support1 has `bit`; else the refusal "DXGI_FORMAT_X cannot be
 * <what><what_arg> on <adapter>: its D3D12_FEATURE_FORMAT_SUPPORT Support1
 * (0x..) has no <bit>", with `id`. `what_arg` may be NULL; the text is
 * written only when refusing. */
bool mk_format_refuse(struct mk_device *device, const struct mk_format_facts *f, UINT bit, const char *what,
        const char *what_arg, D3D12_MESSAGE_ID id, struct mk_refusal *r);

static inline bool mk_format_has(struct mk_device *device, const struct mk_format_facts *f, UINT bit,
        const char *what, const char *what_arg, D3D12_MESSAGE_ID id, struct mk_refusal *r)
{
    /* Inline: every view's write tests a bit or two, and the call was a tenth of it. */
    return (f->support1 & bit) || mk_format_refuse(device, f, bit, what, what_arg, id, r);
}

#endif
