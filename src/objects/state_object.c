/*
 * ID3D12StateObject and ID3D12StateObjectProperties (state_object.h). What
 * Windows does, from the D3D12 raytracing specification (DirectX-Specs
 * d3d/Raytracing.md: GetShaderIdentifier, GetShaderStackSize,
 * GetPipelineStackSize, SetPipelineStackSize) and vkd3d-proton's
 * tests/d3d12_raytracing.c run on Windows (one ID3D12StateObjectProperties
 * per state object, the same pointer on every QueryInterface; identifiers
 * shared with the parent and the included collections).
 */
#include <string.h>
#include <wchar.h>

#include "alloc.h"
#include "state_object.h"

static const ID3D12StateObjectVtbl d3d12_state_object_vtbl;
static const ID3D12StateObjectProperties1Vtbl d3d12_state_object_properties_vtbl;
static const ID3D12WorkGraphPropertiesVtbl d3d12_work_graph_properties_vtbl;

MK_OBJECT_HELPERS(struct obj_state_object, ID3D12StateObject, ID3D12StateObject_iface,
        impl_from_ID3D12StateObject, state_object_object)

/* ID3D12StateObjectProperties1 starts with ID3D12StateObjectProperties: one
 * interface pointer, one vtable, answers both. */
MK_OBJECT_HELPERS(struct obj_state_object, ID3D12StateObjectProperties1, ID3D12StateObjectProperties1_iface,
        impl_from_ID3D12StateObjectProperties, properties_object)

MK_OBJECT_HELPERS(struct obj_state_object, ID3D12WorkGraphProperties, ID3D12WorkGraphProperties_iface,
        impl_from_ID3D12WorkGraphProperties, work_graph_properties_object)

/* ---- The object ---- */

static void free_graphs(struct obj_work_graph *graphs, size_t count)
{
    size_t i, j;

    for (i = 0; i < count; ++i)
    {
        for (j = 0; graphs[i].nodes && j < graphs[i].node_count; ++j)
            mk_free((void *)graphs[i].nodes[j].Name);
        mk_free(graphs[i].nodes);
        mk_free(graphs[i].local_root);
        mk_free(graphs[i].entrypoints);
        mk_free(graphs[i].name);
    }
    mk_free(graphs);
}

/* What a state object owns but its references and its private data. */
static void free_contents(struct obj_state_object *object)
{
    size_t i;

    for (i = 0; i < object->own_count; ++i)
        mk_free(object->own[i].name);
    mk_free(object->own);
    mk_free((void *)object->exports);
    mk_free(object->held);
    free_graphs(object->graphs, object->graph_count);
}

static void state_object_destroy(struct mk_object *obj)
{
    struct obj_state_object *object = MK_OBJECT_IMPL(struct obj_state_object, obj, obj);
    size_t i;

    for (i = 0; i < object->held_count; ++i)
        object->held[i]->lpVtbl->Release(object->held[i]);
    free_contents(object);
}

static bool has_work_graphs(const struct mk_object *obj, uint32_t arg)
{
    (void)arg;
    return MK_OBJECT_IMPL(struct obj_state_object, obj, obj)->graph_count != 0;
}

#define STATE_OBJECT_INTERFACE(member, iid) MK_INTERFACE_AT(struct obj_state_object, obj, member, iid)
static const struct mk_interface state_object_interfaces[] =
{
    STATE_OBJECT_INTERFACE(ID3D12StateObject_iface, IID_ID3D12StateObject),
    STATE_OBJECT_INTERFACE(ID3D12StateObjectProperties1_iface, IID_ID3D12StateObjectProperties),
    STATE_OBJECT_INTERFACE(ID3D12StateObjectProperties1_iface, IID_ID3D12StateObjectProperties1),
    MK_INTERFACE_IF(struct obj_state_object, obj, ID3D12WorkGraphProperties_iface, IID_ID3D12WorkGraphProperties, 0),
    OBJ_PAGEABLE_INTERFACES(struct obj_state_object, ID3D12StateObject_iface),
};
#undef STATE_OBJECT_INTERFACE

static const struct mk_object_class state_object_class =
        MK_OBJECT_CLASS(struct obj_state_object, state_object_interfaces,
        .name = "ID3D12StateObject", .kind = OBJ_KIND_STATE_OBJECT, .destroy = state_object_destroy,
        .available = has_work_graphs);

MK_D3D12_CHILD_METHODS(d3d12_state_object, ID3D12StateObject, state_object_object)

static const ID3D12StateObjectVtbl d3d12_state_object_vtbl =
{
    MK_D3D12_CHILD_VTBL(d3d12_state_object),
    /* ID3D12Pageable and ID3D12StateObject have no methods. */
};

/* ---- ID3D12StateObjectProperties ---- */

MK_IUNKNOWN_METHODS(d3d12_state_object_properties, ID3D12StateObjectProperties1, properties_object)

const struct obj_state_export *obj_state_object_find(const struct obj_state_object *object, const WCHAR *name)
{
    size_t i;

    if (!name)
        return NULL;
    for (i = 0; i < object->export_count; ++i)
        if (!wcscmp(object->exports[i]->name, name))
            return object->exports[i];
    return NULL;
}

/* The specification: only ray generation, miss and callable shaders and hit
 * groups have identifiers; the mock cannot tell a library function from a
 * shader (it reads no bitcode), so every export has one. */
static void *STDMETHODCALLTYPE d3d12_state_object_properties_GetShaderIdentifier(ID3D12StateObjectProperties1 *iface,
        const WCHAR *name)
{
    const struct obj_state_export *e = obj_state_object_find(impl_from_ID3D12StateObjectProperties(iface), name);

    return e ? (void *)e->identifier : NULL;
}

/* "group::intersection", "group::anyhit", "group::closesthit" (case
 * sensitive), or a shader's own name; every known shader needs no stack on
 * a null device (0), anything else is 0xffffffff. */
static UINT64 STDMETHODCALLTYPE d3d12_state_object_properties_GetShaderStackSize(ID3D12StateObjectProperties1 *iface,
        const WCHAR *name)
{
    static const struct { const WCHAR *suffix; uint32_t part; } parts[] =
    {
        {L"intersection", OBJ_HIT_INTERSECTION}, {L"anyhit", OBJ_HIT_ANY}, {L"closesthit", OBJ_HIT_CLOSEST},
    };
    struct obj_state_object *object = impl_from_ID3D12StateObjectProperties(iface);
    const struct obj_state_export *e;
    const WCHAR *colon;
    size_t i, j, length;

    if (!name)
        return OBJ_STACK_SIZE_INVALID;
    if ((e = obj_state_object_find(object, name)))
        return e->kind == OBJ_EXPORT_HIT_GROUP ? OBJ_STACK_SIZE_INVALID : 0;
    if (!(colon = wcsstr(name, L"::")))
        return OBJ_STACK_SIZE_INVALID;
    length = (size_t)(colon - name);
    for (i = 0; i < object->export_count; ++i)
    {
        e = object->exports[i];
        if (e->kind != OBJ_EXPORT_HIT_GROUP || wcslen(e->name) != length || wcsncmp(e->name, name, length))
            continue;
        for (j = 0; j < sizeof(parts) / sizeof(parts[0]); ++j)
            if (!wcscmp(colon + 2, parts[j].suffix))
                return e->hit_parts & parts[j].part ? 0 : OBJ_STACK_SIZE_INVALID;
        return OBJ_STACK_SIZE_INVALID;
    }
    return OBJ_STACK_SIZE_INVALID;
}

static UINT64 STDMETHODCALLTYPE d3d12_state_object_properties_GetPipelineStackSize(ID3D12StateObjectProperties1 *iface)
{
    return (UINT64)atomic_load(&impl_from_ID3D12StateObjectProperties(iface)->stack_size);
}

/* Dropped on a collection, and for a size of 0xffffffff or more (the
 * specification: likely a sum of invalid GetShaderStackSize answers). */
static void STDMETHODCALLTYPE d3d12_state_object_properties_SetPipelineStackSize(ID3D12StateObjectProperties1 *iface,
        UINT64 size)
{
    struct obj_state_object *object = impl_from_ID3D12StateObjectProperties(iface);

    if (object->config.type != D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE || size >= OBJ_STACK_SIZE_INVALID)
        return;
    atomic_store(&object->stack_size, size);
}

/* A work graph's identifier (zeroes for one without nodes); zeroes for any
 * other name: the mock has no other programs (generic programs are not
 * modelled). */
static MK_STRUCT_RET(D3D12_PROGRAM_IDENTIFIER) STDMETHODCALLTYPE d3d12_state_object_properties_GetProgramIdentifier(
        ID3D12StateObjectProperties1 *iface MK_STRUCT_RET_PARAM(D3D12_PROGRAM_IDENTIFIER), const WCHAR *name)
{
    const struct obj_state_object *object = impl_from_ID3D12StateObjectProperties(iface);
    D3D12_PROGRAM_IDENTIFIER id;
    size_t i;

    memset(&id, 0, sizeof(id));
    for (i = 0; name && i < object->graph_count; ++i)
        if (!wcscmp(object->graphs[i].name, name))
            id = object->graphs[i].identifier;
    MK_STRUCT_RETURN(id);
}

static const ID3D12StateObjectProperties1Vtbl d3d12_state_object_properties_vtbl =
{
    /* IUnknown methods */
    d3d12_state_object_properties_QueryInterface,
    d3d12_state_object_properties_AddRef,
    d3d12_state_object_properties_Release,
    /* ID3D12StateObjectProperties methods */
    d3d12_state_object_properties_GetShaderIdentifier,
    d3d12_state_object_properties_GetShaderStackSize,
    d3d12_state_object_properties_GetPipelineStackSize,
    d3d12_state_object_properties_SetPipelineStackSize,
    /* ID3D12StateObjectProperties1 methods */
    d3d12_state_object_properties_GetProgramIdentifier,
};

/* ---- ID3D12WorkGraphProperties (the work graphs specification's answers) ---- */

MK_IUNKNOWN_METHODS(d3d12_work_graph_properties, ID3D12WorkGraphProperties, work_graph_properties_object)

static const struct obj_work_graph *graph_at(ID3D12WorkGraphProperties *iface, UINT index)
{
    const struct obj_state_object *object = impl_from_ID3D12WorkGraphProperties(iface);

    return index < object->graph_count ? &object->graphs[index] : NULL;
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetNumWorkGraphs(ID3D12WorkGraphProperties *iface)
{
    return (UINT)impl_from_ID3D12WorkGraphProperties(iface)->graph_count;
}

static const WCHAR *STDMETHODCALLTYPE d3d12_work_graph_properties_GetProgramName(ID3D12WorkGraphProperties *iface,
        UINT index)
{
    const struct obj_work_graph *g = graph_at(iface, index);

    return g ? g->name : NULL;
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetWorkGraphIndex(ID3D12WorkGraphProperties *iface,
        const WCHAR *name)
{
    const struct obj_state_object *object = impl_from_ID3D12WorkGraphProperties(iface);
    size_t i;

    for (i = 0; name && i < object->graph_count; ++i)
        if (!wcscmp(object->graphs[i].name, name))
            return (UINT)i;
    return OBJ_WORK_GRAPH_INVALID;
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetNumNodes(ID3D12WorkGraphProperties *iface, UINT index)
{
    const struct obj_work_graph *g = graph_at(iface, index);

    return g ? (UINT)g->node_count : OBJ_WORK_GRAPH_INVALID;
}

static MK_STRUCT_RET(D3D12_NODE_ID) STDMETHODCALLTYPE d3d12_work_graph_properties_GetNodeID(
        ID3D12WorkGraphProperties *iface MK_STRUCT_RET_PARAM(D3D12_NODE_ID), UINT index, UINT node)
{
    const struct obj_work_graph *g = graph_at(iface, index);
    D3D12_NODE_ID id = {NULL, 0};

    if (g && node < g->node_count)
        id = g->nodes[node];
    MK_STRUCT_RETURN(id);
}

static UINT find_node(const struct obj_work_graph *g, const D3D12_NODE_ID *id)
{
    size_t i;

    for (i = 0; g && id->Name && i < g->node_count; ++i)
        if (g->nodes[i].ArrayIndex == id->ArrayIndex && !wcscmp(g->nodes[i].Name, id->Name))
            return (UINT)i;
    return OBJ_WORK_GRAPH_INVALID;
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetNodeIndex(ID3D12WorkGraphProperties *iface, UINT index,
        D3D12_NODE_ID id)
{
    return find_node(graph_at(iface, index), &id);
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetNodeLocalRootArgumentsTableIndex(
        ID3D12WorkGraphProperties *iface, UINT index, UINT node)
{
    const struct obj_work_graph *g = graph_at(iface, index);

    return g && node < g->node_count ? g->local_root[node] : OBJ_WORK_GRAPH_INVALID;
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetNumEntrypoints(ID3D12WorkGraphProperties *iface,
        UINT index)
{
    const struct obj_work_graph *g = graph_at(iface, index);

    return g ? (UINT)g->entry_count : OBJ_WORK_GRAPH_INVALID;
}

static MK_STRUCT_RET(D3D12_NODE_ID) STDMETHODCALLTYPE d3d12_work_graph_properties_GetEntrypointID(
        ID3D12WorkGraphProperties *iface MK_STRUCT_RET_PARAM(D3D12_NODE_ID), UINT index, UINT entry)
{
    const struct obj_work_graph *g = graph_at(iface, index);
    D3D12_NODE_ID id = {NULL, 0};

    if (g && entry < g->entry_count)
        id = g->nodes[g->entrypoints[entry]];
    MK_STRUCT_RETURN(id);
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetEntrypointIndex(ID3D12WorkGraphProperties *iface,
        UINT index, D3D12_NODE_ID id)
{
    const struct obj_work_graph *g = graph_at(iface, index);
    UINT node = find_node(g, &id);
    size_t i;

    for (i = 0; node != OBJ_WORK_GRAPH_INVALID && i < g->entry_count; ++i)
        if (g->entrypoints[i] == node)
            return (UINT)i;
    return OBJ_WORK_GRAPH_INVALID;
}

/* 0, "empty input", for every entrypoint: the mock reads no DXIL, so it does
 * not know the record struct (docs/objects.md). */
static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetEntrypointRecordSizeInBytes(
        ID3D12WorkGraphProperties *iface, UINT index, UINT entry)
{
    const struct obj_work_graph *g = graph_at(iface, index);

    return g && entry < g->entry_count ? 0 : OBJ_WORK_GRAPH_INVALID;
}

static UINT STDMETHODCALLTYPE d3d12_work_graph_properties_GetEntrypointRecordAlignmentInBytes(
        ID3D12WorkGraphProperties *iface, UINT index, UINT entry)
{
    return d3d12_work_graph_properties_GetEntrypointRecordSizeInBytes(iface, index, entry);
}

/* A deterministic null-device answer (docs/objects.md): nothing for a graph
 * without nodes, else OBJ_WORK_GRAPH_MIN_PER_NODE per node at least and four
 * times that at most, in D3D12_WORK_GRAPHS_BACKING_MEMORY_ALIGNMENT_IN_BYTES
 * steps; zeroes for an invalid index (the specification). */
static void STDMETHODCALLTYPE d3d12_work_graph_properties_GetWorkGraphMemoryRequirements(
        ID3D12WorkGraphProperties *iface, UINT index, D3D12_WORK_GRAPH_MEMORY_REQUIREMENTS *out)
{
    const struct obj_work_graph *g = graph_at(iface, index);

    if (!out)
        return;
    memset(out, 0, sizeof(*out));
    if (!g || !g->node_count)
        return;
    out->MinSizeInBytes = OBJ_WORK_GRAPH_MIN_PER_NODE * (UINT64)g->node_count;
    out->MaxSizeInBytes = 4 * out->MinSizeInBytes;
    out->SizeGranularityInBytes = D3D12_WORK_GRAPHS_BACKING_MEMORY_ALIGNMENT_IN_BYTES;
}

static const ID3D12WorkGraphPropertiesVtbl d3d12_work_graph_properties_vtbl =
{
    /* IUnknown methods */
    d3d12_work_graph_properties_QueryInterface,
    d3d12_work_graph_properties_AddRef,
    d3d12_work_graph_properties_Release,
    /* ID3D12WorkGraphProperties methods */
    d3d12_work_graph_properties_GetNumWorkGraphs,
    d3d12_work_graph_properties_GetProgramName,
    d3d12_work_graph_properties_GetWorkGraphIndex,
    d3d12_work_graph_properties_GetNumNodes,
    d3d12_work_graph_properties_GetNodeID,
    d3d12_work_graph_properties_GetNodeIndex,
    d3d12_work_graph_properties_GetNodeLocalRootArgumentsTableIndex,
    d3d12_work_graph_properties_GetNumEntrypoints,
    d3d12_work_graph_properties_GetEntrypointID,
    d3d12_work_graph_properties_GetEntrypointIndex,
    d3d12_work_graph_properties_GetEntrypointRecordSizeInBytes,
    d3d12_work_graph_properties_GetWorkGraphMemoryRequirements,
    d3d12_work_graph_properties_GetEntrypointRecordAlignmentInBytes,
};

/* ---- Creation ---- */

static uint64_t name_hash(const WCHAR *name, uint64_t seed)
{
    uint64_t h = 0xcbf29ce484222325ull ^ seed;

    for (; *name; ++name)
        h = (h ^ (uint32_t)*name) * 0x100000001b3ull;
    return h;
}

static void put_u64(uint8_t *p, uint64_t v)
{
    unsigned i;

    for (i = 0; i < 8; ++i)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* 32 bytes: the device-wide serial number (unique), then hashes of the name. */
static void make_identifier(uint8_t out[OBJ_SHADER_IDENTIFIER_SIZE], uint64_t serial, const WCHAR *name)
{
    put_u64(out, serial);
    put_u64(out + 8, name_hash(name, 0));
    put_u64(out + 16, name_hash(name, serial));
    put_u64(out + 24, 0x4449524f4b434f4dull ^ serial); /* "MOCKROID" */
}

static WCHAR *copy_name(const WCHAR *name)
{
    size_t size = (wcslen(name) + 1) * sizeof(WCHAR);
    WCHAR *copy = mk_alloc(size);

    if (copy)
        memcpy(copy, name, size);
    return copy;
}

/* 32 bytes: the device-wide serial number (unique, nonzero), a hash of the
 * name, a tag and the two mixed. */
static void make_program_identifier(D3D12_PROGRAM_IDENTIFIER *out, uint64_t serial, const WCHAR *name)
{
    uint64_t h = name_hash(name, 0x5747);

    out->OpaqueData[0] = serial;
    out->OpaqueData[1] = h;
    out->OpaqueData[2] = 0x48504152474b434dull; /* "MCKGRAPH" */
    out->OpaqueData[3] = h ^ (serial * 0x9e3779b97f4a7c15ull);
}

/* The graphs copied into `object` (graph_count set as they are made, for
 * free_contents); false on allocation failure. */
static bool copy_graphs(struct obj_device *owner, struct obj_state_object *object,
        const struct obj_work_graph_spec *graphs, size_t count)
{
    size_t i, j;

    if (!count)
        return true;
    if (!(object->graphs = mk_calloc(count, sizeof(*object->graphs))))
        return false;
    for (i = 0; i < count; ++i)
    {
        const struct obj_work_graph_spec *spec = &graphs[i];
        struct obj_work_graph *g = &object->graphs[i];

        ++object->graph_count;
        if (!(g->name = copy_name(spec->name))
                || (spec->node_count && (!(g->nodes = mk_calloc(spec->node_count, sizeof(*g->nodes)))
                || !(g->local_root = mk_calloc(spec->node_count, sizeof(*g->local_root)))))
                || (spec->entry_count && !(g->entrypoints = mk_calloc(spec->entry_count, sizeof(*g->entrypoints)))))
            return false;
        for (j = 0; j < spec->node_count; ++j)
        {
            if (!(g->nodes[j].Name = copy_name(spec->nodes[j].Name)))
                return false;
            ++g->node_count;
            g->nodes[j].ArrayIndex = spec->nodes[j].ArrayIndex;
            g->local_root[j] = spec->local_root[j];
        }
        if (spec->entry_count)
            memcpy(g->entrypoints, spec->entrypoints, spec->entry_count * sizeof(*g->entrypoints));
        g->entry_count = spec->entry_count;
        if (g->node_count)
            make_program_identifier(&g->identifier, atomic_fetch_add(&owner->serial, 1), spec->name);
    }
    return true;
}

HRESULT obj_state_object_create(struct obj_device *owner, const struct obj_state_object_config *config,
        const struct obj_state_export_spec *own, size_t own_count, const struct obj_state_export *const *inherited,
        size_t inherited_count, ID3D12StateObject *const *held, size_t held_count, uint64_t stack_size,
        const struct obj_work_graph_spec *graphs, size_t graph_count, struct obj_state_object **out)
{
    struct obj_state_object *object;
    size_t i;

    *out = NULL;
    if (!(object = mk_calloc(1, sizeof(*object))))
        return E_OUTOFMEMORY;
    if ((own_count && !(object->own = mk_calloc(own_count, sizeof(*object->own))))
            || (own_count + inherited_count
            && !(object->exports = mk_calloc(own_count + inherited_count, sizeof(*object->exports))))
            || (held_count && !(object->held = mk_calloc(held_count, sizeof(*object->held)))))
        goto fail;
    for (i = 0; i < own_count; ++i)
    {
        if (!(object->own[i].name = copy_name(own[i].name)))
            goto fail;
        ++object->own_count;
        object->own[i].kind = own[i].kind;
        object->own[i].hit_parts = own[i].hit_parts;
        make_identifier(object->own[i].identifier, atomic_fetch_add(&owner->serial, 1), own[i].name);
        object->exports[i] = &object->own[i];
    }
    for (i = 0; i < inherited_count; ++i)
        object->exports[own_count + i] = inherited[i];
    object->export_count = own_count + inherited_count;
    if (!copy_graphs(owner, object, graphs, graph_count))
        goto fail;
    for (i = 0; i < held_count; ++i)
    {
        object->held[i] = held[i];
        held[i]->lpVtbl->AddRef(held[i]);
    }
    object->held_count = held_count;

    /* CONST_VTBL is empty in the WSL stubs: the pointers are not const-qualified. */
    object->ID3D12StateObject_iface.lpVtbl = (ID3D12StateObjectVtbl *)&d3d12_state_object_vtbl;
    object->ID3D12StateObjectProperties1_iface.lpVtbl
            = (ID3D12StateObjectProperties1Vtbl *)&d3d12_state_object_properties_vtbl;
    object->ID3D12WorkGraphProperties_iface.lpVtbl = (ID3D12WorkGraphPropertiesVtbl *)&d3d12_work_graph_properties_vtbl;
    atomic_init(&object->stack_size, stack_size);
    object->config = *config;
    mk_object_init(&object->obj, &state_object_class, (IUnknown *)owner->device, &owner->registry);
    *out = object;
    return S_OK;

fail:
    free_contents(object);
    mk_free(object);
    return E_OUTOFMEMORY;
}

struct obj_state_object *obj_state_object_from_iface(ID3D12StateObject *iface)
{
    if (!iface || iface->lpVtbl != (ID3D12StateObjectVtbl *)&d3d12_state_object_vtbl)
        return NULL;
    return impl_from_ID3D12StateObject(iface);
}
