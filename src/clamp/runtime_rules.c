/*
 * What a simulated runtime does that depends on its version and not on the
 * adapter: one row per rule, with the first SDK versions whose runtime
 * follows it (docs/clamping.md, "Runtime rules"). The device asks
 * clamp_runtime_follows() where the rule applies; nothing else knows the
 * versions.
 */
#include "clamp/clamp.h"

struct clamp_rule_row
{
    uint16_t first_retail, first_preview;
};

static const struct clamp_rule_row clamp_rules[CLAMP_RULE_COUNT] =
{
    /* Upload heaps take COMMON and any part of GENERIC_READ, readback heaps
     * COMMON, as initial states: Agility SDK 1.606 (vkd3d-proton a9bb59f2,
     * tests/d3d12_resource.c test_create_committed_resource, run on Windows;
     * Godot #112914: older runtimes, Windows 10 without the Agility SDK,
     * refuse it). The preview is the one retail 606's headers name
     * (D3D12_PREVIEW_SDK_VERSION 706). Whatever the adapter's enhanced
     * barriers. */
    [CLAMP_RULE_UPLOAD_READBACK_COMMON_STATE] = {606, 706},
};

bool clamp_runtime_follows(const mockd3d12_runtime *runtime, enum clamp_runtime_rule rule)
{
    const struct clamp_rule_row *row = &clamp_rules[rule];

    return mk_version_knows(clamp_runtime_effective_version(runtime), row->first_retail, row->first_preview);
}
