/*
 * Queries (docs/objects.md, "Queries"): BeginQuery, EndQuery and
 * ResolveQueryData recorded, refused as the runtime refuses them, performed
 * when the list executes; ID3D12Device15::ResolveQueryData. The values are
 * Windows' as vkd3d's tests/d3d12.c records them (test_query_timestamp:
 * timestamps monotonic and bounded by the CPU time at the queue's
 * frequency; test_resolve_non_issued_query_data: a timestamp query never
 * written resolves to 0), with zeros for every query of work never drawn.
 * The refusals are the documentation's (ResolveQueryData's "core runtime
 * validates" list, BeginQuery's runtime validation, D3D12_QUERY_HEAP_TYPE's
 * copy-queue rule) and the DirectX-Specs' (CPU timeline query resolution).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <time.h>

#include "alloc.h"
#include "query_heap.h"

/* What one test works with: a device with the debug layer, a queue, an
 * allocator and an open list of `type`, a fence. */
struct context
{
    ID3D12Device *device;
    ID3D12InfoQueue *info;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    UINT64 fence_value;
};

static void context_init(struct context *c, const char *adapter, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_COMMAND_QUEUE_DESC queue_desc = {type == D3D12_COMMAND_LIST_TYPE_BUNDLE ? D3D12_COMMAND_LIST_TYPE_DIRECT
            : type, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};

    memset(c, 0, sizeof(*c));
    enable_debug_layer();
    c->device = create_device_on(adapter);
    c->info = info_queue(c->device);
    assert_int_equal(ID3D12Device_CreateCommandQueue(c->device, &queue_desc, &IID_ID3D12CommandQueue,
            (void **)&c->queue), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandAllocator(c->device, type, &IID_ID3D12CommandAllocator,
            (void **)&c->allocator), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandList(c->device, 0, type, c->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&c->list), S_OK);
    assert_int_equal(ID3D12Device_CreateFence(c->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&c->fence), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(c->info);
}

static void context_destroy(struct context *c)
{
    ID3D12Fence_Release(c->fence);
    ID3D12GraphicsCommandList_Release(c->list);
    ID3D12CommandAllocator_Release(c->allocator);
    ID3D12CommandQueue_Release(c->queue);
    ID3D12InfoQueue_Release(c->info);
    assert_int_equal(ID3D12Device_Release(c->device), 0);
}

/* Closes, executes, signals and waits: the list's work is done. */
static void execute_and_wait(struct context *c)
{
    ID3D12CommandList *lists[1];

    assert_int_equal(ID3D12GraphicsCommandList_Close(c->list), S_OK);
    lists[0] = (ID3D12CommandList *)c->list;
    ID3D12CommandQueue_ExecuteCommandLists(c->queue, 1, lists);
    assert_int_equal(ID3D12CommandQueue_Signal(c->queue, c->fence, ++c->fence_value), S_OK);
    assert_int_equal(ID3D12Fence_GetCompletedValue(c->fence), c->fence_value);
}

static void reset_list(struct context *c)
{
    assert_int_equal(ID3D12CommandAllocator_Reset(c->allocator), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList_Reset(c->list, c->allocator, NULL), S_OK);
}

static ID3D12QueryHeap *create_heap(ID3D12Device *device, D3D12_QUERY_HEAP_TYPE type, UINT count)
{
    D3D12_QUERY_HEAP_DESC desc = {type, count, 0};
    ID3D12QueryHeap *heap = NULL;

    assert_int_equal(ID3D12Device_CreateQueryHeap(device, &desc, &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    return heap;
}

static ID3D12QueryHeap *create_cpu_heap(ID3D12Device *device, D3D12_QUERY_HEAP_TYPE type, UINT count)
{
    D3D12_QUERY_HEAP_DESC desc = {type, count, 0};
    ID3D12QueryHeap *heap = NULL;
    ID3D12Device15 *device15;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device15, (void **)&device15), S_OK);
    assert_int_equal(ID3D12Device15_CreateQueryHeap1(device15, &desc, D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE,
            &IID_ID3D12QueryHeap, (void **)&heap), S_OK);
    ID3D12Device15_Release(device15);
    return heap;
}

/* A buffer of `width` bytes on a heap of `type`, filled with `fill` where the CPU can write it. */
static ID3D12Resource *create_buffer(ID3D12Device *device, D3D12_HEAP_TYPE type, UINT64 width, int fill)
{
    D3D12_HEAP_PROPERTIES props = {type, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, width, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    D3D12_RESOURCE_STATES state = type == D3D12_HEAP_TYPE_UPLOAD ? D3D12_RESOURCE_STATE_GENERIC_READ
            : D3D12_RESOURCE_STATE_COPY_DEST;
    ID3D12Resource *resource = NULL;
    void *data;

    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &props, D3D12_HEAP_FLAG_NONE, &desc, state, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    if (type != D3D12_HEAP_TYPE_DEFAULT && fill >= 0) /* fill < 0: its bytes as created, never touched */
    {
        assert_int_equal(ID3D12Resource_Map(resource, 0, NULL, &data), S_OK);
        memset(data, fill, (size_t)width);
        ID3D12Resource_Unmap(resource, 0, NULL);
    }
    return resource;
}

/* The buffer's bytes [offset, offset + size) into `out`. */
static void read_buffer(ID3D12Resource *resource, size_t offset, void *out, size_t size)
{
    void *data;

    assert_int_equal(ID3D12Resource_Map(resource, 0, NULL, &data), S_OK);
    memcpy(out, (unsigned char *)data + offset, size);
    ID3D12Resource_Unmap(resource, 0, NULL);
}

/* The one stored message is `id` and contains `part`; false (and why in the row) otherwise. */
static void expect_message(struct row_failures *failures, unsigned row, const char *name, ID3D12InfoQueue *info,
        D3D12_MESSAGE_ID id, const char *part)
{
    D3D12_MESSAGE_ID got;
    const char *text;

    if (ID3D12InfoQueue_GetNumStoredMessages(info) != 1)
    {
        row_fail(failures, row, name, "%llu messages, want 1",
                (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        ID3D12InfoQueue_ClearStoredMessages(info);
        return;
    }
    text = message_text(info, 0, &got);
    if (got != id || !strstr(text, part))
        row_fail(failures, row, name, "message %d \"%s\", want %d with \"%s\"", got, text, id, part);
    ID3D12InfoQueue_ClearStoredMessages(info);
}

/* ---- Refusals ---- */

enum call
{
    CALL_BEGIN,
    CALL_END,
    CALL_RESOLVE,
};

/* Which objects a row names. */
enum heap_choice { HEAP_OCCLUSION, HEAP_TIMESTAMP, HEAP_PIPELINE, HEAP_SO, HEAP_COPY, HEAP_CPU, HEAP_NULL, HEAP_FOREIGN };
enum dest_choice { DEST_READBACK, DEST_NULL, DEST_TEXTURE, DEST_FOREIGN };

static const struct refusal_row
{
    const char *name;
    D3D12_COMMAND_LIST_TYPE list_type;
    enum call call;
    enum heap_choice heap;
    D3D12_QUERY_TYPE type;
    UINT start, count;
    enum dest_choice dest;
    UINT64 offset;
    D3D12_MESSAGE_ID id;
    const char *part;
}
refusal_rows[] =
{
    /* ResolveQueryData: the core runtime's list. Heaps of 4 queries, a 64-byte buffer. */
    {"resolve NULL heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1,
            DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "pQueryHeap is NULL"},
    {"resolve heap of another device", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_FOREIGN,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_READBACK, 0,
            D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "another device"},
    {"resolve timestamps of an occlusion heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_OCCLUSION,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "a D3D12_QUERY_TYPE_TIMESTAMP query does not live in a D3D12_QUERY_HEAP_TYPE_OCCLUSION heap"},
    {"resolve occlusion of a timestamp heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_OCCLUSION, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "does not live in a D3D12_QUERY_HEAP_TYPE_TIMESTAMP heap"},
    {"resolve stream 1 of a pipeline heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_PIPELINE,
            D3D12_QUERY_TYPE_SO_STATISTICS_STREAM1, 0, 1, DEST_READBACK, 0,
            D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "SO_STATISTICS_STREAM1"},
    {"resolve type 9", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_OCCLUSION, (D3D12_QUERY_TYPE)9, 0, 1,
            DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "Type 9"},
    {"resolve past the heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 2, 3, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "queries 2 to 4 are not all in the heap of 4"},
    {"resolve start at the end", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 4, 0, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "heap of 4"},
    {"resolve into NULL", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP, D3D12_QUERY_TYPE_TIMESTAMP,
            0, 1, DEST_NULL, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "pDestinationBuffer is NULL"},
    {"resolve into a texture", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_TEXTURE, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "not a buffer"},
    {"resolve into another device's buffer", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_FOREIGN, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "pDestinationBuffer was created on another device"},
    {"resolve at offset 4", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP, D3D12_QUERY_TYPE_TIMESTAMP,
            0, 1, DEST_READBACK, 4, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "AlignedDestinationBufferOffset 4 is not a multiple of 8"},
    {"resolve past the buffer", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 4, DEST_READBACK, 40, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "4 D3D12_QUERY_TYPE_TIMESTAMP queries (32 bytes) at offset 40 overflow the buffer of 64 bytes"},
    {"resolve pipeline statistics past the buffer", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_PIPELINE,
            D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, DEST_READBACK, 0,
            D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "(88 bytes) at offset 0 overflow"},
    {"resolve a CPU-resolve heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_CPU,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVEQUERYDATA_INVALID_QUERYHEAP,
            "D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE"},
    {"resolve occlusion on a compute list", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_RESOLVE, HEAP_OCCLUSION,
            D3D12_QUERY_TYPE_OCCLUSION, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "COMPUTE list takes only TIMESTAMP and PIPELINE_STATISTICS"},
    {"resolve a timestamp heap on a copy list", D3D12_COMMAND_LIST_TYPE_COPY, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "COPY_QUEUE_TIMESTAMP heap"},
    {"resolve a copy-queue heap on a direct list", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_RESOLVE, HEAP_COPY,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "only a D3D12_COMMAND_LIST_TYPE_COPY list"},
    {"resolve in a bundle", D3D12_COMMAND_LIST_TYPE_BUNDLE, CALL_RESOLVE, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_READBACK, 0, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS,
            "a bundle records no queries"},
    /* BeginQuery and EndQuery. */
    {"begin a timestamp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_BEGIN, HEAP_TIMESTAMP, D3D12_QUERY_TYPE_TIMESTAMP, 0,
            1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, "a TIMESTAMP query has no BeginQuery"},
    {"begin past the heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_BEGIN, HEAP_OCCLUSION, D3D12_QUERY_TYPE_OCCLUSION, 4,
            1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, "queries 4 to 4"},
    {"begin binary occlusion on a pipeline heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_BEGIN, HEAP_PIPELINE,
            D3D12_QUERY_TYPE_BINARY_OCCLUSION, 0, 1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
            "BINARY_OCCLUSION"},
    {"begin NULL heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_BEGIN, HEAP_NULL, D3D12_QUERY_TYPE_OCCLUSION, 0, 1,
            DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, "pQueryHeap is NULL"},
    {"begin stream output on a compute list", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_BEGIN, HEAP_SO,
            D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, 0, 1, DEST_NULL, 0,
            D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, "COMPUTE list"},
    {"end occlusion never begun", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_END, HEAP_OCCLUSION,
            D3D12_QUERY_TYPE_OCCLUSION, 1, 1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
            "D3D12_QUERY_TYPE_OCCLUSION query 1 was not begun"},
    {"end a timestamp past the heap", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_END, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 7, 1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
            "queries 7 to 7"},
    {"end a timestamp on a copy list", D3D12_COMMAND_LIST_TYPE_COPY, CALL_END, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
            "COPY list takes only TIMESTAMP queries"},
    {"end a timestamp in a bundle", D3D12_COMMAND_LIST_TYPE_BUNDLE, CALL_END, HEAP_TIMESTAMP,
            D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, DEST_NULL, 0, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS,
            "a bundle records no queries"},
};

static void test_refusals(void **state)
{
    static const D3D12_QUERY_HEAP_TYPE heap_types[] =
    {
        D3D12_QUERY_HEAP_TYPE_OCCLUSION, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS,
        D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP,
    };
    struct row_failures failures = {0};
    ID3D12QueryHeap *heaps[HEAP_FOREIGN + 1] = {0};
    ID3D12Resource *readback, *texture, *foreign_buffer;
    ID3D12Device *other;
    struct context c;
    unsigned i, j;
    HRESULT hr;

    (void)state;
    other = create_device_on("amd-rx-7900-xtx"); /* a device of its own: one device per adapter */
    for (i = 0; i < ARRAY_SIZE(refusal_rows); ++i)
    {
        const struct refusal_row *r = &refusal_rows[i];
        D3D12_HEAP_PROPERTIES props = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
                D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
        D3D12_RESOURCE_DESC tex = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 64, 64, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM,
                {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE};
        ID3D12Resource *dest = NULL;
        unsigned char bytes[64];

        context_init(&c, "nvidia-rtx-4090", r->list_type);
        for (j = 0; j < ARRAY_SIZE(heap_types); ++j)
            heaps[j] = create_heap(c.device, heap_types[j], 4);
        heaps[HEAP_CPU] = create_cpu_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
        heaps[HEAP_FOREIGN] = create_heap(other, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
        readback = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, 64, 0xcd);
        foreign_buffer = create_buffer(other, D3D12_HEAP_TYPE_READBACK, 64, 0xcd);
        assert_int_equal(ID3D12Device_CreateCommittedResource(c.device, &props, D3D12_HEAP_FLAG_NONE, &tex,
                D3D12_RESOURCE_STATE_COPY_DEST, NULL, &IID_ID3D12Resource, (void **)&texture), S_OK);
        dest = r->dest == DEST_READBACK ? readback : r->dest == DEST_TEXTURE ? texture
                : r->dest == DEST_FOREIGN ? foreign_buffer : NULL;
        ID3D12InfoQueue_ClearStoredMessages(c.info);

        if (r->call == CALL_BEGIN)
            ID3D12GraphicsCommandList_BeginQuery(c.list, heaps[r->heap], r->type, r->start);
        else if (r->call == CALL_END)
            ID3D12GraphicsCommandList_EndQuery(c.list, heaps[r->heap], r->type, r->start);
        else
            ID3D12GraphicsCommandList_ResolveQueryData(c.list, heaps[r->heap], r->type, r->start, r->count, dest,
                    r->offset);
        expect_message(&failures, i, r->name, c.info, r->id, r->part);
        if ((hr = ID3D12GraphicsCommandList_Close(c.list)) != E_INVALIDARG)
            row_fail(&failures, i, r->name, "Close: %#x, want E_INVALIDARG", (unsigned)hr);
        /* A failed list is not executed: the buffer keeps its bytes. */
        if (r->list_type != D3D12_COMMAND_LIST_TYPE_BUNDLE)
        {
            ID3D12CommandList *lists[] = {(ID3D12CommandList *)c.list};

            ID3D12CommandQueue_ExecuteCommandLists(c.queue, 1, lists);
        }
        read_buffer(readback, 0, bytes, sizeof(bytes));
        for (j = 0; j < sizeof(bytes); ++j)
        {
            if (bytes[j] != 0xcd)
            {
                row_fail(&failures, i, r->name, "byte %u of the buffer is %#x", j, bytes[j]);
                break;
            }
        }

        for (j = 0; j < ARRAY_SIZE(heaps); ++j)
        {
            if (heaps[j])
                ID3D12QueryHeap_Release(heaps[j]);
            heaps[j] = NULL;
        }
        ID3D12Resource_Release(readback);
        ID3D12Resource_Release(foreign_buffer);
        ID3D12Resource_Release(texture);
        context_destroy(&c);
    }
    assert_int_equal(ID3D12Device_Release(other), 0);
    rows_done(&failures);
}

/* A query begun twice, and one left open at Close. */
static void test_open_queries(void **state)
{
    ID3D12QueryHeap *heap;
    D3D12_MESSAGE_ID id;
    struct context c;
    const char *text;

    (void)state;
    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    ID3D12GraphicsCommandList_BeginQuery(c.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    ID3D12GraphicsCommandList_BeginQuery(c.list, heap, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_BINARY_OCCLUSION, 1);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(c.info), 0);
    ID3D12GraphicsCommandList_BeginQuery(c.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    text = message_text(c.info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS);
    assert_non_null(strstr(text, "query 0 is already begun"));
    ID3D12InfoQueue_ClearStoredMessages(c.info);
    assert_int_equal(ID3D12GraphicsCommandList_Close(c.list), E_INVALIDARG);

    /* A clean recording that leaves query 0 open: Close alone refuses it. */
    reset_list(&c);
    ID3D12InfoQueue_ClearStoredMessages(c.info);
    ID3D12GraphicsCommandList_BeginQuery(c.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    assert_int_equal(ID3D12GraphicsCommandList_Close(c.list), E_INVALIDARG);
    text = message_text(c.info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_CLOSE_COMMAND_LIST_OPEN_QUERY);
    assert_non_null(strstr(text, "1 queries BeginQuery began are not ended (the first: D3D12_QUERY_TYPE_OCCLUSION "
            "query 0)"));

    /* Reset forgets the open query. */
    reset_list(&c);
    assert_int_equal(ID3D12GraphicsCommandList_Close(c.list), S_OK);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

/* ---- Values ---- */

/* vkd3d's test_query_timestamp: four timestamps, resolved in two calls. */
/* The query-heap object's helpers on values no device call hands them: an
 * unknown query type has no size, name or heap; an unknown heap type no
 * name; a foreign or NULL interface is no heap; a timestamp written past the
 * heap or into a heap without timestamps is dropped, and resolving a type
 * that is no timestamp writes zeros. */
static void test_query_helpers(void **state)
{
    static const ID3D12QueryHeapVtbl *foreign_vtbl; /* never called */
    struct { const ID3D12QueryHeapVtbl *lpVtbl; } foreign = {foreign_vtbl};
    struct obj_query_heap *timestamps, *occlusion;
    ID3D12QueryHeap *heap, *heap2;
    UINT64 out[3];
    struct context c;

    (void)state;
    assert_int_equal(obj_query_data_size((D3D12_QUERY_TYPE)99), 0);
    assert_int_equal(obj_query_data_size(D3D12_QUERY_TYPE_TIMESTAMP), sizeof(UINT64));
    assert_int_equal(obj_query_data_size(D3D12_QUERY_TYPE_PIPELINE_STATISTICS),
            sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
    assert_false(obj_query_type_in_heap((D3D12_QUERY_TYPE)99, D3D12_QUERY_HEAP_TYPE_OCCLUSION));
    assert_true(obj_query_type_in_heap(D3D12_QUERY_TYPE_TIMESTAMP, D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP));
    assert_false(obj_query_type_in_heap(D3D12_QUERY_TYPE_OCCLUSION, D3D12_QUERY_HEAP_TYPE_TIMESTAMP));
    assert_string_equal(obj_query_type_name((D3D12_QUERY_TYPE)99), "?");
    assert_string_equal(obj_query_type_name(D3D12_QUERY_TYPE_BINARY_OCCLUSION), "BINARY_OCCLUSION");
    assert_string_equal(obj_query_heap_type_name((D3D12_QUERY_HEAP_TYPE)6), "?"); /* a gap in the enum */
    assert_string_equal(obj_query_heap_type_name((D3D12_QUERY_HEAP_TYPE)8), "?");
    assert_string_equal(obj_query_heap_type_name((D3D12_QUERY_HEAP_TYPE)7), "PIPELINE_STATISTICS1");
    assert_string_equal(obj_query_heap_type_name(D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP), "COPY_QUEUE_TIMESTAMP");
    assert_null(obj_query_heap_from_iface(NULL));
    assert_null(obj_query_heap_from_iface((ID3D12QueryHeap *)&foreign));

    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2);
    heap2 = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    assert_non_null(timestamps = obj_query_heap_from_iface(heap));
    assert_non_null(occlusion = obj_query_heap_from_iface(heap2));
    obj_query_heap_write_timestamp(timestamps, 0, 111);
    obj_query_heap_write_timestamp(timestamps, 1, 222);
    obj_query_heap_write_timestamp(timestamps, 2, 333); /* past Count 2: dropped */
    obj_query_heap_write_timestamp(occlusion, 0, 444); /* no timestamps: dropped */
    memset(out, 0xcc, sizeof(out));
    obj_query_heap_resolve(timestamps, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, out);
    assert_true(out[0] == 111 && out[1] == 222 && out[2] == 0xccccccccccccccccull);
    memset(out, 0xcc, sizeof(out));
    obj_query_heap_resolve(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 2, out);
    assert_true(out[0] == 0 && out[1] == 0 && out[2] == 0xccccccccccccccccull);
    memset(out, 0xcc, sizeof(out));
    obj_query_heap_resolve(timestamps, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, out); /* not a timestamp: zeros */
    assert_true(out[0] == 0 && out[1] == 0xccccccccccccccccull);
    ID3D12QueryHeap_Release(heap2);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

static void test_timestamps(void **state)
{
    UINT64 timestamps[4], frequency, gpu, cpu, elapsed;
    ID3D12Resource *buffer;
    ID3D12QueryHeap *heap;
    time_t start, end;
    struct context c;
    unsigned i;

    (void)state;
    start = time(NULL);
    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT);
    assert_int_equal(ID3D12CommandQueue_GetTimestampFrequency(c.queue, &frequency), S_OK);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
    buffer = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, sizeof(timestamps), 0xcd);
    for (i = 0; i < 4; ++i)
        ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, i);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, buffer, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 1, 3, buffer, 8);
    assert_int_equal(ID3D12CommandQueue_GetClockCalibration(c.queue, &gpu, &cpu), S_OK);
    execute_and_wait(&c);
    end = time(NULL) + 1;
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(c.info), 0);

    read_buffer(buffer, 0, timestamps, sizeof(timestamps));
    assert_true(timestamps[0] >= gpu); /* taken at execution, after the calibration */
    for (i = 0; i + 1 < 4; ++i)
        assert_true(timestamps[i] <= timestamps[i + 1]);
    elapsed = (UINT64)difftime(end, start) * frequency;
    assert_true(timestamps[3] - timestamps[0] <= elapsed);

    /* Executed again: later values, written again. */
    reset_list(&c);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, buffer, 0);
    execute_and_wait(&c);
    read_buffer(buffer, 0, &gpu, sizeof(gpu));
    assert_true(gpu >= timestamps[3]);

    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

/* vkd3d's test_resolve_non_issued_query_data: queries 0 and 3 written,
 * 1 and 2 never: they resolve to 0 over the buffer's bytes. And a resolve in
 * a later list reads what an earlier one wrote. */
static void test_non_issued(void **state)
{
    UINT64 values[4], later[4];
    ID3D12Resource *buffer;
    ID3D12QueryHeap *heap;
    struct context c;

    (void)state;
    context_init(&c, "amd-rx-7900-xtx", D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
    buffer = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, sizeof(values), 0xde);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 3);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 4, buffer, 0);
    execute_and_wait(&c);
    read_buffer(buffer, 0, values, sizeof(values));
    assert_true(values[0] > 0 && values[0] != 0xdededededededeull);
    assert_int_equal(values[1], 0);
    assert_int_equal(values[2], 0);
    assert_true(values[3] >= values[0]);

    reset_list(&c);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 4, buffer, 0);
    execute_and_wait(&c);
    read_buffer(buffer, 0, later, sizeof(later));
    assert_memory_equal(values, later, sizeof(values));

    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

/* A resolve into a buffer nothing has touched yet: its bytes are zeroed at
 * their first use, which the resolve is (a later Map must not zero what it wrote). */
static void test_resolve_into_untouched_buffer(void **state)
{
    unsigned char bytes[64];
    ID3D12Resource *buffer;
    ID3D12QueryHeap *heap;
    struct context c;
    UINT64 stamp;
    unsigned i;

    (void)state;
    context_init(&c, "amd-rx-7900-xtx", D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 1);
    buffer = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, sizeof(bytes), -1);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, buffer, 16);
    execute_and_wait(&c);
    read_buffer(buffer, 0, bytes, sizeof(bytes));
    memcpy(&stamp, bytes + 16, sizeof(stamp));
    assert_true(stamp > 0);
    for (i = 0; i < sizeof(bytes); ++i)
        if (i < 16 || i >= 24)
            assert_int_equal(bytes[i], 0);

    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

/* Occlusion, binary occlusion, pipeline and stream-output statistics:
 * zeros, written over the buffer's bytes at the offset, the rest untouched. */
static const struct zero_row
{
    const char *name;
    D3D12_COMMAND_LIST_TYPE list_type;
    D3D12_QUERY_HEAP_TYPE heap_type;
    D3D12_QUERY_TYPE type;
    bool begin; /* issued (begun and ended) before the resolve */
    UINT size;
}
zero_rows[] =
{
    {"occlusion", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_OCCLUSION, D3D12_QUERY_TYPE_OCCLUSION, true, 8},
    {"binary occlusion", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_OCCLUSION,
            D3D12_QUERY_TYPE_BINARY_OCCLUSION, true, 8},
    {"occlusion never issued", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_OCCLUSION,
            D3D12_QUERY_TYPE_OCCLUSION, false, 8},
    {"pipeline statistics", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS,
            D3D12_QUERY_TYPE_PIPELINE_STATISTICS, true, sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS)},
    {"pipeline statistics on a compute list", D3D12_COMMAND_LIST_TYPE_COMPUTE,
            D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, true,
            sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS)},
    {"mesh pipeline statistics", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS1,
            D3D12_QUERY_TYPE_PIPELINE_STATISTICS1, true, sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS1)},
    {"stream 0", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
            D3D12_QUERY_TYPE_SO_STATISTICS_STREAM0, true, sizeof(D3D12_QUERY_DATA_SO_STATISTICS)},
    {"stream 3", D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS,
            D3D12_QUERY_TYPE_SO_STATISTICS_STREAM3, true, sizeof(D3D12_QUERY_DATA_SO_STATISTICS)},
};

static void test_zero_results(void **state)
{
    struct row_failures failures = {0};
    unsigned char bytes[512];
    ID3D12Resource *buffer;
    ID3D12QueryHeap *heap;
    struct context c;
    unsigned i, j;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(zero_rows); ++i)
    {
        const struct zero_row *r = &zero_rows[i];

        context_init(&c, "nvidia-rtx-4090", r->list_type);
        heap = create_heap(c.device, r->heap_type, 3);
        buffer = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, sizeof(bytes), 0xff);
        if (r->begin)
        {
            for (j = 0; j < 3; ++j)
            {
                ID3D12GraphicsCommandList_BeginQuery(c.list, heap, r->type, j);
                ID3D12GraphicsCommandList_EndQuery(c.list, heap, r->type, j);
            }
        }
        ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, r->type, 0, 3, buffer, 16);
        if (ID3D12InfoQueue_GetNumStoredMessages(c.info))
            row_fail(&failures, i, r->name, "%llu messages",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(c.info));
        execute_and_wait(&c);
        read_buffer(buffer, 0, bytes, sizeof(bytes));
        for (j = 0; j < sizeof(bytes); ++j)
        {
            unsigned char want = j >= 16 && j < 16 + 3 * r->size ? 0 : 0xff;

            if (bytes[j] != want)
            {
                row_fail(&failures, i, r->name, "byte %u is %#x, want %#x", j, bytes[j], want);
                break;
            }
        }
        ID3D12Resource_Release(buffer);
        ID3D12QueryHeap_Release(heap);
        context_destroy(&c);
    }
    rows_done(&failures);
}

/* Copy-queue timestamps on a copy list (nvidia-rtx-4090 has them), into an
 * upload-heap buffer; a DEFAULT-heap destination is accepted and has no
 * memory to write. */
static void test_copy_queue_and_default_heap(void **state)
{
    ID3D12Resource *upload, *gpu_only;
    ID3D12QueryHeap *heap;
    struct context c;
    UINT64 value;

    (void)state;
    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_COPY);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP, 1);
    upload = create_buffer(c.device, D3D12_HEAP_TYPE_UPLOAD, 8, 0);
    gpu_only = create_buffer(c.device, D3D12_HEAP_TYPE_DEFAULT, 8, 0);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, upload, 0);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, gpu_only, 0);
    execute_and_wait(&c);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(c.info), 0);
    read_buffer(upload, 0, &value, sizeof(value));
    assert_true(value > 0);
    ID3D12Resource_Release(gpu_only);
    ID3D12Resource_Release(upload);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

/* The list keeps what it names alive: released by the application after
 * recording, the heap and buffer still serve the execution, and go with
 * the list. Windows' counts are the application's: Release answers 0. */
static void test_recorded_references(void **state)
{
    ID3D12Resource *buffer;
    ID3D12QueryHeap *heap;
    struct context c;

    (void)state;
    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 2);
    buffer = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, 16, 0);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 2, buffer, 0);
    assert_int_equal(ID3D12QueryHeap_Release(heap), 0);
    assert_int_equal(ID3D12Resource_Release(buffer), 0);
    execute_and_wait(&c);
    /* Reset gives them back; the device's count shows they are gone. */
    reset_list(&c);
    assert_int_equal(ID3D12GraphicsCommandList_Close(c.list), S_OK);
    context_destroy(&c);
}

/* A command that cannot be recorded for want of memory: dropped, and Close
 * answers E_OUTOFMEMORY; the list is not executed. */
static void test_out_of_memory(void **state)
{
    ID3D12CommandList *lists[1];
    ID3D12Resource *buffer;
    ID3D12QueryHeap *heap;
    D3D12_MESSAGE_ID id;
    struct context c;

    (void)state;
    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT);
    heap = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_OCCLUSION, 2);
    buffer = create_buffer(c.device, D3D12_HEAP_TYPE_READBACK, 16, 0xab);

    mk_alloc_fail_after(0);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 2, buffer, 0);
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12GraphicsCommandList_Close(c.list), E_OUTOFMEMORY);
    lists[0] = (ID3D12CommandList *)c.list;
    ID3D12CommandQueue_ExecuteCommandLists(c.queue, 1, lists);
    message_text(c.info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST);

    reset_list(&c);
    mk_alloc_fail_after(0);
    ID3D12GraphicsCommandList_BeginQuery(c.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0);
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12GraphicsCommandList_Close(c.list), E_OUTOFMEMORY);

    /* With memory, the same recording works and zeroes the buffer. */
    reset_list(&c);
    ID3D12GraphicsCommandList_ResolveQueryData(c.list, heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 2, buffer, 0);
    execute_and_wait(&c);
    {
        UINT64 values[2];

        read_buffer(buffer, 0, values, sizeof(values));
        assert_int_equal(values[0], 0);
        assert_int_equal(values[1], 0);
    }
    ID3D12Resource_Release(buffer);
    ID3D12QueryHeap_Release(heap);
    context_destroy(&c);
}

/* ---- ID3D12Device15::ResolveQueryData ---- */

static void test_device_resolve(void **state)
{
    UINT64 values[4], sentinel[4];
    D3D12_QUERY_DATA_SO_STATISTICS so[2];
    ID3D12QueryHeap *heap, *plain, *so_heap;
    ID3D12Device15 *device15;
    D3D12_MESSAGE_ID id;
    struct context c;
    const char *text;

    (void)state;
    context_init(&c, "nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT);
    assert_int_equal(ID3D12Device_QueryInterface(c.device, &IID_ID3D12Device15, (void **)&device15), S_OK);
    heap = create_cpu_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
    so_heap = create_cpu_heap(c.device, D3D12_QUERY_HEAP_TYPE_SO_STATISTICS, 2);
    plain = create_heap(c.device, D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 1);
    ID3D12GraphicsCommandList_EndQuery(c.list, heap, D3D12_QUERY_TYPE_TIMESTAMP, 2);
    execute_and_wait(&c);
    ID3D12InfoQueue_ClearStoredMessages(c.info);

    /* Refusals: E_INVALIDARG, nothing written. */
    memset(sentinel, 0xcd, sizeof(sentinel));
    memcpy(values, sentinel, sizeof(values));
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, plain, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, values),
            E_INVALIDARG);
    text = message_text(c.info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_RESOLVEQUERYDATA_INVALID_QUERYHEAP);
    assert_non_null(strstr(text, "not created with D3D12_QUERY_HEAP_FLAG_CPU_RESOLVE"));
    ID3D12InfoQueue_ClearStoredMessages(c.info);
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, heap, D3D12_QUERY_TYPE_TIMESTAMP, 3, 2, values),
            E_INVALIDARG);
    text = message_text(c.info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS);
    assert_non_null(strstr(text, "queries 3 to 4 are not all in the heap of 4"));
    ID3D12InfoQueue_ClearStoredMessages(c.info);
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, heap, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, values),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, NULL, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, values),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, NULL),
            E_INVALIDARG);
    assert_memory_equal(values, sentinel, sizeof(values));
    ID3D12InfoQueue_ClearStoredMessages(c.info);

    /* Executed timestamps, monotonic; query 3 never written: 0, and the warning. */
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 4, values), S_OK);
    assert_true(values[0] > 0 && values[0] <= values[1] && values[1] <= values[2]);
    assert_int_equal(values[3], 0);
    text = message_text(c.info, 0, &id);
    assert_int_equal(id, D3D12_MESSAGE_ID_RESOLVE_QUERY_INVALID_QUERY_STATE);
    assert_non_null(strstr(text, "TIMESTAMP query 3 was never written"));
    ID3D12InfoQueue_ClearStoredMessages(c.info);

    /* Stream-output statistics: zeros. */
    memset(so, 0xcd, sizeof(so));
    assert_int_equal(ID3D12Device15_ResolveQueryData(device15, so_heap, D3D12_QUERY_TYPE_SO_STATISTICS_STREAM2, 0, 2,
            so), S_OK);
    assert_int_equal(so[0].NumPrimitivesWritten, 0);
    assert_int_equal(so[1].PrimitivesStorageNeeded, 0);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(c.info), 0);

    ID3D12QueryHeap_Release(plain);
    ID3D12QueryHeap_Release(so_heap);
    ID3D12QueryHeap_Release(heap);
    ID3D12Device15_Release(device15);
    context_destroy(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_refusals, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_open_queries, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_timestamps, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_query_helpers, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_non_issued, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_resolve_into_untouched_buffer, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_zero_results, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_copy_queue_and_default_heap, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_recorded_references, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_device_resolve, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
