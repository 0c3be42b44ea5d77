/*
 * The clamp room: the simulated runtime version, the CheckFeatureSupport1
 * SDK-version policy (preview remap, too-new rejection) and the clamp engine
 * that lowers reported values to what an SDK version knew.
 */
#ifndef MOCKD3D12_CLAMP_H
#define MOCKD3D12_CLAMP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <mockd3d12/mockd3d12.h>

#include "mk_tables.h"

/* The runtime configuration new devices get (see mockd3d12_get_runtime). */
void clamp_runtime_current(mockd3d12_runtime *out);
/* A runtime for an explicit SDK version (ID3D12SDKConfiguration1::
 * CreateDeviceFactory): same kind rules, the other fields from the current one. */
HRESULT clamp_runtime_for_sdk_version(UINT sdk_version, mockd3d12_runtime *out);
/* Like clamp_runtime_current, for device creation: E_INVALIDARG (with the
 * reason in `why` and on stderr) when the environment or the main program's
 * D3D12SDKVersion holds a malformed value, instead of using defaults. */
HRESULT clamp_runtime_current_checked(mockd3d12_runtime *out, char *why, size_t why_size);
/* Forgets the control-API runtime and the SetSDKVersion choice (mockd3d12_reset). */
void clamp_reset(void);
/* ID3D12SDKConfiguration::SetSDKVersion: the Agility SDK loader's choice for
 * devices created afterwards, in place of the main program's D3D12SDKVersion.
 * Any number is recorded; one no runtime can be built for fails the next
 * device creation (clamp_runtime_current_checked), as on Windows. */
void clamp_runtime_set_sdk_configuration(UINT version);
/* The last SetSDKVersion number, 0 when none. */
UINT clamp_runtime_sdk_configuration(void);
/* Checks a configuration; writes a reason to `why` when it is invalid. */
HRESULT clamp_runtime_validate(const mockd3d12_runtime *runtime, char *why, size_t why_size);

/* mockd3d12_set_runtime(): NULL forgets the control-API runtime; an invalid
 * one is refused (E_INVALIDARG, the reason in `why`) and changes nothing. */
HRESULT clamp_runtime_set(const mockd3d12_runtime *runtime, char *why, size_t why_size);
/* The runtime's own SDK version on its track (mockd3d12_runtime_effective_version). */
UINT clamp_runtime_effective_version(const mockd3d12_runtime *runtime);

/* Does the runtime expose ID3D12Device17 (is it at or past the cutoff)? */
bool clamp_runtime_has_device17(const mockd3d12_runtime *runtime);

/* Rules of the runtime itself, by version (runtime_rules.c holds the versions
 * and their sources). */
enum clamp_runtime_rule
{
    /* UPLOAD heaps accept COMMON and any subset of GENERIC_READ as the initial
     * state, READBACK heaps COMMON (before: GENERIC_READ, COPY_DEST only). */
    CLAMP_RULE_UPLOAD_READBACK_COMMON_STATE,
    CLAMP_RULE_COUNT
};
/* Does a runtime of this configuration follow the rule? */
bool clamp_runtime_follows(const mockd3d12_runtime *runtime, enum clamp_runtime_rule rule);

/* SDKVersion policy of CheckFeatureSupport1. */
struct clamp_version
{
    UINT requested;
    UINT effective;  /* after the preview remap */
    bool remapped;
};
/* S_OK, or E_INVALIDARG when the version is newer than the runtime's. */
HRESULT clamp_resolve_sdk_version(const mockd3d12_runtime *runtime, UINT requested, struct clamp_version *out);

/* The same policy with the runtime's numbers taken out once (a device does it
 * at creation): clamp_sdk_policy_resolve() is a couple of compares, and
 * clamp_resolve_sdk_version() is defined through it. */
struct clamp_sdk_policy
{
    bool remap;       /* a retail runtime: remap_from (its preview number) -> remap_to */
    UINT remap_from, remap_to;
    UINT newest;      /* the runtime's effective version */
};
void clamp_sdk_policy_init(const mockd3d12_runtime *runtime, struct clamp_sdk_policy *out);

static inline HRESULT clamp_sdk_policy_resolve(const struct clamp_sdk_policy *policy, UINT requested,
        struct clamp_version *out)
{
    out->requested = requested;
    out->effective = requested;
    out->remapped = false;
    if (policy->remap && requested == policy->remap_from)
    {
        out->effective = policy->remap_to;
        out->remapped = true;
    }
    return out->effective > policy->newest ? E_INVALIDARG : S_OK;
}

/* One query of the clamp engine: who asks (the runtime and the caller's
 * effective SDK version, or the legacy entry point, pinned below the cutoff)
 * and the adapter's declared values (its profile's "newValues", sorted by
 * field: mk_declared_value), passed as data. Whether a version knows an item
 * is mk_version_knows() (mk_tables.h). */
struct clamp_query
{
    const mockd3d12_runtime *runtime;
    UINT sdk_version;       /* ignored when legacy */
    bool legacy;
    const struct mk_declared_value *declared;
    unsigned declared_count;
};

/* One lowered field: what clamp_apply() returns for the debug layer. */
struct clamp_event
{
    uint16_t field_index;   /* mk_fields[] */
    uint32_t before, after; /* wide and opaque fields: UINT32_MAX when larger */
};

/* The most fields a struct has (every event of one clamp_apply() fits). */
#define CLAMP_MAX_EVENTS 64

/* Clamps one answered struct in place and lists each lowered field in
 * `events` (up to `max_events`; the count returned is of all of them).
 * A pure function: reads only the tables and the query, allocates nothing,
 * calls nothing back. */
unsigned clamp_apply(const struct clamp_query *query, const struct mk_feature *feature, void *data,
        struct clamp_event *events, unsigned max_events);

/* Could clamp_apply() change anything for this query? False when neither the
 * reference data nor the declared values hold a fact of the feature's struct
 * that the caller may not know: its true values are then its answer. */
bool clamp_may_change(const struct clamp_query *query, const struct mk_feature *feature);

/* The clamp table for the CLI: one row per fact (struct, field, enum value)
 * with its first retail / preview SDK and whether it is post-cutoff for the
 * current runtime. `field_filter` (NULL: all) keeps rows whose
 * "STRUCT.field" contains it, case-insensitively. */
void clamp_table_print(FILE *out, const char *field_filter);
/* The same table as text (allocated, free with mk_free; NULL when out of
 * memory): what mockd3d12_clamp_table hands a harness. */
char *clamp_table_text(const char *field_filter);
/* Does any "STRUCT.field" of the tables contain `field_filter`, as the
 * table's filter matches (case-insensitively)? */
bool clamp_table_matches(const char *field_filter);

#endif
