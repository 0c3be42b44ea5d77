/*
 * A small DXBC container writer for the tests (the format is public: "DXBC",
 * the checksum, version 1, the size, the part offsets; each part a tag and a
 * size). The tests build their shaders with it — a SHEX/SHDR program of a
 * stage and shader model, or a DXIL program header with a stub bitcode —
 * plus an SFI0 feature mask and an RTS0 root signature; no compiler output
 * is checked in. The checksum is the library's (root_signature_codec.h's
 * obj_dxbc_checksum, itself checked against Windows' blobs by
 * test_root_signature.c), or one of the sentinels.
 */
#ifndef MOCKD3D12_TESTS_DXBC_WRITER_H
#define MOCKD3D12_TESTS_DXBC_WRITER_H

#include <stdint.h>
#include <string.h>

#include "root_signature_codec.h"

#define DXBC_MAX 1024

enum dxbc_hash
{
    DXBC_HASH_VALID = 0,
    DXBC_HASH_BYPASS,  /* 0x01 x 16 */
    DXBC_HASH_PREVIEW, /* 0x02 x 16 */
    DXBC_HASH_ZERO,
    DXBC_HASH_WRONG,
};

struct dxbc_part
{
    uint32_t tag;
    const void *data;
    size_t size;
};

struct shader_blob
{
    uint8_t bytes[DXBC_MAX];
    size_t size;
};

static inline void dxbc_put(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint32_t dxbc_tag(const char *s)
{
    return (uint32_t)(uint8_t)s[0] | (uint32_t)(uint8_t)s[1] << 8 | (uint32_t)(uint8_t)s[2] << 16
            | (uint32_t)(uint8_t)s[3] << 24;
}

/* The container of `count` parts, hashed as `hash` says. */
static inline void dxbc_write(struct shader_blob *out, const struct dxbc_part *parts, unsigned count,
        enum dxbc_hash hash)
{
    size_t at = 32 + 4 * (size_t)count;
    uint32_t checksum[4];
    unsigned i;

    memset(out, 0, sizeof(*out));
    dxbc_put(out->bytes, dxbc_tag("DXBC"));
    dxbc_put(out->bytes + 20, 1);
    dxbc_put(out->bytes + 28, count);
    for (i = 0; i < count; ++i)
    {
        dxbc_put(out->bytes + 32 + 4 * i, (uint32_t)at);
        dxbc_put(out->bytes + at, parts[i].tag);
        dxbc_put(out->bytes + at + 4, (uint32_t)parts[i].size);
        memcpy(out->bytes + at + 8, parts[i].data, parts[i].size);
        at += 8 + ((parts[i].size + 3) & ~(size_t)3);
    }
    dxbc_put(out->bytes + 24, (uint32_t)at);
    out->size = at;
    switch (hash)
    {
        case DXBC_HASH_VALID:
            obj_dxbc_checksum(out->bytes, at, checksum);
            for (i = 0; i < 4; ++i)
                dxbc_put(out->bytes + 4 + 4 * i, checksum[i]);
            break;
        case DXBC_HASH_BYPASS:
            memset(out->bytes + 4, 1, 16);
            break;
        case DXBC_HASH_PREVIEW:
            memset(out->bytes + 4, 2, 16);
            break;
        case DXBC_HASH_ZERO:
            break;
        case DXBC_HASH_WRONG:
            memset(out->bytes + 4, 0x5a, 16);
            break;
    }
}

/* The program kinds (DXIL's ShaderKind; SHEX's first six). */
enum { K_PS = 0, K_VS, K_GS, K_HS, K_DS, K_CS, K_LIB, K_MS = 13, K_AS = 14 };

struct shader_spec
{
    unsigned kind;
    unsigned model;          /* 0x50 = 5.0, 0x65 = 6.5 */
    uint64_t requires;       /* an SFI0 part when not 0 */
    const void *rts0;        /* an RTS0 part when not NULL */
    size_t rts0_size;
    enum dxbc_hash hash;
};

/* A SHEX (5.x), SHDR (4.x) or DXIL (6.x) shader of spec's kind and model. */
static inline void shader_build(struct shader_blob *out, const struct shader_spec *spec)
{
    uint8_t program[32], sfi0[8];
    struct dxbc_part parts[3];
    unsigned count = 0;
    uint32_t version = (uint32_t)spec->kind << 16 | spec->model;

    memset(program, 0, sizeof(program));
    if (spec->model >= 0x60)
    {
        dxbc_put(program, version);
        dxbc_put(program + 4, 7);                 /* program header + bitcode header + 4 bytes */
        dxbc_put(program + 8, dxbc_tag("DXIL"));
        dxbc_put(program + 12, 0x100);            /* DXIL 1.0 */
        dxbc_put(program + 16, 16);               /* the bitcode follows the bitcode header */
        dxbc_put(program + 20, 4);
        memcpy(program + 24, "BC\xc0\xde", 4);
        parts[count++] = (struct dxbc_part){dxbc_tag("DXIL"), program, 28};
    }
    else
    {
        dxbc_put(program, version);
        dxbc_put(program + 4, 3);
        dxbc_put(program + 8, 0x0100003e);        /* ret */
        parts[count++] = (struct dxbc_part){dxbc_tag(spec->model >= 0x50 ? "SHEX" : "SHDR"), program, 12};
    }
    if (spec->requires)
    {
        dxbc_put(sfi0, (uint32_t)spec->requires);
        dxbc_put(sfi0 + 4, (uint32_t)(spec->requires >> 32));
        parts[count++] = (struct dxbc_part){dxbc_tag("SFI0"), sfi0, 8};
    }
    if (spec->rts0)
        parts[count++] = (struct dxbc_part){dxbc_tag("RTS0"), spec->rts0, spec->rts0_size};
    dxbc_write(out, parts, count, spec->hash);
}

static inline D3D12_SHADER_BYTECODE shader_code(const struct shader_blob *blob)
{
    D3D12_SHADER_BYTECODE code = {blob->bytes, blob->size};

    return code;
}

#endif
