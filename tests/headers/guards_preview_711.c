/*
 * The guards of D3D12_OPTIONS_EXPERIMENTAL's other layout, against a simulated
 * preview DirectX-Headers 1.711.3: the installed 1.606 headers with their
 * versions raised to 611 / 711, the include guard of ID3D12DeviceExperimental
 * (which only 1.711.3's d3d12.h defines: data/directx-headers-preview-markers.tsv),
 * and what 1.711.3 declares that d3d12_next.h would also make:
 * D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, D3D12_WORK_GRAPHS_TIER with its
 * experimental tier 0_1, and
 * D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL with its one WorkGraphsTier
 * (removed rows of the reference data, preview 711). d3d12_next.h must leave
 * both to the installed headers (no CooperativeVectorTier layout over them),
 * and a client reads feature 9 as 4 bytes, the size a 711 runtime of mockd3d12
 * accepts (mockd3d12_get_feature_layout, docs/features.md).
 */
#include <stddef.h>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#undef D3D12_SDK_VERSION
#define D3D12_SDK_VERSION 611
#undef D3D12_PREVIEW_SDK_VERSION
#define D3D12_PREVIEW_SDK_VERSION 711
#define __ID3D12DeviceExperimental_INTERFACE_DEFINED__
#define __ID3D12GraphicsCommandListExperimental_INTERFACE_DEFINED__

/* 1.711.3's D3D12_FEATURE has the member (the installed 1.606 enum does not). */
#define D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL ((D3D12_FEATURE)9)
typedef enum D3D12_WORK_GRAPHS_TIER
{
    D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED = 0,
    D3D12_WORK_GRAPHS_TIER_0_1 = 1,
} D3D12_WORK_GRAPHS_TIER;
typedef struct D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL
{
    D3D12_WORK_GRAPHS_TIER WorkGraphsTier;
} D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL;

#include <mockd3d12/d3d12_next.h>

#ifndef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "preview 1.711.3 (ID3D12DeviceExperimental declared) not recognised"
#endif
/* Tier 1_0 came with 714: d3d12_next.h adds it to the installed enum. */
#ifndef D3D12_WORK_GRAPHS_TIER_1_0
#error "D3D12_WORK_GRAPHS_TIER_1_0 (preview 714) missing over preview 711"
#endif

/* 711's layout: one 4-byte WorkGraphsTier at offset 0. */
typedef char header_test_711_size[sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL) == 4 ? 1 : -1];
typedef char header_test_711_offset[offsetof(D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL, WorkGraphsTier) == 0
        ? 1 : -1];
typedef char header_test_711_feature[D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL == 9 ? 1 : -1];

int header_test_guards_preview_711(void);
int header_test_guards_preview_711(void)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL experimental;

    experimental.WorkGraphsTier = D3D12_WORK_GRAPHS_TIER_0_1;
    if (experimental.WorkGraphsTier == D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED)
        return 0;
    return (int)experimental.WorkGraphsTier + (int)D3D12_WORK_GRAPHS_TIER_1_0
            + (int)sizeof(header_test_711_size) + (int)sizeof(header_test_711_offset)
            + (int)sizeof(header_test_711_feature);
}
