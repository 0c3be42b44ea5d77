/*
 * The guards, against a simulated retail DirectX-Headers 1.619: the installed
 * 1.606 headers are included, then their version is raised to 619 and what
 * 1.619 adds is declared here first (as a newer d3d12.h would). The
 * redeclarations below fail to compile if a guard lets a block through, and
 * the #errors fail if a guard hides what 619 does not have. Nothing defines
 * MOCKD3D12_DIRECTX_HEADERS_PREVIEW: the header must see a retail set.
 */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#undef D3D12_SDK_VERSION
#define D3D12_SDK_VERSION 619
#undef D3D12_PREVIEW_SDK_VERSION
#define D3D12_PREVIEW_SDK_VERSION 719

/* As 1.619 declares them (a different body from ours would clash too). */
typedef struct D3D12_FEATURE_DATA_D3D12_OPTIONS22
{
    BOOL ShaderExecutionReorderingActuallyReorders;
    BOOL CreateByteOffsetViewsSupported;
    UINT Max1DDispatchSize;
    UINT Max1DDispatchMeshSize;
} D3D12_FEATURE_DATA_D3D12_OPTIONS22;
typedef enum D3D12_WORK_GRAPHS_TIER { D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED = 0, D3D12_WORK_GRAPHS_TIER_1_0 = 10 } D3D12_WORK_GRAPHS_TIER;
typedef union D3D12_VERSION_NUMBER { UINT64 Version; UINT16 VersionParts[4]; } D3D12_VERSION_NUMBER;
#include "fake_newer.h"

#include <mockd3d12/d3d12_next.h>

/* ...it is not taken for a preview (it declares ID3D12Device12..15, no preview-only interface)... */
#ifdef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "retail 1.619 taken for a preview DirectX-Headers"
#endif
/* Retail items <= 619 were left to the installed headers... */
#ifdef D3D12_FEATURE_D3D12_OPTIONS22
#error "D3D12_FEATURE_D3D12_OPTIONS22 (619) redeclared over 1.619"
#endif
#ifdef D3D12_RAYTRACING_TIER_1_2
#error "D3D12_RAYTRACING_TIER_1_2 (616) redeclared over 1.619"
#endif
/* ...preview-only ones are still declared... */
#ifndef D3D12_FEATURE_DEBUG_BREAK
#error "D3D12_FEATURE_DEBUG_BREAK (preview 721 only) missing"
#endif
#ifndef D3D12_WORK_GRAPHS_TIER_1_1
#error "D3D12_WORK_GRAPHS_TIER_1_1 (preview 715 only) missing"
#endif

int header_test_guards_retail(void);
int header_test_guards_retail(void)
{
    /* ...and ID3D12Device17 still comes after the skipped ID3D12Device12..15. */
    return (int)sizeof(D3D12_FEATURE_DATA_DEBUG_BREAK) + (int)sizeof(ID3D12Device17 *);
}
