/*
 * Root signatures (docs/objects.md): D3D12Serialize*RootSignature, the
 * deserializers and their conversions, ID3DBlob, and
 * ID3D12Device::CreateRootSignature against the simulated adapters.
 *
 * The blobs are compared byte for byte with an independent serializer,
 * Debian's libvkd3d-utils.so.1 (dlopen()ed on Linux, as bench/ does; it
 * knows 1.0 and 1.1), whose format is the one Windows writes: the blobs
 * vkd3d-proton's tests/d3d12_root_signature.c records on Windows
 * (test_root_signature_byte_code) come out of both alike. 1.2, which vkd3d
 * 1.2 predates, is checked against its layout written out by hand. The
 * HRESULTs are Windows' where the public conformance tests record them
 * (the sources are named at the rows).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <float.h>
#include <limits.h>
#include <math.h>

#include "alloc.h"
#include "dxbc_writer.h"
#include "root_signature_codec.h"

#ifndef _WIN32
#include <dlfcn.h>
#endif

/* Exported by the runtime (src/exports.map); DirectX-Headers 1.606 declares no prototype. */
HRESULT WINAPI D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(LPCVOID data, SIZE_T size,
        LPCWSTR subobject, REFIID riid, void **deserializer);

static const GUID test_guid = {0x2c4b6d80, 0x1a3e, 0x4f5a, {0x90, 0x81, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6, 0x07}};

#define V10 D3D_ROOT_SIGNATURE_VERSION_1_0
#define V11 D3D_ROOT_SIGNATURE_VERSION_1_1
#define V12 D3D_ROOT_SIGNATURE_VERSION_1_2
#define TABLE D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE
#define CONSTANTS D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS
#define ROOT_CBV D3D12_ROOT_PARAMETER_TYPE_CBV
#define ROOT_SRV D3D12_ROOT_PARAMETER_TYPE_SRV
#define ROOT_UAV D3D12_ROOT_PARAMETER_TYPE_UAV
#define SRV D3D12_DESCRIPTOR_RANGE_TYPE_SRV
#define UAV D3D12_DESCRIPTOR_RANGE_TYPE_UAV
#define CBV D3D12_DESCRIPTOR_RANGE_TYPE_CBV
#define SAMPLER D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER
#define APPEND D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND
#define ALL D3D12_SHADER_VISIBILITY_ALL
#define VS D3D12_SHADER_VISIBILITY_VERTEX
#define PS D3D12_SHADER_VISIBILITY_PIXEL
#define GS D3D12_SHADER_VISIBILITY_GEOMETRY
#define MS D3D12_SHADER_VISIBILITY_MESH
#define DV D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE
#define DATA_V D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE
#define DATA_S D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC
#define DATA_SE D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE

/* ---- Descriptions used by several tests (1.1 form; 1.0 rows drop the flags) ---- */

static const D3D12_DESCRIPTOR_RANGE1 ranges_views[] =
{
    {CBV, 1, 1, 7, 0, APPEND},
    {SRV, 8, 16, 0, 0, APPEND},
    {UAV, UINT_MAX, 3, 0, 0, 44},
};
static const D3D12_DESCRIPTOR_RANGE1 ranges_views_flags[] =
{
    {CBV, 1, 1, 7, DV, APPEND},
    {SRV, 8, 16, 0, DV | DATA_V, APPEND},
    {UAV, 4, 3, 0, DATA_S, 44},
};
static const D3D12_DESCRIPTOR_RANGE1 ranges_samplers[] =
{
    {SAMPLER, 4, 0, 0, 0, 0},
    {SAMPLER, 2, 8, 1, DV, APPEND},
};
static const D3D12_DESCRIPTOR_RANGE1 ranges_srv_pixel[] = {{SRV, 2, 0, 0, DATA_SE, APPEND}};

static const D3D12_ROOT_PARAMETER1 params_everything[] =
{
    {ROOT_UAV, .Descriptor = {2, 1, 0}, VS},
    {ROOT_SRV, .Descriptor = {4, 3, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC}, ALL},
    {TABLE, .DescriptorTable = {ARRAY_SIZE(ranges_views_flags), ranges_views_flags}, ALL},
    {ROOT_CBV, .Descriptor = {6, 5, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE}, PS},
    {CONSTANTS, .Constants = {10, 9, 2}, GS},
    {TABLE, .DescriptorTable = {ARRAY_SIZE(ranges_samplers), ranges_samplers}, PS},
    {TABLE, .DescriptorTable = {ARRAY_SIZE(ranges_srv_pixel), ranges_srv_pixel}, PS},
};

static const D3D12_STATIC_SAMPLER_DESC samplers_two[] =
{
    {D3D12_FILTER_ANISOTROPIC, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
            D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 16, D3D12_COMPARISON_FUNC_LESS_EQUAL,
            D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE, 0.0f, D3D12_FLOAT32_MAX, 4, 0, ALL},
    {D3D12_FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
            D3D12_TEXTURE_ADDRESS_MODE_BORDER, D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE, -1.5f, 1,
            D3D12_COMPARISON_FUNC_GREATER, D3D12_STATIC_BORDER_COLOR_TRANSPARENT_BLACK, 1.0f, 10.0f, 0, 3, PS},
};

/* ---- Helpers ---- */

/* A 1.1 description as 1.0 (flags dropped), in `params` / `ranges`. */
static void to_v10(const D3D12_ROOT_SIGNATURE_DESC1 *src, D3D12_ROOT_SIGNATURE_DESC *dst, D3D12_ROOT_PARAMETER *params,
        D3D12_DESCRIPTOR_RANGE *ranges)
{
    UINT i, j, n = 0;

    for (i = 0; i < src->NumParameters; ++i)
    {
        const D3D12_ROOT_PARAMETER1 *p = &src->pParameters[i];

        params[i].ParameterType = p->ParameterType;
        params[i].ShaderVisibility = p->ShaderVisibility;
        if (p->ParameterType == TABLE)
        {
            params[i].DescriptorTable.NumDescriptorRanges = p->DescriptorTable.NumDescriptorRanges;
            params[i].DescriptorTable.pDescriptorRanges = &ranges[n];
            for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j, ++n)
            {
                const D3D12_DESCRIPTOR_RANGE1 *r = &p->DescriptorTable.pDescriptorRanges[j];
                D3D12_DESCRIPTOR_RANGE r0 = {r->RangeType, r->NumDescriptors, r->BaseShaderRegister, r->RegisterSpace,
                        r->OffsetInDescriptorsFromTableStart};

                ranges[n] = r0;
            }
        }
        else if (p->ParameterType == CONSTANTS)
        {
            params[i].Constants = p->Constants;
        }
        else
        {
            params[i].Descriptor.ShaderRegister = p->Descriptor.ShaderRegister;
            params[i].Descriptor.RegisterSpace = p->Descriptor.RegisterSpace;
        }
    }
    dst->NumParameters = src->NumParameters;
    dst->pParameters = src->NumParameters ? params : NULL;
    dst->NumStaticSamplers = src->NumStaticSamplers;
    dst->pStaticSamplers = src->pStaticSamplers;
    dst->Flags = src->Flags;
}

/* ---- The oracle: vkd3d's serializer (Linux only) ---- */

#if !defined(_WIN32) && defined(__x86_64__)
/* vkd3d's entry points and COM methods use the Windows x64 convention
 * (bench/bench_vkd3d.c). */
#define VKD3D_ABI __attribute__((ms_abi))
typedef HRESULT (VKD3D_ABI *vkd3d_serialize_fn)(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, void **blob,
        void **error_blob);
typedef void *(VKD3D_ABI *vkd3d_pointer_fn)(void *blob);
typedef SIZE_T (VKD3D_ABI *vkd3d_size_fn)(void *blob);
typedef ULONG (VKD3D_ABI *vkd3d_release_fn)(void *blob);

static vkd3d_serialize_fn oracle_serialize(void)
{
    static void *library;

    if (!library && !(library = dlopen("libvkd3d-utils.so.1", RTLD_NOW | RTLD_LOCAL)))
        return NULL;
    /* Never dlclosed: the library may keep state. */
    return (vkd3d_serialize_fn)dlsym(library, "D3D12SerializeVersionedRootSignature");
}

/* vkd3d's blob of `desc` (a copy the caller frees), or NULL. */
static void *oracle_blob(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc, size_t *size)
{
    vkd3d_serialize_fn serialize = oracle_serialize();
    void *blob = NULL, **vtbl, *copy;

    if (!serialize || FAILED(serialize(desc, &blob, NULL)) || !blob)
        return NULL;
    vtbl = *(void ***)blob;
    *size = ((vkd3d_size_fn)vtbl[4])(blob);
    copy = malloc(*size);
    assert_non_null(copy);
    memcpy(copy, ((vkd3d_pointer_fn)vtbl[3])(blob), *size);
    ((vkd3d_release_fn)vtbl[2])(blob);
    return copy;
}
#define HAVE_ORACLE 1
#else
#define HAVE_ORACLE 0
#endif

/* ---- Serialization rows ---- */

struct serialize_row
{
    const char *name;
    D3D12_ROOT_SIGNATURE_DESC1 desc; /* serialized as 1.0 and as 1.1 */
};

static const D3D12_DESCRIPTOR_RANGE1 ranges_uav_each[] = {{UAV, 1, 0, 0, 0, 0}};
static const D3D12_DESCRIPTOR_RANGE1 ranges_two_a[] = {{SRV, 1, 0, 0, DATA_S, 0}, {SRV, 3, 1, 0, 0, APPEND}};
static const D3D12_DESCRIPTOR_RANGE1 ranges_two_b[] = {{CBV, 2, 0, 2, DATA_V, 5}, {UAV, 1, 9, 2, DV, 0}};
static const D3D12_ROOT_PARAMETER1 params_two_tables[] =
{
    {TABLE, .DescriptorTable = {ARRAY_SIZE(ranges_two_a), ranges_two_a}, VS},
    {TABLE, .DescriptorTable = {ARRAY_SIZE(ranges_two_b), ranges_two_b}, PS},
    {CONSTANTS, .Constants = {0, 0, 4}, ALL},
};
static const D3D12_ROOT_PARAMETER1 params_cbv[] = {{ROOT_CBV, .Descriptor = {3, 0, 0}, ALL}};
static const D3D12_ROOT_PARAMETER1 params_cbv_gs[] = {{ROOT_CBV, .Descriptor = {4, 1, 0}, GS}};
static const D3D12_ROOT_PARAMETER1 params_srv_uav[] =
{
    {ROOT_SRV, .Descriptor = {13, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC}, ALL},
    {ROOT_UAV, .Descriptor = {6, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE}, ALL},
};
static const D3D12_ROOT_PARAMETER1 params_constants[] =
{
    {CONSTANTS, .Constants = {4, 0, 3}, ALL},
    {CONSTANTS, .Constants = {5, 3, 4}, MS},
};
static const D3D12_ROOT_PARAMETER1 params_empty_table[] = {{TABLE, .DescriptorTable = {0, NULL}, ALL}};
static const D3D12_ROOT_PARAMETER1 params_views[] =
{
    {TABLE, .DescriptorTable = {ARRAY_SIZE(ranges_views), ranges_views}, ALL},
};

static const struct serialize_row serialize_rows[] =
{
    {"empty", {0, NULL, 0, NULL, D3D12_ROOT_SIGNATURE_FLAG_NONE}},
    {"IA input layout", {0, NULL, 0, NULL, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT}},
    {"every flag", {0, NULL, 0, NULL, (D3D12_ROOT_SIGNATURE_FLAGS)0xfff}},
    {"root CBV", {ARRAY_SIZE(params_cbv), params_cbv, 0, NULL, 0}},
    {"root CBV, geometry, space 1", {ARRAY_SIZE(params_cbv_gs), params_cbv_gs, 0, NULL, 0}},
    {"root SRV and UAV", {ARRAY_SIZE(params_srv_uav), params_srv_uav, 0, NULL,
            D3D12_ROOT_SIGNATURE_FLAG_DENY_VERTEX_SHADER_ROOT_ACCESS}},
    {"root constants", {ARRAY_SIZE(params_constants), params_constants, 0, NULL, 0}},
    {"an empty table", {ARRAY_SIZE(params_empty_table), params_empty_table, 0, NULL, 0}},
    {"a table, unbounded UAVs", {ARRAY_SIZE(params_views), params_views, 0, NULL, 0}},
    {"two tables and constants", {ARRAY_SIZE(params_two_tables), params_two_tables, 0, NULL, 0}},
    {"static samplers", {0, NULL, ARRAY_SIZE(samplers_two), samplers_two, 0}},
    {"everything", {ARRAY_SIZE(params_everything), params_everything, ARRAY_SIZE(samplers_two), samplers_two,
            D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT}},
    {"64 DWORDs", {1, (const D3D12_ROOT_PARAMETER1[]){{CONSTANTS, .Constants = {0, 0, 64}, ALL}}, 0, NULL, 0}},
    {"a local root signature of 100 DWORDs",
            {1, (const D3D12_ROOT_PARAMETER1[]){{CONSTANTS, .Constants = {0, 0, 100}, ALL}}, 0, NULL,
            D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE}},
    {"one UAV table", {1, (const D3D12_ROOT_PARAMETER1[]){{TABLE, .DescriptorTable = {1, ranges_uav_each}, ALL}}, 0,
            NULL, 0}},
    /* 140 and 144 bytes: the checksum's last 64-byte block has no room for the length. */
    {"a root CBV and a static sampler", {ARRAY_SIZE(params_cbv), params_cbv, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {(D3D12_FILTER)0x54 /* MIN_MAG_ANISOTROPIC_MIP_POINT */, 1, 1, 1, 0.0f, 8, D3D12_COMPARISON_FUNC_NEVER,
            D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK, 0.0f, 4.0f, 2, 0, PS}}, 0}},
};

static ID3DBlob *serialize_ok(struct row_failures *failures, unsigned i, const char *name,
        const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc)
{
    ID3DBlob *blob = SENTINEL, *error = SENTINEL;
    HRESULT hr;

    hr = D3D12SerializeVersionedRootSignature(desc, &blob, &error);
    if (hr != S_OK)
    {
        row_fail(failures, i, name, "version %#x: hr %#x (%s)", (unsigned)desc->Version, (unsigned)hr,
                error && error != SENTINEL ? (const char *)ID3D10Blob_GetBufferPointer(error) : "no error blob");
        if (error && error != SENTINEL)
            ID3D10Blob_Release(error);
        return NULL;
    }
    if (error)
        row_fail(failures, i, name, "version %#x: error blob %p on success", (unsigned)desc->Version, (void *)error);
    return blob;
}

/* Both versions of every row, each compared with vkd3d's blob; 1.0 through
 * D3D12SerializeRootSignature too, which must write the same bytes. */
static void test_serialize_matches_oracle(void **state)
{
    D3D12_DESCRIPTOR_RANGE ranges0[16];
    D3D12_ROOT_PARAMETER params0[16];
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned;
    struct row_failures failures = {0};
    ID3DBlob *blob, *legacy, *error;
    unsigned i, v, compared = 0;
    void *expected;
    size_t size;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(serialize_rows); ++i)
    {
        for (v = V10; v <= V11; ++v)
        {
            memset(&versioned, 0, sizeof(versioned));
            versioned.Version = (D3D_ROOT_SIGNATURE_VERSION)v;
            if (v == V10)
                to_v10(&serialize_rows[i].desc, &versioned.Desc_1_0, params0, ranges0);
            else
                versioned.Desc_1_1 = serialize_rows[i].desc;
            if (!(blob = serialize_ok(&failures, i, serialize_rows[i].name, &versioned)))
                continue;
            if (v == V10)
            {
                error = SENTINEL;
                if (D3D12SerializeRootSignature(&versioned.Desc_1_0, V10, &legacy, &error) != S_OK || error)
                    row_fail(&failures, i, serialize_rows[i].name, "D3D12SerializeRootSignature failed");
                else
                {
                    if (ID3D10Blob_GetBufferSize(legacy) != ID3D10Blob_GetBufferSize(blob)
                            || memcmp(ID3D10Blob_GetBufferPointer(legacy), ID3D10Blob_GetBufferPointer(blob),
                                ID3D10Blob_GetBufferSize(blob)))
                        row_fail(&failures, i, serialize_rows[i].name, "the two 1.0 serializers differ");
                    ID3D10Blob_Release(legacy);
                }
            }
#if HAVE_ORACLE
            if ((expected = oracle_blob(&versioned, &size)))
            {
                ++compared;
                if (size != ID3D10Blob_GetBufferSize(blob))
                    row_fail(&failures, i, serialize_rows[i].name, "version %u: %zu bytes, vkd3d writes %zu", v,
                            (size_t)ID3D10Blob_GetBufferSize(blob), size);
                else if (memcmp(expected, ID3D10Blob_GetBufferPointer(blob), size))
                    row_fail(&failures, i, serialize_rows[i].name, "version %u: the bytes differ from vkd3d's", v);
                free(expected);
            }
#else
            (void)expected;
            (void)size;
#endif
            ID3D10Blob_Release(blob);
        }
    }
    rows_done(&failures);
#if HAVE_ORACLE
    /* The comparison is the point of this test: without vkd3d it says so. */
    if (!compared)
        skip();
    print_message("%u blobs compared with vkd3d's\n", compared);
#else
    (void)compared;
    skip();
#endif
}

/* 1.2: one CBV and one static sampler with flags, written out by hand from
 * the format (version 3; a sampler is 14 DWORDs, Flags last); the checksum
 * is the container's own (checked against vkd3d's and Windows' above). */
static void test_serialize_1_2(void **state)
{
    static const D3D12_ROOT_PARAMETER1 params[] = {{ROOT_CBV, .Descriptor = {2, 1, 0x8}, PS}};
    static const struct obj_sampler1 samplers[] =
    {
        {D3D12_FILTER_MIN_MAG_MIP_POINT, 3, 3, 3, 0.0f, 0, D3D12_COMPARISON_FUNC_NONE,
                D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, 0.0f, 0.0f, 1, 2, PS,
                OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR | OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES},
    };
    uint32_t expected[] =
    {
        0x43425844, 0, 0, 0, 0, 1, 0x94, 1, 0x24,
        0x30535452, 0x68,
        3, 1, 0x18, 1, 0x30, 0x400,
        ROOT_CBV, PS, 0x24,
        2, 1, 0x8,
        0, 3, 3, 3, 0, 0, 0, 4, 0, 0, 1, 2, PS, 3,
    };
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    struct row_failures failures = {0};
    uint32_t checksum[4];
    ID3DBlob *blob;

    (void)state;
    memset(&desc, 0, sizeof(desc));
    desc.Version = V12;
    desc.Desc_1_1.NumParameters = 1;
    desc.Desc_1_1.pParameters = params;
    desc.Desc_1_1.NumStaticSamplers = 1;
    desc.Desc_1_1.pStaticSamplers = (const D3D12_STATIC_SAMPLER_DESC *)samplers;
    desc.Desc_1_1.Flags = D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED;
    obj_dxbc_checksum(expected, sizeof(expected), checksum);
    memcpy(&expected[1], checksum, sizeof(checksum));
    if ((blob = serialize_ok(&failures, 0, "1.2", &desc)))
    {
        if (ID3D10Blob_GetBufferSize(blob) != sizeof(expected))
            row_fail(&failures, 0, "1.2", "%zu bytes, expected %zu", (size_t)ID3D10Blob_GetBufferSize(blob),
                    sizeof(expected));
        else if (memcmp(ID3D10Blob_GetBufferPointer(blob), expected, sizeof(expected)))
            row_fail(&failures, 0, "1.2", "the bytes differ from the layout");
        ID3D10Blob_Release(blob);
    }
    rows_done(&failures);
}

/* ---- Serialization errors ---- */

struct error_row
{
    const char *name;
    D3D_ROOT_SIGNATURE_VERSION version;
    D3D12_ROOT_SIGNATURE_DESC1 desc; /* 1.2 rows: samplers are struct obj_sampler1 */
    const char *text;                /* the error blob's text */
};

#define P1(...) (const D3D12_ROOT_PARAMETER1[]){__VA_ARGS__}
#define R1(...) (const D3D12_DESCRIPTOR_RANGE1[]){__VA_ARGS__}
#define ONE_TABLE(vis, ...) 1, P1({TABLE, .DescriptorTable = {ARRAY_SIZE(R1(__VA_ARGS__)), R1(__VA_ARGS__)}, vis})

#define PREFIX "D3D12SerializeVersionedRootSignature: "
#define RCBV(n) {ROOT_CBV, .Descriptor = {n, 0, 0}, VS}

static const struct error_row error_rows[] =
{
    {"version 0", (D3D_ROOT_SIGNATURE_VERSION)0, {0}, PREFIX "Version 0 is no D3D_ROOT_SIGNATURE_VERSION."},
    {"version 4", (D3D_ROOT_SIGNATURE_VERSION)4, {0}, PREFIX "Version 0x4 is no D3D_ROOT_SIGNATURE_VERSION."},
    {"NULL parameters", V11, {2, NULL, 0, NULL, 0}, PREFIX "pParameters is NULL but NumParameters is 2."},
    {"NULL samplers", V11, {0, NULL, 1, NULL, 0}, PREFIX "pStaticSamplers is NULL but NumStaticSamplers is 1."},
    {"unknown flag", V11, {0, NULL, 0, NULL, (D3D12_ROOT_SIGNATURE_FLAGS)0x1001},
            PREFIX "Flags 0x1001 has bits (0x1000) that are no D3D12_ROOT_SIGNATURE_FLAGS."},
    {"parameter type 5", V11, {1, P1({(D3D12_ROOT_PARAMETER_TYPE)5, .Constants = {0}, ALL}), 0, NULL, 0},
            PREFIX "root parameter [0]: ParameterType 0x5 is no D3D12_ROOT_PARAMETER_TYPE."},
    {"visibility 8", V11, {1, P1({CONSTANTS, .Constants = {0, 0, 1}, (D3D12_SHADER_VISIBILITY)8}), 0, NULL, 0},
            PREFIX "root parameter [0]: ShaderVisibility 0x8 is no D3D12_SHADER_VISIBILITY."},
    {"NULL ranges", V11, {1, P1({TABLE, .DescriptorTable = {3, NULL}, ALL}), 0, NULL, 0},
            PREFIX "root parameter [0]: pDescriptorRanges is NULL but NumDescriptorRanges is 3."},
    {"reserved space, constants", V11, {1, P1({CONSTANTS, .Constants = {0, 0xfffffff0, 1}, ALL}), 0, NULL, 0},
            PREFIX "root parameter [0]: RegisterSpace 0xfffffff0 is reserved (0xfffffff0 and above)."},
    {"root descriptor flags", V11, {1, P1({ROOT_CBV, .Descriptor = {0, 0, 0x6}, ALL}), 0, NULL, 0},
            PREFIX "root parameter [0]: Flags 0x6 is not one D3D12_ROOT_DESCRIPTOR_FLAGS value."},
    {"root descriptor flag 1", V11, {1, P1({ROOT_SRV, .Descriptor = {0, 0, 0x1}, ALL}), 0, NULL, 0},
            PREFIX "root parameter [0]: Flags 0x1 is not one D3D12_ROOT_DESCRIPTOR_FLAGS value."},
    /* test_root_signature_limits: 65 tables are E_INVALIDARG on Windows. */
    {"65 DWORDs", V11, {1, P1({CONSTANTS, .Constants = {0, 0, 65}, ALL}), 0, NULL, 0},
            PREFIX "the root signature costs 65 DWORDs, more than the 64 it may have (a table costs 1, a root "
            "constant 1 per value, a root descriptor 2)."},
    {"33 root descriptors", V10, {33, P1(
            RCBV(0), RCBV(1), RCBV(2), RCBV(3), RCBV(4), RCBV(5), RCBV(6), RCBV(7), RCBV(8),
            RCBV(9), RCBV(10), RCBV(11), RCBV(12), RCBV(13), RCBV(14), RCBV(15), RCBV(16), RCBV(17),
            RCBV(18), RCBV(19), RCBV(20), RCBV(21), RCBV(22), RCBV(23), RCBV(24), RCBV(25), RCBV(26),
            RCBV(27), RCBV(28), RCBV(29), RCBV(30), RCBV(31), RCBV(32)),
            0, NULL, 0},
            "D3D12SerializeRootSignature: the root signature costs 66 DWORDs, more than the 64 it may have (a table "
            "costs 1, a root constant 1 per value, a root descriptor 2)."},
    {"range type 4", V11, {ONE_TABLE(ALL, {(D3D12_DESCRIPTOR_RANGE_TYPE)4, 1, 0, 0, 0, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: RangeType 0x4 is no D3D12_DESCRIPTOR_RANGE_TYPE."},
    {"no descriptors", V11, {ONE_TABLE(ALL, {SRV, 0, 0, 0, 0, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: NumDescriptors is 0."},
    {"past the last register", V11, {ONE_TABLE(ALL, {SRV, 2, UINT_MAX, 0, 0, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: BaseShaderRegister 4294967295 + NumDescriptors 2 runs "
            "past the last register."},
    {"reserved space, range", V11, {ONE_TABLE(ALL, {SRV, 1, 0, 0xffffffff, 0, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: RegisterSpace 0xffffffff is reserved (0xfffffff0 and "
            "above)."},
    {"range flag 0x20", V11, {ONE_TABLE(ALL, {SRV, 1, 0, 0, (D3D12_DESCRIPTOR_RANGE_FLAGS)0x20, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: Flags 0x20 has bits (0x20) that are no "
            "D3D12_DESCRIPTOR_RANGE_FLAGS."},
    {"two DATA flags", V11, {ONE_TABLE(ALL, {SRV, 1, 0, 0, DATA_S | DATA_V, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: Flags 0xa has more than one DATA_* flag."},
    {"sampler with DATA", V11, {ONE_TABLE(ALL, {SAMPLER, 1, 0, 0, DATA_V, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: a SAMPLER range cannot have DATA_* flags (Flags 0x2)."},
    {"DESCRIPTORS_VOLATILE | DATA_STATIC", V11, {ONE_TABLE(ALL, {CBV, 1, 0, 0, DV | DATA_S, 0}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: DESCRIPTORS_VOLATILE cannot be combined with "
            "DATA_STATIC."},
    /* test_create_root_signature: a sampler and an SRV in one table. */
    {"sampler and SRV", V10, {ONE_TABLE(ALL, {SRV, 1, 0, 0, 0, 0}, {SAMPLER, 1, 2, 0, 0, 10}), 0, NULL, 0},
            "D3D12SerializeRootSignature: root parameter [0]: a descriptor table cannot mix SAMPLER ranges with CBV, "
            "SRV or UAV ranges."},
    {"append after unbounded", V11, {ONE_TABLE(ALL, {SRV, UINT_MAX, 0, 0, 0, 0}, {SRV, 1, 0, 1, 0, APPEND}), 0,
            NULL, 0}, PREFIX "root parameter [0], descriptor range [1]: D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND after an "
            "unbounded range."},
    /* test_root_signature_limits: a range ending past 2^32 descriptors. */
    {"range past 2^32", V11, {ONE_TABLE(ALL, {UAV, 0x1001, 0, 0, 0, 0xfffff000}), 0, NULL, 0},
            PREFIX "root parameter [0], descriptor range [0]: 4097 descriptors from offset 4294963200 end past the "
            "2^32 a table can index."},
    /* test_create_root_signature: two root constants at b0, visibilities ALL and VERTEX. */
    {"constants overlap", V10, {2, P1({CONSTANTS, .Constants = {0, 0, 4}, ALL}, {CONSTANTS, .Constants = {0, 0, 8}, VS}),
            0, NULL, 0}, "D3D12SerializeRootSignature: the CBV registers b0..b0 (space 0, visibility VERTEX) of root "
            "parameter [1] overlap those of root parameter [0] (visibility ALL)."},
    {"UAVs overlap", V10, {2, P1({ROOT_UAV, .Descriptor = {0}, ALL}, {ROOT_UAV, .Descriptor = {0}, PS}), 0, NULL, 0},
            "D3D12SerializeRootSignature: the UAV registers u0..u0 (space 0, visibility PIXEL) of root parameter [1] "
            "overlap those of root parameter [0] (visibility ALL)."},
    {"ranges overlap", V11, {2, P1({TABLE, .DescriptorTable = {1, R1({SRV, 4, 0, 0, 0, 0})}, PS},
            {TABLE, .DescriptorTable = {1, R1({SRV, UINT_MAX, 3, 0, 0, 0})}, PS}), 0, NULL, 0},
            PREFIX "the SRV registers t3..t4294967295 (space 0, visibility PIXEL) of root parameter [1], descriptor "
            "range [0] overlap those of root parameter [0], descriptor range [0] (visibility PIXEL)."},
    {"static sampler and table overlap", V11, {ONE_TABLE(PS, {SAMPLER, 2, 0, 0, 0, 0}), 1,
            (const D3D12_STATIC_SAMPLER_DESC[]){{D3D12_FILTER_MIN_MAG_MIP_POINT, 1, 1, 1, 0.0f, 0,
            D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 0.0f, 1, 0, ALL}}, 0},
            PREFIX "the SAMPLER registers s1..s1 (space 0, visibility ALL) of static sampler [0] overlap those of "
            "root parameter [0], descriptor range [0] (visibility PIXEL)."},
    /* Static samplers. */
    {"filter 0x2", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {(D3D12_FILTER)0x2, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, ALL, 0}}, 0},
            PREFIX "static sampler [0]: Filter 0x2 is no D3D12_FILTER."},
    {"anisotropic point", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {(D3D12_FILTER)0x40, 1, 1, 1, 0.0f, 4, 0, 0, 0.0f, 0.0f, 0, 0, ALL, 0}}, 0},
            PREFIX "static sampler [0]: Filter 0x40 is no D3D12_FILTER."},
    {"address 0", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 1, 0, 1, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, ALL, 0}}, 0},
            PREFIX "static sampler [0]: an address mode (1, 0, 1) is no D3D12_TEXTURE_ADDRESS_MODE."},
    {"address U 7", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 7, 1, 1, 0.0f, 0, 0, 0, 0.0f, 1.0f, 0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: an address mode (7, 1, 1) is no D3D12_TEXTURE_ADDRESS_MODE."},
    {"address W 6", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 6, 0.0f, 0, 0, 0, 0.0f, 1.0f, 0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: an address mode (1, 1, 6) is no D3D12_TEXTURE_ADDRESS_MODE."},
    /* NaN: the text prints it as the C library does; the result is the row's. */
    {"MipLODBias NaN", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, NAN, 0, 0, 0, 0.0f, 1.0f, 0, 0, ALL}}, 0}, NULL},
    {"MinLOD NaN", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, 0, 0, NAN, 1.0f, 0, 0, ALL}}, 0}, NULL},
    {"MaxLOD NaN", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, NAN, 0, 0, ALL}}, 0}, NULL},
    {"anisotropy 17", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {D3D12_FILTER_ANISOTROPIC, 1, 1, 1, 0.0f, 17, D3D12_COMPARISON_FUNC_NEVER, 0, 0.0f, 1.0f, 0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: MaxAnisotropy 17 is more than 16."},
    {"comparison 9", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, (D3D12_COMPARISON_FUNC)9, 0, 0.0f, 1.0f, 0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: ComparisonFunc 9 is no D3D12_COMPARISON_FUNC."},
    {"comparison filter, no function", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT, 1, 1, 1, 0.0f, 0, D3D12_COMPARISON_FUNC_NONE, 0, 0.0f, 1.0f,
            0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: ComparisonFunc 0 is no D3D12_COMPARISON_FUNC a comparison filter can use."},
    {"border colour 5", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, 0, (D3D12_STATIC_BORDER_COLOR)5, 0.0f, 1.0f, 0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: BorderColor 5 is no D3D12_STATIC_BORDER_COLOR."},
    {"MinLOD above MaxLOD", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, 0, 0, 2.0f, 1.0f, 0, 0, ALL}}, 0},
            PREFIX "static sampler [0]: MipLODBias 0, MinLOD 2, MaxLOD 1: each must be a number and MinLOD at most "
            "MaxLOD."},
    {"sampler space", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 1.0f, 0, 0xfffffff8, ALL}}, 0},
            PREFIX "static sampler [0]: RegisterSpace 0xfffffff8 is reserved (0xfffffff0 and above)."},
    {"sampler visibility", V11, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 1.0f, 0, 0, (D3D12_SHADER_VISIBILITY)9}}, 0},
            PREFIX "static sampler [0]: ShaderVisibility 9 is no D3D12_SHADER_VISIBILITY."},
    {"sampler flag 0x4", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, ALL, 0x5}}, 0},
            PREFIX "static sampler [0]: Flags 0x5 has bits (0x4) that are no D3D12_SAMPLER_FLAGS."},
    /* VulkanOn12.md: UINT_BORDER_COLOR with a float colour is refused. */
    {"UINT flag, float colour", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 1, 1, 1, 0.0f, 0, 0, D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE, 0.0f, 0.0f, 0, 0, ALL, 1}}, 0},
            PREFIX "static sampler [0]: D3D12_SAMPLER_FLAG_UINT_BORDER_COLOR with the float BorderColor 2."},
    {"non-normalized, linear mips", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {D3D12_FILTER_MIN_MAG_MIP_LINEAR, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, ALL, 2}}, 0},
            PREFIX "static sampler [0]: D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs a MIN_MAG_MIP_POINT or "
            "MIN_MAG_LINEAR_MIP_POINT filter without comparison and MinLOD = MaxLOD = 0 (Filter 0x15, MinLOD 0, "
            "MaxLOD 0)."},
    {"non-normalized, comparison", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {D3D12_FILTER_COMPARISON_MIN_MAG_MIP_POINT, 1, 1, 1, 0.0f, 0, D3D12_COMPARISON_FUNC_LESS, 0, 0.0f, 0.0f, 0, 0,
            ALL, 2}}, 0},
            PREFIX "static sampler [0]: D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs a MIN_MAG_MIP_POINT or "
            "MIN_MAG_LINEAR_MIP_POINT filter without comparison and MinLOD = MaxLOD = 0 (Filter 0x80, MinLOD 0, "
            "MaxLOD 0)."},
    {"non-normalized, MinLOD 1", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {D3D12_FILTER_MIN_MAG_MIP_POINT, 1, 1, 1, 0.0f, 0, 0, 0, 1.0f, 1.0f, 0, 0, ALL, 2}}, 0},
            PREFIX "static sampler [0]: D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs a MIN_MAG_MIP_POINT or "
            "MIN_MAG_LINEAR_MIP_POINT filter without comparison and MinLOD = MaxLOD = 0 (Filter 0, MinLOD 1, "
            "MaxLOD 1)."},
    {"non-normalized, MaxLOD 1", V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {D3D12_FILTER_MIN_MAG_LINEAR_MIP_POINT, 1, 1, 1, 0.0f, 0, 0, 0, 0.0f, 1.0f, 0, 0, ALL, 2}}, 0},
            PREFIX "static sampler [0]: D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs a MIN_MAG_MIP_POINT or "
            "MIN_MAG_LINEAR_MIP_POINT filter without comparison and MinLOD = MaxLOD = 0 (Filter 0x14, MinLOD 0, "
            "MaxLOD 1)."},
};

/* Each row refused: E_INVALIDARG, the blob untouched, the error blob's text. */
static void test_serialize_errors(void **state)
{
    D3D12_DESCRIPTOR_RANGE ranges0[64];
    D3D12_ROOT_PARAMETER params0[64];
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    struct row_failures failures = {0};
    ID3DBlob *blob, *error;
    unsigned i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(error_rows); ++i)
    {
        memset(&desc, 0, sizeof(desc));
        desc.Version = error_rows[i].version;
        blob = SENTINEL;
        error = SENTINEL;
        if (desc.Version == V10)
        {
            to_v10(&error_rows[i].desc, &desc.Desc_1_0, params0, ranges0);
            hr = D3D12SerializeRootSignature(&desc.Desc_1_0, V10, &blob, &error);
        }
        else
        {
            desc.Desc_1_1 = error_rows[i].desc;
            hr = D3D12SerializeVersionedRootSignature(&desc, &blob, &error);
        }
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, error_rows[i].name, "hr %#x", (unsigned)hr);
        if (blob != SENTINEL)
            row_fail(&failures, i, error_rows[i].name, "the blob was written");
        if (!error || error == SENTINEL)
            row_fail(&failures, i, error_rows[i].name, "no error blob");
        else
        {
            const char *text = ID3D10Blob_GetBufferPointer(error);

            if (error_rows[i].text && (ID3D10Blob_GetBufferSize(error) != strlen(error_rows[i].text) + 1
                    || strcmp(text, error_rows[i].text)))
                row_fail(&failures, i, error_rows[i].name, "error \"%s\"", text);
            ID3D10Blob_Release(error);
        }
        if (SUCCEEDED(hr) && blob && blob != SENTINEL)
            ID3D10Blob_Release(blob);
    }
    rows_done(&failures);
}

/* The entry points' own arguments. */
static void test_serialize_arguments(void **state)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned = {.Version = V11};
    D3D12_ROOT_SIGNATURE_DESC desc = {0};
    ID3DBlob *blob, *error;

    (void)state;
    /* vkd3d-proton's test_root_signature_byte_code: 1.1 through the 1.0
     * entry point is E_INVALIDARG and the blob stays as it was. */
    blob = SENTINEL;
    error = SENTINEL;
    assert_int_equal(D3D12SerializeRootSignature(&desc, V11, &blob, &error), E_INVALIDARG);
    assert_ptr_equal(blob, SENTINEL);
    assert_non_null(error);
    assert_string_equal(ID3D10Blob_GetBufferPointer(error), "D3D12SerializeRootSignature: Version 0x2 is not "
            "D3D_ROOT_SIGNATURE_VERSION_1_0 (D3D12SerializeVersionedRootSignature takes the others).");
    ID3D10Blob_Release(error);
    blob = SENTINEL;
    assert_int_equal(D3D12SerializeRootSignature(&desc, V11, &blob, NULL), E_INVALIDARG);
    assert_ptr_equal(blob, SENTINEL);

    error = SENTINEL;
    assert_int_equal(D3D12SerializeRootSignature(NULL, V10, &blob, &error), E_INVALIDARG);
    assert_string_equal(ID3D10Blob_GetBufferPointer(error), "D3D12SerializeRootSignature: pRootSignature is NULL.");
    ID3D10Blob_Release(error);
    error = SENTINEL;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&versioned, NULL, &error), E_INVALIDARG);
    assert_string_equal(ID3D10Blob_GetBufferPointer(error), "D3D12SerializeVersionedRootSignature: ppBlob is NULL.");
    ID3D10Blob_Release(error);
    assert_int_equal(D3D12SerializeVersionedRootSignature(NULL, NULL, NULL), E_INVALIDARG);

    /* Success without an error blob pointer; the blob's own interfaces. */
    assert_int_equal(D3D12SerializeVersionedRootSignature(&versioned, &blob, NULL), S_OK);
    {
        IUnknown *unknown;
        void *other = SENTINEL;

        assert_int_equal(ID3D10Blob_QueryInterface(blob, &IID_IUnknown, (void **)&unknown), S_OK);
        assert_ptr_equal(unknown, blob);
        assert_int_equal(IUnknown_Release(unknown), 1);
        assert_int_equal(ID3D10Blob_QueryInterface(blob, &IID_ID3D10Blob, &other), S_OK);
        assert_int_equal(ID3D10Blob_Release((ID3D10Blob *)other), 1);
        assert_int_equal(ID3D10Blob_QueryInterface(blob, &IID_ID3D12Object, &other), E_NOINTERFACE);
        assert_null(other);
        assert_int_equal(ID3D10Blob_GetBufferSize(blob), 0x44);
        assert_int_equal(ID3D10Blob_AddRef(blob), 2);
        assert_int_equal(ID3D10Blob_Release(blob), 1);
    }
    assert_int_equal(ID3D10Blob_Release(blob), 0);
}

/* ---- Deserialization ---- */

static bool ranges_equal(const D3D12_DESCRIPTOR_RANGE1 *a, const D3D12_DESCRIPTOR_RANGE1 *b, bool flags)
{
    return a->RangeType == b->RangeType && a->NumDescriptors == b->NumDescriptors
            && a->BaseShaderRegister == b->BaseShaderRegister && a->RegisterSpace == b->RegisterSpace
            && (!flags || a->Flags == b->Flags)
            && a->OffsetInDescriptorsFromTableStart == b->OffsetInDescriptorsFromTableStart;
}

/* `got` (version `got_version`'s types) against `want` (1.1 types): every
 * field, the flags only when `flags` (else `want_range_flags` and
 * `want_descriptor_flags` where `got` has flags: a 1.0 source converted). */
static const char *compare_desc(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got, const D3D12_ROOT_SIGNATURE_DESC1 *want,
        bool from_v10)
{
    UINT i, j;

    if (got->Version == V10)
    {
        const D3D12_ROOT_SIGNATURE_DESC *d = &got->Desc_1_0;

        if (d->NumParameters != want->NumParameters || d->NumStaticSamplers != want->NumStaticSamplers
                || d->Flags != want->Flags)
            return "counts or flags";
        if (!want->NumParameters != !d->pParameters || !want->NumStaticSamplers != !d->pStaticSamplers)
            return "NULL arrays";
        for (i = 0; i < d->NumParameters; ++i)
        {
            const D3D12_ROOT_PARAMETER *p = &d->pParameters[i];
            const D3D12_ROOT_PARAMETER1 *w = &want->pParameters[i];

            if (p->ParameterType != w->ParameterType || p->ShaderVisibility != w->ShaderVisibility)
                return "a parameter's type or visibility";
            if (p->ParameterType == TABLE)
            {
                if (p->DescriptorTable.NumDescriptorRanges != w->DescriptorTable.NumDescriptorRanges)
                    return "a range count";
                for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j)
                {
                    const D3D12_DESCRIPTOR_RANGE *r = &p->DescriptorTable.pDescriptorRanges[j];
                    D3D12_DESCRIPTOR_RANGE1 r1 = {r->RangeType, r->NumDescriptors, r->BaseShaderRegister,
                            r->RegisterSpace, 0, r->OffsetInDescriptorsFromTableStart};

                    if (!ranges_equal(&r1, &w->DescriptorTable.pDescriptorRanges[j], false))
                        return "a range";
                }
            }
            else if (p->ParameterType == CONSTANTS)
            {
                if (memcmp(&p->Constants, &w->Constants, sizeof(p->Constants)))
                    return "root constants";
            }
            else if (p->Descriptor.ShaderRegister != w->Descriptor.ShaderRegister
                    || p->Descriptor.RegisterSpace != w->Descriptor.RegisterSpace)
                return "a root descriptor";
        }
        for (i = 0; i < d->NumStaticSamplers; ++i)
        {
            if (memcmp(&d->pStaticSamplers[i], &want->pStaticSamplers[i], sizeof(D3D12_STATIC_SAMPLER_DESC)))
                return "a static sampler";
        }
        return NULL;
    }
    else
    {
        const D3D12_ROOT_SIGNATURE_DESC1 *d = &got->Desc_1_1;

        if (d->NumParameters != want->NumParameters || d->NumStaticSamplers != want->NumStaticSamplers
                || d->Flags != want->Flags)
            return "counts or flags";
        if (!want->NumParameters != !d->pParameters || !want->NumStaticSamplers != !d->pStaticSamplers)
            return "NULL arrays";
        for (i = 0; i < d->NumParameters; ++i)
        {
            const D3D12_ROOT_PARAMETER1 *p = &d->pParameters[i], *w = &want->pParameters[i];

            if (p->ParameterType != w->ParameterType || p->ShaderVisibility != w->ShaderVisibility)
                return "a parameter's type or visibility";
            if (p->ParameterType == TABLE)
            {
                if (p->DescriptorTable.NumDescriptorRanges != w->DescriptorTable.NumDescriptorRanges)
                    return "a range count";
                for (j = 0; j < p->DescriptorTable.NumDescriptorRanges; ++j)
                {
                    const D3D12_DESCRIPTOR_RANGE1 *r = &p->DescriptorTable.pDescriptorRanges[j];
                    const D3D12_DESCRIPTOR_RANGE1 *wr = &w->DescriptorTable.pDescriptorRanges[j];

                    if (!ranges_equal(r, wr, !from_v10))
                        return "a range";
                    /* vkd3d-proton's test_root_signature_byte_code: a 1.0 range
                     * reads as DESCRIPTORS_VOLATILE | DATA_VOLATILE in 1.1. */
                    if (from_v10 && r->Flags != (wr->RangeType == SAMPLER ? DV : DV | DATA_V))
                        return "a converted range's flags";
                }
            }
            else if (p->ParameterType == CONSTANTS)
            {
                if (memcmp(&p->Constants, &w->Constants, sizeof(p->Constants)))
                    return "root constants";
            }
            else if (p->Descriptor.ShaderRegister != w->Descriptor.ShaderRegister
                    || p->Descriptor.RegisterSpace != w->Descriptor.RegisterSpace
                    || p->Descriptor.Flags != (from_v10 ? D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE : w->Descriptor.Flags))
                return "a root descriptor";
        }
        for (i = 0; i < d->NumStaticSamplers; ++i)
        {
            const void *s = got->Version == V12
                    ? (const void *)&((const struct obj_sampler1 *)d->pStaticSamplers)[i] : &d->pStaticSamplers[i];

            if (memcmp(s, &want->pStaticSamplers[i], sizeof(D3D12_STATIC_SAMPLER_DESC)))
                return "a static sampler";
            if (got->Version == V12 && ((const struct obj_sampler1 *)s)->Flags)
                return "a converted sampler's flags";
        }
        return NULL;
    }
}

/* Every serialization row as 1.0 and 1.1: deserialized, unconverted and at
 * every version, and through the legacy deserializer. */
static void test_deserialize_rows(void **state)
{
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got, *again;
    ID3D12VersionedRootSignatureDeserializer *versioned;
    ID3D12RootSignatureDeserializer *legacy;
    D3D12_DESCRIPTOR_RANGE ranges0[16];
    D3D12_ROOT_PARAMETER params0[16];
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc, legacy_desc;
    struct row_failures failures = {0};
    const char *why;
    unsigned i, v, to;
    ID3DBlob *blob;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(serialize_rows); ++i)
    {
        const D3D12_ROOT_SIGNATURE_DESC1 *want = &serialize_rows[i].desc;

        for (v = V10; v <= V12; ++v)
        {
            memset(&desc, 0, sizeof(desc));
            desc.Version = (D3D_ROOT_SIGNATURE_VERSION)v;
            if (v == V10)
                to_v10(want, &desc.Desc_1_0, params0, ranges0);
            else
                desc.Desc_1_1 = *want;
            if (v == V12 && want->NumStaticSamplers)
                continue; /* 1.2 samplers have another type */
            if (!(blob = serialize_ok(&failures, i, serialize_rows[i].name, &desc)))
                continue;
            hr = D3D12CreateVersionedRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob),
                    ID3D10Blob_GetBufferSize(blob), &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned);
            if (hr != S_OK)
            {
                row_fail(&failures, i, serialize_rows[i].name, "version %u: deserializer hr %#x", v, (unsigned)hr);
                ID3D10Blob_Release(blob);
                continue;
            }
            got = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(versioned);
            if (got->Version != v || (why = compare_desc(got, want, false)))
                row_fail(&failures, i, serialize_rows[i].name, "version %u: unconverted: %s", v,
                        got->Version != v ? "version" : why);
            for (to = V10; to <= V12; ++to)
            {
                got = NULL;
                hr = ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
                        (D3D_ROOT_SIGNATURE_VERSION)to, &got);
                if (hr != S_OK || !got || got->Version != to)
                {
                    row_fail(&failures, i, serialize_rows[i].name, "%u -> %u: hr %#x", v, to, (unsigned)hr);
                    continue;
                }
                if ((why = compare_desc(got, want, v == V10 && to != V10)))
                    row_fail(&failures, i, serialize_rows[i].name, "%u -> %u: %s", v, to, why);
                /* Asked again: the same memory (it lives as long as the deserializer). */
                again = NULL;
                ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
                        (D3D_ROOT_SIGNATURE_VERSION)to, &again);
                if (again != got)
                    row_fail(&failures, i, serialize_rows[i].name, "%u -> %u: another pointer the second time", v, to);
                if (to == v && got != ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(versioned))
                    row_fail(&failures, i, serialize_rows[i].name, "%u -> %u: not the unconverted desc", v, to);
            }
            if (ID3D12VersionedRootSignatureDeserializer_Release(versioned))
                row_fail(&failures, i, serialize_rows[i].name, "versioned deserializer references left");

            /* The legacy deserializer answers 1.0 whatever the blob. */
            hr = D3D12CreateRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                    &IID_ID3D12RootSignatureDeserializer, (void **)&legacy);
            if (hr != S_OK)
                row_fail(&failures, i, serialize_rows[i].name, "version %u: legacy deserializer hr %#x", v,
                        (unsigned)hr);
            else
            {
                legacy_desc.Version = V10;
                legacy_desc.Desc_1_0 = *ID3D12RootSignatureDeserializer_GetRootSignatureDesc(legacy);
                if ((why = compare_desc(&legacy_desc, want, false)))
                    row_fail(&failures, i, serialize_rows[i].name, "version %u: legacy: %s", v, why);
                if (ID3D12RootSignatureDeserializer_Release(legacy))
                    row_fail(&failures, i, serialize_rows[i].name, "legacy deserializer references left");
            }
            ID3D10Blob_Release(blob);
        }
    }
    rows_done(&failures);
}

/* 1.2 down to 1.1 and 1.0: the samplers lose their flags; a flag the older
 * versions cannot express (NON_NORMALIZED_COORDINATES) is E_INVALIDARG, as
 * d3dx12's down-level conversion refuses it. Ranges with a sampler from 1.0
 * get DESCRIPTORS_VOLATILE only. */
static void test_conversions_1_2(void **state)
{
    static const struct obj_sampler1 uint_border[] =
    {
        {D3D12_FILTER_MIN_MAG_POINT_MIP_LINEAR, 1, 1, 4, 1.0f, 0, 0, D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT,
                0.0f, 10.0f, 0, 3, ALL, OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR},
    };
    static const struct obj_sampler1 non_normalized[] =
    {
        {D3D12_FILTER_MIN_MAG_MIP_POINT, 3, 3, 3, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, PS,
                OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES},
    };
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got;
    ID3D12VersionedRootSignatureDeserializer *versioned;
    ID3D12RootSignatureDeserializer *legacy;
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    const D3D12_STATIC_SAMPLER_DESC *s;
    ID3DBlob *blob;

    (void)state;
    memset(&desc, 0, sizeof(desc));
    desc.Version = V12;
    desc.Desc_1_1.NumStaticSamplers = 1;
    desc.Desc_1_1.pStaticSamplers = (const D3D12_STATIC_SAMPLER_DESC *)uint_border;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    assert_int_equal(D3D12CreateVersionedRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned), S_OK);
    got = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(versioned);
    assert_int_equal(got->Version, V12);
    assert_int_equal(((const struct obj_sampler1 *)got->Desc_1_1.pStaticSamplers)[0].Flags,
            OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR);
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned, V11, &got), S_OK);
    s = got->Desc_1_1.pStaticSamplers;
    assert_memory_equal(s, uint_border, sizeof(*s));
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned, V10, &got), S_OK);
    assert_memory_equal(got->Desc_1_0.pStaticSamplers, uint_border, sizeof(*s));
    /* Unknown versions and no output: E_INVALIDARG, nothing written. */
    got = SENTINEL;
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
            (D3D_ROOT_SIGNATURE_VERSION)4, &got), E_INVALIDARG);
    assert_ptr_equal(got, SENTINEL);
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned,
            (D3D_ROOT_SIGNATURE_VERSION)0, &got), E_INVALIDARG);
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned, V11, NULL),
            E_INVALIDARG);
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_Release(versioned), 0);
    ID3D10Blob_Release(blob);

    desc.Desc_1_1.pStaticSamplers = (const D3D12_STATIC_SAMPLER_DESC *)non_normalized;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    assert_int_equal(D3D12CreateVersionedRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12VersionedRootSignatureDeserializer, (void **)&versioned), S_OK);
    got = SENTINEL;
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned, V11, &got),
            E_INVALIDARG);
    assert_null(got);
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_GetRootSignatureDescAtVersion(versioned, V12, &got), S_OK);
    assert_int_equal(ID3D12VersionedRootSignatureDeserializer_Release(versioned), 0);
    legacy = SENTINEL;
    assert_int_equal(D3D12CreateRootSignatureDeserializer(ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignatureDeserializer, (void **)&legacy), E_INVALIDARG);
    assert_null(legacy);
    ID3D10Blob_Release(blob);
}

/* The deserializers' identities (vkd3d-proton's test_root_signature_byte_code,
 * on Windows): each answers its own IID only, not even IUnknown. */
static void test_deserializer_interfaces(void **state)
{
    static const struct
    {
        const char *name;
        bool versioned;
        const IID *create_iid, *query_iid;
        HRESULT create_hr, query_hr;
    }
    rows[] =
    {
        {"legacy as IUnknown", false, &IID_IUnknown, NULL, E_NOINTERFACE, 0},
        {"legacy as versioned", false, &IID_ID3D12VersionedRootSignatureDeserializer, NULL, E_NOINTERFACE, 0},
        {"legacy, NULL IID", false, NULL, NULL, E_NOINTERFACE, 0},
        {"legacy, query IUnknown", false, &IID_ID3D12RootSignatureDeserializer, &IID_IUnknown, S_OK, E_NOINTERFACE},
        {"legacy, query itself", false, &IID_ID3D12RootSignatureDeserializer, &IID_ID3D12RootSignatureDeserializer,
                S_OK, S_OK},
        {"legacy, query versioned", false, &IID_ID3D12RootSignatureDeserializer,
                &IID_ID3D12VersionedRootSignatureDeserializer, S_OK, E_NOINTERFACE},
        {"legacy, query ID3D12Object", false, &IID_ID3D12RootSignatureDeserializer, &IID_ID3D12Object, S_OK,
                E_NOINTERFACE},
        {"versioned as IUnknown", true, &IID_IUnknown, NULL, E_NOINTERFACE, 0},
        {"versioned as legacy", true, &IID_ID3D12RootSignatureDeserializer, NULL, E_NOINTERFACE, 0},
        {"versioned, query IUnknown", true, &IID_ID3D12VersionedRootSignatureDeserializer, &IID_IUnknown, S_OK,
                E_NOINTERFACE},
        {"versioned, query itself", true, &IID_ID3D12VersionedRootSignatureDeserializer,
                &IID_ID3D12VersionedRootSignatureDeserializer, S_OK, S_OK},
        {"versioned, query legacy", true, &IID_ID3D12VersionedRootSignatureDeserializer,
                &IID_ID3D12RootSignatureDeserializer, S_OK, E_NOINTERFACE},
        {"versioned, query ID3D12DeviceChild", true, &IID_ID3D12VersionedRootSignatureDeserializer,
                &IID_ID3D12DeviceChild, S_OK, E_NOINTERFACE},
    };
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {.Version = V10};
    struct row_failures failures = {0};
    IUnknown *object, *other;
    ID3DBlob *blob;
    unsigned i;
    HRESULT hr;

    (void)state;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        object = SENTINEL;
        hr = (rows[i].versioned ? D3D12CreateVersionedRootSignatureDeserializer : D3D12CreateRootSignatureDeserializer)(
                ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob), rows[i].create_iid, (void **)&object);
        if (hr != rows[i].create_hr)
            row_fail(&failures, i, rows[i].name, "create hr %#x", (unsigned)hr);
        if (FAILED(hr))
        {
            if (object)
                row_fail(&failures, i, rows[i].name, "out not cleared");
            continue;
        }
        other = SENTINEL;
        hr = object->lpVtbl->QueryInterface(object, rows[i].query_iid, (void **)&other);
        if (hr != rows[i].query_hr)
            row_fail(&failures, i, rows[i].name, "query hr %#x", (unsigned)hr);
        if (SUCCEEDED(hr))
        {
            if (other != object)
                row_fail(&failures, i, rows[i].name, "another pointer");
            other->lpVtbl->Release(other);
        }
        else if (other)
            row_fail(&failures, i, rows[i].name, "query out not cleared");
        if (object->lpVtbl->AddRef(object) != 2 || object->lpVtbl->Release(object) != 1)
            row_fail(&failures, i, rows[i].name, "refcount");
        if (object->lpVtbl->Release(object))
            row_fail(&failures, i, rows[i].name, "references left");
    }
    ID3D10Blob_Release(blob);
    assert_int_equal(D3D12CreateRootSignatureDeserializer(NULL, 0, &IID_ID3D12RootSignatureDeserializer, NULL),
            E_POINTER);
    assert_int_equal(D3D12CreateVersionedRootSignatureDeserializer(NULL, 0,
            &IID_ID3D12VersionedRootSignatureDeserializer, NULL), E_POINTER);
    rows_done(&failures);
}

/* ---- Garbage ---- */

/* A container of `words` (checksum filled in). */
static void seal(uint32_t *words, size_t size)
{
    uint32_t checksum[4];

    obj_dxbc_checksum(words, size, checksum);
    memcpy(&words[1], checksum, sizeof(checksum));
}

enum corruption
{
    INTACT, NO_DATA, TOO_SHORT, MAGIC, CONTAINER_VERSION, TOTAL_TOO_BIG, TOTAL_TOO_SMALL, COUNT_TOO_BIG, CHECKSUM,
    PART_OFFSET, PART_OFFSET_LOW, PART_OFFSET_UNALIGNED, PART_SIZE, NO_RTS0, RTS0_SHORT, RTS0_VERSION,
    PARAMS_OUTSIDE, PARAMS_OFFSET, SAMPLERS_OUTSIDE,
    PARAM_TYPE, PAYLOAD_OUTSIDE, RANGES_OUTSIDE, INVALID_CONTENT, TWO_PARTS, SHADER_WITH_RTS0,
};

struct garbage_row
{
    const char *name;
    enum corruption corruption;
    HRESULT deserializer_hr, create_hr;
    D3D12_MESSAGE_ID message;
    const char *why;
};

#define DESERIALIZE D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED
#define NOT_FOUND D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND
#define INVALID_CONFIG D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION
#define NOT_SUPPORTED D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE

static const struct garbage_row garbage_rows[] =
{
    {"intact", INTACT, S_OK, S_OK, 0, NULL},
    {"NULL", NO_DATA, E_INVALIDARG, E_INVALIDARG, DESERIALIZE, "0 bytes are too few for a DXBC container (32 at least)"},
    {"31 bytes", TOO_SHORT, E_INVALIDARG, E_INVALIDARG, DESERIALIZE, "31 bytes are too few for a DXBC container (32 at least)"},
    {"magic", MAGIC, E_INVALIDARG, E_INVALIDARG, DESERIALIZE, "the data does not start with \"DXBC\""},
    {"container version 2", CONTAINER_VERSION, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the DXBC container's version is 2, not 1"},
    {"total size above the data's", TOTAL_TOO_BIG, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the DXBC container's size 216 or part count 1 does not fit its 212 bytes"},
    {"total size below the header's", TOTAL_TOO_SMALL, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the DXBC container's size 16 or part count 1 does not fit its 212 bytes"},
    {"part count too big", COUNT_TOO_BIG, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the DXBC container's size 212 or part count 1000 does not fit its 212 bytes"},
    {"checksum", CHECKSUM, E_INVALIDARG, E_INVALIDARG, DESERIALIZE, "the DXBC container's checksum is wrong"},
    {"part offset", PART_OFFSET, E_INVALIDARG, E_INVALIDARG, DESERIALIZE, "part [0] of the DXBC container lies outside it"},
    {"part offset in the header", PART_OFFSET_LOW, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "part [0] of the DXBC container lies outside it"},
    {"part offset unaligned", PART_OFFSET_UNALIGNED, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "part [0] of the DXBC container lies outside it"},
    {"part size", PART_SIZE, E_INVALIDARG, E_INVALIDARG, DESERIALIZE, "part [0] of the DXBC container lies outside it"},
    /* test_root_signature_empty_blob: a shader without RTS0 is E_FAIL. */
    {"no RTS0 part", NO_RTS0, E_FAIL, E_FAIL, NOT_FOUND, "the DXBC container has no RTS0 part"},
    {"RTS0 of 20 bytes", RTS0_SHORT, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the RTS0 part has 20 bytes, fewer than its header's 24"},
    {"RTS0 version 4", RTS0_VERSION, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the RTS0 part's version 0x4 is no D3D_ROOT_SIGNATURE_VERSION"},
    {"parameters outside", PARAMS_OUTSIDE, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the RTS0 part's 100 parameters or 1 static samplers lie outside it"},
    {"parameters' offset outside", PARAMS_OFFSET, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the RTS0 part's 3 parameters or 1 static samplers lie outside it"},
    {"samplers outside", SAMPLERS_OUTSIDE, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "the RTS0 part's 3 parameters or 3 static samplers lie outside it"},
    {"parameter type 7", PARAM_TYPE, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "RTS0 parameter [0]: type 0x7 is no D3D12_ROOT_PARAMETER_TYPE"},
    {"payload outside", PAYLOAD_OUTSIDE, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "RTS0 parameter [1]: its payload lies outside the part"},
    {"ranges outside", RANGES_OUTSIDE, E_INVALIDARG, E_INVALIDARG, DESERIALIZE,
            "RTS0 parameter [0]: its 50 descriptor ranges lie outside the part"},
    {"an invalid root signature", INVALID_CONTENT, E_INVALIDARG, E_INVALIDARG, INVALID_CONFIG,
            "root parameter [0], descriptor range [0]: NumDescriptors is 0"},
    {"RTS0 between two other parts", TWO_PARTS, S_OK, S_OK, 0, NULL},
    {"a shader with RTS0 and its padding", SHADER_WITH_RTS0, S_OK, S_OK, 0, NULL},
};

/* A 1.1 root signature with a table, a root CBV, constants and a sampler,
 * then corrupted as `c` says; returns the bytes to pass (`*size` of them). */
static const void *make_garbage(enum corruption c, uint32_t *words, size_t *size)
{
    static const D3D12_DESCRIPTOR_RANGE1 ranges[] = {{SRV, 2, 0, 0, 0, 0}};
    static const D3D12_ROOT_PARAMETER1 params[] =
    {
        {TABLE, .DescriptorTable = {1, ranges}, ALL},
        {ROOT_CBV, .Descriptor = {0, 0, 0}, ALL},
        {CONSTANTS, .Constants = {1, 0, 2}, ALL},
    };
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {.Version = V11};
    uint32_t *part, part_size, total;
    ID3DBlob *blob;

    desc.Desc_1_1.NumParameters = ARRAY_SIZE(params);
    desc.Desc_1_1.pParameters = params;
    desc.Desc_1_1.NumStaticSamplers = 1;
    desc.Desc_1_1.pStaticSamplers = samplers_two;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    assert_int_equal(ID3D10Blob_GetBufferSize(blob), 212);
    memcpy(words, ID3D10Blob_GetBufferPointer(blob), 212);
    ID3D10Blob_Release(blob);
    *size = 212;
    total = 212;
    part = &words[11];
    part_size = words[10];
    switch (c)
    {
        case INTACT: break;
        case NO_DATA: *size = 0; return NULL;
        case TOO_SHORT: *size = 31; break;
        case MAGIC: words[0] = 0x43425845; break;
        case CONTAINER_VERSION: words[5] = 2; break;
        case TOTAL_TOO_BIG: words[6] = 216; break;
        case TOTAL_TOO_SMALL: words[6] = 16; break;
        case COUNT_TOO_BIG: words[7] = 1000; break;
        case CHECKSUM: words[2] ^= 1; return words;
        case PART_OFFSET: words[8] = 0x100; break;
        case PART_OFFSET_LOW: words[8] = 4; break;
        case PART_OFFSET_UNALIGNED: words[8] = 0x26; break;
        case PART_SIZE: words[10] = 212; break;
        case NO_RTS0: words[9] = 0x58454853; break; /* "SHEX" */
        case RTS0_SHORT: words[10] = 20; break;
        case RTS0_VERSION: part[0] = 4; break;
        case PARAMS_OUTSIDE: part[1] = 100; break;
        case PARAMS_OFFSET: part[2] = 0x10000; break;
        case SAMPLERS_OUTSIDE: part[3] = 3; break;
        case PARAM_TYPE: part[6] = 7; break;
        case PAYLOAD_OUTSIDE: part[6 + 3 + 2] = part_size - 8; break;
        case RANGES_OUTSIDE: part[part[6 + 2] / 4] = 50; break;
        case INVALID_CONTENT: part[part[part[6 + 2] / 4 + 1] / 4 + 1] = 0; break;
        case TWO_PARTS: break; /* rebuilt below */
        case SHADER_WITH_RTS0:
            /* Bytes past the container's total size are ignored. */
            *size = 256;
            break;
    }
    if (c == TWO_PARTS)
    {
        /* Rebuilt: the header, three offsets, an empty "SFI0" part, the RTS0
         * part, an empty "STAT" part. */
        uint32_t rts0[64];

        assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
        memcpy(rts0, (const uint8_t *)ID3D10Blob_GetBufferPointer(blob) + 36, 212 - 36);
        ID3D10Blob_Release(blob);
        total = 44 + 8 + (212 - 36) + 8;
        words[6] = total;
        words[7] = 3;
        words[8] = 44;
        words[9] = 52;
        words[10] = 52 + (212 - 36);
        words[11] = 0x30494653; /* "SFI0" */
        words[12] = 0;
        memcpy(&words[13], rts0, 212 - 36);
        words[13 + (212 - 36) / 4] = 0x54415453; /* "STAT" */
        words[14 + (212 - 36) / 4] = 0;
        *size = total;
    }
    if (c != TOO_SHORT)
        seal(words, total);
    return words;
}

/* Each row through both deserializers and CreateRootSignature (with the
 * debug layer: the message and its text). */
static void test_garbage(void **state)
{
    struct row_failures failures = {0};
    ID3D12RootSignature *root_signature;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    uint32_t words[64 + 16];
    D3D12_MESSAGE_ID id;
    const void *data;
    const char *text;
    char expected[512];
    void *object;
    unsigned i;
    size_t size;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    device = create_device_on("nvidia-rtx-4090");
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    for (i = 0; i < ARRAY_SIZE(garbage_rows); ++i)
    {
        const struct garbage_row *row = &garbage_rows[i];

        memset(words, 0, sizeof(words));
        data = make_garbage(row->corruption, words, &size);
        object = SENTINEL;
        hr = D3D12CreateVersionedRootSignatureDeserializer(data, size, &IID_ID3D12VersionedRootSignatureDeserializer,
                &object);
        if (hr != row->deserializer_hr || (FAILED(hr) && object))
            row_fail(&failures, i, row->name, "versioned deserializer hr %#x, out %p", (unsigned)hr, object);
        if (SUCCEEDED(hr))
            IUnknown_Release((IUnknown *)object);
        object = SENTINEL;
        hr = D3D12CreateRootSignatureDeserializer(data, size, &IID_ID3D12RootSignatureDeserializer, &object);
        if (hr != row->deserializer_hr || (FAILED(hr) && object))
            row_fail(&failures, i, row->name, "legacy deserializer hr %#x, out %p", (unsigned)hr, object);
        if (SUCCEEDED(hr))
            IUnknown_Release((IUnknown *)object);

        ID3D12InfoQueue_ClearStoredMessages(info);
        root_signature = SENTINEL;
        hr = ID3D12Device_CreateRootSignature(device, 0, data, size, &IID_ID3D12RootSignature,
                (void **)&root_signature);
        if (hr != row->create_hr)
            row_fail(&failures, i, row->name, "CreateRootSignature hr %#x", (unsigned)hr);
        if (SUCCEEDED(hr))
            ID3D12RootSignature_Release(root_signature);
        else if (root_signature)
            row_fail(&failures, i, row->name, "CreateRootSignature out not cleared");
        if (!row->message)
        {
            if (ID3D12InfoQueue_GetNumStoredMessages(info))
                row_fail(&failures, i, row->name, "a message \"%s\"", message_text(info, 0, &id));
            continue;
        }
        if (ID3D12InfoQueue_GetNumStoredMessages(info) != 1)
        {
            row_fail(&failures, i, row->name, "%llu messages", (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
            continue;
        }
        text = message_text(info, 0, &id);
        snprintf(expected, sizeof(expected), "ID3D12Device::CreateRootSignature: %s; returning %s.", row->why,
                row->create_hr == E_FAIL ? "E_FAIL" : "E_INVALIDARG");
        if (id != row->message || strcmp(text, expected))
            row_fail(&failures, i, row->name, "message %d \"%s\"", (int)id, text);
    }
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* ---- CreateRootSignature against the adapters ---- */

struct create_row
{
    const char *name;
    const char *adapter;
    D3D_ROOT_SIGNATURE_VERSION version;
    D3D12_ROOT_SIGNATURE_DESC1 desc; /* 1.2 rows: samplers are struct obj_sampler1 */
    UINT node_mask;
    HRESULT hr;
    D3D12_MESSAGE_ID message;
    const char *why; /* the message's reason */
};

#define T1 "min-fl11_0"  /* D3D12_RESOURCE_BINDING_TIER_1, feature level 11_0, root signature 1.0 */
#define T1_111 "min-fl11_1" /* tier 1 at 11_1: 64 UAVs */
#define T2 "min-fl12_0"  /* tier 2 */
#define T3 "nvidia-rtx-4090" /* tier 3, 1.2, SM 6.9, non-normalized samplers, advanced texture ops */
#define T3_11 "nvidia-rtx-2080" /* tier 3, 1.1, SM 6.5 */
#define ARC "intel-arc-a770" /* non-normalized samplers, no advanced texture ops */

#define N_RANGES(vis, type, n) ONE_TABLE(vis, {type, n, 0, 0, 0, 0})
#define UAV_TABLES(n) n, (const D3D12_ROOT_PARAMETER1 *)uav_tables

static D3D12_DESCRIPTOR_RANGE1 uav_ranges[65];
static D3D12_ROOT_PARAMETER1 uav_tables[65];

static const struct create_row create_rows[] =
{
    /* test_create_root_signature on Windows: an SRV table, an empty root
     * signature, root constants at b0 in pixel and vertex stages. */
    {"SRV table", T1, V10, {N_RANGES(ALL, SRV, 1), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"empty", T1, V10, {0}, 0, S_OK, 0, NULL},
    {"b0 in PS and VS", T1, V10, {2, P1({CONSTANTS, .Constants = {0, 0, 4}, PS}, {CONSTANTS, .Constants = {0, 0, 8}, VS}),
            0, NULL, 0}, 0, S_OK, 0, NULL},
    {"64 UAV tables", T3, V10, {UAV_TABLES(64), 0, NULL, 0}, 0, S_OK, 0, NULL},
    /* test_root_signature_limits: 65 tables. */
    {"65 UAV tables", T3, V10, {UAV_TABLES(65), 0, NULL, 0}, 0, E_INVALIDARG, INVALID_CONFIG,
            "the root signature costs 65 DWORDs, more than the 64 it may have (a table costs 1, a root constant 1 per "
            "value, a root descriptor 2)"},
    {"sampler and SRV", T3, V10, {ONE_TABLE(ALL, {SRV, 1, 0, 0, 0, 0}, {SAMPLER, 1, 2, 0, 0, 10}), 0, NULL, 0}, 0,
            E_INVALIDARG, INVALID_CONFIG, "root parameter [0]: a descriptor table cannot mix SAMPLER ranges with CBV, "
            "SRV or UAV ranges"},
    /* Versions: the adapter's HighestVersion. */
    {"1.1 on a 1.0 adapter", T1, V11, {0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "it is a version 1.1 root signature, and min-fl11_0 answers D3D12_FEATURE_ROOT_SIGNATURE with "
            "HighestVersion 1.0 on this runtime"},
    {"1.1 on a 1.1 adapter", T3_11, V11, {0}, 0, S_OK, 0, NULL},
    {"1.2 on a 1.1 adapter", T3_11, V12, {0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "it is a version 1.2 root signature, and nvidia-rtx-2080 answers D3D12_FEATURE_ROOT_SIGNATURE with "
            "HighestVersion 1.1 on this runtime"},
    {"1.2 on a 1.2 adapter", T3, V12, {0}, 0, S_OK, 0, NULL},
    /* Binding tiers ("Hardware support tiers"). */
    {"tier 1: 14 CBVs", T1, V10, {N_RANGES(ALL, CBV, 14), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 1: 15 CBVs", T1, V10, {N_RANGES(PS, CBV, 15), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables give the PIXEL stage 15 CBVs, more than D3D12_RESOURCE_BINDING_TIER_1 on min-fl11_0 "
            "allows per stage: 14 (\"Hardware support tiers\")"},
    {"tier 1: 14 CBVs per stage, two stages", T1, V10, {2, P1({TABLE, .DescriptorTable = {1, R1({CBV, 14, 0, 0, 0, 0})},
            VS}, {TABLE, .DescriptorTable = {1, R1({CBV, 14, 0, 0, 0, 0})}, PS}), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 1: 128 SRVs", T1, V10, {N_RANGES(ALL, SRV, 128), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 1: 129 SRVs", T1, V10, {N_RANGES(GS, SRV, 129), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables give the GEOMETRY stage 129 SRVs, more than D3D12_RESOURCE_BINDING_TIER_1 on "
            "min-fl11_0 allows per stage: 128 (\"Hardware support tiers\")"},
    {"tier 1: unbounded SRVs", T1, V10, {N_RANGES(ALL, SRV, UINT_MAX), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables give the VERTEX stage unbounded SRVs, more than D3D12_RESOURCE_BINDING_TIER_1 on "
            "min-fl11_0 allows per stage: 128 (\"Hardware support tiers\")"},
    {"tier 1: 16 samplers", T1, V10, {N_RANGES(ALL, SAMPLER, 16), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 1: 17 samplers", T1, V10, {N_RANGES(PS, SAMPLER, 17), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables give the PIXEL stage 17 samplers, more than D3D12_RESOURCE_BINDING_TIER_1 on "
            "min-fl11_0 allows per stage: 16 (\"Hardware support tiers\")"},
    {"tier 1: 8 UAVs", T1, V10, {N_RANGES(ALL, UAV, 8), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 1: 9 UAVs", T1, V10, {2, P1({TABLE, .DescriptorTable = {1, R1({UAV, 5, 0, 0, 0, 0})}, VS},
            {TABLE, .DescriptorTable = {1, R1({UAV, 4, 0, 0, 0, 0})}, PS}), 0, NULL, 0}, 0, E_INVALIDARG,
            NOT_SUPPORTED, "its descriptor tables have that many UAVs, more than D3D12_RESOURCE_BINDING_TIER_1 on "
            "min-fl11_0 allows across all stages: 8 (\"Hardware support tiers\")"},
    {"tier 1 at 11_1: 64 UAVs", T1_111, V10, {N_RANGES(ALL, UAV, 64), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 1 at 11_1: 65 UAVs", T1_111, V10, {N_RANGES(ALL, UAV, 65), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables have that many UAVs, more than D3D12_RESOURCE_BINDING_TIER_1 on min-fl11_1 allows "
            "across all stages: 64 (\"Hardware support tiers\")"},
    {"tier 2: unbounded SRVs and samplers", T2, V10, {2, P1({TABLE, .DescriptorTable = {1, R1({SRV, UINT_MAX, 0, 0, 0, 0})},
            ALL}, {TABLE, .DescriptorTable = {1, R1({SAMPLER, UINT_MAX, 0, 0, 0, 0})}, ALL}), 0, NULL, 0}, 0, S_OK, 0, NULL},
    {"tier 2: 15 CBVs", T2, V10, {N_RANGES(MS, CBV, 15), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables give the MESH stage 15 CBVs, more than D3D12_RESOURCE_BINDING_TIER_2 on min-fl12_0 "
            "allows per stage: 14 (\"Hardware support tiers\")"},
    {"tier 2: unbounded UAVs", T2, V10, {N_RANGES(ALL, UAV, UINT_MAX), 0, NULL, 0}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "its descriptor tables have unbounded UAVs, more than D3D12_RESOURCE_BINDING_TIER_2 on min-fl12_0 allows "
            "across all stages: 64 (\"Hardware support tiers\")"},
    {"tier 3: unbounded everything", T3, V10, {4, P1({TABLE, .DescriptorTable = {1, R1({SRV, UINT_MAX, 0, 0, 0, 0})}, ALL},
            {TABLE, .DescriptorTable = {1, R1({UAV, UINT_MAX, 0, 0, 0, 0})}, ALL},
            {TABLE, .DescriptorTable = {1, R1({CBV, UINT_MAX, 0, 0, 0, 0})}, ALL},
            {TABLE, .DescriptorTable = {1, R1({SAMPLER, UINT_MAX, 0, 0, 0, 0})}, ALL}), 0, NULL, 0}, 0, S_OK, 0, NULL},
    /* Directly indexed heaps: tier 3 and SM 6.6. */
    {"heap directly indexed, tier 3 SM 6.9", T3, V11, {0, NULL, 0, NULL,
            D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED}, 0, S_OK, 0, NULL},
    {"heap directly indexed, tier 2", T2, V10, {0, NULL, 0, NULL,
            D3D12_ROOT_SIGNATURE_FLAG_SAMPLER_HEAP_DIRECTLY_INDEXED}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "D3D12_ROOT_SIGNATURE_FLAG_*_HEAP_DIRECTLY_INDEXED needs D3D12_FEATURE_DATA_D3D12_OPTIONS::"
            "ResourceBindingTier >= D3D12_RESOURCE_BINDING_TIER_3, which is D3D12_RESOURCE_BINDING_TIER_2 on min-fl12_0"},
    {"heap directly indexed, SM 6.5", T3_11, V11, {0, NULL, 0, NULL,
            D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED}, 0, E_INVALIDARG, NOT_SUPPORTED,
            "D3D12_ROOT_SIGNATURE_FLAG_*_HEAP_DIRECTLY_INDEXED needs D3D12_FEATURE_DATA_SHADER_MODEL::HighestShaderModel "
            ">= D3D_SHADER_MODEL_6_6, which is D3D_SHADER_MODEL_6_5 on nvidia-rtx-2080"},
    /* 1.2 static samplers. */
    {"non-normalized, supported", T3, V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 3, 3, 3, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, PS, OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES}}, 0}, 0,
            S_OK, 0, NULL},
    {"non-normalized, Arc", ARC, V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 3, 3, 3, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, PS, OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES}}, 0}, 0,
            S_OK, 0, NULL},
    {"non-normalized, unsupported", "warp-22621", V12, {0, NULL, 1,
            (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 3, 3, 3, 0.0f, 0, 0, 0, 0.0f, 0.0f, 0, 0, PS, OBJ_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES}}, 0}, 0,
            E_INVALIDARG, NOT_SUPPORTED, "D3D12_SAMPLER_FLAG_NON_NORMALIZED_COORDINATES needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS17::NonNormalizedCoordinateSamplersSupported, which is FALSE on warp-22621"},
    {"UINT border, supported", T3, V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 4, 4, 4, 0.0f, 0, 0, D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, 0.0f, 1.0f, 0, 0, ALL,
            OBJ_SAMPLER_FLAG_UINT_BORDER_COLOR}}, 0}, 0, S_OK, 0, NULL},
    {"UINT border, Arc", ARC, V12, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC *)(const struct obj_sampler1[]){
            {0, 4, 4, 4, 0.0f, 0, 0, D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT, 0.0f, 1.0f, 0, 0, ALL, 0}}, 0}, 0,
            E_INVALIDARG, NOT_SUPPORTED, "a UINT static border colour needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS14::AdvancedTextureOpsSupported, which is FALSE on intel-arc-a770"},
    {"UINT border in 1.0, tier 1", T1, V10, {0, NULL, 1, (const D3D12_STATIC_SAMPLER_DESC[]){
            {0, 4, 4, 4, 0.0f, 0, 0, D3D12_STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT, 0.0f, 1.0f, 0, 0, ALL}}, 0}, 0,
            E_INVALIDARG, NOT_SUPPORTED, "a UINT static border colour needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS14::AdvancedTextureOpsSupported, which is FALSE on min-fl11_0"},
    /* Node masks: one node on every built-in adapter. */
    {"node mask 1", T3, V10, {0}, 1, S_OK, 0, NULL},
    {"node mask 2", T3, V10, {0}, 2, E_INVALIDARG, INVALID_CONFIG,
            "nodeMask 0x2 names nodes the adapter's 1 do not have"},
};

static ID3DBlob *serialize_row_desc(D3D_ROOT_SIGNATURE_VERSION version, const D3D12_ROOT_SIGNATURE_DESC1 *desc1)
{
    D3D12_DESCRIPTOR_RANGE ranges0[80];
    D3D12_ROOT_PARAMETER params0[80];
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3DBlob *blob = NULL;

    memset(&desc, 0, sizeof(desc));
    desc.Version = version;
    if (version == V10)
        to_v10(desc1, &desc.Desc_1_0, params0, ranges0);
    else
        desc.Desc_1_1 = *desc1;
    if (FAILED(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL)))
        return NULL;
    return blob;
}

static void init_uav_tables(void)
{
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(uav_tables); ++i)
    {
        uav_ranges[i].RangeType = i % 2 ? SRV : UAV;
        uav_ranges[i].NumDescriptors = 1;
        uav_ranges[i].BaseShaderRegister = i / 2;
        uav_tables[i].ParameterType = TABLE;
        uav_tables[i].DescriptorTable.NumDescriptorRanges = 1;
        uav_tables[i].DescriptorTable.pDescriptorRanges = &uav_ranges[i];
        uav_tables[i].ShaderVisibility = ALL;
    }
}

/* A blob of `desc` that skips the serializer's rules (for the rows whose
 * desc the serializer refuses): a valid desc's blob with the invalid
 * fields patched in is what an application could pass. */
static ID3DBlob *blob_for_row(const struct create_row *row)
{
    D3D12_ROOT_SIGNATURE_DESC1 valid = row->desc;
    ID3DBlob *blob;
    uint32_t *words;

    if ((blob = serialize_row_desc(row->version, &row->desc)))
        return blob;
    /* "65 UAV tables": serialize 65 tables as a local root signature, then
     * clear the LOCAL flag; "sampler and SRV": serialize the SRV only, then
     * turn range [1] back. Only these two rows need it. */
    if (row->desc.NumParameters == 65)
    {
        valid.Flags = D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE;
        blob = serialize_row_desc(row->version, &valid);
        words = ID3D10Blob_GetBufferPointer(blob);
        words[11 + 5] = 0;
    }
    else
    {
        D3D12_ROOT_PARAMETER1 param = row->desc.pParameters[0];
        D3D12_DESCRIPTOR_RANGE1 ranges[2];

        memcpy(ranges, param.DescriptorTable.pDescriptorRanges, sizeof(ranges));
        ranges[1].RangeType = UAV;
        param.DescriptorTable.pDescriptorRanges = ranges;
        valid.pParameters = &param;
        blob = serialize_row_desc(row->version, &valid);
        words = ID3D10Blob_GetBufferPointer(blob);
        /* The second range's type: header 6, one parameter 3, table 2, range 5 DWORDs. */
        words[11 + 6 + 3 + 2 + 5] = SAMPLER;
    }
    seal(words, ID3D10Blob_GetBufferSize(blob));
    return blob;
}

static void test_create_rows(void **state)
{
    struct row_failures failures = {0};
    ID3D12RootSignature *root_signature;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    char expected[600];
    const char *text;
    unsigned i;
    ID3DBlob *blob;
    HRESULT hr;

    (void)state;
    init_uav_tables();
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(create_rows); ++i)
    {
        const struct create_row *row = &create_rows[i];

        if (!(blob = blob_for_row(row)))
        {
            row_fail(&failures, i, row->name, "no blob");
            continue;
        }
        device = create_device_on(row->adapter);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
        ID3D12InfoQueue_ClearStoredMessages(info);
        root_signature = SENTINEL;
        hr = ID3D12Device_CreateRootSignature(device, row->node_mask, ID3D10Blob_GetBufferPointer(blob),
                ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature);
        if (hr != row->hr)
            row_fail(&failures, i, row->name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)row->hr);
        if (SUCCEEDED(hr))
        {
            if (get_refcount(device) != 3) /* the test's, the info queue's, the root signature's */
                row_fail(&failures, i, row->name, "device refcount %u", (unsigned)get_refcount(device));
            if (ID3D12RootSignature_Release(root_signature))
                row_fail(&failures, i, row->name, "references left");
        }
        else if (root_signature)
            row_fail(&failures, i, row->name, "out not cleared");
        /* The probe agrees. */
        hr = ID3D12Device_CreateRootSignature(device, row->node_mask, ID3D10Blob_GetBufferPointer(blob),
                ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, NULL);
        if (hr != (row->hr == S_OK ? S_FALSE : row->hr))
            row_fail(&failures, i, row->name, "probe hr %#x", (unsigned)hr);
        if (!row->message)
        {
            if (ID3D12InfoQueue_GetNumStoredMessages(info))
                row_fail(&failures, i, row->name, "a message \"%s\"", message_text(info, 0, &id));
        }
        else if (ID3D12InfoQueue_GetNumStoredMessages(info) != 2)
            row_fail(&failures, i, row->name, "%llu messages, expected 2 (creation and probe)",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        else
        {
            text = message_text(info, 0, &id);
            snprintf(expected, sizeof(expected), "ID3D12Device::CreateRootSignature: %s; returning E_INVALIDARG.",
                    row->why);
            if (id != row->message || strcmp(text, expected))
                row_fail(&failures, i, row->name, "message %d \"%s\"", (int)id, text);
        }
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, row->name, "device references left");
        ID3D10Blob_Release(blob);
    }
    rows_done(&failures);
}

/* Older runtimes: before SDK 610 the runtime knows no root signature 1.2
 * (reference data), before 606 no OPTIONS14 (integer border colours). */
static void test_create_on_older_runtimes(void **state)
{
    const struct
    {
        const char *name;
        UINT sdk_version;
        D3D_ROOT_SIGNATURE_VERSION version;
        const D3D12_STATIC_SAMPLER_DESC *sampler;
        const char *why;
    }
    rows[] =
    {
        {"1.2 on SDK 608", 608, V12, NULL, "it is a version 1.2 root signature, and nvidia-rtx-4090 answers "
                "D3D12_FEATURE_ROOT_SIGNATURE with HighestVersion 1.1 on this runtime"},
        {"1.1 on SDK 608", 608, V11, NULL, NULL},
        {"UINT border on SDK 605", 605, V10, (const D3D12_STATIC_SAMPLER_DESC[]){{0, 4, 4, 4, 0.0f, 0, 0,
                D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, 0.0f, 1.0f, 0, 0, ALL}},
                "a UINT static border colour needs D3D12_FEATURE_DATA_D3D12_OPTIONS14::AdvancedTextureOpsSupported, "
                "which this runtime (SDK 605) does not report on nvidia-rtx-4090"},
    };
    struct row_failures failures = {0};
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3D12InfoQueue *info;
    mockd3d12_runtime runtime;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    char expected[512];
    const char *text;
    ID3DBlob *blob;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
        runtime.kind = MOCKD3D12_RUNTIME_RETAIL;
        runtime.sdk_version = rows[i].sdk_version;
        runtime.preview_sdk_version = 706;
        runtime.cutoff_sdk_version = 620;
        runtime.cutoff_preview_sdk_version = 721;
        assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
        memset(&desc, 0, sizeof(desc));
        desc.Version = rows[i].version;
        desc.Desc_1_0.NumStaticSamplers = rows[i].sampler ? 1 : 0;
        desc.Desc_1_0.pStaticSamplers = rows[i].sampler;
        assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
        device = create_device_on(T3);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
        hr = ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
                ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, NULL);
        if (hr != (rows[i].why ? E_INVALIDARG : S_FALSE))
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        if (rows[i].why)
        {
            snprintf(expected, sizeof(expected), "ID3D12Device::CreateRootSignature: %s; returning E_INVALIDARG.",
                    rows[i].why);
            if (ID3D12InfoQueue_GetNumStoredMessages(info) != 1)
                row_fail(&failures, i, rows[i].name, "%llu messages",
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
            else if ((text = message_text(info, 0, &id), id != NOT_SUPPORTED || strcmp(text, expected)))
                row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        }
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
        ID3D10Blob_Release(blob);
        assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
    }
    rows_done(&failures);
}

/* The object (test_create_root_signature, on Windows): ID3D12Object and
 * ID3D12DeviceChild, not ID3D12Pageable; the device's refcount 1 -> 2;
 * GetDevice; private data; the probe; a NULL IID; a removed device. */
static void test_root_signature_object(void **state)
{
    static const IID *const yes[] = {&IID_IUnknown, &IID_ID3D12Object, &IID_ID3D12DeviceChild, &IID_ID3D12RootSignature};
    static const IID *const no[] = {&IID_ID3D12Pageable, &IID_ID3D12DescriptorHeap, &IID_ID3D10Blob};
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {.Version = V10};
    ID3D12RootSignature *root_signature, *again;
    ID3D12Device *device, *other;
    ID3D12Device5 *device5;
    UINT value = 7, size;
    void *object;
    ID3DBlob *blob;
    unsigned i;

    (void)state;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    device = create_device_on(T3);
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature), S_OK);
    assert_int_equal(get_refcount(device), 2);
    for (i = 0; i < ARRAY_SIZE(yes); ++i)
    {
        assert_int_equal(ID3D12RootSignature_QueryInterface(root_signature, yes[i], &object), S_OK);
        assert_ptr_equal(object, root_signature);
        IUnknown_Release((IUnknown *)object);
    }
    for (i = 0; i < ARRAY_SIZE(no); ++i)
    {
        object = SENTINEL;
        assert_int_equal(ID3D12RootSignature_QueryInterface(root_signature, no[i], &object), E_NOINTERFACE);
        assert_null(object);
    }
    assert_int_equal(ID3D12RootSignature_GetDevice(root_signature, &IID_ID3D12Device, (void **)&other), S_OK);
    assert_ptr_equal(other, device);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12Device_Release(other), 2);

    assert_int_equal(ID3D12RootSignature_SetPrivateData(root_signature, &test_guid, sizeof(value), &value), S_OK);
    value = 0;
    size = sizeof(value);
    assert_int_equal(ID3D12RootSignature_GetPrivateData(root_signature, &test_guid, &size, &value), S_OK);
    assert_int_equal(value, 7);
    assert_int_equal(ID3D12RootSignature_SetPrivateDataInterface(root_signature, &test_guid, (IUnknown *)blob), S_OK);
    assert_int_equal(ID3D12RootSignature_SetPrivateDataInterface(root_signature, &test_guid, NULL), S_OK);
    assert_int_equal(ID3D12RootSignature_SetName(root_signature, L"rs"), S_OK);

    /* The same bytes again give the same object, one more reference (vkd3d's
     * test_create_root_signature records Windows); the IID may be any of its own. */
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12DeviceChild, (void **)&again), S_OK);
    assert_ptr_equal(again, root_signature);
    assert_int_equal(get_refcount(root_signature), 2);
    object = SENTINEL;
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12Pageable, &object), E_NOINTERFACE);
    assert_null(object);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), NULL, &object), E_INVALIDARG);
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(get_refcount(root_signature), 2);
    assert_int_equal(ID3D12RootSignature_Release(root_signature), 1);
    assert_int_equal(ID3D12RootSignature_Release(again), 0);
    assert_int_equal(get_refcount(device), 1);
    /* Released, it is gone: the same bytes make a new object. */
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&again), S_OK);
    assert_int_equal(get_refcount(again), 1);
    assert_int_equal(ID3D12RootSignature_Release(again), 0);

    /* A removed device creates nothing. */
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
    object = SENTINEL;
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, &object), DXGI_ERROR_DEVICE_REMOVED);
    assert_null(object);
    assert_int_equal(ID3D12Device_Release(device), 0);
    ID3D10Blob_Release(blob);
}

/* ReportLiveDeviceObjects lists a live root signature with its name. */
/* ---- Root signature subobjects of a DXIL library (the RDAT part) ---- */

/* A library's RDAT part (DirectXShaderCompiler's public layout): strings,
 * raw bytes, and a subobject table of 16-byte records {kind, name, data,
 * size}: "grs" a global root signature serialized as a container, "lrs" a
 * local one as the bare RTS0 part, "cfg" a state object config. */
static size_t rdat_part(uint8_t *out, const void *container, size_t container_size, const void *rts0,
        size_t rts0_size)
{
    static const char strings[] = "grs\0lrs\0cfg\0"; /* 12 bytes with the last NUL */
    size_t raw_size = (container_size + rts0_size + 3) & ~(size_t)3, at;
    uint32_t raw_at, sub_at;

    dxbc_put(out, 0x10);
    dxbc_put(out + 4, 3);
    dxbc_put(out + 8, 20);
    at = 20;
    dxbc_put(out + at, 1);
    dxbc_put(out + at + 4, 12);
    memcpy(out + at + 8, strings, 12);
    raw_at = (uint32_t)(at += 8 + 12);
    dxbc_put(out + 12, raw_at);
    dxbc_put(out + at, 5);
    dxbc_put(out + at + 4, (uint32_t)raw_size);
    memset(out + at + 8, 0, raw_size);
    memcpy(out + at + 8, container, container_size);
    memcpy(out + at + 8 + container_size, rts0, rts0_size);
    sub_at = (uint32_t)(at += 8 + raw_size);
    dxbc_put(out + 16, sub_at);
    dxbc_put(out + at, 6);
    dxbc_put(out + at + 4, 8 + 3 * 16);
    dxbc_put(out + at + 8, 3);
    dxbc_put(out + at + 12, 16);
    at += 16;
    /* kind, name, data, size */
    dxbc_put(out + at, 1), dxbc_put(out + at + 4, 0), dxbc_put(out + at + 8, 0);
    dxbc_put(out + at + 12, (uint32_t)container_size);
    at += 16;
    dxbc_put(out + at, 2), dxbc_put(out + at + 4, 4), dxbc_put(out + at + 8, (uint32_t)container_size);
    dxbc_put(out + at + 12, (uint32_t)rts0_size);
    at += 16;
    dxbc_put(out + at, 0), dxbc_put(out + at + 4, 8), dxbc_put(out + at + 8, 0), dxbc_put(out + at + 12, 0);
    return at + 16;
}

static void test_library_subobjects(void **state)
{
    D3D12_ROOT_PARAMETER1 parameter = {CONSTANTS, .Constants = {3, 0, 4}, D3D12_SHADER_VISIBILITY_ALL};
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {V11, .Desc_1_1 = {1, &parameter, 0, NULL, 0}};
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *got;
    ID3D12VersionedRootSignatureDeserializer *deserializer;
    ID3D12RootSignature *from_library, *from_blob;
    struct shader_blob library, no_rdat;
    struct dxbc_part part;
    const void *rts0;
    uint8_t rdat[512];
    size_t rts0_size, rdat_size;
    ID3D12Device14 *device14;
    ID3D12Device *device;
    char why[256];
    ID3DBlob *blob;
    void *out;

    (void)state;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    assert_int_equal(obj_dxbc_find_part(ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
            dxbc_tag("RTS0"), &rts0, &rts0_size, why, sizeof(why)), S_OK);
    rdat_size = rdat_part(rdat, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob), rts0, rts0_size);
    part = (struct dxbc_part){dxbc_tag("RDAT"), rdat, rdat_size};
    dxbc_write(&library, &part, 1, DXBC_HASH_VALID);
    part = (struct dxbc_part){dxbc_tag("SFI0"), rdat, 8};
    dxbc_write(&no_rdat, &part, 1, DXBC_HASH_VALID);

    /* Both forms of the bytes: one constant root parameter of 4 values at b3. */
    for (unsigned i = 0; i < 2; ++i)
    {
        assert_int_equal(D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(library.bytes,
                library.size, i ? L"lrs" : L"grs", &IID_ID3D12VersionedRootSignatureDeserializer,
                (void **)&deserializer), S_OK);
        got = ID3D12VersionedRootSignatureDeserializer_GetUnconvertedRootSignatureDesc(deserializer);
        assert_int_equal(got->Version, V11);
        assert_int_equal(got->Desc_1_1.NumParameters, 1);
        assert_int_equal(got->Desc_1_1.pParameters[0].ParameterType, CONSTANTS);
        assert_int_equal(got->Desc_1_1.pParameters[0].Constants.ShaderRegister, 3);
        assert_int_equal(got->Desc_1_1.pParameters[0].Constants.Num32BitValues, 4);
        assert_int_equal(ID3D12VersionedRootSignatureDeserializer_Release(deserializer), 0);
    }
    /* Refusals: E_INVALIDARG with the reason in the last error; the output NULL. */
    {
        static const struct { const char *name; const WCHAR *subobject; int which; const char *error; } rows[] =
        {
            {"not a root signature", L"cfg", 0, "the library has no root signature subobject named \"cfg\""},
            {"no such subobject", L"missing", 0, "the library has no root signature subobject named \"missing\""},
            {"no RDAT part", L"grs", 1, "the container has no RDAT part: it is not a DXIL library"},
            {"NULL name", NULL, 0, "the subobject name is NULL"},
        };
        struct row_failures failures = {0};

        for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
        {
            const struct shader_blob *b = rows[r].which ? &no_rdat : &library;
            HRESULT hr;

            out = SENTINEL;
            hr = D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(b->bytes, b->size,
                    rows[r].subobject, &IID_ID3D12VersionedRootSignatureDeserializer, &out);
            if (hr != E_INVALIDARG || out)
                row_fail(&failures, r, rows[r].name, "%#x %p", (unsigned)hr, out);
            else if (!strstr(mockd3d12_last_error(), rows[r].error))
                row_fail(&failures, r, rows[r].name, "last error \"%s\"", mockd3d12_last_error());
        }
        rows_done(&failures);
    }
    /* Malformed RDAT parts: each row breaks one word of a good one. */
    {
        uint32_t sub_at = (uint32_t)rdat[16] | (uint32_t)rdat[17] << 8, record = sub_at + 16;
        static const char *const names[] = {"version", "part count", "misaligned part", "part too long",
                "no subobject table", "short records", "name outside the strings", "no bytes"};
        const struct { uint32_t at, value; const char *error; } rows[] =
        {
            {0, 0x11, "no version 0x10 header"},
            {4, 1000, "part offsets run past its end"},
            {8, 22, "offset is misaligned or past the end"},
            {24, 10000, "part runs past the end"},
            {sub_at, 7, "declares no subobjects"},
            {sub_at + 12, 12, "records run past its end or are too short"},
            {record + 4, 1000, "name is outside the RDAT string buffer"},
            {record + 12, 0, "has no bytes inside the RDAT raw bytes"},
        };
        struct row_failures failures = {0};
        struct shader_blob broken;
        uint8_t bad[512];

        for (unsigned r = 0; r < ARRAY_SIZE(rows); ++r)
        {
            HRESULT hr;

            memcpy(bad, rdat, rdat_size);
            dxbc_put(bad + rows[r].at, rows[r].value);
            part = (struct dxbc_part){dxbc_tag("RDAT"), bad, rdat_size};
            dxbc_write(&broken, &part, 1, DXBC_HASH_VALID);
            out = SENTINEL;
            hr = D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(broken.bytes, broken.size, L"grs",
                    &IID_ID3D12VersionedRootSignatureDeserializer, &out);
            if (hr != E_INVALIDARG || out)
                row_fail(&failures, r, names[r], "%#x %p", (unsigned)hr, out);
            else if (!strstr(mockd3d12_last_error(), rows[r].error))
                row_fail(&failures, r, names[r], "last error \"%s\"", mockd3d12_last_error());
        }
        rows_done(&failures);
    }
    out = SENTINEL;
    assert_int_equal(D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(library.bytes, library.size,
            L"grs", &IID_ID3D12RootSignatureDeserializer, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(library.bytes, library.size,
            L"grs", &IID_ID3D12VersionedRootSignatureDeserializer, NULL), E_POINTER);
    assert_int_equal(D3D12CreateVersionedRootSignatureDeserializerFromSubobjectInLibrary(NULL, 0, L"grs",
            &IID_ID3D12VersionedRootSignatureDeserializer, &out), E_INVALIDARG);

    /* ID3D12Device14: the subobject's root signature, the very object the
     * same serialized bytes make (equal bytes, one object). */
    device = create_device_on(T3);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device14, (void **)&device14), S_OK);
    assert_int_equal(device14->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(device14, 0, library.bytes,
            library.size, L"grs", &IID_ID3D12RootSignature, (void **)&from_library), S_OK);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&from_blob), S_OK);
    assert_ptr_equal(from_library, from_blob);
    ID3D12RootSignature_Release(from_blob);
    ID3D12RootSignature_Release(from_library);
    assert_int_equal(device14->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(device14, 0, library.bytes,
            library.size, L"lrs", &IID_ID3D12RootSignature, (void **)&from_library), S_OK);
    ID3D12RootSignature_Release(from_library);
    out = SENTINEL;
    assert_int_equal(device14->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(device14, 0, library.bytes,
            library.size, L"cfg", &IID_ID3D12RootSignature, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(device14->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(device14, 0, library.bytes,
            library.size, L"grs", &IID_ID3D12RootSignature, NULL), S_FALSE);
    assert_int_equal(device14->lpVtbl->CreateRootSignatureFromSubobjectInLibrary(device14, 2, library.bytes,
            library.size, L"grs", &IID_ID3D12RootSignature, &out), E_INVALIDARG);
    device14->lpVtbl->Release(device14);
    assert_int_equal(ID3D12Device_Release(device), 0);
    ID3D10Blob_Release(blob);
}

/* The visibilities' names the refusals cite, as D3D12_SHADER_VISIBILITY
 * spells them. */
static void test_visibility_names(void **state)
{
    (void)state;
    assert_string_equal(obj_rs_visibility_name(D3D12_SHADER_VISIBILITY_ALL), "ALL");
    assert_string_equal(obj_rs_visibility_name(D3D12_SHADER_VISIBILITY_PIXEL), "PIXEL");
    assert_string_equal(obj_rs_visibility_name(D3D12_SHADER_VISIBILITY_AMPLIFICATION), "AMPLIFICATION");
    assert_string_equal(obj_rs_visibility_name(D3D12_SHADER_VISIBILITY_MESH), "MESH");
    assert_string_equal(obj_rs_visibility_name(D3D12_SHADER_VISIBILITY_MESH + 1), "?");
}

static void test_live_objects(void **state)
{
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc = {.Version = V10};
    ID3D12RootSignature *root_signature;
    ID3D12DebugDevice *debug_device;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    bool found = false;
    UINT64 i, count;
    ID3DBlob *blob;

    (void)state;
    enable_debug_layer();
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    device = create_device_on(T3);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature), S_OK);
    assert_int_equal(ID3D12RootSignature_SetName(root_signature, L"the root signature"), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (i = 0; i < count; ++i)
    {
        const char *text = message_text(info, i, &id);

        if (id == D3D12_MESSAGE_ID_LIVE_ROOTSIGNATURE && strstr(text, "Live ID3D12RootSignature at ")
                && strstr(text, ", Name: the root signature, Refcount: 1"))
            found = true;
    }
    assert_true(found);
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12RootSignature_Release(root_signature), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
    ID3D10Blob_Release(blob);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_serialize_matches_oracle, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_serialize_1_2, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_serialize_errors, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_serialize_arguments, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_deserialize_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_conversions_1_2, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_deserializer_interfaces, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_garbage, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_create_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_create_on_older_runtimes, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_root_signature_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_library_subobjects, quiet_setup, quiet_teardown),
        cmocka_unit_test(test_visibility_names),
        cmocka_unit_test_setup_teardown(test_live_objects, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
