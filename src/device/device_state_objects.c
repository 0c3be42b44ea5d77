/*
 * State objects, validated, never compiled: ID3D12Device5::CreateStateObject
 * and ID3D12Device7::AddToStateObject read a D3D12_STATE_OBJECT_DESC — every
 * D3D12_STATE_SUBOBJECT_TYPE the installed headers declare — check it
 * against the adapter and make the object (src/objects/state_object.h).
 *
 * The rules are the D3D12 raytracing specification's (DirectX-Specs
 * d3d/Raytracing.md: "State objects", "Subobjects", "AddToStateObject",
 * "Ray recursion limit", D3D12_RAYTRACING_TIER), and what vkd3d-proton's
 * tests/d3d12_raytracing.c records of Windows (AddToStateObject without
 * ALLOW_STATE_OBJECT_ADDITIONS on both sides, or with an addition of type
 * COLLECTION: E_INVALIDARG). Every refusal is E_INVALIDARG with the debug
 * layer's CREATE_STATE_OBJECT_ERROR or ADD_TO_STATE_OBJECT_ERROR, the two
 * ids Windows' layer reports them under. docs/objects.md "State objects"
 * lists every check.
 *
 * Export names (a choice: the mock reads no DXIL bitcode): a DXIL library's
 * exports are its D3D12_EXPORT_DESC names. A library with NumExports 0
 * exports every function it has, which the mock cannot list: names that a
 * hit group or an association of the same description uses and nothing else
 * defines are taken as that library's exports.
 *
 * Work graphs (D3D12_STATE_OBJECT_TYPE_EXECUTABLE with WORK_GRAPH subobjects,
 * DirectX-Specs d3d/WorkGraphs.md "D3D12_WORK_GRAPH_DESC"): the adapter needs
 * D3D12_FEATURE_DATA_D3D12_OPTIONS21::WorkGraphsTier 1_0. Without the
 * shaders' node declarations (no bitcode is read) a library's every export
 * is a node shader, INCLUDE_ALL_AVAILABLE_NODES adds each of them, nothing
 * is known to feed another node: the entrypoints are pEntrypoints and the
 * nodes whose overrides set pProgramEntry, or, when neither names one,
 * every node.
 */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "alloc.h"
#include "caps/caps.h"
#include "debuglayer/debuglayer.h"
#include "device.h"
#include "refusal.h"
#include "device_state_objects.h"
#include "mk_tables.h"
#include "printf_format.h"
#include "root_signature.h"
#include "shader_bytecode.h"
#include "state_object.h"

#define ALL_STATE_OBJECT_FLAGS (D3D12_STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS \
        | D3D12_STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS \
        | D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS)
#define ALL_PIPELINE_FLAGS (D3D12_RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES \
        | D3D12_RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES)
/* Raytracing libraries: shader model 6.3 (the specification's "Shader model 6.3"). */
#define RAYTRACING_SHADER_MODEL 0x63u
/* Work-graph libraries: shader model 6.8 (the work graphs specification's "lib_6_8"). */
#define WORK_GRAPH_SHADER_MODEL 0x68u

static inline struct mk_device *impl_from_ID3D12Device17(ID3D12Device17 *iface)
{
    return (struct mk_device *)((char *)iface - offsetof(struct mk_device, ID3D12Device17_iface));
}

/* A name in a message: its characters below 128, '?' for the others. */
static const char *narrow(const WCHAR *name, char *out, size_t size)
{
    size_t i;

    if (!name)
        return "(NULL)";
    for (i = 0; i + 1 < size && name[i]; ++i)
        out[i] = name[i] > 0 && name[i] < 128 ? (char)name[i] : '?';
    out[i] = 0;
    return out;
}

/* ---- The description being read ---- */

struct build
{
    struct obj_state_object_config config;
    struct obj_state_export_spec *own;
    size_t own_count, own_cap;
    const struct obj_state_export **inherited;
    size_t inherited_count, inherited_cap;
    ID3D12StateObject **held;
    size_t held_count, held_cap;
    bool open_library;       /* a DXIL library with NumExports 0 */
    struct graph_build *graphs; /* WORK_GRAPH subobjects, validated */
    size_t graph_count, graph_cap;
    const D3D12_RAYTRACING_SHADER_CONFIG *shader_config; /* the first unassociated one */
};

/* One work graph being read: its lists, then what obj_state_object_create copies. */
struct graph_build
{
    D3D12_NODE_ID *nodes;
    uint32_t *local_root;
    uint32_t *entries;
    bool *entry;
    struct obj_work_graph_spec spec;
};

static void build_free(struct build *b)
{
    size_t i;

    for (i = 0; i < b->graph_count; ++i)
    {
        mk_free(b->graphs[i].nodes);
        mk_free(b->graphs[i].local_root);
        mk_free(b->graphs[i].entries);
        mk_free(b->graphs[i].entry);
    }
    mk_free(b->graphs);
    mk_free(b->own);
    mk_free((void *)b->inherited);
    mk_free(b->held);
}

static bool defined(const struct build *b, const WCHAR *name)
{
    size_t i;

    for (i = 0; i < b->own_count; ++i)
        if (!wcscmp(b->own[i].name, name))
            return true;
    for (i = 0; i < b->inherited_count; ++i)
        if (!wcscmp(b->inherited[i]->name, name))
            return true;
    return false;
}

static const char *type_name(uint32_t type)
{
    static const char names[][40] =
    {
        "STATE_OBJECT_CONFIG", "GLOBAL_ROOT_SIGNATURE", "LOCAL_ROOT_SIGNATURE", "NODE_MASK", "", "DXIL_LIBRARY",
        "EXISTING_COLLECTION", "SUBOBJECT_TO_EXPORTS_ASSOCIATION", "DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION",
        "RAYTRACING_SHADER_CONFIG", "RAYTRACING_PIPELINE_CONFIG", "HIT_GROUP", "RAYTRACING_PIPELINE_CONFIG1",
        "WORK_GRAPH",
    };

    return type < sizeof(names) / sizeof(names[0]) && names[type][0] ? names[type] : NULL;
}

/* A new export: a name nothing else of the state object defines. */
static bool add_own(struct build *b, const WCHAR *name, uint32_t kind, uint32_t hit_parts, const char *what,
        struct mk_refusal *r)
{
    char text[128];

    if (!name || !*name)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has no name", what);
    if (defined(b, name))
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "the export \"%s\" (%s) is defined twice", narrow(name, text,
                sizeof(text)), what);
    b->own[b->own_count++] = (struct obj_state_export_spec){name, kind, hit_parts};
    return true;
}

/* A name an import or an association uses: defined, or taken as an open
 * library's export. */
static bool resolve(struct build *b, const WCHAR *name, const char *what, struct mk_refusal *r)
{
    char text[128];

    if (!name || !*name)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s names no export", what);
    if (defined(b, name))
        return true;
    if (b->open_library)
    {
        b->own[b->own_count++] = (struct obj_state_export_spec){name, OBJ_EXPORT_SHADER, 0};
        return true;
    }
    return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
            "%s names \"%s\", which no DXIL library or collection of the state object exports", what,
            narrow(name, text, sizeof(text)));
}

static bool hash_ok(const struct obj_shader_info *info, struct mk_refusal *r, unsigned index)
{
    switch (info->hash_kind)
    {
        case OBJ_SHADER_HASH_VALID:
        case OBJ_SHADER_HASH_BYPASS:
            return true;
        case OBJ_SHADER_HASH_ZERO:
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u's DXIL library is unsigned (a zero hash: validation was skipped)", index);
        case OBJ_SHADER_HASH_PREVIEW:
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u's DXIL library carries the PREVIEW hash, which needs "
                    "D3D12ExperimentalShaderModels (not modelled)", index);
        default:
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u's DXIL library's checksum is wrong", index);
    }
}

static bool check_library(struct mk_device *device, struct build *b, const D3D12_DXIL_LIBRARY_DESC *lib,
        unsigned index, struct mk_refusal *r)
{
    struct obj_shader_info info;
    char why[256], what[160];
    UINT i;

    if (!lib->DXILLibrary.pShaderBytecode || !lib->DXILLibrary.BytecodeLength)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (DXIL_LIBRARY) has no bytecode", index);
    if (FAILED(obj_shader_parse(lib->DXILLibrary.pShaderBytecode, lib->DXILLibrary.BytecodeLength, &info, why,
            sizeof(why))))
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (DXIL_LIBRARY) is not shader bytecode: %s", index,
                why);
    if (!hash_ok(&info, r, index))
        return false;
    if (!info.dxil || info.kind != OBJ_SHADER_LIBRARY)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (DXIL_LIBRARY) holds a %s shader, not a DXIL library", index,
                obj_shader_kind_name(info.kind));
    if (b->config.type == D3D12_STATE_OBJECT_TYPE_EXECUTABLE && info.model < WORK_GRAPH_SHADER_MODEL)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u's DXIL library is shader model %u.%u; work-graph libraries need 6.8", index,
                (unsigned)(info.model >> 4), (unsigned)(info.model & 0xf));
    if (info.model < RAYTRACING_SHADER_MODEL)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u's DXIL library is shader model %u.%u; raytracing libraries need 6.3", index,
                (unsigned)(info.model >> 4), (unsigned)(info.model & 0xf));
    snprintf(what, sizeof(what), "subobject %u's DXIL library (shader model %u.%u)", index,
            (unsigned)(info.model >> 4), (unsigned)(info.model & 0xf));
    if (!mk_require(device, MK_AT_LEAST(SHADER_MODEL, HighestShaderModel, info.model), what, D3D12_MESSAGE_ID_UNKNOWN,
            r))
        return false;
    snprintf(what, sizeof(what), "subobject %u's DXIL library", index);
    if (!mk_require_shader_features(device, info.requires, what, D3D12_MESSAGE_ID_UNKNOWN, r))
        return false;
    if (lib->NumExports && !lib->pExports)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (DXIL_LIBRARY) has NumExports %u and a NULL pExports", index,
                (unsigned)lib->NumExports);
    if (!lib->NumExports)
        b->open_library = true;
    for (i = 0; i < lib->NumExports; ++i)
    {
        snprintf(what, sizeof(what), "export %u of subobject %u (DXIL_LIBRARY)", (unsigned)i, index);
        if (lib->pExports[i].Flags)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has Flags %#x; D3D12_EXPORT_FLAGS has none", what,
                    (unsigned)lib->pExports[i].Flags);
        if (!add_own(b, lib->pExports[i].Name, OBJ_EXPORT_SHADER, 0, what, r))
            return false;
    }
    return true;
}

static bool check_collection(struct build *b, const D3D12_EXISTING_COLLECTION_DESC *c, unsigned index,
        struct mk_refusal *r)
{
    struct obj_state_object *collection = obj_state_object_from_iface(c->pExistingCollection);
    const struct obj_state_export *e;
    char text[128];
    size_t i;

    if (!collection)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (EXISTING_COLLECTION) is no state object of this runtime", index);
    if (collection->config.type != D3D12_STATE_OBJECT_TYPE_COLLECTION)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (EXISTING_COLLECTION) is a raytracing pipeline, not a collection", index);
    if (b->config.type == D3D12_STATE_OBJECT_TYPE_COLLECTION)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u: a collection cannot include another collection",
                index);
    if ((b->config.flags & D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS)
            && !(collection->config.flags & D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS))
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u: a collection without D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS "
                "can only be included by a state object without it", index);
    if (c->NumExports && !c->pExports)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (EXISTING_COLLECTION) has NumExports %u and a NULL pExports", index,
                (unsigned)c->NumExports);
    b->held[b->held_count++] = c->pExistingCollection;
    for (i = 0; i < (c->NumExports ? c->NumExports : collection->export_count); ++i)
    {
        const WCHAR *name = c->NumExports ? c->pExports[i].Name : collection->exports[i]->name;

        if (!(e = obj_state_object_find(collection, name)))
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u (EXISTING_COLLECTION) names \"%s\", which the collection does not export",
                    index, narrow(name, text, sizeof(text)));
        if (c->NumExports && c->pExports[i].ExportToRename)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u (EXISTING_COLLECTION) renames \"%s\" (renaming a collection's exports is "
                    "not modelled)", index, narrow(name, text, sizeof(text)));
        if (defined(b, name))
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "the export \"%s\" (of subobject %u, EXISTING_COLLECTION) is defined twice",
                    narrow(name, text, sizeof(text)), index);
        b->inherited[b->inherited_count++] = e;
    }
    if (collection->config.has_shader_config && !b->config.has_shader_config)
    {
        b->config.has_shader_config = true;
        b->config.shader_config = collection->config.shader_config;
    }
    if (collection->config.has_pipeline_config && !b->config.has_pipeline_config)
    {
        b->config.has_pipeline_config = true;
        b->config.pipeline_config = collection->config.pipeline_config;
    }
    return true;
}

static bool check_hit_group(struct build *b, const D3D12_HIT_GROUP_DESC *g, unsigned index, struct mk_refusal *r)
{
    uint32_t parts = 0;
    char what[96];

    snprintf(what, sizeof(what), "subobject %u (HIT_GROUP)", index);
    if (g->Type != D3D12_HIT_GROUP_TYPE_TRIANGLES && g->Type != D3D12_HIT_GROUP_TYPE_PROCEDURAL_PRIMITIVE)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has Type %u, no D3D12_HIT_GROUP_TYPE", what,
                (unsigned)g->Type);
    if (g->Type == D3D12_HIT_GROUP_TYPE_TRIANGLES && g->IntersectionShaderImport)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s is of type TRIANGLES and has an intersection shader", what);
    if (g->Type == D3D12_HIT_GROUP_TYPE_PROCEDURAL_PRIMITIVE && !g->IntersectionShaderImport)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "%s is of type PROCEDURAL_PRIMITIVE and has no intersection shader", what);
    if (!add_own(b, g->HitGroupExport, OBJ_EXPORT_HIT_GROUP, 0, what, r))
        return false;
    if (g->IntersectionShaderImport && (parts |= OBJ_HIT_INTERSECTION, !resolve(b, g->IntersectionShaderImport,
            "its IntersectionShaderImport", r)))
        return false;
    if (g->AnyHitShaderImport && (parts |= OBJ_HIT_ANY, !resolve(b, g->AnyHitShaderImport, "its AnyHitShaderImport",
            r)))
        return false;
    if (g->ClosestHitShaderImport && (parts |= OBJ_HIT_CLOSEST, !resolve(b, g->ClosestHitShaderImport,
            "its ClosestHitShaderImport", r)))
        return false;
    /* The hit group's slot: found again, resolve() may have added exports after it. */
    for (size_t i = 0; i < b->own_count; ++i)
        if (b->own[i].kind == OBJ_EXPORT_HIT_GROUP && !wcscmp(b->own[i].name, g->HitGroupExport))
            b->own[i].hit_parts = parts;
    if (!parts)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has no shader", what);
    return true;
}

static bool check_root_signature(ID3D12RootSignature *iface, bool local, unsigned index, struct mk_refusal *r)
{
    const struct obj_root_signature *rs = obj_root_signature_from_iface(iface);
    const D3D12_VERSIONED_ROOT_SIGNATURE_DESC *desc;
    UINT flags;

    if (!rs)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (%s_ROOT_SIGNATURE) is no root signature of this runtime", index,
                local ? "LOCAL" : "GLOBAL");
    desc = &rs->rs->desc;
    flags = desc->Version == D3D_ROOT_SIGNATURE_VERSION_1_0 ? (UINT)desc->Desc_1_0.Flags
            : (UINT)desc->Desc_1_1.Flags;
    if (local && !(flags & D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE))
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (LOCAL_ROOT_SIGNATURE) is a root signature without "
                "D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE", index);
    if (!local && (flags & D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE))
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (GLOBAL_ROOT_SIGNATURE) is a local root signature "
                "(D3D12_ROOT_SIGNATURE_FLAG_LOCAL_ROOT_SIGNATURE)", index);
    return true;
}

static bool check_pipeline_config(struct mk_device *device, struct build *b, UINT depth, UINT flags, bool config1,
        unsigned index, struct mk_refusal *r)
{
    char what[96];

    snprintf(what, sizeof(what), "subobject %u (RAYTRACING_PIPELINE_CONFIG%s)", index, config1 ? "1" : "");
    if (depth > D3D12_RAYTRACING_MAX_DECLARABLE_TRACE_RECURSION_DEPTH)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "%s has MaxTraceRecursionDepth %u, past D3D12_RAYTRACING_MAX_DECLARABLE_TRACE_RECURSION_DEPTH "
                "(%u)", what, (unsigned)depth, (unsigned)D3D12_RAYTRACING_MAX_DECLARABLE_TRACE_RECURSION_DEPTH);
    if (flags & ~(UINT)ALL_PIPELINE_FLAGS)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has Flags %#x, past D3D12_RAYTRACING_PIPELINE_FLAGS", what,
                (unsigned)flags);
    if (config1 && !mk_require(device, MK_AT_LEAST(D3D12_OPTIONS5, RaytracingTier, D3D12_RAYTRACING_TIER_1_1),
            "RAYTRACING_PIPELINE_CONFIG1 (pipeline flags)", D3D12_MESSAGE_ID_UNKNOWN, r))
        return false;
    if (b->config.has_pipeline_config && (b->config.pipeline_config.MaxTraceRecursionDepth != depth
            || (UINT)b->config.pipeline_config.Flags != flags))
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "%s differs from another pipeline config of the state object (MaxTraceRecursionDepth %u, "
                "Flags %#x): a raytracing pipeline has one", what,
                (unsigned)b->config.pipeline_config.MaxTraceRecursionDepth,
                (unsigned)b->config.pipeline_config.Flags);
    b->config.has_pipeline_config = true;
    b->config.pipeline_config.MaxTraceRecursionDepth = depth;
    b->config.pipeline_config.Flags = (D3D12_RAYTRACING_PIPELINE_FLAGS)flags;
    return true;
}

static bool check_association(struct build *b, UINT count, const WCHAR *const *exports, unsigned index,
        const char *kind, struct mk_refusal *r)
{
    char what[128];
    UINT i;

    if (count && !exports)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (%s) has NumExports %u and a NULL pExports", index,
                kind, (unsigned)count);
    for (i = 0; i < count; ++i)
    {
        snprintf(what, sizeof(what), "export %u of subobject %u (%s)", (unsigned)i, index, kind);
        /* A collection may associate to what its including state object defines. */
        if (b->config.type == D3D12_STATE_OBJECT_TYPE_COLLECTION
                && (b->config.flags & D3D12_STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS)
                && exports[i] && *exports[i] && !defined(b, exports[i]))
            continue;
        if (!resolve(b, exports[i], what, r))
            return false;
    }
    return true;
}

/* ---- Work graphs ---- */

/* Is `name` a shader export the state object has (its libraries' or its
 * collections'), or may an open library have it? */
static bool node_shader(const struct build *b, const WCHAR *name)
{
    size_t i;

    for (i = 0; i < b->own_count; ++i)
        if (!wcscmp(b->own[i].name, name))
            return b->own[i].kind == OBJ_EXPORT_SHADER;
    for (i = 0; i < b->inherited_count; ++i)
        if (!wcscmp(b->inherited[i]->name, name))
            return b->inherited[i]->kind == OBJ_EXPORT_SHADER;
    return b->open_library;
}

static size_t graph_find(const struct graph_build *g, const D3D12_NODE_ID *id)
{
    size_t i;

    for (i = 0; i < g->spec.node_count; ++i)
        if (g->nodes[i].ArrayIndex == id->ArrayIndex && !wcscmp(g->nodes[i].Name, id->Name))
            return i;
    return SIZE_MAX;
}

static bool listed_entry(const struct graph_build *g, size_t node)
{
    size_t j;

    for (j = 0; j < g->spec.entry_count; ++j)
        if (g->entries[j] == node)
            return true;
    return false;
}

static size_t graph_add(struct graph_build *g, D3D12_NODE_ID id, uint32_t local_root)
{
    size_t n = g->spec.node_count++;

    g->nodes[n] = id;
    g->local_root[n] = local_root;
    return n;
}

/* An explicitly defined node's overrides: what every launch type has. */
static bool node_overrides(const D3D12_SHADER_NODE *node, const UINT **local_root, const BOOL **program_entry,
        const D3D12_NODE_ID **new_name, const char *what, struct mk_refusal *r)
{
    *local_root = NULL;
    *program_entry = NULL;
    *new_name = NULL;
#define MK_OVERRIDES(p) do { if (!(p)) return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, \
        "%s has OverridesType %u and no overrides", what, (unsigned)node->OverridesType); \
        *local_root = (p)->pLocalRootArgumentsTableIndex; *program_entry = (p)->pProgramEntry; \
        *new_name = (p)->pNewName; } while (0)
    switch (node->OverridesType)
    {
        case D3D12_NODE_OVERRIDES_TYPE_NONE:
            break;
        case D3D12_NODE_OVERRIDES_TYPE_BROADCASTING_LAUNCH:
            MK_OVERRIDES(node->pBroadcastingLaunchOverrides);
            break;
        case D3D12_NODE_OVERRIDES_TYPE_COALESCING_LAUNCH:
            MK_OVERRIDES(node->pCoalescingLaunchOverrides);
            break;
        case D3D12_NODE_OVERRIDES_TYPE_THREAD_LAUNCH:
            MK_OVERRIDES(node->pThreadLaunchOverrides);
            break;
        case D3D12_NODE_OVERRIDES_TYPE_COMMON_COMPUTE:
            MK_OVERRIDES(node->pCommonComputeNodeOverrides);
            break;
        default:
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has OverridesType %u, no D3D12_NODE_OVERRIDES_TYPE", what,
                    (unsigned)node->OverridesType);
    }
#undef MK_OVERRIDES
    if (*new_name && !(*new_name)->Name)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s renames its node to a NULL name", what);
    return true;
}

static bool check_work_graph(struct build *b, const D3D12_WORK_GRAPH_DESC *wg, unsigned index, struct mk_refusal *r)
{
    struct graph_build *g;
    char what[160], text[128];
    size_t cap, i, n;

    if (b->config.type != D3D12_STATE_OBJECT_TYPE_EXECUTABLE)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (WORK_GRAPH) is in a state object of Type %u; work graphs need "
                "D3D12_STATE_OBJECT_TYPE_EXECUTABLE (4)", index, (unsigned)b->config.type);
    if (!wg->ProgramName || !*wg->ProgramName)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (WORK_GRAPH) has no ProgramName", index);
    for (i = 0; i < b->graph_count; ++i)
        if (!wcscmp(b->graphs[i].spec.name, wg->ProgramName))
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u (WORK_GRAPH): the program \"%s\" is defined twice", index,
                    narrow(wg->ProgramName, text, sizeof(text)));
    if ((UINT)wg->Flags & ~(UINT)D3D12_WORK_GRAPH_FLAG_INCLUDE_ALL_AVAILABLE_NODES)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (WORK_GRAPH) has Flags %#x, past D3D12_WORK_GRAPH_FLAGS", index,
                (unsigned)wg->Flags);
    if (wg->NumEntrypoints && !wg->pEntrypoints)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (WORK_GRAPH) has NumEntrypoints %u and a NULL pEntrypoints", index,
                (unsigned)wg->NumEntrypoints);
    if (wg->NumExplicitlyDefinedNodes && !wg->pExplicitlyDefinedNodes)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "subobject %u (WORK_GRAPH) has NumExplicitlyDefinedNodes %u and a NULL "
                "pExplicitlyDefinedNodes", index, (unsigned)wg->NumExplicitlyDefinedNodes);

    g = &b->graphs[b->graph_count++];
    cap = (size_t)wg->NumExplicitlyDefinedNodes + wg->NumEntrypoints
            + (wg->Flags & D3D12_WORK_GRAPH_FLAG_INCLUDE_ALL_AVAILABLE_NODES ? b->own_count + b->inherited_count : 0);
    g->spec.name = wg->ProgramName;
    if (cap && (!(g->nodes = mk_calloc(cap, sizeof(*g->nodes))) || !(g->local_root = mk_calloc(cap,
            sizeof(*g->local_root))) || !(g->entries = mk_calloc(cap, sizeof(*g->entries)))
            || !(g->entry = mk_calloc(cap, sizeof(*g->entry)))))
    {
        return mk_refuse_out_of_memory(r);
    }

    /* The explicitly defined nodes first, then pEntrypoints', then every export (the specification's order). */
    for (i = 0; i < wg->NumExplicitlyDefinedNodes; ++i)
    {
        const D3D12_NODE *node = &wg->pExplicitlyDefinedNodes[i];
        const D3D12_NODE_ID *new_name;
        const BOOL *program_entry;
        const UINT *local_root;
        D3D12_NODE_ID id;

        snprintf(what, sizeof(what), "node %u of subobject %u (WORK_GRAPH)", (unsigned)i, index);
        if (node->NodeType != D3D12_NODE_TYPE_SHADER)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has NodeType %u; D3D12_NODE_TYPE has SHADER (0)", what,
                    (unsigned)node->NodeType);
        if (!node->Shader.Shader || !*node->Shader.Shader)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s names no shader", what);
        if (!node_shader(b, node->Shader.Shader))
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "%s names \"%s\", which no DXIL library or collection of the state object exports",
                    what, narrow(node->Shader.Shader, text, sizeof(text)));
        if (!node_overrides(&node->Shader, &local_root, &program_entry, &new_name, what, r))
            return false;
        id = new_name ? *new_name : (D3D12_NODE_ID){node->Shader.Shader, 0};
        if (graph_find(g, &id) != SIZE_MAX)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s: the node (\"%s\", %u) is defined twice", what,
                    narrow(id.Name, text, sizeof(text)),
                    (unsigned)id.ArrayIndex);
        n = graph_add(g, id, local_root ? *local_root : OBJ_WORK_GRAPH_INVALID);
        g->entry[n] = program_entry && *program_entry;
    }
    for (i = 0; i < wg->NumEntrypoints; ++i)
    {
        const D3D12_NODE_ID *id = &wg->pEntrypoints[i];

        snprintf(what, sizeof(what), "entrypoint %u of subobject %u (WORK_GRAPH)", (unsigned)i, index);
        if (!id->Name || !*id->Name)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "%s has no name", what);
        if ((n = graph_find(g, id)) == SIZE_MAX)
        {
            if (id->ArrayIndex || !node_shader(b, id->Name))
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "%s is (\"%s\", %u), which names no node of the graph and no export of the state "
                        "object", what, narrow(id->Name, text, sizeof(text)), (unsigned)id->ArrayIndex);
            n = graph_add(g, *id, OBJ_WORK_GRAPH_INVALID);
        }
        if (!g->entry[n] || !listed_entry(g, n))
            g->entries[g->spec.entry_count++] = (uint32_t)n;
        g->entry[n] = true;
    }
    if (wg->Flags & D3D12_WORK_GRAPH_FLAG_INCLUDE_ALL_AVAILABLE_NODES)
    {
        for (i = 0; i < b->own_count + b->inherited_count; ++i)
        {
            const WCHAR *name = i < b->own_count ? b->own[i].name : b->inherited[i - b->own_count]->name;
            uint32_t kind = i < b->own_count ? b->own[i].kind : b->inherited[i - b->own_count]->kind;
            D3D12_NODE_ID id = {name, 0};

            if (kind == OBJ_EXPORT_SHADER && graph_find(g, &id) == SIZE_MAX)
                graph_add(g, id, OBJ_WORK_GRAPH_INVALID);
        }
    }
    /* The program-entry overrides' nodes after pEntrypoints'; every node when nothing names one. */
    for (i = 0; i < g->spec.node_count; ++i)
        if (g->entry[i] && !listed_entry(g, i))
            g->entries[g->spec.entry_count++] = (uint32_t)i;
    if (!g->spec.entry_count)
        for (i = 0; i < g->spec.node_count; ++i)
            g->entries[g->spec.entry_count++] = (uint32_t)i;
    g->spec.nodes = g->nodes;
    g->spec.local_root = g->local_root;
    g->spec.entrypoints = g->entries;
    return true;
}

/* Is `p` one of the description's subobjects? */
static bool in_desc(const D3D12_STATE_OBJECT_DESC *desc, const D3D12_STATE_SUBOBJECT *p)
{
    UINT i;

    for (i = 0; i < desc->NumSubobjects; ++i)
        if (&desc->pSubobjects[i] == p)
            return true;
    return false;
}

/* The state object's type, and what the adapter needs for it. */
static bool check_type(struct mk_device *device, const D3D12_STATE_OBJECT_DESC *desc, struct build *b,
        struct mk_refusal *r)
{
    if (desc->Type != D3D12_STATE_OBJECT_TYPE_COLLECTION && desc->Type != D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE
            && desc->Type != D3D12_STATE_OBJECT_TYPE_EXECUTABLE)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "Type is %u, not D3D12_STATE_OBJECT_TYPE_COLLECTION (0), RAYTRACING_PIPELINE (3) or "
                "EXECUTABLE (4)", (unsigned)desc->Type);
    b->config.type = (uint32_t)desc->Type;
    if (desc->Type == D3D12_STATE_OBJECT_TYPE_EXECUTABLE)
        return mk_require(device, MK_AT_LEAST(D3D12_OPTIONS21, WorkGraphsTier, D3D12_WORK_GRAPHS_TIER_1_0),
                "a work graph (D3D12_STATE_OBJECT_TYPE_EXECUTABLE)", D3D12_MESSAGE_ID_UNKNOWN, r);
    return mk_require(device, MK_AT_LEAST(D3D12_OPTIONS5, RaytracingTier, D3D12_RAYTRACING_TIER_1_0),
            desc->Type == D3D12_STATE_OBJECT_TYPE_COLLECTION ? "a raytracing collection" : "a raytracing pipeline",
            D3D12_MESSAGE_ID_UNKNOWN, r);
}

/* Subobject `i` (`s`, a known type with a description) counted in the
 * lists' sizes; a STATE_OBJECT_CONFIG's flags taken (the other subobjects'
 * checks read them). */
static bool size_subobject(struct build *b, const D3D12_STATE_SUBOBJECT *s, unsigned i, bool *config_seen,
        struct mk_refusal *r)
{
    switch (s->Type)
    {
        case D3D12_STATE_SUBOBJECT_TYPE_STATE_OBJECT_CONFIG:
        {
            UINT flags = (UINT)((const D3D12_STATE_OBJECT_CONFIG *)s->pDesc)->Flags;

            if (flags & ~(UINT)ALL_STATE_OBJECT_FLAGS)
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "subobject %u (STATE_OBJECT_CONFIG) has Flags %#x, past "
                        "D3D12_STATE_OBJECT_FLAGS", i, (unsigned)flags);
            if (*config_seen && flags != b->config.flags)
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "subobject %u (STATE_OBJECT_CONFIG) has Flags %#x and another one %#x: a state "
                        "object has one", i, (unsigned)flags, (unsigned)b->config.flags);
            *config_seen = true;
            b->config.flags = flags;
            break;
        }
        case D3D12_STATE_SUBOBJECT_TYPE_DXIL_LIBRARY:
            b->own_cap += ((const D3D12_DXIL_LIBRARY_DESC *)s->pDesc)->NumExports;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_EXISTING_COLLECTION:
        {
            const D3D12_EXISTING_COLLECTION_DESC *c = s->pDesc;
            struct obj_state_object *collection = obj_state_object_from_iface(c->pExistingCollection);

            b->inherited_cap += c->NumExports ? c->NumExports : collection ? collection->export_count : 0;
            ++b->held_cap;
            break;
        }
        case D3D12_STATE_SUBOBJECT_TYPE_HIT_GROUP:
            b->own_cap += 4;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH:
            ++b->graph_cap;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_SUBOBJECT_TO_EXPORTS_ASSOCIATION:
            b->own_cap += ((const D3D12_SUBOBJECT_TO_EXPORTS_ASSOCIATION *)s->pDesc)->NumExports;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION:
            b->own_cap += ((const D3D12_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION *)s->pDesc)->NumExports;
            break;
        default:
            break;
    }
    return true;
}

/* The sizes of the lists, the state object's flags, and the lists. */
static bool size_lists(struct mk_device *device, const D3D12_STATE_OBJECT_DESC *desc, struct build *b,
        struct mk_refusal *r)
{
    bool config_seen = false;
    unsigned i;

    b->held_cap = 1;
    for (i = 0; i < desc->NumSubobjects; ++i)
    {
        const D3D12_STATE_SUBOBJECT *s = &desc->pSubobjects[i];

        if (!type_name((uint32_t)s->Type))
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u has Type %u, no D3D12_STATE_SUBOBJECT_TYPE this runtime knows", i,
                    (unsigned)s->Type);
        if (!s->pDesc)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "subobject %u (%s) has a NULL pDesc", i,
                    type_name((uint32_t)s->Type));
        if (!size_subobject(b, s, i, &config_seen, r))
            return false;
    }
    if ((b->config.flags & D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS) && !mk_require(device,
            MK_AT_LEAST(D3D12_OPTIONS5, RaytracingTier, D3D12_RAYTRACING_TIER_1_1),
            "D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS", D3D12_MESSAGE_ID_UNKNOWN, r))
        return false;
    if ((b->own_cap && !(b->own = mk_calloc(b->own_cap, sizeof(*b->own))))
            || (b->inherited_cap && !(b->inherited = mk_calloc(b->inherited_cap, sizeof(*b->inherited))))
            || !(b->held = mk_calloc(b->held_cap, sizeof(*b->held)))
            || (b->graph_cap && !(b->graphs = mk_calloc(b->graph_cap, sizeof(*b->graphs)))))
        return mk_refuse_out_of_memory(r);
    return true;
}

/* Does subobject `i` refer to exports (checked once every export is defined)? */
static bool refers_to_exports(const D3D12_STATE_SUBOBJECT *s)
{
    return s->Type == D3D12_STATE_SUBOBJECT_TYPE_HIT_GROUP
            || s->Type == D3D12_STATE_SUBOBJECT_TYPE_SUBOBJECT_TO_EXPORTS_ASSOCIATION
            || s->Type == D3D12_STATE_SUBOBJECT_TYPE_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION
            || s->Type == D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH;
}

/* Subobject `i`'s own checks; the first RAYTRACING_SHADER_CONFIG in *shader_config. */
static bool check_subobject(struct mk_device *device, const D3D12_STATE_OBJECT_DESC *desc, struct build *b,
        unsigned i, const D3D12_RAYTRACING_SHADER_CONFIG **shader_config, struct mk_refusal *r)
{
    const D3D12_STATE_SUBOBJECT *s = &desc->pSubobjects[i];
    const void *v = s->pDesc;

    switch (s->Type)
    {
        case D3D12_STATE_SUBOBJECT_TYPE_GLOBAL_ROOT_SIGNATURE:
            if (!check_root_signature(((const D3D12_GLOBAL_ROOT_SIGNATURE *)v)->pGlobalRootSignature, false,
                    i, r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_LOCAL_ROOT_SIGNATURE:
            if (!check_root_signature(((const D3D12_LOCAL_ROOT_SIGNATURE *)v)->pLocalRootSignature, true, i,
                    r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_NODE_MASK:
        {
            UINT mask = ((const D3D12_NODE_MASK *)v)->NodeMask;
            UINT nodes = caps_adapter_node_count(device->adapter);

            if (nodes < 32 && (mask >> nodes))
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "subobject %u (NODE_MASK) is %#x; %s has %u node(s)", i, (unsigned)mask,
                        caps_adapter_id(device->adapter), (unsigned)nodes);
            break;
        }
        case D3D12_STATE_SUBOBJECT_TYPE_DXIL_LIBRARY:
            if (!check_library(device, b, v, i, r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_EXISTING_COLLECTION:
            if (!check_collection(b, v, i, r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG:
        {
            const D3D12_RAYTRACING_SHADER_CONFIG *c = v;

            if (c->MaxAttributeSizeInBytes > D3D12_RAYTRACING_MAX_ATTRIBUTE_SIZE_IN_BYTES)
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "subobject %u (RAYTRACING_SHADER_CONFIG) has MaxAttributeSizeInBytes %u, "
                        "past D3D12_RAYTRACING_MAX_ATTRIBUTE_SIZE_IN_BYTES (%u)", i,
                        (unsigned)c->MaxAttributeSizeInBytes, (unsigned)D3D12_RAYTRACING_MAX_ATTRIBUTE_SIZE_IN_BYTES);
            if (!*shader_config)
                *shader_config = c;
            break;
        }
        case D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG:
            if (!check_pipeline_config(device, b,
                    ((const D3D12_RAYTRACING_PIPELINE_CONFIG *)v)->MaxTraceRecursionDepth, 0, false, i, r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_PIPELINE_CONFIG1:
        {
            const D3D12_RAYTRACING_PIPELINE_CONFIG1 *c = v;

            if (!check_pipeline_config(device, b, c->MaxTraceRecursionDepth, (UINT)c->Flags, true, i, r))
                return false;
            break;
        }
        case D3D12_STATE_SUBOBJECT_TYPE_HIT_GROUP:
            if (!check_hit_group(b, v, i, r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH:
            if (!check_work_graph(b, v, i, r))
                return false;
            break;
        case D3D12_STATE_SUBOBJECT_TYPE_SUBOBJECT_TO_EXPORTS_ASSOCIATION:
        {
            const D3D12_SUBOBJECT_TO_EXPORTS_ASSOCIATION *a = v;

            if (!in_desc(desc, a->pSubobjectToAssociate))
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "subobject %u (SUBOBJECT_TO_EXPORTS_ASSOCIATION) associates a subobject "
                        "that is not one of the description's", i);
            if (!check_association(b, a->NumExports, a->pExports, i, "SUBOBJECT_TO_EXPORTS_ASSOCIATION", r))
                return false;
            break;
        }
        case D3D12_STATE_SUBOBJECT_TYPE_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION:
        {
            const D3D12_DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION *a = v;

            if (!a->SubobjectToAssociate || !*a->SubobjectToAssociate)
                return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                        "subobject %u (DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION) names no subobject",
                        i);
            if (!check_association(b, a->NumExports, a->pExports, i, "DXIL_SUBOBJECT_TO_EXPORTS_ASSOCIATION",
                    r))
                return false;
            break;
        }
        default:
            break;
    }
    return true;
}

/* Unassociated shader configs are every export's default: one value. */
static bool check_default_shader_config(const D3D12_STATE_OBJECT_DESC *desc, struct build *b, struct mk_refusal *r)
{
    unsigned i, j;

    for (i = 0; i < desc->NumSubobjects; ++i)
    {
        const D3D12_STATE_SUBOBJECT *s = &desc->pSubobjects[i];
        const D3D12_RAYTRACING_SHADER_CONFIG *c = s->pDesc;
        bool associated = false;

        if (s->Type != D3D12_STATE_SUBOBJECT_TYPE_RAYTRACING_SHADER_CONFIG)
            continue;
        for (j = 0; j < desc->NumSubobjects; ++j)
            associated |= desc->pSubobjects[j].Type == D3D12_STATE_SUBOBJECT_TYPE_SUBOBJECT_TO_EXPORTS_ASSOCIATION
                    && ((const D3D12_SUBOBJECT_TO_EXPORTS_ASSOCIATION *)desc->pSubobjects[j].pDesc)
                    ->pSubobjectToAssociate == s;
        if (associated)
            continue;
        if (b->shader_config && memcmp(b->shader_config, c, sizeof(*c)))
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "subobject %u (RAYTRACING_SHADER_CONFIG) is a second default shader config with other "
                    "sizes (MaxPayloadSizeInBytes %u, MaxAttributeSizeInBytes %u against %u, %u)", i,
                    (unsigned)c->MaxPayloadSizeInBytes, (unsigned)c->MaxAttributeSizeInBytes,
                    (unsigned)b->shader_config->MaxPayloadSizeInBytes,
                    (unsigned)b->shader_config->MaxAttributeSizeInBytes);
        b->shader_config = c;
    }
    return true;
}

/* Every check of `desc`; `b` filled (the caller frees it). Pass 0: what
 * defines exports and the global state; pass 1: what refers to exports. */
static bool check_desc(struct mk_device *device, const D3D12_STATE_OBJECT_DESC *desc, struct build *b,
        struct mk_refusal *r)
{
    const D3D12_RAYTRACING_SHADER_CONFIG *shader_config = NULL;
    unsigned i, pass;

    memset(b, 0, sizeof(*b));
    if (!check_type(device, desc, b, r))
        return false;
    if (desc->NumSubobjects && !desc->pSubobjects)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN, "NumSubobjects is %u and pSubobjects is NULL",
                (unsigned)desc->NumSubobjects);
    if (!size_lists(device, desc, b, r))
        return false;
    for (pass = 0; pass < 2; ++pass)
    {
        for (i = 0; i < desc->NumSubobjects; ++i)
        {
            if (refers_to_exports(&desc->pSubobjects[i]) == (pass == 1)
                    && !check_subobject(device, desc, b, i, &shader_config, r))
                return false;
        }
    }
    if (!check_default_shader_config(desc, b, r))
        return false;
    if (shader_config)
    {
        b->config.has_shader_config = true;
        b->config.shader_config = b->shader_config ? *b->shader_config : *shader_config;
    }
    if (desc->Type == D3D12_STATE_OBJECT_TYPE_EXECUTABLE && !b->graph_count)
        return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                "an executable state object needs a WORK_GRAPH subobject, and it has none");
    if (desc->Type == D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE)
    {
        if (!b->config.has_shader_config)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "a raytracing pipeline needs a RAYTRACING_SHADER_CONFIG subobject, and it has none");
        if (!b->config.has_pipeline_config)
            return mk_refuse(r, D3D12_MESSAGE_ID_UNKNOWN,
                    "a raytracing pipeline needs a RAYTRACING_PIPELINE_CONFIG subobject, and it has none");
    }
    return true;
}

/* ---- The methods ---- */

static void report(struct mk_device *device, D3D12_MESSAGE_ID id, const char *method, const struct mk_refusal *r)
{
    mk_refusal_report(device, method, r, id);
}

static HRESULT finish(struct mk_device *device, struct build *b, ID3D12StateObject *parent, REFIID riid, void **out)
{
    struct obj_state_object *object, *from = parent ? obj_state_object_from_iface(parent) : NULL;
    struct obj_work_graph_spec *graphs = NULL;
    ID3D12StateObject *iface;
    HRESULT hr;
    size_t i;

    if (from)
    {
        /* The parent's exports follow the addition's; the parent is held. */
        const struct obj_state_export **all = NULL;

        if (from->export_count + b->inherited_count
                && !(all = mk_calloc(from->export_count + b->inherited_count, sizeof(*all))))
            return E_OUTOFMEMORY;
        for (i = 0; i < b->inherited_count; ++i)
            all[i] = b->inherited[i];
        for (i = 0; i < from->export_count; ++i)
            all[b->inherited_count + i] = from->exports[i];
        mk_free((void *)b->inherited);
        b->inherited = all;
        b->inherited_count += from->export_count;
        b->held[b->held_count++] = parent;
    }
    if (b->graph_count && !(graphs = mk_calloc(b->graph_count, sizeof(*graphs))))
        return E_OUTOFMEMORY;
    for (i = 0; i < b->graph_count; ++i)
        graphs[i] = b->graphs[i].spec;
    hr = obj_state_object_create(&device->objects, &b->config, b->own, b->own_count, b->inherited,
            b->inherited_count, b->held, b->held_count, from ? atomic_load(&from->stack_size) : 0, graphs,
            b->graph_count, &object);
    mk_free(graphs);
    if (FAILED(hr))
        return hr;
    iface = obj_state_object_iface(object);
    hr = riid ? iface->lpVtbl->QueryInterface(iface, riid, out) : E_INVALIDARG;
    iface->lpVtbl->Release(iface);
    return hr;
}

HRESULT STDMETHODCALLTYPE d3d12_device_CreateStateObject(ID3D12Device17 *iface, const D3D12_STATE_OBJECT_DESC *desc,
        REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device5::CreateStateObject";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct mk_refusal r;
    struct build b;
    HRESULT hr;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    memset(&b, 0, sizeof(b));
    if (!desc)
    {
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN, "the description is NULL");
        report(device, D3D12_MESSAGE_ID_CREATE_STATE_OBJECT_ERROR, method, &r);
        return E_INVALIDARG;
    }
    if (!check_desc(device, desc, &b, &r))
    {
        build_free(&b);
        report(device, D3D12_MESSAGE_ID_CREATE_STATE_OBJECT_ERROR, method, &r);
        return r.hr;
    }
    /* A probe: the description is good. */
    hr = out ? finish(device, &b, NULL, riid, out) : S_FALSE;
    build_free(&b);
    return hr;
}

HRESULT STDMETHODCALLTYPE d3d12_device_AddToStateObject(ID3D12Device17 *iface, const D3D12_STATE_OBJECT_DESC *addition,
        ID3D12StateObject *parent, REFIID riid, void **out)
{
    static const char method[] = "ID3D12Device7::AddToStateObject";
    struct mk_device *device = impl_from_ID3D12Device17(iface);
    struct obj_state_object *from = obj_state_object_from_iface(parent);
    const D3D12_RAYTRACING_PIPELINE_CONFIG1 *mine, *theirs;
    struct mk_refusal r;
    struct build b;
    char text[128];
    HRESULT hr;
    size_t i;

    if (out)
        *out = NULL;
    if (FAILED(hr = mk_device_enter(device, method)))
        return hr;
    memset(&b, 0, sizeof(b));
    if (!addition)
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN, "the addition is NULL");
    else if (!from)
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN, "pStateObjectToGrowFrom is %s",
                parent ? "no state object of this runtime" : "NULL");
    else if (obj_device_of(&from->obj) != &device->objects)
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN, "pStateObjectToGrowFrom belongs to another device");
    else if (!mk_require(device, MK_AT_LEAST(D3D12_OPTIONS5, RaytracingTier, D3D12_RAYTRACING_TIER_1_1),
            "AddToStateObject", D3D12_MESSAGE_ID_UNKNOWN, &r))
        ;
    else if (from->config.type != D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE)
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN, "pStateObjectToGrowFrom is %s; only a raytracing pipeline grows",
                from->config.type == D3D12_STATE_OBJECT_TYPE_COLLECTION ? "a collection" : "an executable");
    else if (addition->Type != D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE)
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN,
                "the addition's Type is %u, not the parent's D3D12_STATE_OBJECT_TYPE_RAYTRACING_PIPELINE",
                (unsigned)addition->Type);
    else if (!(from->config.flags & D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS))
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN,
                "pStateObjectToGrowFrom was made without D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS");
    else if (!check_desc(device, addition, &b, &r))
        ;
    else if (!(b.config.flags & D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS))
        mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN,
                "the addition has no STATE_OBJECT_CONFIG with D3D12_STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS");
    else
    {
        mine = &b.config.pipeline_config;
        theirs = &from->config.pipeline_config;
        if (mine->MaxTraceRecursionDepth != theirs->MaxTraceRecursionDepth || mine->Flags != theirs->Flags)
            mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN,
                    "the addition's pipeline config (MaxTraceRecursionDepth %u, Flags %#x) differs from the "
                    "parent's (%u, %#x)", (unsigned)mine->MaxTraceRecursionDepth, (unsigned)mine->Flags,
                    (unsigned)theirs->MaxTraceRecursionDepth, (unsigned)theirs->Flags);
        else
        {
            r.hr = S_OK;
            for (i = 0; i < b.own_count + b.inherited_count && r.hr == S_OK; ++i)
            {
                const WCHAR *name = i < b.own_count ? b.own[i].name : b.inherited[i - b.own_count]->name;

                if (obj_state_object_find(from, name))
                    mk_refuse(&r, D3D12_MESSAGE_ID_UNKNOWN,
                            "the addition's export \"%s\" is one the parent already has",
                            narrow(name, text, sizeof(text)));
            }
            if (r.hr == S_OK)
            {
                hr = out ? finish(device, &b, parent, riid, out) : S_FALSE;
                build_free(&b);
                return hr;
            }
        }
    }
    build_free(&b);
    report(device, D3D12_MESSAGE_ID_ADD_TO_STATE_OBJECT_ERROR, method, &r);
    return r.hr;
}
