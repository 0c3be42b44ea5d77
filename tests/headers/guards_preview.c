/*
 * The guards, against a simulated preview DirectX-Headers 1.720: the user
 * defines MOCKD3D12_DIRECTX_HEADERS_PREVIEW, so D3D12_PREVIEW_SDK_VERSION
 * decides. Everything first declared by preview <= 720 is left to the
 * installed headers (declared here first, as they would); 721 items come from us.
 */
#define MOCKD3D12_DIRECTX_HEADERS_PREVIEW 1
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#undef D3D12_SDK_VERSION
#define D3D12_SDK_VERSION 620
#undef D3D12_PREVIEW_SDK_VERSION
#define D3D12_PREVIEW_SDK_VERSION 720

typedef struct D3D12_FEATURE_DATA_FENCE_BARRIERS
{
    UINT NodeIndex;
    D3D12_COMMAND_LIST_TYPE CommandListType;
    UINT FenceBarriersTier;
} D3D12_FEATURE_DATA_FENCE_BARRIERS;
#include "fake_newer.h"
typedef enum D3D12_LINEAR_ALGEBRA_TIER { D3D12_LINEAR_ALGEBRA_TIER_NOT_SUPPORTED = 0 } D3D12_LINEAR_ALGEBRA_TIER;

#include <mockd3d12/d3d12_next.h>

#ifdef D3D12_FEATURE_FENCE_BARRIERS
#error "D3D12_FEATURE_FENCE_BARRIERS (preview 717) redeclared over preview 720"
#endif
#ifdef D3D12_FEATURE_D3D12_OPTIONS22
#error "D3D12_FEATURE_D3D12_OPTIONS22 (preview 719) redeclared over preview 720"
#endif
#ifndef D3D12_FEATURE_DEBUG_BREAK
#error "D3D12_FEATURE_DEBUG_BREAK (preview 721) missing"
#endif

int header_test_guards_preview(void);
int header_test_guards_preview(void)
{
    return (int)sizeof(D3D12_FEATURE_DATA_PARTIAL_GRAPHICS_PROGRAMS) + (int)sizeof(D3D12_FEATURE_DATA_FENCE_BARRIERS);
}
