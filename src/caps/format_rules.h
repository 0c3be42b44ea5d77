/*
 * DXGI format support as data: one rule per DXGI_FORMAT value, generated from
 * data/format-support.tsv, plus what each adapter adds or removes through its
 * profile's "formats" entries. Read by the FORMAT_SUPPORT, MULTISAMPLE_QUALITY_
 * LEVELS, FORMAT_INFO and PLACED_RESOURCE_SUPPORT_INFO fills.
 */
#ifndef MOCKD3D12_CAPS_FORMAT_RULES_H
#define MOCKD3D12_CAPS_FORMAT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "caps/caps.h"

struct caps_format_rule
{
    uint32_t format;        /* DXGI_FORMAT */
    uint32_t name;          /* in caps_format_names (caps_format_rule_name) */
    uint8_t planes;         /* FORMAT_INFO PlaneCount */
    uint8_t max_samples;    /* highest sample count with a quality level (before the adapter's cap) */
    UINT support1, support2;   /* what a feature-level 11_0+ adapter with every option reports */
    UINT optional1, optional2; /* the optional subset of those bits */
};

extern const struct caps_format_rule caps_format_rules[];
extern const size_t caps_format_rule_count;
extern const char caps_format_names[];

/* The rule's format without the DXGI_FORMAT_ prefix. */
static inline const char *caps_format_rule_name(const struct caps_format_rule *rule)
{
    return caps_format_names + rule->name;
}

/* The rule for a DXGI_FORMAT value, NULL for a value that is no format. */
const struct caps_format_rule *caps_format_rule(uint32_t format);

/* Is `format` a DXGI_FORMAT value this runtime knows (the reference enum
 * table, versioned like every other value)? */
bool caps_format_known(const mockd3d12_runtime *runtime, uint32_t format);

/* Is `format` a reserved row of the runtime's format table: no DXGI_FORMAT
 * the headers name, yet below the highest one this runtime knows (116..129,
 * and 133..188 where the runtime keeps its undocumented ASTC formats)? The
 * runtime's table is contiguous up to its last format (DirectX-Headers'
 * D3D12_PROPERTY_LAYOUT_FORMAT_TABLE keeps a row for each such value), so
 * FORMAT_SUPPORT answers these as formats no adapter supports. */
bool caps_format_reserved(const mockd3d12_runtime *runtime, uint32_t format);

/* The adapter's D3D12_FORMAT_SUPPORT1/2 for a format with a rule: the
 * profile's "formats" entry when it has one, else the rule's required bits
 * plus the optional bits the adapter's caps grant. Both 0: unsupported. */
void caps_format_support(const struct caps_adapter *adapter, const struct caps_format_rule *rule,
        UINT *support1, UINT *support2);

/* The profile's "formats" entry for a format, or NULL. */
struct caps_format_override;
const struct caps_format_override *caps_format_entry(const struct caps_adapter *adapter, uint32_t format);

/* The highest sample count the adapter renders `format` with (1: no MSAA). */
UINT caps_format_max_samples(const struct caps_adapter *adapter, const struct caps_format_rule *rule);

#endif
