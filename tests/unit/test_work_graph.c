/*
 * Work graphs (docs/objects.md "Work graphs"): ID3D12Device5::CreateStateObject
 * with D3D12_STATE_OBJECT_TYPE_EXECUTABLE and WORK_GRAPH subobjects. Named
 * rows: the WorkGraphsTier refusal (an adapter without it, a runtime older
 * than OPTIONS21) with its message, the description's refusals, creation on
 * an adapter with WorkGraphsTier 1_0 (nvidia-rtx-5070-ti); then
 * ID3D12WorkGraphProperties' answers (the work graphs specification's, -1 and
 * {NULL, 0} for what does not exist), GetProgramIdentifier (nonzero and unique
 * per program, zeroes for an empty graph and unknown names), the interfaces a
 * raytracing collection answers, AddToStateObject's refusal of an executable
 * parent, and allocation failures.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <wchar.h>

#include "alloc.h"
#include "dxbc_writer.h"
#include "state_object_tests.h"

#define WG_ADAPTER "nvidia-rtx-5070-ti" /* WorkGraphsTier 1_0, SM 6.9 */
#define NO_WG_ADAPTER "amd-rx-580"      /* no work graphs */

#define INVALID 0xffffffffu

/* ---- Helpers ---- */

/* The struct-returning methods: mingw's C ABI passes the result's address. */
static D3D12_NODE_ID node_id(ID3D12WorkGraphProperties *p, UINT graph, UINT node)
{
#ifdef _WIN32
    D3D12_NODE_ID result;

    assert_ptr_equal(p->lpVtbl->GetNodeID(p, &result, graph, node), &result);
    return result;
#else
    return p->lpVtbl->GetNodeID(p, graph, node);
#endif
}

static D3D12_NODE_ID entry_id(ID3D12WorkGraphProperties *p, UINT graph, UINT entry)
{
#ifdef _WIN32
    D3D12_NODE_ID result;

    assert_ptr_equal(p->lpVtbl->GetEntrypointID(p, &result, graph, entry), &result);
    return result;
#else
    return p->lpVtbl->GetEntrypointID(p, graph, entry);
#endif
}

static D3D12_PROGRAM_IDENTIFIER program_id(ID3D12StateObjectProperties1 *p, const WCHAR *name)
{
#ifdef _WIN32
    D3D12_PROGRAM_IDENTIFIER result;

    assert_ptr_equal(p->lpVtbl->GetProgramIdentifier(p, &result, name), &result);
    return result;
#else
    return p->lpVtbl->GetProgramIdentifier(p, name);
#endif
}

static int is_zero(const D3D12_PROGRAM_IDENTIFIER *id)
{
    static const D3D12_PROGRAM_IDENTIFIER zero;

    return !memcmp(id, &zero, sizeof(zero));
}

static void assert_node(D3D12_NODE_ID id, const WCHAR *name, UINT index)
{
    if (!name)
    {
        assert_null(id.Name);
        assert_int_equal(id.ArrayIndex, 0);
        return;
    }
    assert_non_null(id.Name);
    assert_true(!wcscmp(id.Name, name));
    assert_int_equal(id.ArrayIndex, index);
}

/* One executable description, built in place and tweaked. */
struct wg_desc
{
    struct shader_blob lib;
    D3D12_EXPORT_DESC exports[4];
    D3D12_DXIL_LIBRARY_DESC library;
    D3D12_WORK_GRAPH_DESC graphs[4];
    D3D12_NODE nodes[4];
    D3D12_BROADCASTING_LAUNCH_OVERRIDES broadcasting;
    D3D12_COALESCING_LAUNCH_OVERRIDES coalescing;
    D3D12_NODE_ID entrypoints[2];
    D3D12_NODE_ID new_name;
    BOOL program_entry;
    UINT local_root;
    D3D12_STATE_SUBOBJECT subobjects[8];
    D3D12_STATE_OBJECT_DESC desc;
};

static void add(struct wg_desc *d, D3D12_STATE_SUBOBJECT_TYPE type, const void *p)
{
    D3D12_STATE_SUBOBJECT *s = &d->subobjects[d->desc.NumSubobjects++];

    assert_true(d->desc.NumSubobjects <= ARRAY_SIZE(d->subobjects));
    s->Type = type;
    s->pDesc = p;
}

static void build_library(struct wg_desc *d, unsigned model)
{
    struct shader_spec spec = {K_LIB, model, 0, NULL, 0, DXBC_HASH_VALID};

    shader_build(&d->lib, &spec);
    d->library.DXILLibrary = shader_code(&d->lib);
}

/* A lib_6_8 exporting Producer, Consumer and Extra; one work graph "Graph"
 * with INCLUDE_ALL_AVAILABLE_NODES. */
static void init_wg(struct wg_desc *d)
{
    memset(d, 0, sizeof(*d));
    d->desc.Type = D3D12_STATE_OBJECT_TYPE_EXECUTABLE;
    d->desc.pSubobjects = d->subobjects;
    build_library(d, 0x68);
    d->exports[0].Name = L"Producer";
    d->exports[1].Name = L"Consumer";
    d->exports[2].Name = L"Extra";
    d->library.NumExports = 3;
    d->library.pExports = d->exports;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_DXIL_LIBRARY, &d->library);
    d->graphs[0].ProgramName = L"Graph";
    d->graphs[0].Flags = D3D12_WORK_GRAPH_FLAG_INCLUDE_ALL_AVAILABLE_NODES;
    add(d, D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH, &d->graphs[0]);
}

enum tweak
{
    T_NONE = 0,
    T_NO_GRAPH,
    T_NULL_NAME,
    T_TWICE,
    T_FLAGS,
    T_NODE_UNKNOWN,
    T_ENTRY_UNKNOWN,
    T_ENTRY_INDEX,
    T_NODE_TWICE,
    T_NODE_TYPE,
    T_OVERRIDES_TYPE,
    T_OVERRIDES_NULL,
    T_RENAME_NULL,
    T_LIB_63,
    T_IN_RAYTRACING,
    T_NULL_ENTRYPOINTS,
    T_NULL_NODES,
    T_EMPTY,
    T_TYPE_5,
    T_EXPLICIT,
};

static void apply(struct wg_desc *d, enum tweak tweak)
{
    D3D12_WORK_GRAPH_DESC *g = &d->graphs[0];

    switch (tweak)
    {
        case T_NONE:
            break;
        case T_NO_GRAPH:
            d->desc.NumSubobjects = 1;
            break;
        case T_NULL_NAME:
            g->ProgramName = NULL;
            break;
        case T_TWICE:
            d->graphs[1] = *g;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH, &d->graphs[1]);
            break;
        case T_FLAGS:
            g->Flags = (D3D12_WORK_GRAPH_FLAGS)0x2;
            break;
        case T_NODE_UNKNOWN:
            d->nodes[0].Shader.Shader = L"Nobody";
            g->NumExplicitlyDefinedNodes = 1;
            g->pExplicitlyDefinedNodes = d->nodes;
            break;
        case T_ENTRY_UNKNOWN:
            d->entrypoints[0].Name = L"Nobody";
            g->NumEntrypoints = 1;
            g->pEntrypoints = d->entrypoints;
            break;
        case T_ENTRY_INDEX:
            d->entrypoints[0].Name = L"Producer";
            d->entrypoints[0].ArrayIndex = 1;
            g->NumEntrypoints = 1;
            g->pEntrypoints = d->entrypoints;
            break;
        case T_NODE_TWICE:
            d->nodes[0].Shader.Shader = L"Producer";
            d->nodes[1].Shader.Shader = L"Producer";
            g->NumExplicitlyDefinedNodes = 2;
            g->pExplicitlyDefinedNodes = d->nodes;
            break;
        case T_NODE_TYPE:
            d->nodes[0].NodeType = (D3D12_NODE_TYPE)1;
            d->nodes[0].Shader.Shader = L"Producer";
            g->NumExplicitlyDefinedNodes = 1;
            g->pExplicitlyDefinedNodes = d->nodes;
            break;
        case T_OVERRIDES_TYPE:
            d->nodes[0].Shader.Shader = L"Producer";
            d->nodes[0].Shader.OverridesType = (D3D12_NODE_OVERRIDES_TYPE)5;
            g->NumExplicitlyDefinedNodes = 1;
            g->pExplicitlyDefinedNodes = d->nodes;
            break;
        case T_OVERRIDES_NULL:
            d->nodes[0].Shader.Shader = L"Producer";
            d->nodes[0].Shader.OverridesType = D3D12_NODE_OVERRIDES_TYPE_THREAD_LAUNCH;
            g->NumExplicitlyDefinedNodes = 1;
            g->pExplicitlyDefinedNodes = d->nodes;
            break;
        case T_RENAME_NULL:
            d->nodes[0].Shader.Shader = L"Producer";
            d->nodes[0].Shader.OverridesType = D3D12_NODE_OVERRIDES_TYPE_COALESCING_LAUNCH;
            d->nodes[0].Shader.pCoalescingLaunchOverrides = &d->coalescing;
            d->coalescing.pNewName = &d->new_name;
            g->NumExplicitlyDefinedNodes = 1;
            g->pExplicitlyDefinedNodes = d->nodes;
            break;
        case T_LIB_63:
            build_library(d, 0x63);
            break;
        case T_IN_RAYTRACING:
            d->desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
            break;
        case T_NULL_ENTRYPOINTS:
            g->NumEntrypoints = 2;
            break;
        case T_NULL_NODES:
            g->NumExplicitlyDefinedNodes = 1;
            break;
        case T_EMPTY:
            g->Flags = D3D12_WORK_GRAPH_FLAG_NONE;
            break;
        case T_TYPE_5:
            d->desc.Type = (D3D12_STATE_OBJECT_TYPE)5;
            break;
        case T_EXPLICIT:
            /* Producer as a broadcasting entry with table index 3, Consumer renamed ("Renamed", 2). */
            d->program_entry = TRUE;
            d->local_root = 3;
            d->broadcasting.pProgramEntry = &d->program_entry;
            d->broadcasting.pLocalRootArgumentsTableIndex = &d->local_root;
            d->nodes[0].Shader.Shader = L"Producer";
            d->nodes[0].Shader.OverridesType = D3D12_NODE_OVERRIDES_TYPE_BROADCASTING_LAUNCH;
            d->nodes[0].Shader.pBroadcastingLaunchOverrides = &d->broadcasting;
            d->new_name.Name = L"Renamed";
            d->new_name.ArrayIndex = 2;
            d->coalescing.pNewName = &d->new_name;
            d->nodes[1].Shader.Shader = L"Consumer";
            d->nodes[1].Shader.OverridesType = D3D12_NODE_OVERRIDES_TYPE_COALESCING_LAUNCH;
            d->nodes[1].Shader.pCoalescingLaunchOverrides = &d->coalescing;
            g->ProgramName = L"Main";
            g->NumExplicitlyDefinedNodes = 2;
            g->pExplicitlyDefinedNodes = d->nodes;
            /* "Second": pEntrypoints only; "Empty": nothing; "All": every export. */
            d->entrypoints[0].Name = L"Extra";
            d->graphs[1].ProgramName = L"Second";
            d->graphs[1].NumEntrypoints = 1;
            d->graphs[1].pEntrypoints = d->entrypoints;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH, &d->graphs[1]);
            d->graphs[2].ProgramName = L"Empty";
            add(d, D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH, &d->graphs[2]);
            d->graphs[3].ProgramName = L"All";
            d->graphs[3].Flags = D3D12_WORK_GRAPH_FLAG_INCLUDE_ALL_AVAILABLE_NODES;
            add(d, D3D12_STATE_SUBOBJECT_TYPE_WORK_GRAPH, &d->graphs[3]);
            break;
    }
}

/* ---- Creation rows ---- */

struct create_row
{
    const char *name;
    const char *adapter;
    enum tweak tweak;
    HRESULT expected;
    const char *text; /* in the CREATE_STATE_OBJECT_ERROR message; NULL: no message */
};

static const struct create_row create_rows[] =
{
    {"graph, WorkGraphsTier 1_0", WG_ADAPTER, T_NONE, S_OK, NULL},
    {"explicit nodes and four graphs", WG_ADAPTER, T_EXPLICIT, S_OK, NULL},
    {"empty graph", WG_ADAPTER, T_EMPTY, S_OK, NULL},
    {"no WorkGraphsTier", NO_WG_ADAPTER, T_NONE, E_INVALIDARG,
        "a work graph (D3D12_STATE_OBJECT_TYPE_EXECUTABLE) needs D3D12_FEATURE_DATA_D3D12_OPTIONS21::WorkGraphsTier"
        " >= D3D12_WORK_GRAPHS_TIER_1_0, which is D3D12_WORK_GRAPHS_TIER_NOT_SUPPORTED on " NO_WG_ADAPTER},
    {"no WORK_GRAPH subobject", WG_ADAPTER, T_NO_GRAPH, E_INVALIDARG, "needs a WORK_GRAPH subobject"},
    {"NULL ProgramName", WG_ADAPTER, T_NULL_NAME, E_INVALIDARG, "subobject 1 (WORK_GRAPH) has no ProgramName"},
    {"ProgramName twice", WG_ADAPTER, T_TWICE, E_INVALIDARG, "the program \"Graph\" is defined twice"},
    {"unknown flags", WG_ADAPTER, T_FLAGS, E_INVALIDARG, "Flags 0x2, past D3D12_WORK_GRAPH_FLAGS"},
    {"node of no export", WG_ADAPTER, T_NODE_UNKNOWN, E_INVALIDARG,
        "node 0 of subobject 1 (WORK_GRAPH) names \"Nobody\", which no DXIL library"},
    {"entrypoint of no node", WG_ADAPTER, T_ENTRY_UNKNOWN, E_INVALIDARG,
        "entrypoint 0 of subobject 1 (WORK_GRAPH) is (\"Nobody\", 0), which names no node"},
    {"entrypoint array index of no node", WG_ADAPTER, T_ENTRY_INDEX, E_INVALIDARG, "(\"Producer\", 1), which names no node"},
    {"node ID twice", WG_ADAPTER, T_NODE_TWICE, E_INVALIDARG, "node 1 of subobject 1 (WORK_GRAPH): the node (\"Producer\", 0) is defined twice"},
    {"NodeType 1", WG_ADAPTER, T_NODE_TYPE, E_INVALIDARG, "has NodeType 1"},
    {"OverridesType 5", WG_ADAPTER, T_OVERRIDES_TYPE, E_INVALIDARG, "OverridesType 5, no D3D12_NODE_OVERRIDES_TYPE"},
    {"overrides NULL", WG_ADAPTER, T_OVERRIDES_NULL, E_INVALIDARG, "has OverridesType 3 and no overrides"},
    {"renamed to NULL", WG_ADAPTER, T_RENAME_NULL, E_INVALIDARG, "renames its node to a NULL name"},
    {"lib_6_3", WG_ADAPTER, T_LIB_63, E_INVALIDARG, "shader model 6.3; work-graph libraries need 6.8"},
    {"WORK_GRAPH in a collection", WG_ADAPTER, T_IN_RAYTRACING, E_INVALIDARG,
        "subobject 1 (WORK_GRAPH) is in a state object of Type 0; work graphs need D3D12_STATE_OBJECT_TYPE_EXECUTABLE"},
    {"NULL pEntrypoints", WG_ADAPTER, T_NULL_ENTRYPOINTS, E_INVALIDARG, "NumEntrypoints 2 and a NULL pEntrypoints"},
    {"NULL pExplicitlyDefinedNodes", WG_ADAPTER, T_NULL_NODES, E_INVALIDARG,
        "NumExplicitlyDefinedNodes 1 and a NULL pExplicitlyDefinedNodes"},
    {"Type 5", WG_ADAPTER, T_TYPE_5, E_INVALIDARG, "Type is 5, not D3D12_STATE_OBJECT_TYPE_COLLECTION (0), "
        "RAYTRACING_PIPELINE (3) or EXECUTABLE (4)"},
};

static void test_create_rows(void **state)
{
    struct row_failures failures = {0};
    ID3D12Device5 *device;
    struct wg_desc d;
    unsigned i;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(create_rows); ++i)
    {
        const struct create_row *row = &create_rows[i];
        ID3D12InfoQueue *queue;

        device = device5_on(row->adapter);
        queue = info_queue((ID3D12Device *)device);
        ID3D12InfoQueue_ClearStoredMessages(queue);
        ID3D12InfoQueue_Release(queue);
        init_wg(&d);
        apply(&d, row->tweak);
        check_create_row(&failures, i, row->name, device, &d.desc, row->expected, row->text);
        assert_int_equal(ID3D12Device5_Release(device), 0);
    }
    rows_done(&failures);
}

/* A runtime older than OPTIONS21 (SDK 613 / preview 714) cannot make work graphs. */
static void test_old_runtime(void **state)
{
    static const mockd3d12_runtime retail_612 = {MOCKD3D12_RUNTIME_RETAIL, 612, 713, 612, 713, FALSE};
    ID3D12StateObject *object = NULL;
    ID3D12Device5 *device;
    D3D12_MESSAGE_ID id;
    struct wg_desc d;
    const char *text;

    (void)state;
    enable_debug_layer();
    assert_int_equal(mockd3d12_set_runtime(&retail_612), S_OK);
    device = device5_on(WG_ADAPTER);
    init_wg(&d);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object),
            E_INVALIDARG);
    assert_null(object);
    text = last_message((ID3D12Device *)device, &id);
    assert_non_null(text);
    assert_int_equal(id, D3D12_MESSAGE_ID_CREATE_STATE_OBJECT_ERROR);
    if (!strstr(text, "needs D3D12_FEATURE_DATA_D3D12_OPTIONS21::WorkGraphsTier, which this runtime (SDK 612) does "
            "not report on " WG_ADAPTER))
        fail_msg("message \"%s\"", text);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* ---- The properties ---- */

static void test_properties(void **state)
{
    static const D3D12_NODE_ID producer = {L"Producer", 0}, renamed = {L"Renamed", 2}, renamed0 = {L"Renamed", 0},
            consumer = {L"Consumer", 0}, extra = {L"Extra", 0}, nameless = {NULL, 0};
    D3D12_PROGRAM_IDENTIFIER main_id, second_id, again_id, id;
    ID3D12StateObjectProperties1 *props1, *props1b;
    D3D12_WORK_GRAPH_MEMORY_REQUIREMENTS memory;
    ID3D12StateObjectProperties *props;
    ID3D12WorkGraphProperties *wg;
    ID3D12StateObject *object, *again;
    ID3D12Device5 *device;
    struct wg_desc d;

    (void)state;
    device = device5_on(WG_ADAPTER);
    init_wg(&d);
    apply(&d, T_EXPLICIT);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object), S_OK);

    /* ID3D12StateObjectProperties1 is ID3D12StateObjectProperties' pointer. */
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12StateObjectProperties, (void **)&props),
            S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12StateObjectProperties1, (void **)&props1),
            S_OK);
    assert_ptr_equal((void *)props, (void *)props1);
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12WorkGraphProperties, (void **)&wg), S_OK);
    assert_int_equal(ID3D12WorkGraphProperties_QueryInterface(wg, &IID_ID3D12StateObjectProperties1,
            (void **)&props1b), S_OK);
    assert_ptr_equal(props1b, props1);
    ID3D12StateObjectProperties1_Release(props1b);

    /* The graphs, in subobject order. */
    assert_int_equal(ID3D12WorkGraphProperties_GetNumWorkGraphs(wg), 4);
    assert_true(!wcscmp(ID3D12WorkGraphProperties_GetProgramName(wg, 0), L"Main"));
    assert_true(!wcscmp(ID3D12WorkGraphProperties_GetProgramName(wg, 3), L"All"));
    assert_null(ID3D12WorkGraphProperties_GetProgramName(wg, 4));
    assert_int_equal(ID3D12WorkGraphProperties_GetWorkGraphIndex(wg, L"Second"), 1);
    assert_int_equal(ID3D12WorkGraphProperties_GetWorkGraphIndex(wg, L"second"), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetWorkGraphIndex(wg, NULL), INVALID);

    /* Main: the explicit nodes, then INCLUDE_ALL's exports not yet there by ID. */
    assert_int_equal(ID3D12WorkGraphProperties_GetNumNodes(wg, 0), 4);
    assert_node(node_id(wg, 0, 0), L"Producer", 0);
    assert_node(node_id(wg, 0, 1), L"Renamed", 2);
    assert_node(node_id(wg, 0, 2), L"Consumer", 0);
    assert_node(node_id(wg, 0, 3), L"Extra", 0);
    assert_node(node_id(wg, 0, 4), NULL, 0);
    assert_node(node_id(wg, 4, 0), NULL, 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeIndex(wg, 0, renamed), 1);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeIndex(wg, 0, consumer), 2);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeIndex(wg, 0, renamed0), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeIndex(wg, 0, nameless), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeIndex(wg, 4, producer), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeLocalRootArgumentsTableIndex(wg, 0, 0), 3);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeLocalRootArgumentsTableIndex(wg, 0, 1), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeLocalRootArgumentsTableIndex(wg, 0, 4), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetNodeLocalRootArgumentsTableIndex(wg, 4, 0), INVALID);
    /* Its one entrypoint: the node whose overrides set pProgramEntry. */
    assert_int_equal(ID3D12WorkGraphProperties_GetNumEntrypoints(wg, 0), 1);
    assert_node(entry_id(wg, 0, 0), L"Producer", 0);
    assert_node(entry_id(wg, 0, 1), NULL, 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointIndex(wg, 0, producer), 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointIndex(wg, 0, extra), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointRecordSizeInBytes(wg, 0, 0), 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointRecordSizeInBytes(wg, 0, 1), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointRecordAlignmentInBytes(wg, 0, 0), 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointRecordAlignmentInBytes(wg, 4, 0), INVALID);

    /* Second: pEntrypoints' node; Empty: nothing; All: every export, each an entrypoint. */
    assert_int_equal(ID3D12WorkGraphProperties_GetNumNodes(wg, 1), 1);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumEntrypoints(wg, 1), 1);
    assert_int_equal(ID3D12WorkGraphProperties_GetEntrypointIndex(wg, 1, extra), 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumNodes(wg, 2), 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumEntrypoints(wg, 2), 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumNodes(wg, 3), 3);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumEntrypoints(wg, 3), 3);
    assert_node(entry_id(wg, 3, 2), L"Extra", 0);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumNodes(wg, 4), INVALID);
    assert_int_equal(ID3D12WorkGraphProperties_GetNumEntrypoints(wg, 4), INVALID);

    /* Memory: 64 KiB a node at least, four times that at most, 8-byte steps; zeroes otherwise. */
    memset(&memory, 0xcc, sizeof(memory));
    ID3D12WorkGraphProperties_GetWorkGraphMemoryRequirements(wg, 0, &memory);
    assert_int_equal(memory.MinSizeInBytes, 4 * 65536);
    assert_int_equal(memory.MaxSizeInBytes, 16 * 65536);
    assert_int_equal(memory.SizeGranularityInBytes, D3D12_WORK_GRAPHS_BACKING_MEMORY_ALIGNMENT_IN_BYTES);
    assert_int_equal(memory.SizeGranularityInBytes, 8);
    memset(&memory, 0xcc, sizeof(memory));
    ID3D12WorkGraphProperties_GetWorkGraphMemoryRequirements(wg, 2, &memory);
    assert_int_equal(memory.MinSizeInBytes, 0);
    assert_int_equal(memory.MaxSizeInBytes, 0);
    assert_int_equal(memory.SizeGranularityInBytes, 0);
    memset(&memory, 0xcc, sizeof(memory));
    ID3D12WorkGraphProperties_GetWorkGraphMemoryRequirements(wg, 9, &memory);
    assert_int_equal(memory.MinSizeInBytes, 0);
    assert_int_equal(memory.SizeGranularityInBytes, 0);
    ID3D12WorkGraphProperties_GetWorkGraphMemoryRequirements(wg, 0, NULL);

    /* Identifiers: nonzero, one per program, zeroes for the empty graph and unknown names. */
    main_id = program_id(props1, L"Main");
    second_id = program_id(props1, L"Second");
    assert_false(is_zero(&main_id));
    assert_false(is_zero(&second_id));
    assert_memory_not_equal(&main_id, &second_id, sizeof(main_id));
    id = program_id(props1, L"Main");
    assert_memory_equal(&id, &main_id, sizeof(id));
    id = program_id(props1, L"Empty");
    assert_true(is_zero(&id));
    id = program_id(props1, L"Producer");
    assert_true(is_zero(&id));
    id = program_id(props1, NULL);
    assert_true(is_zero(&id));
    /* The same description again: another program on the device, another identifier. */
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&again), S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(again, &IID_ID3D12StateObjectProperties1, (void **)&props1b),
            S_OK);
    again_id = program_id(props1b, L"Main");
    assert_false(is_zero(&again_id));
    assert_memory_not_equal(&again_id, &main_id, sizeof(main_id));
    /* Work graphs have no shader identifiers or stacks of their own. */
    assert_non_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"Producer"));
    assert_null(ID3D12StateObjectProperties_GetShaderIdentifier(props, L"Main"));
    ID3D12StateObjectProperties1_Release(props1b);
    ID3D12StateObject_Release(again);

    ID3D12WorkGraphProperties_Release(wg);
    ID3D12StateObjectProperties1_Release(props1);
    ID3D12StateObjectProperties_Release(props);
    assert_int_equal(ID3D12StateObject_Release(object), 0);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* A raytracing collection answers ID3D12StateObjectProperties1 (zero
 * identifiers: it has no programs) and no ID3D12WorkGraphProperties. */
static void test_raytracing_object(void **state)
{
    ID3D12StateObjectProperties1 *props1;
    ID3D12WorkGraphProperties *wg = (void *)(uintptr_t)0xdeadbeef;
    D3D12_PROGRAM_IDENTIFIER id;
    ID3D12StateObject *object;
    ID3D12Device5 *device;
    struct wg_desc d;

    (void)state;
    device = device5_on(WG_ADAPTER);
    init_wg(&d);
    build_library(&d, 0x63);
    d.desc.Type = D3D12_STATE_OBJECT_TYPE_COLLECTION;
    d.desc.NumSubobjects = 1;
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object), S_OK);
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12StateObjectProperties1, (void **)&props1),
            S_OK);
    id = program_id(props1, L"Producer");
    assert_true(is_zero(&id));
    assert_int_equal(ID3D12StateObject_QueryInterface(object, &IID_ID3D12WorkGraphProperties, (void **)&wg),
            E_NOINTERFACE);
    assert_null(wg);
    ID3D12StateObjectProperties1_Release(props1);
    assert_int_equal(ID3D12StateObject_Release(object), 0);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* An executable does not grow: AddToStateObject refuses it as a parent. */
static void test_add_to_executable(void **state)
{
    ID3D12StateObject *object, *child = (void *)(uintptr_t)0xdeadbeef;
    ID3D12Device7 *device7;
    ID3D12Device5 *device;
    D3D12_MESSAGE_ID id;
    struct wg_desc d;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = device5_on(WG_ADAPTER);
    init_wg(&d);
    assert_int_equal(ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object), S_OK);
    assert_int_equal(ID3D12Device5_QueryInterface(device, &IID_ID3D12Device7, (void **)&device7), S_OK);
    assert_int_equal(ID3D12Device7_AddToStateObject(device7, &d.desc, object, &IID_ID3D12StateObject,
            (void **)&child), E_INVALIDARG);
    assert_null(child);
    text = last_message((ID3D12Device *)device, &id);
    assert_non_null(text);
    assert_int_equal(id, D3D12_MESSAGE_ID_ADD_TO_STATE_OBJECT_ERROR);
    if (!strstr(text, "pStateObjectToGrowFrom is an executable; only a raytracing pipeline grows"))
        fail_msg("message \"%s\"", text);
    ID3D12Device7_Release(device7);
    assert_int_equal(ID3D12StateObject_Release(object), 0);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

/* Every allocation of a four-graph executable fails in turn: E_OUTOFMEMORY, nothing leaked. */
static void test_alloc_failures(void **state)
{
    ID3D12StateObject *object;
    ID3D12Device5 *device;
    struct wg_desc d;
    ULONG refcount;
    HRESULT hr;
    long n;

    (void)state;
    device = device5_on(WG_ADAPTER);
    init_wg(&d);
    apply(&d, T_EXPLICIT);
    refcount = get_refcount(device);
    for (n = 0; n < 200; ++n)
    {
        object = NULL;
        mk_alloc_fail_after(n);
        hr = ID3D12Device5_CreateStateObject(device, &d.desc, &IID_ID3D12StateObject, (void **)&object);
        mk_alloc_fail_after(-1);
        if (!mk_alloc_fail_triggered())
        {
            assert_int_equal(hr, S_OK);
            ID3D12StateObject_Release(object);
            break;
        }
        if (hr != E_OUTOFMEMORY)
            fail_msg("allocation %ld failed and the result is %#x", n, (unsigned)hr);
        assert_null(object);
        assert_int_equal(get_refcount(device), refcount);
    }
    assert_true(n > 8 && n < 200);
    assert_int_equal(ID3D12Device5_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_create_rows, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_old_runtime, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_properties, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_raytracing_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_add_to_executable, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_alloc_failures, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
