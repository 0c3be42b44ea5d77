/*
 * A preview DirectX-Headers is recognised without MOCKD3D12_DIRECTX_HEADERS_PREVIEW:
 * the simulated preview 1.720 of fake_preview_720.h also defines the include
 * guard of ID3D12DevicePreview, as the d3d12.h of every preview since 1.717 does
 * (a row of data/directx-headers-preview-markers.tsv). d3d12_next.h must then
 * take the preview numbers: with the retail rule (SDK 620) it would redeclare
 * what preview 720 has (FENCE_BARRIERS is preview-only) and fail to compile.
 */
#include "fake_preview_720.h"
#define __ID3D12DevicePreview_INTERFACE_DEFINED__

#ifdef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "the test must not define MOCKD3D12_DIRECTX_HEADERS_PREVIEW itself"
#endif

#include <mockd3d12/d3d12_next.h>

#ifndef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "preview headers (ID3D12DevicePreview declared) not recognised"
#endif
#ifdef D3D12_FEATURE_FENCE_BARRIERS
#error "D3D12_FEATURE_FENCE_BARRIERS (preview 717) redeclared over preview 720"
#endif
#ifdef D3D12_FEATURE_D3D12_OPTIONS22
#error "D3D12_FEATURE_D3D12_OPTIONS22 (preview 719) redeclared over preview 720"
#endif
#ifndef D3D12_FEATURE_DEBUG_BREAK
#error "D3D12_FEATURE_DEBUG_BREAK (preview 721) missing"
#endif

int header_test_detect_preview(void);
int header_test_detect_preview(void)
{
    D3D12_FEATURE_DATA_FENCE_BARRIERS fb;
    fb.NodeIndex = 0;
    fb.FenceBarriersTier = 2;
    return (int)fb.FenceBarriersTier + (int)sizeof(D3D12_FEATURE_DATA_DEBUG_BREAK);
}
