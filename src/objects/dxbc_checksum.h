/*
 * The 16-byte checksum of a DXBC container (src/objects/dxbc_checksum.c).
 */
#ifndef MOCKD3D12_DXBC_CHECKSUM_H
#define MOCKD3D12_DXBC_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/* The checksum of a DXBC container of `size` bytes (at least 20): the MD5
 * variant over the bytes from offset 20 on. */
void obj_dxbc_checksum(const void *container, size_t size, uint32_t checksum[4]);

#endif
