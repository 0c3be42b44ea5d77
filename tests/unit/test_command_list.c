/*
 * Command allocators and lists (docs/objects.md). The expectations are
 * Windows' as the documentation and the public conformance tests record them
 * (vkd3d-proton's tests/d3d12_device.c, run on Windows:
 * test_create_command_allocator, test_create_command_list,
 * test_reset_command_allocator, test_object_interface), and the capability
 * gates of data/command-list-gates.tsv on real built-in adapters: one row
 * where the adapter allows each gated call, one where it refuses it.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

typedef ID3D12GraphicsCommandList8 list8;

/* The one stored message (NULL, and *id 0, when there is not exactly one),
 * cleared after. */
static const char *only_message(ID3D12InfoQueue *queue, D3D12_MESSAGE_ID *id)
{
    const char *text = NULL;

    *id = (D3D12_MESSAGE_ID)0;
    if (ID3D12InfoQueue_GetNumStoredMessages(queue) == 1)
        text = message_text(queue, 0, id);
    ID3D12InfoQueue_ClearStoredMessages(queue);
    return text;
}

/* The refusal of an ExecuteCommandLists that removes the device, then the
 * removal's own message (docs/faults.md): `removal` with `reason`. The
 * refusal's text and id, or NULL when the messages are not these two. */
static const char *removal_messages(ID3D12InfoQueue *queue, D3D12_MESSAGE_ID *id, D3D12_MESSAGE_ID removal,
        const char *reason)
{
    static char first[1024];
    char expected[256];
    D3D12_MESSAGE_ID second;
    const char *text = NULL;

    if (ID3D12InfoQueue_GetNumStoredMessages(queue) == 2)
    {
        snprintf(first, sizeof(first), "%s", message_text(queue, 0, id));
        snprintf(expected, sizeof(expected), "ID3D12CommandQueue::ExecuteCommandLists: Device removal has been "
                "triggered for the following reason (%s: ", reason);
        if (!strncmp(message_text(queue, 1, &second), expected, strlen(expected)) && second == removal)
            text = first;
    }
    ID3D12InfoQueue_ClearStoredMessages(queue);
    return text;
}

static ID3D12CommandAllocator *create_allocator(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type)
{
    ID3D12CommandAllocator *allocator;

    assert_int_equal(ID3D12Device_CreateCommandAllocator(device, type, &IID_ID3D12CommandAllocator,
            (void **)&allocator), S_OK);
    return allocator;
}

static list8 *create_list(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type, ID3D12CommandAllocator *allocator)
{
    list8 *list;

    assert_int_equal(ID3D12Device_CreateCommandList(device, 0, type, allocator, NULL,
            &IID_ID3D12GraphicsCommandList8, (void **)&list), S_OK);
    return list;
}

/* ---- Allocators ---- */

static void test_allocator_object(void **state)
{
    static const D3D12_COMMAND_LIST_TYPE types[] =
    {
        D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_LIST_TYPE_COMPUTE,
        D3D12_COMMAND_LIST_TYPE_COPY,
    };
    static const struct { const IID *iid; const char *name; HRESULT hr; } interfaces[] =
    {
        {&IID_IUnknown, "IUnknown", S_OK},
        {&IID_ID3D12Object, "ID3D12Object", S_OK},
        {&IID_ID3D12DeviceChild, "ID3D12DeviceChild", S_OK},
        {&IID_ID3D12Pageable, "ID3D12Pageable", S_OK},
        {&IID_ID3D12CommandAllocator, "ID3D12CommandAllocator", S_OK},
        {&IID_ID3D12CommandList, "ID3D12CommandList", E_NOINTERFACE},
        {&IID_ID3D12Fence, "ID3D12Fence", E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    ID3D12CommandAllocator *allocator;
    ID3D12Device *device, *got;
    void *object;
    unsigned int i;
    UINT size;
    char name[64];

    (void)state;
    device = create_device_on(NULL);
    for (i = 0; i < ARRAY_SIZE(types); ++i)
    {
        allocator = create_allocator(device, types[i]);
        if (get_refcount(device) != 2)
            row_fail(&failures, i, "type", "device refcount %lu, expected 2", (unsigned long)get_refcount(device));
        if (ID3D12CommandAllocator_Reset(allocator) != S_OK || ID3D12CommandAllocator_Reset(allocator) != S_OK)
            row_fail(&failures, i, "type", "Reset of an unused allocator failed");
        if (ID3D12CommandAllocator_Release(allocator))
            row_fail(&failures, i, "type", "references left");
    }
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    for (i = 0; i < ARRAY_SIZE(interfaces); ++i)
    {
        object = SENTINEL;
        if (ID3D12CommandAllocator_QueryInterface(allocator, interfaces[i].iid, &object) != interfaces[i].hr)
            row_fail(&failures, i, interfaces[i].name, "unexpected HRESULT");
        else if (interfaces[i].hr == S_OK ? object != allocator : object != NULL)
            row_fail(&failures, i, interfaces[i].name, "output %p", object);
        if (interfaces[i].hr == S_OK)
            IUnknown_Release((IUnknown *)object);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12CommandAllocator_QueryInterface(allocator, &IID_IUnknown, NULL), E_POINTER);
    assert_int_equal(ID3D12CommandAllocator_GetDevice(allocator, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    assert_int_equal(get_refcount(device), 3);
    ID3D12Device_Release(got);
    assert_int_equal(ID3D12CommandAllocator_SetName(allocator, L"alloc"), S_OK);
    size = sizeof(name);
    assert_int_equal(ID3D12CommandAllocator_GetPrivateData(allocator, &WKPDID_D3DDebugObjectNameW, &size, name),
            S_OK);
    assert_int_equal(ID3D12CommandAllocator_SetPrivateData(allocator, &IID_ID3D12Fence, 4, "abc"), S_OK);
    assert_int_equal(ID3D12CommandAllocator_SetPrivateDataInterface(allocator, &IID_ID3D12Device,
            (IUnknown *)device), S_OK);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12CommandAllocator_Release(allocator), 0);
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* What CreateCommandAllocator and the CreateCommandList* refuse, with the
 * debug layer's message: every row E_INVALIDARG with the output NULL. */
static void test_creation_refusals(void **state)
{
    ID3D12CommandAllocator *direct, *bundle, *other_device_allocator;
    struct row_failures failures = {0};
    ID3D12Device *device, *other;
    ID3D12InfoQueue *info;
    ID3D12Fence *fence;
    D3D12_MESSAGE_ID id;
    const char *text;
    list8 *open_list;
    unsigned int i;
    void *object;
    HRESULT hr;

    enum call { ALLOCATOR, LIST, LIST1 };
    const struct
    {
        const char *name;
        enum call call;
        UINT node_mask;
        D3D12_COMMAND_LIST_TYPE type;
        int allocator; /* 0 NULL, 1 direct, 2 bundle, 3 a fence, 4 another device's, 5 in use */
        UINT flags;
        D3D12_MESSAGE_ID id;
        const char *text;
    }
    rows[] =
    {
        {"allocator of type ~0u", ALLOCATOR, 0, (D3D12_COMMAND_LIST_TYPE)~0u, 0, 0,
                D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE,
                "ID3D12Device::CreateCommandAllocator: Type 4294967295 is no D3D12_COMMAND_LIST_TYPE; returning "
                "E_INVALIDARG."},
        {"video decode allocator", ALLOCATOR, 0, D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE, 0, 0,
                D3D12_MESSAGE_ID_CREATE_COMMAND_ALLOCATOR_VIDEO_NOT_SUPPORTED,
                "ID3D12Device::CreateCommandAllocator: D3D12_COMMAND_LIST_TYPE_VIDEO_DECODE needs a video engine, "
                "which nvidia-rtx-4090 does not have; returning E_INVALIDARG."},
        {"NULL allocator", LIST, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, 0, 0,
                D3D12_MESSAGE_ID_CREATECOMMANDLIST_NULL_COMMANDALLOCATOR,
                "ID3D12Device::CreateCommandList: pCommandAllocator is NULL; returning E_INVALIDARG."},
        {"a fence for an allocator", LIST, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, 3, 0,
                D3D12_MESSAGE_ID_CREATECOMMANDLIST_NULL_COMMANDALLOCATOR,
                "ID3D12Device::CreateCommandList: pCommandAllocator is not an ID3D12CommandAllocator of mockd3d12; "
                "returning E_INVALIDARG."},
        {"bundle allocator, direct list", LIST, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, 2, 0,
                D3D12_MESSAGE_ID_WRONG_COMMAND_ALLOCATOR_TYPE,
                "ID3D12Device::CreateCommandList: the allocator was created for another D3D12_COMMAND_LIST_TYPE; "
                "returning E_INVALIDARG."},
        {"direct allocator, copy list", LIST, 0, D3D12_COMMAND_LIST_TYPE_COPY, 1, 0,
                D3D12_MESSAGE_ID_WRONG_COMMAND_ALLOCATOR_TYPE, NULL},
        {"allocator in use", LIST, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, 5, 0,
                D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_CONTENTION,
                "ID3D12Device::CreateCommandList: another open command list records into the allocator (Close it "
                "first); returning E_INVALIDARG."},
        {"another device's allocator", LIST, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, 4, 0,
                D3D12_MESSAGE_ID_WRONG_COMMAND_ALLOCATOR_TYPE,
                "ID3D12Device::CreateCommandList: the allocator belongs to another device; returning "
                "E_INVALIDARG."},
        {"node mask 2", LIST, 2, D3D12_COMMAND_LIST_TYPE_DIRECT, 1, 0,
                D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE,
                "ID3D12Device::CreateCommandList: nodeMask 0x2 is not one node of the adapter's 1; returning "
                "E_INVALIDARG."},
        {"video encode list", LIST, 0, D3D12_COMMAND_LIST_TYPE_VIDEO_ENCODE, 1, 0,
                D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_VIDEO_NOT_SUPPORTED, NULL},
        {"CreateCommandList1 flags 1", LIST1, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, 0, 1,
                D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE,
                "ID3D12Device4::CreateCommandList1: flags 0x1 are no D3D12_COMMAND_LIST_FLAGS; returning "
                "E_INVALIDARG."},
        {"CreateCommandList1 of type 7", LIST1, 0, (D3D12_COMMAND_LIST_TYPE)7, 0, 0,
                D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE, NULL},
        {"CreateCommandList1 node mask 3", LIST1, 3, D3D12_COMMAND_LIST_TYPE_COMPUTE, 0, 0,
                D3D12_MESSAGE_ID_CREATE_COMMAND_LIST_INVALID_COMMAND_LIST_TYPE, NULL},
    };

    (void)state;
    enable_debug_layer();
    device = create_device_on("nvidia-rtx-4090");
    other = create_device_on("warp");
    info = info_queue(device);
    direct = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    bundle = create_allocator(device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    other_device_allocator = create_allocator(other, D3D12_COMMAND_LIST_TYPE_DIRECT);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12CommandAllocator *allocators[] = {NULL, direct, bundle, (ID3D12CommandAllocator *)fence,
                other_device_allocator, direct};
        ID3D12CommandAllocator *allocator = allocators[rows[i].allocator];

        open_list = rows[i].allocator == 5 ? create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, direct) : NULL;
        ID3D12InfoQueue_ClearStoredMessages(info);
        object = SENTINEL;
        if (rows[i].call == ALLOCATOR)
            hr = ID3D12Device_CreateCommandAllocator(device, rows[i].type, &IID_ID3D12CommandAllocator, &object);
        else if (rows[i].call == LIST)
            hr = ID3D12Device_CreateCommandList(device, rows[i].node_mask, rows[i].type, allocator, NULL,
                    &IID_ID3D12GraphicsCommandList, &object);
        else
            hr = ((ID3D12Device4 *)device)->lpVtbl->CreateCommandList1((ID3D12Device4 *)device, rows[i].node_mask,
                    rows[i].type, (D3D12_COMMAND_LIST_FLAGS)rows[i].flags, &IID_ID3D12GraphicsCommandList, &object);
        if (hr != E_INVALIDARG || object)
            row_fail(&failures, i, rows[i].name, "hr %#x, output %p", (unsigned)hr, object);
        if (!(text = only_message(info, &id)) || id != rows[i].id || (rows[i].text && strcmp(text, rows[i].text)))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text ? text : "(not exactly one)");
        if (open_list)
            ID3D12GraphicsCommandList8_Release(open_list);
    }
    rows_done(&failures);
    /* A pipeline state that cannot be ours (none exist yet). */
    object = SENTINEL;
    assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, direct,
            (ID3D12PipelineState *)fence, &IID_ID3D12GraphicsCommandList, &object), E_INVALIDARG);
    assert_null(object);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_COMMAND_LIST_PIPELINE_STATE_NOT_SET);
    /* Probes: S_FALSE whatever the IID, nothing created. */
    assert_int_equal(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_COPY, &IID_ID3D12Heap, NULL),
            S_FALSE);
    assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, direct, NULL,
            &IID_ID3D12Heap, NULL), S_FALSE);
    assert_int_equal(((ID3D12Device4 *)device)->lpVtbl->CreateCommandList1((ID3D12Device4 *)device, 0,
            D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12Heap, NULL), S_FALSE);
    /* The allocator is still free: the probe recorded nothing into it. */
    open_list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, direct);
    ID3D12GraphicsCommandList8_Release(open_list);
    /* NULL IID, and an interface a list does not have. */
    object = SENTINEL;
    assert_int_equal(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT, NULL, &object),
            E_INVALIDARG);
    assert_null(object);
    assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, direct, NULL, NULL,
            &object), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, direct, NULL,
            &IID_ID3D12Pageable, &object), E_NOINTERFACE);
    assert_null(object);
    assert_int_equal(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT, &IID_ID3D12Fence,
            &object), E_NOINTERFACE);
    assert_null(object);
    assert_int_equal(get_refcount(device), 5); /* the info queue, two allocators and the fence */

    ID3D12Fence_Release(fence);
    ID3D12CommandAllocator_Release(other_device_allocator);
    ID3D12CommandAllocator_Release(bundle);
    ID3D12CommandAllocator_Release(direct);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(other), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Lists ---- */

static void test_list_object(void **state)
{
    static const D3D12_COMMAND_LIST_TYPE types[] =
    {
        D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_BUNDLE, D3D12_COMMAND_LIST_TYPE_COMPUTE,
        D3D12_COMMAND_LIST_TYPE_COPY,
    };
    static const struct { const IID *iid; const char *name; HRESULT hr; } interfaces[] =
    {
        {&IID_IUnknown, "IUnknown", S_OK},
        {&IID_ID3D12Object, "ID3D12Object", S_OK},
        {&IID_ID3D12DeviceChild, "ID3D12DeviceChild", S_OK},
        {&IID_ID3D12Pageable, "ID3D12Pageable", E_NOINTERFACE},
        {&IID_ID3D12CommandList, "ID3D12CommandList", S_OK},
        {&IID_ID3D12GraphicsCommandList, "ID3D12GraphicsCommandList", S_OK},
        {&IID_ID3D12GraphicsCommandList1, "ID3D12GraphicsCommandList1", S_OK},
        {&IID_ID3D12GraphicsCommandList4, "ID3D12GraphicsCommandList4", S_OK},
        {&IID_ID3D12GraphicsCommandList7, "ID3D12GraphicsCommandList7", S_OK},
        {&IID_ID3D12GraphicsCommandList8, "ID3D12GraphicsCommandList8", S_OK},
        {&IID_ID3D12CommandAllocator, "ID3D12CommandAllocator", E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    ID3D12CommandAllocator *allocator;
    ID3D12Device *device, *got;
    unsigned int i, j;
    void *object;
    list8 *list;

    (void)state;
    device = create_device_on(NULL);
    for (i = 0; i < ARRAY_SIZE(types); ++i)
    {
        allocator = create_allocator(device, types[i]);
        list = create_list(device, types[i], allocator);
        if (get_refcount(allocator) != 1 || get_refcount(device) != 3)
            row_fail(&failures, i, "refcounts", "allocator %lu, device %lu", (unsigned long)get_refcount(allocator),
                    (unsigned long)get_refcount(device));
        if (ID3D12GraphicsCommandList8_GetType(list) != types[i])
            row_fail(&failures, i, "GetType", "%d", (int)ID3D12GraphicsCommandList8_GetType(list));
        for (j = 0; j < ARRAY_SIZE(interfaces); ++j)
        {
            object = SENTINEL;
            if (ID3D12GraphicsCommandList8_QueryInterface(list, interfaces[j].iid, &object) != interfaces[j].hr
                    || (interfaces[j].hr == S_OK ? object != list : object != NULL))
                row_fail(&failures, i * 100 + j, interfaces[j].name, "unexpected answer");
            if (interfaces[j].hr == S_OK)
                IUnknown_Release((IUnknown *)object);
        }
        /* Created open: the first Close succeeds, the second fails. */
        if (ID3D12GraphicsCommandList8_Close(list) != S_OK || ID3D12GraphicsCommandList8_Close(list) != E_FAIL)
            row_fail(&failures, i, "Close", "not created open");
        if (ID3D12GraphicsCommandList8_Release(list) || ID3D12CommandAllocator_Release(allocator))
            row_fail(&failures, i, "Release", "references left");
    }
    rows_done(&failures);

    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    assert_int_equal(ID3D12GraphicsCommandList8_QueryInterface(list, &IID_ID3D12CommandList, NULL), E_POINTER);
    object = SENTINEL;
    assert_int_equal(ID3D12GraphicsCommandList8_QueryInterface(list, NULL, &object), E_INVALIDARG);
    assert_null(object);
    assert_int_equal(ID3D12GraphicsCommandList8_GetDevice(list, &IID_ID3D12Device, (void **)&got), S_OK);
    assert_ptr_equal(got, device);
    ID3D12Device_Release(got);
    assert_int_equal(ID3D12GraphicsCommandList8_SetName(list, L"list"), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_SetPrivateData(list, &IID_ID3D12Fence, 3, "ab"), S_OK);
    j = 0;
    assert_int_equal(ID3D12GraphicsCommandList8_GetPrivateData(list, &IID_ID3D12Fence, &j, NULL), S_OK);
    assert_int_equal(j, 3);
    assert_int_equal(ID3D12GraphicsCommandList8_SetPrivateDataInterface(list, &IID_ID3D12Fence, NULL), S_OK);
    /* Recording calls are accepted and record nothing. */
    ID3D12GraphicsCommandList8_DrawInstanced(list, 3, 1, 0, 0);
    ID3D12GraphicsCommandList8_Dispatch(list, 1, 1, 1);
    ID3D12GraphicsCommandList8_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    /* The allocator released first: the list keeps it alive (an internal
     * reference, and the allocator its device reference) until it records
     * with another. */
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12CommandAllocator_Release(allocator), 0);
    assert_int_equal(get_refcount(device), 3);
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    assert_int_equal(get_refcount(device), 4);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);
    assert_int_equal(get_refcount(device), 3);
    /* Reset with the same allocator takes no second reference. */
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);
    assert_int_equal(ID3D12CommandAllocator_Release(allocator), 0);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Release(list), 0);
    assert_int_equal(get_refcount(device), 1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* vkd3d-proton's test_reset_command_allocator, step by step, for a direct
 * and a bundle list, and CreateCommandList1's closed list. */
static void test_reset_rules(void **state)
{
    static const D3D12_COMMAND_LIST_TYPE types[] = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_BUNDLE};
    ID3D12CommandAllocator *allocator, *allocator2, *compute;
    list8 *list, *list2;
    ID3D12Device *device;
    unsigned int i;
    void *object;

    (void)state;
    device = create_device_on(NULL);
    compute = create_allocator(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    for (i = 0; i < ARRAY_SIZE(types); ++i)
    {
        allocator = create_allocator(device, types[i]);
        list = create_list(device, types[i], allocator);
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), E_FAIL);
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), E_FAIL);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), E_FAIL); /* open */
        assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), E_FAIL);
        assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);

        /* One open list per allocator. */
        allocator2 = create_allocator(device, types[i]);
        object = SENTINEL;
        assert_int_equal(ID3D12Device_CreateCommandList(device, 0, types[i], allocator, NULL,
                &IID_ID3D12GraphicsCommandList8, &object), E_INVALIDARG);
        assert_null(object);
        list2 = create_list(device, types[i], allocator2);
        assert_int_equal(ID3D12GraphicsCommandList8_Close(list2), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list2, allocator, NULL), E_INVALIDARG);
        /* NULL, foreign and wrong-type allocators, and an initial state that is not ours. */
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list2, NULL, NULL), E_INVALIDARG);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list2, (ID3D12CommandAllocator *)device, NULL),
                E_INVALIDARG);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list2, compute, NULL), E_INVALIDARG);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list2, allocator2, (ID3D12PipelineState *)device),
                E_INVALIDARG);
        ID3D12GraphicsCommandList8_Release(list2);
        /* Free again once the list is closed. */
        assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
        list2 = create_list(device, types[i], allocator);
        assert_int_equal(ID3D12GraphicsCommandList8_Release(list2), 0); /* released open: the allocator is free */
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);

        ID3D12GraphicsCommandList8_Release(list);
        ID3D12CommandAllocator_Release(allocator);
        ID3D12CommandAllocator_Release(allocator2);
    }

    /* CreateCommandList1: closed, with no allocator, until Reset. */
    assert_int_equal(((ID3D12Device4 *)device)->lpVtbl->CreateCommandList1((ID3D12Device4 *)device, 0,
            D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList8,
            (void **)&list), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_GetType(list), D3D12_COMMAND_LIST_TYPE_COMPUTE);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), E_FAIL);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, compute, NULL), S_OK);
    assert_int_equal(ID3D12CommandAllocator_Reset(compute), E_FAIL);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Release(list), 0);
    ID3D12CommandAllocator_Release(compute);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- The capability gates ---- */

enum gated_call
{
    CALL_DISPATCH_MESH, CALL_DISPATCH_RAYS, CALL_BUILD_AS, CALL_EMIT_POSTBUILD, CALL_COPY_AS,
    CALL_SET_PIPELINE_STATE1, CALL_SHADING_RATE, CALL_SHADING_RATE_IMAGE, CALL_BARRIER, CALL_DEPTH_BOUNDS,
    CALL_SAMPLE_POSITIONS, CALL_VIEW_INSTANCE_MASK, CALL_WRITE_BUFFER_IMMEDIATE, CALL_PROTECTED_SESSION,
    CALL_FRONT_BACK_STENCIL_REF,
};

static void make_call(list8 *list, enum gated_call call)
{
    static const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER param = {0, 1};

    switch (call)
    {
        case CALL_DISPATCH_MESH: ID3D12GraphicsCommandList8_DispatchMesh(list, 1, 1, 1); break;
        case CALL_DISPATCH_RAYS: ID3D12GraphicsCommandList8_DispatchRays(list, NULL); break;
        case CALL_BUILD_AS: ID3D12GraphicsCommandList8_BuildRaytracingAccelerationStructure(list, NULL, 0, NULL); break;
        case CALL_EMIT_POSTBUILD:
            ID3D12GraphicsCommandList8_EmitRaytracingAccelerationStructurePostbuildInfo(list, NULL, 0, NULL);
            break;
        case CALL_COPY_AS: ID3D12GraphicsCommandList8_CopyRaytracingAccelerationStructure(list, 0, 0,
                D3D12_RAYTRACING_ACCELERATION_STRUCTURE_COPY_MODE_CLONE); break;
        case CALL_SET_PIPELINE_STATE1: ID3D12GraphicsCommandList8_SetPipelineState1(list, NULL); break;
        case CALL_SHADING_RATE: ID3D12GraphicsCommandList8_RSSetShadingRate(list, D3D12_SHADING_RATE_1X1, NULL); break;
        case CALL_SHADING_RATE_IMAGE: ID3D12GraphicsCommandList8_RSSetShadingRateImage(list, NULL); break;
        case CALL_BARRIER: ID3D12GraphicsCommandList8_Barrier(list, 0, NULL); break;
        case CALL_DEPTH_BOUNDS: ID3D12GraphicsCommandList8_OMSetDepthBounds(list, 0.0f, 1.0f); break;
        case CALL_SAMPLE_POSITIONS: ID3D12GraphicsCommandList8_SetSamplePositions(list, 1, 1, NULL); break;
        case CALL_VIEW_INSTANCE_MASK: ID3D12GraphicsCommandList8_SetViewInstanceMask(list, 1); break;
        case CALL_WRITE_BUFFER_IMMEDIATE: ID3D12GraphicsCommandList8_WriteBufferImmediate(list, 1, &param, NULL); break;
        case CALL_PROTECTED_SESSION: ID3D12GraphicsCommandList8_SetProtectedResourceSession(list, NULL); break;
        case CALL_FRONT_BACK_STENCIL_REF: ID3D12GraphicsCommandList8_OMSetFrontAndBackStencilRef(list, 1, 2); break;
    }
}

static void test_capability_gates(void **state)
{
    static const char tier5_profile[] = "{\"id\": \"warp-tier-5\", \"inherits\": \"warp\", \"features\": "
        "{\"D3D12_OPTIONS7\": {\"MeshShaderTier\": 5}}}";
    static const char protected_profile[] =
        "{\"id\": \"warp-protected\", \"inherits\": \"warp\", \"features\": {\"PROTECTED_RESOURCE_SESSION_SUPPORT\": "
        "{\"Support\": \"D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_SUPPORTED\"}}}";
    static const struct
    {
        const char *adapter;
        D3D12_COMMAND_LIST_TYPE type;
        enum gated_call call;
        D3D12_MESSAGE_ID id; /* 0: allowed */
        const char *text;
    }
    rows[] =
    {
        {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_DISPATCH_MESH, 0, NULL},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_DISPATCH_MESH,
                (D3D12_MESSAGE_ID)1381 /* GENERIC_DEVICE_OPERATION_UNSUPPORTED */,
                "ID3D12GraphicsCommandList6::DispatchMesh: needs D3D12_FEATURE_DATA_D3D12_OPTIONS7::MeshShaderTier >= "
                "D3D12_MESH_SHADER_TIER_1, which is D3D12_MESH_SHADER_TIER_NOT_SUPPORTED on nvidia-gtx-1080-ti; the "
                "call is dropped and Close will return E_FAIL."},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_DISPATCH_RAYS, 0, NULL},
        {"amd-rx-580", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_DISPATCH_RAYS, (D3D12_MESSAGE_ID)1381, NULL},
        {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_BUILD_AS, 0, NULL},
        {"amd-rx-580", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_BUILD_AS,
                D3D12_MESSAGE_ID_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_INVALID, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_EMIT_POSTBUILD, 0, NULL},
        {"intel-hd-530", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_EMIT_POSTBUILD,
                D3D12_MESSAGE_ID_EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO_INVALID, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_COPY_AS, 0, NULL},
        {"intel-hd-530", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_COPY_AS,
                D3D12_MESSAGE_ID_COPY_RAYTRACING_ACCELERATION_STRUCTURE_INVALID, NULL},
        {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_SET_PIPELINE_STATE1, 0, NULL},
        {"amd-rx-580", D3D12_COMMAND_LIST_TYPE_COMPUTE, CALL_SET_PIPELINE_STATE1, (D3D12_MESSAGE_ID)1381, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_SHADING_RATE, 0, NULL},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_SHADING_RATE,
                D3D12_MESSAGE_ID_RSSETSHADINGRATE_REQUIRES_TIER_1, NULL},
        {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_SHADING_RATE_IMAGE, 0, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_SHADING_RATE_IMAGE,
                D3D12_MESSAGE_ID_RSSETSHADINGRATEIMAGE_REQUIRES_TIER_2,
                "ID3D12GraphicsCommandList5::RSSetShadingRateImage: needs "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS6::VariableShadingRateTier >= D3D12_VARIABLE_SHADING_RATE_TIER_2, "
                "which is D3D12_VARIABLE_SHADING_RATE_TIER_1 on warp; the call is dropped and Close will return "
                "E_FAIL."},
        {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_COPY, CALL_BARRIER, 0, NULL},
        {"min-fl12_2", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_BARRIER, D3D12_MESSAGE_ID_ENHANCED_BARRIERS_NOT_SUPPORTED,
                "ID3D12GraphicsCommandList7::Barrier: needs D3D12_FEATURE_DATA_D3D12_OPTIONS12::"
                "EnhancedBarriersSupported, which is FALSE on min-fl12_2; the call is dropped and Close will return "
                "E_FAIL."},
        {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_DEPTH_BOUNDS, 0, NULL},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_BUNDLE, CALL_DEPTH_BOUNDS, (D3D12_MESSAGE_ID)1381, NULL},
        {"nvidia-rtx-4090", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_SAMPLE_POSITIONS, 0, NULL},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_SAMPLE_POSITIONS,
                D3D12_MESSAGE_ID_PROGRAMMABLE_MSAA_UNSUPPORTED, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_BUNDLE, CALL_VIEW_INSTANCE_MASK, 0, NULL},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_VIEW_INSTANCE_MASK,
                D3D12_MESSAGE_ID_VIEW_INSTANCING_UNSUPPORTED, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_COPY, CALL_WRITE_BUFFER_IMMEDIATE, 0, NULL},
        {"min-fl12_2", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_WRITE_BUFFER_IMMEDIATE, 0, NULL},
        {"min-fl12_2", D3D12_COMMAND_LIST_TYPE_COPY, CALL_WRITE_BUFFER_IMMEDIATE,
                D3D12_MESSAGE_ID_WRITEBUFFERIMMEDIATE_NOT_SUPPORTED,
                "ID3D12GraphicsCommandList2::WriteBufferImmediate: needs D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY in "
                "D3D12_FEATURE_DATA_D3D12_OPTIONS3::WriteBufferImmediateSupportFlags, which is 0x7 on min-fl12_2; the "
                "call is dropped and Close will return E_FAIL."},
        {"warp-protected", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_PROTECTED_SESSION, 0, NULL},
        {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_PROTECTED_SESSION,
                D3D12_MESSAGE_ID_PROTECTED_RESOURCE_SESSION_UNSUPPORTED,
                "ID3D12GraphicsCommandList3::SetProtectedResourceSession: needs "
                "D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT::Support, which is 0 on warp; the call is "
                "dropped and Close will return E_FAIL."},
        {"warp-tier-5", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_DISPATCH_MESH, (D3D12_MESSAGE_ID)1381,
                "ID3D12GraphicsCommandList6::DispatchMesh: needs D3D12_FEATURE_DATA_D3D12_OPTIONS7::MeshShaderTier >= "
                "D3D12_MESH_SHADER_TIER_1, which is 5 on warp-tier-5; the call is dropped and Close will return "
                "E_FAIL."},
        {"warp", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_FRONT_BACK_STENCIL_REF, 0, NULL},
        {"nvidia-gtx-1080-ti", D3D12_COMMAND_LIST_TYPE_DIRECT, CALL_FRONT_BACK_STENCIL_REF,
                D3D12_MESSAGE_ID_INDEPENDENT_STENCIL_REF_NOT_SUPPORTED, NULL},
    };
    struct row_failures failures = {0};
    ID3D12CommandAllocator *allocator;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    char error[256];
    const char *text;
    unsigned int i;
    list8 *list;
    HRESULT hr;

    (void)state;
    assert_int_equal(mockd3d12_register_profile(protected_profile, error, sizeof(error)), S_OK);
    assert_int_equal(mockd3d12_register_profile(tier5_profile, error, sizeof(error)), S_OK);
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = create_device_on(rows[i].adapter);
        info = info_queue(device);
        allocator = create_allocator(device, rows[i].type);
        list = create_list(device, rows[i].type, allocator);
        ID3D12InfoQueue_ClearStoredMessages(info);
        make_call(list, rows[i].call);
        hr = ID3D12GraphicsCommandList8_Close(list);
        if (!rows[i].id)
        {
            if (hr != S_OK || ID3D12InfoQueue_GetNumStoredMessages(info))
                row_fail(&failures, i, rows[i].adapter, "allowed call: Close %#x, %llu messages", (unsigned)hr,
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        }
        else
        {
            if (hr != E_FAIL)
                row_fail(&failures, i, rows[i].adapter, "refused call: Close %#x, expected E_FAIL", (unsigned)hr);
            if (!(text = only_message(info, &id)) || id != rows[i].id || (rows[i].text && strcmp(text, rows[i].text)))
                row_fail(&failures, i, rows[i].adapter, "message %d \"%s\"", (int)id, text ? text : "(not one)");
        }
        /* Reset starts a new recording: Close answers S_OK again. */
        assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);
        assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);
        if (ID3D12GraphicsCommandList8_Close(list) != S_OK)
            row_fail(&failures, i, rows[i].adapter, "Close after Reset failed");
        ID3D12GraphicsCommandList8_Release(list);
        ID3D12CommandAllocator_Release(allocator);
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].adapter, "device references left");
    }
    rows_done(&failures);
}

/* A gate whose feature the runtime does not know: refused, and the message says so. */
static void test_gate_unknown_to_runtime(void **state)
{
    ID3D12CommandAllocator *allocator;
    mockd3d12_runtime runtime;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    list8 *list;

    (void)state;
    assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
    runtime.kind = MOCKD3D12_RUNTIME_RETAIL;
    runtime.sdk_version = 600;
    runtime.preview_sdk_version = 700;
    assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
    enable_debug_layer();
    device = create_device_on("warp");
    info = info_queue(device);
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    ID3D12InfoQueue_ClearStoredMessages(info);
    ID3D12GraphicsCommandList8_OMSetFrontAndBackStencilRef(list, 1, 2);
    ID3D12GraphicsCommandList8_Barrier(list, 0, NULL); /* OPTIONS12 is known at 600 */
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_INDEPENDENT_STENCIL_REF_NOT_SUPPORTED);
    assert_string_equal(text, "ID3D12GraphicsCommandList8::OMSetFrontAndBackStencilRef: needs "
            "D3D12_FEATURE_DATA_D3D12_OPTIONS14::IndependentFrontAndBackStencilRefMaskSupported, which this runtime "
            "(SDK 600) does not report on warp; the call is dropped and Close will return E_FAIL.");
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), E_FAIL);
    ID3D12GraphicsCommandList8_Release(list);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);
}

/* Without the debug layer: the same refusals, no messages. */
static void test_gates_without_debug_layer(void **state)
{
    ID3D12CommandAllocator *allocator;
    ID3D12Device *device;
    list8 *list;

    (void)state;
    device = create_device_on("nvidia-gtx-1080-ti");
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    ID3D12GraphicsCommandList8_DispatchMesh(list, 1, 1, 1);
    ID3D12GraphicsCommandList8_SetViewInstanceMask(list, 1); /* a second refusal: Close keeps the first answer */
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), E_FAIL);
    ID3D12GraphicsCommandList8_DrawInstanced(list, 3, 1, 0, 0); /* closed: dropped */
    assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);
    ID3D12GraphicsCommandList8_DispatchRays(list, NULL); /* RaytracingTier 1.0: allowed */
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    ID3D12GraphicsCommandList8_Release(list);
    ID3D12CommandAllocator_Release(allocator);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Closed lists, bundles, execution ---- */

static void test_closed_list_and_bundles(void **state)
{
    ID3D12CommandAllocator *allocator, *bundle_allocator, *compute_allocator;
    list8 *list, *bundle, *compute;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device_on(NULL);
    info = info_queue(device);
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    bundle_allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    compute_allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    bundle = create_list(device, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator);
    compute = create_list(device, D3D12_COMMAND_LIST_TYPE_COMPUTE, compute_allocator);
    ID3D12InfoQueue_ClearStoredMessages(info);

    /* An open bundle cannot be executed: E_INVALIDARG at Close. */
    ID3D12GraphicsCommandList8_ExecuteBundle(list, (ID3D12GraphicsCommandList *)bundle);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTE_BUNDLE_OPEN_BUNDLE);
    assert_string_equal(text, "ID3D12GraphicsCommandList::ExecuteBundle: the bundle is open (Close it first); the "
            "call is dropped and Close will return E_INVALIDARG.");
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), E_INVALIDARG);
    /* A closed list drops what it is given. */
    ID3D12GraphicsCommandList8_DrawInstanced(list, 3, 1, 0, 0);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED);
    assert_string_equal(text, "ID3D12GraphicsCommandList::DrawInstanced: the command list is closed (Reset it to "
            "record); the call is dropped.");
    ID3D12GraphicsCommandList8_ExecuteBundle(list, (ID3D12GraphicsCommandList *)bundle);
    assert_non_null(only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), E_FAIL);
    assert_non_null(only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_COMMAND_LIST_CLOSED);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);

    /* A closed bundle runs from a direct list; not from a compute one, and nothing else is a bundle. */
    assert_int_equal(ID3D12GraphicsCommandList8_Close(bundle), S_OK);
    ID3D12GraphicsCommandList8_ExecuteBundle(list, (ID3D12GraphicsCommandList *)bundle);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 0);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    ID3D12GraphicsCommandList8_ExecuteBundle(compute, (ID3D12GraphicsCommandList *)bundle);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTE_BUNDLE_TYPE);
    assert_string_equal(text, "ID3D12GraphicsCommandList::ExecuteBundle: only a D3D12_COMMAND_LIST_TYPE_DIRECT "
            "command list executes bundles; the call is dropped and Close will return E_INVALIDARG.");
    assert_int_equal(ID3D12GraphicsCommandList8_Close(compute), E_INVALIDARG);
    assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list, allocator, NULL), S_OK);
    ID3D12GraphicsCommandList8_ExecuteBundle(list, (ID3D12GraphicsCommandList *)compute);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12GraphicsCommandList::ExecuteBundle: pCommandList is not a "
            "D3D12_COMMAND_LIST_TYPE_BUNDLE command list; the call is dropped and Close will return E_INVALIDARG.");
    ID3D12GraphicsCommandList8_ExecuteBundle(list, NULL);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12GraphicsCommandList::ExecuteBundle: pCommandList is NULL; the call is dropped "
            "and Close will return E_INVALIDARG.");
    ID3D12GraphicsCommandList8_ExecuteBundle(list, (ID3D12GraphicsCommandList *)allocator);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12GraphicsCommandList::ExecuteBundle: pCommandList is not a command list of "
            "mockd3d12; the call is dropped and Close will return E_INVALIDARG.");
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), E_INVALIDARG);

    ID3D12GraphicsCommandList8_Release(compute);
    ID3D12GraphicsCommandList8_Release(bundle);
    ID3D12GraphicsCommandList8_Release(list);
    ID3D12CommandAllocator_Release(compute_allocator);
    ID3D12CommandAllocator_Release(bundle_allocator);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* An open list executed: the call is dropped and the device removed, with
 * DXGI_ERROR_INVALID_CALL as its reason (vkd3d's test_device_removed_reason
 * records Windows); nothing more is created on it. */
static void test_execute_open_list(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandAllocator *allocator;
    ID3D12CommandQueue *queue;
    ID3D12CommandList *lists[1];
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    list8 *open;
    void *out;

    (void)state;
    enable_debug_layer();
    device = create_device_on("nvidia-gtx-1080-ti");
    info = info_queue(device);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    open = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    lists[0] = (ID3D12CommandList *)open;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = removal_messages(info, &id, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT,
            "DXGI_ERROR_INVALID_CALL"));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_OPENCOMMANDLIST);
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[0] cannot be executed on a "
            "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it is open (Close it first); the call is dropped and the device "
            "removed.");
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_INVALID_CALL);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, &out),
            DXGI_ERROR_DEVICE_REMOVED);
    /* The first reason stays: RemoveDevice afterwards does not change it. */
    ((ID3D12Device5 *)device)->lpVtbl->RemoveDevice((ID3D12Device5 *)device);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_INVALID_CALL);
    ID3D12GraphicsCommandList8_Release(open);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12CommandQueue_Release(queue);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ExecuteCommandLists: each refusal drops the whole call (the documentation). */
static void test_execute(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandAllocator *allocator, *bundle_allocator, *compute_allocator, *other_allocator;
    list8 *list, *open, *bundle, *compute, *failed, *foreign;
    struct row_failures failures = {0};
    ID3D12Device *device, *other;
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12CommandList *lists[2];
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned int i;

    (void)state;
    enable_debug_layer();
    device = create_device_on("nvidia-gtx-1080-ti");
    other = create_device_on("warp");
    info = info_queue(device);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    bundle_allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    compute_allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    other_allocator = create_allocator(other, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list), S_OK);
    open = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    bundle = create_list(device, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundle_allocator);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(bundle), S_OK);
    compute = create_list(device, D3D12_COMMAND_LIST_TYPE_COMPUTE, compute_allocator);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(compute), S_OK);
    assert_int_equal(((ID3D12Device4 *)device)->lpVtbl->CreateCommandList1((ID3D12Device4 *)device, 0,
            D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList8,
            (void **)&failed), S_OK);
    foreign = create_list(other, D3D12_COMMAND_LIST_TYPE_DIRECT, other_allocator);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(foreign), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);

    /* A closed direct list: executed (nothing to run), no message. */
    lists[0] = (ID3D12CommandList *)list;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 0);
    {
        const struct { const char *name; list8 *second; D3D12_MESSAGE_ID id; const char *text; } rows[] =
        {
            {"bundle", bundle, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_BUNDLENOTSUPPORTED,
                    "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[1] cannot be executed on a "
                    "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it is a bundle (bundles run through ExecuteBundle); "
                    "the call is dropped."},
            {"compute", compute, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH,
                    "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[1] cannot be executed on a "
                    "D3D12_COMMAND_LIST_TYPE_DIRECT queue: its D3D12_COMMAND_LIST_TYPE is not the queue's; the call "
                    "is dropped."},
            {"another device's", foreign, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH,
                    "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[1] cannot be executed on a "
                    "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it was created on another device; the call is dropped."},
        };

        for (i = 0; i < ARRAY_SIZE(rows); ++i)
        {
            lists[1] = (ID3D12CommandList *)rows[i].second;
            ID3D12CommandQueue_ExecuteCommandLists(queue, 2, lists);
            if (!(text = only_message(info, &id)) || id != rows[i].id || strcmp(text, rows[i].text))
                row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text ? text : "(not one)");
        }
    }
    rows_done(&failures);

    /* A list whose Close failed. */
    assert_int_equal(ID3D12GraphicsCommandList8_Close(open), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(failed, allocator, NULL), S_OK);
    ID3D12GraphicsCommandList8_DispatchMesh(failed, 1, 1, 1);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(failed), E_FAIL);
    ID3D12InfoQueue_ClearStoredMessages(info);
    lists[0] = (ID3D12CommandList *)failed;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_FAILEDCOMMANDLIST);

    /* An allocator reset after its list was closed: dropped, and the device removed. */
    assert_int_equal(ID3D12CommandAllocator_Reset(allocator), S_OK);
    lists[0] = (ID3D12CommandList *)list;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = removal_messages(info, &id, D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_NOT_AT_FAULT,
            "DXGI_ERROR_DEVICE_REMOVED"));
    assert_int_equal(id, D3D12_MESSAGE_ID_COMMAND_ALLOCATOR_RESET);
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[0] cannot be executed on a "
            "D3D12_COMMAND_LIST_TYPE_DIRECT queue: its allocator was reset after the list was closed; the call is "
            "dropped and the device removed.");
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);
    {
        void *object = SENTINEL;

        assert_int_equal(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                &IID_ID3D12CommandAllocator, &object), DXGI_ERROR_DEVICE_REMOVED);
        assert_null(object);
        assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, NULL,
                &IID_ID3D12GraphicsCommandList, &object), DXGI_ERROR_DEVICE_REMOVED);
        assert_int_equal(((ID3D12Device4 *)device)->lpVtbl->CreateCommandList1((ID3D12Device4 *)device, 0,
                D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList8,
                &object), DXGI_ERROR_DEVICE_REMOVED);
    }

    ID3D12GraphicsCommandList8_Release(foreign);
    ID3D12GraphicsCommandList8_Release(open);
    ID3D12GraphicsCommandList8_Release(failed);
    ID3D12GraphicsCommandList8_Release(compute);
    ID3D12GraphicsCommandList8_Release(bundle);
    ID3D12GraphicsCommandList8_Release(list);
    ID3D12CommandAllocator_Release(compute_allocator);
    ID3D12CommandAllocator_Release(bundle_allocator);
    ID3D12CommandAllocator_Release(allocator);
    ID3D12CommandAllocator_Release(other_allocator);
    ID3D12CommandQueue_Release(queue);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_int_equal(ID3D12Device_Release(other), 0);
}

/* The line ReportLiveDeviceObjects(flags) gives the live object of type
 * `type` named `name` (its message id in *id), or NULL when it lists none. */
static const char *live_line(ID3D12DebugDevice *debug, ID3D12InfoQueue *info, D3D12_RLDO_FLAGS flags,
        const char *type, const char *name, D3D12_MESSAGE_ID *id)
{
    char live[64], named[64];
    const char *text;
    UINT64 i, count;

    snprintf(live, sizeof(live), "Live %s ", type);
    snprintf(named, sizeof(named), "Name: %s,", name);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug, flags), S_OK);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (i = 0; i < count; ++i)
    {
        text = message_text(info, i, id);
        if (strstr(text, live) && strstr(text, named))
            return text;
    }
    return NULL;
}

/* ReportLiveDeviceObjects lists allocators and lists with their names; an
 * allocator the application released lives on under its list. */
static void test_live_objects(void **state)
{
    ID3D12CommandAllocator *allocator;
    ID3D12DebugDevice *debug;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    list8 *list;

    (void)state;
    enable_debug_layer();
    device = create_device_on(NULL);
    info = info_queue(device);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug), S_OK);
    allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
    assert_int_equal(ID3D12CommandAllocator_SetName(allocator, L"frame allocator"), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_SetName(list, L"main list"), S_OK);
    assert_non_null(text = live_line(debug, info, D3D12_RLDO_DETAIL, "ID3D12CommandAllocator", "frame allocator", &id));
    assert_non_null(strstr(text, "Refcount: 1, IntRef: 1"));
    assert_int_equal(id, D3D12_MESSAGE_ID_LIVE_COMMANDALLOCATOR);
    assert_non_null(live_line(debug, info, D3D12_RLDO_DETAIL, "ID3D12GraphicsCommandList", "main list", &id));
    /* The allocator released while the list names it: live, with only the
     * list's internal reference; D3D12_RLDO_IGNORE_INTERNAL leaves it out. */
    assert_int_equal(ID3D12CommandAllocator_Release(allocator), 0);
    assert_non_null(text = live_line(debug, info, D3D12_RLDO_DETAIL, "ID3D12CommandAllocator", "frame allocator", &id));
    assert_non_null(strstr(text, "Refcount: 0, IntRef: 1"));
    assert_int_equal(id, D3D12_MESSAGE_ID_LIVE_COMMANDALLOCATOR);
    assert_null(live_line(debug, info, D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL, "ID3D12CommandAllocator",
            "frame allocator", &id));
    assert_non_null(live_line(debug, info, D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL,
            "ID3D12GraphicsCommandList", "main list", &id));
    /* The list gone, the allocator goes with it. */
    ID3D12GraphicsCommandList8_Release(list);
    assert_null(live_line(debug, info, D3D12_RLDO_DETAIL, "ID3D12CommandAllocator", "frame allocator", &id));
    ID3D12DebugDevice_Release(debug);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- The interfaces newer than the headers (data/command-list-next.tsv) ---- */

static const GUID iid_list9 = {0x34ed2808, 0xffe6, 0x4c2b, {0xb1, 0x1a, 0xca, 0xbd, 0x2b, 0x0c, 0x59, 0xe1}};
static const GUID iid_list10 = {0x7013c015, 0xd161, 0x4b63, {0xa0, 0x8c, 0x23, 0x85, 0x52, 0xdd, 0x8a, 0xcc}};

/* ID3D12GraphicsCommandList10's vtable as a newer d3d12.h lays it out. */
struct list10_vtbl
{
    ID3D12GraphicsCommandList8Vtbl base;
    void (STDMETHODCALLTYPE *RSSetDepthBias)(list8 *list, FLOAT bias, FLOAT clamp, FLOAT slope);
    void (STDMETHODCALLTYPE *IASetIndexBufferStripCutValue)(list8 *list, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE value);
    void (STDMETHODCALLTYPE *SetProgram)(list8 *list, const void *desc);
    void (STDMETHODCALLTYPE *DispatchGraph)(list8 *list, const void *desc);
};

static const struct list10_vtbl *list10_vtbl(list8 *list)
{
    return (const struct list10_vtbl *)list->lpVtbl;
}

static void test_newer_interfaces(void **state)
{
    static const struct
    {
        UINT sdk_version, preview_sdk_version;
        HRESULT hr9, hr10;
    }
    runtimes[] =
    {
        {606, 706, E_NOINTERFACE, E_NOINTERFACE},
        {608, 709, S_OK, E_NOINTERFACE},
        {612, 714, S_OK, E_NOINTERFACE},
        {613, 714, S_OK, S_OK},
        {620, 721, S_OK, S_OK},
    };
    static const struct
    {
        const char *adapter;
        int method; /* 0 RSSetDepthBias, 1 IASetIndexBufferStripCutValue, 2 SetProgram, 3 DispatchGraph */
        D3D12_MESSAGE_ID id; /* 0: allowed */
    }
    gates[] =
    {
        {"nvidia-rtx-4090", 0, 0},
        {"nvidia-gtx-1080-ti", 0, (D3D12_MESSAGE_ID)1364 /* DYNAMIC_DEPTH_BIAS_NOT_SUPPORTED */},
        {"warp", 1, 0},
        {"nvidia-gtx-1080-ti", 1, (D3D12_MESSAGE_ID)1359 /* DYNAMIC_INDEX_BUFFER_STRIP_CUT_NOT_SUPPORTED */},
        {"amd-rx-7900-xtx", 2, 0},
        {"nvidia-gtx-1080-ti", 2, (D3D12_MESSAGE_ID)1381 /* GENERIC_DEVICE_OPERATION_UNSUPPORTED */},
        {"warp", 3, 0},
        {"nvidia-gtx-1080-ti", 3, (D3D12_MESSAGE_ID)1381},
    };
    struct row_failures failures = {0};
    ID3D12CommandAllocator *allocator;
    mockd3d12_runtime runtime;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned int i;
    void *object;
    list8 *list;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(runtimes); ++i)
    {
        assert_int_equal(mockd3d12_get_runtime(&runtime), S_OK);
        runtime.sdk_version = runtimes[i].sdk_version;
        runtime.preview_sdk_version = runtimes[i].preview_sdk_version;
        assert_int_equal(mockd3d12_set_runtime(&runtime), S_OK);
        device = create_device_on("warp");
        allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
        list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
        object = SENTINEL;
        if ((hr = ID3D12GraphicsCommandList8_QueryInterface(list, &iid_list9, &object)) != runtimes[i].hr9
                || (hr == S_OK ? object != list : object != NULL))
            row_fail(&failures, i, "ID3D12GraphicsCommandList9", "hr %#x on SDK %u", (unsigned)hr,
                    runtimes[i].sdk_version);
        if (hr == S_OK)
            IUnknown_Release((IUnknown *)object);
        object = SENTINEL;
        if ((hr = ID3D12GraphicsCommandList8_QueryInterface(list, &iid_list10, &object)) != runtimes[i].hr10)
            row_fail(&failures, i, "ID3D12GraphicsCommandList10", "hr %#x on SDK %u", (unsigned)hr,
                    runtimes[i].sdk_version);
        if (hr == S_OK)
            IUnknown_Release((IUnknown *)object);
        ID3D12GraphicsCommandList8_Release(list);
        ID3D12CommandAllocator_Release(allocator);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, "device", "references left");
        mockd3d12_reset();
    }
    assert_int_equal(mockd3d12_set_runtime(NULL), S_OK);

    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(gates); ++i)
    {
        const struct list10_vtbl *vtbl;

        device = create_device_on(gates[i].adapter);
        info = info_queue(device);
        allocator = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
        list = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
        vtbl = list10_vtbl(list);
        ID3D12InfoQueue_ClearStoredMessages(info);
        switch (gates[i].method)
        {
            case 0: vtbl->RSSetDepthBias(list, 1.0f, 0.0f, 2.0f); break;
            case 1: vtbl->IASetIndexBufferStripCutValue(list, D3D12_INDEX_BUFFER_STRIP_CUT_VALUE_0xFFFF); break;
            case 2: vtbl->SetProgram(list, NULL); break;
            default: vtbl->DispatchGraph(list, NULL); break;
        }
        hr = ID3D12GraphicsCommandList8_Close(list);
        if (!gates[i].id ? hr != S_OK || ID3D12InfoQueue_GetNumStoredMessages(info)
                : hr != E_FAIL || !(text = only_message(info, &id)) || id != gates[i].id)
            row_fail(&failures, 100 + i, gates[i].adapter, "method %d: Close %#x", gates[i].method, (unsigned)hr);
        ID3D12GraphicsCommandList8_Release(list);
        ID3D12CommandAllocator_Release(allocator);
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, 100 + i, gates[i].adapter, "device references left");
    }
    rows_done(&failures);
}

/* Objects of two devices, allocators gone under their lists, many nodes. */
static void test_devices_and_nodes(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    static const char nodes32[] = "{\"id\": \"lists-32-nodes\", \"inherits\": \"nvidia-rtx-4090\", "
            "\"adapter\": {\"nodeCount\": 32}}";
    ID3D12CommandAllocator *a1, *a2, *other_allocator, *other_bundle_allocator;
    list8 *list1, *list2, *other_bundle;
    ID3D12Device *device, *other, *wide;
    ID3D12CommandQueue *queue;
    ID3D12CommandList *lists[1];
    ID3D12InfoQueue *info;
    D3D12_MESSAGE_ID id;
    char error[256];
    const char *text;
    void *object;

    (void)state;
    enable_debug_layer();
    device = create_device_on("nvidia-rtx-4090");
    other = create_device_on("warp");
    info = info_queue(device);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    a1 = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    a2 = create_allocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    other_allocator = create_allocator(other, D3D12_COMMAND_LIST_TYPE_DIRECT);
    other_bundle_allocator = create_allocator(other, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    list1 = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, a1);
    list2 = create_list(device, D3D12_COMMAND_LIST_TYPE_DIRECT, a2);
    other_bundle = create_list(other, D3D12_COMMAND_LIST_TYPE_BUNDLE, other_bundle_allocator);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(other_bundle), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);

    /* Another device's bundle. */
    ID3D12GraphicsCommandList8_ExecuteBundle(list1, (ID3D12GraphicsCommandList *)other_bundle);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTE_BUNDLE_TYPE);
    assert_string_equal(text, "ID3D12GraphicsCommandList::ExecuteBundle: pCommandList was created on another "
            "device; the call is dropped and Close will return E_INVALIDARG.");
    ID3D12GraphicsCommandList8_DispatchMesh(list1, 1, 1, 1); /* allowed: the answer stays E_INVALIDARG */
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list1), E_INVALIDARG);
    /* Another device's allocator. */
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list1, other_allocator, NULL), E_INVALIDARG);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_WRONG_COMMAND_ALLOCATOR_TYPE);
    assert_string_equal(text, "ID3D12GraphicsCommandList::Reset: the allocator belongs to another device.");
    assert_int_equal(ID3D12GraphicsCommandList8_Reset(list1, a1, NULL), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list1), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList8_Close(list2), S_OK);

    /* An allocator released under its closed list, another allocator's list alive:
     * the list still executes (the list keeps the allocator, which no one can
     * reset now). */
    assert_int_equal(ID3D12CommandAllocator_Release(a1), 0);
    lists[0] = (ID3D12CommandList *)list1;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    lists[0] = (ID3D12CommandList *)list2;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 0);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);

    /* A node mask of the 32nd node, on an adapter that has 32. */
    assert_int_equal(mockd3d12_register_profile(nodes32, error, sizeof(error)), S_OK);
    wide = create_device_on("lists-32-nodes");
    assert_int_equal(((ID3D12Device4 *)wide)->lpVtbl->CreateCommandList1((ID3D12Device4 *)wide, 0x80000000u,
            D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList, &object), S_OK);
    IUnknown_Release((IUnknown *)object);
    assert_int_equal(((ID3D12Device4 *)wide)->lpVtbl->CreateCommandList1((ID3D12Device4 *)wide, 0x80000001u,
            D3D12_COMMAND_LIST_TYPE_COPY, D3D12_COMMAND_LIST_FLAG_NONE, &IID_ID3D12GraphicsCommandList, &object),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device_Release(wide), 0);

    ID3D12GraphicsCommandList8_Release(other_bundle);
    ID3D12GraphicsCommandList8_Release(list2);
    ID3D12GraphicsCommandList8_Release(list1);
    ID3D12CommandAllocator_Release(a2);
    ID3D12CommandAllocator_Release(other_bundle_allocator);
    ID3D12CommandAllocator_Release(other_allocator);
    ID3D12CommandQueue_Release(queue);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(other), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- ExecuteCommandLists with what is no list of this runtime ---- */

/* ExecuteCommandLists with what is not a list of this runtime: the call is
 * dropped and the debug layer names the list (test_execute has the rows of
 * real lists). */
static void test_execute_command_lists(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL,
            D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandList *lists[2];
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence;
    D3D12_MESSAGE_ID id;
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence),
            S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    ID3D12CommandQueue_ExecuteCommandLists(queue, 0, NULL);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 0);
    lists[0] = (ID3D12CommandList *)fence;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = only_message(info, &id));
    assert_int_equal(id, D3D12_MESSAGE_ID_EXECUTECOMMANDLISTS_COMMANDLISTMISMATCH);
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[0] cannot be executed on a "
            "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it is not a command list of mockd3d12; the call is dropped.");
    ID3D12InfoQueue_ClearStoredMessages(info);
    lists[0] = NULL;
    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists[0] cannot be executed on a "
            "D3D12_COMMAND_LIST_TYPE_DIRECT queue: it is NULL; the call is dropped.");
    ID3D12InfoQueue_ClearStoredMessages(info);
    ID3D12CommandQueue_ExecuteCommandLists(queue, 2, NULL);
    assert_non_null(text = only_message(info, &id));
    assert_string_equal(text, "ID3D12CommandQueue::ExecuteCommandLists: ppCommandLists is NULL with "
            "NumCommandLists > 0; the call is dropped.");
    ID3D12Fence_Release(fence);
    ID3D12CommandQueue_Release(queue);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_allocator_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_creation_refusals, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_list_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_reset_rules, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_capability_gates, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_gate_unknown_to_runtime, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_gates_without_debug_layer, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_closed_list_and_bundles, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_execute, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_execute_open_list, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_objects, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_newer_interfaces, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_devices_and_nodes, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_execute_command_lists, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
