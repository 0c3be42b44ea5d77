/*
 * The shaders of the PSO rows (objects.c) and of the scale probe
 * (probes/scale.c), built at run time as DXBC containers — the format is
 * public: "DXBC", the checksum (obj_dxbc_checksum, the MD5 variant over the
 * bytes from offset 20), version 1, the total size, the part count and one
 * offset per part; each part a {tag, size} header and its bytes. No compiler
 * output is checked in (tests/unit/dxbc_writer.h does the same for the tests).
 *
 * Shader model 5.0 (a SHEX part, with the empty ISGN and OSGN parts fxc
 * writes): a program vkd3d-shader compiles to SPIR-V — `ret` alone for the
 * vertex and pixel stages, `dcl_thread_group 1, 1, 1` then `ret` for compute.
 * Shader model 6.0 (a DXIL part): the program header, the bitcode header and
 * a stub bitcode, which mockd3d12 reads and vkd3d 1.2 does not.
 */
#ifndef MOCKD3D12_BENCH_SHADERS_H
#define MOCKD3D12_BENCH_SHADERS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bytes.h"
#include "dxbc_checksum.h"

/* Program kinds (SHEX's program types, DXIL's ShaderKind). */
enum bench_shader_kind
{
    BENCH_SHADER_PIXEL = 0,
    BENCH_SHADER_VERTEX = 1,
    BENCH_SHADER_COMPUTE = 5,
};

struct bench_shader
{
    uint8_t bytes[128];
    size_t size;
};

/* A `kind` program of shader model 5.0 (`dxil` false) or 6.0 (true). */
static inline void bench_shader_build(struct bench_shader *out, enum bench_shader_kind kind, int dxil)
{
    static const uint32_t empty_signature[2] = {0, 8}; /* no elements; they would start at 8 */
    uint32_t program[7], tags[3], sizes[3];
    const uint32_t *data[3];
    uint32_t checksum[4], at;
    unsigned count = 0, i, j;

    if (dxil)
    {
        program[0] = (uint32_t)kind << 16 | 0x60;  /* SM 6.0 */
        program[1] = 7;                             /* DWORDs: program header, bitcode header, bitcode */
        program[2] = mk_read_u32("DXIL");
        program[3] = 0x100;                         /* DXIL 1.0 */
        program[4] = 16;                            /* the bitcode, from the bitcode header's start */
        program[5] = 4;
        program[6] = mk_read_u32("BC\xc0\xde");
        tags[count] = mk_read_u32("DXIL"), sizes[count] = 28, data[count++] = program;
    }
    else
    {
        unsigned n = 0;

        program[n++] = (uint32_t)kind << 16 | 0x50; /* SM 5.0 */
        program[n++] = 0;                           /* the length, below */
        if (kind == BENCH_SHADER_COMPUTE)
        {
            program[n++] = 0x0400009b;              /* dcl_thread_group 1, 1, 1 */
            program[n++] = 1;
            program[n++] = 1;
            program[n++] = 1;
        }
        program[n++] = 0x0100003e;                  /* ret */
        program[1] = n;
        tags[count] = mk_read_u32("ISGN"), sizes[count] = 8, data[count++] = empty_signature;
        tags[count] = mk_read_u32("OSGN"), sizes[count] = 8, data[count++] = empty_signature;
        tags[count] = mk_read_u32("SHEX"), sizes[count] = 4 * n, data[count++] = program;
    }
    memset(out, 0, sizeof(*out));
    mk_write_u32(out->bytes, mk_read_u32("DXBC"));
    mk_write_u32(out->bytes + 20, 1);
    mk_write_u32(out->bytes + 28, count);
    at = 32 + 4 * count;
    for (i = 0; i < count; ++i)
    {
        mk_write_u32(out->bytes + 32 + 4 * i, at);
        mk_write_u32(out->bytes + at, tags[i]);
        mk_write_u32(out->bytes + at + 4, sizes[i]);
        for (j = 0; j < sizes[i] / 4; ++j)
            mk_write_u32(out->bytes + at + 8 + 4 * j, data[i][j]);
        at += 8 + sizes[i];
    }
    mk_write_u32(out->bytes + 24, at);
    out->size = at;
    obj_dxbc_checksum(out->bytes, at, checksum);
    for (i = 0; i < 4; ++i)
        mk_write_u32(out->bytes + 4 + 4 * i, checksum[i]);
}

#endif
