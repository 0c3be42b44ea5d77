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
 * suite checks the rest). Then the DESC1 and enhanced-barrier entry points and
 * every refusal of a description, with its debug-layer message.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <limits.h>

#include "alloc.h"
#include "descriptor_heap.h"
#include "heap.h"
#include "resource.h"
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
#define R32_TYPELESS DXGI_FORMAT_R32_TYPELESS
#define FEEDBACK DXGI_FORMAT_SAMPLER_FEEDBACK_MIN_MIP_OPAQUE
#define BUF D3D12_RESOURCE_DIMENSION_BUFFER
#define RM D3D12_TEXTURE_LAYOUT_ROW_MAJOR
#define UNK D3D12_TEXTURE_LAYOUT_UNKNOWN
#define RES_FLAGS(x) ((D3D12_RESOURCE_FLAGS)(x))
#define NO_MESSAGE ((D3D12_MESSAGE_ID)0)

/* ---- What Windows records (vkd3d, vkd3d-proton) ---- */

/* The enums' names the refusals cite, as the headers spell them after
 * their prefix; "?" for a value the enum does not have. */
static void test_enum_names(void **state)
{
    (void)state;
    assert_string_equal(obj_heap_type_name(D3D12_HEAP_TYPE_DEFAULT), "DEFAULT");
    assert_string_equal(obj_heap_type_name(D3D12_HEAP_TYPE_GPU_UPLOAD), "GPU_UPLOAD");
    assert_string_equal(obj_heap_type_name((D3D12_HEAP_TYPE)0), "?");
    assert_string_equal(obj_heap_type_name((D3D12_HEAP_TYPE)6), "?");
    assert_string_equal(obj_resource_dimension_name(D3D12_RESOURCE_DIMENSION_UNKNOWN), "UNKNOWN");
    assert_string_equal(obj_resource_dimension_name(D3D12_RESOURCE_DIMENSION_TEXTURE3D), "TEXTURE3D");
    assert_string_equal(obj_resource_dimension_name((D3D12_RESOURCE_DIMENSION)5), "?");
    assert_string_equal(obj_descriptor_heap_type_name(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV), "CBV_SRV_UAV");
    assert_string_equal(obj_descriptor_heap_type_name(D3D12_DESCRIPTOR_HEAP_TYPE_DSV), "DSV");
    assert_string_equal(obj_descriptor_heap_type_name(D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES), "?");
}

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
        /* Agility SDK 1.606 and later (the default runtime): COMMON and a
         * part of GENERIC_READ; test_cpu_heap_states_by_runtime for older ones. */
        {"upload buffer in ST_COMMON", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0), ST_COMMON, false, S_OK, 1},
        {"upload buffer in COPY_SOURCE", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0),
                D3D12_RESOURCE_STATE_COPY_SOURCE, false, S_OK, 1},
        {"upload buffer in COPY_DEST", D3D12_HEAP_TYPE_UPLOAD, buffer_desc(32, 0), ST_COPY_DEST, false, E_INVALIDARG, 0},
        {"readback buffer", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, 0), ST_COPY_DEST, false, S_OK, 1},
        {"readback buffer in ST_COMMON", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, 0), ST_COMMON, false, S_OK, 1},
        {"readback buffer in ST_GENERIC_READ", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, 0), ST_GENERIC_READ, false,
                E_INVALIDARG, 0},
        {"readback buffer in COPY_SOURCE", D3D12_HEAP_TYPE_READBACK, buffer_desc(32, 0),
                D3D12_RESOURCE_STATE_COPY_SOURCE, false, E_INVALIDARG, 0},
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

/* The initial states of UPLOAD and READBACK heaps by simulated runtime:
 * COMMON (and, on UPLOAD, a part of GENERIC_READ) from Agility SDK 1.606
 * (vkd3d-proton's test_create_committed_resource, commit a9bb59f2, run on
 * Windows; Godot #112914: refused by older runtimes), with and without
 * enhanced barriers, committed and placed. */
static void test_cpu_heap_states_by_runtime(void **state)
{
    static const mockd3d12_runtime retail_602 = {MOCKD3D12_RUNTIME_RETAIL, 602, 702, 620, 721, FALSE};
    static const mockd3d12_runtime retail_606 = {MOCKD3D12_RUNTIME_RETAIL, 606, 706, 620, 721, FALSE};
    static const mockd3d12_runtime preview_702 = {MOCKD3D12_RUNTIME_PREVIEW, 602, 702, 620, 721, FALSE};
    static const mockd3d12_runtime preview_710 = {MOCKD3D12_RUNTIME_PREVIEW, 610, 710, 620, 721, FALSE};
    static const struct
    {
        const char *name;
        const mockd3d12_runtime *runtime;
        const char *adapter;
        D3D12_HEAP_TYPE heap;
        D3D12_RESOURCE_STATES state;
        bool placed;
        HRESULT hr;
        const char *message; /* a part of the refusal's debug message */
    }
    rows[] =
    {
        {"602: upload COMMON refused", &retail_602, "nvidia-rtx-4090", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON, false,
                E_INVALIDARG, "D3D12_HEAP_TYPE_UPLOAD heap starts in D3D12_RESOURCE_STATE_GENERIC_READ, not "
                "D3D12_RESOURCE_STATE_COMMON (runtime 602"},
        {"602: upload COPY_SOURCE refused", &retail_602, "nvidia-rtx-4090", D3D12_HEAP_TYPE_UPLOAD,
                D3D12_RESOURCE_STATE_COPY_SOURCE, false, E_INVALIDARG, "GENERIC_READ, not"},
        {"602: upload GENERIC_READ", &retail_602, "nvidia-rtx-4090", D3D12_HEAP_TYPE_UPLOAD, ST_GENERIC_READ, false,
                S_OK, NULL},
        {"602: readback COMMON refused", &retail_602, "nvidia-rtx-4090", D3D12_HEAP_TYPE_READBACK, ST_COMMON, false,
                E_INVALIDARG, "D3D12_HEAP_TYPE_READBACK heap starts in D3D12_RESOURCE_STATE_COPY_DEST, not"},
        {"602: readback COPY_DEST", &retail_602, "nvidia-rtx-4090", D3D12_HEAP_TYPE_READBACK, ST_COPY_DEST, false,
                S_OK, NULL},
        {"602: placed upload COMMON refused", &retail_602, "nvidia-rtx-4090", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON, true,
                E_INVALIDARG, "GENERIC_READ, not"},
        {"preview 702: upload COMMON refused", &preview_702, "nvidia-rtx-4090", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON,
                false, E_INVALIDARG, "runtime 702"},
        {"606: upload COMMON", &retail_606, "nvidia-rtx-4090", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON, false, S_OK, NULL},
        {"606: upload COMMON, no enhanced barriers", &retail_606, "nvidia-rtx-2080", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON,
                false, S_OK, NULL},
        {"606: upload INDEX_BUFFER|COPY_SOURCE", &retail_606, "nvidia-rtx-2080", D3D12_HEAP_TYPE_UPLOAD,
                D3D12_RESOURCE_STATE_INDEX_BUFFER | D3D12_RESOURCE_STATE_COPY_SOURCE, false, S_OK, NULL},
        {"606: upload RESOLVE_SOURCE refused", &retail_606, "nvidia-rtx-2080", D3D12_HEAP_TYPE_UPLOAD,
                D3D12_RESOURCE_STATE_RESOLVE_SOURCE, false, E_INVALIDARG,
                "a part of D3D12_RESOURCE_STATE_GENERIC_READ or D3D12_RESOURCE_STATE_COMMON, not"},
        {"606: readback COMMON, no enhanced barriers", &retail_606, "nvidia-rtx-2080", D3D12_HEAP_TYPE_READBACK,
                ST_COMMON, false, S_OK, NULL},
        {"606: readback GENERIC_READ refused", &retail_606, "nvidia-rtx-2080", D3D12_HEAP_TYPE_READBACK,
                ST_GENERIC_READ, false, E_INVALIDARG, "D3D12_RESOURCE_STATE_COPY_DEST or D3D12_RESOURCE_STATE_COMMON"},
        {"606: placed upload COMMON", &retail_606, "nvidia-rtx-2080", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON, true, S_OK,
                NULL},
        {"606: placed readback COMMON", &retail_606, "nvidia-rtx-4090", D3D12_HEAP_TYPE_READBACK, ST_COMMON, true, S_OK,
                NULL},
        {"preview 710: upload COMMON", &preview_710, "nvidia-rtx-2080", D3D12_HEAP_TYPE_UPLOAD, ST_COMMON, false, S_OK,
                NULL},
    };
    D3D12_RESOURCE_DESC desc = buffer_desc(256, 0);
    struct row_failures failures = {0};
    ID3D12Resource *resource;
    ID3D12InfoQueue *info_q;
    ID3D12Device *device;
    D3D12_HEAP_DESC hd;
    ID3D12Heap *heap;
    const char *text;
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        assert_int_equal(mockd3d12_set_runtime(rows[i].runtime), S_OK);
        enable_debug_layer();
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        resource = SENTINEL;
        if (rows[i].placed)
        {
            hd = heap_desc_of(rows[i].heap, 65536, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
            assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
            ID3D12InfoQueue_ClearStoredMessages(info_q);
            hr = ID3D12Device_CreatePlacedResource(device, heap, 0, &desc, rows[i].state, NULL, &IID_ID3D12Resource,
                    (void **)&resource);
            ID3D12Heap_Release(heap);
        }
        else
        {
            ID3D12InfoQueue_ClearStoredMessages(info_q);
            hr = create_committed(device, rows[i].heap, &desc, rows[i].state, NULL, &resource);
        }
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (rows[i].message && (first_message(info_q, &text) != D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN
                || !strstr(text, rows[i].message)))
            row_fail(&failures, i, rows[i].name, "message \"%s\"", text);
        if (SUCCEEDED(hr) && resource && resource != SENTINEL)
            ID3D12Resource_Release(resource);
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
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
        /* The capability gates views of it, not its creation (test_cross_adapter_row_major). */
        {"cross-adapter row-major texture without CrossAdapterRowMajorTextureSupported", "nvidia-rtx-4090", COMMITTED,
                D3D12_HEAP_TYPE_DEFAULT, cross, ST_COMMON, 0, S_OK, 0, NULL},
        {"cross-adapter row-major texture's size without the capability", "nvidia-rtx-4090", ALLOCATION_INFO, 0, cross,
                0, 0, S_OK, 0, NULL},
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
        /* The device's first buffer also makes its list of buffer ranges (obj_device_buffer_add), once. */
        {"DEFAULT", D3D12_HEAP_TYPE_DEFAULT, ST_COMMON, 2},
        {"UPLOAD", D3D12_HEAP_TYPE_UPLOAD, ST_GENERIC_READ, 1}, /* its bytes in the object's allocation */
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

/* Cross-adapter row-major textures exist, are sized and placed on every
 * adapter; CrossAdapterRowMajorTextureSupported gates their SRVs, UAVs and
 * RTVs ("Shared heaps": "certain restrictions may apply to such textures, such
 * as only supporting copying"; D3DKMT_CROSSADAPTERRESOURCE_SUPPORT_TIER_TEXTURE:
 * the views). intel-arc-a770 has the capability, nvidia-rtx-4090 not. */
static void test_cross_adapter_row_major(void **state)
{
    static const struct
    {
        const char *name;
        const char *adapter;
        bool views;
    }
    rows[] =
    {
        {"capability: created, placed and viewed", "intel-arc-a770", true},
        {"no capability: created and placed, views refused", "nvidia-rtx-4090", false},
    };
    const D3D12_RESOURCE_DESC cross = {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, RM,
            D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER | RT};
    const D3D12_HEAP_FLAGS shared = D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER;
    D3D12_HEAP_PROPERTIES props = heap_properties(D3D12_HEAP_TYPE_DEFAULT);
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536, shared | D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES);
    D3D12_RESOURCE_ALLOCATION_INFO info;
    struct row_failures failures = {0};
    ID3D12Resource *committed, *placed;
    ID3D12DescriptorHeap *views, *rtvs;
    ID3D12InfoQueue *info_q;
    struct obj_descriptor d;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    ID3D12Heap *heap;
    unsigned i;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info_q = info_queue(device);
        info = allocation_info(device, 1, &cross);
        /* 64 rows of 256 bytes, in one 64 KiB block. */
        if (info.SizeInBytes != 65536 || info.Alignment != 65536)
            row_fail(&failures, i, rows[i].name, "GetResourceAllocationInfo {%llu, %llu}",
                    (unsigned long long)info.SizeInBytes, (unsigned long long)info.Alignment);
        assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
        if (ID3D12Device_CreatePlacedResource(device, heap, 0, &cross, ST_COMMON, NULL, &IID_ID3D12Resource,
                (void **)&placed) != S_OK)
            row_fail(&failures, i, rows[i].name, "CreatePlacedResource failed");
        if (ID3D12Device_CreateCommittedResource(device, &props, shared, &cross, ST_COMMON, NULL, &IID_ID3D12Resource,
                (void **)&committed) != S_OK)
            fail_msg("%s: CreateCommittedResource failed", rows[i].name);
        views = descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
        rtvs = descriptor_heap(device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        ID3D12Device_CreateShaderResourceView(device, committed, NULL, heap_start(views));
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(views), 0, &d);
        id = first_message(info_q, &text);
        if ((d.kind == OBJ_DESCRIPTOR_SRV) != rows[i].views)
            row_fail(&failures, i, rows[i].name, "SRV written: %d", d.kind == OBJ_DESCRIPTOR_SRV);
        if (!rows[i].views && (id != D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE
                || !strstr(text, "a view of a D3D12_TEXTURE_LAYOUT_ROW_MAJOR (cross-adapter) texture needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS::CrossAdapterRowMajorTextureSupported, which is FALSE on nvidia-rtx-4090")))
            row_fail(&failures, i, rows[i].name, "SRV message %d \"%s\"", (int)id, text);
        ID3D12InfoQueue_ClearStoredMessages(info_q);
        ID3D12Device_CreateRenderTargetView(device, placed, NULL, heap_start(rtvs));
        obj_descriptor_heap_read(obj_descriptor_heap_from_iface(rtvs), 0, &d);
        if ((d.kind == OBJ_DESCRIPTOR_RTV) != rows[i].views)
            row_fail(&failures, i, rows[i].name, "RTV written: %d", d.kind == OBJ_DESCRIPTOR_RTV);
        if (!rows[i].views && first_message(info_q, &text) != D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE)
            row_fail(&failures, i, rows[i].name, "RTV message \"%s\"", text);
        ID3D12DescriptorHeap_Release(rtvs);
        ID3D12DescriptorHeap_Release(views);
        ID3D12Resource_Release(committed);
        if (placed)
            ID3D12Resource_Release(placed);
        ID3D12Heap_Release(heap);
        ID3D12InfoQueue_Release(info_q);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* OPTIONS4.MSAA64KBAlignedTextureSupported: a 1920 x 1080 4x render target
 * asked for at 64 KB gets 64 KB from GetResourceAllocationInfo and is placed
 * at a 64 KB offset of a heap of that size (vkd3d-proton's
 * test_placed_msaa_alignment_workaround records Windows' 64 KB answer); an
 * adapter without it answers UINT64_MAX and refuses the placement. */
static void test_msaa_64kb_placement(void **state)
{
    static const struct
    {
        const char *name;
        const char *adapter;
        bool aligned;
    }
    rows[] =
    {
        {"MSAA64KBAlignedTextureSupported: 64 KB, placed", "nvidia-rtx-4090", true},
        {"without it: UINT64_MAX, refused", "min-fl12_0", false},
    };
    D3D12_RESOURCE_DESC desc = texture_desc(TEX2D, 1920, 1080, 1, 1, RGBA8, RT);
    const UINT64 size = (1920ull * 1080 * 4 * 4 + 65535) / 65536 * 65536;
    D3D12_RESOURCE_ALLOCATION_INFO info;
    struct row_failures failures = {0};
    ID3D12Resource *resource;
    ID3D12Device *device;
    D3D12_HEAP_DESC hd;
    ID3D12Heap *heap;
    unsigned i;
    HRESULT hr;

    (void)state;
    desc.SampleDesc.Count = 4;
    desc.Alignment = 65536;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = resource_device_on(rows[i].adapter);
        info = allocation_info(device, 1, &desc);
        if (rows[i].aligned ? info.SizeInBytes != size || info.Alignment != 65536
                : info.SizeInBytes != UINT64_MAX || info.Alignment != 4194304)
            row_fail(&failures, i, rows[i].name, "GetResourceAllocationInfo {%llu, %llu}",
                    (unsigned long long)info.SizeInBytes, (unsigned long long)info.Alignment);
        hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 65536 + size, D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES);
        assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heap), S_OK);
        resource = NULL;
        hr = ID3D12Device_CreatePlacedResource(device, heap, 65536, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET, NULL,
                &IID_ID3D12Resource, (void **)&resource);
        if (hr != (rows[i].aligned ? S_OK : E_INVALIDARG))
            row_fail(&failures, i, rows[i].name, "CreatePlacedResource: hr %#x", (unsigned)hr);
        if (resource)
            ID3D12Resource_Release(resource);
        ID3D12Heap_Release(heap);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
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

/* ---- The DESC1 and enhanced-barrier entry points, their refusals, views without a description ---- */

/*
 * The paths the rows above do not take (docs/objects.md, "ID3D12Resource"):
 * the DESC1 and enhanced-barrier entry points (CreateCommittedResource2,
 * CreatePlacedResource1/2, CreateReservedResource1/2, GetDesc1), each
 * refusal of a description, heap property, heap flag, initial state or
 * layout, clear value and castable format list with its debug-layer
 * message, a device removed, private data and protected sessions of
 * resources and heaps, the views a NULL description gives, full mip
 * chains, reserved resources' quality levels, CPU access, and the GPU
 * address space exhausted. (The heaps' own refusals: test_heap.c.)
 */

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

/* ---- Every refusal of a committed resource, through the DESC1 entry points ---- */

enum desc1_method { DESC1_COMMITTED2, DESC1_COMMITTED3 };

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
        enum desc1_method method;
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
        {"buffer of Height 2", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 0, 256, 2, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "ID3D12Device8::CreateCommittedResource2: a buffer's Height (2) and DepthOrArraySize (1) are 1; "
                "returning E_INVALIDARG."},
        {"buffer of 2 mips", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 0, 256, 1, 1, 2, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS, "a buffer's MipLevels (2) is 1"},
        {"buffer of a format", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 0, 256, 1, 1, 1, RGBA8, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDFORMAT,
                "a buffer's Format (28) is DXGI_FORMAT_UNKNOWN"},
        {"buffer of 2 samples", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 0, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {2, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "a buffer's SampleDesc (2, 0) is (1, 0)"},
        {"buffer wider than a resource may span", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 0, 1ull << 60, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_OUTOFMEMORY, D3D12_MESSAGE_ID_CREATERESOURCE_OUTOFMEMORY_RETURN,
                "Width 1152921504606846976 is more than a resource may span on nvidia-rtx-4090: 2^"},
        /* Texture size, format and feedback maps. */
        {"texture of Height 0", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 0, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "a TEXTURE2D's Width (32), Height (0) and DepthOrArraySize (1) are not 0"},
        {"Format 5000", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, (DXGI_FORMAT)5000, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDFORMAT,
                "Format 5000 is not a DXGI_FORMAT this runtime knows"},
        {"feedback map (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"feedback map of a TEXTURE3D", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX3D, 0, 64, 64, 4, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_DIMENSION,
                "a sampler feedback map is a TEXTURE2D, not a TEXTURE3D"},
        {"feedback map without UAV", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, 0, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a sampler feedback map needs D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS"},
        {"feedback map, mip region 3 x 4", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {3, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION,
                "SamplerFeedbackMipRegion (3 x 4) is not powers of two of 4 or more"},
        {"feedback map, mip region 4 x 6", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 6, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION,
                "SamplerFeedbackMipRegion (4 x 6)"},
        {"RGBA8 with a mip region", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, UNK, 0, {4, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_NONZERO_SAMPLER_FEEDBACK_MIP_REGION_WITH_INCOMPATIBLE_FORMAT,
                "SamplerFeedbackMipRegion is not 0 but DXGI_FORMAT_R8G8B8A8_UNORM is no sampler feedback format"},
        {"BC1 of 30 x 30", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 30, 30, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "30 x 30 is no multiple of DXGI_FORMAT_BC1_UNORM's 4 x 4 blocks"},
        {"BC1 of 32 x 32 (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        /* Texture flags. */
        {"depth stencil and render target", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, R32_TYPELESS, {1, 0}, UNK, DS | RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL does not go with ALLOW_RENDER_TARGET, ALLOW_UNORDERED_ACCESS or "
                "ALLOW_SIMULTANEOUS_ACCESS (Flags 0x3)"},
        {"3D depth stencil", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX3D, 0, 32, 32, 4, 1, R32_TYPELESS, {1, 0}, UNK, DS, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a TEXTURE3D cannot be D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL"},
        {"texture flagged an acceleration structure", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x100), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a texture cannot be D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE"},
        /* Samples. */
        {"one sample of quality 1", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 1}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC,
                "SampleDesc.Quality 1 is not 0 with one sample"},
        {"multisampled TEXTURE3D", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX3D, 0, 32, 32, 4, 1, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDSAMPLEDESC, "a TEXTURE3D has one sample, not 4"},
        {"multisampled, 2 mips", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 2, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMIPLEVELS,
                "a multisampled texture has one mip level, not 2"},
        {"multisampled, neither RT nor DS", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {4, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a multisampled texture is D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET or ALLOW_DEPTH_STENCIL"},
        /* Layout and alignment. */
        {"Layout 9", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, (D3D12_TEXTURE_LAYOUT)9, 0, {0, 0, 0}}, ST_COMMON, NULL, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDLAYOUT, "Layout 9 is no D3D12_TEXTURE_LAYOUT"},
        {"texture Alignment 12345", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 12345, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT,
                "Alignment 12345 is not 0, 4096, 65536 or 4194304"},
        {"small texture Alignment 4096 (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 4096, 16, 16, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"large texture Alignment 4096", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 4096, 256, 256, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT_SMALLRESOURCE,
                "Alignment 4096 cannot be honoured: the texture is larger than a small resource may be"},
        /* Dimension and flags. */
        {"Dimension 9", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {(D3D12_RESOURCE_DIMENSION)9, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDDIMENSIONALITY,
                "Dimension 9 is no D3D12_RESOURCE_DIMENSION"},
        {"resource flag 0x10000", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x10000), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "Flags 0x10000 has bits (0x10000) that are no D3D12_RESOURCE_FLAGS"},
        {"video decode reference flag", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 32, 32, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x40), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "a video-only D3D12_RESOURCE_FLAG (decode or encode reference, LUT) needs a video engine, which "
                "nvidia-rtx-4090 does not have"},
        /* Alignment of buffers, tight or not. */
        {"buffer Alignment 4096", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 4096, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT,
                "a buffer's Alignment (4096) is 0 or 65536; returning"},
        {"tight buffer Alignment 3", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 3, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL,
                0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 3 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        {"tight buffer Alignment 256", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 256, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL,
                0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 256 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        {"tight buffer Alignment 65536", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {BUF, 65536, 256, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0}, RM, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON,
                NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 65536 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        /* Texture sizes past the limits. */
        {"TEXTURE2D 16 x 16385", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 16, 16385, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "16 x 16385 is larger than a TEXTURE2D may be at every D3D12 feature level: 16384 "
                "(D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION)"},
        {"TEXTURE3D 2049 wide", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX3D, 0, 2049, 16, 4, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDIMENSIONS,
                "2049 x 16 is larger than a TEXTURE3D may be at every D3D12 feature level: 2048 "
                "(D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION)"},
        /* More mip regions. */
        {"feedback map, mip region 4 x 2", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {4, 2, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION, "SamplerFeedbackMipRegion (4 x 2)"},
        {"feedback map, mip region 6 x 4", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, FEEDBACK, {1, 0}, UNK, UAV, {6, 4, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_MAP_INVALID_MIP_REGION, "SamplerFeedbackMipRegion (6 x 4)"},
        /* Row-major textures: one mip, slice and sample of a 2D cross-adapter texture. */
        {"row-major of 2 mips", "intel-arc-a770", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 2, RGBA8, {1, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is a committed or placed D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER "
                "TEXTURE2D of one mip level, slice and sample"},
        {"row-major array of 2", "intel-arc-a770", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 2, 1, RGBA8, {1, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is"},
        {"row-major of 4 samples", "intel-arc-a770", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, RGBA8, {4, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER | RT, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is"},
        {"row-major TEXTURE3D", "intel-arc-a770", DESC1_COMMITTED2, &def, 0,
                {TEX3D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, RM, D3D12_RESOURCE_FLAG_ALLOW_CROSS_ADAPTER, {0, 0, 0}},
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDLAYOUT,
                "a D3D12_TEXTURE_LAYOUT_ROW_MAJOR texture is"},
        /* Texture alignments allowed. */
        {"texture Alignment 65536 (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 65536, 64, 64, 1, 1, RGBA8, {1, 0}, UNK, 0, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"multisampled Alignment 4194304 (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 4194304, 64, 64, 1, 1, RGBA8, {4, 0}, UNK, RT, {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"tight texture (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 8, 8, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"tight texture Alignment 4096", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 4096, 8, 8, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDALIGNMENT, "Alignment 4096 is not 0: a D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT resource leaves its alignment to the driver"},
        {"tight texture of a 64KB layout", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 0, 64, 64, 1, 1, RGBA8, {1, 0}, D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE, RES_FLAGS(0x400),
                {0, 0, 0}}, ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_RESOURCE_FLAG_USE_TIGHT_ALIGNMENT does not go with a 64KB_*_SWIZZLE layout: its alignment is 64 KB"},
        {"tight texture Alignment 256, unsupported", "nvidia-rtx-3080-ti", DESC1_COMMITTED2, &def, 0,
                {TEX2D, 256, 8, 8, 1, 1, RGBA8, {1, 0}, UNK, RES_FLAGS(0x400), {0, 0, 0}}, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDMISCFLAGS,
                "D3D12_FEATURE_DATA_TIGHT_ALIGNMENT::SupportTier"},
        /* Heap types and properties. */
        {"heap Type 0", "nvidia-rtx-4090", DESC1_COMMITTED2, &type0, 0, buf, ST_COMMON, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDHEAPTYPE, "Type 0 is no D3D12_HEAP_TYPE"},
        {"heap Type 99", "nvidia-rtx-4090", DESC1_COMMITTED2, &type99, 0, buf, ST_COMMON, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDHEAPTYPE, "Type 99 is no D3D12_HEAP_TYPE"},
        {"DEFAULT heap naming a pool", "nvidia-rtx-4090", DESC1_COMMITTED2, &def_pool, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "a D3D12_HEAP_TYPE_DEFAULT heap has CPUPageProperty and MemoryPoolPreference UNKNOWN (only CUSTOM heaps "
                "name them)"},
        {"VisibleNodeMask 0x2 on one node", "nvidia-rtx-4090", DESC1_COMMITTED2, &def_node2, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "CreationNodeMask 0x0 and VisibleNodeMask 0x2 do not name nodes of the adapter's 1"},
        {"CUSTOM L1 (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED2, &custom_l1, 0, buf, ST_COMMON, NULL, 0, NULL, S_OK,
                NO_MESSAGE, NULL},
        {"CUSTOM L1 on a UMA adapter", "warp", DESC1_COMMITTED2, &custom_l1, 0, buf, ST_COMMON, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "D3D12_MEMORY_POOL_L1 is no pool of a UMA adapter (D3D12_FEATURE_DATA_ARCHITECTURE::UMA is TRUE)"},
        {"CUSTOM L1 CPU-visible", "nvidia-rtx-4090", DESC1_COMMITTED2, &custom_l1_visible, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPPROPERTIES,
                "D3D12_MEMORY_POOL_L1 (video memory) cannot be CPU-visible: its CPUPageProperty is NOT_AVAILABLE"},
        /* Heap properties and flags. */
        {"NULL heap properties", "nvidia-rtx-4090", DESC1_COMMITTED2, NULL, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_NULLHEAPPROPERTIES, "pHeapProperties is NULL"},
        {"CUSTOM, CPUPageProperty 9", "nvidia-rtx-4090", DESC1_COMMITTED2, &custom_page9, 0, buf, ST_COMMON, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDCPUPAGEPROPERTIES,
                "CPUPageProperty 9 is no D3D12_CPU_PAGE_PROPERTY"},
        {"CUSTOM, MemoryPoolPreference 9", "nvidia-rtx-4090", DESC1_COMMITTED2, &custom_pool9, 0, buf, ST_COMMON, NULL, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_UNRECOGNIZEDMEMORYPOOL,
                "MemoryPoolPreference 9 is no D3D12_MEMORY_POOL"},
        {"HARDWARE_PROTECTED heap", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, D3D12_HEAP_FLAG_HARDWARE_PROTECTED, buf,
                ST_COMMON, NULL, 0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCEANDHEAP_INVALIDHEAPMISCFLAGS,
                "D3D12_HEAP_FLAG_HARDWARE_PROTECTED needs a protected session, and mockd3d12 models none"},
        {"cross-adapter heap (allowed)", "intel-arc-a770", DESC1_COMMITTED2, &def,
                D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, buf, ST_COMMON, NULL, 0, NULL,
                S_OK, NO_MESSAGE, NULL},
        {"cross-adapter heap without CrossAdapterRowMajorTextureSupported (allowed)", "nvidia-rtx-4090",
                DESC1_COMMITTED2, &def, D3D12_HEAP_FLAG_SHARED | D3D12_HEAP_FLAG_SHARED_CROSS_ADAPTER, buf, ST_COMMON,
                NULL, 0, NULL, S_OK, NO_MESSAGE, NULL},
        /* Initial states. */
        {"InitialState 0x80000000", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, tex, 0x80000000u, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "InitialState 0x80000000 has bits (0x80000000) that are no D3D12_RESOURCE_STATES"},
        {"DEPTH_READ | PIXEL_SHADER_RESOURCE without the flag", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, tex,
                D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, NULL, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "InitialState 0xa0 needs the resource flag that allows it (Flags 0x0)"},
        /* Clear values. */
        {"clear value of a texture neither RT nor DS (ignored)", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, tex,
                ST_COMMON, &red, 0, NULL, S_OK, NO_MESSAGE, NULL},
        {"clear value of Format 5000", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, rt, ST_COMMON, &clear5000, 0, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_UNRECOGNIZEDCLEARVALUEFORMAT,
                "the clear value's Format 5000 is not a DXGI_FORMAT this runtime knows"},
        {"clear value of a typeless format", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, rt, ST_COMMON, &clear_typeless, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT,
                "the clear value's Format (R8G8B8A8_TYPELESS) is a typed format"},
        {"clear value of Format UNKNOWN", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, rt, ST_COMMON, &clear_unknown, 0,
                NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT,
                "the clear value's Format (UNKNOWN) is a typed format"},
        {"depth clear value of a render target", "nvidia-rtx-4090", DESC1_COMMITTED2, &def, 0, rt, ST_COMMON, &clear_depth,
                0, NULL, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDCLEARVALUEFORMAT,
                "the clear value's Format DXGI_FORMAT_D32_FLOAT is a depth format, the resource not a depth stencil"},
        /* Initial layouts (enhanced barriers). */
        {"InitialLayout 99", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex, 99, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "InitialLayout 99 is no D3D12_BARRIER_LAYOUT"},
        {"DEPTH_STENCIL_WRITE layout without the flag", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex,
                D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "needs the resource flag that allows it (Flags 0x0)"},
        {"UNORDERED_ACCESS layout without the flag", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex,
                D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, NULL, 0, NULL, E_INVALIDARG,
                D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN, "needs the resource flag that allows it (Flags 0x0)"},
        {"UNDEFINED layout of a buffer (allowed)", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, buf,
                D3D12_BARRIER_LAYOUT_UNDEFINED, NULL, 0, NULL, S_OK, NO_MESSAGE, NULL},
        /* Castable formats. */
        {"castable list NULL", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL, 1, NULL,
                E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats is NULL but NumCastableFormats is 1"},
        {"castable formats of a buffer", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, buf, D3D12_BARRIER_LAYOUT_UNDEFINED,
                NULL, 1, srgb, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "a buffer has no castable formats"},
        {"castable Format 5000", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL, 1,
                f5000, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats[0] (5000) is not a DXGI_FORMAT this runtime knows"},
        {"castable Format UNKNOWN", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL, 1,
                funknown, E_INVALIDARG, D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDARG_RETURN,
                "pCastableFormats[0] (0) is not a DXGI_FORMAT this runtime knows"},
        {"castable R16_UNORM of RGBA8", "nvidia-rtx-4090", DESC1_COMMITTED3, &def, 0, tex, D3D12_BARRIER_LAYOUT_COMMON, NULL,
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
        if (rows[i].method == DESC1_COMMITTED2)
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
    assert_string_equal(text, "ID3D12Device::CreateHeap: the GPU virtual address space of res-va-31 (2^31 bytes, "
            "D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT::MaxGPUVirtualAddressBitsPerProcess) has no room left for "
            "1610612736 bytes; returning E_OUTOFMEMORY.");
    /* A heap of textures only takes no address. */
    hd.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, &out), S_OK);
    ID3D12Heap_Release((ID3D12Heap *)out);
    ID3D12Resource_Release(first);
    ID3D12InfoQueue_Release(info_q);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* Released heaps and buffers give their GPU virtual addresses back, as on
 * Windows: four (here eight) 625 MB heaps created and released one at a time
 * fit a 31-bit space that holds three at once, and a buffer created after a
 * release takes the lowest free range, the released one's. */
static void test_address_space_reused(void **state)
{
    D3D12_HEAP_DESC hd = heap_desc_of(D3D12_HEAP_TYPE_DEFAULT, 625ull << 20, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
    D3D12_RESOURCE_DESC desc = buffer_desc(1 << 20, 0);
    D3D12_GPU_VIRTUAL_ADDRESS a_va, b_va;
    ID3D12Resource *a, *b, *c;
    ID3D12Heap *heaps[4];
    ID3D12Device *device;
    char error[256] = "";
    unsigned i;
    static const char profile[] =
        "{\"id\": \"res-va-31-reuse\", \"inherits\": \"nvidia-rtx-4090\", \"features\": {\"GPU_VIRTUAL_ADDRESS_SUPPORT\":"
        " {\"MaxGPUVirtualAddressBitsPerResource\": 31, \"MaxGPUVirtualAddressBitsPerProcess\": 31}}}";

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("registering res-va-31-reuse: %s", error);
    device = resource_device_on("res-va-31-reuse");
    for (i = 0; i < 8; ++i)
    {
        if (ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heaps[0]) != S_OK)
            fail_msg("heap %u of 625 MB, created after the previous one was released: refused", i);
        ID3D12Heap_Release(heaps[0]);
    }
    /* Three at once fit 2 GiB, a fourth does not; one released makes room. */
    for (i = 0; i < 3; ++i)
        assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heaps[i]), S_OK);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heaps[3]), E_OUTOFMEMORY);
    ID3D12Heap_Release(heaps[1]);
    assert_int_equal(ID3D12Device_CreateHeap(device, &hd, &IID_ID3D12Heap, (void **)&heaps[1]), S_OK);
    for (i = 0; i < 3; ++i)
        ID3D12Heap_Release(heaps[i]);
    /* A committed buffer's range: the lowest free one. */
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &a), S_OK);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &b), S_OK);
    a_va = ID3D12Resource_GetGPUVirtualAddress(a);
    b_va = ID3D12Resource_GetGPUVirtualAddress(b);
    assert_true(b_va > a_va);
    ID3D12Resource_Release(a);
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &c), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(c) == a_va);
    ID3D12Resource_Release(c);
    ID3D12Resource_Release(b);
    /* Everything given back: the next range is the first one again. */
    assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &c), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(c) == 0x10000);
    ID3D12Resource_Release(c);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* Released ranges are merged and reused whatever the order: buffers of
 * assorted sizes created and released in a scrambled order (a hundred
 * separate released ranges at once) never overlap a live one, and once every
 * one is released the whole 31-bit space takes one buffer again. */
static void test_address_space_scrambled(void **state)
{
    enum { COUNT = 200 };
    static const char profile[] =
        "{\"id\": \"res-va-31-scrambled\", \"inherits\": \"nvidia-rtx-4090\", \"features\": {\"GPU_VIRTUAL_ADDRESS_SUPPORT\":"
        " {\"MaxGPUVirtualAddressBitsPerResource\": 31, \"MaxGPUVirtualAddressBitsPerProcess\": 31}}}";
    static ID3D12Resource *live[COUNT];
    static D3D12_GPU_VIRTUAL_ADDRESS start[COUNT];
    static UINT64 width[COUNT];
    D3D12_RESOURCE_DESC desc;
    ID3D12Device *device;
    char error[256] = "";
    unsigned i, j, round, seed = 12345;

    (void)state;
    if (FAILED(mockd3d12_register_profile(profile, error, sizeof(error))))
        fail_msg("registering res-va-31-scrambled: %s", error);
    device = resource_device_on("res-va-31-scrambled");
    for (round = 0; round < 3; ++round)
    {
        for (i = 0; i < COUNT; ++i)
        {
            seed = seed * 1103515245u + 12345u;
            width[i] = 1 + (seed >> 8) % (3 << 16);
            desc = buffer_desc(width[i], 0);
            assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &live[i]), S_OK);
            start[i] = ID3D12Resource_GetGPUVirtualAddress(live[i]);
        }
        /* Release every other one, then check the rest never overlap new ones. */
        for (i = 0; i < COUNT; i += 2)
        {
            ID3D12Resource_Release(live[i]);
            live[i] = NULL;
        }
        for (i = 0; i < COUNT; i += 2)
        {
            desc = buffer_desc(width[i] / 2 + 1, 0);
            assert_int_equal(create_committed(device, D3D12_HEAP_TYPE_DEFAULT, &desc, ST_COMMON, NULL, &live[i]), S_OK);
            start[i] = ID3D12Resource_GetGPUVirtualAddress(live[i]);
            width[i] = width[i] / 2 + 1;
        }
        for (i = 0; i < COUNT; ++i)
            for (j = i + 1; j < COUNT; ++j)
                if (start[i] < start[j] + width[j] && start[j] < start[i] + width[i])
                    fail_msg("round %u: buffers %u and %u overlap", round, i, j);
        /* Release in a scrambled order. */
        for (i = 0; i < COUNT; ++i)
        {
            j = (i * 37u + round) % COUNT;
            if (live[j])
                ID3D12Resource_Release(live[j]);
            live[j] = NULL;
        }
    }
    /* Nothing lost: 2 GiB less 256 KiB in one reserved buffer, from the first address. */
    desc = buffer_desc((1ull << 31) - (4u << 16), 0);
    assert_int_equal(ID3D12Device_CreateReservedResource(device, &desc, ST_COMMON, NULL, &IID_ID3D12Resource,
            (void **)&live[0]), S_OK);
    assert_true(ID3D12Resource_GetGPUVirtualAddress(live[0]) == 0x10000);
    ID3D12Resource_Release(live[0]);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_enum_names),
        cmocka_unit_test_setup_teardown(test_windows_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cpu_heap_states_by_runtime, quiet_setup, quiet_teardown),
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
        cmocka_unit_test_setup_teardown(test_msaa_64kb_placement, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_views, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cross_adapter_row_major, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_committed_refusal_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_entry_points, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_layouts_need_enhanced_barriers, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_private_data_and_sessions, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_view_defaults, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_full_mip_chain, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_reserved_quality_levels, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cpu_access, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_address_space_exhausted, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_address_space_reused, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_address_space_scrambled, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
