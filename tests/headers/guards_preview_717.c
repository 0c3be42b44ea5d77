/*
 * The guards of the withdrawn preview features, against a simulated preview
 * DirectX-Headers 1.717: the installed 1.606 headers with their versions
 * raised to 616 / 717, the include guard of ID3D12DevicePreview (which every
 * preview d3d12.h since 1.717 defines: data/directx-headers-preview-markers.tsv),
 * and the declarations 1.717 has that d3d12_next.h would also make: the
 * cooperative-vector feature, its types and structs (removed rows of the
 * reference data, previews 717-719), D3D12_LINEAR_ALGEBRA_DATATYPE and
 * FENCE_BARRIERS. d3d12_next.h must leave all of them to the installed headers
 * (MOCKD3D12_DXH_DECLARED_IN) and still declare what came after 717.
 */
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#undef D3D12_SDK_VERSION
#define D3D12_SDK_VERSION 616
#undef D3D12_PREVIEW_SDK_VERSION
#define D3D12_PREVIEW_SDK_VERSION 717
#define __ID3D12DevicePreview_INTERFACE_DEFINED__
/* 1.717 declares the work-graph interfaces (and their types, which the test does not use). */
#define __ID3D12StateObjectProperties1_FWD_DEFINED__
#define __ID3D12StateObjectProperties1_INTERFACE_DEFINED__
#define __ID3D12WorkGraphProperties_FWD_DEFINED__
#define __ID3D12WorkGraphProperties_INTERFACE_DEFINED__

#define D3D12_FEATURE_COOPERATIVE_VECTOR ((D3D12_FEATURE)11)
typedef enum D3D12_LINEAR_ALGEBRA_DATATYPE { D3D12_LINEAR_ALGEBRA_DATATYPE_FLOAT16 = 7 } D3D12_LINEAR_ALGEBRA_DATATYPE;
typedef enum D3D12_COOPERATIVE_VECTOR_TIER
{
    D3D12_COOPERATIVE_VECTOR_TIER_NOT_SUPPORTED = 0,
    D3D12_COOPERATIVE_VECTOR_TIER_1_0 = 16,
    D3D12_COOPERATIVE_VECTOR_TIER_1_1 = 17,
} D3D12_COOPERATIVE_VECTOR_TIER;
typedef struct D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL
{
    D3D12_COOPERATIVE_VECTOR_TIER CooperativeVectorTier;
} D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL;
typedef struct D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL
{
    D3D12_LINEAR_ALGEBRA_DATATYPE InputType, InputInterpretation, MatrixInterpretation, BiasInterpretation, OutputType;
    BOOL TransposeSupported;
} D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL;
typedef struct D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE
{
    D3D12_LINEAR_ALGEBRA_DATATYPE InputType, AccumulationType;
} D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE;
typedef struct D3D12_FEATURE_DATA_COOPERATIVE_VECTOR
{
    UINT MatrixVectorMulAddPropCount;
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL *pMatrixVectorMulAddProperties;
    UINT OuterProductAccumulatePropCount;
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE *pOuterProductAccumulateProperties;
    UINT VectorAccumulatePropCount;
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE *pVectorAccumulateProperties;
} D3D12_FEATURE_DATA_COOPERATIVE_VECTOR;
typedef struct D3D12_FEATURE_DATA_FENCE_BARRIERS
{
    UINT NodeIndex;
    D3D12_COMMAND_LIST_TYPE CommandListType;
    UINT FenceBarriersTier;
} D3D12_FEATURE_DATA_FENCE_BARRIERS;

#include <mockd3d12/d3d12_next.h>

#ifndef MOCKD3D12_DIRECTX_HEADERS_PREVIEW
#error "preview 1.717 (ID3D12DevicePreview declared) not recognised"
#endif
#ifndef D3D12_FEATURE_D3D12_OPTIONS22
#error "D3D12_FEATURE_D3D12_OPTIONS22 (preview 719) missing over preview 717"
#endif
#ifndef __ID3D12DeviceApiExtensions_INTERFACE_DEFINED__
#error "ID3D12DeviceApiExtensions (preview 719) missing over preview 717"
#endif

int header_test_guards_preview_717(void);
int header_test_guards_preview_717(void)
{
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL experimental;
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR vector;

    experimental.CooperativeVectorTier = D3D12_COOPERATIVE_VECTOR_TIER_1_1;
    vector.MatrixVectorMulAddPropCount = 1;
    return (int)experimental.CooperativeVectorTier + (int)vector.MatrixVectorMulAddPropCount
            + (int)sizeof(D3D12_EXTENDED_OPERATION_DATA);
}
