/*
 * Shaders and input layouts of the mock D3D11 runtime (src/d3d11/shader.c;
 * docs/d3d11.md "Shaders and input layouts"), through the exported entry
 * points. The bytecode is built here with tests/unit/dxbc_writer.h (a SHDR or
 * SHEX program of a stage and model, an Aon9 part for 4_0_level_9_x
 * shaders, an ISGN input signature); the checksum is the one src/objects/
 * computes, itself checked against Windows' blobs. Rows citing Windows come
 * from Wine's test_create_shader, test_create_input_layout and
 * test_input_layout_alignment.
 * A conformance suite: the public D3D11 API only, on the default adapter
 * (tests/d3d11.cmake makes it the nvidia-rtx-4090 profile; docs/testing.md).
 */
#define MK_TEST_CONFORMANCE
#define MK_TEST_D3D11
#include "mk_test.h"

#include "../unit/dxbc_writer.h"

static ID3D11Device *create_device11(D3D_FEATURE_LEVEL level, UINT flags)
{
    return create_d3d11_device(level, flags, NULL);
}

/* One input of a signature. */
struct input
{
    const char *name;
    uint32_t index, system_value;
};

/* A shader of `kind` and `model` (0x40 = 4.0), a 4_0_level_9_x one when
 * `level9`, with these inputs, hashed as `hash` says. */
static void build(struct shader_blob *out, unsigned kind, unsigned model, int level9, const struct input *inputs,
        unsigned input_count, enum dxbc_hash hash)
{
    uint8_t program[12], aon9[8] = {0}, isgn[512];
    struct dxbc_part parts[3];
    unsigned count = 0, i, names = 8 + 24 * input_count;

    dxbc_put(program, (uint32_t)kind << 16 | model);
    dxbc_put(program + 4, 3);
    dxbc_put(program + 8, 0x0100003e); /* ret */
    parts[count++] = (struct dxbc_part){dxbc_tag(model >= 0x50 ? "SHEX" : "SHDR"), program, sizeof(program)};
    if (level9)
        parts[count++] = (struct dxbc_part){dxbc_tag("Aon9"), aon9, sizeof(aon9)};
    if (inputs)
    {
        memset(isgn, 0, sizeof(isgn));
        dxbc_put(isgn, input_count);
        dxbc_put(isgn + 4, 8);
        for (i = 0; i < input_count; ++i)
        {
            uint8_t *e = isgn + 8 + 24 * i;

            dxbc_put(e, names);
            dxbc_put(e + 4, inputs[i].index);
            dxbc_put(e + 8, inputs[i].system_value);
            dxbc_put(e + 12, 3);  /* float32 */
            dxbc_put(e + 16, i);  /* register */
            e[20] = 0xf;
            strcpy((char *)isgn + names, inputs[i].name);
            names += (unsigned)strlen(inputs[i].name) + 1;
        }
        parts[count++] = (struct dxbc_part){dxbc_tag("ISGN"), isgn, (names + 3) & ~3u};
    }
    dxbc_write(out, parts, count, hash);
}

/* ---- Shaders ---- */

static HRESULT create(ID3D11Device *device, unsigned method, const struct shader_blob *blob, ID3D11DeviceChild **out)
{
    switch (method)
    {
        case K_VS: return ID3D11Device_CreateVertexShader(device, blob->bytes, blob->size, NULL, (ID3D11VertexShader **)out);
        case K_HS: return ID3D11Device_CreateHullShader(device, blob->bytes, blob->size, NULL, (ID3D11HullShader **)out);
        case K_DS: return ID3D11Device_CreateDomainShader(device, blob->bytes, blob->size, NULL, (ID3D11DomainShader **)out);
        case K_GS:
            return ID3D11Device_CreateGeometryShader(device, blob->bytes, blob->size, NULL, (ID3D11GeometryShader **)out);
        case K_PS: return ID3D11Device_CreatePixelShader(device, blob->bytes, blob->size, NULL, (ID3D11PixelShader **)out);
        default: return ID3D11Device_CreateComputeShader(device, blob->bytes, blob->size, NULL, (ID3D11ComputeShader **)out);
    }
}

static void test_shader_rows(void **state)
{
    static const struct
    {
        const char *name;
        D3D_FEATURE_LEVEL level;
        unsigned method, kind, model;
        int level9;
        enum dxbc_hash hash;
        HRESULT hr;
    }
    rows[] =
    {
        {"vs_4_0 at 10_0", FL(10, 0), K_VS, K_VS, 0x40, 0, DXBC_HASH_VALID, S_OK},
        {"vs_4_1 at 10_0: above the level (Windows, a todo_wine row)", FL(10, 0), K_VS, K_VS, 0x41, 0, DXBC_HASH_VALID,
                E_INVALIDARG},
        {"vs_4_1 at 10_1", FL(10, 1), K_VS, K_VS, 0x41, 0, DXBC_HASH_VALID, S_OK},
        {"vs_5_0 at 10_1", FL(10, 1), K_VS, K_VS, 0x50, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"vs_5_0 at 11_0", FL(11, 0), K_VS, K_VS, 0x50, 0, DXBC_HASH_VALID, S_OK},
        {"vs_5_1 at 11_1: Direct3D 12 only", FL(11, 1), K_VS, K_VS, 0x51, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"vs_6_0 (DXIL) at 11_1", FL(11, 1), K_VS, K_VS, 0x60, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"ps_4_0 as a vertex shader", FL(11, 0), K_VS, K_PS, 0x40, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"ps_4_0 at 9_3: not a level-9 shader", FL(9, 3), K_PS, K_PS, 0x40, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"ps_4_0_level_9_1 at 9_1", FL(9, 1), K_PS, K_PS, 0x40, 1, DXBC_HASH_VALID, S_OK},
        {"ps_4_0_level_9_3 at 11_0", FL(11, 0), K_PS, K_PS, 0x40, 1, DXBC_HASH_VALID, S_OK},
        {"a 4.1 program with an Aon9 part at 9_3", FL(9, 3), K_PS, K_PS, 0x41, 1, DXBC_HASH_VALID, E_INVALIDARG},
        {"vs_4_0_level_9_1 at 9_1", FL(9, 1), K_VS, K_VS, 0x40, 1, DXBC_HASH_VALID, S_OK},
        {"gs_4_0_level_9 at 9_3: no geometry stage", FL(9, 3), K_GS, K_GS, 0x40, 1, DXBC_HASH_VALID, E_INVALIDARG},
        {"gs_4_0 at 10_0", FL(10, 0), K_GS, K_GS, 0x40, 0, DXBC_HASH_VALID, S_OK},
        {"hs_5_0 at 10_1: no hull stage", FL(10, 1), K_HS, K_HS, 0x50, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"hs_5_0 at 11_0", FL(11, 0), K_HS, K_HS, 0x50, 0, DXBC_HASH_VALID, S_OK},
        {"ds_5_0 at 11_0", FL(11, 0), K_DS, K_DS, 0x50, 0, DXBC_HASH_VALID, S_OK},
        {"gs_4_0 as a domain shader", FL(11, 0), K_DS, K_GS, 0x40, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"cs_4_0 at 10_0 (D3D10_X_HARDWARE_OPTIONS: yes)", FL(10, 0), K_CS, K_CS, 0x40, 0, DXBC_HASH_VALID, S_OK},
        {"cs_5_0 at 10_1", FL(10, 1), K_CS, K_CS, 0x50, 0, DXBC_HASH_VALID, E_INVALIDARG},
        {"cs_5_0 at 11_0", FL(11, 0), K_CS, K_CS, 0x50, 0, DXBC_HASH_VALID, S_OK},
        {"a changed container (wrong checksum)", FL(11, 0), K_VS, K_VS, 0x50, 0, DXBC_HASH_WRONG, E_INVALIDARG},
        {"an unsigned container (zero checksum)", FL(11, 0), K_VS, K_VS, 0x50, 0, DXBC_HASH_ZERO, E_INVALIDARG},
    };
    struct shader_blob blob;
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11Device *device = create_device11(rows[i].level, 0);
        ID3D11DeviceChild *shader = (void *)0xdeadbeef;
        HRESULT hr;

        print_message("row %u: %s\n", i, rows[i].name);
        if (rows[i].model >= 0x60)
        {
            struct shader_spec spec = {rows[i].kind, rows[i].model, 0, NULL, 0, DXBC_HASH_VALID};

            shader_build(&blob, &spec);
        }
        else
            build(&blob, rows[i].kind, rows[i].model, rows[i].level9, NULL, 0, rows[i].hash);
        hr = create(device, rows[i].method, &blob, &shader);
        assert_int_equal(hr, rows[i].hr);
        if (hr == S_OK)
            assert_int_equal(ID3D11DeviceChild_Release(shader), 0);
        else
            assert_null(shader);
        /* A NULL out pointer checks only. */
        assert_int_equal(create(device, rows[i].method, &blob, NULL), hr == S_OK ? S_FALSE : E_INVALIDARG);
        assert_int_equal(ID3D11Device_Release(device), 0);
    }
}

static void test_shader_objects(void **state)
{
    ID3D11Device *device = create_device11(FL(11, 0), 0), *got = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    IUnknown *unknown = NULL;
    struct shader_blob blob;
    GUID guid = {0x5678, 0, 0, {0}};
    UINT value = 42, size = sizeof(value), read = 0;
    static const uint8_t garbage[] = {0xff, 0xff, 0x00, 0x00, 0x00, 0x00};

    (void)state;
    build(&blob, K_VS, 0x50, 0, NULL, 0, DXBC_HASH_VALID);
    assert_int_equal(ID3D11Device_CreateVertexShader(device, blob.bytes, blob.size, NULL, &vs), S_OK);
    ID3D11VertexShader_GetDevice(vs, &got);
    assert_ptr_equal(got, device);
    ID3D11Device_Release(got);
    assert_int_equal(ID3D11VertexShader_QueryInterface(vs, &IID_ID3D11DeviceChild, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11VertexShader_QueryInterface(vs, &IID_ID3D11PixelShader, (void **)&unknown), E_NOINTERFACE);
    assert_null(unknown);
    assert_int_equal(ID3D11VertexShader_QueryInterface(vs, &IID_ID3D11VertexShader, NULL), E_POINTER);
    assert_int_equal(ID3D11VertexShader_QueryInterface(vs, &IID_IUnknown, (void **)&unknown), S_OK);
    IUnknown_Release(unknown);
    assert_int_equal(ID3D11VertexShader_SetPrivateData(vs, &guid, sizeof(value), &value), S_OK);
    assert_int_equal(ID3D11VertexShader_GetPrivateData(vs, &guid, &size, &read), S_OK);
    assert_int_equal(read, 42);
    assert_int_equal(ID3D11VertexShader_Release(vs), 0);
    /* Direct3D 9 bytecode, a truncated container, NULL. */
    assert_int_equal(ID3D11Device_CreatePixelShader(device, garbage, sizeof(garbage), NULL, &ps), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreatePixelShader(device, blob.bytes, 20, NULL, &ps), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreatePixelShader(device, NULL, 0, NULL, &ps), E_INVALIDARG);
    assert_null(ps);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

/* ---- Input layouts ---- */

static void test_input_layout_rows(void **state)
{
    static const struct input position[] = {{"POSITION", 0, 0}};
    static const struct input many[] =
    {
        {"CUSTOMDATA", 0, 0}, {"POSITION", 0, 0}, {"SV_Position", 0, 0}, {"COLOR", 0, 0},
        {"SV_InstanceID", 0, 8}, {"SV_VertexID", 0, 6},
    };
    /* A pixel shader's SV_InstanceID input has system value 0. */
    static const struct input ps_inputs[] = {{"COLOR", 0, 0}, {"SV_InstanceID", 0, 0}};
    static const struct
    {
        const char *name;
        const struct input *inputs;
        unsigned input_count;
        D3D11_INPUT_ELEMENT_DESC elements[4];
        UINT count;
        HRESULT hr;
    }
    rows[] =
    {
        {"position as R32G32_FLOAT, colour at offset 0 too", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_B8G8R8A8_UNORM, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, S_OK},
        {"semantic names compare without case", position, 1,
                {{"position", 0, DXGI_FORMAT_R16_SINT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, S_OK},
        {"no elements for a shader with an input", position, 1, {{0}}, 0, E_INVALIDARG},
        {"no elements for a shader without inputs", NULL, 0, {{0}}, 0, S_OK},
        {"POSITION1 is not POSITION0", position, 1,
                {{"POSITION", 1, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, E_INVALIDARG},
        {"SV_POSITION is not POSITION", position, 1,
                {{"SV_POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, E_INVALIDARG},
        {"per-instance and per-vertex in one slot (Windows, a todo_wine row)", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_INSTANCE_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_B8G8R8A8_UNORM, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, E_INVALIDARG},
        {"per-instance alone", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1}}, 1, S_OK},
        {"a per-vertex step rate", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 1}}, 1, E_INVALIDARG},
        {"R16 at offset 1 (alignment 2)", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R8_UINT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_R16_UINT, 0, 1, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, E_INVALIDARG},
        {"R8 at offset 1", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R8_UINT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_R8_UINT, 0, 1, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, S_OK},
        {"R32G32B32A32 at 20 (alignment 4)", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 20, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, S_OK},
        {"R32G32B32A32 at 18", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 18, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, E_INVALIDARG},
        {"APPEND_ALIGNED after an R8", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R8_UINT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_R32_UINT, 0, D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_VERTEX_DATA, 0}},
                2, S_OK},
        {"a format that is no vertex format", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_BC1_UNORM, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, E_INVALIDARG},
        {"slot 32", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32_FLOAT, 32, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, E_INVALIDARG},
        {"a NULL semantic", position, 1,
                {{NULL, 0, DXGI_FORMAT_R32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, E_INVALIDARG},
        {"an unknown input class", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32_FLOAT, 0, 0, (D3D11_INPUT_CLASSIFICATION)2, 0}}, 1, E_INVALIDARG},
        {"one semantic twice", position, 1,
                {{"POSITION", 0, DXGI_FORMAT_R32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"Position", 0, DXGI_FORMAT_R32_FLOAT, 1, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 2, E_INVALIDARG},
        {"system values need no element; the others do", many, 6,
                {{"CUSTOMDATA", 0, DXGI_FORMAT_R32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"POSITION", 0, DXGI_FORMAT_R32_FLOAT, 0, 4, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"SV_Position", 0, DXGI_FORMAT_R32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 3, E_INVALIDARG},
        {"with COLOR too: SV_InstanceID and SV_VertexID need none", many, 6,
                {{"CUSTOMDATA", 0, DXGI_FORMAT_R32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"POSITION", 0, DXGI_FORMAT_R32_FLOAT, 0, 4, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"SV_Position", 0, DXGI_FORMAT_R32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
                 {"COLOR", 0, DXGI_FORMAT_R32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 4, S_OK},
        {"a pixel shader's SV_InstanceID needs none", ps_inputs, 2,
                {{"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}}, 1, S_OK},
    };
    ID3D11Device *device = create_device11(FL(11, 0), 0);
    struct shader_blob blob;
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D11InputLayout *layout = (void *)0xdeadbeef;
        HRESULT hr;

        print_message("row %u: %s\n", i, rows[i].name);
        build(&blob, K_VS, 0x40, 0, rows[i].inputs ? rows[i].inputs : position, rows[i].input_count, DXBC_HASH_VALID);
        hr = ID3D11Device_CreateInputLayout(device, rows[i].elements, rows[i].count, blob.bytes, blob.size, &layout);
        assert_int_equal(hr, rows[i].hr);
        if (hr == S_OK)
            assert_int_equal(ID3D11InputLayout_Release(layout), 0);
        else
            assert_null(layout);
    }
    assert_int_equal(ID3D11Device_Release(device), 0);
}

static void test_input_layout_more(void **state)
{
    static const struct input position[] = {{"POSITION", 0, 0}};
    static const D3D11_INPUT_ELEMENT_DESC element = {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 15, 0,
            D3D11_INPUT_PER_VERTEX_DATA, 0};
    ID3D11Device *device = create_device11(FL(10, 0), D3D11_CREATE_DEVICE_DEBUG);
    D3D11_INPUT_ELEMENT_DESC high = element;
    union { D3D11_MESSAGE message; unsigned char bytes[1024]; } buffer;
    ID3D11InputLayout *layout = NULL;
    ID3D11InfoQueue *queue = NULL;
    struct shader_blob blob;
    SIZE_T length = sizeof(buffer);

    (void)state;
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11InfoQueue, (void **)&queue), S_OK);
    build(&blob, K_VS, 0x40, 0, position, 1, DXBC_HASH_VALID);
    /* 16 slots below 11_0. */
    assert_int_equal(ID3D11Device_CreateInputLayout(device, &element, 1, blob.bytes, blob.size, &layout), S_OK);
    ID3D11InputLayout_Release(layout);
    high.InputSlot = 16;
    ID3D11InfoQueue_ClearStoredMessages(queue);
    assert_int_equal(ID3D11Device_CreateInputLayout(device, &high, 1, blob.bytes, blob.size, &layout), E_INVALIDARG);
    assert_int_equal(ID3D11InfoQueue_GetMessage(queue, 0, &buffer.message, &length), S_OK);
    assert_int_equal(buffer.message.ID, D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDSLOT);
    assert_non_null(strstr(buffer.message.pDescription, "element 0: InputSlot"));
    /* 33 elements are too many. */
    {
        D3D11_INPUT_ELEMENT_DESC many[33];
        unsigned int i;

        for (i = 0; i < 33; ++i)
        {
            many[i] = element;
            many[i].SemanticIndex = i;
            many[i].InputSlot = 0;
        }
        assert_int_equal(ID3D11Device_CreateInputLayout(device, many, 33, blob.bytes, blob.size, &layout), E_INVALIDARG);
    }
    /* NULL elements; a changed container; a NULL out pointer checks only. */
    assert_int_equal(ID3D11Device_CreateInputLayout(device, NULL, 0, blob.bytes, blob.size, &layout), E_INVALIDARG);
    assert_int_equal(ID3D11Device_CreateInputLayout(device, &element, 1, blob.bytes, blob.size, NULL), S_FALSE);
    blob.bytes[blob.size - 1] ^= 1;
    assert_int_equal(ID3D11Device_CreateInputLayout(device, &element, 1, blob.bytes, blob.size, &layout), E_INVALIDARG);
    length = sizeof(buffer);
    assert_int_equal(ID3D11InfoQueue_GetMessage(queue, ID3D11InfoQueue_GetNumStoredMessages(queue) - 1,
            &buffer.message, &length), S_OK);
    assert_int_equal(buffer.message.ID, D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_UNPARSEABLEINPUTSIGNATURE);
    assert_null(layout);
    ID3D11InfoQueue_Release(queue);
    assert_int_equal(ID3D11Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_shader_rows),
        cmocka_unit_test(test_shader_objects),
        cmocka_unit_test(test_input_layout_rows),
        cmocka_unit_test(test_input_layout_more),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
