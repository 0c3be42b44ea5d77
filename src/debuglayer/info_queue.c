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
DBG_INFO_QUEUE_METHODS(dbg_info_queue, ID3D12InfoQueue1, queue_from_iface, D3D12)

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
    dbg_info_queue_QueryInterface,
    dbg_info_queue_AddRef,
    dbg_info_queue_Release,
    /* ID3D12InfoQueue methods */
    DBG_INFO_QUEUE_VTBL(dbg_info_queue),
    /* ID3D12InfoQueue1 methods */
    dbg_info_queue_RegisterMessageCallback,
    dbg_info_queue_UnregisterMessageCallback,
};
