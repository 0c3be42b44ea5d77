/*
 * The DXGI debug layer's output for refused swap-chain calls (issue 30 item
 * 10, docs/dxgi.md "Debug output"): a factory made with
 * DXGI_CREATE_FACTORY_DEBUG, and its swap chains, write one line per refused
 * call, in the form of the debug layer's OutputDebugString lines:
 *
 *   DXGI ERROR: IDXGIFactory::CreateSwapChain: <reason> [ MISCELLANEOUS ERROR #32: DXGI_MSG_..._UnknownSwapEffect ]
 *
 * to stderr (and OutputDebugStringA on Windows), unless IDXGIInfoQueue's
 * SetMuteDebugOutput muted the DXGI producer. The ids and names are
 * DXGI_Message_Id's (dxgimessages.h of the Windows SDK, as its public
 * metadata lists them). Each is also stored in the DXGI producer's queue of
 * IDXGIInfoQueue (below).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "dbg_queue.h"
#include "dxgi_private.h"

#ifdef _WIN32
#include <windows.h>
#endif

static const struct
{
    enum dxgi_message id;
    const char *name;
}
message_names[] =
{
#define DXGI_MESSAGE_NAME(name, value) {DXGI_MSG_##name, "DXGI_MSG_" #name},
    DXGI_MESSAGES(DXGI_MESSAGE_NAME)
#undef DXGI_MESSAGE_NAME
};

static mk_mutex output_lock = MK_MUTEX_INIT;

static const char *message_name(enum dxgi_message id)
{
    size_t i;

    for (i = 0; i < MK_COUNT(message_names); ++i)
    {
        if (message_names[i].id == id)
            return message_names[i].name;
    }
    return "";
}

void dxgi_report(const struct dxgi_factory *factory, enum dxgi_message id, const char *method,
        const char *format, ...)
{
    char reason[256], line[512];
    va_list args;

    if (!factory || !(factory->flags & DXGI_CREATE_FACTORY_DEBUG))
        return;
    va_start(args, format);
    vsnprintf(reason, sizeof(reason), format, args);
    va_end(args);
    snprintf(line, sizeof(line), "%s: %s", method, reason);
    dxgi_debug_store(id, line); /* IDXGIInfoQueue's DXGI producer */
    if (dxgi_debug_muted())
        return;
    snprintf(line, sizeof(line), "DXGI ERROR: %s: %s [ MISCELLANEOUS ERROR #%d: %s ]\n", method, reason, (int)id,
            message_name(id));
    /* One write per line, under one lock: lines of several threads never interleave. */
    mk_mutex_lock(&output_lock);
    fputs(line, stderr);
    fflush(stderr);
#ifdef _WIN32
    OutputDebugStringA(line);
#endif
    mk_mutex_unlock(&output_lock);
}

/* ---- IDXGIInfoQueue (DXGIGetDebugInterface1) ----
 *
 * One queue per producer this library has: DXGI (the refused calls above,
 * stored whether or not the application asked for the interface) and the
 * application (AddApplicationMessage). DXGI_DEBUG_ALL is both, DXGI_DEBUG_DX
 * the DirectX producers this library has (DXGI); any other producer is
 * refused (E_INVALIDARG, or 0 / FALSE). The queues are libd3d12's
 * (src/debuglayer/dbg_queue.c, linked in), over D3D12's structs, whose
 * layout DXGI's filter structs share (checked below); a message's Producer
 * is the one extra member. One object for the process, never freed. */

_Static_assert(sizeof(DXGI_INFO_QUEUE_FILTER) == sizeof(D3D12_INFO_QUEUE_FILTER)
        && offsetof(DXGI_INFO_QUEUE_FILTER, DenyList) == offsetof(D3D12_INFO_QUEUE_FILTER, DenyList)
        && offsetof(DXGI_INFO_QUEUE_FILTER_DESC, NumSeverities) == offsetof(D3D12_INFO_QUEUE_FILTER_DESC, NumSeverities)
        && offsetof(DXGI_INFO_QUEUE_FILTER_DESC, pIDList) == offsetof(D3D12_INFO_QUEUE_FILTER_DESC, pIDList)
        && sizeof(DXGI_INFO_QUEUE_MESSAGE_ID) == sizeof(D3D12_MESSAGE_ID),
        "DXGI_INFO_QUEUE_FILTER is not D3D12_INFO_QUEUE_FILTER");

enum { PRODUCER_DXGI, PRODUCER_APP, PRODUCER_COUNT };

#define DXGI_CATEGORY_COUNT (DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER + 1)
#define DXGI_SEVERITY_COUNT (DXGI_INFO_QUEUE_MESSAGE_SEVERITY_MESSAGE + 1)

static const IDXGIInfoQueueVtbl info_queue_vtbl;

static struct
{
    IDXGIInfoQueue IDXGIInfoQueue_iface;
    mk_mutex lock;      /* the queues' creation */
    bool ready;
    struct dbg_queue queues[PRODUCER_COUNT];
} info_queue =
{
    /* CONST_VTBL is empty in the WSL stubs: the pointer is not const-qualified. */
    .IDXGIInfoQueue_iface = {(IDXGIInfoQueueVtbl *)&info_queue_vtbl},
    .lock = MK_MUTEX_INIT,
};

static const GUID *const producer_ids[PRODUCER_COUNT] = {&DXGI_DEBUG_DXGI, &DXGI_DEBUG_APP};

/* Lines are written by dxgi_report, not by the queue. */
static void queue_output(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
        const char *text)
{
    (void)category;
    (void)severity;
    (void)id;
    (void)text;
}

/* The queues, made at the first use; false when they cannot be. */
static bool queues_ready(void)
{
    unsigned i;
    bool ready;

    mk_mutex_lock(&info_queue.lock);
    for (i = 0; !info_queue.ready && i < PRODUCER_COUNT; ++i)
    {
        if (FAILED(dbg_queue_init(&info_queue.queues[i], DXGI_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT, queue_output,
                DXGI_CATEGORY_COUNT, DXGI_SEVERITY_COUNT)))
        {
            while (i--)
                dbg_queue_cleanup(&info_queue.queues[i]);
            break;
        }
        if (i + 1 == PRODUCER_COUNT)
            info_queue.ready = true;
    }
    ready = info_queue.ready;
    mk_mutex_unlock(&info_queue.lock);
    return ready;
}

bool dxgi_debug_muted(void)
{
    return queues_ready() && dbg_queue_get_mute(&info_queue.queues[PRODUCER_DXGI]);
}

void dxgi_debug_store(enum dxgi_message id, const char *text)
{
    if (queues_ready())
        dbg_queue_add(&info_queue.queues[PRODUCER_DXGI], (D3D12_MESSAGE_CATEGORY)DXGI_INFO_QUEUE_MESSAGE_CATEGORY_MISCELLANEOUS,
                (D3D12_MESSAGE_SEVERITY)DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR, (D3D12_MESSAGE_ID)id, text);
}

/* The producers `producer` names: [*first, *first + *count). */
static bool producers(const GUID *producer, unsigned *first, unsigned *count)
{
    unsigned i;

    if (!queues_ready())
        return false;
    if (dxgi_iid_equal(producer, &DXGI_DEBUG_ALL))
    {
        *first = 0;
        *count = PRODUCER_COUNT;
        return true;
    }
    *count = 1;
    if (dxgi_iid_equal(producer, &DXGI_DEBUG_DX))
    {
        *first = PRODUCER_DXGI;
        return true;
    }
    for (i = 0; i < PRODUCER_COUNT; ++i)
    {
        if (dxgi_iid_equal(producer, producer_ids[i]))
        {
            *first = i;
            return true;
        }
    }
    return false;
}

/* The first queue `producer` names, or NULL. */
static struct dbg_queue *first_queue(const GUID *producer)
{
    unsigned first, count;

    return producers(producer, &first, &count) ? &info_queue.queues[first] : NULL;
}

static ULONG STDMETHODCALLTYPE info_queue_AddRef(IDXGIInfoQueue *iface)
{
    (void)iface;
    return 1;
}

static ULONG STDMETHODCALLTYPE info_queue_Release(IDXGIInfoQueue *iface)
{
    (void)iface;
    return 1;
}

static HRESULT STDMETHODCALLTYPE info_queue_QueryInterface(IDXGIInfoQueue *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (dxgi_iid_equal(riid, &IID_IUnknown) || dxgi_iid_equal(riid, &IID_IDXGIInfoQueue))
    {
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

/* Each queue of `producer` gets `op`; the first failure is the answer. */
#define FOR_PRODUCERS(producer, hr, op) \
    do { \
        unsigned first_, count_, i_; \
        if (!producers(&(producer), &first_, &count_)) { (hr) = E_INVALIDARG; break; } \
        for (i_ = first_; i_ < first_ + count_; ++i_) \
        { \
            struct dbg_queue *queue = &info_queue.queues[i_]; \
            HRESULT one_ = (op); \
            if (SUCCEEDED(hr)) (hr) = one_; \
        } \
    } while (0)

static HRESULT STDMETHODCALLTYPE info_queue_SetMessageCountLimit(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer,
        UINT64 limit)
{
    HRESULT hr = S_OK;

    (void)iface;
    FOR_PRODUCERS(producer, hr, (dbg_queue_set_limit(queue, limit), S_OK));
    return hr;
}

static void STDMETHODCALLTYPE info_queue_ClearStoredMessages(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer)
{
    HRESULT hr = S_OK;

    (void)iface;
    FOR_PRODUCERS(producer, hr, (dbg_queue_clear_stored(queue), S_OK));
}

/* Message `index` of those the retrieval filters let through, the queues of
 * `producer` one after the other: DXGI's struct with the text after it. */
static HRESULT STDMETHODCALLTYPE info_queue_GetMessage(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer, UINT64 index,
        DXGI_INFO_QUEUE_MESSAGE *message, SIZE_T *byte_length)
{
    unsigned first, count, i;
    D3D12_MESSAGE *d3d12;
    SIZE_T size;
    HRESULT hr;
    UINT64 n;

    (void)iface;
    if (!byte_length || !producers(&producer, &first, &count))
        return E_INVALIDARG;
    for (i = first; i < first + count; ++i)
    {
        if (index < (n = dbg_queue_counter(&info_queue.queues[i], DBG_STORED_ALLOWED_BY_RETRIEVAL)))
            break;
        index -= n;
    }
    if (i == first + count || FAILED(hr = dbg_queue_get_message(&info_queue.queues[i], index, NULL, &size)))
        return E_INVALIDARG;
    if (!message)
    {
        *byte_length = size - sizeof(D3D12_MESSAGE) + sizeof(DXGI_INFO_QUEUE_MESSAGE);
        return S_OK;
    }
    if (*byte_length < size - sizeof(D3D12_MESSAGE) + sizeof(DXGI_INFO_QUEUE_MESSAGE))
        return E_INVALIDARG;
    if (!(d3d12 = mk_alloc(size)))
        return E_OUTOFMEMORY;
    if (SUCCEEDED(hr = dbg_queue_get_message(&info_queue.queues[i], index, d3d12, &size)))
    {
        message->Producer = *producer_ids[i];
        message->Category = (DXGI_INFO_QUEUE_MESSAGE_CATEGORY)d3d12->Category;
        message->Severity = (DXGI_INFO_QUEUE_MESSAGE_SEVERITY)d3d12->Severity;
        message->ID = (DXGI_INFO_QUEUE_MESSAGE_ID)d3d12->ID;
        memcpy(message + 1, d3d12->pDescription, d3d12->DescriptionByteLength);
        message->pDescription = (const char *)(message + 1);
        message->DescriptionByteLength = d3d12->DescriptionByteLength;
        *byte_length = sizeof(*message) + d3d12->DescriptionByteLength;
    }
    mk_free(d3d12);
    return hr;
}

/* The counters: the sum over the queues of `producer` (the limit: the first's). */
static UINT64 counter(const GUID *producer, enum dbg_counter which)
{
    unsigned first, count, i;
    UINT64 sum = 0;

    if (!producers(producer, &first, &count))
        return 0;
    if (which == DBG_LIMIT)
        return dbg_queue_counter(&info_queue.queues[first], which);
    for (i = first; i < first + count; ++i)
        sum += dbg_queue_counter(&info_queue.queues[i], which);
    return sum;
}

#define COUNTER_METHOD(method, which) \
    static UINT64 STDMETHODCALLTYPE info_queue_##method(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer) \
    { \
        (void)iface; \
        return counter(&producer, which); \
    }
COUNTER_METHOD(GetNumStoredMessagesAllowedByRetrievalFilters, DBG_STORED_ALLOWED_BY_RETRIEVAL)
COUNTER_METHOD(GetNumStoredMessages, DBG_STORED)
COUNTER_METHOD(GetNumMessagesDiscardedByMessageCountLimit, DBG_DISCARDED_BY_LIMIT)
COUNTER_METHOD(GetMessageCountLimit, DBG_LIMIT)
COUNTER_METHOD(GetNumMessagesAllowedByStorageFilter, DBG_ALLOWED_BY_STORAGE)
COUNTER_METHOD(GetNumMessagesDeniedByStorageFilter, DBG_DENIED_BY_STORAGE)

/* A filter denying every severity (PushDenyAll*Filter). */
static HRESULT push_deny_all(struct dbg_queue *queue, enum dbg_stack_kind kind)
{
    static D3D12_MESSAGE_SEVERITY severities[DXGI_SEVERITY_COUNT] = {0, 1, 2, 3, 4};
    D3D12_INFO_QUEUE_FILTER filter;

    memset(&filter, 0, sizeof(filter));
    filter.DenyList.NumSeverities = DXGI_SEVERITY_COUNT;
    filter.DenyList.pSeverityList = severities;
    return dbg_queue_push_filter(queue, kind, &filter, false);
}

/* The nine methods of one filter stack. */
#define STACK_METHODS(Which, stack) \
    static HRESULT STDMETHODCALLTYPE info_queue_Add##Which##FilterEntries(IDXGIInfoQueue *iface, \
            DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER *filter) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, dbg_queue_add_filter_entries(queue, stack, (D3D12_INFO_QUEUE_FILTER *)filter)); \
        return hr; \
    } \
    static HRESULT STDMETHODCALLTYPE info_queue_Get##Which##Filter(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer, \
            DXGI_INFO_QUEUE_FILTER *filter, SIZE_T *byte_length) \
    { \
        struct dbg_queue *queue = first_queue(&producer); \
        (void)iface; \
        return queue ? dbg_queue_get_filter(queue, stack, (D3D12_INFO_QUEUE_FILTER *)filter, byte_length) \
                : E_INVALIDARG; \
    } \
    static void STDMETHODCALLTYPE info_queue_Clear##Which##Filter(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, (dbg_queue_clear_filter(queue, stack), S_OK)); \
    } \
    static HRESULT STDMETHODCALLTYPE info_queue_PushEmpty##Which##Filter(IDXGIInfoQueue *iface, \
            DXGI_DEBUG_ID producer) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, dbg_queue_push_filter(queue, stack, NULL, false)); \
        return hr; \
    } \
    static HRESULT STDMETHODCALLTYPE info_queue_PushDenyAll##Which##Filter(IDXGIInfoQueue *iface, \
            DXGI_DEBUG_ID producer) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, push_deny_all(queue, stack)); \
        return hr; \
    } \
    static HRESULT STDMETHODCALLTYPE info_queue_PushCopyOf##Which##Filter(IDXGIInfoQueue *iface, \
            DXGI_DEBUG_ID producer) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, dbg_queue_push_filter(queue, stack, NULL, true)); \
        return hr; \
    } \
    static HRESULT STDMETHODCALLTYPE info_queue_Push##Which##Filter(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer, \
            DXGI_INFO_QUEUE_FILTER *filter) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        if (!filter) \
            return E_INVALIDARG; \
        FOR_PRODUCERS(producer, hr, dbg_queue_push_filter(queue, stack, (D3D12_INFO_QUEUE_FILTER *)filter, false)); \
        return hr; \
    } \
    static void STDMETHODCALLTYPE info_queue_Pop##Which##Filter(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, (dbg_queue_pop_filter(queue, stack), S_OK)); \
    } \
    static UINT STDMETHODCALLTYPE info_queue_Get##Which##FilterStackSize(IDXGIInfoQueue *iface, \
            DXGI_DEBUG_ID producer) \
    { \
        struct dbg_queue *queue = first_queue(&producer); \
        (void)iface; \
        return queue ? dbg_queue_filter_stack_size(queue, stack) : 0; \
    }
STACK_METHODS(Storage, DBG_STACK_STORAGE)
STACK_METHODS(Retrieval, DBG_STACK_RETRIEVAL)

static HRESULT STDMETHODCALLTYPE info_queue_AddMessage(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer,
        DXGI_INFO_QUEUE_MESSAGE_CATEGORY category, DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity,
        DXGI_INFO_QUEUE_MESSAGE_ID id, LPCSTR text)
{
    unsigned first, count;

    (void)iface;
    /* One producer: a message is not stored twice. */
    if (!producers(&producer, &first, &count) || count != 1)
        return E_INVALIDARG;
    return dbg_queue_add_checked(&info_queue.queues[first], (D3D12_MESSAGE_CATEGORY)category,
            (D3D12_MESSAGE_SEVERITY)severity, (D3D12_MESSAGE_ID)id, text);
}

static HRESULT STDMETHODCALLTYPE info_queue_AddApplicationMessage(IDXGIInfoQueue *iface,
        DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity, LPCSTR text)
{
    (void)iface;
    if (!queues_ready())
        return E_OUTOFMEMORY;
    return dbg_queue_add_checked(&info_queue.queues[PRODUCER_APP],
            (D3D12_MESSAGE_CATEGORY)DXGI_INFO_QUEUE_MESSAGE_CATEGORY_UNKNOWN, (D3D12_MESSAGE_SEVERITY)severity,
            (D3D12_MESSAGE_ID)DXGI_INFO_QUEUE_MESSAGE_ID_STRING_FROM_APPLICATION, text);
}

#define BREAK_METHODS(What, Type, kind) \
    static HRESULT STDMETHODCALLTYPE info_queue_SetBreakOn##What(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer, \
            Type value, BOOL enable) \
    { \
        HRESULT hr = S_OK; \
        (void)iface; \
        FOR_PRODUCERS(producer, hr, dbg_queue_set_break_on(queue, kind, (UINT)value, enable)); \
        return hr; \
    } \
    static BOOL STDMETHODCALLTYPE info_queue_GetBreakOn##What(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer, \
            Type value) \
    { \
        struct dbg_queue *queue = first_queue(&producer); \
        (void)iface; \
        return queue ? dbg_queue_get_break_on(queue, kind, (UINT)value) : FALSE; \
    }
BREAK_METHODS(Category, DXGI_INFO_QUEUE_MESSAGE_CATEGORY, DBG_FILTER_CATEGORY)
BREAK_METHODS(Severity, DXGI_INFO_QUEUE_MESSAGE_SEVERITY, DBG_FILTER_SEVERITY)
BREAK_METHODS(ID, DXGI_INFO_QUEUE_MESSAGE_ID, DBG_FILTER_ID)

static void STDMETHODCALLTYPE info_queue_SetMuteDebugOutput(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer,
        BOOL mute)
{
    HRESULT hr = S_OK;

    (void)iface;
    FOR_PRODUCERS(producer, hr, (dbg_queue_set_mute(queue, mute), S_OK));
}

static BOOL STDMETHODCALLTYPE info_queue_GetMuteDebugOutput(IDXGIInfoQueue *iface, DXGI_DEBUG_ID producer)
{
    struct dbg_queue *queue = first_queue(&producer);

    (void)iface;
    return queue ? dbg_queue_get_mute(queue) : FALSE;
}

static const IDXGIInfoQueueVtbl info_queue_vtbl =
{
    info_queue_QueryInterface,
    info_queue_AddRef,
    info_queue_Release,
    info_queue_SetMessageCountLimit,
    info_queue_ClearStoredMessages,
    info_queue_GetMessage,
    info_queue_GetNumStoredMessagesAllowedByRetrievalFilters,
    info_queue_GetNumStoredMessages,
    info_queue_GetNumMessagesDiscardedByMessageCountLimit,
    info_queue_GetMessageCountLimit,
    info_queue_GetNumMessagesAllowedByStorageFilter,
    info_queue_GetNumMessagesDeniedByStorageFilter,
    info_queue_AddStorageFilterEntries,
    info_queue_GetStorageFilter,
    info_queue_ClearStorageFilter,
    info_queue_PushEmptyStorageFilter,
    info_queue_PushDenyAllStorageFilter,
    info_queue_PushCopyOfStorageFilter,
    info_queue_PushStorageFilter,
    info_queue_PopStorageFilter,
    info_queue_GetStorageFilterStackSize,
    info_queue_AddRetrievalFilterEntries,
    info_queue_GetRetrievalFilter,
    info_queue_ClearRetrievalFilter,
    info_queue_PushEmptyRetrievalFilter,
    info_queue_PushDenyAllRetrievalFilter,
    info_queue_PushCopyOfRetrievalFilter,
    info_queue_PushRetrievalFilter,
    info_queue_PopRetrievalFilter,
    info_queue_GetRetrievalFilterStackSize,
    info_queue_AddMessage,
    info_queue_AddApplicationMessage,
    info_queue_SetBreakOnCategory,
    info_queue_SetBreakOnSeverity,
    info_queue_SetBreakOnID,
    info_queue_GetBreakOnCategory,
    info_queue_GetBreakOnSeverity,
    info_queue_GetBreakOnID,
    info_queue_SetMuteDebugOutput,
    info_queue_GetMuteDebugOutput,
};

HRESULT dxgi_debug_interface(REFIID riid, void **out)
{
    *out = NULL;
    if (!dxgi_iid_equal(riid, &IID_IDXGIInfoQueue) && !dxgi_iid_equal(riid, &IID_IUnknown))
        return E_NOINTERFACE;
    if (!queues_ready())
        return E_OUTOFMEMORY;
    *out = &info_queue.IDXGIInfoQueue_iface;
    return S_OK;
}
