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
/* The four rounds (RFC 1321, 3.4), one step a line: each adds the round's
 * function of three words, a message word and a constant to the fourth,
 * rotates it by the step's amount and adds the next word. Unrolled, so the
 * word indices, constants and rotations are immediates. */
#define MD5_F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MD5_G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define MD5_H(x, y, z) ((x) ^ (y) ^ (z))
#define MD5_I(x, y, z) ((y) ^ ((x) | ~(z)))
#define MD5_ROTATION(i) ((i) < 16 ? (7 + 5 * ((i) % 4)) : (i) < 32 ? md5_rotations_2[(i) % 4] \
        : (i) < 48 ? md5_rotations_3[(i) % 4] : md5_rotations_4[(i) % 4])
#define MD5_STEP(f, a, b, c, d, g, i) \
    do { \
        (a) += f((b), (c), (d)) + m[g] + md5_k[i]; \
        (a) = ((a) << MD5_ROTATION(i) | (a) >> (32 - MD5_ROTATION(i))) + (b); \
    } while (0)

static const unsigned md5_rotations_2[4] = {5, 9, 14, 20};
static const unsigned md5_rotations_3[4] = {4, 11, 16, 23};
static const unsigned md5_rotations_4[4] = {6, 10, 15, 21};

static void md5_block(uint32_t state[4], const uint8_t block[64])
{
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], m[16];
    unsigned i;

    for (i = 0; i < 16; ++i)
        m[i] = mk_read_u32(block + 4 * i);
    MD5_STEP(MD5_F, a, b, c, d,  0,  0); MD5_STEP(MD5_F, d, a, b, c,  1,  1);
    MD5_STEP(MD5_F, c, d, a, b,  2,  2); MD5_STEP(MD5_F, b, c, d, a,  3,  3);
    MD5_STEP(MD5_F, a, b, c, d,  4,  4); MD5_STEP(MD5_F, d, a, b, c,  5,  5);
    MD5_STEP(MD5_F, c, d, a, b,  6,  6); MD5_STEP(MD5_F, b, c, d, a,  7,  7);
    MD5_STEP(MD5_F, a, b, c, d,  8,  8); MD5_STEP(MD5_F, d, a, b, c,  9,  9);
    MD5_STEP(MD5_F, c, d, a, b, 10, 10); MD5_STEP(MD5_F, b, c, d, a, 11, 11);
    MD5_STEP(MD5_F, a, b, c, d, 12, 12); MD5_STEP(MD5_F, d, a, b, c, 13, 13);
    MD5_STEP(MD5_F, c, d, a, b, 14, 14); MD5_STEP(MD5_F, b, c, d, a, 15, 15);
    MD5_STEP(MD5_G, a, b, c, d,  1, 16); MD5_STEP(MD5_G, d, a, b, c,  6, 17);
    MD5_STEP(MD5_G, c, d, a, b, 11, 18); MD5_STEP(MD5_G, b, c, d, a,  0, 19);
    MD5_STEP(MD5_G, a, b, c, d,  5, 20); MD5_STEP(MD5_G, d, a, b, c, 10, 21);
    MD5_STEP(MD5_G, c, d, a, b, 15, 22); MD5_STEP(MD5_G, b, c, d, a,  4, 23);
    MD5_STEP(MD5_G, a, b, c, d,  9, 24); MD5_STEP(MD5_G, d, a, b, c, 14, 25);
    MD5_STEP(MD5_G, c, d, a, b,  3, 26); MD5_STEP(MD5_G, b, c, d, a,  8, 27);
    MD5_STEP(MD5_G, a, b, c, d, 13, 28); MD5_STEP(MD5_G, d, a, b, c,  2, 29);
    MD5_STEP(MD5_G, c, d, a, b,  7, 30); MD5_STEP(MD5_G, b, c, d, a, 12, 31);
    MD5_STEP(MD5_H, a, b, c, d,  5, 32); MD5_STEP(MD5_H, d, a, b, c,  8, 33);
    MD5_STEP(MD5_H, c, d, a, b, 11, 34); MD5_STEP(MD5_H, b, c, d, a, 14, 35);
    MD5_STEP(MD5_H, a, b, c, d,  1, 36); MD5_STEP(MD5_H, d, a, b, c,  4, 37);
    MD5_STEP(MD5_H, c, d, a, b,  7, 38); MD5_STEP(MD5_H, b, c, d, a, 10, 39);
    MD5_STEP(MD5_H, a, b, c, d, 13, 40); MD5_STEP(MD5_H, d, a, b, c,  0, 41);
    MD5_STEP(MD5_H, c, d, a, b,  3, 42); MD5_STEP(MD5_H, b, c, d, a,  6, 43);
    MD5_STEP(MD5_H, a, b, c, d,  9, 44); MD5_STEP(MD5_H, d, a, b, c, 12, 45);
    MD5_STEP(MD5_H, c, d, a, b, 15, 46); MD5_STEP(MD5_H, b, c, d, a,  2, 47);
    MD5_STEP(MD5_I, a, b, c, d,  0, 48); MD5_STEP(MD5_I, d, a, b, c,  7, 49);
    MD5_STEP(MD5_I, c, d, a, b, 14, 50); MD5_STEP(MD5_I, b, c, d, a,  5, 51);
    MD5_STEP(MD5_I, a, b, c, d, 12, 52); MD5_STEP(MD5_I, d, a, b, c,  3, 53);
    MD5_STEP(MD5_I, c, d, a, b, 10, 54); MD5_STEP(MD5_I, b, c, d, a,  1, 55);
    MD5_STEP(MD5_I, a, b, c, d,  8, 56); MD5_STEP(MD5_I, d, a, b, c, 15, 57);
    MD5_STEP(MD5_I, c, d, a, b,  6, 58); MD5_STEP(MD5_I, b, c, d, a, 13, 59);
    MD5_STEP(MD5_I, a, b, c, d,  4, 60); MD5_STEP(MD5_I, d, a, b, c, 11, 61);
    MD5_STEP(MD5_I, c, d, a, b,  2, 62); MD5_STEP(MD5_I, b, c, d, a,  9, 63);
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

