/*
 * The message queue behind an info queue: storage, the storage and retrieval
 * filter stacks, retrieval, the message count limit, break-on settings,
 * muting and callbacks (src/debuglayer/dbg_queue.c). One implementation for
 * both runtimes: libd3d12's ID3D12InfoQueue1 (info_queue.c) and libd3d11's
 * ID3D11InfoQueue (src/d3d11/debug.c, which compiles a private copy of
 * dbg_queue.c) call it with the D3D12 structs, whose layout the D3D11 ones
 * share (checked there). Categories, severities and ids are plain numbers
 * here; each runtime's catalog names them.
 */
#ifndef MOCKD3D12_DBG_QUEUE_H
#define MOCKD3D12_DBG_QUEUE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include <mockd3d12/d3d12.h>

#include "platform.h"

/* ---- The info queue ---- */
enum dbg_filter_kind
{
    DBG_FILTER_CATEGORY,
    DBG_FILTER_SEVERITY,
    DBG_FILTER_ID,
    DBG_FILTER_KIND_COUNT,
};

struct dbg_list
{
    UINT count, capacity;
    UINT *items;
};

struct dbg_filter
{
    struct dbg_list allow[DBG_FILTER_KIND_COUNT];
    struct dbg_list deny[DBG_FILTER_KIND_COUNT];
};

/* Never empty: the bottom filter (empty, allows everything) cannot be popped. */
struct dbg_filter_stack
{
    struct dbg_filter *filters;
    UINT size, capacity;
};

struct dbg_message
{
    D3D12_MESSAGE_CATEGORY category;
    D3D12_MESSAGE_SEVERITY severity;
    D3D12_MESSAGE_ID id;
    size_t length;  /* bytes of text, including the terminating NUL */
    char text[];
};

struct dbg_callback
{
    DWORD cookie;
    D3D12MessageFunc func;
    D3D12_MESSAGE_CALLBACK_FLAGS flags;
    void *context;
};

#define DBG_BREAK_CATEGORY_SLOTS 32
#define DBG_BREAK_SEVERITY_SLOTS 8

/* Where a stored message's line goes unless the queue is muted. */
typedef void (*dbg_queue_output_fn)(D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *text);

struct dbg_queue
{
    mk_mutex lock;
    dbg_queue_output_fn output;
    UINT category_count, severity_count; /* the runtime's categories and severities: 0 ... count - 1 */

    /* Stored messages: a ring holding at most `limit` of them, oldest at `head`. */
    struct dbg_message **ring;
    size_t ring_capacity, head, count;
    UINT64 limit;

    UINT64 allowed_by_storage_filter;
    UINT64 denied_by_storage_filter;
    UINT64 discarded_by_limit;

    struct dbg_filter_stack storage, retrieval;

    bool break_on_category[DBG_BREAK_CATEGORY_SLOTS];
    bool break_on_severity[DBG_BREAK_SEVERITY_SLOTS];
    struct dbg_list break_on_id;
    atomic_bool mute_debug_output;  /* a switch of its own: read and written without the lock */

    struct dbg_callback *callbacks;
    UINT callback_count, callback_capacity;
    DWORD next_cookie;
};


enum dbg_stack_kind { DBG_STACK_STORAGE, DBG_STACK_RETRIEVAL };

/* `limit`: the initial message count limit; `output`: the debug-output sink;
 * the runtime knows categories 0 ... category_count - 1 and severities
 * 0 ... severity_count - 1 (AddMessage and the break-on settings check them). */
HRESULT dbg_queue_init(struct dbg_queue *queue, UINT64 limit, dbg_queue_output_fn output, UINT category_count,
        UINT severity_count);
void dbg_queue_cleanup(struct dbg_queue *queue);
/* Runs one message through the storage filter into the queue, the debug
 * output and the callbacks. `text` is copied. */
void dbg_queue_add(struct dbg_queue *queue, D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity,
        D3D12_MESSAGE_ID id, const char *text);
/* AddMessage: E_INVALIDARG for no text or an unknown category or severity. */
HRESULT dbg_queue_add_checked(struct dbg_queue *queue, D3D12_MESSAGE_CATEGORY category,
        D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id, const char *text);

void dbg_queue_set_limit(struct dbg_queue *queue, UINT64 limit);
void dbg_queue_clear_stored(struct dbg_queue *queue);
/* GetMessage's two-call pattern: the message and its text in one block. */
HRESULT dbg_queue_get_message(struct dbg_queue *queue, UINT64 index, D3D12_MESSAGE *out, SIZE_T *byte_length);
enum dbg_counter { DBG_ALLOWED_BY_STORAGE, DBG_DENIED_BY_STORAGE, DBG_STORED, DBG_STORED_ALLOWED_BY_RETRIEVAL,
        DBG_DISCARDED_BY_LIMIT, DBG_LIMIT };
UINT64 dbg_queue_counter(struct dbg_queue *queue, enum dbg_counter counter);

HRESULT dbg_queue_add_filter_entries(struct dbg_queue *queue, enum dbg_stack_kind kind,
        const D3D12_INFO_QUEUE_FILTER *entries);
HRESULT dbg_queue_get_filter(struct dbg_queue *queue, enum dbg_stack_kind kind, D3D12_INFO_QUEUE_FILTER *out,
        SIZE_T *byte_length);
void dbg_queue_clear_filter(struct dbg_queue *queue, enum dbg_stack_kind kind);
/* PushEmpty (entries NULL), PushCopyOf (copy_top) and Push (entries, which must not be NULL). */
HRESULT dbg_queue_push_filter(struct dbg_queue *queue, enum dbg_stack_kind kind,
        const D3D12_INFO_QUEUE_FILTER *entries, bool copy_top);
void dbg_queue_pop_filter(struct dbg_queue *queue, enum dbg_stack_kind kind);
UINT dbg_queue_filter_stack_size(struct dbg_queue *queue, enum dbg_stack_kind kind);

/* Break-on settings of a category, severity or id (`kind`) are stored and
 * read back; no debugger break ever happens. A category or severity the
 * runtime does not know: E_INVALIDARG, and FALSE. */
HRESULT dbg_queue_set_break_on(struct dbg_queue *queue, enum dbg_filter_kind kind, UINT value, BOOL enable);
BOOL dbg_queue_get_break_on(struct dbg_queue *queue, enum dbg_filter_kind kind, UINT value);
void dbg_queue_set_mute(struct dbg_queue *queue, BOOL mute);
BOOL dbg_queue_get_mute(struct dbg_queue *queue);

HRESULT dbg_queue_register_callback(struct dbg_queue *queue, D3D12MessageFunc func,
        D3D12_MESSAGE_CALLBACK_FLAGS flags, void *context, DWORD *cookie);
HRESULT dbg_queue_unregister_callback(struct dbg_queue *queue, DWORD cookie);

/* ---- The methods of ID3D12InfoQueue and ID3D11InfoQueue ----
 * Both interfaces list the same methods in the same order, over structs
 * whose layouts match (src/d3d11/debug.c checks): DBG_INFO_QUEUE_METHODS
 * defines prefix##_SetMessageCountLimit ... prefix##_GetMuteDebugOutput for
 * interface IFACE once for both, forwarding to the struct dbg_queue
 * QUEUE(iface) returns. RT is the runtime's type prefix, D3D11 or D3D12
 * (RT##_MESSAGE, RT##_INFO_QUEUE_FILTER, ...). DBG_INFO_QUEUE_VTBL lists
 * them in vtable order. */

/* The counters' getters. */
#define DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, method, counter) \
    static UINT64 STDMETHODCALLTYPE prefix##_##method(IFACE *iface) \
    { \
        return dbg_queue_counter(QUEUE(iface), counter); \
    }

/* The eight methods of one filter stack: `Which` is Storage or Retrieval. */
#define DBG_INFO_QUEUE_STACK_METHODS(prefix, IFACE, QUEUE, RT, Which, stack) \
    static HRESULT STDMETHODCALLTYPE prefix##_Add##Which##FilterEntries(IFACE *iface, RT##_INFO_QUEUE_FILTER *filter) \
    { \
        return dbg_queue_add_filter_entries(QUEUE(iface), stack, (D3D12_INFO_QUEUE_FILTER *)filter); \
    } \
    static void STDMETHODCALLTYPE prefix##_Clear##Which##Filter(IFACE *iface) \
    { \
        dbg_queue_clear_filter(QUEUE(iface), stack); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_Get##Which##Filter(IFACE *iface, RT##_INFO_QUEUE_FILTER *filter, \
            SIZE_T *byte_length) \
    { \
        return dbg_queue_get_filter(QUEUE(iface), stack, (D3D12_INFO_QUEUE_FILTER *)filter, byte_length); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_PushEmpty##Which##Filter(IFACE *iface) \
    { \
        return dbg_queue_push_filter(QUEUE(iface), stack, NULL, false); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_Push##Which##Filter(IFACE *iface, RT##_INFO_QUEUE_FILTER *filter) \
    { \
        if (!filter) \
            return E_INVALIDARG; \
        return dbg_queue_push_filter(QUEUE(iface), stack, (D3D12_INFO_QUEUE_FILTER *)filter, false); \
    } \
    static void STDMETHODCALLTYPE prefix##_Pop##Which##Filter(IFACE *iface) \
    { \
        dbg_queue_pop_filter(QUEUE(iface), stack); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_PushCopyOf##Which##Filter(IFACE *iface) \
    { \
        return dbg_queue_push_filter(QUEUE(iface), stack, NULL, true); \
    } \
    static UINT STDMETHODCALLTYPE prefix##_Get##Which##FilterStackSize(IFACE *iface) \
    { \
        return dbg_queue_filter_stack_size(QUEUE(iface), stack); \
    }

/* SetBreakOn`Which` and GetBreakOn`Which` for values of `type`. */
#define DBG_INFO_QUEUE_BREAK_METHODS(prefix, IFACE, QUEUE, Which, type, kind) \
    static HRESULT STDMETHODCALLTYPE prefix##_SetBreakOn##Which(IFACE *iface, type value, BOOL enable) \
    { \
        return dbg_queue_set_break_on(QUEUE(iface), kind, (UINT)value, enable); \
    } \
    static BOOL STDMETHODCALLTYPE prefix##_GetBreakOn##Which(IFACE *iface, type value) \
    { \
        return dbg_queue_get_break_on(QUEUE(iface), kind, (UINT)value); \
    }

#define DBG_INFO_QUEUE_METHODS(prefix, IFACE, QUEUE, RT) \
    static HRESULT STDMETHODCALLTYPE prefix##_SetMessageCountLimit(IFACE *iface, UINT64 limit) \
    { \
        dbg_queue_set_limit(QUEUE(iface), limit); \
        return S_OK; \
    } \
    static void STDMETHODCALLTYPE prefix##_ClearStoredMessages(IFACE *iface) \
    { \
        dbg_queue_clear_stored(QUEUE(iface)); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_GetMessage(IFACE *iface, UINT64 index, RT##_MESSAGE *message, \
            SIZE_T *byte_length) \
    { \
        return dbg_queue_get_message(QUEUE(iface), index, (D3D12_MESSAGE *)message, byte_length); \
    } \
    DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, GetNumMessagesAllowedByStorageFilter, DBG_ALLOWED_BY_STORAGE) \
    DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, GetNumMessagesDeniedByStorageFilter, DBG_DENIED_BY_STORAGE) \
    DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, GetNumStoredMessages, DBG_STORED) \
    DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, GetNumStoredMessagesAllowedByRetrievalFilter, \
            DBG_STORED_ALLOWED_BY_RETRIEVAL) \
    DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, GetNumMessagesDiscardedByMessageCountLimit, DBG_DISCARDED_BY_LIMIT) \
    DBG_INFO_QUEUE_COUNTER(prefix, IFACE, QUEUE, GetMessageCountLimit, DBG_LIMIT) \
    DBG_INFO_QUEUE_STACK_METHODS(prefix, IFACE, QUEUE, RT, Storage, DBG_STACK_STORAGE) \
    DBG_INFO_QUEUE_STACK_METHODS(prefix, IFACE, QUEUE, RT, Retrieval, DBG_STACK_RETRIEVAL) \
    static HRESULT STDMETHODCALLTYPE prefix##_AddMessage(IFACE *iface, RT##_MESSAGE_CATEGORY category, \
            RT##_MESSAGE_SEVERITY severity, RT##_MESSAGE_ID id, const char *description) \
    { \
        return dbg_queue_add_checked(QUEUE(iface), (D3D12_MESSAGE_CATEGORY)category, \
                (D3D12_MESSAGE_SEVERITY)severity, (D3D12_MESSAGE_ID)id, description); \
    } \
    static HRESULT STDMETHODCALLTYPE prefix##_AddApplicationMessage(IFACE *iface, RT##_MESSAGE_SEVERITY severity, \
            const char *description) \
    { \
        return prefix##_AddMessage(iface, RT##_MESSAGE_CATEGORY_APPLICATION_DEFINED, severity, \
                RT##_MESSAGE_ID_STRING_FROM_APPLICATION, description); \
    } \
    DBG_INFO_QUEUE_BREAK_METHODS(prefix, IFACE, QUEUE, Category, RT##_MESSAGE_CATEGORY, DBG_FILTER_CATEGORY) \
    DBG_INFO_QUEUE_BREAK_METHODS(prefix, IFACE, QUEUE, Severity, RT##_MESSAGE_SEVERITY, DBG_FILTER_SEVERITY) \
    DBG_INFO_QUEUE_BREAK_METHODS(prefix, IFACE, QUEUE, ID, RT##_MESSAGE_ID, DBG_FILTER_ID) \
    static void STDMETHODCALLTYPE prefix##_SetMuteDebugOutput(IFACE *iface, BOOL mute) \
    { \
        dbg_queue_set_mute(QUEUE(iface), mute); \
    } \
    static BOOL STDMETHODCALLTYPE prefix##_GetMuteDebugOutput(IFACE *iface) \
    { \
        return dbg_queue_get_mute(QUEUE(iface)); \
    }

#define DBG_INFO_QUEUE_VTBL(prefix) \
    prefix##_SetMessageCountLimit, \
    prefix##_ClearStoredMessages, \
    prefix##_GetMessage, \
    prefix##_GetNumMessagesAllowedByStorageFilter, \
    prefix##_GetNumMessagesDeniedByStorageFilter, \
    prefix##_GetNumStoredMessages, \
    prefix##_GetNumStoredMessagesAllowedByRetrievalFilter, \
    prefix##_GetNumMessagesDiscardedByMessageCountLimit, \
    prefix##_GetMessageCountLimit, \
    prefix##_AddStorageFilterEntries, \
    prefix##_GetStorageFilter, \
    prefix##_ClearStorageFilter, \
    prefix##_PushEmptyStorageFilter, \
    prefix##_PushCopyOfStorageFilter, \
    prefix##_PushStorageFilter, \
    prefix##_PopStorageFilter, \
    prefix##_GetStorageFilterStackSize, \
    prefix##_AddRetrievalFilterEntries, \
    prefix##_GetRetrievalFilter, \
    prefix##_ClearRetrievalFilter, \
    prefix##_PushEmptyRetrievalFilter, \
    prefix##_PushCopyOfRetrievalFilter, \
    prefix##_PushRetrievalFilter, \
    prefix##_PopRetrievalFilter, \
    prefix##_GetRetrievalFilterStackSize, \
    prefix##_AddMessage, \
    prefix##_AddApplicationMessage, \
    prefix##_SetBreakOnCategory, \
    prefix##_SetBreakOnSeverity, \
    prefix##_SetBreakOnID, \
    prefix##_GetBreakOnCategory, \
    prefix##_GetBreakOnSeverity, \
    prefix##_GetBreakOnID, \
    prefix##_SetMuteDebugOutput, \
    prefix##_GetMuteDebugOutput

#endif
