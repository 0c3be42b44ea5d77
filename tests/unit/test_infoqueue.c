/*
 * The debug layer's per-device objects, ID3D12InfoQueue1 and
 * ID3D12DebugDevice2, through dbg_device_create() with a tiny fake device
 * (the outer IUnknown), so nothing here depends on the device code: every
 * method, the message-count limit under a flood, filters composed through
 * push/pop, callbacks from several threads; then the live-object report,
 * the debug device's parameters, and the rows written for the branches the
 * others leave. (The layer through real devices: test_debug_layer.c.)
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <malloc.h>
#include <pthread.h>
#include "portable.h"

#include "alloc.h"
#include "debuglayer/dbg_catalog.h"
#include "fake_outer.h"

/* The fake device (the outer IUnknown the debug interfaces forward to) is
 * tests/unit/fake_outer.h's. */

struct fixture
{
    struct fake_outer outer;
    ID3D12InfoQueue1 *queue;
};

/* Debug-output lines, captured instead of stderr. */
static pthread_mutex_t lines_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int line_count;
static char last_line[1024];

static void capture_line(void *context, const char *line)
{
    (void)context;
    pthread_mutex_lock(&lines_lock);
    ++line_count;
    snprintf(last_line, sizeof(last_line), "%s", line);
    pthread_mutex_unlock(&lines_lock);
}

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));

    f->outer.IUnknown_iface.lpVtbl = &fake_vtbl;
    atomic_init(&f->outer.refcount, 1);
    if (FAILED(dbg_device_create(&f->outer.IUnknown_iface, NULL, NULL, &f->outer.dbg)))
        return -1;
    if (FAILED(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12InfoQueue1, (void **)&f->queue)))
        return -1;
    ID3D12InfoQueue1_Release(f->queue); /* the fixture keeps the outer's own reference */
    line_count = 0;
    last_line[0] = 0;
    dbg_set_output_hook(capture_line, NULL);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;

    dbg_set_output_hook(NULL, NULL);
    assert_int_equal(atomic_load(&f->outer.refcount), 1);
    dbg_device_destroy(f->outer.dbg);
    free(f);
    return 0;
}

static char *get_text(ID3D12InfoQueue1 *queue, UINT64 index)
{
    static char text[1024];
    SIZE_T size = 0;
    D3D12_MESSAGE *m;

    assert_int_equal(ID3D12InfoQueue1_GetMessage(queue, index, NULL, &size), S_OK);
    m = malloc(size);
    assert_int_equal(ID3D12InfoQueue1_GetMessage(queue, index, m, &size), S_OK);
    snprintf(text, sizeof(text), "%s", m->pDescription);
    free(m);
    return text;
}

/* ---- Identity ---- */
static void test_identity(void **state)
{
    static const struct { const char *name; const IID *iid; HRESULT hr; } rows[] =
    {
        {"ID3D12InfoQueue", &IID_ID3D12InfoQueue, S_OK},
        {"ID3D12InfoQueue1", &IID_ID3D12InfoQueue1, S_OK},
        {"ID3D12DebugDevice", &IID_ID3D12DebugDevice, S_OK},
        {"ID3D12DebugDevice1", &IID_ID3D12DebugDevice1, S_OK},
        {"ID3D12DebugDevice2", &IID_ID3D12DebugDevice2, S_OK},
        {"IUnknown", &IID_IUnknown, S_OK},
        {"ID3D12Debug", &IID_ID3D12Debug, E_NOINTERFACE},
        {"ID3D12DebugCommandQueue", &IID_ID3D12DebugCommandQueue, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    struct fixture *f = *state;
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        IUnknown *unk = (IUnknown *)(uintptr_t)1;
        HRESULT hr = ID3D12InfoQueue1_QueryInterface(f->queue, rows[i].iid, (void **)&unk);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
        {
            if (unk)
                row_fail(&failures, i, rows[i].name, "out pointer not cleared");
            continue;
        }
        if (atomic_load(&f->outer.refcount) != 2)
            row_fail(&failures, i, rows[i].name, "outer refcount %u, expected 2",
                    (unsigned)atomic_load(&f->outer.refcount));
        if (rows[i].iid == &IID_IUnknown && unk != &f->outer.IUnknown_iface)
            row_fail(&failures, i, rows[i].name, "not the outer object's IUnknown");
        IUnknown_Release(unk);
        if (atomic_load(&f->outer.refcount) != 1)
            row_fail(&failures, i, rows[i].name, "outer refcount %u after Release, expected 1",
                    (unsigned)atomic_load(&f->outer.refcount));
    }
    rows_done(&failures);
    assert_int_equal(ID3D12InfoQueue1_AddRef(f->queue), 2);
    assert_int_equal(ID3D12InfoQueue1_Release(f->queue), 1);
    assert_int_equal(dbg_device_query_interface(NULL, &IID_ID3D12InfoQueue, (void **)&f), E_NOINTERFACE);
}

/* ---- Defaults ---- */
static void test_defaults(void **state)
{
    struct fixture *f = *state;
    ID3D12InfoQueue1 *q = f->queue;
    const struct { const char *name; UINT64 value, expected; } rows[] =
    {
        {"GetMessageCountLimit", ID3D12InfoQueue1_GetMessageCountLimit(q), D3D12_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT},
        {"GetNumStoredMessages", ID3D12InfoQueue1_GetNumStoredMessages(q), 0},
        {"GetNumStoredMessagesAllowedByRetrievalFilter", ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(q), 0},
        {"GetNumMessagesAllowedByStorageFilter", ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(q), 0},
        {"GetNumMessagesDeniedByStorageFilter", ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(q), 0},
        {"GetNumMessagesDiscardedByMessageCountLimit", ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(q), 0},
        {"GetStorageFilterStackSize", ID3D12InfoQueue1_GetStorageFilterStackSize(q), 1},
        {"GetRetrievalFilterStackSize", ID3D12InfoQueue1_GetRetrievalFilterStackSize(q), 1},
        {"GetMuteDebugOutput", (UINT64)ID3D12InfoQueue1_GetMuteDebugOutput(q), FALSE},
        {"GetBreakOnSeverity(ERROR)", (UINT64)ID3D12InfoQueue1_GetBreakOnSeverity(q, D3D12_MESSAGE_SEVERITY_ERROR), FALSE},
        {"GetBreakOnCategory(EXECUTION)", (UINT64)ID3D12InfoQueue1_GetBreakOnCategory(q, D3D12_MESSAGE_CATEGORY_EXECUTION), FALSE},
        {"GetBreakOnID(LIVE_DEVICE)", (UINT64)ID3D12InfoQueue1_GetBreakOnID(q, D3D12_MESSAGE_ID_LIVE_DEVICE), FALSE},
    };
    struct row_failures failures = {0};
    unsigned int i;

    assert_int_equal(D3D12_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT, 1024);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        if (rows[i].value != rows[i].expected)
            row_fail(&failures, i, rows[i].name, "%llu, expected %llu", (unsigned long long)rows[i].value,
                    (unsigned long long)rows[i].expected);
    }
    rows_done(&failures);
}

/* ---- AddMessage / AddApplicationMessage ---- */
static void test_add_message(void **state)
{
    static const struct
    {
        int application;
        D3D12_MESSAGE_CATEGORY category;
        D3D12_MESSAGE_SEVERITY severity;
        D3D12_MESSAGE_ID id;
        const char *text;
        HRESULT hr;
    } rows[] =
    {
        {0, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_ERROR, D3D12_MESSAGE_ID_LIVE_SWAPCHAIN, "a", S_OK},
        {0, D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_MESSAGE, (D3D12_MESSAGE_ID)70000, "", S_OK},
        {0, (D3D12_MESSAGE_CATEGORY)11, D3D12_MESSAGE_SEVERITY_INFO, D3D12_MESSAGE_ID_UNKNOWN, "database", S_OK},
        {0, (D3D12_MESSAGE_CATEGORY)12, D3D12_MESSAGE_SEVERITY_INFO, D3D12_MESSAGE_ID_UNKNOWN, "bad category", E_INVALIDARG},
        {0, D3D12_MESSAGE_CATEGORY_SHADER, (D3D12_MESSAGE_SEVERITY)5, D3D12_MESSAGE_ID_UNKNOWN, "bad severity", E_INVALIDARG},
        {0, D3D12_MESSAGE_CATEGORY_SHADER, D3D12_MESSAGE_SEVERITY_INFO, D3D12_MESSAGE_ID_UNKNOWN, NULL, E_INVALIDARG},
        {1, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, D3D12_MESSAGE_SEVERITY_WARNING,
                D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, "from the app", S_OK},
        {1, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, (D3D12_MESSAGE_SEVERITY)9,
                D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, "bad severity", E_INVALIDARG},
        {1, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, D3D12_MESSAGE_SEVERITY_WARNING,
                D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, NULL, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    struct fixture *f = *state;
    UINT64 stored = 0;
    char name[64];
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        HRESULT hr = rows[i].application
                ? ID3D12InfoQueue1_AddApplicationMessage(f->queue, rows[i].severity, rows[i].text)
                : ID3D12InfoQueue1_AddMessage(f->queue, rows[i].category, rows[i].severity, rows[i].id, rows[i].text);
        SIZE_T size = 0;
        D3D12_MESSAGE *m;

        snprintf(name, sizeof(name), "%s, \"%s\"", rows[i].application ? "application" : "message",
                rows[i].text ? rows[i].text : "(NULL)");
        if (hr != rows[i].hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
        {
            if (ID3D12InfoQueue1_GetNumStoredMessages(f->queue) != stored)
                row_fail(&failures, i, name, "a rejected message was stored");
            stored = ID3D12InfoQueue1_GetNumStoredMessages(f->queue);
            continue;
        }
        stored = ID3D12InfoQueue1_GetNumStoredMessages(f->queue);
        if (ID3D12InfoQueue1_GetMessage(f->queue, stored - 1, NULL, &size) != S_OK
                || size != sizeof(D3D12_MESSAGE) + strlen(rows[i].text) + 1)
        {
            row_fail(&failures, i, name, "GetMessage size %zu, expected %zu", (size_t)size,
                    sizeof(D3D12_MESSAGE) + strlen(rows[i].text) + 1);
            continue;
        }
        m = malloc(size);
        if (ID3D12InfoQueue1_GetMessage(f->queue, stored - 1, m, &size) != S_OK)
            row_fail(&failures, i, name, "GetMessage failed");
        else if (m->Category != rows[i].category || m->Severity != rows[i].severity || m->ID != rows[i].id
                || strcmp(m->pDescription, rows[i].text) || m->DescriptionByteLength != strlen(rows[i].text) + 1)
            row_fail(&failures, i, name, "stored %d/%d/%d \"%s\"", m->Category, m->Severity, m->ID, m->pDescription);
        /* The description lives in the same allocation, right after the struct. */
        else if (m->pDescription != (const char *)(m + 1))
            row_fail(&failures, i, name, "the description is not right after the struct");
        free(m);
    }
    rows_done(&failures);
}

/* ---- GetMessage: the two-call pattern and its errors ---- */
static void test_get_message_sizes(void **state)
{
    struct row_failures failures = {0};
    struct fixture *f = *state;
    SIZE_T needed = 0, size;
    unsigned char buffer[256];
    unsigned int i;
    const struct { const char *name; UINT64 index; SIZE_T size_delta; int null_size; HRESULT hr; } rows[] =
    {
        {"exact size", 0, 0, 0, S_OK},
        {"larger", 0, 17, 0, S_OK},
        {"one byte short", 0, (SIZE_T)-1, 0, E_INVALIDARG},
        {"struct only", 0, (SIZE_T)-6, 0, E_INVALIDARG},
        {"index past the end", 1, 0, 0, E_INVALIDARG},
        {"NULL size", 0, 0, 1, E_INVALIDARG},
    };

    assert_int_equal(ID3D12InfoQueue1_AddApplicationMessage(f->queue, D3D12_MESSAGE_SEVERITY_INFO, "hello"), S_OK);
    assert_int_equal(ID3D12InfoQueue1_GetMessage(f->queue, 0, NULL, &needed), S_OK);
    assert_int_equal(needed, sizeof(D3D12_MESSAGE) + 6);
    size = 0;
    assert_int_equal(ID3D12InfoQueue1_GetMessage(f->queue, 1, NULL, &size), E_INVALIDARG);
    assert_int_equal(size, 0);

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        HRESULT hr;

        size = needed + rows[i].size_delta;
        memset(buffer, 0xcc, sizeof(buffer));
        hr = ID3D12InfoQueue1_GetMessage(f->queue, rows[i].index, (D3D12_MESSAGE *)buffer,
                rows[i].null_size ? NULL : &size);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
        {
            unsigned int j;

            for (j = 0; j < sizeof(buffer); ++j)
            {
                if (buffer[j] != 0xcc)
                {
                    row_fail(&failures, i, rows[i].name, "byte %u of the buffer was written", j);
                    break;
                }
            }
            continue;
        }
        if (size != needed)
            row_fail(&failures, i, rows[i].name, "size %zu, expected %zu", (size_t)size, (size_t)needed);
        if (strcmp(((D3D12_MESSAGE *)buffer)->pDescription, "hello"))
            row_fail(&failures, i, rows[i].name, "description \"%s\"", ((D3D12_MESSAGE *)buffer)->pDescription);
        if (buffer[needed] != 0xcc)
            row_fail(&failures, i, rows[i].name, "written past the message");
    }
    rows_done(&failures);
}

/* ---- The limit: a million messages, bounded memory, exact counters ---- */
static void test_limit_flood(void **state)
{
    struct fixture *f = *state;
    const unsigned int total = 1000000;
    size_t before, after;
    char text[64];
    unsigned int i;

    ID3D12InfoQueue1_SetMuteDebugOutput(f->queue, TRUE);
    before = heap_in_use();
    for (i = 0; i < total; ++i)
    {
        snprintf(text, sizeof(text), "message %u", i);
        ID3D12InfoQueue1_AddMessage(f->queue, D3D12_MESSAGE_CATEGORY_EXECUTION, D3D12_MESSAGE_SEVERITY_WARNING,
                D3D12_MESSAGE_ID_UNKNOWN, text);
    }
    after = heap_in_use();
    /* 1024 messages of ~60 bytes and the ring: far below a megabyte. */
    if (after > before && after - before > 1024 * 1024)
        fail_msg("the heap grew by %zu bytes", after - before);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 1024);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(f->queue), total);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(f->queue), total - 1024);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(f->queue), 0);
    /* New messages push the oldest out. */
    assert_string_equal(get_text(f->queue, 0), "message 998976");
    assert_string_equal(get_text(f->queue, 1023), "message 999999");
    assert_int_equal(line_count, 0);
}

static void test_limit_changes(void **state)
{
    static const struct { UINT64 limit; unsigned int add; UINT64 stored, discarded; const char *oldest; } rows[] =
    {
        {10, 25, 10, 15, "m15"},
        {1, 3, 1, 2, "m2"},
        {0, 5, 0, 5, NULL},
        {(UINT64)-1, 3000, 3000, 0, "m0"},
        {D3D12_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT, 1030, 1024, 6, "m6"},
    };
    struct row_failures failures = {0};
    struct fixture *f = *state;
    unsigned int i, j;
    char text[32], name[64];

    ID3D12InfoQueue1_SetMuteDebugOutput(f->queue, TRUE);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        UINT64 discarded = ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(f->queue);

        snprintf(name, sizeof(name), "limit %llu, %u added", (unsigned long long)rows[i].limit, rows[i].add);
        ID3D12InfoQueue1_ClearStoredMessages(f->queue);
        if (ID3D12InfoQueue1_SetMessageCountLimit(f->queue, rows[i].limit) != S_OK)
            row_fail(&failures, i, name, "SetMessageCountLimit failed");
        if (ID3D12InfoQueue1_GetMessageCountLimit(f->queue) != rows[i].limit)
            row_fail(&failures, i, name, "GetMessageCountLimit %llu",
                    (unsigned long long)ID3D12InfoQueue1_GetMessageCountLimit(f->queue));
        for (j = 0; j < rows[i].add; ++j)
        {
            snprintf(text, sizeof(text), "m%u", j);
            ID3D12InfoQueue1_AddApplicationMessage(f->queue, D3D12_MESSAGE_SEVERITY_INFO, text);
        }
        if (ID3D12InfoQueue1_GetNumStoredMessages(f->queue) != rows[i].stored
                || ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(f->queue) - discarded
                != rows[i].discarded)
            row_fail(&failures, i, name, "stored %llu, discarded %llu",
                    (unsigned long long)ID3D12InfoQueue1_GetNumStoredMessages(f->queue),
                    (unsigned long long)(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(f->queue)
                    - discarded));
        if (rows[i].oldest && strcmp(get_text(f->queue, 0), rows[i].oldest))
            row_fail(&failures, i, name, "oldest is %s", get_text(f->queue, 0));
    }
    rows_done(&failures);
    /* Lowering the limit drops the oldest at once, and counts them. */
    assert_int_equal(ID3D12InfoQueue1_SetMessageCountLimit(f->queue, 4), S_OK);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 4);
    assert_string_equal(get_text(f->queue, 0), "m1026");
    /* Clearing keeps the counters. */
    ID3D12InfoQueue1_ClearStoredMessages(f->queue);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), 0);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(f->queue), 25 + 3 + 5 + 3000 + 1030);
}

/* ---- Filters: one table of (filter, message) -> passes ---- */
struct filter_row
{
    const char *name;
    D3D12_MESSAGE_CATEGORY allow_cat[2], deny_cat[2];
    D3D12_MESSAGE_SEVERITY allow_sev[2], deny_sev[2];
    D3D12_MESSAGE_ID allow_id[2], deny_id[2];
    UINT n_allow_cat, n_deny_cat, n_allow_sev, n_deny_sev, n_allow_id, n_deny_id;
    D3D12_MESSAGE_CATEGORY category;
    D3D12_MESSAGE_SEVERITY severity;
    D3D12_MESSAGE_ID id;
    BOOL passes;
};

#define CAT(x) D3D12_MESSAGE_CATEGORY_##x
#define SEV(x) D3D12_MESSAGE_SEVERITY_##x
#define MID(x) D3D12_MESSAGE_ID_##x

static const struct filter_row filter_rows[] =
{
    {"empty filter allows all", .category = CAT(SHADER), .severity = SEV(INFO), .id = MID(LIVE_DEVICE), .passes = TRUE},
    {"deny severity", .deny_sev = {SEV(INFO)}, .n_deny_sev = 1,
            .category = CAT(SHADER), .severity = SEV(INFO), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"deny other severity", .deny_sev = {SEV(INFO)}, .n_deny_sev = 1,
            .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = TRUE},
    {"deny category", .deny_cat = {CAT(STATE_CREATION), CAT(SHADER)}, .n_deny_cat = 2,
            .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"deny id", .deny_id = {MID(LIVE_DEVICE)}, .n_deny_id = 1,
            .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"deny lists combine as any-of", .deny_sev = {SEV(INFO)}, .n_deny_sev = 1, .deny_id = {MID(LIVE_DEVICE)},
            .n_deny_id = 1, .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"allow severity", .allow_sev = {SEV(ERROR), SEV(CORRUPTION)}, .n_allow_sev = 2,
            .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = TRUE},
    {"not in the allowed severities", .allow_sev = {SEV(ERROR)}, .n_allow_sev = 1,
            .category = CAT(SHADER), .severity = SEV(WARNING), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"allow lists must all match", .allow_sev = {SEV(ERROR)}, .n_allow_sev = 1, .allow_cat = {CAT(EXECUTION)},
            .n_allow_cat = 1, .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"allow lists all matching", .allow_sev = {SEV(ERROR)}, .n_allow_sev = 1, .allow_cat = {CAT(SHADER)},
            .n_allow_cat = 1, .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = TRUE},
    {"allow id", .allow_id = {MID(LIVE_DEVICE)}, .n_allow_id = 1,
            .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = TRUE},
    {"other id not allowed", .allow_id = {MID(LIVE_DEVICE)}, .n_allow_id = 1,
            .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_SWAPCHAIN), .passes = FALSE},
    {"deny wins over allow", .allow_id = {MID(LIVE_DEVICE)}, .n_allow_id = 1, .deny_id = {MID(LIVE_DEVICE)},
            .n_deny_id = 1, .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = FALSE},
    {"deny severity wins over allowed id", .allow_id = {MID(LIVE_DEVICE)}, .n_allow_id = 1, .deny_sev = {SEV(ERROR)},
            .n_deny_sev = 1, .category = CAT(SHADER), .severity = SEV(ERROR), .id = MID(LIVE_DEVICE), .passes = FALSE},
};

static void make_filter(const struct filter_row *r, D3D12_INFO_QUEUE_FILTER *filter)
{
    memset(filter, 0, sizeof(*filter));
    filter->AllowList.NumCategories = r->n_allow_cat;
    filter->AllowList.pCategoryList = (D3D12_MESSAGE_CATEGORY *)r->allow_cat;
    filter->AllowList.NumSeverities = r->n_allow_sev;
    filter->AllowList.pSeverityList = (D3D12_MESSAGE_SEVERITY *)r->allow_sev;
    filter->AllowList.NumIDs = r->n_allow_id;
    filter->AllowList.pIDList = (D3D12_MESSAGE_ID *)r->allow_id;
    filter->DenyList.NumCategories = r->n_deny_cat;
    filter->DenyList.pCategoryList = (D3D12_MESSAGE_CATEGORY *)r->deny_cat;
    filter->DenyList.NumSeverities = r->n_deny_sev;
    filter->DenyList.pSeverityList = (D3D12_MESSAGE_SEVERITY *)r->deny_sev;
    filter->DenyList.NumIDs = r->n_deny_id;
    filter->DenyList.pIDList = (D3D12_MESSAGE_ID *)r->deny_id;
}

static void test_filter_table(void **state)
{
    struct row_failures failures = {0};
    struct fixture *f = *state;
    unsigned int i;

    ID3D12InfoQueue1_SetMuteDebugOutput(f->queue, TRUE);
    for (i = 0; i < ARRAY_SIZE(filter_rows); ++i)
    {
        const struct filter_row *r = &filter_rows[i];
        UINT64 allowed = ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(f->queue);
        UINT64 denied = ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(f->queue);
        D3D12_INFO_QUEUE_FILTER filter;

        /* As the storage filter: stored or denied. */
        make_filter(r, &filter);
        if (ID3D12InfoQueue1_PushStorageFilter(f->queue, &filter) != S_OK)
            row_fail(&failures, i, r->name, "PushStorageFilter failed");
        ID3D12InfoQueue1_ClearStoredMessages(f->queue);
        if (ID3D12InfoQueue1_AddMessage(f->queue, r->category, r->severity, r->id, r->name) != S_OK)
            row_fail(&failures, i, r->name, "AddMessage failed under the storage filter");
        if (ID3D12InfoQueue1_GetNumStoredMessages(f->queue) != (UINT64)r->passes
                || ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(f->queue) - allowed != (UINT64)r->passes
                || ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(f->queue) - denied != (UINT64)!r->passes)
            row_fail(&failures, i, r->name, "the storage filter got it wrong");
        ID3D12InfoQueue1_PopStorageFilter(f->queue);

        /* As the retrieval filter: stored, but visible or not. */
        ID3D12InfoQueue1_ClearStoredMessages(f->queue);
        if (ID3D12InfoQueue1_AddMessage(f->queue, r->category, r->severity, r->id, r->name) != S_OK)
            row_fail(&failures, i, r->name, "AddMessage failed");
        if (ID3D12InfoQueue1_PushRetrievalFilter(f->queue, &filter) != S_OK)
            row_fail(&failures, i, r->name, "PushRetrievalFilter failed");
        if (ID3D12InfoQueue1_GetNumStoredMessages(f->queue) != 1
                || ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(f->queue) != (UINT64)r->passes)
            row_fail(&failures, i, r->name, "the retrieval filter got it wrong");
        ID3D12InfoQueue1_PopRetrievalFilter(f->queue);
        if (ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(f->queue) != 1)
            row_fail(&failures, i, r->name, "hidden after the retrieval filter was popped");
    }
    rows_done(&failures);
}

/* ---- Both filter stacks, through one table of their methods ---- */
struct stack_ops
{
    const char *name;
    HRESULT (STDMETHODCALLTYPE *add)(ID3D12InfoQueue1 *, D3D12_INFO_QUEUE_FILTER *);
    HRESULT (STDMETHODCALLTYPE *get)(ID3D12InfoQueue1 *, D3D12_INFO_QUEUE_FILTER *, SIZE_T *);
    void (STDMETHODCALLTYPE *clear)(ID3D12InfoQueue1 *);
    HRESULT (STDMETHODCALLTYPE *push_empty)(ID3D12InfoQueue1 *);
    HRESULT (STDMETHODCALLTYPE *push_copy)(ID3D12InfoQueue1 *);
    HRESULT (STDMETHODCALLTYPE *push)(ID3D12InfoQueue1 *, D3D12_INFO_QUEUE_FILTER *);
    void (STDMETHODCALLTYPE *pop)(ID3D12InfoQueue1 *);
    UINT (STDMETHODCALLTYPE *size)(ID3D12InfoQueue1 *);
};

static struct stack_ops stack_ops_of(ID3D12InfoQueue1 *q, int retrieval)
{
    struct stack_ops ops;

    if (retrieval)
    {
        ops = (struct stack_ops){"retrieval", q->lpVtbl->AddRetrievalFilterEntries, q->lpVtbl->GetRetrievalFilter,
                q->lpVtbl->ClearRetrievalFilter, q->lpVtbl->PushEmptyRetrievalFilter,
                q->lpVtbl->PushCopyOfRetrievalFilter, q->lpVtbl->PushRetrievalFilter,
                q->lpVtbl->PopRetrievalFilter, q->lpVtbl->GetRetrievalFilterStackSize};
    }
    else
    {
        ops = (struct stack_ops){"storage", q->lpVtbl->AddStorageFilterEntries, q->lpVtbl->GetStorageFilter,
                q->lpVtbl->ClearStorageFilter, q->lpVtbl->PushEmptyStorageFilter,
                q->lpVtbl->PushCopyOfStorageFilter, q->lpVtbl->PushStorageFilter,
                q->lpVtbl->PopStorageFilter, q->lpVtbl->GetStorageFilterStackSize};
    }
    return ops;
}

/* The top filter as "allow:c,s,i deny:c,s,i" counts plus its deny ids. */
static void describe_top(const struct stack_ops *ops, ID3D12InfoQueue1 *q, char *out, size_t out_size)
{
    D3D12_INFO_QUEUE_FILTER *filter;
    SIZE_T size = 0;
    UINT i;
    int n;

    assert_int_equal(ops->get(q, NULL, &size), S_OK);
    filter = malloc(size);
    assert_int_equal(ops->get(q, filter, &size), S_OK);
    n = snprintf(out, out_size, "allow %u/%u/%u deny %u/%u/%u ids", filter->AllowList.NumCategories,
            filter->AllowList.NumSeverities, filter->AllowList.NumIDs, filter->DenyList.NumCategories,
            filter->DenyList.NumSeverities, filter->DenyList.NumIDs);
    for (i = 0; i < filter->DenyList.NumIDs; ++i)
        n += snprintf(out + n, out_size - n, " %d", filter->DenyList.pIDList[i]);
    free(filter);
}

static void test_filter_stacks(void **state)
{
    struct fixture *f = *state;
    D3D12_MESSAGE_SEVERITY info = SEV(INFO);
    D3D12_MESSAGE_ID ids[2] = {MID(LIVE_DEVICE), MID(LIVE_SWAPCHAIN)};
    D3D12_INFO_QUEUE_FILTER deny_info = {.DenyList = {.NumSeverities = 1, .pSeverityList = &info}};
    D3D12_INFO_QUEUE_FILTER deny_ids = {.DenyList = {.NumIDs = 2, .pIDList = ids}};
    D3D12_INFO_QUEUE_FILTER broken = {.AllowList = {.NumIDs = 1, .pIDList = NULL}};
    char text[128];
    int retrieval;

    for (retrieval = 0; retrieval < 2; ++retrieval)
    {
        struct stack_ops ops = stack_ops_of(f->queue, retrieval);
        ID3D12InfoQueue1 *q = f->queue;
        unsigned char buffer[64];
        SIZE_T size;
        unsigned int j;

        assert_int_equal(ops.size(q), 1);
        assert_int_equal(ops.add(q, &deny_info), S_OK);
        assert_int_equal(ops.add(q, &deny_info), S_OK); /* no duplicates */
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/1/0 ids");

        assert_int_equal(ops.push_copy(q), S_OK);
        assert_int_equal(ops.add(q, &deny_ids), S_OK);
        assert_int_equal(ops.size(q), 2);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/1/2 ids 274 275");

        /* Errors leave the filter and the stack as they were. */
        assert_int_equal(ops.add(q, NULL), E_INVALIDARG);
        assert_int_equal(ops.add(q, &broken), E_INVALIDARG);
        assert_int_equal(ops.push(q, NULL), E_INVALIDARG);
        assert_int_equal(ops.push(q, &broken), E_INVALIDARG);
        assert_int_equal(ops.size(q), 2);
        assert_int_equal(ops.get(q, NULL, NULL), E_INVALIDARG);
        size = 0;
        assert_int_equal(ops.get(q, NULL, &size), S_OK);
        assert_int_equal(size, sizeof(D3D12_INFO_QUEUE_FILTER) + 3 * sizeof(UINT));
        size -= 1;
        memset(buffer, 0xcc, sizeof(buffer));
        assert_int_equal(ops.get(q, (D3D12_INFO_QUEUE_FILTER *)buffer, &size), E_INVALIDARG);
        for (j = 0; j < sizeof(buffer); ++j)
            assert_int_equal(buffer[j], 0xcc);

        assert_int_equal(ops.push_empty(q), S_OK);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/0/0 ids");
        assert_int_equal(ops.push(q, &deny_ids), S_OK);
        assert_int_equal(ops.size(q), 4);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/0/2 ids 274 275");
        ops.clear(q);
        assert_int_equal(ops.size(q), 4);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/0/0 ids");

        ops.pop(q);
        ops.pop(q);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/1/2 ids 274 275");
        ops.pop(q);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/1/0 ids");
        /* The bottom filter cannot be popped. */
        ops.pop(q);
        ops.pop(q);
        assert_int_equal(ops.size(q), 1);
        describe_top(&ops, q, text, sizeof(text));
        assert_string_equal(text, "allow 0/0/0 deny 0/1/0 ids");
        ops.clear(q);
    }
}

/* Storage composed through push/pop decides what is stored. */
static void test_storage_push_pop_effect(void **state)
{
    struct fixture *f = *state;
    D3D12_MESSAGE_SEVERITY info = SEV(INFO);
    D3D12_INFO_QUEUE_FILTER deny_info = {.DenyList = {.NumSeverities = 1, .pSeverityList = &info}};
    ID3D12InfoQueue1 *q = f->queue;

    assert_int_equal(ID3D12InfoQueue1_PushStorageFilter(q, &deny_info), S_OK);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(INFO), "denied");
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(ERROR), "kept 1");
    assert_int_equal(ID3D12InfoQueue1_PushEmptyStorageFilter(q), S_OK);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(INFO), "kept 2");
    ID3D12InfoQueue1_PopStorageFilter(q);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(INFO), "denied again");
    ID3D12InfoQueue1_PopStorageFilter(q);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(INFO), "kept 3");

    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(q), 3);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(q), 2);
    assert_string_equal(get_text(q, 0), "kept 1");
    assert_string_equal(get_text(q, 1), "kept 2");
    assert_string_equal(get_text(q, 2), "kept 3");
    /* Denied messages are not printed either. */
    assert_int_equal(line_count, 3);
}

static void test_retrieval_indexing(void **state)
{
    struct fixture *f = *state;
    ID3D12InfoQueue1 *q = f->queue;
    D3D12_MESSAGE_SEVERITY warning = SEV(WARNING);
    D3D12_INFO_QUEUE_FILTER only_warnings = {.AllowList = {.NumSeverities = 1, .pSeverityList = &warning}};
    static const struct { D3D12_MESSAGE_SEVERITY severity; const char *text; } adds[] =
    {
        {SEV(INFO), "i0"}, {SEV(WARNING), "w0"}, {SEV(ERROR), "e0"}, {SEV(WARNING), "w1"}, {SEV(INFO), "i1"},
    };
    unsigned int i;
    SIZE_T size;

    for (i = 0; i < ARRAY_SIZE(adds); ++i)
        ID3D12InfoQueue1_AddApplicationMessage(q, adds[i].severity, adds[i].text);
    assert_int_equal(ID3D12InfoQueue1_AddRetrievalFilterEntries(q, &only_warnings), S_OK);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(q), 5);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessagesAllowedByRetrievalFilter(q), 2);
    assert_string_equal(get_text(q, 0), "w0");
    assert_string_equal(get_text(q, 1), "w1");
    assert_int_equal(ID3D12InfoQueue1_GetMessage(q, 2, NULL, &size), E_INVALIDARG);
    ID3D12InfoQueue1_ClearRetrievalFilter(q);
    assert_string_equal(get_text(q, 2), "e0");
}

/* ---- Break-on settings: stored and read back ---- */
static void test_break_on(void **state)
{
    enum kind { CATEGORY, SEVERITY, ID };
    static const struct { enum kind kind; UINT value; BOOL enable; HRESULT hr; BOOL readback; } rows[] =
    {
        {CATEGORY, CAT(EXECUTION), TRUE, S_OK, TRUE},
        {CATEGORY, CAT(EXECUTION), FALSE, S_OK, FALSE},
        {CATEGORY, 11, TRUE, S_OK, TRUE},
        {CATEGORY, 12, TRUE, E_INVALIDARG, FALSE},
        {SEVERITY, SEV(CORRUPTION), TRUE, S_OK, TRUE},
        {SEVERITY, SEV(MESSAGE), TRUE, S_OK, TRUE},
        {SEVERITY, 5, TRUE, E_INVALIDARG, FALSE},
        {ID, MID(LIVE_DEVICE), TRUE, S_OK, TRUE},
        {ID, 70000, TRUE, S_OK, TRUE},
        {ID, 70000, FALSE, S_OK, FALSE},
    };
    static const char *const kinds[] = {"category", "severity", "id"};
    struct row_failures failures = {0};
    struct fixture *f = *state;
    ID3D12InfoQueue1 *q = f->queue;
    char name[48];
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        HRESULT hr;
        BOOL value;

        switch (rows[i].kind)
        {
            case CATEGORY:
                hr = ID3D12InfoQueue1_SetBreakOnCategory(q, (D3D12_MESSAGE_CATEGORY)rows[i].value, rows[i].enable);
                value = ID3D12InfoQueue1_GetBreakOnCategory(q, (D3D12_MESSAGE_CATEGORY)rows[i].value);
                break;
            case SEVERITY:
                hr = ID3D12InfoQueue1_SetBreakOnSeverity(q, (D3D12_MESSAGE_SEVERITY)rows[i].value, rows[i].enable);
                value = ID3D12InfoQueue1_GetBreakOnSeverity(q, (D3D12_MESSAGE_SEVERITY)rows[i].value);
                break;
            default:
                hr = ID3D12InfoQueue1_SetBreakOnID(q, (D3D12_MESSAGE_ID)rows[i].value, rows[i].enable);
                value = ID3D12InfoQueue1_GetBreakOnID(q, (D3D12_MESSAGE_ID)rows[i].value);
                break;
        }
        snprintf(name, sizeof(name), "%s %u %s", kinds[rows[i].kind], rows[i].value, rows[i].enable ? "on" : "off");
        if (hr != rows[i].hr || value != rows[i].readback)
            row_fail(&failures, i, name, "hr %#x readback %d, expected %#x and %d", (unsigned)hr, value,
                    (unsigned)rows[i].hr, rows[i].readback);
    }
    rows_done(&failures);
    /* A message that would break is stored and printed; nothing stops. */
    ID3D12InfoQueue1_AddMessage(q, CAT(EXECUTION), SEV(CORRUPTION), MID(LIVE_DEVICE), "no break");
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(q), 1);
    assert_int_equal(line_count, 1);
}

/* ---- Debug output and muting ---- */
static void test_mute_and_output(void **state)
{
    struct fixture *f = *state;
    ID3D12InfoQueue1 *q = f->queue;

    ID3D12InfoQueue1_AddMessage(q, CAT(STATE_CREATION), SEV(WARNING), MID(LIVE_SWAPCHAIN), "a swap chain");
    assert_int_equal(line_count, 1);
    assert_string_equal(last_line, "D3D12 WARNING: a swap chain [ STATE_CREATION WARNING #275: LIVE_SWAPCHAIN]\n");
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(MESSAGE), "hi");
    assert_string_equal(last_line, "D3D12 MESSAGE: hi [ APPLICATION_DEFINED MESSAGE #1: STRING_FROM_APPLICATION]\n");
    ID3D12InfoQueue1_AddMessage(q, CAT(EXECUTION), SEV(CORRUPTION), (D3D12_MESSAGE_ID)70000, "unknown id");
    assert_string_equal(last_line, "D3D12 CORRUPTION: unknown id [ EXECUTION CORRUPTION #70000: UNKNOWN]\n");

    ID3D12InfoQueue1_SetMuteDebugOutput(q, TRUE);
    assert_int_equal(ID3D12InfoQueue1_GetMuteDebugOutput(q), TRUE);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(ERROR), "muted");
    assert_int_equal(line_count, 3);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(q), 4);
    ID3D12InfoQueue1_SetMuteDebugOutput(q, FALSE);
    assert_int_equal(ID3D12InfoQueue1_GetMuteDebugOutput(q), FALSE);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(ERROR), "loud");
    assert_int_equal(line_count, 4);
}

/* ---- Callbacks ---- */
struct callback_log
{
    atomic_uint calls;
    char last[64];
    D3D12_MESSAGE_ID last_id;
};

static void STDMETHODCALLTYPE log_callback(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *description, void *context)
{
    struct callback_log *log = context;

    (void)category;
    (void)severity;
    atomic_fetch_add(&log->calls, 1);
    log->last_id = id;
    snprintf(log->last, sizeof(log->last), "%s", description);
}

static void test_callbacks(void **state)
{
    struct fixture *f = *state;
    ID3D12InfoQueue1 *q = f->queue;
    D3D12_MESSAGE_SEVERITY info = SEV(INFO);
    D3D12_INFO_QUEUE_FILTER deny_info = {.DenyList = {.NumSeverities = 1, .pSeverityList = &info}};
    struct callback_log filtered = {0}, all = {0};
    DWORD cookie_filtered = 0, cookie_all = 0, cookie = 0;
    const struct { const char *name; D3D12MessageFunc func; UINT flags; DWORD *cookie; HRESULT hr; } bad[] =
    {
        {"NULL callback", NULL, 0, &cookie, E_INVALIDARG},
        {"NULL cookie", log_callback, 0, NULL, E_INVALIDARG},
        {"unknown flag", log_callback, 0x2, &cookie, E_INVALIDARG},
    };
    struct row_failures failures = {0};
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(bad); ++i)
    {
        HRESULT hr = ID3D12InfoQueue1_RegisterMessageCallback(q, bad[i].func,
                (D3D12_MESSAGE_CALLBACK_FLAGS)bad[i].flags, &filtered, bad[i].cookie);
        if (hr != bad[i].hr || cookie)
            row_fail(&failures, i, bad[i].name, "hr %#x cookie %u", (unsigned)hr, (unsigned)cookie);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(q, log_callback, D3D12_MESSAGE_CALLBACK_FLAG_NONE,
            &filtered, &cookie_filtered), S_OK);
    assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(q, log_callback, D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS,
            &all, &cookie_all), S_OK);
    assert_int_not_equal(cookie_filtered, 0);
    assert_int_not_equal(cookie_all, 0);
    assert_int_not_equal(cookie_filtered, cookie_all);

    assert_int_equal(ID3D12InfoQueue1_AddStorageFilterEntries(q, &deny_info), S_OK);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(ERROR), "stored");
    assert_int_equal(atomic_load(&filtered.calls), 1);
    assert_int_equal(atomic_load(&all.calls), 1);
    assert_string_equal(filtered.last, "stored");
    assert_int_equal(filtered.last_id, MID(STRING_FROM_APPLICATION));
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(INFO), "denied");
    assert_int_equal(atomic_load(&filtered.calls), 1);
    assert_int_equal(atomic_load(&all.calls), 2);
    assert_string_equal(all.last, "denied");
    /* Muting silences the debug output, not the callbacks. */
    ID3D12InfoQueue1_SetMuteDebugOutput(q, TRUE);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(ERROR), "muted");
    assert_int_equal(atomic_load(&filtered.calls), 2);

    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(q, cookie_filtered), S_OK);
    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(q, cookie_filtered), E_INVALIDARG);
    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(q, 0), E_INVALIDARG);
    ID3D12InfoQueue1_AddApplicationMessage(q, SEV(ERROR), "after");
    assert_int_equal(atomic_load(&filtered.calls), 2);
    assert_int_equal(atomic_load(&all.calls), 4);
    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(q, cookie_all), S_OK);
}

/* A callback may call back into the queue: callbacks run outside the lock. */
static void STDMETHODCALLTYPE reentrant_callback(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *description, void *context)
{
    ID3D12InfoQueue1 *q = context;

    (void)category;
    (void)severity;
    (void)id;
    (void)description;
    ID3D12InfoQueue1_GetNumStoredMessages(q);
}

static void test_callback_reentrant(void **state)
{
    struct fixture *f = *state;
    DWORD cookie;

    assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(f->queue, reentrant_callback, 0, f->queue, &cookie),
            S_OK);
    ID3D12InfoQueue1_AddApplicationMessage(f->queue, SEV(INFO), "no deadlock");
    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(f->queue, cookie), S_OK);
}

#define THREADS 4
#define PER_THREAD 20000

/* log_callback for several threads at once: it counts, and keeps no last
 * message (which the threads would write together). */
static void STDMETHODCALLTYPE count_callback(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *description, void *context)
{
    struct callback_log *log = context;

    (void)category;
    (void)severity;
    (void)id;
    (void)description;
    atomic_fetch_add(&log->calls, 1);
}

static void *add_messages(void *arg)
{
    ID3D12InfoQueue1 *q = arg;
    unsigned int i;

    for (i = 0; i < PER_THREAD; ++i)
        ID3D12InfoQueue1_AddMessage(q, CAT(EXECUTION), (i & 1) ? SEV(INFO) : SEV(ERROR), MID(UNKNOWN), "threaded");
    return NULL;
}

static void test_callbacks_threads(void **state)
{
    struct fixture *f = *state;
    ID3D12InfoQueue1 *q = f->queue;
    D3D12_MESSAGE_SEVERITY info = SEV(INFO);
    D3D12_INFO_QUEUE_FILTER deny_info = {.DenyList = {.NumSeverities = 1, .pSeverityList = &info}};
    struct callback_log filtered = {0}, all = {0};
    pthread_t threads[THREADS];
    DWORD c1, c2;
    unsigned int i;

    ID3D12InfoQueue1_SetMuteDebugOutput(q, TRUE);
    assert_int_equal(ID3D12InfoQueue1_PushStorageFilter(q, &deny_info), S_OK);
    assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(q, count_callback, 0, &filtered, &c1), S_OK);
    assert_int_equal(ID3D12InfoQueue1_RegisterMessageCallback(q, count_callback, D3D12_MESSAGE_CALLBACK_IGNORE_FILTERS,
            &all, &c2), S_OK);
    for (i = 0; i < THREADS; ++i)
        assert_int_equal(pthread_create(&threads[i], NULL, add_messages, q), 0);
    for (i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);

    assert_int_equal(atomic_load(&all.calls), THREADS * PER_THREAD);
    assert_int_equal(atomic_load(&filtered.calls), THREADS * PER_THREAD / 2);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesAllowedByStorageFilter(q), THREADS * PER_THREAD / 2);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesDeniedByStorageFilter(q), THREADS * PER_THREAD / 2);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(q), 1024);
    assert_int_equal(ID3D12InfoQueue1_GetNumMessagesDiscardedByMessageCountLimit(q), THREADS * PER_THREAD / 2 - 1024);
    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(q, c1), S_OK);
    assert_int_equal(ID3D12InfoQueue1_UnregisterMessageCallback(q, c2), S_OK);
}

/* ---- Coverage rows: live objects' names, debug parameters, stacks and lists past capacity ---- */

/*
 * The debug layer's branches (src/debuglayer/) that the rows above leave,
 * over the same fake device: the live-object report of objects with names
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

static void discard_line(void *context, const char *line)
{
    (void)context;
    (void)line;
}

/* The fixture of these rows: setup's fake device, whose live objects are
 * live_objects, with the debug output dropped. */
static int live_setup(void **state)
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

static int live_teardown(void **state)
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
#ifdef _WIN32
    static const WCHAR han[] = {0x4e2d, 0}, emoji[] = {0xd83d, 0xde00, 0}, surrogate[] = {0xd800, 'x', 0};
#else
    static const WCHAR han[] = {0x4e2d, 0}, emoji[] = {0x1f600, 0}, surrogate[] = {0xd800, 'x', 0};
    static const WCHAR beyond[] = {0x110000, 0}; /* past Unicode: only a 4-byte WCHAR holds it */
#endif
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
#ifndef _WIN32
        {{"ID3D12Nothing", beyond}, D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY, ", Name: \xef\xbf\xbd,"},
#endif
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

static void test_filter_stacks_past_capacity(void **state)
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
static char kept_line[2048];
static unsigned kept_count;

static void keep_line(void *context, const char *line)
{
    (void)context;
    snprintf(kept_line, sizeof(kept_line), "%s", line);
    ++kept_count;
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
    kept_count = 0;
    dbg_set_output_hook(keep_line, NULL);
    assert_int_equal(dbg_device_query_interface(f->outer.dbg, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
    assert_int_equal(ID3D12InfoQueue1_GetNumStoredMessages(f->queue), ARRAY_SIZE(rows));
    assert_int_equal(kept_count, ARRAY_SIZE(rows));
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

        kept_count = 0;
        mk_alloc_fail_after(n);
        assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, D3D12_RLDO_DETAIL), S_OK);
        mk_alloc_fail_after(-1);
        stored = ID3D12InfoQueue1_GetNumStoredMessages(f->queue);
        ID3D12InfoQueue1_ClearStoredMessages(f->queue);
        if (!mk_alloc_fail_triggered())
        {
            if (stored != 1 || kept_count != 1)
                row_fail(&failures, ARRAY_SIZE(rows), "no failure", "%u stored, %u printed", (unsigned)stored, kept_count);
            break;
        }
        dropped |= !stored && !kept_count;
        unprinted |= stored == 1 && !kept_count;
        if (stored > 1 || kept_count > 1 || n > 16)
            row_fail(&failures, ARRAY_SIZE(rows), "allocation failing", "step %u: %u stored, %u printed", n, (unsigned)stored,
                    kept_count);
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
        cmocka_unit_test_setup_teardown(test_identity, setup, teardown),
        cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_add_message, setup, teardown),
        cmocka_unit_test_setup_teardown(test_get_message_sizes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_limit_flood, setup, teardown),
        cmocka_unit_test_setup_teardown(test_limit_changes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_filter_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_filter_stacks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_storage_push_pop_effect, setup, teardown),
        cmocka_unit_test_setup_teardown(test_retrieval_indexing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_break_on, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mute_and_output, setup, teardown),
        cmocka_unit_test_setup_teardown(test_callbacks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_callback_reentrant, setup, teardown),
        cmocka_unit_test_setup_teardown(test_callbacks_threads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_live_object_names, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_debug_parameters, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_filter_stacks_past_capacity, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_many_callbacks, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_allocation_failures, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_arguments_and_filter_lists, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_type_names_and_internals, live_setup, live_teardown),
        cmocka_unit_test_setup_teardown(test_break_ids_and_filter_growth, live_setup, live_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
