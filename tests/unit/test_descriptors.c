/*
 * Descriptors (docs/objects.md, "Descriptors"): views, samplers and copies on
 * built-in adapters with and without each capability. For every rule, a row
 * the adapter allows and a row it refuses; a refusal must leave the slot as
 * it was (each row's slot holds a marker first) and, with the debug layer,
 * store exactly the message of the rule. What a slot holds is read through
 * the objects room's hook (obj_descriptor_heap_read), and format rows check
 * the message against the adapter's own CheckFeatureSupport answer.
 *
 * Windows' behaviour as the public conformance tests record it (vkd3d-proton
 * tests/d3d12_descriptors.c): null descriptors are a NULL resource with a full
 * description (test_create_null_descriptors, test_null_rtv), samplers are
 * written into shader-visible heaps (test_create_sampler), copies take NULL
 * range sizes as ranges of one and ranges of zero as nothing
 * (test_copy_descriptors_range_sizes, test_copy_descriptors).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "descriptor_heap.h"

#define RESOURCE ((ID3D12Resource *)(uintptr_t)0x1)
#define MAP D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING

enum { CBV = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, SAMPLER = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
        RTV = D3D12_DESCRIPTOR_HEAP_TYPE_RTV, DSV = D3D12_DESCRIPTOR_HEAP_TYPE_DSV };

static D3D12_CPU_DESCRIPTOR_HANDLE cpu_start(ID3D12DescriptorHeap *heap)
{
#ifdef _WIN32
    D3D12_CPU_DESCRIPTOR_HANDLE result;

    heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap, &result);
    return result;
#else
    return heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap);
#endif
}

static ID3D12DescriptorHeap *create_heap(ID3D12Device *device, int type, UINT count, bool visible)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {(D3D12_DESCRIPTOR_HEAP_TYPE)type, count,
            visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    ID3D12DescriptorHeap *heap = NULL;

    assert_int_equal(ID3D12Device_CreateDescriptorHeap(device, &desc, &IID_ID3D12DescriptorHeap, (void **)&heap),
            S_OK);
    return heap;
}

static D3D12_CPU_DESCRIPTOR_HANDLE slot(ID3D12Device *device, ID3D12DescriptorHeap *heap, UINT index)
{
    D3D12_CPU_DESCRIPTOR_HANDLE h = cpu_start(heap);

    h.ptr += (SIZE_T)index * ID3D12Device_GetDescriptorHandleIncrementSize(device,
            obj_descriptor_heap_from_iface(heap)->desc.Type);
    return h;
}

static struct obj_descriptor read_slot(ID3D12DescriptorHeap *heap, UINT index)
{
    struct obj_descriptor d;

    obj_descriptor_heap_read(obj_descriptor_heap_from_iface(heap), index, &d);
    return d;
}

/* A sampler with this filter, WRAP everywhere, LODs 0 to FLT_MAX. */
static D3D12_SAMPLER_DESC2 sampler2(UINT filter)
{
    D3D12_SAMPLER_DESC2 s;

    memset(&s, 0, sizeof(s));
    s.Filter = (D3D12_FILTER)filter;
    s.AddressU = s.AddressV = s.AddressW = D3D12_TEXTURE_ADDRESS_MODE_WRAP;
    s.MaxLOD = D3D12_FLOAT32_MAX;
    return s;
}

/* Writes `d` (with `resource`/`counter` for views) through the device method of its kind;
 * `v1` uses CreateSampler rather than CreateSampler2. */
static void write_through_api(ID3D12Device *device, const struct obj_descriptor *d, bool null_desc, bool v1,
        ID3D12Resource *resource, ID3D12Resource *counter, D3D12_CPU_DESCRIPTOR_HANDLE h)
{
    ID3D12Device11 *device11;
    D3D12_SAMPLER_DESC s1;

    switch (d->kind)
    {
        case OBJ_DESCRIPTOR_CBV:
            ID3D12Device_CreateConstantBufferView(device, null_desc ? NULL : &d->desc.cbv, h);
            break;
        case OBJ_DESCRIPTOR_SRV:
            ID3D12Device_CreateShaderResourceView(device, resource, null_desc ? NULL : &d->desc.srv, h);
            break;
        case OBJ_DESCRIPTOR_UAV:
            ID3D12Device_CreateUnorderedAccessView(device, resource, counter, null_desc ? NULL : &d->desc.uav, h);
            break;
        case OBJ_DESCRIPTOR_RTV:
            ID3D12Device_CreateRenderTargetView(device, resource, null_desc ? NULL : &d->desc.rtv, h);
            break;
        case OBJ_DESCRIPTOR_DSV:
            ID3D12Device_CreateDepthStencilView(device, resource, null_desc ? NULL : &d->desc.dsv, h);
            break;
        case OBJ_DESCRIPTOR_SAMPLER:
            if (v1)
            {
                memset(&s1, 0, sizeof(s1));
                s1.Filter = d->desc.sampler.Filter;
                s1.AddressU = d->desc.sampler.AddressU;
                s1.AddressV = d->desc.sampler.AddressV;
                s1.AddressW = d->desc.sampler.AddressW;
                s1.MipLODBias = d->desc.sampler.MipLODBias;
                s1.MaxAnisotropy = d->desc.sampler.MaxAnisotropy;
                s1.ComparisonFunc = d->desc.sampler.ComparisonFunc;
                memcpy(s1.BorderColor, d->desc.sampler.FloatBorderColor, sizeof(s1.BorderColor));
                s1.MinLOD = d->desc.sampler.MinLOD;
                s1.MaxLOD = d->desc.sampler.MaxLOD;
                ID3D12Device_CreateSampler(device, null_desc ? NULL : &s1, h);
                break;
            }
            assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device11, (void **)&device11), S_OK);
            ID3D12Device11_CreateSampler2(device11, null_desc ? NULL : &d->desc.sampler, h);
            ID3D12Device11_Release(device11);
            break;
        default:
            fail_msg("no method writes descriptor kind %d", (int)d->kind);
    }
}

static int heap_type_of(enum obj_descriptor_kind kind)
{
    return kind == OBJ_DESCRIPTOR_SAMPLER ? SAMPLER : kind == OBJ_DESCRIPTOR_RTV ? RTV
            : kind == OBJ_DESCRIPTOR_DSV ? DSV : CBV;
}

/* What each heap type's slot holds before a row runs: a refusal must leave it. */
static struct obj_descriptor marker(int type)
{
    struct obj_descriptor d;

    memset(&d, 0, sizeof(d));
    switch (type)
    {
        case SAMPLER:
            d.kind = OBJ_DESCRIPTOR_SAMPLER;
            d.desc.sampler = sampler2(D3D12_FILTER_MIN_MAG_MIP_LINEAR);
            break;
        case RTV:
            d.kind = OBJ_DESCRIPTOR_RTV;
            d.desc.rtv.Format = DXGI_FORMAT_R16G16B16A16_FLOAT;
            d.desc.rtv.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
            break;
        case DSV:
            d.kind = OBJ_DESCRIPTOR_DSV;
            d.desc.dsv.Format = DXGI_FORMAT_D16_UNORM;
            d.desc.dsv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
            break;
        default:
            d.kind = OBJ_DESCRIPTOR_CBV;
            d.desc.cbv.SizeInBytes = 512;
            break;
    }
    return d;
}

/* ---- Views and samplers: one row per rule and adapter ---- */

struct write_row
{
    const char *name;
    const char *adapter;
    struct obj_descriptor d;  /* what is written (and, when accepted, what the slot must then hold) */
    bool null_desc, v1, resource, counter;
    D3D12_MESSAGE_ID id;      /* 0: accepted */
    const char *why;          /* the message's reason; "{S1}": the format's Support1, "{P}": the resource */
    DXGI_FORMAT s1_format;
};

#define VIEW(kind_, member, ...) {.kind = OBJ_DESCRIPTOR_##kind_, .desc.member = {__VA_ARGS__}}
#define SRV2D(fmt) VIEW(SRV, srv, .Format = (fmt), .ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D, \
        .Shader4ComponentMapping = MAP, .Texture2D = {.MipLevels = 1})
#define UAV2D(fmt) VIEW(UAV, uav, .Format = (fmt), .ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2D)
#define RTV2D(fmt) VIEW(RTV, rtv, .Format = (fmt), .ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D)
#define DSV2D(fmt) VIEW(DSV, dsv, .Format = (fmt), .ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D)
#define WRAP D3D12_TEXTURE_ADDRESS_MODE_WRAP
#define CLAMP D3D12_TEXTURE_ADDRESS_MODE_CLAMP
#define SAMPLER_UV(u, v, ...) {.kind = OBJ_DESCRIPTOR_SAMPLER, .desc.sampler = {.AddressU = (u), .AddressV = (v), \
        .AddressW = WRAP, __VA_ARGS__}}
#define SAMPLER_OF(...) SAMPLER_UV(WRAP, WRAP, __VA_ARGS__)
#define NN_SAMPLER_UV(u, v, ...) SAMPLER_UV(u, v, .Flags = (D3D12_SAMPLER_FLAGS)0x2, __VA_ARGS__)
#define NN_SAMPLER(...) NN_SAMPLER_UV(CLAMP, CLAMP, __VA_ARGS__)

#define ID(x) D3D12_MESSAGE_ID_##x

static const struct write_row write_rows[] =
{
    /* Constant buffer views: a null CBV is BufferLocation 0. */
    {"null CBV", "warp", VIEW(CBV, cbv, .BufferLocation = 0, .SizeInBytes = 0), .id = 0},
    {"null CBV of 65536 bytes", "warp", VIEW(CBV, cbv, .SizeInBytes = 65536), .id = 0},
    {"CBV, NULL desc", "warp", VIEW(CBV, cbv, .SizeInBytes = 256), .null_desc = true,
            .id = ID(CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC), .why = "pDesc is NULL"},
    {"CBV in a resource", "warp", VIEW(CBV, cbv, .BufferLocation = 0x10000, .SizeInBytes = 256),
            .id = ID(CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE),
            .why = "BufferLocation 0x10000 and SizeInBytes 256 are not within a live buffer of this device"},
    {"CBV of 100 bytes", "warp", VIEW(CBV, cbv, .SizeInBytes = 100), .id = ID(CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC),
            .why = "SizeInBytes 100 is not a multiple of 256 up to 65536"},
    {"CBV of 65792 bytes", "warp", VIEW(CBV, cbv, .SizeInBytes = 65792),
            .id = ID(CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC), .why = "SizeInBytes 65792 is not a multiple of 256 up to 65536"},

    /* Shader resource views. */
    {"null raw buffer SRV", "warp", VIEW(SRV, srv, .Format = DXGI_FORMAT_R32_TYPELESS,
            .ViewDimension = D3D12_SRV_DIMENSION_BUFFER, .Shader4ComponentMapping = MAP,
            .Buffer = {.NumElements = 1, .Flags = D3D12_BUFFER_SRV_FLAG_RAW}), .id = 0},
    {"null texture SRV", "warp", SRV2D(DXGI_FORMAT_R32_FLOAT), .id = 0},
    {"null structured SRV", "warp", VIEW(SRV, srv, .ViewDimension = D3D12_SRV_DIMENSION_BUFFER,
            .Shader4ComponentMapping = MAP, .Buffer = {.NumElements = 4, .StructureByteStride = 16}), .id = 0},
    {"SRV, NULL desc", "warp", SRV2D(DXGI_FORMAT_R32_FLOAT), .null_desc = true, .id = ID(CREATESHADERRESOURCEVIEW_INVALIDDESC),
            .why = "pDesc is NULL, and a NULL pResource (a null descriptor) needs one"},
    {"SRV of a resource", "warp", SRV2D(DXGI_FORMAT_R32_FLOAT), .resource = true,
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDRESOURCE),
            .why = "pResource {P} is not a resource of this device"},
    {"SRV of no dimension", "warp", VIEW(SRV, srv, .Format = DXGI_FORMAT_R32_FLOAT, .Shader4ComponentMapping = MAP),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS), .why = "ViewDimension 0 is no D3D12_SRV_DIMENSION a view can have"},
    {"SRV of dimension 12", "warp", VIEW(SRV, srv, .Format = DXGI_FORMAT_R32_FLOAT,
            .ViewDimension = (D3D12_SRV_DIMENSION)12), .id = ID(CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS),
            .why = "ViewDimension 12 is no D3D12_SRV_DIMENSION a view can have"},
    {"raw SRV of R32_UINT", "warp", VIEW(SRV, srv, .Format = DXGI_FORMAT_R32_UINT,
            .ViewDimension = D3D12_SRV_DIMENSION_BUFFER, .Buffer = {.Flags = D3D12_BUFFER_SRV_FLAG_RAW}),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDFORMAT),
            .why = "a raw buffer view (D3D12_BUFFER_SRV_FLAG_RAW) needs DXGI_FORMAT_R32_TYPELESS, not Format 42"},
    {"structured SRV with a format", "warp", VIEW(SRV, srv, .Format = DXGI_FORMAT_R32_FLOAT,
            .ViewDimension = D3D12_SRV_DIMENSION_BUFFER, .Buffer = {.StructureByteStride = 4}),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDFORMAT),
            .why = "a structured buffer view (StructureByteStride 4) needs DXGI_FORMAT_UNKNOWN, not Format 41"},
    {"SRV of UNKNOWN", "warp", SRV2D(DXGI_FORMAT_UNKNOWN), .id = ID(CREATESHADERRESOURCEVIEW_INVALIDFORMAT),
            .why = "Format is DXGI_FORMAT_UNKNOWN, and a NULL pResource has no format to take"},
    {"SRV of format 999", "warp", SRV2D((DXGI_FORMAT)999), .id = ID(CREATESHADERRESOURCEVIEW_UNRECOGNIZEDFORMAT),
            .why = "Format 999 is not a DXGI_FORMAT this runtime knows"},
    {"AYUV SRV where supported", "nvidia-rtx-4090", SRV2D(DXGI_FORMAT_AYUV), .id = 0},
    {"AYUV SRV where unsupported", "vulkan-lavapipe", SRV2D(DXGI_FORMAT_AYUV),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDFORMAT), .s1_format = DXGI_FORMAT_AYUV,
            .why = "DXGI_FORMAT_AYUV cannot be a shader resource view on vulkan-lavapipe: its "
            "D3D12_FEATURE_FORMAT_SUPPORT Support1 ({S1}) has no D3D12_FORMAT_SUPPORT1_SHADER_LOAD"},
    {"BC1 SRV of a 1D texture", "warp", VIEW(SRV, srv, .Format = DXGI_FORMAT_BC1_UNORM,
            .ViewDimension = D3D12_SRV_DIMENSION_TEXTURE1D, .Shader4ComponentMapping = MAP),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDFORMAT), .s1_format = DXGI_FORMAT_BC1_UNORM,
            .why = "DXGI_FORMAT_BC1_UNORM cannot be a view of D3D12_SRV_DIMENSION_TEXTURE1D on warp: its "
            "D3D12_FEATURE_FORMAT_SUPPORT Support1 ({S1}) has no D3D12_FORMAT_SUPPORT1_TEXTURE1D"},
    {"BC1 SRV of a 2D texture", "warp", SRV2D(DXGI_FORMAT_BC1_UNORM), .id = 0},
    {"acceleration structure SRV with raytracing", "nvidia-rtx-4090", VIEW(SRV, srv,
            .ViewDimension = D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE, .Shader4ComponentMapping = MAP), .id = 0},
    {"acceleration structure SRV without raytracing", "amd-rx-580", VIEW(SRV, srv,
            .ViewDimension = D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE, .Shader4ComponentMapping = MAP),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS),
            .why = "D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier >= D3D12_RAYTRACING_TIER_1_0, which is "
            "D3D12_RAYTRACING_TIER_NOT_SUPPORTED on amd-rx-580"},
    {"acceleration structure SRV with a format", "nvidia-rtx-4090", VIEW(SRV, srv, .Format = DXGI_FORMAT_R32_FLOAT,
            .ViewDimension = D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE),
            .id = ID(CREATESHADERRESOURCEVIEW_INVALIDFORMAT),
            .why = "Format 41 is not DXGI_FORMAT_UNKNOWN, as an acceleration structure's view needs"},

    /* Unordered access views. */
    {"null typed buffer UAV", "warp", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_UINT,
            .ViewDimension = D3D12_UAV_DIMENSION_BUFFER, .Buffer = {.NumElements = 1}), .id = 0},
    {"null texture UAV", "warp", UAV2D(DXGI_FORMAT_R32_UINT), .id = 0},
    {"null raw UAV", "warp", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_TYPELESS,
            .ViewDimension = D3D12_UAV_DIMENSION_BUFFER, .Buffer = {.NumElements = 4, .Flags = D3D12_BUFFER_UAV_FLAG_RAW}), .id = 0},
    {"null structured UAV", "warp", VIEW(UAV, uav, .ViewDimension = D3D12_UAV_DIMENSION_BUFFER,
            .Buffer = {.NumElements = 4, .StructureByteStride = 8}), .id = 0},
    {"typed UAV of B5G6R5 where supported", "nvidia-rtx-4090", UAV2D(DXGI_FORMAT_B5G6R5_UNORM), .id = 0},
    {"typed UAV of B5G6R5 where unsupported", "nvidia-rtx-5070-ti", UAV2D(DXGI_FORMAT_B5G6R5_UNORM),
            .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT), .s1_format = DXGI_FORMAT_B5G6R5_UNORM,
            .why = "DXGI_FORMAT_B5G6R5_UNORM cannot be a typed UAV on nvidia-rtx-5070-ti: its "
            "D3D12_FEATURE_FORMAT_SUPPORT Support1 ({S1}) has no D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW"},
    {"UAV, NULL desc", "warp", UAV2D(DXGI_FORMAT_R32_UINT), .null_desc = true,
            .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDDESC),
            .why = "pDesc is NULL, and a NULL pResource (a null descriptor) needs one"},
    {"UAV of a resource", "warp", UAV2D(DXGI_FORMAT_R32_UINT), .resource = true,
            .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE),
            .why = "pResource {P} is not a resource of this device"},
    {"UAV with a counter and no resource", "warp", UAV2D(DXGI_FORMAT_R32_UINT), .counter = true,
            .id = ID(CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE),
            .why = "pCounterResource {P} is given with a NULL pResource"},
    {"UAV of no dimension", "warp", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_UINT),
            .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS), .why = "ViewDimension 0 is no D3D12_UAV_DIMENSION a view can have"},
    {"raw UAV of R32_UINT", "warp", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_UINT,
            .ViewDimension = D3D12_UAV_DIMENSION_BUFFER, .Buffer = {.Flags = D3D12_BUFFER_UAV_FLAG_RAW}),
            .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT),
            .why = "a raw buffer view (D3D12_BUFFER_UAV_FLAG_RAW) needs DXGI_FORMAT_R32_TYPELESS, not Format 42"},
    {"structured UAV with a format", "warp", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_UINT,
            .ViewDimension = D3D12_UAV_DIMENSION_BUFFER, .Buffer = {.StructureByteStride = 4}),
            .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT),
            .why = "a structured buffer view (StructureByteStride 4) needs DXGI_FORMAT_UNKNOWN, not Format 42"},
    {"UAV of format 999", "warp", UAV2D((DXGI_FORMAT)999), .id = ID(CREATEUNORDEREDACCESSVIEW_UNRECOGNIZEDFORMAT),
            .why = "Format 999 is not a DXGI_FORMAT this runtime knows"},
    {"MSAA UAV with writable MSAA textures", "warp", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_FLOAT,
            .ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2DMS), .id = 0},
    {"MSAA array UAV without writable MSAA textures", "intel-arc-a770", VIEW(UAV, uav, .Format = DXGI_FORMAT_R32_FLOAT,
            .ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY), .id = ID(CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS),
            .why = "D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY needs D3D12_FEATURE_DATA_D3D12_OPTIONS14::"
            "WriteableMSAATexturesSupported, which is FALSE on intel-arc-a770"},

    /* Render target views. */
    {"null RTV", "warp", RTV2D(DXGI_FORMAT_R8G8B8A8_UNORM), .id = 0},
    {"RTV of B4G4R4A4 where it renders", "nvidia-rtx-4090", RTV2D(DXGI_FORMAT_B4G4R4A4_UNORM), .id = 0},
    {"RTV of B4G4R4A4 where it does not", "nvidia-rtx-5070-ti", RTV2D(DXGI_FORMAT_B4G4R4A4_UNORM),
            .id = ID(CREATERENDERTARGETVIEW_UNSUPPORTEDFORMAT), .s1_format = DXGI_FORMAT_B4G4R4A4_UNORM,
            .why = "DXGI_FORMAT_B4G4R4A4_UNORM cannot be a render target on nvidia-rtx-5070-ti: its "
            "D3D12_FEATURE_FORMAT_SUPPORT Support1 ({S1}) has no D3D12_FORMAT_SUPPORT1_RENDER_TARGET"},
    {"RTV, NULL desc", "warp", RTV2D(DXGI_FORMAT_R8G8B8A8_UNORM), .null_desc = true,
            .id = ID(CREATERENDERTARGETVIEW_INVALIDDESC),
            .why = "pDesc is NULL, and a NULL pResource (a null descriptor) needs one"},
    {"RTV of a resource", "warp", RTV2D(DXGI_FORMAT_R8G8B8A8_UNORM), .resource = true,
            .id = ID(CREATERENDERTARGETVIEW_INVALIDRESOURCE),
            .why = "pResource {P} is not a resource of this device"},
    {"RTV of dimension 9", "warp", VIEW(RTV, rtv, .Format = DXGI_FORMAT_R8G8B8A8_UNORM,
            .ViewDimension = (D3D12_RTV_DIMENSION)9), .id = ID(CREATERENDERTARGETVIEW_INVALIDDIMENSIONS),
            .why = "ViewDimension 9 is no D3D12_RTV_DIMENSION a view can have"},
    {"RTV of UNKNOWN", "warp", RTV2D(DXGI_FORMAT_UNKNOWN), .id = ID(CREATERENDERTARGETVIEW_INVALIDFORMAT),
            .why = "Format is DXGI_FORMAT_UNKNOWN, and a NULL pResource has no format to take"},
    {"RTV of format 999", "warp", RTV2D((DXGI_FORMAT)999), .id = ID(CREATERENDERTARGETVIEW_UNRECOGNIZEDFORMAT),
            .why = "Format 999 is not a DXGI_FORMAT this runtime knows"},

    /* Depth-stencil views. */
    {"null DSV", "warp", DSV2D(DXGI_FORMAT_D32_FLOAT), .id = 0},
    {"read-only DSV", "warp", VIEW(DSV, dsv, .Format = DXGI_FORMAT_D24_UNORM_S8_UINT,
            .ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2DARRAY, .Flags = D3D12_DSV_FLAG_READ_ONLY_DEPTH,
            .Texture2DArray = {.ArraySize = 2}), .id = 0},
    {"DSV of a colour format", "warp", DSV2D(DXGI_FORMAT_R8G8B8A8_UNORM),
            .id = ID(CREATEDEPTHSTENCILVIEW_INVALIDFORMAT), .s1_format = DXGI_FORMAT_R8G8B8A8_UNORM,
            .why = "DXGI_FORMAT_R8G8B8A8_UNORM cannot be a depth-stencil view on warp: its "
            "D3D12_FEATURE_FORMAT_SUPPORT Support1 ({S1}) has no D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL"},
    {"DSV with flag 0x4", "warp", VIEW(DSV, dsv, .Format = DXGI_FORMAT_D32_FLOAT,
            .ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D, .Flags = (D3D12_DSV_FLAGS)0x4),
            .id = ID(CREATEDEPTHSTENCILVIEW_INVALIDFLAGS), .why = "Flags 0x4 has bits (0x4) that are no D3D12_DSV_FLAGS"},
    {"DSV of no dimension", "warp", VIEW(DSV, dsv, .Format = DXGI_FORMAT_D32_FLOAT),
            .id = ID(CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS), .why = "ViewDimension 0 is no D3D12_DSV_DIMENSION a view can have"},
    {"DSV, NULL desc", "warp", DSV2D(DXGI_FORMAT_D32_FLOAT), .null_desc = true,
            .id = ID(CREATEDEPTHSTENCILVIEW_INVALIDDESC),
            .why = "pDesc is NULL, and a NULL pResource (a null descriptor) needs one"},
    {"DSV of a resource", "warp", DSV2D(DXGI_FORMAT_D32_FLOAT), .resource = true,
            .id = ID(CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE),
            .why = "pResource {P} is not a resource of this device"},
    {"DSV of format 999", "warp", DSV2D((DXGI_FORMAT)999), .id = ID(CREATEDEPTHSTENCILVIEW_UNRECOGNIZEDFORMAT),
            .why = "Format 999 is not a DXGI_FORMAT this runtime knows"},
    {"DSV of UNKNOWN", "warp", DSV2D(DXGI_FORMAT_UNKNOWN), .id = ID(CREATEDEPTHSTENCILVIEW_INVALIDFORMAT),
            .why = "Format is DXGI_FORMAT_UNKNOWN, and a NULL pResource has no format to take"},

    /* Samplers (CreateSampler2 unless v1). */
    {"point sampler (CreateSampler)", "min-fl11_0", SAMPLER_OF(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT,
            .MaxLOD = D3D12_FLOAT32_MAX, .FloatBorderColor = {1.0f, 0.5f, 0.25f, 1.0f}), .v1 = true},
    {"point sampler (CreateSampler2)", "min-fl11_0", SAMPLER_OF(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT), .id = 0},
    {"CreateSampler, NULL desc", "warp", SAMPLER_OF(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT), .v1 = true,
            .null_desc = true, .id = ID(CREATE_SAMPLER_INVALID), .why = "pDesc is NULL"},
    {"CreateSampler2, NULL desc", "warp", SAMPLER_OF(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT),
            .null_desc = true, .id = ID(CREATE_SAMPLER_INVALID), .why = "pDesc is NULL"},
    {"filter 0x2", "warp", SAMPLER_OF(.Filter = (D3D12_FILTER)0x2), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "Filter 0x2 is no D3D12_FILTER"},
    {"anisotropic filter with a POINT min filter", "warp", SAMPLER_OF(.Filter = (D3D12_FILTER)0x45, .MaxAnisotropy = 4),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "Filter 0x45 is no D3D12_FILTER"},
    {"address mode 0", "warp", {.kind = OBJ_DESCRIPTOR_SAMPLER, .desc.sampler = {.AddressU = D3D12_TEXTURE_ADDRESS_MODE_WRAP,
            .AddressV = D3D12_TEXTURE_ADDRESS_MODE_WRAP}}, .v1 = true, .id = ID(CREATE_SAMPLER_INVALID),
            .why = "AddressU 1, AddressV 1, AddressW 0: each must be a D3D12_TEXTURE_ADDRESS_MODE"},
    {"address mode 6", "warp", SAMPLER_UV((D3D12_TEXTURE_ADDRESS_MODE)6, WRAP, .Filter = D3D12_FILTER_MIN_MAG_MIP_POINT), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "AddressU 6, AddressV 1, AddressW 1: each must be a D3D12_TEXTURE_ADDRESS_MODE"},
    {"address mode V 0", "warp", SAMPLER_UV(WRAP, (D3D12_TEXTURE_ADDRESS_MODE)0, .Filter = D3D12_FILTER_MIN_MAG_MIP_POINT),
            .id = ID(CREATE_SAMPLER_INVALID),
            .why = "AddressU 1, AddressV 0, AddressW 1: each must be a D3D12_TEXTURE_ADDRESS_MODE"},
    {"anisotropy 16", "min-fl11_0", SAMPLER_OF(.Filter = D3D12_FILTER_ANISOTROPIC, .MaxAnisotropy = 16), .id = 0},
    {"anisotropy 0", "warp", SAMPLER_OF(.Filter = D3D12_FILTER_ANISOTROPIC), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "MaxAnisotropy 0 is not between 1 and 16, as anisotropic Filter 0x55 needs"},
    {"anisotropy 17", "warp", SAMPLER_OF(.Filter = D3D12_FILTER_COMPARISON_ANISOTROPIC, .MaxAnisotropy = 17,
            .ComparisonFunc = D3D12_COMPARISON_FUNC_LESS), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "MaxAnisotropy 17 is not between 1 and 16, as anisotropic Filter 0xd5 needs"},
    {"comparison sampler", "min-fl11_0", SAMPLER_OF(.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
            .ComparisonFunc = D3D12_COMPARISON_FUNC_LESS), .v1 = true},
    {"comparison sampler without a function", "warp", SAMPLER_OF(.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "ComparisonFunc 0 is no D3D12_COMPARISON_FUNC, as comparison Filter "
            "0x80 needs"},
    {"comparison sampler with function 9", "warp", SAMPLER_OF(.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
            .ComparisonFunc = (D3D12_COMPARISON_FUNC)9), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "ComparisonFunc 9 is no D3D12_COMPARISON_FUNC, as comparison Filter 0x80 needs"},
    {"sampler flag 0x4", "warp", SAMPLER_OF(.Flags = (D3D12_SAMPLER_FLAGS)0x4), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "Flags 0x4 has bits (0x4) that are no D3D12_SAMPLER_FLAGS"},
    {"minimum filter with tiled resources tier 2", "min-fl12_0", SAMPLER_OF(.Filter = D3D12_FILTER_MINIMUM_MIN_MAG_MIP_POINT),
            .v1 = true},
    {"minimum filter without tiled resources", "min-fl11_0", SAMPLER_OF(.Filter = D3D12_FILTER_MINIMUM_MIN_MAG_MIP_POINT),
            .v1 = true, .id = ID(CREATE_SAMPLER_INVALID),
            .why = "Filter 0x100 (a MINIMUM reduction) needs D3D12_FEATURE_DATA_D3D12_OPTIONS::TiledResourcesTier >= "
            "D3D12_TILED_RESOURCES_TIER_2, which is D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED on min-fl11_0"},
    {"maximum filter without tiled resources", "min-fl11_0", SAMPLER_OF(.Filter = D3D12_FILTER_MAXIMUM_ANISOTROPIC,
            .MaxAnisotropy = 2), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "Filter 0x1d5 (a MAXIMUM reduction) needs D3D12_FEATURE_DATA_D3D12_OPTIONS::TiledResourcesTier >= "
            "D3D12_TILED_RESOURCES_TIER_2, which is D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED on min-fl11_0"},
    {"anisotropic with a POINT mip where supported", "nvidia-rtx-4090", SAMPLER_OF(.Filter = (D3D12_FILTER)0x54,
            .MaxAnisotropy = 8), .id = 0},
    {"anisotropic with a POINT mip where not", "nvidia-gtx-1080-ti", SAMPLER_OF(.Filter = (D3D12_FILTER)0x54,
            .MaxAnisotropy = 8), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "Filter 0x54 (anisotropic with a POINT mip filter) needs D3D12_FEATURE_DATA_D3D12_OPTIONS19::"
            "AnisoFilterWithPointMipSupported, which is FALSE on nvidia-gtx-1080-ti"},
    {"UINT border with advanced texture ops", "nvidia-rtx-4090", SAMPLER_UV(D3D12_TEXTURE_ADDRESS_MODE_BORDER, WRAP,
            .Filter = D3D12_FILTER_MIN_MAG_MIP_POINT, .UintBorderColor = {1, 2, 3, 4},
            .Flags = D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR), .id = 0},
    {"UINT border without advanced texture ops", "intel-arc-a770", SAMPLER_OF(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT,
            .UintBorderColor = {1, 2, 3, 4}, .Flags = D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS14::AdvancedTextureOpsSupported, which is FALSE on intel-arc-a770"},
    {"non-normalized where supported", "intel-arc-a770", NN_SAMPLER(.Filter = D3D12_FILTER_MIN_MAG_LINEAR_MIP_POINT), .id = 0},
    {"non-normalized min filter where supported", "intel-arc-a770", NN_SAMPLER_UV(D3D12_TEXTURE_ADDRESS_MODE_BORDER,
            D3D12_TEXTURE_ADDRESS_MODE_BORDER, .Filter = D3D12_FILTER_MINIMUM_MIN_MAG_MIP_POINT), .id = 0},
    {"non-normalized where not supported", "nvidia-gtx-1080-ti", NN_SAMPLER(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS17::NonNormalizedCoordinateSamplersSupported, which is FALSE on "
            "nvidia-gtx-1080-ti"},
    {"non-normalized with a LINEAR mip", "intel-arc-a770", NN_SAMPLER(.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "Filter 0x15 cannot have D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES: "
            "it needs equal min and mag filters, a POINT mip filter, no anisotropy and no comparison"},
    {"non-normalized with min LINEAR, mag POINT", "intel-arc-a770", NN_SAMPLER(.Filter = D3D12_FILTER_MIN_LINEAR_MAG_MIP_POINT),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "Filter 0x10 cannot have D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES: "
            "it needs equal min and mag filters, a POINT mip filter, no anisotropy and no comparison"},
    {"non-normalized anisotropic", "intel-arc-a770", NN_SAMPLER(.Filter = (D3D12_FILTER)0x54, .MaxAnisotropy = 2),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "Filter 0x54 cannot have D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES: "
            "it needs equal min and mag filters, a POINT mip filter, no anisotropy and no comparison"},
    {"non-normalized comparison", "intel-arc-a770", NN_SAMPLER(.Filter = D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
            .ComparisonFunc = D3D12_COMPARISON_FUNC_LESS), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "Filter 0x80 cannot have D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES: "
            "it needs equal min and mag filters, a POINT mip filter, no anisotropy and no comparison"},
    {"non-normalized with MaxLOD 1", "intel-arc-a770", NN_SAMPLER(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT, .MaxLOD = 1.0f),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "MinLOD 0 and MaxLOD 1 must be 0 with "
            "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"},
    {"non-normalized with MinLOD 1", "intel-arc-a770", NN_SAMPLER(.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT, .MinLOD = 1.0f),
            .id = ID(CREATE_SAMPLER_INVALID), .why = "MinLOD 1 and MaxLOD 0 must be 0 with "
            "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"},
    {"non-normalized wrapping U", "intel-arc-a770", NN_SAMPLER_UV(WRAP, CLAMP, .Filter = D3D12_FILTER_MIN_MAG_MIP_POINT), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "AddressU 1 and AddressV 3 must be CLAMP or BORDER with D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"},
    {"non-normalized mirroring V", "intel-arc-a770", NN_SAMPLER_UV(CLAMP, D3D12_TEXTURE_ADDRESS_MODE_MIRROR, .Filter = D3D12_FILTER_MIN_MAG_MIP_POINT), .id = ID(CREATE_SAMPLER_INVALID),
            .why = "AddressU 3 and AddressV 2 must be CLAMP or BORDER with D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES"},
};

/* `why` with "{S1}" replaced by the adapter's Support1 for `format` (its
 * CheckFeatureSupport answer, 0 when it fails) and "{P}" by the resource pointer. */
static void expected_why(ID3D12Device *device, const struct write_row *row, char *out, size_t size)
{
    D3D12_FEATURE_DATA_FORMAT_SUPPORT fs;
    char value[64];
    const char *at;

    snprintf(out, size, "%s", row->why);
    if ((at = strstr(out, "{S1}")))
    {
        memset(&fs, 0, sizeof(fs));
        fs.Format = row->s1_format;
        if (FAILED(ID3D12Device_CheckFeatureSupport(device, D3D12_FEATURE_FORMAT_SUPPORT, &fs, sizeof(fs))))
            fs.Support1 = D3D12_FORMAT_SUPPORT1_NONE;
        snprintf(value, sizeof(value), "0x%x", (unsigned)fs.Support1);
    }
    else if ((at = strstr(out, "{P}")))
    {
        snprintf(value, sizeof(value), "%p", (void *)RESOURCE);
    }
    if (at)
    {
        char tail[1024];

        snprintf(tail, sizeof(tail), "%s", at + (at[1] == 'S' ? 4 : 3));
        snprintf(out + (at - out), size - (size_t)(at - out), "%s%s", value, tail);
    }
}

static const char *method_of(const struct write_row *row)
{
    switch (row->d.kind)
    {
        case OBJ_DESCRIPTOR_CBV: return "ID3D12Device::CreateConstantBufferView";
        case OBJ_DESCRIPTOR_SRV: return "ID3D12Device::CreateShaderResourceView";
        case OBJ_DESCRIPTOR_UAV: return "ID3D12Device::CreateUnorderedAccessView";
        case OBJ_DESCRIPTOR_RTV: return "ID3D12Device::CreateRenderTargetView";
        case OBJ_DESCRIPTOR_DSV: return "ID3D12Device::CreateDepthStencilView";
        default: return row->v1 ? "ID3D12Device::CreateSampler" : "ID3D12Device11::CreateSampler2";
    }
}

/* What CreateSampler stores: its desc as a D3D12_SAMPLER_DESC2, Flags 0. */
static struct obj_descriptor stored_form(const struct write_row *row)
{
    struct obj_descriptor d = row->d;

    if (row->v1)
        d.desc.sampler.Flags = D3D12_SAMPLER_FLAG_NONE;
    return d;
}

static void run_write_row(struct row_failures *failures, unsigned i, const struct write_row *row)
{
    ID3D12Device *device = create_device_on(row->adapter);
    int type = heap_type_of(row->d.kind);
    /* Samplers and views go into shader-visible heaps too (test_create_sampler). */
    ID3D12DescriptorHeap *heap = create_heap(device, type, 4, type == SAMPLER);
    struct obj_descriptor mark = marker(type), got, expected = stored_form(row);
    ID3D12InfoQueue *queue = info_queue(device);
    char why[1024], text[1280];
    D3D12_MESSAGE_ID id;
    const char *message;

    assert_int_equal(obj_descriptor_heap_store(obj_descriptor_heap_from_iface(heap), 2, &mark), S_OK);
    /* Before the write: the CheckFeatureSupport it may call reports messages of its own. */
    if (row->id)
        expected_why(device, row, why, sizeof(why));
    ID3D12InfoQueue_ClearStoredMessages(queue);
    write_through_api(device, &row->d, row->null_desc, row->v1, row->resource ? RESOURCE : NULL,
            row->counter ? RESOURCE : NULL, slot(device, heap, 2));
    got = read_slot(heap, 2);
    if (!row->id)
    {
        if (memcmp(&got, &expected, sizeof(got)))
            row_fail(failures, i, row->name, "the slot holds kind %d, not what was written", (int)got.kind);
        if (ID3D12InfoQueue_GetNumStoredMessages(queue))
            row_fail(failures, i, row->name, "accepted with a message: \"%s\"", message_text(queue, 0, &id));
    }
    else
    {
        if (memcmp(&got, &mark, sizeof(got)))
            row_fail(failures, i, row->name, "refused, yet the slot changed (kind %d)", (int)got.kind);
        snprintf(text, sizeof(text), "%s: %s; nothing is written.", method_of(row), why);
        if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
            row_fail(failures, i, row->name, "%llu messages, expected 1",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
        else if ((message = message_text(queue, 0, &id)), id != row->id || strcmp(message, text))
            row_fail(failures, i, row->name, "message %d \"%s\", expected %d \"%s\"", (int)id, message,
                    (int)row->id, text);
    }
    ID3D12InfoQueue_Release(queue);
    ID3D12DescriptorHeap_Release(heap);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_views_and_samplers(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(write_rows); ++i)
        run_write_row(&failures, i, &write_rows[i]);
    rows_done(&failures);
}

/* Without the debug layer: the same rules, nothing reported (and nothing to crash on). */
static void test_layer_off(void **state)
{
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(write_rows); ++i)
    {
        const struct write_row *row = &write_rows[i];
        ID3D12Device *device = create_device_on(row->adapter);
        int type = heap_type_of(row->d.kind);
        ID3D12DescriptorHeap *heap = create_heap(device, type, 4, false);
        struct obj_descriptor got, expected = stored_form(row);

        write_through_api(device, &row->d, row->null_desc, row->v1, row->resource ? RESOURCE : NULL,
                row->counter ? RESOURCE : NULL, slot(device, heap, 0));
        got = read_slot(heap, 0);
        if (row->id ? got.kind != OBJ_DESCRIPTOR_EMPTY : !!memcmp(&got, &expected, sizeof(got)))
            row_fail(&failures, i, row->name, "the slot holds kind %d", (int)got.kind);
        ID3D12DescriptorHeap_Release(heap);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* ---- Destinations ---- */

enum dest
{
    DEST_NULL,         /* handle 0 */
    DEST_BETWEEN,      /* start + 1 */
    DEST_PAST_END,     /* start + NumDescriptors * increment */
    DEST_WRONG_TYPE,   /* a sampler into a CBV/SRV/UAV heap */
    DEST_OTHER_DEVICE, /* a heap of another device */
    DEST_RELEASED,     /* a heap released before the write */
    DEST_LAST,         /* the heap's last slot */
    DEST_VISIBLE,      /* a shader-visible heap's first slot */
};

/* amd-radeon-680m with samplers 24 bytes apart: an increment that is no
 * power of two (the slot is then found by a division, not a shift). */
static const char profile_sampler_24[] =
        "{\"id\": \"sampler-increment-24\", \"description\": \"samplers 24 bytes apart\","
        " \"inherits\": \"amd-radeon-680m\", \"adapter\": {\"descriptorSizes\": {\"SAMPLER\": 24}}}";

static void test_destinations(void **state)
{
    static const struct
    {
        const char *name;
        enum dest dest;
        const char *why; /* "%llx" is the handle, then the heap's start; NULL: written */
        unsigned increment; /* 16: amd-radeon-680m; 24: sampler-increment-24 */
    }
    rows[] =
    {
        {"NULL handle", DEST_NULL, "DestDescriptor 0x0 is in no live descriptor heap of this device", 16},
        {"between two slots", DEST_BETWEEN, "DestDescriptor 0x%llx is between two descriptors of its heap "
                "(start 0x%llx, increment 16)", 16},
        {"one past the end", DEST_PAST_END, "DestDescriptor 0x%llx is in no live descriptor heap of this device", 16},
        {"a CBV/SRV/UAV heap", DEST_WRONG_TYPE, "DestDescriptor 0x%llx is in a D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV "
                "heap, not a D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER one", 16},
        {"another device's heap", DEST_OTHER_DEVICE, "DestDescriptor 0x%llx is in no live descriptor heap of this "
                "device", 16},
        {"a released heap", DEST_RELEASED, "DestDescriptor 0x%llx is in no live descriptor heap of this device", 16},
        {"the last slot", DEST_LAST, NULL, 16},
        {"a shader-visible heap", DEST_VISIBLE, NULL, 16},
        {"between two slots 24 bytes apart", DEST_BETWEEN, "DestDescriptor 0x%llx is between two descriptors of its "
                "heap (start 0x%llx, increment 24)", 24},
        {"one past the end, 24 bytes apart", DEST_PAST_END, "DestDescriptor 0x%llx is in no live descriptor heap of "
                "this device", 24},
        {"the last slot, 24 bytes apart", DEST_LAST, NULL, 24},
    };
    struct row_failures failures = {0};
    D3D12_SAMPLER_DESC2 desc = sampler2(D3D12_FILTER_MIN_MAG_MIP_POINT);
    unsigned i;

    (void)state;
    enable_debug_layer();
    if (FAILED(mockd3d12_register_profile(profile_sampler_24, NULL, 0)))
        assert_non_null(strstr(mockd3d12_last_error(), "duplicate adapter id 'sampler-increment-24'"));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        /* amd-radeon-680m: samplers 16 bytes apart. */
        unsigned increment = rows[i].increment;
        ID3D12Device *device = create_device_on(increment == 24 ? "sampler-increment-24" : "amd-radeon-680m"),
                *other = NULL;
        ID3D12DescriptorHeap *heap = create_heap(device, SAMPLER, 8, rows[i].dest == DEST_VISIBLE), *target = heap;
        ID3D12InfoQueue *queue = info_queue(device);
        D3D12_CPU_DESCRIPTOR_HANDLE h = cpu_start(heap);
        SIZE_T start = h.ptr;
        ID3D12Device11 *device11;
        char why[512], text[640];
        D3D12_MESSAGE_ID id;
        const char *message;

        switch (rows[i].dest)
        {
            case DEST_NULL: h.ptr = 0; break;
            case DEST_BETWEEN: h.ptr += 1; break;
            case DEST_PAST_END: h.ptr += 8 * increment; break;
            case DEST_WRONG_TYPE:
                target = create_heap(device, CBV, 8, false);
                h = cpu_start(target);
                break;
            case DEST_OTHER_DEVICE:
                /* A device of another adapter: D3D12CreateDevice shares one per adapter. */
                other = create_device_on("warp");
                target = create_heap(other, SAMPLER, 8, false);
                h = cpu_start(target);
                break;
            case DEST_RELEASED:
                target = create_heap(device, SAMPLER, 8, false);
                h = cpu_start(target);
                ID3D12DescriptorHeap_Release(target);
                target = heap;
                break;
            case DEST_LAST: h.ptr += 7 * increment; break;
            case DEST_VISIBLE: break;
        }
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device11, (void **)&device11), S_OK);
        ID3D12Device11_CreateSampler2(device11, &desc, h);
        ID3D12Device11_Release(device11);

        if (!rows[i].why)
        {
            struct obj_descriptor got = read_slot(heap, rows[i].dest == DEST_LAST ? 7 : 0);

            if (got.kind != OBJ_DESCRIPTOR_SAMPLER || memcmp(&got.desc.sampler, &desc, sizeof(desc)))
                row_fail(&failures, i, rows[i].name, "not written (kind %d)", (int)got.kind);
            if (ID3D12InfoQueue_GetNumStoredMessages(queue))
                row_fail(&failures, i, rows[i].name, "a message: \"%s\"", message_text(queue, 0, &id));
        }
        else
        {
            snprintf(why, sizeof(why), rows[i].why, (unsigned long long)h.ptr, (unsigned long long)start);
            snprintf(text, sizeof(text), "ID3D12Device11::CreateSampler2: %s; nothing is written.", why);
            if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
                row_fail(&failures, i, rows[i].name, "%llu messages",
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
            else if ((message = message_text(queue, 0, &id)), id != D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE
                    || strcmp(message, text))
                row_fail(&failures, i, rows[i].name, "message %d \"%s\", expected \"%s\"", (int)id, message, text);
            if (obj_descriptor_heap_page_count(obj_descriptor_heap_from_iface(target)))
                row_fail(&failures, i, rows[i].name, "refused, yet the heap holds a page");
        }
        if (target != heap)
            ID3D12DescriptorHeap_Release(target);
        if (other)
            assert_int_equal(ID3D12Device_Release(other), 0);
        ID3D12InfoQueue_Release(queue);
        ID3D12DescriptorHeap_Release(heap);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* ---- Copies ---- */

/* Heaps of the copy rows: 0 and 1 CPU CBV/SRV/UAV heaps of 16, 2 a
 * shader-visible one of 16, 3 a CPU sampler heap of 4. Heap 0 holds
 * descriptor n (a CBV of (n + 1) * 256 bytes) in slots 0..7; slot 8 on is empty. */
enum { HEAPS = 4 };

struct range
{
    unsigned heap, index;
};

struct copy_row
{
    const char *name;
    bool simple;             /* CopyDescriptorsSimple(sizes[0] of dst, dst[0], src[0]) */
    UINT dst_count, src_count;
    struct range dst[4], src[4];
    bool dst_sizes_null, src_sizes_null;
    UINT dst_sizes[4], src_sizes[4];
    bool dst_starts_null, src_starts_null;
    int type;
    const char *why;         /* NULL: copied; "%llx": handles of the message, in order */
    D3D12_MESSAGE_ID id;
    int expect[16];          /* heap 1 (or heap 2 for rows copying there) afterwards: -1 empty, n: heap 0's n */
    unsigned expect_heap;
};

static struct obj_descriptor cbv_n(int n)
{
    struct obj_descriptor d;

    memset(&d, 0, sizeof(d));
    if (n >= 0)
    {
        d.kind = OBJ_DESCRIPTOR_CBV;
        d.desc.cbv.SizeInBytes = (UINT)(n + 1) * 256;
    }
    return d;
}

/* CreateConstantBufferView of cbv_n(n) into `heap`'s slot `index`. */
static void write_cbv(ID3D12Device *device, ID3D12DescriptorHeap *heap, UINT index, int n)
{
    struct obj_descriptor d = cbv_n(n);

    ID3D12Device_CreateConstantBufferView(device, &d.desc.cbv, slot(device, heap, index));
}

#define E16(...) {__VA_ARGS__}
#define NONE16 E16(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

static const struct copy_row copy_rows[] =
{
    {"simple, 3 descriptors", true, 1, 1, {{1, 2}}, {{0, 0}}, .dst_sizes = {3}, .type = CBV,
            .expect = E16(-1, -1, 0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1), .expect_heap = 1},
    {"simple, into a shader-visible heap", true, 1, 1, {{2, 0}}, {{0, 5}}, .dst_sizes = {2}, .type = CBV,
            .expect = E16(5, 6, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1), .expect_heap = 2},
    {"simple, 0 descriptors", true, 1, 1, {{1, 0}}, {{0, 0}}, .dst_sizes = {0}, .type = CBV, .expect = NONE16,
            .expect_heap = 1},
    {"ranges of one (NULL sizes)", false, 3, 3, {{1, 4}, {1, 0}, {1, 9}}, {{0, 7}, {0, 1}, {0, 3}},
            .dst_sizes_null = true, .src_sizes_null = true, .type = CBV,
            .expect = E16(1, -1, -1, -1, 7, -1, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1), .expect_heap = 1},
    {"one range into three", false, 3, 1, {{1, 0}, {1, 5}, {1, 12}}, {{0, 1}}, .dst_sizes = {2, 0, 3},
            .src_sizes = {5}, .type = CBV,
            .expect = E16(1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, 4, 5, -1), .expect_heap = 1},
    {"an empty source slot copies as empty", false, 1, 1, {{0, 6}}, {{0, 9}}, .dst_sizes = {3}, .src_sizes = {3},
            .type = CBV, .expect = E16(0, 1, 2, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1), .expect_heap = 0},
    {"totals differ", false, 1, 2, {{1, 0}}, {{0, 0}, {0, 4}}, .dst_sizes = {2}, .src_sizes = {2, 1}, .type = CBV,
            .id = D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES,
            .why = "the destination ranges hold 2 descriptors and the source ranges 3", .expect = NONE16,
            .expect_heap = 1},
    {"heap type 4", true, 1, 1, {{1, 0}}, {{0, 0}}, .dst_sizes = {1}, .type = 4,
            .id = D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, .why = "DescriptorHeapsType 4 is no "
            "D3D12_DESCRIPTOR_HEAP_TYPE", .expect = NONE16, .expect_heap = 1},
    {"NULL destination starts", false, 2, 1, {{1, 0}}, {{0, 0}}, .dst_sizes = {1, 1}, .src_sizes = {2},
            .dst_starts_null = true, .type = CBV, .id = D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES,
            .why = "pDestDescriptorRangeStarts is NULL but NumDestDescriptorRanges is 2", .expect = NONE16,
            .expect_heap = 1},
    {"NULL source starts", false, 1, 1, {{1, 0}}, {{0, 0}}, .dst_sizes = {1}, .src_sizes = {1},
            .src_starts_null = true, .type = CBV, .id = D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES,
            .why = "pSrcDescriptorRangeStarts is NULL but NumSrcDescriptorRanges is 1", .expect = NONE16,
            .expect_heap = 1},
    {"a source in a shader-visible heap", true, 1, 1, {{1, 0}}, {{2, 0}}, .dst_sizes = {1}, .type = CBV,
            .id = D3D12_MESSAGE_ID_COPY_DESCRIPTORS_WRITE_ONLY_DESCRIPTOR,
            .why = "SrcDescriptorRangeStart 0x%llx is in a shader-visible heap, which the CPU cannot read",
            .expect = NONE16, .expect_heap = 1},
    {"a destination range past the end", false, 1, 1, {{1, 14}}, {{0, 0}}, .dst_sizes = {3}, .src_sizes = {3},
            .type = CBV, .id = D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE,
            .why = "the 3 descriptors from pDestDescriptorRangeStarts[0] 0x%llx (index 14) run past the end of its "
            "heap of 16", .expect = NONE16, .expect_heap = 1},
    {"a source in the wrong type of heap", false, 1, 1, {{1, 0}}, {{3, 0}}, .dst_sizes = {1}, .src_sizes = {1},
            .type = CBV, .id = D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE,
            .why = "pSrcDescriptorRangeStarts[0] 0x%llx is in a D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER heap, not a "
            "D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV one", .expect = NONE16, .expect_heap = 1},
    {"no ranges", false, 0, 0, {{1, 0}}, {{0, 0}}, .dst_starts_null = true, .src_starts_null = true, .type = CBV,
            .expect = NONE16, .expect_heap = 1},
    {"ranges of 0 (vkd3d-proton's test_copy_descriptors)", false, 2, 2, {{1, 3}, {1, 3}}, {{0, 0}, {0, 0}},
            .dst_sizes = {0, 0}, .src_sizes = {0, 0}, .type = CBV, .expect = NONE16, .expect_heap = 1},
};

static D3D12_CPU_DESCRIPTOR_HANDLE range_handle(ID3D12Device *device, ID3D12DescriptorHeap *const *heaps,
        struct range r)
{
    return slot(device, heaps[r.heap], r.index);
}

static void test_copies(void **state)
{
    struct row_failures failures = {0};
    unsigned i, n;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(copy_rows); ++i)
    {
        const struct copy_row *row = &copy_rows[i];
        ID3D12Device *device = create_device_on("intel-arc-a770");
        ID3D12DescriptorHeap *heaps[HEAPS];
        D3D12_CPU_DESCRIPTOR_HANDLE dst[4], src[4];
        ID3D12InfoQueue *queue = info_queue(device);
        char why[512], text[640];
        D3D12_MESSAGE_ID id;
        const char *message;

        heaps[0] = create_heap(device, CBV, 16, false);
        heaps[1] = create_heap(device, CBV, 16, false);
        heaps[2] = create_heap(device, CBV, 16, true);
        heaps[3] = create_heap(device, SAMPLER, 4, false);
        for (n = 0; n < 8; ++n)
            write_cbv(device, heaps[0], n, (int)n);
        for (n = 0; n < 4; ++n)
        {
            dst[n] = range_handle(device, heaps, row->dst[n]);
            src[n] = range_handle(device, heaps, row->src[n]);
        }
        ID3D12InfoQueue_ClearStoredMessages(queue);
        if (row->simple)
            ID3D12Device_CopyDescriptorsSimple(device, row->dst_sizes[0], dst[0], src[0],
                    (D3D12_DESCRIPTOR_HEAP_TYPE)row->type);
        else
            ID3D12Device_CopyDescriptors(device, row->dst_count, row->dst_starts_null ? NULL : dst,
                    row->dst_sizes_null ? NULL : row->dst_sizes, row->src_count, row->src_starts_null ? NULL : src,
                    row->src_sizes_null ? NULL : row->src_sizes, (D3D12_DESCRIPTOR_HEAP_TYPE)row->type);

        for (n = 0; n < 16; ++n)
        {
            struct obj_descriptor got = read_slot(heaps[row->expect_heap], n);
            int want = row->expect[n];
            struct obj_descriptor expected = cbv_n(want);

            if (memcmp(&got, &expected, sizeof(got)))
                row_fail(&failures, i, row->name, "heap %u slot %u: kind %d, %u bytes; expected descriptor %d",
                        row->expect_heap, n, (int)got.kind, got.desc.cbv.SizeInBytes, want);
        }
        if (!row->why)
        {
            if (ID3D12InfoQueue_GetNumStoredMessages(queue))
                row_fail(&failures, i, row->name, "a message: \"%s\"", message_text(queue, 0, &id));
        }
        else
        {
            snprintf(why, sizeof(why), row->why, (unsigned long long)(row->src[0].heap >= 2 ? src[0] : dst[0]).ptr);
            snprintf(text, sizeof(text), "%s: %s; nothing is written.", row->simple
                    ? "ID3D12Device::CopyDescriptorsSimple" : "ID3D12Device::CopyDescriptors", why);
            if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
                row_fail(&failures, i, row->name, "%llu messages",
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
            else if ((message = message_text(queue, 0, &id)), id != row->id || strcmp(message, text))
                row_fail(&failures, i, row->name, "message %d \"%s\", expected %d \"%s\"", (int)id, message,
                        (int)row->id, text);
        }
        for (n = 0; n < HEAPS; ++n)
            ID3D12DescriptorHeap_Release(heaps[n]);
        ID3D12InfoQueue_Release(queue);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* ---- Memory in proportion to what is written ---- */

static void test_sparse_storage(void **state)
{
    ID3D12Device *device;
    ID3D12DescriptorHeap *big, *copy;
    struct obj_descriptor got;
    UINT n;

    (void)state;
    device = create_device_on("nvidia-rtx-4090");
    big = create_heap(device, CBV, 1000000, false);
    copy = create_heap(device, CBV, 1000000, true);
    assert_int_equal(obj_descriptor_heap_page_count(obj_descriptor_heap_from_iface(big)), 0);
    /* 200 descriptors spread over the heap: 200 pages, whatever the heap's size. */
    for (n = 0; n < 200; ++n)
        write_cbv(device, big, n * 4999, (int)n);
    assert_int_equal(obj_descriptor_heap_page_count(obj_descriptor_heap_from_iface(big)), 200);
    /* Rewriting a slot, and a second slot of a written page, allocate nothing. */
    write_cbv(device, big, 1, 7);
    write_cbv(device, big, 0, 8);
    assert_int_equal(obj_descriptor_heap_page_count(obj_descriptor_heap_from_iface(big)), 200);
    /* Copying the whole heap copies the 201 descriptors and allocates only their pages. */
    ID3D12Device_CopyDescriptorsSimple(device, 1000000, cpu_start(copy), cpu_start(big),
            D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    assert_int_equal(obj_descriptor_heap_page_count(obj_descriptor_heap_from_iface(copy)), 200);
    got = read_slot(copy, 199 * 4999);
    assert_int_equal(got.kind, OBJ_DESCRIPTOR_CBV);
    assert_int_equal(got.desc.cbv.SizeInBytes, 200 * 256);
    got = read_slot(copy, 1);
    assert_int_equal(got.desc.cbv.SizeInBytes, 8 * 256);
    got = read_slot(copy, 2);
    assert_int_equal(got.kind, OBJ_DESCRIPTOR_EMPTY);
    got = read_slot(copy, 999999);
    assert_int_equal(got.kind, OBJ_DESCRIPTOR_EMPTY);
    ID3D12DescriptorHeap_Release(copy);
    ID3D12DescriptorHeap_Release(big);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* obj_descriptor_heap_copy, which CopyDescriptors uses per descriptor: the
 * slot's bytes as they are, an empty source empties a written destination,
 * a slot copied onto itself stays, heaps of two types are refused. */
static void test_heap_copy(void **state)
{
    ID3D12Device *device;
    ID3D12DescriptorHeap *a, *b, *samplers;
    struct obj_descriptor_heap *ha, *hb;
    struct obj_descriptor got, empty = {0};

    (void)state;
    device = create_device_on("nvidia-rtx-4090");
    a = create_heap(device, CBV, 256, false);
    b = create_heap(device, CBV, 256, false);
    samplers = create_heap(device, SAMPLER, 4, false);
    ha = obj_descriptor_heap_from_iface(a);
    hb = obj_descriptor_heap_from_iface(b);
    write_cbv(device, a, 3, 5);
    write_cbv(device, b, 7, 9);
    write_cbv(device, b, 200, 11);
    assert_int_equal(obj_descriptor_heap_copy(hb, 8, ha, 3), S_OK);
    got = read_slot(b, 8);
    assert_int_equal(got.kind, OBJ_DESCRIPTOR_CBV);
    assert_int_equal(got.desc.cbv.SizeInBytes, 6 * 256);
    /* Slot 4 of a's written page is empty: b's slot 7 becomes empty. */
    assert_int_equal(obj_descriptor_heap_copy(hb, 7, ha, 4), S_OK);
    assert_int_equal(read_slot(b, 7).kind, OBJ_DESCRIPTOR_EMPTY);
    /* A page a never wrote, into a page b never wrote: nothing allocated;
     * nor by an empty descriptor stored there. */
    assert_int_equal(obj_descriptor_heap_copy(hb, 130, ha, 100), S_OK);
    assert_int_equal(obj_descriptor_heap_store(hb, 131, &empty), S_OK);
    assert_int_equal(obj_descriptor_heap_page_count(hb), 2);
    /* Onto itself. */
    assert_int_equal(obj_descriptor_heap_copy(hb, 200, hb, 200), S_OK);
    assert_int_equal(read_slot(b, 200).desc.cbv.SizeInBytes, 12 * 256);
    assert_int_equal(obj_descriptor_heap_copy(obj_descriptor_heap_from_iface(samplers), 0, ha, 3), E_INVALIDARG);
    assert_int_equal(read_slot(samplers, 0).kind, OBJ_DESCRIPTOR_EMPTY);
    ID3D12DescriptorHeap_Release(samplers);
    ID3D12DescriptorHeap_Release(b);
    ID3D12DescriptorHeap_Release(a);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* An allocation failure drops the write; the debug layer says so. */
static void test_out_of_memory(void **state)
{
    static const char text[] = "%s: out of memory for the descriptor storage; nothing is written from the "
            "descriptor at 0x%llX on.";
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv = {0, 256};
    ID3D12DescriptorHeap *heap, *other;
    char expected[256];
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    long n;

    (void)state;
    enable_debug_layer();
    device = create_device_on("warp");
    queue = info_queue(device);
    heap = create_heap(device, CBV, 256, false);
    other = create_heap(device, CBV, 256, false);
    /* The first write allocates the table, then the page: either failing drops it. */
    for (n = 0; n < 2; ++n)
    {
        ID3D12InfoQueue_ClearStoredMessages(queue);
        mk_alloc_fail_after(n);
        ID3D12Device_CreateConstantBufferView(device, &cbv, cpu_start(heap));
        mk_alloc_fail_after(-1);
        assert_true(mk_alloc_fail_triggered());
        assert_int_equal(read_slot(heap, 0).kind, OBJ_DESCRIPTOR_EMPTY);
        assert_int_equal(obj_descriptor_heap_page_count(obj_descriptor_heap_from_iface(heap)), 0);
        assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
        snprintf(expected, sizeof(expected), text, "ID3D12Device::CreateConstantBufferView",
                (unsigned long long)cpu_start(heap).ptr);
        assert_string_equal(message_text(queue, 0, &id), expected);
        assert_int_equal(id, D3D12_MESSAGE_ID_MOCKD3D12_DESCRIPTOR_OUT_OF_MEMORY);
    }
    /* Then it works; a copy whose destination page cannot be had stops there
     * (the second descriptor, whose page the first would have allocated, is not copied). */
    ID3D12Device_CreateConstantBufferView(device, &cbv, cpu_start(heap));
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, 1));
    assert_int_equal(read_slot(heap, 0).kind, OBJ_DESCRIPTOR_CBV);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    mk_alloc_fail_after(0);
    ID3D12Device_CopyDescriptorsSimple(device, 2, cpu_start(other), cpu_start(heap),
            D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    mk_alloc_fail_after(-1);
    assert_int_equal(read_slot(other, 0).kind, OBJ_DESCRIPTOR_EMPTY);
    assert_int_equal(read_slot(other, 1).kind, OBJ_DESCRIPTOR_EMPTY);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
    snprintf(expected, sizeof(expected), text, "ID3D12Device::CopyDescriptorsSimple",
            (unsigned long long)cpu_start(other).ptr);
    assert_string_equal(message_text(queue, 0, &id), expected);
    ID3D12DescriptorHeap_Release(other);
    ID3D12DescriptorHeap_Release(heap);
    ID3D12InfoQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Sampler feedback ---- */

static void test_sampler_feedback_uav(void **state)
{
    static const struct
    {
        const char *name;
        const char *adapter;
        bool targeted, feedback;
        D3D12_MESSAGE_ID id;
        const char *why;
    }
    rows[] =
    {
        {"without sampler feedback", "nvidia-gtx-1080-ti", true, true,
                D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_UAV_REQUIRES_SAMPLER_FEEDBACK_CAPABILITY,
                "a sampler feedback UAV needs D3D12_FEATURE_DATA_D3D12_OPTIONS7::SamplerFeedbackTier >= "
                "D3D12_SAMPLER_FEEDBACK_TIER_0_9, which is D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED on "
                "nvidia-gtx-1080-ti"},
        {"no targeted resource", "nvidia-rtx-4090", false, true,
                D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_NULL_ARGUMENTS, "pTargetedResource is NULL"},
        {"no feedback resource", "amd-radeon-680m", true, false,
                D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_NULL_ARGUMENTS, "pFeedbackResource is NULL"},
        {"both resources", "nvidia-rtx-4090", true, true,
                D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_REQUIRES_FEEDBACK_MAP_FORMAT,
                "pFeedbackResource %p is no sampler feedback map (mockd3d12 does not model sampler feedback UAVs yet)"},
    };
    struct row_failures failures = {0};
    unsigned i;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12Device *device = create_device_on(rows[i].adapter);
        ID3D12DescriptorHeap *heap = create_heap(device, CBV, 4, false);
        ID3D12InfoQueue *queue = info_queue(device);
        char why[512], text[640];
        ID3D12Device8 *device8;
        D3D12_MESSAGE_ID id;
        const char *message;

        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device8, (void **)&device8), S_OK);
        ID3D12Device8_CreateSamplerFeedbackUnorderedAccessView(device8, rows[i].targeted ? RESOURCE : NULL,
                rows[i].feedback ? RESOURCE : NULL, cpu_start(heap));
        ID3D12Device8_Release(device8);
        snprintf(why, sizeof(why), rows[i].why, (void *)RESOURCE);
        snprintf(text, sizeof(text), "ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView: %s; nothing is "
                "written.", why);
        if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
            row_fail(&failures, i, rows[i].name, "%llu messages",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
        else if ((message = message_text(queue, 0, &id)), id != rows[i].id || strcmp(message, text))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\", expected \"%s\"", (int)id, message, text);
        if (read_slot(heap, 0).kind != OBJ_DESCRIPTOR_EMPTY)
            row_fail(&failures, i, rows[i].name, "the slot was written");
        ID3D12InfoQueue_Release(queue);
        ID3D12DescriptorHeap_Release(heap);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* A CBV is of a live buffer of the device: repeated CBVs into one buffer,
 * one into another buffer, into a buffer that died (its address range given
 * back) and into a new buffer at that address, in that order, so that the
 * check's hint of the range an address's page was found in goes stale. */
static void test_cbv_buffers_come_and_go(void **state)
{
    static const D3D12_HEAP_PROPERTIES upload = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    ID3D12Resource *first, *second, *again;
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    D3D12_GPU_VIRTUAL_ADDRESS va, second_va;
    ID3D12DescriptorHeap *heap;
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    UINT i;

    (void)state;
    enable_debug_layer();
    device = create_device_on("warp");
    heap = create_heap(device, CBV, 8, false);
    queue = info_queue(device);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&first), S_OK);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&second), S_OK);
    va = ID3D12Resource_GetGPUVirtualAddress(first);
    second_va = ID3D12Resource_GetGPUVirtualAddress(second);
    for (i = 0; i < 4; ++i) /* in the first buffer, the last 256 bytes included */
    {
        cbv.BufferLocation = va + i * 21760;
        cbv.SizeInBytes = 256;
        ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, i));
    }
    cbv.BufferLocation = va + 65536 - 256;
    cbv.SizeInBytes = 512; /* runs past its end */
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, 4));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
    message_text(queue, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE);
    cbv.BufferLocation = second_va;
    cbv.SizeInBytes = 65536;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, 5));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
    assert_int_equal(read_slot(heap, 5).kind, OBJ_DESCRIPTOR_CBV);

    /* The first buffer dies: its range is no buffer's. */
    cbv.BufferLocation = va;
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, 6));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
    ID3D12Resource_Release(first);
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, 7));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 2);
    message_text(queue, 1, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE);
    assert_int_equal(read_slot(heap, 7).kind, OBJ_DESCRIPTOR_EMPTY);
    /* A new buffer takes the range back (addresses are given back, as on Windows). */
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&again), S_OK);
    if (ID3D12Resource_GetGPUVirtualAddress(again) == va)
    {
        ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, 7));
        assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 2);
        assert_int_equal(read_slot(heap, 7).kind, OBJ_DESCRIPTOR_CBV);
    }

    ID3D12Resource_Release(again);
    ID3D12Resource_Release(second);
    ID3D12InfoQueue_Release(queue);
    ID3D12DescriptorHeap_Release(heap);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The CBV check's search of the device's buffer ranges (obj_device_buffer_find),
 * each CBV into another buffer, each page's hint then right or stale: buffers placed in one heap overlap (a small one inside a large one, a
 * CBV past the small one's end is the large one's), a committed buffer among
 * many, a released placed buffer's range that another still covers, and
 * the range no buffer covers any more. */
static void test_cbv_in_aliased_buffers(void **state)
{
    static const D3D12_HEAP_PROPERTIES upload = {D3D12_HEAP_TYPE_UPLOAD, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    D3D12_HEAP_DESC heap_desc = {1 << 20, upload, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    ID3D12Resource *large, *small, *committed[16];
    D3D12_GPU_VIRTUAL_ADDRESS large_va, small_va;
    D3D12_CONSTANT_BUFFER_VIEW_DESC cbv;
    ID3D12DescriptorHeap *heap;
    ID3D12InfoQueue *queue;
    ID3D12Device *device;
    ID3D12Heap *memory;
    UINT i, slot_index = 0;

    (void)state;
    enable_debug_layer();
    device = create_device_on("warp");
    heap = create_heap(device, CBV, 64, false);
    queue = info_queue(device);
    assert_int_equal(ID3D12Device_CreateHeap(device, &heap_desc, &IID_ID3D12Heap, (void **)&memory), S_OK);
    desc.Width = 1 << 20;
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, memory, 0, &desc, D3D12_RESOURCE_STATE_GENERIC_READ,
            NULL, &IID_ID3D12Resource, (void **)&large), S_OK);
    desc.Width = 65536;
    assert_int_equal(ID3D12Device_CreatePlacedResource(device, memory, 65536, &desc, D3D12_RESOURCE_STATE_GENERIC_READ,
            NULL, &IID_ID3D12Resource, (void **)&small), S_OK);
    for (i = 0; i < ARRAY_SIZE(committed); ++i)
        assert_int_equal(ID3D12Device_CreateCommittedResource(device, &upload, D3D12_HEAP_FLAG_NONE, &desc,
                D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)&committed[i]), S_OK);
    large_va = ID3D12Resource_GetGPUVirtualAddress(large);
    small_va = ID3D12Resource_GetGPUVirtualAddress(small);
    assert_int_equal(small_va, large_va + 65536);

    /* Past the small buffer's end, inside the large one; across the small one's end. */
    cbv.BufferLocation = large_va + 512 * 1024;
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index++));
    cbv.BufferLocation = small_va + 65536 - 256;
    cbv.SizeInBytes = 512;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index++));
    /* Each committed buffer in turn, twice (searched, then hinted). */
    for (i = 0; i < 2 * ARRAY_SIZE(committed); ++i)
    {
        cbv.BufferLocation = ID3D12Resource_GetGPUVirtualAddress(committed[i % ARRAY_SIZE(committed)]) + 1024;
        cbv.SizeInBytes = 256;
        ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index++));
    }
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 0);
    assert_int_equal(read_slot(heap, slot_index - 1).kind, OBJ_DESCRIPTOR_CBV);

    /* The small buffer goes: its range is still the large one's. */
    ID3D12Resource_Release(small);
    cbv.BufferLocation = small_va;
    cbv.SizeInBytes = 256;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index++));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 0);
    /* The large one goes: the range is no buffer's. */
    ID3D12Resource_Release(large);
    cbv.BufferLocation = large_va + 512 * 1024;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 1);
    assert_int_equal(read_slot(heap, slot_index).kind, OBJ_DESCRIPTOR_EMPTY);
    /* Past the end of the device's highest range, below its lowest. */
    cbv.BufferLocation = ~(D3D12_GPU_VIRTUAL_ADDRESS)0 - 255;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index));
    cbv.BufferLocation = 256;
    ID3D12Device_CreateConstantBufferView(device, &cbv, slot(device, heap, slot_index));
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(queue), 3);

    for (i = 0; i < ARRAY_SIZE(committed); ++i)
        ID3D12Resource_Release(committed[i]);
    ID3D12Heap_Release(memory);
    ID3D12InfoQueue_Release(queue);
    ID3D12DescriptorHeap_Release(heap);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The hook finds mockd3d12 heaps only. */
static void test_heap_from_iface(void **state)
{
    ID3D12DescriptorHeapVtbl vtbl;
    ID3D12DescriptorHeap fake = {&vtbl};
    ID3D12DescriptorHeap *heap;
    ID3D12Device *device;

    (void)state;
    memset(&vtbl, 0, sizeof(vtbl));
    device = create_device_on("warp");
    heap = create_heap(device, CBV, 1, false);
    assert_non_null(obj_descriptor_heap_from_iface(heap));
    assert_null(obj_descriptor_heap_from_iface(NULL));
    assert_null(obj_descriptor_heap_from_iface(&fake));
    ID3D12DescriptorHeap_Release(heap);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A runtime that does not know OPTIONS17 cannot allow non-normalized samplers. */
static void test_gate_unknown_to_runtime(void **state)
{
    D3D12_SAMPLER_DESC2 desc = sampler2(D3D12_FILTER_MIN_MAG_MIP_POINT);
    mockd3d12_runtime runtime;
    ID3D12DescriptorHeap *heap;
    ID3D12InfoQueue *queue;
    ID3D12Device11 *device11;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;

    (void)state;
    enable_debug_layer();
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    runtime.kind = MOCKD3D12_RUNTIME_RETAIL;
    runtime.sdk_version = 606;
    runtime.preview_sdk_version = 706;
    runtime.cutoff_sdk_version = 620;
    runtime.cutoff_preview_sdk_version = 721;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    device = create_device_on("warp");
    queue = info_queue(device);
    heap = create_heap(device, SAMPLER, 1, false);
    desc.AddressU = desc.AddressV = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    desc.MaxLOD = 0.0f;
    desc.Flags = (D3D12_SAMPLER_FLAGS)0x2;
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device11, (void **)&device11), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    ID3D12Device11_CreateSampler2(device11, &desc, cpu_start(heap));
    ID3D12Device11_Release(device11);
    assert_int_equal(read_slot(heap, 0).kind, OBJ_DESCRIPTOR_EMPTY);
    assert_string_equal(message_text(queue, 0, &id), "ID3D12Device11::CreateSampler2: "
            "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs D3D12_FEATURE_DATA_D3D12_OPTIONS17::"
            "NonNormalizedCoordinateSamplersSupported, which this runtime (SDK 606) does not report on warp; nothing is written.");
    ID3D12InfoQueue_Release(queue);
    ID3D12DescriptorHeap_Release(heap);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_views_and_samplers, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_layer_off, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_destinations, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_copies, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_sparse_storage, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_copy, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_sampler_feedback_uav, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_gate_unknown_to_runtime, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_heap_from_iface, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cbv_buffers_come_and_go, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cbv_in_aliased_buffers, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
