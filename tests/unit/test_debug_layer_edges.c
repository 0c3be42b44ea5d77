/*
 * Edges of the debug layer (src/debuglayer/) over a fake device, as
 * test_infoqueue.c builds it: the live-object report of objects with names
 * outside the Basic Multilingual Plane, invalid code points and names too
 * long for a message, the message chosen by type name; the GPU-based
 * validation and slowdown parameters of ID3D12DebugDevice2; the filter
 * stacks past their first capacity; a category list read back; more
 * callbacks than the stack array holds; and every allocation of the info
 * queue failing, with what the caller sees then; the debug device's own NULL
 * arguments, filter lists NULL with a count, a deny list of twenty ids.
 * Type names the device never uses, messages past 512 bytes (and out of
 * memory for them), an id without a catalog entry, the internal entry points'
 * odd arguments, SetBreakOnID(FALSE) of an id never set, filter growth out
 * of memory.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include "alloc.h"
#include "debuglayer/dbg_catalog.h"
#include "fake_outer.h"

/* The objects the fake device reports as live. */
struct live_object
{
    const char *type;
    const WCHAR *name;
};

static const struct live_object *live_objects;
static size_t live_object_count;

static void enum_live(void *device_ctx, dbg_emit_live_fn emit, void *emit_ctx)
{
    size_t i;

    (void)device_ctx;
    for (i = 0; i < live_object_count; ++i)
        emit(emit_ctx, live_objects[i].type, &live_objects[i], live_objects[i].name, 3, 0);
}

struct fixture
{
    struct fake_outer outer;
    ID3D12InfoQueue1 *queue;
};

static void discard_line(void *context, const char *line)
{
    (void)context;
    (void)line;
}

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));

    f->outer.IUnknown_iface.lpVtbl = &fake_vtbl;
    atomic_init(&f->outer.refcount, 1);
    if (FAILED(dbg_device_create(&f->outer.IUnknown_iface, enum_live, NULL, &f->outer.dbg)))
        return -1;
    if (FAILED(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12InfoQueue1, (void **)&f->queue)))
        return -1;
    ID3D12InfoQueue1_Release(f->queue);
    dbg_set_output_hook(discard_line, NULL);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;

    mk_alloc_fail_after(-1);
    dbg_set_output_hook(NULL, NULL);
    assert_int_equal(atomic_load(&f->outer.refcount), 1);
    dbg_device_destroy(f->outer.dbg);
    free(f);
    return 0;
}

static D3D12_MESSAGE_ID get_message(ID3D12InfoQueue1 *queue, UINT64 index, char *text, size_t size)
{
    SIZE_T length = 0;
    D3D12_MESSAGE *m;
    D3D12_MESSAGE_ID id;

    assert_int_equal(ID3D12InfoQueue1_GetMessage(queue, index, NULL, &length), S_OK);
    m = malloc(length);
    assert_int_equal(ID3D12InfoQueue1_GetMessage(queue, index, m, &length), S_OK);
    snprintf(text, size, "%s", m->pDescription);
    id = m->ID;
    free(m);
    return id;
}

static void test_live_object_names(void **state)
{
    static const WCHAR han[] = {0x4e2d, 0}, emoji[] = {0x1f600, 0}, surrogate[] = {0xd800, 'x', 0};
    static const WCHAR beyond[] = {0x110000, 0};
    static WCHAR long_name[301];
    static const struct
    {
        struct live_object object;
        D3D12_MESSAGE_ID id;
        const char *name_part; /* NULL: the long name */
    }
    rows[] = {
        {{"ID3D12Device17", han}, D3D12_MESSAGE_ID_LIVE_DEVICE, ", Name: \xe4\xb8\xad,"},
        {{"ID3D12Heap", emoji}, D3D12_MESSAGE_ID_LIVE_HEAP, ", Name: \xf0\x9f\x98\x80,"},
        {{"ID3D12Heap1", surrogate}, D3D12_MESSAGE_ID_LIVE_HEAP, ", Name: \xef\xbf\xbdx,"},
        {{"ID3D12Nothing", beyond}, D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY, ", Name: \xef\xbf\xbd,"},
        {{"IUnknown", NULL}, D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY, "Live IUnknown at 0x"},
        {{"ID3D12Heap", long_name}, D3D12_MESSAGE_ID_LIVE_HEAP, NULL},
    };
    struct fixture *f = *state;
    struct live_object objects[ARRAY_SIZE(rows)];
    struct row_failures failures = {0};
    ID3D12DebugDevice *debug;
    char text[1024], expected[300];
    unsigned i;

    for (i = 0; i < 300; ++i)
        long_name[i] = 'a';
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
        objects[i] = rows[i].object;
    live_objects = objects;
    live_object_count = ARRAY_SIZE(objects);
    assert_int_equal(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
    ID3D12DebugDevice_Release(debug);
    live_objects = NULL;
    live_object_count = 0;

    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), ARRAY_SIZE(rows));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_MESSAGE_ID id = get_message(f->queue, i, text, sizeof(text));
        const char *name_part = rows[i].name_part;

        if (!name_part)
        {
            /* A name is cut where its UTF-8 would not fit the 256-byte buffer. */
            memcpy(expected, "Name: ", 6);
            memset(expected + 6, 'a', 251);
            expected[257] = ',';
            expected[258] = 0;
            name_part = expected;
        }
        if (id != rows[i].id)
            row_fail(&failures, i, rows[i].object.type, "message %u, expected %u", (unsigned)id, (unsigned)rows[i].id);
        if (!strstr(text, name_part))
            row_fail(&failures, i, rows[i].object.type, "\"%s\" lacks \"%s\"", text, name_part);
        if (!rows[i].object.name && strstr(text, "Name:"))
            row_fail(&failures, i, rows[i].object.type, "\"%s\" names the object", text);
    }
    rows_done(&failures);
}

static void test_debug_parameters(void **state)
{
    struct fixture *f = *state;
    D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS gbv = {100,
            D3D12_GPU_BASED_VALIDATION_SHADER_PATCH_MODE_GUARDED_VALIDATION,
            D3D12_GPU_BASED_VALIDATION_PIPELINE_STATE_CREATE_FLAG_FRONT_LOAD_CREATE_TRACKING_ONLY_SHADERS};
    D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS bad, got;
    D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR slowdown = {2.0f};
    D3D12_DEBUG_FEATURE mask;
    ID3D12DebugDevice2 *debug;

    (void)state;
    assert_int_equal(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12DebugDevice2, (void **)&debug), S_OK);
    assert_int_equal(ID3D12DebugDevice2_SetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS, &gbv, sizeof(gbv)), S_OK);
    memset(&got, 0xcc, sizeof(got));
    assert_int_equal(ID3D12DebugDevice2_GetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS, &got, sizeof(got)), S_OK);
    assert_memory_equal(&got, &gbv, sizeof(gbv));

    /* Refused settings leave the stored ones as they were. */
    assert_int_equal(ID3D12DebugDevice2_SetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS, &gbv, sizeof(gbv) - 1), E_INVALIDARG);
    bad = gbv;
    bad.DefaultShaderPatchMode = NUM_D3D12_GPU_BASED_VALIDATION_SHADER_PATCH_MODES;
    assert_int_equal(ID3D12DebugDevice2_SetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS, &bad, sizeof(bad)), E_INVALIDARG);
    bad = gbv;
    bad.PipelineStateCreateFlags = (D3D12_GPU_BASED_VALIDATION_PIPELINE_STATE_CREATE_FLAGS)0x100;
    assert_int_equal(ID3D12DebugDevice2_SetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS, &bad, sizeof(bad)), E_INVALIDARG);
    assert_int_equal(ID3D12DebugDevice2_SetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, &slowdown, sizeof(slowdown) + 1),
            E_INVALIDARG);
    memset(&got, 0xcc, sizeof(got));
    assert_int_equal(ID3D12DebugDevice2_GetDebugParameter(debug,
            D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS, &got, sizeof(got)), S_OK);
    assert_memory_equal(&got, &gbv, sizeof(gbv));

    /* Reading an unknown parameter fails and writes nothing. */
    mask = (D3D12_DEBUG_FEATURE)0x77;
    assert_int_equal(ID3D12DebugDevice2_GetDebugParameter(debug, (D3D12_DEBUG_DEVICE_PARAMETER_TYPE)7, &mask,
            sizeof(mask)), E_INVALIDARG);
    assert_int_equal(mask, 0x77);
    ID3D12DebugDevice2_Release(debug);
}

static void test_filter_stacks(void **state)
{
    struct fixture *f = *state;
    D3D12_MESSAGE_CATEGORY categories[] = {D3D12_MESSAGE_CATEGORY_MISCELLANEOUS, D3D12_MESSAGE_CATEGORY_EXECUTION};
    D3D12_INFO_QUEUE_FILTER filter, *got;
    SIZE_T length = 0;
    unsigned i;

    /* The stacks start with room for four filters. */
    for (i = 0; i < 6; ++i)
    {
        assert_int_equal(ID3D12InfoQueue1_PushEmptyRetrievalFilter(f->queue), S_OK);
        assert_int_equal(ID3D12InfoQueue1_PushEmptyStorageFilter(f->queue), S_OK);
    }
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilterStackSize(f->queue), 7);
    assert_int_equal(ID3D12InfoQueue1_GetStorageFilterStackSize(f->queue), 7);

    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumCategories = ARRAY_SIZE(categories);
    filter.DenyList.pCategoryList = categories;
    assert_int_equal(ID3D12InfoQueue1_PushRetrievalFilter(f->queue, &filter), S_OK);
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilter(f->queue, NULL, &length), S_OK);
    assert_int_equal(length, sizeof(filter) + sizeof(categories));
    got = malloc(length);
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilter(f->queue, got, &length), S_OK);
    assert_int_equal(got->AllowList.NumCategories, 0);
    assert_int_equal(got->DenyList.NumCategories, 2);
    assert_int_equal(got->DenyList.pCategoryList[0], D3D12_MESSAGE_CATEGORY_MISCELLANEOUS);
    assert_int_equal(got->DenyList.pCategoryList[1], D3D12_MESSAGE_CATEGORY_EXECUTION);
    assert_int_equal(got->DenyList.NumSeverities, 0);
    assert_int_equal(got->DenyList.NumIDs, 0);
    free(got);
    for (i = 0; i < 7; ++i)
    {
        ID3D12InfoQueue1_PopRetrievalFilter(f->queue);
        ID3D12InfoQueue1_PopStorageFilter(f->queue);
    }
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilterStackSize(f->queue), 1);
}

static unsigned callback_calls[12];

static void STDMETHODCALLTYPE count_call(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *description, void *context)
{
    (void)category;
    (void)severity;
    (void)id;
    (void)description;
    ++callback_calls[(uintptr_t)context];
}

static void test_many_callbacks(void **state)
{
    struct fixture *f = *state;
    DWORD cookies[12];
    unsigned i, heard;

    memset(callback_calls, 0, sizeof(callback_calls));
    for (i = 0; i < 12; ++i)
        assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(f->queue, count_call,
                D3D12_MESSAGE_CALLBACK_FLAG_NONE, (void *)(uintptr_t)i, &cookies[i]), S_OK);
    for (i = 1; i < 12; ++i)
        assert_int_not_equal(cookies[i], cookies[i - 1]);
    assert_int_equal(ID3D12InfoQueue1_AddApplicationMessage(f->queue, D3D12_MESSAGE_SEVERITY_INFO, "one"), S_OK);
    for (i = 0; i < 12; ++i)
        assert_int_equal(callback_calls[i], 1);

    /* The message is kept (the ring exists now); the list of the callbacks
     * to call cannot be made: the first eight still hear it. */
    mk_alloc_fail_after(1);
    assert_int_equal(ID3D12InfoQueue1_AddApplicationMessage(f->queue, D3D12_MESSAGE_SEVERITY_INFO, "two"), S_OK);
    assert_true(mk_alloc_fail_triggered());
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 2);
    for (i = 0, heard = 0; i < 12; ++i)
        heard += callback_calls[i] == 2;
    assert_int_equal(heard, 8);
    for (i = 0; i < 8; ++i)
        assert_int_equal(callback_calls[i], 2);
    for (i = 0; i < 12; ++i)
        assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(f->queue, cookies[i]), S_OK);
}

/* Every allocation of the info queue failing: the call says out of memory
 * and changes nothing, or the message is counted as discarded. */
static void test_allocation_failures(void **state)
{
    struct fixture *f = *state;
    D3D12_MESSAGE_CATEGORY categories[] = {D3D12_MESSAGE_CATEGORY_MISCELLANEOUS};
    D3D12_INFO_QUEUE_FILTER filter;
    DWORD cookies[5], cookie = 0xdead;
    unsigned i;

    /* The first message: its ring cannot be made. */
    mk_alloc_fail_after(1);
    assert_int_equal(ID3D12InfoQueue1_AddApplicationMessage(f->queue, D3D12_MESSAGE_SEVERITY_INFO, "lost"), S_OK);
    assert_true(mk_alloc_fail_triggered());
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 0);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(f->queue), 1);

    /* SetBreakOnID keeps its list. */
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12InfoQueue1_SetBreakOnID(f->queue, D3D12_MESSAGE_ID_LIVE_DEVICE, TRUE), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_false(ID3D12InfoQueue1_GetBreakOnID(f->queue, D3D12_MESSAGE_ID_LIVE_DEVICE));

    /* A filter's lists. */
    memset(&filter, 0, sizeof(filter));
    filter.AllowList.NumCategories = 1;
    filter.AllowList.pCategoryList = categories;
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12InfoQueue1_PushRetrievalFilter(f->queue, &filter), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilterStackSize(f->queue), 1);
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12InfoQueue1_AddRetrievalFilterEntries(f->queue, &filter), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(f->queue), 0);

    /* A copy of a filter that has lists. */
    assert_int_equal(ID3D12InfoQueue1_PushRetrievalFilter(f->queue, &filter), S_OK);
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12InfoQueue1_PushCopyOfRetrievalFilter(f->queue), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilterStackSize(f->queue), 2);

    /* The stack's growth past four filters. */
    assert_int_equal(ID3D12InfoQueue1_PushEmptyRetrievalFilter(f->queue), S_OK);
    assert_int_equal(ID3D12InfoQueue1_PushEmptyRetrievalFilter(f->queue), S_OK);
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12InfoQueue1_PushEmptyRetrievalFilter(f->queue), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_int_equal(ID3D12InfoQueue1_GetRetrievalFilterStackSize(f->queue), 4);
    for (i = 0; i < 3; ++i)
        ID3D12InfoQueue1_PopRetrievalFilter(f->queue);

    /* The callback list's growth past four callbacks. */
    for (i = 0; i < 4; ++i)
        assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(f->queue, count_call,
                D3D12_MESSAGE_CALLBACK_FLAG_NONE, (void *)(uintptr_t)i, &cookies[i]), S_OK);
    mk_alloc_fail_after(0);
    assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(f->queue, count_call,
            D3D12_MESSAGE_CALLBACK_FLAG_NONE, NULL, &cookie), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_int_equal(cookie, 0xdead);
    for (i = 0; i < 4; ++i)
        assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(f->queue, cookies[i]), S_OK);
}

/* The debug device's own arguments: an empty name is no name; GetDebugParameter
 * without a buffer; filters whose lists are NULL with a count; a deny list
 * grown past 8 entries in one call; and every allocation of
 * PushCopyOfStorageFilter over that list failing in turn, which leaves the
 * stack as it was. */
static void test_arguments_and_filter_lists(void **state)
{
    static const WCHAR empty[] = {0};
    static const struct live_object unnamed = {"ID3D12Heap1", empty};
    D3D12_MESSAGE_ID ids[20];
    D3D12_INFO_QUEUE_FILTER filter;
    struct fixture *f = *state;
    ID3D12DebugDevice2 *debug;
    struct dbg_device *dbg;
    ID3D12Debug *layer;
    UINT depth, i;
    char text[512];
    HRESULT hr;
    void *out;

    /* An empty name: the line names no object. */
    live_objects = &unnamed;
    live_object_count = 1;
    assert_int_equal(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12DebugDevice2, (void **)&debug), S_OK);
    assert_int_equal(ID3D12DebugDevice2_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
    live_objects = NULL;
    live_object_count = 0;
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 1);
    assert_int_equal(get_message(f->queue, 0, text, sizeof(text)), D3D12_MESSAGE_ID_LIVE_HEAP);
    assert_non_null(strstr(text, "Live ID3D12Heap1 at 0x"));
    assert_null(strstr(text, "Name:"));
    ID3D12InfoQueue1_ClearStoredMessages(f->queue);
    assert_int_equal(ID3D12DebugDevice2_GetDebugParameter(debug, D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, NULL,
            sizeof(D3D12_DEBUG_FEATURE)), E_INVALIDARG);
    ID3D12DebugDevice2_Release(debug);

    /* The internal entry points' NULL arguments. */
    assert_int_equal(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12InfoQueue, NULL), E_POINTER);
    out = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(dbg_device_query_interface(NULL, &IID_ID3D12InfoQueue, &out), E_NOINTERFACE);
    assert_null(out);
    assert_int_equal(dbg_device_create(NULL, enum_live, NULL, &dbg), E_INVALIDARG);
    assert_int_equal(dbg_device_create(&f->outer.IUnknown_iface, enum_live, NULL, NULL), E_POINTER);
    dbg_device_destroy(NULL);
    out = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(dbg_get_debug_interface(NULL, &out), E_INVALIDARG);
    assert_null(out);
    assert_int_equal(dbg_get_debug_interface(&IID_ID3D12Debug, (void **)&layer), S_OK);
    assert_int_equal(ID3D12Debug_QueryInterface(layer, &IID_ID3D12Debug, NULL), E_POINTER);
    assert_int_equal(ID3D12Debug_Release(layer), 0);

    /* A count with no list, in each list of each half: E_INVALIDARG, nothing added. */
    for (i = 0; i < 6; ++i)
    {
        D3D12_INFO_QUEUE_FILTER_DESC *d;

        memset(&filter, 0, sizeof(filter));
        d = i < 3 ? &filter.AllowList : &filter.DenyList;
        if (i % 3 == 0)
            d->NumCategories = 1;
        else if (i % 3 == 1)
            d->NumSeverities = 1;
        else
            d->NumIDs = 1;
        if (ID3D12InfoQueue1_AddStorageFilterEntries(f->queue, &filter) != E_INVALIDARG)
            fail_msg("list %u: a count without a list was accepted", i);
    }
    assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, NULL, &(SIZE_T){0}), S_OK);

    /* Twenty ids at once. */
    for (i = 0; i < ARRAY_SIZE(ids); ++i)
        ids[i] = (D3D12_MESSAGE_ID)(100 + i);
    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumIDs = ARRAY_SIZE(ids);
    filter.DenyList.pIDList = ids;
    assert_int_equal(ID3D12InfoQueue1_AddStorageFilterEntries(f->queue, &filter), S_OK);
    depth = ID3D12InfoQueue1_GetStorageFilterStackSize(f->queue);
    for (i = 0;; ++i)
    {
        mk_alloc_fail_after(i);
        hr = ID3D12InfoQueue1_PushCopyOfStorageFilter(f->queue);
        mk_alloc_fail_after(-1);
        if (SUCCEEDED(hr))
            break;
        assert_int_equal(hr, E_OUTOFMEMORY);
        assert_int_equal(ID3D12InfoQueue1_GetStorageFilterStackSize(f->queue), depth);
        assert_true(i < 16);
    }
    assert_true(i > 0);
    assert_int_equal(ID3D12InfoQueue1_GetStorageFilterStackSize(f->queue), depth + 1);
    {
        SIZE_T size = 0;
        D3D12_INFO_QUEUE_FILTER *copy;

        assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, NULL, &size), S_OK);
        assert_non_null(copy = malloc(size));
        assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, copy, &size), S_OK);
        assert_int_equal(copy->DenyList.NumIDs, ARRAY_SIZE(ids));
        assert_int_equal(copy->DenyList.pIDList[19], 119);
        free(copy);
    }
    ID3D12InfoQueue1_PopStorageFilter(f->queue);
}

/* Lines the output hook saw, for test_type_names_and_internals. */
static char last_line[2048];
static unsigned line_count;

static void keep_line(void *context, const char *line)
{
    (void)context;
    snprintf(last_line, sizeof(last_line), "%s", line);
    ++line_count;
}

/* The message chosen by a type name the device code never uses (too long,
 * a byte past 'z', a last character below '0'), a message longer than the
 * 512-byte stack buffer (stored whole, printed whole, and dropped when its
 * buffer cannot be allocated), a message id without a catalog entry, and the
 * layer's internal entry points with arguments no caller passes: a device
 * without a live-object walk, a NULL IID, an unknown category and severity
 * in the output line, MOCKD3D12_DEBUG neither 0 nor 1, the tools interface
 * without an IID. */
static void test_type_names_and_internals(void **state)
{
    static char long_type[701];
    static const struct
    {
        const char *type; /* NULL: long_type */
        D3D12_MESSAGE_ID id;
    }
    rows[] = {
        {NULL, D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY},
        {"ID3D12Heap~", D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY},
        {"ID3D12Heap-", D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY},
        {"ID3D12Heap 2", D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY},
        {"ID3D12Heap42", D3D12_MESSAGE_ID_LIVE_HEAP},
        {"ID3D1299", D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY}, /* nothing left but "LIVE_" */
    };
    struct fixture *f = *state;
    struct row_failures failures = {0};
    struct live_object objects[ARRAY_SIZE(rows)];
    ID3D12DebugDevice *debug;
    ID3D12Debug1 *debug1;
    struct dbg_device *bare;
    char text[2048], line[64];
    bool dropped = false, unprinted = false, enabled;
    unsigned i, n;
    void *out;
    int length;

    memset(long_type, 'T', 700);
    memcpy(long_type, "ID3D12", 6);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        objects[i].type = rows[i].type ? rows[i].type : long_type;
        objects[i].name = NULL;
    }
    live_objects = objects;
    live_object_count = ARRAY_SIZE(objects);
    line_count = 0;
    dbg_set_output_hook(keep_line, NULL);
    assert_int_equal(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), ARRAY_SIZE(rows));
    assert_int_equal(line_count, ARRAY_SIZE(rows));
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_MESSAGE_ID id = get_message(f->queue, i, text, sizeof(text));
        char expected[800];

        snprintf(expected, sizeof(expected), "Live %s at 0x", objects[i].type);
        if (id != rows[i].id)
            row_fail(&failures, i, objects[i].type, "message %u, expected %u", (unsigned)id, (unsigned)rows[i].id);
        if (!strstr(text, expected))
            row_fail(&failures, i, objects[i].type, "\"%.80s...\" lacks \"%.80s...\"", text, expected);
    }
    /* The long one, stored and printed whole (past 512 bytes). */
    get_message(f->queue, 0, text, sizeof(text));
    if (strlen(text) < 512 || !strstr(text, ", Refcount: 3, IntRef: 0"))
        row_fail(&failures, 0, "long type", "%zu bytes stored", strlen(text));
    ID3D12InfoQueue1_ClearStoredMessages(f->queue);

    /* Out of memory for the long text (it is dropped), then for the long
     * output line (the message is stored, the line is not printed). */
    live_object_count = 1;
    for (n = 0;; ++n)
    {
        UINT64 stored;

        line_count = 0;
        mk_alloc_fail_after(n);
        assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
        mk_alloc_fail_after(-1);
        stored = ID3D12InfoQueue1_GetNumStoredMessages(f->queue);
        ID3D12InfoQueue1_ClearStoredMessages(f->queue);
        if (!mk_alloc_fail_triggered())
        {
            if (stored != 1 || line_count != 1)
                row_fail(&failures, ARRAY_SIZE(rows), "no failure", "%u stored, %u printed", (unsigned)stored, line_count);
            break;
        }
        dropped |= !stored && !line_count;
        unprinted |= stored == 1 && !line_count;
        if (stored > 1 || line_count > 1 || n > 16)
            row_fail(&failures, ARRAY_SIZE(rows), "allocation failing", "step %u: %u stored, %u printed", n, (unsigned)stored,
                    line_count);
        if (n > 16)
            break;
    }
    if (!dropped || !unprinted)
        row_fail(&failures, ARRAY_SIZE(rows), "allocation failing", "%u steps, dropped %d, unprinted %d", n, dropped, unprinted);
    ID3D12DebugDevice_Release(debug);
    live_objects = NULL;
    live_object_count = 0;

    /* A message id the catalog lacks: said so, as an error. */
    dbg_report(f->outer.dbg, (D3D12_MESSAGE_ID)0x7fffff00);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 1);
    assert_int_equal(get_message(f->queue, 0, text, sizeof(text)), (D3D12_MESSAGE_ID)0x7fffff00);
    assert_string_equal(text, "mockd3d12: message 2147483392 has no catalog entry.");
    ID3D12InfoQueue1_ClearStoredMessages(f->queue);
    dbg_set_output_hook(discard_line, NULL);

    /* Unknown category and severity in the output line and the catalog. */
    assert_null(dbg_category_name(99));
    assert_null(dbg_severity_name(99));
    length = dbg_format_line(line, sizeof(line), (D3D12_MESSAGE_CATEGORY)99, (D3D12_MESSAGE_SEVERITY)99,
            (D3D12_MESSAGE_ID)0x7fffff00, "x");
    assert_string_equal(line, "D3D12 UNKNOWN: x [ UNKNOWN UNKNOWN #2147483392: UNKNOWN]\n");
    assert_int_equal(length, (int)strlen(line));

    /* A debug device without a live-object walk reports nothing; a NULL IID. */
    assert_int_equal(dbg_device_create(&f->outer.IUnknown_iface, NULL, NULL, &bare), S_OK);
    assert_int_equal(dbg_device_query_interface(bare, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
    ID3D12DebugDevice_Release(debug);
    out = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(dbg_device_query_interface(bare, NULL, &out), E_NOINTERFACE);
    assert_null(out);
    dbg_device_destroy(bare);

    /* MOCKD3D12_DEBUG neither 0 nor 1: the layer is off for the internal
     * question that takes no reason; "1" turns it on. */
    test_setenv("MOCKD3D12_DEBUG", "2");
    assert_false(dbg_layer_enabled());
    strcpy(text, "untouched");
    enabled = true;
    assert_int_equal(dbg_layer_requested(&enabled, text, 0), E_INVALIDARG);
    assert_false(enabled);
    assert_string_equal(text, "untouched");
    test_setenv("MOCKD3D12_DEBUG", "1");
    assert_true(dbg_layer_enabled());
    test_unsetenv("MOCKD3D12_DEBUG");

    /* ID3D12Debug1's own SetEnableSynchronizedCommandQueueValidation. */
    assert_int_equal(dbg_get_debug_interface(&IID_ID3D12Debug1, (void **)&debug1), S_OK);
    ID3D12Debug1_SetEnableSynchronizedCommandQueueValidation(debug1, TRUE);
    ID3D12Debug1_SetEnableSynchronizedCommandQueueValidation(debug1, FALSE);
    assert_int_equal(ID3D12Debug1_Release(debug1), 0);

    /* The tools interface: no IID, and out of memory. */
    out = (void *)(uintptr_t)0xdeadbeef;
    assert_int_equal(dbg_get_tools_interface(NULL, &out), E_INVALIDARG);
    assert_null(out);
    out = (void *)(uintptr_t)0xdeadbeef;
    mk_alloc_fail_after(0);
    assert_int_equal(dbg_get_tools_interface(&IID_ID3D12Tools, &out), E_OUTOFMEMORY);
    mk_alloc_fail_after(-1);
    assert_null(out);
    rows_done(&failures);
}

/* SetBreakOnID(FALSE) of an id never set; AddStorageFilterEntries onto a
 * filter that holds entries, with every allocation failing in turn: the
 * filter is left as it was. */
static void test_break_ids_and_filter_growth(void **state)
{
    static D3D12_MESSAGE_ID first[3] = {(D3D12_MESSAGE_ID)10, (D3D12_MESSAGE_ID)11, (D3D12_MESSAGE_ID)12};
    static D3D12_MESSAGE_ID more[2] = {(D3D12_MESSAGE_ID)20, (D3D12_MESSAGE_ID)21};
    static D3D12_MESSAGE_SEVERITY severities[1] = {D3D12_MESSAGE_SEVERITY_INFO};
    struct fixture *f = *state;
    D3D12_INFO_QUEUE_FILTER filter, *copy;
    SIZE_T size;
    HRESULT hr;
    unsigned n;

    assert_int_equal(ID3D12InfoQueue1_SetBreakOnID(f->queue, (D3D12_MESSAGE_ID)5, FALSE), S_OK);
    assert_int_equal(ID3D12InfoQueue1_SetBreakOnID(f->queue, (D3D12_MESSAGE_ID)6, TRUE), S_OK);
    assert_int_equal(ID3D12InfoQueue1_SetBreakOnID(f->queue, (D3D12_MESSAGE_ID)5, FALSE), S_OK);
    assert_true(ID3D12InfoQueue1_GetBreakOnID(f->queue, (D3D12_MESSAGE_ID)6));
    assert_int_equal(ID3D12InfoQueue1_SetBreakOnID(f->queue, (D3D12_MESSAGE_ID)6, FALSE), S_OK);
    assert_false(ID3D12InfoQueue1_GetBreakOnID(f->queue, (D3D12_MESSAGE_ID)6));

    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumIDs = ARRAY_SIZE(first);
    filter.DenyList.pIDList = first;
    filter.AllowList.NumSeverities = ARRAY_SIZE(severities);
    filter.AllowList.pSeverityList = severities;
    assert_int_equal(ID3D12InfoQueue1_AddStorageFilterEntries(f->queue, &filter), S_OK);
    filter.DenyList.NumIDs = ARRAY_SIZE(more);
    filter.DenyList.pIDList = more;
    for (n = 0;; ++n)
    {
        mk_alloc_fail_after(n);
        hr = ID3D12InfoQueue1_AddStorageFilterEntries(f->queue, &filter);
        mk_alloc_fail_after(-1);
        if (SUCCEEDED(hr))
            break;
        assert_int_equal(hr, E_OUTOFMEMORY);
        assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, NULL, &size), S_OK);
        assert_non_null(copy = malloc(size));
        assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, copy, &size), S_OK);
        if (copy->DenyList.NumIDs != 3 || copy->AllowList.NumSeverities != 1)
            fail_msg("step %u: %u ids, %u severities after a failure", n, copy->DenyList.NumIDs,
                    copy->AllowList.NumSeverities);
        free(copy);
        assert_true(n < 32);
    }
    assert_true(n >= 2);
    assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, NULL, &size), S_OK);
    assert_non_null(copy = malloc(size));
    assert_int_equal(ID3D12InfoQueue1_GetStorageFilter(f->queue, copy, &size), S_OK);
    assert_int_equal(copy->DenyList.NumIDs, 5);
    assert_int_equal(copy->DenyList.pIDList[4], 21);
    free(copy);
    ID3D12InfoQueue1_ClearStorageFilter(f->queue);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_live_object_names, setup, teardown),
        cmocka_unit_test_setup_teardown(test_debug_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_filter_stacks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_many_callbacks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_allocation_failures, setup, teardown),
        cmocka_unit_test_setup_teardown(test_arguments_and_filter_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_type_names_and_internals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_break_ids_and_filter_growth, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
