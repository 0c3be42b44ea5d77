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

#include "device.h"
#include "refusal.h"

struct caps_format_rule;

struct mk_format_facts
{
    DXGI_FORMAT format;
    UINT support1, support2;
    bool typeless;
};

/* The facts of a format the device's runtime knows; false (and *f zeroed)
 * for one it does not. */
bool mk_format_facts(struct mk_device *device, DXGI_FORMAT format, struct mk_format_facts *f);

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
