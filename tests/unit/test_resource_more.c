/*
 * Resources and heaps, the paths tests/unit/test_resource.c and
 * test_heap.c do not take (docs/objects.md, "ID3D12Resource", "ID3D12Heap"):
 * the DESC1 and enhanced-barrier entry points (CreateCommittedResource2,
 * CreatePlacedResource1/2, CreateReservedResource1/2, GetDesc1), each
 * refusal of a description, heap property, heap flag, initial state or
 * layout, clear value and castable format list with its debug-layer
 * message, the heap refusals, a device removed, private data and protected
 * sessions of both objects, and live-object reporting of heaps.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <limits.h>

#include "descriptor_heap.h"
#include "resource_tests.h"

#define RGBA8 DXGI_FORMAT_R8G8B8A8_UNORM
#define R32_TYPELESS DXGI_FORMAT_R32_TYPELESS
#define FEEDBACK DXGI_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE
#define BUF D3D12_RESOURCE_DIMENSION_BUFFER
#define TEX2D D3D12_RESOURCE_DIMENSION_TEXTURE2D
#define TEX3D D3D12_RESOURCE_DIMENSION_TEXTURE3D
#define RM D3D12_TEXTURE_LAYOUT_ROW_MAJOR
#define UNK D3D12_TEXTURE_LAYOUT_UNKNOWN
#define RT D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET
#define DS D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL
#define UAV D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
#define ST_COMMON D3D12_RESOURCE_STATE_COMMON
#define ST_GENERIC_READ D3D12_RESOURCE_STATE_GENERIC_READ
#define RES_FLAGS(x) ((D3D12_RESOURCE_FLAGS)(x))
#define NO_MESSAGE ((D3D12_MESSAGE_ID)0)

/* The first stored message's id and text, or 0 when none was stored. */
static D3D12_MESSAGE_ID first_message(ID3D12InfoQueue *info, const char **text)
{
    D3D12_MESSAGE_ID id = NO_MESSAGE;

    *text = "";
    if (ID3D12InfoQueue_GetNumStoredMessages(info))
        *text = message_text(info, 0, &id);
    return id;
}

static D3D12_RESOURCE_DESC1 resource_get_desc1(ID3D12Resource *resource)
{
    ID3D12Resource2 *resource2;
    D3D12_RESOURCE_DESC1 result;

    assert_int_equal(ID3D12Resource_QueryInterface(resource, &IID_ID3D12Resource2, (void **)&resource2), S_OK);
#ifdef _WIN32
    STRUCT_RESULT(D3D12_RESOURCE_DESC1, resource2->lpVtbl->GetDesc1(resource2, &result));
#else
    result = resource2->lpVtbl->GetDesc1(resource2);
#endif
    resource2->lpVtbl->Release(resource2);
    return result;
}

static void *device_version(ID3D12Device *device, REFIID iid)
{
    void *out = NULL;

    assert_int_equal(ID3D12Device_QueryInterface(device, iid, &out), S_OK);
    return out;
}

static D3D12_HEAP_DESC heap_desc_of(D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags)
{
    D3D12_HEAP_DESC d;

    memset(&d, 0, sizeof(d));
    d.SizeInBytes = size;
    d.Properties = heap_properties(type);
    d.Flags = flags;
    return d;
}

/* ---- Every refusal of a committed resource, through the DESC1 entry points ---- */

enum method { COMMITTED2, COMMITTED3 };

static void test_committed_refusal_rows(void **state)
{
    static const D3D12_HEAP_PROPERTIES def = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    static const D3D12_HEAP_PROPERTIES custom_page9 = {D3D12_HEAP_TYPE_CUSTOM, (D3D12_CPU_PAGE_PROPERTY)9,
            D3D12_MEMORY_POOL_L0, 0, 0};
    static const D3D12_HEAP_PROPERTIES custom_pool9 = {D3D12_HEAP_TYPE_CUSTOM, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK,
            (D3D12_MEMORY_POOL)9, 0, 0};
    static const D3D12_HEAP_PROPERTIES type0 = {(D3D12_HEAP_TYPE)0, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    static const D3D12_HEAP_PROPERTIES type99 = {(D3D12_HEAP_TYPE)99, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    static const D3D12_HEAP_PROPERTIES def_pool = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_L1, 0, 0};
    static const D3D12_HEAP_PROPERTIES def_node2 = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 2};
    static const D3D12_HEAP_PROPERTIES custom_l1 = {D3D12_HEAP_TYPE_CUSTOM, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE,
            D3D12_MEMORY_POOL_L1, 0, 0};
    static const D3D12_HEAP_PROPERTIES custom_l1_visible = {D3D12_HEAP_TYPE_CUSTOM,
            D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L1, 0, 0};
    static const D3D12_CLEAR_VALUE red = {RGBA8, {{1.0f, 0.0f, 0.0f, 1.0f}}};
    static const D3D12_CLEAR_VALUE clear5000 = {(DXGI_FORMAT)5000, {{0}}};
    static const D3D12_CLEAR_VALUE clear_typeless = {DXGI_FORMAT_R8G8B8A8_TYPELESS, {{0}}};
    static const D3D12_CLEAR_VALUE clear_unknown = {DXGI_FORMAT_UNKNOWN, {{0}}};
    static const D3D12_CLEAR_VALUE clear_depth = {DXGI_FORMAT_D32_FLOAT, {{0}}};
    static const DXGI_FORMAT srgb[] = {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB};
    static const DXGI_FORMAT f5000[] = {(DXGI_FORMAT)5000};
    static const DXGI_FORMAT funknown[] = {DXGI_FORMAT_UNKNOWN};
    static const DXGI_FORMAT r16[] = {DXGI_FORMAT_R16_UNORM};
    const D3D12_RESOURCE_DESC1 buf = {BUF, 0, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}};
    const D3D12_RESOURCE_DESC1 tex = {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}};
    const D3D12_RESOURCE_DESC1 rt = {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RT, {0, 0, 0}};
    const struct
    {
        const char *name;
        const char *adapter;
        enum method method;
        const D3D12_HEAP_PROPERTIES *props;
        D3D12_HEAP_FLAGS heap_flags;
        D3D12_RESOURCE_DESC1 desc;
        UINT state;                     /* or the barrier layout */
        const D3D12_CLEAR_VALUE *clear;
        UINT32 castable_count;
        const DXGI_FORMAT *castable;
        HRESULT hr;
        D3D12_MESSAGE_ID id;
        const char *text;               /* in the message */
    }
    rows[] =
    {
        /* Buffers. */
        {"buffer of Height 2", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 0, 256, 2, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "ID3D12Device8::CreateCommittedResource2: a buffer's Height (2) and DepthOrArraySize (1) are 1; "
                "returning E_INVALIDARG."},
        {"buffer of 2 mips", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 0, 256, 1, 1, 2, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS, "a buffer's MipLevels (2) is 1"},
        {"buffer of a format", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 0, 256, 1, 1, 1, RGBA8, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT,
                "a buffer's Format (28) is DXGI_FORMAT_UNKNOWN"},
        {"buffer of 2 samples", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 0, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {2, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "a buffer's SampleDesc (2, 0) is (1, 0)"},
        {"buffer wider than a resource may span", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 0, 1ull << 60, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_OUTOFMEMORY, D3D12_MESSAGE_ID_CREATERESOURCE_OUTOFMEMORY_RETURN,
                "Width 1152921504606846976 is more than a resource may span on nvidia-rtx-4090: 2^"},
        /* Texture size, format and feedback maps. */
        {"texture of Height 0", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 0, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "a TEXTURE2D's Width (32), Height (0) and DepthOrArraySize (1) are not 0"},
        {"Format 5000", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, (DXGI_FORMAT)5000, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDFORMAT,
                "Format 5000 is not a DXGI_FORMAT this runtime knows"},
        {"feedback map (allowed)", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"feedback map of a TEXTURE3D", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX3D, 0, 64, 64, 4, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_DIMENSION,
                "a sampler feedback map is a TEXTURE2D, not a TEXTURE3D"},
        {"feedback map without UAV", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, 0, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a sampler feedback map needs D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS"},
        {"feedback map, mip region 3 x 4", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {3, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION,
                "SamplerFeedbackMipRegion (3 x 4) is not powers of two of 4 or more"},
        {"feedback map, mip region 4 x 6", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 6, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION,
                "SamplerFeedbackMipRegion (4 x 6)"},
        {"RGBA8 with a mip region", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, UNK, 0, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_NONZERO_SAMPLER_FEEDBACK_MIP_REGION_WITH_INCOMPATIBLE_FORMAT,
                "SamplerFeedbackMipRegion is not 0 but DXGI_FORMAT_R8G8B8A8_UNORM is no sampler feedback format"},
        {"BC1 of 30 x 30", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 30, 30, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "30 x 30 is no multiple of DXGI_FORMAT_BC1_UNORM's 4 x 4 blocks"},
        {"BC1 of 32 x 32 (allowed)", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        /* Texture flags. */
        {"depth stencil and render target", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, R32_TYPELESS, {1, 0}, UNK, DS | RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL does not go with ALLOW_RENDER_TARGET, ALLOW_UNORDERED_ACCESS or "
                "ALLOW_SIMULTANEOUS_ACCESS (Flags 0x3)"},
        {"3D depth stencil", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX3D, 0, 32, 32, 4, 1, R32_TYPELESS, {1, 0}, UNK, DS, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a TEXTURE3D cannot be D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL"},
        {"texture flagged an acceleration structure", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x100), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a texture cannot be D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE"},
        /* Samples. */
        {"one sample of quality 1", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 1}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC,
                "SampleDesc.Quality 1 is not 0 with one sample"},
        {"multisampled TEXTURE3D", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX3D, 0, 32, 32, 4, 1, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "a TEXTURE3D has one sample, not 4"},
        {"multisampled, 2 mips", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 2, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS,
                "a multisampled texture has one mip level, not 2"},
        {"multisampled, neither RT nor DS", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {4, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a multisampled texture is D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET or ALLOW_DEPTH_STENCIL"},
        /* Layout and alignment. */
        {"Layout 9", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, (D3D12_TEXTURE_LAYOUT)9, 0, {0, 0, 0}}, ST_COMMON, NULL, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDLAYOUT, "Layout 9 is no D3D12_TEXTURE_LAYOUT"},
        {"texture Alignment 12345", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 12345, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT,
                "Alignment 12345 is not 0, 4096, 65536 or 4194304"},
        {"small texture Alignment 4096 (allowed)", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 4096, 16, 16, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"large texture Alignment 4096", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 4096, 256, 256, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT_SMALLRESOURCE,
                "Alignment 4096 cannot be honoured: the texture is larger than a small resource may be"},
        /* Dimension and flags. */
        {"Dimension 9", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {(D3D12_RESOURCE_DIMENSION)9, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDDIMENSIONALITY,
                "Dimension 9 is no D3D12_RESOURCE_DIMENSION"},
        {"resource flag 0x10000", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x10000), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "Flags 0x10000 has bits (0x10000) that are no D3D12_RESOURCE_FLAGS"},
        {"video decode reference flag", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x40), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a video-only D3D12_RESOURCE_FLAG (decode or encode reference, LUT) needs a video engine, which "
                "nvidia-rtx-4090 does not have"},
        /* Alignment of buffers, tight or not. */
        {"buffer Alignment 4096", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 4096, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT,
                "a buffer's Alignment (4096) is 0 or 65536; returning"},
        {"tight buffer Alignment 3", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 3, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL,
                0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 3 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        {"tight buffer Alignment 256", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 256, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL,
                0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 256 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        {"tight buffer Alignment 65536", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {BUF, 65536, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON,
                NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 65536 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        /* Texture sizes past the limits. */
        {"TEXTURE2D 16 x 16385", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 16, 16385, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "16 x 16385 is larger than a TEXTURE2D may be at every D3D12 feature level: 16384 "
                "(D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION)"},
        {"TEXTURE3D 2049 wide", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX3D, 0, 2049, 16, 4, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "2049 x 16 is larger than a TEXTURE3D may be at every D3D12 feature level: 2048 "
                "(D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION)"},
        /* More mip regions. */
        {"feedback map, mip region 4 x 2", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 2, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION, "SamplerFeedbackMipRegion (4 x 2)"},
        {"feedback map, mip region 6 x 4", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {6, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION, "SamplerFeedbackMipRegion (6 x 4)"},
        /* Row-major textures: one mip, slice and sample of a 2D cross-adapter texture. */
        {"row-major of 2 mips", "intel-arc-a770", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 2, RGBA8, {1, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is a committed or placed D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER "
                "TEXTURE2D of one mip level, slice and sample"},
        {"row-major array of 2", "intel-arc-a770", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 2, 1, RGBA8, {1, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is"},
        {"row-major of 4 samples", "intel-arc-a770", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER | RT, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is"},
        {"row-major TEXTURE3D", "intel-arc-a770", COMMITTED2, &def, 0,
                {TEX3D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is"},
        /* Texture alignments allowed. */
        {"texture Alignment 65536 (allowed)", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 65536, 64, 64, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"multisampled Alignment 4194304 (allowed)", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 4194304, 64, 64, 1, 1, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"tight texture (allowed)", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 8, 8, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"tight texture Alignment 4096", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 4096, 8, 8, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 4096 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        {"tight texture of a 64KB layout", "nvidia-rtx-4090", COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE, RES_FLAGS(0x400),
                {0, 0, 0}}, ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT does not go with a 64KB_*_SWIZZLE layout: its alignment is 64 KB"},
        {"tight texture Alignment 256, unsupported", "nvidia-rtx-3080-ti", COMMITTED2, &def, 0,
                {TEX2D, 256, 8, 8, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_FEATURE_DATA_TIGHT_ALIGNMENT::SupportTier"},
        /* Heap types and properties. */
        {"heap Type 0", "nvidia-rtx-4090", COMMITTED2, &type0, 0, buf, ST_COMMON, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDHEAPTYPE, "Type 0 is no D3D12_HEAP_TYPE"},
        {"heap Type 99", "nvidia-rtx-4090", COMMITTED2, &type99, 0, buf, ST_COMMON, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDHEAPTYPE, "Type 99 is no D3D12_HEAP_TYPE"},
        {"DEFAULT heap naming a pool", "nvidia-rtx-4090", COMMITTED2, &def_pool, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "a D3D12_HEAP_TYPE_DEFAULT heap has CPUPageProperty and MemoryPoolPreference UNKNOWN (only CUSTOM heaps "
                "name them)"},
        {"VisibleNodeMask 0x2 on one node", "nvidia-rtx-4090", COMMITTED2, &def_node2, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "CreationNodeMask 0x0 and VisibleNodeMask 0x2 do not name nodes of the adapter's 1"},
        {"CUSTOM L1 (allowed)", "nvidia-rtx-4090", COMMITTED2, &custom_l1, 0, buf, ST_COMMON, NULL, 0, NULL, S_OK,
                NO_MESSAGE, NULL},
        {"CUSTOM L1 on a UMA adapter", "warp", COMMITTED2, &custom_l1, 0, buf, ST_COMMON, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "D3D12_MEMORY_POOL_L1 is no pool of a UMA adapter (D3D12_FEATURE_DATA_ARCHITECTURE::UMA is TRUE)"},
        {"CUSTOM L1 CPU-visible", "nvidia-rtx-4090", COMMITTED2, &custom_l1_visible, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "D3D12_MEMORY_POOL_L1 (video memory) cannot be CPU-visible: its CPUPageProperty is NOT_AVAILABLE"},
        /* Heap properties and flags. */
        {"NULL heap properties", "nvidia-rtx-4090", COMMITTED2, NULL, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_NULLHEAPPROPERTIES, "pHeapProperties is NULL"},
        {"CUSTOM, CPUPageProperty 9", "nvidia-rtx-4090", COMMITTED2, &custom_page9, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES,
                "CPUPageProperty 9 is no D3D12_CPU_PAGE_PROPERTY"},
        {"CUSTOM, MemoryPoolPreference 9", "nvidia-rtx-4090", COMMITTED2, &custom_pool9, 0, buf, ST_COMMON, NULL, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDMEMORYPOOL,
                "MemoryPoolPreference 9 is no D3D12_MEMORY_POOL"},
        {"HARDWARE_PROTECTED heap", "nvidia-rtx-4090", COMMITTED2, &def, D3D12_HEAP_FLAG_HARDWARE_PROTECTED, buf,
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS,
                "D3D12_HEAP_FLAG_HARDWARE_PROTECTED needs a protected session, and mockd3d12 models none"},
        {"cross-adapter heap (allowed)", "intel-arc-a770", COMMITTED2, &def,
                D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, buf, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"cross-adapter heap, unsupported", "nvidia-rtx-4090", COMMITTED2, &def,
                D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS,
                "D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER needs D3D12_FEATURE_DATA_D3D12_OPTIONS::"
                "CrossAdapterRowMajorTextureSupported, which is FALSE on nvidia-rtx-4090"},
        /* Initial states. */
        {"InitialState 0x80000000", "nvidia-rtx-4090", COMMITTED2, &def, 0, tex, 0x80000000u, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "InitialState 0x80000000 has bits (0x80000000) that are no D3D12_RESOURCE_STATES"},
        {"DEPTH_READ | PIXEL_SHADER_RESOURCE without the flag", "nvidia-rtx-4090", COMMITTED2, &def, 0, tex,
                D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "InitialState 0xa0 needs the resource flag that allows it (Flags 0x0)"},
        /* Clear values. */
        {"clear value of a texture neither RT nor DS (ignored)", "nvidia-rtx-4090", COMMITTED2, &def, 0, tex,
                ST_COMMON, &red, 0, NULL, S_OK, NO_MESSAGE, NULL},
        {"clear value of Format 5000", "nvidia-rtx-4090", COMMITTED2, &def, 0, rt, ST_COMMON, &clear5000, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDCLEARVALUEFORMAT,
                "the clear value's Format 5000 is not a DXGI_FORMAT this runtime knows"},
        {"clear value of a typeless format", "nvidia-rtx-4090", COMMITTED2, &def, 0, rt, ST_COMMON, &clear_typeless, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT,
                "the clear value's Format (R8G8B8A8_TYPELESS) is a typed format"},
        {"clear value of Format UNKNOWN", "nvidia-rtx-4090", COMMITTED2, &def, 0, rt, ST_COMMON, &clear_unknown, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT,
                "the clear value's Format (UNKNOWN) is a typed format"},
        {"depth clear value of a render target", "nvidia-rtx-4090", COMMITTED2, &def, 0, rt, ST_COMMON, &clear_depth,
                0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT,
                "the clear value's Format DXGI_FORMAT_D32_FLOAT is a depth format, the resource not a depth stencil"},
        /* Initial layouts (enhanced barriers). */
        {"InitialLayout 99", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex, 99, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialLayout 99 is no D3D12_BARRIER_LAYOUT"},
        {"DEPTH_STENCIL_WRITE layout without the flag", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex,
                D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "needs the resource flag that allows it (Flags 0x0)"},
        {"UNORDERED_ACCESS layout without the flag", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex,
                D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "needs the resource flag that allows it (Flags 0x0)"},
        {"UNDEFINED layout of a buffer (allowed)", "nvidia-rtx-4090", COMMITTED3, &def, 0, buf,
                D3D12_BARRIER_LAYOUT_UNDEFINED, NULL, 0, NULL, S_OK, NO_MESSAGE, NULL},
        /* Castable formats. */
        {"castable list NULL", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL, 1, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats is NULL but NumCastableFormats is 1"},
        {"castable formats of a buffer", "nvidia-rtx-4090", COMMITTED3, &def, 0, buf, D3D12_BARRIER_LAYOUT_UNDEFINED,
                NULL, 1, srgb, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "a buffer has no castable formats"},
        {"castable Format 5000", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL, 1,
                f5000, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats[0] (5000) is not a DXGI_FORMAT this runtime knows"},
        {"castable Format UNKNOWN", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL, 1,
                funknown, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats[0] (0) is not a DXGI_FORMAT this runtime knows"},
        {"castable R16_UNORM of RGBA8", "nvidia-rtx-4090", COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL,
                1, r16, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats[0] DXGI_FORMAT_R16_UNORM has 16 bits per element, the resource's format 32"},
    };
    struct row_failures failures = {0};
    ID3D12InfoQueue *info_q;
    ID3D12Device10 *device10;
    ID3D12Device8 *device8;
    ID3D12Device *device;
    D3D12_RESOURCE_DESC1 got;
    D3D12_MESSAGE_ID id;
    void *resource;
    const char *text;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        resource = SENTINEL;
        if (rows[i].method == COMMITTED2)
        {
            device8 = device_version(device, &IID_ID3D12Device8);
            hr = device8->lpVtbl->CreateCommittedResource2(device8, rows[i].props, rows[i].heap_flags, &rows[i].desc,
                    (D3D12_RESOURCE_STATES)rows[i].state, rows[i].clear, NULL, &IID_ID3D12Resource, &resource);
            device8->lpVtbl->Release(device8);
        }
        else
        {
            device10 = device_version(device, &IID_ID3D12Device10);
            hr = device10->lpVtbl->CreateCommittedResource3(device10, rows[i].props, rows[i].heap_flags,
                    &rows[i].desc, (D3D12_BARRIER_LAYOUT)rows[i].state, rows[i].clear, NULL, rows[i].castable_count,
                    (DXGI_FORMAT *)rows[i].castable, &IID_ID3D12Resource, &resource);
            device10->lpVtbl->Release(device10);
        }
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        id = first_message(info_q, &text);
        if (id != rows[i].id || (rows[i].text && !strstr(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (FAILED(hr) && resource)
            row_fail(&failures, i, rows[i].name, "the output is not NULL");
        if (SUCCEEDED(hr) && resource && resource != SENTINEL)
        {
            got = resource_get_desc1(resource);
            if (got.Width != rows[i].desc.Width || got.Format != rows[i].desc.Format
                    || got.SamplerFeedbackMipRegion.Width != rows[i].desc.SamplerFeedbackMipRegion.Width
                    || got.Alignment != rows[i].desc.Alignment)
                row_fail(&failures, i, rows[i].name, "GetDesc1 gives %llu, format %u, region %u, alignment %llu",
                        (unsigned long long)got.Width, (unsigned)got.Format, got.SamplerFeedbackMipRegion.Width,
                        (unsigned long long)got.Alignment);
            if (ID3D12Resource_Release((ID3D12Resource *)resource))
                row_fail(&failures, i, rows[i].name, "references left");
        }
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* ---- The DESC1 and layout entry points: what they create ---- */

static void test_entry_points(void **state)
{
    static DXGI_FORMAT srgb[] = {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB};
    const D3D12_RESOURCE_DESC1 buf = {BUF, 0, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}};
    const D3D12_RESOURCE_DESC1 tex = {TEX2D, 0, 64, 64, 1, 0, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}};
    const D3D12_RESOURCE_DESC1 msaa = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}};
    D3D12_RESOURCE_DESC rbuf = buffer_desc(256, 0);
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_UPLOAD), got_props;
    D3D12_HEAP_FLAGS got_flags;
    D3D12_RESOURCE_DESC1 got;
    D3D12_HEAP_DESC hd;
    ID3D12Resource *resource, *first;
    ID3D12InfoQueue *info_q;
    ID3D12Device10 *device10;
    ID3D12Device8 *device8;
    ID3D12Device4 *device4;
    ID3D12Device *device;
    ID3D12Heap *heap, *rt_heap;
    const char *text;
    void *out;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    device4 = device_version(device, &IID_ID3D12Device4);
    device8 = device_version(device, &IID_ID3D12Device8);
    device10 = device_version(device, &IID_ID3D12Device10);

    /* CreateCommittedResource2: an upload buffer, its heap and its address. */
    assert_int_equal(device8->lpVtbl->CreateCommittedResource2(device8, &props, D3D12_HEAP_FLAG_NONE, &buf,
            ST_GENERIC_READ, NULL, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    got = resource_get_desc1(resource);
    assert_int_equal(got.Dimension, BUF);
    assert_int_equal(got.Width, 256);
    assert_int_equal(got.Layout, RM);
    assert_int_equal(ID3D12Resource_GetHeapProperties(resource, &got_props, &got_flags), S_OK);
    assert_int_equal(got_props.Type, D3D12_HEAP_TYPE_UPLOAD);
    assert_int_equal(got_props.CreationNodeMask, 1);
    assert_int_equal(got_props.VisibleNodeMask, 1);
    assert_int_equal(got_flags, D3D12_HEAP_FLAG_NONE);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) != 0);
    ID3D12Resource_Release(resource);
    /* With a protected session: none exists. */
    out = SENTINEL;
    assert_int_equal(device8->lpVtbl->CreateCommittedResource2(device8, &props, D3D12_HEAP_FLAG_NONE, &buf,
            ST_GENERIC_READ, NULL, (ID3D12ProtectedResourceSession *)SENTINEL, &IID_ID3D12Resource, &out),
            E_INVALIDARG);
    assert_null(out);
    /* A full mip chain resolved in GetDesc1. */
    props = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    assert_int_equal(device8->lpVtbl->CreateCommittedResource2(device8, &props, D3D12_HEAP_FLAG_NONE, &tex,
            ST_COMMON, NULL, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_int_equal(resource_get_desc1(resource).MipLevels, 7);
    ID3D12Resource_Release(resource);

    /* CreatePlacedResource1: a buffer at 64 KiB follows the heap's address. */
    hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 4 * 65536, D3D12_HEAP_FLAG_NONE);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &rbuf, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&first), S_OK);
    assert_int_equal(device8->lpVtbl->CreatePlacedResource1(device8, heap, 65536, &buf, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) == ID3D12Resource_GetGPUVirtualAddress(first) + 65536);
    assert_int_equal(resource_get_desc1(resource).Width, 256);
    ID3D12Resource_Release(resource);
    ID3D12Resource_Release(first);
    /* Past the heap's end. */
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    out = SENTINEL;
    assert_int_equal(device8->lpVtbl->CreatePlacedResource1(device8, heap, 4 * 65536, &buf, ST_COMMON, NULL,
            &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC);
    assert_string_equal(text, "ID3D12Device8::CreatePlacedResource1: HeapOffset 262144 for 256 bytes of alignment "
            "65536 is not within the heap's 262144 bytes at its alignment; returning E_INVALIDARG.");

    /* CreatePlacedResource2: a texture in its initial layout with a castable format. */
    assert_int_equal(device10->lpVtbl->CreatePlacedResource2(device10, heap, 0, &tex, D3D12_BARRIER_LAYOUT_COMMON,
            NULL, 1, srgb, &IID_ID3D12Resource, (void **)&resource), S_OK);
    got = resource_get_desc1(resource);
    assert_int_equal(got.Format, RGBA8);
    assert_int_equal(got.MipLevels, 7);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) == 0);
    ID3D12Resource_Release(resource);
    /* A buffer has no layout. */
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(device10->lpVtbl->CreatePlacedResource2(device10, heap, 0, &buf, D3D12_BARRIER_LAYOUT_COMMON,
            NULL, 0, NULL, &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN);
    assert_string_equal(text, "ID3D12Device10::CreatePlacedResource2: a buffer's InitialLayout is "
            "D3D12_BARRIER_LAYOUT_UNDEFINED (buffers have no layout), not 0; returning E_INVALIDARG.");
    /* Only a probe: S_FALSE. */
    assert_int_equal(device10->lpVtbl->CreatePlacedResource2(device10, heap, 0, &buf, D3D12_BARRIER_LAYOUT_UNDEFINED,
            NULL, 0, NULL, &IID_ID3D12Resource, NULL), S_FALSE);
    ID3D12Heap_Release(heap);

    /* A 4 MiB-aligned multisampled texture in a 64 KiB-aligned heap. */
    hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 8 << 20, D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&rt_heap), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(device8->lpVtbl->CreatePlacedResource1(device8, rt_heap, 0, &msaa, ST_COMMON, NULL,
            &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT);
    assert_string_equal(text, "ID3D12Device8::CreatePlacedResource1: the resource needs alignment 4194304, more "
            "than its heap's 65536; returning E_INVALIDARG.");
    ID3D12Heap_Release(rt_heap);
    hd.Alignment = D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT;
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&rt_heap), S_OK);
    assert_int_equal(device8->lpVtbl->CreatePlacedResource1(device8, rt_heap, 0, &msaa, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_int_equal(resource_get_desc1(resource).SampleDesc.Count, 4);
    ID3D12Resource_Release(resource);
    ID3D12Heap_Release(rt_heap);

    /* CreateReservedResource1 and 2. */
    assert_int_equal(device4->lpVtbl->CreateReservedResource1(device4, &rbuf, ST_COMMON, NULL, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) != 0);
    assert_int_equal(resource_get_desc1(resource).Width, 256);
    assert_int_equal(ID3D12Resource_GetHeapProperties(resource, &got_props, &got_flags), E_INVALIDARG);
    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    out = SENTINEL;
    assert_int_equal(device4->lpVtbl->CreateReservedResource1(device4, &rbuf, ST_COMMON, NULL,
            (ID3D12ProtectedResourceSession *)SENTINEL, &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN);
    assert_string_equal(text, "ID3D12Device4::CreateReservedResource1: pProtectedSession is not a protected session "
            "of this device: mockd3d12 models none on nvidia-rtx-4090 (CreateProtectedResourceSession is not "
            "implemented); returning E_INVALIDARG.");
    assert_int_equal(device10->lpVtbl->CreateReservedResource2(device10, &rbuf, D3D12_BARRIER_LAYOUT_UNDEFINED, NULL,
            NULL, 0, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) != 0);
    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(device10->lpVtbl->CreateReservedResource2(device10, &rbuf, D3D12_BARRIER_LAYOUT_UNDEFINED, NULL,
            NULL, 1, srgb, &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN);
    assert_string_equal(text, "ID3D12Device10::CreateReservedResource2: a buffer has no castable formats; "
            "returning E_INVALIDARG.");
    assert_int_equal(device10->lpVtbl->CreateReservedResource2(device10, NULL, D3D12_BARRIER_LAYOUT_UNDEFINED, NULL,
            NULL, 0, NULL, &IID_ID3D12Resource, &out), E_INVALIDARG);

    /* GetResourceAllocationInfo of no descriptions. */
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    {
        D3D12_RESOURCE_ALLOCATION_INFO info = allocation_info(device, 1, NULL);

        assert_true(info.SizeInBytes == UINT64_MAX);
        assert_int_equal(info.Alignment, 65536);
    }
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC);
    assert_string_equal(text, "ID3D12Device::GetResourceAllocationInfo: pResourceDescs is NULL but numResourceDescs "
            "is 1; returning E_INVALIDARG.");

    device10->lpVtbl->Release(device10);
    device8->lpVtbl->Release(device8);
    device4->lpVtbl->Release(device4);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The dedicated-heap variants of the enhanced-barrier entry points on an
 * adapter without enhanced barriers. */
static void test_layouts_need_enhanced_barriers(void **state)
{
    const D3D12_RESOURCE_DESC1 tex = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}};
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES);
    ID3D12InfoQueue *info_q;
    ID3D12Device10 *device10;
    ID3D12Device *device;
    ID3D12Heap *heap;
    const char *text;
    void *out;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-2080");
    info_q = info_queue(device);
    device10 = device_version(device, &IID_ID3D12Device10);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    out = SENTINEL;
    assert_int_equal(device10->lpVtbl->CreatePlacedResource2(device10, heap, 0, &tex, D3D12_BARRIER_LAYOUT_COMMON,
            NULL, 0, NULL, &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN);
    assert_non_null(strstr(text, "ID3D12Device10::CreatePlacedResource2: an initial D3D12_BARRIER_LAYOUT needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS12::EnhancedBarriersSupported, which is FALSE on nvidia-rtx-2080"));
    ID3D12Heap_Release(heap);
    device10->lpVtbl->Release(device10);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Heaps: the refusals test_heap.c does not reach ---- */

static void test_heap_refusal_rows(void **state)
{
    const struct
    {
        const char *name;
        const char *adapter;
        D3D12_HEAP_TYPE type;
        UINT page, pool;
        UINT64 size;
        D3D12_HEAP_FLAGS flags;
        HRESULT hr;
        D3D12_MESSAGE_ID id;
        const char *text;
    }
    rows[] =
    {
        {"CUSTOM, CPUPageProperty 9", "nvidia-rtx-4090", D3D12_HEAP_TYPE_CUSTOM, 9, D3D12_MEMORY_POOL_L0, 65536, 0,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES,
                "ID3D12Device::CreateHeap: CPUPageProperty 9 is no D3D12_CPU_PAGE_PROPERTY; returning E_INVALIDARG."},
        {"CUSTOM, MemoryPoolPreference 9", "nvidia-rtx-4090", D3D12_HEAP_TYPE_CUSTOM,
                D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, 9, 65536, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_UNRECOGNIZEDMEMORYPOOL, "MemoryPoolPreference 9 is no D3D12_MEMORY_POOL"},
        {"HARDWARE_PROTECTED", "nvidia-rtx-4090", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 65536,
                D3D12_HEAP_FLAG_HARDWARE_PROTECTED, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS,
                "D3D12_HEAP_FLAG_HARDWARE_PROTECTED needs a protected session, and mockd3d12 models none"},
        {"cross-adapter buffers (allowed; tier 1: one category)", "intel-arc-a770", D3D12_HEAP_TYPE_DEFAULT, 0, 0,
                65536, D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER | D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS,
                S_OK, NO_MESSAGE, NULL},
        {"cross-adapter, unsupported", "nvidia-rtx-4090", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 65536,
                D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS, "CrossAdapterRowMajorTextureSupported, which is FALSE on "
                "nvidia-rtx-4090"},
        {"every category denied", "nvidia-rtx-4090", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 65536,
                D3D12_HEAP_FLAG_DENY_BUFFERS | D3D12_HEAP_FLAG_DENY_RT_DS_TEXTURES
                | D3D12_HEAP_FLAG_DENY_NON_RT_DS_TEXTURES, E_INVALIDARG, D3D12_MESSAGE_ID_CREATEHEAP_INVALIDMISCFLAGS,
                "HeapFlags 0xc4 deny buffers and both kinds of texture: nothing could be placed"},
        {"past the budget", "res-small-budget", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 32 << 20, 0, E_OUTOFMEMORY,
                D3D12_MESSAGE_ID_CREATEHEAP_OUTOFMEMORY_RETURN,
                "ID3D12Device::CreateHeap: 33554432 bytes more of local memory on node 0 would pass res-small-budget's "
                "budget of 16777216 bytes (0 in use); returning E_OUTOFMEMORY."},
        {"within the budget", "res-small-budget", D3D12_HEAP_TYPE_DEFAULT, 0, 0, 16 << 20, 0, S_OK, NO_MESSAGE, NULL},
    };
    struct row_failures failures = {0};
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    D3D12_HEAP_DESC hd;
    D3D12_MESSAGE_ID id;
    const char *text;
    void *heap;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        hd = heap_desc_of(rows[i].type, rows[i].size, rows[i].flags);
        hd.Properties.CPUPageProperty = (D3D12_CPU_PAGE_PROPERTY)rows[i].page;
        hd.Properties.MemoryPoolPreference = (D3D12_MEMORY_POOL)rows[i].pool;
        heap = SENTINEL;
        hr = ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, &heap);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        id = first_message(info_q, &text);
        if (id != rows[i].id || (rows[i].text && !strstr(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (FAILED(hr) && heap)
            row_fail(&failures, i, rows[i].name, "the output is not NULL");
        if (SUCCEEDED(hr) && heap && heap != SENTINEL)
        {
            if (heap_get_desc(heap).SizeInBytes != rows[i].size)
                row_fail(&failures, i, rows[i].name, "GetDesc's SizeInBytes");
            if (ID3D12Heap_Release((ID3D12Heap *)heap))
                row_fail(&failures, i, rows[i].name, "references left");
        }
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* After RemoveDevice, creation answers DXGI_ERROR_DEVICE_REMOVED. */
static void test_removed_device(void **state)
{
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_NONE);
    D3D12_RESOURCE_DESC desc = buffer_desc(256, 0);
    ID3D12Device5 *device5;
    ID3D12Device *device;
    void *out;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    device5 = device_version(device, &IID_ID3D12Device5);
    device5->lpVtbl->RemoveDevice(device5);
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, &out), DXGI_ERROR_DEVICE_REMOVED);
    assert_null(out);
    out = SENTINEL;
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, (ID3D12Resource **)&out),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(out);
    device5->lpVtbl->Release(device5);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Private data and protected sessions of heaps and resources ---- */

static const GUID test_guid = {0x7c1f3a52, 0x11d2, 0x4b7e, {0x9a, 0x1e, 0x5d, 0x33, 0x60, 0x0b, 0x2c, 0x41}};

static void test_private_data_and_sessions(void **state)
{
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_NONE);
    D3D12_RESOURCE_DESC desc = buffer_desc(256, 0);
    ID3D12Resource1 *resource1;
    ID3D12Resource *resource;
    ID3D12Heap1 *heap1;
    ID3D12Heap *heap;
    ID3D12Device *device;
    IUnknown *got;
    UINT value = 0x1234, size;
    void *session;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &resource), S_OK);

    /* Heap: data, then an interface (the resource) under the same GUID. */
    assert_int_equal(ID3D12Heap_SetPrivateData(heap, &test_guid, sizeof(value), &value), S_OK);
    value = 0;
    size = sizeof(value);
    assert_int_equal(ID3D12Heap_GetPrivateData(heap, &test_guid, &size, &value), S_OK);
    assert_int_equal(size, sizeof(value));
    assert_int_equal(value, 0x1234);
    assert_int_equal(ID3D12Heap_SetPrivateDataInterface(heap, &test_guid, (IUnknown *)resource), S_OK);
    assert_int_equal(get_refcount(resource), 2);
    size = sizeof(got);
    assert_int_equal(ID3D12Heap_GetPrivateData(heap, &test_guid, &size, &got), S_OK);
    assert_ptr_equal(got, resource);
    IUnknown_Release(got);
    assert_int_equal(ID3D12Heap_SetPrivateData(heap, &test_guid, 0, NULL), S_OK);
    assert_int_equal(get_refcount(resource), 1);

    /* Resource: an interface (the heap). */
    assert_int_equal(ID3D12Resource_SetPrivateDataInterface(resource, &test_guid, (IUnknown *)heap), S_OK);
    assert_int_equal(get_refcount(heap), 2);
    size = sizeof(got);
    assert_int_equal(ID3D12Resource_GetPrivateData(resource, &test_guid, &size, &got), S_OK);
    assert_ptr_equal(got, heap);
    IUnknown_Release(got);
    assert_int_equal(ID3D12Resource_SetPrivateDataInterface(resource, &test_guid, NULL), S_OK);
    assert_int_equal(get_refcount(heap), 1);

    /* No protected session on either. */
    assert_int_equal(ID3D12Heap_QueryInterface(heap, &IID_ID3D12Heap1, (void **)&heap1), S_OK);
    assert_int_equal(heap1->lpVtbl->GetProtectedResourceSession(heap1, &IID_ID3D12ProtectedResourceSession, NULL),
            E_POINTER);
    session = SENTINEL;
    assert_int_equal(heap1->lpVtbl->GetProtectedResourceSession(heap1, &IID_ID3D12ProtectedResourceSession, &session),
            DXGI_ERROR_NOT_FOUND);
    assert_null(session);
    heap1->lpVtbl->Release(heap1);
    assert_int_equal(ID3D12Resource_QueryInterface(resource, &IID_ID3D12Resource1, (void **)&resource1), S_OK);
    assert_int_equal(resource1->lpVtbl->GetProtectedResourceSession(resource1, &IID_ID3D12ProtectedResourceSession,
            NULL), E_POINTER);
    session = SENTINEL;
    assert_int_equal(resource1->lpVtbl->GetProtectedResourceSession(resource1, &IID_ID3D12ProtectedResourceSession,
            &session), DXGI_ERROR_NOT_FOUND);
    assert_null(session);
    resource1->lpVtbl->Release(resource1);

    assert_int_equal(ID3D12Resource_Release(resource), 0);
    assert_int_equal(ID3D12Heap_Release(heap), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- ReportLiveDeviceObjects lists heaps, by name ---- */

static void test_live_heaps(void **state)
{
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536, D3D12_HEAP_FLAG_NONE);
    ID3D12DebugDevice *debug;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    ID3D12Heap *heap;
    D3D12_MESSAGE_ID id;
    UINT64 i, count;
    const char *text;
    bool named = false, unnamed = false;
    ID3D12Heap *other;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&other), S_OK);
    assert_int_equal(ID3D12Heap_SetName(heap, L"staging pool"), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL);
    count = ID3D12InfoQueue_GetNumStoredMessages(info_q);
    for (i = 0; i < count; ++i)
    {
        text = message_text(info_q, i, &id);
        if (id != D3D12_MESSAGE_ID_LIVE_HEAP || !strstr(text, "ID3D12Heap"))
            continue;
        if (strstr(text, "staging pool"))
            named = true;
        else
            unnamed = true;
    }
    assert_true(named);
    assert_true(unnamed);
    ID3D12DebugDevice_Release(debug);
    ID3D12Heap_Release(other);
    ID3D12Heap_Release(heap);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Views with a NULL description (or Format UNKNOWN): what the resource gives ---- */

enum view { SRV, UAV_VIEW, RTV, DSV };

/* The ArraySize (or WSize) the written view has, 0 when its dimension has none. */
static UINT view_array_size(enum view kind, const struct obj_descriptor *d)
{
    switch (kind)
    {
        case SRV:
            return d->desc.srv.ViewDimension == D3D12_SRV_DIMENSION_TEXTURE1DARRAY ? d->desc.srv.Texture1DArray.ArraySize
                    : d->desc.srv.ViewDimension == D3D12_SRV_DIMENSION_TEXTURE2DARRAY ? d->desc.srv.Texture2DArray.ArraySize
                    : d->desc.srv.ViewDimension == D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY
                    ? d->desc.srv.Texture2DMSArray.ArraySize : 0;
        case UAV_VIEW:
            return d->desc.uav.ViewDimension == D3D12_UAV_DIMENSION_TEXTURE1DARRAY ? d->desc.uav.Texture1DArray.ArraySize
                    : d->desc.uav.ViewDimension == D3D12_UAV_DIMENSION_TEXTURE2DARRAY ? d->desc.uav.Texture2DArray.ArraySize
                    : d->desc.uav.ViewDimension == D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY
                    ? d->desc.uav.Texture2DMSArray.ArraySize
                    : d->desc.uav.ViewDimension == D3D12_UAV_DIMENSION_TEXTURE3D ? d->desc.uav.Texture3D.WSize : 0;
        case RTV:
            return d->desc.rtv.ViewDimension == D3D12_RTV_DIMENSION_TEXTURE1DARRAY ? d->desc.rtv.Texture1DArray.ArraySize
                    : d->desc.rtv.ViewDimension == D3D12_RTV_DIMENSION_TEXTURE2DARRAY ? d->desc.rtv.Texture2DArray.ArraySize
                    : d->desc.rtv.ViewDimension == D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY
                    ? d->desc.rtv.Texture2DMSArray.ArraySize
                    : d->desc.rtv.ViewDimension == D3D12_RTV_DIMENSION_TEXTURE3D ? d->desc.rtv.Texture3D.WSize : 0;
        default:
            return d->desc.dsv.ViewDimension == D3D12_DSV_DIMENSION_TEXTURE1DARRAY ? d->desc.dsv.Texture1DArray.ArraySize
                    : d->desc.dsv.ViewDimension == D3D12_DSV_DIMENSION_TEXTURE2DARRAY ? d->desc.dsv.Texture2DArray.ArraySize
                    : d->desc.dsv.ViewDimension == D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY
                    ? d->desc.dsv.Texture2DMSArray.ArraySize : 0;
    }
}

static void test_view_defaults(void **state)
{
    const D3D12_RESOURCE_DESC1 none = {0};
#define T1(n, f, fl) {D3D12_RESOURCE_DIMENSION_TEXTURE1D, 0, 32, 1, n, 1, f, {1, 0}, UNK, fl, {0, 0, 0}}
#define T2(n, s, f, fl) {TEX2D, 0, 32, 32, n, 1, f, {s, 0}, UNK, fl, {0, 0, 0}}
#define T3(f, fl) {TEX3D, 0, 32, 32, 4, 1, f, {1, 0}, UNK, fl, {0, 0, 0}}
#define D32 DXGI_FORMAT_D32_FLOAT
    const struct
    {
        const char *name;
        const char *adapter;
        enum view kind;
        D3D12_RESOURCE_DESC1 desc;
        bool with_desc;   /* a description of Format UNKNOWN and the default dimension */
        bool counter_only; /* a counter resource and a NULL pResource */
        UINT dimension, array;
        D3D12_MESSAGE_ID id;
        const char *text;
    }
    rows[] =
    {
        {"SRV of a TEXTURE1D", "nvidia-rtx-4090", SRV, T1(1, RGBA8, 0), false, false,
                D3D12_SRV_DIMENSION_TEXTURE1D, 0, NO_MESSAGE, NULL},
        {"SRV of a TEXTURE1D array", "nvidia-rtx-4090", SRV, T1(4, RGBA8, 0), false, false,
                D3D12_SRV_DIMENSION_TEXTURE1DARRAY, 4, NO_MESSAGE, NULL},
        {"SRV of a TEXTURE2D", "nvidia-rtx-4090", SRV, T2(1, 1, RGBA8, 0), false, false,
                D3D12_SRV_DIMENSION_TEXTURE2D, 0, NO_MESSAGE, NULL},
        {"SRV of a multisampled array", "nvidia-rtx-4090", SRV, T2(2, 4, RGBA8, RT), false, false,
                D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY, 2, NO_MESSAGE, NULL},
        {"SRV of a TEXTURE3D", "nvidia-rtx-4090", SRV, T3(RGBA8, 0), false, false,
                D3D12_SRV_DIMENSION_TEXTURE3D, 0, NO_MESSAGE, NULL},
        {"SRV of a typeless texture", "nvidia-rtx-4090", SRV, T2(1, 1, R32_TYPELESS, 0), false, false, 0, 0,
                D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC,
                "ID3D12Device::CreateShaderResourceView: pDesc is NULL, and pResource's format DXGI_FORMAT_R32_TYPELESS "
                "is typeless"},
        {"SRV of a DENY_SHADER_RESOURCE depth buffer", "nvidia-rtx-4090", SRV,
                T2(1, 1, D32, DS | D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE), false, false, 0, 0,
                D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE,
                "pResource was created with D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE"},
        {"UAV of a TEXTURE1D array", "nvidia-rtx-4090", UAV_VIEW, T1(4, RGBA8, UAV), false, false,
                D3D12_UAV_DIMENSION_TEXTURE1DARRAY, 4, NO_MESSAGE, NULL},
        {"UAV of a TEXTURE2D", "nvidia-rtx-4090", UAV_VIEW, T2(1, 1, RGBA8, UAV), false, false,
                D3D12_UAV_DIMENSION_TEXTURE2D, 0, NO_MESSAGE, NULL},
        {"UAV of a TEXTURE2D array", "nvidia-rtx-4090", UAV_VIEW, T2(3, 1, RGBA8, UAV), false, false,
                D3D12_UAV_DIMENSION_TEXTURE2DARRAY, 3, NO_MESSAGE, NULL},
        {"UAV of a multisampled array (writable MSAA)", "warp", UAV_VIEW, T2(2, 4, RGBA8, RT | UAV), false, false,
                D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY, 2, NO_MESSAGE, NULL},
        {"UAV of a TEXTURE3D", "nvidia-rtx-4090", UAV_VIEW, T3(RGBA8, UAV), false, false,
                D3D12_UAV_DIMENSION_TEXTURE3D, UINT_MAX, NO_MESSAGE, NULL},
        {"UAV of Format UNKNOWN takes the resource's", "nvidia-rtx-4090", UAV_VIEW, T2(1, 1, RGBA8, UAV), true, false,
                D3D12_UAV_DIMENSION_TEXTURE2D, 0, NO_MESSAGE, NULL},
        {"UAV of a typeless texture", "nvidia-rtx-4090", UAV_VIEW, T2(1, 1, R32_TYPELESS, UAV), false, false, 0, 0,
                D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC,
                "pDesc is NULL, and pResource's format DXGI_FORMAT_R32_TYPELESS is typeless"},
        {"UAV counter without a resource", "nvidia-rtx-4090", UAV_VIEW, none, false, true, 0, 0,
                D3D12_MESSAGE_ID_CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE, "is given with a NULL pResource"},
        {"UAV of TEXTURE2D on a TEXTURE3D", "nvidia-rtx-4090", UAV_VIEW, T3(RGBA8, UAV), true, false, 0, 0,
                D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS,
                "ID3D12Device::CreateUnorderedAccessView: a view of D3D12_UAV_DIMENSION_TEXTURE2D does not fit "
                "pResource, a TEXTURE3D of 1 sample(s); nothing is written."},
        {"UAV of TEXTURE2D on a multisampled texture", "warp", UAV_VIEW, T2(1, 4, RGBA8, RT | UAV), true, false, 0, 0,
                D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS,
                "a view of D3D12_UAV_DIMENSION_TEXTURE2D does not fit pResource, a TEXTURE2D of 4 sample(s)"},
        {"RTV of a TEXTURE1D array", "nvidia-rtx-4090", RTV, T1(4, RGBA8, RT), false, false,
                D3D12_RTV_DIMENSION_TEXTURE1DARRAY, 4, NO_MESSAGE, NULL},
        {"RTV of a multisampled array", "nvidia-rtx-4090", RTV, T2(2, 4, RGBA8, RT), false, false,
                D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY, 2, NO_MESSAGE, NULL},
        {"RTV of a TEXTURE3D", "nvidia-rtx-4090", RTV, T3(RGBA8, RT), false, false,
                D3D12_RTV_DIMENSION_TEXTURE3D, UINT_MAX, NO_MESSAGE, NULL},
        {"RTV of Format UNKNOWN takes the resource's", "nvidia-rtx-4090", RTV, T2(1, 1, RGBA8, RT), true, false,
                D3D12_RTV_DIMENSION_TEXTURE2D, 0, NO_MESSAGE, NULL},
        {"RTV of a typeless texture", "nvidia-rtx-4090", RTV, T2(1, 1, R32_TYPELESS, RT), false, false, 0, 0,
                D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC,
                "pDesc is NULL, and pResource's format DXGI_FORMAT_R32_TYPELESS is typeless"},
        {"RTV of TEXTURE2D on a TEXTURE3D", "nvidia-rtx-4090", RTV, T3(RGBA8, RT), true, false, 0, 0,
                D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS,
                "ID3D12Device::CreateRenderTargetView: a view of D3D12_RTV_DIMENSION_TEXTURE2D does not fit pResource, "
                "a TEXTURE3D of 1 sample(s); nothing is written."},
        {"DSV of TEXTURE2D on a TEXTURE1D", "nvidia-rtx-4090", DSV, T1(1, D32, DS), true, false, 0, 0,
                D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS,
                "ID3D12Device::CreateDepthStencilView: a view of D3D12_DSV_DIMENSION_TEXTURE2D does not fit pResource, "
                "a TEXTURE1D of 1 sample(s); nothing is written."},
        {"DSV of a TEXTURE1D array", "nvidia-rtx-4090", DSV, T1(4, D32, DS), false, false,
                D3D12_DSV_DIMENSION_TEXTURE1DARRAY, 4, NO_MESSAGE, NULL},
        {"DSV of a TEXTURE2D array", "nvidia-rtx-4090", DSV, T2(3, 1, D32, DS), false, false,
                D3D12_DSV_DIMENSION_TEXTURE2DARRAY, 3, NO_MESSAGE, NULL},
        {"DSV of a multisampled array", "nvidia-rtx-4090", DSV, T2(2, 4, D32, DS), false, false,
                D3D12_DSV_DIMENSION_TEXTURE2DMSARRAY, 2, NO_MESSAGE, NULL},
        {"DSV of Format UNKNOWN takes the resource's", "nvidia-rtx-4090", DSV, T2(1, 1, D32, DS), true, false,
                D3D12_DSV_DIMENSION_TEXTURE2D, 0, NO_MESSAGE, NULL},
        {"DSV of a typeless texture", "nvidia-rtx-4090", DSV, T2(1, 1, R32_TYPELESS, DS), false, false, 0, 0,
                D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC,
                "pDesc is NULL, and pResource's format DXGI_FORMAT_R32_TYPELESS is typeless"},
    };
    static const D3D12_DESCRIPTOR_HEAP_TYPE heap_types[] = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
            D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, D3D12_DESCRIPTOR_HEAP_TYPE_DSV};
    static const enum obj_descriptor_kind kinds[] = {OBJ_DESCRIPTOR_SRV, OBJ_DESCRIPTOR_UAV, OBJ_DESCRIPTOR_RTV,
            OBJ_DESCRIPTOR_DSV};
    struct row_failures failures = {0};
    D3D12_DESCRIPTOR_HEAP_DESC heap_desc;
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_RESOURCE_DESC counter_desc = buffer_desc(4096, UAV);
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    ID3D12Resource *resource, *counter;
    ID3D12DescriptorHeap *views;
    ID3D12InfoQueue *info_q;
    ID3D12Device8 *device8;
    ID3D12Device *device;
    struct obj_descriptor d;
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        device8 = device_version(device, &IID_ID3D12Device8);
        memset(&heap_desc, 0, sizeof(heap_desc));
        heap_desc.Type = heap_types[rows[i].kind];
        heap_desc.NumDescriptors = 1;
        assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
                (void **)&views), S_OK);
#ifdef _WIN32
        views->lpVtbl->GetCPUDescriptorHandleForHeapStart(views, &handle);
#else
        handle = views->lpVtbl->GetCPUDescriptorHandleForHeapStart(views);
#endif
        resource = counter = NULL;
        if (rows[i].counter_only)
            hr = create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &counter_desc, ST_COMMON, NULL, &counter);
        else
            hr = device8->lpVtbl->CreateCommittedResource2(device8, &props, D3D12_HEAP_FLAG_NONE, &rows[i].desc,
                    ST_COMMON, NULL, NULL, &IID_ID3D12Resource, (void **)&resource);
        if (FAILED(hr))
        {
            row_fail(&failures, i, rows[i].name, "creating the resource: %#x", (unsigned)hr);
            goto next;
        }
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        switch (rows[i].kind)
        {
            case SRV:
                ID3D12Device_CreateShaderResourceView(device, resource, NULL, handle);
                break;
            case UAV_VIEW:
            {
                D3D12_UNORDERED_ACCESS_VIEW_DESC v = {DXGI_FORMAT_UNKNOWN, D3D12_UAV_DIMENSION_TEXTURE2D, {{0}}};

                ID3D12Device_CreateUnorderedAccessView(device, resource, counter, rows[i].with_desc ? &v : NULL, handle);
                break;
            }
            case RTV:
            {
                D3D12_RENDER_TARGET_VIEW_DESC v = {DXGI_FORMAT_UNKNOWN, D3D12_RTV_DIMENSION_TEXTURE2D, {{0}}};

                ID3D12Device_CreateRenderTargetView(device, resource, rows[i].with_desc ? &v : NULL, handle);
                break;
            }
            default:
            {
                D3D12_DEPTH_STENCIL_VIEW_DESC v = {DXGI_FORMAT_UNKNOWN, D3D12_DSV_DIMENSION_TEXTURE2D,
                        D3D12_DSV_FLAG_NONE, {{0}}};

                ID3D12Device_CreateDepthStencilView(device, resource, rows[i].with_desc ? &v : NULL, handle);
                break;
            }
        }
        id = first_message(info_q, &text);
        if (id != rows[i].id || (rows[i].text && !strstr(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
        if (rows[i].id)
        {
            if (d.kind == kinds[rows[i].kind])
                row_fail(&failures, i, rows[i].name, "refused, but the slot was written");
        }
        else if (d.kind != kinds[rows[i].kind])
            row_fail(&failures, i, rows[i].name, "no view written (kind %d)", (int)d.kind);
        else
        {
            /* Format and ViewDimension lead every view description. */
            if ((UINT)d.desc.rtv.ViewDimension != rows[i].dimension)
                row_fail(&failures, i, rows[i].name, "ViewDimension %u, expected %u", (unsigned)d.desc.rtv.ViewDimension,
                        rows[i].dimension);
            if (d.desc.rtv.Format != rows[i].desc.Format)
                row_fail(&failures, i, rows[i].name, "Format %u, expected %u", (unsigned)d.desc.rtv.Format,
                        (unsigned)rows[i].desc.Format);
            if (view_array_size(rows[i].kind, &d) != rows[i].array)
                row_fail(&failures, i, rows[i].name, "ArraySize %u, expected %u", view_array_size(rows[i].kind, &d),
                        rows[i].array);
        }
next:
        if (resource)
            ID3D12Resource_Release(resource);
        if (counter)
            ID3D12Resource_Release(counter);
        ID3D12DescriptorHeap_Release(views);
        device8->lpVtbl->Release(device8);
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);

    /* A counter that is a texture, not a buffer: refused, the slot untouched. */
    {
        const D3D12_RESOURCE_DESC1 texture = T2(1, 1, RGBA8, UAV);
        D3D12_UNORDERED_ACCESS_VIEW_DESC v = {DXGI_FORMAT_R32_UINT, D3D12_UAV_DIMENSION_BUFFER, {{0}}};

        device = resource_device_on("nvidia-rtx-4090");
        info_q = info_queue(device);
        device8 = device_version(device, &IID_ID3D12Device8);
        memset(&heap_desc, 0, sizeof(heap_desc));
        heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
        heap_desc.NumDescriptors = 1;
        assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &heap_desc, &IID_ID3D12DescriptorHeap,
                (void **)&views), S_OK);
#ifdef _WIN32
        views->lpVtbl->GetCPUDescriptorHandleForHeapStart(views, &handle);
#else
        handle = views->lpVtbl->GetCPUDescriptorHandleForHeapStart(views);
#endif
        assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &counter_desc, ST_COMMON, NULL, &resource),
                S_OK);
        assert_int_equal(device8->lpVtbl->CreateCommittedResource2(device8, &props, D3D12_HEAP_FLAG_NONE, &texture,
                ST_COMMON, NULL, NULL, &IID_ID3D12Resource, (void **)&counter), S_OK);
        v.Buffer.NumElements = 16;
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        ID3D12Device_CreateUnorderedAccessView(device, resource, counter, &v, handle);
        id = first_message(info_q, &text);
        assert_int_equal(id, D3D12_MESSAGE_ID_CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE);
        if (!strstr(text, "is not a buffer of this device"))
            fail_msg("message \"%s\"", text);
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
        assert_int_not_equal(d.kind, OBJ_DESCRIPTOR_UAV);
        /* The same view with a buffer as its counter is written. */
        ID3D12Device_CreateUnorderedAccessView(device, resource, resource, &v, handle);
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
        assert_int_equal(d.kind, OBJ_DESCRIPTOR_UAV);
        /* Structured views of the buffer: Format UNKNOWN stays UNKNOWN (a
         * buffer has no format to take), no message. */
        {
            D3D12_UNORDERED_ACCESS_VIEW_DESC su = {DXGI_FORMAT_UNKNOWN, D3D12_UAV_DIMENSION_BUFFER, {{0}}};
            D3D12_SHADER_RESOURCE_VIEW_DESC ss = {DXGI_FORMAT_UNKNOWN, D3D12_SRV_DIMENSION_BUFFER,
                    D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING, {{0}}};

            su.Buffer.NumElements = 16;
            su.Buffer.StructureByteStride = 16;
            ss.Buffer.NumElements = 16;
            ss.Buffer.StructureByteStride = 16;
            ID3D12InfoQueue_ClearStoredMessages(info_q);
            ID3D12Device_CreateUnorderedAccessView(device, resource, NULL, &su, handle);
            obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
            assert_int_equal(d.kind, OBJ_DESCRIPTOR_UAV);
            assert_int_equal(d.desc.uav.Format, DXGI_FORMAT_UNKNOWN);
            assert_int_equal(d.desc.uav.Buffer.StructureByteStride, 16);
            ID3D12Device_CreateShaderResourceView(device, resource, &ss, handle);
            obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
            assert_int_equal(d.kind, OBJ_DESCRIPTOR_SRV);
            assert_int_equal(d.desc.srv.Format, DXGI_FORMAT_UNKNOWN);
            assert_int_equal(d.desc.srv.Buffer.NumElements, 16);
            assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info_q), 0);
        }
        ID3D12Resource_Release(counter);
        ID3D12Resource_Release(resource);
        ID3D12DescriptorHeap_Release(views);
        device8->lpVtbl->Release(device8);
        ID3D12InfoQueue_Release(info_q);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
#undef T1
#undef T2
#undef T3
#undef D32
}

/* ---- MipLevels 0: the chain of the largest dimension ---- */

static void test_full_mip_chain(void **state)
{
    const struct
    {
        const char *name;
        D3D12_RESOURCE_DESC1 desc;
        UINT16 mips;
    }
    rows[] =
    {
        {"2D taller than wide", {TEX2D, 0, 16, 64, 1, 0, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, 7},
        {"3D deeper than wide and tall", {TEX3D, 0, 8, 4, 32, 0, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, 6},
        {"3D taller than deep", {TEX3D, 0, 8, 128, 32, 0, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, 8},
        {"1D: Height is not counted", {D3D12_RESOURCE_DIMENSION_TEXTURE1D, 0, 4, 1, 1, 0, RGBA8, {1, 0}, UNK, 0,
                {0, 0, 0}}, 3},
    };
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    struct row_failures failures = {0};
    ID3D12Resource *resource;
    ID3D12Device8 *device8;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    device8 = device_version(device, &IID_ID3D12Device8);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        hr = device8->lpVtbl->CreateCommittedResource2(device8, &props, D3D12_HEAP_FLAG_NONE, &rows[i].desc, ST_COMMON,
                NULL, NULL, &IID_ID3D12Resource, (void **)&resource);
        if (FAILED(hr))
        {
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
            continue;
        }
        if (resource_get_desc1(resource).MipLevels != rows[i].mips)
            row_fail(&failures, i, rows[i].name, "MipLevels %u, expected %u", resource_get_desc1(resource).MipLevels,
                    rows[i].mips);
        ID3D12Resource_Release(resource);
    }
    device8->lpVtbl->Release(device8);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* A reserved multisampled texture asks for the tiled quality levels. */
static void test_reserved_quality_levels(void **state)
{
    D3D12_RESOURCE_DESC desc = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 1000}, D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE,
            RT};
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    const char *text;
    void *out = SENTINEL;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource, &out),
            E_INVALIDARG);
    assert_null(out);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC);
    assert_non_null(strstr(text, "SampleDesc (4, 1000) is not one nvidia-rtx-4090 has for DXGI_FORMAT 28"));
    assert_non_null(strstr(text, " (with D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE); returning E_INVALIDARG."));
    /* Tight alignment is not for reserved resources. */
    desc = buffer_desc(256, RES_FLAGS(0x400));
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource, &out),
            E_INVALIDARG);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS);
    assert_string_equal(text, "ID3D12Device::CreateReservedResource: D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT does "
            "not go with a reserved resource: its alignment is 64 KB; returning E_INVALIDARG.");
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- CPU access: heaps the CPU cannot see, a NULL buffer, a row-major texture's pointer ---- */

static void test_cpu_access(void **state)
{
    D3D12_RESOURCE_DESC tex = texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, 0);
    D3D12_RESOURCE_DESC row_major = tex;
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_CUSTOM);
    D3D12_BOX texel = {0, 0, 0, 1, 1, 1};
    ID3D12Resource *resource;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    unsigned value = 0, *ptr;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    /* DEFAULT: neither Write nor ReadFromSubresource. */
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &tex, ST_COMMON, NULL, &resource), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(ID3D12Resource_WriteToSubresource(resource, 0, NULL, &value, 256, 256 * 64), E_INVALIDARG);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_WRITETOSUBRESOURCE_INVALIDHEAP);
    assert_string_equal(text, "ID3D12Resource::WriteToSubresource: the resource is on a D3D12_HEAP_TYPE_DEFAULT heap, "
            "which the CPU cannot access; returning E_INVALIDARG.");
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(resource, &value, 256, 256 * 64, 0, NULL), E_INVALIDARG);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_READFROMSUBRESOURCE_INVALIDHEAP);
    ID3D12Resource_Release(resource);
    /* CUSTOM write-back: a non-empty box and no buffer. */
    props.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    props.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &tex, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_int_equal(ID3D12Resource_WriteToSubresource(resource, 0, &texel, NULL, 256, 256 * 64), E_INVALIDARG);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(resource, NULL, 256, 256 * 64, 0, &texel), E_INVALIDARG);
    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* A row-major cross-adapter texture gives its pointer: the texel written there is read back. */
    device = resource_device_on("intel-arc-a770");
    row_major.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    row_major.Flags = D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props,
            D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, &row_major, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    ptr = NULL;
    assert_int_equal(ID3D12Resource_Map(resource, 0, NULL, (void **)&ptr), S_OK);
    assert_non_null(ptr);
    ptr[0] = 0x11223344u;
    ID3D12Resource_Unmap(resource, 0, NULL);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(resource, &value, 4, 4, 0, &texel), S_OK);
    assert_int_equal(value, 0x11223344u);
    ID3D12Resource_Release(resource);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- A 31-bit GPU address space runs out ---- */

static const char va31_profile[] =
    "{\"id\": \"res-va-31\", \"inherits\": \"nvidia-rtx-4090\", \"features\": {\"GPU_VIRTUAL_ADDRESS_SUPPORT\":"
    " {\"MaxGPUVirtualAddressBitsPerResource\": 31, \"MaxGPUVirtualAddressBitsPerProcess\": 31}}}";

static void test_address_space_exhausted(void **state)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(3ull << 29, 0); /* 1.5 GiB of the 2 GiB */
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 3ull << 29, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    ID3D12Resource *first;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    char error[256] = "";
    const char *text;
    void *out;

    (void)state;
    if (FAILED(mockd3d12_register_profile(va31_profile, error, sizeof(error))))
        fail_msg("registering res-va-31: %s", error);
    enable_debug_layer();
    device = resource_device_on("res-va-31");
    info_q = info_queue(device);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&first), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource, &out),
            E_OUTOFMEMORY);
    assert_null(out);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATERESOURCE_OUTOFMEMORY_RETURN);
    assert_string_equal(text, "ID3D12Device::CreateReservedResource: the GPU virtual address space of res-va-31 "
            "(2^31 bytes, D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT::MaxGPUVirtualAddressBitsPerProcess) has no "
            "room left for 1610612736 bytes; returning E_OUTOFMEMORY.");
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, &out), E_OUTOFMEMORY);
    assert_null(out);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATEHEAP_OUTOFMEMORY_RETURN);
    assert_string_equal(text, "ID3D12Device::CreateHeap: the GPU virtual address space of res-va-31 (2^31 bytes) has "
            "no room left for 1610612736 bytes; returning E_OUTOFMEMORY.");
    /* A heap of textures only takes no address. */
    hd.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, &out), S_OK);
    ID3D12Heap_Release((ID3D12Heap *)out);
    ID3D12Resource_Release(first);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_committed_refusal_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_entry_points, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_layouts_need_enhanced_barriers, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_refusal_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_private_data_and_sessions, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_heaps, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_view_defaults, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_full_mip_chain, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_reserved_quality_levels, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cpu_access, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_address_space_exhausted, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
