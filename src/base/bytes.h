/*
 * Little-endian integers in byte buffers: the DXBC containers, root
 * signature blobs and RDAT parts the object room reads and writes are
 * little-endian whatever the host is, and may be unaligned.
 */
#ifndef MOCKD3D12_BYTES_H
#define MOCKD3D12_BYTES_H

#include <stdint.h>

static inline uint32_t mk_read_u32(const void *at)
{
    const uint8_t *p = at;

    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void mk_write_u32(void *at, uint32_t v)
{
    uint8_t *p = at;

    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#endif
