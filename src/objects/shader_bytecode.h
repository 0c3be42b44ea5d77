/*
 * Shader bytecode, parsed just enough for pipeline creation: the DXBC
 * container (header, checksum, part table), the program part's shader model
 * and stage (DXIL's program header for 6.x, the SHEX/SHDR version token for
 * 4.x and 5.x), the SFI0 part (the 64-bit D3D_SHADER_REQUIRES_* mask), an
 * embedded RTS0 root signature (its bytes, for root_signature_codec.h), the
 * input signature (ISGN/ISG1, for D3D11's CreateInputLayout) and whether an
 * Aon9 part makes it a 4_0_level_9_x shader.
 *
 * Pure functions, no allocation: every offset and length is checked against
 * the caller's size before it is read (fuzz/fuzz_shader_bytecode.c). Nothing
 * is compiled or validated beyond this.
 */
#ifndef MOCKD3D12_SHADER_BYTECODE_H
#define MOCKD3D12_SHADER_BYTECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "string_pool.h"

#include <mockd3d12/d3d12.h>

/* Part tags (their four characters, little-endian). */
#define OBJ_DXBC_TAG_DXIL 0x4c495844u /* "DXIL": the DXIL program */
#define OBJ_DXBC_TAG_SHEX 0x58454853u /* "SHEX": a shader model 5 program */
#define OBJ_DXBC_TAG_SHDR 0x52444853u /* "SHDR": a shader model 4 program */
#define OBJ_DXBC_TAG_SFI0 0x30494653u /* "SFI0": the shader feature flags */
#define OBJ_DXBC_TAG_ISGN 0x4e475349u /* "ISGN": the input signature (24-byte elements) */
#define OBJ_DXBC_TAG_ISG1 0x31475349u /* "ISG1": the input signature with streams and precision (32 bytes) */
#define OBJ_DXBC_TAG_AON9 0x396e6f41u /* "Aon9": the Direct3D 9 program of a 4_0_level_9_x shader */

/* The program kinds of both formats (DXIL's ShaderKind; SHEX/SHDR's program
 * types are its first six). */
enum obj_shader_kind
{
    OBJ_SHADER_PIXEL = 0,
    OBJ_SHADER_VERTEX,
    OBJ_SHADER_GEOMETRY,
    OBJ_SHADER_HULL,
    OBJ_SHADER_DOMAIN,
    OBJ_SHADER_COMPUTE,
    OBJ_SHADER_LIBRARY,
    OBJ_SHADER_RAY_GENERATION,
    OBJ_SHADER_INTERSECTION,
    OBJ_SHADER_ANY_HIT,
    OBJ_SHADER_CLOSEST_HIT,
    OBJ_SHADER_MISS,
    OBJ_SHADER_CALLABLE,
    OBJ_SHADER_MESH,
    OBJ_SHADER_AMPLIFICATION,
    OBJ_SHADER_NODE,
    OBJ_SHADER_KIND_COUNT
};

/* What the container's hash says (INF-0004 "Reserved Static Hash Values"). */
enum obj_shader_hash
{
    OBJ_SHADER_HASH_VALID = 0, /* the checksum of the bytes */
    OBJ_SHADER_HASH_BYPASS,    /* 16 bytes of 0x01: DXIL that skips the hash check */
    OBJ_SHADER_HASH_PREVIEW,   /* 16 bytes of 0x02: a preview shader model's */
    OBJ_SHADER_HASH_ZERO,      /* zeros: unsigned (dxc -Vd, or no dxil.dll) */
    OBJ_SHADER_HASH_WRONG,     /* anything else */
};

struct obj_shader_info
{
    bool dxil;                  /* a DXIL program (shader model 6), else SHEX/SHDR */
    uint32_t kind;              /* enum obj_shader_kind */
    uint32_t model;             /* D3D_SHADER_MODEL: major << 4 | minor */
    uint32_t hash_kind;         /* enum obj_shader_hash */
    uint64_t requires;          /* the SFI0 mask; 0 without the part */
    const void *root_signature; /* the RTS0 part's bytes within the caller's data, NULL if none */
    size_t root_signature_size;
    bool level9;                /* an Aon9 part: a 4_0_level_9_x shader, which 9_x devices run */
    /* The input signature (ISGN or ISG1) within the caller's data, checked:
     * every element and its NUL-terminated name lie inside it. */
    const uint8_t *input_signature;
    uint32_t input_element_size; /* 24 (ISGN) or 32 (ISG1) */
    uint32_t input_count;
};

/* One element of a signature. `name` points into the caller's data. */
struct obj_signature_element
{
    const char *name;
    uint32_t semantic_index;
    uint32_t system_value;   /* D3D_NAME: 0 none, 1 position, 6 vertex id, 8 instance id, ... */
    uint32_t component_type; /* D3D_REGISTER_COMPONENT_TYPE */
    uint32_t reg;
    uint8_t mask;
};

/* Element `index` (< info->input_count) of a parsed shader's input signature. */
void obj_shader_input_element(const struct obj_shader_info *info, uint32_t index, struct obj_signature_element *out);

/* Parses `size` bytes of shader bytecode. S_OK with `info` filled;
 * E_INVALIDARG with the reason in `why` for anything malformed: no container,
 * a part outside it, no program part, a program header that does not fit or
 * names no kind, an SFI0 part under 8 bytes, an input signature whose
 * elements or names leave it. The hash is reported, not
 * judged (info->hash_kind): the caller applies the runtime's policy. */
HRESULT obj_shader_parse(const void *data, size_t size, struct obj_shader_info *info, char *why, size_t why_size);

/* "vertex", "pixel", ... ("?" past the kinds). */
const char *obj_shader_kind_name(uint32_t kind);

/* One D3D_SHADER_REQUIRES_* bit and what it needs (data/shader-requires.tsv,
 * generated): `field` of `feature`'s struct, not zero (test 1) or at least
 * `minimum` (test 0); NULL `field`: nothing, every D3D12 adapter has it. */
struct obj_shader_requirement
{
    uint64_t bit;
    uint32_t name;    /* in obj_shader_requirement_strings: obj_shader_requirement_name() */
    int32_t field;    /* enum mk_field_id (mk_tables.h), or -1: it needs nothing */
    uint8_t test;     /* 0: field >= minimum; 1: field is not zero */
    uint32_t minimum;
};

extern const struct obj_shader_requirement obj_shader_requirements[];
extern const size_t obj_shader_requirement_count;
extern const char obj_shader_requirement_strings[]; /* string_pool.h */

/* "D3D_SHADER_REQUIRES_DOUBLES", ... */
static inline const char *obj_shader_requirement_name(const struct obj_shader_requirement *q)
{
    return mk_pool_text(obj_shader_requirement_strings, q->name);
}

#endif
