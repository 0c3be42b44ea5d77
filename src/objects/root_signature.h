/*
 * ID3D12RootSignature: a validated root signature (root_signature_codec.h)
 * that later pipeline states and command lists are checked against.
 *
 * Validation against the adapter and the debug messages are the device's
 * (src/device/device_root_signature.c).
 */
#ifndef MOCKD3D12_ROOT_SIGNATURE_H
#define MOCKD3D12_ROOT_SIGNATURE_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"
#include "root_signature_codec.h"

struct obj_root_signature;

struct obj_root_signature
{
    ID3D12RootSignature ID3D12RootSignature_iface;
    struct mk_object obj;   /* internal references: one per pipeline state built on it */
    struct obj_rs *rs;  /* as deserialized, in the object's allocation */
    UINT node_mask;     /* normalised (0 -> 1) */
    void *blob;         /* the bytes it was created from, right after the struct: an equal creation returns this object */
    size_t blob_size;
    struct obj_rs_canonical *_Atomic canonical; /* obj_root_signature_canonical's, made at its first call */
};

/* A root signature as its description serializes (the bytes are after the
 * struct, in its allocation). */
struct obj_rs_canonical
{
    size_t size;
    const void *bytes;
};

/* A root signature is one allocation: the object, a copy of the bytes it
 * was created from, and their parsed description. The parser makes it:
 * obj_rs_parse_* with `head` obj_root_signature_head(size), for `size`
 * bytes; obj_root_signature_discard frees a parse that makes no object. */
size_t obj_root_signature_head(size_t size);
void obj_root_signature_discard(struct obj_rs *rs, size_t size);

/* The root signature created from `blob` (`size` bytes) for `node_mask`:
 * a live one (refcount > 0) of the owner created from the same bytes and
 * mask, with one more reference — Windows returns the same object for the
 * same root signature (vkd3d's test_create_root_signature) — or a new one
 * (refcount 1) holding a reference on owner->device. Takes `rs`, parsed
 * with obj_root_signature_head(size) (freed when not used). */
HRESULT obj_root_signature_create(struct obj_device *owner, struct obj_rs *rs, UINT node_mask,
        const void *blob, size_t size, struct obj_root_signature **out);

/* The root signature serialized from its description — equal for equal
 * descriptions, whatever container or part it was created from: what a
 * pipeline's digest hashes — made at the first call and kept; NULL when out
 * of memory. */
const struct obj_rs_canonical *obj_root_signature_canonical(struct obj_root_signature *root_signature);

/* The mockd3d12 root signature behind `iface`, or NULL for anything else. */
struct obj_root_signature *obj_root_signature_from_iface(ID3D12RootSignature *iface);

/* The type of root parameter `index` (its ParameterType), whatever the
 * version; false when the root signature has no such parameter. With a
 * 32BIT_CONSTANTS parameter, `constants` is its Num32BitValues. */
bool obj_root_signature_parameter(const struct obj_root_signature *root_signature, UINT index,
        D3D12_ROOT_PARAMETER_TYPE *type, UINT *constants);

static inline ID3D12RootSignature *obj_root_signature_iface(struct obj_root_signature *root_signature)
{
    return &root_signature->ID3D12RootSignature_iface;
}

#endif
