/*
 * ID3D12Resource, ID3D12Resource1, ID3D12Resource2: a validated description,
 * its heap's properties, a GPU virtual address (buffers) and, on CPU-visible
 * heaps, the memory that Map, WriteToSubresource and ReadFromSubresource use.
 * Resources on heaps the CPU cannot see hold no memory at all.
 *
 * The device validates, places and charges (src/device/device_resources.c);
 * the resource keeps what it was given.
 */
#ifndef MOCKD3D12_RESOURCE_H
#define MOCKD3D12_RESOURCE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "heap.h"
#include "platform.h"

enum obj_resource_kind
{
    OBJ_RESOURCE_COMMITTED,
    OBJ_RESOURCE_PLACED,
    OBJ_RESOURCE_RESERVED,
};

/* What the device decided about a new resource. */
struct obj_resource_params
{
    enum obj_resource_kind kind;
    D3D12_RESOURCE_DESC1 desc;            /* validated, MipLevels resolved */
    D3D12_HEAP_PROPERTIES heap_properties; /* committed: as given (node masks 0 -> 1); placed: the heap's */
    D3D12_HEAP_FLAGS heap_flags;
    bool cpu_visible;                     /* the CPU can map it */
    struct obj_heap *heap;                /* placed: its heap (retained by the resource) */
    UINT64 heap_offset;
    D3D12_GPU_VIRTUAL_ADDRESS va;         /* buffers; 0 for textures */
    struct obj_memory_charge charge;      /* committed: what it costs */
};

struct obj_resource
{
    ID3D12Resource2 ID3D12Resource2_iface;
    struct mk_object obj;     /* internal references: one per command list command naming it */
    enum obj_resource_kind kind;
    D3D12_RESOURCE_DESC1 desc;
    D3D12_HEAP_PROPERTIES heap_properties;
    D3D12_HEAP_FLAGS heap_flags;
    struct obj_heap *heap;    /* placed resources */
    UINT64 heap_offset;
    D3D12_GPU_VIRTUAL_ADDRESS va;
    struct obj_memory_charge charge;
    UINT subresources;

    /* CPU-visible resources: `memory` holds `memory_size` bytes, the
     * resource's own (after the object, in its one allocation) or (a buffer
     * placed on a CPU-visible heap) its heap's. Its own bytes are zeroed at
     * their first use (obj_resource_memory), not at creation: a process pays
     * for zeroing only the memory it touches, as an OS's fresh pages. */
    unsigned char *memory;
    UINT64 memory_size;
    atomic_uint map_count;
    atomic_bool memory_zeroed;
    mk_spinlock zeroing;
};

/* `memory`, zeroed first if nothing used it yet: what every access to a
 * resource's bytes (Map, Write/ReadFromSubresource, a resolve into it) reads. */
unsigned char *obj_resource_memory_slow(struct obj_resource *resource);
static inline unsigned char *obj_resource_memory(struct obj_resource *resource)
{
    if (atomic_load_explicit(&resource->memory_zeroed, memory_order_acquire))
        return resource->memory;
    return obj_resource_memory_slow(resource);
}

/* A resource (refcount 1) holding a reference on owner->device and, placed,
 * an internal one on its heap. It takes `params->charge` (given back on
 * failure too). E_OUTOFMEMORY. */
HRESULT obj_resource_create(struct obj_device *owner, const struct obj_resource_params *params,
        struct obj_resource **out);

/* The mockd3d12 resource behind `iface`, or NULL for anything else. */
struct obj_resource *obj_resource_from_iface(ID3D12Resource *iface);

/* The name of a D3D12_RESOURCE_DIMENSION without its prefix ("TEXTURE2D"),
 * "?" for none. Inline: resource creation passes it to its format check. */
static inline const char *obj_resource_dimension_name(D3D12_RESOURCE_DIMENSION dimension)
{
    static const char names[][10] = {"UNKNOWN", "BUFFER", "TEXTURE1D", "TEXTURE2D", "TEXTURE3D"};

    return (unsigned)dimension < sizeof(names) / sizeof(names[0]) ? names[dimension] : "?";
}

/* The bytes of a texture's CPU copy for `desc`: its subresources laid out as
 * GetCopyableFootprints lays them out, one after the other. */
UINT64 obj_resource_cpu_size(const D3D12_RESOURCE_DESC1 *desc);

static inline ID3D12Resource *obj_resource_iface(struct obj_resource *resource)
{
    return (ID3D12Resource *)&resource->ID3D12Resource2_iface;
}

#endif
