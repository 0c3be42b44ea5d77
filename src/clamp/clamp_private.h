/*
 * Private to the clamp room: the generated table of published SDK releases
 * (tools/gen_sdk_versions.py) and the predicates shared by its files.
 */
#ifndef MOCKD3D12_CLAMP_PRIVATE_H
#define MOCKD3D12_CLAMP_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <mockd3d12/mockd3d12.h>

/* One published release: the D3D12_SDK_VERSION / D3D12_PREVIEW_SDK_VERSION
 * pair its headers declared. */
struct clamp_sdk_release
{
    mockd3d12_runtime_kind kind;
    uint16_t sdk_version, preview_sdk_version;
};

extern const struct clamp_sdk_release clamp_sdk_releases[];
extern const size_t clamp_sdk_release_count;

/* The partner number of a runtime chosen by one version: the preview number a
 * retail version's release declared, or the retail number of a preview one.
 * Unpublished versions follow the current numbering (retail N <-> preview N + 101,
 * as 620 <-> 721). */
UINT clamp_partner_preview_version(UINT sdk_version);
UINT clamp_partner_sdk_version(UINT preview_sdk_version);

#endif
