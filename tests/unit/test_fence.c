/*
 * Fences, events and the queues' GPU timeline (docs/objects.md). The
 * expectations are Windows' as the public conformance tests record them
 * (vkd3d's tests/d3d12.c: test_create_fence, test_fence_values,
 * test_cpu_signal_fence, test_multithread_fence_wait, test_fence_wait_multiple,
 * test_queue_wait, test_object_interface_null_cases), and the D3D12
 * documentation for device removal. Events are real: eventfd descriptors on
 * Linux, CreateEvent handles on Windows (tests/unit/events.h).
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <stdatomic.h>

#include "alloc.h"
#include "events.h"
#include "platform.h"

#ifndef _WIN32
#include <sys/eventfd.h>
#include <unistd.h>
#endif

static ID3D12Fence *create_fence(ID3D12Device *device, UINT64 value)
{
    ID3D12Fence *fence = NULL;

    assert_int_equal(ID3D12Device_CreateFence(device, value, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
            (void **)&fence), S_OK);
    assert_non_null(fence);
    return fence;
}

static ID3D12CommandQueue *create_queue(ID3D12Device *device, D3D12_COMMAND_LIST_TYPE type)
{
    D3D12_COMMAND_QUEUE_DESC desc = {type, D3D12_COMMAND_QUEUE_PRIORITY_NORMAL, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;

    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    return queue;
}

/* ---- Creation, identity, references ---- */

static void test_fence_object(void **state)
{
    static const struct
    {
        const char *name;
        const IID *iid;
        HRESULT hr;
    }
    rows[] =
    {
        {"IUnknown", &IID_IUnknown, S_OK},
        {"ID3D12Object", &IID_ID3D12Object, S_OK},
        {"ID3D12DeviceChild", &IID_ID3D12DeviceChild, S_OK},
        {"ID3D12Pageable", &IID_ID3D12Pageable, S_OK},
        {"ID3D12Fence", &IID_ID3D12Fence, S_OK},
        {"ID3D12Fence1", &IID_ID3D12Fence1, S_OK},
        {"ID3D12Device", &IID_ID3D12Device, E_NOINTERFACE},
        {"ID3D12CommandQueue", &IID_ID3D12CommandQueue, E_NOINTERFACE},
        {"ID3D12Heap", &IID_ID3D12Heap, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    ID3D12Device *device, *tmp;
    ID3D12Fence1 *fence1;
    ID3D12Fence *fence;
    IUnknown *unknown;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device();
    fence = create_fence(device, 0);
    /* The fence holds a device reference (test_create_fence). */
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(ID3D12Fence_GetDevice(fence, &IID_ID3D12Device, (void **)&tmp), S_OK);
    assert_ptr_equal(tmp, device);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12Device_Release(tmp), 2);
    assert_int_equal(ID3D12Fence_GetDevice(fence, &IID_ID3D12Device, NULL), E_POINTER);

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        unknown = SENTINEL;
        hr = ID3D12Fence_QueryInterface(fence, rows[i].iid, (void **)&unknown);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if ((void *)unknown != (void *)fence)
                row_fail(&failures, i, rows[i].name, "not the same object");
            if (get_refcount(fence) != 2)
                row_fail(&failures, i, rows[i].name, "refcount %u after QueryInterface", (unsigned)get_refcount(fence));
            unknown->lpVtbl->Release(unknown);
        }
        else if (unknown)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
        /* test_object_interface_null_cases: E_POINTER whatever the IID. */
        hr = ID3D12Fence_QueryInterface(fence, rows[i].iid, NULL);
        if (hr != E_POINTER)
            row_fail(&failures, i, rows[i].name, "NULL output: hr %#x", (unsigned)hr);
    }
    rows_done(&failures);

    assert_int_equal(ID3D12Fence_QueryInterface(fence, &IID_ID3D12Fence1, (void **)&fence1), S_OK);
    assert_int_equal(ID3D12Fence1_GetCreationFlags(fence1), D3D12_FENCE_FLAG_NONE);
    ID3D12Fence1_Release(fence1);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 0);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(get_refcount(device), 1);

    fence = create_fence(device, 99);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 99);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static void test_fence_private_data(void **state)
{
    static const GUID guid = {0x1f2e3d4c, 0x5b6a, 0x4789, {0x9a, 0x8b, 0x7c, 0x6d, 0x5e, 0x4f, 0x30, 0x21}};
    static const char payload[] = "fence data";
    ID3D12Device *device;
    ID3D12Fence *fence;
    char out[32];
    UINT size;

    (void)state;
    device = create_device();
    fence = create_fence(device, 0);
    size = sizeof(out);
    assert_int_equal(ID3D12Fence_GetPrivateData(fence, &guid, &size, out), DXGI_ERROR_NOT_FOUND);
    assert_int_equal(ID3D12Fence_SetPrivateData(fence, &guid, sizeof(payload), payload), S_OK);
    size = sizeof(out);
    assert_int_equal(ID3D12Fence_GetPrivateData(fence, &guid, &size, out), S_OK);
    assert_int_equal(size, sizeof(payload));
    assert_string_equal(out, payload);
    /* An interface: held by the fence until replaced. */
    assert_int_equal(ID3D12Fence_SetPrivateDataInterface(fence, &guid, (IUnknown *)device), S_OK);
    assert_int_equal(get_refcount(device), 3);
    assert_int_equal(ID3D12Fence_SetPrivateData(fence, &guid, 0, NULL), S_OK);
    assert_int_equal(get_refcount(device), 2);
    assert_int_equal(ID3D12Fence_SetName(fence, L"frame fence"), S_OK);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* CreateFence's flags: the adapter decides cross-adapter sharing
 * (D3D12_OPTIONS.CrossAdapterRowMajorTextureSupported: TRUE on warp, FALSE on
 * nvidia-rtx-4090). */
static void test_create_fence_flags(void **state)
{
    static const struct
    {
        const char *name;
        const char *adapter;
        D3D12_FENCE_FLAGS flags;
        HRESULT hr;
        const char *message; /* CREATE_FENCE_INVALID_FLAGS text, or NULL */
    }
    rows[] =
    {
        {"NONE", "nvidia-rtx-4090", D3D12_FENCE_FLAG_NONE, S_OK, NULL},
        {"SHARED", "nvidia-rtx-4090", D3D12_FENCE_FLAG_SHARED, S_OK, NULL},
        {"NON_MONITORED", "nvidia-rtx-4090", D3D12_FENCE_FLAG_NON_MONITORED, S_OK, NULL},
        {"SHARED | NON_MONITORED", "warp", D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_NON_MONITORED, S_OK, NULL},
        {"SHARED_CROSS_ADAPTER on warp", "warp", D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER,
                S_OK, NULL},
        {"SHARED_CROSS_ADAPTER on intel-arc-a770", "intel-arc-a770", D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER, S_OK,
                NULL},
        /* CrossAdapterRowMajorTextureSupported FALSE: it gates row-major texture views, not fences. */
        {"SHARED_CROSS_ADAPTER on nvidia-rtx-4090", "nvidia-rtx-4090",
                D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER, S_OK, NULL},
        {"SHARED_CROSS_ADAPTER with an unknown bit", "nvidia-rtx-4090",
                (D3D12_FENCE_FLAGS)(D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER | 0x10), E_INVALIDARG,
                "ID3D12Device::CreateFence: Flags 0x12 has bits (0x10) that are no D3D12_FENCE_FLAGS; returning "
                "E_INVALIDARG."},
        {"unknown flag 0x8", "warp", (D3D12_FENCE_FLAGS)0x8, E_INVALIDARG,
                "ID3D12Device::CreateFence: Flags 0x8 has bits (0x8) that are no D3D12_FENCE_FLAGS; returning "
                "E_INVALIDARG."},
        {"unknown flags 0xffffffff", "warp", (D3D12_FENCE_FLAGS)0xffffffff, E_INVALIDARG,
                "ID3D12Device::CreateFence: Flags 0xffffffff has bits (0xfffffff8) that are no D3D12_FENCE_FLAGS; "
                "returning E_INVALIDARG."},
    };
    struct row_failures failures = {0};
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence1 *fence;
    D3D12_MESSAGE_ID id;
    const char *text;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = create_device_on(rows[i].adapter);
        info = info_queue(device);
        ID3D12InfoQueue_ClearStoredMessages(info);
        fence = SENTINEL;
        hr = ID3D12Device_CreateFence(device, 7, rows[i].flags, &IID_ID3D12Fence1, (void **)&fence);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (SUCCEEDED(hr))
        {
            if (ID3D12Fence1_GetCreationFlags(fence) != rows[i].flags)
                row_fail(&failures, i, rows[i].name, "GetCreationFlags %#x", (unsigned)ID3D12Fence1_GetCreationFlags(fence));
            if (ID3D12Fence1_GetCompletedValue(fence) != 7)
                row_fail(&failures, i, rows[i].name, "initial value lost");
            ID3D12Fence1_Release(fence);
        }
        else if (fence)
        {
            row_fail(&failures, i, rows[i].name, "out pointer not cleared");
        }
        /* The probe agrees with the creation. */
        hr = ID3D12Device_CreateFence(device, 7, rows[i].flags, &IID_ID3D12Fence1, NULL);
        if (hr != (rows[i].hr == S_OK ? S_FALSE : rows[i].hr))
            row_fail(&failures, i, rows[i].name, "probe hr %#x", (unsigned)hr);
        if (rows[i].message)
        {
            if (ID3D12InfoQueue_GetNumStoredMessages(info) != 2)
                row_fail(&failures, i, rows[i].name, "%llu messages, expected 2 (creation and probe)",
                        (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
            else if (strcmp(text = message_text(info, 0, &id), rows[i].message)
                    || id != D3D12_MESSAGE_ID_CREATE_FENCE_INVALID_FLAGS)
                row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        }
        else if (ID3D12InfoQueue_GetNumStoredMessages(info))
        {
            row_fail(&failures, i, rows[i].name, "%llu messages, expected none",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        }
        ID3D12InfoQueue_Release(info);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "device references left");
    }
    rows_done(&failures);
}

/* A NULL output is a probe: S_FALSE when the object could be created, whatever
 * the IID (test_object_interface_null_cases), and nothing is created. */
static void test_null_output_probes(void **state)
{
    static const D3D12_COMMAND_QUEUE_DESC good = {D3D12_COMMAND_LIST_TYPE_COPY, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    static const D3D12_COMMAND_QUEUE_DESC bad = {(D3D12_COMMAND_LIST_TYPE)99, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12Device9 *device9;
    ID3D12Device *device;

    (void)state;
    device = create_device();
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Heap, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, (D3D12_FENCE_FLAGS)0x10, &IID_ID3D12Fence, NULL),
            E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &good, &IID_ID3D12CommandQueue, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &good, &IID_ID3D12Heap, NULL), S_FALSE);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &bad, &IID_ID3D12CommandQueue, NULL), E_INVALIDARG);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, NULL, &IID_ID3D12CommandQueue, NULL), E_INVALIDARG);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device9, (void **)&device9), S_OK);
    assert_int_equal(ID3D12Device9_CreateCommandQueue1(device9, &good, &IID_ID3D12Device, &IID_ID3D12CommandQueue,
            NULL), S_FALSE);
    ID3D12Device9_Release(device9);
    /* A wrong IID with an output: E_NOINTERFACE, nothing left behind. */
    {
        void *out = SENTINEL;

        assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Heap, &out),
                E_NOINTERFACE);
        assert_null(out);
    }
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Values ---- */

static void test_fence_values(void **state)
{
    static const struct
    {
        const char *name;
        bool by_queue;
        UINT64 value;
    }
    rows[] =
    {
        /* test_cpu_signal_fence, test_fence_values: any value, down as well as up. */
        {"CPU 1", false, 1},
        {"CPU 10", false, 10},
        {"CPU 5 (down)", false, 5},
        {"CPU 0", false, 0},
        {"CPU 1 << 60", false, (UINT64)1 << 60},
        {"queue 1 << 60 + 1", true, ((UINT64)1 << 60) + 1},
        {"queue 0 (down)", true, 0},
        {"queue UINT64_MAX", true, UINT64_MAX},
        {"CPU 3 after UINT64_MAX", false, 3},
    };
    struct row_failures failures = {0};
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    ID3D12Fence *fence;
    unsigned i;
    HRESULT hr;

    (void)state;
    device = create_device();
    queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = create_fence(device, 0);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        hr = rows[i].by_queue ? ID3D12CommandQueue_Signal(queue, fence, rows[i].value)
                : ID3D12Fence_Signal(fence, rows[i].value);
        if (hr != S_OK)
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        if (ID3D12Fence_GetCompletedValue(fence) != rows[i].value)
            row_fail(&failures, i, rows[i].name, "value %#llx", (unsigned long long)ID3D12Fence_GetCompletedValue(fence));
    }
    rows_done(&failures);
    /* A queue takes only fences: another object is E_INVALIDARG. */
    assert_int_equal(ID3D12CommandQueue_Signal(queue, NULL, 1), E_INVALIDARG);
    assert_int_equal(ID3D12CommandQueue_Wait(queue, (ID3D12Fence *)queue, 1), E_INVALIDARG);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Events ---- */

enum event_step_kind { STEP_SIGNAL, STEP_ON_COMPLETION, STEP_SET_BY_HAND };

struct event_step
{
    const char *name;
    enum event_step_kind kind;
    unsigned event;       /* 0 or 1 */
    UINT64 value;
    bool set[2];          /* after the step: is each event set (a wait resets it)? */
};

/* test_cpu_signal_fence's sequence, step by step: set at once when already
 * reached, once per registration, several values for one event, one value
 * for two events, a value lowered and raised again, an event already set. */
static void test_set_event_on_completion(void **state)
{
    static const struct event_step steps[] =
    {
        {"register 5 (at 0)", STEP_ON_COMPLETION, 0, 5, {false, false}},
        {"signal 4", STEP_SIGNAL, 0, 4, {false, false}},
        {"signal 5", STEP_SIGNAL, 0, 5, {true, false}},
        {"signal 5 again", STEP_SIGNAL, 0, 5, {false, false}},
        {"register 3 (reached)", STEP_ON_COMPLETION, 0, 3, {true, false}},
        {"register 5 (reached)", STEP_ON_COMPLETION, 0, 5, {true, false}},
        {"register 6", STEP_ON_COMPLETION, 0, 6, {false, false}},
        {"signal 7 (past it)", STEP_SIGNAL, 0, 7, {true, false}},
        {"signal 0", STEP_SIGNAL, 0, 0, {false, false}},
        {"register 3", STEP_ON_COMPLETION, 0, 3, {false, false}},
        {"register 9", STEP_ON_COMPLETION, 0, 9, {false, false}},
        {"register 12", STEP_ON_COMPLETION, 0, 12, {false, false}},
        {"signal 3", STEP_SIGNAL, 0, 3, {true, false}},
        {"signal 8", STEP_SIGNAL, 0, 8, {false, false}},
        {"signal 9", STEP_SIGNAL, 0, 9, {true, false}},
        {"signal 12", STEP_SIGNAL, 0, 12, {true, false}},
        {"signal 0 again", STEP_SIGNAL, 0, 0, {false, false}},
        {"event 0 for 100", STEP_ON_COMPLETION, 0, 100, {false, false}},
        {"event 1 for UINT64_MAX", STEP_ON_COMPLETION, 1, UINT64_MAX, {false, false}},
        {"signal 99", STEP_SIGNAL, 0, 99, {false, false}},
        {"signal 100", STEP_SIGNAL, 0, 100, {true, false}},
        {"signal 0, then 100 (fired once)", STEP_SIGNAL, 0, 0, {false, false}},
        {"signal 100 again", STEP_SIGNAL, 0, 100, {false, false}},
        {"signal UINT64_MAX", STEP_SIGNAL, 0, UINT64_MAX, {false, true}},
        {"signal 0 once more", STEP_SIGNAL, 0, 0, {false, false}},
        {"both events for 1", STEP_ON_COMPLETION, 0, 1, {false, false}},
        {"both events for 1 (second)", STEP_ON_COMPLETION, 1, 1, {false, false}},
        {"signal 3 (both)", STEP_SIGNAL, 0, 3, {true, true}},
        {"set event 0 by hand", STEP_SET_BY_HAND, 0, 0, {true, false}},
        {"signal 20", STEP_SIGNAL, 0, 20, {false, false}},
        {"register 30 on a set event", STEP_SET_BY_HAND, 0, 0, {true, false}},
        {"signal 30 (the registration fires)", STEP_SIGNAL, 0, 30, {true, false}},
    };
    struct row_failures failures = {0};
    ID3D12Device *device;
    ID3D12Fence *fence;
    HANDLE events[2];
    unsigned i, e;

    (void)state;
    device = create_device();
    fence = create_fence(device, 0);
    events[0] = event_create();
    events[1] = event_create();
    assert_non_null(events[0]);
    assert_non_null(events[1]);
    for (i = 0; i < ARRAY_SIZE(steps); ++i)
    {
        const struct event_step *s = &steps[i];
        bool set;

        switch (s->kind)
        {
            case STEP_SIGNAL:
                if (ID3D12Fence_Signal(fence, s->value) != S_OK)
                    row_fail(&failures, i, s->name, "Signal failed");
                break;
            case STEP_ON_COMPLETION:
                if (ID3D12Fence_SetEventOnCompletion(fence, s->value, events[s->event]) != S_OK)
                    row_fail(&failures, i, s->name, "SetEventOnCompletion failed");
                break;
            case STEP_SET_BY_HAND:
                /* An event already set stays set; registering 30 on it changes nothing now. */
                event_set(events[s->event]);
                if (!strncmp(s->name, "register", 8)
                        && ID3D12Fence_SetEventOnCompletion(fence, 30, events[s->event]) != S_OK)
                    row_fail(&failures, i, s->name, "SetEventOnCompletion failed");
                break;
        }
        for (e = 0; e < 2; ++e)
        {
            set = event_wait(events[e], 0) == WAIT_OBJECT_0;
            if (set != s->set[e])
                row_fail(&failures, i, s->name, "event %u %s, expected %s", e, set ? "set" : "not set",
                        s->set[e] ? "set" : "not set");
        }
    }
    rows_done(&failures);
    /* Once more from a lowered value: set by 30 only. */
    ID3D12Fence_Signal(fence, 0);
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fence, 30, events[0]), S_OK);
    assert_int_equal(event_wait(events[0], 0), WAIT_TIMEOUT);
    ID3D12Fence_Signal(fence, 30);
    assert_int_equal(event_wait(events[0], 0), WAIT_OBJECT_0);

    /* A registration never reached is dropped with the fence. */
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fence, 1000, events[1]), S_OK);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(event_wait(events[1], 0), WAIT_TIMEOUT);
    event_destroy(events[0]);
    event_destroy(events[1]);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

struct signaller
{
    ID3D12Fence *fence;
    ID3D12CommandQueue *queue; /* NULL: the CPU signals */
    UINT64 value;
    unsigned delay_ms;
    atomic_bool signalled;
    atomic_bool returned;      /* for blocked waiters */
};

static void signal_later(void *arg)
{
    struct signaller *s = arg;

    sleep_ms(s->delay_ms);
    atomic_store(&s->signalled, true);
    if (s->queue)
        ID3D12CommandQueue_Signal(s->queue, s->fence, s->value);
    else
        ID3D12Fence_Signal(s->fence, s->value);
}

/* An event set by another thread (CPU or queue), and a NULL event that
 * blocks the caller until then (test_multithread_fence_wait). */
static void test_events_across_threads(void **state)
{
    static const struct
    {
        const char *name;
        bool queue;
        bool null_event;
    }
    rows[] =
    {
        {"event, CPU signal", false, false},
        {"event, queue signal", true, false},
        {"NULL event, CPU signal", false, true},
        {"NULL event, queue signal", true, true},
    };
    struct row_failures failures = {0};
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    struct signaller s;
    test_thread thread;
    HANDLE event;
    unsigned i;

    (void)state;
    device = create_device();
    queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    event = event_create();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        memset(&s, 0, sizeof(s));
        s.fence = create_fence(device, 1);
        s.queue = rows[i].queue ? queue : NULL;
        s.value = 2;
        s.delay_ms = 50;
        atomic_init(&s.signalled, false);
        assert_true(thread_start(&thread, signal_later, &s));
        if (rows[i].null_event)
        {
            if (ID3D12Fence_SetEventOnCompletion(s.fence, 2, NULL) != S_OK)
                row_fail(&failures, i, rows[i].name, "SetEventOnCompletion failed");
            /* Returned only once the other thread signalled. */
            if (!atomic_load(&s.signalled) || ID3D12Fence_GetCompletedValue(s.fence) != 2)
                row_fail(&failures, i, rows[i].name, "returned before the signal");
        }
        else
        {
            if (ID3D12Fence_SetEventOnCompletion(s.fence, 2, event) != S_OK)
                row_fail(&failures, i, rows[i].name, "SetEventOnCompletion failed");
            if (event_wait(event, 5000) != WAIT_OBJECT_0)
                row_fail(&failures, i, rows[i].name, "event not set");
            if (!atomic_load(&s.signalled))
                row_fail(&failures, i, rows[i].name, "event set before the signal");
        }
        thread_join(thread);
        /* Already reached: a NULL event returns at once. */
        if (ID3D12Fence_SetEventOnCompletion(s.fence, 1, NULL) != S_OK)
            row_fail(&failures, i, rows[i].name, "NULL event for a reached value failed");
        ID3D12Fence_Release(s.fence);
    }
    rows_done(&failures);
    event_destroy(event);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- SetEventOnMultipleFenceCompletion ---- */

static void test_multiple_fence_arguments(void **state)
{
    static const struct
    {
        const char *name;
        bool fences, values;
        UINT count;
        D3D12_MULTIPLE_FENCE_WAIT_FLAGS flags;
        bool foreign;
        const char *message;
    }
    rows[] =
    {
        /* test_fence_wait_multiple records the first three on Windows. */
        {"no fences, count 0", false, false, 0, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, false,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: NumFences is 0; returning E_INVALIDARG."},
        {"count 0, ANY", true, true, 0, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, false,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: NumFences is 0; returning E_INVALIDARG."},
        {"flags 0xffffffff", true, true, 2, (D3D12_MULTIPLE_FENCE_WAIT_FLAGS)0xffffffff, false,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: Flags 0xffffffff is not "
                "D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL or _ANY; returning E_INVALIDARG."},
        /* Windows crashes on these; we refuse them. */
        {"NULL values", true, false, 1, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, false,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: pFenceValues is NULL; returning E_INVALIDARG."},
        {"a queue as a fence", true, true, 2, D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, true,
                "ID3D12Device1::SetEventOnMultipleFenceCompletion: ppFences[1] is not a fence; returning "
                "E_INVALIDARG."},
    };
    struct row_failures failures = {0};
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12Device1 *device1;
    ID3D12Device *device;
    ID3D12Fence *fences[2];
    UINT64 values[2] = {1, 1};
    D3D12_MESSAGE_ID id;
    const char *text;
    HANDLE event;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    device = create_device();
    info = info_queue(device);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    event = event_create();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        fences[0] = create_fence(device, 0);
        fences[1] = rows[i].foreign ? (ID3D12Fence *)queue : create_fence(device, 0);
        ID3D12InfoQueue_ClearStoredMessages(info);
        hr = ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, rows[i].fences ? fences : NULL,
                rows[i].values ? values : NULL, rows[i].count, rows[i].flags, event);
        if (hr != E_INVALIDARG)
            row_fail(&failures, i, rows[i].name, "hr %#x", (unsigned)hr);
        if (ID3D12InfoQueue_GetNumStoredMessages(info) != 1)
            row_fail(&failures, i, rows[i].name, "%llu messages", (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        else if (strcmp(text = message_text(info, 0, &id), rows[i].message)
                || id != D3D12_MESSAGE_ID_SETEVENTONMULTIPLEFENCECOMPLETION_INVALIDFLAGS)
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        /* Nothing registered: signalling sets nothing. */
        ID3D12Fence_Signal(fences[0], 1);
        if (!rows[i].foreign)
            ID3D12Fence_Signal(fences[1], 1);
        if (event_wait(event, 0) != WAIT_TIMEOUT)
            row_fail(&failures, i, rows[i].name, "event set");
        ID3D12Fence_Release(fences[0]);
        if (!rows[i].foreign)
            ID3D12Fence_Release(fences[1]);
    }
    rows_done(&failures);
    event_destroy(event);
    ID3D12CommandQueue_Release(queue);
    ID3D12InfoQueue_Release(info);
    ID3D12Device1_Release(device1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* test_fence_wait_multiple's scenario: ALL waits for every fence, ANY for the
 * first; CPU and queue signals; an event set once per call. */
static void test_multiple_fence_completion(void **state)
{
    ID3D12CommandQueue *queue1, *queue2;
    ID3D12Device1 *device1;
    ID3D12Device *device;
    ID3D12Fence *fences[4];
    struct signaller s;
    test_thread thread;
    UINT64 values[4];
    HANDLE event;
    unsigned i;

    (void)state;
    device = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device1, (void **)&device1), S_OK);
    for (i = 0; i < ARRAY_SIZE(fences); ++i)
        fences[i] = create_fence(device, 0);
    queue1 = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    queue2 = create_queue(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
    event = event_create();

    values[0] = 1;
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 1,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, event), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    ID3D12Fence_Signal(fences[0], 1);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);

    /* ALL: set only when the last fence gets there. */
    values[0] = 2; values[1] = 1; values[2] = 53; values[3] = 11;
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 4,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, event), S_OK);
    ID3D12Fence_Signal(fences[1], 4);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12CommandQueue_Signal(queue1, fences[0], 2), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue2, fences[3], 14), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    ID3D12Fence_Signal(fences[2], 53);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    /* All reached: a NULL event returns at once. */
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 4,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, NULL), S_OK);

    /* ANY: set by the first, and only once. */
    values[0] = 100; values[1] = 200; values[2] = 300; values[3] = 400;
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 4,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, event), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12CommandQueue_Signal(queue1, fences[1], 200), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    ID3D12Fence_Signal(fences[2], 300);
    ID3D12Fence_Signal(fences[0], 100);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 4,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, event), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);

    /* NULL event: the caller blocks until another thread gets the last fence there. */
    memset(&s, 0, sizeof(s));
    s.fence = fences[3];
    s.value = 400;
    s.delay_ms = 50;
    atomic_init(&s.signalled, false);
    assert_true(thread_start(&thread, signal_later, &s));
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 4,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ALL, NULL), S_OK);
    assert_true(atomic_load(&s.signalled));
    assert_int_equal(ID3D12Fence_GetCompletedValue(fences[3]), 400);
    thread_join(thread);

    /* ANY with a NULL event and one fence never reached. */
    values[0] = 1000; values[1] = 201;
    memset(&s, 0, sizeof(s));
    s.fence = fences[1];
    s.queue = queue2;
    s.value = 201;
    s.delay_ms = 20;
    atomic_init(&s.signalled, false);
    assert_true(thread_start(&thread, signal_later, &s));
    assert_int_equal(ID3D12Device1_SetEventOnMultipleFenceCompletion(device1, fences, values, 2,
            D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY, NULL), S_OK);
    assert_true(atomic_load(&s.signalled));
    thread_join(thread);

    event_destroy(event);
    for (i = 0; i < ARRAY_SIZE(fences); ++i)
        assert_int_equal(ID3D12Fence_Release(fences[i]), 0);
    assert_int_equal(ID3D12CommandQueue_Release(queue1), 0);
    assert_int_equal(ID3D12CommandQueue_Release(queue2), 0);
    ID3D12Device1_Release(device1);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Queues: the GPU timeline ---- */

enum queue_step_kind { Q_SIGNAL, Q_WAIT, Q_EXECUTE, CPU_SIGNAL };

struct queue_step
{
    const char *name;
    enum queue_step_kind kind;
    unsigned queue;       /* 0 or 1 */
    unsigned fence;       /* 0 (F) or 1 (G) */
    UINT64 value;
    UINT64 expect[2];     /* F and G after the step */
};

/* test_queue_wait's timeline on two queues: work behind an unmet Wait waits,
 * signals included, until the CPU or the other queue gets the fence there. */
static void test_queue_timeline(void **state)
{
    static const struct queue_step steps[] =
    {
        {"q0 waits F 1 (reached)", Q_WAIT, 0, 0, 1, {1, 0}},
        {"q0 signals G 1", Q_SIGNAL, 0, 1, 1, {1, 1}},
        {"q0 waits F 2", Q_WAIT, 0, 0, 2, {1, 1}},
        {"q0 executes nothing", Q_EXECUTE, 0, 0, 0, {1, 1}},
        {"q0 signals G 2 (pending)", Q_SIGNAL, 0, 1, 2, {1, 1}},
        {"q1 is not blocked", Q_SIGNAL, 1, 1, 1, {1, 1}},
        {"CPU signals F 2: q0 runs", CPU_SIGNAL, 0, 0, 2, {2, 2}},
        {"q0 waits F 3", Q_WAIT, 0, 0, 3, {2, 2}},
        {"q0 signals G 3 (pending)", Q_SIGNAL, 0, 1, 3, {2, 2}},
        {"q0 waits F 5", Q_WAIT, 0, 0, 5, {2, 2}},
        {"q0 signals G 5 (pending)", Q_SIGNAL, 0, 1, 5, {2, 2}},
        {"q1 signals F 3: q0 runs to the next Wait", Q_SIGNAL, 1, 0, 3, {3, 3}},
        {"CPU signals F 4: not yet", CPU_SIGNAL, 0, 0, 4, {4, 3}},
        {"CPU signals F 6: past it", CPU_SIGNAL, 0, 0, 6, {6, 5}},
        {"q0 signals F 7 then waits for it", Q_SIGNAL, 0, 0, 7, {7, 5}},
        {"q0 waits F 7 (its own signal)", Q_WAIT, 0, 0, 7, {7, 5}},
        {"q0 signals G 7", Q_SIGNAL, 0, 1, 7, {7, 7}},
        /* Cross-queue: q1 waits for what q0 signals later. */
        {"q1 waits G 8", Q_WAIT, 1, 1, 8, {7, 7}},
        {"q1 signals F 8 (pending)", Q_SIGNAL, 1, 0, 8, {7, 7}},
        {"q0 waits F 8 (q1's pending signal)", Q_WAIT, 0, 0, 8, {7, 7}},
        {"q0 signals G 9 (pending)", Q_SIGNAL, 0, 1, 9, {7, 7}},
        {"CPU signals G 8: q1 runs, then q0", CPU_SIGNAL, 0, 1, 8, {8, 9}},
        /* A lowered value holds a later Wait again. */
        {"CPU signals F 0", CPU_SIGNAL, 0, 0, 0, {0, 9}},
        {"q1 waits F 1", Q_WAIT, 1, 0, 1, {0, 9}},
        {"q1 signals G 10 (pending)", Q_SIGNAL, 1, 1, 10, {0, 9}},
        {"CPU signals F 1", CPU_SIGNAL, 0, 0, 1, {1, 10}},
    };
    struct row_failures failures = {0};
    ID3D12CommandQueue *queues[2];
    ID3D12Fence *fences[2];
    ID3D12Device *device;
    HANDLE event;
    unsigned i, f;
    HRESULT hr;

    (void)state;
    device = create_device();
    queues[0] = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    queues[1] = create_queue(device, D3D12_COMMAND_LIST_TYPE_COPY);
    fences[0] = create_fence(device, 1);
    fences[1] = create_fence(device, 0);
    event = event_create();
    for (i = 0; i < ARRAY_SIZE(steps); ++i)
    {
        const struct queue_step *s = &steps[i];

        hr = S_OK;
        switch (s->kind)
        {
            case Q_SIGNAL: hr = ID3D12CommandQueue_Signal(queues[s->queue], fences[s->fence], s->value); break;
            case Q_WAIT: hr = ID3D12CommandQueue_Wait(queues[s->queue], fences[s->fence], s->value); break;
            case Q_EXECUTE: ID3D12CommandQueue_ExecuteCommandLists(queues[s->queue], 0, NULL); break;
            case CPU_SIGNAL: hr = ID3D12Fence_Signal(fences[s->fence], s->value); break;
        }
        if (hr != S_OK)
            row_fail(&failures, i, s->name, "hr %#x", (unsigned)hr);
        for (f = 0; f < 2; ++f)
        {
            if (ID3D12Fence_GetCompletedValue(fences[f]) != s->expect[f])
                row_fail(&failures, i, s->name, "%s is %llu, expected %llu", f ? "G" : "F",
                        (unsigned long long)ID3D12Fence_GetCompletedValue(fences[f]),
                        (unsigned long long)s->expect[f]);
        }
    }
    rows_done(&failures);

    /* An event for a queue's pending signal is set when the queue gets there. */
    assert_int_equal(ID3D12CommandQueue_Wait(queues[0], fences[0], 50), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queues[0], fences[1], 50), S_OK);
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fences[1], 50, event), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12CommandQueue_Signal(queues[1], fences[0], 50), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fences[1]), 50);

    event_destroy(event);
    /* Nothing is pending now: every reference goes with its object. */
    for (i = 0; i < 2; ++i)
        assert_int_equal(ID3D12CommandQueue_Release(queues[i]), 0);
    for (i = 0; i < 2; ++i)
        assert_int_equal(ID3D12Fence_Release(fences[i]), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A Wait nothing will satisfy stays pending (Windows would hang); releasing
 * the queue drops its operations, and the debug layer says so. */
static void test_wait_never_satisfied(void **state)
{
    ID3D12CommandQueue *queue;
    ID3D12Fence *fence, *other;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    D3D12_MESSAGE_ID id;
    char expected[512];
    const char *text;

    (void)state;
    enable_debug_layer();
    device = create_device();
    info = info_queue(device);
    queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = create_fence(device, 2);
    other = create_fence(device, 0);
    assert_int_equal(ID3D12CommandQueue_Wait(queue, fence, 10), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, other, 1), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, other, 2), S_OK);
    /* The pending operations hold their fences. */
    assert_int_equal(get_refcount(fence), 2);
    assert_int_equal(get_refcount(other), 3);
    assert_int_equal(ID3D12Fence_GetCompletedValue(other), 0);

    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 1);
    text = message_text(info, 0, &id);
    snprintf(expected, sizeof(expected), "ID3D12CommandQueue::Release: 3 operation(s) of the queue are still pending "
            "behind ID3D12CommandQueue::Wait(fence 0x%016llX, 10), the fence being at 2; on a GPU the queue would "
            "hang; they are dropped.", (unsigned long long)(uintptr_t)fence);
    assert_int_equal(id, D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE);
    assert_string_equal(text, expected);
    /* Dropped: they never run, and their references are gone. */
    assert_int_equal(get_refcount(fence), 1);
    assert_int_equal(get_refcount(other), 1);
    ID3D12Fence_Signal(fence, 10);
    assert_int_equal(ID3D12Fence_GetCompletedValue(other), 0);

    /* A queue released with nothing pending says nothing. */
    queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    assert_int_equal(ID3D12CommandQueue_Wait(queue, fence, 10), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12InfoQueue_GetNumStoredMessages(info), 0);

    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Fence_Release(other), 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- The device's other methods ---- */

static void test_timestamps(void **state)
{
    static const struct
    {
        const char *adapter;
        UINT64 frequency;
    }
    rows[] =
    {
        {"nvidia-rtx-4090", 1000000000u},
        {"amd-rx-7900-xtx", 100000000u},
        {"intel-arc-a770", 12000000u},
        {"qualcomm-adreno-x1-85", 10000000u},
        {"warp", 10000000u},
        /* The profile's "timestampFrequency" (Adreno's 19.2 MHz), and a child that inherits it. */
        {"ts-adreno", 19200000u},
        {"ts-adreno-child", 19200000u},
    };
    static const char adreno[] = "{\"id\": \"ts-adreno\", \"inherits\": \"qualcomm-adreno-x1-85\", "
            "\"adapter\": {\"timestampFrequency\": 19200000}}";
    static const char child[] = "{\"id\": \"ts-adreno-child\", \"inherits\": \"ts-adreno\"}";
    struct row_failures failures = {0};
    UINT64 frequency, gpu[2], cpu[2];
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    char error[256], *json;
    unsigned i;

    (void)state;
    assert_int_equal(mockd3d12_register_profile(adreno, error, sizeof(error)), S_OK);
    assert_int_equal(mockd3d12_register_profile(child, error, sizeof(error)), S_OK);
    /* The dump keeps it, so that loading the dump back answers the same. */
    assert_int_equal(mockd3d12_adapter_to_json("ts-adreno-child", &json), S_OK);
    assert_non_null(strstr(json, "\"timestampFrequency\": \"19200000\""));
    mockd3d12_free(json);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        device = create_device_on(rows[i].adapter);
        queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_COPY);
        frequency = 0;
        if (ID3D12CommandQueue_GetTimestampFrequency(queue, &frequency) != S_OK || frequency != rows[i].frequency)
            row_fail(&failures, i, rows[i].adapter, "frequency %llu", (unsigned long long)frequency);
        /* Both clocks move forward together. */
        if (ID3D12CommandQueue_GetClockCalibration(queue, &gpu[0], &cpu[0]) != S_OK)
            row_fail(&failures, i, rows[i].adapter, "GetClockCalibration failed");
        sleep_ms(2);
        if (ID3D12CommandQueue_GetClockCalibration(queue, &gpu[1], &cpu[1]) != S_OK)
            row_fail(&failures, i, rows[i].adapter, "GetClockCalibration failed");
        if (!gpu[0] || !cpu[0] || gpu[1] <= gpu[0] || cpu[1] <= cpu[0])
            row_fail(&failures, i, rows[i].adapter, "gpu %llu -> %llu, cpu %llu -> %llu",
                    (unsigned long long)gpu[0], (unsigned long long)gpu[1], (unsigned long long)cpu[0],
                    (unsigned long long)cpu[1]);
        if (ID3D12CommandQueue_GetClockCalibration(queue, NULL, &cpu[0]) != E_INVALIDARG)
            row_fail(&failures, i, rows[i].adapter, "NULL gpu timestamp accepted");
        ID3D12CommandQueue_Release(queue);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].adapter, "device references left");
    }
    rows_done(&failures);
}

struct device_call_row
{
    const char *name;
    HRESULT (*call)(ID3D12Device *device, ID3D12Fence *fence, HANDLE event);
    HRESULT hr;
    D3D12_MESSAGE_ID id;   /* 0: no message */
    const char *message;
};

static HRESULT call_make_resident(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    ID3D12Pageable *objects[] = {(ID3D12Pageable *)f};

    (void)e;
    return ID3D12Device_MakeResident(d, 1, objects);
}

static HRESULT call_make_resident_null(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)f; (void)e;
    return ID3D12Device_MakeResident(d, 2, NULL);
}

static HRESULT call_make_resident_none(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)f; (void)e;
    return ID3D12Device_MakeResident(d, 0, NULL);
}

static HRESULT call_evict(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    ID3D12Pageable *objects[] = {(ID3D12Pageable *)f};

    (void)e;
    return ID3D12Device_Evict(d, 1, objects);
}

static HRESULT call_evict_null(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)f; (void)e;
    return ID3D12Device_Evict(d, 1, NULL);
}

static HRESULT call_stable_power(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)f; (void)e;
    return ID3D12Device_SetStablePowerState(d, TRUE);
}

static HRESULT call_residency_priority(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    ID3D12Pageable *objects[] = {(ID3D12Pageable *)f, (ID3D12Pageable *)f};
    const D3D12_RESIDENCY_PRIORITY priorities[] = {D3D12_RESIDENCY_PRIORITY_HIGH, (D3D12_RESIDENCY_PRIORITY)0x12345};
    ID3D12Device1 *d1;
    HRESULT hr;

    (void)e;
    ID3D12Device_QueryInterface(d, &IID_ID3D12Device1, (void **)&d1);
    hr = ID3D12Device1_SetResidencyPriority(d1, 2, objects, priorities);
    ID3D12Device1_Release(d1);
    return hr;
}

static HRESULT call_residency_priority_null(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    ID3D12Device1 *d1;
    HRESULT hr;

    (void)f; (void)e;
    ID3D12Device_QueryInterface(d, &IID_ID3D12Device1, (void **)&d1);
    hr = ID3D12Device1_SetResidencyPriority(d1, 4, NULL, NULL);
    ID3D12Device1_Release(d1);
    return hr;
}

static HRESULT enqueue_make_resident(ID3D12Device *d, D3D12_RESIDENCY_FLAGS flags, ID3D12Fence *f, UINT64 value)
{
    ID3D12Pageable *objects[] = {(ID3D12Pageable *)f};
    ID3D12Device3 *d3;
    HRESULT hr;

    ID3D12Device_QueryInterface(d, &IID_ID3D12Device3, (void **)&d3);
    hr = ID3D12Device3_EnqueueMakeResident(d3, flags, 1, objects, f, value);
    ID3D12Device3_Release(d3);
    return hr;
}

static HRESULT call_enqueue(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    HRESULT hr = enqueue_make_resident(d, D3D12_RESIDENCY_FLAG_DENY_OVERBUDGET, f, 42);

    (void)e;
    /* Resident at once: the fence is signalled before the call returns. */
    return hr == S_OK && ID3D12Fence_GetCompletedValue(f) == 42 ? S_OK : E_FAIL;
}

static HRESULT call_enqueue_bad_flags(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)e;
    return enqueue_make_resident(d, (D3D12_RESIDENCY_FLAGS)0x6, f, 43);
}

static HRESULT call_enqueue_no_fence(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)e;
    (void)f;
    return enqueue_make_resident(d, D3D12_RESIDENCY_FLAG_NONE, NULL, 43);
}

static HRESULT background_mode(ID3D12Device *d, D3D12_BACKGROUND_PROCESSING_MODE mode,
        D3D12_MEASUREMENTS_ACTION action, HANDLE e, BOOL *further)
{
    ID3D12Device6 *d6;
    HRESULT hr;

    ID3D12Device_QueryInterface(d, &IID_ID3D12Device6, (void **)&d6);
    hr = ID3D12Device6_SetBackgroundProcessingMode(d6, mode, action, e, further);
    ID3D12Device6_Release(d6);
    return hr;
}

static HRESULT call_background(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    BOOL further = TRUE;
    HRESULT hr;

    (void)f;
    hr = background_mode(d, D3D12_BACKGROUND_PROCESSING_MODE_ALLOW_INTRUSIVE_MEASUREMENTS,
            D3D12_MEASUREMENTS_ACTION_COMMIT_RESULTS, e, &further);
    /* Nothing to measure: the event is set at once, no more measurements wanted. */
    return hr == S_OK && !further && event_wait(e, 0) == WAIT_OBJECT_0 ? S_OK : E_FAIL;
}

static HRESULT call_background_bad_mode(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)f;
    return background_mode(d, (D3D12_BACKGROUND_PROCESSING_MODE)9, D3D12_MEASUREMENTS_ACTION_KEEP_ALL, e, NULL);
}

static HRESULT call_background_bad_action(ID3D12Device *d, ID3D12Fence *f, HANDLE e)
{
    (void)f;
    return background_mode(d, D3D12_BACKGROUND_PROCESSING_MODE_ALLOWED, (D3D12_MEASUREMENTS_ACTION)4, e, NULL);
}

static void test_device_methods(void **state)
{
    static const struct device_call_row rows[] =
    {
        {"MakeResident", call_make_resident, S_OK, 0, NULL},
        {"MakeResident(0, NULL)", call_make_resident_none, S_OK, 0, NULL},
        {"MakeResident(2, NULL)", call_make_resident_null, E_INVALIDARG, D3D12_MESSAGE_ID_MAKERESIDENT_NULLOBJECTARRAY,
                "ID3D12Device::MakeResident: ppObjects is NULL but NumObjects is 2; returning E_INVALIDARG."},
        {"Evict", call_evict, S_OK, 0, NULL},
        {"Evict(1, NULL)", call_evict_null, E_INVALIDARG, D3D12_MESSAGE_ID_EVICT_NULLOBJECTARRAY,
                "ID3D12Device::Evict: ppObjects is NULL but NumObjects is 1; returning E_INVALIDARG."},
        {"SetStablePowerState", call_stable_power, S_OK, 0, NULL},
        {"SetResidencyPriority", call_residency_priority, S_OK, 0, NULL},
        {"SetResidencyPriority(4, NULL)", call_residency_priority_null, E_INVALIDARG,
                D3D12_MESSAGE_ID_SETRESIDENCYPRIORITY_INVALID_PAGEABLE,
                "ID3D12Device1::SetResidencyPriority: ppObjects is NULL (NumObjects 4); returning E_INVALIDARG."},
        {"EnqueueMakeResident", call_enqueue, S_OK, 0, NULL},
        {"EnqueueMakeResident, flags 0x6", call_enqueue_bad_flags, E_INVALIDARG,
                D3D12_MESSAGE_ID_ENQUEUE_MAKE_RESIDENT_INVALID_FLAGS,
                "ID3D12Device3::EnqueueMakeResident: Flags 0x6 has bits that are no D3D12_RESIDENCY_FLAGS; "
                "returning E_INVALIDARG."},
        {"EnqueueMakeResident, no fence", call_enqueue_no_fence, E_INVALIDARG,
                D3D12_MESSAGE_ID_ENQUEUE_MAKE_RESIDENT_INVALID_FLAGS,
                "ID3D12Device3::EnqueueMakeResident: pFenceToSignal is not a fence; returning E_INVALIDARG."},
        {"SetBackgroundProcessingMode", call_background, S_OK, 0, NULL},
        {"SetBackgroundProcessingMode, mode 9", call_background_bad_mode, E_INVALIDARG,
                D3D12_MESSAGE_ID_SET_BACKGROUND_PROCESSING_MODE_INVALID_ARGUMENT,
                "ID3D12Device6::SetBackgroundProcessingMode: Mode 9 is no D3D12_BACKGROUND_PROCESSING_MODE; "
                "returning E_INVALIDARG."},
        {"SetBackgroundProcessingMode, action 4", call_background_bad_action, E_INVALIDARG,
                D3D12_MESSAGE_ID_SET_BACKGROUND_PROCESSING_MODE_INVALID_ARGUMENT,
                "ID3D12Device6::SetBackgroundProcessingMode: MeasurementsAction 4 is no D3D12_MEASUREMENTS_ACTION; "
                "returning E_INVALIDARG."},
    };
    struct row_failures failures = {0};
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence;
    D3D12_MESSAGE_ID id;
    const char *text;
    HANDLE event;
    unsigned i;
    HRESULT hr;

    (void)state;
    enable_debug_layer();
    device = create_device();
    info = info_queue(device);
    fence = create_fence(device, 0);
    event = event_create();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12InfoQueue_ClearStoredMessages(info);
        hr = rows[i].call(device, fence, event);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (ID3D12InfoQueue_GetNumStoredMessages(info) != (rows[i].message ? 1u : 0u))
            row_fail(&failures, i, rows[i].name, "%llu messages", (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(info));
        else if (rows[i].message && (strcmp(text = message_text(info, 0, &id), rows[i].message) || id != rows[i].id))
            row_fail(&failures, i, rows[i].name, "message %d \"%s\"", (int)id, text);
        if (ID3D12Device_GetDeviceRemovedReason(device) != S_OK)
            row_fail(&failures, i, rows[i].name, "the device was removed");
    }
    rows_done(&failures);
    event_destroy(event);
    ID3D12Fence_Release(fence);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ID3D12Device5::RemoveDevice, as documented: every fence is signalled to
 * UINT64_MAX (events set, waiters released), the reason is
 * DXGI_ERROR_DEVICE_REMOVED, and nothing more is created. */
static void test_remove_device(void **state)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12Device *device, *again;
    ID3D12CommandQueue *queue;
    ID3D12Fence *fence, *other;
    ID3D12Device5 *device5;
    void *object;
    HANDLE event;

    (void)state;
    device = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    queue = create_queue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = create_fence(device, 3);
    other = create_fence(device, 0);
    event = event_create();
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fence, UINT64_MAX, event), S_OK);
    assert_int_equal(ID3D12CommandQueue_Wait(queue, fence, 100), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, other, 5), S_OK);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);

    ID3D12Device5_RemoveDevice(device5);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    assert_true(ID3D12Fence_GetCompletedValue(fence) == UINT64_MAX);
    /* The queue ran on; its signal could not lower the removed fence. */
    assert_true(ID3D12Fence_GetCompletedValue(other) == UINT64_MAX);
    assert_int_equal(ID3D12Fence_Signal(fence, 4), DXGI_ERROR_DEVICE_REMOVED);
    assert_true(ID3D12Fence_GetCompletedValue(fence) == UINT64_MAX);
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fence, 12345, NULL), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, fence, 1), DXGI_ERROR_DEVICE_REMOVED);
    object = SENTINEL;
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, &object),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(object);
    object = SENTINEL;
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, &object),
            DXGI_ERROR_DEVICE_REMOVED);
    assert_null(object);
    assert_int_equal(ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, NULL),
            DXGI_ERROR_DEVICE_REMOVED);
    ID3D12Device5_RemoveDevice(device5); /* twice: nothing more happens */

    /* D3D12CreateDevice makes a new device for the adapter. */
    again = create_device();
    assert_ptr_not_equal(again, device);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(again), S_OK);
    assert_int_equal(ID3D12Device_Release(again), 0);

    event_destroy(event);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Fence_Release(other), 0);
    ID3D12Device5_Release(device5);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A thread blocked on a NULL event when the device is removed returns. */
static void blocked_wait(void *arg)
{
    struct signaller *s = arg;

    ID3D12Fence_SetEventOnCompletion(s->fence, s->value, NULL);
    atomic_store(&s->returned, true);
}

static void test_remove_device_releases_waiters(void **state)
{
    ID3D12Device5 *device5;
    ID3D12Device *device;
    struct signaller s;
    test_thread thread;

    (void)state;
    device = create_device();
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    memset(&s, 0, sizeof(s));
    s.fence = create_fence(device, 0);
    s.value = 1000;
    atomic_init(&s.returned, false);
    assert_true(thread_start(&thread, blocked_wait, &s));
    sleep_ms(30);
    assert_false(atomic_load(&s.returned));
    ID3D12Device5_RemoveDevice(device5);
    thread_join(thread);
    assert_true(atomic_load(&s.returned));
    assert_int_equal(ID3D12Fence_Release(s.fence), 0);
    ID3D12Device5_Release(device5);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ReportLiveDeviceObjects lists live fences with their names. */
static void test_live_fences(void **state)
{
    ID3D12DebugDevice *debug_device;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence;
    D3D12_MESSAGE_ID id;
    char expected[256];
    const char *text;
    UINT64 i, count;
    bool found = false;

    (void)state;
    enable_debug_layer();
    device = create_device();
    info = info_queue(device);
    fence = create_fence(device, 0);
    assert_int_equal(ID3D12Fence_SetName(fence, L"frame"), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    snprintf(expected, sizeof(expected), "\tLive ID3D12Fence at 0x%016llX, Name: frame, Refcount: 1, IntRef: 0",
            (unsigned long long)(uintptr_t)fence);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (i = 0; i < count; ++i)
    {
        text = message_text(info, i, &id);
        if (!strcmp(text, expected) && id == D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY)
            found = true;
    }
    assert_true(found);
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

#ifndef _WIN32
/* ---- mk_event_set, the platform layer's eventfd setter (Linux): coverage rows ---- */

/* Descriptors that are no eventfd: a negative one and one past INT32_MAX
 * are refused before any write, a closed one fails the write; an eventfd
 * at its maximum count is already set (EAGAIN counts as success). */
static void test_event_set_descriptors(void **state)
{
    const uint64_t almost_max = UINT64_C(0xfffffffffffffffe);
    int fd, closed;

    (void)state;
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)-1), 0);
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)((intptr_t)INT32_MAX + 1)), 0);
    assert_true((closed = eventfd(0, EFD_CLOEXEC)) >= 0);
    close(closed);
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)closed), 0);

    assert_true((fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) >= 0);
    assert_int_equal(write(fd, &almost_max, sizeof(almost_max)), (ssize_t)sizeof(almost_max));
    assert_int_equal(mk_event_set((HANDLE)(intptr_t)fd), 1);
    close(fd);
}
#endif

/* ---- Coverage rows: fences across adapters, names that are no name, a queue released while it waits ---- */

static const char profile_cross_adapter[] =
        "{\"id\": \"edges-cross-adapter\", \"description\": \"cross-adapter row-major textures\","
        " \"inherits\": \"nvidia-rtx-4090\","
        " \"features\": {\"D3D12_OPTIONS\": {\"CrossAdapterRowMajorTextureSupported\": true}}}";

/* An adapter with CrossAdapterRowMajorTextureSupported takes
 * D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER, as every adapter does (the rows of
 * test_create_fence_flags). */
static void test_cross_adapter_fence(void **state)
{
    ID3D12Device *device;
    ID3D12Fence *fence = NULL;

    (void)state;
    device = create_device_with_profile(profile_cross_adapter, "edges-cross-adapter");
    assert_int_equal(ID3D12Device_CreateFence(device, 5,
            D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER, &IID_ID3D12Fence, (void **)&fence), S_OK);
    assert_non_null(fence);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 5);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* An interface stored under WKPDID_D3DDebugObjectNameW is no name: the
 * live-object report of that fence names nothing. */
static void test_name_that_is_an_interface(void **state)
{
    static const GUID name_w = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
    ID3D12DebugDevice *debug_device;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence, *other;
    char expected[128];
    D3D12_MESSAGE *m;
    UINT64 i, count;
    bool found = false;
    SIZE_T size;

    (void)state;
    enable_debug_layer();
    device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    fence = create_fence(device, 0);
    other = create_fence(device, 0);
    assert_int_equal(ID3D12Fence_SetPrivateDataInterface(fence, &name_w, (IUnknown *)other), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    ID3D12InfoQueue_ClearStoredMessages(info);
    assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
    snprintf(expected, sizeof(expected), "\tLive ID3D12Fence at 0x%016llX, Refcount: 1, IntRef: 0",
            (unsigned long long)(uintptr_t)fence);
    count = ID3D12InfoQueue_GetNumStoredMessages(info);
    for (i = 0; i < count; ++i)
    {
        size = 0;
        assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, NULL, &size), S_OK);
        assert_non_null(m = malloc(size));
        assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, m, &size), S_OK);
        if (!strcmp(m->pDescription, expected))
            found = true;
        free(m);
    }
    assert_true(found);
    ID3D12DebugDevice_Release(debug_device);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Fence_Release(other), 0);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* A queue released while it waits, without the debug layer (nothing to say,
 * the fence's reference dropped); Signal of an object that is no fence;
 * private data with a NULL GUID and of size 0; the live-object report when
 * a queue's name cannot be copied (the line without its name). */
static void test_queue_fence_and_private_data(void **state)
{
    static const GUID guid = {0x8b0e6a5c, 0x1d2f, 0x4a3b, {0x9c, 0x4d, 0x5e, 0x6f, 0x70, 0x81, 0x92, 0xa3}};
    static const WCHAR name[] = {'q', 'q', 0};
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12DebugDevice *debug_device;
    ID3D12CommandQueue *queue;
    ID3D12InfoQueue *info;
    ID3D12Device *device;
    ID3D12Fence *fence;
    bool unnamed = false;
    unsigned char byte = 7;
    HANDLE event;
    UINT size;
    long n;

    (void)state;
    device = create_device_with_profile(NULL, NULL);
    fence = create_fence(device, 0);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, (ID3D12Fence *)queue, 1), E_INVALIDARG);
    assert_int_equal(ID3D12CommandQueue_Wait(queue, fence, 5), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(queue, fence, 6), S_OK);
    /* An event's waiter goes in front of the queue's: the queue's release
     * finds its own behind it, and the event still fires. */
    event = event_create();
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(fence, 7, event), S_OK);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12Fence_GetCompletedValue(fence), 0);
    assert_int_equal(event_wait(event, 0), WAIT_TIMEOUT);
    assert_int_equal(ID3D12Fence_Signal(fence, 7), S_OK);
    assert_int_equal(event_wait(event, 0), WAIT_OBJECT_0);
    event_destroy(event);

    size = 1;
    assert_int_equal(ID3D12Fence_GetPrivateData(fence, NULL, &size, NULL), E_INVALIDARG);
    assert_int_equal(size, 1);
    assert_int_equal(ID3D12Fence_SetPrivateData(fence, &guid, 0, &byte), S_OK);
    size = 99;
    assert_int_equal(ID3D12Fence_GetPrivateData(fence, &guid, &size, NULL), S_OK);
    assert_int_equal(size, 0);
    assert_int_equal(ID3D12Fence_Release(fence), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);

    enable_debug_layer();
    device = create_device_with_profile(NULL, NULL);
    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    assert_int_equal(ID3D12CommandQueue_SetName(queue, name), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&info), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DebugDevice, (void **)&debug_device), S_OK);
    for (n = 0; n < 64; ++n)
    {
        UINT64 i, count;
        bool named = false, listed = false;

        ID3D12InfoQueue_ClearStoredMessages(info);
        mk_alloc_fail_after(n);
        assert_int_equal(ID3D12DebugDevice_ReportLiveDeviceObjects(debug_device, D3D12_RLDO_DETAIL), S_OK);
        mk_alloc_fail_after(-1);
        count = ID3D12InfoQueue_GetNumStoredMessages(info);
        for (i = 0; i < count; ++i)
        {
            SIZE_T length = 0;
            D3D12_MESSAGE *m;

            assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, NULL, &length), S_OK);
            assert_non_null(m = malloc(length));
            assert_int_equal(ID3D12InfoQueue_GetMessage(info, i, m, &length), S_OK);
            if (strstr(m->pDescription, "Live ID3D12CommandQueue at 0x"))
            {
                listed = true;
                named = strstr(m->pDescription, ", Name: qq,") != NULL;
            }
            free(m);
        }
        if (listed && !named)
            unnamed = true;
        if (!mk_alloc_fail_triggered())
        {
            assert_true(listed && named);
            break;
        }
    }
    assert_true(n < 64);
    assert_true(unnamed);
    ID3D12DebugDevice_Release(debug_device);
    ID3D12InfoQueue_Release(info);
    assert_int_equal(ID3D12CommandQueue_Release(queue), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_fence_object, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_fence_private_data, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_create_fence_flags, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_null_output_probes, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_fence_values, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_set_event_on_completion, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_events_across_threads, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_multiple_fence_arguments, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_multiple_fence_completion, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_queue_timeline, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_wait_never_satisfied, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_timestamps, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_device_methods, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_remove_device, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_remove_device_releases_waiters, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_live_fences, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_cross_adapter_fence, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_name_that_is_an_interface, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_queue_fence_and_private_data, quiet_setup, quiet_teardown),
#ifndef _WIN32
        cmocka_unit_test_setup_teardown(test_event_set_descriptors, quiet_setup, quiet_teardown),
#endif
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
