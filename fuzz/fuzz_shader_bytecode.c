/*
 * libFuzzer target: the shader bytecode parser (src/objects/shader_bytecode.c)
 * and the RTS0 part it finds. The input's first byte chooses how the rest is
 * read: even, as a whole DXBC container (any hash: the parser reports the
 * hash, it does not judge it, so every input reaches the part table); odd,
 * as the bytes of one program part — its tag chosen by the second byte
 * (DXIL, SHEX, SHDR) — wrapped with an SFI0 part from the next 8 bytes in a
 * container with the right checksum, so the program headers' parsers see
 * every input.
 *
 * Invariants besides "no crash, no leak": a parsed shader has a kind and a
 * shader model of its format (DXIL: 6.x; SHEX/SHDR: 4.0 to 5.1, a graphics
 * or compute stage), its root signature part (if any) lies inside the input,
 * and the wrapped inputs' hash is VALID with the SFI0 mask written.
 */
#include "fuzz_common.h"

#include <mockd3d12/d3d12.h>

#include "alloc.h"
#include "root_signature_codec.h"
#include "shader_bytecode.h"

#define MAX_PART 65536

static void check(const uint8_t *data, size_t size, const struct obj_shader_info *info)
{
    struct obj_rs *rs;
    char why[256];

    FUZZ_CHECK(info->kind < OBJ_SHADER_KIND_COUNT, "kind %u", info->kind);
    if (info->dxil)
        FUZZ_CHECK((info->model >> 4) == 6, "a DXIL shader model %#x", info->model);
    else
        FUZZ_CHECK(info->kind <= OBJ_SHADER_COMPUTE && info->model >= 0x40 && info->model <= 0x51,
                "a SHEX/SHDR kind %u model %#x", info->kind, info->model);
    FUZZ_CHECK(info->hash_kind <= OBJ_SHADER_HASH_WRONG, "hash kind %u", info->hash_kind);
    if (info->root_signature)
    {
        const uint8_t *rts0 = info->root_signature;

        FUZZ_CHECK(rts0 >= data && info->root_signature_size <= size && (size_t)(rts0 - data) <= size
                - info->root_signature_size, "the RTS0 part lies outside the input");
        if (SUCCEEDED(obj_rs_parse_part(rts0, info->root_signature_size, 0, &rs, why, sizeof(why))))
            mk_free(rs);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const tags[] = {"DXIL", "SHEX", "SHDR"};
    static uint8_t container[76 + MAX_PART];
    struct obj_shader_info info;
    uint32_t checksum[4], total, length;
    uint64_t mask = 0;
    char why[256];
    size_t part;

    if (!size)
        return 0;
    if (!(data[0] & 1))
    {
        if (SUCCEEDED(obj_shader_parse(data + 1, size - 1, &info, why, sizeof(why))))
            check(data + 1, size - 1, &info);
        return 0;
    }
    if (size < 10)
        return 0;
    memcpy(&mask, data + 2, 8);
    part = size - 10 > MAX_PART ? MAX_PART : size - 10;
    /* Header (32), two offsets, the SFI0 part (8 + 8), the program part. */
    total = (uint32_t)(56 + 8 + part);
    memset(container, 0, 64);
    memcpy(container, "DXBC", 4);
    container[20] = 1;
    memcpy(container + 24, &total, 4);
    container[28] = 2;
    container[32] = 40;
    container[36] = 56;
    memcpy(container + 40, "SFI0", 4);
    container[44] = 8;
    memcpy(container + 48, &mask, 8);
    memcpy(container + 56, tags[data[1] % 3], 4);
    length = (uint32_t)part;
    memcpy(container + 60, &length, 4);
    memcpy(container + 64, data + 10, part);
    obj_dxbc_checksum(container, total, checksum);
    memcpy(container + 4, checksum, sizeof(checksum));
    if (SUCCEEDED(obj_shader_parse(container, total, &info, why, sizeof(why))))
    {
        check(container, total, &info);
        FUZZ_CHECK(info.hash_kind == OBJ_SHADER_HASH_VALID, "a wrapped container's hash is %u", info.hash_kind);
        FUZZ_CHECK(info.requires == mask, "the SFI0 mask reads back as %#llx", (unsigned long long)info.requires);
    }
    return 0;
}
