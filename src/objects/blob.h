/*
 * ID3DBlob (ID3D10Blob): an immutable buffer with a reference count — the
 * serialized root signatures and the error texts D3D12Serialize*RootSignature
 * return.
 */
#ifndef MOCKD3D12_BLOB_H
#define MOCKD3D12_BLOB_H

#include <stddef.h>

#include <mockd3d12/d3d12.h>

/* A blob (refcount 1) owning `data` (`size` bytes from mk_alloc/mk_calloc,
 * freed with the blob, or on failure). E_OUTOFMEMORY. */
HRESULT obj_blob_create_owned(void *data, size_t size, ID3DBlob **out);

/* A blob holding a copy of `text` with its terminating NUL (the size counts
 * it), as D3DCompile's error blobs do. E_OUTOFMEMORY. */
/* A blob made in place: `block` is an allocation (zeroed, mk_alloc's) of
 * obj_blob_head() bytes for the object followed by the `size` bytes of its
 * data, written by the caller; the blob owns it. One allocation per blob. */
size_t obj_blob_head(void);
ID3DBlob *obj_blob_create_at(void *block, size_t size);

HRESULT obj_blob_create_text(const char *text, ID3DBlob **out);

#endif
