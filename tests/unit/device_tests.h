/*
 * What the suites of the null device's objects share (test_fence.c,
 * test_descriptor_heap.c, test_descriptors.c, test_command_list.c,
 * test_query_heap.c, test_root_signature.c): a device on a built-in adapter,
 * the debug layer and its InfoQueue, one stored message, a reference count.
 * Include after <cmocka.h> and <mockd3d12/mockd3d12.h>. A suite with a
 * device helper of its own defines MK_TESTS_OWN_CREATE_DEVICE first.
 */
#ifndef MOCKD3D12_TESTS_DEVICE_TESTS_H
#define MOCKD3D12_TESTS_DEVICE_TESTS_H

#include <stdio.h>
#include <stdlib.h>

HRESULT WINAPI D3D12GetDebugInterface(REFIID riid, void **debug);

static inline ULONG get_refcount(void *iface)
{
    IUnknown *unknown = iface;

    unknown->lpVtbl->AddRef(unknown);
    return unknown->lpVtbl->Release(unknown);
}

#ifndef MK_TESTS_OWN_CREATE_DEVICE
/* D3D12CreateDevice on built-in adapter `adapter_id` (NULL: the default one); fails the test otherwise. */
static inline ID3D12Device *create_device_on(const char *adapter_id)
{
    ID3D12Device *device = NULL;
    IUnknown *adapter = NULL;
    HRESULT hr;

    if (adapter_id)
        assert_int_equal(mockd3d12_get_adapter(adapter_id, &adapter), S_OK);
    hr = D3D12CreateDevice(adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (FAILED(hr))
        fail_msg("D3D12CreateDevice(%s): %#x (%s)", adapter_id ? adapter_id : "default", (unsigned)hr,
                mockd3d12_last_error());
    if (adapter)
        adapter->lpVtbl->Release(adapter);
    return device;
}
#endif

static inline void enable_debug_layer(void)
{
    ID3D12Debug *debug;

    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
}

static inline ID3D12InfoQueue *info_queue(ID3D12Device *device)
{
    ID3D12InfoQueue *queue;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    return queue;
}

/* The text of stored message `index` (a static buffer) and its id. */
static inline const char *message_text(ID3D12InfoQueue *queue, UINT64 index, D3D12_MESSAGE_ID *id)
{
    static char text[1024];
    D3D12_MESSAGE *m;
    SIZE_T size = 0;

    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, index, NULL, &size), S_OK);
    m = malloc(size);
    assert_non_null(m);
    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, index, m, &size), S_OK);
    snprintf(text, sizeof(text), "%s", m->pDescription);
    *id = m->ID;
    free(m);
    return text;
}

#endif
