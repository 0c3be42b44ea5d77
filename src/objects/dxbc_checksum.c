/*
 * The checksum of a DXBC container (dxbc_checksum.h): MD5 (RFC 1321) over the
 * bytes from offset 20, with DXBC's own padding. Shared by the root
 * signature writer, the shader bytecode parser and libd3d11.
 */
#include <string.h>

#include "bytes.h"
#include "dxbc_checksum.h"

static const uint32_t md5_k[64] =
{
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};
static const uint8_t md5_r[64] =
{
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
};

static void md5_block(uint32_t state[4], const uint8_t block[64])
{
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], f, t, m[16];
    unsigned i, g;

    for (i = 0; i < 16; ++i)
        m[i] = mk_read_u32(block + 4 * i);
    for (i = 0; i < 64; ++i)
    {
        if (i < 16)
        {
            f = (b & c) | (~b & d);
            g = i;
        }
        else if (i < 32)
        {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        }
        else if (i < 48)
        {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        }
        else
        {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        t = d;
        d = c;
        c = b;
        f += a + md5_k[i] + m[g];
        b += (f << md5_r[i]) | (f >> (32 - md5_r[i]));
        a = t;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
}

/* DXBC's padding puts the length in bits first and (length * 2 | 1) last in
 * the final block instead of MD5's 64-bit length at the end. */
void obj_dxbc_checksum(const void *container, size_t size, uint32_t checksum[4])
{
    const uint8_t *data = (const uint8_t *)container + 20;
    size_t length = size - 20, full = length & ~(size_t)63, rest = length - full, i;
    uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    uint8_t block[64];

    for (i = 0; i < full; i += 64)
        md5_block(state, data + i);
    memset(block, 0, sizeof(block));
    if (rest >= 56)
    {
        memcpy(block, data + full, rest);
        block[rest] = 0x80;
        md5_block(state, block);
        memset(block, 0, sizeof(block));
        mk_write_u32(block, (uint32_t)(length * 8));
        mk_write_u32(block + 60, (uint32_t)(length * 2 | 1));
    }
    else
    {
        mk_write_u32(block, (uint32_t)(length * 8));
        memcpy(block + 4, data + full, rest);
        block[4 + rest] = 0x80;
        mk_write_u32(block + 60, (uint32_t)(length * 2 | 1));
    }
    md5_block(state, block);
    memcpy(checksum, state, sizeof(state));
}
