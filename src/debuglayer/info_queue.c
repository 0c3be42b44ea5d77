/*
 * ID3D12InfoQueue1: the per-device message queue (dbg_queue.c holds the
 * storage, filters, retrieval and callbacks; ID3D11InfoQueue shares them).
 */
#include "debuglayer/dbg_private.h"

static inline struct dbg_queue *queue_from_iface(ID3D12InfoQueue1 *iface)
{
    return &dbg_device_from_ID3D12InfoQueue1(iface)->queue;
}

static inline IUnknown *info_queue_outer(ID3D12InfoQueue1 *iface)
{
    return dbg_device_from_ID3D12InfoQueue1(iface)->outer;
}

/* IUnknown methods: the device's identity and reference count. */
MK_DELEGATING_METHODS(dbg_info_queue, ID3D12InfoQueue1, info_queue_outer)

/* ID3D12InfoQueue methods */
static HRESULT STDMETHODCALLTYPE dbg_info_queue_SetMessageCountLimit(ID3D12InfoQueue1 *iface, UINT64 limit)
{
    dbg_queue_set_limit(queue_from_iface(iface), limit);
    return S_OK;
}

static void STDMETHODCALLTYPE dbg_info_queue_ClearStoredMessages(ID3D12InfoQueue1 *iface)
{
    dbg_queue_clear_stored(queue_from_iface(iface));
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_GetMessage(ID3D12InfoQueue1 *iface, UINT64 index,
        D3D12_MESSAGE *out, SIZE_T *byte_length)
{
    return dbg_queue_get_message(queue_from_iface(iface), index, out, byte_length);
}

static UINT64 STDMETHODCALLTYPE dbg_info_queue_GetNumMessagesAllowedByStorageFilter(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_counter(queue_from_iface(iface), DBG_ALLOWED_BY_STORAGE);
}

static UINT64 STDMETHODCALLTYPE dbg_info_queue_GetNumMessagesDeniedByStorageFilter(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_counter(queue_from_iface(iface), DBG_DENIED_BY_STORAGE);
}

static UINT64 STDMETHODCALLTYPE dbg_info_queue_GetNumStoredMessages(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_counter(queue_from_iface(iface), DBG_STORED);
}

static UINT64 STDMETHODCALLTYPE dbg_info_queue_GetNumStoredMessagesAllowedByRetrievalFilter(
        ID3D12InfoQueue1 *iface)
{
    return dbg_queue_counter(queue_from_iface(iface), DBG_STORED_ALLOWED_BY_RETRIEVAL);
}

static UINT64 STDMETHODCALLTYPE dbg_info_queue_GetNumMessagesDiscardedByMessageCountLimit(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_counter(queue_from_iface(iface), DBG_DISCARDED_BY_LIMIT);
}

static UINT64 STDMETHODCALLTYPE dbg_info_queue_GetMessageCountLimit(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_counter(queue_from_iface(iface), DBG_LIMIT);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_AddStorageFilterEntries(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    return dbg_queue_add_filter_entries(queue_from_iface(iface), DBG_STACK_STORAGE, filter);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_GetStorageFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter, SIZE_T *byte_length)
{
    return dbg_queue_get_filter(queue_from_iface(iface), DBG_STACK_STORAGE, filter, byte_length);
}

static void STDMETHODCALLTYPE dbg_info_queue_ClearStorageFilter(ID3D12InfoQueue1 *iface)
{
    dbg_queue_clear_filter(queue_from_iface(iface), DBG_STACK_STORAGE);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_PushEmptyStorageFilter(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_push_filter(queue_from_iface(iface), DBG_STACK_STORAGE, NULL, false);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_PushCopyOfStorageFilter(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_push_filter(queue_from_iface(iface), DBG_STACK_STORAGE, NULL, true);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_PushStorageFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    if (!filter)
        return E_INVALIDARG;
    return dbg_queue_push_filter(queue_from_iface(iface), DBG_STACK_STORAGE, filter, false);
}

static void STDMETHODCALLTYPE dbg_info_queue_PopStorageFilter(ID3D12InfoQueue1 *iface)
{
    dbg_queue_pop_filter(queue_from_iface(iface), DBG_STACK_STORAGE);
}

static UINT STDMETHODCALLTYPE dbg_info_queue_GetStorageFilterStackSize(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_filter_stack_size(queue_from_iface(iface), DBG_STACK_STORAGE);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_AddRetrievalFilterEntries(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    return dbg_queue_add_filter_entries(queue_from_iface(iface), DBG_STACK_RETRIEVAL, filter);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_GetRetrievalFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter, SIZE_T *byte_length)
{
    return dbg_queue_get_filter(queue_from_iface(iface), DBG_STACK_RETRIEVAL, filter, byte_length);
}

static void STDMETHODCALLTYPE dbg_info_queue_ClearRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    dbg_queue_clear_filter(queue_from_iface(iface), DBG_STACK_RETRIEVAL);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_PushEmptyRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_push_filter(queue_from_iface(iface), DBG_STACK_RETRIEVAL, NULL, false);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_PushCopyOfRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_push_filter(queue_from_iface(iface), DBG_STACK_RETRIEVAL, NULL, true);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_PushRetrievalFilter(ID3D12InfoQueue1 *iface,
        D3D12_INFO_QUEUE_FILTER *filter)
{
    if (!filter)
        return E_INVALIDARG;
    return dbg_queue_push_filter(queue_from_iface(iface), DBG_STACK_RETRIEVAL, filter, false);
}

static void STDMETHODCALLTYPE dbg_info_queue_PopRetrievalFilter(ID3D12InfoQueue1 *iface)
{
    dbg_queue_pop_filter(queue_from_iface(iface), DBG_STACK_RETRIEVAL);
}

static UINT STDMETHODCALLTYPE dbg_info_queue_GetRetrievalFilterStackSize(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_filter_stack_size(queue_from_iface(iface), DBG_STACK_RETRIEVAL);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_AddMessage(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_CATEGORY category, D3D12_MESSAGE_SEVERITY severity, D3D12_MESSAGE_ID id,
        const char *description)
{
    return dbg_queue_add_checked(queue_from_iface(iface), category, severity, id, description);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_AddApplicationMessage(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_SEVERITY severity, const char *description)
{
    return dbg_info_queue_AddMessage(iface, D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED, severity,
            D3D12_MESSAGE_ID_STRING_FROM_APPLICATION, description);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_SetBreakOnCategory(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_CATEGORY category, BOOL enable)
{
    return dbg_queue_set_break_on_category(queue_from_iface(iface), category, enable);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_SetBreakOnSeverity(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_SEVERITY severity, BOOL enable)
{
    return dbg_queue_set_break_on_severity(queue_from_iface(iface), severity, enable);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_SetBreakOnID(ID3D12InfoQueue1 *iface, D3D12_MESSAGE_ID id,
        BOOL enable)
{
    return dbg_queue_set_break_on_id(queue_from_iface(iface), id, enable);
}

static BOOL STDMETHODCALLTYPE dbg_info_queue_GetBreakOnCategory(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_CATEGORY category)
{
    return dbg_queue_get_break_on_category(queue_from_iface(iface), category);
}

static BOOL STDMETHODCALLTYPE dbg_info_queue_GetBreakOnSeverity(ID3D12InfoQueue1 *iface,
        D3D12_MESSAGE_SEVERITY severity)
{
    return dbg_queue_get_break_on_severity(queue_from_iface(iface), severity);
}

static BOOL STDMETHODCALLTYPE dbg_info_queue_GetBreakOnID(ID3D12InfoQueue1 *iface, D3D12_MESSAGE_ID id)
{
    return dbg_queue_get_break_on_id(queue_from_iface(iface), id);
}

static void STDMETHODCALLTYPE dbg_info_queue_SetMuteDebugOutput(ID3D12InfoQueue1 *iface, BOOL mute)
{
    dbg_queue_set_mute(queue_from_iface(iface), mute);
}

static BOOL STDMETHODCALLTYPE dbg_info_queue_GetMuteDebugOutput(ID3D12InfoQueue1 *iface)
{
    return dbg_queue_get_mute(queue_from_iface(iface));
}

/* ID3D12InfoQueue1 methods */
static HRESULT STDMETHODCALLTYPE dbg_info_queue_RegisterMessageCallback(ID3D12InfoQueue1 *iface,
        D3D12MessageFunc func, D3D12_MESSAGE_CALLBACK_FLAGS flags, void *context, DWORD *cookie)
{
    return dbg_queue_register_callback(queue_from_iface(iface), func, flags, context, cookie);
}

static HRESULT STDMETHODCALLTYPE dbg_info_queue_UnregisterMessageCallback(ID3D12InfoQueue1 *iface, DWORD cookie)
{
    return dbg_queue_unregister_callback(queue_from_iface(iface), cookie);
}

const struct ID3D12InfoQueue1Vtbl dbg_info_queue_vtbl =
{
    /* IUnknown methods */
    .QueryInterface = dbg_info_queue_QueryInterface,
    .AddRef = dbg_info_queue_AddRef,
    .Release = dbg_info_queue_Release,
    /* ID3D12InfoQueue methods */
    .SetMessageCountLimit = dbg_info_queue_SetMessageCountLimit,
    .ClearStoredMessages = dbg_info_queue_ClearStoredMessages,
    .GetMessage = dbg_info_queue_GetMessage,
    .GetNumMessagesAllowedByStorageFilter = dbg_info_queue_GetNumMessagesAllowedByStorageFilter,
    .GetNumMessagesDeniedByStorageFilter = dbg_info_queue_GetNumMessagesDeniedByStorageFilter,
    .GetNumStoredMessages = dbg_info_queue_GetNumStoredMessages,
    .GetNumStoredMessagesAllowedByRetrievalFilter = dbg_info_queue_GetNumStoredMessagesAllowedByRetrievalFilter,
    .GetNumMessagesDiscardedByMessageCountLimit = dbg_info_queue_GetNumMessagesDiscardedByMessageCountLimit,
    .GetMessageCountLimit = dbg_info_queue_GetMessageCountLimit,
    .AddStorageFilterEntries = dbg_info_queue_AddStorageFilterEntries,
    .GetStorageFilter = dbg_info_queue_GetStorageFilter,
    .ClearStorageFilter = dbg_info_queue_ClearStorageFilter,
    .PushEmptyStorageFilter = dbg_info_queue_PushEmptyStorageFilter,
    .PushCopyOfStorageFilter = dbg_info_queue_PushCopyOfStorageFilter,
    .PushStorageFilter = dbg_info_queue_PushStorageFilter,
    .PopStorageFilter = dbg_info_queue_PopStorageFilter,
    .GetStorageFilterStackSize = dbg_info_queue_GetStorageFilterStackSize,
    .AddRetrievalFilterEntries = dbg_info_queue_AddRetrievalFilterEntries,
    .GetRetrievalFilter = dbg_info_queue_GetRetrievalFilter,
    .ClearRetrievalFilter = dbg_info_queue_ClearRetrievalFilter,
    .PushEmptyRetrievalFilter = dbg_info_queue_PushEmptyRetrievalFilter,
    .PushCopyOfRetrievalFilter = dbg_info_queue_PushCopyOfRetrievalFilter,
    .PushRetrievalFilter = dbg_info_queue_PushRetrievalFilter,
    .PopRetrievalFilter = dbg_info_queue_PopRetrievalFilter,
    .GetRetrievalFilterStackSize = dbg_info_queue_GetRetrievalFilterStackSize,
    .AddMessage = dbg_info_queue_AddMessage,
    .AddApplicationMessage = dbg_info_queue_AddApplicationMessage,
    .SetBreakOnCategory = dbg_info_queue_SetBreakOnCategory,
    .SetBreakOnSeverity = dbg_info_queue_SetBreakOnSeverity,
    .SetBreakOnID = dbg_info_queue_SetBreakOnID,
    .GetBreakOnCategory = dbg_info_queue_GetBreakOnCategory,
    .GetBreakOnSeverity = dbg_info_queue_GetBreakOnSeverity,
    .GetBreakOnID = dbg_info_queue_GetBreakOnID,
    .SetMuteDebugOutput = dbg_info_queue_SetMuteDebugOutput,
    .GetMuteDebugOutput = dbg_info_queue_GetMuteDebugOutput,
    /* ID3D12InfoQueue1 methods */
    .RegisterMessageCallback = dbg_info_queue_RegisterMessageCallback,
    .UnregisterMessageCallback = dbg_info_queue_UnregisterMessageCallback,
};
