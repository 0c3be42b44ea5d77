/*
 * Resources (docs/objects.md, "ID3D12Resource"): committed, placed and
 * reserved creation, the one validation against the adapter (a row where a
 * built-in adapter allows each capability and one where another refuses),
 * GetResourceAllocationInfo, Map/Unmap, WriteToSubresource and
 * ReadFromSubresource, GPU virtual addresses, video-memory accounting and
 * its budget, allocation failures. Expectations are Windows' as vkd3d's
 * tests/d3d12.c and vkd3d-proton's tests/d3d12_resource.c record them
 * (test_create_committed_resource, test_create_placed_resource,
 * test_create_reserved_resource, test_map_resource, test_resource_allocation_info,
 * test_read_write_subresource, test_buffer_rtv_dsv_usage). Sizes are checked for
 * buffers and R8G8B8A8 / D32_FLOAT textures only (the format table's own
 * suite checks the rest).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "descriptor_heap.h"
#include "resource_tests.h"

#define RGBA8 DXGI_FORMAT_R8G8B8A8_UNORM
#define D32 DXGI_FORMAT_D32_FLOAT
#define TEX2D D3D12_RESOURCE_DIMENSION_TEXTURE2D
#define TEX3D D3D12_RESOURCE_DIMENSION_TEXTURE3D
#define RT D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET
#define DS D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL
#define UAV D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
#define SIMULTANEOUS D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS
#define ST_GENERIC_READ D3D12_RESOURCE_STATE_GENERIC_READ
#define ST_COPY_DEST D3D12_RESOURCE_STATE_COPY_DEST
#define ST_COMMON D3D12_RESOURCE_STATE_COMMON

/* The first stored message's id and text, or 0 when none was stored. */
static D3D12_MESSAGE_ID first_message(ID3D12InfoQueue *info, const char **text)
{
    D3D12_MESSAGE_ID id = 0;

    *text = "";
    if (ID3D12InfoQueue_GetNumStoredMessages(info))
        *text = message_text(info, 0, &id);
    return id;
}

/* ---- What Windows records (vkd3d, vkd3d-proton) ---- */

static void test_windows_rows(void **state)
{
    const D3D12_CLEAR_VALUE red = {RGBA8, {{1.0f, 0.0f, 0.0f, 1.0f}}};
    const struct
    {
        const char *name;
        D3D12_HEAP_TYPE heap;
        D3D12_RESOURCE_DESC desc;
        D3D12_RESOURCE_STATES state;
        bool clear;
        HRESULT hr;
        UINT mips; /* GetDesc's MipLevels */
    }
    rows[] =
    {
        {"render target", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, RT),
                D3D12_RESOURCE_STATE_RENDER_TARGET, true, S_OK, 1},
        {"MipLevels 0: the full chain", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 0, RGBA8, RT),
                D3D12_RESOURCE_STATE_RENDER_TARGET, true, S_OK, 6},
        {"MipLevels 10: more than the chain", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 10, RGBA8, RT),
                D3D12_RESOURCE_STATE_RENDER_TARGET, true, S_OK, 10},
        {"MipLevels 16", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 16, RGBA8, 0), ST_COMMON, false,
                E_INVALIDARG, 0},
        {"format UNKNOWN", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 1, DXGI_FORMAT_UNKNOWN, RT),
                D3D12_RESOURCE_STATE_RENDER_TARGET, true, E_INVALIDARG, 0},
        {"a write state with a read state", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, RT),
                D3D12_RESOURCE_STATE_RENDER_TARGET | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, true, E_INVALIDARG, 0},
        {"RENDER_TARGET state without the flag", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, 0),
                D3D12_RESOURCE_STATE_RENDER_TARGET, false, E_INVALIDARG, 0},
        {"texture on UPLOAD", D3D12_HEAP_TYPE_UPLOAD, texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, 0), ST_GENERIC_READ,
                false, E_INVALIDARG, 0},
        {"texture on READBACK", D3D12_HEAP_TYPE_READBACK, texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, 0), ST_COPY_DEST,
                false, E_INVALIDARG, 0},
        {"1D texture", D3D12_HEAP_TYPE_DEFAULT, texture_desc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 32, 1, 1, 1, RGBA8, 0),
                ST_COMMON, false, S_OK, 1},
        {"1D texture of Height 2", D3D12_HEAP_TYPE_DEFAULT,
                texture_desc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 32, 2, 1, 1, RGBA8, 0), ST_COMMON, false, E_INVALIDARG, 0},
        {"depth buffer", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 64, 64, 1, 1, D32, DS),
                D3D12_RESOURCE_STATE_DEPTH_WRITE, false, S_OK, 1},
        {"depth 3D", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX3D, 64, 64, 4, 1, D32, DS),
                D3D12_RESOURCE_STATE_DEPTH_WRITE, false, E_INVALIDARG, 0},
        {"D32 render target", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 64, 64, 1, 1, D32, RT), ST_COMMON, false,
                E_INVALIDARG, 0},
        {"RGBA8 depth stencil", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, DS), ST_COMMON, false,
                E_INVALIDARG, 0},
        {"16384 x 16384", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 16384, 16384, 1, 1, RGBA8, 0), ST_COMMON, false,
                S_OK, 1},
        {"16385 wide", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 16385, 16, 1, 1, RGBA8, 0), ST_COMMON, false,
                E_INVALIDARG, 0},
        {"2049 slices", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 16, 16, 2049, 1, RGBA8, 0), ST_COMMON, false,
                E_INVALIDARG, 0},
        {"3D of depth 2049", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX3D, 16, 16, 2049, 1, RGBA8, 0), ST_COMMON, false,
                E_INVALIDARG, 0},
        {"upload buffer", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0), ST_GENERIC_READ, false, S_OK, 1},
        {"upload buffer with a clear value", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0), ST_GENERIC_READ, true,
                E_INVALIDARG, 0},
        {"upload buffer in ST_COMMON", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0), ST_COMMON, false, E_INVALIDARG, 0},
        {"upload buffer in COPY_SOURCE", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0),
                D3D12_RESOURCE_STATE_COPY_SOURCE, false, E_INVALIDARG, 0},
        {"readback buffer", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, 0), ST_COPY_DEST, false, S_OK, 1},
        {"readback buffer in ST_GENERIC_READ", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, 0), ST_GENERIC_READ, false,
                E_INVALIDARG, 0},
        {"UPLOAD RT buffer", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, RT), ST_GENERIC_READ, false, E_INVALIDARG, 0},
        {"READBACK UAV buffer", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, UAV), ST_COPY_DEST, false, E_INVALIDARG, 0},
        {"simultaneous-access buffer", D3D12_HEAP_TYPE_DEFAULT, buffer_desc(32, SIMULTANEOUS), ST_COPY_DEST, false,
                E_INVALIDARG, 0},
        {"DEFAULT RT buffer (allowed)", D3D12_HEAP_TYPE_DEFAULT, buffer_desc(1, RT), ST_COMMON, false, S_OK, 1},
        {"DEFAULT DS buffer", D3D12_HEAP_TYPE_DEFAULT, buffer_desc(1, DS), ST_COMMON, false, E_INVALIDARG, 0},
        {"buffer of width 0", D3D12_HEAP_TYPE_DEFAULT, buffer_desc(0, 0), ST_COMMON, false, E_INVALIDARG, 0},
        {"SampleDesc.Count 0", D3D12_HEAP_TYPE_DEFAULT, texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, 0), ST_COMMON, false,
                E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    ID3D12Resource *resource;
    D3D12_RESOURCE_DESC desc, got;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        desc = rows[i].desc;
        if (!strcmp(rows[i].name, "SampleDesc.Count 0"))
            desc.SampleDesc.Count = 0;
        resource = SENTINEL;
        hr = create_committed(device, rows[i].heap, &desc, rows[i].state, rows[i].clear ? &red : NULL, &resource);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr) && resource)
            row_fail(&failures, i, rows[i].name, "the output is not NULL");
        if (SUCCEEDED(hr) && resource && resource != SENTINEL)
        {
            got = resource_get_desc(resource);
            if (got.MipLevels != rows[i].mips)
                row_fail(&failures, i, rows[i].name, "MipLevels %u, expected %u", got.MipLevels, rows[i].mips);
            if (get_refcount(device) != 2)
                row_fail(&failures, i, rows[i].name, "device refcount %u", (unsigned)get_refcount(device));
            if (ID3D12Resource_Release(resource))
                row_fail(&failures, i, rows[i].name, "references left");
        }
    }
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* ---- Each capability: a built-in adapter that allows it, one that refuses ---- */

enum method { COMMITTED, COMMITTED3, RESERVED, ALLOCATION_INFO, ALLOCATION_INFO3 };

static void test_capability_rows(void **state)
{
    static DXGI_FORMAT castable[] = {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB};
    const D3D12_RESOURCE_DESC tight_buffer = buffer_desc(256, (D3D12_RESOURCE_FLAGS)0x400);
    const D3D12_RESOURCE_DESC ms4 = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, RT};
    const D3D12_RESOURCE_DESC ms4_bad = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 1000}, D3D12_TEXTURE_LAYOUT_UNKNOWN, RT};
    const D3D12_RESOURCE_DESC ms4_uav = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, RT | UAV};
    const D3D12_RESOURCE_DESC reserved_2d = {TEX2D, 0, 64, 64, 1, 4, RGBA8, {1, 0},
            D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE, 0};
    const D3D12_RESOURCE_DESC reserved_3d = {TEX3D, 0, 64, 64, 4, 1, RGBA8, {1, 0},
            D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE, 0};
    const D3D12_RESOURCE_DESC standard = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0},
            D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE, 0};
    const D3D12_RESOURCE_DESC cross = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
            D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER};
    const D3D12_RESOURCE_DESC feedback = {TEX2D, 0, 64, 64, 1, 1,
            DXGI_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE, {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, UAV};
    const struct
    {
        const char *name;
        const char *adapter;
        enum method method;
        D3D12_HEAP_TYPE heap;
        D3D12_RESOURCE_DESC desc;
        UINT state;         /* or the barrier layout */
        UINT castable;
        HRESULT hr;
        D3D12_MESSAGE_ID id;
        const char *text;   /* in the message */
    }
    rows[] =
    {
        {"reserved buffer", "nvidia-rtx-4090", RESERVED, 0, buffer_desc(32, 0), ST_COMMON, 0, S_OK, 0, NULL},
        {"reserved buffer, no tiled resources", "min-fl11_0", RESERVED, 0, buffer_desc(32, 0), ST_COMMON, 0,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC,
                "a reserved resource needs D3D12_FEATURE_DATA_D3D12_OPTIONS::TiledResourcesTier >= "
                "D3D12_TILED_RESOURCES_TIER_1, which is D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED on min-fl11_0"},
        {"reserved 2D texture", "nvidia-gtx-1080-ti", RESERVED, 0, reserved_2d, ST_COMMON, 0, S_OK, 0, NULL},
        {"reserved 3D texture, tier 3", "nvidia-rtx-2080", RESERVED, 0, reserved_3d, ST_COMMON, 0, S_OK, 0, NULL},
        {"reserved 3D texture, tier 2", "nvidia-gtx-1080-ti", RESERVED, 0, reserved_3d, ST_COMMON, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "TiledResourcesTier >= D3D12_TILED_RESOURCES_TIER_3"},
        {"reserved texture of UNKNOWN layout", "nvidia-rtx-4090", RESERVED, 0,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, 0), ST_COMMON, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, "64KB_UNDEFINED_SWIZZLE"},
        {"standard swizzle", "warp", RESERVED, 0, standard, ST_COMMON, 0, S_OK, 0, NULL},
        {"standard swizzle, unsupported", "nvidia-rtx-4090", RESERVED, 0, standard, ST_COMMON, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT, "StandardSwizzle64KBSupported, which is FALSE"},
        {"tight alignment", "nvidia-rtx-4090", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, tight_buffer, ST_COMMON, 0, S_OK, 0,
                NULL},
        {"tight alignment, unsupported", "nvidia-rtx-3080-ti", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, tight_buffer,
                ST_COMMON, 0, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_FEATURE_DATA_TIGHT_ALIGNMENT::SupportTier"},
        {"GPU upload heap", "nvidia-rtx-4090", COMMITTED, D3D12_HEAP_TYPE_GPU_UPLOAD, buffer_desc(256, 0), ST_COMMON, 0,
                S_OK, 0, NULL},
        {"GPU upload heap, unsupported", "nvidia-rtx-3080-ti", COMMITTED, D3D12_HEAP_TYPE_GPU_UPLOAD,
                buffer_desc(256, 0), ST_COMMON, 0, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPTYPE,
                "D3D12_HEAP_TYPE_GPU_UPLOAD needs D3D12_FEATURE_DATA_D3D12_OPTIONS16::GPUUploadHeapSupported, which is "
                "FALSE on nvidia-rtx-3080-ti"},
        {"initial layout", "nvidia-rtx-4090", COMMITTED3, D3D12_HEAP_TYPE_DEFAULT,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, RT), D3D12_BARRIER_LAYOUT_RENDER_TARGET, 0, S_OK, 0, NULL},
        {"initial layout, no enhanced barriers", "nvidia-rtx-2080", COMMITTED3, D3D12_HEAP_TYPE_DEFAULT,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, RT), D3D12_BARRIER_LAYOUT_RENDER_TARGET, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "EnhancedBarriersSupported, which is FALSE"},
        {"buffer in a texture layout", "nvidia-rtx-4090", COMMITTED3, D3D12_HEAP_TYPE_DEFAULT, buffer_desc(64, 0),
                D3D12_BARRIER_LAYOUT_COMMON, 0, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "D3D12_BARRIER_LAYOUT_UNDEFINED"},
        {"castable formats", "nvidia-rtx-4090", COMMITTED3, D3D12_HEAP_TYPE_DEFAULT,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, 0), D3D12_BARRIER_LAYOUT_COMMON, 1, S_OK, 0, NULL},
        {"castable formats (allocation info)", "nvidia-rtx-4090", ALLOCATION_INFO3, 0,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, 0), 0, 1, S_OK, 0, NULL},
        {"castable formats, no relaxed casting", "nvidia-rtx-2080", ALLOCATION_INFO3, 0,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, 0), 0, 1, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "a castable format list needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS12::RelaxedFormatCastingSupported, which is FALSE on nvidia-rtx-2080"},
        {"MSAA 4x quality 0", "nvidia-rtx-4090", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, ms4, ST_COMMON, 0, S_OK, 0, NULL},
        {"MSAA 4x quality 1000", "nvidia-rtx-4090", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, ms4_bad, ST_COMMON, 0,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "MULTISAMPLE_QUALITY_LEVELS"},
        {"MSAA UAV", "warp", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, ms4_uav, ST_COMMON, 0, S_OK, 0, NULL},
        {"MSAA UAV, no writable MSAA", "intel-arc-a770", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, ms4_uav, ST_COMMON, 0,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "WriteableMSAATexturesSupported, which is FALSE on intel-arc-a770"},
        {"cross-adapter row-major texture", "intel-arc-a770", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, cross, ST_COMMON, 0,
                S_OK, 0, NULL},
        {"cross-adapter row-major texture, unsupported", "nvidia-rtx-4090", COMMITTED, D3D12_HEAP_TYPE_DEFAULT, cross,
                ST_COMMON, 0, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "CrossAdapterRowMajorTextureSupported"},
        {"typed UAV of RGBA8", "nvidia-rtx-5070-ti", COMMITTED, D3D12_HEAP_TYPE_DEFAULT,
                texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, UAV), ST_COMMON, 0, S_OK, 0, NULL},
        {"typed UAV of B5G6R5", "nvidia-rtx-5070-ti", COMMITTED, D3D12_HEAP_TYPE_DEFAULT,
                texture_desc(TEX2D, 64, 64, 1, 1, DXGI_FORMAT_B5G6R5_UNORM, UAV), ST_COMMON, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "has no D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW"},
        {"sampler feedback map", "nvidia-rtx-4090", ALLOCATION_INFO, 0, feedback, 0, 0, S_OK, 0, NULL},
        {"sampler feedback map, no feedback", "nvidia-gtx-1080-ti", ALLOCATION_INFO, 0, feedback, 0, 0, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT, "SamplerFeedbackTier"},
        {"acceleration structure buffer", "nvidia-rtx-4090", COMMITTED, D3D12_HEAP_TYPE_DEFAULT,
                buffer_desc(65536, (D3D12_RESOURCE_FLAGS)0x100), D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE,
                0, S_OK, 0, NULL},
        {"acceleration structure buffer, no raytracing", "amd-rx-580", COMMITTED, D3D12_HEAP_TYPE_DEFAULT,
                buffer_desc(65536, (D3D12_RESOURCE_FLAGS)0x100), D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE,
                0, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS, "RaytracingTier"},
    };
    struct row_failures failures = {0};
    D3D12_RESOURCE_ALLOCATION_INFO info;
    D3D12_HEAP_PROPERTIES props;
    D3D12_RESOURCE_DESC1 desc1;
    ID3D12InfoQueue *info_q;
    ID3D12Resource *resource;
    ID3D12Device10 *device10;
    ID3D12Device *device;
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
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        resource = NULL;
        props = heap_properties(rows[i].heap);
        desc1 = desc1_of(&rows[i].desc);
        if (!strcmp(rows[i].name, "sampler feedback map") || !strcmp(rows[i].name, "sampler feedback map, no feedback"))
            desc1.SamplerFeedbackMipRegion.Width = desc1.SamplerFeedbackMipRegion.Height = 4;
        switch (rows[i].method)
        {
            case COMMITTED:
                hr = ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &rows[i].desc,
                        (D3D12_RESOURCE_STATES)rows[i].state, NULL, &IID_ID3D12Resource, (void **)&resource);
                break;
            case COMMITTED3:
                assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device10, (void **)&device10), S_OK);
                hr = device10->lpVtbl->CreateCommittedResource3(device10, &props, D3D12_HEAP_FLAG_NONE, &desc1,
                        (D3D12_BARRIER_LAYOUT)rows[i].state, NULL, NULL, rows[i].castable, castable,
                        &IID_ID3D12Resource, (void **)&resource);
                device10->lpVtbl->Release(device10);
                break;
            case RESERVED:
                hr = ID3D12Device_CreateReservedResource(device, &rows[i].desc, (D3D12_RESOURCE_STATES)rows[i].state,
                        NULL, &IID_ID3D12Resource, (void **)&resource);
                break;
            case ALLOCATION_INFO3:
            {
                const DXGI_FORMAT *lists[1] = {castable};
                UINT32 counts[1] = {rows[i].castable};
                ID3D12Device12 *device12;

                assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device12, (void **)&device12), S_OK);
#ifdef _WIN32
                device12->lpVtbl->GetResourceAllocationInfo3(device12, &info, 0, 1, &desc1, counts, lists, NULL);
#else
                info = device12->lpVtbl->GetResourceAllocationInfo3(device12, 0, 1, &desc1, counts, lists, NULL);
#endif
                device12->lpVtbl->Release(device12);
                hr = info.SizeInBytes == UINT64_MAX ? E_INVALIDARG : S_OK;
                break;
            }
            default:
            {
                ID3D12Device8 *device8;

                assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device8, (void **)&device8), S_OK);
#ifdef _WIN32
                device8->lpVtbl->GetResourceAllocationInfo2(device8, &info, 0, 1, &desc1, NULL);
#else
                info = device8->lpVtbl->GetResourceAllocationInfo2(device8, 0, 1, &desc1, NULL);
#endif
                device8->lpVtbl->Release(device8);
                hr = info.SizeInBytes == UINT64_MAX ? E_INVALIDARG : S_OK;
                break;
            }
        }
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        id = first_message(info_q, &text);
        if (id != rows[i].id || (rows[i].text && !strstr(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (resource)
            ID3D12Resource_Release(resource);
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* Protected sessions: none exists, so any is refused. */
static void test_protected_session(void **state)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(64, 0);
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    ID3D12Device4 *device4;
    ID3D12Device *device;
    void *out = SENTINEL;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    assert_int_equal(device4->lpVtbl->CreateCommittedResource1(device4, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_COMMON,
            NULL, (ID3D12ProtectedResourceSession *)SENTINEL, &IID_ID3D12Resource, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(device4->lpVtbl->CreateCommittedResource1(device4, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_COMMON,
            NULL, NULL, &IID_ID3D12Resource, &out), S_OK);
    IUnknown_Release((IUnknown *)out);
    device4->lpVtbl->Release(device4);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Allocation info ---- */

static void test_allocation_info(void **state)
{
    const struct
    {
        const char *name;
        D3D12_RESOURCE_DESC desc;
        UINT64 alignment_asked;
        UINT64 size, alignment;
    }
    rows[] =
    {
        {"buffer of 1", buffer_desc(1, 0), 0, 65536, 65536},
        {"buffer of 65537", buffer_desc(65537, 0), 0, 131072, 65536},
        {"buffer aligned 65536", buffer_desc(256, 0), 65536, 65536, 65536},
        {"buffer aligned 4096", buffer_desc(256, 0), 4096, UINT64_MAX, 65536},
        {"buffer aligned 4 MiB", buffer_desc(256, 0), 4194304, UINT64_MAX, 65536},
        {"RGBA8 256 x 256", texture_desc(TEX2D, 256, 256, 1, 1, RGBA8, 0), 0, 262144, 65536},
        {"D32 1024 x 1024", texture_desc(TEX2D, 1024, 1024, 1, 1, D32, DS), 0, 4194304, 65536},
        {"Dimension UNKNOWN", texture_desc(D3D12_RESOURCE_DIMENSION_UNKNOWN, 16, 16, 1, 1, RGBA8, 0), 0, UINT64_MAX,
                65536},
    };
    D3D12_RESOURCE_ALLOCATION_INFO1 infos[2];
    struct row_failures failures = {0};
    D3D12_RESOURCE_ALLOCATION_INFO info, one;
    D3D12_RESOURCE_DESC descs[2];
    ID3D12Device4 *device4;
    ID3D12Device *device;
    unsigned i;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        descs[0] = rows[i].desc;
        descs[0].Alignment = rows[i].alignment_asked;
        info = allocation_info(device, 1, descs);
        if (info.SizeInBytes != rows[i].size || info.Alignment != rows[i].alignment)
            row_fail(&failures, i, rows[i].name, "{%llu, %llu}, expected {%llu, %llu}",
                    (unsigned long long)info.SizeInBytes, (unsigned long long)info.Alignment,
                    (unsigned long long)rows[i].size, (unsigned long long)rows[i].alignment);
    }
    rows_done(&failures);

    /* Nothing: {0, 1}. */
    info = allocation_info(device, 0, NULL);
    assert_true(info.SizeInBytes == 0 && info.Alignment == 1);
    /* Two: each at its alignment, one after the other (test_resource_allocation_info). */
    descs[0] = buffer_desc(32, 0);
    descs[1] = buffer_desc(120000, 0);
    info = allocation_info(device, 2, descs);
    assert_int_equal(info.SizeInBytes, 65536 + 131072);
    assert_int_equal(info.Alignment, 65536);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device4, (void **)&device4), S_OK);
    one = allocation_info1(device4, 2, descs, infos);
    assert_true(one.SizeInBytes == info.SizeInBytes && one.Alignment == info.Alignment);
    assert_int_equal(infos[0].Offset, 0);
    assert_int_equal(infos[0].SizeInBytes, 65536);
    assert_int_equal(infos[1].Offset, 65536);
    assert_int_equal(infos[1].SizeInBytes, 131072);
    one = allocation_info1(device4, 2, descs, NULL);
    assert_int_equal(one.SizeInBytes, info.SizeInBytes);
    /* One bad description: the total fails. */
    descs[1].Width = 0;
    one = allocation_info1(device4, 2, descs, infos);
    assert_true(one.SizeInBytes == UINT64_MAX);
    assert_true(infos[1].SizeInBytes == UINT64_MAX);
    device4->lpVtbl->Release(device4);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Map, WriteToSubresource, ReadFromSubresource ---- */

static void test_map(void **state)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(4096, 0);
    ID3D12Resource *upload, *readback, *def, *reserved;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    unsigned char *data, *again;
    D3D12_RANGE none = {0, 0};
    const char *text;
    void *ptr;
    unsigned i;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, ST_GENERIC_READ, NULL, &upload), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_READBACK, &desc, ST_COPY_DEST, NULL, &readback), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &def), S_OK);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&reserved), S_OK);

    /* Real memory: zeroed, written, read back, the same pointer the next time. */
    assert_int_equal(ID3D12Resource_Map(upload, 0, &none, (void **)&data), S_OK);
    assert_non_null(data);
    for (i = 0; i < 4096; ++i)
        assert_int_equal(data[i], 0);
    for (i = 0; i < 4096; ++i)
        data[i] = (unsigned char)(i * 7);
    ID3D12Resource_Unmap(upload, 0, NULL);
    assert_int_equal(ID3D12Resource_Map(upload, 0, NULL, (void **)&again), S_OK);
    assert_ptr_equal(again, data);
    for (i = 0; i < 4096; ++i)
        assert_int_equal(again[i], (unsigned char)(i * 7));
    ID3D12Resource_Unmap(upload, 0, NULL);
    assert_int_equal(ID3D12Resource_Map(readback, 0, NULL, &ptr), S_OK);
    ID3D12Resource_Unmap(readback, 0, NULL);
    /* Nested maps. */
    assert_int_equal(ID3D12Resource_Map(upload, 0, NULL, &ptr), S_OK);
    assert_int_equal(ID3D12Resource_Map(upload, 0, NULL, &ptr), S_OK);
    ID3D12Resource_Unmap(upload, 0, NULL);
    ID3D12Resource_Unmap(upload, 0, NULL);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info_q), 0);

    /* Refusals leave *ppData alone (test_map_resource). */
    ptr = SENTINEL;
    assert_int_equal(ID3D12Resource_Map(def, 0, NULL, &ptr), E_INVALIDARG);
    assert_ptr_equal(ptr, SENTINEL);
    id = first_message(info_q, &text);
    assert_int_equal(id, D3D12_MESSAGE_ID_MAP_INVALIDHEAP);
    assert_string_equal(text, "ID3D12Resource::Map: the resource is on a D3D12_HEAP_TYPE_DEFAULT heap, which the CPU "
            "cannot access; returning E_INVALIDARG.");
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    assert_int_equal(ID3D12Resource_Map(reserved, 0, NULL, &ptr), E_INVALIDARG);
    assert_int_equal(ID3D12Resource_Map(upload, 1, NULL, &ptr), E_INVALIDARG);
    assert_ptr_equal(ptr, SENTINEL);
    /* Unmaps of nothing are reported and ignored. */
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    ID3D12Resource_Unmap(upload, 0, NULL);
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_RESOURCE_UNMAP_NOTMAPPED);
    ID3D12Resource_Unmap(upload, 1, NULL);
    ID3D12Resource_Unmap(def, 0, NULL);
    /* Buffers are not written through WriteToSubresource. */
    assert_int_equal(ID3D12Resource_WriteToSubresource(upload, 0, NULL, data, 4096, 4096), E_INVALIDARG);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(readback, data, 4096, 4096, 0, NULL), E_INVALIDARG);

    ID3D12Resource_Release(upload);
    ID3D12Resource_Release(readback);
    ID3D12Resource_Release(def);
    ID3D12Resource_Release(reserved);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_write_read_subresource(void **state)
{
    D3D12_RESOURCE_DESC desc = texture_desc(TEX3D, 128, 100, 64, 1, RGBA8, 0);
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_CUSTOM);
    const UINT row_pitch = 128 * 4, slice_pitch = 128 * 4 * 100;
    unsigned *src, *dst;
    ID3D12Resource *texture, *mip_texture;
    ID3D12Device *device;
    D3D12_BOX box;
    void *ptr = SENTINEL;
    unsigned i, x, y, z;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    props.CPUPageProperty = D3D12_CPU_PAGE_PROPERTY_WRITE_BACK;
    props.MemoryPoolPreference = D3D12_MEMORY_POOL_L0;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&texture), S_OK);
    src = malloc((size_t)slice_pitch * 64);
    dst = calloc(1, (size_t)slice_pitch * 64);
    assert_non_null(src);
    assert_non_null(dst);
    for (i = 0; i < 128 * 100 * 64; ++i)
        src[i] = i * 2654435761u;

    /* The pointer of a texture of UNKNOWN layout is not given, but Map with NULL is fine. */
    assert_int_equal(ID3D12Resource_Map(texture, 0, NULL, &ptr), E_INVALIDARG);
    assert_ptr_equal(ptr, SENTINEL);
    assert_int_equal(ID3D12Resource_Map(texture, 0, NULL, NULL), S_OK);
    ID3D12Resource_Unmap(texture, 0, NULL);

    /* Boxes outside the subresource (test_read_write_subresource). */
    box = (D3D12_BOX){0, 0, 0, 128, 100, 65};
    assert_int_equal(ID3D12Resource_ReadFromSubresource(texture, dst, row_pitch, slice_pitch, 0, &box), E_INVALIDARG);
    box = (D3D12_BOX){128, 0, 0, 128, 100, 65};
    assert_int_equal(ID3D12Resource_ReadFromSubresource(texture, dst, row_pitch, slice_pitch, 0, &box), E_INVALIDARG);
    assert_int_equal(ID3D12Resource_WriteToSubresource(texture, 1, NULL, src, row_pitch, slice_pitch), E_INVALIDARG);
    /* An empty box copies nothing. */
    box = (D3D12_BOX){128, 100, 64, 128, 100, 64};
    assert_int_equal(ID3D12Resource_ReadFromSubresource(texture, dst, row_pitch, slice_pitch, 0, &box), S_OK);
    assert_int_equal(dst[0], 0);

    /* The whole, then a region. */
    assert_int_equal(ID3D12Resource_WriteToSubresource(texture, 0, NULL, src, row_pitch, slice_pitch), S_OK);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(texture, dst, row_pitch, slice_pitch, 0, NULL), S_OK);
    assert_memory_equal(dst, src, (size_t)slice_pitch * 64);
    memset(dst, 0, (size_t)slice_pitch * 64);
    box = (D3D12_BOX){2, 2, 2, 11, 13, 17};
    assert_int_equal(ID3D12Resource_ReadFromSubresource(texture, dst, row_pitch, slice_pitch, 0, &box), S_OK);
    for (z = 0; z < 15; ++z)
        for (y = 0; y < 11; ++y)
            for (x = 0; x < 9; ++x)
                assert_int_equal(dst[z * 128 * 100 + y * 128 + x], src[(z + 2) * 128 * 100 + (y + 2) * 128 + x + 2]);

    /* A second mip of a 2D texture. */
    desc = texture_desc(TEX2D, 64, 64, 1, 2, RGBA8, 0);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&mip_texture), S_OK);
    assert_int_equal(ID3D12Resource_WriteToSubresource(mip_texture, 1, NULL, src, 32 * 4, 32 * 4 * 32), S_OK);
    memset(dst, 0, 32 * 32 * 4);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(mip_texture, dst, 32 * 4, 32 * 4 * 32, 1, NULL), S_OK);
    assert_memory_equal(dst, src, 32 * 32 * 4);
    assert_int_equal(ID3D12Resource_ReadFromSubresource(mip_texture, dst, 32 * 4, 32 * 4 * 32, 0, NULL), S_OK);
    assert_int_equal(dst[0], 0); /* mip 0 is still zero */

    /* A BC1 box on block edges (or the mip's edge) is copied; one at 2 is
     * refused (vkd3d's test_read_write_subresource records Windows). */
    {
        static const D3D12_BOX bad[] = {{0, 0, 0, 2, 2, 1}, {2, 2, 0, 4, 4, 1}, {2, 2, 0, 6, 6, 1}};
        ID3D12Resource *bc;

        desc = texture_desc(TEX2D, 64, 32, 1, 6, DXGI_FORMAT_BC1_UNORM, 0);
        assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_COMMON,
                NULL, &IID_ID3D12Resource, (void **)&bc), S_OK);
        for (x = 0; x < ARRAY_SIZE(bad); ++x)
            assert_int_equal(ID3D12Resource_ReadFromSubresource(bc, dst, 128, 128 * 8, 0, &bad[x]), E_INVALIDARG);
        box = (D3D12_BOX){4, 4, 0, 12, 8, 1};
        assert_int_equal(ID3D12Resource_ReadFromSubresource(bc, dst, 128, 128 * 8, 0, &box), S_OK);
        /* Mip 4 is 4 x 2: its bottom edge (2) is no block edge, and is allowed. */
        box = (D3D12_BOX){0, 0, 0, 4, 2, 1};
        assert_int_equal(ID3D12Resource_ReadFromSubresource(bc, dst, 128, 128 * 8, 4, &box), S_OK);
        ID3D12Resource_Release(bc);
    }

    free(src);
    free(dst);
    ID3D12Resource_Release(mip_texture);
    ID3D12Resource_Release(texture);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- GPU virtual addresses ---- */

static int compare_va(const void *a, const void *b)
{
    const D3D12_GPU_VIRTUAL_ADDRESS *x = a, *y = b;

    return *x < *y ? -1 : *x > *y;
}

static void test_gpu_virtual_addresses(void **state)
{
    static const char *const adapters[] = {"nvidia-rtx-4090", "fl11-minimal", "amd-radeon-680m"};
    static const unsigned bits[] = {40, 31, 48};
    struct row_failures failures = {0};
    D3D12_GPU_VIRTUAL_ADDRESS vas[24], ends[24], sorted[24];
    ID3D12Resource *buffers[24], *texture;
    D3D12_RESOURCE_DESC desc;
    ID3D12Device *device;
    unsigned a, i, j;

    (void)state;
    for (a = 0; a < ARRAY_SIZE(adapters); ++a)
    {
        device = resource_device_on(adapters[a]);
        for (i = 0; i < ARRAY_SIZE(buffers); ++i)
        {
            desc = buffer_desc(1 + i * 40000ull, 0);
            assert_int_equal(create_committed(device, i % 2 ? D3D12_HEAP_TYPE_UPLOAD : D3D12_HEAP_TYPE_DEFAULT, &desc,
                    i % 2 ? ST_GENERIC_READ : ST_COMMON, NULL, &buffers[i]), S_OK);
            vas[i] = ID3D12Resource_GetGPUVirtualAddress(buffers[i]);
            ends[i] = vas[i] + desc.Width;
            if (!vas[i] || vas[i] % 65536 || ends[i] > (1ull << bits[a]))
                row_fail(&failures, a, adapters[a], "buffer %u at 0x%llx", i, (unsigned long long)vas[i]);
        }
        memcpy(sorted, vas, sizeof(vas));
        qsort(sorted, ARRAY_SIZE(sorted), sizeof(sorted[0]), compare_va);
        for (i = 0; i < ARRAY_SIZE(buffers); ++i)
            for (j = 0; j < ARRAY_SIZE(buffers); ++j)
                if (i != j && vas[i] < ends[j] && vas[j] < ends[i])
                    row_fail(&failures, a, adapters[a], "buffers %u and %u overlap", i, j);
        for (i = 0; i < ARRAY_SIZE(buffers); ++i)
            ID3D12Resource_Release(buffers[i]);
        /* Textures answer 0 (test_create_committed_resource). */
        desc = texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, 0);
        assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &texture), S_OK);
        if (ID3D12Resource_GetGPUVirtualAddress(texture))
            row_fail(&failures, a, adapters[a], "a texture has an address");
        ID3D12Resource_Release(texture);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* ---- Video memory ---- */

static void test_memory_accounting(void **state)
{
    D3D12_RESOURCE_DESC buffer = buffer_desc(1 << 20, 0), texture = texture_desc(TEX2D, 1024, 1024, 1, 1, RGBA8, 0);
    ID3D12Resource *def, *upload, *tex;
    UINT64 local, non_local;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    void *out;

    (void)state;
    /* Discrete: DEFAULT is local, UPLOAD non-local. */
    device = resource_device_on("nvidia-rtx-4090");
    local = usage_of("nvidia-rtx-4090", 0);
    non_local = usage_of("nvidia-rtx-4090", 1);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, &def), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &buffer, ST_GENERIC_READ, NULL, &upload), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &texture, ST_COMMON, NULL, &tex), S_OK);
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), local + (1 << 20) + 4194304);
    assert_int_equal(usage_of("nvidia-rtx-4090", 1), non_local + (1 << 20));
    ID3D12Resource_Release(def);
    ID3D12Resource_Release(upload);
    ID3D12Resource_Release(tex);
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), local);
    assert_int_equal(usage_of("nvidia-rtx-4090", 1), non_local);
    /* A probe costs nothing; reserved resources cost nothing. */
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &buffer, ST_COMMON, NULL, &IID_ID3D12Resource, &out), S_OK);
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), local);
    IUnknown_Release((IUnknown *)out);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* UMA: everything is local. */
    device = resource_device_on("amd-radeon-680m");
    local = usage_of("amd-radeon-680m", 0);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &buffer, ST_GENERIC_READ, NULL, &upload), S_OK);
    assert_int_equal(usage_of("amd-radeon-680m", 0), local + (1 << 20));
    assert_int_equal(usage_of("amd-radeon-680m", 1), 0);
    ID3D12Resource_Release(upload);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* Past the profile's budget: E_OUTOFMEMORY, nothing charged. */
    enable_debug_layer();
    device = resource_device_on("res-small-budget");
    info_q = info_queue(device);
    buffer = buffer_desc(8 << 20, 0);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, &def), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, &tex), S_OK);
    out = SENTINEL;
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, (ID3D12Resource **)&out),
            E_OUTOFMEMORY);
    assert_null(out);
    id = first_message(info_q, &text);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_OUTOFMEMORY_RETURN);
    assert_string_equal(text, "ID3D12Device::CreateCommittedResource: 8388608 bytes more of local memory on node 0 "
            "would pass res-small-budget's budget of 16777216 bytes (16777216 in use); returning E_OUTOFMEMORY.");
    assert_int_equal(usage_of("res-small-budget", 0), 16 << 20);
    ID3D12Resource_Release(def);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, &def), S_OK);
    ID3D12Resource_Release(def);
    ID3D12Resource_Release(tex);
    assert_int_equal(usage_of("res-small-budget", 0), 0);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* A profile that states no memory size (vulkan-lavapipe) sets no limit:
     * 1 GiB is created and counted. */
    device = resource_device_on("vulkan-lavapipe");
    buffer = buffer_desc(1u << 30, 0);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &buffer, ST_GENERIC_READ, NULL, &upload), S_OK);
    assert_int_equal(usage_of("vulkan-lavapipe", 0), 1u << 30);
    ID3D12Resource_Release(upload);
    assert_int_equal(usage_of("vulkan-lavapipe", 0), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The second node of a two-node adapter counts on its own. */
static void test_memory_per_node(void **state)
{
    D3D12_RESOURCE_DESC buffer = buffer_desc(65536, 0);
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    mockd3d12_video_memory memory;
    ID3D12Resource *resource;
    ID3D12Device *device;

    (void)state;
    device = resource_device_on("res-two-nodes");
    props.CreationNodeMask = 2;
    props.VisibleNodeMask = 3;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &buffer, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_int_equal(mockd3d12_get_video_memory("res-two-nodes", 1, 0, &memory), S_OK);
    assert_int_equal(memory.current_usage, 65536);
    assert_int_equal(mockd3d12_get_video_memory("res-two-nodes", 0, 0, &memory), S_OK);
    assert_int_equal(memory.current_usage, 0);
    assert_int_equal(mockd3d12_get_video_memory("res-two-nodes", 2, 0, &memory), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_video_memory("res-two-nodes", 0, 2, &memory), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_video_memory("no-such-adapter", 0, 0, &memory), E_INVALIDARG);
    assert_int_equal(mockd3d12_get_video_memory("res-two-nodes", 0, 0, NULL), E_INVALIDARG);
    ID3D12Resource_Release(resource);
    /* A node mask naming no node. */
    props.CreationNodeMask = 4;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &buffer, ST_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* mockd3d12_watch_video_memory: each change of the adapter's usage calls
 * the watcher (what DXGI's budget-change events are built on); a watch of
 * another adapter, probes and reserved resources are not called; after the
 * unwatch, nothing is. */
static void count_change(void *context)
{
    ++*(unsigned *)context;
}

static void test_memory_watch(void **state)
{
    D3D12_RESOURCE_DESC buffer = buffer_desc(1 << 20, 0);
    unsigned changes = 0, other_changes = 0;
    ID3D12Resource *upload, *def;
    UINT cookie = 7, other = 7;
    ID3D12Device *device;
    void *out;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    assert_int_equal(mockd3d12_watch_video_memory("nvidia-rtx-4090", count_change, &changes, &cookie), S_OK);
    assert_int_not_equal(cookie, 0);
    assert_int_equal(mockd3d12_watch_video_memory("amd-radeon-680m", count_change, &other_changes, &other), S_OK);
    assert_int_not_equal(other, cookie);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &buffer, ST_GENERIC_READ, NULL, &upload), S_OK);
    assert_int_equal(changes, 1);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, &def), S_OK);
    assert_int_equal(changes, 2);
    /* A probe and a reserved resource hold no memory: no change. */
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &buffer, ST_COMMON, NULL, &IID_ID3D12Resource, &out),
            S_OK);
    IUnknown_Release((IUnknown *)out);
    assert_int_equal(changes, 2);
    ID3D12Resource_Release(upload);
    assert_int_equal(changes, 3);
    assert_int_equal(other_changes, 0);
    assert_int_equal(mockd3d12_unwatch_video_memory(cookie), S_OK);
    ID3D12Resource_Release(def);
    assert_int_equal(changes, 3);
    assert_int_equal(mockd3d12_unwatch_video_memory(cookie), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "no watch has cookie"));
    assert_int_equal(mockd3d12_unwatch_video_memory(other), S_OK);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* Refusals: cookie 0, the reason in the last error. */
    cookie = 7;
    assert_int_equal(mockd3d12_watch_video_memory("no-such-adapter", count_change, &changes, &cookie), E_INVALIDARG);
    assert_int_equal(cookie, 0);
    cookie = 7;
    assert_int_equal(mockd3d12_watch_video_memory("nvidia-rtx-4090", NULL, &changes, &cookie), E_INVALIDARG);
    assert_int_equal(cookie, 0);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_watch_video_memory: callback is NULL");
    assert_int_equal(mockd3d12_watch_video_memory(NULL, count_change, &changes, &cookie), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_watch_video_memory: id_or_path is NULL");
    assert_int_equal(mockd3d12_watch_video_memory("nvidia-rtx-4090", count_change, &changes, NULL), E_INVALIDARG);
    assert_int_equal(mockd3d12_unwatch_video_memory(0), E_INVALIDARG);
}

/* 8 GiB of DEFAULT textures on a 24 GiB GPU: accounted, and each costs one
 * small allocation (no backing memory). */
static void test_default_textures_cost_nothing(void **state)
{
    D3D12_RESOURCE_DESC desc = texture_desc(TEX2D, 16384, 16384, 1, 1, RGBA8, 0);
    ID3D12Resource *textures[8];
    D3D12_RESOURCE_ALLOCATION_INFO info;
    ID3D12Device *device;
    UINT64 before;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    info = allocation_info(device, 1, &desc);
    assert_int_equal(info.SizeInBytes, 1ull << 30);
    before = usage_of("nvidia-rtx-4090", 0);
    for (i = 0; i < ARRAY_SIZE(textures); ++i)
    {
        mk_alloc_fail_after(1); /* the resource's struct, nothing more */
        hr = create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &textures[i]);
        mk_alloc_fail_after(-1);
        assert_int_equal(hr, S_OK);
    }
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), before + (8ull << 30));
    for (i = 0; i < ARRAY_SIZE(textures); ++i)
        ID3D12Resource_Release(textures[i]);
    assert_int_equal(usage_of("nvidia-rtx-4090", 0), before);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Placed and reserved ---- */

static void test_placed_resources(void **state)
{
    D3D12_HEAP_DESC heap_desc;
    D3D12_RESOURCE_DESC desc = buffer_desc(32, 0);
    D3D12_CLEAR_VALUE clear = {RGBA8, {{1.0f, 0.0f, 0.0f, 1.0f}}};
    ID3D12Resource *a, *b, *resource;
    ID3D12Heap *heap, *other;
    ID3D12Device *device;
    unsigned char *pa, *pb;
    UINT64 usage;

    (void)state;
    device = resource_device_on("nvidia-rtx-2080"); /* resource heap tier 1 */
    memset(&heap_desc, 0, sizeof(heap_desc));
    heap_desc.SizeInBytes = 2 * 65536;
    heap_desc.Properties = heap_properties(D3D12_HEAP_TYPE_UPLOAD);
    heap_desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;
    usage = usage_of("nvidia-rtx-2080", 1);
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    assert_int_equal(usage_of("nvidia-rtx-2080", 1), usage + 2 * 65536);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&a), S_OK);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&b), S_OK);
    assert_int_equal(usage_of("nvidia-rtx-2080", 1), usage + 2 * 65536); /* placed: the heap's memory */
    /* Aliases: the same bytes and the same address. */
    assert_int_equal(ID3D12Resource_Map(a, 0, NULL, (void **)&pa), S_OK);
    assert_int_equal(ID3D12Resource_Map(b, 0, NULL, (void **)&pb), S_OK);
    assert_ptr_equal(pa, pb);
    pa[5] = 42;
    assert_int_equal(pb[5], 42);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(a) == ID3D12Resource_GetGPUVirtualAddress(b));
    assert_true(ID3D12Resource_GetGPUVirtualAddress(a) != 0);
    ID3D12Resource_Unmap(a, 0, NULL);
    ID3D12Resource_Unmap(b, 0, NULL);
    /* At the second 64 KiB: the address follows. */
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 65536, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) == ID3D12Resource_GetGPUVirtualAddress(a) + 65536);
    ID3D12Resource_Release(resource);
    /* Past the end, misaligned, a clear value, a texture in a buffer heap, no heap. */
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, heap_desc.SizeInBytes, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 256, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, ST_GENERIC_READ, &clear,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, NULL, 0, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    /* The heap lives while its placed resources do, its count untouched. */
    assert_int_equal(get_refcount(heap), 1);
    assert_int_equal(ID3D12Heap_Release(heap), 0);
    /* Reached again at count 0 (an AddRef and a Release, as vkd3d's
     * test_create_placed_resource records Windows): still alive, and a
     * new placed resource on it is created. */
    assert_int_equal(get_refcount(heap), 0);
    assert_int_equal(get_refcount(heap), 0);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 65536, &desc, ST_GENERIC_READ, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    assert_int_equal(ID3D12Resource_Map(a, 0, NULL, (void **)&pa), S_OK);
    assert_int_equal(pa[5], 42);
    ID3D12Resource_Unmap(a, 0, NULL);
    ID3D12Resource_Release(a);
    ID3D12Resource_Release(b);
    assert_int_equal(usage_of("nvidia-rtx-2080", 1), usage);

    /* A buffer takes its Width of the heap (vkd3d's test_map_placed_resources:
     * a 1024-byte buffer in a 1024-byte READBACK heap), not 64 KiB. */
    heap_desc.SizeInBytes = 1024;
    heap_desc.Properties = heap_properties(D3D12_HEAP_TYPE_READBACK);
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    desc = buffer_desc(1024, 0);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, D3D12_RESOURCE_STATE_COPY_DEST, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    ID3D12Resource_Release(resource);
    desc = buffer_desc(1025, 0);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, D3D12_RESOURCE_STATE_COPY_DEST, NULL,
            &IID_ID3D12Resource, (void **)&resource), E_INVALIDARG);
    ID3D12Heap_Release(heap);
    heap_desc.SizeInBytes = 2 * 65536;

    /* Tier 1 categories: a texture in a buffers-only heap; an RT in a non-RT heap. */
    heap_desc.Properties = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    desc = texture_desc(TEX2D, 32, 32, 1, 1, RGBA8, 0);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&resource), E_INVALIDARG);
    heap_desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&other), S_OK);
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, other, 0, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&resource), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) == 0);
    ID3D12Resource_Release(resource);
    desc.Flags = RT;
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, other, 0, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&resource), E_INVALIDARG);
    ID3D12Heap_Release(heap);
    ID3D12Heap_Release(other);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_reserved_resources(void **state)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(32, 0);
    D3D12_HEAP_PROPERTIES props;
    D3D12_HEAP_FLAGS flags = (D3D12_HEAP_FLAGS)0xdeadbeef;
    D3D12_CLEAR_VALUE clear = {RGBA8, {{1.0f, 0.0f, 0.0f, 1.0f}}};
    ID3D12Resource *resource;
    ID3D12Device *device;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&resource), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(resource) != 0);
    assert_int_equal(ID3D12Resource_GetHeapProperties(resource, &props, &flags), E_INVALIDARG);
    assert_int_equal(flags, 0xdeadbeef);
    ID3D12Resource_Release(resource);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, &clear, &IID_ID3D12Resource,
            (void **)&resource), E_INVALIDARG);
    desc.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&resource), E_INVALIDARG);
    desc = texture_desc(TEX2D, 64, 64, 1, 1, RGBA8, 0);
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&resource), E_INVALIDARG);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- COM ---- */

static void test_identity(void **state)
{
    static const GUID guid = {0x2b3c4d5e, 0x1111, 0x4222, {0x83, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa}};
    D3D12_RESOURCE_DESC desc = buffer_desc(256, 0);
    D3D12_HEAP_PROPERTIES props;
    D3D12_HEAP_FLAGS flags;
    ID3D12Resource *resource;
    ID3D12Device *device, *got;
    UINT value = 7, size = sizeof(value);
    void *out;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, ST_GENERIC_READ, NULL, &resource), S_OK);
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(ID3D12Resource_GetDevice(resource, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    ID3D12Device_Release(got);
    assert_int_equal(ID3D12Resource_QueryInterface(resource, &IID_ID3D12Pageable, &out), S_OK);
    IUnknown_Release((IUnknown *)out);
    assert_int_equal(ID3D12Resource_QueryInterface(resource, &IID_ID3D12Resource2, &out), S_OK);
    IUnknown_Release((IUnknown *)out);
    assert_int_equal(ID3D12Resource_QueryInterface(resource, &IID_ID3D12Heap, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(ID3D12Resource_SetPrivateData(resource, &guid, sizeof(value), &value), S_OK);
    value = 0;
    assert_int_equal(ID3D12Resource_GetPrivateData(resource, &guid, &size, &value), S_OK);
    assert_int_equal(value, 7);
    assert_int_equal(ID3D12Resource_SetName(resource, L"upload"), S_OK);
    assert_int_equal(ID3D12Resource_GetHeapProperties(resource, &props, &flags), S_OK);
    assert_int_equal(props.Type, D3D12_HEAP_TYPE_UPLOAD);
    assert_int_equal(props.CreationNodeMask, 1);
    assert_int_equal(flags, D3D12_HEAP_FLAG_NONE);
    assert_int_equal(ID3D12Resource_Release(resource), 0);
    /* A probe; a NULL IID; an IID the resource does not have. */
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, ST_GENERIC_READ, NULL, NULL), S_FALSE);
    out = SENTINEL;
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_GENERIC_READ,
            NULL, NULL, &out), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc, ST_GENERIC_READ,
            NULL, &IID_ID3D12Heap, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(get_refcount(device), 1);
    /* After RemoveDevice. */
    {
        ID3D12Device5 *device5;

        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
        device5->lpVtbl->RemoveDevice(device5);
        device5->lpVtbl->Release(device5);
    }
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &desc, ST_GENERIC_READ, NULL, &resource),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_out_of_memory(void **state)
{
    const struct
    {
        const char *name;
        D3D12_HEAP_TYPE heap;
        D3D12_RESOURCE_STATES state;
        unsigned allocations;
    }
    rows[] =
    {
        {"DEFAULT", D3D12_HEAP_TYPE_DEFAULT, ST_COMMON, 1},
        {"UPLOAD", D3D12_HEAP_TYPE_UPLOAD, ST_GENERIC_READ, 2},
    };
    D3D12_RESOURCE_DESC desc = buffer_desc(65536, 0);
    struct row_failures failures = {0};
    ID3D12Resource *resource;
    ID3D12Device *device;
    UINT64 local, non_local;
    unsigned i, n;
    HRESULT hr;

    (void)state;
    device = resource_device_on("nvidia-rtx-4090");
    local = usage_of("nvidia-rtx-4090", 0);
    non_local = usage_of("nvidia-rtx-4090", 1);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
        for (n = 0; n <= rows[i].allocations; ++n)
        {
            resource = SENTINEL;
            mk_alloc_fail_after(n);
            hr = create_committed(device, rows[i].heap, &desc, rows[i].state, NULL, &resource);
            mk_alloc_fail_after(-1);
            if (hr != (n < rows[i].allocations ? E_OUTOFMEMORY : S_OK))
                row_fail(&failures, i, rows[i].name, "allocation %u failing: hr %#x", n, (unsigned)hr);
            if (FAILED(hr) && (resource || get_refcount(device) != 1 || usage_of("nvidia-rtx-4090", 0) != local
                    || usage_of("nvidia-rtx-4090", 1) != non_local))
                row_fail(&failures, i, rows[i].name, "allocation %u failing: left something", n);
            if (SUCCEEDED(hr))
                ID3D12Resource_Release(resource);
        }
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

static void test_live_objects(void **state)
{
    D3D12_RESOURCE_DESC desc = buffer_desc(256, 0);
    ID3D12DebugDevice *debug;
    ID3D12InfoQueue *info_q;
    ID3D12Resource *resource;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    UINT64 i, count;
    bool found = false;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &resource), S_OK);
    ID3D12Resource_SetName(resource, L"vertices");
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL);
    count = ID3D12InfoQueue_GetNumStoredMessages(info_q);
    for (i = 0; i < count; ++i)
        if (strstr(message_text(info_q, i, &id), "ID3D12Resource") && id == D3D12_MESSAGE_ID_LIVE_RESOURCE)
            found = true;
    assert_true(found);
    ID3D12DebugDevice_Release(debug);
    ID3D12Resource_Release(resource);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Views of resources (src/device/device_descriptors.c) ---- */

static ID3D12DescriptorHeap *descriptor_heap(ID3D12Device *device, D3D12_DESCRIPTOR_HEAP_TYPE type)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {type, 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap;

    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap), S_OK);
    return heap;
}

static D3D12_CPU_DESCRIPTOR_HANDLE heap_start(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_CPU_DESCRIPTOR_HANDLE result;

    STRUCT_RESULT(D3D12_CPU_DESCRIPTOR_HANDLE, heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap, &result));
    return result;
#else
    return heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
#endif
}

static void test_views(void **state)
{
    D3D12_RESOURCE_DESC texture = texture_desc(TEX2D, 64, 64, 4, 1, RGBA8, RT), depth = texture_desc(TEX2D, 64, 64, 1, 1,
            D32, DS), buffer = buffer_desc(65536, UAV);
    ID3D12Resource *tex, *dep, *buf, *upload;
    ID3D12DescriptorHeap *views, *rtvs, *dsvs;
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    D3D12_SHADER_RESOURCE_VIEW_DESC srv;
    D3D12_UNORDERED_ACCESS_VIEW_DESC uav;
    ID3D12InfoQueue *info_q;
    struct obj_descriptor d;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = resource_device_on("nvidia-rtx-4090");
    info_q = info_queue(device);
    views = descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    rtvs = descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    dsvs = descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &texture, ST_COMMON, NULL, &tex), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &depth, D3D12_RESOURCE_STATE_DEPTH_WRITE, NULL,
            &dep), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &buffer, ST_COMMON, NULL, &buf), S_OK);
    buffer.Flags = 0;
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_UPLOAD, &buffer, ST_GENERIC_READ, NULL, &upload), S_OK);

    /* NULL descriptions take the resource's format and dimension. */
    ID3D12Device_CreateShaderResourceView(device, tex, NULL, heap_start(views));
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
    assert_int_equal(d.kind, OBJ_DESCRIPTOR_SRV);
    assert_int_equal(d.desc.srv.Format, RGBA8);
    assert_int_equal(d.desc.srv.ViewDimension, D3D12_SRV_DIMENSION_TEXTURE2DARRAY);
    assert_int_equal(d.desc.srv.Texture2DArray.ArraySize, 4);
    ID3D12Device_CreateRenderTargetView(device, tex, NULL, heap_start(rtvs));
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(rtvs), 0, &d);
    assert_int_equal(d.kind, OBJ_DESCRIPTOR_RTV);
    assert_int_equal(d.desc.rtv.ViewDimension, D3D12_RTV_DIMENSION_TEXTURE2DARRAY);
    ID3D12Device_CreateDepthStencilView(device, dep, NULL, heap_start(dsvs));
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(dsvs), 0, &d);
    assert_int_equal(d.kind, OBJ_DESCRIPTOR_DSV);
    assert_int_equal(d.desc.dsv.Format, D32);
    assert_int_equal(d.desc.dsv.ViewDimension, D3D12_DSV_DIMENSION_TEXTURE2D);
    /* A description of UNKNOWN format takes the resource's. */
    memset(&srv, 0, sizeof(srv));
    srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    srv.Texture2D.MipLevels = 1;
    ID3D12Device_CreateShaderResourceView(device, tex, &srv, heap_start(views));
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
    assert_int_equal(d.desc.srv.Format, RGBA8);
    /* A raw UAV of a UAV buffer, with a counter. */
    memset(&uav, 0, sizeof(uav));
    uav.Format = DXGI_FORMAT_R32_TYPELESS;
    uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    uav.Buffer.NumElements = 16;
    uav.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    ID3D12Device_CreateUnorderedAccessView(device, buf, buf, &uav, heap_start(views));
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
    assert_int_equal(d.kind, OBJ_DESCRIPTOR_UAV);
    /* A CBV within a buffer. */
    cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(upload) + 256;
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(device, &cbv, heap_start(views));
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
    assert_int_equal(d.kind, OBJ_DESCRIPTOR_CBV);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info_q), 0);

    /* Refusals: the flag the view needs, a dimension that does not fit, a buffer without a description, a CBV past
     * the buffer. */
    ID3D12Device_CreateRenderTargetView(device, dep, NULL, heap_start(rtvs));
    id = first_message(info_q, &text);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE);
    assert_non_null(strstr(text, "created without D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET"));
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    srv.Format = RGBA8;
    srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE3D;
    ID3D12Device_CreateShaderResourceView(device, tex, &srv, heap_start(views));
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS);
    assert_string_equal(text, "ID3D12Device::CreateShaderResourceView: a view of D3D12_SRV_DIMENSION_TEXTURE3D does not "
            "fit pResource, a TEXTURE2D of 1 sample(s); nothing is written.");
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    ID3D12Device_CreateShaderResourceView(device, upload, NULL, heap_start(views));
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    ID3D12Device_CreateUnorderedAccessView(device, tex, NULL, NULL, heap_start(views));
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE);
    ID3D12InfoQueue_ClearStoredMessages(info_q);
    cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(upload) + 65536 - 128;
    ID3D12Device_CreateConstantBufferView(device, &cbv, heap_start(views));
    assert_int_equal(first_message(info_q, &text), D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE);
    /* The slot keeps what it held. */
    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
    assert_int_equal(d.kind, OBJ_DESCRIPTOR_CBV);

    ID3D12Resource_Release(tex);
    ID3D12Resource_Release(dep);
    ID3D12Resource_Release(buf);
    ID3D12Resource_Release(upload);
    ID3D12DescriptorHeap_Release(views);
    ID3D12DescriptorHeap_Release(rtvs);
    ID3D12DescriptorHeap_Release(dsvs);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_windows_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_capability_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_protected_session, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_allocation_info, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_map, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_write_read_subresource, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_gpu_virtual_addresses, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_memory_accounting, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_memory_per_node, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_memory_watch, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_default_textures_cost_nothing, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_placed_resources, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_reserved_resources, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_identity, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_objects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_views, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
