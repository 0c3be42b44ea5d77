/*
 * The SDKVersion policy of ID3D12Device17::CheckFeatureSupport1, before any
 * capability is looked at:
 *   1. on a retail runtime, exactly its own D3D12_PREVIEW_SDK_VERSION is
 *      remapped to its D3D12_SDK_VERSION (721 -> 620); no other number is;
 *   2. the (remapped) version must not be newer than the runtime's effective
 *      version, or the query fails with E_INVALIDARG and touches nothing.
 * The comparison is numeric, which orders the two tracks: every retail
 * number (< 700) is below every preview number, so a retail runtime rejects
 * every preview number it does not remap (719 on retail 620), and a preview
 * runtime accepts every retail number and every preview number up to its own.
 */
#include "clamp/clamp.h"

void clamp_sdk_policy_init(const mockd3d12_runtime *runtime, struct clamp_sdk_policy *out)
{
    out->remap = runtime->kind == MOCKD3D12_RUNTIME_RETAIL;
    out->remap_from = runtime->preview_sdk_version;
    out->remap_to = runtime->sdk_version;
    out->newest = clamp_runtime_effective_version(runtime);
}

HRESULT clamp_resolve_sdk_version(const mockd3d12_runtime *runtime, UINT requested, struct clamp_version *out)
{
    struct clamp_sdk_policy policy;

    clamp_sdk_policy_init(runtime, &policy);
    return clamp_sdk_policy_resolve(&policy, requested, out);
}
