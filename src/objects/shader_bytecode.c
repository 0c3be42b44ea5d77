/*
 * The DXBC container of shader bytecode, read defensively. The layout is
 * public: "DXBC", a 16-byte checksum (root_signature_codec.h's
 * obj_dxbc_checksum: the MD5 variant over the bytes from offset 20), version
 * 1, the total size, the part count and one absolute offset per part; each
 * part a {tag, size} header and its bytes. DXC may place parts at any byte
 * (DirectXShaderCompiler issue 4236), so nothing assumes alignment.
 *
 * A DXIL part starts with the program header {version: kind << 16 | major << 4
 * | minor, size in DWORDs} and the bitcode header {"DXIL", DXIL version,
 * bitcode offset, bitcode size}; a SHEX/SHDR part with the same version
 * token and its length in DWORDs.
 */
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "dxbc_checksum.h"
#include "root_signature_codec.h"
#include "shader_bytecode.h"

#define DXBC_MAGIC 0x43425844u /* "DXBC" */
#define DXBC_HEADER_SIZE 32u

static HRESULT invalid(char *why, size_t why_size, const char *text)
{
    if (why_size)
        snprintf(why, why_size, "%s", text);
    return E_INVALIDARG;
}

const char *obj_shader_kind_name(uint32_t kind)
{
    static const char names[OBJ_SHADER_KIND_COUNT][16] =
    {
        "pixel", "vertex", "geometry", "hull", "domain", "compute", "library", "ray generation", "intersection",
        "any hit", "closest hit", "miss", "callable", "mesh", "amplification", "node",
    };

    return kind < OBJ_SHADER_KIND_COUNT ? names[kind] : "?";
}

static uint32_t classify_hash(const uint8_t *bytes, size_t total)
{
    unsigned i, ones = 0, twos = 0, zeros = 0;

    if (obj_dxbc_checksum_valid(bytes, total))
        return OBJ_SHADER_HASH_VALID;
    for (i = 0; i < 16; ++i)
    {
        ones += bytes[4 + i] == 1;
        twos += bytes[4 + i] == 2;
        zeros += bytes[4 + i] == 0;
    }
    if (ones == 16)
        return OBJ_SHADER_HASH_BYPASS;
    if (twos == 16)
        return OBJ_SHADER_HASH_PREVIEW;
    if (zeros == 16)
        return OBJ_SHADER_HASH_ZERO;
    return OBJ_SHADER_HASH_WRONG;
}

static HRESULT parse_dxil(const uint8_t *part, size_t size, struct obj_shader_info *info, char *why, size_t why_size)
{
    uint32_t version, dwords, bitcode_offset, bitcode_size;

    if (size < 24)
        return invalid(why, why_size, "the DXIL part is too small for its program header (24 bytes)");
    version = mk_read_u32(part);
    dwords = mk_read_u32(part + 4);
    if ((uint64_t)dwords * 4 > size || dwords < 6)
        return invalid(why, why_size, "the DXIL program header's size does not fit its part");
    if (mk_read_u32(part + 8) != OBJ_DXBC_TAG_DXIL)
        return invalid(why, why_size, "the DXIL part's bitcode header does not start with \"DXIL\"");
    bitcode_offset = mk_read_u32(part + 16);
    bitcode_size = mk_read_u32(part + 20);
    /* The bitcode header starts 8 bytes in; its offset counts from there. */
    if ((uint64_t)bitcode_offset + bitcode_size > (uint64_t)dwords * 4 - 8)
        return invalid(why, why_size, "the DXIL part's bitcode lies outside its program");
    info->kind = version >> 16;
    info->model = version & 0xff;
    if (info->kind >= OBJ_SHADER_KIND_COUNT)
        return invalid(why, why_size, "the DXIL program header names no shader kind");
    if ((version >> 4 & 0xf) != 6)
        return invalid(why, why_size, "the DXIL program's shader model is not 6.x");
    info->dxil = true;
    return S_OK;
}

static HRESULT parse_shex(const uint8_t *part, size_t size, struct obj_shader_info *info, char *why, size_t why_size)
{
    uint32_t version, dwords, major;

    if (size < 8)
        return invalid(why, why_size, "the SHEX/SHDR part is too small for its version token and length (8 bytes)");
    version = mk_read_u32(part);
    dwords = mk_read_u32(part + 4);
    if (dwords < 2 || (uint64_t)dwords * 4 > size)
        return invalid(why, why_size, "the SHEX/SHDR program's length does not fit its part");
    info->kind = version >> 16;
    info->model = version & 0xff;
    major = version >> 4 & 0xf;
    if (info->kind > OBJ_SHADER_COMPUTE)
        return invalid(why, why_size, "the SHEX/SHDR version token names no shader stage");
    if (major < 4 || major > 5 || (version & 0xf) > 1)
        return invalid(why, why_size, "the SHEX/SHDR program's shader model is not 4.0 to 5.1");
    info->dxil = false;
    return S_OK;
}

/* A signature part: {element count, 8}, then the elements, each starting
 * with its name's offset from the part's start; the names follow. */
static HRESULT parse_signature(const uint8_t *part, size_t size, uint32_t element_size, struct obj_shader_info *info,
        char *why, size_t why_size)
{
    uint32_t count, i, name;

    if (size < 8)
        return invalid(why, why_size, "the input signature is too small for its 8-byte header");
    count = mk_read_u32(part);
    if (count > (size - 8) / element_size)
        return invalid(why, why_size, "the input signature's elements do not fit its part");
    for (i = 0; i < count; ++i)
    {
        name = mk_read_u32(part + 8 + (size_t)i * element_size + (element_size == 32 ? 4 : 0));
        if (name >= size || !memchr(part + name, 0, size - name))
            return invalid(why, why_size, "an input signature element's name lies outside its part");
    }
    info->input_signature = part;
    info->input_element_size = element_size;
    info->input_count = count;
    return S_OK;
}

/* ISG1 elements start with their stream; ISGN's with the name. */
void obj_shader_input_element(const struct obj_shader_info *info, uint32_t index, struct obj_signature_element *out)
{
    const uint8_t *e = info->input_signature + 8 + (size_t)index * info->input_element_size
            + (info->input_element_size == 32 ? 4 : 0);

    out->name = (const char *)info->input_signature + mk_read_u32(e);
    out->semantic_index = mk_read_u32(e + 4);
    out->system_value = mk_read_u32(e + 8);
    out->component_type = mk_read_u32(e + 12);
    out->reg = mk_read_u32(e + 16);
    out->mask = e[20];
}

HRESULT obj_shader_parse(const void *data, size_t size, struct obj_shader_info *info, char *why, size_t why_size)
{
    const uint8_t *bytes = data, *program = NULL, *sfi0 = NULL, *signature = NULL;
    size_t program_size = 0, sfi0_size = 0, signature_size = 0;
    uint32_t signature_tag = 0;
    HRESULT hr;
    uint32_t total, count, offset, length, tag, program_tag = 0, i;

    memset(info, 0, sizeof(*info));
    if (why_size)
        why[0] = 0;
    if (!data || size < DXBC_HEADER_SIZE)
        return invalid(why, why_size, "the bytecode is too short for a DXBC container (32 bytes at least)");
    if (mk_read_u32(bytes) != DXBC_MAGIC)
        return invalid(why, why_size, "the bytecode does not start with \"DXBC\"");
    if (mk_read_u32(bytes + 20) != 1)
        return invalid(why, why_size, "the DXBC container's version is not 1");
    total = mk_read_u32(bytes + 24);
    count = mk_read_u32(bytes + 28);
    if (total < DXBC_HEADER_SIZE || total > size || count > (total - DXBC_HEADER_SIZE) / 4)
        return invalid(why, why_size, "the DXBC container's size or part count does not fit the bytecode's length");
    for (i = 0; i < count; ++i)
    {
        offset = mk_read_u32(bytes + DXBC_HEADER_SIZE + 4 * i);
        if (offset < DXBC_HEADER_SIZE + 4 * count || offset > total - 8)
            return invalid(why, why_size, "a part of the DXBC container lies outside it");
        length = mk_read_u32(bytes + offset + 4);
        if (length > total - 8 - offset)
            return invalid(why, why_size, "a part of the DXBC container lies outside it");
        tag = mk_read_u32(bytes + offset);
        /* The first of each kind counts; a DXIL program wins over SHEX/SHDR. */
        if (tag == OBJ_DXBC_TAG_DXIL ? program_tag != OBJ_DXBC_TAG_DXIL
                : (tag == OBJ_DXBC_TAG_SHEX || tag == OBJ_DXBC_TAG_SHDR) && !program)
        {
            program = bytes + offset + 8;
            program_size = length;
            program_tag = tag;
        }
        else if (tag == OBJ_DXBC_TAG_SFI0 && !sfi0)
        {
            sfi0 = bytes + offset + 8;
            sfi0_size = length;
        }
        else if (tag == OBJ_RS_TAG_RTS0 && !info->root_signature)
        {
            info->root_signature = bytes + offset + 8;
            info->root_signature_size = length;
        }
        else if ((tag == OBJ_DXBC_TAG_ISGN || tag == OBJ_DXBC_TAG_ISG1) && !signature)
        {
            signature = bytes + offset + 8;
            signature_size = length;
            signature_tag = tag;
        }
        else if (tag == OBJ_DXBC_TAG_AON9)
            info->level9 = true;
    }
    if (!program)
        return invalid(why, why_size, "the DXBC container has no program part (DXIL, SHEX or SHDR)");
    if (sfi0)
    {
        if (sfi0_size < 8)
            return invalid(why, why_size, "the SFI0 part is smaller than its 8-byte feature mask");
        info->requires = (uint64_t)mk_read_u32(sfi0) | (uint64_t)mk_read_u32(sfi0 + 4) << 32;
    }
    if (signature && FAILED(hr = parse_signature(signature, signature_size,
            signature_tag == OBJ_DXBC_TAG_ISG1 ? 32 : 24, info, why, why_size)))
        return hr;
    info->hash_kind = classify_hash(bytes, total);
    if (program_tag == OBJ_DXBC_TAG_DXIL)
        return parse_dxil(program, program_size, info, why, why_size);
    return parse_shex(program, program_size, info, why, why_size);
}
