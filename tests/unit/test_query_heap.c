/*
 * Query heaps and command signatures (docs/objects.md). The expectations are
 * Windows' as the public conformance tests record them (vkd3d's
 * tests/d3d12.c and vkd3d-proton's tests/d3d12_query.c, d3d12_device.c and
 * d3d12_command.c: test_create_query_heap, test_create_command_signature,
 * test_execute_indirect_state, test_execute_indirect_tier_1_1), the D3D12
 * documentation, and the built-in adapters' own capabilities: each rule has
 * a row where the adapter allows and one where it refuses (copy-queue
 * timestamps on nvidia-rtx-4090 / nvidia-gtx-1080-ti, mesh pipeline
 * statistics on nvidia-rtx-4090 / nvidia-rtx-2080, mesh and ray dispatch on
 * nvidia-rtx-4090 / nvidia-gtx-1080-ti, incrementing constants on
 * nvidia-rtx-4090 / nvidia-rtx-2080).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"

static const GUID test_guid = {0x5e1a7c20, 0x3b4d, 0x4f6a, {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8}};

/* An adapter with two nodes; one whose mesh shader tier is a number no enum
 * names. */
static const char two_node_profile[] =
    "{\"id\": \"qheap-two-nodes\", \"inherits\": \"nvidia-rtx-4090\", \"adapter\": {\"nodeCount\": 2}}";
static const char odd_tier_profile[] =
    "{\"id\": \"qheap-odd-mesh-tier\", \"inherits\": \"nvidia-gtx-1080-ti\","
    " \"features\": {\"D3D12_OPTIONS7\": {\"MeshShaderTier\": 5}}}";

/* d3d12.idl of SDK 613 / preview 714, not in every build's DirectX-Headers. */
#define INCREMENTING_CONSTANT ((D3D12_INDIRECT_ARGUMENT_TYPE)11)

static void register_profiles(void)
{
    static bool done;
    char error[512] = "";

    if (done)
        return;
    if (FAILED(mockd3d12_register_profile(two_node_profile, error, sizeof(error)))
            || FAILED(mockd3d12_register_profile(odd_tier_profile, error, sizeof(error))))
        fail_msg("registering the test profiles: %s", error);
    done = true;
}

/* A device on built-in adapter `adapter_id` (NULL: the default one), with this
 * suite's profiles registered. */
static ID3D12Device *query_device_on(const char *adapter_id)
{
    register_profiles();
    return create_device_on(adapter_id);
}

/* After a creation and its probe: none stored when `expected` is 0, else
 * two (creation and probe), the first with that id and, unless NULL, text. */
static void check_messages(struct row_failures *failures, unsigned i, const char *name, ID3D12InfoQueue *info,
        D3D12_MESSAGE_ID expected, const char *expected_text)
{
    UINT64 count = ID3D12InfoQueue_GetNumStoredMessages(info);
    D3D12_MESSAGE_ID id;
    const char *text;

    if (!expected)
    {
        if (count)
            row_fail(failures, i, name, "%llu messages, expected none (\"%s\")", (unsigned long long)count,
                    message_text(info, 0, &id));
        return;
    }
    if (count != 2)
        row_fail(failures, i, name, "%llu messages, expected 2 (creation and probe)", (unsigned long long)count);
    else if ((text = message_text(info, 0, &id), id != expected) || (expected_text && strcmp(text, expected_text)))
        row_fail(failures, i, name, "message %d \"%s\"", (int)id, text);
}

#define OCCLUSION D3D12_QUERY_HEAP_TYPE_OCCLUSION
#define TIMESTAMP D3D12_QUERY_HEAP_TYPE_TIMESTAMP
#define PIPELINE_STATISTICS D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS
#define SO_STATISTICS D3D12_QUERY_HEAP_TYPE_SO_STATISTICS
#define VIDEO_DECODE_STATISTICS D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS
#define COPY_QUEUE_TIMESTAMP D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP
#define PIPELINE_STATISTICS1 D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1
#define QH_INVALID D3D12_MESSAGE_ID_CREATEQUERY_HEAP_INVALID_PARAMETERS
#define QH_FLAGS D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS
#define QH_COPY D3D12_MESSAGE_ID_CREATEQUERY_HEAP_COPY_QUEUE_TIMESTAMPS_NOT_SUPPORTED
#define QH_VIDEO D3D12_MESSAGE_ID_CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED
#define CS_INVALID D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID

/* ---- Query heaps ---- */

enum entry
{
    ENTRY_QUERY_HEAP,   /* ID3D12Device::CreateQueryHeap */
    ENTRY_QUERY_HEAP1,  /* ID3D12Device15::CreateQueryHeap1 */
};

struct query_heap_row
{
    const char *name;
    const char *adapter;
    enum entry entry;
    bool no_desc;
    D3D12_QUERY_HEAP_DESC desc;
    D3D12_QUERY_HEAP_FLAGS flags;
    HRESULT hr;
    D3D12_MESSAGE_ID message; /* 0: none */
    const char *text;         /* the whole message, or NULL to check only the id */
};

static HRESULT create_query_heap(ID3D12Device *device, enum entry entry, const D3D12_QUERY_HEAP_DESC *desc,
        D3D12_QUERY_HEAP_FLAGS flags, REFIID riid, void **out)
{
    ID3D12Device15 *device15;
    HRESULT hr;

    if (entry == ENTRY_QUERY_HEAP)
        return ID3D12Device_CreateQueryHeap(device, desc, riid, out);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device15, (void **)&device15), S_OK);
    hr = ID3D12Device15_CreateQueryHeap1(device15, desc, flags, riid, out);
    ID3D12Device15_Release(device15);
    return hr;
}

/* Creates each row's heap with the debug layer on: the result, the message,
 * the cleared output, the probe's agreement, the device reference. */
static void run_query_heap_rows(const struct query_heap_row *rows, size_t count)
{
    struct row_failures failures = {0};
    const D3D12_QUERY_HEAP_DESC *desc;
    ID3D12QueryHeap *heap;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    unsigned i;
    HRESULT hr;

    enable_debug_layer();
    for (i = 0; i < count; ++i)
    {
        device = query_device_on(rows[i].adapter);
        info = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info);
        desc = rows[i].no_desc ? NULL : &rows[i].desc;
        heap = SENTINEL;
        hr = create_query_heap(device, rows[i].entry, desc, rows[i].flags, &IID_ID3D12QueryHeap, (void **)&heap);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            /* The heap holds its device (the InfoQueue holds none of its own). */
            if (get_refcount(device) != 3)
                row_fail(&failures, i, rows[i].name, "device refcount %u", (unsigned)get_refcount(device));
            if (ID3D12QueryHeap_Release(heap))
                row_fail(&failures, i, rows[i].name, "heap references left");
        }
        else if (heap)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
        /* The probe agrees with the creation, whatever the IID. */
        hr = create_query_heap(device, rows[i].entry, desc, rows[i].flags, &IID_ID3D12Heap, NULL);
        if (hr != (rows[i].hr == S_OK ? S_FALSE : rows[i].hr))
            row_fail(&failures, i, rows[i].name, "probe hr %#x", (unsigned)hr);
        check_messages(&failures, i, rows[i].name, info, rows[i].message, rows[i].text);
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

static void test_create_query_heap(void **state)
{
    static const struct query_heap_row rows[] =
    {
        /* test_create_query_heap: every adapter has these. */
        {"OCCLUSION", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {OCCLUSION, 1, 0}, 0, S_OK, 0, NULL},
        {"TIMESTAMP", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1, 0}, 0, S_OK, 0, NULL},
        {"PIPELINE_STATISTICS", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {PIPELINE_STATISTICS, 1, 0}, 0, S_OK, 0,
                NULL},
        {"SO_STATISTICS", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {SO_STATISTICS, 1, 0}, 0, S_OK, 0, NULL},
        {"OCCLUSION on fl11-minimal", "min-fl11_0", ENTRY_QUERY_HEAP, false, {OCCLUSION, 1024, 0}, 0, S_OK, 0, NULL},
        {"SO_STATISTICS on min-fl11_0", "min-fl11_0", ENTRY_QUERY_HEAP, false, {SO_STATISTICS, 8, 1}, 0, S_OK, 0,
                NULL},
        {"TIMESTAMP 1000000 on warp", "warp", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1000000, 0}, 0, S_OK, 0, NULL},
        /* Copy-queue timestamps: D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported. */
        {"COPY_QUEUE_TIMESTAMP on rtx-4090", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {COPY_QUEUE_TIMESTAMP, 4, 0},
                0, S_OK, 0, NULL},
        {"COPY_QUEUE_TIMESTAMP on gtx-1080-ti", "nvidia-gtx-1080-ti", ENTRY_QUERY_HEAP, false,
                {COPY_QUEUE_TIMESTAMP, 4, 0}, 0, E_INVALIDARG, QH_COPY,
                "ID3D12Device::CreateQueryHeap: D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS3::CopyQueueTimestampQueriesSupported, which is FALSE on "
                "nvidia-gtx-1080-ti; returning E_INVALIDARG."},
        {"COPY_QUEUE_TIMESTAMP on rx-580", "amd-rx-580", ENTRY_QUERY_HEAP, false, {COPY_QUEUE_TIMESTAMP, 4, 0}, 0,
                E_INVALIDARG, QH_COPY, NULL},
        {"COPY_QUEUE_TIMESTAMP on warp", "warp", ENTRY_QUERY_HEAP, false, {COPY_QUEUE_TIMESTAMP, 4, 0}, 0, S_OK, 0,
                NULL},
        /* Mesh shader pipeline statistics: D3D12_OPTIONS9.MeshShaderPipelineStatsSupported. */
        {"PIPELINE_STATISTICS1 on rtx-4090", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {PIPELINE_STATISTICS1, 2, 0},
                0, S_OK, 0, NULL},
        {"PIPELINE_STATISTICS1 on rtx-2080", "nvidia-rtx-2080", ENTRY_QUERY_HEAP, false, {PIPELINE_STATISTICS1, 2, 0},
                0, E_INVALIDARG, QH_INVALID,
                "ID3D12Device::CreateQueryHeap: D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1 needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS9::MeshShaderPipelineStatsSupported, which is FALSE on "
                "nvidia-rtx-2080; returning E_INVALIDARG."},
        {"PIPELINE_STATISTICS1 on gtx-1080-ti", "nvidia-gtx-1080-ti", ENTRY_QUERY_HEAP, false,
                {PIPELINE_STATISTICS1, 2, 0}, 0, E_INVALIDARG, QH_INVALID, NULL},
        /* Video decode statistics: a video engine, which no simulated adapter has (as for the video
         * command list types). */
        {"VIDEO_DECODE_STATISTICS on rtx-4090", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false,
                {VIDEO_DECODE_STATISTICS, 2, 0}, 0, E_INVALIDARG, QH_VIDEO,
                "ID3D12Device::CreateQueryHeap: D3D12_QUERY_HEAP_TYPE_VIDEO_DECODE_STATISTICS needs a video engine, "
                "which nvidia-rtx-4090 does not have; returning E_INVALIDARG."},
        {"VIDEO_DECODE_STATISTICS on warp", "warp", ENTRY_QUERY_HEAP1, false, {VIDEO_DECODE_STATISTICS, 2, 0},
                D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE, E_INVALIDARG, QH_VIDEO, NULL},
        /* Type, count, node mask, description. */
        {"type 6 (between COPY_QUEUE_TIMESTAMP and PIPELINE_STATISTICS1)", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false,
                {(D3D12_QUERY_HEAP_TYPE)6, 1, 0}, 0, E_INVALIDARG, QH_INVALID,
                "ID3D12Device::CreateQueryHeap: Type 6 is no D3D12_QUERY_HEAP_TYPE; returning E_INVALIDARG."},
        {"type 8", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {(D3D12_QUERY_HEAP_TYPE)8, 1, 0}, 0, E_INVALIDARG,
                QH_INVALID, NULL},
        {"type -1", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {(D3D12_QUERY_HEAP_TYPE)-1, 1, 0}, 0, E_INVALIDARG,
                QH_INVALID, NULL},
        {"Count 0", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {OCCLUSION, 0, 0}, 0, E_INVALIDARG, QH_INVALID,
                "ID3D12Device::CreateQueryHeap: Count is 0; returning E_INVALIDARG."},
        {"Count 0 before the capability", "nvidia-gtx-1080-ti", ENTRY_QUERY_HEAP, false,
                {COPY_QUEUE_TIMESTAMP, 0, 0}, 0, E_INVALIDARG, QH_INVALID, NULL},
        {"node mask 1", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1, 1}, 0, S_OK, 0, NULL},
        {"node mask 2 (one node)", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1, 2}, 0, E_INVALIDARG,
                QH_INVALID,
                "ID3D12Device::CreateQueryHeap: NodeMask 0x2 is not one node of the adapter's 1; returning "
                "E_INVALIDARG."},
        {"node mask 3", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1, 3}, 0, E_INVALIDARG, QH_INVALID,
                NULL},
        {"node mask 2 of two nodes", "qheap-two-nodes", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1, 2}, 0, S_OK, 0, NULL},
        {"node mask 4 of two nodes", "qheap-two-nodes", ENTRY_QUERY_HEAP, false, {TIMESTAMP, 1, 4}, 0, E_INVALIDARG,
                QH_INVALID,
                "ID3D12Device::CreateQueryHeap: NodeMask 0x4 is not one node of the adapter's 2; returning "
                "E_INVALIDARG."},
        {"NULL description (Windows crashes)", "nvidia-rtx-4090", ENTRY_QUERY_HEAP, true, {OCCLUSION, 1, 0}, 0,
                E_INVALIDARG, QH_INVALID,
                "ID3D12Device::CreateQueryHeap: pDesc is NULL; returning E_INVALIDARG."},
        /* ID3D12Device15::CreateQueryHeap1: the same checks, and its flags. */
        {"CreateQueryHeap1 NONE", "nvidia-rtx-4090", ENTRY_QUERY_HEAP1, false, {TIMESTAMP, 16, 0},
                D3D12_QUERY_HEAP_FLAG_NONE, S_OK, 0, NULL},
        {"CreateQueryHeap1 CPU_RESOLVE", "nvidia-gtx-1080-ti", ENTRY_QUERY_HEAP1, false, {OCCLUSION, 16, 0},
                D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE, S_OK, 0, NULL},
        {"CreateQueryHeap1 flags 0x3", "nvidia-rtx-4090", ENTRY_QUERY_HEAP1, false, {TIMESTAMP, 16, 0},
                (D3D12_QUERY_HEAP_FLAGS)0x3, E_INVALIDARG, QH_FLAGS,
                "ID3D12Device15::CreateQueryHeap1: Flags 0x3 has bits (0x2) that are no D3D12_QUERY_HEAP_FLAGS; "
                "returning E_INVALIDARG."},
        {"CreateQueryHeap1 COPY_QUEUE_TIMESTAMP on gtx-1080-ti", "nvidia-gtx-1080-ti", ENTRY_QUERY_HEAP1, false,
                {COPY_QUEUE_TIMESTAMP, 4, 0}, D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE, E_INVALIDARG, QH_COPY,
                "ID3D12Device15::CreateQueryHeap1: D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS3::CopyQueueTimestampQueriesSupported, which is FALSE on "
                "nvidia-gtx-1080-ti; returning E_INVALIDARG."},
        {"CreateQueryHeap1 NULL description", "nvidia-rtx-4090", ENTRY_QUERY_HEAP1, true, {OCCLUSION, 1, 0},
                D3D12_QUERY_HEAP_FLAG_NONE, E_INVALIDARG, QH_INVALID,
                "ID3D12Device15::CreateQueryHeap1: pDesc is NULL; returning E_INVALIDARG."},
    };

    (void)state;
    run_query_heap_rows(rows, ARRAY_SIZE(rows));
}

/* ---- Command signatures ---- */

#define DRAW D3D12_INDIRECT_ARGUMENT_TYPE_DRAW
#define DRAW_INDEXED D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED
#define DISPATCH D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH
#define VBV D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW
#define IBV D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW
#define CONSTANT D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT
#define CBV D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW
#define SRV D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW
#define UAV D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW
#define RAYS D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS
#define MESH D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH

struct signature_row
{
    const char *name;
    const char *adapter;
    UINT stride;
    UINT count;                          /* of `arguments` */
    D3D12_INDIRECT_ARGUMENT_TYPE arguments[4];
    UINT constants;                      /* Num32BitValuesToSet of every CONSTANT */
    UINT node_mask;
    int root_signature;                  /* 0: NULL; FOREIGN: an object that is no root signature; REAL: one of
                                          * root_parameters' (the arguments then name parameters of their kind) */
    HRESULT hr;
    const char *text;                    /* the whole CREATECOMMANDSIGNATURE_INVALID message, or NULL */
};

enum { FOREIGN = 1, REAL = 2 };

/* The same in root signature 1.1. */
static ID3D12RootSignature *create_root_signature_1_1(ID3D12Device *device)
{
    D3D12_ROOT_PARAMETER1 parameters[4];
    D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc;
    ID3D12RootSignature *root_signature = NULL;
    ID3D10Blob *blob = NULL;
    unsigned i;

    memset(parameters, 0, sizeof(parameters));
    parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameters[0].Constants.Num32BitValues = 4;
    for (i = 1; i < 4; ++i)
    {
        parameters[i].ParameterType = (D3D12_ROOT_PARAMETER_TYPE)(D3D12_ROOT_PARAMETER_TYPE_CBV + i - 1);
        parameters[i].Descriptor.ShaderRegister = i;
    }
    memset(&desc, 0, sizeof(desc));
    desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
    desc.Desc_1_1.NumParameters = 4;
    desc.Desc_1_1.pParameters = parameters;
    assert_int_equal(D3D12SerializeVersionedRootSignature(&desc, &blob, NULL), S_OK);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature), S_OK);
    ID3D10Blob_Release(blob);
    return root_signature;
}

/* A root signature of `device`: [0] four 32-bit constants, [1] a root CBV, [2] a root SRV, [3] a root UAV. */
static ID3D12RootSignature *create_root_signature(ID3D12Device *device)
{
    D3D12_ROOT_PARAMETER parameters[4];
    D3D12_ROOT_SIGNATURE_DESC desc = {4, parameters, 0, NULL, D3D12_ROOT_SIGNATURE_FLAG_NONE};
    ID3D12RootSignature *root_signature = NULL;
    ID3D10Blob *blob = NULL;
    unsigned i;

    memset(parameters, 0, sizeof(parameters));
    parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameters[0].Constants.Num32BitValues = 4;
    for (i = 1; i < 4; ++i)
    {
        parameters[i].ParameterType = (D3D12_ROOT_PARAMETER_TYPE)(D3D12_ROOT_PARAMETER_TYPE_CBV + i - 1);
        parameters[i].Descriptor.ShaderRegister = i;
    }
    assert_int_equal(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, NULL), S_OK);
    assert_int_equal(ID3D12Device_CreateRootSignature(device, 0, ID3D10Blob_GetBufferPointer(blob),
            ID3D10Blob_GetBufferSize(blob), &IID_ID3D12RootSignature, (void **)&root_signature), S_OK);
    ID3D10Blob_Release(blob);
    return root_signature;
}

static void run_signature_rows(const struct signature_row *rows, size_t count)
{
    struct row_failures failures = {0};
    D3D12_INDIRECT_ARGUMENT_DESC arguments[4];
    D3D12_COMMAND_SIGNATURE_DESC desc;
    ID3D12CommandSignature *signature;
    ID3D12RootSignature *root;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    unsigned i, j;
    HRESULT hr;

    enable_debug_layer();
    for (i = 0; i < count; ++i)
    {
        memset(arguments, 0, sizeof(arguments));
        for (j = 0; j < rows[i].count; ++j)
        {
            arguments[j].Type = rows[i].arguments[j];
            if (arguments[j].Type == CONSTANT)
                arguments[j].Constant.Num32BitValuesToSet = rows[i].constants;
            /* With a real root signature, each argument names the parameter of its kind. */
            if (rows[i].root_signature == REAL && (arguments[j].Type == CBV || arguments[j].Type == SRV
                    || arguments[j].Type == UAV))
                arguments[j].ConstantBufferView.RootParameterIndex = 1 + (arguments[j].Type - CBV);
        }
        desc.ByteStride = rows[i].stride;
        desc.NumArgumentDescs = rows[i].count;
        desc.pArgumentDescs = arguments;
        desc.NodeMask = rows[i].node_mask;
        device = query_device_on(rows[i].adapter);
        root = rows[i].root_signature == REAL ? create_root_signature(device)
                : rows[i].root_signature == FOREIGN ? (ID3D12RootSignature *)device : NULL;
        info = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info);
        signature = SENTINEL;
        hr = ID3D12Device_CreateCommandSignature(device, &desc, root, &IID_ID3D12CommandSignature,
                (void **)&signature);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if (get_refcount(device) != 3u + (rows[i].root_signature == REAL))
                row_fail(&failures, i, rows[i].name, "device refcount %u", (unsigned)get_refcount(device));
            if (ID3D12CommandSignature_Release(signature))
                row_fail(&failures, i, rows[i].name, "signature references left");
        }
        else if (signature)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
        hr = ID3D12Device_CreateCommandSignature(device, &desc, root, &IID_ID3D12Heap, NULL);
        if (hr != (rows[i].hr == S_OK ? S_FALSE : rows[i].hr))
            row_fail(&failures, i, rows[i].name, "probe hr %#x", (unsigned)hr);
        check_messages(&failures, i, rows[i].name, info, rows[i].hr == S_OK ? 0 : CS_INVALID, rows[i].text);
        if (rows[i].root_signature == REAL)
            ID3D12RootSignature_Release(root);
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

#define CS(reason) "ID3D12Device::CreateCommandSignature: " reason "; returning E_INVALIDARG."

static void test_create_command_signature(void **state)
{
    static const struct signature_row rows[] =
    {
        /* vkd3d's and vkd3d-proton's test_create_command_signature (ByteStride 1024). */
        {"3 DRAW", "nvidia-rtx-4090", 1024, 3, {DRAW, DRAW, DRAW}, 0, 0, 0, E_INVALIDARG,
                CS("pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_DRAW) draws or dispatches but is not the last "
                "argument: a command signature has one draw or dispatch, its last argument")},
        {"3 DRAW_INDEXED", "nvidia-rtx-4090", 1024, 3, {DRAW_INDEXED, DRAW_INDEXED, DRAW_INDEXED}, 0, 0, 0,
                E_INVALIDARG, NULL},
        {"3 DISPATCH", "nvidia-rtx-4090", 1024, 3, {DISPATCH, DISPATCH, DISPATCH}, 0, 0, 0, E_INVALIDARG, NULL},
        {"DISPATCH, DRAW", "nvidia-rtx-4090", 1024, 2, {DISPATCH, DRAW}, 0, 0, 0, E_INVALIDARG, NULL},
        {"DRAW 1024", "nvidia-rtx-4090", 1024, 1, {DRAW}, 0, 0, 0, S_OK, NULL},
        /* The sizes vkd3d's create_command_signature() uses, NULL root signature. */
        {"DRAW", "min-fl11_0", sizeof(D3D12_DRAW_ARGUMENTS), 1, {DRAW}, 0, 0, 0, S_OK, NULL},
        {"DRAW_INDEXED", "min-fl11_0", sizeof(D3D12_DRAW_INDEXED_ARGUMENTS), 1, {DRAW_INDEXED}, 0, 0, 0, S_OK,
                NULL},
        {"DISPATCH", "min-fl11_0", sizeof(D3D12_DISPATCH_ARGUMENTS), 1, {DISPATCH}, 0, 0, 0, S_OK, NULL},
        /* test_execute_indirect_state: no draw, or not last. */
        {"VERTEX_BUFFER_VIEW alone", "nvidia-rtx-4090", sizeof(D3D12_VERTEX_BUFFER_VIEW), 1, {VBV}, 0, 0, 0,
                E_INVALIDARG,
                CS("the last argument, pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW), neither "
                "draws nor dispatches: a command signature ends with one draw or dispatch")},
        {"DRAW_INDEXED, VERTEX_BUFFER_VIEW", "nvidia-rtx-4090", 36, 2, {DRAW_INDEXED, VBV}, 0, 0, 0,
                E_INVALIDARG, NULL},
        {"2 DRAW_INDEXED", "nvidia-rtx-4090", 40, 2, {DRAW_INDEXED, DRAW_INDEXED}, 0, 0, 0, E_INVALIDARG,
                NULL},
        /* Vertex and index buffers need no root signature; arguments are packed. */
        {"2 VERTEX_BUFFER_VIEW, DRAW_INDEXED", "nvidia-rtx-4090", 52, 3, {VBV, VBV, DRAW_INDEXED}, 0, 0, 0,
                S_OK, NULL},
        {"2 VERTEX_BUFFER_VIEW, DRAW_INDEXED, stride 48", "nvidia-rtx-4090", 48, 3, {VBV, VBV, DRAW_INDEXED}, 0, 0,
                false, E_INVALIDARG, CS("ByteStride 48 is less than the 52 bytes the arguments take")},
        {"INDEX_BUFFER_VIEW, DRAW_INDEXED", "nvidia-rtx-4090", 36, 2, {IBV, DRAW_INDEXED}, 0, 0, 0, S_OK, NULL},
        /* ByteStride. */
        {"DRAW, stride 12", "nvidia-rtx-4090", 12, 1, {DRAW}, 0, 0, 0, E_INVALIDARG,
                CS("ByteStride 12 is less than the 16 bytes the arguments take")},
        {"DRAW, stride 18", "nvidia-rtx-4090", 18, 1, {DRAW}, 0, 0, 0, E_INVALIDARG,
                CS("ByteStride 18 is not a multiple of 4")},
        {"DRAW, stride 0", "nvidia-rtx-4090", 0, 1, {DRAW}, 0, 0, 0, E_INVALIDARG, NULL},
        /* Root arguments need a root signature (none is ours yet). */
        {"CONSTANT x2, DRAW_INDEXED", "nvidia-rtx-4090", 28, 2, {CONSTANT, DRAW_INDEXED}, 2, 0, 0, E_INVALIDARG,
                CS("a D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT argument changes root arguments, but pRootSignature is "
                "NULL")},
        {"CONSTANT x2, DRAW_INDEXED, stride 24", "nvidia-rtx-4090", 24, 2, {CONSTANT, DRAW_INDEXED}, 2, 0, false,
                E_INVALIDARG, CS("ByteStride 24 is less than the 28 bytes the arguments take")},
        {"CBV, SRV, UAV, DRAW", "nvidia-rtx-4090", 40, 4, {CBV, SRV, UAV, DRAW}, 0, 0, 0, E_INVALIDARG,
                CS("a D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW argument changes root arguments, but "
                "pRootSignature is NULL")},
        {"CBV, SRV, UAV, DRAW, stride 36", "nvidia-rtx-4090", 36, 4, {CBV, SRV, UAV, DRAW}, 0, 0, 0,
                E_INVALIDARG, CS("ByteStride 36 is less than the 40 bytes the arguments take")},
        {"UAV, DISPATCH", "nvidia-rtx-4090", 20, 2, {UAV, DISPATCH}, 0, 0, 0, E_INVALIDARG, NULL},
        {"CONSTANT, DRAW with an object that is no root signature", "nvidia-rtx-4090", 20, 2, {CONSTANT, DRAW}, 1, 0,
                FOREIGN, E_INVALIDARG, CS("pRootSignature is not a root signature of this device")},
        {"DRAW with an object that is no root signature", "nvidia-rtx-4090", 16, 1, {DRAW}, 0, 0, FOREIGN,
                E_INVALIDARG, NULL},
        {"CONSTANT, DRAW with a root signature", "nvidia-rtx-4090", 20, 2, {CONSTANT, DRAW}, 1, 0, REAL, S_OK, NULL},
        {"CBV, SRV, UAV, DRAW with a root signature", "nvidia-rtx-4090", 40, 4, {CBV, SRV, UAV, DRAW}, 0, 0, REAL,
                S_OK, NULL},
        {"DRAW with a root signature", "nvidia-rtx-4090", 16, 1, {DRAW}, 0, 0, REAL, S_OK, NULL},
        {"INCREMENTING_CONSTANT, DRAW with a root signature", "nvidia-rtx-4090", 16, 2, {INCREMENTING_CONSTANT, DRAW}, 0, 0,
                REAL, S_OK, NULL},
        {"5 CONSTANTs past the parameter's 4", "nvidia-rtx-4090", 36, 2, {CONSTANT, DRAW}, 5, 0, REAL,
                E_INVALIDARG, CS("pArgumentDescs[0] sets 32-bit values 0 to 4 of root parameter 0, which has 4")},
        /* Mesh dispatch: D3D12_OPTIONS7.MeshShaderTier (vkd3d-proton's mesh shader tests: stride 12). */
        {"DISPATCH_MESH on rtx-4090", "nvidia-rtx-4090", 12, 1, {MESH}, 0, 0, 0, S_OK, NULL},
        {"DISPATCH_MESH on gtx-1080-ti", "nvidia-gtx-1080-ti", 12, 1, {MESH}, 0, 0, 0, E_INVALIDARG,
                CS("pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH) needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS7::MeshShaderTier >= D3D12_MESH_SHADER_TIER_1, which is "
                "D3D12_MESH_SHADER_TIER_NOT_SUPPORTED on nvidia-gtx-1080-ti")},
        {"DISPATCH_MESH, tier 5", "qheap-odd-mesh-tier", 12, 1, {MESH}, 0, 0, 0, E_INVALIDARG,
                CS("pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH) needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS7::MeshShaderTier >= D3D12_MESH_SHADER_TIER_1, which is "
                "5 on qheap-odd-mesh-tier")},
        {"DISPATCH_MESH on warp", "warp", 12, 1, {MESH}, 0, 0, 0, S_OK, NULL},
        /* Ray dispatch: D3D12_OPTIONS5.RaytracingTier 1.1. */
        {"DISPATCH_RAYS on rtx-4090", "nvidia-rtx-4090", sizeof(D3D12_DISPATCH_RAYS_DESC), 1, {RAYS}, 0, 0, 0,
                S_OK, NULL},
        {"DISPATCH_RAYS on gtx-1080-ti (tier 1.0)", "nvidia-gtx-1080-ti", sizeof(D3D12_DISPATCH_RAYS_DESC), 1,
                {RAYS}, 0, 0, 0, E_INVALIDARG,
                CS("pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS) needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier >= D3D12_RAYTRACING_TIER_1_1, which is "
                "D3D12_RAYTRACING_TIER_1_0 on nvidia-gtx-1080-ti")},
        {"DISPATCH_RAYS on rx-5700-xt", "amd-rx-5700-xt", sizeof(D3D12_DISPATCH_RAYS_DESC), 1, {RAYS}, 0, 0, 0,
                E_INVALIDARG, NULL},
        {"DISPATCH_RAYS, stride 96", "nvidia-rtx-4090", 96, 1, {RAYS}, 0, 0, 0, E_INVALIDARG, NULL},
        /* Incrementing constants: D3D12_OPTIONS21.ExecuteIndirectTier 1.1; they take no room
         * (test_execute_indirect_tier_1_1), and change root arguments. */
        {"INCREMENTING_CONSTANT, DRAW on rtx-4090", "nvidia-rtx-4090", 16, 2, {INCREMENTING_CONSTANT, DRAW}, 0, 0,
                false, E_INVALIDARG,
                CS("a D3D12_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT argument changes root arguments, but "
                "pRootSignature is NULL")},
        {"INCREMENTING_CONSTANT, DRAW on rtx-2080", "nvidia-rtx-2080", 16, 2, {INCREMENTING_CONSTANT, DRAW}, 0, 0,
                false, E_INVALIDARG,
                CS("pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT) needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS21::ExecuteIndirectTier >= D3D12_EXECUTE_INDIRECT_TIER_1_1, "
                "which is D3D12_EXECUTE_INDIRECT_TIER_1_0 on nvidia-rtx-2080")},
        /* The argument list and the node mask. */
        {"no arguments", "nvidia-rtx-4090", 16, 0, {DRAW}, 0, 0, 0, E_INVALIDARG, CS("NumArgumentDescs is 0")},
        {"type 12", "nvidia-rtx-4090", 16, 1, {(D3D12_INDIRECT_ARGUMENT_TYPE)12}, 0, 0, 0, E_INVALIDARG,
                CS("pArgumentDescs[0].Type 12 is no D3D12_INDIRECT_ARGUMENT_TYPE")},
        {"VERTEX_BUFFER_VIEW, type -1", "nvidia-rtx-4090", 32, 2, {VBV, (D3D12_INDIRECT_ARGUMENT_TYPE)-1}, 0, 0,
                false, E_INVALIDARG, NULL},
        {"node mask 1", "nvidia-rtx-4090", 16, 1, {DRAW}, 0, 1, 0, S_OK, NULL},
        {"node mask 2", "nvidia-rtx-4090", 16, 1, {DRAW}, 0, 2, 0, E_INVALIDARG,
                CS("NodeMask 0x2 is not one node of the adapter's 1")},
        {"node mask 2 of two nodes", "qheap-two-nodes", 16, 1, {DRAW}, 0, 2, 0, S_OK, NULL},
    };

    (void)state;
    run_signature_rows(rows, ARRAY_SIZE(rows));
}

/* A runtime older than OPTIONS21 (SDK 613) knows no incrementing constant. */
static void test_command_signature_before_options21(void **state)
{
    static const struct signature_row rows[] =
    {
        {"INCREMENTING_CONSTANT, DRAW on rtx-4090", "nvidia-rtx-4090", 16, 2, {INCREMENTING_CONSTANT, DRAW}, 0, 0,
                false, E_INVALIDARG,
                CS("pArgumentDescs[0] (D3D12_INDIRECT_ARGUMENT_TYPE_INCREMENTING_CONSTANT) needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS21::ExecuteIndirectTier, which this runtime (SDK 608) does not "
                "report on nvidia-rtx-4090")},
        {"DISPATCH_MESH on rtx-4090", "nvidia-rtx-4090", 12, 1, {MESH}, 0, 0, 0, S_OK, NULL},
    };
    mockd3d12_runtime runtime;

    (void)state;
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    runtime.kind = MOCKD3D12_RUNTIME_RETAIL;
    runtime.sdk_version = 608;
    runtime.preview_sdk_version = 706;
    runtime.cutoff_sdk_version = 620;
    runtime.cutoff_preview_sdk_version = 721;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    run_signature_rows(rows, ARRAY_SIZE(rows));
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* Arguments that name a root parameter of the wrong kind or past the root
 * signature's, and a root signature of another device. */
static void test_command_signature_root_parameters(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_INDIRECT_ARGUMENT_TYPE type;
        UINT index;
        bool other_device;
        const char *text;
    }
    rows[] =
    {
        {"CONSTANT into a root CBV", D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT, 1, false,
                CS("pArgumentDescs[0] sets root parameter 1 as 32-bit constants, but it is root CBV in pRootSignature")},
        {"UAV into the constants", D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW, 0, false,
                CS("pArgumentDescs[0] sets root parameter 0 as root UAV, but it is 32-bit constants in pRootSignature")},
        {"SRV past the parameters", D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW, 7, false,
                CS("pArgumentDescs[0] sets root parameter 7, which pRootSignature does not have")},
        {"another device's root signature", D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW, 1, true,
                CS("pRootSignature is not a root signature of this device")},
        /* other_device false, index 9: the 1.0 root signature of the device. */
        {"UAV past a 1.0 root signature's parameters", D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW, 9, false,
                CS("pArgumentDescs[0] sets root parameter 9, which pRootSignature does not have")},
    };
    struct row_failures failures = {0};
    D3D12_INDIRECT_ARGUMENT_DESC arguments[2];
    D3D12_COMMAND_SIGNATURE_DESC desc = {40, 2, arguments, 0};
    ID3D12RootSignature *root, *other_root, *root_1_0, *used;
    ID3D12CommandSignature *signature;
    ID3D12Device *device, *other;
    ID3D12InfoQueue *info;
    unsigned i;

    (void)state;
    enable_debug_layer();
    device = query_device_on("nvidia-rtx-4090");
    other = query_device_on("warp");
    info = info_queue(device);
    root = create_root_signature_1_1(device); /* 1.1: its parameters are D3D12_ROOT_PARAMETER1s */
    other_root = create_root_signature(other);
    root_1_0 = create_root_signature(device);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        used = rows[i].other_device ? other_root : rows[i].index == 9 ? root_1_0 : root;
        memset(arguments, 0, sizeof(arguments));
        arguments[0].Type = rows[i].type;
        if (rows[i].type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT)
        {
            arguments[0].Constant.RootParameterIndex = rows[i].index;
            arguments[0].Constant.Num32BitValuesToSet = 1;
        }
        else
            arguments[0].ConstantBufferView.RootParameterIndex = rows[i].index;
        arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
        ID3D12InfoQueue_ClearStoredMessages(info);
        signature = SENTINEL;
        if (ID3D12Device_CreateCommandSignature(device, &desc, used, &IID_ID3D12CommandSignature,
                (void **)&signature) != E_INVALIDARG || signature)
            row_fail(&failures, i, rows[i].name, "not refused");
        /* The probe refuses alike. */
        if (ID3D12Device_CreateCommandSignature(device, &desc, used, &IID_ID3D12CommandSignature, NULL)
                != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "probe not refused");
        check_messages(&failures, i, rows[i].name, info, CS_INVALID, rows[i].text);
    }
    ID3D12RootSignature_Release(root_1_0);
    ID3D12RootSignature_Release(other_root);
    ID3D12RootSignature_Release(root);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(other), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* The descriptions that are not there: NULL, and NULL arguments. */
static void test_command_signature_null_desc(void **state)
{
    D3D12_COMMAND_SIGNATURE_DESC desc = {16, 1, NULL, 0};
    ID3D12CommandSignature *signature;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;

    (void)state;
    enable_debug_layer();
    device = query_device_on("nvidia-rtx-4090");
    info = info_queue(device);
    ID3D12InfoQueue_ClearStoredMessages(info);
    signature = SENTINEL;
    assert_int_equal(ID3D12Device_CreateCommandSignature(device, NULL, NULL, &IID_ID3D12CommandSignature,
            (void **)&signature), E_INVALIDARG);
    assert_null(signature);
    assert_string_equal(message_text(info, 0, &id), CS("pDesc is NULL"));
    assert_int_equal(id, CS_INVALID);
    assert_int_equal(ID3D12Device_CreateCommandSignature(device, &desc, NULL, &IID_ID3D12CommandSignature, NULL),
            E_INVALIDARG);
    assert_string_equal(message_text(info, 1, &id), CS("pArgumentDescs is NULL but NumArgumentDescs is 1"));
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- The objects: COM identity, references, private data, removal, live objects ---- */

static HRESULT create_query_heap_object(ID3D12Device *device, REFIID riid, void **out)
{
    D3D12_QUERY_HEAP_DESC desc = {D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 64, 0};

    return ID3D12Device_CreateQueryHeap(device, &desc, riid, out);
}

static HRESULT create_signature_object(ID3D12Device *device, REFIID riid, void **out)
{
    D3D12_INDIRECT_ARGUMENT_DESC arguments[2];
    D3D12_COMMAND_SIGNATURE_DESC desc = {32, ARRAY_SIZE(arguments), arguments, 0};

    memset(arguments, 0, sizeof(arguments));
    arguments[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW;
    arguments[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;

    return ID3D12Device_CreateCommandSignature(device, &desc, NULL, riid, out);
}

static const struct object_kind
{
    const char *name;
    HRESULT (*create)(ID3D12Device *device, REFIID riid, void **out);
    const IID *iid;
    const IID *other_iid; /* the other kind's */
    const char *live_type;
    D3D12_MESSAGE_ID live_id;
}
object_kinds[] =
{
    {"query heap", create_query_heap_object, &IID_ID3D12QueryHeap, &IID_ID3D12CommandSignature, "ID3D12QueryHeap",
            D3D12_MESSAGE_ID_LIVE_QUERYHEAP},
    {"command signature", create_signature_object, &IID_ID3D12CommandSignature, &IID_ID3D12QueryHeap,
            "ID3D12CommandSignature", D3D12_MESSAGE_ID_LIVE_COMMANDSIGNATURE},
};

static ID3D12DeviceChild *create_object(const struct object_kind *kind, ID3D12Device *device)
{
    ID3D12DeviceChild *object = NULL;

    assert_int_equal(kind->create(device, kind->iid, (void **)&object), S_OK);
    assert_non_null(object);
    return object;
}

static void test_object_identity(void **state)
{
    struct row_failures failures = {0};
    const struct object_kind *kind;
    ID3D12Device *device, *other;
    ID3D12DeviceChild *object;
    const IID *iids[9];
    HRESULT expected, hr;
    unsigned k, i;
    void *out;

    (void)state;
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
    {
        kind = &object_kinds[k];
        device = query_device_on(NULL);
        object = create_object(kind, device);
        /* The object holds its device (test_object_interface: 1 -> 2). */
        if (get_refcount(device) != 2 || get_refcount(object) != 1)
            row_fail(&failures, k, kind->name, "refcounts %u %u", (unsigned)get_refcount(device),
                    (unsigned)get_refcount(object));

        iids[0] = &IID_IUnknown;
        iids[1] = &IID_ID3D12Object;
        iids[2] = &IID_ID3D12DeviceChild;
        iids[3] = &IID_ID3D12Pageable;
        iids[4] = kind->iid;
        iids[5] = kind->other_iid;
        iids[6] = &IID_ID3D12Heap;
        iids[7] = &IID_ID3D12DescriptorHeap;
        iids[8] = &IID_ID3D12Device;
        for (i = 0; i < ARRAY_SIZE(iids); ++i)
        {
            expected = i < 5 ? S_OK : E_NOINTERFACE;
            out = SENTINEL;
            hr = ID3D12DeviceChild_QueryInterface(object, iids[i], &out);
            if (hr != expected)
                row_fail(&failures, k, kind->name, "IID %u: hr %#x", i, (unsigned)hr);
            else if (hr == S_OK && (out != object || get_refcount(object) != 2))
                row_fail(&failures, k, kind->name, "IID %u: pointer %p, refcount %u", i, out,
                        (unsigned)get_refcount(object));
            else if (hr != S_OK && out)
                row_fail(&failures, k, kind->name, "IID %u: output not cleared", i);
            if (hr == S_OK)
                IUnknown_Release((IUnknown *)out);
        }
        if (ID3D12DeviceChild_QueryInterface(object, &IID_IUnknown, NULL) != E_POINTER)
            row_fail(&failures, k, kind->name, "QueryInterface(NULL output) not E_POINTER");
        out = SENTINEL;
        if (ID3D12DeviceChild_QueryInterface(object, NULL, &out) != E_INVALIDARG || out)
            row_fail(&failures, k, kind->name, "QueryInterface(NULL IID) not E_INVALIDARG");

        /* GetDevice: the device's QueryInterface. */
        other = NULL;
        if (ID3D12DeviceChild_GetDevice(object, &IID_ID3D12Device, (void **)&other) != S_OK || other != device
                || get_refcount(device) != 3)
            row_fail(&failures, k, kind->name, "GetDevice");
        if (other)
            ID3D12Device_Release(other);
        out = SENTINEL;
        if (ID3D12DeviceChild_GetDevice(object, &IID_ID3D12Fence, &out) != E_NOINTERFACE || out)
            row_fail(&failures, k, kind->name, "GetDevice(ID3D12Fence)");

        /* AddRef/Release count, and the last Release gives the device back. */
        if (ID3D12DeviceChild_AddRef(object) != 2 || ID3D12DeviceChild_Release(object) != 1
                || ID3D12DeviceChild_Release(object) != 0 || get_refcount(device) != 1)
            row_fail(&failures, k, kind->name, "AddRef/Release");

        /* Creation: a NULL IID, an IID the object lacks, IUnknown. */
        out = SENTINEL;
        if (kind->create(device, NULL, &out) != E_INVALIDARG || out)
            row_fail(&failures, k, kind->name, "creation with a NULL IID");
        out = SENTINEL;
        if (kind->create(device, &IID_ID3D12Heap, &out) != E_NOINTERFACE || out)
            row_fail(&failures, k, kind->name, "creation as ID3D12Heap");
        out = NULL;
        if (kind->create(device, &IID_IUnknown, &out) != S_OK || !out)
            row_fail(&failures, k, kind->name, "creation as IUnknown");
        if (out)
            IUnknown_Release((IUnknown *)out);
        if (ID3D12Device_Release(device))
            row_fail(&failures, k, kind->name, "device references left");
    }
    rows_done(&failures);
}

static void test_object_private_data(void **state)
{
    struct row_failures failures = {0};
    ID3D12DeviceChild *object, *other;
    UINT value, size;
    ID3D12Device *device;
    IUnknown *stored;
    unsigned k;

    (void)state;
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
    {
        device = query_device_on(NULL);
        object = create_object(&object_kinds[k], device);
        other = create_object(&object_kinds[k], device);

        value = 0x1234;
        assert_int_equal(ID3D12DeviceChild_SetPrivateData(object, &test_guid, sizeof(value), &value), S_OK);
        value = 0;
        size = sizeof(value);
        if (ID3D12DeviceChild_GetPrivateData(object, &test_guid, &size, &value) != S_OK || value != 0x1234)
            row_fail(&failures, k, object_kinds[k].name, "GetPrivateData %#x", value);
        /* Each object has its own store. */
        size = sizeof(value);
        if (ID3D12DeviceChild_GetPrivateData(other, &test_guid, &size, &value) != DXGI_ERROR_NOT_FOUND)
            row_fail(&failures, k, object_kinds[k].name, "the other object has the data");

        /* An interface is AddRef'd until replaced. */
        assert_int_equal(ID3D12DeviceChild_SetPrivateDataInterface(object, &test_guid, (IUnknown *)other), S_OK);
        if (get_refcount(other) != 2)
            row_fail(&failures, k, object_kinds[k].name, "stored interface refcount %u", (unsigned)get_refcount(other));
        size = sizeof(stored);
        stored = NULL;
        if (ID3D12DeviceChild_GetPrivateData(object, &test_guid, &size, &stored) != S_OK
                || stored != (IUnknown *)other)
            row_fail(&failures, k, object_kinds[k].name, "stored interface");
        if (stored)
            IUnknown_Release(stored);

        assert_int_equal(ID3D12DeviceChild_SetName(object, L"queries"), S_OK);
        size = 0;
        if (ID3D12DeviceChild_GetPrivateData(object, &WKPDID_D3DDebugObjectNameW, &size, NULL) != S_OK
                || size != sizeof(L"queries"))
            row_fail(&failures, k, object_kinds[k].name, "name size %u", size);

        /* Released with an interface stored: the interface is released too. */
        assert_int_equal(ID3D12DeviceChild_Release(object), 0);
        if (get_refcount(other) != 1)
            row_fail(&failures, k, object_kinds[k].name, "stored interface not released");
        assert_int_equal(ID3D12DeviceChild_Release(other), 0);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* After RemoveDevice nothing is created: DXGI_ERROR_DEVICE_REMOVED, probes
 * included; objects created before stay usable. */
static void test_removed_device(void **state)
{
    D3D12_QUERY_HEAP_DESC heap_desc = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, 4, 0};
    struct row_failures failures = {0};
    ID3D12DeviceChild *before;
    ID3D12Device15 *device15;
    ID3D12Device *device;
    void *out;
    unsigned k;

    (void)state;
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
    {
        device = query_device_on("warp");
        before = create_object(&object_kinds[k], device);
        assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device15, (void **)&device15), S_OK);
        ID3D12Device15_RemoveDevice(device15);
        out = SENTINEL;
        if (object_kinds[k].create(device, object_kinds[k].iid, &out) != DXGI_ERROR_DEVICE_REMOVED || out)
            row_fail(&failures, k, object_kinds[k].name, "created after removal");
        if (object_kinds[k].create(device, object_kinds[k].iid, NULL) != DXGI_ERROR_DEVICE_REMOVED)
            row_fail(&failures, k, object_kinds[k].name, "probe after removal");
        out = SENTINEL;
        if (ID3D12Device15_CreateQueryHeap1(device15, &heap_desc, D3D12_QUERY_HEAP_FLAG_NONE, &IID_ID3D12QueryHeap,
                &out) != DXGI_ERROR_DEVICE_REMOVED || out)
            row_fail(&failures, k, object_kinds[k].name, "CreateQueryHeap1 after removal");
        if (ID3D12DeviceChild_SetName(before, L"still here") != S_OK)
            row_fail(&failures, k, object_kinds[k].name, "the object made before is not usable");
        ID3D12DeviceChild_Release(before);
        ID3D12Device15_Release(device15);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    rows_done(&failures);
}

/* ReportLiveDeviceObjects lists live query heaps and signatures with their names. */
static void test_live_objects(void **state)
{
    struct row_failures failures = {0};
    ID3D12DebugDevice *debug_device;
    ID3D12DeviceChild *objects[2][2];
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    char expected[256];
    const char *text;
    UINT64 i, count;
    unsigned k, j, found;

    (void)state;
    enable_debug_layer();
    device = query_device_on(NULL);
    info = info_queue(device);
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
        for (j = 0; j < 2; ++j)
            objects[k][j] = create_object(&object_kinds[k], device);
    assert_int_equal(ID3D12DeviceChild_SetName(objects[0][1], L"timestamps"), S_OK);
    assert_int_equal(ID3D12DeviceChild_SetName(objects[1][1], L"draws"), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
    {
        for (j = 0; j < 2; ++j)
        {
            snprintf(expected, sizeof(expected), "\tLive %s at 0x%016llX%s%s, Refcount: 1, IntRef: 0",
                    object_kinds[k].live_type, (unsigned long long)(uintptr_t)objects[k][j], j ? ", Name: " : "",
                    j ? (k ? "draws" : "timestamps") : "");
            for (i = 0, found = 0; i < count; ++i)
            {
                text = message_text(info, i, &id);
                found += !strcmp(text, expected) && id == object_kinds[k].live_id;
            }
            if (found != 1)
                row_fail(&failures, k, object_kinds[k].name, "object %u found %u times as \"%s\"", j, found, expected);
        }
    }
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
        for (j = 0; j < 2; ++j)
            ID3D12DeviceChild_Release(objects[k][j]);
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

/* Each object is one allocation, a timestamp heap (the one made here) and a
 * signature two: it and its timestamps, it and its arguments. With any of them failing,
 * E_OUTOFMEMORY, nothing created, no reference left; past them, created. */
static void test_out_of_memory(void **state)
{
    static const unsigned allocations[] = {2, 2};
    struct row_failures failures = {0};
    ID3D12Device *device;
    unsigned k, n;
    HRESULT hr;
    void *out;

    (void)state;
    device = query_device_on("nvidia-rtx-4090");
    for (k = 0; k < ARRAY_SIZE(object_kinds); ++k)
    {
        for (n = 0; n <= allocations[k]; ++n)
        {
            out = SENTINEL;
            mk_alloc_fail_after(n);
            hr = object_kinds[k].create(device, object_kinds[k].iid, &out);
            mk_alloc_fail_after(-1);
            if (hr != (n < allocations[k] ? E_OUTOFMEMORY : S_OK))
                row_fail(&failures, k, object_kinds[k].name, "allocation %u failing: hr %#x", n, (unsigned)hr);
            if (FAILED(hr) && (out || get_refcount(device) != 1))
                row_fail(&failures, k, object_kinds[k].name, "allocation %u failing: left something", n);
            if (SUCCEEDED(hr))
                IUnknown_Release((IUnknown *)out);
        }
    }
    assert_int_equal(ID3D12Device_Release(device), 0);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_create_query_heap, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_create_command_signature, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_command_signature_before_options21, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_command_signature_null_desc, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_command_signature_root_parameters, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_object_identity, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_object_private_data, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_removed_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_objects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
