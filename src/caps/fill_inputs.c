/*
 * The fills of features whose structs carry inputs: each validates the
 * caller's inputs the way the Windows runtime does (sources in
 * docs/features.md and tests/unit/test_features.c), then writes the outputs.
 */
#include <stdint.h>
#include <string.h>

#include "caps/adapter.h"
#include "caps/fill_private.h"
#include "caps/format_rules.h"

/* The enums the fills check inputs against. */

/* The highest of the requested levels the adapter reaches, with bit 32 set;
 * 0 when it reaches none. Values are compared, never checked against the
 * enum: Windows answers {0, 0x3000} with 0x3000 (vkd3d tests/d3d12.c
 * test_check_feature_support). Bit 32 makes a found level 0 win over "none"
 * without a branch per level. */
static inline uint64_t best_feature_level(const D3D12_FEATURE_DATA_FEATURE_LEVELS *data, D3D_FEATURE_LEVEL max)
{
    const D3D_FEATURE_LEVEL *levels = data->pFeatureLevelsRequested;
    uint64_t best = 0, candidate;
    UINT i, count = data->NumFeatureLevels;

    for (i = 0; i < count; ++i)
    {
        /* Nothing above the adapter's highest level can win: a list from the
         * highest down (CD3DX12FeatureSupport's) ends at it. */
        if ((UINT)levels[i] == (UINT)max)
            return (uint64_t)(UINT)max | (uint64_t)1 << 32;
        candidate = (uint64_t)(UINT)levels[i] | (uint64_t)1 << 32;
        if ((UINT)levels[i] <= (UINT)max && candidate > best)
            best = candidate;
    }
    return best;
}

HRESULT caps_fill_feature_levels(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_FEATURE_LEVELS *data = fill->data;
    D3D_FEATURE_LEVEL max = fill->adapter->max_feature_level;
    uint64_t best;

    if (!data->NumFeatureLevels)
        return caps_fill_fail(fill, E_INVALIDARG, "NumFeatureLevels is 0.");
    if (!data->pFeatureLevelsRequested)
        return caps_fill_fail(fill, E_INVALIDARG, "pFeatureLevelsRequested is NULL.");
    if (!(best = best_feature_level(data, max)))
        return caps_fill_fail(fill, DXGI_ERROR_UNSUPPORTED,
                "None of the %u requested feature levels is supported (the adapter's highest is %#x).",
                data->NumFeatureLevels, (unsigned)max);
    data->MaxSupportedFeatureLevel = (D3D_FEATURE_LEVEL)(UINT)best;
    return S_OK;
}

HRESULT caps_fill_shader_model(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_SHADER_MODEL *data = fill->data;
    const D3D12_FEATURE_DATA_SHADER_MODEL *values = caps_fill_values_of(fill->adapter, D3D12_FEATURE_SHADER_MODEL);
    D3D_SHADER_MODEL requested = data->HighestShaderModel;
    D3D_SHADER_MODEL supported = values ? values->HighestShaderModel : D3D_SHADER_MODEL_5_1;

    /* D3D_SHADER_MODEL_NONE is an answer, never a question. */
    if ((UINT)requested < (UINT)D3D_SHADER_MODEL_5_1
            || (!caps_fill_enum_known(fill->runtime, MK_ENUM_ID_D3D_SHADER_MODEL, (uint32_t)requested)
                && !caps_fill_declared_known(fill, (uint32_t)requested)))
        return caps_fill_fail(fill, E_INVALIDARG, "HighestShaderModel %#x is not a shader model this runtime knows.",
                (unsigned)requested);
    data->HighestShaderModel = (UINT)requested < (UINT)supported ? requested : supported;
    return S_OK;
}

HRESULT caps_fill_root_signature(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_ROOT_SIGNATURE *data = fill->data;
    const D3D12_FEATURE_DATA_ROOT_SIGNATURE *values = caps_fill_values_of(fill->adapter, D3D12_FEATURE_ROOT_SIGNATURE);
    D3D_ROOT_SIGNATURE_VERSION requested = data->HighestVersion;
    D3D_ROOT_SIGNATURE_VERSION supported = values ? values->HighestVersion : D3D_ROOT_SIGNATURE_VERSION_1_0;

    /* 0 and 0xdeadbeef: E_INVALIDARG, field untouched (vkd3d-proton
     * tests/d3d12_device.c test_check_feature_support). */
    if (!caps_fill_enum_known(fill->runtime, MK_ENUM_ID_D3D_ROOT_SIGNATURE_VERSION, (uint32_t)requested)
            && !caps_fill_declared_known(fill, (uint32_t)requested))
        return caps_fill_fail(fill, E_INVALIDARG, "HighestVersion %#x is not a root signature version this runtime knows.",
                (unsigned)requested);
    data->HighestVersion = (UINT)requested < (UINT)supported ? requested : supported;
    return S_OK;
}

/* The command list types a queue can have (not BUNDLE, not NONE). */
static bool is_queue_type(D3D12_COMMAND_LIST_TYPE type)
{
    switch (type)
    {
        case D3D12_COMMAND_LIST_TYPE_DIRECT:
        case D3D12_COMMAND_LIST_TYPE_COMPUTE:
        case D3D12_COMMAND_LIST_TYPE_COPY:
        case D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE:
        case D3D12_COMMAND_LIST_TYPE_VIDEO_PROCESS:
        case D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE:
            return true;
        default:
            return false;
    }
}

HRESULT caps_fill_command_queue_priority(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY *data = fill->data;
    unsigned bit;

    if (!is_queue_type(data->CommandListType))
        return caps_fill_fail(fill, E_INVALIDARG, "CommandListType %#x is not a command queue type.",
                (unsigned)data->CommandListType);
    switch (data->Priority)
    {
        case D3D12_COMMAND_QUEUE_PRIORITY_NORMAL: bit = CAPS_PRIORITY_NORMAL; break;
        case D3D12_COMMAND_QUEUE_PRIORITY_HIGH: bit = CAPS_PRIORITY_HIGH; break;
        /* Drivers differ (the NVIDIA, Intel and WARP reports say TRUE, AMD's
         * FALSE on DIRECT): the profile's "queuePriorities". */
        case D3D12_COMMAND_QUEUE_PRIORITY_GLOBAL_REALTIME: bit = CAPS_PRIORITY_GLOBAL_REALTIME; break;
        default:
            return caps_fill_fail(fill, E_INVALIDARG, "Priority %u is not a D3D12_COMMAND_QUEUE_PRIORITY.", data->Priority);
    }
    data->PriorityForTypeIsSupported = (caps_adapter_extra(fill->adapter)->queue_priorities[data->CommandListType] & bit)
            ? TRUE : FALSE;
    return S_OK;
}

/* D3D12_PROTECTED_RESOURCES_SESSION_HARDWARE_PROTECTED, the one session type
 * d3d12.h defines. */
static const GUID caps_session_hardware_protected =
        {0x62b0084e, 0xc70e, 0x4daa, {0xa1, 0x09, 0x30, 0xff, 0x8d, 0x5a, 0x04, 0x82}};

HRESULT caps_fill_protected_session_types(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPES *data = fill->data;
    const D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT *count
            = caps_fill_values_of(fill->adapter, D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT);
    UINT expected = count ? count->Count : 0, i;
    HRESULT hr;

    if (FAILED(hr = caps_fill_check_node(fill, data->NodeIndex)))
        return hr;
    if (data->Count != expected)
        return caps_fill_fail(fill, E_INVALIDARG,
                "Count %u is not the adapter's PROTECTED_RESOURCE_SESSION_TYPE_COUNT (%u).", data->Count, expected);
    if (data->Count && !data->pTypes)
        return caps_fill_fail(fill, E_INVALIDARG, "pTypes is NULL with Count %u.", data->Count);
    for (i = 0; i < data->Count; ++i)
        data->pTypes[i] = caps_session_hardware_protected;
    return S_OK;
}

/* D3D12_FEATURE_COOPERATIVE_VECTOR (previews 717-719): per array, a NULL
 * pointer asks for the count; a pointer gets min(count, available) entries
 * and the count of those written (docs/features.md). The entries are the
 * profile's "cooperativeVector" (none where it states nothing). */
HRESULT caps_fill_cooperative_vector(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR *data = fill->data;
    const struct caps_adapter *a = fill->adapter;
    UINT *counts[CAPS_COOP_VECTOR_ARRAYS] = {&data->MatrixVectorMulAddPropCount,
            &data->OuterProductAccumulatePropCount, &data->VectorAccumulatePropCount};
    UINT *arrays[CAPS_COOP_VECTOR_ARRAYS] = {(UINT *)data->pMatrixVectorMulAddProperties,
            (UINT *)data->pOuterProductAccumulateProperties, (UINT *)data->pVectorAccumulateProperties};
    const uint32_t *values = a->coop_vector;
    unsigned k;

    for (k = 0; k < CAPS_COOP_VECTOR_ARRAYS; ++k)
    {
        uint32_t available = values ? a->coop_vector_counts[k] : 0;
        unsigned width = caps_coop_vector_width[k];

        if (!arrays[k])
            *counts[k] = available;
        else
        {
            UINT n = *counts[k] < available ? *counts[k] : available;

            /* Every field of the entries is a 4-byte enum or BOOL (none
             * to copy from an adapter without the arrays). */
            if (n)
                memcpy(arrays[k], values, (size_t)n * width * sizeof(UINT));
            *counts[k] = n;
        }
        if (values)
            values += (size_t)available * width;
    }
    return S_OK;
}

HRESULT caps_fill_query_meta_command(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_QUERY_META_COMMAND *data = fill->data;
    UINT nodes = caps_adapter_node_count(fill->adapter);

    if (data->NodeMask & (data->NodeMask - 1))
        return caps_fill_fail(fill, E_INVALIDARG, "NodeMask %#x names more than one node.", data->NodeMask);
    if (data->NodeMask && (nodes >= 32 ? false : data->NodeMask >= (1u << nodes)))
        return caps_fill_fail(fill, E_INVALIDARG, "NodeMask %#x names a node the adapter lacks (%u nodes).",
                data->NodeMask, nodes);
    if (data->QueryInputDataSizeInBytes && !data->pQueryInputData)
        return caps_fill_fail(fill, E_INVALIDARG, "pQueryInputData is NULL with QueryInputDataSizeInBytes %zu.",
                (size_t)data->QueryInputDataSizeInBytes);
    if (data->QueryOutputDataSizeInBytes && !data->pQueryOutputData)
        return caps_fill_fail(fill, E_INVALIDARG, "pQueryOutputData is NULL with QueryOutputDataSizeInBytes %zu.",
                (size_t)data->QueryOutputDataSizeInBytes);
    /* EnumerateMetaCommands lists nothing on a mock adapter, so every
     * CommandId is one the driver does not know. */
    return caps_fill_fail(fill, E_INVALIDARG, "CommandId is not a meta command of this adapter (it has none).");
}

HRESULT caps_fill_placed_resource_support_info(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_PLACED_RESOURCE_SUPPORT_INFO *data = fill->data;
    const D3D12_FEATURE_DATA_D3D12_OPTIONS16 *options16
            = caps_fill_values_of(fill->adapter, D3D12_FEATURE_D3D12_OPTIONS16);
    const struct caps_format_rule *rule;
    UINT support1 = 0, support2 = 0;
    bool buffer;

    if (!caps_format_known(fill->runtime, (uint32_t)data->Format) || !(rule = caps_format_rule((uint32_t)data->Format)))
        return caps_fill_fail(fill, E_INVALIDARG, "Format %#x is not a DXGI_FORMAT.", (unsigned)data->Format);
    if (data->Dimension < D3D12_RESOURCE_DIMENSION_BUFFER || data->Dimension > D3D12_RESOURCE_DIMENSION_TEXTURE3D)
        return caps_fill_fail(fill, E_INVALIDARG, "Dimension %#x is not a resource dimension.", (unsigned)data->Dimension);
    if (data->DestHeapProperties.Type < D3D12_HEAP_TYPE_DEFAULT || data->DestHeapProperties.Type > D3D12_HEAP_TYPE_GPU_UPLOAD)
        return caps_fill_fail(fill, E_INVALIDARG, "DestHeapProperties.Type %#x is not a heap type.",
                (unsigned)data->DestHeapProperties.Type);

    buffer = data->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER;
    caps_format_support(fill->adapter, rule, &support1, &support2);
    if (buffer)
        data->Supported = data->Format == DXGI_FORMAT_UNKNOWN;
    else if (data->Format == DXGI_FORMAT_UNKNOWN)
        data->Supported = FALSE;
    else
        data->Supported = !!(support1 & (data->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? D3D12_FORMAT_SUPPORT1_TEXTURE1D
                : data->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE2D ? D3D12_FORMAT_SUPPORT1_TEXTURE2D
                : D3D12_FORMAT_SUPPORT1_TEXTURE3D));
    /* UPLOAD and READBACK heaps hold buffers only; GPU_UPLOAD needs the cap. */
    if ((data->DestHeapProperties.Type == D3D12_HEAP_TYPE_UPLOAD || data->DestHeapProperties.Type == D3D12_HEAP_TYPE_READBACK)
            && !buffer)
        data->Supported = FALSE;
    if (data->DestHeapProperties.Type == D3D12_HEAP_TYPE_GPU_UPLOAD && !(options16 && options16->GPUUploadHeapSupported))
        data->Supported = FALSE;
    return S_OK;
}

/* Which queue types accept each barrier layout: identical in the WARP
 * (Windows 11 24H2) and AMD Granite Ridge D3d12info dumps. */
#define Q(t) (1u << D3D12_COMMAND_LIST_TYPE_##t)
#define Q_VIDEO (Q(VIDEO_DECODE) | Q(VIDEO_PROCESS) | Q(VIDEO_ENCODE))
struct caps_barrier_layout
{
    uint32_t layout;
    uint32_t queues;
};
static const struct caps_barrier_layout caps_barrier_layouts[] =
{
    {0, Q(DIRECT) | Q(COMPUTE) | Q(COPY) | Q_VIDEO},    /* COMMON */
    {1, Q(DIRECT) | Q(COMPUTE)},                        /* GENERIC_READ */
    {2, Q(DIRECT)},                                     /* RENDER_TARGET */
    {3, Q(DIRECT) | Q(COMPUTE)},                        /* UNORDERED_ACCESS */
    {4, Q(DIRECT)}, {5, Q(DIRECT)},                     /* DEPTH_STENCIL_WRITE, _READ */
    {6, Q(DIRECT) | Q(COMPUTE)},                        /* SHADER_RESOURCE */
    {7, Q(DIRECT) | Q(COMPUTE)}, {8, Q(DIRECT) | Q(COMPUTE)}, /* COPY_SOURCE, COPY_DEST: not on COPY queues */
    {9, Q(DIRECT)}, {10, Q(DIRECT)}, {11, Q(DIRECT)},   /* RESOLVE_SOURCE, RESOLVE_DEST, SHADING_RATE_SOURCE */
    {12, Q(VIDEO_DECODE)}, {13, Q(VIDEO_DECODE)},
    {14, Q(VIDEO_PROCESS)}, {15, Q(VIDEO_PROCESS)},
    {16, Q(VIDEO_ENCODE)}, {17, Q(VIDEO_ENCODE)},
    {18, Q(DIRECT)}, {19, Q(DIRECT)}, {20, Q(DIRECT)}, {21, Q(DIRECT)}, {22, Q(DIRECT)}, {23, Q(DIRECT)},
    {24, Q(COMPUTE)}, {25, Q(COMPUTE)}, {26, Q(COMPUTE)}, {27, Q(COMPUTE)}, {28, Q(COMPUTE)}, {29, Q(COMPUTE)},
    {30, Q_VIDEO},                                      /* VIDEO_QUEUE_COMMON (not in the dumps: by its name) */
    {31, Q(DIRECT) | Q(COMPUTE)},                       /* DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE */
};
#undef Q_VIDEO
#undef Q

HRESULT caps_fill_barrier_layout(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_BARRIER_LAYOUT *data = fill->data;
    const D3D12_FEATURE_DATA_D3D12_OPTIONS12 *options12
            = caps_fill_values_of(fill->adapter, D3D12_FEATURE_D3D12_OPTIONS12);
    size_t i;

    const struct caps_barrier_layout *row = NULL;

    /* Any command list type is a question: one that has no layouts (BUNDLE,
     * 7, NONE) answers FALSE, as Windows does. A layout is one this runtime's
     * enum knows, or one of the runtime's own table: VIDEO_QUEUE_COMMON (30)
     * left the headers after SDK 616, not the runtime. */
    for (i = 0; i < sizeof(caps_barrier_layouts) / sizeof(caps_barrier_layouts[0]); ++i)
        if (caps_barrier_layouts[i].layout == (uint32_t)data->Layout)
            row = &caps_barrier_layouts[i];
    if (!row && !caps_fill_enum_known(fill->runtime, MK_ENUM_ID_D3D12_BARRIER_LAYOUT, (uint32_t)data->Layout))
        return caps_fill_fail(fill, E_INVALIDARG, "Layout %#x is not a D3D12_BARRIER_LAYOUT this runtime knows.",
                (unsigned)data->Layout);
    data->Supported = FALSE;
    if (row && options12 && options12->EnhancedBarriersSupported && (uint32_t)data->CommandListType < 32)
        data->Supported = !!(row->queues & (1u << (uint32_t)data->CommandListType));
    return S_OK;
}

HRESULT caps_fill_fence_barriers(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_FENCE_BARRIERS *data = fill->data;
    HRESULT hr;

    if (FAILED(hr = caps_fill_check_node(fill, data->NodeIndex)))
        return hr;
    if (!is_queue_type(data->CommandListType))
        return caps_fill_fail(fill, E_INVALIDARG, "CommandListType %#x is not a command queue type.",
                (unsigned)data->CommandListType);
    return caps_fill_copy(fill);
}

HRESULT caps_fill_guid_texture_layout(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_GUID_TEXTURE_LAYOUT *data = fill->data;
    const struct caps_format_rule *rule;
    UINT support1 = 0, support2 = 0;
    HRESULT hr;

    if (!data->pDesc)
        return caps_fill_fail(fill, E_INVALIDARG, "pDesc is NULL.");
    if (!caps_format_known(fill->runtime, (uint32_t)data->pDesc->Format)
            || !(rule = caps_format_rule((uint32_t)data->pDesc->Format)))
        return caps_fill_fail(fill, E_INVALIDARG, "pDesc->Format %#x is not a DXGI_FORMAT.", (unsigned)data->pDesc->Format);
    if (FAILED(hr = caps_fill_copy(fill)))
        return hr;
    /* The tier comes from the profile; the format bits follow the format
     * rules, and nothing is supported below tier 1. */
    if (data->GuidTextureLayoutTier)
        caps_format_support(fill->adapter, rule, &support1, &support2);
    else
        data->GuidSupported = FALSE;
    data->Support1 = support1;
    data->Support2 = support2;
    return S_OK;
}

HRESULT caps_fill_mlir_exchange(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_MLIR_EXCHANGE *data = fill->data;

    if (data->InputDataSizeInBytes && !data->pInputData)
        return caps_fill_fail(fill, E_INVALIDARG, "pInputData is NULL with InputDataSizeInBytes %zu.",
                (size_t)data->InputDataSizeInBytes);
    if (!data->OutputDataSizeInBytes)
        return caps_fill_fail(fill, E_INVALIDARG, "OutputDataSizeInBytes is NULL.");
    return caps_fill_fail(fill, DXGI_ERROR_UNSUPPORTED, "MlirInterface is not an MLIR interface of this adapter (it has none).");
}

HRESULT caps_fill_mlir_interface_support(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_MLIR_INTERFACE_SUPPORT *data = fill->data;
    UINT i;

    if (!data->NumMlirInterfaces)
        return caps_fill_fail(fill, E_INVALIDARG, "NumMlirInterfaces is 0.");
    if (!data->pMlirInterfacesRequested)
        return caps_fill_fail(fill, E_INVALIDARG, "pMlirInterfacesRequested is NULL.");
    if (!data->pMlirInterfacesSupported)
        return caps_fill_fail(fill, E_INVALIDARG, "pMlirInterfacesSupported is NULL.");
    for (i = 0; i < data->NumMlirInterfaces; ++i)
        data->pMlirInterfacesSupported[i] = FALSE;
    return S_OK;
}

HRESULT caps_fill_linear_algebra_matrix_operation(const struct caps_fill *fill)
{
    D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT *data = fill->data;
    const D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT *values
            = caps_fill_values_of(fill->adapter, D3D12_FEATURE_LINEAR_ALGEBRA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT);
    const size_t offset = offsetof(D3D12_FEATURE_DATA_LINEAR_ALGEBRA_MATRIX_OPERATION_SUPPORT, MatrixConstruction);

    if (!caps_fill_enum_known(fill->runtime, MK_ENUM_ID_D3D12_LINEAR_ALGEBRA_OPERATION_TYPE, (uint32_t)data->OperationType))
        return caps_fill_fail(fill, E_INVALIDARG, "OperationType %#x is not a D3D12_LINEAR_ALGEBRA_OPERATION_TYPE.",
                (unsigned)data->OperationType);
    /* The union answers for the requested operation only: a profile
     * describes one operation (its OperationType); every other reads as
     * unsupported. */
    memset((char *)data + offset, 0, sizeof(*data) - offset);
    if (values && values->OperationType == data->OperationType)
        memcpy((char *)data + offset, (const char *)values + offset, sizeof(*data) - offset);
    return S_OK;
}
