/*
 * Shaders and input layouts of the D3D11 null device.
 *
 * ID3D11Device::CreateVertexShader ... CreateComputeShader read the DXBC
 * container (src/objects/shader_bytecode.c, the parser libd3d12's pipelines
 * use, compiled in here) and accept, when its checksum matches its bytes (the
 * runtime refuses changed bytecode), a program of the method's stage whose
 * shader model the device's feature level runs (Wine's test_create_shader:
 * 4_0_level_9_x shaders, with their Aon9 part, everywhere; 4.0 from 10_0,
 * 4.1 from 10_1, 5.0 from 11_0; hull and domain shaders from 11_0; compute
 * shaders 5.0 from 11_0 and 4.x at 10_x when
 * D3D10_X_HARDWARE_OPTIONS answers so). The objects keep nothing of the
 * bytecode: nothing runs.
 *
 * ID3D11Device::CreateInputLayout checks the elements as Windows does (Wine's
 * test_create_input_layout, test_input_layout_alignment): vertex-buffer
 * formats, slots, one input class per slot, per-vertex elements without a
 * step rate, offsets aligned as the D3D11.3 specification's "Element
 * Alignment" says (the format's size rounded up to a power of two, at most
 * 4), unique semantics, and every input of the shader's signature but
 * SV_VertexID and SV_InstanceID (by system value or by name) among them
 * (semantic names compare without case). docs/d3d11.md "Shaders and input layouts".
 */
#include <string.h>

#include "d3d11_private.h"
#include "d3d11_methods.h"
#include "resource.h"
#include "shader_bytecode.h"

/* A shader or an input layout: interfaces with the ID3D11DeviceChild
 * methods only. */
struct d3d11_shader
{
    ID3D11DeviceChild ID3D11DeviceChild_iface;
    struct mk_object obj;               /* its parent: the device */
};

static struct mk_object *shader_object(void *iface)
{
    return &((struct d3d11_shader *)((char *)iface - offsetof(struct d3d11_shader, ID3D11DeviceChild_iface)))->obj;
}

/* One class per interface: IUnknown, ID3D11DeviceChild and its own — no
 * ID3D10*Shader views (Wine's tests accept Windows versions without them) —
 * each with its methods and vtable. */
#define SHADER_INTERFACE(iid) MK_INTERFACE_AT(struct d3d11_shader, obj, ID3D11DeviceChild_iface, iid)
#define SHADER_OBJECT(prefix, type) \
    D3D11_CHILD_METHODS(type, prefix, shader_object) \
    static const type##Vtbl prefix##_vtbl = {D3D11_CHILD_VTBL_ENTRIES(prefix)}; \
    static const struct mk_interface prefix##_interfaces[] = \
    { \
        SHADER_INTERFACE(IID_IUnknown), SHADER_INTERFACE(IID_ID3D11DeviceChild), SHADER_INTERFACE(IID_##type), \
    }; \
    static const struct mk_object_class prefix##_class = MK_OBJECT_CLASS(struct d3d11_shader, prefix##_interfaces, \
            .name = #type, .kind = D3D11_KIND_SHADER, .flags = MK_OBJECT_PARENT_WHILE_PUBLIC, \
            .self_iid = &mk_d3d11_child_iid);
#define STAGE_OBJECT(abbreviation, prefix, name) SHADER_OBJECT(prefix, ID3D11##name##Shader)
D3D11_SHADER_STAGES(STAGE_OBJECT)
SHADER_OBJECT(layout, ID3D11InputLayout)
#undef STAGE_OBJECT
#undef SHADER_OBJECT
#undef SHADER_INTERFACE

/* What each stage's programs must be: the bytecode's kind and the lowest
 * feature level with the stage; its refusals' message. */
static const struct
{
    enum d3d11_message_key message; /* data/d3d11-messages.tsv */
    uint32_t kind;              /* enum obj_shader_kind */
    D3D_FEATURE_LEVEL level;
}
stages[D3D11_STAGE_COUNT] =
{
    [D3D11_STAGE_VS] = {D3D11_MSG_VS_REFUSED, OBJ_SHADER_VERTEX, D3D_FEATURE_LEVEL_9_1},
    [D3D11_STAGE_HS] = {D3D11_MSG_HS_REFUSED, OBJ_SHADER_HULL, D3D_FEATURE_LEVEL_11_0},
    [D3D11_STAGE_DS] = {D3D11_MSG_DS_REFUSED, OBJ_SHADER_DOMAIN, D3D_FEATURE_LEVEL_11_0},
    [D3D11_STAGE_GS] = {D3D11_MSG_GS_REFUSED, OBJ_SHADER_GEOMETRY, D3D_FEATURE_LEVEL_10_0},
    [D3D11_STAGE_PS] = {D3D11_MSG_PS_REFUSED, OBJ_SHADER_PIXEL, D3D_FEATURE_LEVEL_9_1},
    [D3D11_STAGE_CS] = {D3D11_MSG_CS_REFUSED, OBJ_SHADER_COMPUTE, D3D_FEATURE_LEVEL_10_0},
};

/* A new object of one of the interfaces above in *out. */
static HRESULT shader_create(struct d3d11_device *device, const void *vtbl, const struct mk_object_class *cls,
        void **out)
{
    struct d3d11_shader *shader;
    HRESULT hr;

    if (FAILED(hr = d3d11_device_removed(device)))
        return hr;
    if (!(shader = mk_calloc(1, sizeof(*shader))))
        return E_OUTOFMEMORY;
    /* mingw-w64 declares lpVtbl without const; the tables are never written. */
    shader->ID3D11DeviceChild_iface.lpVtbl = (ID3D11DeviceChildVtbl *)vtbl;
    mk_object_init(&shader->obj, cls, (IUnknown *)&device->ID3D11Device5_iface, &device->children);
    *out = &shader->ID3D11DeviceChild_iface;
    return S_OK;
}

/* ---- Shaders ---- */

/* Why the device cannot run this program as the stage, or NULL. */
static const char *shader_refusal(struct d3d11_device *device, enum d3d11_stage stage,
        const struct obj_shader_info *info)
{
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS options = {0};
    D3D_FEATURE_LEVEL level = device->feature_level;
    uint32_t model = info->model;

    if (info->hash_kind != OBJ_SHADER_HASH_VALID)
        return "the container's checksum does not match its bytes (the bytecode was changed after compilation)";
    if (info->dxil)
        return "the bytecode is DXIL (shader model 6), which Direct3D 11 does not run";
    if (info->kind != stages[stage].kind)
        return "the bytecode is a program of another stage";
    if (level < stages[stage].level)
        return "the device's feature level has no such stage";
    if (level < D3D_FEATURE_LEVEL_10_0)
        return info->level9 && model == 0x40 ? NULL : "9_x devices run 4_0_level_9_x shaders only";
    if (model > (level >= D3D_FEATURE_LEVEL_11_0 ? 0x50u : level >= D3D_FEATURE_LEVEL_10_1 ? 0x41u : 0x40u))
        return "the shader model is above the feature level's (4.0 at 10_0, 4.1 at 10_1, 5.0 from 11_0)";
    if (stage == D3D11_STAGE_CS && level < D3D_FEATURE_LEVEL_11_0
            && (FAILED(d3d11_device_CheckFeatureSupport(&device->ID3D11Device5_iface,
                    D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &options, sizeof(options)))
                || !options.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x))
        return "compute shaders at 10_x need ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x";
    return NULL;
}

static HRESULT create_shader(ID3D11Device5 *iface, enum d3d11_stage stage, const void *vtbl,
        const struct mk_object_class *cls, const void *code, SIZE_T size, void **out)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);
    struct obj_shader_info info;
    const char *refusal;
    char why[160];

    if (out)
        *out = NULL;
    if (FAILED(obj_shader_parse(code, size, &info, why, sizeof(why))))
        refusal = why;
    else
        refusal = shader_refusal(device, stage, &info);
    if (refusal)
    {
        d3d11_report(device, stages[stage].message, refusal, d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    return shader_create(device, vtbl, cls, out);
}

/* CreateVertexShader ... CreateComputeShader (class linkage is not modelled). */
#define STAGE_CREATE(abbreviation, prefix, name) \
    HRESULT STDMETHODCALLTYPE d3d11_device_Create##name##Shader(ID3D11Device5 *iface, const void *code, SIZE_T size, \
            ID3D11ClassLinkage *linkage, ID3D11##name##Shader **shader) \
    { \
        (void)linkage; \
        return create_shader(iface, D3D11_STAGE_##abbreviation, &prefix##_vtbl, &prefix##_class, code, size, \
                (void **)shader); \
    }
D3D11_SHADER_STAGES(STAGE_CREATE)
#undef STAGE_CREATE

/* ---- Input layouts ---- */

static bool same_semantic(const char *a, const char *b)
{
    for (; *a && *b; ++a, ++b)
    {
        char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a, y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;

        if (x != y)
            return false;
    }
    return *a == *b;
}

/* D3D_NAME values the input assembler generates: no element feeds them. */
#define MK_D3D_NAME_VERTEX_ID 6u
#define MK_D3D_NAME_INSTANCE_ID 8u

/* The input assembler's slots at the device's level (16 below 11_0), and
 * the most elements a layout has (D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT,
 * which mingw-w64's d3d11.h does not define). */
#define MK_D3D10_IA_SLOTS 16u
#define MK_D3D11_IA_ELEMENTS 32u

/* A refusal: its message (data/d3d11-messages.tsv), the element or input it
 * names, and what is wrong. */
struct layout_refusal
{
    enum d3d11_message_key key;
    UINT index;
    const char *why;
};

static bool refuse(struct layout_refusal *r, enum d3d11_message_key key, UINT index, const char *why)
{
    r->key = key;
    r->index = index;
    r->why = why;
    return false;
}

/* Whether the elements are an input layout of the shader; else *r says why. */
static bool layout_valid(struct d3d11_device *device, const D3D11_INPUT_ELEMENT_DESC *elements, UINT count,
        const struct obj_shader_info *info, struct layout_refusal *r)
{
    UINT slots = device->feature_level >= D3D_FEATURE_LEVEL_11_0 ? D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT
            : MK_D3D10_IA_SLOTS;
    UINT offsets[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {0};
    int classes[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
    struct obj_signature_element input;
    UINT i, j, support, support2, size, align, offset;
    const struct mk_format_layout *format;

    if (count > MK_D3D11_IA_ELEMENTS)
        return refuse(r, D3D11_MSG_LAYOUT_TOO_MANY, count, "more than 32 elements (D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT)");
    for (i = 0; i < slots; ++i)
        classes[i] = -1;
    for (i = 0; i < count; ++i)
    {
        const D3D11_INPUT_ELEMENT_DESC *e = &elements[i];

        if (!e->SemanticName)
            return refuse(r, D3D11_MSG_LAYOUT_ELEMENT, i, "SemanticName is NULL");
        if (e->InputSlot >= slots)
            return refuse(r, D3D11_MSG_LAYOUT_SLOT, i, "InputSlot is past the device's input slots");
        if (e->InputSlotClass != D3D11_INPUT_PER_VERTEX_DATA && e->InputSlotClass != D3D11_INPUT_PER_INSTANCE_DATA)
            return refuse(r, D3D11_MSG_LAYOUT_SLOT_CLASS, i, "InputSlotClass is neither PER_VERTEX_DATA nor PER_INSTANCE_DATA");
        if (e->InputSlotClass == D3D11_INPUT_PER_VERTEX_DATA && e->InstanceDataStepRate)
            return refuse(r, D3D11_MSG_LAYOUT_STEP_RATE, i, "a per-vertex element has an InstanceDataStepRate");
        if (classes[e->InputSlot] >= 0 && classes[e->InputSlot] != (int)e->InputSlotClass)
            return refuse(r, D3D11_MSG_LAYOUT_CLASS_CHANGE, i, "per-vertex and per-instance elements share its input slot");
        classes[e->InputSlot] = (int)e->InputSlotClass;
        format = mk_format_layout(e->Format);
        if (!format || FAILED(d3d11_format_support(device->d3d12, device->feature_level, e->Format, &support,
                &support2)) || !(support & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER))
            return refuse(r, D3D11_MSG_LAYOUT_FORMAT, i, "its format is no vertex-buffer format at the device's level");
        size = format->bits_per_unit / 8;
        for (align = 1; align < size && align < 4; align *= 2)
            ;
        offset = e->AlignedByteOffset == D3D11_APPEND_ALIGNED_ELEMENT
                ? (offsets[e->InputSlot] + align - 1) / align * align : e->AlignedByteOffset;
        if (offset % align)
            return refuse(r, D3D11_MSG_LAYOUT_ALIGNMENT, i,
                    "AlignedByteOffset is not a multiple of the format's size rounded up to a power of two (at most 4)");
        offsets[e->InputSlot] = offset + size;
        for (j = 0; j < i; ++j)
        {
            if (elements[j].SemanticIndex == e->SemanticIndex && same_semantic(elements[j].SemanticName, e->SemanticName))
                return refuse(r, D3D11_MSG_LAYOUT_DUPLICATE, i, "an earlier element has its semantic name and index");
        }
    }
    for (i = 0; i < info->input_count; ++i)
    {
        obj_shader_input_element(info, i, &input);
        /* By value or by name: a pixel shader's SV_InstanceID input has
         * value 0 and needs no element either (test_create_input_layout). */
        if (input.system_value == MK_D3D_NAME_VERTEX_ID || input.system_value == MK_D3D_NAME_INSTANCE_ID
                || same_semantic(input.name, "SV_VertexID") || same_semantic(input.name, "SV_InstanceID"))
            continue;
        for (j = 0; j < count; ++j)
        {
            if (elements[j].SemanticIndex == input.semantic_index && same_semantic(elements[j].SemanticName, input.name))
                break;
        }
        if (j == count)
            return refuse(r, D3D11_MSG_LAYOUT_MISSING, i, input.name);
    }
    return true;
}

HRESULT STDMETHODCALLTYPE d3d11_device_CreateInputLayout(ID3D11Device5 *iface, const D3D11_INPUT_ELEMENT_DESC *elements,
        UINT count, const void *code, SIZE_T size, ID3D11InputLayout **layout)
{
    struct d3d11_device *device = d3d11_device_from_iface(iface);
    struct layout_refusal refusal;
    struct obj_shader_info info;
    char why[160];

    if (layout)
        *layout = NULL;
    if (!elements)
    {
        d3d11_report(device, D3D11_MSG_LAYOUT_NULL_DESC, d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    if (FAILED(obj_shader_parse(code, size, &info, why, sizeof(why))) || info.hash_kind != OBJ_SHADER_HASH_VALID)
    {
        d3d11_report(device, D3D11_MSG_LAYOUT_SIGNATURE,
                info.hash_kind != OBJ_SHADER_HASH_VALID && !why[0] ? "its checksum does not match its bytes" : why,
                d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    if (!layout_valid(device, elements, count, &info, &refusal))
    {
        d3d11_report(device, refusal.key, refusal.index, refusal.why, d3d11_device_adapter_name(device));
        return E_INVALIDARG;
    }
    if (!layout)
        return S_FALSE;
    return shader_create(device, &layout_vtbl, &layout_class, (void **)layout);
}
