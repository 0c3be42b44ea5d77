/*
 * Shared helpers of the libFuzzer targets: a reader over the fuzzer's bytes
 * (every read past the end gives zeros, so every input is valid) and a
 * failure that libFuzzer records as a crash.
 */
#ifndef MOCKD3D12_FUZZ_COMMON_H
#define MOCKD3D12_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fuzz_input
{
    const uint8_t *data;
    size_t size, pos;
};

static inline uint8_t fuzz_u8(struct fuzz_input *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

static inline uint16_t fuzz_u16(struct fuzz_input *in)
{
    uint16_t lo = fuzz_u8(in);
    return (uint16_t)(lo | (uint16_t)fuzz_u8(in) << 8);
}

static inline uint32_t fuzz_u32(struct fuzz_input *in)
{
    uint32_t lo = fuzz_u16(in);
    return lo | (uint32_t)fuzz_u16(in) << 16;
}

/* Copies up to `size` bytes (zeros past the end). */
static inline void fuzz_bytes(struct fuzz_input *in, void *out, size_t size)
{
    size_t n = in->size - in->pos < size ? in->size - in->pos : size;

    memcpy(out, in->data + in->pos, n);
    memset((unsigned char *)out + n, 0, size - n);
    in->pos += n;
}

static inline size_t fuzz_left(const struct fuzz_input *in)
{
    return in->size - in->pos;
}

/* An invariant broke: print why and abort, which libFuzzer saves as a crash. */
#define FUZZ_CHECK(cond, ...) \
    do { if (!(cond)) { fprintf(stderr, "invariant failed: %s: ", #cond); \
         fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); abort(); } } while (0)

#endif
