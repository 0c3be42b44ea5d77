/*
 * The guards, against a simulated preview DirectX-Headers 1.715: the installed
 * 1.606 headers with their versions raised to 614 / 715, the include guard of
 * ID3D12GraphicsCommandListExperimental (which 1.715's d3d12.h defines: a row of
 * data/directx-headers-preview-markers.tsv) and D3D12_FEATURE_DATA_D3D12_OPTIONS22
 * with the one field 1.715 gave it (a removed row of the reference data). Our
 * OPTIONS22 is the live layout of 719: it must not be declared over 715's.
 */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#undef D3D12_SDK_VERSION
#define D3D12_SDK_VERSION 614
#undef D3D12_PREVIEW_SDK_VERSION
#define D3D12_PREVIEW_SDK_VERSION 715
#define __ID3D12GraphicsCommandListExperimental_INTERFACE_DEFINED__
/* 1.715 declares the work-graph interfaces (and their types, which the test does not use). */
#define __ID3D12StateObjectProperties1_FWD_DEFINED__
#define __ID3D12StateObjectProperties1_INTERFACE_DEFINED__
#define __ID3D12WorkGraphProperties_FWD_DEFINED__
#define __ID3D12WorkGraphProperties_INTERFACE_DEFINED__

typedef struct D3D12_FEATURE_DATA_D3D12_OPTIONS22
{
    BOOL TightAlignmentSupported;
} D3D12_FEATURE_DATA_D3D12_OPTIONS22;

#include <mockd3d12/d3d12_next.h>

#ifndef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "preview 1.715 (ID3D12GraphicsCommandListExperimental declared) not recognised"
#endif
#ifndef D3D12_FEATURE_FENCE_BARRIERS
#error "D3D12_FEATURE_FENCE_BARRIERS (preview 717) missing over preview 715"
#endif

int header_test_guards_preview_715(void);
int header_test_guards_preview_715(void)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS22 o22;
    o22.TightAlignmentSupported = 1;
    return o22.TightAlignmentSupported + (int)sizeof(D3D12_FEATURE_DATA_FENCE_BARRIERS);
}
