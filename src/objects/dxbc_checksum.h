/*
 * The 16-byte checksum of a DXBC container (src/objects/dxbc_checksum.c).
 */
#ifndef MOCKD3D12_DXBC_CHECKSUM_H
#define MOCKD3D12_DXBC_CHECKSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The checksum of a DXBC container of `size` bytes (at least 20): the MD5
 * variant over the bytes from offset 20 on. */
void obj_dxbc_checksum(const void *container, size_t size, uint32_t checksum[4]);

/* Whether the container's own checksum (bytes 4 to 19) is its checksum. The
 * last containers found right (up to 8, of up to 8 KiB each) are kept, so the
 * same bytes again — one shader in many pipelines, one root signature
 * created again — are compared, not hashed. */
bool obj_dxbc_checksum_valid(const void *container, size_t size);

#endif
