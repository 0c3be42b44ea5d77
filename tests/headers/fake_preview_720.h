/*
 * A simulated preview DirectX-Headers 1.720 for the guard tests: the installed
 * 1.606 headers are included, their versions raised to 620 / 720, and what
 * preview 720 declares that d3d12_next.h also declares is declared here first
 * (as that d3d12.h would). Whether it is taken for a preview is up to the
 * including test: guards_preview.c says so, detect_preview.c lets the header
 * see it.
 */
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
/* The element types of the withdrawn COOPERATIVE_VECTOR (previews 717-719) use it. */
typedef enum D3D12_LINEAR_ALGEBRA_DATATYPE { D3D12_LINEAR_ALGEBRA_DATATYPE_SINT16 = 2 } D3D12_LINEAR_ALGEBRA_DATATYPE;
/* The D3D12 API extensions' types (preview 719 on; the interfaces are left to d3d12_next.h). */
typedef interface ID3D12Extension ID3D12Extension;
typedef struct D3D12_EXTENSION_ARGUMENTS
{
    ID3D12DeviceChild **ppD3DObjects;
    UINT NumD3DObjects;
    void *pPrivateArgs;
    SIZE_T PrivateArgSize;
    void *pOutputBuffer;
    SIZE_T OutputBufferSize;
} D3D12_EXTENSION_ARGUMENTS;
typedef struct D3D12_EXTENDED_OPERATION_DATA
{
    ID3D12Extension **ppExtensions;
    UINT NumExtensions;
    UINT OperationType;
} D3D12_EXTENDED_OPERATION_DATA;
