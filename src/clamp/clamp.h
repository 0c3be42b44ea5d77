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

struct caps_adapter;

/* The runtime configuration new devices get (see mockd3d12_get_runtime). */
void clamp_runtime_current(mockd3d12_runtime *out);
/* A runtime for an explicit SDK version (ID3D12SDKConfiguration1::
 * CreateDeviceFactory): same kind rules, the other fields from the current one. */
HRESULT clamp_runtime_for_sdk_version(UINT sdk_version, mockd3d12_runtime *out);
/* Like clamp_runtime_current, for device creation: E_INVALIDARG (with the
 * reason in `why` and on stderr) when the environment or the main program's
 * D3D12SDKVersion holds a malformed value, instead of using defaults. */
HRESULT clamp_runtime_current_checked(mockd3d12_runtime *out, char *why, size_t why_size);
/* Forgets the control-API runtime (mockd3d12_reset). */
void clamp_reset(void);
/* Checks a configuration; writes a reason to `why` when it is invalid. */
HRESULT clamp_runtime_validate(const mockd3d12_runtime *runtime, char *why, size_t why_size);

/* Does the runtime expose ID3D12Device17 (is it at or past the cutoff)? */
bool clamp_runtime_has_device17(const mockd3d12_runtime *runtime);

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

/* Is an item first declared in these versions known to an SDK version `s`?
 * Retail versions (< 700) use first_retail, preview versions first_preview. */
static inline bool clamp_sdk_knows(UINT s, uint16_t first_retail, uint16_t first_preview)
{
    uint16_t first = s < 700 ? first_retail : first_preview;
    return first != MK_NEVER && first <= s;
}

/* Clamp one answered struct in place. `legacy` pins to the pre-cutoff level
 * (ID3D12Device::CheckFeatureSupport). For every lowered field, `report` is
 * called once. Returns the number of clamped fields. Allocates nothing. */
typedef void (*clamp_report_fn)(void *ctx, const struct mk_field *field, uint32_t before, uint32_t after);

unsigned clamp_apply(const mockd3d12_runtime *runtime, const struct caps_adapter *adapter,
        const struct mk_feature *feature, UINT sdk_version, bool legacy, void *data,
        clamp_report_fn report, void *ctx);

/* Could clamp_apply() change anything for this query? False when neither the
 * reference data nor the adapter's newValues hold a fact of the feature's
 * struct that the caller may not know: the query's true values are then its
 * answer (check_feature.c skips its scratch copy). Allocates nothing. */
bool clamp_may_change(const mockd3d12_runtime *runtime, const struct caps_adapter *adapter,
        const struct mk_feature *feature, UINT sdk_version, bool legacy);

/* The clamp table for the CLI: one row per fact (struct, field, enum value)
 * with its first retail / preview SDK and whether it is post-cutoff for the
 * current runtime. `field_filter` (NULL: all) keeps rows whose
 * "STRUCT.field" contains it, case-insensitively. */
void clamp_table_print(FILE *out, const char *field_filter);

#endif
