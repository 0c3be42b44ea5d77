/*
 * ID3D12PipelineLibrary, ID3D12PipelineLibrary1: named pipeline states, and
 * their serialized form. A library holds, per name, the pipeline's type and
 * digest and (once stored or loaded) the pipeline state itself, which it
 * keeps alive (pipeline_state.h, "Lifetime"). Loading builds the pipeline
 * through obj_device_ops.build_pipeline (the device's validation) and compares its
 * digest with the stored one.
 *
 * The serialized form (mockd3d12's own layout): "MKPL", format 1, the
 * adapter's LUID, the driver version, the entry count; per entry the name's
 * length in WCHARs, the type, the digest, the name (4 bytes per WCHAR).
 */
#ifndef MOCKD3D12_PIPELINE_LIBRARY_H
#define MOCKD3D12_PIPELINE_LIBRARY_H

#include <stdatomic.h>

#include <mockd3d12/d3d12.h>

#include "pipeline_state.h"

struct obj_pipeline_entry
{
    uint32_t name_at;  /* where the name starts in the library's names (NUL-terminated) */
    uint32_t name_length;
    uint32_t type;
    uint8_t digest[OBJ_PIPELINE_DIGEST_SIZE];
    struct obj_pipeline_state *state; /* a library reference, or NULL until loaded */
};

/* A library of up to OBJ_LIBRARY_FIRST_ENTRIES pipelines whose names take
 * OBJ_LIBRARY_FIRST_NAMES WCHARs (NULs included) is one allocation; a larger
 * one moves its entries and names to arrays of their own. */
#define OBJ_LIBRARY_FIRST_ENTRIES 8
#define OBJ_LIBRARY_FIRST_NAMES 256

struct obj_pipeline_library
{
    ID3D12PipelineLibrary1 ID3D12PipelineLibrary1_iface;
    struct mk_object obj;
    mk_mutex lock; /* guards the entries and names */
    struct obj_pipeline_entry *entries;
    size_t count, capacity;
    WCHAR *names;
    size_t names_used, names_capacity;
    struct obj_pipeline_entry first_entries[OBJ_LIBRARY_FIRST_ENTRIES];
    WCHAR first_names[OBJ_LIBRARY_FIRST_NAMES];
};

/* What a serialized library holds before it is a library: S_OK (and
 * *count), E_INVALIDARG (not one: `why` says how),
 * D3D12_ERROR_ADAPTER_NOT_FOUND, D3D12_ERROR_DRIVER_VERSION_MISMATCH. Empty
 * data (size 0) is an empty library. */
HRESULT obj_pipeline_library_check(const struct obj_device *owner, const void *data, size_t size,
        char *why, size_t why_size);

/* A library (refcount 1) holding a device reference, with the entries of
 * `data` (checked by obj_pipeline_library_check). E_OUTOFMEMORY. */
HRESULT obj_pipeline_library_create(struct obj_device *owner, const void *data, size_t size,
        struct obj_pipeline_library **out);

static inline ID3D12PipelineLibrary1 *obj_pipeline_library_iface(struct obj_pipeline_library *library)
{
    return &library->ID3D12PipelineLibrary1_iface;
}

#endif
