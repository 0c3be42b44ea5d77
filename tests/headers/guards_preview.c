/*
 * The guards, against a simulated preview DirectX-Headers 1.720 the header
 * cannot recognise (it declares none of the preview-only interfaces, as 1.710
 * and 1.714 do not): the user defines MOCKD3D12_DIRECTX_HEADERS_PREVIEW, so
 * D3D12_PREVIEW_SDK_VERSION decides. Everything first declared by preview
 * <= 720 is left to the installed headers; 721 items come from us.
 */
#define MOCKD3D12_DIRECTX_HEADERS_PREVIEW 1
#include "fake_preview_720.h"

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
