/*
 * What the state-object suites share (test_state_object.c, test_work_graph.c):
 * an ID3D12Device5 on an adapter, the last debug-layer message, and the check
 * of one CreateStateObject row. Include after mk_test.h.
 */
#ifndef MOCKD3D12_TESTS_STATE_OBJECT_TESTS_H
#define MOCKD3D12_TESTS_STATE_OBJECT_TESTS_H

static const char *last_message(ID3D12Device *device, D3D12_MESSAGE_ID *id)
{
    ID3D12InfoQueue *queue = info_queue(device);
    UINT64 count = ID3D12InfoQueue_GetNumStoredMessages(queue);
    const char *text = count ? message_text(queue, count - 1, id) : NULL;

    ID3D12InfoQueue_Release(queue);
    return text;
}

static ID3D12Device5 *device5_on(const char *adapter)
{
    ID3D12Device *device = create_device_on(adapter);
    ID3D12Device5 *device5;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device_Release(device);
    return device5;
}

/* CreateStateObject(desc) on `device` answers `expected`; a refusal leaves
 * the output NULL and, with `text`, says CREATE_STATE_OBJECT_ERROR
 * "ID3D12Device5::CreateStateObject: ...<text>...; returning E_INVALIDARG.";
 * without `text`, no message. */
static void check_create_row(struct row_failures *failures, unsigned i, const char *name, ID3D12Device5 *device,
        const D3D12_STATE_OBJECT_DESC *desc, HRESULT expected, const char *row_text)
{
    ID3D12StateObject *object = (void *)(uintptr_t)0xdeadbeef;
    D3D12_MESSAGE_ID id;
    const char *text;
    HRESULT hr;

    hr = ID3D12Device5_CreateStateObject(device, desc, &IID_ID3D12StateObject, (void **)&object);
    text = last_message((ID3D12Device *)device, &id);
    if (hr != expected)
        row_fail(failures, i, name, "hr %#x, expected %#x (%s)", (unsigned)hr, (unsigned)expected,
                text ? text : "no message");
    else if (FAILED(hr) && object)
        row_fail(failures, i, name, "the output is %p, not NULL", (void *)object);
    else if (row_text && (!text || id != D3D12_MESSAGE_ID_CREATE_STATE_OBJECT_ERROR || !strstr(text, row_text)
            || strncmp(text, "ID3D12Device5::CreateStateObject: ", 34) || !strstr(text, "; returning E_INVALIDARG.")))
        row_fail(failures, i, name, "message %d \"%s\" lacks \"%s\"", (int)id, text ? text : "(none)", row_text);
    else if (!row_text && text)
        row_fail(failures, i, name, "unexpected message \"%s\"", text);
    if (SUCCEEDED(hr) && object)
        ID3D12StateObject_Release(object);
}

#endif
