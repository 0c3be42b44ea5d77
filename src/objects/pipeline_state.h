/*
 * ID3D12PipelineState: a validated pipeline description, never compiled.
 * What it keeps: its type (graphics or compute), a 16-byte digest of the
 * description (shaders, root signature, every fixed-function state), the
 * root signature it was created with, and what its cached blob needs.
 *
 * The objects room cannot see the device: the description is validated and
 * digested by src/device/device_pipelines.c, which also builds the pipeline
 * states a pipeline library loads through obj_device_ops.build_pipeline.
 *
 * Lifetime (vkd3d-proton's tests/d3d12_pso_blob.c test_pipeline_library,
 * run on Windows): a pipeline library keeps each of its pipeline states
 * alive. Its last public Release releases the device reference but not the
 * object (nor its private data); the library hands the same object out
 * again, AddRef'ing the device (MK_OBJECT_PARENT_WHILE_PUBLIC; the library's
 * references are internal ones).
 */
#ifndef MOCKD3D12_PIPELINE_STATE_H
#define MOCKD3D12_PIPELINE_STATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_pipeline_state;
struct obj_pipeline_library;

enum obj_pipeline_type
{
    OBJ_PIPELINE_GRAPHICS = 0,
    OBJ_PIPELINE_COMPUTE = 1,
};

#define OBJ_PIPELINE_DIGEST_SIZE 16

struct obj_pipeline_state
{
    ID3D12PipelineState ID3D12PipelineState_iface;
    struct mk_object obj;     /* internal references: the libraries that store it */
    uint32_t type;            /* enum obj_pipeline_type */
    uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE];
    ID3D12RootSignature *root_signature; /* an internal reference: its refcount does not count it (vkd3d's
                                         * test_create_compute_pipeline_state) */
};

/* A pipeline state (one public reference) holding a reference on the device
 * and an internal one on `root_signature` (a mockd3d12 root signature, or
 * NULL). E_OUTOFMEMORY. */
HRESULT obj_pipeline_state_create(struct obj_device *owner, uint32_t type,
        const uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE], ID3D12RootSignature *root_signature,
        struct obj_pipeline_state **out);

/* The mockd3d12 pipeline state behind `iface`, or NULL. */
struct obj_pipeline_state *obj_pipeline_state_from_iface(ID3D12PipelineState *iface);

static inline ID3D12PipelineState *obj_pipeline_state_iface(struct obj_pipeline_state *state)
{
    return &state->ID3D12PipelineState_iface;
}

/* ---- Cached blobs (GetCachedBlob, CachedPSO) ---- */

#define OBJ_PIPELINE_BLOB_SIZE 48

/* Is `data` a cached blob of this owner's adapter and driver for a
 * pipeline of `type` with `digest`? S_OK; E_INVALIDARG (not a cached blob:
 * `*desc_mismatch` false; another description: true);
 * D3D12_ERROR_ADAPTER_NOT_FOUND (another adapter's);
 * D3D12_ERROR_DRIVER_VERSION_MISMATCH (another driver's or format's). */
HRESULT obj_pipeline_blob_check(const struct obj_device *owner, const void *data, size_t size, uint32_t type,
        const uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE], bool *desc_mismatch);

/* ---- Digests: a 128-bit hash of a description, fed field by field ---- */

struct obj_digest
{
    uint64_t a, b;
};

void obj_digest_init(struct obj_digest *d);
void obj_digest_bytes(struct obj_digest *d, const void *data, size_t size);

/* One 64-bit word (src/objects/pipeline_state.c says how); inline: a
 * graphics pipeline's description is about 150 of them. */
static inline void obj_digest_word(struct obj_digest *d, uint64_t word)
{
    d->a = (d->a ^ word) * 0x100000001b3ull;
    d->b = (d->b ^ word) * 0x100000001b3ull;
    d->b = d->b << 29 | d->b >> 35;
}

/* A 32-bit field, tagged with its size. */
static inline void obj_digest_u32(struct obj_digest *d, uint32_t value)
{
    obj_digest_word(d, (uint64_t)value | (uint64_t)4 << 32);
}
void obj_digest_final(const struct obj_digest *d, uint8_t out[OBJ_PIPELINE_DIGEST_SIZE]);

/* The first 24 bytes of a cached pipeline blob and of a serialized pipeline
 * library (little-endian 32-bit words): magic, format, the adapter's LUID
 * (low, high) and driver version (low, high). */
#define OBJ_CACHED_HEADER_SIZE 24u
void obj_cached_header_write(uint8_t *p, uint32_t magic, uint32_t format, const struct obj_device *owner);
/* Of at least OBJ_CACHED_HEADER_SIZE bytes: S_OK; E_INVALIDARG for another
 * magic, D3D12_ERROR_ADAPTER_NOT_FOUND for another adapter,
 * D3D12_ERROR_DRIVER_VERSION_MISMATCH for another format or driver. */
HRESULT obj_cached_header_check(const uint8_t *p, uint32_t magic, uint32_t format, const struct obj_device *owner);

#endif
