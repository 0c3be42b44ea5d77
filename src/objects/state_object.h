/*
 * ID3D12StateObject and ID3D12StateObjectProperties: a validated raytracing
 * pipeline or collection, never compiled. What it keeps: its type and flags,
 * the raytracing configs it was made with, and its exports — each shader
 * entry point or hit group it can name, with a 32-byte shader identifier.
 *
 * An export belongs to the state object that defined it. A state object made
 * from others (an EXISTING_COLLECTION, or ID3D12Device7::AddToStateObject's
 * parent) holds a reference on each and points at their exports, so a
 * shader identifier is the same pointer and the same bytes in every state
 * object that has it (vkd3d-proton's tests/d3d12_raytracing.c, run on
 * Windows: the identifiers of a parent are the child's, a collection's are
 * the pipeline's).
 *
 * An executable state object (D3D12_STATE_OBJECT_TYPE_EXECUTABLE) holds work
 * graphs: each a program name, an identifier, its nodes' IDs and its
 * entrypoints, answered by ID3D12WorkGraphProperties. Every state object
 * answers ID3D12StateObjectProperties1 (the work graphs specification: an
 * interface of ID3D12StateObject), on the same pointer as
 * ID3D12StateObjectProperties.
 *
 * The objects room cannot see the device: the description is validated by
 * src/device/device_state_objects.c.
 */
#ifndef MOCKD3D12_STATE_OBJECT_H
#define MOCKD3D12_STATE_OBJECT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"
#include "obj_device.h"

struct obj_state_object;

#define OBJ_SHADER_IDENTIFIER_SIZE 32 /* D3D12_SHADER_IDENTIFIER_SIZE_IN_BYTES */

/* What GetShaderStackSize answers for an unknown name, a hit group's own
 * name or a part it does not have (the raytracing specification). */
#define OBJ_STACK_SIZE_INVALID 0xffffffffull

enum obj_export_kind
{
    OBJ_EXPORT_SHADER = 0,  /* a DXIL library's export (its shader kind is not read: see docs/objects.md) */
    OBJ_EXPORT_HIT_GROUP,
};

/* A hit group's shaders, for "group::intersection", "::anyhit", "::closesthit". */
#define OBJ_HIT_INTERSECTION 0x1u
#define OBJ_HIT_ANY 0x2u
#define OBJ_HIT_CLOSEST 0x4u

struct obj_state_export
{
    WCHAR *name;        /* owned by the state object that defined it */
    uint32_t kind;      /* enum obj_export_kind */
    uint32_t hit_parts; /* OBJ_HIT_*, for a hit group */
    uint8_t identifier[OBJ_SHADER_IDENTIFIER_SIZE];
};

/* A new export of a state object being made: its name is copied. */
struct obj_state_export_spec
{
    const WCHAR *name;
    uint32_t kind;
    uint32_t hit_parts;
};

/* The validated description's global state. */
struct obj_state_object_config
{
    uint32_t type;  /* D3D12_STATE_OBJECT_TYPE */
    uint32_t flags; /* D3D12_STATE_OBJECT_FLAGS */
    bool has_shader_config, has_pipeline_config;
    D3D12_RAYTRACING_SHADER_CONFIG shader_config;
    D3D12_RAYTRACING_PIPELINE_CONFIG1 pipeline_config; /* a CONFIG's with Flags 0 */
};

/* What the work-graph queries answer for an invalid index or an unknown name
 * (the work graphs specification: "Returns -1"). */
#define OBJ_WORK_GRAPH_INVALID 0xffffffffu

/* GetWorkGraphMemoryRequirements' MinSizeInBytes per node (a null-device choice). */
#define OBJ_WORK_GRAPH_MIN_PER_NODE 65536u

/* A work graph being made: names are copied. */
struct obj_work_graph_spec
{
    const WCHAR *name;
    const D3D12_NODE_ID *nodes;      /* node_count; names may repeat across graphs */
    const uint32_t *local_root;      /* node_count: pLocalRootArgumentsTableIndex or OBJ_WORK_GRAPH_INVALID */
    size_t node_count;
    const uint32_t *entrypoints;     /* entry_count node indices */
    size_t entry_count;
};

struct obj_work_graph
{
    WCHAR *name;
    D3D12_PROGRAM_IDENTIFIER identifier; /* zeroes for a graph without nodes (the specification) */
    D3D12_NODE_ID *nodes;                /* names owned */
    uint32_t *local_root;
    size_t node_count;
    uint32_t *entrypoints;
    size_t entry_count;
};

struct obj_state_object
{
    ID3D12StateObject ID3D12StateObject_iface;
    ID3D12StateObjectProperties1 ID3D12StateObjectProperties1_iface; /* also ID3D12StateObjectProperties */
    ID3D12WorkGraphProperties ID3D12WorkGraphProperties_iface;      /* answered when it has work graphs */
    struct mk_object obj;
    struct obj_state_object_config config;
    struct obj_state_export *own;             /* the exports it defined */
    size_t own_count;
    const struct obj_state_export **exports;  /* every export it has: its own, then the held objects' */
    size_t export_count;
    ID3D12StateObject **held;                 /* references: the collections it includes, its parent */
    size_t held_count;
    atomic_ullong stack_size;                 /* SetPipelineStackSize's */
    struct obj_work_graph *graphs;            /* an executable's work graphs */
    size_t graph_count;
};

/* A state object (refcount 1) holding a reference on the device and on each
 * of `held`; `own` are copied, `inherited` (exports of the held objects)
 * pointed at. E_OUTOFMEMORY. */
HRESULT obj_state_object_create(struct obj_device *owner, const struct obj_state_object_config *config,
        const struct obj_state_export_spec *own, size_t own_count, const struct obj_state_export *const *inherited,
        size_t inherited_count, ID3D12StateObject *const *held, size_t held_count, uint64_t stack_size,
        const struct obj_work_graph_spec *graphs, size_t graph_count, struct obj_state_object **out);

/* The mockd3d12 state object behind `iface`, or NULL. */
struct obj_state_object *obj_state_object_from_iface(ID3D12StateObject *iface);

/* Its export named `name`, or NULL. */
const struct obj_state_export *obj_state_object_find(const struct obj_state_object *object, const WCHAR *name);

static inline ID3D12StateObject *obj_state_object_iface(struct obj_state_object *object)
{
    return &object->ID3D12StateObject_iface;
}

#endif
